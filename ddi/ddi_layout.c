/*
 * Subresource indices, mip extents, GetCopyableFootprints and resource
 * description validation.
 *
 * The footprint rules follow the public D3D12 property format table
 * (DirectX-Headers D3DX12GetCopyableFootprints): sizes rounded up to the
 * format block, rows of blocks for block-compressed formats, per-plane copy
 * formats, 512-byte row pitch for planar formats, unpadded last row.
 */

#include "ddi_layout.h"
#include "ddi_format.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define DDI_PLANAR_ROW_PITCH_ALIGNMENT D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT

static UINT64 align_up(UINT64 value, UINT64 alignment)
{
    return (value + alignment - 1) & ~(alignment - 1);
}

static UINT64 div_round_up(UINT64 value, UINT64 divisor)
{
    return (value + divisor - 1) / divisor;
}

UINT ddi_subresource_index(UINT mip, UINT array_slice, UINT plane, UINT mip_levels, UINT array_size)
{
    return mip + (array_slice + plane * array_size) * mip_levels;
}

void ddi_subresource_decompose(UINT subresource, UINT mip_levels, UINT array_size,
        UINT *mip, UINT *array_slice, UINT *plane)
{
    if (!mip_levels || !array_size)
    {
        *mip = *array_slice = *plane = 0;
        return;
    }
    *mip = subresource % mip_levels;
    *array_slice = (subresource / mip_levels) % array_size;
    *plane = subresource / mip_levels / array_size;
}

UINT ddi_max_mip_levels(UINT64 width, UINT height, UINT depth)
{
    UINT64 largest = width;
    UINT levels = 1;

    if (!width || !height || !depth)
        return 0;
    if (height > largest)
        largest = height;
    if (depth > largest)
        largest = depth;
    while (largest > 1)
    {
        largest >>= 1;
        ++levels;
    }
    return levels;
}

UINT64 ddi_mip_extent(UINT64 size, UINT mip)
{
    UINT64 extent = mip < 64 ? size >> mip : 0;

    return extent ? extent : 1;
}

UINT ddi_resource_mip_levels(const D3D12_RESOURCE_DESC1 *desc)
{
    switch (desc->Dimension)
    {
        case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
        case D3D12_RESOURCE_DIMENSION_TEXTURE2D:
        case D3D12_RESOURCE_DIMENSION_TEXTURE3D:
            break;
        default:
            return 1;
    }
    if (desc->MipLevels)
        return desc->MipLevels;
    return ddi_max_mip_levels(desc->Width,
            desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D ? 1 : desc->Height,
            desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? desc->DepthOrArraySize : 1);
}

UINT ddi_resource_array_size(const D3D12_RESOURCE_DESC1 *desc)
{
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D
            || desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE2D)
        return desc->DepthOrArraySize;
    return 1;
}

UINT ddi_resource_plane_count(const D3D12_RESOURCE_DESC1 *desc)
{
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return 1;
    return ddi_format_plane_count(desc->Format);
}

UINT ddi_resource_subresource_count(const D3D12_RESOURCE_DESC1 *desc)
{
    return ddi_resource_mip_levels(desc) * ddi_resource_array_size(desc)
            * ddi_resource_plane_count(desc);
}

void ddi_resource_mip_size(const D3D12_RESOURCE_DESC1 *desc, UINT mip,
        UINT64 *width, UINT *height, UINT *depth)
{
    bool has_height = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE2D
            || desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D;

    *width = ddi_mip_extent(desc->Width, mip);
    *height = has_height ? (UINT)ddi_mip_extent(desc->Height, mip) : 1;
    *depth = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D
            ? (UINT)ddi_mip_extent(desc->DepthOrArraySize, mip) : 1;
}

/* Footprint of one subresource placed at offset 0, and the bytes it spans. */
struct layout_subresource
{
    D3D12_SUBRESOURCE_FOOTPRINT footprint;
    UINT rows;
    UINT64 row_size;
    UINT64 size;
};

