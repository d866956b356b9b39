/*
 * agx_shader_dxil_arith: the DXIL front end's arithmetic and buffer dx.ops
 * (agx_umd/dxil/agx_dxil_lower_arith.c, agx_dxil_lower_buffer.c): the two-result integer
 * operations, LLVM's sdiv/srem/frem, the trigonometric and hyperbolic functions,
 * cbufferLoad, the UAV counter, tiled-resource status and the temporary registers. Each
 * DXIL test shader (tests/shaders/dxil) runs through agx_shader_create and the shader
 * engine; results are read back from poisoned memory and compared with values computed
 * here (64-bit integers, double-precision libm).
 */
#include <check.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "test_agx_shader.h"
#include "test_run.h"

#define ARITH_LANES 64u
#define ARITH_RESULTS 20u

/* Operand pairs: integer corner cases first (zero divisors, INT_MIN / -1, carries and
 * borrows), then float operands (a as the function's argument, b as frem's divisor). */
static const uint32_t arith_pairs[][2] =
{
    {7, 3}, {(uint32_t)-7, 3}, {7, (uint32_t)-3}, {(uint32_t)-7, (uint32_t)-3}, {0x80000000u, 0xffffffffu},
    {5, 0}, {(uint32_t)-5, 0}, {0xffffffffu, 0xffffffffu}, {0xffffffffu, 1}, {0, 1}, {1, 2},
    {0x12345678u, 0x9abcdef0u}, {0x80000000u, 0x80000000u}, {0x7fffffffu, 2}, {100, 7}, {(uint32_t)-100, 7},
};
static const float arith_floats[][2] =
{
    {0.5f, 0.75f}, {-0.5f, 0.75f}, {1.0f, 3.0f}, {-1.0f, -0.3f}, {2.0f, 0.0f}, {-0.0f, 1.0f}, {0.0f, -1.0f},
    {100.0f, 7.5f}, {-100.0f, 7.5f}, {0.25f, INFINITY}, {3.0f, 1e-3f}, {10.0f, -3.0f}, {1e-3f, 2.0f},
    {0.9999f, 0.5f}, {88.0f, 1.0f}, {90.0f, 1.0f}, {-90.0f, 1.0f}, {1.5707963f, 1.0f}, {3.1415927f, 2.0f},
    {20.0f, 6.0f}, {-20.0f, 6.0f}, {INFINITY, 1.0f}, {-INFINITY, 1.0f}, {NAN, 1.0f}, {1e30f, 3.0f},
    {-1e-20f, 1.0f}, {0.70710678f, 0.1f}, {-0.9f, 0.2f}, {5.5f, -2.0f}, {1e-38f, 1.0f}, {1e20f, 1e-20f},
    {-3.75f, 1.25f},
};

static uint32_t bits_of(float f)
{
    return sh_u(f);
}

static void arith_operands(uint32_t lane, uint32_t *a, uint32_t *b)
{
    const uint32_t ints = sizeof(arith_pairs) / sizeof(arith_pairs[0]);
    const uint32_t floats = sizeof(arith_floats) / sizeof(arith_floats[0]);

    if (lane < ints)
    {
        *a = arith_pairs[lane][0];
        *b = arith_pairs[lane][1];
    }
    else if (lane < ints + floats)
    {
        *a = bits_of(arith_floats[lane - ints][0]);
        *b = bits_of(arith_floats[lane - ints][1]);
    }
    else
    {
        /* The rest: denormal operands (flushed to zero, sign kept) and mixed bits. */
        *a = lane & 1 ? 0x80000001u + lane : 0x00000001u + lane;
        *b = 0x3f800000u + lane * 0x12345u;
    }
}

/* D3D's fp32 inputs: denormals flush, the sign kept. */
static double flushed(uint32_t u)
{
    float f = sh_f(u);

    return fabsf(f) < FLT_MIN ? (signbit(f) ? -0.0 : 0.0) : (double)f;
}

/* A float result within 4 ulp of the exact value (specs/shaders.md's precision for the
 * DXIL-only functions); NaN, infinities and signed zeros exactly; results below
 * FLT_MIN flush to zero. */
