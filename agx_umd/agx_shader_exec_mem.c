/*
 * The executor's raw and structured memory: ld_raw / store_raw / ld_structured /
 * store_structured on SRVs, UAVs and group shared memory, the atomics (typed UAVs
 * through the texture unit), the UAV counter and bufinfo.
 *
 * D3D's rules: out-of-bounds loads read 0 and out-of-bounds stores and atomics do
 * nothing, judged per 32-bit component; a null view behaves as empty. Helper lanes
 * never write. Buffers are reached through windows of their CPU mapping (one page
 * walk per window), through agx_mem where a word is not mapped in one piece.
 */
#include <string.h>

#include "agx_mem.h"
#include "agx_shader_private.h"

/* Bytes of a view reached through one call of va_to_cpu at most (its page walk). */
#define AGX_SM_WINDOW (256u * 1024u)

struct agx_sm_buffer
{
    struct agx_backend *backend;
    uint64_t va, size;
    uint32_t stride;                      /* structured */
    uint32_t reg;
    bool valid;
    /* [start, end) of the view known to be mapped, start at cpu (group shared memory: all of it). */
    uint64_t start, end;
    uint8_t *cpu;
};

static void agx_sm_buffer_view(struct agx_shader_exec *exec, const struct agx_sm_operand *op, uint32_t reg,
                               struct agx_sm_buffer *buf)
{
    const struct agx_shader_binding *binding = &exec->shader->bindings[op->slot];
    const struct agx_shader_view *view;

    memset(buf, 0, sizeof(*buf));
    buf->backend = exec->batch->bindings->backend;
    buf->reg = reg;
    buf->valid = true;
    if (op->type == DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY)
    {
        const struct agx_sm_tgsm *g = &exec->shader->tgsm[op->slot];

        buf->cpu = exec->tgsm + g->offset;
        buf->size = buf->end = g->size;
        buf->stride = g->stride;
        return;
    }
    view = agx_sm_view(exec, op->slot, reg);
    if (view->kind != AGX_SHADER_VIEW_BUFFER)
        return;                           /* size 0: everything out of bounds */
    buf->va = view->va;
    buf->size = view->size;
    buf->stride = view->stride ? view->stride : binding->structure_stride;
}

/* The CPU address of bytes [offset, offset + bytes) of the view, or NULL when they are
 * not mapped in one piece. The caller checked them against the view's size. */
static inline uint8_t *agx_sm_map_span(struct agx_sm_buffer *buf, uint64_t offset, uint32_t bytes)
{
    uint64_t contiguous;
    void *cpu;

    if (offset < buf->start || offset + bytes > buf->end)
    {
        cpu = buf->backend->ops->va_to_cpu(buf->backend, buf->va + offset,
                                           AGX_MIN(buf->size - offset, AGX_MAX(AGX_SM_WINDOW, bytes)), &contiguous);
        if (!cpu || contiguous < bytes)
            return NULL;
        buf->cpu = cpu;
        buf->start = offset;
        buf->end = offset + contiguous;
    }
    return buf->cpu + (offset - buf->start);
}

static inline uint8_t *agx_sm_map(struct agx_sm_buffer *buf, uint64_t offset)
{
    return agx_sm_map_span(buf, offset, 4);
}

/* Whole-element fast path: the CPU address of the first `bytes` bytes a lane addresses
 * when they are all in bounds and mapped in one piece, else NULL. */
static inline uint8_t *agx_sm_element(struct agx_sm_buffer *buf, bool structured, uint32_t a, uint32_t b,
                                      uint32_t bytes)
{
    uint64_t at;

    if (!bytes)
        return NULL;                      /* nothing read (a null destination): no address */
    if (structured)
    {
        if ((uint64_t)b + bytes > buf->stride)
            return NULL;
        at = (uint64_t)a * buf->stride + b;
    }
    else
    {
        at = a & ~3u;
    }
    if (at + bytes > buf->size)
        return NULL;
    return agx_sm_map_span(buf, at, bytes);
}

