/*
 * Pipeline and binding state of a command list: pipelines, root signatures, root
 * arguments and descriptor heaps (the fixed-function graphics state is
 * agx_raster_state.c's).
 */
#include "agx_cmdbuf.h"

typedef D3D12DDI_HCOMMANDLIST agx_hlist;

static void APIENTRY agx_set_pipeline_state(agx_hlist list, D3D12DDI_HPIPELINESTATE state)
{
}

static void APIENTRY agx_set_descriptor_heaps(agx_hlist list, UINT count, const D3D12DDI_HDESCRIPTORHEAP *heaps)
{
}

static void APIENTRY agx_set_root_signature(agx_hlist list, D3D12DDI_HROOTSIGNATURE signature)
{
}

static void APIENTRY agx_set_root_descriptor_table(agx_hlist list, UINT index, D3D12DDI_GPU_DESCRIPTOR_HANDLE base)
{
}

static void APIENTRY agx_set_root_constants(agx_hlist list, UINT index, UINT count, const void *data, UINT offset)
{
}

static void APIENTRY agx_set_root_view(agx_hlist list, UINT index, UINT64 va)
{
}

static void APIENTRY agx_clear_root_arguments(agx_hlist list)
{
}

void agx_cmdstate_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs)
{
    agx_raster_state_fill_funcs(funcs);
    funcs->pfnSetPipelineState = agx_set_pipeline_state;
    funcs->pfnSetDescriptorHeaps = agx_set_descriptor_heaps;
    funcs->pfnSetComputeRootSignature = agx_set_root_signature;
    funcs->pfnSetGraphicsRootSignature = agx_set_root_signature;
    funcs->pfnSetComputeRootDescriptorTable = agx_set_root_descriptor_table;
    funcs->pfnSetGraphicsRootDescriptorTable = agx_set_root_descriptor_table;
    funcs->pfnSetComputeRoot32BitConstants = agx_set_root_constants;
    funcs->pfnSetGraphicsRoot32BitConstants = agx_set_root_constants;
    funcs->pfnSetComputeRootConstantBufferView = agx_set_root_view;
    funcs->pfnSetGraphicsRootConstantBufferView = agx_set_root_view;
    funcs->pfnSetComputeRootShaderResourceView = agx_set_root_view;
    funcs->pfnSetGraphicsRootShaderResourceView = agx_set_root_view;
    funcs->pfnSetComputeRootUnorderedAccessView = agx_set_root_view;
    funcs->pfnSetGraphicsRootUnorderedAccessView = agx_set_root_view;
    funcs->pfnClearRootArguments = agx_clear_root_arguments;
}
