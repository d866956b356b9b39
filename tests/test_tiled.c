/*
 * Tiled resources tiers 1-2 through the D3D12 API on the built-in device: tile shapes,
 * tilings and packed mips, UpdateTileMappings with every range flag, CopyTileMappings,
 * NULL tiles, where the bytes of a tile land in its heap (the AGX layout), and every
 * mapping call the runtime drops with its message.
 */
#include "test_async.h"
#include "test_tiled_util.h"
#include "rt_adapter.h"
#include "ddi_spy.h"
#include "test_run.h"

#include <stdlib.h>

/* ---- Caps, shapes and tilings -------------------------------------------------------------- */

START_TEST(test_caps)
{
    D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0};
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS quality = {0};
    D3D12_FEATURE_DATA_FEATURE_LEVELS feature_levels = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS options = {0};
    struct test_context t;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(t.device, D3D12_FEATURE_D3D12_OPTIONS, &options,
            sizeof(options)), S_OK);
    ck_assert_int_eq(options.TiledResourcesTier, D3D12_TILED_RESOURCES_TIER_5);
    /* 12_0 needs 11_1 first: not there (D043). */
    feature_levels.NumFeatureLevels = 3;
    feature_levels.pFeatureLevelsRequested = levels;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(t.device, D3D12_FEATURE_FEATURE_LEVELS, &feature_levels,
            sizeof(feature_levels)), S_OK);
    ck_assert_int_eq(options.ResourceBindingTier, D3D12_RESOURCE_BINDING_TIER_2);
    ck_assert_int_eq(feature_levels.MaxSupportedFeatureLevel, D3D_FEATURE_LEVEL_11_0);
    /* No multisampled tiles. */
    quality.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    quality.SampleCount = 4;
    quality.Flags = D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(t.device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &quality,
            sizeof(quality)), S_OK);
    ck_assert_uint_eq(quality.NumQualityLevels, 0);
    test_context_destroy(&t);
}
END_TEST

/* One format of each element class, with its element (block) size and block width. */
static const struct
{
    DXGI_FORMAT format;
    unsigned int bytes, block;
}
shape_formats[] =
{
    {DXGI_FORMAT_R8_UNORM, 1, 1},
    {DXGI_FORMAT_A8_UNORM, 1, 1},
    {DXGI_FORMAT_R8G8_UINT, 2, 1},
    {DXGI_FORMAT_R16_FLOAT, 2, 1},
    {DXGI_FORMAT_B5G6R5_UNORM, 2, 1},
    {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1},
    {DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, 4, 1},
    {DXGI_FORMAT_R10G10B10A2_UNORM, 4, 1},
    {DXGI_FORMAT_R32_FLOAT, 4, 1},
    {DXGI_FORMAT_R11G11B10_FLOAT, 4, 1},
    {DXGI_FORMAT_R16G16B16A16_FLOAT, 8, 1},
    {DXGI_FORMAT_R32G32_UINT, 8, 1},
    {DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 1},
    {DXGI_FORMAT_BC1_UNORM, 8, 4},
    {DXGI_FORMAT_BC4_SNORM, 8, 4},
    {DXGI_FORMAT_BC2_UNORM_SRGB, 16, 4},
    {DXGI_FORMAT_BC3_UNORM, 16, 4},
    {DXGI_FORMAT_BC5_UNORM, 16, 4},
    {DXGI_FORMAT_BC6H_UF16, 16, 4},
    {DXGI_FORMAT_BC7_UNORM, 16, 4},
};

/* D3D12's 2D tile: 64 KiB of elements, square when the element count is a power of
 * four, else twice as wide as high; block formats scale by the block. */
static void expected_shape(unsigned int bytes, unsigned int block, UINT *width, UINT *height)
{
    unsigned int elements = TILE_SIZE / bytes, log2 = 0, w, h;

    while ((1u << log2) < elements)
        ++log2;
    h = 1u << (log2 / 2);
    w = elements / h;
    *width = w * block;
    *height = h * block;
}

