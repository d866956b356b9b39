/* The device object: its backend, its callbacks, and the device table. */
#include <string.h>
#include "agx_resource.h"
#include "agx_tile_layouts.h"

HRESULT agx_device_init(struct agx_device *device, struct agx_adapter *adapter,
                        const D3D12DDIARG_CREATEDEVICE_0124 *args)
{
    HRESULT hr;

    memset(device, 0, sizeof(*device));
    device->adapter = adapter;
    device->hrt = args->hRTDevice;
    device->callbacks = *args->pCallbacks;
    device->pipeline_level = args->PipelineLevel;
    device->flags = args->Flags;
    device->watchdog_ns = (uint64_t)args->GpuTimeoutMs * 1000000u;
    atomic_init(&device->lost, false);
    if (FAILED(hr = agx_sampler_slots_init(&device->sampler_slots)))
        return hr;
    if (FAILED(hr = agx_tile_layouts_create(&device->tile_layouts)))
    {
        agx_sampler_slots_finish(&device->sampler_slots);
        return hr;
    }
    if (FAILED(hr = agx_resource_registry_init(&device->resources)))
    {
        agx_tile_layouts_destroy(device->tile_layouts);
        agx_sampler_slots_finish(&device->sampler_slots);
        return hr;
    }
    if (FAILED(hr = agx_backend_create(&device->backend)))
    {
        agx_resource_registry_finish(&device->resources);
        agx_tile_layouts_destroy(device->tile_layouts);
        agx_sampler_slots_finish(&device->sampler_slots);
    }
    return hr;
}

void agx_device_finish(struct agx_device *device)
{
    device->backend->ops->destroy(device->backend);
    device->backend = NULL;
    agx_tile_layouts_destroy(device->tile_layouts);
    device->tile_layouts = NULL;
    agx_resource_registry_finish(&device->resources);
    agx_sampler_slots_finish(&device->sampler_slots);
}

void agx_device_lost(struct agx_device *device, HRESULT hr)
{
    agx_tell(device, D3D12_MESSAGE_CATEGORY_EXECUTION, "device lost (0x%08x)", (unsigned int)hr);
    atomic_store(&device->lost, true);
    if (device->callbacks.pfnSetDeviceErrorCb)
        device->callbacks.pfnSetDeviceErrorCb(device->hrt, hr);
}

/* The runtime removed the device: the GPU stops for good (agx_backend.h, halt). Called
 * from any thread, the queue threads too; takes no lock of the runtime's. */
static void APIENTRY agx_device_remove(D3D12DDI_HDEVICE hdevice, HRESULT reason)
{
    struct agx_device *device = agx_device_from_handle(hdevice);

    atomic_store(&device->lost, true);
    device->backend->ops->halt(device->backend);
}

/* Apple GPUs share the system's memory: everything is always resident. */
static HRESULT APIENTRY agx_device_make_resident(D3D12DDI_HDEVICE device, UINT count, const D3D12DDI_HHEAP *heaps)
{
    return S_OK;
}

static HRESULT APIENTRY agx_device_evict(D3D12DDI_HDEVICE device, UINT count, const D3D12DDI_HHEAP *heaps)
{
    return S_OK;
}

void agx_device_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    memset(funcs, 0, sizeof(*funcs));
    agx_format_fill_funcs(funcs);
    agx_resource_fill_funcs(funcs);
    agx_queue_fill_funcs(funcs);
    agx_cmdbuf_fill_funcs(funcs);
    agx_fence_fill_funcs(funcs);
    agx_descriptor_fill_funcs(funcs);
    agx_pipeline_fill_funcs(funcs);
    agx_query_fill_funcs(funcs);
    agx_tile_layouts_fill_funcs(funcs);
    funcs->pfnMakeResident = agx_device_make_resident;
    funcs->pfnEvict = agx_device_evict;
    funcs->pfnRemoveDevice = agx_device_remove;
}
