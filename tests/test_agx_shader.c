/*
 * agx_umd's shader engine without a device: float and integer ALU families and
 * conversions checked lane by lane against values computed here in C, flow control
 * (divergent if/else, loops with break and continue, switch, retc), and programs the
 * decoder must refuse (E_INVALIDARG with a sentence naming the problem, never a crash).
 * Memory, group shared memory, atomics and the pixel stage: test_agx_shader_mem.c.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddi_dxbc.h"
#include "ddi_sm5.h"
#include "dxbc_asm.h"
#include "test_agx_shader.h"
#include "test_run.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define LANES 16u

Suite *agx_shader_mem_suite(void);
Suite *agx_shader_ds_suite(void);
Suite *agx_shader_hs_suite(void);
Suite *agx_shader_tex_suite(void);

/* ---- ALU families ------------------------------------------------------------------------ */

struct alu_case
{
    const char *line;                     /* computes r2.x from r1.x (a), r1.y (b), r1.z (c) */
    uint32_t (*expect)(uint32_t a, uint32_t b, uint32_t c);
    bool approximate;                     /* transcendental: relative 1e-6 */
};

/* Lane i loads a, b, c from t0 at i * 12 and stores result k at (i * count + k) * 4 of u0. */
static char *alu_program(const struct alu_case *cases, uint32_t count)
{
    size_t size = 4096 + count * 256;
    char *text = malloc(size);
    uint32_t k;
    int n;

    n = snprintf(text, size,
            "cs_5_0\n"
            "dcl_globalFlags refactoringAllowed\n"
            "dcl_resource_raw t0\n"
            "dcl_uav_raw u0\n"
            "dcl_input vThreadIDInGroupFlattened\n"
            "dcl_temps 4\n"
            "dcl_thread_group %u, 1, 1\n"
            "imul null, r0.x, vThreadIDInGroupFlattened.x, l(12)\n"
            "ld_raw r1.xyz, r0.x, t0.xyzx\n"
            "imul null, r0.y, vThreadIDInGroupFlattened.x, l(%u)\n", LANES, count * 4);
    for (k = 0; k < count; ++k)
        n += snprintf(text + n, size - n, "%s\nstore_raw u0.x, r0.y, r2.x\niadd r0.y, r0.y, l(4)\n", cases[k].line);
    snprintf(text + n, size - n, "ret\n");
    return text;
}

static bool same_float(uint32_t got, uint32_t expected, bool approximate)
{
    float g = sh_f(got), e = sh_f(expected);

    if (isnan(e))
        return isnan(g);
    if (!approximate || isinf(e))
        return got == expected;
    return fabsf(g - e) <= 1e-6f * fmaxf(1.0f, fabsf(e));
}

static void run_alu(const struct alu_case *cases, uint32_t count, const uint32_t inputs[LANES][3], bool floats)
{
    struct sh_env env;
    char *text = alu_program(cases, count);
    uint32_t i, k, *out;

    sh_env_init(&env);
    sh_load(&env, text, AGX_SHADER_STAGE_COMPUTE, LANES);
    memcpy(sh_mem(&env, 0), inputs, LANES * 12);
    sh_raw_view(&env, 0, 0, LANES * 12);
    sh_raw_view(&env, 1, 4096, LANES * count * 4);
    sh_dispatch(&env, 1, 1, 1);
    out = sh_mem(&env, 4096);
    for (i = 0; i < LANES; ++i)
    {
        for (k = 0; k < count; ++k)
        {
            uint32_t expected = cases[k].expect(inputs[i][0], inputs[i][1], inputs[i][2]), got = out[i * count + k];

            if (floats)
                ck_assert_msg(same_float(got, expected, cases[k].approximate),
                              "'%s' lane %u (%g %g %g): got %#x (%g), expected %#x (%g)", cases[k].line, i,
                              sh_f(inputs[i][0]), sh_f(inputs[i][1]), sh_f(inputs[i][2]), got, sh_f(got),
                              expected, sh_f(expected));
            else
                ck_assert_msg(got == expected, "'%s' lane %u (%#x %#x %#x): got %#x, expected %#x", cases[k].line,
                              i, inputs[i][0], inputs[i][1], inputs[i][2], got, expected);
        }
    }
    free(text);
    sh_env_fini(&env);
}

