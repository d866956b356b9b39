/*
 * Pipeline and fixed-function state, root signatures and root arguments, descriptor
 * heaps and output-merger bindings. Each setter is validated, forwarded and then, while
 * the list is still healthy, recorded in the state ledger where later layers need the
 * value (rt_cmdlist_ledger.h: the fallback's draws and dispatches put it back).
 *
 * Pipeline states must be this device's and of a kind the list runs. Root signatures
 * must be this device's (NULL unbinds); root arguments are checked against the bound
 * one's layout.
 * Features the device does not report (state objects, generic programs, variable-rate
 * shading, protected sessions, the dynamic depth bias and strip cut, view instancing,
 * independent stencil references, quad sample patterns below tier 2) are refused the
 * same way, as Barrier is on a device without Enhanced Barriers.
 */
#include <inttypes.h>
#include <stdio.h>

#include "rt_cmdlist_ledger.h"
#include "rt_cmdlist_vtbl.h"
#include "rt_descriptor_heap.h"
#include "rt_pipeline_state.h"
#include "rt_root_signature.h"

/* Root signatures hold at most 64 DWORDs, so at most 64 parameters. */
#define RT_MAX_ROOT_PARAMETERS 64
#define RT_MAX_ROOT_CONSTANTS 64

#define RT_GRAPHICS_STATE (RT_LIST_GRAPHICS)
/* Bundles inherit these from the list that executes them. */
#define RT_DIRECT_STATE (RT_LIST_DIRECT)

void rt_command_list_state_init(struct rt_command_list_state *state)
{
    unsigned int i;

    memset(state, 0, sizeof(*state));
    state->topology = D3D_PRIMITIVE_TOPOLOGY_UNDEFINED;
    for (i = 0; i < 4; ++i)
        state->blend_factor[i] = 1.0f;
    state->depth_bounds_max = 1.0f;
}

void rt_command_list_capture_view(struct rt_command_list *list, D3D12_CPU_DESCRIPTOR_HANDLE handle,
                                  bool depth_stencil, struct rt_bound_view *view)
{
    struct rt_descriptor_info info;

    memset(view, 0, sizeof(*view));
    view->handle = handle;
    if (!rt_descriptor_lookup(list->device, handle.ptr, &info) || !info.described)
        return;
    view->described = true;
    view->resource = info.resource;
    if (info.resource)
        rt_command_list_keep(list, &info.resource->retire, "ID3D12Resource", info.resource);
    if (depth_stencil)
        view->dsv = info.dsv;
    else
        view->rtv = info.rtv;
}

/* ---- Input assembler ------------------------------------------------------------------- */

static bool rt_topology_is_valid(D3D12_PRIMITIVE_TOPOLOGY topology)
{
    return (topology >= D3D_PRIMITIVE_TOPOLOGY_UNDEFINED && topology <= D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP)
            || (topology >= D3D_PRIMITIVE_TOPOLOGY_LINELIST_ADJ && topology <= D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ)
            || (topology >= D3D_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST
                && topology <= D3D_PRIMITIVE_TOPOLOGY_32_CONTROL_POINT_PATCHLIST);
}

void STDMETHODCALLTYPE rt_command_list_IASetPrimitiveTopology(rt_cl *iface, D3D12_PRIMITIVE_TOPOLOGY topology)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, topology %#x.", iface, topology);

    if (!rt_command_list_begin(list, RT_GRAPHICS_STATE, "IASetPrimitiveTopology"))
        return;
    if (!rt_topology_is_valid(topology))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG,
                                        D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INVALID_PRIMITIVETOPOLOGY,
                                        "IASetPrimitiveTopology: invalid topology %#x", topology);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnIASetPrimitiveTopology, "IASetPrimitiveTopology"))
        return;
    RT_DDI_CALL(list, pfnIASetPrimitiveTopology, topology);
    if (!rt_ledger_may_record(list))
        return;
    list->state.topology = topology;
    rt_ledger_mark_set(list, RT_LEDGER_TOPOLOGY);
}

void STDMETHODCALLTYPE rt_command_list_IASetIndexBuffer(rt_cl *iface, const D3D12_INDEX_BUFFER_VIEW *view)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, view %p.", iface, view);

    if (!rt_command_list_begin(list, RT_GRAPHICS_STATE, "IASetIndexBuffer"))
        return;
    if (view && view->Format != DXGI_FORMAT_R16_UINT && view->Format != DXGI_FORMAT_R32_UINT)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_INDEX_BUFFER_INVALID_DESC,
                                        "IASetIndexBuffer: invalid index format %#x", view->Format);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnIASetIndexBuffer, "IASetIndexBuffer"))
        return;
    RT_DDI_CALL(list, pfnIASetIndexBuffer, view);
}

