/*
 * Resolves end to end through the runtime: 2x and 4x textures filled by clears (every
 * sample of a pixel alike, the only way without draws), resolved with
 * ResolveSubresource and ResolveSubresourceRegion and read back. The average of equal
 * samples is the value itself, so each expected byte is the cleared value, derived by
 * hand in the comments. Samples that differ are tested at the driver level
 * (test_agx_umd_resolve.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_check.h"
#include "test_device.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const UINT sample_counts[] = {2, 4};

static ID3D12Resource *create_2d(struct test_context *ctx, DXGI_FORMAT format, UINT width, UINT height,
                                 UINT samples, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(format, width, height, 1, 1, samples, flags);

    return create_texture(ctx->device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

static ID3D12DescriptorHeap *create_heap(struct test_context *ctx, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {type, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    ID3D12DescriptorHeap *heap;

    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(ctx->device, &desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&heap), S_OK);
    return heap;
}

/* Clears the whole of a render target, then `rect` (if any) with a second colour. */
static void clear_rt(struct test_context *ctx, ID3D12DescriptorHeap *heap, ID3D12Resource *texture,
                     const float *color, const float *rect_color, const D3D12_RECT *rect)
{
    D3D12_CPU_DESCRIPTOR_HANDLE rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);

    ID3D12Device_CreateRenderTargetView(ctx->device, texture, NULL, rtv);
    transition_resource(ctx, texture, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx->list, rtv, color, 0, NULL);
    if (rect)
        ID3D12GraphicsCommandList_ClearRenderTargetView(ctx->list, rtv, rect_color, 1, rect);
    transition_resource(ctx, texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
}

/* The packed bytes of subresource 0 of a single-sampled texture, read in COMMON. */
static unsigned char *read_resolved(struct test_context *ctx, ID3D12Resource *texture, D3D12_RESOURCE_STATES state)
{
    struct test_subresource_layout layout;
    unsigned char *data;

    transition_resource(ctx, texture, 0, state, D3D12_RESOURCE_STATE_COMMON);
    get_subresource_layout(ctx->device, texture, 0, &layout);
    ck_assert_ptr_nonnull(data = malloc(layout.packed_size));
    read_texture_subresource(ctx, texture, 0, data);
    return data;
}

/* Each of the `count` first elements of subresource 0 (read as read_resolved does) is `element`. */
#define check_resolved(ctx, texture, state, count, element, size) \
    check_resolved_(__LINE__, ctx, texture, state, count, element, size)
static void check_resolved_(unsigned int line, struct test_context *ctx, ID3D12Resource *texture,
                            D3D12_RESOURCE_STATES state, size_t count, const void *element, size_t size)
{
    unsigned char *data = read_resolved(ctx, texture, state);

    test_check_elements(line, data, count, element, size);
    free(data);
}

/* ResolveSubresourceRegion lives on ID3D12GraphicsCommandList1. */
static void resolve_region(struct test_context *ctx, ID3D12Resource *dst, UINT dst_x, UINT dst_y,
                           ID3D12Resource *src, D3D12_RECT *rect, DXGI_FORMAT format, D3D12_RESOLVE_MODE mode)
{
    ID3D12GraphicsCommandList1 *list1;

    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx->list, &IID_ID3D12GraphicsCommandList1,
                                                              (void **)&list1), S_OK);
    ID3D12GraphicsCommandList1_ResolveSubresourceRegion(list1, dst, 0, dst_x, dst_y, src, 0, rect, format, mode);
    ID3D12GraphicsCommandList1_Release(list1);
}

/* ---- AVERAGE of cleared samples ---------------------------------------------------------- */