/* fp32 ALU inputs and results lose denormals (sign kept). */
static float ftz(float f)
{
    return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

static float A(uint32_t a) { return ftz(sh_f(a)); }
static uint32_t R(float f) { return sh_u(ftz(f)); }

static uint32_t e_add(uint32_t a, uint32_t b, uint32_t c) { (void)c; return R(A(a) + A(b)); }
static uint32_t e_add_sat(uint32_t a, uint32_t b, uint32_t c)
{
    float f = A(a) + A(b);

    (void)c;
    return sh_u(isnan(f) ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : ftz(f));
}
static uint32_t e_mul(uint32_t a, uint32_t b, uint32_t c) { (void)c; return R(A(a) * A(b)); }
static uint32_t e_mad(uint32_t a, uint32_t b, uint32_t c) { return R(ftz(A(a) * A(b)) + A(c)); }
static uint32_t e_div(uint32_t a, uint32_t b, uint32_t c) { (void)c; return R(A(a) / A(b)); }
static uint32_t e_min(uint32_t a, uint32_t b, uint32_t c)
{
    (void)c;
    /* One NaN: the other operand. */
    return isnan(A(a)) ? R(A(b)) : isnan(A(b)) ? R(A(a)) : R(A(a) < A(b) ? A(a) : A(b));
}
static uint32_t e_max(uint32_t a, uint32_t b, uint32_t c)
{
    (void)c;
    return isnan(A(a)) ? R(A(b)) : isnan(A(b)) ? R(A(a)) : R(A(a) > A(b) ? A(a) : A(b));
}
static uint32_t e_sqrt_abs(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(sqrtf(fabsf(A(a)))); }
static uint32_t e_rsq(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(1.0f / sqrtf(A(a))); }
static uint32_t e_rcp(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(1.0f / A(a)); }
static uint32_t e_exp(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(exp2f(A(a))); }
static uint32_t e_log(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(log2f(A(a))); }
static uint32_t e_frc(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(A(a) - floorf(A(a))); }
static uint32_t e_round_ne(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(nearbyintf(A(a))); }
static uint32_t e_round_ni(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(floorf(A(a))); }
static uint32_t e_round_pi(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(ceilf(A(a))); }
static uint32_t e_round_z(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(truncf(A(a))); }
static uint32_t e_eq(uint32_t a, uint32_t b, uint32_t c) { (void)c; return A(a) == A(b) ? ~0u : 0; }
static uint32_t e_ne(uint32_t a, uint32_t b, uint32_t c) { (void)c; return A(a) != A(b) ? ~0u : 0; }
static uint32_t e_lt(uint32_t a, uint32_t b, uint32_t c) { (void)c; return A(a) < A(b) ? ~0u : 0; }
static uint32_t e_ge(uint32_t a, uint32_t b, uint32_t c) { (void)c; return A(a) >= A(b) ? ~0u : 0; }
static uint32_t e_dp2(uint32_t a, uint32_t b, uint32_t c)
{
    return R(ftz(A(a) * A(b)) + ftz(A(b) * A(c)));
}
static uint32_t e_dp3(uint32_t a, uint32_t b, uint32_t c)
{
    return R(ftz(ftz(A(a) * A(a)) + ftz(A(b) * A(b))) + ftz(A(c) * A(c)));
}
static uint32_t e_dp4(uint32_t a, uint32_t b, uint32_t c)
{
    return R(ftz(ftz(ftz(A(a) * A(c)) + ftz(A(b) * A(b))) + ftz(A(c) * A(a))) + ftz(A(a) * A(a)));
}
static uint32_t e_sin(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(sinf(A(a))); }
static uint32_t e_cos(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return R(cosf(A(a))); }
static uint32_t e_neg(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return a ^ 0x80000000u; }
static uint32_t e_negabs(uint32_t a, uint32_t b, uint32_t c) { (void)a; (void)c; return b | 0x80000000u; }
static uint32_t e_ftoi(uint32_t a, uint32_t b, uint32_t c)
{
    float f = A(a);

    (void)b; (void)c;
    if (isnan(f))
        return 0;
    if (f >= 2147483647.0f)
        return 0x7fffffffu;
    if (f <= -2147483648.0f)
        return 0x80000000u;
    return (uint32_t)(int32_t)truncf(f);
}
static uint32_t e_ftou(uint32_t a, uint32_t b, uint32_t c)
{
    float f = A(a);

    (void)b; (void)c;
    if (isnan(f) || f <= 0.0f)
        return 0;
    if (f >= 4294967295.0f)
        return 0xffffffffu;
    return (uint32_t)truncf(f);
}
static uint32_t e_ftou_z(uint32_t a, uint32_t b, uint32_t c) { return e_ftou(c, b, a); }
static uint32_t e_itof(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return sh_u((float)(int32_t)a); }
static uint32_t e_utof(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return sh_u((float)a); }

/* Half precision written out from the IEEE layout, round to nearest even. */
static uint32_t half_of(float f)
{
    uint32_t sign = signbit(f) ? 0x8000u : 0;
    float m;
    int e;

    f = fabsf(f);
    if (isnan(f))
        return sign | 0x7e00u;
    if (f >= 65520.0f)
        return sign | 0x7c00u;
    if (f < 0x1p-14f)
        return sign | (uint32_t)nearbyintf(f * 0x1p24f);  /* denormal halves, exact rounding */
    m = frexpf(f, &e);                    /* f = m * 2^e, m in [0.5, 1) */
    return sign | (((uint32_t)(e + 14) << 10) + (uint32_t)nearbyintf((m * 2.0f - 1.0f) * 1024.0f));
}
static uint32_t e_f32tof16(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return half_of(A(a)); }
static uint32_t e_roundtrip16(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t h = half_of(A(a)), e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float v = e == 31 ? (m ? NAN : INFINITY) : e ? ldexpf(1.0f + m / 1024.0f, (int)e - 15) : ldexpf(m, -24);

    (void)b; (void)c;
    return sh_u((h & 0x8000u) ? -v : v);
}

static const uint32_t float_inputs[LANES][3] =
{
    {0x3fc00000, 0x40100000, 0xc0400000},         /* 1.5, 2.25, -3 */
    {0x80000000, 0x00000000, 0x3f800000},         /* -0, 0, 1 */
    {0x0001b3cf, 0x3f800000, 0x40000000},         /* denormal, 1, 2 */
    {0x7fc00000, 0x3f800000, 0x40000000},         /* NaN, 1, 2 */
    {0x7f800000, 0xff800000, 0x00000000},         /* inf, -inf, 0 */
    {0x406ccccd, 0xc0200000, 0x3f000000},         /* 3.7, -2.5, 0.5 */
    {0xc0e80000, 0x3e99999a, 0x42c80000},         /* -7.25, 0.3, 100 */
    {0x7149f2ca, 0x7149f2ca, 0xbf800000},         /* 1e30, 1e30, -1 */
    {0x3f000000, 0x00000000, 0x40800000},         /* 0.5, 0, 4 */
    {0xbf800000, 0xbf000000, 0x40000000},         /* -1, -0.5, 2 */
    {0x40000000, 0x41000000, 0x3a83126f},         /* 2, 8, 0.001 */
    {0x477fe000, 0x3eaaaaab, 0x40e00000},         /* 65504, 1/3, 7 */
    {0xc0600000, 0x40200000, 0xc0200000},         /* -3.5, 2.5, -2.5 */
    {0x40900000, 0x40b00000, 0x4f000000},         /* 4.5, 5.5, 2^31 */
    {0x3f800000, 0x7fc00000, 0x40400000},         /* 1, NaN, 3 */
    {0x41800000, 0x3e800000, 0x80012345},         /* 16, 0.25, -denormal */
};

static const struct alu_case float_cases[] =
{
    {"add r2.x, r1.x, r1.y", e_add, false},
    {"add_sat r2.x, r1.x, r1.y", e_add_sat, false},
    {"mul r2.x, r1.x, r1.y", e_mul, false},
    {"mad r2.x, r1.x, r1.y, r1.z", e_mad, false},
    {"div r2.x, r1.x, r1.y", e_div, false},
    {"min r2.x, r1.x, r1.y", e_min, false},
    {"max r2.x, r1.x, r1.y", e_max, false},
    {"sqrt r2.x, |r1.x|", e_sqrt_abs, true},
    {"rsq r2.x, r1.x", e_rsq, true},
    {"rcp r2.x, r1.x", e_rcp, false},
    {"exp r2.x, r1.x", e_exp, true},
    {"log r2.x, r1.x", e_log, true},
    {"frc r2.x, r1.x", e_frc, false},
    {"round_ne r2.x, r1.x", e_round_ne, false},
    {"round_ni r2.x, r1.x", e_round_ni, false},
    {"round_pi r2.x, r1.x", e_round_pi, false},
    {"round_z r2.x, r1.x", e_round_z, false},
    {"eq r2.x, r1.x, r1.y", e_eq, false},
    {"ne r2.x, r1.x, r1.y", e_ne, false},
    {"lt r2.x, r1.x, r1.y", e_lt, false},
    {"ge r2.x, r1.x, r1.y", e_ge, false},
    {"dp2 r2.x, r1.xyxx, r1.yzyy", e_dp2, false},
    {"dp3 r2.x, r1.xyzx, r1.xyzx", e_dp3, false},
    {"dp4 r2.x, r1.xyzx, r1.zyxx", e_dp4, false},
    {"sincos r2.x, null, r1.x", e_sin, true},
    {"sincos null, r2.x, r1.x", e_cos, true},
    {"mov r2.x, -r1.x", e_neg, false},
    {"mov r2.x, -|r1.y|", e_negabs, false},
    {"ftoi r2.x, r1.x", e_ftoi, false},
    {"ftou r2.x, r1.z", e_ftou_z, false},
    {"f32tof16 r2.x, r1.x", e_f32tof16, false},
    {"f32tof16 r2.x, r1.x\nf16tof32 r2.x, r2.x", e_roundtrip16, false},
};

START_TEST(test_float_alu)
{
    run_alu(float_cases, ARRAY_SIZE(float_cases), float_inputs, true);
}
END_TEST

static const uint32_t int_inputs[LANES][3] =
{
    {7, 3, 100}, {0xffffffff, 1, 5}, {0x80000000, 0xffffffff, 0}, {0, 0, 0},
    {12345678, 0, 9}, {5, 32, 1}, {0xf0f0f0f0, 35, 4}, {1, 31, 31},
    {(uint32_t)-100, 7, (uint32_t)-3}, {0x7fffffff, 2, 1}, {0x12345678, 8, 12}, {0x80, 4, 28},
    {3, 0xfffffffe, 2}, {0x00010000, 16, 16}, {0xdeadbeef, 13, 19}, {0xffffffff, 0xffffffff, 0xffffffff},
};

static uint32_t e_iadd(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a + b; }
static uint32_t e_isub(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a - b; }
static uint32_t e_imul_hi(uint32_t a, uint32_t b, uint32_t c)
{
    (void)c;
    return (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b) >> 32);
}
static uint32_t e_mul_lo(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a * b; }
static uint32_t e_umul_hi(uint32_t a, uint32_t b, uint32_t c) { (void)c; return (uint32_t)(((uint64_t)a * b) >> 32); }
static uint32_t e_udiv(uint32_t a, uint32_t b, uint32_t c) { (void)c; return b ? a / b : 0xffffffffu; }
static uint32_t e_urem(uint32_t a, uint32_t b, uint32_t c) { (void)c; return b ? a % b : 0xffffffffu; }
static uint32_t e_mad_int(uint32_t a, uint32_t b, uint32_t c) { return a * b + c; }
static uint32_t e_imax(uint32_t a, uint32_t b, uint32_t c) { (void)c; return (int32_t)a > (int32_t)b ? a : b; }
static uint32_t e_imin(uint32_t a, uint32_t b, uint32_t c) { (void)c; return (int32_t)a < (int32_t)b ? a : b; }
static uint32_t e_umax(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a > b ? a : b; }
static uint32_t e_umin(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a < b ? a : b; }
static uint32_t e_ishl(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a << (b % 32); }
static uint32_t e_ishr(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t s = b % 32, r = a >> s;

    (void)c;
    if ((a & 0x80000000u) && s)
        r |= ~(0xffffffffu >> s);         /* arithmetic: copies of the sign bit */
    return r;
}
static uint32_t e_ushr(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a >> (b % 32); }
static uint32_t e_and(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a & b; }
static uint32_t e_or(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a | b; }
static uint32_t e_xor(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a ^ b; }
static uint32_t e_not(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return ~a; }
static uint32_t e_ineg(uint32_t a, uint32_t b, uint32_t c) { (void)b; (void)c; return 0u - a; }
static uint32_t e_ieq(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a == b ? ~0u : 0; }
static uint32_t e_ine(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a != b ? ~0u : 0; }
static uint32_t e_ilt(uint32_t a, uint32_t b, uint32_t c) { (void)c; return (int32_t)a < (int32_t)b ? ~0u : 0; }
static uint32_t e_ige(uint32_t a, uint32_t b, uint32_t c) { (void)c; return (int32_t)a >= (int32_t)b ? ~0u : 0; }
static uint32_t e_ult(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a < b ? ~0u : 0; }
static uint32_t e_uge(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a >= b ? ~0u : 0; }
static uint32_t e_bfi(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t width = c % 32, offset = b % 32, mask = 0, i;

    for (i = 0; i < width && offset + i < 32; ++i)
        mask |= 1u << (offset + i);
    return ((a << offset) & mask) | (0x5555aaaau & ~mask);
}
static uint32_t e_ubfe(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t width = c % 32, offset = b % 32;

    return width ? (uint32_t)(((uint64_t)a >> offset) & ((1ull << width) - 1)) : 0;
}
static uint32_t e_ibfe(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t width = c % 32, offset = b % 32, bits = width < 32 - offset ? width : 32 - offset, v;

    if (!width)
        return 0;
    v = (uint32_t)(((uint64_t)a >> offset) & ((1ull << bits) - 1));
    if (v & (1u << (bits - 1)))
        v |= bits < 32 ? ~0u << bits : 0;
    return v;
}
static uint32_t e_bfrev(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 0, i;

    (void)b; (void)c;
    for (i = 0; i < 32; ++i)
        if (a & (1u << i))
            r |= 1u << (31 - i);
    return r;
}
static uint32_t e_countbits(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t n = 0, i;

    (void)b; (void)c;
    for (i = 0; i < 32; ++i)
        n += (a >> i) & 1;
    return n;
}
/* firstbit_hi counts from the most significant bit. */
static uint32_t e_firstbit_hi(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t i;

    (void)b; (void)c;
    for (i = 0; i < 32; ++i)
        if (a & (0x80000000u >> i))
            return i;
    return 0xffffffffu;
}
static uint32_t e_firstbit_lo(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t i;

    (void)b; (void)c;
    for (i = 0; i < 32; ++i)
        if (a & (1u << i))
            return i;
    return 0xffffffffu;
}
static uint32_t e_firstbit_shi(uint32_t a, uint32_t b, uint32_t c)
{
    return e_firstbit_hi((a & 0x80000000u) ? ~a : a, b, c);
}
static uint32_t e_carry(uint32_t a, uint32_t b, uint32_t c) { (void)c; return ((uint64_t)a + b) > 0xffffffffu; }
static uint32_t e_borrow(uint32_t a, uint32_t b, uint32_t c) { (void)c; return a < b; }
static uint32_t e_movc(uint32_t a, uint32_t b, uint32_t c) { return c ? a : b; }
static uint32_t e_msad(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t i;

    for (i = 0; i < 4; ++i)
    {
        int r = (int)((a >> (8 * i)) & 0xff), v = (int)((b >> (8 * i)) & 0xff);

        if (r)
            c += (uint32_t)abs(r - v);
    }
    return c;
}
static uint32_t e_swapc0(uint32_t a, uint32_t b, uint32_t c) { return c ? b : a; }