/* The buffer a lane addresses (views can be indexed per lane in 5.1). */
static inline struct agx_sm_buffer *agx_sm_buffer(struct agx_shader_exec *exec, const struct agx_sm_operand *op,
                                                 uint32_t lane, struct agx_sm_buffer *buf)
{
    uint32_t reg = op->type == DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY ? 0
            : agx_sm_index_value(exec, &op->index[0], lane);

    if (!buf->valid || buf->reg != reg)
        agx_sm_buffer_view(exec, op, reg, buf);
    return buf;
}

/* Byte address of component `comp` or false when it is out of bounds. */
static bool agx_sm_address(const struct agx_sm_buffer *buf, bool structured, uint32_t a, uint32_t b, uint32_t comp,
                           uint64_t *offset)
{
    uint64_t at;

    if (structured)
    {
        if (!buf->stride || (uint64_t)b + 4 * comp + 4 > buf->stride)
            return false;
        at = (uint64_t)a * buf->stride + b + 4 * comp;
    }
    else
    {
        at = (uint64_t)(a & ~3u) + 4 * comp;
    }
    if (at + 4 > buf->size)
        return false;
    *offset = at;
    return true;
}

static uint32_t agx_sm_read32(struct agx_sm_buffer *buf, uint64_t offset)
{
    uint8_t *cpu = agx_sm_map(buf, offset);
    uint32_t v;

    if (cpu)
        memcpy(&v, cpu, sizeof(v));
    else
        agx_mem_read(buf->backend, buf->va + offset, &v, sizeof(v));
    return v;
}

static void agx_sm_write32(struct agx_sm_buffer *buf, uint64_t offset, uint32_t v)
{
    uint8_t *cpu = agx_sm_map(buf, offset);

    if (cpu)
        memcpy(cpu, &v, sizeof(v));
    else
        agx_mem_write(buf->backend, buf->va + offset, &v, sizeof(v));
}

static void agx_sm_load(struct agx_shader_exec *exec, const struct agx_sm_instr *ins, bool structured)
{
    const struct agx_sm_operand *res = &ins->src[structured ? 2 : 1];
    const uint32_t *a = agx_sm_fetch(exec, &ins->src[0], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(0)));
    const uint32_t *b = structured
            ? agx_sm_fetch(exec, &ins->src[1], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(1))) : a;
    uint32_t *out[4] = {NULL}, c, bytes = 0;
    struct agx_sm_feedback feedback;
    struct agx_sm_buffer buf = {0};
    uint64_t offset;
    uint8_t *p;

    for (c = 0; c < 4; ++c)
    {
        if (ins->dst[0].mask & (1u << c))
        {
            out[c] = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(0) + c);
            bytes = AGX_MAX(bytes, 4u * (res->swizzle[c] + 1u));
        }
    }
    agx_sm_feedback_init(exec, ins, &feedback);
    AGX_SM_FOR_EACH_LANE(l, &exec->exec, exec->words)
    {
        agx_sm_buffer(exec, res, l, &buf);
        /* Only what falls back to agx_mem_read can be unmapped (agx_sm_map_span). */
        agx_sm_feedback_begin(&feedback);
        if ((p = agx_sm_element(&buf, structured, a[l], b[l], bytes)))
        {
            for (c = 0; c < 4; ++c)
                if (out[c])
                    memcpy(&out[c][l], p + 4 * res->swizzle[c], 4);
        }
        else
        {
            for (c = 0; c < 4; ++c)
            {
                if (!out[c])
                    continue;
                out[c][l] = agx_sm_address(&buf, structured, a[l], b[l], res->swizzle[c], &offset)
                        ? agx_sm_read32(&buf, offset) : 0;
            }
        }
        agx_sm_feedback_end(&feedback, l);
    }
    agx_sm_store(exec, ins, 0, out);
    agx_sm_feedback_store(exec, ins, &feedback);
}

