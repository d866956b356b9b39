/*
 * agx_umd's resolves and query heaps driven through the driver contract (no runtime).
 *
 * D3D12 has no API way to give the samples of one pixel different values without
 * draws, so these tests fill multisampled textures through the driver's copy engine:
 * it moves whole elements, and the simulated device keeps the samples of a pixel
 * together in one element (sample 0 first, specs/agx_umd.md "Texture layout"), so a
 * buffer footprint of sample-interleaved pixels copied into a multisampled
 * subresource sets every sample (the API forbids such a copy; the DDI does not check).
 * Every expected byte is derived by hand in a comment.
 */

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agx_umd_harness.h"
#include "test_check.h"
#include "test_run.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static D3D12DDIARG_TEXTURE_COPY_LOCATION footprint_at(const struct test_resource *buffer, DXGI_FORMAT format,
                                                      UINT width, UINT height, UINT row_pitch)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION location;

    memset(&location, 0, sizeof(location));
    location.hResource = buffer->resource;
    location.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    location.PlacedFootprint.Footprint.Format = format;
    location.PlacedFootprint.Footprint.Width = width;
    location.PlacedFootprint.Footprint.Height = height;
    location.PlacedFootprint.Footprint.Depth = 1;
    location.PlacedFootprint.Footprint.RowPitch = row_pitch;
    return location;
}

static D3D12DDIARG_TEXTURE_COPY_LOCATION subresource_at(const struct test_resource *texture, UINT sub)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION location;

    memset(&location, 0, sizeof(location));
    location.hResource = texture->resource;
    location.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    location.SubresourceIndex = sub;
    return location;
}

/* One resolve: width x height pixels of `samples` samples of `bytes` bytes each (pixel
 * after pixel, row after row, the samples of a pixel together) are put into a
 * multisampled texture; the single-sampled destination starts as POISON; the resolve
 * runs; out receives the destination, width x height elements of `bytes`. */
struct resolve_case
{
    DXGI_FORMAT format;
    UINT samples, bytes, width, height;
    D3D12_RESOLVE_MODE mode;
    const D3D12_RECT *rect;       /* NULL: ResolveSubresource */
    UINT dst_x, dst_y;
    D3D12_RESOURCE_FLAGS flags;
    UINT src_sub, dst_sub;        /* plane subresources of depth-stencil formats */
};

static void run_resolve(const struct resolve_case *c, const void *pixels, void *out)
{
    UINT row_pitch = 256, src_row = c->width * c->samples * c->bytes, dst_row = c->width * c->bytes, y;
    struct test_resource upload, readback, msaa, single;
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    D3D12_RESOURCE_DESC1 desc;
    unsigned char *in, *back;
    struct test_device t;
    struct test_queue q;
    struct test_list l;

    ck_assert_uint_le(src_row, row_pitch);
    device_init(&t);
    desc = texture_desc(c->format, c->width, c->height, 1, 1);
    desc.Flags = c->flags ? c->flags : D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    single = create_texture(&t, &desc);
    desc.SampleDesc.Count = c->samples;
    msaa = create_texture(&t, &desc);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 2 * row_pitch * c->height);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, row_pitch * c->height);
    in = map(&t, &upload);
    back = map(&t, &readback);
    memset(in, POISON, 2 * row_pitch * c->height);
    for (y = 0; y < c->height; ++y)
        memcpy(in + y * row_pitch, (const unsigned char *)pixels + y * src_row, src_row);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    dst = subresource_at(&msaa, c->src_sub);
    src = footprint_at(&upload, c->format, c->width, c->height, row_pitch);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    /* The poison half of the upload buffer fills the destination. */
    dst = subresource_at(&single, c->dst_sub);
    src = footprint_at(&upload, c->format, c->width, c->height, row_pitch);
    src.PlacedFootprint.Offset = row_pitch * c->height;
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    if (c->rect || c->mode != D3D12_RESOLVE_MODE_AVERAGE)
        t.cl.pfnResolveSubresourceRegion(l.list, single.resource, c->dst_sub, c->dst_x, c->dst_y, msaa.resource,
                                         c->src_sub, c->rect, c->format, c->mode);
    else
        t.cl.pfnResolveSubresource(l.list, single.resource, c->dst_sub, msaa.resource, c->src_sub, c->format);
    dst = footprint_at(&readback, c->format, c->width, c->height, row_pitch);
    src = subresource_at(&single, c->dst_sub);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    execute(&t, &q, &l);
    ck_assert_int_eq(last_list_error, S_OK);

    for (y = 0; y < c->height; ++y)
        memcpy((unsigned char *)out + y * dst_row, back + y * row_pitch, dst_row);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    destroy_resource(&t, &msaa);
    destroy_resource(&t, &single);
    device_finish(&t);
}

