/*
 * The SIMD executor's core: a batch's registers (structure of arrays, one row of lanes
 * per register component), operand fetch and store, and flow control with per-lane
 * execution masks. Every instruction runs once for the whole batch; lanes a branch
 * turned off keep their registers.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_shader_private.h"

static inline bool agx_sm_any(const struct agx_shader_exec *exec, const struct agx_sm_mask *m)
{
    uint64_t any = 0;
    uint32_t w;

    for (w = 0; w < exec->words; ++w)
        any |= m->w[w];
    return any != 0;
}

static inline void agx_sm_andnot(const struct agx_shader_exec *exec, struct agx_sm_mask *m, const struct agx_sm_mask *n)
{
    uint32_t w;

    for (w = 0; w < exec->words; ++w)
        m->w[w] &= ~n->w[w];
}

static inline void agx_sm_or(const struct agx_shader_exec *exec, struct agx_sm_mask *m, const struct agx_sm_mask *n)
{
    uint32_t w;

    for (w = 0; w < exec->words; ++w)
        m->w[w] |= n->w[w];
}

HRESULT agx_shader_exec_create(const struct agx_shader *shader, uint32_t max_lanes, struct agx_shader_exec **out)
{
    struct agx_shader_exec *exec;
    size_t rows, lanes;

    *out = NULL;
    if (!max_lanes || max_lanes > AGX_SHADER_MAX_LANES)
        return E_INVALIDARG;
    if (!(exec = calloc(1, sizeof(*exec))))
        return E_OUTOFMEMORY;
    exec->shader = shader;
    exec->max_lanes = lanes = max_lanes;
    exec->words = AGX_DIV_ROUND_UP(exec->max_lanes, 64);
    rows = (size_t)shader->temp_count * 4 + (size_t)shader->indexable_rows * 4
            + 2 * AGX_SHADER_MAX_IO_REGISTERS * 4 + 3 + 16 + AGX_SM_SCRATCH_ROWS + shader->max_depth;
    exec->temps = calloc(rows * lanes, sizeof(uint32_t));
    exec->tgsm = calloc(AGX_MAX(shader->info.tgsm_bytes, 4u), 1);
    exec->stack = calloc(AGX_MAX(shader->max_depth, 1u), sizeof(*exec->stack));
    exec->cache = calloc(AGX_MAX(shader->info.binding_count, 1u), sizeof(*exec->cache));
    if (!exec->temps || !exec->tgsm || !exec->stack || !exec->cache)
    {
        agx_shader_exec_destroy(exec);
        return E_OUTOFMEMORY;
    }
    exec->indexable = exec->temps + (size_t)shader->temp_count * 4 * lanes;
    exec->inputs = exec->indexable + (size_t)shader->indexable_rows * 4 * lanes;
    exec->outputs = exec->inputs + AGX_SHADER_MAX_IO_REGISTERS * 4 * lanes;
    exec->depth = exec->outputs + AGX_SHADER_MAX_IO_REGISTERS * 4 * lanes;
    exec->coverage_out = exec->depth + lanes;
    exec->coverage_in = exec->coverage_out + lanes;
    exec->sysvals = exec->coverage_in + lanes;
    exec->scratch = exec->sysvals + 16 * lanes;
    exec->selectors = exec->scratch + AGX_SM_SCRATCH_ROWS * lanes;
    *out = exec;
    return S_OK;
}

void agx_shader_exec_destroy(struct agx_shader_exec *exec)
{
    if (!exec)
        return;
    free(exec->temps);
    free(exec->tgsm);
    free(exec->stack);
    free(exec->cache);
    free(exec);
}

uint32_t *agx_shader_exec_input(struct agx_shader_exec *exec, uint32_t reg)
{
    return exec->inputs + (size_t)reg * 4 * exec->max_lanes;
}

const uint32_t *agx_shader_exec_output(const struct agx_shader_exec *exec, uint32_t reg)
{
    return exec->outputs + (size_t)reg * 4 * exec->max_lanes;
}

const uint32_t *agx_shader_exec_depth(const struct agx_shader_exec *exec)
{
    return exec->depth;
}

const uint32_t *agx_shader_exec_coverage_out(const struct agx_shader_exec *exec)
{
    return exec->coverage_out;
}

uint32_t *agx_shader_exec_coverage_in(struct agx_shader_exec *exec)
{
    return exec->coverage_in;
}

/* ---- Bindings ---------------------------------------------------------------------------- */

