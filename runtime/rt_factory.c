/* Global configuration, the singleton device, ID3D12DeviceFactory and ID3D12SDKConfiguration1. */
#include <stdlib.h>
#include <threads.h>

#include "rt_factory.h"
#include "rt_adapter.h"
#include "rt_async_config.h"
#include "rt_debug_layer.h"
#include "rt_device_config.h"
#include "rt_dxcore.h"

/* The oldest DDI build with independent devices (its header banner: "Enable independent
 * D3D12 devices"). */
#define RT_DDI_BUILD_INDEPENDENT_DEVICES 98u

/* DRED settings: an existing device may have more of them than requested. */
#define RT_DRED_DEVICE_FLAGS (D3D12_DEVICE_FLAG_DRED_AUTO_BREADCRUMBS_ENABLED \
        | D3D12_DEVICE_FLAG_DRED_PAGE_FAULT_REPORTING_ENABLED | D3D12_DEVICE_FLAG_DRED_WATSON_REPORTING_ENABLED \
        | D3D12_DEVICE_FLAG_DRED_BREADCRUMB_CONTEXT_ENABLED | D3D12_DEVICE_FLAG_DRED_USE_MARKERS_ONLY_BREADCRUMBS)

#define RT_KNOWN_FACTORY_FLAGS (D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE \
        | D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE \
        | D3D12_DEVICE_FACTORY_FLAG_DISALLOW_STORING_NEW_DEVICE_AS_SINGLETON)

/* Everything under one recursive lock: releasing a device may destroy it, and destruction
 * comes back here through rt_factory_forget_device. */
static struct
{
    once_flag once;
    mtx_t mutex;
    UINT sdk_version;
    unsigned int experimental_features;
    bool async_commands_fallback_enabled;   /* replayed by ApplyToGlobalState */
    /* One singleton per adapter (driver), not referenced: each leaves when destroyed. */
    struct rt_device *singletons[RT_DXCORE_MAX_ADAPTERS];
    struct rt_device *live;              /* every live device, through live_next */
}
global = {.once = ONCE_FLAG_INIT};

static void global_init(void)
{
    mtx_init(&global.mutex, mtx_plain | mtx_recursive);
    global.sdk_version = RT_SDK_VERSION;
}

static void global_lock(void)
{
    call_once(&global.once, global_init);
    mtx_lock(&global.mutex);
}

static void global_unlock(void)
{
    mtx_unlock(&global.mutex);
}

/* ---- Pure policy --------------------------------------------------------------------------- */

bool rt_startup_options_compatible(const struct rt_startup_options *existing,
        const struct rt_startup_options *requested)
{
    D3D12_DEVICE_FLAGS exact = (D3D12_DEVICE_FLAGS)~RT_DRED_DEVICE_FLAGS;

    return existing->sdk_version >= requested->sdk_version
            && existing->debug_layer == requested->debug_layer
            && (existing->device_flags & exact) == (requested->device_flags & exact)
            && existing->gpu_based_validation_flags == requested->gpu_based_validation_flags
            && (requested->device_flags & RT_DRED_DEVICE_FLAGS & ~existing->device_flags) == 0
            && existing->async_commands_fallback_enabled == requested->async_commands_fallback_enabled
            && (requested->experimental_features & ~existing->experimental_features) == 0;
}

void rt_factory_decide(const struct rt_factory_situation *s, struct rt_factory_decision *decision)
{
    decision->hr = S_OK;
    if (s->existing && (s->flags & D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE))
    {
        if (s->existing_removed)
        {
            decision->outcome = RT_FACTORY_FAIL;
            decision->hr = DXGI_ERROR_DEVICE_REMOVED;
        }
        else if (s->existing_compatible
                || (s->flags & D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE))
        {
            decision->outcome = RT_FACTORY_RETURN_EXISTING;
        }
        else
        {
            decision->outcome = RT_FACTORY_FAIL;
            decision->hr = DXGI_ERROR_ALREADY_EXISTS;
        }
        return;
    }
    if (s->driver_independent)
    {
        decision->outcome = RT_FACTORY_CREATE_INDEPENDENT;
        return;
    }
    if (s->existing)
    {
        decision->outcome = RT_FACTORY_FAIL;
        decision->hr = DXGI_ERROR_ALREADY_EXISTS;
        return;
    }
    if (s->flags & D3D12_DEVICE_FACTORY_FLAG_DISALLOW_STORING_NEW_DEVICE_AS_SINGLETON)
    {
        decision->outcome = RT_FACTORY_CREATE_AND_FAIL;
        decision->hr = DXGI_ERROR_UNSUPPORTED;
        return;
    }
    decision->outcome = RT_FACTORY_CREATE_SINGLETON;
}

