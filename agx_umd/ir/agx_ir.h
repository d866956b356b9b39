/*
 * The simulated device's shader IR (decision D024): the one form every shader
 * front end lowers into and the only form the device executes.
 *
 * - Registers: a program has reg_count registers, each one 32-bit value per lane
 *   (a row of lanes: agx_ir_exec_row). Registers are not SSA: a front end writes one
 *   as often as it likes (DXBC's r# components are registers; DXIL's phis become copies
 *   on the incoming edges). 64-bit values are to take two registers (low, high) and
 *   16-bit values one, widened, once the DXIL front end adds their operations.
 *   Constants are registers too, filled once when an executor is
 *   created (agx_ir_build_const) and never written.
 * - Instructions: typed scalar operations, one destination register (or none) and up
 *   to AGX_IR_MAX_SRC source registers; memory and texture operations name a resource
 *   operand (struct agx_ir_res) beside their registers. Floats follow D3D's fp32 rules:
 *   denormal inputs and results flush (sign kept), except for moves, FNEG and FABS.
 * - Control flow: basic blocks, each a run of instructions ending in one terminator
 *   (jump, branch on a register being non-zero, switch, return). Block 0 is the entry.
 *   Front ends number blocks in a reverse post order (every edge to a block of the
 *   same or a lower number is a loop's back edge): the executor's reconvergence rule
 *   meets divergent lanes again where that order allows; any order runs correctly.
 *
 * Execution (agx_ir_exec.c): every lane has a next block; the executor runs the lowest
 * numbered block any lane waits for, with all the lanes waiting for it, so divergent
 * lanes meet again at the first block both paths reach, and quads stay in lock step
 * in uniform flow (derivatives read the other lanes' registers). Lanes that return
 * wait for nothing. Writes honour the running lanes' mask; writes flagged
 * AGX_IR_WRITERS (outputs) and every memory write also skip helper lanes.
 */
#ifndef AGX_IR_H
#define AGX_IR_H

#include "agx_shader.h"

typedef uint32_t agx_ir_reg;
#define AGX_IR_NONE UINT32_MAX             /* no register (an unused destination) */
#define AGX_IR_MAX_SRC 12u

/* X(name, sources): every operation, its number of source registers (-1: per instruction). */
#define AGX_IR_OPS(X) \
    /* moves */ \
    X(MOV, 1) X(MOVC, 3) \
    /* f32 */ \
    X(FADD, 2) X(FMUL, 2) X(FMAD, 3) X(FDIV, 2) X(FMIN, 2) X(FMAX, 2) X(FSQRT, 1) X(FRSQ, 1) X(FRCP, 1) \
    X(FEXP2, 1) X(FLOG2, 1) X(FFRACT, 1) X(FROUND_NE, 1) X(FFLOOR, 1) X(FCEIL, 1) X(FTRUNC, 1) \
    X(FSIN, 1) X(FCOS, 1) X(FNEG, 1) X(FABS, 1) X(FSAT, 1) \
    X(FTAN, 1) X(FASIN, 1) X(FACOS, 1) X(FATAN, 1) X(FSINH, 1) X(FCOSH, 1) X(FTANH, 1) X(FREM, 2) \
    X(FEQ, 2) X(FNE, 2) X(FLT, 2) X(FGE, 2) \
    X(FDDX_COARSE, 1) X(FDDX_FINE, 1) X(FDDY_COARSE, 1) X(FDDY_FINE, 1) \
    /* conversions */ \
    X(F2I, 1) X(F2U, 1) X(I2F, 1) X(U2F, 1) X(F2F16, 1) X(F16TOF32, 1) \
    /* 32-bit integers */ \
    X(IADD, 2) X(ISUB, 2) X(IMUL, 2) X(IMAD, 3) X(IMUL_HI, 2) X(UMUL_HI, 2) X(UDIV, 2) X(UREM, 2) \
    X(IDIV, 2) X(IREM, 2) \
    X(UADD_CARRY, 2) X(USUB_BORROW, 2) X(INEG, 1) X(IABS, 1) \
    X(IMIN, 2) X(IMAX, 2) X(UMIN, 2) X(UMAX, 2) X(AND, 2) X(OR, 2) X(XOR, 2) X(NOT, 1) \
    X(ISHL, 2) X(ISHR, 2) X(USHR, 2) X(IEQ, 2) X(INE, 2) X(ILT, 2) X(IGE, 2) X(ULT, 2) X(UGE, 2) \
    X(BFI, 4) X(UBFE, 3) X(IBFE, 3) X(BFREV, 1) X(POPCOUNT, 1) X(FIRSTBIT_HI, 1) X(FIRSTBIT_LO, 1) \
    X(FIRSTBIT_SHI, 1) X(MSAD, 3) X(IS_MAPPED, 1) \
    /* registers addressed per lane: dst = reg[base + 4 * src0] (imm: base, aux: count) */ \
    X(LOAD_INDEXED, 1) X(STORE_INDEXED, 2) \
    /* constants: component imm of vec4 aux (+ src0 per lane); LOAD_CB's res the buffer */ \
    X(LOAD_CB, -1) X(LOAD_ICB, -1) \
    /* buffers (res: SRV, UAV or group memory), see struct agx_ir_instr */ \
    X(LOAD_RAW, -1) X(STORE_RAW, -1) X(ATOMIC, -1) X(COUNTER, 0) X(BUFINFO, 0) \
    /* texture unit */ \
    X(TEX_LOAD, -1) X(TEX_STORE, -1) X(TEX_SAMPLE, -1) X(TEX_GATHER, -1) X(TEX_LOD, -1) X(TEX_INFO, 1) \
    X(TEX_SAMPLE_INFO, 0) X(TEX_SAMPLE_POS, 1) \
    /* pixel shaders: the rasterizer's samples, inputs evaluated (struct agx_ir_instr) */ \
    X(RT_SAMPLE_INFO, 0) X(RT_SAMPLE_POS, 1) X(EVAL, -1) \
    /* group barrier, discard (src0 non-zero: the lane becomes a helper) */ \
    X(BARRIER, 0) X(DISCARD, 1)

