/*
 * The DXIL front end's arithmetic (agx_dxil_lower.h): LLVM's binary operators,
 * comparisons and casts, the arithmetic dx.ops the other files do not take (the
 * trigonometric and hyperbolic functions, the two-result integer operations) and the
 * DXBC-style temporary registers TempRegLoad/TempRegStore. Argument positions are
 * DirectXShaderCompiler's utils/hct/hctdb.py (checked; specs/shaders.md).
 */
#include <stdlib.h>

#include "agx_dxil_lower.h"

static bool agx_dxil_is_bool(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);

    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1;
}

/* ---- LLVM instructions -------------------------------------------------------------------- */

void agx_dxil_lower_binary(struct agx_dxil_lower *L, LLVMValueRef ins, LLVMOpcode opcode, agx_ir_reg dst)
{
    /* i16 operands of operations that read their high bits: extended as the operation's
     * signedness (shift amounts zero-extended). */
    bool sign = opcode == LLVMSDiv || opcode == LLVMSRem || opcode == LLVMAShr;
    bool wide = sign || opcode == LLVMUDiv || opcode == LLVMURem || opcode == LLVMLShr;
    agx_ir_reg a = wide ? agx_dxil_operand_ext(L, LLVMGetOperand(ins, 0), sign)
            : agx_dxil_operand(L, LLVMGetOperand(ins, 0));
    agx_ir_reg b = wide || opcode == LLVMShl
            ? agx_dxil_operand_ext(L, LLVMGetOperand(ins, 1), sign && opcode != LLVMAShr)
            : agx_dxil_operand(L, LLVMGetOperand(ins, 1));
    bool boolean = agx_dxil_is_bool(ins);
    agx_ir_reg t;

    switch (opcode)
    {
        case LLVMFAdd: agx_dxil_alu(L, AGX_IR_OP_FADD, dst, a, b, AGX_IR_NONE); return;
        case LLVMFMul: agx_dxil_alu(L, AGX_IR_OP_FMUL, dst, a, b, AGX_IR_NONE); return;
        case LLVMFDiv: agx_dxil_alu(L, AGX_IR_OP_FDIV, dst, a, b, AGX_IR_NONE); return;
        case LLVMFRem: agx_dxil_alu(L, AGX_IR_OP_FREM, dst, a, b, AGX_IR_NONE); return;
        case LLVMFSub:
            t = agx_ir_build_regs(L->p, 1);
            agx_dxil_alu(L, AGX_IR_OP_FNEG, t, b, AGX_IR_NONE, AGX_IR_NONE);
            agx_dxil_alu(L, AGX_IR_OP_FADD, dst, a, t, AGX_IR_NONE);
            return;
        case LLVMAnd: agx_dxil_alu(L, AGX_IR_OP_AND, dst, a, b, AGX_IR_NONE); return;
        case LLVMOr: agx_dxil_alu(L, AGX_IR_OP_OR, dst, a, b, AGX_IR_NONE); return;
        case LLVMXor: agx_dxil_alu(L, AGX_IR_OP_XOR, dst, a, b, AGX_IR_NONE); return;
        default: break;
    }
    if (boolean)
    {
        agx_dxil_lower_fail(L, "i1 arithmetic other than and, or and xor is not supported");
        return;
    }
    switch (opcode)
    {
        case LLVMAdd: agx_dxil_alu(L, AGX_IR_OP_IADD, dst, a, b, AGX_IR_NONE); return;
        case LLVMSub: agx_dxil_alu(L, AGX_IR_OP_ISUB, dst, a, b, AGX_IR_NONE); return;
        case LLVMMul: agx_dxil_alu(L, AGX_IR_OP_IMUL, dst, a, b, AGX_IR_NONE); return;
        case LLVMUDiv: agx_dxil_alu(L, AGX_IR_OP_UDIV, dst, a, b, AGX_IR_NONE); return;
        case LLVMURem: agx_dxil_alu(L, AGX_IR_OP_UREM, dst, a, b, AGX_IR_NONE); return;
        case LLVMShl: agx_dxil_alu(L, AGX_IR_OP_ISHL, dst, a, b, AGX_IR_NONE); return;
        case LLVMLShr: agx_dxil_alu(L, AGX_IR_OP_USHR, dst, a, b, AGX_IR_NONE); return;
        case LLVMAShr: agx_dxil_alu(L, AGX_IR_OP_ISHR, dst, a, b, AGX_IR_NONE); return;
        case LLVMSDiv: agx_dxil_alu(L, AGX_IR_OP_IDIV, dst, a, b, AGX_IR_NONE); return;
        case LLVMSRem: agx_dxil_alu(L, AGX_IR_OP_IREM, dst, a, b, AGX_IR_NONE); return;
        default: agx_dxil_lower_fail(L, "an unsupported LLVM binary operator (opcode %d)", (int)opcode); return;
    }
}

