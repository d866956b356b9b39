/* Device creation and destruction, driver callbacks, removal and DDI serialization. */
#include <stdio.h>
#include <stdlib.h>

#include "rt_device_private.h"
#include "rt_swlist.h"
#include "rt_adapter.h"
#include "rt_async_select.h"
#include "rt_create.h"
#include "rt_descriptor_heap.h"
#include "rt_device_config.h"
#include "rt_driver_contract.h"
#include "rt_factory.h"
#include "rt_fallback_services.h"
#include "rt_fence.h"
#include "rt_fill_pipeline.h"
#include "rt_clear_pipeline.h"
#include "rt_info_queue.h"
#include "rt_tile_mapping.h"

static HRESULT device_check_feature_level(const struct rt_adapter *adapter, D3D_FEATURE_LEVEL level)
{
    D3D_FEATURE_LEVEL max_level = rt_adapter_max_feature_level(adapter);

    if (!rt_feature_level_valid(level))
    {
        RT_WARN("Invalid feature level %#x.", level);
        return E_INVALIDARG;
    }
    if (!max_level || level > max_level)
    {
        RT_WARN("Feature level %#x is above the driver's maximum %#x.", level, max_level);
        return DXGI_ERROR_UNSUPPORTED;
    }
    return S_OK;
}

void *rt_device_alloc_driver_object(SIZE_T size)
{
    if (!size || size == (SIZE_T)-1)
        return NULL;
    return calloc(1, size);
}

void rt_device_ddi_lock(struct rt_device *device)
{
    if (device->serialize_ddi)
        mtx_lock(&device->ddi_mutex);
}

void rt_device_ddi_unlock(struct rt_device *device)
{
    if (device->serialize_ddi)
        mtx_unlock(&device->ddi_mutex);
}

void rt_device_mark_removed(struct rt_device *device, HRESULT reason)
{
    HRESULT expected = S_OK;

    if (SUCCEEDED(reason))
        reason = DXGI_ERROR_DEVICE_REMOVED;
    if (!atomic_compare_exchange_strong(&device->removed_reason, &expected, reason))
        return;
    RT_WARN("Device %p removed, reason 0x%08x.", (void *)device, (unsigned int)reason);
    if (device->info_queue)
        rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION,
                D3D12_MESSAGE_SEVERITY_CORRUPTION, D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_AT_FAULT,
                "The device was removed (reason 0x%08x).", (unsigned int)reason);
    /* The GPU stops before any fence reads as complete: an application that then frees
     * what its work used must find nothing still running on it. Outside the DDI lock:
     * the driver's queue threads report their losses through here. */
    if (device->hdrv.pDrvPrivate && device->ddi.pfnRemoveDevice)
        device->ddi.pfnRemoveDevice(device->hdrv, reason);
    atomic_store(&device->gpu_stopped, true);
    rt_fence_release_waiters(device);
}

/* Driver → runtime: the device is lost (hang, fault). */
static void APIENTRY device_error_cb(D3D12DDI_HRTDEVICE handle, HRESULT hr)
{
    rt_device_mark_removed(handle.handle, hr);
}

/* Driver → runtime: a DDI that returns void could not do its work. */
static void APIENTRY error_cb(D3D12DDI_HRTDEVICE handle, HRESULT hr)
{
    struct rt_device *device = handle.handle;

    RT_WARN("Device %p: the driver reports 0x%08x from a call without a result.", (void *)device, (unsigned int)hr);
    if (hr == DXGI_ERROR_DEVICE_REMOVED || hr == DXGI_ERROR_DEVICE_HUNG || hr == DXGI_ERROR_DEVICE_RESET)
        rt_device_mark_removed(device, hr);
}

/* Driver → runtime: why it refused something (specs/ddi.md §16). */
static void APIENTRY message_cb(D3D12DDI_HRTDEVICE handle, D3D12_MESSAGE_CATEGORY category,
        D3D12_MESSAGE_SEVERITY severity, const char *message)
{
    struct rt_device *device = handle.handle;

    if (!device || !message)
        return;
    RT_WARN("Device %p: the driver says: %s", (void *)device, message);
    rt_info_queue_add(device->info_queue, category, severity, RT_MESSAGE_ID_NONE_DRIVER_MESSAGE, "%s", message);
}

