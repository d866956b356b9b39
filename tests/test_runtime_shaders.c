/*
 * The runtime's own shaders (runtime/shaders/, specs/shaders.md) run in the simulated
 * device's shader engine without a device (test_agx_shader_harness.c), their results
 * checked against what specs/shaders.md says they compute. Bindings are by declaration
 * order: the constants are binding 0, the fill shader's UAV binding 1.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "test_agx_shader.h"
#include "rt_shaders.h"
#include "test_run.h"

static void load(struct sh_env *env, const void *bytecode, size_t size, enum agx_shader_stage stage, uint32_t lanes)
{
    char why[256] = "";

    sh_env_init(env);
    ck_assert_msg(agx_shader_create(bytecode, size, stage, &env->shader, why, sizeof(why)) == S_OK, "%s", why);
    ck_assert_int_eq(agx_shader_exec_create(env->shader, lanes, &env->exec), S_OK);
}

/* The runtime's fill shader (constants binding 0, UAV binding 1). */
static void load_fill(struct sh_env *env)
{
    load(env, rt_shader_fill_cs, sizeof(rt_shader_fill_cs), AGX_SHADER_STAGE_COMPUTE, 64);
}

START_TEST(test_fill)
{
    sh_check_fill_cases(load_fill, 0, 1);
}
END_TEST

START_TEST(test_fullscreen_vs)
{
    static const float positions[3][4] = {{-1.0f, 1.0f, 0.0f, 1.0f}, {3.0f, 1.0f, 0.0f, 1.0f}, {-1.0f, -3.0f, 0.0f, 1.0f}};
    uint32_t constants[8] = {0, 0, 0, 0, 0, 7, 0, 0}, v, c;
    const struct agx_shader_info *info;
    struct sh_env env;

    load(&env, rt_shader_fullscreen_vs, sizeof(rt_shader_fullscreen_vs), AGX_SHADER_STAGE_VERTEX, 4);
    info = agx_shader_get_info(env.shader);
    ck_assert_uint_eq(info->input_count, 1);
    ck_assert_str_eq(info->inputs[0].semantic, "SV_VertexID");
    ck_assert_uint_eq(info->output_count, 2);
    ck_assert_str_eq(info->outputs[1].semantic, "SV_RenderTargetArrayIndex");
    env.cb[0] = constants;
    env.cb_vec4[0] = 2;
    for (v = 0; v < 3; ++v)
        agx_shader_exec_input(env.exec, 0)[v] = v;
    sh_run(&env, 3, NULL);
    for (v = 0; v < 3; ++v)
    {
        for (c = 0; c < 4; ++c)
            ck_assert_msg(agx_shader_exec_output(env.exec, 0)[c * 4 + v] == sh_u(positions[v][c]),
                          "vertex %u component %u: %f", v, c, sh_f(agx_shader_exec_output(env.exec, 0)[c * 4 + v]));
        ck_assert_uint_eq(agx_shader_exec_output(env.exec, 1)[v], 7);
    }
    sh_env_fini(&env);
}
END_TEST

static void check_clear_ps(const uint32_t *bytecode, size_t size, uint32_t component_type)
{
    uint32_t constants[8] = {0x3f800000, 0xbf000000, 0x80000001, 0xffffffff, 0, 0, 0, 0}, rt, c, lane;
    const struct agx_shader_info *info;
    struct sh_env env;

    load(&env, bytecode, size, AGX_SHADER_STAGE_PIXEL, 4);
    info = agx_shader_get_info(env.shader);
    ck_assert_uint_eq(info->output_count, 8);
    ck_assert_uint_eq(info->render_target_mask, 0xff);
    ck_assert(!info->writes_depth);
    env.cb[0] = constants;
    env.cb_vec4[0] = 2;
    sh_run(&env, 4, NULL);
    for (rt = 0; rt < 8; ++rt)
    {
        ck_assert_str_eq(info->outputs[rt].semantic, "SV_Target");
        ck_assert_uint_eq(info->outputs[rt].semantic_index, rt);
        ck_assert_uint_eq(info->outputs[rt].component_type, component_type);
        for (c = 0; c < 4; ++c)
            for (lane = 0; lane < 4; ++lane)
                ck_assert_uint_eq(agx_shader_exec_output(env.exec, rt)[c * 4 + lane], constants[c]);
    }
    sh_env_fini(&env);
}

START_TEST(test_clear_ps)
{
    /* D3D_REGISTER_COMPONENT_TYPE: the values pass through as bits either way. */
    check_clear_ps(rt_shader_clear_ps_float, sizeof(rt_shader_clear_ps_float), 3);
    check_clear_ps(rt_shader_clear_ps_uint, sizeof(rt_shader_clear_ps_uint), 1);
    check_clear_ps(rt_shader_clear_ps_sint, sizeof(rt_shader_clear_ps_sint), 2);
}
END_TEST

START_TEST(test_clear_ps_depth)
{
    uint32_t constants[8] = {1, 2, 3, 4, 0x3e800000, 9, 0, 0}, lane;
    const struct agx_shader_info *info;
    struct sh_env env;

    load(&env, rt_shader_clear_ps_depth, sizeof(rt_shader_clear_ps_depth), AGX_SHADER_STAGE_PIXEL, 4);
    info = agx_shader_get_info(env.shader);
    ck_assert(info->writes_depth);
    ck_assert_uint_eq(info->render_target_mask, 0);
    ck_assert_uint_eq(info->output_count, 1);
    ck_assert_uint_eq(info->outputs[0].reg, 0xffffffff);
    env.cb[0] = constants;
    env.cb_vec4[0] = 2;
    sh_run(&env, 4, NULL);
    for (lane = 0; lane < 4; ++lane)
        ck_assert_uint_eq(agx_shader_exec_depth(env.exec)[lane], 0x3e800000);
    sh_env_fini(&env);
}
END_TEST

/* The generated sizes match the arrays. */
START_TEST(test_sizes)
{
    ck_assert_uint_eq(sizeof(rt_shader_fill_cs), RT_SHADER_FILL_CS_SIZE);
    ck_assert_uint_eq(sizeof(rt_shader_fullscreen_vs), RT_SHADER_FULLSCREEN_VS_SIZE);
    ck_assert_uint_eq(sizeof(rt_shader_clear_ps_float), RT_SHADER_CLEAR_PS_FLOAT_SIZE);
    ck_assert_uint_eq(sizeof(rt_shader_clear_ps_uint), RT_SHADER_CLEAR_PS_UINT_SIZE);
    ck_assert_uint_eq(sizeof(rt_shader_clear_ps_sint), RT_SHADER_CLEAR_PS_SINT_SIZE);
    ck_assert_uint_eq(sizeof(rt_shader_clear_ps_depth), RT_SHADER_CLEAR_PS_DEPTH_SIZE);
}
END_TEST

static Suite *runtime_shaders_suite(void)
{
    Suite *s = suite_create("runtime shaders");
    TCase *tc = tcase_create("engine");

    tcase_add_test(tc, test_fill);
    tcase_add_test(tc, test_fullscreen_vs);
    tcase_add_test(tc, test_clear_ps);
    tcase_add_test(tc, test_clear_ps_depth);
    tcase_add_test(tc, test_sizes);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suites(runtime_shaders_suite(), NULL);
}
