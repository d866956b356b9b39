/*
 * The IR's validator (what the executor relies on) and printer (tests, debugging).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_ir.h"
#include "ddi_dxbc.h"                    /* ddi_dxbc_fail: the message helper drivers share */

static const char *const agx_ir_op_names[AGX_IR_OP_COUNT] =
{
#define AGX_IR_X(name, srcs) #name,
    AGX_IR_OPS(AGX_IR_X)
#undef AGX_IR_X
};

static const int8_t agx_ir_op_srcs[AGX_IR_OP_COUNT] =
{
#define AGX_IR_X(name, srcs) srcs,
    AGX_IR_OPS(AGX_IR_X)
#undef AGX_IR_X
};

const char *agx_ir_op_name(enum agx_ir_op op)
{
    return (unsigned)op < AGX_IR_OP_COUNT ? agx_ir_op_names[op] : "?";
}

/* Sources the executor reads unconditionally, for the operations whose count varies
 * (bit s: source s). */
static uint32_t agx_ir_required_sources(const struct agx_ir_instr *ins)
{
    switch (ins->op)
    {
        case AGX_IR_OP_LOAD_RAW:
        case AGX_IR_OP_STORE_RAW:
            return ins->sub ? 0x3u : 0x1u;
        case AGX_IR_OP_ATOMIC:
            return 0x1u | 0x8u | (ins->aux == AGX_IR_ADDR_STRUCTURED ? 0x2u : 0)
                    | (ins->aux == AGX_IR_ADDR_TYPED ? 0x7u : 0);
        case AGX_IR_OP_TEX_SAMPLE:
            return ins->sub == AGX_IR_SAMPLE_IMPLICIT || ins->sub == AGX_IR_SAMPLE_GRAD ? 0 : 0x10u;
        case AGX_IR_OP_TEX_GATHER:
            return ins->aux ? 0x10u : 0;
        case AGX_IR_OP_EVAL:
            return 0x4u | (ins->sub == AGX_SHADER_EVAL_SAMPLE ? 0x1u : ins->sub == AGX_SHADER_EVAL_SNAPPED ? 0x3u : 0);
        default:
            return 0;
    }
}

static bool agx_ir_reg_ok(const struct agx_ir_program *p, agx_ir_reg r)
{
    return r == AGX_IR_NONE || r < p->reg_count;
}