void agx_dxil_lower_icmp(struct agx_dxil_lower *L, LLVMValueRef ins, agx_ir_reg dst)
{
    LLVMIntPredicate pred = LLVMGetICmpPredicate(ins);
    bool sign = pred == LLVMIntSLT || pred == LLVMIntSGE || pred == LLVMIntSGT || pred == LLVMIntSLE;
    agx_ir_reg a = agx_dxil_operand_ext(L, LLVMGetOperand(ins, 0), sign);
    agx_ir_reg b = agx_dxil_operand_ext(L, LLVMGetOperand(ins, 1), sign);

    switch (pred)
    {
        case LLVMIntEQ: agx_dxil_alu(L, AGX_IR_OP_IEQ, dst, a, b, AGX_IR_NONE); return;
        case LLVMIntNE: agx_dxil_alu(L, AGX_IR_OP_INE, dst, a, b, AGX_IR_NONE); return;
        case LLVMIntSLT: agx_dxil_alu(L, AGX_IR_OP_ILT, dst, a, b, AGX_IR_NONE); return;
        case LLVMIntSGE: agx_dxil_alu(L, AGX_IR_OP_IGE, dst, a, b, AGX_IR_NONE); return;
        case LLVMIntSGT: agx_dxil_alu(L, AGX_IR_OP_ILT, dst, b, a, AGX_IR_NONE); return;
        case LLVMIntSLE: agx_dxil_alu(L, AGX_IR_OP_IGE, dst, b, a, AGX_IR_NONE); return;
        case LLVMIntULT: agx_dxil_alu(L, AGX_IR_OP_ULT, dst, a, b, AGX_IR_NONE); return;
        case LLVMIntUGE: agx_dxil_alu(L, AGX_IR_OP_UGE, dst, a, b, AGX_IR_NONE); return;
        case LLVMIntUGT: agx_dxil_alu(L, AGX_IR_OP_ULT, dst, b, a, AGX_IR_NONE); return;
        case LLVMIntULE: agx_dxil_alu(L, AGX_IR_OP_UGE, dst, b, a, AGX_IR_NONE); return;
    }
}

/* fcmp: the ordered predicates directly; an unordered one is the negation of the
 * ordered complement (ult = !oge), so NaN operands make it true. */
