/*
 * agx_umd's shader engine without a device, its memory side: constant buffers with
 * relative indexing and reads beyond the bound size, the immediate constant buffer,
 * indexable temps, raw and structured loads and stores with D3D's out-of-bounds rules,
 * null views, group shared memory with barriers, atomics, the UAV counter, bufinfo,
 * compute system values, typed buffers through the texture unit, and the pixel and
 * vertex stages (quad derivatives, helper lanes, discard, oDepth, oMask).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddi_sm5.h"
#include "test_agx_shader.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

Suite *agx_shader_mem_suite(void);

static void run_cs(struct sh_env *env, const char *src, uint32_t lanes, uint32_t groups)
{
    sh_load(env, src, AGX_SHADER_STAGE_COMPUTE, lanes);
    sh_dispatch(env, groups, 1, 1);
}

START_TEST(test_constant_buffers)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_constantbuffer cb0[8], dynamicIndexed\n"
        "dcl_uav_raw u0\n"
        "dcl_input vThreadIDInGroupFlattened\n"
        "dcl_temps 2\n"
        "dcl_thread_group 8, 1, 1\n"
        "mov r0.x, vThreadIDInGroupFlattened.x\n"
        "mov r1.x, cb0[r0.x + 1].y\n"
        "mov r1.y, cb0[6].w\n"
        "mov r1.zw, cb0[0].xxxy\n"
        "ishl r0.y, r0.x, l(4)\n"
        "store_raw u0.xyzw, r0.y, r1.xyzw\n"
        "ret\n";
    uint32_t cb[5 * 4], i, *out;
    struct sh_env env;

    for (i = 0; i < ARRAY_SIZE(cb); ++i)
        cb[i] = 1000 + i;
    sh_env_init(&env);
    env.cb[0] = cb;
    env.cb_vec4[0] = 5;                   /* bound smaller than declared: the rest reads 0 */
    sh_raw_view(&env, 1, 0, 8 * 16);
    run_cs(&env, src, 8, 1);
    out = sh_mem(&env, 0);
    for (i = 0; i < 8; ++i)
    {
        ck_assert_uint_eq(out[i * 4], i + 1 < 5 ? 1000 + (i + 1) * 4 + 1 : 0);
        ck_assert_uint_eq(out[i * 4 + 1], 0);
        ck_assert_uint_eq(out[i * 4 + 2], 1000);
        ck_assert_uint_eq(out[i * 4 + 3], 1001);
    }
    sh_env_fini(&env);
}
END_TEST

/* 5.1: a constant buffer range indexed per lane, the register reaching the binder. */
START_TEST(test_constant_buffer_ranges)
{
    static const char src[] =
        "cs_5_1\n"
        "dcl_constantbuffer CB0[2:3][1], dynamicIndexed, space=1\n"
        "dcl_uav_raw U0[0:0], space=0\n"
        "dcl_input vThreadIDInGroupFlattened\n"
        "dcl_temps 2\n"
        "dcl_thread_group 2, 1, 1\n"
        "mov r0.x, vThreadIDInGroupFlattened.x\n"
        "mov r1.x, CB0[3][0].x\n"
        "ishl r0.y, r0.x, l(2)\n"
        "store_raw U0[0].x, r0.y, r1.x\n"
        "ret\n";
    static const uint32_t cb[4] = {77, 0, 0, 0};
    const struct agx_shader_info *info;
    struct sh_env env;

    sh_env_init(&env);
    env.cb[0] = cb;
    env.cb_vec4[0] = 1;
    sh_raw_view(&env, 1, 0, 8);
    run_cs(&env, src, 2, 1);
    info = agx_shader_get_info(env.shader);
    ck_assert_uint_eq(info->binding_count, 2);
    ck_assert_int_eq(info->bindings[0].cls, AGX_SHADER_CLASS_CBV);
    ck_assert_uint_eq(info->bindings[0].lower, 2);
    ck_assert_uint_eq(info->bindings[0].upper, 3);
    ck_assert_uint_eq(info->bindings[0].space, 1);
    ck_assert_uint_eq(info->bindings[0].cb_vec4_count, 1);
    ck_assert_int_eq(info->bindings[1].dim, AGX_SHADER_DIM_RAW_BUFFER);
    ck_assert_uint_eq(env.last_reg[0], 3);
    ck_assert_uint_eq(sh_mem(&env, 0)[0], 77);
    ck_assert_uint_eq(sh_mem(&env, 0)[1], 77);
    sh_env_fini(&env);
}
END_TEST

/* The immediate constant buffer's program: lane i stores icb[i].z. */
static const char icb_src[] =
    "cs_5_0\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadIDInGroupFlattened\n"
    "dcl_temps 1\n"
    "dcl_thread_group 4, 1, 1\n"
    "mov r0.y, vThreadIDInGroupFlattened.x\n"
    "mov r0.x, icb[r0.y + 0].z\n"
    "ishl r0.y, r0.y, l(2)\n"
    "store_raw u0.x, r0.y, r0.x\n"
    "ret\n";
static const uint32_t icb_block[2 + 12] = {DDI_SM5_OP_CUSTOMDATA | DDI_SM5_CUSTOMDATA_IMMEDIATE_CONSTANT_BUFFER << 11,
                                           14, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33};

/* The assembler has no dcl_immediateConstantBuffer: icb_src with a comment block
 * (customdata class 0, any length: fxc writes them) when asked and icb_block put in
 * front of its declarations by hand (malloc'd, room for one token more). */
