/*
 * The ten Async Commands of ID3D12GraphicsCommandList12, and the same ten behind the
 * preview headers' ID3D12CommandListAsyncCommands face (API.md).
 *
 * Order of checks (API.md, "Errors"): a device whose Impl is NOT_SUPPORTED removes the
 * list with E_FAIL; then the queue, bundle and render-pass rules and the input are
 * validated (E_INVALIDARG) before routing; then NATIVE hands the call to the driver's
 * Async table with resources translated to driver handles, and FALLBACK removes the
 * list with E_FAIL until the fallback lowers the call.
 */
#define CONST_VTABLE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_cmdlist_vtbl.h"
#include "ddi_format.h"

/* Queue rules (seed 000): the copies and ResolveQueryDataAsync on every queue type, the
 * region resolve on direct lists, the clears and fills on direct and compute lists; none
 * in bundles or render passes, except the bound clears, which belong to both. */
#define RT_ASYNC_COPY_LISTS (RT_LIST_QUEUE | RT_NOT_IN_RENDER_PASS)
#define RT_ASYNC_RESOLVE_LISTS (RT_LIST_DIRECT | RT_NOT_IN_RENDER_PASS)
#define RT_ASYNC_FILL_LISTS (RT_LIST_DIRECT | RT_LIST_COMPUTE | RT_NOT_IN_RENDER_PASS)
#define RT_ASYNC_BOUND_CLEAR_LISTS (RT_LIST_DIRECT | RT_LIST_BUNDLE)

static bool rt_async_begin(struct rt_command_list *list, unsigned int allowed, const char *method)
{
    char why[256];

    if (!rt_command_list_begin(list, RT_LIST_ANY, method))
        return false;
    if (list->device->async.impl == D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED)
    {
        snprintf(why, sizeof(why), "%s: Async Commands are not supported on this device (%s)", method,
                 list->device->async.reason);
        rt_command_list_remove_message(list, E_FAIL, D3D12_MESSAGE_ID_ASYNC_COMMANDS_NOT_SUPPORTED, why);
        return false;
    }
    return rt_command_list_begin(list, allowed, method);
}

/* After validation: whether the call goes to the driver's Async table. */
static bool rt_async_route_native(struct rt_command_list *list, bool entry_present, const char *method)
{
    char why[128];

    if (list->device->async.impl != D3D12_ASYNC_COMMANDS_IMPL_NATIVE)
    {
        snprintf(why, sizeof(why), "%s: the fallback cannot lower this call", method);
        rt_command_list_remove_message(list, E_FAIL, D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED, why);
        return false;
    }
    if (!entry_present)
    {
        rt_command_list_removef(list, E_NOTIMPL, "%s: the driver's Async table lacks it", method);
        return false;
    }
    return true;
}

#define RT_ASYNC_NATIVE(list, entry, method) \
    rt_async_route_native((list), !!(list)->device->ddi_async.entry, (method))
#define RT_ASYNC_CALL(list, entry, ...) \
    do { \
        rt_device_ddi_lock((list)->device); \
        (list)->device->ddi_async.entry((list)->hdrv, __VA_ARGS__); \
        rt_device_ddi_unlock((list)->device); \
    } while (0)

/* ---- Copies ---------------------------------------------------------------------------- */