void agx_dxil_lower_fcmp(struct agx_dxil_lower *L, LLVMValueRef ins, agx_ir_reg dst)
{
    agx_ir_reg a = agx_dxil_operand(L, LLVMGetOperand(ins, 0)), b = agx_dxil_operand(L, LLVMGetOperand(ins, 1));
    LLVMRealPredicate pred = LLVMGetFCmpPredicate(ins);
    bool negate = false;
    agx_ir_reg t = agx_ir_build_regs(L->p, 2), out = dst;

    switch (pred)
    {
        case LLVMRealUEQ: negate = true; pred = LLVMRealONE; break;
        case LLVMRealUGT: negate = true; pred = LLVMRealOLE; break;
        case LLVMRealUGE: negate = true; pred = LLVMRealOLT; break;
        case LLVMRealULT: negate = true; pred = LLVMRealOGE; break;
        case LLVMRealULE: negate = true; pred = LLVMRealOGT; break;
        case LLVMRealUNO: negate = true; pred = LLVMRealORD; break;
        default: break;
    }
    if (negate)
        out = t + 1;
    switch (pred)
    {
        case LLVMRealOEQ: agx_dxil_alu(L, AGX_IR_OP_FEQ, out, a, b, AGX_IR_NONE); break;
        case LLVMRealUNE: agx_dxil_alu(L, AGX_IR_OP_FNE, out, a, b, AGX_IR_NONE); break;
        case LLVMRealOLT: agx_dxil_alu(L, AGX_IR_OP_FLT, out, a, b, AGX_IR_NONE); break;
        case LLVMRealOGE: agx_dxil_alu(L, AGX_IR_OP_FGE, out, a, b, AGX_IR_NONE); break;
        case LLVMRealOGT: agx_dxil_alu(L, AGX_IR_OP_FLT, out, b, a, AGX_IR_NONE); break;
        case LLVMRealOLE: agx_dxil_alu(L, AGX_IR_OP_FGE, out, b, a, AGX_IR_NONE); break;
        case LLVMRealONE:
            agx_dxil_alu(L, AGX_IR_OP_FLT, t, a, b, AGX_IR_NONE);
            agx_dxil_alu(L, AGX_IR_OP_FLT, out, b, a, AGX_IR_NONE);
            agx_dxil_alu(L, AGX_IR_OP_OR, out, out, t, AGX_IR_NONE);
            break;
        case LLVMRealORD:
            agx_dxil_alu(L, AGX_IR_OP_FEQ, t, a, a, AGX_IR_NONE);
            agx_dxil_alu(L, AGX_IR_OP_FEQ, out, b, b, AGX_IR_NONE);
            agx_dxil_alu(L, AGX_IR_OP_AND, out, out, t, AGX_IR_NONE);
            break;
        case LLVMRealPredicateTrue: agx_dxil_alu(L, AGX_IR_OP_MOV, out, agx_dxil_const(L, ~0u), AGX_IR_NONE,
                                                 AGX_IR_NONE); break;
        case LLVMRealPredicateFalse: agx_dxil_alu(L, AGX_IR_OP_MOV, out, agx_dxil_const(L, 0), AGX_IR_NONE,
                                                  AGX_IR_NONE); break;
        default: break;
    }
    if (negate)
        agx_dxil_alu(L, AGX_IR_OP_NOT, dst, out, AGX_IR_NONE, AGX_IR_NONE);
}

void agx_dxil_lower_cast(struct agx_dxil_lower *L, LLVMValueRef ins, LLVMOpcode opcode,
                                struct agx_dxil_value *v)
{
    LLVMValueRef from = LLVMGetOperand(ins, 0);
    agx_ir_reg a;

