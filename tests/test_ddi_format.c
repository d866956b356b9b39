/*
 * Format table, subresource/footprint arithmetic, resource description
 * validation and tile shapes (ddi/ddi_format.c, ddi_layout.c, ddi_tile.c).
 * Every expected number is worked out by hand in the comment next to it.
 */

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ddi_format.h"
#include "ddi_layout.h"
#include "ddi_tile.h"
#include "test_run.h"

static D3D12_RESOURCE_DESC1 tex_desc(D3D12_RESOURCE_DIMENSION dimension, DXGI_FORMAT format,
        UINT64 width, UINT height, UINT16 depth_or_array, UINT16 mips)
{
    D3D12_RESOURCE_DESC1 desc;

    memset(&desc, 0, sizeof(desc));
    desc.Dimension = dimension;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = depth_or_array;
    desc.MipLevels = mips;
    desc.Format = format;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    return desc;
}

static D3D12_RESOURCE_DESC1 buffer_desc(UINT64 width)
{
    D3D12_RESOURCE_DESC1 desc = tex_desc(D3D12_RESOURCE_DIMENSION_BUFFER, DXGI_FORMAT_UNKNOWN, width, 1, 1, 1);

    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    return desc;
}

static void check_layout(const D3D12_PLACED_SUBRESOURCE_FOOTPRINT *l, UINT64 offset, DXGI_FORMAT format,
        UINT width, UINT height, UINT depth, UINT pitch)
{
    ck_assert_uint_eq(l->Offset, offset);
    ck_assert_uint_eq(l->Footprint.Format, format);
    ck_assert_uint_eq(l->Footprint.Width, width);
    ck_assert_uint_eq(l->Footprint.Height, height);
    ck_assert_uint_eq(l->Footprint.Depth, depth);
    ck_assert_uint_eq(l->Footprint.RowPitch, pitch);
}

/* ---- format table ---- */

START_TEST(test_format_sizes)
{
    const struct ddi_format_info *f;

    f = ddi_format_get(DXGI_FORMAT_R8G8B8A8_UNORM);
    ck_assert_ptr_nonnull(f);
    ck_assert_str_eq(f->name, "DXGI_FORMAT_R8G8B8A8_UNORM");
    ck_assert_uint_eq(f->bytes_per_block, 4);  /* 4 x 8 bits */
    ck_assert_uint_eq(f->block_width, 1);
    ck_assert_uint_eq(f->block_height, 1);
    ck_assert_uint_eq(f->component_count, 4);
    ck_assert_uint_eq(f->bits[3], 8);
    ck_assert_int_eq(f->numeric_class, DDI_FORMAT_CLASS_UNORM);
    ck_assert_uint_eq(f->typeless_family, DXGI_FORMAT_R8G8B8A8_TYPELESS);
    ck_assert(!f->is_compressed && !f->is_srgb && !f->is_typeless);

    f = ddi_format_get(DXGI_FORMAT_BC1_UNORM);
    ck_assert_uint_eq(f->bytes_per_block, 8);  /* 64-bit block */
    ck_assert_uint_eq(f->block_width, 4);
    ck_assert_uint_eq(f->block_height, 4);
    ck_assert(f->is_compressed);

    f = ddi_format_get(DXGI_FORMAT_BC7_UNORM_SRGB);
    ck_assert_uint_eq(f->bytes_per_block, 16); /* 128-bit block */
    ck_assert(f->is_srgb);
    ck_assert_int_eq(f->numeric_class, DDI_FORMAT_CLASS_SRGB);

    f = ddi_format_get(DXGI_FORMAT_R32G32B32_FLOAT);
    ck_assert_uint_eq(f->bytes_per_block, 12); /* 3 x 32 bits */
    ck_assert_uint_eq(f->component_count, 3);

    f = ddi_format_get(DXGI_FORMAT_R9G9B9E5_SHAREDEXP);
    ck_assert_uint_eq(f->bytes_per_block, 4);  /* 9+9+9+5 = 32 bits */
    ck_assert_uint_eq(f->bits[0] + f->bits[1] + f->bits[2] + f->bits[3], 32);

    f = ddi_format_get(DXGI_FORMAT_YUY2);
    ck_assert_uint_eq(f->bytes_per_block, 4);  /* Y0 U Y1 V for 2 pixels */
    ck_assert_uint_eq(f->block_width, 2);
    ck_assert(f->is_packed_422 && f->is_yuv);

    f = ddi_format_get(DXGI_FORMAT_R1_UNORM);
    ck_assert_uint_eq(f->bytes_per_block, 1);  /* 8 pixels per byte */
    ck_assert_uint_eq(f->block_width, 8);

    f = ddi_format_get(DDI_FORMAT_A4B4G4R4_UNORM);
    ck_assert_ptr_nonnull(f);
    ck_assert_str_eq(f->name, "DXGI_FORMAT_A4B4G4R4_UNORM");
    ck_assert_uint_eq(f->bytes_per_block, 2);  /* 4 x 4 bits */
}
END_TEST

START_TEST(test_format_depth_planes)
{
    const struct ddi_format_info *f;
    unsigned int bytes, sw, sh;

    f = ddi_format_get(DXGI_FORMAT_D32_FLOAT_S8X24_UINT);
    ck_assert_uint_eq(f->bytes_per_block, 8);  /* D3D11 element: 32 + 8 + 24 bits */
    ck_assert_uint_eq(f->plane_count, 2);
    ck_assert(f->is_depth && f->has_stencil && f->is_planar);
    ck_assert_int_eq(f->numeric_class, DDI_FORMAT_CLASS_DEPTH_STENCIL);

    /* Plane 0: depth as a 32-bit element. */
    ck_assert(ddi_format_plane_info(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 0, &bytes, &sw, &sh));
    ck_assert_uint_eq(bytes, 4);
    ck_assert_uint_eq(sw, 1);
    ck_assert_uint_eq(sh, 1);
    ck_assert_uint_eq(ddi_format_plane_copy_format(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 0), DXGI_FORMAT_R32_TYPELESS);
    /* Plane 1: stencil as one byte. */
    ck_assert(ddi_format_plane_info(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 1, &bytes, &sw, &sh));
    ck_assert_uint_eq(bytes, 1);
    ck_assert_uint_eq(ddi_format_plane_copy_format(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 1), DXGI_FORMAT_R8_TYPELESS);
    ck_assert(!ddi_format_plane_info(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 2, &bytes, &sw, &sh));

    /* D24S8 and its typeless sibling copy the same way: 4 + 1 bytes. */
    ck_assert(ddi_format_plane_info(DXGI_FORMAT_R24G8_TYPELESS, 0, &bytes, NULL, NULL));
    ck_assert_uint_eq(bytes, 4);
    ck_assert(ddi_format_plane_info(DXGI_FORMAT_D24_UNORM_S8_UINT, 1, &bytes, NULL, NULL));
    ck_assert_uint_eq(bytes, 1);

    /* Depth without stencil is a single plane. */
    ck_assert_uint_eq(ddi_format_plane_count(DXGI_FORMAT_D32_FLOAT), 1);
    ck_assert_uint_eq(ddi_format_plane_copy_format(DXGI_FORMAT_D32_FLOAT, 0), DXGI_FORMAT_D32_FLOAT);
    ck_assert_int_eq(ddi_format_get(DXGI_FORMAT_D16_UNORM)->numeric_class, DDI_FORMAT_CLASS_DEPTH);
}
END_TEST

