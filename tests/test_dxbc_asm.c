/*
 * dxbc_asm: each construct's tokens against hand-computed ones (ddi_sm5.h's layouts),
 * the signature parts as fxc writes them, the container, and errors for bad syntax.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dxbc_asm.h"
#include "dxbc_disasm.h"
#include "ddi_dxbc.h"
#include "ddi_sm5.h"
#include "test_run.h"

#define TAG_ISGN DDI_DXBC_FOURCC('I', 'S', 'G', 'N')
#define TAG_OSGN DDI_DXBC_FOURCC('O', 'S', 'G', 'N')

struct program
{
    void *bytecode;
    size_t size;
    struct ddi_dxbc dxbc;
    const uint32_t *tokens;             /* the SHEX / SHDR part */
    size_t count;
};

/* The disassembler's promise: its text assembles to the same bytes. */
static void check_round_trip(const void *bytecode, size_t size)
{
    char error[256], *text;
    size_t again_size;
    void *again;

    ck_assert_msg(!dxbc_disasm(bytecode, size, &text, error, sizeof(error)), "disassembler: %s", error);
    ck_assert_msg(!dxbc_asm_assemble_flags(text, DXBC_ASM_ALLOW_MISSING_SIGNATURES, &again, &again_size, error,
            sizeof(error)), "%s in:\n%s", error, text);
    ck_assert_msg(again_size == size && !memcmp(again, bytecode, size), "other bytes from:\n%s", text);
    free(again);
    free(text);
}

static void assemble(const char *source, struct program *p)
{
    const struct ddi_dxbc_part *part;
    char error[256];

    memset(p, 0, sizeof(*p));
    /* Single statements: the tests check tokens, not how a pipeline links them. */
    ck_assert_msg(!dxbc_asm_assemble_flags(source, DXBC_ASM_ALLOW_MISSING_SIGNATURES, &p->bytecode, &p->size, error,
            sizeof(error)), "%s", error);
    ck_assert_int_eq(ddi_dxbc_parse(p->bytecode, p->size, &p->dxbc, error, sizeof(error)), S_OK);
    ck_assert(p->dxbc.is_signed);
    part = ddi_dxbc_find(&p->dxbc, DDI_SM5_TAG_SHEX);
    if (!part)
        part = ddi_dxbc_find(&p->dxbc, DDI_SM5_TAG_SHDR);
    ck_assert_ptr_nonnull(part);
    p->tokens = (const uint32_t *)part->data;
    p->count = part->size / 4;
    ck_assert_uint_eq(p->tokens[1], p->count);
    check_round_trip(p->bytecode, p->size);
}

/* The tokens of body (after the version line prefix) from the first one after skip
 * declarations' tokens. */
static void check_tokens(const char *prefix, const char *body, size_t skip, const uint32_t *expected, size_t count)
{
    char source[2048];
    struct program p;
    size_t i;

    snprintf(source, sizeof(source), "%s\n%s\n", prefix, body);
    assemble(source, &p);
    ck_assert_msg(p.count == 2 + skip + count, "\"%s\": %zu tokens, expected %zu", body, p.count - 2 - skip, count);
    for (i = 0; i < count; ++i)
        ck_assert_msg(p.tokens[2 + skip + i] == expected[i], "\"%s\": token %zu is %#x, expected %#x", body, i,
                      p.tokens[2 + skip + i], expected[i]);
    free(p.bytecode);
}

#define CHECK(prefix, body, ...) \
    do { \
        static const uint32_t expected[] = {__VA_ARGS__}; \
        check_tokens(prefix, body, 0, expected, sizeof(expected) / sizeof(expected[0])); \
    } while (0)

static void check_error(const char *source, const char *message)
{
    char error[256] = "x";
    void *bytecode = (void *)1;
    size_t size = 1;

    ck_assert_int_eq(dxbc_asm_assemble(source, &bytecode, &size, error, sizeof(error)), -1);
    ck_assert_ptr_null(bytecode);
    ck_assert_msg(!strcmp(error, message), "\"%s\", expected \"%s\"", error, message);
}

START_TEST(test_version_and_container)
{
    struct program p;

    assemble("cs_5_1\nret\n", &p);
    ck_assert_uint_eq(p.tokens[0], 0x00050051);
    ck_assert_uint_eq(p.tokens[2], 0x0100003e);
    ck_assert_ptr_nonnull(ddi_dxbc_find(&p.dxbc, DDI_SM5_TAG_SHEX));
    ck_assert_uint_eq(p.dxbc.part_count, 3);
    ck_assert_uint_eq(p.dxbc.parts[0].tag, TAG_ISGN);
    ck_assert_uint_eq(p.dxbc.parts[1].tag, TAG_OSGN);
    /* Compute: empty signatures (count 0, elements at 8). */
    ck_assert_uint_eq(p.dxbc.parts[0].size, 8);
    ck_assert_uint_eq(((const uint32_t *)p.dxbc.parts[0].data)[1], 8);
    free(p.bytecode);

    assemble("// a comment line\n\n  vs_4_0   // trailing comment\nret\n", &p);
    ck_assert_uint_eq(p.tokens[0], 0x00010040);
    ck_assert_ptr_nonnull(ddi_dxbc_find(&p.dxbc, DDI_SM5_TAG_SHDR));
    free(p.bytecode);

    assemble("ps_5_0\r\nret\r\n", &p);
    ck_assert_uint_eq(p.tokens[0], 0x00000050);
    free(p.bytecode);
}
END_TEST

