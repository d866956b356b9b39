/*
 * The bound clears' routes (seed 000's matrix), each test natively and with the fallback
 * forced: poisoned targets read back against bytes written out here. Inside render
 * passes the fallback draws; outside, whole-view float and depth clears take the legacy
 * shortcut and the rest draws, or, where drawing is impossible, takes the legacy clear
 * with the closest value. The spy shows which: DrawInstanced, ClearRenderTargetView and
 * ClearDepthStencilView on the fallback, the driver's own bound clear natively.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async_bound_clear.h"
#include "test_async_clear_texture.h"
#include "test_draw_util.h"
#include "test_run.h"
#include "d3d12ddi.h"   /* the PRESERVE_LOCAL access types the public headers lack */

#include <check.h>
#include <stdlib.h>
#include <string.h>

static const D3D12_RECT whole_rect = {0, 0, SIZE, SIZE};

/* The spy's count of the route's calls: draws, legacy colour clears, legacy depth clears
 * on the fallback; the driver's bound clear natively. In both modes no barrier (the
 * clears stay in the render-target and depth scopes), no descriptor heap and no
 * predication change. */
#define check_route(ctx, draws, rtv_clears, dsv_clears, native_name, native_count) \
    check_route_(__LINE__, ctx, draws, rtv_clears, dsv_clears, native_name, native_count)
static void check_route_(unsigned int line, const struct async_ctx *ctx, size_t draws, size_t rtv_clears,
                         size_t dsv_clears, const char *native_name, size_t native_count)
{
    ck_assert_msg(!async_spy_count(ctx, "Barrier") && !async_spy_count(ctx, "ResourceBarrier"), "line %u: barriers",
                  line);
    ck_assert_msg(!async_spy_count(ctx, "SetDescriptorHeaps") && !async_spy_count(ctx, "SetPredication"),
                  "line %u: heaps or predication set", line);
    if (!async_fallback(ctx))
    {
        ck_assert_msg(async_spy_count(ctx, native_name) == native_count, "line %u: %zu %s", line,
                      async_spy_count(ctx, native_name), native_name);
        ck_assert_msg(!async_spy_count(ctx, "DrawInstanced"), "line %u: draws natively", line);
        return;
    }
    ck_assert_msg(async_spy_count(ctx, "DrawInstanced") == draws, "line %u: %zu draws, expected %zu", line,
                  async_spy_count(ctx, "DrawInstanced"), draws);
    ck_assert_msg(async_spy_count(ctx, "ClearRenderTargetView") == rtv_clears, "line %u: %zu RTV clears, expected "
                  "%zu", line, async_spy_count(ctx, "ClearRenderTargetView"), rtv_clears);
    ck_assert_msg(async_spy_count(ctx, "ClearDepthStencilView") == dsv_clears, "line %u: %zu DSV clears, expected "
                  "%zu", line, async_spy_count(ctx, "ClearDepthStencilView"), dsv_clears);
}

static void rtv_of(struct test_context *t, ID3D12Resource *resource, DXGI_FORMAT format, UINT slices,
                   D3D12_CPU_DESCRIPTOR_HANDLE handle)
{
    D3D12_RENDER_TARGET_VIEW_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Format = format;
    desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DARRAY;
    desc.Texture2DArray.ArraySize = slices;
    ID3D12Device_CreateRenderTargetView(t->device, resource, &desc, handle);
}

static D3D12_RENDER_PASS_RENDER_TARGET_DESC pass_target(D3D12_CPU_DESCRIPTOR_HANDLE handle,
                                                        D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE begin)
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.cpuDescriptor = handle;
    desc.BeginningAccess.Type = begin;
    desc.EndingAccess.Type = begin == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS
            ? D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_NO_ACCESS : D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE;
    return desc;
}

static D3D12_RENDER_PASS_DEPTH_STENCIL_DESC pass_depth(D3D12_CPU_DESCRIPTOR_HANDLE handle,
                                                       D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE depth,
                                                       D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE stencil)
{
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.cpuDescriptor = handle;
    desc.DepthBeginningAccess.Type = depth;
    desc.StencilBeginningAccess.Type = stencil;
    desc.DepthEndingAccess.Type = depth == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS
            ? D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_NO_ACCESS : D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE;
    desc.StencilEndingAccess.Type = stencil == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS
            ? D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_NO_ACCESS : D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE;
    return desc;
}

/* Integers above 2^24 land bit-exact through the draws: a whole two-slice UINT view and a
 * region of a SINT target, outside a pass (no shortcut for integer formats). */
ASYNC_TEST(test_bound_clear_integers_exact)
{
    static const D3D12_BOX region = {1, 2, 0, 5, 7, 1};
    static const INT32 sints[4] = {-0x7654321, 0x7fffffff, -2147483647 - 1, 0x1000001};
    static const UINT32 uints[4] = {0x89abcdefu, 0xffffffffu, 0x01000001u, 7};
    D3D12_CLEAR_DATA values[1];
    const D3D12_BOX *regions[1] = {&region};
    D3D12_CPU_DESCRIPTOR_HANDLE start, rtvs[2];
    unsigned char *before[3];
    ID3D12DescriptorHeap *rtv_heap;
    ID3D12Resource *u, *s;
    struct test_context t;
    UINT count = 1, i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    u = target(&t, DXGI_FORMAT_R32G32B32A32_UINT, 2, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    s = target(&t, DXGI_FORMAT_R32G32B32A32_SINT, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    poison_texture(&t, u, 21);
    poison_texture(&t, s, 22);
    for (i = 0; i < 2; ++i)
        before[i] = read_sub(&t, u, i, NULL);
    before[2] = read_sub(&t, s, 0, NULL);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2, &start);
    rtvs[0] = start;
    rtvs[1] = handle_at(&t, start, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1);
    rtv_of(&t, u, DXGI_FORMAT_R32G32B32A32_UINT, 2, rtvs[0]);
    ID3D12Device_CreateRenderTargetView(t.device, s, NULL, rtvs[1]);

    async_spy_clear(ctx);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &rtvs[0], FALSE, NULL);
    values[0] = (D3D12_CLEAR_DATA){.Uints = {uints[0], uints[1], uints[2], uints[3]}};
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, values, NULL, NULL);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &rtvs[1], FALSE, NULL);
    memcpy(values[0].Sints, sints, sizeof(sints));
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, values, &count, regions);
    check_route(ctx, 3, 0, 0, "ClearBoundRenderTargetViews", 2);
    execute_and_wait(&t);
    for (i = 0; i < 2; ++i)
    {
        set_texels(before[i], uints, sizeof(uints), 0, 0, SIZE, SIZE);
        check_sub(&t, u, i, before[i]);
    }
    set_texels(before[2], sints, sizeof(sints), 1, 2, 5, 7);
    check_sub(&t, s, 0, before[2]);
    for (i = 0; i < 3; ++i)
        free(before[i]);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(s);
    ID3D12Resource_Release(u);
    test_context_destroy(&t);
}

