/*
 * BC6H and BC7 through the simulated texture unit's load path (agx_texture_load), on
 * real agx_umd resources: each block is built bit by bit here in the order the
 * format's tables give (Khronos Data Format Specification, BPTC; Microsoft Learn's
 * "BC6H format" and "BC7 format"), and each expected texel is the spec's arithmetic
 * worked out by hand in the comments: endpoint widening, p-bits, the 6-bit weights
 * (2-bit 0 21 43 64; 3-bit 0 9 18 27 37 46 55 64; 4-bit 0 4 9 13 17 21 26 30 34 38 43
 * 47 51 55 60 64), interpolation ((64 - w) * e0 + w * e1 + 32) >> 6, BC6H's
 * unquantize and finish_unquantize, and half floats read by their exponent/mantissa.
 */
#include "test_agx_texture_util.h"
#include "test_run.h"

struct block_writer
{
    uint8_t bytes[16];
    unsigned int pos;
};

/* value >> count, 0 from 32 on (a shift of 32 or more is undefined in C). */
static uint32_t shr(uint32_t value, unsigned int count)
{
    return count < 32 ? value >> count : 0;
}

/* Appends the low `count` bits of value, least significant first (zeros past bit 31). */
static void put(struct block_writer *w, uint32_t value, unsigned int count)
{
    unsigned int i;

    for (i = 0; i < count; ++i, ++w->pos)
    {
        ck_assert_uint_lt(w->pos, 128);
        if (shr(value, i) & 1)
            w->bytes[w->pos / 8] |= (uint8_t)(1u << (w->pos % 8));
    }
}

/* Appends bits lo..hi of value (lo first), or hi..lo when reversed: the tables' v[hi:lo]. */
static void put_range(struct block_writer *w, uint32_t value, unsigned int hi, unsigned int lo)
{
    put(w, shr(value, lo), hi - lo + 1);
}

static void put_reversed(struct block_writer *w, uint32_t value, unsigned int hi, unsigned int lo)
{
    unsigned int bit;

    for (bit = hi + 1; bit-- > lo;)
        put(w, shr(value, bit), 1);
}

static void load_texel(DXGI_FORMAT format, const struct block_writer *w, unsigned int texel, uint32_t out[4])
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(format, 4, 4, 1, 1);
    const int32_t coord[3] = {(int32_t)(texel % 4), (int32_t)(texel / 4), 0};
    struct agx_shader_view v;
    struct tex x;

    ck_assert_uint_eq(w->pos, 128);
    tex_create(&x, &desc);
    tex_put(&x, 0, 0, 0, 0, 0, 0, 0, w->bytes, 16);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, format);
    memset(out, 0xcd, 4 * sizeof(*out));
    agx_texture_load(x.backend, &v, coord, 0, 0, out);
    tex_destroy(&x);
}

static void assert_unorm8(const uint32_t out[4], unsigned int r, unsigned int g, unsigned int b, unsigned int a)
{
    assert_f(out[0], r / 255.0);
    assert_f(out[1], g / 255.0);
    assert_f(out[2], b / 255.0);
    assert_f(out[3], a / 255.0);
}

static void assert_bc7(const struct block_writer *w, unsigned int texel, unsigned int r, unsigned int g,
                       unsigned int b, unsigned int a)
{
    uint32_t out[4];

    load_texel(DXGI_FORMAT_BC7_UNORM, w, texel, out);
    assert_unorm8(out, r, g, b, a);
}

