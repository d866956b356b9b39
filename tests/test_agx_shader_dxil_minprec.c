/*
 * agx_shader_dxil_minprec: the DXIL front end's minimum precision
 * (agx_umd/dxil/agx_dxil_lower_minprec.c): half (min16float) computed as float, i16
 * (min16int/min16uint) computed in 32-bit registers with exact 16-bit results, the
 * f16/i16 overloads of the dx.ops, MinPrecXRegLoad/Store, and the refusals (native 16-bit
 * operations, 16-bit memory overloads). The program runs through agx_shader_create and
 * the shader engine; results are read back from poisoned memory and compared with
 * values computed here in C's int16_t/uint16_t and float.
 */
#include <check.h>
#include <string.h>

#include "test_agx_shader.h"
#include "test_run.h"

#define MINPREC_LANES 64u
#define MINPREC_RESULTS 29u
#define MINPREC_OUT 4096u

/* Float operands: exactly representable sums, products and a + b * 1 (so the fused or
 * unfused FMad agree), and values a half cannot hold (1 + 2^-20, 70000: 32-bit results
 * expected, minimum precision computed as 32-bit). */
static const float minprec_floats[][2] =
{
    {0.5f, 0.75f}, {-0.5f, 0.25f}, {1.0f, 3.0f}, {-1.0f, -0.25f}, {2.0f, 0.0f}, {-0.75f, 1.0f}, {1.5f, -2.0f},
    {100.0f, 7.5f}, {1.0f + 0x1p-20f, 1.0f}, {70000.0f, 2.0f}, {0.125f, 0.125f}, {-3.75f, 1.25f},
};

/* Integer operands (i32 with high bits the trunc drops): overflow, INT16_MIN / -1, zero
 * divisors, shifts by up to 15, signed against unsigned order. */
static const uint32_t minprec_ints[][2] =
{
    {7, 3}, {0xfffffff9u, 3}, {7, 0x0000fffdu}, {0x1234fff9u, 0xabcdfffdu}, {0x12348000u, 0xffffffffu},
    {5, 0}, {0xfffb, 0x10000}, {0x7fff, 1}, {0x8000, 0x7fff}, {0xffff, 0xffff}, {0x12345678u, 0x9abcdef0u},
    {100, 0x000f}, {0xff9c, 0x0007}, {0x4000, 2}, {0x8001, 15}, {0, 1},
};

static void minprec_operands(uint32_t lane, uint32_t *in)
{
    const uint32_t floats = sizeof(minprec_floats) / sizeof(minprec_floats[0]);
    const uint32_t ints = sizeof(minprec_ints) / sizeof(minprec_ints[0]);

    in[0] = sh_u(minprec_floats[lane % floats][0]);
    in[1] = sh_u(minprec_floats[lane % floats][1]);
    if (lane < ints)
    {
        in[2] = minprec_ints[lane][0];
        in[3] = minprec_ints[lane][1];
    }
    else
    {
        in[2] = lane * 0x9e3779b9u;
        in[3] = (lane * 0x85ebca6bu) ^ (lane << 7);
    }
}

/* Sign-extended to the 32 bits the program's sext writes. */
static uint32_t s16(int32_t v)
{
    return (uint32_t)(int32_t)(int16_t)(uint16_t)(uint32_t)v;
}

static uint32_t reverse16(uint16_t v)
{
    uint32_t r = 0, i;

    for (i = 0; i < 16; ++i)
        if (v & (1u << i))
            r |= 1u << (15 - i);
    return r;
}