START_TEST(test_format_yuv_planes)
{
    const struct ddi_format_info *f;
    unsigned int bytes, sw, sh;

    f = ddi_format_get(DXGI_FORMAT_NV12);
    ck_assert_uint_eq(f->plane_count, 2);
    /* 2x2 pixels: 4 luma bytes + one U,V pair = 6 bytes. */
    ck_assert_uint_eq(f->bytes_per_block, 6);
    ck_assert_uint_eq(f->block_width, 2);
    ck_assert_uint_eq(f->block_height, 2);

    ck_assert(ddi_format_plane_info(DXGI_FORMAT_NV12, 0, &bytes, &sw, &sh));
    ck_assert_uint_eq(bytes, 1);
    ck_assert_uint_eq(sw, 1);
    ck_assert_uint_eq(sh, 1);
    ck_assert_uint_eq(ddi_format_plane_copy_format(DXGI_FORMAT_NV12, 0), DXGI_FORMAT_R8_TYPELESS);
    ck_assert(ddi_format_plane_info(DXGI_FORMAT_NV12, 1, &bytes, &sw, &sh));
    ck_assert_uint_eq(bytes, 2);  /* U,V byte pair */
    ck_assert_uint_eq(sw, 2);
    ck_assert_uint_eq(sh, 2);
    ck_assert_uint_eq(ddi_format_plane_copy_format(DXGI_FORMAT_NV12, 1), DXGI_FORMAT_R8G8_TYPELESS);
    ck_assert(!ddi_format_plane_info(DXGI_FORMAT_NV12, 2, &bytes, &sw, &sh));

    /* P010: 16-bit containers, chroma pair 4 bytes. */
    ck_assert(ddi_format_plane_info(DXGI_FORMAT_P010, 1, &bytes, &sw, &sh));
    ck_assert_uint_eq(bytes, 4);
    ck_assert_uint_eq(ddi_format_plane_copy_format(DXGI_FORMAT_P010, 1), DXGI_FORMAT_R16G16_TYPELESS);
    /* NV11 chroma is quarter width, full height. */
    ck_assert(ddi_format_plane_info(DXGI_FORMAT_NV11, 1, &bytes, &sw, &sh));
    ck_assert_uint_eq(sw, 4);
    ck_assert_uint_eq(sh, 1);
    /* V208: three R8 planes, chroma half height. */
    ck_assert_uint_eq(ddi_format_plane_count(DXGI_FORMAT_V208), 3);
    ck_assert(ddi_format_plane_info(DXGI_FORMAT_V208, 2, &bytes, &sw, &sh));
    ck_assert_uint_eq(sh, 2);
    ck_assert_uint_eq(ddi_format_plane_count(DXGI_FORMAT_420_OPAQUE), 1);
}
END_TEST

START_TEST(test_format_coverage)
{
    unsigned int value, plane, family_count = 0;

    for (value = 0; value < 256; ++value)
    {
        const struct ddi_format_info *f = ddi_format_get((DXGI_FORMAT)value);
        bool expected = (value >= 1 && value <= 115) || (value >= 130 && value <= 132)
                || (value >= 189 && value <= 191);

        ck_assert_msg(!!f == expected, "format %u", value);
        ck_assert(ddi_format_is_valid((DXGI_FORMAT)value) == expected);
        if (!f)
        {
            if (value)
                ck_assert_str_eq(ddi_format_name((DXGI_FORMAT)value), "unknown");
            continue;
        }
        ck_assert_uint_eq(f->format, value);
        ck_assert(!strncmp(f->name, "DXGI_FORMAT_", 12));
        ck_assert_ptr_eq(ddi_format_name((DXGI_FORMAT)value), f->name);
        ck_assert_uint_ne(f->bytes_per_block, 0);
        /* Families are closed: the parent is valid and its own parent. */
        ck_assert(ddi_format_is_valid(f->typeless_family));
        ck_assert_uint_eq(ddi_format_typeless(f->typeless_family), f->typeless_family);
        family_count += f->typeless_family == value;
        /* Exactly plane_count planes describe a copy. */
        for (plane = 0; plane < f->plane_count; ++plane)
            ck_assert_msg(ddi_format_plane_info((DXGI_FORMAT)value, plane, NULL, NULL, NULL),
                    "%s plane %u", f->name, plane);
        ck_assert(!ddi_format_plane_info((DXGI_FORMAT)value, f->plane_count, NULL, NULL, NULL));
    }
    /* 121 rows (1..115, 130..132, 189..191); 52 head a family: 22 typeless
     * parents (13 RGBA-style incl. R32G8X24 and R24G8, 7 BC, B8G8R8A8,
     * B8G8R8X8) and 30 formats standing alone (R11G11B10, A8, R1, R9G9B9E5,
     * 2 packed RGB 4:2:2, B5G6R5, B5G5R5A1, B4G4R4A4, A4B4G4R4, 18 video,
     * 2 sampler feedback). */
    ck_assert_uint_eq(family_count, 52);
    ck_assert_ptr_null(ddi_format_get(DXGI_FORMAT_UNKNOWN));
    ck_assert_str_eq(ddi_format_name(DXGI_FORMAT_UNKNOWN), "DXGI_FORMAT_UNKNOWN");
    ck_assert_str_eq(ddi_format_name(DXGI_FORMAT_FORCE_UINT), "unknown");
    ck_assert_str_eq(ddi_format_name(DXGI_FORMAT_420_OPAQUE), "DXGI_FORMAT_420_OPAQUE");
    ck_assert_ptr_null(ddi_format_get(DXGI_FORMAT_FORCE_UINT));
}
END_TEST

