/*
 * ID3D12Fence1. The value lives in the driver's fence; the runtime adds device removal
 * (every fence reads UINT64_MAX once the device is removed) and the Linux form of
 * SetEventOnCompletion (API.md): the HANDLE is an eventfd descriptor cast to a pointer,
 * written once the value is reached; NULL blocks the caller until then.
 */
#define CONST_VTABLE
#include <inttypes.h>
#include <stdlib.h>
#include <time.h>

#include "rt_create.h"
#include "rt_fence.h"
#include "rt_platform.h"

/*
 * One SetEventOnCompletion request, handed to the driver as its callback context and
 * linked in the fence until the driver answers. A blocked thread that gives up (the
 * device was removed) marks it abandoned; the answer, or the fence's destruction,
 * frees it then.
 */
struct rt_fence_waiter
{
    struct rt_fence_waiter *next;
    struct rt_fence *fence;
    HANDLE event;                    /* NULL: a thread blocks until `done` */
    bool done;
    bool abandoned;
    bool released;                   /* the event was signalled at device removal */
};

static const ID3D12Fence1Vtbl rt_fence_vtbl;

static struct rt_fence *impl_from_ID3D12Fence1(ID3D12Fence1 *iface)
{
    return RT_CONTAINING(iface, struct rt_fence, ID3D12Fence_iface);
}

struct rt_fence *rt_fence_from_iface(ID3D12Fence *iface)
{
    if (!iface || (const void *)iface->lpVtbl != (const void *)&rt_fence_vtbl)
        return NULL;
    return impl_from_ID3D12Fence1((ID3D12Fence1 *)iface);
}

/* Called with the fence's mutex held. */
static void rt_fence_unlink_waiter(struct rt_fence *fence, struct rt_fence_waiter *waiter)
{
    struct rt_fence_waiter **link;

    for (link = &fence->waiters; *link; link = &(*link)->next)
    {
        if (*link == waiter)
        {
            *link = waiter->next;
            return;
        }
    }
}

/* PFND3D12DDI_FENCE_CALLBACK: the value was reached, or the device is lost. Either way
 * the wait is over (a removed device's fences read UINT64_MAX). */
static void APIENTRY rt_fence_waiter_done(void *context, BOOL removed)
{
    struct rt_fence_waiter *waiter = context;
    struct rt_fence *fence = waiter->fence;
    HANDLE event = waiter->event;
    bool free_waiter;

    /* The driver answers "removed" only once its GPU stopped: the fences read complete
     * from here on, before the event tells the application so. */
    if (removed && rt_device_is_removed(fence->device))
        atomic_store(&fence->device->gpu_stopped, true);

    mtx_lock(&fence->mutex);
    rt_fence_unlink_waiter(fence, waiter);
    waiter->done = true;
    free_waiter = event || waiter->abandoned;
    if (!event)
        cnd_broadcast(&fence->cond);
    if (waiter->released)
        event = NULL;
    mtx_unlock(&fence->mutex);

    /* A blocked thread owns its waiter again once the mutex is released. */
    if (free_waiter)
        free(waiter);
    if (event && rt_event_signal(event) < 0)
        RT_WARN("Failed to signal event %p.", event);
}

void rt_fence_release_waiters(struct rt_device *device)
{
    struct rt_fence_waiter *waiter;
    struct rt_fence *fence;

    mtx_lock(&device->fence_list_mutex);
    for (fence = device->fence_list; fence; fence = fence->next_in_device)
    {
        mtx_lock(&fence->mutex);
        for (waiter = fence->waiters; waiter; waiter = waiter->next)
        {
            if (!waiter->event || waiter->released)
                continue;
            waiter->released = true;
            if (rt_event_signal(waiter->event) < 0)
                RT_WARN("Failed to signal event %p.", waiter->event);
        }
        cnd_broadcast(&fence->cond);
        mtx_unlock(&fence->mutex);
    }
    mtx_unlock(&device->fence_list_mutex);
}

