/*
 * The IR builder (agx_ir.h): programs grow by appending; an allocation failure is
 * remembered once and reported by agx_ir_finish, so front ends check one result.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_ir.h"

/* Grows an array of `size`-byte items to hold one more; false (and p->failed) if not. */
static bool agx_ir_grow(struct agx_ir_program *p, void **items, uint32_t count, uint32_t *capacity, size_t size)
{
    uint32_t grown;
    void *bigger;

    if (p->failed)
        return false;
    if (count < *capacity)
        return true;
    grown = *capacity ? *capacity * 2 : 16;
    if (grown <= *capacity || !(bigger = realloc(*items, (size_t)grown * size)))
    {
        p->failed = true;
        return false;
    }
    *items = bigger;
    *capacity = grown;
    return true;
}

void agx_ir_init(struct agx_ir_program *p)
{
    memset(p, 0, sizeof(*p));
}

void agx_ir_free(struct agx_ir_program *p)
{
    free(p->code);
    free(p->blocks);
    free(p->cases);
    free(p->consts);
    memset(p, 0, sizeof(*p));
}

agx_ir_reg agx_ir_build_regs(struct agx_ir_program *p, uint32_t count)
{
    agx_ir_reg first = p->reg_count;

    if (count > AGX_IR_NONE - 1 - p->reg_count)
    {
        p->failed = true;
        return 0;
    }
    p->reg_count += count;
    return first;
}

agx_ir_reg agx_ir_build_const(struct agx_ir_program *p, uint32_t value)
{
    uint32_t i;

    for (i = 0; i < p->const_count; ++i)
        if (p->consts[i].value == value)
            return p->consts[i].reg;
    if (!agx_ir_grow(p, (void **)&p->consts, p->const_count, &p->const_capacity, sizeof(*p->consts)))
        return 0;
    p->consts[p->const_count].reg = agx_ir_build_regs(p, 1);
    p->consts[p->const_count].value = value;
    return p->consts[p->const_count++].reg;
}

uint32_t agx_ir_next_block(const struct agx_ir_program *p)
{
    return p->block_count;
}

uint32_t agx_ir_build_block(struct agx_ir_program *p)
{
    struct agx_ir_block *b;

    if (!agx_ir_grow(p, (void **)&p->blocks, p->block_count, &p->block_capacity, sizeof(*p->blocks)))
        return p->block_count ? p->block_count - 1 : 0;
    b = &p->blocks[p->block_count];
    memset(b, 0, sizeof(*b));
    b->first = p->code_count;
    b->term = AGX_IR_TERM_RETURN;
    b->cond = AGX_IR_NONE;
    return p->block_count++;
}

struct agx_ir_instr *agx_ir_build(struct agx_ir_program *p, const struct agx_ir_instr *ins)
{
    static struct agx_ir_instr sink;      /* written after a failure; never read */

    if (!p->block_count || !agx_ir_grow(p, (void **)&p->code, p->code_count, &p->code_capacity, sizeof(*p->code)))
    {
        p->failed = true;
        return &sink;
    }
    p->code[p->code_count] = *ins;
    p->blocks[p->block_count - 1].count++;
    return &p->code[p->code_count++];
}

struct agx_ir_instr *agx_ir_build_alu(struct agx_ir_program *p, enum agx_ir_op op, agx_ir_reg dst, agx_ir_reg s0,
                                      agx_ir_reg s1, agx_ir_reg s2, agx_ir_reg s3)
{
    struct agx_ir_instr ins;
    uint32_t i;

    memset(&ins, 0, sizeof(ins));
    ins.op = op;
    for (i = 0; i < AGX_IR_MAX_DST; ++i)
        ins.dst[i] = AGX_IR_NONE;
    for (i = 0; i < AGX_IR_MAX_SRC; ++i)
        ins.src[i] = AGX_IR_NONE;
    ins.res.index_reg = ins.smp.index_reg = AGX_IR_NONE;
    ins.dst[0] = dst;
    ins.dst_count = dst != AGX_IR_NONE;
    ins.src[0] = s0;
    ins.src[1] = s1;
    ins.src[2] = s2;
    ins.src[3] = s3;
    ins.src_count = s3 != AGX_IR_NONE ? 4 : s2 != AGX_IR_NONE ? 3 : s1 != AGX_IR_NONE ? 2 : s0 != AGX_IR_NONE;
    return agx_ir_build(p, &ins);
}

static struct agx_ir_block *agx_ir_block(struct agx_ir_program *p, uint32_t block)
{
    static struct agx_ir_block sink;

    return block < p->block_count ? &p->blocks[block] : &sink;
}

void agx_ir_build_jump(struct agx_ir_program *p, uint32_t block, uint32_t target)
{
    struct agx_ir_block *b = agx_ir_block(p, block);

    b->term = AGX_IR_TERM_JUMP;
    b->succ[0] = target;
}

void agx_ir_build_branch(struct agx_ir_program *p, uint32_t block, agx_ir_reg cond, uint32_t if_nonzero,
                         uint32_t if_zero)
{
    struct agx_ir_block *b = agx_ir_block(p, block);

    b->term = AGX_IR_TERM_BRANCH;
    b->cond = cond;
    b->succ[0] = if_nonzero;
    b->succ[1] = if_zero;
}

void agx_ir_build_switch(struct agx_ir_program *p, uint32_t block, agx_ir_reg selector, uint32_t fallback)
{
    struct agx_ir_block *b = agx_ir_block(p, block);

    b->term = AGX_IR_TERM_SWITCH;
    b->cond = selector;
    b->succ[0] = fallback;
    b->case_first = p->case_count;
    b->case_count = 0;
}

void agx_ir_build_case(struct agx_ir_program *p, uint32_t block, uint32_t value, uint32_t target)
{
    struct agx_ir_block *b = agx_ir_block(p, block);

    if (!agx_ir_grow(p, (void **)&p->cases, p->case_count, &p->case_capacity, sizeof(*p->cases)))
        return;
    p->cases[p->case_count].value = value;
    p->cases[p->case_count].block = target;
    p->case_count++;
    b->case_count++;
}

void agx_ir_build_return(struct agx_ir_program *p, uint32_t block)
{
    agx_ir_block(p, block)->term = AGX_IR_TERM_RETURN;
}

HRESULT agx_ir_finish(struct agx_ir_program *p, char *why, size_t why_size)
{
    if (p->failed)
        return E_OUTOFMEMORY;
    return agx_ir_validate(p, why, why_size);
}

void agx_ir_instr_init(struct agx_ir_instr *ins, enum agx_ir_op op)
{
    uint32_t i;

    memset(ins, 0, sizeof(*ins));
    ins->op = op;
    for (i = 0; i < AGX_IR_MAX_DST; ++i)
        ins->dst[i] = AGX_IR_NONE;
    for (i = 0; i < AGX_IR_MAX_SRC; ++i)
        ins->src[i] = AGX_IR_NONE;
    ins->res.index_reg = ins->smp.index_reg = AGX_IR_NONE;
}

struct agx_ir_instr *agx_ir_build_counted(struct agx_ir_program *p, struct agx_ir_instr *ins, uint32_t src_count)
{
    uint32_t d;

    ins->src_count = src_count;
    for (d = 0; d < AGX_IR_MAX_DST; ++d)
        if (ins->dst[d] != AGX_IR_NONE)
            ins->dst_count = d + 1;
    return agx_ir_build(p, ins);
}
