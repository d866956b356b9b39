/*
 * ddi_dxbc: the container walk, the checksum and signature parts. Malformed containers
 * are refused with E_INVALIDARG and a reason; nothing reads outside the given bytes
 * (each case copies the container into a buffer of exactly its size, so a stray read
 * shows up under valgrind and the sanitizers).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ddi_dxbc.h"
#include "test_run.h"

#define TAG_ISGN DDI_DXBC_FOURCC('I', 'S', 'G', 'N')
#define TAG_OSG5 DDI_DXBC_FOURCC('O', 'S', 'G', '5')
#define TAG_ISG1 DDI_DXBC_FOURCC('I', 'S', 'G', '1')
#define TAG_SHEX DDI_DXBC_FOURCC('S', 'H', 'E', 'X')

static void put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

struct blob
{
    unsigned char bytes[512];
    size_t size;
};

/* A container of the given parts, signed when sign is set. */
static void build(struct blob *b, unsigned int count, const uint32_t *tags, const unsigned char *const *data,
                  const uint32_t *sizes, bool sign)
{
    size_t offset = DDI_DXBC_HEADER_SIZE + 4 * count;
    unsigned int i;

    memset(b, 0, sizeof(*b));
    put_u32(b->bytes, DDI_DXBC_TAG_DXBC);
    put_u32(b->bytes + 20, 1);
    put_u32(b->bytes + 28, count);
    for (i = 0; i < count; ++i)
    {
        put_u32(b->bytes + DDI_DXBC_HEADER_SIZE + 4 * i, (uint32_t)offset);
        put_u32(b->bytes + offset, tags[i]);
        put_u32(b->bytes + offset + 4, sizes[i]);
        memcpy(b->bytes + offset + 8, data[i], sizes[i]);
        offset += 8 + sizes[i];
    }
    b->size = offset;
    put_u32(b->bytes + 24, (uint32_t)offset);
    if (sign)
    {
        uint32_t checksum[4];

        ddi_dxbc_checksum(b->bytes, b->size, checksum);
        for (i = 0; i < 4; ++i)
            put_u32(b->bytes + 4 + 4 * i, checksum[i]);
    }
}

static void resign(struct blob *b)
{
    uint32_t checksum[4];
    unsigned int i;

    ddi_dxbc_checksum(b->bytes, b->size, checksum);
    for (i = 0; i < 4; ++i)
        put_u32(b->bytes + 4 + 4 * i, checksum[i]);
}

/* Parses a heap copy of exactly size bytes. */
static HRESULT parse_exact(const void *bytes, size_t size, struct ddi_dxbc *dxbc, char *why, size_t why_size)
{
    void *copy = malloc(size ? size : 1);
    HRESULT hr;

    memcpy(copy, bytes, size);
    hr = ddi_dxbc_parse(copy, size, dxbc, why, why_size);
    free(copy);
    return hr;
}

static const unsigned char shex_part[] = {0x50, 0x00, 0x05, 0x00, 0x02, 0x00, 0x00, 0x00};

/* An ISGN part: two elements, semantics "POSITION" and "TEXCOORD". */
static const unsigned char isgn_part[] =
{
    2, 0, 0, 0, 8, 0, 0, 0,
    56, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0x0f, 0x0f, 0, 0,
    65, 0, 0, 0, 1, 0, 0, 0, 6, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0x03, 0x01, 0, 0,
    'P', 'O', 'S', 'I', 'T', 'I', 'O', 'N', 0, 'T', 'E', 'X', 'C', 'O', 'O', 'R', 'D', 0,
};

static void build_shader(struct blob *b, bool sign)
{
    const uint32_t tags[] = {TAG_ISGN, TAG_SHEX};
    const unsigned char *const data[] = {isgn_part, shex_part};
    const uint32_t sizes[] = {sizeof(isgn_part), sizeof(shex_part)};

    build(b, 2, tags, data, sizes, sign);
}

