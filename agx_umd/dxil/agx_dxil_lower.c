/*
 * The DXIL front end's lowering (agx_dxil_lower.h): the module reader's entry point
 * into the shader IR. Blocks are numbered in a reverse post order of the control-flow
 * graph (the executor's reconvergence rule, ir/agx_ir.h); a phi's incoming values are
 * copied at the end of a predecessor that has one successor, or in an edge block of
 * their own numbered just before the phi's block when the predecessor branches.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_dxil_lower.h"
#include "agx_dxil_support.h"
#include "ddi_dxil.h"

HRESULT agx_dxil_lower_fail(struct agx_dxil_lower *L, const char *fmt, ...)
{
    va_list args;

    if (SUCCEEDED(L->hr))
    {
        va_start(args, fmt);
        vsnprintf(L->why, L->why_size, fmt, args);
        va_end(args);
        L->hr = E_INVALIDARG;
    }
    return L->hr;
}

static uint32_t agx_dxil_hash(LLVMValueRef key, uint32_t capacity)
{
    uintptr_t k = (uintptr_t)key;

    return (uint32_t)((k >> 4) * 2654435761u) & (capacity - 1);
}

struct agx_dxil_value *agx_dxil_lookup(struct agx_dxil_lower *L, LLVMValueRef key)
{
    uint32_t i;

    if (!L->value_capacity)
        return NULL;
    for (i = agx_dxil_hash(key, L->value_capacity); L->values[i].key; i = (i + 1) & (L->value_capacity - 1))
        if (L->values[i].key == key)
            return &L->values[i];
    return NULL;
}

struct agx_dxil_value *agx_dxil_define(struct agx_dxil_lower *L, LLVMValueRef key, uint32_t count)
{
    struct agx_dxil_value *v;
    uint32_t i;

    if ((L->value_count + 1) * 2 > L->value_capacity)
    {
        uint32_t capacity = L->value_capacity ? L->value_capacity * 2 : 256, old = L->value_capacity;
        struct agx_dxil_value *values = calloc(capacity, sizeof(*values)), *previous = L->values;

        if (!values)
        {
            L->p->failed = true;
            return NULL;
        }
        L->values = values;
        L->value_capacity = capacity;
        for (i = 0; i < old; ++i)
            if (previous[i].key)
            {
                uint32_t j = agx_dxil_hash(previous[i].key, capacity);

                while (values[j].key)
                    j = (j + 1) & (capacity - 1);
                values[j] = previous[i];
            }
        free(previous);
    }
    for (i = agx_dxil_hash(key, L->value_capacity); L->values[i].key; i = (i + 1) & (L->value_capacity - 1))
        ;
    v = &L->values[i];
    memset(v, 0, sizeof(*v));
    v->key = key;
    v->count = count;
    v->reg = count ? agx_ir_build_regs(L->p, count) : AGX_IR_NONE;
    ++L->value_count;
    return v;
}

agx_ir_reg agx_dxil_const(struct agx_dxil_lower *L, uint32_t value)
{
    return agx_ir_build_const(L->p, value);
}

agx_ir_reg agx_dxil_operand(struct agx_dxil_lower *L, LLVMValueRef v)
{
    struct agx_dxil_value *value;

    if (LLVMIsUndef(v) || LLVMIsAConstantPointerNull(v))
        return agx_dxil_const(L, 0);
    if (LLVMIsAConstantInt(v))
    {
        uint32_t width = LLVMGetIntTypeWidth(LLVMTypeOf(v));
        uint64_t bits = LLVMConstIntGetZExtValue(v);

        if (width == 1)
            return agx_dxil_const(L, bits ? ~0u : 0u);
        if (width > 32)
        {
            agx_dxil_lower_fail(L, "a %u-bit integer constant is not supported (64-bit integers are not reported)",
                                width);
            return agx_dxil_const(L, 0);
        }
        return agx_dxil_const(L, (uint32_t)bits);
    }
    if (LLVMIsAConstantFP(v))
    {
        LLVMBool lost;
        double d = LLVMConstRealGetDouble(v, &lost);
        union { float f; uint32_t u; } bits;

        /* half: minimum precision, a float (agx_dxil_lower_minprec.c). */
        if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMFloatTypeKind && LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMHalfTypeKind)
        {
            agx_dxil_lower_fail(L, "a 64-bit floating-point constant is not supported (64-bit floats are not "
                                "reported)");
            return agx_dxil_const(L, 0);
        }
        bits.f = (float)d;
        return agx_dxil_const(L, bits.u);
    }
    if (!(value = agx_dxil_lookup(L, v)) || value->kind != AGX_DXIL_VALUE_REGS || !value->count)
    {
        agx_dxil_lower_fail(L, "an operand is not a value the lowering knows (%s)",
                            LLVMIsAConstantExpr(v) ? "a constant expression" : "an unsupported construct");
        return agx_dxil_const(L, 0);
    }
    return value->reg;
}

