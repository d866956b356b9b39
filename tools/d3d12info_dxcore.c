/*
 * d3d12info's DXCORE_ADAPTER section: the device's adapter as libdxcore.so describes it
 * (found by the device's LUID), every property DirectX-Headers declares, the D3D12
 * attributes and the local memory budget. Properties the adapter does not answer print
 * as null with the reason.
 */
#include <stdio.h>

#include "d3d12info_features.h"
#include "rt_dxcore.h"

static const struct
{
    DXCoreAdapterProperty property;
    const char *key;
}
dxcore_properties[] =
{
    {DXCoreAdapterProperty_InstanceLuid, "InstanceLuid"},
    {DXCoreAdapterProperty_DriverVersion, "DriverVersion"},
    {DXCoreAdapterProperty_DriverDescription, "DriverDescription"},
    {DXCoreAdapterProperty_HardwareID, "HardwareID"},
    {DXCoreAdapterProperty_KmdModelVersion, "KmdModelVersion"},
    {DXCoreAdapterProperty_ComputePreemptionGranularity, "ComputePreemptionGranularity"},
    {DXCoreAdapterProperty_GraphicsPreemptionGranularity, "GraphicsPreemptionGranularity"},
    {DXCoreAdapterProperty_DedicatedAdapterMemory, "DedicatedAdapterMemory"},
    {DXCoreAdapterProperty_DedicatedSystemMemory, "DedicatedSystemMemory"},
    {DXCoreAdapterProperty_SharedSystemMemory, "SharedSystemMemory"},
    {DXCoreAdapterProperty_AcgCompatible, "AcgCompatible"},
    {DXCoreAdapterProperty_IsHardware, "IsHardware"},
    {DXCoreAdapterProperty_IsIntegrated, "IsIntegrated"},
    {DXCoreAdapterProperty_IsDetachable, "IsDetachable"},
    {DXCoreAdapterProperty_HardwareIDParts, "HardwareIDParts"},
};

static void print_property(struct info_printer *p, IDXCoreAdapter *adapter, DXCoreAdapterProperty property,
        const char *key)
{
    union
    {
        LUID luid;
        uint64_t u64;
        uint16_t u16;
        bool flag;
        DXCoreHardwareID id;
        DXCoreHardwareIDParts parts;
        char text[256];
    } value;
    char line[64];
    HRESULT hr;

    memset(&value, 0, sizeof(value));
    if (FAILED(hr = IDXCoreAdapter_GetProperty(adapter, property, sizeof(value), &value)))
    {
        snprintf(line, sizeof(line), "not supported (0x%08x)", (unsigned int)hr);
        info_null(p, key, line);
        return;
    }
    switch (property)
    {
        case DXCoreAdapterProperty_InstanceLuid:
            snprintf(line, sizeof(line), "%08x:%08x", (unsigned int)value.luid.HighPart, value.luid.LowPart);
            info_string(p, key, line);
            break;
        case DXCoreAdapterProperty_DriverVersion:
            snprintf(line, sizeof(line), "%u.%u.%u.%u", (unsigned int)(value.u64 >> 48),
                    (unsigned int)(value.u64 >> 32) & 0xffffu, (unsigned int)(value.u64 >> 16) & 0xffffu,
                    (unsigned int)value.u64 & 0xffffu);
            info_string(p, key, line);
            break;
        case DXCoreAdapterProperty_DriverDescription:
            info_string(p, key, value.text);
            break;
        case DXCoreAdapterProperty_HardwareID:
            info_object_begin(p, key);
            info_uint(p, "vendorID", value.id.vendorID);
            info_uint(p, "deviceID", value.id.deviceID);
            info_uint(p, "subSysID", value.id.subSysID);
            info_uint(p, "revision", value.id.revision);
            info_object_end(p);
            break;
        case DXCoreAdapterProperty_HardwareIDParts:
            info_object_begin(p, key);
            info_uint(p, "vendorID", value.parts.vendorID);
            info_uint(p, "deviceID", value.parts.deviceID);
            info_uint(p, "subSystemID", value.parts.subSystemID);
            info_uint(p, "subVendorID", value.parts.subVendorID);
            info_uint(p, "revisionID", value.parts.revisionID);
            info_object_end(p);
            break;
        case DXCoreAdapterProperty_ComputePreemptionGranularity:
        case DXCoreAdapterProperty_GraphicsPreemptionGranularity:
            info_uint(p, key, value.u16);
            break;
        case DXCoreAdapterProperty_AcgCompatible:
        case DXCoreAdapterProperty_IsHardware:
        case DXCoreAdapterProperty_IsIntegrated:
        case DXCoreAdapterProperty_IsDetachable:
            info_bool(p, key, value.flag);
            break;
        default:
            info_uint(p, key, value.u64);
            break;
    }
}

void info_print_dxcore(struct info_printer *p, ID3D12Device *device)
{
    static const GUID clsid = RT_CLSID_DXCORE_ADAPTER_FACTORY_INIT;
    DXCoreAdapterMemoryBudgetNodeSegmentGroup group = {0, DXCoreSegmentGroup_Local};
    IDXCoreAdapterFactory *factory = NULL;
    DXCoreAdapterMemoryBudget budget;
    IDXCoreAdapter *adapter = NULL;
    LUID luid = ID3D12Device_GetAdapterLuid(device);
    unsigned int i;

    if (FAILED(D3D12GetInterface(&clsid, &IID_IDXCoreAdapterFactory, (void **)&factory))
            || FAILED(IDXCoreAdapterFactory_GetAdapterByLuid(factory, &luid, &IID_IDXCoreAdapter, (void **)&adapter)))
    {
        info_null(p, "DXCORE_ADAPTER", "no DXCore adapter has the device's LUID");
        if (factory)
            IDXCoreAdapterFactory_Release(factory);
        return;
    }
    info_object_begin(p, "DXCORE_ADAPTER");
    for (i = 0; i < INFO_COUNT(dxcore_properties); ++i)
        print_property(p, adapter, dxcore_properties[i].property, dxcore_properties[i].key);
    info_object_begin(p, "Attributes");
    info_bool(p, "D3D12_GRAPHICS", IDXCoreAdapter_IsAttributeSupported(adapter,
            &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS));
    info_bool(p, "D3D12_CORE_COMPUTE", IDXCoreAdapter_IsAttributeSupported(adapter,
            &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE));
    info_bool(p, "D3D11_GRAPHICS", IDXCoreAdapter_IsAttributeSupported(adapter,
            &DXCORE_ADAPTER_ATTRIBUTE_D3D11_GRAPHICS));
    info_object_end(p);
    if (SUCCEEDED(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(group), &group,
            sizeof(budget), &budget)))
    {
        info_object_begin(p, "AdapterMemoryBudget");
        info_uint(p, "budget", budget.budget);
        info_uint(p, "currentUsage", budget.currentUsage);
        info_uint(p, "availableForReservation", budget.availableForReservation);
        info_uint(p, "currentReservation", budget.currentReservation);
        info_object_end(p);
    }
    info_object_end(p);
    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterFactory_Release(factory);
}
