/*
 * What the DXBC texture-instruction tests (test_agx_shader_tex.c) and their DXIL twins
 * (test_agx_shader_dxil_tex.c) share: their textures, the pixel quads' coordinates and
 * the expected values, so both front ends are held to the same results.
 */
#ifndef TEST_AGX_SHADER_TEXELS_H
#define TEST_AGX_SHADER_TEXELS_H

#include "test_agx_shader.h"
#include "test_agx_texture_util.h"

/* Two quads of 8 lanes: pixels (0..1, 0..1) and (4..5, 2..3). */
static inline uint32_t quad_px(uint32_t lane)
{
    return (lane & 1) + (lane >= 4 ? 4 : 0);
}

static inline uint32_t quad_py(uint32_t lane)
{
    return ((lane >> 1) & 1) + (lane >= 4 ? 2 : 0);
}

/* Texel (x, y) of the 8x8 texture: (x + 10y, 100 + x, 200 + y, 1). */
static inline float texel(uint32_t x, uint32_t y, uint32_t c)
{
    return c == 0 ? (float)(x + 10 * y) : c == 1 ? (float)(100 + x) : c == 2 ? (float)(200 + y) : 1.0f;
}

/* The 8x8 R32G32B32A32_FLOAT texture of texel() values. */
static inline void texels_create(struct tex *x)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32G32B32A32_FLOAT, 8, 8, 1, 1);
    uint32_t i, j;

    tex_create(x, &desc);
    for (j = 0; j < 8; ++j)
        for (i = 0; i < 8; ++i)
        {
            float v[4] = {texel(i, j, 0), texel(i, j, 1), texel(i, j, 2), 1.0f};

            tex_put(x, 0, 0, 0, i, j, 0, 0, v, sizeof(v));
        }
}

/* Input register 0's .xy: the texel centres of the quads' pixels. */
static inline void texel_centres(struct sh_env *env)
{
    uint32_t *in = agx_shader_exec_input(env->exec, 0), l;

    for (l = 0; l < 8; ++l)
    {
        in[l] = f_bits((quad_px(l) + 0.5f) / 8.0f);
        in[8 + l] = f_bits((quad_py(l) + 0.5f) / 8.0f);
    }
}

/* test_texture_instructions' outputs over texels_create's texture at texel_centres:
 * o0 the sample, o1 the load at offset (1, 0) swizzled yxz, o2 the uint size and mip
 * count (x, y, w), o3 gather4's reds. */
static inline void check_texture_instructions(struct agx_shader_exec *exec)
{
    const uint32_t *o0 = agx_shader_exec_output(exec, 0), *o1 = agx_shader_exec_output(exec, 1);
    const uint32_t *o2 = agx_shader_exec_output(exec, 2), *o3 = agx_shader_exec_output(exec, 3);
    uint32_t l, c;

    for (l = 0; l < 8; ++l)
    {
        uint32_t x = quad_px(l), y = quad_py(l);

        for (c = 0; c < 4; ++c)
            assert_f(o0[c * 8 + l], texel(x, y, c));
        assert_f(o1[0 * 8 + l], texel(x + 1, y, 1));
        assert_f(o1[1 * 8 + l], texel(x + 1, y, 0));
        assert_f(o1[2 * 8 + l], texel(x + 1, y, 2));
        ck_assert_uint_eq(o2[0 * 8 + l], 8);
        ck_assert_uint_eq(o2[1 * 8 + l], 8);
        ck_assert_uint_eq(o2[3 * 8 + l], 1);
        assert_f(o3[0 * 8 + l], texel(x, y + 1, 0));
        assert_f(o3[1 * 8 + l], texel(x + 1, y + 1, 0));
        assert_f(o3[2 * 8 + l], texel(x + 1, y, 0));
        assert_f(o3[3 * 8 + l], texel(x, y, 0));
    }
}

/* An 8x8 R32_FLOAT texture whose mip 0 reads 1.0 and mip 1 2.0, and input register 0's
 * .xy for the two quads: quad 0 steps one texel per pixel (lod 0), quad 1 two (lod 1). */
static inline void two_mips_create(struct tex *x)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_FLOAT, 8, 8, 1, 2);
    uint32_t i, j, m;

    tex_create(x, &desc);
    for (m = 0; m < 2; ++m)
        for (j = 0; j < (8u >> m); ++j)
            for (i = 0; i < (8u >> m); ++i)
            {
                float v = (float)(m + 1);

                tex_put(x, m, 0, 0, i, j, 0, 0, &v, sizeof(v));
            }
}

static inline void two_mips_inputs(struct sh_env *env)
{
    static const float step[2] = {1.0f / 8.0f, 2.0f / 8.0f};
    uint32_t *in = agx_shader_exec_input(env->exec, 0), l;

    for (l = 0; l < 8; ++l)
    {
        in[l] = f_bits(0.0625f + step[l / 4] * (float)(l & 1));
        in[8 + l] = f_bits(0.0625f + step[l / 4] * (float)((l >> 1) & 1));
    }
}

/* test_multisampled's 4x4 R32_UINT texture of 4 samples: texel (2, 3) holds 100 + sample. */
static inline void ms_texture_create(struct tex *x)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_UINT, 4, 4, 1, 1);
    uint32_t i;

    desc.SampleDesc.Count = 4;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    tex_create(x, &desc);
    for (i = 0; i < 4; ++i)
    {
        uint32_t value = 100 + i;

        tex_put(x, 0, 0, 0, 2, 3, 0, i, &value, 4);
    }
}

/* The texture as binding 0 and a raw buffer of `size` bytes as binding 1, made in the
 * texture's backend (a batch reaches one), poisoned with 0xcc; destroy it with
 * bo_destroy. */
static inline struct agx_bo *ms_bind(struct sh_env *env, struct tex *x, uint32_t size)
{
    struct agx_bo *bo;

    ck_assert_int_eq(x->backend->ops->bo_create(x->backend, 4096, 0, &bo), S_OK);
    memset(bo->map, 0xcc, 4096);
    env->bindings.backend = x->backend;
    env->views[0] = tex_view(x, AGX_SHADER_DIM_TEXTURE2DMS, DXGI_FORMAT_R32_UINT);
    env->views[1].kind = AGX_SHADER_VIEW_BUFFER;
    env->views[1].dim = AGX_SHADER_DIM_RAW_BUFFER;
    env->views[1].va = bo->va;
    env->views[1].size = size;
    return bo;
}

#endif