START_TEST(test_alu_operands)
{
    CHECK("cs_5_0", "mov r0.xyzw, r1.xyzw", 0x05000036, 0x001000f2, 0, 0x00100e46, 1);
    /* One letter: select_1; four: swizzle; fewer than four repeat the last. */
    CHECK("cs_5_0", "mov r3.xz, r2.wzyx", 0x05000036, 0x00100052, 3, 0x001001b6, 2);
    CHECK("cs_5_0", "mov r0.y, r1.w", 0x05000036, 0x00100022, 0, 0x0010003a, 1);
    CHECK("cs_5_0", "mov r0.xy, r1.yx", 0x05000036, 0x00100032, 0, 0x00100016, 1);
    CHECK("cs_5_0", "add_sat r0.x, -r1.y, |r2.z|", 0x09002000, 0x00100012, 0, 0x8010001a, 0x41, 1,
          0x8010002a, 0x81, 2);
    CHECK("cs_5_0", "mul r0.x, -|r1.x|, abs(r2.x)", 0x09000038, 0x00100012, 0, 0x8010000a, 0xc1, 1,
          0x8010000a, 0x81, 2);
    CHECK("cs_5_0", "udiv null, r0.x, r1.x, r2.x", 0x08000000 | 0x4e, 0x0000d000, 0x00100012, 0, 0x0010000a, 1,
          0x0010000a, 2);
}
END_TEST

START_TEST(test_immediates)
{
    CHECK("cs_5_0", "mov r0.x, l(1)", 0x05000036, 0x00100012, 0, 0x00004001, 1);
    CHECK("cs_5_0", "mov r0.xyzw, l(1.0, -2, 0x10, -0.5)", 0x08000036, 0x001000f2, 0, 0x00004002, 0x3f800000,
          0xfffffffe, 0x10, 0xbf000000);
    CHECK("cs_5_0", "mov r0.x, l(4294967295)", 0x05000036, 0x00100012, 0, 0x00004001, 0xffffffff);
    CHECK("cs_5_0", "mov r0.x, l(-2147483648)", 0x05000036, 0x00100012, 0, 0x00004001, 0x80000000);
    CHECK("cs_5_0", "mov r0.x, l(1e3)", 0x05000036, 0x00100012, 0, 0x00004001, 0x447a0000);
    CHECK("cs_5_0", "mov r0.x, l(-inf)", 0x05000036, 0x00100012, 0, 0x00004001, 0xff800000);
    CHECK("cs_5_0", "mov r0.x, l(0xdeadBEEF)", 0x05000036, 0x00100012, 0, 0x00004001, 0xdeadbeef);
}
END_TEST

START_TEST(test_tests_and_flow)
{
    CHECK("cs_5_0", "if_nz r0.x\nendif", 0x0304001f, 0x0010000a, 0, 0x01000015);
    CHECK("cs_5_0", "if_z r0.y\nelse\nendif", 0x0300001f, 0x0010001a, 0, 0x01000012, 0x01000015);
    CHECK("cs_5_0", "loop\nbreakc_nz r1.x\nendloop", 0x01000030, 0x03040003, 0x0010000a, 1, 0x01000016);
    CHECK("ps_5_0", "discard_z r0.w", 0x0300000d, 0x0010003a, 0);
    CHECK("cs_5_0", "switch r0.x\ncase l(3)\nbreak\ndefault\nbreak\nendswitch", 0x0300004c, 0x0010000a, 0,
          0x03000006, 0x00004001, 3, 0x01000002, 0x0100000a, 0x01000002, 0x01000017);
    CHECK("cs_5_0", "retc_nz r0.x", 0x0304003f, 0x0010000a, 0);
    CHECK("cs_5_0", "sync_g_t", 0x010018be);
    CHECK("cs_5_0", "sync_uglobal", 0x010040be);
}
END_TEST

START_TEST(test_relative_indexing)
{
    /* cb0[r1.y + 2].z: index 1 is imm32 + relative (3 << 25). */
    CHECK("cs_5_0", "mov r0.x, cb0[r1.y + 2].z", 0x08000036, 0x00100012, 0, 0x0620802a, 0, 2, 0x0010001a, 1);
    /* x0[r1.y]: relative only (2 << 25). */
    CHECK("cs_5_0", "mov r0.x, x0[r1.y].x", 0x07000036, 0x00100012, 0, 0x0420300a, 0, 0x0010001a, 1);
    CHECK("cs_5_0", "mov x1[3].xy, r0.xyxx", 0x06000036, 0x00203032, 1, 3, 0x00100046, 0);
    CHECK("ps_5_0", "mov r0.xyzw, icb[r1.x + 0].xyzw", 0x07000036, 0x001000f2, 0, 0x00d09e46, 0, 0x0010000a,
          1);
    CHECK("cs_5_0", "mov r0.x, cb2[7].w", 0x06000036, 0x00100012, 0, 0x0020803a, 2, 7);
}
END_TEST