bool agx_dxil_const_u32(struct agx_dxil_lower *L, LLVMValueRef v, const char *what, uint32_t *out)
{
    if (LLVMIsUndef(v))
    {
        *out = 0;
        return true;
    }
    if (!LLVMIsAConstantInt(v))
    {
        agx_dxil_lower_fail(L, "%s is not a constant (dynamic forms are not supported)", what);
        return false;
    }
    *out = (uint32_t)LLVMConstIntGetZExtValue(v);
    return true;
}

/* ---- Types ------------------------------------------------------------------------------ */

/* Registers a value of type t takes; 0 with a refusal for types the engine lacks. */
uint32_t agx_dxil_type_regs(struct agx_dxil_lower *L, LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t))
    {
        case LLVMVoidTypeKind: return 0;
        case LLVMFloatTypeKind: return 1;
        case LLVMIntegerTypeKind:
        {
            uint32_t width = LLVMGetIntTypeWidth(t);

            if (width == 1 || width == 16 || width == 32)
                return 1;
            agx_dxil_lower_fail(L, "i%u values are not supported (8-bit and 64-bit integers are not reported)",
                                width);
            return 0;
        }
        case LLVMStructTypeKind:
        {
            uint32_t n = LLVMCountStructElementTypes(t), i, total = 0;
            LLVMTypeRef elements[8];

            if (n > 8)
                break;
            LLVMGetStructElementTypes(t, elements);
            for (i = 0; i < n; ++i)
            {
                if (LLVMGetTypeKind(elements[i]) == LLVMStructTypeKind)
                    break;
                total += agx_dxil_type_regs(L, elements[i]);
            }
            if (i == n)
                return total;
            break;
        }
        case LLVMHalfTypeKind: return 1;
        case LLVMDoubleTypeKind:
            agx_dxil_lower_fail(L, "double values are not supported (64-bit floats are not reported)");
            return 0;
        default:
            break;
    }
    agx_dxil_lower_fail(L, "a value of an unsupported LLVM type");
    return 0;
}

/* ---- Memory: groupshared arrays and local arrays ------------------------------------------ */

/* The byte size of a type of 32-bit scalars and arrays of them; 0 otherwise. Minimum
 * precision values (half, i16) take 32 bits, as in their registers. */
static uint32_t agx_dxil_memory_size(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t))
    {
        case LLVMFloatTypeKind: case LLVMHalfTypeKind: return 4;
        case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t) == 32 || LLVMGetIntTypeWidth(t) == 16 ? 4 : 0;
        case LLVMArrayTypeKind:
        {
            uint32_t element = agx_dxil_memory_size(LLVMGetElementType(t));
            uint64_t n = LLVMGetArrayLength(t);

            return element && n * element <= AGX_SM_MAX_TGSM_BYTES ? (uint32_t)(n * element) : 0;
        }
        default: return 0;
    }
}

/* The pointer a groupshared global, an alloca or a GEP stands for. */
static struct agx_dxil_value *agx_dxil_pointer(struct agx_dxil_lower *L, LLVMValueRef v)
{
    struct agx_dxil_value *value = agx_dxil_lookup(L, v);

    if (!value && LLVMIsAGlobalVariable(v) && LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == 3)
    {
        uint32_t size = agx_dxil_memory_size(LLVMGlobalGetValueType(v));

        if (!size || L->p->tgsm_bytes + size > AGX_SM_MAX_TGSM_BYTES)
        {
            agx_dxil_lower_fail(L, "groupshared %s: only arrays of 32-bit values, %u bytes in all, are supported",
                                LLVMGetValueName(v), AGX_SM_MAX_TGSM_BYTES);
            return NULL;
        }
        if (!(value = agx_dxil_define(L, v, 0)))
            return NULL;
        value->kind = AGX_DXIL_VALUE_POINTER;
        value->res.kind = AGX_IR_RES_GROUP;
        value->res.index = L->p->tgsm_bytes;
        value->res.size = size;
        value->res.index_reg = AGX_IR_NONE;
        value->reg = agx_dxil_const(L, 0);
        L->p->tgsm_bytes += size;
        L->s->info.tgsm_bytes = L->p->tgsm_bytes;
    }
    if (!value && LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr)
    {
        /* getelementptr (array, 0, constant element) folded into a constant. */
        struct agx_dxil_value *base = agx_dxil_pointer(L, LLVMGetOperand(v, 0));
        uint32_t first, element;

        if (!base || LLVMGetNumOperands(v) != 3
                || !agx_dxil_const_u32(L, LLVMGetOperand(v, 1), "a GEP's first index", &first) || first
                || !agx_dxil_const_u32(L, LLVMGetOperand(v, 2), "a GEP's element", &element)
                || element >= (base->local_count ? base->local_count : base->res.size / 4))
        {
            agx_dxil_lower_fail(L, "getelementptr: only (array, 0, element) forms within the array are supported");
            return NULL;
        }
        if (!(value = agx_dxil_define(L, v, 0)))
            return NULL;
        value->kind = AGX_DXIL_VALUE_POINTER;
        value->res = base->res;
        value->local_base = base->local_base;
        value->local_count = base->local_count;
        value->reg = agx_dxil_const(L, element * 4);
    }
    if (!value || value->kind != AGX_DXIL_VALUE_POINTER)
    {
        agx_dxil_lower_fail(L, "a pointer that is not a groupshared or local array (%s)",
                            LLVMIsAConstantExpr(v) ? "a constant expression" : LLVMGetValueName(v));
        return NULL;
    }
    return value;
}

