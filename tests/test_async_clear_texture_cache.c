/*
 * The pattern copy's tiles, in both implementations (test_async.h): the allocator-wide
 * tile cache (written once on the CPU, reused by every list recording on the allocator,
 * dropped at the allocator's Reset; the device's counters tiles_written and
 * tiles_reused show it) and, on a device the DDI spy reports discrete, the staging of
 * tiles through the recording's VRAM block (the spy shows the tile copied into staging,
 * refreshed by every call, and the copies out of it). Bytes are read back in both
 * modes; natively the driver clears and the counters stay at zero.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async_clear_texture.h"
#include "rt_adapter.h"
#include "rt_device.h"
#include "rt_fallback_services.h"
#include "ddi_spy.h"
#include "test_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const D3D12_COMMAND_LIST_TYPE list_types[] = {D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                     D3D12_COMMAND_LIST_TYPE_COMPUTE};

static const unsigned char rgba8[] = {0xff, 0x80, 0x00, 0x40};

/* The tile counters: written and reused, zero natively. */
#define check_tiles(ctx, t, written, reused) check_tiles_(__LINE__, ctx, t, written, reused)
static void check_tiles_(unsigned int line, const struct async_ctx *ctx, struct test_context *t, UINT64 written,
                         UINT64 reused)
{
    struct rt_fallback_pool_stats stats;

    async_pool_stats(t, &stats);
    if (!async_fallback(ctx))
        written = reused = 0;
    ck_assert_msg(stats.tiles_written == written && stats.tiles_reused == reused,
                  "line %u (%s): %llu tiles written and %llu reused, expected %llu and %llu", line,
                  async_mode_name(ctx->mode), (unsigned long long)stats.tiles_written,
                  (unsigned long long)stats.tiles_reused, (unsigned long long)written, (unsigned long long)reused);
}

/* {1, 0.5, 0, 0.25} over the whole texture. */
static void clear_rgba8(ID3D12GraphicsCommandList *list, ID3D12Resource *texture)
{
    ID3D12GraphicsCommandList12 *list12;
    D3D12_CLEAR_TEXTURE_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = texture;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.ClearValue.Floats[1] = 0.5f;
    desc.ClearValue.Floats[3] = 0.25f;
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(list, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&list12), S_OK);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(list12, 1, &desc);
    ID3D12GraphicsCommandList12_Release(list12);
}

#define check_texture(t, texture) check_texture_(__LINE__, t, texture)
static void check_texture_(unsigned int line, struct test_context *t, ID3D12Resource *texture)
{
    struct test_subresource_layout layout;
    unsigned char *data = read_subresource(t, texture, 0, &layout);

    check_pixels_(line, data, NULL, &layout, rgba8, 4, NULL);
    free(data);
}

/* Closes the second list (the context's is closed), executes both and waits; the
 * allocator is not reset. */
static void execute_both(struct test_context *t, ID3D12GraphicsCommandList *second)
{
    ID3D12CommandList *lists[2] = {(ID3D12CommandList *)t->list, (ID3D12CommandList *)second};

    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(second), S_OK);
    ID3D12CommandQueue_ExecuteCommandLists(t->queue, 2, lists);
    wait_queue_idle(t);
}

/* Two lists recorded one after the other on one allocator clear two textures of one
 * size with one value: the second list finds the first one's tile (no upload memory
 * taken, nothing written). A clear of another size needs a tile of its own. After the
 * allocator's Reset the cache is gone and the tile is written again. */
