/*
 * The executor's typed resource instructions, each lane handed to the texture unit
 * (agx_texture_* in agx_shader.h): ld, ld_ms, ld_uav_typed, store_uav_typed, resinfo,
 * sampleinfo, samplepos, lod, and the sample / gather family with implicit lods from
 * the differences across each pixel quad; their *_s feedback forms and the lod clamp
 * of the *_cl_s ones (agx_shader_private.h).
 */
#include <math.h>
#include <string.h>

#include "agx_sample.h"
#include "agx_shader_private.h"

/* Where the mip level sits in an ld address, per declared dimension (-1: none). */
static int32_t agx_sm_ld_mip_component(enum agx_shader_dim dim)
{
    switch (dim)
    {
        case AGX_SHADER_DIM_TEXTURE1D:
            return 1;
        case AGX_SHADER_DIM_TEXTURE1DARRAY:
        case AGX_SHADER_DIM_TEXTURE2D:
            return 2;
        case AGX_SHADER_DIM_TEXTURE2DARRAY:
        case AGX_SHADER_DIM_TEXTURE3D:
            return 3;
        default:
            return -1;
    }
}

/* How many address components are texel coordinates that aoffimmi moves. */
static uint32_t agx_sm_offset_components(enum agx_shader_dim dim)
{
    switch (dim)
    {
        case AGX_SHADER_DIM_TEXTURE1D:
        case AGX_SHADER_DIM_TEXTURE1DARRAY:
            return 1;
        case AGX_SHADER_DIM_TEXTURE3D:
            return 3;
        case AGX_SHADER_DIM_BUFFER:
            return 0;
        default:
            return 2;
    }
}

static const struct agx_shader_view *agx_sm_lane_view(struct agx_shader_exec *exec, const struct agx_sm_operand *res,
                                                      uint32_t lane)
{
    return agx_sm_view(exec, res->slot, agx_sm_index_value(exec, &res->index[0], lane));
}

void agx_sm_feedback_init(struct agx_shader_exec *exec, const struct agx_sm_instr *ins,
                          struct agx_sm_feedback *feedback)
{
    uint32_t c;

    memset(feedback, 0, sizeof(*feedback));
    if (ins->dst_count < 2)
        return;
    for (c = 0; c < 4; ++c)
        if (ins->dst[1].mask & (1u << c))
            feedback->rows[c] = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(1) + c);
}

void agx_sm_feedback_end(struct agx_sm_feedback *feedback, uint32_t lane)
{
    uint32_t status = agx_mem_unmapped_reads() != feedback->before ? AGX_SM_STATUS_UNMAPPED : 0, c;

    for (c = 0; c < 4; ++c)
        if (feedback->rows[c])
            feedback->rows[c][lane] = status;
}

void agx_sm_feedback_store(struct agx_shader_exec *exec, const struct agx_sm_instr *ins,
                           struct agx_sm_feedback *feedback)
{
    if (ins->dst_count >= 2)
        agx_sm_store(exec, ins, 1, feedback->rows);
}

/* Destination rows for the masked components; result[c] after the resource swizzle. */
static void agx_sm_result_rows(struct agx_shader_exec *exec, const struct agx_sm_instr *ins, uint32_t *out[4])
{
    uint32_t c;

    for (c = 0; c < 4; ++c)
        out[c] = (ins->dst[0].mask & (1u << c)) ? agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(0) + c) : NULL;
}

static void agx_sm_put(uint32_t *out[4], const struct agx_sm_operand *res, uint32_t lane, const uint32_t value[4])
{
    uint32_t c;

    for (c = 0; c < 4; ++c)
        if (out[c])
            out[c][lane] = value[res->swizzle[c]];
}

static void agx_sm_fetch4(struct agx_shader_exec *exec, const struct agx_sm_operand *op, uint32_t s, bool integer,
                          const uint32_t *rows[4])
{
    uint32_t c;

    for (c = 0; c < 4; ++c)
        rows[c] = agx_sm_fetch(exec, op, c, integer, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(s) + c));
}

