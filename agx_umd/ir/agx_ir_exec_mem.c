/*
 * The IR executor's raw and structured memory: LOAD_RAW / STORE_RAW on SRVs, UAVs and
 * group shared memory, ATOMIC (typed UAVs through the texture unit), COUNTER and
 * BUFINFO.
 *
 * D3D's rules: out-of-bounds loads read 0 and out-of-bounds stores and atomics do
 * nothing, judged per 32-bit component; a null view behaves as empty. Helper lanes
 * never write. Buffers are reached through windows of their CPU mapping (one page
 * walk per window), through agx_mem where a word is not mapped in one piece.
 */
#include <string.h>

#include "agx_ir_private.h"

/* Bytes of a view reached through one call of va_to_cpu at most (its page walk). */
#define AGX_IR_WINDOW (256u * 1024u)

struct agx_ir_buffer
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

static void agx_ir_buffer_view(struct agx_ir_exec *x, const struct agx_ir_res *res, uint32_t lane,
                               struct agx_ir_buffer *buf)
{
    const struct agx_shader_view *view;

    memset(buf, 0, sizeof(*buf));
    buf->backend = x->batch->bindings->backend;
    buf->valid = true;
    if (res->kind == AGX_IR_RES_GROUP)
    {
        buf->cpu = x->tgsm + res->index;
        buf->size = buf->end = res->size;
        buf->stride = res->stride;
        return;
    }
    buf->reg = agx_ir_res_reg(x, res, lane);
    view = agx_ir_view(x, res, lane);
    if (view->kind != AGX_SHADER_VIEW_BUFFER)
        return;                           /* size 0: everything out of bounds */
    buf->va = view->va;
    buf->size = view->size;
    buf->stride = view->stride ? view->stride : x->p->bindings[res->slot].structure_stride;
}

/* The CPU address of bytes [offset, offset + bytes) of the view, or NULL when they are
 * not mapped in one piece. The caller checked them against the view's size. */
static inline uint8_t *agx_ir_map_span(struct agx_ir_buffer *buf, uint64_t offset, uint32_t bytes)
{
    uint64_t contiguous;
    void *cpu;

    if (offset < buf->start || offset + bytes > buf->end)
    {
        cpu = buf->backend->ops->va_to_cpu(buf->backend, buf->va + offset,
                                           AGX_MIN(buf->size - offset, AGX_MAX(AGX_IR_WINDOW, bytes)), &contiguous);
        if (!cpu || contiguous < bytes)
            return NULL;
        buf->cpu = cpu;
        buf->start = offset;
        buf->end = offset + contiguous;
    }
    return buf->cpu + (offset - buf->start);
}

static inline uint8_t *agx_ir_map(struct agx_ir_buffer *buf, uint64_t offset)
{
    return agx_ir_map_span(buf, offset, 4);
}

/* Whole-element fast path: the CPU address of the first `bytes` bytes a lane addresses
 * when they are all in bounds and mapped in one piece, else NULL. */
static inline uint8_t *agx_ir_element(struct agx_ir_buffer *buf, bool structured, uint32_t a, uint32_t b,
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
    return agx_ir_map_span(buf, at, bytes);
}

/* The buffer a lane addresses (views can be indexed per lane). */
static inline struct agx_ir_buffer *agx_ir_buffer(struct agx_ir_exec *x, const struct agx_ir_res *res,
                                                 uint32_t lane, struct agx_ir_buffer *buf)
{
    if (!buf->valid || (res->kind == AGX_IR_RES_BINDING && buf->reg != agx_ir_res_reg(x, res, lane)))
        agx_ir_buffer_view(x, res, lane, buf);
    return buf;
}