/* Outside a pass whole-view float clears with plain values and whole-view depth clears
 * take the legacy shortcut, through private views written once per view and recording;
 * a subnormal value or a region draws instead. */
ASYNC_TEST(test_bound_clear_legacy_shortcut)
{
    static const UINT8 unorm[4] = {0x40, 0x80, 0xc0, 0xff};
    static const D3D12_BOX corner = {0, 0, 0, 3, 3, 1};
    const D3D12_BOX *regions[2] = {NULL, &corner};
    const float subnormal = 1e-40f, half = 0.5f;
    D3D12_CPU_DESCRIPTOR_HANDLE start, rtvs[2], dsv;
    unsigned char *before_a, *before_b, *before_d;
    ID3D12DescriptorHeap *rtv_heap, *dsv_heap;
    UINT region_counts[2] = {0, 1};
    ID3D12Resource *a, *b, *d;
    D3D12_CLEAR_DATA values[2];
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    a = poisoned_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 31, &before_a);
    b = poisoned_target(&t, DXGI_FORMAT_R32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 32, &before_b);
    d = poisoned_target(&t, DXGI_FORMAT_D32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, 33, &before_d);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2, &start);
    rtvs[0] = start;
    rtvs[1] = handle_at(&t, start, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1);
    ID3D12Device_CreateRenderTargetView(t.device, a, NULL, rtvs[0]);
    ID3D12Device_CreateRenderTargetView(t.device, b, NULL, rtvs[1]);
    dsv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, &dsv);
    ID3D12Device_CreateDepthStencilView(t.device, d, NULL, dsv);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 2, rtvs, FALSE, &dsv);

    values[0] = (D3D12_CLEAR_DATA){.Floats = {0x40 / 255.0f, 0x80 / 255.0f, 0xc0 / 255.0f, 1.0f}};
    values[1] = (D3D12_CLEAR_DATA){.Floats = {half, 0.0f, 0.0f, 0.0f}};
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 0x3, values, NULL, NULL);
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), D3D12_CLEAR_FLAG_DEPTH, 0.25f, 0, 0, NULL);
    check_route(ctx, 0, 2, 1, "ClearBoundRenderTargetViews", 1);
    check_route(ctx, 0, 2, 1, "ClearBoundDepthStencilView", 1);
    /* The same views again: the recording's private views serve, none is written. */
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 0x3, values, NULL, NULL);
    ck_assert_uint_eq(async_spy_count(ctx, "CreateRenderTargetView"), async_fallback(ctx) ? 2 : 0);
    ck_assert_uint_eq(async_spy_count(ctx, "CreateDepthStencilView"), async_fallback(ctx) ? 1 : 0);
    check_route(ctx, 0, 4, 1, "ClearBoundRenderTargetViews", 2);

    /* A subnormal can only be stored exactly by a draw; so can a region. */
    async_spy_clear(ctx);
    values[1] = (D3D12_CLEAR_DATA){.Floats = {subnormal, 0.0f, 0.0f, 0.0f}};
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 0x2, values, NULL, NULL);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 0x3, values, region_counts, regions);
    check_route(ctx, 3, 0, 0, "ClearBoundRenderTargetViews", 2);
    execute_and_wait(&t);

    set_texels(before_a, unorm, 4, 0, 0, SIZE, SIZE);
    check_sub(&t, a, 0, before_a);
    set_texels(before_b, &subnormal, 4, 0, 0, SIZE, SIZE);
    check_sub(&t, b, 0, before_b);
    set_texels(before_d, &(float){0.25f}, 4, 0, 0, SIZE, SIZE);
    check_sub(&t, d, 0, before_d);
    free(before_a);
    free(before_b);
    free(before_d);
    ID3D12DescriptorHeap_Release(dsv_heap);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(d);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    test_context_destroy(&t);
}

/* The shortcut's bytes: whole-view clears of a UNORM and a FLOAT16 target with values
 * that round in the format land as the driver's own conversion stores them (0.5 to
 * 0x80, 1/3 to 0x55; half floats 0x3800, 0xc000, 0x3555, 0x7bff), the legacy clear
 * taking the app's floats unchanged (the spy shows them). */
