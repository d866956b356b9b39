/*
 * The IR executor's texture operations, each lane handed to the texture unit
 * (agx_texture_* in agx_shader.h): TEX_LOAD, TEX_STORE, TEX_INFO, TEX_SAMPLE_INFO,
 * TEX_SAMPLE_POS, TEX_LOD, TEX_SAMPLE and TEX_GATHER, implicit lods from the
 * differences across each pixel quad, tiled-resource status and lod clamps.
 */
#include <math.h>
#include <string.h>

#include "agx_ir_private.h"
#include "agx_sample.h"

/* Result rows for the wanted components (scratch 0-3) and the status (scratch 4). */
static void agx_ir_result_rows(struct agx_ir_exec *x, const struct agx_ir_instr *ins, uint32_t *out[4],
                               struct agx_ir_feedback *feedback)
{
    uint32_t c;

    for (c = 0; c < 4; ++c)
        out[c] = ins->dst[c] != AGX_IR_NONE ? agx_ir_scratch(x, c) : NULL;
    if (feedback)
        feedback->row = ins->dst[4] != AGX_IR_NONE ? agx_ir_scratch(x, 4) : NULL;
}

static void agx_ir_result_put(struct agx_ir_exec *x, const struct agx_ir_instr *ins, uint32_t *out[4],
                              const struct agx_ir_feedback *feedback)
{
    uint32_t c;

    for (c = 0; c < 4; ++c)
        if (out[c])
            agx_ir_put(x, ins, c, out[c]);
    if (feedback && feedback->row)
        agx_ir_put(x, ins, 4, feedback->row);
}

static void agx_ir_lane_result(uint32_t *out[4], uint32_t lane, const uint32_t value[4])
{
    uint32_t c;

    for (c = 0; c < 4; ++c)
        if (out[c])
            out[c][lane] = value[c];
}

static void agx_ir_tex_load(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    const uint32_t *addr[3] = {agx_ir_src(x, ins, 0), agx_ir_src(x, ins, 1), agx_ir_src(x, ins, 2)};
    const uint32_t *mip = agx_ir_src(x, ins, 3), *sample = agx_ir_src(x, ins, 4);
    struct agx_ir_feedback feedback;
    uint32_t *out[4], value[4], c;

    agx_ir_result_rows(x, ins, out, &feedback);
    AGX_IR_FOR_EACH_LANE(l, &x->run, x->words)
    {
        int32_t coord[3];

        /* Added as unsigned: a coordinate near 2^31 plus an offset wraps (out of bounds,
         * as any coordinate that large) instead of overflowing (issue 19). */
        for (c = 0; c < 3; ++c)
            coord[c] = (int32_t)((addr[c] ? addr[c][l] : 0) + (uint32_t)(c < ins->aux ? ins->offset[c] : 0));
        agx_ir_feedback_begin(&feedback);
        agx_texture_load(x->batch->bindings->backend, agx_ir_view(x, &ins->res, l), coord,
                         mip ? (int32_t)mip[l] : 0, sample ? sample[l] : 0, value);
        agx_ir_feedback_end(&feedback, l);
        agx_ir_lane_result(out, l, value);
    }
    agx_ir_result_put(x, ins, out, &feedback);
}

static void agx_ir_tex_store(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    const uint32_t *s[7];
    uint32_t coord[3], value[4], c;

    for (c = 0; c < 7; ++c)
        s[c] = agx_ir_src(x, ins, c);
    AGX_IR_FOR_EACH_LANE(l, &x->write, x->words)
    {
        for (c = 0; c < 3; ++c)
            coord[c] = s[c] ? s[c][l] : 0;
        for (c = 0; c < 4; ++c)
            value[c] = s[3 + c] ? s[3 + c][l] : 0;
        agx_texture_store(x->batch->bindings->backend, agx_ir_view(x, &ins->res, l), coord, value);
    }
}

static void agx_ir_tex_info(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    const uint32_t *mip = agx_ir_src(x, ins, 0);
    uint32_t *out[4], value[4], c, l;

    agx_ir_result_rows(x, ins, out, NULL);
    for (l = 0; l < x->lane_count; ++l)
    {
        const struct agx_shader_view *view = agx_ir_view(x, &ins->res, l);

        memset(value, 0, sizeof(value));
        if (view->kind == AGX_SHADER_VIEW_TEXTURE)
        {
            agx_texture_info(view, mip[l], value);
            for (c = 0; c < 4 && ins->sub != AGX_IR_RESINFO_UINT; ++c)
            {
                float f = (float)value[c];

                /* Sizes only; a mip beyond the view gives 1 / 0 = INF. */
                if (ins->sub == AGX_IR_RESINFO_RCP_FLOAT && c < ins->aux)
                    f = 1.0f / f;
                value[c] = agx_ir_u(f);
            }
        }
        agx_ir_lane_result(out, l, value);
    }
    agx_ir_result_put(x, ins, out, NULL);
}

