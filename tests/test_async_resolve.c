/*
 * The two Async resolves end to end, in both implementations (test_async.h):
 * ResolveSubresourceRegionAsync of a cleared 4x texture (AVERAGE, MIN and MAX, the
 * whole source and a region) into a poisoned single-sampled texture, and
 * ResolveQueryDataAsync of two timestamps into a poisoned READBACK or DEFAULT buffer
 * at an 8-byte-aligned offset, on every list type. Bytes are read back; the DDI spy
 * shows one native call, or on the fallback one legacy resolve and no native call.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* One native call and no legacy one natively; one legacy call and no native one on the
 * fallback. */
#define check_calls(ctx, native_name, legacy_name) check_calls_(__LINE__, ctx, native_name, legacy_name)
static void check_calls_(unsigned int line, const struct async_ctx *ctx, const char *native_name,
                         const char *legacy_name)
{
    size_t native = async_spy_count(ctx, native_name), legacy = async_spy_count(ctx, legacy_name);
    bool is_native = ctx->mode == ASYNC_MODE_NATIVE;

    ck_assert_msg(native == (is_native ? 1u : 0u) && legacy == (is_native ? 0u : 1u),
                  "line %u (%s): %zu %s and %zu %s calls", line, async_mode_name(ctx->mode), native, native_name,
                  legacy, legacy_name);
    /* Seed 000: the resolves are the legacy operations in the normal resolve scope;
     * the runtime adds no barrier on the app's resources. */
    ck_assert_msg(!async_spy_count(ctx, "Barrier") && !async_spy_count(ctx, "ResourceBarrier"),
                  "line %u (%s): the runtime added a barrier", line, async_mode_name(ctx->mode));
}

/* ---- ResolveSubresourceRegionAsync ---------------------------------------------------------- */

static ID3D12Resource *texture_2d(struct test_context *t, UINT width, UINT height, UINT samples,
                                  D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, width, height, 1, 1, samples, flags);

    return create_texture(t->device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

#define SRC_SIZE 4u
#define DST_WIDTH 6u
#define DST_HEIGHT 4u

/* Every sample of a pixel alike (the only way without draws): the average, the minimum
 * and the maximum of equal samples are the cleared value itself. */
static const struct
{
    D3D12_RESOLVE_MODE mode;
    bool has_rect;
    D3D12_RECT rect;
    UINT dst_x, dst_y;
}
resolve_tests[] =
{
    {D3D12_RESOLVE_MODE_AVERAGE, false, {0, 0, 0, 0}, 0, 0},
    {D3D12_RESOLVE_MODE_AVERAGE, true, {1, 1, 3, 3}, 4, 0},
    {D3D12_RESOLVE_MODE_MIN, true, {0, 1, 2, 4}, 3, 1},
    {D3D12_RESOLVE_MODE_MAX, true, {2, 0, 4, 2}, 1, 2},
    {D3D12_RESOLVE_MODE_MAX, false, {0, 0, 0, 0}, 2, 0},
};

ASYNC_TEST(test_resolve_region)
{
    /* The source is red with a green 2x2 square at (1, 1): 1.0 -> 0xff, 0.0 -> 0. */
    static const float red[4] = {1.0f, 0.0f, 0.0f, 1.0f}, green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
    static const uint8_t red_bytes[4] = {0xff, 0x00, 0x00, 0xff}, green_bytes[4] = {0x00, 0xff, 0x00, 0xff};
    static const D3D12_RECT square = {1, 1, 3, 3};
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    unsigned char poison[DST_WIDTH * DST_HEIGHT * 4], *data;
    struct test_subresource_layout layout;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    ID3D12Resource *msaa, *single;
    ID3D12DescriptorHeap *heap;
    D3D12_RECT region;
    struct test_context t;
    UINT x, y, sx, sy;
    const uint8_t *expected;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&heap), S_OK);
    msaa = texture_2d(&t, SRC_SIZE, SRC_SIZE, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    single = texture_2d(&t, DST_WIDTH, DST_HEIGHT, 1, D3D12_RESOURCE_FLAG_NONE);
    fill_pattern(poison, sizeof(poison), 31 + _i);
    poison_texture(&t, single, 31 + _i);

    rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    ID3D12Device_CreateRenderTargetView(t.device, msaa, NULL, rtv);
    transition_resource(&t, msaa, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.list, rtv, red, 0, NULL);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.list, rtv, green, 1, &square);
    transition_resource(&t, msaa, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
    transition_resource(&t, single, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);

    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ResolveSubresourceRegionAsync(async_list(&t), single, 0, resolve_tests[_i].dst_x,
            resolve_tests[_i].dst_y, msaa, 0, resolve_tests[_i].has_rect ? &resolve_tests[_i].rect : NULL,
            DXGI_FORMAT_R8G8B8A8_UNORM, resolve_tests[_i].mode);
    check_calls(ctx, "ResolveSubresourceRegionAsync", "ResolveSubresourceRegion");

    transition_resource(&t, single, 0, D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_COMMON);
    get_subresource_layout(t.device, single, 0, &layout);
    ck_assert_uint_eq(layout.packed_size, sizeof(poison));
    ck_assert_ptr_nonnull(data = malloc(layout.packed_size));
    read_texture_subresource(&t, single, 0, data);

    /* No rect: the whole source. */
    region = resolve_tests[_i].rect;
    if (!resolve_tests[_i].has_rect)
    {
        region.right = SRC_SIZE;
        region.bottom = SRC_SIZE;
    }
    for (y = 0; y < DST_HEIGHT; ++y)
    {
        for (x = 0; x < DST_WIDTH; ++x)
        {
            unsigned int at = (y * DST_WIDTH + x) * 4;

            sx = region.left + (x - resolve_tests[_i].dst_x);
            sy = region.top + (y - resolve_tests[_i].dst_y);
            if (x < resolve_tests[_i].dst_x || y < resolve_tests[_i].dst_y || sx >= (UINT)region.right
                    || sy >= (UINT)region.bottom)
                expected = poison + at;
            else
                expected = sx >= 1 && sx < 3 && sy >= 1 && sy < 3 ? green_bytes : red_bytes;
            check_bytes(data + at, expected, 4, "texel");
        }
    }

    free(data);
    ID3D12Resource_Release(single);
    ID3D12Resource_Release(msaa);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&t);
}

