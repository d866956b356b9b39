/*
 * FillBuffers' compute route (seed 000): on a FALLBACK device a fill of a UAV buffer in a
 * GPU heap, dword-aligned, whose scope the list tracks from its own barrier, is written
 * by the runtime's fill shader (runtime/shaders/, specs/shaders.md) dispatched on the
 * built-in device's shader engine. Every test runs natively too (test_async.h), where
 * the driver's Async table fills; bytes are read back against expectations computed
 * here, and the DDI spy shows which route ran. Also: the conditions that send a fill to
 * the upload route instead, and the application's compute state put back after the
 * runtime's dispatch (the application's own shader runs correctly afterwards).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async_fill.h"
#include "dxbc_asm.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static ID3D12Resource *uav_buffer(struct test_context *t, UINT64 size)
{
    return create_buffer(t->device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                         D3D12_RESOURCE_STATE_COMMON);
}

/* Fallback: `dispatches` Dispatch calls and no copy; native: one FillBuffers. */
#define check_compute_route(ctx, dispatches) check_compute_route_(__LINE__, ctx, dispatches)
static void check_compute_route_(unsigned int line, const struct async_ctx *ctx, size_t dispatches)
{
    size_t native = async_spy_count(ctx, "FillBuffers"), dispatch = async_spy_count(ctx, "Dispatch");
    size_t copies = async_spy_count(ctx, "CopyBufferRegion");

    if (async_fallback(ctx))
        ck_assert_msg(!native && dispatch == dispatches && !copies,
                      "line %u: %zu FillBuffers, %zu Dispatch, %zu CopyBufferRegion; expected 0, %zu, 0", line,
                      native, dispatch, copies, dispatches);
    else
        ck_assert_msg(native == 1 && !dispatch && !copies,
                      "line %u: %zu FillBuffers, %zu Dispatch, %zu CopyBufferRegion; expected 1, 0, 0", line, native,
                      dispatch, copies);
}

/* The compute route's two barriers on a buffer the list tracks in COPY / COPY_DEST. */
static void check_fill_barriers(const struct async_ctx *ctx)
{
    struct async_barrier barrier;

    async_spy_barrier(ctx, 0, &barrier);
    check_barrier(&barrier, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_SYNC_COMPUTE_SHADING, D3D12_BARRIER_ACCESS_COPY_DEST,
                  D3D12_BARRIER_ACCESS_UNORDERED_ACCESS, -1, -1);
    async_spy_barrier(ctx, 1, &barrier);
    check_barrier(&barrier, D3D12_BARRIER_SYNC_COMPUTE_SHADING, D3D12_BARRIER_SYNC_COPY,
                  D3D12_BARRIER_ACCESS_UNORDERED_ACCESS, D3D12_BARRIER_ACCESS_COPY_DEST, -1, -1);
}

/* Every pattern size at dword-aligned offsets, one clamped at the end, on direct and
 * compute lists: one dispatch per fill, barriers in and out, and the bytes. */
ASYNC_TEST(test_fill_compute_bytes)
{
    static const D3D12_COMMAND_LIST_TYPE types[] = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE};
    static const struct { UINT64 offset; UINT size, repeat; } fills[] =
    {
        {0, 1, 8}, {32, 2, 6}, {64, 4, 9}, {104, 8, 3}, {128, 12, 5}, {192, 16, 4},
        {256, 4, 100000},   /* clamped to the end */
    };
    const UINT64 size = 4096;
    D3D12_FILL_BUFFER_DESC descs[ARRAY_SIZE(fills)];
    unsigned char *expected;
    ID3D12Resource *buffer;
    struct test_context t;
    UINT i;

    async_context_init(ctx, &t, types[_i]);
    buffer = uav_buffer(&t, size);
    expected = poisoned(&t, buffer, size, 7);
    for (i = 0; i < ARRAY_SIZE(fills); ++i)
    {
        descs[i] = raw_fill(buffer, fills[i].offset, fills[i].size, fills[i].repeat, (UINT8)(i * 40 + 3));
        apply_fill_desc(expected, size, &descs[i]);
    }
    track_buffer(async_list(&t), buffer);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), ARRAY_SIZE(descs), descs);
    check_compute_route(ctx, ARRAY_SIZE(fills));
    /* Seed 000: from the tracked scope (COPY / COPY_DEST, track_buffer) to
     * COMPUTE_SHADING / UNORDERED_ACCESS, and back to COPY / COPY_DEST: one call each. */
    ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), async_fallback(ctx) ? 2 : 0);
    if (async_fallback(ctx))
        check_fill_barriers(ctx);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, size, "bytes");
    free(expected);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* A fill above one dispatch's reach (65,535 groups of 64 dwords) takes two, the second
 * starting on a pattern boundary. */