START_TEST(test_format_casts)
{
    ck_assert(ddi_format_cast_compatible(DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB));
    ck_assert(ddi_format_cast_compatible(DXGI_FORMAT_R32_FLOAT, DXGI_FORMAT_D32_FLOAT));
    ck_assert(ddi_format_cast_compatible(DXGI_FORMAT_A8_UNORM, DXGI_FORMAT_A8_UNORM));
    ck_assert(!ddi_format_cast_compatible(DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM));
    ck_assert(!ddi_format_cast_compatible(DXGI_FORMAT_R32_FLOAT, DXGI_FORMAT_R16G16_FLOAT));
    ck_assert(!ddi_format_cast_compatible(DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN));
    ck_assert(!ddi_format_cast_compatible((DXGI_FORMAT)120, (DXGI_FORMAT)120));

    ck_assert_uint_eq(ddi_format_typeless(DXGI_FORMAT_D24_UNORM_S8_UINT), DXGI_FORMAT_R24G8_TYPELESS);
    ck_assert_uint_eq(ddi_format_typeless(DXGI_FORMAT_BC3_UNORM_SRGB), DXGI_FORMAT_BC3_TYPELESS);
    ck_assert_uint_eq(ddi_format_typeless(DXGI_FORMAT_R11G11B10_FLOAT), DXGI_FORMAT_R11G11B10_FLOAT);
    ck_assert_uint_eq(ddi_format_typeless((DXGI_FORMAT)200), DXGI_FORMAT_UNKNOWN);

    ck_assert(ddi_format_depth_stencil_capable(DXGI_FORMAT_D16_UNORM));
    ck_assert(ddi_format_depth_stencil_capable(DXGI_FORMAT_R32_TYPELESS));
    ck_assert(ddi_format_depth_stencil_capable(DXGI_FORMAT_R24G8_TYPELESS));
    ck_assert(!ddi_format_depth_stencil_capable(DXGI_FORMAT_R32_FLOAT));
    ck_assert(!ddi_format_depth_stencil_capable(DXGI_FORMAT_R8_TYPELESS));
    ck_assert(!ddi_format_depth_stencil_capable(DXGI_FORMAT_R24_UNORM_X8_TYPELESS));
}
END_TEST

/* ---- subresources ---- */

START_TEST(test_subresource_index)
{
    UINT mip, slice, plane, i;

    /* 2 + (3 + 1 * 5) * 4 = 34 */
    ck_assert_uint_eq(ddi_subresource_index(2, 3, 1, 4, 5), 34);
    ddi_subresource_decompose(34, 4, 5, &mip, &slice, &plane);
    ck_assert_uint_eq(mip, 2);
    ck_assert_uint_eq(slice, 3);
    ck_assert_uint_eq(plane, 1);

    /* Every index of a 3-mip, 6-slice, 2-plane resource round-trips. */
    for (i = 0; i < 3 * 6 * 2; ++i)
    {
        ddi_subresource_decompose(i, 3, 6, &mip, &slice, &plane);
        ck_assert_uint_lt(mip, 3);
        ck_assert_uint_lt(slice, 6);
        ck_assert_uint_lt(plane, 2);
        ck_assert_uint_eq(ddi_subresource_index(mip, slice, plane, 3, 6), i);
    }
}
END_TEST

START_TEST(test_mip_levels)
{
    D3D12_RESOURCE_DESC1 desc;
    UINT64 w;
    UINT h, d;

    ck_assert_uint_eq(ddi_max_mip_levels(1, 1, 1), 1);
    ck_assert_uint_eq(ddi_max_mip_levels(100, 60, 1), 7);      /* 100,50,25,12,6,3,1 */
    ck_assert_uint_eq(ddi_max_mip_levels(16384, 1, 1), 15);    /* 2^14 -> 15 levels */
    ck_assert_uint_eq(ddi_max_mip_levels(4, 4, 300), 9);       /* 300 -> floor(log2) 8, +1 */
    ck_assert_uint_eq(ddi_max_mip_levels(0, 4, 4), 0);
    ck_assert_uint_eq(ddi_mip_extent(100, 3), 12);             /* 100 >> 3 */
    ck_assert_uint_eq(ddi_mip_extent(5, 4), 1);                /* clamped */
    ck_assert_uint_eq(ddi_mip_extent(5, 70), 1);

    /* MipLevels 0 resolves to the full chain: 7 levels, 2 slices -> 14. */
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 100, 60, 2, 0);
    ck_assert_uint_eq(ddi_resource_mip_levels(&desc), 7);
    ck_assert_uint_eq(ddi_resource_subresource_count(&desc), 14);

    /* 3D: depth is not an array; 64x8x4 has log2(64)+1 = 7 levels. */
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8_UNORM, 64, 8, 4, 0);
    ck_assert_uint_eq(ddi_resource_array_size(&desc), 1);
    ck_assert_uint_eq(ddi_resource_subresource_count(&desc), 7);
    ddi_resource_mip_size(&desc, 2, &w, &h, &d);
    ck_assert_uint_eq(w, 16);  /* 64 >> 2 */
    ck_assert_uint_eq(h, 2);   /* 8 >> 2 */
    ck_assert_uint_eq(d, 1);   /* 4 >> 2 */

    /* D24S8: 3 mips x 4 slices x 2 planes = 24. */
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D24_UNORM_S8_UINT, 8, 8, 4, 3);
    ck_assert_uint_eq(ddi_resource_plane_count(&desc), 2);
    ck_assert_uint_eq(ddi_resource_subresource_count(&desc), 24);

    desc = buffer_desc(4096);
    ck_assert_uint_eq(ddi_resource_subresource_count(&desc), 1);
}
END_TEST

/* ---- footprints ---- */

