/*
 * The output merger's colour writes (blend factors and equations per format class,
 * logic ops, write masks, MSAA, array and 3D slices, dual-source and independent
 * blending) and the queries that count what ran, fed through the counters the
 * execution engine keeps. Fixture and conventions: test_agx_om.c.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ddi_format.h"
#include "test_agx_om.h"

static uint8_t unorm8(double v)
{
    v = v != v ? 0.0 : v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
    return (uint8_t)floor(v * 255.0 + 0.5);
}

static double srgb_to_linear(uint8_t code)
{
    double c = code / 255.0;

    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static uint8_t linear_to_srgb(double v)
{
    v = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
    return unorm8(v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1.0 / 2.4) - 0.055);
}

/* One 1x1 render target of `format` (sample_size bytes, `samples` samples) holding
 * `initial` in every sample; returns its bytes after `passed` samples were written. */
struct color_case
{
    struct om o;
    struct tex rt;
    struct agx_om_state s;
    struct agx_om_pixel p;
};

static void color_case_init(struct color_case *c, DXGI_FORMAT format, UINT sample_size, UINT samples,
                            const void *initial)
{
    om_init(&c->o);
    c->rt = om_texture(&c->o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, format, 1, 1, 1, samples, sample_size, 0);
    om_fill(&c->o, &c->rt, 0, 0, initial, sample_size);
    state_init(&c->s);
    c->s.sample_count = samples;
    set_rt(&c->s, 0, &c->rt, format);
    pixel_init(&c->p, 0, 0, 0.0f);
}

static void color_case_run(struct color_case *c, uint32_t passed, void *out)
{
    agx_om_write_color(c->o.backend, &c->s, &c->p, passed);
    om_get(&c->o, &c->rt, 0, 0, out);
}

/* ---- Conversions without blending --------------------------------------------------------- */

START_TEST(test_om_color_formats)
{
    static const uint32_t poison = 0xcdcdcdcd;
    static const uint32_t poison4[4] = {0xcdcdcdcd, 0xcdcdcdcd, 0xcdcdcdcd, 0xcdcdcdcd};
    struct color_case c;
    unsigned char got[16];

    /* UNORM: 0.5 -> 128 (half up), 0.25 -> 64, clamped 1.5 -> 255, -1 -> 0. */
    color_case_init(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1, &poison);
    pixel_color(&c.p, 0, 0.5f, 0.25f, 1.5f, -1.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){128, 64, 255, 0}, 4, "R8G8B8A8_UNORM");
    om_finish(&c.o);

    /* BGRA: blue in the first byte. */
    color_case_init(&c, DXGI_FORMAT_B8G8R8A8_UNORM, 4, 1, &poison);
    pixel_color(&c.p, 0, 1.0f, 0.0f, 0.5f, 1.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){128, 0, 255, 255}, 4, "B8G8R8A8_UNORM");
    om_finish(&c.o);

    /* sRGB: linear 0.5 -> 188, 0.18 -> 118; alpha linear 0.5 -> 128. */
    color_case_init(&c, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 4, 1, &poison);
    pixel_color(&c.p, 0, 0.5f, 0.18f, 0.0f, 0.5f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){188, 118, 0, 128}, 4, "R8G8B8A8_UNORM_SRGB");
    om_finish(&c.o);

    /* SNORM: -1 -> 0x81 (never 0x80), 0.5 -> 0x40 (63.5 away from zero), -0.5 -> 0xc0, 2 -> 0x7f. */
    color_case_init(&c, DXGI_FORMAT_R8G8B8A8_SNORM, 4, 1, &poison);
    pixel_color(&c.p, 0, -1.0f, 0.5f, -0.5f, 2.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){0x81, 0x40, 0xc0, 0x7f}, 4, "R8G8B8A8_SNORM");
    om_finish(&c.o);

    /* float16 rounds toward zero: 0.7 -> 0x3999; 65520 -> 0x7bff (not INF); -2 -> 0xc000. */
    color_case_init(&c, DXGI_FORMAT_R16G16B16A16_FLOAT, 8, 1, poison4);
    pixel_color(&c.p, 0, 0.7f, 65520.0f, -2.0f, 1.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){0x99, 0x39, 0xff, 0x7b, 0x00, 0xc0, 0x00, 0x3c}, 8,
                "R16G16B16A16_FLOAT");
    om_finish(&c.o);

    /* float32 without blending: the shader's bits, a denormal included. */
    color_case_init(&c, DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 1, poison4);
    pixel_uint(&c.p, 0, 0x00000001, 0x3f800000, 0x7fc00001, 0x80000000);
    color_case_run(&c, 1, got);
    ck_assert_uint_eq(le32(got), 0x00000001);
    ck_assert_uint_eq(le32(got + 4), 0x3f800000);
    ck_assert_uint_eq(le32(got + 8), 0x7fc00001);
    ck_assert_uint_eq(le32(got + 12), 0x80000000);
    om_finish(&c.o);

    /* R11G11B10: 1.0 -> 0x3c0 / 0x3c0 / 0x1e0; negatives to 0. */
    color_case_init(&c, DXGI_FORMAT_R11G11B10_FLOAT, 4, 1, &poison);
    pixel_color(&c.p, 0, 1.0f, -3.0f, 1.0f, 0.0f);
    color_case_run(&c, 1, got);
    ck_assert_uint_eq(le32(got), 0x3c0u | 0u << 11 | 0x1e0u << 22);
    om_finish(&c.o);

    /* Integers: the low bits, as is. */
    color_case_init(&c, DXGI_FORMAT_R16G16_SINT, 4, 1, &poison);
    pixel_uint(&c.p, 0, (uint32_t)-2, 0x12345, 0, 0);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){0xfe, 0xff, 0x45, 0x23}, 4, "R16G16_SINT");
    om_finish(&c.o);

    color_case_init(&c, DXGI_FORMAT_R32G32_UINT, 8, 1, poison4);
    pixel_uint(&c.p, 0, 0xdeadbeef, 0x01020304, 0, 0);
    color_case_run(&c, 1, got);
    ck_assert_uint_eq(le32(got), 0xdeadbeef);
    ck_assert_uint_eq(le32(got + 4), 0x01020304);
    om_finish(&c.o);
}
END_TEST

