/*
 * agx_shader_dxil: the DXIL front end's lowering (agx_umd/dxil/agx_dxil_lower*.c). Each
 * DXIL test shader (tests/shaders/dxil, assembled at build time into D3D12RT_DXIL_SHADERS)
 * is created through agx_shader_create, as the pipeline does, and run by the shader
 * engine; results are read back from memory poisoned first and compared with values
 * computed here. They are the twins of the DXBC programs of test_agx_shader*.c.
 */
#include <check.h>
#include <math.h>
#include <string.h>

#include "test_agx_shader.h"
#include "test_run.h"

START_TEST(test_dxil_store_thread_id)
{
    struct sh_env env;
    uint32_t *m, i;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_store_thread_id.dxil", AGX_SHADER_STAGE_COMPUTE, 64);
    ck_assert_uint_eq(agx_shader_get_info(env.shader)->thread_group[0], 64);
    ck_assert_uint_eq(agx_shader_get_info(env.shader)->binding_count, 1);
    sh_poison(&env, 0, 256);
    sh_raw_view(&env, 0, 0, 1024);
    sh_dispatch(&env, 2, 1, 1);
    m = sh_mem(&env, 0);
    for (i = 0; i < 128; ++i)
        ck_assert_uint_eq(m[i], i);
    ck_assert_uint_eq(m[128], SH_POISON);
    sh_env_fini(&env);
}
END_TEST

/* sdiv and srem round toward zero (C's / and %); frem keeps the dividend's sign (C's
 * fmod, here in double, where these small halves are exact). A zero divisor (lanes with
 * id % 5 == 2) may give any value but must not trap. */
START_TEST(test_dxil_signed_division)
{
    struct sh_env env;
    uint32_t *m, i;
    int32_t a, b;
    double fa, fb;
    float fmod_expected;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_signed_division.dxil", AGX_SHADER_STAGE_COMPUTE, 64);
    sh_poison(&env, 0, 257);
    sh_raw_view(&env, 0, 0, 1024);
    sh_dispatch(&env, 1, 1, 1);
    m = sh_mem(&env, 0);
    for (i = 0; i < 64; ++i)
    {
        a = ((int32_t)i - 32) * 7;
        b = (int32_t)(i % 5) - 2;
        fa = a * 0.5;
        fb = b + 0.5;
        fmod_expected = fmodf(fa, fb);   /* LLVM frem: the sign of the dividend */
        if (b)
        {
            ck_assert_msg((int32_t)m[i * 4] == a / b, "lane %u: %d sdiv %d = %d", i, a, b, (int32_t)m[i * 4]);
            ck_assert_msg((int32_t)m[i * 4 + 1] == a % b, "lane %u: %d srem %d = %d", i, a, b, (int32_t)m[i * 4 + 1]);
        }
        ck_assert_msg(m[i * 4 + 2] == sh_u(fmod_expected), "lane %u: %g frem %g = %g, expected %g", i, fa, fb,
                      sh_f(m[i * 4 + 2]), fmod_expected);
        ck_assert_int_eq((int32_t)m[i * 4 + 3], (a + 3) / 4);
    }
    ck_assert_uint_eq(m[256], SH_POISON);
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_dxil_copy_add)
{
    static const uint32_t constants[4] = {1000, 1, 2, 3};
    struct sh_env env;
    uint32_t *src, *dst, i;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_copy_add.dxil", AGX_SHADER_STAGE_COMPUTE, 32);
    /* dx.resources order: the SRV, the UAV, the constant buffer. */
    src = sh_mem(&env, 0);
    for (i = 0; i < 32; ++i)
        src[i] = i * 7 + 1;
    sh_poison(&env, 4096, 64);
    sh_raw_view(&env, 0, 0, 128);
    sh_raw_view(&env, 1, 4096, 128);
    env.cb[2] = constants;
    env.cb_vec4[2] = 1;
    sh_dispatch(&env, 1, 1, 1);
    dst = sh_mem(&env, 4096);
    for (i = 0; i < 32; ++i)
        ck_assert_uint_eq(dst[i], i * 7 + 1 + 1000);
    ck_assert_uint_eq(dst[32], SH_POISON);
    /* The handles named absolute registers 0 and 1. */
    ck_assert_uint_eq(env.last_reg[0], 0);
    ck_assert_uint_eq(env.last_reg[1], 1);
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_dxil_groupshared_barrier)
{
    struct sh_env env;
    uint32_t *m, g, t;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_groupshared_reverse.dxil", AGX_SHADER_STAGE_COMPUTE, 64);
    ck_assert_uint_eq(agx_shader_get_info(env.shader)->tgsm_bytes, 256);
    sh_poison(&env, 0, 256);
    sh_raw_view(&env, 0, 0, 1024);
    sh_dispatch(&env, 3, 1, 1);
    m = sh_mem(&env, 0);
    for (g = 0; g < 3; ++g)
        for (t = 0; t < 64; ++t)
            ck_assert_uint_eq(m[g * 64 + t], 63 - t + 64 * g);
    sh_env_fini(&env);
}
END_TEST