static void check_float(uint32_t lane, const char *what, uint32_t got_bits, double expected)
{
    float got = sh_f(got_bits);

    if (isnan(expected))
    {
        ck_assert_msg(isnan(got), "lane %u %s: %a, expected NaN", lane, what, got);
        return;
    }
    if (fabs(expected) < FLT_MIN)
    {
        ck_assert_msg(got == 0.0f, "lane %u %s: %a, expected zero (%a)", lane, what, got, expected);
        if (expected == 0.0)
            ck_assert_msg(!signbit(got) == !signbit(expected), "lane %u %s: %a, expected %a", lane, what, got,
                          expected);
        return;
    }
    if (fabs(expected) > FLT_MAX)
    {
        ck_assert_msg((double)got == (expected > 0 ? INFINITY : -INFINITY), "lane %u %s: %a, expected %a", lane,
                      what, got, expected);
        return;
    }
    ck_assert_msg(fabs((double)got - expected) <= fabs(expected) * 0x1p-21, "lane %u %s: %a, expected %a", lane,
                  what, got, expected);
}

START_TEST(test_dxil_arith)
{
    struct sh_env env;
    uint32_t lane, *in, *out;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_arith.dxil", AGX_SHADER_STAGE_COMPUTE, ARITH_LANES);
    in = sh_mem(&env, 0);
    for (lane = 0; lane < ARITH_LANES; ++lane)
        arith_operands(lane, &in[lane * 2], &in[lane * 2 + 1]);
    sh_poison(&env, 4096, ARITH_LANES * ARITH_RESULTS + 1);
    sh_raw_view(&env, 0, 0, ARITH_LANES * 8);
    sh_raw_view(&env, 1, 4096, ARITH_LANES * ARITH_RESULTS * 4);
    sh_dispatch(&env, 1, 1, 1);
    for (lane = 0; lane < ARITH_LANES; ++lane)
    {
        uint32_t a = in[lane * 2], b = in[lane * 2 + 1];
        int64_t product = (int64_t)(int32_t)a * (int32_t)b;
        uint64_t uproduct = (uint64_t)a * b, sum = (uint64_t)a + b;
        double x = flushed(a), y = flushed(b);

        out = sh_mem(&env, 4096 + lane * ARITH_RESULTS * 4);
        ck_assert_uint_eq(out[0], (uint32_t)((uint64_t)product >> 32));
        ck_assert_uint_eq(out[1], (uint32_t)product);
        ck_assert_uint_eq(out[2], (uint32_t)(uproduct >> 32));
        ck_assert_uint_eq(out[3], (uint32_t)uproduct);
        /* UDiv by zero: 0xffffffff quotient and remainder (D3D11.3 udiv, DXIL.rst). */
        ck_assert_uint_eq(out[4], b ? a / b : 0xffffffffu);
        ck_assert_uint_eq(out[5], b ? a % b : 0xffffffffu);
        ck_assert_uint_eq(out[6], (uint32_t)sum);
        ck_assert_uint_eq(out[7], sum >> 32 ? 0xffffffffu : 0);       /* an i1, sign-extended */
        ck_assert_uint_eq(out[8], a - b);
        ck_assert_uint_eq(out[9], a < b ? 0xffffffffu : 0);
        /* sdiv/srem: a zero divisor as UDiv's; INT_MIN / -1 wraps. */
        if (!b)
        {
            ck_assert_uint_eq(out[10], 0xffffffffu);
            ck_assert_uint_eq(out[11], 0xffffffffu);
        }
        else
        {
            int64_t q = (int64_t)(int32_t)a / (int32_t)b;

            ck_assert_uint_eq(out[10], (uint32_t)q);
            ck_assert_uint_eq(out[11], (uint32_t)((int64_t)(int32_t)a - q * (int32_t)b));
        }
        check_float(lane, "tan", out[12], tan(x));
        check_float(lane, "acos", out[13], acos(x));
        check_float(lane, "asin", out[14], asin(x));
        check_float(lane, "atan", out[15], atan(x));
        check_float(lane, "hcos", out[16], cosh(x));
        check_float(lane, "hsin", out[17], sinh(x));
        check_float(lane, "htan", out[18], tanh(x));
        check_float(lane, "frem", out[19], fmod(x, y));
    }
    ck_assert_uint_eq(*sh_mem(&env, 4096 + ARITH_LANES * ARITH_RESULTS * 4), SH_POISON);
    sh_env_fini(&env);
}
END_TEST

