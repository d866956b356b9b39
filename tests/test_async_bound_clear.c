/*
 * ClearBoundRenderTargetViews and ClearBoundDepthStencilView natively (issue 8): the
 * built-in driver clears whatever the executing list has bound, region by region and
 * slice by slice, outside and inside render passes and from bundles, with integer
 * values bit-exact, depth clamped and stencil masked. Targets are poisoned and read back
 * before the clear; the expectation is that readback with the cleared texels replaced
 * by bytes written out here.
 *
 * The same tests run with the fallback forced (seed 000's routes, specs/fallback.md):
 * the bytes are the same except where the seed's known issue says the legacy clear
 * takes the closest value; test_async_bound_clear_routes.c has the route-specific ones.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async_bound_clear.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

/* Three bound targets: slot 0 cleared whole (UNORM), slot 1 a region over array slices
 * 1..2 of three (a UINT above 2^24, bit-exact), slot 2 not selected (untouched). On the
 * fallback the region's slices go past the smallest bound output (one slice), so outside
 * a pass both slots take the legacy clear: the integer rounds to the float's 0x89abce00
 * (seed 000's known issue, no message). */
ASYNC_TEST(test_bound_clear_render_targets)
{
    static const UINT8 rgba8[] = {0xff, 0x00, 0x80, 0xff};
    static const UINT32 exact = 0x89abcdefu, rounded = 0x89abce00u;
    static const D3D12_BOX region = {2, 1, 1, 5, 4, 3};   /* left top front right bottom back */
    D3D12_RENDER_TARGET_VIEW_DESC rtv_desc = {0};
    unsigned char *before0, *before1[3], *before2;
    D3D12_CPU_DESCRIPTOR_HANDLE start, rtvs[3];
    D3D12_CLEAR_DATA values[3];
    const D3D12_BOX *regions[3] = {NULL, &region, NULL};
    UINT region_counts[3] = {0, 1, 0};
    ID3D12Resource *rt0, *rt1, *rt2;
    ID3D12DescriptorHeap *rtv_heap;
    struct test_context t;
    UINT i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    rt0 = poisoned_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 1, &before0);
    rt1 = poisoned_target(&t, DXGI_FORMAT_R32_UINT, 3, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 2, &before1[0]);
    rt2 = poisoned_target(&t, DXGI_FORMAT_R16G16B16A16_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 3, &before2);
    for (i = 1; i < 3; ++i)
        before1[i] = read_sub(&t, rt1, i, NULL);

    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 3, &start);
    for (i = 0; i < 3; ++i)
        rtvs[i] = handle_at(&t, start, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, i);
    ID3D12Device_CreateRenderTargetView(t.device, rt0, NULL, rtvs[0]);
    rtv_desc.Format = DXGI_FORMAT_R32_UINT;
    rtv_desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DARRAY;
    rtv_desc.Texture2DArray.ArraySize = 3;
    ID3D12Device_CreateRenderTargetView(t.device, rt1, &rtv_desc, rtvs[1]);
    ID3D12Device_CreateRenderTargetView(t.device, rt2, NULL, rtvs[2]);

    memset(values, 0, sizeof(values));
    values[0].Floats[0] = 1.0f;
    values[0].Floats[2] = 128.0f / 255.0f;
    values[0].Floats[3] = 1.0f;
    values[1].Uints[0] = exact;
    values[2].Floats[0] = 9.0f;
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 3, rtvs, FALSE, NULL);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 0x3, values, region_counts, regions);
    ck_assert_uint_eq(async_spy_count(ctx, async_fallback(ctx) ? "ClearRenderTargetView"
                                      : "ClearBoundRenderTargetViews"), async_fallback(ctx) ? 2 : 1);
    ck_assert_uint_eq(async_spy_count(ctx, "DrawInstanced"), 0);
    execute_and_wait(&t);
    set_texels(before0, rgba8, 4, 0, 0, SIZE, SIZE);
    check_sub(&t, rt0, 0, before0);
    check_sub(&t, rt1, 0, before1[0]);
    for (i = 1; i < 3; ++i)
    {
        set_texels(before1[i], async_fallback(ctx) ? &rounded : &exact, 4, 2, 1, 5, 4);
        check_sub(&t, rt1, i, before1[i]);
    }
    check_sub(&t, rt2, 0, before2);
    free(before0);
    free(before2);
    for (i = 0; i < 3; ++i)
        free(before1[i]);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(rt2);
    ID3D12Resource_Release(rt1);
    ID3D12Resource_Release(rt0);
    test_context_destroy(&t);
}

