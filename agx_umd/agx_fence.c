/* Fences (agx_fence.h). */
#include "agx_fence.h"

static SIZE_T APIENTRY agx_fence_calc_size(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_FENCE_0124 *args)
{
    return sizeof(struct agx_fence);
}

static HRESULT APIENTRY agx_fence_create(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_FENCE_0124 *args,
                                         D3D12DDI_HFENCE hfence)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    struct agx_fence *fence = agx_fence_from_handle(hfence);

    fence->device = device;
    fence->timeline = NULL;
    /* Shared and cross-adapter flags change nothing in one process on one GPU. */
    return device->backend->ops->timeline_create(device->backend, args->InitialValue, &fence->timeline);
}

static void APIENTRY agx_fence_destroy(D3D12DDI_HDEVICE hdevice, D3D12DDI_HFENCE hfence)
{
    struct agx_fence *fence = agx_fence_from_handle(hfence);

    fence->device->backend->ops->timeline_destroy(fence->timeline);
    fence->timeline = NULL;
}

static UINT64 APIENTRY agx_fence_completed_value(D3D12DDI_HDEVICE device, D3D12DDI_HFENCE hfence)
{
    struct agx_fence *fence = agx_fence_from_handle(hfence);

    return fence->device->backend->ops->timeline_value(fence->timeline);
}

static HRESULT APIENTRY agx_fence_signal_cpu(D3D12DDI_HDEVICE device, D3D12DDI_HFENCE hfence, UINT64 value)
{
    struct agx_fence *fence = agx_fence_from_handle(hfence);

    fence->device->backend->ops->timeline_signal(fence->timeline, value);
    return S_OK;
}

static HRESULT APIENTRY agx_fence_notify(D3D12DDI_HDEVICE device, D3D12DDI_HFENCE hfence, UINT64 value,
                                         PFND3D12DDI_FENCE_CALLBACK callback, void *context)
{
    struct agx_fence *fence = agx_fence_from_handle(hfence);

    if (!callback)
        return E_INVALIDARG;
    return fence->device->backend->ops->timeline_notify(fence->timeline, value, callback, context);
}

void agx_fence_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnCalcPrivateFenceSize = agx_fence_calc_size;
    funcs->pfnCreateFence = agx_fence_create;
    funcs->pfnDestroyFence = agx_fence_destroy;
    funcs->pfnGetFenceCompletedValue = agx_fence_completed_value;
    funcs->pfnSignalFenceCpu = agx_fence_signal_cpu;
    funcs->pfnNotifyFenceOnCompletion = agx_fence_notify;
}