/* DXIL.rst's special values, lane by lane (the float operands above start at lane 16). */
START_TEST(test_dxil_arith_special_values)
{
    struct sh_env env;
    uint32_t lane, *in;
    const uint32_t *o;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_arith.dxil", AGX_SHADER_STAGE_COMPUTE, ARITH_LANES);
    in = sh_mem(&env, 0);
    for (lane = 0; lane < ARITH_LANES; ++lane)
        arith_operands(lane, &in[lane * 2], &in[lane * 2 + 1]);
    sh_raw_view(&env, 0, 0, ARITH_LANES * 8);
    sh_raw_view(&env, 1, 4096, ARITH_LANES * ARITH_RESULTS * 4);
    sh_dispatch(&env, 1, 1, 1);
    /* Lane 21: -0. tan(-0) = -0, acos = PI/2, hcos = 1. */
    o = sh_mem(&env, 4096 + 21 * ARITH_RESULTS * 4);
    ck_assert_uint_eq(o[12], 0x80000000u);
    ck_assert_float_eq_tol(sh_f(o[13]), 1.5707964f, 1e-6f);
    ck_assert_float_eq(sh_f(o[16]), 1.0f);
    /* Lane 37: +inf. tan NaN, atan PI/2, hcos and hsin +inf, htan 1. */
    o = sh_mem(&env, 4096 + 37 * ARITH_RESULTS * 4);
    ck_assert(isnan(sh_f(o[12])));
    ck_assert_float_eq_tol(sh_f(o[15]), 1.5707964f, 1e-6f);
    ck_assert_uint_eq(o[16], 0x7f800000u);
    ck_assert_uint_eq(o[17], 0x7f800000u);
    ck_assert_float_eq(sh_f(o[18]), 1.0f);
    /* Lane 38: -inf. hcos +inf, hsin -inf, htan -1, atan -PI/2. */
    o = sh_mem(&env, 4096 + 38 * ARITH_RESULTS * 4);
    ck_assert_uint_eq(o[16], 0x7f800000u);
    ck_assert_uint_eq(o[17], 0xff800000u);
    ck_assert_float_eq(sh_f(o[18]), -1.0f);
    ck_assert_float_eq_tol(sh_f(o[15]), -1.5707964f, 1e-6f);
    /* Lane 20: 2.0: acos and asin NaN; frem by 0 NaN. */
    o = sh_mem(&env, 4096 + 20 * ARITH_RESULTS * 4);
    ck_assert(isnan(sh_f(o[13])));
    ck_assert(isnan(sh_f(o[14])));
    ck_assert(isnan(sh_f(o[19])));
    /* Lane 41: -1e-20 (normal): asin keeps it. Lane 62: a denormal, flushed: asin 0, hcos 1. */
    o = sh_mem(&env, 4096 + 41 * ARITH_RESULTS * 4);
    ck_assert_float_eq_tol(sh_f(o[14]), -1e-20f, 1e-26f);
    o = sh_mem(&env, 4096 + 62 * ARITH_RESULTS * 4);
    ck_assert_uint_eq(o[14] & 0x7fffffffu, 0);
    ck_assert_float_eq(sh_f(o[16]), 1.0f);
    sh_env_fini(&env);
}
END_TEST

#define BUFFER_LANES 32u

