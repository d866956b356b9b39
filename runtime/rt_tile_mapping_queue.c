/*
 * ID3D12TileMappingQueue: the device's dedicated queue for ExecuteTileMappings (seed 001).
 * The device owns it (one per physical adapter, destroyed with the device); its AddRef and
 * Release are the device's, so a queue the application holds keeps the device alive and
 * every GetTileMappingQueue returns the same object. Its own are the private data and name
 * of an ID3D12Pageable.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_device_private.h"
#include "rt_fence.h"
#include "rt_info_queue.h"
#include "rt_tile.h"
#include "rt_tile_mapping.h"

struct rt_tile_mapping_queue
{
    ID3D12TileMappingQueue ID3D12TileMappingQueue_iface;
    struct rt_device *device;
    struct rt_private_store private_store;
    mtx_t mutex;                     /* one thread at a time into the queue's table */
    D3D12DDI_HTILEMAPPINGQUEUE_0124 hdrv;
    void *drv_memory;
};

static const ID3D12TileMappingQueueVtbl rt_tile_mapping_queue_vtbl;

static struct rt_tile_mapping_queue *impl_from_iface(ID3D12TileMappingQueue *iface)
{
    return (struct rt_tile_mapping_queue *)iface;
}

ID3D12TileMappingQueue *rt_tile_mapping_queue_iface(struct rt_tile_mapping_queue *queue)
{
    return &queue->ID3D12TileMappingQueue_iface;
}

static HRESULT STDMETHODCALLTYPE rt_tile_mapping_queue_QueryInterface(ID3D12TileMappingQueue *iface, REFIID riid,
        void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);
    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12TileMappingQueue) || rt_guid_equal(riid, &IID_ID3D12Pageable)
            || rt_guid_equal(riid, &IID_ID3D12DeviceChild) || rt_guid_equal(riid, &IID_ID3D12Object)
            || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12TileMappingQueue_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_tile_mapping_queue_AddRef(ID3D12TileMappingQueue *iface)
{
    struct rt_device *device = impl_from_iface(iface)->device;

    return ID3D12Device16_AddRef(&device->ID3D12Device_iface);
}

static ULONG STDMETHODCALLTYPE rt_tile_mapping_queue_Release(ID3D12TileMappingQueue *iface)
{
    struct rt_device *device = impl_from_iface(iface)->device;

    return ID3D12Device16_Release(&device->ID3D12Device_iface);
}

