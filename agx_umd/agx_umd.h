/*
 * agx_umd: the native driver for Apple AGX GPUs behind the d3d12rt driver contract
 * (ddi/d3d12ddi.h), with the built-in simulated device. The runtime links it as its
 * built-in driver and opens it through this one entry point; specs/agx_umd.md says
 * what it runs.
 */
#ifndef AGX_UMD_H
#define AGX_UMD_H

#include "d3d12ddi.h"

HRESULT APIENTRY agx_umd_open_adapter(D3D12DDIARG_OPENADAPTER_0124 *args);

#endif
