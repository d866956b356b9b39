/*
 * The DXBC front end's memory and texture instructions into IR operations
 * (ir/agx_ir.h says how each uses its operands): raw and structured loads and stores,
 * atomics, counters, bufinfo, typed loads and stores, resinfo, sampleinfo, samplepos,
 * lod, sample and gather with their *_s feedback forms and lod clamps. Resource
 * shapes are the declarations' (the mip's place in an ld address, the components
 * aoffimmi moves, resinfo's size components), fixed here so the executor never looks.
 */
#include <string.h>

#include "agx_shader_private.h"

/* Results by component: DXBC component c of dst receives result swizzle[c] (identity
 * without one); a result two components want is copied after the operation. */
static void agx_sm_results(struct agx_sm_lower *L, struct agx_ir_instr *ir, const struct agx_sm_operand *dst,
                           const uint8_t *swizzle)
{
    uint32_t c;

    for (c = 0; c < 4; ++c)
    {
        uint32_t raw = swizzle ? swizzle[c] : c;

        if (!(dst->mask & (1u << c)))
            continue;
        if (ir->dst[raw] == AGX_IR_NONE)
            ir->dst[raw] = agx_sm_result(L, dst, c);
        else
            agx_sm_defer(L, dst, c, ir->dst[raw], false);
    }
}

/* The tiled-resource status of a *_s form into every masked component of dst[1]. */
static void agx_sm_status(struct agx_sm_lower *L, struct agx_ir_instr *ir, const struct agx_sm_instr *ins)
{
    uint32_t c;

    if (ins->dst_count < 2)
        return;
    ir->dst[4] = agx_sm_pool(L);
    for (c = 0; c < 4; ++c)
        if (ins->dst[1].mask & (1u << c))
            agx_sm_defer(L, &ins->dst[1], c, ir->dst[4], false);
}

static void agx_sm_emit(struct agx_sm_lower *L, struct agx_ir_instr *ir, uint32_t src_count)
{
    agx_ir_build_counted(agx_sm_program(L), ir, src_count);
}

/* Where the mip level sits in an ld address, per declared dimension (-1: none). */
static int32_t agx_sm_ld_mip_component(enum agx_shader_dim dim)
{
    switch (dim)
    {
        case AGX_SHADER_DIM_TEXTURE1D:
            return 1;
        case AGX_SHADER_DIM_TEXTURE1DARRAY:
        case AGX_SHADER_DIM_TEXTURE2D:
            return 2;
        case AGX_SHADER_DIM_TEXTURE2DARRAY:
        case AGX_SHADER_DIM_TEXTURE3D:
            return 3;
        default:
            return -1;
    }
}

/* Which of resinfo's x, y, z are sizes (the rest: array size, or nothing); also the
 * address components aoffimmi moves, except on typed buffers (none). */
static uint32_t agx_sm_size_components(enum agx_shader_dim dim)
{
    switch (dim)
    {
        case AGX_SHADER_DIM_TEXTURE1D:
        case AGX_SHADER_DIM_TEXTURE1DARRAY:
            return 1;
        case AGX_SHADER_DIM_TEXTURE3D:
            return 3;
        default:
            return 2;
    }
}

static enum agx_shader_dim agx_sm_binding_dim(struct agx_sm_lower *L, const struct agx_sm_operand *res)
{
    return agx_sm_lowered_shader(L)->bindings[res->slot].dim;
}

/* A raw (byte offset) or structured (element, byte offset) buffer address. */
static void agx_sm_buffer_address(struct agx_sm_lower *L, const struct agx_sm_instr *ins, struct agx_ir_instr *ir,
                                  enum agx_ir_op op, bool structured)
{
    agx_ir_instr_init(ir, op);
    ir->sub = structured;
    ir->src[0] = agx_sm_src(L, &ins->src[0], 0, true);
    if (structured)
        ir->src[1] = agx_sm_src(L, &ins->src[1], 0, true);
}

