/*
 * ClearTextureSubresources of MSAA textures and of planar depth, in both
 * implementations (test_async.h): natively, and through the fallback's MSAA
 * clear-and-copy (fallback/fb_clear_msaa.h: a private MSAA texture cleared through a
 * private view, then copied into the target) and its in-place clear
 * (fallback/fb_clear_inplace.h). Textures are poisoned with a legacy clear first;
 * their samples are read back through MIN and MAX resolves (equal results: every
 * sample holds the bytes) and compared with the value written out here, including
 * the closest value the legacy view clear takes where the exact one is impossible
 * (seed 000's known issue: integers above 2^24 round). The DDI spy shows the route.
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

static void pool_stats_of(struct test_context *t, struct rt_fallback_pool_stats *stats)
{
    rt_fallback_pool_stats(rt_device_from_iface(t->device), stats);
}

/* Every sample of every pixel of subresource `sub` of an MSAA texture holds `element`. */
#define check_msaa(t, texture, sub, element, size) check_msaa_(__LINE__, t, texture, sub, element, size)
static void check_msaa_(unsigned int line, struct test_context *t, ID3D12Resource *texture, UINT sub,
                        const unsigned char *element, size_t size)
{
    struct test_subresource_layout layout;
    unsigned char *data = read_msaa_(line, t, texture, sub, &layout);

    check_pixels_(line, data, NULL, &layout, element, size, NULL);
    free(data);
}

/* One desc through the list and the spy's view of the route: the native call; or on
 * the fallback the MSAA clear-and-copy: a private view, a barrier, the legacy clear
 * (with `rects` rects), a barrier, then `copies` copies from the private texture
 * (a subresource, not a buffer) into another, and nothing else written. */
#define clear_msaa_copy(ctx, t, desc, depth, rects, copies) \
    clear_msaa_copy_(__LINE__, ctx, t, desc, depth, rects, copies)
static void clear_msaa_copy_(unsigned int line, const struct async_ctx *ctx, struct test_context *t,
                             const D3D12_CLEAR_TEXTURE_DESC *desc, bool depth, UINT rects, UINT copies)
{
    const char *view = depth ? "CreateDepthStencilView" : "CreateRenderTargetView";
    const char *legacy = depth ? "ClearDepthStencilView" : "ClearRenderTargetView";
    struct ddi_spy_call call;
    void *dst, *src;
    int dst_type, src_type;
    char expected[16];
    size_t first, i;

    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(t), 1, desc);
    if (!async_fallback(ctx))
    {
        ck_assert_msg(async_spy_count(ctx, "ClearTextureSubresources") == 1 && !async_spy_count(ctx, legacy),
                      "line %u", line);
        return;
    }
    ck_assert_msg(!async_spy_count(ctx, "ClearTextureSubresources"), "line %u", line);
    ck_assert_msg(async_spy_count(ctx, view) == 1, "line %u: %zu views", line, async_spy_count(ctx, view));
    ck_assert_msg(async_spy_count(ctx, legacy) == 1, "line %u", line);
    ck_assert_msg(async_spy_count(ctx, "Barrier") == 2, "line %u: %zu barriers", line,
                  async_spy_count(ctx, "Barrier"));
    ck_assert_msg(async_spy_count(ctx, "CopyTextureRegion") == copies, "line %u: %zu copies, expected %u", line,
                  async_spy_count(ctx, "CopyTextureRegion"), copies);
    ck_assert_msg(!async_spy_count(ctx, "CopyBufferRegion"), "line %u", line);
    /* Barrier, clear, barrier, then the copies. */
    first = ddi_spy_find(ctx->spy, 0, "Barrier");
    ck_assert_uint_lt(ddi_spy_find(ctx->spy, 0, view), first);
    ck_assert_uint_eq(ddi_spy_find(ctx->spy, first, legacy), first + 1);
    ck_assert_uint_eq(ddi_spy_find(ctx->spy, first + 1, "Barrier"), first + 2);
    ck_assert(ddi_spy_get_call(ctx->spy, first + 1, &call));
    snprintf(expected, sizeof(expected), "rects=%u", rects);
    ck_assert_msg(strstr(call.args, expected), "line %u: %s", line, call.args);
    for (i = 0; i < copies; ++i)
    {
        ck_assert(ddi_spy_get_call(ctx->spy, first + 3 + i, &call));
        ck_assert_str_eq(call.name, "CopyTextureRegion");
        ck_assert_msg(sscanf(strstr(call.args, "dst="), "dst=%p type %d", &dst, &dst_type) == 2
                      && sscanf(strstr(call.args, "src="), "src=%p type %d", &src, &src_type) == 2, "%s", call.args);
        ck_assert_msg(dst != src && dst_type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX
                      && src_type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, "line %u: %s", line, call.args);
    }
}

