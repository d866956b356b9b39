/*
 * DXCore (libdxcore.so's objects, reached here as libdxcore.so reaches them: through
 * D3D12GetInterface with the runtime's private class): the factory, lists, every
 * property of the built-in adapter with its exact errors, the memory budget against the
 * device's own count, and D3D12CreateDevice / ID3D12DeviceFactory::CreateDevice taking
 * a DXCore adapter and refusing a foreign one. Return codes: Microsoft Learn's DXCore
 * reference.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_dxcore.h"
#include "test_config_guard.h"
#include "test_run.h"

static IDXCoreAdapterFactory *create_factory(void)
{
    static const GUID clsid = RT_CLSID_DXCORE_ADAPTER_FACTORY_INIT;
    IDXCoreAdapterFactory *factory = NULL;

    ck_assert_int_eq(D3D12GetInterface(&clsid, &IID_IDXCoreAdapterFactory, (void **)&factory), S_OK);
    ck_assert_ptr_nonnull(factory);
    return factory;
}

static IDXCoreAdapterList *create_list(IDXCoreAdapterFactory *factory, const GUID *attribute)
{
    IDXCoreAdapterList *list = NULL;

    ck_assert_int_eq(IDXCoreAdapterFactory_CreateAdapterList(factory, 1, attribute, &IID_IDXCoreAdapterList,
            (void **)&list), S_OK);
    return list;
}

/* The first D3D12 graphics adapter (the built-in one unless a file names a driver). */
static IDXCoreAdapter *first_adapter(IDXCoreAdapterFactory *factory)
{
    IDXCoreAdapterList *list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
    IDXCoreAdapter *adapter = NULL;

    ck_assert_uint_ge(IDXCoreAdapterList_GetAdapterCount(list), 1);
    ck_assert_int_eq(IDXCoreAdapterList_GetAdapter(list, 0, &IID_IDXCoreAdapter, (void **)&adapter), S_OK);
    IDXCoreAdapterList_Release(list);
    return adapter;
}

static uint64_t memory_usage(IDXCoreAdapter *adapter, DXCoreSegmentGroup group, uint64_t *budget)
{
    DXCoreAdapterMemoryBudgetNodeSegmentGroup input = {0, group};
    DXCoreAdapterMemoryBudget output;

    memset(&output, 0xcc, sizeof(output));
    ck_assert_int_eq(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(input), &input,
            sizeof(output), &output), S_OK);
    ck_assert_uint_eq(output.currentReservation, 0);
    *budget = output.budget;
    return output.currentUsage;
}

/* ---- Factory and lists --------------------------------------------------------------------------- */

