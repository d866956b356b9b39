/* ID3D12Device16: the vtable, IUnknown, ID3D12Object and the device-wide methods. */
#include <stdio.h>
#include <stdlib.h>

#include "rt_device_private.h"
#include "rt_adapter.h"
#include "rt_create.h"
#include "rt_info.h"
#include "rt_info_queue.h"

static const struct ID3D12Device16Vtbl rt_device_vtbl;

struct rt_device *rt_device_from_iface(ID3D12Device *iface)
{
    if (!iface || iface->lpVtbl != (const void *)&rt_device_vtbl)
        return NULL;
    return impl_from_ID3D12Device((rt_device_iface *)iface);
}

HRESULT rt_device_get_report(ID3D12Device *iface, struct rt_device_report *report)
{
    struct rt_device *device = rt_device_from_iface(iface);

    if (!device || !report)
        return E_INVALIDARG;
    snprintf(report->driver, sizeof(report->driver), "%.180s, %.120s", device->adapter->ddi.driver_name,
            device->adapter->gpu_info.Description[0] ? device->adapter->gpu_info.Description : "unnamed adapter");
    report->ddi_version = device->ddi_version;
    snprintf(report->async_reason, sizeof(report->async_reason), "%s", device->async.reason);
    report->dedicated_video_memory = device->adapter->gpu_info.DedicatedVideoMemory;
    report->shared_system_memory = device->adapter->gpu_info.SharedSystemMemory;
    return S_OK;
}

/* IUnknown */

static HRESULT STDMETHODCALLTYPE rt_device_QueryInterface(rt_device_iface *iface, REFIID riid, void **object)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;

    if (rt_guid_equal(riid, &IID_ID3D12Device16) || rt_guid_equal(riid, &IID_ID3D12Device15)
            || rt_guid_equal(riid, &IID_ID3D12Device14) || rt_guid_equal(riid, &IID_ID3D12Device13)
            || rt_guid_equal(riid, &IID_ID3D12Device12) || rt_guid_equal(riid, &IID_ID3D12Device11) || rt_guid_equal(riid, &IID_ID3D12Device10)
            || rt_guid_equal(riid, &IID_ID3D12Device9) || rt_guid_equal(riid, &IID_ID3D12Device8)
            || rt_guid_equal(riid, &IID_ID3D12Device7) || rt_guid_equal(riid, &IID_ID3D12Device6)
            || rt_guid_equal(riid, &IID_ID3D12Device5) || rt_guid_equal(riid, &IID_ID3D12Device4)
            || rt_guid_equal(riid, &IID_ID3D12Device3) || rt_guid_equal(riid, &IID_ID3D12Device2)
            || rt_guid_equal(riid, &IID_ID3D12Device1) || rt_guid_equal(riid, &IID_ID3D12Device)
            || rt_guid_equal(riid, &IID_ID3D12Object) || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12Device16_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    if (rt_guid_equal(riid, &IID_ID3D12DeviceConfiguration))
    {
        ID3D12Device16_AddRef(iface);
        *object = &device->ID3D12DeviceConfiguration_iface;
        return S_OK;
    }
    if (device->info_queue && (rt_guid_equal(riid, &IID_ID3D12InfoQueue)
            || rt_guid_equal(riid, &IID_ID3D12InfoQueue1)))
    {
        ID3D12Device16_AddRef(iface);
        *object = rt_info_queue_iface(device->info_queue);
        return S_OK;
    }

    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_device_AddRef(rt_device_iface *iface)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    unsigned int refcount = atomic_fetch_add(&device->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)device, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_device_Release(rt_device_iface *iface)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    unsigned int refcount = atomic_fetch_sub(&device->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)device, refcount);
    if (!refcount)
        rt_device_destroy(device);
    return refcount;
}

void rt_device_add_internal_ref(struct rt_device *device)
{
    atomic_fetch_add(&device->refcount, 1);
}

