/*
 * The DXBC front end's lowering: the decoded program (struct agx_sm_instr) into the
 * shader IR (ir/agx_ir.h), the only form the device executes.
 *
 * - Registers: every component of r#, x#, v#, o#, oDepth, oMask, vCoverage and the
 *   compute system values is one IR register (agx_shader's reg_* layout); a DXBC
 *   instruction becomes one scalar operation per written component. Immediates are
 *   IR constants; constant buffer, icb and relatively addressed reads are loads into
 *   a small pool of registers reused by every instruction.
 * - DXBC reads every source before it writes: a result whose register a later
 *   operation of the same instruction still reads is computed into the pool and
 *   copied once the instruction is done.
 * - Structured flow becomes blocks in program order (a reverse post order): if/else
 *   branch to their bodies and meet at the endif's block; a loop is its header, its
 *   body, a latch that every continue and the body's end reach (jumping back to the
 *   header) and an exit block that breaks reach; a switch is a switch terminator to
 *   one block per case label, falling through in order; ret goes to a return block
 *   after everything.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_shader_private.h"

enum agx_sm_fixup_kind
{
    AGX_SM_FIX_FALSE,                     /* if: the else (or the endif's block) */
    AGX_SM_FIX_END,                       /* if: the endif's block */
    AGX_SM_FIX_BREAK,
    AGX_SM_FIX_CONTINUE,
    AGX_SM_FIX_RETURN,
};

/* A successor to fill in once its block exists: block's succ[slot], or case `slot`. */
struct agx_sm_fixup
{
    uint32_t block;
    uint32_t slot;                        /* 0, 1: succ; AGX_SM_FIX_CASE | n: cases[n] */
    uint32_t frame;
    uint8_t kind;
};

#define AGX_SM_FIX_CASE 0x80000000u

struct agx_sm_frame
{
    uint16_t opcode;                      /* if, loop, switch */
    uint32_t header;                      /* loop: its first block */
    uint32_t switch_block, case_first, case_count, case_next;
    bool has_default, has_else;
};

struct agx_sm_write
{
    const struct agx_sm_operand *op;
    uint32_t c;
    agx_ir_reg from;
    agx_ir_reg index;                     /* relative destinations: the element */
    bool sat;
};

struct agx_sm_lower
{
    struct agx_shader *shader;
    struct agx_ir_program *p;
    struct agx_sm_reader *r;
    const struct agx_sm_instr *ins;
    uint32_t block;
    agx_ir_reg *pool;
    uint32_t pool_used, pool_count;
    struct agx_sm_write writes[16];
    uint32_t write_count;
    agx_ir_reg dst_index[AGX_SM_MAX_DST]; /* relative destinations' elements, read first */
    struct agx_sm_fixup *fixups;
    uint32_t fixup_count, fixup_capacity;
    struct agx_sm_frame frames[AGX_SM_MAX_DEPTH];
    uint32_t depth;
    bool failed;
};

/* ---- Registers --------------------------------------------------------------------------- */

agx_ir_reg agx_sm_pool(struct agx_sm_lower *L)
{
    agx_ir_reg *grown;

    if (L->pool_used == L->pool_count)
    {
        if (!(grown = realloc(L->pool, (L->pool_count + 16) * sizeof(*grown))))
        {
            L->failed = true;
            return 0;
        }
        L->pool = grown;
        for (uint32_t i = 0; i < 16; ++i)
            L->pool[L->pool_count + i] = agx_ir_build_regs(L->p, 1);
        L->pool_count += 16;
    }
    return L->pool[L->pool_used++];
}

static agx_ir_reg agx_sm_const(struct agx_sm_lower *L, uint32_t value)
{
    return agx_ir_build_const(L->p, value);
}

struct agx_ir_program *agx_sm_program(struct agx_sm_lower *L)
{
    return L->p;
}

struct agx_shader *agx_sm_lowered_shader(struct agx_sm_lower *L)
{
    return L->shader;
}

static agx_ir_reg agx_sm_rel_reg(struct agx_sm_lower *L, const struct agx_sm_rel *rel)
{
    const struct agx_shader *s = L->shader;

    if (rel->type == DDI_SM5_OPERAND_TEMP)
        return s->reg_temps + rel->reg * 4 + rel->comp;
    return s->reg_indexable + (s->indexables[rel->array].offset + rel->reg) * 4 + rel->comp;
}