static int layout_buffer(const D3D12_RESOURCE_DESC1 *desc, struct layout_subresource *out)
{
    UINT64 pitch = align_up(desc->Width, D3D12_TEXTURE_DATA_PITCH_ALIGNMENT);

    /* Width and RowPitch are UINT in the footprint. */
    if (desc->Width > UINT32_MAX || pitch > UINT32_MAX)
        return DDI_LAYOUT_OVERFLOW;
    out->footprint.Format = DXGI_FORMAT_UNKNOWN;
    out->footprint.Width = (UINT)desc->Width;
    out->footprint.Height = 1;
    out->footprint.Depth = 1;
    out->footprint.RowPitch = (UINT)pitch;
    out->rows = 1;
    out->row_size = desc->Width;
    out->size = desc->Width;
    return DDI_LAYOUT_OK;
}

static int layout_texture(const D3D12_RESOURCE_DESC1 *desc, const struct ddi_format_info *info,
        UINT subresource, struct layout_subresource *out)
{
    UINT mip, slice, plane, height, depth;
    UINT64 width, row_size, min_pitch, pitch, rows;
    DXGI_FORMAT format = info->format;

    ddi_subresource_decompose(subresource, ddi_resource_mip_levels(desc),
            ddi_resource_array_size(desc), &mip, &slice, &plane);
    ddi_resource_mip_size(desc, mip, &width, &height, &depth);
    /* Whole blocks; for planar YUV the block is the subsampling period. */
    width = align_up(width, info->block_width);
    height = (UINT)align_up(height, info->block_height);

    if (info->is_planar)
    {
        unsigned int bytes, sub_w, sub_h;
        UINT64 pitch_width;

        if (!ddi_format_plane_info(format, plane, &bytes, &sub_w, &sub_h))
            return DDI_LAYOUT_INVALID_RANGE;
        format = ddi_format_plane_copy_format(format, plane);
        /* NV11 pads its quarter-width chroma rows to half the luma width
         * (property table MinPlanePitchWidth). */
        pitch_width = info->typeless_family == DXGI_FORMAT_NV11 && plane == 1
                ? div_round_up(width, 2) : div_round_up(width, sub_w);
        width = div_round_up(width, sub_w);
        height = (UINT)div_round_up(height, sub_h);
        rows = height;
        row_size = width * bytes;
        min_pitch = pitch_width * bytes;
        pitch = align_up(min_pitch, DDI_PLANAR_ROW_PITCH_ALIGNMENT);
    }
    else
    {
        rows = height / info->block_height;
        row_size = width / info->block_width * info->bytes_per_block;
        min_pitch = row_size;
        pitch = align_up(row_size, D3D12_TEXTURE_DATA_PITCH_ALIGNMENT);
    }

    if (width > UINT32_MAX || pitch > UINT32_MAX)
        return DDI_LAYOUT_OVERFLOW;
    out->footprint.Format = format;
    out->footprint.Width = (UINT)width;
    out->footprint.Height = height;
    out->footprint.Depth = depth;
    out->footprint.RowPitch = (UINT)pitch;
    out->rows = (UINT)rows;
    out->row_size = row_size;
    /* Every row of every slice is pitch-spaced; the last one is not padded. */
    out->size = (rows * depth - 1) * pitch + min_pitch;
    return DDI_LAYOUT_OK;
}

/* On a failure Windows fills all NumSubresources entries with ones, past the
 * resource's own subresources too (vkd3d-proton's test_get_copyable_footprints, run on
 * Windows: a range of 2 on a texture of 1 gets 2 such entries). Only counts in the
 * documented range (FirstSubresource + NumSubresources <= D3D12_REQ_SUBRESOURCES) are
 * arrays the application can have: beyond it no entry is written, only the total. */