START_TEST(test_tile_shapes)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(shape_formats[_i].format, 1024, 768, 1, 1);
    D3D12_SUBRESOURCE_TILING tiling;
    D3D12_PACKED_MIP_INFO packed;
    UINT total, count = 1, w, h;
    D3D12_TILE_SHAPE shape;
    ID3D12Resource *texture;
    struct test_context t;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_reserved(t.device, &desc);
    ID3D12Device_GetResourceTiling(t.device, texture, &total, &packed, &shape, &count, 0, &tiling);
    expected_shape(shape_formats[_i].bytes, shape_formats[_i].block, &w, &h);
    ck_assert_uint_eq(shape.WidthInTexels, w);
    ck_assert_uint_eq(shape.HeightInTexels, h);
    ck_assert_uint_eq(shape.DepthInTexels, 1);
    ck_assert_uint_eq(count, 1);
    ck_assert_uint_eq(tiling.WidthInTiles, (1024 + w - 1) / w);
    ck_assert_uint_eq(tiling.HeightInTiles, (768 + h - 1) / h);
    ck_assert_uint_eq(tiling.StartTileIndexInOverallResource, 0);
    ck_assert_uint_eq(total, tiling.WidthInTiles * tiling.HeightInTiles);
    ck_assert_uint_eq(packed.NumStandardMips, 1);
    ck_assert_uint_eq(packed.NumPackedMips, 0);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}
END_TEST

START_TEST(test_refused_resources)
{
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *resource = (ID3D12Resource *)(uintptr_t)1;
    D3D12_TILE_SHAPE shape;
    struct test_context t;
    UINT total;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    /* No multisampled tiles on this device (3D and arrays with packed mips below
     * their tiers: test_tiled_tiers.c). */
    desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 1, 1);
    desc.SampleDesc.Count = 4;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    ck_assert_int_eq(ID3D12Device_CreateReservedResource(t.device, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    ck_assert_ptr_null(resource);
    /* Buffers tile as 64 KiB runs. */
    desc = test_buffer_desc(3 * TILE_SIZE + 1);
    resource = create_reserved(t.device, &desc);
    ID3D12Device_GetResourceTiling(t.device, resource, &total, NULL, &shape, NULL, 0, NULL);
    ck_assert_uint_eq(total, 4);
    ck_assert_uint_eq(shape.WidthInTexels, TILE_SIZE);
    ck_assert_uint_eq(shape.HeightInTexels, 1);
    ID3D12Resource_Release(resource);
    test_context_destroy(&t);
}
END_TEST

START_TEST(test_mip_tiling)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 0, 1);
    D3D12_SUBRESOURCE_TILING tilings[9];
    D3D12_PACKED_MIP_INFO packed;
    ID3D12Resource *texture;
    struct test_context t;
    UINT total, count = 9, i;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_reserved(t.device, &desc);
    ID3D12Device_GetResourceTiling(t.device, texture, &total, &packed, NULL, &count, 0, tilings);
    /* 256 and 128 fill 128x128 tiles; 64 and below pack. */
    ck_assert_uint_eq(packed.NumStandardMips, 2);
    ck_assert_uint_eq(packed.NumPackedMips, 7);
    ck_assert_uint_eq(packed.NumTilesForPackedMips, 1);
    ck_assert_uint_eq(packed.StartTileIndexInOverallResource, 5);
    ck_assert_uint_eq(total, 6);
    ck_assert_uint_eq(count, 9);
    ck_assert_uint_eq(tilings[0].WidthInTiles, 2);
    ck_assert_uint_eq(tilings[0].HeightInTiles, 2);
    ck_assert_uint_eq(tilings[1].WidthInTiles, 1);
    ck_assert_uint_eq(tilings[1].StartTileIndexInOverallResource, 4);
    for (i = 2; i < 9; ++i)
        ck_assert_uint_eq(tilings[i].StartTileIndexInOverallResource, D3D12_PACKED_TILE);
    ID3D12Resource_Release(texture);

    /* A level narrower than a tile in one direction packs from mip 0. */
    desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 2048, 64, 1, 1);
    texture = create_reserved(t.device, &desc);
    ID3D12Device_GetResourceTiling(t.device, texture, &total, &packed, NULL, NULL, 0, NULL);
    ck_assert_uint_eq(packed.NumStandardMips, 0);
    ck_assert_uint_eq(packed.NumPackedMips, 1);
    /* 2048x64 texels of 4 bytes: 512 KiB. */
    ck_assert_uint_eq(packed.NumTilesForPackedMips, 8);
    ck_assert_uint_eq(total, 8);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}
END_TEST

