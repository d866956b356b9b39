/*
 * Choosing the Async Commands implementation (seed 000): the pure rule over all sixteen
 * {native, Enhanced Barriers, opt-in, forced} combinations, the same combinations on real
 * devices (DDI spy masks × the factory's opt-in × a forcing config file), the
 * ID3D12AsyncCommandsFallback object, the singleton rules around the opt-in, the
 * QueryInterface rules of the command list's Async faces, the preview's experimental
 * feature, and d3d12info's report (the built binary, D3D12INFO_BIN).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* popen, pclose, unsetenv in strict C11 */
#endif

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "test_device.h"
#include "test_config_guard.h"
#include "rt_adapter.h"
#include "rt_async_select.h"
#include "rt_device.h"
#include "rt_info.h"
#include "ddi_spy.h"
#include "test_run.h"

#define NS D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED
#define FB D3D12_ASYNC_COMMANDS_IMPL_FALLBACK
#define NA D3D12_ASYNC_COMMANDS_IMPL_NATIVE

#define FORCE_ON "[device]\nforce-async-commands-fallback = true\n"
#define FORCE_OFF "[device]\nforce-async-commands-fallback = false\n"

#define NATIVE_REASON "driver reports native Async Commands, feature version 1"
#define NO_EFFECT_FORCED "; forcing the fallback has no effect: driver lacks Enhanced Barriers"
#define NATIVE_OPTED "; the opt-in does not override native support"

/* Seed 000's rules, written out: row i has native = bit 3, barriers = bit 2, opted in =
 * bit 1, forced = bit 0. */
static const struct combination
{
    bool native, barriers, opted_in, forced;
    D3D12_ASYNC_COMMANDS_IMPL impl;
    const char *reason;
}
combinations[16] =
{
    {false, false, false, false, NS, "driver has no native Async Commands"},
    {false, false, false, true,  NS, "driver lacks Enhanced Barriers; forcing the fallback has no effect"},
    {false, false, true,  false, NS, "driver lacks Enhanced Barriers, which the fallback needs"},
    {false, false, true,  true,  NS, "driver lacks Enhanced Barriers; forcing the fallback has no effect"},
    {false, true,  false, false, NS, "driver has no native Async Commands"},
    {false, true,  false, true,  FB, "forced by d3dconfig"},
    {false, true,  true,  false, FB, "application opted in; driver has no native Async Commands"},
    {false, true,  true,  true,  FB, "forced by d3dconfig"},
    {true,  false, false, false, NA, NATIVE_REASON},
    {true,  false, false, true,  NA, NATIVE_REASON NO_EFFECT_FORCED},
    {true,  false, true,  false, NA, NATIVE_REASON NATIVE_OPTED},
    {true,  false, true,  true,  NA, NATIVE_REASON NO_EFFECT_FORCED},
    {true,  true,  false, false, NA, NATIVE_REASON},
    {true,  true,  false, true,  FB, "forced by d3dconfig; the driver's native Async Commands are bypassed"},
    {true,  true,  true,  false, NA, NATIVE_REASON NATIVE_OPTED},
    {true,  true,  true,  true,  FB, "forced by d3dconfig; the driver's native Async Commands are bypassed"},
};

/* ---- Helpers ------------------------------------------------------------------------------ */

static struct ddi_spy_masks driver_masks(bool native, bool barriers)
{
    struct ddi_spy_masks masks;

    memset(&masks, 0, sizeof(masks));
    masks.max_tiled_resources_tier = -1;
    /* The built-in driver advertises its complete Async table: hiding the caps stands
     * for a driver without one (forcing them keeps a native driver's answer). */
    masks.hide_async_commands = !native;
    masks.force_async_commands = native;
    masks.hide_enhanced_barriers = !barriers;
    return masks;
}

/* Installs a recording spy that reshapes every adapter opened until spy_remove. */
static struct ddi_spy *spy_install(bool native, bool barriers)
{
    struct ddi_spy_masks masks = driver_masks(native, barriers);
    struct ddi_spy *spy = ddi_spy_create(&masks, false);

    ck_assert_ptr_nonnull(spy);
    rt_testing_set_driver_spy(spy);
    return spy;
}

static void spy_remove(struct ddi_spy *spy)
{
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}

static ID3D12DeviceFactory *create_factory(void)
{
    ID3D12DeviceFactory *factory = NULL;

    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory), S_OK);
    ck_assert_ptr_nonnull(factory);
    return factory;
}

static ID3D12AsyncCommandsFallback *get_fallback(ID3D12DeviceFactory *factory)
{
    ID3D12AsyncCommandsFallback *fallback = NULL;

    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12AsyncCommandsFallback,
            &IID_ID3D12AsyncCommandsFallback, (void **)&fallback), S_OK);
    ck_assert_ptr_nonnull(fallback);
    return fallback;
}

static void set_opt_in(ID3D12DeviceFactory *factory, BOOL enable)
{
    ID3D12AsyncCommandsFallback *fallback = get_fallback(factory);

    ck_assert_int_eq(ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(fallback, enable), S_OK);
    ID3D12AsyncCommandsFallback_Release(fallback);
}

static BOOL get_opt_in(ID3D12DeviceFactory *factory)
{
    ID3D12AsyncCommandsFallback *fallback = get_fallback(factory);
    BOOL enabled = ID3D12AsyncCommandsFallback_GetFallbackLayerEnabled(fallback);

    ID3D12AsyncCommandsFallback_Release(fallback);
    return enabled;
}

