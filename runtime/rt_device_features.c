/* ID3D12Device::CheckFeatureSupport: everything the runtime answers from the driver's caps. */
#include "rt_device_private.h"
#include "rt_adapter.h"
#include "ddi_format.h"

/* Features DirectX-Headers 1.606.4 does not declare yet, with Microsoft's values. */
#define RT_FEATURE_PREDICATION ((D3D12_FEATURE)50)
#define RT_FEATURE_HARDWARE_COPY ((D3D12_FEATURE)52)
#define RT_FEATURE_D3D12_OPTIONS16 ((D3D12_FEATURE)45)
typedef struct RT_FEATURE_DATA_D3D12_OPTIONS16
{
    BOOL DynamicDepthBiasSupported;
    BOOL GPUUploadHeapSupported;
} RT_FEATURE_DATA_D3D12_OPTIONS16;

static bool check_size(UINT data_size, size_t expected, const char *name)
{
    if (data_size == expected)
        return true;
    RT_WARN("%s: data size %u, expected %zu.", name, data_size, expected);
    return false;
}

#define FEATURE_DATA(type, name) \
    type *d = data; \
    if (!check_size(data_size, sizeof(type), name)) \
        return E_INVALIDARG

bool rt_device_format_supports(struct rt_device *device, DXGI_FORMAT format, UINT support1)
{
    UINT reported1 = 0, reported2 = 0;
    HRESULT hr;

    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCheckFormatSupport(device->hdrv, format, &reported1, &reported2);
    rt_device_ddi_unlock(device);
    return SUCCEEDED(hr) && (reported1 & support1) == support1;
}

static HRESULT check_node(UINT node_index)
{
    if (node_index)
    {
        RT_WARN("Node %u does not exist (one node).", node_index);
        return E_INVALIDARG;
    }
    return S_OK;
}

static HRESULT feature_options(struct rt_device *device, void *data, UINT data_size)
{
    FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS, "D3D12_OPTIONS");

    memset(d, 0, sizeof(*d));
    d->DoublePrecisionFloatShaderOps = device->options.DoublePrecisionFloatShaderOps;
    d->OutputMergerLogicOp = device->options.OutputMergerLogicOp;
    d->MinPrecisionSupport = D3D12_SHADER_MIN_PRECISION_SUPPORT_NONE;
    d->TiledResourcesTier = device->options.TiledResourcesTier;
    d->ResourceBindingTier = device->options.ResourceBindingTier;
    d->TypedUAVLoadAdditionalFormats = device->options.TypedUAVLoadAdditionalFormats;
    d->ROVsSupported = device->options.ROVsSupported;
    d->ConservativeRasterizationTier = device->options.ConservativeRasterizationTier;
    d->MaxGPUVirtualAddressBitsPerResource = device->options.MaxGPUVirtualAddressBitsPerResource;
    d->CrossNodeSharingTier = D3D12_CROSS_NODE_SHARING_TIER_NOT_SUPPORTED;
    d->ResourceHeapTier = device->options.ResourceHeapTier;
    d->VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation =
            device->options.VPAndRTArrayIndexFromAnyShaderFeedingRasterizer;
    return S_OK;
}

static HRESULT feature_feature_levels(struct rt_device *device, void *data, UINT data_size)
{
    D3D_FEATURE_LEVEL best = 0;
    bool found = false;
    UINT i;
    FEATURE_DATA(D3D12_FEATURE_DATA_FEATURE_LEVELS, "FEATURE_LEVELS");

    if (!d->NumFeatureLevels || !d->pFeatureLevelsRequested)
    {
        RT_WARN("FEATURE_LEVELS: no levels to check.");
        return E_INVALIDARG;
    }
    /* The highest requested level the device reaches; the values are not otherwise checked. */
    for (i = 0; i < d->NumFeatureLevels; ++i)
    {
        if (d->pFeatureLevelsRequested[i] <= device->feature_level && (!found || d->pFeatureLevelsRequested[i] > best))
        {
            best = d->pFeatureLevelsRequested[i];
            found = true;
        }
    }
    if (!found)
    {
        RT_WARN("FEATURE_LEVELS: none of the %u levels is supported.", d->NumFeatureLevels);
        return DXGI_ERROR_UNSUPPORTED;
    }
    d->MaxSupportedFeatureLevel = best;
    return S_OK;
}