static void agx_sm_ld(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    uint32_t op = agx_sm_feedback_base(ins->opcode);
    bool uav = op == DDI_SM5_OP_LD_UAV_TYPED, ms = op == DDI_SM5_OP_LD_MS;
    const struct agx_sm_operand *res = &ins->src[1];
    enum agx_shader_dim dim = exec->shader->bindings[res->slot].dim;
    int32_t mip_comp = uav || ms ? -1 : agx_sm_ld_mip_component(dim);
    uint32_t offsets = agx_sm_offset_components(dim), *out[4], value[4], c;
    const uint32_t *addr[4], *sample = NULL;
    struct agx_sm_feedback feedback;

    agx_sm_fetch4(exec, &ins->src[0], 0, true, addr);
    if (ms)
        sample = agx_sm_fetch(exec, &ins->src[2], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(2)));
    agx_sm_result_rows(exec, ins, out);
    agx_sm_feedback_init(exec, ins, &feedback);
    AGX_SM_FOR_EACH_LANE(l, &exec->exec, exec->words)
    {
        int32_t coord[3], mip = mip_comp >= 0 ? (int32_t)addr[mip_comp][l] : 0;

        /* Added as unsigned: a coordinate near 2^31 plus an offset wraps (out of bounds,
         * as any coordinate that large) instead of overflowing (issue 19). */
        for (c = 0; c < 3; ++c)
            coord[c] = (int32_t)(addr[c][l] + (uint32_t)(c < offsets ? ins->offset[c] : 0));
        agx_sm_feedback_begin(&feedback);
        agx_texture_load(exec->batch->bindings->backend, agx_sm_lane_view(exec, res, l), coord, mip,
                         sample ? sample[l] : 0, value);
        agx_sm_feedback_end(&feedback, l);
        agx_sm_put(out, res, l, value);
    }
    agx_sm_store(exec, ins, 0, out);
    agx_sm_feedback_store(exec, ins, &feedback);
}

static void agx_sm_store_typed(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    const struct agx_sm_operand *res = &ins->dst[0];
    const uint32_t *addr[4], *v[4];
    struct agx_sm_mask mask;
    uint32_t coord[3], value[4], c;

    agx_sm_fetch4(exec, &ins->src[0], 0, true, addr);
    agx_sm_fetch4(exec, &ins->src[1], 1, true, v);
    agx_sm_write_mask(exec, &mask);
    AGX_SM_FOR_EACH_LANE(l, &mask, exec->words)
    {
        for (c = 0; c < 3; ++c)
            coord[c] = addr[c][l];
        for (c = 0; c < 4; ++c)
            value[c] = v[c][l];
        agx_texture_store(exec->batch->bindings->backend, agx_sm_lane_view(exec, res, l), coord, value);
    }
}

/* Which of resinfo's x, y, z are sizes (the rest: array size, or nothing). */
static uint32_t agx_sm_size_components(enum agx_shader_dim dim)
{
    switch (dim)
    {
        case AGX_SHADER_DIM_TEXTURE1D:
        case AGX_SHADER_DIM_TEXTURE1DARRAY:
            return 1;
        case AGX_SHADER_DIM_TEXTURE3D:
            return 3;
        default:
            return 2;
    }
}

static void agx_sm_resinfo(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    const struct agx_sm_operand *res = &ins->src[1];
    const uint32_t *mip = agx_sm_fetch(exec, &ins->src[0], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(0)));
    uint32_t sizes = agx_sm_size_components(exec->shader->bindings[res->slot].dim), *out[4], value[4], c, l;

    agx_sm_result_rows(exec, ins, out);
    for (l = 0; l < exec->lane_count; ++l)
    {
        const struct agx_shader_view *view = agx_sm_lane_view(exec, res, l);

        memset(value, 0, sizeof(value));
        if (view->kind == AGX_SHADER_VIEW_TEXTURE)
        {
            agx_texture_info(view, mip[l], value);
            for (c = 0; c < 4 && ins->resinfo != DDI_SM5_RESINFO_UINT; ++c)
            {
                float f = (float)value[c];

                /* Sizes only; a mip beyond the view gives 1 / 0 = INF. */
                if (ins->resinfo == DDI_SM5_RESINFO_RCP_FLOAT && c < sizes)
                    f = 1.0f / f;
                value[c] = agx_sm_u(f);
            }
        }
        agx_sm_put(out, res, l, value);
    }
    agx_sm_store(exec, ins, 0, out);
}