ASYNC_TEST(test_fill_compute_split)
{
    const UINT64 size = 16 * 1024 * 1024 + 4096;
    D3D12_FILL_BUFFER_DESC desc;
    unsigned char *expected;
    ID3D12Resource *buffer;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = uav_buffer(&t, size);
    expected = poisoned(&t, buffer, size, 9);
    desc = raw_fill(buffer, 48, 12, UINT32_MAX, 0x31);
    apply_fill_desc(expected, size, &desc);
    track_buffer(async_list(&t), buffer);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    check_compute_route(ctx, 2);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, size, "split");
    free(expected);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* Fills at and across 4 GiB land there and not 4 GiB lower: the buffer's pages are
 * only reserved by the simulated device, and two 8 KiB windows are poisoned, filled
 * and read back, the low one where a 32-bit offset would wrap to. */
ASYNC_TEST(test_fill_compute_above_4gib)
{
    enum { WINDOW = 8192 };
    const UINT64 four_gib = 1ull << 32, size = four_gib + 65536;
    const UINT64 windows[2] = {0, four_gib - WINDOW / 2};
    unsigned char expected[2][WINDOW], got[WINDOW];
    D3D12_FILL_BUFFER_DESC descs[2];
    ID3D12Resource *buffer;
    struct test_context t;
    UINT i, w;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = uav_buffer(&t, size);
    for (w = 0; w < 2; ++w)
    {
        fill_pattern(expected[w], WINDOW, 40 + w);
        upload_buffer_data(&t, buffer, windows[w], expected[w], WINDOW);
    }
    descs[0] = raw_fill(buffer, four_gib - 128, 8, 64, 0x51);       /* across 4 GiB */
    descs[1] = raw_fill(buffer, four_gib + 1024, 12, 100, 0x13);    /* above it */
    for (i = 0; i < 2; ++i)
        apply_fill(expected[1], WINDOW, descs[i].Offset - windows[1], descs[i].FillValue.Bytes,
                   descs[i].RawPatternSizeInBytes, descs[i].RepeatCount);
    track_buffer(async_list(&t), buffer);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 2, descs);
    check_compute_route(ctx, 2);
    execute_and_wait(&t);
    for (w = 0; w < 2; ++w)
    {
        read_buffer_range(&t, buffer, windows[w], WINDOW, got);
        check_bytes(got, expected[w], WINDOW, w ? "at 4 GiB" : "4 GiB lower");
    }
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* Fills missing one condition each take the upload route; the others of the same call
 * still dispatch. */
