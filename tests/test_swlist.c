/*
 * Software command lists (runtime/rt_swlist.h): a DDI spy hides the driver's
 * COMMANDLISTS cap and the runtime records and replays. Every device test here runs
 * with the driver's lists and with software lists (the loop index) and reads back the
 * bytes the GPU wrote.
 */
#include "test_check.h"
#include "test_run.h"
#include "test_compute_util.h"
#include "rt_adapter.h"
#include "ddi_spy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Driver lists; software lists on a free-threaded driver; on a serialising one. */
enum {MODE_DRIVER, MODE_SOFTWARE, MODE_SERIALIZED, MODE_COUNT};
static const char *const mode_names[] = {"driver lists", "software lists", "software lists, serialized"};

static struct ddi_spy *spy;

static void use_spy(const struct ddi_spy_masks *masks)
{
    ck_assert_ptr_nonnull(spy = ddi_spy_create(masks, false));
    rt_testing_set_driver_spy(spy);
}

static void use_mode(int mode)
{
    struct ddi_spy_masks masks = {.max_tiled_resources_tier = -1, .hide_command_lists = mode == MODE_SOFTWARE,
                                  .hide_free_threading = mode == MODE_SERIALIZED};

    use_spy(&masks);
}

static void drop_spy(void)
{
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
    spy = NULL;
}

/* Two DEFAULT buffers of size bytes: src holds data (the pattern of data_seed), dst the
 * pattern of poison_seed. */
static void copy_buffers(struct test_context *ctx, size_t size, unsigned int data_seed, unsigned int poison_seed,
                         void *data, ID3D12Resource **src, ID3D12Resource **dst)
{
    *src = create_buffer(ctx->device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_COMMON);
    *dst = create_buffer(ctx->device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_COMMON);
    fill_pattern(data, size, data_seed);
    upload_buffer_data(ctx, *src, 0, data, size);
    poison_buffer(ctx, *dst, poison_seed);
}

static void check_words(unsigned int line, const uint32_t *got, UINT count, uint32_t a, uint32_t b, int mode)
{
    UINT i;

    for (i = 0; i < count; ++i)
        ck_assert_msg(got[i] == a * i + b, "line %u, %s: dword %u is %#x, expected %#x", line, mode_names[mode], i,
                      got[i], a * i + b);
}

/* u0[i] = c0.x * i + c0.y */
static const char constants_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 1\n"
    "dcl_thread_group 64, 1, 1\n"
    "imad r0.x, vThreadID.x, cb0[0].x, cb0[0].y\n"
    "ishl r0.y, vThreadID.x, l(2)\n"
    "store_raw u0.x, r0.y, r0.x\n"
    "ret\n";

/* The caps say which lists the device uses; software lists reach the driver only at
 * ExecuteCommandLists, and the copy's bytes arrive either way. */
START_TEST(test_swlist_caps_and_replay)
{
    D3D12RT_FEATURE_DATA_THREADING threading;
    ID3D12Resource *src, *dst;
    struct test_context ctx;
    uint8_t data[256], got[256];
    size_t before;

    use_mode(_i);
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(ctx.device, (D3D12_FEATURE)D3D12RT_FEATURE_THREADING,
                                                      &threading, sizeof(threading)), S_OK);
    ck_assert_int_eq(threading.DriverConcurrentCreates, _i != MODE_SERIALIZED);
    ck_assert_int_eq(threading.DriverCommandLists, _i == MODE_DRIVER);

    copy_buffers(&ctx, sizeof(data), 5, 6, data, &src, &dst);

    before = ddi_spy_count(spy, "CopyBufferRegion");
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 16, src, 0, 64);
    ck_assert_uint_eq(ddi_spy_count(spy, "CopyBufferRegion") - before, _i == MODE_DRIVER ? 1 : 0);
    execute_and_wait(&ctx);
    ck_assert_uint_eq(ddi_spy_count(spy, "CopyBufferRegion") - before, 1);

    fill_pattern(got, sizeof(got), 6);
    memcpy(got + 16, data, 64);
    memcpy(data, got, sizeof(data));
    read_buffer(&ctx, dst, sizeof(got), got);
    ck_assert_msg(!memcmp(got, data, sizeof(got)), "%s: the copy's bytes differ", mode_names[_i]);

    ID3D12Resource_Release(src);
    ID3D12Resource_Release(dst);
    test_context_destroy(&ctx);
    drop_spy();
}
END_TEST