void STDMETHODCALLTYPE rt_command_list_IASetVertexBuffers(rt_cl *iface, UINT start, UINT count,
                                                          const D3D12_VERTEX_BUFFER_VIEW *views)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDIARG_VERTEX_BUFFER_VIEW ddi_views[D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    UINT i;

    RT_TRACE("iface %p, start %u, count %u, views %p.", iface, start, count, views);

    if (!rt_command_list_begin(list, RT_GRAPHICS_STATE, "IASetVertexBuffers"))
        return;
    if (start >= D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT || count > D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT - start)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_VERTEX_BUFFERS_INVALID,
                                        "IASetVertexBuffers: slots [%u, +%u) out of range", start, count);
        return;
    }
    /* A NULL view array changes no binding: vkd3d's test_null_vbv, written to pass on
     * Windows, draws with the slots bound before such calls. */
    if (!views || !RT_DDI_REQUIRE(list, pfnIASetVertexBuffers, "IASetVertexBuffers"))
        return;
    for (i = 0; i < count; ++i)
    {
        ddi_views[i].BufferLocation = views[i].BufferLocation;
        ddi_views[i].SizeInBytes = views[i].SizeInBytes;
        ddi_views[i].StrideInBytes = views[i].StrideInBytes;
    }
    RT_DDI_CALL(list, pfnIASetVertexBuffers, start, count, ddi_views);
}

void STDMETHODCALLTYPE rt_command_list_IASetIndexBufferStripCutValue(rt_cl *iface,
                                                                     D3D12_INDEX_BUFFER_STRIP_CUT_VALUE value)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, value %#x.", iface, value);

    /* D3D12_OPTIONS15.DynamicIndexBufferStripCutSupported is FALSE: no pipeline can take
     * the override (D3D12_PIPELINE_STATE_FLAG_DYNAMIC_INDEX_BUFFER_STRIP_CUT). */
    if (rt_command_list_begin(list, RT_GRAPHICS_STATE, "IASetIndexBufferStripCutValue"))
        rt_command_list_remove_message(list, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_DYNAMIC_INDEX_BUFFER_STRIP_CUT_NOT_SUPPORTED,
                "IASetIndexBufferStripCutValue: dynamic strip-cut values are not supported "
                "(D3D12_OPTIONS15.DynamicIndexBufferStripCutSupported is FALSE)");
}

void STDMETHODCALLTYPE rt_command_list_SOSetTargets(rt_cl *iface, UINT start, UINT count,
                                                    const D3D12_STREAM_OUTPUT_BUFFER_VIEW *views)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, start %u, count %u, views %p.", iface, start, count, views);

    if (!rt_command_list_begin(list, RT_DIRECT_STATE, "SOSetTargets"))
        return;
    if (start >= D3D12_SO_BUFFER_SLOT_COUNT || count > D3D12_SO_BUFFER_SLOT_COUNT - start)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_STREAM_OUTPUT_BUFFERS_INVALID,
                                        "SOSetTargets: slots [%u, +%u) out of range", start, count);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnSOSetTargets, "SOSetTargets"))
        return;
    RT_DDI_CALL(list, pfnSOSetTargets, start, count, views);
}

/* ---- Rasterizer ------------------------------------------------------------------------ */

void STDMETHODCALLTYPE rt_command_list_RSSetViewports(rt_cl *iface, UINT count, const D3D12_VIEWPORT *viewports)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, count %u, viewports %p.", iface, count, viewports);

    if (!rt_command_list_begin(list, RT_DIRECT_STATE, "RSSetViewports"))
        return;
    if (count > RT_MAX_VIEWPORTS || (count && !viewports))
    {
        /* Microsoft names no viewport message: a count or array that cannot be read is a corrupt parameter. */
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2,
                                        "RSSetViewports: invalid count %u or NULL array", count);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnRSSetViewports, "RSSetViewports"))
        return;
    RT_DDI_CALL(list, pfnRSSetViewports, count, viewports);
    if (!rt_ledger_may_record(list))
        return;
    list->state.viewport_count = count;
    memcpy(list->state.viewports, viewports, count * sizeof(*viewports));
    rt_ledger_mark_set(list, RT_LEDGER_VIEWPORTS);
}

void STDMETHODCALLTYPE rt_command_list_RSSetScissorRects(rt_cl *iface, UINT count, const D3D12_RECT *rects)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, count %u, rects %p.", iface, count, rects);

    if (!rt_command_list_begin(list, RT_DIRECT_STATE, "RSSetScissorRects"))
        return;
    if (count > RT_MAX_VIEWPORTS || (count && !rects))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_SCISSOR_RECTS_INVALID_RECT,
                                        "RSSetScissorRects: invalid count %u or NULL array", count);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnRSSetScissorRects, "RSSetScissorRects"))
        return;
    RT_DDI_CALL(list, pfnRSSetScissorRects, count, rects);
    if (!rt_ledger_may_record(list))
        return;
    list->state.scissor_count = count;
    memcpy(list->state.scissors, rects, count * sizeof(*rects));
    rt_ledger_mark_set(list, RT_LEDGER_SCISSORS);
}

void STDMETHODCALLTYPE rt_command_list_RSSetDepthBias(rt_cl *iface, FLOAT bias, FLOAT clamp, FLOAT slope_scaled)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, bias %.8e, clamp %.8e, slope_scaled %.8e.", iface, bias, clamp, slope_scaled);

    /* D3D12_OPTIONS16.DynamicDepthBiasSupported is FALSE: no pipeline can take the
     * override (D3D12_PIPELINE_STATE_FLAG_DYNAMIC_DEPTH_BIAS). */
    if (rt_command_list_begin(list, RT_GRAPHICS_STATE, "RSSetDepthBias"))
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_DYNAMIC_DEPTH_BIAS_NOT_SUPPORTED,
                "RSSetDepthBias: dynamic depth bias is not supported "
                "(D3D12_OPTIONS16.DynamicDepthBiasSupported is FALSE)");
}

