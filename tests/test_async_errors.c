/*
 * Every row of specs/api.md's "Error table": the HRESULT Close returns and the message
 * the debug layer's info queue holds, in the modes the row names (test_async.h runs a
 * test once natively and once on the forced fallback). Calls that pass validation go
 * on to the route: the copies and the resolves record (S_OK), the fill records on the
 * fallback, the other four are rejected by the fallback (E_FAIL,
 * ASYNC_COMMANDS_FALLBACK_UNSUPPORTED naming the missing route) and reach the driver
 * natively. Overlapping destinations are reported and kept.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async.h"
#include "rt_adapter.h"
#include "ddi_spy.h"
#include "fb_route.h"
#include "rt_message_ids.h"
#include "test_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define ERROR_SEVERITY D3D12_MESSAGE_SEVERITY_ERROR
#define WARNING_SEVERITY D3D12_MESSAGE_SEVERITY_WARNING

/* ---- Helpers ------------------------------------------------------------------------------- */

static void init(const struct async_ctx *ctx, struct test_context *t, D3D12_COMMAND_LIST_TYPE type)
{
    async_enable_debug_layer();
    async_context_init(ctx, t, type);
}

/* Clears the messages and starts the list again. */
static void restart(struct test_context *t)
{
    async_clear_messages(t->device);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t->list, t->allocator, NULL), S_OK);
}

/* The list was removed with hr, and the debug layer holds the error with id (and a text
 * containing `text` when it is not NULL). */
#define expect_removed(t, hr, id) expect_removed_(__LINE__, t, hr, id, NULL)
#define expect_removed_text(t, hr, id, text) expect_removed_(__LINE__, t, hr, id, text)
static void expect_removed_(unsigned int line, struct test_context *t, HRESULT hr, D3D12_MESSAGE_ID id,
                            const char *text)
{
    struct async_message message;

    check_close_(line, t->list, hr);
    check_message_(line, t->device, ERROR_SEVERITY, id, &message);
    ck_assert_msg(!text || strstr(message.text, text), "line %u: \"%s\" lacks \"%s\"", line, message.text, text);
    restart(t);
}

/* The call passed validation and went to its route: every method records, natively
 * through the built-in driver's complete Async table and on the fallback through seed
 * 000's routes. */
#define expect_routed(ctx, t, api) expect_routed_(__LINE__, ctx, t, api)
static void expect_routed_(unsigned int line, const struct async_ctx *ctx, struct test_context *t, enum fb_api api)
{
    check_close_(line, t->list, S_OK);
    check_no_message_(line, t->device, ERROR_SEVERITY);
    restart(t);
}

static ID3D12Resource *buffer(struct test_context *t, D3D12_HEAP_TYPE heap, UINT64 size)
{
    return create_buffer(t->device, heap, size, D3D12_RESOURCE_FLAG_NONE, heap == D3D12_HEAP_TYPE_UPLOAD
                         ? D3D12_RESOURCE_STATE_GENERIC_READ : heap == D3D12_HEAP_TYPE_READBACK
                         ? D3D12_RESOURCE_STATE_COPY_DEST : D3D12_RESOURCE_STATE_COMMON);
}

static ID3D12Resource *texture(struct test_context *t, DXGI_FORMAT format, UINT size, UINT mips, UINT layers,
                               UINT samples, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(format, size, size, layers, mips, samples, flags);

    return create_texture(t->device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

static bool device_has_tiled_resources(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;

    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options,
                                                      sizeof(options)), S_OK);
    return options.TiledResourcesTier != D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED;
}

/* A reserved buffer, or NULL (checked to fail) on a device without tiled resources. */
static ID3D12Resource *reserved_buffer(struct test_context *t, UINT64 size)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(size);
    ID3D12Resource *resource = NULL;
    HRESULT hr;

    hr = ID3D12Device_CreateReservedResource(t->device, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
                                             &IID_ID3D12Resource, (void **)&resource);
    ck_assert_int_eq(hr, device_has_tiled_resources(t->device) ? S_OK : E_INVALIDARG);
    return resource;
}

/* A CPU descriptor heap of one type and its first handle. */
static ID3D12DescriptorHeap *descriptor_heap(struct test_context *t, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count,
                                             D3D12_CPU_DESCRIPTOR_HANDLE *start)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {0};
    ID3D12DescriptorHeap *heap;

    desc.Type = type;
    desc.NumDescriptors = count;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t->device, &desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&heap), S_OK);
    *start = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    return heap;
}

/* Render targets and a depth buffer a direct list can bind. */
struct targets
{
    ID3D12Resource *rt, *ds;
    ID3D12DescriptorHeap *rtv_heap, *dsv_heap;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv, dsv, dsv_read_only;
};