/* Two poisoned 16x16 RGBA8 render targets and one RTV, in a heap of its own, of the first:
 * the descriptor capture tests overwrite it with a view of the other and free the heap. */
struct capture_targets
{
    ID3D12Resource *target, *other;
    ID3D12DescriptorHeap *heap;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    unsigned int other_seed;
};

static void capture_targets_init(struct test_context *ctx, struct capture_targets *c, unsigned int seed)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    D3D12_RESOURCE_DESC desc;

    desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    c->target = create_texture(ctx->device, &desc, D3D12_RESOURCE_STATE_COMMON);
    c->other = create_texture(ctx->device, &desc, D3D12_RESOURCE_STATE_COMMON);
    c->other_seed = seed + 1;
    poison_texture(ctx, c->target, seed);
    poison_texture(ctx, c->other, c->other_seed);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(ctx->device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&c->heap), S_OK);
    c->rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(c->heap);
    ID3D12Device_CreateRenderTargetView(ctx->device, c->target, NULL, c->rtv);
    transition_resource(ctx, c->target, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
}

/* Right after the call under test: the descriptor names the other texture, its heap is gone. */
static void capture_targets_overwrite(struct test_context *ctx, struct capture_targets *c)
{
    ID3D12Device_CreateRenderTargetView(ctx->device, c->other, NULL, c->rtv);
    ID3D12DescriptorHeap_Release(c->heap);
    c->heap = NULL;
}

/* Executes; every texel of the target is `texel`, the other texture is untouched. */
static void capture_targets_check(struct test_context *ctx, struct capture_targets *c, uint32_t texel, int mode)
{
    uint32_t got[16 * 16], poison[16 * 16];
    unsigned int i;

    transition_resource(ctx, c->target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON);
    execute_and_wait(ctx);
    read_texture_subresource(ctx, c->target, 0, got);
    for (i = 0; i < ARRAY_SIZE(got); ++i)
        ck_assert_msg(got[i] == texel, "%s: texel %u of the target is %#x", mode_names[mode], i, got[i]);
    read_texture_subresource(ctx, c->other, 0, got);
    fill_pattern(poison, sizeof(poison), c->other_seed);
    ck_assert_msg(!memcmp(got, poison, sizeof(got)), "%s: the other texture changed", mode_names[mode]);
    ID3D12Resource_Release(c->target);
    ID3D12Resource_Release(c->other);
}

/* ClearRenderTargetView reads its descriptor at the call: overwriting it with a view of
 * another texture and freeing its heap right after changes nothing that executes. */
START_TEST(test_swlist_descriptor_capture)
{
    static const FLOAT color[4] = {1.0f, 0.0f, 0.0f, 1.0f};
    struct capture_targets c;
    struct test_context ctx;

    use_mode(_i);
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    capture_targets_init(&ctx, &c, 11);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, c.rtv, color, 0, NULL);
    capture_targets_overwrite(&ctx, &c);
    capture_targets_check(&ctx, &c, 0xff0000ffu, _i);
    test_context_destroy(&ctx);
    drop_spy();
}
END_TEST

/* OMSetRenderTargets reads its descriptor array at the call: the bound clear after it
 * (ClearBoundRenderTargetViews) clears the texture the descriptor named then, though the
 * descriptor now names another and its heap is gone. */