/* Byte address of dword `comp` or false when it is out of bounds. */
static bool agx_ir_address(const struct agx_ir_buffer *buf, bool structured, uint32_t a, uint32_t b, uint32_t comp,
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

static uint32_t agx_ir_read32(struct agx_ir_buffer *buf, uint64_t offset)
{
    uint8_t *cpu = agx_ir_map(buf, offset);
    uint32_t v;

    if (cpu)
        memcpy(&v, cpu, sizeof(v));
    else
        agx_mem_read(buf->backend, buf->va + offset, &v, sizeof(v));
    return v;
}

static void agx_ir_write32(struct agx_ir_buffer *buf, uint64_t offset, uint32_t v)
{
    uint8_t *cpu = agx_ir_map(buf, offset);

    if (cpu)
        memcpy(cpu, &v, sizeof(v));
    else
        agx_mem_write(buf->backend, buf->va + offset, &v, sizeof(v));
}

static void agx_ir_load_raw(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    bool structured = ins->sub;
    const uint32_t *a = agx_ir_src(x, ins, 0), *b = structured ? agx_ir_src(x, ins, 1) : a;
    uint32_t *out[4] = {NULL}, c, bytes = 0;
    struct agx_ir_feedback feedback = {NULL};
    struct agx_ir_buffer buf = {0};
    uint64_t offset;
    uint8_t *p;

    for (c = 0; c < 4; ++c)
    {
        if (ins->dst[c] != AGX_IR_NONE)
        {
            out[c] = agx_ir_scratch(x, c);
            bytes = AGX_MAX(bytes, 4u * (ins->aux_comp[c] + 1u));
        }
    }
    if (ins->dst[4] != AGX_IR_NONE)
        feedback.row = agx_ir_scratch(x, 4);
    AGX_IR_FOR_EACH_LANE(l, &x->run, x->words)
    {
        agx_ir_buffer(x, &ins->res, l, &buf);
        /* Only what falls back to agx_mem_read can be unmapped (agx_ir_map_span). */
        agx_ir_feedback_begin(&feedback);
        if ((p = agx_ir_element(&buf, structured, a[l], b[l], bytes)))
        {
            for (c = 0; c < 4; ++c)
                if (out[c])
                    memcpy(&out[c][l], p + 4 * ins->aux_comp[c], 4);
        }
        else
        {
            for (c = 0; c < 4; ++c)
            {
                if (!out[c])
                    continue;
                out[c][l] = agx_ir_address(&buf, structured, a[l], b[l], ins->aux_comp[c], &offset)
                        ? agx_ir_read32(&buf, offset) : 0;
            }
        }
        agx_ir_feedback_end(&feedback, l);
    }
    for (c = 0; c < 5; ++c)
        if (c < 4 ? out[c] != NULL : feedback.row != NULL)
            agx_ir_put(x, ins, c, c < 4 ? out[c] : feedback.row);
}

static void agx_ir_store_raw(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    bool structured = ins->sub;
    const uint32_t *a = agx_ir_src(x, ins, 0), *b = structured ? agx_ir_src(x, ins, 1) : a;
    const uint32_t *v[4];
    struct agx_ir_buffer buf = {0};
    uint32_t c, bytes = 0;
    uint64_t offset;
    uint8_t *p;

    for (c = 0; c < 4; ++c)
        if ((v[c] = agx_ir_src(x, ins, 2 + c)))
            bytes = 4 * (c + 1);
    /* An empty write mask stores nothing: no address is formed for it (issue 19). */
    if (!bytes)
        return;
    AGX_IR_FOR_EACH_LANE(l, &x->write, x->words)
    {
        agx_ir_buffer(x, &ins->res, l, &buf);
        if ((p = agx_ir_element(&buf, structured, a[l], b[l], bytes)))
        {
            for (c = 0; c < 4; ++c)
                if (v[c])
                    memcpy(p + 4 * c, &v[c][l], 4);
            continue;
        }
        for (c = 0; c < 4; ++c)
            if (v[c] && agx_ir_address(&buf, structured, a[l], b[l], c, &offset))
                agx_ir_write32(&buf, offset, v[c][l]);
    }
}

/* One atomic on a 32-bit word; returns the value before it. */
static uint32_t agx_ir_atomic_op(enum agx_ir_atomic op, uint32_t *p, uint32_t value, uint32_t compare)
{
    uint32_t old;

    switch (op)
    {
        case AGX_IR_ATOMIC_AND: return __atomic_fetch_and(p, value, __ATOMIC_SEQ_CST);
        case AGX_IR_ATOMIC_OR: return __atomic_fetch_or(p, value, __ATOMIC_SEQ_CST);
        case AGX_IR_ATOMIC_XOR: return __atomic_fetch_xor(p, value, __ATOMIC_SEQ_CST);
        case AGX_IR_ATOMIC_ADD: return __atomic_fetch_add(p, value, __ATOMIC_SEQ_CST);
        case AGX_IR_ATOMIC_EXCH: return __atomic_exchange_n(p, value, __ATOMIC_SEQ_CST);
        case AGX_IR_ATOMIC_CMPXCHG:
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

        switch (op)
        {
            case AGX_IR_ATOMIC_IMAX: result = (int32_t)old > (int32_t)value ? old : value; break;
            case AGX_IR_ATOMIC_IMIN: result = (int32_t)old < (int32_t)value ? old : value; break;
            case AGX_IR_ATOMIC_UMAX: result = AGX_MAX(old, value); break;
            default: result = AGX_MIN(old, value); break;
        }
        if (__atomic_compare_exchange_n(p, &old, result, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            return old;
    }
}

/* Typed UAVs (R32 formats) go through the texture unit; one lock makes the
 * read-modify-write atomic against every other batch. */
static uint32_t agx_ir_atomic_typed(struct agx_ir_exec *x, const struct agx_ir_instr *ins, uint32_t lane,
                                    const uint32_t *const coord[3], uint32_t value, uint32_t compare)
{
    static int lock;
    const struct agx_shader_view *view = agx_ir_view(x, &ins->res, lane);
    struct agx_backend *backend = x->batch->bindings->backend;
    uint32_t at[3] = {coord[0][lane], coord[1][lane], coord[2][lane]}, texel[4], old;
    int32_t signed_at[3] = {(int32_t)at[0], (int32_t)at[1], (int32_t)at[2]};

    while (__atomic_test_and_set(&lock, __ATOMIC_ACQUIRE))
        ;
    agx_texture_load(backend, view, signed_at, 0, 0, texel);
    old = texel[0];
    agx_ir_atomic_op(ins->sub, &texel[0], value, compare);
    agx_texture_store(backend, view, at, texel);
    __atomic_clear(&lock, __ATOMIC_RELEASE);
    return old;
}

static void agx_ir_atomic(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    bool structured = ins->aux == AGX_IR_ADDR_STRUCTURED, typed = ins->aux == AGX_IR_ADDR_TYPED;
    const uint32_t *a = agx_ir_src(x, ins, 0), *b = agx_ir_src(x, ins, 1);
    const uint32_t *coord[3] = {a, b, agx_ir_src(x, ins, 2)};
    const uint32_t *value = agx_ir_src(x, ins, 3), *compare = agx_ir_src(x, ins, 4);
    uint32_t *result = agx_ir_scratch(x, 0);
    struct agx_ir_buffer buf = {0};
    uint64_t offset;
    uint8_t *cpu;

    if (!compare)
        compare = value;
    memset(result, 0, x->lane_count * sizeof(*result));
    AGX_IR_FOR_EACH_LANE(l, &x->write, x->words)
    {
        if (typed)
        {
            result[l] = agx_ir_atomic_typed(x, ins, l, coord, value[l], compare[l]);
            continue;
        }
        agx_ir_buffer(x, &ins->res, l, &buf);
        if (!agx_ir_address(&buf, structured, a[l], structured ? b[l] : a[l], 0, &offset))
            continue;
        if (!(offset & 3) && (cpu = agx_ir_map(&buf, offset)))
        {
            result[l] = agx_ir_atomic_op(ins->sub, (uint32_t *)cpu, value[l], compare[l]);
        }
        else
        {
            /* Not mapped in one piece: read, modify and write a local copy. */
            uint32_t word = agx_ir_read32(&buf, offset);

            result[l] = agx_ir_atomic_op(ins->sub, &word, value[l], compare[l]);
            agx_ir_write32(&buf, offset, word);
        }
    }
    agx_ir_put(x, ins, 0, result);
}

/* The counter before the increment (alloc), after the decrement (consume). */
static void agx_ir_counter(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    struct agx_backend *backend = x->batch->bindings->backend;
    uint32_t *result = agx_ir_scratch(x, 0);

    memset(result, 0, x->lane_count * sizeof(*result));
    AGX_IR_FOR_EACH_LANE(l, &x->write, x->words)
    {
        const struct agx_shader_view *view = agx_ir_view(x, &ins->res, l);
        uint64_t contiguous;
        uint32_t *p;

        if (!view->counter_va)
            continue;
        p = backend->ops->va_to_cpu(backend, view->counter_va, 4, &contiguous);
        if (!p || contiguous < 4 || (view->counter_va & 3))
            continue;
        result[l] = !ins->sub ? __atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST) : __atomic_sub_fetch(p, 1, __ATOMIC_SEQ_CST);
    }
    agx_ir_put(x, ins, 0, result);
}

static void agx_ir_bufinfo(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    uint32_t *out = agx_ir_scratch(x, 0), c, l;

    for (l = 0; l < x->lane_count; ++l)
    {
        const struct agx_shader_view *view = agx_ir_view(x, &ins->res, l);
        uint32_t count = 0;

        if (view->kind == AGX_SHADER_VIEW_BUFFER)
            count = view->dim == AGX_SHADER_DIM_RAW_BUFFER ? (uint32_t)AGX_MIN(view->size, 0xffffffffu)
                    : view->element_count;
        out[l] = count;
    }
    for (c = 0; c < 4; ++c)
        agx_ir_put(x, ins, c, out);
}

bool agx_ir_exec_mem(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    switch (ins->op)
    {
        case AGX_IR_OP_LOAD_RAW: agx_ir_load_raw(x, ins); return true;
        case AGX_IR_OP_STORE_RAW: agx_ir_store_raw(x, ins); return true;
        case AGX_IR_OP_ATOMIC: agx_ir_atomic(x, ins); return true;
        case AGX_IR_OP_COUNTER: agx_ir_counter(x, ins); return true;
        case AGX_IR_OP_BUFINFO: agx_ir_bufinfo(x, ins); return true;
        default: return false;
    }
}
