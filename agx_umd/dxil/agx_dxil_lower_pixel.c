/*
 * The DXIL front end's pixel-shader queries and sample operations (agx_dxil_lower.h):
 * sample positions and counts, CalculateLOD, the Eval* operations, and the system
 * values read by call (SampleIndex, Coverage). Argument positions from
 * DirectXShaderCompiler's utils/hct/hctdb.py (argument 0 is the opcode):
 *
 *   Texture2DMSGetSamplePosition(handle, index) -> SamplePos {x, y}
 *   RenderTargetGetSamplePosition(index) -> SamplePos; RenderTargetGetSampleCount() -> i32
 *   CalculateLOD(handle, sampler, coord0, coord1, coord2, i1 clamped) -> f32
 *   EvalSnapped(inputSigId, row, i8 col, offsetX, offsetY), EvalSampleIndex(id, row,
 *   col, sampleIndex), EvalCentroid(id, row, col) -> the input's type
 *   SampleIndex(), Coverage(), InnerCoverage() -> i32
 *
 * InnerCoverage needs conservative rasterization, which the device does not report
 * (tier 0), and PrimitiveID (opcode 108) is a geometry, hull and domain shader
 * operation (hctdb.py's stage list; a pixel shader reads SV_PrimitiveID through
 * loadInput): both stay refused by name.
 */
#include "agx_dxil_lower.h"

enum
{
    OP_TEXTURE2DMS_GET_SAMPLE_POSITION = 75, OP_RENDER_TARGET_GET_SAMPLE_POSITION = 76,
    OP_RENDER_TARGET_GET_SAMPLE_COUNT = 77, OP_CALCULATE_LOD = 81, OP_EVAL_SNAPPED = 87, OP_EVAL_SAMPLE_INDEX = 88,
    OP_EVAL_CENTROID = 89, OP_SAMPLE_INDEX = 90, OP_COVERAGE = 91,
};

static agx_ir_reg agx_dxil_pixel_arg(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t i)
{
    return agx_dxil_operand(L, LLVMGetOperand(call, i));
}

/* The call's value: `count` fresh registers. */
static agx_ir_reg agx_dxil_pixel_result(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t count)
{
    struct agx_dxil_value *v = agx_dxil_define(L, call, count);

    return v ? v->reg : agx_dxil_const(L, 0);
}

/* A system value's register as the call's value (no copy). */
static void agx_dxil_pixel_alias(struct agx_dxil_lower *L, LLVMValueRef call, agx_ir_reg reg)
{
    struct agx_dxil_value *v = agx_dxil_define(L, call, 0);

    if (v)
    {
        v->count = 1;
        v->reg = reg;
    }
}

static bool agx_dxil_pixel_stage(struct agx_dxil_lower *L, const char *name)
{
    if (L->s->info.stage == AGX_SHADER_STAGE_PIXEL)
        return true;
    agx_dxil_lower_fail(L, "%s is a pixel shader operation", name);
    return false;
}

/* Sample positions and counts: the SRV's (Texture2DMS*) or the rasterizer's. */
static void agx_dxil_sample_query(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode)
{
    bool rasterizer = opcode != OP_TEXTURE2DMS_GET_SAMPLE_POSITION;
    bool pos = opcode != OP_RENDER_TARGET_GET_SAMPLE_COUNT;
    const struct agx_dxil_value *h = NULL;
    struct agx_ir_instr ir;
    agx_ir_reg dst;

    if (rasterizer && !agx_dxil_pixel_stage(L, pos ? "RenderTargetGetSamplePosition" : "RenderTargetGetSampleCount"))
        return;
    if (!rasterizer && !(h = agx_dxil_handle_of(L, LLVMGetOperand(call, 1))))
        return;
    agx_ir_instr_init(&ir, rasterizer ? (pos ? AGX_IR_OP_RT_SAMPLE_POS : AGX_IR_OP_RT_SAMPLE_INFO)
                      : AGX_IR_OP_TEX_SAMPLE_POS);
    dst = agx_dxil_pixel_result(L, call, pos ? 2 : 1);
    ir.dst[0] = dst;
    if (pos)
    {
        ir.dst[1] = dst + 1;
        ir.src[0] = agx_dxil_pixel_arg(L, call, rasterizer ? 1 : 2);
    }
    ir.sub = 1;                           /* the count as an integer */
    if (h)
        ir.res = h->res;
    agx_ir_build_counted(L->p, &ir, pos ? 1 : 0);
}

