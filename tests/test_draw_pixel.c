/*
 * Draws, the pixel side: the top-left rule on shared edges (additive blending: every
 * pixel exactly once), blend equations, attribute interpolation checked against C,
 * occlusion and pipeline-statistics queries counting what ran, predication, SV_Depth,
 * discard, per-sample shading, depth bias, oMask and alpha-to-coverage.
 */
#include "test_draw_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct vertex
{
    float position[4];
    float color[4];
};

static ID3D12Resource *upload_vertices(struct draw_test *t, const struct vertex *vertices, unsigned int count)
{
    D3D12_VERTEX_BUFFER_VIEW vbv;
    ID3D12Resource *vb = draw_upload(t, vertices, count * sizeof(*vertices));

    vbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(vb);
    vbv.SizeInBytes = count * sizeof(*vertices);
    vbv.StrideInBytes = sizeof(*vertices);
    ID3D12GraphicsCommandList_IASetVertexBuffers(t->ctx.list, 0, 1, &vbv);
    return vb;
}

static void color_layout(D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc)
{
    desc->InputLayout.pInputElementDescs = draw_color_layout;
    desc->InputLayout.NumElements = 2;
}

static void set_vertex(struct vertex *v, float sx, float sy, float size, float w, const float color[4])
{
    /* Screen position in pixels of a size x size target, as clip space with this w. */
    v->position[0] = (sx / size * 2.0f - 1.0f) * w;
    v->position[1] = (1.0f - sy / size * 2.0f) * w;
    v->position[2] = 0.5f * w;
    v->position[3] = w;
    memcpy(v->color, color, sizeof(v->color));
}

/* ---- Fill rule ----------------------------------------------------------------------------- */

/* A 4x4 grid of cells, two triangles each, over a 16x16 target, with inner vertices
 * on pixel centres, edges and quarter positions: with ONE + ONE blending every pixel
 * must end at exactly 1. */
START_TEST(test_draw_fill_rule_shared_edges)
{
    static const float base[5] = {-2.0f, 4.0f, 8.0f, 12.0f, 18.0f};
    static const float jitter[5][5][2] =
    {
        {{0}},
        {{0}, {0.5f, 0.5f}, {0.25f, 0.0f}, {0.0f, 0.75f}, {0}},
        {{0}, {0.5f, 0.0f}, {0.0f, 0.0f}, {0.5f, 0.5f}, {0}},
        {{0}, {0.75f, 0.25f}, {0.5f, 0.5f}, {0.125f, 0.0f}, {0}},
        {{0}},
    };
    static const float one[4] = {1.0f, 0.0f, 0.0f, 1.0f}, zero[4];
    struct vertex vertices[4 * 4 * 6], corner[4];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target, *vb;
    unsigned int i, k, n = 0, c;
    struct draw_test t;
    float data[256];

    draw_test_init(&t);
    for (i = 0; i < 4; ++i)
    {
        for (k = 0; k < 4; ++k)
        {
            for (c = 0; c < 4; ++c)
            {
                unsigned int gi = i + (c & 1), gk = k + (c >> 1);

                set_vertex(&corner[c], base[gi] + jitter[gi][gk][0], base[gk] + jitter[gi][gk][1], 16.0f, 1.0f, one);
            }
            /* Alternate the diagonal. */
            if ((i + k) & 1)
            {
                vertices[n++] = corner[0], vertices[n++] = corner[1], vertices[n++] = corner[3];
                vertices[n++] = corner[0], vertices[n++] = corner[3], vertices[n++] = corner[2];
            }
            else
            {
                vertices[n++] = corner[0], vertices[n++] = corner[1], vertices[n++] = corner[2];
                vertices[n++] = corner[2], vertices[n++] = corner[1], vertices[n++] = corner[3];
            }
        }
    }
    draw_pipeline_desc(&t, &desc);
    color_layout(&desc);
    desc.RTVFormats[0] = DXGI_FORMAT_R32_FLOAT;
    desc.BlendState.RenderTarget[0].BlendEnable = TRUE;
    desc.BlendState.RenderTarget[0].DestBlend = D3D12_BLEND_ONE;
    desc.BlendState.RenderTarget[0].DestBlendAlpha = D3D12_BLEND_ONE;
    pipeline = draw_pipeline(&t, &desc, draw_vs_color, draw_ps_color);
    target = draw_target(&t, DXGI_FORMAT_R32_FLOAT, 16, 16, 1, 1, 0);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), zero, 0, NULL);
    draw_setup(&t, pipeline, 16, 16, false);
    vb = upload_vertices(&t, vertices, n);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, n, 1, 0, 0);
    draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
    for (i = 0; i < 256; ++i)
        ck_assert_msg(data[i] == 1.0f, "pixel (%u,%u) drawn %.1f times", i % 16, i / 16, data[i]);
    ID3D12Resource_Release(vb);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* ---- Blending ------------------------------------------------------------------------------ */

