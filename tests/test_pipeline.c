/*
 * Shader containers: the structure checks on hand-built DXBC and DXIL containers (good
 * ones, every truncation, every wrong size), with the exact HRESULT and reason. The
 * pipeline tests are in test_pipeline_state.c and test_pipeline_stream.c; main() runs
 * all three suites.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_pipeline.h"
#include "rt_shader_container.h"
#include "ddi_dxbc.h"
#include "test_run.h"

#include <stdlib.h>
#include <string.h>

/* ---- Hand-built containers ---------------------------------------------------------------- */

static void put_u32(unsigned char *p, uint32_t value)
{
    p[0] = (unsigned char)value;
    p[1] = (unsigned char)(value >> 8);
    p[2] = (unsigned char)(value >> 16);
    p[3] = (unsigned char)(value >> 24);
}

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The container checksum over the current bytes. */
void container_sign(struct container *c)
{
    uint32_t checksum[4];
    unsigned int i;

    ddi_dxbc_checksum(c->bytes, c->size, checksum);
    for (i = 0; i < 4; ++i)
        put_u32(c->bytes + 4 + 4 * i, checksum[i]);
}

void container_build(struct container *c, const struct part *parts, unsigned int count)
{
    size_t offset = 32 + 4 * count;
    unsigned int i;

    memset(c, 0, sizeof(*c));
    put_u32(c->bytes, TAG('D', 'X', 'B', 'C'));
    put_u32(c->bytes + 20, 1);
    put_u32(c->bytes + 28, count);
    for (i = 0; i < count; ++i)
    {
        put_u32(c->bytes + 32 + 4 * i, (uint32_t)offset);
        put_u32(c->bytes + offset, parts[i].tag);
        put_u32(c->bytes + offset + 4, (uint32_t)parts[i].size);
        memcpy(c->bytes + offset + 8, parts[i].data, parts[i].size);
        offset += 8 + parts[i].size;
    }
    c->size = offset;
    put_u32(c->bytes + 24, (uint32_t)offset);
    container_sign(c);
}

size_t signature_build(unsigned char *out, size_t capacity, const struct signature_element *elements,
                       unsigned int count)
{
    size_t offset = 8 + 24 * (size_t)count, length;
    unsigned char *e;
    unsigned int i;

    ck_assert(offset <= capacity);
    put_u32(out, count);
    put_u32(out + 4, 8);
    for (i = 0; i < count; ++i)
    {
        length = strlen(elements[i].name) + 1;
        ck_assert(offset + length + 3 <= capacity);
        e = out + 8 + 24 * i;
        put_u32(e, (uint32_t)offset);
        put_u32(e + 4, elements[i].index);
        put_u32(e + 8, elements[i].sysval);
        put_u32(e + 12, 3);                       /* D3D_REGISTER_COMPONENT_FLOAT32 */
        put_u32(e + 16, elements[i].reg);
        put_u32(e + 20, elements[i].mask | (uint32_t)elements[i].rw_mask << 8);
        memset(out + offset, 0, (length + 3) & ~(size_t)3);
        memcpy(out + offset, elements[i].name, length);
        offset += (length + 3) & ~(size_t)3;
    }
    return offset;
}

/* An empty signature, and one with a POSITION element. */
const uint32_t empty_signature[2] = {0, 8};
const uint32_t position_signature[11] =
{
    1, 8,
    32, 0, 0, 3, 0, 0x0f0f,                       /* name at 32, float4 in register 0 */
    0x49534f50, 0x4e4f4954, 0,                    /* "POSITION" */
};

/* Shader model 5 programs: the version token, the length, a ret. */
const uint32_t vs_program[3] = PROGRAM(1, 5, 0);
const uint32_t ps_program[3] = PROGRAM(0, 5, 0);
const uint32_t gs_program[3] = PROGRAM(2, 5, 0);
const uint32_t hs_program[3] = PROGRAM(3, 5, 0);
const uint32_t ds_program[3] = PROGRAM(4, 5, 0);
const uint32_t cs_program[3] = PROGRAM(5, 5, 0);
const uint32_t ps4_program[3] = PROGRAM(0, 4, 0);

