/*
 * ddi_dxil: DXIL containers built by hand (program header, PSV0 of every version, SFI0,
 * ISG1/OSG1/PSG1, RTS0), unsigned as Mesa writes them and signed; every malformed case
 * is refused with E_INVALIDARG and its own sentence. Each case copies the container
 * into a buffer of exactly its size, so a stray read shows up under valgrind.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ddi_dxil.h"
#include "test_run.h"

#define PUT ddi_dxbc_write_u32
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct bytes
{
    unsigned char data[1024];
    uint32_t size;
};

static void append(struct bytes *b, const void *data, uint32_t size)
{
    ck_assert_uint_le(b->size + size, sizeof(b->data));
    memcpy(b->data + b->size, data, size);
    b->size += size;
}

static void append_u32(struct bytes *b, uint32_t value)
{
    unsigned char word[4];

    PUT(word, value);
    append(b, word, 4);
}

/* A DXIL part: cs_6_0 (or the kind and model given), DXIL 1.0, 8 bytes of "bitcode". */
static void build_program(struct bytes *b, uint32_t kind, uint32_t major, uint32_t minor)
{
    static const unsigned char bitcode[8] = {'B', 'C', 0xc0, 0xde, 0x35, 0x14, 0, 0};

    memset(b, 0, sizeof(*b));
    append_u32(b, kind << 16 | major << 4 | minor);
    append_u32(b, (DDI_DXIL_PROGRAM_HEADER_SIZE + sizeof(bitcode)) / 4);
    append_u32(b, DDI_DXIL_TAG_DXIL);
    append_u32(b, 0x100);
    append_u32(b, DDI_DXIL_BITCODE_HEADER_SIZE);
    append_u32(b, sizeof(bitcode));
    append(b, bitcode, sizeof(bitcode));
}

/* Knobs of a PSV0 part; psv_defaults gives a valid version-1 compute one. */
struct psv_desc
{
    uint32_t info_size;                  /* 24, 36, 48, 52, 56 */
    uint8_t stage, uses_view_id, inputs, outputs, input_vectors, output_vectors, patch_vectors;
    uint32_t numthreads[3], entry_name;
    uint32_t resource_count, resource_stride;
    uint32_t string_size;                /* of "main\0SV_Target\0" padded to 16 */
    uint32_t index_count, element_stride, element_name, element_first_index;
    uint32_t tail_bytes;                 /* of the dependency data actually written */
};

static struct psv_desc psv_defaults(void)
{
    struct psv_desc d;

    memset(&d, 0, sizeof(d));
    d.info_size = 36;
    d.stage = DDI_DXIL_COMPUTE;
    d.numthreads[0] = 64;
    d.numthreads[1] = d.numthreads[2] = 1;
    d.resource_count = 1;
    d.resource_stride = 16;
    d.string_size = 16;
    d.index_count = 1;
    d.element_stride = 16;
    d.element_name = 5;
    return d;
}

static void build_psv(struct bytes *b, const struct psv_desc *d)
{
    static const char strings[16] = "main\0SV_Target";
    unsigned char info[64] = {0}, element[32] = {0}, resource[32] = {0};
    uint32_t i;

    memset(b, 0, sizeof(*b));
    PUT(info + 20, 0xffffffff);
    info[24] = d->stage;
    info[25] = d->uses_view_id;
    info[26] = d->patch_vectors;
    info[28] = d->inputs;
    info[29] = d->outputs;
    info[31] = d->input_vectors;
    info[32] = d->output_vectors;
    for (i = 0; i < 3; ++i)
        PUT(info + 36 + 4 * i, d->numthreads[i]);
    PUT(info + 48, d->entry_name);
    PUT(info + 52, 1024);
    append_u32(b, d->info_size);
    append(b, info, d->info_size);
    append_u32(b, d->resource_count);
    if (d->resource_count)
    {
        append_u32(b, d->resource_stride);
        PUT(resource, 7);                /* a raw UAV, space 2, u3 to u5 */
        PUT(resource + 4, 2);
        PUT(resource + 8, 3);
        PUT(resource + 12, 5);
        PUT(resource + 16, 11);
        for (i = 0; i < d->resource_count; ++i)
            append(b, resource, d->resource_stride);
    }
    if (d->info_size < 36)
        return;
    append_u32(b, d->string_size);
    append(b, strings, d->string_size);
    append_u32(b, d->index_count);
    for (i = 0; i < d->index_count; ++i)
        append_u32(b, 0);
    if (d->inputs + d->outputs)
    {
        append_u32(b, d->element_stride);
        PUT(element, d->element_name);
        PUT(element + 4, d->element_first_index);
        element[8] = 1;                  /* one row */
        for (i = 0; i < (uint32_t)(d->inputs + d->outputs); ++i)
            append(b, element, d->element_stride);
    }
    for (i = 0; i < d->tail_bytes; ++i)
        append(b, "", 1);
}

