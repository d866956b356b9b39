/*
 * The value encoder (ddi/ddi_encode*.c) and the format table's clear-data
 * member mapping.  Every expected byte is worked out by hand in the comment
 * next to it from the rules in format-facts.md; nothing here calls the
 * encoder's conversion helpers to make an expected value.  Multi-byte
 * elements are little-endian: the low byte comes first.
 */

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddi_encode.h"
#include "ddi_format.h"
#include "test_run.h"

static D3D12DDI_CLEAR_DATA floats4(float r, float g, float b, float a)
{
    D3D12DDI_CLEAR_DATA value;

    memset(&value, 0, sizeof(value));
    value.Floats[0] = r;
    value.Floats[1] = g;
    value.Floats[2] = b;
    value.Floats[3] = a;
    return value;
}

static D3D12DDI_CLEAR_DATA uints4(UINT x, UINT y, UINT z, UINT w)
{
    D3D12DDI_CLEAR_DATA value;

    memset(&value, 0, sizeof(value));
    value.Uints[0] = x;
    value.Uints[1] = y;
    value.Uints[2] = z;
    value.Uints[3] = w;
    return value;
}

static uint32_t bits_of(float f)
{
    uint32_t bits;

    memcpy(&bits, &f, sizeof(bits));
    return bits;
}

static void format_bytes(char *text, size_t size, const uint8_t *bytes, size_t count)
{
    size_t i, pos = 0;

    text[0] = 0;
    for (i = 0; i < count && pos + 4 < size; ++i)
        pos += (size_t)snprintf(text + pos, size - pos, "%02x ", bytes[i]);
}

/* Encodes plane `plane` (or the whole element when plane < 0) and compares. */
static void check_encode(int line, DXGI_FORMAT format, int plane, const D3D12DDI_CLEAR_DATA *value,
        enum ddi_encode_source source, bool flush, const uint8_t *expected, size_t count)
{
    uint8_t out[DDI_ENCODE_MAX_BYTES + 4];
    char got_text[80], want_text[80];
    enum ddi_encode_result hr;
    size_t written = 99;

    memset(out, 0xcd, sizeof(out));
    if (plane < 0)
        hr = ddi_encode_clear_value(format, value, source, flush, out, sizeof(out), &written);
    else
        hr = ddi_encode_clear_plane(format, (unsigned int)plane, value, source, flush, out, sizeof(out),
                &written);
    ck_assert_msg(hr == DDI_ENCODE_OK, "line %d: %s plane %d: result %d", line, ddi_format_name(format),
            plane, hr);
    ck_assert_msg(written == count, "line %d: %s wrote %zu bytes, expected %zu", line,
            ddi_format_name(format), written, count);
    format_bytes(got_text, sizeof(got_text), out, count);
    format_bytes(want_text, sizeof(want_text), expected, count);
    ck_assert_msg(!memcmp(out, expected, count), "line %d: %s: got %s, expected %s", line,
            ddi_format_name(format), got_text, want_text);
    /* Nothing past the element is touched. */
    ck_assert_uint_eq(out[count], 0xcd);
}

#define EXPECT(format, value, source, flush, ...) \
    do { \
        const D3D12DDI_CLEAR_DATA expect_value_ = (value); \
        const uint8_t expect_bytes_[] = {__VA_ARGS__}; \
        check_encode(__LINE__, (format), -1, &expect_value_, (source), (flush), \
                expect_bytes_, sizeof(expect_bytes_)); \
    } while (0)

#define EXPECT_PLANE(format, plane, value, ...) \
    do { \
        const D3D12DDI_CLEAR_DATA expect_value_ = (value); \
        const uint8_t expect_bytes_[] = {__VA_ARGS__}; \
        check_encode(__LINE__, (format), (plane), &expect_value_, DDI_ENCODE_SOURCE_CLEAR_DATA, true, \
                expect_bytes_, sizeof(expect_bytes_)); \
    } while (0)

/* The common case: an Async clear value, denormals flushed. */
#define EXPECT_CLEAR(format, value, ...) EXPECT(format, value, DDI_ENCODE_SOURCE_CLEAR_DATA, true, __VA_ARGS__)

static enum ddi_encode_result encode_result(DXGI_FORMAT format, D3D12DDI_CLEAR_DATA value,
        enum ddi_encode_source source)
{
    uint8_t out[DDI_ENCODE_MAX_BYTES];

    return ddi_encode_clear_value(format, &value, source, true, out, sizeof(out), NULL);
}

static enum ddi_encode_result plane_result(DXGI_FORMAT format, unsigned int plane, D3D12DDI_CLEAR_DATA value)
{
    uint8_t out[DDI_ENCODE_MAX_BYTES];

    return ddi_encode_clear_plane(format, plane, &value, DDI_ENCODE_SOURCE_CLEAR_DATA, true, out,
            sizeof(out), NULL);
}

/* Reads one encoded 16- or 32-bit element. */
static uint32_t encode_u32(DXGI_FORMAT format, D3D12DDI_CLEAR_DATA value)
{
    uint8_t out[DDI_ENCODE_MAX_BYTES] = {0};
    size_t written = 0;

    ck_assert_int_eq(ddi_encode_clear_value(format, &value, DDI_ENCODE_SOURCE_CLEAR_DATA, true, out,
            sizeof(out), &written), DDI_ENCODE_OK);
    return written == 2 ? (uint32_t)(out[0] | out[1] << 8)
            : (uint32_t)out[0] | (uint32_t)out[1] << 8 | (uint32_t)out[2] << 16 | (uint32_t)out[3] << 24;
}

/* ---- the format table's clear-data members ---- */

START_TEST(test_clear_members)
{
    /* D3D12AsyncCommands.md colour table: float-type channels read Floats,
     * integer ones Uints / Sints, missing channels N/A. */
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R32G32B32A32_FLOAT, 3), DDI_CLEAR_MEMBER_FLOATS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R32G32B32A32_SINT, 0), DDI_CLEAR_MEMBER_SINTS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R16G16B16A16_UINT, 2), DDI_CLEAR_MEMBER_UINTS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R32G32B32_UINT, 2), DDI_CLEAR_MEMBER_UINTS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R32G32B32_UINT, 3), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R8G8B8A8_SNORM, 1), DDI_CLEAR_MEMBER_FLOATS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 3), DDI_CLEAR_MEMBER_FLOATS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_B8G8R8X8_UNORM, 2), DDI_CLEAR_MEMBER_FLOATS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_B8G8R8X8_UNORM, 3), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, 2), DDI_CLEAR_MEMBER_FLOATS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, 3), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R1_UNORM, 0), DDI_CLEAR_MEMBER_FLOATS);
    /* A8_UNORM: A only, from Floats[3]. */
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_A8_UNORM, 0), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_A8_UNORM, 3), DDI_CLEAR_MEMBER_FLOATS);
    /* Plane views: R32_FLOAT_X8X24 Floats[0]; X32_TYPELESS_G8X24_UINT and
     * X24_TYPELESS_G8_UINT Uints[1] only. */
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 0), DDI_CLEAR_MEMBER_FLOATS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 1), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, 0), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, 1), DDI_CLEAR_MEMBER_UINTS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_X24_TYPELESS_G8_UINT, 1), DDI_CLEAR_MEMBER_UINTS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 0), DDI_CLEAR_MEMBER_FLOATS);
    /* Depth-stencil table: D from Floats[0], S from Uints[1]. */
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_D24_UNORM_S8_UINT, 0), DDI_CLEAR_MEMBER_FLOATS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_D24_UNORM_S8_UINT, 1), DDI_CLEAR_MEMBER_UINTS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_D24_UNORM_S8_UINT, 2), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 1), DDI_CLEAR_MEMBER_UINTS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_D16_UNORM, 0), DDI_CLEAR_MEMBER_FLOATS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_D16_UNORM, 1), DDI_CLEAR_MEMBER_NONE);
    /* YUV: Uints; AYUV has A, NV12 does not. */
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_AYUV, 3), DDI_CLEAR_MEMBER_UINTS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_NV12, 2), DDI_CLEAR_MEMBER_UINTS);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_NV12, 3), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_Y210, 1), DDI_CLEAR_MEMBER_UINTS);
    /* Block-compressed: the raw block from Bytes. */
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_BC1_UNORM, 0), DDI_CLEAR_MEMBER_BYTES);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_BC1_UNORM, 1), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_BC6H_SF16, 0), DDI_CLEAR_MEMBER_BYTES);
    /* Not clearable: typeless, palettized, opaque, XR_BIAS, sampler feedback. */
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_BC1_TYPELESS, 0), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R8G8B8A8_TYPELESS, 0), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_P8, 0), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_420_OPAQUE, 0), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM, 0), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_SAMPLER_FEEDBACK_MIN_MIP_OPAQUE, 0),
            DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_UNKNOWN, 0), DDI_CLEAR_MEMBER_NONE);
    ck_assert_int_eq(ddi_format_clear_member(DXGI_FORMAT_R8G8B8A8_UNORM, 4), DDI_CLEAR_MEMBER_NONE);
}
END_TEST

