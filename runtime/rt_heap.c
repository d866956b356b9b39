/* ID3D12Heap1, heap properties and heap validation. */
#include <stdlib.h>

#include "rt_resource.h"
#include "rt_tile_mapping.h"

#define RT_KNOWN_HEAP_FLAGS (D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_DENY_BUFFERS | D3D12_HEAP_FLAG_ALLOW_DISPLAY \
        | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER | D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES \
        | D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES | D3D12_HEAP_FLAG_HARDWARE_PROTECTED \
        | D3D12_HEAP_FLAG_ALLOW_WRITE_WATCH | D3D12_HEAP_FLAG_ALLOW_SHADER_ATOMICS \
        | D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT | D3D12_HEAP_FLAG_CREATE_NOT_ZEROED)
#define RT_HEAP_DENY_FLAGS (D3D12_HEAP_FLAG_DENY_BUFFERS | D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES \
        | D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES)

/* ---- Heap properties ---------------------------------------------------------------------- */

D3D12_HEAP_PROPERTIES rt_heap_properties_for_type(const struct rt_device *device, D3D12_HEAP_TYPE type)
{
    D3D12_HEAP_PROPERTIES properties;

    memset(&properties, 0, sizeof(properties));
    properties.Type = D3D12_HEAP_TYPE_CUSTOM;
    properties.CreationNodeMask = 1;
    properties.VisibleNodeMask = 1;
    switch (type)
    {
        case D3D12_HEAP_TYPE_DEFAULT:
            properties.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE;
            properties.MemoryPoolPreference = device->architecture.UMA ? D3D12_MEMORY_POOL_L0 : D3D12_MEMORY_POOL_L1;
            break;
        case D3D12_HEAP_TYPE_UPLOAD:
            properties.CPUPageProperty = device->architecture.CacheCoherentUMA
                    ? D3D12_CPU_PAGE_PROPERTY_WRITE_BACK : D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE;
            properties.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
            break;
        case D3D12_HEAP_TYPE_READBACK:
            properties.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
            properties.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
            break;
        default:
            /* CUSTOM has no equivalent to report. */
            memset(&properties, 0, sizeof(properties));
            break;
    }
    return properties;
}

D3D12_HEAP_PROPERTIES rt_heap_properties_normalize(const D3D12_HEAP_PROPERTIES *properties)
{
    D3D12_HEAP_PROPERTIES normalized = *properties;

    if (!normalized.CreationNodeMask)
        normalized.CreationNodeMask = 1;
    if (!normalized.VisibleNodeMask)
        normalized.VisibleNodeMask = 1;
    return normalized;
}

bool rt_heap_properties_cpu_visible(const D3D12_HEAP_PROPERTIES *resolved)
{
    return resolved->CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE
            || resolved->CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
}