static void agx_dxil_lower_alloca(struct agx_dxil_lower *L, LLVMValueRef ins)
{
    uint32_t size = agx_dxil_memory_size(LLVMGetAllocatedType(ins));
    struct agx_dxil_value *v;

    if (!size || size > 4096)
    {
        agx_dxil_lower_fail(L, "alloca: only arrays of 32-bit values up to 4096 bytes are supported");
        return;
    }
    if (!(v = agx_dxil_define(L, ins, 0)))
        return;
    v->kind = AGX_DXIL_VALUE_POINTER;
    v->local_count = size / 4;
    /* Indexed registers step by 4 (LOAD_INDEXED). */
    v->local_base = agx_ir_build_regs(L->p, v->local_count * 4);
    v->reg = agx_dxil_const(L, 0);
    v->res.index_reg = AGX_IR_NONE;
}

static void agx_dxil_lower_gep(struct agx_dxil_lower *L, LLVMValueRef ins)
{
    struct agx_dxil_value *base = agx_dxil_pointer(L, LLVMGetOperand(ins, 0)), *v;
    uint32_t n = (uint32_t)LLVMGetNumOperands(ins), first;
    agx_ir_reg offset;

    if (!base)
        return;
    /* ptr, 0, element: one array level of 32-bit elements. */
    if (n != 3 || !agx_dxil_const_u32(L, LLVMGetOperand(ins, 1), "a GEP's first index", &first) || first)
    {
        agx_dxil_lower_fail(L, "getelementptr: only (array, 0, element) forms are supported");
        return;
    }
    offset = agx_ir_build_regs(L->p, 1);
    agx_dxil_alu(L, AGX_IR_OP_ISHL, offset, agx_dxil_operand(L, LLVMGetOperand(ins, 2)), agx_dxil_const(L, 2),
                 AGX_IR_NONE);
    agx_dxil_alu(L, AGX_IR_OP_IADD, offset, offset, base->reg, AGX_IR_NONE);
    if (!(v = agx_dxil_define(L, ins, 0)))
        return;
    v->kind = AGX_DXIL_VALUE_POINTER;
    v->res = base->res;
    v->local_base = base->local_base;
    v->local_count = base->local_count;
    v->reg = offset;
}

static void agx_dxil_lower_load_store(struct agx_dxil_lower *L, LLVMValueRef ins, bool store)
{
    struct agx_dxil_value *ptr = agx_dxil_pointer(L, LLVMGetOperand(ins, store ? 1 : 0)), *v = NULL;
    struct agx_ir_instr ir;

    if (!ptr)
        return;
    if (!store && !(v = agx_dxil_define(L, ins, agx_dxil_type_regs(L, LLVMTypeOf(ins)))))
        return;
    if (ptr->local_count)
    {
        /* Registers addressed per lane: element = byte offset / 4. */
        agx_ir_reg element = agx_ir_build_regs(L->p, 1);

        agx_dxil_alu(L, AGX_IR_OP_USHR, element, ptr->reg, agx_dxil_const(L, 2), AGX_IR_NONE);
        agx_ir_instr_init(&ir, store ? AGX_IR_OP_STORE_INDEXED : AGX_IR_OP_LOAD_INDEXED);
        ir.imm = ptr->local_base;
        ir.aux = ptr->local_count;
        ir.src[0] = element;
        if (store)
            ir.src[1] = agx_dxil_operand(L, LLVMGetOperand(ins, 0));
        else
            ir.dst[0] = v->reg;
        ir.src_count = store ? 2 : 1;
        ir.dst_count = store ? 0 : 1;
        agx_ir_build(L->p, &ir);
        return;
    }
    agx_ir_instr_init(&ir, store ? AGX_IR_OP_STORE_RAW : AGX_IR_OP_LOAD_RAW);
    ir.res = ptr->res;
    ir.src[0] = ptr->reg;
    if (store)
        ir.src[2] = agx_dxil_operand(L, LLVMGetOperand(ins, 0));
    else
        ir.dst[0] = v->reg;
    ir.src_count = store ? 6 : 2;
    ir.dst_count = store ? 0 : AGX_IR_MAX_DST;
    agx_ir_build(L->p, &ir);
}