START_TEST(test_factory)
{
    static const GUID clsid = RT_CLSID_DXCORE_ADAPTER_FACTORY_INIT;
    IDXCoreAdapterFactory *factory = create_factory(), *again, *from;
    IDXCoreAdapter *adapter = first_adapter(factory);
    IDXCoreAdapterList *list;
    uint32_t cookie = 7;
    void *object;

    /* One factory while any reference lives; lists and adapters hand it back. */
    again = create_factory();
    ck_assert_ptr_eq(again, factory);
    IDXCoreAdapterFactory_Release(again);
    ck_assert_int_eq(IDXCoreAdapter_GetFactory(adapter, &IID_IDXCoreAdapterFactory, (void **)&from), S_OK);
    ck_assert_ptr_eq(from, factory);
    IDXCoreAdapterFactory_Release(from);
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE);
    ck_assert_int_eq(IDXCoreAdapterList_GetFactory(list, &IID_IDXCoreAdapterFactory, (void **)&from), S_OK);
    ck_assert_ptr_eq(from, factory);
    IDXCoreAdapterFactory_Release(from);
    IDXCoreAdapterList_Release(list);

    object = (void *)1;
    ck_assert_int_eq(D3D12GetInterface(&clsid, &IID_ID3D12Device, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(D3D12GetInterface(&clsid, &IID_IDXCoreAdapterFactory, NULL), E_POINTER);

    /* No notification type is supported: registration fails with a zero cookie. */
    ck_assert(!IDXCoreAdapterFactory_IsNotificationTypeSupported(factory, DXCoreNotificationType_AdapterListStale));
    ck_assert_int_eq(IDXCoreAdapterFactory_RegisterEventNotification(factory, (IUnknown *)adapter,
            DXCoreNotificationType_AdapterNoLongerValid, (PFN_DXCORE_NOTIFICATION_CALLBACK)(uintptr_t)1, NULL,
            &cookie), DXGI_ERROR_INVALID_CALL);
    ck_assert_uint_eq(cookie, 0);
    cookie = 7;
    ck_assert_int_eq(IDXCoreAdapterFactory_RegisterEventNotification(factory, NULL,
            DXCoreNotificationType_AdapterNoLongerValid, (PFN_DXCORE_NOTIFICATION_CALLBACK)(uintptr_t)1, NULL,
            &cookie), E_INVALIDARG);
    ck_assert_uint_eq(cookie, 0);
    ck_assert_int_eq(IDXCoreAdapterFactory_RegisterEventNotification(factory, (IUnknown *)adapter,
            DXCoreNotificationType_AdapterNoLongerValid, NULL, NULL, &cookie), E_POINTER);
    ck_assert_int_eq(IDXCoreAdapterFactory_UnregisterEventNotification(factory, 1), E_INVALIDARG);

    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterFactory_Release(factory);
}
END_TEST

START_TEST(test_adapter_list)
{
    static const GUID unknown = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    const GUID both[2] = {DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS, DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE};
    const DXCoreAdapterPreference preferences[3] = {DXCoreAdapterPreference_HighPerformance, 77,
            DXCoreAdapterPreference_Hardware};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapter *a = NULL, *b = NULL;
    IDXCoreAdapterList *list, *other;
    void *object;

    ck_assert_int_eq(IDXCoreAdapterFactory_CreateAdapterList(factory, 0, both, &IID_IDXCoreAdapterList, &object),
            E_INVALIDARG);
    ck_assert_int_eq(IDXCoreAdapterFactory_CreateAdapterList(factory, 1, NULL, &IID_IDXCoreAdapterList, &object),
            E_INVALIDARG);
    ck_assert_int_eq(IDXCoreAdapterFactory_CreateAdapterList(factory, 1, both, &IID_IDXCoreAdapterList, NULL),
            E_POINTER);
    object = (void *)1;
    ck_assert_int_eq(IDXCoreAdapterFactory_CreateAdapterList(factory, 1, both, &IID_IDXCoreAdapter, &object),
            E_NOINTERFACE);
    ck_assert_ptr_null(object);

    /* The built-in driver alone (no configuration file): D3D12 graphics and compute, no
     * D3D11, nothing for an attribute this runtime does not know. */
    ck_assert_int_eq(IDXCoreAdapterFactory_CreateAdapterList(factory, 2, both, &IID_IDXCoreAdapterList,
            (void **)&list), S_OK);
    ck_assert_uint_eq(IDXCoreAdapterList_GetAdapterCount(list), 1);
    ck_assert(!IDXCoreAdapterList_IsStale(list));
    other = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D11_GRAPHICS);
    ck_assert_uint_eq(IDXCoreAdapterList_GetAdapterCount(other), 0);
    IDXCoreAdapterList_Release(other);
    other = create_list(factory, &unknown);
    ck_assert_uint_eq(IDXCoreAdapterList_GetAdapterCount(other), 0);
    IDXCoreAdapterList_Release(other);

    /* The same object for the same adapter, in every list. */
    other = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE);
    ck_assert_int_eq(IDXCoreAdapterList_GetAdapter(list, 0, &IID_IDXCoreAdapter, (void **)&a), S_OK);
    ck_assert_int_eq(IDXCoreAdapterList_GetAdapter(other, 0, &IID_IDXCoreAdapter, (void **)&b), S_OK);
    ck_assert_ptr_eq(a, b);
    IDXCoreAdapter_Release(b);
    IDXCoreAdapterList_Release(other);

    object = (void *)1;
    ck_assert_int_eq(IDXCoreAdapterList_GetAdapter(list, 1, &IID_IDXCoreAdapter, &object), E_INVALIDARG);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(IDXCoreAdapterList_GetAdapter(list, 0, &IID_IDXCoreAdapter, NULL), E_POINTER);
    ck_assert_int_eq(IDXCoreAdapterList_GetAdapter(list, 0, &IID_IDXCoreAdapterList, &object), E_NOINTERFACE);

    ck_assert(IDXCoreAdapterList_IsAdapterPreferenceSupported(list, DXCoreAdapterPreference_MinimumPower));
    ck_assert(!IDXCoreAdapterList_IsAdapterPreferenceSupported(list, 3));
    ck_assert_int_eq(IDXCoreAdapterList_Sort(list, 0, preferences), E_INVALIDARG);
    ck_assert_int_eq(IDXCoreAdapterList_Sort(list, 1, NULL), E_INVALIDARG);
    ck_assert_int_eq(IDXCoreAdapterList_Sort(list, 3, preferences), S_OK);   /* 77 is ignored */
    ck_assert_int_eq(IDXCoreAdapterList_GetAdapter(list, 0, &IID_IDXCoreAdapter, (void **)&b), S_OK);
    ck_assert_ptr_eq(a, b);
    IDXCoreAdapter_Release(b);

    IDXCoreAdapter_Release(a);
    IDXCoreAdapterList_Release(list);
    IDXCoreAdapterFactory_Release(factory);
}
END_TEST

