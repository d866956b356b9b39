/*
 * Filtered sampling, gather and lod (agx_shader.h) against values worked out here:
 * point and bilinear taps with 8 bits of sub-texel precision, every address mode
 * outside [0, 1], border colours, mip selection with the sampler's and the view's
 * clamps, trilinear, comparison, gather's texel order, offsets, cube faces and edges.
 */
#include "test_agx_texture_util.h"
#include "test_run.h"

/* The gradient texture: texel (x, y) of slice s is (x + 10y + 100s, 100 + x, 200 + y, 1). */
static void gradient(struct tex *x, uint32_t w, uint32_t h, uint32_t slices)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32G32B32A32_FLOAT, w, h, (UINT16)slices, 1);
    uint32_t px, py, s;

    tex_create(x, &desc);
    for (s = 0; s < slices; ++s)
    {
        for (py = 0; py < h; ++py)
        {
            for (px = 0; px < w; ++px)
            {
                float v[4] = {(float)(px + 10 * py + 100 * s), (float)(100 + px), (float)(200 + py), 1.0f};

                tex_put(x, 0, s, 0, px, py, 0, 0, v, sizeof(v));
            }
        }
    }
}

static float texel_r(int px, int py)
{
    return (float)(px + 10 * py);
}

static struct agx_shader_sampler sampler(D3D12_FILTER filter, D3D12_TEXTURE_ADDRESS_MODE mode)
{
    struct agx_shader_sampler s;

    memset(&s, 0, sizeof(s));
    s.desc.Filter = filter;
    s.desc.AddressU = s.desc.AddressV = s.desc.AddressW = mode;
    s.desc.MaxLOD = 1000.0f;
    return s;
}

static void sample(const struct tex *x, const struct agx_shader_view *v, const struct agx_shader_sampler *s,
                   float u, float vv, float lod, uint32_t out[4])
{
    struct agx_sample_request r;

    memset(&r, 0, sizeof(r));
    r.coord[0] = u;
    r.coord[1] = vv;
    r.lod = lod;
    agx_texture_sample(x->backend, v, s, AGX_SAMPLE_LEVEL, &r, out);
}

START_TEST(test_point_and_bilinear)
{
    struct agx_shader_sampler point = sampler(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_CLAMP);
    struct agx_shader_sampler linear = sampler(D3D12_FILTER_MIN_MAG_MIP_LINEAR, D3D12_TEXTURE_ADDRESS_MODE_CLAMP);
    struct agx_shader_view v;
    uint32_t out[4];
    struct tex x;
    float fu, fv, expected;
    int px, py;

    gradient(&x, 4, 4, 1);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_FLOAT);
    for (py = 0; py < 4; ++py)
    {
        for (px = 0; px < 4; ++px)
        {
            /* Anywhere inside the texel picks it. */
            sample(&x, &v, &point, (px + 0.3f) / 4.0f, (py + 0.9f) / 4.0f, 0.0f, out);
            assert_f(out[0], texel_r(px, py));
            assert_f(out[1], 100 + px);
            assert_f(out[2], 200 + py);
            assert_f(out[3], 1.0);
        }
    }

    /* Bilinear at (1.25, 2.25) texels: footprint from texel (0, 1), weights 3/4. */
    sample(&x, &v, &linear, 1.25f / 4.0f, 2.25f / 4.0f, 0.0f, out);
    fu = 0.75f;
    fv = 0.75f;
    expected = texel_r(0, 1) * (1 - fu) * (1 - fv) + texel_r(1, 1) * fu * (1 - fv)
            + texel_r(0, 2) * (1 - fu) * fv + texel_r(1, 2) * fu * fv;
    assert_f(out[0], expected);
    assert_f(out[1], 100 + fu);
    assert_f(out[2], 201 + fv);

    /* 8 bits of sub-texel precision: 1/1024 of a texel rounds away, 3/1024 to 1/256. */
    sample(&x, &v, &linear, (1.5f + 1.0f / 1024.0f) / 4.0f, 1.5f / 4.0f, 0.0f, out);
    assert_f(out[0], texel_r(1, 1));
    sample(&x, &v, &linear, (1.5f + 3.0f / 1024.0f) / 4.0f, 1.5f / 4.0f, 0.0f, out);
    assert_f(out[0], texel_r(1, 1) + (texel_r(2, 1) - texel_r(1, 1)) / 256.0f);
    tex_destroy(&x);
}
END_TEST