/* ---- Blend factors and equations ------------------------------------------------------------ */

static const float src_v[4] = {0.2f, 0.4f, 0.6f, 0.8f};
static const float src1_v[4] = {0.1f, 0.3f, 0.5f, 0.7f};
static const float dst_v[4] = {0.5f, 0.25f, 0.125f, 0.75f};
static const float const_v[4] = {0.3f, 0.6f, 0.9f, 0.45f};

/* The factor by D3D12_BLEND, written out for the inputs above. */
static void factor_ref(D3D12_BLEND blend, float f[4])
{
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        switch (blend)
        {
            case D3D12_BLEND_ZERO: f[i] = 0.0f; break;
            case D3D12_BLEND_ONE: f[i] = 1.0f; break;
            case D3D12_BLEND_SRC_COLOR: f[i] = src_v[i]; break;
            case D3D12_BLEND_INV_SRC_COLOR: f[i] = 1.0f - src_v[i]; break;
            case D3D12_BLEND_SRC_ALPHA: f[i] = 0.8f; break;
            case D3D12_BLEND_INV_SRC_ALPHA: f[i] = 1.0f - 0.8f; break;
            case D3D12_BLEND_DEST_ALPHA: f[i] = 0.75f; break;
            case D3D12_BLEND_INV_DEST_ALPHA: f[i] = 0.25f; break;
            case D3D12_BLEND_DEST_COLOR: f[i] = dst_v[i]; break;
            case D3D12_BLEND_INV_DEST_COLOR: f[i] = 1.0f - dst_v[i]; break;
            /* min(0.8, 1 - 0.75) for colour, 1 for alpha. */
            case D3D12_BLEND_SRC_ALPHA_SAT: f[i] = i < 3 ? 0.25f : 1.0f; break;
            case D3D12_BLEND_BLEND_FACTOR: f[i] = const_v[i]; break;
            case D3D12_BLEND_INV_BLEND_FACTOR: f[i] = 1.0f - const_v[i]; break;
            case D3D12_BLEND_SRC1_COLOR: f[i] = src1_v[i]; break;
            case D3D12_BLEND_INV_SRC1_COLOR: f[i] = 1.0f - src1_v[i]; break;
            case D3D12_BLEND_SRC1_ALPHA: f[i] = 0.7f; break;
            case D3D12_BLEND_INV_SRC1_ALPHA: f[i] = 1.0f - 0.7f; break;
            case D3D12_BLEND_ALPHA_FACTOR: f[i] = 0.45f; break;
            default: f[i] = 1.0f - 0.45f; break;   /* INV_ALPHA_FACTOR */
        }
    }
}

/* Every factor as source factor (destination ZERO) and as destination factor (source
 * ZERO), for colour and alpha, on R32G32B32A32_FLOAT; SRC1 factors take o1. */
