/*
 * The Async copies: CopyBufferRegions, CopyTextureRegions, CopyResources and
 * CopyTilesAsync (rt_cmdlist_async.h has the steps every method runs).
 *
 * Each region or pair obeys the legacy call's rules, checked by the validators the
 * legacy copies use (rt_cmdlist_copy.c); the checks that pick Microsoft's message ID
 * for the common mistakes (NULL, buffer where a texture belongs, subresource index)
 * run first. The arguments are translated to the DDI's once and go either to the
 * driver's Async table or to the fallback's loops (fallback/fb_copy.h).
 */
#include <inttypes.h>
#include <stdlib.h>

#include "rt_cmdlist_async.h"
#include "fb_copy.h"
#include "ddi_format.h"

/* ---- CopyBufferRegions ------------------------------------------------------------------- */

static bool rt_check_buffer_region(struct rt_command_list *list, UINT i, const struct rt_resource *dst,
                                   UINT64 dst_offset, const struct rt_resource *src, UINT64 src_offset, UINT64 size)
{
    const enum fb_api api = FB_API_COPY_BUFFER_REGIONS;
    struct rt_why why;

    if (!dst || !rt_resource_is_buffer(dst))
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_COPYBUFFERREGIONS_INVALIDDESTRESOURCE, "region %u: the "
                         "destination is NULL, not a resource of this device or not a buffer", i);
    else if (!src)
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_COPYBUFFERREGION_NULLSRC,
                         "region %u: the source is NULL or not a resource of this device", i);
    else if (!rt_resource_is_buffer(src))
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_COPYBUFFERREGION_INVALIDSRCRESOURCEDIMENSION,
                         "region %u: the source is not a buffer", i);
    else if (!rt_validate_buffer_range(dst, dst_offset, size, "destination",
                                       D3D12_MESSAGE_ID_COPYBUFFERREGION_DSTRANGEOUTOFBOUNDS, &why)
             || !rt_validate_buffer_range(src, src_offset, size, "source",
                                          D3D12_MESSAGE_ID_COPYBUFFERREGION_SRCRANGEOUTOFBOUNDS, &why))
        rt_async_invalid(list, api, why.id, "region %u: %s", i, why.text);
    else
        return true;
    return false;
}

/* Debug layer: regions of one call run in no defined order, so two that write the same
 * bytes, or one that writes what another reads, give undefined contents. One report of
 * each kind per call. A region that reads and writes intersecting bytes of one buffer is
 * undefined too, not invalid: D3D12EnhancedBarriers.md ("Self Resource Copy") lets a copy
 * use one subresource as source and destination and leaves intersecting regions to the
 * debug layer. */
static void rt_report_buffer_overlaps(struct rt_command_list *list, UINT count, ID3D12Resource *const *dsts,
                                      const UINT64 *dst_offsets, ID3D12Resource *const *srcs,
                                      const UINT64 *src_offsets, const UINT64 *sizes)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_COPYBUFFERREGIONS_REPEATED_DEST_RESOURCE;
    bool write_write = false, write_read = false, self = false;
    UINT i, j;

    for (i = 0; i < count && !self; ++i)
    {
        if (dsts[i] == srcs[i] && rt_ranges_overlap(dst_offsets[i], sizes[i], src_offsets[i], sizes[i]))
        {
            rt_async_report(list, FB_API_COPY_BUFFER_REGIONS, D3D12_MESSAGE_SEVERITY_ERROR,
                            D3D12_MESSAGE_ID_COPY_ON_SAME_SUBRESOURCE, "region %u reads and writes intersecting "
                            "bytes of one buffer; the result is undefined", i);
            self = true;
        }
    }
    for (i = 0; i < count && !(write_write && write_read); ++i)
    {
        for (j = 0; j < count && !(write_write && write_read); ++j)
        {
            if (i == j)
                continue;
            if (!write_write && j > i && dsts[i] == dsts[j]
                    && rt_ranges_overlap(dst_offsets[i], sizes[i], dst_offsets[j], sizes[j]))
            {
                rt_async_report(list, FB_API_COPY_BUFFER_REGIONS, D3D12_MESSAGE_SEVERITY_WARNING, id,
                                "regions %u and %u write overlapping bytes of one buffer; the result is undefined",
                                i, j);
                write_write = true;
            }
            if (!write_read && dsts[i] == srcs[j]
                    && rt_ranges_overlap(dst_offsets[i], sizes[i], src_offsets[j], sizes[j]))
            {
                rt_async_report(list, FB_API_COPY_BUFFER_REGIONS, D3D12_MESSAGE_SEVERITY_WARNING, id,
                                "region %u writes bytes region %u reads; the result is undefined", i, j);
                write_read = true;
            }
        }
    }
}