void STDMETHODCALLTYPE rt_command_list_CopyBufferRegions(rt_cl *iface, UINT count, ID3D12Resource *const *dst_buffers,
                                                         const UINT64 *dst_offsets, ID3D12Resource *const *src_buffers,
                                                         const UINT64 *src_offsets, const UINT64 *sizes)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_HRESOURCE *handles = NULL, **dst_ptrs = NULL, **src_ptrs = NULL;
    struct rt_resource *dst, *src;
    char why[192];
    UINT i;

    RT_TRACE("iface %p, count %u.", iface, count);

    if (!rt_async_begin(list, RT_ASYNC_COPY_LISTS, "CopyBufferRegions") || !count)
        return;
    if (!dst_buffers || !dst_offsets || !src_buffers || !src_offsets || !sizes)
    {
        rt_command_list_remove(list, E_INVALIDARG, "CopyBufferRegions: NULL array");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        dst = rt_command_list_resource(dst_buffers[i]);
        src = rt_command_list_resource(src_buffers[i]);
        if (!rt_validate_buffer_range(dst, dst_offsets[i], sizes[i], "destination", why, sizeof(why))
                || !rt_validate_buffer_range(src, src_offsets[i], sizes[i], "source", why, sizeof(why)))
        {
            rt_command_list_removef(list, E_INVALIDARG, "CopyBufferRegions: region %u: %s", i, why);
            return;
        }
        if (dst == src && dst_offsets[i] < src_offsets[i] + sizes[i] && src_offsets[i] < dst_offsets[i] + sizes[i])
        {
            rt_command_list_removef(list, E_INVALIDARG, "CopyBufferRegions: region %u overlaps itself", i);
            return;
        }
    }
    if (!RT_ASYNC_NATIVE(list, pfnCopyBufferRegions, "CopyBufferRegions"))
        return;

    /* The DDI takes arrays of pointers to handles (D3D12AsyncCommands.md). */
    if (!(handles = calloc(2 * (size_t)count, sizeof(*handles))) || !(dst_ptrs = calloc(count, sizeof(*dst_ptrs)))
            || !(src_ptrs = calloc(count, sizeof(*src_ptrs))))
    {
        rt_command_list_remove(list, E_OUTOFMEMORY, "CopyBufferRegions: out of memory");
        goto done;
    }
    for (i = 0; i < count; ++i)
    {
        handles[2 * i] = rt_command_list_resource(dst_buffers[i])->hdrv;
        handles[2 * i + 1] = rt_command_list_resource(src_buffers[i])->hdrv;
        dst_ptrs[i] = &handles[2 * i];
        src_ptrs[i] = &handles[2 * i + 1];
    }
    RT_ASYNC_CALL(list, pfnCopyBufferRegions, count, dst_ptrs, dst_offsets, src_ptrs, src_offsets, sizes);

done:
    free(handles);
    free(dst_ptrs);
    free(src_ptrs);
}

/* One D3D12_TEXTURE_COPY_DESC as the two sides of rt_validate_texture_copy. */
static bool rt_texture_copy_desc_sides(const D3D12_TEXTURE_COPY_DESC *desc, struct rt_texture_copy_side *dst,
                                       struct rt_texture_copy_side *src)
{
    const D3D12_BUFFER_TEXTURE_COPY_DESC *bt = &desc->BufferTextureCopy;
    struct rt_texture_copy_side *buffer_side, *texture_side;

    memset(dst, 0, sizeof(*dst));
    memset(src, 0, sizeof(*src));
    switch (desc->Type)
    {
        case D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_TEXTURE:
            dst->resource = rt_command_list_resource(desc->TextureTextureCopy.pDest);
            dst->subresource = desc->TextureTextureCopy.DestSubresourceIndex;
            src->resource = rt_command_list_resource(desc->TextureTextureCopy.pSource);
            src->subresource = desc->TextureTextureCopy.SourceSubresourceIndex;
            return true;
        case D3D12_TEXTURE_COPY_DESC_TYPE_BUFFER_TO_TEXTURE:
            buffer_side = src;
            texture_side = dst;
            break;
        case D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_BUFFER:
            buffer_side = dst;
            texture_side = src;
            break;
        default:
            return false;
    }
    buffer_side->resource = rt_command_list_resource(bt->pBuffer);
    buffer_side->is_footprint = true;
    buffer_side->footprint = bt->PlacedFootprint;
    texture_side->resource = rt_command_list_resource(bt->pTexture);
    texture_side->subresource = bt->SubresourceIndex;
    return true;
}

static void rt_texture_copy_side_to_ddi(const struct rt_texture_copy_side *side, D3D12DDIARG_BUFFER_PLACEMENT *buffer,
                                        D3D12DDIARG_PLACED_RESOURCE *texture)
{
    if (side->is_footprint)
    {
        buffer->hBuffer = side->resource->hdrv;
        buffer->Placement = side->footprint;
    }
    else
    {
        texture->hResource = side->resource->hdrv;
        texture->SubresourceIndex = side->subresource;
    }
}