static struct agx_sm_cache *agx_sm_cached(struct agx_shader_exec *exec, uint32_t slot, uint32_t reg)
{
    const struct agx_shader_bindings *b = exec->batch->bindings;
    struct agx_sm_cache *cache = &exec->cache[slot];

    if (cache->valid && cache->reg == reg)
        return cache;
    memset(cache, 0, sizeof(*cache));
    cache->valid = true;
    cache->reg = reg;
    switch (exec->shader->bindings[slot].cls)
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

const struct agx_shader_view *agx_sm_view(struct agx_shader_exec *exec, uint32_t slot, uint32_t reg)
{
    static const struct agx_shader_view null_view = {AGX_SHADER_VIEW_NULL};
    const struct agx_shader_view *view = agx_sm_cached(exec, slot, reg)->view;

    return view ? view : &null_view;
}

const struct agx_shader_sampler *agx_sm_sampler(struct agx_shader_exec *exec, uint32_t slot, uint32_t reg)
{
    return agx_sm_cached(exec, slot, reg)->sampler;
}

static const uint32_t *agx_sm_rel_row(const struct agx_shader_exec *exec, const struct agx_sm_rel *rel)
{
    size_t row = rel->type == DDI_SM5_OPERAND_TEMP ? (size_t)rel->reg * 4 + rel->comp
            : (size_t)(exec->shader->indexables[rel->array].offset + rel->reg) * 4 + rel->comp;

    return (rel->type == DDI_SM5_OPERAND_TEMP ? exec->temps : exec->indexable) + row * exec->max_lanes;
}

uint32_t agx_sm_index_value(const struct agx_shader_exec *exec, const struct agx_sm_index *index, uint32_t lane)
{
    if (!index->relative)
        return index->imm;
    return index->imm + agx_sm_rel_row(exec, &index->rel)[lane];
}

/* ---- Operands ---------------------------------------------------------------------------- */

static void agx_sm_fill(uint32_t *row, uint32_t value, uint32_t n)
{
    uint32_t l;

    for (l = 0; l < n; ++l)
        row[l] = value;
}

/* A file indexed per lane: base + ((first + index) * 4 + comp) rows, index < limit. */
static void agx_sm_gather(const struct agx_shader_exec *exec, const uint32_t *base, const struct agx_sm_index *index,
                          uint32_t limit, uint32_t comp, uint32_t *row)
{
    const uint32_t *rel = agx_sm_rel_row(exec, &index->rel);
    uint32_t l, i, lanes = exec->max_lanes;

    for (l = 0; l < exec->lane_count; ++l)
    {
        i = index->imm + rel[l];
        row[l] = i < limit ? base[((size_t)i * 4 + comp) * lanes + l] : 0;
    }
}

static void agx_sm_fetch_cb(struct agx_shader_exec *exec, const struct agx_sm_operand *op, uint32_t comp, uint32_t *row)
{
    const struct agx_sm_cache *cache;
    uint32_t l, v;

    if (!op->index[0].relative && !op->index[1].relative)
    {
        cache = agx_sm_cached(exec, op->slot, op->index[0].imm);
        v = op->index[1].imm;
        agx_sm_fill(row, v < cache->vec4_count ? cache->data[v * 4 + comp] : 0, exec->lane_count);
        return;
    }
    for (l = 0; l < exec->lane_count; ++l)
    {
        cache = agx_sm_cached(exec, op->slot, agx_sm_index_value(exec, &op->index[0], l));
        v = agx_sm_index_value(exec, &op->index[1], l);
        row[l] = v < cache->vec4_count ? cache->data[(size_t)v * 4 + comp] : 0;
    }
}

const uint32_t *agx_sm_fetch(struct agx_shader_exec *exec, const struct agx_sm_operand *op, uint32_t c, bool integer,
                             uint32_t *row)
{
    const struct agx_shader *shader = exec->shader;
    uint32_t comp = op->swizzle[c], lanes = exec->max_lanes, n = exec->lane_count, l;
    const uint32_t *src = row;

    switch (op->type)
    {
        case DDI_SM5_OPERAND_TEMP:
            src = exec->temps + ((size_t)op->index[0].imm * 4 + comp) * lanes;
            break;
        case DDI_SM5_OPERAND_INPUT:
            if (op->index[0].relative)
                agx_sm_gather(exec, exec->inputs, &op->index[0], AGX_SHADER_MAX_IO_REGISTERS, comp, row);
            else
                src = exec->inputs + ((size_t)op->index[0].imm * 4 + comp) * lanes;
            break;
        case DDI_SM5_OPERAND_INDEXABLE_TEMP:
        {
            const struct agx_sm_indexable *x = &shader->indexables[op->slot];
            const uint32_t *base = exec->indexable + (size_t)x->offset * 4 * lanes;

            if (op->index[0].relative)
                agx_sm_gather(exec, base, &op->index[0], x->count, comp, row);
            else
                src = base + ((size_t)op->index[0].imm * 4 + comp) * lanes;
            break;
        }
        case DDI_SM5_OPERAND_IMMEDIATE32:
            agx_sm_fill(row, op->imm[comp], n);
            break;
        case DDI_SM5_OPERAND_CONSTANT_BUFFER:
            agx_sm_fetch_cb(exec, op, comp, row);
            break;
        case DDI_SM5_OPERAND_IMMEDIATE_CONSTANT_BUFFER:
            for (l = 0; l < n; ++l)
            {
                uint32_t i = agx_sm_index_value(exec, &op->index[0], l);

                row[l] = i < shader->icb_vec4_count ? shader->icb[(size_t)i * 4 + comp] : 0;
            }
            break;
        case DDI_SM5_OPERAND_INPUT_THREAD_ID:
            src = exec->sysvals + (size_t)comp * lanes;
            break;
        case DDI_SM5_OPERAND_INPUT_THREAD_GROUP_ID:
            src = exec->sysvals + (size_t)(4 + comp) * lanes;
            break;
        case DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP:
            src = exec->sysvals + (size_t)(8 + comp) * lanes;
            break;
        case DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP_FLATTENED:
            src = exec->sysvals + (size_t)12 * lanes;
            break;
        case DDI_SM5_OPERAND_INPUT_COVERAGE_MASK:
            src = exec->coverage_in;
            break;
        default:
            agx_sm_fill(row, 0, n);
            break;
    }
    if (!op->modifier)
        return src;
    for (l = 0; l < n; ++l)
    {
        uint32_t v = src[l];

        if (integer)
        {
            if (op->modifier & DDI_SM5_MODIFIER_ABS)
                v = (int32_t)v < 0 ? 0u - v : v;
            if (op->modifier & DDI_SM5_MODIFIER_NEG)
                v = 0u - v;
        }
        else
        {
            if (op->modifier & DDI_SM5_MODIFIER_ABS)
                v &= 0x7fffffffu;
            if (op->modifier & DDI_SM5_MODIFIER_NEG)
                v ^= 0x80000000u;
        }
        row[l] = v;
    }
    return row;
}

void agx_sm_write_mask(const struct agx_shader_exec *exec, struct agx_sm_mask *mask)
{
    uint32_t w;

    for (w = 0; w < exec->words; ++w)
        mask->w[w] = exec->exec.w[w] & exec->writers.w[w];
}

static void agx_sm_copy_masked(const struct agx_shader_exec *exec, const struct agx_sm_mask *mask, uint32_t *dst,
                               const uint32_t *src)
{
    uint32_t w, base;
    uint64_t bits;

    for (w = 0; w < exec->words; ++w)
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

void agx_sm_store(struct agx_shader_exec *exec, const struct agx_sm_instr *ins, uint32_t d, uint32_t *const values[4])
{
    const struct agx_sm_operand *op = &ins->dst[d];
    uint32_t lanes = exec->max_lanes, n = exec->lane_count, c, l;
    const struct agx_sm_mask *mask = &exec->exec;
    struct agx_sm_mask writers;

    if (op->type == DDI_SM5_OPERAND_OUTPUT || op->type == DDI_SM5_OPERAND_OUTPUT_DEPTH
            || op->type == DDI_SM5_OPERAND_OUTPUT_DEPTH_GREATER_EQUAL
            || op->type == DDI_SM5_OPERAND_OUTPUT_DEPTH_LESS_EQUAL
            || op->type == DDI_SM5_OPERAND_OUTPUT_COVERAGE_MASK)
    {
        agx_sm_write_mask(exec, &writers);
        mask = &writers;
    }
    for (c = 0; c < 4; ++c)
    {
        const uint32_t *src = values[c];
        uint32_t *dst = NULL;

        if (!(op->mask & (1u << c)))
            continue;
        if (ins->saturate)
        {
            uint32_t *sat = agx_sm_scratch(exec, AGX_SM_SCRATCH_TMP + c);

            for (l = 0; l < n; ++l)
            {
                float f = agx_sm_f(src[l]);

                /* NaN saturates to 0. */
                sat[l] = agx_sm_u(f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f);
            }
            src = sat;
        }
        switch (op->type)
        {
            case DDI_SM5_OPERAND_TEMP:
                dst = exec->temps + ((size_t)op->index[0].imm * 4 + c) * lanes;
                break;
            case DDI_SM5_OPERAND_OUTPUT:
            case DDI_SM5_OPERAND_INDEXABLE_TEMP:
            {
                uint32_t limit = AGX_SHADER_MAX_IO_REGISTERS;
                uint32_t *base = exec->outputs;

                if (op->type == DDI_SM5_OPERAND_INDEXABLE_TEMP)
                {
                    base = exec->indexable + (size_t)exec->shader->indexables[op->slot].offset * 4 * lanes;
                    limit = exec->shader->indexables[op->slot].count;
                }
                if (!op->index[0].relative)
                {
                    dst = base + ((size_t)op->index[0].imm * 4 + c) * lanes;
                    break;
                }
                /* Per lane; out-of-range writes are dropped. */
                for (l = 0; l < n; ++l)
                {
                    uint32_t i = agx_sm_index_value(exec, &op->index[0], l);

                    if (agx_sm_mask_test(mask, l) && i < limit)
                        base[((size_t)i * 4 + c) * lanes + l] = src[l];
                }
                continue;
            }
            case DDI_SM5_OPERAND_OUTPUT_DEPTH:
            case DDI_SM5_OPERAND_OUTPUT_DEPTH_GREATER_EQUAL:
            case DDI_SM5_OPERAND_OUTPUT_DEPTH_LESS_EQUAL:
                dst = exec->depth;
                break;
            case DDI_SM5_OPERAND_OUTPUT_COVERAGE_MASK:
                dst = exec->coverage_out;
                break;
            default:
                continue;
        }
        agx_sm_copy_masked(exec, mask, dst, src);
    }
}

/* ---- Flow control ------------------------------------------------------------------------ */

/* Lanes leaving for good (break/continue to frame `target`, or ret/discard with target
 * -1) stop being part of every construct above it. */
static void agx_sm_leave(struct agx_shader_exec *exec, int32_t target, const struct agx_sm_mask *lanes)
{
    uint32_t j;

    for (j = (uint32_t)(target + 1); j < exec->depth_level; ++j)
    {
        struct agx_sm_frame *f = &exec->stack[j];

        agx_sm_andnot(exec, &f->saved, lanes);
        agx_sm_andnot(exec, &f->taken, lanes);
        agx_sm_andnot(exec, &f->brk, lanes);
        agx_sm_andnot(exec, &f->cont, lanes);
        agx_sm_andnot(exec, &f->fallback, lanes);
    }
    agx_sm_andnot(exec, &exec->exec, lanes);
}

/* The lanes of exec whose condition (source 0, .x after the swizzle) passes the test. */
static void agx_sm_condition(struct agx_shader_exec *exec, const struct agx_sm_instr *ins, struct agx_sm_mask *out)
{
    const uint32_t *cond = agx_sm_fetch(exec, &ins->src[0], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(0)));
    uint32_t w;

    for (w = 0; w < exec->words; ++w)
    {
        uint64_t bits = exec->exec.w[w], result = 0;

        while (bits)
        {
            uint32_t b = __builtin_ctzll(bits), l = w * 64 + b;

            if ((cond[l] != 0) == ins->test_nonzero)
                result |= 1ull << b;
            bits &= bits - 1;
        }
        out->w[w] = result;
    }
}

static int32_t agx_sm_find_frame(const struct agx_shader_exec *exec, bool loop_only)
{
    int32_t j;

    for (j = (int32_t)exec->depth_level - 1; j >= 0; --j)
        if (exec->stack[j].kind == AGX_SM_FRAME_LOOP || (!loop_only && exec->stack[j].kind == AGX_SM_FRAME_SWITCH))
            return j;
    return -1;
}

static struct agx_sm_frame *agx_sm_push(struct agx_shader_exec *exec, enum agx_sm_frame_kind kind, uint32_t pc)
{
    struct agx_sm_frame *f = &exec->stack[exec->depth_level];

