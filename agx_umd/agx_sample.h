/* D3D's standard sample positions, shared by the rasteriser and samplepos. */
#ifndef AGX_SAMPLE_H
#define AGX_SAMPLE_H

#include "agx_common.h"

/* The standard position of sample `index` of a `count`-sample pixel, in 1/16 pixel from
 * the pixel's centre (x, y); false for a count without standard positions (1, or not
 * 2, 4, 8, 16) or an index beyond it. */
bool agx_sample_standard_position(uint32_t count, uint32_t index, int8_t position[2]);

#endif