static void agx_sm_store_buffer(struct agx_shader_exec *exec, const struct agx_sm_instr *ins, bool structured)
{
    const struct agx_sm_operand *dst = &ins->dst[0];
    const uint32_t *a = agx_sm_fetch(exec, &ins->src[0], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(0)));
    const uint32_t *b = structured
            ? agx_sm_fetch(exec, &ins->src[1], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(1))) : a;
    const struct agx_sm_operand *value = &ins->src[structured ? 2 : 1];
    const uint32_t *v[4] = {NULL};
    struct agx_sm_buffer buf = {0};
    struct agx_sm_mask mask;
    uint32_t c, bytes = 0;
    uint64_t offset;
    uint8_t *p;

    for (c = 0; c < 4; ++c)
    {
        if (dst->mask & (1u << c))
        {
            v[c] = agx_sm_fetch(exec, value, c, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(2) + c));
            bytes = 4 * (c + 1);
        }
    }
    /* An empty write mask stores nothing: no address is formed for it (issue 19). */
    if (!bytes)
        return;
    agx_sm_write_mask(exec, &mask);
    AGX_SM_FOR_EACH_LANE(l, &mask, exec->words)
    {
        agx_sm_buffer(exec, dst, l, &buf);
        if ((p = agx_sm_element(&buf, structured, a[l], b[l], bytes)))
        {
            for (c = 0; c < 4; ++c)
                if (v[c])
                    memcpy(p + 4 * c, &v[c][l], 4);
            continue;
        }
        for (c = 0; c < 4; ++c)
            if (v[c] && agx_sm_address(&buf, structured, a[l], b[l], c, &offset))
                agx_sm_write32(&buf, offset, v[c][l]);
    }
}