static const uint32_t icb_comment[] = {DDI_SM5_OP_CUSTOMDATA, 5, 0x74786574, 0x7f00ff00u, 1};

static uint32_t *icb_program(bool with_comment, uint32_t *count)
{
    uint32_t *program, *tokens, program_count, n = 2;

    program = sh_assemble_tokens(icb_src, &program_count);
    *count = program_count + ARRAY_SIZE(icb_block) + (with_comment ? ARRAY_SIZE(icb_comment) : 0);
    ck_assert_ptr_nonnull(tokens = malloc((*count + 1) * 4));
    memcpy(tokens, program, 8);
    if (with_comment)
    {
        memcpy(tokens + n, icb_comment, sizeof(icb_comment));
        n += ARRAY_SIZE(icb_comment);
    }
    memcpy(tokens + n, icb_block, sizeof(icb_block));
    n += ARRAY_SIZE(icb_block);
    memcpy(tokens + n, program + 2, (program_count - 2) * 4);
    tokens[1] = *count;
    free(program);
    return tokens;
}

START_TEST(test_immediate_constant_buffer)
{
    uint32_t *tokens, count, i;
    struct sh_env env;
    char error[256];

    tokens = icb_program(false, &count);
    sh_env_init(&env);
    ck_assert_int_eq(sh_create_tokens(tokens, count, AGX_SHADER_STAGE_COMPUTE, &env.shader, error, sizeof(error)),
                     S_OK);
    ck_assert_int_eq(agx_shader_exec_create(env.shader, 4, &env.exec), S_OK);
    sh_raw_view(&env, 0, 0, 16);
    sh_dispatch(&env, 1, 1, 1);
    for (i = 0; i < 4; ++i)
        ck_assert_uint_eq(sh_mem(&env, 0)[i], i < 3 ? 12 + 10 * i : 0);  /* beyond the buffer: 0 */
    free(tokens);
    sh_env_fini(&env);
}
END_TEST

/*
 * An instruction's length is its opcode token's, whatever its operands use: fxc writes
 * samplepos one token longer than its operands, and Windows' drivers step by the length
 * (vkd3d-shader's reader does the same, taking a length of 0 from the next token). The
 * program of test_immediate_constant_buffer with a comment block, every instruction
 * and declaration given one and then three trailing tokens, and a mov whose length
 * moves to the token after its opcode token, gives the same bytes.
 */
START_TEST(test_trailing_tokens)
{
    static const uint32_t pads[] = {0, 1, 3};
    uint32_t *tokens, *padded, count, padded_count, i, p, pos;
    struct sh_env env;
    char error[256];

    tokens = icb_program(true, &count);
    ck_assert_ptr_nonnull(padded = malloc(count * 4 * 5));
    for (p = 0; p <= ARRAY_SIZE(pads); ++p)
    {
        if (p < ARRAY_SIZE(pads))
        {
            padded_count = sh_pad_program(tokens, count, padded, pads[p], ~0u);
        }
        else
        {
            /* The first mov (after the customdata blocks and four declarations) with its
             * length in the next token: a 0 length field, then 1 + 1 + its operands. */
            for (pos = 2 + ARRAY_SIZE(icb_comment) + ARRAY_SIZE(icb_block), i = 0; i < 4; ++i)
                pos += DDI_SM5_LENGTH_OF(tokens[pos]);
            ck_assert_uint_eq(DDI_SM5_OPCODE_OF(tokens[pos]), DDI_SM5_OP_MOV);
            memcpy(padded, tokens, (pos + 1) * 4);
            padded[pos] = DDI_SM5_OPCODE_OF(tokens[pos]);
            padded[pos + 1] = DDI_SM5_LENGTH_OF(tokens[pos]) + 1;
            memcpy(padded + pos + 2, tokens + pos + 1, (count - pos - 1) * 4);
            padded_count = count + 1;
            padded[1] = padded_count;
        }
        sh_env_init(&env);
        ck_assert_msg(sh_create_tokens(padded, padded_count, AGX_SHADER_STAGE_COMPUTE, &env.shader, error,
                                       sizeof(error)) == S_OK, "case %u: %s", p, error);
        ck_assert_int_eq(agx_shader_exec_create(env.shader, 4, &env.exec), S_OK);
        sh_raw_view(&env, 0, 0, 16);
        memset(sh_mem(&env, 0), 0xcd, 16);
        sh_dispatch(&env, 1, 1, 1);
        for (i = 0; i < 4; ++i)
            ck_assert_msg(sh_mem(&env, 0)[i] == (i < 3 ? 12 + 10 * i : 0), "case %u, lane %u: %#x", p, i,
                          sh_mem(&env, 0)[i]);
        sh_env_fini(&env);
    }
    free(padded);
    free(tokens);
}
END_TEST

