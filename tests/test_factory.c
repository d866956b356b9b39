/*
 * D3D12GetInterface, ID3D12DeviceFactory, ID3D12SDKConfiguration1, the singleton device
 * rules (ddi-facts section 9) with each factory flag, experimental features, and the
 * root-signature exports that are not implemented yet.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rt_debug_layer.h"
#include "rt_device.h"
#include "rt_factory.h"
#include "test_run.h"

static ID3D12Device *create_device(void)
{
    ID3D12Device *device = NULL;

    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    return device;
}

static ID3D12DeviceFactory *create_factory(void)
{
    ID3D12DeviceFactory *factory = NULL;

    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory), S_OK);
    ck_assert_ptr_nonnull(factory);
    return factory;
}

static HRESULT factory_create(ID3D12DeviceFactory *factory, D3D12_DEVICE_FACTORY_FLAGS flags, ID3D12Device **device)
{
    ck_assert_int_eq(ID3D12DeviceFactory_SetFlags(factory, flags), S_OK);
    *device = (ID3D12Device *)(uintptr_t)0xdeadbeef;
    return ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)device);
}

static UINT experimental_count(void *object)
{
    ID3D12DeviceConfiguration *configuration;
    D3D12_DEVICE_CONFIGURATION_DESC desc;

    ck_assert_int_eq(IUnknown_QueryInterface((IUnknown *)object, &IID_ID3D12DeviceConfiguration,
            (void **)&configuration), S_OK);
    desc = ID3D12DeviceConfiguration_GetDesc(configuration);
    ID3D12DeviceConfiguration_Release(configuration);
    return desc.NumEnabledExperimentalFeatures;
}

/* ---- D3D12GetInterface and the SDK configuration ---------------------------------------------- */

START_TEST(test_get_interface)
{
    static const GUID unknown_clsid = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    ID3D12SDKConfiguration1 *sdk;
    ID3D12DeviceFactory *factory;
    ID3D12Debug *debug;
    IUnknown *unknown;
    void *object;

    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_IUnknown, (void **)&unknown), S_OK);
    ck_assert_int_eq(IUnknown_QueryInterface(unknown, &IID_ID3D12DeviceFactory, (void **)&factory), S_OK);
    ID3D12DeviceFactory_Release(factory);
    ck_assert_uint_eq(IUnknown_Release(unknown), 0);
    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, NULL), S_FALSE);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12Device, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);

    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1, (void **)&sdk),
            S_OK);
    ck_assert_int_eq(ID3D12SDKConfiguration1_QueryInterface(sdk, &IID_ID3D12SDKConfiguration, &object), S_OK);
    IUnknown_Release((IUnknown *)object);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12SDKConfiguration1_CreateDeviceFactory(sdk, D3D12_SDK_VERSION + 1, "", &IID_ID3D12DeviceFactory,
            &object), D3D12_ERROR_INVALID_REDIST);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(ID3D12SDKConfiguration1_CreateDeviceFactory(sdk, D3D12_SDK_VERSION, NULL, &IID_ID3D12DeviceFactory,
            &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12SDKConfiguration1_CreateDeviceFactory(sdk, D3D12_SDK_VERSION, "./", &IID_ID3D12DeviceFactory,
            (void **)&factory), S_OK);
    ID3D12SDKConfiguration1_FreeUnusedSDKs(sdk);
    ck_assert_uint_eq(ID3D12SDKConfiguration1_Release(sdk), 0);
    /* A factory from the SDK configuration creates devices like any other. */
    ck_assert_int_eq(ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            &object), S_OK);
    ck_assert_uint_eq(ID3D12Device_Release((ID3D12Device *)object), 0);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);

    /* The debug layer's class is served by D3D12GetDebugInterface's object. */
    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12Debug, &IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_Release(debug);

    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12Tools, &IID_IUnknown, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12DeviceRemovedExtendedData, &IID_IUnknown, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(D3D12GetInterface(&unknown_clsid, &IID_IUnknown, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
}
END_TEST

/* ---- The factory object ------------------------------------------------------------------------- */

/* The factory's own ID3D12Debug: it switches the debug layer on for the factory's devices
 * and leaves the process-global switch alone. */
START_TEST(test_factory_debug)
{
    ID3D12DeviceFactory *factory = create_factory();
    ID3D12DeviceConfiguration *configuration;
    D3D12_DEVICE_CONFIGURATION_DESC desc;
    ID3D12InfoQueue *info_queue;
    ID3D12Device *device;
    ID3D12Debug1 *debug1;
    ID3D12Debug *debug;
    void *object;

    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12Debug, &IID_ID3D12Debug,
            NULL), S_FALSE);
    object = (void *)1;
    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12Debug, &IID_ID3D12Device,
            &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    object = (void *)1;
    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12DeviceRemovedExtendedData,
            &IID_ID3D12DeviceRemovedExtendedDataSettings, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12Debug, &IID_ID3D12Debug,
            (void **)&debug), S_OK);
    ck_assert_int_eq(ID3D12Debug_QueryInterface(debug, &IID_ID3D12Debug1, (void **)&debug1), S_OK);
    ID3D12Debug1_Release(debug1);

    ck_assert_int_eq(ID3D12DeviceFactory_QueryInterface(factory, &IID_ID3D12DeviceConfiguration,
            (void **)&configuration), S_OK);
    desc = ID3D12DeviceConfiguration_GetDesc(configuration);
    ck_assert_uint_eq(desc.Flags & D3D12_DEVICE_FLAG_DEBUG_LAYER_ENABLED, 0);
    ID3D12Debug_EnableDebugLayer(debug);
    desc = ID3D12DeviceConfiguration_GetDesc(configuration);
    ck_assert_uint_eq(desc.Flags & D3D12_DEVICE_FLAG_DEBUG_LAYER_ENABLED, D3D12_DEVICE_FLAG_DEBUG_LAYER_ENABLED);
    ck_assert(!rt_debug_layer_enabled());
    /* The object keeps the factory alive. */
    ID3D12DeviceConfiguration_Release(configuration);
    ID3D12DeviceFactory_Release(factory);

    ck_assert_int_eq(ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&device), S_OK);
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info_queue), S_OK);
    ID3D12InfoQueue_Release(info_queue);
    ID3D12Device_Release(device);
    /* A device created the global way has no debug layer. */
    device = create_device();
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info_queue), E_NOINTERFACE);
    ID3D12Device_Release(device);
    ID3D12Debug_Release(debug);
}
END_TEST