START_TEST(test_draw_blend_equations)
{
    static const struct
    {
        DXGI_FORMAT format;
        D3D12_BLEND src, dst;
        D3D12_BLEND_OP op;
        float dst_color[4], src_color[4], expected[4];
    }
    tests[] =
    {
        {DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_BLEND_SRC_ALPHA, D3D12_BLEND_INV_SRC_ALPHA, D3D12_BLEND_OP_ADD,
         {0.2f, 0.4f, 0.6f, 0.8f}, {1.0f, 0.5f, 0.0f, 0.25f}, {0.4f, 0.425f, 0.45f, 0.25f}},
        {DXGI_FORMAT_R32G32B32A32_FLOAT, D3D12_BLEND_ONE, D3D12_BLEND_ONE, D3D12_BLEND_OP_REV_SUBTRACT,
         {0.5f, 0.5f, 0.5f, 0.5f}, {0.25f, 1.0f, 0.75f, 0.5f}, {0.25f, -0.5f, -0.25f, 0.5f}},
        {DXGI_FORMAT_R32G32B32A32_FLOAT, D3D12_BLEND_ONE, D3D12_BLEND_ONE, D3D12_BLEND_OP_MAX,
         {0.5f, 0.5f, 0.5f, 0.5f}, {0.25f, 1.0f, 0.75f, 0.5f}, {0.5f, 1.0f, 0.75f, 0.5f}},
        {DXGI_FORMAT_R32G32B32A32_FLOAT, D3D12_BLEND_BLEND_FACTOR, D3D12_BLEND_ZERO, D3D12_BLEND_OP_ADD,
         {0.5f, 0.5f, 0.5f, 0.5f}, {0.25f, 1.0f, 0.75f, 0.5f}, {0.125f, 0.5f, 0.375f, 0.5f}},
    };
    static const float factor[4] = {0.5f, 0.5f, 0.5f, 0.5f}, zero[4];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target;
    uint8_t data[4 * 4 * 16];
    float value, expected;
    struct draw_test t;
    unsigned int i, c;

    draw_test_init(&t);
    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        draw_pipeline_desc(&t, &desc);
        desc.RTVFormats[0] = tests[i].format;
        desc.BlendState.RenderTarget[0].BlendEnable = TRUE;
        desc.BlendState.RenderTarget[0].SrcBlend = tests[i].src;
        desc.BlendState.RenderTarget[0].DestBlend = tests[i].dst;
        desc.BlendState.RenderTarget[0].BlendOp = tests[i].op;
        pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, draw_ps_float);
        target = draw_target(&t, tests[i].format, 4, 4, 1, 1, 0);
        ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), tests[i].dst_color, 0, NULL);
        draw_setup(&t, pipeline, 4, 4, false);
        ID3D12GraphicsCommandList_OMSetBlendFactor(t.ctx.list, factor);
        draw_constants(&t, zero, tests[i].src_color);
        ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
        draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
        for (c = 0; c < 4; ++c)
        {
            expected = tests[i].expected[c];
            if (tests[i].format == DXGI_FORMAT_R8G8B8A8_UNORM)
            {
                ck_assert_msg(abs((int)data[5 * 4 + c] - (int)floorf(expected * 255.0f + 0.5f)) <= 1,
                              "test %u channel %u: %u", i, c, data[5 * 4 + c]);
                continue;
            }
            memcpy(&value, data + 5 * 16 + c * 4, sizeof(value));
            ck_assert_msg(fabsf(value - expected) < 1e-6f, "test %u channel %u: %.8e, expected %.8e", i, c, value,
                          expected);
        }
        ID3D12Resource_Release(target);
        ID3D12PipelineState_Release(pipeline);
    }
    draw_test_destroy(&t);
}
END_TEST

