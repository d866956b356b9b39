/*
 * Allocation failure at every point of a recording and of a submission (issue 19): each
 * path is first run once with the failure hook counting (test_alloc_fail_hook.h), then
 * once per allocation n it made, with the nth failing: host memory (malloc, calloc,
 * realloc of the runtime, fallback, driver and DDI code) and the simulated device's
 * buffer objects (agx_sim.c). After each run the outcome must be one of
 *
 *   - the failure was absorbed: Close answers what the undisturbed run answered and the
 *     work lands, byte for byte;
 *   - the list was removed as out of memory: Close answers E_OUTOFMEMORY, and after
 *     the allocator's and the list's Reset the same recording succeeds and lands;
 *   - the device was removed as out of memory (GetDeviceRemovedReason E_OUTOFMEMORY).
 *
 * The program is in the 'swlist' suite (tests/meson.build): under its setups the same
 * points fall on the runtime's software recording and on its replay at
 * ExecuteCommandLists (a list's first execution creates the driver list; out of memory
 * there removes the device, since Close already answered S_OK).
 *
 * Destinations are poisoned with a new pattern before every run, so no run can pass on
 * an earlier one's bytes. Leaks are the sanitizer and valgrind stages' business
 * (tools/run-tests.sh runs this program under both). When a path makes more than
 * ALLOC_FAIL_CI_POINTS allocations the points are sampled evenly (first and last
 * included); D3D12RT_ALLOC_FAIL_ALL=1 tries every one (tools/reliability.sh).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_alloc_fail_hook.h"
#include "test_async.h"
#include "test_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define ALLOC_FAIL_CI_POINTS 48u
#define BUFFER_SIZE 4096u
#define FILL_SIZE (256u * 1024u)   /* above the fallback's inline sizes: pool buffers */
#define TEX_SIZE 8u

/* What one path keeps between its setup, recordings and checks. */
struct path_state
{
    ID3D12Resource *src, *dst, *texture;
    ID3D12DescriptorHeap *rtv_heap;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    unsigned char *expected;
    size_t expected_size;
    unsigned int seed;
    /* The list's faces, queried before a failure is armed: nothing between arming and
     * disarming may call Check, which allocates too. */
    ID3D12GraphicsCommandList12 *list12;
    ID3D12GraphicsCommandList4 *list4;
    /* A bundle recorded at setup; a path's own list and allocator, which replaced the
     * context's (kept here until the end). */
    ID3D12GraphicsCommandList *bundle;
    ID3D12CommandAllocator *bundle_allocator;
    ID3D12GraphicsCommandList *context_list;
    ID3D12CommandAllocator *context_allocator;
};

struct alloc_path
{
    const char *name;
    void (*setup)(struct test_context *t, struct path_state *s);
    /* Poisons the destination (executes), then the expected bytes in s->expected. */
    void (*prepare)(struct test_context *t, struct path_state *s);
    void (*record)(struct test_context *t, struct path_state *s);
    /* Reads the destination back and compares (executes). */
    void (*check)(struct test_context *t, struct path_state *s, const char *what);
};

/* Points tried, all paths and kinds together, reported by tools/reliability.sh. */
static unsigned int points_tried;

static void path_state_release(struct path_state *s)
{
    if (s->src)
        ID3D12Resource_Release(s->src);
    if (s->dst)
        ID3D12Resource_Release(s->dst);
    if (s->texture)
        ID3D12Resource_Release(s->texture);
    if (s->rtv_heap)
        ID3D12DescriptorHeap_Release(s->rtv_heap);
    if (s->bundle)
        ID3D12GraphicsCommandList_Release(s->bundle);
    if (s->bundle_allocator)
        ID3D12CommandAllocator_Release(s->bundle_allocator);
    if (s->context_list)
        ID3D12GraphicsCommandList_Release(s->context_list);
    if (s->context_allocator)
        ID3D12CommandAllocator_Release(s->context_allocator);
    free(s->expected);
    memset(s, 0, sizeof(*s));
}

static ID3D12Resource *default_buffer(struct test_context *t, UINT64 size)
{
    return create_buffer(t->device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_COMMON);
}

/* ---- Buffers: copies and fills ------------------------------------------------------------ */