static void targets_create(struct test_context *t, struct targets *targets)
{
    D3D12_DEPTH_STENCIL_VIEW_DESC dsv_desc = {0};

    targets->rt = texture(t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 1, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    targets->ds = texture(t, DXGI_FORMAT_D32_FLOAT, 16, 1, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    targets->rtv_heap = descriptor_heap(t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, &targets->rtv);
    targets->dsv_heap = descriptor_heap(t, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 2, &targets->dsv);
    ID3D12Device_CreateRenderTargetView(t->device, targets->rt, NULL, targets->rtv);
    dsv_desc.Format = DXGI_FORMAT_D32_FLOAT;
    dsv_desc.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
    ID3D12Device_CreateDepthStencilView(t->device, targets->ds, &dsv_desc, targets->dsv);
    targets->dsv_read_only.ptr = targets->dsv.ptr
            + ID3D12Device_GetDescriptorHandleIncrementSize(t->device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
    dsv_desc.Flags = D3D12_DSV_FLAG_READ_ONLY_DEPTH;
    ID3D12Device_CreateDepthStencilView(t->device, targets->ds, &dsv_desc, targets->dsv_read_only);
}

static void targets_destroy(struct targets *targets)
{
    ID3D12DescriptorHeap_Release(targets->dsv_heap);
    ID3D12DescriptorHeap_Release(targets->rtv_heap);
    ID3D12Resource_Release(targets->ds);
    ID3D12Resource_Release(targets->rt);
}

/* Calls an Async method with little or nothing to do: enough for the steps before input
 * validation (NOT_SUPPORTED, the queue rules). */
static void call_empty(ID3D12GraphicsCommandList12 *list, enum fb_api api)
{
    switch (api)
    {
        case FB_API_COPY_BUFFER_REGIONS:
            ID3D12GraphicsCommandList12_CopyBufferRegions(list, 0, NULL, NULL, NULL, NULL, NULL);
            break;
        case FB_API_COPY_TEXTURE_REGIONS:
            ID3D12GraphicsCommandList12_CopyTextureRegions(list, 0, NULL);
            break;
        case FB_API_COPY_RESOURCES:
            ID3D12GraphicsCommandList12_CopyResources(list, 0, NULL, NULL);
            break;
        case FB_API_COPY_TILES_ASYNC:
            ID3D12GraphicsCommandList12_CopyTilesAsync(list, NULL, NULL, NULL, NULL, 0, 0);
            break;
        case FB_API_RESOLVE_SUBRESOURCE_REGION_ASYNC:
            ID3D12GraphicsCommandList12_ResolveSubresourceRegionAsync(list, NULL, 0, 0, 0, NULL, 0, NULL,
                                                                      DXGI_FORMAT_UNKNOWN, 0);
            break;
        case FB_API_RESOLVE_QUERY_DATA_ASYNC:
            ID3D12GraphicsCommandList12_ResolveQueryDataAsync(list, NULL, 0, 0, 0, NULL, 0);
            break;
        case FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW:
            ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(list, D3D12_CLEAR_FLAG_DEPTH, 0.0f, 0, 0, NULL);
            break;
        case FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS:
            ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(list, 0, NULL, NULL, NULL);
            break;
        case FB_API_CLEAR_TEXTURE_SUBRESOURCES:
            ID3D12GraphicsCommandList12_ClearTextureSubresources(list, 0, NULL);
            break;
        case FB_API_FILL_BUFFERS:
            ID3D12GraphicsCommandList12_FillBuffers(list, 0, NULL);
            break;
        case FB_API_COUNT:
            break;
    }
}

/* The list types of seed 000's queue-rules table, per method. */
static bool allowed_on(enum fb_api api, D3D12_COMMAND_LIST_TYPE type)
{
    switch (api)
    {
        case FB_API_RESOLVE_SUBRESOURCE_REGION_ASYNC:
            return type == D3D12_COMMAND_LIST_TYPE_DIRECT;
        case FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW:
        case FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS:
            return type == D3D12_COMMAND_LIST_TYPE_DIRECT || type == D3D12_COMMAND_LIST_TYPE_BUNDLE;
        case FB_API_CLEAR_TEXTURE_SUBRESOURCES:
        case FB_API_FILL_BUFFERS:
            return type == D3D12_COMMAND_LIST_TYPE_DIRECT || type == D3D12_COMMAND_LIST_TYPE_COMPUTE;
        default:
            return type != D3D12_COMMAND_LIST_TYPE_BUNDLE;
    }
}

/* A call the queue rules allow: whatever its route or input made of it, no rule refused
 * it (the rules' messages say "not allowed"). */
#define check_not_refused(t, method) check_not_refused_(__LINE__, t, method)
static void check_not_refused_(unsigned int line, struct test_context *t, const char *method)
{
    UINT64 i, count;
    struct async_message message;

    ID3D12GraphicsCommandList_Close(t->list);
    count = async_message_count(t->device);
    for (i = 0; i < count; ++i)
    {
        async_get_message(t->device, i, &message);
        ck_assert_msg(!strstr(message.text, "not allowed"), "line %u: %s: %s", line, method, message.text);
    }
    restart(t);
}

static bool is_bound_clear(enum fb_api api)
{
    return api == FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW || api == FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS;
}

/* ---- Rows for every method ----------------------------------------------------------------- */

/* Impl NOT_SUPPORTED: every method removes the list, before any other check. */
START_TEST(test_not_supported)
{
    struct ddi_spy_masks masks = {0};
    struct test_context t;
    struct ddi_spy *spy;
    enum fb_api api;

    masks.max_tiled_resources_tier = -1;
    masks.hide_async_commands = true;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(spy);
    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    ck_assert_int_eq(async_impl(t.device), D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED);
    for (api = 0; api < FB_API_COUNT; ++api)
    {
        /* Even where the queue rules would refuse the call (bound clears on a copy list). */
        call_empty(async_list(&t), api);
        expect_removed_text(&t, E_FAIL, D3D12_MESSAGE_ID_ASYNC_COMMANDS_NOT_SUPPORTED, fb_api_name(api));
    }
    test_context_destroy(&t);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

static const D3D12_COMMAND_LIST_TYPE refusing_types[] =
{
    D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY,
};

/* Queue rules: a method on a list type it does not run on. */
ASYNC_TEST(test_queue_rules)
{
    D3D12_COMMAND_LIST_TYPE type = refusing_types[_i];
    struct test_context t;
    enum fb_api api;

    init(ctx, &t, type);
    for (api = 0; api < FB_API_COUNT; ++api)
    {
        call_empty(async_list(&t), api);
        if (allowed_on(api, type))
            check_not_refused(&t, fb_api_name(api));
        else
        {
            expect_removed_text(&t, E_INVALIDARG, type == D3D12_COMMAND_LIST_TYPE_BUNDLE
                                ? D3D12_MESSAGE_ID_INVALID_BUNDLE_API : RT_MESSAGE_ID_NONE_LIST_TYPE, fb_api_name(api));
        }
    }
    test_context_destroy(&t);
}

/* Inside a render pass only the bound clears are allowed. */
ASYNC_TEST(test_render_pass_rule)
{
    struct test_context t;
    enum fb_api api;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    for (api = 0; api < FB_API_COUNT; ++api)
    {
        ID3D12GraphicsCommandList4_BeginRenderPass((ID3D12GraphicsCommandList4 *)t.list, 0, NULL, NULL, 0);
        call_empty(async_list(&t), api);
        if (is_bound_clear(api))
        {
            ID3D12GraphicsCommandList4_EndRenderPass((ID3D12GraphicsCommandList4 *)t.list);
            check_not_refused(&t, fb_api_name(api));
        }
        else
        {
            expect_removed_text(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_DISALLOWED_API_CALLED,
                                fb_api_name(api));
        }
    }
    test_context_destroy(&t);
}

/* Between a suspending EndRenderPass and the resuming BeginRenderPass every Async call
 * is GPU work: the bound clears are refused at once with E_FAIL (seed 000: "Like any
 * other GPU work, a bound clear between a suspending EndRenderPass and the resuming
 * BeginRenderPass is rejected with E_FAIL"); the others, like a legacy copy there, make
 * the resuming BeginRenderPass, or Close when the list ends suspended, remove the list
 * (RENDER_PASS_GPU_WORK_WHILE_SUSPENDED, the D3D12 render-pass rule). */
ASYNC_TEST(test_suspended_pass_rule)
{
    ID3D12GraphicsCommandList4 *list4;
    struct test_context t;
    enum fb_api api;
    int resume;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    list4 = (ID3D12GraphicsCommandList4 *)t.list;
    for (api = 0; api < FB_API_COUNT; ++api)
    {
        /* call_empty's tile copy and resolves are invalid input, refused before this rule. */
        if (api == FB_API_COPY_TILES_ASYNC || api == FB_API_RESOLVE_SUBRESOURCE_REGION_ASYNC
                || api == FB_API_RESOLVE_QUERY_DATA_ASYNC)
            continue;
        for (resume = 0; resume < 2; ++resume)
        {
            ID3D12GraphicsCommandList4_BeginRenderPass(list4, 0, NULL, NULL, D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS);
            ID3D12GraphicsCommandList4_EndRenderPass(list4);
            call_empty(async_list(&t), api);
            if (resume)
            {
                ID3D12GraphicsCommandList4_BeginRenderPass(list4, 0, NULL, NULL, D3D12_RENDER_PASS_FLAG_RESUMING_PASS);
                ID3D12GraphicsCommandList4_EndRenderPass(list4);
            }
            if (is_bound_clear(api))
                expect_removed_text(&t, E_FAIL, D3D12_MESSAGE_ID_RENDER_PASS_GPU_WORK_WHILE_SUSPENDED,
                                    fb_api_name(api));
            else
                expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_GPU_WORK_WHILE_SUSPENDED);
        }
    }
    /* State setup between the passes is no GPU work: the pair closes. */
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, 0, NULL, NULL, D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS);
    ID3D12GraphicsCommandList4_EndRenderPass(list4);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(t.list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, 0, NULL, NULL, D3D12_RENDER_PASS_FLAG_RESUMING_PASS);
    ID3D12GraphicsCommandList4_EndRenderPass(list4);
    check_close(t.list, S_OK);
    test_context_destroy(&t);
}

/* A call on a list that is not recording is dropped and removes the list. */
ASYNC_TEST(test_not_recording)
{
    UINT64 zero = 0;
    struct test_context t;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    check_close(t.list, S_OK);
    ID3D12GraphicsCommandList12_CopyBufferRegions(async_list(&t), 1, NULL, &zero, NULL, &zero, &zero);
    check_message(t.device, ERROR_SEVERITY, D3D12_MESSAGE_ID_COMMAND_LIST_CLOSED, NULL);
    check_close(t.list, E_FAIL);
    restart(&t);
    test_context_destroy(&t);
}

/* Valid input of the methods beyond the copies: the fallback lowers every one of them,
 * natively the driver's table decides. */
ASYNC_TEST(test_unlowered_methods)
{
    static const D3D12_BOX whole = {0, 0, 0, 16, 16, 1};
    D3D12_TILED_RESOURCE_COORDINATE start = {0};
    D3D12_CLEAR_TEXTURE_DESC clear = {0};
    D3D12_TILE_REGION_SIZE size = {0};
    D3D12_FILL_BUFFER_DESC fill = {0};
    ID3D12Resource *msaa, *single, *buf, *tiled;
    D3D12_CLEAR_DATA value = {{{0}}};
    struct targets targets;
    struct test_context t;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    msaa = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 1, 1, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    single = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    buf = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 65536);
    targets_create(&t, &targets);

    ID3D12GraphicsCommandList12_ResolveSubresourceRegionAsync(async_list(&t), single, 0, 0, 0, msaa, 0, NULL,
            DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    expect_routed(ctx, &t, FB_API_RESOLVE_SUBRESOURCE_REGION_ASYNC);

    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &targets.rtv, FALSE, &targets.dsv);
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), D3D12_CLEAR_FLAG_DEPTH, 1.0f, 0, 1,
                                                           &whole);
    expect_routed(ctx, &t, FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &targets.rtv, FALSE, &targets.dsv);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, NULL, NULL);
    expect_routed(ctx, &t, FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS);

    clear.pTexture = single;
    clear.SubresourceIndex = UINT_MAX;
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &clear);
    expect_routed(ctx, &t, FB_API_CLEAR_TEXTURE_SUBRESOURCES);

    fill.pBuffer = buf;
    fill.RawPatternSizeInBytes = 4;
    fill.RepeatCount = 16;
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &fill);
    expect_routed(ctx, &t, FB_API_FILL_BUFFERS);

    /* CopyTilesAsync needs a reserved resource: only on a device with tiled resources. */
    if ((tiled = reserved_buffer(&t, 65536)))
    {
        size.NumTiles = 1;
        ID3D12GraphicsCommandList12_CopyTilesAsync(async_list(&t), tiled, &start, &size, buf, 0,
                D3D12_TILE_COPY_FLAG_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE);
        expect_routed(ctx, &t, FB_API_COPY_TILES_ASYNC);
        ID3D12Resource_Release(tiled);
    }

    targets_destroy(&targets);
    ID3D12Resource_Release(buf);
    ID3D12Resource_Release(single);
    ID3D12Resource_Release(msaa);
    test_context_destroy(&t);
}