    if (agx_dxil_lower_minprec_cast(L, ins, opcode, v))
        return;
    a = agx_dxil_operand(L, from);
    switch (opcode)
    {
        case LLVMBitCast:
            agx_dxil_alu(L, AGX_IR_OP_MOV, v->reg, a, AGX_IR_NONE, AGX_IR_NONE);
            return;
        case LLVMZExt:
            /* i1 to i32: true is 1. */
            if (agx_dxil_is_bool(from))
                agx_dxil_alu(L, AGX_IR_OP_AND, v->reg, a, agx_dxil_const(L, 1), AGX_IR_NONE);
            else
                agx_dxil_alu(L, AGX_IR_OP_MOV, v->reg, a, AGX_IR_NONE, AGX_IR_NONE);
            return;
        case LLVMSExt:
            agx_dxil_alu(L, AGX_IR_OP_MOV, v->reg, a, AGX_IR_NONE, AGX_IR_NONE);
            return;
        case LLVMTrunc:
            if (agx_dxil_is_bool(ins))
            {
                agx_ir_reg t = agx_ir_build_regs(L->p, 1);

                agx_dxil_alu(L, AGX_IR_OP_AND, t, a, agx_dxil_const(L, 1), AGX_IR_NONE);
                agx_dxil_alu(L, AGX_IR_OP_INE, v->reg, t, agx_dxil_const(L, 0), AGX_IR_NONE);
            }
            else
                agx_dxil_alu(L, AGX_IR_OP_MOV, v->reg, a, AGX_IR_NONE, AGX_IR_NONE);
            return;
        case LLVMFPToSI: agx_dxil_alu(L, AGX_IR_OP_F2I, v->reg, a, AGX_IR_NONE, AGX_IR_NONE); return;
        case LLVMFPToUI: agx_dxil_alu(L, AGX_IR_OP_F2U, v->reg, a, AGX_IR_NONE, AGX_IR_NONE); return;
        case LLVMSIToFP:
        case LLVMUIToFP:
            if (agx_dxil_is_bool(from))
            {
                /* true converts to -1.0 (signed) or 1.0. */
                agx_dxil_alu(L, AGX_IR_OP_AND, v->reg, a,
                             agx_dxil_const(L, opcode == LLVMSIToFP ? 0xbf800000u : 0x3f800000u), AGX_IR_NONE);
                return;
            }
            agx_dxil_alu(L, opcode == LLVMSIToFP ? AGX_IR_OP_I2F : AGX_IR_OP_U2F, v->reg, a, AGX_IR_NONE,
                         AGX_IR_NONE);
            return;
        default:
            agx_dxil_lower_fail(L, "the LLVM cast (opcode %d) is not supported", (int)opcode);
            return;
    }
}


/* ---- dx.ops --------------------------------------------------------------------------------- */

/* Opcodes (hctdb.py's numbering). */
enum
{
    OP_TEMP_REG_LOAD = 0, OP_TEMP_REG_STORE = 1, OP_TAN = 14, OP_ACOS = 15, OP_ASIN = 16, OP_ATAN = 17,
    OP_HCOS = 18, OP_HSIN = 19, OP_HTAN = 20, OP_IMUL = 41, OP_UMUL = 42, OP_UDIV = 43, OP_UADDC = 44,
    OP_USUBB = 45,
};

/* DXBC's temporaries are at most 4096 registers of 4 components (D3D11.3 spec, "Temporary
 * registers"); TempRegLoad/Store's index is such a linearized component. */
#define AGX_DXIL_MAX_TEMP_REGS (4096u * 4u)

/* The register of temporary index, made on first use (a load before any store reads
 * the register's initial value). */
static agx_ir_reg agx_dxil_temp_reg(struct agx_dxil_lower *L, LLVMValueRef call)
{
    uint32_t index, i;

    if (!agx_dxil_const_u32(L, agx_dxil_arg(call, 1), "a TempRegLoad/TempRegStore index", &index))
        return AGX_IR_NONE;
    if (index >= AGX_DXIL_MAX_TEMP_REGS)
    {
        agx_dxil_lower_fail(L, "the temporary register index %u is above D3D's %u", index,
                            AGX_DXIL_MAX_TEMP_REGS - 1);
        return AGX_IR_NONE;
    }
    if (index >= L->temp_reg_count)
    {
        uint32_t count = AGX_MAX(index + 1, L->temp_reg_count * 2);
        agx_ir_reg *grown = realloc(L->temp_regs, count * sizeof(*grown));

        if (!grown)
        {
            L->p->failed = true;
            return AGX_IR_NONE;
        }
        for (i = L->temp_reg_count; i < count; ++i)
            grown[i] = AGX_IR_NONE;
        L->temp_regs = grown;
        L->temp_reg_count = count;
    }
    if (L->temp_regs[index] == AGX_IR_NONE)
        L->temp_regs[index] = agx_ir_build_regs(L->p, 1);
    return L->temp_regs[index];
}

