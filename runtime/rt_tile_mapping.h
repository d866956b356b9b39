/* Tiled Resources Tier 5: ExecuteTileMappings, layout tables and the tile mapping queue
 * (seed 001). */
#ifndef RT_TILE_MAPPING_H
#define RT_TILE_MAPPING_H

#include "rt_device.h"

/* Seed 001's name of an error code (128-134); NULL for any other. */
const char *rt_tile_mapping_error_name(UINT code);
/* The driver's pfnExecuteTileMappingsErrorCb. */
void APIENTRY rt_tile_mapping_error_cb(D3D12DDI_HRTDEVICE handle, UINT code, UINT64 offset);

#endif