/* Bound clears in bundles: allowed by the API and recorded in both modes (the fallback
 * lowers them when the bundle executes, beyond seed 000's rule). */
ASYNC_TEST(test_bound_clears_in_bundles)
{
    D3D12_CLEAR_DATA value = {{{0}}};
    struct test_context t;
    HRESULT hr;
    int i;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_BUNDLE);
    for (i = 0; i < 2; ++i)
    {
        if (i)
            ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), 1, &value, NULL, NULL);
        else
            ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), D3D12_CLEAR_FLAG_DEPTH, 0.0f, 0,
                                                                   0, NULL);
        hr = ID3D12GraphicsCommandList_Close(t.list);
        ck_assert_int_eq(hr, S_OK);
        check_no_message(t.device, ERROR_SEVERITY);
        restart(&t);
    }
    test_context_destroy(&t);
}

/* On the fallback a bundle's bound clear meets the bindings when it executes: nothing
 * bound there is the debug layer's error and the clear is skipped, as in a direct list;
 * a read-only plane (which removes a direct list) is skipped with an error, the
 * executing list kept (the bundle was valid when recorded; D3D12 leaves this undefined). */
ASYNC_TEST(test_bound_clear_bundle_bindings_at_execution)
{
    D3D12_CPU_DESCRIPTOR_HANDLE dsv;
    D3D12_DEPTH_STENCIL_VIEW_DESC desc;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *bundle;
    ID3D12GraphicsCommandList12 *bundle12;
    struct async_message message;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *ds;
    struct test_context t;
    D3D12_RESOURCE_DESC rd;

    if (!async_fallback(ctx))
        return;
    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    bundle = create_bundle(t.device, NULL, &allocator);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(bundle, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&bundle12), S_OK);
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(bundle12, D3D12_CLEAR_FLAG_DEPTH, 1.0f, 0, 0, NULL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);

    ID3D12GraphicsCommandList_ExecuteBundle(t.list, bundle);
    check_message(t.device, ERROR_SEVERITY, D3D12_MESSAGE_ID_CLEARBOUNDDEPTHSTENCILVIEW_DEPTH_STENCIL_UNBOUND, NULL);
    check_close(t.list, S_OK);
    restart(&t);

    memset(&rd, 0, sizeof(rd));
    rd.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    rd.Width = rd.Height = 4;
    rd.DepthOrArraySize = rd.MipLevels = 1;
    rd.Format = DXGI_FORMAT_D32_FLOAT;
    rd.SampleDesc.Count = 1;
    rd.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    ds = create_texture(t.device, &rd, D3D12_RESOURCE_STATE_DEPTH_READ);
    heap = descriptor_heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, &dsv);
    memset(&desc, 0, sizeof(desc));
    desc.Format = DXGI_FORMAT_D32_FLOAT;
    desc.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
    desc.Flags = D3D12_DSV_FLAG_READ_ONLY_DEPTH;
    ID3D12Device_CreateDepthStencilView(t.device, ds, &desc, dsv);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 0, NULL, FALSE, &dsv);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList_ExecuteBundle(t.list, bundle);
    ck_assert_uint_eq(async_spy_count(ctx, "ClearDepthStencilView") + async_spy_count(ctx, "DrawInstanced"), 0);
    check_message(t.device, ERROR_SEVERITY, D3D12_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID, &message);
    ck_assert_msg(strstr(message.text, "read-only") && strstr(message.text, "skipped"), "%s", message.text);
    check_close(t.list, S_OK);

    ID3D12DescriptorHeap_Release(heap);
    ID3D12Resource_Release(ds);
    ID3D12GraphicsCommandList12_Release(bundle12);
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(allocator);
    test_context_destroy(&t);
}