ASYNC_TEST(test_fill_compute_conditions)
{
    const UINT64 size = 1024;
    ID3D12Resource *tracked, *untracked, *plain;
    D3D12_FILL_BUFFER_DESC descs[4];
    unsigned char *expected[3];
    ID3D12Resource *buffers[3];
    struct test_context t;
    UINT i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffers[0] = tracked = uav_buffer(&t, size);
    buffers[1] = untracked = uav_buffer(&t, size);
    buffers[2] = plain = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_NONE,
                                       D3D12_RESOURCE_STATE_COMMON);
    for (i = 0; i < 3; ++i)
        expected[i] = poisoned(&t, buffers[i], size, 20 + i);
    descs[0] = raw_fill(tracked, 0, 4, 16, 1);          /* compute */
    descs[1] = raw_fill(tracked, 70, 2, 5, 2);          /* not dword-aligned: upload */
    descs[2] = raw_fill(untracked, 0, 8, 8, 3);         /* no tracked scope: upload */
    descs[3] = raw_fill(plain, 0, 16, 4, 4);            /* no UAV flag: upload */
    apply_fill_desc(expected[0], size, &descs[0]);
    apply_fill_desc(expected[0], size, &descs[1]);
    apply_fill_desc(expected[1], size, &descs[2]);
    apply_fill_desc(expected[2], size, &descs[3]);
    track_buffer(async_list(&t), tracked);
    track_buffer(async_list(&t), plain);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), ARRAY_SIZE(descs), descs);
    ck_assert_uint_eq(async_spy_count(ctx, "Dispatch"), async_fallback(ctx) ? 1 : 0);
    ck_assert_uint_eq(async_spy_count(ctx, "CopyBufferRegion"), async_fallback(ctx) ? 3 : 0);
    execute_and_wait(&t);
    for (i = 0; i < 3; ++i)
    {
        check_buffer(&t, buffers[i], expected[i], size, "conditions");
        free(expected[i]);
        ID3D12Resource_Release(buffers[i]);
    }
    test_context_destroy(&t);
}

/* A predicated-off compute fill writes nothing; the barriers still run. */
ASYNC_TEST(test_fill_compute_predicated)
{
    static const UINT64 zero;
    const UINT64 size = 512;
    ID3D12Resource *buffer, *predicate;
    D3D12_FILL_BUFFER_DESC desc;
    unsigned char *expected;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = uav_buffer(&t, size);
    predicate = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 8, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&t, predicate, 0, &zero, sizeof(zero));
    expected = poisoned(&t, buffer, size, 5);
    transition_resource(&t, predicate, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_PREDICATION);
    track_buffer(async_list(&t), buffer);
    ID3D12GraphicsCommandList_SetPredication(t.list, predicate, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    async_spy_clear(ctx);
    desc = raw_fill(buffer, 0, 4, 128, 0x77);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    check_compute_route(ctx, 1);
    /* Predication skips the dispatch only: barriers are never predicated (D3D12's
     * SetPredication applies to draws, dispatches, copies, clears and resolves). */
    ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), async_fallback(ctx) ? 2 : 0);
    if (async_fallback(ctx))
        check_fill_barriers(ctx);
    ID3D12GraphicsCommandList_SetPredication(t.list, NULL, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, size, "predicated");
    free(expected);
    ID3D12Resource_Release(predicate);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* ---- The application's compute state ------------------------------------------------- */

