/*
 * Geometry shaders end to end: amplification and culling (0 to dcl_maxout vertices,
 * emits past it dropped), every input primitive (point, line, triangle, lineadj,
 * triangleadj, from lists and strips), point / line strip / triangle strip outputs
 * with cuts, instancing (SV_GSInstanceID), SV_PrimitiveID, layered rendering through
 * SV_RenderTargetArrayIndex and viewport/scissor selection through
 * SV_ViewportArrayIndex. Every expectation is worked out by hand from the shader
 * below it; targets are cleared to a value no shader writes first.
 */
#include "test_draw_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GS_OUTPUT_HEADER \
    ".output SV_Position 0 o0.xyzw float position\n" \
    ".output COLOR 0 o1.x uint\n"

#define CLEAR_VALUE 0xdeadu

static ID3D12PipelineState *gs_pipeline(struct draw_test *t, const char *gs, D3D12_PRIMITIVE_TOPOLOGY_TYPE type,
                                        DXGI_FORMAT format)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    ID3D12PipelineState *pipeline;
    size_t size;
    void *code;

    draw_pipeline_desc(t, &desc);
    desc.PrimitiveTopologyType = type;
    desc.RTVFormats[0] = format;
    code = draw_assemble(gs, &size);
    desc.GS.pShaderBytecode = code;
    desc.GS.BytecodeLength = size;
    pipeline = draw_pipeline(t, &desc, draw_vs_id, draw_ps_uint_color);
    free(code);
    return pipeline;
}

/* A uint target of width x height (slices) cleared to CLEAR_VALUE. */
static ID3D12Resource *gs_target(struct draw_test *t, UINT width, UINT height, UINT slices)
{
    static const float clear[4] = {(float)CLEAR_VALUE, 0.0f, 0.0f, 0.0f};
    ID3D12Resource *target = draw_target(t, DXGI_FORMAT_R32_UINT, width, height, slices, 1, 0);

    ID3D12GraphicsCommandList_ClearRenderTargetView(t->ctx.list, draw_rtv(t, 0), clear, 0, NULL);
    return target;
}

static void gs_draw(struct draw_test *t, ID3D12PipelineState *pipeline, D3D12_PRIMITIVE_TOPOLOGY topology,
                    UINT width, UINT height, UINT vertices)
{
    draw_setup(t, pipeline, width, height, false);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(t->ctx.list, topology);
    ID3D12GraphicsCommandList_DrawInstanced(t->ctx.list, vertices, 1, 0, 0);
}

static void gs_check(struct draw_test *t, ID3D12Resource *target, UINT sub, UINT count, const uint32_t *expected);

/* The GS over `vertices` points into a width x 1 target, checked against expected. */
static void gs_run_points(const char *gs, UINT width, UINT vertices, const uint32_t *expected)
{
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target;
    struct draw_test t;

    draw_test_init(&t);
    pipeline = gs_pipeline(&t, gs, D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT, DXGI_FORMAT_R32_UINT);
    target = gs_target(&t, width, 1, 1);
    gs_draw(&t, pipeline, D3D_PRIMITIVE_TOPOLOGY_POINTLIST, width, 1, vertices);
    gs_check(&t, target, 0, width, expected);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}