static HRESULT device_fill_table(struct rt_device *device, D3D12DDI_TABLE_TYPE type, void *table, SIZE_T size,
        const char *name, bool optional)
{
    D3D12DDI_HRTTABLE rt_table = {table};
    char message[160];
    HRESULT hr;

    hr = device->adapter->ddi.funcs.pfnFillDDITable(device->hdrv, type, table, size, 0, rt_table);
    if (FAILED(hr) && optional)
    {
        RT_TRACE("The driver has no %s table (0x%08x).", name, (unsigned int)hr);
        memset(table, 0, size);
    }
    else if (FAILED(hr))
    {
        snprintf(message, sizeof(message), "FillDDITable(%s) failed (0x%08x)", name, (unsigned int)hr);
        rt_contract_report(device->adapter, message);
    }
    return hr;
}

static HRESULT device_fill_tables(struct rt_device *device)
{
    char message[256];
    HRESULT hr;

    if (FAILED(hr = device_fill_table(device, D3D12DDI_TABLE_TYPE_DEVICE_CORE, &device->ddi,
            sizeof(device->ddi), "DEVICE_CORE", false)))
        return hr;
    if (FAILED(hr = device_fill_table(device, D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D, &device->ddi_cmdlist,
            sizeof(device->ddi_cmdlist), "COMMAND_LIST_3D", false)))
        return hr;
    if (FAILED(hr = device_fill_table(device, D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D, &device->ddi_queue,
            sizeof(device->ddi_queue), "COMMAND_QUEUE_3D", false)))
        return hr;
    /* Optional: without it the runtime emulates render passes. */
    device->has_render_pass_table = SUCCEEDED(device_fill_table(device, D3D12DDI_TABLE_TYPE_0043_RENDER_PASS,
            &device->ddi_render_pass, sizeof(device->ddi_render_pass), "0043_RENDER_PASS", true));
    if (device->async_caps.Supported)
        device->has_async_table = SUCCEEDED(device_fill_table(device, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST,
                &device->ddi_async, sizeof(device->ddi_async), "0124_ASYNC_COMMAND_LIST", true));
    if (!device->has_async_table)
        memset(&device->ddi_async, 0, sizeof(device->ddi_async));
    /* Required of a tier-5 driver (seed 001), not asked of any other. */
    if (device->options.TiledResourcesTier >= D3D12_TILED_RESOURCES_TIER_5
            && FAILED(hr = device_fill_table(device, D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS,
            &device->ddi_tile_queue, sizeof(device->ddi_tile_queue), "0124_TILE_MAPPING_QUEUE_FUNCS", false)))
        return hr;

    /* The driver's own tables, before software lists put recorders in their place. */
    if (FAILED(hr = rt_contract_check_tables(device, message, sizeof(message))))
    {
        rt_contract_report(device->adapter, message);
        return hr;
    }
    device->drv_cmdlist = device->ddi_cmdlist;
    device->drv_render_pass = device->ddi_render_pass;
    device->drv_async = device->ddi_async;
    rt_swlist_install(device);
    return S_OK;
}

static HRESULT device_create_driver_device(struct rt_device *device)
{
    const D3D12DDI_ADAPTERFUNCS_0124 *funcs = &device->adapter->ddi.funcs;
    D3D12DDIARG_CALCPRIVATEDEVICESIZE size_args;
    D3D12DDIARG_CREATEDEVICE_0124 args;
    HRESULT hr;

    size_args.Interface = D3D12DDI_VERSION_INTERFACE(device->ddi_version);
    size_args.Version = (UINT)device->ddi_version;   /* Build << 16, as in the token */
    /* D3D12 has no API promise of single-threaded use, but the runtime's one DDI lock makes
     * the same promise for a driver that is not free-threaded (specs/ddi.md section 15). */
    size_args.Flags = device->serialize_ddi ? D3D12DDI_CREATEDEVICE_FLAG_SINGLETHREADED : 0;
    if (!(device->drv_memory = rt_device_alloc_driver_object(
            funcs->pfnCalcPrivateDeviceSize(device->adapter->ddi.handle, &size_args))))
        return E_OUTOFMEMORY;

    memset(&args, 0, sizeof(args));
    args.hRTDevice.handle = device;
    args.Interface = size_args.Interface;
    args.Version = size_args.Version;
    args.pCallbacks = &device->callbacks;
    args.hDrvDevice.pDrvPrivate = device->drv_memory;
    args.PipelineLevel = device->pipeline_level;
    args.Flags = size_args.Flags;
    args.GpuTimeoutMs = device->adapter->config.gpu_timeout_ms;
    if (FAILED(hr = funcs->pfnCreateDevice(device->adapter->ddi.handle, &args)))
    {
        char message[64];

        snprintf(message, sizeof(message), "CreateDevice failed (0x%08x)", (unsigned int)hr);
        rt_contract_report(device->adapter, message);
        free(device->drv_memory);
        device->drv_memory = NULL;
        return hr;
    }
    device->hdrv = args.hDrvDevice;
    return S_OK;
}

