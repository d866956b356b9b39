/*
 * Tiled resources tiers 1-2 on AGX: heaps are tile pools (heap tile T is the 64 KiB at
 * T * 64 KiB), reserved resources are address ranges whose pages the tile mappings
 * bind, and the backend's page table is the one record of where every page lies.
 *
 * A standard tile of a reserved buffer, or a packed tile, is four consecutive pages;
 * a standard tile of a texture is four page tiles that are not contiguous
 * (agx_layout.h). Either way page slot s of a tile (0-3) is bound to the page
 * T * 64 KiB + s * 16 KiB of the heap tile T it maps to, so the four pages of a tile
 * always come from one heap tile, as on hardware (agx-facts.md section 3).
 */
#ifndef AGX_TILE_H
#define AGX_TILE_H

#include "agx_cmdbuf.h"

/* Walks the tiles of one region (D3D12's order: a box x, then y, then z; otherwise
 * NumTiles tiles in the resource's tile order from the start coordinate). */
struct agx_tile_walk
{
    const struct agx_resource *resource;
    D3D12DDI_TILED_RESOURCE_COORDINATE start;
    D3D12DDI_TILE_REGION_SIZE size;
    uint64_t first, next, count;
};

uint64_t agx_tile_count(const struct agx_resource *resource);
/* False when the start coordinate is outside the resource. */
bool agx_tile_walk_init(struct agx_tile_walk *walk, const struct agx_resource *resource,
                        const D3D12DDI_TILED_RESOURCE_COORDINATE *start, const D3D12DDI_TILE_REGION_SIZE *size);
/* The next tile's index; false when the region is done or leaves the resource. */
bool agx_tile_walk_next(struct agx_tile_walk *walk, uint64_t *index);
/* The GPU addresses of the pages behind a tile and their slots; how many there are. */
unsigned int agx_tile_pages(const struct agx_resource *resource, uint64_t index, uint64_t va[4],
                            unsigned int slots[4]);

/* A set of page bindings, applied on a queue's timeline: page va takes the frame of
 * the page at from (plus step pages), or nothing when from is 0. Every frame is read
 * before any page is bound, so overlapping copies of mappings read the old ones. */
struct agx_page_bind
{
    uint64_t va, from;
    uint32_t step;
};

struct agx_tile_binds
{
    struct agx_device *device;
    size_t count, capacity;
    struct agx_page_bind binds[];
};

/* UpdateTileMappings and CopyTileMappings as page bindings (the DDI's defaults for
 * NULL arrays applied). E_OUTOFMEMORY, or E_INVALIDARG for a heap tile outside the
 * heap or a range without a heap (the runtime's validation keeps those away). */
HRESULT agx_tile_plan_update(struct agx_device *device, const struct agx_resource *resource, UINT region_count,
        const D3D12DDI_TILED_RESOURCE_COORDINATE *coordinates, const D3D12DDI_TILE_REGION_SIZE *sizes,
        const struct agx_heap *heap, UINT range_count, const D3D12_TILE_RANGE_FLAGS *range_flags,
        const UINT *heap_offsets, const UINT *range_tile_counts, struct agx_tile_binds **out);
HRESULT agx_tile_plan_copy(struct agx_device *device, const struct agx_resource *dst,
        const D3D12DDI_TILED_RESOURCE_COORDINATE *dst_start, const struct agx_resource *src,
        const D3D12DDI_TILED_RESOURCE_COORDINATE *src_start, const D3D12DDI_TILE_REGION_SIZE *size,
        struct agx_tile_binds **out);
/* An agx_job_fn: applies and frees the bindings. */
void agx_tile_run_binds(void *context, bool execute);
/* Unbinds every page of a reserved resource (before its range is released). */
void agx_tile_unbind_all(struct agx_device *device, const struct agx_resource *resource);

/* GetMipPacking, for the device table. */
void APIENTRY agx_tile_get_mip_packing(D3D12DDI_HDEVICE device, D3D12DDI_HRESOURCE resource,
                                       D3D12_PACKED_MIP_INFO *info, D3D12_TILE_SHAPE *shape);

/* CopyTiles (agx_tile_copy.c): the legacy entry, which CopyTilesAsync shares, and its
 * execution (agx_exec.c checks predication first). */
struct agx_cmd_copy_tiles
{
    struct agx_cmd header;
    const struct agx_resource *tiled, *buffer;
    D3D12DDI_TILED_RESOURCE_COORDINATE start;
    D3D12DDI_TILE_REGION_SIZE size;
    uint64_t buffer_offset;
    bool to_buffer;
};

void APIENTRY agx_tile_copy_tiles_entry(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE tiled,
        const D3D12DDI_TILED_RESOURCE_COORDINATE *start, const D3D12DDI_TILE_REGION_SIZE *size,
        D3D12DDI_HRESOURCE buffer, UINT64 buffer_offset, D3D12_TILE_COPY_FLAGS flags);
void agx_tile_exec_copy_tiles(struct agx_backend *backend, const struct agx_cmd_copy_tiles *cmd);

#endif
