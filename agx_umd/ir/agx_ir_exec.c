/*
 * The IR executor's core: a batch's registers, masked writes, the binding cache, and
 * control flow. Every lane has a next block (the pending masks); the executor always
 * runs the lowest-numbered block some lane waits for, with every lane waiting for it.
 * With blocks in reverse post order, lanes that split at a branch meet again at the
 * first block both paths reach, loops run until their last lane leaves, and quads stay
 * together wherever flow is uniform.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_ir_private.h"

static inline bool agx_ir_any(const struct agx_ir_exec *x, const struct agx_ir_mask *m)
{
    uint64_t any = 0;
    uint32_t w;

    for (w = 0; w < x->words; ++w)
        any |= m->w[w];
    return any != 0;
}

HRESULT agx_ir_exec_create(const struct agx_ir_program *p, uint32_t max_lanes, struct agx_ir_exec **out)
{
    struct agx_ir_exec *x;
    uint32_t i, l;

    *out = NULL;
    if (!max_lanes || max_lanes > AGX_SHADER_MAX_LANES)
        return E_INVALIDARG;
    if (!(x = calloc(1, sizeof(*x))))
        return E_OUTOFMEMORY;
    x->p = p;
    x->max_lanes = max_lanes;
    x->words = AGX_DIV_ROUND_UP(max_lanes, 64);
    x->regs = calloc(((size_t)p->reg_count + AGX_IR_SCRATCH_ROWS) * max_lanes, sizeof(uint32_t));
    x->pending = calloc(AGX_MAX(p->block_count, 1u), sizeof(*x->pending));
    x->tgsm = calloc(AGX_MAX(p->tgsm_bytes, 4u), 1);
    x->cache = calloc(AGX_MAX(p->binding_count, 1u), sizeof(*x->cache));
    if (!x->regs || !x->pending || !x->tgsm || !x->cache)
    {
        agx_ir_exec_destroy(x);
        return E_OUTOFMEMORY;
    }
    x->scratch = x->regs + (size_t)p->reg_count * max_lanes;
    for (i = 0; i < p->const_count; ++i)
    {
        uint32_t *row = agx_ir_row(x, p->consts[i].reg);

        for (l = 0; l < max_lanes; ++l)
            row[l] = p->consts[i].value;
    }
    *out = x;
    return S_OK;
}

void agx_ir_exec_destroy(struct agx_ir_exec *x)
{
    if (!x)
        return;
    free(x->regs);
    free(x->pending);
    free(x->tgsm);
    free(x->cache);
    free(x);
}

uint32_t *agx_ir_exec_row(struct agx_ir_exec *x, agx_ir_reg reg)
{
    return agx_ir_row(x, reg);
}

const uint32_t *agx_ir_exec_row_const(const struct agx_ir_exec *x, agx_ir_reg reg)
{
    return x->regs + (size_t)reg * x->max_lanes;
}

/* ---- Writes ------------------------------------------------------------------------------ */

void agx_ir_copy_masked(const struct agx_ir_exec *x, const struct agx_ir_mask *mask, uint32_t *dst,
                        const uint32_t *src)
{
    uint32_t w, base;
    uint64_t bits;

    for (w = 0; w < x->words; ++w)
    {
        if (!(bits = mask->w[w]))
            continue;
        base = w * 64;
        if (bits == ~0ull)
        {
            memcpy(dst + base, src + base, 64 * sizeof(*dst));
            continue;
        }
        while (bits)
        {
            uint32_t l = base + __builtin_ctzll(bits);

            dst[l] = src[l];
            bits &= bits - 1;
        }
    }
}

void agx_ir_put(struct agx_ir_exec *x, const struct agx_ir_instr *ins, uint32_t d, const uint32_t *values)
{
    uint32_t *dst, l;

    if (ins->dst[d] == AGX_IR_NONE)
        return;
    dst = agx_ir_row(x, ins->dst[d]);
    if (dst == values)
        return;
    if (ins->flags & AGX_IR_SAT)
    {
        uint32_t *sat = agx_ir_scratch(x, AGX_IR_MAX_DST);

        for (l = 0; l < x->lane_count; ++l)
        {
            float f = agx_ir_f(values[l]);

            /* NaN saturates to 0. */
            sat[l] = agx_ir_u(f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f);
        }
        values = sat;
    }
    agx_ir_copy_masked(x, ins->flags & AGX_IR_WRITERS ? &x->write : &x->run, dst, values);
}

/* ---- Bindings ---------------------------------------------------------------------------- */

