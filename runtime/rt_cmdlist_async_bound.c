/*
 * ClearBoundDepthStencilView and ClearBoundRenderTargetViews (rt_cmdlist_async.h has the
 * steps every method runs). Natively the driver's Async table clears what the executing
 * list has bound. The fallback (seed 000) describes what is bound as the runtime
 * captured it at bind time (fallback/fb_plan_bound.h), plans the route, takes what it
 * needs outside the DDI lock (the device's clear pipelines, each kept by the allocator
 * until its Reset; private views from the allocator's descriptor blocks) and records
 * the draws, followed by the state ledger's restore of the app's graphics state, or the
 * legacy view clears. In a bundle (which a FALLBACK device records itself) the call is
 * kept and lowered when the bundle executes, with the executing list's bindings
 * (rt_command_list_execute_bound_clear; specs/fallback.md, "In bundles").
 */
#include <stdio.h>
#include <stdlib.h>

#include "rt_cmdlist_async.h"
#include "rt_cmdlist_ledger.h"
#include "rt_cmdlist_pass.h"
#include "rt_clear_pipeline.h"
#include "rt_fallback_services.h"
#include "rt_swlist.h"
#include "ddi_format.h"
#include "fb_bound.h"

/* ---- Validation (both modes) ------------------------------------------------------------- */

/* Regions select pixels and, with front/back, array slices; empty ones are skipped. A
 * NULL array is the whole view, whatever the count. slot: the render target's, or
 * FB_BOUND_SLOT_DEPTH_STENCIL. */
static bool rt_check_boxes(struct rt_command_list *list, enum fb_api api, UINT slot, UINT count,
                           const D3D12_BOX *boxes)
{
    char what[24] = "";
    UINT i;

    for (i = 0; boxes && i < count; ++i)
    {
        if (boxes[i].left > boxes[i].right || boxes[i].top > boxes[i].bottom || boxes[i].front > boxes[i].back)
        {
            if (slot != FB_BOUND_SLOT_DEPTH_STENCIL)
                snprintf(what, sizeof(what), "slot %u: ", slot);
            rt_async_invalid(list, api, D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDSOURCEBOX, "%sregion %u is inverted",
                             what, i);
            return false;
        }
    }
    return true;
}

/* The first pair of boxes of one array that share a texel, as a < b; false if none. */
static bool rt_find_box_overlap(UINT count, const D3D12_BOX *boxes, UINT *a, UINT *b)
{
    UINT i, j;

    for (i = 0; i < count; ++i)
    {
        for (j = i + 1; j < count; ++j)
        {
            if (rt_boxes_overlap(&boxes[i], &boxes[j]))
            {
                *a = i;
                *b = j;
                return true;
            }
        }
    }
    return false;
}

/* ---- The fallback ------------------------------------------------------------------------ */

/* One bound view as the planner and the legacy emitter see it. */
static void rt_bound_describe(const struct rt_bound_view *view, bool dsv, struct fb_bound_output *output,
                              struct fb_bound_view *capture)
{
    const D3D12_RESOURCE_DESC1 *desc;
    struct rt_view_range range;
    UINT depth;

    memset(output, 0, sizeof(*output));
    memset(capture, 0, sizeof(*capture));
    if (!view->resource || !view->described || !rt_view_range(view, dsv, &range))
        return;
    desc = &view->resource->desc;
    output->bound = true;
    output->format = dsv ? view->dsv.Format : view->rtv.Format;
    if (output->format == DXGI_FORMAT_UNKNOWN)
        output->format = desc->Format;
    output->width = (UINT)(desc->Width >> range.mip) ? (UINT)(desc->Width >> range.mip) : 1;
    output->height = desc->Height >> range.mip ? desc->Height >> range.mip : 1;
    output->slice_count = range.slice_count;
    if (!dsv && view->rtv.ViewDimension == D3D12_RTV_DIMENSION_TEXTURE3D)
    {
        depth = desc->DepthOrArraySize >> range.mip ? desc->DepthOrArraySize >> range.mip : 1;
        output->slice_count = view->rtv.Texture3D.WSize == UINT_MAX ? depth - view->rtv.Texture3D.FirstWSlice
                : view->rtv.Texture3D.WSize;
    }
    output->sample_count = desc->SampleDesc.Count;
    output->sample_quality = desc->SampleDesc.Quality;
    capture->resource = view->resource->hdrv;
    if (dsv)
        capture->dsv = view->dsv;
    else
        capture->rtv = view->rtv;
}

