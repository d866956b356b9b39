/*
 * The simulated texture unit's typed loads and stores, resinfo and sampleinfo
 * (agx_shader.h), on real agx_umd resources: texel bytes are written through the GPU
 * memory port and every expected value is worked out here from the format rules.
 */
#include "test_agx_texture_util.h"
#include "test_run.h"

static double srgb_to_linear(unsigned int code)
{
    double c = code / 255.0;

    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* Loads texel (0, 0) of a 1x1 texture holding `bytes`, viewed as `view_format`. */
static void load_one(DXGI_FORMAT resource_format, DXGI_FORMAT view_format, UINT plane, const void *bytes,
                     size_t size, uint32_t out[4])
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(resource_format, 1, 1, 1, 1);
    const int32_t coord[3] = {0, 0, 0};
    struct agx_shader_view v;
    struct tex x;

    tex_create(&x, &desc);
    tex_put(&x, 0, 0, plane, 0, 0, 0, 0, bytes, size);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, view_format);
    v.plane = plane;
    agx_texture_load(x.backend, &v, coord, 0, 0, out);
    tex_destroy(&x);
}

START_TEST(test_load_unorm_snorm_srgb)
{
    const uint8_t unorm[4] = {0, 128, 255, 51}, snorm[4] = {0x81, 0x80, 0x40, 0x7f}, srgb[4] = {188, 0, 255, 128};
    uint32_t out[4];

    load_one(DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM, 0, unorm, 4, out);
    assert_f(out[0], 0.0);
    assert_f(out[1], 128.0 / 255.0);
    assert_f(out[2], 1.0);
    assert_f(out[3], 0.2);

    /* Both codes for -1 read -1. */
    load_one(DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_SNORM, 0, snorm, 4, out);
    assert_f(out[0], -1.0);
    assert_f(out[1], -1.0);
    assert_f(out[2], 64.0 / 127.0);
    assert_f(out[3], 1.0);

    /* sRGB decoded, alpha linear. */
    load_one(DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 0, srgb, 4, out);
    assert_f(out[0], srgb_to_linear(188));
    assert_f(out[1], 0.0);
    assert_f(out[2], 1.0);
    assert_f(out[3], 128.0 / 255.0);
}
END_TEST

START_TEST(test_load_float)
{
    const uint16_t half[4] = {0x3c00, 0xc000, 0x3555, 0x7c00};
    const uint32_t full[4] = {0x7fc00001, 0x00000001, 0xbf800000, 0x3e800000};
    /* R 1.0 (exponent 15), G 2.0 (16), B 0.5 as float10 (14). */
    const uint32_t rg11b10 = (15u << 6) | (16u << 6) << 11 | (14u << 5) << 22;
    const uint32_t rgbe = 0x999320c8;   /* the spec's example: 6.25, 12.5, 3.125 */
    uint32_t out[4];

    load_one(DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R16G16B16A16_FLOAT, 0, half, 8, out);
    assert_f(out[0], 1.0);
    assert_f(out[1], -2.0);
    assert_f(out[2], ldexp(1.0 + 0x155 / 1024.0, -2));   /* exponent 13 */
    ck_assert(isinf(bits_f(out[3])) && bits_f(out[3]) > 0);

    /* float32 moves as bits: NaN payloads and denormals kept. */
    load_one(DXGI_FORMAT_R32G32B32A32_FLOAT, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, full, 16, out);
    ck_assert_uint_eq(out[0], 0x7fc00001);
    ck_assert_uint_eq(out[1], 0x00000001);
    ck_assert_uint_eq(out[2], 0xbf800000);
    ck_assert_uint_eq(out[3], 0x3e800000);

    load_one(DXGI_FORMAT_R11G11B10_FLOAT, DXGI_FORMAT_R11G11B10_FLOAT, 0, &rg11b10, 4, out);
    assert_f(out[0], 1.0);
    assert_f(out[1], 2.0);
    assert_f(out[2], 0.5);
    assert_f(out[3], 1.0);

    load_one(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, DXGI_FORMAT_R9G9B9E5_SHAREDEXP, 0, &rgbe, 4, out);
    assert_f(out[0], 6.25);
    assert_f(out[1], 12.5);
    assert_f(out[2], 3.125);
    assert_f(out[3], 1.0);
}
END_TEST

