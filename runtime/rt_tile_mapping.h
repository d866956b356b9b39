/* Tiled Resources Tier 5: ExecuteTileMappings, layout tables and the tile mapping queue
 * (seed 001; the rules as specs/api.md "ExecuteTileMappings" writes them down). */
#ifndef RT_TILE_MAPPING_H
#define RT_TILE_MAPPING_H

#include "rt_device.h"
#include "rt_resource.h"

/* No layout index stored on a heap or resource. */
#define RT_NO_LAYOUT UINT_MAX

struct rt_tile_mapping_queue;

/* The device's layout tables (one node: node 0) and its tile mapping queue. */
struct rt_tile_mapping_state
{
    mtx_t mutex;                     /* guards everything here and the objects' indices */
    bool initialized;
    UINT pool_count, resource_count; /* fixed by the first successful initialisation */
    const void **pools;              /* index -> registered heap (not referenced), or NULL */
    const void **resources;          /* index -> registered reserved resource (not referenced), or NULL */
    struct rt_tile_mapping_queue *queue;   /* created at the first GetTileMappingQueue */
};

HRESULT rt_tile_mapping_create(struct rt_device *device);
/* With the device: destroys the queue through the driver, frees the tables. */
void rt_tile_mapping_destroy(struct rt_device *device);

/* Tier 5 on this device (seed 001: tier 5 and both maximums, checked at creation). */
bool rt_tile_mapping_supported(const struct rt_device *device);

/* Destroying a registered heap or resource unregisters it first (seed 001). */
void rt_tile_mapping_forget_heap(struct rt_heap *heap);
void rt_tile_mapping_forget_resource(struct rt_resource *resource);

/* The queue object (rt_tile_mapping_queue.c), owned by the device; its references are
 * the device's. */
HRESULT rt_tile_mapping_queue_create(struct rt_device *device, struct rt_tile_mapping_queue **queue);
void rt_tile_mapping_queue_destroy(struct rt_tile_mapping_queue *queue);
ID3D12TileMappingQueue *rt_tile_mapping_queue_iface(struct rt_tile_mapping_queue *queue);

/* ID3D12CommandQueue2::QueryRegisteredReservedResourceMappings, for rt_queue.c. */
HRESULT rt_tile_mapping_query(struct rt_device *device, ID3D12Resource *reserved, UINT64 start, UINT64 count,
                              UINT64 output_offset, ID3D12Resource *output);

/* Seed 001's name of an error code (128-134); NULL for any other. */
const char *rt_tile_mapping_error_name(UINT code);
/* The driver's pfnExecuteTileMappingsErrorCb. */
void APIENTRY rt_tile_mapping_error_cb(D3D12DDI_HRTDEVICE handle, UINT code, UINT64 offset);

#endif