static bool driver_supports_independent_devices(UINT64 ddi_version)
{
    return D3D12DDI_VERSION_BUILD(ddi_version) >= RT_DDI_BUILD_INDEPENDENT_DEVICES;
}

/* ---- Global state ---------------------------------------------------------------------------- */

/* The configuration D3D12CreateDevice uses now (global lock held). */
static void global_options(struct rt_startup_options *options)
{
    memset(options, 0, sizeof(*options));
    options->sdk_version = global.sdk_version;
    options->experimental_features = global.experimental_features;
    options->async_commands_fallback_enabled = global.async_commands_fallback_enabled;
    options->debug_layer = rt_debug_layer_enabled();
    options->device_flags = rt_debug_layer_device_flags();
    options->gpu_based_validation_flags = rt_debug_layer_gpu_based_validation_flags();
}

void rt_factory_forget_device(struct rt_device *device)
{
    struct rt_device **link;

    unsigned int i;

    global_lock();
    for (i = 0; i < RT_DXCORE_MAX_ADAPTERS; ++i)
        if (global.singletons[i] == device)
            global.singletons[i] = NULL;
    for (link = &global.live; *link; link = &(*link)->live_next)
    {
        if (*link == device)
        {
            *link = device->live_next;
            break;
        }
    }
    global_unlock();
}

static void global_add_live(struct rt_device *device)
{
    device->live_next = global.live;
    global.live = device;
}

UINT64 rt_factory_memory_usage(const char *driver_path)
{
    struct rt_device *device;
    UINT64 usage = 0;

    global_lock();
    for (device = global.live; device; device = device->live_next)
        if (!strcmp(device->adapter->config.driver_path, driver_path))
            usage += atomic_load(&device->memory_usage);
    global_unlock();
    return usage;
}

/* A change of global state removes the singletons. Each keeps its slot until the
 * application releases it, so D3D12CreateDevice fails with DXGI_ERROR_DEVICE_REMOVED
 * meanwhile (seed 000: a singleton with a different setting makes another creation
 * through the same path fail). */
static void global_drop_singleton(void)
{
    unsigned int i;

    for (i = 0; i < RT_DXCORE_MAX_ADAPTERS; ++i)
        if (global.singletons[i])
            rt_device_mark_removed(global.singletons[i], DXGI_ERROR_DEVICE_REMOVED);
}

/* The adapter's singleton with a reference, or NULL (global lock held). */
static struct rt_device *global_get_singleton(const char *driver_path)
{
    struct rt_device *device;
    unsigned int i;

    for (i = 0; i < RT_DXCORE_MAX_ADAPTERS; ++i)
    {
        device = global.singletons[i];
        if (device && !strcmp(device->adapter->config.driver_path, driver_path) && rt_device_try_add_ref(device))
            return device;
    }
    return NULL;
}

/* Records a new singleton (global lock held): in its adapter's slot, which a previous one
 * still being destroyed may hold (that one's forget then finds nothing), or a free one. */
static void global_set_singleton(struct rt_device *device)
{
    unsigned int i, slot = RT_DXCORE_MAX_ADAPTERS;

    for (i = 0; i < RT_DXCORE_MAX_ADAPTERS; ++i)
    {
        if (global.singletons[i] && !strcmp(global.singletons[i]->adapter->config.driver_path,
                device->adapter->config.driver_path))
        {
            slot = i;
            break;
        }
        if (!global.singletons[i] && slot == RT_DXCORE_MAX_ADAPTERS)
            slot = i;
    }
    if (slot < RT_DXCORE_MAX_ADAPTERS)
        global.singletons[slot] = device;
}

