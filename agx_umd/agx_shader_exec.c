/*
 * A batch of a DXBC shader: the IR executor (ir/agx_ir.h) over the shader's lowered
 * program, with the engine's public view of its registers (agx_shader.h): v#, o#,
 * oDepth, oMask and vCoverage are IR registers in the layout the lowering chose
 * (agx_shader_lower.c), four consecutive rows per v# / o#.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_shader_private.h"

struct agx_shader_exec
{
    const struct agx_shader *shader;
    struct agx_ir_exec *ir;
    uint32_t max_lanes;
};

HRESULT agx_shader_exec_create(const struct agx_shader *shader, uint32_t max_lanes, struct agx_shader_exec **out)
{
    struct agx_shader_exec *exec;
    HRESULT hr;

    *out = NULL;
    if (!max_lanes || max_lanes > AGX_SHADER_MAX_LANES)
        return E_INVALIDARG;
    if (!(exec = calloc(1, sizeof(*exec))))
        return E_OUTOFMEMORY;
    exec->shader = shader;
    exec->max_lanes = max_lanes;
    if (FAILED(hr = agx_ir_exec_create(&shader->ir, max_lanes, &exec->ir)))
    {
        free(exec);
        return hr;
    }
    *out = exec;
    return S_OK;
}

void agx_shader_exec_destroy(struct agx_shader_exec *exec)
{
    if (!exec)
        return;
    agx_ir_exec_destroy(exec->ir);
    free(exec);
}

uint32_t *agx_shader_exec_input(struct agx_shader_exec *exec, uint32_t reg)
{
    return agx_ir_exec_row(exec->ir, exec->shader->reg_inputs + reg * 4);
}

const uint32_t *agx_shader_exec_output(const struct agx_shader_exec *exec, uint32_t reg)
{
    return agx_ir_exec_row_const(exec->ir, exec->shader->reg_outputs + reg * 4);
}

const uint32_t *agx_shader_exec_depth(const struct agx_shader_exec *exec)
{
    return agx_ir_exec_row_const(exec->ir, exec->shader->reg_depth);
}

const uint32_t *agx_shader_exec_coverage_out(const struct agx_shader_exec *exec)
{
    return agx_ir_exec_row_const(exec->ir, exec->shader->reg_coverage_out);
}

uint32_t *agx_shader_exec_coverage_in(struct agx_shader_exec *exec)
{
    return agx_ir_exec_row(exec->ir, exec->shader->reg_coverage_in);
}

uint32_t *agx_shader_exec_sample_index_in(struct agx_shader_exec *exec)
{
    return agx_ir_exec_row(exec->ir, exec->shader->reg_sysvals + AGX_SM_SYSVAL_SAMPLE_INDEX);
}

uint32_t *agx_shader_exec_vertex_input(struct agx_shader_exec *exec, uint32_t vertex, uint32_t reg)
{
    return agx_ir_exec_row(exec->ir, exec->shader->reg_inputs
                           + (reg * agx_sm_input_slots(&exec->shader->info) + vertex) * 4);
}

uint32_t *agx_shader_exec_primitive_id(struct agx_shader_exec *exec)
{
    return agx_ir_exec_row(exec->ir, exec->shader->reg_sysvals + AGX_SM_SYSVAL_PRIMITIVE_ID);
}

uint32_t *agx_shader_exec_ds_patch_constant(struct agx_shader_exec *exec, uint32_t reg)
{
    return agx_ir_exec_row(exec->ir, exec->shader->reg_patch_constants + reg * 4);
}

uint32_t *agx_shader_exec_hs_output_control_point_id(struct agx_shader_exec *exec)
{
    return agx_ir_exec_row(exec->ir, exec->shader->reg_sysvals + AGX_SM_SYSVAL_OUTPUT_CONTROL_POINT_ID);
}

uint32_t *agx_shader_exec_ds_domain(struct agx_shader_exec *exec)
{
    return agx_ir_exec_row(exec->ir, exec->shader->reg_sysvals + AGX_SM_SYSVAL_DOMAIN);
}

uint32_t *agx_shader_exec_gs_instance_id(struct agx_shader_exec *exec)
{
    return agx_ir_exec_row(exec->ir, exec->shader->reg_sysvals + AGX_SM_SYSVAL_GS_INSTANCE_ID);
}

uint32_t agx_shader_exec_gs_vertex_count(const struct agx_shader_exec *exec, uint32_t lane)
{
    uint32_t count = agx_ir_exec_row_const(exec->ir, exec->shader->reg_gs_count)[lane];

    return AGX_MIN(count, exec->shader->info.gs_max_vertices);
}

uint32_t agx_shader_exec_gs_vertex_flags(const struct agx_shader_exec *exec, uint32_t lane, uint32_t vertex)
{
    return agx_ir_exec_row_const(exec->ir, exec->shader->reg_gs_flags + vertex * 4)[lane];
}

uint32_t agx_shader_exec_gs_output(const struct agx_shader_exec *exec, uint32_t lane, uint32_t vertex, uint32_t reg,
                                   uint32_t component)
{
    const struct agx_shader *s = exec->shader;

    return agx_ir_exec_row_const(exec->ir, s->reg_gs_vertices
                                 + (vertex * s->info.gs_output_registers + reg) * 4 + component)[lane];
}

/* Registers start at zero so that results never depend on an earlier batch; compute
 * system values come from the group's id and size. */
static void agx_shader_exec_start(struct agx_shader_exec *exec, const struct agx_shader_batch *batch)
{
    const struct agx_shader *shader = exec->shader;
    uint32_t lanes = exec->max_lanes, n = batch->lane_count, l, c;

    memset(agx_ir_exec_row(exec->ir, shader->reg_temps), 0,
           ((size_t)shader->temp_count + shader->indexable_rows) * 4 * lanes * sizeof(uint32_t));
    /* o#, oDepth and oMask are consecutive. */
    if (shader->info.stage != AGX_SHADER_STAGE_COMPUTE)
        memset(agx_ir_exec_row(exec->ir, shader->reg_outputs), 0,
               (AGX_SHADER_MAX_IO_REGISTERS * 4 + 2) * lanes * sizeof(uint32_t));
    if (shader->info.stage == AGX_SHADER_STAGE_GEOMETRY)
    {
        /* The emitted list starts empty (count, slot and pending cuts are consecutive). */
        memset(agx_ir_exec_row(exec->ir, shader->reg_gs_count), 0, 6 * lanes * sizeof(uint32_t));
    }
    if (shader->sysvals)
    {
        const uint32_t *size = shader->info.thread_group, *group = batch->group_id;
        uint32_t *s = agx_ir_exec_row(exec->ir, shader->reg_sysvals), id[3] = {0, 0, 0};

        /* Rows of 4 per value: thread id, group id, id in group, flattened. Lane l is
         * the thread of flattened index l: x fastest, then y, then z. */
        for (l = 0; l < n; ++l)
        {
            for (c = 0; c < 3; ++c)
            {
                s[(size_t)c * lanes + l] = group[c] * size[c] + id[c];
                s[(size_t)(4 + c) * lanes + l] = group[c];
                s[(size_t)(8 + c) * lanes + l] = id[c];
            }
            s[(size_t)12 * lanes + l] = l;
            if (++id[0] == size[0])
            {
                id[0] = 0;
                if (++id[1] == size[1])
                {
                    id[1] = 0;
                    ++id[2];
                }
            }
        }
    }
}

void agx_shader_exec_run(struct agx_shader_exec *exec, const struct agx_shader_batch *batch)
{
    agx_shader_exec_start(exec, batch);
    agx_ir_exec_run(exec->ir, batch);
}
