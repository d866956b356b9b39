/*
 * The Async clears: ClearBoundDepthStencilView, ClearBoundRenderTargetViews and
 * ClearTextureSubresources (rt_cmdlist_async.h has the steps every method runs; the
 * fill is rt_cmdlist_async_fill.c's). ClearTextureSubresources' fallback plans each
 * texture's route (fallback/fb_plan_clear.h) and records the pattern copy
 * (fallback/fb_clear.h), the in-place clear (fallback/fb_clear_inplace.h) or the MSAA
 * clear-and-copy (fallback/fb_clear_msaa.h). The bound
 * clears' fallback routes are still to be written: fb_route() rejects them.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_cmdlist_async.h"
#include "rt_fallback_services.h"
#include "rt_cmdlist_barrier.h"
#include "ddi_format.h"
#include "fb_plan_clear.h"
#include "fb_clear.h"
#include "fb_clear_inplace.h"
#include "fb_clear_msaa.h"
#include "ddi_encode.h"
#include "ddi_layout.h"

/* ---- Bound clears ------------------------------------------------------------------------ */

/* Regions select pixels and, with front/back, array slices; empty ones are skipped. A
 * NULL array is the whole view, whatever the count. */
static bool rt_check_boxes(struct rt_command_list *list, enum fb_api api, const char *what, UINT count,
                           const D3D12_BOX *boxes)
{
    UINT i;

    for (i = 0; boxes && i < count; ++i)
    {
        if (boxes[i].left > boxes[i].right || boxes[i].top > boxes[i].bottom || boxes[i].front > boxes[i].back)
        {
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

void STDMETHODCALLTYPE rt_command_list_ClearBoundDepthStencilView(rt_cl *iface, D3D12_CLEAR_FLAGS flags, FLOAT depth,
                                                                  UINT8 stencil, UINT region_count,
                                                                  const D3D12_BOX *regions)
{
    const enum fb_api api = FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    const struct rt_bound_view *dsv = &list->state.dsv;
    D3D12DDI_CLEAR_FLAGS ddi_flags = 0;
    UINT a, b;

    RT_TRACE("iface %p, flags %#x, depth %.8e, stencil %u, region_count %u.", iface, flags, depth, stencil,
             region_count);

    if (!rt_async_begin(list, RT_ASYNC_BOUND_CLEAR_LISTS, api))
        return;
    if (!flags || (flags & ~(D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL)))
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID, "invalid ClearFlags %#x", flags);
        return;
    }
    if (!rt_check_boxes(list, api, "", region_count, regions))
        return;
    if (!regions)
        region_count = 0;
    /* A bundle inherits its bindings: what it clears is known only when it runs. */
    if (list->type != D3D12_COMMAND_LIST_TYPE_BUNDLE)
    {
        /* Nothing bound: skipped, an error of the debug layer's (seed 000). */
        if (!list->state.has_dsv || !dsv->resource)
        {
            rt_async_report(list, api, D3D12_MESSAGE_SEVERITY_ERROR,
                            D3D12_MESSAGE_ID_CLEARBOUNDDEPTHSTENCILVIEW_DEPTH_STENCIL_UNBOUND,
                            "no depth-stencil view is bound; nothing is cleared");
            return;
        }
        if (dsv->described && (((flags & D3D12_CLEAR_FLAG_DEPTH) && (dsv->dsv.Flags & D3D12_DSV_FLAG_READ_ONLY_DEPTH))
                || ((flags & D3D12_CLEAR_FLAG_STENCIL) && (dsv->dsv.Flags & D3D12_DSV_FLAG_READ_ONLY_STENCIL))))
        {
            rt_async_invalid(list, api, D3D12_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID,
                             "the bound view's %s plane is read-only", (flags & D3D12_CLEAR_FLAG_DEPTH)
                             && (dsv->dsv.Flags & D3D12_DSV_FLAG_READ_ONLY_DEPTH) ? "depth" : "stencil");
            return;
        }
        if (rt_async_debug_checks(list) && rt_find_box_overlap(region_count, regions, &a, &b))
            rt_async_report(list, api, D3D12_MESSAGE_SEVERITY_WARNING,
                            D3D12_MESSAGE_ID_CLEARBOUNDDEPTHSTENCILVIEW_REPEATED_DEST_RESOURCE,
                            "regions %u and %u overlap; the result is undefined", a, b);
    }
    /* fb_route() has no bound-clear route yet (and never one in bundles). */
    if (RT_ASYNC_ROUTE(list, pfnClearBoundDepthStencilView, api) != RT_ASYNC_ROUTE_NATIVE)
        return;
    if (flags & D3D12_CLEAR_FLAG_DEPTH)
        ddi_flags |= D3D12DDI_CLEAR_FLAG_DEPTH;
    if (flags & D3D12_CLEAR_FLAG_STENCIL)
        ddi_flags |= D3D12DDI_CLEAR_FLAG_STENCIL;
    RT_ASYNC_CALL(list, pfnClearBoundDepthStencilView, ddi_flags, depth, stencil, region_count, regions);
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

void STDMETHODCALLTYPE rt_command_list_ClearBoundRenderTargetViews(rt_cl *iface, UINT mask,
                                                                   const D3D12_CLEAR_DATA *values,
                                                                   const UINT *region_counts,
                                                                   const D3D12_BOX *const *regions)
{
    const enum fb_api api = FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_CLEAR_DATA ddi_values[RT_MAX_RENDER_TARGETS];
    const D3D12DDI_BOX *ddi_regions[RT_MAX_RENDER_TARGETS];
    char slot[24];
    UINT i;

    RT_TRACE("iface %p, mask %#x, values %p, region_counts %p, regions %p.", iface, mask, values, region_counts,
             regions);

    if (!rt_async_begin(list, RT_ASYNC_BOUND_CLEAR_LISTS, api))
        return;
    if ((mask & ~0xffu) || (mask && !values) || (!region_counts != !regions))
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_UNKNOWN, "RenderTargetMask %#x with pClearValues %p, "
                         "pNumRegions %p, ppRegions %p", mask, values, region_counts, regions);
        return;
    }
    for (i = 0; i < RT_MAX_RENDER_TARGETS && region_counts; ++i)
    {
        snprintf(slot, sizeof(slot), "slot %u: ", i);
        /* A NULL entry clears the whole view. */
        if ((mask & (1u << i)) && !rt_check_boxes(list, api, slot, region_counts[i], regions[i]))
            return;
    }
    /* A bundle inherits its bindings: what it clears is known only when it runs. */
    if (list->type != D3D12_COMMAND_LIST_TYPE_BUNDLE)
    {
        for (i = 0; i < RT_MAX_RENDER_TARGETS; ++i)
        {
            /* Unbound slots are skipped, an error of the debug layer's (seed 000). */
            if ((mask & (1u << i)) && (i >= list->state.rtv_count || !list->state.rtvs[i].resource))
            {
                rt_async_report(list, api, D3D12_MESSAGE_SEVERITY_ERROR,
                                D3D12_MESSAGE_ID_CLEARBOUNDRENDERTARGETVIEWS_RENDER_TARGET_UNBOUND,
                                "no render target is bound to slot %u; it is skipped", i);
                mask &= ~(1u << i);
            }
        }
        if (rt_async_debug_checks(list))
            rt_report_repeated_render_targets(list, mask, region_counts, regions);
    }
    /* fb_route() has no bound-clear route yet (and never one in bundles). */
    if (!mask || RT_ASYNC_ROUTE(list, pfnClearBoundRenderTargetViews, api) != RT_ASYNC_ROUTE_NATIVE)
        return;
    memset(ddi_values, 0, sizeof(ddi_values));
    memset(ddi_regions, 0, sizeof(ddi_regions));
    for (i = 0; i < RT_MAX_RENDER_TARGETS; ++i)
    {
        if (!(mask & (1u << i)))
            continue;
        memcpy(&ddi_values[i], &values[i], sizeof(ddi_values[i]));
        if (regions)
            ddi_regions[i] = regions[i];
    }
    RT_ASYNC_CALL(list, pfnClearBoundRenderTargetViews, mask, ddi_values, region_counts,
                  regions ? ddi_regions : NULL);
}