static void buffers_setup(struct test_context *t, struct path_state *s)
{
    unsigned char *data = xmalloc(BUFFER_SIZE);

    s->src = default_buffer(t, BUFFER_SIZE);
    s->dst = default_buffer(t, FILL_SIZE);
    fill_pattern(data, BUFFER_SIZE, 7);
    upload_buffer_data(t, s->src, 0, data, BUFFER_SIZE);
    free(data);
    s->expected_size = FILL_SIZE;
    s->expected = xmalloc(FILL_SIZE);
}

static void buffer_poison(struct test_context *t, struct path_state *s)
{
    poison_buffer(t, s->dst, ++s->seed + 100);
    read_buffer(t, s->dst, FILL_SIZE, s->expected);
}

static void buffer_check(struct test_context *t, struct path_state *s, const char *what)
{
    unsigned char *got = xmalloc(FILL_SIZE);

    read_buffer(t, s->dst, FILL_SIZE, got);
    check_bytes(got, s->expected, FILL_SIZE, what);
    free(got);
}

static const UINT64 copy_dst_offsets[] = {16, 1024, 3000};
static const UINT64 copy_src_offsets[] = {0, 512, 100};
static const UINT64 copy_sizes[] = {256, 1000, 1096};

static void copies_prepare(struct test_context *t, struct path_state *s)
{
    unsigned char src[BUFFER_SIZE];
    size_t i;

    buffer_poison(t, s);
    fill_pattern(src, sizeof(src), 7);
    for (i = 0; i < ARRAY_SIZE(copy_sizes); ++i)
        memcpy(s->expected + copy_dst_offsets[i], src + copy_src_offsets[i], copy_sizes[i]);
}

static void copies_record(struct test_context *t, struct path_state *s)
{
    ID3D12Resource *dsts[ARRAY_SIZE(copy_sizes)] = {s->dst, s->dst, s->dst};
    ID3D12Resource *srcs[ARRAY_SIZE(copy_sizes)] = {s->src, s->src, s->src};

    ID3D12GraphicsCommandList12_CopyBufferRegions(s->list12, ARRAY_SIZE(copy_sizes), dsts, copy_dst_offsets,
                                                  srcs, copy_src_offsets, copy_sizes);
    /* And the legacy copy, through the list's own chunks. */
    ID3D12GraphicsCommandList_CopyBufferRegion(t->list, s->dst, 0, s->src, 4000, 16);
}

static void copies_expect_legacy(struct path_state *s)
{
    unsigned char src[BUFFER_SIZE];

    fill_pattern(src, sizeof(src), 7);
    memcpy(s->expected, src + 4000, 16);
}

static void copies_prepare_all(struct test_context *t, struct path_state *s)
{
    copies_prepare(t, s);
    copies_expect_legacy(s);
}

/* A large raw fill (the fallback's pooled upload route) and a small formatted one. */
static void fills_prepare(struct test_context *t, struct path_state *s)
{
    static const UINT8 pattern[4] = {0x11, 0x22, 0x33, 0x44};
    UINT64 i;

    buffer_poison(t, s);
    for (i = 0; i < FILL_SIZE - 1024; i += 4)
        memcpy(s->expected + 1024 + i, pattern, 4);
    for (i = 0; i < 64; i += 4)
        memcpy(s->expected + 64 + i, "\x00\x00\x80\x3f", 4);   /* 1.0f */
}

static void fills_record(struct test_context *t, struct path_state *s)
{
    D3D12_FILL_BUFFER_DESC descs[2];

    memset(descs, 0, sizeof(descs));
    descs[0].pBuffer = s->dst;
    descs[0].Offset = 1024;
    memcpy(descs[0].FillValue.Bytes, "\x11\x22\x33\x44", 4);
    descs[0].RawPatternSizeInBytes = 4;
    descs[0].RepeatCount = (FILL_SIZE - 1024) / 4;
    descs[1].pBuffer = s->dst;
    descs[1].Offset = 64;
    descs[1].FillValue.Floats[0] = 1.0f;
    descs[1].Format = DXGI_FORMAT_R32_FLOAT;
    descs[1].RepeatCount = 16;
    ID3D12GraphicsCommandList12_FillBuffers(s->list12, ARRAY_SIZE(descs), descs);
}