START_TEST(test_load_packed)
{
    const uint32_t rgb10a2 = 1023u | 0u << 10 | 512u << 20 | 2u << 30;
    const uint16_t b5g6r5 = 31u | 0u << 5 | 16u << 11, b5g5r5a1 = 0u | 31u << 5 | 1u << 10 | 1u << 15;
    const uint16_t b4g4r4a4 = 15u | 0u << 4 | 8u << 8 | 4u << 12;
    const uint8_t bgra[4] = {10, 20, 30, 40}, a8 = 255;
    uint32_t out[4];

    load_one(DXGI_FORMAT_R10G10B10A2_UNORM, DXGI_FORMAT_R10G10B10A2_UNORM, 0, &rgb10a2, 4, out);
    assert_f(out[0], 1.0);
    assert_f(out[1], 0.0);
    assert_f(out[2], 512.0 / 1023.0);
    assert_f(out[3], 2.0 / 3.0);

    load_one(DXGI_FORMAT_R10G10B10A2_TYPELESS, DXGI_FORMAT_R10G10B10A2_UINT, 0, &rgb10a2, 4, out);
    ck_assert_uint_eq(out[0], 1023);
    ck_assert_uint_eq(out[1], 0);
    ck_assert_uint_eq(out[2], 512);
    ck_assert_uint_eq(out[3], 2);

    load_one(DXGI_FORMAT_B5G6R5_UNORM, DXGI_FORMAT_B5G6R5_UNORM, 0, &b5g6r5, 2, out);
    assert_f(out[0], 16.0 / 31.0);
    assert_f(out[1], 0.0);
    assert_f(out[2], 1.0);
    assert_f(out[3], 1.0);

    load_one(DXGI_FORMAT_B5G5R5A1_UNORM, DXGI_FORMAT_B5G5R5A1_UNORM, 0, &b5g5r5a1, 2, out);
    assert_f(out[0], 1.0 / 31.0);
    assert_f(out[1], 1.0);
    assert_f(out[2], 0.0);
    assert_f(out[3], 1.0);

    load_one(DXGI_FORMAT_B4G4R4A4_UNORM, DXGI_FORMAT_B4G4R4A4_UNORM, 0, &b4g4r4a4, 2, out);
    assert_f(out[0], 8.0 / 15.0);
    assert_f(out[1], 0.0);
    assert_f(out[2], 1.0);
    assert_f(out[3], 4.0 / 15.0);

    load_one(DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM, 0, bgra, 4, out);
    assert_f(out[0], 30.0 / 255.0);
    assert_f(out[1], 20.0 / 255.0);
    assert_f(out[2], 10.0 / 255.0);
    assert_f(out[3], 40.0 / 255.0);

    /* X8: alpha reads 1. */
    load_one(DXGI_FORMAT_B8G8R8X8_UNORM, DXGI_FORMAT_B8G8R8X8_UNORM, 0, bgra, 4, out);
    assert_f(out[0], 30.0 / 255.0);
    assert_f(out[3], 1.0);

    load_one(DXGI_FORMAT_A8_UNORM, DXGI_FORMAT_A8_UNORM, 0, &a8, 1, out);
    assert_f(out[0], 0.0);
    assert_f(out[1], 0.0);
    assert_f(out[2], 0.0);
    assert_f(out[3], 1.0);
}
END_TEST