static HRESULT factory_create(ID3D12DeviceFactory *factory, D3D12_DEVICE_FACTORY_FLAGS flags, ID3D12Device **device)
{
    ck_assert_int_eq(ID3D12DeviceFactory_SetFlags(factory, flags), S_OK);
    *device = (ID3D12Device *)(uintptr_t)0xdeadbeef;
    return ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)device);
}

static ID3D12Device *create_global_device(void)
{
    ID3D12Device *device = NULL;

    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    ck_assert_ptr_nonnull(device);
    return device;
}

/* A new independent device from a fresh factory with the given opt-in. */
static ID3D12Device *create_opted_device(BOOL opt_in)
{
    ID3D12DeviceFactory *factory = create_factory();
    ID3D12Device *device;

    set_opt_in(factory, opt_in);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &device), S_OK);
    ID3D12DeviceFactory_Release(factory);
    return device;
}

static D3D12_ASYNC_COMMANDS_IMPL device_impl(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_ASYNC_COMMANDS data;

    data.Impl = (D3D12_ASYNC_COMMANDS_IMPL)0xdead;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_ASYNC_COMMANDS, &data, sizeof(data)),
            S_OK);
    return data.Impl;
}

static void device_reason(ID3D12Device *device, char *reason, size_t size)
{
    struct rt_device_report report;

    ck_assert_int_eq(rt_device_get_report(device, &report), S_OK);
    snprintf(reason, size, "%s", report.async_reason);
}

/* D3D12_DEVICE_CONFIGURATION_DESC::Flags of a device or a factory. */
static D3D12_DEVICE_FLAGS configuration_flags(void *object)
{
    ID3D12DeviceConfiguration *configuration;
    D3D12_DEVICE_CONFIGURATION_DESC desc;

    ck_assert_int_eq(IUnknown_QueryInterface((IUnknown *)object, &IID_ID3D12DeviceConfiguration,
            (void **)&configuration), S_OK);
    desc = ID3D12DeviceConfiguration_GetDesc(configuration);
    ID3D12DeviceConfiguration_Release(configuration);
    return desc.Flags;
}

static bool opted_in_flag(void *object)
{
    return !!(configuration_flags(object) & D3D12_DEVICE_FLAG_ASYNC_COMMANDS_FALLBACK_ENABLED);
}

#define check_impl(device, impl, reason) check_impl_(__LINE__, device, impl, reason)
static void check_impl_(unsigned int line, ID3D12Device *device, D3D12_ASYNC_COMMANDS_IMPL impl, const char *reason)
{
    D3D12_ASYNC_COMMANDS_IMPL actual = device_impl(device);
    char actual_reason[160];

    device_reason(device, actual_reason, sizeof(actual_reason));
    ck_assert_msg(actual == impl, "line %u: Impl %d, expected %d (%s)", line, actual, impl, actual_reason);
    ck_assert_msg(!strcmp(actual_reason, reason), "line %u: reason \"%s\", expected \"%s\"", line,
            actual_reason, reason);
}

/* ---- The rule on its own -------------------------------------------------------------------------- */

START_TEST(test_select_pure)
{
    struct rt_async_selection selection;
    struct rt_async_inputs inputs;
    unsigned int i;

    for (i = 0; i < 16; ++i)
    {
        const struct combination *c = &combinations[i];

        ck_assert_uint_eq(c->native, !!(i & 8));
        ck_assert_uint_eq(c->barriers, !!(i & 4));
        ck_assert_uint_eq(c->opted_in, !!(i & 2));
        ck_assert_uint_eq(c->forced, !!(i & 1));
        inputs.driver_native = c->native;
        inputs.feature_version = c->native ? 1 : 0;
        inputs.enhanced_barriers = c->barriers;
        inputs.opted_in = c->opted_in;
        inputs.forced = c->forced;
        memset(&selection, 0xcc, sizeof(selection));
        rt_async_select(&inputs, &selection);
        ck_assert_msg(selection.impl == c->impl, "combination %u: Impl %d, expected %d", i, selection.impl, c->impl);
        ck_assert_str_eq(selection.reason, c->reason);
    }

    /* The reason names the driver's feature version. */
    inputs.driver_native = true;
    inputs.feature_version = 2;
    inputs.enhanced_barriers = true;
    inputs.opted_in = false;
    inputs.forced = false;
    rt_async_select(&inputs, &selection);
    ck_assert_int_eq(selection.impl, NA);
    ck_assert_str_eq(selection.reason, "driver reports native Async Commands, feature version 2");

    ck_assert_str_eq(rt_async_impl_name(NS), "NOT_SUPPORTED");
    ck_assert_str_eq(rt_async_impl_name(FB), "FALLBACK");
    ck_assert_str_eq(rt_async_impl_name(NA), "NATIVE");
}
END_TEST

/* ---- The same sixteen combinations on real devices ----------------------------------------------- */

