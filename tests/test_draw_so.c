/*
 * Stream output end to end: a triangle strip decomposed into lists (odd triangles'
 * last two vertices swapped), entries packed at the buffer's stride with the bytes
 * past them left alone, the filled-size counter read before and written after the
 * draw, four buffers over two streams with a gap, an overflow that writes a primitive
 * to no buffer of its stream, SO statistics per stream, the rasterised stream chosen
 * (and none), and what pipeline creation refuses. Buffers are poisoned first; every
 * expectation is worked out from the shaders by hand.
 */
#include "test_draw_util.h"

#include <stdlib.h>
#include <string.h>

#define SO_COUNTER_OFFSET 4096u   /* the filled sizes live in the same buffer, past the data */
#define SO_POISON 0xabababab

/* A point becomes a strip of 4 vertices: COLOR = 10 * ID + v, SV_Position (v, ID, 7, 1). */
static const char so_gs_strip[] =
    "gs_5_0\n"
    ".input SV_Position 0 v0.xyzw float position\n"
    ".input ID 0 v1.x uint\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    ".output COLOR 0 o1.x uint\n"
    "dcl_input v[1][1].x\n"
    "dcl_temps 2\n"
    "dcl_inputprimitive point\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.x\n"
    "dcl_maxout 4\n"
    "utof r0.y, v[0][1].x\n"
    "mov r0.x, l(0)\n"
    "loop\n"
    "uge r1.x, r0.x, l(4)\n"
    "breakc_nz r1.x\n"
    "utof o0.x, r0.x\n"
    "mov o0.y, r0.y\n"
    "mov o0.zw, l(0, 0, 7.0, 1.0)\n"
    "imad o1.x, v[0][1].x, l(10), r0.x\n"
    "emit\n"
    "iadd r0.x, r0.x, l(1)\n"
    "endloop\n"
    "ret\n";

/* Stream 0: a point with A = (100 + ID, 1000 + ID); stream 1: a point at pixel 4 + ID
 * of an 8x1 target with COLOR = 200 + ID. Stream 0's points would land on pixel ID. */
static const char so_gs_streams[] =
    "gs_5_0\n"
    ".input SV_Position 0 v0.xyzw float position\n"
    ".input ID 0 v1.x uint\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    ".output A 0 o1.xy uint\n"
    ".output COLOR 0 o2.x uint\n"
    "dcl_input v[1][1].x\n"
    "dcl_temps 1\n"
    "dcl_inputprimitive point\n"
    "dcl_stream m0\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xy\n"
    "dcl_output o2.x\n"
    "dcl_stream m1\n"
    "dcl_maxout 2\n"
    "utof r0.x, v[0][1].x\n"
    "mad o0.x, r0.x, l(0.25), l(-0.875)\n"
    "mov o0.yzw, l(0, 0, 0.5, 1.0)\n"
    "iadd o1.xy, v[0][1].xxxx, l(100, 1000, 0, 0)\n"
    "mov o2.x, l(0)\n"
    "emit_stream m0\n"
    "add r0.x, r0.x, l(4.0)\n"
    "mad o0.x, r0.x, l(0.25), l(-0.875)\n"
    "mov o0.yzw, l(0, 0, 0.5, 1.0)\n"
    "iadd o2.x, v[0][1].x, l(200)\n"
    "mov o1.xy, l(0, 0, 0, 0)\n"
    "emit_stream m1\n"
    "ret\n";

static HRESULT so_create(struct draw_test *t, const char *gs, const D3D12_STREAM_OUTPUT_DESC *so, bool with_gs,
                         bool with_ps, ID3D12PipelineState **pipeline)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    void *vs_code, *gs_code = NULL, *ps_code = NULL;
    size_t vs_size, gs_size = 0, ps_size = 0;
    HRESULT hr;

    draw_pipeline_desc(t, &desc);
    desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT;
    desc.RTVFormats[0] = DXGI_FORMAT_R32_UINT;
    if (!with_ps)
        desc.NumRenderTargets = 0, desc.RTVFormats[0] = DXGI_FORMAT_UNKNOWN;
    vs_code = draw_assemble(draw_vs_id, &vs_size);
    if (with_gs)
        gs_code = draw_assemble(gs, &gs_size);
    if (with_ps)
        ps_code = draw_assemble(draw_ps_uint_color, &ps_size);
    desc.VS.pShaderBytecode = vs_code;
    desc.VS.BytecodeLength = vs_size;
    desc.GS.pShaderBytecode = gs_code;
    desc.GS.BytecodeLength = gs_size;
    desc.PS.pShaderBytecode = ps_code;
    desc.PS.BytecodeLength = ps_size;
    desc.StreamOutput = *so;
    hr = ID3D12Device_CreateGraphicsPipelineState(t->ctx.device, &desc, &IID_ID3D12PipelineState, (void **)pipeline);
    free(vs_code);
    free(gs_code);
    free(ps_code);
    return hr;
}