/* ---- The MSAA clear-and-copy ------------------------------------------------------------ */

static const UINT sample_counts[] = {2, 4};

/* Colour formats: the value, the bytes a native clear stores, and the bytes the legacy
 * view clear stores (the same unless the value cannot pass through a float). */
static const struct
{
    DXGI_FORMAT format;
    D3D12_CLEAR_DATA value;
    size_t size;
    unsigned char native[16], view[16];
}
colour_cases[] =
{
    /* {1, 0.5, 0, 0.25}: ff 80 00 40. */
    {DXGI_FORMAT_R8G8B8A8_UNORM, {.Floats = {1.0f, 0.5f, 0.0f, 0.25f}}, 4,
     {0xff, 0x80, 0x00, 0x40}, {0xff, 0x80, 0x00, 0x40}},
    /* {1, -2, 0.5, 0}: halves 3c00 c000 3800 0000. */
    {DXGI_FORMAT_R16G16B16A16_FLOAT, {.Floats = {1.0f, -2.0f, 0.5f, 0.0f}}, 8,
     {0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0x00, 0x00}, {0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0x00, 0x00}},
    /* 0x1234 passes a float exactly. */
    {DXGI_FORMAT_R32_UINT, {.Uints = {0x1234}}, 4, {0x34, 0x12, 0x00, 0x00}, {0x34, 0x12, 0x00, 0x00}},
    /* 0x89abcdef does not: the view clear stores the float's 0x89abce00 (seed 000). */
    {DXGI_FORMAT_R32_UINT, {.Uints = {0x89abcdefu}}, 4, {0xef, 0xcd, 0xab, 0x89}, {0x00, 0xce, 0xab, 0x89}},
};

/* What a legacy view clear stores for a R32_UINT value: the integer through a float. */
START_TEST(test_view_clear_rounding_model)
{
    ck_assert_uint_eq((UINT)(float)0x89abcdefu, 0x89abce00u);
    ck_assert_uint_eq((UINT)(float)0x1234u, 0x1234u);
}
END_TEST

/* A render target whose layout the list does not know: the MSAA clear-and-copy, whole
 * and then a region (the device has programmable sample positions, so partial copies
 * are legal), for every colour case and sample count. */
