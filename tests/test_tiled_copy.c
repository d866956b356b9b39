/*
 * CopyTiles and CopyTilesAsync through the D3D12 API: textures (standard tiles are
 * linear rows of the tile shape in the buffer), edge tiles, buffers, packed tiles and
 * NULL tiles, in both directions with every flag; CopyTilesAsync natively and through
 * the fallback (one legacy CopyTiles, flags unchanged); every rejection.
 */
#include "test_async.h"
#include "test_tiled_util.h"
#include "ddi_spy.h"
#include "test_run.h"

#include <stdio.h>
#include <stdlib.h>

static const D3D12_TILE_COPY_FLAGS to_buffer = D3D12_TILE_COPY_FLAG_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER;
static const D3D12_TILE_COPY_FLAGS to_tiles = D3D12_TILE_COPY_FLAG_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE;

/* Element size, block size: formats of each class. */
static const struct
{
    DXGI_FORMAT format;
    unsigned int bytes, block;
}
copy_formats[] =
{
    {DXGI_FORMAT_R8_UINT, 1, 1},
    {DXGI_FORMAT_R8G8_UNORM, 2, 1},
    {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1},
    {DXGI_FORMAT_R32G32_FLOAT, 8, 1},
    {DXGI_FORMAT_R32G32B32A32_UINT, 16, 1},
    {DXGI_FORMAT_BC1_UNORM, 8, 4},
    {DXGI_FORMAT_BC7_UNORM, 16, 4},
};

/* Expected bytes of tile (tx, ty) in the buffer: the tile's rows of elements, taken
 * from packed subresource data of `row_elements` elements per row. */
static void expected_tile(const unsigned char *data, unsigned int row_elements, unsigned int bytes,
                          unsigned int tile_w, unsigned int tile_h, unsigned int tx, unsigned int ty,
                          unsigned char *out)
{
    unsigned int y;

    for (y = 0; y < tile_h; ++y)
        memcpy(out + (size_t)y * tile_w * bytes,
               data + ((size_t)(ty * tile_h + y) * row_elements + tx * tile_w) * bytes, (size_t)tile_w * bytes);
}

/* A texture of 2x2 standard tiles: out to the buffer as a box, back in as a run of
 * three tiles from (1, 0). Legacy CopyTiles (loop index < formats) or CopyTilesAsync. */