START_TEST(test_select_device)
{
    const struct combination *c = &combinations[_i];
    D3D12_FEATURE_DATA_D3D12_OPTIONS12 options12;
    struct test_config_guard guard;
    ID3D12DeviceFactory *factory;
    struct rt_device *impl;
    ID3D12Device *device;
    struct ddi_spy *spy;

    spy = spy_install(c->native, c->barriers);
    test_config_guard_begin(&guard, c->forced ? FORCE_ON : FORCE_OFF);
    factory = create_factory();
    set_opt_in(factory, c->opted_in);
    if (c->opted_in)
        ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &device), S_OK);
    else
        device = create_global_device();   /* the global path: no opt-in there by default */

    /* The masks did reshape the driver. */
    memset(&options12, 0, sizeof(options12));
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS12, &options12,
            sizeof(options12)), S_OK);
    ck_assert_int_eq(!!options12.EnhancedBarriersSupported, c->barriers);
    check_impl(device, c->impl, c->reason);

    /* The two settings are kept apart: the configuration shows the opt-in only. */
    impl = rt_device_from_iface(device);
    ck_assert_int_eq(impl->startup.async_commands_fallback_enabled, c->opted_in);
    ck_assert_int_eq(impl->startup.async_commands_force_fallback, c->forced);
    ck_assert_int_eq(opted_in_flag(device), c->opted_in);
    ck_assert_int_eq(!!get_opt_in(factory), c->opted_in);

    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
    test_config_guard_end(&guard);
    spy_remove(spy);
}
END_TEST

/* Forcing is read at each creation; a device keeps the choice it was created with. */
START_TEST(test_select_once_per_creation)
{
    struct test_config_guard guard;
    ID3D12Device *forced, *plain;
    struct ddi_spy *spy;

    spy = spy_install(false, true);
    test_config_guard_begin(&guard, FORCE_ON);
    forced = create_opted_device(FALSE);
    check_impl(forced, FB, "forced by d3dconfig");
    test_config_guard_end(&guard);

    /* No configuration file at all: nothing forced. */
    test_config_guard_begin(&guard, NULL);
    plain = create_opted_device(FALSE);
    check_impl(plain, NS, "driver has no native Async Commands");
    check_impl(forced, FB, "forced by d3dconfig");
    ck_assert(!opted_in_flag(forced));
    test_config_guard_end(&guard);

    ID3D12Device_Release(plain);
    ID3D12Device_Release(forced);
    spy_remove(spy);
}
END_TEST

/* ---- ID3D12AsyncCommandsFallback -------------------------------------------------------------------- */

START_TEST(test_fallback_object)
{
    ID3D12AsyncCommandsFallback *fallback, *fallback2;
    ID3D12DeviceFactory *factory = create_factory(), *other = create_factory();
    void *object;

    /* The class's interfaces, and nothing else. */
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12AsyncCommandsFallback,
            &IID_ID3D12Device, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    /* A NULL output only checks: S_FALSE, as Microsoft's factory answers for the classes it
     * serves (vkd3d-proton's test_device_factory, observed on Windows), nothing created. */
    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12AsyncCommandsFallback,
            &IID_ID3D12AsyncCommandsFallback, NULL), S_FALSE);
    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12AsyncCommandsFallback,
            &IID_ID3D12Device, NULL), E_NOINTERFACE);
    ck_assert_uint_eq(get_refcount(factory), 1);
    ck_assert_int_eq(ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12AsyncCommandsFallback,
            &IID_IUnknown, &object), S_OK);
    ck_assert_int_eq(IUnknown_QueryInterface((IUnknown *)object, &IID_ID3D12AsyncCommandsFallback,
            (void **)&fallback), S_OK);
    ck_assert_ptr_eq(fallback, object);
    ck_assert_uint_eq(IUnknown_Release((IUnknown *)object), 1);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_QueryInterface(fallback, &IID_ID3D12DeviceFactory, &object),
            E_NOINTERFACE);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_QueryInterface(fallback, &IID_IUnknown, NULL), E_POINTER);

    /* Off by default; any non-zero BOOL turns it on. */
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_GetFallbackLayerEnabled(fallback), FALSE);
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(fallback, 2), S_OK);
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_GetFallbackLayerEnabled(fallback), TRUE);

    /* Factory-local: objects of one factory share its setting, other factories keep theirs. */
    fallback2 = get_fallback(factory);
    ck_assert_ptr_ne(fallback2, fallback);
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_GetFallbackLayerEnabled(fallback2), TRUE);
    ck_assert_int_eq(get_opt_in(other), FALSE);
    ck_assert(opted_in_flag(factory));
    ck_assert(!opted_in_flag(other));
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(fallback2, FALSE), S_OK);
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_GetFallbackLayerEnabled(fallback), FALSE);
    ck_assert(!opted_in_flag(factory));
    ID3D12AsyncCommandsFallback_Release(fallback2);

    /* The object keeps its factory alive. */
    ck_assert_uint_eq(get_refcount(factory), 2);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 1);
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(fallback, TRUE), S_OK);
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_GetFallbackLayerEnabled(fallback), TRUE);
    ck_assert_uint_eq(ID3D12AsyncCommandsFallback_Release(fallback), 0);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(other), 0);
}
END_TEST

START_TEST(test_fallback_copied_at_creation)
{
    ID3D12DeviceFactory *factory = create_factory();
    ID3D12AsyncCommandsFallback *fallback = get_fallback(factory);
    ID3D12Device *before, *opted, *after;
    struct test_config_guard guard;
    struct ddi_spy *spy;

    spy = spy_install(false, true);
    test_config_guard_begin(&guard, FORCE_OFF);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &before), S_OK);
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(fallback, TRUE), S_OK);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &opted), S_OK);
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(fallback, FALSE), S_OK);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &after), S_OK);

    /* The setting has to be in place before the device is created. */
    check_impl(before, NS, "driver has no native Async Commands");
    check_impl(opted, FB, "application opted in; driver has no native Async Commands");
    check_impl(after, NS, "driver has no native Async Commands");
    ck_assert(!opted_in_flag(before));
    ck_assert_uint_eq(configuration_flags(opted), D3D12_DEVICE_FLAG_ASYNC_COMMANDS_FALLBACK_ENABLED);
    ck_assert(!opted_in_flag(after));
    test_config_guard_end(&guard);

    /* Forcing never shows as the opt-in, and never changes what the application asked for. */
    test_config_guard_begin(&guard, FORCE_ON);
    ID3D12Device_Release(after);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &after), S_OK);
    check_impl(after, FB, "forced by d3dconfig");
    ck_assert(!opted_in_flag(after));
    ck_assert_int_eq(ID3D12AsyncCommandsFallback_GetFallbackLayerEnabled(fallback), FALSE);
    ck_assert(!opted_in_flag(factory));
    test_config_guard_end(&guard);

    ID3D12Device_Release(after);
    ID3D12Device_Release(opted);
    ID3D12Device_Release(before);
    ID3D12AsyncCommandsFallback_Release(fallback);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
    spy_remove(spy);
}
END_TEST