START_TEST(test_factory_object)
{
    ID3D12DeviceFactory *factory = create_factory(), *other = create_factory();
    ID3D12DeviceConfiguration *configuration;
    D3D12_DEVICE_CONFIGURATION_DESC desc;
    IID iids[2];
    GUID guid;
    void *object;

    ck_assert_ptr_ne(factory, other);
    ck_assert_int_eq(ID3D12DeviceFactory_GetFlags(factory), D3D12_DEVICE_FACTORY_FLAG_NONE);
    ck_assert_int_eq(ID3D12DeviceFactory_SetFlags(factory, (D3D12_DEVICE_FACTORY_FLAGS)0x8), E_INVALIDARG);
    ck_assert_int_eq(ID3D12DeviceFactory_SetFlags(factory,
            D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE), E_INVALIDARG);
    ck_assert_int_eq(ID3D12DeviceFactory_GetFlags(factory), D3D12_DEVICE_FACTORY_FLAG_NONE);
    ck_assert_int_eq(ID3D12DeviceFactory_SetFlags(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE
            | D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE
            | D3D12_DEVICE_FACTORY_FLAG_DISALLOW_STORING_NEW_DEVICE_AS_SINGLETON), S_OK);
    ck_assert_int_eq(ID3D12DeviceFactory_GetFlags(factory), 0x7);
    /* Separate factories keep separate state. */
    ck_assert_int_eq(ID3D12DeviceFactory_GetFlags(other), D3D12_DEVICE_FACTORY_FLAG_NONE);

    /* The opt-in's class gives only its own interfaces (test_async_select.c); factory-local
     * tools settings are not served (the debug switch: test_factory_debug). */
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12AsyncCommandsFallback,
            &IID_ID3D12Device, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12Tools, &IID_ID3D12Tools,
            &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);

    /* Experimental features are factory-local. */
    iids[0] = D3D12ExperimentalShaderModels;
    iids[1] = D3D12AsyncCommandsExperiment;
    ck_assert_int_eq(ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 1, NULL, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 1, &IID_ID3D12Device, NULL, NULL),
            E_NOINTERFACE);
    ck_assert_uint_eq(experimental_count(factory), 0);
    ck_assert_int_eq(ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 2, iids, NULL, NULL), S_OK);
    ck_assert_uint_eq(experimental_count(factory), 2);
    ck_assert_uint_eq(experimental_count(other), 0);

    ck_assert_int_eq(ID3D12DeviceFactory_QueryInterface(factory, &IID_ID3D12DeviceConfiguration,
            (void **)&configuration), S_OK);
    desc = ID3D12DeviceConfiguration_GetDesc(configuration);
    ck_assert_uint_eq(desc.SDKVersion, D3D12_SDK_VERSION);
    ck_assert_int_eq(ID3D12DeviceConfiguration_GetEnabledExperimentalFeatures(configuration, &guid, 1), E_INVALIDARG);
    ck_assert_int_eq(ID3D12DeviceConfiguration_GetEnabledExperimentalFeatures(configuration, iids, 2), S_OK);
    ck_assert(!memcmp(&iids[0], &D3D12ExperimentalShaderModels, sizeof(GUID)));
    ck_assert(!memcmp(&iids[1], &D3D12AsyncCommandsExperiment, sizeof(GUID)));
    ID3D12DeviceConfiguration_Release(configuration);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12DeviceFactory_QueryInterface(factory, &IID_ID3D12Device, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);

    /* Arguments of CreateDevice. */
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_10_0, &IID_ID3D12Device,
            &object), E_INVALIDARG);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(ID3D12DeviceFactory_CreateDevice(factory, (IUnknown *)other, D3D_FEATURE_LEVEL_11_0,
            &IID_ID3D12Device, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            NULL), S_FALSE);

    ck_assert_uint_eq(ID3D12DeviceFactory_Release(other), 0);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
}
END_TEST