ASYNC_TEST(test_clear_tile_cache_across_lists)
{
    ID3D12Resource *a, *b, *c, *other;
    ID3D12GraphicsCommandList *second;
    struct test_context t;

    async_context_init(ctx, &t, list_types[_i]);
    a = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 40, 6, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    b = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 40, 6, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    c = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 40, 6, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    other = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 24, 6, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    check_tiles(ctx, &t, 0, 0);

    clear_rgba8(t.list, a);
    check_tiles(ctx, &t, 1, 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);

    ck_assert_int_eq(ID3D12Device_CreateCommandList(t.device, 0, list_types[_i], t.allocator, NULL,
                                                    &IID_ID3D12GraphicsCommandList, (void **)&second), S_OK);
    async_spy_clear(ctx);
    clear_rgba8(second, b);
    check_tiles(ctx, &t, 1, 1);
    ck_assert_uint_eq(async_spy_count(ctx, "CreateHeapAndResource"), 0);
    ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion"), async_fallback(ctx) ? 1 : 0);
    clear_rgba8(second, other);
    check_tiles(ctx, &t, 2, 1);
    execute_both(&t, second);

    /* The allocator's Reset drops its tiles: the same clear writes a new one. */
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(t.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
    clear_rgba8(t.list, c);
    check_tiles(ctx, &t, 3, 1);
    execute_and_wait(&t);

    check_texture(&t, a);
    check_texture(&t, b);
    check_texture(&t, c);
    check_texture(&t, other);
    ID3D12GraphicsCommandList_Release(second);
    ID3D12Resource_Release(other);
    ID3D12Resource_Release(c);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    test_context_destroy(&t);
}

/* Every subresource of a mipped array: slices of one mip share a tile, each mip size
 * has its own (2 slices x 3 mips: 3 written, 3 reused). */
ASYNC_TEST(test_clear_tile_cache_subresources)
{
    D3D12_RESOURCE_DESC rd;
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *texture;
    struct test_context t;
    unsigned char *data;
    struct test_subresource_layout layout;
    UINT sub;

    async_context_init(ctx, &t, list_types[_i]);
    rd = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 16, 8, 2, 3, 1, D3D12_RESOURCE_FLAG_NONE);
    texture = create_texture(t.device, &rd, D3D12_RESOURCE_STATE_COMMON);
    memset(&desc, 0, sizeof(desc));
    desc.pTexture = texture;
    desc.SubresourceIndex = 0xffffffffu;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.ClearValue.Floats[1] = 0.5f;
    desc.ClearValue.Floats[3] = 0.25f;
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
    check_tiles(ctx, &t, 3, 3);
    execute_and_wait(&t);
    for (sub = 0; sub < 6; ++sub)
    {
        data = read_subresource(&t, texture, sub, &layout);
        check_pixels(data, NULL, &layout, rgba8, 4, NULL);
        free(data);
    }
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}

/* The staging block the last CopyBufferRegion wrote (the spy's driver handle). */
static void *staging_of(const struct async_ctx *ctx)
{
    struct ddi_spy_call call;
    void *dst = NULL;

    ck_assert(ddi_spy_get_call(ctx->spy, ddi_spy_find(ctx->spy, 0, "CopyBufferRegion"), &call));
    ck_assert_int_eq(sscanf(strstr(call.args, "dst="), "dst=%p", &dst), 1);
    return dst;
}

/* Every CopyTextureRegion since the spy was cleared reads a placed footprint of `source`
 * (NULL: any buffer but `not`). */
static void check_copy_sources(const struct async_ctx *ctx, void *source, void *not)
{
    struct ddi_spy_call call;
    void *src;
    size_t i;
    int type;

    for (i = 0; ddi_spy_get_call(ctx->spy, i, &call); ++i)
    {
        if (strcmp(call.name, "CopyTextureRegion"))
            continue;
        ck_assert_int_eq(sscanf(strstr(call.args, "src="), "src=%p type %d", &src, &type), 2);
        ck_assert_int_eq(type, D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT);
        ck_assert_msg(source ? src == source : src != not, "%s", call.args);
    }
}

/* A discrete device: a 256x200 RGBA8 clear takes four 64-row bands of one tile, so the
 * tile goes into the recording's VRAM staging block (one CopyBufferRegion, a barrier
 * making it visible) and the four copies read it there. A second call with the same
 * tile (from the allocator's cache) copies it into staging again, after a barrier
 * waiting for the first call's copies. A one-band clear reads its tile from upload
 * memory. */
ASYNC_TEST(test_clear_discrete_staging)
{
    ID3D12Resource *big, *big2, *small;
    struct test_context t;
    void *staging;

    async_use_discrete_spy(ctx);
    async_context_init(ctx, &t, list_types[_i]);
    big = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 256, 200, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    big2 = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 256, 200, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    small = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 256, 30, 1, 1, D3D12_RESOURCE_FLAG_NONE);

    async_spy_clear(ctx);
    clear_rgba8(t.list, big);
    if (async_fallback(ctx))
    {
        /* An upload buffer for the tile and the staging block. */
        ck_assert_uint_eq(async_spy_count(ctx, "CreateHeapAndResource"), 2);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyBufferRegion"), 1);
        ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), 1);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion"), 4);
        ck_assert_uint_lt(ddi_spy_find(ctx->spy, 0, "CopyBufferRegion"), ddi_spy_find(ctx->spy, 0, "Barrier"));
        ck_assert_uint_lt(ddi_spy_find(ctx->spy, 0, "Barrier"), ddi_spy_find(ctx->spy, 0, "CopyTextureRegion"));
        staging = staging_of(ctx);
        check_copy_sources(ctx, staging, NULL);

        async_spy_clear(ctx);
        clear_rgba8(t.list, big2);
        ck_assert_uint_eq(async_spy_count(ctx, "CreateHeapAndResource"), 0);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyBufferRegion"), 1);
        ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), 2);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion"), 4);
        ck_assert_ptr_eq(staging_of(ctx), staging);
        check_copy_sources(ctx, staging, NULL);
        check_tiles(ctx, &t, 1, 1);

        async_spy_clear(ctx);
        clear_rgba8(t.list, small);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyBufferRegion") + async_spy_count(ctx, "Barrier"), 0);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion"), 1);
        check_copy_sources(ctx, NULL, staging);
    }
    else
    {
        clear_rgba8(t.list, big2);
        clear_rgba8(t.list, small);
        ck_assert_uint_eq(async_spy_count(ctx, "ClearTextureSubresources"), 3);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion"), 0);
    }
    execute_and_wait(&t);
    check_texture(&t, big);
    check_texture(&t, big2);
    check_texture(&t, small);

    ID3D12Resource_Release(small);
    ID3D12Resource_Release(big2);
    ID3D12Resource_Release(big);
    test_context_destroy(&t);
}