void STDMETHODCALLTYPE rt_command_list_RSSetShadingRate(rt_cl *iface, D3D12_SHADING_RATE rate,
                                                        const D3D12_SHADING_RATE_COMBINER *combiners)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, rate %#x, combiners %p.", iface, rate, combiners);

    if (rt_command_list_begin(list, RT_GRAPHICS_STATE, "RSSetShadingRate"))
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_RSSETSHADINGRATE_REQUIRES_TIER_1,
                                       "RSSetShadingRate: variable-rate shading is not supported");
}

void STDMETHODCALLTYPE rt_command_list_RSSetShadingRateImage(rt_cl *iface, ID3D12Resource *image)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, image %p.", iface, image);

    if (rt_command_list_begin(list, RT_GRAPHICS_STATE, "RSSetShadingRateImage"))
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_RSSETSHADINGRATEIMAGE_REQUIRES_TIER_2,
                                       "RSSetShadingRateImage: variable-rate shading is not supported");
}

void STDMETHODCALLTYPE rt_command_list_SetSamplePositions(rt_cl *iface, UINT samples, UINT pixels,
                                                          D3D12_SAMPLE_POSITION *positions)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER tier = list->device->options.ProgrammableSamplePositionsTier;

    RT_TRACE("iface %p, samples %u, pixels %u, positions %p.", iface, samples, pixels, positions);

    if (!rt_command_list_begin(list, RT_GRAPHICS_STATE, "SetSamplePositions"))
        return;
    if (tier == D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_NOT_SUPPORTED)
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_PROGRAMMABLE_MSAA_UNSUPPORTED,
                "SetSamplePositions: programmable sample positions are not supported");
        return;
    }
    /* Zero samples restores the default pattern. */
    if (samples && (!positions || (pixels != 1 && pixels != 4) || samples * pixels > 16
            || (samples != 1 && samples != 2 && samples != 4 && samples != 8 && samples != 16)))
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_SETSAMPLEPOSITIONS_INVALIDARGS,
                "SetSamplePositions: the sample count or pixel count is invalid, or the positions are NULL");
        return;
    }
    /* A pattern over a 2x2 quad is tier 2; tier 1 repeats one pixel's pattern. */
    if (samples && pixels == 4 && tier < D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_2)
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_PROGRAMMABLE_MSAA_UNSUPPORTED,
                "SetSamplePositions: positions over 4 pixels need programmable sample positions tier 2");
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnSetSamplePositions, "SetSamplePositions"))
        return;
    RT_DDI_CALL(list, pfnSetSamplePositions, samples, pixels, positions);
    if (!rt_ledger_may_record(list))
        return;
    list->state.sample_position_samples = samples;
    list->state.sample_position_pixels = samples ? pixels : 0;
    memset(list->state.sample_positions, 0, sizeof(list->state.sample_positions));
    if (samples)
        memcpy(list->state.sample_positions, positions, samples * pixels * sizeof(*positions));
    rt_ledger_mark_set(list, RT_LEDGER_SAMPLE_POSITIONS);
}

void STDMETHODCALLTYPE rt_command_list_SetViewInstanceMask(rt_cl *iface, UINT mask)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, mask %#x.", iface, mask);

    if (!rt_command_list_begin(list, RT_GRAPHICS_STATE, "SetViewInstanceMask"))
        return;
    /* D3D12_OPTIONS3.ViewInstancingTier is NOT_SUPPORTED: only the default mask (no view
     * instance masked off, nothing to tell the driver) exists. */
    if (mask)
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_VIEW_INSTANCING_UNSUPPORTED,
                "SetViewInstanceMask: a non-zero mask, but view instancing is not supported "
                "(D3D12_OPTIONS3.ViewInstancingTier is NOT_SUPPORTED)");
}

/* ---- Output merger --------------------------------------------------------------------- */

void STDMETHODCALLTYPE rt_command_list_OMSetBlendFactor(rt_cl *iface, const FLOAT factor[4])
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    static const FLOAT default_factor[4] = {1.0f, 1.0f, 1.0f, 1.0f};

    RT_TRACE("iface %p, factor %p.", iface, factor);

    if (!rt_command_list_begin(list, RT_GRAPHICS_STATE, "OMSetBlendFactor")
            || !RT_DDI_REQUIRE(list, pfnOMSetBlendFactor, "OMSetBlendFactor"))
        return;
    /* NULL means the default, all ones. */
    if (!factor)
        factor = default_factor;
    RT_DDI_CALL(list, pfnOMSetBlendFactor, factor);
    if (!rt_ledger_may_record(list))
        return;
    memcpy(list->state.blend_factor, factor, sizeof(list->state.blend_factor));
    rt_ledger_mark_set(list, RT_LEDGER_BLEND_FACTOR);
}

static void rt_set_stencil_ref(struct rt_command_list *list, const char *method, UINT front, UINT back)
{
    if (!rt_command_list_begin(list, RT_GRAPHICS_STATE, method) || !RT_DDI_REQUIRE(list, pfnOMSetStencilRef, method))
        return;
    RT_DDI_CALL(list, pfnOMSetStencilRef, front, back);
    if (!rt_ledger_may_record(list))
        return;
    list->state.stencil_ref_front = front;
    list->state.stencil_ref_back = back;
    rt_ledger_mark_set(list, RT_LEDGER_STENCIL_REF);
}