static bool level_value_valid(D3D_FEATURE_LEVEL level)
{
    if (rt_feature_level_valid(level))
        return true;
    RT_WARN("Invalid feature level %#x.", level);
    return false;
}

/* The driver the adapter argument names: NULL is the default adapter (the configuration
 * file's driver), one of libdxcore.so's adapters its own; anything else (a DXGI adapter of
 * another runtime, a stray pointer's object) is E_INVALIDARG. */
static HRESULT adapter_driver_path(IUnknown *adapter, char path[RT_CONFIG_PATH_MAX])
{
    struct rt_config config;
    const char *named;
    HRESULT hr;

    if (FAILED(hr = rt_dxcore_adapter_driver_path(adapter, &named, path)))
        return hr;
    if (!named)
    {
        rt_config_load(&config);
        memcpy(path, config.driver_path, RT_CONFIG_PATH_MAX);
    }
    return S_OK;
}

/* Hands out a device with a reference the caller owns; NULL out only checks (S_FALSE). */
static HRESULT return_device(struct rt_device *device, REFIID riid, void **out)
{
    if (!out)
    {
        ID3D12Device16_Release(&device->ID3D12Device_iface);
        return S_FALSE;
    }
    return rt_return_interface(&device->ID3D12Device_iface, &IID_ID3D12Device11, riid, out);
}

static HRESULT return_existing(struct rt_device *device, D3D_FEATURE_LEVEL level, REFIID riid, void **out)
{
    if (level > device->feature_level)
    {
        RT_WARN("Feature level %#x is above the device's %#x.", level, device->feature_level);
        ID3D12Device16_Release(&device->ID3D12Device_iface);
        return DXGI_ERROR_UNSUPPORTED;
    }
    return return_device(device, riid, out);
}

/*
 * Opens the adapter and creates a device; with check_only, only checks that it would work.
 * A check-only call answers what the real call would (Microsoft Learn, D3D12CreateDevice:
 * S_FALSE "if the device would be created"), so it runs every contract check. The driver's
 * tables come only from a driver device (FillDDITable takes one), so the check creates the
 * device and destroys it before anything else can see it.
 */
static HRESULT create_new_device(const char *driver_path, D3D_FEATURE_LEVEL level,
        const struct rt_startup_options *options, bool check_only, struct rt_device **device)
{
    struct rt_adapter *adapter;
    HRESULT hr;

    *device = NULL;
    if (FAILED(hr = rt_adapter_open_driver(driver_path, &adapter)))
        return hr;
    if (FAILED(hr = rt_device_create(adapter, level, options, device)) || !check_only)
        return hr;
    ID3D12Device11_Release(&(*device)->ID3D12Device_iface);
    *device = NULL;
    return S_FALSE;
}

HRESULT rt_factory_create_device_global(IUnknown *adapter, D3D_FEATURE_LEVEL level, REFIID riid, void **out)
{
    char driver_path[RT_CONFIG_PATH_MAX];
    struct rt_startup_options options;
    struct rt_device *device;
    HRESULT hr;

    rt_clear_out(out);
    if (FAILED(hr = adapter_driver_path(adapter, driver_path)))
        return hr;
    if (!level_value_valid(level))
        return E_INVALIDARG;

    global_lock();
    global_options(&options);
    if ((device = global_get_singleton(driver_path)))
    {
        if (rt_device_is_removed(device))
        {
            ID3D12Device16_Release(&device->ID3D12Device_iface);
            global_unlock();
            return DXGI_ERROR_DEVICE_REMOVED;
        }
        if (rt_startup_options_compatible(&device->startup, &options))
        {
            hr = return_existing(device, level, riid, out);
            global_unlock();
            return hr;
        }
        /* The global configuration changed since the singleton was made. */
        global_drop_singleton();
        ID3D12Device16_Release(&device->ID3D12Device_iface);
        global_unlock();
        return DXGI_ERROR_DEVICE_REMOVED;
    }

    if ((hr = create_new_device(driver_path, level, &options, !out, &device)) != S_OK)
    {
        global_unlock();
        return hr;
    }
    global_add_live(device);
    global_set_singleton(device);
    hr = return_device(device, riid, out);
    global_unlock();
    return hr;
}