ASYNC_TEST(test_bound_clear_shortcut_bytes)
{
    static const UINT8 unorm[4] = {0x80, 0x40, 0x55, 0xff};
    static const UINT16 half[4] = {0x3800, 0xc000, 0x3555, 0x7bff};
    const D3D12_CLEAR_DATA values[2] = {{.Floats = {0.5f, 0.25f, 1.0f / 3.0f, 1.0f}},
                                        {.Floats = {0.5f, -2.0f, 1.0f / 3.0f, 65504.0f}}};
    D3D12_CPU_DESCRIPTOR_HANDLE start, rtvs[2];
    unsigned char *before[2];
    ID3D12DescriptorHeap *rtv_heap;
    ID3D12Resource *u, *f;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    u = poisoned_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 34, &before[0]);
    f = poisoned_target(&t, DXGI_FORMAT_R16G16B16A16_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 35,
                        &before[1]);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2, &start);
    rtvs[0] = start;
    rtvs[1] = handle_at(&t, start, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1);
    ID3D12Device_CreateRenderTargetView(t.device, u, NULL, rtvs[0]);
    ID3D12Device_CreateRenderTargetView(t.device, f, NULL, rtvs[1]);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 2, rtvs, FALSE, NULL);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 0x3, values, NULL, NULL);
    check_route(ctx, 0, 2, 0, "ClearBoundRenderTargetViews", 1);
    if (async_fallback(ctx))
    {
        ck_assert_uint_eq(spy_count_with(ctx, "ClearRenderTargetView", "color=(0.5, 0.25, 0.333333, 1)"), 1);
        ck_assert_uint_eq(spy_count_with(ctx, "ClearRenderTargetView", "color=(0.5, -2, 0.333333, 65504)"), 1);
    }
    execute_and_wait(&t);
    set_texels(before[0], unorm, sizeof(unorm), 0, 0, SIZE, SIZE);
    check_sub(&t, u, 0, before[0]);
    set_texels(before[1], half, sizeof(half), 0, 0, SIZE, SIZE);
    check_sub(&t, f, 0, before[1]);
    free(before[0]);
    free(before[1]);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(f);
    ID3D12Resource_Release(u);
    test_context_destroy(&t);
}

/* Inside a pass slot i is the i-th target the pass binds: targets beginning NO_ACCESS,
 * PRESERVE_LOCAL_SRV or PRESERVE_LOCAL_UAV are not bound and the later ones move down (a
 * pass before this one ends the local ones so). Slot i of the mask gets 0x1000 + i; a
 * slot past the bound ones is skipped; unbound targets are untouched. */
static void check_pass_slots(struct async_ctx *ctx, UINT count, const UINT *begins, UINT mask, bool emulated)
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC ending[4], beginning[4];
    D3D12_CPU_DESCRIPTOR_HANDLE start, rtvs[4];
    UINT i, bound = 0, draws = 0, value;
    ID3D12DescriptorHeap *rtv_heap;
    D3D12_CLEAR_DATA values[4];
    unsigned char *before[4];
    ID3D12Resource *textures[4];
    struct test_context t;
    bool local = false;

    if (emulated)
        async_use_emulated_render_passes(ctx);
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, count, &start);
    for (i = 0; i < count; ++i)
    {
        textures[i] = poisoned_target(&t, DXGI_FORMAT_R32_UINT, 1,
                                      D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 40 + i, &before[i]);
        rtvs[i] = handle_at(&t, start, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, i);
        ID3D12Device_CreateRenderTargetView(t.device, textures[i], NULL, rtvs[i]);
        beginning[i] = pass_target(rtvs[i], (D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE)begins[i]);
        ending[i] = pass_target(rtvs[i], D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE);
        values[i] = (D3D12_CLEAR_DATA){.Uints = {0x1000 + i}};
        if (begins[i] == (UINT)D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_SRV
                || begins[i] == (UINT)D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_UAV)
        {
            /* The ending and beginning local types share their values. */
            ending[i].EndingAccess.Type = (D3D12_RENDER_PASS_ENDING_ACCESS_TYPE)begins[i];
            local = true;
            continue;
        }
        if (begins[i] == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS)
            continue;
        /* Bound: the next slot. */
        if (mask & (1u << bound))
        {
            value = 0x1000 + bound;
            set_texels(before[i], &value, 4, 0, 0, SIZE, SIZE);
            ++draws;
        }
        ++bound;
    }
    if (local)
    {
        ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), count, ending, NULL, D3D12_RENDER_PASS_FLAG_NONE);
        ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
    }
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), count, beginning, NULL, D3D12_RENDER_PASS_FLAG_NONE);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), mask, values, NULL, NULL);
    ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
    check_route(ctx, draws, 0, 0, "ClearBoundRenderTargetViews", 1);
    execute_and_wait(&t);
    for (i = 0; i < count; ++i)
    {
        check_sub(&t, textures[i], 0, before[i]);
        free(before[i]);
        ID3D12Resource_Release(textures[i]);
    }
    ID3D12DescriptorHeap_Release(rtv_heap);
    test_context_destroy(&t);
}

/* Of three targets the middle one NO_ACCESS: slots 0 and 1 are the first and the third,
 * slot 2 is past the bound ones; with the driver's render passes (_i 0) and the
 * runtime's emulation (_i 1), which binds with the same numbering. */
ASYNC_TEST(test_bound_clear_pass_slots)
{
    static const UINT begins[3] = {D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE,
                                   D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS,
                                   D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE};

    check_pass_slots(ctx, 3, begins, 0x7, _i);
}

/* PRESERVE_LOCAL_SRV and _UAV targets first and third of four: slots 0 and 1 are the
 * second and the fourth (driver passes and emulated ones, as above). */
ASYNC_TEST(test_bound_clear_pass_slots_local)
{
    static const UINT begins[4] = {(UINT)D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_SRV,
                                   D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE,
                                   (UINT)D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_UAV,
                                   D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE};

    check_pass_slots(ctx, 4, begins, 0x3, _i);
}

/* Array slices inside a pass: a region over slices 1..2 of a three-slice view is one draw
 * per slice (SV_RenderTargetArrayIndex), slice 0 untouched; an empty slice range draws
 * nothing. */