/* ---- UNORM, sRGB, SNORM ---- */

START_TEST(test_unorm)
{
    /* 0.5*255 = 127.5 -> +0.5 = 128 = 0x80 (half rounds up); 0 -> 0;
     * 1 -> 255; 0.25*255 = 63.75 -> 64 = 0x40. */
    EXPECT_CLEAR(DXGI_FORMAT_R8G8B8A8_UNORM, floats4(0.5f, 0.0f, 1.0f, 0.25f), 0x80, 0x00, 0xff, 0x40);
    /* Clamped: -1 -> 0, 2 -> 255, NaN -> 0, +INF -> 255. */
    EXPECT_CLEAR(DXGI_FORMAT_R8G8B8A8_UNORM, floats4(-1.0f, 2.0f, NAN, INFINITY), 0x00, 0xff, 0x00, 0xff);
    /* 0.3f = 0.300000011920929 * 255 = 76.500003 -> 77 = 0x4d. */
    EXPECT_CLEAR(DXGI_FORMAT_R8_UNORM, floats4(0.3f, 0, 0, 0), 0x4d);
    /* 0.5*65535 = 32767.5 -> 32768 = 0x8000. */
    EXPECT_CLEAR(DXGI_FORMAT_R16_UNORM, floats4(0.5f, 0, 0, 0), 0x00, 0x80);
    /* (1/3)f = 0.333333343 * 65535 = 21845.0006 -> 0x5555;
     * 0.75*65535 = 49151.25 -> 49151 = 0xbfff. */
    EXPECT_CLEAR(DXGI_FORMAT_R16G16_UNORM, floats4(1.0f / 3.0f, 0.75f, 0, 0), 0x55, 0x55, 0xff, 0xbf);
    /* Same value through a legacy float clear: the same bytes. */
    EXPECT(DXGI_FORMAT_R8G8B8A8_UNORM, floats4(0.5f, 0.0f, 1.0f, 0.25f), DDI_ENCODE_SOURCE_FLOAT, true,
            0x80, 0x00, 0xff, 0x40);
}
END_TEST

START_TEST(test_srgb)
{
    /* 0.5: 1.055 * 0.5^(1/2.4) - 0.055 = 0.735357, * 255 = 187.516 -> 188 = 0xbc.
     * 0.18: 1.055 * 0.18^(1/2.4) - 0.055 = 0.461362, * 255 = 117.647 -> 118 = 0x76.
     * 0.002 is on the linear segment: 12.92 * 0.002 * 255 = 6.589 -> 7.
     * Alpha stays linear: 0.5 -> 0x80. */
    EXPECT_CLEAR(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, floats4(0.5f, 0.18f, 0.002f, 0.5f), 0xbc, 0x76, 0x07, 0x80);
    /* BGRA order in memory: B = 1 -> 0xff, G = 0, R = 0.5 -> 0xbc, A = 0.25 -> 0x40. */
    EXPECT_CLEAR(DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, floats4(0.5f, 0.0f, 1.0f, 0.25f), 0xff, 0x00, 0xbc, 0x40);
    /* NaN -> 0, negative -> 0, above 1 -> 255; alpha NaN -> 0. */
    EXPECT_CLEAR(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, floats4(NAN, -0.5f, 7.0f, NAN), 0x00, 0x00, 0xff, 0x00);
}
END_TEST

START_TEST(test_snorm)
{
    /* -1 -> -127 = 0x81 (never 0x80); -1.5 clamps to -1 -> 0x81;
     * 0.5*127 = 63.5 -> 64 = 0x40; -0.5 -> -64 = 0xc0. */
    EXPECT_CLEAR(DXGI_FORMAT_R8G8B8A8_SNORM, floats4(-1.0f, -1.5f, 0.5f, -0.5f), 0x81, 0x81, 0x40, 0xc0);
    /* NaN -> 0; +INF clamps to 1 -> 127 = 0x7f. */
    EXPECT_CLEAR(DXGI_FORMAT_R8G8_SNORM, floats4(NAN, INFINITY, 0, 0), 0x00, 0x7f);
    /* -1 -> -32767 = 0x8001; 0.25*32767 = 8191.75 -> 8192 = 0x2000. */
    EXPECT_CLEAR(DXGI_FORMAT_R16G16_SNORM, floats4(-1.0f, 0.25f, 0, 0), 0x01, 0x80, 0x00, 0x20);
    /* -INF clamps to -1: 0x8001. */
    EXPECT_CLEAR(DXGI_FORMAT_R16_SNORM, floats4(-INFINITY, 0, 0, 0), 0x01, 0x80);
}
END_TEST

/* ---- floats ---- */

START_TEST(test_float16)
{
    /* 1.0 = 0x3c00.  65520 = 0x477ff000: exponent 15, mantissa
     * 0x7ff000 >> 13 = 0x3ff, toward zero -> 0x7bff (65504), not INF.
     * 0.7f = 0x3f333333: exponent -1 -> 14, mantissa 0x333333 >> 13 = 0x199
     * -> 0x3999 (nearest even would be 0x399a).  -0 keeps its sign: 0x8000. */
    EXPECT_CLEAR(DXGI_FORMAT_R16G16B16A16_FLOAT, floats4(1.0f, 65520.0f, 0.7f, -0.0f),
            0x00, 0x3c, 0xff, 0x7b, 0x99, 0x39, 0x00, 0x80);
    /* Finite overflow saturates: 1e6 -> 0x7bff, -1e6 -> 0xfbff; INF stays:
     * +INF 0x7c00, -INF 0xfc00. */
    EXPECT_CLEAR(DXGI_FORMAT_R16G16B16A16_FLOAT, floats4(1e6f, -1e6f, INFINITY, -INFINITY),
            0xff, 0x7b, 0xff, 0xfb, 0x00, 0x7c, 0x00, 0xfc);
    /* float16 denormals are kept: 1e-5 / 2^-24 = 167.77 -> 167 = 0x00a7;
     * -1e-5 -> 0x80a7.  1e-8 / 2^-24 = 0.17 -> 0. */
    EXPECT_CLEAR(DXGI_FORMAT_R16G16B16A16_FLOAT, floats4(1e-5f, -1e-5f, 1e-8f, -1e-8f),
            0xa7, 0x00, 0xa7, 0x80, 0x00, 0x00, 0x00, 0x80);
    /* A float32 denormal (bits 0x00012345) is below every float16 code: 0,
     * with and without flushing; the negative one is -0. */
    EXPECT(DXGI_FORMAT_R16G16_FLOAT, uints4(0x00012345, 0x80012345, 0, 0), DDI_ENCODE_SOURCE_CLEAR_DATA,
            false, 0x00, 0x00, 0x00, 0x80);
    EXPECT(DXGI_FORMAT_R16G16_FLOAT, uints4(0x00012345, 0x80012345, 0, 0), DDI_ENCODE_SOURCE_CLEAR_DATA,
            true, 0x00, 0x00, 0x00, 0x80);
}
END_TEST

START_TEST(test_float16_nan)
{
    uint32_t h;

    /* Any NaN: exponent 31 and a non-zero mantissa, never INF (0x7c00),
     * even for a NaN whose payload sits only in the low float32 bits. */
    h = encode_u32(DXGI_FORMAT_R16_FLOAT, uints4(0x7fc00000, 0, 0, 0));
    ck_assert_uint_eq(h & 0x7c00, 0x7c00);
    ck_assert_uint_ne(h & 0x03ff, 0);
    h = encode_u32(DXGI_FORMAT_R16_FLOAT, uints4(0x7f800001, 0, 0, 0));
    ck_assert_uint_eq(h & 0x7c00, 0x7c00);
    ck_assert_uint_ne(h & 0x03ff, 0);
}
END_TEST