/* ---- ClearTextureSubresources ------------------------------------------------------------ */

static bool rt_check_clear_texture(struct rt_command_list *list, UINT i, const D3D12_CLEAR_TEXTURE_DESC *desc)
{
    const enum fb_api api = FB_API_CLEAR_TEXTURE_SUBRESOURCES;
    const struct rt_resource *texture = rt_command_list_resource(desc->pTexture);
    const D3D12_MESSAGE_ID bad_box = D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDSOURCEBOX;
    const struct ddi_format_info *info;
    const D3D12_BOX *box = desc->pRegion;
    UINT width, height, depth, sub;
    DXGI_FORMAT format;

    if (!texture || rt_resource_is_buffer(texture))
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_UNKNOWN, "desc %u: the texture is NULL, not a resource of "
                         "this device or a buffer", i);
        return false;
    }
    if (desc->SubresourceIndex != UINT_MAX && desc->SubresourceIndex >= texture->subresource_count)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_UNKNOWN, "desc %u: subresource %u is out of range (%u)", i,
                         desc->SubresourceIndex, texture->subresource_count);
        return false;
    }
    /* Typeless, palettized and opaque formats have no clear value (D3D12AsyncCommands.md). */
    format = desc->Format == DXGI_FORMAT_UNKNOWN ? texture->desc.Format : desc->Format;
    if (!(info = ddi_format_get(format)) || info->is_typeless || info->is_palettized || info->is_opaque
            || !ddi_format_cast_compatible(format, texture->desc.Format))
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_CLEARTEXTURESUBRESOURCES_UNRECOGNIZED_FORMAT, "desc %u: "
                         "format %s cannot clear a %s texture", i, ddi_format_name(format),
                         ddi_format_name(texture->desc.Format));
        return false;
    }
    if (!box)
        return true;

    /* A region over every subresource needs them all the same size: one mip level. */
    if (desc->SubresourceIndex == UINT_MAX && texture->desc.MipLevels > 1)
    {
        rt_async_invalid(list, api, bad_box, "desc %u: a region cannot cover several mip levels", i);
        return false;
    }
    if (box->left > box->right || box->top > box->bottom || box->front > box->back)
    {
        rt_async_invalid(list, api, bad_box, "desc %u: the region is inverted", i);
        return false;
    }
    if (box->left == box->right || box->top == box->bottom || box->front == box->back)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_EMPTYBOX, "desc %u: the region is empty", i);
        return false;
    }
    sub = desc->SubresourceIndex == UINT_MAX ? 0 : desc->SubresourceIndex;
    rt_resource_subresource_size(texture, sub, &width, &height, &depth);
    if (box->right > width || box->bottom > height || box->back > depth)
    {
        rt_async_invalid(list, api, bad_box, "desc %u: the region is outside the %ux%ux%u subresource", i, width,
                         height, depth);
        return false;
    }
    if (box->left % info->block_width || box->top % info->block_height
            || ((box->right - box->left) % info->block_width && box->right != width)
            || ((box->bottom - box->top) % info->block_height && box->bottom != height))
    {
        rt_async_invalid(list, api, bad_box, "desc %u: the region is not aligned to %ux%u blocks", i,
                         info->block_width, info->block_height);
        return false;
    }
    return true;
}