ASYNC_TEST(test_bound_clear_pass_array)
{
    static const D3D12_BOX boxes[2] = {{1, 1, 1, 7, 6, 3}, {0, 0, 2, 8, 8, 2}};
    static const UINT8 green[4] = {0x00, 0xff, 0x00, 0xff};
    D3D12_CLEAR_DATA value = {.Floats = {0.0f, 1.0f, 0.0f, 1.0f}};
    const D3D12_BOX *regions[1] = {boxes};
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    ID3D12DescriptorHeap *rtv_heap;
    unsigned char *before[3];
    ID3D12Resource *texture;
    struct test_context t;
    UINT count = 2, i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 3, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    poison_texture(&t, texture, 50);
    for (i = 0; i < 3; ++i)
        before[i] = read_sub(&t, texture, i, NULL);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, &rtv);
    rtv_of(&t, texture, DXGI_FORMAT_R8G8B8A8_UNORM, 3, rtv);
    rt = pass_target(rtv, D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), 1, &rt, NULL, D3D12_RENDER_PASS_FLAG_NONE);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, &count, regions);
    ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
    check_route(ctx, 2, 0, 0, "ClearBoundRenderTargetViews", 1);
    execute_and_wait(&t);
    for (i = 0; i < 3; ++i)
    {
        if (i)
            set_texels(before[i], green, 4, 1, 1, 7, 6);
        check_sub(&t, texture, i, before[i]);
        free(before[i]);
    }
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}

/* 2x and 4x render targets, a region outside a pass and the whole view inside one: every
 * sample holds the value (MIN and MAX resolves agree). */
ASYNC_TEST(test_bound_clear_msaa)
{
    static const UINT8 value_bytes[4] = {0xff, 0x00, 0x00, 0xff}, blue[4] = {0x00, 0x00, 0xff, 0xff};
    static const D3D12_BOX region = {2, 3, 0, 6, 8, 1};
    static const D3D12_RECT rect = {2, 3, 6, 8};
    static const UINT samples[2] = {2, 4};
    const D3D12_BOX *regions[1] = {&region};
    D3D12_CLEAR_DATA value = {.Floats = {1.0f, 0.0f, 0.0f, 1.0f}};
    D3D12_CLEAR_DATA second = {.Floats = {0.0f, 0.0f, 1.0f, 1.0f}};
    struct test_subresource_layout layout;
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    ID3D12DescriptorHeap *rtv_heap;
    ID3D12Resource *texture;
    unsigned char *got, *before;
    struct test_context t;
    UINT count = 1, i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, &rtv);
    for (i = 0; i < ARRAY_SIZE(samples); ++i)
    {
        texture = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, SIZE, SIZE, 1, samples[i],
                                   D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
        legacy_clear(&t, texture, (const float[4]){0.0f, 1.0f, 0.0f, 1.0f}, 0.0f, 0);
        before = read_msaa(&t, texture, 0, &layout);
        ID3D12Device_CreateRenderTargetView(t.device, texture, NULL, rtv);
        ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &rtv, FALSE, NULL);
        async_spy_clear(ctx);
        ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, &count, regions);
        check_route(ctx, 1, 0, 0, "ClearBoundRenderTargetViews", 1);
        execute_and_wait(&t);
        got = read_msaa(&t, texture, 0, &layout);
        check_pixels(got, before, &layout, value_bytes, 4, &rect);
        free(got);

        rt = pass_target(rtv, D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE);
        ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), 1, &rt, NULL, D3D12_RENDER_PASS_FLAG_NONE);
        ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &second, NULL, NULL);
        ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
        execute_and_wait(&t);
        got = read_msaa(&t, texture, 0, &layout);
        check_pixels(got, NULL, &layout, blue, 4, &whole_rect);
        free(got);
        free(before);
        ID3D12Resource_Release(texture);
    }
    ID3D12DescriptorHeap_Release(rtv_heap);
    test_context_destroy(&t);
}

/* Regions are clipped to the target (one reaching past the right edge) and empty ones
 * skipped (zero width, wholly outside). */
ASYNC_TEST(test_bound_clear_regions_clipped_and_skipped)
{
    static const D3D12_BOX boxes[3] = {{5, 6, 0, 12, 40, 1}, {2, 2, 0, 2, 8, 1}, {9, 0, 0, 12, 4, 1}};
    static const UINT32 value_bits = 0x5eed5eedu;
    D3D12_CLEAR_DATA value = {.Uints = {value_bits, 0, 0, 0}};
    const D3D12_BOX *regions[1] = {boxes};
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    ID3D12DescriptorHeap *rtv_heap;
    ID3D12Resource *texture;
    unsigned char *before;
    struct test_context t;
    UINT count = 3;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = poisoned_target(&t, DXGI_FORMAT_R32_UINT, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 60, &before);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, &rtv);
    ID3D12Device_CreateRenderTargetView(t.device, texture, NULL, rtv);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &rtv, FALSE, NULL);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, &count, regions);
    check_route(ctx, 1, 0, 0, "ClearBoundRenderTargetViews", 1);
    execute_and_wait(&t);
    set_texels(before, &value_bits, 4, 5, 6, SIZE, SIZE);
    check_sub(&t, texture, 0, before);
    free(before);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}

/* A region of an 8x8 output past a 4x4 one bound beside it cannot be drawn, nor one of
 * outputs with different sample counts (an 8x8 4x target beside). Outside a pass the
 * fallback takes the legacy clear (exact for UNORM colour and a D32 depth of 0.5); inside
 * a pass it removes the list with E_FAIL. _i 0: clearing the 8x8 colour target (bound
 * with the other in slot 1); _i 1: clearing the 8x8 D32 view with the other in slot 0. */