START_TEST(test_swlist_bound_descriptor_capture)
{
    ID3D12GraphicsCommandList12 *list12;
    struct capture_targets c;
    D3D12_CLEAR_DATA value;
    struct test_context ctx;

    use_mode(_i);
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    capture_targets_init(&ctx, &c, 13);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&list12), S_OK);
    memset(&value, 0, sizeof(value));
    value.Floats[1] = 1.0f;
    value.Floats[3] = 1.0f;
    ID3D12GraphicsCommandList_OMSetRenderTargets(ctx.list, 1, &c.rtv, FALSE, NULL);
    capture_targets_overwrite(&ctx, &c);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(list12, 1, &value, NULL, NULL);
    capture_targets_check(&ctx, &c, 0xff00ff00u, _i);
    ID3D12GraphicsCommandList12_Release(list12);
    test_context_destroy(&ctx);
    drop_spy();
}
END_TEST

/* One bundle executed by two lists, each with its own root arguments: the bundle's
 * dispatch runs inline in each with the arguments of the list that executes it. */
START_TEST(test_swlist_bundle_two_lists)
{
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12CommandAllocator *bundle_allocator, *allocator2;
    ID3D12GraphicsCommandList *bundle, *list2;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *buffers[2];
    ID3D12GraphicsCommandList *lists[2];
    struct test_context ctx;
    uint32_t got[64];
    unsigned int i;

    use_mode(_i);
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameters[0] = root_constants(0, 0, 2);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, constants_cs);
    for (i = 0; i < 2; ++i)
    {
        buffers[i] = uav_buffer(&ctx, sizeof(got));
        poison_buffer(&ctx, buffers[i], 20 + i);
    }

    bundle = create_bundle(ctx.device, pipeline, &bundle_allocator);
    ID3D12GraphicsCommandList_SetComputeRootSignature(bundle, signature);
    ID3D12GraphicsCommandList_Dispatch(bundle, 1, 1, 1);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);

    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                     &IID_ID3D12CommandAllocator, (void **)&allocator2), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator2, NULL,
                     &IID_ID3D12GraphicsCommandList, (void **)&list2), S_OK);
    lists[0] = ctx.list;
    lists[1] = list2;
    for (i = 0; i < 2; ++i)
    {
        ID3D12GraphicsCommandList_SetComputeRootSignature(lists[i], signature);
        ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(lists[i], 0, 3 + i, 0);
        ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(lists[i], 0, 7 + i, 1);
        ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(lists[i], 1,
                ID3D12Resource_GetGPUVirtualAddress(buffers[i]));
        ID3D12GraphicsCommandList_ExecuteBundle(lists[i], bundle);
    }
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(list2), S_OK);
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, (ID3D12CommandList **)&list2);
    execute_and_wait(&ctx);

    for (i = 0; i < 2; ++i)
    {
        read_buffer(&ctx, buffers[i], sizeof(got), got);
        check_words(__LINE__, got, ARRAY_SIZE(got), 3 + i, 7 + i, _i);
    }
    if (_i != MODE_DRIVER)
        ck_assert_uint_eq(ddi_spy_count(spy, "ExecuteBundle"), 0);

    ID3D12GraphicsCommandList_Release(list2);
    ID3D12CommandAllocator_Release(allocator2);
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(bundle_allocator);
    for (i = 0; i < 2; ++i)
        ID3D12Resource_Release(buffers[i]);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
    drop_spy();
}
END_TEST

/* A list executed twice is replayed once and runs twice; after its allocator's Reset
 * and a new recording it runs what was recorded last. */