HRESULT rt_factory_enable_experimental_features_global(UINT count, const IID *iids, void *configs,
        UINT *config_sizes)
{
    struct rt_device *device;
    unsigned int features;
    HRESULT hr;

    if (FAILED(hr = rt_experimental_features_parse(count, iids, &features)))
        return hr;
    global_lock();
    if (features != global.experimental_features)
    {
        /* D3D12: enabling a different set removes every device in the process. */
        global.experimental_features = features;
        for (device = global.live; device; device = device->live_next)
            rt_device_mark_removed(device, DXGI_ERROR_DEVICE_REMOVED);
    }
    global_unlock();
    return S_OK;
}

/* ---- ID3D12DeviceFactory ---------------------------------------------------------------------- */

struct rt_device_factory
{
    ID3D12DeviceFactory ID3D12DeviceFactory_iface;
    ID3D12DeviceConfiguration ID3D12DeviceConfiguration_iface;
    atomic_uint refcount;
    mtx_t mutex;
    D3D12_DEVICE_FACTORY_FLAGS flags;
    /* Factory-local: a blank slate until initialized. The debug-layer members come from
     * debug, which the factory's own ID3D12Debug object records (factory_options). */
    struct rt_startup_options options;
    struct rt_debug_state debug;
};

/* What the factory's next device is created with (factory mutex held). */
static void factory_options(struct rt_device_factory *factory, struct rt_startup_options *options)
{
    *options = factory->options;
    options->debug_layer = rt_debug_state_enabled(&factory->debug);
    options->device_flags = rt_debug_state_device_flags(&factory->debug);
    options->gpu_based_validation_flags = rt_debug_state_gpu_based_validation_flags(&factory->debug);
}

static inline struct rt_device_factory *impl_from_ID3D12DeviceFactory(ID3D12DeviceFactory *iface)
{
    return RT_CONTAINING(iface, struct rt_device_factory, ID3D12DeviceFactory_iface);
}

static HRESULT STDMETHODCALLTYPE rt_device_factory_QueryInterface(ID3D12DeviceFactory *iface, REFIID riid,
        void **object)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);

    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);
    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12DeviceFactory) || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12DeviceFactory_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    if (rt_guid_equal(riid, &IID_ID3D12DeviceConfiguration))
    {
        ID3D12DeviceFactory_AddRef(iface);
        *object = &factory->ID3D12DeviceConfiguration_iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_device_factory_AddRef(ID3D12DeviceFactory *iface)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);
    unsigned int refcount = atomic_fetch_add(&factory->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)factory, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_device_factory_Release(ID3D12DeviceFactory *iface)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);
    unsigned int refcount = atomic_fetch_sub(&factory->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)factory, refcount);
    if (!refcount)
    {
        mtx_destroy(&factory->mutex);
        free(factory);
    }
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_device_factory_InitializeFromGlobalState(ID3D12DeviceFactory *iface)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);
    struct rt_startup_options options;

    RT_TRACE("iface %p.", (void *)iface);
    global_lock();
    global_options(&options);
    global_unlock();
    mtx_lock(&factory->mutex);
    factory->options = options;
    rt_debug_layer_copy_global(&factory->debug);
    mtx_unlock(&factory->mutex);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_device_factory_ApplyToGlobalState(ID3D12DeviceFactory *iface)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);
    struct rt_startup_options options;
    HRESULT hr = S_OK;

    RT_TRACE("iface %p.", (void *)iface);
    mtx_lock(&factory->mutex);
    options = factory->options;
    mtx_unlock(&factory->mutex);

    global_lock();
    if (options.sdk_version < global.sdk_version)
    {
        RT_WARN("SDK version %u would downgrade the global %u.", options.sdk_version, global.sdk_version);
        hr = D3D12_ERROR_INVALID_REDIST;
    }
    else if (options.sdk_version != global.sdk_version
            || options.experimental_features != global.experimental_features
            || options.async_commands_fallback_enabled != global.async_commands_fallback_enabled)
    {
        /* The debug layer's global switch belongs to D3D12GetDebugInterface. */
        global.sdk_version = options.sdk_version;
        global.experimental_features = options.experimental_features;
        global.async_commands_fallback_enabled = options.async_commands_fallback_enabled;
        global_drop_singleton();
    }
    global_unlock();
    return hr;
}