START_TEST(test_om_blend_factors)
{
    static const D3D12_BLEND factors[] =
    {
        D3D12_BLEND_ZERO, D3D12_BLEND_ONE, D3D12_BLEND_SRC_COLOR, D3D12_BLEND_INV_SRC_COLOR,
        D3D12_BLEND_SRC_ALPHA, D3D12_BLEND_INV_SRC_ALPHA, D3D12_BLEND_DEST_ALPHA, D3D12_BLEND_INV_DEST_ALPHA,
        D3D12_BLEND_DEST_COLOR, D3D12_BLEND_INV_DEST_COLOR, D3D12_BLEND_SRC_ALPHA_SAT, D3D12_BLEND_BLEND_FACTOR,
        D3D12_BLEND_INV_BLEND_FACTOR, D3D12_BLEND_SRC1_COLOR, D3D12_BLEND_INV_SRC1_COLOR, D3D12_BLEND_SRC1_ALPHA,
        D3D12_BLEND_INV_SRC1_ALPHA, D3D12_BLEND_ALPHA_FACTOR, D3D12_BLEND_INV_ALPHA_FACTOR,
    };
    struct color_case c;
    unsigned int i, side, ch;
    float got[4], f[4];

    color_case_init(&c, DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 1, dst_v);
    memcpy(c.s.blend_factor, const_v, sizeof(const_v));
    for (i = 0; i < ARRAY_SIZE(factors); ++i)
    {
        for (side = 0; side < 2; ++side)
        {
            D3D12_RENDER_TARGET_BLEND_DESC *rt = &c.s.blend.RenderTarget[0];

            om_put(&c.o, &c.rt, 0, 0, dst_v);
            rt->BlendEnable = TRUE;
            rt->SrcBlend = rt->SrcBlendAlpha = side ? D3D12_BLEND_ZERO : factors[i];
            rt->DestBlend = rt->DestBlendAlpha = side ? factors[i] : D3D12_BLEND_ZERO;
            pixel_color(&c.p, 0, src_v[0], src_v[1], src_v[2], src_v[3]);
            pixel_color(&c.p, 1, src1_v[0], src1_v[1], src1_v[2], src1_v[3]);
            color_case_run(&c, 1, got);
            factor_ref(factors[i], f);
            for (ch = 0; ch < 4; ++ch)
            {
                float expected = side ? dst_v[ch] * f[ch] : src_v[ch] * f[ch];

                ck_assert_msg(got[ch] == expected, "factor %u as %s, channel %u: %.9g, expected %.9g", factors[i],
                              side ? "dest" : "source", ch, got[ch], expected);
            }
        }
    }
    om_finish(&c.o);
}
END_TEST

/* The five equations with SRC_ALPHA / INV_SRC_ALPHA (0.8 / 0.2), colour and alpha
 * separately (alpha ONE / ONE). */
START_TEST(test_om_blend_ops)
{
    static const D3D12_BLEND_OP ops[] =
    {
        D3D12_BLEND_OP_ADD, D3D12_BLEND_OP_SUBTRACT, D3D12_BLEND_OP_REV_SUBTRACT, D3D12_BLEND_OP_MIN,
        D3D12_BLEND_OP_MAX,
    };
    struct color_case c;
    unsigned int i, ch;
    float got[4];

    color_case_init(&c, DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 1, dst_v);
    for (i = 0; i < ARRAY_SIZE(ops); ++i)
    {
        D3D12_RENDER_TARGET_BLEND_DESC *rt = &c.s.blend.RenderTarget[0];

        om_put(&c.o, &c.rt, 0, 0, dst_v);
        rt->BlendEnable = TRUE;
        rt->SrcBlend = D3D12_BLEND_SRC_ALPHA;
        rt->DestBlend = D3D12_BLEND_INV_SRC_ALPHA;
        rt->SrcBlendAlpha = rt->DestBlendAlpha = D3D12_BLEND_ONE;
        rt->BlendOp = rt->BlendOpAlpha = ops[i];
        pixel_color(&c.p, 0, src_v[0], src_v[1], src_v[2], src_v[3]);
        color_case_run(&c, 1, got);
        for (ch = 0; ch < 4; ++ch)
        {
            float fs = ch < 3 ? 0.8f : 1.0f, fd = ch < 3 ? 1.0f - 0.8f : 1.0f, s = src_v[ch], d = dst_v[ch];
            float expected = ops[i] == D3D12_BLEND_OP_ADD ? s * fs + d * fd
                    : ops[i] == D3D12_BLEND_OP_SUBTRACT ? s * fs - d * fd
                    : ops[i] == D3D12_BLEND_OP_REV_SUBTRACT ? d * fd - s * fs
                    : ops[i] == D3D12_BLEND_OP_MIN ? (s < d ? s : d) : (s > d ? s : d);

            ck_assert_msg(got[ch] == expected, "op %u channel %u: %.9g, expected %.9g", ops[i], ch, got[ch],
                          expected);
        }
    }
    om_finish(&c.o);
}
END_TEST

/* UNORM: decoded, blended, rounded half up; the source and the blend factor clamped to
 * [0, 1] first (1.5 - 64/255 stores 191, not 255). */
