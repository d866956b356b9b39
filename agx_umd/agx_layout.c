/* The texture layouts of agx_umd, linear and twiddled (agx_layout.h describes both). */
#include <string.h>
#include "ddi_format.h"
#include "ddi_layout.h"
#include "ddi_tile.h"
#include "agx_layout.h"

#define AGX_STANDARD_TILE_SIZE ((uint64_t)DDI_TILE_SIZE_IN_BYTES)

static uint32_t agx_layout_pow2_ceil(uint32_t value)
{
    uint32_t out = 1;

    while (out < value)
        out <<= 1;
    return out;
}

/* A slice of standard tiles ends on a page; its packed mips (after packed_offset)
 * take whole standard tiles. */
static void agx_layout_end_slice(struct agx_layout *layout, struct agx_layout_plane *p, uint64_t offset)
{
    offset = agx_align(offset, AGX_PAGE_SIZE);
    if (layout->standard_mips < layout->mip_levels)
    {
        layout->packed_tiles = (uint32_t)AGX_DIV_ROUND_UP(offset - layout->packed_offset, AGX_STANDARD_TILE_SIZE);
        offset = layout->packed_offset + layout->packed_tiles * AGX_STANDARD_TILE_SIZE;
    }
    p->slice_stride = offset;
}

/* Twiddled and volume layouts need a standard tile shape, so single-sampled,
 * single-plane 2D or 3D textures of 1, 2, 4, 8 or 16-byte elements. */
static bool agx_layout_wants_standard_tiles(const D3D12_RESOURCE_DESC1 *desc, const struct ddi_format_info *info)
{
    UINT w, h, d;

    return desc->Layout == D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE
            && (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE2D
                || desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D)
            && desc->SampleDesc.Count <= 1 && info->plane_count <= 1
            && ddi_standard_tile_shape(desc->Format, desc->Dimension, 1, &w, &h, &d);
}

/* The levels of a volume texture (agx_layout.h): standard mips as grids of 64 KiB
 * tiles of the standard 3D shape, then the packed mips in the linear layout. */
static void agx_layout_init_volume(struct agx_layout *layout, struct agx_layout_plane *p,
                                   const D3D12_RESOURCE_DESC1 *desc)
{
    uint32_t tw, th, td, ew, eh, mip;
    struct agx_layout_level *l;
    uint64_t offset = 0, width;
    UINT w, h, d, height, depth;

    ddi_standard_tile_shape(desc->Format, desc->Dimension, 1, &w, &h, &d);
    tw = w / p->block_width;
    th = h / p->block_height;
    td = d;
    layout->twiddled = true;
    layout->std_tile_width = tw;
    layout->std_tile_height = th;
    layout->std_tile_depth = td;
    layout->standard_mips = layout->mip_levels;
    for (mip = 0; mip < layout->mip_levels; ++mip)
    {
        l = &p->levels[mip];
        ddi_resource_mip_size(desc, mip, &width, &height, &depth);
        l->width = (uint32_t)width;
        l->height = height;
        l->depth = depth;
        ew = AGX_DIV_ROUND_UP(l->width, p->block_width);
        eh = AGX_DIV_ROUND_UP(l->height, p->block_height);
        if (layout->standard_mips == layout->mip_levels && (ew < tw || eh < th || depth < td))
        {
            layout->standard_mips = mip;
            offset = agx_align(offset, AGX_PAGE_SIZE);
            layout->packed_offset = offset;
        }
        if (mip >= layout->standard_mips)
        {
            /* Packed: linear rows and slices, as agx_layout_init_linear lays them. */
            l->row_pitch = agx_align((uint64_t)ew * p->element_size, AGX_LAYOUT_ROW_ALIGNMENT);
            l->depth_pitch = l->row_pitch * eh;
            offset = agx_align(offset, AGX_LAYOUT_SUBRESOURCE_ALIGNMENT);
            l->offset = offset;
            offset += l->depth_pitch * depth;
            continue;
        }
        offset = agx_align(offset, AGX_PAGE_SIZE);
        l->tile_width = tw;
        l->tile_height = th;
        l->tile_depth = td;
        l->tiles_x = l->std_tiles_x = AGX_DIV_ROUND_UP(ew, tw);
        l->tiles_y = l->std_tiles_y = AGX_DIV_ROUND_UP(eh, th);
        l->tiles_z = l->std_tiles_z = AGX_DIV_ROUND_UP(depth, td);
        l->row_pitch = (uint64_t)l->tiles_x * AGX_STANDARD_TILE_SIZE;
        l->depth_pitch = l->row_pitch * l->tiles_y;
        l->offset = offset;
        l->std_first_tile = layout->standard_tiles;
        layout->standard_tiles += (uint64_t)l->tiles_x * l->tiles_y * l->tiles_z;
        offset += l->depth_pitch * l->tiles_z;
    }
    agx_layout_end_slice(layout, p, offset);
}

