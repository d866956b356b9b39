/*
 * d3d12rt driver contract: the user-mode driver interface between the runtime and a
 * driver, in the shape of the Windows D3D12 UMD DDI (adapter entry point, version
 * negotiation, GetCaps, per-type function tables, driver objects in runtime memory,
 * runtime callbacks). specs/ddi.md is the prose contract.
 *
 * Plain data types of the D3D12 API (descs, enums, boxes, footprints, barrier
 * enums) are reused as they are; wherever the API carries a COM pointer the DDI
 * carries a driver handle instead.
 */
#ifndef D3D12RT_DDI_H
#define D3D12RT_DDI_H

#include <stdint.h>
#include <stddef.h>
#include <wsl/winadapter.h>
#include <directx/d3d12.h>

#ifndef APIENTRY
#define APIENTRY
#endif

/* ---- Results ------------------------------------------------------------------------ */

/* Beyond the Windows codes a driver returns (S_OK, E_OUTOFMEMORY, E_INVALIDARG,
 * E_NOTIMPL, E_FAIL, DXGI_ERROR_UNSUPPORTED, DXGI_ERROR_DEVICE_REMOVED/_HUNG/_RESET,
 * all named by DirectX-Headers' WSL adapter), the one the contract names itself:
 * HRESULT_FROM_WIN32(ERROR_INSUFFICIENT_BUFFER), a GetSupportedVersions array too short. */
#define D3D12DDI_E_INSUFFICIENT_BUFFER ((HRESULT)0x8007007AL)

/* ---- Handles --------------------------------------------------------------------- */

/* A driver handle points at the driver's object, which lives in memory the runtime
 * allocated with the size the driver asked for (CalcPrivate*Size). */
#define D3D12DDI_DECLARE_DRV_HANDLE(name) typedef struct name { void *pDrvPrivate; } name
/* A runtime handle is passed back to the runtime in callbacks. */
#define D3D12DDI_DECLARE_RT_HANDLE(name) typedef struct name { void *handle; } name

D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HADAPTER);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HDEVICE);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HRESOURCE);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HHEAP);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HCOMMANDQUEUE);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HCOMMANDALLOCATOR);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HCOMMANDLIST);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HFENCE);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HDESCRIPTORHEAP);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HQUERYHEAP);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HROOTSIGNATURE);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HPIPELINESTATE);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HCOMMANDSIGNATURE);
D3D12DDI_DECLARE_DRV_HANDLE(D3D12DDI_HTILEMAPPINGQUEUE_0124);

D3D12DDI_DECLARE_RT_HANDLE(D3D12DDI_HRTADAPTER);
D3D12DDI_DECLARE_RT_HANDLE(D3D12DDI_HRTDEVICE);
D3D12DDI_DECLARE_RT_HANDLE(D3D12DDI_HRTRESOURCE);
D3D12DDI_DECLARE_RT_HANDLE(D3D12DDI_HRTCOMMANDQUEUE);
D3D12DDI_DECLARE_RT_HANDLE(D3D12DDI_HRTCOMMANDLIST);
D3D12DDI_DECLARE_RT_HANDLE(D3D12DDI_HRTTABLE);

/* CPU descriptors are driver-written memory; the runtime does handle arithmetic. */
typedef struct D3D12DDI_CPU_DESCRIPTOR_HANDLE { SIZE_T ptr; } D3D12DDI_CPU_DESCRIPTOR_HANDLE;
typedef struct D3D12DDI_GPU_DESCRIPTOR_HANDLE { UINT64 ptr; } D3D12DDI_GPU_DESCRIPTOR_HANDLE;

/* ---- Versions ---------------------------------------------------------------------- */

/* token = (Interface << 32) | (Build << 16); Interface = (12 << 16) | minor. */
#define D3D12DDI_MAKE_VERSION(minor, build) \
    ((((UINT64)((12u << 16) | (minor))) << 32) | ((UINT64)(build) << 16))
#define D3D12DDI_VERSION_INTERFACE(v) ((UINT)((v) >> 32))
#define D3D12DDI_VERSION_BUILD(v) ((UINT)(((v) >> 16) & 0xffffu))