const struct agx_ir_cache *agx_ir_cached(struct agx_ir_exec *x, uint32_t slot, uint32_t reg)
{
    const struct agx_shader_bindings *b = x->batch->bindings;
    struct agx_ir_cache *cache = &x->cache[slot];

    if (cache->valid && cache->reg == reg)
        return cache;
    memset(cache, 0, sizeof(*cache));
    cache->valid = true;
    cache->reg = reg;
    switch (x->p->bindings[slot].cls)
    {
        case AGX_SHADER_CLASS_CBV:
            b->cbuffer(b->context, slot, reg, &cache->data, &cache->vec4_count);
            if (!cache->data)
                cache->vec4_count = 0;
            break;
        case AGX_SHADER_CLASS_SRV:
        case AGX_SHADER_CLASS_UAV:
            cache->view = b->view(b->context, slot, reg);
            break;
        case AGX_SHADER_CLASS_SAMPLER:
            cache->sampler = b->sampler(b->context, slot, reg);
            break;
    }
    return cache;
}

const struct agx_shader_view *agx_ir_view(struct agx_ir_exec *x, const struct agx_ir_res *res, uint32_t lane)
{
    static const struct agx_shader_view null_view = {AGX_SHADER_VIEW_NULL};
    const struct agx_shader_view *view = agx_ir_cached(x, res->slot, agx_ir_res_reg(x, res, lane))->view;

    return view ? view : &null_view;
}

const struct agx_shader_sampler *agx_ir_sampler(struct agx_ir_exec *x, const struct agx_ir_res *res, uint32_t lane)
{
    return agx_ir_cached(x, res->slot, agx_ir_res_reg(x, res, lane))->sampler;
}

/* ---- Flow -------------------------------------------------------------------------------- */

/* The lanes of `lanes` whose register is non-zero. */
static void agx_ir_nonzero(const struct agx_ir_exec *x, const uint32_t *cond, const struct agx_ir_mask *lanes,
                           struct agx_ir_mask *out)
{
    uint32_t w;

    for (w = 0; w < x->words; ++w)
    {
        uint64_t bits = lanes->w[w], result = 0;

        while (bits)
        {
            uint32_t b = __builtin_ctzll(bits);

            if (cond[w * 64 + b])
                result |= 1ull << b;
            bits &= bits - 1;
        }
        out->w[w] = result;
    }
}

static void agx_ir_send(struct agx_ir_exec *x, uint32_t block, const struct agx_ir_mask *lanes, uint32_t *lowest)
{
    uint32_t w;
    uint64_t any = 0;

    for (w = 0; w < x->words; ++w)
    {
        x->pending[block].w[w] |= lanes->w[w];
        any |= lanes->w[w];
    }
    if (any && block < *lowest)
        *lowest = block;
}

/* Hands the running lanes to the block's successors. */
static void agx_ir_terminate(struct agx_ir_exec *x, const struct agx_ir_block *blk, uint32_t *lowest)
{
    const struct agx_ir_program *p = x->p;
    struct agx_ir_mask taken, rest;
    uint32_t w, k;

    switch (blk->term)
    {
        case AGX_IR_TERM_JUMP:
            agx_ir_send(x, blk->succ[0], &x->run, lowest);
            break;
        case AGX_IR_TERM_BRANCH:
            agx_ir_nonzero(x, agx_ir_row(x, blk->cond), &x->run, &taken);
            for (w = 0; w < x->words; ++w)
                rest.w[w] = x->run.w[w] & ~taken.w[w];
            agx_ir_send(x, blk->succ[0], &taken, lowest);
            agx_ir_send(x, blk->succ[1], &rest, lowest);
            break;
        case AGX_IR_TERM_SWITCH:
        {
            const uint32_t *sel = agx_ir_row(x, blk->cond);

            rest = x->run;
            for (k = 0; k < blk->case_count; ++k)
            {
                const struct agx_ir_case *c = &p->cases[blk->case_first + k];

                memset(&taken, 0, sizeof(taken));
                AGX_IR_FOR_EACH_LANE(l, &rest, x->words)
                    if (sel[l] == c->value)
                        taken.w[l >> 6] |= 1ull << (l & 63);
                for (w = 0; w < x->words; ++w)
                    rest.w[w] &= ~taken.w[w];
                agx_ir_send(x, c->block, &taken, lowest);
            }
            agx_ir_send(x, blk->succ[0], &rest, lowest);
            break;
        }
        default:
            break;
    }
}