/* One atomic on a 32-bit word; returns the value before it. */
static uint32_t agx_sm_atomic_op(uint32_t opcode, uint32_t *p, uint32_t value, uint32_t compare)
{
    uint32_t old;

    switch (opcode)
    {
        case DDI_SM5_OP_ATOMIC_AND: case DDI_SM5_OP_IMM_ATOMIC_AND:
            return __atomic_fetch_and(p, value, __ATOMIC_SEQ_CST);
        case DDI_SM5_OP_ATOMIC_OR: case DDI_SM5_OP_IMM_ATOMIC_OR:
            return __atomic_fetch_or(p, value, __ATOMIC_SEQ_CST);
        case DDI_SM5_OP_ATOMIC_XOR: case DDI_SM5_OP_IMM_ATOMIC_XOR:
            return __atomic_fetch_xor(p, value, __ATOMIC_SEQ_CST);
        case DDI_SM5_OP_ATOMIC_IADD: case DDI_SM5_OP_IMM_ATOMIC_IADD:
            return __atomic_fetch_add(p, value, __ATOMIC_SEQ_CST);
        case DDI_SM5_OP_IMM_ATOMIC_EXCH:
            return __atomic_exchange_n(p, value, __ATOMIC_SEQ_CST);
        case DDI_SM5_OP_ATOMIC_CMP_STORE: case DDI_SM5_OP_IMM_ATOMIC_CMP_EXCH:
            old = compare;
            __atomic_compare_exchange_n(p, &old, value, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
            return old;
        default:
            break;
    }
    /* Min and max: compare-and-swap until the word holds the result. */
    old = __atomic_load_n(p, __ATOMIC_SEQ_CST);
    for (;;)
    {
        uint32_t result;

        switch (opcode)
        {
            case DDI_SM5_OP_ATOMIC_IMAX: case DDI_SM5_OP_IMM_ATOMIC_IMAX:
                result = (int32_t)old > (int32_t)value ? old : value;
                break;
            case DDI_SM5_OP_ATOMIC_IMIN: case DDI_SM5_OP_IMM_ATOMIC_IMIN:
                result = (int32_t)old < (int32_t)value ? old : value;
                break;
            case DDI_SM5_OP_ATOMIC_UMAX: case DDI_SM5_OP_IMM_ATOMIC_UMAX:
                result = AGX_MAX(old, value);
                break;
            default:
                result = AGX_MIN(old, value);
                break;
        }
        if (__atomic_compare_exchange_n(p, &old, result, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            return old;
    }
}

/* Typed UAVs (R32 formats) go through the texture unit; one lock makes the
 * read-modify-write atomic against every other batch. */
static uint32_t agx_sm_atomic_typed(struct agx_shader_exec *exec, const struct agx_sm_instr *ins,
                                    const struct agx_sm_operand *target, uint32_t lane, const uint32_t *const coord[3],
                                    uint32_t value, uint32_t compare)
{
    static int lock;
    const struct agx_shader_view *view = agx_sm_view(exec, target->slot,
                                                     agx_sm_index_value(exec, &target->index[0], lane));
    struct agx_backend *backend = exec->batch->bindings->backend;
    uint32_t at[3] = {coord[0][lane], coord[1][lane], coord[2][lane]}, texel[4], old;
    int32_t signed_at[3] = {(int32_t)at[0], (int32_t)at[1], (int32_t)at[2]};

    while (__atomic_test_and_set(&lock, __ATOMIC_ACQUIRE))
        ;
    agx_texture_load(backend, view, signed_at, 0, 0, texel);
    old = texel[0];
    agx_sm_atomic_op(ins->opcode, &texel[0], value, compare);
    agx_texture_store(backend, view, at, texel);
    __atomic_clear(&lock, __ATOMIC_RELEASE);
    return old;
}

static void agx_sm_atomic(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    bool imm = ins->opcode >= DDI_SM5_OP_IMM_ATOMIC_IADD;
    bool cmp = ins->opcode == DDI_SM5_OP_ATOMIC_CMP_STORE || ins->opcode == DDI_SM5_OP_IMM_ATOMIC_CMP_EXCH;
    const struct agx_sm_operand *target = &ins->dst[imm ? 1 : 0];
    enum agx_shader_dim dim = target->type == DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW
            ? exec->shader->bindings[target->slot].dim
            : exec->shader->tgsm[target->slot].stride ? AGX_SHADER_DIM_STRUCTURED_BUFFER : AGX_SHADER_DIM_RAW_BUFFER;
    bool structured = dim == AGX_SHADER_DIM_STRUCTURED_BUFFER;
    bool typed = !structured && dim != AGX_SHADER_DIM_RAW_BUFFER;
    const uint32_t *a = agx_sm_fetch(exec, &ins->src[0], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(0)));
    const uint32_t *b = agx_sm_fetch(exec, &ins->src[0], 1, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(0) + 1));
    const uint32_t *coord[3] = {a, b, agx_sm_fetch(exec, &ins->src[0], 2, true,
                                                   agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(0) + 2))};
    const uint32_t *compare = agx_sm_fetch(exec, &ins->src[1], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(1)));
    const uint32_t *value = cmp
            ? agx_sm_fetch(exec, &ins->src[2], 0, true, agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(2))) : compare;
    uint32_t *result = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(0)), *out[4] = {result, result, result, result};
    struct agx_sm_buffer buf = {0};
    struct agx_sm_mask mask;
    uint64_t offset;
    uint8_t *cpu;

    memset(result, 0, exec->lane_count * sizeof(*result));
    agx_sm_write_mask(exec, &mask);
    AGX_SM_FOR_EACH_LANE(l, &mask, exec->words)
    {
        if (typed)
        {
            result[l] = agx_sm_atomic_typed(exec, ins, target, l, coord, value[l], compare[l]);
            continue;
        }
        agx_sm_buffer(exec, target, l, &buf);
        if (!agx_sm_address(&buf, structured, a[l], b[l], 0, &offset))
            continue;
        if (!(offset & 3) && (cpu = agx_sm_map(&buf, offset)))
        {
            result[l] = agx_sm_atomic_op(ins->opcode, (uint32_t *)cpu, value[l], compare[l]);
        }
        else
        {
            /* Not mapped in one piece: read, modify and write a local copy. */
            uint32_t word = agx_sm_read32(&buf, offset);

            result[l] = agx_sm_atomic_op(ins->opcode, &word, value[l], compare[l]);
            agx_sm_write32(&buf, offset, word);
        }
    }
    if (imm)
        agx_sm_store(exec, ins, 0, out);
}

