/*
 * IDXCoreAdapter: one driver the runtime can load, described from its DDI caps. Return
 * codes are Microsoft Learn's DXCore reference (IDXCoreAdapter::GetProperty,
 * GetPropertySize, QueryState, SetState); what each property answers here is in
 * specs/api.md, "DXCore".
 */
#include <stdlib.h>

#include "rt_dxcore.h"
#include "rt_adapter.h"
#include "rt_factory.h"

/* Answered for QueryInterface by our adapters only: how D3D12CreateDevice recognises one. */
static const GUID rt_iid_dxcore_adapter_impl =
    {0x69ffb44c, 0x48d3, 0x4242, {0xbf, 0xb5, 0x17, 0xe0, 0x17, 0x50, 0xf6, 0x62}};

/* Microsoft's vendor id, which its software adapters (WARP, Basic Render) report. */
#define RT_DXCORE_SOFTWARE_VENDOR_ID 0x1414u

/* D3DKMDT_GRAPHICS/COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY: the simulated device's queues
 * switch work between command lists, never inside one. */
#define RT_DXCORE_PREEMPTION_DMA_BUFFER_BOUNDARY 100u

/* The highest DXCoreAdapterProperty / DXCoreAdapterState DirectX-Headers 1.606.4 declares;
 * higher values are ones "this OS does not recognise". */
#define RT_DXCORE_LAST_PROPERTY DXCoreAdapterProperty_HardwareIDParts
#define RT_DXCORE_LAST_STATE DXCoreAdapterState_AdapterMemoryBudget

struct rt_dxcore_adapter
{
    IDXCoreAdapter IDXCoreAdapter_iface;
    atomic_uint refcount;
    struct rt_dxcore_factory *factory;   /* referenced */
    /* The driver stays open while the adapter lives: a driver's LUID is its library's
     * state, which a device opening the same library then shares (dlopen counts). */
    struct rt_adapter *driver;
    struct rt_dxcore_adapter_info info;
};

static const struct IDXCoreAdapterVtbl rt_dxcore_adapter_vtbl;

static inline struct rt_dxcore_adapter *impl_from_IDXCoreAdapter(IDXCoreAdapter *iface)
{
    return RT_CONTAINING(iface, struct rt_dxcore_adapter, IDXCoreAdapter_iface);
}

static void adapter_info_read(const struct rt_adapter *adapter, struct rt_dxcore_adapter_info *info)
{
    memset(info, 0, sizeof(*info));
    strcpy(info->driver_path, adapter->config.driver_path);
    memcpy(info->description, adapter->gpu_info.Description, sizeof(info->description));
    info->description[sizeof(info->description) - 1] = 0;
    info->vendor_id = adapter->gpu_info.VendorId;
    info->device_id = adapter->gpu_info.DeviceId;
    info->dedicated_video_memory = adapter->gpu_info.DedicatedVideoMemory;
    info->shared_system_memory = adapter->gpu_info.SharedSystemMemory;
    info->memory_budget = rt_adapter_memory_budget(adapter);
    info->ddi_version = D3D12DDI_SUPPORTED_0124;   /* the one version the loader accepts */
    info->luid = adapter->gpu_info.AdapterLuid;
    info->uma = adapter->architecture.UMA;
    info->max_feature_level = rt_adapter_max_feature_level(adapter);
}

HRESULT rt_dxcore_adapter_create(struct rt_dxcore_factory *factory, const char *driver_path,
        struct rt_dxcore_adapter **out)
{
    struct rt_dxcore_adapter *adapter;
    HRESULT hr;

    if (!(adapter = calloc(1, sizeof(*adapter))))
        return E_OUTOFMEMORY;
    if (FAILED(hr = rt_adapter_open_driver(driver_path, &adapter->driver)))
    {
        free(adapter);
        return hr;
    }
    adapter_info_read(adapter->driver, &adapter->info);
    adapter->IDXCoreAdapter_iface.lpVtbl = &rt_dxcore_adapter_vtbl;
    atomic_init(&adapter->refcount, 1);
    adapter->factory = factory;
    IDXCoreAdapterFactory_AddRef(rt_dxcore_factory_iface(factory));
    *out = adapter;
    return S_OK;
}