/* ---- Buffers: every range flag ----------------------------------------------------------------- */

START_TEST(test_buffer_mappings)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(4 * TILE_SIZE);
    D3D12_TILE_RANGE_FLAGS flags[3] = {D3D12_TILE_RANGE_FLAG_NONE, D3D12_TILE_RANGE_FLAG_NULL,
                                       D3D12_TILE_RANGE_FLAG_NONE};
    D3D12_TILE_REGION_SIZE size = {4, FALSE, 0, 0, 0};
    D3D12_TILED_RESOURCE_COORDINATE start = {0};
    UINT offsets[3] = {2, 0, 0}, counts[3] = {1, 1, 2};
    unsigned char *data, *pool_data, *out;
    ID3D12Resource *buffer, *pool_view;
    struct test_context t;
    ID3D12Heap *heap;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    data = malloc(4 * TILE_SIZE);
    pool_data = malloc(4 * TILE_SIZE);
    out = malloc(4 * TILE_SIZE);
    heap = create_tile_pool(t.device, 4);
    pool_view = create_pool_view(t.device, heap, 4);
    fill_pattern(pool_data, 4 * TILE_SIZE, 1);
    upload_buffer_data(&t, pool_view, 0, pool_data, 4 * TILE_SIZE);
    buffer = create_reserved(t.device, &desc);

    /* Tile 0 to heap tile 2, tile 1 NULL, tiles 2-3 to heap tiles 0-1. */
    ID3D12CommandQueue_UpdateTileMappings(t.queue, buffer, 1, &start, &size, heap, 3, flags, offsets, counts,
                                          D3D12_TILE_MAPPING_FLAG_NONE);
    fill_pattern(data, 4 * TILE_SIZE, 2);
    upload_buffer_data(&t, buffer, 0, data, 4 * TILE_SIZE);
    read_buffer(&t, buffer, 4 * TILE_SIZE, out);
    ck_assert(!memcmp(out, data, TILE_SIZE));
    ck_assert(!memcmp(out + 2 * TILE_SIZE, data + 2 * TILE_SIZE, 2 * TILE_SIZE));
    ck_assert(all_zero(out + TILE_SIZE, TILE_SIZE));
    /* The pool holds each tile where the mapping put it; heap tile 3 was never mapped. */
    read_buffer(&t, pool_view, 4 * TILE_SIZE, out);
    ck_assert(!memcmp(out + 2 * TILE_SIZE, data, TILE_SIZE));
    ck_assert(!memcmp(out, data + 2 * TILE_SIZE, 2 * TILE_SIZE));
    ck_assert(!memcmp(out + 3 * TILE_SIZE, pool_data + 3 * TILE_SIZE, TILE_SIZE));

    /* REUSE_SINGLE_TILE: tiles 0-1 share heap tile 3; SKIP leaves tiles 2-3 alone. */
    flags[0] = D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE;
    flags[1] = D3D12_TILE_RANGE_FLAG_SKIP;
    offsets[0] = 3;
    counts[0] = counts[1] = 2;
    ID3D12CommandQueue_UpdateTileMappings(t.queue, buffer, 1, &start, &size, heap, 2, flags, offsets, counts,
                                          D3D12_TILE_MAPPING_FLAG_NO_HAZARD);
    read_buffer(&t, buffer, 4 * TILE_SIZE, out);
    ck_assert(!memcmp(out, pool_data + 3 * TILE_SIZE, TILE_SIZE));
    ck_assert(!memcmp(out + TILE_SIZE, pool_data + 3 * TILE_SIZE, TILE_SIZE));
    ck_assert(!memcmp(out + 2 * TILE_SIZE, data + 2 * TILE_SIZE, 2 * TILE_SIZE));

    /* The API's defaults: one region without coordinates or sizes is the whole
     * resource, one range without counts covers it. */
    flags[0] = D3D12_TILE_RANGE_FLAG_NULL;
    ID3D12CommandQueue_UpdateTileMappings(t.queue, buffer, 1, NULL, NULL, NULL, 1, flags, NULL, NULL,
                                          D3D12_TILE_MAPPING_FLAG_NONE);
    read_buffer(&t, buffer, 4 * TILE_SIZE, out);
    ck_assert(all_zero(out, 4 * TILE_SIZE));
    /* Coordinates without sizes are one tile each; ranges without counts one each. */
    {
        D3D12_TILED_RESOURCE_COORDINATE coords[2] = {{3, 0, 0, 0}, {0, 0, 0, 0}};
        UINT pool_tiles[2] = {0, 1};

        ID3D12CommandQueue_UpdateTileMappings(t.queue, buffer, 2, coords, NULL, heap, 2, NULL, pool_tiles, NULL,
                                              D3D12_TILE_MAPPING_FLAG_NONE);
    }
    read_buffer(&t, buffer, 4 * TILE_SIZE, out);
    ck_assert(!memcmp(out + 3 * TILE_SIZE, data + 2 * TILE_SIZE, TILE_SIZE));
    ck_assert(!memcmp(out, data + 3 * TILE_SIZE, TILE_SIZE));
    ck_assert_uint_eq(out[TILE_SIZE], 0);

    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(pool_view);
    ID3D12Heap_Release(heap);
    free(out);
    free(pool_data);
    free(data);
    test_context_destroy(&t);
}
END_TEST

