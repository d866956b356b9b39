/*
 * End-to-end copies: UPLOAD → DEFAULT → READBACK through the runtime and the built-in
 * driver, on direct, compute and copy lists. Destinations are poisoned first and every
 * byte read back is compared with an expectation computed here, independently of the
 * runtime's and the driver's footprint code. Copies under predication.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_check.h"
#include "test_device.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The list types copies run on; loop tests index it. */
static const D3D12_COMMAND_LIST_TYPE copy_list_types[] =
{
    D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY,
};

/* What the expectations need to know of a format, written out here on purpose. */
struct test_format
{
    DXGI_FORMAT format;
    unsigned int block_bytes, block_size;   /* bytes per block; block edge in pixels */
};

static const struct test_format test_formats[] =
{
    {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1},
    {DXGI_FORMAT_R16G16_FLOAT, 4, 1},
    {DXGI_FORMAT_R32_UINT, 4, 1},
    {DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 1},
    {DXGI_FORMAT_BC1_UNORM, 8, 4},
    {DXGI_FORMAT_BC3_UNORM, 16, 4},
    {DXGI_FORMAT_BC6H_SF16, 16, 4},
    {DXGI_FORMAT_BC7_UNORM_SRGB, 16, 4},
};

static ID3D12Resource *create_default_buffer(struct test_context *ctx, UINT64 size)
{
    return create_buffer(ctx->device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_COMMON);
}

static ID3D12Resource *create_tex(struct test_context *ctx, D3D12_RESOURCE_DIMENSION dimension, DXGI_FORMAT format,
                                  UINT width, UINT height, UINT depth_or_layers, UINT mips, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = {0};

    desc.Dimension = dimension;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = depth_or_layers;
    desc.MipLevels = mips;
    desc.Format = format;
    desc.SampleDesc.Count = 1;
    desc.Flags = flags;
    return create_texture(ctx->device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

/* Packed data of a subresource: rows of whole blocks, one slice after the other. */
struct packed
{
    unsigned char *data;
    size_t row_size;          /* bytes of one row of blocks */
    size_t rows;              /* rows of blocks per slice */
    size_t slices;
    size_t size;
};

/* The packed shape of a width x height x depth subresource, computed from the format. */
static void packed_init(struct packed *p, const struct test_format *f, UINT width, UINT height, UINT depth)
{
    p->row_size = (size_t)(width + f->block_size - 1) / f->block_size * f->block_bytes;
    p->rows = (height + f->block_size - 1) / f->block_size;
    p->slices = depth;
    p->size = p->row_size * p->rows * p->slices;
    p->data = xmalloc(p->size);
}

static unsigned char *packed_at(const struct packed *p, const struct test_format *f, UINT block_x, UINT block_y,
                                UINT z)
{
    return p->data + (z * p->rows + block_y) * p->row_size + (size_t)block_x * f->block_bytes;
}

static void subresource_location(D3D12_TEXTURE_COPY_LOCATION *location, ID3D12Resource *texture, UINT sub)
{
    location->pResource = texture;
    location->Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    location->SubresourceIndex = sub;
}

/* The layout the helpers use must be the one computed here. */
static void check_layout(struct test_context *ctx, ID3D12Resource *texture, UINT sub, const struct packed *p)
{
    struct test_subresource_layout layout;

    get_subresource_layout(ctx->device, texture, sub, &layout);
    ck_assert_uint_eq(layout.row_size, p->row_size);
    ck_assert_uint_eq(layout.row_count, p->rows);
    ck_assert_uint_eq(layout.footprint.Footprint.Depth, p->slices);
}

/* ---- Buffers --------------------------------------------------------------------------- */

START_TEST(test_copy_buffer_region)
{
    unsigned char src_data[1024], expected[1024], got[1024];
    ID3D12Resource *src, *dst, *readback;
    struct test_context ctx;
    D3D12_RANGE range = {0, sizeof(got)};
    void *ptr;

    test_context_init(&ctx, copy_list_types[_i]);
    src = create_default_buffer(&ctx, sizeof(src_data));
    dst = create_default_buffer(&ctx, sizeof(expected));
    fill_pattern(src_data, sizeof(src_data), 10);
    upload_buffer_data(&ctx, src, 0, src_data, sizeof(src_data));
    poison_buffer(&ctx, dst, 20);

    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 100, src, 300, 200);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 1000, src, 0, 24);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 7, src, 1013, 11);
    execute_and_wait(&ctx);

    fill_pattern(expected, sizeof(expected), 20);
    memcpy(expected + 100, src_data + 300, 200);
    memcpy(expected + 1000, src_data, 24);
    memcpy(expected + 7, src_data + 1013, 11);
    read_buffer(&ctx, dst, sizeof(got), got);
    check_bytes(got, expected, sizeof(got));

    /* Straight into a READBACK buffer at an offset. */
    readback = create_buffer(ctx.device, D3D12_HEAP_TYPE_READBACK, 512, D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_COPY_DEST);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, readback, 256, src, 512, 256);
    execute_and_wait(&ctx);
    ck_assert_int_eq(ID3D12Resource_Map(readback, 0, &range, &ptr), S_OK);
    check_bytes((unsigned char *)ptr + 256, src_data + 512, 256);
    ID3D12Resource_Unmap(readback, 0, NULL);

    ID3D12Resource_Release(readback);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    test_context_destroy(&ctx);
}
END_TEST

