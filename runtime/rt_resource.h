/* ID3D12Heap and ID3D12Resource. */
#ifndef RT_RESOURCE_H
#define RT_RESOURCE_H

#include <stdatomic.h>
#include <threads.h>
#include "rt_device.h"

typedef ID3D12Heap1 rt_heap_iface;
typedef ID3D12Resource2 rt_resource_iface;

struct rt_heap
{
    rt_heap_iface ID3D12Heap_iface;
    atomic_uint refcount;
    atomic_uint internal_refcount;   /* 1 for all public references, +1 per placed resource */
    struct rt_private_store private_store;
    struct rt_device *device;
    struct rt_retire_node retire;    /* deferred destruction (rt_retire.h) */
    D3D12_HEAP_DESC desc;            /* as GetDesc reports it: node masks 1, Alignment resolved */
    D3D12_HEAP_PROPERTIES resolved;  /* CPU page property and memory pool filled in */
    bool cpu_visible;
    D3D12DDI_HHEAP hdrv;
    void *drv_memory;
    mtx_t map_mutex;
    unsigned int map_count;
    void *map_pointer;
    /* Seed 001: the tile pool layout index registered for node 0, RT_NO_LAYOUT (UINT_MAX)
     * when none (guarded by the device's tile-mapping mutex). */
    UINT tile_pool_layout;
};

enum rt_resource_kind
{
    RT_RESOURCE_COMMITTED,
    RT_RESOURCE_PLACED,
    RT_RESOURCE_RESERVED,
};

struct rt_resource
{
    rt_resource_iface ID3D12Resource_iface;
    atomic_uint refcount;
    struct rt_private_store private_store;
    struct rt_device *device;
    struct rt_retire_node retire;    /* deferred destruction (rt_retire.h) */
    atomic_bool named_by_views;      /* some RTV or DSV record named it (rt_descriptor_heap.h) */
    enum rt_resource_kind kind;
    D3D12_RESOURCE_DESC1 desc;           /* MipLevels 0 expanded */
    D3D12_HEAP_PROPERTIES heap_properties;   /* of the heap the memory lives in, as reported */
    D3D12_HEAP_FLAGS heap_flags;
    bool cpu_visible;                    /* UPLOAD, READBACK or a CPU-visible CUSTOM heap */
    D3D12_BARRIER_LAYOUT initial_layout;
    UINT subresource_count;

    D3D12DDI_HRESOURCE hdrv;
    D3D12DDI_HHEAP hdrv_heap;            /* the implicit heap of a committed resource */
    void *drv_memory;                    /* one block: implicit heap object + resource object */
    struct rt_heap *heap;                /* placed: the heap (internally referenced) */
    UINT64 heap_offset;
    UINT64 charged_bytes;                /* committed: its implicit heap in the memory budget */
    D3D12_GPU_VIRTUAL_ADDRESS gpu_address;   /* buffers only; 0 for textures */

    mtx_t map_mutex;
    unsigned int map_count;
    void *map_pointer;                   /* start of the resource in mapped heap memory */
    /* Seed 001: created with D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS (kept in desc
     * too, as GetDesc reports it), and the resource layout index registered for node 0,
     * UINT_MAX when none (guarded by the device's tile-mapping mutex). */
    bool execute_tile_mappings;
    UINT resource_layout;
};

struct rt_resource *rt_resource_from_iface(ID3D12Resource *iface);   /* NULL-safe; NULL if not ours */
struct rt_heap *rt_heap_from_iface(ID3D12Heap *iface);               /* NULL-safe; NULL if not ours */
static inline bool rt_resource_is_buffer(const struct rt_resource *resource)
{
    return resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER;
}

/* ---- Heaps (rt_heap.c) ---------------------------------------------------------------- */

/* The CUSTOM equivalent of a heap type on this device (GetCustomHeapProperties, UMA-aware). */
D3D12_HEAP_PROPERTIES rt_heap_properties_for_type(const struct rt_device *device, D3D12_HEAP_TYPE type);
/* E_INVALIDARG (with a WARN) for properties D3D12 rejects; fills *resolved on success. */
HRESULT rt_heap_properties_validate(const struct rt_device *device, const D3D12_HEAP_PROPERTIES *properties,
                                    D3D12_HEAP_PROPERTIES *resolved);
bool rt_heap_properties_cpu_visible(const D3D12_HEAP_PROPERTIES *resolved);
/* The node masks as D3D12 reports them (0 → 1). */
D3D12_HEAP_PROPERTIES rt_heap_properties_normalize(const D3D12_HEAP_PROPERTIES *properties);

HRESULT rt_heap_create(struct rt_device *device, const D3D12_HEAP_DESC *desc, struct rt_heap **heap);
void rt_heap_add_internal_ref(struct rt_heap *heap);
void rt_heap_release_internal_ref(struct rt_heap *heap);
/* Nested mapping of the whole heap (CPU-visible heaps only). */
HRESULT rt_heap_map(struct rt_heap *heap, void **data);
void rt_heap_unmap(struct rt_heap *heap);

/* ---- Resources (rt_resource_create.c) -------------------------------------------------- */

struct rt_resource_create_info
{
    enum rt_resource_kind kind;
    const D3D12_HEAP_PROPERTIES *heap_properties;   /* committed */
    D3D12_HEAP_FLAGS heap_flags;                    /* committed */
    struct rt_heap *heap;                           /* placed */
    UINT64 heap_offset;                             /* placed */
    const D3D12_RESOURCE_DESC1 *desc;
    bool has_layout;                                /* Create*3 / Placed2 / Reserved2 */
    D3D12_RESOURCE_STATES initial_state;
    D3D12_BARRIER_LAYOUT initial_layout;
    const D3D12_CLEAR_VALUE *clear_value;
    ID3D12ProtectedResourceSession *protected_session;
    UINT32 castable_format_count;
    const DXGI_FORMAT *castable_formats;
};

/* Validates everything D3D12 validates (E_INVALIDARG with a WARN) before allocating, then
 * creates the driver objects in one DDI call. */
HRESULT rt_resource_create(struct rt_device *device, const struct rt_resource_create_info *info,
                           struct rt_resource **resource);
/* The allocation the driver needs for desc (MipLevels 0 allowed); false for an invalid desc. */
bool rt_resource_allocation_info(struct rt_device *device, const D3D12_RESOURCE_DESC1 *desc,
                                 D3D12_RESOURCE_ALLOCATION_INFO *info);
/* The ddi_validate_resource_desc_ex() capabilities this device reports: neither
 * UnalignedBlockTexturesSupported (OPTIONS8) nor WriteableMSAATexturesSupported
 * (OPTIONS14), so 0. Creation, allocation info and GetCopyableFootprints share it. */
unsigned int rt_resource_validate_flags(const struct rt_device *device);
/* D3D12_RESOURCE_DESC → D3D12_RESOURCE_DESC1 (no sampler feedback mip region). */
D3D12_RESOURCE_DESC1 rt_resource_desc1_from_desc(const D3D12_RESOURCE_DESC *desc);

/* ---- The COM object (rt_resource.c) ---------------------------------------------------- */

/* Allocates the object for rt_resource_create (refcount 1, vtable set, store and mutex ready). */
HRESULT rt_resource_alloc(struct rt_device *device, struct rt_resource **resource);
/* Frees what rt_resource_alloc made; for the creation failure path. */
void rt_resource_free(struct rt_resource *resource);

#endif
