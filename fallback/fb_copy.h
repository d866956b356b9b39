/*
 * The copy family's routes (seed 000, per-route matrix): CopyBufferRegions becomes one
 * legacy CopyBufferRegion per region, CopyTextureRegions one CopyTextureRegion per
 * region, CopyResources one CopyResource per pair and CopyTilesAsync one CopyTiles with
 * its flags unchanged. Copies were async-safe at the
 * DDI level already, and a serialized loop is one of the orders native hardware may
 * use, so nothing else is emitted.
 *
 * Planners are pure functions of the DDI arguments; emitters only emit, into a list
 * fb_route() accepted, under the caller's DDI lock. Arguments are the runtime's
 * validated DDI translation of the API call, the same the native driver receives.
 */
#ifndef FB_COPY_H
#define FB_COPY_H

#include "fb_route.h"

/* ---- Planners ------------------------------------------------------------------------ */

/* One legacy CopyBufferRegion. */
struct fb_buffer_copy
{
    D3D12DDI_HRESOURCE dst;
    UINT64 dst_offset;
    D3D12DDI_HRESOURCE src;
    UINT64 src_offset;
    UINT64 size;
};

/* Region `index` of a CopyBufferRegions batch; false when it has nothing to copy
 * (zero bytes, which the legacy call would not record either). */
bool fb_plan_buffer_region(UINT index, D3D12DDI_HRESOURCE *const *dsts, const UINT64 *dst_offsets,
                           D3D12DDI_HRESOURCE *const *srcs, const UINT64 *src_offsets, const UINT64 *sizes,
                           struct fb_buffer_copy *copy);

/* One legacy CopyTextureRegion. */
struct fb_texture_copy
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst;
    UINT dst_x, dst_y, dst_z;
    D3D12DDIARG_TEXTURE_COPY_LOCATION src;
    const D3D12_BOX *src_box;        /* NULL: the whole source subresource or footprint */
};

/* Region `region` of one texture copy desc: each side becomes a SUBRESOURCE_INDEX
 * location for a texture and a PLACED_FOOTPRINT location for a buffer. */
void fb_plan_texture_region(const D3D12DDI_TEXTURE_COPY_DESC *desc, UINT region, struct fb_texture_copy *copy);

/* ---- Emitters ------------------------------------------------------------------------- */

void fb_copy_buffer_regions(const struct fb_list *list, UINT count, D3D12DDI_HRESOURCE *const *dsts,
                            const UINT64 *dst_offsets, D3D12DDI_HRESOURCE *const *srcs, const UINT64 *src_offsets,
                            const UINT64 *sizes);
void fb_copy_texture_regions(const struct fb_list *list, UINT count, const D3D12DDI_TEXTURE_COPY_DESC *descs);
void fb_copy_resources(const struct fb_list *list, UINT count, const D3D12DDI_HRESOURCE *dsts,
                       const D3D12DDI_HRESOURCE *srcs);
void fb_copy_tiles(const struct fb_list *list, D3D12DDI_HRESOURCE tiled,
                   const D3D12DDI_TILED_RESOURCE_COORDINATE *start, const D3D12DDI_TILE_REGION_SIZE *size,
                   D3D12DDI_HRESOURCE buffer, UINT64 buffer_offset, D3D12_TILE_COPY_FLAGS flags);

#endif