static uint32_t float_bits(float f)
{
    uint32_t bits;

    memcpy(&bits, &f, sizeof(bits));
    return bits;
}

/* ---- AVERAGE ------------------------------------------------------------------------------------ */

START_TEST(test_resolve_average_unorm)
{
    /* 2x2 pixels of 4 samples of R8G8B8A8_UNORM. */
    static const uint8_t pixels[2 * 2][4][4] =
    {
        {{0x00, 0x10, 0xff, 0x20}, {0xff, 0x10, 0xff, 0x20}, {0x40, 0x10, 0xff, 0x20}, {0x80, 0x10, 0xff, 0x20}},
        {{0x01, 0x00, 0x00, 0x00}, {0x02, 0x00, 0x00, 0x00}, {0x03, 0x00, 0x00, 0xff}, {0x05, 0x00, 0x00, 0xff}},
        {{0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x00, 0x01}},
        {{0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x00, 0x03}},
    };
    /* Means of the codes, rounded half up (the UNORM rule of a float clear):
     * pixel 0 R (0 + 255 + 64 + 128) / 4 = 111.75 -> 112 = 0x70; G, B, A equal samples;
     * pixel 1 R (1 + 2 + 3 + 5) / 4 = 2.75 -> 3, A (0 + 0 + 255 + 255) / 4 = 127.5 -> 128
     * (0.5 exactly, the one tie of 8-bit UNORM, rounds up);
     * pixel 2 A 1 / 4 = 0.25 -> 0; pixel 3 A 3 / 4 = 0.75 -> 1. */
    static const uint8_t expected[2 * 2][4] =
    {
        {0x70, 0x10, 0xff, 0x20}, {0x03, 0x00, 0x00, 0x80}, {0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x00, 0x01},
    };
    struct resolve_case c = {.format = DXGI_FORMAT_R8G8B8A8_UNORM, .samples = 4, .bytes = 4, .width = 2, .height = 2,
            .mode = D3D12_RESOLVE_MODE_AVERAGE};
    uint8_t out[sizeof(expected)];

    run_resolve(&c, pixels, out);
    check_bytes(out, expected, sizeof(expected));
}
END_TEST

START_TEST(test_resolve_average_srgb)
{
    /* 2 samples of R8G8B8A8_UNORM_SRGB: 0 and 255 mean 0.0 and 1.0 in linear space. */
    static const uint8_t pixels[1][2][4] = {{{0x00, 0x00, 0xff, 0x00}, {0xff, 0xbc, 0xff, 0xff}}};
    /* R: linear 0.5 -> sRGB 1.055 * 0.5^(1/2.4) - 0.055 = 0.735357 -> 187.516 -> 188 = 0xbc
     * (a UNORM average would give 0x80);
     * G: 0xbc is linear ((188 / 255 + 0.055) / 1.055)^2.4 = 0.502886, half of it 0.251443
     * -> sRGB 0.538521 -> 137.32 -> 137 = 0x89 (a UNORM average: 94);
     * B 255; alpha is linear: 127.5 -> 0x80. */
    static const uint8_t expected[4] = {0xbc, 0x89, 0xff, 0x80};
    struct resolve_case c = {.format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, .samples = 2, .bytes = 4,
            .width = 1, .height = 1, .mode = D3D12_RESOLVE_MODE_AVERAGE};
    uint8_t out[4];

    run_resolve(&c, pixels, out);
    check_bytes(out, expected, sizeof(expected));
}
END_TEST

