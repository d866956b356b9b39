/*
 * agx_dxil: the DXIL module reader on the project's DXIL test shaders (tests/shaders/dxil,
 * assembled at build time into containers in D3D12RT_DXIL_SHADERS), and its refusals:
 * small modules written inline as LLVM assembly, assembled with LLVM's own IR reader
 * and bitcode writer, each refused with its sentence; bitcode on which LLVM's reader
 * crashes (fuzz/regressions/dxil, in D3D12RT_DXIL_REGRESSIONS) refused, not crashing.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "agx_dxil.h"
#include "ddi_dxil.h"
#include "test_run.h"

struct file
{
    unsigned char *data;
    size_t size;
};

static struct file load(const char *variable, const char *name)
{
    const char *dir = getenv(variable);
    struct file file = {NULL, 0};
    char path[512];
    FILE *f;
    long size;

    ck_assert_msg(dir != NULL, "%s is not set", variable);
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    ck_assert_msg((f = fopen(path, "rb")) != NULL, "cannot open %s", path);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    ck_assert_int_ge(size = ftell(f), 1);
    rewind(f);
    file.size = (size_t)size;
    ck_assert_ptr_nonnull(file.data = malloc(file.size));
    ck_assert_uint_eq(fread(file.data, 1, file.size, f), file.size);
    fclose(f);
    return file;
}

static struct agx_dxil_module *read_shader(const char *name)
{
    struct file file = load("D3D12RT_DXIL_SHADERS", name);
    struct agx_dxil_module *module;
    char why[256] = "";
    HRESULT hr;

    hr = agx_dxil_module_read_container(file.data, file.size, &module, why, sizeof(why));
    ck_assert_msg(hr == S_OK, "%s: hr %#x: %s", name, (unsigned int)hr, why);
    free(file.data);
    return module;
}

/* The opcodes the module calls, exactly. */
static void check_ops(const struct agx_dxil_module *module, const uint32_t *ops, unsigned int count)
{
    unsigned int opcode, i, found = 0;

    for (opcode = 0; opcode < AGX_DXIL_OP_COUNT; ++opcode)
    {
        if (!agx_dxil_module_uses_op(module, opcode))
            continue;
        for (i = 0; i < count && ops[i] != opcode; ++i)
            ;
        ck_assert_msg(i < count, "the module calls opcode %u (%s)", opcode, agx_dxil_op_info(opcode)->name);
        ++found;
    }
    ck_assert_uint_eq(found, count);
}

START_TEST(test_dxil_compute_store)
{
    static const uint32_t ops[] = {57, 93, 69};
    const struct agx_dxil_resource *uav;
    struct agx_dxil_module *module = read_shader("cs_store_thread_id.dxil");

    ck_assert_uint_eq(module->kind, DDI_DXIL_COMPUTE);
    ck_assert_uint_eq(module->major, 6);
    ck_assert_uint_eq(module->minor, 0);
    ck_assert_uint_eq(module->dxil_major, 1);
    ck_assert_uint_eq(module->dxil_minor, 0);
    ck_assert_str_eq(module->entry_name, "main");
    ck_assert_ptr_nonnull(module->entry);
    ck_assert_uint_eq(module->numthreads[0], 64);
    ck_assert_uint_eq(module->numthreads[1], 1);
    ck_assert_uint_eq(module->numthreads[2], 1);
    ck_assert_uint_eq(module->resource_count, 1);
    ck_assert_ptr_nonnull(uav = agx_dxil_module_resource(module, AGX_DXIL_UAV, 0));
    ck_assert_uint_eq(uav->space, 0);
    ck_assert_uint_eq(uav->lower_bound, 0);
    ck_assert_uint_eq(uav->range_size, 1);
    ck_assert_uint_eq(uav->kind, 11);
    ck_assert(!uav->has_counter && !uav->globally_coherent);
    ck_assert_ptr_null(agx_dxil_module_resource(module, AGX_DXIL_SRV, 0));
    check_ops(module, ops, 3);
    ck_assert_uint_eq(module->highest_op_minor, 0);
    ck_assert_uint_eq(module->inputs.count + module->outputs.count, 0);
    agx_dxil_module_destroy(module);
}
END_TEST