/* ---- Properties ------------------------------------------------------------------------------------ */

START_TEST(test_properties)
{
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapter *adapter = first_adapter(factory);
    unsigned char buffer[256];
    DXCoreHardwareIDParts parts;
    DXCoreHardwareID id;
    uint64_t u64;
    uint16_t u16;
    size_t size;
    bool flag;

    ck_assert(IDXCoreAdapter_IsValid(adapter));
    ck_assert(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS));
    ck_assert(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE));
    ck_assert(!IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_ADAPTER_ATTRIBUTE_D3D11_GRAPHICS));

    /* The description, NUL-terminated; the buffer is zeroed past it. */
    ck_assert_int_eq(IDXCoreAdapter_GetPropertySize(adapter, DXCoreAdapterProperty_DriverDescription, &size), S_OK);
    ck_assert_uint_eq(size, strlen("Apple AGX G13 (simulated)") + 1);
    memset(buffer, 0xcc, sizeof(buffer));
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DriverDescription, sizeof(buffer),
            buffer), S_OK);
    ck_assert_str_eq((const char *)buffer, "Apple AGX G13 (simulated)");
    ck_assert_uint_eq(buffer[sizeof(buffer) - 1], 0);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DriverDescription, size - 1, buffer),
            E_INVALIDARG);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DriverDescription, size, NULL),
            E_POINTER);

    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_HardwareID, sizeof(id), &id), S_OK);
    ck_assert_uint_eq(id.vendorID, 0x106b);
    ck_assert_uint_eq(id.deviceID, 0x1347);
    ck_assert_uint_eq(id.subSysID, 0);
    ck_assert_uint_eq(id.revision, 0);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_HardwareIDParts, sizeof(parts),
            &parts), S_OK);
    ck_assert_uint_eq(parts.vendorID, 0x106b);
    ck_assert_uint_eq(parts.deviceID, 0x1347);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_HardwareIDParts, sizeof(id), &id),
            E_INVALIDARG);

    /* The DDI version as the four words of a driver version: 12.80.124.0. */
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DriverVersion, sizeof(u64), &u64),
            S_OK);
    ck_assert_uint_eq(u64, ((uint64_t)12 << 48) | ((uint64_t)80 << 32) | ((uint64_t)124 << 16));

    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_ComputePreemptionGranularity,
            sizeof(u16), &u16), S_OK);
    ck_assert_uint_eq(u16, 100);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_GraphicsPreemptionGranularity,
            sizeof(u16), &u16), S_OK);
    ck_assert_uint_eq(u16, 100);

    /* Unified memory: nothing dedicated, the shared half of the RAM, integrated. */
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DedicatedAdapterMemory, sizeof(u64),
            &u64), S_OK);
    ck_assert_uint_eq(u64, 0);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DedicatedSystemMemory, sizeof(u64),
            &u64), S_OK);
    ck_assert_uint_eq(u64, 0);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_SharedSystemMemory, sizeof(u64),
            &u64), S_OK);
    ck_assert_uint_gt(u64, 0);
    ck_assert_int_eq(IDXCoreAdapter_GetPropertySize(adapter, DXCoreAdapterProperty_IsIntegrated, &size), S_OK);
    ck_assert_uint_eq(size, 1);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_IsIntegrated, 1, &flag), S_OK);
    ck_assert(flag);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_IsHardware, 1, &flag), S_OK);
    ck_assert(flag);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_IsDetachable, 1, &flag), S_OK);
    ck_assert(!flag);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_AcgCompatible, 1, &flag), S_OK);
    ck_assert(!flag);

    /* No kernel driver model: unsupported; past HardwareIDParts: not known at all. */
    ck_assert(!IDXCoreAdapter_IsPropertySupported(adapter, DXCoreAdapterProperty_KmdModelVersion));
    ck_assert_int_eq(IDXCoreAdapter_GetPropertySize(adapter, DXCoreAdapterProperty_KmdModelVersion, &size),
            DXGI_ERROR_UNSUPPORTED);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_KmdModelVersion, sizeof(buffer),
            buffer), DXGI_ERROR_UNSUPPORTED);
    ck_assert(!IDXCoreAdapter_IsPropertySupported(adapter, 15));
    ck_assert_int_eq(IDXCoreAdapter_GetPropertySize(adapter, 15, &size), DXGI_ERROR_INVALID_CALL);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, 15, sizeof(buffer), buffer), DXGI_ERROR_INVALID_CALL);
    ck_assert_int_eq(IDXCoreAdapter_GetPropertySize(adapter, DXCoreAdapterProperty_InstanceLuid, NULL), E_POINTER);

    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterFactory_Release(factory);
}
END_TEST