START_TEST(test_resolve_average_snorm)
{
    /* 2 samples of R8G8B8A8_SNORM: -1 (0x81) and 1 (0x7f); -1 (0x80) and -1 (0x81);
     * -0.5 (0xc0) and 0 (0x00); 127 and 125. */
    static const uint8_t pixels[1][2][4] = {{{0x81, 0x80, 0xc0, 0x7f}, {0x7f, 0x81, 0x00, 0x7d}}};
    /* Means: 0 -> 0x00; -1 -> 0x81 (never 0x80); -64/127/2 = -0.251969 -> -32 = 0xe0;
     * 126/127 -> 126 = 0x7e. */
    static const uint8_t expected[4] = {0x00, 0x81, 0xe0, 0x7e};
    struct resolve_case c = {.format = DXGI_FORMAT_R8G8B8A8_SNORM, .samples = 2, .bytes = 4, .width = 1, .height = 1,
            .mode = D3D12_RESOLVE_MODE_AVERAGE};
    uint8_t out[4];

    run_resolve(&c, pixels, out);
    check_bytes(out, expected, sizeof(expected));
}
END_TEST

START_TEST(test_resolve_average_float16)
{
    /* 2 samples of R16G16B16A16_FLOAT: (1, -1, 65504, 0) and (2, 0.5, 65504, 2^-24). */
    static const uint16_t pixels[1][2][4] = {{{0x3c00, 0xbc00, 0x7bff, 0x0000}, {0x4000, 0x3800, 0x7bff, 0x0001}}};
    /* 1.5 = 0x3e00; -0.25 = 0xb400; 65504 = 0x7bff; 2^-25 lies between 0 and the
     * smallest denormal 2^-24 and rounds toward zero: 0x0000. */
    static const uint16_t expected[4] = {0x3e00, 0xb400, 0x7bff, 0x0000};
    struct resolve_case c = {.format = DXGI_FORMAT_R16G16B16A16_FLOAT, .samples = 2, .bytes = 8,
            .width = 1, .height = 1, .mode = D3D12_RESOLVE_MODE_AVERAGE};
    uint16_t out[4];

    run_resolve(&c, pixels, out);
    check_bytes(out, expected, sizeof(expected));
}
END_TEST

START_TEST(test_resolve_average_packed)
{
    /* 4 samples of R10G10B10A2_UNORM: R 0, 1023, 0, 1023 and A 0, 3, 3, 3; G 100 each;
     * B 1, 2, 3, 5. */
    static const uint32_t pixels[1][4] =
    {{
        0u | 100u << 10 | 1u << 20 | 0u << 30,
        1023u | 100u << 10 | 2u << 20 | 3u << 30,
        0u | 100u << 10 | 3u << 20 | 3u << 30,
        1023u | 100u << 10 | 5u << 20 | 3u << 30,
    }};
    /* R 511.5 -> 512; G 100; B 11 / 4 = 2.75 -> 3; A 9 / 4 = 2.25 -> 2. */
    static const uint32_t expected[1] = {512u | 100u << 10 | 3u << 20 | 2u << 30};
    struct resolve_case c = {.format = DXGI_FORMAT_R10G10B10A2_UNORM, .samples = 4, .bytes = 4,
            .width = 1, .height = 1, .mode = D3D12_RESOLVE_MODE_AVERAGE};
    uint32_t out[1];

    run_resolve(&c, pixels, out);
    check_bytes(out, expected, sizeof(expected));
}
END_TEST

