/*
 * Tiles of reserved resources as the runtime counts them (rt_device_memory.c): the
 * tiling GetResourceTiling reports, and the region checks UpdateTileMappings,
 * CopyTileMappings and CopyTiles share.
 */
#ifndef RT_TILE_H
#define RT_TILE_H

#include "rt_resource.h"

/* GetResourceTiling for one of this runtime's resources (all outputs optional). */
void rt_resource_get_tiling(const struct rt_resource *resource, UINT *total_tiles, D3D12_PACKED_MIP_INFO *packed,
                            D3D12_TILE_SHAPE *shape, UINT *subresource_count, UINT first,
                            D3D12_SUBRESOURCE_TILING *tilings);

/*
 * A region of a reserved resource: the start's subresource exists; a box lies in one
 * standard mip's tiles (packed mips take no box) and NumTiles is its volume; without a
 * box the start is a tile of the resource (of a packed mip: X counts its packed tiles)
 * and NumTiles tiles from there stay in the resource. *tiles receives the count.
 */
bool rt_tile_region_check(const struct rt_resource *resource, const D3D12_TILED_RESOURCE_COORDINATE *start,
                          const D3D12_TILE_REGION_SIZE *size, UINT64 *tiles, char *why, size_t why_size);
/* A valid region for a mapping: packed mips are mapped all or none, so it covers each
 * slice's packed tiles whole or not at all. */
bool rt_tile_region_check_packed(const struct rt_resource *resource, const D3D12_TILED_RESOURCE_COORDINATE *start,
                                 const D3D12_TILE_REGION_SIZE *size, char *why, size_t why_size);

#endif
