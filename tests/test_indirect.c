/*
 * ExecuteIndirect on the built-in device, natively and with the Async Commands fallback
 * forced (test_async.h): each argument type (dispatch, draw, indexed draw, vertex and
 * index buffer views, root constants, root CBV, SRV and UAV), counts from a count
 * buffer below, above and at MaxCommandCount, a zero count and no count buffer,
 * arguments and count written by a compute shader in the same list, the bindings reset
 * after the call, and a bound clear after an ExecuteIndirect that set root constants
 * (the fallback's draws and its state ledger restore). Results are read back from
 * poisoned destinations and compared with values worked out here; a route test shows
 * the call reaching the driver unchanged through the DDI spy.
 */
#include "test_async.h"
#include "test_compute_util.h"
#include "test_draw_util.h"
#include "ddi_spy.h"
#include "test_run.h"
#include "test_suites.h"

#include <stdlib.h>
#include <string.h>

/* ---- Compute ------------------------------------------------------------------------------ */

/* u0[(cb0[0].y + id) * 4] = cb0[0].x + id over 4-thread groups. */
static const char constants_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 4, 1, 1\n"
    "iadd r0.x, vThreadID.x, cb0[0].x\n"
    "iadd r1.x, vThreadID.x, cb0[0].y\n"
    "ishl r1.x, r1.x, l(2)\n"
    "store_raw u0.x, r1.x, r0.x\n"
    "ret\n";

/* u0[id * 4] = cb1[0].x + t0[0] + id: the root CBV, SRV and UAV together. */
static const char views_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb1[1], immediateIndexed\n"
    "dcl_resource_raw t0\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 4, 1, 1\n"
    "ld_raw r0.x, l(0), t0.x\n"
    "iadd r0.x, r0.x, cb1[0].x\n"
    "iadd r0.x, r0.x, vThreadID.x\n"
    "ishl r1.x, vThreadID.x, l(2)\n"
    "store_raw u0.x, r1.x, r0.x\n"
    "ret\n";

/* Writes two commands of the constants signature into u0 (stride 20) and the count 2
 * at byte 64: {500, 0, 1, 1, 1} and {600, 8, 2, 1, 1}. */
static const char writer_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw u0\n"
    "dcl_thread_group 1, 1, 1\n"
    "store_raw u0.xyzw, l(0), l(500, 0, 1, 1)\n"
    "store_raw u0.x, l(16), l(1)\n"
    "store_raw u0.xyzw, l(20), l(600, 8, 2, 1)\n"
    "store_raw u0.x, l(36), l(1)\n"
    "store_raw u0.x, l(64), l(2)\n"
    "ret\n";

/* Parameters: 0 two constants (b0), 1 a UAV (u0), 2 a CBV (b1), 3 an SRV (t0). */
static ID3D12RootSignature *compute_root_signature(ID3D12Device *device)
{
    D3D12_ROOT_PARAMETER1 parameters[4];

    parameters[0] = root_constants(0, 0, 2);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    parameters[2] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_CBV, 1, 0);
    parameters[3] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_SRV, 0, 0);
    return create_root_signature(device, parameters, ARRAY_SIZE(parameters), NULL, 0);
}

static ID3D12CommandSignature *command_signature(ID3D12Device *device, const D3D12_INDIRECT_ARGUMENT_DESC *arguments,
                                                 UINT count, UINT stride, ID3D12RootSignature *root_signature)
{
    D3D12_COMMAND_SIGNATURE_DESC desc = {stride, count, arguments, 0};
    ID3D12CommandSignature *signature;

    ck_assert_int_eq(ID3D12Device_CreateCommandSignature(device, &desc, root_signature,
                     &IID_ID3D12CommandSignature, (void **)&signature), S_OK);
    return signature;
}