START_TEST(test_indexable_temps)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_uav_raw u0\n"
        "dcl_input vThreadIDInGroupFlattened\n"
        "dcl_temps 3\n"
        "dcl_indexableTemp x0[4], 4\n"
        "dcl_thread_group 8, 1, 1\n"
        "mov r0.x, vThreadIDInGroupFlattened.x\n"
        "mov r2.x, l(0)\n"
        "loop\n"
        "  uge r2.y, r2.x, l(4)\n"
        "  breakc_nz r2.y\n"
        "  imad r2.z, r0.x, l(100), r2.x\n"
        "  mov x0[r2.x + 0].y, r2.z\n"
        "  iadd r2.x, r2.x, l(1)\n"
        "endloop\n"
        "and r1.y, r0.x, l(3)\n"
        "mov r1.x, x0[r1.y + 0].y\n"
        "mov r1.z, x0[r0.x + 0].y\n"       /* lanes 4-7: beyond the array, 0 */
        "mov x0[r0.x + 2].y, l(5)\n"       /* lanes 2-7: dropped or in range */
        "mov r1.w, x0[3].y\n"
        "ishl r0.y, r0.x, l(4)\n"
        "store_raw u0.xyzw, r0.y, r1.xyzw\n"
        "ret\n";
    struct sh_env env;
    uint32_t i, *out;

    sh_env_init(&env);
    sh_raw_view(&env, 0, 0, 8 * 16);
    run_cs(&env, src, 8, 1);
    out = sh_mem(&env, 0);
    for (i = 0; i < 8; ++i)
    {
        ck_assert_uint_eq(out[i * 4], i * 100 + (i & 3));
        ck_assert_uint_eq(out[i * 4 + 2], i < 4 ? i * 100 + i : 0);
        ck_assert_uint_eq(out[i * 4 + 3], i == 1 ? 5 : i * 100 + 3);
    }
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_raw_buffers)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_resource_raw t0\n"
        "dcl_uav_raw u0\n"
        "dcl_uav_raw u1\n"
        "dcl_input vThreadIDInGroupFlattened\n"
        "dcl_temps 2\n"
        "dcl_thread_group 16, 1, 1\n"
        "ishl r0.x, vThreadIDInGroupFlattened.x, l(3)\n"
        "iadd r0.y, r0.x, l(2)\n"            /* the low two bits are ignored */
        "ld_raw r1.xy, r0.y, t0.yxxx\n"
        "store_raw u0.xy, r0.x, r1.xyxx\n"
        "store_raw u1.xy, r0.x, r1.xyxx\n"
        "ret\n";
    struct sh_env env;
    uint32_t i, *in, *out, *out1;

    sh_env_init(&env);
    in = sh_mem(&env, 0);
    for (i = 0; i < 32; ++i)
        in[i] = 0x100 + i;
    memset(sh_mem(&env, 4096), 0xcc, 256);
    memset(sh_mem(&env, 8192), 0xcc, 256);
    sh_raw_view(&env, 0, 0, 60);           /* 15 words: lane 7's y and lanes 8+ are out */
    sh_raw_view(&env, 1, 4096, 128);
    sh_raw_view(&env, 2, 8192, 36);        /* stores past byte 36 are dropped */
    run_cs(&env, src, 16, 1);
    out = sh_mem(&env, 4096);
    out1 = sh_mem(&env, 8192);
    for (i = 0; i < 16; ++i)
    {
        uint32_t x = 2 * i + 1 < 15 ? 0x100 + 2 * i + 1 : 0, y = 2 * i < 15 ? 0x100 + 2 * i : 0;

        ck_assert_uint_eq(out[2 * i], x);
        ck_assert_uint_eq(out[2 * i + 1], y);
        ck_assert_uint_eq(out1[2 * i], 2 * i < 9 ? x : 0xcccccccc);
        ck_assert_uint_eq(out1[2 * i + 1], 2 * i + 1 < 9 ? y : 0xcccccccc);
    }
    ck_assert_uint_eq(sh_mem(&env, 4096)[32], 0xcccccccc);
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_structured_buffers)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_resource_structured t0, 12\n"
        "dcl_uav_structured u0, 16\n"
        "dcl_input vThreadIDInGroupFlattened\n"
        "dcl_temps 3\n"
        "dcl_thread_group 6, 1, 1\n"
        "mov r0.x, vThreadIDInGroupFlattened.x\n"
        "ld_structured r1.xyz, r0.x, l(0), t0.xyzx\n"
        "ld_structured r2.xy, r0.x, l(8), t0.xyxx\n"   /* y is past the 12-byte element */
        "mov r1.w, r2.y\n"
        "store_structured u0.xyzw, r0.x, l(0), r1.xyzw\n"
        "store_structured u0.xy, r0.x, l(12), l(7, 8, 0, 0)\n"  /* y is past the element: dropped */
        "ret\n";
    struct sh_env env;
    uint32_t i, *in, *out;

    sh_env_init(&env);
    in = sh_mem(&env, 0);
    for (i = 0; i < 12; ++i)
        in[i] = 500 + i;
    memset(sh_mem(&env, 4096), 0xcc, 128);
    sh_structured_view(&env, 0, 0, 12, 4);
    sh_structured_view(&env, 1, 4096, 16, 5);
    run_cs(&env, src, 6, 1);
    out = sh_mem(&env, 4096);
    for (i = 0; i < 6; ++i)
    {
        if (i >= 5)
        {
            ck_assert_uint_eq(out[i * 4], 0xcccccccc);
            continue;
        }
        ck_assert_uint_eq(out[i * 4], i < 4 ? 500 + 3 * i : 0);
        ck_assert_uint_eq(out[i * 4 + 1], i < 4 ? 501 + 3 * i : 0);
        ck_assert_uint_eq(out[i * 4 + 2], i < 4 ? 502 + 3 * i : 0);
        ck_assert_uint_eq(out[i * 4 + 3], 7);
        ck_assert_uint_eq(out[(i + 1) * 4], i == 4 ? 0xcccccccc : out[(i + 1) * 4]);
    }
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_null_views)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_resource_raw t0\n"
        "dcl_uav_raw u0\n"
        "dcl_uav_raw u1\n"
        "dcl_temps 2\n"
        "dcl_thread_group 4, 1, 1\n"
        "ld_raw r0.xyzw, l(0), t0.xyzw\n"
        "bufinfo r1.x, t0.xxxx\n"
        "mov r0.w, r1.x\n"
        "store_raw u0.xyzw, l(0), r0.xyzw\n"
        "store_raw u1.x, l(0), l(5)\n"
        "ret\n";
    struct sh_env env;
    uint32_t i;

    sh_env_init(&env);
    memset(sh_mem(&env, 0), 0xcc, 64);
    sh_raw_view(&env, 1, 0, 16);           /* t0 and u1 stay null views */
    run_cs(&env, src, 4, 1);
    for (i = 0; i < 4; ++i)
        ck_assert_uint_eq(sh_mem(&env, 0)[i], 0);
    sh_env_fini(&env);
}
END_TEST