/* D24_UNORM_S8_UINT: depth 1.5 clamps to 1 (0xffffff) with stencil 0x5a in one region,
 * then a stencil-only clear of another region (overlapping the first) to 0x33 leaves
 * the depth plane as it was. */
ASYNC_TEST(test_bound_clear_depth_stencil)
{
    static const D3D12_BOX region_a = {1, 2, 0, 6, 5, 1}, region_b = {0, 0, 0, 3, 3, 1};
    static const UINT8 depth_one[4] = {0xff, 0xff, 0xff}, stencil_a = 0x5a, stencil_b = 0x33;
    unsigned char *depth, *stencil;
    D3D12_CPU_DESCRIPTOR_HANDLE dsv;
    ID3D12DescriptorHeap *dsv_heap;
    struct test_context t;
    ID3D12Resource *ds;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ds = poisoned_target(&t, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, 4, &depth);
    stencil = read_sub(&t, ds, 1, NULL);
    dsv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, &dsv);
    ID3D12Device_CreateDepthStencilView(t.device, ds, NULL, dsv);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 0, NULL, FALSE, &dsv);
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t),
            D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL, 1.5f, stencil_a, 1, &region_a);
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), D3D12_CLEAR_FLAG_STENCIL, 0.0f,
                                                           stencil_b, 1, &region_b);
    execute_and_wait(&t);
    set_texels(stencil, &stencil_a, 1, 1, 2, 6, 5);
    set_texels(stencil, &stencil_b, 1, 0, 0, 3, 3);
    check_sub(&t, ds, 1, stencil);
    set_texels(depth, depth_one, 4, 1, 2, 6, 5);
    check_depth24(&t, ds, depth);
    free(depth);
    free(stencil);
    ID3D12DescriptorHeap_Release(dsv_heap);
    ID3D12Resource_Release(ds);
    test_context_destroy(&t);
}

/* Every combination of the eight slots: eight bound R32_UINT targets, one call per mask
 * 1..255 with the mask as the value, then each target holds the last mask that
 * selected it; a region and a whole-view call alternate. */
ASYNC_TEST(test_bound_clear_every_slot_mask)
{
    static const D3D12_BOX corner = {0, 0, 0, 2, 2, 1};
    const D3D12_BOX *regions[8];
    D3D12_CPU_DESCRIPTOR_HANDLE start, rtvs[8];
    UINT32 expected_corner[8], expected_rest[8];
    UINT region_counts[8], mask, slot, x, y;
    D3D12_CLEAR_DATA values[8];
    ID3D12DescriptorHeap *rtv_heap;
    ID3D12Resource *rts[8];
    struct test_context t;
    unsigned char *got;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    rtv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 8, &start);
    for (slot = 0; slot < 8; ++slot)
    {
        rts[slot] = target(&t, DXGI_FORMAT_R32_UINT, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
        rtvs[slot] = handle_at(&t, start, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, slot);
        ID3D12Device_CreateRenderTargetView(t.device, rts[slot], NULL, rtvs[slot]);
        regions[slot] = &corner;
        region_counts[slot] = 1;
        expected_corner[slot] = expected_rest[slot] = 0;
    }
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 8, rtvs, FALSE, NULL);
    memset(values, 0, sizeof(values));
    for (mask = 1; mask < 256; ++mask)
    {
        for (slot = 0; slot < 8; ++slot)
        {
            values[slot].Uints[0] = 0x1000 + mask;
            if (!(mask & (1u << slot)))
                continue;
            expected_corner[slot] = 0x1000 + mask;
            if (!(mask & 1))
                expected_rest[slot] = 0x1000 + mask;
        }
        /* Odd masks clear the corner region only, even ones the whole views. */
        ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), mask, values,
                mask & 1 ? region_counts : NULL, mask & 1 ? regions : NULL);
    }
    execute_and_wait(&t);
    for (slot = 0; slot < 8; ++slot)
    {
        got = read_sub(&t, rts[slot], 0, NULL);
        for (y = 0; y < SIZE; ++y)
        {
            for (x = 0; x < SIZE; ++x)
            {
                UINT32 value, want = x < 2 && y < 2 ? expected_corner[slot] : expected_rest[slot];

                memcpy(&value, got + 4 * (y * SIZE + x), 4);
                ck_assert_msg(value == want, "slot %u (%u, %u): %#x, expected %#x", slot, x, y, value, want);
            }
        }
        free(got);
    }
    for (slot = 0; slot < 8; ++slot)
        ID3D12Resource_Release(rts[slot]);
    ID3D12DescriptorHeap_Release(rtv_heap);
    test_context_destroy(&t);
}