static HRESULT feature_format_support(struct rt_device *device, void *data, UINT data_size)
{
    UINT support1 = 0, support2 = 0;
    HRESULT hr;
    FEATURE_DATA(D3D12_FEATURE_DATA_FORMAT_SUPPORT, "FORMAT_SUPPORT");

    if (d->Format == DXGI_FORMAT_UNKNOWN)
    {
        /* Formatless means buffers. */
        d->Support1 = D3D12_FORMAT_SUPPORT1_BUFFER;
        d->Support2 = D3D12_FORMAT_SUPPORT2_NONE;
        return S_OK;
    }
    if (!ddi_format_is_valid(d->Format))
    {
        RT_WARN("FORMAT_SUPPORT: invalid format %#x.", d->Format);
        return E_INVALIDARG;
    }
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCheckFormatSupport(device->hdrv, d->Format, &support1, &support2);
    rt_device_ddi_unlock(device);
    /* A failed answer is no support, whatever the driver left in its outputs: the caller
     * never reads its own stale bits as the device's. */
    if (FAILED(hr))
    {
        d->Support1 = D3D12_FORMAT_SUPPORT1_NONE;
        d->Support2 = D3D12_FORMAT_SUPPORT2_NONE;
        return hr;
    }
    d->Support1 = support1;
    d->Support2 = support2;
    /* D3D12 fails the query for a format the device cannot use at all. */
    return support1 || support2 ? S_OK : E_FAIL;
}

static HRESULT feature_multisample(struct rt_device *device, void *data, UINT data_size)
{
    UINT count, levels = 0;
    FEATURE_DATA(D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS, "MULTISAMPLE_QUALITY_LEVELS");

    count = d->SampleCount;
    if (d->Flags & ~D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE)
    {
        RT_WARN("MULTISAMPLE_QUALITY_LEVELS: unknown flags %#x.", d->Flags);
        return E_INVALIDARG;
    }
    if (!count)
    {
        d->NumQualityLevels = 0;
        return E_FAIL;
    }
    if (d->Format != DXGI_FORMAT_UNKNOWN && !ddi_format_is_valid(d->Format))
    {
        RT_WARN("MULTISAMPLE_QUALITY_LEVELS: invalid format %#x.", d->Format);
        return E_INVALIDARG;
    }
    if (count == 1)
        levels = 1;
    else if (d->Format != DXGI_FORMAT_UNKNOWN && count <= 32 && !(count & (count - 1))
            && device->ddi.pfnCheckMultisampleQualityLevels)
    {
        rt_device_ddi_lock(device);
        if (FAILED(device->ddi.pfnCheckMultisampleQualityLevels(device->hdrv, d->Format, count, d->Flags, &levels)))
            levels = 0;
        rt_device_ddi_unlock(device);
    }
    d->NumQualityLevels = levels;
    return S_OK;
}

static HRESULT feature_format_info(void *data, UINT data_size)
{
    FEATURE_DATA(D3D12_FEATURE_DATA_FORMAT_INFO, "FORMAT_INFO");

    if (d->Format == DXGI_FORMAT_UNKNOWN)
    {
        d->PlaneCount = 1;
        return S_OK;
    }
    /* R1_UNORM is a D3D format that no D3D12 device can hold. */
    if (!ddi_format_is_valid(d->Format) || d->Format == DXGI_FORMAT_R1_UNORM)
    {
        RT_WARN("FORMAT_INFO: invalid format %#x.", d->Format);
        return E_INVALIDARG;
    }
    d->PlaneCount = (UINT8)ddi_format_plane_count(d->Format);
    return S_OK;
}

static bool shader_model_valid(D3D_SHADER_MODEL model)
{
    switch ((int)model)
    {
        case D3D_SHADER_MODEL_5_1:
        case D3D_SHADER_MODEL_6_0: case D3D_SHADER_MODEL_6_1: case D3D_SHADER_MODEL_6_2:
        case D3D_SHADER_MODEL_6_3: case D3D_SHADER_MODEL_6_4: case D3D_SHADER_MODEL_6_5:
        case D3D_SHADER_MODEL_6_6: case D3D_SHADER_MODEL_6_7: case D3D_SHADER_MODEL_6_8:
            return true;
    }
    return false;
}