/* ExecuteCommandLists of more lists than it keeps on its stack (64) runs every one of
 * them, as a call of a few does: each list copies its own 16 bytes. */
START_TEST(test_execute_many_lists)
{
    enum {COUNT = 70, CHUNK = 16};
    unsigned char src_data[COUNT * CHUNK], expected[COUNT * CHUNK], got[COUNT * CHUNK];
    ID3D12GraphicsCommandList *lists[COUNT];
    ID3D12CommandAllocator *allocator;
    ID3D12Resource *src, *dst;
    struct test_context ctx;
    unsigned int i, calls[2] = {3, COUNT - 3};

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    src = create_default_buffer(&ctx, sizeof(src_data));
    dst = create_default_buffer(&ctx, sizeof(got));
    fill_pattern(src_data, sizeof(src_data), 11);
    upload_buffer_data(&ctx, src, 0, src_data, sizeof(src_data));
    poison_buffer(&ctx, dst, 21);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&allocator), S_OK);
    for (i = 0; i < COUNT; ++i)
    {
        ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator,
                NULL, &IID_ID3D12GraphicsCommandList, (void **)&lists[i]), S_OK);
        /* In reverse, so that the order of the lists shows nowhere but in the bytes. */
        ID3D12GraphicsCommandList_CopyBufferRegion(lists[i], dst, (COUNT - 1 - i) * CHUNK, src, i * CHUNK, CHUNK);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Close(lists[i]), S_OK);
    }
    /* A call of 3 (on the stack), then one of 67 (allocated). */
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, calls[0], (ID3D12CommandList *const *)lists);
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, calls[1], (ID3D12CommandList *const *)lists + calls[0]);
    wait_queue_idle(&ctx);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(ctx.device), S_OK);

    for (i = 0; i < COUNT; ++i)
        memcpy(expected + (COUNT - 1 - i) * CHUNK, src_data + i * CHUNK, CHUNK);
    read_buffer(&ctx, dst, sizeof(got), got);
    check_bytes(got, expected, sizeof(got));

    for (i = 0; i < COUNT; ++i)
        ID3D12GraphicsCommandList_Release(lists[i]);
    ID3D12CommandAllocator_Release(allocator);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_copy_resource_buffer)
{
    unsigned char src_data[4096], got[4096];
    ID3D12Resource *src, *dst;
    struct test_context ctx;

    test_context_init(&ctx, copy_list_types[_i]);
    src = create_default_buffer(&ctx, sizeof(src_data));
    dst = create_default_buffer(&ctx, sizeof(src_data));
    fill_pattern(src_data, sizeof(src_data), 30);
    upload_buffer_data(&ctx, src, 0, src_data, sizeof(src_data));
    poison_buffer(&ctx, dst, 31);

    ID3D12GraphicsCommandList_CopyResource(ctx.list, dst, src);
    execute_and_wait(&ctx);
    read_buffer(&ctx, dst, sizeof(got), got);
    check_bytes(got, src_data, sizeof(got));

    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    test_context_destroy(&ctx);
}
END_TEST

