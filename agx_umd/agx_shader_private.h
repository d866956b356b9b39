/*
 * Internals of the shader engine shared by the decoder (agx_shader_decode*.c) and the
 * SIMD executor (agx_shader_exec*.c): the decoded program and a batch's registers.
 */
#ifndef AGX_SHADER_PRIVATE_H
#define AGX_SHADER_PRIVATE_H

#include "agx_shader.h"
#include "agx_mem.h"
#include "ddi_sm5.h"

#define AGX_SM_MAX_SRC 6
#define AGX_SM_MAX_DST 2
#define AGX_SM_MAX_TEMPS 4096u            /* D3D11: r# and x# together */
#define AGX_SM_MAX_INDEXABLE 64u          /* x# arrays */
#define AGX_SM_MAX_TGSM 64u               /* g# declarations */
#define AGX_SM_MAX_TGSM_BYTES 32768u      /* D3D11_CS_TGSM_REGISTER_COUNT * 4 */
#define AGX_SM_MAX_DEPTH 64u              /* nesting of if / loop / switch */
#define AGX_SM_MAX_SIGNATURE 64u
#define AGX_SM_MASK_WORDS (AGX_SHADER_MAX_LANES / 64u)

/* The relative part of an index: r#.c, or x#[n].c. */
struct agx_sm_rel
{
    uint8_t type;                         /* DDI_SM5_OPERAND_TEMP or _INDEXABLE_TEMP */
    uint8_t comp;
    uint16_t array;                       /* x#: the slot in agx_shader.indexables */
    uint32_t reg;                         /* r#, or x#'s element */
};

struct agx_sm_index
{
    uint32_t imm;
    bool relative;
    struct agx_sm_rel rel;
};

/*
 * A decoded operand. Resource operands are normalised across 5.0 and 5.1:
 * index[0] is the absolute register (t3, or T1[3]'s 3), index[1] a constant buffer's
 * vec4, and `slot` the declaration they belong to (the binding; x#: the array; g#: the
 * tgsm slot). Other files keep their indices as written (r5: index[0] = 5).
 */
struct agx_sm_operand
{
    uint8_t type;                         /* enum ddi_sm5_operand_type */
    uint8_t mask;                         /* destinations: written components */
    uint8_t swizzle[4];                   /* sources: component read for each of x y z w */
    uint8_t modifier;                     /* enum ddi_sm5_modifier */
    uint8_t index_count;
    uint16_t slot;
    struct agx_sm_index index[2];
    uint32_t imm[4];                      /* l(...) */
};

struct agx_sm_instr
{
    uint16_t opcode;                      /* enum ddi_sm5_opcode */
    uint8_t dst_count, src_count;
    bool saturate;
    bool test_nonzero;
    uint8_t resinfo;                      /* enum ddi_sm5_resinfo_return; sampleinfo: 2 for _uint */
    int8_t offset[3];                     /* aoffimmi */
    uint32_t controls;                    /* sync flags */
    /* Flow: if -> its else or endif; else -> endif; loop <-> endloop; switch -> endswitch;
     * case/default -> their switch. */
    uint32_t target;
    uint32_t end;                         /* if, loop, switch: the endif, endloop, endswitch */
    uint32_t next_flow;                   /* the next flow-control instruction */
    uint32_t case_first, case_count;      /* switch: its case values in agx_shader.cases */
    struct agx_sm_operand dst[AGX_SM_MAX_DST];
    struct agx_sm_operand src[AGX_SM_MAX_SRC];
};

struct agx_sm_indexable
{
    uint32_t reg;                         /* x# */
    uint32_t count;                       /* vec4 elements */
    uint32_t offset;                      /* first row in the exec's indexable storage */
};

struct agx_sm_tgsm
{
    uint32_t reg;                         /* g# */
    uint32_t offset, size;                /* bytes in the group's memory */
    uint32_t stride;                      /* structured: the element size; raw: 0 */
};

struct agx_shader
{
    struct agx_shader_info info;
    struct agx_shader_binding *bindings;
    struct agx_shader_signature_element *inputs, *outputs;

