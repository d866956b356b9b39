/* ID3D12DeviceConfiguration and the configuration helpers the device factory shares. */
#include "rt_device_config.h"
#include "rt_device_private.h"
#include "rt_root_signature.h"

static const struct
{
    const GUID *iid;
    unsigned int bit;
}
experimental_features[] =
{
    {&D3D12ExperimentalShaderModels, RT_EXPERIMENTAL_SHADER_MODELS},
    /* Tier 4 is retail here: enabling it changes nothing, but preview-era programs ask. */
    {&D3D12TiledResourceTier4, RT_EXPERIMENTAL_TILED_RESOURCE_TIER4},
    {&D3D12AsyncCommandsExperiment, RT_EXPERIMENTAL_ASYNC_COMMANDS},
};

HRESULT rt_experimental_features_parse(UINT count, const IID *iids, unsigned int *features)
{
    unsigned int mask = 0, i, j;

    if (count && !iids)
    {
        RT_WARN("NULL feature array.");
        return E_INVALIDARG;
    }
    for (i = 0; i < count; ++i)
    {
        for (j = 0; j < RT_ARRAY_SIZE(experimental_features); ++j)
        {
            if (rt_guid_equal(&iids[i], experimental_features[j].iid))
                break;
        }
        if (j == RT_ARRAY_SIZE(experimental_features))
        {
            RT_WARN("Unknown experimental feature %s.", rt_debugstr_guid(&iids[i]));
            return E_NOINTERFACE;
        }
        mask |= experimental_features[j].bit;
    }
    *features = mask;
    return S_OK;
}

static UINT feature_count(unsigned int mask)
{
    return (UINT)__builtin_popcount(mask);
}

D3D12_DEVICE_CONFIGURATION_DESC rt_configuration_desc(const struct rt_startup_options *options)
{
    D3D12_DEVICE_CONFIGURATION_DESC desc;

    desc.Flags = options->device_flags;
    /* The application's opt-in only: forcing is a developer setting, not the configuration. */
    if (options->async_commands_fallback_enabled)
        desc.Flags |= D3D12_DEVICE_FLAG_ASYNC_COMMANDS_FALLBACK_ENABLED;
    desc.GpuBasedValidationFlags = options->gpu_based_validation_flags;
    desc.SDKVersion = options->sdk_version;
    desc.NumEnabledExperimentalFeatures = feature_count(options->experimental_features);
    return desc;
}

HRESULT rt_configuration_experimental_features(const struct rt_startup_options *options, GUID *guids, UINT count)
{
    UINT i, n = 0;

    if (count != feature_count(options->experimental_features) || (count && !guids))
    {
        RT_WARN("%u GUIDs asked for, %u features enabled.", count, feature_count(options->experimental_features));
        return E_INVALIDARG;
    }
    for (i = 0; i < RT_ARRAY_SIZE(experimental_features); ++i)
    {
        if (options->experimental_features & experimental_features[i].bit)
            guids[n++] = *experimental_features[i].iid;
    }
    return S_OK;
}

HRESULT rt_configuration_serialize_root_signature(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc,
        ID3DBlob **blob, ID3DBlob **error_blob)
{
    return rt_root_signature_serialize_blob(desc, blob, error_blob);
}

HRESULT rt_configuration_create_deserializer(const void *blob, SIZE_T size, REFIID riid, void **deserializer)
{
    return rt_versioned_root_signature_deserializer_create(blob, size, riid, deserializer);
}

/* ---- The device's ID3D12DeviceConfiguration (part of the device object) ---------------- */

static inline struct rt_device *impl_from_ID3D12DeviceConfiguration(ID3D12DeviceConfiguration *iface)
{
    return RT_CONTAINING(iface, struct rt_device, ID3D12DeviceConfiguration_iface);
}

static HRESULT STDMETHODCALLTYPE rt_device_configuration_QueryInterface(ID3D12DeviceConfiguration *iface,
        REFIID riid, void **object)
{
    struct rt_device *device = impl_from_ID3D12DeviceConfiguration(iface);

    return ID3D12Device16_QueryInterface(&device->ID3D12Device_iface, riid, object);
}

static ULONG STDMETHODCALLTYPE rt_device_configuration_AddRef(ID3D12DeviceConfiguration *iface)
{
    struct rt_device *device = impl_from_ID3D12DeviceConfiguration(iface);

    return ID3D12Device16_AddRef(&device->ID3D12Device_iface);
}

static ULONG STDMETHODCALLTYPE rt_device_configuration_Release(ID3D12DeviceConfiguration *iface)
{
    struct rt_device *device = impl_from_ID3D12DeviceConfiguration(iface);

    return ID3D12Device16_Release(&device->ID3D12Device_iface);
}

static D3D12_DEVICE_CONFIGURATION_DESC STDMETHODCALLTYPE rt_device_configuration_GetDesc(
        ID3D12DeviceConfiguration *iface)
{
    struct rt_device *device = impl_from_ID3D12DeviceConfiguration(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return rt_configuration_desc(&device->startup);
}

static HRESULT STDMETHODCALLTYPE rt_device_configuration_GetEnabledExperimentalFeatures(
        ID3D12DeviceConfiguration *iface, GUID *guids, UINT count)
{
    struct rt_device *device = impl_from_ID3D12DeviceConfiguration(iface);

    RT_TRACE("iface %p, guids %p, count %u.", (void *)iface, (void *)guids, count);
    return rt_configuration_experimental_features(&device->startup, guids, count);
}

static HRESULT STDMETHODCALLTYPE rt_device_configuration_SerializeVersionedRootSignature(
        ID3D12DeviceConfiguration *iface, const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, ID3DBlob **blob,
        ID3DBlob **error_blob)
{
    RT_TRACE("iface %p, desc %p, blob %p, error_blob %p.", (void *)iface, (const void *)desc, (void *)blob,
            (void *)error_blob);
    return rt_configuration_serialize_root_signature(desc, blob, error_blob);
}

static HRESULT STDMETHODCALLTYPE rt_device_configuration_CreateVersionedRootSignatureDeserializer(
        ID3D12DeviceConfiguration *iface, const void *blob, SIZE_T size, REFIID riid, void **deserializer)
{
    RT_TRACE("iface %p, blob %p, size %zu, riid %s, deserializer %p.", (void *)iface, blob, (size_t)size,
            rt_debugstr_guid(riid), (void *)deserializer);
    return rt_configuration_create_deserializer(blob, size, riid, deserializer);
}

const struct ID3D12DeviceConfigurationVtbl rt_device_configuration_vtbl =
{
    /* IUnknown methods */
    rt_device_configuration_QueryInterface,
    rt_device_configuration_AddRef,
    rt_device_configuration_Release,
    /* ID3D12DeviceConfiguration methods */
    rt_device_configuration_GetDesc,
    rt_device_configuration_GetEnabledExperimentalFeatures,
    rt_device_configuration_SerializeVersionedRootSignature,
    rt_device_configuration_CreateVersionedRootSignatureDeserializer,
};
