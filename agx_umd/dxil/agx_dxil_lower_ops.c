/*
 * The DXIL front end's lowering of dx.op calls (agx_dxil_lower.h), by opcode number;
 * argument positions as DirectXShaderCompiler's docs/DXIL.rst gives each operation's
 * signature (argument 0 is the opcode). An operation not lowered here is refused by
 * name (specs/shaders.md lists both sets).
 */
#include <string.h>

#include "agx_dxil_lower.h"

/* Opcodes (DXIL.rst's table). */
enum
{
    OP_LOAD_INPUT = 4, OP_STORE_OUTPUT = 5, OP_FABS = 6, OP_SATURATE = 7, OP_IS_NAN = 8, OP_IS_INF = 9,
    OP_IS_FINITE = 10, OP_IS_NORMAL = 11, OP_COS = 12, OP_SIN = 13, OP_EXP = 21, OP_FRC = 22, OP_LOG = 23,
    OP_SQRT = 24, OP_RSQRT = 25, OP_ROUND_NE = 26, OP_ROUND_NI = 27, OP_ROUND_PI = 28, OP_ROUND_Z = 29,
    OP_BFREV = 30, OP_COUNTBITS = 31, OP_FIRSTBIT_LO = 32, OP_FIRSTBIT_HI = 33, OP_FIRSTBIT_SHI = 34,
    OP_FMAX = 35, OP_FMIN = 36, OP_IMAX = 37, OP_IMIN = 38, OP_UMAX = 39, OP_UMIN = 40,
    OP_FMAD = 46, OP_IMAD = 48, OP_UMAD = 49, OP_MSAD = 50, OP_IBFE = 51, OP_UBFE = 52, OP_BFI = 53,
    OP_DOT2 = 54, OP_DOT3 = 55, OP_DOT4 = 56, OP_CREATE_HANDLE = 57, OP_CBUFFER_LOAD_LEGACY = 59,
    OP_SAMPLE = 60, OP_SAMPLE_BIAS = 61, OP_SAMPLE_LEVEL = 62, OP_SAMPLE_GRAD = 63, OP_SAMPLE_CMP = 64,
    OP_SAMPLE_CMP_LEVEL_ZERO = 65, OP_TEXTURE_LOAD = 66, OP_TEXTURE_STORE = 67, OP_BUFFER_LOAD = 68,
    OP_BUFFER_STORE = 69, OP_GET_DIMENSIONS = 72, OP_TEXTURE_GATHER = 73, OP_TEXTURE_GATHER_CMP = 74,
    OP_ATOMIC_BINOP = 78, OP_ATOMIC_CMPXCHG = 79, OP_BARRIER = 80, OP_DISCARD = 82, OP_DERIV_COARSE_X = 83,
    OP_DERIV_COARSE_Y = 84, OP_DERIV_FINE_X = 85, OP_DERIV_FINE_Y = 86, OP_THREAD_ID = 93, OP_GROUP_ID = 94,
    OP_THREAD_ID_IN_GROUP = 95, OP_FLATTENED_THREAD_ID_IN_GROUP = 96, OP_LEGACY_F32_TO_F16 = 130,
    OP_LEGACY_F16_TO_F32 = 131, OP_RAW_BUFFER_LOAD = 139, OP_RAW_BUFFER_STORE = 140, OP_ANNOTATE_HANDLE = 216,
    OP_CREATE_HANDLE_FROM_BINDING = 217,
};

/* Short names in this file for agx_dxil_lower.h's helpers. */
static LLVMValueRef arg(LLVMValueRef call, uint32_t i)
{
    return agx_dxil_arg(call, i);
}

static agx_ir_reg src(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t i)
{
    return agx_dxil_src(L, call, i);
}

static void emit(struct agx_dxil_lower *L, struct agx_ir_instr *ir, uint32_t src_count)
{
    agx_ir_build_counted(L->p, ir, src_count);
}

agx_ir_reg agx_dxil_result(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t count)
{
    struct agx_dxil_value *v = agx_dxil_define(L, call, count);

    return v ? v->reg : agx_dxil_const(L, 0);
}

/* The call's result registers (count of its type). */
static agx_ir_reg result(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t count)
{
    return agx_dxil_result(L, call, count);
}

void agx_dxil_set_dsts(struct agx_dxil_lower *L, LLVMValueRef call, struct agx_ir_instr *ir, uint32_t count)
{
    agx_ir_reg dst = agx_dxil_result(L, call, count);
    uint32_t c;

    for (c = 0; c < count; ++c)
        ir->dst[c] = dst + c;
}

/* ---- Resources --------------------------------------------------------------------------- */

static enum agx_shader_dim agx_dxil_dim(uint32_t kind)
{
    static const enum agx_shader_dim dims[] =
    {
        AGX_SHADER_DIM_UNKNOWN, AGX_SHADER_DIM_TEXTURE1D, AGX_SHADER_DIM_TEXTURE2D, AGX_SHADER_DIM_TEXTURE2DMS,
        AGX_SHADER_DIM_TEXTURE3D, AGX_SHADER_DIM_TEXTURECUBE, AGX_SHADER_DIM_TEXTURE1DARRAY,
        AGX_SHADER_DIM_TEXTURE2DARRAY, AGX_SHADER_DIM_TEXTURE2DMSARRAY, AGX_SHADER_DIM_TEXTURECUBEARRAY,
        AGX_SHADER_DIM_BUFFER, AGX_SHADER_DIM_RAW_BUFFER, AGX_SHADER_DIM_STRUCTURED_BUFFER,
    };