    f->selector = exec->selectors + (size_t)exec->depth_level * exec->max_lanes;
    exec->depth_level++;
    f->kind = kind;
    f->saved = exec->exec;
    memset(&f->taken, 0, sizeof(f->taken));
    memset(&f->brk, 0, sizeof(f->brk));
    memset(&f->cont, 0, sizeof(f->cont));
    memset(&f->matched, 0, sizeof(f->matched));
    memset(&f->fallback, 0, sizeof(f->fallback));
    f->pc = pc;
    return f;
}

/* Runs one flow-control instruction; returns the next pc. */
static uint32_t agx_sm_flow(struct agx_shader_exec *exec, const struct agx_sm_instr *ins, uint32_t pc)
{
    const struct agx_shader *shader = exec->shader;
    struct agx_sm_frame *f = exec->depth_level ? &exec->stack[exec->depth_level - 1] : NULL;
    struct agx_sm_mask lanes;
    uint32_t w, l, i;
    int32_t target;

    switch (ins->opcode)
    {
        case DDI_SM5_OP_IF:
            agx_sm_condition(exec, ins, &lanes);
            f = agx_sm_push(exec, AGX_SM_FRAME_IF, pc);
            f->taken = lanes;
            exec->exec = lanes;
            return agx_sm_any(exec, &lanes) ? pc + 1 : ins->target;
        case DDI_SM5_OP_ELSE:
            exec->exec = f->saved;
            agx_sm_andnot(exec, &exec->exec, &f->taken);
            return agx_sm_any(exec, &exec->exec) ? pc + 1 : ins->target;
        case DDI_SM5_OP_ENDIF:
        case DDI_SM5_OP_ENDSWITCH:
            exec->exec = f->saved;
            exec->depth_level--;
            return pc + 1;
        case DDI_SM5_OP_LOOP:
            agx_sm_push(exec, AGX_SM_FRAME_LOOP, pc);
            return pc + 1;
        case DDI_SM5_OP_ENDLOOP:
            agx_sm_or(exec, &exec->exec, &f->cont);
            memset(&f->cont, 0, sizeof(f->cont));
            /* A loop that never ends is the watchdog's (agx_shader_exec_run). */
            if (agx_sm_any(exec, &exec->exec))
                return f->pc + 1;
            agx_sm_or(exec, &exec->exec, &f->brk);
            exec->depth_level--;
            return pc + 1;
        case DDI_SM5_OP_BREAK:
        case DDI_SM5_OP_BREAKC:
        case DDI_SM5_OP_CONTINUE:
        case DDI_SM5_OP_CONTINUEC:
        {
            bool cont = ins->opcode == DDI_SM5_OP_CONTINUE || ins->opcode == DDI_SM5_OP_CONTINUEC;

            if (ins->opcode == DDI_SM5_OP_BREAKC || ins->opcode == DDI_SM5_OP_CONTINUEC)
                agx_sm_condition(exec, ins, &lanes);
            else
                lanes = exec->exec;
            target = agx_sm_find_frame(exec, cont);
            agx_sm_leave(exec, target, &lanes);
            agx_sm_or(exec, cont ? &exec->stack[target].cont : &exec->stack[target].brk, &lanes);
            return pc + 1;
        }
        case DDI_SM5_OP_RET:
        case DDI_SM5_OP_RETC:
            if (ins->opcode == DDI_SM5_OP_RETC)
                agx_sm_condition(exec, ins, &lanes);
            else
                lanes = exec->exec;
            agx_sm_leave(exec, -1, &lanes);
            return pc + 1;
        case DDI_SM5_OP_SWITCH:
        {
            const uint32_t *sel = agx_sm_fetch(exec, &ins->src[0], 0, true,
                                               agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(0)));

            f = agx_sm_push(exec, AGX_SM_FRAME_SWITCH, pc);
            memcpy(f->selector, sel, exec->lane_count * sizeof(*sel));
            f->fallback = f->saved;
            for (l = 0; l < exec->lane_count; ++l)
            {
                for (i = 0; i < ins->case_count; ++i)
                {
                    if (shader->cases[ins->case_first + i] == sel[l])
                    {
                        f->fallback.w[l >> 6] &= ~(1ull << (l & 63));
                        break;
                    }
                }
            }
            memset(&exec->exec, 0, sizeof(exec->exec));
            return pc + 1;
        }
        case DDI_SM5_OP_CASE:
        case DDI_SM5_OP_DEFAULT:
            if (ins->opcode == DDI_SM5_OP_DEFAULT)
            {
                lanes = f->fallback;
            }
            else
            {
                memset(&lanes, 0, sizeof(lanes));
                for (l = 0; l < exec->lane_count; ++l)
                    if (f->selector[l] == ins->src[0].imm[0])
                        lanes.w[l >> 6] |= 1ull << (l & 63);
            }
            for (w = 0; w < exec->words; ++w)
            {
                lanes.w[w] &= f->saved.w[w] & ~f->matched.w[w];
                f->matched.w[w] |= lanes.w[w];
                exec->exec.w[w] |= lanes.w[w];
            }
            return pc + 1;
        case DDI_SM5_OP_DISCARD:
            /* The pixel becomes a helper: it keeps running so that its quad's derivatives
             * stay right, and writes nothing from here on. */
            agx_sm_condition(exec, ins, &lanes);
            for (l = 0; l < exec->lane_count; ++l)
                if (agx_sm_mask_test(&lanes, l) && exec->batch->lanes)
                    exec->batch->lanes[l] |= AGX_LANE_DISCARDED;
            agx_sm_andnot(exec, &exec->writers, &lanes);
            /* With no pixel left to write, nothing the batch still does can be seen. */
            return agx_sm_any(exec, &exec->writers) ? pc + 1 : shader->code_count;
        default:
            return pc + 1;
    }
}