START_TEST(test_parse_valid)
{
    const struct ddi_dxbc_part *part;
    struct ddi_dxbc dxbc;
    struct blob b;
    char why[256];

    build_shader(&b, true);
    ck_assert_int_eq(parse_exact(b.bytes, b.size, &dxbc, why, sizeof(why)), S_OK);
    ck_assert(dxbc.is_signed);
    ck_assert_uint_eq(dxbc.part_count, 2);
    ck_assert_uint_eq(dxbc.parts[0].tag, TAG_ISGN);
    ck_assert_uint_eq(dxbc.parts[0].size, sizeof(isgn_part));
    ck_assert_uint_eq(dxbc.parts[1].tag, TAG_SHEX);
    ck_assert_uint_eq(dxbc.parts[1].size, sizeof(shex_part));

    ck_assert_int_eq(ddi_dxbc_parse(b.bytes, b.size, &dxbc, why, sizeof(why)), S_OK);
    part = ddi_dxbc_find(&dxbc, TAG_SHEX);
    ck_assert_ptr_nonnull(part);
    ck_assert(part->data == b.bytes + DDI_DXBC_HEADER_SIZE + 8 + 8 + sizeof(isgn_part) + 8);
    ck_assert_ptr_null(ddi_dxbc_find(&dxbc, TAG_OSG5));

    /* An all-zero checksum: unsigned, accepted. */
    build_shader(&b, false);
    ck_assert_int_eq(parse_exact(b.bytes, b.size, &dxbc, why, sizeof(why)), S_OK);
    ck_assert(!dxbc.is_signed);
}
END_TEST

/* fxc's own containers are checked in test_root_signature; here what the hash covers. */
START_TEST(test_checksum_coverage)
{
    /* A container of no parts: 32 header bytes, the hash of bytes 20..31. */
    unsigned char empty[32] = {'D', 'X', 'B', 'C'};
    uint32_t a[4], b[4];

    put_u32(empty + 20, 1);
    put_u32(empty + 24, 32);
    ddi_dxbc_checksum(empty, sizeof(empty), a);
    /* Changing a byte changes the hash; the checksum bytes themselves do not count. */
    empty[4] = 0x55;
    ddi_dxbc_checksum(empty, sizeof(empty), b);
    ck_assert(!memcmp(a, b, sizeof(a)));
    empty[28] = 1;
    ddi_dxbc_checksum(empty, sizeof(empty), b);
    ck_assert(memcmp(a, b, sizeof(a)));
}
END_TEST

static void expect_invalid(const struct blob *b, size_t size, const char *fragment)
{
    struct ddi_dxbc dxbc;
    char why[256] = "";

    ck_assert_int_eq(parse_exact(b->bytes, size, &dxbc, why, sizeof(why)), E_INVALIDARG);
    ck_assert_msg(strstr(why, fragment), "\"%s\" lacks \"%s\"", why, fragment);
}

START_TEST(test_truncated)
{
    struct blob b;
    size_t size;

    build_shader(&b, true);
    expect_invalid(&b, 0, "too few");
    expect_invalid(&b, 31, "too few");
    /* Every shorter length is refused: the declared size no longer matches. */
    for (size = 32; size < b.size; ++size)
        expect_invalid(&b, size, "declares");
}
END_TEST

START_TEST(test_header_fields)
{
    struct blob b;

    build_shader(&b, true);
    b.bytes[0] = 'X';
    expect_invalid(&b, b.size, "magic");

    build_shader(&b, true);
    put_u32(b.bytes + 20, 2);
    expect_invalid(&b, b.size, "version");

    build_shader(&b, true);
    put_u32(b.bytes + 24, (uint32_t)b.size + 4);
    expect_invalid(&b, b.size, "declares");

    build_shader(&b, true);
    put_u32(b.bytes + 28, 0x40000000);
    expect_invalid(&b, b.size, "part offsets does not fit");

    /* More parts than the table holds. */
    {
        unsigned char big[32 + 4 * 65 + 8 * 65];
        struct ddi_dxbc dxbc;
        char why[256] = "";
        unsigned int i;

        memset(big, 0, sizeof(big));
        put_u32(big, DDI_DXBC_TAG_DXBC);
        put_u32(big + 20, 1);
        put_u32(big + 24, sizeof(big));
        put_u32(big + 28, 65);
        for (i = 0; i < 65; ++i)
            put_u32(big + 32 + 4 * i, 32 + 4 * 65 + 8 * i);
        ck_assert_int_eq(parse_exact(big, sizeof(big), &dxbc, why, sizeof(why)), E_INVALIDARG);
        ck_assert_ptr_nonnull(strstr(why, "65 parts"));
    }
}
END_TEST