void STDMETHODCALLTYPE rt_command_list_CopyTextureRegions(rt_cl *iface, UINT count,
                                                          const D3D12_TEXTURE_COPY_DESC *descs)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_texture_copy_side dst, src;
    D3D12DDI_TEXTURE_COPY_DESC *ddi_descs = NULL;
    D3D12DDI_TEXTURE_COPY_REGION *ddi_regions = NULL;
    const D3D12_TEXTURE_COPY_REGION *region;
    UINT64 region_count = 0, next = 0;
    char why[192];
    UINT i, j;

    RT_TRACE("iface %p, count %u, descs %p.", iface, count, descs);

    if (!rt_async_begin(list, RT_ASYNC_COPY_LISTS, "CopyTextureRegions") || !count)
        return;
    if (!descs)
    {
        rt_command_list_remove(list, E_INVALIDARG, "CopyTextureRegions: NULL array");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!rt_texture_copy_desc_sides(&descs[i], &dst, &src) || (descs[i].NumRegions && !descs[i].pCopyRegions))
        {
            rt_command_list_removef(list, E_INVALIDARG, "CopyTextureRegions: desc %u has an invalid type or "
                                    "no region array", i);
            return;
        }
        for (j = 0; j < descs[i].NumRegions; ++j)
        {
            region = &descs[i].pCopyRegions[j];
            if (!rt_validate_texture_copy(&dst, region->DestX, region->DestY, region->DestZ, &src,
                                          region->pSourceBox, why, sizeof(why)))
            {
                rt_command_list_removef(list, E_INVALIDARG, "CopyTextureRegions: desc %u, region %u: %s", i, j, why);
                return;
            }
        }
        region_count += descs[i].NumRegions;
    }
    if (!RT_ASYNC_NATIVE(list, pfnCopyTextureRegions, "CopyTextureRegions"))
        return;

    if (!(ddi_descs = calloc(count, sizeof(*ddi_descs)))
            || (region_count && !(ddi_regions = calloc(region_count, sizeof(*ddi_regions)))))
    {
        rt_command_list_remove(list, E_OUTOFMEMORY, "CopyTextureRegions: out of memory");
        goto done;
    }
    for (i = 0; i < count; ++i)
    {
        rt_texture_copy_desc_sides(&descs[i], &dst, &src);
        rt_texture_copy_side_to_ddi(&dst, &ddi_descs[i].DstBufferPlacement, &ddi_descs[i].DstPlacedResource);
        rt_texture_copy_side_to_ddi(&src, &ddi_descs[i].SrcBufferPlacement, &ddi_descs[i].SrcPlacedResource);
        ddi_descs[i].NumRegions = descs[i].NumRegions;
        ddi_descs[i].pRegions = &ddi_regions[next];
        for (j = 0; j < descs[i].NumRegions; ++j, ++next)
        {
            region = &descs[i].pCopyRegions[j];
            ddi_regions[next].DstOffsetX = region->DestX;
            ddi_regions[next].DstOffsetY = region->DestY;
            ddi_regions[next].DstOffsetZ = region->DestZ;
            ddi_regions[next].pSrcBox = region->pSourceBox;
        }
    }
    RT_ASYNC_CALL(list, pfnCopyTextureRegions, count, ddi_descs);

done:
    free(ddi_descs);
    free(ddi_regions);
}

void STDMETHODCALLTYPE rt_command_list_CopyResources(rt_cl *iface, UINT count, ID3D12Resource *const *dst_resources,
                                                     ID3D12Resource *const *src_resources)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_HRESOURCE *handles;
    char why[192];
    UINT i;

    RT_TRACE("iface %p, count %u.", iface, count);

    if (!rt_async_begin(list, RT_ASYNC_COPY_LISTS, "CopyResources") || !count)
        return;
    if (!dst_resources || !src_resources)
    {
        rt_command_list_remove(list, E_INVALIDARG, "CopyResources: NULL array");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!rt_validate_copy_resource(rt_command_list_resource(dst_resources[i]),
                                       rt_command_list_resource(src_resources[i]), why, sizeof(why)))
        {
            rt_command_list_removef(list, E_INVALIDARG, "CopyResources: pair %u: %s", i, why);
            return;
        }
    }
    if (!RT_ASYNC_NATIVE(list, pfnCopyResources, "CopyResources"))
        return;
    if (!(handles = calloc(2 * (size_t)count, sizeof(*handles))))
    {
        rt_command_list_remove(list, E_OUTOFMEMORY, "CopyResources: out of memory");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        handles[i] = rt_command_list_resource(dst_resources[i])->hdrv;
        handles[count + i] = rt_command_list_resource(src_resources[i])->hdrv;
    }
    RT_ASYNC_CALL(list, pfnCopyResources, count, handles, handles + count);
    free(handles);
}