void rt_device_release_internal_ref(struct rt_device *device)
{
    if (atomic_fetch_sub(&device->refcount, 1) == 1)
        rt_device_destroy(device);
}

bool rt_device_try_add_ref(struct rt_device *device)
{
    unsigned int refcount = atomic_load(&device->refcount);

    while (refcount)
    {
        if (atomic_compare_exchange_weak(&device->refcount, &refcount, refcount + 1))
            return true;
    }
    return false;
}

/* ID3D12Object */

static HRESULT STDMETHODCALLTYPE rt_device_GetPrivateData(rt_device_iface *iface, REFGUID guid,
        UINT *data_size, void *data)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, guid %s, data_size %p, data %p.", (void *)iface, rt_debugstr_guid(guid),
            (void *)data_size, data);
    return rt_private_store_get(&device->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_device_SetPrivateData(rt_device_iface *iface, REFGUID guid,
        UINT data_size, const void *data)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, guid %s, data_size %u, data %p.", (void *)iface, rt_debugstr_guid(guid), data_size, data);
    return rt_private_store_set(&device->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_device_SetPrivateDataInterface(rt_device_iface *iface, REFGUID guid,
        const IUnknown *data)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, guid %s, data %p.", (void *)iface, rt_debugstr_guid(guid), (void *)data);
    return rt_private_store_set_interface(&device->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_device_SetName(rt_device_iface *iface, LPCWSTR name)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, name %s.", (void *)iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&device->private_store, name);
}

/* ID3D12Device: device-wide state */

static UINT STDMETHODCALLTYPE rt_device_GetNodeCount(rt_device_iface *iface)
{
    RT_TRACE("iface %p.", (void *)iface);
    return 1;
}

static HRESULT STDMETHODCALLTYPE rt_device_GetDeviceRemovedReason(rt_device_iface *iface)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return atomic_load(&device->removed_reason);
}

static LUID STDMETHODCALLTYPE rt_device_GetAdapterLuid(rt_device_iface *iface)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return device->adapter->gpu_info.AdapterLuid;
}

static HRESULT STDMETHODCALLTYPE rt_device_SetStablePowerState(rt_device_iface *iface, BOOL enable)
{
    RT_TRACE("iface %p, enable %#x.", (void *)iface, enable);
    /* The driver runs at one clock; there is nothing to pin. D3D12 refuses this outside
     * developer mode, which does not exist here. */
    return S_OK;
}

static void STDMETHODCALLTYPE rt_device_RemoveDevice(rt_device_iface *iface)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p.", (void *)iface);
    rt_device_mark_removed(device, DXGI_ERROR_DEVICE_REMOVED);
}

/* ID3D12Device: command-side objects (rt_create.h) */

static HRESULT STDMETHODCALLTYPE rt_device_CreateCommandQueue(rt_device_iface *iface,
        const D3D12_COMMAND_QUEUE_DESC *desc, REFIID riid, void **queue)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, desc %p, riid %s, queue %p.", (void *)iface, (const void *)desc,
            rt_debugstr_guid(riid), (void *)queue);
    if (rt_device_is_removed(device))
    {
        rt_clear_out(queue);
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    return rt_command_queue_create(device, desc, riid, queue);
}

static HRESULT STDMETHODCALLTYPE rt_device_CreateCommandQueue1(rt_device_iface *iface,
        const D3D12_COMMAND_QUEUE_DESC *desc, REFIID creator_id, REFIID riid, void **queue)
{
    RT_TRACE("iface %p, desc %p, creator_id %s, riid %s, queue %p.", (void *)iface, (const void *)desc,
            rt_debugstr_guid(creator_id), rt_debugstr_guid(riid), (void *)queue);
    /* The creator ID only groups queues for the OS scheduler; there is none here. */
    return rt_device_CreateCommandQueue(iface, desc, riid, queue);
}