START_TEST(test_float32)
{
    /* 1.0 = 0x3f800000; -0 = 0x80000000. */
    EXPECT_CLEAR(DXGI_FORMAT_R32G32_FLOAT, floats4(1.0f, -0.0f, 0, 0),
            0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x80);
    /* Denormal 0x00012345: kept without flushing, 0 with; the negative one
     * flushes to -0 (the sign is kept). */
    EXPECT(DXGI_FORMAT_R32G32_FLOAT, uints4(0x00012345, 0x80012345, 0, 0), DDI_ENCODE_SOURCE_CLEAR_DATA,
            false, 0x45, 0x23, 0x01, 0x00, 0x45, 0x23, 0x01, 0x80);
    EXPECT(DXGI_FORMAT_R32G32_FLOAT, uints4(0x00012345, 0x80012345, 0, 0), DDI_ENCODE_SOURCE_CLEAR_DATA,
            true, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80);
    /* A NaN is stored as given: 0x7fc00001. */
    EXPECT_CLEAR(DXGI_FORMAT_R32_FLOAT, uints4(0x7fc00001, 0, 0, 0), 0x01, 0x00, 0xc0, 0x7f);
    /* R32G32B32: 12 bytes, 2.0 = 0x40000000, -2.5 = 0xc0200000, 0.5 = 0x3f000000. */
    EXPECT_CLEAR(DXGI_FORMAT_R32G32B32_FLOAT, floats4(2.0f, -2.5f, 0.5f, 9.0f),
            0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x20, 0xc0, 0x00, 0x00, 0x00, 0x3f);
}
END_TEST

START_TEST(test_r11g11b10)
{
    uint32_t packed;

    /* R = -1 -> 0 (no sign); G = 1e6 -> largest finite float11 0x7bf (65024);
     * B = 1.0 -> float10 exponent 15: 15 << 5 = 0x1e0.
     * 0 | 0x7bf << 11 = 0x3df800 | 0x1e0 << 22 = 0x78000000 -> 0x783df800. */
    EXPECT_CLEAR(DXGI_FORMAT_R11G11B10_FLOAT, floats4(-1.0f, 1e6f, 1.0f, 0), 0x00, 0xf8, 0x3d, 0x78);
    /* R = 1.0 -> 15 << 6 = 0x3c0; G = 0.5 -> 14 << 6 = 0x380; B = +INF -> 31 << 5 = 0x3e0.
     * 0x3c0 | 0x380 << 11 = 0x1c0000 | 0x3e0 << 22 = 0xf8000000 -> 0xf81c03c0. */
    EXPECT_CLEAR(DXGI_FORMAT_R11G11B10_FLOAT, floats4(1.0f, 0.5f, INFINITY, 0), 0xc0, 0x03, 0x1c, 0xf8);
    /* Toward zero: 0.7 = 1.4 * 2^-1; float11 0.4 * 64 = 25.6 -> 25 -> 14 << 6 | 25 = 0x399;
     * float10 0.4 * 32 = 12.8 -> 12 -> 14 << 5 | 12 = 0x1cc; -0 -> 0.
     * 0x399 | 0x1cc << 22 = 0x73000000 -> 0x73000399. */
    EXPECT_CLEAR(DXGI_FORMAT_R11G11B10_FLOAT, floats4(0.7f, -0.0f, 0.7f, 0), 0x99, 0x03, 0x00, 0x73);
    /* Largest finite values: 65100 -> 0x7bf, float10 1e6 -> 0x3df (64512); -INF -> 0.
     * 0x7bf | 0 | 0x3df << 22 = 0xf7c00000 -> 0xf7c007bf. */
    EXPECT_CLEAR(DXGI_FORMAT_R11G11B10_FLOAT, floats4(65100.0f, -INFINITY, 1e6f, 0), 0xbf, 0x07, 0xc0, 0xf7);
    /* float11 denormal: 2^-15 / 2^-20 = 32 = 0x020. */
    EXPECT_CLEAR(DXGI_FORMAT_R11G11B10_FLOAT, floats4(0x1p-15f, 0, 0, 0), 0x20, 0x00, 0x00, 0x00);
    /* NaN stays a NaN: exponent 31 and a non-zero mantissa in R's 11 bits. */
    packed = encode_u32(DXGI_FORMAT_R11G11B10_FLOAT, uints4(0x7fc00000, 0, 0, 0));
    ck_assert_uint_eq(packed & 0x7c0, 0x7c0);
    ck_assert_uint_ne(packed & 0x03f, 0);
    ck_assert_uint_eq(packed >> 11, 0);
}
END_TEST

START_TEST(test_rgbe)
{
    /* (1, 0.5, 0.25): largest 1 = 0.1b * 2^1 -> E = 1 + 15 = 16; mantissas in
     * units of 2^(16-24) = 2^-8: 256, 128, 64.
     * 256 | 128 << 9 = 0x10000 | 64 << 18 = 0x1000000 | 16 << 27 = 0x80000000
     * -> 0x81010100. */
    EXPECT_CLEAR(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, floats4(1.0f, 0.5f, 0.25f, 0), 0x00, 0x01, 0x01, 0x81);
    /* The functional spec's example (19.3.2.1): 0x999320c8 = (6.25, 12.5, 3.125). */
    EXPECT_CLEAR(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, floats4(6.25f, 12.5f, 3.125f, 0), 0xc8, 0x20, 0x93, 0x99);
    /* Rounding carry: 1.999 * 2^8 = 511.74 -> 512 does not fit, so E = 17 and
     * 1.999 * 2^7 = 255.87 -> 256.  Negatives and NaN -> 0.
     * 0x100 | 17 << 27 = 0x88000000 -> 0x88000100. */
    EXPECT_CLEAR(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, floats4(1.999f, -1.0f, NAN, 0), 0x00, 0x01, 0x00, 0x88);
    /* Saturation: 1e9 and +INF -> 65408 = 511 * 2^7, E = 31.
     * 0x1ff | 0x1ff << 18 = 0x7fc0000 | 31 << 27 = 0xf8000000 -> 0xfffc01ff. */
    EXPECT_CLEAR(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, floats4(1e9f, 0.0f, INFINITY, 0), 0xff, 0x01, 0xfc, 0xff);
    /* Ties to even at E = 16: 2^-9 * 2^8 = 0.5 -> 0; 3 * 2^-9 * 2^8 = 1.5 -> 2.
     * 0x100 | 2 << 18 = 0x80000 | 0x80000000 -> 0x80080100. */
    EXPECT_CLEAR(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, floats4(1.0f, 0x1p-9f, 0x3p-9f, 0), 0x00, 0x01, 0x08, 0x80);
    EXPECT_CLEAR(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, floats4(0.0f, 0.0f, 0.0f, 0), 0x00, 0x00, 0x00, 0x00);
}
END_TEST

/* ---- packed layouts ---- */