/* ---- Textures: the AGX layout ----------------------------------------------------------------- */

/* A 256x256 texture of one format, its four tiles mapped to heap tiles y * 2 + x. */
START_TEST(test_texture_layout)
{
    static const DXGI_FORMAT formats[] = {DXGI_FORMAT_R8_UNORM, DXGI_FORMAT_R16_UINT, DXGI_FORMAT_R8G8B8A8_UNORM,
                                          DXGI_FORMAT_R16G16B16A16_UINT, DXGI_FORMAT_R32G32B32A32_UINT};
    static const unsigned int sizes[] = {1, 2, 4, 8, 16};
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(formats[_i], 256, 256, 1, 1);
    D3D12_TILED_RESOURCE_COORDINATE start = {0};
    D3D12_TILE_REGION_SIZE size = {0};
    D3D12_TILE_RANGE_FLAGS flag = D3D12_TILE_RANGE_FLAG_NONE;
    unsigned int bytes = sizes[_i], tx, ty, x, y;
    UINT total, offset = 0;
    D3D12_TILE_SHAPE shape;
    unsigned char *data, *out;
    ID3D12Resource *texture, *pool_view;
    struct test_context t;
    ID3D12Heap *heap;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_reserved(t.device, &desc);
    ID3D12Device_GetResourceTiling(t.device, texture, &total, NULL, &shape, NULL, 0, NULL);
    heap = create_tile_pool(t.device, total);
    pool_view = create_pool_view(t.device, heap, total);
    poison_buffer(&t, pool_view, 3);
    size.UseBox = TRUE;
    size.Width = 256 / shape.WidthInTexels;
    size.Height = 256 / shape.HeightInTexels;
    size.Depth = 1;
    size.NumTiles = total;
    ID3D12CommandQueue_UpdateTileMappings(t.queue, texture, 1, &start, &size, heap, 1, &flag, &offset, &total,
                                          D3D12_TILE_MAPPING_FLAG_NONE);

    data = malloc(256 * 256 * bytes);
    out = malloc((size_t)total * TILE_SIZE);
    fill_pattern(data, 256 * 256 * bytes, 4);
    upload_texture_data(&t, texture, 0, data);
    read_texture_subresource(&t, texture, 0, out);
    ck_assert(!memcmp(out, data, 256 * 256 * bytes));

    /* Every texel where the AGX layout puts it: 2x2 pages per tile, Morton inside. */
    read_buffer(&t, pool_view, (size_t)total * TILE_SIZE, out);
    for (y = 0; y < 256; ++y)
    {
        for (x = 0; x < 256; ++x)
        {
            tx = x / shape.WidthInTexels;
            ty = y / shape.HeightInTexels;
            ck_assert_msg(!memcmp(out + (ty * size.Width + tx) * TILE_SIZE
                    + tile_byte_offset(x % shape.WidthInTexels, y % shape.HeightInTexels, bytes),
                    data + ((size_t)y * 256 + x) * bytes, bytes), "texel (%u, %u)", x, y);
        }
    }
    free(out);
    free(data);
    ID3D12Resource_Release(pool_view);
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/* A NULL tile reads zero and drops writes; its old heap tile is left alone. */
START_TEST(test_null_tiles)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 1, 1);
    unsigned char *data, *out, *pool_before;
    ID3D12Resource *texture, *pool_view;
    struct test_context t;
    ID3D12Heap *heap;
    unsigned int x, y;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_reserved(t.device, &desc);
    heap = create_tile_pool(t.device, 4);
    pool_view = create_pool_view(t.device, heap, 4);
    pool_before = malloc(4 * TILE_SIZE);
    fill_pattern(pool_before, 4 * TILE_SIZE, 5);
    upload_buffer_data(&t, pool_view, 0, pool_before, 4 * TILE_SIZE);
    map_tiles(&t, texture, 0, 0, 0, 4, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    /* Tile (1, 0) loses its mapping to heap tile 1. */
    map_tiles(&t, texture, 0, 1, 0, 1, NULL, D3D12_TILE_RANGE_FLAG_NULL, 0);

    data = malloc(256 * 256 * 4);
    out = malloc(4 * TILE_SIZE);
    fill_pattern(data, 256 * 256 * 4, 6);
    upload_texture_data(&t, texture, 0, data);
    read_texture_subresource(&t, texture, 0, out);
    for (y = 0; y < 256; ++y)
    {
        for (x = 0; x < 256; ++x)
        {
            if (x >= 128 && y < 128)
                ck_assert_uint_eq(*(uint32_t *)(out + (y * 256 + x) * 4), 0);
            else
                ck_assert(!memcmp(out + (y * 256 + x) * 4, data + (y * 256 + x) * 4, 4));
        }
    }
    read_buffer(&t, pool_view, 4 * TILE_SIZE, out);
    ck_assert(!memcmp(out + TILE_SIZE, pool_before + TILE_SIZE, TILE_SIZE));
    ck_assert(memcmp(out, pool_before, TILE_SIZE));

    free(out);
    free(data);
    free(pool_before);
    ID3D12Resource_Release(pool_view);
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/* ---- CopyTileMappings --------------------------------------------------------------------------- */

START_TEST(test_copy_tile_mappings)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(6 * TILE_SIZE);
    D3D12_TILED_RESOURCE_COORDINATE dst = {2, 0, 0, 0}, src = {0, 0, 0, 0};
    D3D12_TILE_REGION_SIZE size = {4, FALSE, 0, 0, 0};
    ID3D12Resource *buffer, *pool_view, *a, *b;
    unsigned char *pool, *out, *pixels_a, *pixels_b;
    struct test_context t;
    ID3D12Heap *heap;
    unsigned int i, x, y;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_tile_pool(t.device, 6);
    pool_view = create_pool_view(t.device, heap, 6);
    pool = malloc(6 * TILE_SIZE);
    out = malloc(6 * TILE_SIZE);
    fill_pattern(pool, 6 * TILE_SIZE, 7);
    upload_buffer_data(&t, pool_view, 0, pool, 6 * TILE_SIZE);
    buffer = create_reserved(t.device, &desc);
    map_tiles(&t, buffer, 0, 0, 0, 6, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);

    /* Overlapping, within one resource: tiles 2-5 take the mappings 0-3 had before. */
    ID3D12CommandQueue_CopyTileMappings(t.queue, buffer, &dst, buffer, &src, &size, D3D12_TILE_MAPPING_FLAG_NONE);
    read_buffer(&t, buffer, 6 * TILE_SIZE, out);
    ck_assert(!memcmp(out, pool, 2 * TILE_SIZE));
    for (i = 0; i < 4; ++i)
        ck_assert_msg(!memcmp(out + (2 + i) * TILE_SIZE, pool + i * TILE_SIZE, TILE_SIZE), "tile %u", 2 + i);

    /* Between textures, with boxes: b's tile (1, 1) takes a's tile (0, 0). */
    desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 1, 1);
    a = create_reserved(t.device, &desc);
    b = create_reserved(t.device, &desc);
    map_tiles(&t, a, 0, 0, 0, 4, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    pixels_a = malloc(256 * 256 * 4);
    pixels_b = malloc(256 * 256 * 4);
    fill_pattern(pixels_a, 256 * 256 * 4, 8);
    upload_texture_data(&t, a, 0, pixels_a);
    dst.X = dst.Y = 1;
    src.X = src.Y = 0;
    size.NumTiles = 1;
    size.UseBox = TRUE;
    size.Width = size.Height = size.Depth = 1;
    ID3D12CommandQueue_CopyTileMappings(t.queue, b, &dst, a, &src, &size, D3D12_TILE_MAPPING_FLAG_NONE);
    read_texture_subresource(&t, b, 0, pixels_b);
    for (y = 0; y < 256; ++y)
    {
        for (x = 0; x < 256; ++x)
        {
            if (x >= 128 && y >= 128)
                ck_assert(!memcmp(pixels_b + (y * 256 + x) * 4, pixels_a + ((y - 128) * 256 + x - 128) * 4, 4));
            else
                ck_assert_uint_eq(*(uint32_t *)(pixels_b + (y * 256 + x) * 4), 0);
        }
    }

    free(pixels_b);
    free(pixels_a);
    free(out);
    free(pool);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(pool_view);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/* ---- Packed mips: all or none ------------------------------------------------------------------- */

START_TEST(test_packed_mips)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 0, 1);
    struct test_subresource_layout layout;
    D3D12_PACKED_MIP_INFO packed;
    unsigned char *data, *out;
    ID3D12Resource *texture;
    struct test_context t;
    ID3D12Heap *heap;
    UINT total, mip;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    /* 2048x64 packs from mip 0 into 8 tiles. */
    desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 2048, 64, 2, 1);
    texture = create_reserved(t.device, &desc);
    ID3D12Device_GetResourceTiling(t.device, texture, &total, &packed, NULL, NULL, 0, NULL);
    ck_assert_uint_eq(packed.NumTilesForPackedMips, total);
    heap = create_tile_pool(t.device, total);
    data = malloc(2048 * 64 * 4);
    out = malloc(2048 * 64 * 4);
    fill_pattern(data, 2048 * 64 * 4, 9);

    /* Some of the packed tiles: dropped. */
    map_tiles(&t, texture, 0, 0, 0, total - 1, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_UPDATETILEMAPPINGS_INVALID_PARAMETER,
                  NULL);
    upload_texture_data(&t, texture, 0, data);
    read_texture_subresource(&t, texture, 0, out);
    ck_assert_uint_eq(out[0], 0);
    ck_assert_uint_eq(out[2048 * 64 * 4 - 1], 0);

    /* All of them, through the packed mip's subresource: every packed mip has memory. */
    async_clear_messages(t.device);
    map_tiles(&t, texture, 1, 0, 0, total, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    check_no_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR);
    for (mip = 0; mip < 2; ++mip)
    {
        get_subresource_layout(t.device, texture, mip, &layout);
        fill_pattern(data, layout.packed_size, 10 + mip);
        upload_texture_data(&t, texture, mip, data);
        read_texture_subresource(&t, texture, mip, out);
        ck_assert(!memcmp(out, data, layout.packed_size));
    }
    /* None of them. */
    map_tiles(&t, texture, 0, 0, 0, total, NULL, D3D12_TILE_RANGE_FLAG_NULL, 0);
    read_texture_subresource(&t, texture, 1, out);
    ck_assert_uint_eq(out[0], 0);
    ck_assert_uint_eq(out[layout.packed_size - 1], 0);

    free(out);
    free(data);
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/* ---- Dropped mapping calls ------------------------------------------------------------------------ */

