/*
 * dx.ops whose result is a register the shader already has or a constant, so they
 * lower to no instruction (agx_dxil_lower.h): the value maps onto that register.
 *   ViewID (6.1)                       0: the device reports view instancing tier 0
 *                                      (NOT_SUPPORTED), under which every draw has the
 *                                      one view 0 (D3D12_VIEW_INSTANCING_TIER docs)
 *   BitcastI32toF32, BitcastF32toI32   the operand's bits: registers are untyped
 */
#include "agx_dxil_lower.h"

enum
{
    OP_BITCAST_I32_TO_F32 = 126, OP_BITCAST_F32_TO_I32 = 127, OP_VIEW_ID = 138,
};

static void agx_dxil_alias(struct agx_dxil_lower *L, LLVMValueRef call, agx_ir_reg reg)
{
    struct agx_dxil_value *v = agx_dxil_define(L, call, 0);

    if (v)
    {
        v->count = 1;
        v->reg = reg;
    }
}

bool agx_dxil_lower_move(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode)
{
    switch (opcode)
    {
        case OP_VIEW_ID:
            agx_dxil_alias(L, call, agx_dxil_const(L, 0));
            return true;
        case OP_BITCAST_I32_TO_F32: case OP_BITCAST_F32_TO_I32:
            agx_dxil_alias(L, call, agx_dxil_operand(L, LLVMGetOperand(call, 1)));
            return true;
        default:
            return false;
    }
}