/* ---- A render target: texture clears, bound clears, render passes ------------------------- */

static const UINT8 clear_texel[4] = {0xff, 0x00, 0xff, 0x00};

static void target_setup(struct test_context *t, struct path_state *s)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, TEX_SIZE, TEX_SIZE, 1, 1, 1,
                                                    D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {0};

    s->texture = create_texture(t->device, &desc, D3D12_RESOURCE_STATE_COMMON);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    heap_desc.NumDescriptors = 1;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t->device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&s->rtv_heap), S_OK);
    s->rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(s->rtv_heap);
    ID3D12Device_CreateRenderTargetView(t->device, s->texture, NULL, s->rtv);
    s->expected_size = TEX_SIZE * TEX_SIZE * 4;
    s->expected = xmalloc(s->expected_size);
}

/* Poisoned, then every texel in [x0, x1) x [y0, y1) the clear's. */
static void target_prepare_region(struct test_context *t, struct path_state *s, UINT x0, UINT y0, UINT x1, UINT y1)
{
    UINT x, y;

    poison_texture(t, s->texture, ++s->seed + 200);
    read_texture_subresource(t, s->texture, 0, s->expected);
    for (y = y0; y < y1; ++y)
        for (x = x0; x < x1; ++x)
            memcpy(s->expected + (y * TEX_SIZE + x) * 4, clear_texel, 4);
}

static void target_prepare(struct test_context *t, struct path_state *s)
{
    target_prepare_region(t, s, 0, 0, TEX_SIZE, TEX_SIZE);
}

static void target_check(struct test_context *t, struct path_state *s, const char *what)
{
    unsigned char *got = xmalloc(s->expected_size);

    read_texture_subresource(t, s->texture, 0, got);
    check_bytes(got, s->expected, s->expected_size, what);
    free(got);
}

static D3D12_CLEAR_DATA clear_value(void)
{
    D3D12_CLEAR_DATA value;

    memset(&value, 0, sizeof(value));
    value.Floats[0] = 1.0f;
    value.Floats[2] = 1.0f;
    return value;
}

static void texture_clear_record(struct test_context *t, struct path_state *s)
{
    D3D12_CLEAR_TEXTURE_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = s->texture;
    desc.ClearValue = clear_value();
    ID3D12GraphicsCommandList12_ClearTextureSubresources(s->list12, 1, &desc);
}

static const D3D12_BOX bound_region = {1, 2, 0, 6, 7, 1};

static void bound_clear_prepare(struct test_context *t, struct path_state *s)
{
    target_prepare_region(t, s, bound_region.left, bound_region.top, bound_region.right, bound_region.bottom);
}

static void bound_clear_record(struct test_context *t, struct path_state *s)
{
    const D3D12_BOX *regions[1] = {&bound_region};
    D3D12_CLEAR_DATA value = clear_value();
    UINT count = 1;

    transition_resource(t, s->texture, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t->list, 1, &s->rtv, FALSE, NULL);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(s->list12, 1, &value, &count, regions);
    transition_resource(t, s->texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON);
}

/* The same region cleared inside a pass: the fallback can only draw there, so an
 * allocation the clear pipelines or the draws lack must remove the list as out of
 * memory, never as a route the fallback lacks (E_FAIL). */