/* What is bound, inside a pass as it binds it (rt_pass_bound_render_targets);
 * E_OUTOFMEMORY when the device's clear pipelines could not be allocated. */
static HRESULT rt_bound_request_init(struct rt_command_list *list, struct fb_bound_request *request,
                                     struct fb_bound_view *rtvs, struct fb_bound_view *dsv)
{
    const struct rt_command_list_state *state = &list->state;
    const struct rt_clear_pipelines *pipelines;
    HRESULT hr;
    UINT i;

    memset(request, 0, sizeof(*request));
    if (FAILED(hr = rt_device_clear_pipelines(list->device, &pipelines)))
        return hr;
    request->in_pass = list->render_pass.active;
    rt_ledger_graphics_restorable(list, &request->unrestorable);
    request->pipeline = !!pipelines;
    request->rt_count = state->rtv_count;
    for (i = 0; i < state->rtv_count; ++i)
        rt_bound_describe(&state->rtvs[i], false, &request->rts[i], &rtvs[i]);
    if (state->has_dsv)
        rt_bound_describe(&state->dsv, true, &request->dsv, dsv);
    return S_OK;
}

/* The plan's pipelines, each kept by the list's allocator until its Reset; E_OUTOFMEMORY,
 * or the driver's refusal of one. */
static HRESULT rt_bound_pipelines(struct rt_command_list *list, const struct fb_bound_plan *plan,
                                  struct fb_bound_draw_batch *batch)
{
    const struct rt_clear_pipelines *pipelines;
    struct rt_clear_pipeline *pipeline;
    UINT64 call;
    HRESULT hr;
    UINT i;

    /* Asked for by rt_bound_request_init, which planned draws: they exist. */
    if (FAILED(hr = rt_device_clear_pipelines(list->device, &pipelines)))
        return hr;

    batch->plan = plan;
    batch->root_signature = pipelines->root_signature;
    call = rt_clear_pipeline_cache_begin_call(pipelines->cache);
    for (i = 0; i < plan->key_count; ++i)
    {
        if (FAILED(hr = rt_clear_pipeline_cache_get(pipelines->cache, &plan->keys[i], call, &pipeline)))
            return hr;
        batch->pipelines[i] = rt_clear_pipeline_handle(pipeline);
        hr = rt_fallback_allocator_keep_pipeline(list->allocator, pipeline);
        rt_clear_pipeline_release(pipeline);
        if (FAILED(hr))
            return hr;
    }
    return S_OK;
}

static void rt_bound_remove(struct rt_command_list *list, enum fb_api api, const char *reason)
{
    char why[sizeof(((struct fb_rejection *)0)->why)];

    snprintf(why, sizeof(why), "%s: %s", fb_api_name(api), reason);
    rt_command_list_remove_message(list, E_FAIL, D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED, why);
}

static void rt_bound_record_draws(struct rt_command_list *list, const struct fb_bound_draw_batch *batch)
{
    struct fb_list fb;

    rt_async_fb_list(list, &fb);
    rt_device_ddi_lock(list->device);
    fb_bound_draw_record(&fb, batch);
    rt_ledger_restore_graphics(list);
    rt_device_ddi_unlock(list->device);
}

static void rt_bound_clear_fallback(struct rt_command_list *list, enum fb_api api, struct fb_bound_request *request,
                                    const struct fb_bound_view *rtvs, const struct fb_bound_view *dsv)
{
    struct fb_bound_legacy_batch legacy;
    struct rt_fallback_list *state;
    struct fb_bound_draw_batch draws;
    struct fb_services services;
    struct fb_bound_plan plan;
    HRESULT hr;

    legacy.count = 0;
    legacy.clears = NULL;
    if (FAILED(hr = fb_plan_bound(request, &plan)))
        goto done;
    if (plan.route == FB_BOUND_ROUTE_DRAW && FAILED(hr = rt_bound_pipelines(list, &plan, &draws))
            && hr != E_OUTOFMEMORY)
    {
        /* The driver refused a pipeline: the closest legacy clear, or nothing inside a pass. */
        fb_bound_plan_cleanup(&plan);
        request->pipeline = false;
        if (FAILED(hr = fb_plan_bound(request, &plan)))
            goto done;
    }
    switch (plan.route)
    {
        case FB_BOUND_ROUTE_NOTHING:
            break;
        case FB_BOUND_ROUTE_REJECT:
            rt_bound_remove(list, api, plan.reason);
            break;
        case FB_BOUND_ROUTE_DRAW:
            if (SUCCEEDED(hr))
                rt_bound_record_draws(list, &draws);
            break;
        case FB_BOUND_ROUTE_LEGACY:
            rt_fallback_services(list, &services);
            if (!(state = rt_fallback_list_get(list)))
                hr = E_OUTOFMEMORY;
            else if (SUCCEEDED(hr = fb_bound_legacy_acquire(&services, &state->bound_views, request, &plan, rtvs, dsv,
                                                            &legacy)))
                RT_ASYNC_EMIT(list, fb_bound_legacy_record, &legacy);
            fb_bound_legacy_batch_cleanup(&legacy);
            break;
    }
done:
    fb_bound_plan_cleanup(&plan);
    if (FAILED(hr))
        rt_async_out_of_memory(list, api);
}