static const struct alu_case int_cases[] =
{
    {"iadd r2.x, r1.x, r1.y", e_iadd, false},
    {"iadd r2.x, r1.x, -r1.y", e_isub, false},
    {"imul r2.x, null, r1.x, r1.y", e_imul_hi, false},
    {"imul null, r2.x, r1.x, r1.y", e_mul_lo, false},
    {"umul r2.x, null, r1.x, r1.y", e_umul_hi, false},
    {"umul null, r2.x, r1.x, r1.y", e_mul_lo, false},
    {"udiv r2.x, null, r1.x, r1.y", e_udiv, false},
    {"udiv null, r2.x, r1.x, r1.y", e_urem, false},
    {"imad r2.x, r1.x, r1.y, r1.z", e_mad_int, false},
    {"umad r2.x, r1.x, r1.y, r1.z", e_mad_int, false},
    {"imax r2.x, r1.x, r1.y", e_imax, false},
    {"imin r2.x, r1.x, r1.y", e_imin, false},
    {"umax r2.x, r1.x, r1.y", e_umax, false},
    {"umin r2.x, r1.x, r1.y", e_umin, false},
    {"ishl r2.x, r1.x, r1.y", e_ishl, false},
    {"ishr r2.x, r1.x, r1.y", e_ishr, false},
    {"ushr r2.x, r1.x, r1.y", e_ushr, false},
    {"and r2.x, r1.x, r1.y", e_and, false},
    {"or r2.x, r1.x, r1.y", e_or, false},
    {"xor r2.x, r1.x, r1.y", e_xor, false},
    {"not r2.x, r1.x", e_not, false},
    {"ineg r2.x, r1.x", e_ineg, false},
    {"ieq r2.x, r1.x, r1.y", e_ieq, false},
    {"ine r2.x, r1.x, r1.y", e_ine, false},
    {"ilt r2.x, r1.x, r1.y", e_ilt, false},
    {"ige r2.x, r1.x, r1.y", e_ige, false},
    {"ult r2.x, r1.x, r1.y", e_ult, false},
    {"uge r2.x, r1.x, r1.y", e_uge, false},
    {"bfi r2.x, r1.z, r1.y, r1.x, l(0x5555aaaa)", e_bfi, false},
    {"ubfe r2.x, r1.z, r1.y, r1.x", e_ubfe, false},
    {"ibfe r2.x, r1.z, r1.y, r1.x", e_ibfe, false},
    {"bfrev r2.x, r1.x", e_bfrev, false},
    {"countbits r2.x, r1.x", e_countbits, false},
    {"firstbit_hi r2.x, r1.x", e_firstbit_hi, false},
    {"firstbit_lo r2.x, r1.x", e_firstbit_lo, false},
    {"firstbit_shi r2.x, r1.x", e_firstbit_shi, false},
    {"uaddc r2.x, null, r1.x, r1.y", e_iadd, false},
    {"uaddc null, r2.x, r1.x, r1.y", e_carry, false},
    {"usubb r2.x, null, r1.x, r1.y", e_isub, false},
    {"usubb null, r2.x, r1.x, r1.y", e_borrow, false},
    {"movc r2.x, r1.z, r1.x, r1.y", e_movc, false},
    {"swapc r2.x, null, r1.z, r1.x, r1.y", e_swapc0, false},
    {"swapc null, r2.x, r1.z, r1.x, r1.y", e_movc, false},
    {"msad r2.x, r1.x, r1.y, r1.z", e_msad, false},
    {"itof r2.x, r1.x", e_itof, false},
    {"utof r2.x, r1.x", e_utof, false},
};