ASYNC_TEST(test_clear_msaa_colour)
{
    static const D3D12_BOX box = {2, 1, 0, 7, 4, 1};
    static const D3D12_RECT rect = {2, 1, 7, 4};
    static const float poison[4] = {0.125f, 0.75f, 0.375f, 0.5f};
    const unsigned int c = _i % ARRAY_SIZE(colour_cases), s = _i / ARRAY_SIZE(colour_cases);
    struct test_subresource_layout layout;
    const unsigned char *expected;
    unsigned char *before, *after;
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *msaa;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    expected = async_fallback(ctx) ? colour_cases[c].view : colour_cases[c].native;
    msaa = clear_texture_2d(&t, colour_cases[c].format, 9, 6, 1, sample_counts[s],
                            D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    legacy_clear(&t, msaa, poison, 0.0f, 0);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = msaa;
    desc.ClearValue = colour_cases[c].value;
    clear_msaa_copy(ctx, &t, &desc, false, 0, 1);
    execute_and_wait(&t);
    after = read_msaa(&t, msaa, 0, &layout);
    check_pixels(after, NULL, &layout, expected, colour_cases[c].size, NULL);
    free(after);

    legacy_clear(&t, msaa, poison, 0.0f, 0);
    before = read_msaa(&t, msaa, 0, &layout);
    desc.pRegion = &box;
    clear_msaa_copy(ctx, &t, &desc, false, 1, 1);
    execute_and_wait(&t);
    after = read_msaa(&t, msaa, 0, &layout);
    check_pixels(after, before, &layout, expected, colour_cases[c].size, &rect);
    free(after);
    free(before);

    ID3D12Resource_Release(msaa);
    test_context_destroy(&t);
}

/* Every slice of a 2-slice 4x array through 0xFFFFFFFF: one clear, two copies; then
 * slice 1 alone, slice 0 untouched. */
ASYNC_TEST(test_clear_msaa_array)
{
    static const unsigned char first[] = {0xff, 0x80, 0x00, 0x40}, second[] = {0x00, 0xff, 0xff, 0xff};
    static const float zero[4];
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *msaa;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    msaa = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 5, 3, 2, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    legacy_clear(&t, msaa, zero, 0.0f, 0);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = msaa;
    desc.SubresourceIndex = 0xffffffffu;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.ClearValue.Floats[1] = 0.5f;
    desc.ClearValue.Floats[3] = 0.25f;
    clear_msaa_copy(ctx, &t, &desc, false, 0, 2);
    desc.SubresourceIndex = 1;
    desc.ClearValue.Floats[0] = 0.0f;
    desc.ClearValue.Floats[1] = desc.ClearValue.Floats[2] = desc.ClearValue.Floats[3] = 1.0f;
    clear_msaa_copy(ctx, &t, &desc, false, 0, 1);
    execute_and_wait(&t);
    check_msaa(&t, msaa, 0, first, 4);
    check_msaa(&t, msaa, 1, second, 4);

    ID3D12Resource_Release(msaa);
    test_context_destroy(&t);
}

/* Depth MSAA through the combined depth/stencil format: D32_FLOAT 0.25 (00 00 80 3e);
 * D24_UNORM_S8_UINT one plane at a time, depth 1.0 (ff ff ff 00) with the stencil plane
 * keeping its poison 0x33, then stencil 0x5a with the depth plane unchanged. */
ASYNC_TEST(test_clear_msaa_depth)
{
    static const unsigned char d32[] = {0x00, 0x00, 0x80, 0x3e}, d24[] = {0xff, 0xff, 0xff, 0x00};
    static const unsigned char s8[] = {0x5a}, s8_poison[] = {0x33};
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *depth, *ds;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    depth = clear_texture_2d(&t, DXGI_FORMAT_D32_FLOAT, 7, 5, 1, sample_counts[_i],
                             D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    ds = clear_texture_2d(&t, DXGI_FORMAT_D24_UNORM_S8_UINT, 7, 5, 1, sample_counts[_i],
                          D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    legacy_clear(&t, depth, NULL, 1.0f, 0);
    legacy_clear(&t, ds, NULL, 0.0f, 0x33);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = depth;
    desc.ClearValue.Floats[0] = 0.25f;
    clear_msaa_copy(ctx, &t, &desc, true, 0, 1);
    execute_and_wait(&t);
    check_msaa(&t, depth, 0, d32, 4);

    desc.pTexture = ds;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.ClearValue.Uints[1] = 0x5a;
    desc.SubresourceIndex = 0;
    clear_msaa_copy(ctx, &t, &desc, true, 0, 1);
    execute_and_wait(&t);
    check_msaa(&t, ds, 0, d24, 4);
    check_msaa(&t, ds, 1, s8_poison, 1);

    desc.SubresourceIndex = 1;
    clear_msaa_copy(ctx, &t, &desc, true, 0, 1);
    execute_and_wait(&t);
    check_msaa(&t, ds, 1, s8, 1);
    check_msaa(&t, ds, 0, d24, 4);

    ID3D12Resource_Release(ds);
    ID3D12Resource_Release(depth);
    test_context_destroy(&t);
}

/* Two clears of one shape in one recording share the recording's private texture (one
 * creation; the second clear's barrier waits for the first one's copies); after the
 * allocator's Reset the pool hands the same texture to the next recording. */
ASYNC_TEST(test_clear_msaa_private_textures)
{
    static const unsigned char red[] = {0xff, 0x00, 0x00, 0xff}, blue[] = {0x00, 0x00, 0xff, 0xff};
    struct rt_fallback_pool_stats stats;
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *a, *b;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    a = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 4, 1, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    b = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 4, 1, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = a;
    desc.ClearValue.Floats[0] = desc.ClearValue.Floats[3] = 1.0f;
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
    desc.pTexture = b;
    desc.ClearValue.Floats[0] = 0.0f;
    desc.ClearValue.Floats[2] = 1.0f;
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
    ck_assert_uint_eq(async_spy_count(ctx, "CreateHeapAndResource"), async_fallback(ctx) ? 1 : 0);
    ck_assert_uint_eq(async_spy_count(ctx, "ClearRenderTargetView"), async_fallback(ctx) ? 2 : 0);
    execute_and_wait(&t);
    check_msaa(&t, a, 0, red, 4);
    check_msaa(&t, b, 0, blue, 4);

    /* execute_and_wait reset the allocator: the texture is kept and taken again. */
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
    ck_assert_uint_eq(async_spy_count(ctx, "CreateHeapAndResource"), 0);
    pool_stats_of(&t, &stats);
    ck_assert_uint_eq(stats.reused, async_fallback(ctx) ? 1 : 0);
    execute_and_wait(&t);

    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    test_context_destroy(&t);
}

/* The private texture cannot be had: the list is removed as out of memory, nothing
 * recorded; after the allocator's and the list's Reset the same clear lands. */
ASYNC_TEST(test_clear_msaa_out_of_memory)
{
    static const unsigned char green[] = {0x00, 0xff, 0x00, 0xff};
    struct async_message message;
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *msaa;
    struct test_context t;

    async_enable_debug_layer();
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    msaa = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 2, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    memset(&desc, 0, sizeof(desc));
    desc.pTexture = msaa;
    desc.ClearValue.Floats[1] = desc.ClearValue.Floats[3] = 1.0f;

    rt_testing_fail_fallback_buffers(rt_device_from_iface(t.device), 1);
    async_clear_messages(t.device);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
    if (async_fallback(ctx))
    {
        check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY, &message);
        ck_assert_msg(strstr(message.text, "ClearTextureSubresources: out of memory"), "%s", message.text);
        ck_assert_uint_eq(async_spy_count(ctx, "ClearRenderTargetView"), 0);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion"), 0);
        check_close(t.list, E_OUTOFMEMORY);
        ck_assert_int_eq(ID3D12CommandAllocator_Reset(t.allocator), S_OK);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
        ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
    }
    execute_and_wait(&t);
    check_msaa(&t, msaa, 0, green, 4);

    ID3D12Resource_Release(msaa);
    test_context_destroy(&t);
}

/* MSAA on a compute list is the matrix's rejection: E_FAIL, the fallback's message. */
ASYNC_TEST(test_clear_msaa_compute_rejected)
{
    struct async_message message;
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *msaa;
    struct test_context t;

    if (!async_fallback(ctx))
        return;
    async_enable_debug_layer();
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    msaa = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    memset(&desc, 0, sizeof(desc));
    desc.pTexture = msaa;
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
    /* Nothing recorded (the format queries are device calls). */
    ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion") + async_spy_count(ctx, "Barrier")
                      + async_spy_count(ctx, "ClearRenderTargetView") + async_spy_count(ctx, "CreateHeapAndResource"), 0);
    check_close(t.list, E_FAIL);
    check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED,
                  &message);
    ck_assert_msg(!strcmp(message.text, "ClearTextureSubresources: desc 0: MSAA textures cannot be cleared on "
                          "compute lists"), "%s", message.text);
    ID3D12Resource_Release(msaa);
    test_context_destroy(&t);
}