/* ---- The checks that need the bindings ---------------------------------------------------- */

/* A binding check failed: a list recording the call is removed (E_INVALIDARG). At a
 * bundle's execution the call was valid when the bundle recorded it and D3D12 leaves the
 * result undefined: the clear is skipped, an error of the debug layer's. */
static void rt_bound_refuse(struct rt_command_list *list, bool executing, enum fb_api api, D3D12_MESSAGE_ID id,
                            const char *why)
{
    if (executing)
        rt_async_report(list, api, D3D12_MESSAGE_SEVERITY_ERROR, id, "%s; the bundle's clear is skipped", why);
    else
        rt_async_invalid(list, api, id, "%s", why);
}

/* Whether the bound depth-stencil view takes the clear; false when it is dropped. */
static bool rt_bound_dsv_check(struct rt_command_list *list, bool executing, D3D12_CLEAR_FLAGS flags,
                               UINT region_count, const D3D12_BOX *regions)
{
    const enum fb_api api = FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW;
    const struct rt_bound_view *dsv = &list->state.dsv;
    const struct rt_render_pass *pass = &list->render_pass;
    char why[96];
    UINT a, b;

    /* A plane the pass does not access may not be written (seed 000), bound or not. */
    if (pass->active && (((flags & D3D12_CLEAR_FLAG_DEPTH) && pass->depth_no_access)
            || ((flags & D3D12_CLEAR_FLAG_STENCIL) && pass->stencil_no_access)))
    {
        snprintf(why, sizeof(why), "the render pass's %s plane begins NO_ACCESS",
                 (flags & D3D12_CLEAR_FLAG_DEPTH) && pass->depth_no_access ? "depth" : "stencil");
        rt_bound_refuse(list, executing, api, D3D12_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID, why);
        return false;
    }
    /* Nothing bound: skipped, an error of the debug layer's (seed 000). */
    if (!list->state.has_dsv || !dsv->resource)
    {
        rt_async_report(list, api, D3D12_MESSAGE_SEVERITY_ERROR,
                        D3D12_MESSAGE_ID_CLEARBOUNDDEPTHSTENCILVIEW_DEPTH_STENCIL_UNBOUND,
                        "no depth-stencil view is bound; nothing is cleared");
        return false;
    }
    if (dsv->described && (((flags & D3D12_CLEAR_FLAG_DEPTH) && (dsv->dsv.Flags & D3D12_DSV_FLAG_READ_ONLY_DEPTH))
            || ((flags & D3D12_CLEAR_FLAG_STENCIL) && (dsv->dsv.Flags & D3D12_DSV_FLAG_READ_ONLY_STENCIL))))
    {
        snprintf(why, sizeof(why), "the bound view's %s plane is read-only", (flags & D3D12_CLEAR_FLAG_DEPTH)
                 && (dsv->dsv.Flags & D3D12_DSV_FLAG_READ_ONLY_DEPTH) ? "depth" : "stencil");
        rt_bound_refuse(list, executing, api, D3D12_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID, why);
        return false;
    }
    if (rt_async_debug_checks(list) && rt_find_box_overlap(region_count, regions, &a, &b))
        rt_async_report(list, api, D3D12_MESSAGE_SEVERITY_WARNING,
                        D3D12_MESSAGE_ID_CLEARBOUNDDEPTHSTENCILVIEW_REPEATED_DEST_RESOURCE,
                        "regions %u and %u overlap; the result is undefined", a, b);
    return true;
}