void STDMETHODCALLTYPE rt_command_list_OMSetStencilRef(rt_cl *iface, UINT ref)
{
    RT_TRACE("iface %p, ref %u.", iface, ref);
    rt_set_stencil_ref(rt_command_list_from_iface(iface), "OMSetStencilRef", ref, ref);
}

void STDMETHODCALLTYPE rt_command_list_OMSetFrontAndBackStencilRef(rt_cl *iface, UINT front, UINT back)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, front %u, back %u.", iface, front, back);

    /* D3D12_OPTIONS14.IndependentFrontAndBackStencilRefMaskSupported is FALSE: one value
     * for both faces is OMSetStencilRef, two differing ones are refused (as different
     * front and back masks are at pipeline creation). */
    if (front != back)
    {
        if (rt_command_list_begin(list, RT_GRAPHICS_STATE, "OMSetFrontAndBackStencilRef"))
            rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_INDEPENDENT_STENCIL_REF_NOT_SUPPORTED,
                    "OMSetFrontAndBackStencilRef: different front and back stencil references are not supported "
                    "(D3D12_OPTIONS14.IndependentFrontAndBackStencilRefMaskSupported is FALSE)");
        return;
    }
    rt_set_stencil_ref(list, "OMSetFrontAndBackStencilRef", front, back);
}

void STDMETHODCALLTYPE rt_command_list_OMSetDepthBounds(rt_cl *iface, FLOAT min, FLOAT max)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, min %.8e, max %.8e.", iface, min, max);

    if (!rt_command_list_begin(list, RT_GRAPHICS_STATE, "OMSetDepthBounds")
            || !RT_DDI_REQUIRE(list, pfnOMSetDepthBounds, "OMSetDepthBounds"))
        return;
    RT_DDI_CALL(list, pfnOMSetDepthBounds, min, max);
    if (!rt_ledger_may_record(list))
        return;
    list->state.depth_bounds_min = min;
    list->state.depth_bounds_max = max;
    rt_ledger_mark_set(list, RT_LEDGER_DEPTH_BOUNDS);
}

/* Checks a render-target or depth-stencil handle against the device's descriptor heaps. */
static bool rt_check_view_handle(struct rt_command_list *list, D3D12_CPU_DESCRIPTOR_HANDLE handle,
                                 D3D12_DESCRIPTOR_HEAP_TYPE type, const char *method, const char *what, UINT index)
{
    struct rt_descriptor_info info;

    if (!rt_descriptor_lookup(list->device, handle.ptr, &info) || info.type != type)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE,
                                        "%s: %s %u (%#zx) is not a %s descriptor", method, what, index,
                                (size_t)handle.ptr, type == D3D12_DESCRIPTOR_HEAP_TYPE_RTV ? "RTV" : "DSV");
        return false;
    }
    /* The driver copies the view, which names the resource, into the recording. */
    if (info.resource)
        rt_command_list_keep(list, &info.resource->retire, "ID3D12Resource", info.resource);
    return true;
}

void STDMETHODCALLTYPE rt_command_list_OMSetRenderTargets(rt_cl *iface, UINT count,
                                                          const D3D12_CPU_DESCRIPTOR_HANDLE *rtvs, BOOL single_range,
                                                          const D3D12_CPU_DESCRIPTOR_HANDLE *dsv)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_CPU_DESCRIPTOR_HANDLE ddi_rtvs[RT_MAX_RENDER_TARGETS], ddi_dsv;
    struct rt_device *device = list->device;
    D3D12_CPU_DESCRIPTOR_HANDLE handle;
    UINT i;

    RT_TRACE("iface %p, count %u, rtvs %p, single_range %#x, dsv %p.", iface, count, rtvs, single_range, dsv);

    if (!rt_command_list_begin(list, RT_DIRECT_STATE | RT_NOT_IN_RENDER_PASS, "OMSetRenderTargets"))
        return;
    if (count > RT_MAX_RENDER_TARGETS || (count && !rtvs))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG,
                                        D3D12_MESSAGE_ID_COMMAND_LIST_SETRENDERTARGETS_INVALIDNUMRENDERTARGETS,
                                        "OMSetRenderTargets: invalid count %u or NULL array", count);
        return;
    }
    if (single_range && count
            && !rt_descriptor_range_valid(device, rtvs[0].ptr, count, D3D12_DESCRIPTOR_HEAP_TYPE_RTV))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_RENDER_TARGETS_INVALID,
                                        "OMSetRenderTargets: %u RTVs from %#zx are not in one RTV heap",
                                count, (size_t)rtvs[0].ptr);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        /* A single handle stands for a range of consecutive descriptors. */
        handle.ptr = single_range ? rtvs[0].ptr + (SIZE_T)i * device->descriptor_sizes[D3D12_DESCRIPTOR_HEAP_TYPE_RTV]
                : rtvs[i].ptr;
        if (!rt_check_view_handle(list, handle, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, "OMSetRenderTargets", "RTV", i))
            return;
        ddi_rtvs[i].ptr = handle.ptr;
    }
    if (dsv && !rt_check_view_handle(list, *dsv, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, "OMSetRenderTargets", "DSV", 0))
        return;
    if (!RT_DDI_REQUIRE(list, pfnOMSetRenderTargets, "OMSetRenderTargets"))
        return;

    if (dsv)
        ddi_dsv.ptr = dsv->ptr;
    RT_DDI_CALL(list, pfnOMSetRenderTargets, count, ddi_rtvs, dsv ? &ddi_dsv : NULL);
    if (!rt_ledger_may_record(list))
        return;
    /* The views as they are now: later descriptor writes do not change what is bound. */
    list->state.rtv_count = count;
    for (i = 0; i < count; ++i)
    {
        handle.ptr = ddi_rtvs[i].ptr;
        rt_command_list_capture_view(list, handle, false, &list->state.rtvs[i]);
    }
    list->state.has_dsv = !!dsv;
    if (dsv)
        rt_command_list_capture_view(list, *dsv, true, &list->state.dsv);
}