static HRESULT STDMETHODCALLTYPE rt_device_CreateCommandAllocator(rt_device_iface *iface,
        D3D12_COMMAND_LIST_TYPE type, REFIID riid, void **allocator)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, type %#x, riid %s, allocator %p.", (void *)iface, type, rt_debugstr_guid(riid),
            (void *)allocator);
    if (rt_device_is_removed(device))
    {
        rt_clear_out(allocator);
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    return rt_command_allocator_create(device, type, riid, allocator);
}

static HRESULT STDMETHODCALLTYPE rt_device_CreateCommandList(rt_device_iface *iface, UINT node_mask,
        D3D12_COMMAND_LIST_TYPE type, ID3D12CommandAllocator *allocator, ID3D12PipelineState *initial_state,
        REFIID riid, void **list)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, node_mask %#x, type %#x, allocator %p, initial_state %p, riid %s, list %p.",
            (void *)iface, node_mask, type, (void *)allocator, (void *)initial_state, rt_debugstr_guid(riid),
            (void *)list);
    if (rt_device_is_removed(device))
    {
        rt_clear_out(list);
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    return rt_command_list_create(device, node_mask, type, allocator, initial_state, riid, list);
}

static HRESULT STDMETHODCALLTYPE rt_device_CreateCommandList1(rt_device_iface *iface, UINT node_mask,
        D3D12_COMMAND_LIST_TYPE type, D3D12_COMMAND_LIST_FLAGS flags, REFIID riid, void **list)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, node_mask %#x, type %#x, flags %#x, riid %s, list %p.", (void *)iface, node_mask,
            type, flags, rt_debugstr_guid(riid), (void *)list);
    if (rt_device_is_removed(device))
    {
        rt_clear_out(list);
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    return rt_command_list_create_closed(device, node_mask, type, flags, riid, list);
}

static HRESULT STDMETHODCALLTYPE rt_device_CreateFence(rt_device_iface *iface, UINT64 initial_value,
        D3D12_FENCE_FLAGS flags, REFIID riid, void **fence)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, initial_value %#" PRIx64 ", flags %#x, riid %s, fence %p.", (void *)iface,
            (uint64_t)initial_value, flags, rt_debugstr_guid(riid), (void *)fence);
    if (rt_device_is_removed(device))
    {
        rt_clear_out(fence);
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    return rt_fence_create(device, initial_value, flags, riid, fence);
}