/* ---- Singleton interactions ------------------------------------------------------------------------- */

/* A singleton without the opt-in; an opted-in factory asks for it. */
START_TEST(test_singleton_different_opt_in)
{
    ID3D12DeviceFactory *factory = create_factory(), *separate = create_factory();
    ID3D12Device *singleton, *device;
    struct ddi_spy *spy;

    spy = spy_install(false, true);
    singleton = create_global_device();
    check_impl(singleton, NS, "driver has no native Async Commands");
    set_opt_in(factory, TRUE);

    /* Through the singleton path: a different opt-in is not compatible. */
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE, &device),
            DXGI_ERROR_ALREADY_EXISTS);
    ck_assert_ptr_null(device);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE
            | D3D12_DEVICE_FACTORY_FLAG_DISALLOW_STORING_NEW_DEVICE_AS_SINGLETON, &device),
            DXGI_ERROR_ALREADY_EXISTS);
    ck_assert_ptr_null(device);

    /* The ways around it: DISALLOW_STORING (a new device that is not the singleton)... */
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_DISALLOW_STORING_NEW_DEVICE_AS_SINGLETON,
            &device), S_OK);
    ck_assert_ptr_ne(device, singleton);
    check_impl(device, FB, "application opted in; driver has no native Async Commands");
    ck_assert(opted_in_flag(device));
    ID3D12Device_Release(device);
    /* ...or a separate factory. */
    set_opt_in(separate, TRUE);
    ck_assert_int_eq(factory_create(separate, D3D12_DEVICE_FACTORY_FLAG_NONE, &device), S_OK);
    ck_assert_ptr_ne(device, singleton);
    check_impl(device, FB, "application opted in; driver has no native Async Commands");
    ID3D12Device_Release(device);

    /* Taking any existing device gives the singleton with its own setting. */
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE
            | D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE, &device), S_OK);
    ck_assert_ptr_eq(device, singleton);
    ck_assert(!opted_in_flag(device));
    ID3D12Device_Release(device);

    /* None of this touched the singleton; the same setting is compatible. */
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(singleton), S_OK);
    device = create_global_device();
    ck_assert_ptr_eq(device, singleton);
    ID3D12Device_Release(device);
    set_opt_in(factory, FALSE);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE, &device),
            S_OK);
    ck_assert_ptr_eq(device, singleton);
    ID3D12Device_Release(device);

    ck_assert_uint_eq(ID3D12Device_Release(singleton), 0);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(separate), 0);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
    spy_remove(spy);
}
END_TEST

/* The global path carries the opt-in: ApplyToGlobalState replays it, InitializeFromGlobalState
 * imports it. */
START_TEST(test_singleton_global_opt_in)
{
    ID3D12DeviceFactory *factory = create_factory(), *plain = create_factory(), *imported = create_factory();
    ID3D12Device *old_singleton, *singleton, *device, *independent;
    struct ddi_spy *spy;

    spy = spy_install(false, true);
    old_singleton = create_global_device();
    independent = create_opted_device(FALSE);
    set_opt_in(factory, TRUE);

    /* Unchanged global state removes nothing. */
    ck_assert_int_eq(ID3D12DeviceFactory_ApplyToGlobalState(plain), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(old_singleton), S_OK);

    /* A change of the opt-in is a change of global state: the singleton is removed, and
     * creating another through D3D12CreateDevice fails while it is alive (seed 000); once
     * it is released, the next one has the opt-in. Independent devices stay. */
    ck_assert_int_eq(ID3D12DeviceFactory_ApplyToGlobalState(factory), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(old_singleton), DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(independent), S_OK);
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device),
            DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_ptr_null(device);
    ID3D12Device_Release(old_singleton);
    singleton = create_global_device();
    check_impl(singleton, FB, "application opted in; driver has no native Async Commands");
    ck_assert(opted_in_flag(singleton));
    /* Applying the same state again changes nothing. */
    ck_assert_int_eq(ID3D12DeviceFactory_ApplyToGlobalState(factory), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(singleton), S_OK);

    /* A blank factory asks for no opt-in: incompatible with this singleton. */
    ck_assert_int_eq(factory_create(plain, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE, &device),
            DXGI_ERROR_ALREADY_EXISTS);
    ck_assert_ptr_null(device);
    /* Starting from the global state gets the opt-in, and the singleton back. */
    ck_assert_int_eq(get_opt_in(imported), FALSE);
    ck_assert_int_eq(ID3D12DeviceFactory_InitializeFromGlobalState(imported), S_OK);
    ck_assert_int_eq(get_opt_in(imported), TRUE);
    ck_assert(opted_in_flag(imported));
    ck_assert_int_eq(factory_create(imported, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE, &device),
            S_OK);
    ck_assert_ptr_eq(device, singleton);
    ID3D12Device_Release(device);

    /* Turning it off through the global state removes the opted-in singleton in turn. */
    ck_assert_int_eq(ID3D12DeviceFactory_ApplyToGlobalState(plain), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(singleton), DXGI_ERROR_DEVICE_REMOVED);
    ID3D12Device_Release(singleton);
    device = create_global_device();
    check_impl(device, NS, "driver has no native Async Commands");
    ck_assert(!opted_in_flag(device));
    ID3D12Device_Release(device);

    ID3D12Device_Release(independent);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(imported), 0);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(plain), 0);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
    spy_remove(spy);
}
END_TEST