/* ---- A batch ----------------------------------------------------------------------------- */

static void agx_sm_start(struct agx_shader_exec *exec, const struct agx_shader_batch *batch)
{
    const struct agx_shader *shader = exec->shader;
    uint32_t lanes = exec->max_lanes, n = batch->lane_count, l, c;

    exec->batch = batch;
    exec->lane_count = n;
    exec->depth_level = 0;
    exec->pixel = shader->info.stage == AGX_SHADER_STAGE_PIXEL;
    memset(&exec->exec, 0, sizeof(exec->exec));
    memset(&exec->writers, 0, sizeof(exec->writers));
    for (l = 0; l < n; ++l)
    {
        uint8_t flags = batch->lanes ? batch->lanes[l] : AGX_LANE_ACTIVE;

        if (flags & (AGX_LANE_ACTIVE | AGX_LANE_HELPER))
            exec->exec.w[l >> 6] |= 1ull << (l & 63);
        if ((flags & AGX_LANE_ACTIVE) && !(flags & AGX_LANE_HELPER))
            exec->writers.w[l >> 6] |= 1ull << (l & 63);
    }
    for (c = 0; c < shader->info.binding_count; ++c)
        exec->cache[c].valid = false;

    /* Registers start at zero so that results never depend on an earlier batch. */
    memset(exec->temps, 0, ((size_t)shader->temp_count + shader->indexable_rows) * 4 * lanes * sizeof(uint32_t));
    if (shader->info.stage != AGX_SHADER_STAGE_COMPUTE)
    {
        memset(exec->outputs, 0, AGX_SHADER_MAX_IO_REGISTERS * 4 * lanes * sizeof(uint32_t));
        memset(exec->depth, 0, 2 * lanes * sizeof(uint32_t));
    }
    if (shader->info.tgsm_bytes)
        memset(exec->tgsm, 0, shader->info.tgsm_bytes);

    if (shader->sysvals)
    {
        const uint32_t *size = shader->info.thread_group, *group = batch->group_id;
        uint32_t *s = exec->sysvals, id[3] = {0, 0, 0};

        /* Rows of 4 per value: thread id, group id, id in group, flattened. Lane l is
         * the thread of flattened index l: x fastest, then y, then z. */
        for (l = 0; l < n; ++l)
        {
            for (c = 0; c < 3; ++c)
            {
                s[(size_t)c * lanes + l] = group[c] * size[c] + id[c];
                s[(size_t)(4 + c) * lanes + l] = group[c];
                s[(size_t)(8 + c) * lanes + l] = id[c];
            }
            s[(size_t)12 * lanes + l] = l;
            if (++id[0] == size[0])
            {
                id[0] = 0;
                if (++id[1] == size[1])
                {
                    id[1] = 0;
                    ++id[2];
                }
            }
        }
    }
}

