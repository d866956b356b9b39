/* Helpers of the bound-clear device tests (test_async_bound_clear.h). */
#include "test_async_bound_clear.h"
#include "ddi_spy.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

ID3D12Resource *target(struct test_context *t, DXGI_FORMAT format, UINT slices, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(format, SIZE, SIZE, slices, 1, 1, flags);

    return create_texture(t->device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

ID3D12Resource *poisoned_target(struct test_context *t, DXGI_FORMAT format, UINT slices, D3D12_RESOURCE_FLAGS flags,
                                unsigned int seed, unsigned char **before)
{
    ID3D12Resource *texture = target(t, format, slices, flags);

    poison_texture(t, texture, seed);
    *before = read_sub(t, texture, 0, NULL);
    return texture;
}

ID3D12DescriptorHeap *heap(struct test_context *t, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count,
                           D3D12_CPU_DESCRIPTOR_HANDLE *start)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {0};
    ID3D12DescriptorHeap *h;

    desc.Type = type;
    desc.NumDescriptors = count;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t->device, &desc, &IID_ID3D12DescriptorHeap, (void **)&h),
                     S_OK);
    *start = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(h);
    return h;
}

D3D12_CPU_DESCRIPTOR_HANDLE handle_at(struct test_context *t, D3D12_CPU_DESCRIPTOR_HANDLE start,
                                      D3D12_DESCRIPTOR_HEAP_TYPE type, UINT index)
{
    start.ptr += (SIZE_T)index * ID3D12Device_GetDescriptorHandleIncrementSize(t->device, type);
    return start;
}

unsigned char *read_sub(struct test_context *t, ID3D12Resource *texture, UINT sub, size_t *size)
{
    struct test_subresource_layout layout;
    unsigned char *bytes;

    get_subresource_layout(t->device, texture, sub, &layout);
    ck_assert_ptr_nonnull(bytes = malloc(layout.packed_size));
    read_texture_subresource(t, texture, sub, bytes);
    if (size)
        *size = layout.packed_size;
    return bytes;
}

void set_texels(unsigned char *bytes, const void *element, size_t element_size, UINT x0, UINT y0, UINT x1,
                UINT y1)
{
    UINT x, y;

    for (y = y0; y < y1; ++y)
        for (x = x0; x < x1; ++x)
            memcpy(bytes + ((size_t)y * SIZE + x) * element_size, element, element_size);
}

void check_sub_(unsigned int line, struct test_context *t, ID3D12Resource *texture, UINT sub,
                const unsigned char *expected)
{
    unsigned char *got;
    size_t size, i;

    got = read_sub(t, texture, sub, &size);
    for (i = 0; i < size; ++i)
    {
        if (got[i] != expected[i])
            ck_abort_msg("line %u: subresource %u byte %zu is %#x, expected %#x", line, sub, i, got[i], expected[i]);
    }
    free(got);
}

void check_depth24_(unsigned int line, struct test_context *t, ID3D12Resource *texture,
                    const unsigned char *expected)
{
    unsigned char *got = read_sub(t, texture, 0, NULL);
    UINT x, y;

    for (y = 0; y < SIZE; ++y)
    {
        for (x = 0; x < SIZE; ++x)
            ck_assert_msg(!memcmp(got + 4 * (y * SIZE + x), expected + 4 * (y * SIZE + x), 3),
                          "line %u: depth texel (%u, %u)", line, x, y);
    }
    free(got);
}

size_t spy_count_with(const struct async_ctx *ctx, const char *name, const char *substring)
{
    struct ddi_spy_call call;
    size_t i, count = 0;

    for (i = 0; ddi_spy_get_call(ctx->spy, i, &call); ++i)
        count += !strcmp(call.name, name) && strstr(call.args, substring);
    return count;
}