START_TEST(test_footprints_2d_array)
{
    D3D12_RESOURCE_DESC1 desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D,
            DXGI_FORMAT_R8G8B8A8_UNORM, 100, 60, 2, 3);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT l[6];
    UINT rows[6];
    UINT64 sizes[6], total;
    const DXGI_FORMAT fmt = DXGI_FORMAT_R8G8B8A8_UNORM;

    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 6, 0, l, rows, sizes, &total), DDI_LAYOUT_OK);
    /* mip0 100x60: row 400 B, pitch align(400, 256) = 512, 60 rows,
     * size 59 * 512 + 400 = 30608, ends at 30608. */
    check_layout(&l[0], 0, fmt, 100, 60, 1, 512);
    ck_assert_uint_eq(rows[0], 60);
    ck_assert_uint_eq(sizes[0], 400);
    /* mip1 50x30: row 200, pitch 256; offset align(30608, 512) = 60 * 512 = 30720;
     * size 29 * 256 + 200 = 7624, ends at 38344. */
    check_layout(&l[1], 30720, fmt, 50, 30, 1, 256);
    ck_assert_uint_eq(rows[1], 30);
    ck_assert_uint_eq(sizes[1], 200);
    /* mip2 25x15: row 100, pitch 256; offset align(38344, 512) = 75 * 512 = 38400;
     * size 14 * 256 + 100 = 3684, ends at 42084. */
    check_layout(&l[2], 38400, fmt, 25, 15, 1, 256);
    ck_assert_uint_eq(rows[2], 15);
    ck_assert_uint_eq(sizes[2], 100);
    /* slice 1 mip0: offset align(42084, 512) = 83 * 512 = 42496, ends at 73104. */
    check_layout(&l[3], 42496, fmt, 100, 60, 1, 512);
    /* slice 1 mip1: offset align(73104, 512) = 143 * 512 = 73216, ends at 80840. */
    check_layout(&l[4], 73216, fmt, 50, 30, 1, 256);
    /* slice 1 mip2: offset align(80840, 512) = 158 * 512 = 80896, ends at 84580. */
    check_layout(&l[5], 80896, fmt, 25, 15, 1, 256);
    ck_assert_uint_eq(total, 84580);

    /* Subresources 4..5 alone start at 0: mip1 ends at 7624, mip2 at
     * align(7624, 512) = 15 * 512 = 7680, total 7680 + 3684 = 11364.
     * The base offset is added unaligned. */
    ck_assert_int_eq(ddi_copyable_footprints(&desc, 4, 2, 100, l, NULL, NULL, &total), DDI_LAYOUT_OK);
    check_layout(&l[0], 100, fmt, 50, 30, 1, 256);
    check_layout(&l[1], 100 + 7680, fmt, 25, 15, 1, 256);
    ck_assert_uint_eq(total, 11364);

    /* All outputs optional. */
    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 6, 0, NULL, NULL, NULL, NULL), DDI_LAYOUT_OK);
}
END_TEST

START_TEST(test_footprints_bc1)
{
    D3D12_RESOURCE_DESC1 desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D,
            DXGI_FORMAT_BC1_UNORM, 130, 66, 1, 3);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT l[3];
    UINT rows[3];
    UINT64 sizes[3], total;
    const DXGI_FORMAT fmt = DXGI_FORMAT_BC1_UNORM;

    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 3, 0, l, rows, sizes, &total), DDI_LAYOUT_OK);
    /* mip0 130x66 -> 132x68 in whole blocks: 33 x 17 blocks; row 33 * 8 = 264,
     * pitch 512; size 16 * 512 + 264 = 8456. */
    check_layout(&l[0], 0, fmt, 132, 68, 1, 512);
    ck_assert_uint_eq(rows[0], 17);
    ck_assert_uint_eq(sizes[0], 264);
    /* mip1 65x33 -> 68x36: 17 x 9 blocks; row 136, pitch 256;
     * offset align(8456, 512) = 17 * 512 = 8704; size 8 * 256 + 136 = 2184, ends at 10888. */
    check_layout(&l[1], 8704, fmt, 68, 36, 1, 256);
    ck_assert_uint_eq(rows[1], 9);
    ck_assert_uint_eq(sizes[1], 136);
    /* mip2 32x16: 8 x 4 blocks; row 64, pitch 256; offset align(10888, 512) = 22 * 512 = 11264;
     * size 3 * 256 + 64 = 832, ends at 12096. */
    check_layout(&l[2], 11264, fmt, 32, 16, 1, 256);
    ck_assert_uint_eq(rows[2], 4);
    ck_assert_uint_eq(sizes[2], 64);
    ck_assert_uint_eq(total, 12096);
}
END_TEST

START_TEST(test_footprints_3d)
{
    D3D12_RESOURCE_DESC1 desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE3D,
            DXGI_FORMAT_R32_FLOAT, 20, 10, 5, 2);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT l[2];
    UINT rows[2];
    UINT64 sizes[2], total;

    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 2, 0, l, rows, sizes, &total), DDI_LAYOUT_OK);
    /* mip0 20x10x5: row 80, pitch 256, 10 rows per slice;
     * size (10 * 5 - 1) * 256 + 80 = 12624. */
    check_layout(&l[0], 0, DXGI_FORMAT_R32_FLOAT, 20, 10, 5, 256);
    ck_assert_uint_eq(rows[0], 10);
    ck_assert_uint_eq(sizes[0], 80);
    /* mip1 10x5x2: row 40; offset align(12624, 512) = 25 * 512 = 12800;
     * size (5 * 2 - 1) * 256 + 40 = 2344, ends at 15144. */
    check_layout(&l[1], 12800, DXGI_FORMAT_R32_FLOAT, 10, 5, 2, 256);
    ck_assert_uint_eq(rows[1], 5);
    ck_assert_uint_eq(sizes[1], 40);
    ck_assert_uint_eq(total, 15144);
}
END_TEST

START_TEST(test_footprints_buffer)
{
    D3D12_RESOURCE_DESC1 desc = buffer_desc(1000);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT l;
    UINT rows;
    UINT64 size, total;

    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 1, 1024, &l, &rows, &size, &total), DDI_LAYOUT_OK);
    /* One row of 1000 bytes, pitch align(1000, 256) = 1024, at the base offset. */
    check_layout(&l, 1024, DXGI_FORMAT_UNKNOWN, 1000, 1, 1, 1024);
    ck_assert_uint_eq(rows, 1);
    ck_assert_uint_eq(size, 1000);
    ck_assert_uint_eq(total, 1000);
}
END_TEST

START_TEST(test_footprints_depth_stencil)
{
    D3D12_RESOURCE_DESC1 desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D,
            DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 64, 32, 1, 1);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT l[2];
    UINT rows[2];
    UINT64 sizes[2], total;

    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 2, 0, l, rows, sizes, &total), DDI_LAYOUT_OK);
    /* Depth plane: R32_TYPELESS, row 64 * 4 = 256, planar pitch align(256, 512) = 512,
     * size 31 * 512 + 256 = 16128. */
    check_layout(&l[0], 0, DXGI_FORMAT_R32_TYPELESS, 64, 32, 1, 512);
    ck_assert_uint_eq(rows[0], 32);
    ck_assert_uint_eq(sizes[0], 256);
    /* Stencil plane: R8_TYPELESS, row 64, pitch 512; offset align(16128, 512) = 16384;
     * size 31 * 512 + 64 = 15936, ends at 32320. */
    check_layout(&l[1], 16384, DXGI_FORMAT_R8_TYPELESS, 64, 32, 1, 512);
    ck_assert_uint_eq(rows[1], 32);
    ck_assert_uint_eq(sizes[1], 64);
    ck_assert_uint_eq(total, 32320);
}
END_TEST