/* Mode 6: one subset, 7-bit RGBA endpoints with a p-bit each (8 bits, no widening). */
START_TEST(test_bc7_mode6)
{
    struct block_writer w = {{0}, 0};
    uint32_t out[4];
    unsigned int t;

    put(&w, 1u << 6, 7);
    put(&w, 0x40, 7); put(&w, 0x7f, 7);   /* R */
    put(&w, 0x00, 7); put(&w, 0x7f, 7);   /* G */
    put(&w, 0x10, 7); put(&w, 0x20, 7);   /* B */
    put(&w, 0x7f, 7); put(&w, 0x00, 7);   /* A */
    put(&w, 1, 1); put(&w, 0, 1);         /* e0 = (129, 1, 33, 255), e1 = (254, 254, 64, 0) */
    put(&w, 0, 3);                        /* texel 0, the anchor: 3 bits */
    put(&w, 15, 4);
    put(&w, 5, 4);
    for (t = 3; t < 16; ++t)
        put(&w, 0, 4);
    assert_bc7(&w, 0, 129, 1, 33, 255);
    assert_bc7(&w, 1, 254, 254, 64, 0);
    /* Index 5: w = 21. R (43 * 129 + 21 * 254 + 32) >> 6 = 10913 >> 6 = 170; G (43 + 5334 + 32) >> 6 = 84;
     * B (1419 + 1344 + 32) >> 6 = 43; A (10965 + 32) >> 6 = 171. */
    assert_bc7(&w, 2, 170, 84, 43, 171);
    /* _SRGB: the colour of the interpolated 8-bit value linearised, alpha linear. */
    load_texel(DXGI_FORMAT_BC7_UNORM_SRGB, &w, 0, out);
    assert_f(out[0], pow((129 / 255.0 + 0.055) / 1.055, 2.4));
    assert_f(out[3], 1.0);
}
END_TEST

/* Mode 1: two subsets (partition 13: texels 0-7 subset 0, 8-15 subset 1, anchor 15),
 * 6-bit RGB, one p-bit per subset (7 bits, widened by v << 1 | v >> 6), 3-bit indices. */
START_TEST(test_bc7_mode1)
{
    static const uint32_t r[4] = {0x3f, 0x00, 0x20, 0x01}, g[4] = {0x00, 0x3f, 0x10, 0x30};
    struct block_writer w = {{0}, 0};
    unsigned int e, t;

    put(&w, 1u << 1, 2);
    put(&w, 13, 6);
    for (e = 0; e < 4; ++e)
        put(&w, r[e], 6);
    for (e = 0; e < 4; ++e)
        put(&w, g[e], 6);
    for (e = 0; e < 4; ++e)
        put(&w, 0x2a, 6);
    put(&w, 1, 1); put(&w, 0, 1);
    /* e0 (255, 2, 171), e1 (2, 255, 171); e2 (129, 64, 169), e3 (4, 193, 169):
     * R e0 = 0x3f << 1 | 1 = 127 -> 254 | 1; B e0 = 85 -> 170 | 1; e2 R 64 -> 128 | 1; G e3 96 -> 192 | 1. */
    put(&w, 0, 2);                        /* texel 0, anchor of subset 0: 2 bits */
    put(&w, 7, 3);
    for (t = 2; t < 8; ++t)
        put(&w, 0, 3);
    put(&w, 3, 3);                        /* texel 8 */
    for (t = 9; t < 15; ++t)
        put(&w, 0, 3);
    put(&w, 2, 2);                        /* texel 15, anchor of subset 1: 2 bits */
    assert_bc7(&w, 0, 255, 2, 171, 255);
    assert_bc7(&w, 1, 2, 255, 171, 255);
    assert_bc7(&w, 7, 255, 2, 171, 255);
    /* w = 27: R (37 * 129 + 27 * 4 + 32) >> 6 = 4913 >> 6 = 76; G (2368 + 5211 + 32) >> 6 = 118; B 169. */
    assert_bc7(&w, 8, 76, 118, 169, 255);
    /* w = 18: R (46 * 129 + 18 * 4 + 32) >> 6 = 6038 >> 6 = 94; G (2944 + 3474 + 32) >> 6 = 100. */
    assert_bc7(&w, 15, 94, 100, 169, 255);
}
END_TEST

/* Mode 0: three subsets (partition 0: 0 0 1 1 / 0 0 1 1 / 0 2 2 1 / 2 2 2 2, anchors 0, 3,
 * 15), 4-bit RGB plus a p-bit per endpoint (5 bits, widened by v << 3 | v >> 2). */
