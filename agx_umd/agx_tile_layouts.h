/*
 * Tiled Resources Tier 5 on AGX (seed 001): the layout tables of the one node, the
 * registrations, the mapping query, and the ExecuteTileMappings executor that the tile
 * mapping queue (agx_queue.c) runs on its own timeline. Mappings go through the same
 * page table as UpdateTileMappings (agx_tile.h): a pool tile's four pages bind the four
 * page slots of the destination tile.
 */
#ifndef AGX_TILE_LAYOUTS_H
#define AGX_TILE_LAYOUTS_H

#include <threads.h>
#include "agx_resource.h"
#include "agx_tile_tokens.h"

/* The maximums the driver reports (specs/agx_umd.md "Tier 5": a documented choice;
 * AGX has no table of its own, the tables are driver memory). */
#define AGX_TILE_MAX_POOL_LAYOUTS 4096u
#define AGX_TILE_MAX_RESOURCE_LAYOUTS 65536u

struct agx_tile_layouts
{
    mtx_t lock;                       /* the tables; held by the executor while it maps */
    bool initialized;
    uint32_t pool_count, resource_count;
    struct agx_tile_token_pool *pools;            /* the parser's view of each slot */
    const struct agx_heap **heaps;
    struct agx_tile_token_resource *resources;    /* subresources owned per slot */
    const struct agx_resource **reserved;
};

HRESULT agx_tile_layouts_create(struct agx_tile_layouts **layouts);
void agx_tile_layouts_destroy(struct agx_tile_layouts *layouts);   /* NULL-safe */

/* The nine device entries minus the queue's three (agx_queue.c). */
void agx_tile_layouts_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs);

/* One ExecuteTileMappings call as it was submitted; run on the tile mapping queue. */
struct agx_tile_execute
{
    struct agx_device *device;
    uint32_t max_dwords;
    const struct agx_resource *arguments, *count, *tile_list;   /* count, tile_list optional */
    uint64_t arguments_offset, count_offset, tile_list_offset;
};

/* Reads the count, argument and tile-list buffers from GPU memory now, parses the
 * stream against the tables and maps; a stream with an error maps nothing and is
 * reported through pfnExecuteTileMappingsErrorCb (agx_tile_tokens.h). */
void agx_tile_layouts_execute(const struct agx_tile_execute *call);

#endif
