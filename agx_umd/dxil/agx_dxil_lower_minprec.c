/*
 * The DXIL front end's minimum precision (agx_dxil_lower.h, specs/shaders.md "Minimum
 * precision"): without the module's native 16-bit flag, DXIL's half and i16 are HLSL's
 * min16float, min16int and min16uint, which D3D lets a device compute at any precision
 * of at least 16 bits. The device computes them in 32-bit registers:
 *
 * - half is a float: arithmetic, fpext and fptrunc are the 32-bit ones (fptrunc the
 *   identity, as a device that keeps min16float in 32 bits does);
 * - i16 is a 32-bit register whose low 16 bits are the exact i16 result. Addition,
 *   subtraction, multiplication, shl and the bitwise operations are exact modulo 2^16
 *   whatever the high bits hold; every operation that reads the high bits (division,
 *   remainders, right shifts, comparisons, max/min, extensions, conversions to float,
 *   outputs) first sign- or zero-extends the low 16 bits, as LLVM's signedness of that
 *   operation says. So every i16 result equals a native 16-bit device's.
 *
 * MinPrecXRegLoad/Store (hctdb.py: pointer to an indexable register, index, component)
 * address element 4 * index + component after the pointer into a local array.
 */
#include "agx_dxil_lower.h"

/* Opcodes (hctdb.py's numbering). */
enum
{
    OP_MIN_PREC_X_REG_LOAD = 2, OP_MIN_PREC_X_REG_STORE = 3, OP_BFREV = 30, OP_COUNTBITS = 31,
    OP_FIRSTBIT_LO = 32, OP_FIRSTBIT_HI = 33, OP_FIRSTBIT_SHI = 34, OP_IMAX = 37, OP_IMIN = 38, OP_UMAX = 39,
    OP_UMIN = 40, OP_CBUFFER_LOAD = 58, OP_CBUFFER_LOAD_LEGACY = 59, OP_TEXTURE_STORE = 67, OP_BUFFER_LOAD = 68,
    OP_BUFFER_STORE = 69, OP_RAW_BUFFER_LOAD = 139, OP_RAW_BUFFER_STORE = 140,
};

/* DXIL's shader flags (DirectXShaderCompiler's DxilModule ShaderFlags, bit order):
 * bit 5 LowPrecisionPresent, bit 23 UseNativeLowPrecision. SFI0's NativeLowPrecision
 * feature, which a device without Native16BitShaderOpsSupported refuses, is set when
 * both are (ShaderFlags::GetFeatureInfo). */
#define AGX_DXIL_FLAG_LOW_PRECISION_PRESENT (1ull << 5)
#define AGX_DXIL_FLAG_USE_NATIVE_LOW_PRECISION (1ull << 23)

HRESULT agx_dxil_minprec_check_module(struct agx_dxil_lower *L)
{
    const uint64_t native = AGX_DXIL_FLAG_LOW_PRECISION_PRESENT | AGX_DXIL_FLAG_USE_NATIVE_LOW_PRECISION;

    if ((L->m->flags & native) == native)
        return agx_dxil_lower_fail(L, "the module uses native 16-bit operations (UseNativeLowPrecision), which the "
                                   "device does not report (Native16BitShaderOpsSupported is FALSE)");
    return S_OK;
}

static bool agx_dxil_is_16bit_type(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind && LLVMCountStructElementTypes(t))
        t = LLVMStructGetTypeAtIndex(t, 0);
    return LLVMGetTypeKind(t) == LLVMHalfTypeKind
            || (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 16);
}

bool agx_dxil_is_i16(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);

    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 16;
}

agx_ir_reg agx_dxil_extend16(struct agx_dxil_lower *L, agx_ir_reg value, bool sign)
{
    agx_ir_reg t = agx_ir_build_regs(L->p, 1);

    if (sign)
        agx_dxil_alu(L, AGX_IR_OP_IBFE, t, agx_dxil_const(L, 16), agx_dxil_const(L, 0), value);
    else
        agx_dxil_alu(L, AGX_IR_OP_AND, t, value, agx_dxil_const(L, 0xffffu), AGX_IR_NONE);
    return t;
}

agx_ir_reg agx_dxil_operand_ext(struct agx_dxil_lower *L, LLVMValueRef v, bool sign)
{
    agx_ir_reg reg = agx_dxil_operand(L, v);

    return agx_dxil_is_i16(v) ? agx_dxil_extend16(L, reg, sign) : reg;
}