/* The only version this runtime speaks: R8 (minor 80), build 124. */
#define D3D12DDI_SUPPORTED_0124 D3D12DDI_MAKE_VERSION(80, 124)
#define D3D12DDI_INTERFACE_VERSION_R8 ((12u << 16) | 80u)
#define D3D12DDI_BUILD_VERSION_0124 124u

/* ---- Capabilities ------------------------------------------------------------------ */

typedef enum D3D12DDICAPS_TYPE
{
    D3D12DDICAPS_TYPE_ARCHITECTURE_INFO = 1005,
    D3D12DDICAPS_TYPE_D3D12_OPTIONS = 1006,
    D3D12DDICAPS_TYPE_3DPIPELINESUPPORT = 1007,
    D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS = 1100,
    D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS = 1101,
    D3D12DDICAPS_TYPE_0124_THREADING = 1102,
    D3D12DDICAPS_TYPE_0124_GPU_INFO = 1103,
} D3D12DDICAPS_TYPE;

typedef struct D3D12DDIARG_GETCAPS
{
    D3D12DDICAPS_TYPE Type;
    const void *pInfo;      /* optional selector: e.g. a node index for per-node caps */
    void *pData;
    UINT DataSize;          /* must equal the size of the caps type's struct */
} D3D12DDIARG_GETCAPS;

typedef struct D3D12DDI_ARCHITECTURE_INFO
{
    BOOL TileBasedDeferredRenderer;
    BOOL UMA;
    BOOL CacheCoherentUMA;
    BOOL IsolatedMMU;
} D3D12DDI_ARCHITECTURE_INFO;

typedef struct D3D12DDI_D3D12_OPTIONS_DATA_0124
{
    D3D12_RESOURCE_BINDING_TIER ResourceBindingTier;
    D3D12_TILED_RESOURCES_TIER TiledResourcesTier;   /* Tier 5 = D3D12_TILED_RESOURCES_TIER_5 */
    D3D12_RESOURCE_HEAP_TIER ResourceHeapTier;
    D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER ProgrammableSamplePositionsTier;
    D3D12_RENDER_PASS_TIER RenderPassTier;
    D3D12_CONSERVATIVE_RASTERIZATION_TIER ConservativeRasterizationTier;
    BOOL DoublePrecisionFloatShaderOps;
    BOOL ROVsSupported;
    BOOL TypedUAVLoadAdditionalFormats;
    UINT MaxGPUVirtualAddressBitsPerResource;
    BOOL EnhancedBarriersSupported;
    BOOL DXILSupported;     /* the driver runs DXIL shaders */
    BOOL DXBCSupported;     /* the driver runs shader model 4/5 DXBC, the runtime's own shaders included */
    BOOL CopyQueueTimestampQueriesSupported;   /* timestamps on copy lists, in COPY_QUEUE_TIMESTAMP heaps */
    BOOL VPAndRTArrayIndexFromAnyShaderFeedingRasterizer;   /* VS (not only GS) outputs select viewport and slice */
    BOOL OutputMergerLogicOp;   /* D3D12_LOGIC_OPs on targets whose format has FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP */
    /* With DXILSupported: the newest shader model (D3D_SHADER_MODEL_6_0 or later) every
     * required operation of which the driver runs; not read without it (DXBC is 5.1). */
    D3D_SHADER_MODEL HighestShaderModel;
} D3D12DDI_D3D12_OPTIONS_DATA_0124;

typedef enum D3D12DDI_3DPIPELINELEVEL
{
    /* Generic (ML) devices only: no D3D12 device level of the API headers reaches it. */
    D3D12DDI_3DPIPELINELEVEL_1_0_GENERIC = 1,
    D3D12DDI_3DPIPELINELEVEL_1_0_CORE = 2,
    D3D12DDI_3DPIPELINELEVEL_11_0 = 10,
    D3D12DDI_3DPIPELINELEVEL_11_1 = 11,
    D3D12DDI_3DPIPELINELEVEL_12_0 = 12,
    D3D12DDI_3DPIPELINELEVEL_12_1 = 13,
    D3D12DDI_3DPIPELINELEVEL_12_2 = 14,
} D3D12DDI_3DPIPELINELEVEL;

