/*
 * ID3D12QueryHeap and CreateQueryHeap. A heap type is created when the device reports it:
 * occlusion, timestamp, pipeline statistics and stream-output statistics always (stream
 * output is part of feature level 11_0; a 1_0_CORE device has no graphics queries),
 * copy-queue timestamps when D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported says so,
 * PIPELINE_STATISTICS1 when OPTIONS9.MeshShaderPipelineStatsSupported does, video-decode
 * statistics never (no video engine). A type the device does not report is
 * DXGI_ERROR_UNSUPPORTED; a value that names no type, E_INVALIDARG.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "rt_device_private.h"
#include "rt_info_queue.h"
#include "rt_query_heap.h"

bool rt_query_type_matches_heap(D3D12_QUERY_TYPE type, D3D12_QUERY_HEAP_TYPE heap_type)
{
    switch (type)
    {
        case D3D12_QUERY_TYPE_OCCLUSION:
        case D3D12_QUERY_TYPE_BINARY_OCCLUSION:
            return heap_type == D3D12_QUERY_HEAP_TYPE_OCCLUSION;
        case D3D12_QUERY_TYPE_TIMESTAMP:
            return heap_type == D3D12_QUERY_HEAP_TYPE_TIMESTAMP || heap_type == D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP;
        case D3D12_QUERY_TYPE_PIPELINE_STATISTICS:
            return heap_type == D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS;
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0:
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1:
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2:
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3:
            return heap_type == D3D12_QUERY_HEAP_TYPE_SO_STATISTICS;
        case D3D12_QUERY_TYPE_VIDEO_DECODE_STATISTICS:
            return heap_type == D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS;
        case D3D12_QUERY_TYPE_PIPELINE_STATISTICS1:
            return heap_type == D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1;
        default:
            return false;
    }
}

UINT64 rt_query_type_data_size(D3D12_QUERY_TYPE type)
{
    switch (type)
    {
        case D3D12_QUERY_TYPE_OCCLUSION:
        case D3D12_QUERY_TYPE_BINARY_OCCLUSION:
        case D3D12_QUERY_TYPE_TIMESTAMP:
            return sizeof(UINT64);
        case D3D12_QUERY_TYPE_PIPELINE_STATISTICS:
            return sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS);
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0:
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1:
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2:
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3:
            return sizeof(D3D12_QUERY_DATA_SO_STATISTICS);
        case D3D12_QUERY_TYPE_PIPELINE_STATISTICS1:
            return sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS1);
        default:
            return 0;
    }
}

const char *rt_query_heap_type_name(D3D12_QUERY_HEAP_TYPE type)
{
    switch (type)
    {
        case D3D12_QUERY_HEAP_TYPE_OCCLUSION: return "OCCLUSION";
        case D3D12_QUERY_HEAP_TYPE_TIMESTAMP: return "TIMESTAMP";
        case D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS: return "PIPELINE_STATISTICS";
        case D3D12_QUERY_HEAP_TYPE_SO_STATISTICS: return "SO_STATISTICS";
        case D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS: return "VIDEO_DECODE_STATISTICS";
        case D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP: return "COPY_QUEUE_TIMESTAMP";
        case D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1: return "PIPELINE_STATISTICS1";
        default: return "unknown";
    }
}

/* ---- ID3D12QueryHeap ------------------------------------------------------------------------ */

static const struct ID3D12QueryHeapVtbl rt_query_heap_vtbl;

static inline struct rt_query_heap *impl_from_ID3D12QueryHeap(ID3D12QueryHeap *iface)
{
    return RT_CONTAINING(iface, struct rt_query_heap, ID3D12QueryHeap_iface);
}

struct rt_query_heap *rt_query_heap_from_iface(ID3D12QueryHeap *iface)
{
    if (!iface || iface->lpVtbl != &rt_query_heap_vtbl)
        return NULL;
    return impl_from_ID3D12QueryHeap(iface);
}

static HRESULT STDMETHODCALLTYPE rt_query_heap_QueryInterface(ID3D12QueryHeap *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12QueryHeap) || rt_guid_equal(riid, &IID_ID3D12Pageable)
            || rt_guid_equal(riid, &IID_ID3D12DeviceChild) || rt_guid_equal(riid, &IID_ID3D12Object)
            || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12QueryHeap_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_query_heap_AddRef(ID3D12QueryHeap *iface)
{
    struct rt_query_heap *heap = impl_from_ID3D12QueryHeap(iface);
    unsigned int refcount = atomic_fetch_add(&heap->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)heap, refcount);
    return refcount;
}

static void query_heap_destroy(struct rt_query_heap *heap)
{
    struct rt_device *device = heap->device;

    rt_private_store_destroy(&heap->private_store);
    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyQueryHeap(device->hdrv, heap->hdrv);
    rt_device_ddi_unlock(device);
    free(heap->drv_memory);
    free(heap);
    rt_device_release_internal_ref(device);
}

