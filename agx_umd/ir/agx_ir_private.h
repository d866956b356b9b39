/*
 * The IR executor's internals shared by agx_ir_exec*.c: a batch's registers (one row
 * of lanes each), the lanes running the current block, and helpers for writing
 * results under the mask.
 */
#ifndef AGX_IR_PRIVATE_H
#define AGX_IR_PRIVATE_H

#include "agx_ir.h"
#include "agx_mem.h"
#include "agx_watchdog.h"

#define AGX_IR_MASK_WORDS (AGX_SHADER_MAX_LANES / 64u)
#define AGX_IR_SCRATCH_ROWS (AGX_IR_MAX_DST + 1u)

struct agx_ir_mask
{
    uint64_t w[AGX_IR_MASK_WORDS];
};

#define AGX_IR_NO_LANE UINT32_MAX

static inline uint32_t agx_ir_next_lane(const struct agx_ir_mask *mask, uint32_t words, uint32_t lane)
{
    uint32_t w = lane / 64;
    uint64_t bits;

    if (w >= words)
        return AGX_IR_NO_LANE;
    bits = mask->w[w] & ~0ull << (lane % 64);
    while (!bits)
    {
        if (++w >= words)
            return AGX_IR_NO_LANE;
        bits = mask->w[w];
    }
    return w * 64 + (uint32_t)__builtin_ctzll(bits);
}

/* Runs the statement after it once per lane set in the mask, lowest first. */
#define AGX_IR_FOR_EACH_LANE(l, mask, words) \
    for (uint32_t l = agx_ir_next_lane((mask), (words), 0); l != AGX_IR_NO_LANE; \
         l = agx_ir_next_lane((mask), (words), l + 1))

static inline bool agx_ir_mask_test(const struct agx_ir_mask *m, uint32_t lane)
{
    return (m->w[lane >> 6] >> (lane & 63)) & 1;
}

/* What a binding's callbacks answered for one register, kept for the batch. */
struct agx_ir_cache
{
    bool valid;
    uint32_t reg;
    const uint32_t *data;                 /* constant buffers */
    uint32_t vec4_count;
    const struct agx_shader_view *view;   /* SRVs and UAVs */
    const struct agx_shader_sampler *sampler;
};

struct agx_ir_exec
{
    const struct agx_ir_program *p;
    uint32_t max_lanes, lane_count, words;
    uint32_t *regs;                       /* reg_count rows */
    uint32_t *scratch;                    /* AGX_IR_SCRATCH_ROWS rows */
    struct agx_ir_mask *pending;          /* per block: the lanes waiting for it */
    uint8_t *tgsm;
    struct agx_ir_cache *cache;           /* one per binding */

    const struct agx_shader_batch *batch;
    struct agx_ir_mask run;               /* lanes running the current block */
    struct agx_ir_mask writers;           /* lanes that may write memory and outputs */
    struct agx_ir_mask write;             /* run & writers */
    bool full;                            /* run holds every lane of the batch */
    bool stopped;                         /* no lane left that may write */
};

static inline uint32_t *agx_ir_row(struct agx_ir_exec *x, agx_ir_reg r)
{
    return x->regs + (size_t)r * x->max_lanes;
}

static inline uint32_t *agx_ir_scratch(struct agx_ir_exec *x, uint32_t row)
{
    return x->scratch + (size_t)row * x->max_lanes;
}

/* Where an instruction computes destination d: straight into its register when every
 * lane runs and nothing is applied on the way, else a scratch row for agx_ir_put. */
static inline uint32_t *agx_ir_out(struct agx_ir_exec *x, const struct agx_ir_instr *ins, uint32_t d)
{
    if (x->full && !ins->flags && ins->dst[d] != AGX_IR_NONE)
        return agx_ir_row(x, ins->dst[d]);
    return agx_ir_scratch(x, d);
}

/* Writes destination d's computed row under the instruction's mask (nothing if it
 * was computed in place). */
void agx_ir_put(struct agx_ir_exec *x, const struct agx_ir_instr *ins, uint32_t d, const uint32_t *values);
/* Copies the lanes of mask from src to dst. */
void agx_ir_copy_masked(const struct agx_ir_exec *x, const struct agx_ir_mask *mask, uint32_t *dst,
                        const uint32_t *src);

/* A binding's answers for register reg (cached for the batch). */
const struct agx_ir_cache *agx_ir_cached(struct agx_ir_exec *x, uint32_t slot, uint32_t reg);
const struct agx_shader_view *agx_ir_view(struct agx_ir_exec *x, const struct agx_ir_res *res, uint32_t lane);
const struct agx_shader_sampler *agx_ir_sampler(struct agx_ir_exec *x, const struct agx_ir_res *res, uint32_t lane);

static inline uint32_t agx_ir_res_reg(struct agx_ir_exec *x, const struct agx_ir_res *res, uint32_t lane)
{
    return res->index_reg == AGX_IR_NONE ? res->index : res->index + agx_ir_row(x, res->index_reg)[lane];
}

/* A source's row, or NULL for AGX_IR_NONE. */
static inline const uint32_t *agx_ir_src(struct agx_ir_exec *x, const struct agx_ir_instr *ins, uint32_t s)
{
    return ins->src[s] == AGX_IR_NONE ? NULL : agx_ir_row(x, ins->src[s]);
}

/* The families: false when the operation is not theirs. */
bool agx_ir_exec_alu(struct agx_ir_exec *x, const struct agx_ir_instr *ins);
bool agx_ir_exec_mem(struct agx_ir_exec *x, const struct agx_ir_instr *ins);
bool agx_ir_exec_tex(struct agx_ir_exec *x, const struct agx_ir_instr *ins);
bool agx_ir_exec_pixel(struct agx_ir_exec *x, const struct agx_ir_instr *ins);

/* Tiled-resource feedback: the status rows of one instruction. */
struct agx_ir_feedback
{
    uint32_t *row;
    uint64_t before;
};

static inline void agx_ir_feedback_begin(struct agx_ir_feedback *f)
{
    f->before = agx_mem_unmapped_reads();
}

static inline void agx_ir_feedback_end(struct agx_ir_feedback *f, uint32_t lane)
{
    if (f->row)
        f->row[lane] = agx_mem_unmapped_reads() != f->before ? AGX_IR_STATUS_UNMAPPED : 0;
}

/* fp32 ALU flushes denormals, keeping the sign. */
static inline float agx_ir_ftz(float f)
{
    union { float f; uint32_t u; } v = {f};

    if (!(v.u & 0x7f800000u))
        v.u &= 0x80000000u;
    return v.f;
}

static inline float agx_ir_f(uint32_t u)
{
    union { uint32_t u; float f; } v = {u};

    return v.f;
}

static inline uint32_t agx_ir_u(float f)
{
    union { float f; uint32_t u; } v = {f};

    return v.u;
}

#endif