/* ---- Singleton rules --------------------------------------------------------------------------- */

START_TEST(test_singleton_global)
{
    static const GUID probe = {0x1badcafe, 0x1, 0x2, {3, 4, 5, 6, 7, 8, 9, 10}};
    ID3D12Device *device = create_device(), *device2;
    UINT size = sizeof(UINT), value = 42;

    device2 = create_device();
    ck_assert_ptr_eq(device, device2);
    ID3D12Device_Release(device2);

    /* The singleton goes with its device: the next one is a new device. */
    ck_assert_int_eq(ID3D12Device_SetPrivateData(device, &probe, sizeof(value), &value), S_OK);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
    device = create_device();
    ck_assert_int_eq(ID3D12Device_GetPrivateData(device, &probe, &size, &value), DXGI_ERROR_NOT_FOUND);

    /* Capability checks do not create anything. */
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL), S_FALSE);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_factory_flags_independent)
{
    ID3D12DeviceFactory *factory = create_factory();
    ID3D12Device *singleton, *device, *device2;

    /* NONE: this driver can have independent devices, so a new one every time. */
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &device), S_OK);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &device2), S_OK);
    ck_assert_ptr_ne(device, device2);
    /* Independent devices never become the singleton. */
    singleton = create_device();
    ck_assert_ptr_ne(singleton, device);
    ck_assert_ptr_ne(singleton, device2);
    ID3D12Device_Release(device2);

    /* DISALLOW_STORING changes nothing for a driver with independent devices. */
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_DISALLOW_STORING_NEW_DEVICE_AS_SINGLETON,
            &device2), S_OK);
    ck_assert_ptr_ne(device2, singleton);
    ID3D12Device_Release(device2);

    /* ALLOW_RETURNING_EXISTING: a blank factory is compatible with the default global state. */
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE, &device2),
            S_OK);
    ck_assert_ptr_eq(device2, singleton);
    ID3D12Device_Release(device2);
    ck_assert_int_eq(ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            NULL), S_FALSE);

    ID3D12Device_Release(device);
    ck_assert_uint_eq(ID3D12Device_Release(singleton), 0);
    /* Without a singleton, ALLOW_RETURNING_EXISTING creates an independent device. */
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE, &device),
            S_OK);
    singleton = create_device();
    ck_assert_ptr_ne(device, singleton);
    ID3D12Device_Release(singleton);
    ID3D12Device_Release(device);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
}
END_TEST