enum agx_ir_op
{
#define AGX_IR_X(name, srcs) AGX_IR_OP_##name,
    AGX_IR_OPS(AGX_IR_X)
#undef AGX_IR_X
    AGX_IR_OP_COUNT
};

/* Instruction flags. */
#define AGX_IR_SAT 0x1u                    /* the f32 result clamps to [0, 1] (NaN: 0) */
#define AGX_IR_WRITERS 0x2u                /* the write skips helper lanes (outputs) */

enum agx_ir_res_kind
{
    AGX_IR_RES_NONE,
    AGX_IR_RES_BINDING,                    /* a declared binding: slot, register */
    AGX_IR_RES_GROUP,                      /* group shared memory: bytes [offset, offset + size) */
};

/*
 * A resource operand: a binding of the program's table (agx_shader_binding, its
 * register `index` plus the lane's value of `index_reg` unless AGX_IR_NONE), or a
 * range of group shared memory. Views, constant buffers and samplers are looked up
 * through agx_shader_bindings with (slot, register) and cached for the batch.
 */
struct agx_ir_res
{
    uint8_t kind;                          /* enum agx_ir_res_kind */
    uint16_t slot;
    uint32_t index;                        /* group memory: offset */
    agx_ir_reg index_reg;
    uint32_t size, stride;                 /* group memory: bytes; structured stride (0 raw) */
};

/*
 * How the memory and texture operations use their operands. dst[0..3] are result
 * components (AGX_IR_NONE: not wanted), dst[4] the tiled-resource status (AGX_IR_NONE:
 * no feedback; the status is AGX_IR_STATUS_UNMAPPED when a byte read lay in an
 * unmapped tile). Sources by position, AGX_IR_NONE where absent:
 * - LOAD_INDEXED: dst[0] = register imm + 4 * src[0] when src[0] < aux, else 0.
 *   STORE_INDEXED: register imm + 4 * src[0] = src[1] when src[0] < aux.
 * - LOAD_CB / LOAD_ICB: component imm of vec4 aux (+ src[0] per lane when present);
 *   out of range: 0. LOAD_CB's res names the buffer.
 * - LOAD_RAW: src[0] byte offset (structured: element), src[1] structured byte offset;
 *   dst[c] the dword aux_comp[c] from there. sub: 1 structured.
 * - STORE_RAW: address as LOAD_RAW, src[2..5] the dwords at +0 .. +12 (NONE: kept).
 * - ATOMIC: src[0..2] address (raw: byte; structured: element, byte; typed: x y z),
 *   src[3] value, src[4] compare (CMPXCHG); dst[0] the old value; sub enum
 *   agx_ir_atomic, aux enum agx_ir_addressing.
 * - COUNTER: dst[0] the UAV counter before an increment (sub 0) or after a decrement.
 * - BUFINFO: every dst[c] the element count (raw: bytes).
 * - TEX_LOAD: src[0..2] texel x y z (plus offset[] on the first aux components),
 *   src[3] mip, src[4] sample. TEX_STORE: src[0..2] x y z, src[3..6] the texel.
 * - TEX_SAMPLE / TEX_GATHER / TEX_LOD: src[0..3] coordinates, src[4] lod, bias or
 *   comparison value, src[5..7] ddx (gather: programmable offsets), src[8..10] ddy,
 *   src[11] lod clamp; sub enum agx_ir_sample; gather: aux_comp[0] the channel, aux 1
 *   compare. Implicit lods come from the quad's coordinate differences.
 * - TEX_INFO: src[0] mip; sub enum agx_ir_resinfo, aux the size components.
 *   TEX_SAMPLE_INFO: dst[0] the count (sub 1: uint, else float). TEX_SAMPLE_POS:
 *   src[0] the sample; dst[0], dst[1] its position.
 * - RT_SAMPLE_INFO / RT_SAMPLE_POS: the same of the rasterizer (the batch's
 *   agx_shader_pixel_queries: 1 sample at the centre without).
 * - EVAL: dst[0] = pixel input register imm, component aux (the front end's v#
 *   numbering, as agx_shader_exec_input's), evaluated as sub (enum agx_shader_eval)
 *   says: src[0] the sample (SAMPLE) or x offset and src[1] the y offset (SNAPPED, the
 *   low 4 bits of each, signed); src[2] the input's register, the value without the
 *   batch's queries.
 */
