/*
 * The ClearTextureSubresources pattern-copy emitter (seed 000): the clear value is
 * encoded once per plane (ddi_encode.h), a tile of it, a row-pitch-aligned placed
 * footprint as wide as the region and a few rows high, is taken from the allocator's
 * tile cache (fb_services.tile: written once on the CPU, shared by every list recording
 * on the allocator until its Reset), and legacy CopyTextureRegion calls copy that tile
 * into every row band of every targeted subresource (depth and stencil one plane at a
 * time; block-compressed formats as raw blocks over block-aligned regions).
 *
 * On discrete devices a tile the call copies more than once is staged: the call copies
 * it into the recording's VRAM staging block (after a barrier ordering it behind the
 * copies that read the block earlier in the recording) and its copies read it from
 * there. Staging belongs to one recording and is refreshed by every call that stages,
 * so no list relies on a copy made by another list or skipped by predication.
 *
 * Three steps, as the fill (fb_fill.h): fb_clear_acquire (per target) and
 * fb_clear_stage outside the DDI lock take the tiles and staging and plan the copies;
 * fb_clear_record inside it records them. No barrier touches the application's
 * texture: every write is a copy, in COPY / COPY_DEST, the scope the app's barriers
 * after a clear cover.
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
    bool stage_tiles;                   /* a discrete device and an unprotected texture */
};

/* A private MSAA texture a recording cleared and copied from (fb_clear_msaa.h). */
struct fb_clear_private
{
    D3D12_RESOURCE_DESC1 desc;
    D3D12DDI_HRESOURCE texture;
};

/* What the texture clears of one recording keep between calls (the list's; its Reset
 * forgets them: what they name stays the allocator's until the allocator's Reset). */
struct fb_clear_recording
{
    bool has_staging;
    struct fb_buffer_span staging;      /* FB_SERVICES_MAX_SPAN bytes of VRAM */
    bool staging_read;                  /* copies read it since its last refresh */
    struct fb_clear_private *textures;  /* the recording's private MSAA textures */
    UINT texture_count, texture_capacity;
};

void fb_clear_recording_reset(struct fb_clear_recording *recording);

/* Grows an array of `size`-byte items by one (the clear emitters' batches); the new
 * item, or NULL when memory ran out. */
void *fb_clear_grow(void **items, UINT *count, UINT *capacity, size_t size);

/* A view clear of the in-place and MSAA routes (fb_clear_inplace.h, fb_clear_msaa.h):
 * the value encoded for the view's format, the cleared planes' flags, the region's
 * rect. */
struct fb_clear_view
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE view;
    bool depth;
    FLOAT color[4];
    FLOAT depth_value;
    UINT8 stencil;
    D3D12_CLEAR_FLAGS flags;
    UINT rect_count;
    D3D12_RECT rect;
};

/* Everything but the view, from the target; planes [first_plane, first_plane + planes)
 * of a depth view. E_INVALIDARG when the value does not encode in the format. */
HRESULT fb_clear_view_init(struct fb_clear_view *clear, const struct fb_clear_target *target, bool depth,
                           UINT first_plane, UINT planes);
/* The After half of the barrier into the view's write scope. */
void fb_clear_view_write_scope(const struct fb_clear_view *clear, D3D12DDIARG_BARRIER_0124 *barrier);
/* The barrier out of the write scope to_write entered, into the copy scope with this
 * access and layout. */
void fb_clear_view_to_copy(const D3D12DDIARG_BARRIER_0124 *to_write, D3D12_BARRIER_ACCESS access,
                           D3D12_BARRIER_LAYOUT layout, D3D12DDIARG_BARRIER_0124 *barrier);
void fb_clear_view_record(const struct fb_list *list, const struct fb_clear_view *clear);

/* A tile the call reads. */
struct fb_clear_tile
{
    struct fb_buffer_span span;         /* offset placement-aligned; size: the tile's bytes */
    UINT staged_reads;                  /* copies of stageable targets reading it */
    bool staged;
    UINT64 staging_offset;              /* in the recording's staging block */
};

struct fb_clear_copy
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    UINT x, y, z;
    D3D12_BOX box;
    UINT tile;                          /* index in fb_clear_batch.tiles */
    bool stageable;
};

/* The copies of one call, in order, and the tiles they read. */
struct fb_clear_batch
{
    struct fb_clear_copy *copies;
    UINT count, capacity;
    struct fb_clear_tile *tiles;
    UINT tile_count, tile_capacity;
    bool stages;                        /* some tile is staged */
};

void fb_clear_batch_init(struct fb_clear_batch *batch);
void fb_clear_batch_cleanup(struct fb_clear_batch *batch);

/* Plans the copies of one target and takes (or writes) the tiles they read.
 * E_OUTOFMEMORY (or the service's failure) when memory ran out, E_INVALIDARG when the
 * format has no encodable element or footprint (the planner refuses those first). */
HRESULT fb_clear_acquire(const struct fb_services *services, const struct fb_clear_target *target,
                         struct fb_clear_batch *batch);

/* After every target: stages the tiles read more than once by stageable targets into
 * the recording's staging block (taken at its first use), as many as it holds; the
 * others are read from upload memory. The service's failure when the block could not
 * be had. */
HRESULT fb_clear_stage(const struct fb_services *services, struct fb_clear_recording *recording,
                       struct fb_clear_batch *batch);

void fb_clear_record(const struct fb_list *list, struct fb_clear_recording *recording,
                     const struct fb_clear_batch *batch);

#endif