static void copy_tiles_texture(struct test_context *t, unsigned int f, bool async)
{
    unsigned int bytes = copy_formats[f].bytes, block = copy_formats[f].block, tw, th, width, i;
    D3D12_TILED_RESOURCE_COORDINATE start = {0};
    D3D12_TILE_REGION_SIZE size = {4, TRUE, 2, 2, 1};
    D3D12_RESOURCE_DESC desc;
    D3D12_TILE_SHAPE shape;
    unsigned char *data, *other, *out, *tile;
    ID3D12Resource *texture, *buffer;
    ID3D12Heap *heap;
    size_t data_size;

    desc = tiled_texture_desc(copy_formats[f].format, 64, 64, 1, 1);
    texture = create_reserved(t->device, &desc);
    ID3D12Device_GetResourceTiling(t->device, texture, NULL, NULL, &shape, NULL, 0, NULL);
    ID3D12Resource_Release(texture);
    desc.Width = 2 * shape.WidthInTexels;
    desc.Height = 2 * shape.HeightInTexels;
    texture = create_reserved(t->device, &desc);
    heap = create_tile_pool(t->device, 4);
    map_tiles(t, texture, 0, 0, 0, 4, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    tw = shape.WidthInTexels / block;
    th = shape.HeightInTexels / block;
    width = 2 * tw;
    data_size = (size_t)4 * TILE_SIZE;
    data = malloc(data_size);
    other = malloc(data_size);
    out = malloc(5 * (size_t)TILE_SIZE);
    tile = malloc(TILE_SIZE);
    fill_pattern(data, data_size, 20 + f);
    upload_texture_data(t, texture, 0, data);
    buffer = create_buffer(t->device, D3D12_HEAP_TYPE_DEFAULT, 5 * TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    poison_buffer(t, buffer, 21);

    /* Out: tile n of the box at n * 64 KiB, x first. */
    if (async)
        ID3D12GraphicsCommandList12_CopyTilesAsync(async_list(t), texture, &start, &size, buffer, 0, to_buffer);
    else
        ID3D12GraphicsCommandList_CopyTiles(t->list, texture, &start, &size, buffer, 0, to_buffer);
    execute_and_wait(t);
    read_buffer(t, buffer, 4 * TILE_SIZE, out);
    for (i = 0; i < 4; ++i)
    {
        expected_tile(data, width, bytes, tw, th, i % 2, i / 2, tile);
        ck_assert_msg(!memcmp(out + i * TILE_SIZE, tile, TILE_SIZE), "format %u, tile %u", f, i);
    }

    /* In: the buffer's second to fourth tiles to tiles 1-3, NO_HAZARD passed along. */
    fill_pattern(other, data_size, 22 + f);
    upload_buffer_data(t, buffer, TILE_SIZE, other, 3 * TILE_SIZE);
    start.X = 1;
    memset(&size, 0, sizeof(size));
    size.NumTiles = 3;
    if (async)
        ID3D12GraphicsCommandList12_CopyTilesAsync(async_list(t), texture, &start, &size, buffer, TILE_SIZE,
                                                   to_tiles | D3D12_TILE_COPY_FLAG_NO_HAZARD);
    else
        ID3D12GraphicsCommandList_CopyTiles(t->list, texture, &start, &size, buffer, TILE_SIZE,
                                            to_tiles | D3D12_TILE_COPY_FLAG_NO_HAZARD);
    execute_and_wait(t);
    read_texture_subresource(t, texture, 0, out);
    expected_tile(out, width, bytes, tw, th, 0, 0, tile);
    expected_tile(data, width, bytes, tw, th, 0, 0, out + 4 * TILE_SIZE);
    ck_assert(!memcmp(tile, out + 4 * TILE_SIZE, TILE_SIZE));
    for (i = 1; i < 4; ++i)
    {
        expected_tile(out, width, bytes, tw, th, i % 2, i / 2, tile);
        ck_assert_msg(!memcmp(tile, other + (i - 1) * TILE_SIZE, TILE_SIZE), "format %u, tile %u back", f, i);
    }

    free(tile);
    free(out);
    free(other);
    free(data);
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(heap);
}

START_TEST(test_copy_tiles_texture)
{
    struct test_context t;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    copy_tiles_texture(&t, _i, false);
    test_context_destroy(&t);
}
END_TEST

/* A 160x160 texture: tile (1, 1) holds 32x32 texels; the page tiles reach 192, and
 * what lies beyond them has no memory (zero in the buffer). */
START_TEST(test_copy_tiles_edge)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 160, 160, 1, 1);
    D3D12_TILED_RESOURCE_COORDINATE start = {1, 1, 0, 0};
    D3D12_TILE_REGION_SIZE size = {1, FALSE, 0, 0, 0};
    ID3D12Resource *texture, *buffer;
    unsigned char *data, *out;
    struct test_context t;
    unsigned int x, y;
    ID3D12Heap *heap;
    uint32_t texel;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_reserved(t.device, &desc);
    heap = create_tile_pool(t.device, 4);
    map_tiles(&t, texture, 0, 0, 0, 4, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    data = malloc(160 * 160 * 4);
    out = malloc(TILE_SIZE);
    fill_pattern(data, 160 * 160 * 4, 30);
    upload_texture_data(&t, texture, 0, data);
    buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    poison_buffer(&t, buffer, 31);
    ID3D12GraphicsCommandList_CopyTiles(t.list, texture, &start, &size, buffer, 0, to_buffer);
    execute_and_wait(&t);
    read_buffer(&t, buffer, TILE_SIZE, out);
    for (y = 0; y < 128; ++y)
    {
        for (x = 0; x < 128; ++x)
        {
            memcpy(&texel, out + (y * 128 + x) * 4, 4);
            if (x < 32 && y < 32)
                ck_assert(!memcmp(&texel, data + ((128 + y) * 160 + 128 + x) * 4, 4));
            else if (x >= 64 || y >= 64)
                ck_assert_msg(!texel, "(%u, %u) past the page tiles holds %#x", x, y, texel);
        }
    }
    free(out);
    free(data);
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/* Buffers and packed tiles copy as their bytes; NULL tiles read zero, drop writes. */
START_TEST(test_copy_tiles_raw)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(3 * TILE_SIZE);
    D3D12_TILED_RESOURCE_COORDINATE start = {0};
    D3D12_TILE_REGION_SIZE size = {3, FALSE, 0, 0, 0};
    ID3D12Resource *reserved, *buffer, *pool_view, *a, *b;
    struct test_subresource_layout layout;
    unsigned char *data, *out, *poison;
    struct test_context t;
    ID3D12Heap *heap;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    data = malloc(3 * TILE_SIZE);
    out = malloc(3 * TILE_SIZE);
    poison = malloc(3 * TILE_SIZE);
    heap = create_tile_pool(t.device, 3);
    pool_view = create_pool_view(t.device, heap, 3);
    reserved = create_reserved(t.device, &desc);
    /* Tiles 0 and 2 mapped (to heap tiles 1 and 2), tile 1 NULL. */
    map_tiles(&t, reserved, 0, 0, 0, 1, heap, D3D12_TILE_RANGE_FLAG_NONE, 1);
    map_tiles(&t, reserved, 0, 2, 0, 1, heap, D3D12_TILE_RANGE_FLAG_NONE, 2);
    buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 3 * TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    fill_pattern(data, 3 * TILE_SIZE, 40);
    upload_buffer_data(&t, buffer, 0, data, 3 * TILE_SIZE);
    fill_pattern(poison, 3 * TILE_SIZE, 41);
    upload_buffer_data(&t, pool_view, 0, poison, 3 * TILE_SIZE);
    ID3D12GraphicsCommandList_CopyTiles(t.list, reserved, &start, &size, buffer, 0, to_tiles);
    execute_and_wait(&t);
    read_buffer(&t, pool_view, 3 * TILE_SIZE, out);
    ck_assert(!memcmp(out + TILE_SIZE, data, TILE_SIZE));
    ck_assert(!memcmp(out + 2 * TILE_SIZE, data + 2 * TILE_SIZE, TILE_SIZE));
    /* Heap tile 0 never mapped: the NULL tile's write went nowhere. */
    ck_assert(!memcmp(out, poison, TILE_SIZE));

    poison_buffer(&t, buffer, 42);
    ID3D12GraphicsCommandList_CopyTiles(t.list, reserved, &start, &size, buffer, 0, to_buffer);
    execute_and_wait(&t);
    read_buffer(&t, buffer, 3 * TILE_SIZE, out);
    ck_assert(!memcmp(out, data, TILE_SIZE));
    ck_assert(all_zero(out + TILE_SIZE, TILE_SIZE));
    ck_assert(!memcmp(out + 2 * TILE_SIZE, data + 2 * TILE_SIZE, TILE_SIZE));

    /* A packed tile out of one texture and into another gives the same mips. */
    desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 64, 64, 0, 1);
    a = create_reserved(t.device, &desc);
    b = create_reserved(t.device, &desc);
    map_tiles(&t, a, 0, 0, 0, 1, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    map_tiles(&t, b, 0, 0, 0, 1, heap, D3D12_TILE_RANGE_FLAG_NONE, 1);
    get_subresource_layout(t.device, a, 2, &layout);
    fill_pattern(data, layout.packed_size, 43);
    upload_texture_data(&t, a, 2, data);
    size.NumTiles = 1;
    start.Subresource = 3;
    ID3D12GraphicsCommandList_CopyTiles(t.list, a, &start, &size, buffer, 0, to_buffer);
    ID3D12GraphicsCommandList_CopyTiles(t.list, b, &start, &size, buffer, 0, to_tiles);
    execute_and_wait(&t);
    read_texture_subresource(&t, b, 2, out);
    ck_assert(!memcmp(out, data, layout.packed_size));

    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(reserved);
    ID3D12Resource_Release(pool_view);
    ID3D12Heap_Release(heap);
    free(poison);
    free(out);
    free(data);
    test_context_destroy(&t);
}
END_TEST

/* CopyTiles is predicated like the other copies. */
START_TEST(test_copy_tiles_predicated)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(TILE_SIZE);
    D3D12_TILED_RESOURCE_COORDINATE start = {0};
    D3D12_TILE_REGION_SIZE size = {1, FALSE, 0, 0, 0};
    ID3D12Resource *reserved, *buffer, *predicate;
    static const uint64_t one = 1;
    unsigned char *data, *out;
    struct test_context t;
    ID3D12Heap *heap;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    data = malloc(TILE_SIZE);
    out = malloc(TILE_SIZE);
    heap = create_tile_pool(t.device, 1);
    reserved = create_reserved(t.device, &desc);
    map_tiles(&t, reserved, 0, 0, 0, 1, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    fill_pattern(data, TILE_SIZE, 50);
    upload_buffer_data(&t, reserved, 0, data, TILE_SIZE);
    buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    predicate = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 8, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&t, predicate, 0, &one, sizeof(one));
    poison_buffer(&t, buffer, 51);
    read_buffer(&t, buffer, TILE_SIZE, out);

    /* NOT_EQUAL_ZERO over 1: skipped. */
    ID3D12GraphicsCommandList_SetPredication(t.list, predicate, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    ID3D12GraphicsCommandList_CopyTiles(t.list, reserved, &start, &size, buffer, 0, to_buffer);
    execute_and_wait(&t);
    read_buffer(&t, buffer, TILE_SIZE, data + 0);
    ck_assert(!memcmp(data, out, TILE_SIZE));
    /* EQUAL_ZERO over 1: runs. */
    ID3D12GraphicsCommandList_SetPredication(t.list, predicate, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList_CopyTiles(t.list, reserved, &start, &size, buffer, 0, to_buffer);
    execute_and_wait(&t);
    read_buffer(&t, buffer, TILE_SIZE, out);
    fill_pattern(data, TILE_SIZE, 50);
    ck_assert(!memcmp(data, out, TILE_SIZE));

    ID3D12Resource_Release(predicate);
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(reserved);
    ID3D12Heap_Release(heap);
    free(out);
    free(data);
    test_context_destroy(&t);
}
END_TEST

/* ---- Rejections, legacy and Async ----------------------------------------------------------- */

typedef void (*copy_tiles_fn)(struct test_context *t, ID3D12Resource *tiled,
                              const D3D12_TILED_RESOURCE_COORDINATE *start, const D3D12_TILE_REGION_SIZE *size,
                              ID3D12Resource *buffer, UINT64 offset, D3D12_TILE_COPY_FLAGS flags);

static void copy_tiles_legacy(struct test_context *t, ID3D12Resource *tiled,
                              const D3D12_TILED_RESOURCE_COORDINATE *start, const D3D12_TILE_REGION_SIZE *size,
                              ID3D12Resource *buffer, UINT64 offset, D3D12_TILE_COPY_FLAGS flags)
{
    ID3D12GraphicsCommandList_CopyTiles(t->list, tiled, start, size, buffer, offset, flags);
}

static void copy_tiles_async(struct test_context *t, ID3D12Resource *tiled,
                             const D3D12_TILED_RESOURCE_COORDINATE *start, const D3D12_TILE_REGION_SIZE *size,
                             ID3D12Resource *buffer, UINT64 offset, D3D12_TILE_COPY_FLAGS flags)
{
    ID3D12GraphicsCommandList12_CopyTilesAsync(async_list(t), tiled, start, size, buffer, offset, flags);
}

/* Close fails with E_INVALIDARG, the list's message names the problem; a fresh list. */
#define expect_refused(t, text) expect_refused_(__LINE__, t, text)
static void expect_refused_(unsigned int line, struct test_context *t, const char *text)
{
    struct async_message message;

    check_close_(line, t->list, E_INVALIDARG);
    check_message_(line, t->device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_UNKNOWN, &message);
    ck_assert_msg(strstr(message.text, text), "line %u: \"%s\" lacks \"%s\"", line, message.text, text);
    async_clear_messages(t->device);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(t->allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t->list, t->allocator, NULL), S_OK);
}

static void copy_tiles_rejections(struct test_context *t, copy_tiles_fn copy)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 0, 1);
    D3D12_TILED_RESOURCE_COORDINATE start = {0};
    D3D12_TILE_REGION_SIZE size = {1, FALSE, 0, 0, 0};
    ID3D12Resource *texture, *buffer, *committed;

    texture = create_reserved(t->device, &desc);
    buffer = create_buffer(t->device, D3D12_HEAP_TYPE_DEFAULT, 2 * TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    committed = create_buffer(t->device, D3D12_HEAP_TYPE_DEFAULT, TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);

    copy(t, committed, &start, &size, buffer, 0, to_buffer);
    expect_refused(t, "reserved resource");
    copy(t, texture, NULL, &size, buffer, 0, to_buffer);
    expect_refused(t, "reserved resource");
    copy(t, texture, &start, &size, buffer, 0, to_buffer | to_tiles);
    expect_refused(t, "flags");
    copy(t, texture, &start, &size, buffer, 0, D3D12_TILE_COPY_FLAG_NO_HAZARD);
    expect_refused(t, "flags");
    copy(t, texture, &start, &size, buffer, 0, to_buffer | 0x10);
    expect_refused(t, "flags");
    /* Regions: a subresource past the resource, a start outside a mip, too many tiles,
     * a box unlike NumTiles, a box past the mip, a box in packed mips. */
    start.Subresource = 9;
    copy(t, texture, &start, &size, buffer, 0, to_buffer);
    expect_refused(t, "subresource 9");
    start.Subresource = 0;
    start.X = 2;
    copy(t, texture, &start, &size, buffer, 0, to_buffer);
    expect_refused(t, "outside subresource 0");
    start.X = 0;
    size.NumTiles = 7;
    copy(t, texture, &start, &size, buffer, 0, to_buffer);
    expect_refused(t, "pass the resource");
    size.UseBox = TRUE;
    size.Width = size.Height = size.Depth = 1;
    size.NumTiles = 2;
    copy(t, texture, &start, &size, buffer, 0, to_buffer);
    expect_refused(t, "NumTiles");
    size.Width = 3;
    size.NumTiles = 3;
    copy(t, texture, &start, &size, buffer, 0, to_buffer);
    expect_refused(t, "leaves subresource");
    size.Width = size.NumTiles = 1;
    start.Subresource = 2;
    copy(t, texture, &start, &size, buffer, 0, to_buffer);
    expect_refused(t, "packed mip");
    start.Subresource = 0;
    /* The buffer's bytes: two tiles from 64 KiB + 1 do not fit. */
    size.UseBox = FALSE;
    size.NumTiles = 2;
    copy(t, texture, &start, &size, buffer, TILE_SIZE + 1, to_buffer);
    expect_refused(t, "outside");
    copy(t, texture, &start, &size, texture, 0, to_buffer);
    expect_refused(t, "not a buffer");

    ID3D12Resource_Release(committed);
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(texture);
}

