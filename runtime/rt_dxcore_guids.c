/*
 * Storage for DXCore's IIDs and attribute GUIDs (d3d12rt/dxcore.h), and for nothing else
 * (IUnknown's is rt_guids.c's). Built twice: hidden in libd3d12.so for the runtime's
 * objects, and with RT_DXCORE_EXPORT_GUIDS into libdxcore.so, which exports them for
 * applications (in C++ DirectX-Headers' dxcore.h declares them extern, and an application
 * links libdxcore.so alone).
 */
#include <wsl/winadapter.h>

#undef DEFINE_GUID
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    const GUID name = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}

#ifdef RT_DXCORE_EXPORT_GUIDS
#pragma GCC visibility push(default)
#endif

#include <d3d12rt/dxcore.h>

#ifdef RT_DXCORE_EXPORT_GUIDS
#pragma GCC visibility pop
#endif
