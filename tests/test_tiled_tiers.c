/*
 * Tiled resources tiers 3 and 4 through the D3D12 API: reserved 3D textures with
 * D3D12's standard 3D tile shapes (GetResourceTiling, box mappings in z, CopyTiles
 * of 3D tiles, NULL tiles read back as zero) and reserved 2D arrays with packed mips,
 * each slice's packed tiles its own (mapped, unmapped and read back per slice). The
 * tiers' refusals below them run on the spy with a lowered TiledResourcesTier.
 */
#include "test_tiled_util.h"
#include "rt_adapter.h"
#include "ddi_spy.h"
#include "test_run.h"

#include <stdlib.h>

static D3D12_RESOURCE_DESC volume_desc(DXGI_FORMAT format, UINT width, UINT height, UINT16 depth, UINT16 mips)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(format, width, height, mips, depth);

    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    return desc;
}

/* D3D12's standard 3D shapes (D3D11.3 functional spec 5.9.2.8), one per element size. */
static const struct
{
    DXGI_FORMAT format;
    UINT width, height, depth;
}
volume_shapes[] =
{
    {DXGI_FORMAT_R8_UNORM, 64, 32, 32},
    {DXGI_FORMAT_R16_FLOAT, 32, 32, 32},
    {DXGI_FORMAT_R8G8B8A8_UNORM, 32, 32, 16},
    {DXGI_FORMAT_R16G16B16A16_FLOAT, 32, 16, 16},
    {DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 16, 16},
    {DXGI_FORMAT_BC1_UNORM, 128, 64, 16},
    {DXGI_FORMAT_BC7_UNORM, 64, 64, 16},
};

START_TEST(test_volume_tiling)
{
    const UINT w = volume_shapes[_i].width, h = volume_shapes[_i].height, d = volume_shapes[_i].depth;
    D3D12_RESOURCE_DESC desc = volume_desc(volume_shapes[_i].format, 2 * w, 2 * h, (UINT16)(2 * d), 0);
    D3D12_SUBRESOURCE_TILING tilings[16];
    UINT total, count = 16, mip;
    D3D12_PACKED_MIP_INFO packed;
    D3D12_TILE_SHAPE shape;
    ID3D12Resource *texture;
    struct test_context t;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_reserved(t.device, &desc);
    ID3D12Device_GetResourceTiling(t.device, texture, &total, &packed, &shape, &count, 0, tilings);
    desc = ID3D12Resource_GetDesc(texture);
    ck_assert_uint_eq(shape.WidthInTexels, w);
    ck_assert_uint_eq(shape.HeightInTexels, h);
    ck_assert_uint_eq(shape.DepthInTexels, d);
    /* Mip 0 is 2x2x2 tiles, mip 1 one tile; mip 2 is smaller than a tile: packed. */
    ck_assert_uint_eq(packed.NumStandardMips, 2);
    ck_assert_uint_eq(count, desc.MipLevels);
    ck_assert_uint_eq(packed.NumPackedMips, desc.MipLevels - 2);
    ck_assert_uint_ge(packed.NumTilesForPackedMips, 1);
    ck_assert_uint_eq(packed.StartTileIndexInOverallResource, 9);
    ck_assert_uint_eq(total, 9 + packed.NumTilesForPackedMips);
    ck_assert_uint_eq(tilings[0].WidthInTiles, 2);
    ck_assert_uint_eq(tilings[0].HeightInTiles, 2);
    ck_assert_uint_eq(tilings[0].DepthInTiles, 2);
    ck_assert_uint_eq(tilings[0].StartTileIndexInOverallResource, 0);
    ck_assert_uint_eq(tilings[1].WidthInTiles, 1);
    ck_assert_uint_eq(tilings[1].HeightInTiles, 1);
    ck_assert_uint_eq(tilings[1].DepthInTiles, 1);
    ck_assert_uint_eq(tilings[1].StartTileIndexInOverallResource, 8);
    for (mip = 2; mip < count; ++mip)
        ck_assert_uint_eq(tilings[mip].StartTileIndexInOverallResource, D3D12_PACKED_TILE);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}
END_TEST

/*
 * A 64x64x32 R32_UINT volume is 2x2x2 tiles of 32x32x16. Every tile mapped, the
 * texels uploaded; CopyTiles gives each tile's texels x, then y, then z; then tile
 * (1, 0, 1) is NULL-mapped through a box and reads zero while the rest keep theirs.
 */
