/*
 * The executor's ALU: float, integer and bit operations, conversions, moves and
 * derivatives, each a loop over every lane of the batch for each written component
 * (inactive lanes compute too; agx_sm_store keeps only what the mask allows).
 *
 * Float semantics follow D3D11: denormals flushed (sign kept) on fp32 inputs and
 * results except for moves, min/max return the other operand for one NaN, ftoi/ftou
 * saturate with NaN -> 0, udiv by 0 gives 0xffffffff.
 */
#include <math.h>
#include <string.h>

#include "agx_shader_private.h"

#define F(x) agx_sm_ftz(agx_sm_f(x))
#define U(x) agx_sm_u(agx_sm_ftz(x))
#define TRUE_BITS 0xffffffffu

#define SRC(s, c, integer) \
    agx_sm_fetch(exec, &ins->src[s], (c), (integer), agx_sm_scratch(exec, AGX_SM_SCRATCH_SRC(s) + (c)))

/* dst0 = expr of s0..s3 per component; int_mask: bit s set for integer sources. */
#define COMPONENTWISE(nsrc, int_mask, expr) \
    do { \
        uint32_t *out_[4] = {NULL}; \
        for (c = 0; c < 4; ++c) \
        { \
            const uint32_t *s0 = NULL, *s1 = NULL, *s2 = NULL, *s3 = NULL; \
            uint32_t *o_; \
            if (!(ins->dst[0].mask & (1u << c))) \
                continue; \
            if ((nsrc) > 0) s0 = SRC(0, c, ((int_mask) >> 0) & 1); \
            if ((nsrc) > 1) s1 = SRC(1, c, ((int_mask) >> 1) & 1); \
            if ((nsrc) > 2) s2 = SRC(2, c, ((int_mask) >> 2) & 1); \
            if ((nsrc) > 3) s3 = SRC(3, c, ((int_mask) >> 3) & 1); \
            (void)s0; (void)s1; (void)s2; (void)s3; \
            o_ = out_[c] = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(0) + c); \
            for (l = 0; l < n; ++l) \
                o_[l] = (expr); \
        } \
        agx_sm_store(exec, ins, 0, out_); \
    } while (0)

/* Two destinations from the same component of the sources. */
#define TWO_DESTINATIONS(nsrc, int_mask, expr0, expr1) \
    do { \
        uint32_t *out0_[4] = {NULL}, *out1_[4] = {NULL}; \
        for (c = 0; c < 4; ++c) \
        { \
            const uint32_t *s0 = NULL, *s1 = NULL, *s2 = NULL; \
            uint32_t *o0_, *o1_; \
            if (!((ins->dst[0].mask | ins->dst[1].mask) & (1u << c))) \
                continue; \
            if ((nsrc) > 0) s0 = SRC(0, c, ((int_mask) >> 0) & 1); \
            if ((nsrc) > 1) s1 = SRC(1, c, ((int_mask) >> 1) & 1); \
            if ((nsrc) > 2) s2 = SRC(2, c, ((int_mask) >> 2) & 1); \
            (void)s0; (void)s1; (void)s2; \
            o0_ = out0_[c] = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(0) + c); \
            o1_ = out1_[c] = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(1) + c); \
            for (l = 0; l < n; ++l) \
            { \
                o0_[l] = (expr0); \
                o1_[l] = (expr1); \
            } \
        } \
        agx_sm_store(exec, ins, 0, out0_); \
        agx_sm_store(exec, ins, 1, out1_); \
    } while (0)

static uint32_t agx_sm_ftoi(uint32_t bits)
{
    float f = agx_sm_f(bits);

    if (f != f)
        return 0;
    if (f >= 2147483648.0f)
        return 0x7fffffffu;
    if (f <= -2147483648.0f)
        return 0x80000000u;
    return (uint32_t)(int32_t)f;
}

static uint32_t agx_sm_ftou(uint32_t bits)
{
    float f = agx_sm_f(bits);

    if (!(f > 0.0f))                      /* NaN and negatives */
        return 0;
    if (f >= 4294967296.0f)
        return 0xffffffffu;
    return (uint32_t)f;
}