START_TEST(test_bc7_mode0)
{
    static const uint32_t r[6] = {0xf, 0x0, 0x8, 0x7, 0x3, 0xc}, p[6] = {1, 0, 1, 0, 0, 1};
    static const unsigned int index[16] = {0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 1};
    struct block_writer w = {{0}, 0};
    unsigned int e, t;

    put(&w, 1, 1);
    put(&w, 0, 4);
    for (e = 0; e < 6; ++e)
        put(&w, r[e], 4);
    put(&w, 0, 4 * 6 * 2);                /* G and B raw 0: only their p-bits count */
    for (e = 0; e < 6; ++e)
        put(&w, p[e], 1);
    for (t = 0; t < 16; ++t)
        put(&w, index[t], t == 0 || t == 3 || t == 15 ? 2 : 3);
    /* e2 R 17 -> 136 | 4 = 140, e3 R 14 -> 112 | 3 = 115, e4 R 6 -> 48 | 1 = 49, e5 R 25 -> 200 | 6 = 206;
     * G and B: p-bit 1 -> 8, p-bit 0 -> 0. */
    /* Texel 3, subset 1, w = 27: R (37 * 140 + 27 * 115 + 32) >> 6 = 8317 >> 6 = 129; G (296 + 32) >> 6 = 5. */
    assert_bc7(&w, 3, 129, 5, 5, 255);
    /* Texel 9, subset 2, w = 46: R (18 * 49 + 46 * 206 + 32) >> 6 = 10390 >> 6 = 162; G (368 + 32) >> 6 = 6. */
    assert_bc7(&w, 9, 162, 6, 6, 255);
    /* Texel 15, subset 2's anchor, w = 9: R (55 * 49 + 9 * 206 + 32) >> 6 = 4581 >> 6 = 71; G 104 >> 6 = 1. */
    assert_bc7(&w, 15, 71, 1, 1, 255);
    /* Texel 0, subset 0, index 0: e0 R 31 -> 248 | 7 = 255, G 1 -> 8. */
    assert_bc7(&w, 0, 255, 8, 8, 255);
}
END_TEST

/* Mode 2: three subsets (partition 2: 0 0 0 0 / 2 0 0 1 / 2 2 1 1 / 2 2 1 1, anchors 0, 15, 8),
 * 5-bit RGB without p-bits (v << 3 | v >> 2), 2-bit indices. */
START_TEST(test_bc7_mode2)
{
    static const unsigned int index[16] = {0, 0, 0, 0, 2, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 0};
    struct block_writer w = {{0}, 0};
    unsigned int e, t;

    put(&w, 1u << 2, 3);
    put(&w, 2, 6);
    for (e = 0; e < 6; ++e)
        put(&w, e == 4 ? 0x1f : 0, 5);    /* R: e4 = 255 */
    put(&w, 0, 5 * 6 * 2);
    for (t = 0; t < 16; ++t)
        put(&w, index[t], t == 0 || t == 8 || t == 15 ? 1 : 2);
    /* Texel 4, subset 2, w = 43: (21 * 255 + 32) >> 6 = 5387 >> 6 = 84. */
    assert_bc7(&w, 4, 84, 0, 0, 255);
    /* Texel 8, subset 2's anchor (1 bit), w = 21: (43 * 255 + 32) >> 6 = 171. */
    assert_bc7(&w, 8, 171, 0, 0, 255);
    assert_bc7(&w, 9, 0, 0, 0, 255);
}
END_TEST

/* Mode 3: two subsets (partition 0: columns 2-3 are subset 1, anchor 15), 7-bit RGB
 * and a p-bit per endpoint (8 bits), 2-bit indices. */
START_TEST(test_bc7_mode3)
{
    static const uint32_t r[4] = {0, 0, 0x40, 0x7f};
    struct block_writer w = {{0}, 0};
    unsigned int e, t;

    put(&w, 1u << 3, 4);
    put(&w, 0, 6);
    for (e = 0; e < 4; ++e)
        put(&w, r[e], 7);
    put(&w, 0, 7 * 4 * 2);
    put(&w, 0, 1); put(&w, 0, 1); put(&w, 1, 1); put(&w, 1, 1);
    for (t = 0; t < 16; ++t)
        put(&w, t == 2 || t == 15 ? 1 : 0, t == 0 || t == 15 ? 1 : 2);
    /* e2 (129, 1, 1), e3 (255, 1, 1); w = 21: R (43 * 129 + 21 * 255 + 32) >> 6 = 10934 >> 6 = 170,
     * G (43 + 21 + 32) >> 6 = 1. */
    assert_bc7(&w, 2, 170, 1, 1, 255);
    assert_bc7(&w, 15, 170, 1, 1, 255);
    assert_bc7(&w, 3, 129, 1, 1, 255);
    assert_bc7(&w, 0, 0, 0, 0, 255);
}
END_TEST

