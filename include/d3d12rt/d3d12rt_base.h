/*
 * d3d12rt public headers: what every other header here builds on, the DirectX-Headers
 * 1.606.4 declarations in the order they need each other. They give the C++ form (a
 * class per interface) or, in C and in C++ with CINTERFACE, the C form (lpVtbl).
 */
#ifndef D3D12RT_BASE_H
#define D3D12RT_BASE_H

#include <limits.h>
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>

#ifdef __cplusplus
#define D3D12RT_STATIC_ASSERT(expr, msg) static_assert(expr, msg)
#else
#define D3D12RT_STATIC_ASSERT(expr, msg) _Static_assert(expr, msg)
#endif

#endif /* D3D12RT_BASE_H */