/* A DEFAULT buffer of 4096 data bytes poisoned, then the counters of views 0..3 at
 * SO_COUNTER_OFFSET + 8 * i set to `filled`. */
static ID3D12Resource *so_buffer(struct draw_test *t, const uint32_t filled[4])
{
    ID3D12Resource *buffer = create_buffer(t->ctx.device, D3D12_HEAP_TYPE_DEFAULT, SO_COUNTER_OFFSET + 64,
                                           D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    uint32_t *data = malloc(SO_COUNTER_OFFSET + 64);
    unsigned int i;

    ck_assert_ptr_nonnull(data);
    for (i = 0; i < (SO_COUNTER_OFFSET + 64) / 4; ++i)
        data[i] = SO_POISON;
    for (i = 0; i < 4; ++i)
        data[SO_COUNTER_OFFSET / 4 + 2 * i] = filled[i];
    upload_buffer_data(&t->ctx, buffer, 0, data, SO_COUNTER_OFFSET + 64);
    free(data);
    return buffer;
}

/* View i: 1024 bytes at 1024 * i (or size bytes), its counter at SO_COUNTER_OFFSET + 8 * i. */
static D3D12_STREAM_OUTPUT_BUFFER_VIEW so_view(ID3D12Resource *buffer, unsigned int i, UINT64 size)
{
    D3D12_STREAM_OUTPUT_BUFFER_VIEW view;
    D3D12_GPU_VIRTUAL_ADDRESS va = ID3D12Resource_GetGPUVirtualAddress(buffer);

    view.BufferLocation = va + 1024u * i;
    view.SizeInBytes = size;
    view.BufferFilledSizeLocation = va + SO_COUNTER_OFFSET + 8u * i;
    return view;
}

static ID3D12QueryHeap *so_query_heap(struct draw_test *t)
{
    D3D12_QUERY_HEAP_DESC desc = {D3D12_QUERY_HEAP_TYPE_SO_STATISTICS, 2, 0};
    ID3D12QueryHeap *heap;

    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(t->ctx.device, &desc, &IID_ID3D12QueryHeap, (void **)&heap), S_OK);
    return heap;
}

/* Binds the views, draws `vertices` points with SO statistics queries of streams 0 and
 * 1 around the draw, executes, and returns their results. */