START_TEST(test_sm51_resources)
{
    CHECK("cs_5_1", "mov r0.y, CB0[0][1].y", 0x07000036, 0x00100022, 0, 0x0030801a, 0, 0, 1);
    CHECK("cs_5_1", "store_raw U0[0].x, r0.z, r0.y", 0x080000a6, 0x0021e012, 0, 0, 0x0010002a, 0, 0x0010001a, 0);
    CHECK("ps_5_1", "sample r0.xyzw, v1.xyxx, T1[r2.x + 1].xyzw, S0[0]", 0x0d000045, 0x001000f2, 0, 0x00101046, 1,
          0x06207e46, 1, 1, 0x0010000a, 2, 0x00206000, 0, 0);
    CHECK("cs_5_1", "dcl_constantbuffer CB0[0:0][2], immediateIndexed, space=0", 0x07000059, 0x00308e46, 0, 0, 0,
          2, 0);
    CHECK("cs_5_1", "dcl_uav_raw U0[0:0], space=0", 0x0600009d, 0x0031e000, 0, 0, 0, 0);
    CHECK("ps_5_1", "dcl_resource_texture2d (float,float,float,float) T1[2:5], space=3", 0x07001858, 0x00307000, 1,
          2, 5, 0x5555, 3);
    CHECK("ps_5_1", "dcl_sampler S0[0:*], mode_default, space=1", 0x0600005a, 0x00306000, 0, 0, 0xffffffff, 1);
    CHECK("cs_5_1", "dcl_uav_structured U2[4:4], 16, space=0", 0x0700009e, 0x0031e000, 2, 4, 4, 16, 0);
}
END_TEST

START_TEST(test_declarations)
{
    CHECK("cs_5_0", "dcl_globalFlags refactoringAllowed | enableRawAndStructuredBuffers", 0x0100486a);
    CHECK("cs_5_0", "dcl_constantbuffer cb0[4], dynamicIndexed", 0x04000859, 0x00208e46, 0, 4);
    CHECK("ps_5_0", "dcl_resource_texture2d (float,float,float,float) t0", 0x04001858, 0x00107000, 0, 0x5555);
    CHECK("ps_5_0", "dcl_resource_texture2dms(4) (uint,uint,uint,uint) t3", 0x04042058, 0x00107000, 3, 0x4444);
    CHECK("ps_5_0", "dcl_resource_buffer (sint,sint,sint,sint) t1", 0x04000858, 0x00107000, 1, 0x3333);
    CHECK("cs_5_0", "dcl_uav_typed_texture2darray_glc (unorm,unorm,unorm,unorm) u1", 0x0401409c, 0x0011e000, 1,
          0x1111);
    CHECK("ps_5_0", "dcl_sampler s2, mode_comparison", 0x0300085a, 0x00106000, 2);
    CHECK("cs_5_0", "dcl_uav_raw u0", 0x0300009d, 0x0011e000, 0);
    CHECK("cs_5_0", "dcl_uav_structured_glc u1, 16", 0x0401009e, 0x0011e000, 1, 16);
    CHECK("cs_5_0", "dcl_uav_structured_opc u1, 4", 0x0480009e, 0x0011e000, 1, 4);
    CHECK("cs_5_0", "dcl_resource_raw t0", 0x030000a1, 0x00107000, 0);
    CHECK("cs_5_0", "dcl_resource_structured t1, 12", 0x040000a2, 0x00107000, 1, 12);
    CHECK("cs_5_0", "dcl_input vThreadID.xyz", 0x0200005f, 0x00020072);
    CHECK("cs_5_0", "dcl_input vThreadIDInGroupFlattened", 0x0200005f, 0x00024001);
    CHECK("cs_5_0", "dcl_temps 3", 0x02000068, 3);
    CHECK("cs_5_0", "dcl_indexableTemp x0[4], 4", 0x04000069, 0, 4, 4);
    CHECK("cs_5_0", "dcl_thread_group 8, 8, 1", 0x0400009b, 8, 8, 1);
    CHECK("cs_5_0", "dcl_tgsm_raw g0, 256", 0x0400009f, 0x0011f000, 0, 256);
    CHECK("cs_5_0", "dcl_tgsm_structured g1, 8, 32", 0x050000a0, 0x0011f000, 1, 8, 32);
    CHECK("vs_5_0", "dcl_input_sgv v0.x, vertex_id", 0x04000060, 0x00101012, 0, 6);
    CHECK("vs_5_0", "dcl_output_siv o1.x, rendertarget_array_index", 0x04000067, 0x00102012, 1, 4);
    CHECK("ps_5_0", "dcl_input_ps linear centroid v1.xy", 0x03001862, 0x00101032, 1);
    CHECK("ps_5_0", "dcl_input_ps constant v2.x", 0x03000862, 0x00101012, 2);
    CHECK("ps_5_0", "dcl_input_ps_siv linear noperspective v0.xy, position", 0x04002064, 0x00101032, 0, 1);
    CHECK("ps_5_0", "dcl_input_ps_sgv constant v3.x, is_front_face", 0x04000863, 0x00101012, 3, 9);
    CHECK("ps_5_0", "dcl_output oDepth", 0x02000065, 0x0000c001);
    CHECK("ps_5_0", "dcl_output o0.xyzw", 0x03000065, 0x001020f2, 0);
    CHECK("ps_5_0", "dcl_input vCoverage", 0x0200005f, 0x00023001);
    CHECK("ps_5_0", "dcl_immediateConstantBuffer { { 1.0, 0, 0, 0},\n { 2, 3, 4, 5} }", 0x00001835, 10, 0x3f800000,
          0, 0, 0, 2, 3, 4, 5);
}
END_TEST