bool agx_dxil_lower_minprec_cast(struct agx_dxil_lower *L, LLVMValueRef ins, LLVMOpcode opcode,
                                 struct agx_dxil_value *v)
{
    LLVMValueRef from = LLVMGetOperand(ins, 0);
    LLVMTypeKind from_kind = LLVMGetTypeKind(LLVMTypeOf(from)), to_kind = LLVMGetTypeKind(LLVMTypeOf(ins));

    switch (opcode)
    {
        case LLVMFPExt:
        case LLVMFPTrunc:
            /* Only half <-> float: both are 32-bit here. */
            if ((from_kind == LLVMHalfTypeKind && to_kind == LLVMFloatTypeKind)
                    || (from_kind == LLVMFloatTypeKind && to_kind == LLVMHalfTypeKind))
            {
                agx_dxil_alu(L, AGX_IR_OP_MOV, v->reg, agx_dxil_operand(L, from), AGX_IR_NONE, AGX_IR_NONE);
                return true;
            }
            agx_dxil_lower_fail(L, "the LLVM instruction %s is not supported (doubles)",
                                opcode == LLVMFPExt ? "fpext" : "fptrunc");
            return true;
        case LLVMBitCast:
            /* half <-> i16: the value's half bits (rounded to half) or the half the bits are. */
            if (from_kind == LLVMHalfTypeKind && agx_dxil_is_i16(ins))
            {
                agx_dxil_alu(L, AGX_IR_OP_F2F16, v->reg, agx_dxil_operand(L, from), AGX_IR_NONE, AGX_IR_NONE);
                return true;
            }
            if (agx_dxil_is_i16(from) && to_kind == LLVMHalfTypeKind)
            {
                agx_dxil_alu(L, AGX_IR_OP_F16TOF32, v->reg, agx_dxil_operand(L, from), AGX_IR_NONE, AGX_IR_NONE);
                return true;
            }
            return false;
        case LLVMZExt:
        case LLVMSExt:
            if (!agx_dxil_is_i16(from))
                return false;
            agx_dxil_alu(L, AGX_IR_OP_MOV, v->reg, agx_dxil_extend16(L, agx_dxil_operand(L, from), opcode == LLVMSExt),
                         AGX_IR_NONE, AGX_IR_NONE);
            return true;
        case LLVMSIToFP:
        case LLVMUIToFP:
            if (!agx_dxil_is_i16(from))
                return false;
            agx_dxil_alu(L, opcode == LLVMSIToFP ? AGX_IR_OP_I2F : AGX_IR_OP_U2F, v->reg,
                         agx_dxil_extend16(L, agx_dxil_operand(L, from), opcode == LLVMSIToFP), AGX_IR_NONE,
                         AGX_IR_NONE);
            return true;
        default:
            return false;
    }
}

/* MinPrecXRegLoad(regIndex, index, component) / MinPrecXRegStore(..., value). */
static void agx_dxil_min_prec_x_reg(struct agx_dxil_lower *L, LLVMValueRef call, bool store)
{
    struct agx_dxil_value *ptr = agx_dxil_lookup(L, agx_dxil_arg(call, 1));
    struct agx_ir_instr ir;
    agx_ir_reg element;
    uint32_t component;

    if (!ptr || ptr->kind != AGX_DXIL_VALUE_POINTER || !ptr->local_count)
    {
        agx_dxil_lower_fail(L, "MinPrecXReg%s: the register pointer is not into a local array",
                            store ? "Store" : "Load");
        return;
    }
    if (!agx_dxil_const_u32(L, agx_dxil_arg(call, 3), "a MinPrecXRegLoad/MinPrecXRegStore component", &component))
        return;
    if (component > 3)
    {
        agx_dxil_lower_fail(L, "MinPrecXReg%s: the component %u is not 0 to 3", store ? "Store" : "Load", component);
        return;
    }
    /* element = pointer's element + 4 * index + component (beyond the array: LOAD_INDEXED's 0). */
    element = agx_ir_build_regs(L->p, 1);
    agx_dxil_alu(L, AGX_IR_OP_USHR, element, ptr->reg, agx_dxil_const(L, 2), AGX_IR_NONE);
    agx_dxil_alu(L, AGX_IR_OP_IMAD, element, agx_dxil_src(L, call, 2), agx_dxil_const(L, 4), element);
    agx_dxil_alu(L, AGX_IR_OP_IADD, element, element, agx_dxil_const(L, component), AGX_IR_NONE);
    agx_ir_instr_init(&ir, store ? AGX_IR_OP_STORE_INDEXED : AGX_IR_OP_LOAD_INDEXED);
    ir.imm = ptr->local_base;
    ir.aux = ptr->local_count;
    ir.src[0] = element;
    if (store)
        ir.src[1] = agx_dxil_src(L, call, 4);
    else
        ir.dst[0] = agx_dxil_result(L, call, 1);
    ir.src_count = store ? 2 : 1;
    ir.dst_count = store ? 0 : 1;
    agx_ir_build(L->p, &ir);
}

