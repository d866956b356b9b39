/*
 * Number conversions of the value encoder, each the D3D rule as
 * format-facts.md states it (sections 1-5 and 8, with their sources):
 * UNORM, SNORM and sRGB round half away from zero after clamping, NaN to 0;
 * float-to-float rounds toward zero and saturates finite overflow; RGBE
 * rounds to nearest even.  Integer results are exact because the arithmetic
 * is done in double, which holds every product of a float and a scale of up
 * to 24 bits without rounding.
 */

#include "ddi_encode_private.h"

#include <math.h>
#include <string.h>

#define F32_SIGN 0x80000000u
#define F32_EXP  0x7f800000u
#define F32_MANT 0x007fffffu
#define F32_ONE  0x3f800000u

static uint32_t mask_bits(unsigned int bits)
{
    return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

float ddi_encode_bits_to_float(uint32_t bits)
{
    float f;

    memcpy(&f, &bits, sizeof(f));
    return f;
}

uint32_t ddi_encode_float_to_bits(float f)
{
    uint32_t bits;

    memcpy(&bits, &f, sizeof(bits));
    return bits;
}

static bool f32_is_nan(uint32_t f32)
{
    return (f32 & F32_EXP) == F32_EXP && (f32 & F32_MANT);
}

bool ddi_encode_is_denormal(uint32_t f32)
{
    return !(f32 & F32_EXP) && (f32 & F32_MANT);
}

uint32_t ddi_encode_flush(uint32_t f32)
{
    return ddi_encode_is_denormal(f32) ? f32 & F32_SIGN : f32;
}

/* floor(x + 0.5) for x >= 0 without the rounding of the addition. */
static double round_half_up(double x)
{
    double whole = floor(x);

    return x - whole >= 0.5 ? whole + 1.0 : whole;
}

static double round_half_even(double x)
{
    double whole = floor(x);
    double frac = x - whole;

    if (frac > 0.5 || (frac == 0.5 && fmod(whole, 2.0) == 1.0))
        whole += 1.0;
    return whole;
}

uint32_t ddi_encode_unorm(uint32_t f32, unsigned int bits)
{
    double max = (double)mask_bits(bits);
    float v = ddi_encode_bits_to_float(f32);

    /* NaN, -0, negatives and -INF give 0; 1 and above (+INF) all ones. */
    if (f32_is_nan(f32) || !(v > 0.0f))
        return 0;
    if (v >= 1.0f)
        return mask_bits(bits);
    return (uint32_t)round_half_up((double)v * max);
}

uint32_t ddi_encode_snorm(uint32_t f32, unsigned int bits)
{
    double max = (double)mask_bits(bits - 1);
    float v = ddi_encode_bits_to_float(f32);
    double magnitude;
    int64_t code;

    if (f32_is_nan(f32))
        return 0;
    /* Clamped to [-1, 1]; -1 is -(2^(n-1) - 1), never the most negative code. */
    magnitude = fabs((double)v);
    if (magnitude > 1.0)
        magnitude = 1.0;
    code = (int64_t)round_half_up(magnitude * max);
    if (v < 0.0f)
        code = -code;
    return (uint32_t)code & mask_bits(bits);
}

double ddi_encode_linear_to_srgb(double c)
{
    return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

double ddi_encode_srgb_to_linear(double s)
{
    return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
}

uint32_t ddi_encode_srgb(uint32_t f32, unsigned int bits)
{
    float v = ddi_encode_bits_to_float(f32);

    if (f32_is_nan(f32) || !(v > 0.0f))
        return 0;
    if (v >= 1.0f)
        return mask_bits(bits);
    return (uint32_t)round_half_up(ddi_encode_linear_to_srgb((double)v) * (double)mask_bits(bits));
}

/*
 * float32 to a float with a 5-bit exponent (bias 15) and `mantissa` bits:
 * float16 (signed, 10), float11 (6) and float10 (5) without sign.  Toward
 * zero; finite overflow to the largest finite value; INF kept; NaN stays a
 * quiet NaN with the top payload bits; unsigned formats take negatives
 * (-0 and -INF included) to 0.  float32 denormals are far below the smallest
 * target denormal, so they become a zero of their sign.
 */
static uint32_t f32_to_small_float(uint32_t f32, unsigned int mantissa, bool has_sign)
{
    uint32_t sign = has_sign ? (f32 >> 31) << (mantissa + 5) : 0;
    uint32_t exp_bits = (f32 & F32_EXP) >> 23;
    uint32_t mant = f32 & F32_MANT;
    uint32_t inf = 31u << mantissa;
    int exponent, shift;

    if (f32_is_nan(f32))
        return sign | inf | (mant >> (23 - mantissa)) | (1u << (mantissa - 1));
    if (!has_sign && (f32 & F32_SIGN))
        return 0;
    if (exp_bits == 0xff)
        return sign | inf;
    if (exp_bits == 0)
        return sign;
    exponent = (int)exp_bits - 127;
    if (exponent > 15)
        return sign | (30u << mantissa) | mask_bits(mantissa);
    if (exponent >= -14)
        return sign | ((uint32_t)(exponent + 15) << mantissa) | (mant >> (23 - mantissa));
    /* Target denormal: units of 2^(-14 - mantissa), the hidden bit made explicit. */
    shift = 9 - (int)mantissa - exponent;
    if (shift >= 32)
        return sign;
    return sign | ((mant | 0x800000u) >> shift);
}

uint32_t ddi_encode_float(uint32_t f32, unsigned int bits, bool flush_denormals)
{
    if (flush_denormals)
        f32 = ddi_encode_flush(f32);
    switch (bits)
    {
        case 32:
            return f32;
        case 16:
            return f32_to_small_float(f32, 10, true);
        case 11:
            return f32_to_small_float(f32, 6, false);
        default:
            return f32_to_small_float(f32, 5, false);
    }
}

uint32_t ddi_encode_depth_float(uint32_t f32, bool flush_denormals)
{
    if (f32_is_nan(f32))
        return 0;
    if (flush_denormals)
        f32 = ddi_encode_flush(f32);
    /* -0, negatives and -INF to +0; above 1 (+INF included) to 1. */
    if (f32 & F32_SIGN)
        return 0;
    return f32 > F32_ONE ? F32_ONE : f32;
}

uint32_t ddi_encode_float_to_uint(uint32_t f32, unsigned int bits)
{
    double max = (double)mask_bits(bits);
    double v = (double)ddi_encode_bits_to_float(f32);

    if (f32_is_nan(f32) || v <= 0.0)
        return 0;
    if (v >= max)
        return mask_bits(bits);
    return (uint32_t)v;
}

uint32_t ddi_encode_float_to_sint(uint32_t f32, unsigned int bits)
{
    double max = (double)mask_bits(bits - 1);
    double v = (double)ddi_encode_bits_to_float(f32);
    int64_t code;

    if (f32_is_nan(f32))
        return 0;
    if (v >= max)
        code = (int64_t)max;
    else if (v <= -max - 1.0)
        code = -(int64_t)max - 1;
    else
        code = (int64_t)v;
    return (uint32_t)code & mask_bits(bits);
}

/* A channel of R9G9B9E5: no sign, no NaN or INF; 65408 = 511 * 2^7 is the
 * largest value (D3D11.3 functional spec 19.3.2.2). */
static double rgbe_channel(uint32_t f32)
{
    double v;

    if (f32_is_nan(f32) || (f32 & F32_SIGN))
        return 0.0;
    v = (double)ddi_encode_bits_to_float(f32);
    return v > 65408.0 ? 65408.0 : v;
}

/*
 * The shared exponent comes from the largest channel, after rounding its
 * 9-bit mantissa (a carry raises the exponent, so no mantissa exceeds 511);
 * every mantissa is its channel in units of 2^(E - 24), rounded to nearest
 * even.  Values too small for a 2^-15 leading bit use exponent 0.
 */
uint32_t ddi_encode_rgbe(const uint32_t f32[3])
{
    double c[3], max;
    uint32_t m[3];
    int exponent, e, i;

    for (i = 0; i < 3; ++i)
        c[i] = rgbe_channel(f32[i]);
    max = fmax(c[0], fmax(c[1], c[2]));
    if (max == 0.0)
        return 0;
    frexp(max, &exponent);
    /* max is in [2^(exponent-1), 2^exponent): a 0.1xxxxxxxx fraction times
     * 2^exponent, biased by 15. */
    e = exponent + 15;
    if (e < 0)
        e = 0;
    if (round_half_even(ldexp(max, 24 - e)) > 511.0)
        ++e;
    for (i = 0; i < 3; ++i)
        m[i] = (uint32_t)round_half_even(ldexp(c[i], 24 - e));
    return m[0] | m[1] << 9 | m[2] << 18 | (uint32_t)e << 27;
}

double ddi_decode_unorm(uint32_t code, unsigned int bits)
{
    return (double)code / (double)mask_bits(bits);
}

double ddi_decode_snorm(uint32_t code, unsigned int bits)
{
    double max = (double)mask_bits(bits - 1);
    int64_t value = (int64_t)(code & mask_bits(bits));

    if (value > (int64_t)max)
        value -= (int64_t)1 << bits;
    /* Both -2^(n-1) and -(2^(n-1) - 1) stand for -1. */
    return value < -(int64_t)max ? -1.0 : (double)value / max;
}

uint32_t ddi_decode_small_float(uint32_t code, unsigned int bits)
{
    unsigned int mantissa = bits == 16 ? 10 : bits - 5;
    uint32_t sign = bits == 16 ? (code >> 15) << 31 : 0;
    uint32_t e = (code >> mantissa) & 31;
    uint32_t m = code & mask_bits(mantissa);
    double v;

    if (e == 31)
        return sign | F32_EXP | (m ? 0x400000u | (m << (23 - mantissa)) : 0);
    if (e == 0)
        v = ldexp((double)m, -14 - (int)mantissa);
    else
        v = ldexp((double)((1u << mantissa) | m), (int)e - 15 - (int)mantissa);
    return sign | ddi_encode_float_to_bits((float)v);
}

void ddi_decode_rgbe(uint32_t packed, float rgb[3])
{
    int e = (int)(packed >> 27);
    int i;

    for (i = 0; i < 3; ++i)
        rgb[i] = (float)ldexp((double)((packed >> (9 * i)) & 0x1ff), e - 24);
}