START_TEST(test_resource_instructions)
{
    CHECK("ps_5_0", "sample_indexable(texture2d)(float,float,float,float) r0.xyzw, v1.xyxx, t0.xyzw, s0",
          0x8b000045, 0x800000c2, 0x00155543, 0x001000f2, 0, 0x00101046, 1, 0x00107e46, 0, 0x00106000, 0);
    CHECK("ps_5_0", "sample_aoffimmi(-1,2,0) r0.xyzw, v1.xyxx, t0.xyzw, s0", 0x8a000045, 0x00005e01, 0x001000f2, 0,
          0x00101046, 1, 0x00107e46, 0, 0x00106000, 0);
    CHECK("ps_5_0", "sample_l_aoffimmi_indexable(1,0,0)(texture2d)(float,float,float,float) r0.xyzw, v1.xyxx, "
          "t0.xyzw, s0, l(0.0)", 0x8e000048, 0x80000201, 0x800000c2, 0x00155543, 0x001000f2, 0, 0x00101046, 1,
          0x00107e46, 0, 0x00106000, 0, 0x00004001, 0);
    CHECK("cs_5_0", "ld_structured_indexable(structured_buffer, stride=16)(mixed,mixed,mixed,mixed) r0.x, r1.x, "
          "l(4), t0.xxxx", 0x8b0000a7, 0x80008302, 0x00199983, 0x00100012, 0, 0x0010000a, 1, 0x00004001, 4,
          0x00107006, 0);
    CHECK("cs_5_0", "store_raw u0.x, r0.x, r1.x", 0x070000a6, 0x0011e012, 0, 0x0010000a, 0, 0x0010000a, 1);
    CHECK("cs_5_0", "atomic_iadd u0, r0.x, l(1)", 0x070000ad, 0x0011e000, 0, 0x0010000a, 0, 0x00004001, 1);
    CHECK("cs_5_0", "resinfo_uint r0.xyzw, l(0), t0.xyzw", 0x0700103d, 0x001000f2, 0, 0x00004001, 0, 0x00107e46, 0);
    CHECK("cs_5_0", "resinfo_indexable(texture2d)(float,float,float,float)_rcpFloat r0.xy, l(0), t0.xyzw",
          0x8900083d, 0x800000c2, 0x00155543, 0x00100032, 0, 0x00004001, 0, 0x00107e46, 0);
    CHECK("cs_5_0", "ld_raw r0.x, r1.x, g0.xxxx", 0x070000a5, 0x00100012, 0, 0x0010000a, 1, 0x0011f006, 0);
    CHECK("ps_5_0", "mov oDepth, r0.x", 0x04000036, 0x0000c001, 0x0010000a, 0);
    /* A line of fxc's output, multisample load included. */
    CHECK("ps_5_0", "  ldms_indexable(texture2dms)(float,float,float,float) r3.y, r2.xyzw, t2.yxzw, r3.x",
          0x8b00002e, 0x80000102, 0x00155543, 0x00100022, 3, 0x00100e46, 2, 0x00107e16, 2, 0x0010000a, 3);
    /* gather4's sampler selects the channel: s0.y is a one-component select. */
    CHECK("ps_5_0", "gather4 r0.xyzw, v0.xyxx, t0.xyzw, s0.y", 0x0900006d, 0x001000f2, 0, 0x00101046, 0,
          0x00107e46, 0, 0x0010601a, 0);
}
END_TEST

