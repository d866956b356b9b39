/*
 * The LLVM divisions DXIL keeps as instructions that the IR has no operation for
 * (agx_dxil_lower.h): sdiv and srem (HLSL's and GLSL's / and % on int, which Mesa's
 * d3d12 driver emits for GLSL), and frem (HLSL's fmod).
 *   sdiv  |a| / |b| unsigned, negated when the signs differ: rounds toward zero, as
 *         LLVM's sdiv does
 *   srem  |a| % |b| unsigned, with a's sign: a == (a sdiv b) * b + (a srem b)
 *   frem  a - b * trunc(a / b): the result has a's sign, as C's fmod (LLVM's frem) and
 *         the expansion fxc writes for fmod in DXBC
 * A zero divisor, undefined in LLVM, gives the IR's unsigned answer (0xffffffff) with the
 * sign rule applied, and never traps.
 */
#include "agx_dxil_lower.h"

static void alu(struct agx_dxil_lower *L, enum agx_ir_op op, agx_ir_reg dst, agx_ir_reg a, agx_ir_reg b,
                agx_ir_reg c)
{
    agx_ir_build_alu(L->p, op, dst, a, b, c, AGX_IR_NONE);
}

void agx_dxil_lower_division(struct agx_dxil_lower *L, LLVMOpcode opcode, agx_ir_reg dst, agx_ir_reg a, agx_ir_reg b)
{
    agx_ir_reg t = agx_ir_build_regs(L->p, 4), zero = agx_dxil_const(L, 0);

    if (opcode == LLVMFRem)
    {
        alu(L, AGX_IR_OP_FDIV, t, a, b, AGX_IR_NONE);
        alu(L, AGX_IR_OP_FTRUNC, t, t, AGX_IR_NONE, AGX_IR_NONE);
        alu(L, AGX_IR_OP_FMUL, t, t, b, AGX_IR_NONE);
        alu(L, AGX_IR_OP_FNEG, t, t, AGX_IR_NONE, AGX_IR_NONE);
        alu(L, AGX_IR_OP_FADD, dst, a, t, AGX_IR_NONE);
        return;
    }
    alu(L, AGX_IR_OP_IABS, t, a, AGX_IR_NONE, AGX_IR_NONE);
    alu(L, AGX_IR_OP_IABS, t + 1, b, AGX_IR_NONE, AGX_IR_NONE);
    alu(L, opcode == LLVMSDiv ? AGX_IR_OP_UDIV : AGX_IR_OP_UREM, t + 2, t, t + 1, AGX_IR_NONE);
    /* The sign of the result: a ^ b for the quotient, a for the remainder. */
    if (opcode == LLVMSDiv)
    {
        alu(L, AGX_IR_OP_XOR, t + 3, a, b, AGX_IR_NONE);
        alu(L, AGX_IR_OP_ILT, t + 3, t + 3, zero, AGX_IR_NONE);
    }
    else
        alu(L, AGX_IR_OP_ILT, t + 3, a, zero, AGX_IR_NONE);
    alu(L, AGX_IR_OP_INEG, t, t + 2, AGX_IR_NONE, AGX_IR_NONE);
    alu(L, AGX_IR_OP_MOVC, dst, t + 3, t, t + 2);
}
