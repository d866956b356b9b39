/*
 * Internals of the DXIL front end's lowering into the shader IR (specs/shaders.md,
 * "The DXIL front end"): agx_dxil_lower.c walks the entry point's blocks and LLVM
 * instructions, agx_dxil_lower_ops.c the dx.op calls.
 *
 * Values: every LLVM value the lowering has met maps to `count` consecutive IR
 * registers (scalars 1, dx.types.ResRet 5, CBufRet 4, cmpxchg's pair 2), a resource
 * operand (handles) or a group-memory address (pointers into groupshared arrays).
 * DXIL is SSA, so a register is written once, except a phi's, which the copies on its
 * incoming edges write. i1 values are D3D booleans: ~0 for true, 0 for false.
 */
#ifndef AGX_DXIL_LOWER_H
#define AGX_DXIL_LOWER_H

#include <llvm-c/Core.h>

#include "agx_dxil.h"
#include "agx_shader_private.h"

enum agx_dxil_value_kind
{
    AGX_DXIL_VALUE_REGS,
    AGX_DXIL_VALUE_HANDLE,
    AGX_DXIL_VALUE_POINTER,               /* res: the group memory or local array, reg the byte offset */
    AGX_DXIL_VALUE_BLOCK,                 /* a basic block: reg its IR number */
};

struct agx_dxil_value
{
    LLVMValueRef key;                     /* NULL: a free slot */
    uint8_t kind;
    uint32_t count;
    agx_ir_reg reg;
    struct agx_ir_res res;
    uint32_t local_base, local_count;     /* local arrays (alloca): registers, one element each */
};

struct agx_dxil_lower
{
    struct agx_dxil_module *m;
    struct agx_shader *s;
    struct agx_ir_program *p;
    struct agx_dxil_value *values;
    uint32_t value_count, value_capacity;
    char *why;
    size_t why_size;
    HRESULT hr;                           /* the first refusal */
};

HRESULT agx_dxil_lower_fail(struct agx_dxil_lower *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
struct agx_dxil_value *agx_dxil_lookup(struct agx_dxil_lower *L, LLVMValueRef key);
/* A fresh entry for key with count registers. */
struct agx_dxil_value *agx_dxil_define(struct agx_dxil_lower *L, LLVMValueRef key, uint32_t count);
/* The first register of a scalar operand (constants and undef become constant registers). */
agx_ir_reg agx_dxil_operand(struct agx_dxil_lower *L, LLVMValueRef v);
/* The value of a constant integer operand; false (and a refusal) when it is not one. */
bool agx_dxil_const_u32(struct agx_dxil_lower *L, LLVMValueRef v, const char *what, uint32_t *out);
agx_ir_reg agx_dxil_const(struct agx_dxil_lower *L, uint32_t value);
/* Registers a value of type t takes; 0 with a refusal for types the engine lacks. */
uint32_t agx_dxil_type_regs(struct agx_dxil_lower *L, LLVMTypeRef t);

/* A call to a dx.op function (agx_dxil_lower_ops.c). */
void agx_dxil_lower_call(struct agx_dxil_lower *L, LLVMValueRef call);
/* sdiv, srem and frem (agx_dxil_lower_div.c). */
void agx_dxil_lower_division(struct agx_dxil_lower *L, LLVMOpcode opcode, agx_ir_reg dst, agx_ir_reg a, agx_ir_reg b);
/* The operations that are a move or a constant (agx_dxil_lower_moves.c); false for others. */
bool agx_dxil_lower_move(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode);
/* The binding table from dx.resources. */
HRESULT agx_dxil_lower_bindings(struct agx_dxil_lower *L);

#endif
