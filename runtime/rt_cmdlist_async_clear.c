/*
 * ClearTextureSubresources (rt_cmdlist_async.h has the steps every method runs; the
 * fill is rt_cmdlist_async_fill.c's, the bound clears rt_cmdlist_async_bound.c's). Its
 * fallback plans each texture's route (fallback/fb_plan_clear.h) and records the pattern
 * copy (fallback/fb_clear.h), the in-place clear (fallback/fb_clear_inplace.h) or the
 * MSAA clear-and-copy (fallback/fb_clear_msaa.h).
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

/* ---- ClearTextureSubresources ------------------------------------------------------------ */

static bool rt_check_clear_texture(struct rt_command_list *list, UINT i, const D3D12_CLEAR_TEXTURE_DESC *desc)
{
    const enum fb_api api = FB_API_CLEAR_TEXTURE_SUBRESOURCES;
    const struct rt_resource *texture = rt_command_list_resource(list, desc->pTexture);
    const D3D12_MESSAGE_ID bad_box = D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDSOURCEBOX;
    const struct ddi_format_info *info;
    const D3D12_BOX *box = desc->pRegion;
    UINT width, height, depth, sub;
    DXGI_FORMAT format;

    if (!texture || rt_resource_is_buffer(texture))
    {
        /* Microsoft's list has no message for the desc's texture: pClearDescs (parameter 2) is unusable. */
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2,
                         "desc %u: the texture is NULL, not a resource of "
                         "this device or a buffer", i);
        return false;
    }
    if (desc->SubresourceIndex != UINT_MAX && desc->SubresourceIndex >= texture->subresource_count)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2,
                         "desc %u: subresource %u is out of range (%u)", i,
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
    const struct rt_resource *texture = rt_command_list_resource(list, desc->pTexture);
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
static void rt_clear_texture_target(struct rt_command_list *list, const D3D12_CLEAR_TEXTURE_DESC *desc, bool discrete,
                                    struct fb_clear_target *target)
{
    const struct rt_resource *texture = rt_command_list_resource(list, desc->pTexture);

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
        rt_clear_texture_target(list, &descs[i], discrete, &target);
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
            const struct rt_resource *texture = rt_command_list_resource(list, descs[i].pTexture);

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
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2, "NULL array for %u descs", count);
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
        ddi_descs[i].hTexture = rt_command_list_resource(list, descs[i].pTexture)->hdrv;
        ddi_descs[i].SubresourceIndex = descs[i].SubresourceIndex;
        memcpy(&ddi_descs[i].ClearValue, &descs[i].ClearValue, sizeof(ddi_descs[i].ClearValue));
        ddi_descs[i].Format = descs[i].Format;
        ddi_descs[i].pRegion = descs[i].pRegion;
    }
    RT_ASYNC_CALL(list, pfnClearTextureSubresources, count, ddi_descs);
    free(ddi_descs);
}