    return kind < sizeof(dims) / sizeof(dims[0]) ? dims[kind] : AGX_SHADER_DIM_UNKNOWN;
}

HRESULT agx_dxil_lower_bindings(struct agx_dxil_lower *L)
{
    static const enum agx_shader_register_class classes[] =
    {
        AGX_SHADER_CLASS_SRV, AGX_SHADER_CLASS_UAV, AGX_SHADER_CLASS_CBV, AGX_SHADER_CLASS_SAMPLER,
    };
    const struct agx_dxil_module *m = L->m;
    uint32_t i;

    if (!m->resource_count)
        return S_OK;
    if (!(L->s->bindings = calloc(m->resource_count, sizeof(*L->s->bindings))))
        return E_OUTOFMEMORY;
    for (i = 0; i < m->resource_count; ++i)
    {
        const struct agx_dxil_resource *r = &m->resources[i];
        struct agx_shader_binding *b = &L->s->bindings[i];

        b->cls = classes[r->resource_class & 3];
        b->id = r->id;
        b->space = r->space;
        b->lower = r->lower_bound;
        b->upper = r->range_size == UINT32_MAX ? UINT32_MAX : r->lower_bound + r->range_size - 1;
        if (r->resource_class == AGX_DXIL_CBV)
            b->cb_vec4_count = (r->size + 15) / 16;
        else if (r->resource_class == AGX_DXIL_SAMPLER)
            b->comparison = r->size == 1;
        else
        {
            b->dim = agx_dxil_dim(r->kind);
            if (b->dim == AGX_SHADER_DIM_UNKNOWN || b->dim == AGX_SHADER_DIM_TEXTURECUBEARRAY + 1)
                return agx_dxil_lower_fail(L, "resource %u has the unsupported kind %u", i, r->kind);
            b->has_counter = r->has_counter;
            /* Root-descriptor views have no stride of their own: the declaration's
             * (D3D12's root SRV/UAV rule, as the DXBC front end's dcl_*_structured). A
             * DXBC stride is a multiple of 4 up to 2048; without 16-bit types DXIL's are too. */
            if (b->dim == AGX_SHADER_DIM_STRUCTURED_BUFFER)
            {
                if (!r->stride)
                    return agx_dxil_lower_fail(L, "structured buffer resource %u declares no element stride "
                                               "(dx.resources extended property 1)", i);
                if (r->stride % 4 || r->stride > 2048)
                    return agx_dxil_lower_fail(L, "structured buffer resource %u declares the element stride %u "
                                               "(a multiple of 4 up to 2048 is supported)", i, r->stride);
                b->structure_stride = r->stride;
            }
        }
    }
    L->s->info.binding_count = m->resource_count;
    L->s->info.bindings = L->s->bindings;
    return S_OK;
}

/* The binding of class and range ID. */
static bool agx_dxil_slot(struct agx_dxil_lower *L, uint32_t resource_class, uint32_t id, uint32_t *slot)
{
    uint32_t i;

    for (i = 0; i < L->m->resource_count; ++i)
        if (L->m->resources[i].resource_class == resource_class && L->m->resources[i].id == id)
        {
            *slot = i;
            return true;
        }
    agx_dxil_lower_fail(L, "createHandle names resource class %u range %u, which dx.resources lacks",
                        resource_class, id);
    return false;
}

static void agx_dxil_handle(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t slot, LLVMValueRef index)
{
    struct agx_dxil_value *v = agx_dxil_define(L, call, 0);

    if (!v)
        return;
    v->kind = AGX_DXIL_VALUE_HANDLE;
    v->res.kind = AGX_IR_RES_BINDING;
    v->res.slot = (uint16_t)slot;
    v->res.index_reg = AGX_IR_NONE;
    /* The index is the absolute register. */
    if (LLVMIsAConstantInt(index) || LLVMIsUndef(index))
        agx_dxil_const_u32(L, index, "a handle's index", &v->res.index);
    else
        v->res.index_reg = agx_dxil_operand(L, index);
}

static void agx_dxil_create_handle(struct agx_dxil_lower *L, LLVMValueRef call)
{
    uint32_t resource_class, id, slot;

    if (agx_dxil_const_u32(L, arg(call, 1), "createHandle's resource class", &resource_class)
            && agx_dxil_const_u32(L, arg(call, 2), "createHandle's range ID", &id)
            && agx_dxil_slot(L, resource_class, id, &slot))
        agx_dxil_handle(L, call, slot, arg(call, 3));
}