/* WriteBufferImmediate writes 32-bit values at GPU addresses. */
START_TEST(test_write_buffer_immediate)
{
    D3D12_WRITEBUFFERIMMEDIATE_MODE modes[3] = {D3D12_WRITEBUFFERIMMEDIATE_MODE_DEFAULT,
            D3D12_WRITEBUFFERIMMEDIATE_MODE_MARKER_IN, D3D12_WRITEBUFFERIMMEDIATE_MODE_MARKER_OUT};
    D3D12_WRITEBUFFERIMMEDIATE_PARAMETER params[3];
    unsigned char expected[256], got[256];
    ID3D12GraphicsCommandList2 *list2;
    D3D12_GPU_VIRTUAL_ADDRESS va;
    struct test_context ctx;
    ID3D12Resource *buffer;
    unsigned int i;

    test_context_init(&ctx, copy_list_types[_i]);
    buffer = create_default_buffer(&ctx, sizeof(expected));
    poison_buffer(&ctx, buffer, 100);
    va = ID3D12Resource_GetGPUVirtualAddress(buffer);
    params[0].Dest = va;
    params[0].Value = 0x11223344;
    params[1].Dest = va + 100;
    params[1].Value = 0xa5a5a5a5;
    params[2].Dest = va + 252;
    params[2].Value = 0xdeadbeef;
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList2,
                                                              (void **)&list2), S_OK);
    ID3D12GraphicsCommandList2_WriteBufferImmediate(list2, 3, params, modes);
    ID3D12GraphicsCommandList2_Release(list2);
    execute_and_wait(&ctx);

    fill_pattern(expected, sizeof(expected), 100);
    for (i = 0; i < 3; ++i)
        memcpy(expected + (params[i].Dest - va), &params[i].Value, sizeof(UINT32));
    read_buffer(&ctx, buffer, sizeof(got), got);
    check_bytes(got, expected, sizeof(got));

    ID3D12Resource_Release(buffer);
    test_context_destroy(&ctx);
}
END_TEST

/* AtomicCopyBuffer* move one aligned 4- or 8-byte value. */
START_TEST(test_atomic_copy_buffer)
{
    unsigned char src_data[64], expected[64], got[64];
    ID3D12GraphicsCommandList1 *list1;
    D3D12_SUBRESOURCE_RANGE_UINT64 range = {0, {0, 64}};
    ID3D12Resource *src, *dst;
    struct test_context ctx;

    test_context_init(&ctx, copy_list_types[_i]);
    src = create_default_buffer(&ctx, sizeof(src_data));
    dst = create_default_buffer(&ctx, sizeof(expected));
    fill_pattern(src_data, sizeof(src_data), 110);
    upload_buffer_data(&ctx, src, 0, src_data, sizeof(src_data));
    poison_buffer(&ctx, dst, 111);

    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList1,
                                                              (void **)&list1), S_OK);
    ID3D12GraphicsCommandList1_AtomicCopyBufferUINT(list1, dst, 4, src, 40, 1, &src, &range);
    ID3D12GraphicsCommandList1_AtomicCopyBufferUINT64(list1, dst, 48, src, 8, 0, NULL, NULL);
    ID3D12GraphicsCommandList1_Release(list1);
    execute_and_wait(&ctx);

    fill_pattern(expected, sizeof(expected), 111);
    memcpy(expected + 4, src_data + 40, 4);
    memcpy(expected + 48, src_data + 8, 8);
    read_buffer(&ctx, dst, sizeof(got), got);
    check_bytes(got, expected, sizeof(got));

    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Textures -------------------------------------------------------------------------- */