/* ---- Pipelines ------------------------------------------------------------------------- */

void STDMETHODCALLTYPE rt_command_list_SetPipelineState(rt_cl *iface, ID3D12PipelineState *state)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_pipeline_state *pipeline = rt_pipeline_state_from_iface(state);

    RT_TRACE("iface %p, state %p.", iface, state);

    if (!rt_command_list_begin(list, RT_LIST_SHADERS, "SetPipelineState"))
        return;
    if (!pipeline || pipeline->device != list->device)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER1,
                                        "SetPipelineState: %s %p is not one of this device",
                                state ? "pipeline state" : "NULL", (void *)state);
        return;
    }
    /* Compute lists have no graphics pipeline to set. */
    if (!pipeline->info.compute && list->type == D3D12_COMMAND_LIST_TYPE_COMPUTE)
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_PIPELINE_STATE_TYPE_MISMATCH,
                                       "SetPipelineState: a graphics pipeline on a compute command list");
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnSetPipelineState, "SetPipelineState"))
        return;
    RT_DDI_CALL(list, pfnSetPipelineState, pipeline->hdrv);
    rt_command_list_keep(list, &pipeline->retire, "ID3D12PipelineState", pipeline);
    if (!rt_ledger_may_record(list))
        return;
    list->state.pipeline_state = state;
    rt_ledger_mark_set(list, RT_LEDGER_PIPELINE);
}

void STDMETHODCALLTYPE rt_command_list_SetPipelineState1(rt_cl *iface, ID3D12StateObject *state_object)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, state_object %p.", iface, state_object);

    if (rt_command_list_begin(list, RT_LIST_SHADERS, "SetPipelineState1"))
        /* No state object can exist, so any one passed is corrupt. */
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER1,
                                       "SetPipelineState1: state objects are not supported");
}

void STDMETHODCALLTYPE rt_command_list_SetProgram(rt_cl *iface, const D3D12_SET_PROGRAM_DESC *desc)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, desc %p.", iface, desc);

    if (rt_command_list_begin(list, RT_LIST_SHADERS, "SetProgram"))
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER1,
                                       "SetProgram: generic programs and work graphs are not supported");
}

void STDMETHODCALLTYPE rt_command_list_SetProtectedResourceSession(rt_cl *iface,
                                                                   ID3D12ProtectedResourceSession *session)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, session %p.", iface, session);

    /* NULL leaves protected mode, which the list never entered. */
    if (rt_command_list_begin(list, RT_LIST_DIRECT | RT_LIST_COMPUTE | RT_NOT_IN_RENDER_PASS,
                              "SetProtectedResourceSession") && session)
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_PROTECTED_RESOURCE_SESSION_UNSUPPORTED,
                                       "SetProtectedResourceSession: protected sessions are not supported");
}

/* ---- Descriptor heaps and root signatures ------------------------------------------------- */

void STDMETHODCALLTYPE rt_command_list_SetDescriptorHeaps(rt_cl *iface, UINT count, ID3D12DescriptorHeap *const *heaps)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_HDESCRIPTORHEAP handles[2];
    ID3D12DescriptorHeap *bound[2] = {NULL, NULL};
    struct rt_descriptor_heap *heap;
    UINT i, slot;

    RT_TRACE("iface %p, count %u, heaps %p.", iface, count, heaps);

    if (!rt_command_list_begin(list, RT_LIST_SHADERS, "SetDescriptorHeaps"))
        return;
    if (count > 2 || (count && !heaps))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_DESCRIPTOR_HEAP_INVALID,
                                        "SetDescriptorHeaps: invalid count %u or NULL array", count);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!(heap = rt_descriptor_heap_from_iface(heaps[i]))
                || !(heap->desc.Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE))
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE,
                                            "SetDescriptorHeaps: heap %u is not a shader-visible heap", i);
            return;
        }
        slot = heap->desc.Type == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER;
        if (bound[slot])
        {
            rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_DESCRIPTOR_HEAP_INVALID,
                                           "SetDescriptorHeaps: two heaps of the same type");
            return;
        }
        bound[slot] = heaps[i];
        handles[i] = heap->hdrv;
        rt_command_list_keep(list, &heap->retire, "ID3D12DescriptorHeap", heap);
    }
    if (!RT_DDI_REQUIRE(list, pfnSetDescriptorHeaps, "SetDescriptorHeaps"))
        return;
    RT_DDI_CALL(list, pfnSetDescriptorHeaps, count, handles);
    if (!rt_ledger_may_record(list))
        return;
    list->state.descriptor_heaps[0] = bound[0];
    list->state.descriptor_heaps[1] = bound[1];
    rt_ledger_mark_set(list, RT_LEDGER_DESCRIPTOR_HEAPS);
}