typedef struct D3D12DDI_3DPIPELINESUPPORT_CAPS
{
    D3D12DDI_3DPIPELINELEVEL MaximumLevel;   /* the highest level, not a mask */
} D3D12DDI_3DPIPELINESUPPORT_CAPS;

#define D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1 1u
typedef struct D3D12DDI_ASYNC_COMMANDS_CAPS_0124
{
    BOOL Supported;          /* the driver fills D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST */
    UINT FeatureVersion;     /* D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1 */
} D3D12DDI_ASYNC_COMMANDS_CAPS_0124;

/* Seed 001: per node (pInfo points at a UINT node index). */
typedef struct D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124
{
    UINT NodeIndex;
    UINT MaxTilePoolLayoutIndexCount;
    UINT MaxResourceLayoutIndexCount;
    BOOL UMDOnlySupport;
} D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124;

/* Seed 004: threading caps, answered before the device is created. */
#define D3D12DDICAPS_THREADING_FREETHREADED 0x1u
#define D3D12DDICAPS_THREADING_COMMANDLISTS 0x2u   /* requires FREETHREADED */
typedef struct D3D12DDI_THREADING_CAPS_0124
{
    UINT Caps;
} D3D12DDI_THREADING_CAPS_0124;

typedef struct D3D12DDI_GPU_INFO_0124
{
    char Description[128];
    UINT VendorId;
    UINT DeviceId;
    UINT64 DedicatedVideoMemory;
    UINT64 SharedSystemMemory;
    LUID AdapterLuid;
} D3D12DDI_GPU_INFO_0124;

/* ---- Table types ------------------------------------------------------------------- */

typedef enum D3D12DDI_TABLE_TYPE
{
    D3D12DDI_TABLE_TYPE_DEVICE_CORE = 0,
    D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D = 1,
    D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D = 2,
    D3D12DDI_TABLE_TYPE_0043_RENDER_PASS = 20,
    D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS = 40,
    D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST = 41,
} D3D12DDI_TABLE_TYPE;

/* ---- Runtime callbacks ---------------------------------------------------------------- */

typedef struct D3D12DDI_CORELAYER_DEVICECALLBACKS_0124
{
    /* A recording DDI failed (E_OUTOFMEMORY, E_INVALIDARG for input the driver cannot
     * execute, DXGI_ERROR_DEVICE_REMOVED): the runtime removes that command list. */
    void (APIENTRY *pfnSetCommandListErrorCb)(D3D12DDI_HRTCOMMANDLIST, HRESULT);
    /* The device is lost (hang, fault): the runtime removes the device. */
    void (APIENTRY *pfnSetDeviceErrorCb)(D3D12DDI_HRTDEVICE, HRESULT);
    /* A DDI that returns void reports a creation failure through this. */
    void (APIENTRY *pfnSetErrorCb)(D3D12DDI_HRTDEVICE, HRESULT);
    /* Why the driver refused something (a resource, view or pipeline it cannot make, a
     * command it cannot record), in UTF-8, from any thread, during or after the call:
     * the runtime passes the text to the info queue with the API's category and severity
     * and to D3D12RT_TRACE=warn. Telling is optional; the HRESULT still decides. */
    void (APIENTRY *pfnMessageCb)(D3D12DDI_HRTDEVICE, D3D12_MESSAGE_CATEGORY, D3D12_MESSAGE_SEVERITY,
                                  const char *pMessage);
    /* An ExecuteTileMappings token stream failed on the tile mapping queue's timeline
     * (seed 001): Code 128-134, the failing token's byte offset from ArgumentBufferOffset.
     * Once per failed call, before the driver stops that queue's work. The runtime emits
     * the one EXECUTETILEMAPPINGS_EXECUTION_ERROR message and removes the device. */
    void (APIENTRY *pfnExecuteTileMappingsErrorCb)(D3D12DDI_HRTDEVICE, UINT Code, UINT64 TokenByteOffset);
} D3D12DDI_CORELAYER_DEVICECALLBACKS_0124;