START_TEST(test_load_integer)
{
    const uint8_t r8g8[2] = {0xfe, 0x7f};
    const uint16_t r16 = 0x8000;
    const uint32_t r32 = 0xfffffff0;
    uint32_t out[4];

    load_one(DXGI_FORMAT_R8G8_TYPELESS, DXGI_FORMAT_R8G8_SINT, 0, r8g8, 2, out);
    ck_assert_int_eq((int32_t)out[0], -2);
    ck_assert_int_eq((int32_t)out[1], 127);
    ck_assert_uint_eq(out[2], 0);
    ck_assert_uint_eq(out[3], 1);   /* integer 1, not 1.0f */

    load_one(DXGI_FORMAT_R8G8_TYPELESS, DXGI_FORMAT_R8G8_UINT, 0, r8g8, 2, out);
    ck_assert_uint_eq(out[0], 0xfe);
    ck_assert_uint_eq(out[1], 0x7f);

    load_one(DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_R16_SINT, 0, &r16, 2, out);
    ck_assert_int_eq((int32_t)out[0], -32768);
    load_one(DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_R16_UNORM, 0, &r16, 2, out);
    assert_f(out[0], 32768.0 / 65535.0);

    load_one(DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_R32_UINT, 0, &r32, 4, out);
    ck_assert_uint_eq(out[0], 0xfffffff0);
    ck_assert_uint_eq(out[3], 1);
}
END_TEST

/* Depth-stencil resources read through their plane SRV formats. */
START_TEST(test_load_depth_planes)
{
    const uint32_t d24 = 0x800000, d32 = 0x3f400000;
    const uint8_t stencil = 0x5a;
    uint32_t out[4];

    load_one(DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 0, &d24, 4, out);
    assert_f(out[0], 8388608.0 / 16777215.0);
    assert_f(out[1], 0.0);
    assert_f(out[3], 1.0);
    load_one(DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_X24_TYPELESS_G8_UINT, 1, &stencil, 1, out);
    ck_assert_uint_eq(out[1], 0x5a);

    load_one(DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 0, &d32, 4, out);
    assert_f(out[0], 0.75);
    load_one(DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, 1, &stencil, 1, out);
    ck_assert_uint_eq(out[1], 0x5a);

    load_one(DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_R32_FLOAT, 0, &d32, 4, out);
    assert_f(out[0], 0.75);
}
END_TEST

/* Texel (px, py) of a 4x4 texture of one block. */
static void load_block(DXGI_FORMAT format, const uint8_t *block, size_t size, int32_t px, int32_t py, uint32_t out[4])
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(format, 4, 4, 1, 1);
    const int32_t coord[3] = {px, py, 0};
    struct agx_shader_view v;
    struct tex x;

    tex_create(&x, &desc);
    tex_put(&x, 0, 0, 0, 0, 0, 0, 0, block, size);   /* element (0, 0) is the block */
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, format);
    agx_texture_load(x.backend, &v, coord, 0, 0, out);
    tex_destroy(&x);
}