/* The levels of one plane of a twiddled texture, in elements of element_size bytes. */
static void agx_layout_init_twiddled(struct agx_layout *layout, struct agx_layout_plane *p,
                                     const D3D12_RESOURCE_DESC1 *desc)
{
    unsigned int log2_size = 0;
    uint32_t tw, th, ew, eh, side, mip;
    uint64_t offset = 0;
    struct agx_layout_level *l;
    UINT height, depth;
    uint64_t width;

    while ((1u << log2_size) < p->element_size)
        ++log2_size;
    /* One 16 KiB page per tile: 128x128 bytes halved alternately in width and height. */
    tw = 128u >> (log2_size >> 1);
    th = 128u >> ((log2_size + 1) >> 1);
    layout->twiddled = true;
    layout->page_tile_width = tw;
    layout->page_tile_height = th;
    layout->std_tile_width = 2 * tw;
    layout->std_tile_height = 2 * th;
    layout->std_tile_depth = 1;
    layout->standard_mips = layout->mip_levels;

    for (mip = 0; mip < layout->mip_levels; ++mip)
    {
        l = &p->levels[mip];
        ddi_resource_mip_size(desc, mip, &width, &height, &depth);
        l->width = (uint32_t)width;
        l->height = height;
        l->depth = 1;
        ew = AGX_DIV_ROUND_UP(l->width, p->block_width);
        eh = AGX_DIV_ROUND_UP(l->height, p->block_height);
        /* A standard tile is 2x2 page tiles; mips smaller in either direction pack. */
        if (layout->standard_mips == layout->mip_levels && (ew < 2 * tw || eh < 2 * th))
        {
            layout->standard_mips = mip;
            offset = agx_align(offset, AGX_PAGE_SIZE);
            layout->packed_offset = offset;
        }
        if (ew >= tw && eh >= th)
        {
            l->tile_width = tw;
            l->tile_height = th;
            offset = agx_align(offset, AGX_PAGE_SIZE);
        }
        else
        {
            side = AGX_MIN(agx_layout_pow2_ceil(AGX_MIN(ew, eh)), AGX_MIN(tw, th));
            l->tile_width = l->tile_height = side;
            offset = agx_align(offset, AGX_LAYOUT_SUBRESOURCE_ALIGNMENT);
        }
        l->tiles_x = AGX_DIV_ROUND_UP(ew, l->tile_width);
        l->tiles_y = AGX_DIV_ROUND_UP(eh, l->tile_height);
        l->row_pitch = (uint64_t)l->tiles_x * l->tile_width * l->tile_height * p->element_size;
        l->depth_pitch = l->row_pitch * l->tiles_y;
        l->offset = offset;
        offset += l->depth_pitch;
        if (mip < layout->standard_mips)
        {
            l->std_tiles_x = AGX_DIV_ROUND_UP(ew, 2 * tw);
            l->std_tiles_y = AGX_DIV_ROUND_UP(eh, 2 * th);
            l->std_first_tile = layout->standard_tiles;
            layout->standard_tiles += (uint64_t)l->std_tiles_x * l->std_tiles_y;
        }
    }
    agx_layout_end_slice(layout, p, offset);
}

