/*
 * d3d12rt: DXCore adapter enumeration (libdxcore.so), for C and C++.
 *
 *     #include <d3d12rt/dxcore.h>
 *     cc app.c $(pkg-config --cflags --libs d3d12rt) -ldxcore
 *
 * In C++ this is DirectX-Headers' own dxcore.h (its enum classes, templates and
 * IID_PPV_ARGS). DirectX-Headers declares DXCore for C++ only; in C this header declares
 * the same types and interfaces in the C form: an enum class's constants are
 * Type_Constant (DXCoreAdapterProperty::InstanceLuid is DXCoreAdapterProperty_InstanceLuid),
 * bool is C's bool (one byte, as DirectX-Headers asserts), and
 * IDXCoreAdapterFactory::GetAdapterByLuid takes the LUID by pointer (a reference in C++).
 * The interfaces come from d3d12rt_dxcore.idl (tools/gen_com_header.py --c-only).
 * libdxcore.so provides storage for the IIDs and attribute GUIDs. specs/api.md, "DXCore",
 * says what libdxcore.so answers.
 */
#ifndef D3D12RT_DXCORE_H
#define D3D12RT_DXCORE_H

#include <wsl/winadapter.h>

#ifdef __cplusplus

#include <directx/dxcore.h>
#include <dxguids/dxguids.h>

#else /* C */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define _FACDXCORE 0x880
#define MAKE_DXCORE_HRESULT(code) MAKE_HRESULT(1, _FACDXCORE, code)

typedef enum DXCoreAdapterProperty
{
    DXCoreAdapterProperty_InstanceLuid = 0,
    DXCoreAdapterProperty_DriverVersion = 1,
    DXCoreAdapterProperty_DriverDescription = 2,
    DXCoreAdapterProperty_HardwareID = 3,
    DXCoreAdapterProperty_KmdModelVersion = 4,
    DXCoreAdapterProperty_ComputePreemptionGranularity = 5,
    DXCoreAdapterProperty_GraphicsPreemptionGranularity = 6,
    DXCoreAdapterProperty_DedicatedAdapterMemory = 7,
    DXCoreAdapterProperty_DedicatedSystemMemory = 8,
    DXCoreAdapterProperty_SharedSystemMemory = 9,
    DXCoreAdapterProperty_AcgCompatible = 10,
    DXCoreAdapterProperty_IsHardware = 11,
    DXCoreAdapterProperty_IsIntegrated = 12,
    DXCoreAdapterProperty_IsDetachable = 13,
    DXCoreAdapterProperty_HardwareIDParts = 14,
} DXCoreAdapterProperty;

typedef enum DXCoreAdapterState
{
    DXCoreAdapterState_IsDriverUpdateInProgress = 0,
    DXCoreAdapterState_AdapterMemoryBudget = 1,
} DXCoreAdapterState;

typedef enum DXCoreSegmentGroup
{
    DXCoreSegmentGroup_Local = 0,
    DXCoreSegmentGroup_NonLocal = 1,
} DXCoreSegmentGroup;

typedef enum DXCoreNotificationType
{
    DXCoreNotificationType_AdapterListStale = 0,
    DXCoreNotificationType_AdapterNoLongerValid = 1,
    DXCoreNotificationType_AdapterBudgetChange = 2,
    DXCoreNotificationType_AdapterHardwareContentProtectionTeardown = 3,
} DXCoreNotificationType;

typedef enum DXCoreAdapterPreference
{
    DXCoreAdapterPreference_Hardware = 0,
    DXCoreAdapterPreference_MinimumPower = 1,
    DXCoreAdapterPreference_HighPerformance = 2,
} DXCoreAdapterPreference;

typedef struct DXCoreHardwareID
{
    uint32_t vendorID;
    uint32_t deviceID;
    uint32_t subSysID;
    uint32_t revision;
} DXCoreHardwareID;

typedef struct DXCoreHardwareIDParts
{
    uint32_t vendorID;
    uint32_t deviceID;
    uint32_t subSystemID;
    uint32_t subVendorID;
    uint32_t revisionID;
} DXCoreHardwareIDParts;

typedef struct DXCoreAdapterMemoryBudgetNodeSegmentGroup
{
    uint32_t nodeIndex;
    DXCoreSegmentGroup segmentGroup;
} DXCoreAdapterMemoryBudgetNodeSegmentGroup;

typedef struct DXCoreAdapterMemoryBudget
{
    uint64_t budget;
    uint64_t currentUsage;
    uint64_t availableForReservation;
    uint64_t currentReservation;
} DXCoreAdapterMemoryBudget;

typedef void (STDMETHODCALLTYPE *PFN_DXCORE_NOTIFICATION_CALLBACK)(DXCoreNotificationType notificationType,
        IUnknown *object, void *context);

DEFINE_GUID(DXCORE_ADAPTER_ATTRIBUTE_D3D11_GRAPHICS, 0x8c47866b, 0x7583, 0x450d, 0xf0, 0xf0, 0x6b, 0xad, 0xa8, 0x95,
        0xaf, 0x4b);
DEFINE_GUID(DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS, 0x0c9ece4d, 0x2f6e, 0x4f01, 0x8c, 0x96, 0xe8, 0x9e, 0x33, 0x1b,
        0x47, 0xb1);
DEFINE_GUID(DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE, 0x248e2800, 0xa793, 0x4724, 0xab, 0xaa, 0x23, 0xa6, 0xde,
        0x1b, 0xe0, 0x90);

#include <d3d12rt/d3d12rt_dxcore_interfaces.h>

STDAPI DXCoreCreateAdapterFactory(REFIID riid, void **ppvFactory);

#endif /* C */

#endif /* D3D12RT_DXCORE_H */