/* ---- In place ---------------------------------------------------------------------------- */

/* One desc in place on the fallback: a private view of the app's texture, barrier,
 * legacy clear, barrier back, no copy. */
#define clear_in_place(ctx, t, desc, depth) clear_in_place_(__LINE__, ctx, t, desc, depth)
static void clear_in_place_(unsigned int line, const struct async_ctx *ctx, struct test_context *t,
                            const D3D12_CLEAR_TEXTURE_DESC *desc, bool depth)
{
    const char *view = depth ? "CreateDepthStencilView" : "CreateRenderTargetView";
    const char *legacy = depth ? "ClearDepthStencilView" : "ClearRenderTargetView";
    size_t first;

    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(t), 1, desc);
    ck_assert_msg(!async_spy_count(ctx, "CopyTextureRegion") && !async_spy_count(ctx, "CreateHeapAndResource"),
                  "line %u", line);
    if (!async_fallback(ctx))
    {
        ck_assert_msg(async_spy_count(ctx, "ClearTextureSubresources") == 1, "line %u", line);
        return;
    }
    ck_assert_msg(async_spy_count(ctx, "Barrier") == 2 && async_spy_count(ctx, view) == 1
                  && async_spy_count(ctx, legacy) == 1, "line %u", line);
    first = ddi_spy_find(ctx->spy, 0, "Barrier");
    ck_assert_uint_eq(ddi_spy_find(ctx->spy, first, legacy), first + 1);
    ck_assert_uint_eq(ddi_spy_find(ctx->spy, first + 1, "Barrier"), first + 2);
}

