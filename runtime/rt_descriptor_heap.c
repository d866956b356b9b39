/* ID3D12DescriptorHeap and the registry of descriptor heap address ranges. */
#include <stdarg.h>
#include <stdlib.h>

#include "rt_descriptor_heap.h"
#include "rt_info_queue.h"
#include "rt_resource.h"

struct rt_descriptor_record
{
    bool described;
    struct rt_resource *resource;
    union
    {
        D3D12_RENDER_TARGET_VIEW_DESC rtv;
        D3D12_DEPTH_STENCIL_VIEW_DESC dsv;
    };
};

struct rt_descriptor_range
{
    SIZE_T cpu_start, cpu_end;                /* [start, end) */
    struct rt_descriptor_heap *heap;
};

struct rt_descriptor_registry
{
    mtx_t mutex;
    struct rt_descriptor_range *ranges;       /* sorted by cpu_start, never overlapping */
    size_t count, capacity;
};

/* ---- Registry ----------------------------------------------------------------------- */

HRESULT rt_descriptor_registry_create(struct rt_descriptor_registry **out)
{
    struct rt_descriptor_registry *registry;

    if (!(registry = calloc(1, sizeof(*registry))))
        return E_OUTOFMEMORY;
    if (mtx_init(&registry->mutex, mtx_plain) != thrd_success)
    {
        free(registry);
        return E_OUTOFMEMORY;
    }
    *out = registry;
    return S_OK;
}

void rt_descriptor_registry_destroy(struct rt_descriptor_registry *registry)
{
    if (!registry)
        return;
    mtx_destroy(&registry->mutex);
    free(registry->ranges);
    free(registry);
}