/* A DXIL vs_6_0 program: its header, the bitcode header, 8 bytes of "bitcode". */
const uint32_t dxil_program[8] =
{
    0x00010060, 8, 0x4c495844, 0x100, 16, 8,
    0xdec04342, 0x00001435,
};

void container_build_shader(struct container *c, const uint32_t *program, size_t size)
{
    const struct part parts[] =
    {
        {TAG('I', 'S', 'G', 'N'), position_signature, sizeof(position_signature)},
        {TAG('O', 'S', 'G', 'N'), empty_signature, sizeof(empty_signature)},
        {TAG('S', 'H', 'E', 'X'), program, size},
    };

    container_build(c, parts, ARRAY_SIZE(parts));
}

void container_build_dxil(struct container *c)
{
    const struct part parts[] =
    {
        {TAG('D', 'X', 'I', 'L'), dxil_program, sizeof(dxil_program)},
    };

    container_build(c, parts, ARRAY_SIZE(parts));
}

static HRESULT parse(const struct container *c, struct rt_shader_container *info)
{
    char why[256];

    return rt_shader_container_parse(c->bytes, c->size, info, why, sizeof(why));
}

/* Parses a copy of exactly size bytes (so a read past them is valgrind's to see). */
static HRESULT parse_exact(const unsigned char *bytes, size_t size)
{
    struct rt_shader_container info;
    unsigned char *copy = malloc(size ? size : 1);
    char why[256];
    HRESULT hr;

    ck_assert_ptr_nonnull(copy);
    memcpy(copy, bytes, size);
    hr = rt_shader_container_parse(copy, size, &info, why, sizeof(why));
    free(copy);
    return hr;
}

#define check_refused(c, text) check_refused_(__LINE__, c, text)
static void check_refused_(unsigned int line, const struct container *c, const char *text)
{
    struct rt_shader_container info;
    char why[256] = "";
    HRESULT hr;

    hr = rt_shader_container_parse(c->bytes, c->size, &info, why, sizeof(why));
    ck_assert_msg(hr == E_INVALIDARG, "line %u: hr %#x", line, (unsigned int)hr);
    ck_assert_msg(strstr(why, text), "line %u: \"%s\" lacks \"%s\"", line, why, text);
}

START_TEST(test_container_good)
{
    struct rt_shader_container info;
    struct container c;

    container_build_shader(&c, vs_program, sizeof(vs_program));
    ck_assert_int_eq(parse(&c, &info), S_OK);
    ck_assert(!info.dxil);
    ck_assert_uint_eq(info.type, RT_SHADER_VERTEX);
    ck_assert_uint_eq(info.major, 5);
    ck_assert_uint_eq(info.minor, 0);
    ck_assert(info.is_signed);
    ck_assert_ptr_null(info.root_signature);

    container_build_shader(&c, ps4_program, sizeof(ps4_program));
    ck_assert_int_eq(parse(&c, &info), S_OK);
    ck_assert_uint_eq(info.type, RT_SHADER_PIXEL);
    ck_assert_uint_eq(info.major, 4);

    container_build_dxil(&c);
    ck_assert_int_eq(parse(&c, &info), S_OK);
    ck_assert(info.dxil);
    ck_assert_uint_eq(info.type, RT_SHADER_VERTEX);
    ck_assert_uint_eq(info.major, 6);
    ck_assert_uint_eq(info.minor, 0);

    /* Unsigned (all-zero checksum): structurally fine, reported as such. */
    memset(c.bytes + 4, 0, 16);
    ck_assert_int_eq(parse(&c, &info), S_OK);
    ck_assert(!info.is_signed);
}
END_TEST

