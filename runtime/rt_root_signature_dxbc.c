/*
 * DXBC containers: the header ("DXBC", a 16-byte checksum, version 1, total size, part
 * count, then the parts' offsets) and its parts (fourcc, size, data). Root signatures
 * travel as the RTS0 part of one, alone or inside a shader. The checksum is
 * ddi_dxbc_checksum (ddi/ddi_dxbc.h).
 */
#include <stdlib.h>

#include "rt_root_signature_blob.h"
#include "ddi_dxbc.h"

#define RT_DXBC_VERSION 1u
#define RT_DXBC_CHECKSUM_OFFSET 4u

bool rt_dxbc_is_container(const void *data, size_t size)
{
    return size >= 4 && ddi_dxbc_read_u32(data) == RT_DXBC_TAG_DXBC;
}

HRESULT rt_dxbc_find_part(const void *data, size_t size, uint32_t fourcc, const void **part, size_t *part_size,
                          char *why, size_t why_size)
{
    const unsigned char *bytes = data;
    uint32_t total, count, offset, length, i;

    if (size < RT_DXBC_HEADER_SIZE || !rt_dxbc_is_container(data, size))
        return ddi_dxbc_fail(why, why_size, "%zu bytes are not a DXBC container", size);
    if (ddi_dxbc_read_u32(bytes + 20) != RT_DXBC_VERSION)
        return ddi_dxbc_fail(why, why_size, "unknown DXBC container version %#x",
                ddi_dxbc_read_u32(bytes + 20));
    total = ddi_dxbc_read_u32(bytes + 24);
    count = ddi_dxbc_read_u32(bytes + 28);
    if (total < RT_DXBC_HEADER_SIZE || total > size)
        return ddi_dxbc_fail(why, why_size, "the container declares %u bytes, %zu are given", total, size);
    if (count > (total - RT_DXBC_HEADER_SIZE) / 4)
        return ddi_dxbc_fail(why, why_size, "%u part offsets do not fit in the container", count);
    for (i = 0; i < count; ++i)
    {
        offset = ddi_dxbc_read_u32(bytes + RT_DXBC_HEADER_SIZE + 4 * i);
        if (offset > total || total - offset < RT_DXBC_PART_HEADER_SIZE)
            return ddi_dxbc_fail(why, why_size, "part %u at offset %u is outside the container", i, offset);
        length = ddi_dxbc_read_u32(bytes + offset + 4);
        if (length > total - offset - RT_DXBC_PART_HEADER_SIZE)
            return ddi_dxbc_fail(why, why_size, "part %u (%u bytes at offset %u) overruns the container",
                                 i, length, offset);
        if (ddi_dxbc_read_u32(bytes + offset) == fourcc)
        {
            *part = bytes + offset + RT_DXBC_PART_HEADER_SIZE;
            *part_size = length;
            return S_OK;
        }
    }
    ddi_dxbc_fail(why, why_size, "the container has no %.4s part", (const char *)&fourcc);
    return DXGI_ERROR_NOT_FOUND;
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
    ddi_dxbc_write_u32(bytes, RT_DXBC_TAG_DXBC);
    ddi_dxbc_write_u32(bytes + 20, RT_DXBC_VERSION);
    ddi_dxbc_write_u32(bytes + 24, (uint32_t)size);
    ddi_dxbc_write_u32(bytes + 28, 1);
    ddi_dxbc_write_u32(bytes + RT_DXBC_HEADER_SIZE, (uint32_t)offset);
    ddi_dxbc_write_u32(bytes + offset, fourcc);
    ddi_dxbc_write_u32(bytes + offset + 4, (uint32_t)part_size);
    memcpy(bytes + offset + RT_DXBC_PART_HEADER_SIZE, part, part_size);
    ddi_dxbc_checksum(bytes, size, checksum);
    for (i = 0; i < 4; ++i)
        ddi_dxbc_write_u32(bytes + RT_DXBC_CHECKSUM_OFFSET + 4 * i, checksum[i]);
    *out = bytes;
    *out_size = size;
    return S_OK;
}