START_TEST(test_parts_outside)
{
    size_t first = DDI_DXBC_HEADER_SIZE;
    struct blob b;

    /* An offset inside the header or the offset table. */
    build_shader(&b, true);
    put_u32(b.bytes + first, 8);
    resign(&b);
    expect_invalid(&b, b.size, "outside");

    /* An offset past the end, and one leaving no room for a part header. */
    build_shader(&b, true);
    put_u32(b.bytes + first + 4, (uint32_t)b.size + 100);
    resign(&b);
    expect_invalid(&b, b.size, "outside");
    build_shader(&b, true);
    put_u32(b.bytes + first + 4, (uint32_t)b.size - 4);
    resign(&b);
    expect_invalid(&b, b.size, "outside");

    /* A part size running past the container, including one that wraps 32 bits. */
    build_shader(&b, true);
    put_u32(b.bytes + first + 8 + 4, sizeof(isgn_part) + 200);
    resign(&b);
    expect_invalid(&b, b.size, "overruns");
    build_shader(&b, true);
    put_u32(b.bytes + first + 8 + 4, 0xfffffff8);
    resign(&b);
    expect_invalid(&b, b.size, "overruns");
}
END_TEST

START_TEST(test_bad_checksum)
{
    struct blob b;
    size_t i;

    build_shader(&b, true);
    b.bytes[b.size - 1] ^= 1;
    expect_invalid(&b, b.size, "checksum");
    /* A damaged checksum word. */
    build_shader(&b, true);
    for (i = 4; i < 20; i += 4)
    {
        struct blob c = b;

        c.bytes[i] ^= 0x80;
        expect_invalid(&c, c.size, "checksum");
    }
}
END_TEST

START_TEST(test_signature_elements)
{
    struct ddi_dxbc_signature_element e[4];
    struct ddi_dxbc_part part = {TAG_ISGN, sizeof(isgn_part), isgn_part};
    uint32_t count;
    char why[256];

    ck_assert_int_eq(ddi_dxbc_parse_signature(&part, e, 4, &count, why, sizeof(why)), S_OK);
    ck_assert_uint_eq(count, 2);
    ck_assert_str_eq(e[0].semantic, "POSITION");
    ck_assert_uint_eq(e[0].semantic_index, 0);
    ck_assert_uint_eq(e[0].component_type, 3);
    ck_assert_uint_eq(e[0].reg, 0);
    ck_assert_uint_eq(e[0].mask, 0xf);
    ck_assert_uint_eq(e[0].rw_mask, 0xf);
    ck_assert_str_eq(e[1].semantic, "TEXCOORD");
    ck_assert_uint_eq(e[1].semantic_index, 1);
    ck_assert_uint_eq(e[1].sysval, 6);
    ck_assert_uint_eq(e[1].component_type, 1);
    ck_assert_uint_eq(e[1].reg, 1);
    ck_assert_uint_eq(e[1].mask, 0x3);
    ck_assert_uint_eq(e[1].rw_mask, 0x1);

    /* Too many for the caller's array. */
    ck_assert_int_eq(ddi_dxbc_parse_signature(&part, e, 1, &count, why, sizeof(why)), E_INVALIDARG);
    ck_assert_ptr_nonnull(strstr(why, "more than 1"));
}
END_TEST

START_TEST(test_signature_osg5_isg1)
{
    static const unsigned char osg5[] =
    {
        1, 0, 0, 0, 8, 0, 0, 0,
        2, 0, 0, 0, 36, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0x0f, 0x00, 0, 0,
        'S', 'V', '_', 'P', 'o', 's', 'i', 't', 'i', 'o', 'n', 0,
    };
    static const unsigned char isg1[] =
    {
        1, 0, 0, 0, 8, 0, 0, 0,
        0, 0, 0, 0, 40, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0, 0x07, 0x07, 0, 0,
        1, 0, 0, 0, 'C', 0,
    };
    struct ddi_dxbc_signature_element e[2];
    struct ddi_dxbc_part part = {TAG_OSG5, sizeof(osg5), osg5};
    uint32_t count;
    char why[256];

    ck_assert_int_eq(ddi_dxbc_parse_signature(&part, e, 2, &count, why, sizeof(why)), S_OK);
    ck_assert_uint_eq(count, 1);
    ck_assert_uint_eq(e[0].stream, 2);
    ck_assert_str_eq(e[0].semantic, "SV_Position");
    ck_assert_uint_eq(e[0].sysval, 1);
    ck_assert_uint_eq(e[0].component_type, 3);
    ck_assert_uint_eq(e[0].mask, 0xf);

    part.tag = TAG_ISG1;
    part.size = sizeof(isg1);
    part.data = isg1;
    ck_assert_int_eq(ddi_dxbc_parse_signature(&part, e, 2, &count, why, sizeof(why)), S_OK);
    ck_assert_uint_eq(count, 1);
    ck_assert_str_eq(e[0].semantic, "C");
    ck_assert_uint_eq(e[0].semantic_index, 2);
    ck_assert_uint_eq(e[0].reg, 5);
    ck_assert_uint_eq(e[0].mask, 7);
    ck_assert_uint_eq(e[0].min_precision, 1);
}
END_TEST