/* Writes its four root constants (b0) at the start of its root UAV (u0). */
static const char app_shader[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_uav_raw u0\n"
    "dcl_thread_group 1, 1, 1\n"
    "store_raw u0.xyzw, l(0), cb0[0].xyzw\n"
    "ret\n";

struct app_compute
{
    ID3D12RootSignature *root_signature;
    ID3D12PipelineState *pipeline;
};

/* Root parameter 0: a CBV the shader does not read; 1: four constants at b0 (so the
 * constants sit at dword 2 of the signature); 2: the root UAV u0. */
static void app_compute_create(struct test_context *t, struct app_compute *app)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    D3D12_COMPUTE_PIPELINE_STATE_DESC pso;
    D3D12_ROOT_PARAMETER1 parameters[3];
    ID3DBlob *blob = NULL, *errors = NULL;
    char error[256];
    void *code;
    size_t code_size;

    memset(parameters, 0, sizeof(parameters));
    parameters[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
    parameters[0].Descriptor.ShaderRegister = 7;
    parameters[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    parameters[1].Constants.Num32BitValues = 4;
    parameters[2].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = ARRAY_SIZE(parameters);
    desc.Desc_1_1.pParameters = parameters;
    ck_assert_int_eq(D3D12SerializeVersionedRootSignature(&desc, &blob, &errors), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(t->device, 0, ID3D10Blob_GetBufferPointer(blob),
                     ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&app->root_signature), S_OK);
    ID3D10Blob_Release(blob);

    ck_assert_msg(!dxbc_asm_assemble(app_shader, &code, &code_size, error, sizeof(error)), "%s", error);
    memset(&pso, 0, sizeof(pso));
    pso.pRootSignature = app->root_signature;
    pso.CS.pShaderBytecode = code;
    pso.CS.BytecodeLength = code_size;
    ck_assert_int_eq(ID3D12Device_CreateComputePipelineState(t->device, &pso, &IID_ID3D12PipelineState,
                                                             (void **)&app->pipeline), S_OK);
    free(code);
}

/* The app's compute root signature, its four constants and the root UAV on a list. */
static void app_compute_bind(const struct app_compute *app, ID3D12GraphicsCommandList *list, const UINT32 *constants,
                             ID3D12Resource *output)
{
    ID3D12GraphicsCommandList_SetComputeRootSignature(list, app->root_signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstants(list, 1, 4, constants, 0);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(list, 2, ID3D12Resource_GetGPUVirtualAddress(output));
}

static void app_compute_destroy(struct app_compute *app)
{
    ID3D12PipelineState_Release(app->pipeline);
    ID3D12RootSignature_Release(app->root_signature);
}

/* The app binds its root signature, constants, root UAV and pipeline (on the list, or
 * in a bundle the list executes, with the pipeline as the bundle's initial state), a
 * compute fill dispatches the runtime's shader in between, and the app's dispatch
 * still sees its own state: its constants land in its buffer. */
static void check_fill_restores_state(struct async_ctx *ctx, D3D12_COMMAND_LIST_TYPE type, bool in_bundle)
{
    static const UINT32 constants[4] = {0x11111111, 0x22222222, 0x33333333, 0x44444444};
    ID3D12CommandAllocator *bundle_allocator = NULL;
    ID3D12GraphicsCommandList *bundle = NULL;
    ID3D12Resource *target, *output;
    D3D12_FILL_BUFFER_DESC desc;
    unsigned char *expected;
    struct app_compute app;
    struct test_context t;
    UINT32 written[4];

    async_context_init(ctx, &t, type);
    app_compute_create(&t, &app);
    target = uav_buffer(&t, 256);
    output = uav_buffer(&t, 256);
    expected = poisoned(&t, target, 256, 3);
    poison_buffer(&t, output, 4);

    if (in_bundle)
    {
        bundle = create_bundle(t.device, app.pipeline, &bundle_allocator);
        app_compute_bind(&app, bundle, constants, output);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);
        ID3D12GraphicsCommandList_ExecuteBundle(t.list, bundle);
    }
    else
    {
        app_compute_bind(&app, t.list, constants, output);
        ID3D12GraphicsCommandList_SetPipelineState(t.list, app.pipeline);
    }
    track_buffer(async_list(&t), target);
    async_spy_clear(ctx);
    desc = raw_fill(target, 16, 16, 8, 0x42);
    apply_fill_desc(expected, 256, &desc);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    check_compute_route(ctx, 1);
    /* Put back: the root signature, the set constants and UAV (not the unset CBV), the
     * pipeline. */
    ck_assert_uint_eq(async_spy_count(ctx, "SetComputeRootSignature"), async_fallback(ctx) ? 2 : 0);
    ck_assert_uint_eq(async_spy_count(ctx, "SetComputeRoot32BitConstants"), async_fallback(ctx) ? 2 : 0);
    ck_assert_uint_eq(async_spy_count(ctx, "SetComputeRootUnorderedAccessView"), async_fallback(ctx) ? 2 : 0);
    ck_assert_uint_eq(async_spy_count(ctx, "SetComputeRootConstantBufferView"), 0);
    ck_assert_uint_eq(async_spy_count(ctx, "SetPipelineState"), async_fallback(ctx) ? 2 : 0);
    ID3D12GraphicsCommandList_Dispatch(t.list, 1, 1, 1);
    execute_and_wait(&t);

    check_buffer(&t, target, expected, 256, "restores state");
    read_buffer(&t, output, sizeof(written), written);
    ck_assert_mem_eq(written, constants, sizeof(constants));
    free(expected);
    if (bundle)
    {
        ID3D12GraphicsCommandList_Release(bundle);
        ID3D12CommandAllocator_Release(bundle_allocator);
    }
    ID3D12Resource_Release(output);
    ID3D12Resource_Release(target);
    app_compute_destroy(&app);
    test_context_destroy(&t);
}

ASYNC_TEST(test_fill_compute_restores_state)
{
    check_fill_restores_state(ctx, D3D12_COMMAND_LIST_TYPE_COMPUTE, false);
}

/* The state a bundle set: the list takes it from the bundle's summary. */
ASYNC_TEST(test_fill_compute_after_bundle)
{
    check_fill_restores_state(ctx, D3D12_COMMAND_LIST_TYPE_DIRECT, true);
}

/* A bundle that writes compute root constants without setting the root signature first
 * leaves the list not knowing its arguments: the compute route is not taken (it could
 * not put them back). */
ASYNC_TEST(test_fill_compute_after_bundle_unknown_arguments)
{
    static const UINT32 constant = 0x12345678;
    ID3D12CommandAllocator *bundle_allocator;
    ID3D12GraphicsCommandList *bundle;
    D3D12_FILL_BUFFER_DESC desc;
    unsigned char *expected;
    ID3D12Resource *buffer;
    struct app_compute app;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    app_compute_create(&t, &app);
    bundle = create_bundle(t.device, NULL, &bundle_allocator);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstants(bundle, 1, 1, &constant, 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);

    buffer = uav_buffer(&t, 256);
    expected = poisoned(&t, buffer, 256, 6);
    ID3D12GraphicsCommandList_SetComputeRootSignature(t.list, app.root_signature);
    ID3D12GraphicsCommandList_ExecuteBundle(t.list, bundle);
    track_buffer(async_list(&t), buffer);
    async_spy_clear(ctx);
    desc = raw_fill(buffer, 0, 4, 64, 0x10);
    apply_fill_desc(expected, 256, &desc);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    ck_assert_uint_eq(async_spy_count(ctx, "Dispatch"), 0);
    ck_assert_uint_eq(async_spy_count(ctx, "CopyBufferRegion"), async_fallback(ctx) ? 1 : 0);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, 256, "after bundle");
    free(expected);
    ID3D12Resource_Release(buffer);
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(bundle_allocator);
    app_compute_destroy(&app);
    test_context_destroy(&t);
}

Suite *async_fill_compute_suite(void)
{
    Suite *suite = suite_create("async_fill_compute");
    struct async_tcases tcases;

    async_tcases_create(suite, "fill_compute", &tcases);
    async_tcases_set_timeout(&tcases, 120);
    async_tcase_add_loop(&tcases, test_fill_compute_bytes, 0, 2);
    async_tcase_add(&tcases, test_fill_compute_split);
    async_tcase_add(&tcases, test_fill_compute_above_4gib);
    async_tcase_add(&tcases, test_fill_compute_conditions);
    async_tcase_add(&tcases, test_fill_compute_predicated);
    async_tcase_add(&tcases, test_fill_compute_restores_state);
    async_tcase_add(&tcases, test_fill_compute_after_bundle);
    async_tcase_add(&tcases, test_fill_compute_after_bundle_unknown_arguments);
    return suite;
}

TEST_MAIN(async_fill_compute_suite())
