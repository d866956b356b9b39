/*
 * Where each subresource of a texture lives in its memory. This is the one module
 * that knows (as ail is in Mesa): resources size themselves with it and the engine
 * addresses texels only through agx_layout_element_offset(), whichever of the two
 * layouts a texture has.
 *
 * The linear layout (every texture but the 64KB_UNDEFINED_SWIZZLE ones):
 * - subresources in subresource-index order (plane, then array slice, then mip);
 * - each subresource starts on a 128-byte boundary (an AGX cache line);
 * - rows hold whole elements (a block of a block-compressed format, one texel
 *   otherwise, or one texel of a plane for planar formats), tightly packed and
 *   padded to a 16-byte row pitch (the AGX strided-linear rule);
 * - 3D slices follow each other at depth_pitch = row_pitch * rows;
 * - multisampled textures interleave the samples of a pixel (one element holds
 *   all samples), as AGX does: sample s of a pixel sits at s * sample_size inside
 *   the pixel's element, sample 0 first (agx_layout_sample_offset()).
 *
 * The twiddled layout (ail's GPU tiling, research/agx-facts.md section 5), for
 * single-sampled 2D textures with 64KB_UNDEFINED_SWIZZLE whose format has a standard
 * tile shape (reserved textures are such):
 * - each level is a grid of tiles in raster order, Morton order inside a tile (bit 2i
 *   of the element index is x bit i, bit 2i + 1 is y bit i);
 * - levels at least one page tile wide and high use page tiles: one 16 KiB page each
 *   (1-byte elements 128x128, 2: 128x64, 4: 64x64, 8: 64x32, 16: 32x32), the level
 *   starting on a page; smaller levels use a square power-of-two tile sized to their
 *   smaller side (at most the page tile's), 128-byte aligned;
 * - a D3D12 standard tile (64 KiB) is 2x2 page tiles, which are not contiguous:
 *   agx_layout_tile_pages() names its pages and their slot (+1 odd x, +2 odd y);
 * - the mips smaller than a standard tile in either dimension are packed: they
 *   start on a page and are padded to whole standard tiles, each four consecutive
 *   pages; array slices follow each other at that stride.
 *
 * The volume layout (tiled resources tier 3), for 3D textures with
 * 64KB_UNDEFINED_SWIZZLE whose format has a standard 3D tile shape: AGX has no 3D
 * block shape of its own (agx-facts.md section 3), so the layout emulates D3D12's
 * (decision D011):
 * - each standard mip is a grid of standard 3D tiles (64x32x32 1-byte elements down
 *   to 16x16x16 16-byte ones) in x, then y, then z order, starting on a page; a tile
 *   is 64 KiB of consecutive memory, four consecutive pages, its elements in x, then
 *   y, then z order (the order CopyTiles uses in the buffer, so a tile copies as it is);
 * - the mips smaller than the tile shape in any dimension are packed: they lie in
 *   the linear layout after the standard mips, padded to whole standard tiles.
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
    /* Twiddled: tiles of tile_width x tile_height elements, tiles_x x tiles_y of them;
     * tile_width 0 for linear levels. */
    uint32_t tile_width, tile_height, tiles_x, tiles_y;
    /* Volume levels: the tile's depth and the tiles in z (0 for other levels). */
    uint32_t tile_depth, tiles_z;
    /* Standard mips of twiddled and volume layouts: their standard tiles and where
     * they start among the slice's. */
    uint32_t std_tiles_x, std_tiles_y, std_tiles_z;
    uint64_t std_first_tile;
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
    /* Twiddled layouts: the page tile in elements, the mips made of whole standard
     * tiles (the rest are packed), the standard tiles of one slice, and each slice's
     * packed part: its offset in the slice (page aligned) and standard tiles. */
    bool twiddled;
    uint32_t page_tile_width, page_tile_height;
    /* Twiddled and volume layouts: the standard tile in elements (depth 1 for 2D). */
    uint32_t std_tile_width, std_tile_height, std_tile_depth;
    uint32_t standard_mips;
    uint64_t standard_tiles;
    uint64_t packed_offset;
    uint32_t packed_tiles;
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
    /* Twiddled levels (tile_width 0: linear): tile size in elements and bytes, tiles;
     * volume levels add a tile depth and tiles in z (0 otherwise). */
    uint32_t tile_width, tile_height, tiles_x, tiles_y;
    uint32_t tile_depth, tiles_z;
    uint64_t tile_bytes;
};

/* A standard (64 KiB) tile of a twiddled or volume layout: a standard mip's tile, at
 * element (x, y, z) of its subresource with width x height x depth elements, or a
 * packed tile. */
struct agx_layout_tile
{
    bool packed;
    UINT subresource;
    uint32_t x, y, z, width, height, depth;
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
/*
 * Standard tiles of twiddled layouts, numbered as D3D12 numbers a reserved resource's
 * tiles: slice by slice the standard mips' tiles (mip by mip, rows of tiles), then the
 * packed tiles of each slice. agx_layout_tile_count() is 0 for linear layouts.
 */
uint64_t agx_layout_tile_count(const struct agx_layout *layout);
/* The tile at tile coordinates (x, y, z) of a subresource (of a packed mip: its
 * slice's x-th packed tile); false outside the resource. */
bool agx_layout_tile_index(const struct agx_layout *layout, UINT subresource, uint32_t x, uint32_t y, uint32_t z,
                           uint64_t *index);
/* A subresource's size in standard tiles; false for packed mips and bad indices. */
bool agx_layout_subresource_tiles(const struct agx_layout *layout, UINT subresource, uint32_t *width,
                                  uint32_t *height, uint32_t *depth);
bool agx_layout_tile_locate(const struct agx_layout *layout, uint64_t index, struct agx_layout_tile *tile);
/* The pages behind a tile: their offsets from the start of the resource and slots in
 * the tile's 64 KiB (0-3). Pages of page tiles past a level's grid do not exist: the
 * count (0 past the resource) says how many there are. */
unsigned int agx_layout_tile_pages(const struct agx_layout *layout, uint64_t index, uint64_t offsets[4],
                                   unsigned int slots[4]);

/* Where sample `sample` of a pixel sits inside the pixel's element, in bytes. */
static inline uint32_t agx_layout_sample_offset(const struct agx_layout_subresource *sub, uint32_t sample)
{
    return sample * (sub->element_size / sub->sample_count);
}

#endif