/* o0 = cb0[1] and o1 = cb0[2]: the two sources of dual-source blending. */
static const char ps_dual_source[] =
    "ps_5_0\n"
    ".output SV_Target 0 o0.xyzw float\n"
    ".output SV_Target 1 o1.xyzw float\n"
    "dcl_constantbuffer cb0[3], immediateIndexed\n"
    "dcl_output o0.xyzw\n"
    "dcl_output o1.xyzw\n"
    "mov o0.xyzw, cb0[1].xyzw\n"
    "mov o1.xyzw, cb0[2].xyzw\n"
    "ret\n";

/*
 * Dual-source blending through the whole API: target 0 = o0 * o0 + dst * o1 (SRC_COLOR and
 * SRC1_COLOR, SRC_ALPHA and SRC1_ALPHA for alpha), the blend vkd3d-proton's
 * test_dual_source_blending draws on Windows. D3D12 has no capability bit for it: every
 * D3D12 device blends with two sources (D3D11's feature level 10_0 and above). The
 * expectations are computed here from the equation, then rounded to UNORM8.
 */
START_TEST(test_draw_dual_source_blend)
{
    static const struct
    {
        float c0[4], c1[4];
    }
    tests[] =
    {
        {{0.0f, 0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f, 0.0f}},
        {{0.0f, 0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 1.0f}},
        {{1.0f, 0.0f, 0.0f, 1.0f}, {0.0f, 1.0f, 1.0f, 0.0f}},
        {{0.5f, 0.25f, 1.0f, 0.5f}, {0.5f, 1.0f, 0.25f, 0.75f}},
    };
    static const float dst[4] = {0.2f, 0.4f, 0.6f, 0.8f}, zero[4];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target;
    uint8_t data[4 * 4 * 4], want;
    unsigned int i, c, p;
    struct draw_test t;
    float value;

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    enable_blend(&desc.BlendState.RenderTarget[0], D3D12_BLEND_SRC_COLOR, D3D12_BLEND_SRC1_COLOR,
                 D3D12_BLEND_SRC_ALPHA, D3D12_BLEND_SRC1_ALPHA);
    pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, ps_dual_source);
    target = draw_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 0);
    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), dst, 0, NULL);
        draw_setup(&t, pipeline, 4, 4, false);
        draw_constants(&t, zero, tests[i].c0);
        ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(t.ctx.list, 0, 4, tests[i].c1, 8);
        ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
        memset(data, 0xcd, sizeof(data));
        draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
        for (p = 0; p < 16; ++p)
        {
            for (c = 0; c < 4; ++c)
            {
                /* The clear stored dst rounded to UNORM8; blending reads it back so. */
                value = tests[i].c0[c] * tests[i].c0[c] + floorf(dst[c] * 255.0f + 0.5f) / 255.0f * tests[i].c1[c];
                want = (uint8_t)floorf(fminf(value, 1.0f) * 255.0f + 0.5f);
                ck_assert_msg(abs((int)data[(p / 4) * layout.row_size + (p % 4) * 4 + c] - (int)want) <= 1,
                              "test %u pixel %u channel %u: %u, expected %u", i, p, c,
                              data[(p / 4) * layout.row_size + (p % 4) * 4 + c], want);
            }
        }
    }
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* ---- Interpolation ------------------------------------------------------------------------- */

/* The PS of draw_ps_color with another interpolation mode. */
#define PS_INTERPOLATE(mode) \
    "ps_5_0\n" \
    ".input SV_Position 0 v0.xyzw float position\n" \
    ".input COLOR 0 v1.xyzw float\n" \
    ".output SV_Target 0 o0.xyzw float\n" \
    "dcl_input_ps " mode " v1.xyzw\n" \
    "dcl_output o0.xyzw\n" \
    "mov o0.xyzw, v1.xyzw\n" \
    "ret\n"