/* Every subresource of a 2D array with mips, every format: buffer → texture → buffer. */
START_TEST(test_copy_texture_formats)
{
    const struct test_format *f = &test_formats[_i % ARRAY_SIZE(test_formats)];
    const UINT width = 16, height = 12, mips = 3, layers = 2;
    struct packed data, got;
    ID3D12Resource *texture;
    struct test_context ctx;
    UINT sub, mip;

    test_context_init(&ctx, copy_list_types[_i / ARRAY_SIZE(test_formats)]);
    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, f->format, width, height, layers, mips,
                         D3D12_RESOURCE_FLAG_NONE);
    poison_texture(&ctx, texture, 40);
    for (sub = 0; sub < mips * layers; ++sub)
    {
        mip = sub % mips;
        packed_init(&data, f, width >> mip ? width >> mip : 1, height >> mip ? height >> mip : 1, 1);
        check_layout(&ctx, texture, sub, &data);
        fill_pattern(data.data, data.size, 50 + sub);
        upload_texture_data(&ctx, texture, sub, data.data);
        free(data.data);
    }
    /* Read back after all writes: no subresource overwrote another. */
    for (sub = 0; sub < mips * layers; ++sub)
    {
        mip = sub % mips;
        packed_init(&data, f, width >> mip ? width >> mip : 1, height >> mip ? height >> mip : 1, 1);
        packed_init(&got, f, width >> mip ? width >> mip : 1, height >> mip ? height >> mip : 1, 1);
        fill_pattern(data.data, data.size, 50 + sub);
        memset(got.data, 0, got.size);
        read_texture_subresource(&ctx, texture, sub, got.data);
        check_bytes(got.data, data.data, data.size);
        free(got.data);
        free(data.data);
    }
    ID3D12Resource_Release(texture);
    test_context_destroy(&ctx);
}
END_TEST

/* A source box from a placed footprint into part of a poisoned texture. */
START_TEST(test_copy_texture_box_from_buffer)
{
    const struct test_format *f = &test_formats[_i % ARRAY_SIZE(test_formats)];
    const UINT width = 32, height = 16, src_width = 16, src_height = 16;
    const UINT bs = f->block_size;
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    struct packed expected, got, src_data;
    ID3D12Resource *texture, *buffer;
    struct test_context ctx;
    D3D12_BOX box;
    UINT x, y, row_pitch;
    unsigned char *staging;

    test_context_init(&ctx, copy_list_types[_i / ARRAY_SIZE(test_formats)]);
    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, f->format, width, height, 1, 1,
                         D3D12_RESOURCE_FLAG_NONE);
    poison_texture(&ctx, texture, 60);

    /* A 16x16 footprint at offset 512 with a roomy pitch. */
    packed_init(&src_data, f, src_width, src_height, 1);
    fill_pattern(src_data.data, src_data.size, 61);
    row_pitch = 512;
    staging = xmalloc(512 + (size_t)row_pitch * src_data.rows);
    memset(staging, 0xcd, 512 + (size_t)row_pitch * src_data.rows);
    for (y = 0; y < src_data.rows; ++y)
        memcpy(staging + 512 + (size_t)y * row_pitch, src_data.data + y * src_data.row_size, src_data.row_size);
    buffer = create_default_buffer(&ctx, 512 + (UINT64)row_pitch * src_data.rows);
    upload_buffer_data(&ctx, buffer, 0, staging, 512 + (size_t)row_pitch * src_data.rows);

    memset(&src, 0, sizeof(src));
    src.pResource = buffer;
    src.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    src.PlacedFootprint.Offset = 512;
    src.PlacedFootprint.Footprint.Format = f->format;
    src.PlacedFootprint.Footprint.Width = src_width;
    src.PlacedFootprint.Footprint.Height = src_height;
    src.PlacedFootprint.Footprint.Depth = 1;
    src.PlacedFootprint.Footprint.RowPitch = row_pitch;
    dst.pResource = texture;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    dst.SubresourceIndex = 0;
    /* Pixels [4, 12) x [8, 16) of the footprint to (20, 4) of the texture. */
    box.left = 4; box.right = 12; box.top = 8; box.bottom = 16; box.front = 0; box.back = 1;
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx.list, &dst, 20, 4, 0, &src, &box);
    execute_and_wait(&ctx);

    packed_init(&expected, f, width, height, 1);
    packed_init(&got, f, width, height, 1);
    fill_pattern(expected.data, expected.size, 60);
    for (y = 0; y < (box.bottom - box.top) / bs; ++y)
    {
        for (x = 0; x < (box.right - box.left) / bs; ++x)
            memcpy(packed_at(&expected, f, 20 / bs + x, 4 / bs + y, 0),
                   packed_at(&src_data, f, box.left / bs + x, box.top / bs + y, 0), f->block_bytes);
    }
    read_texture_subresource(&ctx, texture, 0, got.data);
    check_bytes(got.data, expected.data, expected.size);

    free(staging);
    free(got.data);
    free(expected.data);
    free(src_data.data);
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(texture);
    test_context_destroy(&ctx);
}
END_TEST