START_TEST(test_resolve_uniform_formats)
{
    /* Every sample alike (what clears make): the average is the value itself, bit for
     * bit, for every format class that averages. */
    static const struct
    {
        DXGI_FORMAT format;
        UINT bytes;
        uint8_t sample[16];
    }
    tests[] =
    {
        {DXGI_FORMAT_B5G6R5_UNORM, 2, {0x34, 0x12}},
        {DXGI_FORMAT_R11G11B10_FLOAT, 4, {0x12, 0x34, 0x56, 0x78}},
        {DXGI_FORMAT_R32G32B32A32_FLOAT, 16, {0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0,
                                              0xdb, 0x0f, 0x49, 0x40, 0x00, 0x00, 0x00, 0x00}},
        {DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, 4, {0x01, 0x7f, 0xbc, 0xfe}},
        {DXGI_FORMAT_R16G16_SNORM, 4, {0x01, 0x80, 0xff, 0x7f}},
        {DXGI_FORMAT_A8_UNORM, 1, {0x5a}},
    };
    uint8_t pixels[4][16], out[16];
    struct resolve_case c;
    unsigned int i, s;

    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        memset(&c, 0, sizeof(c));
        c.format = tests[i].format;
        c.samples = 4;
        c.bytes = tests[i].bytes;
        c.width = c.height = 1;
        c.mode = D3D12_RESOLVE_MODE_AVERAGE;
        for (s = 0; s < 4; ++s)
            memcpy((uint8_t *)pixels + s * c.bytes, tests[i].sample, c.bytes);
        run_resolve(&c, pixels, out);
        ck_assert_msg(!memcmp(out, tests[i].sample, c.bytes), "format %#x", tests[i].format);
    }
}
END_TEST

START_TEST(test_resolve_average_integer)
{
    /* D3D12 does not average integers; the driver takes sample 0. */
    static const uint32_t pixels[1][2] = {{7, 9}};
    struct resolve_case c = {.format = DXGI_FORMAT_R32_UINT, .samples = 2, .bytes = 4, .width = 1, .height = 1,
            .mode = D3D12_RESOLVE_MODE_AVERAGE};
    uint32_t out[1];

    run_resolve(&c, pixels, out);
    ck_assert_uint_eq(out[0], 7);
}
END_TEST

/* ---- MIN, MAX, regions, DECOMPRESS ----------------------------------------------------------- */

START_TEST(test_resolve_min_max)
{
    /* R8G8B8A8_UNORM, 2 samples: each channel is chosen on its own. */
    static const uint8_t unorm[1][2][4] = {{{10, 200, 30, 40}, {20, 100, 50, 5}}};
    static const uint8_t unorm_min[4] = {10, 100, 30, 5}, unorm_max[4] = {20, 200, 50, 40};
    /* R32_SINT, 2 samples: -5 and 3 compare as signed numbers. */
    static const int32_t sint[1][2] = {{-5, 3}};
    /* R8_SNORM, 4 samples: -1 (0x80 and 0x81 both), -0.5 (0xc0), 0.25 (0x20). */
    static const uint8_t snorm[1][4] = {{0xc0, 0x80, 0x20, 0x81}};
    struct resolve_case c = {.format = DXGI_FORMAT_R8G8B8A8_UNORM, .samples = 2, .bytes = 4, .width = 1, .height = 1,
            .mode = D3D12_RESOLVE_MODE_MIN};
    uint32_t f32[1][4], out[4];

    run_resolve(&c, unorm, out);
    check_bytes(out, unorm_min, 4);
    c.mode = D3D12_RESOLVE_MODE_MAX;
    run_resolve(&c, unorm, out);
    check_bytes(out, unorm_max, 4);

    c.format = DXGI_FORMAT_R32_SINT;
    run_resolve(&c, sint, out);
    ck_assert_uint_eq(out[0], 3);
    c.mode = D3D12_RESOLVE_MODE_MIN;
    run_resolve(&c, sint, out);
    ck_assert_uint_eq(out[0], 0xfffffffbu);

    /* R32_FLOAT, 4 samples 3, -1, NaN, 2.5: NaN loses to any number. */
    c.format = DXGI_FORMAT_R32_FLOAT;
    c.samples = 4;
    f32[0][0] = float_bits(3.0f);
    f32[0][1] = float_bits(-1.0f);
    f32[0][2] = 0x7fc00001u;
    f32[0][3] = float_bits(2.5f);
    run_resolve(&c, f32, out);
    ck_assert_uint_eq(out[0], float_bits(-1.0f));
    c.mode = D3D12_RESOLVE_MODE_MAX;
    run_resolve(&c, f32, out);
    ck_assert_uint_eq(out[0], float_bits(3.0f));

    /* The code of the first smallest sample is kept: 0x80 (-1) before 0x81 (-1). */
    c.format = DXGI_FORMAT_R8_SNORM;
    c.bytes = 1;
    c.mode = D3D12_RESOLVE_MODE_MIN;
    run_resolve(&c, snorm, out);
    ck_assert_uint_eq(((uint8_t *)out)[0], 0x80);
    c.mode = D3D12_RESOLVE_MODE_MAX;
    run_resolve(&c, snorm, out);
    ck_assert_uint_eq(((uint8_t *)out)[0], 0x20);
}
END_TEST