static HRESULT feature_shader_model(struct rt_device *device, void *data, UINT data_size)
{
    D3D_SHADER_MODEL highest = device->options.DXILSupported ? device->options.HighestShaderModel
            : D3D_SHADER_MODEL_5_1;
    FEATURE_DATA(D3D12_FEATURE_DATA_SHADER_MODEL, "SHADER_MODEL");

    if (!shader_model_valid(d->HighestShaderModel))
    {
        RT_WARN("SHADER_MODEL: unknown shader model %#x.", d->HighestShaderModel);
        return E_INVALIDARG;
    }
    /* A driver without DXBC or DXIL runs no shader at all: Microsoft's answer for a device
     * without shaders (d3d12rt_ext.h). A DXBC-only driver runs up to 5.1; a DXIL driver
     * names its model (checked against 6.0-6.8 when the adapter opened). */
    if (!device->options.DXBCSupported && !device->options.DXILSupported)
        d->HighestShaderModel = D3D12RT_SHADER_MODEL_NONE;
    else if (d->HighestShaderModel > highest)
        d->HighestShaderModel = highest;
    return S_OK;
}

static HRESULT feature_root_signature(void *data, UINT data_size)
{
    FEATURE_DATA(D3D12_FEATURE_DATA_ROOT_SIGNATURE, "ROOT_SIGNATURE");

    if (d->HighestVersion != D3D_ROOT_SIGNATURE_VERSION_1_0 && d->HighestVersion != D3D_ROOT_SIGNATURE_VERSION_1_1)
    {
        RT_WARN("ROOT_SIGNATURE: unknown version %#x.", d->HighestVersion);
        return E_INVALIDARG;
    }
    return S_OK;
}

static HRESULT feature_queue_priority(void *data, UINT data_size)
{
    FEATURE_DATA(D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY, "COMMAND_QUEUE_PRIORITY");

    switch (d->CommandListType)
    {
        case D3D12_COMMAND_LIST_TYPE_DIRECT:
        case D3D12_COMMAND_LIST_TYPE_COMPUTE:
        case D3D12_COMMAND_LIST_TYPE_COPY:
            break;
        default:
            RT_WARN("COMMAND_QUEUE_PRIORITY: list type %#x has no queues.", d->CommandListType);
            return E_INVALIDARG;
    }
    switch (d->Priority)
    {
        case D3D12_COMMAND_QUEUE_PRIORITY_NORMAL:
        case D3D12_COMMAND_QUEUE_PRIORITY_HIGH:
            d->PriorityForTypeIsSupported = TRUE;
            return S_OK;
        case D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME:
            d->PriorityForTypeIsSupported = FALSE;
            return S_OK;
    }
    RT_WARN("COMMAND_QUEUE_PRIORITY: invalid priority %u.", d->Priority);
    return E_INVALIDARG;
}

static HRESULT feature_execute_tile_mappings(struct rt_device *device, void *data, UINT data_size)
{
    const D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 *caps = &device->adapter->tile_mapping_caps;
    HRESULT hr;
    FEATURE_DATA(D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS, "EXECUTE_TILE_MAPPINGS");

    if (FAILED(hr = check_node(d->NodeIndex)))
        return hr;
    d->MaxTilePoolLayoutIndexCount = 0;
    d->MaxResourceLayoutIndexCount = 0;
    /* Seed 001: the runtime requires tiled resources tier 5. The caps were read once
     * when the adapter opened (the values never change) and checked at device
     * creation; the one node is node 0. */
    if (device->options.TiledResourcesTier < D3D12_TILED_RESOURCES_TIER_5)
        return S_OK;
    d->MaxTilePoolLayoutIndexCount = caps->MaxTilePoolLayoutIndexCount;
    d->MaxResourceLayoutIndexCount = caps->MaxResourceLayoutIndexCount;
    return S_OK;
}

