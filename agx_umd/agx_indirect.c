/*
 * ExecuteIndirect (agx_indirect.h). Each command of the argument buffer is turned into
 * the records its arguments stand for (vertex and index buffer views, root constants,
 * root views, then the draw, indexed draw or dispatch) and run through the same
 * executors as recorded calls, so indirect and direct work cannot differ.
 *
 * The count: min(count buffer value, MaxCommandCount), or MaxCommandCount without a
 * count buffer (ID3D12GraphicsCommandList::ExecuteIndirect's remarks). Afterwards the
 * bindings the signature changed hold known values, not the last command's: NULL vertex
 * and index buffer views, root constants 0, NULL root views (Microsoft Learn, "Indirect
 * drawing", Command signatures: no command signature state leaks back to the list).
 * Ray and mesh dispatches are refused at creation (neither feature is reported).
 */
#include <string.h>

#include "agx_bind.h"
#include "agx_indirect.h"
#include "agx_mem.h"
#include "agx_raster.h"

/* The watchdog's credit one indirect command spends, as one recorded draw or dispatch
 * record does (agx_exec.c), before its own work spends more. */
#define AGX_INDIRECT_COMMAND_CREDIT (AGX_WATCHDOG_CREDIT / 256)

uint32_t agx_indirect_argument_size(const D3D12_INDIRECT_ARGUMENT_DESC *argument)
{
    switch (argument->Type)
    {
        case D3D12_INDIRECT_ARGUMENT_TYPE_DRAW:
            return sizeof(D3D12_DRAW_ARGUMENTS);
        case D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED:
            return sizeof(D3D12_DRAW_INDEXED_ARGUMENTS);
        case D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH:
            return sizeof(D3D12_DISPATCH_ARGUMENTS);
        case D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW:
            return sizeof(D3D12_VERTEX_BUFFER_VIEW);
        case D3D12_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW:
            return sizeof(D3D12_INDEX_BUFFER_VIEW);
        case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT:
            return argument->Constant.Num32BitValuesToSet * sizeof(uint32_t);
        case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW:
        case D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW:
        case D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW:
            return sizeof(D3D12_GPU_VIRTUAL_ADDRESS);
        default:
            return 0;
    }
}

/* ---- Recording --------------------------------------------------------------------------- */

static void APIENTRY agx_execute_indirect(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HCOMMANDSIGNATURE hsignature,
        UINT max_count, D3D12DDI_HRESOURCE hargs, UINT64 args_offset, D3D12DDI_HRESOURCE hcount,
        UINT64 count_offset)
{
    const struct agx_command_signature *signature = hsignature.pDrvPrivate;
    struct agx_resource *args = agx_resource_from_handle(hargs), *count = agx_resource_from_handle(hcount);
    struct agx_cmd_execute_indirect *cmd;
    size_t arguments_size;

    /* MaxCommandCount 0 is recorded too: the bindings are reset all the same. */
    if (!signature || !args)
        return;
    arguments_size = signature->argument_count * sizeof(*signature->arguments);
    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_EXECUTE_INDIRECT,
                                 sizeof(*cmd) + arguments_size)))
        return;
    cmd->args_va = args->va + args_offset;
    cmd->count_va = count ? count->va + count_offset : 0;
    cmd->max_count = max_count;
    cmd->byte_stride = signature->byte_stride;
    cmd->argument_count = signature->argument_count;
    memcpy(cmd->arguments, signature->arguments, arguments_size);
}

void agx_indirect_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs)
{
    funcs->pfnExecuteIndirect = agx_execute_indirect;
}

/* ---- Execution --------------------------------------------------------------------------- */

/* Room for the largest record one argument becomes: 64 root constants. */
union agx_indirect_record
{
    struct agx_cmd header;
    struct agx_cmd_set_root_view view;
    struct agx_cmd_index_buffer index_buffer;
    struct agx_cmd_draw draw;
    struct agx_cmd_dispatch dispatch;
    /* The records with a variable part: one vertex buffer view, the constants. */
    struct agx_cmd_vertex_buffers vertex_buffers;
    struct agx_cmd_set_root_constants constants;
    uint64_t storage[(sizeof(struct agx_cmd_set_root_constants) + AGX_BIND_MAX_ROOT_CONSTANTS * sizeof(uint32_t)
            + sizeof(uint64_t) - 1) / sizeof(uint64_t)];
};

static void agx_indirect_run_record(struct agx_exec *exec, union agx_indirect_record *record, uint32_t type)
{
    record->header.type = type;
    record->header.size = sizeof(*record);
    if (type >= AGX_CMD_GRAPHICS_FIRST)
        agx_exec_graphics_command(exec, &record->header);
    else
        agx_exec_binding_command(exec, &record->header);
}

/*
 * One argument: data holds its bytes from the argument buffer, or NULL for the reset
 * after the last command (NULL views, zero constants). Draws and dispatches run only
 * with data.
 */
