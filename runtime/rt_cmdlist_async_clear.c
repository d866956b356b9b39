/*
 * The Async clears and the fill: ClearBoundDepthStencilView, ClearBoundRenderTargetViews,
 * ClearTextureSubresources and FillBuffers (rt_cmdlist_async.h has the steps every
 * method runs). The fill's fallback plans every fill (fallback/fb_plan_fill.h), takes the
 * memory the plan needs from the allocator's services and then records the upload
 * route's copies (fallback/fb_fill.h). ClearTextureSubresources' fallback plans each
 * texture's route (fallback/fb_plan_clear.h) and records the pattern copy
 * (fallback/fb_clear.h) or the in-place clear (fallback/fb_clear_inplace.h); the MSAA
 * clear-and-copy is not emitted yet. The bound
 * clears' fallback routes are still to be written: fb_route() rejects them.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_cmdlist_async.h"
#include "rt_fallback_services.h"
#include "rt_cmdlist_barrier.h"
#include "ddi_format.h"
#include "fb_fill.h"
#include "fb_plan_clear.h"
#include "fb_clear.h"
#include "fb_clear_inplace.h"
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
    UINT mip, slice, plane, planes, height, depth, p, support1 = 0, support2 = 0;
    const struct ddi_format_info *info = ddi_format_get(format);
    D3D12DDI_CLEAR_FLAGS flags = 0;
    const struct fb_scope *scope;
    struct rt_device *device = list->device;
    D3D12_BARRIER_SUBRESOURCE_RANGE full;
    UINT64 width;
    HRESULT hr;

    memset(t, 0, sizeof(*t));
    t->sample_count = texture->desc.SampleDesc.Count;
    t->depth_stencil = info->is_depth || info->is_planar;
    t->allow_render_target = !!(texture->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    t->allow_depth_stencil = !!(texture->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    t->simultaneous_access = !!(texture->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS);
    t->is_protected = !!(texture->heap_flags & D3D12_HEAP_FLAG_HARDWARE_PROTECTED);
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCheckFormatSupport(device->hdrv, format, &support1, &support2);
    rt_device_ddi_unlock(device);
    t->msaa_renderable = SUCCEEDED(hr) && (support1 & D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET);

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

/* FALLBACK: every texture's route is planned, the pattern copies' tiles and the in-place
 * clears' views taken from the allocator, and only then is anything recorded. */
static void rt_clear_texture_fallback(struct rt_command_list *list, UINT count, const D3D12_CLEAR_TEXTURE_DESC *descs)
{
    const enum fb_api api = FB_API_CLEAR_TEXTURE_SUBRESOURCES;
    struct rt_device *device = list->device;
    char why[sizeof(((struct fb_rejection *)0)->why)];
    struct fb_clear_inplace_batch inplace;
    D3D12DDIARG_BARRIER_0124 barrier;
    struct fb_clear_target target;
    struct fb_clear_choice choice;
    struct rt_fallback_list *state;
    struct fb_clear_batch batch;
    struct fb_clear_texture t;
    struct fb_services services;
    struct fb_clear_caps caps;
    const struct fb_scope *scope;
    bool *in_place;
    HRESULT hr = S_OK;
    UINT i;

    if (!(state = rt_fallback_list_get(list)) || !(in_place = calloc(count, sizeof(*in_place))))
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
            free(in_place);
            return;
        }
        /* The MSAA clear-and-copy is not emitted yet: the pattern copy stands in where it
         * can produce the same bytes. */
        if (choice.route == FB_CLEAR_ROUTE_MSAA_CLEAR_AND_COPY && !choice.pattern_possible)
        {
            snprintf(why, sizeof(why), "%s: desc %u takes the %s route, which is not implemented yet",
                     fb_api_name(api), i, fb_clear_route_name(choice.route));
            rt_command_list_remove_message(list, E_FAIL, D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED, why);
            free(in_place);
            return;
        }
        in_place[i] = choice.route == FB_CLEAR_ROUTE_IN_PLACE;
    }
    rt_fallback_services(list, &services);
    fb_clear_batch_init(&batch);
    fb_clear_inplace_batch_init(&inplace);
    for (i = 0; i < count && SUCCEEDED(hr); ++i)
    {
        const struct rt_resource *texture = rt_command_list_resource(descs[i].pTexture);

        target.texture = texture->hdrv;
        target.desc = &texture->desc;
        target.subresource = descs[i].SubresourceIndex;
        target.format = descs[i].Format == DXGI_FORMAT_UNKNOWN ? texture->desc.Format : descs[i].Format;
        memcpy(&target.value, &descs[i].ClearValue, sizeof(target.value));
        target.region = descs[i].pRegion;
        if (in_place[i])
            hr = fb_clear_inplace_acquire(&services, &target, fb_scope_find(&state->scopes, texture->hdrv),
                                          &inplace);
        else
            hr = fb_clear_acquire(&services, &target, &batch);
    }
    if (FAILED(hr))
    {
        rt_async_out_of_memory(list, api);
    }
    else
    {
        RT_ASYNC_EMIT(list, fb_clear_record, &batch);
        RT_ASYNC_EMIT(list, fb_clear_inplace_record, &inplace);
        /* The cleared textures are back in COPY / COPY_DEST, in the layout they had. */
        for (i = 0; i < count; ++i)
        {
            const struct rt_resource *texture = rt_command_list_resource(descs[i].pTexture);

            if (!in_place[i] || !(scope = fb_scope_find(&state->scopes, texture->hdrv)))
                continue;
            fb_clear_inplace_scope_barrier(texture->hdrv, scope, &barrier);
            rt_fallback_track_barriers(list, 1, &barrier);
        }
    }
    fb_clear_inplace_batch_cleanup(&inplace);
    fb_clear_batch_cleanup(&batch);
    free(in_place);
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