/* ---- Adapter ---------------------------------------------------------------------- */

#define D3D12DDI_CREATEDEVICE_FLAG_SINGLETHREADED 0x1u

typedef struct D3D12DDIARG_CALCPRIVATEDEVICESIZE
{
    UINT Interface;
    UINT Version;
    UINT Flags;
} D3D12DDIARG_CALCPRIVATEDEVICESIZE;

typedef struct D3D12DDIARG_CREATEDEVICE_0124
{
    D3D12DDI_HRTDEVICE hRTDevice;
    UINT Interface;                 /* negotiated version, split as in the token */
    UINT Version;
    const D3D12DDI_CORELAYER_DEVICECALLBACKS_0124 *pCallbacks;
    D3D12DDI_HDEVICE hDrvDevice;    /* memory of CalcPrivateDeviceSize bytes */
    D3D12DDI_3DPIPELINELEVEL PipelineLevel;  /* chosen by the runtime (seed 004) */
    UINT Flags;                     /* D3D12DDI_CREATEDEVICE_FLAG_* */
    /* The GPU watchdog's budget per command list, in milliseconds (0: none): a list that
     * runs longer loses the device with DXGI_ERROR_DEVICE_HUNG (Windows' TDR). */
    UINT GpuTimeoutMs;
} D3D12DDIARG_CREATEDEVICE_0124;

typedef struct D3D12DDI_ADAPTERFUNCS_0124
{
    SIZE_T (APIENTRY *pfnCalcPrivateDeviceSize)(D3D12DDI_HADAPTER, const D3D12DDIARG_CALCPRIVATEDEVICESIZE *);
    HRESULT (APIENTRY *pfnCreateDevice)(D3D12DDI_HADAPTER, D3D12DDIARG_CREATEDEVICE_0124 *);
    HRESULT (APIENTRY *pfnCloseAdapter)(D3D12DDI_HADAPTER);
    /* Two-call: NULL pVersions returns the count; a short array fails with
     * HRESULT_FROM_WIN32(ERROR_INSUFFICIENT_BUFFER). */
    HRESULT (APIENTRY *pfnGetSupportedVersions)(D3D12DDI_HADAPTER, UINT32 *puEntries, UINT64 *pVersions);
    /* Unknown caps types: E_NOTIMPL; wrong DataSize: E_INVALIDARG. */
    HRESULT (APIENTRY *pfnGetCaps)(D3D12DDI_HADAPTER, const D3D12DDIARG_GETCAPS *);
    /* Fills the table of a type for the device; tableSize must equal the struct size.
     * Tables the driver does not implement fail with E_NOTIMPL. */
    HRESULT (APIENTRY *pfnFillDDITable)(D3D12DDI_HDEVICE, D3D12DDI_TABLE_TYPE, void *pTable,
                                        SIZE_T tableSize, UINT tableNum, D3D12DDI_HRTTABLE);
    void (APIENTRY *pfnDestroyDevice)(D3D12DDI_HDEVICE);
} D3D12DDI_ADAPTERFUNCS_0124;

typedef struct D3D12DDIARG_OPENADAPTER_0124
{
    D3D12DDI_HRTADAPTER hRTAdapter;                 /* in */
    D3D12DDI_HADAPTER hAdapter;                     /* out: the driver's adapter */
    D3D12DDI_ADAPTERFUNCS_0124 *pAdapterFuncs;      /* out: filled by the driver */
} D3D12DDIARG_OPENADAPTER_0124;

/* The one symbol a driver library exports. */
typedef HRESULT (APIENTRY *PFND3D12DDI_OPENADAPTER_0124)(D3D12DDIARG_OPENADAPTER_0124 *);
#define D3D12DDI_OPENADAPTER_SYMBOL "D3D12RTOpenAdapter12"

#include "d3d12ddi_tile_mapping.h"
#include "d3d12ddi_device.h"
#include "d3d12ddi_cmdlist.h"
#include "d3d12ddi_queue.h"

#endif