START_TEST(test_factory_flags_incompatible)
{
    IID shader_models = D3D12ExperimentalShaderModels;
    ID3D12DeviceFactory *factory = create_factory();
    ID3D12Device *singleton = create_device(), *device;

    /* The factory asks for a feature the singleton lacks. */
    ck_assert_int_eq(ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 1, &shader_models, NULL, NULL), S_OK);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE, &device),
            DXGI_ERROR_ALREADY_EXISTS);
    ck_assert_ptr_null(device);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE
            | D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE, &device), S_OK);
    ck_assert_ptr_eq(device, singleton);
    ck_assert_uint_eq(experimental_count(device), 0);
    ID3D12Device_Release(device);

    /* An independent device has the factory's configuration. */
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &device), S_OK);
    ck_assert_ptr_ne(device, singleton);
    ck_assert_uint_eq(experimental_count(device), 1);
    ID3D12Device_Release(device);

    /* A removed singleton is not handed out. */
    ID3D12Device5_RemoveDevice((ID3D12Device5 *)singleton);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE
            | D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE, &device),
            DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device),
            DXGI_ERROR_DEVICE_REMOVED);
    ID3D12Device_Release(singleton);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
}
END_TEST

START_TEST(test_decide)
{
    struct rt_factory_situation s;
    struct rt_factory_decision d;

    memset(&s, 0, sizeof(s));
    /* A driver with independent devices. */
    s.driver_independent = true;
    rt_factory_decide(&s, &d);
    ck_assert_int_eq(d.outcome, RT_FACTORY_CREATE_INDEPENDENT);
    s.existing = true;
    rt_factory_decide(&s, &d);
    ck_assert_int_eq(d.outcome, RT_FACTORY_CREATE_INDEPENDENT);
    s.flags = D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE;
    rt_factory_decide(&s, &d);
    ck_assert_int_eq(d.outcome, RT_FACTORY_FAIL);
    ck_assert_int_eq(d.hr, DXGI_ERROR_ALREADY_EXISTS);
    s.existing_compatible = true;
    rt_factory_decide(&s, &d);
    ck_assert_int_eq(d.outcome, RT_FACTORY_RETURN_EXISTING);
    s.existing_removed = true;
    rt_factory_decide(&s, &d);
    ck_assert_int_eq(d.outcome, RT_FACTORY_FAIL);
    ck_assert_int_eq(d.hr, DXGI_ERROR_DEVICE_REMOVED);

    /* A driver without them. */
    memset(&s, 0, sizeof(s));
    rt_factory_decide(&s, &d);
    ck_assert_int_eq(d.outcome, RT_FACTORY_CREATE_SINGLETON);
    s.flags = D3D12_DEVICE_FACTORY_FLAG_DISALLOW_STORING_NEW_DEVICE_AS_SINGLETON;
    rt_factory_decide(&s, &d);
    ck_assert_int_eq(d.outcome, RT_FACTORY_CREATE_AND_FAIL);
    ck_assert_int_eq(d.hr, DXGI_ERROR_UNSUPPORTED);
    s.existing = true;
    rt_factory_decide(&s, &d);
    ck_assert_int_eq(d.outcome, RT_FACTORY_FAIL);
    ck_assert_int_eq(d.hr, DXGI_ERROR_ALREADY_EXISTS);
    s.flags = D3D12_DEVICE_FACTORY_FLAG_NONE;
    rt_factory_decide(&s, &d);
    ck_assert_int_eq(d.outcome, RT_FACTORY_FAIL);
    ck_assert_int_eq(d.hr, DXGI_ERROR_ALREADY_EXISTS);
    s.flags = D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE
            | D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE;
    rt_factory_decide(&s, &d);
    ck_assert_int_eq(d.outcome, RT_FACTORY_RETURN_EXISTING);
}
END_TEST