/* An MSAA render target the list put in COPY_DEST: in place, exact values, and an
 * integer above 2^24 that the view clear rounds (the closest value, no message). */
ASYNC_TEST(test_clear_in_place_msaa)
{
    static const unsigned char rgba8[] = {0xff, 0x80, 0x00, 0x40};
    const unsigned int c = 3;   /* R32_UINT 0x89abcdef */
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *rt, *uint_rt;
    struct test_context t;

    async_enable_debug_layer();
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    rt = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 6, 5, 1, sample_counts[_i],
                          D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    uint_rt = clear_texture_2d(&t, DXGI_FORMAT_R32_UINT, 6, 5, 1, sample_counts[_i],
                               D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);

    app_barrier(&t, rt, D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_COPY_DEST);
    app_barrier(&t, uint_rt, D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_COPY_DEST);
    memset(&desc, 0, sizeof(desc));
    desc.pTexture = rt;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.ClearValue.Floats[1] = 0.5f;
    desc.ClearValue.Floats[3] = 0.25f;
    clear_in_place(ctx, &t, &desc, false);
    desc.pTexture = uint_rt;
    desc.ClearValue = colour_cases[c].value;
    async_clear_messages(t.device);
    clear_in_place(ctx, &t, &desc, false);
    check_no_message(t.device, D3D12_MESSAGE_SEVERITY_WARNING);
    app_barrier(&t, rt, D3D12_BARRIER_LAYOUT_COPY_DEST, D3D12_BARRIER_LAYOUT_COMMON);
    app_barrier(&t, uint_rt, D3D12_BARRIER_LAYOUT_COPY_DEST, D3D12_BARRIER_LAYOUT_COMMON);
    execute_and_wait(&t);

    check_msaa(&t, rt, 0, rgba8, 4);
    check_msaa(&t, uint_rt, 0, async_fallback(ctx) ? colour_cases[c].view : colour_cases[c].native, 4);

    ID3D12Resource_Release(uint_rt);
    ID3D12Resource_Release(rt);
    test_context_destroy(&t);
}