START_TEST(test_load_bc)
{
    /* BC1, four colours: red and blue endpoints (red > blue), codes 0-3 on texels 0-3. */
    uint8_t bc1[8] = {0x00, 0xf8, 0x1f, 0x00, 0xe4, 0, 0, 0};
    /* BC4: 200 and 100 (8 values); texel 1 code 3, texel 2 code 7. */
    uint8_t bc4[8] = {200, 100, (3 << 3 | 7 << 6) & 0xff, (3 << 3 | 7 << 6) >> 8, 0, 0, 0, 0};
    uint8_t bc3[16], bc5[16], bc2[16];
    uint32_t out[4];

    load_block(DXGI_FORMAT_BC1_UNORM, bc1, 8, 0, 0, out);
    assert_f(out[0], 1.0);
    assert_f(out[2], 0.0);
    assert_f(out[3], 1.0);
    load_block(DXGI_FORMAT_BC1_UNORM, bc1, 8, 1, 0, out);
    assert_f(out[0], 0.0);
    assert_f(out[2], 1.0);
    load_block(DXGI_FORMAT_BC1_UNORM, bc1, 8, 2, 0, out);
    assert_f(out[0], 2.0 / 3.0);
    assert_f(out[1], 0.0);
    assert_f(out[2], 1.0 / 3.0);
    load_block(DXGI_FORMAT_BC1_UNORM, bc1, 8, 3, 0, out);
    assert_f(out[0], 1.0 / 3.0);
    assert_f(out[2], 2.0 / 3.0);
    /* Texels 4-15 have code 0. */
    load_block(DXGI_FORMAT_BC1_UNORM, bc1, 8, 3, 3, out);
    assert_f(out[0], 1.0);
    /* sRGB: linearised after decoding. */
    load_block(DXGI_FORMAT_BC1_UNORM_SRGB, bc1, 8, 2, 0, out);
    assert_f(out[0], pow((2.0 / 3.0 + 0.055) / 1.055, 2.4));

    /* Endpoints swapped: three colours and transparent black. */
    bc1[0] = 0x1f; bc1[1] = 0x00; bc1[2] = 0x00; bc1[3] = 0xf8;
    load_block(DXGI_FORMAT_BC1_UNORM, bc1, 8, 2, 0, out);
    assert_f(out[0], 0.5);
    assert_f(out[2], 0.5);
    assert_f(out[3], 1.0);
    load_block(DXGI_FORMAT_BC1_UNORM, bc1, 8, 3, 0, out);
    assert_f(out[0], 0.0);
    assert_f(out[3], 0.0);

    load_block(DXGI_FORMAT_BC4_UNORM, bc4, 8, 1, 0, out);
    assert_f(out[0], (5.0 * 200.0 / 255.0 + 2.0 * 100.0 / 255.0) / 7.0);
    assert_f(out[1], 0.0);
    assert_f(out[3], 1.0);
    load_block(DXGI_FORMAT_BC4_UNORM, bc4, 8, 2, 0, out);
    assert_f(out[0], (200.0 / 255.0 + 6.0 * 100.0 / 255.0) / 7.0);
    /* SNORM, 6 values (-128 is -1, not above 100): code 7 is 1, code 3 interpolates. */
    bc4[0] = 0x80;
    bc4[1] = 100;
    load_block(DXGI_FORMAT_BC4_SNORM, bc4, 8, 2, 0, out);
    assert_f(out[0], 1.0);
    load_block(DXGI_FORMAT_BC4_SNORM, bc4, 8, 1, 0, out);
    assert_f(out[0], (3.0 * -1.0 + 2.0 * 100.0 / 127.0) / 5.0);
    load_block(DXGI_FORMAT_BC4_SNORM, bc4, 8, 0, 0, out);
    assert_f(out[0], -1.0);

    /* BC3: the BC4 block as alpha, then a colour block (four colours always). */
    bc4[0] = 200;
    memcpy(bc3, bc4, 8);
    memcpy(bc3 + 8, bc1, 8);   /* c0 < c1 here: BC3 still interpolates thirds */
    load_block(DXGI_FORMAT_BC3_UNORM, bc3, 16, 3, 0, out);
    assert_f(out[0], 2.0 / 3.0);
    assert_f(out[2], 1.0 / 3.0);
    assert_f(out[3], 200.0 / 255.0);
    /* BC2: explicit 4-bit alphas. */
    memset(bc2, 0, 8);
    bc2[1] = 0x90;             /* texel 3: 9 */
    memcpy(bc2 + 8, bc1, 8);
    load_block(DXGI_FORMAT_BC2_UNORM, bc2, 16, 3, 0, out);
    assert_f(out[3], 9.0 / 15.0);
    assert_f(out[0], 2.0 / 3.0);
    /* BC5: red then green. */
    memcpy(bc5, bc4, 8);
    memset(bc5 + 8, 0, 8);
    bc5[8] = 51;
    load_block(DXGI_FORMAT_BC5_UNORM, bc5, 16, 0, 1, out);
    assert_f(out[0], 200.0 / 255.0);
    assert_f(out[1], 0.2);
    assert_f(out[2], 0.0);
    assert_f(out[3], 1.0);
}
END_TEST

