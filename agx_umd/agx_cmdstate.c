/*
 * Pipeline and binding state of a command list: pipelines, root signatures, root
 * arguments and descriptor heaps, recorded as agx_bind.h's records (the fixed-function
 * graphics state is agx_raster_state.c's). Compute and graphics root state are kept
 * apart, as D3D12 keeps them.
 */
#include <string.h>
#include "agx_bind.h"
#include "agx_descriptor.h"

typedef D3D12DDI_HCOMMANDLIST agx_hlist;

static void APIENTRY agx_set_pipeline_state(agx_hlist list, D3D12DDI_HPIPELINESTATE state)
{
    struct agx_cmd_set_pipeline *cmd;

    if ((cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(list), AGX_CMD_SET_PIPELINE, sizeof(*cmd))))
        cmd->pipeline = agx_pipeline_from_handle(state);
}

static void APIENTRY agx_set_descriptor_heaps(agx_hlist list, UINT count, const D3D12DDI_HDESCRIPTORHEAP *heaps)
{
    const struct agx_descriptor_heap *heap;
    struct agx_cmd_set_descriptor_heaps *cmd;
    UINT i;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(list), AGX_CMD_SET_DESCRIPTOR_HEAPS, sizeof(*cmd))))
        return;
    for (i = 0; i < count; ++i)
    {
        if (!(heap = heaps[i].pDrvPrivate))
            continue;
        if (heap->type == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER)
        {
            cmd->sampler_base = heap->gpu;
            cmd->sampler_size = (uint64_t)heap->count * AGX_DESCRIPTOR_SIZE_SAMPLER;
        }
        else
        {
            cmd->view_base = heap->gpu;
            cmd->view_size = (uint64_t)heap->count * AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV;
        }
    }
}

static void agx_set_root_signature(agx_hlist list, enum agx_bind_point point, D3D12DDI_HROOTSIGNATURE signature)
{
    struct agx_cmd_set_root_signature *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(list), AGX_CMD_SET_ROOT_SIGNATURE, sizeof(*cmd))))
        return;
    cmd->point = point;
    cmd->signature = agx_root_signature_from_handle(signature);
}

static void APIENTRY agx_set_compute_root_signature(agx_hlist list, D3D12DDI_HROOTSIGNATURE signature)
{
    agx_set_root_signature(list, AGX_BIND_COMPUTE, signature);
}

static void APIENTRY agx_set_graphics_root_signature(agx_hlist list, D3D12DDI_HROOTSIGNATURE signature)
{
    agx_set_root_signature(list, AGX_BIND_GRAPHICS, signature);
}

static void agx_set_root_table(agx_hlist list, enum agx_bind_point point, UINT index,
                               D3D12DDI_GPU_DESCRIPTOR_HANDLE base)
{
    struct agx_cmd_set_root_table *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(list), AGX_CMD_SET_ROOT_TABLE, sizeof(*cmd))))
        return;
    cmd->point = point;
    cmd->index = index;
    cmd->base = base.ptr;
}

static void APIENTRY agx_set_compute_root_table(agx_hlist list, UINT index, D3D12DDI_GPU_DESCRIPTOR_HANDLE base)
{
    agx_set_root_table(list, AGX_BIND_COMPUTE, index, base);
}

static void APIENTRY agx_set_graphics_root_table(agx_hlist list, UINT index, D3D12DDI_GPU_DESCRIPTOR_HANDLE base)
{
    agx_set_root_table(list, AGX_BIND_GRAPHICS, index, base);
}

static void agx_set_root_constants(agx_hlist list, enum agx_bind_point point, UINT index, UINT count,
                                   const void *data, UINT offset)
{
    struct agx_cmd_set_root_constants *cmd;

    /* The runtime validates against the signature's 64 DWORDs. */
    count = AGX_MIN(count, AGX_BIND_MAX_ROOT_CONSTANTS);
    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(list), AGX_CMD_SET_ROOT_CONSTANTS,
            sizeof(*cmd) + count * sizeof(uint32_t))))
        return;
    cmd->point = point;
    cmd->index = index;
    cmd->offset = offset;
    cmd->count = count;
    if (count)
        memcpy(cmd->values, data, count * sizeof(uint32_t));
}

static void APIENTRY agx_set_compute_root_constants(agx_hlist list, UINT index, UINT count, const void *data,
                                                    UINT offset)
{
    agx_set_root_constants(list, AGX_BIND_COMPUTE, index, count, data, offset);
}

static void APIENTRY agx_set_graphics_root_constants(agx_hlist list, UINT index, UINT count, const void *data,
                                                     UINT offset)
{
    agx_set_root_constants(list, AGX_BIND_GRAPHICS, index, count, data, offset);
}

static void agx_set_root_view(agx_hlist list, enum agx_bind_point point, UINT index, UINT64 va)
{
    struct agx_cmd_set_root_view *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(list), AGX_CMD_SET_ROOT_VIEW, sizeof(*cmd))))
        return;
    cmd->point = point;
    cmd->index = index;
    cmd->va = va;
}

/* Root CBVs, SRVs and UAVs share one record: the parameter's type tells them apart. */
static void APIENTRY agx_set_compute_root_view(agx_hlist list, UINT index, UINT64 va)
{
    agx_set_root_view(list, AGX_BIND_COMPUTE, index, va);
}

static void APIENTRY agx_set_graphics_root_view(agx_hlist list, UINT index, UINT64 va)
{
    agx_set_root_view(list, AGX_BIND_GRAPHICS, index, va);
}

static void APIENTRY agx_clear_root_arguments(agx_hlist list)
{
    agx_cmdlist_emit(agx_cmdlist_from_handle(list), AGX_CMD_CLEAR_ROOT_ARGUMENTS, sizeof(struct agx_cmd));
}

void agx_cmdstate_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs)
{
    agx_raster_state_fill_funcs(funcs);
    agx_dispatch_fill_funcs(funcs);
    funcs->pfnSetPipelineState = agx_set_pipeline_state;
    funcs->pfnSetDescriptorHeaps = agx_set_descriptor_heaps;
    funcs->pfnSetComputeRootSignature = agx_set_compute_root_signature;
    funcs->pfnSetGraphicsRootSignature = agx_set_graphics_root_signature;
    funcs->pfnSetComputeRootDescriptorTable = agx_set_compute_root_table;
    funcs->pfnSetGraphicsRootDescriptorTable = agx_set_graphics_root_table;
    funcs->pfnSetComputeRoot32BitConstants = agx_set_compute_root_constants;
    funcs->pfnSetGraphicsRoot32BitConstants = agx_set_graphics_root_constants;
    funcs->pfnSetComputeRootConstantBufferView = agx_set_compute_root_view;
    funcs->pfnSetGraphicsRootConstantBufferView = agx_set_graphics_root_view;
    funcs->pfnSetComputeRootShaderResourceView = agx_set_compute_root_view;
    funcs->pfnSetGraphicsRootShaderResourceView = agx_set_graphics_root_view;
    funcs->pfnSetComputeRootUnorderedAccessView = agx_set_compute_root_view;
    funcs->pfnSetGraphicsRootUnorderedAccessView = agx_set_graphics_root_view;
    funcs->pfnClearRootArguments = agx_clear_root_arguments;
}