/* ---- State -------------------------------------------------------------------------------------------- */

START_TEST(test_memory_budget)
{
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 1 << 20, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapter *adapter = first_adapter(factory);
    DXCoreAdapterMemoryBudgetNodeSegmentGroup input = {0, DXCoreSegmentGroup_Local};
    D3D12RT_FEATURE_DATA_VIDEO_MEMORY_INFO info;
    DXCoreAdapterMemoryBudget output;
    uint64_t budget, before, after;
    ID3D12Resource *buffer;
    ID3D12Device *device;
    uint8_t in_progress = 7;

    ck_assert(IDXCoreAdapter_IsQueryStateSupported(adapter, DXCoreAdapterState_AdapterMemoryBudget));
    ck_assert_uint_eq(memory_usage(adapter, DXCoreSegmentGroup_Local, &budget), 0);
    ck_assert_uint_eq(memory_usage(adapter, DXCoreSegmentGroup_NonLocal, &before), 0);
    ck_assert_uint_eq(before, 0);

    /* The device's own count, summed over the process's devices on the adapter. */
    ck_assert_int_eq(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&device), S_OK);
    before = memory_usage(adapter, DXCoreSegmentGroup_Local, &budget);
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&buffer), S_OK);
    after = memory_usage(adapter, DXCoreSegmentGroup_Local, &budget);
    ck_assert_uint_ge(after, before + (1 << 20));
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12RT_FEATURE_VIDEO_MEMORY_INFO, &info,
            sizeof(info)), S_OK);
    ck_assert_uint_eq(info.CurrentUsage, after);
    ck_assert_uint_eq(info.Budget, budget);
    ID3D12Resource_Release(buffer);
    ck_assert_uint_eq(memory_usage(adapter, DXCoreSegmentGroup_Local, &budget), before);
    ID3D12Device_Release(device);
    ck_assert_uint_eq(memory_usage(adapter, DXCoreSegmentGroup_Local, &budget), 0);

    ck_assert_int_eq(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(input) - 1,
            &input, sizeof(output), &output), E_INVALIDARG);
    ck_assert_int_eq(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(input),
            &input, sizeof(output) - 1, &output), E_INVALIDARG);
    ck_assert_int_eq(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, 0, NULL,
            sizeof(output), &output), E_POINTER);
    input.nodeIndex = 1;
    ck_assert_int_eq(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(input),
            &input, sizeof(output), &output), E_INVALIDARG);
    input.nodeIndex = 0;
    input.segmentGroup = 2;
    ck_assert_int_eq(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(input),
            &input, sizeof(output), &output), E_INVALIDARG);

    ck_assert_int_eq(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_IsDriverUpdateInProgress, 0, NULL,
            sizeof(in_progress), &in_progress), S_OK);
    ck_assert_uint_eq(in_progress, 0);
    ck_assert(!IDXCoreAdapter_IsQueryStateSupported(adapter, 2));
    ck_assert_int_eq(IDXCoreAdapter_QueryState(adapter, 2, 0, NULL, sizeof(output), &output),
            DXGI_ERROR_INVALID_CALL);

    ck_assert(!IDXCoreAdapter_IsSetStateSupported(adapter, DXCoreAdapterState_AdapterMemoryBudget));
    ck_assert_int_eq(IDXCoreAdapter_SetState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(input), &input,
            sizeof(output), &output), DXGI_ERROR_UNSUPPORTED);
    ck_assert_int_eq(IDXCoreAdapter_SetState(adapter, 2, 0, NULL, sizeof(output), &output), DXGI_ERROR_INVALID_CALL);

    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterFactory_Release(factory);
}
END_TEST