START_TEST(test_om_blend_unorm)
{
    static const uint8_t initial[4] = {64, 128, 192, 255};
    D3D12_RENDER_TARGET_BLEND_DESC *rt;
    struct color_case c;
    unsigned char got[4];

    color_case_init(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1, initial);
    rt = &c.s.blend.RenderTarget[0];
    rt->BlendEnable = TRUE;
    rt->SrcBlend = D3D12_BLEND_SRC_ALPHA;
    rt->DestBlend = D3D12_BLEND_INV_SRC_ALPHA;
    pixel_color(&c.p, 0, 0.9f, 0.1f, 0.5f, 0.5f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){unorm8(0.9 * 0.5 + 64 / 255.0 * 0.5),
                unorm8(0.1 * 0.5 + 128 / 255.0 * 0.5), unorm8(0.5 * 0.5 + 192 / 255.0 * 0.5), 128}, 4,
                "SRC_ALPHA blend");
    ck_assert_uint_eq(got[0], 147);

    om_put(&c.o, &c.rt, 0, 0, initial);
    rt->SrcBlend = rt->DestBlend = D3D12_BLEND_ONE;
    rt->BlendOp = D3D12_BLEND_OP_SUBTRACT;
    pixel_color(&c.p, 0, 1.5f, 1.5f, 1.5f, 1.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){191, 127, 63, 255}, 4, "clamped source (alpha ONE, ZERO, ADD)");

    om_put(&c.o, &c.rt, 0, 0, initial);
    rt->SrcBlend = D3D12_BLEND_BLEND_FACTOR;
    rt->DestBlend = D3D12_BLEND_ZERO;
    rt->BlendOp = D3D12_BLEND_OP_ADD;
    c.s.blend_factor[0] = c.s.blend_factor[1] = c.s.blend_factor[2] = c.s.blend_factor[3] = 2.0f;
    pixel_color(&c.p, 0, 0.5f, 0.25f, 0.0f, 1.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){128, 64, 0, 255}, 4, "clamped blend factor");
    om_finish(&c.o);
}
END_TEST

/* sRGB: the stored code decoded to linear, blended linear, encoded back; alpha linear. */
START_TEST(test_om_blend_srgb)
{
    static const uint8_t initial[4] = {188, 60, 0, 100};
    D3D12_RENDER_TARGET_BLEND_DESC *rt;
    struct color_case c;
    unsigned char got[4];

    color_case_init(&c, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 4, 1, initial);
    rt = &c.s.blend.RenderTarget[0];
    rt->BlendEnable = TRUE;
    rt->SrcBlend = rt->DestBlend = rt->SrcBlendAlpha = rt->DestBlendAlpha = D3D12_BLEND_ONE;
    pixel_color(&c.p, 0, 0.1f, 0.05f, 0.3f, 0.2f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){linear_to_srgb(srgb_to_linear(188) + 0.1),
                linear_to_srgb(srgb_to_linear(60) + 0.05), linear_to_srgb(0.3), unorm8(100 / 255.0 + 0.2)}, 4,
                "sRGB add");
    /* Linear 0.5029 + 0.1 is 0.6029: code 204, where adding in sRGB space would give 214. */
    ck_assert_uint_eq(got[0], 204);
    om_finish(&c.o);
}
END_TEST

/* float16: 1.0 + 0.7 = 1.70000005 rounds toward zero to 0x3ecc. */
START_TEST(test_om_blend_float16)
{
    static const uint16_t initial[4] = {0x3c00, 0x3c00, 0x0000, 0x3800};
    D3D12_RENDER_TARGET_BLEND_DESC *rt;
    struct color_case c;
    uint16_t got[4];

    color_case_init(&c, DXGI_FORMAT_R16G16B16A16_FLOAT, 8, 1, initial);
    rt = &c.s.blend.RenderTarget[0];
    rt->BlendEnable = TRUE;
    rt->SrcBlend = rt->DestBlend = rt->SrcBlendAlpha = rt->DestBlendAlpha = D3D12_BLEND_ONE;
    pixel_color(&c.p, 0, 0.7f, -3.0f, 2.0f, 0.25f);
    color_case_run(&c, 1, got);
    ck_assert_uint_eq(got[0], 0x3ecc);
    ck_assert_uint_eq(got[1], 0xc000);     /* float targets do not clamp: 1 - 3 = -2 */
    ck_assert_uint_eq(got[2], 0x4000);
    ck_assert_uint_eq(got[3], 0x3a00);     /* 0.5 + 0.25 */
    om_finish(&c.o);
}
END_TEST

/* SNORM: inputs clamped to [-1, 1], the result too; -1 stored as 0x81. A format
 * without alpha (B8G8R8X8) reads destination alpha as 1. */