START_TEST(test_copy_tiles_errors)
{
    struct test_context t;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    copy_tiles_rejections(&t, copy_tiles_legacy);
    test_context_destroy(&t);
}
END_TEST

/* ---- CopyTilesAsync, both modes ---------------------------------------------------------------- */

ASYNC_TEST(test_copy_tiles_async)
{
    struct ddi_spy_call call;
    struct test_context t;
    char flags[32];
    size_t index;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_COPY);
    async_spy_clear(ctx);
    copy_tiles_texture(&t, _i, true);
    /* Natively the driver's entry; on the fallback one legacy CopyTiles per call. */
    if (ctx->mode == ASYNC_MODE_NATIVE)
    {
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTilesAsync"), 2);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTiles"), 0);
    }
    else
    {
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTilesAsync"), 0);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTiles"), 2);
        /* The flags pass unchanged, NO_HAZARD included. */
        index = ddi_spy_find(ctx->spy, 0, "CopyTiles");
        index = ddi_spy_find(ctx->spy, index + 1, "CopyTiles");
        ck_assert(ddi_spy_get_call(ctx->spy, index, &call));
        snprintf(flags, sizeof(flags), "Flags=0x%x", to_tiles | D3D12_TILE_COPY_FLAG_NO_HAZARD);
        ck_assert_msg(strstr(call.args, flags), "%s", call.args);
    }
    test_context_destroy(&t);
}