/* ---- CopyBufferRegions --------------------------------------------------------------------- */

ASYNC_TEST(test_copy_buffer_regions_errors)
{
    ID3D12Resource *a, *b, *tex, *dsts[2], *srcs[2];
    UINT64 dst_offsets[2] = {0, 0}, src_offsets[2] = {0, 0}, sizes[2] = {16, 16};
    struct test_context t;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_COPY);
    a = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 256);
    b = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 256);
    tex = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    dsts[0] = dsts[1] = a;
    srcs[0] = srcs[1] = b;

#define COPY(n) ID3D12GraphicsCommandList12_CopyBufferRegions(async_list(&t), n, dsts, dst_offsets, srcs, \
                                                              src_offsets, sizes)
    ID3D12GraphicsCommandList12_CopyBufferRegions(async_list(&t), 1, dsts, dst_offsets, srcs, src_offsets, NULL);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER6);
    dsts[1] = NULL;
    COPY(2);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYBUFFERREGIONS_INVALIDDESTRESOURCE);
    dsts[1] = tex;
    COPY(2);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYBUFFERREGIONS_INVALIDDESTRESOURCE);
    dsts[1] = a;
    srcs[0] = NULL;
    COPY(2);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYBUFFERREGION_NULLSRC);
    srcs[0] = tex;
    COPY(2);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYBUFFERREGION_INVALIDSRCRESOURCEDIMENSION);
    srcs[0] = b;
    dst_offsets[1] = 250;
    COPY(2);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYBUFFERREGION_DSTRANGEOUTOFBOUNDS);
    dst_offsets[1] = 16;
    src_offsets[0] = UINT64_MAX - 4;
    COPY(2);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYBUFFERREGION_SRCRANGEOUTOFBOUNDS);
    /* A region reading and writing intersecting bytes of one buffer: undefined, reported by
     * the debug layer, not refused (D3D12EnhancedBarriers.md, "Self Resource Copy"). */
    src_offsets[0] = 8;
    srcs[0] = a;
    COPY(1);
    check_message(t.device, ERROR_SEVERITY, D3D12_MESSAGE_ID_COPY_ON_SAME_SUBRESOURCE, NULL);
    async_clear_messages(t.device);
    execute_and_wait(&t);
    check_no_message(t.device, ERROR_SEVERITY);
    async_clear_messages(t.device);

    /* Overlaps within one call: reported, kept, executed. */
    srcs[0] = b;
    dst_offsets[1] = 8;
    COPY(2);
    check_message(t.device, WARNING_SEVERITY, D3D12_MESSAGE_ID_COPYBUFFERREGIONS_REPEATED_DEST_RESOURCE, NULL);
    execute_and_wait(&t);
    check_no_message(t.device, ERROR_SEVERITY);
    async_clear_messages(t.device);
    dst_offsets[1] = 64;
    srcs[1] = a;
    COPY(2);
    check_message(t.device, WARNING_SEVERITY, D3D12_MESSAGE_ID_COPYBUFFERREGIONS_REPEATED_DEST_RESOURCE, NULL);
    execute_and_wait(&t);
    check_no_message(t.device, ERROR_SEVERITY);
#undef COPY

    ID3D12Resource_Release(tex);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    test_context_destroy(&t);
}

/* ---- CopyTextureRegions -------------------------------------------------------------------- */