START_TEST(test_integer_alu)
{
    run_alu(int_cases, ARRAY_SIZE(int_cases), int_inputs, false);
}
END_TEST

/* Multi-component forms: swizzles, write masks and a destination that is also a source. */
START_TEST(test_swizzle_and_mask)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_uav_raw u0\n"
        "dcl_temps 2\n"
        "dcl_thread_group 4, 1, 1\n"
        "mov r0.xyzw, l(1.0, 2.0, 3.0, 4.0)\n"
        "mov r0.xyzw, r0.wzyx\n"            /* in place */
        "add r1.xz, r0.xxzz, l(10.0, 20.0, 30.0, 40.0)\n"
        "mov r1.yw, r0.yyyy\n"
        "store_raw u0.xyzw, l(0), r0.xyzw\n"
        "store_raw u0.xyzw, l(16), r1.xyzw\n"
        "ret\n";
    static const float expected[8] = {4, 3, 2, 1, 14, 3, 32, 3};
    struct sh_env env;
    uint32_t i;

    sh_env_init(&env);
    sh_load(&env, src, AGX_SHADER_STAGE_COMPUTE, 4);
    sh_raw_view(&env, 0, 0, 32);
    sh_dispatch(&env, 1, 1, 1);
    for (i = 0; i < 8; ++i)
        ck_assert_msg(sh_f(sh_mem(&env, 0)[i]) == expected[i], "component %u: %g", i, sh_f(sh_mem(&env, 0)[i]));
    sh_env_fini(&env);
}
END_TEST

/* DXBC reads every operand before it writes: the element of a relative destination is
 * the index register's value before the instruction's other destination changes it. */
