/*
 * Draws, what the shaders see and say: clip and cull distances, derivatives across
 * quads (helper lanes on triangle edges), SV_IsFrontFace and SV_PrimitiveID into two
 * render targets, vertex formats, SV_Position at the centre and the centroid.
 */
#include "test_draw_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The full-viewport triangle with SV_ClipDistance = x and SV_CullDistance = cb0[0].y. */
static const char vs_clip[] =
    "vs_5_0\n"
    ".input SV_VertexID 0 v0.x uint vertex_id\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    ".output SV_ClipDistance 0 o1.x float clip_distance\n"
    ".output SV_CullDistance 0 o1.y float cull_distance\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "dcl_input_sgv v0.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output_siv o1.x, clip_distance\n"
    "dcl_output_siv o1.y, cull_distance\n"
    "dcl_temps 1\n"
    "ieq r0.xy, v0.xxxx, l(1, 2, 0, 0)\n"
    "movc r0.x, r0.x, l(3.0), l(-1.0)\n"
    "movc o0.y, r0.y, l(-3.0), l(1.0)\n"
    "mov o0.x, r0.x\n"
    "mov o1.x, r0.x\n"
    "mov o1.y, cb0[0].y\n"
    "mov o0.zw, l(0, 0, 0.5, 1.0)\n"
    "ret\n";

START_TEST(test_draw_clip_distance)
{
    static const float keep[4] = {0.0f, 1.0f}, cull[4] = {0.0f, -1.0f}, one[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    static const float zero[4];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target;
    uint32_t data[32];
    struct draw_test t;
    unsigned int i;

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    pipeline = draw_pipeline(&t, &desc, vs_clip, draw_ps_float);
    target = draw_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 4, 1, 1, 0);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), zero, 0, NULL);
    draw_setup(&t, pipeline, 8, 4, false);
    draw_constants(&t, cull, one);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
    for (i = 0; i < 32; ++i)
        ck_assert_uint_eq(data[i], 0);
    /* Not culled: the clip distance x >= 0 keeps the right half. */
    draw_setup(&t, pipeline, 8, 4, false);
    draw_constants(&t, keep, one);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
    for (i = 0; i < 32; ++i)
        ck_assert_msg(data[i] == (i % 8 >= 4 ? 0xffffffffu : 0u), "pixel (%u,%u): %#x", i % 8, i / 8, data[i]);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* COLOR = (x / 16, y / 8) in pixels: every pixel's derivatives are 1/16 and 1/8, the
 * pixels on the triangle's edges included (their quads run helper lanes). */