START_TEST(test_draw_interpolation)
{
    static const float screen[3][3] = {{1.5f, 14.25f, 1.0f}, {15.0f, 11.5f, 2.0f}, {6.75f, 0.5f, 4.0f}};
    static const float colors[3][4] = {{1.0f, 0.0f, 0.0f, 0.0f}, {0.0f, 1.0f, 0.0f, 10.0f},
                                       {0.0f, 0.0f, 1.0f, -5.0f}};
    static const float background[4] = {-100.0f, -100.0f, -100.0f, -100.0f};
    static const char *const shaders[] =
    {
        PS_INTERPOLATE("linear"),
        PS_INTERPOLATE("linear noperspective"),
        PS_INTERPOLATE("constant"),
    };
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target, *vb;
    float data[16 * 16 * 4], l[3], area, px, py, expected, sum, value;
    struct vertex vertices[3];
    unsigned int s, i, x, y, c, checked;
    struct draw_test t;

    draw_test_init(&t);
    for (i = 0; i < 3; ++i)
        set_vertex(&vertices[i], screen[i][0], screen[i][1], 16.0f, screen[i][2], colors[i]);
    area = (screen[1][0] - screen[0][0]) * (screen[2][1] - screen[0][1])
            - (screen[2][0] - screen[0][0]) * (screen[1][1] - screen[0][1]);
    target = draw_target(&t, DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 16, 1, 1, 0);
    for (s = 0; s < ARRAY_SIZE(shaders); ++s)
    {
        draw_pipeline_desc(&t, &desc);
        color_layout(&desc);
        desc.RTVFormats[0] = DXGI_FORMAT_R32G32B32A32_FLOAT;
        pipeline = draw_pipeline(&t, &desc, draw_vs_color, shaders[s]);
        ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), background, 0, NULL);
        draw_setup(&t, pipeline, 16, 16, false);
        vb = upload_vertices(&t, vertices, 3);
        ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
        draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
        checked = 0;
        for (y = 0; y < 16; ++y)
        {
            for (x = 0; x < 16; ++x)
            {
                px = x + 0.5f;
                py = y + 0.5f;
                for (i = 0; i < 3; ++i)
                {
                    const float *a = screen[(i + 1) % 3], *b = screen[(i + 2) % 3];

                    l[i] = ((b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0])) / area;
                }
                if (l[0] < -0.01f || l[1] < -0.01f || l[2] < -0.01f)
                {
                    ck_assert_msg(data[(y * 16 + x) * 4] == -100.0f, "shader %u: pixel (%u,%u) outside drawn", s, x, y);
                    continue;
                }
                if (l[0] < 0.01f || l[1] < 0.01f || l[2] < 0.01f)
                    continue;
                ++checked;
                sum = l[0] / screen[0][2] + l[1] / screen[1][2] + l[2] / screen[2][2];
                for (c = 0; c < 4; ++c)
                {
                    if (s == 0)
                        expected = (l[0] * colors[0][c] / screen[0][2] + l[1] * colors[1][c] / screen[1][2]
                                + l[2] * colors[2][c] / screen[2][2]) / sum;
                    else if (s == 1)
                        expected = l[0] * colors[0][c] + l[1] * colors[1][c] + l[2] * colors[2][c];
                    else
                        expected = colors[0][c];
                    value = data[(y * 16 + x) * 4 + c];
                    ck_assert_msg(fabsf(value - expected) <= 1e-4f * fmaxf(1.0f, fabsf(expected)),
                                  "shader %u: pixel (%u,%u) channel %u: %.7f, expected %.7f", s, x, y, c, value,
                                  expected);
                }
            }
        }
        ck_assert_uint_gt(checked, 40);
        ID3D12Resource_Release(vb);
        ID3D12PipelineState_Release(pipeline);
    }
    ID3D12Resource_Release(target);
    draw_test_destroy(&t);
}
END_TEST

/* ---- Queries and predication --------------------------------------------------------------- */

static ID3D12QueryHeap *query_heap(struct draw_test *t, D3D12_QUERY_HEAP_TYPE type)
{
    D3D12_QUERY_HEAP_DESC desc = {type, 1, 0};
    ID3D12QueryHeap *heap;

    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(t->ctx.device, &desc, &IID_ID3D12QueryHeap, (void **)&heap), S_OK);
    return heap;
}