HRESULT rt_heap_properties_validate(const struct rt_device *device, const D3D12_HEAP_PROPERTIES *properties,
        D3D12_HEAP_PROPERTIES *resolved)
{
    D3D12_HEAP_PROPERTIES equivalent;

    if (!properties)
    {
        RT_WARN("NULL heap properties.");
        return E_INVALIDARG;
    }
    if (properties->CreationNodeMask > 1 || properties->VisibleNodeMask > 1)
    {
        RT_WARN("Invalid node masks %#x/%#x (one node).", properties->CreationNodeMask, properties->VisibleNodeMask);
        return E_INVALIDARG;
    }

    switch (properties->Type)
    {
        case D3D12_HEAP_TYPE_DEFAULT:
        case D3D12_HEAP_TYPE_UPLOAD:
        case D3D12_HEAP_TYPE_READBACK:
            if (properties->CPUPageProperty != D3D12_CPU_PAGE_PROPERTY_UNKNOWN
                    || properties->MemoryPoolPreference != D3D12_MEMORY_POOL_UNKNOWN)
            {
                RT_WARN("Heap type %#x takes no CPU page property (%#x) or memory pool (%#x).",
                        properties->Type, properties->CPUPageProperty, properties->MemoryPoolPreference);
                return E_INVALIDARG;
            }
            equivalent = rt_heap_properties_for_type(device, properties->Type);
            *resolved = rt_heap_properties_normalize(properties);
            resolved->CPUPageProperty = equivalent.CPUPageProperty;
            resolved->MemoryPoolPreference = equivalent.MemoryPoolPreference;
            return S_OK;

        case D3D12_HEAP_TYPE_CUSTOM:
            if (properties->CPUPageProperty != D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE
                    && properties->CPUPageProperty != D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE
                    && properties->CPUPageProperty != D3D12_CPU_PAGE_PROPERTY_WRITE_BACK)
            {
                RT_WARN("Invalid CPU page property %#x for a custom heap.", properties->CPUPageProperty);
                return E_INVALIDARG;
            }
            if (properties->MemoryPoolPreference != D3D12_MEMORY_POOL_L0
                    && properties->MemoryPoolPreference != D3D12_MEMORY_POOL_L1)
            {
                RT_WARN("Invalid memory pool %#x for a custom heap.", properties->MemoryPoolPreference);
                return E_INVALIDARG;
            }
            if (properties->MemoryPoolPreference == D3D12_MEMORY_POOL_L1
                    && (device->architecture.UMA || rt_heap_properties_cpu_visible(properties)))
            {
                RT_WARN("L1 is not available %s.", device->architecture.UMA
                        ? "on a UMA adapter" : "to the CPU");
                return E_INVALIDARG;
            }
            *resolved = rt_heap_properties_normalize(properties);
            return S_OK;

        default:
            RT_WARN("Invalid heap type %#x.", properties->Type);
            return E_INVALIDARG;
    }
}

/* ---- ID3D12Heap1 ---------------------------------------------------------------------------- */

static const struct ID3D12Heap1Vtbl rt_heap_vtbl;

static inline struct rt_heap *impl_from_ID3D12Heap(rt_heap_iface *iface)
{
    return RT_CONTAINING(iface, struct rt_heap, ID3D12Heap_iface);
}

struct rt_heap *rt_heap_from_iface(ID3D12Heap *iface)
{
    if (!iface || iface->lpVtbl != (const void *)&rt_heap_vtbl)
        return NULL;
    return impl_from_ID3D12Heap((rt_heap_iface *)iface);
}

static HRESULT STDMETHODCALLTYPE rt_heap_QueryInterface(rt_heap_iface *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12Heap1) || rt_guid_equal(riid, &IID_ID3D12Heap)
            || rt_guid_equal(riid, &IID_ID3D12Pageable) || rt_guid_equal(riid, &IID_ID3D12DeviceChild)
            || rt_guid_equal(riid, &IID_ID3D12Object) || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12Heap1_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_heap_AddRef(rt_heap_iface *iface)
{
    struct rt_heap *heap = impl_from_ID3D12Heap(iface);
    unsigned int refcount = atomic_fetch_add(&heap->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)heap, refcount);
    return refcount;
}

static void heap_destroy(struct rt_heap *heap)
{
    struct rt_device *device = heap->device;
    D3D12DDI_HRESOURCE no_resource = {NULL};

    if (heap->map_count)
    {
        rt_device_ddi_lock(device);
        device->ddi.pfnUnmapHeap(device->hdrv, heap->hdrv);
        rt_device_ddi_unlock(device);
    }
    rt_private_store_destroy(&heap->private_store);
    rt_tile_mapping_forget_heap(heap);
    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyHeapAndResource(device->hdrv, heap->hdrv, no_resource);
    rt_device_ddi_unlock(device);
    rt_device_memory_uncharge(device, heap->desc.SizeInBytes);
    free(heap->drv_memory);
    mtx_destroy(&heap->map_mutex);
    free(heap);
}

