/*
 * FillBuffers and ClearTextureSubresources end to end on the driver's native Async table
 * (the DDI spy forces NATIVE, test_async.h), on direct and compute lists: the API call
 * reaches the driver as one batch and the bytes read back are the ones written out here
 * by hand. The fallback routes are registered by their own tests once they exist; only
 * the native TCase has tests here.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async.h"
#include "test_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const D3D12_COMMAND_LIST_TYPE list_types[] =
{
    D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE,
};

static ID3D12Resource *texture_2d(struct test_context *t, DXGI_FORMAT format, UINT width, UINT height, UINT mips,
                                  D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(format, width, height, 1, mips, 1, flags);

    return create_texture(t->device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

/* A raw 12-byte pattern clamped to the 3 repetitions that fit in the last 40 bytes
 * (the 4 bytes after them keep their poison), and R8G8B8A8_UNORM {1, 0.5, 0, 0.25}
 * (ff 80 00 40) at offset 8, in one call. */
ASYNC_TEST(test_native_fill_buffers)
{
    static const unsigned char p12[] = {0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe, 0x01, 0x23, 0x45, 0x67};
    static const unsigned char rgba8[] = {0xff, 0x80, 0x00, 0x40};
    unsigned char expected[256], got[256];
    D3D12_FILL_BUFFER_DESC descs[2];
    struct test_context t;
    ID3D12Resource *buffer;
    UINT i;

    async_context_init(ctx, &t, list_types[_i]);
    buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(expected), D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    poison_buffer(&t, buffer, 7);

    memset(descs, 0, sizeof(descs));
    descs[0].pBuffer = buffer;
    descs[0].Offset = 216;
    memcpy(descs[0].FillValue.Bytes, p12, sizeof(p12));
    descs[0].RawPatternSizeInBytes = sizeof(p12);
    descs[0].RepeatCount = 100;
    descs[1].pBuffer = buffer;
    descs[1].Offset = 8;
    descs[1].FillValue.Floats[0] = 1.0f;
    descs[1].FillValue.Floats[1] = 0.5f;
    descs[1].FillValue.Floats[3] = 0.25f;
    descs[1].Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    descs[1].RepeatCount = 10;
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), ARRAY_SIZE(descs), descs);
    ck_assert_uint_eq(async_spy_count(ctx, "FillBuffers"), 1);
    execute_and_wait(&t);

    fill_pattern(expected, sizeof(expected), 7);
    for (i = 0; i < 3; ++i)
        memcpy(expected + 216 + i * sizeof(p12), p12, sizeof(p12));
    for (i = 0; i < 10; ++i)
        memcpy(expected + 8 + i * sizeof(rgba8), rgba8, sizeof(rgba8));
    read_buffer(&t, buffer, sizeof(got), got);
    check_bytes(got, expected, sizeof(got), "buffer");

    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* A texture without render-target or UAV flags: both mips of an R8G8B8A8_UNORM
 * texture through 0xFFFFFFFF to {1, 0, 0.5, 1} (ff 00 80 ff), and a region (pixels
 * 1..2 x 2) of an R16_UINT texture to 0xbeef, in one call. */
ASYNC_TEST(test_native_clear_texture_subresources)
{
    static const unsigned char rgba8[] = {0xff, 0x00, 0x80, 0xff};
    static const D3D12_BOX region = {1, 2, 0, 3, 3, 1};
    struct test_subresource_layout layout;
    D3D12_CLEAR_TEXTURE_DESC descs[2];
    unsigned char *got, *expected;
    ID3D12Resource *color, *r16;
    struct test_context t;
    UINT sub, x, y;

    async_context_init(ctx, &t, list_types[_i]);
    color = texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 4, 2, D3D12_RESOURCE_FLAG_NONE);
    r16 = texture_2d(&t, DXGI_FORMAT_R16_UINT, 4, 4, 1, D3D12_RESOURCE_FLAG_NONE);
    poison_texture(&t, color, 11);
    poison_texture(&t, r16, 12);

    memset(descs, 0, sizeof(descs));
    descs[0].pTexture = color;
    descs[0].SubresourceIndex = 0xffffffffu;
    descs[0].ClearValue.Floats[0] = 1.0f;
    descs[0].ClearValue.Floats[2] = 0.5f;
    descs[0].ClearValue.Floats[3] = 1.0f;
    descs[1].pTexture = r16;
    descs[1].ClearValue.Uints[0] = 0x1beef;
    descs[1].Format = DXGI_FORMAT_R16_UINT;
    descs[1].pRegion = &region;
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), ARRAY_SIZE(descs), descs);
    ck_assert_uint_eq(async_spy_count(ctx, "ClearTextureSubresources"), 1);
    execute_and_wait(&t);

    for (sub = 0; sub < 2; ++sub)
    {
        get_subresource_layout(t.device, color, sub, &layout);
        ck_assert_ptr_nonnull(got = malloc(layout.packed_size));
        ck_assert_ptr_nonnull(expected = malloc(layout.packed_size));
        for (x = 0; x < layout.packed_size; x += sizeof(rgba8))
            memcpy(expected + x, rgba8, sizeof(rgba8));
        read_texture_subresource(&t, color, sub, got);
        check_bytes(got, expected, layout.packed_size, sub ? "mip 1" : "mip 0");
        free(got);
        free(expected);
    }

    get_subresource_layout(t.device, r16, 0, &layout);
    ck_assert_uint_eq(layout.row_size, 8);
    ck_assert_ptr_nonnull(got = malloc(layout.packed_size));
    ck_assert_ptr_nonnull(expected = malloc(layout.packed_size));
    fill_pattern(expected, layout.packed_size, 12);
    for (y = 2; y < 3; ++y)
    {
        for (x = 1; x < 3; ++x)
        {
            expected[y * 8 + x * 2] = 0xef;
            expected[y * 8 + x * 2 + 1] = 0xbe;
        }
    }
    read_texture_subresource(&t, r16, 0, got);
    check_bytes(got, expected, layout.packed_size, "R16 region");
    free(got);
    free(expected);

    ID3D12Resource_Release(r16);
    ID3D12Resource_Release(color);
    test_context_destroy(&t);
}

static Suite *async_fill_clear_native_suite(void)
{
    Suite *suite = suite_create("async_fill_clear_native");
    struct async_tcases tcases;

    async_tcases_create(suite, "fill_clear", &tcases);
    tcase_add_loop_test(tcases.native, test_native_fill_buffers, 0, ARRAY_SIZE(list_types));
    tcase_add_loop_test(tcases.native, test_native_clear_texture_subresources, 0, ARRAY_SIZE(list_types));
    return suite;
}

int main(void)
{
    return test_run_suites(async_fill_clear_native_suite(), NULL);
}