/* FS 7.18.9 on texel addresses, written as periodic functions. */
static int reference_address(D3D12_TEXTURE_ADDRESS_MODE mode, int t, int n, bool *border)
{
    int m;

    *border = false;
    if (t >= 0 && t < n)
        return t;
    switch (mode)
    {
        case D3D12_TEXTURE_ADDRESS_MODE_WRAP:
            return ((t % n) + n) % n;
        case D3D12_TEXTURE_ADDRESS_MODE_MIRROR:
            m = ((t % (2 * n)) + 2 * n) % (2 * n);
            return m < n ? m : 2 * n - 1 - m;
        case D3D12_TEXTURE_ADDRESS_MODE_CLAMP:
            return t < 0 ? 0 : n - 1;
        case D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE:
            m = t < 0 ? -t - 1 : t;
            return m < n ? m : n - 1;
        default:
            *border = true;
            return 0;
    }
}

START_TEST(test_address_modes)
{
    static const D3D12_TEXTURE_ADDRESS_MODE modes[] = {D3D12_TEXTURE_ADDRESS_MODE_WRAP,
            D3D12_TEXTURE_ADDRESS_MODE_MIRROR, D3D12_TEXTURE_ADDRESS_MODE_CLAMP, D3D12_TEXTURE_ADDRESS_MODE_BORDER,
            D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE};
    static const float coords[] = {-0.1f, -0.3f, -1.3f, 1.3f, 2.6f, -2.6f, 5.05f, 0.6f, -7.9f, 12.3f};
    struct agx_shader_sampler s;
    struct agx_shader_view v;
    unsigned int m, i;
    uint32_t out[4];
    struct tex x;
    bool border;
    int tu, tv;

    gradient(&x, 4, 4, 1);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_FLOAT);
    for (m = 0; m < AGX_ARRAY_SIZE(modes); ++m)
    {
        s = sampler(D3D12_FILTER_MIN_MAG_MIP_POINT, modes[m]);
        s.desc.FloatBorderColor[0] = -5.0f;
        s.desc.FloatBorderColor[1] = 6.0f;
        s.desc.FloatBorderColor[2] = 7.0f;
        s.desc.FloatBorderColor[3] = 0.5f;
        for (i = 0; i < AGX_ARRAY_SIZE(coords); ++i)
        {
            bool border_v;

            tu = reference_address(modes[m], (int)floor((double)coords[i] * 4.0), 4, &border);
            tv = reference_address(modes[m], (int)floor((double)coords[(i + 3) % 10] * 4.0), 4, &border_v);
            sample(&x, &v, &s, coords[i], coords[(i + 3) % 10], 0.0f, out);
            if (border || border_v)
            {
                assert_f(out[0], -5.0);
                assert_f(out[1], 6.0);
                assert_f(out[2], 7.0);
                assert_f(out[3], 0.5);
            }
            else
            {
                ck_assert_msg(bits_f(out[0]) == texel_r(tu, tv), "mode %d coord %g: %g, expected texel (%d, %d)",
                              modes[m], coords[i], bits_f(out[0]), tu, tv);
            }
        }
    }

    /* Bilinear straddling the border: half border, half texel 0. */
    s = sampler(D3D12_FILTER_MIN_MAG_MIP_LINEAR, D3D12_TEXTURE_ADDRESS_MODE_BORDER);
    s.desc.FloatBorderColor[0] = 8.0f;
    sample(&x, &v, &s, 0.0f, 0.375f, 0.0f, out);
    assert_f(out[0], 0.5 * 8.0 + 0.5 * texel_r(0, 1));
    /* ... and across the wrap: the last texel and the first. */
    s.desc.AddressU = D3D12_TEXTURE_ADDRESS_MODE_WRAP;
    sample(&x, &v, &s, 0.0f, 0.375f, 0.0f, out);
    assert_f(out[0], 0.5 * texel_r(3, 1) + 0.5 * texel_r(0, 1));
    s.desc.AddressU = D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE;
    sample(&x, &v, &s, -0.25f, 0.375f, 0.0f, out);   /* texels -2 and -1: 1 and 0 */
    assert_f(out[0], 0.5 * texel_r(1, 1) + 0.5 * texel_r(0, 1));
    tex_destroy(&x);
}
END_TEST