/* Texture to texture: a box of one array slice's mip into another texture. */
START_TEST(test_copy_texture_to_texture)
{
    const struct test_format *f = &test_formats[_i % ARRAY_SIZE(test_formats)];
    const UINT bs = f->block_size;
    struct packed src_data, expected, got;
    ID3D12Resource *src, *dst, *whole;
    D3D12_TEXTURE_COPY_LOCATION dst_loc, src_loc;
    struct test_context ctx;
    D3D12_BOX box;
    UINT x, y;

    test_context_init(&ctx, copy_list_types[_i / ARRAY_SIZE(test_formats)]);
    /* Source: 32x32, 2 mips, 3 slices; the copy reads slice 2, mip 1 (16x16): subresource 5. */
    src = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, f->format, 32, 32, 3, 2, D3D12_RESOURCE_FLAG_NONE);
    dst = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, f->format, 24, 20, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    packed_init(&src_data, f, 16, 16, 1);
    fill_pattern(src_data.data, src_data.size, 70);
    upload_texture_data(&ctx, src, 5, src_data.data);
    poison_texture(&ctx, dst, 71);

    subresource_location(&dst_loc, dst, 0);
    subresource_location(&src_loc, src, 5);
    box.left = 4; box.right = 16; box.top = 0; box.bottom = 8; box.front = 0; box.back = 1;
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx.list, &dst_loc, 8, 12, 0, &src_loc, &box);
    execute_and_wait(&ctx);

    packed_init(&expected, f, 24, 20, 1);
    packed_init(&got, f, 24, 20, 1);
    fill_pattern(expected.data, expected.size, 71);
    for (y = 0; y < (box.bottom - box.top) / bs; ++y)
    {
        for (x = 0; x < (box.right - box.left) / bs; ++x)
            memcpy(packed_at(&expected, f, 8 / bs + x, 12 / bs + y, 0),
                   packed_at(&src_data, f, box.left / bs + x, box.top / bs + y, 0), f->block_bytes);
    }
    read_texture_subresource(&ctx, dst, 0, got.data);
    check_bytes(got.data, expected.data, expected.size);
    free(got.data);
    free(expected.data);

    /* CopyResource moves every subresource. */
    whole = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, f->format, 32, 32, 3, 2, D3D12_RESOURCE_FLAG_NONE);
    poison_texture(&ctx, whole, 72);
    ID3D12GraphicsCommandList_CopyResource(ctx.list, whole, src);
    execute_and_wait(&ctx);
    packed_init(&got, f, 16, 16, 1);
    read_texture_subresource(&ctx, whole, 5, got.data);
    check_bytes(got.data, src_data.data, src_data.size);
    free(got.data);
    packed_init(&got, f, 32, 32, 1);
    packed_init(&expected, f, 32, 32, 1);
    read_texture_subresource(&ctx, whole, 0, got.data);
    read_texture_subresource(&ctx, src, 0, expected.data);
    check_bytes(got.data, expected.data, expected.size);

    free(got.data);
    free(expected.data);
    free(src_data.data);
    ID3D12Resource_Release(whole);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    test_context_destroy(&ctx);
}
END_TEST