/* One R8G8B8A8_UNORM target and its RTV, poisoned, with its bytes before any clear. */
struct one_target
{
    ID3D12Resource *rt;
    ID3D12DescriptorHeap *heap;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    unsigned char *before;
};

static void one_target_create(struct test_context *t, struct one_target *o)
{
    o->rt = poisoned_target(t, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 9, &o->before);
    o->heap = heap(t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, &o->rtv);
    ID3D12Device_CreateRenderTargetView(t->device, o->rt, NULL, o->rtv);
}

static void one_target_destroy(struct one_target *o)
{
    free(o->before);
    ID3D12DescriptorHeap_Release(o->heap);
    ID3D12Resource_Release(o->rt);
}

static const UINT8 green[] = {0x00, 0xff, 0x00, 0xff};

static D3D12_CLEAR_DATA green_value(void)
{
    D3D12_CLEAR_DATA value;

    memset(&value, 0, sizeof(value));
    value.Floats[1] = 1.0f;
    value.Floats[3] = 1.0f;
    return value;
}

/* Inside a render pass, slot 0 is the pass's first render target. */
ASYNC_TEST(test_bound_clear_in_render_pass)
{
    static const D3D12_BOX region = {0, 0, 0, 4, 8, 1};
    D3D12_RENDER_PASS_RENDER_TARGET_DESC pass_rt;
    D3D12_CLEAR_DATA value = green_value();
    const D3D12_BOX *regions[1] = {&region};
    UINT count = 1;
    struct one_target o;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    one_target_create(&t, &o);
    memset(&pass_rt, 0, sizeof(pass_rt));
    pass_rt.cpuDescriptor = o.rtv;
    pass_rt.BeginningAccess.Type = D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE;
    pass_rt.EndingAccess.Type = D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE;
    ID3D12GraphicsCommandList12_BeginRenderPass(async_list(&t), 1, &pass_rt, NULL, D3D12_RENDER_PASS_FLAG_NONE);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, &count, regions);
    ID3D12GraphicsCommandList12_EndRenderPass(async_list(&t));
    execute_and_wait(&t);
    set_texels(o.before, green, 4, 0, 0, 4, SIZE);
    check_sub(&t, o.rt, 0, o.before);
    one_target_destroy(&o);
    test_context_destroy(&t);
}

/* A bundle clears what the list that executes it has bound. On the fallback the runtime
 * records the bundle and lowers the clear at ExecuteBundle (beyond seed 000, whose rule
 * refused it): the whole view takes the legacy clear. */
ASYNC_TEST(test_bound_clear_in_bundle)
{
    D3D12_CLEAR_DATA value = green_value();
    ID3D12GraphicsCommandList12 *bundle12;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *bundle;
    struct one_target o;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    one_target_create(&t, &o);
    bundle = create_bundle(t.device, NULL, &allocator);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(bundle, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&bundle12), S_OK);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(bundle12, 1, &value, NULL, NULL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);
    /* Nothing bound yet: the fallback has not lowered anything. */
    ck_assert_uint_eq(async_spy_count(ctx, "ClearRenderTargetView"), 0);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &o.rtv, FALSE, NULL);
    ID3D12GraphicsCommandList_ExecuteBundle(t.list, bundle);
    execute_and_wait(&t);
    ck_assert_uint_eq(async_spy_count(ctx, "ClearRenderTargetView"), async_fallback(ctx) ? 1 : 0);
    ck_assert_uint_eq(async_spy_count(ctx, "ClearBoundRenderTargetViews"), async_fallback(ctx) ? 0 : 1);
    set_texels(o.before, green, 4, 0, 0, SIZE, SIZE);
    check_sub(&t, o.rt, 0, o.before);
    ID3D12GraphicsCommandList12_Release(bundle12);
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(allocator);
    one_target_destroy(&o);
    test_context_destroy(&t);
}

/* One bundle, two lists with different targets bound, one submission: each list's
 * target gets the bundle's region (the fallback draws it, with each list's bindings),
 * and the bundle's depth clear lands in each list's depth buffer. */