static void layout_fill_invalid(UINT first, UINT num, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts,
        UINT *num_rows, UINT64 *row_sizes, UINT64 *total_bytes)
{
    if (total_bytes)
        *total_bytes = UINT64_MAX;
    if (first > D3D12_REQ_SUBRESOURCES || num > D3D12_REQ_SUBRESOURCES - first)
        return;
    if (layouts)
        memset(layouts, 0xff, sizeof(*layouts) * (size_t)num);
    if (num_rows)
        memset(num_rows, 0xff, sizeof(*num_rows) * (size_t)num);
    if (row_sizes)
        memset(row_sizes, 0xff, sizeof(*row_sizes) * (size_t)num);
}

int ddi_copyable_footprints(const D3D12_RESOURCE_DESC1 *desc, UINT first, UINT num,
        UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *num_rows,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    return ddi_copyable_footprints_ex(desc, DDI_VALIDATE_ALL_OPTIONAL, first, num, base_offset, layouts, num_rows,
            row_sizes, total_bytes);
}

int ddi_copyable_footprints_ex(const D3D12_RESOURCE_DESC1 *desc, unsigned int validate_flags, UINT first,
        UINT num, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *num_rows,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    const struct ddi_format_info *info = NULL;
    struct layout_subresource sub;
    UINT64 offset = 0, total = 0;
    UINT count, i;
    int status;

    if (!ddi_validate_resource_desc_ex(desc, validate_flags, NULL, 0))
    {
        status = DDI_LAYOUT_INVALID_DESC;
        goto fail;
    }
    count = ddi_resource_subresource_count(desc);
    if (first > count || num > count - first)
    {
        status = DDI_LAYOUT_INVALID_RANGE;
        goto fail;
    }
    if (desc->Dimension != D3D12_RESOURCE_DIMENSION_BUFFER)
        info = ddi_format_get(desc->Format);

    for (i = 0; i < num; ++i)
    {
        status = info ? layout_texture(desc, info, first + i, &sub) : layout_buffer(desc, &sub);
        if (status != DDI_LAYOUT_OK)
            goto fail;
        offset = align_up(total, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT);
        if (offset < total || offset + sub.size < offset)
        {
            status = DDI_LAYOUT_OVERFLOW;
            goto fail;
        }
        if (layouts)
        {
            /* The base offset is the caller's: added without alignment. */
            layouts[i].Offset = base_offset + offset;
            layouts[i].Footprint = sub.footprint;
        }
        if (num_rows)
            num_rows[i] = sub.rows;
        if (row_sizes)
            row_sizes[i] = sub.row_size;
        total = offset + sub.size;
    }
    if (total_bytes)
        *total_bytes = total;
    return DDI_LAYOUT_OK;

fail:
    layout_fill_invalid(first, num, layouts, num_rows, row_sizes, total_bytes);
    return status;
}

/*
 * Resource description validation.  Sources: the D3D12_RESOURCE_DESC and
 * D3D12_RESOURCE_FLAGS reference pages (learn.microsoft.com), the D3D12
 * limits in d3d12.h, and native behaviour recorded by vkd3d-proton's tests.
 */

#define DDI_KNOWN_RESOURCE_FLAGS 0x1ffu

static bool __attribute__((format(printf, 3, 4))) validate_fail(char *why, size_t why_len,
        const char *fmt, ...)
{
    va_list args;

    if (why && why_len)
    {
        va_start(args, fmt);
        vsnprintf(why, why_len, fmt, args);
        va_end(args);
    }
    return false;
}

