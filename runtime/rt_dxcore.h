/*
 * DXCore adapter enumeration (libdxcore.so's objects, which live in libd3d12.so so that
 * there is one adapter list, one singleton device per adapter and one memory count per
 * process). libdxcore.so exports DXCoreCreateAdapterFactory and reaches the factory
 * through D3D12GetInterface with a class only it uses (rt_dxcore_exports.c). One adapter
 * per driver the runtime can load: the file's [driver] path when set, then the built-in
 * agx_umd. specs/api.md, "DXCore", has the rules and their sources.
 */
#ifndef RT_DXCORE_H
#define RT_DXCORE_H

#include <stdatomic.h>

#include "rt_common.h"
#include "rt_config.h"
#include <d3d12rt/dxcore.h>

/* The D3D12GetInterface class libdxcore.so asks for: private to d3d12rt, in no header. */
#define RT_CLSID_DXCORE_ADAPTER_FACTORY_INIT \
    {0x72064f15, 0xd7dd, 0x49ed, {0xab, 0x97, 0x30, 0x04, 0x6e, 0x95, 0x7d, 0xc6}}

/* The most adapters one process enumerates: the configured driver and the built-in one. */
#define RT_DXCORE_MAX_ADAPTERS 2u

/* What an adapter answers, read once from the driver's caps when the adapter is made. */
struct rt_dxcore_adapter_info
{
    char driver_path[RT_CONFIG_PATH_MAX];   /* "" = built-in: the adapter's identity */
    char description[128];
    UINT vendor_id;
    UINT device_id;
    UINT64 dedicated_video_memory;
    UINT64 shared_system_memory;
    UINT64 memory_budget;                   /* what its devices' heaps may take */
    UINT64 ddi_version;
    LUID luid;
    bool uma;
    D3D_FEATURE_LEVEL max_feature_level;    /* 0: none the runtime runs */
};

/* DXCORE_ADAPTER_ATTRIBUTE_*: D3D12_GRAPHICS from feature level 11_0, D3D12_CORE_COMPUTE
 * from 1_0_CORE; D3D11_GRAPHICS and unknown attributes never (no D3D11 runtime here). */
bool rt_dxcore_info_has_attribute(const struct rt_dxcore_adapter_info *info, const GUID *attribute);
/* IsHardware: not Microsoft's software vendor id 0x1414 (the DDI has no software flag). */
bool rt_dxcore_info_is_hardware(const struct rt_dxcore_adapter_info *info);

struct rt_dxcore_factory;
struct rt_dxcore_adapter;

/* DXCoreCreateAdapterFactory: the process's one factory while anything references it. */
HRESULT rt_dxcore_factory_get(REFIID riid, void **factory);

/* A new adapter object for a driver ("" the built-in one), which it opens and reads, holding
 * a reference on its factory (rt_dxcore_adapter.c). Failures: E_OUTOFMEMORY or the
 * driver's (rt_adapter_open_driver). */
HRESULT rt_dxcore_adapter_create(struct rt_dxcore_factory *factory, const char *driver_path,
                                 struct rt_dxcore_adapter **adapter);
IDXCoreAdapter *rt_dxcore_adapter_iface(struct rt_dxcore_adapter *adapter);
const struct rt_dxcore_adapter_info *rt_dxcore_adapter_get_info(const struct rt_dxcore_adapter *adapter);

/* Factory services the adapter calls (rt_dxcore_factory.c). */
IDXCoreAdapterFactory *rt_dxcore_factory_iface(struct rt_dxcore_factory *factory);
/* The adapter's last reference went: the factory forgets it (its lock decides races). */
bool rt_dxcore_factory_release_adapter(struct rt_dxcore_factory *factory, struct rt_dxcore_adapter *adapter,
                                       atomic_uint *refcount);

/*
 * D3D12CreateDevice's adapter argument: NULL is the default adapter (driver_path NULL);
 * one of our DXCore adapters gives its driver's path. Anything else is E_INVALIDARG:
 * it is only asked QueryInterface for a private IID, which no other object answers.
 */
HRESULT rt_dxcore_adapter_driver_path(IUnknown *adapter, const char **driver_path,
                                      char buffer[RT_CONFIG_PATH_MAX]);

#endif
