/*
 * Device creation policy: the process-global configuration, the singleton device,
 * ID3D12DeviceFactory and ID3D12SDKConfiguration1 (ddi-facts section 9, Microsoft's
 * IndependentDevices spec). specs/runtime.md describes the rules.
 */
#ifndef RT_FACTORY_H
#define RT_FACTORY_H

#include "rt_device.h"

/* ---- Pure policy (unit-tested on their own) ------------------------------------------------ */

/* "Compatible" in the IndependentDevices sense: the existing device's SDK version is at
 * least the requested one, its debug-layer and validation settings and its Async Commands
 * opt-in are exactly the requested ones, its DRED settings include the requested ones, and
 * it has every requested experimental feature. */
bool rt_startup_options_compatible(const struct rt_startup_options *existing,
                                   const struct rt_startup_options *requested);

struct rt_factory_situation
{
    D3D12_DEVICE_FACTORY_FLAGS flags;
    bool existing;                 /* a singleton device lives for the adapter */
    bool existing_removed;         /* ... and it has been removed */
    bool existing_compatible;      /* ... and its configuration is compatible */
    bool driver_independent;       /* the driver can have several devices at once */
};

enum rt_factory_outcome
{
    RT_FACTORY_RETURN_EXISTING,    /* hand back the singleton */
    RT_FACTORY_CREATE_INDEPENDENT, /* a new device that is not the singleton */
    RT_FACTORY_CREATE_SINGLETON,   /* a new device that becomes the singleton */
    RT_FACTORY_CREATE_AND_FAIL,    /* create (so creation errors win), destroy, fail with hr */
    RT_FACTORY_FAIL,               /* fail with hr */
};

struct rt_factory_decision
{
    enum rt_factory_outcome outcome;
    HRESULT hr;                    /* for the two failures */
};

/* ID3D12DeviceFactory::CreateDevice's rules for the given situation. */
void rt_factory_decide(const struct rt_factory_situation *situation, struct rt_factory_decision *decision);

/* ---- Process-global state ---------------------------------------------------------------- */

/* D3D12CreateDevice: the singleton for the adapter (NULL: the default one; otherwise one
 * of libdxcore.so's adapters, anything else being E_INVALIDARG). */
HRESULT rt_factory_create_device_global(IUnknown *adapter, D3D_FEATURE_LEVEL level, REFIID riid, void **device);
/* D3D12EnableExperimentalFeatures: a different set removes every live device. */
HRESULT rt_factory_enable_experimental_features_global(UINT count, const IID *iids, void *configs,
                                                       UINT *config_sizes);
/* D3D12GetInterface(CLSID_D3D12DeviceFactory / CLSID_D3D12SDKConfiguration). */
HRESULT rt_device_factory_create(UINT sdk_version, REFIID riid, void **factory);
HRESULT rt_sdk_configuration_create(REFIID riid, void **configuration);

/* The factory's Async Commands fallback opt-in (rt_async_config.h): what its next device is
 * created with. factory must be one of ours. */
void rt_device_factory_set_async_commands_fallback(ID3D12DeviceFactory *factory, bool enabled);
bool rt_device_factory_get_async_commands_fallback(ID3D12DeviceFactory *factory);

/* The bytes the process's live devices on one adapter (driver) hold now: DXCore's
 * AdapterMemoryBudget usage. */
UINT64 rt_factory_memory_usage(const char *driver_path);

/* Called by a device being destroyed: it stops being the singleton and a live device. */
void rt_factory_forget_device(struct rt_device *device);

#endif