struct part
{
    uint32_t tag;
    const struct bytes *bytes;
};

/* A container of the parts, unsigned (Mesa's zero hash) unless sign is set; the result
 * lies in a buffer of exactly its size. */
static unsigned char *build_container(const struct part *parts, unsigned int count, bool sign, size_t *size)
{
    uint32_t offset = DDI_DXBC_HEADER_SIZE + 4 * count, checksum[4];
    struct bytes b = {{0}, 0};
    unsigned char *out;
    unsigned int i;

    append_u32(&b, DDI_DXBC_TAG_DXBC);
    b.size = 20;
    append_u32(&b, 1);
    append_u32(&b, 0);                   /* the size, below */
    append_u32(&b, count);
    for (i = 0; i < count; ++i)
    {
        append_u32(&b, offset);
        offset += 8 + parts[i].bytes->size;
    }
    for (i = 0; i < count; ++i)
    {
        append_u32(&b, parts[i].tag);
        append_u32(&b, parts[i].bytes->size);
        append(&b, parts[i].bytes->data, parts[i].bytes->size);
    }
    PUT(b.data + 24, b.size);
    if (sign)
    {
        ddi_dxbc_checksum(b.data, b.size, checksum);
        for (i = 0; i < 4; ++i)
            PUT(b.data + 4 + 4 * i, checksum[i]);
    }
    out = malloc(b.size);
    ck_assert_ptr_nonnull(out);
    memcpy(out, b.data, b.size);
    *size = b.size;
    return out;
}

/* Parses the unsigned container of the parts; the container's pointers stay valid until
 * the next call (the bytes are kept until then). */
static HRESULT parse_parts(const struct part *parts, unsigned int count, struct ddi_dxil_container *container,
                           char *why, size_t why_size)
{
    static unsigned char *data;
    size_t size;

    free(data);
    data = build_container(parts, count, false, &size);
    return ddi_dxil_parse(data, size, container, why, why_size);
}

static void check_refused(const struct part *parts, unsigned int count, const char *expected)
{
    struct ddi_dxil_container container;
    char why[256] = "";

    ck_assert_int_eq(parse_parts(parts, count, &container, why, sizeof(why)), E_INVALIDARG);
    ck_assert_msg(strstr(why, expected), "expected \"%s\", got \"%s\"", expected, why);
}

/* ---- Good containers ----------------------------------------------------------------- */