ASYNC_TEST(test_copy_texture_regions_errors)
{
    static const D3D12_BOX empty = {0, 0, 0, 0, 4, 1}, past = {0, 0, 0, 9, 8, 1}, quarter = {0, 0, 0, 4, 4, 1};
    D3D12_TEXTURE_COPY_REGION region = {0, 0, 0, NULL}, regions[2] = {{0, 0, 0, &quarter}, {2, 2, 0, &quarter}};
    ID3D12Resource *t1, *t2, *other, *buf;
    D3D12_TEXTURE_COPY_DESC desc = {0}, good;
    struct test_context t;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    t1 = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    t2 = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    other = texture(&t, DXGI_FORMAT_R16G16_FLOAT, 8, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    buf = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 4096);
    good.Type = D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_TEXTURE;
    good.NumRegions = 1;
    good.pCopyRegions = &region;
    good.TextureTextureCopy.pDest = t2;
    good.TextureTextureCopy.DestSubresourceIndex = 0;
    good.TextureTextureCopy.pSource = t1;
    good.TextureTextureCopy.SourceSubresourceIndex = 0;

#define COPY() ID3D12GraphicsCommandList12_CopyTextureRegions(async_list(&t), 1, &desc)
    ID3D12GraphicsCommandList12_CopyTextureRegions(async_list(&t), 1, NULL);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2);
    desc = good;
    desc.Type = 3;
    COPY();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_UNRECOGNIZEDDSTTYPE);
    desc = good;
    desc.TextureTextureCopy.pDest = NULL;
    COPY();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_NULLDST);
    desc = good;
    desc.TextureTextureCopy.pSource = NULL;
    COPY();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_NULLSRC);
    desc = good;
    desc.TextureTextureCopy.pDest = buf;
    COPY();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTRESOURCEDIMENSION);
    /* A buffer side given a texture. */
    memset(&desc, 0, sizeof(desc));
    desc.NumRegions = 1;
    desc.pCopyRegions = &region;
    desc.Type = D3D12_TEXTURE_COPY_DESC_TYPE_BUFFER_TO_TEXTURE;
    desc.BufferTextureCopy.pBuffer = t1;
    desc.BufferTextureCopy.pTexture = t2;
    COPY();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCRESOURCEDIMENSION);
    desc = good;
    desc.TextureTextureCopy.DestSubresourceIndex = 1;
    COPY();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTSUBRESOURCE);
    desc = good;
    desc.TextureTextureCopy.SourceSubresourceIndex = 7;
    COPY();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCSUBRESOURCE);
    desc = good;
    desc.pCopyRegions = NULL;
    COPY();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2);
    desc = good;
    region.pSourceBox = &empty;
    COPY();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_EMPTYBOX);
    /* CopyTextureRegion's own rules: the box past the source, the region past the
     * destination, formats of two families, a misplaced footprint. */
    region.pSourceBox = &past;
    COPY();
    expect_removed_text(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCBOX, "exceeds the source");
    region.pSourceBox = &quarter;
    region.DestX = 6;
    COPY();
    expect_removed_text(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_DSTREGIONOUTOFBOUNDS,
                        "exceeds the destination");
    region.DestX = 0;
    desc.TextureTextureCopy.pDest = other;
    COPY();
    expect_removed_text(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_FORMATMISMATCH, "not copy compatible");
    memset(&desc, 0, sizeof(desc));
    desc.NumRegions = 1;
    desc.pCopyRegions = &region;
    desc.Type = D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_BUFFER;
    desc.BufferTextureCopy.pBuffer = buf;
    desc.BufferTextureCopy.pTexture = t1;
    desc.BufferTextureCopy.SubresourceIndex = 0;
    desc.BufferTextureCopy.PlacedFootprint.Offset = 4;
    desc.BufferTextureCopy.PlacedFootprint.Footprint.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.BufferTextureCopy.PlacedFootprint.Footprint.Width = 8;
    desc.BufferTextureCopy.PlacedFootprint.Footprint.Height = 8;
    desc.BufferTextureCopy.PlacedFootprint.Footprint.Depth = 1;
    desc.BufferTextureCopy.PlacedFootprint.Footprint.RowPitch = 256;
    COPY();
    expect_removed_text(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDDSTPLACEMENT, "footprint offset");

    /* Two regions writing the same texels: reported, kept, executed. */
    desc = good;
    desc.NumRegions = 2;
    desc.pCopyRegions = regions;
    COPY();
    check_message(t.device, WARNING_SEVERITY, D3D12_MESSAGE_ID_COPYTEXTUREREGIONS_REPEATED_DEST_RESOURCE, NULL);
    execute_and_wait(&t);
    check_no_message(t.device, ERROR_SEVERITY);
#undef COPY

    ID3D12Resource_Release(buf);
    ID3D12Resource_Release(other);
    ID3D12Resource_Release(t2);
    ID3D12Resource_Release(t1);
    test_context_destroy(&t);
}

/* ---- CopyResources ------------------------------------------------------------------------- */

ASYNC_TEST(test_copy_resources_errors)
{
    ID3D12Resource *a, *b, *c, *small, *dsts[2], *srcs[2];
    struct test_context t;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    a = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 256);
    b = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 256);
    c = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 256);
    small = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 128);

    ID3D12GraphicsCommandList12_CopyResources(async_list(&t), 1, dsts, NULL);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER3);
    dsts[0] = NULL;
    srcs[0] = a;
    ID3D12GraphicsCommandList12_CopyResources(async_list(&t), 1, dsts, srcs);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYRESOURCE_NULLDST);
    dsts[0] = b;
    srcs[0] = NULL;
    ID3D12GraphicsCommandList12_CopyResources(async_list(&t), 1, dsts, srcs);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYRESOURCE_NULLSRC);
    srcs[0] = small;
    ID3D12GraphicsCommandList12_CopyResources(async_list(&t), 1, dsts, srcs);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYRESOURCE_INVALIDDSTRESOURCE);
    srcs[0] = b;
    ID3D12GraphicsCommandList12_CopyResources(async_list(&t), 1, dsts, srcs);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_COPYRESOURCE_INVALIDDSTRESOURCE);

    /* The same destination twice: reported, kept, executed. */
    dsts[0] = dsts[1] = c;
    srcs[0] = a;
    srcs[1] = b;
    ID3D12GraphicsCommandList12_CopyResources(async_list(&t), 2, dsts, srcs);
    check_message(t.device, WARNING_SEVERITY, D3D12_MESSAGE_ID_COPYRESOURCES_REPEATED_DEST_RESOURCE, NULL);
    execute_and_wait(&t);
    check_no_message(t.device, ERROR_SEVERITY);

    ID3D12Resource_Release(small);
    ID3D12Resource_Release(c);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    test_context_destroy(&t);
}

/* ---- CopyTilesAsync ------------------------------------------------------------------------ */

ASYNC_TEST(test_copy_tiles_errors)
{
    D3D12_TILED_RESOURCE_COORDINATE start = {0};
    D3D12_TILE_REGION_SIZE size = {0};
    ID3D12Resource *committed, *buf, *tiled;
    struct test_context t;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_COPY);
    committed = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 65536);
    buf = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 65536);
    size.NumTiles = 1;
    /* CopyTiles' rules: a reserved resource, a region, flags with one direction. */
    ID3D12GraphicsCommandList12_CopyTilesAsync(async_list(&t), committed, &start, &size, buf, 0,
                                               D3D12_TILE_COPY_FLAG_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE);
    expect_removed_text(&t, E_INVALIDARG, RT_MESSAGE_ID_NONE_COPYTILES, "reserved resource");
    if ((tiled = reserved_buffer(&t, 65536)))
    {
        ID3D12GraphicsCommandList12_CopyTilesAsync(async_list(&t), tiled, &start, &size, buf, 0, 0);
        expect_removed_text(&t, E_INVALIDARG, RT_MESSAGE_ID_NONE_COPYTILES, "flags");
        ID3D12Resource_Release(tiled);
    }
    ID3D12Resource_Release(buf);
    ID3D12Resource_Release(committed);
    test_context_destroy(&t);
}

/* ---- ResolveSubresourceRegionAsync --------------------------------------------------------- */

ASYNC_TEST(test_resolve_region_errors)
{
    static const D3D12_RECT outside = {0, 0, 17, 16};
    ID3D12Resource *msaa, *single, *buf;
    struct test_context t;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    msaa = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 1, 1, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    single = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    buf = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 4096);