START_TEST(test_border_colours)
{
    struct agx_shader_sampler s = sampler(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_BORDER);
    D3D12_RESOURCE_DESC1 desc;
    struct agx_shader_view v;
    uint32_t out[4];
    struct tex x;

    /* UNORM: clamped to [0, 1]. */
    desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
    tex_create(&x, &desc);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM);
    s.desc.FloatBorderColor[0] = 2.0f;
    s.desc.FloatBorderColor[1] = -1.0f;
    s.desc.FloatBorderColor[2] = 0.5f;
    s.desc.FloatBorderColor[3] = 0.25f;
    sample(&x, &v, &s, -0.5f, 0.5f, 0.0f, out);
    assert_f(out[0], 1.0);
    assert_f(out[1], 0.0);
    assert_f(out[2], 0.5);
    assert_f(out[3], 0.25);
    /* SNORM: [-1, 1]. */
    v.format = DXGI_FORMAT_R8G8B8A8_SNORM;
    sample(&x, &v, &s, 1.5f, 0.5f, 0.0f, out);
    assert_f(out[0], 1.0);
    assert_f(out[1], -1.0);
    tex_destroy(&x);

    /* Only the channels the format has: R32_FLOAT reads (r, 0, 0, 1). */
    desc = texture_desc(DXGI_FORMAT_R32_FLOAT, 2, 2, 1, 1);
    tex_create(&x, &desc);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32_FLOAT);
    s.desc.FloatBorderColor[0] = -3.5f;
    sample(&x, &v, &s, 0.5f, 7.0f, 0.0f, out);
    assert_f(out[0], -3.5);
    assert_f(out[1], 0.0);
    assert_f(out[2], 0.0);
    assert_f(out[3], 1.0);
    tex_destroy(&x);

    /* A uint border colour on an integer format. */
    desc = texture_desc(DXGI_FORMAT_R32G32_UINT, 2, 2, 1, 1);
    tex_create(&x, &desc);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32G32_UINT);
    s.desc.Flags = D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR;
    s.desc.UintBorderColor[0] = 7;
    s.desc.UintBorderColor[1] = 0xfffffff0;
    s.desc.UintBorderColor[2] = 9;
    sample(&x, &v, &s, -0.5f, 0.5f, 0.0f, out);
    ck_assert_uint_eq(out[0], 7);
    ck_assert_uint_eq(out[1], 0xfffffff0);
    ck_assert_uint_eq(out[2], 0);
    ck_assert_uint_eq(out[3], 1);
    tex_destroy(&x);
}
END_TEST

/* 8x8 with 4 mips; mip m holds 10 (m + 1) everywhere. */
static void mip_chain(struct tex *x)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_FLOAT, 8, 8, 1, 4);
    uint32_t m, px, py;

    tex_create(x, &desc);
    for (m = 0; m < 4; ++m)
    {
        float value = 10.0f * (m + 1);

        for (py = 0; py < 8u >> m; ++py)
        {
            for (px = 0; px < 8u >> m; ++px)
                tex_put(x, m, 0, 0, px, py, 0, 0, &value, 4);
        }
    }
}

