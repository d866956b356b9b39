/*
 * The IR executor's ALU: every operation a loop over the batch's lanes (inactive lanes
 * compute too; agx_ir_put keeps what the mask allows), plus register indexing,
 * constants and derivatives.
 *
 * Float semantics follow D3D11: denormals flushed (sign kept) on fp32 inputs and
 * results except for moves, min/max return the other operand for one NaN, F2I/F2U
 * saturate with NaN -> 0, UDIV by 0 gives 0xffffffff. The functions DXBC lacks (tan, the
 * inverse and hyperbolic ones, FREM, signed division) come from DXIL; their precision
 * and division rules are specs/shaders.md's ("The DXIL lowering").
 */
#include <math.h>
#include <string.h>

#include "agx_ir_private.h"

#define F(x) agx_ir_ftz(agx_ir_f(x))
#define U(x) agx_ir_u(agx_ir_ftz(x))
#define TRUE_BITS 0xffffffffu

/* dst = expr of s0..s3 for every lane. */
#define LANEWISE(expr) \
    do { \
        const uint32_t *s0 = agx_ir_src(x, ins, 0), *s1 = agx_ir_src(x, ins, 1); \
        const uint32_t *s2 = agx_ir_src(x, ins, 2), *s3 = agx_ir_src(x, ins, 3); \
        uint32_t *o_ = agx_ir_out(x, ins, 0), l; \
        (void)s0; (void)s1; (void)s2; (void)s3; \
        for (l = 0; l < n; ++l) \
            o_[l] = (expr); \
        agx_ir_put(x, ins, 0, o_); \
    } while (0)

static uint32_t agx_ir_ftoi(uint32_t bits)
{
    float f = agx_ir_f(bits);

    if (f != f)
        return 0;
    if (f >= 2147483648.0f)
        return 0x7fffffffu;
    if (f <= -2147483648.0f)
        return 0x80000000u;
    return (uint32_t)(int32_t)f;
}

static uint32_t agx_ir_ftou(uint32_t bits)
{
    float f = agx_ir_f(bits);

    if (!(f > 0.0f))                      /* NaN and negatives */
        return 0;
    if (f >= 4294967296.0f)
        return 0xffffffffu;
    return (uint32_t)f;
}

/* fp32 to fp16 bits, round to nearest even; NaN stays NaN, overflow gives infinity. */
static uint32_t agx_ir_f32tof16(uint32_t bits)
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

static uint32_t agx_ir_f16tof32(uint32_t bits)
{
    uint32_t sign = (bits & 0x8000u) << 16, exp = (bits >> 10) & 0x1fu, mant = bits & 0x3ffu;

    if (exp == 0x1f)
        return sign | 0x7f800000u | (mant << 13);
    if (!exp)
    {
        /* fp16 denormals are normal fp32 values. */
        float f = (float)mant * (1.0f / 16777216.0f);

        return mant ? sign | agx_ir_u(f) : sign;
    }
    return sign | ((exp - 15 + 127) << 23) | (mant << 13);
}

static uint32_t agx_ir_bfi(uint32_t width, uint32_t offset, uint32_t insert, uint32_t base)
{
    uint32_t w = width & 31, o = offset & 31;
    uint32_t mask = (uint32_t)((((uint64_t)1 << w) - 1) << o);

    return ((insert << o) & mask) | (base & ~mask);
}

static uint32_t agx_ir_ubfe(uint32_t width, uint32_t offset, uint32_t value)
{
    uint32_t w = width & 31, o = offset & 31;

    if (!w)
        return 0;
    if (w + o < 32)
        return (value << (32 - w - o)) >> (32 - w);
    return value >> o;
}

static uint32_t agx_ir_ibfe(uint32_t width, uint32_t offset, uint32_t value)
{
    uint32_t w = width & 31, o = offset & 31;

    if (!w)
        return 0;
    if (w + o < 32)
        return (uint32_t)((int32_t)(value << (32 - w - o)) >> (32 - w));
    return (uint32_t)((int32_t)value >> o);
}

/* Signed division (LLVM's sdiv/srem, which D3D leaves undefined for a zero divisor):
 * by 0 both results are 0xffffffff, as UDIV's; INT_MIN / -1 wraps to INT_MIN, rest 0. */