static bool validate_buffer(const D3D12_RESOURCE_DESC1 *desc, char *why, size_t why_len)
{
    if (!desc->Width)
        return validate_fail(why, why_len, "buffer Width is 0");
    if (desc->Height != 1 || desc->DepthOrArraySize != 1 || desc->MipLevels != 1)
        return validate_fail(why, why_len,
                "buffer Height, DepthOrArraySize and MipLevels must be 1 (got %u, %u, %u)",
                desc->Height, desc->DepthOrArraySize, desc->MipLevels);
    if (desc->Format != DXGI_FORMAT_UNKNOWN)
        return validate_fail(why, why_len, "buffer Format must be DXGI_FORMAT_UNKNOWN, not %s",
                ddi_format_name(desc->Format));
    if (desc->SampleDesc.Count != 1 || desc->SampleDesc.Quality != 0)
        return validate_fail(why, why_len, "buffer SampleDesc must be {1, 0} (got {%u, %u})",
                desc->SampleDesc.Count, desc->SampleDesc.Quality);
    if (desc->Layout != D3D12_TEXTURE_LAYOUT_ROW_MAJOR)
        return validate_fail(why, why_len, "buffer Layout must be D3D12_TEXTURE_LAYOUT_ROW_MAJOR");
    if (desc->Alignment && desc->Alignment != D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT)
        return validate_fail(why, why_len, "buffer Alignment must be 0 or 65536 (got %" PRIu64 ")",
                (uint64_t)desc->Alignment);
    if (desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)
        return validate_fail(why, why_len, "buffers cannot allow depth-stencil");
    if (desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS)
        return validate_fail(why, why_len, "buffers cannot take ALLOW_SIMULTANEOUS_ACCESS");
    /* DENY_SHADER_RESOURCE is accepted on buffers: Microsoft's runtime does not refuse it
     * (vkd3d-proton's validation, written to pass on Windows, has no such rule), and
     * portable code creates readback buffers with it. */
    return true;
}

static bool validate_texture_size(const D3D12_RESOURCE_DESC1 *desc, const struct ddi_format_info *info,
        char *why, size_t why_len)
{
    if (!desc->Width || !desc->Height || !desc->DepthOrArraySize)
        return validate_fail(why, why_len, "Width, Height and DepthOrArraySize must be non-zero "
                "(got %" PRIu64 "x%ux%u)", (uint64_t)desc->Width, desc->Height, desc->DepthOrArraySize);

    switch (desc->Dimension)
    {
        case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
            if (desc->Height != 1)
                return validate_fail(why, why_len, "1D textures have Height 1 (got %u)", desc->Height);
            if (desc->Width > D3D12_REQ_TEXTURE1D_U_DIMENSION)
                return validate_fail(why, why_len, "1D Width %" PRIu64 " exceeds %u",
                        (uint64_t)desc->Width, D3D12_REQ_TEXTURE1D_U_DIMENSION);
            if (desc->DepthOrArraySize > D3D12_REQ_TEXTURE1D_ARRAY_AXIS_DIMENSION)
                return validate_fail(why, why_len, "1D array size %u exceeds %u",
                        desc->DepthOrArraySize, D3D12_REQ_TEXTURE1D_ARRAY_AXIS_DIMENSION);
            if (info->block_height > 1)
                return validate_fail(why, why_len, "%s has %u-row blocks and cannot be 1D",
                        info->name, info->block_height);
            break;

        case D3D12_RESOURCE_DIMENSION_TEXTURE2D:
            if (desc->Width > D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION
                    || desc->Height > D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION)
                return validate_fail(why, why_len, "2D size %" PRIu64 "x%u exceeds %u",
                        (uint64_t)desc->Width, desc->Height, D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION);
            if (desc->DepthOrArraySize > D3D12_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION)
                return validate_fail(why, why_len, "2D array size %u exceeds %u",
                        desc->DepthOrArraySize, D3D12_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION);
            break;

        default:
            if (desc->Width > D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION
                    || desc->Height > D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION
                    || desc->DepthOrArraySize > D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION)
                return validate_fail(why, why_len, "3D size %" PRIu64 "x%ux%u exceeds %u",
                        (uint64_t)desc->Width, desc->Height, desc->DepthOrArraySize,
                        D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION);
            break;
    }

    /* More levels than the full chain are accepted and kept (the extra ones are 1x1x1):
     * Microsoft's runtime creates a 32x32 texture with MipLevels 10 and GetDesc reports 10
     * (vkd3d-proton's test_create_committed_resource, run on Windows). Above
     * D3D12_REQ_MIP_LEVELS no texture of any size has that many levels
     * (specs/decisions/D006-mip-levels-above-chain.md). */
    if (desc->MipLevels > D3D12_REQ_MIP_LEVELS)
        return validate_fail(why, why_len, "MipLevels %u exceeds D3D12_REQ_MIP_LEVELS (%u)", desc->MipLevels,
                D3D12_REQ_MIP_LEVELS);
    return true;
}