START_TEST(test_swlist_execute_again)
{
    ID3D12Resource *src, *dst;
    struct test_context ctx;
    uint8_t data[64], got[64];
    size_t before;

    use_mode(_i);
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    copy_buffers(&ctx, sizeof(data), 30, 31, data, &src, &dst);

    before = ddi_spy_count(spy, "CopyBufferRegion");
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 0, src, 0, sizeof(data));
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, (ID3D12CommandList **)&ctx.list);
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, (ID3D12CommandList **)&ctx.list);
    wait_queue_idle(&ctx);
    ck_assert_uint_eq(ddi_spy_count(spy, "CopyBufferRegion") - before, 1);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    read_buffer(&ctx, dst, sizeof(got), got);
    ck_assert_msg(!memcmp(got, data, sizeof(got)), "%s: the copy's bytes differ", mode_names[_i]);

    ID3D12Resource_Release(src);
    ID3D12Resource_Release(dst);
    test_context_destroy(&ctx);
    drop_spy();
}
END_TEST

/* Seed 004: command lists depend on free-threading; a driver claiming them without it
 * gets no device. */
START_TEST(test_swlist_lists_without_free_threading_refused)
{
    const struct ddi_spy_masks masks = {.max_tiled_resources_tier = -1, .claim_lists_without_free_threading = true};
    ID3D12Device *device = (ID3D12Device *)(uintptr_t)1;

    char message[1024];
    FILE *captured;
    size_t length;
    int saved;

    use_spy(&masks);
    /* The refusal's message goes to stderr: this (forked) test's stderr is a file here. */
    ck_assert_ptr_nonnull(captured = tmpfile());
    fflush(stderr);
    ck_assert_int_ge(saved = dup(STDERR_FILENO), 0);
    ck_assert_int_ge(dup2(fileno(captured), STDERR_FILENO), 0);
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), E_FAIL);
    fflush(stderr);
    ck_assert_int_ge(dup2(saved, STDERR_FILENO), 0);
    close(saved);
    ck_assert_ptr_null(device);
    ck_assert_uint_eq(ddi_spy_count(spy, "CreateDevice"), 0);
    rewind(captured);
    length = fread(message, 1, sizeof(message) - 1, captured);
    message[length] = 0;
    fclose(captured);
    ck_assert_msg(strstr(message, "0124_THREADING: COMMANDLISTS without FREETHREADED"), "stderr: %s", message);
    drop_spy();
}
END_TEST

/* d3d12info tells which lists the device records with (the built binary, D3D12INFO_BIN;
 * D3D12RT_TEST_DRIVER_MASKS makes its driver one without command lists). */
START_TEST(test_swlist_d3d12info)
{
    static const char *const masks[] = {"", "hide_command_lists", "hide_free_threading"};
    static const char *const expected[] = {"free-threaded; command lists driver", "free-threaded; command lists emulated",
                                           "serialized; command lists emulated"};
    const char *bin = getenv("D3D12INFO_BIN");
    char command[1024], out[16384];

    ck_assert_msg(bin && *bin, "D3D12INFO_BIN is not set");
    snprintf(command, sizeof(command), "D3D12RT_TEST_DRIVER_MASKS='%s' '%s' 2>/dev/null", masks[_i], bin);
    ck_assert_int_eq(test_run_command(command, out, sizeof(out)), 0);
    ck_assert_msg(strstr(out, expected[_i]), "%s: d3d12info says:\n%s", mode_names[_i], out);
}
END_TEST

static Suite *swlist_suite(void)
{
    Suite *suite = suite_create("swlist");
    TCase *tc = tcase_create("record_replay");

    tcase_add_loop_test(tc, test_swlist_caps_and_replay, 0, MODE_COUNT);
    tcase_add_loop_test(tc, test_swlist_descriptor_capture, 0, MODE_COUNT);
    tcase_add_loop_test(tc, test_swlist_bound_descriptor_capture, 0, MODE_COUNT);
    tcase_add_loop_test(tc, test_swlist_bundle_two_lists, 0, MODE_COUNT);
    tcase_add_loop_test(tc, test_swlist_execute_again, 0, MODE_COUNT);
    tcase_add_test(tc, test_swlist_lists_without_free_threading_refused);
    tcase_add_loop_test(tc, test_swlist_d3d12info, 0, MODE_COUNT);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(swlist_suite(), NULL);
}