static agx_ir_reg agx_sm_index(struct agx_sm_lower *L, const struct agx_sm_index *index, bool with_imm)
{
    agx_ir_reg rel = agx_sm_rel_reg(L, &index->rel), out = agx_sm_pool(L);

    if (with_imm && index->imm)
        agx_ir_build_alu(L->p, AGX_IR_OP_IADD, out, rel, agx_sm_const(L, index->imm), AGX_IR_NONE, AGX_IR_NONE);
    else
        agx_ir_build_alu(L->p, AGX_IR_OP_MOV, out, rel, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
    return out;
}

void agx_sm_resource(struct agx_sm_lower *L, const struct agx_sm_operand *op, struct agx_ir_res *res)
{
    memset(res, 0, sizeof(*res));
    res->index_reg = AGX_IR_NONE;
    if (op->type == DDI_SM5_OPERAND_THREAD_GROUP_SHARED_MEMORY)
    {
        const struct agx_sm_tgsm *g = &L->shader->tgsm[op->slot];

        res->kind = AGX_IR_RES_GROUP;
        res->index = g->offset;
        res->size = g->size;
        res->stride = g->stride;
        return;
    }
    res->kind = AGX_IR_RES_BINDING;
    res->slot = op->slot;
    res->index = op->index[0].imm;
    if (op->index[0].relative)
        res->index_reg = agx_sm_index(L, &op->index[0], false);
}

static agx_ir_reg agx_sm_indexed_load(struct agx_sm_lower *L, agx_ir_reg base, uint32_t count,
                                      const struct agx_sm_index *index)
{
    agx_ir_reg out = agx_sm_pool(L);
    struct agx_ir_instr *ins;

    ins = agx_ir_build_alu(L->p, AGX_IR_OP_LOAD_INDEXED, out, agx_sm_index(L, index, true), AGX_IR_NONE,
                           AGX_IR_NONE, AGX_IR_NONE);
    ins->imm = base;
    ins->aux = count;
    return out;
}

/* v[vertex][reg].comp (vicp[point][reg].comp): inputs are laid out vertex-minor so that
 * a relative vertex index steps by 4 registers, as LOAD_INDEXED does. */
static agx_ir_reg agx_sm_vertex_input(struct agx_sm_lower *L, const struct agx_sm_operand *op, uint32_t comp)
{
    const struct agx_shader *s = L->shader;
    agx_ir_reg base = s->reg_inputs + op->index[1].imm * agx_sm_input_slots(&s->info) * 4 + comp;

    if (op->index[0].relative)
        return agx_sm_indexed_load(L, base, agx_sm_input_vertices(&s->info), &op->index[0]);
    return base + op->index[0].imm * 4;
}

agx_ir_reg agx_sm_src(struct agx_sm_lower *L, const struct agx_sm_operand *op, uint32_t c, bool integer)
{
    const struct agx_shader *s = L->shader;
    uint32_t comp = op->swizzle[c];
    struct agx_ir_instr *ins;
    agx_ir_reg reg, out;

    switch (op->type)
    {
        case DDI_SM5_OPERAND_TEMP:
            reg = s->reg_temps + op->index[0].imm * 4 + comp;
            break;
        case DDI_SM5_OPERAND_INPUT:
            if (op->index_count == 2)
                reg = agx_sm_vertex_input(L, op, comp);
            else if (op->index[0].relative)
                reg = agx_sm_indexed_load(L, s->reg_inputs + comp, AGX_SHADER_MAX_IO_REGISTERS, &op->index[0]);
            else
                reg = s->reg_inputs + op->index[0].imm * 4 + comp;
            break;
        case DDI_SM5_OPERAND_INDEXABLE_TEMP:
        {
            const struct agx_sm_indexable *x = &s->indexables[op->slot];

            if (op->index[0].relative)
                reg = agx_sm_indexed_load(L, s->reg_indexable + x->offset * 4 + comp, x->count, &op->index[0]);
            else
                reg = s->reg_indexable + (x->offset + op->index[0].imm) * 4 + comp;
            break;
        }
        case DDI_SM5_OPERAND_IMMEDIATE32:
            reg = agx_sm_const(L, op->imm[comp]);
            break;
        case DDI_SM5_OPERAND_CONSTANT_BUFFER:
        case DDI_SM5_OPERAND_IMMEDIATE_CONSTANT_BUFFER:
        {
            bool cb = op->type == DDI_SM5_OPERAND_CONSTANT_BUFFER;
            const struct agx_sm_index *vec4 = &op->index[cb ? 1 : 0];
            agx_ir_reg rel = vec4->relative ? agx_sm_index(L, vec4, false) : AGX_IR_NONE;
            struct agx_ir_res res;

            if (cb)
                agx_sm_resource(L, op, &res);
            reg = agx_sm_pool(L);
            ins = agx_ir_build_alu(L->p, cb ? AGX_IR_OP_LOAD_CB : AGX_IR_OP_LOAD_ICB, reg, rel, AGX_IR_NONE,
                                   AGX_IR_NONE, AGX_IR_NONE);
            if (cb)
                ins->res = res;
            ins->imm = comp;
            ins->aux = vec4->imm;
            break;
        }
        case DDI_SM5_OPERAND_INPUT_THREAD_ID:
            reg = s->reg_sysvals + comp;
            break;
        case DDI_SM5_OPERAND_INPUT_THREAD_GROUP_ID:
            reg = s->reg_sysvals + 4 + comp;
            break;
        case DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP:
            reg = s->reg_sysvals + 8 + comp;
            break;
        case DDI_SM5_OPERAND_INPUT_THREAD_ID_IN_GROUP_FLATTENED:
            reg = s->reg_sysvals + 12;
            break;
        case DDI_SM5_OPERAND_INPUT_COVERAGE_MASK:
            reg = s->reg_coverage_in;
            break;
        case DDI_SM5_OPERAND_INPUT_PRIMITIVEID:
            reg = s->reg_sysvals + AGX_SM_SYSVAL_PRIMITIVE_ID;
            break;
        case DDI_SM5_OPERAND_INPUT_GS_INSTANCE_ID:
            reg = s->reg_sysvals + AGX_SM_SYSVAL_GS_INSTANCE_ID;
            break;
        case DDI_SM5_OPERAND_OUTPUT_CONTROL_POINT_ID:
            reg = s->reg_sysvals + AGX_SM_SYSVAL_OUTPUT_CONTROL_POINT_ID;
            break;
        case DDI_SM5_OPERAND_INPUT_CONTROL_POINT:
            reg = agx_sm_vertex_input(L, op, comp);
            break;
        case DDI_SM5_OPERAND_INPUT_PATCH_CONSTANT:
            if (op->index[0].relative)
                reg = agx_sm_indexed_load(L, s->reg_patch_constants + comp, AGX_SHADER_MAX_IO_REGISTERS,
                                          &op->index[0]);
            else
                reg = s->reg_patch_constants + op->index[0].imm * 4 + comp;
            break;
        case DDI_SM5_OPERAND_INPUT_DOMAIN_POINT:
            /* u, v, w; a fourth component reads 0. */
            reg = comp < 3 ? s->reg_sysvals + AGX_SM_SYSVAL_DOMAIN + comp : agx_sm_const(L, 0);
            break;
        default:
            reg = agx_sm_const(L, 0);
            break;
    }
    if (op->modifier & DDI_SM5_MODIFIER_ABS)
    {
        out = agx_sm_pool(L);
        agx_ir_build_alu(L->p, integer ? AGX_IR_OP_IABS : AGX_IR_OP_FABS, out, reg, AGX_IR_NONE, AGX_IR_NONE,
                         AGX_IR_NONE);
        reg = out;
    }
    if (op->modifier & DDI_SM5_MODIFIER_NEG)
    {
        out = agx_sm_pool(L);
        agx_ir_build_alu(L->p, integer ? AGX_IR_OP_INEG : AGX_IR_OP_FNEG, out, reg, AGX_IR_NONE, AGX_IR_NONE,
                         AGX_IR_NONE);
        reg = out;
    }
    return reg;
}

/* ---- Destinations ------------------------------------------------------------------------ */

static bool agx_sm_is_output(const struct agx_sm_operand *op)
{
    return op->type == DDI_SM5_OPERAND_OUTPUT || op->type == DDI_SM5_OPERAND_OUTPUT_DEPTH
            || op->type == DDI_SM5_OPERAND_OUTPUT_DEPTH_GREATER_EQUAL
            || op->type == DDI_SM5_OPERAND_OUTPUT_DEPTH_LESS_EQUAL
            || op->type == DDI_SM5_OPERAND_OUTPUT_COVERAGE_MASK;
}

/* The register a static destination component names; AGX_IR_NONE for relative ones
 * (and for what names no register). */
static agx_ir_reg agx_sm_dst_reg(const struct agx_sm_lower *L, const struct agx_sm_operand *op, uint32_t c)
{
    const struct agx_shader *s = L->shader;

    switch (op->type)
    {
        case DDI_SM5_OPERAND_TEMP:
            return s->reg_temps + op->index[0].imm * 4 + c;
        case DDI_SM5_OPERAND_OUTPUT:
            return op->index[0].relative ? AGX_IR_NONE : s->reg_outputs + op->index[0].imm * 4 + c;
        case DDI_SM5_OPERAND_INDEXABLE_TEMP:
            return op->index[0].relative ? AGX_IR_NONE
                    : s->reg_indexable + (s->indexables[op->slot].offset + op->index[0].imm) * 4 + c;
        case DDI_SM5_OPERAND_OUTPUT_DEPTH:
        case DDI_SM5_OPERAND_OUTPUT_DEPTH_GREATER_EQUAL:
        case DDI_SM5_OPERAND_OUTPUT_DEPTH_LESS_EQUAL:
            return s->reg_depth;
        case DDI_SM5_OPERAND_OUTPUT_COVERAGE_MASK:
            return s->reg_coverage_out;
        default:
            return AGX_IR_NONE;
    }
}

static bool agx_sm_dst_relative(const struct agx_sm_operand *op)
{
    return (op->type == DDI_SM5_OPERAND_OUTPUT || op->type == DDI_SM5_OPERAND_INDEXABLE_TEMP)
            && op->index[0].relative;
}

/* Queues a copy of `from` to destination component c, emitted by agx_sm_flush. */
void agx_sm_defer(struct agx_sm_lower *L, const struct agx_sm_operand *op, uint32_t c, agx_ir_reg from, bool sat)
{
    struct agx_sm_write *w;

    if (L->write_count == AGX_ARRAY_SIZE(L->writes))
    {
        L->failed = true;
        return;
    }
    w = &L->writes[L->write_count++];
    w->op = op;
    w->c = c;
    w->from = from;
    w->sat = sat;
    w->index = AGX_IR_NONE;
    if (agx_sm_dst_relative(op))
        w->index = L->dst_index[op == &L->ins->dst[0] ? 0 : 1];
}

static void agx_sm_flush(struct agx_sm_lower *L)
{
    const struct agx_shader *s = L->shader;
    uint32_t i;

    for (i = 0; i < L->write_count; ++i)
    {
        const struct agx_sm_write *w = &L->writes[i];
        uint8_t writers = agx_sm_is_output(w->op) ? AGX_IR_WRITERS : 0;
        struct agx_ir_instr *ins;
        agx_ir_reg from = w->from;

        if (w->index == AGX_IR_NONE)
        {
            ins = agx_ir_build_alu(L->p, AGX_IR_OP_MOV, agx_sm_dst_reg(L, w->op, w->c), from, AGX_IR_NONE,
                                   AGX_IR_NONE, AGX_IR_NONE);
            ins->flags = writers | (w->sat ? AGX_IR_SAT : 0);
            continue;
        }
        if (w->sat)
        {
            agx_ir_reg sat = agx_sm_pool(L);

            agx_ir_build_alu(L->p, AGX_IR_OP_FSAT, sat, from, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
            from = sat;
        }
        ins = agx_ir_build_alu(L->p, AGX_IR_OP_STORE_INDEXED, AGX_IR_NONE, w->index, from, AGX_IR_NONE,
                               AGX_IR_NONE);
        ins->flags = writers;
        if (w->op->type == DDI_SM5_OPERAND_OUTPUT)
        {
            ins->imm = s->reg_outputs + w->c;
            ins->aux = AGX_SHADER_MAX_IO_REGISTERS;
        }
        else
        {
            ins->imm = s->reg_indexable + s->indexables[w->op->slot].offset * 4 + w->c;
            ins->aux = s->indexables[w->op->slot].count;
        }
    }
    L->write_count = 0;
}

/* Where an operation that reads all its sources before writing puts destination
 * component c: the register itself where nothing is applied on the way, else a pool
 * register copied by agx_sm_flush. */
agx_ir_reg agx_sm_result(struct agx_sm_lower *L, const struct agx_sm_operand *op, uint32_t c)
{
    agx_ir_reg reg = agx_sm_dst_reg(L, op, c), pool;

    if (reg != AGX_IR_NONE && !agx_sm_is_output(op) && !L->ins->saturate)
        return reg;
    pool = agx_sm_pool(L);
    agx_sm_defer(L, op, c, pool, L->ins->saturate);
    return pool;
}

/* ---- ALU --------------------------------------------------------------------------------- */

struct agx_sm_scalar
{
    enum agx_ir_op op;
    agx_ir_reg src[4];
    const struct agx_sm_operand *dst;
    uint32_t c;
};

/* Emits scalar operations in order; one whose register a later one reads goes
 * through the pool. */
static void agx_sm_emit_scalars(struct agx_sm_lower *L, const struct agx_sm_scalar *ops, uint32_t count)
{
    uint32_t k, j, s;

    for (k = 0; k < count; ++k)
    {
        const struct agx_sm_scalar *o = &ops[k];
        agx_ir_reg reg = agx_sm_dst_reg(L, o->dst, o->c);
        bool hazard = reg == AGX_IR_NONE || agx_sm_dst_relative(o->dst);
        struct agx_ir_instr *ins;

        for (j = k + 1; j < count && !hazard; ++j)
            for (s = 0; s < 4; ++s)
                hazard |= ops[j].src[s] == reg;
        if (hazard)
        {
            agx_ir_reg pool = agx_sm_pool(L);

            ins = agx_ir_build_alu(L->p, o->op, pool, o->src[0], o->src[1], o->src[2], o->src[3]);
            ins->flags = L->ins->saturate ? AGX_IR_SAT : 0;
            agx_sm_defer(L, o->dst, o->c, pool, false);
            continue;
        }
        ins = agx_ir_build_alu(L->p, o->op, reg, o->src[0], o->src[1], o->src[2], o->src[3]);
        ins->flags = (L->ins->saturate ? AGX_IR_SAT : 0) | (agx_sm_is_output(o->dst) ? AGX_IR_WRITERS : 0);
    }
}

struct agx_sm_alu_map
{
    uint16_t opcode;
    uint8_t op0, op1;                     /* IR operations for destination 0 and 1 */
    uint8_t srcs, int_mask;               /* int_mask bit s: source s is an integer */
    bool swap;                            /* swapc: destination 1 takes sources 1 and 2 swapped */
};

#define ONE(dxbc, ir, n, ints) {DDI_SM5_OP_##dxbc, AGX_IR_OP_##ir, AGX_IR_OP_COUNT, n, ints, false}
#define TWO(dxbc, ir0, ir1, n, ints) {DDI_SM5_OP_##dxbc, AGX_IR_OP_##ir0, AGX_IR_OP_##ir1, n, ints, false}

static const struct agx_sm_alu_map agx_sm_alu_ops[] =
{
    ONE(ADD, FADD, 2, 0), ONE(MUL, FMUL, 2, 0), ONE(MAD, FMAD, 3, 0), ONE(DIV, FDIV, 2, 0),
    ONE(MIN, FMIN, 2, 0), ONE(MAX, FMAX, 2, 0), ONE(SQRT, FSQRT, 1, 0), ONE(RSQ, FRSQ, 1, 0),
    ONE(RCP, FRCP, 1, 0), ONE(EXP, FEXP2, 1, 0), ONE(LOG, FLOG2, 1, 0), ONE(FRC, FFRACT, 1, 0),
    ONE(ROUND_NE, FROUND_NE, 1, 0), ONE(ROUND_NI, FFLOOR, 1, 0), ONE(ROUND_PI, FCEIL, 1, 0),
    ONE(ROUND_Z, FTRUNC, 1, 0), ONE(EQ, FEQ, 2, 0), ONE(NE, FNE, 2, 0), ONE(LT, FLT, 2, 0),
    ONE(GE, FGE, 2, 0), TWO(SINCOS, FSIN, FCOS, 1, 0),
    ONE(FTOI, F2I, 1, 0), ONE(FTOU, F2U, 1, 0), ONE(ITOF, I2F, 1, 1), ONE(UTOF, U2F, 1, 1),
    ONE(F32TOF16, F2F16, 1, 0), ONE(F16TOF32, F16TOF32, 1, 1),
    ONE(IADD, IADD, 2, 3), ONE(IMAD, IMAD, 3, 7), ONE(UMAD, IMAD, 3, 7), ONE(IMAX, IMAX, 2, 3),
    ONE(IMIN, IMIN, 2, 3), ONE(UMAX, UMAX, 2, 3), ONE(UMIN, UMIN, 2, 3), ONE(AND, AND, 2, 3),
    ONE(OR, OR, 2, 3), ONE(XOR, XOR, 2, 3), ONE(NOT, NOT, 1, 1),
    ONE(CHECK_ACCESS_FULLY_MAPPED, IS_MAPPED, 1, 1), ONE(INEG, INEG, 1, 1), ONE(ISHL, ISHL, 2, 3),
    ONE(ISHR, ISHR, 2, 3), ONE(USHR, USHR, 2, 3), ONE(IEQ, IEQ, 2, 3), ONE(INE, INE, 2, 3),
    ONE(ILT, ILT, 2, 3), ONE(IGE, IGE, 2, 3), ONE(ULT, ULT, 2, 3), ONE(UGE, UGE, 2, 3),
    TWO(IMUL, IMUL_HI, IMUL, 2, 3), TWO(UMUL, UMUL_HI, IMUL, 2, 3), TWO(UDIV, UDIV, UREM, 2, 3),
    TWO(UADDC, IADD, UADD_CARRY, 2, 3), TWO(USUBB, ISUB, USUB_BORROW, 2, 3),
    ONE(BFI, BFI, 4, 15), ONE(MSAD, MSAD, 3, 7), ONE(UBFE, UBFE, 3, 7), ONE(IBFE, IBFE, 3, 7),
    ONE(BFREV, BFREV, 1, 1), ONE(COUNTBITS, POPCOUNT, 1, 1), ONE(FIRSTBIT_HI, FIRSTBIT_HI, 1, 1),
    ONE(FIRSTBIT_LO, FIRSTBIT_LO, 1, 1), ONE(FIRSTBIT_SHI, FIRSTBIT_SHI, 1, 1),
    ONE(MOV, MOV, 1, 0), ONE(MOVC, MOVC, 3, 1), {DDI_SM5_OP_SWAPC, AGX_IR_OP_MOVC, AGX_IR_OP_MOVC, 3, 1, true},
    ONE(DERIV_RTX, FDDX_COARSE, 1, 0), ONE(DERIV_RTX_COARSE, FDDX_COARSE, 1, 0),
    ONE(DERIV_RTX_FINE, FDDX_FINE, 1, 0), ONE(DERIV_RTY, FDDY_COARSE, 1, 0),
    ONE(DERIV_RTY_COARSE, FDDY_COARSE, 1, 0), ONE(DERIV_RTY_FINE, FDDY_FINE, 1, 0),
};

#undef ONE
#undef TWO

static bool agx_sm_lower_alu(struct agx_sm_lower *L, const struct agx_sm_instr *ins)
{
    const struct agx_sm_alu_map *m = NULL;
    struct agx_sm_scalar ops[8];
    uint32_t i, c, s, count = 0;

    for (i = 0; i < AGX_ARRAY_SIZE(agx_sm_alu_ops) && !m; ++i)
        if (agx_sm_alu_ops[i].opcode == ins->opcode)
            m = &agx_sm_alu_ops[i];
    if (!m)
        return false;
    for (c = 0; c < 4; ++c)
    {
        uint32_t mask0 = ins->dst[0].mask, mask1 = m->op1 != AGX_IR_OP_COUNT ? ins->dst[1].mask : 0;
        agx_ir_reg src[4] = {AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE};

        if (!((mask0 | mask1) & (1u << c)))
            continue;
        for (s = 0; s < m->srcs; ++s)
            src[s] = agx_sm_src(L, &ins->src[s], c, (m->int_mask >> s) & 1);
        if (mask0 & (1u << c))
        {
            ops[count] = (struct agx_sm_scalar){m->op0, {src[0], src[1], src[2], src[3]}, &ins->dst[0], c};
            if (m->swap)
                ops[count].src[1] = src[2], ops[count].src[2] = src[1];
            ++count;
        }
        if (mask1 & (1u << c))
            ops[count++] = (struct agx_sm_scalar){m->op1, {src[0], src[1], src[2], src[3]}, &ins->dst[1], c};
    }
    agx_sm_emit_scalars(L, ops, count);
    return true;
}

/* dp2/dp3/dp4: products summed in order, the sum written to every masked component. */
static void agx_sm_lower_dot(struct agx_sm_lower *L, const struct agx_sm_instr *ins, uint32_t n)
{
    agx_ir_reg sum = agx_sm_pool(L), a, b;
    uint32_t c;

    for (c = 0; c < n; ++c)
    {
        a = agx_sm_src(L, &ins->src[0], c, false);
        b = agx_sm_src(L, &ins->src[1], c, false);
        if (!c)
            agx_ir_build_alu(L->p, AGX_IR_OP_FMUL, sum, a, b, AGX_IR_NONE, AGX_IR_NONE);
        else
            agx_ir_build_alu(L->p, AGX_IR_OP_FMAD, sum, a, b, sum, AGX_IR_NONE);
    }
    for (c = 0; c < 4; ++c)
        if (ins->dst[0].mask & (1u << c))
            agx_sm_defer(L, &ins->dst[0], c, sum, ins->saturate);
}

/* ---- Flow -------------------------------------------------------------------------------- */

static void agx_sm_fixup(struct agx_sm_lower *L, uint32_t block, uint32_t slot, enum agx_sm_fixup_kind kind,
                         uint32_t frame)
{
    struct agx_sm_fixup *grown;

    if (L->fixup_count == L->fixup_capacity)
    {
        uint32_t capacity = L->fixup_capacity ? L->fixup_capacity * 2 : 32;

        if (!(grown = realloc(L->fixups, capacity * sizeof(*grown))))
        {
            L->failed = true;
            return;
        }
        L->fixups = grown;
        L->fixup_capacity = capacity;
    }
    L->fixups[L->fixup_count++] = (struct agx_sm_fixup){block, slot, frame, kind};
}

/* Points the fixups of `kind` for frame `frame` at block `target`, and drops them. */
static void agx_sm_resolve(struct agx_sm_lower *L, enum agx_sm_fixup_kind kind, uint32_t frame, uint32_t target)
{
    uint32_t i, kept = 0;

    if (L->p->failed)
        return;                           /* the blocks and cases may be missing */
    for (i = 0; i < L->fixup_count; ++i)
    {
        struct agx_sm_fixup *f = &L->fixups[i];

        if (f->kind != kind || f->frame != frame)
        {
            L->fixups[kept++] = *f;
            continue;
        }
        if (f->slot & AGX_SM_FIX_CASE)
            L->p->cases[f->slot & ~AGX_SM_FIX_CASE].block = target;
        else
            L->p->blocks[f->block].succ[f->slot] = target;
    }
    L->fixup_count = kept;
}

/* Ends the current block falling into a new one. */
static uint32_t agx_sm_next_block(struct agx_sm_lower *L)
{
    uint32_t prev = L->block;

    L->block = agx_ir_build_block(L->p);
    agx_ir_build_jump(L->p, prev, L->block);
    return L->block;
}

/* The innermost loop (or, for breaks, loop or switch) frame. */
static uint32_t agx_sm_target_frame(const struct agx_sm_lower *L, bool loop_only)
{
    uint32_t j;

    for (j = L->depth; j-- > 0;)
        if (L->frames[j].opcode == DDI_SM5_OP_LOOP || (!loop_only && L->frames[j].opcode == DDI_SM5_OP_SWITCH))
            return j;
    return 0;                             /* the decoder checked there is one */
}

/* A conditional exit: the current block branches to the fixup's target when the test
 * passes, else to a new block. */
static void agx_sm_exit_if(struct agx_sm_lower *L, const struct agx_sm_instr *ins, enum agx_sm_fixup_kind kind,
                           uint32_t frame)
{
    agx_ir_reg cond = agx_sm_src(L, &ins->src[0], 0, true);
    uint32_t from = L->block, next;

    L->block = next = agx_ir_build_block(L->p);
    agx_ir_build_branch(L->p, from, cond, ins->test_nonzero ? 0 : next, ins->test_nonzero ? next : 0);
    agx_sm_fixup(L, from, ins->test_nonzero ? 0 : 1, kind, frame);
}

static void agx_sm_exit(struct agx_sm_lower *L, enum agx_sm_fixup_kind kind, uint32_t frame)
{
    uint32_t from = L->block;

    L->block = agx_ir_build_block(L->p);   /* what follows is reached only by a label */
    agx_ir_build_jump(L->p, from, 0);
    agx_sm_fixup(L, from, 0, kind, frame);
}

static void agx_sm_lower_flow(struct agx_sm_lower *L, const struct agx_sm_instr *ins)
{
    struct agx_sm_frame *f = L->depth ? &L->frames[L->depth - 1] : NULL;
    uint32_t from = L->block, i;

    switch (ins->opcode)
    {
        case DDI_SM5_OP_IF:
        {
            agx_ir_reg cond = agx_sm_src(L, &ins->src[0], 0, true);

            f = &L->frames[L->depth++];
            memset(f, 0, sizeof(*f));
            f->opcode = ins->opcode;
            L->block = agx_ir_build_block(L->p);
            agx_ir_build_branch(L->p, from, cond, ins->test_nonzero ? L->block : 0,
                                ins->test_nonzero ? 0 : L->block);
            agx_sm_fixup(L, from, ins->test_nonzero ? 1 : 0, AGX_SM_FIX_FALSE, L->depth - 1);
            break;
        }
        case DDI_SM5_OP_ELSE:
            L->block = agx_ir_build_block(L->p);
            agx_ir_build_jump(L->p, from, 0);
            agx_sm_fixup(L, from, 0, AGX_SM_FIX_END, L->depth - 1);
            agx_sm_resolve(L, AGX_SM_FIX_FALSE, L->depth - 1, L->block);
            f->has_else = true;
            break;
        case DDI_SM5_OP_ENDIF:
            agx_sm_next_block(L);
            agx_sm_resolve(L, AGX_SM_FIX_FALSE, L->depth - 1, L->block);
            agx_sm_resolve(L, AGX_SM_FIX_END, L->depth - 1, L->block);
            --L->depth;
            break;
        case DDI_SM5_OP_LOOP:
            f = &L->frames[L->depth++];
            memset(f, 0, sizeof(*f));
            f->opcode = ins->opcode;
            f->header = agx_sm_next_block(L);
            break;
        case DDI_SM5_OP_ENDLOOP:
        {
            uint32_t latch = agx_sm_next_block(L);

            agx_sm_resolve(L, AGX_SM_FIX_CONTINUE, L->depth - 1, latch);
            L->block = agx_ir_build_block(L->p);
            agx_ir_build_jump(L->p, latch, f->header);        /* the back edge */
            agx_sm_resolve(L, AGX_SM_FIX_BREAK, L->depth - 1, L->block);
            --L->depth;
            break;
        }
        case DDI_SM5_OP_BREAK:
        case DDI_SM5_OP_BREAKC:
        case DDI_SM5_OP_CONTINUE:
        case DDI_SM5_OP_CONTINUEC:
        case DDI_SM5_OP_RET:
        case DDI_SM5_OP_RETC:
        {
            bool ret = ins->opcode == DDI_SM5_OP_RET || ins->opcode == DDI_SM5_OP_RETC;
            bool cont = ins->opcode == DDI_SM5_OP_CONTINUE || ins->opcode == DDI_SM5_OP_CONTINUEC;
            enum agx_sm_fixup_kind kind = ret ? AGX_SM_FIX_RETURN : cont ? AGX_SM_FIX_CONTINUE : AGX_SM_FIX_BREAK;
            uint32_t frame = ret ? 0 : agx_sm_target_frame(L, cont);

            if (agx_sm_opcode_info(ins->opcode)->flags & DDI_SM5_OPF_TEST)
                agx_sm_exit_if(L, ins, kind, frame);
            else
                agx_sm_exit(L, kind, frame);
            break;
        }
        case DDI_SM5_OP_SWITCH:
        {
            agx_ir_reg sel = agx_sm_src(L, &ins->src[0], 0, true);

            f = &L->frames[L->depth++];
            memset(f, 0, sizeof(*f));
            f->opcode = ins->opcode;
            f->switch_block = from;
            f->case_first = L->p->case_count;
            f->case_count = ins->case_count;
            agx_ir_build_switch(L->p, from, sel, 0);
            for (i = 0; i < ins->case_count; ++i)
                agx_ir_build_case(L->p, from, L->shader->cases[ins->case_first + i], 0);
            L->block = agx_ir_build_block(L->p);   /* nothing reaches code before a case */
            break;
        }
        case DDI_SM5_OP_CASE:
            agx_sm_next_block(L);
            if (f->case_next < f->case_count && !L->p->failed)
                L->p->cases[f->case_first + f->case_next++].block = L->block;
            break;
        case DDI_SM5_OP_DEFAULT:
            agx_sm_next_block(L);
            if (!L->p->failed)
                L->p->blocks[f->switch_block].succ[0] = L->block;
            f->has_default = true;
            break;
        case DDI_SM5_OP_ENDSWITCH:
            agx_sm_next_block(L);
            if (!f->has_default && !L->p->failed)
                L->p->blocks[f->switch_block].succ[0] = L->block;
            agx_sm_resolve(L, AGX_SM_FIX_BREAK, L->depth - 1, L->block);
            --L->depth;
            break;
        default:
            break;
    }
}

/* ---- The program ------------------------------------------------------------------------- */

static void agx_sm_lower_instr(struct agx_sm_lower *L, const struct agx_sm_instr *ins)
{
    L->ins = ins;
    L->pool_used = 0;
    /* A relative destination's element is read before anything is written: a write of
     * this same instruction may change the index register. */
    for (uint32_t d = 0; d < ins->dst_count; ++d)
        L->dst_index[d] = agx_sm_dst_relative(&ins->dst[d]) ? agx_sm_index(L, &ins->dst[d].index[0], true)
                : AGX_IR_NONE;
    if (agx_sm_opcode_info(ins->opcode)->flags & DDI_SM5_OPF_FLOW)
    {
        agx_sm_lower_flow(L, ins);
        return;
    }
    switch (ins->opcode)
    {
        case DDI_SM5_OP_NOP:
            return;
        case DDI_SM5_OP_DP2: agx_sm_lower_dot(L, ins, 2); break;
        case DDI_SM5_OP_DP3: agx_sm_lower_dot(L, ins, 3); break;
        case DDI_SM5_OP_DP4: agx_sm_lower_dot(L, ins, 4); break;
        case DDI_SM5_OP_DISCARD:
        {
            agx_ir_reg cond = agx_sm_src(L, &ins->src[0], 0, true);

            if (!ins->test_nonzero)
            {
                agx_ir_reg zero = agx_sm_pool(L);

                agx_ir_build_alu(L->p, AGX_IR_OP_IEQ, zero, cond, agx_sm_const(L, 0), AGX_IR_NONE, AGX_IR_NONE);
                cond = zero;
            }
            agx_ir_build_alu(L->p, AGX_IR_OP_DISCARD, AGX_IR_NONE, cond, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
            break;
        }
        case DDI_SM5_OP_EMIT:
        case DDI_SM5_OP_CUT:
        case DDI_SM5_OP_EMITTHENCUT:
        case DDI_SM5_OP_EMIT_STREAM:
        case DDI_SM5_OP_CUT_STREAM:
        case DDI_SM5_OP_EMITTHENCUT_STREAM:
            agx_sm_lower_gs(L, ins);
            break;
        case DDI_SM5_OP_SYNC:
            agx_ir_build_alu(L->p, AGX_IR_OP_BARRIER, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE,
                             AGX_IR_NONE);
            break;
        default:
            if (!agx_sm_lower_alu(L, ins) && !agx_sm_lower_pixel(L, ins))
                agx_sm_lower_memory(L, ins);
            break;
    }
    agx_sm_flush(L);
}

/* The register layout: r#, x#, v#, o#, oDepth, oMask, vCoverage, system values. */
static void agx_sm_layout(struct agx_shader *s, struct agx_ir_program *p)
{
    s->reg_temps = agx_ir_build_regs(p, s->temp_count * 4);
    s->reg_indexable = agx_ir_build_regs(p, s->indexable_rows * 4);
    s->reg_inputs = agx_ir_build_regs(p, AGX_SHADER_MAX_IO_REGISTERS * 4 * agx_sm_input_slots(&s->info));
    s->reg_outputs = agx_ir_build_regs(p, AGX_SHADER_MAX_IO_REGISTERS * 4);
    s->reg_depth = agx_ir_build_regs(p, 1);
    s->reg_coverage_out = agx_ir_build_regs(p, 1);
    s->reg_coverage_in = agx_ir_build_regs(p, 1);
    s->reg_sysvals = agx_ir_build_regs(p, 16);
    if (s->info.stage == AGX_SHADER_STAGE_GEOMETRY)
        agx_sm_layout_gs(s, p);
    if (s->info.stage == AGX_SHADER_STAGE_DOMAIN)
        s->reg_patch_constants = agx_ir_build_regs(p, AGX_SHADER_MAX_IO_REGISTERS * 4);
}

HRESULT agx_sm_lower_program(struct agx_shader *shader, struct agx_sm_reader *r)
{
    struct agx_ir_program *p = &shader->ir;
    struct agx_sm_lower L;
    uint32_t i, end;
    HRESULT hr;

    memset(&L, 0, sizeof(L));
    L.shader = shader;
    L.p = p;
    L.r = r;
    agx_ir_init(p);
    p->bindings = shader->bindings;
    p->binding_count = shader->info.binding_count;
    p->icb = shader->icb;
    p->icb_vec4_count = shader->icb_vec4_count;
    p->tgsm_bytes = shader->info.tgsm_bytes;
    p->pixel = shader->info.stage == AGX_SHADER_STAGE_PIXEL;
    agx_sm_layout(shader, p);
    L.block = agx_ir_build_block(p);
    for (i = 0; i < shader->code_count && !L.failed && !p->failed; ++i)
        agx_sm_lower_instr(&L, &shader->code[i]);
    end = agx_sm_next_block(&L);
    agx_sm_resolve(&L, AGX_SM_FIX_RETURN, 0, end);
    agx_ir_build_return(p, end);
    free(L.fixups);
    free(L.pool);
    if (L.failed || p->failed)
        return E_OUTOFMEMORY;
    r->pos = UINT32_MAX;
    r->context = NULL;
    hr = agx_ir_finish(p, r->why, r->why_size);
    return hr;
}
