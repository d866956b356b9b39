/*
 * Where each subresource of a texture lives in its memory. This is the one module
 * that knows (as ail is in Mesa): resources size themselves with it and the copy
 * engine addresses texels only through agx_layout_element_offset(), so a twiddled AGX
 * layout can replace the linear one here without touching anything else.
 *
 * The linear layout:
 * - subresources in subresource-index order (plane, then array slice, then mip);
 * - each subresource starts on a 128-byte boundary (an AGX cache line);
 * - rows hold whole elements (a block of a block-compressed format, one texel
 *   otherwise, or one texel of a plane for planar formats), tightly packed and
 *   padded to a 16-byte row pitch (the AGX strided-linear rule);
 * - 3D slices follow each other at depth_pitch = row_pitch * rows;
 * - multisampled textures interleave the samples of a pixel (one element holds
 *   all samples), as AGX does: sample s of a pixel sits at s * sample_size inside
 *   the pixel's element, sample 0 first (agx_layout_sample_offset()).
 */
#ifndef AGX_LAYOUT_H
#define AGX_LAYOUT_H

#include "agx_common.h"

#define AGX_LAYOUT_MAX_PLANES 3
#define AGX_LAYOUT_MAX_MIPS 16
#define AGX_LAYOUT_SUBRESOURCE_ALIGNMENT 128u
#define AGX_LAYOUT_ROW_ALIGNMENT 16u

struct agx_layout_level
{
    uint64_t offset;              /* from the start of the array slice */
    uint64_t row_pitch, depth_pitch;
    uint32_t width, height, depth;   /* in pixels of the plane */
};

struct agx_layout_plane
{
    uint64_t offset;              /* from the start of the resource */
    uint64_t slice_stride;        /* between array slices */
    uint32_t element_size;        /* bytes, samples included */
    uint32_t sample_count;        /* samples per element (1 unless multisampled) */
    uint32_t block_width, block_height;   /* pixels per element */
    struct agx_layout_level levels[AGX_LAYOUT_MAX_MIPS];
};

struct agx_layout
{
    uint32_t mip_levels, array_size, plane_count;
    uint64_t total_size;
    struct agx_layout_plane planes[AGX_LAYOUT_MAX_PLANES];
};

/* One subresource, as a copy sees it. Coordinates are in pixels of the plane
 * (subsampled planes of YUV formats have their own, smaller, pixel grid). */
struct agx_layout_subresource
{
    uint32_t plane;
    uint64_t offset;              /* first byte, from the start of the resource */
    uint64_t row_pitch, depth_pitch;
    uint32_t width, height, depth;
    uint32_t block_width, block_height;
    uint32_t element_size;        /* bytes, samples included */
    uint32_t sample_count;
};

/* E_INVALIDARG for a texture whose format has no known layout (opaque, palettized)
 * or that has more mips than AGX_LAYOUT_MAX_MIPS. */
HRESULT agx_layout_init(struct agx_layout *layout, const D3D12_RESOURCE_DESC1 *desc);
uint64_t agx_layout_total_size(const struct agx_layout *layout);
UINT agx_layout_subresource_count(const struct agx_layout *layout);
/* False for an index beyond the resource. */
bool agx_layout_get_subresource(const struct agx_layout *layout, UINT index, struct agx_layout_subresource *sub);
/* Byte offset (from the start of the resource) of the element at element coordinates
 * (x, y, z) of a subresource; *run receives how many elements of that row follow
 * contiguously from there (the element itself included). */
uint64_t agx_layout_element_offset(const struct agx_layout *layout, const struct agx_layout_subresource *sub,
                                   uint32_t x, uint32_t y, uint32_t z, uint32_t *run);
/* Where sample `sample` of a pixel sits inside the pixel's element, in bytes. */
static inline uint32_t agx_layout_sample_offset(const struct agx_layout_subresource *sub, uint32_t sample)
{
    return sample * (sub->element_size / sub->sample_count);
}

#endif
