/*
 * Heaps (memory objects of the backend), committed, placed and reserved resources,
 * their allocation sizes and GPU addresses.
 */
#include <stdlib.h>
#include <string.h>
#include "agx_resource.h"
#include "agx_tile.h"
#include "ddi_layout.h"

static bool agx_heap_properties_cpu_visible(const D3D12_HEAP_PROPERTIES *properties)
{
    switch (properties->Type)
    {
        case D3D12_HEAP_TYPE_UPLOAD:
        case D3D12_HEAP_TYPE_READBACK:
            return true;
        case D3D12_HEAP_TYPE_CUSTOM:
            return properties->CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE
                    || properties->CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
        default:
            return false;
    }
}

/*
 * Buffers: the width rounded up to 64 KiB, 64 KiB aligned. Textures: the layout's
 * size, 64 KiB aligned; 4 KiB for small textures that ask for it, 4 MiB for
 * multisampled ones unless a small one asks for 64 KiB: D3D12's placement rules,
 * "small" as ddi_small_placement_allowed() sizes it (the top level only, so a small
 * texture's whole layout may pass 64 KiB).
 */
static HRESULT agx_resource_allocation_info(const D3D12_RESOURCE_DESC1 *desc, struct agx_layout *layout,
                                            D3D12DDI_RESOURCE_ALLOCATION_INFO *info)
{
    uint64_t size, alignment = AGX_ALLOCATION_ALIGNMENT;
    HRESULT hr;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        if (!desc->Width)
            return E_INVALIDARG;
        info->SizeInBytes = agx_align(desc->Width, AGX_ALLOCATION_ALIGNMENT);
        info->Alignment = AGX_ALLOCATION_ALIGNMENT;
        return S_OK;
    }
    if (FAILED(hr = agx_layout_init(layout, desc)))
        return hr;
    size = agx_layout_total_size(layout);
    if (desc->SampleDesc.Count > 1)
    {
        if (!(desc->Alignment == AGX_ALLOCATION_ALIGNMENT && ddi_small_placement_allowed(desc)))
            alignment = AGX_MSAA_ALIGNMENT;
    }
    else if (desc->Alignment == AGX_SMALL_ALIGNMENT && ddi_small_placement_allowed(desc))
    {
        alignment = AGX_SMALL_ALIGNMENT;
    }
    info->SizeInBytes = agx_align(size, alignment);
    info->Alignment = alignment;
    return S_OK;
}

static void APIENTRY agx_resource_get_allocation_info(D3D12DDI_HDEVICE device, const D3D12_RESOURCE_DESC1 *desc,
                                                      D3D12DDI_RESOURCE_ALLOCATION_INFO *info)
{
    struct agx_layout layout;

    if (FAILED(agx_resource_allocation_info(desc, &layout, info)))
    {
        info->SizeInBytes = UINT64_MAX;
        info->Alignment = AGX_ALLOCATION_ALIGNMENT;
    }
}

static D3D12DDI_HEAP_AND_RESOURCE_SIZES APIENTRY agx_resource_calc_private_sizes(D3D12DDI_HDEVICE device,
        const D3D12DDIARG_CREATEHEAP_0124 *heap_args, const D3D12DDIARG_CREATERESOURCE_0124 *resource_args)
{
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes;

    sizes.Heap = heap_args ? sizeof(struct agx_heap) : 0;
    sizes.Resource = resource_args ? sizeof(struct agx_resource) : 0;
    return sizes;
}

static HRESULT agx_heap_init(struct agx_device *device, struct agx_heap *heap, const D3D12DDIARG_CREATEHEAP_0124 *args,
                             uint64_t size, uint64_t alignment)
{
    HRESULT hr;

    memset(heap, 0, sizeof(*heap));
    if (FAILED(hr = device->backend->ops->bo_create(device->backend, size, alignment, &heap->bo)))
        return hr;
    heap->size = size;
    heap->properties = args->Properties;
    heap->flags = args->Flags;
    heap->execute_tile_mappings = !!(args->Flags0124 & D3D12DDI_HEAP_FLAG_0124_ALLOW_EXECUTE_TILE_MAPPINGS);
    heap->cpu_visible = agx_heap_properties_cpu_visible(&args->Properties);
    return S_OK;
}

static void agx_heap_finish(struct agx_device *device, struct agx_heap *heap)
{
    device->backend->ops->bo_destroy(device->backend, heap->bo);
    heap->bo = NULL;
}

/* ---- The registry of existing resources (agx_device.h) ---------------------------------- */

#define AGX_REGISTRY_FIRST_BUCKETS 256

HRESULT agx_resource_registry_init(struct agx_resource_registry *registry)
{
    if (!(registry->buckets = calloc(AGX_REGISTRY_FIRST_BUCKETS, sizeof(*registry->buckets))))
        return E_OUTOFMEMORY;
    if (mtx_init(&registry->mutex, mtx_plain) != thrd_success)
    {
        free(registry->buckets);
        return E_OUTOFMEMORY;
    }
    registry->bucket_count = AGX_REGISTRY_FIRST_BUCKETS;
    registry->count = 0;
    return S_OK;
}