HRESULT agx_ir_validate(const struct agx_ir_program *p, char *why, size_t why_size)
{
    uint32_t b, i, k, end = 0;

    if (!p->block_count)
        return ddi_dxbc_fail(why, why_size, "IR: the program has no block");
    for (b = 0; b < p->block_count; ++b)
    {
        const struct agx_ir_block *blk = &p->blocks[b];

        if (blk->first != end || blk->count > p->code_count - end)
            return ddi_dxbc_fail(why, why_size, "IR: block %u's instructions are out of order", b);
        end += blk->count;
        if (blk->term > AGX_IR_TERM_RETURN)
            return ddi_dxbc_fail(why, why_size, "IR: block %u has an unknown terminator", b);
        if (blk->term == AGX_IR_TERM_BRANCH || blk->term == AGX_IR_TERM_SWITCH)
            if (blk->cond == AGX_IR_NONE || !agx_ir_reg_ok(p, blk->cond))
                return ddi_dxbc_fail(why, why_size, "IR: block %u branches on a bad register", b);
        for (k = 0; k < (blk->term == AGX_IR_TERM_BRANCH ? 2u : blk->term == AGX_IR_TERM_RETURN ? 0u : 1u); ++k)
            if (blk->succ[k] >= p->block_count)
                return ddi_dxbc_fail(why, why_size, "IR: block %u jumps to block %u of %u", b, blk->succ[k],
                                      p->block_count);
        if (blk->term == AGX_IR_TERM_SWITCH)
        {
            if (blk->case_first > p->case_count || blk->case_count > p->case_count - blk->case_first)
                return ddi_dxbc_fail(why, why_size, "IR: block %u's cases are out of range", b);
            for (k = 0; k < blk->case_count; ++k)
                if (p->cases[blk->case_first + k].block >= p->block_count)
                    return ddi_dxbc_fail(why, why_size, "IR: block %u has a case to a missing block", b);
        }
        for (i = blk->first; i < blk->first + blk->count; ++i)
        {
            const struct agx_ir_instr *ins = &p->code[i];

            if (ins->op >= AGX_IR_OP_COUNT)
                return ddi_dxbc_fail(why, why_size, "IR: instruction %u has an unknown operation", i);
            if (agx_ir_op_srcs[ins->op] >= 0 && ins->src_count != agx_ir_op_srcs[ins->op])
                return ddi_dxbc_fail(why, why_size, "IR: %s at %u takes %d sources, not %u",
                                      agx_ir_op_names[ins->op], i, agx_ir_op_srcs[ins->op], ins->src_count);
            if (ins->src_count > AGX_IR_MAX_SRC || ins->dst_count > AGX_IR_MAX_DST)
                return ddi_dxbc_fail(why, why_size, "IR: instruction %u has too many operands", i);
            for (k = 0; k < AGX_IR_MAX_SRC; ++k)
                if (!agx_ir_reg_ok(p, ins->src[k]) || (k < ins->src_count && agx_ir_op_srcs[ins->op] >= 0
                                                      && ins->src[k] == AGX_IR_NONE))
                    return ddi_dxbc_fail(why, why_size, "IR: %s at %u reads a bad register",
                                          agx_ir_op_names[ins->op], i);
            for (k = 0; k < AGX_IR_MAX_SRC; ++k)
                if ((agx_ir_required_sources(ins) >> k & 1) && ins->src[k] == AGX_IR_NONE)
                    return ddi_dxbc_fail(why, why_size, "IR: %s at %u lacks source %u",
                                         agx_ir_op_names[ins->op], i, k);
            for (k = 0; k < AGX_IR_MAX_DST; ++k)
                if (!agx_ir_reg_ok(p, ins->dst[k]))
                    return ddi_dxbc_fail(why, why_size, "IR: %s at %u writes a bad register",
                                          agx_ir_op_names[ins->op], i);
            if ((ins->res.kind == AGX_IR_RES_BINDING && ins->res.slot >= p->binding_count)
                    || (ins->smp.kind == AGX_IR_RES_BINDING && ins->smp.slot >= p->binding_count)
                    || (ins->op == AGX_IR_OP_LOAD_CB && ins->res.kind != AGX_IR_RES_BINDING))
                return ddi_dxbc_fail(why, why_size, "IR: %s at %u names a binding outside the table",
                                      agx_ir_op_names[ins->op], i);
            if (!agx_ir_reg_ok(p, ins->res.index_reg) || !agx_ir_reg_ok(p, ins->smp.index_reg))
                return ddi_dxbc_fail(why, why_size, "IR: %s at %u indexes by a bad register",
                                      agx_ir_op_names[ins->op], i);
            if (ins->op == AGX_IR_OP_LOAD_INDEXED || ins->op == AGX_IR_OP_STORE_INDEXED)
                if (ins->imm > p->reg_count || (uint64_t)ins->aux * 4 > p->reg_count - ins->imm)
                    return ddi_dxbc_fail(why, why_size, "IR: %s at %u reaches past the registers",
                                          agx_ir_op_names[ins->op], i);
            if (ins->op == AGX_IR_OP_EVAL && (ins->sub > AGX_SHADER_EVAL_SNAPPED
                                               || ins->imm >= AGX_SHADER_MAX_IO_REGISTERS || ins->aux >= 4))
                return ddi_dxbc_fail(why, why_size, "IR: EVAL at %u names no pixel input", i);
            if (ins->res.kind == AGX_IR_RES_GROUP
                    && (ins->res.index > p->tgsm_bytes || ins->res.size > p->tgsm_bytes - ins->res.index))
                return ddi_dxbc_fail(why, why_size, "IR: %s at %u reaches past group memory",
                                      agx_ir_op_names[ins->op], i);
        }
    }
    if (end != p->code_count)
        return ddi_dxbc_fail(why, why_size, "IR: instructions outside every block");
    for (i = 0; i < p->const_count; ++i)
        if (p->consts[i].reg >= p->reg_count)
            return ddi_dxbc_fail(why, why_size, "IR: a constant outside the registers");
    return S_OK;
}