static const struct ID3D12Device16Vtbl rt_device_vtbl =
{
    /* IUnknown methods */
    rt_device_QueryInterface,
    rt_device_AddRef,
    rt_device_Release,
    /* ID3D12Object methods */
    rt_device_GetPrivateData,
    rt_device_SetPrivateData,
    rt_device_SetPrivateDataInterface,
    rt_device_SetName,
    /* ID3D12Device methods */
    rt_device_GetNodeCount,
    rt_device_CreateCommandQueue,
    rt_device_CreateCommandAllocator,
    rt_device_CreateGraphicsPipelineState,
    rt_device_CreateComputePipelineState,
    rt_device_CreateCommandList,
    rt_device_CheckFeatureSupport,
    rt_device_CreateDescriptorHeap,
    rt_device_GetDescriptorHandleIncrementSize,
    rt_device_CreateRootSignature,
    rt_device_CreateConstantBufferView,
    rt_device_CreateShaderResourceView,
    rt_device_CreateUnorderedAccessView,
    rt_device_CreateRenderTargetView,
    rt_device_CreateDepthStencilView,
    rt_device_CreateSampler,
    rt_device_CopyDescriptors,
    rt_device_CopyDescriptorsSimple,
    rt_device_GetResourceAllocationInfo,
    rt_device_GetCustomHeapProperties,
    rt_device_CreateCommittedResource,
    rt_device_CreateHeap,
    rt_device_CreatePlacedResource,
    rt_device_CreateReservedResource,
    rt_device_CreateSharedHandle,
    rt_device_OpenSharedHandle,
    rt_device_OpenSharedHandleByName,
    rt_device_MakeResident,
    rt_device_Evict,
    rt_device_CreateFence,
    rt_device_GetDeviceRemovedReason,
    rt_device_GetCopyableFootprints,
    rt_device_CreateQueryHeap,
    rt_device_SetStablePowerState,
    rt_device_CreateCommandSignature,
    rt_device_GetResourceTiling,
    rt_device_GetAdapterLuid,
    /* ID3D12Device1 methods */
    rt_device_CreatePipelineLibrary,
    rt_device_SetEventOnMultipleFenceCompletion,
    rt_device_SetResidencyPriority,
    /* ID3D12Device2 methods */
    rt_device_CreatePipelineState,
    /* ID3D12Device3 methods */
    rt_device_OpenExistingHeapFromAddress,
    rt_device_OpenExistingHeapFromFileMapping,
    rt_device_EnqueueMakeResident,
    /* ID3D12Device4 methods */
    rt_device_CreateCommandList1,
    rt_device_CreateProtectedResourceSession,
    rt_device_CreateCommittedResource1,
    rt_device_CreateHeap1,
    rt_device_CreateReservedResource1,
    rt_device_GetResourceAllocationInfo1,
    /* ID3D12Device5 methods */
    rt_device_CreateLifetimeTracker,
    rt_device_RemoveDevice,
    rt_device_EnumerateMetaCommands,
    rt_device_EnumerateMetaCommandParameters,
    rt_device_CreateMetaCommand,
    rt_device_CreateStateObject,
    rt_device_GetRaytracingAccelerationStructurePrebuildInfo,
    rt_device_CheckDriverMatchingIdentifier,
    /* ID3D12Device6 methods */
    rt_device_SetBackgroundProcessingMode,
    /* ID3D12Device7 methods */
    rt_device_AddToStateObject,
    rt_device_CreateProtectedResourceSession1,
    /* ID3D12Device8 methods */
    rt_device_GetResourceAllocationInfo2,
    rt_device_CreateCommittedResource2,
    rt_device_CreatePlacedResource1,
    rt_device_CreateSamplerFeedbackUnorderedAccessView,
    rt_device_GetCopyableFootprints1,
    /* ID3D12Device9 methods */
    rt_device_CreateShaderCacheSession,
    rt_device_ShaderCacheControl,
    rt_device_CreateCommandQueue1,
    /* ID3D12Device10 methods */
    rt_device_CreateCommittedResource3,
    rt_device_CreatePlacedResource2,
    rt_device_CreateReservedResource2,
    /* ID3D12Device11 methods */
    rt_device_CreateSampler2,
    /* ID3D12Device12 methods */
    rt_device_GetResourceAllocationInfo3,
    /* ID3D12Device13 methods */
    rt_device_OpenExistingHeapFromAddress1,
    /* ID3D12Device14 methods */
    rt_device_CreateRootSignatureFromSubobjectInLibrary,
    /* ID3D12Device15 methods */
    rt_device_RegisterTrimNotificationCallback,
    rt_device_UnregisterTrimNotificationCallback,
    rt_device_TryCreateShaderResourceView,
    rt_device_TryCreateUnorderedAccessView,
    rt_device_TryCreateConstantBufferView,
    rt_device_TryCreateSampler2,
    rt_device_TryCreateRenderTargetView,
    rt_device_TryCreateDepthStencilView,
    rt_device_TryCreateSamplerFeedbackUnorderedAccessView,
    rt_device_CreateQueryHeap1,
    rt_device_ResolveQueryData,
    /* ID3D12Device16 methods */
    rt_device_GetTileMappingQueue,
    rt_device_InitializeExecuteTileMappingLayoutTables,
    rt_device_RegisterResourceLayouts,
    rt_device_RegisterHeapLayouts,
    rt_device_UnregisterResourceLayouts,
    rt_device_UnregisterHeapLayouts,
};

const struct ID3D12Device16Vtbl *rt_device_get_vtbl(void)
{
    return &rt_device_vtbl;
}