static void agx_layout_init_linear(struct agx_layout_plane *p, const D3D12_RESOURCE_DESC1 *desc, unsigned int sub_w,
                                   unsigned int sub_h, UINT mip_levels)
{
    struct agx_layout_level *l;
    uint64_t offset = 0, width;
    UINT mip, height, depth;

    for (mip = 0; mip < mip_levels; ++mip)
    {
        l = &p->levels[mip];
        ddi_resource_mip_size(desc, mip, &width, &height, &depth);
        l->width = (uint32_t)AGX_DIV_ROUND_UP(width, sub_w);
        l->height = AGX_DIV_ROUND_UP(height, sub_h);
        l->depth = depth;
        l->row_pitch = agx_align(AGX_DIV_ROUND_UP(l->width, p->block_width) * (uint64_t)p->element_size,
                AGX_LAYOUT_ROW_ALIGNMENT);
        l->depth_pitch = l->row_pitch * AGX_DIV_ROUND_UP(l->height, p->block_height);
        offset = agx_align(offset, AGX_LAYOUT_SUBRESOURCE_ALIGNMENT);
        l->offset = offset;
        offset += l->depth_pitch * l->depth;
    }
    p->slice_stride = agx_align(offset, AGX_LAYOUT_SUBRESOURCE_ALIGNMENT);
}

HRESULT agx_layout_init(struct agx_layout *layout, const D3D12_RESOURCE_DESC1 *desc)
{
    const struct ddi_format_info *info = ddi_format_get(desc->Format);
    unsigned int plane, bytes, sub_w, sub_h;
    uint32_t samples = AGX_MAX(desc->SampleDesc.Count, 1u);
    struct agx_layout_plane *p;
    uint64_t total = 0;

    memset(layout, 0, sizeof(*layout));
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER || desc->Dimension == D3D12_RESOURCE_DIMENSION_UNKNOWN)
        return E_INVALIDARG;
    if (!info || info->is_opaque || info->is_palettized || !info->bytes_per_block)
        return E_INVALIDARG;
    if (!desc->Width || !desc->Height || !desc->DepthOrArraySize)
        return E_INVALIDARG;
    layout->mip_levels = ddi_resource_mip_levels(desc);
    layout->array_size = ddi_resource_array_size(desc);
    layout->plane_count = ddi_resource_plane_count(desc);
    if (!layout->mip_levels || layout->mip_levels > AGX_LAYOUT_MAX_MIPS
            || !layout->plane_count || layout->plane_count > AGX_LAYOUT_MAX_PLANES)
        return E_INVALIDARG;

    for (plane = 0; plane < layout->plane_count; ++plane)
    {
        p = &layout->planes[plane];
        if (!ddi_format_plane_info(desc->Format, plane, &bytes, &sub_w, &sub_h) || !bytes)
            return E_INVALIDARG;
        /* A plane of a planar format is an image of its own, one texel per element;
         * other formats count in their blocks. */
        if (info->plane_count > 1)
        {
            p->block_width = p->block_height = 1;
        }
        else
        {
            p->block_width = info->block_width;
            p->block_height = info->block_height;
        }
        p->element_size = bytes * samples;
        p->sample_count = samples;
        if (agx_layout_wants_standard_tiles(desc, info))
        {
            if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D)
                agx_layout_init_volume(layout, p, desc);
            else
                agx_layout_init_twiddled(layout, p, desc);
        }
        else
            agx_layout_init_linear(p, desc, sub_w, sub_h, layout->mip_levels);
        p->offset = total;
        total += p->slice_stride * layout->array_size;
    }
    layout->total_size = total;
    return S_OK;
}

uint64_t agx_layout_total_size(const struct agx_layout *layout)
{
    return layout->total_size;
}

UINT agx_layout_subresource_count(const struct agx_layout *layout)
{
    return layout->mip_levels * layout->array_size * layout->plane_count;
}

bool agx_layout_get_subresource(const struct agx_layout *layout, UINT index, struct agx_layout_subresource *sub)
{
    const struct agx_layout_plane *p;
    const struct agx_layout_level *l;
    UINT mip, slice, plane;

    if (index >= agx_layout_subresource_count(layout))
        return false;
    ddi_subresource_decompose(index, layout->mip_levels, layout->array_size, &mip, &slice, &plane);
    p = &layout->planes[plane];
    l = &p->levels[mip];
    sub->plane = plane;
    sub->offset = p->offset + slice * p->slice_stride + l->offset;
    sub->row_pitch = l->row_pitch;
    sub->depth_pitch = l->depth_pitch;
    sub->width = l->width;
    sub->height = l->height;
    sub->depth = l->depth;
    sub->block_width = p->block_width;
    sub->block_height = p->block_height;
    sub->element_size = p->element_size;
    sub->sample_count = p->sample_count;
    sub->tile_width = l->tile_width;
    sub->tile_height = l->tile_height;
    sub->tiles_x = l->tiles_x;
    sub->tiles_y = l->tiles_y;
    sub->tile_depth = l->tile_depth;
    sub->tiles_z = l->tiles_z;
    sub->tile_bytes = (uint64_t)l->tile_width * l->tile_height * AGX_MAX(l->tile_depth, 1u) * p->element_size;
    return true;
}