void STDMETHODCALLTYPE rt_command_list_CopyBufferRegions(rt_cl *iface, UINT count, ID3D12Resource *const *dst_buffers,
                                                         const UINT64 *dst_offsets, ID3D12Resource *const *src_buffers,
                                                         const UINT64 *src_offsets, const UINT64 *sizes)
{
    const enum fb_api api = FB_API_COPY_BUFFER_REGIONS;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_HRESOURCE *handles = NULL, **dst_ptrs = NULL, **src_ptrs = NULL;
    enum rt_async_route route;
    UINT i;

    RT_TRACE("iface %p, count %u.", iface, count);

    if (!rt_async_begin(list, RT_ASYNC_COPY_LISTS, api) || !count)
        return;
    if (!dst_buffers || !dst_offsets || !src_buffers || !src_offsets || !sizes)
    {
        rt_async_invalid(list, api, rt_corrupted_parameter_id(!dst_buffers ? 2 : !dst_offsets ? 3 : !src_buffers ? 4
                         : !src_offsets ? 5 : 6), "NULL array for %u regions", count);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!rt_check_buffer_region(list, i, rt_command_list_resource(list, dst_buffers[i]), dst_offsets[i],
                                    rt_command_list_resource(list, src_buffers[i]), src_offsets[i], sizes[i]))
            return;
    }
    if (rt_async_debug_checks(list))
        rt_report_buffer_overlaps(list, count, dst_buffers, dst_offsets, src_buffers, src_offsets, sizes);
    if ((route = RT_ASYNC_ROUTE(list, pfnCopyBufferRegions, api)) == RT_ASYNC_ROUTE_NONE)
        return;

    /* The DDI takes arrays of pointers to handles (D3D12AsyncCommands.md). */
    if (!(handles = calloc(2 * (size_t)count, sizeof(*handles))) || !(dst_ptrs = calloc(count, sizeof(*dst_ptrs)))
            || !(src_ptrs = calloc(count, sizeof(*src_ptrs))))
    {
        rt_async_out_of_memory(list, api);
        goto done;
    }
    for (i = 0; i < count; ++i)
    {
        handles[2 * i] = rt_command_list_resource(list, dst_buffers[i])->hdrv;
        handles[2 * i + 1] = rt_command_list_resource(list, src_buffers[i])->hdrv;
        dst_ptrs[i] = &handles[2 * i];
        src_ptrs[i] = &handles[2 * i + 1];
    }
    if (route == RT_ASYNC_ROUTE_NATIVE)
        RT_ASYNC_CALL(list, pfnCopyBufferRegions, count, dst_ptrs, dst_offsets, src_ptrs, src_offsets, sizes);
    else
        RT_ASYNC_EMIT(list, fb_copy_buffer_regions, count, dst_ptrs, dst_offsets, src_ptrs, src_offsets, sizes);

done:
    free(handles);
    free(dst_ptrs);
    free(src_ptrs);
}

/* ---- CopyTextureRegions ------------------------------------------------------------------ */

/* One D3D12_TEXTURE_COPY_DESC as the two sides of rt_validate_texture_copy; false for an
 * unknown Type. */
static bool rt_texture_copy_desc_sides(struct rt_command_list *list,
                                       const D3D12_TEXTURE_COPY_DESC *desc, struct rt_texture_copy_side *dst,
                                       struct rt_texture_copy_side *src)
{
    const D3D12_BUFFER_TEXTURE_COPY_DESC *bt = &desc->BufferTextureCopy;
    struct rt_texture_copy_side *buffer_side, *texture_side;