/* Mode 4: 5-bit colour, 6-bit alpha, rotation 1 (alpha and red swap), index selection 1
 * (colour takes the 3-bit indices, alpha the 2-bit ones). */
START_TEST(test_bc7_mode4)
{
    struct block_writer w = {{0}, 0};
    unsigned int t;

    put(&w, 1u << 4, 5);
    put(&w, 1, 2);
    put(&w, 1, 1);
    put(&w, 0x1f, 5); put(&w, 0, 5);      /* R 255, 0 */
    put(&w, 0, 5 * 4);                    /* G, B 0 */
    put(&w, 0, 6); put(&w, 0x3f, 6);      /* A 0, 63 << 2 | 63 >> 4 = 255 */
    put(&w, 0, 1);                        /* 2-bit indices: texel 0 (anchor) */
    put(&w, 1, 2);
    for (t = 2; t < 16; ++t)
        put(&w, 0, 2);
    put(&w, 3, 2);                        /* 3-bit indices: texel 0 (anchor) */
    put(&w, 2, 3);
    for (t = 2; t < 16; ++t)
        put(&w, 0, 3);
    /* Texel 1: colour w = 18: R (46 * 255 + 32) >> 6 = 11762 >> 6 = 183; alpha w = 21: (21 * 255 + 32) >> 6
     * = 84; then red and alpha swap. */
    assert_bc7(&w, 1, 84, 0, 0, 183);
    /* Texel 0: colour w = 27: (37 * 255 + 32) >> 6 = 147; alpha w = 0: 0. */
    assert_bc7(&w, 0, 0, 0, 0, 147);
}
END_TEST

/* Mode 5: 7-bit colour, 8-bit alpha, 2-bit indices for each, rotation 3 (alpha and blue). */
START_TEST(test_bc7_mode5)
{
    struct block_writer w = {{0}, 0};
    unsigned int t;

    put(&w, 1u << 5, 6);
    put(&w, 3, 2);
    put(&w, 0x7f, 7); put(&w, 0, 7);      /* R 127 << 1 | 1 = 255, 0 */
    put(&w, 0, 7 * 4);
    put(&w, 0x10, 8); put(&w, 0xf0, 8);   /* A 16, 240 */
    for (t = 0; t < 16; ++t)
        put(&w, t == 5 ? 2 : 0, t ? 2 : 1);
    for (t = 0; t < 16; ++t)
        put(&w, t == 5 ? 1 : 0, t ? 2 : 1);
    /* Texel 5: R w = 43: (21 * 255 + 32) >> 6 = 84; A w = 21: (43 * 16 + 21 * 240 + 32) >> 6 = 5760 >> 6
     * = 90, which blue and alpha swap. */
    assert_bc7(&w, 5, 84, 0, 90, 0);
    /* Texel 0, index 0 for both: e0 (255, 0, 0, 16), blue and alpha swapped. */
    assert_bc7(&w, 0, 255, 0, 16, 0);
}
END_TEST

/* Mode 7: two subsets (partition 0), 5-bit RGBA and a p-bit per endpoint (6 bits, widened
 * by v << 2 | v >> 4), 2-bit indices. */
START_TEST(test_bc7_mode7)
{
    struct block_writer w = {{0}, 0};
    unsigned int e, t;

    put(&w, 1u << 7, 8);
    put(&w, 0, 6);
    for (e = 0; e < 4; ++e)
        put(&w, e >= 2 ? 0x10 : 0, 5);    /* R */
    put(&w, 0, 5 * 4 * 2);                /* G, B */
    for (e = 0; e < 4; ++e)
        put(&w, e == 2 ? 0x1f : 0, 5);    /* A */
    put(&w, 0, 1); put(&w, 0, 1); put(&w, 1, 1); put(&w, 0, 1);
    for (t = 0; t < 16; ++t)
        put(&w, t == 3 ? 2 : 0, t == 0 || t == 15 ? 1 : 2);
    /* e2 (0x10 << 1 | 1 = 33 -> 132 | 2 = 134, 1 -> 4, 4, 63 -> 255), e3 (32 -> 128 | 2 = 130, 0, 0, 0);
     * w = 43: R (21 * 134 + 43 * 130 + 32) >> 6 = 8436 >> 6 = 131, G (21 * 4 + 32) >> 6 = 1,
     * A (21 * 255 + 32) >> 6 = 84. */
    assert_bc7(&w, 3, 131, 1, 1, 84);
    assert_bc7(&w, 2, 134, 4, 4, 255);
}
END_TEST