static void check_undrawable(const struct async_ctx *ctx, UINT small_size, UINT small_samples, bool depth)
{
    static const UINT8 red[4] = {0xff, 0x00, 0x00, 0xff};
    static const float half = 0.5f;
    static const D3D12_BOX region = {3, 3, 0, 7, 7, 1};
    static const D3D12_RECT rect = {3, 3, 7, 7};
    D3D12_CLEAR_DATA value = {.Floats = {1.0f, 0.0f, 0.0f, 1.0f}};
    const D3D12_BOX *regions[1] = {&region};
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC pass_ds;
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rts[2];
    D3D12_CPU_DESCRIPTOR_HANDLE start, rtvs[2], dsv;
    ID3D12DescriptorHeap *rtv_heap, *dsv_heap;
    struct test_subresource_layout layout;
    ID3D12Resource *big, *small;
    unsigned char *before, *got;
    struct test_context t;
    UINT count = 1, rt_count = depth ? 1 : 2, pass;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    big = depth ? target(&t, DXGI_FORMAT_D32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)
            : target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    small = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, small_size, small_size, 1, small_samples,
                             D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    poison_texture(&t, big, 70);
    before = read_subresource(&t, big, 0, &layout);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2, &start);
    dsv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, &dsv);
    rtvs[0] = start;
    rtvs[1] = handle_at(&t, start, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1);
    if (depth)
        ID3D12Device_CreateDepthStencilView(t.device, big, NULL, dsv);
    else
        ID3D12Device_CreateRenderTargetView(t.device, big, NULL, rtvs[0]);
    ID3D12Device_CreateRenderTargetView(t.device, small, NULL, rtvs[rt_count - 1]);
    for (pass = 0; pass < 2; ++pass)
    {
        if (pass)
        {
            rts[0] = pass_target(rtvs[0], D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE);
            rts[1] = pass_target(rtvs[1], D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE);
            pass_ds = pass_depth(dsv, D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE,
                                 D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS);
            ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), rt_count, rts, depth ? &pass_ds : NULL,
                                                        D3D12_RENDER_PASS_FLAG_NONE);
        }
        else
        {
            ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, rt_count, rtvs, FALSE, depth ? &dsv : NULL);
        }
        async_spy_clear(ctx);
        if (depth)
            ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), D3D12_CLEAR_FLAG_DEPTH, half, 0,
                                                                   1, &region);
        else
            ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, &count, regions);
        if (pass)
        {
            ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
            check_close(t.list, async_fallback(ctx) ? E_FAIL : S_OK);
            break;
        }
        if (depth)
            check_route(ctx, 0, 0, 1, "ClearBoundDepthStencilView", 1);
        else
            check_route(ctx, 0, 1, 0, "ClearBoundRenderTargetViews", 1);
        execute_and_wait(&t);
        got = read_subresource(&t, big, 0, &layout);
        check_pixels(got, before, &layout, depth ? (const UINT8 *)&half : red, 4, &rect);
        free(got);
    }
    free(before);
    ID3D12DescriptorHeap_Release(dsv_heap);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(small);
    ID3D12Resource_Release(big);
    test_context_destroy(&t);
}

ASYNC_TEST(test_bound_clear_past_smallest_output)
{
    check_undrawable(ctx, 4, 1, _i);
}

ASYNC_TEST(test_bound_clear_mixed_sample_counts)
{
    check_undrawable(ctx, SIZE, 4, _i);
}

/* D24_UNORM_S8_UINT inside a pass: depth only, then stencil only over another region,
 * then both over a third; each plane read back. D32_FLOAT: a stencil flag is dropped. */
ASYNC_TEST(test_bound_clear_depth_stencil_planes)
{
    static const D3D12_BOX a = {0, 0, 0, 4, 4, 1}, b = {2, 2, 0, 8, 6, 1}, c = {0, 6, 0, 8, 8, 1};
    static const UINT8 quarter[4] = {0x00, 0x00, 0x40}, one[4] = {0xff, 0xff, 0xff}, s_b = 0x7e, s_c = 0x01;
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC pass;
    unsigned char *depth, *stencil, *d32;
    D3D12_CPU_DESCRIPTOR_HANDLE start, dsvs[2];
    ID3D12DescriptorHeap *dsv_heap;
    ID3D12Resource *ds, *d;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ds = poisoned_target(&t, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, 80, &depth);
    d = poisoned_target(&t, DXGI_FORMAT_D32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, 81, &d32);
    stencil = read_sub(&t, ds, 1, NULL);
    dsv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 2, &start);
    dsvs[0] = start;
    dsvs[1] = handle_at(&t, start, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1);
    ID3D12Device_CreateDepthStencilView(t.device, ds, NULL, dsvs[0]);
    ID3D12Device_CreateDepthStencilView(t.device, d, NULL, dsvs[1]);

    async_spy_clear(ctx);
    pass = pass_depth(dsvs[0], D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE,
                      D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE);
    ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), 0, NULL, &pass, D3D12_RENDER_PASS_FLAG_NONE);
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), D3D12_CLEAR_FLAG_DEPTH, 0.25f, 0x99, 1, &a);
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), D3D12_CLEAR_FLAG_STENCIL, 0.75f, s_b, 1, &b);
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t),
            D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL, 2.0f, s_c, 1, &c);
    ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
    pass = pass_depth(dsvs[1], D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE,
                      D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS);
    ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), 0, NULL, &pass, D3D12_RENDER_PASS_FLAG_NONE);
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t),
            D3D12_CLEAR_FLAG_DEPTH, 0.125f, 0, 1, &b);
    ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
    check_route(ctx, 4, 0, 0, "ClearBoundDepthStencilView", 4);
    execute_and_wait(&t);

    set_texels(stencil, &s_b, 1, 2, 2, 8, 6);
    set_texels(stencil, &s_c, 1, 0, 6, 8, 8);
    check_sub(&t, ds, 1, stencil);
    set_texels(depth, quarter, 4, 0, 0, 4, 4);
    set_texels(depth, one, 4, 0, 6, 8, 8);
    check_depth24(&t, ds, depth);
    set_texels(d32, &(float){0.125f}, 4, 2, 2, 8, 6);
    check_sub(&t, d, 0, d32);
    free(depth);
    free(stencil);
    free(d32);
    ID3D12DescriptorHeap_Release(dsv_heap);
    ID3D12Resource_Release(d);
    ID3D12Resource_Release(ds);
    test_context_destroy(&t);
}