/* The fill shader's signatures: empty; the clear VS's: fxc's layout. */
START_TEST(test_signatures)
{
    static const unsigned char vs_isgn[] =
    {
        1, 0, 0, 0, 8, 0, 0, 0,
        32, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x01, 0, 0,
        'S', 'V', '_', 'V', 'e', 'r', 't', 'e', 'x', 'I', 'D', 0,
    };
    static const unsigned char ps_osgn[] =
    {
        3, 0, 0, 0, 8, 0, 0, 0,
        80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0x0f, 0x00, 0, 0,
        80, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0x03, 0x0c, 0, 0,
        90, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x01, 0x0e, 0, 0,
        'S', 'V', '_', 'T', 'a', 'r', 'g', 'e', 't', 0, 'S', 'V', '_', 'D', 'e', 'p', 't', 'h', 0, 0xab,
    };
    const struct ddi_dxbc_part *part;
    struct ddi_dxbc_signature_element e[4];
    struct program p;
    uint32_t count;
    char why[128];

    assemble("vs_5_1\n.input SV_VertexID 0 v0.x uint vertex_id\n"
             ".output SV_Position 0 o0.xyzw float position\nret\n", &p);
    part = ddi_dxbc_find(&p.dxbc, TAG_ISGN);
    ck_assert_uint_eq(part->size, sizeof(vs_isgn));
    ck_assert(!memcmp(part->data, vs_isgn, sizeof(vs_isgn)));
    part = ddi_dxbc_find(&p.dxbc, TAG_OSGN);
    ck_assert_int_eq(ddi_dxbc_parse_signature(part, e, 4, &count, why, sizeof(why)), S_OK);
    ck_assert_uint_eq(count, 1);
    ck_assert_str_eq(e[0].semantic, "SV_Position");
    ck_assert_uint_eq(e[0].sysval, 1);
    ck_assert_uint_eq(e[0].mask, 0xf);
    ck_assert_uint_eq(e[0].rw_mask, 0);
    free(p.bytecode);

    /* Pixel outputs: system value 0 (fxc names targets and depth by semantic only),
     * names shared, oDepth's register 0xffffffff, the never-written masks. */
    assemble("ps_5_0\n.output SV_Target 0 o0.xyzw float target\n.output SV_Target 1 o1.xy uint\n"
             ".output SV_Depth 0 oDepth float depth\nret\n", &p);
    part = ddi_dxbc_find(&p.dxbc, TAG_OSGN);
    ck_assert_uint_eq(part->size, sizeof(ps_osgn));
    ck_assert(!memcmp(part->data, ps_osgn, sizeof(ps_osgn)));
    free(p.bytecode);
}
END_TEST

struct expected_element
{
    const char *semantic;
    uint32_t index, sysval, type, reg;
    uint8_t mask, rw;
};

/* The signature part tag of p holds exactly the count elements expected. */
static void check_signature(const struct program *p, uint32_t tag, const struct expected_element *expected,
        uint32_t count)
{
    struct ddi_dxbc_signature_element e[8];
    const struct ddi_dxbc_part *part;
    uint32_t got, i;
    char why[128];

    ck_assert_ptr_nonnull(part = ddi_dxbc_find(&p->dxbc, tag));
    ck_assert_int_eq(ddi_dxbc_parse_signature(part, e, 8, &got, why, sizeof(why)), S_OK);
    ck_assert_uint_eq(got, count);
    for (i = 0; i < count; ++i)
    {
        ck_assert_str_eq(e[i].semantic, expected[i].semantic);
        ck_assert_uint_eq(e[i].semantic_index, expected[i].index);
        ck_assert_uint_eq(e[i].sysval, expected[i].sysval);
        ck_assert_uint_eq(e[i].component_type, expected[i].type);
        ck_assert_uint_eq(e[i].reg, expected[i].reg);
        ck_assert_uint_eq(e[i].mask, expected[i].mask);
        ck_assert_uint_eq(e[i].rw_mask, expected[i].rw);
    }
}

/* fxc's listing as printed: the signatures from its comment blocks, the Used column as
 * the read (inputs) or never-written (outputs) masks, packed registers, oDepth. */
START_TEST(test_listing)
{
    static const char listing[] =
        "//\n"
        "// Generated by Microsoft (R) HLSL Shader Compiler 10.1\n"
        "//\n"
        "//\n"
        "// Input signature:\n"
        "//\n"
        "// Name                 Index   Mask Register SysValue  Format   Used\n"
        "// -------------------- ----- ------ -------- -------- ------- ------\n"
        "// SV_POSITION              0   xyzw        0      POS   float       \n"
        "// TEXCOORD                 0   xy          1     NONE   float   xy  \n"
        "// TEXCOORD                 1     zw        1     NONE   float     z \n"
        "//\n"
        "//\n"
        "// Output signature:\n"
        "//\n"
        "// Name                 Index   Mask Register SysValue  Format   Used\n"
        "// -------------------- ----- ------ -------- -------- ------- ------\n"
        "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n"
        "// SV_Depth                 0    N/A   oDepth    DEPTH   float    YES\n"
        "//\n"
        "ps_5_0\n"
        "dcl_globalFlags refactoringAllowed\n"
        "dcl_input_ps linear v1.xy\n"
        "dcl_input_ps linear v1.z\n"
        "dcl_output o0.xyzw\n"
        "dcl_output oDepth\n"
        "mov o0.xyzw, v1.xyzx\n"
        "mov oDepth, v1.z\n"
        "ret \n"
        "// Approximately 3 instruction slots used\n";
    static const struct expected_element inputs[] =
    {
        {"SV_POSITION", 0, 1, 3, 0, 0xf, 0x0},
        {"TEXCOORD", 0, 0, 3, 1, 0x3, 0x3},
        {"TEXCOORD", 1, 0, 3, 1, 0xc, 0x4},
    };
    static const struct expected_element outputs[] =
    {
        {"SV_Target", 0, 0, 3, 0, 0xf, 0x0},
        {"SV_Depth", 0, 0, 3, 0xffffffff, 0x1, 0xe},
    };
    struct program p;

    assemble(listing, &p);
    check_signature(&p, TAG_ISGN, inputs, 3);
    check_signature(&p, TAG_OSGN, outputs, 2);
    free(p.bytecode);

    /* A compute shader's listing says "no Input" / "no Output". */
    assemble("// Input signature:\n//\n// Name Index Mask Register SysValue Format Used\n// ---- ----- ------\n"
             "// no Input\n//\n// Output signature:\n//\n// Name Index Mask Register SysValue Format Used\n"
             "// ---- ----- ------\n// no Output\ncs_5_0\ndcl_thread_group 1, 1, 1\nret\n", &p);
    ck_assert_uint_eq(p.dxbc.parts[0].size, 8);
    free(p.bytecode);
}
END_TEST