START_TEST(test_packed)
{
    /* B5G6R5 (R = 1, G = 0.5, B = 0): B 0 | G 0.5*63 = 31.5 -> 32 << 5 = 0x400
     * | R 31 << 11 = 0xf800 -> 0xfc00. */
    EXPECT_CLEAR(DXGI_FORMAT_B5G6R5_UNORM, floats4(1.0f, 0.5f, 0.0f, 0), 0x00, 0xfc);
    /* B5G5R5A1 (R = 0, G = 1, B = 0.5, A = 1): B 15.5 -> 16 | G 31 << 5 = 0x3e0
     * | R 0 | A 1 << 15 -> 0x83f0. */
    EXPECT_CLEAR(DXGI_FORMAT_B5G5R5A1_UNORM, floats4(0.0f, 1.0f, 0.5f, 1.0f), 0xf0, 0x83);
    /* 1-bit alpha: 0.5 -> 1 (half up), 0.49 -> 0. */
    EXPECT_CLEAR(DXGI_FORMAT_B5G5R5A1_UNORM, floats4(0, 0, 0, 0.5f), 0x00, 0x80);
    EXPECT_CLEAR(DXGI_FORMAT_B5G5R5A1_UNORM, floats4(0, 0, 0, 0.49f), 0x00, 0x00);
    /* B4G4R4A4 (R = 1, G = 0.2, B = 0.6, A = 0): B 0.6f*15 = 9.0000004 -> 9
     * | G 0.2f*15 = 3.00000004 -> 3 << 4 | R 15 << 8 | A 0 -> 0x0f39. */
    EXPECT_CLEAR(DXGI_FORMAT_B4G4R4A4_UNORM, floats4(1.0f, 0.2f, 0.6f, 0.0f), 0x39, 0x0f);
    /* A4B4G4R4 (R = 1, G = 0, B = 0.4, A = 0.4): A 0.4f*15 = 6.0000001 -> 6
     * | B 6 << 4 | G 0 << 8 | R 15 << 12 -> 0xf066. */
    EXPECT_CLEAR(DDI_FORMAT_A4B4G4R4_UNORM, floats4(1.0f, 0.0f, 0.4f, 0.4f), 0x66, 0xf0);
    /* R10G10B10A2_UNORM (1, 0, 0.5, 1/3): R 0x3ff | G 0 | B 511.5 -> 512 << 20 =
     * 0x20000000 | A (1/3)f*3 = 1.00000003 -> 1 << 30 -> 0x600003ff. */
    EXPECT_CLEAR(DXGI_FORMAT_R10G10B10A2_UNORM, floats4(1.0f, 0.0f, 0.5f, 1.0f / 3.0f), 0xff, 0x03, 0x00, 0x60);
    /* R10G10B10A2_UINT (0x3ff, 0x401, 5, 7): low bits 0x3ff | 1 << 10 | 5 << 20
     * | 3 << 30 -> 0xc05007ff. */
    EXPECT_CLEAR(DXGI_FORMAT_R10G10B10A2_UINT, uints4(0x3ff, 0x401, 5, 7), 0xff, 0x07, 0x50, 0xc0);
    /* B8G8R8A8: bytes B, G, R, A. */
    EXPECT_CLEAR(DXGI_FORMAT_B8G8R8A8_UNORM, floats4(1.0f, 0.5f, 0.0f, 0.25f), 0x00, 0x80, 0xff, 0x40);
    /* B8G8R8X8: the X byte is written as zero whatever Floats[3] holds. */
    EXPECT_CLEAR(DXGI_FORMAT_B8G8R8X8_UNORM, floats4(1.0f, 0.5f, 0.0f, 1.0f), 0x00, 0x80, 0xff, 0x00);
    /* A8 takes the fourth component: 0.5 -> 0x80, and ignores the others. */
    EXPECT_CLEAR(DXGI_FORMAT_A8_UNORM, floats4(0.25f, 0.25f, 0.25f, 0.5f), 0x80);
    EXPECT_CLEAR(DXGI_FORMAT_A8_UNORM, floats4(1.0f, 1.0f, 1.0f, 0.0f), 0x00);
    /* 4:2:2 pairs, two equal pixels: R8G8_B8G8 = R, G, B, G; G8R8_G8B8 = G, R, G, B
     * with R = 1 -> 0xff, G = 0.5 -> 0x80, B = 0. */
    EXPECT_CLEAR(DXGI_FORMAT_R8G8_B8G8_UNORM, floats4(1.0f, 0.5f, 0.0f, 0), 0xff, 0x80, 0x00, 0x80);
    EXPECT_CLEAR(DXGI_FORMAT_G8R8_G8B8_UNORM, floats4(1.0f, 0.5f, 0.0f, 0), 0x80, 0xff, 0x80, 0x00);
    /* R1_UNORM: one code fills all 8 pixels of the byte; 0.5 -> 1 (half up). */
    EXPECT_CLEAR(DXGI_FORMAT_R1_UNORM, floats4(0.5f, 0, 0, 0), 0xff);
    EXPECT_CLEAR(DXGI_FORMAT_R1_UNORM, floats4(0.49f, 0, 0, 0), 0x00);
    EXPECT_CLEAR(DXGI_FORMAT_R1_UNORM, floats4(NAN, 0, 0, 0), 0x00);
}
END_TEST

/* ---- integers ---- */

START_TEST(test_integers)
{
    D3D12DDI_CLEAR_DATA value;

    /* Bit exact, 32-bit channels. */
    EXPECT_CLEAR(DXGI_FORMAT_R32G32B32A32_UINT, uints4(0xffffffff, 0x12345678, 0, 0x80000000),
            0xff, 0xff, 0xff, 0xff, 0x78, 0x56, 0x34, 0x12, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80);
    /* Sints: -1 in 16 bits = 0xffff. */
    memset(&value, 0, sizeof(value));
    value.Sints[0] = -1;
    EXPECT_CLEAR(DXGI_FORMAT_R16_SINT, value, 0xff, 0xff);
    /* Low 16 bits: -32768 = 0x8000; 40000 = 0x9c40 (wraps, no clamping). */
    value.Sints[0] = -32768;
    value.Sints[1] = 40000;
    EXPECT_CLEAR(DXGI_FORMAT_R16G16_SINT, value, 0x00, 0x80, 0x40, 0x9c);
    /* Low 8 bits: -1 = 0xff, 127, -128 = 0x80, 200 = 0xc8. */
    value.Sints[0] = -1;
    value.Sints[1] = 127;
    value.Sints[2] = -128;
    value.Sints[3] = 200;
    EXPECT_CLEAR(DXGI_FORMAT_R8G8B8A8_SINT, value, 0xff, 0x7f, 0x80, 0xc8);
    /* R8_UINT keeps the low 8 bits of 0x1ab: 0xab. */
    EXPECT_CLEAR(DXGI_FORMAT_R8_UINT, uints4(0x1ab, 0, 0, 0), 0xab);
    /* R32G32B32_SINT: -2 = 0xfffffffe, INT32_MAX, INT32_MIN. */
    value.Sints[0] = -2;
    value.Sints[1] = 0x7fffffff;
    value.Sints[2] = (INT)0x80000000u;
    EXPECT_CLEAR(DXGI_FORMAT_R32G32B32_SINT, value,
            0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x00, 0x00, 0x00, 0x80);
}
END_TEST

START_TEST(test_float_source_integers)
{
    /* A legacy float clear of an integer format: NaN -> 0, clamped, truncated.
     * R8G8B8A8_UINT (300, -5, 3.7, NaN) -> 255, 0, 3, 0. */
    EXPECT(DXGI_FORMAT_R8G8B8A8_UINT, floats4(300.0f, -5.0f, 3.7f, NAN), DDI_ENCODE_SOURCE_FLOAT, true,
            0xff, 0x00, 0x03, 0x00);
    /* R16G16_SINT (-3.7, -1e9): -3 = 0xfffd; clamped to -32768 = 0x8000. */
    EXPECT(DXGI_FORMAT_R16G16_SINT, floats4(-3.7f, -1e9f, 0, 0), DDI_ENCODE_SOURCE_FLOAT, true,
            0xfd, 0xff, 0x00, 0x80);
    /* 5e9 clamps to 0xffffffff; 3e9 to INT32_MAX; -3e9 to INT32_MIN. */
    EXPECT(DXGI_FORMAT_R32_UINT, floats4(5e9f, 0, 0, 0), DDI_ENCODE_SOURCE_FLOAT, true, 0xff, 0xff, 0xff, 0xff);
    EXPECT(DXGI_FORMAT_R32G32_SINT, floats4(3e9f, -3e9f, 0, 0), DDI_ENCODE_SOURCE_FLOAT, true,
            0xff, 0xff, 0xff, 0x7f, 0x00, 0x00, 0x00, 0x80);
    /* Video samples have no float conversion. */
    ck_assert_int_eq(encode_result(DXGI_FORMAT_AYUV, floats4(1, 1, 1, 1), DDI_ENCODE_SOURCE_FLOAT),
            DDI_ENCODE_UNSUPPORTED);
}
END_TEST