static void agx_sm_lower_buffer_load(struct agx_sm_lower *L, const struct agx_sm_instr *ins, bool structured)
{
    const struct agx_sm_operand *res = &ins->src[structured ? 2 : 1];
    struct agx_ir_instr ir;
    uint32_t c;

    agx_sm_buffer_address(L, ins, &ir, AGX_IR_OP_LOAD_RAW, structured);
    agx_sm_resource(L, res, &ir.res);
    /* Each wanted component is its own result: the dword the swizzle names. */
    for (c = 0; c < 4; ++c)
    {
        if (!(ins->dst[0].mask & (1u << c)))
            continue;
        ir.dst[c] = agx_sm_result(L, &ins->dst[0], c);
        ir.aux_comp[c] = res->swizzle[c];
    }
    agx_sm_status(L, &ir, ins);
    agx_sm_emit(L, &ir, 2);
}

static void agx_sm_lower_buffer_store(struct agx_sm_lower *L, const struct agx_sm_instr *ins, bool structured)
{
    const struct agx_sm_operand *value = &ins->src[structured ? 2 : 1];
    struct agx_ir_instr ir;
    uint32_t c;

    agx_sm_buffer_address(L, ins, &ir, AGX_IR_OP_STORE_RAW, structured);
    for (c = 0; c < 4; ++c)
        if (ins->dst[0].mask & (1u << c))
            ir.src[2 + c] = agx_sm_src(L, value, c, true);
    agx_sm_resource(L, &ins->dst[0], &ir.res);
    agx_sm_emit(L, &ir, 6);
}

static enum agx_ir_atomic agx_sm_atomic_op(uint32_t opcode)
{
    switch (opcode)
    {
        case DDI_SM5_OP_ATOMIC_AND: case DDI_SM5_OP_IMM_ATOMIC_AND: return AGX_IR_ATOMIC_AND;
        case DDI_SM5_OP_ATOMIC_OR: case DDI_SM5_OP_IMM_ATOMIC_OR: return AGX_IR_ATOMIC_OR;
        case DDI_SM5_OP_ATOMIC_XOR: case DDI_SM5_OP_IMM_ATOMIC_XOR: return AGX_IR_ATOMIC_XOR;
        case DDI_SM5_OP_ATOMIC_IMAX: case DDI_SM5_OP_IMM_ATOMIC_IMAX: return AGX_IR_ATOMIC_IMAX;
        case DDI_SM5_OP_ATOMIC_IMIN: case DDI_SM5_OP_IMM_ATOMIC_IMIN: return AGX_IR_ATOMIC_IMIN;
        case DDI_SM5_OP_ATOMIC_UMAX: case DDI_SM5_OP_IMM_ATOMIC_UMAX: return AGX_IR_ATOMIC_UMAX;
        case DDI_SM5_OP_ATOMIC_UMIN: case DDI_SM5_OP_IMM_ATOMIC_UMIN: return AGX_IR_ATOMIC_UMIN;
        case DDI_SM5_OP_IMM_ATOMIC_EXCH: return AGX_IR_ATOMIC_EXCH;
        case DDI_SM5_OP_ATOMIC_CMP_STORE: case DDI_SM5_OP_IMM_ATOMIC_CMP_EXCH: return AGX_IR_ATOMIC_CMPXCHG;
        default: return AGX_IR_ATOMIC_ADD;
    }
}

static void agx_sm_lower_atomic(struct agx_sm_lower *L, const struct agx_sm_instr *ins)
{
    const struct agx_shader *shader = agx_sm_lowered_shader(L);
    bool imm = ins->opcode >= DDI_SM5_OP_IMM_ATOMIC_IADD;
    bool cmp = ins->opcode == DDI_SM5_OP_ATOMIC_CMP_STORE || ins->opcode == DDI_SM5_OP_IMM_ATOMIC_CMP_EXCH;
    const struct agx_sm_operand *target = &ins->dst[imm ? 1 : 0];
    enum agx_shader_dim dim = target->type == DDI_SM5_OPERAND_UNORDERED_ACCESS_VIEW
            ? shader->bindings[target->slot].dim
            : shader->tgsm[target->slot].stride ? AGX_SHADER_DIM_STRUCTURED_BUFFER : AGX_SHADER_DIM_RAW_BUFFER;
    struct agx_ir_instr ir;
    uint32_t c;

    agx_ir_instr_init(&ir, AGX_IR_OP_ATOMIC);
    ir.sub = agx_sm_atomic_op(ins->opcode);
    ir.aux = dim == AGX_SHADER_DIM_STRUCTURED_BUFFER ? AGX_IR_ADDR_STRUCTURED
            : dim == AGX_SHADER_DIM_RAW_BUFFER ? AGX_IR_ADDR_RAW : AGX_IR_ADDR_TYPED;
    for (c = 0; c < 3; ++c)
        ir.src[c] = agx_sm_src(L, &ins->src[0], c, true);
    ir.src[3] = agx_sm_src(L, &ins->src[cmp ? 2 : 1], 0, true);
    if (cmp)
        ir.src[4] = agx_sm_src(L, &ins->src[1], 0, true);
    agx_sm_resource(L, target, &ir.res);
    if (imm)
    {
        /* Every masked component receives the old value. */
        static const uint8_t all_first[4] = {0, 0, 0, 0};

        agx_sm_results(L, &ir, &ins->dst[0], all_first);
    }
    agx_sm_emit(L, &ir, 5);
}

