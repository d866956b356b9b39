/*
 * The fixed-function graphics state entries of a command list (input assembly,
 * viewports and scissors, depth bias, output-merger state, render targets, sample
 * positions) and the draws: each becomes a small record (agx_raster.h).
 */
#include <string.h>
#include "agx_raster.h"

typedef D3D12DDI_HCOMMANDLIST agx_hlist;

static void agx_raster_record_value(agx_hlist hlist, enum agx_raster_cmd_type type, uint32_t value)
{
    struct agx_cmd_raster_value *cmd;

    if ((cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), type, sizeof(*cmd))))
        cmd->value = value;
}

static void agx_raster_record_floats(agx_hlist hlist, enum agx_raster_cmd_type type, float a, float b, float c,
                                     float d)
{
    struct agx_cmd_raster_floats *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), type, sizeof(*cmd))))
        return;
    cmd->values[0] = a;
    cmd->values[1] = b;
    cmd->values[2] = c;
    cmd->values[3] = d;
}

static void APIENTRY agx_ia_set_primitive_topology(agx_hlist list, D3D12_PRIMITIVE_TOPOLOGY topology)
{
    agx_raster_record_value(list, AGX_CMD_IA_TOPOLOGY, topology);
}

static void APIENTRY agx_ia_set_index_buffer(agx_hlist hlist, const D3D12_INDEX_BUFFER_VIEW *view)
{
    struct agx_cmd_index_buffer *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_IA_INDEX_BUFFER, sizeof(*cmd))))
        return;
    if (view)
        cmd->view = *view;
    else
        memset(&cmd->view, 0, sizeof(cmd->view));
}

static void APIENTRY agx_ia_set_vertex_buffers(agx_hlist hlist, UINT start, UINT count,
                                               const D3D12DDIARG_VERTEX_BUFFER_VIEW *views)
{
    struct agx_cmd_vertex_buffers *cmd;

    if (start >= AGX_RASTER_MAX_VERTEX_BUFFERS)
        return;
    count = AGX_MIN(count, AGX_RASTER_MAX_VERTEX_BUFFERS - start);
    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_IA_VERTEX_BUFFERS,
                                 sizeof(*cmd) + count * sizeof(*views))))
        return;
    cmd->start = start;
    cmd->count = count;
    if (views)
        memcpy(cmd->views, views, count * sizeof(*views));
    else
        memset(cmd->views, 0, count * sizeof(*views));
}

static void APIENTRY agx_ia_set_strip_cut(agx_hlist list, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE value)
{
    agx_raster_record_value(list, AGX_CMD_IA_STRIP_CUT, value);
}

/* The runtime has checked the slot range; NULL views unbind. */
static void APIENTRY agx_so_set_targets(agx_hlist hlist, UINT start, UINT count,
                                        const D3D12_STREAM_OUTPUT_BUFFER_VIEW *views)
{
    struct agx_cmd_so_targets *cmd;

    if (start >= D3D12_SO_BUFFER_SLOT_COUNT)
        return;
    count = AGX_MIN(count, D3D12_SO_BUFFER_SLOT_COUNT - start);
    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_SO_TARGETS, sizeof(*cmd))))
        return;
    cmd->start = start;
    cmd->count = count;
    memset(cmd->views, 0, sizeof(cmd->views));
    if (views)
        memcpy(cmd->views, views, count * sizeof(*views));
}

static void APIENTRY agx_rs_set_viewports(agx_hlist hlist, UINT count, const D3D12_VIEWPORT *viewports)
{
    struct agx_cmd_viewports *cmd;

    count = viewports ? AGX_MIN(count, AGX_RASTER_MAX_VIEWPORTS) : 0;
    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_RS_VIEWPORTS,
                                 sizeof(*cmd) + count * sizeof(*viewports))))
        return;
    cmd->count = count;
    if (count)
        memcpy(cmd->viewports, viewports, count * sizeof(*viewports));
}

static void APIENTRY agx_rs_set_scissor_rects(agx_hlist hlist, UINT count, const D3D12_RECT *rects)
{
    struct agx_cmd_scissors *cmd;

    count = rects ? AGX_MIN(count, AGX_RASTER_MAX_VIEWPORTS) : 0;
    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_RS_SCISSORS,
                                 sizeof(*cmd) + count * sizeof(*rects))))
        return;
    cmd->count = count;
    if (count)
        memcpy(cmd->rects, rects, count * sizeof(*rects));
}

static void APIENTRY agx_rs_set_depth_bias(agx_hlist list, FLOAT bias, FLOAT clamp, FLOAT slope)
{
    agx_raster_record_floats(list, AGX_CMD_RS_DEPTH_BIAS, bias, clamp, slope, 0.0f);
}

static void APIENTRY agx_om_set_blend_factor(agx_hlist list, const FLOAT factor[4])
{
    static const float zero[4];

    if (!factor)
        factor = zero;
    agx_raster_record_floats(list, AGX_CMD_OM_BLEND_FACTOR, factor[0], factor[1], factor[2], factor[3]);
}