static HRESULT STDMETHODCALLTYPE rt_device_factory_SetFlags(ID3D12DeviceFactory *iface,
        D3D12_DEVICE_FACTORY_FLAGS flags)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);

    RT_TRACE("iface %p, flags %#x.", (void *)iface, flags);
    if (flags & ~RT_KNOWN_FACTORY_FLAGS)
    {
        RT_WARN("Unknown factory flags %#x.", flags & ~RT_KNOWN_FACTORY_FLAGS);
        return E_INVALIDARG;
    }
    if ((flags & D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE)
            && !(flags & D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE))
    {
        RT_WARN("ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE needs ALLOW_RETURNING_EXISTING_DEVICE.");
        return E_INVALIDARG;
    }
    mtx_lock(&factory->mutex);
    factory->flags = flags;
    mtx_unlock(&factory->mutex);
    return S_OK;
}

static D3D12_DEVICE_FACTORY_FLAGS STDMETHODCALLTYPE rt_device_factory_GetFlags(ID3D12DeviceFactory *iface)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);
    D3D12_DEVICE_FACTORY_FLAGS flags;

    RT_TRACE("iface %p.", (void *)iface);
    mtx_lock(&factory->mutex);
    flags = factory->flags;
    mtx_unlock(&factory->mutex);
    return flags;
}

void rt_device_factory_set_async_commands_fallback(ID3D12DeviceFactory *iface, bool enabled)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);

    mtx_lock(&factory->mutex);
    factory->options.async_commands_fallback_enabled = enabled;
    mtx_unlock(&factory->mutex);
}

bool rt_device_factory_get_async_commands_fallback(ID3D12DeviceFactory *iface)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);
    bool enabled;

    mtx_lock(&factory->mutex);
    enabled = factory->options.async_commands_fallback_enabled;
    mtx_unlock(&factory->mutex);
    return enabled;
}

static HRESULT STDMETHODCALLTYPE rt_device_factory_GetConfigurationInterface(ID3D12DeviceFactory *iface,
        REFCLSID clsid, REFIID riid, void **object)
{
    RT_TRACE("iface %p, clsid %s, riid %s, object %p.", (void *)iface, rt_debugstr_guid(clsid),
            rt_debugstr_guid(riid), (void *)object);
    /* A NULL output checks only (S_FALSE), as for D3D12GetInterface: Microsoft's factory
     * answers S_FALSE for the classes it serves (vkd3d-proton's device-factory test
     * observes it on Windows for CLSID_D3D12Debug and CLSID_D3D12Tools). */
    /* Seed 000's opt-in: an object bound to this factory's setting. */
    if (rt_guid_equal(clsid, &CLSID_D3D12AsyncCommandsFallback))
        return rt_async_commands_fallback_create(iface, riid, object);
    /* The factory's own debug-layer switch (Microsoft Learn, ID3D12DeviceFactory::
     * GetConfigurationInterface: CLSID_D3D12Debug, CLSID_D3D12Tools,
     * CLSID_D3D12DeviceRemovedExtendedData), recording what its next device gets. */
    if (rt_guid_equal(clsid, &CLSID_D3D12Debug))
    {
        if (!object)
            return S_FALSE;
        return rt_debug_create_bound(&impl_from_ID3D12DeviceFactory(iface)->debug, (IUnknown *)iface, riid,
                object);
    }
    /* Tools and DRED settings exist neither here nor through D3D12GetInterface. */
    RT_WARN("No configuration interface for %s.", rt_debugstr_guid(clsid));
    rt_clear_out(object);
    return E_NOINTERFACE;
}