    struct agx_sm_instr *code;
    uint32_t code_count;
    uint32_t temp_count;
    uint32_t indexable_count, indexable_rows;
    struct agx_sm_indexable indexables[AGX_SM_MAX_INDEXABLE];
    uint32_t tgsm_count;
    struct agx_sm_tgsm tgsm[AGX_SM_MAX_TGSM];
    uint32_t *icb;                        /* dcl_immediateConstantBuffer */
    uint32_t icb_vec4_count;
    uint32_t *cases;
    uint32_t case_total;
    uint32_t max_depth;
    uint32_t sysvals;                     /* bit k: compute system value k (exec->sysvals) is read */
    bool uses_derivatives;
};

/* ---- Decoder helpers shared by agx_shader_decode*.c ------------------------------------- */

struct agx_sm_opcode_info
{
    const char *mnemonic;                 /* NULL: not an opcode */
    uint8_t dst_count;
    const char *roles;
    uint32_t flags;
};

const struct agx_sm_opcode_info *agx_sm_opcode_info(uint32_t opcode);
const char *agx_sm_operand_name(uint32_t type);
/* Opcodes the executor runs (declarations are the decoder's). */
bool agx_sm_opcode_supported(uint32_t opcode);

struct agx_sm_reader
{
    const struct agx_shader *shader;
    const uint32_t *tokens;
    uint32_t pos, end;                    /* the instruction being read */
    uint32_t major, minor;
    const char *context;                  /* the instruction's mnemonic, for messages */
    char *why;
    size_t why_size;
};