START_TEST(test_destination_order)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_uav_raw u0\n"
        "dcl_temps 3\n"
        "dcl_indexableTemp x0[4], 4\n"
        "dcl_thread_group 1, 1, 1\n"
        "mov r0.xy, l(1, 7, 0, 0)\n"
        "mov r1.xy, l(14, 23, 0, 0)\n"
        "udiv x0[r0.x + 0].xy, r0.xy, r1.xyxx, l(4, 5, 0, 0)\n"
        "mov r2.xyzw, x0[1].xyzw\n"
        "store_raw u0.xyzw, l(0), r2.xyzw\n"
        "mov r2.xyzw, x0[2].xyzw\n"
        "store_raw u0.xyzw, l(16), r2.xyzw\n"
        "store_raw u0.xy, l(32), r0.xyxx\n"
        "ret\n";
    static const uint32_t expected[10] = {3, 4, 0, 0, 0, 0, 0, 0, 2, 3};
    struct sh_env env;
    uint32_t i;

    sh_env_init(&env);
    sh_load(&env, src, AGX_SHADER_STAGE_COMPUTE, 1);
    sh_raw_view(&env, 0, 0, 40);
    sh_dispatch(&env, 1, 1, 1);
    for (i = 0; i < 10; ++i)
        ck_assert_msg(sh_mem(&env, 0)[i] == expected[i], "dword %u: %u", i, sh_mem(&env, 0)[i]);
    sh_env_fini(&env);
}
END_TEST

/* ---- Flow control ------------------------------------------------------------------------ */

static void run_flow(const char *body, uint32_t lanes, uint32_t (*expect)(uint32_t lane))
{
    char text[4096];
    struct sh_env env;
    uint32_t i;

    snprintf(text, sizeof(text),
            "cs_5_0\n"
            "dcl_uav_raw u0\n"
            "dcl_input vThreadIDInGroupFlattened\n"
            "dcl_temps 6\n"
            "dcl_thread_group %u, 1, 1\n"
            "mov r0.x, vThreadIDInGroupFlattened.x\n"
            "mov r1.x, l(0)\n"
            "%s"
            "ishl r5.x, r0.x, l(2)\n"
            "store_raw u0.x, r5.x, r1.x\n"
            "ret\n", lanes, body);
    sh_env_init(&env);
    sh_load(&env, text, AGX_SHADER_STAGE_COMPUTE, lanes);
    memset(sh_mem(&env, 0), 0xee, lanes * 4);
    sh_raw_view(&env, 0, 0, lanes * 4);
    sh_dispatch(&env, 1, 1, 1);
    for (i = 0; i < lanes; ++i)
        ck_assert_msg(sh_mem(&env, 0)[i] == expect(i), "lane %u: got %#x, expected %#x", i, sh_mem(&env, 0)[i],
                      expect(i));
    sh_env_fini(&env);
}

static uint32_t expect_if(uint32_t lane)
{
    uint32_t r = lane & 1 ? 100 : 200;

    if (lane % 3 == 0)
        r += 5;
    else
        r += lane < 8 ? 7 : 9;
    return r;
}

START_TEST(test_if_else)
{
    run_flow("and r2.x, r0.x, l(1)\n"
             "if_nz r2.x\n"
             "  mov r1.x, l(100)\n"
             "else\n"
             "  mov r1.x, l(200)\n"
             "endif\n"
             "udiv null, r2.x, r0.x, l(3)\n"
             "if_z r2.x\n"
             "  iadd r1.x, r1.x, l(5)\n"
             "else\n"
             "  ult r3.x, r0.x, l(8)\n"
             "  if_nz r3.x\n"
             "    iadd r1.x, r1.x, l(7)\n"
             "  else\n"
             "    iadd r1.x, r1.x, l(9)\n"
             "  endif\n"
             "endif\n", 32, expect_if);
}
END_TEST

/* Sum of 0..lane, skipping multiples of 3, leaving at 20 terms at most. */
static uint32_t expect_loop(uint32_t lane)
{
    uint32_t sum = 0, i, n = 0;

    for (i = 0; i <= lane; ++i)
    {
        if (i % 3 == 0)
            continue;
        if (++n > 20)
            break;
        sum += i;
    }
    return sum;
}

START_TEST(test_divergent_loop)
{
    run_flow("mov r2.x, l(0)\n"               /* i */
             "mov r4.x, l(0)\n"               /* terms */
             "loop\n"
             "  ult r3.x, r0.x, r2.x\n"
             "  breakc_nz r3.x\n"
             "  udiv null, r3.x, r2.x, l(3)\n"
             "  iadd r2.x, r2.x, l(1)\n"
             "  continuec_z r3.x\n"
             "  iadd r4.x, r4.x, l(1)\n"
             "  ult r3.y, l(20), r4.x\n"
             "  if_nz r3.y\n"
             "    break\n"
             "  endif\n"
             "  iadd r1.x, r1.x, r2.x\n"
             "  iadd r1.x, r1.x, l(-1)\n"
             "endloop\n", 64, expect_loop);
}
END_TEST

/* case 0 -> 10; case 1 and 2 share -> 20 + lane; case 3 falls to its own code then
 * breaks; case 4 left without break at the end; default -> 99; nested in a loop of 2. */
static uint32_t expect_switch(uint32_t lane)
{
    uint32_t r = 0, pass;

    for (pass = 0; pass < 2; ++pass)
    {
        switch ((lane + pass) % 6)
        {
            case 0: r += 10; break;
            case 1: case 2: r += 20 + lane; break;
            case 3: r += 30; break;
            case 4: r += 40; break;
            default: r += 99; break;
        }
    }
    return r;
}

START_TEST(test_switch)
{
    run_flow("mov r2.y, l(0)\n"
             "loop\n"
             "  uge r3.x, r2.y, l(2)\n"
             "  breakc_nz r3.x\n"
             "  iadd r2.x, r0.x, r2.y\n"
             "  udiv null, r2.x, r2.x, l(6)\n"
             "  iadd r2.y, r2.y, l(1)\n"
             "  switch r2.x\n"
             "    case l(0)\n"
             "      iadd r1.x, r1.x, l(10)\n"
             "      break\n"
             "    case l(1)\n"
             "    case l(2)\n"
             "      iadd r1.x, r1.x, l(20)\n"
             "      iadd r1.x, r1.x, r0.x\n"
             "      break\n"
             "    case l(3)\n"
             "      iadd r1.x, r1.x, l(30)\n"
             "      break\n"
             "    default\n"
             "      iadd r1.x, r1.x, l(99)\n"
             "      break\n"
             "    case l(4)\n"
             "      iadd r1.x, r1.x, l(40)\n"
             "      continue\n"
             "  endswitch\n"
             "endloop\n", 24, expect_switch);
}
END_TEST