static void query_heap_retired(struct rt_retire_node *node)
{
    query_heap_destroy(RT_CONTAINING(node, struct rt_query_heap, retire));
}

static ULONG STDMETHODCALLTYPE rt_query_heap_Release(ID3D12QueryHeap *iface)
{
    struct rt_query_heap *heap = impl_from_ID3D12QueryHeap(iface);
    unsigned int refcount = atomic_fetch_sub(&heap->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)heap, refcount);
    if (!refcount)
        rt_retire_release(heap->device, &heap->retire, query_heap_retired, "ID3D12QueryHeap", heap);
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_query_heap_GetPrivateData(ID3D12QueryHeap *iface, REFGUID guid,
        UINT *data_size, void *data)
{
    struct rt_query_heap *heap = impl_from_ID3D12QueryHeap(iface);

    RT_TRACE("iface %p, guid %s, data_size %p, data %p.", (void *)iface, rt_debugstr_guid(guid),
            (void *)data_size, data);
    return rt_private_store_get(&heap->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_query_heap_SetPrivateData(ID3D12QueryHeap *iface, REFGUID guid,
        UINT data_size, const void *data)
{
    struct rt_query_heap *heap = impl_from_ID3D12QueryHeap(iface);

    RT_TRACE("iface %p, guid %s, data_size %u, data %p.", (void *)iface, rt_debugstr_guid(guid), data_size, data);
    return rt_private_store_set(&heap->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_query_heap_SetPrivateDataInterface(ID3D12QueryHeap *iface, REFGUID guid,
        const IUnknown *data)
{
    struct rt_query_heap *heap = impl_from_ID3D12QueryHeap(iface);

    RT_TRACE("iface %p, guid %s, data %p.", (void *)iface, rt_debugstr_guid(guid), (void *)data);
    return rt_private_store_set_interface(&heap->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_query_heap_SetName(ID3D12QueryHeap *iface, LPCWSTR name)
{
    struct rt_query_heap *heap = impl_from_ID3D12QueryHeap(iface);

    RT_TRACE("iface %p, name %s.", (void *)iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&heap->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_query_heap_GetDevice(ID3D12QueryHeap *iface, REFIID riid, void **device)
{
    struct rt_query_heap *heap = impl_from_ID3D12QueryHeap(iface);

    RT_TRACE("iface %p, riid %s, device %p.", (void *)iface, rt_debugstr_guid(riid), (void *)device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device16_QueryInterface(&heap->device->ID3D12Device_iface, riid, device);
}

static const struct ID3D12QueryHeapVtbl rt_query_heap_vtbl =
{
    /* IUnknown methods */
    rt_query_heap_QueryInterface,
    rt_query_heap_AddRef,
    rt_query_heap_Release,
    /* ID3D12Object methods */
    rt_query_heap_GetPrivateData,
    rt_query_heap_SetPrivateData,
    rt_query_heap_SetPrivateDataInterface,
    rt_query_heap_SetName,
    /* ID3D12DeviceChild methods */
    rt_query_heap_GetDevice,
};

/* ---- CreateQueryHeap --------------------------------------------------------------------------- */

static HRESULT report(struct rt_device *device, HRESULT hr, D3D12_MESSAGE_ID id, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static HRESULT report(struct rt_device *device, HRESULT hr, D3D12_MESSAGE_ID id, const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    hr = rt_info_queue_creation_errorv(device->info_queue, hr, id, "CreateQueryHeap", fmt, args);
    va_end(args);
    return hr;
}

/* What the device reports for a heap type: S_OK, DXGI_ERROR_UNSUPPORTED, or E_INVALIDARG
 * for a value that is no heap type. */
static HRESULT check_type(struct rt_device *device, D3D12_QUERY_HEAP_TYPE type)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_CREATEQUERY_HEAP_INVALID_PARAMETERS;
    D3D12_FEATURE_DATA_D3D12_OPTIONS3 options3;
    D3D12_FEATURE_DATA_D3D12_OPTIONS9 options9;

    switch (type)
    {
        case D3D12_QUERY_HEAP_TYPE_TIMESTAMP:
        case D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS:
            return S_OK;
        case D3D12_QUERY_HEAP_TYPE_OCCLUSION:
        case D3D12_QUERY_HEAP_TYPE_SO_STATISTICS:
            if (device->pipeline_level == D3D12DDI_3DPIPELINELEVEL_1_0_CORE)
                return report(device, DXGI_ERROR_UNSUPPORTED, id, "a 1_0_CORE device has no %s queries",
                              rt_query_heap_type_name(type));
            return S_OK;
        case D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP:
            if (FAILED(rt_device_CheckFeatureSupport(&device->ID3D12Device_iface, D3D12_FEATURE_D3D12_OPTIONS3,
                                                     &options3, sizeof(options3)))
                    || !options3.CopyQueueTimestampQueriesSupported)
                return report(device, DXGI_ERROR_UNSUPPORTED,
                              D3D12_MESSAGE_ID_CREATEQUERY_HEAP_COPY_QUEUE_TIMESTAMPS_NOT_SUPPORTED,
                              "copy-queue timestamps are not supported (CopyQueueTimestampQueriesSupported FALSE)");
            return S_OK;
        case D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1:
            if (FAILED(rt_device_CheckFeatureSupport(&device->ID3D12Device_iface, D3D12_FEATURE_D3D12_OPTIONS9,
                                                     &options9, sizeof(options9)))
                    || !options9.MeshShaderPipelineStatsSupported)
                return report(device, DXGI_ERROR_UNSUPPORTED, id, "PIPELINE_STATISTICS1 heaps are not supported "
                              "(MeshShaderPipelineStatsSupported FALSE)");
            return S_OK;
        case D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS:
            return report(device, DXGI_ERROR_UNSUPPORTED,
                          D3D12_MESSAGE_ID_CREATEQUERY_HEAP_VIDEO_DECODE_STATISTICS_NOT_SUPPORTED,
                          "video-decode statistics need a video engine, which this device has not");
        default:
            return report(device, E_INVALIDARG, id, "invalid query heap type %#x", type);
    }
}

HRESULT STDMETHODCALLTYPE rt_device_CreateQueryHeap(rt_device_iface *iface, const D3D12_QUERY_HEAP_DESC *desc,
        REFIID riid, void **out)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_CREATEQUERY_HEAP_INVALID_PARAMETERS;
    struct rt_device *device = impl_from_ID3D12Device(iface);
    D3D12DDIARG_CREATE_QUERY_HEAP_0124 args;
    struct rt_query_heap *heap;
    SIZE_T size;
    HRESULT hr;

    RT_TRACE("iface %p, desc %p, riid %s, heap %p.", (void *)iface, (const void *)desc, rt_debugstr_guid(riid),
            (void *)out);

    rt_clear_out(out);
    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (!desc)
        return report(device, E_INVALIDARG, id, "NULL description");
    if (!desc->Count)
        return report(device, E_INVALIDARG, id, "a query heap needs at least one query");
    if (desc->NodeMask > 1)
        return report(device, E_INVALIDARG, id, "invalid node mask %#x (one node)", desc->NodeMask);
    if (FAILED(hr = check_type(device, desc->Type)))
        return hr;
    if (!device->ddi.pfnCalcPrivateQueryHeapSize || !device->ddi.pfnCreateQueryHeap
            || !device->ddi.pfnDestroyQueryHeap)
        return report(device, E_NOTIMPL, id, "the driver cannot create query heaps");
    if (!out)
        return S_FALSE;

    if (!(heap = calloc(1, sizeof(*heap))))
        return E_OUTOFMEMORY;
    heap->ID3D12QueryHeap_iface.lpVtbl = &rt_query_heap_vtbl;
    atomic_init(&heap->refcount, 1);
    heap->device = device;
    heap->desc = *desc;
    if (!heap->desc.NodeMask)
        heap->desc.NodeMask = 1;
    if (FAILED(hr = rt_private_store_init(&heap->private_store)))
        goto fail_free;

    args.Type = desc->Type;
    args.Count = desc->Count;
    args.NodeMask = heap->desc.NodeMask;
    rt_device_ddi_lock(device);
    size = device->ddi.pfnCalcPrivateQueryHeapSize(device->hdrv, &args);
    if (!(heap->drv_memory = rt_device_alloc_driver_object(size)))
    {
        rt_device_ddi_unlock(device);
        hr = E_OUTOFMEMORY;
        goto fail_private_store;
    }
    heap->hdrv.pDrvPrivate = heap->drv_memory;
    hr = device->ddi.pfnCreateQueryHeap(device->hdrv, &args, heap->hdrv);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        report(device, hr, id, "the driver failed to create a %s heap of %u queries, hr %#x",
               rt_query_heap_type_name(desc->Type), desc->Count, (unsigned int)hr);
        goto fail_driver_memory;
    }

    rt_device_add_internal_ref(device);
    RT_TRACE("Created %s query heap %p of %u queries.", rt_query_heap_type_name(desc->Type), (void *)heap,
             desc->Count);
    return rt_return_interface(&heap->ID3D12QueryHeap_iface, &IID_ID3D12QueryHeap, riid, out);

fail_driver_memory:
    free(heap->drv_memory);
fail_private_store:
    rt_private_store_destroy(&heap->private_store);
fail_free:
    free(heap);
    return hr;
}