static void rt_fence_unlink_from_device(struct rt_fence *fence)
{
    struct rt_device *device = fence->device;
    struct rt_fence **link;

    mtx_lock(&device->fence_list_mutex);
    for (link = &device->fence_list; *link; link = &(*link)->next_in_device)
    {
        if (*link == fence)
        {
            *link = fence->next_in_device;
            break;
        }
    }
    mtx_unlock(&device->fence_list_mutex);
}

static void rt_fence_destroy(struct rt_fence *fence)
{
    struct rt_device *device = fence->device;
    struct rt_fence_waiter *waiter, *next;

    rt_fence_unlink_from_device(fence);

    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyFence(device->hdrv, fence->hdrv);
    rt_device_ddi_unlock(device);

    /* The driver answers no request of a destroyed fence. */
    for (waiter = fence->waiters; waiter; waiter = next)
    {
        next = waiter->next;
        free(waiter);
    }
    cnd_destroy(&fence->cond);
    mtx_destroy(&fence->mutex);
    free(fence->drv_memory);
    rt_private_store_destroy(&fence->private_store);
    free(fence);
    rt_device_release_internal_ref(device);
}

static void rt_fence_retired(struct rt_retire_node *node)
{
    rt_fence_destroy(RT_CONTAINING(node, struct rt_fence, retire));
}