/* Two selected slots bound to the same view, or overlapping regions of one slot. */
static void rt_report_repeated_render_targets(struct rt_command_list *list, UINT mask, const UINT *region_counts,
                                              const D3D12_BOX *const *regions)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_CLEARBOUNDRENDERTARGETVIEWS_REPEATED_DEST_RESOURCE;
    const struct rt_bound_view *views = list->state.rtvs;
    UINT i, j, a, b;

    for (i = 0; i < RT_MAX_RENDER_TARGETS; ++i)
    {
        if (!(mask & (1u << i)))
            continue;
        if (region_counts && regions && regions[i] && rt_find_box_overlap(region_counts[i], regions[i], &a, &b))
        {
            rt_async_report(list, FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS, D3D12_MESSAGE_SEVERITY_WARNING, id,
                            "regions %u and %u of slot %u overlap; the result is undefined", a, b, i);
            return;
        }
        for (j = i + 1; j < RT_MAX_RENDER_TARGETS; ++j)
        {
            if ((mask & (1u << j)) && views[i].resource == views[j].resource && views[i].described
                    && views[j].described && !memcmp(&views[i].rtv, &views[j].rtv, sizeof(views[i].rtv)))
            {
                rt_async_report(list, FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS, D3D12_MESSAGE_SEVERITY_WARNING, id,
                                "slots %u and %u are the same view; the result is undefined", i, j);
                return;
            }
        }
    }
}

/* The selected slots that are bound (unbound ones are skipped, an error of the debug
 * layer's, seed 000). */
static UINT rt_bound_rtv_check(struct rt_command_list *list, UINT mask, const UINT *region_counts,
                               const D3D12_BOX *const *regions)
{
    UINT i, bits;                    /* bits: what is left of a mask, its lowest slot first */

    for (bits = mask; bits; bits &= bits - 1)
    {
        i = (UINT)__builtin_ctz(bits);
        if (i >= list->state.rtv_count || !list->state.rtvs[i].resource)
        {
            rt_async_report(list, FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS, D3D12_MESSAGE_SEVERITY_ERROR,
                            D3D12_MESSAGE_ID_CLEARBOUNDRENDERTARGETVIEWS_RENDER_TARGET_UNBOUND,
                            "no render target is bound to slot %u; it is skipped", i);
            mask &= ~(1u << i);
        }
    }
    if (rt_async_debug_checks(list))
        rt_report_repeated_render_targets(list, mask, region_counts, regions);
    return mask;
}

/* ---- The fallback's two calls -------------------------------------------------------------- */

static D3D12DDI_CLEAR_FLAGS rt_bound_ddi_flags(D3D12_CLEAR_FLAGS flags)
{
    D3D12DDI_CLEAR_FLAGS ddi_flags = 0;

    if (flags & D3D12_CLEAR_FLAG_DEPTH)
        ddi_flags |= D3D12DDI_CLEAR_FLAG_DEPTH;
    if (flags & D3D12_CLEAR_FLAG_STENCIL)
        ddi_flags |= D3D12DDI_CLEAR_FLAG_STENCIL;
    return ddi_flags;
}

static void rt_bound_dsv_fallback(struct rt_command_list *list, D3D12DDI_CLEAR_FLAGS ddi_flags, FLOAT depth,
                                  UINT8 stencil, UINT region_count, const D3D12_BOX *regions)
{
    struct fb_bound_view rtv_views[RT_MAX_RENDER_TARGETS], dsv_view;
    const struct ddi_format_info *info;
    struct fb_bound_request request;

    if (FAILED(rt_bound_request_init(list, &request, rtv_views, &dsv_view)))
    {
        rt_async_out_of_memory(list, FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW);
        return;
    }
    /* A format without stencil has no stencil plane to clear. */
    if ((info = ddi_format_get(request.dsv.format)) && !info->has_stencil)
        ddi_flags &= ~D3D12DDI_CLEAR_FLAG_STENCIL;
    if (!request.dsv.bound || !ddi_flags)
        return;
    request.ds_flags = ddi_flags;
    request.depth = depth;
    request.stencil = stencil;
    request.ds_region_count = region_count;
    request.ds_regions = regions;
    rt_bound_clear_fallback(list, FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW, &request, rtv_views, &dsv_view);
}