/* A new recording on the same allocator takes a staging block of its own: staging
 * belongs to one recording, the tile to the allocator. */
ASYNC_TEST(test_clear_staging_per_recording)
{
    ID3D12GraphicsCommandList *second;
    void *first_staging;
    ID3D12Resource *a, *b;
    struct test_context t;

    if (!async_fallback(ctx))
        return;
    async_use_discrete_spy(ctx);
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    a = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 256, 200, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    b = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 256, 200, 1, 1, D3D12_RESOURCE_FLAG_NONE);

    async_spy_clear(ctx);
    clear_rgba8(t.list, a);
    first_staging = staging_of(ctx);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(t.device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, t.allocator, NULL,
                                                    &IID_ID3D12GraphicsCommandList, (void **)&second), S_OK);
    async_spy_clear(ctx);
    clear_rgba8(second, b);
    /* Only the new staging block is created; the tile comes from the cache. */
    ck_assert_uint_eq(async_spy_count(ctx, "CreateHeapAndResource"), 1);
    ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), 1);
    ck_assert_ptr_ne(staging_of(ctx), first_staging);
    check_tiles(ctx, &t, 1, 1);
    execute_both(&t, second);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(t.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
    check_texture(&t, a);
    check_texture(&t, b);

    ID3D12GraphicsCommandList_Release(second);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    test_context_destroy(&t);
}

/* The tile's upload memory cannot be had: the list is removed as out of memory. */
ASYNC_TEST(test_clear_tile_out_of_memory)
{
    struct async_message message;
    ID3D12Resource *texture;
    struct test_context t;

    if (!async_fallback(ctx))
        return;
    async_enable_debug_layer();
    async_context_init(ctx, &t, list_types[_i]);
    texture = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    rt_testing_fail_fallback_buffers(rt_device_from_iface(t.device), 1);
    async_clear_messages(t.device);
    async_spy_clear(ctx);
    clear_rgba8(t.list, texture);
    ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion"), 0);
    check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY, &message);
    check_close(t.list, E_OUTOFMEMORY);
    check_tiles(ctx, &t, 0, 0);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}

/* Clears the whole texture to {value, 0, 0, 0}. */
static void clear_float(ID3D12GraphicsCommandList *list, ID3D12Resource *texture, float value)
{
    ID3D12GraphicsCommandList12 *list12;
    D3D12_CLEAR_TEXTURE_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = texture;
    desc.ClearValue.Floats[0] = value;
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(list, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&list12), S_OK);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(list12, 1, &desc);
    ID3D12GraphicsCommandList12_Release(list12);
}

#define check_float_texture(t, texture, value) check_float_texture_(__LINE__, t, texture, value)
static void check_float_texture_(unsigned int line, struct test_context *t, ID3D12Resource *texture, float value)
{
    struct test_subresource_layout layout;
    unsigned char *data = read_subresource(t, texture, 0, &layout);

    check_pixels_(line, data, NULL, &layout, (const unsigned char *)&value, sizeof(value), NULL);
    free(data);
}

/* The tile cache's budget (RT_FB_TILE_CACHE_BUDGET tiles): one recording clearing with
 * one more distinct value than the budget forgets the least recently used tile, which
 * is written again when asked for; the most recent tiles are still found. */
