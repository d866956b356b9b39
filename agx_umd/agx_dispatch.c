/*
 * Dispatch: recorded as it is called, executed by running every thread group of the
 * bound compute pipeline's shader with the compute root signature's arguments.
 */
#include "agx_bind.h"

static void APIENTRY agx_dispatch(D3D12DDI_HCOMMANDLIST hlist, UINT x, UINT y, UINT z)
{
    struct agx_cmd_dispatch *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_DISPATCH, sizeof(*cmd))))
        return;
    cmd->x = x;
    cmd->y = y;
    cmd->z = z;
}

void agx_dispatch_exec(struct agx_exec *exec, const struct agx_cmd_dispatch *cmd)
{
    const struct agx_shader_bindings *bindings;
    const struct agx_shader_info *info;
    const struct agx_pipeline *pipeline;
    struct agx_shader_batch batch = {0};
    struct agx_shader_exec *shader_exec;
    uint32_t x, y, z, lanes;

    if (exec->predicated || !cmd->x || !cmd->y || !cmd->z)
        return;
    /* Both undefined in D3D12 (the runtime validates group counts): nothing runs. */
    if (!(pipeline = agx_bind_pipeline(exec, D3D12DDI_PIPELINE_STATE_TYPE_COMPUTE)))
    {
        agx_warn("Dispatch without a compute pipeline: skipped");
        return;
    }
    if (cmd->x > D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION
            || cmd->y > D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION
            || cmd->z > D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION)
    {
        agx_warn("Dispatch(%u, %u, %u) exceeds %u groups per dimension: skipped", cmd->x, cmd->y, cmd->z,
                (unsigned int)D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION);
        return;
    }
    info = agx_shader_get_info(pipeline->cs);
    lanes = info->thread_group[0] * info->thread_group[1] * info->thread_group[2];
    if (!lanes || lanes > AGX_SHADER_MAX_LANES)
        return;
    if (!(bindings = agx_bind_stage(exec, AGX_SHADER_STAGE_COMPUTE))
            || !(shader_exec = agx_bind_shader_exec(exec, pipeline->cs, lanes)))
    {
        agx_exec_fail(exec, E_OUTOFMEMORY);
        return;
    }
    batch.bindings = bindings;
    batch.lane_count = lanes;
    batch.watchdog = &exec->watchdog;
    for (z = 0; z < cmd->z; ++z)
    {
        for (y = 0; y < cmd->y; ++y)
        {
            for (x = 0; x < cmd->x; ++x)
            {
                if (agx_watchdog_expired(&exec->watchdog))
                    return;
                batch.group_id[0] = x;
                batch.group_id[1] = y;
                batch.group_id[2] = z;
                agx_shader_exec_run(shader_exec, &batch);
            }
        }
    }
    exec->counters.statistics.CSInvocations += (uint64_t)cmd->x * cmd->y * cmd->z * lanes;
}

void agx_dispatch_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs)
{
    funcs->pfnDispatch = agx_dispatch;
}