START_TEST(test_dxil_compute_copy)
{
    static const uint32_t ops[] = {57, 93, 68, 59, 69};
    const struct agx_dxil_resource *r;
    struct agx_dxil_module *module = read_shader("cs_copy_add.dxil");

    ck_assert_uint_eq(module->numthreads[0], 32);
    ck_assert(module->flags == 16);
    ck_assert_uint_eq(module->resource_count, 3);
    ck_assert_ptr_nonnull(r = agx_dxil_module_resource(module, AGX_DXIL_SRV, 0));
    ck_assert_uint_eq(r->space, 1);
    ck_assert_uint_eq(r->lower_bound, 0);
    ck_assert_uint_eq(r->kind, 11);
    ck_assert_ptr_nonnull(r = agx_dxil_module_resource(module, AGX_DXIL_UAV, 0));
    ck_assert_uint_eq(r->space, 1);
    ck_assert_uint_eq(r->lower_bound, 1);
    ck_assert_ptr_nonnull(r = agx_dxil_module_resource(module, AGX_DXIL_CBV, 0));
    ck_assert_uint_eq(r->size, 16);
    ck_assert_uint_eq(r->kind, 13);
    check_ops(module, ops, 5);
    agx_dxil_module_destroy(module);
}
END_TEST

START_TEST(test_dxil_pixel_signatures)
{
    static const uint32_t ops[] = {4, 5, 7};
    struct agx_dxil_module *module = read_shader("ps_color_passthrough.dxil");

    ck_assert_uint_eq(module->kind, DDI_DXIL_PIXEL);
    ck_assert_uint_eq(module->inputs.count, 2);
    ck_assert_str_eq(module->inputs.elements[0].name, "SV_Position");
    ck_assert_uint_eq(module->inputs.elements[0].semantic_kind, 3);
    ck_assert_uint_eq(module->inputs.elements[1].id, 1);
    ck_assert_str_eq(module->inputs.elements[1].name, "COLOR");
    ck_assert_uint_eq(module->inputs.elements[1].component_type, 9);
    ck_assert_uint_eq(module->inputs.elements[1].interpolation, 2);
    ck_assert_uint_eq(module->inputs.elements[1].start_row, 1);
    ck_assert_uint_eq(module->inputs.elements[1].columns, 4);
    ck_assert_uint_eq(module->outputs.count, 1);
    ck_assert_str_eq(module->outputs.elements[0].name, "SV_Target");
    ck_assert_uint_eq(module->outputs.elements[0].semantic_kind, 16);
    check_ops(module, ops, 3);
    ck_assert_str_eq(agx_dxil_op_info(7)->name, "Saturate");
    ck_assert_str_eq(agx_dxil_op_info(7)->op_class, "unary");
    agx_dxil_module_destroy(module);
}
END_TEST

/* The container generated by d3d12rt-dxil-asm: ISG1/OSG1 and PSV0 agree with the module. */
START_TEST(test_dxil_asm_container)
{
    struct file file = load("D3D12RT_DXIL_SHADERS", "ps_color_passthrough.dxil");
    struct ddi_dxbc_signature_element elements[4];
    struct ddi_dxil_container c;
    char why[256] = "";
    uint32_t count;

    ck_assert_msg(ddi_dxil_parse(file.data, file.size, &c, why, sizeof(why)) == S_OK, "%s", why);
    ck_assert(!c.dxbc.is_signed);
    ck_assert_uint_eq(c.program.dxil_major, 1);
    ck_assert_uint_eq(c.psv.version, 1);
    ck_assert_uint_eq(c.psv.shader_stage, DDI_DXIL_PIXEL);
    ck_assert_uint_eq(c.psv.input_elements, 2);
    ck_assert_uint_eq(c.psv.input_vectors, 2);
    ck_assert_int_eq(ddi_dxbc_parse_signature(c.input_signature, elements, 4, &count, why, sizeof(why)), S_OK);
    ck_assert_uint_eq(count, 2);
    ck_assert_str_eq(elements[1].semantic, "COLOR");
    ck_assert_uint_eq(elements[1].reg, 1);
    ck_assert_uint_eq(elements[1].mask, 0xf);
    ck_assert_int_eq(ddi_dxbc_parse_signature(c.output_signature, elements, 4, &count, why, sizeof(why)), S_OK);
    ck_assert_uint_eq(elements[0].sysval, 64);
    free(file.data);
}
END_TEST

