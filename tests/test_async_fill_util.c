/* FillBuffers device test helpers (test_async_fill.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async_fill.h"

#include <stdlib.h>
#include <string.h>

D3D12_FILL_BUFFER_DESC raw_fill(ID3D12Resource *buffer, UINT64 offset, UINT size, UINT repeat, UINT8 seed)
{
    D3D12_FILL_BUFFER_DESC desc;
    UINT i;

    memset(&desc, 0, sizeof(desc));
    desc.pBuffer = buffer;
    desc.Offset = offset;
    desc.RawPatternSizeInBytes = size;
    desc.RepeatCount = repeat;
    for (i = 0; i < 16; ++i)
        desc.FillValue.Bytes[i] = (UINT8)(seed + 17 * i);
    return desc;
}

void apply_fill(unsigned char *expected, UINT64 width, UINT64 offset, const UINT8 *pattern, UINT size, UINT repeat)
{
    UINT64 i, fit = offset <= width ? (width - offset) / size : 0;

    if (fit > repeat)
        fit = repeat;
    for (i = 0; i < fit * size; ++i)
        expected[offset + i] = pattern[i % size];
}

void apply_fill_desc(unsigned char *expected, UINT64 width, const D3D12_FILL_BUFFER_DESC *desc)
{
    apply_fill(expected, width, desc->Offset, desc->FillValue.Bytes, desc->RawPatternSizeInBytes, desc->RepeatCount);
}

unsigned char *poisoned(struct test_context *t, ID3D12Resource *buffer, UINT64 size, unsigned int seed)
{
    unsigned char *bytes = xmalloc(size);

    poison_buffer(t, buffer, seed);
    fill_pattern(bytes, size, seed);
    return bytes;
}

void check_buffer_(unsigned int line, struct test_context *t, ID3D12Resource *buffer, const unsigned char *expected,
                   size_t size, const char *what)
{
    unsigned char *got = xmalloc(size);

    read_buffer_(line, t, buffer, size, got);
    check_bytes_(line, got, expected, size, what);
    free(got);
}

void track_buffer(ID3D12GraphicsCommandList12 *list, ID3D12Resource *buffer)
{
    async_buffer_barrier(list, buffer, D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_ACCESS_NO_ACCESS,
                         D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_DEST);
}