    memset(dst, 0, sizeof(*dst));
    memset(src, 0, sizeof(*src));
    switch (desc->Type)
    {
        case D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_TEXTURE:
            dst->resource = rt_command_list_resource(list, desc->TextureTextureCopy.pDest);
            dst->subresource = desc->TextureTextureCopy.DestSubresourceIndex;
            src->resource = rt_command_list_resource(list, desc->TextureTextureCopy.pSource);
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
    buffer_side->resource = rt_command_list_resource(list, bt->pBuffer);
    buffer_side->is_footprint = true;
    buffer_side->footprint = bt->PlacedFootprint;
    texture_side->resource = rt_command_list_resource(list, bt->pTexture);
    texture_side->subresource = bt->SubresourceIndex;
    return true;
}

static bool rt_check_texture_copy_side(struct rt_command_list *list, UINT i, const struct rt_texture_copy_side *side,
                                       bool is_dst)
{
    const enum fb_api api = FB_API_COPY_TEXTURE_REGIONS;
    const char *what = is_dst ? "destination" : "source";

    if (!side->resource)
        rt_async_invalid(list, api, is_dst ? D3D12_MESSAGE_ID_COPYTEXTUREREGION_NULLDST
                         : D3D12_MESSAGE_ID_COPYTEXTUREREGION_NULLSRC,
                         "desc %u: the %s is NULL or not a resource of this device", i, what);
    else if (side->is_footprint != rt_resource_is_buffer(side->resource))
        rt_async_invalid(list, api, is_dst ? D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTRESOURCEDIMENSION
                         : D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCRESOURCEDIMENSION,
                         "desc %u: the %s is a %s where its Type wants a %s", i, what,
                         side->is_footprint ? "texture" : "buffer", side->is_footprint ? "buffer" : "texture");
    else if (!side->is_footprint && side->subresource >= side->resource->subresource_count)
        rt_async_invalid(list, api, is_dst ? D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTSUBRESOURCE
                         : D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCSUBRESOURCE,
                         "desc %u: %s subresource %u is out of range (%u)", i, what, side->subresource,
                         side->resource->subresource_count);
    else
        return true;
    return false;
}

static bool rt_check_texture_copy_desc(struct rt_command_list *list, UINT i, const D3D12_TEXTURE_COPY_DESC *desc)
{
    const enum fb_api api = FB_API_COPY_TEXTURE_REGIONS;
    struct rt_texture_copy_side dst, src;
    const D3D12_TEXTURE_COPY_REGION *region;
    const D3D12_BOX *box;
    struct rt_why why;
    UINT j;

    if (!rt_texture_copy_desc_sides(list, desc, &dst, &src))
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_COPYTEXTUREREGION_UNRECOGNIZEDDSTTYPE, "desc %u: Type %#x is "
                         "not a D3D12_TEXTURE_COPY_DESC_TYPE", i, desc->Type);
        return false;
    }
    if (!rt_check_texture_copy_side(list, i, &dst, true) || !rt_check_texture_copy_side(list, i, &src, false))
        return false;
    if (desc->NumRegions && !desc->pCopyRegions)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2, "desc %u: %u regions but a NULL region "
                         "array", i,
                         desc->NumRegions);
        return false;
    }
    for (j = 0; j < desc->NumRegions; ++j)
    {
        region = &desc->pCopyRegions[j];
        if ((box = region->pSourceBox) && rt_box_is_empty(box))
        {
            rt_async_invalid(list, api, D3D12_MESSAGE_ID_COPYTEXTUREREGION_EMPTYBOX, "desc %u, region %u: the "
                             "source box (%u,%u,%u)-(%u,%u,%u) is empty", i, j, box->left, box->top, box->front,
                             box->right, box->bottom, box->back);
            return false;
        }
        /* Formats, footprints, box and destination bounds, block alignment, whole
         * depth-stencil and MSAA subresources: CopyTextureRegion's rules. */
        if (!rt_validate_texture_copy(&dst, region->DestX, region->DestY, region->DestZ, &src, box, &why))
        {
            rt_async_invalid(list, api, why.id, "desc %u, region %u: %s", i, j, why.text);
            return false;
        }
    }
    return true;
}