static void agx_dxil_lower_atomic(struct agx_dxil_lower *L, LLVMValueRef ins, bool cmpxchg)
{
    struct agx_dxil_value *ptr = agx_dxil_pointer(L, LLVMGetOperand(ins, 0)), *v;
    struct agx_ir_instr ir;

    if (!ptr)
        return;
    if (ptr->local_count)
    {
        agx_dxil_lower_fail(L, "atomics on local arrays are not supported");
        return;
    }
    if (!(v = agx_dxil_define(L, ins, cmpxchg ? 2 : 1)))
        return;
    agx_ir_instr_init(&ir, AGX_IR_OP_ATOMIC);
    ir.aux = AGX_IR_ADDR_RAW;
    ir.res = ptr->res;
    ir.src[0] = ptr->reg;
    ir.dst[0] = v->reg;
    if (cmpxchg)
    {
        ir.sub = AGX_IR_ATOMIC_CMPXCHG;
        ir.src[4] = agx_dxil_operand(L, LLVMGetOperand(ins, 1));
        ir.src[3] = agx_dxil_operand(L, LLVMGetOperand(ins, 2));
    }
    else
    {
        switch (LLVMGetAtomicRMWBinOp(ins))
        {
            case LLVMAtomicRMWBinOpXchg: ir.sub = AGX_IR_ATOMIC_EXCH; break;
            case LLVMAtomicRMWBinOpAdd: ir.sub = AGX_IR_ATOMIC_ADD; break;
            case LLVMAtomicRMWBinOpAnd: ir.sub = AGX_IR_ATOMIC_AND; break;
            case LLVMAtomicRMWBinOpOr: ir.sub = AGX_IR_ATOMIC_OR; break;
            case LLVMAtomicRMWBinOpXor: ir.sub = AGX_IR_ATOMIC_XOR; break;
            case LLVMAtomicRMWBinOpMax: ir.sub = AGX_IR_ATOMIC_IMAX; break;
            case LLVMAtomicRMWBinOpMin: ir.sub = AGX_IR_ATOMIC_IMIN; break;
            case LLVMAtomicRMWBinOpUMax: ir.sub = AGX_IR_ATOMIC_UMAX; break;
            case LLVMAtomicRMWBinOpUMin: ir.sub = AGX_IR_ATOMIC_UMIN; break;
            default:
                agx_dxil_lower_fail(L, "atomicrmw: the operation %d is not supported",
                                    (int)LLVMGetAtomicRMWBinOp(ins));
                return;
        }
        ir.src[3] = agx_dxil_operand(L, LLVMGetOperand(ins, 1));
    }
    ir.src_count = 5;
    ir.dst_count = AGX_IR_MAX_DST;
    agx_ir_build(L->p, &ir);
    if (cmpxchg)
        agx_dxil_alu(L, AGX_IR_OP_IEQ, v->reg + 1, v->reg, ir.src[4], AGX_IR_NONE);
}

/* ---- Instructions ------------------------------------------------------------------------ */

static void agx_dxil_lower_instruction(struct agx_dxil_lower *L, LLVMValueRef ins)
{
    LLVMOpcode opcode = LLVMGetInstructionOpcode(ins);
    struct agx_dxil_value *v;

    switch (opcode)
    {
        case LLVMPHI:
        case LLVMBr:
        case LLVMSwitch:
        case LLVMRet:
            return;                       /* the block walk's */
        case LLVMCall:
            agx_dxil_lower_call(L, ins);
            return;
        case LLVMAlloca: agx_dxil_lower_alloca(L, ins); return;
        case LLVMGetElementPtr: agx_dxil_lower_gep(L, ins); return;
        case LLVMLoad: agx_dxil_lower_load_store(L, ins, false); return;
        case LLVMStore: agx_dxil_lower_load_store(L, ins, true); return;
        case LLVMAtomicRMW: agx_dxil_lower_atomic(L, ins, false); return;
        case LLVMAtomicCmpXchg: agx_dxil_lower_atomic(L, ins, true); return;
        case LLVMExtractValue:
        {
            struct agx_dxil_value *aggregate = agx_dxil_lookup(L, LLVMGetOperand(ins, 0));
            const unsigned *indices = LLVMGetIndices(ins);

            if (!aggregate || aggregate->kind != AGX_DXIL_VALUE_REGS || LLVMGetNumIndices(ins) != 1
                    || indices[0] >= aggregate->count)
            {
                agx_dxil_lower_fail(L, "extractvalue of an unsupported aggregate");
                return;
            }
            /* An alias: the element's register. */
            if ((v = agx_dxil_define(L, ins, 0)))
            {
                v->count = 1;
                v->reg = aggregate->reg + indices[0];
            }
            return;
        }
        default:
            break;
    }
    if (!(v = agx_dxil_define(L, ins, agx_dxil_type_regs(L, LLVMTypeOf(ins)))) || FAILED(L->hr))
        return;
    if (v->count != 1)
    {
        agx_dxil_lower_fail(L, "the LLVM instruction (opcode %d) on an aggregate is not supported", (int)opcode);
        return;
    }
    switch (opcode)
    {
        case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem:
        case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor:
        case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem:
            agx_dxil_lower_binary(L, ins, opcode, v->reg);
            return;
        case LLVMFNeg:
            agx_dxil_alu(L, AGX_IR_OP_FNEG, v->reg, agx_dxil_operand(L, LLVMGetOperand(ins, 0)), AGX_IR_NONE,
                         AGX_IR_NONE);
            return;
        case LLVMICmp: agx_dxil_lower_icmp(L, ins, v->reg); return;
        case LLVMFCmp: agx_dxil_lower_fcmp(L, ins, v->reg); return;
        case LLVMSelect:
            agx_dxil_alu(L, AGX_IR_OP_MOVC, v->reg, agx_dxil_operand(L, LLVMGetOperand(ins, 0)),
                         agx_dxil_operand(L, LLVMGetOperand(ins, 1)), agx_dxil_operand(L, LLVMGetOperand(ins, 2)));
            return;
        case LLVMBitCast: case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMFPToSI: case LLVMFPToUI:
        case LLVMSIToFP: case LLVMUIToFP: case LLVMFPExt: case LLVMFPTrunc:
            agx_dxil_lower_cast(L, ins, opcode, v);
            return;
        default:
            agx_dxil_lower_fail(L, "the LLVM instruction '%s' (opcode %d) is not supported",
                                LLVMIsAInstruction(ins) ? "unknown" : "?", (int)opcode);
            return;
    }
}