#define RESOLVE(dst, dst_sub, src, src_sub, rect, format, mode) \
    ID3D12GraphicsCommandList12_ResolveSubresourceRegionAsync(async_list(&t), dst, dst_sub, 0, 0, src, src_sub, \
                                                              rect, format, mode)
    RESOLVE(NULL, 0, msaa, 0, NULL, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_NULLDST);
    RESOLVE(single, 0, NULL, 0, NULL, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_NULLSRC);
    RESOLVE(buf, 0, msaa, 0, NULL, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALIDDSTRESOURCE);
    RESOLVE(single, 0, buf, 0, NULL, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALIDSRCRESOURCE);
    RESOLVE(single, 1, msaa, 0, NULL, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_SUBRESOURCE_INDEX);
    /* The legacy region resolve's rules: sample counts, mode, format, rect. */
    RESOLVE(single, 0, single, 0, NULL, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    expect_removed_text(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT, "multisampled");
    RESOLVE(single, 0, msaa, 0, NULL, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_ENCODE_SAMPLER_FEEDBACK);
    expect_removed_text(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_FORMAT, "mode");
    RESOLVE(single, 0, msaa, 0, NULL, DXGI_FORMAT_R16G16_FLOAT, D3D12_RESOLVE_MODE_AVERAGE);
    expect_removed_text(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_FORMAT, "format");
    RESOLVE(single, 0, msaa, 0, &outside, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    expect_removed_text(&t, E_INVALIDARG, D3D12_MESSAGE_ID_RESOLVESUBRESOURCEREGION_INVALID_RECT, "rectangle");
#undef RESOLVE

    ID3D12Resource_Release(buf);
    ID3D12Resource_Release(single);
    ID3D12Resource_Release(msaa);
    test_context_destroy(&t);
}

/* ---- ResolveQueryDataAsync ----------------------------------------------------------------- */

ASYNC_TEST(test_resolve_query_data_errors)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS;
    ID3D12Resource *def, *upload, *readback, *tex;
    D3D12_QUERY_HEAP_DESC heap_desc;
    struct test_context t;
    ID3D12QueryHeap *heap;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    def = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 256);
    upload = buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 256);
    readback = buffer(&t, D3D12_HEAP_TYPE_READBACK, 256);
    tex = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);

#define RESOLVE(type, count, dst, offset) \
    ID3D12GraphicsCommandList12_ResolveQueryDataAsync(async_list(&t), NULL, type, 0, count, dst, offset)
    RESOLVE(D3D12_QUERY_TYPE_TIMESTAMP, 1, NULL, 0);
    expect_removed(&t, E_INVALIDARG, id);
    RESOLVE(D3D12_QUERY_TYPE_TIMESTAMP, 1, tex, 0);
    expect_removed(&t, E_INVALIDARG, id);
    RESOLVE(D3D12_QUERY_TYPE_TIMESTAMP, 1, def, 4);
    expect_removed_text(&t, E_INVALIDARG, id, "8-byte");
    /* Seed 000: UPLOAD destinations are refused in both modes. */
    RESOLVE(D3D12_QUERY_TYPE_TIMESTAMP, 1, upload, 0);
    expect_removed_text(&t, E_INVALIDARG, id, "UPLOAD");
    RESOLVE(D3D12_QUERY_TYPE_VIDEO_DECODE_STATISTICS, 1, def, 0);
    expect_removed_text(&t, E_INVALIDARG, id, "query type");
    RESOLVE(D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 3, def, 0);
    expect_removed_text(&t, E_INVALIDARG, id, "overrun");
    /* A heap that is not this device's (default and readback destinations are otherwise
     * fine). */
    RESOLVE(D3D12_QUERY_TYPE_TIMESTAMP, 32, readback, 0);
    expect_removed_text(&t, E_INVALIDARG, id, "query heap");
    RESOLVE(D3D12_QUERY_TYPE_OCCLUSION, 1, def, 248);
    expect_removed_text(&t, E_INVALIDARG, id, "query heap");
#undef RESOLVE

    /* A heap of this device: of the query's type, the range inside it; then routed. */
    heap_desc.Type = D3D12_QUERY_HEAP_TYPE_TIMESTAMP;
    heap_desc.Count = 4;
    heap_desc.NodeMask = 0;
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(t.device, &heap_desc, &IID_ID3D12QueryHeap, (void **)&heap), S_OK);
    ID3D12GraphicsCommandList12_ResolveQueryDataAsync(async_list(&t), heap, D3D12_QUERY_TYPE_OCCLUSION, 0, 1, def, 0);
    expect_removed_text(&t, E_INVALIDARG, id, "cannot be resolved");
    ID3D12GraphicsCommandList12_ResolveQueryDataAsync(async_list(&t), heap, D3D12_QUERY_TYPE_TIMESTAMP, 2, 3, def, 0);
    expect_removed_text(&t, E_INVALIDARG, id, "outside the heap");
    ID3D12GraphicsCommandList12_ResolveQueryDataAsync(async_list(&t), heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 4,
                                                      readback, 0);
    expect_routed(ctx, &t, FB_API_RESOLVE_QUERY_DATA_ASYNC);
    ID3D12QueryHeap_Release(heap);

    ID3D12Resource_Release(tex);
    ID3D12Resource_Release(readback);
    ID3D12Resource_Release(upload);
    ID3D12Resource_Release(def);
    test_context_destroy(&t);
}

/* ---- Bound clears -------------------------------------------------------------------------- */

ASYNC_TEST(test_clear_bound_depth_stencil_errors)
{
    static const D3D12_BOX inverted = {4, 0, 0, 2, 4, 1}, boxes[2] = {{0, 0, 0, 8, 8, 1}, {4, 4, 0, 12, 12, 1}};
    struct targets targets;
    struct test_context t;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    targets_create(&t, &targets);

#define BIND(dsv) ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &targets.rtv, FALSE, dsv)
#define CLEAR(flags, n, regions) \
    ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(async_list(&t), flags, 1.0f, 0, n, regions)
    BIND(&targets.dsv);
    CLEAR(0, 0, NULL);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID);
    BIND(&targets.dsv);
    CLEAR(0x4, 0, NULL);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID);
    /* A NULL region array is the whole view, whatever the count. */
    BIND(&targets.dsv);
    CLEAR(D3D12_CLEAR_FLAG_DEPTH, 1, NULL);
    expect_routed(ctx, &t, FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW);
    BIND(&targets.dsv);
    CLEAR(D3D12_CLEAR_FLAG_DEPTH, 1, &inverted);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDSOURCEBOX);
    BIND(&targets.dsv_read_only);
    CLEAR(D3D12_CLEAR_FLAG_DEPTH, 0, NULL);
    expect_removed_text(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CLEARDEPTHSTENCILVIEW_INVALID, "read-only");

    /* Nothing bound: skipped, an error of the debug layer's; the list lives. */
    BIND(NULL);
    CLEAR(D3D12_CLEAR_FLAG_DEPTH, 0, NULL);
    check_message(t.device, ERROR_SEVERITY, D3D12_MESSAGE_ID_CLEARBOUNDDEPTHSTENCILVIEW_DEPTH_STENCIL_UNBOUND, NULL);
    check_close(t.list, S_OK);
    restart(&t);

    /* Overlapping regions: reported, kept, routed. */
    BIND(&targets.dsv);
    CLEAR(D3D12_CLEAR_FLAG_DEPTH, 2, boxes);
    check_message(t.device, WARNING_SEVERITY, D3D12_MESSAGE_ID_CLEARBOUNDDEPTHSTENCILVIEW_REPEATED_DEST_RESOURCE,
                  NULL);
    expect_routed(ctx, &t, FB_API_CLEAR_BOUND_DEPTH_STENCIL_VIEW);