/* A 3D texture: whole mips through buffers, then a sub-volume to another 3D texture. */
START_TEST(test_copy_texture_3d)
{
    static const struct test_format rgba = {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1};
    struct packed mip0, mip1, expected, got;
    D3D12_TEXTURE_COPY_LOCATION dst_loc, src_loc;
    ID3D12Resource *volume, *other;
    struct test_context ctx;
    D3D12_BOX box;
    UINT x, y, z;

    test_context_init(&ctx, copy_list_types[_i]);
    volume = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE3D, rgba.format, 8, 8, 4, 2, D3D12_RESOURCE_FLAG_NONE);
    other = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE3D, rgba.format, 8, 8, 4, 1, D3D12_RESOURCE_FLAG_NONE);
    packed_init(&mip0, &rgba, 8, 8, 4);
    packed_init(&mip1, &rgba, 4, 4, 2);
    check_layout(&ctx, volume, 0, &mip0);
    check_layout(&ctx, volume, 1, &mip1);
    fill_pattern(mip0.data, mip0.size, 80);
    fill_pattern(mip1.data, mip1.size, 81);
    upload_texture_data(&ctx, volume, 0, mip0.data);
    upload_texture_data(&ctx, volume, 1, mip1.data);

    packed_init(&got, &rgba, 4, 4, 2);
    read_texture_subresource(&ctx, volume, 1, got.data);
    check_bytes(got.data, mip1.data, mip1.size);
    free(got.data);

    poison_texture(&ctx, other, 82);
    subresource_location(&dst_loc, other, 0);
    subresource_location(&src_loc, volume, 0);
    box.left = 1; box.right = 6; box.top = 2; box.bottom = 5; box.front = 1; box.back = 3;
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx.list, &dst_loc, 3, 0, 2, &src_loc, &box);
    execute_and_wait(&ctx);

    packed_init(&expected, &rgba, 8, 8, 4);
    packed_init(&got, &rgba, 8, 8, 4);
    fill_pattern(expected.data, expected.size, 82);
    for (z = 0; z < box.back - box.front; ++z)
        for (y = 0; y < box.bottom - box.top; ++y)
            for (x = 0; x < box.right - box.left; ++x)
                memcpy(packed_at(&expected, &rgba, 3 + x, y, 2 + z),
                       packed_at(&mip0, &rgba, box.left + x, box.top + y, box.front + z), 4);
    read_texture_subresource(&ctx, other, 0, got.data);
    check_bytes(got.data, expected.data, expected.size);

    free(got.data);
    free(expected.data);
    free(mip1.data);
    free(mip0.data);
    ID3D12Resource_Release(other);
    ID3D12Resource_Release(volume);
    test_context_destroy(&ctx);
}
END_TEST

/* Empty and inverted source boxes copy nothing and leave the list healthy, between copies
 * that land. D3D12_BOX defines a box as empty when left >= right, top >= bottom or
 * front >= back; vkd3d's copy tests, written to pass on Windows, record such boxes (one
 * starting past the source) and read back only the other copies' bytes. */
START_TEST(test_copy_texture_empty_boxes)
{
    static const struct test_format rgba = {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1};
    static const D3D12_BOX copied[2] = {{0, 0, 0, 8, 8, 1}, {8, 8, 0, 16, 16, 1}};
    static const D3D12_BOX empty[] =
    {
        {4, 4, 0, 4, 8, 1},     /* left == right */
        {0, 6, 0, 8, 2, 1},     /* top > bottom */
        {0, 0, 1, 8, 8, 1},     /* front == back */
        {20, 0, 0, 12, 4, 1},   /* inverted, starting past the 16-wide source */
    };
    D3D12_TEXTURE_COPY_LOCATION dst_loc, src_loc;
    struct packed source, expected, got;
    ID3D12Resource *src, *dst;
    struct test_context ctx;
    UINT i, x, y;

    test_context_init(&ctx, copy_list_types[_i]);
    src = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, rgba.format, 16, 16, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    dst = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, rgba.format, 16, 16, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    packed_init(&source, &rgba, 16, 16, 1);
    fill_pattern(source.data, source.size, 90);
    upload_texture_data(&ctx, src, 0, source.data);
    poison_texture(&ctx, dst, 91);

    subresource_location(&dst_loc, dst, 0);
    subresource_location(&src_loc, src, 0);
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx.list, &dst_loc, 0, 0, 0, &src_loc, &copied[0]);
    /* Each at a destination point the region would overflow, were it not empty. */
    for (i = 0; i < ARRAY_SIZE(empty); ++i)
        ID3D12GraphicsCommandList_CopyTextureRegion(ctx.list, &dst_loc, 12, 12, 0, &src_loc, &empty[i]);
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx.list, &dst_loc, 8, 8, 0, &src_loc, &copied[1]);
    execute_and_wait(&ctx);

    packed_init(&expected, &rgba, 16, 16, 1);
    packed_init(&got, &rgba, 16, 16, 1);
    fill_pattern(expected.data, expected.size, 91);
    for (i = 0; i < ARRAY_SIZE(copied); ++i)
        for (y = copied[i].top; y < copied[i].bottom; ++y)
            for (x = copied[i].left; x < copied[i].right; ++x)
                memcpy(packed_at(&expected, &rgba, x, y, 0), packed_at(&source, &rgba, x, y, 0), 4);
    read_texture_subresource(&ctx, dst, 0, got.data);
    check_bytes(got.data, expected.data, expected.size);

    free(got.data);
    free(expected.data);
    free(source.data);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    test_context_destroy(&ctx);
}
END_TEST