static uint32_t expect_retc(uint32_t lane)
{
    return lane >= 5 && lane % 2 ? 0xeeeeeeeeu : lane * 3;
}

START_TEST(test_retc)
{
    run_flow("imul null, r1.x, r0.x, l(3)\n"
             "ult r2.x, r0.x, l(5)\n"
             "if_z r2.x\n"
             "  and r2.y, r0.x, l(1)\n"
             "  retc_nz r2.y\n"
             "endif\n", 16, expect_retc);
}
END_TEST

/* A loop every lane leaves at once and one no lane enters. */
START_TEST(test_uniform_flow)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_uav_raw u0\n"
        "dcl_temps 2\n"
        "dcl_thread_group 8, 1, 1\n"
        "mov r0.x, l(1)\n"
        "loop\n"
        "  break\n"
        "  mov r0.x, l(2)\n"
        "endloop\n"
        "if_z r0.x\n"
        "  loop\n"
        "  endloop\n"
        "endif\n"
        "store_raw u0.x, l(0), r0.x\n"
        "ret\n"
        "mov r0.x, l(3)\n";
    struct sh_env env;

    sh_env_init(&env);
    sh_load(&env, src, AGX_SHADER_STAGE_COMPUTE, 8);
    sh_raw_view(&env, 0, 0, 4);
    sh_dispatch(&env, 1, 1, 1);
    ck_assert_uint_eq(sh_mem(&env, 0)[0], 1);
    sh_env_fini(&env);
}
END_TEST

/* ---- Programs the decoder refuses -------------------------------------------------------- */

#define CS_HEAD "cs_5_0\ndcl_uav_raw u0\ndcl_temps 2\ndcl_thread_group 1, 1, 1\n"

START_TEST(test_refused_registers)
{
    sh_expect_refused(CS_HEAD "mov r2.x, l(0)\n", AGX_SHADER_STAGE_COMPUTE, "r2 is beyond dcl_temps 2");
    sh_expect_refused(CS_HEAD "mov r0.x, cb1[0].x\n", AGX_SHADER_STAGE_COMPUTE, "cb1 is not declared");
    sh_expect_refused("cs_5_0\ndcl_constantbuffer cb0[2], immediateIndexed\ndcl_temps 1\ndcl_thread_group 1, 1, 1\n"
                      "mov r0.x, cb0[2].x\n", AGX_SHADER_STAGE_COMPUTE, "cb0[2] is beyond the declared 2 vec4s");
    sh_expect_refused(CS_HEAD "ld_raw r0.x, l(0), t3.xxxx\n", AGX_SHADER_STAGE_COMPUTE, "t3 is not declared");
    sh_expect_refused(CS_HEAD "store_raw u1.x, l(0), l(0)\n", AGX_SHADER_STAGE_COMPUTE, "u1 is not declared");
    sh_expect_refused(CS_HEAD "store_raw g0.x, l(0), l(0)\n", AGX_SHADER_STAGE_COMPUTE, "g0 is not declared");
    sh_expect_refused("cs_5_0\ndcl_indexableTemp x0[4], 4\ndcl_temps 1\ndcl_thread_group 1, 1, 1\n"
                      "mov x0[4].x, l(0)\n", AGX_SHADER_STAGE_COMPUTE, "x0[4] is beyond its 4 elements");
    sh_expect_refused("vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\ndcl_temps 1\n"
                      "mov o0.xyzw, v1.xyzw\n", AGX_SHADER_STAGE_VERTEX, "v1 is not declared");
    sh_expect_refused("vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n"
                      "mov o1.xyzw, v0.xyzw\n", AGX_SHADER_STAGE_VERTEX, "o1 is not declared");
    sh_expect_refused("cs_5_1\ndcl_uav_raw U0[2:3], space=0\ndcl_thread_group 1, 1, 1\n"
                      "store_raw U0[4].x, l(0), l(0)\n", AGX_SHADER_STAGE_COMPUTE,
                      "register 4 is outside u0's range [2:3]");
    sh_expect_refused("cs_5_0\ndcl_thread_group 1, 1, 1\nmov r0.x, vThreadID.x\n", AGX_SHADER_STAGE_COMPUTE,
                      "r0 is beyond dcl_temps 0");
}
END_TEST