static void agx_ir_discard(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    struct agx_ir_mask lanes;
    uint32_t w;

    /* The pixel becomes a helper: it keeps running so that its quad's derivatives stay
     * right, and writes nothing from here on. */
    agx_ir_nonzero(x, agx_ir_row(x, ins->src[0]), &x->run, &lanes);
    AGX_IR_FOR_EACH_LANE(l, &lanes, x->words)
        if (x->batch->lanes)
            x->batch->lanes[l] |= AGX_LANE_DISCARDED;
    for (w = 0; w < x->words; ++w)
    {
        x->writers.w[w] &= ~lanes.w[w];
        x->write.w[w] = x->run.w[w] & x->writers.w[w];
    }
    /* With no pixel left to write, nothing the batch still does can be seen. */
    x->stopped = !agx_ir_any(x, &x->writers);
}

static void agx_ir_start(struct agx_ir_exec *x, const struct agx_shader_batch *batch)
{
    uint32_t n = batch->lane_count, l;

    x->batch = batch;
    x->lane_count = n;
    x->stopped = false;
    memset(x->pending, 0, AGX_MAX(x->p->block_count, 1u) * sizeof(*x->pending));
    memset(&x->writers, 0, sizeof(x->writers));
    for (l = 0; l < n; ++l)
    {
        uint8_t flags = batch->lanes ? batch->lanes[l] : AGX_LANE_ACTIVE;

        if (flags & (AGX_LANE_ACTIVE | AGX_LANE_HELPER))
            x->pending[0].w[l >> 6] |= 1ull << (l & 63);
        if ((flags & AGX_LANE_ACTIVE) && !(flags & AGX_LANE_HELPER))
            x->writers.w[l >> 6] |= 1ull << (l & 63);
    }
    for (l = 0; l < x->p->binding_count; ++l)
        x->cache[l].valid = false;
    if (x->p->tgsm_bytes)
        memset(x->tgsm, 0, x->p->tgsm_bytes);
}

/* Runs one block's instructions over the running lanes. */
static void agx_ir_run_block(struct agx_ir_exec *x, const struct agx_ir_block *blk)
{
    const struct agx_ir_instr *ins, *end;

    if (!blk->count)
        return;                           /* a program of no instruction has no code array */
    ins = &x->p->code[blk->first];
    end = ins + blk->count;
    for (; ins < end && !x->stopped; ++ins)
    {
        if (ins->op == AGX_IR_OP_DISCARD)
            agx_ir_discard(x, ins);
        else if (ins->op == AGX_IR_OP_BARRIER)
            ;                             /* the group's lanes run this block together */
        else if (!agx_ir_exec_alu(x, ins) && !agx_ir_exec_mem(x, ins) && !agx_ir_exec_tex(x, ins))
            agx_ir_exec_pixel(x, ins);
    }
}

/*
 * The watchdog: a batch runs a block twice only through a back edge (to a block
 * numbered at most the current one), so its credit is spent there, for the
 * instructions from the target to here over every lane: however loops nest, the clock
 * is looked at often enough, and straight-line code costs nothing (decision D021).
 */
bool agx_ir_exec_run(struct agx_ir_exec *x, const struct agx_shader_batch *batch)
{
    const struct agx_ir_program *p = x->p;
    uint32_t b = 0, lowest, w, full_words, tail;

    /* A batch spends a little too: a dispatch of many groups is watched without loops. */
    if (agx_watchdog_spend(batch->watchdog, AGX_MAX(batch->lane_count, 1u)))
        return false;
    agx_ir_start(x, batch);
    full_words = x->lane_count / 64;
    tail = x->lane_count % 64;
    while (b < p->block_count && !x->stopped)
    {
        const struct agx_ir_block *blk = &p->blocks[b];
        bool full = true;

        if (!agx_ir_any(x, &x->pending[b]))
        {
            ++b;
            continue;
        }
        x->run = x->pending[b];
        memset(&x->pending[b], 0, sizeof(x->pending[b]));
        for (w = 0; w < x->words; ++w)
        {
            x->write.w[w] = x->run.w[w] & x->writers.w[w];
            if (w < full_words)
                full &= x->run.w[w] == ~0ull;
            else if (w == full_words && tail)
                full &= x->run.w[w] == (1ull << tail) - 1;
        }
        x->full = full;
        agx_ir_run_block(x, blk);
        lowest = UINT32_MAX;
        agx_ir_terminate(x, blk, &lowest);
        if (lowest <= b)
        {
            const struct agx_ir_block *target = &p->blocks[lowest];
            uint64_t work = (uint64_t)(blk->first + blk->count - target->first + 1) * AGX_MAX(x->lane_count, 1u);

            if (agx_watchdog_spend(batch->watchdog, (uint32_t)AGX_MIN(work, UINT32_MAX)))
                return false;
            b = lowest;
            continue;
        }
        ++b;
    }
    return true;
}