static void agx_sm_sampleinfo(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    const struct agx_sm_operand *res = &ins->src[0];
    uint32_t *out[4], value[4] = {0}, l, count;

    agx_sm_result_rows(exec, ins, out);
    for (l = 0; l < exec->lane_count; ++l)
    {
        const struct agx_shader_view *view = agx_sm_lane_view(exec, res, l);

        count = view->kind == AGX_SHADER_VIEW_TEXTURE ? agx_texture_sample_count(view) : 0;
        value[0] = ins->resinfo == DDI_SM5_RESINFO_UINT ? count : agx_sm_u((float)count);
        agx_sm_put(out, res, l, value);
    }
    agx_sm_store(exec, ins, 0, out);
}

/* samplepos: the standard position of a sample of the view's count (0 beyond it). */
static void agx_sm_samplepos(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    const struct agx_sm_operand *res = &ins->src[0];
    const uint32_t *index = agx_sm_fetch(exec, &ins->src[1], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(1)));
    uint32_t *out[4], value[4], l, count;

    agx_sm_result_rows(exec, ins, out);
    for (l = 0; l < exec->lane_count; ++l)
    {
        const struct agx_shader_view *view = agx_sm_lane_view(exec, res, l);
        int8_t p[2] = {0, 0};

        count = view->kind == AGX_SHADER_VIEW_TEXTURE ? agx_texture_sample_count(view) : 0;
        agx_sample_standard_position(count, index[l], p);
        value[0] = agx_sm_u(p[0] / 16.0f);
        value[1] = agx_sm_u(p[1] / 16.0f);
        value[2] = value[3] = 0;
        agx_sm_put(out, res, l, value);
    }
    agx_sm_store(exec, ins, 0, out);
}

/* The quad's coordinate differences of lane l (coarse: the quad's top-left pixel). */
static void agx_sm_quad_gradients(const struct agx_shader_exec *exec, const uint32_t *const coord[4], uint32_t l,
                                  float dx[3], float dy[3])
{
    uint32_t q = l & ~3u, c;

    for (c = 0; c < 3; ++c)
    {
        if (exec->pixel && q + 3 < exec->lane_count)
        {
            dx[c] = agx_sm_f(coord[c][q + 1]) - agx_sm_f(coord[c][q]);
            dy[c] = agx_sm_f(coord[c][q + 2]) - agx_sm_f(coord[c][q]);
        }
        else
        {
            dx[c] = dy[c] = 0.0f;
        }
    }
}

/* lod: x the lod clamped by the view's and the sampler's ranges, y the raw one. */
static void agx_sm_lod(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    const struct agx_sm_operand *res = &ins->src[1], *smp = &ins->src[2];
    uint32_t *out[4], value[4];
    const uint32_t *coord[4];

    agx_sm_fetch4(exec, &ins->src[0], 0, false, coord);
    agx_sm_result_rows(exec, ins, out);
    AGX_SM_FOR_EACH_LANE(l, &exec->exec, exec->words)
    {
        const struct agx_shader_view *view = agx_sm_lane_view(exec, res, l);
        const struct agx_shader_sampler *sampler = agx_sm_sampler(exec, smp->slot,
                                                                  agx_sm_index_value(exec, &smp->index[0], l));
        float dx[3], dy[3], lod, low, high;

        memset(value, 0, sizeof(value));
        if (view->kind == AGX_SHADER_VIEW_TEXTURE && sampler)
        {
            agx_sm_quad_gradients(exec, coord, l, dx, dy);
            lod = agx_texture_lod(view, dx, dy);
            low = fmaxf(sampler->desc.MinLOD, view->min_lod);
            high = fminf(sampler->desc.MaxLOD, (float)(view->mip_count ? view->mip_count - 1 : 0));
            value[0] = agx_sm_u(fminf(fmaxf(lod, low), high));
            value[1] = agx_sm_u(lod);
        }
        agx_sm_put(out, res, l, value);
    }
    agx_sm_store(exec, ins, 0, out);
}