START_TEST(test_refused_programs)
{
    sh_expect_refused("ps_5_0\ndcl_uav_raw_rov u1\nret\n", AGX_SHADER_STAGE_PIXEL,
                      "rasterizer-ordered views are not supported");
    sh_expect_refused(CS_HEAD "abort\n", AGX_SHADER_STAGE_COMPUTE, "opcode 'abort' is not supported");
    sh_expect_refused(CS_HEAD "debug_break\n", AGX_SHADER_STAGE_COMPUTE, "opcode 'debug_break' is not supported");
    sh_expect_refused("hs_5_0\nret\n", AGX_SHADER_STAGE_COMPUTE, "a hull shader where a compute shader is expected");
    sh_expect_refused("gs_5_0\ndcl_maxout 3\nemit\n", AGX_SHADER_STAGE_COMPUTE,
                      "a geometry shader where a compute shader is expected");
    sh_expect_refused("vs_5_0\nemit\n", AGX_SHADER_STAGE_VERTEX, "only geometry shaders run 'emit'");
    sh_expect_refused("gs_5_0\ndcl_outputtopology pointlist\ndcl_maxout 1\nemit\n", AGX_SHADER_STAGE_GEOMETRY,
                      "declares no input primitive");
    sh_expect_refused("gs_5_0\ndcl_inputprimitive point\ndcl_maxout 1\nemit\n", AGX_SHADER_STAGE_GEOMETRY,
                      "declares no output topology");
    sh_expect_refused("gs_5_0\ndcl_inputprimitive patch3\n", AGX_SHADER_STAGE_GEOMETRY,
                      "input primitive 10 is not run");
    sh_expect_refused("gs_5_0\ndcl_inputprimitive point\ndcl_outputtopology pointlist\ndcl_output o0.xyzw\n"
                      "dcl_output o1.xy\ndcl_maxout 200\nemit\n", AGX_SHADER_STAGE_GEOMETRY,
                      "200 vertices of 6 output components exceed 1024 components");
    sh_expect_refused("gs_5_0\ndcl_inputprimitive point\ndcl_outputtopology pointlist\ndcl_maxout 1\n"
                      "emit_stream m1\n", AGX_SHADER_STAGE_GEOMETRY, "m1 is not a declared stream");
    sh_expect_refused("gs_5_0\ndcl_input v[3][0].xyzw\ndcl_temps 1\ndcl_inputprimitive line\n"
                      "dcl_outputtopology pointlist\ndcl_maxout 1\nmov r0.x, v[2][0].x\n", AGX_SHADER_STAGE_GEOMETRY,
                      "vertex 2 of a primitive of 2");
    sh_expect_refused("gs_5_0\ndcl_gsinstances 33\n", AGX_SHADER_STAGE_GEOMETRY, "33 instances: 1 to 32");
    {
        /* dcl_maxout 0 with outputs and an emit: valid, and nothing is stored. */
        struct agx_shader *shader;
        char why[256];

        ck_assert_msg(sh_create("gs_5_0\ndcl_inputprimitive point\ndcl_outputtopology pointlist\n"
                                "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_maxout 0\nmov o1.x, l(1)\nemit\n",
                                AGX_SHADER_STAGE_GEOMETRY, &shader, why, sizeof(why)) == S_OK, "%s", why);
        agx_shader_destroy(shader);
    }
    sh_expect_refused("ps_5_0\ndcl_input vPrim\n", AGX_SHADER_STAGE_PIXEL, "vPrim outside a geometry, hull or domain shader");
    sh_expect_refused(CS_HEAD "ret\n", AGX_SHADER_STAGE_PIXEL, "a compute shader where a pixel shader is expected");
    sh_expect_refused(CS_HEAD "endif\n", AGX_SHADER_STAGE_COMPUTE, "endif without its if");
    sh_expect_refused(CS_HEAD "loop\nret\n", AGX_SHADER_STAGE_COMPUTE, "'loop' is never closed");
    sh_expect_refused(CS_HEAD "break\n", AGX_SHADER_STAGE_COMPUTE, "break outside a loop or switch");
    sh_expect_refused(CS_HEAD "switch l(0)\ncase l(0)\ncontinue\nendswitch\n", AGX_SHADER_STAGE_COMPUTE,
                      "continue outside a loop");
    sh_expect_refused(CS_HEAD "deriv_rtx r0.x, l(1.0)\n", AGX_SHADER_STAGE_COMPUTE,
                      "only pixel shaders run 'deriv_rtx'");
    sh_expect_refused("cs_5_0\ndcl_thread_group 1024, 2, 1\nret\n", AGX_SHADER_STAGE_COMPUTE,
                      "thread group 1024 x 2 x 1 is outside D3D12's limits");
}
END_TEST

/* Damaged token streams: wrapped in a valid container so that only the program is wrong. */
START_TEST(test_refused_tokens)
{
    static const uint32_t good[] =
    {
        DDI_SM5_VERSION_TOKEN(DDI_SM5_PROGRAM_COMPUTE, 5, 0), 9,
        DDI_SM5_OPCODE_TOKEN(DDI_SM5_OP_DCL_THREAD_GROUP, 4, 0), 1, 1, 1,
        DDI_SM5_OPCODE_TOKEN(DDI_SM5_OP_DCL_TEMPS, 2, 0), 1,
        DDI_SM5_OPCODE_TOKEN(DDI_SM5_OP_RET, 1, 0),
    };
    uint32_t tokens[16], i;
    struct agx_shader *shader = NULL;
    char why[256];

    ck_assert_int_eq(sh_create_tokens(good, ARRAY_SIZE(good), AGX_SHADER_STAGE_COMPUTE, &shader, why,
                                      sizeof(why)), S_OK);
    agx_shader_destroy(shader);

    /* Every truncation of the program is refused. */
    for (i = 0; i < ARRAY_SIZE(good); ++i)
    {
        memcpy(tokens, good, sizeof(good));
        tokens[1] = ARRAY_SIZE(good);
        ck_assert_int_eq(sh_create_tokens(tokens, i, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)),
                         i == ARRAY_SIZE(good) ? S_OK : E_INVALIDARG);
    }
    /* A length token beyond the part. */
    memcpy(tokens, good, sizeof(good));
    tokens[1] = 40;
    ck_assert_int_eq(sh_create_tokens(tokens, 9, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)), E_INVALIDARG);
    ck_assert_ptr_nonnull(strstr(why, "length token says 40 tokens"));
    /* An instruction length of 0, and one running past the end. */
    memcpy(tokens, good, sizeof(good));
    tokens[6] = DDI_SM5_OPCODE_TOKEN(DDI_SM5_OP_DCL_TEMPS, 0, 0);
    ck_assert_int_eq(sh_create_tokens(tokens, 9, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)), E_INVALIDARG);
    tokens[6] = DDI_SM5_OPCODE_TOKEN(DDI_SM5_OP_DCL_TEMPS, 9, 0);
    ck_assert_int_eq(sh_create_tokens(tokens, 9, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)), E_INVALIDARG);
    ck_assert_ptr_nonnull(strstr(why, "does not fit the program"));
    /* A declaration with a token more than its operands: the length decides, the token
     * is skipped (test_trailing_tokens runs such programs). */
    memcpy(tokens, good, sizeof(good));
    tokens[6] = DDI_SM5_OPCODE_TOKEN(DDI_SM5_OP_DCL_TEMPS, 3, 0);
    tokens[1] = 10;
    tokens[8] = 0;
    tokens[9] = DDI_SM5_OPCODE_TOKEN(DDI_SM5_OP_RET, 1, 0);
    ck_assert_int_eq(sh_create_tokens(tokens, 10, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)), S_OK);
    agx_shader_destroy(shader);
    /* A length of 0 takes the next token, which must be at least 2. */
    tokens[6] = DDI_SM5_OPCODE_TOKEN(DDI_SM5_OP_DCL_TEMPS, 0, 0);
    tokens[7] = 1;
    ck_assert_int_eq(sh_create_tokens(tokens, 10, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)), E_INVALIDARG);
    ck_assert_ptr_nonnull(strstr(why, "does not fit the program"));
    /* Unknown opcodes: a reserved number and one past the table. */
    memcpy(tokens, good, sizeof(good));
    tokens[8] = DDI_SM5_OPCODE_TOKEN(0x70, 1, 0);
    ck_assert_int_eq(sh_create_tokens(tokens, 9, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)), E_INVALIDARG);
    ck_assert_ptr_nonnull(strstr(why, "unknown opcode 112"));
    tokens[8] = DDI_SM5_OPCODE_TOKEN(0x400, 1, 0);
    ck_assert_int_eq(sh_create_tokens(tokens, 9, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)), E_INVALIDARG);
    ck_assert_ptr_nonnull(strstr(why, "unknown opcode 1024"));
    /* An operand whose indices run past its instruction: mov r0.x, r<missing>. */
    memcpy(tokens, good, sizeof(good));
    tokens[8] = DDI_SM5_OPCODE_TOKEN(DDI_SM5_OP_MOV, 1, 0);
    ck_assert_int_eq(sh_create_tokens(tokens, 9, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)), E_INVALIDARG);
    ck_assert_ptr_nonnull(strstr(why, "ends before its operands do"));
    /* Random programs never crash the decoder. */
    srand(1234);
    for (i = 0; i < 20000; ++i)
    {
        uint32_t n = 2 + rand() % 14, k;

        tokens[0] = DDI_SM5_VERSION_TOKEN(rand() % 6, 5, rand() % 2);
        tokens[1] = n;
        for (k = 2; k < n; ++k)
            tokens[k] = rand() % 3 ? (uint32_t)rand() * 2654435761u : good[k % ARRAY_SIZE(good)];
        if (sh_create_tokens(tokens, n, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)) == S_OK)
            agx_shader_destroy(shader);
    }
}
END_TEST