/* Morton order over a power-of-two tile: x and y bits alternate (x first) while both
 * dimensions have bits, then the longer dimension's remaining bits follow. */
static uint32_t agx_layout_morton(uint32_t x, uint32_t y, uint32_t width, uint32_t height)
{
    uint32_t out = 0, bit = 0, i;

    for (i = 0; (1u << i) < width || (1u << i) < height; ++i)
    {
        if ((1u << i) < width)
            out |= ((x >> i) & 1u) << bit++;
        if ((1u << i) < height)
            out |= ((y >> i) & 1u) << bit++;
    }
    return out;
}

uint64_t agx_layout_element_offset(const struct agx_layout *layout, const struct agx_layout_subresource *sub,
                                   uint32_t x, uint32_t y, uint32_t z, uint32_t *run)
{
    uint32_t row_elements = (uint32_t)AGX_DIV_ROUND_UP(sub->width, sub->block_width);
    uint32_t ix, iy, iz;

    if (sub->tile_depth)
    {
        /* Volume: tiles and the elements in them both in x, then y, then z order. */
        ix = x % sub->tile_width;
        iy = y % sub->tile_height;
        iz = z % sub->tile_depth;
        *run = AGX_MIN(sub->tile_width - ix, x < row_elements ? row_elements - x : 1);
        return sub->offset + (((uint64_t)(z / sub->tile_depth) * sub->tiles_y + y / sub->tile_height) * sub->tiles_x
                + x / sub->tile_width) * sub->tile_bytes
                + (((uint64_t)iz * sub->tile_height + iy) * sub->tile_width + ix) * sub->element_size;
    }
    if (sub->tile_width)
    {
        ix = x % sub->tile_width;
        iy = y % sub->tile_height;
        /* Morton order keeps only an even x and the next one together. */
        *run = sub->tile_width > 1 && !(ix & 1) && x + 1 < row_elements ? 2 : 1;
        return sub->offset + ((uint64_t)(y / sub->tile_height) * sub->tiles_x + x / sub->tile_width) * sub->tile_bytes
                + (uint64_t)agx_layout_morton(ix, iy, sub->tile_width, sub->tile_height) * sub->element_size;
    }
    /* Linear: the rest of the row is contiguous. */
    *run = x < row_elements ? row_elements - x : 1;
    return sub->offset + z * sub->depth_pitch + y * sub->row_pitch + (uint64_t)x * sub->element_size;
}

/* ---- Standard tiles of twiddled layouts -------------------------------------------------- */

uint64_t agx_layout_tile_count(const struct agx_layout *layout)
{
    if (!layout->twiddled)
        return 0;
    return (layout->standard_tiles + layout->packed_tiles) * layout->array_size;
}

bool agx_layout_subresource_tiles(const struct agx_layout *layout, UINT subresource, uint32_t *width,
                                  uint32_t *height, uint32_t *depth)
{
    const struct agx_layout_level *l;
    UINT mip, slice, plane;

    if (!layout->twiddled || subresource >= agx_layout_subresource_count(layout))
        return false;
    ddi_subresource_decompose(subresource, layout->mip_levels, layout->array_size, &mip, &slice, &plane);
    if (mip >= layout->standard_mips)
        return false;
    l = &layout->planes[0].levels[mip];
    *width = l->std_tiles_x;
    *height = l->std_tiles_y;
    *depth = AGX_MAX(l->std_tiles_z, 1u);
    return true;
}