static HRESULT STDMETHODCALLTYPE rt_tile_mapping_queue_GetPrivateData(ID3D12TileMappingQueue *iface, REFGUID guid,
        UINT *size, void *data)
{
    return rt_private_store_get(&impl_from_iface(iface)->private_store, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE rt_tile_mapping_queue_SetPrivateData(ID3D12TileMappingQueue *iface, REFGUID guid,
        UINT size, const void *data)
{
    return rt_private_store_set(&impl_from_iface(iface)->private_store, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE rt_tile_mapping_queue_SetPrivateDataInterface(ID3D12TileMappingQueue *iface,
        REFGUID guid, const IUnknown *data)
{
    return rt_private_store_set_interface(&impl_from_iface(iface)->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_tile_mapping_queue_SetName(ID3D12TileMappingQueue *iface, LPCWSTR name)
{
    RT_TRACE("iface %p, name %s.", (void *)iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&impl_from_iface(iface)->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_tile_mapping_queue_GetDevice(ID3D12TileMappingQueue *iface, REFIID riid,
        void **device)
{
    RT_TRACE("iface %p, riid %s, device %p.", (void *)iface, rt_debugstr_guid(riid), (void *)device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device16_QueryInterface(&impl_from_iface(iface)->device->ID3D12Device_iface, riid, device);
}

/* ---- ExecuteTileMappings ------------------------------------------------------------------- */

/* A refused call is dropped with an EXECUTION error; the driver never sees it (as
 * UpdateTileMappings, rt_queue.c). */
static bool execute_drop(const struct rt_tile_mapping_queue *queue, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static bool execute_drop(const struct rt_tile_mapping_queue *queue, const char *fmt, ...)
{
    char text[256];
    va_list args;

    va_start(args, fmt);
    vsnprintf(text, sizeof(text), fmt, args);
    va_end(args);
    RT_WARN("ExecuteTileMappings: %s; dropped.", text);
    rt_info_queue_add(queue->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
            /* The parameter message of the tile-mapping family, which ExecuteTileMappings joins. */
            D3D12_MESSAGE_ID_UPDATETILEMAPPINGS_INVALID_PARAMETER, "ExecuteTileMappings: %s; the call is dropped",
            text);
    return false;
}

/* An input buffer: a buffer of this device; the offset DWORD-aligned and inside it (the
 * driver bounds every read by the buffer's end; specs/api.md "The argument buffer can be
 * in:"). `bytes` more must fit after the offset (4 for the count). */
static bool execute_check_buffer(const struct rt_tile_mapping_queue *queue, const char *what,
        ID3D12Resource *iface, UINT64 offset, UINT64 bytes, struct rt_resource **out)
{
    struct rt_resource *resource = rt_resource_from_iface(iface);

    if (!resource || resource->device != queue->device)
        return execute_drop(queue, "the %s buffer is NULL or not of this device", what);
    if (!rt_resource_is_buffer(resource))
        return execute_drop(queue, "the %s buffer is a texture", what);
    if (offset % 4)
        return execute_drop(queue, "the %s buffer's offset %" PRIu64 " is not a multiple of 4", what, offset);
    if (offset > resource->desc.Width || bytes > resource->desc.Width - offset)
        return execute_drop(queue, "the %s buffer's offset %" PRIu64 " leaves no %" PRIu64 " bytes in its %" PRIu64,
                what, offset, bytes, (UINT64)resource->desc.Width);
    *out = resource;
    return true;
}

static void STDMETHODCALLTYPE rt_tile_mapping_queue_ExecuteTileMappings(ID3D12TileMappingQueue *iface,
        UINT max_dwords, ID3D12Resource *arguments_iface, UINT64 arguments_offset, ID3D12Resource *count_iface,
        UINT64 count_offset, ID3D12Resource *tile_list_iface, UINT64 tile_list_offset,
        D3D12_EXECUTE_TILE_MAPPINGS_FLAGS flags)
{
    struct rt_tile_mapping_queue *queue = impl_from_iface(iface);
    struct rt_device *device = queue->device;
    struct rt_resource *arguments, *count = NULL, *tile_list = NULL;
    D3D12DDI_HRESOURCE no_resource = {NULL};

    RT_TRACE("iface %p, max_dwords %u, arguments %p+%" PRIu64 ", count %p+%" PRIu64 ", tile_list %p+%" PRIu64
            ", flags %#x.", (void *)iface, max_dwords, (void *)arguments_iface, arguments_offset, (void *)count_iface,
            count_offset, (void *)tile_list_iface, tile_list_offset, flags);
    if (rt_device_is_removed(device))
    {
        RT_WARN("ExecuteTileMappings: the device is removed; dropped.");
        return;
    }
    if (flags != D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE)
    {
        execute_drop(queue, "unknown flags %#x", flags);
        return;
    }
    if (!execute_check_buffer(queue, "argument", arguments_iface, arguments_offset, 0, &arguments))
        return;
    if (count_iface && !execute_check_buffer(queue, "count", count_iface, count_offset, 4, &count))
        return;
    if (tile_list_iface && !execute_check_buffer(queue, "tile-list", tile_list_iface, tile_list_offset, 0, &tile_list))
        return;
    /* Handles, offsets and flags reach the driver as the application gave them. */
    mtx_lock(&queue->mutex);
    device->ddi_tile_queue.pfnExecuteTileMappings(queue->hdrv, max_dwords, arguments->hdrv, arguments_offset,
            count ? count->hdrv : no_resource, count_offset, tile_list ? tile_list->hdrv : no_resource,
            tile_list_offset, (D3DDDI_EXECUTE_TILE_MAPPINGS_FLAGS)flags);
    mtx_unlock(&queue->mutex);
}

/* Fences exactly as ID3D12CommandQueue::Signal/Wait (rt_queue.c). */
static HRESULT tile_mapping_queue_fence_op(struct rt_tile_mapping_queue *queue, ID3D12Fence *fence_iface,
        UINT64 value, bool signal)
{
    struct rt_device *device = queue->device;
    struct rt_fence *fence = rt_fence_from_iface(fence_iface);
    D3D12DDI_HCOMMANDQUEUE handle = {queue->hdrv.pDrvPrivate};
    D3D12DDIARG_FENCE_OPERATION_0124 op;

    if (!fence)
    {
        RT_WARN("NULL or foreign fence %p.", (void *)fence_iface);
        return E_INVALIDARG;
    }
    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    op.hFence = fence->hdrv;
    op.Value = value;
    mtx_lock(&queue->mutex);
    if (signal)
        device->ddi_tile_queue.pfnSignalFence(handle, &op);
    else
        device->ddi_tile_queue.pfnWaitForFence(handle, &op);
    mtx_unlock(&queue->mutex);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_tile_mapping_queue_Signal(ID3D12TileMappingQueue *iface, ID3D12Fence *fence,
        UINT64 value)
{
    RT_TRACE("iface %p, fence %p, value %#" PRIx64 ".", (void *)iface, (void *)fence, value);
    return tile_mapping_queue_fence_op(impl_from_iface(iface), fence, value, true);
}

static HRESULT STDMETHODCALLTYPE rt_tile_mapping_queue_Wait(ID3D12TileMappingQueue *iface, ID3D12Fence *fence,
        UINT64 value)
{
    RT_TRACE("iface %p, fence %p, value %#" PRIx64 ".", (void *)iface, (void *)fence, value);
    return tile_mapping_queue_fence_op(impl_from_iface(iface), fence, value, false);
}

static const ID3D12TileMappingQueueVtbl rt_tile_mapping_queue_vtbl =
{
    rt_tile_mapping_queue_QueryInterface,
    rt_tile_mapping_queue_AddRef,
    rt_tile_mapping_queue_Release,
    rt_tile_mapping_queue_GetPrivateData,
    rt_tile_mapping_queue_SetPrivateData,
    rt_tile_mapping_queue_SetPrivateDataInterface,
    rt_tile_mapping_queue_SetName,
    rt_tile_mapping_queue_GetDevice,
    rt_tile_mapping_queue_ExecuteTileMappings,
    rt_tile_mapping_queue_Signal,
    rt_tile_mapping_queue_Wait,
};

/* Called with the tile-mapping mutex held, after initialisation succeeded. */
HRESULT rt_tile_mapping_queue_create(struct rt_device *device, struct rt_tile_mapping_queue **out)
{
    struct rt_tile_mapping_queue *queue;
    HRESULT hr;

    if (!(queue = calloc(1, sizeof(*queue))))
        return E_OUTOFMEMORY;
    queue->ID3D12TileMappingQueue_iface.lpVtbl = &rt_tile_mapping_queue_vtbl;
    queue->device = device;
    if (FAILED(hr = rt_private_store_init(&queue->private_store)))
        goto fail_free;
    if (mtx_init(&queue->mutex, mtx_plain) != thrd_success)
    {
        hr = E_OUTOFMEMORY;
        goto fail_store;
    }
    rt_device_ddi_lock(device);
    if (!(queue->drv_memory = rt_device_alloc_driver_object(device->ddi.pfnCalcPrivateTileMappingQueueSize(
            device->hdrv, 0))))
    {
        rt_device_ddi_unlock(device);
        hr = E_OUTOFMEMORY;
        goto fail_mutex;
    }
    queue->hdrv.pDrvPrivate = queue->drv_memory;
    hr = device->ddi.pfnCreateTileMappingQueue(device->hdrv, 0, queue->hdrv);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("The driver failed to create the tile mapping queue (0x%08x).", (unsigned int)hr);
        goto fail_driver_memory;
    }
    *out = queue;
    return S_OK;

fail_driver_memory:
    free(queue->drv_memory);
fail_mutex:
    mtx_destroy(&queue->mutex);
fail_store:
    rt_private_store_destroy(&queue->private_store);
fail_free:
    free(queue);
    return hr;
}

void rt_tile_mapping_queue_destroy(struct rt_tile_mapping_queue *queue)
{
    struct rt_device *device = queue->device;

    rt_private_store_destroy(&queue->private_store);
    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyTileMappingQueue(device->hdrv, queue->hdrv);
    rt_device_ddi_unlock(device);
    free(queue->drv_memory);
    mtx_destroy(&queue->mutex);
    free(queue);
}

/* ---- QueryRegisteredReservedResourceMappings (ID3D12CommandQueue2) -------------------------- */

/* The driver's D3DDDI_QUERIED_RESOURCE_MAPPING { SourceLayoutId, SourceOffsetInTiles } and
 * the API's { TilePoolLayoutIndex, TilePoolOffsetInTiles } are the same two UINTs in the same
 * order: the translation seed 001 asks for changes no byte (checked below). */
D3D12RT_STATIC_ASSERT(sizeof(D3DDDI_QUERIED_RESOURCE_MAPPING) == sizeof(D3D12_QUERIED_RESOURCE_MAPPING)
        && offsetof(D3DDDI_QUERIED_RESOURCE_MAPPING, SourceLayoutId)
                == offsetof(D3D12_QUERIED_RESOURCE_MAPPING, TilePoolLayoutIndex)
        && offsetof(D3DDDI_QUERIED_RESOURCE_MAPPING, SourceOffsetInTiles)
                == offsetof(D3D12_QUERIED_RESOURCE_MAPPING, TilePoolOffsetInTiles), "same layout");

HRESULT rt_tile_mapping_query(struct rt_device *device, ID3D12Resource *reserved_iface, UINT64 start, UINT64 count,
        UINT64 output_offset, ID3D12Resource *output_iface)
{
    struct rt_resource *reserved = rt_resource_from_iface(reserved_iface);
    struct rt_resource *output = rt_resource_from_iface(output_iface);
    const UINT64 entry = sizeof(D3D12_QUERIED_RESOURCE_MAPPING);
    struct rt_tile_mapping_state *state = device->tile_mapping;
    UINT total_tiles;
    HRESULT hr;

    if (!reserved || reserved->device != device || reserved->kind != RT_RESOURCE_RESERVED)
    {
        RT_WARN("QueryRegisteredReservedResourceMappings: the source is not a reserved resource of this device.");
        return E_INVALIDARG;
    }
    if (!output || output->device != device || !rt_resource_is_buffer(output))
    {
        RT_WARN("QueryRegisteredReservedResourceMappings: the output is not a buffer of this device.");
        return E_INVALIDARG;
    }
    rt_resource_get_tiling(reserved, &total_tiles, NULL, NULL, NULL, 0, NULL);
    if (start > total_tiles || count > total_tiles - start)
    {
        RT_WARN("QueryRegisteredReservedResourceMappings: tiles %" PRIu64 " + %" PRIu64 " pass the resource's %u.",
                start, count, total_tiles);
        return E_INVALIDARG;
    }
    if (output_offset > output->desc.Width || count > (output->desc.Width - output_offset) / entry)
    {
        RT_WARN("QueryRegisteredReservedResourceMappings: %" PRIu64 " entries at %" PRIu64 " pass the %" PRIu64
                "-byte output.", count, output_offset, (UINT64)output->desc.Width);
        return E_INVALIDARG;
    }
    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    mtx_lock(&state->mutex);
    if (reserved->resource_layout == RT_NO_LAYOUT)
    {
        mtx_unlock(&state->mutex);
        RT_WARN("QueryRegisteredReservedResourceMappings: the source is not registered.");
        return E_INVALIDARG;
    }
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnQueryRegisteredReservedResourceMappings(device->hdrv, 0, reserved->hdrv, start, count,
            output_offset, output->hdrv);
    rt_device_ddi_unlock(device);
    mtx_unlock(&state->mutex);
    return hr;
}