static uint32_t agx_ir_idiv(uint32_t a, uint32_t b, bool remainder)
{
    if (!b)
        return 0xffffffffu;
    if (a == 0x80000000u && b == 0xffffffffu)
        return remainder ? 0 : a;
    return remainder ? (uint32_t)((int32_t)a % (int32_t)b) : (uint32_t)((int32_t)a / (int32_t)b);
}

static uint32_t agx_ir_bfrev(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}

static uint32_t agx_ir_firstbit_shi(uint32_t v)
{
    if ((int32_t)v < 0)
        v = ~v;
    return v ? (uint32_t)__builtin_clz(v) : 0xffffffffu;
}

/* Masked sum of absolute byte differences: bytes where the reference is 0 count nothing. */
static uint32_t agx_ir_msad(uint32_t ref, uint32_t src, uint32_t accum)
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

/* One NaN: the other operand; equal operands (0 and -0): the second. */
static float agx_ir_fmin(float a, float b)
{
    return a != a ? b : b != b ? a : a < b ? a : b;
}

static float agx_ir_fmax(float a, float b)
{
    return a != a ? b : b != b ? a : a > b ? a : b;
}

static uint32_t agx_ir_imax(uint32_t a, uint32_t b)
{
    return (int32_t)a > (int32_t)b ? a : b;
}

static uint32_t agx_ir_imin(uint32_t a, uint32_t b)
{
    return (int32_t)a < (int32_t)b ? a : b;
}

/* Pixel quads: lanes 4q..4q+3 are top-left, top-right, bottom-left, bottom-right. The
 * result always goes through scratch: every lane reads its quad's sources. */