/* fp32 to fp16 bits, round to nearest even; NaN stays NaN, overflow gives infinity. */
static uint32_t agx_sm_f32tof16(uint32_t bits)
{
    uint32_t sign = (bits >> 16) & 0x8000u, exp = (bits >> 23) & 0xffu, mant = bits & 0x7fffffu, half, shift, rest;
    int32_t e;

    if (exp == 0xff)
        return sign | 0x7c00u | (mant ? 0x200u | (mant >> 13) : 0);
    if (!exp)
        return sign;                      /* fp32 denormals flush */
    e = (int32_t)exp - 127 + 15;
    if (e >= 31)
        return sign | 0x7c00u;
    if (e <= 0)
    {
        if (e < -10)
            return sign;
        mant |= 0x800000u;
        shift = (uint32_t)(14 - e);
        half = mant >> shift;
        rest = mant & ((1u << shift) - 1);
        if (rest > (1u << (shift - 1)) || (rest == (1u << (shift - 1)) && (half & 1)))
            ++half;
        return sign | half;
    }
    half = ((uint32_t)e << 10) | (mant >> 13);
    rest = mant & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1)))
        ++half;                           /* may carry into the exponent, up to infinity */
    return sign | half;
}

static uint32_t agx_sm_f16tof32(uint32_t bits)
{
    uint32_t sign = (bits & 0x8000u) << 16, exp = (bits >> 10) & 0x1fu, mant = bits & 0x3ffu;

    if (exp == 0x1f)
        return sign | 0x7f800000u | (mant << 13);
    if (!exp)
    {
        /* fp16 denormals are normal fp32 values. */
        float f = (float)mant * (1.0f / 16777216.0f);

        return mant ? sign | agx_sm_u(f) : sign;
    }
    return sign | ((exp - 15 + 127) << 23) | (mant << 13);
}

static uint32_t agx_sm_bfi(uint32_t width, uint32_t offset, uint32_t insert, uint32_t base)
{
    uint32_t w = width & 31, o = offset & 31;
    uint32_t mask = (uint32_t)((((uint64_t)1 << w) - 1) << o);

    return ((insert << o) & mask) | (base & ~mask);
}

static uint32_t agx_sm_ubfe(uint32_t width, uint32_t offset, uint32_t value)
{
    uint32_t w = width & 31, o = offset & 31;

    if (!w)
        return 0;
    if (w + o < 32)
        return (value << (32 - w - o)) >> (32 - w);
    return value >> o;
}

static uint32_t agx_sm_ibfe(uint32_t width, uint32_t offset, uint32_t value)
{
    uint32_t w = width & 31, o = offset & 31;

    if (!w)
        return 0;
    if (w + o < 32)
        return (uint32_t)((int32_t)(value << (32 - w - o)) >> (32 - w));
    return (uint32_t)((int32_t)value >> o);
}

static uint32_t agx_sm_bfrev(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}

static uint32_t agx_sm_firstbit_shi(uint32_t v)
{
    if ((int32_t)v < 0)
        v = ~v;
    return v ? (uint32_t)__builtin_clz(v) : 0xffffffffu;
}

/* Masked sum of absolute byte differences: bytes where the reference is 0 count nothing. */
static uint32_t agx_sm_msad(uint32_t ref, uint32_t src, uint32_t accum)
{
    uint32_t i;

    for (i = 0; i < 32; i += 8)
    {
        int32_t r = (ref >> i) & 0xff, v = (src >> i) & 0xff;

        if (r)
            accum += (uint32_t)(r > v ? r - v : v - r);
    }
    return accum;
}

static uint32_t agx_sm_imax(uint32_t a, uint32_t b)
{
    return (int32_t)a > (int32_t)b ? a : b;
}

static uint32_t agx_sm_imin(uint32_t a, uint32_t b)
{
    return (int32_t)a < (int32_t)b ? a : b;
}

/* dp2/dp3/dp4: the sum over the first `count` components, written to every masked one. */
static void agx_sm_dot(struct agx_shader_exec *exec, const struct agx_sm_instr *ins, uint32_t count)
{
    uint32_t *out = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(0)), *values[4] = {out, out, out, out};
    uint32_t n = exec->lane_count, c, l;

    for (c = 0; c < count; ++c)
    {
        const uint32_t *a = SRC(0, c, false), *b = SRC(1, c, false);

        for (l = 0; l < n; ++l)
        {
            float p = agx_sm_ftz(F(a[l]) * F(b[l]));

            out[l] = c ? U(agx_sm_f(out[l]) + p) : agx_sm_u(p);
        }
    }
    agx_sm_store(exec, ins, 0, values);
}