/* Forcing is not part of a device's configuration: the singleton is handed back whatever the
 * file says now, and keeps the Impl it was created with. */
START_TEST(test_singleton_forcing_not_compatibility)
{
    ID3D12DeviceFactory *factory = create_factory();
    struct test_config_guard guard;
    ID3D12Device *singleton, *device;
    struct ddi_spy *spy;

    spy = spy_install(false, true);
    test_config_guard_begin(&guard, FORCE_OFF);
    singleton = create_global_device();
    check_impl(singleton, NS, "driver has no native Async Commands");
    test_config_guard_end(&guard);

    test_config_guard_begin(&guard, FORCE_ON);
    device = create_global_device();
    ck_assert_ptr_eq(device, singleton);
    check_impl(device, NS, "driver has no native Async Commands");
    ID3D12Device_Release(device);
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE, &device),
            S_OK);
    ck_assert_ptr_eq(device, singleton);
    ID3D12Device_Release(device);
    /* A new device reads the file. */
    ck_assert_int_eq(factory_create(factory, D3D12_DEVICE_FACTORY_FLAG_NONE, &device), S_OK);
    check_impl(device, FB, "forced by d3dconfig");
    ID3D12Device_Release(device);
    ck_assert_uint_eq(ID3D12Device_Release(singleton), 0);
    /* So does the next singleton. */
    singleton = create_global_device();
    check_impl(singleton, FB, "forced by d3dconfig");
    test_config_guard_end(&guard);

    ck_assert_uint_eq(ID3D12Device_Release(singleton), 0);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
    spy_remove(spy);
}
END_TEST

/* ---- The command list's Async faces ------------------------------------------------------------------ */

/* Devices of each Impl: NOT_SUPPORTED, FALLBACK (opted in), NATIVE. */
static ID3D12Device *create_impl_device(unsigned int which, struct ddi_spy **spy)
{
    static const D3D12_ASYNC_COMMANDS_IMPL impls[] = {NS, FB, NA};
    ID3D12Device *device;

    *spy = spy_install(which == 2, true);
    device = create_opted_device(which == 1);
    ck_assert_int_eq(device_impl(device), impls[which]);
    return device;
}

START_TEST(test_query_interface)
{
    static const D3D12_COMMAND_LIST_TYPE types[] =
    {
        D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE,
        D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_LIST_TYPE_BUNDLE,
    };
    ID3D12CommandListAsyncCommands *async;
    ID3D12GraphicsCommandList12 *list12;
    ID3D12GraphicsCommandList *list;
    ID3D12CommandAllocator *allocator;
    IUnknown *unknown, *unknown2;
    ID3D12Device *device;
    struct ddi_spy *spy;
    unsigned int i;
    HRESULT hr;

    device = create_impl_device(_i, &spy);
    for (i = 0; i < RT_ARRAY_SIZE(types); ++i)
    {
        ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(device, types[i], &IID_ID3D12CommandAllocator,
                (void **)&allocator), S_OK);
        ck_assert_int_eq(ID3D12Device_CreateCommandList(device, 0, types[i], allocator, NULL,
                &IID_ID3D12GraphicsCommandList, (void **)&list), S_OK);

        /* The retail interface: always. */
        ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(list, &IID_ID3D12GraphicsCommandList12,
                (void **)&list12), S_OK);
        ck_assert_ptr_eq(list12, (void *)list);
        ID3D12GraphicsCommandList12_Release(list12);

        /* The preview interface: where the ten methods can run. */
        async = (ID3D12CommandListAsyncCommands *)(uintptr_t)0xdeadbeef;
        hr = ID3D12GraphicsCommandList_QueryInterface(list, &IID_ID3D12CommandListAsyncCommands, (void **)&async);
        if (_i == 0)
        {
            ck_assert_int_eq(hr, E_NOINTERFACE);
            ck_assert_ptr_null(async);
        }
        else
        {
            ck_assert_int_eq(hr, S_OK);
            ck_assert_ptr_ne(async, (void *)list);
            ck_assert_uint_eq(get_refcount(list), 2);
            /* One object: the same IUnknown and the way back to the list. */
            ck_assert_int_eq(ID3D12CommandListAsyncCommands_QueryInterface(async, &IID_IUnknown,
                    (void **)&unknown), S_OK);
            ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(list, &IID_IUnknown, (void **)&unknown2),
                    S_OK);
            ck_assert_ptr_eq(unknown, unknown2);
            IUnknown_Release(unknown2);
            IUnknown_Release(unknown);
            ck_assert_int_eq(ID3D12CommandListAsyncCommands_QueryInterface(async, &IID_ID3D12GraphicsCommandList12,
                    (void **)&list12), S_OK);
            ck_assert_ptr_eq(list12, (void *)list);
            ID3D12GraphicsCommandList12_Release(list12);
            ck_assert_uint_eq(ID3D12CommandListAsyncCommands_Release(async), 1);
        }

        ck_assert_uint_eq(ID3D12GraphicsCommandList_Release(list), 0);
        ID3D12CommandAllocator_Release(allocator);
    }
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
    spy_remove(spy);
}
END_TEST