void STDMETHODCALLTYPE rt_command_list_CopyTilesAsync(rt_cl *iface, ID3D12Resource *tiled_iface,
                                                      const D3D12_TILED_RESOURCE_COORDINATE *start,
                                                      const D3D12_TILE_REGION_SIZE *size, ID3D12Resource *buffer_iface,
                                                      UINT64 offset, D3D12_TILE_COPY_FLAGS flags)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *tiled = rt_command_list_resource(tiled_iface);
    struct rt_resource *buffer = rt_command_list_resource(buffer_iface);
    D3D12DDI_TILED_RESOURCE_COORDINATE ddi_start;
    D3D12DDI_TILE_REGION_SIZE ddi_size;
    char why[192];

    RT_TRACE("iface %p, tiled %p, buffer %p, offset %#" PRIx64 ", flags %#x.", iface, tiled_iface, buffer_iface,
             offset, flags);

    if (!rt_async_begin(list, RT_ASYNC_COPY_LISTS, "CopyTilesAsync"))
        return;
    if (!rt_validate_copy_tiles(tiled, start, size, buffer, offset, flags, why, sizeof(why)))
    {
        rt_command_list_removef(list, E_INVALIDARG, "CopyTilesAsync: %s", why);
        return;
    }
    if (!RT_ASYNC_NATIVE(list, pfnCopyTilesAsync, "CopyTilesAsync"))
        return;
    rt_tile_region_to_ddi(start, size, &ddi_start, &ddi_size);
    RT_ASYNC_CALL(list, pfnCopyTilesAsync, tiled->hdrv, &ddi_start, &ddi_size, buffer->hdrv, offset, flags);
}

/* ---- Resolves -------------------------------------------------------------------------- */

void STDMETHODCALLTYPE rt_command_list_ResolveSubresourceRegionAsync(rt_cl *iface, ID3D12Resource *dst_iface,
                                                                     UINT dst_sub, UINT dst_x, UINT dst_y,
                                                                     ID3D12Resource *src_iface, UINT src_sub,
                                                                     const D3D12_RECT *rect, DXGI_FORMAT format,
                                                                     D3D12_RESOLVE_MODE mode)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *dst = rt_command_list_resource(dst_iface), *src = rt_command_list_resource(src_iface);
    char why[192];

    RT_TRACE("iface %p, dst %p, dst_sub %u, src %p, src_sub %u, format %#x, mode %#x.", iface, dst_iface, dst_sub,
             src_iface, src_sub, format, mode);

    if (!rt_async_begin(list, RT_ASYNC_RESOLVE_LISTS, "ResolveSubresourceRegionAsync"))
        return;
    if (!rt_validate_resolve(dst, dst_sub, dst_x, dst_y, src, src_sub, rect, format, mode, why, sizeof(why)))
    {
        rt_command_list_removef(list, E_INVALIDARG, "ResolveSubresourceRegionAsync: %s", why);
        return;
    }
    if (!RT_ASYNC_NATIVE(list, pfnResolveSubresourceRegionAsync, "ResolveSubresourceRegionAsync"))
        return;
    RT_ASYNC_CALL(list, pfnResolveSubresourceRegionAsync, dst->hdrv, dst_sub, dst_x, dst_y, src->hdrv, src_sub,
                  rect, format, mode);
}

void STDMETHODCALLTYPE rt_command_list_ResolveQueryDataAsync(rt_cl *iface, ID3D12QueryHeap *heap,
                                                             D3D12_QUERY_TYPE type, UINT start, UINT count,
                                                             ID3D12Resource *dst_iface, UINT64 dst_offset)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *dst = rt_command_list_resource(dst_iface);

    RT_TRACE("iface %p, heap %p, type %#x, start %u, count %u, dst %p, dst_offset %#" PRIx64 ".", iface, heap, type,
             start, count, dst_iface, dst_offset);

    if (!rt_async_begin(list, RT_ASYNC_COPY_LISTS, "ResolveQueryDataAsync"))
        return;
    if (!dst || !rt_resource_is_buffer(dst) || dst_offset % 8)
    {
        rt_command_list_remove(list, E_INVALIDARG,
                               "ResolveQueryDataAsync: needs a buffer and an 8-byte aligned offset");
        return;
    }
    /* Seed 000: a GPU write into an UPLOAD heap is refused. */
    if (dst->heap_properties.Type == D3D12_HEAP_TYPE_UPLOAD)
    {
        rt_command_list_remove(list, E_INVALIDARG, "ResolveQueryDataAsync: the destination is in an UPLOAD heap");
        return;
    }
    /* Query heaps come with a later part of the runtime: none is ours yet. */
    rt_command_list_removef(list, E_INVALIDARG, "ResolveQueryDataAsync: query heap %p is not one of this device", heap);
}