START_TEST(test_mip_selection)
{
    struct agx_shader_sampler s = sampler(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_WRAP);
    struct agx_shader_view v;
    uint32_t out[4];
    struct tex x;

    mip_chain(&x);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32_FLOAT);
    /* Nearest mip: lod + 0.5 truncated, in 8.8 fixed point. */
    sample(&x, &v, &s, 0.3f, 0.3f, 1.4f, out);
    assert_f(out[0], 20.0);
    sample(&x, &v, &s, 0.3f, 0.3f, 1.6f, out);
    assert_f(out[0], 30.0);
    sample(&x, &v, &s, 0.3f, 0.3f, 0.5f, out);
    assert_f(out[0], 20.0);
    sample(&x, &v, &s, 0.3f, 0.3f, -1.0f, out);
    assert_f(out[0], 10.0);
    sample(&x, &v, &s, 0.3f, 0.3f, 10.0f, out);
    assert_f(out[0], 40.0);

    /* The sampler's bias, then MinLOD and MaxLOD. */
    s.desc.MipLODBias = 1.0f;
    sample(&x, &v, &s, 0.3f, 0.3f, 0.2f, out);
    assert_f(out[0], 20.0);
    s.desc.MipLODBias = 0.0f;
    s.desc.MinLOD = 2.0f;
    sample(&x, &v, &s, 0.3f, 0.3f, 0.0f, out);
    assert_f(out[0], 30.0);
    s.desc.MinLOD = 0.0f;
    s.desc.MaxLOD = 1.0f;
    sample(&x, &v, &s, 0.3f, 0.3f, 3.0f, out);
    assert_f(out[0], 20.0);
    /* MinLOD wins over a smaller MaxLOD. */
    s.desc.MinLOD = 3.0f;
    sample(&x, &v, &s, 0.3f, 0.3f, 0.0f, out);
    assert_f(out[0], 40.0);
    s.desc.MinLOD = 0.0f;
    s.desc.MaxLOD = 1000.0f;

    /* The view's ResourceMinLODClamp. */
    v.min_lod = 2.0f;
    sample(&x, &v, &s, 0.3f, 0.3f, 0.0f, out);
    assert_f(out[0], 30.0);
    v.min_lod = 0.0f;

    /* The view's mip range: lod 0 is its most detailed mip, and it has only two. */
    v.first_mip = 1;
    v.mip_count = 2;
    sample(&x, &v, &s, 0.3f, 0.3f, 0.0f, out);
    assert_f(out[0], 20.0);
    sample(&x, &v, &s, 0.3f, 0.3f, 5.0f, out);
    assert_f(out[0], 30.0);
    tex_destroy(&x);
}
END_TEST

START_TEST(test_trilinear)
{
    struct agx_shader_sampler s = sampler(D3D12_FILTER_MIN_MAG_MIP_LINEAR, D3D12_TEXTURE_ADDRESS_MODE_WRAP);
    struct agx_shader_view v;
    uint32_t out[4];
    struct tex x;

    mip_chain(&x);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32_FLOAT);
    sample(&x, &v, &s, 0.3f, 0.3f, 1.25f, out);
    assert_f(out[0], 20.0 * 0.75 + 30.0 * 0.25);
    /* The mip weight in 1/256ths: 1.3 is 333/256. */
    sample(&x, &v, &s, 0.3f, 0.3f, 1.3f, out);
    assert_f(out[0], 20.0 + 10.0 * 77.0 / 256.0);
    /* Anisotropic filters sample as trilinear. */
    s.desc.Filter = D3D12_FILTER_ANISOTROPIC;
    s.desc.MaxAnisotropy = 16;
    sample(&x, &v, &s, 0.3f, 0.3f, 2.5f, out);
    assert_f(out[0], 35.0);
    tex_destroy(&x);
}
END_TEST

START_TEST(test_min_mag_and_reduction)
{
    struct agx_shader_sampler s = sampler(D3D12_FILTER_MIN_POINT_MAG_LINEAR_MIP_POINT,
                                          D3D12_TEXTURE_ADDRESS_MODE_CLAMP);
    struct agx_shader_view v;
    uint32_t out[4];
    struct tex x;

    gradient(&x, 4, 4, 1);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_FLOAT);
    /* Magnifying (lod <= 0): linear; minifying: point. */
    sample(&x, &v, &s, 0.5f, 0.5f, -1.0f, out);
    assert_f(out[0], (texel_r(1, 1) + texel_r(2, 1) + texel_r(1, 2) + texel_r(2, 2)) / 4.0f);
    sample(&x, &v, &s, 0.5f, 0.5f, 0.5f, out);
    assert_f(out[0], texel_r(2, 2));

    s.desc.Filter = D3D12_FILTER_MAXIMUM_MIN_MAG_MIP_LINEAR;
    sample(&x, &v, &s, 0.5f, 0.5f, 0.0f, out);
    assert_f(out[0], texel_r(2, 2));
    assert_f(out[1], 102.0);
    s.desc.Filter = D3D12_FILTER_MINIMUM_MIN_MAG_MIP_LINEAR;
    sample(&x, &v, &s, 0.5f, 0.5f, 0.0f, out);
    assert_f(out[0], texel_r(1, 1));
    assert_f(out[2], 201.0);
    tex_destroy(&x);
}
END_TEST