static HRESULT STDMETHODCALLTYPE rt_device_factory_EnableExperimentalFeatures(ID3D12DeviceFactory *iface,
        UINT count, const IID *iids, void *configs, UINT *config_sizes)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);
    unsigned int features;
    HRESULT hr;

    RT_TRACE("iface %p, count %u, iids %p, configs %p, config_sizes %p.", (void *)iface, count,
            (const void *)iids, configs, (void *)config_sizes);
    if (FAILED(hr = rt_experimental_features_parse(count, iids, &features)))
        return hr;
    mtx_lock(&factory->mutex);
    factory->options.experimental_features = features;
    mtx_unlock(&factory->mutex);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_device_factory_CreateDevice(ID3D12DeviceFactory *iface, IUnknown *adapter,
        D3D_FEATURE_LEVEL level, REFIID riid, void **out)
{
    struct rt_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);
    char driver_path[RT_CONFIG_PATH_MAX];
    struct rt_factory_situation situation;
    struct rt_factory_decision decision;
    struct rt_startup_options options;
    struct rt_device *existing, *device;
    HRESULT hr;

    RT_TRACE("iface %p, adapter %p, level %#x, riid %s, device %p.", (void *)iface, (void *)adapter, level,
            rt_debugstr_guid(riid), (void *)out);

    rt_clear_out(out);
    if (FAILED(hr = adapter_driver_path(adapter, driver_path)))
        return hr;
    if (!level_value_valid(level))
        return E_INVALIDARG;

    mtx_lock(&factory->mutex);
    factory_options(factory, &options);
    situation.flags = factory->flags;
    mtx_unlock(&factory->mutex);

    global_lock();
    existing = global_get_singleton(driver_path);
    situation.existing = !!existing;
    situation.existing_removed = existing && rt_device_is_removed(existing);
    situation.existing_compatible = existing && rt_startup_options_compatible(&existing->startup, &options);
    situation.driver_independent = driver_supports_independent_devices(D3D12DDI_SUPPORTED_0124);
    rt_factory_decide(&situation, &decision);

    if (decision.outcome == RT_FACTORY_RETURN_EXISTING)
    {
        hr = return_existing(existing, level, riid, out);
        global_unlock();
        return hr;
    }
    if (existing)
        ID3D12Device16_Release(&existing->ID3D12Device_iface);
    if (decision.outcome == RT_FACTORY_FAIL)
    {
        global_unlock();
        return decision.hr;
    }

    if ((hr = create_new_device(driver_path, level, &options, !out, &device)) != S_OK)
    {
        global_unlock();
        return hr == S_FALSE && decision.outcome == RT_FACTORY_CREATE_AND_FAIL ? decision.hr : hr;
    }
    if (decision.outcome == RT_FACTORY_CREATE_AND_FAIL)
    {
        ID3D12Device16_Release(&device->ID3D12Device_iface);
        global_unlock();
        return decision.hr;
    }
    global_add_live(device);
    if (decision.outcome == RT_FACTORY_CREATE_SINGLETON)
    {
        /* A factory's singleton carries its configuration into the global state. */
        global_set_singleton(device);
        global.sdk_version = options.sdk_version;
        global.experimental_features = options.experimental_features;
        global.async_commands_fallback_enabled = options.async_commands_fallback_enabled;
    }
    hr = return_device(device, riid, out);
    global_unlock();
    return hr;
}

static const struct ID3D12DeviceFactoryVtbl rt_device_factory_vtbl =
{
    /* IUnknown methods */
    rt_device_factory_QueryInterface,
    rt_device_factory_AddRef,
    rt_device_factory_Release,
    /* ID3D12DeviceFactory methods */
    rt_device_factory_InitializeFromGlobalState,
    rt_device_factory_ApplyToGlobalState,
    rt_device_factory_SetFlags,
    rt_device_factory_GetFlags,
    rt_device_factory_GetConfigurationInterface,
    rt_device_factory_EnableExperimentalFeatures,
    rt_device_factory_CreateDevice,
};

/* The factory's ID3D12DeviceConfiguration: the configuration of its next device. */

static inline struct rt_device_factory *impl_from_factory_configuration(ID3D12DeviceConfiguration *iface)
{
    return RT_CONTAINING(iface, struct rt_device_factory, ID3D12DeviceConfiguration_iface);
}

static HRESULT STDMETHODCALLTYPE factory_configuration_QueryInterface(ID3D12DeviceConfiguration *iface,
        REFIID riid, void **object)
{
    return rt_device_factory_QueryInterface(&impl_from_factory_configuration(iface)->ID3D12DeviceFactory_iface,
            riid, object);
}

static ULONG STDMETHODCALLTYPE factory_configuration_AddRef(ID3D12DeviceConfiguration *iface)
{
    return rt_device_factory_AddRef(&impl_from_factory_configuration(iface)->ID3D12DeviceFactory_iface);
}