/* Where one region writes: a texture subresource, or a buffer footprint's bytes; the
 * box in destination coordinates. */
struct rt_copy_write
{
    const struct rt_resource *resource;
    bool footprint;
    UINT subresource;
    UINT64 offset, span;             /* footprint: its first byte and byte count */
    UINT row_pitch;
    D3D12_BOX box;
};

static void rt_copy_write_of(struct rt_command_list *list,
                             const D3D12_TEXTURE_COPY_DESC *desc, const D3D12_TEXTURE_COPY_REGION *region,
                             struct rt_copy_write *write)
{
    const struct ddi_format_info *info;
    struct rt_texture_copy_side dst, src;
    const D3D12_SUBRESOURCE_FOOTPRINT *fp;
    UINT w, h, d;

    rt_texture_copy_desc_sides(list, desc, &dst, &src);
    if (region->pSourceBox)
    {
        w = region->pSourceBox->right - region->pSourceBox->left;
        h = region->pSourceBox->bottom - region->pSourceBox->top;
        d = region->pSourceBox->back - region->pSourceBox->front;
    }
    else if (src.is_footprint)
    {
        w = src.footprint.Footprint.Width;
        h = src.footprint.Footprint.Height;
        d = src.footprint.Footprint.Depth;
    }
    else
    {
        rt_resource_subresource_size(src.resource, src.subresource, &w, &h, &d);
    }
    memset(write, 0, sizeof(*write));
    write->resource = dst.resource;
    write->footprint = dst.is_footprint;
    write->subresource = dst.subresource;
    write->box.left = region->DestX;
    write->box.top = region->DestY;
    write->box.front = region->DestZ;
    write->box.right = region->DestX + w;
    write->box.bottom = region->DestY + h;
    write->box.back = region->DestZ + d;
    if (dst.is_footprint)
    {
        fp = &dst.footprint.Footprint;
        info = ddi_format_get(fp->Format);
        write->offset = dst.footprint.Offset;
        write->row_pitch = fp->RowPitch;
        write->span = (UINT64)fp->RowPitch * (fp->Height / info->block_height) * fp->Depth;
    }
}

static bool rt_copy_writes_overlap(const struct rt_copy_write *a, const struct rt_copy_write *b)
{
    if (a->resource != b->resource)
        return false;
    if (!a->footprint)
        return a->subresource == b->subresource && rt_boxes_overlap(&a->box, &b->box);
    /* The same footprint: its regions; two footprints of one buffer: their bytes. */
    if (a->offset == b->offset && a->row_pitch == b->row_pitch)
        return rt_boxes_overlap(&a->box, &b->box);
    return rt_ranges_overlap(a->offset, a->span, b->offset, b->span);
}