enum agx_ir_atomic
{
    AGX_IR_ATOMIC_ADD, AGX_IR_ATOMIC_AND, AGX_IR_ATOMIC_OR, AGX_IR_ATOMIC_XOR, AGX_IR_ATOMIC_IMAX,
    AGX_IR_ATOMIC_IMIN, AGX_IR_ATOMIC_UMAX, AGX_IR_ATOMIC_UMIN, AGX_IR_ATOMIC_EXCH, AGX_IR_ATOMIC_CMPXCHG,
};

enum agx_ir_addressing
{
    AGX_IR_ADDR_RAW, AGX_IR_ADDR_STRUCTURED, AGX_IR_ADDR_TYPED,
};

enum agx_ir_sample
{
    AGX_IR_SAMPLE_IMPLICIT,                /* lod from the quad */
    AGX_IR_SAMPLE_BIAS,
    AGX_IR_SAMPLE_COMPARE,
    AGX_IR_SAMPLE_COMPARE_LZ,
    AGX_IR_SAMPLE_LEVEL,
    AGX_IR_SAMPLE_GRAD,
};

enum agx_ir_resinfo
{
    AGX_IR_RESINFO_FLOAT, AGX_IR_RESINFO_RCP_FLOAT, AGX_IR_RESINFO_UINT,
};

#define AGX_IR_STATUS_UNMAPPED 1u

#define AGX_IR_MAX_DST 5u                  /* 4 components and a status */

enum agx_ir_term
{
    AGX_IR_TERM_JUMP,                      /* to succ[0] */
    AGX_IR_TERM_BRANCH,                    /* cond != 0: succ[0], else succ[1] */
    AGX_IR_TERM_SWITCH,                    /* cond == case value: its block, else succ[0] */
    AGX_IR_TERM_RETURN,                    /* the lanes are done */
};

struct agx_ir_case
{
    uint32_t value, block;
};

struct agx_ir_instr
{
    uint16_t op;                           /* enum agx_ir_op */
    uint8_t flags;                         /* AGX_IR_SAT, AGX_IR_WRITERS */
    uint8_t sub;                           /* op variant: atomic op, sample op, resinfo mode */
    uint8_t dst_count, src_count;
    uint8_t aux_comp[4];                   /* LOAD_RAW: dword per result; TEX_GATHER: [0] channel */
    int8_t offset[3];                      /* texel offsets (aoffimmi) */
    uint32_t imm;                          /* op-specific immediate */
    uint32_t aux;                          /* op-specific immediate */
    agx_ir_reg dst[AGX_IR_MAX_DST];
    agx_ir_reg src[AGX_IR_MAX_SRC];
    struct agx_ir_res res, smp;            /* resource and sampler operands */
};

struct agx_ir_block
{
    uint32_t first, count;                 /* its instructions in agx_ir_program.code */
    uint8_t term;                          /* enum agx_ir_term */
    agx_ir_reg cond;
    uint32_t succ[2];
    uint32_t case_first, case_count;       /* switch: in agx_ir_program.cases */
};

struct agx_ir_const
{
    agx_ir_reg reg;
    uint32_t value;
};

struct agx_ir_program
{
    struct agx_ir_instr *code;
    uint32_t code_count, code_capacity;
    struct agx_ir_block *blocks;
    uint32_t block_count, block_capacity;
    struct agx_ir_case *cases;
    uint32_t case_count, case_capacity;
    struct agx_ir_const *consts;
    uint32_t const_count, const_capacity;
    uint32_t reg_count;
    uint32_t tgsm_bytes;
    const struct agx_shader_binding *bindings;   /* the front end's table (LOAD_CB and views) */
    uint32_t binding_count;                /* every res.slot / smp.slot is below it */
    const uint32_t *icb;                   /* LOAD_ICB's vec4s (the front end's) */
    uint32_t icb_vec4_count;
    bool pixel;                            /* lanes are quads (derivatives, implicit lods) */
    bool failed;                           /* an allocation failed while building */
};