/* Stores whose destination write mask is empty (no compiler writes one; the decoder
 * accepts it) write nothing and form no address: found by fuzz/fuzz_dxbc.c as a
 * NULL + 0 under UBSan (issue 19; fuzz/regressions/dxbc/store-raw-empty-mask). */
START_TEST(test_store_empty_mask)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_uav_raw u0\n"
        "dcl_uav_structured u1, 8\n"
        "dcl_thread_group 4, 1, 1\n"
        "store_raw u0.x, l(0), l(5)\n"
        "store_structured u1.x, l(1), l(4), l(6)\n"
        "ret\n";
    uint32_t *tokens, count, i, opcode;
    struct sh_env env;
    char error[256];

    tokens = sh_assemble_tokens(src, &count);
    for (i = 2; i < count; i += DDI_SM5_LENGTH_OF(tokens[i]))
    {
        opcode = DDI_SM5_OPCODE_OF(tokens[i]);
        if (opcode == DDI_SM5_OP_STORE_RAW || opcode == DDI_SM5_OP_STORE_STRUCTURED)
            tokens[i + 1] &= ~(0xfu << DDI_SM5_MASK_SHIFT);
    }
    sh_env_init(&env);
    memset(sh_mem(&env, 0), 0xcc, 64);
    ck_assert_int_eq(sh_create_tokens(tokens, count, AGX_SHADER_STAGE_COMPUTE, &env.shader, error, sizeof(error)),
                     S_OK);
    ck_assert_int_eq(agx_shader_exec_create(env.shader, 4, &env.exec), S_OK);
    /* u0 over the bo's first bytes; u1 left a null view at first, then the same bytes. */
    sh_raw_view(&env, 0, 0, 16);
    sh_dispatch(&env, 1, 1, 1);
    sh_structured_view(&env, 1, 16, 8, 4);
    sh_dispatch(&env, 1, 1, 1);
    for (i = 0; i < 16; ++i)
        ck_assert_uint_eq(sh_mem(&env, 0)[i], 0xccccccccu);
    free(tokens);
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_group_shared_memory)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_uav_raw u0\n"
        "dcl_input vThreadIDInGroupFlattened\n"
        "dcl_input vThreadGroupID.x\n"
        "dcl_temps 3\n"
        "dcl_tgsm_raw g0, 256\n"
        "dcl_tgsm_structured g1, 8, 64\n"
        "dcl_thread_group 64, 1, 1\n"
        "mov r0.x, vThreadIDInGroupFlattened.x\n"
        "ishl r0.y, r0.x, l(2)\n"
        "imad r1.x, vThreadGroupID.x, l(1000), r0.x\n"
        "store_raw g0.x, r0.y, r1.x\n"
        "ishl r1.y, r1.x, l(1)\n"
        "store_structured g1.xy, r0.x, l(0), r1.xyxx\n"
        "sync_g_t\n"
        "iadd r0.z, -r0.x, l(63)\n"
        "ishl r0.w, r0.z, l(2)\n"
        "ld_raw r2.x, r0.w, g0.xxxx\n"
        "ld_structured r2.yz, r0.z, l(0), g1.xxyx\n"
        "ld_raw r2.w, l(256), g0.xxxx\n"    /* past g0: 0 */
        "imad r0.y, vThreadGroupID.x, l(64), r0.x\n"
        "ishl r0.y, r0.y, l(4)\n"
        "store_raw u0.xyzw, r0.y, r2.xyzw\n"
        "ret\n";
    struct sh_env env;
    uint32_t g, i, *out;

    sh_env_init(&env);
    sh_raw_view(&env, 0, 0, 2 * 64 * 16);
    run_cs(&env, src, 64, 2);
    ck_assert_uint_eq(agx_shader_get_info(env.shader)->tgsm_bytes, 256 + 512);
    out = sh_mem(&env, 0);
    for (g = 0; g < 2; ++g)
    {
        for (i = 0; i < 64; ++i)
        {
            uint32_t *o = out + (g * 64 + i) * 4, peer = g * 1000 + 63 - i;

            ck_assert_uint_eq(o[0], peer);
            ck_assert_uint_eq(o[1], peer);
            ck_assert_uint_eq(o[2], peer * 2);
            ck_assert_uint_eq(o[3], 0);
        }
    }
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_atomics)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_uav_raw u0\n"
        "dcl_uav_structured u1, 8\n"
        "dcl_input vThreadID.x\n"
        "dcl_input vThreadIDInGroupFlattened\n"
        "dcl_temps 3\n"
        "dcl_tgsm_raw g0, 4\n"
        "dcl_thread_group 64, 1, 1\n"
        "mov r0.x, vThreadID.x\n"
        "atomic_iadd u0, l(0), l(1)\n"
        "imm_atomic_iadd r1.x, u0, l(4), l(1)\n"
        "atomic_umax u0, l(8), r0.x\n"
        "iadd r0.y, -r0.x, l(5)\n"
        "atomic_imin u0, l(12), r0.y\n"
        "and r0.z, r0.x, l(31)\n"
        "ishl r0.z, l(1), r0.z\n"
        "atomic_or u0, l(16), r0.z\n"
        "not r0.w, r0.z\n"
        "atomic_and u0, l(20), r0.w\n"
        "iadd r0.w, r0.x, l(1)\n"
        "atomic_xor u0, l(24), r0.w\n"
        "iadd r0.w, r0.x, l(100)\n"
        "atomic_cmp_store u0, l(28), l(0), r0.w\n"
        "imm_atomic_exch r1.y, u0, l(32), r0.x\n"
        "iadd r2.w, r0.x, l(1)\n"
        "imm_atomic_cmp_exch r1.z, u0, l(36), r0.x, r2.w\n"
        "and r2.x, r0.x, l(3)\n"
        "mov r2.y, l(4)\n"
        "atomic_iadd u1, r2.xyxx, l(2)\n"
        "atomic_iadd g0, l(0), l(1)\n"
        "sync_g_t\n"
        "ld_raw r1.w, l(0), g0.xxxx\n"
        "ishl r2.z, r0.x, l(4)\n"
        "iadd r2.z, r2.z, l(64)\n"
        "store_raw u0.xyzw, r2.z, r1.xyzw\n"
        "ret\n";
    uint32_t seen[128] = {0}, i, xor_all = 0, *out;
    struct sh_env env;

    sh_env_init(&env);
    out = sh_mem(&env, 0);
    out[5] = 0xffffffffu;
    out[9] = 0;                           /* cmp_exch: each lane finds its own id in turn */
    sh_raw_view(&env, 0, 0, 64 + 128 * 16);
    sh_structured_view(&env, 1, 8192, 8, 4);
    run_cs(&env, src, 64, 2);
    for (i = 0; i < 128; ++i)
        xor_all ^= i + 1;
    ck_assert_uint_eq(out[0], 128);
    ck_assert_uint_eq(out[1], 128);
    ck_assert_uint_eq(out[2], 127);
    ck_assert_int_eq((int32_t)out[3], 5 - 127);
    ck_assert_uint_eq(out[4], 0xffffffffu);
    ck_assert_uint_eq(out[5], 0);
    ck_assert_uint_eq(out[6], xor_all);
    ck_assert_uint_eq(out[7], 100);
    ck_assert_uint_eq(out[8], 127);
    ck_assert_uint_eq(out[9], 128);      /* lane i found i and left i + 1 */
    for (i = 0; i < 4; ++i)
    {
        ck_assert_uint_eq(sh_mem(&env, 8192)[i * 2], 0);
        ck_assert_uint_eq(sh_mem(&env, 8192)[i * 2 + 1], 64);
    }
    for (i = 0; i < 128; ++i)
    {
        uint32_t *o = out + 16 + i * 4;

        ck_assert_uint_lt(o[0], 128);
        ck_assert_uint_eq(seen[o[0]]++, 0);
        ck_assert_uint_eq(o[1], i ? i - 1 : 0);   /* exch returns the previous lane's id */
        ck_assert_uint_eq(o[2], i);
        ck_assert_uint_eq(o[3], 64);
    }
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_counter_and_bufinfo)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_uav_structured_opc u0, 4\n"
        "dcl_uav_structured u1, 4\n"       /* consume uses the counter without _opc */
        "dcl_uav_raw u2\n"
        "dcl_input vThreadID.x\n"
        "dcl_temps 2\n"
        "dcl_thread_group 32, 1, 1\n"
        "imm_atomic_alloc r0.x, u0\n"
        "store_structured u0.x, r0.x, l(0), vThreadID.x\n"
        "imm_atomic_consume r0.y, u1\n"
        "bufinfo r1.x, u0.xxxx\n"
        "bufinfo r1.y, u2.xxxx\n"
        "ishl r0.z, vThreadID.x, l(3)\n"
        "store_raw u2.xy, r0.z, r0.yxyy\n"
        "store_raw u2.xy, l(512), r1.xyxx\n"
        "ret\n";
    uint32_t seen[64] = {0}, i, *out;
    struct sh_env env;

    sh_env_init(&env);
    sh_structured_view(&env, 0, 0, 4, 64);
    env.views[0].counter_va = env.bo->va + 1024;
    *sh_mem(&env, 1024) = 3;
    sh_structured_view(&env, 1, 2048, 4, 64);
    env.views[1].counter_va = env.bo->va + 1028;
    *sh_mem(&env, 1028) = 100;
    sh_raw_view(&env, 2, 4096, 520);
    run_cs(&env, src, 32, 2);
    ck_assert(agx_shader_get_info(env.shader)->bindings[0].has_counter);
    ck_assert(agx_shader_get_info(env.shader)->bindings[1].has_counter);
    ck_assert(!agx_shader_get_info(env.shader)->bindings[2].has_counter);
    ck_assert_uint_eq(*sh_mem(&env, 1024), 67);
    ck_assert_uint_eq(*sh_mem(&env, 1028), 36);
    for (i = 0; i < 64; ++i)
    {
        ck_assert_uint_lt(sh_mem(&env, 0)[i < 61 ? i + 3 : 0], 64);
        if (i < 61)
            ck_assert_uint_eq(seen[sh_mem(&env, 0)[i + 3]]++, 0);
        out = sh_mem(&env, 4096 + i * 8);
        ck_assert_uint_eq(out[0], 99 - i);   /* consume: the value after the decrement */
        ck_assert_uint_eq(out[1], i + 3);    /* alloc: the value before the increment */
    }
    ck_assert_uint_eq(sh_mem(&env, 4096 + 512)[0], 64);
    ck_assert_uint_eq(sh_mem(&env, 4096 + 512)[1], 520);
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_system_values)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_uav_raw u0\n"
        "dcl_input vThreadID.xyz\n"
        "dcl_input vThreadGroupID.xyz\n"
        "dcl_input vThreadIDInGroup.xyz\n"
        "dcl_input vThreadIDInGroupFlattened\n"
        "dcl_temps 2\n"
        "dcl_thread_group 4, 2, 2\n"
        "imad r0.x, vThreadGroupID.y, l(2), vThreadGroupID.x\n"
        "imad r0.x, r0.x, l(16), vThreadIDInGroupFlattened.x\n"
        "imul null, r0.x, r0.x, l(48)\n"
        "store_raw u0.xyz, r0.x, vThreadID.xyzx\n"
        "iadd r0.x, r0.x, l(16)\n"
        "store_raw u0.xyz, r0.x, vThreadGroupID.xyzx\n"
        "iadd r0.x, r0.x, l(16)\n"
        "mov r1.xyz, vThreadIDInGroup.xyzx\n"
        "mov r1.w, vThreadIDInGroupFlattened.x\n"
        "store_raw u0.xyzw, r0.x, r1.xyzw\n"
        "ret\n";
    struct sh_env env;
    uint32_t gx, gy, l;

    sh_env_init(&env);
    sh_raw_view(&env, 0, 0, 6 * 16 * 48);
    sh_load(&env, src, AGX_SHADER_STAGE_COMPUTE, 16);
    sh_dispatch(&env, 2, 3, 1);
    for (gy = 0; gy < 3; ++gy)
    {
        for (gx = 0; gx < 2; ++gx)
        {
            for (l = 0; l < 16; ++l)
            {
                uint32_t *o = sh_mem(&env, ((gy * 2 + gx) * 16 + l) * 48), x = l % 4, y = (l / 4) % 2, z = l / 8;

                ck_assert_uint_eq(o[0], gx * 4 + x);
                ck_assert_uint_eq(o[1], gy * 2 + y);
                ck_assert_uint_eq(o[2], z);
                ck_assert_uint_eq(o[4], gx);
                ck_assert_uint_eq(o[5], gy);
                ck_assert_uint_eq(o[6], 0);
                ck_assert_uint_eq(o[8], x);
                ck_assert_uint_eq(o[9], y);
                ck_assert_uint_eq(o[10], z);
                ck_assert_uint_eq(o[11], l);
            }
        }
    }
    sh_env_fini(&env);
}
END_TEST