/* The DDI's arrays, indexed by slot: the selected slots' values and regions. */
static void rt_bound_rtv_arrays(UINT mask, const D3D12_CLEAR_DATA *values, const D3D12_BOX *const *regions,
                                D3D12DDI_CLEAR_DATA *ddi_values, const D3D12DDI_BOX **ddi_regions)
{
    UINT i, bits;

    memset(ddi_values, 0, sizeof(*ddi_values) * RT_MAX_RENDER_TARGETS);
    memset(ddi_regions, 0, sizeof(*ddi_regions) * RT_MAX_RENDER_TARGETS);
    for (bits = mask; bits; bits &= bits - 1)
    {
        i = (UINT)__builtin_ctz(bits);
        memcpy(&ddi_values[i], &values[i], sizeof(ddi_values[i]));
        if (regions)
            ddi_regions[i] = regions[i];
    }
}

static void rt_bound_rtv_fallback(struct rt_command_list *list, UINT mask, const D3D12DDI_CLEAR_DATA *ddi_values,
                                  const UINT *region_counts, const D3D12DDI_BOX *const *ddi_regions)
{
    struct fb_bound_view rtv_views[RT_MAX_RENDER_TARGETS], dsv_view;
    struct fb_bound_request request;
    UINT bits;

    if (FAILED(rt_bound_request_init(list, &request, rtv_views, &dsv_view)))
    {
        rt_async_out_of_memory(list, FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS);
        return;
    }
    for (bits = mask; bits; bits &= bits - 1)
    {
        /* A view the runtime could not describe is skipped like an unbound one. */
        if (!request.rts[__builtin_ctz(bits)].bound)
            mask &= ~(bits & -bits);
    }
    request.mask = mask;
    request.values = ddi_values;
    request.region_counts = region_counts;
    request.regions = ddi_regions;
    rt_bound_clear_fallback(list, FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS, &request, rtv_views, &dsv_view);
}

/* ---- Bundles on a FALLBACK device ------------------------------------------------------------ */

/* The bundle keeps the call (rt_swlist.h) for ExecuteBundle; out of memory removes it. */
static void rt_bound_defer(struct rt_command_list *bundle, const struct rt_swlist_bound_clear *call)
{
    rt_swlist_record_bound_clear(bundle, call);
}

void rt_command_list_execute_bound_clear(struct rt_command_list *list, const struct rt_swlist_bound_clear *call,
                                         const struct rt_command_list_state *bundle_state)
{
    const D3D12DDI_BOX *ddi_regions[RT_MAX_RENDER_TARGETS];
    D3D12DDI_CLEAR_DATA ddi_values[RT_MAX_RENDER_TARGETS];
    struct rt_command_list_state parent = list->state;
    const D3D12_BOX *const *regions;
    const UINT *region_counts;
    UINT mask;

    /* The lowering binds its own state and puts back the application's: at this point
     * of the bundle that is the parent's with what the bundle set so far. */
    rt_ledger_apply_bundle(&list->state, bundle_state);
    if (call->depth_stencil)
    {
        if (rt_bound_dsv_check(list, true, call->flags, call->region_count, call->regions))
            rt_bound_dsv_fallback(list, rt_bound_ddi_flags(call->flags), call->depth, call->stencil,
                                  call->region_count, call->regions);
    }
    else
    {
        region_counts = call->has_regions ? call->region_counts : NULL;
        regions = call->has_regions ? call->rt_regions : NULL;
        if ((mask = rt_bound_rtv_check(list, call->mask, region_counts, regions)))
        {
            rt_bound_rtv_arrays(mask, call->values, regions, ddi_values, ddi_regions);
            rt_bound_rtv_fallback(list, mask, ddi_values, region_counts, regions ? ddi_regions : NULL);
        }
    }
    list->state = parent;
}

/* ---- The methods ------------------------------------------------------------------------- */