START_TEST(test_container_truncated)
{
    struct container c, cut;
    unsigned int kind;
    size_t size;

    for (kind = 0; kind < 2; ++kind)
    {
        if (kind)
            container_build_dxil(&c);
        else
            container_build_shader(&c, vs_program, sizeof(vs_program));
        /* Shorter than declared, at every length. */
        for (size = 0; size < c.size; ++size)
            ck_assert_msg(parse_exact(c.bytes, size) == E_INVALIDARG, "kind %u, %zu bytes", kind, size);
        /* Declared as short as it is, signed again: the parts no longer fit. */
        for (size = 32; size < c.size; ++size)
        {
            cut = c;
            cut.size = size;
            put_u32(cut.bytes + 24, (uint32_t)size);
            container_sign(&cut);
            ck_assert_msg(parse_exact(cut.bytes, size) == E_INVALIDARG, "kind %u, declared %zu", kind, size);
        }
        ck_assert_int_eq(parse_exact(c.bytes, c.size), S_OK);
    }
}
END_TEST

START_TEST(test_container_header)
{
    const uint32_t bad_length[] = {0x00010050, 4, 0x0100003e};
    const uint32_t short_length[] = {0x00010050, 1, 0x0100003e};
    struct container c, good;

    container_build_shader(&good, vs_program, sizeof(vs_program));

    c = good;
    c.bytes[0] = 'X';
    check_refused(&c, "magic");
    c = good;
    put_u32(c.bytes + 20, 2);
    container_sign(&c);
    check_refused(&c, "version");
    c = good;
    put_u32(c.bytes + 24, (uint32_t)c.size + 4);
    check_refused(&c, "declares");
    /* A longer buffer than the container: the length must match. */
    c = good;
    ++c.size;
    check_refused(&c, "declares");
    c = good;
    put_u32(c.bytes + 28, 1000);
    container_sign(&c);
    check_refused(&c, "offsets");
    /* A part offset inside the offset table, past the end, and a part too long. */
    c = good;
    put_u32(c.bytes + 32, 32);
    container_sign(&c);
    check_refused(&c, "outside");
    c = good;
    put_u32(c.bytes + 36, (uint32_t)c.size - 4);
    container_sign(&c);
    check_refused(&c, "outside");
    c = good;
    put_u32(c.bytes + get_u32(c.bytes + 32) + 4, 4096);
    container_sign(&c);
    check_refused(&c, "overruns");
    /* The checksum covers the contents. */
    c = good;
    c.bytes[c.size - 1] ^= 1;
    check_refused(&c, "checksum");

    container_build_shader(&c, bad_length, sizeof(bad_length));
    check_refused(&c, "DWORDs");
    container_build_shader(&c, short_length, sizeof(short_length));
    check_refused(&c, "DWORDs");
}
END_TEST

START_TEST(test_container_parts)
{
    const uint32_t bad_type[] = PROGRAM(6, 5, 0);
    const uint32_t bad_model[] = PROGRAM(1, 3, 0);
    const uint32_t bad_minor[] = PROGRAM(1, 5, 2);
    const uint32_t signature_overrun[] = {2, 8, 32, 0, 0, 3, 0, 0x0f0f, 0x49534f50, 0};
    const uint32_t name_outside[] = {1, 8, 400, 0, 0, 3, 0, 0x0f0f};
    const uint32_t name_open[] = {1, 8, 32, 0, 0, 3, 0, 0x0f0f, 0x49534f50};
    const struct part two_programs[] =
    {
        {TAG('S', 'H', 'E', 'X'), vs_program, sizeof(vs_program)},
        {TAG('S', 'H', 'D', 'R'), ps4_program, sizeof(ps4_program)},
    };
    const struct part two_signatures[] =
    {
        {TAG('I', 'S', 'G', 'N'), empty_signature, sizeof(empty_signature)},
        {TAG('I', 'S', 'G', 'N'), empty_signature, sizeof(empty_signature)},
        {TAG('S', 'H', 'E', 'X'), vs_program, sizeof(vs_program)},
    };
    const struct part no_program[] =
    {
        {TAG('I', 'S', 'G', 'N'), empty_signature, sizeof(empty_signature)},
        {TAG('S', 'T', 'A', 'T'), empty_signature, sizeof(empty_signature)},
    };
    struct part bad_signature[] =
    {
        {TAG('O', 'S', 'G', '5'), signature_overrun, sizeof(signature_overrun)},
        {TAG('S', 'H', 'E', 'X'), vs_program, sizeof(vs_program)},
    };
    const struct part unknown_parts[] =
    {
        {TAG('R', 'D', 'E', 'F'), empty_signature, 3},
        {TAG('S', 'H', 'E', 'X'), vs_program, sizeof(vs_program)},
        {TAG('S', 'T', 'A', 'T'), empty_signature, sizeof(empty_signature)},
    };
    struct container c;

    container_build_shader(&c, bad_type, sizeof(bad_type));
    check_refused(&c, "program type");
    container_build_shader(&c, bad_model, sizeof(bad_model));
    check_refused(&c, "shader model");
    container_build_shader(&c, bad_minor, sizeof(bad_minor));
    check_refused(&c, "shader model");
    container_build(&c, two_programs, ARRAY_SIZE(two_programs));
    check_refused(&c, "2 shader programs");
    container_build(&c, two_signatures, ARRAY_SIZE(two_signatures));
    check_refused(&c, "two ISGN");
    container_build(&c, no_program, ARRAY_SIZE(no_program));
    check_refused(&c, "no shader program");

    container_build(&c, bad_signature, ARRAY_SIZE(bad_signature));
    check_refused(&c, "overrun");
    bad_signature[0].tag = TAG('I', 'S', 'G', 'N');
    bad_signature[0].data = name_outside;
    bad_signature[0].size = sizeof(name_outside);
    container_build(&c, bad_signature, ARRAY_SIZE(bad_signature));
    check_refused(&c, "outside the part");
    bad_signature[0].data = name_open;
    bad_signature[0].size = sizeof(name_open);
    container_build(&c, bad_signature, ARRAY_SIZE(bad_signature));
    check_refused(&c, "not terminated");

    /* Parts the checks do not know are skipped, whatever their size. */
    container_build(&c, unknown_parts, ARRAY_SIZE(unknown_parts));
    ck_assert_int_eq(parse_exact(c.bytes, c.size), S_OK);
}
END_TEST