/* Typed buffers go through the texture unit (agx_texture_load / agx_texture_store). */
START_TEST(test_typed_buffers)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_resource_buffer (uint,uint,uint,uint) t0\n"
        "dcl_uav_typed_buffer (uint,uint,uint,uint) u0\n"
        "dcl_input vThreadID.x\n"
        "dcl_temps 2\n"
        "dcl_thread_group 8, 1, 1\n"
        "ld_indexable(buffer)(uint,uint,uint,uint) r0.xyzw, vThreadID.xxxx, t0.yxzw\n"
        "iadd r0.xyzw, r0.xyzw, l(1, 2, 3, 4)\n"
        "store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xyzw\n"
        "ret\n";
    struct sh_env env;
    uint32_t i, *in, *out;

    sh_env_init(&env);
    in = sh_mem(&env, 0);
    for (i = 0; i < 32; ++i)
        in[i] = i * 10;
    memset(sh_mem(&env, 4096), 0xcc, 8 * 16);
    for (i = 0; i < 2; ++i)
    {
        struct agx_shader_view *v = &env.views[i];

        v->kind = AGX_SHADER_VIEW_BUFFER;
        v->dim = AGX_SHADER_DIM_BUFFER;
        v->format = DXGI_FORMAT_R32G32B32A32_UINT;
        v->va = env.bo->va + i * 4096;
        v->stride = 16;
        v->element_count = i ? 8 : 6;     /* elements 6 and 7 read 0 */
        v->size = v->element_count * 16;
    }
    run_cs(&env, src, 8, 1);
    out = sh_mem(&env, 4096);
    for (i = 0; i < 8; ++i)
    {
        uint32_t base = i < 6 ? i * 40 : 0, have = i < 6;

        ck_assert_uint_eq(out[i * 4 + 0], have * (base + 10) + 1);
        ck_assert_uint_eq(out[i * 4 + 1], have * base + 2);
        ck_assert_uint_eq(out[i * 4 + 2], have * (base + 20) + 3);
        ck_assert_uint_eq(out[i * 4 + 3], have * (base + 30) + 4);
    }
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_typed_atomics)
{
    static const char src[] =
        "cs_5_0\n"
        "dcl_uav_typed_buffer (uint,uint,uint,uint) u0\n"
        "dcl_uav_raw u1\n"
        "dcl_input vThreadID.x\n"
        "dcl_temps 1\n"
        "dcl_thread_group 32, 1, 1\n"
        "and r0.x, vThreadID.x, l(3)\n"
        "atomic_iadd u0, r0.xxxx, l(1)\n"
        "imm_atomic_umax r0.y, u0, l(4), vThreadID.x\n"
        "atomic_iadd u0, l(9), l(1)\n"     /* beyond the view: nothing */
        "ishl r0.z, vThreadID.x, l(2)\n"
        "store_raw u1.x, r0.z, r0.y\n"
        "ret\n";
    struct sh_env env;
    uint32_t i, *out;

    sh_env_init(&env);
    env.views[0].kind = AGX_SHADER_VIEW_BUFFER;
    env.views[0].dim = AGX_SHADER_DIM_BUFFER;
    env.views[0].format = DXGI_FORMAT_R32_UINT;
    env.views[0].va = env.bo->va;
    env.views[0].stride = 4;
    env.views[0].element_count = 8;
    env.views[0].size = 32;
    sh_raw_view(&env, 1, 4096, 64 * 4);
    run_cs(&env, src, 32, 2);
    out = sh_mem(&env, 0);
    for (i = 0; i < 4; ++i)
        ck_assert_uint_eq(out[i], 16);
    ck_assert_uint_eq(out[4], 63);
    ck_assert_uint_eq(out[9], 0);
    for (i = 0; i < 64; ++i)
        ck_assert_uint_eq(sh_mem(&env, 4096)[i], i ? i - 1 : 0);  /* the max before this lane */
    sh_env_fini(&env);
}
END_TEST