/* Pixel quads: lanes 4q..4q+3 are top-left, top-right, bottom-left, bottom-right. */
static void agx_sm_derivative(struct agx_shader_exec *exec, const struct agx_sm_instr *ins, bool x, bool fine)
{
    uint32_t *out[4] = {NULL};
    uint32_t n = exec->lane_count, c, l;

    for (c = 0; c < 4; ++c)
    {
        const uint32_t *s;
        uint32_t *o;

        if (!(ins->dst[0].mask & (1u << c)))
            continue;
        s = SRC(0, c, false);
        o = out[c] = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(0) + c);
        for (l = 0; l + 3 < n; l += 4)
        {
            float tl = F(s[l]), tr = F(s[l + 1]), bl = F(s[l + 2]), br = F(s[l + 3]);

            if (x)
            {
                o[l] = o[l + 1] = U(tr - tl);
                o[l + 2] = o[l + 3] = fine ? U(br - bl) : U(tr - tl);
            }
            else
            {
                o[l] = o[l + 2] = U(bl - tl);
                o[l + 1] = o[l + 3] = fine ? U(br - tr) : U(bl - tl);
            }
        }
    }
    agx_sm_store(exec, ins, 0, out);
}

bool agx_sm_exec_alu(struct agx_shader_exec *exec, const struct agx_sm_instr *ins)
{
    uint32_t n = exec->lane_count, c, l;

    switch (ins->opcode)
    {
        /* Float. */
        case DDI_SM5_OP_ADD: COMPONENTWISE(2, 0, U(F(s0[l]) + F(s1[l]))); return true;
        case DDI_SM5_OP_MUL: COMPONENTWISE(2, 0, U(F(s0[l]) * F(s1[l]))); return true;
        case DDI_SM5_OP_MAD: COMPONENTWISE(3, 0, U(agx_sm_ftz(F(s0[l]) * F(s1[l])) + F(s2[l]))); return true;
        case DDI_SM5_OP_DIV: COMPONENTWISE(2, 0, U(F(s0[l]) / F(s1[l]))); return true;
        case DDI_SM5_OP_MIN: COMPONENTWISE(2, 0, U(fminf(F(s0[l]), F(s1[l])))); return true;
        case DDI_SM5_OP_MAX: COMPONENTWISE(2, 0, U(fmaxf(F(s0[l]), F(s1[l])))); return true;
        case DDI_SM5_OP_SQRT: COMPONENTWISE(1, 0, U(sqrtf(F(s0[l])))); return true;
        case DDI_SM5_OP_RSQ: COMPONENTWISE(1, 0, U(1.0f / sqrtf(F(s0[l])))); return true;
        case DDI_SM5_OP_RCP: COMPONENTWISE(1, 0, U(1.0f / F(s0[l]))); return true;
        case DDI_SM5_OP_EXP: COMPONENTWISE(1, 0, U(exp2f(F(s0[l])))); return true;
        case DDI_SM5_OP_LOG: COMPONENTWISE(1, 0, U(log2f(F(s0[l])))); return true;
        case DDI_SM5_OP_FRC: COMPONENTWISE(1, 0, U(F(s0[l]) - floorf(F(s0[l])))); return true;
        case DDI_SM5_OP_ROUND_NE: COMPONENTWISE(1, 0, U(rintf(F(s0[l])))); return true;
        case DDI_SM5_OP_ROUND_NI: COMPONENTWISE(1, 0, U(floorf(F(s0[l])))); return true;
        case DDI_SM5_OP_ROUND_PI: COMPONENTWISE(1, 0, U(ceilf(F(s0[l])))); return true;
        case DDI_SM5_OP_ROUND_Z: COMPONENTWISE(1, 0, U(truncf(F(s0[l])))); return true;
        case DDI_SM5_OP_EQ: COMPONENTWISE(2, 0, F(s0[l]) == F(s1[l]) ? TRUE_BITS : 0); return true;
        case DDI_SM5_OP_NE: COMPONENTWISE(2, 0, F(s0[l]) != F(s1[l]) ? TRUE_BITS : 0); return true;
        case DDI_SM5_OP_LT: COMPONENTWISE(2, 0, F(s0[l]) < F(s1[l]) ? TRUE_BITS : 0); return true;
        case DDI_SM5_OP_GE: COMPONENTWISE(2, 0, F(s0[l]) >= F(s1[l]) ? TRUE_BITS : 0); return true;
        case DDI_SM5_OP_DP2: agx_sm_dot(exec, ins, 2); return true;
        case DDI_SM5_OP_DP3: agx_sm_dot(exec, ins, 3); return true;
        case DDI_SM5_OP_DP4: agx_sm_dot(exec, ins, 4); return true;
        case DDI_SM5_OP_SINCOS: TWO_DESTINATIONS(1, 0, U(sinf(F(s0[l]))), U(cosf(F(s0[l])))); return true;

        /* Conversions. */
        case DDI_SM5_OP_FTOI: COMPONENTWISE(1, 0, agx_sm_ftoi(agx_sm_u(F(s0[l])))); return true;
        case DDI_SM5_OP_FTOU: COMPONENTWISE(1, 0, agx_sm_ftou(agx_sm_u(F(s0[l])))); return true;
        case DDI_SM5_OP_ITOF: COMPONENTWISE(1, 1, agx_sm_u((float)(int32_t)s0[l])); return true;
        case DDI_SM5_OP_UTOF: COMPONENTWISE(1, 1, agx_sm_u((float)s0[l])); return true;
        case DDI_SM5_OP_F32TOF16: COMPONENTWISE(1, 0, agx_sm_f32tof16(s0[l])); return true;
        case DDI_SM5_OP_F16TOF32: COMPONENTWISE(1, 1, agx_sm_f16tof32(s0[l] & 0xffffu)); return true;

        /* Integer. */
        case DDI_SM5_OP_IADD: COMPONENTWISE(2, 3, s0[l] + s1[l]); return true;
        case DDI_SM5_OP_IMAD:
        case DDI_SM5_OP_UMAD: COMPONENTWISE(3, 7, s0[l] * s1[l] + s2[l]); return true;
        case DDI_SM5_OP_IMAX: COMPONENTWISE(2, 3, agx_sm_imax(s0[l], s1[l])); return true;
        case DDI_SM5_OP_IMIN: COMPONENTWISE(2, 3, agx_sm_imin(s0[l], s1[l])); return true;
        case DDI_SM5_OP_UMAX: COMPONENTWISE(2, 3, AGX_MAX(s0[l], s1[l])); return true;
        case DDI_SM5_OP_UMIN: COMPONENTWISE(2, 3, AGX_MIN(s0[l], s1[l])); return true;
        case DDI_SM5_OP_AND: COMPONENTWISE(2, 3, s0[l] & s1[l]); return true;
        case DDI_SM5_OP_OR: COMPONENTWISE(2, 3, s0[l] | s1[l]); return true;
        case DDI_SM5_OP_XOR: COMPONENTWISE(2, 3, s0[l] ^ s1[l]); return true;
        case DDI_SM5_OP_NOT: COMPONENTWISE(1, 1, ~s0[l]); return true;
        case DDI_SM5_OP_CHECK_ACCESS_FULLY_MAPPED:
            COMPONENTWISE(1, 1, s0[l] & AGX_SM_STATUS_UNMAPPED ? 0 : TRUE_BITS);
            return true;
        case DDI_SM5_OP_INEG: COMPONENTWISE(1, 1, 0u - s0[l]); return true;
        case DDI_SM5_OP_ISHL: COMPONENTWISE(2, 3, s0[l] << (s1[l] & 31)); return true;
        case DDI_SM5_OP_ISHR: COMPONENTWISE(2, 3, (uint32_t)((int32_t)s0[l] >> (s1[l] & 31))); return true;
        case DDI_SM5_OP_USHR: COMPONENTWISE(2, 3, s0[l] >> (s1[l] & 31)); return true;
        case DDI_SM5_OP_IEQ: COMPONENTWISE(2, 3, s0[l] == s1[l] ? TRUE_BITS : 0); return true;
        case DDI_SM5_OP_INE: COMPONENTWISE(2, 3, s0[l] != s1[l] ? TRUE_BITS : 0); return true;
        case DDI_SM5_OP_ILT: COMPONENTWISE(2, 3, (int32_t)s0[l] < (int32_t)s1[l] ? TRUE_BITS : 0); return true;
        case DDI_SM5_OP_IGE: COMPONENTWISE(2, 3, (int32_t)s0[l] >= (int32_t)s1[l] ? TRUE_BITS : 0); return true;
        case DDI_SM5_OP_ULT: COMPONENTWISE(2, 3, s0[l] < s1[l] ? TRUE_BITS : 0); return true;
        case DDI_SM5_OP_UGE: COMPONENTWISE(2, 3, s0[l] >= s1[l] ? TRUE_BITS : 0); return true;
        case DDI_SM5_OP_IMUL:
            TWO_DESTINATIONS(2, 3, (uint32_t)((uint64_t)((int64_t)(int32_t)s0[l] * (int32_t)s1[l]) >> 32),
                             s0[l] * s1[l]);
            return true;
        case DDI_SM5_OP_UMUL:
            TWO_DESTINATIONS(2, 3, (uint32_t)(((uint64_t)s0[l] * s1[l]) >> 32), s0[l] * s1[l]);
            return true;
        case DDI_SM5_OP_UDIV:
            TWO_DESTINATIONS(2, 3, s1[l] ? s0[l] / s1[l] : 0xffffffffu, s1[l] ? s0[l] % s1[l] : 0xffffffffu);
            return true;
        case DDI_SM5_OP_UADDC:
            TWO_DESTINATIONS(2, 3, s0[l] + s1[l], (uint32_t)(((uint64_t)s0[l] + s1[l]) >> 32));
            return true;
        case DDI_SM5_OP_USUBB:
            TWO_DESTINATIONS(2, 3, s0[l] - s1[l], s0[l] < s1[l] ? 1u : 0u);
            return true;
        case DDI_SM5_OP_BFI:
        {
            uint32_t *out[4] = {NULL};

            for (c = 0; c < 4; ++c)
            {
                const uint32_t *s0, *s1, *s2, *s3;
                uint32_t *o;

                if (!(ins->dst[0].mask & (1u << c)))
                    continue;
                s0 = SRC(0, c, true);
                s1 = SRC(1, c, true);
                s2 = SRC(2, c, true);
                s3 = SRC(3, c, true);
                o = out[c] = agx_sm_scratch(exec, AGX_SM_SCRATCH_DST(0) + c);
                for (l = 0; l < n; ++l)
                    o[l] = agx_sm_bfi(s0[l], s1[l], s2[l], s3[l]);
            }
            agx_sm_store(exec, ins, 0, out);
            return true;
        }
        case DDI_SM5_OP_MSAD: COMPONENTWISE(3, 7, agx_sm_msad(s0[l], s1[l], s2[l])); return true;
        case DDI_SM5_OP_UBFE: COMPONENTWISE(3, 7, agx_sm_ubfe(s0[l], s1[l], s2[l])); return true;
        case DDI_SM5_OP_IBFE: COMPONENTWISE(3, 7, agx_sm_ibfe(s0[l], s1[l], s2[l])); return true;
        case DDI_SM5_OP_BFREV: COMPONENTWISE(1, 1, agx_sm_bfrev(s0[l])); return true;
        case DDI_SM5_OP_COUNTBITS: COMPONENTWISE(1, 1, (uint32_t)__builtin_popcount(s0[l])); return true;
        case DDI_SM5_OP_FIRSTBIT_HI: COMPONENTWISE(1, 1, s0[l] ? (uint32_t)__builtin_clz(s0[l]) : 0xffffffffu); return true;
        case DDI_SM5_OP_FIRSTBIT_LO: COMPONENTWISE(1, 1, s0[l] ? (uint32_t)__builtin_ctz(s0[l]) : 0xffffffffu); return true;
        case DDI_SM5_OP_FIRSTBIT_SHI: COMPONENTWISE(1, 1, agx_sm_firstbit_shi(s0[l])); return true;

        /* Moves. */
        case DDI_SM5_OP_MOV: COMPONENTWISE(1, 0, s0[l]); return true;
        case DDI_SM5_OP_MOVC: COMPONENTWISE(3, 1, s0[l] ? s1[l] : s2[l]); return true;
        case DDI_SM5_OP_SWAPC:
            TWO_DESTINATIONS(3, 1, s0[l] ? s2[l] : s1[l], s0[l] ? s1[l] : s2[l]);
            return true;
        case DDI_SM5_OP_NOP:
            return true;

        /* Derivatives. */
        case DDI_SM5_OP_DERIV_RTX:
        case DDI_SM5_OP_DERIV_RTX_COARSE: agx_sm_derivative(exec, ins, true, false); return true;
        case DDI_SM5_OP_DERIV_RTX_FINE: agx_sm_derivative(exec, ins, true, true); return true;
        case DDI_SM5_OP_DERIV_RTY:
        case DDI_SM5_OP_DERIV_RTY_COARSE: agx_sm_derivative(exec, ins, false, false); return true;
        case DDI_SM5_OP_DERIV_RTY_FINE: agx_sm_derivative(exec, ins, false, true); return true;
        default:
            return false;
    }
}