static void so_draw(struct draw_test *t, ID3D12PipelineState *pipeline, ID3D12Resource *buffer, UINT view_count,
                    const D3D12_STREAM_OUTPUT_BUFFER_VIEW *views, UINT vertices, D3D12_QUERY_DATA_SO_STATISTICS stats[2])
{
    D3D12_RANGE range = {0, 2 * sizeof(*stats)};
    ID3D12GraphicsCommandList *list = t->ctx.list;
    ID3D12Resource *readback;
    ID3D12QueryHeap *heap;
    void *mapped;

    heap = so_query_heap(t);
    readback = create_buffer(t->ctx.device, D3D12_HEAP_TYPE_READBACK, range.End, D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_COPY_DEST);
    transition_resource(&t->ctx, buffer, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_STREAM_OUT);
    draw_setup(t, pipeline, 8, 1, false);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(list, D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D12GraphicsCommandList_SOSetTargets(list, 0, view_count, views);
    ID3D12GraphicsCommandList_BeginQuery(list, heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0);
    ID3D12GraphicsCommandList_BeginQuery(list, heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1, 1);
    ID3D12GraphicsCommandList_DrawInstanced(list, vertices, 1, 0, 0);
    ID3D12GraphicsCommandList_EndQuery(list, heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0);
    ID3D12GraphicsCommandList_EndQuery(list, heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1, 1);
    ID3D12GraphicsCommandList_ResolveQueryData(list, heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0, 2, readback, 0);
    transition_resource(&t->ctx, buffer, 0, D3D12_RESOURCE_STATE_STREAM_OUT, D3D12_RESOURCE_STATE_COPY_SOURCE);
    execute_and_wait(&t->ctx);
    ck_assert_int_eq(ID3D12Resource_Map(readback, 0, &range, &mapped), S_OK);
    memcpy(stats, mapped, range.End);
    ID3D12Resource_Unmap(readback, 0, NULL);
    ID3D12Resource_Release(readback);
    ID3D12QueryHeap_Release(heap);
}

/* Two points, each a strip of two triangles: (0, 1, 2) and (1, 3, 2) as lists, COLOR
 * and SV_Position.xy per vertex at a stride of 16 (the last 4 bytes kept). Buffer 0's
 * counter starts at 16: the first vertex goes at 16, the counter ends at 16 + 12 * 16. */
START_TEST(test_so_strip_to_list)
{
    static const D3D12_SO_DECLARATION_ENTRY entries[] =
    {
        {0, "COLOR", 0, 0, 1, 0},
        {0, "SV_Position", 0, 0, 2, 0},
    };
    static const UINT strides[] = {16};
    static const unsigned int order[6] = {0, 1, 2, 1, 3, 2};
    static const uint32_t filled[4] = {16, 0, 0, 0};
    D3D12_STREAM_OUTPUT_DESC so = {entries, 2, strides, 1, D3D12_SO_NO_RASTERIZED_STREAM};
    D3D12_QUERY_DATA_SO_STATISTICS stats[2];
    D3D12_STREAM_OUTPUT_BUFFER_VIEW view;
    ID3D12PipelineState *pipeline;
    uint32_t data[4 + 12 * 4 + 4], counter;
    ID3D12Resource *buffer;
    struct draw_test t;
    unsigned int i, p, v;

    draw_test_init(&t);
    ck_assert_int_eq(so_create(&t, so_gs_strip, &so, true, false, &pipeline), S_OK);
    buffer = so_buffer(&t, filled);
    view = so_view(buffer, 0, 1024);
    so_draw(&t, pipeline, buffer, 1, &view, 2, stats);
    read_buffer(&t.ctx, buffer, sizeof(data), data);
    read_buffer_range(&t.ctx, buffer, SO_COUNTER_OFFSET, sizeof(counter), &counter);
    ck_assert_uint_eq(counter, 16 + 12 * 16);
    for (i = 0; i < 4; ++i)
        ck_assert_uint_eq(data[i], SO_POISON);
    for (p = 0; p < 2; ++p)
    {
        for (i = 0; i < 6; ++i)
        {
            const uint32_t *vertex = &data[4 + (p * 6 + i) * 4];
            float x, y;

            v = order[i];
            memcpy(&x, &vertex[1], sizeof(x));
            memcpy(&y, &vertex[2], sizeof(y));
            ck_assert_msg(vertex[0] == 10 * p + v && x == (float)v && y == (float)p && vertex[3] == SO_POISON,
                          "point %u vertex %u: %u (%.1f, %.1f) %#x", p, i, vertex[0], x, y, vertex[3]);
        }
    }
    ck_assert_uint_eq(data[4 + 48], SO_POISON);
    ck_assert_uint_eq(stats[0].NumPrimitivesWritten, 4);
    ck_assert_uint_eq(stats[0].PrimitivesStorageNeeded, 4);
    ck_assert_uint_eq(stats[1].NumPrimitivesWritten, 0);
    ck_assert_uint_eq(stats[1].PrimitivesStorageNeeded, 0);
    ID3D12Resource_Release(buffer);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* Three points through so_gs_streams. Stream 0: A.x to buffer 0 (stride 4, counter at
 * 4 already), a gap then A.y to buffer 1 (stride 8); stream 1: COLOR to buffers 2 and 3
 * (stride 4), buffer 3 holding 2 vertices only: the third point's stream-1 vertex goes
 * to neither. The rasterised stream (1, or none) picks what the 8x1 target gets. */
static void so_streams_case(UINT rasterized)
{
    static const D3D12_SO_DECLARATION_ENTRY entries[] =
    {
        {0, "A", 0, 0, 1, 0},
        {0, NULL, 0, 0, 1, 1},
        {0, "A", 0, 1, 1, 1},
        {1, "COLOR", 0, 0, 1, 2},
        {1, "COLOR", 0, 0, 1, 3},
    };
    static const UINT strides[] = {4, 8, 4, 4};
    static const uint32_t filled[4] = {4, 0, 0, 0}, expected_filled[4] = {16, 24, 8, 8};
    static const float clear[4] = {(float)0xdead, 0.0f, 0.0f, 0.0f};
    D3D12_STREAM_OUTPUT_DESC so = {entries, 5, strides, 4, rasterized};
    D3D12_STREAM_OUTPUT_BUFFER_VIEW views[4];
    struct test_subresource_layout layout;
    D3D12_QUERY_DATA_SO_STATISTICS stats[2];
    ID3D12Resource *buffer, *target;
    ID3D12PipelineState *pipeline;
    uint32_t data[4][8], counters[8], pixels[8];
    struct draw_test t;
    unsigned int i, b;

    draw_test_init(&t);
    ck_assert_int_eq(so_create(&t, so_gs_streams, &so, true, true, &pipeline), S_OK);
    buffer = so_buffer(&t, filled);
    target = draw_target(&t, DXGI_FORMAT_R32_UINT, 8, 1, 1, 1, 0);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), clear, 0, NULL);
    for (b = 0; b < 4; ++b)
        views[b] = so_view(buffer, b, b == 3 ? 8 : 1024);
    so_draw(&t, pipeline, buffer, 4, views, 3, stats);
    for (b = 0; b < 4; ++b)
        read_buffer_range(&t.ctx, buffer, 1024u * b, sizeof(data[b]), data[b]);
    read_buffer_range(&t.ctx, buffer, SO_COUNTER_OFFSET, sizeof(counters), counters);
    draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, pixels, &layout);

    for (b = 0; b < 4; ++b)
        ck_assert_msg(counters[2 * b] == expected_filled[b], "buffer %u filled %u", b, counters[2 * b]);
    /* Buffer 0: poison, then 100, 101, 102. */
    ck_assert_uint_eq(data[0][0], SO_POISON);
    for (i = 0; i < 3; ++i)
        ck_assert_uint_eq(data[0][1 + i], 100 + i);
    ck_assert_uint_eq(data[0][4], SO_POISON);
    /* Buffer 1: the gap keeps its poison. */
    for (i = 0; i < 3; ++i)
    {
        ck_assert_uint_eq(data[1][2 * i], SO_POISON);
        ck_assert_uint_eq(data[1][2 * i + 1], 1000 + i);
    }
    for (b = 2; b < 4; ++b)
    {
        ck_assert_uint_eq(data[b][0], 200);
        ck_assert_uint_eq(data[b][1], 201);
        ck_assert_uint_eq(data[b][2], SO_POISON);
    }
    ck_assert_uint_eq(stats[0].NumPrimitivesWritten, 3);
    ck_assert_uint_eq(stats[0].PrimitivesStorageNeeded, 3);
    ck_assert_uint_eq(stats[1].NumPrimitivesWritten, 2);
    ck_assert_uint_eq(stats[1].PrimitivesStorageNeeded, 3);
    for (i = 0; i < 8; ++i)
    {
        uint32_t expected = rasterized == 1 && i >= 4 && i < 7 ? 200 + i - 4 : 0xdead;

        ck_assert_msg(pixels[i] == expected, "pixel %u: %u, expected %u", i, pixels[i], expected);
    }
    ID3D12Resource_Release(target);
    ID3D12Resource_Release(buffer);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}

