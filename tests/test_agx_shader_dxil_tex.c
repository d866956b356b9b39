/*
 * agx_shader_dxil_tex: the DXIL front end's texture-unit operations against real textures
 * of the agx_umd driver, the twins of test_agx_shader_tex.c's and test_agx_shader_mem.c's
 * typed-resource programs with the same expected values: Sample, SampleBias, SampleLevel,
 * SampleGrad (with and without a lod clamp), TextureLoad (1D, 2D, 2D array, 3D, mips,
 * offsets, multisampled), TextureStore (3D, 1D array), GetDimensions (mips, samples),
 * TextureGather and TextureGatherCmp (offsets, channels), SampleCmp and
 * SampleCmpLevelZero, typed buffers of three formats. The DXIL shaders' bindings are
 * dx.resources' order: SRVs, UAVs, CBVs, samplers.
 */
#include <check.h>
#include <string.h>

#include "test_agx_shader_texels.h"
#include "test_run.h"

static uint32_t clamp8(int32_t v)
{
    return v < 0 ? 0 : v > 7 ? 7 : (uint32_t)v;
}

static void point_sampler(struct agx_shader_sampler *s)
{
    memset(s, 0, sizeof(*s));
    s->desc.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    s->desc.AddressU = s->desc.AddressV = s->desc.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    s->desc.MaxLOD = 1000.0f;
}

/* An 8-lane pixel shader over the texture's backend: t0 is binding 0, s0 binding 1. */
static void load_pixel_shader(struct sh_env *env, const char *name, struct tex *x, DXGI_FORMAT format)
{
    sh_env_init(env);
    sh_load_dxil(env, name, AGX_SHADER_STAGE_PIXEL, 8);
    env->bindings.backend = x->backend;
    env->views[0] = tex_view(x, AGX_SHADER_DIM_TEXTURE2D, format);
    point_sampler(&env->samplers[1]);
}