START_TEST(test_dxil_minprec)
{
    struct sh_env env;
    uint32_t lane, *in, *out;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_minprec.dxil", AGX_SHADER_STAGE_COMPUTE, MINPREC_LANES);
    in = sh_mem(&env, 0);
    for (lane = 0; lane < MINPREC_LANES; ++lane)
        minprec_operands(lane, &in[lane * 4]);
    sh_poison(&env, MINPREC_OUT, MINPREC_LANES * MINPREC_RESULTS + 1);
    sh_raw_view(&env, 0, 0, MINPREC_LANES * 16);
    sh_raw_view(&env, 1, MINPREC_OUT, MINPREC_LANES * MINPREC_RESULTS * 4);
    sh_dispatch(&env, 1, 1, 1);
    for (lane = 0; lane < MINPREC_LANES; ++lane)
    {
        float fa = sh_f(in[lane * 4]), fb = sh_f(in[lane * 4 + 1]);
        uint16_t ua = (uint16_t)in[lane * 4 + 2], ub = (uint16_t)in[lane * 4 + 3];
        int16_t ia = (int16_t)ua, ib = (int16_t)ub;
        bool odd = lane & 1;

        out = sh_mem(&env, MINPREC_OUT + lane * MINPREC_RESULTS * 4);
        /* half: the float results, the values halves cannot hold kept. */
        ck_assert_uint_eq(out[0], sh_u(fa + fb));
        ck_assert_uint_eq(out[1], sh_u(fa * fb));
        ck_assert_uint_eq(out[2], sh_u(fa > fb ? fa : fb));
        ck_assert_uint_eq(out[3], sh_u(fa * fb + 1.0f));
        ck_assert_uint_eq(out[4], sh_u(fa < 0.0f ? 0.0f : fa > 1.0f ? 1.0f : fa));
        ck_assert_uint_eq(out[5], fa < fb ? 0xffffffffu : 0);
        ck_assert_uint_eq(out[6], sh_u(odd ? fb : fa));
        /* i16: exact 16-bit results, then extended. */
        ck_assert_uint_eq(out[7], s16(ia + ib));
        ck_assert_uint_eq(out[8], (uint16_t)(ua - ub));
        ck_assert_uint_eq(out[9], s16((int32_t)((uint32_t)ua * ub)));
        /* Zero divisors: D3D's udiv all ones (16 of them), sdiv/srem as D036's -1. */
        ck_assert_uint_eq(out[10], ub ? (uint32_t)(ua / ub) : 0xffffu);
        ck_assert_uint_eq(out[11], ub ? (uint32_t)(ua % ub) : 0xffffu);
        ck_assert_uint_eq(out[12], !ib ? 0xffffffffu : ia == INT16_MIN && ib == -1 ? s16(INT16_MIN) : s16(ia / ib));
        ck_assert_uint_eq(out[13], !ib ? 0xffffffffu : ia == INT16_MIN && ib == -1 ? 0 : s16(ia % ib));
        ck_assert_uint_eq(out[14], s16(ia >> (ub & 15)));
        ck_assert_uint_eq(out[15], (uint32_t)(ua >> (ub & 15)));
        ck_assert_uint_eq(out[16], s16((int32_t)((uint32_t)ua << (ub & 15))));
        ck_assert_uint_eq(out[17], ia < ib ? 0xffffffffu : 0);
        ck_assert_uint_eq(out[18], ua < ub ? 0xffffffffu : 0);
        ck_assert_uint_eq(out[19], sh_u((float)ia));
        ck_assert_uint_eq(out[20], sh_u((float)ua));
        ck_assert_uint_eq(out[21], s16(ia > ib ? ia : ib));
        ck_assert_uint_eq(out[22], ua < ub ? ua : ub);
        ck_assert_uint_eq(out[23], odd ? ub : ua);
        ck_assert_uint_eq(out[24], reverse16(ua));
        ck_assert_uint_eq(out[25], (uint32_t)__builtin_popcount(ua));
        /* MinPrecXRegStore's x0[1].w and x0[1].y are the array's elements 7 and 5. */
        ck_assert_uint_eq(out[26], sh_u(fb));
        ck_assert_uint_eq(out[27], ub);
        /* The switch compares the 16 bits (trunc left a's high bits in the register). */
        ck_assert_uint_eq(out[28], ua == 0xfff9u);
    }
    ck_assert_uint_eq(*sh_mem(&env, MINPREC_OUT + MINPREC_LANES * MINPREC_RESULTS * 4), SH_POISON);
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_dxil_minprec_refusals)
{
    sh_assert_dxil_refused("cs_refused_minprec_native.dxil", AGX_SHADER_STAGE_COMPUTE,
                           "the module uses native 16-bit operations (UseNativeLowPrecision), which the device does "
                           "not report (Native16BitShaderOpsSupported is FALSE)");
    sh_assert_dxil_refused("cs_refused_minprec_raw.dxil", AGX_SHADER_STAGE_COMPUTE,
                           "the 16-bit overload of BufferLoad is not supported (minimum precision keeps 32-bit data "
                           "in memory)");
}
END_TEST

static Suite *agx_shader_dxil_minprec_suite(void)
{
    Suite *s = suite_create("agx_shader_dxil_minprec");
    TCase *tc = tcase_create("dxil_minprec");

    tcase_add_test(tc, test_dxil_minprec);
    tcase_add_test(tc, test_dxil_minprec_refusals);
    suite_add_tcase(s, tc);
    return s;
}

TEST_MAIN(agx_shader_dxil_minprec_suite())
