/*
 * agx_shader_pixel: what the simulated device refuses of the pixel-shader evaluation
 * and sample queries, DXBC (assembled here) and DXIL (tests/shaders/dxil), each with its
 * sentence; the draws that run them are tests/test_draw_eval.c.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_agx_shader.h"
#include "test_run.h"
#include "test_dxil_file.h"

#define VS_HEAD "vs_5_0\n.input ATTR 0 v0.xyzw float\ndcl_input v0.xyzw\ndcl_temps 1\n"
#define PS_HEAD "ps_5_0\n.input ATTR 0 v0.xyzw float\ndcl_input_ps linear v0.xyzw\ndcl_temps 1\n"

START_TEST(test_refused_dxbc)
{
    sh_expect_refused(VS_HEAD "eval_centroid r0.x, v0.x\n", AGX_SHADER_STAGE_VERTEX,
                   "'eval_centroid' at token 12: only pixel shaders run 'eval_centroid'");
    sh_expect_refused(VS_HEAD "sampleinfo r0.x, rasterizer\n", AGX_SHADER_STAGE_VERTEX,
                   "the rasterizer outside a pixel shader's sampleinfo and samplepos");
    sh_expect_refused(PS_HEAD "eval_snapped r0.x, r0.x, l(0, 0, 0, 0)\n", AGX_SHADER_STAGE_PIXEL,
                   "'eval_snapped' evaluates a v# register named by an immediate index");
    sh_expect_refused(PS_HEAD "eval_sample_index r0.x, v[r0.x + 0].x, l(0)\n", AGX_SHADER_STAGE_PIXEL,
                   "'eval_sample_index' evaluates a v# register named by an immediate index");
}
END_TEST

static HRESULT create_dxil(const char *name, enum agx_shader_stage stage, char *why, size_t why_size)
{
    struct agx_shader *shader = NULL;
    size_t size;
    void *data = test_dxil_file_read(name, &size);
    HRESULT hr = agx_shader_create(data, size, stage, &shader, why, why_size);

    if (shader)
        agx_shader_destroy(shader);
    free(data);
    return hr;
}

START_TEST(test_refused_dxil)
{
    char why[256] = "";

    ck_assert_int_eq(create_dxil("ps_refused_inner_coverage.dxil", AGX_SHADER_STAGE_PIXEL, why, sizeof(why)),
                     E_INVALIDARG);
    ck_assert_msg(strstr(why, "the DXIL operation InnerCoverage (opcode 92) is not supported by the simulated "
                         "device"), "%s", why);
    /* The same programs are accepted where they belong. */
    ck_assert_int_eq(create_dxil("ps_eval_centroid.dxil", AGX_SHADER_STAGE_PIXEL, why, sizeof(why)), S_OK);
    ck_assert_int_eq(create_dxil("ps_sample_coverage.dxil", AGX_SHADER_STAGE_PIXEL, why, sizeof(why)), S_OK);
}
END_TEST

static Suite *agx_shader_pixel_suite(void)
{
    Suite *suite = suite_create("agx_shader_pixel");
    TCase *tc = tcase_create("refused");

    tcase_add_test(tc, test_refused_dxbc);
    tcase_add_test(tc, test_refused_dxil);
    suite_add_tcase(suite, tc);
    return suite;
}

TEST_MAIN(agx_shader_pixel_suite())
