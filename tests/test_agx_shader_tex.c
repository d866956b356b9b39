/*
 * The shader engine's typed-resource instructions against a real texture of the agx_umd
 * driver: sample (implicit lod from the quad's differences), sample_b, sample_l,
 * sample_d, lod, resinfo_rcpFloat, ld with aoffimmi and a resource swizzle, resinfo_uint, gather4, and
 * ldms / sampleinfo / samplepos on a 4x texture, values worked out from the texels.
 */
#include "ddi_sm5.h"
#include "test_agx_shader_texels.h"

Suite *agx_shader_tex_suite(void);

/* An 8-lane pixel shader over the texture's backend, sampler 0 point-sampling with clamp. */
static void load_pixel_shader(struct sh_env *env, const char *src, struct tex *x)
{
    sh_env_init(env);
    sh_load(env, src, AGX_SHADER_STAGE_PIXEL, 8);
    env->bindings.backend = x->backend;
    env->samplers[0].desc.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    env->samplers[0].desc.AddressU = env->samplers[0].desc.AddressV = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    env->samplers[0].desc.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    env->samplers[0].desc.MaxLOD = 1000.0f;
}

START_TEST(test_texture_instructions)
{
    static const char src[] =
        "ps_5_0\n"
        "dcl_sampler s0, mode_default\n"
        "dcl_resource_texture2d (float,float,float,float) t0\n"
        "dcl_input_ps linear v0.xy\n"
        "dcl_output o0.xyzw\n"
        "dcl_output o1.xyzw\n"
        "dcl_output o2.xyzw\n"
        "dcl_output o3.xyzw\n"
        "dcl_temps 1\n"
        "sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0\n"
        "mul r0.xy, v0.xyxx, l(8.0, 8.0, 0.0, 0.0)\n"
        "ftoi r0.xy, r0.xyxx\n"
        "mov r0.zw, l(0, 0, 0, 0)\n"
        "ld_aoffimmi(1,0,0) o1.xyzw, r0.xyzw, t0.yxzw\n"
        "resinfo_uint o2.xyzw, l(0), t0.xyzw\n"
        "gather4 o3.xyzw, v0.xyxx, t0.xyzw, s0\n"
        "ret\n";
    struct sh_env env;
    struct tex x;

    texels_create(&x);
    load_pixel_shader(&env, src, &x);
    env.views[1] = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_FLOAT);
    texel_centres(&env);
    sh_run(&env, 8, NULL);
    check_texture_instructions(env.exec);
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

/* two_mips_create's texture as t0 of the shader, two_mips_inputs' coordinates. */
static void load_two_mip_quads(struct sh_env *env, const char *src, struct tex *x)
{
    two_mips_create(x);
    load_pixel_shader(env, src, x);
    env->views[1] = tex_view(x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32_FLOAT);
    two_mips_inputs(env);
}

/* ld_aoffimmi at coordinates near 2^31: the offset wraps them out of bounds (zeros)
 * instead of overflowing a signed int (issue 19, seen under UBSan). */