/* ---- Control flow ------------------------------------------------------------------------ */

struct agx_dxil_edge
{
    LLVMBasicBlockRef from, to;
    uint32_t block;                       /* its IR block */
};

struct agx_dxil_flow
{
    LLVMBasicBlockRef *order;             /* reverse post order */
    uint32_t count;
    struct agx_dxil_edge *edges;          /* edge blocks, in IR order */
    uint32_t edge_count;
};

static bool agx_dxil_has_phi(LLVMBasicBlockRef b)
{
    LLVMValueRef first = LLVMGetFirstInstruction(b);

    return first && LLVMGetInstructionOpcode(first) == LLVMPHI;
}

static uint32_t agx_dxil_block_number(struct agx_dxil_lower *L, LLVMBasicBlockRef b)
{
    struct agx_dxil_value *v = agx_dxil_lookup(L, LLVMBasicBlockAsValue(b));

    return v ? v->reg : 0;
}

/* An iterative depth-first walk: post order reversed. */
static HRESULT agx_dxil_order(struct agx_dxil_lower *L, LLVMValueRef function, struct agx_dxil_flow *flow)
{
    uint32_t n = LLVMCountBasicBlocks(function), depth = 0, post = n;
    LLVMBasicBlockRef *stack = calloc(n, sizeof(*stack));
    uint32_t *next = calloc(n, sizeof(*next));
    struct agx_dxil_value *v;

    flow->order = calloc(n, sizeof(*flow->order));
    if (!stack || !next || !flow->order)
    {
        free(stack);
        free(next);
        return E_OUTOFMEMORY;
    }
    /* Blocks are values; the table holds their visit state until numbered. */
    stack[depth++] = LLVMGetEntryBasicBlock(function);
    if (!(v = agx_dxil_define(L, LLVMBasicBlockAsValue(stack[0]), 0)))
        goto oom;
    v->kind = AGX_DXIL_VALUE_BLOCK;
    while (depth)
    {
        LLVMBasicBlockRef b = stack[depth - 1];
        LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
        uint32_t succs = term ? LLVMGetNumSuccessors(term) : 0;

        if (next[depth - 1] < succs)
        {
            LLVMBasicBlockRef s = LLVMGetSuccessor(term, next[depth - 1]++);

            if (!agx_dxil_lookup(L, LLVMBasicBlockAsValue(s)))
            {
                if (!(v = agx_dxil_define(L, LLVMBasicBlockAsValue(s), 0)))
                    goto oom;
                v->kind = AGX_DXIL_VALUE_BLOCK;
                next[depth] = 0;
                stack[depth++] = s;
            }
            continue;
        }
        flow->order[--post] = b;
        --depth;
    }
    /* Unreachable blocks are dropped. */
    flow->count = n - post;
    memmove(flow->order, flow->order + post, flow->count * sizeof(*flow->order));
    free(stack);
    free(next);
    return S_OK;
oom:
    free(stack);
    free(next);
    return E_OUTOFMEMORY;
}