START_TEST(test_footprints_nv12)
{
    D3D12_RESOURCE_DESC1 desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_NV12, 64, 32, 1, 1);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT l[2];
    UINT rows[2];
    UINT64 sizes[2], total;

    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 2, 0, l, rows, sizes, &total), DDI_LAYOUT_OK);
    /* Luma: R8 64x32, row 64, pitch 512; size 31 * 512 + 64 = 15936. */
    check_layout(&l[0], 0, DXGI_FORMAT_R8_TYPELESS, 64, 32, 1, 512);
    ck_assert_uint_eq(rows[0], 32);
    ck_assert_uint_eq(sizes[0], 64);
    /* Chroma: R8G8 32x16, row 64, pitch 512; offset align(15936, 512) = 16384;
     * size 15 * 512 + 64 = 7744, ends at 24128. */
    check_layout(&l[1], 16384, DXGI_FORMAT_R8G8_TYPELESS, 32, 16, 1, 512);
    ck_assert_uint_eq(rows[1], 16);
    ck_assert_uint_eq(sizes[1], 64);
    ck_assert_uint_eq(total, 24128);

    /* 420_OPAQUE copies as its luma-sized R8 plane only, planar pitch:
     * row 64, pitch 512, size 31 * 512 + 64 = 15936. */
    desc.Format = DXGI_FORMAT_420_OPAQUE;
    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 1, 0, l, rows, sizes, &total), DDI_LAYOUT_OK);
    check_layout(&l[0], 0, DXGI_FORMAT_R8_TYPELESS, 64, 32, 1, 512);
    ck_assert_uint_eq(total, 15936);
    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 2, 0, l, rows, sizes, &total), DDI_LAYOUT_INVALID_RANGE);
}
END_TEST

START_TEST(test_footprints_nv11)
{
    D3D12_RESOURCE_DESC1 desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_NV11, 64, 4, 1, 1);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT l[2];
    UINT64 sizes[2], total;

    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 2, 0, l, NULL, sizes, &total), DDI_LAYOUT_OK);
    /* Luma 64x4: size 3 * 512 + 64 = 1600.  Chroma R8G8 16x4 (quarter width):
     * row 32 B, but its unpadded pitch is half the luma width, 32 pairs = 64 B;
     * offset align(1600, 512) = 2048; size 3 * 512 + 64 = 1600, ends at 3648. */
    check_layout(&l[1], 2048, DXGI_FORMAT_R8G8_TYPELESS, 16, 4, 1, 512);
    ck_assert_uint_eq(sizes[1], 32);
    ck_assert_uint_eq(total, 3648);
}
END_TEST

static void check_all_ones(const D3D12_PLACED_SUBRESOURCE_FOOTPRINT *l, const UINT *rows,
        const UINT64 *sizes, UINT count, UINT64 total)
{
    UINT i;

    for (i = 0; i < count; ++i)
    {
        ck_assert_uint_eq(l[i].Offset, UINT64_MAX);
        ck_assert_uint_eq(l[i].Footprint.Format, 0xffffffffu);
        ck_assert_uint_eq(l[i].Footprint.Width, 0xffffffffu);
        ck_assert_uint_eq(l[i].Footprint.Height, 0xffffffffu);
        ck_assert_uint_eq(l[i].Footprint.Depth, 0xffffffffu);
        ck_assert_uint_eq(l[i].Footprint.RowPitch, 0xffffffffu);
        ck_assert_uint_eq(rows[i], 0xffffffffu);
        ck_assert_uint_eq(sizes[i], UINT64_MAX);
    }
    ck_assert_uint_eq(total, UINT64_MAX);
}

START_TEST(test_footprints_invalid)
{
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT l[2];
    D3D12_RESOURCE_DESC1 desc;
    UINT rows[2];
    UINT64 sizes[2], total;

    /* 1D texture with Height 4. */
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE1D, DXGI_FORMAT_R32_UINT, 4, 4, 1, 1);
    memset(l, 0, sizeof(l));
    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 1, 0, l, rows, sizes, &total), DDI_LAYOUT_INVALID_DESC);
    check_all_ones(l, rows, sizes, 1, total);

    /* Buffer with a format and Height 3. */
    desc = buffer_desc(4);
    desc.Format = DXGI_FORMAT_R32_UINT;
    desc.Height = 3;
    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 1, 0, l, rows, sizes, &total), DDI_LAYOUT_INVALID_DESC);
    check_all_ones(l, rows, sizes, 1, total);

    /* Two subresources asked of a 1-subresource texture. */
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32_UINT, 4, 4, 1, 1);
    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 2, 0, l, rows, sizes, &total), DDI_LAYOUT_INVALID_RANGE);
    check_all_ones(l, rows, sizes, 2, total);

    /* Unknown format. */
    desc.Format = (DXGI_FORMAT)120;
    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 1, 0, l, rows, sizes, &total), DDI_LAYOUT_INVALID_DESC);
    check_all_ones(l, rows, sizes, 1, total);

    /* A buffer whose aligned row pitch overflows the UINT RowPitch. */
    desc = buffer_desc(UINT32_MAX);
    ck_assert_int_eq(ddi_copyable_footprints(&desc, 0, 1, 0, l, rows, sizes, &total), DDI_LAYOUT_OVERFLOW);
    check_all_ones(l, rows, sizes, 1, total);

    ck_assert_int_eq(ddi_copyable_footprints(NULL, 0, 1, 0, l, rows, sizes, &total), DDI_LAYOUT_INVALID_DESC);
    check_all_ones(l, rows, sizes, 1, total);

    /* A BC1 top level of partial blocks on a device without UnalignedBlockTexturesSupported:
     * the description is invalid there (OPTIONS8's documentation), so every output is ~0. */
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_BC1_UNORM, 130, 66, 1, 1);
    memset(l, 0, sizeof(l));
    ck_assert_int_eq(ddi_copyable_footprints_ex(&desc, 0, 0, 1, 0, l, rows, sizes, &total), DDI_LAYOUT_INVALID_DESC);
    check_all_ones(l, rows, sizes, 1, total);
    ck_assert_int_eq(ddi_copyable_footprints_ex(&desc, DDI_VALIDATE_UNALIGNED_BLOCKS, 0, 1, 0, l, rows, sizes,
            &total), DDI_LAYOUT_OK);
    ck_assert_uint_eq(l[0].Footprint.Width, 132);
}
END_TEST