START_TEST(test_offsets)
{
    struct agx_shader_sampler s = sampler(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_WRAP);
    struct agx_sample_request r;
    struct agx_shader_view v;
    uint32_t out[4];
    struct tex x;

    gradient(&x, 4, 4, 1);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_FLOAT);
    memset(&r, 0, sizeof(r));
    r.coord[0] = 1.5f / 4.0f;
    r.coord[1] = 1.5f / 4.0f;
    r.offset[0] = 1;
    r.offset[1] = -1;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
    assert_f(out[0], texel_r(2, 0));
    /* Offsets go through the address mode too. */
    r.offset[0] = 3;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
    assert_f(out[0], texel_r(0, 0));
    tex_destroy(&x);
}
END_TEST

START_TEST(test_comparison)
{
    struct agx_shader_sampler s = sampler(D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
                                          D3D12_TEXTURE_ADDRESS_MODE_CLAMP);
    const float depth[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_TYPELESS, 2, 2, 1, 1);
    struct agx_sample_request r;
    struct agx_shader_view v;
    uint16_t d16;
    uint32_t out[4];
    struct tex x;
    unsigned int i;

    tex_create(&x, &desc);
    for (i = 0; i < 4; ++i)
        tex_put(&x, 0, 0, 0, i % 2, i / 2, 0, 0, &depth[i], 4);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32_FLOAT);
    memset(&r, 0, sizeof(r));
    s.desc.ComparisonFunc = D3D12_COMPARISON_FUNC_LESS_EQUAL;

    /* Point: reference <= texel, 1 or 0, replicated. */
    r.coord[0] = 0.25f;
    r.coord[1] = 0.25f;
    r.reference = 0.3f;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_COMPARE_LEVEL_ZERO, &r, out);
    assert_f(out[0], 0.0);
    r.coord[0] = 0.75f;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_COMPARE_LEVEL_ZERO, &r, out);
    assert_f(out[0], 1.0);
    assert_f(out[3], 1.0);

    /* Bilinear filters the comparison results: two of four pass. */
    s.desc.Filter = D3D12_FILTER_COMPARISON_MIN_MAG_LINEAR_MIP_POINT;
    r.coord[0] = 0.5f;
    r.coord[1] = 0.5f;
    r.reference = 0.5f;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_COMPARE, &r, out);
    assert_f(out[0], 0.5);
    s.desc.ComparisonFunc = D3D12_COMPARISON_FUNC_GREATER;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_COMPARE, &r, out);
    assert_f(out[0], 0.5);
    s.desc.ComparisonFunc = D3D12_COMPARISON_FUNC_NEVER;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_COMPARE, &r, out);
    assert_f(out[0], 0.0);
    s.desc.ComparisonFunc = D3D12_COMPARISON_FUNC_ALWAYS;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_COMPARE, &r, out);
    assert_f(out[0], 1.0);
    tex_destroy(&x);

    /* UNORM depth: the reference is clamped and quantised to 16 bits first. */
    desc = texture_desc(DXGI_FORMAT_R16_TYPELESS, 1, 1, 1, 1);
    tex_create(&x, &desc);
    d16 = 0x8000;   /* 32768 / 65535, not 0.5 */
    tex_put(&x, 0, 0, 0, 0, 0, 0, 0, &d16, 2);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R16_UNORM);
    s.desc.Filter = D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT;
    s.desc.ComparisonFunc = D3D12_COMPARISON_FUNC_EQUAL;
    r.reference = 0.5f;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_COMPARE_LEVEL_ZERO, &r, out);
    assert_f(out[0], 1.0);
    d16 = 0xffff;
    tex_put(&x, 0, 0, 0, 0, 0, 0, 0, &d16, 2);
    r.reference = 1.5f;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_COMPARE_LEVEL_ZERO, &r, out);
    assert_f(out[0], 1.0);
    tex_destroy(&x);
}
END_TEST