static void APIENTRY agx_om_set_stencil_ref(agx_hlist hlist, UINT front, UINT back)
{
    struct agx_cmd_stencil_ref *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_OM_STENCIL_REF, sizeof(*cmd))))
        return;
    cmd->front = front;
    cmd->back = back;
}

static void APIENTRY agx_om_set_depth_bounds(agx_hlist list, FLOAT min, FLOAT max)
{
    agx_raster_record_floats(list, AGX_CMD_OM_DEPTH_BOUNDS, min, max, 0.0f, 0.0f);
}

void agx_raster_record_targets(struct agx_cmdlist *list, uint32_t count, const struct agx_descriptor_rtv *rtvs,
                               const struct agx_descriptor_dsv *dsv, bool read_only_depth, bool read_only_stencil)
{
    struct agx_cmd_render_targets *cmd;

    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_OM_RENDER_TARGETS, sizeof(*cmd))))
        return;
    cmd->count = AGX_MIN(count, D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT);
    memset(cmd->rtvs, 0, sizeof(cmd->rtvs));
    if (cmd->count)
        memcpy(cmd->rtvs, rtvs, cmd->count * sizeof(*rtvs));
    cmd->has_dsv = !!dsv;
    cmd->read_only_depth = read_only_depth;
    cmd->read_only_stencil = read_only_stencil;
    if (dsv)
        cmd->dsv = *dsv;
    else
        memset(&cmd->dsv, 0, sizeof(cmd->dsv));
}

/* The handles are the descriptors' host addresses: copy them now. */
static void APIENTRY agx_om_set_render_targets(agx_hlist hlist, UINT count, const D3D12DDI_CPU_DESCRIPTOR_HANDLE *rtvs,
                                               const D3D12DDI_CPU_DESCRIPTOR_HANDLE *dsv)
{
    struct agx_descriptor_rtv views[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
    const struct agx_descriptor_rtv *rtv;
    const struct agx_descriptor_dsv *ds = NULL;
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    UINT i;

    count = rtvs ? AGX_MIN(count, D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT) : 0;
    memset(views, 0, sizeof(views));
    /* A view of a destroyed resource (undefined in D3D12) binds as a null view: the
     * recording never names freed memory. */
    for (i = 0; i < count; ++i)
    {
        if ((rtv = (const void *)rtvs[i].ptr) && rtv->kind == AGX_DESCRIPTOR_RTV
                && (!rtv->resource || agx_resource_exists(list->device, rtv->resource)))
            views[i] = *rtv;
    }
    if (dsv && dsv->ptr && ((const struct agx_descriptor_dsv *)dsv->ptr)->kind == AGX_DESCRIPTOR_DSV)
        ds = (const void *)dsv->ptr;
    if (ds && ds->resource && !agx_resource_exists(list->device, ds->resource))
        ds = NULL;
    agx_raster_record_targets(list, count, views, ds, false, false);
}

static void APIENTRY agx_set_sample_positions(agx_hlist hlist, UINT samples, UINT pixels,
                                              const D3D12_SAMPLE_POSITION *positions)
{
    struct agx_cmd_sample_positions *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_SAMPLE_POSITIONS, sizeof(*cmd))))
        return;
    memset(cmd->positions, 0, sizeof(cmd->positions));
    /* The runtime checked the counts (1, 2 or 4 samples, 1 or 4 pixels). */
    if (!positions || !samples || !pixels || samples * pixels > AGX_RASTER_MAX_SAMPLE_POSITIONS)
        samples = pixels = 0;
    cmd->samples = samples;
    cmd->pixels = pixels;
    if (samples)
        memcpy(cmd->positions, positions, samples * pixels * sizeof(*positions));
}

/* One view only: view instancing is not supported (the caps say so). */
static void APIENTRY agx_set_view_instance_mask(agx_hlist list, UINT mask)
{
}

static void agx_raster_record_draw(agx_hlist hlist, bool indexed, UINT count, UINT instance_count, UINT start,
                                   INT base_vertex, UINT start_instance)
{
    struct agx_cmd_draw *cmd;

    if (!count || !instance_count)
        return;
    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_DRAW, sizeof(*cmd))))
        return;
    cmd->indexed = indexed;
    cmd->count = count;
    cmd->instance_count = instance_count;
    cmd->start = start;
    cmd->base_vertex = base_vertex;
    cmd->start_instance = start_instance;
}

static void APIENTRY agx_draw_instanced(agx_hlist list, UINT vertex_count, UINT instance_count, UINT start_vertex,
                                        UINT start_instance)
{
    agx_raster_record_draw(list, false, vertex_count, instance_count, start_vertex, 0, start_instance);
}

static void APIENTRY agx_draw_indexed_instanced(agx_hlist list, UINT index_count, UINT instance_count,
                                                UINT start_index, INT base_vertex, UINT start_instance)
{
    agx_raster_record_draw(list, true, index_count, instance_count, start_index, base_vertex, start_instance);
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
    funcs->pfnDrawInstanced = agx_draw_instanced;
    funcs->pfnDrawIndexedInstanced = agx_draw_indexed_instanced;
}