/* Refusals of bad input, E_INVALIDARG in both modes before any route: a read-only plane,
 * a plane a pass begins NO_ACCESS (bound for the other plane, and not bound at all);
 * E_FAIL between a suspending and the resuming pass (seed 000). */
enum refusal
{
    REFUSE_READ_ONLY,
    REFUSE_NO_ACCESS_DEPTH,
    REFUSE_NO_ACCESS_BOTH,
    REFUSE_SUSPENDED,
};

static void check_refusal(const struct async_ctx *ctx, enum refusal refusal)
{
    D3D12_CLEAR_DATA value = {.Floats = {1.0f, 1.0f, 1.0f, 1.0f}};
    D3D12_DEPTH_STENCIL_VIEW_DESC view;
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC pass;
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;
    D3D12_CPU_DESCRIPTOR_HANDLE dsv, rtv;
    ID3D12DescriptorHeap *dsv_heap, *rtv_heap;
    ID3D12Resource *ds, *texture;
    struct test_context t;
    HRESULT expected = E_INVALIDARG;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ds = target(&t, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    texture = target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    dsv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, &dsv);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, &rtv);
    ID3D12Device_CreateRenderTargetView(t.device, texture, NULL, rtv);
    memset(&view, 0, sizeof(view));
    view.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    view.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
    view.Flags = refusal == REFUSE_READ_ONLY ? D3D12_DSV_FLAG_READ_ONLY_DEPTH : D3D12_DSV_FLAG_NONE;
    ID3D12Device_CreateDepthStencilView(t.device, ds, &view, dsv);
    switch (refusal)
    {
        case REFUSE_READ_ONLY:
            ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 0, NULL, FALSE, &dsv);
            ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), D3D12_CLEAR_FLAG_STENCIL, 0.0f,
                                                                   1, 0, NULL);
            ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), D3D12_CLEAR_FLAG_DEPTH, 0.0f, 1,
                                                                   0, NULL);
            break;
        case REFUSE_NO_ACCESS_DEPTH:
        case REFUSE_NO_ACCESS_BOTH:
            pass = pass_depth(dsv, D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS, refusal == REFUSE_NO_ACCESS_BOTH
                              ? D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS
                              : D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE);
            ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), 0, NULL, &pass, D3D12_RENDER_PASS_FLAG_NONE);
            if (refusal == REFUSE_NO_ACCESS_DEPTH)
                ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), D3D12_CLEAR_FLAG_STENCIL,
                                                                       0.0f, 1, 0, NULL);
            ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t),
                    D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL, 0.0f, 1, 0, NULL);
            ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
            break;
        case REFUSE_SUSPENDED:
            expected = E_FAIL;
            rt = pass_target(rtv, D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE);
            ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), 1, &rt, NULL,
                                                        D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS);
            ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
            ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, NULL, NULL);
            ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), 1, &rt, NULL,
                                                        D3D12_RENDER_PASS_FLAG_RESUMING_PASS);
            ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
            break;
    }
    check_close(t.list, expected);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12DescriptorHeap_Release(dsv_heap);
    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(ds);
    test_context_destroy(&t);
}

ASYNC_TEST(test_bound_clear_read_only_plane_refused)
{
    check_refusal(ctx, REFUSE_READ_ONLY);
}

ASYNC_TEST(test_bound_clear_no_access_plane_refused)
{
    check_refusal(ctx, REFUSE_NO_ACCESS_DEPTH);
}

ASYNC_TEST(test_bound_clear_no_access_planes_refused)
{
    check_refusal(ctx, REFUSE_NO_ACCESS_BOTH);
}

ASYNC_TEST(test_bound_clear_suspended_pass_refused)
{
    check_refusal(ctx, REFUSE_SUSPENDED);
}

/* The app's graphics state survives the draws: its root signature, root constants,
 * pipeline, topology, viewport and scissor are set before a region clear, and its next
 * draw (nothing set again) lands exactly where and as it would without the clear. In
 * the second run a bundle sets the root signature, constants, pipeline and topology,
 * clears and draws (the executing list set the viewport, scissor and target): on the
 * fallback the clear is lowered at ExecuteBundle and puts back the state as the bundle
 * had it at the clear. */