START_TEST(test_draw_queries)
{
    static const float zero[4], one[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    D3D12_QUERY_DATA_PIPELINE_STATISTICS statistics;
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    ID3D12QueryHeap *occlusion, *pipeline_statistics;
    ID3D12Resource *target, *readback;
    ID3D12PipelineState *pipeline;
    D3D12_RECT scissor = {2, 3, 5, 5};
    D3D12_RANGE range = {0, 256};
    struct draw_test t;
    uint64_t *results;

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, draw_ps_float);
    target = draw_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 0);
    occlusion = query_heap(&t, D3D12_QUERY_HEAP_TYPE_OCCLUSION);
    pipeline_statistics = query_heap(&t, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS);
    readback = create_buffer(t.ctx.device, D3D12_HEAP_TYPE_READBACK, 256, D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_COPY_DEST);
    draw_setup(&t, pipeline, 8, 8, false);
    ID3D12GraphicsCommandList_RSSetScissorRects(t.ctx.list, 1, &scissor);
    draw_constants(&t, zero, one);
    ID3D12GraphicsCommandList_BeginQuery(t.ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    ID3D12GraphicsCommandList_BeginQuery(t.ctx.list, pipeline_statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    ID3D12GraphicsCommandList_EndQuery(t.ctx.list, pipeline_statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    ID3D12GraphicsCommandList_EndQuery(t.ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(t.ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0, 1, readback, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(t.ctx.list, pipeline_statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS,
                                               0, 1, readback, 8);
    execute_and_wait(&t.ctx);
    ck_assert_int_eq(ID3D12Resource_Map(readback, 0, &range, (void **)&results), S_OK);
    /* 3 x 2 pixels of one sample. */
    ck_assert_uint_eq(results[0], 6);
    memcpy(&statistics, &results[1], sizeof(statistics));
    ck_assert_uint_eq(statistics.IAVertices, 3);
    ck_assert_uint_eq(statistics.IAPrimitives, 1);
    ck_assert_uint_eq(statistics.VSInvocations, 3);
    ck_assert_uint_eq(statistics.CInvocations, 1);
    ck_assert_uint_eq(statistics.CPrimitives, 1);
    ck_assert_uint_eq(statistics.PSInvocations, 6);
    ck_assert_uint_eq(statistics.GSInvocations, 0);
    ck_assert_uint_eq(statistics.CSInvocations, 0);
    ID3D12Resource_Unmap(readback, 0, NULL);
    ID3D12Resource_Release(readback);
    ID3D12QueryHeap_Release(pipeline_statistics);
    ID3D12QueryHeap_Release(occlusion);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

START_TEST(test_draw_predication)
{
    static const float zero[4], one[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    static const uint64_t values[2] = {0, 1};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12Resource *target, *predicate;
    ID3D12PipelineState *pipeline;
    struct draw_test t;
    unsigned int i, pass;
    uint32_t data[16];

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, draw_ps_float);
    target = draw_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 0);
    predicate = draw_upload(&t, values, sizeof(values));
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), zero, 0, NULL);
    /* At offset 0 the value is zero: EQUAL_ZERO skips the draw; at 8 it is not: it runs. */
    for (pass = 0; pass < 2; ++pass)
    {
        draw_setup(&t, pipeline, 4, 4, false);
        draw_constants(&t, zero, one);
        ID3D12GraphicsCommandList_SetPredication(t.ctx.list, predicate, 8 * pass, D3D12_PREDICATION_OP_EQUAL_ZERO);
        ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
        ID3D12GraphicsCommandList_SetPredication(t.ctx.list, NULL, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
        draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
        for (i = 0; i < 16; ++i)
            ck_assert_uint_eq(data[i], pass ? 0xffffffffu : 0);
    }
    ID3D12Resource_Release(predicate);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* ---- Depth output, discard, per-sample shading, depth bias --------------------------------- */

START_TEST(test_draw_depth_output)
{
    static const char ps[] =
        "ps_5_0\n"
        ".output SV_Target 0 o0.xyzw float\n"
        ".output SV_Depth 0 oDepth float depth\n"
        "dcl_constantbuffer cb0[2], immediateIndexed\n"
        "dcl_output o0.xyzw\n"
        "dcl_output oDepth\n"
        "mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\n"
        "mov oDepth, cb0[1].x\n"
        "ret\n";
    static const float near_z[4] = {0.1f}, far_out[4] = {0.9f}, mid_out[4] = {0.25f}, zero[4];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12Resource *target, *depth;
    ID3D12PipelineState *pipeline;
    uint32_t colors[16];
    struct draw_test t;
    float depths[16];
    unsigned int i;

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    desc.DepthStencilState.DepthEnable = TRUE;
    desc.DSVFormat = DXGI_FORMAT_D32_FLOAT;
    pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, ps);
    target = draw_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 0);
    depth = draw_depth(&t, DXGI_FORMAT_D32_FLOAT, 4, 4);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), zero, 0, NULL);
    ID3D12GraphicsCommandList_ClearDepthStencilView(t.ctx.list, draw_dsv(&t), D3D12_CLEAR_FLAG_DEPTH, 0.5f, 0, 0,
                                                    NULL);
    /* The interpolated 0.1 would pass LESS against 0.5; the shader's 0.9 does not. */
    draw_setup(&t, pipeline, 4, 4, true);
    draw_constants(&t, near_z, far_out);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    draw_read(&t, depth, 0, D3D12_RESOURCE_STATE_DEPTH_WRITE, depths, &layout);
    draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, colors, &layout);
    for (i = 0; i < 16; ++i)
    {
        ck_assert_float_eq(depths[i], 0.5f);
        ck_assert_uint_eq(colors[i], 0);
    }
    /* 0.25 passes and is what is written. */
    draw_setup(&t, pipeline, 4, 4, true);
    draw_constants(&t, near_z, mid_out);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    draw_read(&t, depth, 0, D3D12_RESOURCE_STATE_DEPTH_WRITE, depths, &layout);
    draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, colors, &layout);
    for (i = 0; i < 16; ++i)
    {
        ck_assert_float_eq(depths[i], 0.25f);
        ck_assert_uint_eq(colors[i], 0xffffffffu);
    }
    ID3D12Resource_Release(depth);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* Pixels left of x = 2 discard: not written, not counted by an occlusion query. */