/* Single-token mutations of a program that uses most operand forms: whatever the
 * decoder accepts also runs (null views, no constant buffers) without crashing. */
START_TEST(test_mutated_programs)
{
    static const char src[] =
        "cs_5_1\n"
        "dcl_constantbuffer CB0[0:0][2], dynamicIndexed, space=0\n"
        "dcl_uav_raw U0[0:3], space=0\n"
        "dcl_uav_structured U1[0:0], 8, space=0\n"
        "dcl_input vThreadID.xy\n"
        "dcl_temps 3\n"
        "dcl_indexableTemp x0[3], 4\n"
        "dcl_tgsm_raw g0, 64\n"
        "dcl_thread_group 4, 1, 1\n"
        "ishl r0.x, vThreadID.x, l(2)\n"
        "mov x0[r0.x + 0].xy, CB0[0][r0.x + 1].xyxx\n"
        "if_nz r0.x\n"
        "  store_raw g0.x, r0.x, r0.x\n"
        "else\n"
        "  switch r0.x\n"
        "    case l(4)\n"
        "      break\n"
        "    default\n"
        "      atomic_iadd U1[0], r0.xyxx, l(1)\n"
        "      break\n"
        "  endswitch\n"
        "endif\n"
        "sync_g_t\n"
        "ld_raw r1.xy, r0.x, g0.xyxx\n"
        "imm_atomic_iadd r2.x, U0[r0.y + 1], r0.x, l(1)\n"
        "store_structured U1[0].xy, r0.x, l(0), r1.xyxx\n"
        "store_raw U0[1].xyzw, r0.x, x0[r0.x + 0].xyzw\n"
        "ret\n";
    uint32_t *program, *tokens, count, i;
    struct sh_env env;
    char error[256];

    program = sh_assemble_tokens(src, &count);
    tokens = malloc(count * 4);
    sh_env_init(&env);
    srand(99);
    for (i = 0; i < 4000; ++i)
    {
        uint32_t k = 2 + rand() % (count - 2), bit = rand() % 32;

        memcpy(tokens, program, count * 4);
        tokens[k] ^= 1u << bit;
        if (i & 1)
            tokens[(k * 7) % count] = rand() % 64;
        if (sh_create_tokens(tokens, count, AGX_SHADER_STAGE_COMPUTE, &env.shader, error, sizeof(error)) != S_OK)
            continue;
        if (agx_shader_get_info(env.shader)->thread_group[0] * agx_shader_get_info(env.shader)->thread_group[1]
                * agx_shader_get_info(env.shader)->thread_group[2] <= 64
                && agx_shader_exec_create(env.shader, 64, &env.exec) == S_OK)
        {
            sh_dispatch(&env, 1, 1, 1);
            agx_shader_exec_destroy(env.exec);
        }
        env.exec = NULL;
        agx_shader_destroy(env.shader);
        env.shader = NULL;
    }
    free(tokens);
    free(program);
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_refused_containers)
{
    static const char src[] = CS_HEAD "ret\n";
    struct agx_shader *shader = NULL;
    uint8_t *code, *copy;
    char why[256], error[256];
    size_t size;

    ck_assert_int_eq(dxbc_asm_assemble(src, (void **)&code, &size, error, sizeof(error)), 0);
    copy = malloc(size);
    memcpy(copy, code, size);
    ck_assert_int_eq(agx_shader_create(copy, size - 1, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)),
                     E_INVALIDARG);
    ck_assert_ptr_null(shader);
    ck_assert_int_eq(agx_shader_create(copy, 10, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)), E_INVALIDARG);
    copy[40] ^= 0xff;                     /* the checksum no longer matches */
    ck_assert_int_eq(agx_shader_create(copy, size, AGX_SHADER_STAGE_COMPUTE, &shader, why, sizeof(why)), E_INVALIDARG);
    free(copy);
    free(code);
}
END_TEST

static Suite *agx_shader_suite(void)
{
    Suite *s = suite_create("agx_shader");
    TCase *tc = tcase_create("alu");

    tcase_add_test(tc, test_float_alu);
    tcase_add_test(tc, test_integer_alu);
    tcase_add_test(tc, test_swizzle_and_mask);
    tcase_add_test(tc, test_destination_order);
    suite_add_tcase(s, tc);
    tc = tcase_create("flow");
    tcase_add_test(tc, test_if_else);
    tcase_add_test(tc, test_divergent_loop);
    tcase_add_test(tc, test_switch);
    tcase_add_test(tc, test_retc);
    tcase_add_test(tc, test_uniform_flow);
    suite_add_tcase(s, tc);
    tc = tcase_create("refused");
    tcase_add_test(tc, test_refused_registers);
    tcase_add_test(tc, test_refused_programs);
    tcase_add_test(tc, test_refused_tokens);
    tcase_add_test(tc, test_refused_containers);
    tcase_add_test(tc, test_mutated_programs);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suites(agx_shader_suite(), agx_shader_mem_suite(), agx_shader_tex_suite(), agx_shader_ds_suite(),
                           agx_shader_hs_suite(), NULL);
}
