/*
 * The functions libd3d12.so exports (runtime/d3d12rt.map lists exactly these, plus the
 * IIDs and CLSIDs of rt_guids.c).
 */
#include "rt_common.h"
#include "rt_debug_layer.h"
#include "rt_device_config.h"
#include "rt_dxcore.h"
#include "rt_factory.h"
#include "rt_root_signature.h"

/* libdxcore.so's way to the one DXCore factory (rt_dxcore.h): a class no header declares. */
static const GUID dxcore_factory_clsid = RT_CLSID_DXCORE_ADAPTER_FACTORY_INIT;

RT_EXPORT HRESULT WINAPI D3D12GetInterface(REFCLSID clsid, REFIID riid, void **object)
{
    RT_TRACE("clsid %s, riid %s, object %p.", rt_debugstr_guid(clsid), rt_debugstr_guid(riid), (void *)object);

    if (rt_guid_equal(clsid, &CLSID_D3D12DeviceFactory))
    {
        if (!object)
            return S_FALSE;
        *object = NULL;
        return rt_device_factory_create(RT_SDK_VERSION, riid, object);
    }
    if (rt_guid_equal(clsid, &CLSID_D3D12SDKConfiguration))
    {
        if (!object)
            return S_FALSE;
        *object = NULL;
        return rt_sdk_configuration_create(riid, object);
    }
    if (rt_guid_equal(clsid, &CLSID_D3D12Debug))
        return rt_debug_get_interface(riid, object);
    if (rt_guid_equal(clsid, &dxcore_factory_clsid))
        return rt_dxcore_factory_get(riid, object);

    /* CLSID_D3D12Tools, CLSID_D3D12DeviceRemovedExtendedData and anything else. */
    RT_WARN("Class %s is not available.", rt_debugstr_guid(clsid));
    if (object)
        *object = NULL;
    return E_NOINTERFACE;
}

RT_EXPORT HRESULT WINAPI D3D12CreateDevice(IUnknown *adapter, D3D_FEATURE_LEVEL minimum_feature_level,
        REFIID riid, void **device)
{
    RT_TRACE("adapter %p, minimum_feature_level %#x, riid %s, device %p.", (void *)adapter, minimum_feature_level,
            rt_debugstr_guid(riid), (void *)device);
    return rt_factory_create_device_global(adapter, minimum_feature_level, riid, device);
}

RT_EXPORT HRESULT WINAPI D3D12GetDebugInterface(REFIID riid, void **debug)
{
    RT_TRACE("riid %s, debug %p.", rt_debugstr_guid(riid), (void *)debug);
    return rt_debug_get_interface(riid, debug);
}

RT_EXPORT HRESULT WINAPI D3D12EnableExperimentalFeatures(UINT count, const IID *iids, void *configs,
        UINT *config_sizes)
{
    RT_TRACE("count %u, iids %p, configs %p, config_sizes %p.", count, (const void *)iids, configs,
            (void *)config_sizes);
    return rt_factory_enable_experimental_features_global(count, iids, configs, config_sizes);
}

/* Root signatures (rt_root_signature_serialize.c). */

RT_EXPORT HRESULT WINAPI D3D12SerializeRootSignature(const D3D12_ROOT_SIGNATURE_DESC *desc,
        D3D_ROOT_SIGNATURE_VERSION version, ID3DBlob **blob, ID3DBlob **error_blob)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC versioned;

    RT_TRACE("desc %p, version %#x, blob %p, error_blob %p.", (const void *)desc, version, (void *)blob,
            (void *)error_blob);
    /* The description is a 1.0 one: Windows refuses any other version without touching
     * the outputs. */
    if (version != D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        RT_WARN("Version %#x cannot serialize a version 1.0 description.", version);
        return E_INVALIDARG;
    }
    if (!desc)
        return rt_root_signature_serialize_blob(NULL, blob, error_blob);
    versioned.Version = D3D_ROOT_SIGNATURE_VERSION_1_0;
    versioned.Desc_1_0 = *desc;
    return rt_root_signature_serialize_blob(&versioned, blob, error_blob);
}

RT_EXPORT HRESULT WINAPI D3D12SerializeVersionedRootSignature(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc,
        ID3DBlob **blob, ID3DBlob **error_blob)
{
    RT_TRACE("desc %p, blob %p, error_blob %p.", (const void *)desc, (void *)blob, (void *)error_blob);
    return rt_root_signature_serialize_blob(desc, blob, error_blob);
}

RT_EXPORT HRESULT WINAPI D3D12CreateRootSignatureDeserializer(const void *data, SIZE_T data_size, REFIID riid,
        void **deserializer)
{
    RT_TRACE("data %p, data_size %zu, riid %s, deserializer %p.", data, (size_t)data_size, rt_debugstr_guid(riid),
            (void *)deserializer);
    return rt_root_signature_deserializer_create(data, data_size, riid, deserializer);
}

RT_EXPORT HRESULT WINAPI D3D12CreateVersionedRootSignatureDeserializer(const void *data, SIZE_T data_size,
        REFIID riid, void **deserializer)
{
    RT_TRACE("data %p, data_size %zu, riid %s, deserializer %p.", data, (size_t)data_size, rt_debugstr_guid(riid),
            (void *)deserializer);
    return rt_versioned_root_signature_deserializer_create(data, data_size, riid, deserializer);
}