START_TEST(test_draw_derivatives)
{
    static const char ps[] =
        "ps_5_0\n"
        ".input SV_Position 0 v0.xyzw float position\n"
        ".input COLOR 0 v1.xyzw float\n"
        ".output SV_Target 0 o0.xyzw float\n"
        "dcl_input_ps linear v1.xy\n"
        "dcl_output o0.xyzw\n"
        "deriv_rtx o0.x, v1.x\n"
        "deriv_rty o0.y, v1.y\n"
        "mov o0.zw, l(0, 0, 0, 1.0)\n"
        "ret\n";
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    ID3D12PipelineState *pipeline;
    struct draw_test t;

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    desc.InputLayout.pInputElementDescs = draw_color_layout;
    desc.InputLayout.NumElements = 2;
    desc.RTVFormats[0] = DXGI_FORMAT_R32G32B32A32_FLOAT;
    pipeline = draw_pipeline(&t, &desc, draw_vs_color, ps);
    draw_check_derivatives(&t, pipeline);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* Two render targets: SV_IsFrontFace to a float target, SV_PrimitiveID to a uint one,
 * from a front (clockwise) and a back triangle splitting 8x4 along a diagonal. */
START_TEST(test_draw_face_and_primitive)
{
    static const char ps[] =
        "ps_5_0\n"
        ".input SV_PrimitiveID 0 v0.x uint primitive_id\n"
        ".input SV_IsFrontFace 0 v1.x uint is_front_face\n"
        ".output SV_Target 0 o0.xyzw float\n"
        ".output SV_Target 1 o1.xyzw uint\n"
        "dcl_input_ps_sgv constant v0.x, primitive_id\n"
        "dcl_input_ps_sgv constant v1.x, is_front_face\n"
        "dcl_output o0.xyzw\n"
        "dcl_output o1.xyzw\n"
        "movc o0.x, v1.x, l(1.0), l(0)\n"
        "mov o0.yzw, l(0, 0, 0, 0)\n"
        "mov o1.xyzw, v0.xxxx\n"
        "ret\n";
    static const float screen[6][2] = {{0.0f, 0.0f}, {8.0f, 0.0f}, {0.0f, 4.0f},
                                       {8.0f, 0.0f}, {0.0f, 4.0f}, {8.0f, 4.0f}};
    static const float background[4] = {-1.0f, -1.0f, -1.0f, -1.0f}, white[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    static const float hundred[4] = {100.0f, 100.0f, 100.0f, 100.0f};
    D3D12_CPU_DESCRIPTOR_HANDLE rtvs[2];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12Resource *faces, *ids, *vb;
    D3D12_VERTEX_BUFFER_VIEW vbv;
    ID3D12PipelineState *pipeline;
    float vertices[6][8], face[32];
    unsigned int i, x, y;
    uint32_t id[32];
    struct draw_test t;
    bool first;

    draw_test_init(&t);
    for (i = 0; i < 6; ++i)
    {
        vertices[i][0] = screen[i][0] / 4.0f - 1.0f;
        vertices[i][1] = 1.0f - screen[i][1] / 2.0f;
        vertices[i][2] = 0.5f;
        vertices[i][3] = 1.0f;
        memcpy(&vertices[i][4], white, sizeof(white));
    }
    draw_pipeline_desc(&t, &desc);
    desc.InputLayout.pInputElementDescs = draw_color_layout;
    desc.InputLayout.NumElements = 2;
    desc.NumRenderTargets = 2;
    desc.RTVFormats[0] = DXGI_FORMAT_R32_FLOAT;
    desc.RTVFormats[1] = DXGI_FORMAT_R32_UINT;
    pipeline = draw_pipeline(&t, &desc, draw_vs_color, ps);
    faces = draw_target(&t, DXGI_FORMAT_R32_FLOAT, 8, 4, 1, 1, 0);
    ids = draw_target(&t, DXGI_FORMAT_R32_UINT, 8, 4, 1, 1, 1);
    vb = draw_upload(&t, vertices, sizeof(vertices));
    vbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(vb);
    vbv.SizeInBytes = sizeof(vertices);
    vbv.StrideInBytes = sizeof(vertices[0]);
    rtvs[0] = draw_rtv(&t, 0);
    rtvs[1] = draw_rtv(&t, 1);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, rtvs[0], background, 0, NULL);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, rtvs[1], hundred, 0, NULL);
    draw_setup(&t, pipeline, 8, 4, false);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.ctx.list, 2, rtvs, FALSE, NULL);
    ID3D12GraphicsCommandList_IASetVertexBuffers(t.ctx.list, 0, 1, &vbv);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 6, 1, 0, 0);
    draw_read(&t, faces, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, face, &layout);
    draw_read(&t, ids, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, id, &layout);
    for (y = 0; y < 4; ++y)
    {
        for (x = 0; x < 8; ++x)
        {
            /* The first triangle holds the centres with x + 2y < 8 (none is on the diagonal). */
            first = (x + 0.5f) + 2.0f * (y + 0.5f) < 8.0f;
            ck_assert_msg(face[y * 8 + x] == (first ? 1.0f : 0.0f), "pixel (%u,%u): face %.1f", x, y,
                          face[y * 8 + x]);
            ck_assert_msg(id[y * 8 + x] == (first ? 0u : 1u), "pixel (%u,%u): primitive %u", x, y, id[y * 8 + x]);
        }
    }
    ID3D12Resource_Release(vb);
    ID3D12Resource_Release(ids);
    ID3D12Resource_Release(faces);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* Vertex formats: an attribute of each format, fetched per instance (step rate 0) and
 * passed to a uint target bit for bit. */