static void rt_set_root_signature(struct rt_command_list *list, bool compute, ID3D12RootSignature *root_signature)
{
    const char *method = compute ? "SetComputeRootSignature" : "SetGraphicsRootSignature";
    struct rt_root_signature *signature = rt_root_signature_from_iface(root_signature);
    D3D12DDI_HROOTSIGNATURE handle = {NULL};

    if (!rt_command_list_begin(list, compute ? RT_LIST_SHADERS : RT_GRAPHICS_STATE, method))
        return;
    if (root_signature && (!signature || signature->device != list->device))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER1,
                                        "%s: root signature %p is not one of this device", method,
                                (void *)root_signature);
        return;
    }
    if (signature)
    {
        handle = signature->hdrv;
        rt_command_list_keep(list, &signature->retire, "ID3D12RootSignature", signature);
    }
    if (compute)
    {
        if (!RT_DDI_REQUIRE(list, pfnSetComputeRootSignature, method))
            return;
        RT_DDI_CALL(list, pfnSetComputeRootSignature, handle);
    }
    else
    {
        if (!RT_DDI_REQUIRE(list, pfnSetGraphicsRootSignature, method))
            return;
        RT_DDI_CALL(list, pfnSetGraphicsRootSignature, handle);
    }
    if (rt_ledger_may_record(list))
        rt_ledger_record_root_signature(list, compute, root_signature);
}

void STDMETHODCALLTYPE rt_command_list_SetComputeRootSignature(rt_cl *iface, ID3D12RootSignature *root_signature)
{
    RT_TRACE("iface %p, root_signature %p.", iface, root_signature);
    rt_set_root_signature(rt_command_list_from_iface(iface), true, root_signature);
}

void STDMETHODCALLTYPE rt_command_list_SetGraphicsRootSignature(rt_cl *iface, ID3D12RootSignature *root_signature)
{
    RT_TRACE("iface %p, root_signature %p.", iface, root_signature);
    rt_set_root_signature(rt_command_list_from_iface(iface), false, root_signature);
}

/* Microsoft's message for a bad Set*Root* call of a parameter of type. */
static D3D12_MESSAGE_ID root_argument_message_id(D3D12_ROOT_PARAMETER_TYPE type)
{
    switch (type)
    {
        case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE: return D3D12_MESSAGE_ID_SET_DESCRIPTOR_TABLE_INVALID;
        case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS: return D3D12_MESSAGE_ID_SET_ROOT_CONSTANT_INVALID;
        case D3D12_ROOT_PARAMETER_TYPE_CBV: return D3D12_MESSAGE_ID_SET_ROOT_CONSTANT_BUFFER_VIEW_INVALID;
        case D3D12_ROOT_PARAMETER_TYPE_SRV: return D3D12_MESSAGE_ID_SET_ROOT_SHADER_RESOURCE_VIEW_INVALID;
        default: return D3D12_MESSAGE_ID_SET_ROOT_UNORDERED_ACCESS_VIEW_INVALID;
    }
}

static const char *rt_root_parameter_type_name(D3D12_ROOT_PARAMETER_TYPE type)
{
    static const char *const names[] = {"a descriptor table", "32-bit constants", "a root CBV", "a root SRV",
                                        "a root UAV"};

    return (unsigned int)type < RT_ARRAY_SIZE(names) ? names[type] : "unknown";
}

/*
 * The checks every root-argument setter shares: the list's type, a bound root signature
 * with parameter index of the expected type. *parameter is that parameter, or NULL in a
 * bundle that has set no root signature: bundles inherit the executing list's, which is
 * not known while recording, so only the absolute limit applies there.
 */
static bool rt_begin_root_argument(struct rt_command_list *list, bool compute, const char *method, UINT index,
                                   D3D12_ROOT_PARAMETER_TYPE type, const struct rt_root_parameter_layout **parameter)
{
    ID3D12RootSignature *bound;
    const struct rt_root_signature_layout *layout;

    *parameter = NULL;
    if (!rt_command_list_begin(list, compute ? RT_LIST_SHADERS : RT_GRAPHICS_STATE, method))
        return false;
    bound = compute ? list->state.compute_root_signature : list->state.graphics_root_signature;
    if (!bound)
    {
        if (list->type != D3D12_COMMAND_LIST_TYPE_BUNDLE)
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG,
                                            compute ? D3D12_MESSAGE_ID_COMMAND_LIST_DISPATCH_ROOT_SIGNATURE_NOT_SET
                                            : D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET,
                                            "%s: no %s root signature is set", method,
                                    compute ? "compute" : "graphics");
            return false;
        }
        if (index >= RT_MAX_ROOT_PARAMETERS)
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG, root_argument_message_id(type),
                                            "%s: root parameter %u out of range", method, index);
            return false;
        }
        return true;
    }
    layout = rt_root_signature_from_iface(bound)->layout;
    if (index >= layout->parameter_count)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, root_argument_message_id(type),
                                        "%s: root parameter %u out of range (the root signature has %u)",
                                method, index, layout->parameter_count);
        return false;
    }
    if (layout->parameters[index].type != type)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, root_argument_message_id(type),
                                        "%s: root parameter %u is %s, not %s", method, index,
                                rt_root_parameter_type_name(layout->parameters[index].type),
                                rt_root_parameter_type_name(type));
        return false;
    }
    *parameter = &layout->parameters[index];
    return true;
}