START_TEST(test_uint_source)
{
    /* ClearUnorderedAccessViewUint: raw low bits, no conversion.  A float32
     * channel gets the bits, denormal included, even with flushing on. */
    EXPECT(DXGI_FORMAT_R32_FLOAT, uints4(0x00012345, 0, 0, 0), DDI_ENCODE_SOURCE_UINT, true,
            0x45, 0x23, 0x01, 0x00);
    /* R11G11B10: 1 | 2 << 11 = 0x1000 | 3 << 22 = 0xc00000 -> 0x00c01001. */
    EXPECT(DXGI_FORMAT_R11G11B10_FLOAT, uints4(1, 2, 3, 0), DDI_ENCODE_SOURCE_UINT, true,
            0x01, 0x10, 0xc0, 0x00);
    /* UNORM channels take the low 8 bits: 0x1ff -> 0xff. */
    EXPECT(DXGI_FORMAT_R8G8B8A8_UNORM, uints4(0x1ff, 2, 3, 4), DDI_ENCODE_SOURCE_UINT, true,
            0xff, 0x02, 0x03, 0x04);
    /* R9G9B9E5: 1 | 2 << 9 = 0x400 | 3 << 18 = 0xc0000 | exponent 4 << 27 =
     * 0x20000000 -> 0x200c0401. */
    EXPECT(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, uints4(1, 2, 3, 4), DDI_ENCODE_SOURCE_UINT, true,
            0x01, 0x04, 0x0c, 0x20);
    /* B5G6R5 (R 0x1f, G 0, B 1): 1 | 0 | 0x1f << 11 = 0xf800 -> 0xf801. */
    EXPECT(DXGI_FORMAT_B5G6R5_UNORM, uints4(0x1f, 0, 1, 0), DDI_ENCODE_SOURCE_UINT, true, 0x01, 0xf8);
    /* A8 reads Uints[3]. */
    EXPECT(DXGI_FORMAT_A8_UNORM, uints4(1, 2, 3, 0x1ab), DDI_ENCODE_SOURCE_UINT, true, 0xab);
    /* Not colour elements: depth, video, compressed, R1, 4:2:2. */
    ck_assert_int_eq(encode_result(DXGI_FORMAT_D32_FLOAT, uints4(1, 0, 0, 0), DDI_ENCODE_SOURCE_UINT),
            DDI_ENCODE_UNSUPPORTED);
    ck_assert_int_eq(encode_result(DXGI_FORMAT_YUY2, uints4(1, 0, 0, 0), DDI_ENCODE_SOURCE_UINT),
            DDI_ENCODE_UNSUPPORTED);
    ck_assert_int_eq(encode_result(DXGI_FORMAT_BC1_UNORM, uints4(1, 0, 0, 0), DDI_ENCODE_SOURCE_UINT),
            DDI_ENCODE_UNSUPPORTED);
    ck_assert_int_eq(encode_result(DXGI_FORMAT_R1_UNORM, uints4(1, 0, 0, 0), DDI_ENCODE_SOURCE_UINT),
            DDI_ENCODE_UNSUPPORTED);
    ck_assert_int_eq(encode_result(DXGI_FORMAT_R8G8_B8G8_UNORM, uints4(1, 0, 0, 0), DDI_ENCODE_SOURCE_UINT),
            DDI_ENCODE_UNSUPPORTED);
}
END_TEST

/* ---- depth and stencil ---- */

START_TEST(test_depth)
{
    D3D12DDI_CLEAR_DATA value = floats4(1.0f, 0, 0, 0);

    /* D24S8 is planar in D3D12: no single element. */
    ck_assert_int_eq(encode_result(DXGI_FORMAT_D24_UNORM_S8_UINT, value, DDI_ENCODE_SOURCE_CLEAR_DATA),
            DDI_ENCODE_PLANAR);
    /* Plane 0: D24 in bits 0-23, X8 zero. 1.0 -> 0xffffff; 2.0 clamps to the same. */
    EXPECT_PLANE(DXGI_FORMAT_D24_UNORM_S8_UINT, 0, floats4(1.0f, 0, 0, 0), 0xff, 0xff, 0xff, 0x00);
    EXPECT_PLANE(DXGI_FORMAT_D24_UNORM_S8_UINT, 0, floats4(2.0f, 0, 0, 0), 0xff, 0xff, 0xff, 0x00);
    /* 0.5 * 16777215 = 8388607.5 -> 8388608 = 0x800000. */
    EXPECT_PLANE(DXGI_FORMAT_D24_UNORM_S8_UINT, 0, floats4(0.5f, 0, 0, 0), 0x00, 0x00, 0x80, 0x00);
    /* -0, NaN and negatives -> 0. */
    EXPECT_PLANE(DXGI_FORMAT_D24_UNORM_S8_UINT, 0, floats4(-0.0f, 0, 0, 0), 0x00, 0x00, 0x00, 0x00);
    EXPECT_PLANE(DXGI_FORMAT_D24_UNORM_S8_UINT, 0, floats4(NAN, 0, 0, 0), 0x00, 0x00, 0x00, 0x00);
    /* Plane 1: stencil = low 8 bits of Uints[1] (0x1ab -> 0xab). */
    EXPECT_PLANE(DXGI_FORMAT_D24_UNORM_S8_UINT, 1, uints4(0x3f800000, 0x1ab, 0, 0), 0xab);
    /* A legacy depth-stencil clear still takes stencil from Uints[1]. */
    value = uints4(0, 0x1ab, 0, 0);
    {
        uint8_t out[4];
        size_t written;

        ck_assert_int_eq(ddi_encode_clear_plane(DXGI_FORMAT_D24_UNORM_S8_UINT, 1, &value,
                DDI_ENCODE_SOURCE_FLOAT, true, out, sizeof(out), &written), DDI_ENCODE_OK);
        ck_assert_uint_eq(written, 1);
        ck_assert_uint_eq(out[0], 0xab);
    }
    ck_assert_int_eq(plane_result(DXGI_FORMAT_D24_UNORM_S8_UINT, 2, value), DDI_ENCODE_INVALID_ARGUMENT);

    /* D32_FLOAT: -0 -> +0; NaN -> 0; 1.5 -> 1.0 = 0x3f800000; -INF -> 0;
     * +INF -> 1.0; 0.25 = 0x3e800000. */
    EXPECT_CLEAR(DXGI_FORMAT_D32_FLOAT, floats4(-0.0f, 0, 0, 0), 0x00, 0x00, 0x00, 0x00);
    EXPECT_CLEAR(DXGI_FORMAT_D32_FLOAT, floats4(NAN, 0, 0, 0), 0x00, 0x00, 0x00, 0x00);
    EXPECT_CLEAR(DXGI_FORMAT_D32_FLOAT, floats4(1.5f, 0, 0, 0), 0x00, 0x00, 0x80, 0x3f);
    EXPECT_CLEAR(DXGI_FORMAT_D32_FLOAT, floats4(-INFINITY, 0, 0, 0), 0x00, 0x00, 0x00, 0x00);
    EXPECT_CLEAR(DXGI_FORMAT_D32_FLOAT, floats4(INFINITY, 0, 0, 0), 0x00, 0x00, 0x80, 0x3f);
    EXPECT_CLEAR(DXGI_FORMAT_D32_FLOAT, floats4(0.25f, 0, 0, 0), 0x00, 0x00, 0x80, 0x3e);
    /* The smallest denormal (bits 1): kept in [0, 1] without flushing, 0 with;
     * a negative denormal clamps to +0 either way. */
    EXPECT(DXGI_FORMAT_D32_FLOAT, uints4(1, 0, 0, 0), DDI_ENCODE_SOURCE_CLEAR_DATA, false, 0x01, 0x00, 0x00, 0x00);
    EXPECT(DXGI_FORMAT_D32_FLOAT, uints4(1, 0, 0, 0), DDI_ENCODE_SOURCE_CLEAR_DATA, true, 0x00, 0x00, 0x00, 0x00);
    EXPECT(DXGI_FORMAT_D32_FLOAT, uints4(0x80000001, 0, 0, 0), DDI_ENCODE_SOURCE_CLEAR_DATA, false,
            0x00, 0x00, 0x00, 0x00);
    /* D16: 0.5 * 65535 = 32767.5 -> 0x8000. */
    EXPECT_CLEAR(DXGI_FORMAT_D16_UNORM, floats4(0.5f, 0, 0, 0), 0x00, 0x80);
    /* D32S8X24: plane 0 a float (0.25 = 0x3e800000), plane 1 the stencil byte. */
    EXPECT_PLANE(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 0, floats4(0.25f, 0, 0, 0), 0x00, 0x00, 0x80, 0x3e);
    EXPECT_PLANE(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 1, uints4(0, 0xff, 0, 0), 0xff);
    /* Plane views encode only their plane. */
    EXPECT_PLANE(DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 0, floats4(0.5f, 0, 0, 0), 0x00, 0x00, 0x80, 0x00);
    ck_assert_int_eq(plane_result(DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 1, uints4(0, 7, 0, 0)),
            DDI_ENCODE_UNSUPPORTED);
    EXPECT_PLANE(DXGI_FORMAT_X24_TYPELESS_G8_UINT, 1, uints4(0, 7, 0, 0), 0x07);
    ck_assert_int_eq(plane_result(DXGI_FORMAT_X24_TYPELESS_G8_UINT, 0, floats4(1, 0, 0, 0)),
            DDI_ENCODE_UNSUPPORTED);
    /* R32_FLOAT_X8X24 is a float view: 2.0 = 0x40000000 is not clamped. */
    EXPECT_PLANE(DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 0, floats4(2.0f, 0, 0, 0), 0x00, 0x00, 0x00, 0x40);
    EXPECT_PLANE(DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, 1, uints4(0, 0x42, 0, 0), 0x42);
}
END_TEST