/* A first byte of 0 names no mode: the texels are transparent black. */
START_TEST(test_bc7_reserved)
{
    struct block_writer w = {{0}, 0};
    unsigned int t;

    put(&w, 0, 8);
    for (t = 8; t < 128; t += 8)
        put(&w, 0xff, 8);
    assert_bc7(&w, 0, 0, 0, 0, 0);
    assert_bc7(&w, 9, 0, 0, 0, 0);
}
END_TEST

/* A half float's value from its sign, exponent and mantissa. */
static float half_value(unsigned int sign, int exponent, unsigned int mantissa)
{
    double v = exponent ? ldexp(1.0 + mantissa / 1024.0, exponent - 15) : ldexp(mantissa / 1024.0, -14);

    return (float)(sign ? -v : v);
}

static void assert_bc6h(DXGI_FORMAT format, const struct block_writer *w, unsigned int texel, float r, float g,
                        float b)
{
    uint32_t out[4];

    load_texel(format, w, texel, out);
    ck_assert_msg(bits_f(out[0]) == r, "R: got %.9g, expected %.9g", bits_f(out[0]), r);
    ck_assert_msg(bits_f(out[1]) == g, "G: got %.9g, expected %.9g", bits_f(out[1]), g);
    ck_assert_msg(bits_f(out[2]) == b, "B: got %.9g, expected %.9g", bits_f(out[2]), b);
    ck_assert_msg(bits_f(out[3]) == 1.0f, "A: got %.9g", bits_f(out[3]));
}

/* Mode 11 (0x03): one region, 10-bit endpoints stored whole, 4-bit indices. */
static void bc6h_mode11(struct block_writer *w, uint32_t rw, uint32_t gw, uint32_t bw, uint32_t rx, uint32_t gx,
                        uint32_t bx)
{
    static const unsigned int index[16] = {0, 15, 8};
    unsigned int t;

    put(w, 0x03, 5);
    put(w, rw, 10); put(w, gw, 10); put(w, bw, 10);
    put(w, rx, 10); put(w, gx, 10); put(w, bx, 10);
    for (t = 0; t < 16; ++t)
        put(w, index[t], t ? 4 : 3);
}

START_TEST(test_bc6h_mode11_uf16)
{
    struct block_writer w = {{0}, 0};

    bc6h_mode11(&w, 0, 0x200, 1, 0x3ff, 0x200, 1);
    /* Unquantize (10 bits): 0 -> 0; 0x3ff (all ones) -> 0xffff; 512 -> ((512 << 16) + 0x8000) >> 10 = 32800;
     * 1 -> (65536 + 32768) >> 10 = 96. Finish: v * 31 >> 6. G 32800 -> 15887 = 0x3e0f (2^0 * (1 + 527/1024));
     * B 96 -> 46, a denormal. */
    assert_bc6h(DXGI_FORMAT_BC6H_UF16, &w, 0, 0.0f, half_value(0, 15, 527), half_value(0, 0, 46));
    /* Texel 1, w = 64: R 65535 -> 31743 = 0x7bff, the largest half (65504). */
    assert_bc6h(DXGI_FORMAT_BC6H_UF16, &w, 1, 65504.0f, half_value(0, 15, 527), half_value(0, 0, 46));
    /* Texel 2, w = 34: R (34 * 65535 + 32) >> 6 = 34815 -> 34815 * 31 >> 6 = 16863 = 0x41df. */
    assert_bc6h(DXGI_FORMAT_BC6H_UF16, &w, 2, half_value(0, 16, 0x1df), half_value(0, 15, 527),
                half_value(0, 0, 46));
}
END_TEST

