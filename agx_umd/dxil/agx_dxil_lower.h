/*
 * Internals of the DXIL front end's lowering into the shader IR (specs/shaders.md,
 * "The DXIL front end"): agx_dxil_lower.c walks the entry point's blocks and LLVM
 * instructions, agx_dxil_lower_arith.c lowers arithmetic (LLVM's and dx.op's),
 * agx_dxil_lower_ops.c the other dx.op calls, agx_dxil_lower_buffer.c the constant
 * buffer, UAV counter and tiled-resource status operations, agx_dxil_lower_minprec.c
 * minimum precision (half and i16 in 32-bit registers).
 *
 * Values: every LLVM value the lowering has met maps to `count` consecutive IR
 * registers (scalars 1, dx.types.ResRet 5, CBufRet 4, cmpxchg's pair 2), a resource
 * operand (handles) or a group-memory address (pointers into groupshared arrays).
 * DXIL is SSA, so a register is written once, except a phi's, which the copies on its
 * incoming edges write. i1 values are D3D booleans: ~0 for true, 0 for false. half
 * values are floats; an i16 value is a register whose low 16 bits are the value (the
 * high bits are whatever 32-bit arithmetic left: read it through agx_dxil_operand_ext).
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
    agx_ir_reg *temp_regs;                /* TempRegLoad/Store: by index, AGX_IR_NONE until used */
    uint32_t temp_reg_count;
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

static inline void agx_dxil_alu(struct agx_dxil_lower *L, enum agx_ir_op op, agx_ir_reg dst, agx_ir_reg a,
                                agx_ir_reg b, agx_ir_reg c)
{
    agx_ir_build_alu(L->p, op, dst, a, b, c, AGX_IR_NONE);
}

static inline LLVMValueRef agx_dxil_arg(LLVMValueRef call, uint32_t i)
{
    return LLVMGetOperand(call, i);       /* argument 0 is the opcode */
}

static inline agx_ir_reg agx_dxil_src(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t i)
{
    return agx_dxil_operand(L, agx_dxil_arg(call, i));
}

/* The first of count fresh registers the value of call (an instruction) is. */
agx_ir_reg agx_dxil_result(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t count);
/* The same, naming them as ir's first count destinations. */
void agx_dxil_set_dsts(struct agx_dxil_lower *L, LLVMValueRef call, struct agx_ir_instr *ir, uint32_t count);
/* The handle an operand is; NULL with a refusal when it is not one. */
const struct agx_dxil_value *agx_dxil_handle_of(struct agx_dxil_lower *L, LLVMValueRef v);

/* dst = component of vec4 (+ rel per lane unless AGX_IR_NONE) of the constant buffer res;
 * beyond the buffer reads 0, as shader model 5.1 (agx_dxil_lower_buffer.c). */
void agx_dxil_load_cb(struct agx_dxil_lower *L, const struct agx_ir_res *res, agx_ir_reg dst, uint32_t component,
                      uint32_t vec4, agx_ir_reg rel);

/* A call to a dx.op function (agx_dxil_lower_ops.c). */
void agx_dxil_lower_call(struct agx_dxil_lower *L, LLVMValueRef call);
/* The arithmetic dx.ops and TempRegLoad/Store (agx_dxil_lower_arith.c); false when
 * opcode is not one of them. */
bool agx_dxil_lower_arith_call(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode);
/* CBufferLoad, BufferUpdateCounter, CheckAccessFullyMapped (agx_dxil_lower_buffer.c). */
bool agx_dxil_lower_buffer_call(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode);
/* LLVM's arithmetic instructions into their registers (agx_dxil_lower_arith.c): binary
 * operators, icmp, fcmp and casts. */
void agx_dxil_lower_binary(struct agx_dxil_lower *L, LLVMValueRef ins, LLVMOpcode opcode, agx_ir_reg dst);
void agx_dxil_lower_icmp(struct agx_dxil_lower *L, LLVMValueRef ins, agx_ir_reg dst);
void agx_dxil_lower_fcmp(struct agx_dxil_lower *L, LLVMValueRef ins, agx_ir_reg dst);
void agx_dxil_lower_cast(struct agx_dxil_lower *L, LLVMValueRef ins, LLVMOpcode opcode, struct agx_dxil_value *v);
/* The handle value v names (a refusal and NULL when it is not one). */
const struct agx_dxil_value *agx_dxil_handle_of(struct agx_dxil_lower *L, LLVMValueRef v);
/* The input (or output) signature element a call's arguments 1-3 (ID, row, column)
 * name, and in *reg its component's register (a system value's own register for the
 * depth and coverage values dxc leaves unpacked). */
const struct agx_dxil_element *agx_dxil_element(struct agx_dxil_lower *L, bool output, LLVMValueRef call,
                                                agx_ir_reg *reg);
/* The pixel-shader operations (agx_dxil_lower_pixel.c); false for other opcodes. */
bool agx_dxil_lower_pixel(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode);
/* The operations that are a move or a constant (agx_dxil_lower_moves.c); false for others. */
bool agx_dxil_lower_move(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode);
/* Minimum precision (agx_dxil_lower_minprec.c). E_INVALIDARG for a module that uses native
 * 16-bit operations. */
HRESULT agx_dxil_minprec_check_module(struct agx_dxil_lower *L);
bool agx_dxil_is_i16(LLVMValueRef v);
/* A new register: value's low 16 bits sign- or zero-extended. */
agx_ir_reg agx_dxil_extend16(struct agx_dxil_lower *L, agx_ir_reg value, bool sign);
/* An operand, extended from 16 bits when it is an i16 (as is otherwise). */
agx_ir_reg agx_dxil_operand_ext(struct agx_dxil_lower *L, LLVMValueRef v, bool sign);
/* Casts from or to half or i16 that differ from the 32-bit ones; false when ins is not one. */
bool agx_dxil_lower_minprec_cast(struct agx_dxil_lower *L, LLVMValueRef ins, LLVMOpcode opcode,
                                 struct agx_dxil_value *v);
/* MinPrecXRegLoad/Store and the 16-bit overloads that differ from the 32-bit ones
 * (lowered or refused); false for any other call. */
bool agx_dxil_lower_minprec_call(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode);
/* The binding table from dx.resources. */
HRESULT agx_dxil_lower_bindings(struct agx_dxil_lower *L);

#endif