/* ---- FillBuffers ------------------------------------------------------------------------- */

static bool rt_format_supports_buffers(struct rt_device *device, DXGI_FORMAT format)
{
    UINT support1 = 0, support2 = 0;
    HRESULT hr;

    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCheckFormatSupport(device->hdrv, format, &support1, &support2);
    rt_device_ddi_unlock(device);
    return SUCCEEDED(hr) && (support1 & D3D12_FORMAT_SUPPORT1_BUFFER);
}

/* The pattern's size in bytes, or 0 (the list removed) when the desc is invalid. Only an
 * Offset past the end is out of range: repetitions that do not fit are omitted. */
static UINT rt_check_fill(struct rt_command_list *list, UINT i, const D3D12_FILL_BUFFER_DESC *desc)
{
    const enum fb_api api = FB_API_FILL_BUFFERS;
    const D3D12_MESSAGE_ID bad_desc = D3D12_MESSAGE_ID_FILL_BUFFERS_INVALID_FILL_BUFFER_DESC;
    const struct rt_resource *buffer = rt_command_list_resource(desc->pBuffer);
    const struct ddi_format_info *info;
    UINT size;

    if (!buffer || !rt_resource_is_buffer(buffer))
    {
        rt_async_invalid(list, api, bad_desc, "desc %u: the buffer is NULL, not a resource of this device or a "
                         "texture", i);
        return 0;
    }
    if (desc->Format == DXGI_FORMAT_UNKNOWN)
    {
        size = desc->RawPatternSizeInBytes;
        if (size != 1 && size != 2 && size != 4 && size != 8 && size != 12 && size != 16)
        {
            rt_async_invalid(list, api, bad_desc, "desc %u: raw pattern size %u is not 1, 2, 4, 8, 12 or 16", i,
                             size);
            return 0;
        }
    }
    else
    {
        /* One element per pixel, of a format a buffer can hold. */
        info = ddi_format_get(desc->Format);
        if (!info || info->is_typeless || info->is_compressed || info->block_width != 1 || info->block_height != 1
                || info->is_planar || info->is_opaque || !rt_format_supports_buffers(list->device, desc->Format))
        {
            rt_async_invalid(list, api, D3D12_MESSAGE_ID_FILLBUFFERS_UNRECOGNIZED_FORMAT,
                             "desc %u: format %s cannot fill a buffer", i, ddi_format_name(desc->Format));
            return 0;
        }
        if (desc->RawPatternSizeInBytes)
        {
            rt_async_invalid(list, api, bad_desc, "desc %u: RawPatternSizeInBytes must be 0 with a format", i);
            return 0;
        }
        size = info->bytes_per_block;
    }
    /* Reserved buffers take the element sizes of tiled views: no 12-byte patterns. */
    if (buffer->kind == RT_RESOURCE_RESERVED && size == 12)
    {
        rt_async_invalid(list, api, bad_desc, "desc %u: 12-byte patterns cannot fill a reserved buffer", i);
        return 0;
    }
    if (desc->Offset % (size >= 4 ? 4 : size))
    {
        rt_async_invalid(list, api, bad_desc, "desc %u: Offset %#" PRIx64 " is not aligned for %u-byte patterns", i,
                         desc->Offset, size);
        return 0;
    }
    if (desc->Offset > buffer->desc.Width)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_FILLBUFFERS_INVALID_FILL_RANGE, "desc %u: Offset %#" PRIx64
                         " is past the end of the %#" PRIx64 "-byte buffer", i, desc->Offset, buffer->desc.Width);
        return 0;
    }
    return size;
}