void agx_resource_registry_finish(struct agx_resource_registry *registry)
{
    mtx_destroy(&registry->mutex);
    free(registry->buckets);
    registry->buckets = NULL;
}

static size_t agx_registry_bucket(size_t bucket_count, const struct agx_resource *resource)
{
    return (size_t)(((uint64_t)(uintptr_t)resource * 0x9e3779b97f4a7c15ull) >> 32) & (bucket_count - 1);
}

/* Under the mutex. Without memory the chains just get longer. */
static void agx_registry_grow(struct agx_resource_registry *registry)
{
    size_t count = 2 * registry->bucket_count, i;
    struct agx_resource **buckets, *resource, *next;

    if (!(buckets = calloc(count, sizeof(*buckets))))
        return;
    for (i = 0; i < registry->bucket_count; ++i)
    {
        for (resource = registry->buckets[i]; resource; resource = next)
        {
            next = resource->registry_next;
            resource->registry_next = buckets[agx_registry_bucket(count, resource)];
            buckets[agx_registry_bucket(count, resource)] = resource;
        }
    }
    free(registry->buckets);
    registry->buckets = buckets;
    registry->bucket_count = count;
}

static void agx_registry_insert(struct agx_resource_registry *registry, struct agx_resource *resource)
{
    struct agx_resource **bucket;

    mtx_lock(&registry->mutex);
    if (registry->count >= 2 * registry->bucket_count)
        agx_registry_grow(registry);
    bucket = &registry->buckets[agx_registry_bucket(registry->bucket_count, resource)];
    resource->registry_next = *bucket;
    *bucket = resource;
    ++registry->count;
    mtx_unlock(&registry->mutex);
}

static void agx_registry_remove(struct agx_resource_registry *registry, struct agx_resource *resource)
{
    struct agx_resource **link;

    mtx_lock(&registry->mutex);
    for (link = &registry->buckets[agx_registry_bucket(registry->bucket_count, resource)]; *link;
            link = &(*link)->registry_next)
    {
        if (*link == resource)
        {
            *link = resource->registry_next;
            --registry->count;
            break;
        }
    }
    mtx_unlock(&registry->mutex);
}

bool agx_resource_exists(struct agx_device *device, const struct agx_resource *resource)
{
    struct agx_resource_registry *registry = &device->resources;
    const struct agx_resource *entry;

    mtx_lock(&registry->mutex);
    for (entry = registry->buckets[agx_registry_bucket(registry->bucket_count, resource)]; entry;
            entry = entry->registry_next)
    {
        if (entry == resource)
            break;
    }
    mtx_unlock(&registry->mutex);
    return entry != NULL;
}

/* ---- Creation and destruction ------------------------------------------------------------ */

static HRESULT APIENTRY agx_resource_create(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATEHEAP_0124 *heap_args,
        D3D12DDI_HHEAP hheap, D3D12DDI_HRTRESOURCE rt_resource, const D3D12DDIARG_CREATERESOURCE_0124 *args,
        D3D12DDI_HRESOURCE hresource)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    struct agx_resource *resource = agx_resource_from_handle(hresource);
    struct agx_heap *heap = agx_heap_from_handle(hheap);
    D3D12DDI_RESOURCE_ALLOCATION_INFO info = {0, AGX_ALLOCATION_ALIGNMENT};
    struct agx_backend *backend = device->backend;
    HRESULT hr;

    if (!heap_args && !args)
        return E_INVALIDARG;
    if ((heap_args && !heap) || (args && !resource))
        return E_INVALIDARG;
    if (args && (heap_args ? args->Kind != D3D12DDI_RESOURCE_KIND_COMMITTED
            : args->Kind == D3D12DDI_RESOURCE_KIND_COMMITTED))
        return E_INVALIDARG;

    if (args)
    {
        memset(resource, 0, sizeof(*resource));
        if (FAILED(hr = agx_resource_allocation_info(&args->Desc, &resource->layout, &info)))
            return hr;
        resource->device = device;
        resource->kind = args->Kind;
        resource->desc = args->Desc;
        resource->desc.MipLevels = args->Desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER
                ? 1 : resource->layout.mip_levels;
        resource->size = resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER
                ? resource->desc.Width : agx_layout_total_size(&resource->layout);
        resource->allocation_size = info.SizeInBytes;
        resource->execute_tile_mappings = args->Kind == D3D12DDI_RESOURCE_KIND_RESERVED
                && (args->Flags0124 & D3D12DDI_RESOURCE_FLAG_0124_ALLOW_EXECUTE_TILE_MAPPINGS);
    }

    if (heap_args)
    {
        uint64_t size = AGX_MAX(heap_args->ByteSize, info.SizeInBytes);
        uint64_t alignment = AGX_MAX(heap_args->Alignment, info.Alignment);

        if (!size)
            return E_INVALIDARG;
        if (FAILED(hr = agx_heap_init(device, heap, heap_args, size, alignment)))
            return hr;
    }
    if (!args)
        return S_OK;

    switch (args->Kind)
    {
        case D3D12DDI_RESOURCE_KIND_COMMITTED:
            resource->heap = heap;
            break;

        case D3D12DDI_RESOURCE_KIND_PLACED:
            if (!(resource->heap = agx_heap_from_handle(args->hPlacementHeap))
                    || args->PlacementOffset > resource->heap->size
                    || resource->size > resource->heap->size - args->PlacementOffset)
                return E_INVALIDARG;
            resource->heap_offset = args->PlacementOffset;
            break;

        case D3D12DDI_RESOURCE_KIND_RESERVED:
            /* An address range only; tile mappings bind memory to it. Textures need the
             * twiddled or volume layout (64KB_UNDEFINED_SWIZZLE, standard shape): no
             * MSAA tiles (Honeykrisp has none either). */
            if (!agx_resource_is_buffer(resource) && !resource->layout.twiddled)
                return E_INVALIDARG;
            if (FAILED(hr = backend->ops->va_reserve(backend, info.SizeInBytes, info.Alignment, &resource->va)))
                return hr;
            break;

        default:
            return E_INVALIDARG;
    }
    if (args->Kind != D3D12DDI_RESOURCE_KIND_RESERVED)
        resource->va = resource->heap->bo->va + resource->heap_offset;
    agx_registry_insert(&device->resources, resource);
    return S_OK;
}