IDXCoreAdapter *rt_dxcore_adapter_iface(struct rt_dxcore_adapter *adapter)
{
    return &adapter->IDXCoreAdapter_iface;
}

const struct rt_dxcore_adapter_info *rt_dxcore_adapter_get_info(const struct rt_dxcore_adapter *adapter)
{
    return &adapter->info;
}

HRESULT rt_dxcore_adapter_driver_path(IUnknown *unknown, const char **driver_path, char buffer[RT_CONFIG_PATH_MAX])
{
    void *object = NULL;
    HRESULT hr;

    *driver_path = NULL;
    if (!unknown)
        return S_OK;
    hr = IUnknown_QueryInterface(unknown, &rt_iid_dxcore_adapter_impl, &object);
    if (FAILED(hr) || !object)
    {
        RT_WARN("Adapter %p is not a DXCore adapter of this runtime.", (void *)unknown);
        return E_INVALIDARG;
    }
    if (((IDXCoreAdapter *)object)->lpVtbl != &rt_dxcore_adapter_vtbl)
    {
        /* Something else claims the private IID: its reference goes back through it. */
        RT_WARN("Adapter %p answers a private interface with a foreign object.", (void *)unknown);
        IUnknown_Release(unknown);
        return E_INVALIDARG;
    }
    strcpy(buffer, impl_from_IDXCoreAdapter(object)->info.driver_path);
    *driver_path = buffer;
    IDXCoreAdapter_Release((IDXCoreAdapter *)object);
    return S_OK;
}

/* ---- IUnknown ------------------------------------------------------------------------------ */