/*
 * A flow-control instruction, and the watchdog. Jumping back (endloop) is the only way
 * a batch runs an instruction twice, so the watchdog's credit is spent there, for the
 * loop's body over every lane: however the program nests its loops, the clock is
 * looked at often enough, and straight-line code costs nothing. Returns false when the
 * watchdog stops the batch.
 */
static bool agx_sm_flow_step(struct agx_shader_exec *exec, const struct agx_sm_instr *ins, uint32_t *pc)
{
    uint32_t next = agx_sm_flow(exec, ins, *pc);
    uint64_t work = (uint64_t)(*pc - next + 1) * AGX_MAX(exec->lane_count, 1u);

    if (next <= *pc && agx_watchdog_spend(exec->batch->watchdog, (uint32_t)AGX_MIN(work, UINT32_MAX)))
        return false;
    *pc = next;
    return true;
}

void agx_shader_exec_run(struct agx_shader_exec *exec, const struct agx_shader_batch *batch)
{
    const struct agx_shader *shader = exec->shader;
    uint32_t pc = 0;

    /* A batch spends a little too: a dispatch of many groups is watched without loops. */
    if (agx_watchdog_spend(batch->watchdog, AGX_MAX(batch->lane_count, 1u)))
        return;
    agx_sm_start(exec, batch);
    while (pc < shader->code_count)
    {
        const struct agx_sm_instr *ins = &shader->code[pc];

        if (!agx_sm_any(exec, &exec->exec))
        {
            /* Nothing runs: skip to where lanes can come back, or stop. */
            switch (ins->opcode)
            {
                case DDI_SM5_OP_IF:
                case DDI_SM5_OP_LOOP:
                case DDI_SM5_OP_SWITCH:
                    pc = ins->end + 1;
                    continue;
                case DDI_SM5_OP_ELSE:
                case DDI_SM5_OP_ENDIF:
                case DDI_SM5_OP_ENDLOOP:
                case DDI_SM5_OP_CASE:
                case DDI_SM5_OP_DEFAULT:
                case DDI_SM5_OP_ENDSWITCH:
                    if (!agx_sm_flow_step(exec, ins, &pc))
                        return;
                    continue;
                default:
                    if (!exec->depth_level)
                        return;
                    pc = ins->next_flow;
                    continue;
            }
        }
        if (agx_sm_opcode_info(ins->opcode)->flags & DDI_SM5_OPF_FLOW || ins->opcode == DDI_SM5_OP_DISCARD)
        {
            if (!agx_sm_flow_step(exec, ins, &pc))
                return;
            continue;
        }
        if (!agx_sm_exec_alu(exec, ins) && !agx_sm_exec_mem(exec, ins))
            agx_sm_exec_texture(exec, ins);
        ++pc;
    }
}