/* ---- description validation ---- */

static void check_invalid(const D3D12_RESOURCE_DESC1 *desc, const char *reason)
{
    char why[256] = "";

    ck_assert(!ddi_validate_resource_desc(desc, why, sizeof(why)));
    ck_assert_msg(strstr(why, reason), "reason \"%s\" lacks \"%s\"", why, reason);
}

START_TEST(test_validate_dimensions)
{
    D3D12_RESOURCE_DESC1 desc, base;
    char why[256];

    base = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 100, 60, 1, 7);
    ck_assert(ddi_validate_resource_desc(&base, why, sizeof(why)));
    ck_assert(ddi_validate_resource_desc(&base, NULL, 0));

    desc = base;
    desc.Dimension = D3D12_RESOURCE_DIMENSION_UNKNOWN;
    check_invalid(&desc, "invalid resource dimension 0");
    desc = base;
    desc.Width = 0;
    check_invalid(&desc, "must be non-zero");
    /* 100x60 has 7 levels; more are kept, as Microsoft's runtime keeps 10 on a 32x32
     * texture (vkd3d-proton's test_create_committed_resource, run on Windows), up to
     * D3D12_REQ_MIP_LEVELS (specs/decisions/D006-mip-levels-above-chain.md). */
    desc = base;
    desc.MipLevels = 8;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
    ck_assert_uint_eq(ddi_resource_mip_levels(&desc), 8);
    desc.MipLevels = D3D12_REQ_MIP_LEVELS;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
    desc.MipLevels = D3D12_REQ_MIP_LEVELS + 1;
    check_invalid(&desc, "MipLevels 16 exceeds D3D12_REQ_MIP_LEVELS (15)");
    desc = base;
    desc.Width = 16385;
    check_invalid(&desc, "2D size 16385x60 exceeds 16384");
    desc = base;
    desc.DepthOrArraySize = 2049;
    check_invalid(&desc, "2D array size 2049 exceeds 2048");

    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE1D, DXGI_FORMAT_R8_UNORM, 64, 2, 1, 1);
    check_invalid(&desc, "1D textures have Height 1 (got 2)");
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE1D, DXGI_FORMAT_BC1_UNORM, 64, 1, 1, 1);
    check_invalid(&desc, "cannot be 1D");
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8_UNORM, 64, 64, 2049, 1);
    check_invalid(&desc, "3D size 64x64x2049 exceeds 2048");
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8_UNORM, 2048, 2048, 2048, 0);
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));

    desc = base;
    desc.Format = DXGI_FORMAT_UNKNOWN;
    check_invalid(&desc, "textures need a format");
    desc.Format = (DXGI_FORMAT)120;
    check_invalid(&desc, "unknown format 120");
    desc = base;
    desc.Layout = (D3D12_TEXTURE_LAYOUT)4;
    check_invalid(&desc, "unknown texture layout 4");
    desc = base;
    desc.Flags = (D3D12_RESOURCE_FLAGS)0x200;
    check_invalid(&desc, "unknown resource flags 0x200");
}
END_TEST

START_TEST(test_validate_buffer)
{
    D3D12_RESOURCE_DESC1 desc, base = buffer_desc(65536);

    ck_assert(ddi_validate_resource_desc(&base, NULL, 0));
    desc = base;
    desc.Format = DXGI_FORMAT_R8_UNORM;
    check_invalid(&desc, "buffer Format must be DXGI_FORMAT_UNKNOWN, not DXGI_FORMAT_R8_UNORM");
    desc = base;
    desc.Height = 2;
    check_invalid(&desc, "buffer Height, DepthOrArraySize and MipLevels must be 1 (got 2, 1, 1)");
    desc = base;
    desc.MipLevels = 2;
    check_invalid(&desc, "(got 1, 1, 2)");
    desc = base;
    desc.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    check_invalid(&desc, "buffer Layout must be D3D12_TEXTURE_LAYOUT_ROW_MAJOR");
    desc = base;
    desc.Alignment = 4096;
    check_invalid(&desc, "buffer Alignment must be 0 or 65536 (got 4096)");
    desc = base;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    check_invalid(&desc, "buffers cannot allow depth-stencil");
    /* Readback buffers are created with DENY_SHADER_RESOURCE by portable code; Microsoft's
     * runtime accepts it (vkd3d-proton's validation, written to pass on Windows, too). */
    desc = base;
    desc.Flags = D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
    desc = base;
    desc.Width = 0;
    check_invalid(&desc, "buffer Width is 0");
}
END_TEST

START_TEST(test_validate_alignment_and_msaa)
{
    D3D12_RESOURCE_DESC1 desc, base, rt;

    base = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1);
    rt = base;
    rt.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;

    desc = base;
    desc.Alignment = 4096;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
    desc.Alignment = 8192;
    check_invalid(&desc, "Alignment 8192 is not 0, 4 KiB, 64 KiB or 4 MiB");
    desc.Alignment = 4194304;
    check_invalid(&desc, "4 MiB alignment is for multisampled textures");
    desc = rt;
    desc.Alignment = 4096;
    check_invalid(&desc, "4 KiB alignment excludes");

    desc = rt;
    desc.SampleDesc.Count = 4;
    desc.Alignment = 4194304;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
    desc.SampleDesc.Count = 3;
    check_invalid(&desc, "SampleDesc.Count 3 is not a power of two");
    desc.SampleDesc.Count = 64;
    check_invalid(&desc, "SampleDesc.Count 64");
    desc.SampleDesc.Count = 0;
    check_invalid(&desc, "SampleDesc.Count 0");
    desc = base;
    desc.SampleDesc.Quality = 1;
    check_invalid(&desc, "single-sampled textures have Quality 0 (got 1)");
    desc = base;
    desc.SampleDesc.Count = 4;
    check_invalid(&desc, "multisampled textures need ALLOW_RENDER_TARGET or ALLOW_DEPTH_STENCIL");
    desc = rt;
    desc.SampleDesc.Count = 4;
    desc.MipLevels = 2;
    check_invalid(&desc, "multisampled textures have one mip level");
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 8, 1);
    desc.SampleDesc.Count = 2;
    check_invalid(&desc, "multisampling needs a 2D texture");
    desc = rt;
    desc.SampleDesc.Count = 4;
    desc.Flags |= D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    check_invalid(&desc, "multisampled textures cannot allow unordered access");
    ck_assert(ddi_validate_resource_desc_ex(&desc, DDI_VALIDATE_MSAA_UAV, NULL, 0));
}
END_TEST