/* Debug layer: two regions of one call writing the same texels (one report per call). */
static void rt_report_texture_overlaps(struct rt_command_list *list, UINT count, const D3D12_TEXTURE_COPY_DESC *descs)
{
    struct rt_copy_write *writes;
    size_t total = 0, n = 0, a, b;
    UINT i, j;

    for (i = 0; i < count; ++i)
        total += descs[i].NumRegions;
    /* A report only: without memory there is none. */
    if (total < 2 || !(writes = calloc(total, sizeof(*writes))))
        return;
    for (i = 0; i < count; ++i)
    {
        for (j = 0; j < descs[i].NumRegions; ++j)
            rt_copy_write_of(list, &descs[i], &descs[i].pCopyRegions[j], &writes[n++]);
    }
    for (a = 0; a < total; ++a)
    {
        for (b = a + 1; b < total; ++b)
        {
            if (rt_copy_writes_overlap(&writes[a], &writes[b]))
            {
                rt_async_report(list, FB_API_COPY_TEXTURE_REGIONS, D3D12_MESSAGE_SEVERITY_WARNING,
                                D3D12_MESSAGE_ID_COPYTEXTUREREGIONS_REPEATED_DEST_RESOURCE, "regions %zu and %zu "
                                "(counted across the descs) write the same texels; the result is undefined", a, b);
                free(writes);
                return;
            }
        }
    }
    free(writes);
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
    const enum fb_api api = FB_API_COPY_TEXTURE_REGIONS;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_texture_copy_side dst, src;
    D3D12DDI_TEXTURE_COPY_DESC *ddi_descs = NULL;
    D3D12DDI_TEXTURE_COPY_REGION *ddi_regions = NULL;
    const D3D12_TEXTURE_COPY_REGION *region;
    UINT64 region_count = 0, next = 0;
    enum rt_async_route route;
    UINT i, j;

    RT_TRACE("iface %p, count %u, descs %p.", iface, count, descs);

    if (!rt_async_begin(list, RT_ASYNC_COPY_LISTS, api) || !count)
        return;
    if (!descs)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2, "NULL array for %u descs", count);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!rt_check_texture_copy_desc(list, i, &descs[i]))
            return;
        region_count += descs[i].NumRegions;
    }
    if (rt_async_debug_checks(list))
        rt_report_texture_overlaps(list, count, descs);
    if ((route = RT_ASYNC_ROUTE(list, pfnCopyTextureRegions, api)) == RT_ASYNC_ROUTE_NONE)
        return;

    if (!(ddi_descs = calloc(count, sizeof(*ddi_descs)))
            || (region_count && !(ddi_regions = calloc(region_count, sizeof(*ddi_regions)))))
    {
        rt_async_out_of_memory(list, api);
        goto done;
    }
    for (i = 0; i < count; ++i)
    {
        rt_texture_copy_desc_sides(list, &descs[i], &dst, &src);
        rt_texture_copy_side_to_ddi(&dst, &ddi_descs[i].DstBufferPlacement, &ddi_descs[i].DstPlacedResource);
        rt_texture_copy_side_to_ddi(&src, &ddi_descs[i].SrcBufferPlacement, &ddi_descs[i].SrcPlacedResource);
        ddi_descs[i].NumRegions = descs[i].NumRegions;
        /* Every desc may have no region: then there is no array to point into. */
        ddi_descs[i].pRegions = ddi_regions ? &ddi_regions[next] : NULL;
        for (j = 0; j < descs[i].NumRegions; ++j, ++next)
        {
            region = &descs[i].pCopyRegions[j];
            ddi_regions[next].DstOffsetX = region->DestX;
            ddi_regions[next].DstOffsetY = region->DestY;
            ddi_regions[next].DstOffsetZ = region->DestZ;
            ddi_regions[next].pSrcBox = region->pSourceBox;
        }
    }
    if (route == RT_ASYNC_ROUTE_NATIVE)
        RT_ASYNC_CALL(list, pfnCopyTextureRegions, count, ddi_descs);
    else
        RT_ASYNC_EMIT(list, fb_copy_texture_regions, count, ddi_descs);

done:
    free(ddi_descs);
    free(ddi_regions);
}

/* ---- CopyResources ----------------------------------------------------------------------- */

static bool rt_check_resource_pair(struct rt_command_list *list, UINT i, const struct rt_resource *dst,
                                   const struct rt_resource *src)
{
    const enum fb_api api = FB_API_COPY_RESOURCES;
    struct rt_why why;

    if (!dst)
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_COPYRESOURCE_NULLDST,
                         "pair %u: the destination is NULL or not a resource of this device", i);
    else if (!src)
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_COPYRESOURCE_NULLSRC,
                         "pair %u: the source is NULL or not a resource of this device", i);
    /* The same resource twice, or two that differ in kind, size, mips, samples or format. */
    else if (!rt_validate_copy_resource(dst, src, &why))
        rt_async_invalid(list, api, why.id, "pair %u: %s", i, why.text);
    else
        return true;
    return false;
}