static void agx_ir_derivative(struct agx_ir_exec *x, const struct agx_ir_instr *ins, bool dx, bool fine)
{
    const uint32_t *s = agx_ir_src(x, ins, 0);
    uint32_t *o = agx_ir_scratch(x, 0), n = x->lane_count, l;

    memset(o, 0, n * sizeof(*o));
    for (l = 0; l + 3 < n; l += 4)
    {
        float tl = F(s[l]), tr = F(s[l + 1]), bl = F(s[l + 2]), br = F(s[l + 3]);

        if (dx)
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
    agx_ir_put(x, ins, 0, o);
}

/* LOAD_INDEXED / STORE_INDEXED: vec4 files addressed per lane; outside: 0 / dropped. */
static void agx_ir_indexed(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    const uint32_t *index = agx_ir_src(x, ins, 0);
    uint32_t lanes = x->max_lanes, n = x->lane_count, l;
    const uint32_t *base = x->regs + (size_t)ins->imm * lanes;

    if (ins->op == AGX_IR_OP_LOAD_INDEXED)
    {
        uint32_t *o = agx_ir_scratch(x, 0);

        for (l = 0; l < n; ++l)
            o[l] = index[l] < ins->aux ? base[(size_t)index[l] * 4 * lanes + l] : 0;
        agx_ir_put(x, ins, 0, o);
        return;
    }
    {
        const uint32_t *v = agx_ir_src(x, ins, 1);
        const struct agx_ir_mask *mask = ins->flags & AGX_IR_WRITERS ? &x->write : &x->run;

        AGX_IR_FOR_EACH_LANE(k, mask, x->words)
            if (index[k] < ins->aux)
                x->regs[((size_t)ins->imm + (size_t)index[k] * 4) * lanes + k] = v[k];
    }
}

/* LOAD_CB / LOAD_ICB: the vec4 is aux, plus src0 per lane when there is one. */
static void agx_ir_load_constant(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    const uint32_t *rel = ins->src_count ? agx_ir_src(x, ins, 0) : NULL;
    uint32_t *o = agx_ir_out(x, ins, 0), n = x->lane_count, l;
    const uint32_t *data = NULL;
    uint32_t count = 0;

    if (ins->op == AGX_IR_OP_LOAD_ICB)
    {
        data = x->p->icb;
        count = x->p->icb_vec4_count;
    }
    if (ins->op == AGX_IR_OP_LOAD_CB && ins->res.index_reg == AGX_IR_NONE)
    {
        const struct agx_ir_cache *cache = agx_ir_cached(x, ins->res.slot, ins->res.index);

        data = cache->data;
        count = cache->vec4_count;
    }
    if (ins->op == AGX_IR_OP_LOAD_ICB || ins->res.index_reg == AGX_IR_NONE)
    {
        if (!rel)
        {
            uint32_t v = ins->aux < count ? data[(size_t)ins->aux * 4 + ins->imm] : 0;

            for (l = 0; l < n; ++l)
                o[l] = v;
        }
        else
        {
            for (l = 0; l < n; ++l)
            {
                uint32_t i = ins->aux + rel[l];

                o[l] = i < count ? data[(size_t)i * 4 + ins->imm] : 0;
            }
        }
        agx_ir_put(x, ins, 0, o);
        return;
    }
    for (l = 0; l < n; ++l)
    {
        const struct agx_ir_cache *cache = agx_ir_cached(x, ins->res.slot, agx_ir_res_reg(x, &ins->res, l));
        uint32_t i = ins->aux + (rel ? rel[l] : 0);

        o[l] = i < cache->vec4_count ? cache->data[(size_t)i * 4 + ins->imm] : 0;
    }
    agx_ir_put(x, ins, 0, o);
}

bool agx_ir_exec_alu(struct agx_ir_exec *x, const struct agx_ir_instr *ins)
{
    uint32_t n = x->lane_count;

    switch (ins->op)
    {
        case AGX_IR_OP_MOV: LANEWISE(s0[l]); return true;
        case AGX_IR_OP_MOVC: LANEWISE(s0[l] ? s1[l] : s2[l]); return true;

        case AGX_IR_OP_FADD: LANEWISE(U(F(s0[l]) + F(s1[l]))); return true;
        case AGX_IR_OP_FMUL: LANEWISE(U(F(s0[l]) * F(s1[l]))); return true;
        case AGX_IR_OP_FMAD: LANEWISE(U(agx_ir_ftz(F(s0[l]) * F(s1[l])) + F(s2[l]))); return true;
        case AGX_IR_OP_FDIV: LANEWISE(U(F(s0[l]) / F(s1[l]))); return true;
        case AGX_IR_OP_FMIN: LANEWISE(U(agx_ir_fmin(F(s0[l]), F(s1[l])))); return true;
        case AGX_IR_OP_FMAX: LANEWISE(U(agx_ir_fmax(F(s0[l]), F(s1[l])))); return true;
        case AGX_IR_OP_FSQRT: LANEWISE(U(sqrtf(F(s0[l])))); return true;
        case AGX_IR_OP_FRSQ: LANEWISE(U(1.0f / sqrtf(F(s0[l])))); return true;
        case AGX_IR_OP_FRCP: LANEWISE(U(1.0f / F(s0[l]))); return true;
        case AGX_IR_OP_FEXP2: LANEWISE(U(exp2f(F(s0[l])))); return true;
        case AGX_IR_OP_FLOG2: LANEWISE(U(log2f(F(s0[l])))); return true;
        case AGX_IR_OP_FFRACT: LANEWISE(U(F(s0[l]) - floorf(F(s0[l])))); return true;
        case AGX_IR_OP_FROUND_NE: LANEWISE(U(rintf(F(s0[l])))); return true;
        case AGX_IR_OP_FFLOOR: LANEWISE(U(floorf(F(s0[l])))); return true;
        case AGX_IR_OP_FCEIL: LANEWISE(U(ceilf(F(s0[l])))); return true;
        case AGX_IR_OP_FTRUNC: LANEWISE(U(truncf(F(s0[l])))); return true;
        case AGX_IR_OP_FSIN: LANEWISE(U(sinf(F(s0[l])))); return true;
        case AGX_IR_OP_FCOS: LANEWISE(U(cosf(F(s0[l])))); return true;
        case AGX_IR_OP_FTAN: LANEWISE(U(tanf(F(s0[l])))); return true;
        case AGX_IR_OP_FASIN: LANEWISE(U(asinf(F(s0[l])))); return true;
        case AGX_IR_OP_FACOS: LANEWISE(U(acosf(F(s0[l])))); return true;
        case AGX_IR_OP_FATAN: LANEWISE(U(atanf(F(s0[l])))); return true;
        case AGX_IR_OP_FSINH: LANEWISE(U(sinhf(F(s0[l])))); return true;
        case AGX_IR_OP_FCOSH: LANEWISE(U(coshf(F(s0[l])))); return true;
        case AGX_IR_OP_FTANH: LANEWISE(U(tanhf(F(s0[l])))); return true;
        /* LLVM's frem: the remainder of the truncated quotient, exact (fmodf). */
        case AGX_IR_OP_FREM: LANEWISE(U(fmodf(F(s0[l]), F(s1[l])))); return true;
        /* Source modifiers: bit operations, no flush (as DXBC applies them). */
        case AGX_IR_OP_FNEG: LANEWISE(s0[l] ^ 0x80000000u); return true;
        case AGX_IR_OP_FABS: LANEWISE(s0[l] & 0x7fffffffu); return true;
        case AGX_IR_OP_FSAT:
            LANEWISE(agx_ir_u(agx_ir_f(s0[l]) > 0.0f ? (agx_ir_f(s0[l]) < 1.0f ? agx_ir_f(s0[l]) : 1.0f) : 0.0f));
            return true;
        case AGX_IR_OP_FEQ: LANEWISE(F(s0[l]) == F(s1[l]) ? TRUE_BITS : 0); return true;
        case AGX_IR_OP_FNE: LANEWISE(F(s0[l]) != F(s1[l]) ? TRUE_BITS : 0); return true;
        case AGX_IR_OP_FLT: LANEWISE(F(s0[l]) < F(s1[l]) ? TRUE_BITS : 0); return true;
        case AGX_IR_OP_FGE: LANEWISE(F(s0[l]) >= F(s1[l]) ? TRUE_BITS : 0); return true;
        case AGX_IR_OP_FDDX_COARSE: agx_ir_derivative(x, ins, true, false); return true;
        case AGX_IR_OP_FDDX_FINE: agx_ir_derivative(x, ins, true, true); return true;
        case AGX_IR_OP_FDDY_COARSE: agx_ir_derivative(x, ins, false, false); return true;
        case AGX_IR_OP_FDDY_FINE: agx_ir_derivative(x, ins, false, true); return true;

        case AGX_IR_OP_F2I: LANEWISE(agx_ir_ftoi(agx_ir_u(F(s0[l])))); return true;
        case AGX_IR_OP_F2U: LANEWISE(agx_ir_ftou(agx_ir_u(F(s0[l])))); return true;
        case AGX_IR_OP_I2F: LANEWISE(agx_ir_u((float)(int32_t)s0[l])); return true;
        case AGX_IR_OP_U2F: LANEWISE(agx_ir_u((float)s0[l])); return true;
        case AGX_IR_OP_F2F16: LANEWISE(agx_ir_f32tof16(s0[l])); return true;
        case AGX_IR_OP_F16TOF32: LANEWISE(agx_ir_f16tof32(s0[l] & 0xffffu)); return true;

        case AGX_IR_OP_IADD: LANEWISE(s0[l] + s1[l]); return true;
        case AGX_IR_OP_ISUB: LANEWISE(s0[l] - s1[l]); return true;
        case AGX_IR_OP_IMUL: LANEWISE(s0[l] * s1[l]); return true;
        case AGX_IR_OP_IMAD: LANEWISE(s0[l] * s1[l] + s2[l]); return true;
        case AGX_IR_OP_IMUL_HI:
            LANEWISE((uint32_t)((uint64_t)((int64_t)(int32_t)s0[l] * (int32_t)s1[l]) >> 32));
            return true;
        case AGX_IR_OP_UMUL_HI: LANEWISE((uint32_t)(((uint64_t)s0[l] * s1[l]) >> 32)); return true;
        case AGX_IR_OP_UDIV: LANEWISE(s1[l] ? s0[l] / s1[l] : 0xffffffffu); return true;
        case AGX_IR_OP_UREM: LANEWISE(s1[l] ? s0[l] % s1[l] : 0xffffffffu); return true;
        case AGX_IR_OP_IDIV: LANEWISE(agx_ir_idiv(s0[l], s1[l], false)); return true;
        case AGX_IR_OP_IREM: LANEWISE(agx_ir_idiv(s0[l], s1[l], true)); return true;
        case AGX_IR_OP_UADD_CARRY: LANEWISE((uint32_t)(((uint64_t)s0[l] + s1[l]) >> 32)); return true;
        case AGX_IR_OP_USUB_BORROW: LANEWISE(s0[l] < s1[l] ? 1u : 0u); return true;
        case AGX_IR_OP_INEG: LANEWISE(0u - s0[l]); return true;
        case AGX_IR_OP_IABS: LANEWISE((int32_t)s0[l] < 0 ? 0u - s0[l] : s0[l]); return true;
        case AGX_IR_OP_IMIN: LANEWISE(agx_ir_imin(s0[l], s1[l])); return true;
        case AGX_IR_OP_IMAX: LANEWISE(agx_ir_imax(s0[l], s1[l])); return true;
        case AGX_IR_OP_UMIN: LANEWISE(AGX_MIN(s0[l], s1[l])); return true;
        case AGX_IR_OP_UMAX: LANEWISE(AGX_MAX(s0[l], s1[l])); return true;
        case AGX_IR_OP_AND: LANEWISE(s0[l] & s1[l]); return true;
        case AGX_IR_OP_OR: LANEWISE(s0[l] | s1[l]); return true;
        case AGX_IR_OP_XOR: LANEWISE(s0[l] ^ s1[l]); return true;
        case AGX_IR_OP_NOT: LANEWISE(~s0[l]); return true;
        case AGX_IR_OP_ISHL: LANEWISE(s0[l] << (s1[l] & 31)); return true;
        case AGX_IR_OP_ISHR: LANEWISE((uint32_t)((int32_t)s0[l] >> (s1[l] & 31))); return true;
        case AGX_IR_OP_USHR: LANEWISE(s0[l] >> (s1[l] & 31)); return true;
        case AGX_IR_OP_IEQ: LANEWISE(s0[l] == s1[l] ? TRUE_BITS : 0); return true;
        case AGX_IR_OP_INE: LANEWISE(s0[l] != s1[l] ? TRUE_BITS : 0); return true;
        case AGX_IR_OP_ILT: LANEWISE((int32_t)s0[l] < (int32_t)s1[l] ? TRUE_BITS : 0); return true;
        case AGX_IR_OP_IGE: LANEWISE((int32_t)s0[l] >= (int32_t)s1[l] ? TRUE_BITS : 0); return true;
        case AGX_IR_OP_ULT: LANEWISE(s0[l] < s1[l] ? TRUE_BITS : 0); return true;
        case AGX_IR_OP_UGE: LANEWISE(s0[l] >= s1[l] ? TRUE_BITS : 0); return true;
        case AGX_IR_OP_BFI: LANEWISE(agx_ir_bfi(s0[l], s1[l], s2[l], s3[l])); return true;
        case AGX_IR_OP_UBFE: LANEWISE(agx_ir_ubfe(s0[l], s1[l], s2[l])); return true;
        case AGX_IR_OP_IBFE: LANEWISE(agx_ir_ibfe(s0[l], s1[l], s2[l])); return true;
        case AGX_IR_OP_BFREV: LANEWISE(agx_ir_bfrev(s0[l])); return true;
        case AGX_IR_OP_POPCOUNT: LANEWISE((uint32_t)__builtin_popcount(s0[l])); return true;
        case AGX_IR_OP_FIRSTBIT_HI: LANEWISE(s0[l] ? (uint32_t)__builtin_clz(s0[l]) : 0xffffffffu); return true;
        case AGX_IR_OP_FIRSTBIT_LO: LANEWISE(s0[l] ? (uint32_t)__builtin_ctz(s0[l]) : 0xffffffffu); return true;
        case AGX_IR_OP_FIRSTBIT_SHI: LANEWISE(agx_ir_firstbit_shi(s0[l])); return true;
        case AGX_IR_OP_MSAD: LANEWISE(agx_ir_msad(s0[l], s1[l], s2[l])); return true;
        case AGX_IR_OP_IS_MAPPED: LANEWISE(s0[l] & AGX_IR_STATUS_UNMAPPED ? 0 : TRUE_BITS); return true;

        case AGX_IR_OP_LOAD_INDEXED:
        case AGX_IR_OP_STORE_INDEXED:
            agx_ir_indexed(x, ins);
            return true;
        case AGX_IR_OP_LOAD_CB:
        case AGX_IR_OP_LOAD_ICB:
            agx_ir_load_constant(x, ins);
            return true;
        default:
            return false;
    }
}