static void agx_ir_tex_sample_info(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    uint32_t *out[4], value[4] = {0}, l, count;

    agx_ir_result_rows(x, ins, out, NULL);
    for (l = 0; l < x->lane_count; ++l)
    {
        const struct agx_shader_view *view = agx_ir_view(x, &ins->res, l);

        count = view->kind == AGX_SHADER_VIEW_TEXTURE ? agx_texture_sample_count(view) : 0;
        value[0] = ins->sub ? count : agx_ir_u((float)count);
        agx_ir_lane_result(out, l, value);
    }
    agx_ir_result_put(x, ins, out, NULL);
}

/* The standard position of a sample of the view's count (0 beyond it). */
static void agx_ir_tex_sample_pos(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    const uint32_t *index = agx_ir_src(x, ins, 0);
    uint32_t *out[4], value[4], l, count;

    agx_ir_result_rows(x, ins, out, NULL);
    for (l = 0; l < x->lane_count; ++l)
    {
        const struct agx_shader_view *view = agx_ir_view(x, &ins->res, l);
        int8_t p[2] = {0, 0};

        count = view->kind == AGX_SHADER_VIEW_TEXTURE ? agx_texture_sample_count(view) : 0;
        agx_sample_standard_position(count, index[l], p);
        value[0] = agx_ir_u(p[0] / 16.0f);
        value[1] = agx_ir_u(p[1] / 16.0f);
        value[2] = value[3] = 0;
        agx_ir_lane_result(out, l, value);
    }
    agx_ir_result_put(x, ins, out, NULL);
}

/* The quad's coordinate differences of lane l (coarse: the quad's top-left pixel). */
static void agx_ir_quad_gradients(const struct agx_ir_exec *x, const uint32_t *const coord[4], uint32_t l,
                                  float dx[3], float dy[3])
{
    uint32_t q = l & ~3u, c;

    for (c = 0; c < 3; ++c)
    {
        if (x->p->pixel && q + 3 < x->lane_count && coord[c])
        {
            dx[c] = agx_ir_f(coord[c][q + 1]) - agx_ir_f(coord[c][q]);
            dy[c] = agx_ir_f(coord[c][q + 2]) - agx_ir_f(coord[c][q]);
        }
        else
        {
            dx[c] = dy[c] = 0.0f;
        }
    }
}

/* x: the lod clamped by the view's and the sampler's ranges, y: the raw one. */
static void agx_ir_tex_lod(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    const uint32_t *coord[4] = {agx_ir_src(x, ins, 0), agx_ir_src(x, ins, 1), agx_ir_src(x, ins, 2),
                                agx_ir_src(x, ins, 3)};
    uint32_t *out[4], value[4];

    agx_ir_result_rows(x, ins, out, NULL);
    AGX_IR_FOR_EACH_LANE(l, &x->run, x->words)
    {
        const struct agx_shader_view *view = agx_ir_view(x, &ins->res, l);
        const struct agx_shader_sampler *sampler = agx_ir_sampler(x, &ins->smp, l);
        float dx[3], dy[3], lod, low, high;

        memset(value, 0, sizeof(value));
        if (view->kind == AGX_SHADER_VIEW_TEXTURE && sampler)
        {
            agx_ir_quad_gradients(x, coord, l, dx, dy);
            lod = agx_texture_lod(view, dx, dy);
            low = fmaxf(sampler->desc.MinLOD, view->min_lod);
            high = fminf(sampler->desc.MaxLOD, (float)(view->mip_count ? view->mip_count - 1 : 0));
            value[0] = agx_ir_u(fminf(fmaxf(lod, low), high));
            value[1] = agx_ir_u(lod);
        }
        agx_ir_lane_result(out, l, value);
    }
    agx_ir_result_put(x, ins, out, NULL);
}

