/*
 * Draws, pixel-shader evaluation and sample queries, each drawn twice through the
 * runtime and the simulated device: with DXBC shaders (assembled here) and with their
 * DXIL twins (tests/shaders/dxil, D3D12RT_DXIL_SHADERS; the device runs them under the
 * spy's claim_dxil). The render target is cleared to a poison value first and read
 * back (resolved when multisampled); expectations are computed here from D3D's
 * rules, and the two twins must give the same bytes.
 *
 * The attribute ATTR (and CATTR, the same values declared centroid) is the vertex's
 * screen position in pixels, so its value anywhere is the point it is evaluated at.
 * Sample positions: D3D's standard 4x pattern (D3D11_STANDARD_MULTISAMPLE_PATTERN,
 * D3D11.3 functional specification "Standard Multisample Quality Levels"), in
 * sixteenths of a pixel from the centre.
 */
#include "test_draw_util.h"
#include "test_run.h"
#include "test_dxil_file.h"
#include "rt_adapter.h"
#include "ddi_spy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POISON 1000.0f

static const int standard_4x[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};

struct vertex
{
    float position[4];
    float attr[4];
};

static const D3D12_INPUT_ELEMENT_DESC layout[2] =
{
    {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
};

static const char vs_dxbc[] =
    "vs_5_0\n"
    ".input POSITION 0 v0.xyzw float\n"
    ".input COLOR 0 v1.xyzw float\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    ".output ATTR 0 o1.xyzw float\n"
    ".output CATTR 0 o2.xyzw float\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_output o2.xyzw\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, v1.xyzw\n"
    "mov o2.xyzw, v1.xyzw\n"
    "ret\n";

#define PS_HEADER \
    "ps_5_0\n" \
    ".input SV_Position 0 v0.xyzw float position\n" \
    ".input ATTR 0 v1.xyzw float\n" \
    ".input CATTR 0 v2.xyzw float\n"
#define PS_DECLARATIONS \
    ".output SV_Target 0 o0.xyzw float\n" \
    "dcl_input_ps_siv linear noperspective v0.xyzw, position\n" \
    "dcl_input_ps linear v1.xyzw\n" \
    "dcl_input_ps linear centroid v2.xyzw\n" \
    "dcl_output o0.xyzw\n"

/* ATTR.xy at samples 1 and 3. */
static const char ps_eval_sample[] = PS_HEADER PS_DECLARATIONS
    "eval_sample_index o0.xy, v1.xyxx, l(1)\n"
    "eval_sample_index o0.zw, v1.xxxy, l(3)\n"
    "ret\n";

/* ATTR.xy at the centre + (-8, 7) / 16, and + (31, 19) / 16 whose low 4 bits are -1, 3. */
static const char ps_eval_snapped[] = PS_HEADER PS_DECLARATIONS
    "eval_snapped o0.xy, v1.xyxx, l(-8, 7, 0, 0)\n"
    "eval_snapped o0.zw, v1.xxxy, l(31, 19, 0, 0)\n"
    "ret\n";

/* eval_centroid(ATTR.xy) and CATTR.xy: both at the centroid. */
static const char ps_eval_centroid[] = PS_HEADER PS_DECLARATIONS
    "eval_centroid o0.xy, v1.xyxx\n"
    "mov o0.zw, v2.xxxy\n"
    "ret\n";

/* The rasterizer's sample count, sample 2's position and sample 7's x (beyond 4: 0). */
static const char ps_rt_samples[] = PS_HEADER PS_DECLARATIONS
    "dcl_temps 1\n"
    "sampleinfo_uint r0.x, rasterizer\n"
    "utof o0.x, r0.x\n"
    "samplepos r0.xy, rasterizer, l(2)\n"
    "mov o0.yz, r0.xxyx\n"
    "samplepos o0.w, rasterizer, l(7)\n"
    "ret\n";

/* (SV_SampleIndex, SV_Coverage, SV_PrimitiveID, 1) as floats; reading SV_SampleIndex
 * runs the shader once per sample. */
static const char ps_sample_coverage[] = PS_HEADER
    ".input SV_PrimitiveID 0 v3.x uint primitive_id\n"
    ".input SV_SampleIndex 0 v4.x uint sample_index\n"
    PS_DECLARATIONS
    "dcl_input_ps_sgv constant v3.x, primitive_id\n"
    "dcl_input_ps_sgv constant v4.x, sample_index\n"
    "dcl_input vCoverage\n"
    "utof o0.x, v4.x\n"
    "utof o0.y, vCoverage.x\n"
    "utof o0.z, v3.x\n"
    "mov o0.w, l(1.0)\n"
    "ret\n";

struct eval_test
{
    struct draw_test t;
    struct ddi_spy *spy;
};

static void eval_init(struct eval_test *e)
{
    static const struct ddi_spy_masks masks = {.max_tiled_resources_tier = -1, .claim_dxil = true};
    IID shader_models = D3D12ExperimentalShaderModels;

    /* The DXIL twins are unsigned containers, which only experimental shader models run. */
    ck_assert_int_eq(D3D12EnableExperimentalFeatures(1, &shader_models, NULL, NULL), S_OK);
    ck_assert_ptr_nonnull(e->spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(e->spy);
    draw_test_init(&e->t);
}

static void eval_destroy(struct eval_test *e)
{
    draw_test_destroy(&e->t);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(e->spy);
}

static ID3D12PipelineState *dxil_pipeline(struct draw_test *t, D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc,
                                          const char *ps)
{
    ID3D12PipelineState *state;
    void *vs_code, *ps_code;
    size_t vs_size, ps_size;
    char name[64];
    HRESULT hr;

    snprintf(name, sizeof(name), "%s.dxil", ps);
    vs_code = test_dxil_file_read("vs_eval_passthrough.dxil", &vs_size);
    ps_code = test_dxil_file_read(name, &ps_size);
    desc->VS.pShaderBytecode = vs_code;
    desc->VS.BytecodeLength = vs_size;
    desc->PS.pShaderBytecode = ps_code;
    desc->PS.BytecodeLength = ps_size;
    hr = ID3D12Device_CreateGraphicsPipelineState(t->ctx.device, desc, &IID_ID3D12PipelineState, (void **)&state);
    ck_assert_msg(hr == S_OK, "%s: CreateGraphicsPipelineState returned %#x", ps, (unsigned int)hr);
    free(vs_code);
    free(ps_code);
    desc->VS.pShaderBytecode = desc->PS.pShaderBytecode = NULL;
    return state;
}

/* A vertex at screen position (sx, sy) of a size x size target, ATTR = (sx, sy, 0, 0). */
static void set_vertex(struct vertex *v, float sx, float sy, unsigned int size)
{
    v->position[0] = sx / (float)size * 2.0f - 1.0f;
    v->position[1] = 1.0f - sy / (float)size * 2.0f;
    v->position[2] = 0.5f;
    v->position[3] = 1.0f;
    v->attr[0] = sx;
    v->attr[1] = sy;
    v->attr[2] = v->attr[3] = 0.0f;
}

/* Draws the triangles (screen positions, 3 per triangle) into a poisoned size x size
 * R32G32B32A32_FLOAT target of `samples`, with the DXBC shader or the DXIL twin of the
 * same name, and reads it back (resolved) into out (size * size * 4 floats). */
static void draw_eval(struct eval_test *e, bool dxil, const char *ps_dxbc, const char *ps_dxil, UINT samples,
                      unsigned int size, const float (*screen)[2], unsigned int vertex_count, float *out)
{
    static const float poison[4] = {POISON, POISON, POISON, POISON};
    const DXGI_FORMAT format = DXGI_FORMAT_R32G32B32A32_FLOAT;
    struct draw_test *t = &e->t;
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout read_layout;
    ID3D12Resource *target, *resolved = NULL, *vb;
    ID3D12PipelineState *pipeline;
    D3D12_VERTEX_BUFFER_VIEW vbv;
    struct vertex vertices[6];
    unsigned int i;

    ck_assert_uint_le(vertex_count, 6);
    for (i = 0; i < vertex_count; ++i)
        set_vertex(&vertices[i], screen[i][0], screen[i][1], size);
    draw_pipeline_desc(t, &desc);
    desc.InputLayout.pInputElementDescs = layout;
    desc.InputLayout.NumElements = 2;
    desc.RTVFormats[0] = format;
    desc.SampleDesc.Count = samples;
    pipeline = dxil ? dxil_pipeline(t, &desc, ps_dxil) : draw_pipeline(t, &desc, vs_dxbc, ps_dxbc);
    target = draw_target(t, format, size, size, 1, samples, 0);
    if (samples > 1)
        resolved = draw_target(t, format, size, size, 1, 1, 1);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t->ctx.list, draw_rtv(t, 0), poison, 0, NULL);
    draw_setup(t, pipeline, size, size, false);
    vb = draw_upload(t, vertices, vertex_count * sizeof(*vertices));
    vbv = draw_vbv(vb, vertex_count * sizeof(*vertices), sizeof(*vertices));
    ID3D12GraphicsCommandList_IASetVertexBuffers(t->ctx.list, 0, 1, &vbv);
    ID3D12GraphicsCommandList_DrawInstanced(t->ctx.list, vertex_count, 1, 0, 0);
    if (resolved)
    {
        transition_resource(&t->ctx, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET,
                            D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
        transition_resource(&t->ctx, resolved, 0, D3D12_RESOURCE_STATE_RENDER_TARGET,
                            D3D12_RESOURCE_STATE_RESOLVE_DEST);
        ID3D12GraphicsCommandList_ResolveSubresource(t->ctx.list, resolved, 0, target, 0, format);
        transition_resource(&t->ctx, resolved, 0, D3D12_RESOURCE_STATE_RESOLVE_DEST,
                            D3D12_RESOURCE_STATE_RENDER_TARGET);
    }
    draw_read(t, resolved ? resolved : target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, out, &read_layout);
    ck_assert_uint_eq(read_layout.row_size, size * 16);
    ID3D12Resource_Release(vb);
    if (resolved)
        ID3D12Resource_Release(resolved);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
}

/* Both twins against expected (size * size * 4 floats, within tol), and each other. */
static void check_twins(const char *ps_dxbc, const char *ps_dxil, UINT samples, unsigned int size,
                        const float (*screen)[2], unsigned int vertex_count, const float *expected, float tol)
{
    size_t count = (size_t)size * size * 4, i;
    float *out[2];
    unsigned int v;

    for (v = 0; v < 2; ++v)
    {
        struct eval_test e;

        ck_assert_ptr_nonnull(out[v] = malloc(count * sizeof(float)));
        eval_init(&e);
        draw_eval(&e, v == 1, ps_dxbc, ps_dxil, samples, size, screen, vertex_count, out[v]);
        eval_destroy(&e);
        for (i = 0; i < count; ++i)
            ck_assert_msg(fabsf(out[v][i] - expected[i]) <= tol, "%s: pixel (%zu, %zu) component %zu: %.9g, "
                          "expected %.9g", v ? ps_dxil : "DXBC", i / 4 % size, i / 4 / size, i % 4, out[v][i],
                          expected[i]);
    }
    ck_assert_msg(!memcmp(out[0], out[1], count * sizeof(float)), "%s: the DXBC and DXIL twins differ", ps_dxil);
    free(out[0]);
    free(out[1]);
}

/* A triangle covering the whole size x size target. */
static void fullscreen(float screen[3][2], unsigned int size)
{
    screen[0][0] = screen[0][1] = screen[1][1] = screen[2][0] = 0.0f;
    screen[1][0] = screen[2][1] = 2.0f * (float)size;
}

/* ATTR.xy of every pixel at the centre plus offsets a and b, in sixteenths. */
static void at_offsets(float *expected, unsigned int size, const int a[2], const int b[2])
{
    unsigned int x, y;

    for (y = 0; y < size; ++y)
        for (x = 0; x < size; ++x)
        {
            float *p = &expected[(y * size + x) * 4];

            p[0] = x + 0.5f + a[0] / 16.0f;
            p[1] = y + 0.5f + a[1] / 16.0f;
            p[2] = x + 0.5f + b[0] / 16.0f;
            p[3] = y + 0.5f + b[1] / 16.0f;
        }
}

/* eval_sample_index / EvalSampleIndex at samples 1 and 3 of the standard 4x pattern. */
START_TEST(test_eval_sample_index)
{
    float screen[3][2], expected[4 * 4 * 4];

    fullscreen(screen, 4);
    at_offsets(expected, 4, standard_4x[1], standard_4x[3]);
    check_twins(ps_eval_sample, "ps_eval_sample", 4, 4, screen, 3, expected, 1e-4f);
}
END_TEST

/* eval_snapped / EvalSnapped: offsets in sixteenths, the low 4 bits signed (31 is -1,
 * 19 is 3). */
START_TEST(test_eval_snapped)
{
    float screen[3][2], expected[4 * 4 * 4];

    static const int first[2] = {-8, 7}, second[2] = {-1, 3};

    fullscreen(screen, 4);
    at_offsets(expected, 4, first, second);
    check_twins(ps_eval_snapped, "ps_eval_snapped", 1, 4, screen, 3, expected, 1e-4f);
}
END_TEST

/* The edge function of (a, b) at p: positive on the triangle's side (clockwise on screen). */
static double edge(const float a[2], const float b[2], double px, double py)
{
    return (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]);
}

/* eval_centroid / EvalCentroid and centroid interpolation on a triangle's edge pixels:
 * fully covered pixels evaluate at the centre, partly covered ones at their first
 * covered sample; the resolve averages the covered samples with the poison. */
START_TEST(test_eval_centroid)
{
    /* On the 1/256 grid (no snapping), no sample exactly on an edge (asserted). */
    static const float screen[3][2] = {{0.25f, 0.125f}, {7.5f, 1.0625f}, {1.375f, 7.25f}};
    float expected[8 * 8 * 4];
    unsigned int x, y, s, k, first, covered, partial = 0;
    double px, py, e[3], cx, cy;

    for (y = 0; y < 8; ++y)
        for (x = 0; x < 8; ++x)
        {
            covered = 0;
            for (s = 0; s < 4; ++s)
            {
                px = x + 0.5 + standard_4x[s][0] / 16.0;
                py = y + 0.5 + standard_4x[s][1] / 16.0;
                for (k = 0; k < 3; ++k)
                {
                    e[k] = edge(screen[k], screen[(k + 1) % 3], px, py);
                    ck_assert_msg(e[k] != 0.0, "sample %u of pixel (%u, %u) lies on an edge", s, x, y);
                }
                if (e[0] > 0 && e[1] > 0 && e[2] > 0)
                    covered |= 1u << s;
            }
            k = (unsigned int)__builtin_popcount(covered);
            cx = x + 0.5;
            cy = y + 0.5;
            if (k && k < 4)
            {
                first = (unsigned int)__builtin_ctz(covered);
                cx += standard_4x[first][0] / 16.0;
                cy += standard_4x[first][1] / 16.0;
                ++partial;
            }
            for (s = 0; s < 4; ++s)
                expected[(y * 8 + x) * 4 + s] = (float)(((s & 1 ? cy : cx) * k + POISON * (4 - k)) / 4.0);
        }
    ck_assert_uint_ge(partial, 8);
    check_twins(ps_eval_centroid, "ps_eval_centroid", 4, 8, screen, 3, expected, 1e-3f);
}
END_TEST

/* sampleinfo / samplepos on the rasterizer (RenderTargetGetSampleCount /
 * RenderTargetGetSamplePosition): 4x and 1 sample (positions 0). */
START_TEST(test_rasterizer_samples)
{
    float screen[3][2], expected[4 * 4 * 4];
    unsigned int i, samples;

    fullscreen(screen, 4);
    for (samples = 1; samples <= 4; samples += 3)
    {
        for (i = 0; i < 16; ++i)
        {
            expected[i * 4] = (float)samples;
            expected[i * 4 + 1] = samples == 4 ? standard_4x[2][0] / 16.0f : 0.0f;
            expected[i * 4 + 2] = samples == 4 ? standard_4x[2][1] / 16.0f : 0.0f;
            expected[i * 4 + 3] = 0.0f;
        }
        check_twins(ps_rt_samples, "ps_rt_samples", samples, 4, screen, 3, expected, 0.0f);
    }
}
END_TEST

/* SV_SampleIndex (DXIL: SampleIndex) runs the shader per sample, each seeing its own
 * coverage bit (SV_Coverage input; DXIL: Coverage): the resolve averages 0..3 and
 * 1, 2, 4, 8. */
START_TEST(test_sample_index_coverage)
{
    float screen[3][2], expected[4 * 4 * 4];
    unsigned int i;

    fullscreen(screen, 4);
    for (i = 0; i < 16; ++i)
    {
        expected[i * 4] = (0.0f + 1.0f + 2.0f + 3.0f) / 4.0f;
        expected[i * 4 + 1] = (1.0f + 2.0f + 4.0f + 8.0f) / 4.0f;
        expected[i * 4 + 2] = 0.0f;
        expected[i * 4 + 3] = 1.0f;
    }
    check_twins(ps_sample_coverage, "ps_sample_coverage", 4, 4, screen, 3, expected, 0.0f);
}
END_TEST

/* SV_PrimitiveID in a pixel shader without a geometry shader: the draw's primitive
 * count so far. Two triangles in opposite corners of an 8x8 target: pixel centres with
 * x + y + 1 < 4.25 are primitive 0's, those with (8 - x - 0.5) + (8 - y - 0.5) < 4.25
 * primitive 1's. One sample: index 0, coverage 1. */
START_TEST(test_primitive_id)
{
    static const float screen[6][2] =
    {
        {0.0f, 0.0f}, {4.25f, 0.0f}, {0.0f, 4.25f},
        {8.0f, 8.0f}, {3.75f, 8.0f}, {8.0f, 3.75f},
    };
    float expected[8 * 8 * 4];
    unsigned int x, y, c;

    for (y = 0; y < 8; ++y)
        for (x = 0; x < 8; ++x)
        {
            float *p = &expected[(y * 8 + x) * 4];
            int id = x + y <= 3 ? 0 : x + y >= 11 ? 1 : -1;

            for (c = 0; c < 4; ++c)
                p[c] = POISON;
            if (id < 0)
                continue;
            p[0] = 0.0f;
            p[1] = 1.0f;
            p[2] = (float)id;
            p[3] = 1.0f;
        }
    check_twins(ps_sample_coverage, "ps_sample_coverage", 1, 8, screen, 6, expected, 0.0f);
}
END_TEST

static Suite *draw_eval_suite(void)
{
    Suite *suite = suite_create("draw_eval");
    TCase *tc = tcase_create("eval");

    tcase_add_test(tc, test_eval_sample_index);
    tcase_add_test(tc, test_eval_snapped);
    tcase_add_test(tc, test_eval_centroid);
    tcase_add_test(tc, test_rasterizer_samples);
    tcase_add_test(tc, test_sample_index_coverage);
    tcase_add_test(tc, test_primitive_id);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(suite, tc);
    return suite;
}

TEST_MAIN(draw_eval_suite())