/* ---- ResolveQueryDataAsync ------------------------------------------------------------------ */

static const D3D12_COMMAND_LIST_TYPE list_types[] =
{
    D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY,
};

static const D3D12_HEAP_TYPE query_dst_heaps[] = {D3D12_HEAP_TYPE_READBACK, D3D12_HEAP_TYPE_DEFAULT};

#define QUERY_DST_SIZE 64u
#define QUERY_DST_OFFSET 24u

ASYNC_TEST(test_resolve_query_data)
{
    D3D12_COMMAND_LIST_TYPE type = list_types[_i / ARRAY_SIZE(query_dst_heaps)];
    D3D12_HEAP_TYPE heap_type = query_dst_heaps[_i % ARRAY_SIZE(query_dst_heaps)];
    unsigned char poison[QUERY_DST_SIZE], got[QUERY_DST_SIZE];
    D3D12_QUERY_HEAP_DESC heap_desc = {0};
    ID3D12Resource *dst, *src, *work;
    struct test_context t;
    ID3D12QueryHeap *heap;
    UINT64 first, second;
    void *mapped;

    async_context_init(ctx, &t, type);
    heap_desc.Type = type == D3D12_COMMAND_LIST_TYPE_COPY ? D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP
            : D3D12_QUERY_HEAP_TYPE_TIMESTAMP;
    heap_desc.Count = 4;
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(t.device, &heap_desc, &IID_ID3D12QueryHeap, (void **)&heap), S_OK);
    dst = create_buffer(t.device, heap_type, QUERY_DST_SIZE, D3D12_RESOURCE_FLAG_NONE,
                        heap_type == D3D12_HEAP_TYPE_READBACK ? D3D12_RESOURCE_STATE_COPY_DEST
                        : D3D12_RESOURCE_STATE_COMMON);
    src = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COMMON);
    work = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_COMMON);
    fill_pattern(poison, sizeof(poison), 7 + _i);
    poison_buffer(&t, dst, 7 + _i);

    /* Two timestamps around some work. */
    ID3D12GraphicsCommandList_EndQuery(t.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 1);
    ID3D12GraphicsCommandList_CopyBufferRegion(t.list, work, 0, src, 0, 65536);
    ID3D12GraphicsCommandList_EndQuery(t.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 2);

    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ResolveQueryDataAsync(async_list(&t), heap, D3D12_QUERY_TYPE_TIMESTAMP, 1, 2, dst,
                                                      QUERY_DST_OFFSET);
    check_calls(ctx, "ResolveQueryDataAsync", "ResolveQueryData");
    execute_and_wait(&t);

    if (heap_type == D3D12_HEAP_TYPE_READBACK)
    {
        ck_assert_int_eq(ID3D12Resource_Map(dst, 0, NULL, &mapped), S_OK);
        memcpy(got, mapped, sizeof(got));
        ID3D12Resource_Unmap(dst, 0, NULL);
    }
    else
    {
        read_buffer(&t, dst, sizeof(got), got);
    }
    /* The bytes around the two results keep the poison. */
    check_bytes(got, poison, QUERY_DST_OFFSET, "before");
    check_bytes(got + QUERY_DST_OFFSET + 16, poison + QUERY_DST_OFFSET + 16, QUERY_DST_SIZE - QUERY_DST_OFFSET - 16,
                "after");
    memcpy(&first, got + QUERY_DST_OFFSET, sizeof(first));
    memcpy(&second, got + QUERY_DST_OFFSET + 8, sizeof(second));
    ck_assert_uint_ne(first, 0);
    ck_assert_uint_ge(second, first);

    ID3D12Resource_Release(work);
    ID3D12Resource_Release(src);
    ID3D12Resource_Release(dst);
    ID3D12QueryHeap_Release(heap);
    test_context_destroy(&t);
}

Suite *async_resolve_suite(void)
{
    Suite *suite = suite_create("async_resolve");
    struct async_tcases tcases;

    async_tcases_create(suite, "subresource_region", &tcases);
    async_tcase_add_loop(&tcases, test_resolve_region, 0, ARRAY_SIZE(resolve_tests));
    async_tcases_create(suite, "query_data", &tcases);
    async_tcase_add_loop(&tcases, test_resolve_query_data, 0, ARRAY_SIZE(list_types) * ARRAY_SIZE(query_dst_heaps));
    return suite;
}

TEST_MAIN(async_resolve_suite())