START_TEST(test_om_blend_snorm_no_alpha)
{
    static const uint8_t minus_one[4] = {0x81, 0x81, 0x81, 0x81};
    static const uint8_t bgrx[4] = {10, 20, 30, 40};
    D3D12_RENDER_TARGET_BLEND_DESC *rt;
    struct color_case c;
    unsigned char got[4];

    color_case_init(&c, DXGI_FORMAT_R8G8B8A8_SNORM, 4, 1, minus_one);
    rt = &c.s.blend.RenderTarget[0];
    rt->BlendEnable = TRUE;
    rt->SrcBlend = rt->DestBlend = rt->SrcBlendAlpha = rt->DestBlendAlpha = D3D12_BLEND_ONE;
    /* -2 clamps to -1: -1 + -1 = -2 -> -1; 0.5 - 1 = -0.5 -> 0xc0; 3 clamps to 1: 0; 1.5 - 1 -> 0. */
    pixel_color(&c.p, 0, -2.0f, 0.5f, 3.0f, 1.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){0x81, 0xc0, 0x00, 0x00}, 4, "SNORM add");
    om_finish(&c.o);

    color_case_init(&c, DXGI_FORMAT_B8G8R8X8_UNORM, 4, 1, bgrx);
    rt = &c.s.blend.RenderTarget[0];
    rt->BlendEnable = TRUE;
    rt->SrcBlend = D3D12_BLEND_INV_DEST_ALPHA;
    rt->DestBlend = D3D12_BLEND_DEST_ALPHA;
    pixel_color(&c.p, 0, 1.0f, 1.0f, 1.0f, 1.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, bgrx, 3, "B8G8R8X8 keeps its colour");
    om_finish(&c.o);
}
END_TEST

/* ---- Logic ops, write masks, integers --------------------------------------------------- */

static uint8_t logic_ref(D3D12_LOGIC_OP op, uint8_t s, uint8_t d)
{
    static const char *const truth[] =
    {
        /* result for (s, d) = (0,0) (0,1) (1,0) (1,1), per bit */
        "0000", "1111", "0011", "1100", "0101", "1010", "0001", "1110",
        "0111", "1000", "0110", "1001", "0010", "0100", "1011", "1101",
    };
    uint8_t out = 0;
    unsigned int bit;

    for (bit = 0; bit < 8; ++bit)
    {
        unsigned int sb = (s >> bit) & 1, db = (d >> bit) & 1;

        if (truth[op][sb * 2 + db] == '1')
            out |= (uint8_t)(1u << bit);
    }
    return out;
}

/* Every logic op on R8G8B8A8_UINT, per channel, from the truth tables. */
START_TEST(test_om_logic_ops)
{
    static const uint8_t initial[4] = {0xf0, 0x35, 0x5a, 0x00};
    static const uint8_t source[4] = {0x0f, 0x33, 0x55, 0xff};
    struct color_case c;
    unsigned char got[4];
    D3D12_LOGIC_OP op;
    unsigned int ch;

    color_case_init(&c, DXGI_FORMAT_R8G8B8A8_UINT, 4, 1, initial);
    for (op = D3D12_LOGIC_OP_CLEAR; op <= D3D12_LOGIC_OP_OR_INVERTED; ++op)
    {
        om_put(&c.o, &c.rt, 0, 0, initial);
        c.s.blend.RenderTarget[0].LogicOpEnable = TRUE;
        c.s.blend.RenderTarget[0].LogicOp = op;
        pixel_uint(&c.p, 0, source[0] | 0x100, source[1], source[2], source[3]);
        color_case_run(&c, 1, got);
        for (ch = 0; ch < 4; ++ch)
            ck_assert_msg(got[ch] == logic_ref(op, source[ch], initial[ch]), "op %u channel %u: %#x, expected %#x",
                          op, ch, got[ch], logic_ref(op, source[ch], initial[ch]));
    }
    /* A write mask limits the logic op too. */
    om_put(&c.o, &c.rt, 0, 0, initial);
    c.s.blend.RenderTarget[0].LogicOp = D3D12_LOGIC_OP_SET;
    c.s.blend.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_GREEN;
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){0xf0, 0xff, 0x5a, 0x00}, 4, "masked SET");
    om_finish(&c.o);
}
END_TEST

/* Write masks keep the other channels' bits, packed formats included; mask 0 writes
 * nothing; an integer target ignores BlendEnable. */