/* Two descs clearing the same texels of one texture (NULL regions are whole subresources). */
static bool rt_clear_descs_overlap(const D3D12_CLEAR_TEXTURE_DESC *a, const D3D12_CLEAR_TEXTURE_DESC *b)
{
    if (a->pTexture != b->pTexture)
        return false;
    if (a->SubresourceIndex != b->SubresourceIndex && a->SubresourceIndex != UINT_MAX
            && b->SubresourceIndex != UINT_MAX)
        return false;
    return !a->pRegion || !b->pRegion || rt_boxes_overlap(a->pRegion, b->pRegion);
}

/* The format, render-target and depth flags, sample count, region and value of one
 * desc as the planner sees them; layout and encoder answers included. */
static void rt_clear_texture_describe(struct rt_command_list *list, const struct fb_scope_tracker *scopes,
                                      const D3D12_CLEAR_TEXTURE_DESC *desc, struct fb_clear_texture *t)
{
    const struct rt_resource *texture = rt_command_list_resource(desc->pTexture);
    DXGI_FORMAT format = desc->Format == DXGI_FORMAT_UNKNOWN ? texture->desc.Format : desc->Format;
    const D3D12DDI_CLEAR_DATA *value = (const D3D12DDI_CLEAR_DATA *)&desc->ClearValue;
    UINT sub = desc->SubresourceIndex == UINT_MAX ? 0 : desc->SubresourceIndex;
    unsigned char element[DDI_ENCODE_MAX_BYTES];
    UINT mip, slice, plane, planes, height, depth, p, support1 = 0, support2 = 0, levels = 0;
    const struct ddi_format_info *info = ddi_format_get(format);
    D3D12DDI_CLEAR_FLAGS flags = 0;
    const struct fb_scope *scope;
    struct rt_device *device = list->device;
    D3D12_BARRIER_SUBRESOURCE_RANGE full;
    UINT64 width;
    HRESULT hr;

    memset(t, 0, sizeof(*t));
    t->sample_count = texture->desc.SampleDesc.Count;
    /* The depth-stencil families (their typeless and view formats are planar too), not
     * planar YUV: NV12 or P010 copies need no programmable sample positions. */
    t->depth_stencil = info->is_depth || (info->is_planar && !info->is_yuv);
    t->allow_render_target = !!(texture->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    t->allow_depth_stencil = !!(texture->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    t->simultaneous_access = !!(texture->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS);
    t->is_protected = !!(texture->heap_flags & D3D12_HEAP_FLAG_HARDWARE_PROTECTED);
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCheckFormatSupport(device->hdrv, format, &support1, &support2);
    rt_device_ddi_unlock(device);
    t->msaa_renderable = SUCCEEDED(hr) && (support1 & D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET);
    /* ...with the texture's sample count and quality. */
    if (t->msaa_renderable && t->sample_count > 1)
    {
        rt_device_ddi_lock(device);
        hr = device->ddi.pfnCheckMultisampleQualityLevels
                ? device->ddi.pfnCheckMultisampleQualityLevels(device->hdrv, format, t->sample_count,
                                                               D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, &levels)
                : E_NOTIMPL;
        rt_device_ddi_unlock(device);
        t->msaa_renderable = SUCCEEDED(hr) && texture->desc.SampleDesc.Quality < levels;
    }

    ddi_subresource_decompose(sub, texture->desc.MipLevels, ddi_resource_array_size(&texture->desc), &mip, &slice,
                              &plane);
    ddi_resource_mip_size(&texture->desc, mip, &width, &height, &depth);
    t->subresource_texels = width * height * depth;
    t->region_texels = t->subresource_texels;
    t->whole = true;
    if (desc->pRegion)
    {
        t->region_texels = (UINT64)(desc->pRegion->right - desc->pRegion->left)
                * (desc->pRegion->bottom - desc->pRegion->top) * (desc->pRegion->back - desc->pRegion->front);
        t->whole = t->region_texels == t->subresource_texels;
    }
    if ((scope = fb_scope_find(scopes, texture->hdrv)))
    {
        /* An explicit range over every subresource counts as all of them. */
        rt_barrier_full_range(texture, &full);
        t->layout_known = scope->layout_known || !memcmp(&scope->range, &full, sizeof(full));
        t->layout = scope->layout;
    }

    /* Every plane the desc targets must encode; the view clear writes those planes. */
    planes = ddi_format_plane_count(format);
    t->encodable = true;
    for (p = 0; p < planes; ++p)
    {
        if (desc->SubresourceIndex != UINT_MAX && planes > 1 && p != plane)
            continue;
        if (planes > 1)
            t->encodable &= ddi_encode_clear_plane(format, p, value, DDI_ENCODE_SOURCE_CLEAR_DATA, false, element,
                                                   sizeof(element), NULL) == DDI_ENCODE_OK;
        else
            t->encodable &= ddi_encode_clear_value(format, value, DDI_ENCODE_SOURCE_CLEAR_DATA, false, element,
                                                   sizeof(element), NULL) == DDI_ENCODE_OK;
        if (info->is_depth)
            flags |= p ? D3D12DDI_CLEAR_FLAG_STENCIL : D3D12DDI_CLEAR_FLAG_DEPTH;
    }
    t->exact = ddi_encode_view_clear_exact(format, value, flags);
    t->copyable = ddi_copyable_footprints(&texture->desc, sub, 1, 0, NULL, NULL, NULL, NULL) == DDI_LAYOUT_OK;
}

/* The driver's texture for desc i, as the emitters take it. */
static void rt_clear_texture_target(const D3D12_CLEAR_TEXTURE_DESC *desc, bool discrete,
                                    struct fb_clear_target *target)
{
    const struct rt_resource *texture = rt_command_list_resource(desc->pTexture);

    target->texture = texture->hdrv;
    target->desc = &texture->desc;
    target->subresource = desc->SubresourceIndex;
    target->format = desc->Format == DXGI_FORMAT_UNKNOWN ? texture->desc.Format : desc->Format;
    memcpy(&target->value, &desc->ClearValue, sizeof(target->value));
    target->region = desc->pRegion;
    target->stage_tiles = discrete && !(texture->heap_flags & D3D12_HEAP_FLAG_HARDWARE_PROTECTED);
}

/* The three routes' batches of one call. */
struct rt_clear_batches
{
    struct fb_clear_batch copy;
    struct fb_clear_inplace_batch inplace;
    struct fb_clear_msaa_batch msaa;
};

/* Takes what every desc's route needs from the allocator (outside the DDI lock). */
static HRESULT rt_clear_texture_acquire(struct rt_command_list *list, struct rt_fallback_list *state, UINT count,
                                        const D3D12_CLEAR_TEXTURE_DESC *descs, const enum fb_clear_route *routes,
                                        struct rt_clear_batches *batches)
{
    const bool discrete = !list->device->architecture.UMA;
    struct fb_clear_target target;
    struct fb_services services;
    HRESULT hr = S_OK;
    UINT i;

    rt_fallback_services(list, &services);
    for (i = 0; i < count && SUCCEEDED(hr); ++i)
    {
        rt_clear_texture_target(&descs[i], discrete, &target);
        if (routes[i] == FB_CLEAR_ROUTE_IN_PLACE)
            hr = fb_clear_inplace_acquire(&services, &target, fb_scope_find(&state->scopes, target.texture),
                                          &batches->inplace);
        else if (routes[i] == FB_CLEAR_ROUTE_MSAA_CLEAR_AND_COPY)
            hr = fb_clear_msaa_acquire(&services, &state->clear, &target, &batches->msaa);
        else
            hr = fb_clear_acquire(&services, &target, &batches->copy);
    }
    if (SUCCEEDED(hr))
        hr = fb_clear_stage(&services, &state->clear, &batches->copy);
    return hr;
}

/* FALLBACK: every texture's route is planned, what the routes need (tiles, staging,
 * private views and textures) taken from the allocator, and only then is anything
 * recorded. */
static void rt_clear_texture_fallback(struct rt_command_list *list, UINT count, const D3D12_CLEAR_TEXTURE_DESC *descs)
{
    const enum fb_api api = FB_API_CLEAR_TEXTURE_SUBRESOURCES;
    struct rt_device *device = list->device;
    char why[sizeof(((struct fb_rejection *)0)->why)];
    struct rt_clear_batches batches;
    D3D12DDIARG_BARRIER_0124 barrier;
    struct fb_clear_choice choice;
    struct rt_fallback_list *state;
    struct fb_clear_texture t;
    struct fb_clear_caps caps;
    const struct fb_scope *scope;
    enum fb_clear_route *routes;
    UINT i;

    if (!(state = rt_fallback_list_get(list)) || !(routes = calloc(count, sizeof(*routes))))
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    caps.discrete = !device->architecture.UMA;
    caps.programmable_sample_positions = device->options.ProgrammableSamplePositionsTier
            != D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_NOT_SUPPORTED;
    for (i = 0; i < count; ++i)
    {
        rt_clear_texture_describe(list, &state->scopes, &descs[i], &t);
        fb_plan_clear(&caps, list->type, &t, &choice);
        if (choice.route == FB_CLEAR_ROUTE_REJECT)
        {
            snprintf(why, sizeof(why), "%s: desc %u: %s", fb_api_name(api), i, choice.reason);
            rt_command_list_remove_message(list, E_FAIL, D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED, why);
            free(routes);
            return;
        }
        routes[i] = choice.route;
    }
    fb_clear_batch_init(&batches.copy);
    fb_clear_inplace_batch_init(&batches.inplace);
    fb_clear_msaa_batch_init(&batches.msaa);
    if (FAILED(rt_clear_texture_acquire(list, state, count, descs, routes, &batches)))
    {
        rt_async_out_of_memory(list, api);
    }
    else
    {
        RT_ASYNC_EMIT(list, fb_clear_record, &state->clear, &batches.copy);
        RT_ASYNC_EMIT(list, fb_clear_inplace_record, &batches.inplace);
        RT_ASYNC_EMIT(list, fb_clear_msaa_record, &batches.msaa);
        /* The cleared textures are back in COPY / COPY_DEST, in the layout they had. */
        for (i = 0; i < count; ++i)
        {
            const struct rt_resource *texture = rt_command_list_resource(descs[i].pTexture);

            if (routes[i] != FB_CLEAR_ROUTE_IN_PLACE || !(scope = fb_scope_find(&state->scopes, texture->hdrv)))
                continue;
            fb_clear_inplace_scope_barrier(texture->hdrv, scope, &barrier);
            rt_fallback_track_barriers(list, 1, &barrier);
        }
    }
    fb_clear_msaa_batch_cleanup(&batches.msaa);
    fb_clear_inplace_batch_cleanup(&batches.inplace);
    fb_clear_batch_cleanup(&batches.copy);
    free(routes);
}

void STDMETHODCALLTYPE rt_command_list_ClearTextureSubresources(rt_cl *iface, UINT count,
                                                                const D3D12_CLEAR_TEXTURE_DESC *descs)
{
    const enum fb_api api = FB_API_CLEAR_TEXTURE_SUBRESOURCES;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_CLEAR_TEXTURE_DESC *ddi_descs;
    enum rt_async_route route;
    UINT i, j;

    RT_TRACE("iface %p, count %u, descs %p.", iface, count, descs);

    if (!rt_async_begin(list, RT_ASYNC_FILL_LISTS, api) || !count)
        return;
    if (!descs)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_UNKNOWN, "NULL array for %u descs", count);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!rt_check_clear_texture(list, i, &descs[i]))
            return;
    }
    for (i = 0; rt_async_debug_checks(list) && i < count; ++i)
    {
        for (j = i + 1; j < count; ++j)
        {
            if (rt_clear_descs_overlap(&descs[i], &descs[j]))
            {
                rt_async_report(list, api, D3D12_MESSAGE_SEVERITY_WARNING,
                                D3D12_MESSAGE_ID_CLEARTEXTURESUBRESOURCES_REPEATED_DEST_RESOURCE,
                                "descs %u and %u clear the same texels; the result is undefined", i, j);
                i = count;
                break;
            }
        }
    }
    if ((route = RT_ASYNC_ROUTE(list, pfnClearTextureSubresources, api)) == RT_ASYNC_ROUTE_NONE)
        return;
    if (route != RT_ASYNC_ROUTE_NATIVE)
    {
        rt_clear_texture_fallback(list, count, descs);
        return;
    }
    if (!(ddi_descs = calloc(count, sizeof(*ddi_descs))))
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        ddi_descs[i].hTexture = rt_command_list_resource(descs[i].pTexture)->hdrv;
        ddi_descs[i].SubresourceIndex = descs[i].SubresourceIndex;
        memcpy(&ddi_descs[i].ClearValue, &descs[i].ClearValue, sizeof(ddi_descs[i].ClearValue));
        ddi_descs[i].Format = descs[i].Format;
        ddi_descs[i].pRegion = descs[i].pRegion;
    }
    RT_ASYNC_CALL(list, pfnClearTextureSubresources, count, ddi_descs);
    free(ddi_descs);
}