/* Operations whose one result goes to every masked component (counter, bufinfo). */
static void agx_sm_lower_broadcast(struct agx_sm_lower *L, const struct agx_sm_instr *ins, enum agx_ir_op op,
                                   uint8_t sub)
{
    static const uint8_t all_first[4] = {0, 0, 0, 0};
    struct agx_ir_instr ir;

    agx_ir_instr_init(&ir, op);
    ir.sub = sub;
    agx_sm_resource(L, &ins->src[0], &ir.res);
    agx_sm_results(L, &ir, &ins->dst[0], all_first);
    agx_sm_emit(L, &ir, 0);
}

static void agx_sm_lower_ld(struct agx_sm_lower *L, const struct agx_sm_instr *ins, uint32_t op)
{
    bool uav = op == DDI_SM5_OP_LD_UAV_TYPED, ms = op == DDI_SM5_OP_LD_MS;
    const struct agx_sm_operand *res = &ins->src[1];
    enum agx_shader_dim dim = agx_sm_binding_dim(L, res);
    int32_t mip = uav || ms ? -1 : agx_sm_ld_mip_component(dim);
    struct agx_ir_instr ir;
    uint32_t c;

    agx_ir_instr_init(&ir, AGX_IR_OP_TEX_LOAD);
    for (c = 0; c < 3; ++c)
        ir.src[c] = agx_sm_src(L, &ins->src[0], c, true);
    if (mip >= 0)
        ir.src[3] = agx_sm_src(L, &ins->src[0], mip, true);
    if (ms)
        ir.src[4] = agx_sm_src(L, &ins->src[2], 0, true);
    ir.aux = dim == AGX_SHADER_DIM_BUFFER ? 0 : agx_sm_size_components(dim);
    memcpy(ir.offset, ins->offset, sizeof(ir.offset));
    agx_sm_resource(L, res, &ir.res);
    agx_sm_results(L, &ir, &ins->dst[0], res->swizzle);
    agx_sm_status(L, &ir, ins);
    agx_sm_emit(L, &ir, 5);
}

static void agx_sm_lower_store_typed(struct agx_sm_lower *L, const struct agx_sm_instr *ins)
{
    struct agx_ir_instr ir;
    uint32_t c;

    agx_ir_instr_init(&ir, AGX_IR_OP_TEX_STORE);
    for (c = 0; c < 3; ++c)
        ir.src[c] = agx_sm_src(L, &ins->src[0], c, true);
    for (c = 0; c < 4; ++c)
        ir.src[3 + c] = agx_sm_src(L, &ins->src[1], c, true);
    agx_sm_resource(L, &ins->dst[0], &ir.res);
    agx_sm_emit(L, &ir, 7);
}

static void agx_sm_lower_resinfo(struct agx_sm_lower *L, const struct agx_sm_instr *ins)
{
    const struct agx_sm_operand *res = &ins->src[1];
    struct agx_ir_instr ir;

    agx_ir_instr_init(&ir, AGX_IR_OP_TEX_INFO);
    ir.src[0] = agx_sm_src(L, &ins->src[0], 0, true);
    ir.sub = ins->resinfo == DDI_SM5_RESINFO_UINT ? AGX_IR_RESINFO_UINT
            : ins->resinfo == DDI_SM5_RESINFO_RCP_FLOAT ? AGX_IR_RESINFO_RCP_FLOAT : AGX_IR_RESINFO_FLOAT;
    ir.aux = agx_sm_size_components(agx_sm_binding_dim(L, res));
    agx_sm_resource(L, res, &ir.res);
    agx_sm_results(L, &ir, &ins->dst[0], res->swizzle);
    agx_sm_emit(L, &ir, 1);
}