/* Stores a value into a 1x1 texture and returns the element's bytes. */
static void store_one(DXGI_FORMAT resource_format, DXGI_FORMAT view_format, const uint32_t value[4], void *bytes,
                      size_t size)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(resource_format, 1, 1, 1, 1);
    const uint32_t coord[3] = {0, 0, 0};
    struct agx_shader_view v;
    struct tex x;

    tex_create(&x, &desc);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, view_format);
    agx_texture_store(x.backend, &v, coord, value);
    tex_get(&x, 0, 0, 0, 0, 0, 0, bytes, size);
    tex_destroy(&x);
}

START_TEST(test_store_conversions)
{
    uint32_t value[4] = {f_bits(0.5f), f_bits(1.5f), f_bits(-1.0f), f_bits(0.2f)};
    uint8_t b[4];
    uint16_t h[2];
    uint32_t packed;

    /* UNORM: clamp, scale, + 0.5, truncate. */
    store_one(DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM, value, b, 4);
    ck_assert_uint_eq(b[0], 128);
    ck_assert_uint_eq(b[1], 255);
    ck_assert_uint_eq(b[2], 0);
    ck_assert_uint_eq(b[3], 51);

    /* SNORM: -1 is 0x81, never 0x80. */
    store_one(DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_SNORM, value, b, 4);
    ck_assert_uint_eq(b[0], 64);
    ck_assert_uint_eq(b[1], 127);
    ck_assert_uint_eq(b[2], 0x81);
    ck_assert_uint_eq(b[3], 25);

    /* sRGB: 0.5 encodes to 188; alpha stays linear. */
    store_one(DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, value, b, 4);
    ck_assert_uint_eq(b[0], 188);
    ck_assert_uint_eq(b[3], 51);

    /* float16 rounds toward zero: 0.7 is 0x3999. */
    value[0] = f_bits(0.7f);
    value[1] = f_bits(-2.0f);
    store_one(DXGI_FORMAT_R16G16_FLOAT, DXGI_FORMAT_R16G16_FLOAT, value, h, 4);
    ck_assert_uint_eq(h[0], 0x3999);
    ck_assert_uint_eq(h[1], 0xc000);

    value[0] = f_bits(1.0f);
    value[1] = f_bits(0.0f);
    value[2] = f_bits(0.5f);
    value[3] = f_bits(1.0f / 3.0f);
    store_one(DXGI_FORMAT_R10G10B10A2_UNORM, DXGI_FORMAT_R10G10B10A2_UNORM, value, &packed, 4);
    ck_assert_uint_eq(packed, 1023u | 0u << 10 | 512u << 20 | 1u << 30);
}
END_TEST

START_TEST(test_store_integer_clamps)
{
    uint32_t value[4] = {300, 7, 0xffffffff, 0};
    int32_t svalue[4] = {-200, 100, 5, -1};
    uint8_t b[4];
    uint16_t h[2];

    store_one(DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UINT, value, b, 4);
    ck_assert_uint_eq(b[0], 255);
    ck_assert_uint_eq(b[1], 7);
    ck_assert_uint_eq(b[2], 255);
    ck_assert_uint_eq(b[3], 0);

    memcpy(value, svalue, sizeof(value));
    store_one(DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_SINT, value, b, 4);
    ck_assert_uint_eq(b[0], 0x80);
    ck_assert_uint_eq(b[1], 100);
    ck_assert_uint_eq(b[2], 5);
    ck_assert_uint_eq(b[3], 0xff);

    value[0] = 0x12345;
    value[1] = 0xbeef;
    store_one(DXGI_FORMAT_R16G16_TYPELESS, DXGI_FORMAT_R16G16_UINT, value, h, 4);
    ck_assert_uint_eq(h[0], 0xffff);
    ck_assert_uint_eq(h[1], 0xbeef);
}
END_TEST

/* Round trip of every texel of a 2D array mip chain through store and load, with the
 * view's mip and slice ranges and out-of-bounds accesses. */