ASYNC_TEST(test_copy_tiles_async_errors)
{
    static const D3D12_COMMAND_LIST_TYPE types[] =
    {
        D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY,
    };
    struct test_context t;

    async_enable_debug_layer();
    async_context_init(ctx, &t, types[_i]);
    copy_tiles_rejections(&t, copy_tiles_async);
    test_context_destroy(&t);
}

static Suite *tiled_copy_suite(void)
{
    Suite *suite = suite_create("tiled_copy");
    struct async_tcases tcases;
    TCase *tc;

    tc = tcase_create("legacy");
    tcase_add_loop_test(tc, test_copy_tiles_texture, 0, sizeof(copy_formats) / sizeof(copy_formats[0]));
    tcase_add_test(tc, test_copy_tiles_edge);
    tcase_add_test(tc, test_copy_tiles_raw);
    tcase_add_test(tc, test_copy_tiles_predicated);
    tcase_add_test(tc, test_copy_tiles_errors);
    suite_add_tcase(suite, tc);

    async_tcases_create(suite, "async", &tcases);
    async_tcase_add_loop(&tcases, test_copy_tiles_async, 0, sizeof(copy_formats) / sizeof(copy_formats[0]));
    async_tcase_add_loop(&tcases, test_copy_tiles_async_errors, 0, 3);
    return suite;
}

int main(void)
{
    return test_run_suites(tiled_copy_suite(), NULL);
}