/* IR numbers: each block after the edge blocks that lead into it. */
static HRESULT agx_dxil_number(struct agx_dxil_lower *L, struct agx_dxil_flow *flow)
{
    uint32_t i, j, s, number = 0, capacity = 0;

    for (i = 0; i < flow->count; ++i)
    {
        LLVMBasicBlockRef b = flow->order[i];

        if (agx_dxil_has_phi(b))
        {
            for (j = 0; j < flow->count; ++j)
            {
                LLVMValueRef term = LLVMGetBasicBlockTerminator(flow->order[j]);
                uint32_t succs = LLVMGetNumSuccessors(term);
                bool seen = false;

                if (succs < 2)
                    continue;
                for (s = 0; s < succs; ++s)
                    if (LLVMGetSuccessor(term, s) == b && !seen)
                    {
                        seen = true;
                        if (flow->edge_count == capacity)
                        {
                            struct agx_dxil_edge *grown;

                            capacity = capacity ? capacity * 2 : 16;
                            if (!(grown = realloc(flow->edges, capacity * sizeof(*grown))))
                                return E_OUTOFMEMORY;
                            flow->edges = grown;
                        }
                        flow->edges[flow->edge_count].from = flow->order[j];
                        flow->edges[flow->edge_count].to = b;
                        flow->edges[flow->edge_count++].block = number++;
                    }
            }
        }
        agx_dxil_lookup(L, LLVMBasicBlockAsValue(b))->reg = number++;
    }
    return S_OK;
}

/* The IR block an edge goes to: its edge block when it has one. */
static uint32_t agx_dxil_edge_target(struct agx_dxil_lower *L, const struct agx_dxil_flow *flow,
                                     LLVMBasicBlockRef from, LLVMBasicBlockRef to)
{
    uint32_t i;

    for (i = 0; i < flow->edge_count; ++i)
        if (flow->edges[i].from == from && flow->edges[i].to == to)
            return flow->edges[i].block;
    return agx_dxil_block_number(L, to);
}

/* The copies of the edge from -> to into to's phis; through temporaries when a value
 * copied is itself one of to's phis (the copies are parallel). */
static void agx_dxil_phi_copies(struct agx_dxil_lower *L, LLVMBasicBlockRef from, LLVMBasicBlockRef to)
{
    LLVMValueRef phi;
    bool parallel = false;

    for (phi = LLVMGetFirstInstruction(to); phi && LLVMGetInstructionOpcode(phi) == LLVMPHI;
         phi = LLVMGetNextInstruction(phi))
    {
        uint32_t i, n = LLVMCountIncoming(phi);

        for (i = 0; i < n; ++i)
            if (LLVMGetIncomingBlock(phi, i) == from)
            {
                LLVMValueRef in = LLVMGetIncomingValue(phi, i);

                if (LLVMIsAPHINode(in) && LLVMGetInstructionParent(in) == to)
                    parallel = true;
            }
    }
    for (int pass = parallel ? 0 : 1; pass < 2; ++pass)
        for (phi = LLVMGetFirstInstruction(to); phi && LLVMGetInstructionOpcode(phi) == LLVMPHI;
             phi = LLVMGetNextInstruction(phi))
        {
            struct agx_dxil_value *v = agx_dxil_lookup(L, phi);
            uint32_t i, n = LLVMCountIncoming(phi);

            for (i = 0; i < n && LLVMGetIncomingBlock(phi, i) != from; ++i)
                ;
            if (i == n || !v)
                continue;
            if (pass == 0)
                agx_dxil_alu(L, AGX_IR_OP_MOV, v->local_base, agx_dxil_operand(L, LLVMGetIncomingValue(phi, i)),
                             AGX_IR_NONE, AGX_IR_NONE);
            else
                agx_dxil_alu(L, AGX_IR_OP_MOV, v->reg,
                             parallel ? v->local_base : agx_dxil_operand(L, LLVMGetIncomingValue(phi, i)),
                             AGX_IR_NONE, AGX_IR_NONE);
        }
}

/* Phis get their registers (and a temporary, local_base, for parallel copies) before
 * any block is lowered: incoming values may come from later blocks. */
static void agx_dxil_define_phis(struct agx_dxil_lower *L, const struct agx_dxil_flow *flow)
{
    uint32_t i;

    for (i = 0; i < flow->count; ++i)
    {
        LLVMValueRef phi;

        for (phi = LLVMGetFirstInstruction(flow->order[i]); phi && LLVMGetInstructionOpcode(phi) == LLVMPHI;
             phi = LLVMGetNextInstruction(phi))
        {
            uint32_t count = agx_dxil_type_regs(L, LLVMTypeOf(phi));
            struct agx_dxil_value *v;

            if (count != 1)
            {
                agx_dxil_lower_fail(L, "a phi of an aggregate or unsupported type");
                return;
            }
            if ((v = agx_dxil_define(L, phi, 1)))
                v->local_base = agx_ir_build_regs(L->p, 1);
        }
    }
}