/* ---- Clears and fills ----------------------------------------------------------------- */

static bool rt_check_boxes(struct rt_command_list *list, const char *method, UINT count, const D3D12_BOX *boxes)
{
    UINT i;

    if (count && !boxes)
    {
        rt_command_list_removef(list, E_INVALIDARG, "%s: %u regions but a NULL array", method, count);
        return false;
    }
    for (i = 0; i < count; ++i)
    {
        if (boxes[i].left > boxes[i].right || boxes[i].top > boxes[i].bottom || boxes[i].front > boxes[i].back)
        {
            rt_command_list_removef(list, E_INVALIDARG, "%s: region %u is inverted", method, i);
            return false;
        }
    }
    return true;
}

void STDMETHODCALLTYPE rt_command_list_ClearBoundDepthStencilView(rt_cl *iface, D3D12_CLEAR_FLAGS flags, FLOAT depth,
                                                                  UINT8 stencil, UINT region_count,
                                                                  const D3D12_BOX *regions)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_CLEAR_FLAGS ddi_flags = 0;

    RT_TRACE("iface %p, flags %#x, depth %.8e, stencil %u, region_count %u.", iface, flags, depth, stencil,
             region_count);

    if (!rt_async_begin(list, RT_ASYNC_BOUND_CLEAR_LISTS, "ClearBoundDepthStencilView"))
        return;
    if (!flags || (flags & ~(D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL)))
    {
        rt_command_list_removef(list, E_INVALIDARG, "ClearBoundDepthStencilView: invalid flags %#x", flags);
        return;
    }
    if (!rt_check_boxes(list, "ClearBoundDepthStencilView", region_count, regions))
        return;
    /* Nothing bound: skipped (a bundle inherits its bindings, so it cannot know). */
    if (list->type != D3D12_COMMAND_LIST_TYPE_BUNDLE && !list->state.has_dsv)
    {
        RT_WARN("ClearBoundDepthStencilView: no depth-stencil view is bound; skipped.");
        return;
    }
    if (!RT_ASYNC_NATIVE(list, pfnClearBoundDepthStencilView, "ClearBoundDepthStencilView"))
        return;
    if (flags & D3D12_CLEAR_FLAG_DEPTH)
        ddi_flags |= D3D12DDI_CLEAR_FLAG_DEPTH;
    if (flags & D3D12_CLEAR_FLAG_STENCIL)
        ddi_flags |= D3D12DDI_CLEAR_FLAG_STENCIL;
    RT_ASYNC_CALL(list, pfnClearBoundDepthStencilView, ddi_flags, depth, stencil, region_count, regions);
}

void STDMETHODCALLTYPE rt_command_list_ClearBoundRenderTargetViews(rt_cl *iface, UINT mask,
                                                                   const D3D12_CLEAR_DATA *values,
                                                                   const UINT *region_counts,
                                                                   const D3D12_BOX *const *regions)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_CLEAR_DATA ddi_values[RT_MAX_RENDER_TARGETS];
    const D3D12DDI_BOX *ddi_regions[RT_MAX_RENDER_TARGETS];
    char method[64];
    UINT i;

    RT_TRACE("iface %p, mask %#x, values %p, region_counts %p, regions %p.", iface, mask, values, region_counts,
             regions);

    if (!rt_async_begin(list, RT_ASYNC_BOUND_CLEAR_LISTS, "ClearBoundRenderTargetViews"))
        return;
    if ((mask & ~0xffu) || (mask && !values) || (!region_counts != !regions))
    {
        rt_command_list_removef(list, E_INVALIDARG, "ClearBoundRenderTargetViews: invalid mask %#x or arrays", mask);
        return;
    }
    for (i = 0; i < RT_MAX_RENDER_TARGETS; ++i)
    {
        if (!(mask & (1u << i)) || !region_counts)
            continue;
        snprintf(method, sizeof(method), "ClearBoundRenderTargetViews (slot %u)", i);
        if (region_counts[i] && regions[i] && !rt_check_boxes(list, method, region_counts[i], regions[i]))
            return;
    }
    /* Unbound slots are skipped; a bundle inherits its bindings, so it keeps them all. */
    if (list->type != D3D12_COMMAND_LIST_TYPE_BUNDLE)
    {
        for (i = 0; i < RT_MAX_RENDER_TARGETS; ++i)
        {
            if ((mask & (1u << i)) && (i >= list->state.rtv_count || !list->state.rtvs[i].resource))
            {
                RT_WARN("ClearBoundRenderTargetViews: no render target is bound to slot %u; skipped.", i);
                mask &= ~(1u << i);
            }
        }
    }
    if (!mask || !RT_ASYNC_NATIVE(list, pfnClearBoundRenderTargetViews, "ClearBoundRenderTargetViews"))
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