START_TEST(test_load_offset_wraps)
{
    static const char src[] =
        "ps_5_0\n"
        "dcl_resource_texture2d (float,float,float,float) t0\n"
        "dcl_output o0.xyzw\n"
        "dcl_output o1.xyzw\n"
        "ld_aoffimmi(1,0,0) o0.xyzw, l(2147483647, 0, 0, 0), t0.xyzw\n"
        "ld_aoffimmi(0,-1,0) o1.xyzw, l(0, -2147483648, 0, 0), t0.xyzw\n"
        "ret\n";
    const uint32_t *o0, *o1;
    struct sh_env env;
    struct tex x;
    uint32_t l, c;

    texels_create(&x);
    load_pixel_shader(&env, src, &x);
    env.views[0] = tex_view(&x, AGX_SHADER_DIM_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_FLOAT);
    sh_run(&env, 8, NULL);
    o0 = agx_shader_exec_output(env.exec, 0);
    o1 = agx_shader_exec_output(env.exec, 1);
    for (l = 0; l < 8; ++l)
        for (c = 0; c < 4; ++c)
        {
            ck_assert_uint_eq(o0[c * 8 + l], 0);
            ck_assert_uint_eq(o1[c * 8 + l], 0);
        }
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

/* Implicit lods from the quads: mip 0 reads 1.0, mip 1 reads 2.0. Quad 0 steps one
 * texel per pixel (lod 0), quad 1 two (lod 1); sample_b's bias of -1, sample_l's lod 1
 * and sample_d's gradients of two texels move between them. */
START_TEST(test_texture_lod)
{
    static const char src[] =
        "ps_5_0\n"
        "dcl_sampler s0, mode_default\n"
        "dcl_resource_texture2d (float,float,float,float) t0\n"
        "dcl_input_ps linear v0.xy\n"
        "dcl_output o0.xyzw\n"
        "dcl_output o1.xyzw\n"
        "sample o0.x, v0.xyxx, t0.xyzw, s0\n"
        "lod o1.xy, v0.xyxx, t0.xyzw, s0\n"
        "resinfo_rcpFloat o1.zw, l(1), t0.zwxy\n"   /* mip 1 is 4 x 4 */
        "sample_b o0.y, v0.xyxx, t0.yxzw, s0, l(-1.0)\n"
        "sample_l o0.z, v0.xyxx, t0.xxxx, s0, l(1.0)\n"
        "sample_d o0.w, v0.xyxx, t0.xxxx, s0, l(0.25, 0.0, 0.0, 0.0), l(0.0, 0.25, 0.0, 0.0)\n"
        "ret\n";
    const uint32_t *o0;
    struct sh_env env;
    struct tex x;
    uint32_t l;

    load_two_mip_quads(&env, src, &x);
    sh_run(&env, 8, NULL);
    o0 = agx_shader_exec_output(env.exec, 0);
    for (l = 0; l < 8; ++l)
    {
        assert_f(o0[l], l < 4 ? 1.0f : 2.0f);
        assert_f(o0[8 + l], 1.0f);
        assert_f(o0[16 + l], 2.0f);
        assert_f(o0[24 + l], 2.0f);
        assert_f(agx_shader_exec_output(env.exec, 1)[l], l < 4 ? 0.0f : 1.0f);
        assert_f(agx_shader_exec_output(env.exec, 1)[8 + l], l < 4 ? 0.0f : 1.0f);
        assert_f(agx_shader_exec_output(env.exec, 1)[16 + l], 0.25f);
        assert_f(agx_shader_exec_output(env.exec, 1)[24 + l], 0.25f);
    }
    /* lod's x is clamped by the sampler, y is not. */
    env.samplers[0].desc.MaxLOD = 0.5f;
    sh_run(&env, 8, NULL);
    for (l = 4; l < 8; ++l)
    {
        assert_f(agx_shader_exec_output(env.exec, 1)[l], 0.5f);
        assert_f(agx_shader_exec_output(env.exec, 1)[8 + l], 1.0f);
    }
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

/* The *_cl_s forms (tiled resources tier 2): the clamp is a lowest lod after the bias,
 * so a clamp of 1 moves quad 0 (lod 0) and sample_b's bias of -1 to mip 1 (2.0) and a
 * clamp of 0 changes nothing; every texel of a committed texture is mapped, so
 * check_access_fully_mapped of each status is true. */
START_TEST(test_texture_lod_clamp)
{
    static const char src[] =
        "ps_5_0\n"
        "dcl_sampler s0, mode_default\n"
        "dcl_resource_texture2d (float,float,float,float) t0\n"
        "dcl_input_ps linear v0.xy\n"
        "dcl_output o0.xyzw\n"
        "dcl_output o1.xyzw\n"
        "dcl_temps 1\n"
        "sample_cl_s o0.x, r0.x, v0.xyxx, t0.xxxx, s0, l(1.0)\n"
        "sample_cl_s o0.y, r0.y, v0.xyxx, t0.xxxx, s0, l(0.0)\n"
        "sample_b_cl_s o0.z, r0.z, v0.xyxx, t0.xxxx, s0, l(-1.0), l(1.0)\n"
        "sample_d_cl_s o0.w, r0.w, v0.xyxx, t0.xxxx, s0, l(0.125, 0.0, 0.0, 0.0), l(0.0, 0.125, 0.0, 0.0), "
        "l(1.0)\n"
        "check_access_fully_mapped o1.xyzw, r0.xyzw\n"
        "ret\n";
    const uint32_t *o0, *o1;
    struct sh_env env;
    struct tex x;
    uint32_t l, c;

    load_two_mip_quads(&env, src, &x);
    sh_run(&env, 8, NULL);
    o0 = agx_shader_exec_output(env.exec, 0);
    o1 = agx_shader_exec_output(env.exec, 1);
    for (l = 0; l < 8; ++l)
    {
        assert_f(o0[l], 2.0f);
        assert_f(o0[8 + l], l < 4 ? 1.0f : 2.0f);
        assert_f(o0[16 + l], 2.0f);
        assert_f(o0[24 + l], 2.0f);
        for (c = 0; c < 4; ++c)
            ck_assert_uint_eq(o1[c * 8 + l], 0xffffffffu);
    }
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

/* A 4x multisampled texture: ld_ms per sample, sampleinfo and samplepos, that last one
 * also as fxc writes it, with a token after its operands inside its length (loop 1). */
START_TEST(test_multisampled)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_resource_texture2dms(4) (uint,uint,uint,uint) t0\n"
        "dcl_uav_raw u0\n"
        "dcl_input vThreadIDInGroupFlattened\n"
        "dcl_temps 2\n"
        "dcl_thread_group 5, 1, 1\n"
        "mov r0.x, vThreadIDInGroupFlattened.x\n"
        "ldms r1.x, l(2, 3, 0, 0), t0.xyzw, r0.x\n"
        "sampleinfo_uint r1.y, t0.xxxx\n"
        "samplepos r0.zw, t0.zzxy, r0.x\n"
        "mov r1.zw, r0.zzzw\n"
        "ishl r0.y, r0.x, l(4)\n"
        "store_raw u0.xyzw, r0.y, r1.xyzw\n"
        "ret\n";
    static const float positions[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
    uint32_t i, *out, *tokens, *padded, count;
    struct agx_bo *bo;
    struct sh_env env;
    struct tex x;

    ms_texture_create(&x);
    sh_env_init(&env);
    tokens = sh_assemble_tokens(src, &count);
    ck_assert_ptr_nonnull(padded = malloc((count + 1) * 4));
    count = sh_pad_program(tokens, count, padded, _i, DDI_SM5_OP_SAMPLE_POS);
    sh_load_tokens(&env, padded, count, AGX_SHADER_STAGE_COMPUTE, 5);
    free(padded);
    free(tokens);
    ck_assert_uint_eq(agx_shader_get_info(env.shader)->bindings[0].sample_count, 4);
    bo = ms_bind(&env, &x, 5 * 16);
    sh_dispatch(&env, 1, 1, 1);
    out = bo->map;
    for (i = 0; i < 5; ++i)
    {
        ck_assert_uint_eq(out[i * 4], i < 4 ? 100 + i : 0);
        ck_assert_uint_eq(out[i * 4 + 1], 4);
        assert_f(out[i * 4 + 2], i < 4 ? positions[i][0] / 16.0f : 0.0f);
        assert_f(out[i * 4 + 3], i < 4 ? positions[i][1] / 16.0f : 0.0f);
    }
    x.backend->ops->bo_destroy(x.backend, bo);
    sh_env_fini(&env);
    tex_destroy(&x);
}
END_TEST

Suite *agx_shader_tex_suite(void)
{
    Suite *s = suite_create("agx_shader_tex");
    TCase *tc = tcase_create("texture");

    tcase_add_test(tc, test_texture_instructions);
    tcase_add_test(tc, test_load_offset_wraps);
    tcase_add_test(tc, test_texture_lod);
    tcase_add_test(tc, test_texture_lod_clamp);
    tcase_add_loop_test(tc, test_multisampled, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}