static void rt_set_descriptor_table(struct rt_command_list *list, bool compute, UINT index,
                                    D3D12_GPU_DESCRIPTOR_HANDLE base)
{
    const char *method = compute ? "SetComputeRootDescriptorTable" : "SetGraphicsRootDescriptorTable";
    D3D12DDI_GPU_DESCRIPTOR_HANDLE ddi_base = {base.ptr};
    const struct rt_root_parameter_layout *parameter;
    struct rt_descriptor_info info;

    if (!rt_begin_root_argument(list, compute, method, index, D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, &parameter))
        return;
    if (!rt_descriptor_lookup_gpu(list->device, base.ptr, &info))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_DESCRIPTOR_TABLE_INVALID,
                                        "%s: %#" PRIx64 " is not a shader-visible descriptor",
                                method, base.ptr);
        return;
    }
    if (parameter && parameter->table_heap_type != D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES
            && parameter->table_heap_type != info.type)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_DESCRIPTOR_TABLE_INVALID,
                                        "%s: root parameter %u is a %s table, %#" PRIx64
                                " a descriptor of another heap type", method, index,
                                parameter->table_heap_type == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER
                                ? "sampler" : "CBV/SRV/UAV", base.ptr);
        return;
    }
    if (compute && RT_DDI_REQUIRE(list, pfnSetComputeRootDescriptorTable, method))
        RT_DDI_CALL(list, pfnSetComputeRootDescriptorTable, index, ddi_base);
    else if (!compute && RT_DDI_REQUIRE(list, pfnSetGraphicsRootDescriptorTable, method))
        RT_DDI_CALL(list, pfnSetGraphicsRootDescriptorTable, index, ddi_base);
    if (rt_ledger_may_record(list))
        rt_ledger_record_root_address(list, compute, index, base.ptr);
}

void STDMETHODCALLTYPE rt_command_list_SetComputeRootDescriptorTable(rt_cl *iface, UINT index,
                                                                     D3D12_GPU_DESCRIPTOR_HANDLE base)
{
    RT_TRACE("iface %p, index %u, base %#" PRIx64 ".", iface, index, base.ptr);
    rt_set_descriptor_table(rt_command_list_from_iface(iface), true, index, base);
}

void STDMETHODCALLTYPE rt_command_list_SetGraphicsRootDescriptorTable(rt_cl *iface, UINT index,
                                                                      D3D12_GPU_DESCRIPTOR_HANDLE base)
{
    RT_TRACE("iface %p, index %u, base %#" PRIx64 ".", iface, index, base.ptr);
    rt_set_descriptor_table(rt_command_list_from_iface(iface), false, index, base);
}

static void rt_set_root_constants(struct rt_command_list *list, bool compute, UINT index, UINT count,
                                  const void *data, UINT offset)
{
    const char *method = compute ? "SetComputeRoot32BitConstants" : "SetGraphicsRoot32BitConstants";
    const struct rt_root_parameter_layout *parameter;
    UINT limit;

    if (!rt_begin_root_argument(list, compute, method, index, D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS, &parameter))
        return;
    limit = parameter ? parameter->dword_count : RT_MAX_ROOT_CONSTANTS;
    if (offset > limit || count > limit - offset || (count && !data))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_ROOT_CONSTANT_INVALID,
                                        "%s: %u constants at %u are out of range", method, count, offset);
        return;
    }
    if (compute && RT_DDI_REQUIRE(list, pfnSetComputeRoot32BitConstants, method))
        RT_DDI_CALL(list, pfnSetComputeRoot32BitConstants, index, count, data, offset);
    else if (!compute && RT_DDI_REQUIRE(list, pfnSetGraphicsRoot32BitConstants, method))
        RT_DDI_CALL(list, pfnSetGraphicsRoot32BitConstants, index, count, data, offset);
    if (rt_ledger_may_record(list))
        rt_ledger_record_root_constants(list, compute, parameter, count, data, offset);
}

void STDMETHODCALLTYPE rt_command_list_SetComputeRoot32BitConstant(rt_cl *iface, UINT index, UINT data, UINT offset)
{
    RT_TRACE("iface %p, index %u, data %#x, offset %u.", iface, index, data, offset);
    rt_set_root_constants(rt_command_list_from_iface(iface), true, index, 1, &data, offset);
}

void STDMETHODCALLTYPE rt_command_list_SetGraphicsRoot32BitConstant(rt_cl *iface, UINT index, UINT data, UINT offset)
{
    RT_TRACE("iface %p, index %u, data %#x, offset %u.", iface, index, data, offset);
    rt_set_root_constants(rt_command_list_from_iface(iface), false, index, 1, &data, offset);
}

void STDMETHODCALLTYPE rt_command_list_SetComputeRoot32BitConstants(rt_cl *iface, UINT index, UINT count,
                                                                     const void *data, UINT offset)
{
    RT_TRACE("iface %p, index %u, count %u, data %p, offset %u.", iface, index, count, data, offset);
    rt_set_root_constants(rt_command_list_from_iface(iface), true, index, count, data, offset);
}