static bool rt_validate_clear_texture(const D3D12_CLEAR_TEXTURE_DESC *desc, char *why, size_t why_size)
{
    const struct rt_resource *texture = rt_command_list_resource(desc->pTexture);
    const struct ddi_format_info *info;
    DXGI_FORMAT format;
    UINT width, height, depth, sub;
    const D3D12_BOX *box = desc->pRegion;

    if (!texture || rt_resource_is_buffer(texture))
        return rt_why(why, why_size, "NULL, foreign or buffer resource");
    if (desc->SubresourceIndex != UINT_MAX && desc->SubresourceIndex >= texture->subresource_count)
        return rt_why(why, why_size, "subresource %u out of range", desc->SubresourceIndex);
    format = desc->Format == DXGI_FORMAT_UNKNOWN ? texture->desc.Format : desc->Format;
    if (!(info = ddi_format_get(format)) || info->is_typeless
            || !ddi_format_cast_compatible(format, texture->desc.Format))
        return rt_why(why, why_size, "format %s cannot clear a %s texture", ddi_format_name(format),
                      ddi_format_name(texture->desc.Format));
    if (!box)
        return true;

    /* A region over every subresource needs them all the same size: one mip level. */
    if (desc->SubresourceIndex == UINT_MAX && texture->desc.MipLevels > 1)
        return rt_why(why, why_size, "a region cannot cover several mip levels");
    sub = desc->SubresourceIndex == UINT_MAX ? 0 : desc->SubresourceIndex;
    rt_resource_subresource_size(texture, sub, &width, &height, &depth);
    if (box->left >= box->right || box->top >= box->bottom || box->front >= box->back || box->right > width
            || box->bottom > height || box->back > depth)
        return rt_why(why, why_size, "region is empty or outside the %ux%ux%u subresource", width, height, depth);
    if (box->left % info->block_width || box->top % info->block_height
            || ((box->right - box->left) % info->block_width && box->right != width)
            || ((box->bottom - box->top) % info->block_height && box->bottom != height))
        return rt_why(why, why_size, "region is not aligned to %ux%u blocks", info->block_width,
                      info->block_height);
    return true;
}