START_TEST(test_container_dxil)
{
    static const struct
    {
        unsigned int word;
        uint32_t value;
        const char *text;
    }
    tests[] =
    {
        {1, 5, "DWORDs"},                 /* shorter than the program header */
        {1, 9, "DWORDs"},                 /* longer than the part */
        {2, 0x4c495845, "bitcode header"},
        {3, 0x200, "DXIL version"},
        {4, 12, "outside"},               /* inside the bitcode header */
        {4, 20, "outside"},               /* the bitcode runs past the program */
        {5, 3, "outside"},                /* too short for the magic */
        {5, 12, "outside"},
        {6, 0xdec04343, "bitcode magic"},
        {0, 0x00010050, "DXIL programs are 6.x"},
        {0, 0x000f0060, "program type"},
    };
    struct container c;
    uint32_t program[ARRAY_SIZE(dxil_program)];
    struct part part = {TAG('D', 'X', 'I', 'L'), program, sizeof(program)};
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        memcpy(program, dxil_program, sizeof(program));
        program[tests[i].word] = tests[i].value;
        container_build(&c, &part, 1);
        check_refused(&c, tests[i].text);
    }
    /* A debug program (ILDB) beside the DXIL one is checked the same way. */
    {
        const struct part parts[] =
        {
            {TAG('D', 'X', 'I', 'L'), dxil_program, sizeof(dxil_program)},
            {TAG('I', 'L', 'D', 'B'), program, sizeof(program)},
        };

        memcpy(program, dxil_program, sizeof(program));
        container_build(&c, parts, ARRAY_SIZE(parts));
        ck_assert_int_eq(parse_exact(c.bytes, c.size), S_OK);
        program[2] = 0;
        container_build(&c, parts, ARRAY_SIZE(parts));
        check_refused(&c, "ILDB");
    }
}
END_TEST

static Suite *container_suite(void)
{
    Suite *suite = suite_create("shader containers");
    TCase *tc = tcase_create("structure");

    tcase_add_test(tc, test_container_good);
    tcase_add_test(tc, test_container_truncated);
    tcase_add_test(tc, test_container_header);
    tcase_add_test(tc, test_container_parts);
    tcase_add_test(tc, test_container_dxil);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(container_suite(), pipeline_state_suite(), pipeline_stream_suite(), NULL);
}