/* The call is dropped with its message, and the tile keeps the mapping it had. */
#define expect_dropped(t, buffer, id) expect_dropped_(__LINE__, t, buffer, id)
static void expect_dropped_(unsigned int line, struct test_context *t, ID3D12Resource *buffer, D3D12_MESSAGE_ID id)
{
    uint32_t word;

    check_message_(line, t->device, D3D12_MESSAGE_SEVERITY_ERROR, id, NULL);
    async_clear_messages(t->device);
    read_buffer(t, buffer, sizeof(word), &word);
    ck_assert_msg(word == 0x600df00du, "line %u: tile 0 holds %#x", line, word);
}

START_TEST(test_mapping_errors)
{
    const D3D12_MESSAGE_ID update = D3D12_MESSAGE_ID_UPDATETILEMAPPINGS_INVALID_PARAMETER;
    const D3D12_MESSAGE_ID copy = D3D12_MESSAGE_ID_COPYTILEMAPPINGS_INVALID_PARAMETER;
    D3D12_RESOURCE_DESC desc = test_buffer_desc(2 * TILE_SIZE);
    D3D12_TILED_RESOURCE_COORDINATE start = {0}, coords[2] = {{0}};
    D3D12_TILE_REGION_SIZE size = {1, FALSE, 0, 0, 0};
    D3D12_TILE_RANGE_FLAGS flags = D3D12_TILE_RANGE_FLAG_NULL;
    ID3D12Resource *buffer, *committed, *texture;
    UINT offset = 0, count = 1;
    const uint32_t good = 0x600df00du;
    struct test_context t;
    ID3D12Heap *heap;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_tile_pool(t.device, 2);
    buffer = create_reserved(t.device, &desc);
    committed = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);
    desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 0, 1);
    texture = create_reserved(t.device, &desc);
    map_tiles(&t, buffer, 0, 0, 0, 2, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    upload_buffer_data(&t, buffer, 0, &good, sizeof(good));
    check_no_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR);