void STDMETHODCALLTYPE rt_command_list_ClearTextureSubresources(rt_cl *iface, UINT count,
                                                                const D3D12_CLEAR_TEXTURE_DESC *descs)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_CLEAR_TEXTURE_DESC *ddi_descs;
    char why[192];
    UINT i;

    RT_TRACE("iface %p, count %u, descs %p.", iface, count, descs);

    if (!rt_async_begin(list, RT_ASYNC_FILL_LISTS, "ClearTextureSubresources") || !count)
        return;
    if (!descs)
    {
        rt_command_list_remove(list, E_INVALIDARG, "ClearTextureSubresources: NULL array");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!rt_validate_clear_texture(&descs[i], why, sizeof(why)))
        {
            rt_command_list_removef(list, E_INVALIDARG, "ClearTextureSubresources: desc %u: %s", i, why);
            return;
        }
    }
    if (!RT_ASYNC_NATIVE(list, pfnClearTextureSubresources, "ClearTextureSubresources"))
        return;
    if (!(ddi_descs = calloc(count, sizeof(*ddi_descs))))
    {
        rt_command_list_remove(list, E_OUTOFMEMORY, "ClearTextureSubresources: out of memory");
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

static bool rt_validate_fill(const D3D12_FILL_BUFFER_DESC *desc, char *why, size_t why_size)
{
    const struct rt_resource *buffer = rt_command_list_resource(desc->pBuffer);
    const struct ddi_format_info *info;
    UINT size;

    if (!buffer || !rt_resource_is_buffer(buffer))
        return rt_why(why, why_size, "NULL, foreign or texture resource");
    if (desc->Format == DXGI_FORMAT_UNKNOWN)
    {
        size = desc->RawPatternSizeInBytes;
        if (size != 1 && size != 2 && size != 4 && size != 8 && size != 12 && size != 16)
            return rt_why(why, why_size, "raw pattern size %u is not 1, 2, 4, 8, 12 or 16", size);
        if (size == 12 && buffer->kind == RT_RESOURCE_RESERVED)
            return rt_why(why, why_size, "12-byte patterns cannot fill a reserved buffer");
    }
    else
    {
        info = ddi_format_get(desc->Format);
        if (!info || info->is_typeless || info->is_compressed || info->block_width != 1 || info->block_height != 1
                || info->is_planar || desc->RawPatternSizeInBytes)
            return rt_why(why, why_size, "format %s cannot fill a buffer", ddi_format_name(desc->Format));
        size = info->bytes_per_block;
    }
    if (desc->Offset % (size >= 4 ? 4 : size))
        return rt_why(why, why_size, "offset %#" PRIx64 " is not aligned for %u-byte patterns", desc->Offset, size);
    if (desc->Offset > buffer->desc.Width)
        return rt_why(why, why_size, "offset %#" PRIx64 " is past the end of the buffer", desc->Offset);
    return true;
}

void STDMETHODCALLTYPE rt_command_list_FillBuffers(rt_cl *iface, UINT count, const D3D12_FILL_BUFFER_DESC *descs)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_FILL_BUFFER_DESC *ddi_descs;
    char why[192];
    UINT i;

    RT_TRACE("iface %p, count %u, descs %p.", iface, count, descs);

    if (!rt_async_begin(list, RT_ASYNC_FILL_LISTS, "FillBuffers") || !count)
        return;
    if (!descs)
    {
        rt_command_list_remove(list, E_INVALIDARG, "FillBuffers: NULL array");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!rt_validate_fill(&descs[i], why, sizeof(why)))
        {
            rt_command_list_removef(list, E_INVALIDARG, "FillBuffers: desc %u: %s", i, why);
            return;
        }
    }
    if (!RT_ASYNC_NATIVE(list, pfnFillBuffers, "FillBuffers"))
        return;
    if (!(ddi_descs = calloc(count, sizeof(*ddi_descs))))
    {
        rt_command_list_remove(list, E_OUTOFMEMORY, "FillBuffers: out of memory");
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
    RT_ASYNC_CALL(list, pfnFillBuffers, count, ddi_descs);
    free(ddi_descs);
}

/* ---- ID3D12CommandListAsyncCommands: the same list behind the preview interface. -------- */

static struct rt_command_list *impl_from_async(ID3D12CommandListAsyncCommands *iface)
{
    return RT_CONTAINING(iface, struct rt_command_list, ID3D12CommandListAsyncCommands_iface);
}

#define RT_LIST_FACE(iface) (&impl_from_async(iface)->ID3D12GraphicsCommandList_iface)

static HRESULT STDMETHODCALLTYPE rt_async_QueryInterface(ID3D12CommandListAsyncCommands *iface, REFIID riid,
                                                         void **object)
{
    return ID3D12GraphicsCommandList12_QueryInterface(RT_LIST_FACE(iface), riid, object);
}

static ULONG STDMETHODCALLTYPE rt_async_AddRef(ID3D12CommandListAsyncCommands *iface)
{
    return ID3D12GraphicsCommandList12_AddRef(RT_LIST_FACE(iface));
}

static ULONG STDMETHODCALLTYPE rt_async_Release(ID3D12CommandListAsyncCommands *iface)
{
    return ID3D12GraphicsCommandList12_Release(RT_LIST_FACE(iface));
}

static void STDMETHODCALLTYPE rt_async_CopyBufferRegions(ID3D12CommandListAsyncCommands *iface, UINT count,
        ID3D12Resource *const *dst_buffers, const UINT64 *dst_offsets, ID3D12Resource *const *src_buffers,
        const UINT64 *src_offsets, const UINT64 *sizes)
{
    rt_command_list_CopyBufferRegions(RT_LIST_FACE(iface), count, dst_buffers, dst_offsets, src_buffers,
                                      src_offsets, sizes);
}