#undef CLEAR
#undef BIND

    targets_destroy(&targets);
    test_context_destroy(&t);
}

ASYNC_TEST(test_clear_bound_render_targets_errors)
{
    static const D3D12_BOX inverted = {0, 4, 0, 4, 2, 1}, boxes[2] = {{0, 0, 0, 8, 8, 1}, {4, 4, 0, 12, 12, 1}};
    const D3D12_BOX *regions[1] = {&inverted};
    D3D12_CPU_DESCRIPTOR_HANDLE twice[2];
    D3D12_CLEAR_DATA values[2];
    struct targets targets;
    struct test_context t;
    UINT counts[2] = {1, 1};

    memset(values, 0, sizeof(values));
    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    targets_create(&t, &targets);

#define BIND() ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &targets.rtv, FALSE, NULL)
#define CLEAR(mask, v, n, r) ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&t), mask, v, n, r)
    BIND();
    CLEAR(0x100, values, NULL, NULL);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER1);
    BIND();
    CLEAR(1, NULL, NULL, NULL);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2);
    BIND();
    CLEAR(1, values, counts, NULL);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER3);
    BIND();
    CLEAR(1, values, counts, regions);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDSOURCEBOX);
    /* A NULL entry of ppRegions is the whole view. */
    BIND();
    regions[0] = NULL;
    CLEAR(1, values, counts, regions);
    expect_routed(ctx, &t, FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS);

    /* Slot 1 has nothing bound: skipped and reported; the list lives. */
    BIND();
    CLEAR(0x2, values, NULL, NULL);
    check_message(t.device, ERROR_SEVERITY, D3D12_MESSAGE_ID_CLEARBOUNDRENDERTARGETVIEWS_RENDER_TARGET_UNBOUND,
                  NULL);
    check_close(t.list, S_OK);
    restart(&t);

    /* Overlapping regions of a slot, or the same view in two slots: reported, kept, routed. */
    BIND();
    regions[0] = boxes;
    counts[0] = 2;
    CLEAR(1, values, counts, regions);
    check_message(t.device, WARNING_SEVERITY, D3D12_MESSAGE_ID_CLEARBOUNDRENDERTARGETVIEWS_REPEATED_DEST_RESOURCE,
                  NULL);
    expect_routed(ctx, &t, FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS);
    twice[0] = twice[1] = targets.rtv;
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 2, twice, FALSE, NULL);
    CLEAR(3, values, NULL, NULL);
    check_message(t.device, WARNING_SEVERITY, D3D12_MESSAGE_ID_CLEARBOUNDRENDERTARGETVIEWS_REPEATED_DEST_RESOURCE,
                  NULL);
    expect_routed(ctx, &t, FB_API_CLEAR_BOUND_RENDER_TARGET_VIEWS);
#undef CLEAR
#undef BIND

    targets_destroy(&targets);
    test_context_destroy(&t);
}

/* ---- ClearTextureSubresources -------------------------------------------------------------- */

ASYNC_TEST(test_clear_texture_errors)
{
    static const D3D12_BOX inverted = {4, 0, 0, 2, 4, 1}, empty = {2, 0, 0, 2, 4, 1}, outside = {0, 0, 0, 8, 20, 1};
    static const D3D12_BOX misaligned = {2, 0, 0, 8, 8, 1}, part = {0, 0, 0, 8, 8, 1};
    const D3D12_MESSAGE_ID bad_box = D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDSOURCEBOX;
    D3D12_CLEAR_TEXTURE_DESC desc = {0}, good = {0}, two[2];
    ID3D12Resource *rgba, *mipped, *bc1, *buf;
    struct test_context t;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    rgba = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 1, 2, 1, D3D12_RESOURCE_FLAG_NONE);
    mipped = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 2, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    bc1 = texture(&t, DXGI_FORMAT_BC1_UNORM, 16, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    buf = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 256);
    good.pTexture = rgba;
    good.SubresourceIndex = 0;

#define CLEAR() ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc)
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, NULL);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2);
    desc = good;
    desc.pTexture = buf;
    CLEAR();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2);
    desc = good;
    desc.SubresourceIndex = 2;
    CLEAR();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2);
    desc = good;
    desc.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
    CLEAR();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CLEARTEXTURESUBRESOURCES_UNRECOGNIZED_FORMAT);
    desc.Format = DXGI_FORMAT_R16G16_FLOAT;
    CLEAR();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CLEARTEXTURESUBRESOURCES_UNRECOGNIZED_FORMAT);
    desc = good;
    desc.pTexture = mipped;
    desc.SubresourceIndex = UINT_MAX;
    desc.pRegion = &part;
    CLEAR();
    expect_removed_text(&t, E_INVALIDARG, bad_box, "mip levels");
    desc = good;
    desc.pRegion = &inverted;
    CLEAR();
    expect_removed(&t, E_INVALIDARG, bad_box);
    desc.pRegion = &empty;
    CLEAR();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_DEVICE_CLEARVIEW_EMPTYBOX);
    desc.pRegion = &outside;
    CLEAR();
    expect_removed_text(&t, E_INVALIDARG, bad_box, "outside");
    desc.pTexture = bc1;
    desc.pRegion = &misaligned;
    CLEAR();
    expect_removed_text(&t, E_INVALIDARG, bad_box, "aligned");

    /* Two descs clearing the same texels: reported, kept, routed. */
    two[0] = good;
    two[1] = good;
    two[1].SubresourceIndex = UINT_MAX;
    two[1].pRegion = &part;
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 2, two);
    check_message(t.device, WARNING_SEVERITY, D3D12_MESSAGE_ID_CLEARTEXTURESUBRESOURCES_REPEATED_DEST_RESOURCE,
                  NULL);
    expect_routed(ctx, &t, FB_API_CLEAR_TEXTURE_SUBRESOURCES);
#undef CLEAR

    ID3D12Resource_Release(buf);
    ID3D12Resource_Release(bc1);
    ID3D12Resource_Release(mipped);
    ID3D12Resource_Release(rgba);
    test_context_destroy(&t);
}

/* ---- FillBuffers --------------------------------------------------------------------------- */