static void bound_clear_in_pass_record(struct test_context *t, struct path_state *s)
{
    const D3D12_BOX *regions[1] = {&bound_region};
    D3D12_CLEAR_DATA value = clear_value();
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;
    UINT count = 1;

    memset(&rt, 0, sizeof(rt));
    rt.cpuDescriptor = s->rtv;
    rt.BeginningAccess.Type = D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE;
    rt.EndingAccess.Type = D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE;
    transition_resource(t, s->texture, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    ID3D12GraphicsCommandList4_BeginRenderPass(s->list4, 1, &rt, NULL, 0);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(s->list12, 1, &value, &count, regions);
    ID3D12GraphicsCommandList4_EndRenderPass(s->list4);
    transition_resource(t, s->texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON);
}

static void render_pass_record(struct test_context *t, struct path_state *s)
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;

    memset(&rt, 0, sizeof(rt));
    rt.cpuDescriptor = s->rtv;
    rt.BeginningAccess.Type = D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR;
    rt.BeginningAccess.Clear.ClearValue.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    memcpy(rt.BeginningAccess.Clear.ClearValue.Color, clear_value().Floats, sizeof(float) * 4);
    rt.EndingAccess.Type = D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE;
    transition_resource(t, s->texture, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    ID3D12GraphicsCommandList4_BeginRenderPass(s->list4, 1, &rt, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(s->list4);
    transition_resource(t, s->texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON);
}

/* The copies into a list that has never executed: with software lists its first
 * ExecuteCommandLists creates the driver list the replay goes into. */
static void fresh_list_setup(struct test_context *t, struct path_state *s)
{
    buffers_setup(t, s);
    s->context_list = t->list;
    s->context_allocator = t->allocator;
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(t->device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                     &IID_ID3D12CommandAllocator, (void **)&t->allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(t->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, t->allocator, NULL,
                     &IID_ID3D12GraphicsCommandList, (void **)&t->list), S_OK);
}

static void swap_context_list(struct test_context *t, struct path_state *s)
{
    ID3D12GraphicsCommandList *list = t->list;
    ID3D12CommandAllocator *allocator = t->allocator;

    t->list = s->context_list;
    t->allocator = s->context_allocator;
    s->context_list = list;
    s->context_allocator = allocator;
}

/* The poisoning and its read-back go through the context's list: the path's own list
 * must reach its first execution with the armed submission. */
static void fresh_list_prepare(struct test_context *t, struct path_state *s)
{
    swap_context_list(t, s);
    copies_prepare_all(t, s);
    swap_context_list(t, s);
}

/* A bundle's bound clear executed by the list: on the fallback the runtime recorded the
 * bundle and lowers the clear at ExecuteBundle, where the failures are armed. */
static void bundle_setup(struct test_context *t, struct path_state *s)
{
    const D3D12_BOX *regions[1] = {&bound_region};
    D3D12_CLEAR_DATA value = clear_value();
    ID3D12GraphicsCommandList12 *bundle12;
    UINT count = 1;

    target_setup(t, s);
    s->bundle = create_bundle(t->device, NULL, &s->bundle_allocator);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(s->bundle, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&bundle12), S_OK);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(bundle12, 1, &value, &count, regions);
    ID3D12GraphicsCommandList12_Release(bundle12);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(s->bundle), S_OK);
}

static void bundle_record(struct test_context *t, struct path_state *s)
{
    transition_resource(t, s->texture, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t->list, 1, &s->rtv, FALSE, NULL);
    ID3D12GraphicsCommandList_ExecuteBundle(t->list, s->bundle);
    transition_resource(t, s->texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON);
}

static const struct alloc_path alloc_paths[] =
{
    {"copies", buffers_setup, copies_prepare_all, copies_record, buffer_check},
    {"fills", buffers_setup, fills_prepare, fills_record, buffer_check},
    {"texture clears", target_setup, target_prepare, texture_clear_record, target_check},
    {"bound clears", target_setup, bound_clear_prepare, bound_clear_record, target_check},
    {"bound clears in a pass", target_setup, bound_clear_prepare, bound_clear_in_pass_record, target_check},
    {"render passes", target_setup, target_prepare, render_pass_record, target_check},
    {"copies, first execution", fresh_list_setup, fresh_list_prepare, copies_record, buffer_check},
    {"bound clears in a bundle", bundle_setup, bound_clear_prepare, bundle_record, target_check},
};

/* ---- The runs ------------------------------------------------------------------------------- */

/* The points to try of `count`: all of them, or ALLOC_FAIL_CI_POINTS spread evenly. */
static unsigned int point_at(unsigned int count, unsigned int index, unsigned int *points)
{
    const char *all = getenv("D3D12RT_ALLOC_FAIL_ALL");

    *points = count;
    if ((all && *all == '1') || count <= ALLOC_FAIL_CI_POINTS)
        return index + 1;
    *points = ALLOC_FAIL_CI_POINTS;
    return 1 + (unsigned int)((unsigned long long)index * (count - 1) / (ALLOC_FAIL_CI_POINTS - 1));
}

static HRESULT close_list(struct test_context *t)
{
    return ID3D12GraphicsCommandList_Close(t->list);
}