static void agx_dxil_temp_reg_access(struct agx_dxil_lower *L, LLVMValueRef call, bool store)
{
    agx_ir_reg reg = agx_dxil_temp_reg(L, call);

    if (reg == AGX_IR_NONE)
        return;
    if (store)
        agx_dxil_alu(L, AGX_IR_OP_MOV, reg, agx_dxil_src(L, call, 2), AGX_IR_NONE, AGX_IR_NONE);
    else
        agx_dxil_alu(L, AGX_IR_OP_MOV, agx_dxil_result(L, call, agx_dxil_type_regs(L, LLVMTypeOf(call))), reg,
                     AGX_IR_NONE, AGX_IR_NONE);
}

/* IMul, UMul: {high, low}; UDiv: {quotient, remainder} (each 0xffffffff for a zero
 * divisor); UAddc, USubb: {result, carry or borrow as an i1}. */
static void agx_dxil_two_results(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode)
{
    static const struct { uint16_t opcode, first, second; } ops[] =
    {
        {OP_IMUL, AGX_IR_OP_IMUL_HI, AGX_IR_OP_IMUL}, {OP_UMUL, AGX_IR_OP_UMUL_HI, AGX_IR_OP_IMUL},
        {OP_UDIV, AGX_IR_OP_UDIV, AGX_IR_OP_UREM}, {OP_UADDC, AGX_IR_OP_IADD, AGX_IR_OP_UADD_CARRY},
        {OP_USUBB, AGX_IR_OP_ISUB, AGX_IR_OP_USUB_BORROW},
    };
    agx_ir_reg a = agx_dxil_src(L, call, 1), b = agx_dxil_src(L, call, 2), dst = agx_dxil_result(L, call, 2);
    uint32_t i;

    for (i = 0; ops[i].opcode != opcode; ++i)
        ;
    agx_dxil_alu(L, ops[i].first, dst, a, b, AGX_IR_NONE);
    agx_dxil_alu(L, ops[i].second, dst + 1, a, b, AGX_IR_NONE);
    /* The carry and borrow are 1 or 0; an i1 true is ~0. */
    if (opcode == OP_UADDC || opcode == OP_USUBB)
        agx_dxil_alu(L, AGX_IR_OP_INEG, dst + 1, dst + 1, AGX_IR_NONE, AGX_IR_NONE);
}

bool agx_dxil_lower_arith_call(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode)
{
    /* Tan .. Htan, in opcode order. */
    static const uint16_t unary[] =
    {
        AGX_IR_OP_FTAN, AGX_IR_OP_FACOS, AGX_IR_OP_FASIN, AGX_IR_OP_FATAN, AGX_IR_OP_FCOSH, AGX_IR_OP_FSINH,
        AGX_IR_OP_FTANH,
    };

    switch (opcode)
    {
        case OP_TAN: case OP_ACOS: case OP_ASIN: case OP_ATAN: case OP_HCOS: case OP_HSIN: case OP_HTAN:
        {
            agx_ir_reg x = agx_dxil_src(L, call, 1);

            agx_dxil_alu(L, unary[opcode - OP_TAN], agx_dxil_result(L, call, agx_dxil_type_regs(L, LLVMTypeOf(call))),
                         x, AGX_IR_NONE, AGX_IR_NONE);
            return true;
        }
        case OP_IMUL: case OP_UMUL: case OP_UDIV: case OP_UADDC: case OP_USUBB:
            agx_dxil_two_results(L, call, opcode);
            return true;
        case OP_TEMP_REG_LOAD: agx_dxil_temp_reg_access(L, call, false); return true;
        case OP_TEMP_REG_STORE: agx_dxil_temp_reg_access(L, call, true); return true;
        default: return false;
    }
}