static bool validate_texture_format(const D3D12_RESOURCE_DESC1 *desc, const struct ddi_format_info *info,
        unsigned int flags, char *why, size_t why_len)
{
    bool unaligned_ok = info->is_compressed && (flags & DDI_VALIDATE_UNALIGNED_BLOCKS);

    if (info->is_yuv && desc->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D)
        return validate_fail(why, why_len, "video format %s needs a 2D texture", info->name);
    if (info->is_depth && desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D)
        return validate_fail(why, why_len, "depth format %s cannot be 3D", info->name);
    /* Block formats need whole blocks at mip 0; smaller mips round up. */
    if (!unaligned_ok && (desc->Width % info->block_width || desc->Height % info->block_height))
        return validate_fail(why, why_len, "%" PRIu64 "x%u is not a multiple of the %ux%u blocks of %s",
                (uint64_t)desc->Width, desc->Height, info->block_width, info->block_height, info->name);
    /* Planar video has no mip chain (vkd3d-proton mirrors native here). */
    if (info->is_yuv && info->is_planar && ddi_resource_mip_levels(desc) != 1)
        return validate_fail(why, why_len, "planar video format %s has one mip level", info->name);
    return true;
}

static bool validate_samples(const D3D12_RESOURCE_DESC1 *desc, const struct ddi_format_info *info,
        unsigned int flags, char *why, size_t why_len)
{
    UINT count = desc->SampleDesc.Count;

    if (!count || count > 32 || (count & (count - 1)))
        return validate_fail(why, why_len, "SampleDesc.Count %u is not a power of two from 1 to 32", count);
    if (count == 1)
    {
        if (desc->SampleDesc.Quality)
            return validate_fail(why, why_len, "single-sampled textures have Quality 0 (got %u)",
                    desc->SampleDesc.Quality);
        return true;
    }
    if (desc->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D)
        return validate_fail(why, why_len, "multisampling needs a 2D texture");
    if (ddi_resource_mip_levels(desc) != 1)
        return validate_fail(why, why_len, "multisampled textures have one mip level");
    if (!(desc->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)))
        return validate_fail(why, why_len,
                "multisampled textures need ALLOW_RENDER_TARGET or ALLOW_DEPTH_STENCIL");
    if ((desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS) && !(flags & DDI_VALIDATE_MSAA_UAV))
        return validate_fail(why, why_len, "multisampled textures cannot allow unordered access");
    if (desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS)
        return validate_fail(why, why_len, "multisampled textures cannot take ALLOW_SIMULTANEOUS_ACCESS");
    if (desc->Layout == D3D12_TEXTURE_LAYOUT_ROW_MAJOR
            || desc->Layout == D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE)
        return validate_fail(why, why_len, "multisampled textures need an undefined layout");
    if (info->is_compressed || info->is_yuv)
        return validate_fail(why, why_len, "%s cannot be multisampled", info->name);
    return true;
}

/*
 * Tiles of tile_bytes that the most detailed mip of one array slice spans, the size
 * estimate of the D3D12_RESOURCE_DESC page ("Alignment"): tiles are near-square runs of
 * elements (square for a power-of-four element count, else twice as wide as high), as
 * standard swizzle shapes them. Array size and mip count do not count; neither does a
 * 3D texture's depth (vkd3d-proton records that Windows sizes the slice only). 1D
 * textures and element sizes that are not a power of two count bytes.
 */
