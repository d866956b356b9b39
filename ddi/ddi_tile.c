/*
 * Standard tile shapes.  Every shape holds 64 KiB of elements: a block of a
 * block-compressed format counts as one element of its byte size, so BC
 * shapes are the element shapes scaled by the 4x4 block.
 */

#include "ddi_tile.h"
#include "ddi_format.h"

struct tile_shape
{
    UINT width, height, depth;
};

/* Indexed by log2(bytes per element): 1, 2, 4, 8, 16 bytes. */
static const struct tile_shape tile_shapes_2d[] =
{
    {256, 256, 1},
    {256, 128, 1},
    {128, 128, 1},
    {128, 64, 1},
    {64, 64, 1},
};

static const struct tile_shape tile_shapes_3d[] =
{
    {64, 32, 32},
    {32, 32, 32},
    {32, 32, 16},
    {32, 16, 16},
    {16, 16, 16},
};

static int tile_size_index(unsigned int bytes)
{
    switch (bytes)
    {
        case 1: return 0;
        case 2: return 1;
        case 4: return 2;
        case 8: return 3;
        case 16: return 4;
        default: return -1; /* 3, 6, 12 bytes: no standard shape */
    }
}

/* How one tile's pixels shrink so that every sample still fits. */
static bool tile_msaa_divisor(UINT sample_count, UINT *div_w, UINT *div_h)
{
    switch (sample_count)
    {
        case 1: *div_w = 1; *div_h = 1; return true;
        case 2: *div_w = 2; *div_h = 1; return true;
        case 4: *div_w = 2; *div_h = 2; return true;
        case 8: *div_w = 4; *div_h = 2; return true;
        case 16: *div_w = 4; *div_h = 4; return true;
        default: return false;
    }
}

bool ddi_standard_tile_shape(DXGI_FORMAT format, D3D12_RESOURCE_DIMENSION dimension,
        UINT sample_count, UINT *width, UINT *height, UINT *depth)
{
    const struct ddi_format_info *info;
    const struct tile_shape *shape;
    UINT div_w, div_h;
    int index;

    if (dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        if (format != DXGI_FORMAT_UNKNOWN || sample_count != 1)
            return false;
        *width = DDI_TILE_SIZE_IN_BYTES;
        *height = 1;
        *depth = 1;
        return true;
    }
    if (dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D && dimension != D3D12_RESOURCE_DIMENSION_TEXTURE3D)
        return false;
    if (!(info = ddi_format_get(format)))
        return false;
    /* Video, R1, 4:2:2, stencil (planar) and opaque layouts have no
     * standard swizzle. */
    if (info->is_yuv || info->is_packed_422 || info->is_planar || info->is_opaque
            || format == DXGI_FORMAT_R1_UNORM)
        return false;
    if ((index = tile_size_index(info->bytes_per_block)) < 0)
        return false;
    if (!tile_msaa_divisor(sample_count, &div_w, &div_h))
        return false;
    if (sample_count > 1 && (dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D
            || info->is_compressed || info->bytes_per_block == 16))
        return false;

    shape = dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? &tile_shapes_3d[index] : &tile_shapes_2d[index];
    *width = shape->width * info->block_width / div_w;
    *height = shape->height * info->block_height / div_h;
    *depth = shape->depth;
    return true;
}