static void APIENTRY agx_resource_destroy(D3D12DDI_HDEVICE hdevice, D3D12DDI_HHEAP hheap, D3D12DDI_HRESOURCE hresource)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    struct agx_resource *resource = agx_resource_from_handle(hresource);
    struct agx_heap *heap = agx_heap_from_handle(hheap);

    if (resource)
        agx_registry_remove(&device->resources, resource);
    if (resource && resource->kind == D3D12DDI_RESOURCE_KIND_RESERVED)
    {
        agx_tile_unbind_all(device, resource);
        device->backend->ops->va_release(device->backend, resource->va, resource->allocation_size);
    }
    if (heap)
        agx_heap_finish(device, heap);
}

static HRESULT APIENTRY agx_heap_map(D3D12DDI_HDEVICE device, D3D12DDI_HHEAP hheap, void **data)
{
    struct agx_heap *heap = agx_heap_from_handle(hheap);

    if (!heap || !data)
        return E_INVALIDARG;
    /* Every heap is host memory in the simulator, but only CPU-visible ones are
     * mappable, as on hardware. */
    if (!heap->cpu_visible)
    {
        *data = NULL;
        return E_INVALIDARG;
    }
    *data = heap->bo->map;
    return S_OK;
}

/* The mapping is permanent (unified memory): nothing to undo. */
static void APIENTRY agx_heap_unmap(D3D12DDI_HDEVICE device, D3D12DDI_HHEAP heap)
{
}

static UINT64 APIENTRY agx_resource_gpu_virtual_address(D3D12DDI_HDEVICE device, D3D12DDI_HRESOURCE hresource)
{
    struct agx_resource *resource = agx_resource_from_handle(hresource);

    return resource && agx_resource_is_buffer(resource) ? resource->va : 0;
}

/* Linear layouts are what the CPU sees; twiddled and multisampled ones are not. */
static HRESULT APIENTRY agx_resource_subresource_layout(D3D12DDI_HDEVICE device, D3D12DDI_HRESOURCE hresource,
        UINT subresource, D3D12DDI_SUBRESOURCE_LAYOUT_0124 *out)
{
    struct agx_resource *resource = agx_resource_from_handle(hresource);
    struct agx_layout_subresource sub;

    if (!resource || !out || agx_resource_is_buffer(resource)
            || !agx_layout_get_subresource(&resource->layout, subresource, &sub))
        return E_INVALIDARG;
    memset(out, 0, sizeof(*out));
    out->Opaque = resource->layout.twiddled || sub.sample_count > 1;
    if (!out->Opaque)
    {
        out->Offset = sub.offset;
        out->RowPitch = sub.row_pitch;
        out->DepthPitch = sub.depth_pitch;
    }
    return S_OK;
}

void agx_resource_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnCalcPrivateHeapAndResourceSizes = agx_resource_calc_private_sizes;
    funcs->pfnCreateHeapAndResource = agx_resource_create;
    funcs->pfnDestroyHeapAndResource = agx_resource_destroy;
    funcs->pfnGetResourceAllocationInfo = agx_resource_get_allocation_info;
    funcs->pfnMapHeap = agx_heap_map;
    funcs->pfnUnmapHeap = agx_heap_unmap;
    funcs->pfnGetResourceGpuVirtualAddress = agx_resource_gpu_virtual_address;
    funcs->pfnGetMipPacking = agx_tile_get_mip_packing;
    funcs->pfnGetSubresourceLayout = agx_resource_subresource_layout;
}