/*
 * The small-placement rule of the D3D12_RESOURCE_DESC page ("Alignment"): the most
 * detailed mip of one slice, in near-square tiles of 4 KiB (64 KiB for MSAA), fits 16
 * (64) tiles. The cases Microsoft's runtime answers in vkd3d-proton's
 * test_resource_allocation_info (run on Windows): 4x4 R8, 16x16 RGBA8 (any array size),
 * 256x512 BC1 with 10 mips or 64 slices qualify; 1024x1024 RGBA8 and 260x512 BC1 do not.
 */
START_TEST(test_small_placement)
{
    static const struct
    {
        DXGI_FORMAT format;
        UINT64 width;
        UINT height;
        UINT16 depth, mips;
        bool allowed;
    }
    tests[] =
    {
        {DXGI_FORMAT_R8_UINT, 4, 4, 1, 1, true},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, true},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1024, 1, true},
        {DXGI_FORMAT_BC1_UNORM, 256, 512, 1, 10, true},
        {DXGI_FORMAT_BC1_UNORM, 256, 512, 64, 1, true},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 1024, 1024, 1, 1, false},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 1024, 1024, 1, 0, false},
        {DXGI_FORMAT_BC1_UNORM, 260, 512, 1, 1, false},
        /* 4 KiB tiles of RGBA8 are 32x32 texels: 128x128 is 16 of them, 160x128 20. */
        {DXGI_FORMAT_R8G8B8A8_UNORM, 128, 128, 1, 0, true},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 160, 128, 1, 1, false},
        /* R8: 64x64 texels a tile, so 256x256 fits and 257x256 does not. */
        {DXGI_FORMAT_R8_UNORM, 256, 256, 1, 1, true},
        {DXGI_FORMAT_R8_UNORM, 257, 256, 1, 1, false},
    };
    D3D12_RESOURCE_DESC1 desc;
    unsigned int i;

    for (i = 0; i < sizeof(tests) / sizeof(*tests); ++i)
    {
        desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, tests[i].format, tests[i].width, tests[i].height,
                tests[i].depth, tests[i].mips);
        ck_assert_msg(ddi_small_placement_allowed(&desc) == tests[i].allowed, "test %u", i);
        desc.Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
        if (tests[i].allowed)
            ck_assert_msg(ddi_validate_resource_desc(&desc, NULL, 0), "test %u", i);
        else
            check_invalid(&desc, "4 KiB alignment is for textures whose top level fits 64 KiB");
    }

    /* Render targets and depth-stencil never take 4 KiB; buffers never. */
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    ck_assert(!ddi_small_placement_allowed(&desc));
    desc = buffer_desc(256);
    ck_assert(!ddi_small_placement_allowed(&desc));

    /* MSAA: 64 KiB while the top level fits 4 MiB (512x512 RGBA8 x4 is exactly 4 MiB).
     * A larger one asking for 64 KiB is valid and gets 4 MiB from the driver, as native
     * does (vkd3d-proton's placed-resource notes on a 1080p MSAA texture). */
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 512, 1, 1);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    desc.SampleDesc.Count = 4;
    ck_assert(ddi_small_placement_allowed(&desc));
    desc.Width = 1920;
    desc.Height = 1080;
    ck_assert(!ddi_small_placement_allowed(&desc));
    desc.Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
}
END_TEST

START_TEST(test_validate_formats_and_flags)
{
    D3D12_RESOURCE_DESC1 desc;

    /* 130x66 is not whole 4x4 blocks; fine with unaligned block support. */
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_BC1_UNORM, 130, 66, 1, 1);
    check_invalid(&desc, "130x66 is not a multiple of the 4x4 blocks of DXGI_FORMAT_BC1_UNORM");
    ck_assert(ddi_validate_resource_desc_ex(&desc, DDI_VALIDATE_UNALIGNED_BLOCKS, NULL, 0));
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_NV12, 63, 32, 1, 1);
    check_invalid(&desc, "63x32 is not a multiple of the 2x2 blocks of DXGI_FORMAT_NV12");
    ck_assert(!ddi_validate_resource_desc_ex(&desc, DDI_VALIDATE_ALL_OPTIONAL, NULL, 0));
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_NV12, 64, 32, 1, 2);
    check_invalid(&desc, "planar video format DXGI_FORMAT_NV12 has one mip level");
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_AYUV, 64, 32, 2, 1);
    check_invalid(&desc, "video format DXGI_FORMAT_AYUV needs a 2D texture");

    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, 64, 64, 1, 1);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL | D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL | D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    check_invalid(&desc, "ALLOW_DEPTH_STENCIL excludes ALLOW_RENDER_TARGET");
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL | D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    check_invalid(&desc, "ALLOW_DEPTH_STENCIL excludes");
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    check_invalid(&desc, "DXGI_FORMAT_D32_FLOAT cannot be a render target");
    /* The documentation pairs DENY_SHADER_RESOURCE with ALLOW_DEPTH_STENCIL; Microsoft's
     * runtime does not refuse it alone (issue 17, vkd3d-proton's validation). */
    desc.Flags = D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.Flags = D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE | D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
    desc.Format = DXGI_FORMAT_D32_FLOAT;

    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    check_invalid(&desc, "DXGI_FORMAT_R8G8B8A8_UNORM is not a depth-stencil format");
    desc.Format = DXGI_FORMAT_R32_TYPELESS;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
    desc.Alignment = 4096;
    check_invalid(&desc, "4 KiB alignment excludes");

    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R32_TYPELESS, 8, 8, 8, 1);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    check_invalid(&desc, "depth-stencil textures cannot be 3D");
    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_D16_UNORM, 8, 8, 8, 1);
    check_invalid(&desc, "depth format DXGI_FORMAT_D16_UNORM cannot be 3D");

    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_BC3_UNORM, 64, 64, 1, 1);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    check_invalid(&desc, "DXGI_FORMAT_BC3_UNORM cannot allow unordered access");

    desc = tex_desc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1);
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    check_invalid(&desc, "row-major textures need ALLOW_CROSS_ADAPTER");
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER;
    ck_assert(ddi_validate_resource_desc(&desc, NULL, 0));
    desc.DepthOrArraySize = 2;
    check_invalid(&desc, "row-major textures are 2D with one slice and one mip");
    desc.Flags = D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE;
    desc.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    check_invalid(&desc, "acceleration structures are buffers");
}
END_TEST