/* Two quads: v0.x varies across them; derivatives per quad, coarse and fine. Lane 3
 * is a helper (it computes, writes nothing), lane 6 is discarded (and goes on as a
 * helper for its quad's derivatives), the others write oDepth and oMask. */
START_TEST(test_pixel_quads)
{
    static const char src[] =
        "ps_5_0\n"
        "dcl_input_ps linear v0.xyz\n"
        "dcl_output o0.xyzw\n"
        "dcl_output o1.xy\n"
        "dcl_output oDepth\n"
        "dcl_output oMask\n"
        "dcl_uav_raw u1\n"
        "dcl_temps 2\n"
        "deriv_rtx_coarse r0.x, v0.x\n"
        "deriv_rtx_fine r0.y, v0.x\n"
        "deriv_rty_coarse r0.z, v0.x\n"
        "deriv_rty_fine r0.w, v0.x\n"
        "mov o0.xyzw, r0.xyzw\n"
        "ftou r1.x, v0.z\n"
        "store_raw u1.x, r1.x, l(7)\n"
        "lt r1.y, l(0.5), v0.y\n"
        "discard_nz r1.y\n"
        "mov o1.x, l(1.0)\n"
        "mul r1.z, v0.x, l(2.0)\n"          /* the discarded lane still computes for its quad */
        "deriv_rtx_fine r1.w, r1.z\n"
        "mov o1.y, r1.w\n"
        "mov oDepth, v0.x\n"
        "mov oMask, l(5)\n"
        "ret\n";
    static const float x[8] = {1, 2, 4, 8, 0, 10, 100, 1000};
    uint8_t lanes[8] = {1, 1, 1, AGX_LANE_HELPER, 1, 1, 1, 1};
    const struct agx_shader_info *info;
    struct sh_env env;
    uint32_t *in, l;
    const uint32_t *o0, *o1, *depth, *mask;

    sh_env_init(&env);
    sh_load(&env, src, AGX_SHADER_STAGE_PIXEL, 8);
    info = agx_shader_get_info(env.shader);
    ck_assert(info->writes_depth && info->writes_coverage && info->uses_discard);
    ck_assert_uint_eq(info->render_target_mask, 3);
    ck_assert_uint_eq(info->input_registers[0].interpolation, DDI_SM5_INTERPOLATION_LINEAR);
    in = agx_shader_exec_input(env.exec, 0);
    for (l = 0; l < 8; ++l)
    {
        in[0 * 8 + l] = sh_u(x[l]);
        in[1 * 8 + l] = sh_u(l == 6 ? 1.0f : 0.0f);
        in[2 * 8 + l] = sh_u((float)(l * 4));
    }
    memset(sh_mem(&env, 0), 0xcc, 64);
    sh_raw_view(&env, 0, 0, 64);           /* u1 is the program's first binding */
    sh_run(&env, 8, lanes);
    o0 = agx_shader_exec_output(env.exec, 0);
    o1 = agx_shader_exec_output(env.exec, 1);
    depth = agx_shader_exec_depth(env.exec);
    mask = agx_shader_exec_coverage_out(env.exec);
    for (l = 0; l < 8; ++l)
    {
        uint32_t q = l & ~3u;
        bool top = !(l & 2), left = !(l & 1);
        float dx_coarse = x[q + 1] - x[q], dy_coarse = x[q + 2] - x[q];
        float dx_fine = top ? x[q + 1] - x[q] : x[q + 3] - x[q + 2];
        float dy_fine = left ? x[q + 2] - x[q] : x[q + 3] - x[q + 1];

        if (l == 3)
        {
            ck_assert_uint_eq(o0[l], 0);  /* the helper writes no output */
            ck_assert_uint_eq(sh_mem(&env, 0)[l], 0xcccccccc);
            continue;
        }
        ck_assert_float_eq(sh_f(o0[0 * 8 + l]), dx_coarse);
        ck_assert_float_eq(sh_f(o0[1 * 8 + l]), dx_fine);
        ck_assert_float_eq(sh_f(o0[2 * 8 + l]), dy_coarse);
        ck_assert_float_eq(sh_f(o0[3 * 8 + l]), dy_fine);
        ck_assert_uint_eq(sh_mem(&env, 0)[l], 7);
        ck_assert_float_eq(sh_f(o1[l]), l == 6 ? 0.0f : 1.0f);
        ck_assert_float_eq(sh_f(o1[8 + l]), l == 6 ? 0.0f : 2.0f * dx_fine);
        ck_assert_float_eq(sh_f(depth[l]), l == 6 ? 0.0f : x[l]);
        ck_assert_uint_eq(mask[l], l == 6 ? 0 : 5);
        ck_assert_uint_eq(lanes[l] & AGX_LANE_DISCARDED, l == 6 ? AGX_LANE_DISCARDED : 0);
    }
    sh_env_fini(&env);
}
END_TEST

