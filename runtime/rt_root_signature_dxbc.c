/*
 * DXBC containers: the header ("DXBC", a 16-byte checksum, version 1, total size, part
 * count, then the parts' offsets) and its parts (fourcc, size, data). Root signatures
 * travel as the RTS0 part of one, alone or inside a shader.
 */
#include <stdlib.h>

#include "rt_root_signature_blob.h"

#define RT_DXBC_VERSION 1u
#define RT_DXBC_CHECKSUM_OFFSET 4u
#define RT_DXBC_CHECKSUMMED_FROM 20u   /* the checksum covers everything after itself */

static uint32_t read_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void write_u32(unsigned char *p, uint32_t value)
{
    p[0] = (unsigned char)value;
    p[1] = (unsigned char)(value >> 8);
    p[2] = (unsigned char)(value >> 16);
    p[3] = (unsigned char)(value >> 24);
}

bool rt_dxbc_is_container(const void *data, size_t size)
{
    return size >= 4 && read_u32(data) == RT_DXBC_TAG_DXBC;
}

HRESULT rt_dxbc_find_part(const void *data, size_t size, uint32_t fourcc, const void **part, size_t *part_size,
                          char *why, size_t why_size)
{
    const unsigned char *bytes = data;
    uint32_t total, count, offset, length, i;

    if (size < RT_DXBC_HEADER_SIZE || !rt_dxbc_is_container(data, size))
        return rt_root_signature_fail(why, why_size, "%zu bytes are not a DXBC container", size);
    if (read_u32(bytes + 20) != RT_DXBC_VERSION)
        return rt_root_signature_fail(why, why_size, "unknown DXBC container version %#x", read_u32(bytes + 20));
    total = read_u32(bytes + 24);
    count = read_u32(bytes + 28);
    if (total < RT_DXBC_HEADER_SIZE || total > size)
        return rt_root_signature_fail(why, why_size, "the container declares %u bytes, %zu are given", total, size);
    if (count > (total - RT_DXBC_HEADER_SIZE) / 4)
        return rt_root_signature_fail(why, why_size, "%u part offsets do not fit in the container", count);
    for (i = 0; i < count; ++i)
    {
        offset = read_u32(bytes + RT_DXBC_HEADER_SIZE + 4 * i);
        if (offset > total || total - offset < RT_DXBC_PART_HEADER_SIZE)
            return rt_root_signature_fail(why, why_size, "part %u at offset %u is outside the container", i, offset);
        length = read_u32(bytes + offset + 4);
        if (length > total - offset - RT_DXBC_PART_HEADER_SIZE)
            return rt_root_signature_fail(why, why_size, "part %u (%u bytes at offset %u) overruns the container",
                                          i, length, offset);
        if (read_u32(bytes + offset) == fourcc)
        {
            *part = bytes + offset + RT_DXBC_PART_HEADER_SIZE;
            *part_size = length;
            return S_OK;
        }
    }
    rt_root_signature_fail(why, why_size, "the container has no %.4s part", (const char *)&fourcc);
    return DXGI_ERROR_NOT_FOUND;
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
        words[i] = read_u32(block + 4 * i);
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

void rt_dxbc_checksum(const void *data, size_t size, uint32_t checksum[4])
{
    const unsigned char *bytes = (const unsigned char *)data + RT_DXBC_CHECKSUMMED_FROM;
    size_t length = size - RT_DXBC_CHECKSUMMED_FROM, full = length & ~(size_t)63, rest = length - full, i;
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
        memcpy(block + 4, bytes + full, rest);
        block[4 + rest] = 0x80;
    }
    write_u32(block, bits);
    write_u32(block + 60, bits >> 2 | 1);
    md5_block(state, block);

    for (i = 0; i < 4; ++i)
        checksum[i] = state[i];
}

HRESULT rt_dxbc_wrap_part(uint32_t fourcc, const void *part, size_t part_size, void **out, size_t *out_size)
{
    const size_t offset = RT_DXBC_HEADER_SIZE + 4;
    uint32_t checksum[4];
    unsigned char *bytes;
    size_t size, i;

    if (part_size > UINT32_MAX - offset - RT_DXBC_PART_HEADER_SIZE)
        return E_INVALIDARG;
    size = offset + RT_DXBC_PART_HEADER_SIZE + part_size;
    if (!(bytes = calloc(1, size)))
        return E_OUTOFMEMORY;
    write_u32(bytes, RT_DXBC_TAG_DXBC);
    write_u32(bytes + 20, RT_DXBC_VERSION);
    write_u32(bytes + 24, (uint32_t)size);
    write_u32(bytes + 28, 1);
    write_u32(bytes + RT_DXBC_HEADER_SIZE, (uint32_t)offset);
    write_u32(bytes + offset, fourcc);
    write_u32(bytes + offset + 4, (uint32_t)part_size);
    memcpy(bytes + offset + RT_DXBC_PART_HEADER_SIZE, part, part_size);
    rt_dxbc_checksum(bytes, size, checksum);
    for (i = 0; i < 4; ++i)
        write_u32(bytes + RT_DXBC_CHECKSUM_OFFSET + 4 * i, checksum[i]);
    *out = bytes;
    *out_size = size;
    return S_OK;
}