START_TEST(test_compatible)
{
    struct rt_startup_options existing, requested;

    memset(&existing, 0, sizeof(existing));
    existing.sdk_version = 606;
    requested = existing;
    ck_assert(rt_startup_options_compatible(&existing, &requested));
    requested.sdk_version = 600;
    ck_assert(rt_startup_options_compatible(&existing, &requested));
    requested.sdk_version = 610;
    ck_assert(!rt_startup_options_compatible(&existing, &requested));

    requested = existing;
    requested.debug_layer = true;
    requested.device_flags = D3D12_DEVICE_FLAG_DEBUG_LAYER_ENABLED;
    ck_assert(!rt_startup_options_compatible(&existing, &requested));
    requested = existing;
    requested.gpu_based_validation_flags = 1;
    ck_assert(!rt_startup_options_compatible(&existing, &requested));

    /* DRED: the existing device may have more. */
    existing.device_flags = D3D12_DEVICE_FLAG_DRED_AUTO_BREADCRUMBS_ENABLED
            | D3D12_DEVICE_FLAG_DRED_PAGE_FAULT_REPORTING_ENABLED;
    requested = existing;
    requested.device_flags = D3D12_DEVICE_FLAG_DRED_AUTO_BREADCRUMBS_ENABLED;
    ck_assert(rt_startup_options_compatible(&existing, &requested));
    requested.device_flags = D3D12_DEVICE_FLAG_DRED_WATSON_REPORTING_ENABLED;
    ck_assert(!rt_startup_options_compatible(&existing, &requested));

    /* Experimental features: all requested ones. */
    requested = existing;
    existing.experimental_features = RT_EXPERIMENTAL_SHADER_MODELS | RT_EXPERIMENTAL_ASYNC_COMMANDS;
    requested.experimental_features = RT_EXPERIMENTAL_ASYNC_COMMANDS;
    ck_assert(rt_startup_options_compatible(&existing, &requested));
    requested.experimental_features = RT_EXPERIMENTAL_TILED_RESOURCE_TIER4;
    ck_assert(!rt_startup_options_compatible(&existing, &requested));

    /* Seed 000: a different fallback opt-in is a different device. */
    requested = existing;
    requested.async_commands_fallback_enabled = true;
    ck_assert(!rt_startup_options_compatible(&existing, &requested));
}
END_TEST

/* ---- Global configuration ------------------------------------------------------------------------ */

START_TEST(test_experimental_features_global)
{
    IID features[2] = {D3D12ExperimentalShaderModels, D3D12TiledResourceTier4};
    ID3D12Device *device = create_device(), *independent, *device2;
    ID3D12DeviceFactory *factory = create_factory();
    IID unknown = IID_ID3D12Device;

    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &independent), S_OK);
    ck_assert_int_eq(D3D12EnableExperimentalFeatures(1, &unknown, NULL, NULL), E_NOINTERFACE);
    ck_assert_int_eq(D3D12EnableExperimentalFeatures(1, NULL, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(D3D12EnableExperimentalFeatures(0, NULL, NULL, NULL), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device), S_OK);

    /* A different set removes every device in the process. */
    ck_assert_int_eq(D3D12EnableExperimentalFeatures(2, features, NULL, NULL), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(independent), DXGI_ERROR_DEVICE_REMOVED);
    /* The removed singleton holds its slot until it is released. */
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device2),
            DXGI_ERROR_DEVICE_REMOVED);
    ID3D12Device_Release(device);
    device2 = create_device();
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device2), S_OK);
    ck_assert_uint_eq(experimental_count(device2), 2);
    /* The same set again changes nothing. */
    ck_assert_int_eq(D3D12EnableExperimentalFeatures(2, features, NULL, NULL), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device2), S_OK);

    /* A factory can start from the global state. */
    ck_assert_uint_eq(experimental_count(factory), 0);
    ck_assert_int_eq(ID3D12DeviceFactory_InitializeFromGlobalState(factory), S_OK);
    ck_assert_uint_eq(experimental_count(factory), 2);

    ID3D12Device_Release(device2);
    ID3D12Device_Release(independent);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
}
END_TEST

