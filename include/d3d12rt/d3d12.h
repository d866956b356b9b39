/*
 * d3d12rt: the one header applications include.
 *
 *     #include <d3d12rt/d3d12.h>
 *     cc app.c $(pkg-config --cflags --libs d3d12rt)
 *     c++ app.cpp $(pkg-config --cflags --libs d3d12rt)
 *
 * It brings in Microsoft's DirectX-Headers (through wsl/winadapter.h) and declares what
 * DirectX-Headers 1.606.4 lacks: ID3D12GraphicsCommandList9-12 with the Async Commands, the
 * preview ID3D12CommandListAsyncCommands, the fallback opt-in, ID3D12Device12-16,
 * ExecuteTileMappings, newer message IDs and d3d12rt's own additions. Every interface comes
 * in both of DirectX-Headers' forms: C++ classes (pure virtual methods, __uuidof and
 * IID_PPV_ARGS; in C++ this header also brings DirectX-Headers' dxguids.h, which does the
 * same for Microsoft's interfaces) and, in C or with CINTERFACE, lpVtbl structs; define
 * COBJMACROS before including for the Interface_Method(This, ...) call macros.
 * libd3d12.so provides storage for every IID and CLSID declared here.
 *
 * On Linux an event HANDLE (ID3D12Fence::SetEventOnCompletion, ID3D12Device1::
 * SetEventOnMultipleFenceCompletion) is an eventfd descriptor cast to a pointer,
 * (HANDLE)(intptr_t)fd; NULL blocks until the fence completes.
 */
#ifndef D3D12RT_D3D12_H
#define D3D12RT_D3D12_H

#include <wsl/winadapter.h>
#include <directx/dxgiformat.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#ifdef __cplusplus
/* Before dxguids.h, which is read once and gives __uuidof to the interfaces declared
 * before it: DXCore's too, whichever of d3d12.h and dxcore.h comes first. */
#include <directx/dxcore_interface.h>
#include <dxguids/dxguids.h>
#endif

#include <d3d12rt/d3d12rt_base.h>
#include <d3d12rt/d3d12rt_ext.h>
#include <d3d12rt/d3d12rt_messages.h>
#include <d3d12rt/d3d12rt_interfaces.h>

#endif /* D3D12RT_D3D12_H */