static uint32_t loop_expected(uint32_t id)
{
    static const uint32_t extra[4] = {0, 1000, 7, 3000};
    uint32_t sum = 0, i;

    for (i = 0; i < id; ++i)
    {
        sum += i * 3;
        if ((int32_t)sum > 200)
        {
            sum |= 0x10000;
            break;
        }
    }
    return sum + extra[id & 3];
}

START_TEST(test_dxil_loop_early_exit_switch)
{
    struct sh_env env;
    uint32_t *m, i;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_loop_early_exit.dxil", AGX_SHADER_STAGE_COMPUTE, 64);
    sh_poison(&env, 0, 128);
    sh_raw_view(&env, 0, 0, 512);
    sh_dispatch(&env, 2, 1, 1);
    m = sh_mem(&env, 0);
    for (i = 0; i < 128; ++i)
        ck_assert_msg(m[i] == loop_expected(i), "thread %u: %#x, expected %#x", i, m[i], loop_expected(i));
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_dxil_atomics)
{
    struct sh_env env;
    uint32_t *counters, *out, i, seen[128] = {0};

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_atomics.dxil", AGX_SHADER_STAGE_COMPUTE, 64);
    counters = sh_mem(&env, 0);
    memset(counters, 0, 16);
    sh_poison(&env, 4096, 512);
    sh_raw_view(&env, 0, 0, 16);
    sh_raw_view(&env, 1, 4096, 2048);
    sh_dispatch(&env, 2, 1, 1);
    out = sh_mem(&env, 4096);
    ck_assert_uint_eq(counters[0], 128);
    ck_assert_uint_eq(counters[1], 127);
    ck_assert_uint_ge(counters[2], 1);
    ck_assert_uint_le(counters[2], 128);
    for (i = 0; i < 128; ++i)
    {
        ck_assert_uint_lt(out[i], 128);
        ck_assert_uint_eq(seen[out[i]]++, 0);
        /* Each group's threads add 0..63 into group shared memory. */
        ck_assert_uint_eq(out[256 + i], 2016);
    }
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_dxil_pixel_passthrough)
{
    struct sh_env env;
    const struct agx_shader_info *info;
    uint32_t *in, l, c;
    const uint32_t *o;

    sh_env_init(&env);
    sh_load_dxil(&env, "ps_color_passthrough.dxil", AGX_SHADER_STAGE_PIXEL, 4);
    info = agx_shader_get_info(env.shader);
    ck_assert_uint_eq(info->render_target_mask, 1);
    ck_assert_uint_eq(info->input_registers[1].mask, 0xf);
    ck_assert_uint_eq(info->input_registers[1].interpolation, 2);
    ck_assert_uint_eq(info->input_registers[0].sysval, 1);
    ck_assert_uint_eq(info->input_count, 2);
    ck_assert_uint_eq(info->inputs[1].reg, 1);
    in = agx_shader_exec_input(env.exec, 1);
    for (c = 0; c < 4; ++c)
        for (l = 0; l < 4; ++l)
            in[c * 4 + l] = sh_u(0.25f * (float)l + (float)c);
    sh_run(&env, 4, NULL);
    o = agx_shader_exec_output(env.exec, 0);
    for (l = 0; l < 4; ++l)
    {
        for (c = 0; c < 3; ++c)
            ck_assert_uint_eq(o[c * 4 + l], sh_u(0.25f * (float)l + (float)c));
        /* Alpha 3.x saturated. */
        ck_assert_uint_eq(o[12 + l], sh_u(1.0f));
    }
    sh_env_fini(&env);
}
END_TEST

/* Shader model 6.1's ViewID reads 0 (view instancing tier 0); BitcastF32toI32 and
 * BitcastI32toF32 keep the bits: red is the float after COLOR.x, green 0 + 0.5. */