START_TEST(test_apply_to_global_state)
{
    IID shader_models = D3D12ExperimentalShaderModels;
    ID3D12DeviceFactory *factory = create_factory(), *old_factory;
    ID3D12Device *device = create_device(), *device2;
    ID3D12SDKConfiguration1 *sdk;

    /* Unchanged state: the singleton stays. */
    ck_assert_int_eq(ID3D12DeviceFactory_ApplyToGlobalState(factory), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device), S_OK);

    ck_assert_int_eq(ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 1, &shader_models, NULL, NULL), S_OK);
    ck_assert_int_eq(ID3D12DeviceFactory_ApplyToGlobalState(factory), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device2),
            DXGI_ERROR_DEVICE_REMOVED);
    ID3D12Device_Release(device);
    device2 = create_device();
    ck_assert_uint_eq(experimental_count(device2), 1);

    /* The global SDK version is never downgraded. */
    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1, (void **)&sdk),
            S_OK);
    ck_assert_int_eq(ID3D12SDKConfiguration1_CreateDeviceFactory(sdk, D3D12_SDK_VERSION - 6, "",
            &IID_ID3D12DeviceFactory, (void **)&old_factory), S_OK);
    ck_assert_int_eq(ID3D12DeviceFactory_ApplyToGlobalState(old_factory), D3D12_ERROR_INVALID_REDIST);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device2), S_OK);
    ck_assert_int_eq(ID3D12SDKConfiguration1_SetSDKVersion(sdk, D3D12_SDK_VERSION + 1, ""),
            D3D12_ERROR_INVALID_REDIST);
    ck_assert_int_eq(ID3D12SDKConfiguration1_SetSDKVersion(sdk, D3D12_SDK_VERSION, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12SDKConfiguration1_SetSDKVersion(sdk, D3D12_SDK_VERSION, ""), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device2), S_OK);

    ID3D12DeviceFactory_Release(old_factory);
    ID3D12SDKConfiguration1_Release(sdk);
    ID3D12Device_Release(device2);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
}
END_TEST

START_TEST(test_root_signature_exports)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC versioned;
    D3D12_ROOT_SIGNATURE_DESC desc;
    ID3DBlob *blob, *error;
    DWORD data[4] = {0};
    void *object;

    memset(&desc, 0, sizeof(desc));
    memset(&versioned, 0, sizeof(versioned));
    versioned.Version = D3D_ROOT_SIGNATURE_VERSION_1_0;
    blob = error = (ID3DBlob *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, &error), S_OK);
    ck_assert_ptr_nonnull(blob);
    ck_assert_ptr_null(error);
    ID3D10Blob_Release(blob);
    ck_assert_int_eq(D3D12SerializeRootSignature(NULL, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, NULL), E_INVALIDARG);
    ck_assert_ptr_null(blob);
    ck_assert_int_eq(D3D12SerializeVersionedRootSignature(&versioned, &blob, NULL), S_OK);
    ck_assert_ptr_nonnull(blob);
    ID3D10Blob_Release(blob);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(D3D12CreateRootSignatureDeserializer(data, sizeof(data), &IID_ID3D12RootSignatureDeserializer,
            &object), E_INVALIDARG);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(D3D12CreateVersionedRootSignatureDeserializer(NULL, 0,
            &IID_ID3D12VersionedRootSignatureDeserializer, &object), E_INVALIDARG);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("factory");
    TCase *tc;

    tc = tcase_create("objects");
    tcase_add_test(tc, test_get_interface);
    tcase_add_test(tc, test_factory_object);
    tcase_add_test(tc, test_factory_debug);
    tcase_add_test(tc, test_root_signature_exports);
    suite_add_tcase(suite, tc);

    tc = tcase_create("singleton");
    tcase_add_test(tc, test_singleton_global);
    tcase_add_test(tc, test_factory_flags_independent);
    tcase_add_test(tc, test_factory_flags_incompatible);
    tcase_add_test(tc, test_decide);
    tcase_add_test(tc, test_compatible);
    suite_add_tcase(suite, tc);

    tc = tcase_create("global");
    tcase_add_test(tc, test_experimental_features_global);
    tcase_add_test(tc, test_apply_to_global_state);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, NULL);
}
