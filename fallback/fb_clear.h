/*
 * The ClearTextureSubresources pattern-copy emitter (seed 000): the clear value is
 * encoded once per plane (ddi_encode.h), a tile of it, a row-pitch-aligned placed
 * footprint as wide as the region and a few rows high, is written on the CPU into
 * allocator-owned upload memory, and legacy CopyTextureRegion calls copy that tile
 * into every row band of every targeted subresource (depth and stencil one plane at
 * a time; block-compressed formats as raw blocks over block-aligned regions).
 *
 * Two steps, as the fill (fb_fill.h): fb_clear_acquire outside the DDI lock takes and
 * writes the tiles and plans the copies; fb_clear_record inside it records them.
 * No barrier touches the application's texture: every write is a copy, in COPY /
 * COPY_DEST, the scope the app's barriers after a clear cover.
 *
 * The planner (fb_plan_clear.h) decides that a texture takes this route; the runtime
 * has validated the desc (subresource in range, region inside and block-aligned).
 */
#ifndef FB_CLEAR_H
#define FB_CLEAR_H

#include "fb_route.h"
#include "fb_services.h"

/* One desc of the call, translated for the driver. */
struct fb_clear_target
{
    D3D12DDI_HRESOURCE texture;
    const D3D12_RESOURCE_DESC1 *desc;   /* MipLevels resolved */
    UINT subresource;                   /* UINT_MAX: every subresource, each plane */
    DXGI_FORMAT format;                 /* the clear format, UNKNOWN resolved */
    D3D12DDI_CLEAR_DATA value;
    const D3D12_BOX *region;            /* NULL: whole subresources */
};

struct fb_clear_copy
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    UINT x, y, z;
    D3D12_BOX box;
};

/* The copies of one call, in order. */
struct fb_clear_batch
{
    struct fb_clear_copy *copies;
    UINT count, capacity;
    /* The last tile written: reused while the pattern and footprint stay the same. */
    bool has_tile;
    unsigned char tile_element[16];
    size_t tile_element_size;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT tile;
    D3D12DDI_HRESOURCE tile_buffer;
};

void fb_clear_batch_init(struct fb_clear_batch *batch);
void fb_clear_batch_cleanup(struct fb_clear_batch *batch);

/* Plans the copies of one target and writes the tiles they read. E_OUTOFMEMORY (or
 * the service's failure) when memory ran out, E_INVALIDARG when the format has no
 * encodable element or footprint (the planner refuses those first). */
HRESULT fb_clear_acquire(const struct fb_services *services, const struct fb_clear_target *target,
                         struct fb_clear_batch *batch);

void fb_clear_record(const struct fb_list *list, const struct fb_clear_batch *batch);

#endif
