/*
 * Pipeline, fixed-function and binding state of a command list. Nothing the simulated
 * engine runs yet (copies, queries, immediate writes) reads it, so the entries accept
 * the state and drop it; the shader engine will record it here.
 */
#include "agx_cmdbuf.h"

typedef D3D12DDI_HCOMMANDLIST agx_hlist;

static void APIENTRY agx_set_pipeline_state(agx_hlist list, D3D12DDI_HPIPELINESTATE state)
{
}

static void APIENTRY agx_ia_set_primitive_topology(agx_hlist list, D3D12_PRIMITIVE_TOPOLOGY topology)
{
}

static void APIENTRY agx_ia_set_index_buffer(agx_hlist list, const D3D12_INDEX_BUFFER_VIEW *view)
{
}

static void APIENTRY agx_ia_set_vertex_buffers(agx_hlist list, UINT start, UINT count,
                                               const D3D12DDIARG_VERTEX_BUFFER_VIEW *views)
{
}

static void APIENTRY agx_ia_set_strip_cut(agx_hlist list, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE value)
{
}

static void APIENTRY agx_so_set_targets(agx_hlist list, UINT start, UINT count,
                                        const D3D12_STREAM_OUTPUT_BUFFER_VIEW *views)
{
}

static void APIENTRY agx_rs_set_viewports(agx_hlist list, UINT count, const D3D12_VIEWPORT *viewports)
{
}

static void APIENTRY agx_rs_set_scissor_rects(agx_hlist list, UINT count, const D3D12_RECT *rects)
{
}

static void APIENTRY agx_rs_set_depth_bias(agx_hlist list, FLOAT bias, FLOAT clamp, FLOAT slope)
{
}

static void APIENTRY agx_om_set_blend_factor(agx_hlist list, const FLOAT factor[4])
{
}

static void APIENTRY agx_om_set_stencil_ref(agx_hlist list, UINT front, UINT back)
{
}

static void APIENTRY agx_om_set_depth_bounds(agx_hlist list, FLOAT min, FLOAT max)
{
}

static void APIENTRY agx_om_set_render_targets(agx_hlist list, UINT count, const D3D12DDI_CPU_DESCRIPTOR_HANDLE *rtvs,
                                               const D3D12DDI_CPU_DESCRIPTOR_HANDLE *dsv)
{
}

static void APIENTRY agx_set_sample_positions(agx_hlist list, UINT samples, UINT pixels,
                                              const D3D12_SAMPLE_POSITION *positions)
{
}

static void APIENTRY agx_set_view_instance_mask(agx_hlist list, UINT mask)
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
    funcs->pfnSetPipelineState = agx_set_pipeline_state;
    funcs->pfnIASetPrimitiveTopology = agx_ia_set_primitive_topology;
    funcs->pfnIASetIndexBuffer = agx_ia_set_index_buffer;
    funcs->pfnIASetVertexBuffers = agx_ia_set_vertex_buffers;
    funcs->pfnIASetIndexBufferStripCutValue = agx_ia_set_strip_cut;
    funcs->pfnSOSetTargets = agx_so_set_targets;
    funcs->pfnRSSetViewports = agx_rs_set_viewports;
    funcs->pfnRSSetScissorRects = agx_rs_set_scissor_rects;
    funcs->pfnRSSetDepthBias = agx_rs_set_depth_bias;
    funcs->pfnOMSetBlendFactor = agx_om_set_blend_factor;
    funcs->pfnOMSetStencilRef = agx_om_set_stencil_ref;
    funcs->pfnOMSetDepthBounds = agx_om_set_depth_bounds;
    funcs->pfnOMSetRenderTargets = agx_om_set_render_targets;
    funcs->pfnSetSamplePositions = agx_set_sample_positions;
    funcs->pfnSetViewInstanceMask = agx_set_view_instance_mask;
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