/* The twin of test_texture_instructions. */
START_TEST(test_dxil_texture_instructions)
{
    struct sh_env env;
    struct tex x;

    texels_create(&x);
    load_pixel_shader(&env, "ps_texture_ops.dxil", &x, DXGI_FORMAT_R32G32B32A32_FLOAT);
    ck_assert_uint_eq(agx_shader_get_info(env.shader)->render_target_mask, 0xf);
    texel_centres(&env);
    sh_run(&env, 8, NULL);
    check_texture_instructions(env.exec);
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

/* The twin of test_load_offset_wraps: offsets wrap coordinates near 2^31 out of bounds
 * (zeros) instead of overflowing a signed int. */
START_TEST(test_dxil_load_offset_wraps)
{
    struct sh_env env;
    struct tex x;
    uint32_t l, c;

    texels_create(&x);
    load_pixel_shader(&env, "ps_load_offset_wraps.dxil", &x, DXGI_FORMAT_R32G32B32A32_FLOAT);
    sh_run(&env, 8, NULL);
    for (l = 0; l < 8; ++l)
        for (c = 0; c < 4; ++c)
        {
            ck_assert_uint_eq(agx_shader_exec_output(env.exec, 0)[c * 8 + l], 0);
            ck_assert_uint_eq(agx_shader_exec_output(env.exec, 1)[c * 8 + l], 0);
        }
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

/* The twin of test_texture_lod and test_texture_lod_clamp: an 8x8 R32_FLOAT texture
 * whose mip 0 reads 1.0 and mip 1 2.0; quad 0 steps one texel per pixel (lod 0), quad
 * 1 two (lod 1). */
START_TEST(test_dxil_texture_lod)
{
    const uint32_t *o0, *o1, *o2;
    struct sh_env env;
    struct tex x;
    uint32_t l;

    two_mips_create(&x);
    load_pixel_shader(&env, "ps_texture_lod.dxil", &x, DXGI_FORMAT_R32_FLOAT);
    two_mips_inputs(&env);
    sh_run(&env, 8, NULL);
    o0 = agx_shader_exec_output(env.exec, 0);
    o1 = agx_shader_exec_output(env.exec, 1);
    o2 = agx_shader_exec_output(env.exec, 2);
    for (l = 0; l < 8; ++l)
    {
        /* Sample; SampleBias -1; SampleLevel 1; SampleGrad of two texels. */
        assert_f(o0[l], l < 4 ? 1.0f : 2.0f);
        assert_f(o0[8 + l], 1.0f);
        assert_f(o0[16 + l], 2.0f);
        assert_f(o0[24 + l], 2.0f);
        /* Mip 1 is 4 x 4. */
        assert_f(o1[l], 0.25f);
        assert_f(o1[8 + l], 0.25f);
        /* A clamp of 1 moves lod 0 to mip 1, a clamp of 0 changes nothing. */
        assert_f(o2[l], 2.0f);
        assert_f(o2[8 + l], l < 4 ? 1.0f : 2.0f);
        assert_f(o2[16 + l], 2.0f);
        assert_f(o2[24 + l], 2.0f);
    }
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

/* Comparisons (LESS_EQUAL: reference <= texel passes) and gathers with offsets and a
 * channel; the references straddle the compared texels. */
START_TEST(test_dxil_texture_compare_gather)
{
    static const float delta[8] = {0.0f, 0.5f, 1.0f, 1.5f, 9.5f, 10.0f, 10.5f, -0.5f};
    const uint32_t *o0, *o1, *o2;
    uint32_t l, *in, passed = 0, failed = 0;
    struct sh_env env;
    struct tex x;
    float ref[8];

    texels_create(&x);
    load_pixel_shader(&env, "ps_texture_compare.dxil", &x, DXGI_FORMAT_R32G32B32A32_FLOAT);
    /* s1 (binding 2) compares. */
    ck_assert(agx_shader_get_info(env.shader)->bindings[2].comparison);
    ck_assert(!agx_shader_get_info(env.shader)->bindings[1].comparison);
    point_sampler(&env.samplers[2]);
    env.samplers[2].desc.Filter = D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT;
    env.samplers[2].desc.ComparisonFunc = D3D12_COMPARISON_FUNC_LESS_EQUAL;
    texel_centres(&env);
    in = agx_shader_exec_input(env.exec, 0);
    for (l = 0; l < 8; ++l)
    {
        ref[l] = texel(quad_px(l), quad_py(l), 0) + delta[l];
        in[16 + l] = f_bits(ref[l]);
    }
    sh_run(&env, 8, NULL);
    o0 = agx_shader_exec_output(env.exec, 0);
    o1 = agx_shader_exec_output(env.exec, 1);
    o2 = agx_shader_exec_output(env.exec, 2);
    for (l = 0; l < 8; ++l)
    {
        uint32_t x0 = clamp8((int32_t)quad_px(l) - 1), x1 = quad_px(l), y1 = clamp8((int32_t)quad_py(l) + 1);
        float expected[4];
        uint32_t c;

#define PASS(tx, ty) (ref[l] <= texel(tx, ty, 0) ? 1.0f : 0.0f)
        /* SampleCmp at offset (1, 0), SampleCmpLevelZero at (0, 1). */
        assert_f(o0[l], PASS(clamp8((int32_t)quad_px(l) + 1), quad_py(l)));
        assert_f(o0[8 + l], PASS(quad_px(l), y1));
        /* GatherCmpRed at (-1, 0): (u0, v1), (u1, v1), (u1, v0), (u0, v0). */
        expected[0] = PASS(x0, y1);
        expected[1] = PASS(x1, y1);
        expected[2] = PASS(x1, quad_py(l));
        expected[3] = PASS(x0, quad_py(l));
#undef PASS
        for (c = 0; c < 4; ++c)
        {
            assert_f(o1[c * 8 + l], expected[c]);
            expected[c] ? ++passed : ++failed;
        }
        /* GatherBlue at (1, -1): rows clamp8(py - 1) and py. */
        assert_f(o2[0 * 8 + l], texel(0, quad_py(l), 2));
        assert_f(o2[1 * 8 + l], texel(0, quad_py(l), 2));
        assert_f(o2[2 * 8 + l], texel(0, clamp8((int32_t)quad_py(l) - 1), 2));
        assert_f(o2[3 * 8 + l], texel(0, clamp8((int32_t)quad_py(l) - 1), 2));
    }
    ck_assert_uint_gt(passed, 4);
    ck_assert_uint_gt(failed, 4);
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

/* The twin of test_typed_buffers, in three formats: u0[id] = t0[id].yxzw + (1, 2, 3, 4),
 * elements 6 and 7 beyond t0's view reading 0. */
START_TEST(test_dxil_typed_buffers)
{
    static const struct { DXGI_FORMAT format; uint32_t bytes; } formats[] =
    {
        {DXGI_FORMAT_R32G32B32A32_UINT, 4}, {DXGI_FORMAT_R16G16B16A16_UINT, 2}, {DXGI_FORMAT_R8G8B8A8_UINT, 1},
    };
    uint32_t bytes = formats[_i].bytes, i, c;
    struct sh_env env;
    uint8_t *in, *out;

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_typed_buffer.dxil", AGX_SHADER_STAGE_COMPUTE, 8);
    in = (uint8_t *)sh_mem(&env, 0);
    for (i = 0; i < 32; ++i)
    {
        uint32_t value = i * 10;

        memcpy(in + i * bytes, &value, bytes);
    }
    memset(sh_mem(&env, 4096), 0xcc, 9 * 16);
    for (i = 0; i < 2; ++i)
    {
        struct agx_shader_view *v = &env.views[i];

        v->kind = AGX_SHADER_VIEW_BUFFER;
        v->dim = AGX_SHADER_DIM_BUFFER;
        v->format = formats[_i].format;
        v->va = env.bo->va + i * 4096;
        v->stride = 4 * bytes;
        v->element_count = i ? 8 : 6;
        v->size = v->element_count * v->stride;
    }
    sh_dispatch(&env, 1, 1, 1);
    out = (uint8_t *)sh_mem(&env, 4096);
    for (i = 0; i < 8; ++i)
    {
        static const uint32_t from[4] = {1, 0, 2, 3};

        for (c = 0; c < 4; ++c)
        {
            uint32_t got = 0, expected = (i < 6 ? (i * 4 + from[c]) * 10 : 0) + c + 1;

            memcpy(&got, out + (i * 4 + c) * bytes, bytes);
            ck_assert_msg(got == expected, "format %u element %u.%u: %u, expected %u", formats[_i].format, i, c, got,
                          expected);
        }
    }
    ck_assert_uint_eq(out[8 * 4 * bytes], 0xcc);
    sh_env_fini(&env);
}
END_TEST

static D3D12_RESOURCE_DESC1 uint_texture(D3D12_RESOURCE_DIMENSION dimension, UINT width, UINT height, UINT16 depth,
                                         UINT16 mips, bool uav)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_UINT, width, height, depth, mips);

    desc.Dimension = dimension;
    if (uav)
        desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    return desc;
}

static void put_u32(const struct tex *x, UINT mip, UINT slice, uint32_t px_, uint32_t py_, uint32_t pz, uint32_t v)
{
    tex_put(x, mip, slice, 0, px_, py_, pz, 0, &v, sizeof(v));
}

static uint32_t get_u32(const struct tex *x, UINT slice, uint32_t px_, uint32_t py_, uint32_t pz)
{
    uint32_t v;

    tex_get(x, 0, slice, 0, px_, py_, pz, &v, sizeof(v));
    return v;
}

/* TextureLoad of a 2D array (mip 1, slice z, offset -1), a 1D texture (mip z) and a 3D
 * one (offset (0, 0, 1)); TextureStore into a 3D and a 1D-array UAV, poisoned first. */
START_TEST(test_dxil_texture_load_store)
{
    D3D12_RESOURCE_DESC1 desc[5] =
    {
        uint_texture(D3D12_RESOURCE_DIMENSION_TEXTURE2D, 4, 4, 2, 2, false),
        uint_texture(D3D12_RESOURCE_DIMENSION_TEXTURE1D, 8, 1, 1, 2, false),
        uint_texture(D3D12_RESOURCE_DIMENSION_TEXTURE3D, 2, 2, 2, 1, false),
        uint_texture(D3D12_RESOURCE_DIMENSION_TEXTURE3D, 2, 2, 2, 1, true),
        uint_texture(D3D12_RESOURCE_DIMENSION_TEXTURE1D, 2, 1, 4, 1, true),
    };
    static const enum agx_shader_dim dims[5] =
    {
        AGX_SHADER_DIM_TEXTURE2DARRAY, AGX_SHADER_DIM_TEXTURE1D, AGX_SHADER_DIM_TEXTURE3D, AGX_SHADER_DIM_TEXTURE3D,
        AGX_SHADER_DIM_TEXTURE1DARRAY,
    };
    uint32_t i, s, m, xx, yy, zz;
    struct sh_env env;
    struct tex x[5];

    tex_create(&x[0], &desc[0]);
    for (i = 1; i < 5; ++i)
        tex_create_beside(&x[i], &x[0], &desc[i]);
    for (s = 0; s < 2; ++s)
        for (yy = 0; yy < 4; ++yy)
            for (xx = 0; xx < 4; ++xx)
            {
                put_u32(&x[0], 0, s, xx, yy, 0, 99);
                if (xx < 2 && yy < 2)
                    put_u32(&x[0], 1, s, xx, yy, 0, 1 + xx + 2 * yy + 4 * s);
            }
    for (m = 0; m < 2; ++m)
        for (xx = 0; xx < (8u >> m); ++xx)
            put_u32(&x[1], m, 0, xx, 0, 0, 10 * m + xx + 1);
    for (zz = 0; zz < 2; ++zz)
        for (yy = 0; yy < 2; ++yy)
            for (xx = 0; xx < 2; ++xx)
            {
                put_u32(&x[2], 0, 0, xx, yy, zz, 50 + xx + 2 * yy + 4 * zz);
                put_u32(&x[3], 0, 0, xx, yy, zz, 0xdeadbeefu);
            }
    for (s = 0; s < 4; ++s)
        for (xx = 0; xx < 2; ++xx)
            put_u32(&x[4], 0, s, xx, 0, 0, 0xdeadbeefu);

    sh_env_init(&env);
    sh_load_dxil(&env, "cs_texture_load_store.dxil", AGX_SHADER_STAGE_COMPUTE, 8);
    env.bindings.backend = x[0].backend;
    for (i = 0; i < 5; ++i)
        env.views[i] = tex_view(&x[i], dims[i], DXGI_FORMAT_R32_UINT);
    env.views[3].slice_count = 2;
    sh_dispatch(&env, 1, 1, 1);
    for (zz = 0; zz < 2; ++zz)
        for (yy = 0; yy < 2; ++yy)
            for (xx = 0; xx < 2; ++xx)
            {
                uint32_t a = 1 + xx + 2 * yy + 4 * zz, b = 10 * zz + xx + 2 * yy + 1, c = 50 + xx + 2 * yy + 4 * zz;

                ck_assert_uint_eq(get_u32(&x[3], 0, xx, yy, zz), a + 100 * b + 10000 * c);
                ck_assert_uint_eq(get_u32(&x[4], yy + 2 * zz, xx, 0, 0), a);
            }
    sh_env_fini(&env);
    for (i = 4; i > 0; --i)
        tex_destroy_beside(&x[i]);
    tex_destroy(&x[0]);
}
END_TEST

/* The twin of test_multisampled's ld_ms and sampleinfo: TextureLoad per sample of a 4x
 * texture (sample 4 beyond it reads 0) and GetDimensions' sample count. */
START_TEST(test_dxil_multisampled)
{
    struct agx_bo *bo;
    struct sh_env env;
    struct tex x;
    uint32_t i, *out;

    ms_texture_create(&x);
    sh_env_init(&env);
    sh_load_dxil(&env, "cs_texture_ms.dxil", AGX_SHADER_STAGE_COMPUTE, 5);
    bo = ms_bind(&env, &x, 5 * 16);
    sh_dispatch(&env, 1, 1, 1);
    out = bo->map;
    for (i = 0; i < 5; ++i)
    {
        ck_assert_uint_eq(out[i * 4], i < 4 ? 100 + i : 0);
        ck_assert_uint_eq(out[i * 4 + 1], 4);
        ck_assert_uint_eq(out[i * 4 + 2], 4);
        ck_assert_uint_eq(out[i * 4 + 3], 4);
    }
    ck_assert_uint_eq(out[20], 0xccccccccu);
    x.backend->ops->bo_destroy(x.backend, bo);
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

static Suite *agx_shader_dxil_tex_suite(void)
{
    Suite *s = suite_create("agx_shader_dxil_tex");
    TCase *tc = tcase_create("texture");

    tcase_add_test(tc, test_dxil_texture_instructions);
    tcase_add_test(tc, test_dxil_load_offset_wraps);
    tcase_add_test(tc, test_dxil_texture_lod);
    tcase_add_test(tc, test_dxil_texture_compare_gather);
    tcase_add_loop_test(tc, test_dxil_typed_buffers, 0, 3);
    tcase_add_test(tc, test_dxil_texture_load_store);
    tcase_add_test(tc, test_dxil_multisampled);
    suite_add_tcase(s, tc);
    return s;
}

TEST_MAIN(agx_shader_dxil_tex_suite())