/* Declared inputs and outputs need signature elements: without them the shader would
 * link to nothing and render nothing. */
START_TEST(test_missing_signatures)
{
    check_error("vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n",
                "line 2: the declared input v0 has no input signature element covering it: give the listing's "
                "\"// Input signature:\" block or .input lines (specs/shaders.md)");
    check_error("vs_5_0\n.input POSITION 0 v0.xyzw float\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n"
                "mov o0.xyzw, v0.xyzw\nret\n",
                "line 4: the declared output o0 has no output signature element covering it: give the listing's "
                "\"// Output signature:\" block or .output lines (specs/shaders.md)");
    /* Only part of the declared components. */
    check_error("ps_5_0\n.input TEXCOORD 0 v1.xy float\n.output SV_Target 0 o0.xyzw float\n"
                "dcl_input_ps linear v1.xyz\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzx\nret\n",
                "line 4: the declared input v1 has no input signature element covering it: give the listing's "
                "\"// Input signature:\" block or .input lines (specs/shaders.md)");
    check_error("ps_5_0\n.output SV_Target 0 o0.xyzw float\ndcl_output o0.xyzw\ndcl_output oDepth\nret\n",
                "line 4: the declared output has no output signature element: give the listing's "
                "\"// Output signature:\" block or an .output line (specs/shaders.md)");
    /* Both forms at once. */
    check_error("// Output signature:\n//\n// Name Index Mask Register SysValue Format Used\n// ---- -----\n"
                "// SV_Target 0 xyzw 0 TARGET float xyzw\n//\nps_5_0\n.output SV_Target 0 o0.xyzw float\nret\n",
                "line 8: the listing's signature blocks already give the signatures; remove the .output lines");
    check_error("// Output signature:\n//\n// Name Index Mask Register SysValue Format Used\n// ---- -----\n"
                "// SV_Target 0 xyzw 0 TARGETS float xyzw\n//\nps_5_0\nret\n",
                "line 5: unknown system value \"TARGETS\" in the signature row");
}
END_TEST

START_TEST(test_errors)
{
    check_error("", "line 1: empty program: no version line");
    check_error("ret\n", "line 1: the program must start with its version (cs_5_1, ps_5_0, ...), not \"ret\"");
    check_error("cs_6_0\n", "line 1: unknown shader model \"cs_6_0\" (4_0, 4_1, 5_0 and 5_1 are assembled)");
    check_error("cs_4_0\n", "line 1: cs needs shader model 5");
    check_error("cs_5_0\n\nfoo r0.x\n", "line 3: unknown instruction \"foo\"");
    check_error("cs_5_0\nif r0.x\n", "line 2: if needs _z or _nz");
    check_error("cs_5_0\nmov_nz r0.x, r1.x\n", "line 2: mov does not take the suffix _nz");
    check_error("cs_5_0\nadd r0.x, r1.x\n", "line 2: expected ',' at the end of the line");
    check_error("cs_5_0\nadd r0.x, r1.x, r2.x, r3.x\n",
                "line 2: unexpected \", r3.x\" after the operands of add (it takes 3)");
    check_error("cs_5_0\nmov q0.x, r1.x\n", "line 2: unknown register \"q\"");
    check_error("cs_5_0\nmov r0.yx, r1.x\n", "line 2: write mask \".yx\" is not in xyzw order");
    check_error("cs_5_0\nmov r0.x, r1.q\n", "line 2: bad component selection \".q\"");
    check_error("cs_5_0\nmov r0.x, l(1, 2)\n", "line 2: l(...) takes 1 or 4 values, not 2");
    check_error("cs_5_0\nmov r0.x, l(4294967296)\n", "line 2: 4294967296 does not fit in 32 bits");
    check_error("cs_5_0\nmov -r0.x, r1.x\n", "line 2: a destination cannot be negated or take abs()");
    check_error("cs_5_0\nmov l(1), r1.x\n", "line 2: an immediate cannot be a destination");
    check_error("cs_5_0\n.input A 0 v0.x float\n", "line 2: compute shaders have no signatures");
    check_error("vs_5_0\n.input A 0 o0.x float\n", "line 2: input signature elements live in v# registers, not \"o\"");
    check_error("vs_5_0\n.output A 0 o0.x double\n", "line 2: unknown component type \"double\" (float, uint, sint)");
    check_error("vs_5_0\n.bogus\n", "line 2: unknown directive \".bogus\"");
    check_error("ps_5_0\nsample_aoffimmi(8,0,0) r0, r0, t0.xyzw, s0\n", "line 2: texel offset 8 is outside [-8, 7]");
    check_error("ps_5_0\nsample r0, r0, t0.xyzw, r1\n", "line 2: operand 4 of sample must be a sampler");
    check_error("cs_5_1\ndcl_uav_raw u0\n", "line 2: expected '[' at the end of the line");
    check_error("cs_5_1\ndcl_uav_raw T0[0:0], space=0\n",
                "line 2: expected a register range (CB#, T#, S#, U#) in a 5.1 declaration, not \"T\"");
    check_error("cs_5_1\ndcl_uav_raw U0[0:0]\n", "line 2: a 5.1 declaration ends with \", space=N\"");
    check_error("cs_5_0\ndcl_thread_group 0, 1, 1\n", "line 2: thread group dimensions must be at least 1");
    check_error("cs_5_0\ndcl_globalFlags fast\n", "line 2: unknown global flag \"fast\"");
    check_error("cs_5_0\nsync\n", "line 2: sync needs at least one of _t, _g, _ugroup, _uglobal");
    check_error("cs_5_0\nfcall fp0[0][0], 0\n", "line 2: fcall (interfaces) is not supported by the assembler");
    /* A statement spanning lines is reported at its first line. */
    check_error("ps_5_0\ndcl_immediateConstantBuffer { { 1, 2, 3 },\n { 4, 5, 6, 7 } }\n",
                "line 2: expected ',' before \"},  { 4, 5, 6, 7 } }\"");
}
END_TEST