/* imm_atomic_alloc returns the counter before the increment, consume after the decrement. */
static void agx_sm_counter(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    struct agx_backend *backend = exec->batch->bindings->backend;
    bool alloc = ins->opcode == DDI_SM5_OP_IMM_ATOMIC_ALLOC;
    uint32_t *result = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(0)), *out[4] = {result, result, result, result};
    struct agx_sm_mask mask;

    memset(result, 0, exec->lane_count * sizeof(*result));
    agx_sm_write_mask(exec, &mask);
    AGX_SM_FOR_EACH_LANE(l, &mask, exec->words)
    {
        const struct agx_shader_view *view = agx_sm_view(exec, ins->src[0].slot,
                                                         agx_sm_index_value(exec, &ins->src[0].index[0], l));
        uint64_t contiguous;
        uint32_t *p;

        if (!view->counter_va)
            continue;
        p = backend->ops->va_to_cpu(backend, view->counter_va, 4, &contiguous);
        if (!p || contiguous < 4 || (view->counter_va & 3))
            continue;
        result[l] = alloc ? __atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST)
                : __atomic_sub_fetch(p, 1, __ATOMIC_SEQ_CST);
    }
    agx_sm_store(exec, ins, 0, out);
}

static void agx_sm_bufinfo(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    const struct agx_sm_operand *res = &ins->src[0];
    uint32_t *out[4] = {NULL}, c, l;

    for (c = 0; c < 4; ++c)
        if (ins->dst[0].mask & (1u << c))
            out[c] = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(0) + c);
    for (l = 0; l < exec->lane_count; ++l)
    {
        const struct agx_shader_view *view = agx_sm_view(exec, res->slot, agx_sm_index_value(exec, &res->index[0], l));
        uint32_t count = 0;

        if (view->kind == AGX_SHADER_VIEW_BUFFER)
        {
            if (view->dim == AGX_SHADER_DIM_RAW_BUFFER)
                count = (uint32_t)AGX_MIN(view->size, 0xffffffffu);
            else
                count = view->element_count;
        }
        /* Every written component receives the count. */
        for (c = 0; c < 4; ++c)
            if (out[c])
                out[c][l] = count;
    }
    agx_sm_store(exec, ins, 0, out);
}

bool agx_sm_exec_mem(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    switch (agx_sm_feedback_base(ins->opcode))
    {
        case DDI_SM5_OP_LD_RAW:
            agx_sm_load(exec, ins, false);
            return true;
        case DDI_SM5_OP_LD_STRUCTURED:
            agx_sm_load(exec, ins, true);
            return true;
        case DDI_SM5_OP_STORE_RAW:
            agx_sm_store_buffer(exec, ins, false);
            return true;
        case DDI_SM5_OP_STORE_STRUCTURED:
            agx_sm_store_buffer(exec, ins, true);
            return true;
        case DDI_SM5_OP_IMM_ATOMIC_ALLOC:
        case DDI_SM5_OP_IMM_ATOMIC_CONSUME:
            agx_sm_counter(exec, ins);
            return true;
        case DDI_SM5_OP_BUFINFO:
            agx_sm_bufinfo(exec, ins);
            return true;
        case DDI_SM5_OP_SYNC:
            /* Every lane of the group is at this instruction already. */
            return true;
        default:
            if ((ins->opcode >= DDI_SM5_OP_ATOMIC_AND && ins->opcode <= DDI_SM5_OP_ATOMIC_UMIN)
                    || (ins->opcode >= DDI_SM5_OP_IMM_ATOMIC_IADD && ins->opcode <= DDI_SM5_OP_IMM_ATOMIC_UMIN))
            {
                agx_sm_atomic(exec, ins);
                return true;
            }
            return false;
    }
}