START_TEST(test_resolve_depth_planes)
{
    /* D32_FLOAT, 2 samples: MIN and MAX of 0.25 and 0.75. */
    const uint32_t d32[1][2] = {{float_bits(0.25f), float_bits(0.75f)}};
    /* D24_UNORM_S8_UINT plane 0 (D24 in bits 0-23 of 4 bytes), 4 samples; plane 1 is
     * the stencil byte. */
    static const uint32_t d24[1][4] = {{0x000100, 0xffffff, 0x800000, 0x000001}};
    static const uint8_t stencil[1][4] = {{3, 200, 7, 9}};
    struct resolve_case c = {.format = DXGI_FORMAT_D32_FLOAT, .samples = 2, .bytes = 4, .width = 1, .height = 1,
            .mode = D3D12_RESOLVE_MODE_MIN};
    uint32_t out[1];

    c.flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    run_resolve(&c, d32, out);
    ck_assert_uint_eq(out[0], float_bits(0.25f));
    c.mode = D3D12_RESOLVE_MODE_MAX;
    run_resolve(&c, d32, out);
    ck_assert_uint_eq(out[0], float_bits(0.75f));
    /* AVERAGE of depth: 0.5 exactly. */
    c.mode = D3D12_RESOLVE_MODE_AVERAGE;
    run_resolve(&c, d32, out);
    ck_assert_uint_eq(out[0], float_bits(0.5f));

    c.format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    c.samples = 4;
    c.mode = D3D12_RESOLVE_MODE_MAX;
    run_resolve(&c, d24, out);
    ck_assert_uint_eq(out[0], 0xffffff);
    c.mode = D3D12_RESOLVE_MODE_MIN;
    run_resolve(&c, d24, out);
    ck_assert_uint_eq(out[0], 0x000001);
    /* Plane 1 (subresource 1 of a one-mip, one-slice texture): the stencil bytes. */
    c.bytes = 1;
    c.src_sub = c.dst_sub = 1;
    c.mode = D3D12_RESOLVE_MODE_MAX;
    run_resolve(&c, stencil, out);
    ck_assert_uint_eq(((uint8_t *)out)[0], 200);
}
END_TEST

