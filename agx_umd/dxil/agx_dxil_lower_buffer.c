/*
 * The DXIL front end's constant-buffer, UAV-counter and tiled-resource status operations
 * (agx_dxil_lower.h). Argument positions are DirectXShaderCompiler's utils/hct/hctdb.py
 * (checked; specs/shaders.md).
 */
#include "agx_dxil_lower.h"

/* Opcodes (hctdb.py's numbering). */
enum
{
    OP_CBUFFER_LOAD = 58, OP_BUFFER_UPDATE_COUNTER = 70, OP_CHECK_ACCESS_FULLY_MAPPED = 71,
};

void agx_dxil_load_cb(struct agx_dxil_lower *L, const struct agx_ir_res *res, agx_ir_reg dst,
                             uint32_t component, uint32_t vec4, agx_ir_reg rel)
{
    struct agx_ir_instr *ins = agx_ir_build_alu(L->p, AGX_IR_OP_LOAD_CB, dst, rel, AGX_IR_NONE, AGX_IR_NONE,
                                                AGX_IR_NONE);

    if (!ins)
        return;
    ins->res = *res;
    ins->imm = component;
    ins->aux = vec4;
}

/* cbufferLoad(handle, byte offset, alignment): one scalar, the dword at vec4 offset / 16,
 * component (offset / 4) & 3. DXIL.rst: an offset off its alignment reads undefined
 * values, so the bytes below 4 are dropped. A per-lane offset loads the four components
 * of its vec4 and selects one. */
static void agx_dxil_cbuffer_load(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_value *h = agx_dxil_handle_of(L, agx_dxil_arg(call, 1));
    LLVMValueRef offset = agx_dxil_arg(call, 2);
    agx_ir_reg dst, rel, t, c;
    uint32_t bytes, i;

    if (!h || !agx_dxil_type_regs(L, LLVMTypeOf(call)))
        return;
    dst = agx_dxil_result(L, call, 1);
    if (LLVMIsAConstantInt(offset) || LLVMIsUndef(offset))
    {
        agx_dxil_const_u32(L, offset, "cbufferLoad's offset", &bytes);
        agx_dxil_load_cb(L, &h->res, dst, (bytes >> 2) & 3, bytes >> 4, AGX_IR_NONE);
        return;
    }
    rel = agx_ir_build_regs(L->p, 1);
    c = agx_ir_build_regs(L->p, 1);
    t = agx_ir_build_regs(L->p, 5);
    agx_dxil_alu(L, AGX_IR_OP_USHR, rel, agx_dxil_operand(L, offset), agx_dxil_const(L, 4), AGX_IR_NONE);
    agx_dxil_alu(L, AGX_IR_OP_UBFE, c, agx_dxil_const(L, 2), agx_dxil_const(L, 2), agx_dxil_operand(L, offset));
    for (i = 0; i < 4; ++i)
        agx_dxil_load_cb(L, &h->res, t + i, i, 0, rel);
    /* dst = c == 3 ? w : c == 2 ? z : c == 1 ? y : x */
    agx_dxil_alu(L, AGX_IR_OP_MOV, dst, t, AGX_IR_NONE, AGX_IR_NONE);
    for (i = 1; i < 4; ++i)
    {
        agx_dxil_alu(L, AGX_IR_OP_IEQ, t + 4, c, agx_dxil_const(L, i), AGX_IR_NONE);
        agx_dxil_alu(L, AGX_IR_OP_MOVC, dst, t + 4, t + i, dst);
    }
}

/* bufferUpdateCounter(handle, inc): 1 increments and returns the count before (HLSL's
 * IncrementCounter), anything else (dxc writes -1) decrements and returns the count
 * after (DecrementCounter), as DXBC's imm_atomic_alloc and imm_atomic_consume; the
 * validator's rule is the same (inc == 1). */
static void agx_dxil_update_counter(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_value *h = agx_dxil_handle_of(L, agx_dxil_arg(call, 1));
    struct agx_ir_instr ir;
    uint32_t inc;

    if (!h || !agx_dxil_const_u32(L, agx_dxil_arg(call, 2), "bufferUpdateCounter's direction", &inc))
        return;
    if (!L->s->bindings[h->res.slot].has_counter)
    {
        agx_dxil_lower_fail(L, "bufferUpdateCounter on a UAV without a counter (dx.resources)");
        return;
    }
    agx_ir_instr_init(&ir, AGX_IR_OP_COUNTER);
    ir.sub = (inc & 0xff) != 1;
    ir.res = h->res;
    /* dxc declares an i32 result; DXIL.rst's declaration is void. */
    if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind)
        agx_dxil_set_dsts(L, call, &ir, 1);
    agx_ir_build_counted(L->p, &ir, 0);
}

bool agx_dxil_lower_buffer_call(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode)
{
    switch (opcode)
    {
        case OP_CBUFFER_LOAD: agx_dxil_cbuffer_load(L, call); return true;
        case OP_BUFFER_UPDATE_COUNTER: agx_dxil_update_counter(L, call); return true;
        case OP_CHECK_ACCESS_FULLY_MAPPED:
            /* The status a load, sample or gather returned (ResRet's last element). */
            agx_dxil_alu(L, AGX_IR_OP_IS_MAPPED, agx_dxil_result(L, call, 1), agx_dxil_src(L, call, 1), AGX_IR_NONE,
                         AGX_IR_NONE);
            return true;
        default: return false;
    }
}