/* ---- Devices on DXCore adapters ---------------------------------------------------------------------- */

/* An object of another runtime: it answers IUnknown and nothing else. */
struct foreign
{
    IUnknown IUnknown_iface;
    unsigned int query_count;
    unsigned int refcount;
};

static HRESULT STDMETHODCALLTYPE foreign_QueryInterface(IUnknown *iface, REFIID riid, void **object)
{
    struct foreign *foreign = (struct foreign *)iface;

    ++foreign->query_count;
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE foreign_AddRef(IUnknown *iface)
{
    return ++((struct foreign *)iface)->refcount;
}

static ULONG STDMETHODCALLTYPE foreign_Release(IUnknown *iface)
{
    return --((struct foreign *)iface)->refcount;
}

static const IUnknownVtbl foreign_vtbl = {foreign_QueryInterface, foreign_AddRef, foreign_Release};

/* An object that claims every interface, the private IID included, with itself. */
static HRESULT STDMETHODCALLTYPE greedy_QueryInterface(IUnknown *iface, REFIID riid, void **object)
{
    struct foreign *foreign = (struct foreign *)iface;

    ++foreign->query_count;
    ++foreign->refcount;
    *object = iface;
    return S_OK;
}

static const IUnknownVtbl greedy_vtbl = {greedy_QueryInterface, foreign_AddRef, foreign_Release};

START_TEST(test_create_device)
{
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapter *adapter = first_adapter(factory), *by_luid;
    struct foreign foreign = {{&foreign_vtbl}, 0, 1};
    ID3D12Device *device, *same, *from_factory;
    ID3D12DeviceFactory *device_factory;
    LUID luid, instance, unknown;

    ck_assert_int_eq(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&device), S_OK);
    /* The built-in adapter is the default one: the same singleton. */
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&same), S_OK);
    ck_assert_ptr_eq(device, same);
    ID3D12Device_Release(same);
    ck_assert_int_eq(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL),
            S_FALSE);

    luid = ID3D12Device_GetAdapterLuid(device);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_InstanceLuid, sizeof(instance),
            &instance), S_OK);
    ck_assert_uint_eq(luid.LowPart, instance.LowPart);
    ck_assert_int_eq(luid.HighPart, instance.HighPart);
    ck_assert_int_eq(IDXCoreAdapterFactory_GetAdapterByLuid(factory, &luid, &IID_IDXCoreAdapter, (void **)&by_luid),
            S_OK);
    ck_assert_ptr_eq(by_luid, adapter);
    IDXCoreAdapter_Release(by_luid);
    unknown = luid;
    unknown.LowPart ^= 1;
    by_luid = (IDXCoreAdapter *)1;
    ck_assert_int_eq(IDXCoreAdapterFactory_GetAdapterByLuid(factory, &unknown, &IID_IDXCoreAdapter,
            (void **)&by_luid), E_INVALIDARG);
    ck_assert_ptr_null(by_luid);

    /* The device factory takes the adapter too (the singleton again, as its flags allow). */
    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory,
            (void **)&device_factory), S_OK);
    ck_assert_int_eq(ID3D12DeviceFactory_SetFlags(device_factory,
            D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE), S_OK);
    ck_assert_int_eq(ID3D12DeviceFactory_CreateDevice(device_factory, (IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0,
            &IID_ID3D12Device, (void **)&from_factory), S_OK);
    ck_assert_ptr_eq(from_factory, device);
    ID3D12Device_Release(from_factory);

    /* A foreign object: asked QueryInterface once (for the private IID), refused. */
    same = (ID3D12Device *)1;
    ck_assert_int_eq(D3D12CreateDevice(&foreign.IUnknown_iface, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&same), E_INVALIDARG);
    ck_assert_ptr_null(same);
    ck_assert_uint_eq(foreign.query_count, 1);
    ck_assert_int_eq(ID3D12DeviceFactory_CreateDevice(device_factory, &foreign.IUnknown_iface, D3D_FEATURE_LEVEL_11_0,
            &IID_ID3D12Device, (void **)&same), E_INVALIDARG);
    ck_assert_uint_eq(foreign.query_count, 2);
    ck_assert_uint_eq(foreign.refcount, 1);
    /* One that answers the private IID too is still not ours: its reference goes back. */
    foreign.IUnknown_iface.lpVtbl = &greedy_vtbl;
    ck_assert_int_eq(D3D12CreateDevice(&foreign.IUnknown_iface, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&same), E_INVALIDARG);
    ck_assert_uint_eq(foreign.query_count, 3);
    ck_assert_uint_eq(foreign.refcount, 1);

    ID3D12DeviceFactory_Release(device_factory);
    ID3D12Device_Release(device);
    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterFactory_Release(factory);
}
END_TEST