START_TEST(test_resolve_region)
{
    /* 4x2 pixels of 2 samples of R8_UNORM: pixel (x, y) has samples 10x + y and
     * 10x + y + 2, whose mean is 10x + y + 1. */
    uint8_t pixels[2][4][2], out[2][4];
    static const D3D12_RECT rect = {1, 0, 3, 1};
    struct resolve_case c = {.format = DXGI_FORMAT_R8_UNORM, .samples = 2, .bytes = 1, .width = 4, .height = 2,
            .mode = D3D12_RESOLVE_MODE_AVERAGE, .rect = &rect, .dst_x = 2, .dst_y = 1};
    unsigned int x, y;

    for (y = 0; y < 2; ++y)
    {
        for (x = 0; x < 4; ++x)
        {
            pixels[y][x][0] = (uint8_t)(10 * x + y);
            pixels[y][x][1] = (uint8_t)(10 * x + y + 2);
        }
    }
    /* Source pixels (1, 0) and (2, 0) land at (2, 1) and (3, 1); the rest is poison. */
    run_resolve(&c, pixels, out);
    for (y = 0; y < 2; ++y)
    {
        for (x = 0; x < 4; ++x)
        {
            if (y == 1 && x >= 2)
                ck_assert_uint_eq(out[y][x], 10 * (x - 1) + 1);
            else
                ck_assert_uint_eq(out[y][x], POISON);
        }
    }
}
END_TEST

START_TEST(test_resolve_decompress)
{
    /* DECOMPRESS keeps the sample count: every sample is copied as it is. */
    static const uint8_t pixels[2][2] = {{0x11, 0x22}, {0x33, 0x44}};
    struct resolve_case c = {.format = DXGI_FORMAT_R8_UNORM, .samples = 2, .bytes = 1, .width = 2, .height = 1,
            .mode = D3D12_RESOLVE_MODE_DECOMPRESS};
    struct test_resource upload, readback, a, b;
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    D3D12_RESOURCE_DESC1 desc;
    unsigned char *in, *back;
    struct test_device t;
    struct test_queue q;
    struct test_list l;

    device_init(&t);
    desc = texture_desc(c.format, c.width, c.height, 1, 1);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    desc.SampleDesc.Count = 2;
    a = create_texture(&t, &desc);
    b = create_texture(&t, &desc);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 256);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 256);
    in = map(&t, &upload);
    back = map(&t, &readback);
    memcpy(in, pixels, sizeof(pixels));
    memset(back, POISON, 256);
    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    dst = subresource_at(&a, 0);
    src = footprint_at(&upload, c.format, 2, 1, 256);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    t.cl.pfnResolveSubresourceRegion(l.list, b.resource, 0, 0, 0, a.resource, 0, NULL, c.format,
                                     D3D12_RESOLVE_MODE_DECOMPRESS);
    dst = footprint_at(&readback, c.format, 2, 1, 256);
    src = subresource_at(&b, 0);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    execute(&t, &q, &l);
    ck_assert_int_eq(last_list_error, S_OK);
    check_bytes(back, pixels, sizeof(pixels));
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    destroy_resource(&t, &a);
    destroy_resource(&t, &b);
    device_finish(&t);
}
END_TEST

START_TEST(test_resolve_refused)
{
    /* A resolve the engine cannot run fails the list: a buffer destination, a format
     * without a typed member to read samples as. */
    struct test_resource buffer, msaa, single;
    D3D12_RESOURCE_DESC1 desc;
    struct test_device t;
    struct test_list l;

    device_init(&t);
    buffer = create_buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 256);
    desc = texture_desc(DXGI_FORMAT_R8G8B8A8_TYPELESS, 4, 4, 1, 1);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    single = create_texture(&t, &desc);
    desc.SampleDesc.Count = 2;
    msaa = create_texture(&t, &desc);

    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    last_list_error = S_OK;
    t.cl.pfnResolveSubresource(l.list, buffer.resource, 0, msaa.resource, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    ck_assert_int_eq(last_list_error, E_INVALIDARG);
    ck_assert_int_eq(t.cl.pfnCloseCommandList(l.list), E_INVALIDARG);
    destroy_list(&t, &l);

    /* A typeless family of a typeless resource has no sample format to read. */
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    last_list_error = S_OK;
    t.cl.pfnResolveSubresource(l.list, single.resource, 0, msaa.resource, 0, DXGI_FORMAT_R8G8B8A8_TYPELESS);
    ck_assert_int_eq(last_list_error, E_INVALIDARG);
    destroy_list(&t, &l);
    destroy_resource(&t, &buffer);
    destroy_resource(&t, &msaa);
    destroy_resource(&t, &single);
    device_finish(&t);
}
END_TEST