START_TEST(test_volume_mappings)
{
    enum {W = 64, H = 64, D = 32, TW = 32, TH = 32, TD = 16};
    D3D12_RESOURCE_DESC desc = volume_desc(DXGI_FORMAT_R32_UINT, W, H, D, 1);
    D3D12_TILED_RESOURCE_COORDINATE start = {0};
    D3D12_TILE_REGION_SIZE size = {8, FALSE, 0, 0, 0};
    D3D12_TILE_RANGE_FLAGS null_flag = D3D12_TILE_RANGE_FLAG_NULL;
    ID3D12Resource *texture, *buffer;
    uint32_t *data, *out, expected;
    unsigned int x, y, z, tile;
    struct test_context t;
    ID3D12Heap *heap;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_reserved(t.device, &desc);
    heap = create_tile_pool(t.device, 8);
    map_tiles(&t, texture, 0, 0, 0, 8, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    data = malloc(W * H * D * 4);
    out = malloc(8 * TILE_SIZE);
    for (z = 0; z < D; ++z)
        for (y = 0; y < H; ++y)
            for (x = 0; x < W; ++x)
                data[(z * H + y) * W + x] = x | y << 8 | z << 16 | 0x80000000u;
    upload_texture_data(&t, texture, 0, data);
    buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 8 * TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    poison_buffer(&t, buffer, 41);
    ID3D12GraphicsCommandList_CopyTiles(t.list, texture, &start, &size, buffer, 0,
            D3D12_TILE_COPY_FLAG_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER);
    execute_and_wait(&t);
    read_buffer(&t, buffer, 8 * TILE_SIZE, out);
    for (tile = 0; tile < 8; ++tile)
    {
        unsigned int tx = tile % 2, ty = tile / 2 % 2, tz = tile / 4;

        for (z = 0; z < TD; ++z)
            for (y = 0; y < TH; ++y)
                for (x = 0; x < TW; ++x)
                {
                    uint32_t got = out[tile * (TILE_SIZE / 4) + (z * TH + y) * TW + x];

                    expected = data[((tz * TD + z) * H + ty * TH + y) * W + tx * TW + x];
                    ck_assert_msg(got == expected, "tile %u (%u, %u, %u): got %#x, expected %#x", tile, x, y, z,
                                  got, expected);
                }
    }

    /* A box of one tile at tile (1, 0, 1) loses its mapping. */
    start.X = 1;
    start.Y = 0;
    start.Z = 1;
    size.NumTiles = 1;
    size.UseBox = TRUE;
    size.Width = 1;
    size.Height = 1;
    size.Depth = 1;
    ID3D12CommandQueue_UpdateTileMappings(t.queue, texture, 1, &start, &size, NULL, 1, &null_flag, NULL, NULL,
                                          D3D12_TILE_MAPPING_FLAG_NONE);
    read_texture_subresource(&t, texture, 0, out);
    for (z = 0; z < D; ++z)
        for (y = 0; y < H; ++y)
            for (x = 0; x < W; ++x)
            {
                bool unmapped = x >= TW && y < TH && z >= TD;

                expected = unmapped ? 0 : data[(z * H + y) * W + x];
                ck_assert_msg(out[(z * H + y) * W + x] == expected, "(%u, %u, %u): got %#x, expected %#x", x, y, z,
                              out[(z * H + y) * W + x], expected);
            }

    free(out);
    free(data);
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/* A volume's packed mips: mapped with their tile, every packed mip written and read
 * back; the packed tile NULL-mapped, they read zero. */
START_TEST(test_volume_packed_mips)
{
    D3D12_RESOURCE_DESC desc = volume_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 64, 64, 32, 0);
    struct test_subresource_layout layout;
    D3D12_PACKED_MIP_INFO packed;
    ID3D12Resource *texture;
    struct test_context t;
    unsigned char *data, *out;
    ID3D12Heap *heap;
    UINT total, mip;
    size_t i;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_reserved(t.device, &desc);
    ID3D12Device_GetResourceTiling(t.device, texture, &total, &packed, NULL, NULL, 0, NULL);
    ck_assert_uint_eq(packed.NumStandardMips, 2);
    heap = create_tile_pool(t.device, total);
    map_tiles(&t, texture, 0, 0, 0, total, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    data = malloc(64 * 64 * 32 * 4);
    out = malloc(64 * 64 * 32 * 4);
    for (mip = 2; mip < 7; ++mip)
    {
        get_subresource_layout(t.device, texture, mip, &layout);
        fill_pattern(data, layout.packed_size, 50 + mip);
        upload_texture_data(&t, texture, mip, data);
        read_texture_subresource(&t, texture, mip, out);
        ck_assert_msg(!memcmp(out, data, layout.packed_size), "packed mip %u", mip);
    }
    map_tiles(&t, texture, 2, 0, 0, packed.NumTilesForPackedMips, NULL, D3D12_TILE_RANGE_FLAG_NULL, 0);
    for (mip = 2; mip < 7; ++mip)
    {
        get_subresource_layout(t.device, texture, mip, &layout);
        read_texture_subresource(&t, texture, mip, out);
        for (i = 0; i < layout.packed_size; ++i)
            ck_assert_msg(!out[i], "packed mip %u byte %zu: %#x", mip, i, out[i]);
    }
    free(out);
    free(data);
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/*
 * Tier 4: a 256x256 RGBA8 array of 3 slices with a full mip chain. Each slice has its
 * standard tiles (mip 0: 2x2, mip 1: 1) and its own packed tiles after every slice's
 * standard ones. Everything mapped and uploaded reads back; then slice 1's packed
 * tiles are NULL-mapped: its packed mips read zero, the other slices' keep their data.
 */
START_TEST(test_array_packed_mips)
{
    enum {SLICES = 3, MIPS = 9};
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 0, SLICES);
    D3D12_SUBRESOURCE_TILING tilings[SLICES * MIPS];
    struct test_subresource_layout layout;
    UINT total, count = SLICES * MIPS, sub, slice, mip;
    D3D12_PACKED_MIP_INFO packed;
    unsigned char *data, *out;
    ID3D12Resource *texture;
    struct test_context t;
    ID3D12Heap *heap;
    size_t i;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_reserved(t.device, &desc);
    ID3D12Device_GetResourceTiling(t.device, texture, &total, &packed, NULL, &count, 0, tilings);
    ck_assert_uint_eq(packed.NumStandardMips, 2);
    ck_assert_uint_eq(packed.NumPackedMips, MIPS - 2);
    ck_assert_uint_ge(packed.NumTilesForPackedMips, 1);
    ck_assert_uint_eq(packed.StartTileIndexInOverallResource, 5 * SLICES);
    ck_assert_uint_eq(total, (5 + packed.NumTilesForPackedMips) * SLICES);
    ck_assert_uint_eq(count, SLICES * MIPS);
    for (slice = 0; slice < SLICES; ++slice)
    {
        ck_assert_uint_eq(tilings[slice * MIPS].StartTileIndexInOverallResource, slice * 5);
        ck_assert_uint_eq(tilings[slice * MIPS + 1].StartTileIndexInOverallResource, slice * 5 + 4);
        ck_assert_uint_eq(tilings[slice * MIPS + 2].StartTileIndexInOverallResource, D3D12_PACKED_TILE);
    }
    heap = create_tile_pool(t.device, total);
    map_tiles(&t, texture, 0, 0, 0, total, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    data = malloc(256 * 256 * 4);
    out = malloc(256 * 256 * 4);
    for (sub = 0; sub < SLICES * MIPS; ++sub)
    {
        get_subresource_layout(t.device, texture, sub, &layout);
        fill_pattern(data, layout.packed_size, 70 + sub);
        upload_texture_data(&t, texture, sub, data);
    }
    /* Slice 1's packed tiles: subresource (mip 2, slice 1), X counting them. */
    map_tiles(&t, texture, 2 + MIPS, 0, 0, packed.NumTilesForPackedMips, NULL, D3D12_TILE_RANGE_FLAG_NULL, 0);
    for (sub = 0; sub < SLICES * MIPS; ++sub)
    {
        slice = sub / MIPS;
        mip = sub % MIPS;
        get_subresource_layout(t.device, texture, sub, &layout);
        fill_pattern(data, layout.packed_size, 70 + sub);
        read_texture_subresource(&t, texture, sub, out);
        if (slice == 1 && mip >= 2)
        {
            for (i = 0; i < layout.packed_size; ++i)
                ck_assert_msg(!out[i], "slice 1 mip %u byte %zu: %#x", mip, i, out[i]);
        }
        else
        {
            ck_assert_msg(!memcmp(out, data, layout.packed_size), "slice %u mip %u", slice, mip);
        }
    }
    free(out);
    free(data);
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/* Below their tiers the runtime refuses them: 3D below 3, arrays with packed mips below 4. */
START_TEST(test_below_tier)
{
    D3D12_RESOURCE_DESC volume = volume_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 64, 64, 32, 1);
    D3D12_RESOURCE_DESC array = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 0, 2);
    D3D12_FEATURE_DATA_D3D12_OPTIONS options = {0};
    ID3D12Resource *resource = (ID3D12Resource *)(uintptr_t)1;
    struct ddi_spy_masks masks = {0};
    struct test_context t;
    struct ddi_spy *spy;

    masks.max_tiled_resources_tier = _i ? D3D12_TILED_RESOURCES_TIER_3 : D3D12_TILED_RESOURCES_TIER_2;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(spy);
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(t.device, D3D12_FEATURE_D3D12_OPTIONS, &options,
            sizeof(options)), S_OK);
    ck_assert_int_eq(options.TiledResourcesTier, masks.max_tiled_resources_tier);
    ck_assert_int_eq(ID3D12Device_CreateReservedResource(t.device, &volume, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), _i ? S_OK : E_INVALIDARG);
    if (_i)
        ID3D12Resource_Release(resource);
    else
        ck_assert_ptr_null(resource);
    resource = (ID3D12Resource *)(uintptr_t)1;
    ck_assert_int_eq(ID3D12Device_CreateReservedResource(t.device, &array, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    ck_assert_ptr_null(resource);
    test_context_destroy(&t);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

static Suite *tiled_tiers_suite(void)
{
    Suite *suite = suite_create("tiled_tiers");
    TCase *tc = tcase_create("tiers");

    tcase_add_loop_test(tc, test_volume_tiling, 0, sizeof(volume_shapes) / sizeof(volume_shapes[0]));
    tcase_add_test(tc, test_volume_mappings);
    tcase_add_test(tc, test_volume_packed_mips);
    tcase_add_test(tc, test_array_packed_mips);
    tcase_add_loop_test(tc, test_below_tier, 0, 2);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(tiled_tiers_suite(), NULL);
}