/* ddi_sm5.h's table, as the assembler reads it. */
static const struct
{
    const char *mnemonic;
    uint32_t opcode;
    const char *roles;
    uint32_t flags;
}
opcode_table[] =
{
#define X(name, value, mnemonic, dst_count, roles, flags) {mnemonic, value, roles, flags},
    DDI_SM5_OPCODES(X)
#undef X
};

/* The first instruction of source: its opcode and whether its length field covers
 * every token up to the end of the program. */
static void check_first_instruction(const char *source, uint32_t opcode)
{
    struct program p;
    uint32_t token;

    assemble(source, &p);
    ck_assert_uint_ge(p.count, 3);
    token = p.tokens[2];
    ck_assert_msg(DDI_SM5_OPCODE_OF(token) == opcode, "\"%s\": opcode %#x, expected %#x", source,
                  DDI_SM5_OPCODE_OF(token), opcode);
    if (opcode == DDI_SM5_OP_CUSTOMDATA)
        ck_assert_uint_eq(p.tokens[3], p.count - 2);
    else
        ck_assert_msg(DDI_SM5_LENGTH_OF(token) == p.count - 2, "\"%s\": length %u of %zu tokens", source,
                      DDI_SM5_LENGTH_OF(token), p.count - 2);
    free(p.bytecode);
}

/* Every instruction of the table assembles from its operand roles. */
START_TEST(test_every_instruction)
{
    char source[256], *out;
    const char *r;
    size_t i;

    for (i = 0; i < sizeof(opcode_table) / sizeof(opcode_table[0]); ++i)
    {
        if (opcode_table[i].flags & DDI_SM5_OPF_DECL)
            continue;
        out = source + sprintf(source, "cs_5_0\n%s%s%s", opcode_table[i].mnemonic,
                               (opcode_table[i].flags & DDI_SM5_OPF_TEST) ? "_nz" : "",
                               opcode_table[i].opcode == DDI_SM5_OP_SYNC ? "_g_t" : "");
        if (!strcmp(opcode_table[i].roles, "*"))
        {
            char expected[128];

            snprintf(expected, sizeof(expected), "line 2: %s (interfaces) is not supported by the assembler",
                     opcode_table[i].mnemonic);
            check_error(source, expected);
            continue;
        }
        for (r = opcode_table[i].roles; *r; ++r)
        {
            static const struct { char role; const char *text; } operands[] =
            {
                {'D', "r0.x"}, {'F', "r1.x"}, {'I', "-r1.y"}, {'U', "r1.z"}, {'X', "l(7)"}, {'2', "r2.xyxy"},
                {'R', "t0.xyzw"}, {'S', "s0"}, {'L', "l0"}, {'M', "m0"},
            };
            size_t o;

            for (o = 0; o < sizeof(operands) / sizeof(operands[0]) && operands[o].role != *r; ++o)
                ;
            ck_assert_msg(o < sizeof(operands) / sizeof(operands[0]), "role %c of %s", *r, opcode_table[i].mnemonic);
            out += sprintf(out, "%s %s", r == opcode_table[i].roles ? "" : ",", operands[o].text);
        }
        check_first_instruction(source, opcode_table[i].opcode);
    }
}
END_TEST