struct face_result
{
    HRESULT close;
    size_t native_calls;     /* pfnCopyBufferRegions */
    size_t legacy_calls;     /* pfnCopyBufferRegion */
};

/* One CopyBufferRegions of two regions through the retail or the preview face. */
static void copy_through(ID3D12GraphicsCommandList *list, ID3D12CommandAllocator *allocator, bool preview,
        ID3D12Resource *dst, ID3D12Resource *src, struct ddi_spy *spy, struct face_result *result)
{
    ID3D12Resource *dsts[2] = {dst, dst}, *srcs[2] = {src, src};
    UINT64 dst_offsets[2] = {0, 64}, src_offsets[2] = {128, 0}, sizes[2] = {32, 16};
    ID3D12CommandListAsyncCommands *async;
    ID3D12GraphicsCommandList12 *list12;
    size_t first;

    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(list, allocator, NULL), S_OK);
    first = ddi_spy_call_count(spy);
    if (preview)
    {
        ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(list, &IID_ID3D12CommandListAsyncCommands,
                (void **)&async), S_OK);
        ID3D12CommandListAsyncCommands_CopyBufferRegions(async, 2, dsts, dst_offsets, srcs, src_offsets, sizes);
        ID3D12CommandListAsyncCommands_Release(async);
    }
    else
    {
        ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(list, &IID_ID3D12GraphicsCommandList12,
                (void **)&list12), S_OK);
        ID3D12GraphicsCommandList12_CopyBufferRegions(list12, 2, dsts, dst_offsets, srcs, src_offsets, sizes);
        ID3D12GraphicsCommandList12_Release(list12);
    }
    result->close = ID3D12GraphicsCommandList_Close(list);
    result->native_calls = ddi_spy_count_since(spy, first, "CopyBufferRegions");
    result->legacy_calls = ddi_spy_count_since(spy, first, "CopyBufferRegion");
}

/* The preview face reaches the same implementation as ID3D12GraphicsCommandList12. */
START_TEST(test_same_implementation)
{
    struct face_result retail, preview;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12Resource *dst, *src;
    ID3D12Device *device;
    struct ddi_spy *spy;

    device = create_impl_device(_i, &spy);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&list), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(list), S_OK);
    dst = create_buffer(device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    src = create_buffer(device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);

    copy_through(list, allocator, false, dst, src, spy, &retail);
    copy_through(list, allocator, true, dst, src, spy, &preview);
    ck_assert_int_eq(preview.close, retail.close);
    ck_assert_uint_eq(preview.native_calls, retail.native_calls);
    ck_assert_uint_eq(preview.legacy_calls, retail.legacy_calls);
    if (_i == 2)
    {
        /* NATIVE: one driver call for the batch. */
        ck_assert_int_eq(retail.close, S_OK);
        ck_assert_uint_eq(retail.native_calls, 1);
    }
    else
    {
        /* FALLBACK never reaches the driver's Async Commands table. */
        ck_assert_uint_eq(retail.native_calls, 0);
    }

    ID3D12Resource_Release(src);
    ID3D12Resource_Release(dst);
    ID3D12GraphicsCommandList_Release(list);
    ID3D12CommandAllocator_Release(allocator);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
    spy_remove(spy);
}
END_TEST

/* ---- The preview's experimental feature ------------------------------------------------------------- */

START_TEST(test_experiment_accepted)
{
    IID experiment = D3D12AsyncCommandsExperiment;
    ID3D12DeviceFactory *factory = create_factory();
    ID3D12DeviceConfiguration *configuration;
    ID3D12Device *device;
    struct ddi_spy *spy;
    GUID guid;

    spy = spy_install(false, true);
    ck_assert_int_eq(D3D12EnableExperimentalFeatures(1, &experiment, NULL, NULL), S_OK);
    device = create_global_device();
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceConfiguration, (void **)&configuration),
            S_OK);
    ck_assert_int_eq(ID3D12DeviceConfiguration_GetEnabledExperimentalFeatures(configuration, &guid, 1), S_OK);
    ck_assert(!memcmp(&guid, &experiment, sizeof(guid)));
    ID3D12DeviceConfiguration_Release(configuration);
    /* It lets preview-built programs start; it is not the opt-in. */
    check_impl(device, NS, "driver has no native Async Commands");
    ck_assert(!opted_in_flag(device));
    ID3D12Device_Release(device);

    ck_assert_int_eq(ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 1, &experiment, NULL, NULL), S_OK);
    ck_assert_uint_eq(ID3D12DeviceFactory_Release(factory), 0);
    spy_remove(spy);
}
END_TEST

/* ---- d3d12info --------------------------------------------------------------------------------------- */

/* Runs the built d3d12info with args; returns its exit status, output in out. */
static int run_d3d12info(const char *args, char *out, size_t size)
{
    const char *bin = getenv("D3D12INFO_BIN");
    char command[1024];

    ck_assert_msg(bin && *bin, "D3D12INFO_BIN is not set");
    snprintf(command, sizeof(command), "'%s' %s 2>/dev/null", bin, args);
    return test_run_command(command, out, size);
}


/* d3d12info's threading line for the built-in driver, as a test setup's masks
 * (D3D12RT_TEST_DRIVER_MASKS, which d3d12info inherits) reshape it. */
