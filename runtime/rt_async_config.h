/*
 * ID3D12AsyncCommandsFallback: the application's Async Commands fallback opt-in (seed 000).
 * A factory-local configuration object, handed out by
 * ID3D12DeviceFactory::GetConfigurationInterface(CLSID_D3D12AsyncCommandsFallback): it reads
 * and writes the factory's setting, which each device the factory creates copies
 * (struct rt_startup_options::async_commands_fallback_enabled). specs/runtime.md.
 */
#ifndef RT_ASYNC_CONFIG_H
#define RT_ASYNC_CONFIG_H

#include "rt_common.h"

/* A new object bound to factory (which it keeps alive), as riid: IID_ID3D12AsyncCommandsFallback
 * or IID_IUnknown; E_NOINTERFACE (object cleared) for anything else; object NULL only checks
 * riid (S_FALSE). */
HRESULT rt_async_commands_fallback_create(ID3D12DeviceFactory *factory, REFIID riid, void **object);

#endif