ASYNC_TEST(test_bound_clear_app_state_restored)
{
    static const UINT8 cleared[4] = {0x00, 0x00, 0xff, 0xff}, drawn[4] = {0xff, 0xff, 0x00, 0xff};
    static const float colour[4] = {1.0f, 1.0f, 0.0f, 1.0f};
    static const D3D12_VIEWPORT viewport = {0.0f, 0.0f, 6.0f, 8.0f, 0.0f, 1.0f};
    static const D3D12_RECT scissor = {1, 2, 8, 5};
    static const D3D12_BOX region = {4, 0, 0, 8, 8, 1};
    D3D12_CLEAR_DATA value = {.Floats = {0.0f, 0.0f, 1.0f, 1.0f}};
    const D3D12_BOX *regions[1] = {&region};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    ID3D12CommandAllocator *allocator = NULL;
    ID3D12GraphicsCommandList *bundle = NULL, *list;
    ID3D12GraphicsCommandList12 *list12;
    ID3D12PipelineState *pipeline;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    struct draw_test draw;
    unsigned char *before;
    ID3D12Resource *texture;
    UINT count = 1;

    memset(&draw, 0, sizeof(draw));
    async_context_init(ctx, &draw.ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    draw_test_attach(&draw);
    texture = poisoned_target(&draw.ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 1,
                              D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 90, &before);
    ID3D12Device_CreateRenderTargetView(draw.ctx.device, texture, NULL, draw_rtv(&draw, 0));
    draw_pipeline_desc(&draw, &desc);
    pipeline = draw_pipeline(&draw, &desc, draw_vs_fullscreen, draw_ps_float);
    list = _i ? (bundle = create_bundle(draw.ctx.device, NULL, &allocator)) : draw.ctx.list;
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(list, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&list12), S_OK);

    ID3D12GraphicsCommandList_SetGraphicsRootSignature(list, draw.root_signature);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(list, 0, 4, colour, 4);
    ID3D12GraphicsCommandList_SetPipelineState(list, pipeline);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D12GraphicsCommandList_RSSetViewports(draw.ctx.list, 1, &viewport);
    ID3D12GraphicsCommandList_RSSetScissorRects(draw.ctx.list, 1, &scissor);
    rtv = draw_rtv(&draw, 0);
    ID3D12GraphicsCommandList_OMSetRenderTargets(draw.ctx.list, 1, &rtv, FALSE, NULL);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(list12, 1, &value, &count, regions);
    if (!bundle)
        check_route(ctx, 1, 0, 0, "ClearBoundRenderTargetViews", 1);
    ID3D12GraphicsCommandList_DrawInstanced(list, 3, 1, 0, 0);
    if (bundle)
    {
        ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);
        ID3D12GraphicsCommandList_ExecuteBundle(draw.ctx.list, bundle);
    }
    execute_and_wait(&draw.ctx);
    /* The clear's columns 4..7, then the app's draw over viewport ∩ scissor: x 1..5, y 2..4. */
    set_texels(before, cleared, 4, 4, 0, SIZE, SIZE);
    set_texels(before, drawn, 4, 1, 2, 6, 5);
    check_sub(&draw.ctx, texture, 0, before);
    free(before);
    ID3D12GraphicsCommandList12_Release(list12);
    if (bundle)
    {
        ID3D12GraphicsCommandList_Release(bundle);
        ID3D12CommandAllocator_Release(allocator);
    }
    ID3D12PipelineState_Release(pipeline);
    ID3D12Resource_Release(texture);
    draw_test_detach(&draw);
    test_context_destroy(&draw.ctx);
}

/* A bundle that set graphics root constants without setting the root signature leaves
 * them unknown to the list: the draws could not put them back, so outside a pass the
 * fallback takes the legacy clear (exact for UNORM), inside one it removes the list. */
ASYNC_TEST(test_bound_clear_unrestorable_state)
{
    static const UINT8 red[4] = {0xff, 0x00, 0x00, 0xff};
    static const D3D12_BOX region = {1, 1, 0, 6, 3, 1};
    static const UINT32 constant = 7;
    D3D12_CLEAR_DATA value = {.Floats = {1.0f, 0.0f, 0.0f, 1.0f}};
    const D3D12_BOX *regions[1] = {&region};
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;
    ID3D12GraphicsCommandList *bundle;
    ID3D12CommandAllocator *allocator;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    unsigned char *before;
    struct draw_test draw;
    ID3D12Resource *texture;
    UINT count = 1, pass;

    memset(&draw, 0, sizeof(draw));
    async_context_init(ctx, &draw.ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    draw_test_attach(&draw);
    texture = poisoned_target(&draw.ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 1,
                              D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 97, &before);
    rtv = draw_rtv(&draw, 0);
    ID3D12Device_CreateRenderTargetView(draw.ctx.device, texture, NULL, rtv);
    bundle = create_bundle(draw.ctx.device, NULL, &allocator);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(bundle, 0, 1, &constant, 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);
    for (pass = 0; pass < 2; ++pass)
    {
        ID3D12GraphicsCommandList_SetGraphicsRootSignature(draw.ctx.list, draw.root_signature);
        ID3D12GraphicsCommandList_ExecuteBundle(draw.ctx.list, bundle);
        async_spy_clear(ctx);
        if (pass)
        {
            rt = pass_target(rtv, D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE);
            ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&draw.ctx), 1, &rt, NULL,
                                                        D3D12_RENDER_PASS_FLAG_NONE);
        }
        else
        {
            ID3D12GraphicsCommandList_OMSetRenderTargets(draw.ctx.list, 1, &rtv, FALSE, NULL);
        }
        ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&draw.ctx), 1, &value, &count, regions);
        if (pass)
        {
            ID3D12GraphicsCommandList12_EndRenderPass(async_list(&draw.ctx));
            check_close(draw.ctx.list, async_fallback(ctx) ? E_FAIL : S_OK);
            break;
        }
        check_route(ctx, 0, 1, 0, "ClearBoundRenderTargetViews", 1);
        execute_and_wait(&draw.ctx);
        set_texels(before, red, 4, 1, 1, 6, 3);
        check_sub(&draw.ctx, texture, 0, before);
    }
    free(before);
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(allocator);
    ID3D12Resource_Release(texture);
    draw_test_detach(&draw);
    test_context_destroy(&draw.ctx);
}

/* Predicated off, the draws do not happen either (predication stays bound). */
ASYNC_TEST(test_bound_clear_predicated_draws)
{
    static const UINT64 zero;
    static const D3D12_BOX region = {1, 1, 0, 5, 5, 1};
    D3D12_CLEAR_DATA value = {.Uints = {0xabcdef01u, 0, 0, 0}};
    const D3D12_BOX *regions[1] = {&region};
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    ID3D12DescriptorHeap *rtv_heap;
    ID3D12Resource *texture, *predicate;
    unsigned char *before;
    struct test_context t;
    UINT count = 1;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = poisoned_target(&t, DXGI_FORMAT_R32_UINT, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 95, &before);
    predicate = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 8, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&t, predicate, 0, &zero, sizeof(zero));
    transition_resource(&t, predicate, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_PREDICATION);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, &rtv);
    ID3D12Device_CreateRenderTargetView(t.device, texture, NULL, rtv);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &rtv, FALSE, NULL);
    ID3D12GraphicsCommandList_SetPredication(t.list, predicate, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, &count, regions);
    check_route(ctx, 1, 0, 0, "ClearBoundRenderTargetViews", 1);
    execute_and_wait(&t);
    check_sub(&t, texture, 0, before);
    free(before);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(predicate);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}