/* ---- video ---- */

START_TEST(test_yuv)
{
    /* AYUV bytes V, U, Y, A, each the low 8 bits (Y 0x110 -> 0x10). */
    EXPECT_CLEAR(DXGI_FORMAT_AYUV, uints4(0x110, 0x80, 0xf0, 0xff), 0xf0, 0x80, 0x10, 0xff);
    /* Y410: U 0x200 | Y 940 = 0x3ac << 10 = 0xeb000 | V 0x40 << 20 = 0x4000000
     * | A 3 << 30 -> 0xc40eb200. */
    EXPECT_CLEAR(DXGI_FORMAT_Y410, uints4(0x3ac, 0x200, 0x40, 3), 0x00, 0xb2, 0x0e, 0xc4);
    /* Y416: 16-bit U, Y, V, A. */
    EXPECT_CLEAR(DXGI_FORMAT_Y416, uints4(0x1234, 0x5678, 0x9abc, 0xdef0),
            0x78, 0x56, 0x34, 0x12, 0xbc, 0x9a, 0xf0, 0xde);
    /* 4:2:2 pairs: Y0, U, Y1, V with both lumas equal. */
    EXPECT_CLEAR(DXGI_FORMAT_YUY2, uints4(0x10, 0x80, 0xf0, 0), 0x10, 0x80, 0x10, 0xf0);
    /* Y210 / Y216: 16-bit samples, the given bits unshifted. */
    EXPECT_CLEAR(DXGI_FORMAT_Y210, uints4(0xeb00, 0x8000, 0x1000, 0),
            0x00, 0xeb, 0x00, 0x80, 0x00, 0xeb, 0x00, 0x10);
    EXPECT_CLEAR(DXGI_FORMAT_Y216, uints4(0x1234, 0x5678, 0x9abc, 0),
            0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 0xbc, 0x9a);
    /* Planar formats: per plane. */
    ck_assert_int_eq(encode_result(DXGI_FORMAT_NV12, uints4(0x10, 0x80, 0xf0, 0), DDI_ENCODE_SOURCE_CLEAR_DATA),
            DDI_ENCODE_PLANAR);
    EXPECT_PLANE(DXGI_FORMAT_NV12, 0, uints4(0x10, 0x80, 0xf0, 0), 0x10);
    EXPECT_PLANE(DXGI_FORMAT_NV12, 1, uints4(0x10, 0x80, 0xf0, 0), 0x80, 0xf0);
    ck_assert_int_eq(plane_result(DXGI_FORMAT_NV12, 2, uints4(0, 0, 0, 0)), DDI_ENCODE_INVALID_ARGUMENT);
    EXPECT_PLANE(DXGI_FORMAT_P010, 0, uints4(0xeb00, 0x8000, 0x1000, 0), 0x00, 0xeb);
    EXPECT_PLANE(DXGI_FORMAT_P010, 1, uints4(0xeb00, 0x8000, 0x1000, 0), 0x00, 0x80, 0x00, 0x10);
    EXPECT_PLANE(DXGI_FORMAT_V408, 2, uints4(0x10, 0x80, 0xf0, 0), 0xf0);
    EXPECT_PLANE(DXGI_FORMAT_P208, 1, uints4(0x10, 0x80, 0xf0, 0), 0x80, 0xf0);
}
END_TEST

/* ---- compressed blocks and raw patterns ---- */

START_TEST(test_blocks)
{
    D3D12DDI_CLEAR_DATA value;
    unsigned int i;

    for (i = 0; i < 16; ++i)
        value.Bytes[i] = (BYTE)(0x10 + i);
    /* BC1 / BC4: the low 8 bytes; BC7: all 16. */
    EXPECT_CLEAR(DXGI_FORMAT_BC1_UNORM, value, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17);
    EXPECT_CLEAR(DXGI_FORMAT_BC4_SNORM, value, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17);
    EXPECT_CLEAR(DXGI_FORMAT_BC7_UNORM_SRGB, value, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
            0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f);
    ck_assert_int_eq(encode_result(DXGI_FORMAT_BC1_TYPELESS, value, DDI_ENCODE_SOURCE_CLEAR_DATA),
            DDI_ENCODE_UNSUPPORTED);
    ck_assert_int_eq(encode_result(DXGI_FORMAT_BC1_UNORM, value, DDI_ENCODE_SOURCE_FLOAT),
            DDI_ENCODE_UNSUPPORTED);
}
END_TEST

START_TEST(test_raw_patterns)
{
    static const unsigned int sizes[] = {1, 2, 4, 8, 12, 16};
    uint8_t out[DDI_ENCODE_MAX_BYTES + 1];
    D3D12DDI_CLEAR_DATA value;
    size_t written;
    unsigned int i, j;

    for (i = 0; i < 16; ++i)
        value.Bytes[i] = (BYTE)(0xa0 + i);
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); ++i)
    {
        memset(out, 0xcd, sizeof(out));
        ck_assert_int_eq(ddi_encode_raw_pattern(&value, sizes[i], out, sizeof(out), &written), DDI_ENCODE_OK);
        ck_assert_uint_eq(written, sizes[i]);
        /* The low bytes of Bytes in order: 0xa0, 0xa1, ... */
        for (j = 0; j < sizes[i]; ++j)
            ck_assert_uint_eq(out[j], 0xa0 + j);
        ck_assert_uint_eq(out[sizes[i]], 0xcd);
    }
    ck_assert_int_eq(ddi_encode_raw_pattern(&value, 0, out, sizeof(out), &written), DDI_ENCODE_INVALID_ARGUMENT);
    ck_assert_int_eq(ddi_encode_raw_pattern(&value, 17, out, sizeof(out), &written), DDI_ENCODE_INVALID_ARGUMENT);
    ck_assert_int_eq(ddi_encode_raw_pattern(&value, 12, out, 8, &written), DDI_ENCODE_BUFFER_TOO_SMALL);
    ck_assert_uint_eq(written, 12);
}
END_TEST

/* ---- what is refused ---- */

START_TEST(test_unsupported)
{
    static const DXGI_FORMAT formats[] =
    {
        DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R32G32B32A32_TYPELESS,
        DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_420_OPAQUE, DXGI_FORMAT_P8, DXGI_FORMAT_A8P8,
        DXGI_FORMAT_AI44, DXGI_FORMAT_IA44, DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM,
        DXGI_FORMAT_SAMPLER_FEEDBACK_MIN_MIP_OPAQUE, DXGI_FORMAT_SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE,
        (DXGI_FORMAT)116, (DXGI_FORMAT)0xffff,
    };
    static const enum ddi_encode_source sources[] =
    {
        DDI_ENCODE_SOURCE_CLEAR_DATA, DDI_ENCODE_SOURCE_FLOAT, DDI_ENCODE_SOURCE_UINT,
    };
    D3D12DDI_CLEAR_DATA value = floats4(0.5f, 0.5f, 0.5f, 0.5f);
    uint8_t out[DDI_ENCODE_MAX_BYTES];
    size_t i, j, written;

    for (i = 0; i < sizeof(formats) / sizeof(formats[0]); ++i)
    {
        for (j = 0; j < sizeof(sources) / sizeof(sources[0]); ++j)
        {
            written = 99;
            ck_assert_msg(ddi_encode_clear_value(formats[i], &value, sources[j], true, out, sizeof(out),
                    &written) == DDI_ENCODE_UNSUPPORTED, "format %u source %zu", formats[i], j);
            ck_assert_uint_eq(written, 0);
            ck_assert_int_eq(ddi_encode_clear_plane(formats[i], 0, &value, sources[j], true, out,
                    sizeof(out), NULL), DDI_ENCODE_UNSUPPORTED);
        }
    }
}
END_TEST

