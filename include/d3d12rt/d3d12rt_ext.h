/*
 * d3d12rt public headers: HRESULTs D3D12 returns that the DirectX-Headers Linux stubs do
 * not define, and d3d12rt's own additions (prefix D3D12RT_).
 */
#ifndef D3D12RT_D3D12RT_EXT_H
#define D3D12RT_D3D12RT_EXT_H

#include <d3d12rt/d3d12rt_base.h>

/* HRESULTs, with Windows' values. Guarded: some are in wsl/stubs/basetsd.h already. */
#ifndef DXGI_ERROR_INVALID_CALL
#define DXGI_ERROR_INVALID_CALL ((HRESULT)0x887A0001L)
#endif
#ifndef DXGI_ERROR_NOT_FOUND
#define DXGI_ERROR_NOT_FOUND ((HRESULT)0x887A0002L)
#endif
#ifndef DXGI_ERROR_MORE_DATA
#define DXGI_ERROR_MORE_DATA ((HRESULT)0x887A0003L)
#endif
#ifndef DXGI_ERROR_UNSUPPORTED
#define DXGI_ERROR_UNSUPPORTED ((HRESULT)0x887A0004L)
#endif
#ifndef DXGI_ERROR_DEVICE_REMOVED
#define DXGI_ERROR_DEVICE_REMOVED ((HRESULT)0x887A0005L)
#endif
#ifndef DXGI_ERROR_DEVICE_HUNG
#define DXGI_ERROR_DEVICE_HUNG ((HRESULT)0x887A0006L)
#endif
#ifndef DXGI_ERROR_DEVICE_RESET
#define DXGI_ERROR_DEVICE_RESET ((HRESULT)0x887A0007L)
#endif
#ifndef DXGI_ERROR_WAS_STILL_DRAWING
#define DXGI_ERROR_WAS_STILL_DRAWING ((HRESULT)0x887A000AL)
#endif
#ifndef DXGI_ERROR_DRIVER_INTERNAL_ERROR
#define DXGI_ERROR_DRIVER_INTERNAL_ERROR ((HRESULT)0x887A0020L)
#endif
#ifndef DXGI_ERROR_ALREADY_EXISTS
#define DXGI_ERROR_ALREADY_EXISTS ((HRESULT)0x887A0036L)
#endif
#ifndef D3D12_ERROR_ADAPTER_NOT_FOUND
#define D3D12_ERROR_ADAPTER_NOT_FOUND ((HRESULT)0x887E0001L)
#endif
#ifndef D3D12_ERROR_DRIVER_VERSION_MISMATCH
#define D3D12_ERROR_DRIVER_VERSION_MISMATCH ((HRESULT)0x887E0002L)
#endif
#ifndef D3D12_ERROR_INVALID_REDIST
#define D3D12_ERROR_INVALID_REDIST ((HRESULT)0x887E0003L)
#endif
#ifndef E_NOTIMPL
#define E_NOTIMPL ((HRESULT)0x80004001L)
#endif
#ifndef E_NOINTERFACE
#define E_NOINTERFACE ((HRESULT)0x80004002L)
#endif
#ifndef E_POINTER
#define E_POINTER ((HRESULT)0x80004003L)
#endif
#ifndef E_FAIL
#define E_FAIL ((HRESULT)0x80004005L)
#endif
#ifndef E_OUTOFMEMORY
#define E_OUTOFMEMORY ((HRESULT)0x8007000EL)
#endif
#ifndef E_INVALIDARG
#define E_INVALIDARG ((HRESULT)0x80070057L)
#endif

/* D3D_SHADER_MODEL_NONE of newer DirectX-Headers (0; 1.606.4 lacks it): the
 * D3D12_FEATURE_SHADER_MODEL answer of a device that runs no shaders ("D3D_SHADER_MODEL
 * enumeration", Microsoft Learn), here a driver that reports neither DXBC nor DXIL. */
#define D3D12RT_SHADER_MODEL_NONE ((D3D_SHADER_MODEL)0)

/* d3d12rt's own CheckFeatureSupport query: how the runtime drives the driver, in the
 * sense of D3D11's threading caps. Its value sits far above Microsoft's features. */
#define D3D12RT_FEATURE_THREADING ((D3D12_FEATURE)0x10000)

typedef struct D3D12RT_FEATURE_DATA_THREADING
{
    BOOL DriverConcurrentCreates; /* the driver takes DDI calls from several threads at once */
    BOOL DriverCommandLists;      /* the driver records command lists itself (not emulated) */
} D3D12RT_FEATURE_DATA_THREADING;

/* d3d12rt's form of IDXGIAdapter3::QueryVideoMemoryInfo (there is no DXGI here), through
 * CheckFeatureSupport: the memory budget heaps and committed resources are created
 * against (CreateHeap and CreateCommittedResource answer E_OUTOFMEMORY past it; 0: no
 * limit) and the bytes they take now. On this unified-memory GPU the budget is the
 * shared system memory the driver reports (half the RAM on agx_umd). */
#define D3D12RT_FEATURE_VIDEO_MEMORY_INFO ((D3D12_FEATURE)0x10001)

typedef struct D3D12RT_FEATURE_DATA_VIDEO_MEMORY_INFO
{
    UINT64 Budget;
    UINT64 CurrentUsage;
} D3D12RT_FEATURE_DATA_VIDEO_MEMORY_INFO;

#endif /* D3D12RT_D3D12RT_EXT_H */