/* CONSTANT (parameter 0, both values) then DISPATCH: 20 bytes a command. */
static ID3D12CommandSignature *constants_dispatch_signature(ID3D12Device *device, ID3D12RootSignature *root)
{
    D3D12_INDIRECT_ARGUMENT_DESC arguments[2];

    memset(arguments, 0, sizeof(arguments));
    arguments[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT;
    arguments[0].Constant.Num32BitValuesToSet = 2;
    arguments[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    return command_signature(device, arguments, 2, 20, root);
}

static void check_words(unsigned int line, const uint32_t *got, const uint32_t *expected, size_t count)
{
    size_t i;

    for (i = 0; i < count; ++i)
        ck_assert_msg(got[i] == expected[i], "line %u (%s): dword %zu is %#x, expected %#x", line,
                      async_mode_name(async_current.mode), i, got[i], expected[i]);
}

/* The poison poison_buffer writes for seed. */
static void poison_words(uint32_t *words, size_t count, unsigned int seed)
{
    fill_pattern(words, count * 4, seed);
}

/*
 * Four commands in the argument buffer, each {value 100 (k + 1), base 8k, 2x1x1 groups};
 * MaxCommandCount 3. _i: 0 no count buffer (3 run), 1 a count of 2, 2 a count of 7 (3
 * run), 3 a count of 0, 4 MaxCommandCount 0 without a count buffer. Afterwards the
 * constants read 0: a direct dispatch into a second buffer writes id there.
 */
ASYNC_TEST(test_indirect_dispatch_counts)
{
    static const UINT counts[] = {~0u, 2, 7, 0, ~0u};
    static const UINT max_counts[] = {3, 3, 3, 3, 0};
    static const UINT expected_runs[] = {3, 2, 3, 0, 0};
    enum {WORDS = 32};
    uint32_t arguments[4][5], got[WORDS], expected[WORDS], count_data[2];
    ID3D12Resource *args, *count, *dst, *after;
    ID3D12CommandSignature *signature;
    ID3D12RootSignature *root;
    ID3D12PipelineState *pipeline;
    struct test_context t;
    unsigned int k, j;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    root = compute_root_signature(t.device);
    pipeline = compute_pipeline(t.device, root, constants_cs);
    signature = constants_dispatch_signature(t.device, root);
    for (k = 0; k < 4; ++k)
    {
        arguments[k][0] = 100 * (k + 1);
        arguments[k][1] = 8 * k;
        arguments[k][2] = 2;
        arguments[k][3] = 1;
        arguments[k][4] = 1;
    }
    args = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(arguments), D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&t, args, 0, arguments, sizeof(arguments));
    count_data[0] = 0xdead;
    count_data[1] = counts[_i];
    count = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(count_data), D3D12_RESOURCE_FLAG_NONE,
                          D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&t, count, 0, count_data, sizeof(count_data));
    dst = uav_buffer(&t, WORDS * 4);
    after = uav_buffer(&t, 16);
    poison_buffer(&t, dst, 5);
    poison_buffer(&t, after, 6);

    transition_resource(&t, args, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
    transition_resource(&t, count, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
    ID3D12GraphicsCommandList_SetPipelineState(t.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(t.list, root);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(t.list, 0, 0x7777, 0);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(t.list, 0, 0x7777, 1);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(t.list, 1, ID3D12Resource_GetGPUVirtualAddress(dst));
    ID3D12GraphicsCommandList_ExecuteIndirect(t.list, signature, max_counts[_i], args, 0,
                                              counts[_i] == ~0u ? NULL : count, 4);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(t.list, 1,
            ID3D12Resource_GetGPUVirtualAddress(after));
    ID3D12GraphicsCommandList_Dispatch(t.list, 1, 1, 1);
    transition_resource(&t, args, 0, D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT, D3D12_RESOURCE_STATE_COMMON);
    transition_resource(&t, count, 0, D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT, D3D12_RESOURCE_STATE_COMMON);
    execute_and_wait(&t);

    read_buffer(&t, dst, sizeof(got), got);
    poison_words(expected, WORDS, 5);
    for (k = 0; k < expected_runs[_i]; ++k)
    {
        for (j = 0; j < 8; ++j)
            expected[8 * k + j] = 100 * (k + 1) + j;
    }
    check_words(__LINE__, got, expected, WORDS);
    read_buffer(&t, after, 16, got);
    for (j = 0; j < 4; ++j)
        expected[j] = j;
    check_words(__LINE__, got, expected, 4);

    ID3D12Resource_Release(after);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(count);
    ID3D12Resource_Release(args);
    ID3D12CommandSignature_Release(signature);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(root);
    test_context_destroy(&t);
}

/* Root UAV, CBV and SRV per command (in root parameter order, as signatures must be):
 * command k writes 4 words at 16 k of the destination, reading cb k (at 256 k) and
 * word k of the SRV buffer. */
ASYNC_TEST(test_indirect_root_views)
{
    enum {WORDS = 12};
    D3D12_INDIRECT_ARGUMENT_DESC arguments[4];
    uint64_t commands[3][5];
    uint32_t cbs[3 * 64], srv[3], got[WORDS], expected[WORDS];
    ID3D12Resource *args, *cb, *sr, *dst;
    ID3D12CommandSignature *signature;
    ID3D12RootSignature *root;
    ID3D12PipelineState *pipeline;
    struct test_context t;
    unsigned int k, j;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    root = compute_root_signature(t.device);
    pipeline = compute_pipeline(t.device, root, views_cs);
    memset(arguments, 0, sizeof(arguments));
    arguments[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW;
    arguments[0].UnorderedAccessView.RootParameterIndex = 1;
    arguments[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW;
    arguments[1].ConstantBufferView.RootParameterIndex = 2;
    arguments[2].Type = D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW;
    arguments[2].ShaderResourceView.RootParameterIndex = 3;
    arguments[3].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    signature = command_signature(t.device, arguments, 4, 40, root);

    memset(cbs, 0, sizeof(cbs));
    for (k = 0; k < 3; ++k)
    {
        cbs[64 * k] = 1000 * (k + 1);
        srv[k] = 10 * (k + 1);
    }
    cb = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(cbs), D3D12_RESOURCE_FLAG_NONE,
                       D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&t, cb, 0, cbs, sizeof(cbs));
    sr = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(srv), D3D12_RESOURCE_FLAG_NONE,
                       D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&t, sr, 0, srv, sizeof(srv));
    dst = uav_buffer(&t, WORDS * 4);
    poison_buffer(&t, dst, 7);
    for (k = 0; k < 3; ++k)
    {
        commands[k][0] = ID3D12Resource_GetGPUVirtualAddress(dst) + 16 * k;
        commands[k][1] = ID3D12Resource_GetGPUVirtualAddress(cb) + 256 * k;
        commands[k][2] = ID3D12Resource_GetGPUVirtualAddress(sr) + 4 * k;
        commands[k][3] = 1 | (uint64_t)1 << 32;   /* 1 x 1 */
        commands[k][4] = 1;                        /* x 1, then padding */
    }
    args = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(commands), D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&t, args, 0, commands, sizeof(commands));

    ID3D12GraphicsCommandList_SetPipelineState(t.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(t.list, root);
    ID3D12GraphicsCommandList_ExecuteIndirect(t.list, signature, 3, args, 0, NULL, 0);
    execute_and_wait(&t);

    read_buffer(&t, dst, sizeof(got), got);
    for (k = 0; k < 3; ++k)
    {
        for (j = 0; j < 4; ++j)
            expected[4 * k + j] = 1000 * (k + 1) + 10 * (k + 1) + j;
    }
    check_words(__LINE__, got, expected, WORDS);

    ID3D12Resource_Release(args);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(sr);
    ID3D12Resource_Release(cb);
    ID3D12CommandSignature_Release(signature);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(root);
    test_context_destroy(&t);
}

/* A dispatch writes the arguments and the count, a UAV barrier and a transition order it
 * before ExecuteIndirect, which reads them at execution: {500, base 0, 1 group} and
 * {600, base 8, 2 groups}, MaxCommandCount 4 and a count of 2. */
ASYNC_TEST(test_indirect_arguments_from_shader)
{
    enum {WORDS = 24};
    uint32_t got[WORDS], expected[WORDS];
    ID3D12PipelineState *writer, *pipeline;
    ID3D12CommandSignature *signature;
    D3D12_RESOURCE_BARRIER barrier;
    ID3D12RootSignature *root;
    ID3D12Resource *args, *dst;
    struct test_context t;
    unsigned int j;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    root = compute_root_signature(t.device);
    writer = compute_pipeline(t.device, root, writer_cs);
    pipeline = compute_pipeline(t.device, root, constants_cs);
    signature = constants_dispatch_signature(t.device, root);
    args = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                         D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    dst = uav_buffer(&t, WORDS * 4);
    poison_buffer(&t, dst, 8);

    ID3D12GraphicsCommandList_SetComputeRootSignature(t.list, root);
    ID3D12GraphicsCommandList_SetPipelineState(t.list, writer);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(t.list, 1, ID3D12Resource_GetGPUVirtualAddress(args));
    ID3D12GraphicsCommandList_Dispatch(t.list, 1, 1, 1);
    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    barrier.UAV.pResource = args;
    ID3D12GraphicsCommandList_ResourceBarrier(t.list, 1, &barrier);
    transition_resource(&t, args, 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
    ID3D12GraphicsCommandList_SetPipelineState(t.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(t.list, 1, ID3D12Resource_GetGPUVirtualAddress(dst));
    ID3D12GraphicsCommandList_ExecuteIndirect(t.list, signature, 4, args, 0, args, 64);
    execute_and_wait(&t);

    read_buffer(&t, dst, sizeof(got), got);
    poison_words(expected, WORDS, 8);
    for (j = 0; j < 4; ++j)
        expected[j] = 500 + j;
    for (j = 0; j < 8; ++j)
        expected[8 + j] = 600 + j;
    check_words(__LINE__, got, expected, WORDS);

    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(args);
    ID3D12CommandSignature_Release(signature);
    ID3D12PipelineState_Release(pipeline);
    ID3D12PipelineState_Release(writer);
    ID3D12RootSignature_Release(root);
    test_context_destroy(&t);
}

/* ---- Draws -------------------------------------------------------------------------------- */

#define TARGET 8u

/* POSITION through; the pixel shader is draw_ps_float (cb0[1], constants 4-7). */
static const char position_vs[] =
    "vs_5_0\n"
    ".input POSITION 0 v0.xyzw float\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    "dcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "mov o0.xyzw, v0.xyzw\n"
    "ret\n";

static const D3D12_INPUT_ELEMENT_DESC position_layout[] =
{
    {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
};

struct indirect_draw
{
    struct draw_test t;
    ID3D12Resource *target;
    ID3D12PipelineState *pipeline;
};

/* A TARGET x TARGET RGBA8 target cleared to blue (the poison), the pipeline set up. */
static void indirect_draw_init(struct async_ctx *ctx, struct indirect_draw *d, const char *vs, bool layout)
{
    static const float blue[4] = {0.0f, 0.0f, 1.0f, 1.0f};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;

    async_context_init(ctx, &d->t.ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    draw_test_attach(&d->t);
    d->target = draw_target(&d->t, DXGI_FORMAT_R8G8B8A8_UNORM, TARGET, TARGET, 1, 1, 0);
    draw_pipeline_desc(&d->t, &desc);
    if (layout)
    {
        desc.InputLayout.pInputElementDescs = position_layout;
        desc.InputLayout.NumElements = ARRAY_SIZE(position_layout);
    }
    d->pipeline = draw_pipeline(&d->t, &desc, vs, draw_ps_float);
    ID3D12GraphicsCommandList_ClearRenderTargetView(d->t.ctx.list, draw_rtv(&d->t, 0), blue, 0, NULL);
    draw_setup(&d->t, d->pipeline, TARGET, TARGET, false);
}

static void indirect_draw_destroy(struct indirect_draw *d)
{
    ID3D12PipelineState_Release(d->pipeline);
    ID3D12Resource_Release(d->target);
    draw_test_detach(&d->t);
    test_context_destroy(&d->t.ctx);
}

/* The target reads left_color in columns [0, split) and right_color from there on. */
static void check_halves(unsigned int line, struct indirect_draw *d, UINT split, uint32_t left_color,
                         uint32_t right_color)
{
    struct test_subresource_layout layout;
    uint32_t pixels[TARGET * TARGET];
    unsigned int x, y;

    draw_read(&d->t, d->target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, pixels, &layout);
    for (y = 0; y < TARGET; ++y)
    {
        for (x = 0; x < TARGET; ++x)
        {
            uint32_t expected = x < split ? left_color : right_color;

            ck_assert_msg(pixels[y * TARGET + x] == expected, "line %u (%s): pixel (%u, %u) is %#x, expected %#x",
                          line, async_mode_name(async_current.mode), x, y, pixels[y * TARGET + x], expected);
        }
    }
}

/* The corners of the quad over x in [x0, x1], the whole height. */
static void quad_corners(float (*vertices)[4], float x0, float x1)
{
    static const float ys[4] = {-1.0f, 1.0f, -1.0f, 1.0f};
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        vertices[i][0] = i < 2 ? x0 : x1;
        vertices[i][1] = ys[i];
        vertices[i][2] = 0.0f;
        vertices[i][3] = 1.0f;
    }
}

#define RGBA8(r, g, b, a) ((uint32_t)(r) | (uint32_t)(g) << 8 | (uint32_t)(b) << 16 | (uint32_t)(a) << 24)

/* CONSTANT (the pixel colour, constants 4-7), a vertex buffer view and DRAW per command:
 * command 0 the left half red, command 1 the right half green, each from its own
 * vertex buffer. */
ASYNC_TEST(test_indirect_draw_vertex_buffers)
{
    struct
    {
        float color[4];
        D3D12_VERTEX_BUFFER_VIEW vbv;
        D3D12_DRAW_ARGUMENTS draw;
    } commands[2];
    D3D12_INDIRECT_ARGUMENT_DESC arguments[3];
    ID3D12CommandSignature *signature;
    ID3D12Resource *vb[2], *args;
    float corners[4][4], vertices[6][4];
    struct indirect_draw d;
    static const unsigned int order[6] = {0, 1, 2, 2, 1, 3};
    unsigned int k, i;

    indirect_draw_init(ctx, &d, position_vs, true);
    memset(arguments, 0, sizeof(arguments));
    arguments[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT;
    arguments[0].Constant.DestOffsetIn32BitValues = 4;
    arguments[0].Constant.Num32BitValuesToSet = 4;
    arguments[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW;
    arguments[2].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
    signature = command_signature(d.t.ctx.device, arguments, 3, sizeof(commands[0]), d.t.root_signature);
    memset(commands, 0, sizeof(commands));
    for (k = 0; k < 2; ++k)
    {
        quad_corners(corners, k ? 0.0f : -1.0f, k ? 1.0f : 0.0f);
        for (i = 0; i < 6; ++i)
            memcpy(vertices[i], corners[order[i]], sizeof(vertices[i]));
        vb[k] = draw_upload(&d.t, vertices, sizeof(vertices));
        commands[k].color[k] = 1.0f;
        commands[k].color[3] = 1.0f;
        commands[k].vbv = draw_vbv(vb[k], sizeof(vertices), sizeof(vertices[0]));
        commands[k].draw.VertexCountPerInstance = 6;
        commands[k].draw.InstanceCount = 1;
    }
    args = draw_upload(&d.t, commands, sizeof(commands));

    ID3D12GraphicsCommandList_ExecuteIndirect(d.t.ctx.list, signature, 2, args, 0, NULL, 0);
    execute_and_wait(&d.t.ctx);
    check_halves(__LINE__, &d, TARGET / 2, RGBA8(0xff, 0, 0, 0xff), RGBA8(0, 0xff, 0, 0xff));

    ID3D12Resource_Release(args);
    ID3D12Resource_Release(vb[1]);
    ID3D12Resource_Release(vb[0]);
    ID3D12CommandSignature_Release(signature);
    indirect_draw_destroy(&d);
}

/* CONSTANT, an index buffer view and DRAW_INDEXED per command over one vertex buffer of
 * two quads (corners 0-3 left, 4-7 right): command 0 16-bit indices of the left quad,
 * command 1 32-bit indices of corners 0-3 with BaseVertexLocation 4 (the right quad). */
ASYNC_TEST(test_indirect_draw_indexed)
{
    struct
    {
        float color[4];
        D3D12_INDEX_BUFFER_VIEW ibv;
        D3D12_DRAW_INDEXED_ARGUMENTS draw;
    } commands[2];
    static const uint16_t indices16[6] = {0, 1, 2, 2, 1, 3};
    static const uint32_t indices32[6] = {0, 1, 2, 2, 1, 3};
    D3D12_INDIRECT_ARGUMENT_DESC arguments[3];
    ID3D12Resource *vb, *ib16, *ib32, *args;
    ID3D12CommandSignature *signature;
    D3D12_VERTEX_BUFFER_VIEW vbv;
    float vertices[8][4];
    struct indirect_draw d;
    unsigned int k;

    indirect_draw_init(ctx, &d, position_vs, true);
    memset(arguments, 0, sizeof(arguments));
    arguments[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT;
    arguments[0].Constant.DestOffsetIn32BitValues = 4;
    arguments[0].Constant.Num32BitValuesToSet = 4;
    arguments[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW;
    arguments[2].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED;
    signature = command_signature(d.t.ctx.device, arguments, 3, sizeof(commands[0]), d.t.root_signature);
    quad_corners(vertices, -1.0f, 0.0f);
    quad_corners(vertices + 4, 0.0f, 1.0f);
    vb = draw_upload(&d.t, vertices, sizeof(vertices));
    ib16 = draw_upload(&d.t, indices16, sizeof(indices16));
    ib32 = draw_upload(&d.t, indices32, sizeof(indices32));
    memset(commands, 0, sizeof(commands));
    for (k = 0; k < 2; ++k)
    {
        commands[k].color[2 * k] = 1.0f;   /* red, then magenta */
        commands[k].color[0] = 1.0f;
        commands[k].color[3] = 1.0f;
        commands[k].draw.IndexCountPerInstance = 6;
        commands[k].draw.InstanceCount = 1;
    }
    commands[0].ibv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(ib16);
    commands[0].ibv.SizeInBytes = sizeof(indices16);
    commands[0].ibv.Format = DXGI_FORMAT_R16_UINT;
    commands[1].ibv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(ib32);
    commands[1].ibv.SizeInBytes = sizeof(indices32);
    commands[1].ibv.Format = DXGI_FORMAT_R32_UINT;
    commands[1].draw.BaseVertexLocation = 4;
    args = draw_upload(&d.t, commands, sizeof(commands));

    vbv = draw_vbv(vb, sizeof(vertices), sizeof(vertices[0]));
    ID3D12GraphicsCommandList_IASetVertexBuffers(d.t.ctx.list, 0, 1, &vbv);
    ID3D12GraphicsCommandList_ExecuteIndirect(d.t.ctx.list, signature, 2, args, 0, NULL, 0);
    execute_and_wait(&d.t.ctx);
    check_halves(__LINE__, &d, TARGET / 2, RGBA8(0xff, 0, 0, 0xff), RGBA8(0xff, 0, 0xff, 0xff));

    ID3D12Resource_Release(args);
    ID3D12Resource_Release(ib32);
    ID3D12Resource_Release(ib16);
    ID3D12Resource_Release(vb);
    ID3D12CommandSignature_Release(signature);
    indirect_draw_destroy(&d);
}

/*
 * The application sets the pixel colour green, ExecuteIndirect draws the whole target
 * red through root constants (which it leaves 0), a bound clear writes white over the
 * left half (on the fallback: its own draw, then the ledger's restore), and a direct
 * draw over the right half then sees the constants ExecuteIndirect left: 0, not green
 * nor the bound clear's.
 */
ASYNC_TEST(test_indirect_bound_clear_after)
{
    static const float green[4] = {0.0f, 1.0f, 0.0f, 1.0f}, depth[4] = {0.0f};
    D3D12_INDIRECT_ARGUMENT_DESC arguments[2];
    ID3D12CommandSignature *signature;
    D3D12_BOX region = {0, 0, 0, TARGET / 2, TARGET, 1};
    const D3D12_BOX *regions = &region;
    D3D12_RECT right = {TARGET / 2, 0, TARGET, TARGET};
    D3D12_CLEAR_DATA white;
    struct
    {
        float color[4];
        D3D12_DRAW_ARGUMENTS draw;
    } command;
    ID3D12Resource *args;
    struct indirect_draw d;
    UINT region_count = 1;

    indirect_draw_init(ctx, &d, draw_vs_fullscreen, false);
    memset(arguments, 0, sizeof(arguments));
    arguments[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT;
    arguments[0].Constant.DestOffsetIn32BitValues = 4;
    arguments[0].Constant.Num32BitValuesToSet = 4;
    arguments[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
    signature = command_signature(d.t.ctx.device, arguments, 2, sizeof(command), d.t.root_signature);
    memset(&command, 0, sizeof(command));
    command.color[0] = command.color[3] = 1.0f;
    command.draw.VertexCountPerInstance = 3;
    command.draw.InstanceCount = 1;
    args = draw_upload(&d.t, &command, sizeof(command));
    memset(&white, 0, sizeof(white));
    white.Floats[0] = white.Floats[1] = white.Floats[2] = white.Floats[3] = 1.0f;

    draw_constants(&d.t, depth, green);
    ID3D12GraphicsCommandList_ExecuteIndirect(d.t.ctx.list, signature, 1, args, 0, NULL, 0);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(async_list(&d.t.ctx), 1, &white, &region_count,
                                                           &regions);
    ID3D12GraphicsCommandList_RSSetScissorRects(d.t.ctx.list, 1, &right);
    ID3D12GraphicsCommandList_DrawInstanced(d.t.ctx.list, 3, 1, 0, 0);
    execute_and_wait(&d.t.ctx);
    check_halves(__LINE__, &d, TARGET / 2, RGBA8(0xff, 0xff, 0xff, 0xff), 0);

    ID3D12Resource_Release(args);
    ID3D12CommandSignature_Release(signature);
    indirect_draw_destroy(&d);
}

/* ---- Route ---------------------------------------------------------------------------------- */

/* Both modes forward ExecuteIndirect to the driver unchanged, one call and nothing else
 * (the fallback does not lower it): the count, the offsets, and no count buffer as a
 * NULL handle. */
ASYNC_TEST(test_indirect_route)
{
    ID3D12CommandSignature *signature;
    ID3D12RootSignature *root;
    ID3D12Resource *args, *count;
    struct ddi_spy_call call;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    root = compute_root_signature(t.device);
    signature = constants_dispatch_signature(t.device, root);
    args = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
    count = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                          D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);

    ID3D12GraphicsCommandList_SetComputeRootSignature(t.list, root);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList_ExecuteIndirect(t.list, signature, 5, args, 16, count, 8);
    ID3D12GraphicsCommandList_ExecuteIndirect(t.list, signature, 12, args, 4, NULL, 0);
    ck_assert_uint_eq(async_spy_total(ctx), 2);
    ck_assert(ddi_spy_get_call(ctx->spy, 0, &call));
    ck_assert_str_eq(call.name, "ExecuteIndirect");
    ck_assert_msg(strstr(call.args, ", MaxCommandCount=5, arguments=0x"), "%s", call.args);
    ck_assert_msg(strstr(call.args, "+16, count=0x") && strstr(call.args, "+8") && !strstr(call.args, "(nil)"), "%s",
                  call.args);
    ck_assert(ddi_spy_get_call(ctx->spy, 1, &call));
    ck_assert_str_eq(call.name, "ExecuteIndirect");
    ck_assert_msg(strstr(call.args, ", MaxCommandCount=12, arguments=0x") && strstr(call.args, "+4, count=(nil)+0"),
                  "%s", call.args);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);

    ID3D12Resource_Release(count);
    ID3D12Resource_Release(args);
    ID3D12CommandSignature_Release(signature);
    ID3D12RootSignature_Release(root);
    test_context_destroy(&t);
}

Suite *indirect_suite(void)
{
    Suite *suite = suite_create("indirect");
    struct async_tcases tcases;

    async_tcases_create(suite, "indirect", &tcases);
    async_tcase_add_loop(&tcases, test_indirect_dispatch_counts, 0, 5);
    async_tcase_add(&tcases, test_indirect_root_views);
    async_tcase_add(&tcases, test_indirect_arguments_from_shader);
    async_tcase_add(&tcases, test_indirect_draw_vertex_buffers);
    async_tcase_add(&tcases, test_indirect_draw_indexed);
    async_tcase_add(&tcases, test_indirect_bound_clear_after);
    async_tcase_add(&tcases, test_indirect_route);
    return suite;
}

TEST_MAIN(indirect_suite())