START_TEST(test_arguments)
{
    D3D12DDI_CLEAR_DATA value = floats4(1, 1, 1, 1);
    uint8_t out[DDI_ENCODE_MAX_BYTES];
    size_t written;

    /* 16 bytes needed, 8 given; a NULL buffer of size 0 asks for the size. */
    ck_assert_int_eq(ddi_encode_clear_value(DXGI_FORMAT_R32G32B32A32_FLOAT, &value,
            DDI_ENCODE_SOURCE_CLEAR_DATA, true, out, 8, &written), DDI_ENCODE_BUFFER_TOO_SMALL);
    ck_assert_uint_eq(written, 16);
    ck_assert_int_eq(ddi_encode_clear_value(DXGI_FORMAT_R8G8B8A8_UNORM, &value,
            DDI_ENCODE_SOURCE_CLEAR_DATA, true, NULL, 0, &written), DDI_ENCODE_BUFFER_TOO_SMALL);
    ck_assert_uint_eq(written, 4);
    ck_assert_int_eq(ddi_encode_clear_plane(DXGI_FORMAT_NV12, 1, &value,
            DDI_ENCODE_SOURCE_CLEAR_DATA, true, NULL, 0, &written), DDI_ENCODE_BUFFER_TOO_SMALL);
    ck_assert_uint_eq(written, 2);
    ck_assert_int_eq(ddi_encode_clear_value(DXGI_FORMAT_R8G8B8A8_UNORM, NULL,
            DDI_ENCODE_SOURCE_CLEAR_DATA, true, out, sizeof(out), &written), DDI_ENCODE_INVALID_ARGUMENT);
    ck_assert_int_eq(ddi_encode_clear_value(DXGI_FORMAT_R8G8B8A8_UNORM, &value,
            (enum ddi_encode_source)7, true, out, sizeof(out), &written), DDI_ENCODE_INVALID_ARGUMENT);
    ck_assert_int_eq(ddi_encode_clear_plane(DXGI_FORMAT_R8G8B8A8_UNORM, 1, &value,
            DDI_ENCODE_SOURCE_CLEAR_DATA, true, out, sizeof(out), &written), DDI_ENCODE_INVALID_ARGUMENT);
    ck_assert_int_eq(ddi_encode_raw_pattern(NULL, 4, out, sizeof(out), &written), DDI_ENCODE_INVALID_ARGUMENT);
}
END_TEST

/* Every format: a result from the documented set, the plane's size on
 * success, and a clear-data member behind every success. */
START_TEST(test_all_formats)
{
    D3D12DDI_CLEAR_DATA value = floats4(0.25f, 0.5f, 0.75f, 1.0f);
    uint8_t out[DDI_ENCODE_MAX_BYTES];
    unsigned int format, plane, bytes;
    enum ddi_encode_result hr;
    size_t written;

    for (format = 0; format < 256; ++format)
    {
        const struct ddi_format_info *info = ddi_format_get((DXGI_FORMAT)format);

        hr = ddi_encode_clear_value((DXGI_FORMAT)format, &value, DDI_ENCODE_SOURCE_CLEAR_DATA, true, out,
                sizeof(out), &written);
        ck_assert_msg(hr == DDI_ENCODE_OK || hr == DDI_ENCODE_PLANAR || hr == DDI_ENCODE_UNSUPPORTED,
                "format %u: %d", format, hr);
        if (hr == DDI_ENCODE_OK)
        {
            ck_assert(ddi_format_plane_info((DXGI_FORMAT)format, 0, &bytes, NULL, NULL));
            ck_assert_uint_eq(written, bytes);
            ck_assert_uint_eq(info->plane_count, 1);
        }
        if (hr != DDI_ENCODE_UNSUPPORTED)
            ck_assert(info->clear_member[0] || info->clear_member[1] || info->clear_member[3]);
        if (hr != DDI_ENCODE_PLANAR)
            continue;
        for (plane = 0; plane < info->plane_count; ++plane)
        {
            hr = ddi_encode_clear_plane((DXGI_FORMAT)format, plane, &value, DDI_ENCODE_SOURCE_CLEAR_DATA,
                    true, out, sizeof(out), &written);
            ck_assert_msg(hr == DDI_ENCODE_OK || hr == DDI_ENCODE_UNSUPPORTED, "format %u plane %u: %d",
                    format, plane, hr);
            if (hr == DDI_ENCODE_OK)
            {
                ck_assert(ddi_format_plane_info((DXGI_FORMAT)format, plane, &bytes, NULL, NULL));
                ck_assert_uint_eq(written, bytes);
            }
        }
    }
}
END_TEST

/* ---- legacy view clears ---- */

START_TEST(test_view_exact)
{
    D3D12DDI_CLEAR_DATA value;
    float colour[4];

    /* R8G8B8A8_UNORM 0.5 -> code 128, passed as 128/255 = 0.50196; a driver
     * sees 128.0000 (far from a tie) and stores 128. */
    value = floats4(0.5f, 0.0f, 1.0f, 0.25f);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R8G8B8A8_UNORM, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R8G8B8A8_UNORM, &value, colour));
    ck_assert(colour[0] == (float)(128.0 / 255.0));
    ck_assert(colour[1] == 0.0f);
    ck_assert(colour[2] == 1.0f);
    ck_assert(colour[3] == (float)(64.0 / 255.0));

    /* R32_FLOAT 1.0: passed unchanged. */
    value = floats4(1.0f, 0, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R32_FLOAT, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R32_FLOAT, &value, colour));
    ck_assert(colour[0] == 1.0f);

    /* R32_UINT 16777217 = 2^24 + 1 is no float: it would be cleared as 2^24. */
    value = uints4(16777217, 0, 0, 0);
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_R32_UINT, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R32_UINT, &value, colour));
    ck_assert(colour[0] == 16777216.0f);
    value = uints4(16777216, 0, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R32_UINT, &value, 0));
    /* SINT at the limit: -2^24 is exact, -2^24 - 1 is not. */
    value.Sints[0] = -16777216;
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R32_SINT, &value, 0));
    value.Sints[0] = -16777217;
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_R32_SINT, &value, 0));

    /* Narrow integers pass their stored bits: R8_UINT 300 -> low 8 bits 44;
     * R8_SINT 200 -> 0xc8 = -56. */
    value = uints4(300, 0, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R8_UINT, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R8_UINT, &value, colour));
    ck_assert(colour[0] == 44.0f);
    value = uints4(200, 0, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R8_SINT, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R8_SINT, &value, colour));
    ck_assert(colour[0] == -56.0f);

    /* Denormals are flushed by the legacy clear, keeping the sign. */
    value = uints4(0x00012345, 0x80012345, 0, 0);
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_R32G32_FLOAT, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R32G32_FLOAT, &value, colour));
    ck_assert_uint_eq(bits_of(colour[0]), 0x00000000);
    ck_assert_uint_eq(bits_of(colour[1]), 0x80000000);
    /* NaN: passed on, never exact. */
    value = uints4(0x7fc00000, 0, 0, 0);
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_R32_FLOAT, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R32_FLOAT, &value, colour));
    ck_assert(isnan(colour[0]));
    value = floats4(NAN, 0, 0, 0);
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_R8G8B8A8_UNORM, &value, 0));
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_R16_FLOAT, &value, 0));
    value = floats4(INFINITY, 0, 0, 0);
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_R16_FLOAT, &value, 0));
    /* A zero's sign is not promised. */
    value = floats4(-0.0f, 0, 0, 0);
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_R16_FLOAT, &value, 0));
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_R32_FLOAT, &value, 0));
}
END_TEST