START_TEST(test_dxil_unsigned_compute)
{
    struct bytes program, psv, features, root;
    struct ddi_dxil_psv_resource resource;
    struct ddi_dxil_container c;
    struct psv_desc d = psv_defaults();
    unsigned char *data;
    char why[256] = "";
    size_t size;

    build_program(&program, DDI_DXIL_COMPUTE, 6, 0);
    build_psv(&psv, &d);
    memset(&features, 0, sizeof(features));
    append_u32(&features, 0x800);
    append_u32(&features, 1);
    memset(&root, 0, sizeof(root));
    append_u32(&root, 2);
    {
        const struct part parts[] =
        {
            {DDI_DXIL_TAG_SFI0, &features}, {DDI_DXIL_TAG_PSV0, &psv}, {DDI_DXIL_TAG_RTS0, &root},
            {DDI_DXIL_TAG_DXIL, &program},
        };

        ck_assert_int_eq(parse_parts(parts, 4, &c, why, sizeof(why)), S_OK);
        ck_assert(!c.dxbc.is_signed);
        ck_assert_uint_eq(c.program.kind, DDI_DXIL_COMPUTE);
        ck_assert_uint_eq(c.program.major, 6);
        ck_assert_uint_eq(c.program.minor, 0);
        ck_assert_uint_eq(c.program.dxil_major, 1);
        ck_assert_uint_eq(c.program.bitcode_size, 8);
        ck_assert_int_eq(memcmp(c.program.bitcode, "BC\xc0\xde", 4), 0);
        ck_assert(c.has_features);
        ck_assert(c.features == (0x800 | 1ull << 32));
        ck_assert(c.has_psv);
        ck_assert_uint_eq(c.psv.version, 1);
        ck_assert_uint_eq(c.psv.shader_stage, DDI_DXIL_COMPUTE);
        ck_assert_uint_eq(c.psv.max_wave_lanes, 0xffffffff);
        ck_assert_uint_eq(c.psv.numthreads[0], 0);      /* version 1 has none */
        ck_assert_uint_eq(c.psv.resource_count, 1);
        ddi_dxil_psv_resource(&c.psv, 0, &resource);
        ck_assert_uint_eq(resource.type, 7);
        ck_assert_uint_eq(resource.space, 2);
        ck_assert_uint_eq(resource.lower_bound, 3);
        ck_assert_uint_eq(resource.upper_bound, 5);
        ck_assert_uint_eq(resource.kind, 0);            /* 16-byte records have no kind */
        ck_assert_uint_eq(ddi_dxbc_read_u32(c.root_signature->data), 2);
        ck_assert_uint_eq(c.root_signature->size, 4);

        /* The same container signed. */
        data = build_container(parts, 4, true, &size);
        ck_assert_int_eq(ddi_dxil_parse(data, size, &c, why, sizeof(why)), S_OK);
        ck_assert(c.dxbc.is_signed);
        data[size - 1] ^= 1;
        ck_assert_int_eq(ddi_dxil_parse(data, size, &c, why, sizeof(why)), E_INVALIDARG);
        ck_assert_ptr_nonnull(strstr(why, "checksum"));
        free(data);
    }
}
END_TEST

START_TEST(test_dxil_psv_versions)
{
    static const uint32_t sizes[] = {24, 36, 48, 52, 56, 60};
    static const uint32_t versions[] = {0, 1, 2, 3, 4, 4};
    struct ddi_dxil_psv_resource resource;
    struct ddi_dxil_container c;
    struct bytes program, psv;
    struct psv_desc d;
    char why[256] = "";
    unsigned int i;

    build_program(&program, DDI_DXIL_COMPUTE, 6, 6);
    for (i = 0; i < ARRAY_SIZE(sizes); ++i)
    {
        const struct part parts[] = {{DDI_DXIL_TAG_DXIL, &program}, {DDI_DXIL_TAG_PSV0, &psv}};

        d = psv_defaults();
        d.info_size = sizes[i];
        d.resource_stride = sizes[i] >= 48 ? 24 : 16;
        build_psv(&psv, &d);
        ck_assert_msg(parse_parts(parts, 2, &c, why, sizeof(why)) == S_OK, "size %u: %s", sizes[i], why);
        ck_assert_uint_eq(c.psv.version, versions[i]);
        ck_assert_uint_eq(c.psv.numthreads[0], versions[i] >= 2 ? 64 : 0);
        if (versions[i] >= 3)
            ck_assert_str_eq(c.psv.entry_name, "main");
        else
            ck_assert_ptr_null(c.psv.entry_name);
        ck_assert_uint_eq(c.psv.group_shared_bytes, versions[i] >= 4 ? 1024 : 0);
        ddi_dxil_psv_resource(&c.psv, 0, &resource);
        ck_assert_uint_eq(resource.kind, versions[i] >= 2 ? 11 : 0);
    }
}
END_TEST

/* A pixel shader with ISG1/OSG1, signature elements and input-to-output tables, and a
 * hull shader with ViewID masks and a patch constant signature, as dxc lays them out. */