struct agx_ir_text
{
    char *data;
    size_t size, capacity;
    bool failed;
};

static void agx_ir_printf(struct agx_ir_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void agx_ir_printf(struct agx_ir_text *t, const char *fmt, ...)
{
    va_list args;
    int n;

    if (t->failed)
        return;
    va_start(args, fmt);
    n = vsnprintf(NULL, 0, fmt, args);
    va_end(args);
    if (n < 0)
    {
        t->failed = true;
        return;
    }
    if (t->size + n + 1 > t->capacity)
    {
        size_t grown = AGX_MAX(t->capacity * 2, t->size + n + 256);
        char *bigger = realloc(t->data, grown);

        if (!bigger)
        {
            t->failed = true;
            return;
        }
        t->data = bigger;
        t->capacity = grown;
    }
    va_start(args, fmt);
    vsnprintf(t->data + t->size, t->capacity - t->size, fmt, args);
    va_end(args);
    t->size += n;
}

static void agx_ir_print_reg(struct agx_ir_text *t, agx_ir_reg r)
{
    if (r == AGX_IR_NONE)
        agx_ir_printf(t, " _");
    else
        agx_ir_printf(t, " %%%u", r);
}

char *agx_ir_print(const struct agx_ir_program *p)
{
    struct agx_ir_text t = {0};
    uint32_t b, i, k;

    for (i = 0; i < p->const_count; ++i)
        agx_ir_printf(&t, "%%%u = 0x%08x\n", p->consts[i].reg, p->consts[i].value);
    for (b = 0; b < p->block_count; ++b)
    {
        const struct agx_ir_block *blk = &p->blocks[b];

        agx_ir_printf(&t, "block %u:\n", b);
        for (i = blk->first; i < blk->first + blk->count; ++i)
        {
            const struct agx_ir_instr *ins = &p->code[i];

            agx_ir_printf(&t, "  %s%s", agx_ir_op_name(ins->op), ins->flags & AGX_IR_SAT ? "_sat" : "");
            for (k = 0; k < ins->dst_count; ++k)
                agx_ir_print_reg(&t, ins->dst[k]);
            agx_ir_printf(&t, " <-");
            for (k = 0; k < ins->src_count; ++k)
                agx_ir_print_reg(&t, ins->src[k]);
            if (ins->res.kind == AGX_IR_RES_BINDING)
                agx_ir_printf(&t, " res(%u:%u)", ins->res.slot, ins->res.index);
            else if (ins->res.kind == AGX_IR_RES_GROUP)
                agx_ir_printf(&t, " group(%u+%u)", ins->res.index, ins->res.size);
            if (ins->imm || ins->aux)
                agx_ir_printf(&t, " [%u %u]", ins->imm, ins->aux);
            agx_ir_printf(&t, "\n");
        }
        switch (blk->term)
        {
            case AGX_IR_TERM_JUMP:
                agx_ir_printf(&t, "  jump %u\n", blk->succ[0]);
                break;
            case AGX_IR_TERM_BRANCH:
                agx_ir_printf(&t, "  branch %%%u ? %u : %u\n", blk->cond, blk->succ[0], blk->succ[1]);
                break;
            case AGX_IR_TERM_SWITCH:
                agx_ir_printf(&t, "  switch %%%u default %u", blk->cond, blk->succ[0]);
                for (k = 0; k < blk->case_count; ++k)
                    agx_ir_printf(&t, ", 0x%x: %u", p->cases[blk->case_first + k].value,
                                  p->cases[blk->case_first + k].block);
                agx_ir_printf(&t, "\n");
                break;
            default:
                agx_ir_printf(&t, "  return\n");
                break;
        }
    }
    if (t.failed)
    {
        free(t.data);
        return NULL;
    }
    return t.data ? t.data : calloc(1, 1);
}