static HRESULT STDMETHODCALLTYPE rt_fence_QueryInterface(ID3D12Fence1 *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", iface, rt_debugstr_guid(riid), object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12Fence1) || rt_guid_equal(riid, &IID_ID3D12Fence)
            || rt_guid_equal(riid, &IID_ID3D12Pageable) || rt_guid_equal(riid, &IID_ID3D12DeviceChild)
            || rt_guid_equal(riid, &IID_ID3D12Object) || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12Fence1_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_fence_AddRef(ID3D12Fence1 *iface)
{
    struct rt_fence *fence = impl_from_ID3D12Fence1(iface);
    ULONG refcount = atomic_fetch_add(&fence->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", fence, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_fence_Release(ID3D12Fence1 *iface)
{
    struct rt_fence *fence = impl_from_ID3D12Fence1(iface);
    ULONG refcount = atomic_fetch_sub(&fence->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", fence, refcount);
    if (!refcount)
    {
        fence->retire.after_fence_ops = true;
        rt_device_retire(fence->device, &fence->retire, rt_fence_retired, NULL, fence);
    }
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_fence_GetPrivateData(ID3D12Fence1 *iface, REFGUID guid, UINT *size, void *data)
{
    return rt_private_store_get(&impl_from_ID3D12Fence1(iface)->private_store, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE rt_fence_SetPrivateData(ID3D12Fence1 *iface, REFGUID guid, UINT size,
                                                         const void *data)
{
    return rt_private_store_set(&impl_from_ID3D12Fence1(iface)->private_store, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE rt_fence_SetPrivateDataInterface(ID3D12Fence1 *iface, REFGUID guid,
                                                                  const IUnknown *data)
{
    return rt_private_store_set_interface(&impl_from_ID3D12Fence1(iface)->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_fence_SetName(ID3D12Fence1 *iface, LPCWSTR name)
{
    RT_TRACE("iface %p, name %s.", iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&impl_from_ID3D12Fence1(iface)->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_fence_GetDevice(ID3D12Fence1 *iface, REFIID riid, void **device)
{
    struct rt_fence *fence = impl_from_ID3D12Fence1(iface);

    RT_TRACE("iface %p, riid %s, device %p.", iface, rt_debugstr_guid(riid), device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device_QueryInterface((ID3D12Device *)&fence->device->ID3D12Device_iface, riid, device);
}

static UINT64 STDMETHODCALLTYPE rt_fence_GetCompletedValue(ID3D12Fence1 *iface)
{
    struct rt_fence *fence = impl_from_ID3D12Fence1(iface);
    struct rt_device *device = fence->device;
    UINT64 value;

    RT_TRACE("iface %p.", iface);

    /* Where applications look at progress: what was released early may go now. */
    rt_device_retire_poll(device);
    if (rt_device_gpu_stopped(device))
        return UINT64_MAX;
    rt_device_ddi_lock(device);
    value = device->ddi.pfnGetFenceCompletedValue(device->hdrv, fence->hdrv);
    rt_device_ddi_unlock(device);
    return value;
}

/* Sleeps on the fence's condition for at most 50 ms: the runtime can remove the device
 * without the driver knowing, so a blocked wait also watches the device. */
static void rt_fence_wait_slice(struct rt_fence *fence)
{
    struct timespec deadline;

    timespec_get(&deadline, TIME_UTC);
    deadline.tv_nsec += 50 * 1000 * 1000;
    if (deadline.tv_nsec >= 1000000000)
    {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1000000000;
    }
    cnd_timedwait(&fence->cond, &fence->mutex, &deadline);
}

static HRESULT STDMETHODCALLTYPE rt_fence_SetEventOnCompletion(ID3D12Fence1 *iface, UINT64 value, HANDLE event)
{
    struct rt_fence *fence = impl_from_ID3D12Fence1(iface);
    struct rt_device *device = fence->device;
    struct rt_fence_waiter *waiter;
    HRESULT hr;

    RT_TRACE("iface %p, value %#" PRIx64 ", event %p.", iface, value, event);

    /* The Linux form of an event is an eventfd; anything else is no event (Windows
     * answers E_INVALIDARG for a handle that is not one, as for a bad argument). */
    if (event && !rt_event_is_eventfd(event))
    {
        RT_WARN("Event %p is not an eventfd descriptor.", event);
        return E_INVALIDARG;
    }

    /* A removed device's fences have reached every value once its GPU stopped. */
    if (rt_device_gpu_stopped(device))
    {
        if (event && rt_event_signal(event) < 0)
            RT_WARN("Failed to signal event %p.", event);
        return S_OK;
    }

    if (!(waiter = calloc(1, sizeof(*waiter))))
        return E_OUTOFMEMORY;
    waiter->fence = fence;
    waiter->event = event;
    mtx_lock(&fence->mutex);
    waiter->next = fence->waiters;
    fence->waiters = waiter;
    /* A removal since the check above may have released the waiters before this one. */
    if (event && rt_device_is_removed(device))
    {
        waiter->released = true;
        if (rt_event_signal(event) < 0)
            RT_WARN("Failed to signal event %p.", event);
    }
    mtx_unlock(&fence->mutex);

    /* The driver may answer from inside this call when the value is already reached. */
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnNotifyFenceOnCompletion(device->hdrv, fence->hdrv, value, rt_fence_waiter_done, waiter);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        mtx_lock(&fence->mutex);
        rt_fence_unlink_waiter(fence, waiter);
        mtx_unlock(&fence->mutex);
        free(waiter);
        RT_WARN("The driver refused the notification, hr %#x.", (unsigned int)hr);
        return hr;
    }
    if (event)
        return S_OK;

    mtx_lock(&fence->mutex);
    while (!waiter->done && !rt_device_gpu_stopped(device))
        rt_fence_wait_slice(fence);
    if (waiter->done)
        free(waiter);
    else
        waiter->abandoned = true;
    mtx_unlock(&fence->mutex);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_fence_Signal(ID3D12Fence1 *iface, UINT64 value)
{
    struct rt_fence *fence = impl_from_ID3D12Fence1(iface);
    struct rt_device *device = fence->device;
    HRESULT hr;

    RT_TRACE("iface %p, value %#" PRIx64 ".", iface, value);

    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnSignalFenceCpu(device->hdrv, fence->hdrv, value);
    rt_device_ddi_unlock(device);
    return hr;
}

static D3D12_FENCE_FLAGS STDMETHODCALLTYPE rt_fence_GetCreationFlags(ID3D12Fence1 *iface)
{
    RT_TRACE("iface %p.", iface);
    return impl_from_ID3D12Fence1(iface)->flags;
}

static const ID3D12Fence1Vtbl rt_fence_vtbl =
{
    /* IUnknown methods */
    rt_fence_QueryInterface,
    rt_fence_AddRef,
    rt_fence_Release,
    /* ID3D12Object methods */
    rt_fence_GetPrivateData,
    rt_fence_SetPrivateData,
    rt_fence_SetPrivateDataInterface,
    rt_fence_SetName,
    /* ID3D12DeviceChild methods */
    rt_fence_GetDevice,
    /* ID3D12Fence methods */
    rt_fence_GetCompletedValue,
    rt_fence_SetEventOnCompletion,
    rt_fence_Signal,
    /* ID3D12Fence1 methods */
    rt_fence_GetCreationFlags,
};

HRESULT rt_fence_create(struct rt_device *device, UINT64 initial_value, D3D12_FENCE_FLAGS flags,
                        REFIID riid, void **object)
{
    D3D12DDIARG_CREATE_FENCE_0124 args = {initial_value, flags};
    static const D3D12_FENCE_FLAGS known = D3D12_FENCE_FLAG_SHARED | D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER
            | D3D12_FENCE_FLAG_NON_MONITORED;
    struct rt_fence *fence;
    SIZE_T size;
    HRESULT hr;

    rt_clear_out(object);
    if (flags & ~known)
    {
        RT_WARN("Unknown fence flags %#x.", flags);
        return E_INVALIDARG;
    }
    /* SHARED is accepted and the fence works locally; only CreateSharedHandle cannot serve
     * it. Windows creates shared fences on every adapter, and vkd3d-proton, written to pass
     * there, likewise hands out a regular fence when its host cannot share one. Sharing
     * across adapters needs a second adapter, which this platform has not. */
    if (flags & D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER)
    {
        RT_WARN("Cross-adapter fences are not supported (flags %#x).", flags);
        return E_INVALIDARG;
    }
    if (!object)
        return S_FALSE;

    if (!(fence = calloc(1, sizeof(*fence))))
        return E_OUTOFMEMORY;
    fence->ID3D12Fence_iface.lpVtbl = &rt_fence_vtbl;
    atomic_init(&fence->refcount, 1);
    fence->device = device;
    fence->flags = flags;
    if (FAILED(hr = rt_private_store_init(&fence->private_store)))
        goto fail_store;
    if (mtx_init(&fence->mutex, mtx_plain) != thrd_success)
    {
        hr = E_OUTOFMEMORY;
        goto fail_mutex;
    }
    if (cnd_init(&fence->cond) != thrd_success)
    {
        hr = E_OUTOFMEMORY;
        goto fail_cond;
    }

    size = device->ddi.pfnCalcPrivateFenceSize(device->hdrv, &args);
    if (!(fence->drv_memory = rt_device_alloc_driver_object(size)))
    {
        hr = E_OUTOFMEMORY;
        goto fail_driver;
    }
    fence->hdrv.pDrvPrivate = fence->drv_memory;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCreateFence(device->hdrv, &args, fence->hdrv);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("The driver failed to create a fence, hr %#x.", (unsigned int)hr);
        free(fence->drv_memory);
        goto fail_driver;
    }

    rt_device_add_internal_ref(device);
    mtx_lock(&device->fence_list_mutex);
    fence->next_in_device = device->fence_list;
    device->fence_list = fence;
    mtx_unlock(&device->fence_list_mutex);
    RT_TRACE("Created fence %p, initial value %#" PRIx64 ".", fence, initial_value);
    return rt_return_interface(&fence->ID3D12Fence_iface, &IID_ID3D12Fence1, riid, object);

fail_driver:
    cnd_destroy(&fence->cond);
fail_cond:
    mtx_destroy(&fence->mutex);
fail_mutex:
    rt_private_store_destroy(&fence->private_store);
fail_store:
    free(fence);
    return hr;
}