START_TEST(test_dxil_graphics_signatures)
{
    struct bytes program, psv, input, output, patch;
    struct ddi_dxil_container c;
    struct psv_desc d = psv_defaults();
    char why[256] = "";

    build_program(&program, DDI_DXIL_PIXEL, 6, 1);
    d.stage = DDI_DXIL_PIXEL;
    d.inputs = 2;
    d.outputs = 1;
    d.input_vectors = 2;
    d.output_vectors = 1;
    d.tail_bytes = 4 * 1 * 2 * 4;        /* one mask DWORD per input component */
    build_psv(&psv, &d);
    memset(&input, 0, sizeof(input));
    append_u32(&input, 0);
    append_u32(&input, 8);
    output = input;
    patch = input;
    {
        const struct part parts[] =
        {
            {DDI_DXIL_TAG_ISG1, &input}, {DDI_DXIL_TAG_OSG1, &output}, {DDI_DXIL_TAG_PSV0, &psv},
            {DDI_DXIL_TAG_DXIL, &program},
        };

        ck_assert_msg(parse_parts(parts, 4, &c, why, sizeof(why)) == S_OK, "%s", why);
        ck_assert_ptr_nonnull(c.input_signature);
        ck_assert_ptr_nonnull(c.output_signature);
        ck_assert_ptr_null(c.patch_constant_signature);
        ck_assert_uint_eq(c.psv.input_elements, 2);
        ck_assert_uint_eq(c.psv.element_stride, 16);
        ck_assert_str_eq(c.psv.string_table + ddi_dxbc_read_u32(c.psv.elements), "SV_Target");
    }

    build_program(&program, DDI_DXIL_HULL, 6, 0);
    d = psv_defaults();
    d.stage = DDI_DXIL_HULL;
    d.uses_view_id = 1;
    d.input_vectors = 1;
    d.output_vectors = 9;
    d.patch_vectors = 2;
    /* ViewID masks: 2 DWORDs (9 vectors), 1 (2 vectors); tables: 2 * 1 * 4, 1 * 1 * 4. */
    d.tail_bytes = 4 * (2 + 1) + 4 * (8 + 4);
    build_psv(&psv, &d);
    {
        const struct part parts[] = {{DDI_DXIL_TAG_DXIL, &program}, {DDI_DXIL_TAG_PSV0, &psv},
                                     {DDI_DXIL_TAG_PSG1, &patch}};

        ck_assert_msg(parse_parts(parts, 3, &c, why, sizeof(why)) == S_OK, "%s", why);
        ck_assert_ptr_nonnull(c.patch_constant_signature);
        ck_assert_uint_eq(c.psv.patch_constant_vectors, 2);
        /* One byte short of the last table. */
        d.tail_bytes -= 1;
        build_psv(&psv, &d);
        check_refused(parts, 3, "the PSV0 part's input-to-patch-constant table (16 bytes at offset");
    }
}
END_TEST

/* ---- Malformed parts ------------------------------------------------------------------ */

START_TEST(test_dxil_program_refusals)
{
    static const struct
    {
        unsigned int word;               /* of the DXIL part, DWORD index */
        uint32_t value;
        const char *why;
    }
    cases[] =
    {
        {1, 5, "the DXIL program declares 5 DWORDs, its part holds 32 bytes"},
        {1, 9, "the DXIL program declares 9 DWORDs, its part holds 32 bytes"},
        {2, 0x4342584c, "the DXIL program has no \"DXIL\" bitcode header"},
        {3, 0x200, "declares DXIL version 2.0; DXIL versions are 1.x"},
        {4, 8, "the DXIL bitcode (8 bytes at offset 8) is outside its 32-byte program"},
        {4, 20, "the DXIL bitcode (8 bytes at offset 20) is outside its 32-byte program"},
        {5, 3, "the DXIL bitcode (3 bytes at offset 16) is outside its 32-byte program"},
        {5, 12, "the DXIL bitcode (12 bytes at offset 16) is outside its 32-byte program"},
        {5, 0xfffffff0, "is outside its 32-byte program"},
        {6, 0xdec0434c, "the DXIL bitcode does not start with the LLVM bitcode magic"},
        {0, 15u << 16 | 0x60, "the DXIL program declares program type 15"},
        {0, 5u << 16 | 0x51, "the DXIL program declares shader model 5.1; DXIL programs are 6.x"},
    };
    struct bytes program;
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(cases); ++i)
    {
        const struct part parts[] = {{DDI_DXIL_TAG_DXIL, &program}};

        build_program(&program, DDI_DXIL_COMPUTE, 6, 0);
        PUT(program.data + 4 * cases[i].word, cases[i].value);
        check_refused(parts, 1, cases[i].why);
    }
    /* A part shorter than the program header. */
    {
        const struct part parts[] = {{DDI_DXIL_TAG_DXIL, &program}};

        build_program(&program, DDI_DXIL_COMPUTE, 6, 0);
        program.size = 20;
        check_refused(parts, 1, "the DXIL part has 20 bytes, less than the 24 of its program header");
    }
}
END_TEST

