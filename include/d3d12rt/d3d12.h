/*
 * d3d12rt: the one header applications include.
 *
 *     #include <d3d12rt/d3d12.h>
 *     cc app.c $(pkg-config --cflags --libs d3d12rt)
 *
 * It brings in Microsoft's DirectX-Headers (the C interface form, through
 * wsl/winadapter.h) and declares, in the same C COM style, what DirectX-Headers 1.606.4
 * lacks: ID3D12GraphicsCommandList9-12 with the Async Commands, the preview
 * ID3D12CommandListAsyncCommands, the fallback opt-in, ID3D12Device12-16,
 * ExecuteTileMappings, newer message IDs and d3d12rt's own additions. libd3d12.so
 * provides storage for every IID and CLSID declared here. Define COBJMACROS before
 * including for the Interface_Method(This, ...) call macros.
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

#include <d3d12rt/d3d12rt_base.h>
#include <d3d12rt/d3d12rt_ext.h>
#include <d3d12rt/d3d12rt_messages.h>
#include <d3d12rt/d3d12_cmdlist.h>
#include <d3d12rt/d3d12_async_commands.h>
#include <d3d12rt/d3d12_device12.h>
#include <d3d12rt/d3d12_device15.h>
#include <d3d12rt/d3d12_tile_mappings.h>

#endif /* D3D12RT_D3D12_H */