static void agx_indirect_apply(struct agx_exec *exec, uint32_t point, const D3D12_INDIRECT_ARGUMENT_DESC *argument,
                               const void *data)
{
    union agx_indirect_record record;

    memset(&record, 0, sizeof(record));
    switch (argument->Type)
    {
        case D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW:
            /* D3D12_VERTEX_BUFFER_VIEW and the DDI's view have the same three fields. */
            record.vertex_buffers.start = argument->VertexBuffer.Slot;
            record.vertex_buffers.count = 1;
            if (data)
                memcpy(record.vertex_buffers.views, data, sizeof(*record.vertex_buffers.views));
            if (argument->VertexBuffer.Slot < AGX_RASTER_MAX_VERTEX_BUFFERS)
                agx_indirect_run_record(exec, &record, AGX_CMD_IA_VERTEX_BUFFERS);
            return;
        case D3D12_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW:
            if (data)
                memcpy(&record.index_buffer.view, data, sizeof(record.index_buffer.view));
            agx_indirect_run_record(exec, &record, AGX_CMD_IA_INDEX_BUFFER);
            return;
        case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT:
            if (argument->Constant.Num32BitValuesToSet > AGX_BIND_MAX_ROOT_CONSTANTS)
                return;
            record.constants.point = point;
            record.constants.index = argument->Constant.RootParameterIndex;
            record.constants.offset = argument->Constant.DestOffsetIn32BitValues;
            record.constants.count = argument->Constant.Num32BitValuesToSet;
            if (data)
                memcpy(record.constants.values, data, record.constants.count * sizeof(uint32_t));
            agx_indirect_run_record(exec, &record, AGX_CMD_SET_ROOT_CONSTANTS);
            return;
        case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW:
        case D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW:
        case D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW:
            /* Every root-argument member starts with RootParameterIndex. */
            record.view.point = point;
            record.view.index = argument->ConstantBufferView.RootParameterIndex;
            if (data)
                memcpy(&record.view.va, data, sizeof(record.view.va));
            agx_indirect_run_record(exec, &record, AGX_CMD_SET_ROOT_VIEW);
            return;
        default:
            break;
    }
    if (!data)
        return;
    switch (argument->Type)
    {
        case D3D12_INDIRECT_ARGUMENT_TYPE_DRAW:
        {
            D3D12_DRAW_ARGUMENTS draw;

            memcpy(&draw, data, sizeof(draw));
            record.draw.count = draw.VertexCountPerInstance;
            record.draw.instance_count = draw.InstanceCount;
            record.draw.start = draw.StartVertexLocation;
            record.draw.start_instance = draw.StartInstanceLocation;
            break;
        }
        case D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED:
        {
            D3D12_DRAW_INDEXED_ARGUMENTS draw;

            memcpy(&draw, data, sizeof(draw));
            record.draw.indexed = true;
            record.draw.count = draw.IndexCountPerInstance;
            record.draw.instance_count = draw.InstanceCount;
            record.draw.start = draw.StartIndexLocation;
            record.draw.base_vertex = draw.BaseVertexLocation;
            record.draw.start_instance = draw.StartInstanceLocation;
            break;
        }
        case D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH:
        {
            D3D12_DISPATCH_ARGUMENTS dispatch;

            memcpy(&dispatch, data, sizeof(dispatch));
            record.dispatch.x = dispatch.ThreadGroupCountX;
            record.dispatch.y = dispatch.ThreadGroupCountY;
            record.dispatch.z = dispatch.ThreadGroupCountZ;
            agx_indirect_run_record(exec, &record, AGX_CMD_DISPATCH);
            return;
        }
        default:
            return;
    }
    /* A draw of nothing is not recorded by the direct entries either. */
    if (record.draw.count && record.draw.instance_count)
        agx_indirect_run_record(exec, &record, AGX_CMD_DRAW);
}

static uint32_t agx_indirect_command_count(struct agx_exec *exec, const struct agx_cmd_execute_indirect *cmd)
{
    uint32_t count;

    if (!cmd->count_va)
        return cmd->max_count;
    agx_mem_read(exec->backend, cmd->count_va, &count, sizeof(count));
    return AGX_MIN(count, cmd->max_count);
}

void agx_indirect_exec(struct agx_exec *exec, const struct agx_cmd_execute_indirect *cmd)
{
    bool dispatch = cmd->argument_count
            && cmd->arguments[cmd->argument_count - 1].Type == D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    uint32_t point = dispatch ? AGX_BIND_COMPUTE : AGX_BIND_GRAPHICS;
    unsigned char data[AGX_BIND_MAX_ROOT_CONSTANTS * sizeof(uint32_t)];
    uint32_t count, i, a, offset, size;

    /* Predicated off, no command runs; the bindings are reset all the same. */
    count = exec->predicated ? 0 : agx_indirect_command_count(exec, cmd);
    for (i = 0; i < count; ++i)
    {
        if (agx_watchdog_spend(&exec->watchdog, AGX_INDIRECT_COMMAND_CREDIT))
            return;
        for (a = 0, offset = 0; a < cmd->argument_count; ++a, offset += size)
        {
            size = agx_indirect_argument_size(&cmd->arguments[a]);
            if (size > sizeof(data))
                return;
            agx_mem_read(exec->backend, cmd->args_va + (uint64_t)i * cmd->byte_stride + offset, data, size);
            agx_indirect_apply(exec, point, &cmd->arguments[a], data);
        }
    }
    for (a = 0; a < cmd->argument_count; ++a)
        agx_indirect_apply(exec, point, &cmd->arguments[a], NULL);
}