START_TEST(test_dxil_view_id_bitcast)
{
    struct sh_env env;
    uint32_t *in, l;
    const uint32_t *o;

    sh_env_init(&env);
    sh_load_dxil(&env, "ps_view_id_bitcast.dxil", AGX_SHADER_STAGE_PIXEL, 4);
    ck_assert_uint_eq(agx_shader_get_info(env.shader)->minor, 1);
    in = agx_shader_exec_input(env.exec, 1);
    for (l = 0; l < 4; ++l)
    {
        in[l] = sh_u(1.5f + (float)l);
        in[4 + l] = sh_u(-2.0f * (float)l);
    }
    sh_run(&env, 4, NULL);
    o = agx_shader_exec_output(env.exec, 0);
    for (l = 0; l < 4; ++l)
    {
        ck_assert_uint_eq(o[l], sh_u(1.5f + (float)l) + 1);
        ck_assert_uint_eq(o[4 + l], sh_u(0.5f));
        ck_assert_uint_eq(o[8 + l], sh_u(-2.0f * (float)l));
        ck_assert_uint_eq(o[12 + l], sh_u(1.0f));
    }
    sh_env_fini(&env);
}
END_TEST

/* The twin of test_pixel_quads's derivatives and discard: two quads, lane 6 discarded. */
START_TEST(test_dxil_quad_derivatives_discard)
{
    static const float x[8] = {1, 2, 4, 8, 0, 10, 100, 1000};
    uint8_t lanes[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    struct sh_env env;
    uint32_t *in, l;
    const uint32_t *o;

    sh_env_init(&env);
    sh_load_dxil(&env, "ps_quad_deriv_discard.dxil", AGX_SHADER_STAGE_PIXEL, 8);
    ck_assert(agx_shader_get_info(env.shader)->uses_discard);
    in = agx_shader_exec_input(env.exec, 0);
    for (l = 0; l < 8; ++l)
    {
        in[0 * 8 + l] = sh_u(x[l]);
        in[1 * 8 + l] = sh_u(l == 6 ? 1.0f : 0.0f);
    }
    sh_run(&env, 8, lanes);
    o = agx_shader_exec_output(env.exec, 0);
    for (l = 0; l < 8; ++l)
    {
        uint32_t q = l & ~3u;
        bool top = !(l & 2), left = !(l & 1);

        ck_assert_float_eq(sh_f(o[0 * 8 + l]), x[q + 1] - x[q]);
        ck_assert_float_eq(sh_f(o[1 * 8 + l]), top ? x[q + 1] - x[q] : x[q + 3] - x[q + 2]);
        ck_assert_float_eq(sh_f(o[2 * 8 + l]), x[q + 2] - x[q]);
        ck_assert_float_eq(sh_f(o[3 * 8 + l]), left ? x[q + 2] - x[q] : x[q + 3] - x[q + 1]);
        ck_assert_uint_eq(lanes[l] & AGX_LANE_DISCARDED, l == 6 ? AGX_LANE_DISCARDED : 0);
    }
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_dxil_local_array)
{
    struct sh_env env;
    uint32_t *m, i;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_local_array.dxil", AGX_SHADER_STAGE_COMPUTE, 8);
    sh_poison(&env, 0, 9);
    sh_raw_view(&env, 0, 0, 64);
    sh_dispatch(&env, 1, 1, 1);
    m = sh_mem(&env, 0);
    for (i = 0; i < 8; ++i)
        ck_assert_uint_eq(m[i], i * 10 + (i & 3));
    ck_assert_uint_eq(m[8], SH_POISON);
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_dxil_get_dimensions)
{
    struct sh_env env;
    uint32_t *m;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_get_dimensions.dxil", AGX_SHADER_STAGE_COMPUTE, 1);
    sh_poison(&env, 4096, 3);
    sh_structured_view(&env, 0, 0, 8, 5);
    sh_raw_view(&env, 1, 4096, 48);
    sh_dispatch(&env, 1, 1, 1);
    m = sh_mem(&env, 4096);
    ck_assert_uint_eq(m[0], 5);
    ck_assert_uint_eq(m[1], 48);
    ck_assert_uint_eq(m[2], SH_POISON);
    sh_env_fini(&env);
}
END_TEST

/* Loop 1: views without a stride, as root-descriptor views are (agx_bind_resolve.c): the
 * one of dx.resources' extended property 1 addresses the elements, as a DXBC
 * declaration's does. */
START_TEST(test_dxil_structured_from_binding)
{
    const struct agx_shader_info *info;
    struct sh_env env;
    uint32_t *src, *dst, i;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_structured_binding.dxil", AGX_SHADER_STAGE_COMPUTE, 16);
    info = agx_shader_get_info(env.shader);
    ck_assert_uint_eq(info->binding_count, 2);
    ck_assert_uint_eq(info->bindings[0].structure_stride, 8);
    ck_assert_uint_eq(info->bindings[1].structure_stride, 8);
    src = sh_mem(&env, 0);
    for (i = 0; i < 32; ++i)
        src[i] = i * 11 + 2;
    sh_poison(&env, 4096, 34);
    sh_structured_view(&env, 0, 0, 8, 16);
    sh_structured_view(&env, 1, 4096, 8, 16);
    if (_i)
        env.views[0].stride = env.views[1].stride = 0;
    sh_dispatch(&env, 1, 1, 1);
    dst = sh_mem(&env, 4096);
    for (i = 0; i < 16; ++i)
    {
        /* .x + .y * 3 of element i, into .y only (write mask 1 at byte offset 4). */
        ck_assert_uint_eq(dst[i * 2], SH_POISON);
        ck_assert_uint_eq(dst[i * 2 + 1], (i * 22 + 2) + (i * 22 + 13) * 3);
    }
    ck_assert_uint_eq(dst[32], SH_POISON);
    /* The handles' indices are the absolute registers t3 and u5. */
    ck_assert_uint_eq(env.last_reg[0], 3);
    ck_assert_uint_eq(env.last_reg[1], 5);
    sh_env_fini(&env);
}
END_TEST

/* The twin of test_runtime_shaders' test_fill: cs_fill.ll is the runtime's fill shader in
 * DXIL (u0 binding 0, cb0 binding 1), checked over the same counts, patterns and offsets. */
static void load_fill(struct sh_env *env)
{
    sh_env_init(env);
    sh_load_dxil(env, "cs_fill.dxil", AGX_SHADER_STAGE_COMPUTE, 64);
}

START_TEST(test_dxil_fill)
{
    sh_check_fill_cases(load_fill, 1, 0);
}
END_TEST

START_TEST(test_dxil_refusals)
{
    struct agx_shader *shader = NULL;
    char why[256] = "";

    ck_assert_int_eq(sh_create_dxil("cs_refused_wave.dxil", AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)),
                     E_INVALIDARG);
    ck_assert_ptr_null(shader);
    ck_assert_str_eq(why, "the DXIL operation WaveIsFirstLane (opcode 110) is not supported by the simulated device");
    ck_assert_int_eq(sh_create_dxil("cs_store_thread_id.dxil", AGX_SHADER_STAGE_PIXEL, &shader, why, sizeof(why)),
                     E_INVALIDARG);
    ck_assert_str_eq(why, "the program is a compute shader where a pixel shader is expected");
    ck_assert_ptr_null(shader);
    ck_assert_int_eq(sh_create_dxil("cs_refused_no_stride.dxil", AGX_SHADER_STAGE_COMPUTE, &shader, why,
                                    sizeof(why)), E_INVALIDARG);
    ck_assert_str_eq(why, "structured buffer resource 0 declares no element stride (dx.resources extended property 1)");
    ck_assert_ptr_null(shader);
}
END_TEST

static Suite *agx_shader_dxil_suite(void)
{
    Suite *s = suite_create("agx_shader_dxil");
    TCase *tc = tcase_create("dxil");

    tcase_add_test(tc, test_dxil_store_thread_id);
    tcase_add_test(tc, test_dxil_copy_add);
    tcase_add_test(tc, test_dxil_signed_division);
    tcase_add_test(tc, test_dxil_groupshared_barrier);
    tcase_add_test(tc, test_dxil_loop_early_exit_switch);
    tcase_add_test(tc, test_dxil_atomics);
    tcase_add_test(tc, test_dxil_pixel_passthrough);
    tcase_add_test(tc, test_dxil_view_id_bitcast);
    tcase_add_test(tc, test_dxil_quad_derivatives_discard);
    tcase_add_test(tc, test_dxil_local_array);
    tcase_add_test(tc, test_dxil_get_dimensions);
    tcase_add_loop_test(tc, test_dxil_structured_from_binding, 0, 2);
    tcase_add_test(tc, test_dxil_fill);
    tcase_add_test(tc, test_dxil_refusals);
    suite_add_tcase(s, tc);
    return s;
}

TEST_MAIN(agx_shader_dxil_suite())