START_TEST(test_view_color_values)
{
    D3D12DDI_CLEAR_DATA value;
    float colour[4];

    /* float16 0.7 is stored as 0x3999 = (1 + 409/1024) * 2^-1 = 1433/2048
     * = 0.69970703125; passing that makes RTZ and RTNE drivers agree. */
    value = floats4(0.7f, 1e6f, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R16G16_FLOAT, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R16G16_FLOAT, &value, colour));
    ck_assert(colour[0] == 0.69970703125f);
    /* 1e6 saturates to 0x7bff = 65504. */
    ck_assert(colour[1] == 65504.0f);

    /* float11 0.7 -> 0x399 = (1 + 25/64) * 2^-1 = 89/128 = 0.6953125. */
    value = floats4(0.7f, 0, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R11G11B10_FLOAT, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R11G11B10_FLOAT, &value, colour));
    ck_assert(colour[0] == 0.6953125f);

    /* SNORM -1 -> -127 -> -127/127 = -1. */
    value = floats4(-1.0f, -1.5f, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R8G8_SNORM, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R8G8_SNORM, &value, colour));
    ck_assert(colour[0] == -1.0f && colour[1] == -1.0f);

    /* sRGB 0.5 -> 188: ((188/255 + 0.055) / 1.055)^2.4 = 0.750952^2.4 = 0.502886.
     * Alpha 0.5 -> 128 -> 128/255. */
    value = floats4(0.5f, 0, 0, 0.5f);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, &value, colour));
    ck_assert_msg(fabsf(colour[0] - 0.502886f) < 1e-5f, "%.7f", colour[0]);
    ck_assert(colour[3] == (float)(128.0 / 255.0));

    /* R10G10B10A2 alpha 1/3 -> code 1 -> 1/3. */
    value = floats4(0, 0, 0, 1.0f / 3.0f);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R10G10B10A2_UNORM, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R10G10B10A2_UNORM, &value, colour));
    ck_assert(colour[3] == (float)(1.0 / 3.0));

    /* R9G9B9E5 (1, 0.5, 0.25) is stored exactly and passed back as is. */
    value = floats4(1.0f, 0.5f, 0.25f, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, &value, 0));
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, &value, colour));
    ck_assert(colour[0] == 1.0f && colour[1] == 0.5f && colour[2] == 0.25f);

    /* A8 gets its value in the fourth component. */
    value = floats4(0, 0, 0, 1.0f);
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_A8_UNORM, &value, colour));
    ck_assert(colour[3] == 1.0f && colour[0] == 0.0f);

    /* The X byte of B8G8R8X8 is unknown for a native clear: never exact. */
    value = floats4(1.0f, 0.5f, 0.0f, 0.0f);
    ck_assert(ddi_encode_view_clear_color(DXGI_FORMAT_B8G8R8X8_UNORM, &value, colour));
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_B8G8R8X8_UNORM, &value, 0));
    ck_assert(colour[0] == 1.0f && colour[3] == 0.0f);
}
END_TEST

START_TEST(test_view_no_legacy_clear)
{
    static const DXGI_FORMAT formats[] =
    {
        DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_NV12, DXGI_FORMAT_YUY2,
        DXGI_FORMAT_AYUV, DXGI_FORMAT_R1_UNORM, DXGI_FORMAT_R8G8_B8G8_UNORM, DXGI_FORMAT_D32_FLOAT,
        DXGI_FORMAT_R24_UNORM_X8_TYPELESS, DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM, DXGI_FORMAT_UNKNOWN,
    };
    D3D12DDI_CLEAR_DATA value = floats4(0.5f, 0.5f, 0.5f, 0.5f);
    float colour[4] = {9, 9, 9, 9};
    size_t i;

    for (i = 0; i < sizeof(formats) / sizeof(formats[0]); ++i)
    {
        ck_assert_msg(!ddi_encode_view_clear_color(formats[i], &value, colour), "%s",
                ddi_format_name(formats[i]));
        ck_assert(colour[0] == 0.0f && colour[3] == 0.0f);
        if (formats[i] != DXGI_FORMAT_D32_FLOAT)
            ck_assert(!ddi_encode_view_clear_exact(formats[i], &value, 0));
    }
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_R8G8B8A8_UNORM, NULL, 0));
}
END_TEST

START_TEST(test_view_depth)
{
    D3D12DDI_CLEAR_DATA value;
    UINT8 stencil;
    float depth;

    /* D24 0.5 -> code 0x800000; 0x800000/16777215 = 0.5 + 2.98023241e-8 rounds
     * up to the float 0.5 + 2^-24 (the midpoint is 0.5 + 2^-25 =
     * 0.5 + 2.98023224e-8), which a driver scales to 8388608.49999994: 0.5
     * from the code, inside the tolerance zone.  Not exact. */
    value = floats4(0.5f, 0, 0, 0);
    value.Uints[1] = 0x1ab;
    ck_assert(ddi_encode_view_clear_depth(DXGI_FORMAT_D24_UNORM_S8_UINT, &value, &depth, &stencil));
    ck_assert_uint_eq(bits_of(depth), 0x3f000001);
    ck_assert_uint_eq(stencil, 0xab);
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_D24_UNORM_S8_UINT, &value, 0));
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_D24_UNORM_S8_UINT, &value, D3D12DDI_CLEAR_FLAG_DEPTH));
    /* Stencil alone is always exact. */
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_D24_UNORM_S8_UINT, &value, D3D12DDI_CLEAR_FLAG_STENCIL));
    /* D24 0.25 -> 4194303.75 -> code 0x400000; 0x400000/16777215 rounds to
     * 0.25 + 2^-25, scaled 4194304.25: 0.25 from the code, exact.  1.0 exact. */
    value = floats4(0.25f, 0, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_D24_UNORM_S8_UINT, &value, 0));
    value = floats4(1.0f, 0, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_D24_UNORM_S8_UINT, &value, 0));
    /* D16 0.5 -> 0x8000 -> 32768/65535 = 0.500007629: exact. */
    value = floats4(0.5f, 0, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_D16_UNORM, &value, 0));
    ck_assert(ddi_encode_view_clear_depth(DXGI_FORMAT_D16_UNORM, &value, &depth, &stencil));
    ck_assert(depth == (float)(32768.0 / 65535.0));
    ck_assert_uint_eq(stencil, 0);
    /* D32: -0 -> +0 and 2.0 -> 1.0 both ways, so exact; NaN and denormals not. */
    value = floats4(-0.0f, 0, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_D32_FLOAT, &value, 0));
    ck_assert(ddi_encode_view_clear_depth(DXGI_FORMAT_D32_FLOAT, &value, &depth, NULL));
    ck_assert_uint_eq(bits_of(depth), 0);
    value = floats4(2.0f, 0, 0, 0);
    ck_assert(ddi_encode_view_clear_exact(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, &value, 0));
    ck_assert(ddi_encode_view_clear_depth(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, &value, &depth, NULL));
    ck_assert(depth == 1.0f);
    value = floats4(NAN, 0, 0, 0);
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_D32_FLOAT, &value, 0));
    ck_assert(ddi_encode_view_clear_depth(DXGI_FORMAT_D32_FLOAT, &value, &depth, NULL));
    ck_assert_uint_eq(bits_of(depth), 0);
    value = uints4(1, 0, 0, 0);
    ck_assert(!ddi_encode_view_clear_exact(DXGI_FORMAT_D32_FLOAT, &value, 0));
    /* Not a DSV format. */
    ck_assert(!ddi_encode_view_clear_depth(DXGI_FORMAT_R32_FLOAT, &value, &depth, &stencil));
    ck_assert(!ddi_encode_view_clear_depth(DXGI_FORMAT_R24G8_TYPELESS, &value, &depth, &stencil));
}
END_TEST

static Suite *ddi_encode_suite(void)
{
    Suite *s = suite_create("ddi_encode");
    TCase *tc;

    tc = tcase_create("table");
    tcase_add_test(tc, test_clear_members);
    suite_add_tcase(s, tc);

    tc = tcase_create("encode");
    tcase_add_test(tc, test_unorm);
    tcase_add_test(tc, test_srgb);
    tcase_add_test(tc, test_snorm);
    tcase_add_test(tc, test_float16);
    tcase_add_test(tc, test_float16_nan);
    tcase_add_test(tc, test_float32);
    tcase_add_test(tc, test_r11g11b10);
    tcase_add_test(tc, test_rgbe);
    tcase_add_test(tc, test_packed);
    tcase_add_test(tc, test_integers);
    tcase_add_test(tc, test_float_source_integers);
    tcase_add_test(tc, test_uint_source);
    tcase_add_test(tc, test_depth);
    tcase_add_test(tc, test_yuv);
    tcase_add_test(tc, test_blocks);
    tcase_add_test(tc, test_raw_patterns);
    tcase_add_test(tc, test_unsupported);
    tcase_add_test(tc, test_arguments);
    tcase_add_test(tc, test_all_formats);
    suite_add_tcase(s, tc);

    tc = tcase_create("view");
    tcase_add_test(tc, test_view_exact);
    tcase_add_test(tc, test_view_color_values);
    tcase_add_test(tc, test_view_no_legacy_clear);
    tcase_add_test(tc, test_view_depth);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    return test_run_suites(ddi_encode_suite(), NULL);
}