static void agx_dxil_lower_terminator(struct agx_dxil_lower *L, const struct agx_dxil_flow *flow,
                                      LLVMBasicBlockRef b, uint32_t block)
{
    LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
    uint32_t succs, i;

    switch (LLVMGetInstructionOpcode(term))
    {
        case LLVMRet:
            agx_ir_build_return(L->p, block);
            return;
        case LLVMBr:
            succs = LLVMGetNumSuccessors(term);
            if (succs == 1)
            {
                agx_dxil_phi_copies(L, b, LLVMGetSuccessor(term, 0));
                agx_ir_build_jump(L->p, block, agx_dxil_block_number(L, LLVMGetSuccessor(term, 0)));
                return;
            }
            agx_ir_build_branch(L->p, block, agx_dxil_operand(L, LLVMGetCondition(term)),
                                agx_dxil_edge_target(L, flow, b, LLVMGetSuccessor(term, 0)),
                                agx_dxil_edge_target(L, flow, b, LLVMGetSuccessor(term, 1)));
            return;
        case LLVMSwitch:
            /* Operands: selector, default, then (value, destination) pairs. */
            succs = LLVMGetNumSuccessors(term);
            if (succs == 1)
            {
                agx_dxil_phi_copies(L, b, LLVMGetSuccessor(term, 0));
                agx_ir_build_jump(L->p, block, agx_dxil_block_number(L, LLVMGetSuccessor(term, 0)));
                return;
            }
            /* An i16 selector zero-extended, as its case values are. */
            agx_ir_build_switch(L->p, block, agx_dxil_operand_ext(L, LLVMGetOperand(term, 0), false),
                                agx_dxil_edge_target(L, flow, b, LLVMGetSuccessor(term, 0)));
            for (i = 1; i < succs; ++i)
            {
                uint32_t value;

                if (!agx_dxil_const_u32(L, LLVMGetOperand(term, 2 * i), "a switch case", &value))
                    return;
                agx_ir_build_case(L->p, block, value, agx_dxil_edge_target(L, flow, b, LLVMGetSuccessor(term, i)));
            }
            return;
        case LLVMUnreachable:
            agx_ir_build_return(L->p, block);
            return;
        default:
            agx_dxil_lower_fail(L, "a block ends in an unsupported terminator (opcode %d)",
                                (int)LLVMGetInstructionOpcode(term));
            return;
    }
}

static HRESULT agx_dxil_lower_function(struct agx_dxil_lower *L)
{
    struct agx_dxil_flow flow = {0};
    uint32_t i, e = 0;
    HRESULT hr;

    if (FAILED(hr = agx_dxil_order(L, L->m->entry, &flow)) || FAILED(hr = agx_dxil_number(L, &flow)))
        goto done;
    agx_dxil_define_phis(L, &flow);
    for (i = 0; i < flow.count && SUCCEEDED(L->hr) && !L->p->failed; ++i)
    {
        LLVMBasicBlockRef b = flow.order[i];
        LLVMValueRef ins;
        uint32_t block;

        for (; e < flow.edge_count && flow.edges[e].to == b; ++e)
        {
            block = agx_ir_build_block(L->p);
            agx_dxil_phi_copies(L, flow.edges[e].from, b);
            agx_ir_build_jump(L->p, block, agx_dxil_block_number(L, b));
        }
        block = agx_ir_build_block(L->p);
        for (ins = LLVMGetFirstInstruction(b); ins && SUCCEEDED(L->hr); ins = LLVMGetNextInstruction(ins))
            agx_dxil_lower_instruction(L, ins);
        agx_dxil_lower_terminator(L, &flow, b, block);
    }
    hr = L->p->failed ? E_OUTOFMEMORY : L->hr;
done:
    free(flow.order);
    free(flow.edges);
    return hr;
}

/* ---- The shader -------------------------------------------------------------------------- */

/* D3D_NAME of a DXIL::SemanticKind (0: an arbitrary semantic or a render target). */
static uint32_t agx_dxil_sysval_name(uint32_t kind)
{
    static const uint8_t names[] = {0, 6, 8, 1, 4, 5, 2, 3, 0, 0, 7, 0, 10, 9, 0, 0, 0};

    return kind < sizeof(names) ? names[kind] : 0;
}

/* What the signature metadata declares of each v# and o# (the DXBC front end's dcl_input /
 * dcl_output facts). */
static HRESULT agx_dxil_lower_io(struct agx_dxil_lower *L)
{
    struct agx_shader_info *info = &L->s->info;
    uint32_t i, row, pass;

    for (pass = 0; pass < 2; ++pass)
    {
        const struct agx_dxil_signature *sig = pass ? &L->m->outputs : &L->m->inputs;

        for (i = 0; i < sig->count; ++i)
        {
            const struct agx_dxil_element *e = &sig->elements[i];

            if (pass && (e->semantic_kind == 17 || e->semantic_kind == 18 || e->semantic_kind == 19))
            {
                info->writes_depth = true;
                continue;
            }
            if (e->semantic_kind == 14)
            {
                if (pass)
                    info->writes_coverage = true;
                else
                    info->reads_coverage = true;
                continue;
            }
            if (e->semantic_kind >= 21 && e->semantic_kind <= 24)
                continue;             /* compute system values come from calls */
            if (!pass && e->semantic_kind == 12 && e->start_row == UINT32_MAX)
            {
                /* SV_SampleIndex is a shadow element, read by SampleIndex (DXIL.rst's table). */
                info->sample_frequency = true;
                continue;
            }
            if (e->start_row == UINT32_MAX || e->start_row + e->rows > AGX_SHADER_MAX_IO_REGISTERS
                    || e->start_column + e->columns > 4)
                return agx_dxil_lower_fail(L, "signature element %s is not packed into registers", e->name);
            for (row = e->start_row; row < e->start_row + e->rows; ++row)
            {
                struct agx_shader_io_register *reg = pass ? &info->output_registers[row] : &info->input_registers[row];

                reg->mask |= ((1u << e->columns) - 1) << e->start_column;
                reg->interpolation = (uint8_t)e->interpolation;
                reg->sysval = agx_dxil_sysval_name(e->semantic_kind);
                if (e->interpolation == 6 || e->interpolation == 7 || (!pass && e->semantic_kind == 12))
                    info->sample_frequency = true;
                if (pass && e->semantic_kind == 16)
                    info->render_target_mask |= 1u << row;
            }
        }
    }
    info->uses_discard = agx_dxil_module_uses_op(L->m, 82);
    return S_OK;
}