START_TEST(test_draw_discard)
{
    static const char ps[] =
        "ps_5_0\n"
        ".input SV_Position 0 v0.xyzw float position\n"
        ".output SV_Target 0 o0.xyzw float\n"
        "dcl_constantbuffer cb0[2], immediateIndexed\n"
        "dcl_input_ps_siv linear noperspective v0.xy, position\n"
        "dcl_output o0.xyzw\n"
        "dcl_temps 1\n"
        "lt r0.x, v0.x, l(2.0)\n"
        "discard_nz r0.x\n"
        "mov o0.xyzw, cb0[1].xyzw\n"
        "ret\n";
    static const float zero[4], one[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12Resource *target, *readback;
    ID3D12PipelineState *pipeline;
    D3D12_RANGE range = {0, 8};
    ID3D12QueryHeap *heap;
    D3D12_QUERY_HEAP_DESC heap_desc = {D3D12_QUERY_HEAP_TYPE_OCCLUSION, 1, 0};
    uint32_t colors[32];
    uint64_t *samples;
    struct draw_test t;
    unsigned int i;

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, ps);
    target = draw_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 4, 1, 1, 0);
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(t.ctx.device, &heap_desc, &IID_ID3D12QueryHeap, (void **)&heap),
                     S_OK);
    readback = create_buffer(t.ctx.device, D3D12_HEAP_TYPE_READBACK, 8, D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_COPY_DEST);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), zero, 0, NULL);
    draw_setup(&t, pipeline, 8, 4, false);
    draw_constants(&t, zero, one);
    ID3D12GraphicsCommandList_BeginQuery(t.ctx.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    ID3D12GraphicsCommandList_EndQuery(t.ctx.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(t.ctx.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0, 1, readback, 0);
    draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, colors, &layout);
    for (i = 0; i < 32; ++i)
        ck_assert_uint_eq(colors[i], i % 8 < 2 ? 0u : 0xffffffffu);
    ck_assert_int_eq(ID3D12Resource_Map(readback, 0, &range, (void **)&samples), S_OK);
    ck_assert_uint_eq(samples[0], 24);
    ID3D12Resource_Unmap(readback, 0, NULL);
    ID3D12Resource_Release(readback);
    ID3D12QueryHeap_Release(heap);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* A shader reading SV_SampleIndex runs per sample: sample s writes s / 4, the resolve
 * averages 0, 0.25, 0.5 and 0.75. */
START_TEST(test_draw_sample_frequency)
{
    static const char ps[] =
        "ps_5_0\n"
        ".input SV_SampleIndex 0 v0.x uint sample_index\n"
        ".output SV_Target 0 o0.xyzw float\n"
        "dcl_input_ps_sgv constant v0.x, sample_index\n"
        "dcl_output o0.xyzw\n"
        "dcl_temps 1\n"
        "utof r0.x, v0.x\n"
        "mul o0.xyzw, r0.xxxx, l(0.25, 0.25, 0.25, 0.25)\n"
        "ret\n";
    static const float zero[4];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12Resource *target, *resolved;
    ID3D12PipelineState *pipeline;
    struct draw_test t;
    float data[16];
    unsigned int i;

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    desc.RTVFormats[0] = DXGI_FORMAT_R32_FLOAT;
    desc.SampleDesc.Count = 4;
    pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, ps);
    target = draw_target(&t, DXGI_FORMAT_R32_FLOAT, 4, 4, 1, 4, 0);
    resolved = draw_target(&t, DXGI_FORMAT_R32_FLOAT, 4, 4, 1, 1, 1);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), zero, 0, NULL);
    draw_setup(&t, pipeline, 4, 4, false);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(t.ctx.list, 0, 4, zero, 0);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    transition_resource(&t.ctx, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
    transition_resource(&t.ctx, resolved, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_DEST);
    ID3D12GraphicsCommandList_ResolveSubresource(t.ctx.list, resolved, 0, target, 0, DXGI_FORMAT_R32_FLOAT);
    transition_resource(&t.ctx, resolved, 0, D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET);
    draw_read(&t, resolved, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
    for (i = 0; i < 16; ++i)
        ck_assert_float_eq_tol(data[i], 0.375f, 1e-6f);
    ID3D12Resource_Release(resolved);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* Constant depth bias on a float depth buffer: r = 2^(exponent of 0.5 - 23) = 2^-24;
 * then clamped. */
START_TEST(test_draw_depth_bias)
{
    static const struct
    {
        INT bias;
        float clamp, expected;
    }
    tests[] =
    {
        {1000, 0.0f, 0.5f + 1000.0f / 16777216.0f},
        {1000, 2e-5f, 0.5f + 2e-5f},
        {-1000, -2e-5f, 0.5f - 2e-5f},
    };
    static const float half[4] = {0.5f}, one[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12Resource *target, *depth;
    ID3D12PipelineState *pipeline;
    struct draw_test t;
    float depths[16];
    unsigned int i, p;

    draw_test_init(&t);
    target = draw_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 0);
    depth = draw_depth(&t, DXGI_FORMAT_D32_FLOAT, 4, 4);
    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        draw_pipeline_desc(&t, &desc);
        desc.DepthStencilState.DepthEnable = TRUE;
        desc.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_ALWAYS;
        desc.DSVFormat = DXGI_FORMAT_D32_FLOAT;
        desc.RasterizerState.DepthBias = tests[i].bias;
        desc.RasterizerState.DepthBiasClamp = tests[i].clamp;
        pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, draw_ps_float);
        draw_setup(&t, pipeline, 4, 4, true);
        draw_constants(&t, half, one);
        ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
        draw_read(&t, depth, 0, D3D12_RESOURCE_STATE_DEPTH_WRITE, depths, &layout);
        for (p = 0; p < 16; ++p)
            ck_assert_msg(depths[p] == tests[i].expected, "test %u: %.9g, expected %.9g", i, depths[p],
                          tests[i].expected);
        ID3D12PipelineState_Release(pipeline);
    }
    ID3D12Resource_Release(depth);
    ID3D12Resource_Release(target);
    draw_test_destroy(&t);
}
END_TEST