static void agx_sm_sample(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    uint32_t op = agx_sm_feedback_base(ins->opcode);
    int clamp_source = agx_sm_lod_clamp_source(ins->opcode);
    bool gather = op == DDI_SM5_OP_GATHER4 || op == DDI_SM5_OP_GATHER4_C || op == DDI_SM5_OP_GATHER4_PO
            || op == DDI_SM5_OP_GATHER4_PO_C;
    bool po = op == DDI_SM5_OP_GATHER4_PO || op == DDI_SM5_OP_GATHER4_PO_C;
    const struct agx_sm_operand *res = &ins->src[po ? 2 : 1], *smp = &ins->src[po ? 3 : 2];
    uint32_t extra = po ? 4 : 3, *out[4], value[4], c;
    const uint32_t *coord[4], *arg = NULL, *ddx[4] = {NULL}, *ddy[4] = {NULL}, *offset[4] = {NULL};
    const uint32_t *clamp = NULL;
    enum agx_sample_op sample_op = AGX_SAMPLE;
    bool implicit = false, compare = false;
    struct agx_sample_request request;
    struct agx_sm_feedback feedback;

    agx_sm_fetch4(exec, &ins->src[0], 0, false, coord);
    if (po)
        agx_sm_fetch4(exec, &ins->src[1], 1, true, offset);
    switch (op)
    {
        case DDI_SM5_OP_SAMPLE:
            implicit = true;
            break;
        case DDI_SM5_OP_SAMPLE_B:
            implicit = true;
            arg = agx_sm_fetch(exec, &ins->src[extra], 0, false, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(3)));
            break;
        case DDI_SM5_OP_SAMPLE_C:
            implicit = true;
            sample_op = AGX_SAMPLE_COMPARE;
            arg = agx_sm_fetch(exec, &ins->src[extra], 0, false, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(3)));
            break;
        case DDI_SM5_OP_SAMPLE_C_LZ:
            sample_op = AGX_SAMPLE_COMPARE_LEVEL_ZERO;
            arg = agx_sm_fetch(exec, &ins->src[extra], 0, false, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(3)));
            break;
        case DDI_SM5_OP_SAMPLE_L:
            sample_op = AGX_SAMPLE_LEVEL;
            arg = agx_sm_fetch(exec, &ins->src[extra], 0, false, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(3)));
            break;
        case DDI_SM5_OP_SAMPLE_D:
            agx_sm_fetch4(exec, &ins->src[3], 3, false, ddx);
            agx_sm_fetch4(exec, &ins->src[4], 4, false, ddy);
            break;
        case DDI_SM5_OP_GATHER4_C:
        case DDI_SM5_OP_GATHER4_PO_C:
            compare = true;
            arg = agx_sm_fetch(exec, &ins->src[extra], 0, false, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(5)));
            break;
        default:
            break;
    }
    if (clamp_source >= 0)
        clamp = agx_sm_fetch(exec, &ins->src[clamp_source], 0, false,
                             agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(clamp_source)));
    agx_sm_result_rows(exec, ins, out);
    agx_sm_feedback_init(exec, ins, &feedback);
    AGX_SM_FOR_EACH_LANE(l, &exec->exec, exec->words)
    {
        const struct agx_shader_view *view = agx_sm_lane_view(exec, res, l);
        const struct agx_shader_sampler *sampler = agx_sm_sampler(exec, smp->slot,
                                                                  agx_sm_index_value(exec, &smp->index[0], l));

        memset(&request, 0, sizeof(request));
        memset(value, 0, sizeof(value));
        for (c = 0; c < 4; ++c)
            request.coord[c] = agx_sm_f(coord[c][l]);
        for (c = 0; c < 3; ++c)
            request.offset[c] = po ? (int32_t)(offset[c][l] << 26) >> 26 : ins->offset[c];
        if (arg)
        {
            request.reference = agx_sm_f(arg[l]);
            request.lod = op == DDI_SM5_OP_SAMPLE_L ? agx_sm_f(arg[l]) : 0.0f;
        }
        if ((implicit || op == DDI_SM5_OP_SAMPLE_D) && view->kind == AGX_SHADER_VIEW_TEXTURE)
        {
            float dx[3], dy[3];

            agx_sm_quad_gradients(exec, coord, l, dx, dy);
            for (c = 0; c < 3 && op == DDI_SM5_OP_SAMPLE_D; ++c)
            {
                dx[c] = agx_sm_f(ddx[c][l]);
                dy[c] = agx_sm_f(ddy[c][l]);
            }
            request.lod = agx_texture_lod(view, dx, dy);
            if (op == DDI_SM5_OP_SAMPLE_B)
                request.lod += agx_sm_f(arg[l]);
        }
        /* The clamp is a lowest lod (most detailed mip) for this sample, applied after
         * the bias like the view's ResourceMinLODClamp (tiled resources tier 2). */
        if (clamp)
            request.lod = fmaxf(request.lod, agx_sm_f(clamp[l]));
        agx_sm_feedback_begin(&feedback);
        if (sampler && view->kind == AGX_SHADER_VIEW_TEXTURE)
        {
            if (gather)
                agx_texture_gather(exec->batch->bindings->backend, view, sampler, smp->swizzle[0], compare,
                                   &request, value);
            else
                agx_texture_sample(exec->batch->bindings->backend, view, sampler,
                                   op == DDI_SM5_OP_SAMPLE_D ? AGX_SAMPLE_LEVEL : sample_op, &request, value);
        }
        agx_sm_feedback_end(&feedback, l);
        agx_sm_put(out, res, l, value);
    }
    agx_sm_store(exec, ins, 0, out);
    agx_sm_feedback_store(exec, ins, &feedback);
}