START_TEST(test_dxil_buffer_ops)
{
    uint32_t constants[16], seen_alloc[BUFFER_LANES] = {0}, seen_consume[BUFFER_LANES] = {0}, lane, i, *words;
    struct sh_env env;
    const uint32_t *o;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_buffer_ops.dxil", AGX_SHADER_STAGE_COMPUTE, BUFFER_LANES);
    ck_assert(agx_shader_get_info(env.shader)->bindings[1].has_counter);
    ck_assert(agx_shader_get_info(env.shader)->bindings[2].has_counter);
    ck_assert(!agx_shader_get_info(env.shader)->bindings[3].has_counter);
    /* t0: the last 64 bytes of the bo and 64 beyond it, where nothing is mapped. */
    words = sh_mem(&env, SH_BO_SIZE - 64);
    for (i = 0; i < 16; ++i)
        words[i] = 0x1000u + i * 3;
    sh_raw_view(&env, 0, SH_BO_SIZE - 64, 128);
    sh_structured_view(&env, 1, 0, 4, 64);
    env.views[1].counter_va = env.bo->va + 1024;
    *sh_mem(&env, 1024) = 3;
    sh_structured_view(&env, 2, 2048, 4, 64);
    env.views[2].counter_va = env.bo->va + 1028;
    *sh_mem(&env, 1028) = 100;
    sh_poison(&env, 4096, BUFFER_LANES * 8 + 1);
    sh_raw_view(&env, 3, 4096, BUFFER_LANES * 32);
    /* cb0: 64 bytes (4 vec4s); a byte offset beyond them reads 0. */
    for (i = 0; i < 16; ++i)
        constants[i] = bits_of(1.5f + (float)i);
    env.cb[4] = constants;
    env.cb_vec4[4] = 4;
    sh_dispatch(&env, 1, 1, 1);
    ck_assert_uint_eq(*sh_mem(&env, 1024), 3 + BUFFER_LANES);
    ck_assert_uint_eq(*sh_mem(&env, 1028), 100 - BUFFER_LANES);
    for (lane = 0; lane < BUFFER_LANES; ++lane)
    {
        o = sh_mem(&env, 4096 + lane * 32);
        ck_assert_uint_eq(o[0], constants[5]);
        ck_assert_uint_eq(o[1], lane < 16 ? constants[lane] : 0);
        /* Increment: the count before; decrement: the count after. */
        ck_assert_uint_ge(o[2], 3);
        ck_assert_uint_lt(o[2], 3 + BUFFER_LANES);
        ck_assert_uint_eq(seen_alloc[o[2] - 3]++, 0);
        ck_assert_uint_ge(o[3], 100 - BUFFER_LANES);
        ck_assert_uint_lt(o[3], 100);
        ck_assert_uint_eq(seen_consume[o[3] - (100 - BUFFER_LANES)]++, 0);
        /* The status of a load of an unmapped dword: 0 read, not fully mapped. */
        ck_assert_uint_eq(o[4], lane < 16 ? 0x1000u + lane * 3 : 0);
        ck_assert_uint_eq(o[5], lane < 16 ? 0xffffffffu : 0);
        ck_assert_uint_eq(o[6], lane * 3 + (lane & 1));
        ck_assert_uint_eq(o[7], lane + 100);
    }
    ck_assert_uint_eq(*sh_mem(&env, 4096 + BUFFER_LANES * 32), SH_POISON);
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_dxil_buffer_refusals)
{
    static const struct
    {
        const char *shader;
        const char *why;
    }
    tests[] =
    {
        {"cs_refused_counter.dxil", "bufferUpdateCounter on a UAV without a counter (dx.resources)"},
        {"cs_refused_temp_dynamic.dxil",
         "a TempRegLoad/TempRegStore index is not a constant (dynamic forms are not supported)"},
        {"cs_refused_temp_range.dxil", "the temporary register index 16384 is above D3D's 16383"},
    };
    struct agx_shader *shader = NULL;
    char why[256];
    uint32_t i;

    for (i = 0; i < sizeof(tests) / sizeof(tests[0]); ++i)
    {
        why[0] = 0;
        ck_assert_int_eq(sh_create_dxil(tests[i].shader, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)),
                         E_INVALIDARG);
        ck_assert_ptr_null(shader);
        ck_assert_str_eq(why, tests[i].why);
    }
}
END_TEST

static Suite *agx_shader_dxil_arith_suite(void)
{
    Suite *s = suite_create("agx_shader_dxil_arith");
    TCase *tc = tcase_create("dxil_arith");

    tcase_add_test(tc, test_dxil_arith);
    tcase_add_test(tc, test_dxil_arith_special_values);
    tcase_add_test(tc, test_dxil_buffer_ops);
    tcase_add_test(tc, test_dxil_buffer_refusals);
    suite_add_tcase(s, tc);
    return s;
}

TEST_MAIN(agx_shader_dxil_arith_suite())