START_TEST(test_om_write_mask)
{
    static const uint8_t initial[4] = {1, 2, 3, 4};
    static const uint16_t zero16 = 0, poison16[2] = {0xcdcd, 0xcdcd};
    struct color_case c;
    unsigned char got[4];

    color_case_init(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1, initial);
    c.s.blend.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_RED | D3D12_COLOR_WRITE_ENABLE_BLUE;
    pixel_color(&c.p, 0, 1.0f, 1.0f, 1.0f, 1.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){255, 2, 255, 4}, 4, "mask RB");
    c.s.blend.RenderTarget[0].RenderTargetWriteMask = 0;
    pixel_color(&c.p, 0, 0.0f, 0.0f, 0.0f, 0.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){255, 2, 255, 4}, 4, "mask 0");
    /* Blending with a mask: only alpha takes the blended value. */
    c.s.blend.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALPHA;
    c.s.blend.RenderTarget[0].BlendEnable = TRUE;
    c.s.blend.RenderTarget[0].DestBlendAlpha = D3D12_BLEND_ONE;
    pixel_color(&c.p, 0, 1.0f, 1.0f, 1.0f, 10 / 255.0f);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){255, 2, 255, 14}, 4, "blended alpha only");
    om_finish(&c.o);

    /* B5G6R5: green is bits 5-10. */
    color_case_init(&c, DXGI_FORMAT_B5G6R5_UNORM, 2, 1, &zero16);
    c.s.blend.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_GREEN;
    pixel_color(&c.p, 0, 1.0f, 1.0f, 1.0f, 1.0f);
    color_case_run(&c, 1, got);
    ck_assert_uint_eq(got[0] | got[1] << 8, 0x07e0);
    om_finish(&c.o);

    /* R16G16_SINT with BlendEnable: the bits, not a blend. */
    color_case_init(&c, DXGI_FORMAT_R16G16_SINT, 4, 1, poison16);
    c.s.blend.RenderTarget[0].BlendEnable = TRUE;
    c.s.blend.RenderTarget[0].DestBlend = D3D12_BLEND_ONE;
    pixel_uint(&c.p, 0, 7, (uint32_t)-7, 0, 0);
    color_case_run(&c, 1, got);
    check_bytes(got, (const unsigned char[]){7, 0, 0xf9, 0xff}, 4, "R16G16_SINT");
    om_finish(&c.o);
}
END_TEST

/* ---- Samples, slices, several targets ------------------------------------------------- */

/* 4x MSAA: the passed samples only; blending reads each sample's own value. */
START_TEST(test_om_color_msaa)
{
    static const uint8_t samples[16] = {0, 0, 0, 0, 10, 10, 10, 10, 20, 20, 20, 20, 30, 30, 30, 30};
    struct color_case c;
    unsigned char got[16];
    uint8_t zero[4] = {0};

    color_case_init(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, zero);
    om_put(&c.o, &c.rt, 0, 0, samples);
    pixel_color(&c.p, 0, 1.0f, 1.0f, 1.0f, 1.0f);
    color_case_run(&c, 0x5, got);
    check_bytes(got, (const unsigned char[]){255, 255, 255, 255, 10, 10, 10, 10, 255, 255, 255, 255,
                30, 30, 30, 30}, 16, "plain write of samples 0 and 2");

    om_put(&c.o, &c.rt, 0, 0, samples);
    c.s.blend.RenderTarget[0].BlendEnable = TRUE;
    c.s.blend.RenderTarget[0].DestBlend = c.s.blend.RenderTarget[0].DestBlendAlpha = D3D12_BLEND_ONE;
    pixel_color(&c.p, 0, 5 / 255.0f, 5 / 255.0f, 5 / 255.0f, 5 / 255.0f);
    color_case_run(&c, 0xe, got);
    check_bytes(got, (const unsigned char[]){0, 0, 0, 0, 15, 15, 15, 15, 25, 25, 25, 25, 35, 35, 35, 35}, 16,
                "additive blend of samples 1 to 3");
    om_finish(&c.o);
}
END_TEST

/* The render-target array index selects first_slice + slice of an array; of a 3D
 * texture, the w slice. */
START_TEST(test_om_slices)
{
    uint8_t got[4 * 4], zero[4] = {0};
    struct agx_om_state s;
    struct agx_om_pixel p;
    struct tex array, volume;
    unsigned int i;
    struct om o;

    om_init(&o);
    array = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 4, 1, 4, 0);
    for (i = 0; i < 4; ++i)
        om_fill(&o, &array, i, 0, zero, 4);
    state_init(&s);
    set_rt(&s, 0, &array, DXGI_FORMAT_R8G8B8A8_UNORM);
    s.targets[0].first_slice = 1;
    s.targets[0].slice_count = 2;
    pixel_init(&p, 0, 0, 0.0f);
    p.slice = 1;
    pixel_color(&p, 0, 1.0f, 0.0f, 0.0f, 1.0f);
    agx_om_write_color(o.backend, &s, &p, 1);
    for (i = 0; i < 4; ++i)
    {
        om_get(&o, &array, i, 0, got);
        ck_assert_msg(got[0] == (i == 2 ? 255 : 0), "array slice %u holds %u", i, got[0]);
    }

    volume = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 4, 1, 4, 0);
    om_fill(&o, &volume, 0, 0, zero, 4);
    set_rt(&s, 0, &volume, DXGI_FORMAT_R8G8B8A8_UNORM);
    s.targets[0].first_slice = 1;
    s.targets[0].slice_count = 3;
    p.slice = 2;
    agx_om_write_color(o.backend, &s, &p, 1);
    om_get(&o, &volume, 0, 0, got);
    for (i = 0; i < 4; ++i)
        ck_assert_msg(got[i * 4] == (i == 3 ? 255 : 0), "w slice %u holds %u", i, got[i * 4]);
    om_finish(&o);
}
END_TEST