/* ---- tile shapes ---- */

static void check_tile(DXGI_FORMAT format, D3D12_RESOURCE_DIMENSION dimension, UINT samples,
        UINT w, UINT h, UINT d)
{
    UINT tw = 0, th = 0, td = 0;

    ck_assert_msg(ddi_standard_tile_shape(format, dimension, samples, &tw, &th, &td),
            "%s %u samples", ddi_format_name(format), samples);
    ck_assert_uint_eq(tw, w);
    ck_assert_uint_eq(th, h);
    ck_assert_uint_eq(td, d);
}

START_TEST(test_tile_shapes)
{
    const D3D12_RESOURCE_DIMENSION tex2d = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    const D3D12_RESOURCE_DIMENSION tex3d = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    UINT w, h, d;

    /* Each shape is 65536 bytes: 256*256*1, 256*128*2, 128*128*4, 128*64*8, 64*64*16. */
    check_tile(DXGI_FORMAT_R8_UNORM, tex2d, 1, 256, 256, 1);
    check_tile(DXGI_FORMAT_R16_FLOAT, tex2d, 1, 256, 128, 1);
    check_tile(DXGI_FORMAT_R8G8B8A8_UNORM, tex2d, 1, 128, 128, 1);
    check_tile(DXGI_FORMAT_R16G16B16A16_FLOAT, tex2d, 1, 128, 64, 1);
    check_tile(DXGI_FORMAT_R32G32B32A32_FLOAT, tex2d, 1, 64, 64, 1);
    /* BC1: 128x64 blocks of 8 bytes = 512x256 pixels; BC7: 64x64 blocks of 16 = 256x256. */
    check_tile(DXGI_FORMAT_BC1_UNORM, tex2d, 1, 512, 256, 1);
    check_tile(DXGI_FORMAT_BC7_UNORM, tex2d, 1, 256, 256, 1);
    /* 3D: 64*32*32*1, 32*32*16*4, 16*16*16*16; BC1 32x16x16 blocks = 128x64x16,
     * BC7 16x16x16 blocks = 64x64x16. */
    check_tile(DXGI_FORMAT_R8_UNORM, tex3d, 1, 64, 32, 32);
    check_tile(DXGI_FORMAT_R16_UNORM, tex3d, 1, 32, 32, 32);
    check_tile(DXGI_FORMAT_R32_FLOAT, tex3d, 1, 32, 32, 16);
    check_tile(DXGI_FORMAT_R32G32_FLOAT, tex3d, 1, 32, 16, 16);
    check_tile(DXGI_FORMAT_R32G32B32A32_UINT, tex3d, 1, 16, 16, 16);
    check_tile(DXGI_FORMAT_BC1_UNORM, tex3d, 1, 128, 64, 16);
    check_tile(DXGI_FORMAT_BC7_UNORM, tex3d, 1, 64, 64, 16);
    /* MSAA, 32 bpp: 128x128 / 2x1, 2x2, 4x2, 4x4. */
    check_tile(DXGI_FORMAT_R8G8B8A8_UNORM, tex2d, 2, 64, 128, 1);
    check_tile(DXGI_FORMAT_R8G8B8A8_UNORM, tex2d, 4, 64, 64, 1);
    check_tile(DXGI_FORMAT_R8G8B8A8_UNORM, tex2d, 8, 32, 64, 1);
    check_tile(DXGI_FORMAT_R8G8B8A8_UNORM, tex2d, 16, 32, 32, 1);
    check_tile(DXGI_FORMAT_D32_FLOAT, tex2d, 4, 64, 64, 1);
    /* Buffers: 64 KiB of bytes. */
    check_tile(DXGI_FORMAT_UNKNOWN, D3D12_RESOURCE_DIMENSION_BUFFER, 1, 65536, 1, 1);

    w = h = d = 7;
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_R32G32B32_FLOAT, tex2d, 1, &w, &h, &d));
    ck_assert_uint_eq(w, 7);  /* untouched */
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_NV12, tex2d, 1, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_AYUV, tex2d, 1, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_R1_UNORM, tex2d, 1, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_R8G8_B8G8_UNORM, tex2d, 1, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_YUY2, tex2d, 1, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_D24_UNORM_S8_UINT, tex2d, 1, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_R32G8X24_TYPELESS, tex2d, 1, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_DIMENSION_TEXTURE1D, 1, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_R32G32B32A32_FLOAT, tex2d, 4, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_BC1_UNORM, tex2d, 4, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_R8_UNORM, tex3d, 2, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_R8_UNORM, tex2d, 32, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_R8_UNORM, tex2d, 3, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape(DXGI_FORMAT_R8_UNORM, D3D12_RESOURCE_DIMENSION_BUFFER, 1, &w, &h, &d));
    ck_assert(!ddi_standard_tile_shape((DXGI_FORMAT)120, tex2d, 1, &w, &h, &d));
}
END_TEST

static Suite *ddi_format_suite(void)
{
    Suite *s = suite_create("ddi_format");
    TCase *tc;

    tc = tcase_create("format");
    tcase_add_test(tc, test_format_sizes);
    tcase_add_test(tc, test_format_depth_planes);
    tcase_add_test(tc, test_format_yuv_planes);
    tcase_add_test(tc, test_format_coverage);
    tcase_add_test(tc, test_format_casts);
    suite_add_tcase(s, tc);

    tc = tcase_create("layout");
    tcase_add_test(tc, test_subresource_index);
    tcase_add_test(tc, test_mip_levels);
    tcase_add_test(tc, test_footprints_2d_array);
    tcase_add_test(tc, test_footprints_bc1);
    tcase_add_test(tc, test_footprints_3d);
    tcase_add_test(tc, test_footprints_buffer);
    tcase_add_test(tc, test_footprints_depth_stencil);
    tcase_add_test(tc, test_footprints_nv12);
    tcase_add_test(tc, test_footprints_nv11);
    tcase_add_test(tc, test_footprints_invalid);
    suite_add_tcase(s, tc);

    tc = tcase_create("validate");
    tcase_add_test(tc, test_validate_dimensions);
    tcase_add_test(tc, test_validate_buffer);
    tcase_add_test(tc, test_validate_alignment_and_msaa);
    tcase_add_test(tc, test_validate_formats_and_flags);
    tcase_add_test(tc, test_small_placement);
    suite_add_tcase(s, tc);

    tc = tcase_create("tile");
    tcase_add_test(tc, test_tile_shapes);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    return test_run_suites(ddi_format_suite(), NULL);
}
