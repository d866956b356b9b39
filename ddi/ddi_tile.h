/*
 * Standard 64 KiB tile shapes of tiled (reserved) resources, D3D11.3
 * functional spec section 5.9.2.8 (ddi-facts.md section 8).
 */

#ifndef DDI_TILE_H
#define DDI_TILE_H

#include <stdbool.h>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>

/* Bytes in one standard tile. */
#define DDI_TILE_SIZE_IN_BYTES D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES

/*
 * Width x height x depth of one 64 KiB tile, in pixels (block-compressed
 * formats: in pixels too, so BC1 2D is 512x256).  Buffers (format
 * DXGI_FORMAT_UNKNOWN) tile as 65536x1x1 bytes.  Multisampled 2D tiles shrink
 * by 2x1 (2x), 2x2 (4x), 4x2 (8x), 4x4 (16x).
 *
 * Returns false, leaving the outputs untouched, where tiled resources cannot
 * be used: 1D textures, 96-bit formats, video and palettized formats,
 * R1_UNORM, packed 4:2:2, the depth-stencil families, opaque formats,
 * multisampled 3D / block-compressed / 128-bit textures and sample counts
 * other than 1, 2, 4, 8, 16.
 */
bool ddi_standard_tile_shape(DXGI_FORMAT format, D3D12_RESOURCE_DIMENSION dimension,
        UINT sample_count, UINT *width, UINT *height, UINT *depth);

#endif /* DDI_TILE_H */