/* oMask 0x5 keeps samples 0 and 2; alpha 0.5 with alpha-to-coverage keeps 2 of 4:
 * either way the resolve averages half the samples. */
START_TEST(test_draw_coverage_output)
{
    static const char ps_mask[] =
        "ps_5_0\n"
        ".output SV_Target 0 o0.xyzw float\n"
        ".output SV_Coverage 0 oMask uint coverage\n"
        "dcl_output o0.xyzw\n"
        "dcl_output oMask\n"
        "mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\n"
        "mov oMask, l(5)\n"
        "ret\n";
    static const char ps_alpha[] =
        "ps_5_0\n"
        ".output SV_Target 0 o0.xyzw float\n"
        "dcl_output o0.xyzw\n"
        "mov o0.xyzw, l(1.0, 1.0, 1.0, 0.5)\n"
        "ret\n";
    static const float zero[4];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12Resource *target, *resolved;
    ID3D12PipelineState *pipeline;
    struct draw_test t;
    float data[16];
    unsigned int i, p;

    draw_test_init(&t);
    target = draw_target(&t, DXGI_FORMAT_R32_FLOAT, 4, 4, 1, 4, 0);
    resolved = draw_target(&t, DXGI_FORMAT_R32_FLOAT, 4, 4, 1, 1, 1);
    for (i = 0; i < 2; ++i)
    {
        draw_pipeline_desc(&t, &desc);
        desc.RTVFormats[0] = DXGI_FORMAT_R32_FLOAT;
        desc.SampleDesc.Count = 4;
        desc.BlendState.AlphaToCoverageEnable = i == 1;
        pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, i ? ps_alpha : ps_mask);
        ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), zero, 0, NULL);
        draw_setup(&t, pipeline, 4, 4, false);
        ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(t.ctx.list, 0, 4, zero, 0);
        ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
        transition_resource(&t.ctx, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET,
                            D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
        transition_resource(&t.ctx, resolved, 0, D3D12_RESOURCE_STATE_RENDER_TARGET,
                            D3D12_RESOURCE_STATE_RESOLVE_DEST);
        ID3D12GraphicsCommandList_ResolveSubresource(t.ctx.list, resolved, 0, target, 0, DXGI_FORMAT_R32_FLOAT);
        transition_resource(&t.ctx, target, 0, D3D12_RESOURCE_STATE_RESOLVE_SOURCE,
                            D3D12_RESOURCE_STATE_RENDER_TARGET);
        transition_resource(&t.ctx, resolved, 0, D3D12_RESOURCE_STATE_RESOLVE_DEST,
                            D3D12_RESOURCE_STATE_RENDER_TARGET);
        draw_read(&t, resolved, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
        for (p = 0; p < 16; ++p)
            ck_assert_msg(data[p] == 0.5f, "%s: pixel %u: %.3f", i ? "alpha" : "oMask", p, data[p]);
        ID3D12PipelineState_Release(pipeline);
    }
    ID3D12Resource_Release(resolved);
    ID3D12Resource_Release(target);
    draw_test_destroy(&t);
}
END_TEST

Suite *draw_pixel_suite(void)
{
    Suite *suite = suite_create("draw_pixel");
    TCase *tc = tcase_create("pixel");

    tcase_add_test(tc, test_draw_fill_rule_shared_edges);
    tcase_add_test(tc, test_draw_blend_equations);
    tcase_add_test(tc, test_draw_dual_source_blend);
    tcase_add_test(tc, test_draw_interpolation);
    tcase_add_test(tc, test_draw_queries);
    tcase_add_test(tc, test_draw_predication);
    tcase_add_test(tc, test_draw_depth_output);
    tcase_add_test(tc, test_draw_discard);
    tcase_add_test(tc, test_draw_sample_frequency);
    tcase_add_test(tc, test_draw_depth_bias);
    tcase_add_test(tc, test_draw_coverage_output);
    suite_add_tcase(suite, tc);
    return suite;
}