ASYNC_TEST(test_fill_buffers_errors)
{
    const D3D12_MESSAGE_ID bad_desc = D3D12_MESSAGE_ID_FILL_BUFFERS_INVALID_FILL_BUFFER_DESC;
    const D3D12_MESSAGE_ID bad_format = D3D12_MESSAGE_ID_FILLBUFFERS_UNRECOGNIZED_FORMAT;
    static const struct { UINT size; UINT64 offset; bool valid; } alignments[] =
    {
        {1, 3, true}, {2, 3, false}, {2, 6, true}, {4, 6, false}, {8, 4, true}, {12, 4, true}, {16, 12, true},
        {16, 8, true}, {8, 2, false},
    };
    D3D12_FILL_BUFFER_DESC desc = {0}, good = {0}, two[2];
    ID3D12Resource *buf, *tex, *tiled;
    struct test_context t;
    UINT i;

    init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buf = buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 256);
    tex = texture(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    good.pBuffer = buf;
    good.RawPatternSizeInBytes = 4;
    good.RepeatCount = 8;

#define FILL() ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc)
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, NULL);
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2);
    desc = good;
    desc.pBuffer = NULL;
    FILL();
    expect_removed(&t, E_INVALIDARG, bad_desc);
    desc.pBuffer = tex;
    FILL();
    expect_removed(&t, E_INVALIDARG, bad_desc);
    desc = good;
    desc.RawPatternSizeInBytes = 3;
    FILL();
    expect_removed_text(&t, E_INVALIDARG, bad_desc, "raw pattern size 3");
    desc.RawPatternSizeInBytes = 32;
    FILL();
    expect_removed_text(&t, E_INVALIDARG, bad_desc, "raw pattern size 32");
    desc = good;
    desc.Format = DXGI_FORMAT_R32_UINT;
    FILL();
    expect_removed_text(&t, E_INVALIDARG, bad_desc, "RawPatternSizeInBytes");
    /* Formats: typeless, block-compressed, several pixels per element, planar, no
     * buffer support (sRGB on the built-in driver). */
    desc.RawPatternSizeInBytes = 0;
    desc.Format = DXGI_FORMAT_R32_TYPELESS;
    FILL();
    expect_removed(&t, E_INVALIDARG, bad_format);
    desc.Format = DXGI_FORMAT_BC1_UNORM;
    FILL();
    expect_removed(&t, E_INVALIDARG, bad_format);
    desc.Format = DXGI_FORMAT_G8R8_G8B8_UNORM;
    FILL();
    expect_removed(&t, E_INVALIDARG, bad_format);
    desc.Format = DXGI_FORMAT_NV12;
    FILL();
    expect_removed(&t, E_INVALIDARG, bad_format);
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    FILL();
    expect_removed_text(&t, E_INVALIDARG, bad_format, "cannot fill");
    /* Offset alignment: 1, 2, and 4 for patterns of 4 bytes or more. */
    for (i = 0; i < ARRAY_SIZE(alignments); ++i)
    {
        desc = good;
        desc.RawPatternSizeInBytes = alignments[i].size;
        desc.Offset = alignments[i].offset;
        FILL();
        if (alignments[i].valid)
            expect_routed(ctx, &t, FB_API_FILL_BUFFERS);
        else
            expect_removed_text(&t, E_INVALIDARG, bad_desc, "not aligned");
    }
    /* Only an Offset past the end is out of range; an Offset at the end and repetitions
     * past it are fine (they are omitted, never written in part). */
    desc = good;
    desc.Offset = 260;
    FILL();
    expect_removed(&t, E_INVALIDARG, D3D12_MESSAGE_ID_FILLBUFFERS_INVALID_FILL_RANGE);
    desc.Offset = 256;
    FILL();
    expect_routed(ctx, &t, FB_API_FILL_BUFFERS);
    desc.Offset = 248;
    desc.RawPatternSizeInBytes = 12;
    desc.RepeatCount = 1000;
    FILL();
    expect_routed(ctx, &t, FB_API_FILL_BUFFERS);
    desc = good;
    desc.RawPatternSizeInBytes = 0;
    desc.Format = DXGI_FORMAT_R32G32B32_FLOAT;
    FILL();
    expect_routed(ctx, &t, FB_API_FILL_BUFFERS);

    /* Reserved buffers: no 12-byte patterns, raw or formatted (tiled resources only). */
    if ((tiled = reserved_buffer(&t, 65536)))
    {
        desc = good;
        desc.pBuffer = tiled;
        desc.RawPatternSizeInBytes = 12;
        FILL();
        expect_removed_text(&t, E_INVALIDARG, bad_desc, "reserved");
        desc.RawPatternSizeInBytes = 0;
        desc.Format = DXGI_FORMAT_R32G32B32_FLOAT;
        FILL();
        expect_removed_text(&t, E_INVALIDARG, bad_desc, "reserved");
        ID3D12Resource_Release(tiled);
    }

    /* Overlapping fills: reported, kept, routed. */
    two[0] = good;
    two[1] = good;
    two[1].Offset = 16;
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 2, two);
    check_message(t.device, WARNING_SEVERITY, D3D12_MESSAGE_ID_FILLBUFFERS_INVALID_FILL_RANGE, NULL);
    expect_routed(ctx, &t, FB_API_FILL_BUFFERS);
#undef FILL

    ID3D12Resource_Release(tex);
    ID3D12Resource_Release(buf);
    test_context_destroy(&t);
}

static Suite *async_errors_suite(void)
{
    Suite *suite = suite_create("async_errors");
    struct async_tcases tcases;
    TCase *tc;

    tc = tcase_create("not_supported");
    tcase_add_test(tc, test_not_supported);
    suite_add_tcase(suite, tc);

    async_tcases_create(suite, "rules", &tcases);
    async_tcase_add_loop(&tcases, test_queue_rules, 0, ARRAY_SIZE(refusing_types));
    async_tcase_add(&tcases, test_render_pass_rule);
    async_tcase_add(&tcases, test_not_recording);
    async_tcase_add(&tcases, test_suspended_pass_rule);
    async_tcase_add(&tcases, test_unlowered_methods);
    async_tcase_add(&tcases, test_bound_clears_in_bundles);
    async_tcase_add(&tcases, test_bound_clear_bundle_bindings_at_execution);

    async_tcases_create(suite, "input", &tcases);
    async_tcase_add(&tcases, test_copy_buffer_regions_errors);
    async_tcase_add(&tcases, test_copy_texture_regions_errors);
    async_tcase_add(&tcases, test_copy_resources_errors);
    async_tcase_add(&tcases, test_copy_tiles_errors);
    async_tcase_add(&tcases, test_resolve_region_errors);
    async_tcase_add(&tcases, test_resolve_query_data_errors);
    async_tcase_add(&tcases, test_clear_bound_depth_stencil_errors);
    async_tcase_add(&tcases, test_clear_bound_render_targets_errors);
    async_tcase_add(&tcases, test_clear_texture_errors);
    async_tcase_add(&tcases, test_fill_buffers_errors);
    return suite;
}

int main(void)
{
    return test_run_suites(async_errors_suite(), NULL);
}