START_TEST(test_draw_vertex_formats)
{
    static const char vs[] =
        "vs_5_0\n"
        ".input SV_VertexID 0 v0.x uint vertex_id\n"
        ".input ATTR 0 v1.xyzw uint\n"
        ".output SV_Position 0 o0.xyzw float position\n"
        ".output ATTR 0 o1.xyzw uint\n"
        "dcl_input_sgv v0.x, vertex_id\n"
        "dcl_input v1.xyzw\n"
        "dcl_output_siv o0.xyzw, position\n"
        "dcl_output o1.xyzw\n"
        "dcl_temps 1\n"
        "ieq r0.xy, v0.xxxx, l(1, 2, 0, 0)\n"
        "movc o0.x, r0.x, l(3.0), l(-1.0)\n"
        "movc o0.y, r0.y, l(-3.0), l(1.0)\n"
        "mov o0.zw, l(0, 0, 0.5, 1.0)\n"
        "mov o1.xyzw, v1.xyzw\n"
        "ret\n";
    static const char ps[] =
        "ps_5_0\n"
        ".input ATTR 0 v1.xyzw uint\n"
        ".output SV_Target 0 o0.xyzw uint\n"
        "dcl_input_ps constant v1.xyzw\n"
        "dcl_output o0.xyzw\n"
        "mov o0.xyzw, v1.xyzw\n"
        "ret\n";
    static const struct
    {
        DXGI_FORMAT format;
        uint8_t bytes[12];
        float floats[4];          /* float formats */
        uint32_t integers[4];     /* integer formats */
        bool integer;
    }
    tests[] =
    {
        {DXGI_FORMAT_R8G8B8A8_UNORM, {0, 255, 128, 51}, {0.0f, 1.0f, (float)(128 / 255.0), (float)(51 / 255.0)},
         {0}, false},
        {DXGI_FORMAT_R8G8_SNORM, {0x81, 0x40}, {-1.0f, (float)(64 / 127.0), 0.0f, 1.0f}, {0}, false},
        {DXGI_FORMAT_R16G16_FLOAT, {0x00, 0x3c, 0x00, 0xc0}, {1.0f, -2.0f, 0.0f, 1.0f}, {0}, false},
        {DXGI_FORMAT_R32G32B32_FLOAT, {0x00, 0x00, 0xc0, 0x3f, 0x00, 0x00, 0x10, 0xc0, 0x00, 0x00, 0x40, 0x40},
         {1.5f, -2.25f, 3.0f, 1.0f}, {0}, false},
        {DXGI_FORMAT_B8G8R8A8_UNORM, {255, 0, 0, 255}, {0.0f, 0.0f, 1.0f, 1.0f}, {0}, false},
        {DXGI_FORMAT_R10G10B10A2_UNORM, {0xff, 0x03, 0x00, 0x60}, {1.0f, 0.0f, (float)(512 / 1023.0), (float)(1 / 3.0)},
         {0}, false},
        {DXGI_FORMAT_R10G10B10A2_UINT, {0xff, 0x03, 0x50, 0xc0}, {0}, {1023, 0, 5, 3}, true},
        {DXGI_FORMAT_R16G16_SINT, {0xfd, 0xff, 0x07, 0x00}, {0}, {(uint32_t)-3, 7, 0, 1}, true},
    };
    D3D12_INPUT_ELEMENT_DESC element = {"ATTR", 0, DXGI_FORMAT_UNKNOWN, 0, 0,
                                        D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA, 0};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    D3D12_VERTEX_BUFFER_VIEW vbv;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target, *vb;
    uint32_t data[4], expected;
    struct draw_test t;
    unsigned int i, c;

    draw_test_init(&t);
    target = draw_target(&t, DXGI_FORMAT_R32G32B32A32_UINT, 1, 1, 1, 1, 0);
    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        element.Format = tests[i].format;
        draw_pipeline_desc(&t, &desc);
        desc.InputLayout.pInputElementDescs = &element;
        desc.InputLayout.NumElements = 1;
        desc.RTVFormats[0] = DXGI_FORMAT_R32G32B32A32_UINT;
        pipeline = draw_pipeline(&t, &desc, vs, ps);
        vb = draw_upload(&t, tests[i].bytes, sizeof(tests[i].bytes));
        vbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(vb);
        vbv.SizeInBytes = sizeof(tests[i].bytes);
        vbv.StrideInBytes = sizeof(tests[i].bytes);
        draw_setup(&t, pipeline, 1, 1, false);
        ID3D12GraphicsCommandList_IASetVertexBuffers(t.ctx.list, 0, 1, &vbv);
        ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
        draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
        for (c = 0; c < 4; ++c)
        {
            if (tests[i].integer)
                expected = tests[i].integers[c];
            else
                memcpy(&expected, &tests[i].floats[c], sizeof(expected));
            ck_assert_msg(data[c] == expected, "format %#x channel %u: %#x, expected %#x", tests[i].format, c,
                          data[c], expected);
        }
        ID3D12Resource_Release(vb);
        ID3D12PipelineState_Release(pipeline);
    }
    ID3D12Resource_Release(target);
    draw_test_destroy(&t);
}
END_TEST