static void agx_sm_lower_sample_info(struct agx_sm_lower *L, const struct agx_sm_instr *ins, bool pos)
{
    const struct agx_sm_operand *res = &ins->src[0];
    bool rasterizer = res->type == DDI_SM5_OPERAND_RASTERIZER;
    struct agx_ir_instr ir;

    if (rasterizer)
        agx_ir_instr_init(&ir, pos ? AGX_IR_OP_RT_SAMPLE_POS : AGX_IR_OP_RT_SAMPLE_INFO);
    else
        agx_ir_instr_init(&ir, pos ? AGX_IR_OP_TEX_SAMPLE_POS : AGX_IR_OP_TEX_SAMPLE_INFO);
    if (pos)
        ir.src[0] = agx_sm_src(L, &ins->src[1], 0, true);
    ir.sub = ins->resinfo == DDI_SM5_RESINFO_UINT;
    if (!rasterizer)
        agx_sm_resource(L, res, &ir.res);
    agx_sm_results(L, &ir, &ins->dst[0], res->swizzle);
    agx_sm_emit(L, &ir, pos ? 1 : 0);
}

static void agx_sm_lower_lod(struct agx_sm_lower *L, const struct agx_sm_instr *ins)
{
    const struct agx_sm_operand *res = &ins->src[1];
    struct agx_ir_instr ir;
    uint32_t c;

    agx_ir_instr_init(&ir, AGX_IR_OP_TEX_LOD);
    for (c = 0; c < 4; ++c)
        ir.src[c] = agx_sm_src(L, &ins->src[0], c, false);
    agx_sm_resource(L, res, &ir.res);
    agx_sm_resource(L, &ins->src[2], &ir.smp);
    agx_sm_results(L, &ir, &ins->dst[0], res->swizzle);
    agx_sm_emit(L, &ir, 4);
}

static void agx_sm_lower_sample(struct agx_sm_lower *L, const struct agx_sm_instr *ins, uint32_t op)
{
    bool gather = op == DDI_SM5_OP_GATHER4 || op == DDI_SM5_OP_GATHER4_C || op == DDI_SM5_OP_GATHER4_PO
            || op == DDI_SM5_OP_GATHER4_PO_C;
    bool po = op == DDI_SM5_OP_GATHER4_PO || op == DDI_SM5_OP_GATHER4_PO_C;
    const struct agx_sm_operand *res = &ins->src[po ? 2 : 1], *smp = &ins->src[po ? 3 : 2];
    uint32_t extra = po ? 4 : 3, c;
    int clamp = agx_sm_lod_clamp_source(ins->opcode);
    struct agx_ir_instr ir;

    agx_ir_instr_init(&ir, gather ? AGX_IR_OP_TEX_GATHER : AGX_IR_OP_TEX_SAMPLE);
    for (c = 0; c < 4; ++c)
        ir.src[c] = agx_sm_src(L, &ins->src[0], c, false);
    switch (op)
    {
        case DDI_SM5_OP_SAMPLE: ir.sub = AGX_IR_SAMPLE_IMPLICIT; break;
        case DDI_SM5_OP_SAMPLE_B: ir.sub = AGX_IR_SAMPLE_BIAS; break;
        case DDI_SM5_OP_SAMPLE_C: ir.sub = AGX_IR_SAMPLE_COMPARE; break;
        case DDI_SM5_OP_SAMPLE_C_LZ: ir.sub = AGX_IR_SAMPLE_COMPARE_LZ; break;
        case DDI_SM5_OP_SAMPLE_L: ir.sub = AGX_IR_SAMPLE_LEVEL; break;
        case DDI_SM5_OP_SAMPLE_D: ir.sub = AGX_IR_SAMPLE_GRAD; break;
        default: break;
    }
    if (op == DDI_SM5_OP_SAMPLE_B || op == DDI_SM5_OP_SAMPLE_C || op == DDI_SM5_OP_SAMPLE_C_LZ
            || op == DDI_SM5_OP_SAMPLE_L || op == DDI_SM5_OP_GATHER4_C || op == DDI_SM5_OP_GATHER4_PO_C)
        ir.src[4] = agx_sm_src(L, &ins->src[extra], 0, false);
    if (op == DDI_SM5_OP_SAMPLE_D)
    {
        for (c = 0; c < 3; ++c)
        {
            ir.src[5 + c] = agx_sm_src(L, &ins->src[3], c, false);
            ir.src[8 + c] = agx_sm_src(L, &ins->src[4], c, false);
        }
    }
    if (po)
        for (c = 0; c < 3; ++c)
            ir.src[5 + c] = agx_sm_src(L, &ins->src[1], c, true);
    if (clamp >= 0)
        ir.src[11] = agx_sm_src(L, &ins->src[clamp], 0, false);
    ir.aux_comp[0] = smp->swizzle[0];
    ir.aux = op == DDI_SM5_OP_GATHER4_C || op == DDI_SM5_OP_GATHER4_PO_C;
    memcpy(ir.offset, ins->offset, sizeof(ir.offset));
    agx_sm_resource(L, res, &ir.res);
    agx_sm_resource(L, smp, &ir.smp);
    agx_sm_results(L, &ir, &ins->dst[0], res->swizzle);
    agx_sm_status(L, &ir, ins);
    agx_sm_emit(L, &ir, AGX_IR_MAX_SRC);
}