/* createHandleFromBinding(%dx.types.ResBind {lower, upper, space, class}, index, non-uniform). */
static void agx_dxil_create_handle_from_binding(struct agx_dxil_lower *L, LLVMValueRef call)
{
    LLVMValueRef bind = arg(call, 1);
    uint32_t fields[4], i;

    if (!LLVMIsAConstantStruct(bind) || LLVMGetNumOperands(bind) != 4)
    {
        agx_dxil_lower_fail(L, "createHandleFromBinding's binding is not a constant dx.types.ResBind");
        return;
    }
    for (i = 0; i < 4; ++i)
        if (!agx_dxil_const_u32(L, LLVMGetOperand(bind, i), "a dx.types.ResBind field", &fields[i]))
            return;
    for (i = 0; i < L->m->resource_count; ++i)
    {
        const struct agx_dxil_resource *r = &L->m->resources[i];

        if (r->resource_class == fields[3] && r->space == fields[2] && r->lower_bound == fields[0])
        {
            agx_dxil_handle(L, call, i, arg(call, 2));
            return;
        }
    }
    agx_dxil_lower_fail(L, "createHandleFromBinding names class %u space %u register %u, which dx.resources lacks",
                        fields[3], fields[2], fields[0]);
}

const struct agx_dxil_value *agx_dxil_handle_of(struct agx_dxil_lower *L, LLVMValueRef v)
{
    const struct agx_dxil_value *h = agx_dxil_lookup(L, v);

    if (!h || h->kind != AGX_DXIL_VALUE_HANDLE)
    {
        agx_dxil_lower_fail(L, "a resource handle that is not made by createHandle, createHandleFromBinding or "
                            "annotateHandle (phis and selects of handles are not supported)");
        return NULL;
    }
    return h;
}

static enum agx_shader_dim handle_dim(struct agx_dxil_lower *L, const struct agx_dxil_value *h)
{
    return L->s->bindings[h->res.slot].dim;
}

/* The components of a texture's size (1D 1, 3D 3, the others 2): what an offset moves. */
static uint32_t size_components(enum agx_shader_dim dim)
{
    return dim == AGX_SHADER_DIM_TEXTURE1D || dim == AGX_SHADER_DIM_TEXTURE1DARRAY ? 1
            : dim == AGX_SHADER_DIM_TEXTURE3D ? 3 : 2;
}

/* ---- Signatures -------------------------------------------------------------------------- */

/* Semantic kinds (DXIL::SemanticKind) read from system values rather than inputs. */
enum { SEMANTIC_COVERAGE = 14, SEMANTIC_DEPTH = 17, SEMANTIC_DEPTH_LE = 18, SEMANTIC_DEPTH_GE = 19 };

/* The register of a system value that has none in the signature (dxc gives SV_Depth*
 * and SV_Coverage start row -1), else AGX_IR_NONE. */
static agx_ir_reg agx_dxil_unpacked_reg(struct agx_dxil_lower *L, const struct agx_dxil_element *e, bool output)
{
    if (e->semantic_kind == SEMANTIC_COVERAGE)
        return output ? L->s->reg_coverage_out : L->s->reg_coverage_in;
    if (output && (e->semantic_kind == SEMANTIC_DEPTH || e->semantic_kind == SEMANTIC_DEPTH_LE
            || e->semantic_kind == SEMANTIC_DEPTH_GE))
        return L->s->reg_depth;
    return AGX_IR_NONE;
}

const struct agx_dxil_element *agx_dxil_element(struct agx_dxil_lower *L, bool output, LLVMValueRef call,
                                                agx_ir_reg *reg)
{
    const struct agx_dxil_signature *sig = output ? &L->m->outputs : &L->m->inputs;
    uint32_t id, row, column, i;

    if (!agx_dxil_const_u32(L, arg(call, 1), "a signature element ID", &id)
            || !agx_dxil_const_u32(L, arg(call, 2), "a signature row", &row)
            || !agx_dxil_const_u32(L, arg(call, 3), "a signature column", &column))
        return NULL;
    for (i = 0; i < sig->count && sig->elements[i].id != id; ++i)
        ;
    if (i == sig->count || row >= sig->elements[i].rows || column >= sig->elements[i].columns)
    {
        agx_dxil_lower_fail(L, "signature element %u (row %u, column %u) is not in the signature", id, row, column);
        return NULL;
    }
    if ((*reg = agx_dxil_unpacked_reg(L, &sig->elements[i], output)) != AGX_IR_NONE)
        return &sig->elements[i];
    if (sig->elements[i].start_row == UINT32_MAX || sig->elements[i].start_row + row >= AGX_SHADER_MAX_IO_REGISTERS)
    {
        agx_dxil_lower_fail(L, "signature element %u is not packed into a register", id);
        return NULL;
    }
    *reg = (output ? L->s->reg_outputs : L->s->reg_inputs) + (sig->elements[i].start_row + row) * 4
            + sig->elements[i].start_column + column;
    return &sig->elements[i];
}

static void agx_dxil_load_input(struct agx_dxil_lower *L, LLVMValueRef call)
{
    struct agx_dxil_value *v;
    agx_ir_reg reg;

    if (!agx_dxil_element(L, false, call, &reg))
        return;
    /* Inputs are not written by the program: the value is the register. */
    if ((v = agx_dxil_define(L, call, 0)))
    {
        v->count = 1;
        v->reg = reg;
    }
}

