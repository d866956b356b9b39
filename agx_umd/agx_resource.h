/* Heaps and resources. */
#ifndef AGX_RESOURCE_H
#define AGX_RESOURCE_H

#include "agx_device.h"
#include "agx_layout.h"

/* Lives in the runtime's memory (CalcPrivateHeapAndResourceSizes). */
struct agx_heap
{
    struct agx_bo *bo;
    uint64_t size;
    D3D12_HEAP_PROPERTIES properties;
    D3D12_HEAP_FLAGS flags;
    bool cpu_visible;
    bool execute_tile_mappings;   /* D3D12DDI_HEAP_FLAG_0124_ALLOW_EXECUTE_TILE_MAPPINGS */
};

struct agx_resource
{
    struct agx_device *device;
    D3D12DDI_RESOURCE_KIND kind;
    D3D12_RESOURCE_DESC1 desc;
    struct agx_heap *heap;        /* committed: its own heap; placed: the heap; reserved: NULL */
    uint64_t heap_offset;
    uint64_t va;                  /* GPU address of byte 0 (reserved: the reserved range) */
    uint64_t size;                /* bytes the resource spans */
    uint64_t allocation_size;     /* GetResourceAllocationInfo's size */
    struct agx_layout layout;     /* textures */
    bool execute_tile_mappings;   /* D3D12DDI_RESOURCE_FLAG_0124_ALLOW_EXECUTE_TILE_MAPPINGS */
    struct agx_resource *registry_next;   /* the registry's chain (agx_device.h) */
};

/* The device's registry of existing resources (agx_resource.c). */
HRESULT agx_resource_registry_init(struct agx_resource_registry *registry);
void agx_resource_registry_finish(struct agx_resource_registry *registry);
/* Whether `resource` (a pointer a descriptor holds, never dereferenced here) is a
 * resource of the device that has not been destroyed. */
bool agx_resource_exists(struct agx_device *device, const struct agx_resource *resource);

static inline struct agx_resource *agx_resource_from_handle(D3D12DDI_HRESOURCE handle)
{
    return handle.pDrvPrivate;
}

static inline struct agx_heap *agx_heap_from_handle(D3D12DDI_HHEAP handle)
{
    return handle.pDrvPrivate;
}

static inline bool agx_resource_is_buffer(const struct agx_resource *resource)
{
    return resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER;
}

#endif