START_TEST(test_resolve_formats)
{
    static const struct
    {
        DXGI_FORMAT format;
        UINT bytes;
        float color[4];
        uint8_t expected[16];
    }
    tests[] =
    {
        /* 0.5 -> 128; 0.2 * 255 + 0.5 = 51.5 -> 51; 1 -> 255; 0 -> 0. */
        {DXGI_FORMAT_R8G8B8A8_UNORM, 4, {0.5f, 0.2f, 1.0f, 0.0f}, {0x80, 0x33, 0xff, 0x00}},
        /* sRGB: 0.5 -> 188 = 0xbc; 0.18 -> 118 = 0x76; 0.0 -> 0; alpha 1.0 -> 255. The
         * resolve averages in linear space: equal samples come back unchanged. */
        {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 4, {0.5f, 0.18f, 0.0f, 1.0f}, {0xbc, 0x76, 0x00, 0xff}},
        /* float16: 1 -> 0x3c00, -2 -> 0xc000, 0.5 -> 0x3800, 65504 -> 0x7bff. */
        {DXGI_FORMAT_R16G16B16A16_FLOAT, 8, {1.0f, -2.0f, 0.5f, 65504.0f},
         {0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0xff, 0x7b}},
        /* float32: 0.1f = 0x3dcccccd, -3 = 0xc0400000. */
        {DXGI_FORMAT_R32G32_FLOAT, 8, {0.1f, -3.0f, 0.0f, 0.0f}, {0xcd, 0xcc, 0xcc, 0x3d, 0x00, 0x00, 0x40, 0xc0}},
        /* SNORM -1 -> 0x81, 1 -> 0x7f. */
        {DXGI_FORMAT_R8G8_SNORM, 2, {-1.0f, 1.0f, 0.0f, 0.0f}, {0x81, 0x7f}},
    };
    ID3D12Resource *msaa, *single;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;
    unsigned int i, s;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    for (s = 0; s < ARRAY_SIZE(sample_counts); ++s)
    {
        for (i = 0; i < ARRAY_SIZE(tests); ++i)
        {
            msaa = create_2d(&ctx, tests[i].format, 5, 3, sample_counts[s], D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
            single = create_2d(&ctx, tests[i].format, 5, 3, 1, D3D12_RESOURCE_FLAG_NONE);
            poison_texture(&ctx, single, i);
            clear_rt(&ctx, heap, msaa, tests[i].color, NULL, NULL);
            transition_resource(&ctx, single, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);
            ID3D12GraphicsCommandList_ResolveSubresource(ctx.list, single, 0, msaa, 0, tests[i].format);
            check_resolved(&ctx, single, D3D12_RESOURCE_STATE_RESOLVE_DEST, 15, tests[i].expected, tests[i].bytes);
            ID3D12Resource_Release(msaa);
            ID3D12Resource_Release(single);
        }
    }
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_resolve_typeless)
{
    /* Typeless resources resolved as sRGB: the clear of an sRGB view wrote 0xbc for
     * 0.5; the resolve reads and writes it as sRGB, unchanged. */
    static const float color[4] = {0.5f, 0.5f, 0.5f, 1.0f};
    static const uint8_t expected[4] = {0xbc, 0xbc, 0xbc, 0xff};
    D3D12_RENDER_TARGET_VIEW_DESC view;
    ID3D12Resource *msaa, *single;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    msaa = create_2d(&ctx, DXGI_FORMAT_R8G8B8A8_TYPELESS, 4, 4, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    single = create_2d(&ctx, DXGI_FORMAT_R8G8B8A8_TYPELESS, 4, 4, 1, D3D12_RESOURCE_FLAG_NONE);
    memset(&view, 0, sizeof(view));
    view.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    view.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DMS;
    rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    ID3D12Device_CreateRenderTargetView(ctx.device, msaa, &view, rtv);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv, color, 0, NULL);
    ID3D12GraphicsCommandList_ResolveSubresource(ctx.list, single, 0, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    check_resolved(&ctx, single, D3D12_RESOURCE_STATE_COMMON, 16, expected, 4);
    ID3D12Resource_Release(msaa);
    ID3D12Resource_Release(single);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- ResolveSubresourceRegion ------------------------------------------------------------ */

START_TEST(test_resolve_region_modes)
{
    /* The source is red with a green 2x2 square at (1, 1); the region (1, 1)-(3, 3) goes
     * to (4, 0) of an 6x3 destination: there it is green, elsewhere the poison stays.
     * MIN, MAX and AVERAGE agree on equal samples. */
    static const float red[4] = {1.0f, 0.0f, 0.0f, 1.0f}, green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
    static const uint8_t green_bytes[4] = {0x00, 0xff, 0x00, 0xff};
    static const D3D12_RESOLVE_MODE modes[] =
    {
        D3D12_RESOLVE_MODE_AVERAGE, D3D12_RESOLVE_MODE_MIN, D3D12_RESOLVE_MODE_MAX,
    };
    static const D3D12_RECT square = {1, 1, 3, 3};
    D3D12_RECT rect = square;
    unsigned char *data, poison[6 * 3 * 4];
    ID3D12Resource *msaa, *single;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;
    unsigned int m, s, x, y;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    fill_pattern(poison, sizeof(poison), 77);
    for (s = 0; s < ARRAY_SIZE(sample_counts); ++s)
    {
        for (m = 0; m < ARRAY_SIZE(modes); ++m)
        {
            msaa = create_2d(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, sample_counts[s],
                             D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
            single = create_2d(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 6, 3, 1, D3D12_RESOURCE_FLAG_NONE);
            poison_texture(&ctx, single, 77);
            clear_rt(&ctx, heap, msaa, red, green, &square);
            transition_resource(&ctx, single, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);
            resolve_region(&ctx, single, 4, 0, msaa, &rect, DXGI_FORMAT_R8G8B8A8_UNORM, modes[m]);
            data = read_resolved(&ctx, single, D3D12_RESOURCE_STATE_RESOLVE_DEST);
            for (y = 0; y < 3; ++y)
            {
                for (x = 0; x < 6; ++x)
                {
                    unsigned int at = (y * 6 + x) * 4;

                    check_bytes(data + at, x >= 4 && y < 2 ? green_bytes : poison + at, 4);
                }
            }
            free(data);
            ID3D12Resource_Release(msaa);
            ID3D12Resource_Release(single);
        }
    }
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_resolve_depth_max)
{
    /* A 4x D32 buffer cleared to 0.75, resolved with MAX: 0.75 = 0x3f400000. */
    static const uint8_t expected[4] = {0x00, 0x00, 0x40, 0x3f};
    ID3D12Resource *msaa, *single;
    D3D12_CPU_DESCRIPTOR_HANDLE dsv;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
    msaa = create_2d(&ctx, DXGI_FORMAT_D32_FLOAT, 3, 2, 4, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    single = create_2d(&ctx, DXGI_FORMAT_D32_FLOAT, 3, 2, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    dsv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    ID3D12Device_CreateDepthStencilView(ctx.device, msaa, NULL, dsv);
    ID3D12GraphicsCommandList_ClearDepthStencilView(ctx.list, dsv, D3D12_CLEAR_FLAG_DEPTH, 0.75f, 0, 0, NULL);
    resolve_region(&ctx, single, 0, 0, msaa, NULL, DXGI_FORMAT_D32_FLOAT, D3D12_RESOLVE_MODE_MAX);
    check_resolved(&ctx, single, D3D12_RESOURCE_STATE_COMMON, 6, expected, 4);
    ID3D12Resource_Release(msaa);
    ID3D12Resource_Release(single);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_resolve_decompress)
{
    /* DECOMPRESS keeps every sample: a 4x copy of a cleared 4x texture, then resolved,
     * reads the cleared value. 0.25 * 255 + 0.5 = 64.25 -> 0x40. */
    static const float color[4] = {0.25f, 0.25f, 0.25f, 0.25f};
    static const uint8_t expected[4] = {0x40, 0x40, 0x40, 0x40};
    ID3D12Resource *a, *b, *single;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    a = create_2d(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    b = create_2d(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    single = create_2d(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, D3D12_RESOURCE_FLAG_NONE);
    clear_rt(&ctx, heap, a, color, NULL, NULL);
    transition_resource(&ctx, b, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);
    resolve_region(&ctx, b, 0, 0, a, NULL, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_DECOMPRESS);
    transition_resource(&ctx, b, 0, D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
    transition_resource(&ctx, single, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);
    ID3D12GraphicsCommandList_ResolveSubresource(ctx.list, single, 0, b, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    check_resolved(&ctx, single, D3D12_RESOURCE_STATE_RESOLVE_DEST, 4, expected, 4);
    ID3D12Resource_Release(a);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(single);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_resolve_predicated)
{
    /* Resolves are predicated: NOT_EQUAL_ZERO on a non-zero value skips the first, and
     * the second, after SetPredication(NULL), runs. */
    static const float color[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    static const uint8_t white[4] = {0xff, 0xff, 0xff, 0xff};
    ID3D12Resource *msaa, *first, *second, *predicate;
    unsigned char poison[4];
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;
    UINT64 *value;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    msaa = create_2d(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 2, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    first = create_2d(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    second = create_2d(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    poison_texture(&ctx, first, 5);
    poison_texture(&ctx, second, 6);
    predicate = create_buffer(ctx.device, D3D12_HEAP_TYPE_UPLOAD, 256, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_GENERIC_READ);
    ck_assert_int_eq(ID3D12Resource_Map(predicate, 0, NULL, (void **)&value), S_OK);
    *value = 0x100000000ull;   /* non-zero in its high half only */
    ID3D12Resource_Unmap(predicate, 0, NULL);

    clear_rt(&ctx, heap, msaa, color, NULL, NULL);
    ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    ID3D12GraphicsCommandList_ResolveSubresource(ctx.list, first, 0, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    ID3D12GraphicsCommandList_SetPredication(ctx.list, NULL, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList_ResolveSubresource(ctx.list, second, 0, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    execute_and_wait(&ctx);

    fill_pattern(poison, sizeof(poison), 5);
    check_resolved(&ctx, first, D3D12_RESOURCE_STATE_COMMON, 1, poison, 4);
    check_resolved(&ctx, second, D3D12_RESOURCE_STATE_COMMON, 1, white, 4);
    ID3D12Resource_Release(msaa);
    ID3D12Resource_Release(first);
    ID3D12Resource_Release(second);
    ID3D12Resource_Release(predicate);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_resolve_integer_refused)
{
    /* Averaging integers is undefined: D3D12 refuses formats without MULTISAMPLE_RESOLVE
     * support; MIN/MAX and DECOMPRESS need no such support. */
    ID3D12Resource *msaa, *single;
    struct test_context ctx;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    msaa = create_2d(&ctx, DXGI_FORMAT_R32_UINT, 4, 4, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    single = create_2d(&ctx, DXGI_FORMAT_R32_UINT, 4, 4, 1, D3D12_RESOURCE_FLAG_NONE);
    ID3D12GraphicsCommandList_ResolveSubresource(ctx.list, single, 0, msaa, 0, DXGI_FORMAT_R32_UINT);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), E_INVALIDARG);

    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    resolve_region(&ctx, single, 0, 0, msaa, NULL, DXGI_FORMAT_R32_UINT, D3D12_RESOLVE_MODE_MAX);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    ID3D12Resource_Release(msaa);
    ID3D12Resource_Release(single);
    test_context_destroy(&ctx);
}
END_TEST

Suite *resolve_suite(void)
{
    Suite *suite = suite_create("resolve");
    TCase *tc;

    tc = tcase_create("resolve");
    tcase_add_test(tc, test_resolve_formats);
    tcase_add_test(tc, test_resolve_typeless);
    tcase_add_test(tc, test_resolve_region_modes);
    tcase_add_test(tc, test_resolve_depth_max);
    tcase_add_test(tc, test_resolve_decompress);
    tcase_add_test(tc, test_resolve_predicated);
    tcase_add_test(tc, test_resolve_integer_refused);
    suite_add_tcase(suite, tc);
    return suite;
}

TEST_MAIN(resolve_suite())