/* The PSV0 fields a refusal case changes from psv_defaults. */
enum psv_knob
{
    KNOB_NONE,
    KNOB_INFO_SIZE,
    KNOB_STAGE,
    KNOB_RESOURCE_STRIDE,
    KNOB_ENTRY_NAME,                     /* with a version-3 runtime info */
    KNOB_OUTPUTS,
    KNOB_ELEMENT_STRIDE,
    KNOB_ELEMENT_NAME,
    KNOB_ELEMENT_FIRST_INDEX,
    KNOB_VIEW_ID_OUTPUTS,                /* uses ViewID, with that many output vectors */
    KNOB_IO_VECTORS,                     /* that many input and output vectors */
};

static void set_knob(struct psv_desc *d, enum psv_knob knob, uint32_t value)
{
    switch (knob)
    {
        case KNOB_NONE: break;
        case KNOB_INFO_SIZE: d->info_size = value; break;
        case KNOB_STAGE: d->stage = (uint8_t)value; break;
        case KNOB_RESOURCE_STRIDE: d->resource_stride = value; break;
        case KNOB_ENTRY_NAME: d->info_size = 52; d->entry_name = value; break;
        case KNOB_OUTPUTS: d->outputs = (uint8_t)value; break;
        case KNOB_ELEMENT_STRIDE: d->element_stride = value; break;
        case KNOB_ELEMENT_NAME: d->element_name = value; break;
        case KNOB_ELEMENT_FIRST_INDEX: d->element_first_index = value; break;
        case KNOB_VIEW_ID_OUTPUTS: d->uses_view_id = 1; d->output_vectors = (uint8_t)value; break;
        case KNOB_IO_VECTORS: d->input_vectors = d->output_vectors = (uint8_t)value; break;
    }
}

START_TEST(test_dxil_psv_refusals)
{
    /* Offsets in the default part: runtime info size 0, runtime info 4, resource count
     * 40, record size 44, the record 48, string table size 64, strings 68, semantic
     * index count 84, the index 88, then the element size and elements at 92 and 96. */
    static const struct
    {
        struct { enum psv_knob knob; uint32_t value; } set[2];
        uint32_t patch_offset, patch_value;     /* offset 0: no patch */
        uint32_t cut;                           /* bytes cut off the end */
        const char *why;
    }
    cases[] =
    {
        {{{KNOB_INFO_SIZE, 20}}, 0, 0, 0, "the PSV0 runtime info has 20 bytes, less than the 24 of version 0"},
        {{{KNOB_NONE, 0}}, 0, 0, 62, "the PSV0 part's runtime info (36 bytes at offset 4) overruns its 30 bytes"},
        {{{KNOB_STAGE, 15}}, 0, 0, 0, "the PSV0 runtime info names shader stage 15"},
        {{{KNOB_STAGE, DDI_DXIL_PIXEL}}, 0, 0, 0,
         "the PSV0 part describes shader stage 0, the DXIL program is of type 5"},
        {{{KNOB_NONE, 0}}, 40, 0x10000000, 0,
         "the PSV0 part's resource records (4294967296 bytes at offset 48) overruns its"},
        {{{KNOB_RESOURCE_STRIDE, 12}}, 0, 0, 0, "the PSV0 resource records have 12 bytes each, less than 16"},
        {{{KNOB_NONE, 0}}, 64, 14, 0, "the PSV0 string table has 14 bytes, not a multiple of 4"},
        {{{KNOB_NONE, 0}}, 64, 12, 0, "the PSV0 string table does not end with a NUL"},
        {{{KNOB_NONE, 0}}, 64, 64, 0, "the PSV0 part's string table (64 bytes at offset 68) overruns its"},
        {{{KNOB_ENTRY_NAME, 16}}, 0, 0, 0,
         "the PSV0 entry point name at offset 16 is outside the 16-byte string table"},
        {{{KNOB_NONE, 0}}, 84, 3, 0, "the PSV0 part's semantic index table (12 bytes at offset 88) overruns its"},
        {{{KNOB_OUTPUTS, 1}, {KNOB_ELEMENT_STRIDE, 8}}, 0, 0, 0,
         "the PSV0 signature elements have 8 bytes each, less than 16"},
        {{{KNOB_OUTPUTS, 1}, {KNOB_ELEMENT_NAME, 16}}, 0, 0, 0,
         "PSV0 signature element 0 names its semantic at offset 16, outside the 16-byte string table"},
        {{{KNOB_OUTPUTS, 1}, {KNOB_ELEMENT_FIRST_INDEX, 1}}, 0, 0, 0,
         "PSV0 signature element 0 has 1 rows of semantic indices from index 1, outside the 1-entry index table"},
        {{{KNOB_OUTPUTS, 2}}, 0, 0, 1, "the PSV0 part's signature elements (32 bytes at offset 96) overruns its"},
        {{{KNOB_VIEW_ID_OUTPUTS, 1}}, 0, 0, 0, "the PSV0 part's ViewID output mask (4 bytes at offset 92)"},
        {{{KNOB_IO_VECTORS, 1}}, 0, 0, 0, "the PSV0 part's input-to-output table (16 bytes at offset 92)"},
    };
    struct bytes program, psv;
    const struct part parts[] = {{DDI_DXIL_TAG_DXIL, &program}, {DDI_DXIL_TAG_PSV0, &psv}};
    struct psv_desc d;
    unsigned int i;

    build_program(&program, DDI_DXIL_COMPUTE, 6, 0);
    memset(&psv, 0, sizeof(psv));
    append(&psv, "\x24\0", 2);
    check_refused(parts, 2, "the PSV0 part's runtime info size (4 bytes at offset 0) overruns its 2 bytes");
    for (i = 0; i < ARRAY_SIZE(cases); ++i)
    {
        d = psv_defaults();
        set_knob(&d, cases[i].set[0].knob, cases[i].set[0].value);
        set_knob(&d, cases[i].set[1].knob, cases[i].set[1].value);
        build_psv(&psv, &d);
        if (cases[i].patch_offset)
            PUT(psv.data + cases[i].patch_offset, cases[i].patch_value);
        psv.size -= cases[i].cut;
        check_refused(parts, 2, cases[i].why);
    }
}
END_TEST