void STDMETHODCALLTYPE rt_command_list_ClearBoundDepthStencilView(rt_cl *iface, D3D12_CLEAR_FLAGS flags, FLOAT depth,
                                                                  UINT8 stencil, UINT region_count,
                                                                  const D3D12_BOX *regions)
{
    const enum fb_api api = FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_CLEAR_FLAGS ddi_flags;

    RT_TRACE("iface %p, flags %#x, depth %.8e, stencil %u, region_count %u.", iface, flags, depth, stencil,
             region_count);

    if (!rt_async_begin(list, RT_ASYNC_BOUND_CLEAR_LISTS, api))
        return;
    if (!flags || (flags & ~(D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL)))
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID, "invalid ClearFlags %#x", flags);
        return;
    }
    if (!rt_check_boxes(list, api, FB_BOUND_SLOT_DEPTH_STENCIL, region_count, regions))
        return;
    if (!regions)
        region_count = 0;
    /* A bundle inherits its bindings: what it clears is known only when it runs. */
    if (list->type != D3D12_COMMAND_LIST_TYPE_BUNDLE && !rt_bound_dsv_check(list, false, flags, region_count, regions))
        return;
    ddi_flags = rt_bound_ddi_flags(flags);
    switch (RT_ASYNC_ROUTE(list, pfnClearBoundDepthStencilView, api))
    {
        case RT_ASYNC_ROUTE_NONE:
            return;
        case RT_ASYNC_ROUTE_NATIVE:
            RT_ASYNC_CALL(list, pfnClearBoundDepthStencilView, ddi_flags, depth, stencil, region_count, regions);
            return;
        case RT_ASYNC_ROUTE_FALLBACK:
            break;
    }
    if (list->type == D3D12_COMMAND_LIST_TYPE_BUNDLE)
    {
        const struct rt_swlist_bound_clear call = {.depth_stencil = true, .flags = flags, .depth = depth,
                                                   .stencil = stencil, .region_count = region_count,
                                                   .regions = regions};

        rt_bound_defer(list, &call);
        return;
    }
    rt_bound_dsv_fallback(list, ddi_flags, depth, stencil, region_count, regions);
}

void STDMETHODCALLTYPE rt_command_list_ClearBoundRenderTargetViews(rt_cl *iface, UINT mask,
                                                                   const D3D12_CLEAR_DATA *values,
                                                                   const UINT *region_counts,
                                                                   const D3D12_BOX *const *regions)
{
    const enum fb_api api = FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_CLEAR_DATA ddi_values[RT_MAX_RENDER_TARGETS];
    const D3D12DDI_BOX *ddi_regions[RT_MAX_RENDER_TARGETS];
    struct rt_swlist_bound_clear call;
    enum rt_async_route route;
    UINT i;

    RT_TRACE("iface %p, mask %#x, values %p, region_counts %p, regions %p.", iface, mask, values, region_counts,
             regions);

    if (!rt_async_begin(list, RT_ASYNC_BOUND_CLEAR_LISTS, api))
        return;
    if ((mask & ~0xffu) || (mask && !values) || (!region_counts != !regions))
    {
        rt_async_invalid(list, api, rt_corrupted_parameter_id((mask & ~0xffu) ? 1 : mask && !values ? 2 : 3),
                         "RenderTargetMask %#x with pClearValues %p, "
                         "pNumRegions %p, ppRegions %p", mask, values, region_counts, regions);
        return;
    }
    for (i = 0; i < RT_MAX_RENDER_TARGETS && region_counts; ++i)
    {
        /* A NULL entry clears the whole view. */
        if ((mask & (1u << i)) && !rt_check_boxes(list, api, i, region_counts[i], regions[i]))
            return;
    }
    /* A bundle inherits its bindings: what it clears is known only when it runs. */
    if (list->type != D3D12_COMMAND_LIST_TYPE_BUNDLE)
        mask = rt_bound_rtv_check(list, mask, region_counts, regions);
    if (!mask || (route = RT_ASYNC_ROUTE(list, pfnClearBoundRenderTargetViews, api)) == RT_ASYNC_ROUTE_NONE)
        return;
    rt_bound_rtv_arrays(mask, values, regions, ddi_values, ddi_regions);
    if (route == RT_ASYNC_ROUTE_NATIVE)
    {
        RT_ASYNC_CALL(list, pfnClearBoundRenderTargetViews, mask, ddi_values, region_counts,
                      regions ? ddi_regions : NULL);
        return;
    }
    if (list->type == D3D12_COMMAND_LIST_TYPE_BUNDLE)
    {
        memset(&call, 0, sizeof(call));
        call.mask = mask;
        call.has_regions = !!regions;
        for (i = 0; i < RT_MAX_RENDER_TARGETS; ++i)
        {
            if (!(mask & (1u << i)))
                continue;
            call.values[i] = values[i];
            if (regions)
            {
                call.region_counts[i] = region_counts[i];
                call.rt_regions[i] = regions[i];
            }
        }
        rt_bound_defer(list, &call);
        return;
    }
    rt_bound_rtv_fallback(list, mask, ddi_values, region_counts, regions ? ddi_regions : NULL);
}