START_TEST(test_resolve_predicated)
{
    /* A predicated resolve (predicate value non-zero, NOT_EQUAL_ZERO) leaves the
     * destination alone; with the predicate off again, the next one runs. */
    static const uint8_t pixels[1][2] = {{0x10, 0x30}};
    struct test_resource upload, readback, msaa, single, predicate;
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    D3D12DDI_HRESOURCE none = {NULL};
    D3D12_RESOURCE_DESC1 desc;
    unsigned char *in, *back;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    UINT64 *value;

    device_init(&t);
    desc = texture_desc(DXGI_FORMAT_R8_UNORM, 1, 1, 1, 1);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    single = create_texture(&t, &desc);
    desc.SampleDesc.Count = 2;
    msaa = create_texture(&t, &desc);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 512);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 512);
    predicate = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 256);
    in = map(&t, &upload);
    back = map(&t, &readback);
    value = map(&t, &predicate);
    *value = 5;
    memcpy(in, pixels, sizeof(pixels));
    in[256] = POISON;
    memset(back, POISON, 512);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    dst = subresource_at(&msaa, 0);
    src = footprint_at(&upload, desc.Format, 1, 1, 256);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    dst = subresource_at(&single, 0);
    src.PlacedFootprint.Offset = 256;
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    t.cl.pfnSetPredication(l.list, predicate.resource, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    t.cl.pfnResolveSubresource(l.list, single.resource, 0, msaa.resource, 0, desc.Format);
    t.cl.pfnSetPredication(l.list, none, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    dst = footprint_at(&readback, desc.Format, 1, 1, 256);
    src = subresource_at(&single, 0);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    t.cl.pfnResolveSubresource(l.list, single.resource, 0, msaa.resource, 0, desc.Format);
    dst.PlacedFootprint.Offset = 256;
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    execute(&t, &q, &l);

    ck_assert_uint_eq(back[0], POISON);
    /* (0x10 + 0x30) / 2 = 0x20. */
    ck_assert_uint_eq(back[256], 0x20);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    destroy_resource(&t, &predicate);
    destroy_resource(&t, &msaa);
    destroy_resource(&t, &single);
    device_finish(&t);
}
END_TEST

/* ---- Query heaps ------------------------------------------------------------------------------------ */

static D3D12DDI_HQUERYHEAP create_query_heap(struct test_device *t, D3D12_QUERY_HEAP_TYPE type, UINT count)
{
    D3D12DDIARG_CREATE_QUERY_HEAP_0124 args = {type, count, 0};
    D3D12DDI_HQUERYHEAP heap = {calloc(1, t->dev.pfnCalcPrivateQueryHeapSize(t->device, &args))};

    ck_assert_int_eq(t->dev.pfnCreateQueryHeap(t->device, &args, heap), S_OK);
    return heap;
}

static void destroy_query_heap(struct test_device *t, D3D12DDI_HQUERYHEAP heap)
{
    t->dev.pfnDestroyQueryHeap(t->device, heap);
    free(heap.pDrvPrivate);
}

START_TEST(test_query_layouts)
{
    /* Without draws the counters stay zero, in the D3D12 layouts ResolveQueryData
     * writes: 11 UINT64 per pipeline-statistics query, 2 per stream-output query, one
     * per (binary) occlusion query. */
    D3D12DDI_HQUERYHEAP stats, so, occlusion;
    struct test_resource readback;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    unsigned char *out;
    unsigned int i;

    ck_assert_uint_eq(sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS), 11 * sizeof(UINT64));
    ck_assert_uint_eq(sizeof(D3D12_QUERY_DATA_SO_STATISTICS), 2 * sizeof(UINT64));
    device_init(&t);
    stats = create_query_heap(&t, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 2);
    so = create_query_heap(&t, D3D12_QUERY_HEAP_TYPE_SO_STATISTICS, 1);
    occlusion = create_query_heap(&t, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 1024);
    out = map(&t, &readback);
    memset(out, POISON, 1024);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    for (i = 0; i < 2; ++i)
    {
        t.cl.pfnBeginQuery(l.list, stats, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, i);
        t.cl.pfnEndQuery(l.list, stats, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, i);
    }
    t.cl.pfnBeginQuery(l.list, so, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0);
    t.cl.pfnEndQuery(l.list, so, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0);
    t.cl.pfnBeginQuery(l.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    t.cl.pfnEndQuery(l.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    t.cl.pfnBeginQuery(l.list, occlusion, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
    t.cl.pfnEndQuery(l.list, occlusion, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
    t.cl.pfnResolveQueryData(l.list, stats, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 2, readback.resource, 8);
    t.cl.pfnResolveQueryData(l.list, so, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0, 1, readback.resource, 512);
    t.cl.pfnResolveQueryData(l.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0, 2, readback.resource, 600);
    execute(&t, &q, &l);

    /* Bytes 8 .. 8 + 2 * 88 are zero, and nothing around them was written. */
    ck_assert_uint_eq(out[7], POISON);
    for (i = 8; i < 8 + 2 * 88; ++i)
        ck_assert_uint_eq(out[i], 0);
    ck_assert_uint_eq(out[8 + 2 * 88], POISON);
    for (i = 512; i < 512 + 16; ++i)
        ck_assert_uint_eq(out[i], 0);
    ck_assert_uint_eq(out[528], POISON);
    for (i = 600; i < 616; ++i)
        ck_assert_uint_eq(out[i], 0);
    ck_assert_uint_eq(out[616], POISON);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_query_heap(&t, stats);
    destroy_query_heap(&t, so);
    destroy_query_heap(&t, occlusion);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

START_TEST(test_query_copy_queue_timestamps)
{
    /* COPY_QUEUE_TIMESTAMP heaps on a copy queue read the queue clock, in order. */
    D3D12DDI_HQUERYHEAP heap;
    struct test_resource readback;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    UINT64 *out, gpu = 0, cpu = 0;

    device_init(&t);
    heap = create_query_heap(&t, D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP, 2);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 256);
    out = map(&t, &readback);
    memset(out, POISON, 256);
    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    ck_assert_int_eq(t.q.pfnGetClockCalibration(q.queue, &gpu, &cpu), S_OK);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    t.cl.pfnEndQuery(l.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    t.cl.pfnEndQuery(l.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 1);
    t.cl.pfnResolveQueryData(l.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 2, readback.resource, 0);
    execute(&t, &q, &l);

    ck_assert_uint_ge(out[0], gpu);
    ck_assert_uint_ge(out[1], out[0]);
    ck_assert_uint_eq(out[2], 0xCDCDCDCDCDCDCDCDull);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_query_heap(&t, heap);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

static Suite *agx_umd_resolve_suite(void)
{
    Suite *suite = suite_create("agx_umd_resolve");
    TCase *tc;

    tc = tcase_create("resolve");
    tcase_add_test(tc, test_resolve_average_unorm);
    tcase_add_test(tc, test_resolve_average_srgb);
    tcase_add_test(tc, test_resolve_average_snorm);
    tcase_add_test(tc, test_resolve_average_float16);
    tcase_add_test(tc, test_resolve_average_packed);
    tcase_add_test(tc, test_resolve_uniform_formats);
    tcase_add_test(tc, test_resolve_average_integer);
    tcase_add_test(tc, test_resolve_min_max);
    tcase_add_test(tc, test_resolve_depth_planes);
    tcase_add_test(tc, test_resolve_region);
    tcase_add_test(tc, test_resolve_decompress);
    tcase_add_test(tc, test_resolve_refused);
    tcase_add_test(tc, test_resolve_predicated);
    suite_add_tcase(suite, tc);

    tc = tcase_create("queries");
    tcase_add_test(tc, test_query_layouts);
    tcase_add_test(tc, test_query_copy_queue_timestamps);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(agx_umd_resolve_suite(), NULL);
}