/* Every declaration of the table has a form the assembler takes (or refuses by name). */
START_TEST(test_every_declaration)
{
    static const char *const examples[] =
    {
        "ps_5_0\ndcl_resource_texture2d (float,float,float,float) t0",
        "ps_5_0\ndcl_constantbuffer cb0[1], immediateIndexed",
        "ps_5_0\ndcl_sampler s0, mode_mono",
        "vs_5_0\ndcl_indexrange v1.xyzw 3",
        "gs_5_0\ndcl_outputtopology trianglestrip",
        "gs_5_0\ndcl_inputprimitive triangleadj",
        "gs_5_0\ndcl_maxout 3",
        "vs_5_0\ndcl_input v0.x",
        "vs_5_0\ndcl_input_sgv v0.x, instance_id",
        "gs_5_0\ndcl_input_siv v0.xyzw, position",
        "ps_5_0\ndcl_input_ps linear sample v0.x",
        "ps_5_0\ndcl_input_ps_sgv constant v0.x, sample_index",
        "ps_5_0\ndcl_input_ps_siv linear noperspective v0.xyzw, position",
        "ps_5_0\ndcl_output o0.x",
        "gs_5_0\ndcl_output_sgv o0.x, primitive_id",
        "vs_5_0\ndcl_output_siv o0.xyzw, position",
        "vs_5_0\ndcl_temps 1",
        "vs_5_0\ndcl_indexableTemp x0[1], 4",
        "vs_5_0\ndcl_globalFlags refactoringAllowed",
        "gs_5_0\ndcl_stream m0",
        "hs_5_0\ndcl_input_control_point_count 3",
        "hs_5_0\ndcl_output_control_point_count 3",
        "hs_5_0\ndcl_tessellator_domain domain_tri",
        "hs_5_0\ndcl_tessellator_partitioning partitioning_fractional_odd",
        "hs_5_0\ndcl_tessellator_output_primitive output_triangle_cw",
        "hs_5_0\ndcl_hs_max_tessfactor l(64.0)",
        "hs_5_0\ndcl_hs_fork_phase_instance_count 2",
        "hs_5_0\ndcl_hs_join_phase_instance_count 2",
        "cs_5_0\ndcl_thread_group 1, 1, 1",
        "cs_5_0\ndcl_uav_typed_texture3d (float,float,float,float) u0",
        "cs_5_0\ndcl_uav_raw_glc u0",
        "cs_5_0\ndcl_uav_structured u0, 4",
        "cs_5_0\ndcl_tgsm_raw g0, 4",
        "cs_5_0\ndcl_tgsm_structured g0, 4, 1",
        "cs_5_0\ndcl_resource_raw t0",
        "cs_5_0\ndcl_resource_structured t0, 4",
        "gs_5_0\ndcl_gsinstances 2",
        "ps_5_0\ndcl_immediateConstantBuffer { { 0, 0, 0, 0 } }",
    };
    struct program p;
    size_t i, e;

    for (i = 0; i < sizeof(opcode_table) / sizeof(opcode_table[0]); ++i)
    {
        if (!(opcode_table[i].flags & DDI_SM5_OPF_DECL))
            continue;
        for (e = 0; e < sizeof(examples) / sizeof(examples[0]); ++e)
        {
            assemble(examples[e], &p);
            if (DDI_SM5_OPCODE_OF(p.tokens[2]) == opcode_table[i].opcode)
                break;
            free(p.bytecode);
        }
        if (e < sizeof(examples) / sizeof(examples[0]))
        {
            free(p.bytecode);
            check_first_instruction(examples[e], opcode_table[i].opcode);
            continue;
        }
        /* Interface declarations: refused by name. */
        ck_assert_msg(opcode_table[i].opcode == DDI_SM5_OP_DCL_FUNCTION_BODY
                      || opcode_table[i].opcode == DDI_SM5_OP_DCL_FUNCTION_TABLE
                      || opcode_table[i].opcode == DDI_SM5_OP_DCL_INTERFACE
                      || opcode_table[i].opcode == DDI_SM5_OP_CUSTOMDATA,
                      "no example of %s", opcode_table[i].mnemonic);
    }
    check_error("cs_5_0\ndcl_function_body fb0\n", "line 2: dcl_function_body is not supported by the assembler");
    check_error("cs_5_0\ncustomdata\n", "line 2: customdata is not supported by the assembler");
}
END_TEST

START_TEST(test_stage_declarations)
{
    CHECK("gs_5_0", "dcl_inputprimitive patch3", 0x0100505d);
    CHECK("gs_5_0", "dcl_outputtopology linestrip", 0x0100185c);
    CHECK("hs_5_0", "dcl_input_control_point_count 32", 0x01010093);
    CHECK("hs_5_0", "dcl_tessellator_domain domain_quad", 0x01001895);
    CHECK("hs_5_0", "dcl_hs_max_tessfactor l(64.0)", 0x02000098, 0x42800000);
    CHECK("gs_5_0", "emit_stream m1", 0x03000075, 0x00110000, 1);
    CHECK("cs_5_0", "label l3\ncall l3", 0x0300002c, 0x0010a000, 3, 0x03000004, 0x0010a000, 3);
}
END_TEST

static Suite *dxbc_asm_suite(void)
{
    Suite *s = suite_create("dxbc_asm");
    TCase *tc = tcase_create("tokens");

    tcase_add_test(tc, test_version_and_container);
    tcase_add_test(tc, test_alu_operands);
    tcase_add_test(tc, test_immediates);
    tcase_add_test(tc, test_tests_and_flow);
    tcase_add_test(tc, test_relative_indexing);
    tcase_add_test(tc, test_sm51_resources);
    tcase_add_test(tc, test_declarations);
    tcase_add_test(tc, test_resource_instructions);
    tcase_add_test(tc, test_signatures);
    tcase_add_test(tc, test_listing);
    tcase_add_test(tc, test_missing_signatures);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_every_instruction);
    tcase_add_test(tc, test_every_declaration);
    tcase_add_test(tc, test_stage_declarations);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suites(dxbc_asm_suite(), NULL);
}
