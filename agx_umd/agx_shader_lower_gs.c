/*
 * Geometry shaders in the IR: emit copies the lane's o# registers into its list of
 * emitted vertices (plain indexed register stores, STORE_INDEXED, at the lane's
 * count), with the vertex's stream and whether a cut of that stream came before it;
 * cut only marks the stream's next vertex. The rasteriser and stream output read the
 * list after the run (agx_shader_exec_gs_*). Emits past dcl_maxout store nothing
 * (STORE_INDEXED's bound), D3D11's rule that they are dropped.
 */
#include "agx_shader_private.h"

void agx_sm_layout_gs(struct agx_shader *s, struct agx_ir_program *p)
{
    uint32_t slots = s->info.gs_max_vertices * s->info.gs_output_registers;

    /* One spare row: a store's bound is counted from its own o# component. */
    s->reg_gs_vertices = agx_ir_build_regs(p, slots * 4 + 4);
    s->reg_gs_flags = agx_ir_build_regs(p, s->info.gs_max_vertices * 4 + 4);
    s->reg_gs_count = agx_ir_build_regs(p, 1);
    s->reg_gs_slot = agx_ir_build_regs(p, 1);
    s->reg_gs_cut = agx_ir_build_regs(p, 4);
}

static void agx_sm_store_indexed(struct agx_ir_program *p, agx_ir_reg base, uint32_t bound, agx_ir_reg index,
                                 agx_ir_reg value)
{
    struct agx_ir_instr *ins = agx_ir_build_alu(p, AGX_IR_OP_STORE_INDEXED, AGX_IR_NONE, index, value, AGX_IR_NONE,
                                                AGX_IR_NONE);

    ins->imm = base;
    ins->aux = bound;
}

static void agx_sm_emit(struct agx_sm_lower *L, uint32_t stream)
{
    const struct agx_shader *s = agx_sm_lowered_shader(L);
    struct agx_ir_program *p = agx_sm_program(L);
    uint32_t r, c, n = s->info.gs_output_registers, max = s->info.gs_max_vertices;
    agx_ir_reg shifted = agx_sm_pool(L), flags = agx_sm_pool(L);

    for (r = 0; r < n; ++r)
    {
        for (c = 0; c < 4; ++c)
        {
            if (s->info.output_registers[r].mask & (1u << c))
                agx_sm_store_indexed(p, s->reg_gs_vertices + r * 4 + c, max ? max * n - r : 0, s->reg_gs_slot,
                                     s->reg_outputs + r * 4 + c);
        }
    }
    agx_ir_build_alu(p, AGX_IR_OP_ISHL, shifted, s->reg_gs_cut + stream, agx_ir_build_const(p, 4), AGX_IR_NONE,
                     AGX_IR_NONE);
    agx_ir_build_alu(p, AGX_IR_OP_OR, flags, shifted, agx_ir_build_const(p, stream), AGX_IR_NONE, AGX_IR_NONE);
    agx_sm_store_indexed(p, s->reg_gs_flags, max, s->reg_gs_count, flags);
    agx_ir_build_alu(p, AGX_IR_OP_MOV, s->reg_gs_cut + stream, agx_ir_build_const(p, 0), AGX_IR_NONE, AGX_IR_NONE,
                     AGX_IR_NONE);
    agx_ir_build_alu(p, AGX_IR_OP_IADD, s->reg_gs_count, s->reg_gs_count, agx_ir_build_const(p, 1), AGX_IR_NONE,
                     AGX_IR_NONE);
    agx_ir_build_alu(p, AGX_IR_OP_IADD, s->reg_gs_slot, s->reg_gs_slot, agx_ir_build_const(p, n), AGX_IR_NONE,
                     AGX_IR_NONE);
}

void agx_sm_lower_gs(struct agx_sm_lower *L, const struct agx_sm_instr *ins)
{
    const struct agx_shader *s = agx_sm_lowered_shader(L);
    struct agx_ir_program *p = agx_sm_program(L);
    bool streamed = ins->opcode == DDI_SM5_OP_EMIT_STREAM || ins->opcode == DDI_SM5_OP_CUT_STREAM
            || ins->opcode == DDI_SM5_OP_EMITTHENCUT_STREAM;
    uint32_t stream = streamed ? ins->src[0].index[0].imm : 0;

    if (ins->opcode != DDI_SM5_OP_CUT && ins->opcode != DDI_SM5_OP_CUT_STREAM)
        agx_sm_emit(L, stream);
    if (ins->opcode != DDI_SM5_OP_EMIT && ins->opcode != DDI_SM5_OP_EMIT_STREAM)
        agx_ir_build_alu(p, AGX_IR_OP_MOV, s->reg_gs_cut + stream, agx_ir_build_const(p, 1), AGX_IR_NONE,
                         AGX_IR_NONE, AGX_IR_NONE);
}
