/*
 * Hull shaders in the shader engine (no device: test_agx_shader_harness.c): the
 * patch-wide declarations as agx_shader_info gives them, the control-point phase run
 * one lane per output control point (vOutputControlPointID, v[point][register] by
 * immediate and relative index, vPrim) against results computed here, and the refusals
 * of malformed hull shaders with their sentences. Fork and join phases are refused
 * until they run, and pipelines still refuse hull shaders.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "agx_tess.h"
#include "test_agx_shader.h"

Suite *agx_shader_hs_suite(void);

#define LANES 64u
#define PATCHES 2u
#define INPUT_POINTS 3u
#define OUTPUT_POINTS 4u

#define HS_DECLS "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 4\n" \
        "dcl_tessellator_domain domain_quad\ndcl_tessellator_partitioning partitioning_fractional_odd\n" \
        "dcl_tessellator_output_primitive output_triangle_cw\n"

/* Output point n of patch p: o0 = 2 * v[n & 1][0] + p, o1.x = n, o1.y = v[2][1].x. */
static const char hs_points[] =
    HS_DECLS
    "dcl_hs_max_tessfactor l(15.0)\n"
    "hs_control_point_phase\n"
    "dcl_input vOutputControlPointID\n"
    "dcl_input vPrim\n"
    "dcl_input v[3][0].xyzw\n"
    "dcl_input v[3][1].x\n"
    "dcl_output o0.xyzw\n"
    "dcl_output o1.xy\n"
    "dcl_temps 2\n"
    "and r0.x, vOutputControlPointID, l(1)\n"
    "utof r1.x, vPrim\n"
    "mad o0.xyzw, v[r0.x + 0][0].xyzw, l(2.0, 2.0, 2.0, 2.0), r1.xxxx\n"
    "mov o1.x, vOutputControlPointID\n"
    "mov o1.y, v[2][1].x\n"
    "ret\n";

static float input_value(uint32_t patch, uint32_t point, uint32_t comp)
{
    return 10.0f * (float)patch + (float)point + 0.25f * (float)comp;
}

START_TEST(test_hs_declarations)
{
    const struct agx_shader_info *info;
    struct agx_shader *shader;
    char why[256];

    ck_assert_int_eq(sh_create(hs_points, AGX_SHADER_STAGE_HULL, &shader, why, sizeof(why)), S_OK);
    info = agx_shader_get_info(shader);
    ck_assert_uint_eq(info->hs_input_control_points, INPUT_POINTS);
    ck_assert_uint_eq(info->hs_output_control_points, OUTPUT_POINTS);
    ck_assert_uint_eq(info->hs_domain, AGX_TESS_DOMAIN_QUAD);
    ck_assert_uint_eq(info->hs_partitioning, AGX_TESS_PARTITIONING_FRACTIONAL_ODD);
    ck_assert_uint_eq(info->hs_output_primitive, AGX_TESS_TOPOLOGY_TRIANGLE_CW);
    ck_assert_float_eq(info->hs_max_tessfactor, 15.0f);
    agx_shader_destroy(shader);

    /* Without dcl_hs_max_tessfactor the limit is the tessellator's, 64. */
    ck_assert_int_eq(sh_create(HS_DECLS "hs_control_point_phase\nret\n", AGX_SHADER_STAGE_HULL, &shader, why,
                               sizeof(why)), S_OK);
    ck_assert_float_eq(agx_shader_get_info(shader)->hs_max_tessfactor, 64.0f);
    agx_shader_destroy(shader);
}
END_TEST

START_TEST(test_hs_control_point_phase)
{
    uint8_t lanes[PATCHES * OUTPUT_POINTS];
    const uint32_t *o0, *o1;
    uint32_t l, i, c;
    struct sh_env env;

    sh_env_init(&env);
    sh_load(&env, hs_points, AGX_SHADER_STAGE_HULL, LANES);
    for (l = 0; l < PATCHES * OUTPUT_POINTS; ++l)
    {
        const uint32_t patch = l / OUTPUT_POINTS;

        lanes[l] = AGX_LANE_ACTIVE;
        agx_shader_exec_hs_output_control_point_id(env.exec)[l] = l % OUTPUT_POINTS;
        agx_shader_exec_primitive_id(env.exec)[l] = patch;
        for (i = 0; i < INPUT_POINTS; ++i)
        {
            for (c = 0; c < 4; ++c)
                agx_shader_exec_vertex_input(env.exec, i, 0)[c * LANES + l] = sh_u(input_value(patch, i, c));
            agx_shader_exec_vertex_input(env.exec, i, 1)[l] = sh_u(100.0f + (float)(patch * 8 + i));
        }
    }
    sh_run(&env, PATCHES * OUTPUT_POINTS, lanes);

    o0 = agx_shader_exec_output(env.exec, 0);
    o1 = agx_shader_exec_output(env.exec, 1);
    for (l = 0; l < PATCHES * OUTPUT_POINTS; ++l)
    {
        const uint32_t patch = l / OUTPUT_POINTS, point = l % OUTPUT_POINTS;

        for (c = 0; c < 4; ++c)
            ck_assert_msg(sh_f(o0[c * LANES + l]) == 2.0f * input_value(patch, point & 1, c) + (float)patch,
                          "lane %u component %u: %g", l, c, sh_f(o0[c * LANES + l]));
        ck_assert_uint_eq(o1[l], point);
        ck_assert_float_eq(sh_f(o1[LANES + l]), 100.0f + (float)(patch * 8 + 2));
    }
    sh_env_fini(&env);
}
END_TEST