static UINT64 small_placement_tiles(const D3D12_RESOURCE_DESC1 *desc, const struct ddi_format_info *info,
        UINT64 tile_bytes)
{
    UINT64 element_bytes = (UINT64)info->bytes_per_block * desc->SampleDesc.Count, elements, tile_w, tile_h;
    UINT64 blocks_w = div_round_up(desc->Width, info->block_width);
    UINT64 blocks_h = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D
            ? 1 : div_round_up(desc->Height, info->block_height);
    unsigned int log2 = 0;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D || info->is_planar
            || (element_bytes & (element_bytes - 1)) || element_bytes > tile_bytes)
        return div_round_up(blocks_w * blocks_h * element_bytes, tile_bytes);
    elements = tile_bytes / element_bytes;
    while ((UINT64)1 << log2 < elements)
        ++log2;
    tile_h = (UINT64)1 << (log2 / 2);
    tile_w = elements / tile_h;
    return div_round_up(blocks_w, tile_w) * div_round_up(blocks_h, tile_h);
}

bool ddi_small_placement_allowed(const D3D12_RESOURCE_DESC1 *desc)
{
    const struct ddi_format_info *info;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER || !(info = ddi_format_get(desc->Format))
            || !desc->SampleDesc.Count)
        return false;
    /* 64 KiB for MSAA when the top level fits 4 MiB. */
    if (desc->SampleDesc.Count > 1)
        return small_placement_tiles(desc, info, D3D12_SMALL_MSAA_RESOURCE_PLACEMENT_ALIGNMENT)
                <= D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT / D3D12_SMALL_MSAA_RESOURCE_PLACEMENT_ALIGNMENT;
    /* 4 KiB for textures that are neither render targets nor depth-stencil when the top
     * level fits 64 KiB: at most 16 tiles of 4 KiB. */
    if (desc->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
        return false;
    return small_placement_tiles(desc, info, D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT)
            <= D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT / D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
}

/*
 * Alignment 0 means 64 KiB (4 MiB for MSAA). 4 KiB must pass the size rule: Microsoft's
 * runtime refuses a 512x256 R8 texture that asks for it (vkd3d-proton's
 * test_create_committed_resource, run on Windows). An MSAA texture too large for
 * 64 KiB is not refused: it gets 4 MiB (vkd3d-proton records native doing so for a
 * 1080p MSAA texture), so only the driver's answer changes.
 */
static bool validate_texture_alignment(const D3D12_RESOURCE_DESC1 *desc, char *why, size_t why_len)
{
    bool msaa = desc->SampleDesc.Count > 1;

    switch (desc->Alignment)
    {
        case 0:
        case D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT:
            return true;
        case D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT:
            if (msaa || (desc->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET
                    | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)))
                return validate_fail(why, why_len,
                        "4 KiB alignment excludes MSAA, render targets and depth-stencil");
            if (!ddi_small_placement_allowed(desc))
                return validate_fail(why, why_len, "4 KiB alignment is for textures whose top level fits "
                        "64 KiB (16 tiles of 4 KiB)");
            return true;
        case D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT:
            if (!msaa)
                return validate_fail(why, why_len, "4 MiB alignment is for multisampled textures");
            return true;
        default:
            return validate_fail(why, why_len, "Alignment %" PRIu64 " is not 0, 4 KiB, 64 KiB or 4 MiB",
                    (uint64_t)desc->Alignment);
    }
}

static bool validate_texture_layout(const D3D12_RESOURCE_DESC1 *desc, char *why, size_t why_len)
{
    if (desc->Layout == D3D12_TEXTURE_LAYOUT_ROW_MAJOR)
    {
        /* Row-major textures exist only to share across adapters. */
        if (!(desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER))
            return validate_fail(why, why_len, "row-major textures need ALLOW_CROSS_ADAPTER");
        if (desc->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D || desc->DepthOrArraySize != 1
                || ddi_resource_mip_levels(desc) != 1)
            return validate_fail(why, why_len, "row-major textures are 2D with one slice and one mip");
    }
    if ((desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER) && ddi_resource_mip_levels(desc) != 1)
        return validate_fail(why, why_len, "cross-adapter textures have one mip level");
    return true;
}