void STDMETHODCALLTYPE rt_command_list_SetGraphicsRoot32BitConstants(rt_cl *iface, UINT index, UINT count,
                                                                      const void *data, UINT offset)
{
    RT_TRACE("iface %p, index %u, count %u, data %p, offset %u.", iface, index, count, data, offset);
    rt_set_root_constants(rt_command_list_from_iface(iface), false, index, count, data, offset);
}

enum rt_root_view
{
    RT_ROOT_CBV,
    RT_ROOT_SRV,
    RT_ROOT_UAV,
};

static void rt_set_root_view(struct rt_command_list *list, bool compute, enum rt_root_view kind, UINT index,
                             D3D12_GPU_VIRTUAL_ADDRESS va)
{
    static const char *const names[2][3] =
    {
        {"SetGraphicsRootConstantBufferView", "SetGraphicsRootShaderResourceView",
         "SetGraphicsRootUnorderedAccessView"},
        {"SetComputeRootConstantBufferView", "SetComputeRootShaderResourceView", "SetComputeRootUnorderedAccessView"},
    };
    static const D3D12_ROOT_PARAMETER_TYPE types[] =
    {
        [RT_ROOT_CBV] = D3D12_ROOT_PARAMETER_TYPE_CBV,
        [RT_ROOT_SRV] = D3D12_ROOT_PARAMETER_TYPE_SRV,
        [RT_ROOT_UAV] = D3D12_ROOT_PARAMETER_TYPE_UAV,
    };
    const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *ddi = list->ddi_cmdlist;
    void (APIENTRY *entry)(D3D12DDI_HCOMMANDLIST, UINT, UINT64);
    const struct rt_root_parameter_layout *parameter;
    const char *method = names[compute][kind];

    if (!rt_begin_root_argument(list, compute, method, index, types[kind], &parameter))
        return;
    switch (kind)
    {
        case RT_ROOT_CBV:
            entry = compute ? ddi->pfnSetComputeRootConstantBufferView : ddi->pfnSetGraphicsRootConstantBufferView;
            break;
        case RT_ROOT_SRV:
            entry = compute ? ddi->pfnSetComputeRootShaderResourceView : ddi->pfnSetGraphicsRootShaderResourceView;
            break;
        default:
            entry = compute ? ddi->pfnSetComputeRootUnorderedAccessView : ddi->pfnSetGraphicsRootUnorderedAccessView;
            break;
    }
    if (!entry)
    {
        char entry_name[64];

        /* The entries are named after the methods. */
        snprintf(entry_name, sizeof(entry_name), "pfn%s", method);
        rt_command_list_require_ddi(list, false, method, entry_name);
        return;
    }
    rt_device_ddi_lock(list->device);
    entry(list->hdrv, index, va);
    rt_device_ddi_unlock(list->device);
    if (rt_ledger_may_record(list))
        rt_ledger_record_root_address(list, compute, index, va);
}

void STDMETHODCALLTYPE rt_command_list_SetComputeRootConstantBufferView(rt_cl *iface, UINT index,
                                                                        D3D12_GPU_VIRTUAL_ADDRESS va)
{
    RT_TRACE("iface %p, index %u, va %#" PRIx64 ".", iface, index, va);
    rt_set_root_view(rt_command_list_from_iface(iface), true, RT_ROOT_CBV, index, va);
}

void STDMETHODCALLTYPE rt_command_list_SetGraphicsRootConstantBufferView(rt_cl *iface, UINT index,
                                                                         D3D12_GPU_VIRTUAL_ADDRESS va)
{
    RT_TRACE("iface %p, index %u, va %#" PRIx64 ".", iface, index, va);
    rt_set_root_view(rt_command_list_from_iface(iface), false, RT_ROOT_CBV, index, va);
}

void STDMETHODCALLTYPE rt_command_list_SetComputeRootShaderResourceView(rt_cl *iface, UINT index,
                                                                        D3D12_GPU_VIRTUAL_ADDRESS va)
{
    RT_TRACE("iface %p, index %u, va %#" PRIx64 ".", iface, index, va);
    rt_set_root_view(rt_command_list_from_iface(iface), true, RT_ROOT_SRV, index, va);
}

void STDMETHODCALLTYPE rt_command_list_SetGraphicsRootShaderResourceView(rt_cl *iface, UINT index,
                                                                         D3D12_GPU_VIRTUAL_ADDRESS va)
{
    RT_TRACE("iface %p, index %u, va %#" PRIx64 ".", iface, index, va);
    rt_set_root_view(rt_command_list_from_iface(iface), false, RT_ROOT_SRV, index, va);
}

void STDMETHODCALLTYPE rt_command_list_SetComputeRootUnorderedAccessView(rt_cl *iface, UINT index,
                                                                         D3D12_GPU_VIRTUAL_ADDRESS va)
{
    RT_TRACE("iface %p, index %u, va %#" PRIx64 ".", iface, index, va);
    rt_set_root_view(rt_command_list_from_iface(iface), true, RT_ROOT_UAV, index, va);
}

void STDMETHODCALLTYPE rt_command_list_SetGraphicsRootUnorderedAccessView(rt_cl *iface, UINT index,
                                                                          D3D12_GPU_VIRTUAL_ADDRESS va)
{
    RT_TRACE("iface %p, index %u, va %#" PRIx64 ".", iface, index, va);
    rt_set_root_view(rt_command_list_from_iface(iface), false, RT_ROOT_UAV, index, va);
}