START_TEST(test_view_ranges)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_UINT, 8, 4, 4, 3);
    struct agx_shader_view v;
    uint32_t value[4], out[4], raw;
    int32_t c[3];
    struct tex x;

    tex_create(&x, &desc);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2DARRAY, DXGI_FORMAT_R32_UINT);
    v.first_mip = 1;
    v.mip_count = 2;
    v.first_slice = 1;
    v.slice_count = 2;

    /* Store through the UAV-like view at mip 0 of the view: resource mip 1, slices 1-2. */
    value[0] = 0xabcd;
    value[1] = value[2] = value[3] = 0;
    agx_texture_store(x.backend, &v, (const uint32_t[3]){3, 1, 1}, value);
    tex_get(&x, 1, 2, 0, 3, 1, 0, &raw, 4);
    ck_assert_uint_eq(raw, 0xabcd);

    /* Out of the view: dropped. Mip 1 is 4x2. */
    agx_texture_store(x.backend, &v, (const uint32_t[3]){4, 0, 0}, value);
    agx_texture_store(x.backend, &v, (const uint32_t[3]){0, 2, 0}, value);
    agx_texture_store(x.backend, &v, (const uint32_t[3]){0, 0, 2}, value);
    tex_get(&x, 1, 3, 0, 0, 0, 0, &raw, 4);
    ck_assert_uint_eq(raw, 0);

    c[0] = 3;
    c[1] = 1;
    c[2] = 1;
    agx_texture_load(x.backend, &v, c, 0, 0, out);
    ck_assert_uint_eq(out[0], 0xabcd);
    ck_assert_uint_eq(out[3], 1);

    /* Resource mip 2 (2x1) is the view's mip 1; mip 2 of the view does not exist. */
    raw = 77;
    tex_put(&x, 2, 1, 0, 1, 0, 0, 0, &raw, 4);
    c[0] = 1;
    c[1] = 0;
    c[2] = 0;
    agx_texture_load(x.backend, &v, c, 1, 0, out);
    ck_assert_uint_eq(out[0], 77);
    agx_texture_load(x.backend, &v, c, 2, 0, out);
    ck_assert_uint_eq(out[0], 0);
    ck_assert_uint_eq(out[3], 0);   /* out of bounds: all zero */
    agx_texture_load(x.backend, &v, c, -1, 0, out);
    ck_assert_uint_eq(out[3], 0);
    c[0] = -1;
    agx_texture_load(x.backend, &v, c, 1, 0, out);
    ck_assert_uint_eq(out[3], 0);
    c[0] = 1;
    c[2] = 2;
    agx_texture_load(x.backend, &v, c, 1, 0, out);
    ck_assert_uint_eq(out[3], 0);
    tex_destroy(&x);
}
END_TEST