/* The depth plane of a D32_FLOAT texture, whole, both ways. */
START_TEST(test_copy_depth)
{
    static const struct test_format depth = {DXGI_FORMAT_D32_FLOAT, 4, 1};
    struct packed data, got;
    ID3D12Resource *texture;
    struct test_context ctx;
    float *values;
    size_t i;

    test_context_init(&ctx, copy_list_types[_i]);
    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, depth.format, 16, 8, 1, 1,
                         D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    packed_init(&data, &depth, 16, 8, 1);
    packed_init(&got, &depth, 16, 8, 1);
    check_layout(&ctx, texture, 0, &data);
    values = (float *)data.data;
    for (i = 0; i < data.size / sizeof(float); ++i)
        values[i] = (float)i / (float)(data.size / sizeof(float));
    upload_texture_data(&ctx, texture, 0, data.data);
    read_texture_subresource(&ctx, texture, 0, got.data);
    check_bytes(got.data, data.data, data.size);

    free(got.data);
    free(data.data);
    ID3D12Resource_Release(texture);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Predication ------------------------------------------------------------------------ */

/* Under a predicate that skips, the three copies write nothing; WriteBufferImmediate,
 * timestamps and ResolveQueryData are not predicated and run; a predicate that passes
 * lets the copies run. The predicate buffer holds 0 at offset 0 and 1 at offset 8. */
START_TEST(test_copy_predication)
{
    static const UINT64 predicates[2] = {0, 1};
    D3D12_TEXTURE_COPY_LOCATION dst_location, src_location;
    ID3D12Resource *predicate, *src, *skipped, *copied, *whole, *texture, *results;
    struct test_subresource_layout layout;
    D3D12_WRITEBUFFERIMMEDIATE_PARAMETER param;
    ID3D12GraphicsCommandList2 *list2;
    unsigned char data[1024], expected[1024], got[1024], *tex_expected, *tex_got;
    struct test_context ctx;
    ID3D12QueryHeap *heap;
    D3D12_QUERY_HEAP_DESC heap_desc = {D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 1, 0};
    UINT64 values[3];
    UINT32 word;
    HRESULT hr;

    test_context_init(&ctx, copy_list_types[_i]);
    /* First, so that a driver without query heaps skips before anything is made. */
    hr = ID3D12Device_CreateQueryHeap(ctx.device, &heap_desc, &IID_ID3D12QueryHeap, (void **)&heap);
    test_require(hr != E_NOTIMPL, "the driver has no query heaps");
    ck_assert_int_eq(hr, S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList2,
                                                              (void **)&list2), S_OK);
    predicate = create_default_buffer(&ctx, 256);
    upload_buffer_data(&ctx, predicate, 0, predicates, sizeof(predicates));
    src = create_default_buffer(&ctx, sizeof(data));
    fill_pattern(data, sizeof(data), 1);
    upload_buffer_data(&ctx, src, 0, data, sizeof(data));
    skipped = create_default_buffer(&ctx, sizeof(data));
    poison_buffer(&ctx, skipped, 2);
    whole = create_default_buffer(&ctx, sizeof(data));
    poison_buffer(&ctx, whole, 3);
    copied = create_default_buffer(&ctx, sizeof(data));
    poison_buffer(&ctx, copied, 4);
    results = create_default_buffer(&ctx, 256);
    poison_buffer(&ctx, results, 5);
    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1,
                         D3D12_RESOURCE_FLAG_NONE);
    poison_texture(&ctx, texture, 6);
    get_subresource_layout(ctx.device, texture, 0, &layout);
    ck_assert_uint_le(layout.footprint.Footprint.RowPitch * 3 + 16, sizeof(data));

    ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, skipped, 0, src, 0, sizeof(data));
    ID3D12GraphicsCommandList_CopyResource(ctx.list, whole, src);
    dst_location.pResource = texture;
    dst_location.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    dst_location.SubresourceIndex = 0;
    src_location.pResource = src;
    src_location.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    src_location.PlacedFootprint = layout.footprint;
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx.list, &dst_location, 0, 0, 0, &src_location, NULL);
    param.Dest = ID3D12Resource_GetGPUVirtualAddress(results) + 24;
    param.Value = 0xa5a5a5a5;
    ID3D12GraphicsCommandList2_WriteBufferImmediate(list2, 1, &param, NULL);
    ID3D12GraphicsCommandList_EndQuery(ctx.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, results, 8);
    ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 8, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, copied, 0, src, 0, sizeof(data));
    execute_and_wait(&ctx);

    read_buffer(&ctx, skipped, sizeof(got), got);
    fill_pattern(expected, sizeof(expected), 2);
    check_bytes(got, expected, sizeof(got));
    read_buffer(&ctx, whole, sizeof(got), got);
    fill_pattern(expected, sizeof(expected), 3);
    check_bytes(got, expected, sizeof(got));
    read_buffer(&ctx, copied, sizeof(got), got);
    check_bytes(got, data, sizeof(got));
    tex_expected = xmalloc(layout.packed_size);
    tex_got = xmalloc(layout.packed_size);
    fill_pattern(tex_expected, layout.packed_size, 6);
    read_texture_subresource(&ctx, texture, 0, tex_got);
    check_bytes(tex_got, tex_expected, layout.packed_size);
    /* The timestamp (8..15) and the immediate write (24..27) happened; byte 0..7 kept. */
    read_buffer(&ctx, results, sizeof(values) + sizeof(word), got);
    memcpy(values, got, sizeof(values));
    memcpy(&word, got + 24, sizeof(word));
    fill_pattern(expected, 8, 5);
    check_bytes(got, expected, 8);
    ck_assert_uint_ne(values[1], 0);
    ck_assert_uint_eq(word, 0xa5a5a5a5);

    free(tex_got);
    free(tex_expected);
    ID3D12QueryHeap_Release(heap);
    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(results);
    ID3D12Resource_Release(copied);
    ID3D12Resource_Release(whole);
    ID3D12Resource_Release(skipped);
    ID3D12Resource_Release(src);
    ID3D12Resource_Release(predicate);
    ID3D12GraphicsCommandList2_Release(list2);
    test_context_destroy(&ctx);
}
END_TEST