static ULONG STDMETHODCALLTYPE factory_configuration_Release(ID3D12DeviceConfiguration *iface)
{
    return rt_device_factory_Release(&impl_from_factory_configuration(iface)->ID3D12DeviceFactory_iface);
}

static D3D12_DEVICE_CONFIGURATION_DESC STDMETHODCALLTYPE factory_configuration_GetDesc(
        ID3D12DeviceConfiguration *iface)
{
    struct rt_device_factory *factory = impl_from_factory_configuration(iface);
    D3D12_DEVICE_CONFIGURATION_DESC desc;
    struct rt_startup_options options;

    RT_TRACE("iface %p.", (void *)iface);
    mtx_lock(&factory->mutex);
    factory_options(factory, &options);
    desc = rt_configuration_desc(&options);
    mtx_unlock(&factory->mutex);
    return desc;
}

static HRESULT STDMETHODCALLTYPE factory_configuration_GetEnabledExperimentalFeatures(
        ID3D12DeviceConfiguration *iface, GUID *guids, UINT count)
{
    struct rt_device_factory *factory = impl_from_factory_configuration(iface);
    HRESULT hr;

    RT_TRACE("iface %p, guids %p, count %u.", (void *)iface, (void *)guids, count);
    mtx_lock(&factory->mutex);
    hr = rt_configuration_experimental_features(&factory->options, guids, count);
    mtx_unlock(&factory->mutex);
    return hr;
}

static HRESULT STDMETHODCALLTYPE factory_configuration_SerializeVersionedRootSignature(
        ID3D12DeviceConfiguration *iface, const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, ID3DBlob **blob,
        ID3DBlob **error_blob)
{
    RT_TRACE("iface %p, desc %p, blob %p, error_blob %p.", (void *)iface, (const void *)desc, (void *)blob,
            (void *)error_blob);
    return rt_configuration_serialize_root_signature(desc, blob, error_blob);
}

static HRESULT STDMETHODCALLTYPE factory_configuration_CreateVersionedRootSignatureDeserializer(
        ID3D12DeviceConfiguration *iface, const void *blob, SIZE_T size, REFIID riid, void **deserializer)
{
    RT_TRACE("iface %p, blob %p, size %zu, riid %s, deserializer %p.", (void *)iface, blob, (size_t)size,
            rt_debugstr_guid(riid), (void *)deserializer);
    return rt_configuration_create_deserializer(blob, size, riid, deserializer);
}

static const struct ID3D12DeviceConfigurationVtbl factory_configuration_vtbl =
{
    /* IUnknown methods */
    factory_configuration_QueryInterface,
    factory_configuration_AddRef,
    factory_configuration_Release,
    /* ID3D12DeviceConfiguration methods */
    factory_configuration_GetDesc,
    factory_configuration_GetEnabledExperimentalFeatures,
    factory_configuration_SerializeVersionedRootSignature,
    factory_configuration_CreateVersionedRootSignatureDeserializer,
};

HRESULT rt_device_factory_create(UINT sdk_version, REFIID riid, void **out)
{
    struct rt_device_factory *factory;

    if (!(factory = calloc(1, sizeof(*factory))))
        return E_OUTOFMEMORY;
    factory->ID3D12DeviceFactory_iface.lpVtbl = &rt_device_factory_vtbl;
    factory->ID3D12DeviceConfiguration_iface.lpVtbl = &factory_configuration_vtbl;
    atomic_init(&factory->refcount, 1);
    if (mtx_init(&factory->mutex, mtx_plain) != thrd_success)
    {
        free(factory);
        return E_OUTOFMEMORY;
    }
    factory->options.sdk_version = sdk_version;
    rt_debug_state_init(&factory->debug);
    return rt_return_interface(&factory->ID3D12DeviceFactory_iface, &IID_ID3D12DeviceFactory, riid, out);
}

/* ---- ID3D12SDKConfiguration1 ------------------------------------------------------------------ */

struct rt_sdk_configuration
{
    ID3D12SDKConfiguration1 ID3D12SDKConfiguration1_iface;
    atomic_uint refcount;
};