void agx_sm_lower_memory(struct agx_sm_lower *L, const struct agx_sm_instr *ins)
{
    uint32_t op = agx_sm_feedback_base(ins->opcode);

    switch (op)
    {
        case DDI_SM5_OP_LD_RAW: agx_sm_lower_buffer_load(L, ins, false); return;
        case DDI_SM5_OP_LD_STRUCTURED: agx_sm_lower_buffer_load(L, ins, true); return;
        case DDI_SM5_OP_STORE_RAW: agx_sm_lower_buffer_store(L, ins, false); return;
        case DDI_SM5_OP_STORE_STRUCTURED: agx_sm_lower_buffer_store(L, ins, true); return;
        case DDI_SM5_OP_IMM_ATOMIC_ALLOC: agx_sm_lower_broadcast(L, ins, AGX_IR_OP_COUNTER, 0); return;
        case DDI_SM5_OP_IMM_ATOMIC_CONSUME: agx_sm_lower_broadcast(L, ins, AGX_IR_OP_COUNTER, 1); return;
        case DDI_SM5_OP_BUFINFO: agx_sm_lower_broadcast(L, ins, AGX_IR_OP_BUFINFO, 0); return;
        case DDI_SM5_OP_LD: case DDI_SM5_OP_LD_MS: case DDI_SM5_OP_LD_UAV_TYPED: agx_sm_lower_ld(L, ins, op); return;
        case DDI_SM5_OP_STORE_UAV_TYPED: agx_sm_lower_store_typed(L, ins); return;
        case DDI_SM5_OP_RESINFO: agx_sm_lower_resinfo(L, ins); return;
        case DDI_SM5_OP_SAMPLE_INFO: agx_sm_lower_sample_info(L, ins, false); return;
        case DDI_SM5_OP_SAMPLE_POS: agx_sm_lower_sample_info(L, ins, true); return;
        case DDI_SM5_OP_LOD: agx_sm_lower_lod(L, ins); return;
        case DDI_SM5_OP_SAMPLE: case DDI_SM5_OP_SAMPLE_B: case DDI_SM5_OP_SAMPLE_C: case DDI_SM5_OP_SAMPLE_C_LZ:
        case DDI_SM5_OP_SAMPLE_L: case DDI_SM5_OP_SAMPLE_D: case DDI_SM5_OP_GATHER4: case DDI_SM5_OP_GATHER4_C:
        case DDI_SM5_OP_GATHER4_PO: case DDI_SM5_OP_GATHER4_PO_C:
            agx_sm_lower_sample(L, ins, op);
            return;
        default:
            if ((op >= DDI_SM5_OP_ATOMIC_AND && op <= DDI_SM5_OP_ATOMIC_UMIN)
                    || (op >= DDI_SM5_OP_IMM_ATOMIC_IADD && op <= DDI_SM5_OP_IMM_ATOMIC_UMIN))
                agx_sm_lower_atomic(L, ins);
            return;
    }
}