static const char *expected_threading(bool json)
{
    struct ddi_spy_masks masks = {0};
    bool serialized, emulated;

    ddi_spy_environment_masks(&masks);
    serialized = masks.hide_free_threading;
    emulated = serialized || masks.hide_command_lists;
    if (json)
        return serialized ? ",\"Threading\":{\"Calls\":\"serialized\",\"CommandLists\":\"emulated\"}"
                : emulated ? ",\"Threading\":{\"Calls\":\"free-threaded\",\"CommandLists\":\"emulated\"}"
                : ",\"Threading\":{\"Calls\":\"free-threaded\",\"CommandLists\":\"driver\"}";
    return serialized ? "serialized; command lists emulated" : emulated ? "free-threaded; command lists emulated"
            : "free-threaded; command lists driver";
}

/* The value of "Key: Value" in d3d12info's plain output. */
static void info_value(const char *output, const char *key, char *value, size_t size)
{
    const char *line = output, *end;
    size_t key_length = strlen(key);

    for (; *line; line = *end ? end + 1 : end)
    {
        end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        if (!strncmp(line, key, key_length) && !strncmp(line + key_length, ": ", 2))
        {
            snprintf(value, size, "%.*s", (int)(end - line - key_length - 2), line + key_length + 2);
            return;
        }
    }
    ck_abort_msg("no \"%s\" line in:\n%s", key, output);
}

START_TEST(test_d3d12info)
{
    static const char *const keys[] =
    {
        "Driver", "DDI version", "Feature level", "Enhanced barriers", "UMA", "Async commands",
        "Tiled resources tier", "Execute tile mappings", "Threading",
    };
    char output[16384], value[400];
    struct test_config_guard guard;
    unsigned int i;

    test_config_guard_begin(&guard, NULL);
    ck_assert_int_eq(run_d3d12info("", output, sizeof(output)), 0);
    for (i = 0; i < RT_ARRAY_SIZE(keys); ++i)
        info_value(output, keys[i], value, sizeof(value));
    /* The built-in driver has Enhanced Barriers and the whole native Async table. */
    info_value(output, "Enhanced barriers", value, sizeof(value));
    ck_assert_str_eq(value, "yes");
    info_value(output, "Async commands", value, sizeof(value));
    ck_assert_str_eq(value, "NATIVE (driver reports native Async Commands, feature version 1)");
    /* "serialized" only when the runtime's DDI lock is on (test_ext_driver's no-free-threading
     * quirk shows the other side); the built-in driver is free-threaded with command lists,
     * unless a test setup's masks say otherwise. */
    info_value(output, "Threading", value, sizeof(value));
    ck_assert_str_eq(value, expected_threading(false));

    /* The opt-in changes nothing where the driver is native. */
    ck_assert_int_eq(run_d3d12info("--opt-in", output, sizeof(output)), 0);
    info_value(output, "Async commands", value, sizeof(value));
    ck_assert_str_eq(value, "NATIVE (driver reports native Async Commands, feature version 1; the opt-in does not "
                     "override native support)");
    test_config_guard_end(&guard);

    /* Forcing, with or without the opt-in. */
    test_config_guard_begin(&guard, FORCE_ON);
    ck_assert_int_eq(run_d3d12info("", output, sizeof(output)), 0);
    info_value(output, "Async commands", value, sizeof(value));
    ck_assert_str_eq(value, "FALLBACK (forced by d3dconfig; the driver's native Async Commands are bypassed)");
    ck_assert_int_eq(run_d3d12info("--opt-in", output, sizeof(output)), 0);
    info_value(output, "Async commands", value, sizeof(value));
    ck_assert_str_eq(value, "FALLBACK (forced by d3dconfig; the driver's native Async Commands are bypassed)");
    test_config_guard_end(&guard);

    ck_assert_int_eq(run_d3d12info("--bogus", output, sizeof(output)), 2);
    ck_assert_str_eq(output, "");
}
END_TEST

/* --json: one object, the summary keys API.md fixes first with typed values, then every
 * feature structure field by field (specs/api.md). */