static inline struct rt_sdk_configuration *impl_from_ID3D12SDKConfiguration1(ID3D12SDKConfiguration1 *iface)
{
    return RT_CONTAINING(iface, struct rt_sdk_configuration, ID3D12SDKConfiguration1_iface);
}

static HRESULT STDMETHODCALLTYPE rt_sdk_configuration_QueryInterface(ID3D12SDKConfiguration1 *iface, REFIID riid,
        void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);
    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12SDKConfiguration1) || rt_guid_equal(riid, &IID_ID3D12SDKConfiguration)
            || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12SDKConfiguration1_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_sdk_configuration_AddRef(ID3D12SDKConfiguration1 *iface)
{
    struct rt_sdk_configuration *configuration = impl_from_ID3D12SDKConfiguration1(iface);
    unsigned int refcount = atomic_fetch_add(&configuration->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)configuration, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_sdk_configuration_Release(ID3D12SDKConfiguration1 *iface)
{
    struct rt_sdk_configuration *configuration = impl_from_ID3D12SDKConfiguration1(iface);
    unsigned int refcount = atomic_fetch_sub(&configuration->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)configuration, refcount);
    if (!refcount)
        free(configuration);
    return refcount;
}

/* This runtime is one SDK: any version up to its own is served by it. */
static HRESULT check_sdk(UINT sdk_version, const char *path)
{
    if (!path)
    {
        RT_WARN("NULL SDK path.");
        return E_INVALIDARG;
    }
    if (sdk_version > RT_SDK_VERSION)
    {
        RT_WARN("SDK version %u is newer than this runtime's %u.", sdk_version, RT_SDK_VERSION);
        return D3D12_ERROR_INVALID_REDIST;
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_sdk_configuration_SetSDKVersion(ID3D12SDKConfiguration1 *iface,
        UINT sdk_version, LPCSTR path)
{
    HRESULT hr;

    RT_TRACE("iface %p, sdk_version %u, path \"%s\".", (void *)iface, sdk_version, path ? path : "(null)");
    if (FAILED(hr = check_sdk(sdk_version, path)))
        return hr;
    global_lock();
    if (sdk_version != global.sdk_version)
    {
        global.sdk_version = sdk_version;
        global_drop_singleton();
    }
    global_unlock();
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_sdk_configuration_CreateDeviceFactory(ID3D12SDKConfiguration1 *iface,
        UINT sdk_version, LPCSTR path, REFIID riid, void **factory)
{
    HRESULT hr;

    RT_TRACE("iface %p, sdk_version %u, path \"%s\", riid %s, factory %p.", (void *)iface, sdk_version,
            path ? path : "(null)", rt_debugstr_guid(riid), (void *)factory);
    if (!factory)
        return E_POINTER;
    *factory = NULL;
    if (FAILED(hr = check_sdk(sdk_version, path)))
        return hr;
    return rt_device_factory_create(sdk_version, riid, factory);
}

static void STDMETHODCALLTYPE rt_sdk_configuration_FreeUnusedSDKs(ID3D12SDKConfiguration1 *iface)
{
    RT_TRACE("iface %p.", (void *)iface);
    /* The one SDK is this library: there is never another one to unload. */
}

static const struct ID3D12SDKConfiguration1Vtbl rt_sdk_configuration_vtbl =
{
    /* IUnknown methods */
    rt_sdk_configuration_QueryInterface,
    rt_sdk_configuration_AddRef,
    rt_sdk_configuration_Release,
    /* ID3D12SDKConfiguration methods */
    rt_sdk_configuration_SetSDKVersion,
    /* ID3D12SDKConfiguration1 methods */
    rt_sdk_configuration_CreateDeviceFactory,
    rt_sdk_configuration_FreeUnusedSDKs,
};

HRESULT rt_sdk_configuration_create(REFIID riid, void **out)
{
    struct rt_sdk_configuration *configuration;

    if (!(configuration = calloc(1, sizeof(*configuration))))
        return E_OUTOFMEMORY;
    configuration->ID3D12SDKConfiguration1_iface.lpVtbl = &rt_sdk_configuration_vtbl;
    atomic_init(&configuration->refcount, 1);
    return rt_return_interface(&configuration->ID3D12SDKConfiguration1_iface, &IID_ID3D12SDKConfiguration1,
            riid, out);
}