static void reset_list(struct test_context *t)
{
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(t->allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t->list, t->allocator, NULL), S_OK);
}

/* Executes the closed list and waits; then Resets it for the next recording. */
static void execute_closed(struct test_context *t)
{
    ID3D12CommandList *list = (ID3D12CommandList *)t->list;

    ID3D12CommandQueue_ExecuteCommandLists(t->queue, 1, &list);
    wait_queue_idle(t);
    reset_list(t);
}

static HRESULT removed_reason(struct test_context *t)
{
    return ID3D12Device_GetDeviceRemovedReason(t->device);
}

/* A fresh device, so that every run starts from the same caches and pools, with the
 * path's resources and the list's faces. */
static void path_begin(const struct async_ctx *ctx, struct test_context *t, const struct alloc_path *path,
                       struct path_state *s)
{
    async_context_init(ctx, t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    memset(s, 0, sizeof(*s));
    path->setup(t, s);
    s->list12 = async_list(t);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(t->list, &IID_ID3D12GraphicsCommandList4,
                                                              (void **)&s->list4), S_OK);
    ID3D12GraphicsCommandList4_Release(s->list4);
}

static void path_end(struct test_context *t, struct path_state *s)
{
    path_state_release(s);
    test_context_destroy(t);
}

/* The undisturbed run: counts the path's allocations of `kind` and answers Close's HRESULT. */
static HRESULT baseline(const struct async_ctx *ctx, const struct alloc_path *path, enum alloc_fail_kind kind,
                        unsigned int *count)
{
    struct path_state s;
    struct test_context t;
    HRESULT hr;

    path_begin(ctx, &t, path, &s);
    path->prepare(&t, &s);
    alloc_fail_arm(kind, ~0u);
    path->record(&t, &s);
    hr = close_list(&t);
    alloc_fail_disarm(count);
    if (hr == S_OK)
    {
        execute_closed(&t);
        path->check(&t, &s, "undisturbed");
    }
    path_end(&t, &s);
    return hr;
}

/* One run with the nth allocation of `kind` failing, and its outcome checked. */
static void run_point(const struct async_ctx *ctx, const struct alloc_path *path, enum alloc_fail_kind kind,
                      unsigned int nth, HRESULT expected, const char *what)
{
    struct path_state s;
    struct test_context t;
    unsigned int seen;
    HRESULT hr;
    bool fired;

    path_begin(ctx, &t, path, &s);
    path->prepare(&t, &s);
    alloc_fail_arm(kind, nth);
    path->record(&t, &s);
    hr = close_list(&t);
    fired = alloc_fail_disarm(&seen);
    ck_assert_msg(fired, "%s: only %u allocations this time", what, seen);
    ++points_tried;
    if (removed_reason(&t) != S_OK)
    {
        ck_assert_msg(removed_reason(&t) == E_OUTOFMEMORY, "%s: device removed with %#x", what,
                      (unsigned int)removed_reason(&t));
    }
    else if (hr == expected)
    {
        /* Absorbed: the work must land all the same. */
        if (hr == S_OK)
        {
            execute_closed(&t);
            path->check(&t, &s, what);
        }
    }
    else
    {
        ck_assert_msg(hr == E_OUTOFMEMORY, "%s: Close answered %#x, expected %#x or E_OUTOFMEMORY", what,
                      (unsigned int)hr, (unsigned int)expected);
        /* Removed as out of memory: the same work after Reset. */
        reset_list(&t);
        path->prepare(&t, &s);
        path->record(&t, &s);
        ck_assert_msg(close_list(&t) == expected, "%s: Close after Reset", what);
        if (expected == S_OK)
        {
            execute_closed(&t);
            path->check(&t, &s, what);
        }
    }
    path_end(&t, &s);
}

/* The path's recording, closed, then submitted with the nth allocation of ExecuteCommandLists
 * and Signal failing (nth 0: counting only, *count gets how many there were). Submitted
 * work is never dropped silently: it lands, or the device is removed as out of memory. */
static void run_submission_point(const struct async_ctx *ctx, const struct alloc_path *path,
                                 enum alloc_fail_kind kind, unsigned int nth, unsigned int *count, const char *what)
{
    ID3D12CommandList *list;
    struct path_state s;
    struct test_context t;
    unsigned int seen;
    HRESULT hr;
    bool fired;