ASYNC_TEST(test_clear_tile_cache_budget)
{
    struct rt_fallback_pool_stats stats;
    ID3D12Resource *texture;
    struct test_context t;
    unsigned int i;

    async_context_init(ctx, &t, list_types[_i]);
    texture = clear_texture_2d(&t, DXGI_FORMAT_R32_FLOAT, 4, 4, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    for (i = 0; i <= RT_FB_TILE_CACHE_BUDGET; ++i)
    {
        clear_float(t.list, texture, (float)i);
        /* Value 0 is used again along the way: value 1 becomes the least recent. */
        if (i == 10)
            clear_float(t.list, texture, 0.0f);
    }
    check_tiles(ctx, &t, RT_FB_TILE_CACHE_BUDGET + 1, 1);
    async_pool_stats(&t, &stats);
    ck_assert_uint_eq(stats.tiles_forgotten, (async_fallback(ctx) ? 1u : 0u));
    clear_float(t.list, texture, 0.0f);
    clear_float(t.list, texture, (float)RT_FB_TILE_CACHE_BUDGET);
    check_tiles(ctx, &t, RT_FB_TILE_CACHE_BUDGET + 1, 3);
    clear_float(t.list, texture, 1.0f);
    check_tiles(ctx, &t, RT_FB_TILE_CACHE_BUDGET + 2, 3);
    execute_and_wait(&t);
    check_float_texture(&t, texture, 1.0f);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}

/* Private descriptor blocks (64 RTVs each): a recording of 300 in-place clears takes 5;
 * its allocator's Reset keeps RT_FB_DESCRIPTOR_BLOCKS_KEPT of them and destroys the
 * rest; the next such recording makes one again. When that creation fails, the pools
 * let what they keep go and the creation is tried again (refuse-and-retry). Software
 * lists (the test setups) capture each clear's private RTV into the same blocks
 * (runtime/rt_swlist.h): twice as many, 10 per recording. */
ASYNC_TEST(test_clear_descriptor_blocks_budget)
{
    enum {CLEARS = 300};
    struct rt_fallback_pool_stats stats;
    ID3D12Resource *rt, *plain;
    struct test_context t;
    unsigned int i, frame, blocks;

    if (list_types[_i] != D3D12_COMMAND_LIST_TYPE_DIRECT)
        return;
    async_context_init(ctx, &t, list_types[_i]);
    blocks = rt_device_from_iface(t.device)->software_lists ? 10 : 5;
    rt = clear_texture_2d(&t, DXGI_FORMAT_R32_FLOAT, 4, 4, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    plain = clear_texture_2d(&t, DXGI_FORMAT_R32_FLOAT, 4, 4, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    for (frame = 0; frame < 2; ++frame)
    {
        if (!frame)
        {
            /* A pattern clear: its tile's upload buffer goes to the pools at the Reset. */
            clear_float(t.list, plain, 2.0f);
        }
        else
        {
            /* The pools keep the first frame's tile buffer: the failed creation of the
             * fifth block lets it go and the second try works. */
            rt_testing_fail_fallback_buffers(rt_device_from_iface(t.device), 1);
        }
        app_barrier(&t, rt, D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_COPY_DEST);
        for (i = 0; i < CLEARS; ++i)
            clear_float(t.list, rt, (float)(i + frame));
        app_barrier(&t, rt, D3D12_BARRIER_LAYOUT_COPY_DEST, D3D12_BARRIER_LAYOUT_COMMON);
        execute_and_wait(&t);
        check_float_texture(&t, rt, (float)(CLEARS - 1 + frame));
        check_float_texture(&t, plain, 2.0f);
        async_pool_stats(&t, &stats);
        if (!async_fallback(ctx))
            continue;
        ck_assert_uint_eq(stats.descriptor_blocks, blocks + (blocks - RT_FB_DESCRIPTOR_BLOCKS_KEPT) * frame);
        ck_assert_uint_eq(stats.descriptor_blocks_destroyed, (blocks - RT_FB_DESCRIPTOR_BLOCKS_KEPT) * (frame + 1));
        ck_assert_uint_eq(stats.let_go, frame);
    }
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(t.device), S_OK);
    ID3D12Resource_Release(plain);
    ID3D12Resource_Release(rt);
    test_context_destroy(&t);
}

static Suite *async_clear_texture_cache_suite(void)
{
    Suite *suite = suite_create("async_clear_texture_cache");
    struct async_tcases tcases;

    async_tcases_create(suite, "clear_tiles", &tcases);
    async_tcase_add_loop(&tcases, test_clear_tile_cache_across_lists, 0, ARRAY_SIZE(list_types));
    async_tcase_add_loop(&tcases, test_clear_tile_cache_subresources, 0, ARRAY_SIZE(list_types));
    async_tcase_add_loop(&tcases, test_clear_discrete_staging, 0, ARRAY_SIZE(list_types));
    async_tcase_add(&tcases, test_clear_staging_per_recording);
    async_tcase_add_loop(&tcases, test_clear_tile_out_of_memory, 0, ARRAY_SIZE(list_types));
    async_tcase_add_loop(&tcases, test_clear_tile_cache_budget, 0, ARRAY_SIZE(list_types));
    async_tcase_add_loop(&tcases, test_clear_descriptor_blocks_budget, 0, ARRAY_SIZE(list_types));
    return suite;
}

int main(void)
{
    return test_run_suites(async_clear_texture_cache_suite(), NULL);
}