START_TEST(test_gather)
{
    struct agx_shader_sampler s = sampler(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_CLAMP);
    struct agx_sample_request r;
    struct agx_shader_view v;
    uint32_t out[4];
    struct tex x;

    gradient(&x, 4, 4, 1);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_FLOAT);
    memset(&r, 0, sizeof(r));
    /* Footprint of texels 1-2 in both directions, whatever the filter. */
    r.coord[0] = 0.5f;
    r.coord[1] = 0.5f;
    agx_texture_gather(x.backend, &v, &s, 0, false, &r, out);
    assert_f(out[0], texel_r(1, 2));   /* (u0, v1) */
    assert_f(out[1], texel_r(2, 2));   /* (u1, v1) */
    assert_f(out[2], texel_r(2, 1));   /* (u1, v0) */
    assert_f(out[3], texel_r(1, 1));   /* (u0, v0) */
    agx_texture_gather(x.backend, &v, &s, 1, false, &r, out);
    assert_f(out[0], 101.0);
    assert_f(out[1], 102.0);
    assert_f(out[2], 102.0);
    assert_f(out[3], 101.0);
    agx_texture_gather(x.backend, &v, &s, 3, false, &r, out);
    assert_f(out[0], 1.0);

    /* With an offset, and clamped at the edge. */
    r.offset[0] = 2;
    agx_texture_gather(x.backend, &v, &s, 0, false, &r, out);
    assert_f(out[0], texel_r(3, 2));
    assert_f(out[1], texel_r(3, 2));
    assert_f(out[2], texel_r(3, 1));
    assert_f(out[3], texel_r(3, 1));
    r.offset[0] = 0;

    /* gather4_c: each red compared. */
    s.desc.ComparisonFunc = D3D12_COMPARISON_FUNC_LESS;
    r.reference = 15.0f;
    agx_texture_gather(x.backend, &v, &s, 0, true, &r, out);
    assert_f(out[0], 1.0);   /* 15 < 21 */
    assert_f(out[1], 1.0);
    assert_f(out[2], 0.0);   /* 15 < 12 fails */
    assert_f(out[3], 0.0);
    tex_destroy(&x);
}
END_TEST

/* Six 2x2 faces (two cubes): texel (x, y) of face f of cube c is 100c + 10f + x + 2y. */
static void cube(struct tex *x, unsigned int cubes)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_FLOAT, 2, 2, (UINT16)(6 * cubes), 1);
    unsigned int f, px, py;

    tex_create(x, &desc);
    for (f = 0; f < 6 * cubes; ++f)
    {
        for (py = 0; py < 2; ++py)
        {
            for (px = 0; px < 2; ++px)
            {
                float value = (float)(100 * (f / 6) + 10 * (f % 6) + px + 2 * py);

                tex_put(x, 0, f, 0, px, py, 0, 0, &value, 4);
            }
        }
    }
}

START_TEST(test_cube_faces)
{
    /* Per face: a direction, and the texel D3D's face orientation puts it on
     * (+X: u = -z, v = -y; -X: u = z, v = -y; +Y: u = x, v = z; -Y: u = x, v = -z;
     * +Z: u = x, v = -y; -Z: u = -x, v = -y). */
    static const struct
    {
        float dir[3];
        unsigned int face, x, y;
    }
    tests[] =
    {
        {{1.0f, 0.5f, 0.5f}, 0, 0, 0},
        {{-1.0f, 0.5f, 0.5f}, 1, 1, 0},
        {{0.5f, 1.0f, 0.5f}, 2, 1, 1},
        {{0.5f, -1.0f, 0.5f}, 3, 1, 0},
        {{0.5f, 0.5f, 1.0f}, 4, 1, 0},
        {{0.5f, 0.5f, -1.0f}, 5, 0, 0},
        {{-3.0f, -1.0f, 2.0f}, 1, 1, 1},
        /* Ties go to Z, then Y. */
        {{1.0f, 1.0f, 1.0f}, 4, 1, 0},
        {{1.0f, -1.0f, 0.5f}, 3, 1, 0},
    };
    struct agx_shader_sampler s = sampler(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_CLAMP);
    struct agx_sample_request r;
    struct agx_shader_view v;
    uint32_t out[4];
    struct tex x;
    unsigned int i;

    cube(&x, 2);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURECUBE, DXGI_FORMAT_R32_FLOAT);
    v.slice_count = 6;
    memset(&r, 0, sizeof(r));
    for (i = 0; i < AGX_ARRAY_SIZE(tests); ++i)
    {
        memcpy(r.coord, tests[i].dir, sizeof(tests[i].dir));
        agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
        ck_assert_msg(bits_f(out[0]) == (float)(10 * tests[i].face + tests[i].x + 2 * tests[i].y),
                      "direction %u: %g", i, bits_f(out[0]));
    }

    /* The second cube of a cube array, from the rounded array index. */
    v.dim = AGX_SHADER_DIM_TEXTURECUBEARRAY;
    v.slice_count = 12;
    memcpy(r.coord, tests[4].dir, sizeof(tests[4].dir));
    r.coord[3] = 0.7f;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
    assert_f(out[0], 141.0);
    r.coord[3] = 9.0f;   /* clamped to the last cube */
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
    assert_f(out[0], 141.0);
    tex_destroy(&x);
}
END_TEST