START_TEST(test_dimensions)
{
    D3D12_RESOURCE_DESC1 desc;
    struct agx_shader_view v;
    uint32_t out[4], raw;
    struct tex x;

    /* 1D array: coord[1] is the slice. */
    desc = texture_desc(DXGI_FORMAT_R32_UINT, 8, 1, 3, 1);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE1D;
    tex_create(&x, &desc);
    raw = 11;
    tex_put(&x, 0, 2, 0, 5, 0, 0, 0, &raw, 4);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE1DARRAY, DXGI_FORMAT_R32_UINT);
    agx_texture_load(x.backend, &v, (const int32_t[3]){5, 2, 0}, 0, 0, out);
    ck_assert_uint_eq(out[0], 11);
    agx_texture_load(x.backend, &v, (const int32_t[3]){5, 3, 0}, 0, 0, out);
    ck_assert_uint_eq(out[3], 0);
    tex_destroy(&x);

    /* 3D: a UAV's w slices are relative to FirstWSlice. */
    desc = texture_desc(DXGI_FORMAT_R32_UINT, 4, 4, 4, 1);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    tex_create(&x, &desc);
    raw = 33;
    tex_put(&x, 0, 0, 0, 1, 2, 3, 0, &raw, 4);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE3D, DXGI_FORMAT_R32_UINT);
    agx_texture_load(x.backend, &v, (const int32_t[3]){1, 2, 3}, 0, 0, out);
    ck_assert_uint_eq(out[0], 33);
    v.first_slice = 2;
    v.slice_count = 2;
    agx_texture_load(x.backend, &v, (const int32_t[3]){1, 2, 1}, 0, 0, out);
    ck_assert_uint_eq(out[0], 33);
    agx_texture_load(x.backend, &v, (const int32_t[3]){1, 2, 2}, 0, 0, out);
    ck_assert_uint_eq(out[3], 0);
    agx_texture_store(x.backend, &v, (const uint32_t[3]){0, 0, 0}, (const uint32_t[4]){44, 0, 0, 0});
    tex_get(&x, 0, 0, 0, 0, 0, 2, &raw, 4);
    ck_assert_uint_eq(raw, 44);
    tex_destroy(&x);

    /* Multisampled: each sample, and none beyond the count. */
    desc = texture_desc(DXGI_FORMAT_R32_UINT, 4, 4, 1, 1);
    desc.SampleDesc.Count = 4;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    tex_create(&x, &desc);
    for (raw = 0; raw < 4; ++raw)
    {
        uint32_t value = 100 + raw;

        tex_put(&x, 0, 0, 0, 2, 3, 0, raw, &value, 4);
    }
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2DMS, DXGI_FORMAT_R32_UINT);
    for (raw = 0; raw < 4; ++raw)
    {
        agx_texture_load(x.backend, &v, (const int32_t[3]){2, 3, 0}, 0, raw, out);
        ck_assert_uint_eq(out[0], 100 + raw);
    }
    agx_texture_load(x.backend, &v, (const int32_t[3]){2, 3, 0}, 0, 4, out);
    ck_assert_uint_eq(out[3], 0);
    ck_assert_uint_eq(agx_texture_sample_count(&v), 4);
    tex_destroy(&x);
}
END_TEST

START_TEST(test_typed_buffer)
{
    struct test_device t;
    struct test_resource r;
    struct agx_resource *res;
    struct agx_shader_view v;
    uint32_t out[4], bytes[8];
    float data[2] = {1.5f, -3.0f};

    device_init(&t);
    r = create_buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 4096);
    res = agx_resource_from_handle(r.resource);
    memset(&v, 0, sizeof(v));
    v.kind = AGX_SHADER_VIEW_BUFFER;
    v.dim = AGX_SHADER_DIM_BUFFER;
    v.format = DXGI_FORMAT_R32G32_FLOAT;
    v.va = res->va + 64;
    v.stride = 8;
    v.element_count = 3;
    v.size = 24;

    agx_mem_write(res->device->backend, res->va + 64 + 16, data, sizeof(data));
    agx_texture_load(res->device->backend, &v, (const int32_t[3]){2, 0, 0}, 0, 0, out);
    assert_f(out[0], 1.5);
    assert_f(out[1], -3.0);
    assert_f(out[2], 0.0);
    assert_f(out[3], 1.0);
    agx_texture_load(res->device->backend, &v, (const int32_t[3]){3, 0, 0}, 0, 0, out);
    ck_assert_uint_eq(out[3], 0);

    /* Stores inside the view land; the one past it is dropped. */
    agx_texture_store(res->device->backend, &v, (const uint32_t[3]){0, 0, 0},
                      (const uint32_t[4]){f_bits(2.0f), f_bits(4.0f), 0, 0});
    agx_texture_store(res->device->backend, &v, (const uint32_t[3]){3, 0, 0},
                      (const uint32_t[4]){f_bits(9.0f), f_bits(9.0f), 0, 0});
    agx_mem_read(res->device->backend, res->va + 64, bytes, sizeof(bytes));
    assert_f(bytes[0], 2.0);
    assert_f(bytes[1], 4.0);
    ck_assert_uint_eq(bytes[6], 0);
    ck_assert_uint_eq(bytes[7], 0);
    ck_assert_uint_eq(agx_texture_sample_count(&v), 0);

    /* Null views: zeros, stores dropped. */
    v.kind = AGX_SHADER_VIEW_NULL;
    agx_texture_load(res->device->backend, &v, (const int32_t[3]){0, 0, 0}, 0, 0, out);
    ck_assert_uint_eq(out[0] | out[1] | out[2] | out[3], 0);
    destroy_resource(&t, &r);
    device_finish(&t);
}
END_TEST