static void expect_bad_signature(const unsigned char *data, uint32_t size, const char *fragment)
{
    struct ddi_dxbc_signature_element e[8];
    struct ddi_dxbc_part part = {TAG_ISGN, size, NULL};
    unsigned char *copy = malloc(size ? size : 1);
    uint32_t count = 99;
    char why[256] = "";

    memcpy(copy, data, size);
    part.data = copy;
    ck_assert_int_eq(ddi_dxbc_parse_signature(&part, e, 8, &count, why, sizeof(why)), E_INVALIDARG);
    ck_assert_msg(strstr(why, fragment), "\"%s\" lacks \"%s\"", why, fragment);
    ck_assert_uint_eq(count, 0);
    free(copy);
}

START_TEST(test_signature_malformed)
{
    unsigned char s[sizeof(isgn_part)];
    struct ddi_dxbc_signature_element e[2];
    struct ddi_dxbc_part part = {DDI_DXBC_FOURCC('S', 'T', 'A', 'T'), sizeof(isgn_part), isgn_part};
    uint32_t count;
    char why[256];

    expect_bad_signature(isgn_part, 4, "less than its header");
    /* Unterminated semantic: the part ends inside "TEXCOORD". */
    expect_bad_signature(isgn_part, sizeof(isgn_part) - 1, "not terminated");
    /* A semantic offset outside the part. */
    memcpy(s, isgn_part, sizeof(s));
    put_u32(s + 8 + 24, 5000);
    expect_bad_signature(s, sizeof(s), "outside");
    /* Element count or offset overrunning the part. */
    memcpy(s, isgn_part, sizeof(s));
    put_u32(s, 3);
    expect_bad_signature(s, sizeof(s), "overrun");
    memcpy(s, isgn_part, sizeof(s));
    put_u32(s, 0x80000000);
    expect_bad_signature(s, sizeof(s), "overrun");
    memcpy(s, isgn_part, sizeof(s));
    put_u32(s + 4, 4);
    expect_bad_signature(s, sizeof(s), "overrun");
    memcpy(s, isgn_part, sizeof(s));
    put_u32(s + 4, 0xfffffff0);
    expect_bad_signature(s, sizeof(s), "overrun");
    /* Not a signature part at all. */
    ck_assert_int_eq(ddi_dxbc_parse_signature(&part, e, 2, &count, why, sizeof(why)), E_INVALIDARG);
    ck_assert_ptr_nonnull(strstr(why, "STAT"));
}
END_TEST

/* Every bit of a signed container flipped in turn: each is refused, none crashes. */
START_TEST(test_fuzz_bytes)
{
    struct ddi_dxbc dxbc;
    struct blob b, c;
    char why[256];
    size_t i;
    int bit;

    build_shader(&b, true);
    for (i = 0; i < b.size; ++i)
    {
        for (bit = 0; bit < 8; ++bit)
        {
            c = b;
            c.bytes[i] ^= (unsigned char)(1u << bit);
            ck_assert_int_eq(parse_exact(c.bytes, c.size, &dxbc, why, sizeof(why)), E_INVALIDARG);
        }
    }
}
END_TEST

static Suite *dxbc_suite(void)
{
    Suite *s = suite_create("ddi_dxbc");
    TCase *tc = tcase_create("container");

    tcase_add_test(tc, test_parse_valid);
    tcase_add_test(tc, test_checksum_coverage);
    tcase_add_test(tc, test_truncated);
    tcase_add_test(tc, test_header_fields);
    tcase_add_test(tc, test_parts_outside);
    tcase_add_test(tc, test_bad_checksum);
    tcase_add_test(tc, test_fuzz_bytes);
    suite_add_tcase(s, tc);
    tc = tcase_create("signature");
    tcase_add_test(tc, test_signature_elements);
    tcase_add_test(tc, test_signature_osg5_isg1);
    tcase_add_test(tc, test_signature_malformed);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suites(dxbc_suite(), NULL);
}