/* SV_Position in the pixel shader: the pixel centre, the depth, and w. */
START_TEST(test_draw_position_input)
{
    static const char ps[] =
        "ps_5_0\n"
        ".input SV_Position 0 v0.xyzw float position\n"
        ".output SV_Target 0 o0.xyzw float\n"
        "dcl_input_ps_siv linear noperspective v0.xyzw, position\n"
        "dcl_output o0.xyzw\n"
        "mov o0.xyzw, v0.xyzw\n"
        "ret\n";
    static const float depth[4] = {0.25f};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target;
    struct draw_test t;
    float data[4 * 4 * 4];
    unsigned int x, y;

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    desc.RTVFormats[0] = DXGI_FORMAT_R32G32B32A32_FLOAT;
    pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, ps);
    target = draw_target(&t, DXGI_FORMAT_R32G32B32A32_FLOAT, 4, 4, 1, 1, 0);
    draw_setup(&t, pipeline, 4, 4, false);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(t.ctx.list, 0, 4, depth, 0);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    draw_read(&t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
    for (y = 0; y < 4; ++y)
    {
        for (x = 0; x < 4; ++x)
        {
            const float *p = &data[(y * 4 + x) * 4];

            ck_assert_msg(p[0] == x + 0.5f && p[1] == y + 0.5f && p[2] == 0.25f && p[3] == 1.0f,
                          "pixel (%u,%u): %.3f %.3f %.3f %.3f", x, y, p[0], p[1], p[2], p[3]);
        }
    }
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* Centroid on 4x: column 4 of a triangle right of x = 4.5 has samples 1 and 3
 * ((6, -2) and (2, 6) / 16): its centroid stands at sample 1, x = 4.875; the resolve
 * averages two such samples with two cleared ones. Whole pixels use the centre. */
START_TEST(test_draw_centroid)
{
    static const char ps[] =
        "ps_5_0\n"
        ".input SV_Position 0 v0.xyzw float position\n"
        ".output SV_Target 0 o0.xyzw float\n"
        "dcl_input_ps_siv linear noperspective centroid v0.x, position\n"
        "dcl_output o0.xyzw\n"
        "mov o0.xyzw, v0.xxxx\n"
        "ret\n";
    static const float vertices[3][8] =
    {
        {0.125f, -3.0f, 0.5f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f},
        {0.125f, 3.0f, 0.5f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f},
        {5.0f, 0.0f, 0.5f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f},
    };
    static const float zero[4];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12Resource *target, *resolved, *vb;
    D3D12_VERTEX_BUFFER_VIEW vbv;
    ID3D12PipelineState *pipeline;
    struct draw_test t;
    float data[8 * 8];
    unsigned int x, y;

    draw_test_init(&t);
    vb = draw_upload(&t, vertices, sizeof(vertices));
    vbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(vb);
    vbv.SizeInBytes = sizeof(vertices);
    vbv.StrideInBytes = sizeof(vertices[0]);
    draw_pipeline_desc(&t, &desc);
    desc.InputLayout.pInputElementDescs = draw_color_layout;
    desc.InputLayout.NumElements = 2;
    desc.RTVFormats[0] = DXGI_FORMAT_R32_FLOAT;
    desc.SampleDesc.Count = 4;
    pipeline = draw_pipeline(&t, &desc, draw_vs_color, ps);
    target = draw_target(&t, DXGI_FORMAT_R32_FLOAT, 8, 8, 1, 4, 0);
    resolved = draw_target(&t, DXGI_FORMAT_R32_FLOAT, 8, 8, 1, 1, 1);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 0), zero, 0, NULL);
    draw_setup(&t, pipeline, 8, 8, false);
    ID3D12GraphicsCommandList_IASetVertexBuffers(t.ctx.list, 0, 1, &vbv);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    transition_resource(&t.ctx, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
    transition_resource(&t.ctx, resolved, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_DEST);
    ID3D12GraphicsCommandList_ResolveSubresource(t.ctx.list, resolved, 0, target, 0, DXGI_FORMAT_R32_FLOAT);
    transition_resource(&t.ctx, resolved, 0, D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET);
    draw_read(&t, resolved, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
    for (y = 0; y < 8; ++y)
    {
        for (x = 0; x < 8; ++x)
        {
            float expected = x < 4 ? 0.0f : x == 4 ? 4.875f / 2.0f : x + 0.5f;

            ck_assert_msg(fabsf(data[y * 8 + x] - expected) < 1e-6f, "pixel (%u,%u): %.4f, expected %.4f", x, y,
                          data[y * 8 + x], expected);
        }
    }
    ID3D12Resource_Release(resolved);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    ID3D12Resource_Release(vb);
    draw_test_destroy(&t);
}
END_TEST

Suite *draw_shader_suite(void)
{
    Suite *suite = suite_create("draw_shader");
    TCase *tc = tcase_create("shader");

    tcase_add_test(tc, test_draw_clip_distance);
    tcase_add_test(tc, test_draw_derivatives);
    tcase_add_test(tc, test_draw_face_and_primitive);
    tcase_add_test(tc, test_draw_vertex_formats);
    tcase_add_test(tc, test_draw_position_input);
    tcase_add_test(tc, test_draw_centroid);
    suite_add_tcase(suite, tc);
    return suite;
}
