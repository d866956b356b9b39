/*
 * Storage for every IID, CLSID and GUID the public headers declare: DirectX-Headers'
 * d3d12.h, d3d12sdklayers.h and d3dcommon.h, and d3d12rt's own headers. libd3d12.so
 * exports them, so applications do not link DirectX-Guids.
 *
 * With INITGUID defined before the first include, each DEFINE_GUID in the headers becomes
 * a definition instead of an extern declaration. The library is built with hidden
 * visibility; these symbols are part of its interface, so they are made default here.
 */
#define INITGUID

#pragma GCC visibility push(default)

#include <d3d12rt/d3d12.h>

/* d3dcommon.h declares this IID but has no DEFINE_GUID for it. */
const IID IID_ID3DDestructionNotifier =
    {0xa06eb39a, 0x50da, 0x425b, {0x8c, 0x31, 0x4e, 0xec, 0xd6, 0xc2, 0x70, 0xf3}};

#pragma GCC visibility pop
