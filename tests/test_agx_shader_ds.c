/*
 * Domain shaders in the shader engine (no device: test_agx_shader_harness.c): vDomain,
 * control points (vicp, by immediate and by relative index), patch constants (vpc) and
 * vPrim, run over the points the tessellator (agx_tess.h) places, against results
 * computed here; and the refusals of malformed domain shaders, with their sentences.
 * Pipelines still refuse domain shaders: the hull stage does not run yet.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "agx_tess.h"
#include "test_agx_shader.h"

Suite *agx_shader_ds_suite(void);

#define LANES 64u

/* A bilinear patch: position = the control points weighted by vDomain (0 at (0, 0), 1
 * at (1, 0), 2 at (1, 1), 3 at (0, 1)) plus vpc6.x; o1.x = vicp[vPrim][1].x. */
static const char ds_bilinear[] =
    "ds_5_0\n"
    "dcl_input_control_point_count 4\n"
    "dcl_tessellator_domain domain_quad\n"
    "dcl_input vDomain.xy\n"
    "dcl_input vPrim\n"
    "dcl_input vicp[4][0].xyzw\n"
    "dcl_input vicp[4][1].x\n"
    "dcl_input vpc[6].x\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.x\n"
    "dcl_temps 3\n"
    "add r0.xy, l(1.0, 1.0, 0, 0), -vDomain.xyxx\n"
    "mul r1.x, r0.x, r0.y\n"
    "mul r1.y, vDomain.x, r0.y\n"
    "mul r1.z, vDomain.x, vDomain.y\n"
    "mul r1.w, r0.x, vDomain.y\n"
    "mul r0.xyzw, r1.xxxx, vicp[0][0].xyzw\n"
    "mad r0.xyzw, r1.yyyy, vicp[1][0].xyzw, r0.xyzw\n"
    "mad r0.xyzw, r1.zzzz, vicp[2][0].xyzw, r0.xyzw\n"
    "mad r0.xyzw, r1.wwww, vicp[3][0].xyzw, r0.xyzw\n"
    "add o0.xyzw, r0.xyzw, vpc[6].xxxx\n"
    "mov r2.x, vPrim\n"
    "mov o1.x, vicp[r2.x + 0][1].x\n"
    "ret\n";

/* Integer factor 4: 25 points at multiples of 1/4, so every weight and sum below is
 * exact in floats. */
START_TEST(test_ds_quad_patch)
{
    static const float cp[4][4] = {{-1, -1, 0, 1}, {1, -1, 0.5f, 1}, {1, 1, 1, 1}, {-1, 1, 0.25f, 2}};
    static const float factors[AGX_TESS_MAX_FACTORS] = {4, 4, 4, 4, 4, 4};
    struct agx_tess_output *points = malloc(sizeof(*points));
    const uint32_t *position, *from_point;
    uint8_t lanes[LANES];
    uint32_t *domain, l, i, c;
    struct sh_env env;

    ck_assert_ptr_nonnull(points);
    agx_tess_run(AGX_TESS_DOMAIN_QUAD, AGX_TESS_PARTITIONING_INTEGER, AGX_TESS_TOPOLOGY_TRIANGLE_CW, factors, points);
    ck_assert_uint_eq(points->point_count, 25);
    sh_env_init(&env);
    sh_load(&env, ds_bilinear, AGX_SHADER_STAGE_DOMAIN, LANES);
    domain = agx_shader_exec_ds_domain(env.exec);
    for (l = 0; l < points->point_count; ++l)
    {
        lanes[l] = AGX_LANE_ACTIVE;
        domain[l] = sh_u(points->points[l].u);
        domain[LANES + l] = sh_u(points->points[l].v);
        domain[2 * LANES + l] = 0;
        agx_shader_exec_primitive_id(env.exec)[l] = l % 4;
        agx_shader_exec_ds_patch_constant(env.exec, 6)[l] = sh_u(0.5f);
        for (i = 0; i < 4; ++i)
        {
            for (c = 0; c < 4; ++c)
                agx_shader_exec_vertex_input(env.exec, i, 0)[c * LANES + l] = sh_u(cp[i][c]);
            agx_shader_exec_vertex_input(env.exec, i, 1)[l] = sh_u(10.0f + (float)i);
        }
    }
    sh_run(&env, points->point_count, lanes);

    position = agx_shader_exec_output(env.exec, 0);
    from_point = agx_shader_exec_output(env.exec, 1);
    for (l = 0; l < points->point_count; ++l)
    {
        const double u = points->points[l].u, v = points->points[l].v;
        const double w[4] = {(1 - u) * (1 - v), u * (1 - v), u * v, (1 - u) * v};

        for (c = 0; c < 4; ++c)
        {
            double expected = 0.5;

            for (i = 0; i < 4; ++i)
                expected += w[i] * cp[i][c];
            ck_assert_msg(sh_f(position[c * LANES + l]) == (float)expected, "point %u (%g, %g) component %u: %g, "
                          "not %g", l, u, v, c, sh_f(position[c * LANES + l]), expected);
        }
        ck_assert_float_eq(sh_f(from_point[l]), 10.0f + (float)(l % 4));
    }
    sh_env_fini(&env);
    free(points);
}
END_TEST