/* ---- Builder (agx_ir_build.c) ---------------------------------------------------------
 *
 * A front end creates a program, reserves its registers, then appends blocks and their
 * instructions in execution order:
 *
 *     agx_ir_init(&p);
 *     r = agx_ir_build_regs(&p, 4);               // four fresh registers
 *     b = agx_ir_build_block(&p);                 // block 0: the entry
 *     agx_ir_build_alu(&p, AGX_IR_OP_FADD, r, a, c, AGX_IR_NONE, AGX_IR_NONE);
 *     agx_ir_build_branch(&p, b, r, then, other); // may name blocks not built yet
 *     ...
 *     hr = agx_ir_finish(&p, why, why_size);      // validates
 *
 * Instructions go to the block built last. Allocation failures are remembered and
 * reported by agx_ir_finish as E_OUTOFMEMORY, so callers need not check every call.
 */
void agx_ir_init(struct agx_ir_program *p);
void agx_ir_free(struct agx_ir_program *p);
agx_ir_reg agx_ir_build_regs(struct agx_ir_program *p, uint32_t count);
/* A register holding `value` in every lane (one per value). */
agx_ir_reg agx_ir_build_const(struct agx_ir_program *p, uint32_t value);
/* A new empty block; returns its number. Its terminator is a return until set. */
uint32_t agx_ir_build_block(struct agx_ir_program *p);
/* The number the next agx_ir_build_block returns (to name a block built later). */
uint32_t agx_ir_next_block(const struct agx_ir_program *p);
/* Appends an instruction (copied) to the current block; returns it for patching. */
struct agx_ir_instr *agx_ir_build(struct agx_ir_program *p, const struct agx_ir_instr *ins);
/* An instruction of op with every register operand AGX_IR_NONE, to fill in. */
void agx_ir_instr_init(struct agx_ir_instr *ins, enum agx_ir_op op);
/* Appends ins with src_count sources, its dst_count up to its last destination. */
struct agx_ir_instr *agx_ir_build_counted(struct agx_ir_program *p, struct agx_ir_instr *ins, uint32_t src_count);
struct agx_ir_instr *agx_ir_build_alu(struct agx_ir_program *p, enum agx_ir_op op, agx_ir_reg dst, agx_ir_reg s0,
                                      agx_ir_reg s1, agx_ir_reg s2, agx_ir_reg s3);
void agx_ir_build_jump(struct agx_ir_program *p, uint32_t block, uint32_t target);
void agx_ir_build_branch(struct agx_ir_program *p, uint32_t block, agx_ir_reg cond, uint32_t if_nonzero,
                         uint32_t if_zero);
/* A switch: cases appended with agx_ir_build_case afterwards (one block at a time). */
void agx_ir_build_switch(struct agx_ir_program *p, uint32_t block, agx_ir_reg selector, uint32_t fallback);
void agx_ir_build_case(struct agx_ir_program *p, uint32_t block, uint32_t value, uint32_t target);
void agx_ir_build_return(struct agx_ir_program *p, uint32_t block);
/* Checks the program (agx_ir_validate) after building; E_OUTOFMEMORY if building ran out. */
HRESULT agx_ir_finish(struct agx_ir_program *p, char *why, size_t why_size);

/* ---- Validator and printer (agx_ir_print.c) ------------------------------------------- */

/* Registers in range, operand counts, successors, cases and group memory in range. */
HRESULT agx_ir_validate(const struct agx_ir_program *p, char *why, size_t why_size);
const char *agx_ir_op_name(enum agx_ir_op op);
/* The program as text, one instruction a line (tests and debugging); malloc'd. */
char *agx_ir_print(const struct agx_ir_program *p);

/* ---- Executor (agx_ir_exec*.c) --------------------------------------------------------- */

struct agx_ir_exec;

HRESULT agx_ir_exec_create(const struct agx_ir_program *p, uint32_t max_lanes, struct agx_ir_exec **exec);
void agx_ir_exec_destroy(struct agx_ir_exec *exec);
/* Register reg's lanes (max_lanes values). */
uint32_t *agx_ir_exec_row(struct agx_ir_exec *exec, agx_ir_reg reg);
const uint32_t *agx_ir_exec_row_const(const struct agx_ir_exec *exec, agx_ir_reg reg);

/* Runs the program over a batch (agx_shader_batch's lanes, bindings and watchdog); lanes
 * whose flags have neither ACTIVE nor HELPER do not run. Returns false when the
 * watchdog stopped it. */
bool agx_ir_exec_run(struct agx_ir_exec *exec, const struct agx_shader_batch *batch);

#endif
