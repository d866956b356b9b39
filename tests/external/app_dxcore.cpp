/*
 * A C++ DXCore client outside the tree, written as Mesa's d3d12 driver uses DXCore:
 * <d3d12rt/d3d12.h>, <d3d12rt/dxcore.h> (Microsoft's dxcore.h in C++: its enum classes,
 * templates and IID_PPV_ARGS), `pkg-config d3d12rt` and -ldxcore. It enumerates the D3D12
 * graphics adapters, reads the properties Mesa reads, creates a device on the first
 * adapter through the device factory, and checks the LUID and the memory budget against
 * the device's. Exit 0 on success.
 */
#include <d3d12rt/d3d12.h>
#include <d3d12rt/dxcore.h>
#include <wsl/wrladapter.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "app_check.h"

using Microsoft::WRL::ComPtr;


static uint64_t local_usage(IDXCoreAdapter *adapter)
{
    DXCoreAdapterMemoryBudgetNodeSegmentGroup group = {0, DXCoreSegmentGroup::Local};
    DXCoreAdapterMemoryBudget budget = {};

    if (FAILED(adapter->QueryState(DXCoreAdapterState::AdapterMemoryBudget, &group, &budget)))
        return UINT64_MAX;
    return budget.currentUsage;
}

int main()
{
    ComPtr<IDXCoreAdapterFactory> factory, again;
    ComPtr<IDXCoreAdapterList> list;
    ComPtr<IDXCoreAdapter> adapter;

    CHECK_HR(DXCoreCreateAdapterFactory(IID_PPV_ARGS(&factory)));
    CHECK_HR(DXCoreCreateAdapterFactory(IID_PPV_ARGS(&again)));
    CHECK(factory.Get() == again.Get());
    const GUID graphics = DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS;
    CHECK_HR(factory->CreateAdapterList(1, &graphics, IID_PPV_ARGS(&list)));
    CHECK(list->GetAdapterCount() == 1);
    CHECK_HR(list->GetAdapter(0, IID_PPV_ARGS(&adapter)));

    bool integrated = false;
    DXCoreHardwareID id = {};
    uint64_t shared = 0, version = 0;
    size_t size = 0;
    CHECK_HR(adapter->GetProperty(DXCoreAdapterProperty::IsIntegrated, &integrated));
    CHECK(integrated);
    CHECK_HR(adapter->GetProperty(DXCoreAdapterProperty::HardwareID, &id));
    CHECK(id.vendorID == 0x106b && id.deviceID == 0x1347);
    CHECK_HR(adapter->GetProperty(DXCoreAdapterProperty::SharedSystemMemory, &shared));
    CHECK(shared > 0);
    CHECK_HR(adapter->GetProperty(DXCoreAdapterProperty::DriverVersion, &version));
    CHECK(version >> 48 == 12);
    CHECK_HR(adapter->GetPropertySize(DXCoreAdapterProperty::DriverDescription, &size));
    std::vector<char> description(size);
    CHECK_HR(adapter->GetProperty(DXCoreAdapterProperty::DriverDescription, size, description.data()));
    CHECK(!std::strcmp(description.data(), "Apple AGX G13 (simulated)"));
    CHECK(adapter->GetProperty(DXCoreAdapterProperty::KmdModelVersion, size, description.data())
            == DXGI_ERROR_UNSUPPORTED);

    /* Mesa 22.3's path: the device factory, the adapter's IUnknown. */
    ComPtr<ID3D12DeviceFactory> device_factory;
    ComPtr<ID3D12Device> device;
    CHECK_HR(D3D12GetInterface(CLSID_D3D12DeviceFactory, IID_PPV_ARGS(&device_factory)));
    CHECK_HR(device_factory->CreateDevice(adapter.Get(), D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device)));
    LUID luid = device->GetAdapterLuid(), instance = {};
    CHECK_HR(adapter->GetProperty(DXCoreAdapterProperty::InstanceLuid, &instance));
    CHECK(luid.LowPart == instance.LowPart && luid.HighPart == instance.HighPart);
    ComPtr<IDXCoreAdapter> by_luid;
    CHECK_HR(factory->GetAdapterByLuid(luid, IID_PPV_ARGS(&by_luid)));
    CHECK(by_luid.Get() == adapter.Get());

    uint64_t before = local_usage(adapter.Get());
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
                                  D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 1 << 20, 1, 1, 1, DXGI_FORMAT_UNKNOWN,
                                {1, 0}, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    ComPtr<ID3D12Resource> buffer;
    CHECK_HR(device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON,
                                             nullptr, IID_PPV_ARGS(&buffer)));
    CHECK(local_usage(adapter.Get()) >= before + (1 << 20));
    std::printf("app_dxcore: %s, LUID %08x:%08x, %llu bytes in use\n", description.data(),
                static_cast<unsigned int>(luid.HighPart), static_cast<unsigned int>(luid.LowPart),
                static_cast<unsigned long long>(local_usage(adapter.Get())));
    return 0;
}