static void gs_check(struct draw_test *t, ID3D12Resource *target, UINT sub, UINT count, const uint32_t *expected)
{
    struct test_subresource_layout layout;
    uint32_t data[64];
    UINT i;

    draw_read(t, target, sub, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
    for (i = 0; i < count; ++i)
        ck_assert_msg(data[i] == expected[i], "slice %u pixel %u: %#x, expected %#x", sub, i, data[i], expected[i]);
}

/* Points 0..3 each become a quad over pixel column ID of a 4x1 target (a triangle strip
 * of 4), COLOR = 100 + 16 * ID + SV_PrimitiveID; point 2 emits nothing. */
START_TEST(test_gs_amplify_and_cull)
{
    static const char gs[] =
        "gs_5_0\n"
        ".input SV_Position 0 v0.xyzw float position\n"
        ".input ID 0 v1.x uint\n"
        GS_OUTPUT_HEADER
        "dcl_input_siv v[1][0].xyzw, position\n"
        "dcl_input v[1][1].x\n"
        "dcl_input vPrim\n"
        "dcl_temps 2\n"
        "dcl_inputprimitive point\n"
        "dcl_stream m0\n"
        "dcl_outputtopology trianglestrip\n"
        "dcl_output_siv o0.xyzw, position\n"
        "dcl_output o1.x\n"
        "dcl_maxout 4\n"
        "ieq r0.x, v[0][1].x, l(2)\n"
        "retc_nz r0.x\n"
        "utof r0.x, v[0][1].x\n"
        "mad r0.x, r0.x, l(0.5), l(-1.0)\n"          /* left edge in NDC */
        "add r0.y, r0.x, l(0.5)\n"                   /* right edge */
        "imad r1.x, v[0][1].x, l(16), vPrim\n"
        "iadd r1.x, r1.x, l(100)\n"
        "mov o0.xyzw, l(0, 1.0, 0.5, 1.0)\n" "mov o0.x, r0.x\n" "mov o1.x, r1.x\n" "emit_stream m0\n"
        "mov o0.xyzw, l(0, 1.0, 0.5, 1.0)\n" "mov o0.x, r0.y\n" "mov o1.x, r1.x\n" "emit_stream m0\n"
        "mov o0.xyzw, l(0, -1.0, 0.5, 1.0)\n" "mov o0.x, r0.x\n" "mov o1.x, r1.x\n" "emit_stream m0\n"
        "mov o0.xyzw, l(0, -1.0, 0.5, 1.0)\n" "mov o0.x, r0.y\n" "mov o1.x, r1.x\n" "emit_stream m0\n"
        "ret\n";
    static const uint32_t expected[4] = {100, 100 + 16 + 1, CLEAR_VALUE, 100 + 48 + 3};

    gs_run_points(gs, 4, 4, expected);
}
END_TEST

/* A point at pixel x of an 8x1 target: o0 from r0.x (the pixel), COLOR from r1.x. */
#define GS_EMIT_POINT \
    "utof r0.y, r0.x\n" \
    "mad o0.x, r0.y, l(0.25), l(-0.875)\n" \
    "mov o0.yzw, l(0, 0, 0.5, 1.0)\n" \
    "mov o1.x, r1.x\n" \
    "emit\n"

/* Each input primitive of n vertices becomes one point at pixel SV_PrimitiveID whose
 * COLOR packs its vertices' IDs, 4 bits each (vertex k at bit 4k): the assembler's
 * vertices of every input primitive and strip, in order. */
static void gs_input_case(D3D_PRIMITIVE_TOPOLOGY topology, D3D12_PRIMITIVE_TOPOLOGY_TYPE type, const char *primitive,
                          unsigned int n, unsigned int draw_vertices, const unsigned int *ids, unsigned int prims)
{
    char gs[2048], *out = gs;
    uint32_t expected[8];
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target;
    struct draw_test t;
    unsigned int k, p;

    out += sprintf(out, "gs_5_0\n.input SV_Position 0 v0.xyzw float position\n.input ID 0 v1.x uint\n"
                   GS_OUTPUT_HEADER
                   "dcl_input_siv v[%u][0].xyzw, position\ndcl_input v[%u][1].x\ndcl_input vPrim\ndcl_temps 2\n"
                   "dcl_inputprimitive %s\ndcl_outputtopology pointlist\ndcl_output_siv o0.xyzw, position\n"
                   "dcl_output o1.x\ndcl_maxout 1\nmov r1.x, l(0)\n", n, n, primitive);
    for (k = 0; k < n; ++k)
        out += sprintf(out, "ishl r0.y, v[%u][1].x, l(%u)\niadd r1.x, r1.x, r0.y\n", k, 4 * k);
    out += sprintf(out, "mov r0.x, vPrim\n" GS_EMIT_POINT "ret\n");
    for (p = 0; p < 8; ++p)
        expected[p] = CLEAR_VALUE;
    for (p = 0; p < prims; ++p)
        for (k = 0, expected[p] = 0; k < n; ++k)
            expected[p] |= ids[p * n + k] << (4 * k);

    draw_test_init(&t);
    pipeline = gs_pipeline(&t, gs, type, DXGI_FORMAT_R32_UINT);
    target = gs_target(&t, 8, 1, 1);
    gs_draw(&t, pipeline, topology, 8, 1, draw_vertices);
    gs_check(&t, target, 0, 8, expected);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}

/* The vertex IDs of each primitive, as the input assembler hands them on (a triangle
 * strip's odd triangles are (i, i + 2, i + 1): D3D's winding rule, documented for
 * D3DHAL_DP2TRIANGLESTRIP; a line strip with adjacency steps by one vertex). */
START_TEST(test_gs_input_primitives)
{
    static const unsigned int points[] = {0, 1, 2}, lines[] = {0, 1, 2, 3}, line_strip[] = {0, 1, 1, 2, 2, 3};
    static const unsigned int triangles[] = {0, 1, 2, 3, 4, 5}, triangle_strip[] = {0, 1, 2, 1, 3, 2, 2, 3, 4};
    static const unsigned int lines_adj[] = {0, 1, 2, 3, 4, 5, 6, 7}, line_strip_adj[] = {0, 1, 2, 3, 1, 2, 3, 4};
    static const unsigned int triangles_adj[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};

    gs_input_case(D3D_PRIMITIVE_TOPOLOGY_POINTLIST, D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT, "point", 1, 3, points, 3);
    gs_input_case(D3D_PRIMITIVE_TOPOLOGY_LINELIST, D3D12_PRIMITIVE_TOPOLOGY_TYPE_LINE, "line", 2, 5, lines, 2);
    gs_input_case(D3D_PRIMITIVE_TOPOLOGY_LINESTRIP, D3D12_PRIMITIVE_TOPOLOGY_TYPE_LINE, "line", 2, 4, line_strip, 3);
    gs_input_case(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST, D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE, "triangle", 3, 6,
                  triangles, 2);
    gs_input_case(D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP, D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE, "triangle", 3, 5,
                  triangle_strip, 3);
    gs_input_case(D3D_PRIMITIVE_TOPOLOGY_LINELIST_ADJ, D3D12_PRIMITIVE_TOPOLOGY_TYPE_LINE, "lineadj", 4, 8,
                  lines_adj, 2);
    gs_input_case(D3D_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ, D3D12_PRIMITIVE_TOPOLOGY_TYPE_LINE, "lineadj", 4, 5,
                  line_strip_adj, 2);
    gs_input_case(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ, D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE, "triangleadj", 6,
                  12, triangles_adj, 2);
}
END_TEST

/* One point in: a triangle strip over pixel 0, a cut, one over pixel 3 of a 4x1 target
 * (without the cut the strip would join them over pixels 1 and 2); then a line strip
 * along row 0 of a 4x4 target, a cut, one along row 2 (without it a diagonal would
 * cross row 1). */
START_TEST(test_gs_strips_and_cuts)
{
#define QUAD(a, b, color) \
    "mov o0.xyzw, l(" a ", 1.0, 0.5, 1.0)\nmov o1.x, l(" color ")\nemit\n" \
    "mov o0.xyzw, l(" b ", 1.0, 0.5, 1.0)\nmov o1.x, l(" color ")\nemit\n" \
    "mov o0.xyzw, l(" a ", -1.0, 0.5, 1.0)\nmov o1.x, l(" color ")\nemit\n" \
    "mov o0.xyzw, l(" b ", -1.0, 0.5, 1.0)\nmov o1.x, l(" color ")\nemit\n"
#define LINE(y, color) \
    "mov o0.xyzw, l(-1.0, " y ", 0.5, 1.0)\nmov o1.x, l(" color ")\nemit\n" \
    "mov o0.xyzw, l(1.0, " y ", 0.5, 1.0)\nmov o1.x, l(" color ")\nemit\n"
#define GS_HEAD(topology, max) \
    "gs_5_0\n.input SV_Position 0 v0.xyzw float position\n" GS_OUTPUT_HEADER \
    "dcl_input_siv v[1][0].xyzw, position\ndcl_inputprimitive point\ndcl_outputtopology " topology "\n" \
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.x\ndcl_maxout " max "\n"
    static const char gs_triangles[] = GS_HEAD("trianglestrip", "8") QUAD("-1.0", "-0.5", "5") "cut\n"
                                       QUAD("0.5", "1.0", "6") "ret\n";
    static const char gs_lines[] = GS_HEAD("linestrip", "4") LINE("0.75", "7") "cut\n" LINE("-0.25", "8") "ret\n";
    static const uint32_t expected_triangles[4] = {5, CLEAR_VALUE, CLEAR_VALUE, 6};
    uint32_t expected_lines[16];
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target;
    struct draw_test t;
    unsigned int i;

    draw_test_init(&t);
    pipeline = gs_pipeline(&t, gs_triangles, D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT, DXGI_FORMAT_R32_UINT);
    target = gs_target(&t, 4, 1, 1);
    gs_draw(&t, pipeline, D3D_PRIMITIVE_TOPOLOGY_POINTLIST, 4, 1, 1);
    gs_check(&t, target, 0, 4, expected_triangles);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);

    for (i = 0; i < 16; ++i)
        expected_lines[i] = i / 4 == 0 ? 7 : i / 4 == 2 ? 8 : CLEAR_VALUE;
    pipeline = gs_pipeline(&t, gs_lines, D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT, DXGI_FORMAT_R32_UINT);
    target = gs_target(&t, 4, 4, 1);
    gs_draw(&t, pipeline, D3D_PRIMITIVE_TOPOLOGY_POINTLIST, 4, 4, 1);
    gs_check(&t, target, 0, 16, expected_lines);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* dcl_maxout 2 and four points emitted at pixels 0 to 3: the last two are dropped. */
START_TEST(test_gs_max_vertex_count)
{
    static const char gs[] =
        "gs_5_0\n.input SV_Position 0 v0.xyzw float position\n" GS_OUTPUT_HEADER
        "dcl_input_siv v[1][0].xyzw, position\ndcl_temps 2\ndcl_inputprimitive point\n"
        "dcl_outputtopology pointlist\ndcl_output_siv o0.xyzw, position\ndcl_output o1.x\ndcl_maxout 2\n"
        "mov r0.x, l(0)\n"
        "loop\n"
        "uge r0.z, r0.x, l(4)\n"
        "breakc_nz r0.z\n"
        "iadd r1.x, r0.x, l(40)\n"
        GS_EMIT_POINT
        "iadd r0.x, r0.x, l(1)\n"
        "endloop\n"
        "ret\n";
    static const uint32_t expected[8] = {40, 41, CLEAR_VALUE, CLEAR_VALUE, CLEAR_VALUE, CLEAR_VALUE, CLEAR_VALUE,
                                         CLEAR_VALUE};

    gs_run_points(gs, 8, 1, expected);
}
END_TEST

/* dcl_gsinstances 3 over two points: instance i of primitive p draws pixel 3p + i with
 * COLOR 1000 + 10 p + i (SV_PrimitiveID and SV_GSInstanceID). */
START_TEST(test_gs_instances)
{
    static const char gs[] =
        "gs_5_0\n.input SV_Position 0 v0.xyzw float position\n" GS_OUTPUT_HEADER
        "dcl_input_siv v[1][0].xyzw, position\ndcl_input vPrim\ndcl_input vGSInstanceID\ndcl_temps 2\n"
        "dcl_inputprimitive point\ndcl_outputtopology pointlist\ndcl_output_siv o0.xyzw, position\n"
        "dcl_output o1.x\ndcl_maxout 1\ndcl_gsinstances 3\n"
        "imad r0.x, vPrim, l(3), vGSInstanceID\n"
        "imad r1.x, vPrim, l(10), vGSInstanceID\n"
        "iadd r1.x, r1.x, l(1000)\n"
        GS_EMIT_POINT
        "ret\n";
    static const uint32_t expected[8] = {1000, 1001, 1002, 1010, 1011, 1012, CLEAR_VALUE, CLEAR_VALUE};

    gs_run_points(gs, 8, 2, expected);
}
END_TEST

/* A full-target triangle per instance into slice SV_GSInstanceID of a 3-slice array,
 * COLOR 20 + slice; slice 1 is skipped by the shader. */
START_TEST(test_gs_render_target_array_index)
{
    static const char gs[] =
        "gs_5_0\n.input SV_Position 0 v0.xyzw float position\n" GS_OUTPUT_HEADER
        ".output SV_RenderTargetArrayIndex 0 o2.x uint rendertarget_array_index\n"
        "dcl_input_siv v[1][0].xyzw, position\ndcl_input vGSInstanceID\ndcl_temps 1\n"
        "dcl_inputprimitive point\ndcl_outputtopology trianglestrip\ndcl_output_siv o0.xyzw, position\n"
        "dcl_output o1.x\ndcl_output_siv o2.x, rendertarget_array_index\ndcl_maxout 3\ndcl_gsinstances 3\n"
        "ieq r0.x, vGSInstanceID, l(1)\n"
        "retc_nz r0.x\n"
        "iadd r0.y, vGSInstanceID, l(20)\n"
        "mov o0.xyzw, l(-1.0, 1.0, 0.5, 1.0)\nmov o1.x, r0.y\nmov o2.x, vGSInstanceID\nemit\n"
        "mov o0.xyzw, l(3.0, 1.0, 0.5, 1.0)\nmov o1.x, r0.y\nmov o2.x, vGSInstanceID\nemit\n"
        "mov o0.xyzw, l(-1.0, -3.0, 0.5, 1.0)\nmov o1.x, r0.y\nmov o2.x, vGSInstanceID\nemit\n"
        "ret\n";
    static const uint32_t expected[3][4] = {{20, 20, 20, 20}, {CLEAR_VALUE, CLEAR_VALUE, CLEAR_VALUE, CLEAR_VALUE},
                                            {22, 22, 22, 22}};
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target;
    struct draw_test t;
    unsigned int i;

    draw_test_init(&t);
    pipeline = gs_pipeline(&t, gs, D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT, DXGI_FORMAT_R32_UINT);
    target = gs_target(&t, 2, 2, 3);
    gs_draw(&t, pipeline, D3D_PRIMITIVE_TOPOLOGY_POINTLIST, 2, 2, 1);
    for (i = 0; i < 3; ++i)
        gs_check(&t, target, i, 4, expected[i]);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* Two viewports (the left and right halves of 4x1) and scissors (all, pixel 3 only):
 * a full-viewport triangle with SV_ViewportArrayIndex 1 lands in the right half and
 * its scissor keeps pixel 3; one with index 0 fills the left half; one with index 7
 * (beyond those set) uses viewport 0. */
START_TEST(test_gs_viewport_array_index)
{
    static const char gs[] =
        "gs_5_0\n.input SV_Position 0 v0.xyzw float position\n.input ID 0 v1.x uint\n" GS_OUTPUT_HEADER
        ".output SV_ViewportArrayIndex 0 o2.x uint viewport_array_index\n"
        "dcl_input_siv v[1][0].xyzw, position\ndcl_input v[1][1].x\ndcl_temps 1\n"
        "dcl_inputprimitive point\ndcl_outputtopology trianglestrip\ndcl_output_siv o0.xyzw, position\n"
        "dcl_output o1.x\ndcl_output_siv o2.x, viewport_array_index\ndcl_maxout 3\n"
        "iadd r0.y, v[0][1].x, l(30)\n"
        "mov o0.xyzw, l(-1.0, 1.0, 0.5, 1.0)\nmov o1.x, r0.y\nmov o2.x, v[0][1].x\nemit\n"
        "mov o0.xyzw, l(3.0, 1.0, 0.5, 1.0)\nmov o1.x, r0.y\nmov o2.x, v[0][1].x\nemit\n"
        "mov o0.xyzw, l(-1.0, -3.0, 0.5, 1.0)\nmov o1.x, r0.y\nmov o2.x, v[0][1].x\nemit\n"
        "ret\n";
    static const D3D12_VIEWPORT viewports[2] = {{0.0f, 0.0f, 2.0f, 1.0f, 0.0f, 1.0f},
                                                {2.0f, 0.0f, 2.0f, 1.0f, 0.0f, 1.0f}};
    static const D3D12_RECT scissors[2] = {{0, 0, 4, 1}, {3, 0, 4, 1}};
    static const uint32_t expected_one[4] = {CLEAR_VALUE, CLEAR_VALUE, CLEAR_VALUE, 31};
    static const uint32_t expected_all[4] = {30, 30, CLEAR_VALUE, 31};
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target;
    struct draw_test t;

    draw_test_init(&t);
    /* The vertex shader may select them too (test_draw.c's viewport and slice draws). */
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(t.ctx.device, D3D12_FEATURE_D3D12_OPTIONS, &options,
                                                      sizeof(options)), S_OK);
    ck_assert(options.VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation);
    pipeline = gs_pipeline(&t, gs, D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT, DXGI_FORMAT_R32_UINT);
    target = gs_target(&t, 4, 1, 1);
    draw_setup(&t, pipeline, 4, 1, false);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(t.ctx.list, D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D12GraphicsCommandList_RSSetViewports(t.ctx.list, 2, viewports);
    ID3D12GraphicsCommandList_RSSetScissorRects(t.ctx.list, 2, scissors);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 1, 1, 1, 0);   /* vertex 1: viewport 1 */
    gs_check(&t, target, 0, 4, expected_one);
    draw_setup(&t, pipeline, 4, 1, false);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(t.ctx.list, D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D12GraphicsCommandList_RSSetViewports(t.ctx.list, 2, viewports);
    ID3D12GraphicsCommandList_RSSetScissorRects(t.ctx.list, 2, scissors);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 1, 1, 0, 0);   /* vertex 0: viewport 0 */
    gs_check(&t, target, 0, 4, expected_all);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

Suite *draw_gs_suite(void)
{
    Suite *suite = suite_create("draw_gs");
    TCase *tc = tcase_create("gs");

    tcase_add_test(tc, test_gs_amplify_and_cull);
    tcase_add_test(tc, test_gs_input_primitives);
    tcase_add_test(tc, test_gs_strips_and_cuts);
    tcase_add_test(tc, test_gs_max_vertex_count);
    tcase_add_test(tc, test_gs_instances);
    tcase_add_test(tc, test_gs_render_target_array_index);
    tcase_add_test(tc, test_gs_viewport_array_index);
    suite_add_tcase(suite, tc);
    return suite;
}