static void agx_ir_tex_sample(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    bool gather = ins->op == AGX_IR_OP_TEX_GATHER, compare = gather && ins->aux;
    const uint32_t *s[AGX_IR_MAX_SRC], *const *coord = s, *arg, *clamp;
    bool implicit = !gather && (ins->sub == AGX_IR_SAMPLE_IMPLICIT || ins->sub == AGX_IR_SAMPLE_BIAS
                                || ins->sub == AGX_IR_SAMPLE_COMPARE);
    bool grad = !gather && ins->sub == AGX_IR_SAMPLE_GRAD, po;
    enum agx_sample_op sample_op = AGX_SAMPLE;
    struct agx_sample_request request;
    struct agx_ir_feedback feedback;
    uint32_t *out[4], value[4], c;

    for (c = 0; c < AGX_IR_MAX_SRC; ++c)
        s[c] = agx_ir_src(x, ins, c);
    arg = s[4];
    clamp = s[11];
    po = gather && s[5];
    switch (ins->sub)
    {
        case AGX_IR_SAMPLE_COMPARE: sample_op = AGX_SAMPLE_COMPARE; break;
        case AGX_IR_SAMPLE_COMPARE_LZ: sample_op = AGX_SAMPLE_COMPARE_LEVEL_ZERO; break;
        case AGX_IR_SAMPLE_LEVEL: case AGX_IR_SAMPLE_GRAD: sample_op = AGX_SAMPLE_LEVEL; break;
        default: break;
    }
    agx_ir_result_rows(x, ins, out, &feedback);
    AGX_IR_FOR_EACH_LANE(l, &x->run, x->words)
    {
        const struct agx_shader_view *view = agx_ir_view(x, &ins->res, l);
        const struct agx_shader_sampler *sampler = agx_ir_sampler(x, &ins->smp, l);

        memset(&request, 0, sizeof(request));
        memset(value, 0, sizeof(value));
        for (c = 0; c < 4; ++c)
            request.coord[c] = coord[c] ? agx_ir_f(coord[c][l]) : 0.0f;
        for (c = 0; c < 3; ++c)
            request.offset[c] = po ? (int32_t)(s[5 + c][l] << 26) >> 26 : ins->offset[c];
        if (arg)
        {
            request.reference = agx_ir_f(arg[l]);
            request.lod = !gather && ins->sub == AGX_IR_SAMPLE_LEVEL ? agx_ir_f(arg[l]) : 0.0f;
        }
        if ((implicit || grad) && view->kind == AGX_SHADER_VIEW_TEXTURE)
        {
            float dx[3], dy[3];

            agx_ir_quad_gradients(x, coord, l, dx, dy);
            for (c = 0; c < 3 && grad; ++c)
            {
                dx[c] = s[5 + c] ? agx_ir_f(s[5 + c][l]) : 0.0f;
                dy[c] = s[8 + c] ? agx_ir_f(s[8 + c][l]) : 0.0f;
            }
            request.lod = agx_texture_lod(view, dx, dy);
            if (ins->sub == AGX_IR_SAMPLE_BIAS)
                request.lod += agx_ir_f(arg[l]);
        }
        /* The clamp is a lowest lod (most detailed mip) for this sample, applied after
         * the bias like the view's ResourceMinLODClamp (tiled resources tier 2). */
        if (clamp)
            request.lod = fmaxf(request.lod, agx_ir_f(clamp[l]));
        agx_ir_feedback_begin(&feedback);
        if (sampler && view->kind == AGX_SHADER_VIEW_TEXTURE)
        {
            if (gather)
                agx_texture_gather(x->batch->bindings->backend, view, sampler, ins->aux_comp[0], compare,
                                   &request, value);
            else
                agx_texture_sample(x->batch->bindings->backend, view, sampler, sample_op, &request, value);
        }
        agx_ir_feedback_end(&feedback, l);
        agx_ir_lane_result(out, l, value);
    }
    agx_ir_result_put(x, ins, out, &feedback);
}

bool agx_ir_exec_tex(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    switch (ins->op)
    {
        case AGX_IR_OP_TEX_LOAD: agx_ir_tex_load(x, ins); return true;
        case AGX_IR_OP_TEX_STORE: agx_ir_tex_store(x, ins); return true;
        case AGX_IR_OP_TEX_INFO: agx_ir_tex_info(x, ins); return true;
        case AGX_IR_OP_TEX_SAMPLE_INFO: agx_ir_tex_sample_info(x, ins); return true;
        case AGX_IR_OP_TEX_SAMPLE_POS: agx_ir_tex_sample_pos(x, ins); return true;
        case AGX_IR_OP_TEX_LOD: agx_ir_tex_lod(x, ins); return true;
        case AGX_IR_OP_TEX_SAMPLE:
        case AGX_IR_OP_TEX_GATHER: agx_ir_tex_sample(x, ins); return true;
        default: return false;
    }
}