void STDMETHODCALLTYPE rt_command_list_CopyResources(rt_cl *iface, UINT count, ID3D12Resource *const *dst_resources,
                                                     ID3D12Resource *const *src_resources)
{
    const enum fb_api api = FB_API_COPY_RESOURCES;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    enum rt_async_route route;
    D3D12DDI_HRESOURCE *handles;
    UINT i, j;

    RT_TRACE("iface %p, count %u.", iface, count);

    if (!rt_async_begin(list, RT_ASYNC_COPY_LISTS, api) || !count)
        return;
    if (!dst_resources || !src_resources)
    {
        rt_async_invalid(list, api, rt_corrupted_parameter_id(!dst_resources ? 2 : 3), "NULL array for %u pairs",
                         count);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!rt_check_resource_pair(list, i, rt_command_list_resource(list, dst_resources[i]),
                                    rt_command_list_resource(list, src_resources[i])))
            return;
    }
    for (i = 0; rt_async_debug_checks(list) && i < count; ++i)
    {
        for (j = i + 1; j < count; ++j)
        {
            if (dst_resources[i] == dst_resources[j])
            {
                rt_async_report(list, api, D3D12_MESSAGE_SEVERITY_WARNING,
                                D3D12_MESSAGE_ID_COPYRESOURCES_REPEATED_DEST_RESOURCE, "pairs %u and %u write the "
                                "same resource; the result is undefined", i, j);
                i = count;
                break;
            }
        }
    }
    if ((route = RT_ASYNC_ROUTE(list, pfnCopyResources, api)) == RT_ASYNC_ROUTE_NONE)
        return;
    if (!(handles = calloc(2 * (size_t)count, sizeof(*handles))))
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        handles[i] = rt_command_list_resource(list, dst_resources[i])->hdrv;
        handles[count + i] = rt_command_list_resource(list, src_resources[i])->hdrv;
    }
    if (route == RT_ASYNC_ROUTE_NATIVE)
        RT_ASYNC_CALL(list, pfnCopyResources, count, handles, handles + count);
    else
        RT_ASYNC_EMIT(list, fb_copy_resources, count, handles, handles + count);
    free(handles);
}

/* ---- CopyTilesAsync ---------------------------------------------------------------------- */

void STDMETHODCALLTYPE rt_command_list_CopyTilesAsync(rt_cl *iface, ID3D12Resource *tiled_iface,
                                                      const D3D12_TILED_RESOURCE_COORDINATE *start,
                                                      const D3D12_TILE_REGION_SIZE *size, ID3D12Resource *buffer_iface,
                                                      UINT64 offset, D3D12_TILE_COPY_FLAGS flags)
{
    const enum fb_api api = FB_API_COPY_TILES_ASYNC;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *tiled = rt_command_list_resource(list, tiled_iface);
    struct rt_resource *buffer = rt_command_list_resource(list, buffer_iface);
    D3D12DDI_TILED_RESOURCE_COORDINATE ddi_start;
    D3D12DDI_TILE_REGION_SIZE ddi_size;
    enum rt_async_route route;
    struct rt_why why;

    RT_TRACE("iface %p, tiled %p, buffer %p, offset %#" PRIx64 ", flags %#x.", iface, tiled_iface, buffer_iface,
             offset, flags);

    if (!rt_async_begin(list, RT_ASYNC_COPY_LISTS, api))
        return;
    /* CopyTiles' rules: a reserved resource, its region, the flags, the buffer's bytes. */
    if (!rt_validate_copy_tiles(tiled, start, size, buffer, offset, flags, &why))
    {
        rt_async_invalid(list, api, why.id, "%s", why.text);
        return;
    }
    if ((route = RT_ASYNC_ROUTE(list, pfnCopyTilesAsync, api)) == RT_ASYNC_ROUTE_NONE)
        return;
    rt_tile_region_to_ddi(start, size, &ddi_start, &ddi_size);
    if (route == RT_ASYNC_ROUTE_NATIVE)
        RT_ASYNC_CALL(list, pfnCopyTilesAsync, tiled->hdrv, &ddi_start, &ddi_size, buffer->hdrv, offset, flags);
    else
        RT_ASYNC_EMIT(list, fb_copy_tiles, tiled->hdrv, &ddi_start, &ddi_size, buffer->hdrv, offset, flags);
}