/* ---- Refusals -------------------------------------------------------------------------- */

#define MODULE_HEAD \
    "target triple = \"dxil-ms-dx\"\n" \
    "!dx.shaderModel = !{!0}\n!dx.entryPoints = !{!1}\n" \
    "!0 = !{!\"cs\", i32 6, i32 0}\n!1 = !{void ()* @main, !\"main\", null, null, null}\n"

/* The module's bitcode, written by LLVM from assembly. */
static LLVMMemoryBufferRef assemble(LLVMContextRef context, const char *text)
{
    LLVMMemoryBufferRef source, bitcode;
    LLVMModuleRef module;
    char *message = NULL;

    source = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "test");
    ck_assert_msg(!LLVMParseIRInContext(context, source, &module, &message), "%s", message ? message : "");
    ck_assert_ptr_nonnull(bitcode = LLVMWriteBitcodeToMemoryBuffer(module));
    LLVMDisposeModule(module);
    return bitcode;
}

static void check_refused_bitcode(const void *data, size_t size, const char *expected)
{
    struct agx_dxil_module *module = (void *)1;
    char why[256] = "";

    ck_assert_int_eq(agx_dxil_module_read(data, size, &module, why, sizeof(why)), E_INVALIDARG);
    ck_assert_ptr_null(module);
    ck_assert_msg(strstr(why, expected), "expected \"%s\", got \"%s\"", expected, why);
}