bool agx_sm_exec_texture(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    switch (agx_sm_feedback_base(ins->opcode))
    {
        case DDI_SM5_OP_LD:
        case DDI_SM5_OP_LD_MS:
        case DDI_SM5_OP_LD_UAV_TYPED:
            agx_sm_ld(exec, ins);
            return true;
        case DDI_SM5_OP_STORE_UAV_TYPED:
            agx_sm_store_typed(exec, ins);
            return true;
        case DDI_SM5_OP_RESINFO:
            agx_sm_resinfo(exec, ins);
            return true;
        case DDI_SM5_OP_SAMPLE_INFO:
            agx_sm_sampleinfo(exec, ins);
            return true;
        case DDI_SM5_OP_SAMPLE_POS:
            agx_sm_samplepos(exec, ins);
            return true;
        case DDI_SM5_OP_LOD:
            agx_sm_lod(exec, ins);
            return true;
        case DDI_SM5_OP_SAMPLE:
        case DDI_SM5_OP_SAMPLE_B:
        case DDI_SM5_OP_SAMPLE_C:
        case DDI_SM5_OP_SAMPLE_C_LZ:
        case DDI_SM5_OP_SAMPLE_L:
        case DDI_SM5_OP_SAMPLE_D:
        case DDI_SM5_OP_GATHER4:
        case DDI_SM5_OP_GATHER4_C:
        case DDI_SM5_OP_GATHER4_PO:
        case DDI_SM5_OP_GATHER4_PO_C:
            agx_sm_sample(exec, ins);
            return true;
        default:
            return false;
    }
}