/* Several targets: each its own format and, with IndependentBlendEnable, its own
 * blend; without it target 0's state for all. A target the shader does not write, or
 * whose pipeline format is UNKNOWN, keeps its bytes. Dual-source blending writes
 * target 0 only, o1 being its second source. */
START_TEST(test_om_targets)
{
    static const uint8_t initial[4] = {100, 100, 100, 100};
    D3D12_RENDER_TARGET_BLEND_DESC *rt0;
    struct agx_om_state s;
    struct agx_om_pixel p;
    struct tex rt[3];
    uint8_t got[4];
    unsigned int i;
    struct om o;

    om_init(&o);
    state_init(&s);
    for (i = 0; i < 3; ++i)
    {
        rt[i] = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 1, 1, 4, 0);
        om_fill(&o, &rt[i], 0, 0, initial, 4);
        set_rt(&s, i, &rt[i], DXGI_FORMAT_R8G8B8A8_UNORM);
    }
    rt0 = &s.blend.RenderTarget[0];
    rt0->BlendEnable = TRUE;
    rt0->DestBlend = rt0->DestBlendAlpha = D3D12_BLEND_ONE;    /* additive */
    pixel_init(&p, 0, 0, 0.0f);
    pixel_color(&p, 0, 10 / 255.0f, 10 / 255.0f, 10 / 255.0f, 10 / 255.0f);
    pixel_color(&p, 1, 20 / 255.0f, 20 / 255.0f, 20 / 255.0f, 20 / 255.0f);
    pixel_color(&p, 2, 30 / 255.0f, 30 / 255.0f, 30 / 255.0f, 30 / 255.0f);
    s.rtv_formats[2] = DXGI_FORMAT_UNKNOWN;

    /* Without independent blending target 1 adds too. */
    agx_om_write_color(o.backend, &s, &p, 1);
    om_get(&o, &rt[0], 0, 0, got);
    ck_assert_uint_eq(got[0], 110);
    om_get(&o, &rt[1], 0, 0, got);
    ck_assert_uint_eq(got[0], 120);
    om_get(&o, &rt[2], 0, 0, got);
    ck_assert_uint_eq(got[0], 100);

    /* Independent: target 1 replaces. */
    s.blend.IndependentBlendEnable = TRUE;
    agx_om_write_color(o.backend, &s, &p, 1);
    om_get(&o, &rt[0], 0, 0, got);
    ck_assert_uint_eq(got[0], 120);
    om_get(&o, &rt[1], 0, 0, got);
    ck_assert_uint_eq(got[0], 20);

    /* Not written by the shader. */
    p.color_valid[0] = false;
    agx_om_write_color(o.backend, &s, &p, 1);
    om_get(&o, &rt[0], 0, 0, got);
    ck_assert_uint_eq(got[0], 120);

    /* Dual source: target 0 = o0 * o1.a + dst * (1 - o1.a); target 1 untouched. */
    om_fill(&o, &rt[0], 0, 0, initial, 4);
    om_fill(&o, &rt[1], 0, 0, initial, 4);
    rt0->SrcBlend = rt0->SrcBlendAlpha = D3D12_BLEND_SRC1_ALPHA;
    rt0->DestBlend = rt0->DestBlendAlpha = D3D12_BLEND_INV_SRC1_ALPHA;
    pixel_color(&p, 0, 1.0f, 1.0f, 1.0f, 1.0f);
    pixel_color(&p, 1, 0.0f, 0.0f, 0.0f, 0.25f);
    agx_om_write_color(o.backend, &s, &p, 1);
    om_get(&o, &rt[0], 0, 0, got);
    ck_assert_uint_eq(got[0], unorm8(0.25 + 100 / 255.0 * 0.75));
    ck_assert_uint_eq(got[0], 139);
    om_get(&o, &rt[1], 0, 0, got);
    ck_assert_uint_eq(got[0], 100);
    om_finish(&o);
}
END_TEST

/* ---- The per-thread format cache ----------------------------------------------------------- */