/* Index of the first range with cpu_start > ptr. */
static size_t registry_upper_bound(const struct rt_descriptor_registry *registry, SIZE_T ptr)
{
    size_t low = 0, high = registry->count;

    while (low < high)
    {
        size_t mid = low + (high - low) / 2;

        if (registry->ranges[mid].cpu_start <= ptr)
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}

static HRESULT registry_add(struct rt_descriptor_registry *registry, struct rt_descriptor_heap *heap)
{
    struct rt_descriptor_range *ranges;
    size_t index;

    mtx_lock(&registry->mutex);
    if (registry->count == registry->capacity)
    {
        size_t capacity = registry->capacity ? registry->capacity * 2 : 16;

        if (!(ranges = realloc(registry->ranges, capacity * sizeof(*ranges))))
        {
            mtx_unlock(&registry->mutex);
            return E_OUTOFMEMORY;
        }
        registry->ranges = ranges;
        registry->capacity = capacity;
    }
    index = registry_upper_bound(registry, heap->cpu_start.ptr);
    memmove(&registry->ranges[index + 1], &registry->ranges[index],
            (registry->count - index) * sizeof(*registry->ranges));
    registry->ranges[index].cpu_start = heap->cpu_start.ptr;
    registry->ranges[index].cpu_end = heap->cpu_start.ptr + (SIZE_T)heap->desc.NumDescriptors * heap->increment;
    registry->ranges[index].heap = heap;
    ++registry->count;
    mtx_unlock(&registry->mutex);
    return S_OK;
}

static void registry_remove(struct rt_descriptor_registry *registry, struct rt_descriptor_heap *heap)
{
    size_t i;

    mtx_lock(&registry->mutex);
    for (i = 0; i < registry->count; ++i)
    {
        if (registry->ranges[i].heap == heap)
        {
            memmove(&registry->ranges[i], &registry->ranges[i + 1],
                    (registry->count - i - 1) * sizeof(*registry->ranges));
            --registry->count;
            break;
        }
    }
    mtx_unlock(&registry->mutex);
}

/* Under the registry lock: the heap holding ptr and the descriptor index, if ptr is exact. */
static struct rt_descriptor_heap *registry_find(const struct rt_descriptor_registry *registry, SIZE_T ptr,
        UINT *index)
{
    const struct rt_descriptor_range *range;
    size_t i = registry_upper_bound(registry, ptr);

    if (!i)
        return NULL;
    range = &registry->ranges[i - 1];
    if (ptr >= range->cpu_end || (ptr - range->cpu_start) % range->heap->increment)
        return NULL;
    *index = (UINT)((ptr - range->cpu_start) / range->heap->increment);
    return range->heap;
}

static void fill_info(struct rt_descriptor_heap *heap, UINT index, struct rt_descriptor_info *out)
{
    memset(out, 0, sizeof(*out));
    out->heap = heap;
    out->type = heap->desc.Type;
    out->index = index;
    out->shader_visible = !!(heap->desc.Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE);
    if (heap->records && heap->records[index].described)
    {
        out->described = true;
        out->resource = heap->records[index].resource;
        if (heap->desc.Type == D3D12_DESCRIPTOR_HEAP_TYPE_RTV)
            out->rtv = heap->records[index].rtv;
        else
            out->dsv = heap->records[index].dsv;
    }
}

bool rt_descriptor_lookup(struct rt_device *device, SIZE_T cpu_ptr, struct rt_descriptor_info *out)
{
    struct rt_descriptor_registry *registry = device->descriptors;
    struct rt_descriptor_heap *heap;
    UINT index;

    mtx_lock(&registry->mutex);
    if ((heap = registry_find(registry, cpu_ptr, &index)))
        fill_info(heap, index, out);
    mtx_unlock(&registry->mutex);
    return !!heap;
}

bool rt_descriptor_lookup_gpu(struct rt_device *device, UINT64 gpu_ptr, struct rt_descriptor_info *out)
{
    struct rt_descriptor_registry *registry = device->descriptors;
    struct rt_descriptor_heap *heap;
    bool found = false;
    size_t i;

    mtx_lock(&registry->mutex);
    for (i = 0; i < registry->count && !found; ++i)
    {
        heap = registry->ranges[i].heap;
        if (!heap->gpu_start.ptr || gpu_ptr < heap->gpu_start.ptr)
            continue;
        if (gpu_ptr - heap->gpu_start.ptr >= (UINT64)heap->desc.NumDescriptors * heap->increment
                || (gpu_ptr - heap->gpu_start.ptr) % heap->increment)
            continue;
        fill_info(heap, (UINT)((gpu_ptr - heap->gpu_start.ptr) / heap->increment), out);
        found = true;
    }
    mtx_unlock(&registry->mutex);
    return found;
}

bool rt_descriptor_range_valid(struct rt_device *device, SIZE_T cpu_ptr, UINT count,
        D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    struct rt_descriptor_registry *registry = device->descriptors;
    struct rt_descriptor_heap *heap;
    bool valid = false;
    UINT index;

    if (!count)
        return true;
    mtx_lock(&registry->mutex);
    if ((heap = registry_find(registry, cpu_ptr, &index)))
        valid = heap->desc.Type == type && count <= heap->desc.NumDescriptors - index;
    mtx_unlock(&registry->mutex);
    return valid;
}

static struct rt_descriptor_record *registry_record(struct rt_descriptor_registry *registry, SIZE_T ptr,
        D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    struct rt_descriptor_heap *heap;
    UINT index;

    if (!(heap = registry_find(registry, ptr, &index)) || !heap->records || heap->desc.Type != type)
        return NULL;
    return &heap->records[index];
}

void rt_descriptor_record_rtv(struct rt_device *device, SIZE_T cpu_ptr, struct rt_resource *resource,
        const D3D12_RENDER_TARGET_VIEW_DESC *desc)
{
    struct rt_descriptor_record *record;

    mtx_lock(&device->descriptors->mutex);
    if ((record = registry_record(device->descriptors, cpu_ptr, D3D12_DESCRIPTOR_HEAP_TYPE_RTV)))
    {
        record->described = true;
        record->resource = resource;
        record->rtv = *desc;
        if (resource)
            atomic_store(&resource->named_by_views, true);
    }
    mtx_unlock(&device->descriptors->mutex);
}

void rt_descriptor_record_dsv(struct rt_device *device, SIZE_T cpu_ptr, struct rt_resource *resource,
        const D3D12_DEPTH_STENCIL_VIEW_DESC *desc)
{
    struct rt_descriptor_record *record;

    mtx_lock(&device->descriptors->mutex);
    if ((record = registry_record(device->descriptors, cpu_ptr, D3D12_DESCRIPTOR_HEAP_TYPE_DSV)))
    {
        record->described = true;
        record->resource = resource;
        record->dsv = *desc;
        if (resource)
            atomic_store(&resource->named_by_views, true);
    }
    mtx_unlock(&device->descriptors->mutex);
}

void rt_descriptor_copy_records(struct rt_device *device, SIZE_T dst_ptr, SIZE_T src_ptr, UINT count)
{
    struct rt_descriptor_registry *registry = device->descriptors;
    struct rt_descriptor_heap *dst_heap, *src_heap;
    UINT dst_index, src_index;

    mtx_lock(&registry->mutex);
    dst_heap = registry_find(registry, dst_ptr, &dst_index);
    src_heap = registry_find(registry, src_ptr, &src_index);
    if (dst_heap && src_heap && dst_heap->records && src_heap->records
            && count <= dst_heap->desc.NumDescriptors - dst_index
            && count <= src_heap->desc.NumDescriptors - src_index)
        memmove(&dst_heap->records[dst_index], &src_heap->records[src_index], count * sizeof(*dst_heap->records));
    mtx_unlock(&registry->mutex);
}

void rt_descriptor_forget_resource(struct rt_device *device, const struct rt_resource *resource)
{
    struct rt_descriptor_registry *registry = device->descriptors;
    struct rt_descriptor_heap *heap;
    size_t i;
    UINT j;

    mtx_lock(&registry->mutex);
    for (i = 0; i < registry->count; ++i)
    {
        if (!(heap = registry->ranges[i].heap)->records)
            continue;
        for (j = 0; j < heap->desc.NumDescriptors; ++j)
        {
            if (heap->records[j].resource == resource)
                memset(&heap->records[j], 0, sizeof(heap->records[j]));
        }
    }
    mtx_unlock(&registry->mutex);
}

/* ---- ID3D12DescriptorHeap ------------------------------------------------------------------ */

static const struct ID3D12DescriptorHeapVtbl rt_descriptor_heap_vtbl;

static inline struct rt_descriptor_heap *impl_from_ID3D12DescriptorHeap(ID3D12DescriptorHeap *iface)
{
    return RT_CONTAINING(iface, struct rt_descriptor_heap, ID3D12DescriptorHeap_iface);
}

struct rt_descriptor_heap *rt_descriptor_heap_from_iface(ID3D12DescriptorHeap *iface)
{
    if (!iface || iface->lpVtbl != &rt_descriptor_heap_vtbl)
        return NULL;
    return impl_from_ID3D12DescriptorHeap(iface);
}

static HRESULT STDMETHODCALLTYPE rt_descriptor_heap_QueryInterface(ID3D12DescriptorHeap *iface,
        REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12DescriptorHeap) || rt_guid_equal(riid, &IID_ID3D12Pageable)
            || rt_guid_equal(riid, &IID_ID3D12DeviceChild) || rt_guid_equal(riid, &IID_ID3D12Object)
            || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12DescriptorHeap_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_descriptor_heap_AddRef(ID3D12DescriptorHeap *iface)
{
    struct rt_descriptor_heap *heap = impl_from_ID3D12DescriptorHeap(iface);
    unsigned int refcount = atomic_fetch_add(&heap->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)heap, refcount);
    return refcount;
}