START_TEST(test_vertex_stage)
{
    static const char src[] =
        "vs_5_0\n"
        ".input POSITION 0 v0.xyzw float\n"
        ".input SV_VertexID 0 v1.x uint vertex_id\n"
        ".output SV_Position 0 o0.xyzw float position\n"
        ".output TEXCOORD 3 o1.xy float\n"
        "dcl_constantbuffer cb0[1], immediateIndexed\n"
        "dcl_input v0.xyzw\n"
        "dcl_input_sgv v1.x, vertex_id\n"
        "dcl_output_siv o0.xyzw, position\n"
        "dcl_output o1.xy\n"
        "dcl_temps 1\n"
        "utof r0.x, v1.x\n"
        "mad o0.xyzw, v0.xyzw, cb0[0].xyzw, r0.xxxx\n"
        "mov o1.xy, v0.yxyy\n"
        "ret\n";
    static const float scale[4] = {2, 3, 4, 5};
    const struct agx_shader_info *info;
    struct sh_env env;
    uint32_t l, c, *v0, *v1;
    const uint32_t *o0, *o1;

    sh_env_init(&env);
    sh_load(&env, src, AGX_SHADER_STAGE_VERTEX, 3);
    info = agx_shader_get_info(env.shader);
    ck_assert_uint_eq(info->input_count, 2);
    ck_assert_str_eq(info->inputs[1].semantic, "SV_VertexID");
    ck_assert_uint_eq(info->inputs[1].reg, 1);
    ck_assert_uint_eq(info->output_count, 2);
    ck_assert_str_eq(info->outputs[1].semantic, "TEXCOORD");
    ck_assert_uint_eq(info->outputs[1].semantic_index, 3);
    ck_assert_uint_eq(info->output_registers[0].sysval, DDI_SM5_NAME_POSITION);
    ck_assert_uint_eq(info->input_registers[1].sysval, DDI_SM5_NAME_VERTEX_ID);
    env.cb[0] = (const uint32_t *)scale;
    env.cb_vec4[0] = 1;
    /* Rows are max_lanes (3) apart. */
    v0 = agx_shader_exec_input(env.exec, 0);
    v1 = agx_shader_exec_input(env.exec, 1);
    for (l = 0; l < 3; ++l)
    {
        for (c = 0; c < 4; ++c)
            v0[c * 3 + l] = sh_u((float)(l * 10 + c));
        v1[l] = l + 7;
    }
    sh_run(&env, 3, NULL);
    o0 = agx_shader_exec_output(env.exec, 0);
    o1 = agx_shader_exec_output(env.exec, 1);
    for (l = 0; l < 3; ++l)
    {
        for (c = 0; c < 4; ++c)
            ck_assert_float_eq(sh_f(o0[c * 3 + l]), (float)(l * 10 + c) * scale[c] + (float)(l + 7));
        ck_assert_float_eq(sh_f(o1[l]), (float)(l * 10 + 1));
        ck_assert_float_eq(sh_f(o1[3 + l]), (float)(l * 10));
    }
    sh_env_fini(&env);
}
END_TEST

Suite *agx_shader_mem_suite(void)
{
    Suite *s = suite_create("agx_shader_mem");
    TCase *tc = tcase_create("memory");

    tcase_add_test(tc, test_constant_buffers);
    tcase_add_test(tc, test_constant_buffer_ranges);
    tcase_add_test(tc, test_immediate_constant_buffer);
    tcase_add_test(tc, test_trailing_tokens);
    tcase_add_test(tc, test_indexable_temps);
    tcase_add_test(tc, test_raw_buffers);
    tcase_add_test(tc, test_structured_buffers);
    tcase_add_test(tc, test_null_views);
    tcase_add_test(tc, test_store_empty_mask);
    tcase_add_test(tc, test_group_shared_memory);
    tcase_add_test(tc, test_atomics);
    tcase_add_test(tc, test_counter_and_bufinfo);
    tcase_add_test(tc, test_system_values);
    tcase_add_test(tc, test_typed_buffers);
    tcase_add_test(tc, test_typed_atomics);
    suite_add_tcase(s, tc);
    tc = tcase_create("stages");
    tcase_add_test(tc, test_pixel_quads);
    tcase_add_test(tc, test_vertex_stage);
    suite_add_tcase(s, tc);
    return s;
}