static bool agx_dxil_call_is_16bit(LLVMValueRef call)
{
    uint32_t i, n = LLVMGetNumArgOperands(call);

    if (agx_dxil_is_16bit_type(LLVMTypeOf(call)))
        return true;
    for (i = 1; i < n; ++i)
        if (agx_dxil_is_16bit_type(LLVMTypeOf(agx_dxil_arg(call, i))))
            return true;
    return false;
}

/* Memory the 16-bit overloads would read or write as 16-bit data: constant buffers and
 * raw or structured buffers (min precision keeps 32-bit layouts, so the compiler loads
 * 32 bits and converts), and integer stores to typed resources, whose format conversion
 * needs a signedness the overload does not give. */
static bool agx_dxil_minprec_memory_refused(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode)
{
    const struct agx_dxil_value *h;
    enum agx_shader_dim dim;

    switch (opcode)
    {
        case OP_CBUFFER_LOAD: case OP_CBUFFER_LOAD_LEGACY: case OP_RAW_BUFFER_LOAD: case OP_RAW_BUFFER_STORE:
            return true;
        case OP_BUFFER_LOAD: case OP_BUFFER_STORE:
            if (!(h = agx_dxil_handle_of(L, agx_dxil_arg(call, 1))))
                return false;
            dim = L->s->bindings[h->res.slot].dim;
            if (dim != AGX_SHADER_DIM_BUFFER)
                return true;
            return opcode == OP_BUFFER_STORE && agx_dxil_is_i16(agx_dxil_arg(call, 4));
        case OP_TEXTURE_STORE:
            return agx_dxil_is_i16(agx_dxil_arg(call, 5));
        default:
            return false;
    }
}

bool agx_dxil_lower_minprec_call(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode)
{
    static const uint16_t max_min[] = {AGX_IR_OP_IMAX, AGX_IR_OP_IMIN, AGX_IR_OP_UMAX, AGX_IR_OP_UMIN};
    const struct agx_dxil_op_info *info = agx_dxil_op_info(opcode);
    agx_ir_reg dst;

    if (opcode == OP_MIN_PREC_X_REG_LOAD || opcode == OP_MIN_PREC_X_REG_STORE)
    {
        agx_dxil_min_prec_x_reg(L, call, opcode == OP_MIN_PREC_X_REG_STORE);
        return true;
    }
    if (!agx_dxil_call_is_16bit(call))
        return false;
    switch (opcode)
    {
        case OP_IMAX: case OP_IMIN: case OP_UMAX: case OP_UMIN:
        {
            bool sign = opcode == OP_IMAX || opcode == OP_IMIN;
            agx_ir_reg a = agx_dxil_operand_ext(L, agx_dxil_arg(call, 1), sign);
            agx_ir_reg b = agx_dxil_operand_ext(L, agx_dxil_arg(call, 2), sign);

            agx_dxil_alu(L, max_min[opcode - OP_IMAX], agx_dxil_result(L, call, 1), a, b, AGX_IR_NONE);
            return true;
        }
        case OP_COUNTBITS: case OP_FIRSTBIT_LO:
            /* The 16 bits zero-extended count the same. */
            dst = agx_dxil_result(L, call, 1);
            agx_dxil_alu(L, opcode == OP_COUNTBITS ? AGX_IR_OP_POPCOUNT : AGX_IR_OP_FIRSTBIT_LO, dst,
                         agx_dxil_operand_ext(L, agx_dxil_arg(call, 1), false), AGX_IR_NONE, AGX_IR_NONE);
            return true;
        case OP_BFREV:
            /* The low 16 bits reversed: the 32-bit reversal's high half. */
            dst = agx_dxil_result(L, call, 1);
            agx_dxil_alu(L, AGX_IR_OP_BFREV, dst, agx_dxil_src(L, call, 1), AGX_IR_NONE, AGX_IR_NONE);
            agx_dxil_alu(L, AGX_IR_OP_USHR, dst, dst, agx_dxil_const(L, 16), AGX_IR_NONE);
            return true;
        case OP_FIRSTBIT_HI: case OP_FIRSTBIT_SHI:
            agx_dxil_lower_fail(L, "the 16-bit overload of %s is not supported", info->name);
            return true;
        default:
            break;
    }
    if (agx_dxil_minprec_memory_refused(L, call, opcode))
    {
        agx_dxil_lower_fail(L, "the 16-bit overload of %s is not supported (minimum precision keeps 32-bit data "
                            "in memory)", info->name);
        return true;
    }
    return false;
}