HRESULT agx_sm_fail(struct agx_sm_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
HRESULT agx_sm_read_token(struct agx_sm_reader *r, uint32_t *token);
/* One operand with its extended tokens, immediates and indices (relative ones too). */
HRESULT agx_sm_read_operand(struct agx_sm_reader *r, struct agx_sm_operand *op, uint32_t *raw_count,
                            struct agx_sm_index raw[3]);
/* Declarations into shader->info and the shader's tables. */
HRESULT agx_sm_decode_declaration(struct agx_shader *shader, struct agx_sm_reader *r, uint32_t token,
                                  struct agx_shader_binding **bindings, uint32_t *binding_capacity);
/* Register checks and 5.0/5.1 resource normalisation of one code operand. */
HRESULT agx_sm_check_operand(struct agx_sm_reader *r, struct agx_sm_operand *op, uint32_t raw_count,
                             const struct agx_sm_index raw[3], bool dst, char role);

/* ---- Executor ------------------------------------------------------------------------- */

struct agx_sm_mask
{
    uint64_t w[AGX_SM_MASK_WORDS];
};

#define AGX_SM_NO_LANE UINT32_MAX

/* The first lane at or after `lane` set in the mask's first `words` words, or
 * AGX_SM_NO_LANE. */
static inline uint32_t agx_sm_next_lane(const struct agx_sm_mask *mask, uint32_t words, uint32_t lane)
{
    uint32_t w = lane / 64;
    uint64_t bits;

    if (w >= words)
        return AGX_SM_NO_LANE;
    bits = mask->w[w] & ~0ull << (lane % 64);
    while (!bits)
    {
        if (++w >= words)
            return AGX_SM_NO_LANE;
        bits = mask->w[w];
    }
    return w * 64 + (uint32_t)__builtin_ctzll(bits);
}

/* Runs the statement after it once per lane set in the mask, lowest first, with the
 * lane in `l` (break and continue work as in any loop). */
#define AGX_SM_FOR_EACH_LANE(l, mask, words) \
    for (uint32_t l = agx_sm_next_lane((mask), (words), 0); l != AGX_SM_NO_LANE; \
         l = agx_sm_next_lane((mask), (words), l + 1))

enum agx_sm_frame_kind
{
    AGX_SM_FRAME_IF,
    AGX_SM_FRAME_LOOP,
    AGX_SM_FRAME_SWITCH,
};

struct agx_sm_frame
{
    enum agx_sm_frame_kind kind;
    struct agx_sm_mask saved;             /* lanes that entered (minus those that left for good) */
    struct agx_sm_mask taken;             /* if: lanes of the true branch */
    struct agx_sm_mask brk;               /* loop/switch: lanes that broke out */
    struct agx_sm_mask cont;              /* loop: lanes waiting at endloop */
    struct agx_sm_mask matched;           /* switch: lanes a case took */
    struct agx_sm_mask fallback;          /* switch: lanes no case value matches */
    uint32_t *selector;                   /* switch: the value per lane */
    uint32_t pc;                          /* the construct's first instruction */
    uint64_t iterations;
};

/* What a binding's callbacks answered for one register, kept for the batch. */
struct agx_sm_cache
{
    bool valid;
    uint32_t reg;
    const uint32_t *data;                 /* constant buffers */
    uint32_t vec4_count;
    const struct agx_shader_view *view;   /* SRVs and UAVs */
    const struct agx_shader_sampler *sampler;
};

/* Component c of register r of a file: base + (r * 4 + c) * max_lanes. */
struct agx_shader_exec
{
    const struct agx_shader *shader;
    uint32_t max_lanes, lane_count, words;
    uint32_t *temps, *indexable, *inputs, *outputs;
    uint32_t *depth, *coverage_out, *coverage_in;
    uint32_t *sysvals;                    /* thread id, group id, id in group, flattened: 4 x 4 rows */
    uint32_t *scratch;                    /* AGX_SM_SCRATCH_ROWS rows */
    uint32_t *selectors;                  /* max_depth rows */
    uint8_t *tgsm;
    struct agx_sm_frame *stack;
    uint32_t depth_level;
    struct agx_sm_cache *cache;           /* one per binding */

    const struct agx_shader_batch *batch;
    struct agx_sm_mask exec;              /* lanes running now */
    struct agx_sm_mask writers;           /* lanes that may write memory and outputs */
    bool pixel;
};

/* Rows of scratch: 4 per source, 4 per destination result, 4 for saturated results. */
#define AGX_SM_SCRATCH_SRC(s) ((s) * 4u)
#define AGX_SM_SCRATCH_DST(d) (AGX_SM_MAX_SRC * 4u + (d) * 4u)
#define AGX_SM_SCRATCH_TMP (AGX_SM_MAX_SRC * 4u + AGX_SM_MAX_DST * 4u)
#define AGX_SM_SCRATCH_ROWS (AGX_SM_SCRATCH_TMP + 4u)

static inline uint32_t *agx_sm_scratch(struct agx_shader_exec *exec, uint32_t row)
{
    return exec->scratch + (size_t)row * exec->max_lanes;
}

static inline bool agx_sm_mask_test(const struct agx_sm_mask *m, uint32_t lane)
{
    return (m->w[lane >> 6] >> (lane & 63)) & 1;
}

/* Component c (after the swizzle) of a source for every lane; may point into register
 * storage (read only) or at the scratch row `row`. */
const uint32_t *agx_sm_fetch(struct agx_shader_exec *exec, const struct agx_sm_operand *op, uint32_t c, bool integer,
                             uint32_t *row);
/* Writes values[c] (rows of lanes) to the destination's masked components for the
 * lanes of `lanes`. */
void agx_sm_store(struct agx_shader_exec *exec, const struct agx_sm_instr *ins, uint32_t d, uint32_t *const values[4]);
/* Lanes that run the current instruction and may write (not helpers). */
void agx_sm_write_mask(const struct agx_shader_exec *exec, struct agx_sm_mask *mask);

/* A binding's answers for register reg (cached for the batch). */
const struct agx_shader_view *agx_sm_view(struct agx_shader_exec *exec, uint32_t slot, uint32_t reg);
const struct agx_shader_sampler *agx_sm_sampler(struct agx_shader_exec *exec, uint32_t slot, uint32_t reg);
/* The absolute register an operand names for one lane (relative indices resolved). */
uint32_t agx_sm_index_value(const struct agx_shader_exec *exec, const struct agx_sm_index *index, uint32_t lane);

/* The ALU and memory families: false when the opcode is not theirs. */
bool agx_sm_exec_alu(struct agx_shader_exec *exec, const struct agx_sm_instr *ins);
bool agx_sm_exec_mem(struct agx_shader_exec *exec, const struct agx_sm_instr *ins);
bool agx_sm_exec_texture(struct agx_shader_exec *exec, const struct agx_sm_instr *ins);

/*
 * Tiled-resource feedback (SM 5.0's *_s forms, tiled resources tier 2): the same
 * operation as the base opcode plus a second destination, the status word, and for the
 * *_cl_s forms a last source, the lod clamp. The status is this driver's own word
 * (D3D leaves it opaque): AGX_SM_STATUS_UNMAPPED when some byte the lane read lay in
 * an unmapped tile, 0 otherwise; check_access_fully_mapped turns it into a boolean.
 */
#define AGX_SM_STATUS_UNMAPPED 1u

static inline uint32_t agx_sm_feedback_base(uint32_t opcode)
{
    switch (opcode)
    {
        case DDI_SM5_OP_GATHER4_S: return DDI_SM5_OP_GATHER4;
        case DDI_SM5_OP_GATHER4_C_S: return DDI_SM5_OP_GATHER4_C;
        case DDI_SM5_OP_GATHER4_PO_S: return DDI_SM5_OP_GATHER4_PO;
        case DDI_SM5_OP_GATHER4_PO_C_S: return DDI_SM5_OP_GATHER4_PO_C;
        case DDI_SM5_OP_LD_S: return DDI_SM5_OP_LD;
        case DDI_SM5_OP_LD_MS_S: return DDI_SM5_OP_LD_MS;
        case DDI_SM5_OP_LD_UAV_TYPED_S: return DDI_SM5_OP_LD_UAV_TYPED;
        case DDI_SM5_OP_LD_RAW_S: return DDI_SM5_OP_LD_RAW;
        case DDI_SM5_OP_LD_STRUCTURED_S: return DDI_SM5_OP_LD_STRUCTURED;
        case DDI_SM5_OP_SAMPLE_L_S: return DDI_SM5_OP_SAMPLE_L;
        case DDI_SM5_OP_SAMPLE_C_LZ_S: return DDI_SM5_OP_SAMPLE_C_LZ;
        case DDI_SM5_OP_SAMPLE_CL_S: return DDI_SM5_OP_SAMPLE;
        case DDI_SM5_OP_SAMPLE_B_CL_S: return DDI_SM5_OP_SAMPLE_B;
        case DDI_SM5_OP_SAMPLE_D_CL_S: return DDI_SM5_OP_SAMPLE_D;
        case DDI_SM5_OP_SAMPLE_C_CL_S: return DDI_SM5_OP_SAMPLE_C;
        default: return opcode;
    }
}

/* The source index of a *_cl_s form's lod clamp, or -1. */
static inline int agx_sm_lod_clamp_source(uint32_t opcode)
{
    switch (opcode)
    {
        case DDI_SM5_OP_SAMPLE_CL_S: return 3;
        case DDI_SM5_OP_SAMPLE_B_CL_S: case DDI_SM5_OP_SAMPLE_C_CL_S: return 4;
        case DDI_SM5_OP_SAMPLE_D_CL_S: return 5;
        default: return -1;
    }
}

/* The status rows of one instruction: begin before a lane's fetch, end after it. */
struct agx_sm_feedback
{
    uint32_t *rows[4];
    uint64_t before;
};

void agx_sm_feedback_init(struct agx_shader_exec *exec, const struct agx_sm_instr *ins,
                          struct agx_sm_feedback *feedback);
static inline void agx_sm_feedback_begin(struct agx_sm_feedback *feedback)
{
    feedback->before = agx_mem_unmapped_reads();
}
void agx_sm_feedback_end(struct agx_sm_feedback *feedback, uint32_t lane);
/* Writes the status destination (nothing for the forms without one). */
void agx_sm_feedback_store(struct agx_shader_exec *exec, const struct agx_sm_instr *ins,
                           struct agx_sm_feedback *feedback);

/* fp32 ALU flushes denormals, keeping the sign. */
static inline float agx_sm_ftz(float f)
{
    union { float f; uint32_t u; } v = {f};

    if (!(v.u & 0x7f800000u))
        v.u &= 0x80000000u;
    return v.f;
}

static inline float agx_sm_f(uint32_t u)
{
    union { uint32_t u; float f; } v = {u};

    return v.f;
}

static inline uint32_t agx_sm_u(float f)
{
    union { float f; uint32_t u; } v = {f};

    return v.u;
}

#endif