/* Bilinear taps off a face come from the adjacent face; at a corner the missing
 * texel's weight goes to the other three. Faces are constant: 10 (f + 1). */
START_TEST(test_cube_edges)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_FLOAT, 2, 2, 6, 1);
    struct agx_shader_sampler s = sampler(D3D12_FILTER_MIN_MAG_MIP_LINEAR, D3D12_TEXTURE_ADDRESS_MODE_WRAP);
    struct agx_sample_request r;
    struct agx_shader_view v;
    float w00, w10, w01, w11, spill;
    unsigned int f, i;
    uint32_t out[4];
    struct tex x;

    tex_create(&x, &desc);
    for (f = 0; f < 6; ++f)
    {
        float value = 10.0f * (f + 1);

        for (i = 0; i < 4; ++i)
            tex_put(&x, 0, f, 0, i % 2, i / 2, 0, 0, &value, 4);
    }
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURECUBE, DXGI_FORMAT_R32_FLOAT);
    memset(&r, 0, sizeof(r));

    /* +Z at u = 0.9375: 1.375 texels, so 0.375 of the tap right of the face, on +X. */
    r.coord[0] = 0.875f;
    r.coord[1] = -0.5f;
    r.coord[2] = 1.0f;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
    assert_f(out[0], 50.0 * 0.625 + 10.0 * 0.375);

    /* The corner of +Z, +X and -Y. */
    r.coord[1] = -0.875f;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
    w00 = 0.625f * 0.625f;
    w10 = 0.375f * 0.625f;
    w01 = 0.625f * 0.375f;
    w11 = 0.375f * 0.375f;
    spill = w11 / 3.0f;
    assert_f(out[0], 50.0 * (w00 + spill) + 10.0 * (w10 + spill) + 40.0 * (w01 + spill));
    tex_destroy(&x);
}
END_TEST