    path_begin(ctx, &t, path, &s);
    path->prepare(&t, &s);
    path->record(&t, &s);
    ck_assert_int_eq(close_list(&t), S_OK);
    list = (ID3D12CommandList *)t.list;
    alloc_fail_arm(kind, nth ? nth : ~0u);
    ID3D12CommandQueue_ExecuteCommandLists(t.queue, 1, &list);
    hr = ID3D12CommandQueue_Signal(t.queue, t.fence, ++t.fence_value);
    fired = alloc_fail_disarm(&seen);
    if (count)
        *count = seen;
    if (nth)
    {
        ck_assert_msg(fired, "%s: only %u allocations this time", what, seen);
        ++points_tried;
    }
    if (removed_reason(&t) != S_OK)
    {
        ck_assert_msg(removed_reason(&t) == E_OUTOFMEMORY, "%s: device removed with %#x", what,
                      (unsigned int)removed_reason(&t));
    }
    else
    {
        ck_assert_msg(hr == S_OK, "%s: Signal answered %#x on a device not removed", what, (unsigned int)hr);
        wait_queue_idle(&t);
        reset_list(&t);
        path->check(&t, &s, what);
    }
    path_end(&t, &s);
}

/* Every point of every path (or ALLOC_FAIL_CI_POINTS of them, see the top) of the
 * recording or of the submission. */
static void run_points(const struct async_ctx *ctx, enum alloc_fail_kind kind, bool submission)
{
    const char *kind_name = kind == ALLOC_FAIL_MALLOC ? "malloc" : "pages";
    const char *stage = submission ? "submission of " : "";
    unsigned int count, index, points, nth;
    HRESULT expected;
    char what[128];
    size_t p;

    for (p = 0; p < ARRAY_SIZE(alloc_paths); ++p)
    {
        expected = baseline(ctx, &alloc_paths[p], kind, &count);
        if (submission)
        {
            /* Only work that closed can be submitted; then count the submission's. */
            if (expected != S_OK)
                continue;
            run_submission_point(ctx, &alloc_paths[p], kind, 0, &count, "submission, undisturbed");
        }
        for (index = 0, points = 1; index < points && count; ++index)
        {
            nth = point_at(count, index, &points);
            snprintf(what, sizeof(what), "%s%s, %s %u of %u (%s)", stage, alloc_paths[p].name, kind_name, nth, count,
                     async_mode_name(ctx->mode));
            if (submission)
                run_submission_point(ctx, &alloc_paths[p], kind, nth, NULL, what);
            else
                run_point(ctx, &alloc_paths[p], kind, nth, expected, what);
        }
        fprintf(stderr, "alloc_fail: %s %s%s %s: %u allocations, %u tried\n", async_mode_name(ctx->mode), stage,
                alloc_paths[p].name, kind_name, count, count ? points : 0);
    }
}

ASYNC_TEST(test_alloc_fail_submission_malloc)
{
    run_points(ctx, ALLOC_FAIL_MALLOC, true);
}

ASYNC_TEST(test_alloc_fail_submission_pages)
{
    run_points(ctx, ALLOC_FAIL_PAGES, true);
}

/* More lists than ExecuteCommandLists holds without allocating (64): its array of driver
 * handles is allocated, and each allocation of the submission failing in turn removes the
 * device as out of memory or lands every list's word; never a healthy device that
 * dropped the call. The first one is that array, which cannot be absorbed. */
#define MANY_LISTS 65

