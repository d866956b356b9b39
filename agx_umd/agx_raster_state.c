/*
 * The fixed-function graphics state entries of a command list: input assembly,
 * viewports and scissors, depth bias, output-merger state and render targets.
 */
#include "agx_cmdbuf.h"

typedef D3D12DDI_HCOMMANDLIST agx_hlist;

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

void agx_raster_state_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs)
{
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
}