START_TEST(test_so_streams_and_buffers)
{
    so_streams_case(1);
    so_streams_case(D3D12_SO_NO_RASTERIZED_STREAM);
}
END_TEST

/* What the driver refuses at creation (E_INVALIDARG): an entry naming an output the
 * geometry shader does not write, components beyond the element, entries wider than
 * their buffer's stride, and (for now) stream output without a geometry shader. */
START_TEST(test_so_refused)
{
    static const D3D12_SO_DECLARATION_ENTRY missing[] = {{0, "NOPE", 0, 0, 1, 0}};
    static const D3D12_SO_DECLARATION_ENTRY wide[] = {{0, "COLOR", 0, 1, 1, 0}};
    static const D3D12_SO_DECLARATION_ENTRY good[] = {{0, "COLOR", 0, 0, 1, 0}, {0, "SV_Position", 0, 0, 4, 0}};
    static const UINT strides[] = {20}, narrow[] = {16};
    D3D12_STREAM_OUTPUT_DESC so = {missing, 1, strides, 1, 0};
    ID3D12PipelineState *pipeline;
    struct draw_test t;

    draw_test_init(&t);
    ck_assert_int_eq(so_create(&t, so_gs_strip, &so, true, false, &pipeline), E_INVALIDARG);
    so.pSODeclaration = wide;
    ck_assert_int_eq(so_create(&t, so_gs_strip, &so, true, false, &pipeline), E_INVALIDARG);
    so.pSODeclaration = good;
    so.NumEntries = 2;
    so.pBufferStrides = narrow;
    ck_assert_int_eq(so_create(&t, so_gs_strip, &so, true, false, &pipeline), E_INVALIDARG);
    so.pBufferStrides = strides;
    ck_assert_int_eq(so_create(&t, so_gs_strip, &so, false, false, &pipeline), E_INVALIDARG);
    ck_assert_int_eq(so_create(&t, so_gs_strip, &so, true, false, &pipeline), S_OK);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

Suite *draw_so_suite(void)
{
    Suite *suite = suite_create("draw_so");
    TCase *tc = tcase_create("so");

    tcase_add_test(tc, test_so_strip_to_list);
    tcase_add_test(tc, test_so_streams_and_buffers);
    tcase_add_test(tc, test_so_refused);
    suite_add_tcase(suite, tc);
    return suite;
}