START_TEST(test_dxil_refusals)
{
    static const struct
    {
        const char *text;
        const char *why;
    }
    cases[] =
    {
        {MODULE_HEAD "define void @main() {\n  %x = call float @dx.op.unary.f32(i32 300, float 1.0)\n  ret void\n}\n"
         "declare float @dx.op.unary.f32(i32, float)\n",
         "the shader calls DXIL operation 300 (through dx.op.unary.f32), unknown to shader models 6.0 to 6.7"},
        {MODULE_HEAD "define void @main() {\n  %x = call float @dx.op.unary.f32(i32 69, float 1.0)\n  ret void\n}\n"
         "declare float @dx.op.unary.f32(i32, float)\n",
         "the shader calls DXIL operation 69 (BufferStore) through dx.op.unary.f32; its functions are "
         "dx.op.bufferStore"},
        {MODULE_HEAD "define void @main() {\n  %o = add i32 6, 1\n  %x = call float @dx.op.unary.f32(i32 %o, float 1.0)\n"
         "  ret void\n}\ndeclare float @dx.op.unary.f32(i32, float)\n",
         "a call to dx.op.unary.f32 has no constant i32 opcode"},
        {MODULE_HEAD "define void @main() {\n  call void @foo()\n  ret void\n}\ndeclare void @foo()\n",
         "the shader calls foo, which is not a DXIL operation"},
        {MODULE_HEAD "define void @main() {\n  ret void\n}\ndefine void @helper() {\n  ret void\n}\n",
         "the module defines function helper besides its entry point"},
        {MODULE_HEAD "define void @main() {\n  %x = freeze i32 1\n  ret void\n}\n",
         "the shader uses the freeze instruction, which DXIL does not have"},
        {"!dx.entryPoints = !{!1}\n!1 = !{void ()* @main, !\"main\", null, null, null}\n"
         "define void @main() {\n  ret void\n}\n",
         "the DXIL module has no valid !dx.shaderModel (0 nodes)"},
        {"!dx.shaderModel = !{!0}\n!0 = !{!\"xs\", i32 6, i32 0}\ndefine void @main() {\n  ret void\n}\n",
         "!dx.shaderModel names the unknown shader kind \"xs\""},
        {"!dx.shaderModel = !{!0}\n!0 = !{!\"cs\", i32 6, i32 0}\ndefine void @main() {\n  ret void\n}\n",
         "the DXIL module has 0 entry points in !dx.entryPoints"},
        {"!dx.shaderModel = !{!0}\n!dx.entryPoints = !{!1}\n!0 = !{!\"cs\", i32 6, i32 0}\n"
         "!1 = !{void ()* @main, !\"main\", null, null, null}\ndeclare void @main()\n",
         "the entry point names no function the module defines"},
        {"!dx.shaderModel = !{!0}\n!dx.entryPoints = !{!1}\n!0 = !{!\"cs\", i32 6, i32 0}\n"
         "!1 = !{void ()* @main, !\"main\", null, !2, null}\n!2 = !{null, !3, null, null}\n!3 = !{!4}\n"
         "!4 = !{i32 0, i32* undef, !\"u0\", i32 0}\ndefine void @main() {\n  ret void\n}\n",
         "UAV record 0 of dx.resources is malformed"},
        {"!dx.shaderModel = !{!0}\n!dx.entryPoints = !{!1}\n!0 = !{!\"cs\", i32 6, i32 0}\n"
         "!1 = !{void ()* @main, !\"main\", null, null, !2}\n!2 = !{i32 4, !3}\n!3 = !{i32 8, i32 8}\n"
         "define void @main() {\n  ret void\n}\n",
         "the entry point's thread group size is not three integers"},
    };
    LLVMMemoryBufferRef bitcode;
    LLVMContextRef context;
    unsigned int i;

    context = LLVMContextCreate();
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
    {
        bitcode = assemble(context, cases[i].text);
        check_refused_bitcode(LLVMGetBufferStart(bitcode), LLVMGetBufferSize(bitcode), cases[i].why);
        LLVMDisposeMemoryBuffer(bitcode);
    }
    LLVMContextDispose(context);

    /* Not bitcode LLVM reads; bitcode that crashes LLVM's reader (an input the fuzz target
     * found, kept as its regression input). */
    check_refused_bitcode("BC\xc0\xde\x01\x02\x03\x04", 8, "LLVM cannot read the DXIL bitcode: ");
    {
        struct file file = load("D3D12RT_DXIL_REGRESSIONS", "llvm-reader-segfault");
        struct agx_dxil_module *module;
        char why[256] = "";

        ck_assert_int_eq(agx_dxil_module_read_container(file.data, file.size, &module, why, sizeof(why)),
                         E_INVALIDARG);
        ck_assert_msg(strstr(why, "the DXIL bitcode is malformed: LLVM's reader died on it (signal 11)"), "%s", why);
        free(file.data);
    }
}
END_TEST

/* The container's program header and the module's !dx.shaderModel must agree. */
START_TEST(test_dxil_container_mismatch)
{
    struct file file = load("D3D12RT_DXIL_SHADERS", "cs_store_thread_id.dxil");
    struct ddi_dxil_container c;
    struct agx_dxil_module *module;
    char why[256] = "";

    ck_assert_int_eq(ddi_dxil_parse(file.data, file.size, &c, why, sizeof(why)), S_OK);
    /* The DXIL part's version word: cs_6_1. */
    ddi_dxbc_write_u32((unsigned char *)c.program.bitcode - 24, 5u << 16 | 0x61);
    ck_assert_int_eq(agx_dxil_module_read_container(file.data, file.size, &module, why, sizeof(why)), E_INVALIDARG);
    ck_assert_msg(strstr(why, "the module's !dx.shaderModel (kind 5, 6.0) is not the program header's (kind 5, 6.1)"),
                  "%s", why);
    free(file.data);
}
END_TEST

static Suite *agx_dxil_suite(void)
{
    Suite *s = suite_create("agx_dxil");
    TCase *tc = tcase_create("module");

    tcase_add_test(tc, test_dxil_compute_store);
    tcase_add_test(tc, test_dxil_compute_copy);
    tcase_add_test(tc, test_dxil_pixel_signatures);
    tcase_add_test(tc, test_dxil_asm_container);
    tcase_add_test(tc, test_dxil_refusals);
    tcase_add_test(tc, test_dxil_container_mismatch);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suites(agx_dxil_suite(), NULL);
}