/* A configured driver is a second adapter, listed first, with its own singleton device. */
START_TEST(test_configured_driver)
{
    const char *path = getenv("D3D12RT_TEST_UMD");
    IDXCoreAdapter *adapters[2], *adapter;
    ID3D12Device *devices[2], *device;
    struct test_config_guard guard;
    IDXCoreAdapterFactory *factory;
    IDXCoreAdapterList *list;
    char contents[4200];
    LUID luid, instance;
    unsigned int i;

    ck_assert_msg(path && path[0] == '/', "D3D12RT_TEST_UMD does not name the test driver module");
    snprintf(contents, sizeof(contents), "[driver]\npath = %s\n", path);
    test_config_guard_begin(&guard, contents);

    factory = create_factory();
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
    ck_assert_uint_eq(IDXCoreAdapterList_GetAdapterCount(list), 2);
    for (i = 0; i < 2; ++i)
    {
        ck_assert_int_eq(IDXCoreAdapterList_GetAdapter(list, i, &IID_IDXCoreAdapter, (void **)&adapters[i]), S_OK);
        ck_assert_int_eq(D3D12CreateDevice((IUnknown *)adapters[i], D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                (void **)&devices[i]), S_OK);
        luid = ID3D12Device_GetAdapterLuid(devices[i]);
        ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapters[i], DXCoreAdapterProperty_InstanceLuid,
                sizeof(instance), &instance), S_OK);
        ck_assert(!memcmp(&luid, &instance, sizeof(luid)));
        ck_assert_int_eq(IDXCoreAdapterFactory_GetAdapterByLuid(factory, &luid, &IID_IDXCoreAdapter,
                (void **)&adapter), S_OK);
        ck_assert_ptr_eq(adapter, adapters[i]);
        IDXCoreAdapter_Release(adapter);
    }
    ck_assert_ptr_ne(adapters[0], adapters[1]);
    ck_assert_ptr_ne(devices[0], devices[1]);
    /* The default adapter is the file's driver: the first one. */
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    ck_assert_ptr_eq(device, devices[0]);
    ID3D12Device_Release(device);

    for (i = 0; i < 2; ++i)
    {
        ID3D12Device_Release(devices[i]);
        IDXCoreAdapter_Release(adapters[i]);
    }
    IDXCoreAdapterList_Release(list);
    IDXCoreAdapterFactory_Release(factory);
    test_config_guard_end(&guard);
}
END_TEST