/* Queries stay active around a drawn clear: on the fallback an occlusion query counts
 * its samples (4x2 pixels, one sample each) and a pipeline-statistics query its one
 * triangle; the driver's own bound clear is no draw and counts nothing. _i 1: the legacy
 * shortcut (a whole UNORM view) counts as a legacy clear does, nothing, in both modes. */
ASYNC_TEST(test_bound_clear_queries)
{
    static const D3D12_BOX region = {2, 2, 0, 6, 4, 1};
    const bool legacy = _i;
    D3D12_CLEAR_DATA value = {.Uints = {1, 0, 0, 0}};
    const D3D12_BOX *regions[1] = {&region};
    D3D12_QUERY_HEAP_DESC occlusion_desc = {D3D12_QUERY_HEAP_TYPE_OCCLUSION, 1, 0};
    D3D12_QUERY_HEAP_DESC statistics_desc = {D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 1, 0};
    struct
    {
        UINT64 samples;
        D3D12_QUERY_DATA_PIPELINE_STATISTICS statistics;
    } got;
    ID3D12QueryHeap *occlusion, *pipeline;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    ID3D12Resource *texture, *results;
    ID3D12DescriptorHeap *rtv_heap;
    struct test_context t;
    UINT count = 1;
    bool fallback;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    fallback = async_fallback(ctx) && !legacy;
    texture = target(&t, legacy ? DXGI_FORMAT_R8G8B8A8_UNORM : DXGI_FORMAT_R32_UINT, 1,
                     D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    if (legacy)
        value = (D3D12_CLEAR_DATA){.Floats = {1.0f, 0.0f, 0.0f, 1.0f}};
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(t.device, &occlusion_desc, &IID_ID3D12QueryHeap,
                     (void **)&occlusion), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(t.device, &statistics_desc, &IID_ID3D12QueryHeap,
                     (void **)&pipeline), S_OK);
    results = create_buffer(t.device, D3D12_HEAP_TYPE_READBACK, 256, D3D12_RESOURCE_FLAG_NONE,
                            D3D12_RESOURCE_STATE_COPY_DEST);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, &rtv);
    ID3D12Device_CreateRenderTargetView(t.device, texture, NULL, rtv);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &rtv, FALSE, NULL);
    ID3D12GraphicsCommandList_BeginQuery(t.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    ID3D12GraphicsCommandList_BeginQuery(t.list, pipeline, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, legacy ? NULL : &count,
                                                            legacy ? NULL : regions);
    check_route(ctx, fallback, async_fallback(ctx) && legacy, 0, "ClearBoundRenderTargetViews", 1);
    ID3D12GraphicsCommandList_EndQuery(t.list, pipeline, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    ID3D12GraphicsCommandList_EndQuery(t.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(t.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0, 1, results, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(t.list, pipeline, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1,
                                               results, 8);
    execute_and_wait(&t);
    read_buffer(&t, results, sizeof(got), &got);
    ck_assert_uint_eq(got.samples, fallback ? 8 : 0);
    ck_assert_uint_eq(got.statistics.IAVertices, fallback ? 3 : 0);
    ck_assert_uint_eq(got.statistics.IAPrimitives, fallback ? 1 : 0);
    ck_assert_uint_eq(got.statistics.VSInvocations, fallback ? 3 : 0);
    ck_assert_uint_eq(got.statistics.PSInvocations, fallback ? 8 : 0);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(results);
    ID3D12QueryHeap_Release(pipeline);
    ID3D12QueryHeap_Release(occlusion);
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}

static Suite *async_bound_clear_routes_suite(void)
{
    Suite *suite = suite_create("async_bound_clear_routes");
    struct async_tcases tcases;

    async_tcases_create(suite, "bound_clear_routes", &tcases);
    async_tcase_add(&tcases, test_bound_clear_integers_exact);
    async_tcase_add(&tcases, test_bound_clear_legacy_shortcut);
    async_tcase_add(&tcases, test_bound_clear_shortcut_bytes);
    async_tcase_add_loop(&tcases, test_bound_clear_pass_slots, 0, 2);
    async_tcase_add_loop(&tcases, test_bound_clear_pass_slots_local, 0, 2);
    async_tcase_add(&tcases, test_bound_clear_pass_array);
    async_tcase_add(&tcases, test_bound_clear_msaa);
    async_tcase_add(&tcases, test_bound_clear_regions_clipped_and_skipped);
    async_tcase_add_loop(&tcases, test_bound_clear_past_smallest_output, 0, 2);
    async_tcase_add_loop(&tcases, test_bound_clear_mixed_sample_counts, 0, 2);
    async_tcase_add(&tcases, test_bound_clear_depth_stencil_planes);
    async_tcase_add(&tcases, test_bound_clear_read_only_plane_refused);
    async_tcase_add(&tcases, test_bound_clear_no_access_plane_refused);
    async_tcase_add(&tcases, test_bound_clear_no_access_planes_refused);
    async_tcase_add(&tcases, test_bound_clear_suspended_pass_refused);
    async_tcase_add_loop(&tcases, test_bound_clear_app_state_restored, 0, 2);
    async_tcase_add(&tcases, test_bound_clear_unrestorable_state);
    async_tcase_add(&tcases, test_bound_clear_predicated_draws);
    async_tcase_add_loop(&tcases, test_bound_clear_queries, 0, 2);
    return suite;
}

int main(void)
{
    return test_run_suites(async_bound_clear_routes_suite(), NULL);
}