static void STDMETHODCALLTYPE rt_async_CopyTextureRegions(ID3D12CommandListAsyncCommands *iface, UINT count,
                                                          const D3D12_TEXTURE_COPY_DESC *descs)
{
    rt_command_list_CopyTextureRegions(RT_LIST_FACE(iface), count, descs);
}

static void STDMETHODCALLTYPE rt_async_CopyResources(ID3D12CommandListAsyncCommands *iface, UINT count,
                                                     ID3D12Resource *const *dst, ID3D12Resource *const *src)
{
    rt_command_list_CopyResources(RT_LIST_FACE(iface), count, dst, src);
}

static void STDMETHODCALLTYPE rt_async_CopyTilesAsync(ID3D12CommandListAsyncCommands *iface, ID3D12Resource *tiled,
        const D3D12_TILED_RESOURCE_COORDINATE *start, const D3D12_TILE_REGION_SIZE *size, ID3D12Resource *buffer,
        UINT64 offset, D3D12_TILE_COPY_FLAGS flags)
{
    rt_command_list_CopyTilesAsync(RT_LIST_FACE(iface), tiled, start, size, buffer, offset, flags);
}

static void STDMETHODCALLTYPE rt_async_ResolveSubresourceRegionAsync(ID3D12CommandListAsyncCommands *iface,
        ID3D12Resource *dst, UINT dst_sub, UINT dst_x, UINT dst_y, ID3D12Resource *src, UINT src_sub,
        const D3D12_RECT *rect, DXGI_FORMAT format, D3D12_RESOLVE_MODE mode)
{
    rt_command_list_ResolveSubresourceRegionAsync(RT_LIST_FACE(iface), dst, dst_sub, dst_x, dst_y, src, src_sub,
                                                  rect, format, mode);
}

static void STDMETHODCALLTYPE rt_async_ResolveQueryDataAsync(ID3D12CommandListAsyncCommands *iface,
        ID3D12QueryHeap *heap, D3D12_QUERY_TYPE type, UINT start, UINT count, ID3D12Resource *dst, UINT64 dst_offset)
{
    rt_command_list_ResolveQueryDataAsync(RT_LIST_FACE(iface), heap, type, start, count, dst, dst_offset);
}

static void STDMETHODCALLTYPE rt_async_ClearBoundDepthStencilView(ID3D12CommandListAsyncCommands *iface,
        D3D12_CLEAR_FLAGS flags, FLOAT depth, UINT8 stencil, UINT region_count, const D3D12_BOX *regions)
{
    rt_command_list_ClearBoundDepthStencilView(RT_LIST_FACE(iface), flags, depth, stencil, region_count, regions);
}

static void STDMETHODCALLTYPE rt_async_ClearBoundRenderTargetViews(ID3D12CommandListAsyncCommands *iface,
        UINT mask, const D3D12_CLEAR_DATA *values, const UINT *region_counts, const D3D12_BOX *const *regions)
{
    rt_command_list_ClearBoundRenderTargetViews(RT_LIST_FACE(iface), mask, values, region_counts, regions);
}

static void STDMETHODCALLTYPE rt_async_ClearTextureSubresources(ID3D12CommandListAsyncCommands *iface, UINT count,
                                                                const D3D12_CLEAR_TEXTURE_DESC *descs)
{
    rt_command_list_ClearTextureSubresources(RT_LIST_FACE(iface), count, descs);
}

static void STDMETHODCALLTYPE rt_async_FillBuffers(ID3D12CommandListAsyncCommands *iface, UINT count,
                                                   const D3D12_FILL_BUFFER_DESC *descs)
{
    rt_command_list_FillBuffers(RT_LIST_FACE(iface), count, descs);
}

const ID3D12CommandListAsyncCommandsVtbl rt_command_list_async_vtbl =
{
    /* IUnknown methods */
    rt_async_QueryInterface,
    rt_async_AddRef,
    rt_async_Release,
    /* ID3D12CommandListAsyncCommands methods */
    rt_async_CopyBufferRegions,
    rt_async_CopyTextureRegions,
    rt_async_CopyResources,
    rt_async_CopyTilesAsync,
    rt_async_ResolveSubresourceRegionAsync,
    rt_async_ResolveQueryDataAsync,
    rt_async_ClearBoundDepthStencilView,
    rt_async_ClearBoundRenderTargetViews,
    rt_async_ClearTextureSubresources,
    rt_async_FillBuffers,
};