/* A single-sample D24_UNORM_S8_UINT depth-stencil texture in COPY_DEST: in place one
 * plane at a time (a DSV clear of depth, then of stencil), each leaving the other plane. */
ASYNC_TEST(test_clear_in_place_planar_depth)
{
    static const unsigned char d24[] = {0xff, 0xff, 0xff, 0x00}, s8[] = {0x5a};
    struct test_subresource_layout layout, stencil_layout;
    unsigned char *stencil_poison, *data;
    D3D12_CLEAR_TEXTURE_DESC desc;
    struct test_context t;
    ID3D12Resource *ds;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ds = clear_texture_2d(&t, DXGI_FORMAT_D24_UNORM_S8_UINT, 12, 5, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    poison_texture(&t, ds, 60);
    get_subresource_layout(t.device, ds, 1, &stencil_layout);
    ck_assert_ptr_nonnull(stencil_poison = malloc(stencil_layout.packed_size));
    fill_pattern(stencil_poison, stencil_layout.packed_size, 61);
    upload_texture_data(&t, ds, 1, stencil_poison);

    app_barrier(&t, ds, D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_COPY_DEST);
    memset(&desc, 0, sizeof(desc));
    desc.pTexture = ds;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.ClearValue.Uints[1] = 0x5a;
    desc.SubresourceIndex = 0;
    clear_in_place(ctx, &t, &desc, true);
    app_barrier(&t, ds, D3D12_BARRIER_LAYOUT_COPY_DEST, D3D12_BARRIER_LAYOUT_COMMON);
    execute_and_wait(&t);
    data = read_subresource(&t, ds, 0, &layout);
    check_pixels(data, NULL, &layout, d24, 4, NULL);
    free(data);
    data = read_subresource(&t, ds, 1, &stencil_layout);
    check_bytes(data, stencil_poison, stencil_layout.packed_size, "stencil after the depth plane");
    free(data);

    app_barrier(&t, ds, D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_COPY_DEST);
    desc.SubresourceIndex = 1;
    clear_in_place(ctx, &t, &desc, true);
    app_barrier(&t, ds, D3D12_BARRIER_LAYOUT_COPY_DEST, D3D12_BARRIER_LAYOUT_COMMON);
    execute_and_wait(&t);
    data = read_subresource(&t, ds, 1, &stencil_layout);
    check_pixels(data, NULL, &stencil_layout, s8, 1, NULL);
    free(data);
    data = read_subresource(&t, ds, 0, &layout);
    check_pixels(data, NULL, &layout, d24, 4, NULL);
    free(data);

    free(stencil_poison);
    ID3D12Resource_Release(ds);
    test_context_destroy(&t);
}

static Suite *async_clear_texture_msaa_suite(void)
{
    Suite *suite = suite_create("async_clear_texture_msaa");
    struct async_tcases tcases;
    TCase *model = tcase_create("model");

    tcase_add_test(model, test_view_clear_rounding_model);
    suite_add_tcase(suite, model);
    async_tcases_create(suite, "clear_msaa", &tcases);
    async_tcase_add_loop(&tcases, test_clear_msaa_colour, 0, ARRAY_SIZE(colour_cases) * ARRAY_SIZE(sample_counts));
    async_tcase_add(&tcases, test_clear_msaa_array);
    async_tcase_add_loop(&tcases, test_clear_msaa_depth, 0, ARRAY_SIZE(sample_counts));
    async_tcase_add(&tcases, test_clear_msaa_private_textures);
    async_tcase_add(&tcases, test_clear_msaa_out_of_memory);
    async_tcase_add(&tcases, test_clear_msaa_compute_rejected);
    async_tcase_add_loop(&tcases, test_clear_in_place_msaa, 0, ARRAY_SIZE(sample_counts));
    async_tcase_add(&tcases, test_clear_in_place_planar_depth);
    return suite;
}

int main(void)
{
    return test_run_suites(async_clear_texture_msaa_suite(), NULL);
}
