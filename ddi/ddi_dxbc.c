/*
 * DXBC containers (ddi_dxbc.h): the structure walk, the container checksum and the
 * signature parts. Every read is checked against the bytes the caller gave.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ddi_dxbc.h"

#define DDI_DXBC_VERSION 1u
#define DDI_DXBC_CHECKSUM_OFFSET 4u
#define DDI_DXBC_CHECKSUMMED_FROM 20u   /* the checksum covers everything after itself */

HRESULT ddi_dxbc_fail(char *why, size_t why_size, const char *fmt, ...)
{
    va_list args;

    if (why && why_size)
    {
        va_start(args, fmt);
        vsnprintf(why, why_size, fmt, args);
        va_end(args);
    }
    return E_INVALIDARG;
}

void ddi_dxbc_tag_text(uint32_t tag, char text[5])
{
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        unsigned char c = (unsigned char)(tag >> (8 * i));

        text[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    text[4] = 0;
}

/* ---- The checksum: MD5's compression function with a container-specific last block ---- */

static const uint32_t md5_sines[64] =
{
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

static const unsigned char md5_shifts[4][4] =
{
    {7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21},
};

static uint32_t rotate_left(uint32_t value, unsigned int count)
{
    return value << count | value >> (32 - count);
}

static void md5_block(uint32_t state[4], const unsigned char block[64])
{
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3], f, words[16], next;
    unsigned int i, round, word;

    for (i = 0; i < 16; ++i)
        words[i] = ddi_dxbc_read_u32(block + 4 * i);
    for (i = 0; i < 64; ++i)
    {
        round = i / 16;
        switch (round)
        {
            case 0:
                f = (b & c) | (~b & d);
                word = i;
                break;
            case 1:
                f = (d & b) | (~d & c);
                word = (5 * i + 1) % 16;
                break;
            case 2:
                f = b ^ c ^ d;
                word = (3 * i + 5) % 16;
                break;
            default:
                f = c ^ (b | ~d);
                word = (7 * i) % 16;
                break;
        }
        next = b + rotate_left(a + f + md5_sines[i] + words[word], md5_shifts[round][i % 4]);
        a = d;
        d = c;
        c = b;
        b = next;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
}

void ddi_dxbc_checksum(const void *data, size_t size, uint32_t checksum[4])
{
    const unsigned char *bytes = (const unsigned char *)data + DDI_DXBC_CHECKSUMMED_FROM;
    size_t length = size > DDI_DXBC_CHECKSUMMED_FROM ? size - DDI_DXBC_CHECKSUMMED_FROM : 0;
    size_t full = length & ~(size_t)63, rest = length - full, i;
    uint32_t state[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    uint32_t bits = (uint32_t)(length * 8);
    unsigned char block[64];

    for (i = 0; i < full; i += 64)
        md5_block(state, bytes + i);

    /* Unlike MD5, the bit count comes first in the last block and the block ends with
     * (bits >> 2) | 1; a tail too long to share the block gets one of its own. */
    memset(block, 0, sizeof(block));
    if (rest >= 56)
    {
        memcpy(block, bytes + full, rest);
        block[rest] = 0x80;
        md5_block(state, block);
        memset(block, 0, sizeof(block));
    }
    else
    {
        if (rest)
            memcpy(block + 4, bytes + full, rest);
        block[4 + rest] = 0x80;
    }
    ddi_dxbc_write_u32(block, bits);
    ddi_dxbc_write_u32(block + 60, bits >> 2 | 1);
    md5_block(state, block);

    for (i = 0; i < 4; ++i)
        checksum[i] = state[i];
}

/* ---- The container -------------------------------------------------------------------- */

static HRESULT check_checksum(const unsigned char *data, size_t size, struct ddi_dxbc *dxbc,
                              char *why, size_t why_size)
{
    static const unsigned char zero[16];
    uint32_t expected[4];
    unsigned int i;

    if (!memcmp(data + DDI_DXBC_CHECKSUM_OFFSET, zero, sizeof(zero)))
        return S_OK;
    ddi_dxbc_checksum(data, size, expected);
    for (i = 0; i < 4; ++i)
    {
        if (ddi_dxbc_read_u32(data + DDI_DXBC_CHECKSUM_OFFSET + 4 * i) != expected[i])
            return ddi_dxbc_fail(why, why_size,
                    "the container checksum does not match its contents (corrupt or modified bytecode)");
    }
    dxbc->is_signed = true;
    return S_OK;
}

HRESULT ddi_dxbc_parse(const void *bytes, size_t size, struct ddi_dxbc *dxbc, char *why, size_t why_size)
{
    const unsigned char *data = bytes;
    uint32_t total, count, offset, tag, part_size, i, table_end;
    char name[5];

    memset(dxbc, 0, sizeof(*dxbc));
    if (!data || size < DDI_DXBC_HEADER_SIZE)
        return ddi_dxbc_fail(why, why_size, "%zu bytes are too few for a shader container", size);
    if (ddi_dxbc_read_u32(data) != DDI_DXBC_TAG_DXBC)
        return ddi_dxbc_fail(why, why_size, "the bytecode does not start with the \"DXBC\" container magic");
    if (ddi_dxbc_read_u32(data + 20) != DDI_DXBC_VERSION)
        return ddi_dxbc_fail(why, why_size, "unknown container version %#x", ddi_dxbc_read_u32(data + 20));
    total = ddi_dxbc_read_u32(data + 24);
    if (total != size)
        return ddi_dxbc_fail(why, why_size, "the container declares %u bytes, the bytecode length is %zu", total, size);
    count = ddi_dxbc_read_u32(data + 28);
    if (count > (total - DDI_DXBC_HEADER_SIZE) / 4)
        return ddi_dxbc_fail(why, why_size, "the table of %u part offsets does not fit in the container", count);
    if (count > DDI_DXBC_MAX_PARTS)
        return ddi_dxbc_fail(why, why_size, "the container has %u parts, more than the %u a shader container holds",
                count, DDI_DXBC_MAX_PARTS);
    table_end = DDI_DXBC_HEADER_SIZE + 4 * count;

    for (i = 0; i < count; ++i)
    {
        offset = ddi_dxbc_read_u32(data + DDI_DXBC_HEADER_SIZE + 4 * i);
        if (offset < table_end || offset > total || total - offset < DDI_DXBC_PART_HEADER_SIZE)
            return ddi_dxbc_fail(why, why_size, "part %u at offset %u is outside the container's parts", i, offset);
        tag = ddi_dxbc_read_u32(data + offset);
        part_size = ddi_dxbc_read_u32(data + offset + 4);
        if (part_size > total - offset - DDI_DXBC_PART_HEADER_SIZE)
        {
            ddi_dxbc_tag_text(tag, name);
            return ddi_dxbc_fail(why, why_size, "part %u (%s, %u bytes at offset %u) overruns the container", i, name,
                        part_size, offset);
        }
        dxbc->parts[i].tag = tag;
        dxbc->parts[i].size = part_size;
        dxbc->parts[i].data = data + offset + DDI_DXBC_PART_HEADER_SIZE;
    }
    dxbc->part_count = count;
    return check_checksum(data, size, dxbc, why, why_size);
}

const struct ddi_dxbc_part *ddi_dxbc_find(const struct ddi_dxbc *dxbc, uint32_t tag)
{
    uint32_t i;

    for (i = 0; i < dxbc->part_count; ++i)
    {
        if (dxbc->parts[i].tag == tag)
            return &dxbc->parts[i];
    }
    return NULL;
}

/* ---- Signatures ----------------------------------------------------------------------- */

HRESULT ddi_dxbc_parse_signature(const struct ddi_dxbc_part *part, struct ddi_dxbc_signature_element *elements,
                                 uint32_t max, uint32_t *count, char *why, size_t why_size)
{
    const unsigned char *data = part->data, *e;
    uint32_t size = part->size, element_size, n, offset, name, end, i;
    bool has_stream = false, has_precision = false;
    char text[5];

    ddi_dxbc_tag_text(part->tag, text);
    *count = 0;
    switch (part->tag)
    {
        case DDI_DXBC_FOURCC('O', 'S', 'G', '5'):
            element_size = 28;
            has_stream = true;
            break;
        case DDI_DXBC_FOURCC('I', 'S', 'G', '1'):
        case DDI_DXBC_FOURCC('O', 'S', 'G', '1'):
        case DDI_DXBC_FOURCC('P', 'S', 'G', '1'):
            element_size = 32;
            has_stream = has_precision = true;
            break;
        case DDI_DXBC_FOURCC('I', 'S', 'G', 'N'):
        case DDI_DXBC_FOURCC('O', 'S', 'G', 'N'):
        case DDI_DXBC_FOURCC('P', 'C', 'S', 'G'):
        case DDI_DXBC_FOURCC('P', 'S', 'G', 'N'):
            element_size = 24;
            break;
        default:
            return ddi_dxbc_fail(why, why_size, "the %s part is not a signature", text);
    }
    if (size < 8)
        return ddi_dxbc_fail(why, why_size, "the %s signature has %u bytes, less than its header", text, size);
    n = ddi_dxbc_read_u32(data);
    offset = ddi_dxbc_read_u32(data + 4);
    if (offset < 8 || offset > size || n > (size - offset) / element_size)
        return ddi_dxbc_fail(why, why_size, "the %s signature's %u elements at offset %u overrun its %u bytes", text, n,
                    offset, size);
    if (n > max)
        return ddi_dxbc_fail(why, why_size, "the %s signature has %u elements, more than %u", text, n, max);
    for (i = 0; i < n; ++i)
    {
        struct ddi_dxbc_signature_element *out = &elements[i];

        e = data + offset + i * element_size;
        memset(out, 0, sizeof(*out));
        if (has_stream)
        {
            out->stream = ddi_dxbc_read_u32(e);
            e += 4;
        }
        name = ddi_dxbc_read_u32(e);
        if (name >= size)
            return ddi_dxbc_fail(why, why_size,
                    "element %u of the %s signature names its semantic at offset %u, outside the part", i, text, name);
        for (end = name; end < size && data[end]; ++end)
            ;
        if (end == size)
            return ddi_dxbc_fail(why, why_size,
                    "the semantic name of element %u of the %s signature is not terminated", i, text);
        out->semantic = (const char *)data + name;
        out->semantic_index = ddi_dxbc_read_u32(e + 4);
        out->sysval = ddi_dxbc_read_u32(e + 8);
        out->component_type = ddi_dxbc_read_u32(e + 12);
        out->reg = ddi_dxbc_read_u32(e + 16);
        out->mask = e[20];
        out->rw_mask = e[21];
        if (has_precision)
            out->min_precision = ddi_dxbc_read_u32(e + 24);
    }
    *count = n;
    return S_OK;
}
