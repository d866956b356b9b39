/*
 * ID3D12CommandAllocator: owns the driver memory of the lists recorded into it, and the
 * memory and descriptors the fallback took while recording them (seed 000), which its
 * successful Reset hands back to the device's pools (rt_fallback_services.h).
 */
#define CONST_VTABLE
#include <inttypes.h>
#include <stdlib.h>

#include "rt_cmdlist.h"
#include "rt_create.h"
#include "rt_fallback_services.h"
#include "rt_info_queue.h"
#include "rt_swlist.h"

static const ID3D12CommandAllocatorVtbl rt_command_allocator_vtbl;

static struct rt_command_allocator *impl_from_ID3D12CommandAllocator(ID3D12CommandAllocator *iface)
{
    return RT_CONTAINING(iface, struct rt_command_allocator, ID3D12CommandAllocator_iface);
}

struct rt_command_allocator *rt_command_allocator_from_iface(ID3D12CommandAllocator *iface)
{
    if (!iface || iface->lpVtbl != &rt_command_allocator_vtbl)
        return NULL;
    return impl_from_ID3D12CommandAllocator(iface);
}

static void rt_command_allocator_destroy(struct rt_command_allocator *allocator)
{
    struct rt_device *device = allocator->device;

    rt_fallback_allocator_destroy(allocator);
    rt_swlist_arena_destroy(allocator);
    if (allocator->hdrv.pDrvPrivate)
    {
        rt_device_ddi_lock(device);
        device->ddi.pfnDestroyCommandAllocator(device->hdrv, allocator->hdrv);
        rt_device_ddi_unlock(device);
    }
    free(allocator->drv_memory);
    rt_private_store_destroy(&allocator->private_store);
    free(allocator);
    rt_device_release_internal_ref(device);
}

static void rt_command_allocator_retired(struct rt_retire_node *node)
{
    rt_command_allocator_destroy(RT_CONTAINING(node, struct rt_command_allocator, retire));
}

void rt_command_allocator_add_internal_ref(struct rt_command_allocator *allocator)
{
    atomic_fetch_add(&allocator->internal_refcount, 1);
}

void rt_command_allocator_release_internal_ref(struct rt_command_allocator *allocator)
{
    if (atomic_fetch_sub(&allocator->internal_refcount, 1) == 1)
        rt_device_retire(allocator->device, &allocator->retire, rt_command_allocator_retired, NULL, allocator);
}