#define UPDATE(resource, n, c, s, h, r, f, o, k, fl) \
    ID3D12CommandQueue_UpdateTileMappings(t.queue, resource, n, c, s, h, r, f, o, k, fl)
    /* Not a reserved resource. */
    UPDATE(committed, 1, &start, &size, NULL, 1, &flags, NULL, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    /* Unknown mapping flags. */
    UPDATE(buffer, 1, &start, &size, NULL, 1, &flags, NULL, &count, 0x2);
    expect_dropped(&t, buffer, update);
    /* Two regions need coordinates. */
    UPDATE(buffer, 2, NULL, NULL, NULL, 1, &flags, NULL, NULL, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    /* A start past the resource, and tiles running past its end. */
    start.X = 2;
    UPDATE(buffer, 1, &start, &size, NULL, 1, &flags, NULL, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    start.X = 0;
    size.NumTiles = 3;
    count = 3;
    UPDATE(buffer, 1, &start, &size, NULL, 1, &flags, NULL, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    /* A subresource past the resource. */
    size.NumTiles = count = 1;
    start.Subresource = 1;
    UPDATE(buffer, 1, &start, &size, NULL, 1, &flags, NULL, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    start.Subresource = 0;
    /* A box whose NumTiles is not its volume, a box past the mip, a box in packed mips. */
    size.UseBox = TRUE;
    size.Width = 2;
    size.Height = size.Depth = 1;
    size.NumTiles = 1;
    UPDATE(texture, 1, &start, &size, NULL, 1, &flags, NULL, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    size.Width = 3;
    size.NumTiles = count = 3;
    UPDATE(texture, 1, &start, &size, NULL, 1, &flags, NULL, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    size.Width = 1;
    size.NumTiles = count = 1;
    start.Subresource = 2;
    UPDATE(texture, 1, &start, &size, NULL, 1, &flags, NULL, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    start.Subresource = 0;
    size.UseBox = FALSE;
    /* Ranges holding another number of tiles than the regions. */
    count = 2;
    UPDATE(buffer, 1, &start, &size, NULL, 1, &flags, NULL, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    count = 1;
    /* An unknown range flag; a mapping range without a heap or heap offsets. */
    flags = (D3D12_TILE_RANGE_FLAGS)8;
    UPDATE(buffer, 1, &start, &size, heap, 1, &flags, &offset, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    flags = D3D12_TILE_RANGE_FLAG_NONE;
    UPDATE(buffer, 1, &start, &size, NULL, 1, &flags, &offset, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    UPDATE(buffer, 1, &start, &size, heap, 1, &flags, NULL, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    /* A heap that denies buffers. */
    {
        D3D12_HEAP_DESC heap_desc = {0};
        ID3D12Heap *textures_only;

        heap_desc.SizeInBytes = TILE_SIZE;
        heap_desc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
        heap_desc.Flags = D3D12_HEAP_FLAG_DENY_BUFFERS;
        ck_assert_int_eq(ID3D12Device_CreateHeap(t.device, &heap_desc, &IID_ID3D12Heap, (void **)&textures_only),
                         S_OK);
        UPDATE(buffer, 1, &start, &size, textures_only, 1, &flags, &offset, &count, D3D12_TILE_MAPPING_FLAG_NONE);
        expect_dropped(&t, buffer, update);
        ID3D12Heap_Release(textures_only);
    }
    /* Heap tiles past the heap, for a sequence and for a single reused tile. */
    offset = 2;
    UPDATE(buffer, 1, &start, &size, heap, 1, &flags, &offset, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
    flags = D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE;
    UPDATE(buffer, 1, &start, &size, heap, 1, &flags, &offset, &count, D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, update);
#undef UPDATE

    /* CopyTileMappings. */
    start.X = 0;
    coords[0].X = 1;
    ID3D12CommandQueue_CopyTileMappings(t.queue, committed, &start, buffer, &coords[0], &size,
                                        D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, copy);
    ID3D12CommandQueue_CopyTileMappings(t.queue, buffer, &start, committed, &coords[0], &size,
                                        D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, copy);
    ID3D12CommandQueue_CopyTileMappings(t.queue, buffer, NULL, buffer, &coords[0], &size,
                                        D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, copy);
    ID3D12CommandQueue_CopyTileMappings(t.queue, buffer, &start, buffer, &coords[0], &size, 0x4);
    expect_dropped(&t, buffer, copy);
    size.NumTiles = 2;
    /* The source runs past the end; then the destination does. */
    ID3D12CommandQueue_CopyTileMappings(t.queue, buffer, &start, buffer, &coords[0], &size,
                                        D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, copy);
    ID3D12CommandQueue_CopyTileMappings(t.queue, buffer, &coords[0], buffer, &start, &size,
                                        D3D12_TILE_MAPPING_FLAG_NONE);
    expect_dropped(&t, buffer, copy);

    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(committed);
    ID3D12Resource_Release(buffer);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/* A driver without tiled resources (the DDI spy clamps the tier): no reserved resources,
 * and the mapping calls are dropped with their messages. */
START_TEST(test_no_tiled_resources)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(TILE_SIZE);
    D3D12_TILED_RESOURCE_COORDINATE start = {0};
    D3D12_TILE_REGION_SIZE size = {1, FALSE, 0, 0, 0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS options = {0};
    ID3D12Resource *resource = NULL, *buffer;
    struct ddi_spy_masks masks = {0};
    struct async_message message;
    struct test_context t;
    struct ddi_spy *spy;

    masks.max_tiled_resources_tier = D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(spy);
    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(t.device, D3D12_FEATURE_D3D12_OPTIONS, &options,
            sizeof(options)), S_OK);
    ck_assert_int_eq(options.TiledResourcesTier, D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED);
    ck_assert_int_eq(ID3D12Device_CreateReservedResource(t.device, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    ck_assert_ptr_null(resource);
    buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    ddi_spy_clear(spy);
    ID3D12CommandQueue_UpdateTileMappings(t.queue, buffer, 1, &start, &size, NULL, 0, NULL, NULL, NULL,
                                          D3D12_TILE_MAPPING_FLAG_NONE);
    check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_UPDATETILEMAPPINGS_INVALID_PARAMETER,
                  &message);
    ck_assert_msg(strstr(message.text, "no tiled resources"), "%s", message.text);
    ID3D12CommandQueue_CopyTileMappings(t.queue, buffer, &start, buffer, &start, &size,
                                        D3D12_TILE_MAPPING_FLAG_NONE);
    check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_COPYTILEMAPPINGS_INVALID_PARAMETER,
                  NULL);
    /* Neither reached the driver. */
    ck_assert_uint_eq(ddi_spy_count(spy, "UpdateTileMappings"), 0);
    ck_assert_uint_eq(ddi_spy_count(spy, "CopyTileMappings"), 0);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

static Suite *tiled_suite(void)
{
    Suite *suite = suite_create("tiled");
    TCase *tc;

    tc = tcase_create("tiling");
    tcase_add_test(tc, test_caps);
    tcase_add_loop_test(tc, test_tile_shapes, 0, sizeof(shape_formats) / sizeof(shape_formats[0]));
    tcase_add_test(tc, test_refused_resources);
    tcase_add_test(tc, test_mip_tiling);
    suite_add_tcase(suite, tc);

    tc = tcase_create("mappings");
    tcase_add_test(tc, test_buffer_mappings);
    tcase_add_loop_test(tc, test_texture_layout, 0, 5);
    tcase_add_test(tc, test_null_tiles);
    tcase_add_test(tc, test_copy_tile_mappings);
    tcase_add_test(tc, test_packed_mips);
    tcase_add_test(tc, test_mapping_errors);
    tcase_add_test(tc, test_no_tiled_resources);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(tiled_suite(), NULL);
}