static void descriptor_heap_destroy(struct rt_descriptor_heap *heap)
{
    struct rt_device *device = heap->device;

    registry_remove(device->descriptors, heap);
    rt_private_store_destroy(&heap->private_store);
    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyDescriptorHeap(device->hdrv, heap->hdrv);
    rt_device_ddi_unlock(device);
    free(heap->drv_memory);
    free(heap->records);
    free(heap);
    rt_device_release_internal_ref(device);
}

static void descriptor_heap_retired(struct rt_retire_node *node)
{
    descriptor_heap_destroy(RT_CONTAINING(node, struct rt_descriptor_heap, retire));
}

static ULONG STDMETHODCALLTYPE rt_descriptor_heap_Release(ID3D12DescriptorHeap *iface)
{
    struct rt_descriptor_heap *heap = impl_from_ID3D12DescriptorHeap(iface);
    unsigned int refcount = atomic_fetch_sub(&heap->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)heap, refcount);
    if (!refcount)
        rt_retire_release(heap->device, &heap->retire, descriptor_heap_retired, "ID3D12DescriptorHeap", heap);
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_descriptor_heap_GetPrivateData(ID3D12DescriptorHeap *iface,
        REFGUID guid, UINT *data_size, void *data)
{
    struct rt_descriptor_heap *heap = impl_from_ID3D12DescriptorHeap(iface);

    RT_TRACE("iface %p, guid %s, data_size %p, data %p.", (void *)iface, rt_debugstr_guid(guid),
            (void *)data_size, data);
    return rt_private_store_get(&heap->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_descriptor_heap_SetPrivateData(ID3D12DescriptorHeap *iface,
        REFGUID guid, UINT data_size, const void *data)
{
    struct rt_descriptor_heap *heap = impl_from_ID3D12DescriptorHeap(iface);

    RT_TRACE("iface %p, guid %s, data_size %u, data %p.", (void *)iface, rt_debugstr_guid(guid), data_size, data);
    return rt_private_store_set(&heap->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_descriptor_heap_SetPrivateDataInterface(ID3D12DescriptorHeap *iface,
        REFGUID guid, const IUnknown *data)
{
    struct rt_descriptor_heap *heap = impl_from_ID3D12DescriptorHeap(iface);

    RT_TRACE("iface %p, guid %s, data %p.", (void *)iface, rt_debugstr_guid(guid), (void *)data);
    return rt_private_store_set_interface(&heap->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_descriptor_heap_SetName(ID3D12DescriptorHeap *iface, LPCWSTR name)
{
    struct rt_descriptor_heap *heap = impl_from_ID3D12DescriptorHeap(iface);

    RT_TRACE("iface %p, name %s.", (void *)iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&heap->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_descriptor_heap_GetDevice(ID3D12DescriptorHeap *iface, REFIID riid,
        void **device)
{
    struct rt_descriptor_heap *heap = impl_from_ID3D12DescriptorHeap(iface);

    RT_TRACE("iface %p, riid %s, device %p.", (void *)iface, rt_debugstr_guid(riid), (void *)device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device16_QueryInterface(&heap->device->ID3D12Device_iface, riid, device);
}

static D3D12_DESCRIPTOR_HEAP_DESC STDMETHODCALLTYPE rt_descriptor_heap_GetDesc(ID3D12DescriptorHeap *iface)
{
    struct rt_descriptor_heap *heap = impl_from_ID3D12DescriptorHeap(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return heap->desc;
}

static D3D12_CPU_DESCRIPTOR_HANDLE STDMETHODCALLTYPE rt_descriptor_heap_GetCPUDescriptorHandleForHeapStart(
        ID3D12DescriptorHeap *iface)
{
    struct rt_descriptor_heap *heap = impl_from_ID3D12DescriptorHeap(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return heap->cpu_start;
}

static D3D12_GPU_DESCRIPTOR_HANDLE STDMETHODCALLTYPE rt_descriptor_heap_GetGPUDescriptorHandleForHeapStart(
        ID3D12DescriptorHeap *iface)
{
    struct rt_descriptor_heap *heap = impl_from_ID3D12DescriptorHeap(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return heap->gpu_start;
}

static const struct ID3D12DescriptorHeapVtbl rt_descriptor_heap_vtbl =
{
    /* IUnknown methods */
    rt_descriptor_heap_QueryInterface,
    rt_descriptor_heap_AddRef,
    rt_descriptor_heap_Release,
    /* ID3D12Object methods */
    rt_descriptor_heap_GetPrivateData,
    rt_descriptor_heap_SetPrivateData,
    rt_descriptor_heap_SetPrivateDataInterface,
    rt_descriptor_heap_SetName,
    /* ID3D12DeviceChild methods */
    rt_descriptor_heap_GetDevice,
    /* ID3D12DescriptorHeap methods */
    rt_descriptor_heap_GetDesc,
    rt_descriptor_heap_GetCPUDescriptorHandleForHeapStart,
    rt_descriptor_heap_GetGPUDescriptorHandleForHeapStart,
};

/* A refused description: a warning and an info-queue message naming the method. */
static HRESULT heap_error(const struct rt_device *device, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static HRESULT heap_error(const struct rt_device *device, const char *fmt, ...)
{
    va_list args;
    HRESULT hr;

    va_start(args, fmt);
    hr = rt_info_queue_creation_errorv(device->info_queue, E_INVALIDARG,
                                       D3D12_MESSAGE_ID_CREATE_DESCRIPTOR_HEAP_INVALID_DESC, "CreateDescriptorHeap",
                                       fmt, args);
    va_end(args);
    return hr;
}

static HRESULT validate_desc(const struct rt_device *device, const D3D12_DESCRIPTOR_HEAP_DESC *desc)
{
    bool shader_visible;

    if (!desc)
        return heap_error(device, "NULL description");
    shader_visible = !!(desc->Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE);
    if ((unsigned int)desc->Type >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES)
        return heap_error(device, "invalid descriptor heap type %#x", desc->Type);
    if (desc->Flags & ~D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE)
        return heap_error(device, "invalid flags %#x", desc->Flags);
    if (!desc->NumDescriptors)
        return heap_error(device, "a descriptor heap needs at least one descriptor");
    if (desc->NodeMask > 1)
        return heap_error(device, "invalid node mask %#x (one node)", desc->NodeMask);
    if (shader_visible && (desc->Type == D3D12_DESCRIPTOR_HEAP_TYPE_RTV || desc->Type == D3D12_DESCRIPTOR_HEAP_TYPE_DSV))
        return heap_error(device, "RTV and DSV heaps cannot be shader-visible");
    if (shader_visible && desc->Type == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER
            && desc->NumDescriptors > D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE)
        return heap_error(device, "%u samplers exceed the shader-visible limit %u", desc->NumDescriptors,
                          D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE);
    if (shader_visible && desc->Type == D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV
            && device->options.ResourceBindingTier < D3D12_RESOURCE_BINDING_TIER_3
            && desc->NumDescriptors > D3D12_MAX_SHADER_VISIBLE_DESCRIPTOR_HEAP_SIZE_TIER_2)
        return heap_error(device, "%u descriptors exceed the shader-visible limit %u of binding tier %u",
                          desc->NumDescriptors, D3D12_MAX_SHADER_VISIBLE_DESCRIPTOR_HEAP_SIZE_TIER_2,
                          device->options.ResourceBindingTier);
    return S_OK;
}

HRESULT rt_descriptor_heap_create(struct rt_device *device, const D3D12_DESCRIPTOR_HEAP_DESC *desc,
        struct rt_descriptor_heap **out)
{
    D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 args;
    struct rt_descriptor_heap *heap;
    SIZE_T size;
    HRESULT hr;

    *out = NULL;
    if (FAILED(hr = validate_desc(device, desc)))
        return hr;

    if (!(heap = calloc(1, sizeof(*heap))))
        return E_OUTOFMEMORY;
    heap->ID3D12DescriptorHeap_iface.lpVtbl = &rt_descriptor_heap_vtbl;
    atomic_init(&heap->refcount, 1);
    heap->device = device;
    heap->desc = *desc;
    if (!heap->desc.NodeMask)
        heap->desc.NodeMask = 1;
    heap->increment = device->descriptor_sizes[desc->Type];

    if (desc->Type == D3D12_DESCRIPTOR_HEAP_TYPE_RTV || desc->Type == D3D12_DESCRIPTOR_HEAP_TYPE_DSV)
    {
        if (!(heap->records = calloc(desc->NumDescriptors, sizeof(*heap->records))))
        {
            hr = E_OUTOFMEMORY;
            goto fail_free;
        }
    }
    if (FAILED(hr = rt_private_store_init(&heap->private_store)))
        goto fail_free;

    args.Type = desc->Type;
    args.NumDescriptors = desc->NumDescriptors;
    args.Flags = desc->Flags;
    args.NodeMask = heap->desc.NodeMask;
    rt_device_ddi_lock(device);
    size = device->ddi.pfnCalcPrivateDescriptorHeapSize(device->hdrv, &args);
    if (!(heap->drv_memory = rt_device_alloc_driver_object(size)))
    {
        rt_device_ddi_unlock(device);
        hr = E_OUTOFMEMORY;
        goto fail_private_store;
    }
    heap->hdrv.pDrvPrivate = heap->drv_memory;
    if (FAILED(hr = device->ddi.pfnCreateDescriptorHeap(device->hdrv, &args, heap->hdrv)))
    {
        rt_device_ddi_unlock(device);
        RT_WARN("The driver failed to create the descriptor heap (0x%08x).", (unsigned int)hr);
        goto fail_driver_memory;
    }
    heap->cpu_start.ptr = device->ddi.pfnGetCPUDescriptorHandleForHeapStart(device->hdrv, heap->hdrv).ptr;
    if (desc->Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE)
        heap->gpu_start.ptr = device->ddi.pfnGetGPUDescriptorHandleForHeapStart(device->hdrv, heap->hdrv).ptr;
    rt_device_ddi_unlock(device);

    if (FAILED(hr = registry_add(device->descriptors, heap)))
        goto fail_driver_heap;

    rt_device_add_internal_ref(device);
    RT_TRACE("Created descriptor heap %p, type %#x, %u descriptors.", (void *)heap, desc->Type, desc->NumDescriptors);
    *out = heap;
    return S_OK;

fail_driver_heap:
    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyDescriptorHeap(device->hdrv, heap->hdrv);
    rt_device_ddi_unlock(device);
fail_driver_memory:
    free(heap->drv_memory);
fail_private_store:
    rt_private_store_destroy(&heap->private_store);
fail_free:
    free(heap->records);
    free(heap);
    return hr;
}