START_TEST(test_bc6h_mode11_sf16)
{
    struct block_writer w = {{0}, 0};

    /* SF16, not transformed: every endpoint sign-extended from 10 bits. R 0x300 = -256, x 0x100 = 256;
     * G 0x1ff = 511 (>= 2^9 - 1: 0x7fff), x 0x201 = -511 (-0x7fff). */
    bc6h_mode11(&w, 0x300, 0x1ff, 0, 0x100, 0x201, 0);
    /* 256 -> ((256 << 15) + 0x4000) >> 9 = 16416; finish: 16416 * 31 >> 5 = 15903 = 0x3e1f.
     * 0x7fff -> 32767 * 31 >> 5 = 31743 = 0x7bff. Negative values keep their magnitude's result. */
    assert_bc6h(DXGI_FORMAT_BC6H_SF16, &w, 0, half_value(1, 15, 0x21f), 65504.0f, 0.0f);
    assert_bc6h(DXGI_FORMAT_BC6H_SF16, &w, 1, half_value(0, 15, 0x21f), -65504.0f, 0.0f);
    /* w = 34. R (30 * -16416 + 34 * 16416 + 32) >> 6 = 65696 >> 6 = 1026 -> 1026 * 31 >> 5 = 993, a denormal.
     * G (30 * 32767 + 34 * -32767 + 32) >> 6 = -131036 >> 6 = -2048 (the spec's >> on a signed int is an
     * arithmetic shift) -> -(2048 * 31 >> 5) = -1984 = 0x87c0: 2^-14 * (1 + 960/1024), negative. */
    assert_bc6h(DXGI_FORMAT_BC6H_SF16, &w, 2, half_value(0, 0, 993), half_value(1, 1, 960), 0.0f);
}
END_TEST

/* Mode 1 (0b00): two regions, 10-bit base, 5-bit signed deltas (transformed). Partition 13:
 * texels 8-15 are region 1, anchor 15. */
START_TEST(test_bc6h_mode1_sf16)
{
    static const unsigned int index[16] = {0, 7, 4, 0, 0, 0, 0, 0, 0};
    uint32_t rw = 0x300, gw = 0x100, bw = 0, rx = 0x10, gx = 0x0f, bx = 0, ry = 0x01, gy = 0, by = 0;
    uint32_t rz = 0, gz = 0, bz = 0;
    struct block_writer w = {{0}, 0};
    unsigned int t;

    put(&w, 0, 2);
    put_range(&w, gy, 4, 4); put_range(&w, by, 4, 4); put_range(&w, bz, 4, 4);
    put_range(&w, rw, 9, 0); put_range(&w, gw, 9, 0); put_range(&w, bw, 9, 0);
    put_range(&w, rx, 4, 0); put_range(&w, gz, 4, 4); put_range(&w, gy, 3, 0);
    put_range(&w, gx, 4, 0); put_range(&w, bz, 0, 0); put_range(&w, gz, 3, 0);
    put_range(&w, bx, 4, 0); put_range(&w, bz, 1, 1); put_range(&w, by, 3, 0);
    put_range(&w, ry, 4, 0); put_range(&w, bz, 2, 2); put_range(&w, rz, 4, 0);
    put_range(&w, bz, 3, 3);
    put(&w, 13, 5);
    for (t = 0; t < 16; ++t)
        put(&w, index[t], t == 0 || t == 15 ? 2 : 3);
    /* w: R 0x300 = -256 -> -16416 -> -(16416 * 31 >> 5) = -15903 (0x3e1f); G 256 -> 16416 -> 15903.
     * x: R 0x300 + (-16) = 0x2f0 = -272 -> ((272 << 15) + 0x4000) >> 9 = 17440 -> 16895 = 0x41ff (negated);
     *    G 256 + 15 = 271 -> 17376 -> 16833 = 0x41c1. */
    assert_bc6h(DXGI_FORMAT_BC6H_SF16, &w, 0, half_value(1, 15, 0x21f), half_value(0, 15, 0x21f), 0.0f);
    assert_bc6h(DXGI_FORMAT_BC6H_SF16, &w, 1, half_value(1, 16, 0x1ff), half_value(0, 16, 0x1c1), 0.0f);
    /* Texel 2, w = 37: G (27 * 16416 + 37 * 17376 + 32) >> 6 = 1086176 >> 6 = 16971 -> 16440 = 0x4038. */
    ck_assert_int_eq((27 * 16416 + 37 * 17376 + 32) >> 6, 16971);
    {
        uint32_t out[4];

        load_texel(DXGI_FORMAT_BC6H_SF16, &w, 2, out);
        ck_assert(bits_f(out[1]) == half_value(0, 16, 0x38));
    }
    /* Texel 8, region 1, index 0: y = R 0x300 + 1 = 0x301 = -255 -> ((255 << 15) + 0x4000) >> 9 = 16352 ->
     * 15841 = 0x3de1 (negated); G 256 -> 15903. */
    assert_bc6h(DXGI_FORMAT_BC6H_SF16, &w, 8, half_value(1, 15, 0x1e1), half_value(0, 15, 0x21f), 0.0f);
}
END_TEST