static void heap_retired(struct rt_retire_node *node)
{
    heap_destroy(RT_CONTAINING(node, struct rt_heap, retire));
}

void rt_heap_add_internal_ref(struct rt_heap *heap)
{
    atomic_fetch_add(&heap->internal_refcount, 1);
}

void rt_heap_release_internal_ref(struct rt_heap *heap)
{
    if (atomic_fetch_sub(&heap->internal_refcount, 1) == 1)
        rt_device_retire(heap->device, &heap->retire, heap_retired, NULL, heap);
}

static ULONG STDMETHODCALLTYPE rt_heap_Release(rt_heap_iface *iface)
{
    struct rt_heap *heap = impl_from_ID3D12Heap(iface);
    unsigned int refcount = atomic_fetch_sub(&heap->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)heap, refcount);
    /* Placed resources keep the heap's memory alive after the last public reference
     * (CreateHeap's remarks), but not its device reference: the application sees the
     * heap gone (vkd3d-proton, written to pass on Windows, does the same). Each placed
     * resource holds the device itself, so the device outlives heap_destroy. */
    if (!refcount)
    {
        struct rt_device *device = heap->device;

        rt_heap_release_internal_ref(heap);
        rt_device_release_internal_ref(device);
    }
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_heap_GetPrivateData(rt_heap_iface *iface, REFGUID guid, UINT *data_size,
        void *data)
{
    struct rt_heap *heap = impl_from_ID3D12Heap(iface);

    RT_TRACE("iface %p, guid %s, data_size %p, data %p.", (void *)iface, rt_debugstr_guid(guid),
            (void *)data_size, data);
    return rt_private_store_get(&heap->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_heap_SetPrivateData(rt_heap_iface *iface, REFGUID guid, UINT data_size,
        const void *data)
{
    struct rt_heap *heap = impl_from_ID3D12Heap(iface);

    RT_TRACE("iface %p, guid %s, data_size %u, data %p.", (void *)iface, rt_debugstr_guid(guid), data_size, data);
    return rt_private_store_set(&heap->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_heap_SetPrivateDataInterface(rt_heap_iface *iface, REFGUID guid,
        const IUnknown *data)
{
    struct rt_heap *heap = impl_from_ID3D12Heap(iface);

    RT_TRACE("iface %p, guid %s, data %p.", (void *)iface, rt_debugstr_guid(guid), (void *)data);
    return rt_private_store_set_interface(&heap->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_heap_SetName(rt_heap_iface *iface, LPCWSTR name)
{
    struct rt_heap *heap = impl_from_ID3D12Heap(iface);

    RT_TRACE("iface %p, name %s.", (void *)iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&heap->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_heap_GetDevice(rt_heap_iface *iface, REFIID riid, void **device)
{
    struct rt_heap *heap = impl_from_ID3D12Heap(iface);

    RT_TRACE("iface %p, riid %s, device %p.", (void *)iface, rt_debugstr_guid(riid), (void *)device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device16_QueryInterface(&heap->device->ID3D12Device_iface, riid, device);
}

static D3D12_HEAP_DESC STDMETHODCALLTYPE rt_heap_GetDesc(rt_heap_iface *iface)
{
    struct rt_heap *heap = impl_from_ID3D12Heap(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return heap->desc;
}

static HRESULT STDMETHODCALLTYPE rt_heap_GetProtectedResourceSession(rt_heap_iface *iface, REFIID riid,
        void **session)
{
    RT_TRACE("iface %p, riid %s, session %p.", (void *)iface, rt_debugstr_guid(riid), (void *)session);
    /* Protected sessions do not exist here, so no heap has one. */
    rt_clear_out(session);
    return DXGI_ERROR_NOT_FOUND;
}

static const struct ID3D12Heap1Vtbl rt_heap_vtbl =
{
    /* IUnknown methods */
    rt_heap_QueryInterface,
    rt_heap_AddRef,
    rt_heap_Release,
    /* ID3D12Object methods */
    rt_heap_GetPrivateData,
    rt_heap_SetPrivateData,
    rt_heap_SetPrivateDataInterface,
    rt_heap_SetName,
    /* ID3D12DeviceChild methods */
    rt_heap_GetDevice,
    /* ID3D12Heap methods */
    rt_heap_GetDesc,
    /* ID3D12Heap1 methods */
    rt_heap_GetProtectedResourceSession,
};

HRESULT rt_heap_map(struct rt_heap *heap, void **data)
{
    struct rt_device *device = heap->device;
    HRESULT hr = S_OK;

    mtx_lock(&heap->map_mutex);
    if (!heap->map_count)
    {
        rt_device_ddi_lock(device);
        hr = device->ddi.pfnMapHeap(device->hdrv, heap->hdrv, &heap->map_pointer);
        rt_device_ddi_unlock(device);
    }
    if (SUCCEEDED(hr))
    {
        ++heap->map_count;
        *data = heap->map_pointer;
    }
    mtx_unlock(&heap->map_mutex);
    return hr;
}

void rt_heap_unmap(struct rt_heap *heap)
{
    struct rt_device *device = heap->device;

    mtx_lock(&heap->map_mutex);
    if (heap->map_count && !--heap->map_count)
    {
        rt_device_ddi_lock(device);
        device->ddi.pfnUnmapHeap(device->hdrv, heap->hdrv);
        rt_device_ddi_unlock(device);
        heap->map_pointer = NULL;
    }
    mtx_unlock(&heap->map_mutex);
}

static HRESULT validate_heap_flags(const struct rt_device *device, D3D12_HEAP_FLAGS flags)
{
    unsigned int denied = flags & RT_HEAP_DENY_FLAGS;
    unsigned int denied_count = !!(denied & D3D12_HEAP_FLAG_DENY_BUFFERS)
            + !!(denied & D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES) + !!(denied & D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES);

    /* Seed 001: the flag exists on a tier-5 device only. */
    if ((flags & D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS) && !rt_tile_mapping_supported(device))
    {
        RT_WARN("D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS needs tiled resources tier 5.");
        return E_INVALIDARG;
    }
    flags &= ~D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    if (flags & ~RT_KNOWN_HEAP_FLAGS)
    {
        RT_WARN("Unknown heap flags %#x.", flags & ~RT_KNOWN_HEAP_FLAGS);
        return E_INVALIDARG;
    }
    if (flags & (D3D12_HEAP_FLAG_ALLOW_DISPLAY | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER
            | D3D12_HEAP_FLAG_HARDWARE_PROTECTED | D3D12_HEAP_FLAG_ALLOW_WRITE_WATCH))
    {
        RT_WARN("Heap flags %#x need display, cross-adapter, protection or write-watch support, which this "
                "runtime does not have.", flags);
        return E_INVALIDARG;
    }
    if (denied_count == 3)
    {
        RT_WARN("A heap that denies buffers and both kinds of textures can hold nothing.");
        return E_INVALIDARG;
    }
    if (device->options.ResourceHeapTier < D3D12_RESOURCE_HEAP_TIER_2 && denied_count != 2)
    {
        RT_WARN("Resource heap tier 1 heaps hold one category only (flags %#x).", flags);
        return E_INVALIDARG;
    }
    return S_OK;
}

static HRESULT validate_heap_desc(const struct rt_device *device, const D3D12_HEAP_DESC *desc,
        D3D12_HEAP_PROPERTIES *resolved)
{
    HRESULT hr;

    if (!desc)
    {
        RT_WARN("NULL heap description.");
        return E_INVALIDARG;
    }
    if (!desc->SizeInBytes)
    {
        RT_WARN("Heap size is 0.");
        return E_INVALIDARG;
    }
    if (desc->Alignment && desc->Alignment != D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT
            && desc->Alignment != D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT)
    {
        RT_WARN("Invalid heap alignment %#" PRIx64 ".", (uint64_t)desc->Alignment);
        return E_INVALIDARG;
    }
    if (FAILED(hr = rt_heap_properties_validate(device, &desc->Properties, resolved)))
        return hr;
    return validate_heap_flags(device, desc->Flags);
}

HRESULT rt_heap_create(struct rt_device *device, const D3D12_HEAP_DESC *desc, struct rt_heap **out)
{
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes;
    D3D12DDI_HRTRESOURCE no_rt_resource = {NULL};
    D3D12DDI_HRESOURCE no_resource = {NULL};
    D3D12DDIARG_CREATEHEAP_0124 args;
    D3D12_HEAP_PROPERTIES resolved;
    struct rt_heap *heap;
    HRESULT hr;

    *out = NULL;
    if (FAILED(hr = validate_heap_desc(device, desc, &resolved)))
        return hr;

    if (!(heap = calloc(1, sizeof(*heap))))
        return E_OUTOFMEMORY;
    heap->ID3D12Heap_iface.lpVtbl = &rt_heap_vtbl;
    atomic_init(&heap->refcount, 1);
    atomic_init(&heap->internal_refcount, 1);
    heap->device = device;
    heap->tile_pool_layout = RT_NO_LAYOUT;
    heap->desc = *desc;
    heap->desc.Properties = rt_heap_properties_normalize(&desc->Properties);
    if (!heap->desc.Alignment)
        heap->desc.Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    heap->resolved = resolved;
    heap->cpu_visible = rt_heap_properties_cpu_visible(&resolved);

    if (FAILED(hr = rt_private_store_init(&heap->private_store)))
        goto fail_free;
    if (mtx_init(&heap->map_mutex, mtx_plain) != thrd_success)
    {
        hr = E_OUTOFMEMORY;
        goto fail_private_store;
    }

    args.ByteSize = heap->desc.SizeInBytes;
    args.Alignment = heap->desc.Alignment;
    args.Properties = resolved;
    /* Seed 001's DDI flag has its own field (D028-ddi-tables-and-flags). */
    args.Flags = desc->Flags & ~D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    args.Flags0124 = desc->Flags & D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS
            ? D3D12DDI_HEAP_FLAG_0124_ALLOW_EXECUTE_TILE_MAPPINGS : 0;
    if (!rt_device_memory_charge(device, heap->desc.SizeInBytes))
    {
        hr = E_OUTOFMEMORY;
        goto fail_mutex;
    }
    rt_device_ddi_lock(device);
    sizes = device->ddi.pfnCalcPrivateHeapAndResourceSizes(device->hdrv, &args, NULL);
    if (!(heap->drv_memory = rt_device_alloc_driver_object(sizes.Heap)))
    {
        rt_device_ddi_unlock(device);
        hr = E_OUTOFMEMORY;
        goto fail_charge;
    }
    heap->hdrv.pDrvPrivate = heap->drv_memory;
    hr = device->ddi.pfnCreateHeapAndResource(device->hdrv, &args, heap->hdrv, no_rt_resource, NULL, no_resource);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("The driver failed to create the heap (0x%08x).", (unsigned int)hr);
        goto fail_driver_memory;
    }

    rt_device_add_internal_ref(device);
    RT_TRACE("Created heap %p, %" PRIu64 " bytes.", (void *)heap, (uint64_t)heap->desc.SizeInBytes);
    *out = heap;
    return S_OK;

fail_driver_memory:
    free(heap->drv_memory);
fail_charge:
    rt_device_memory_uncharge(device, heap->desc.SizeInBytes);
fail_mutex:
    mtx_destroy(&heap->map_mutex);
fail_private_store:
    rt_private_store_destroy(&heap->private_store);
fail_free:
    free(heap);
    return hr;
}