static HRESULT STDMETHODCALLTYPE rt_command_allocator_QueryInterface(ID3D12CommandAllocator *iface,
                                                                     REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", iface, rt_debugstr_guid(riid), object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12CommandAllocator) || rt_guid_equal(riid, &IID_ID3D12Pageable)
            || rt_guid_equal(riid, &IID_ID3D12DeviceChild) || rt_guid_equal(riid, &IID_ID3D12Object)
            || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12CommandAllocator_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_command_allocator_AddRef(ID3D12CommandAllocator *iface)
{
    struct rt_command_allocator *allocator = impl_from_ID3D12CommandAllocator(iface);
    ULONG refcount = atomic_fetch_add(&allocator->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", allocator, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_command_allocator_Release(ID3D12CommandAllocator *iface)
{
    struct rt_command_allocator *allocator = impl_from_ID3D12CommandAllocator(iface);
    ULONG refcount = atomic_fetch_sub(&allocator->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", allocator, refcount);
    if (!refcount)
    {
        rt_device_report_release(allocator->device, &allocator->retire, "ID3D12CommandAllocator", allocator);
        rt_command_allocator_release_internal_ref(allocator);
    }
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_command_allocator_GetPrivateData(ID3D12CommandAllocator *iface,
                                                                     REFGUID guid, UINT *size, void *data)
{
    return rt_private_store_get(&impl_from_ID3D12CommandAllocator(iface)->private_store, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_allocator_SetPrivateData(ID3D12CommandAllocator *iface,
                                                                     REFGUID guid, UINT size, const void *data)
{
    return rt_private_store_set(&impl_from_ID3D12CommandAllocator(iface)->private_store, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_allocator_SetPrivateDataInterface(ID3D12CommandAllocator *iface,
                                                                              REFGUID guid, const IUnknown *data)
{
    return rt_private_store_set_interface(&impl_from_ID3D12CommandAllocator(iface)->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_allocator_SetName(ID3D12CommandAllocator *iface, LPCWSTR name)
{
    RT_TRACE("iface %p, name %s.", iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&impl_from_ID3D12CommandAllocator(iface)->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_command_allocator_GetDevice(ID3D12CommandAllocator *iface,
                                                                REFIID riid, void **device)
{
    struct rt_command_allocator *allocator = impl_from_ID3D12CommandAllocator(iface);

    RT_TRACE("iface %p, riid %s, device %p.", iface, rt_debugstr_guid(riid), device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device_QueryInterface((ID3D12Device *)&allocator->device->ID3D12Device_iface, riid, device);
}

static HRESULT STDMETHODCALLTYPE rt_command_allocator_Reset(ID3D12CommandAllocator *iface)
{
    struct rt_command_allocator *allocator = impl_from_ID3D12CommandAllocator(iface);
    struct rt_device *device = allocator->device;
    HRESULT hr;

    RT_TRACE("iface %p.", iface);

    /* D3D12 refuses while a list records into the allocator (Reset's documentation:
     * E_FAIL, and a debug-layer error). */
    if (allocator->recording_list)
    {
        RT_WARN("Command list %p is recording into allocator %p.", allocator->recording_list, allocator);
        rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                          D3D12_MESSAGE_ID_COMMAND_ALLOCATOR_CANNOT_RESET,
                          "ID3D12CommandAllocator::Reset: command list %p is still recording into allocator %p",
                          (void *)allocator->recording_list, (void *)allocator);
        return E_FAIL;
    }
    /* Undefined while its work executes, and S_OK on Windows with the debug layer's
     * COMMAND_ALLOCATOR_SYNC error: the memory the GPU reads is not recycled; later
     * recordings add to it until a Reset finds the work done. */
    if (rt_device_use_in_flight(device, &allocator->retire.use))
    {
        RT_WARN("Allocator %p is reset while its work executes; nothing is recycled.", allocator);
        rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                          D3D12_MESSAGE_ID_COMMAND_ALLOCATOR_SYNC,
                          "ID3D12CommandAllocator::Reset: allocator %p is reset before the executions of its "
                          "command lists (submission %" PRIu64 ") have completed; its memory is kept",
                          (void *)allocator, allocator->retire.use.ticket);
        return S_OK;
    }
    if (device->ddi.pfnResetCommandAllocator)
    {
        rt_device_ddi_lock(device);
        hr = device->ddi.pfnResetCommandAllocator(device->hdrv, allocator->hdrv);
        rt_device_ddi_unlock(device);
        if (FAILED(hr))
            return hr;
    }
    /* Only now is the GPU known to be done with what the recordings took. */
    rt_fallback_allocator_recycle(allocator);
    rt_swlist_arena_recycle(allocator);
    return S_OK;
}

static const ID3D12CommandAllocatorVtbl rt_command_allocator_vtbl =
{
    /* IUnknown methods */
    rt_command_allocator_QueryInterface,
    rt_command_allocator_AddRef,
    rt_command_allocator_Release,
    /* ID3D12Object methods */
    rt_command_allocator_GetPrivateData,
    rt_command_allocator_SetPrivateData,
    rt_command_allocator_SetPrivateDataInterface,
    rt_command_allocator_SetName,
    /* ID3D12DeviceChild methods */
    rt_command_allocator_GetDevice,
    /* ID3D12CommandAllocator methods */
    rt_command_allocator_Reset,
};

static bool rt_command_list_type_is_valid(D3D12_COMMAND_LIST_TYPE type)
{
    return type == D3D12_COMMAND_LIST_TYPE_DIRECT || type == D3D12_COMMAND_LIST_TYPE_BUNDLE
            || type == D3D12_COMMAND_LIST_TYPE_COMPUTE || type == D3D12_COMMAND_LIST_TYPE_COPY;
}

HRESULT rt_command_allocator_create(struct rt_device *device, D3D12_COMMAND_LIST_TYPE type,
                                    REFIID riid, void **object)
{
    D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 args = {type};
    struct rt_command_allocator *allocator;
    SIZE_T size;
    HRESULT hr;

    if (!rt_command_list_type_is_valid(type))
    {
        RT_WARN("Invalid command list type %#x.", type);
        return E_INVALIDARG;
    }
    if (!object)
        return S_FALSE;
    *object = NULL;

    if (!(allocator = calloc(1, sizeof(*allocator))))
        return E_OUTOFMEMORY;
    allocator->ID3D12CommandAllocator_iface.lpVtbl = &rt_command_allocator_vtbl;
    atomic_init(&allocator->refcount, 1);
    atomic_init(&allocator->internal_refcount, 1);
    allocator->device = device;
    allocator->type = type;
    if (FAILED(hr = rt_private_store_init(&allocator->private_store)))
    {
        free(allocator);
        return hr;
    }
    if (rt_device_records_list(device, type) && FAILED(hr = rt_swlist_arena_create(allocator)))
    {
        rt_private_store_destroy(&allocator->private_store);
        free(allocator);
        return hr;
    }

    size = device->ddi.pfnCalcPrivateCommandAllocatorSize(device->hdrv, &args);
    if (!(allocator->drv_memory = rt_device_alloc_driver_object(size)))
    {
        rt_swlist_arena_destroy(allocator);
        rt_private_store_destroy(&allocator->private_store);
        free(allocator);
        return E_OUTOFMEMORY;
    }
    allocator->hdrv.pDrvPrivate = allocator->drv_memory;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCreateCommandAllocator(device->hdrv, &args, allocator->hdrv);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("The driver failed to create a command allocator, hr %#x.", (unsigned int)hr);
        free(allocator->drv_memory);
        rt_swlist_arena_destroy(allocator);
        rt_private_store_destroy(&allocator->private_store);
        free(allocator);
        return hr;
    }

    rt_device_add_internal_ref(device);
    RT_TRACE("Created command allocator %p, type %#x.", allocator, type);
    return rt_return_interface(&allocator->ID3D12CommandAllocator_iface, &IID_ID3D12CommandAllocator,
                               riid, object);
}