static enum agx_shader_stage agx_dxil_stage(uint32_t kind)
{
    return kind == DDI_DXIL_PIXEL ? AGX_SHADER_STAGE_PIXEL
            : kind == DDI_DXIL_VERTEX ? AGX_SHADER_STAGE_VERTEX : AGX_SHADER_STAGE_COMPUTE;
}

HRESULT agx_dxil_shader_lower(struct agx_shader *shader, const void *data, size_t size, char *why, size_t why_size)
{
    struct agx_dxil_lower L;
    struct agx_ir_program *p = &shader->ir;
    uint32_t i;
    HRESULT hr;

    memset(&L, 0, sizeof(L));
    if (FAILED(hr = agx_dxil_module_read_container(data, size, &L.m, why, why_size)))
        return hr;
    L.s = shader;
    L.p = p;
    L.why = why;
    L.why_size = why_size;
    if (L.m->kind != DDI_DXIL_PIXEL && L.m->kind != DDI_DXIL_VERTEX && L.m->kind != DDI_DXIL_COMPUTE)
    {
        hr = agx_dxil_lower_fail(&L, "%s shaders are not supported by the simulated device",
                                 L.m->kind == DDI_DXIL_GEOMETRY ? "geometry" : L.m->kind == DDI_DXIL_HULL ? "hull"
                                 : L.m->kind == DDI_DXIL_DOMAIN ? "domain" : "library, mesh and amplification");
        goto done;
    }
    if (agx_dxil_stage(L.m->kind) != shader->info.stage)
    {
        hr = agx_dxil_lower_fail(&L, "the program is a %s shader where a %s shader is expected",
                                 L.m->kind == DDI_DXIL_PIXEL ? "pixel" : L.m->kind == DDI_DXIL_VERTEX ? "vertex"
                                 : "compute", shader->info.stage == AGX_SHADER_STAGE_PIXEL ? "pixel"
                                 : shader->info.stage == AGX_SHADER_STAGE_VERTEX ? "vertex" : "compute");
        goto done;
    }
    /* agx_dxil_support.c's table decides which operations run (the cap follows it). */
    for (i = 0; i < AGX_DXIL_OP_COUNT; ++i)
    {
        if (agx_dxil_module_uses_op(L.m, i) && !agx_dxil_lowered_ops[i])
        {
            hr = agx_dxil_lower_fail(&L, "the DXIL operation %s (opcode %u) is not supported by the simulated device",
                                     agx_dxil_op_info(i)->name, i);
            goto done;
        }
    }
    shader->info.major = L.m->major;
    shader->info.minor = L.m->minor;
    memcpy(shader->info.thread_group, L.m->numthreads, sizeof(shader->info.thread_group));
    agx_ir_init(p);
    p->pixel = shader->info.stage == AGX_SHADER_STAGE_PIXEL;
    /* The layout the engine's interface reads (agx_shader_exec.c): no r# or x#. */
    shader->reg_temps = agx_ir_build_regs(p, 0);
    shader->reg_indexable = shader->reg_temps;
    shader->reg_inputs = agx_ir_build_regs(p, AGX_SHADER_MAX_IO_REGISTERS * 4);
    shader->reg_outputs = agx_ir_build_regs(p, AGX_SHADER_MAX_IO_REGISTERS * 4);
    shader->reg_depth = agx_ir_build_regs(p, 1);
    shader->reg_coverage_out = agx_ir_build_regs(p, 1);
    shader->reg_coverage_in = agx_ir_build_regs(p, 1);
    shader->reg_sysvals = agx_ir_build_regs(p, 16);
    if (FAILED(hr = agx_dxil_minprec_check_module(&L)) || FAILED(hr = agx_dxil_lower_bindings(&L))
            || FAILED(hr = agx_dxil_lower_io(&L)))
        goto done;
    p->bindings = shader->bindings;
    p->binding_count = shader->info.binding_count;
    if (FAILED(hr = agx_dxil_lower_function(&L)))
        goto done;
    hr = agx_ir_finish(p, why, why_size);
done:
    free(L.values);
    free(L.temp_regs);
    agx_dxil_module_destroy(L.m);
    return hr;
}