static void device_select_async(struct rt_device *device)
{
    struct rt_async_inputs inputs;

    inputs.driver_native = device->async_caps.Supported
            && device->async_caps.FeatureVersion >= D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1
            && device->has_async_table;
    inputs.feature_version = device->async_caps.FeatureVersion;
    inputs.enhanced_barriers = device->options.EnhancedBarriersSupported;
    inputs.opted_in = device->startup.async_commands_fallback_enabled;
    inputs.forced = device->startup.async_commands_force_fallback;
    rt_async_select(&inputs, &device->async);
    RT_TRACE("Async Commands: %s (%s).", rt_async_impl_name(device->async.impl), device->async.reason);
}

HRESULT rt_device_create(struct rt_adapter *adapter, D3D_FEATURE_LEVEL minimum_level,
        const struct rt_startup_options *options, struct rt_device **out)
{
    struct rt_device *device;
    unsigned int i;
    HRESULT hr;

    *out = NULL;
    if (FAILED(hr = device_check_feature_level(adapter, minimum_level)))
        goto fail_adapter;
    if (!(device = calloc(1, sizeof(*device))))
    {
        hr = E_OUTOFMEMORY;
        goto fail_adapter;
    }

    device->ID3D12Device_iface.lpVtbl = rt_device_get_vtbl();
    device->ID3D12DeviceConfiguration_iface.lpVtbl = &rt_device_configuration_vtbl;
    atomic_init(&device->refcount, 1);
    atomic_init(&device->removed_reason, S_OK);
    atomic_init(&device->gpu_stopped, false);
    atomic_init(&device->memory_usage, 0);
    device->memory_budget = rt_adapter_memory_budget(adapter);
    atomic_init(&device->next_command_list_id, 1);
    device->adapter = adapter;
    device->startup = *options;
    /* Forcing comes from the configuration file, read when this device's adapter opened;
     * it stays apart from the application's opt-in (seed 000). */
    device->startup.async_commands_force_fallback = adapter->config.force_async_commands_fallback;

    /* Seed 004: the runtime chooses the level (rt_pipeline_level_choose). */
    device->pipeline_level = adapter->pipeline_level;
    device->feature_level = rt_adapter_max_feature_level(adapter);
    device->options = adapter->options;
    device->architecture = adapter->architecture;
    device->threading = adapter->threading;
    device->async_caps = adapter->async_caps;
    device->ddi_version = D3D12DDI_SUPPORTED_0124;
    device->serialize_ddi = !(device->threading.Caps & D3D12DDICAPS_THREADING_FREETHREADED);
    /* Driver command lists depend on free-threading (seed 004): a driver claiming them
     * without it never opened (rt_contract_check_caps); without them the runtime records
     * (rt_swlist.h). */
    device->driver_command_lists = (device->threading.Caps & D3D12DDICAPS_THREADING_FREETHREADED)
            && (device->threading.Caps & D3D12DDICAPS_THREADING_COMMANDLISTS);
    device->software_lists = !device->driver_command_lists;

    device->callbacks.pfnSetCommandListErrorCb = rt_command_list_ddi_error_cb;
    device->callbacks.pfnSetDeviceErrorCb = device_error_cb;
    device->callbacks.pfnSetErrorCb = error_cb;
    device->callbacks.pfnMessageCb = message_cb;
    device->callbacks.pfnExecuteTileMappingsErrorCb = rt_tile_mapping_error_cb;

    if (FAILED(hr = rt_private_store_init(&device->private_store)))
        goto fail_free;
    if (mtx_init(&device->ddi_mutex, mtx_plain | mtx_recursive) != thrd_success)
    {
        hr = E_OUTOFMEMORY;
        goto fail_private_store;
    }
    if (mtx_init(&device->fence_list_mutex, mtx_plain) != thrd_success)
    {
        hr = E_OUTOFMEMORY;
        mtx_destroy(&device->ddi_mutex);
        goto fail_private_store;
    }
    if (mtx_init(&device->root_signatures.mutex, mtx_plain) != thrd_success)
    {
        hr = E_OUTOFMEMORY;
        goto fail_mutex;
    }
    if (FAILED(hr = rt_retirement_init(&device->retirement)))
        goto fail_cache_mutex;
    if (FAILED(hr = rt_descriptor_registry_create(&device->descriptors)))
        goto fail_retirement;
    if (FAILED(hr = device_create_driver_device(device)))
        goto fail_registry;
    if (FAILED(hr = device_fill_tables(device)))
        goto fail_driver_device;

    for (i = 0; i < D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES; ++i)
    {
        device->descriptor_sizes[i] = device->ddi.pfnGetDescriptorSizeInBytes(device->hdrv, (D3D12_DESCRIPTOR_HEAP_TYPE)i);
        if (!device->descriptor_sizes[i])
        {
            char message[96];

            snprintf(message, sizeof(message), "GetDescriptorSizeInBytes(%u) answers 0", i);
            rt_contract_report(adapter, message);
            hr = E_FAIL;
            goto fail_driver_device;
        }
    }

    device_select_async(device);
    if (FAILED(hr = rt_tile_mapping_create(device)))
        goto fail_driver_device;

    if (options->debug_layer
            && FAILED(hr = rt_info_queue_create((IUnknown *)&device->ID3D12Device_iface, &device->info_queue)))
        goto fail_tile_mapping;

    RT_TRACE("Created device %p on %s, feature level %#x, %s DDI.", (void *)device, adapter->ddi.driver_name,
            device->feature_level, device->serialize_ddi ? "serialized" : "free-threaded");
    *out = device;
    return S_OK;

fail_tile_mapping:
    rt_tile_mapping_destroy(device);
fail_driver_device:
    adapter->ddi.funcs.pfnDestroyDevice(device->hdrv);
    free(device->drv_memory);
fail_registry:
    rt_descriptor_registry_destroy(device->descriptors);
fail_retirement:
    rt_retirement_destroy(&device->retirement);
fail_cache_mutex:
    mtx_destroy(&device->root_signatures.mutex);
fail_mutex:
    mtx_destroy(&device->fence_list_mutex);
    mtx_destroy(&device->ddi_mutex);
fail_private_store:
    rt_private_store_destroy(&device->private_store);
fail_free:
    free(device);
fail_adapter:
    rt_adapter_close(adapter);
    return hr;
}

void rt_device_destroy(struct rt_device *device)
{
    RT_TRACE("Destroying device %p.", (void *)device);

    /* First, so a concurrent D3D12CreateDevice cannot find it any more. */
    rt_factory_forget_device(device);
    rt_private_store_destroy(&device->private_store);
    if (device->info_queue)
        rt_info_queue_destroy(device->info_queue);
    rt_fallback_pools_destroy(device);
    rt_fill_pipeline_destroy(device);
    rt_clear_pipelines_destroy(device);
    rt_device_trim_destroy(device);
    rt_tile_mapping_destroy(device);
    device->adapter->ddi.funcs.pfnDestroyDevice(device->hdrv);
    free(device->drv_memory);
    rt_descriptor_registry_destroy(device->descriptors);
    rt_retirement_destroy(&device->retirement);
    /* Empty: every root signature holds a device reference. */
    mtx_destroy(&device->root_signatures.mutex);
    mtx_destroy(&device->fence_list_mutex);
    mtx_destroy(&device->ddi_mutex);
    rt_adapter_close(device->adapter);
    free(device);
}
