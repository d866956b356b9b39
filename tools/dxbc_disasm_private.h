/* dxbc_disasm internals: the printer's state and what each file provides. */
#ifndef DXBC_DISASM_PRIVATE_H
#define DXBC_DISASM_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dxbc_asm_private.h"

struct dis_state
{
    FILE *out;
    char *error;
    size_t error_size;
    bool failed;
    bool is_51;
    size_t offset;                      /* of the instruction being printed, in tokens */
};

/* Records the first error ("token N: ..."); returns false. */
bool dis_fail(struct dis_state *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A 32-bit literal as the assembler reads it back to the same bits. */
void dis_number(struct dis_state *d, uint32_t value);
/* One operand at *t (advanced), below end; decl: a declaration's register (identity
 * swizzles left out). */
bool dis_operand(struct dis_state *d, const uint32_t **t, const uint32_t *end, bool decl);
/* "(float,float,float,float)" from a return type token's four fields. */
bool dis_return_types(struct dis_state *d, uint32_t types);
/* One instruction or declaration of count tokens at t (dxbc_disasm_instr.c). */
bool dis_instruction(struct dis_state *d, const uint32_t *t, uint32_t count);
/* A declaration (dxbc_disasm_decl.c); mnemonic from the table. */
bool dis_declaration(struct dis_state *d, const char *mnemonic, const uint32_t *t, uint32_t count);

#endif