static HRESULT STDMETHODCALLTYPE rt_dxcore_adapter_QueryInterface(IDXCoreAdapter *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);
    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_IDXCoreAdapter) || rt_guid_equal(riid, &IID_IUnknown)
            || rt_guid_equal(riid, &rt_iid_dxcore_adapter_impl))
    {
        IDXCoreAdapter_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_dxcore_adapter_AddRef(IDXCoreAdapter *iface)
{
    struct rt_dxcore_adapter *adapter = impl_from_IDXCoreAdapter(iface);
    unsigned int refcount = atomic_fetch_add(&adapter->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)adapter, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_dxcore_adapter_Release(IDXCoreAdapter *iface)
{
    struct rt_dxcore_adapter *adapter = impl_from_IDXCoreAdapter(iface);
    struct rt_dxcore_factory *factory = adapter->factory;
    unsigned int refcount;
    bool last;

    /* The factory hands cached adapters out again: the last reference goes under its lock. */
    last = rt_dxcore_factory_release_adapter(factory, adapter, &adapter->refcount);
    refcount = last ? 0 : atomic_load(&adapter->refcount);
    RT_TRACE("%p decreasing refcount to %u.", (void *)adapter, refcount);
    if (last)
    {
        rt_adapter_close(adapter->driver);
        free(adapter);
        IDXCoreAdapterFactory_Release(rt_dxcore_factory_iface(factory));
    }
    return refcount;
}

/* ---- Attributes and properties ------------------------------------------------------------- */

static bool STDMETHODCALLTYPE rt_dxcore_adapter_IsValid(IDXCoreAdapter *iface)
{
    RT_TRACE("iface %p.", (void *)iface);
    /* Drivers are not updated or removed under a running process here. */
    return true;
}

bool rt_dxcore_info_has_attribute(const struct rt_dxcore_adapter_info *info, const GUID *attribute)
{
    /* D3D12's own attributes follow the levels the runtime runs; D3D11 has no runtime here,
     * and an attribute this runtime does not know is one no adapter has. */
    if (rt_guid_equal(attribute, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS))
        return info->max_feature_level >= D3D_FEATURE_LEVEL_11_0;
    if (rt_guid_equal(attribute, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE))
        return info->max_feature_level != 0;
    return false;
}

static bool STDMETHODCALLTYPE rt_dxcore_adapter_IsAttributeSupported(IDXCoreAdapter *iface, REFGUID attribute)
{
    struct rt_dxcore_adapter *adapter = impl_from_IDXCoreAdapter(iface);

    RT_TRACE("iface %p, attribute %s.", (void *)iface, rt_debugstr_guid(attribute));
    return rt_dxcore_info_has_attribute(&adapter->info, attribute);
}

bool rt_dxcore_info_is_hardware(const struct rt_dxcore_adapter_info *info)
{
    /* The DDI has no software flag: Microsoft's own convention is its vendor id. */
    return info->vendor_id != RT_DXCORE_SOFTWARE_VENDOR_ID;
}

/* One property's value, written to value (at most 128 bytes, the description's size).
 * Returns its size, 0 for a property this adapter does not answer. */
static size_t adapter_property(const struct rt_dxcore_adapter_info *info, DXCoreAdapterProperty property,
        void *value)
{
    switch (property)
    {
        case DXCoreAdapterProperty_InstanceLuid:
            memcpy(value, &info->luid, sizeof(info->luid));
            return sizeof(info->luid);
        case DXCoreAdapterProperty_DriverVersion:
        {
            /* Four words, as Windows' driver versions: the DDI version the driver speaks
             * (12.80.124.0); the DDI carries no version of the driver itself. */
            uint64_t version = info->ddi_version;

            memcpy(value, &version, sizeof(version));
            return sizeof(version);
        }
        case DXCoreAdapterProperty_DriverDescription:
            strcpy(value, info->description);
            return strlen(info->description) + 1;
        case DXCoreAdapterProperty_HardwareID:
        {
            DXCoreHardwareID id = {info->vendor_id, info->device_id, 0, 0};

            memcpy(value, &id, sizeof(id));
            return sizeof(id);
        }
        case DXCoreAdapterProperty_HardwareIDParts:
        {
            DXCoreHardwareIDParts parts = {info->vendor_id, info->device_id, 0, 0, 0};

            memcpy(value, &parts, sizeof(parts));
            return sizeof(parts);
        }
        case DXCoreAdapterProperty_ComputePreemptionGranularity:
        case DXCoreAdapterProperty_GraphicsPreemptionGranularity:
        {
            uint16_t granularity = RT_DXCORE_PREEMPTION_DMA_BUFFER_BOUNDARY;

            memcpy(value, &granularity, sizeof(granularity));
            return sizeof(granularity);
        }
        case DXCoreAdapterProperty_DedicatedAdapterMemory:
            memcpy(value, &info->dedicated_video_memory, sizeof(uint64_t));
            return sizeof(uint64_t);
        case DXCoreAdapterProperty_DedicatedSystemMemory:
            memset(value, 0, sizeof(uint64_t));   /* no system memory set aside for the GPU */
            return sizeof(uint64_t);
        case DXCoreAdapterProperty_SharedSystemMemory:
            memcpy(value, &info->shared_system_memory, sizeof(uint64_t));
            return sizeof(uint64_t);
        case DXCoreAdapterProperty_AcgCompatible:
            /* No cap tells whether a driver writes executable code: promise nothing. */
            *(bool *)value = false;
            return sizeof(bool);
        case DXCoreAdapterProperty_IsHardware:
            *(bool *)value = rt_dxcore_info_is_hardware(info);
            return sizeof(bool);
        case DXCoreAdapterProperty_IsIntegrated:
            *(bool *)value = info->uma;   /* unified memory: an integrated GPU */
            return sizeof(bool);
        case DXCoreAdapterProperty_IsDetachable:
            *(bool *)value = false;
            return sizeof(bool);
        case DXCoreAdapterProperty_KmdModelVersion:
            /* No kernel-mode driver model (WDDM) version exists on Linux. */
            return 0;
    }
    return 0;
}

/* S_OK with the size, or the error both GetProperty and GetPropertySize give. */
static HRESULT adapter_property_size(const struct rt_dxcore_adapter_info *info, DXCoreAdapterProperty property,
        size_t *size, char value[128])
{
    if ((uint32_t)property > RT_DXCORE_LAST_PROPERTY)
    {
        RT_WARN("Unknown property %u.", (unsigned int)property);
        return DXGI_ERROR_INVALID_CALL;
    }
    if (!(*size = adapter_property(info, property, value)))
    {
        RT_WARN("Property %u is not supported.", (unsigned int)property);
        return DXGI_ERROR_UNSUPPORTED;
    }
    return S_OK;
}

static bool STDMETHODCALLTYPE rt_dxcore_adapter_IsPropertySupported(IDXCoreAdapter *iface,
        DXCoreAdapterProperty property)
{
    struct rt_dxcore_adapter *adapter = impl_from_IDXCoreAdapter(iface);
    char value[128];
    size_t size;

    RT_TRACE("iface %p, property %u.", (void *)iface, (unsigned int)property);
    return SUCCEEDED(adapter_property_size(&adapter->info, property, &size, value));
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_adapter_GetProperty(IDXCoreAdapter *iface, DXCoreAdapterProperty property,
        size_t buffer_size, void *data)
{
    struct rt_dxcore_adapter *adapter = impl_from_IDXCoreAdapter(iface);
    char value[128];
    size_t size;
    HRESULT hr;

    RT_TRACE("iface %p, property %u, buffer_size %zu, data %p.", (void *)iface, (unsigned int)property, buffer_size,
            data);
    if (FAILED(hr = adapter_property_size(&adapter->info, property, &size, value)))
        return hr;
    if (!data)
        return E_POINTER;
    if (buffer_size < size)
    {
        RT_WARN("Buffer of %zu bytes for a property of %zu.", buffer_size, size);
        return E_INVALIDARG;
    }
    /* Microsoft Learn: the buffer is zeroed before it is filled. */
    memset(data, 0, buffer_size);
    memcpy(data, value, size);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_adapter_GetPropertySize(IDXCoreAdapter *iface,
        DXCoreAdapterProperty property, size_t *buffer_size)
{
    struct rt_dxcore_adapter *adapter = impl_from_IDXCoreAdapter(iface);
    char value[128];
    size_t size;
    HRESULT hr;

    RT_TRACE("iface %p, property %u, buffer_size %p.", (void *)iface, (unsigned int)property, (void *)buffer_size);
    if (FAILED(hr = adapter_property_size(&adapter->info, property, &size, value)))
        return hr;
    if (!buffer_size)
        return E_POINTER;
    *buffer_size = size;
    return S_OK;
}

/* ---- State ----------------------------------------------------------------------------------- */

static bool STDMETHODCALLTYPE rt_dxcore_adapter_IsQueryStateSupported(IDXCoreAdapter *iface,
        DXCoreAdapterState state)
{
    RT_TRACE("iface %p, state %u.", (void *)iface, (unsigned int)state);
    return (uint32_t)state <= RT_DXCORE_LAST_STATE;
}

/* The memory of one node's segment group: on this unified-memory model everything the
 * devices' heaps take is the local group (as Windows reports an integrated GPU); the
 * non-local group is empty. Usage is what the process's live devices on this adapter
 * hold now (D3D12RT_FEATURE_VIDEO_MEMORY_INFO's count, summed). */
static HRESULT adapter_memory_budget(const struct rt_dxcore_adapter_info *info, size_t input_size,
        const void *input, size_t output_size, void *output)
{
    DXCoreAdapterMemoryBudgetNodeSegmentGroup group;
    DXCoreAdapterMemoryBudget budget = {0};

    if (!input || !output)
        return E_POINTER;
    if (input_size < sizeof(group) || output_size < sizeof(budget))
    {
        RT_WARN("Buffers of %zu and %zu bytes are too small.", input_size, output_size);
        return E_INVALIDARG;
    }
    memcpy(&group, input, sizeof(group));
    if (group.nodeIndex != 0 || (group.segmentGroup != DXCoreSegmentGroup_Local
            && group.segmentGroup != DXCoreSegmentGroup_NonLocal))
    {
        RT_WARN("Node %u, segment group %u: the adapter has one node and two groups.", group.nodeIndex,
                (unsigned int)group.segmentGroup);
        return E_INVALIDARG;
    }
    if (group.segmentGroup == DXCoreSegmentGroup_Local)
    {
        budget.budget = info->memory_budget;
        budget.currentUsage = rt_factory_memory_usage(info->driver_path);
        /* Nothing reserves memory here (no SetVideoMemoryReservation): all of it may be. */
        budget.availableForReservation = info->memory_budget;
    }
    memcpy(output, &budget, sizeof(budget));
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_adapter_QueryState(IDXCoreAdapter *iface, DXCoreAdapterState state,
        size_t input_size, const void *input, size_t output_size, void *output)
{
    struct rt_dxcore_adapter *adapter = impl_from_IDXCoreAdapter(iface);

    RT_TRACE("iface %p, state %u, input_size %zu, input %p, output_size %zu, output %p.", (void *)iface,
            (unsigned int)state, input_size, input, output_size, output);
    switch (state)
    {
        case DXCoreAdapterState_IsDriverUpdateInProgress:
            if (!output)
                return E_POINTER;
            if (output_size < sizeof(uint8_t))
                return E_INVALIDARG;
            *(uint8_t *)output = 0;
            return S_OK;
        case DXCoreAdapterState_AdapterMemoryBudget:
            return adapter_memory_budget(&adapter->info, input_size, input, output_size, output);
    }
    RT_WARN("Unknown state %u.", (unsigned int)state);
    return DXGI_ERROR_INVALID_CALL;
}

static bool STDMETHODCALLTYPE rt_dxcore_adapter_IsSetStateSupported(IDXCoreAdapter *iface, DXCoreAdapterState state)
{
    RT_TRACE("iface %p, state %u.", (void *)iface, (unsigned int)state);
    return false;
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_adapter_SetState(IDXCoreAdapter *iface, DXCoreAdapterState state,
        size_t details_size, const void *details, size_t data_size, const void *data)
{
    RT_TRACE("iface %p, state %u, details_size %zu, details %p, data_size %zu, data %p.", (void *)iface,
            (unsigned int)state, details_size, details, data_size, data);
    /* Neither known state can be set (DirectX-Headers 1.606.4 has no settable one). */
    if ((uint32_t)state > RT_DXCORE_LAST_STATE)
        return DXGI_ERROR_INVALID_CALL;
    return DXGI_ERROR_UNSUPPORTED;
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_adapter_GetFactory(IDXCoreAdapter *iface, REFIID riid, void **factory)
{
    struct rt_dxcore_adapter *adapter = impl_from_IDXCoreAdapter(iface);

    RT_TRACE("iface %p, riid %s, factory %p.", (void *)iface, rt_debugstr_guid(riid), (void *)factory);
    if (!factory)
        return E_POINTER;
    return IDXCoreAdapterFactory_QueryInterface(rt_dxcore_factory_iface(adapter->factory), riid, factory);
}

static const struct IDXCoreAdapterVtbl rt_dxcore_adapter_vtbl =
{
    /* IUnknown methods */
    rt_dxcore_adapter_QueryInterface,
    rt_dxcore_adapter_AddRef,
    rt_dxcore_adapter_Release,
    /* IDXCoreAdapter methods */
    rt_dxcore_adapter_IsValid,
    rt_dxcore_adapter_IsAttributeSupported,
    rt_dxcore_adapter_IsPropertySupported,
    rt_dxcore_adapter_GetProperty,
    rt_dxcore_adapter_GetPropertySize,
    rt_dxcore_adapter_IsQueryStateSupported,
    rt_dxcore_adapter_QueryState,
    rt_dxcore_adapter_IsSetStateSupported,
    rt_dxcore_adapter_SetState,
    rt_dxcore_adapter_GetFactory,
};