START_TEST(test_dxil_container_refusals)
{
    struct bytes program, features, psv, bad_signature;
    struct psv_desc d = psv_defaults();

    build_program(&program, DDI_DXIL_COMPUTE, 6, 0);
    build_psv(&psv, &d);
    memset(&features, 0, sizeof(features));
    append_u32(&features, 0);
    memset(&bad_signature, 0, sizeof(bad_signature));
    append_u32(&bad_signature, 1);
    append_u32(&bad_signature, 8);
    {
        const struct part parts[] = {{DDI_DXIL_TAG_DXIL, &program}, {DDI_DXIL_TAG_SFI0, &features}};

        check_refused(parts, 2, "the SFI0 part has 4 bytes; its feature flags are 8");
    }
    {
        const struct part parts[] = {{DDI_DXIL_TAG_PSV0, &psv}};

        check_refused(parts, 1, "the container holds no DXIL part");
    }
    {
        const struct part parts[] = {{DDI_DXIL_TAG_DXIL, &program}, {DDI_DXIL_TAG_PSV0, &psv},
                                     {DDI_DXIL_TAG_PSV0, &psv}};

        check_refused(parts, 3, "the container has two PSV0 parts");
    }
    {
        const struct part parts[] = {{DDI_DXIL_TAG_DXIL, &program}, {DDI_DXIL_TAG_DXIL, &program}};

        check_refused(parts, 2, "the container has two DXIL parts");
    }
    {
        const struct part parts[] = {{DDI_DXIL_TAG_DXIL, &program}, {DDI_DXIL_TAG_OSG1, &bad_signature}};

        check_refused(parts, 2, "the OSG1 signature's 1 elements at offset 8 overrun its 8 bytes");
    }
    /* The DXBC level is ddi_dxbc's: a wrong size is its refusal. */
    {
        const struct part parts[] = {{DDI_DXIL_TAG_DXIL, &program}};
        struct ddi_dxil_container c;
        unsigned char *data;
        char why[256];
        size_t size;

        data = build_container(parts, 1, false, &size);
        ck_assert_int_eq(ddi_dxil_parse(data, size - 4, &c, why, sizeof(why)), E_INVALIDARG);
        ck_assert_ptr_nonnull(strstr(why, "the container declares"));
        free(data);
    }
}
END_TEST

static Suite *dxil_suite(void)
{
    Suite *s = suite_create("dxil");
    TCase *tc = tcase_create("container");

    tcase_add_test(tc, test_dxil_unsigned_compute);
    tcase_add_test(tc, test_dxil_psv_versions);
    tcase_add_test(tc, test_dxil_graphics_signatures);
    tcase_add_test(tc, test_dxil_program_refusals);
    tcase_add_test(tc, test_dxil_psv_refusals);
    tcase_add_test(tc, test_dxil_container_refusals);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suites(dxil_suite(), NULL);
}