static void agx_dxil_store_output(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_element *e;
    struct agx_ir_instr *ins;
    agx_ir_reg reg;

    if (!(e = agx_dxil_element(L, true, call, &reg)))
        return;
    /* A min16int (DXIL::ComponentType I16, 2) output sign-extended, a min16uint zero-extended. */
    ins = agx_ir_build_alu(L->p, AGX_IR_OP_MOV, reg, agx_dxil_operand_ext(L, arg(call, 4), e->component_type == 2),
                           AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
    if (ins)
        ins->flags |= AGX_IR_WRITERS;
}

/* ---- Memory ------------------------------------------------------------------------------ */

static void agx_dxil_cbuffer_load(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_value *h = agx_dxil_handle_of(L, arg(call, 1));
    LLVMValueRef row = arg(call, 2);
    uint32_t c, vec4 = 0;
    agx_ir_reg dst, rel = AGX_IR_NONE;

    if (!h)
        return;
    if (LLVMIsAConstantInt(row))
        vec4 = (uint32_t)LLVMConstIntGetZExtValue(row);
    else
        rel = agx_dxil_operand(L, row);
    dst = result(L, call, 4);
    for (c = 0; c < 4; ++c)
        agx_dxil_load_cb(L, &h->res, dst + c, c, vec4, rel);
}

/* The elements of an aggregate result its users extract (all when one uses it whole). */
static uint32_t agx_dxil_used_elements(LLVMValueRef call)
{
    uint32_t used = 0;
    LLVMUseRef use;

    for (use = LLVMGetFirstUse(call); use; use = LLVMGetNextUse(use))
    {
        LLVMValueRef user = LLVMGetUser(use);

        if (LLVMIsAExtractValueInst(user) && LLVMGetNumIndices(user) == 1 && LLVMGetIndices(user)[0] < 32)
            used |= 1u << LLVMGetIndices(user)[0];
        else
            used = ~0u;
    }
    return used;
}

/* bufferLoad / rawBufferLoad (handle, index, offset): raw (byte) and structured (element,
 * byte) buffers through LOAD_RAW, typed ones through the texture unit. Only the dwords
 * extracted are read, so the status (element 4) speaks of the bytes HLSL's Load read
 * (a Load of one dword next to an unmapped tile is fully mapped). */
static void agx_dxil_buffer_load(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_value *h = agx_dxil_handle_of(L, arg(call, 1));
    struct agx_ir_instr ir;
    enum agx_shader_dim dim;
    uint32_t c, used;

    if (!h)
        return;
    dim = handle_dim(L, h);
    if (dim == AGX_SHADER_DIM_BUFFER)
    {
        agx_ir_instr_init(&ir, AGX_IR_OP_TEX_LOAD);
        ir.src[0] = src(L, call, 2);
        ir.src[3] = agx_dxil_const(L, 0);
    }
    else
    {
        agx_ir_instr_init(&ir, AGX_IR_OP_LOAD_RAW);
        ir.sub = dim == AGX_SHADER_DIM_STRUCTURED_BUFFER;
        ir.src[0] = src(L, call, 2);
        if (ir.sub)
            ir.src[1] = src(L, call, 3);
        for (c = 0; c < 4; ++c)
            ir.aux_comp[c] = (uint8_t)c;
    }
    ir.res = h->res;
    agx_dxil_set_dsts(L, call, &ir, 5);
    used = agx_dxil_used_elements(call);
    for (c = 0; c < 5; ++c)
        if (!(used & (1u << c)))
            ir.dst[c] = AGX_IR_NONE;
    emit(L, &ir, dim == AGX_SHADER_DIM_BUFFER ? 5 : 2);
}

/* bufferStore / rawBufferStore (handle, index, offset, four values, write mask). */
static void agx_dxil_buffer_store(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_value *h = agx_dxil_handle_of(L, arg(call, 1));
    struct agx_ir_instr ir;
    enum agx_shader_dim dim;
    uint32_t c, mask;

    if (!h || !agx_dxil_const_u32(L, arg(call, 8), "a store's write mask", &mask))
        return;
    dim = handle_dim(L, h);
    if (dim == AGX_SHADER_DIM_BUFFER)
    {
        agx_ir_instr_init(&ir, AGX_IR_OP_TEX_STORE);
        ir.src[0] = src(L, call, 2);
        ir.src[1] = ir.src[2] = agx_dxil_const(L, 0);
        for (c = 0; c < 4; ++c)
            ir.src[3 + c] = src(L, call, 4 + c);
        ir.res = h->res;
        emit(L, &ir, 7);
        return;
    }
    agx_ir_instr_init(&ir, AGX_IR_OP_STORE_RAW);
    ir.sub = dim == AGX_SHADER_DIM_STRUCTURED_BUFFER;
    ir.src[0] = src(L, call, 2);
    if (ir.sub)
        ir.src[1] = src(L, call, 3);
    for (c = 0; c < 4; ++c)
        if (mask & (1u << c))
            ir.src[2 + c] = src(L, call, 4 + c);
    ir.res = h->res;
    emit(L, &ir, 6);
}

static void agx_dxil_atomic(struct agx_dxil_lower *L, LLVMValueRef call, bool cmpxchg)
{
    /* DXIL::AtomicBinOpCode order. */
    static const uint8_t ops[] =
    {
        AGX_IR_ATOMIC_ADD, AGX_IR_ATOMIC_AND, AGX_IR_ATOMIC_OR, AGX_IR_ATOMIC_XOR, AGX_IR_ATOMIC_IMIN,
        AGX_IR_ATOMIC_IMAX, AGX_IR_ATOMIC_UMIN, AGX_IR_ATOMIC_UMAX, AGX_IR_ATOMIC_EXCH,
    };
    const struct agx_dxil_value *h = agx_dxil_handle_of(L, arg(call, 1));
    uint32_t first = cmpxchg ? 2 : 3, op = 0, c;
    struct agx_ir_instr ir;
    enum agx_shader_dim dim;

    if (!h || (!cmpxchg && !agx_dxil_const_u32(L, arg(call, 2), "atomicBinOp's operation", &op)))
        return;
    if (op >= sizeof(ops))
    {
        agx_dxil_lower_fail(L, "atomicBinOp names the unknown operation %u", op);
        return;
    }
    dim = handle_dim(L, h);
    agx_ir_instr_init(&ir, AGX_IR_OP_ATOMIC);
    ir.sub = cmpxchg ? AGX_IR_ATOMIC_CMPXCHG : ops[op];
    ir.aux = dim == AGX_SHADER_DIM_STRUCTURED_BUFFER ? AGX_IR_ADDR_STRUCTURED
            : dim == AGX_SHADER_DIM_RAW_BUFFER ? AGX_IR_ADDR_RAW : AGX_IR_ADDR_TYPED;
    for (c = 0; c < 3; ++c)
        ir.src[c] = src(L, call, first + c);
    if (cmpxchg)
    {
        ir.src[4] = src(L, call, 5);
        ir.src[3] = src(L, call, 6);
    }
    else
        ir.src[3] = src(L, call, 6);
    ir.res = h->res;
    ir.dst[0] = result(L, call, 1);
    emit(L, &ir, 5);
}

/* ---- The texture unit -------------------------------------------------------------------- */

static bool agx_dxil_offsets(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t first, uint32_t count,
                             struct agx_ir_instr *ir)
{
    uint32_t c, value;

    for (c = 0; c < count; ++c)
    {
        if (!agx_dxil_const_u32(L, arg(call, first + c), "a texel offset", &value))
            return false;
        ir->offset[c] = (int8_t)value;
    }
    return true;
}

static void agx_dxil_texture_load(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_value *h = agx_dxil_handle_of(L, arg(call, 1));
    struct agx_ir_instr ir;
    enum agx_shader_dim dim;
    uint32_t c;

    /* textureLoad(handle, mip or sample, c0, c1, c2, o0, o1, o2) */
    if (!h)
        return;
    dim = handle_dim(L, h);
    agx_ir_instr_init(&ir, AGX_IR_OP_TEX_LOAD);
    for (c = 0; c < 3; ++c)
        ir.src[c] = src(L, call, 3 + c);
    if (dim == AGX_SHADER_DIM_TEXTURE2DMS || dim == AGX_SHADER_DIM_TEXTURE2DMSARRAY)
    {
        ir.src[3] = agx_dxil_const(L, 0);
        ir.src[4] = src(L, call, 2);
    }
    else
    {
        ir.src[3] = src(L, call, 2);
        ir.src[4] = agx_dxil_const(L, 0);
    }
    if (!agx_dxil_offsets(L, call, 6, 3, &ir))
        return;
    /* The offsets move the size components only, not an array slice (DXIL.rst's table
     * of TextureLoad's active offsets). */
    ir.aux = size_components(dim);
    ir.res = h->res;
    agx_dxil_set_dsts(L, call, &ir, 5);
    emit(L, &ir, 5);
}

static void agx_dxil_texture_store(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_value *h = agx_dxil_handle_of(L, arg(call, 1));
    struct agx_ir_instr ir;
    uint32_t c;

    /* textureStore(handle, c0, c1, c2, v0..v3, mask) */
    if (!h)
        return;
    agx_ir_instr_init(&ir, AGX_IR_OP_TEX_STORE);
    for (c = 0; c < 3; ++c)
        ir.src[c] = src(L, call, 2 + c);
    for (c = 0; c < 4; ++c)
        ir.src[3 + c] = src(L, call, 5 + c);
    ir.res = h->res;
    emit(L, &ir, 7);
}

/* sample*(handle, sampler, c0..c3, o0..o2, ...) and textureGather*(handle, sampler, c0..c3,
 * o0, o1, channel[, compare]). */
static void agx_dxil_sample(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode)
{
    const struct agx_dxil_value *h = agx_dxil_handle_of(L, arg(call, 1)), *s = agx_dxil_handle_of(L, arg(call, 2));
    bool gather = opcode == OP_TEXTURE_GATHER || opcode == OP_TEXTURE_GATHER_CMP;
    struct agx_ir_instr ir;
    uint32_t c;

    if (!h || !s)
        return;
    agx_ir_instr_init(&ir, gather ? AGX_IR_OP_TEX_GATHER : AGX_IR_OP_TEX_SAMPLE);
    for (c = 0; c < 4; ++c)
        ir.src[c] = src(L, call, 3 + c);
    if (!agx_dxil_offsets(L, call, 7, gather ? 2 : 3, &ir))
        return;
    switch (opcode)
    {
        case OP_SAMPLE:
            ir.sub = AGX_IR_SAMPLE_IMPLICIT;
            ir.src[11] = src(L, call, 10);
            break;
        case OP_SAMPLE_BIAS:
            ir.sub = AGX_IR_SAMPLE_BIAS;
            ir.src[4] = src(L, call, 10);
            ir.src[11] = src(L, call, 11);
            break;
        case OP_SAMPLE_LEVEL:
            ir.sub = AGX_IR_SAMPLE_LEVEL;
            ir.src[4] = src(L, call, 10);
            break;
        case OP_SAMPLE_GRAD:
            ir.sub = AGX_IR_SAMPLE_GRAD;
            for (c = 0; c < 3; ++c)
            {
                ir.src[5 + c] = src(L, call, 10 + c);
                ir.src[8 + c] = src(L, call, 13 + c);
            }
            ir.src[11] = src(L, call, 16);
            break;
        case OP_SAMPLE_CMP:
            ir.sub = AGX_IR_SAMPLE_COMPARE;
            ir.src[4] = src(L, call, 10);
            ir.src[11] = src(L, call, 11);
            break;
        case OP_SAMPLE_CMP_LEVEL_ZERO:
            ir.sub = AGX_IR_SAMPLE_COMPARE_LZ;
            ir.src[4] = src(L, call, 10);
            break;
        default:
        {
            uint32_t channel;

            if (!agx_dxil_const_u32(L, arg(call, 9), "textureGather's channel", &channel) || channel > 3)
            {
                agx_dxil_lower_fail(L, "textureGather's channel is not a constant from 0 to 3");
                return;
            }
            ir.aux_comp[0] = (uint8_t)channel;
            if (opcode == OP_TEXTURE_GATHER_CMP)
            {
                ir.aux = 1;
                ir.src[4] = src(L, call, 10);
            }
            break;
        }
    }
    /* An undef clamp is no clamp. */
    if (ir.src[11] != AGX_IR_NONE && LLVMIsUndef(arg(call, opcode == OP_SAMPLE ? 10 : opcode == OP_SAMPLE_GRAD ? 16 : 11)))
        ir.src[11] = AGX_IR_NONE;
    ir.res = h->res;
    ir.smp = s->res;
    agx_dxil_set_dsts(L, call, &ir, 5);
    emit(L, &ir, AGX_IR_MAX_SRC);
}

static void agx_dxil_get_dimensions(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_value *h = agx_dxil_handle_of(L, arg(call, 1));
    enum agx_shader_dim dim;
    bool multisampled;
    struct agx_ir_instr ir;
    agx_ir_reg dst;
    uint32_t c;

    if (!h)
        return;
    dim = handle_dim(L, h);
    if (dim == AGX_SHADER_DIM_BUFFER || dim == AGX_SHADER_DIM_RAW_BUFFER || dim == AGX_SHADER_DIM_STRUCTURED_BUFFER)
    {
        /* The element count (raw: bytes), then zeros. */
        dst = result(L, call, 4);
        agx_ir_instr_init(&ir, AGX_IR_OP_BUFINFO);
        ir.dst[0] = dst;
        ir.res = h->res;
        emit(L, &ir, 0);
        for (c = 1; c < 4; ++c)
            agx_ir_build_alu(L->p, AGX_IR_OP_MOV, dst + c, agx_dxil_const(L, 0), AGX_IR_NONE, AGX_IR_NONE,
                             AGX_IR_NONE);
        return;
    }
    agx_ir_instr_init(&ir, AGX_IR_OP_TEX_INFO);
    ir.src[0] = src(L, call, 2);
    ir.sub = AGX_IR_RESINFO_UINT;
    ir.aux = size_components(dim);
    ir.res = h->res;
    agx_dxil_set_dsts(L, call, &ir, 4);
    dst = ir.dst[0];
    /* DXIL.rst, GetDimensions: a multisampled texture's c3 is its sample count, not
     * its mip count (DXBC asks sampleinfo for it). */
    multisampled = dim == AGX_SHADER_DIM_TEXTURE2DMS || dim == AGX_SHADER_DIM_TEXTURE2DMSARRAY;
    if (multisampled)
        ir.dst[3] = AGX_IR_NONE;
    emit(L, &ir, 1);
    if (multisampled)
    {
        agx_ir_instr_init(&ir, AGX_IR_OP_TEX_SAMPLE_INFO);
        ir.sub = 1;   /* uint */
        ir.res = h->res;
        ir.dst[0] = dst + 3;
        emit(L, &ir, 0);
    }
}

/* ---- Arithmetic -------------------------------------------------------------------------- */

static bool agx_dxil_simple(uint32_t opcode, enum agx_ir_op *op)
{
    switch (opcode)
    {
        case OP_FABS: *op = AGX_IR_OP_FABS; return true;
        case OP_SATURATE: *op = AGX_IR_OP_FSAT; return true;
        case OP_COS: *op = AGX_IR_OP_FCOS; return true;
        case OP_SIN: *op = AGX_IR_OP_FSIN; return true;
        case OP_EXP: *op = AGX_IR_OP_FEXP2; return true;
        case OP_FRC: *op = AGX_IR_OP_FFRACT; return true;
        case OP_LOG: *op = AGX_IR_OP_FLOG2; return true;
        case OP_SQRT: *op = AGX_IR_OP_FSQRT; return true;
        case OP_RSQRT: *op = AGX_IR_OP_FRSQ; return true;
        case OP_ROUND_NE: *op = AGX_IR_OP_FROUND_NE; return true;
        case OP_ROUND_NI: *op = AGX_IR_OP_FFLOOR; return true;
        case OP_ROUND_PI: *op = AGX_IR_OP_FCEIL; return true;
        case OP_ROUND_Z: *op = AGX_IR_OP_FTRUNC; return true;
        case OP_BFREV: *op = AGX_IR_OP_BFREV; return true;
        case OP_COUNTBITS: *op = AGX_IR_OP_POPCOUNT; return true;
        case OP_FIRSTBIT_LO: *op = AGX_IR_OP_FIRSTBIT_LO; return true;
        case OP_FIRSTBIT_HI: *op = AGX_IR_OP_FIRSTBIT_HI; return true;
        case OP_FIRSTBIT_SHI: *op = AGX_IR_OP_FIRSTBIT_SHI; return true;
        case OP_FMAX: *op = AGX_IR_OP_FMAX; return true;
        case OP_FMIN: *op = AGX_IR_OP_FMIN; return true;
        case OP_IMAX: *op = AGX_IR_OP_IMAX; return true;
        case OP_IMIN: *op = AGX_IR_OP_IMIN; return true;
        case OP_UMAX: *op = AGX_IR_OP_UMAX; return true;
        case OP_UMIN: *op = AGX_IR_OP_UMIN; return true;
        case OP_FMAD: *op = AGX_IR_OP_FMAD; return true;
        case OP_IMAD: case OP_UMAD: *op = AGX_IR_OP_IMAD; return true;
        case OP_MSAD: *op = AGX_IR_OP_MSAD; return true;
        case OP_IBFE: *op = AGX_IR_OP_IBFE; return true;
        case OP_UBFE: *op = AGX_IR_OP_UBFE; return true;
        case OP_BFI: *op = AGX_IR_OP_BFI; return true;
        case OP_DERIV_COARSE_X: *op = AGX_IR_OP_FDDX_COARSE; return true;
        case OP_DERIV_COARSE_Y: *op = AGX_IR_OP_FDDY_COARSE; return true;
        case OP_DERIV_FINE_X: *op = AGX_IR_OP_FDDX_FINE; return true;
        case OP_DERIV_FINE_Y: *op = AGX_IR_OP_FDDY_FINE; return true;
        case OP_LEGACY_F32_TO_F16: *op = AGX_IR_OP_F2F16; return true;
        case OP_LEGACY_F16_TO_F32: *op = AGX_IR_OP_F16TOF32; return true;
        default: return false;
    }
}

/* isSpecialFloat: comparisons against infinity on |x|, whose NaNs compare false. */
static void agx_dxil_special_float(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t opcode)
{
    agx_ir_reg x = src(L, call, 1), dst = result(L, call, 1), t = agx_ir_build_regs(L->p, 2);
    agx_ir_reg inf = agx_dxil_const(L, 0x7f800000u);

    if (opcode == OP_IS_NAN)
    {
        agx_ir_build_alu(L->p, AGX_IR_OP_FNE, dst, x, x, AGX_IR_NONE, AGX_IR_NONE);
        return;
    }
    agx_ir_build_alu(L->p, AGX_IR_OP_FABS, t, x, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
    if (opcode == OP_IS_INF)
        agx_ir_build_alu(L->p, AGX_IR_OP_FEQ, dst, t, inf, AGX_IR_NONE, AGX_IR_NONE);
    else if (opcode == OP_IS_FINITE)
        agx_ir_build_alu(L->p, AGX_IR_OP_FLT, dst, t, inf, AGX_IR_NONE, AGX_IR_NONE);
    else
    {
        /* Normal: FLT_MIN <= |x| < inf, on the bits (denormals would flush in a float compare). */
        agx_ir_build_alu(L->p, AGX_IR_OP_UGE, t + 1, t, agx_dxil_const(L, 0x00800000u), AGX_IR_NONE, AGX_IR_NONE);
        agx_ir_build_alu(L->p, AGX_IR_OP_ULT, dst, t, inf, AGX_IR_NONE, AGX_IR_NONE);
        agx_ir_build_alu(L->p, AGX_IR_OP_AND, dst, dst, t + 1, AGX_IR_NONE, AGX_IR_NONE);
    }
}

/* Dot2/3/4(a0.., b0..): a multiply, then multiply-adds, as the DXBC front end's dp#. */
static void agx_dxil_dot(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t n)
{
    agx_ir_reg dst = result(L, call, 1);
    uint32_t c;

    for (c = 0; c < n; ++c)
        agx_ir_build_alu(L->p, c ? AGX_IR_OP_FMAD : AGX_IR_OP_FMUL, dst, src(L, call, 1 + c), src(L, call, 1 + n + c),
                         c ? dst : AGX_IR_NONE, AGX_IR_NONE);
}

static void agx_dxil_sysval(struct agx_dxil_lower *L, LLVMValueRef call, uint32_t index, bool component)
{
    struct agx_dxil_value *v;
    uint32_t c = 0;

    if (component && (!agx_dxil_const_u32(L, arg(call, 1), "a system value's component", &c) || c > 2))
    {
        agx_dxil_lower_fail(L, "a thread ID component is not a constant from 0 to 2");
        return;
    }
    L->s->sysvals |= 1u << index;
    if ((v = agx_dxil_define(L, call, 0)))
    {
        v->count = 1;
        v->reg = L->s->reg_sysvals + index * 4 + c;
    }
}

void agx_dxil_lower_call(struct agx_dxil_lower *L, LLVMValueRef call)
{
    const struct agx_dxil_op_info *info;
    uint32_t opcode, n = LLVMGetNumArgOperands(call), i;
    enum agx_ir_op op;

    /* The module reader let through only dx.op calls with a constant opcode. */
    opcode = (uint32_t)LLVMConstIntGetZExtValue(arg(call, 0));
    info = agx_dxil_op_info(opcode);
    if (agx_dxil_lower_minprec_call(L, call, opcode))
        return;
    if (agx_dxil_simple(opcode, &op))
    {
        agx_ir_reg s[4] = {AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE}, dst;

        for (i = 1; i < n && i <= 4; ++i)
            s[i - 1] = src(L, call, i);
        dst = result(L, call, agx_dxil_type_regs(L, LLVMTypeOf(call)));
        agx_ir_build_alu(L->p, op, dst, s[0], s[1], s[2], s[3]);
        return;
    }
    switch (opcode)
    {
        case OP_LOAD_INPUT: agx_dxil_load_input(L, call); return;
        case OP_STORE_OUTPUT: agx_dxil_store_output(L, call); return;
        case OP_IS_NAN: case OP_IS_INF: case OP_IS_FINITE: case OP_IS_NORMAL:
            agx_dxil_special_float(L, call, opcode);
            return;
        case OP_DOT2: agx_dxil_dot(L, call, 2); return;
        case OP_DOT3: agx_dxil_dot(L, call, 3); return;
        case OP_DOT4: agx_dxil_dot(L, call, 4); return;
        case OP_CREATE_HANDLE: agx_dxil_create_handle(L, call); return;
        case OP_CREATE_HANDLE_FROM_BINDING: agx_dxil_create_handle_from_binding(L, call); return;
        case OP_ANNOTATE_HANDLE:
        {
            const struct agx_dxil_value *h = agx_dxil_handle_of(L, arg(call, 1));
            struct agx_dxil_value *v;

            if (h && (v = agx_dxil_define(L, call, 0)))
            {
                struct agx_ir_res res = agx_dxil_lookup(L, arg(call, 1))->res;

                v->kind = AGX_DXIL_VALUE_HANDLE;
                v->res = res;
            }
            return;
        }
        case OP_CBUFFER_LOAD_LEGACY: agx_dxil_cbuffer_load(L, call); return;
        case OP_BUFFER_LOAD: case OP_RAW_BUFFER_LOAD: agx_dxil_buffer_load(L, call); return;
        case OP_BUFFER_STORE: case OP_RAW_BUFFER_STORE: agx_dxil_buffer_store(L, call); return;
        case OP_TEXTURE_LOAD: agx_dxil_texture_load(L, call); return;
        case OP_TEXTURE_STORE: agx_dxil_texture_store(L, call); return;
        case OP_SAMPLE: case OP_SAMPLE_BIAS: case OP_SAMPLE_LEVEL: case OP_SAMPLE_GRAD: case OP_SAMPLE_CMP:
        case OP_SAMPLE_CMP_LEVEL_ZERO: case OP_TEXTURE_GATHER: case OP_TEXTURE_GATHER_CMP:
            agx_dxil_sample(L, call, opcode);
            return;
        case OP_GET_DIMENSIONS: agx_dxil_get_dimensions(L, call); return;
        case OP_ATOMIC_BINOP: agx_dxil_atomic(L, call, false); return;
        case OP_ATOMIC_CMPXCHG: agx_dxil_atomic(L, call, true); return;
        case OP_BARRIER:
            agx_ir_build_alu(L->p, AGX_IR_OP_BARRIER, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
            return;
        case OP_DISCARD:
            agx_ir_build_alu(L->p, AGX_IR_OP_DISCARD, AGX_IR_NONE, src(L, call, 1), AGX_IR_NONE, AGX_IR_NONE,
                             AGX_IR_NONE);
            return;
        case OP_THREAD_ID: agx_dxil_sysval(L, call, 0, true); return;
        case OP_GROUP_ID: agx_dxil_sysval(L, call, 1, true); return;
        case OP_THREAD_ID_IN_GROUP: agx_dxil_sysval(L, call, 2, true); return;
        case OP_FLATTENED_THREAD_ID_IN_GROUP: agx_dxil_sysval(L, call, 3, false); return;
        default:
            if (agx_dxil_lower_arith_call(L, call, opcode) || agx_dxil_lower_buffer_call(L, call, opcode)
                    || agx_dxil_lower_pixel(L, call, opcode) || agx_dxil_lower_move(L, call, opcode))
                return;
            agx_dxil_lower_fail(L, "the DXIL operation %s (opcode %u) is not supported by the simulated device",
                                info ? info->name : "?", opcode);
            return;
    }
}