#define HS_PHASE HS_DECLS "hs_control_point_phase\n"

START_TEST(test_hs_refused)
{
    sh_expect_refused("hs_5_0\nret\n", AGX_SHADER_STAGE_HULL, "'ret' before hs_decls");
    sh_expect_refused(HS_DECLS "mov r0.x, l(0)\n", AGX_SHADER_STAGE_HULL, "'mov' outside a hull shader phase");
    sh_expect_refused(HS_DECLS "hs_decls\n", AGX_SHADER_STAGE_HULL, "hs_decls after the program's start");
    sh_expect_refused("hs_5_0\nhs_control_point_phase\nret\n", AGX_SHADER_STAGE_HULL,
                      "a control-point phase before hs_decls");
    sh_expect_refused(HS_PHASE "hs_control_point_phase\nret\n", AGX_SHADER_STAGE_HULL,
                      "a control-point phase after another");
    sh_expect_refused(HS_PHASE "ret\nhs_fork_phase\nret\n", AGX_SHADER_STAGE_HULL,
                      "fork and join phases are not run by the simulated device yet");
    sh_expect_refused(HS_PHASE "ret\nhs_join_phase\nret\n", AGX_SHADER_STAGE_HULL,
                      "fork and join phases are not run by the simulated device yet");
    sh_expect_refused(HS_DECLS "dcl_input_control_point_count 0\n", AGX_SHADER_STAGE_HULL, "0 control points: 1 to 32");
    sh_expect_refused(HS_DECLS "dcl_hs_max_tessfactor l(65.0)\n", AGX_SHADER_STAGE_HULL,
                      "a maximum tessellation factor of 65: 1 to 64");
    sh_expect_refused(HS_DECLS "dcl_hs_max_tessfactor l(0.5)\n", AGX_SHADER_STAGE_HULL,
                      "a maximum tessellation factor of 0.5: 1 to 64");
    sh_expect_refused("hs_5_0\nhs_decls\ndcl_output_control_point_count 4\ndcl_tessellator_domain domain_quad\n"
                      "dcl_tessellator_partitioning partitioning_integer\n"
                      "dcl_tessellator_output_primitive output_point\nhs_control_point_phase\nret\n",
                      AGX_SHADER_STAGE_HULL, "the hull shader declares no input control point count");
    sh_expect_refused("hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_quad\n"
                      "dcl_tessellator_partitioning partitioning_integer\n"
                      "dcl_tessellator_output_primitive output_point\nhs_control_point_phase\nret\n",
                      AGX_SHADER_STAGE_HULL, "the hull shader declares no output control point count");
    sh_expect_refused("hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_output_control_point_count 4\n"
                      "dcl_tessellator_domain domain_isoline\ndcl_tessellator_partitioning partitioning_integer\n"
                      "dcl_tessellator_output_primitive output_triangle_cw\nhs_control_point_phase\nret\n",
                      AGX_SHADER_STAGE_HULL, "the tessellator's output primitive does not fit its domain");
    sh_expect_refused("hs_5_0\nhs_decls\ndcl_input_control_point_count 4\ndcl_output_control_point_count 4\n"
                      "dcl_tessellator_domain domain_quad\ndcl_tessellator_partitioning partitioning_integer\n"
                      "dcl_tessellator_output_primitive output_line\nhs_control_point_phase\nret\n",
                      AGX_SHADER_STAGE_HULL, "the tessellator's output primitive does not fit its domain");
    sh_expect_refused(HS_PHASE "dcl_input v[3][0].x\ndcl_temps 1\nmov r0.x, v[3][0].x\n", AGX_SHADER_STAGE_HULL,
                      "control point 3 of a patch of 3");
    sh_expect_refused(HS_PHASE "dcl_temps 1\nmov r0.x, v[0][1].x\n", AGX_SHADER_STAGE_HULL, "v1 is not declared");
    sh_expect_refused("vs_5_0\ndcl_input vOutputControlPointID\n", AGX_SHADER_STAGE_VERTEX,
                      "vOutputControlPointID outside a hull shader");
    sh_expect_refused(HS_PHASE "ret\n", AGX_SHADER_STAGE_DOMAIN, "a hull shader where a domain shader is expected");
}
END_TEST

Suite *agx_shader_hs_suite(void)
{
    Suite *s = suite_create("agx_shader_hs");
    TCase *tc = tcase_create("hull");

    tcase_add_test(tc, test_hs_declarations);
    tcase_add_test(tc, test_hs_control_point_phase);
    tcase_add_test(tc, test_hs_refused);
    suite_add_tcase(s, tc);
    return s;
}