/* A tri patch reads all three of vDomain's components; its fourth reads 0. */
START_TEST(test_ds_tri_domain)
{
    uint8_t lanes[2] = {AGX_LANE_ACTIVE, AGX_LANE_ACTIVE};
    const uint32_t *out;
    uint32_t *domain, c;
    struct sh_env env;

    sh_env_init(&env);
    sh_load(&env, "ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"
            "dcl_input vDomain.xyz\ndcl_output o0.xyzw\nmov o0.xyzw, vDomain.xyzw\nret\n",
            AGX_SHADER_STAGE_DOMAIN, LANES);
    domain = agx_shader_exec_ds_domain(env.exec);
    for (c = 0; c < 3; ++c)
    {
        domain[c * LANES] = sh_u(0.25f * (float)(c + 1));
        domain[c * LANES + 1] = sh_u(1.0f - 0.5f * (float)c);
    }
    sh_run(&env, 2, lanes);
    out = agx_shader_exec_output(env.exec, 0);
    for (c = 0; c < 3; ++c)
    {
        ck_assert_float_eq(sh_f(out[c * LANES]), 0.25f * (float)(c + 1));
        ck_assert_float_eq(sh_f(out[c * LANES + 1]), 1.0f - 0.5f * (float)c);
    }
    ck_assert_uint_eq(out[3 * LANES], 0);
    sh_env_fini(&env);
}
END_TEST

#define DS_HEAD "ds_5_0\ndcl_input_control_point_count 4\ndcl_tessellator_domain domain_quad\n"

START_TEST(test_ds_refused)
{
    sh_expect_refused("ds_5_0\ndcl_tessellator_domain domain_quad\nret\n", AGX_SHADER_STAGE_DOMAIN,
                      "the domain shader declares no input control point count");
    sh_expect_refused("ds_5_0\ndcl_input_control_point_count 4\nret\n", AGX_SHADER_STAGE_DOMAIN,
                      "the domain shader declares no tessellator domain");
    sh_expect_refused("ds_5_0\ndcl_input_control_point_count 0\n", AGX_SHADER_STAGE_DOMAIN,
                      "0 control points: 1 to 32");
    sh_expect_refused(DS_HEAD "dcl_input vicp[4][0].x\ndcl_temps 1\nmov r0.x, vicp[4][0].x\n",
                      AGX_SHADER_STAGE_DOMAIN, "control point 4 of a patch of 4");
    sh_expect_refused(DS_HEAD "dcl_temps 1\nmov r0.x, vicp[0][2].x\n", AGX_SHADER_STAGE_DOMAIN,
                      "vicp2 is not declared");
    sh_expect_refused(DS_HEAD "dcl_temps 1\nmov r0.x, vpc[7].x\n", AGX_SHADER_STAGE_DOMAIN, "vpc7 is not declared");
    sh_expect_refused(DS_HEAD "dcl_tessellator_partitioning partitioning_integer\n", AGX_SHADER_STAGE_DOMAIN,
                      "'dcl_tessellator_partitioning' does not belong in a domain shader");
    sh_expect_refused("vs_5_0\ndcl_input vDomain.xy\n", AGX_SHADER_STAGE_VERTEX, "vDomain outside a domain shader");
    sh_expect_refused(DS_HEAD "ret\n", AGX_SHADER_STAGE_VERTEX, "a domain shader where a vertex shader is expected");
    sh_expect_refused("hs_5_0\nret\n", AGX_SHADER_STAGE_DOMAIN, "a hull shader where a domain shader is expected");
}
END_TEST

Suite *agx_shader_ds_suite(void)
{
    Suite *s = suite_create("agx_shader_ds");
    TCase *tc = tcase_create("domain");

    tcase_add_test(tc, test_ds_quad_patch);
    tcase_add_test(tc, test_ds_tri_domain);
    tcase_add_test(tc, test_ds_refused);
    suite_add_tcase(s, tc);
    return s;
}