START_TEST(test_arrays_3d_integer)
{
    struct agx_shader_sampler s = sampler(D3D12_FILTER_MIN_MAG_MIP_LINEAR, D3D12_TEXTURE_ADDRESS_MODE_CLAMP);
    static const float index[][2] = {{1.5f, 2}, {0.5f, 0}, {2.5f, 2}, {7.0f, 2}, {-3.0f, 0}, {1.2f, 1}};
    D3D12_RESOURCE_DESC1 desc;
    struct agx_sample_request r;
    struct agx_shader_view v;
    uint32_t out[4], raw[2] = {5, 9};
    struct tex x;
    unsigned int i;

    /* 1D array: the index rounds to nearest even and clamps. */
    desc = texture_desc(DXGI_FORMAT_R32G32B32A32_FLOAT, 4, 1, 3, 1);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE1D;
    tex_create(&x, &desc);
    for (i = 0; i < 3; ++i)
    {
        float value[4] = {(float)i, 0, 0, 1};

        tex_put(&x, 0, i, 0, 1, 0, 0, 0, value, sizeof(value));
        tex_put(&x, 0, i, 0, 2, 0, 0, 0, value, sizeof(value));
    }
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE1DARRAY, DXGI_FORMAT_R32G32B32A32_FLOAT);
    memset(&r, 0, sizeof(r));
    r.coord[0] = 0.5f;
    for (i = 0; i < AGX_ARRAY_SIZE(index); ++i)
    {
        r.coord[1] = index[i][0];
        agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
        assert_f(out[0], index[i][1]);
    }
    tex_destroy(&x);

    /* 3D: point at one texel, linear at the centre averages all eight. */
    desc = texture_desc(DXGI_FORMAT_R32_FLOAT, 2, 2, 2, 1);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    tex_create(&x, &desc);
    for (i = 0; i < 8; ++i)
    {
        float value = (float)i;

        tex_put(&x, 0, 0, 0, i & 1, (i >> 1) & 1, i >> 2, 0, &value, 4);
    }
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE3D, DXGI_FORMAT_R32_FLOAT);
    r.coord[0] = 0.75f;
    r.coord[1] = 0.25f;
    r.coord[2] = 0.75f;
    s.desc.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
    assert_f(out[0], 5.0);
    s.desc.Filter = D3D12_FILTER_MIN_MAG_MIP_LINEAR;
    r.coord[0] = r.coord[1] = r.coord[2] = 0.5f;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
    assert_f(out[0], 3.5);
    tex_destroy(&x);

    /* Integer formats are not filtered: the nearest texel's values. */
    desc = texture_desc(DXGI_FORMAT_R32_UINT, 2, 1, 1, 1);
    tex_create(&x, &desc);
    tex_put(&x, 0, 0, 0, 0, 0, 0, 0, &raw[0], 4);
    tex_put(&x, 0, 0, 0, 1, 0, 0, 0, &raw[1], 4);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32_UINT);
    r.coord[0] = 0.6f;
    r.coord[1] = 0.5f;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
    ck_assert_uint_eq(out[0], 9);
    ck_assert_uint_eq(out[3], 1);

    /* Null and multisampled views sample zeros. */
    v.kind = AGX_SHADER_VIEW_NULL;
    agx_texture_sample(x.backend, &v, &s, AGX_SAMPLE_LEVEL, &r, out);
    ck_assert_uint_eq(out[0] | out[3], 0);
    tex_destroy(&x);
}
END_TEST

START_TEST(test_lod)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8_UNORM, 64, 32, 1, 4);
    struct agx_shader_view v;
    struct tex x;

    tex_create(&x, &desc);
    v = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R8_UNORM);
    /* One texel per pixel: lod 0; four texels along the longer axis: lod 2. */
    ck_assert_float_eq_tol(agx_texture_lod(&v, (const float[3]){1.0f / 64, 0, 0}, (const float[3]){0, 1.0f / 32, 0}),
                           0.0f, 1e-6f);
    ck_assert_float_eq_tol(agx_texture_lod(&v, (const float[3]){4.0f / 64, 0, 0}, (const float[3]){0, 1.0f / 32, 0}),
                           2.0f, 1e-6f);
    ck_assert_float_eq_tol(agx_texture_lod(&v, (const float[3]){3.0f / 64, 4.0f / 32, 0}, (const float[3]){0, 0, 0}),
                           log2f(5.0f), 1e-6f);
    /* Relative to the view's most detailed mip. */
    v.first_mip = 1;
    ck_assert_float_eq_tol(agx_texture_lod(&v, (const float[3]){4.0f / 64, 0, 0}, (const float[3]){0, 0, 0}),
                           1.0f, 1e-6f);
    tex_destroy(&x);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("agx_texture_sample");
    TCase *tc = tcase_create("sample");

    tcase_add_test(tc, test_point_and_bilinear);
    tcase_add_test(tc, test_address_modes);
    tcase_add_test(tc, test_border_colours);
    tcase_add_test(tc, test_mip_selection);
    tcase_add_test(tc, test_trilinear);
    tcase_add_test(tc, test_min_mag_and_reduction);
    tcase_add_test(tc, test_offsets);
    tcase_add_test(tc, test_comparison);
    tcase_add_test(tc, test_gather);
    tcase_add_test(tc, test_cube_faces);
    tcase_add_test(tc, test_cube_edges);
    tcase_add_test(tc, test_arrays_3d_integer);
    tcase_add_test(tc, test_lod);
    suite_add_tcase(s, tc);

    return test_run_suites(s, NULL);
}