/* A configured driver that does not open is no adapter; the built-in one still is. */
START_TEST(test_configured_driver_missing)
{
    struct test_config_guard guard;
    IDXCoreAdapterFactory *factory;
    IDXCoreAdapterList *list;
    IDXCoreAdapter *adapter;
    char description[64];

    test_config_guard_begin(&guard, "[driver]\npath = /nonexistent/libno_umd.so\n");
    factory = create_factory();
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE);
    ck_assert_uint_eq(IDXCoreAdapterList_GetAdapterCount(list), 1);
    ck_assert_int_eq(IDXCoreAdapterList_GetAdapter(list, 0, &IID_IDXCoreAdapter, (void **)&adapter), S_OK);
    ck_assert_int_eq(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DriverDescription,
            sizeof(description), description), S_OK);
    ck_assert_str_eq(description, "Apple AGX G13 (simulated)");
    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterList_Release(list);
    IDXCoreAdapterFactory_Release(factory);
    test_config_guard_end(&guard);
}
END_TEST

/* d3d12info prints the device's adapter as DXCore describes it, the LUID its own. */
START_TEST(test_d3d12info)
{
    const char *bin = getenv("D3D12INFO_BIN");
    static char output[1 << 18];
    char command[1024];

    ck_assert_msg(bin && *bin, "D3D12INFO_BIN is not set");
    snprintf(command, sizeof(command), "'%s' --json 2>/dev/null", bin);
    ck_assert_int_eq(test_run_command(command, output, sizeof(output)), 0);
    ck_assert_ptr_nonnull(strstr(output, "\"DXCORE_ADAPTER\":{\"InstanceLuid\":\""));
    ck_assert_ptr_nonnull(strstr(output, "\"DriverVersion\":\"12.80.124.0\",\"DriverDescription\":"
            "\"Apple AGX G13 (simulated)\",\"HardwareID\":{\"vendorID\":4203,\"deviceID\":4935,"));
    ck_assert_ptr_nonnull(strstr(output, "\"KmdModelVersion\":null"));
    ck_assert_ptr_nonnull(strstr(output, "\"IsIntegrated\":true"));
    ck_assert_ptr_nonnull(strstr(output, "\"Attributes\":{\"D3D12_GRAPHICS\":true,\"D3D12_CORE_COMPUTE\":true,"
            "\"D3D11_GRAPHICS\":false}"));
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("dxcore");
    TCase *tc;

    tc = tcase_create("objects");
    tcase_add_test(tc, test_factory);
    tcase_add_test(tc, test_adapter_list);
    tcase_add_test(tc, test_properties);
    tcase_add_test(tc, test_memory_budget);
    suite_add_tcase(suite, tc);

    tc = tcase_create("devices");
    tcase_add_test(tc, test_create_device);
    tcase_add_test(tc, test_configured_driver);
    tcase_add_test(tc, test_configured_driver_missing);
    tcase_add_test(tc, test_d3d12info);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, NULL);
}
