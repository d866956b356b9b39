/*
 * agx_shader_dxil_pixel: the DXIL twins of test_agx_shader_tex's lod and samplepos
 * programs, CalculateLOD (clamped and unclamped) and Texture2DMSGetSamplePosition,
 * created through agx_shader_create and run by the shader engine over a real texture
 * of the agx_umd driver; results poisoned first and compared with values worked out
 * here (mip 1 of an 8x8 texture is 4x4; D3D's standard 4x sample pattern).
 */
#include "test_agx_shader.h"
#include "test_agx_texture_util.h"
#include "test_dxil_file.h"
#include "test_run.h"

#include <stdlib.h>

#define OUT_POISON 0xdeadbeefu

static void load(struct sh_env *env, const char *name, enum agx_shader_stage stage, uint32_t lanes)
{
    char why[256] = "";
    size_t size;
    void *data = test_dxil_file_read(name, &size);

    sh_env_init(env);
    ck_assert_msg(agx_shader_create(data, size, stage, &env->shader, why, sizeof(why)) == S_OK, "%s: %s", name, why);
    ck_assert_int_eq(agx_shader_exec_create(env->shader, lanes, &env->exec), S_OK);
    free(data);
}

/* Two quads over an 8x8 texture of two mips: quad 0 steps one texel a pixel (lod 0),
 * quad 1 two (lod 1). Clamped by the sampler's MaxLOD 0.5, quad 1's clamped lod is 0.5
 * and its raw one stays 1. */
START_TEST(test_dxil_calculate_lod)
{
    static const float step[2] = {1.0f / 8.0f, 2.0f / 8.0f};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_FLOAT, 8, 8, 1, 2);
    const struct agx_shader_info *info;
    const uint32_t *o0;
    struct sh_env env;
    uint32_t l, *in, pass;
    struct tex x;

    tex_create(&x, &desc);
    load(&env, "ps_calculate_lod.dxil", AGX_SHADER_STAGE_PIXEL, 8);
    info = agx_shader_get_info(env.shader);
    /* dx.resources order: the SRV (binding 0), then the sampler (binding 1). */
    ck_assert_uint_eq(info->binding_count, 2);
    ck_assert_int_eq(info->bindings[1].cls, AGX_SHADER_CLASS_SAMPLER);
    env.bindings.backend = x.backend;
    env.views[0] = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32_FLOAT);
    env.samplers[1].desc.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    env.samplers[1].desc.MaxLOD = 1000.0f;
    in = agx_shader_exec_input(env.exec, 0);
    for (l = 0; l < 8; ++l)
    {
        in[l] = f_bits(0.0625f + step[l / 4] * (float)(l & 1));
        in[8 + l] = f_bits(0.0625f + step[l / 4] * (float)((l >> 1) & 1));
    }
    for (pass = 0; pass < 2; ++pass)
    {
        uint32_t *out = (uint32_t *)agx_shader_exec_output(env.exec, 0);

        for (l = 0; l < 16; ++l)
            out[l] = OUT_POISON;
        env.samplers[1].desc.MaxLOD = pass ? 0.5f : 1000.0f;
        sh_run(&env, 8, NULL);
        o0 = agx_shader_exec_output(env.exec, 0);
        for (l = 0; l < 8; ++l)
        {
            ck_assert_float_eq(bits_f(o0[l]), l < 4 ? 0.0f : pass ? 0.5f : 1.0f);
            ck_assert_float_eq(bits_f(o0[8 + l]), l < 4 ? 0.0f : 1.0f);
        }
    }
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

/* Sample i's standard position of a 4x texture; sample 4 is beyond the count: 0, 0. */
START_TEST(test_dxil_texture2dms_sample_position)
{
    static const float positions[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_UINT, 4, 4, 1, 1);
    struct agx_bo *bo;
    struct sh_env env;
    uint32_t i, *out;
    struct tex x;

    desc.SampleDesc.Count = 4;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    tex_create(&x, &desc);
    load(&env, "cs_ms_sample_position.dxil", AGX_SHADER_STAGE_COMPUTE, 5);
    ck_assert_int_eq(x.backend->ops->bo_create(x.backend, 4096, 0, &bo), S_OK);
    out = bo->map;
    for (i = 0; i < 12; ++i)
        out[i] = OUT_POISON;
    env.bindings.backend = x.backend;
    env.views[0] = tex_view(&x, AGX_SHADER_DIM_TEXTURE2DMS, DXGI_FORMAT_R32_UINT);
    env.views[1].kind = AGX_SHADER_VIEW_BUFFER;
    env.views[1].dim = AGX_SHADER_DIM_RAW_BUFFER;
    env.views[1].va = bo->va;
    env.views[1].size = 5 * 8;
    sh_dispatch(&env, 1, 1, 1);
    for (i = 0; i < 5; ++i)
    {
        ck_assert_float_eq(bits_f(out[i * 2]), i < 4 ? positions[i][0] / 16.0f : 0.0f);
        ck_assert_float_eq(bits_f(out[i * 2 + 1]), i < 4 ? positions[i][1] / 16.0f : 0.0f);
    }
    ck_assert_uint_eq(out[10], OUT_POISON);
    x.backend->ops->bo_destroy(x.backend, bo);
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

static Suite *agx_shader_dxil_pixel_suite(void)
{
    Suite *suite = suite_create("agx_shader_dxil_pixel");
    TCase *tc = tcase_create("pixel");

    tcase_add_test(tc, test_dxil_calculate_lod);
    tcase_add_test(tc, test_dxil_texture2dms_sample_position);
    suite_add_tcase(suite, tc);
    return suite;
}

TEST_MAIN(agx_shader_dxil_pixel_suite())