/* The OPTIONSn structures: what the device has beyond D3D12_OPTIONS. */
static HRESULT feature_options_n(struct rt_device *device, D3D12_FEATURE feature, void *data, UINT data_size)
{
    switch ((int)feature)
    {
        case D3D12_FEATURE_D3D12_OPTIONS1:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS1, "D3D12_OPTIONS1");
            memset(d, 0, sizeof(*d));
            /* No DXIL, so no wave operations or 64-bit integers. */
            d->ExpandedComputeResourceStates = TRUE;
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS2:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS2, "D3D12_OPTIONS2");
            memset(d, 0, sizeof(*d));
            d->ProgrammableSamplePositionsTier = device->options.ProgrammableSamplePositionsTier;
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS3:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS3, "D3D12_OPTIONS3");
            memset(d, 0, sizeof(*d));
            /* Seed 004: every driver handles casting of fully typed formats. */
            d->CastingFullyTypedFormatSupported = TRUE;
            d->CopyQueueTimestampQueriesSupported = device->options.CopyQueueTimestampQueriesSupported;
            /* The list types WriteBufferImmediate records on, bundles included. */
            if (device->ddi_cmdlist.pfnWriteBufferImmediate)
                d->WriteBufferImmediateSupportFlags = D3D12_COMMAND_LIST_SUPPORT_FLAG_DIRECT
                        | D3D12_COMMAND_LIST_SUPPORT_FLAG_BUNDLE | D3D12_COMMAND_LIST_SUPPORT_FLAG_COMPUTE
                        | D3D12_COMMAND_LIST_SUPPORT_FLAG_COPY;
            d->ViewInstancingTier = D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED;
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS4:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS4, "D3D12_OPTIONS4");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS5:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS5, "D3D12_OPTIONS5");
            memset(d, 0, sizeof(*d));
            /* Without the driver's table the runtime emulates render passes: tier 0. */
            d->RenderPassesTier = device->has_render_pass_table ? device->options.RenderPassTier : D3D12_RENDER_PASS_TIER_0;
            d->RaytracingTier = D3D12_RAYTRACING_TIER_NOT_SUPPORTED;
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS6:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS6, "D3D12_OPTIONS6");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS7:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS7, "D3D12_OPTIONS7");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS8:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS8, "D3D12_OPTIONS8");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS9:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS9, "D3D12_OPTIONS9");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS10:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS10, "D3D12_OPTIONS10");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS11:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS11, "D3D12_OPTIONS11");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS12:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS12, "D3D12_OPTIONS12");
            memset(d, 0, sizeof(*d));
            /* No mesh shaders, so the statistic has no meaning. */
            d->MSPrimitivesPipelineStatisticIncludesCulledPrimitives = D3D12_TRI_STATE_UNKNOWN;
            d->EnhancedBarriersSupported = device->options.EnhancedBarriersSupported;
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS13:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS13, "D3D12_OPTIONS13");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS14:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS14, "D3D12_OPTIONS14");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS15:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_D3D12_OPTIONS15, "D3D12_OPTIONS15");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
        case RT_FEATURE_D3D12_OPTIONS16:
        {
            /* No dynamic depth bias (RSSetDepthBias is refused) and no GPU upload heaps. */
            FEATURE_DATA(RT_FEATURE_DATA_D3D12_OPTIONS16, "D3D12_OPTIONS16");
            memset(d, 0, sizeof(*d));
            return S_OK;
        }
    }
    RT_WARN("Unknown feature %#x.", feature);
    return E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE rt_device_CheckFeatureSupport(rt_device_iface *iface, D3D12_FEATURE feature,
        void *data, UINT data_size)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    HRESULT hr;

    RT_TRACE("iface %p, feature %#x, data %p, data_size %u.", (void *)iface, feature, data, data_size);

    if (!data)
    {
        RT_WARN("NULL feature data.");
        return E_INVALIDARG;
    }

    switch ((int)feature)
    {
        case D3D12_FEATURE_D3D12_OPTIONS:
            return feature_options(device, data, data_size);

        case D3D12_FEATURE_ARCHITECTURE:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_ARCHITECTURE, "ARCHITECTURE");
            if (FAILED(hr = check_node(d->NodeIndex)))
                return hr;
            d->TileBasedRenderer = device->architecture.TileBasedDeferredRenderer;
            d->UMA = device->architecture.UMA;
            d->CacheCoherentUMA = device->architecture.CacheCoherentUMA;
            return S_OK;
        }
        case D3D12_FEATURE_ARCHITECTURE1:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_ARCHITECTURE1, "ARCHITECTURE1");
            if (FAILED(hr = check_node(d->NodeIndex)))
                return hr;
            d->TileBasedRenderer = device->architecture.TileBasedDeferredRenderer;
            d->UMA = device->architecture.UMA;
            d->CacheCoherentUMA = device->architecture.CacheCoherentUMA;
            d->IsolatedMMU = device->architecture.IsolatedMMU;
            return S_OK;
        }
        case D3D12_FEATURE_FEATURE_LEVELS:
            return feature_feature_levels(device, data, data_size);
        case D3D12_FEATURE_FORMAT_SUPPORT:
            return feature_format_support(device, data, data_size);
        case D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS:
            return feature_multisample(device, data, data_size);
        case D3D12_FEATURE_FORMAT_INFO:
            return feature_format_info(data, data_size);

        case D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT, "GPU_VIRTUAL_ADDRESS_SUPPORT");
            /* One address space: a resource may span all of it. */
            d->MaxGPUVirtualAddressBitsPerResource = device->options.MaxGPUVirtualAddressBitsPerResource;
            d->MaxGPUVirtualAddressBitsPerProcess = device->options.MaxGPUVirtualAddressBitsPerResource;
            return S_OK;
        }
        case D3D12_FEATURE_SHADER_MODEL:
            return feature_shader_model(device, data, data_size);
        case D3D12_FEATURE_ROOT_SIGNATURE:
            return feature_root_signature(data, data_size);

        case D3D12_FEATURE_SHADER_CACHE:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_SHADER_CACHE, "SHADER_CACHE");
            d->SupportFlags = D3D12_SHADER_CACHE_SUPPORT_NONE;
            return S_OK;
        }
        case D3D12_FEATURE_COMMAND_QUEUE_PRIORITY:
            return feature_queue_priority(data, data_size);
        case D3D12_FEATURE_EXISTING_HEAPS:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_EXISTING_HEAPS, "EXISTING_HEAPS");
            d->Supported = FALSE;
            return S_OK;
        }
        case D3D12_FEATURE_SERIALIZATION:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_SERIALIZATION, "SERIALIZATION");
            if (FAILED(hr = check_node(d->NodeIndex)))
                return hr;
            d->HeapSerializationTier = D3D12_HEAP_SERIALIZATION_TIER_0;
            return S_OK;
        }
        case D3D12_FEATURE_CROSS_NODE:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_CROSS_NODE, "CROSS_NODE");
            d->SharingTier = D3D12_CROSS_NODE_SHARING_TIER_NOT_SUPPORTED;
            d->AtomicShaderInstructions = FALSE;
            return S_OK;
        }
        case D3D12_FEATURE_DISPLAYABLE:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_DISPLAYABLE, "DISPLAYABLE");
            d->DisplayableTexture = FALSE;
            d->SharedResourceCompatibilityTier = D3D12_SHARED_RESOURCE_COMPATIBILITY_TIER_0;
            return S_OK;
        }
        case D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_SUPPORT:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_SUPPORT, "PROTECTED_RESOURCE_SESSION_SUPPORT");
            if (FAILED(hr = check_node(d->NodeIndex)))
                return hr;
            d->Support = D3D12_PROTECTED_RESOURCE_SESSION_SUPPORT_FLAG_NONE;
            return S_OK;
        }
        case D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPE_COUNT:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPE_COUNT,
                    "PROTECTED_RESOURCE_SESSION_TYPE_COUNT");
            if (FAILED(hr = check_node(d->NodeIndex)))
                return hr;
            d->Count = 0;
            return S_OK;
        }
        case D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPES, "PROTECTED_RESOURCE_SESSION_TYPES");
            if (FAILED(hr = check_node(d->NodeIndex)))
                return hr;
            if (d->Count)
            {
                RT_WARN("PROTECTED_RESOURCE_SESSION_TYPES: there are no session types (asked for %u).", d->Count);
                return E_INVALIDARG;
            }
            return S_OK;
        }
        case D3D12_FEATURE_QUERY_META_COMMAND:
            RT_WARN("QUERY_META_COMMAND: the driver has no meta commands.");
            return E_INVALIDARG;

        /* Microsoft's runtime answers E_NOTIMPL for both, whatever the size (vkd3d-proton's
         * test of the Agility SDK queries observes it on Windows and does the same). */
        case RT_FEATURE_PREDICATION:
        case RT_FEATURE_HARDWARE_COPY:
            RT_WARN("Feature %#x is not implemented by Microsoft's runtime either.", feature);
            return E_NOTIMPL;
        case D3D12_FEATURE_ASYNC_COMMANDS:
        {
            FEATURE_DATA(D3D12_FEATURE_DATA_ASYNC_COMMANDS, "ASYNC_COMMANDS");
            d->Impl = device->async.impl;
            return S_OK;
        }
        case D3D12RT_FEATURE_THREADING:
        {
            FEATURE_DATA(D3D12RT_FEATURE_DATA_THREADING, "D3D12RT_THREADING");
            d->DriverConcurrentCreates = !device->serialize_ddi;
            d->DriverCommandLists = device->driver_command_lists;
            return S_OK;
        }
        case D3D12RT_FEATURE_VIDEO_MEMORY_INFO:
        {
            FEATURE_DATA(D3D12RT_FEATURE_DATA_VIDEO_MEMORY_INFO, "D3D12RT_VIDEO_MEMORY_INFO");
            d->Budget = device->memory_budget;
            d->CurrentUsage = atomic_load(&device->memory_usage);
            return S_OK;
        }
        case D3D12_FEATURE_EXECUTE_TILE_MAPPINGS:
            return feature_execute_tile_mappings(device, data, data_size);
    }
    return feature_options_n(device, feature, data, data_size);
}