static bool run_many_lists(const struct async_ctx *ctx, unsigned int nth, unsigned int *seen, HRESULT *removed)
{
    ID3D12GraphicsCommandList *lists[MANY_LISTS];
    uint32_t words[MANY_LISTS], *mapped;
    ID3D12Resource *src, *dst;
    struct test_context t;
    unsigned int i;
    bool fired;
    void *ptr;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    src = create_buffer(t.device, D3D12_HEAP_TYPE_UPLOAD, sizeof(words), D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_GENERIC_READ);
    dst = create_buffer(t.device, D3D12_HEAP_TYPE_READBACK, sizeof(words), D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COPY_DEST);
    for (i = 0; i < MANY_LISTS; ++i)
        words[i] = 0x51000000u + i;
    ck_assert_int_eq(ID3D12Resource_Map(src, 0, NULL, &ptr), S_OK);
    memcpy(ptr, words, sizeof(words));
    ID3D12Resource_Unmap(src, 0, NULL);
    ck_assert_int_eq(ID3D12Resource_Map(dst, 0, NULL, (void **)&mapped), S_OK);
    memset(mapped, 0xcd, sizeof(words));
    ck_assert_int_eq(close_list(&t), S_OK);
    for (i = 0; i < MANY_LISTS; ++i)
    {
        ck_assert_int_eq(ID3D12Device_CreateCommandList(t.device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, t.allocator,
                         NULL, &IID_ID3D12GraphicsCommandList, (void **)&lists[i]), S_OK);
        ID3D12GraphicsCommandList_CopyBufferRegion(lists[i], dst, 4 * i, src, 4 * i, 4);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Close(lists[i]), S_OK);
    }

    alloc_fail_arm(ALLOC_FAIL_MALLOC, nth ? nth : ~0u);
    ID3D12CommandQueue_ExecuteCommandLists(t.queue, MANY_LISTS, (ID3D12CommandList *const *)lists);
    ID3D12CommandQueue_Signal(t.queue, t.fence, ++t.fence_value);
    fired = alloc_fail_disarm(seen);
    if ((*removed = removed_reason(&t)) != S_OK)
    {
        ck_assert_msg(*removed == E_OUTOFMEMORY, "allocation %u of %u lists: removed with %#x", nth, MANY_LISTS,
                      (unsigned int)*removed);
    }
    else
    {
        wait_queue_idle(&t);
        for (i = 0; i < MANY_LISTS; ++i)
            ck_assert_msg(mapped[i] == words[i], "allocation %u of %u lists: word %u reads %#x on a healthy device",
                          nth, MANY_LISTS, i, mapped[i]);
    }
    if (nth)
        ++points_tried;
    for (i = 0; i < MANY_LISTS; ++i)
        ID3D12GraphicsCommandList_Release(lists[i]);
    ID3D12Resource_Unmap(dst, 0, NULL);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    test_context_destroy(&t);
    return fired;
}

ASYNC_TEST(test_alloc_fail_submission_many_lists)
{
    unsigned int count, seen, n;
    HRESULT removed;

    run_many_lists(ctx, 0, &count, &removed);
    ck_assert_int_eq(removed, S_OK);
    ck_assert_uint_ge(count, 1);
    for (n = 1; n <= count; ++n)
    {
        ck_assert_msg(run_many_lists(ctx, n, &seen, &removed), "allocation %u: only %u this time", n, seen);
        if (n == 1)
            ck_assert_int_eq(removed, E_OUTOFMEMORY);
    }
    fprintf(stderr, "alloc_fail: %s submission of %u lists malloc: %u allocations, %u tried\n",
            async_mode_name(ctx->mode), MANY_LISTS, count, count);
}

ASYNC_TEST(test_alloc_fail_recording_malloc)
{
    run_points(ctx, ALLOC_FAIL_MALLOC, false);
}

ASYNC_TEST(test_alloc_fail_recording_pages)
{
    run_points(ctx, ALLOC_FAIL_PAGES, false);
}

static Suite *alloc_fail_suite(void)
{
    Suite *suite = suite_create("alloc_fail");
    struct async_tcases recording, submission;

    async_tcases_create(suite, "recording", &recording);
    async_tcases_set_timeout(&recording, 300);
    async_tcase_add(&recording, test_alloc_fail_recording_malloc);
    async_tcase_add(&recording, test_alloc_fail_recording_pages);
    async_tcases_create(suite, "submission-pages", &submission);
    async_tcase_add(&submission, test_alloc_fail_submission_pages);
    async_tcases_create(suite, "submission-malloc", &submission);
    async_tcase_add(&submission, test_alloc_fail_submission_malloc);
    async_tcase_add(&submission, test_alloc_fail_submission_many_lists);
    return suite;
}

int main(void)
{
    return test_run_suites(alloc_fail_suite(), NULL);
}