/* CalculateLOD: TEX_LOD's clamped lod (x) or raw one (y). */
static void agx_dxil_calculate_lod(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_value *h, *smp;
    LLVMValueRef clamped = LLVMGetOperand(call, 6);
    struct agx_ir_instr ir;
    agx_ir_reg dst;
    uint32_t c;

    if (!agx_dxil_pixel_stage(L, "CalculateLOD") || !(h = agx_dxil_handle_of(L, LLVMGetOperand(call, 1)))
            || !(smp = agx_dxil_handle_of(L, LLVMGetOperand(call, 2))))
        return;
    dst = agx_dxil_pixel_result(L, call, 1);
    agx_ir_instr_init(&ir, AGX_IR_OP_TEX_LOD);
    for (c = 0; c < 3; ++c)
        ir.src[c] = agx_dxil_pixel_arg(L, call, 3 + c);
    ir.res = h->res;
    ir.smp = smp->res;
    if (LLVMIsAConstantInt(clamped))
    {
        ir.dst[LLVMConstIntGetZExtValue(clamped) ? 0 : 1] = dst;
        agx_ir_build_counted(L->p, &ir, 4);
        return;
    }
    /* A computed flag: both lods, then the one it selects. */
    ir.dst[0] = agx_ir_build_regs(L->p, 2);
    ir.dst[1] = ir.dst[0] + 1;
    agx_ir_build_counted(L->p, &ir, 4);
    agx_ir_build_alu(L->p, AGX_IR_OP_MOVC, dst, agx_dxil_operand(L, clamped), ir.dst[0], ir.dst[1], AGX_IR_NONE);
}

/* Eval*: the input element's register and component, evaluated by the rasteriser. */
static void agx_dxil_eval(struct agx_dxil_lower *L, LLVMValueRef call, enum agx_shader_eval how)
{
    static const char *const names[] = {"EvalSampleIndex", "EvalCentroid", "EvalSnapped"};
    struct agx_ir_instr ir;
    agx_ir_reg reg;

    if (!agx_dxil_pixel_stage(L, names[how])
            || !agx_dxil_element(L, false, call, &reg))
        return;
    agx_ir_instr_init(&ir, AGX_IR_OP_EVAL);
    ir.sub = (uint8_t)how;
    ir.imm = (reg - L->s->reg_inputs) / 4;
    ir.aux = (reg - L->s->reg_inputs) % 4;
    ir.dst[0] = agx_dxil_pixel_result(L, call, 1);
    if (how == AGX_SHADER_EVAL_SAMPLE || how == AGX_SHADER_EVAL_SNAPPED)
        ir.src[0] = agx_dxil_pixel_arg(L, call, 4);
    if (how == AGX_SHADER_EVAL_SNAPPED)
        ir.src[1] = agx_dxil_pixel_arg(L, call, 5);
    ir.src[2] = reg;
    agx_ir_build_counted(L->p, &ir, 3);
    L->s->info.evaluates_inputs = true;
}

bool agx_dxil_lower_pixel(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode)
{
    switch (opcode)
    {
        case OP_TEXTURE2DMS_GET_SAMPLE_POSITION:
        case OP_RENDER_TARGET_GET_SAMPLE_POSITION:
        case OP_RENDER_TARGET_GET_SAMPLE_COUNT:
            agx_dxil_sample_query(L, call, opcode);
            return true;
        case OP_CALCULATE_LOD: agx_dxil_calculate_lod(L, call); return true;
        case OP_EVAL_SNAPPED: agx_dxil_eval(L, call, AGX_SHADER_EVAL_SNAPPED); return true;
        case OP_EVAL_SAMPLE_INDEX: agx_dxil_eval(L, call, AGX_SHADER_EVAL_SAMPLE); return true;
        case OP_EVAL_CENTROID: agx_dxil_eval(L, call, AGX_SHADER_EVAL_CENTROID); return true;
        case OP_SAMPLE_INDEX:
            if (!agx_dxil_pixel_stage(L, "SampleIndex"))
                return true;
            /* Reading the sample index runs the shader once per sample (D3D11.3, "Sample Frequency"). */
            L->s->info.reads_sample_index = L->s->info.sample_frequency = true;
            agx_dxil_pixel_alias(L, call, L->s->reg_sysvals + AGX_SM_SYSVAL_SAMPLE_INDEX);
            return true;
        case OP_COVERAGE:
            if (!agx_dxil_pixel_stage(L, "Coverage"))
                return true;
            L->s->info.reads_coverage = true;
            agx_dxil_pixel_alias(L, call, L->s->reg_coverage_in);
            return true;
        default:
            return false;
    }
}