static const DXGI_FORMAT cache_formats[] =
{
    DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_R10G10B10A2_UNORM, DXGI_FORMAT_R32_FLOAT,
    DXGI_FORMAT_R16G16_FLOAT, DXGI_FORMAT_R16G16_UNORM, DXGI_FORMAT_R11G11B10_FLOAT, DXGI_FORMAT_R8G8B8A8_SNORM,
    DXGI_FORMAT_R16G16_SNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
};

/* One pixel of 0.0 written to targets of the listed formats (poisoned first; the
 * textures are 4-byte ones, viewed in each format); every target must read 0 afterwards. Returns the cache misses the draw had. */
static uint64_t cache_draw(struct om *o, struct tex *textures, const unsigned int *formats, unsigned int count)
{
    static const uint8_t poison[4] = {0xab, 0xab, 0xab, 0xab}, zero[4];
    struct agx_om_pixel p;
    struct agx_om_state s;
    uint64_t misses = agx_om_format_misses();
    uint8_t got[4];
    unsigned int i;

    state_init(&s);
    pixel_init(&p, 0, 0, 0.0f);
    for (i = 0; i < count; ++i)
    {
        om_fill(o, &textures[i], 0, 0, poison, sizeof(poison));
        set_rt(&s, i, &textures[i], cache_formats[formats[i]]);
        pixel_color(&p, i, 0.0f, 0.0f, 0.0f, 0.0f);
    }
    agx_om_write_color(o->backend, &s, &p, 1);
    for (i = 0; i < count; ++i)
    {
        om_get(o, &textures[i], 0, 0, got);
        check_bytes(got, zero, sizeof(zero), ddi_format_name(cache_formats[formats[i]]));
    }
    return agx_om_format_misses() - misses;
}

/* Least recently used, never a format the draw binds: eight formats, then a ninth
 * evicts the least recent; a draw of eight whose first is missing evicts the one
 * format it does not bind rather than cascading through its own. */
START_TEST(test_om_format_cache_lru)
{
    static const unsigned int eight[] = {0, 1, 2, 3, 4, 5, 6, 7}, first[] = {0}, ninth[] = {8};
    static const unsigned int mixed[] = {1, 2, 3, 4, 5, 6, 7, 0}, tenth[] = {9};
    struct tex textures[AGX_OM_MAX_TARGETS];
    struct om o;
    unsigned int i;

    om_init(&o);
    for (i = 0; i < AGX_OM_MAX_TARGETS; ++i)
        textures[i] = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32_TYPELESS, 1, 1, 1, 1, 4, 0);
    /* Whatever an earlier test on this thread left, a draw of eight formats leaves
     * exactly those cached. */
    ck_assert_uint_le(cache_draw(&o, textures, eight, 8), 8);
    ck_assert_uint_eq(cache_draw(&o, textures, eight, 8), 0);
    ck_assert_uint_eq(cache_draw(&o, textures, first, 1), 0);
    /* The ninth evicts format 1 (0 was used since); round robin would evict 0. */
    ck_assert_uint_eq(cache_draw(&o, textures, ninth, 1), 1);
    ck_assert_uint_eq(cache_draw(&o, textures, first, 1), 0);
    /* Format 1 is missing, the least recent is 2, but the draw binds 2..7 and 0: 8 goes. */
    ck_assert_uint_eq(cache_draw(&o, textures, mixed, 8), 1);
    ck_assert_uint_eq(cache_draw(&o, textures, mixed, 8), 0);
    ck_assert_uint_eq(cache_draw(&o, textures, tenth, 1), 1);
    om_finish(&o);
}
END_TEST

Suite *agx_om_color_suite(void)
{
    Suite *suite = suite_create("agx_om_color");
    TCase *tc = tcase_create("convert");

    tcase_add_test(tc, test_om_color_formats);
    tcase_add_test(tc, test_om_format_cache_lru);
    tcase_add_test(tc, test_om_write_mask);
    tcase_add_test(tc, test_om_logic_ops);
    suite_add_tcase(suite, tc);
    tc = tcase_create("blend");
    tcase_add_test(tc, test_om_blend_factors);
    tcase_add_test(tc, test_om_blend_ops);
    tcase_add_test(tc, test_om_blend_unorm);
    tcase_add_test(tc, test_om_blend_srgb);
    tcase_add_test(tc, test_om_blend_float16);
    tcase_add_test(tc, test_om_blend_snorm_no_alpha);
    suite_add_tcase(suite, tc);
    tc = tcase_create("targets");
    tcase_add_test(tc, test_om_color_msaa);
    tcase_add_test(tc, test_om_slices);
    tcase_add_test(tc, test_om_targets);
    suite_add_tcase(suite, tc);
    return suite;
}