START_TEST(test_d3d12info_json)
{
    static const char *const expected[] =
    {
        "{\"Driver\":\"agx_umd (built-in), Apple AGX G13 (simulated)\",\"DDI version\":{\"Version\":124,",
        ",\"Enhanced barriers\":true,\"UMA\":{\"UMA\":true,\"CacheCoherentUMA\":true},",
        "\"Async commands\":{\"Impl\":\"NATIVE\",\"Reason\":\"driver reports native Async Commands, feature "
                "version 1; the opt-in does not override native support\"}",
        ",\"Execute tile mappings\":{\"Supported\":",

        "\"D3D12_OPTIONS\":{\"DoublePrecisionFloatShaderOps\":false,\"OutputMergerLogicOp\":true,"
                "\"MinPrecisionSupport\":[],\"TiledResourcesTier\":\"D3D12_TILED_RESOURCES_TIER_",
        "\"SHADER_MODEL\":{\"HighestShaderModel\":\"D3D_SHADER_MODEL_5_1\"}",
        "\"ROOT_SIGNATURE\":{\"HighestVersion\":\"D3D_ROOT_SIGNATURE_VERSION_1_1\"}",
        "\"GPU_VIRTUAL_ADDRESS_SUPPORT\":{\"MaxGPUVirtualAddressBitsPerResource\":40,",
        "\"WriteBufferImmediateSupportFlags\":[\"D3D12_COMMAND_LIST_SUPPORT_FLAG_DIRECT\",",
        "\"D3D12_OPTIONS12\":{\"MSPrimitivesPipelineStatisticIncludesCulledPrimitives\":\"D3D12_TRI_STATE_UNKNOWN\","
                "\"EnhancedBarriersSupported\":true,",
        "\"D3D12_OPTIONS15\":{",
        "\"ASYNC_COMMANDS\":{\"Impl\":\"D3D12_ASYNC_COMMANDS_IMPL_NATIVE\"}",
        "\"VIDEO_MEMORY\":{\"DedicatedVideoMemory\":0,\"SharedSystemMemory\":",
    };
    struct test_config_guard guard;
    char json[16384];
    const char *tier;
    unsigned int i;
    size_t length;

    test_config_guard_begin(&guard, NULL);
    ck_assert_int_eq(run_d3d12info("--opt-in --json", json, sizeof(json)), 0);
    test_config_guard_end(&guard);

    length = strlen(json);
    ck_assert_uint_lt(length, sizeof(json) - 1);
    ck_assert(length > 2 && !strcmp(json + length - 2, "}\n"));
    for (i = 0; i < RT_ARRAY_SIZE(expected); ++i)
        ck_assert_msg(strstr(json, expected[i]), "no %s in:\n%s", expected[i], json);
    ck_assert_msg(strstr(json, expected_threading(true)), "no %s in:\n%s", expected_threading(true), json);
    /* The tier as a number (the text's "not supported" is 0). */
    ck_assert_ptr_nonnull(tier = strstr(json, "\"Tiled resources tier\":"));
    tier += strlen("\"Tiled resources tier\":");
    ck_assert(tier[0] >= '0' && tier[0] <= '5' && tier[1] == ',');
    /* No format section unless asked for. */
    ck_assert_ptr_null(strstr(json, "\"FORMATS\""));
}
END_TEST

/* --formats: every format's support bits, plane count and MSAA quality levels. */
START_TEST(test_d3d12info_formats)
{
    static char output[1 << 20];
    struct test_config_guard guard;

    test_config_guard_begin(&guard, NULL);
    ck_assert_int_eq(run_d3d12info("--json --formats", output, sizeof(output)), 0);
    ck_assert_uint_lt(strlen(output), sizeof(output) - 1);
    ck_assert_ptr_nonnull(strstr(output, "\"DXGI_FORMAT_R8G8B8A8_UNORM\":{\"Support1\":[\"D3D12_FORMAT_SUPPORT1_"));
    ck_assert_ptr_nonnull(strstr(output, "\"MultisampleQualityLevels\":{\"1\":1,\"2\":1,\"4\":1,"));
    /* A depth format renders no colour; a block-compressed one is never a render target. */
    ck_assert_ptr_nonnull(strstr(output, "\"DXGI_FORMAT_D32_FLOAT\":{\"Support1\":["));
    ck_assert_ptr_nonnull(strstr(output, "\"DXGI_FORMAT_BC1_UNORM\":{\"Support1\":["));

    ck_assert_int_eq(run_d3d12info("--formats", output, sizeof(output)), 0);
    ck_assert_ptr_nonnull(strstr(output, "\nFORMATS:\n  DXGI_FORMAT_R32G32B32A32_TYPELESS:\n    Support1: "));
    ck_assert_ptr_nonnull(strstr(output, "\n    MultisampleQualityLevels:\n      1: 1\n"));
    test_config_guard_end(&guard);
}
END_TEST

/* --help exits 0 with the usage on stdout; an unknown option exits 2 with it on stderr. */
START_TEST(test_d3d12info_help)
{
    char output[4096];

    ck_assert_int_eq(run_d3d12info("--help", output, sizeof(output)), 0);
    ck_assert_ptr_nonnull(strstr(output, "usage: d3d12info [--opt-in] [--json] [--formats] [--driver PATH]\n"));
    ck_assert_int_eq(run_d3d12info("--driver", output, sizeof(output)), 2);
    ck_assert_str_eq(output, "");
    /* A driver that does not load: device creation fails, nothing on stdout. */
    ck_assert_int_eq(run_d3d12info("--driver /nonexistent/umd.so", output, sizeof(output)), 1);
    ck_assert_str_eq(output, "");
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("async_select");
    TCase *tc;

    tc = tcase_create("selection");
    tcase_add_test(tc, test_select_pure);
    tcase_add_loop_test(tc, test_select_device, 0, 16);
    tcase_add_test(tc, test_select_once_per_creation);
    suite_add_tcase(suite, tc);

    tc = tcase_create("opt_in");
    tcase_add_test(tc, test_fallback_object);
    tcase_add_test(tc, test_fallback_copied_at_creation);
    tcase_add_test(tc, test_singleton_different_opt_in);
    tcase_add_test(tc, test_singleton_global_opt_in);
    tcase_add_test(tc, test_singleton_forcing_not_compatibility);
    tcase_add_test(tc, test_experiment_accepted);
    suite_add_tcase(suite, tc);

    tc = tcase_create("interfaces");
    /* 0 NOT_SUPPORTED, 1 FALLBACK, 2 NATIVE. */
    tcase_add_loop_test(tc, test_query_interface, 0, 3);
    tcase_add_loop_test(tc, test_same_implementation, 1, 3);
    suite_add_tcase(suite, tc);

    tc = tcase_create("d3d12info");
    tcase_add_test(tc, test_d3d12info);
    tcase_add_test(tc, test_d3d12info_json);
    tcase_add_test(tc, test_d3d12info_formats);
    tcase_add_test(tc, test_d3d12info_help);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, NULL);
}