static bool validate_texture_flags(const D3D12_RESOURCE_DESC1 *desc, const struct ddi_format_info *info,
        char *why, size_t why_len)
{
    D3D12_RESOURCE_FLAGS f = desc->Flags;

    if (f & D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE)
        return validate_fail(why, why_len, "acceleration structures are buffers");
    if (f & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)
    {
        if (f & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS
                | D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS))
            return validate_fail(why, why_len, "ALLOW_DEPTH_STENCIL excludes ALLOW_RENDER_TARGET, "
                    "ALLOW_UNORDERED_ACCESS and ALLOW_SIMULTANEOUS_ACCESS");
        if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D)
            return validate_fail(why, why_len, "depth-stencil textures cannot be 3D");
        if (desc->Layout == D3D12_TEXTURE_LAYOUT_ROW_MAJOR
                || desc->Layout == D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE)
            return validate_fail(why, why_len, "depth-stencil textures need an undefined layout");
        if (!ddi_format_depth_stencil_capable(desc->Format))
            return validate_fail(why, why_len, "%s is not a depth-stencil format", info->name);
    }
    /* DENY_SHADER_RESOURCE without ALLOW_DEPTH_STENCIL is accepted: the documentation
     * pairs the flags, but Microsoft's runtime does not refuse the combination. */
    /* No device renders to or writes depth or block-compressed formats. */
    if ((f & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET) && (info->is_depth || info->is_compressed))
        return validate_fail(why, why_len, "%s cannot be a render target", info->name);
    if ((f & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS) && (info->is_depth || info->is_compressed))
        return validate_fail(why, why_len, "%s cannot allow unordered access", info->name);
    return true;
}

bool ddi_validate_resource_desc_ex(const D3D12_RESOURCE_DESC1 *desc, unsigned int flags,
        char *why, size_t why_len)
{
    const struct ddi_format_info *info;

    if (!desc)
        return validate_fail(why, why_len, "no resource description");
    if (desc->Flags & ~DDI_KNOWN_RESOURCE_FLAGS)
        return validate_fail(why, why_len, "unknown resource flags %#x",
                (unsigned int)(desc->Flags & ~DDI_KNOWN_RESOURCE_FLAGS));
    if ((unsigned int)desc->Layout > D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE)
        return validate_fail(why, why_len, "unknown texture layout %u", (unsigned int)desc->Layout);

    switch (desc->Dimension)
    {
        case D3D12_RESOURCE_DIMENSION_BUFFER:
            return validate_buffer(desc, why, why_len);
        case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
        case D3D12_RESOURCE_DIMENSION_TEXTURE2D:
        case D3D12_RESOURCE_DIMENSION_TEXTURE3D:
            break;
        default:
            return validate_fail(why, why_len, "invalid resource dimension %u",
                    (unsigned int)desc->Dimension);
    }

    if (desc->Format == DXGI_FORMAT_UNKNOWN)
        return validate_fail(why, why_len, "textures need a format");
    if (!(info = ddi_format_get(desc->Format)))
        return validate_fail(why, why_len, "unknown format %u", (unsigned int)desc->Format);

    return validate_texture_size(desc, info, why, why_len)
            && validate_texture_format(desc, info, flags, why, why_len)
            && validate_samples(desc, info, flags, why, why_len)
            && validate_texture_alignment(desc, why, why_len)
            && validate_texture_layout(desc, why, why_len)
            && validate_texture_flags(desc, info, why, why_len);
}

bool ddi_validate_resource_desc(const D3D12_RESOURCE_DESC1 *desc, char *why, size_t why_len)
{
    return ddi_validate_resource_desc_ex(desc, 0, why, why_len);
}