/* Mode 2 (0b01): two regions, 7-bit base, 6-bit deltas scattered over the block; UF16
 * deltas are signed too and wrap to 7 bits. Partition 13 (texels 8-15 region 1, anchor 15). */
START_TEST(test_bc6h_mode2_uf16)
{
    static const unsigned int index[16] = {0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3};
    uint32_t rw = 0x40, gw = 0x7f, bw = 0x01, rx = 0x3f, gx = 0x01, bx = 0;
    uint32_t ry = 0x02, gy = 0x30, by = 0x3f, rz = 0x20, gz = 0x2f, bz = 0x21;
    struct block_writer w = {{0}, 0};
    unsigned int t;

    put(&w, 1, 2);
    put_range(&w, gy, 5, 5); put_range(&w, gz, 4, 4); put_range(&w, gz, 5, 5);
    put_range(&w, rw, 6, 0); put_range(&w, bz, 0, 0); put_range(&w, bz, 1, 1); put_range(&w, by, 4, 4);
    put_range(&w, gw, 6, 0); put_range(&w, by, 5, 5); put_range(&w, bz, 2, 2); put_range(&w, gy, 4, 4);
    put_range(&w, bw, 6, 0); put_range(&w, bz, 3, 3); put_range(&w, bz, 5, 5); put_range(&w, bz, 4, 4);
    put_range(&w, rx, 5, 0); put_range(&w, gy, 3, 0); put_range(&w, gx, 5, 0); put_range(&w, gz, 3, 0);
    put_range(&w, bx, 5, 0); put_range(&w, by, 3, 0); put_range(&w, ry, 5, 0); put_range(&w, rz, 5, 0);
    put(&w, 13, 5);
    for (t = 0; t < 16; ++t)
        put(&w, index[t], t == 0 || t == 15 ? 2 : 3);
    /* Endpoints (7 bits): w (64, 127, 1); x = w + (-1, +1, 0) = (63, 128 & 127 = 0, 1);
     * y = w + (2, -16, -1) = (66, 111, 0); z = w + (-32, -17, -31) = (32, 110, -30 & 127 = 98).
     * Unquantize: 0 -> 0, 127 -> 0xffff, else ((v << 16) + 0x8000) >> 7: 64 -> 33024, 1 -> 768,
     * 63 -> 32512, 66 -> 34048, 111 -> 57088, 32 -> 16640, 110 -> 56576, 98 -> 50432. */
    /* Texel 0 = w: 33024 * 31 >> 6 = 15996 = 0x3e7c; 65535 -> 0x7bff; 768 -> 372 (denormal). */
    assert_bc6h(DXGI_FORMAT_BC6H_UF16, &w, 0, half_value(0, 15, 0x27c), 65504.0f, half_value(0, 0, 372));
    /* Texel 1 = x: 32512 -> 15748 = 0x3d84. */
    assert_bc6h(DXGI_FORMAT_BC6H_UF16, &w, 1, half_value(0, 15, 0x184), 0.0f, half_value(0, 0, 372));
    /* Texel 8 = y: 34048 -> 16492 = 0x406c; 57088 -> 27652 = 0x6c04. */
    assert_bc6h(DXGI_FORMAT_BC6H_UF16, &w, 8, half_value(0, 16, 0x06c), half_value(0, 27, 0x004), 0.0f);
    /* Texel 15, w = 27: R (37 * 34048 + 27 * 16640 + 32) >> 6 = 26704 -> 12934 = 0x3286;
     * G (37 * 57088 + 27 * 56576 + 32) >> 6 = 56872 -> 27547 = 0x6b9b; B (27 * 50432 + 32) >> 6 = 21276 ->
     * 10305 = 0x2841. */
    assert_bc6h(DXGI_FORMAT_BC6H_UF16, &w, 15, half_value(0, 12, 0x286), half_value(0, 26, 0x39b),
                half_value(0, 10, 0x041));
}
END_TEST