ASYNC_TEST(test_bound_clear_bundle_two_lists)
{
    static const D3D12_BOX region = {1, 2, 0, 5, 6, 1};
    static const D3D12_BOX depth_region = {0, 0, 0, 3, 4, 1};
    static const float quarter = 0.25f;
    const D3D12_BOX *regions[1] = {&region};
    D3D12_CLEAR_DATA value = green_value();
    D3D12_CPU_DESCRIPTOR_HANDLE dsv_start, dsvs[2];
    ID3D12CommandAllocator *allocator, *allocator2;
    ID3D12GraphicsCommandList *bundle, *list2, *lists[2];
    unsigned char *depth_before[2];
    ID3D12GraphicsCommandList12 *bundle12;
    ID3D12DescriptorHeap *dsv_heap;
    ID3D12Resource *ds[2];
    struct one_target o[2];
    struct test_context t;
    UINT count = 1, i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    dsv_heap = heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 2, &dsv_start);
    for (i = 0; i < 2; ++i)
    {
        one_target_create(&t, &o[i]);
        ds[i] = poisoned_target(&t, DXGI_FORMAT_D32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, 20 + i,
                                &depth_before[i]);
        dsvs[i] = handle_at(&t, dsv_start, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, i);
        ID3D12Device_CreateDepthStencilView(t.device, ds[i], NULL, dsvs[i]);
    }
    bundle = create_bundle(t.device, NULL, &allocator);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(bundle, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&bundle12), S_OK);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(bundle12, 1, &value, &count, regions);
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(bundle12, D3D12_CLEAR_FLAG_DEPTH, quarter, 0, 1,
                                                           &depth_region);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);

    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(t.device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                     &IID_ID3D12CommandAllocator, (void **)&allocator2), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(t.device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator2, NULL,
                     &IID_ID3D12GraphicsCommandList, (void **)&list2), S_OK);
    lists[0] = t.list;
    lists[1] = list2;
    for (i = 0; i < 2; ++i)
    {
        ID3D12GraphicsCommandList_OMSetRenderTargets(lists[i], 1, &o[i].rtv, FALSE, &dsvs[i]);
        ID3D12GraphicsCommandList_ExecuteBundle(lists[i], bundle);
    }
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(list2), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);
    ID3D12CommandQueue_ExecuteCommandLists(t.queue, 2, (ID3D12CommandList **)lists);
    wait_queue_idle(&t);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(t.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
    for (i = 0; i < 2; ++i)
    {
        set_texels(o[i].before, green, 4, 1, 2, 5, 6);
        check_sub(&t, o[i].rt, 0, o[i].before);
        set_texels(depth_before[i], &quarter, 4, 0, 0, 3, 4);
        check_sub(&t, ds[i], 0, depth_before[i]);
        free(depth_before[i]);
        ID3D12Resource_Release(ds[i]);
        one_target_destroy(&o[i]);
    }
    ID3D12GraphicsCommandList_Release(list2);
    ID3D12CommandAllocator_Release(allocator2);
    ID3D12GraphicsCommandList12_Release(bundle12);
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(allocator);
    ID3D12DescriptorHeap_Release(dsv_heap);
    test_context_destroy(&t);
}

/* Predicated off, a bound clear writes nothing; empty regions clear nothing either. */
ASYNC_TEST(test_bound_clear_predicated_and_empty)
{
    static const UINT64 zero;
    static const D3D12_BOX empty[] = {{3, 3, 0, 3, 6, 1}, {0, 0, 1, 8, 8, 1}};
    const D3D12_BOX *regions[1] = {empty};
    UINT count = ARRAY_SIZE(empty);
    D3D12_CLEAR_DATA value = green_value();
    ID3D12Resource *predicate;
    struct one_target o;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    one_target_create(&t, &o);
    predicate = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 8, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&t, predicate, 0, &zero, sizeof(zero));
    transition_resource(&t, predicate, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_PREDICATION);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &o.rtv, FALSE, NULL);
    ID3D12GraphicsCommandList_SetPredication(t.list, predicate, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, NULL, NULL);
    ID3D12GraphicsCommandList_SetPredication(t.list, NULL, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, &count, regions);
    execute_and_wait(&t);
    check_sub(&t, o.rt, 0, o.before);
    ID3D12Resource_Release(predicate);
    one_target_destroy(&o);
    test_context_destroy(&t);
}

Suite *async_bound_clear_suite(void)
{
    Suite *suite = suite_create("async_bound_clear");
    struct async_tcases tcases;

    async_tcases_create(suite, "bound_clear", &tcases);
    async_tcase_add(&tcases, test_bound_clear_render_targets);
    async_tcase_add(&tcases, test_bound_clear_depth_stencil);
    async_tcase_add(&tcases, test_bound_clear_every_slot_mask);
    async_tcase_add(&tcases, test_bound_clear_in_render_pass);
    async_tcase_add(&tcases, test_bound_clear_in_bundle);
    async_tcase_add(&tcases, test_bound_clear_bundle_two_lists);
    async_tcase_add(&tcases, test_bound_clear_predicated_and_empty);
    return suite;
}

TEST_MAIN(async_bound_clear_suite())
