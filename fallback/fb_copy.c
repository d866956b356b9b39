/* The copy family lowered onto the legacy copies (fb_copy.h). */
#include <string.h>

#include "fb_copy.h"

bool fb_plan_buffer_region(UINT index, D3D12DDI_HRESOURCE *const *dsts, const UINT64 *dst_offsets,
                           D3D12DDI_HRESOURCE *const *srcs, const UINT64 *src_offsets, const UINT64 *sizes,
                           struct fb_buffer_copy *copy)
{
    copy->dst = *dsts[index];
    copy->dst_offset = dst_offsets[index];
    copy->src = *srcs[index];
    copy->src_offset = src_offsets[index];
    copy->size = sizes[index];
    return copy->size != 0;
}

/* A texture copy side holds either a buffer placement or a texture subresource: the
 * one whose handle is set (D3D12DDI_TEXTURE_COPY_DESC). */
static void fb_copy_location(const D3D12DDIARG_BUFFER_PLACEMENT *buffer, const D3D12DDIARG_PLACED_RESOURCE *texture,
                             D3D12DDIARG_TEXTURE_COPY_LOCATION *location)
{
    memset(location, 0, sizeof(*location));
    if (buffer->hBuffer.pDrvPrivate)
    {
        location->hResource = buffer->hBuffer;
        location->Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
        location->PlacedFootprint = buffer->Placement;
    }
    else
    {
        location->hResource = texture->hResource;
        location->Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
        location->SubresourceIndex = texture->SubresourceIndex;
    }
}

void fb_plan_texture_region(const D3D12DDI_TEXTURE_COPY_DESC *desc, UINT region, struct fb_texture_copy *copy)
{
    const D3D12DDI_TEXTURE_COPY_REGION *r = &desc->pRegions[region];

    fb_copy_location(&desc->DstBufferPlacement, &desc->DstPlacedResource, &copy->dst);
    fb_copy_location(&desc->SrcBufferPlacement, &desc->SrcPlacedResource, &copy->src);
    copy->dst_x = r->DstOffsetX;
    copy->dst_y = r->DstOffsetY;
    copy->dst_z = r->DstOffsetZ;
    /* A NULL box means the whole source on both APIs: passed through as it is. */
    copy->src_box = r->pSrcBox;
}

void fb_copy_buffer_regions(const struct fb_list *list, UINT count, D3D12DDI_HRESOURCE *const *dsts,
                            const UINT64 *dst_offsets, D3D12DDI_HRESOURCE *const *srcs, const UINT64 *src_offsets,
                            const UINT64 *sizes)
{
    struct fb_buffer_copy copy;
    UINT i;

    for (i = 0; i < count; ++i)
    {
        if (fb_plan_buffer_region(i, dsts, dst_offsets, srcs, src_offsets, sizes, &copy))
            list->ddi->pfnCopyBufferRegion(list->hdrv, copy.dst, copy.dst_offset, copy.src, copy.src_offset,
                                           copy.size);
    }
}

void fb_copy_texture_regions(const struct fb_list *list, UINT count, const D3D12DDI_TEXTURE_COPY_DESC *descs)
{
    struct fb_texture_copy copy;
    UINT i, j;

    for (i = 0; i < count; ++i)
    {
        for (j = 0; j < descs[i].NumRegions; ++j)
        {
            fb_plan_texture_region(&descs[i], j, &copy);
            list->ddi->pfnCopyTextureRegion(list->hdrv, &copy.dst, copy.dst_x, copy.dst_y, copy.dst_z, &copy.src,
                                            copy.src_box);
        }
    }
}

void fb_copy_resources(const struct fb_list *list, UINT count, const D3D12DDI_HRESOURCE *dsts,
                       const D3D12DDI_HRESOURCE *srcs)
{
    UINT i;

    for (i = 0; i < count; ++i)
        list->ddi->pfnCopyResource(list->hdrv, dsts[i], srcs[i]);
}

/* The legacy call takes the same arguments: nothing to plan, the flags pass through. */
void fb_copy_tiles(const struct fb_list *list, D3D12DDI_HRESOURCE tiled,
                   const D3D12DDI_TILED_RESOURCE_COORDINATE *start, const D3D12DDI_TILE_REGION_SIZE *size,
                   D3D12DDI_HRESOURCE buffer, UINT64 buffer_offset, D3D12_TILE_COPY_FLAGS flags)
{
    list->ddi->pfnCopyTiles(list->hdrv, tiled, start, size, buffer, buffer_offset, flags);
}