/* The bytes a valid fill writes: whole patterns only. */
static UINT64 rt_fill_bytes(const D3D12_FILL_BUFFER_DESC *desc, UINT size)
{
    UINT64 fit = (rt_command_list_resource(desc->pBuffer)->desc.Width - desc->Offset) / size;

    return (fit < desc->RepeatCount ? fit : desc->RepeatCount) * size;
}

/* The app's compute state the compute route would have to put back: a pipeline state
 * the runtime holds can be set again, but the runtime records no root arguments yet, so
 * a bound compute root signature cannot be restored, nor a state object or a program. */
static bool rt_fill_compute_state_restorable(const struct rt_command_list *list)
{
    return !list->state.compute_root_signature && !list->state.state_object && !list->state.program_set;
}

/* What the planner needs of each destination; NULL when memory ran out. */
static struct fb_fill_buffer *rt_fill_buffers_describe(UINT count, const D3D12_FILL_BUFFER_DESC *descs)
{
    struct fb_fill_buffer *buffers;
    const struct rt_resource *r;
    UINT i;

    if (!(buffers = calloc(count, sizeof(*buffers))))
        return NULL;
    for (i = 0; i < count; ++i)
    {
        r = rt_command_list_resource(descs[i].pBuffer);
        buffers[i].width = r->desc.Width;
        buffers[i].heap_type = r->heap_properties.Type;
        buffers[i].allow_uav = !!(r->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
        buffers[i].is_protected = !!(r->heap_flags & D3D12_HEAP_FLAG_HARDWARE_PROTECTED);
    }
    return buffers;
}

/* FALLBACK: the whole batch is planned, then what the plan needs is taken from the
 * allocator, and only then is anything recorded. */
static void rt_fill_buffers_fallback(struct rt_command_list *list, UINT count, const D3D12_FILL_BUFFER_DESC *descs,
                                     const D3D12DDI_FILL_BUFFER_DESC *ddi_descs)
{
    const enum fb_api api = FB_API_FILL_BUFFERS;
    struct rt_device *device = list->device;
    struct fb_rejection rejection;
    const struct fb_fill_group *compute;
    struct rt_fallback_list *state;
    char why[sizeof(rejection.why)];
    struct fb_fill_request request;
    struct fb_services services;
    struct fb_fill_caps caps;
    struct fb_fill_plan plan;
    HRESULT hr;

    if (!(state = rt_fallback_list_get(list)))
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    caps.feature_level = device->feature_level;
    caps.shader_support = !!device->options.DXILSupported;
    caps.discrete = !device->architecture.UMA;
    memset(&request, 0, sizeof(request));
    request.caps = &caps;
    request.list_type = list->type;
    request.compute_state_restorable = rt_fill_compute_state_restorable(list);
    request.scopes = &state->scopes;
    request.recording = &state->fill;
    request.count = count;
    request.descs = ddi_descs;
    if (!(request.buffers = rt_fill_buffers_describe(count, descs)))
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    hr = fb_plan_fills(&request, &plan, &rejection);
    free((void *)request.buffers);
    if (hr == E_OUTOFMEMORY)
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    if (FAILED(hr))
    {
        rt_command_list_remove_message(list, rejection.hr, rejection.id, rejection.why);
        return;
    }
    /* The compute route needs the runtime's fill shader, which is not written yet. Only a
     * driver reporting shader support gets here, never the built-in one. */
    if ((compute = fb_fill_plan_group(&plan, FB_FILL_ROUTE_COMPUTE)))
    {
        snprintf(why, sizeof(why), "%s: desc %u takes the compute route, whose fill shader is not implemented yet",
                 fb_api_name(api), compute->fills[0]);
        rt_command_list_remove_message(list, E_FAIL, D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED, why);
        fb_fill_plan_cleanup(&plan);
        return;
    }
    rt_fallback_services(list, &services);
    if (FAILED(hr = fb_fill_acquire(&services, &state->fill, &plan)))
    {
        rt_async_out_of_memory(list, api);
        fb_fill_plan_cleanup(&plan);
        return;
    }
    RT_ASYNC_EMIT(list, fb_fill_record, &state->fill, &plan, ddi_descs);
    fb_fill_plan_cleanup(&plan);
}

void STDMETHODCALLTYPE rt_command_list_FillBuffers(rt_cl *iface, UINT count, const D3D12_FILL_BUFFER_DESC *descs)
{
    const enum fb_api api = FB_API_FILL_BUFFERS;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_FILL_BUFFER_DESC *ddi_descs;
    enum rt_async_route route;
    UINT64 *bytes = NULL;
    UINT i, j, size;

    RT_TRACE("iface %p, count %u, descs %p.", iface, count, descs);

    if (!rt_async_begin(list, RT_ASYNC_FILL_LISTS, api) || !count)
        return;
    if (!descs)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_UNKNOWN, "NULL array for %u descs", count);
        return;
    }
    /* The debug layer compares the written ranges; a report only, so no memory means none. */
    if (rt_async_debug_checks(list) && count > 1)
        bytes = calloc(count, sizeof(*bytes));
    for (i = 0; i < count; ++i)
    {
        if (!(size = rt_check_fill(list, i, &descs[i])))
        {
            free(bytes);
            return;
        }
        if (bytes)
            bytes[i] = rt_fill_bytes(&descs[i], size);
    }
    for (i = 0; bytes && i < count; ++i)
    {
        for (j = i + 1; j < count; ++j)
        {
            if (descs[i].pBuffer == descs[j].pBuffer
                    && rt_ranges_overlap(descs[i].Offset, bytes[i], descs[j].Offset, bytes[j]))
            {
                rt_async_report(list, api, D3D12_MESSAGE_SEVERITY_WARNING,
                                D3D12_MESSAGE_ID_FILLBUFFERS_INVALID_FILL_RANGE,
                                "descs %u and %u fill overlapping bytes; the result is undefined", i, j);
                i = count;
                break;
            }
        }
    }
    free(bytes);
    if ((route = RT_ASYNC_ROUTE(list, pfnFillBuffers, api)) == RT_ASYNC_ROUTE_NONE)
        return;
    if (!(ddi_descs = calloc(count, sizeof(*ddi_descs))))
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        ddi_descs[i].hBuffer = rt_command_list_resource(descs[i].pBuffer)->hdrv;
        ddi_descs[i].Offset = descs[i].Offset;
        memcpy(&ddi_descs[i].FillValue, &descs[i].FillValue, sizeof(ddi_descs[i].FillValue));
        ddi_descs[i].Format = descs[i].Format;
        ddi_descs[i].RawPatternSizeInBytes = descs[i].RawPatternSizeInBytes;
        ddi_descs[i].RepeatCount = descs[i].RepeatCount;
    }
    if (route == RT_ASYNC_ROUTE_NATIVE)
        RT_ASYNC_CALL(list, pfnFillBuffers, count, ddi_descs);
    else
        rt_fill_buffers_fallback(list, count, descs, ddi_descs);
    free(ddi_descs);
}
