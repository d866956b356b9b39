/*
 * The IR executor's pixel-shader queries: the rasterizer's sample count and
 * positions (RT_SAMPLE_INFO, RT_SAMPLE_POS) and inputs evaluated at another point
 * of the pixel (EVAL), answered per lane by the batch's agx_shader_pixel_queries.
 */
#include "agx_ir_private.h"

/* RT_SAMPLE_INFO: x the count (sub 1: uint, else float); RT_SAMPLE_POS: x, y the
 * position of sample src[0]. The other components are 0. */
static void agx_ir_rt_samples(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    const struct agx_shader_pixel_queries *q = x->batch->pixel;
    const uint32_t *index = agx_ir_src(x, ins, 0);
    uint32_t *out[4], c, count = q ? q->sample_count : 1;

    for (c = 0; c < 4; ++c)
        out[c] = agx_ir_out(x, ins, c);
    AGX_IR_FOR_EACH_LANE(l, &x->run, x->words)
    {
        float p[2] = {0.0f, 0.0f};

        if (ins->op == AGX_IR_OP_RT_SAMPLE_INFO)
        {
            out[0][l] = ins->sub ? count : agx_ir_u((float)count);
            out[1][l] = 0;
        }
        else
        {
            if (q)
                q->sample_position(q->context, l, index[l], p);
            out[0][l] = agx_ir_u(p[0]);
            out[1][l] = agx_ir_u(p[1]);
        }
        out[2][l] = out[3][l] = 0;
    }
    for (c = 0; c < 4; ++c)
        agx_ir_put(x, ins, c, out[c]);
}

static void agx_ir_eval(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    const struct agx_shader_pixel_queries *q = x->batch->pixel;
    const uint32_t *a = agx_ir_src(x, ins, 0), *b = agx_ir_src(x, ins, 1), *input = agx_ir_src(x, ins, 2);
    uint32_t *out = agx_ir_out(x, ins, 0);

    AGX_IR_FOR_EACH_LANE(l, &x->run, x->words)
    {
        if (!q)
            out[l] = input[l];
        else
            out[l] = q->evaluate(q->context, l, ins->imm, ins->aux, (enum agx_shader_eval)ins->sub,
                                 a ? (int32_t)a[l] : 0, b ? (int32_t)b[l] : 0);
    }
    agx_ir_put(x, ins, 0, out);
}

bool agx_ir_exec_pixel(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    switch (ins->op)
    {
        case AGX_IR_OP_RT_SAMPLE_INFO:
        case AGX_IR_OP_RT_SAMPLE_POS: agx_ir_rt_samples(x, ins); return true;
        case AGX_IR_OP_EVAL: agx_ir_eval(x, ins); return true;
        default: return false;
    }
}
