/*
 * The DXBC front end's pixel-shader evaluation: eval_sample_index, eval_centroid and
 * eval_snapped (shader model 5) become one IR EVAL per written component, naming the
 * v# register and component the source's swizzle selects; the rasteriser answers
 * (agx_raster_interp.c). The sample index and offsets are copied first, since DXBC
 * reads every source before it writes (`eval_sample_index r0.xy, v1.xyxx, r0.x`).
 */
#include "agx_shader_private.h"

static agx_ir_reg agx_sm_eval_copy(struct agx_sm_lower *L, const struct agx_sm_operand *op, uint32_t c)
{
    agx_ir_reg reg = agx_sm_pool(L);

    agx_ir_build_alu(agx_sm_program(L), AGX_IR_OP_MOV, reg, agx_sm_src(L, op, c, true), AGX_IR_NONE, AGX_IR_NONE,
                     AGX_IR_NONE);
    return reg;
}

static void agx_sm_lower_eval(struct agx_sm_lower *L, const struct agx_sm_instr *ins, enum agx_shader_eval how)
{
    struct agx_ir_program *p = agx_sm_program(L);
    const struct agx_shader *s = agx_sm_lowered_shader(L);
    const struct agx_sm_operand *input = &ins->src[0], *dst = &ins->dst[0];
    agx_ir_reg a = AGX_IR_NONE, b = AGX_IR_NONE, value, out;
    struct agx_ir_instr ir;
    uint32_t c, comp;

    if (how == AGX_SHADER_EVAL_SAMPLE)
        a = agx_sm_eval_copy(L, &ins->src[1], 0);
    else if (how == AGX_SHADER_EVAL_SNAPPED)
    {
        a = agx_sm_eval_copy(L, &ins->src[1], 0);
        b = agx_sm_eval_copy(L, &ins->src[1], 1);
    }
    for (c = 0; c < 4; ++c)
    {
        if (!(dst->mask & (1u << c)))
            continue;
        comp = input->swizzle[c];
        out = agx_sm_result(L, dst, c);
        value = input->modifier ? agx_sm_pool(L) : out;
        agx_ir_instr_init(&ir, AGX_IR_OP_EVAL);
        ir.sub = (uint8_t)how;
        ir.imm = input->index[0].imm;
        ir.aux = comp;
        ir.dst[0] = value;
        ir.src[0] = a;
        ir.src[1] = b;
        ir.src[2] = s->reg_inputs + input->index[0].imm * 4 + comp;
        agx_ir_build_counted(p, &ir, 3);
        if (input->modifier & DDI_SM5_MODIFIER_ABS)
            agx_ir_build_alu(p, AGX_IR_OP_FABS, value, value, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
        if (input->modifier & DDI_SM5_MODIFIER_NEG)
            agx_ir_build_alu(p, AGX_IR_OP_FNEG, value, value, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
        if (value != out)
            agx_ir_build_alu(p, AGX_IR_OP_MOV, out, value, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
    }
}

bool agx_sm_lower_pixel(struct agx_sm_lower *L, const struct agx_sm_instr *ins)
{
    switch (ins->opcode)
    {
        case DDI_SM5_OP_EVAL_SAMPLE_INDEX: agx_sm_lower_eval(L, ins, AGX_SHADER_EVAL_SAMPLE); return true;
        case DDI_SM5_OP_EVAL_CENTROID: agx_sm_lower_eval(L, ins, AGX_SHADER_EVAL_CENTROID); return true;
        case DDI_SM5_OP_EVAL_SNAPPED: agx_sm_lower_eval(L, ins, AGX_SHADER_EVAL_SNAPPED); return true;
        default: return false;
    }
}
