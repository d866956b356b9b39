/*
 * libdxcore.so: DXCoreCreateAdapterFactory, and storage for DXCore's IIDs and attribute
 * GUIDs. The objects live in libd3d12.so (rt_dxcore.h): this library asks for them
 * through D3D12GetInterface with a class private to d3d12rt, so a process has one factory,
 * one set of adapters and one count of each adapter's memory whichever library it loads
 * first.
 */
#include "rt_dxcore.h"

#define DXCORE_EXPORT __attribute__((visibility("default")))

DXCORE_EXPORT STDAPI DXCoreCreateAdapterFactory(REFIID riid, void **factory)
{
    static const GUID clsid = RT_CLSID_DXCORE_ADAPTER_FACTORY_INIT;

    /* Microsoft Learn: E_POINTER for a NULL output, E_NOINTERFACE for another riid. */
    if (!factory)
        return E_POINTER;
    return D3D12GetInterface(&clsid, riid, factory);
}