START_TEST(test_resinfo)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 16, 8, 12, 5);
    struct agx_shader_view v;
    uint32_t out[4];
    struct tex x;

    tex_create(&x, &desc);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM);
    v.first_mip = 1;
    v.mip_count = 3;
    agx_texture_info(&v, 0, out);
    ck_assert_uint_eq(out[0], 8);
    ck_assert_uint_eq(out[1], 4);
    ck_assert_uint_eq(out[2], 0);
    ck_assert_uint_eq(out[3], 3);
    agx_texture_info(&v, 2, out);
    ck_assert_uint_eq(out[0], 2);
    ck_assert_uint_eq(out[1], 1);
    /* Beyond the view's mips: only the mip count. */
    agx_texture_info(&v, 3, out);
    ck_assert_uint_eq(out[0], 0);
    ck_assert_uint_eq(out[1], 0);
    ck_assert_uint_eq(out[3], 3);

    v.dim = AGX_SHADER_DIM_TEXTURE2DARRAY;
    v.slice_count = 5;
    agx_texture_info(&v, 0, out);
    ck_assert_uint_eq(out[2], 5);
    v.dim = AGX_SHADER_DIM_TEXTURECUBEARRAY;
    v.slice_count = 12;
    agx_texture_info(&v, 0, out);
    ck_assert_uint_eq(out[2], 2);
    v.dim = AGX_SHADER_DIM_TEXTURECUBE;
    agx_texture_info(&v, 1, out);
    ck_assert_uint_eq(out[0], 4);
    ck_assert_uint_eq(out[1], 2);
    ck_assert_uint_eq(out[2], 0);
    ck_assert_uint_eq(agx_texture_sample_count(&v), 1);
    tex_destroy(&x);

    desc = texture_desc(DXGI_FORMAT_R8_UNORM, 32, 16, 8, 2);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    tex_create(&x, &desc);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE3D, DXGI_FORMAT_R8_UNORM);
    agx_texture_info(&v, 1, out);
    ck_assert_uint_eq(out[0], 16);
    ck_assert_uint_eq(out[1], 8);
    ck_assert_uint_eq(out[2], 4);
    ck_assert_uint_eq(out[3], 2);
    tex_destroy(&x);

    desc = texture_desc(DXGI_FORMAT_R8_UNORM, 32, 1, 6, 1);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE1D;
    tex_create(&x, &desc);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE1DARRAY, DXGI_FORMAT_R8_UNORM);
    agx_texture_info(&v, 0, out);
    ck_assert_uint_eq(out[0], 32);
    ck_assert_uint_eq(out[1], 6);
    ck_assert_uint_eq(out[2], 0);
    ck_assert_uint_eq(out[3], 1);
    tex_destroy(&x);

    agx_texture_info(NULL, 0, out);
    ck_assert_uint_eq(out[0] | out[1] | out[2] | out[3], 0);
    ck_assert_uint_eq(agx_texture_sample_count(NULL), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("agx_texture");
    TCase *tc = tcase_create("load_store");

    tcase_add_test(tc, test_load_unorm_snorm_srgb);
    tcase_add_test(tc, test_load_float);
    tcase_add_test(tc, test_load_packed);
    tcase_add_test(tc, test_load_integer);
    tcase_add_test(tc, test_load_depth_planes);
    tcase_add_test(tc, test_load_bc);
    tcase_add_test(tc, test_store_conversions);
    tcase_add_test(tc, test_store_integer_clamps);
    tcase_add_test(tc, test_view_ranges);
    tcase_add_test(tc, test_dimensions);
    tcase_add_test(tc, test_typed_buffer);
    tcase_add_test(tc, test_resinfo);
    suite_add_tcase(s, tc);

    return test_run_suites(s, NULL);
}