/* Mode 14 (0x0f): one region, 16-bit base whose top six bits are stored reversed, 4-bit
 * deltas. UF16 endpoints of 16 bits pass unquantization unchanged. */
START_TEST(test_bc6h_mode14_uf16)
{
    uint32_t rw = 0x8123, gw = 0x4000, bw = 0, rx = 0x1, gx = 0xf, bx = 0;
    struct block_writer w = {{0}, 0};
    unsigned int t;

    put(&w, 0x0f, 5);
    put_range(&w, rw, 9, 0); put_range(&w, gw, 9, 0); put_range(&w, bw, 9, 0);
    put_range(&w, rx, 3, 0); put_reversed(&w, rw, 15, 10);
    put_range(&w, gx, 3, 0); put_reversed(&w, gw, 15, 10);
    put_range(&w, bx, 3, 0); put_reversed(&w, bw, 15, 10);
    for (t = 0; t < 16; ++t)
        put(&w, t == 1 ? 15 : 0, t ? 4 : 3);
    /* Texel 0: R 0x8123 = 33059 -> 33059 * 31 >> 6 = 16012 = 0x3e8c; G 0x4000 = 16384 -> 7936 = 0x1f00. */
    assert_bc6h(DXGI_FORMAT_BC6H_UF16, &w, 0, half_value(0, 15, 0x28c), half_value(0, 7, 0x300), 0.0f);
    /* Texel 1, x: R 0x8124 = 33060 -> 16013; G 0x4000 - 1 = 16383 -> 7935 = 0x1eff. */
    assert_bc6h(DXGI_FORMAT_BC6H_UF16, &w, 1, half_value(0, 15, 0x28d), half_value(0, 7, 0x2ff), 0.0f);
}
END_TEST

/* The four reserved mode codes decode as (0, 0, 0, 1). */
START_TEST(test_bc6h_reserved)
{
    static const uint32_t codes[4] = {0x13, 0x17, 0x1b, 0x1f};
    unsigned int i, t;

    for (i = 0; i < 4; ++i)
    {
        struct block_writer w = {{0}, 0};

        put(&w, codes[i], 5);
        put(&w, 0x7ffffff, 27);
        for (t = 32; t < 128; t += 32)
            put(&w, 0x7ffffff, 32);
        assert_bc6h(DXGI_FORMAT_BC6H_UF16, &w, 3, 0.0f, 0.0f, 0.0f);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("agx_texture_bc67");
    TCase *tc = tcase_create("bc67");

    tcase_add_test(tc, test_bc7_mode0);
    tcase_add_test(tc, test_bc7_mode1);
    tcase_add_test(tc, test_bc7_mode2);
    tcase_add_test(tc, test_bc7_mode3);
    tcase_add_test(tc, test_bc7_mode4);
    tcase_add_test(tc, test_bc7_mode5);
    tcase_add_test(tc, test_bc7_mode6);
    tcase_add_test(tc, test_bc7_mode7);
    tcase_add_test(tc, test_bc7_reserved);
    tcase_add_test(tc, test_bc6h_mode11_uf16);
    tcase_add_test(tc, test_bc6h_mode11_sf16);
    tcase_add_test(tc, test_bc6h_mode1_sf16);
    tcase_add_test(tc, test_bc6h_mode2_uf16);
    tcase_add_test(tc, test_bc6h_mode14_uf16);
    tcase_add_test(tc, test_bc6h_reserved);
    suite_add_tcase(s, tc);

    return test_run_suites(s, NULL);
}