bool agx_layout_tile_index(const struct agx_layout *layout, UINT subresource, uint32_t x, uint32_t y, uint32_t z,
                           uint64_t *index)
{
    const struct agx_layout_level *l;
    UINT mip, slice, plane;

    if (!layout->twiddled || subresource >= agx_layout_subresource_count(layout))
        return false;
    ddi_subresource_decompose(subresource, layout->mip_levels, layout->array_size, &mip, &slice, &plane);
    if (mip >= layout->standard_mips)
    {
        if (y || z || x >= layout->packed_tiles)
            return false;
        *index = layout->standard_tiles * layout->array_size + (uint64_t)slice * layout->packed_tiles + x;
        return true;
    }
    l = &layout->planes[0].levels[mip];
    if (x >= l->std_tiles_x || y >= l->std_tiles_y || z >= AGX_MAX(l->std_tiles_z, 1u))
        return false;
    *index = slice * layout->standard_tiles + l->std_first_tile
            + ((uint64_t)z * l->std_tiles_y + y) * l->std_tiles_x + x;
    return true;
}

bool agx_layout_tile_locate(const struct agx_layout *layout, uint64_t index, struct agx_layout_tile *tile)
{
    uint64_t standard = layout->standard_tiles * layout->array_size, rest;
    const struct agx_layout_level *l;
    UINT slice, mip;

    if (index >= agx_layout_tile_count(layout))
        return false;
    memset(tile, 0, sizeof(*tile));
    if (index >= standard)
    {
        /* x counts the slice's packed tiles. */
        rest = index - standard;
        slice = (UINT)(rest / layout->packed_tiles);
        tile->packed = true;
        tile->subresource = layout->standard_mips + slice * layout->mip_levels;
        tile->x = (uint32_t)(rest % layout->packed_tiles);
        return true;
    }
    slice = (UINT)(index / layout->standard_tiles);
    rest = index % layout->standard_tiles;
    for (mip = 0; mip + 1 < layout->standard_mips; ++mip)
    {
        if (rest < layout->planes[0].levels[mip + 1].std_first_tile)
            break;
    }
    l = &layout->planes[0].levels[mip];
    rest -= l->std_first_tile;
    tile->subresource = mip + slice * layout->mip_levels;
    tile->width = layout->std_tile_width;
    tile->height = layout->std_tile_height;
    tile->depth = layout->std_tile_depth;
    tile->x = (uint32_t)(rest % l->std_tiles_x) * tile->width;
    tile->y = (uint32_t)(rest / l->std_tiles_x % l->std_tiles_y) * tile->height;
    tile->z = (uint32_t)(rest / l->std_tiles_x / l->std_tiles_y) * tile->depth;
    return true;
}

unsigned int agx_layout_tile_pages(const struct agx_layout *layout, uint64_t index, uint64_t offsets[4],
                                   unsigned int slots[4])
{
    const struct agx_layout_plane *p = &layout->planes[0];
    struct agx_layout_subresource sub;
    struct agx_layout_tile tile;
    unsigned int count = 0, i;
    uint32_t hx, hy;
    UINT slice;

    if (!agx_layout_tile_locate(layout, index, &tile))
        return 0;
    if (tile.packed)
    {
        /* Four consecutive pages of the slice's packed part, in byte order. */
        slice = tile.subresource / layout->mip_levels;
        for (i = 0; i < 4; ++i)
        {
            offsets[i] = p->offset + slice * p->slice_stride + layout->packed_offset
                    + tile.x * AGX_STANDARD_TILE_SIZE + i * AGX_PAGE_SIZE;
            slots[i] = i;
        }
        return 4;
    }
    agx_layout_get_subresource(layout, tile.subresource, &sub);
    if (sub.tile_depth)
    {
        /* Volume tiles are 64 KiB of consecutive memory. */
        for (i = 0; i < 4; ++i)
        {
            offsets[i] = agx_layout_element_offset(layout, &sub, tile.x, tile.y, tile.z, &hx) + i * AGX_PAGE_SIZE;
            slots[i] = i;
        }
        return 4;
    }
    for (i = 0; i < 4; ++i)
    {
        hx = tile.x / sub.tile_width + (i & 1);
        hy = tile.y / sub.tile_height + (i >> 1);
        if (hx >= sub.tiles_x || hy >= sub.tiles_y)
            continue;
        offsets[count] = sub.offset + ((uint64_t)hy * sub.tiles_x + hx) * AGX_PAGE_SIZE;
        slots[count++] = i;
    }
    return count;
}