Suite *copy_suite(void)
{
    const int types = ARRAY_SIZE(copy_list_types);
    const int formats = ARRAY_SIZE(test_formats);
    Suite *suite = suite_create("copy");
    TCase *tc;

    tc = tcase_create("buffers");
    tcase_add_loop_test(tc, test_copy_buffer_region, 0, types);
    tcase_add_test(tc, test_execute_many_lists);
    tcase_add_loop_test(tc, test_copy_resource_buffer, 0, types);
    tcase_add_loop_test(tc, test_write_buffer_immediate, 0, types);
    tcase_add_loop_test(tc, test_atomic_copy_buffer, 0, types);
    /* Direct and compute lists: copy lists have no predication. */
    tcase_add_loop_test(tc, test_copy_predication, 0, 2);
    suite_add_tcase(suite, tc);

    tc = tcase_create("textures");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_copy_texture_formats, 0, types * formats);
    tcase_add_loop_test(tc, test_copy_texture_box_from_buffer, 0, types * formats);
    tcase_add_loop_test(tc, test_copy_texture_to_texture, 0, types * formats);
    tcase_add_loop_test(tc, test_copy_texture_3d, 0, types);
    tcase_add_loop_test(tc, test_copy_texture_empty_boxes, 0, types);
    tcase_add_loop_test(tc, test_copy_depth, 0, types);
    suite_add_tcase(suite, tc);

    return suite;
}

TEST_MAIN(copy_suite())
