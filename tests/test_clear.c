/*
 * Legacy clears end to end: views created through ID3D12Device, clears recorded on a
 * direct list, the results read back through CopyTextureRegion / CopyBufferRegion and
 * compared with bytes derived by hand in the comments (the D3D conversion rules of
 * research/format-facts.md), never with the encoder's output. Also predication of
 * clears, evaluated when SetPredication executes.
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

static ID3D12Resource *create_tex(struct test_context *ctx, D3D12_RESOURCE_DIMENSION dimension, DXGI_FORMAT format,
                                  UINT width, UINT height, UINT depth_or_layers, UINT mips, UINT samples,
                                  D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = {0};

    desc.Dimension = dimension;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = depth_or_layers;
    desc.MipLevels = mips;
    desc.Format = format;
    desc.SampleDesc.Count = samples;
    desc.Flags = flags;
    return create_texture(ctx->device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

static ID3D12Resource *create_rt(struct test_context *ctx, DXGI_FORMAT format, UINT width, UINT height)
{
    return create_tex(ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, format, width, height, 1, 1, 1,
                      D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
}

static ID3D12DescriptorHeap *create_heap(struct test_context *ctx, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count,
                                         bool shader_visible)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {type, count, shader_visible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE
                                                                   : D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    ID3D12DescriptorHeap *heap;

    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(ctx->device, &desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&heap), S_OK);
    return heap;
}

static D3D12_CPU_DESCRIPTOR_HANDLE cpu_handle(struct test_context *ctx, ID3D12DescriptorHeap *heap, UINT index)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = ID3D12DescriptorHeap_GetDesc(heap);
    D3D12_CPU_DESCRIPTOR_HANDLE handle = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);

    handle.ptr += (SIZE_T)index * ID3D12Device_GetDescriptorHandleIncrementSize(ctx->device, desc.Type);
    return handle;
}

static D3D12_GPU_DESCRIPTOR_HANDLE gpu_handle(struct test_context *ctx, ID3D12DescriptorHeap *heap, UINT index)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = ID3D12DescriptorHeap_GetDesc(heap);
    D3D12_GPU_DESCRIPTOR_HANDLE handle = ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(heap);

    handle.ptr += (UINT64)index * ID3D12Device_GetDescriptorHandleIncrementSize(ctx->device, desc.Type);
    return handle;
}

/* The packed bytes of a subresource (test_device.h's layout). */
static unsigned char *read_sub(struct test_context *ctx, ID3D12Resource *texture, UINT sub, size_t *size)
{
    struct test_subresource_layout layout;
    unsigned char *data;

    get_subresource_layout(ctx->device, texture, sub, &layout);
    data = xmalloc(layout.packed_size);
    read_texture_subresource(ctx, texture, sub, data);
    if (size)
        *size = layout.packed_size;
    return data;
}

/* ---- ClearRenderTargetView: formats ----------------------------------------------------------- */

static const struct
{
    DXGI_FORMAT format;
    UINT bytes;
    float color[4];
    uint8_t expected[16];
}
rtv_formats[] =
{
    /* 0.5 * 255 + 0.5 = 128 -> 0x80; 1.5 clamps to 1 -> 0xff; -0.25 clamps to 0;
     * 0.2 * 255 = 51.000001 (0.2f is a little above 0.2), + 0.5, truncated -> 51 = 0x33. */
    {DXGI_FORMAT_R8G8B8A8_UNORM, 4, {0.5f, 1.5f, -0.25f, 0.2f}, {0x80, 0xff, 0x00, 0x33}},
    /* Linear to sRGB: 0.5 -> 1.055 * 0.5^(1/2.4) - 0.055 = 0.735357 * 255 = 187.516 -> 188;
     * 0.18 -> 0.461356 * 255 = 117.646 -> 118 = 0x76; 1 -> 255; alpha linear: 0.5 -> 128. */
    {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 4, {0.5f, 0.18f, 1.0f, 0.5f}, {0xbc, 0x76, 0xff, 0x80}},
    /* SNORM: -1 -> -127 = 0x81 (never 0x80); 0.5 * 127 = 63.5 away from zero -> 64 = 0x40;
     * -0.5 -> -64 = 0xc0; 1 -> 127 = 0x7f. */
    {DXGI_FORMAT_R8G8B8A8_SNORM, 4, {-1.0f, 0.5f, -0.5f, 1.0f}, {0x81, 0x40, 0xc0, 0x7f}},
    /* float16, rounding toward zero: 1 -> 0x3c00; 0.7 = 1.4 * 2^-1, mantissa 0.4 * 1024 =
     * 409.6 -> 409 = 0x199, exponent 14: 0x3999 (round to nearest would give 0x399a);
     * 1e-5 is a float16 denormal: 1e-5 / 2^-24 = 167.77 -> 167 = 0x00a7;
     * 70000 overflows to the largest finite value 0x7bff, not infinity. */
    {DXGI_FORMAT_R16G16B16A16_FLOAT, 8, {1.0f, 0.7f, 1e-5f, 70000.0f},
     {0x00, 0x3c, 0x99, 0x39, 0xa7, 0x00, 0xff, 0x7b}},
    /* R11G11B10: R 1.0 -> exponent 15, mantissa 0: 0x3c0; G 0.7 -> exponent 14, mantissa
     * 0.4 * 64 = 25.6 -> 25: 0x399; B 70000 overflows to float10's largest 0x3df.
     * 0x3c0 | 0x399 << 11 | 0x3df << 22 = 0xf7dccbc0. */
    {DXGI_FORMAT_R11G11B10_FLOAT, 4, {1.0f, 0.7f, 70000.0f, 0.0f}, {0xc0, 0xcb, 0xdc, 0xf7}},
    /* R 0.5 * 1023 + 0.5 = 512; G 1023; B 0; A 0.6667 * 3 + 0.5 = 2.5001 -> 2:
     * 512 | 1023 << 10 | 2 << 30 = 0x800ffe00. */
    {DXGI_FORMAT_R10G10B10A2_UNORM, 4, {0.5f, 1.0f, 0.0f, 0.6667f}, {0x00, 0xfe, 0x0f, 0x80}},
    /* B5G6R5 with B in bits 0-4: R 1 -> 31; G 0.5 * 63 + 0.5 = 32; B 0.25 * 31 + 0.5 =
     * 8.25 -> 8: 8 | 32 << 5 | 31 << 11 = 0xfc08. */
    {DXGI_FORMAT_B5G6R5_UNORM, 2, {1.0f, 0.5f, 0.25f, 0.0f}, {0x08, 0xfc}},
    /* float32 bits as given, denormals flushed keeping the sign: 1e-40 -> +0, -1e-40 -> -0. */
    {DXGI_FORMAT_R32G32B32A32_FLOAT, 16, {1.0f, -2.5f, 1e-40f, -1e-40f},
     {0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x20, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80}},
    /* A float to an integer channel: truncated toward zero, 3.75 -> 3. */
    {DXGI_FORMAT_R32_UINT, 4, {3.75f, 0.0f, 0.0f, 0.0f}, {0x03, 0x00, 0x00, 0x00}},
    /* -2.5 -> -2 = 0xfffe. */
    {DXGI_FORMAT_R16_SINT, 2, {-2.5f, 0.0f, 0.0f, 0.0f}, {0xfe, 0xff}},
};

START_TEST(test_clear_rtv_formats)
{
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *texture;
    unsigned char *data;
    unsigned int i;
    size_t size;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, false);
    for (i = 0; i < ARRAY_SIZE(rtv_formats); ++i)
    {
        texture = create_rt(&ctx, rtv_formats[i].format, 5, 3);
        poison_texture(&ctx, texture, i);
        rtv = cpu_handle(&ctx, heap, 0);
        ID3D12Device_CreateRenderTargetView(ctx.device, texture, NULL, rtv);
        transition_resource(&ctx, texture, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
        ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv, rtv_formats[i].color, 0, NULL);
        transition_resource(&ctx, texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON);
        data = read_sub(&ctx, texture, 0, &size);
        ck_assert_uint_eq(size, 15 * rtv_formats[i].bytes);
        check_elements(data, 15, rtv_formats[i].expected, rtv_formats[i].bytes);
        free(data);
        ID3D12Resource_Release(texture);
    }
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- ClearRenderTargetView: rectangles, slices, mips, 3D, MSAA, descriptors -------------------- */

START_TEST(test_clear_rtv_rects)
{
    static const float background[4] = {0.0f, 0.0f, 1.0f, 1.0f}, color[4] = {1.0f, 0.0f, 0.0f, 1.0f};
    static const uint8_t blue[4] = {0x00, 0x00, 0xff, 0xff}, red[4] = {0xff, 0x00, 0x00, 0xff};
    /* Two rectangles, one reaching past the right and bottom edges (clipped), one with
     * negative corners (clipped), and an empty one. */
    static const D3D12_RECT rects[] = {{1, 1, 3, 4}, {6, 5, 20, 20}, {-3, -3, 1, 1}, {4, 2, 4, 7}};
    struct test_context ctx;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *texture;
    unsigned char *data;
    unsigned int x, y;
    bool in;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, false);
    texture = create_rt(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 7);
    rtv = cpu_handle(&ctx, heap, 0);
    ID3D12Device_CreateRenderTargetView(ctx.device, texture, NULL, rtv);
    transition_resource(&ctx, texture, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv, background, 0, NULL);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv, color, ARRAY_SIZE(rects), rects);
    transition_resource(&ctx, texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON);
    data = read_sub(&ctx, texture, 0, NULL);
    for (y = 0; y < 7; ++y)
    {
        for (x = 0; x < 8; ++x)
        {
            in = (x >= 1 && x < 3 && y >= 1 && y < 4) || (x >= 6 && y >= 5) || (x < 1 && y < 1);
            check_bytes(data + (y * 8 + x) * 4, in ? red : blue, 4);
        }
    }
    free(data);
    ID3D12Resource_Release(texture);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

/* Reads subresources first .. first + count - 1 of a colour texture and checks that
 * those marked in cleared[] hold `element` everywhere and the others still hold their
 * poison (poison_texture() seeds subresource i with seed + i). */
static void check_cleared_subresources(struct test_context *ctx, ID3D12Resource *texture, unsigned int seed,
                                       const bool *cleared, UINT count, const void *element, size_t element_size,
                                       UINT first)
{
    unsigned char *data, *poison;
    size_t size;
    UINT sub;

    for (sub = first; sub < first + count; ++sub)
    {
        data = read_sub(ctx, texture, sub, &size);
        if (cleared[sub - first])
        {
            check_elements(data, size / element_size, element, element_size);
        }
        else
        {
            poison = xmalloc(size);
            fill_pattern(poison, size, seed + sub);
            ck_assert_msg(!memcmp(data, poison, size), "subresource %u was written", sub);
            free(poison);
        }
        free(data);
    }
}

START_TEST(test_clear_rtv_slices_and_mips)
{
    static const float color[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    /* 0.25 * 255 + 0.5 = 64.25 -> 64; 0.5 -> 128; 0.75 * 255 + 0.5 = 191.75 -> 191. */
    static const uint8_t expected[4] = {0x40, 0x80, 0xbf, 0xff};
    D3D12_RENDER_TARGET_VIEW_DESC desc;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *texture;
    bool cleared[12];
    UINT sub;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2, false);

    /* A 2D array of 4 slices and 3 mips: slices 1 and 2 of mip 1 (subresources 4 and 7). */
    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 6, 4, 3, 1,
                         D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    poison_texture(&ctx, texture, 100);
    memset(&desc, 0, sizeof(desc));
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DARRAY;
    desc.Texture2DArray.MipSlice = 1;
    desc.Texture2DArray.FirstArraySlice = 1;
    desc.Texture2DArray.ArraySize = 2;
    rtv = cpu_handle(&ctx, heap, 0);
    ID3D12Device_CreateRenderTargetView(ctx.device, texture, &desc, rtv);
    /* The view is read when the clear is recorded: rewriting the descriptor right after
     * (here with a view of slice 0 of mip 0) changes nothing. */
    transition_resource(&ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_RENDER_TARGET);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv, color, 0, NULL);
    ID3D12Device_CreateRenderTargetView(ctx.device, texture, NULL, rtv);
    transition_resource(&ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_RENDER_TARGET,
                        D3D12_RESOURCE_STATE_COMMON);
    for (sub = 0; sub < 12; ++sub)
        cleared[sub] = sub == 4 || sub == 7;
    check_cleared_subresources(&ctx, texture, 100, cleared, 12, expected, 4, 0);
    ID3D12Resource_Release(texture);

    /* A 3D texture 4x4x6 with 2 mips: depth slices 2 to 4 of mip 0. */
    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 6, 2, 1,
                         D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    poison_texture(&ctx, texture, 200);
    memset(&desc, 0, sizeof(desc));
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE3D;
    desc.Texture3D.FirstWSlice = 2;
    desc.Texture3D.WSize = 3;
    rtv = cpu_handle(&ctx, heap, 1);
    ID3D12Device_CreateRenderTargetView(ctx.device, texture, &desc, rtv);
    transition_resource(&ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_RENDER_TARGET);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv, color, 0, NULL);
    transition_resource(&ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_RENDER_TARGET,
                        D3D12_RESOURCE_STATE_COMMON);
    {
        unsigned char *data = read_sub(&ctx, texture, 0, NULL), *poison = xmalloc(4 * 4 * 6 * 4);
        unsigned int z;

        /* Slices of 4 * 4 * 4 bytes: 0 and 1 and 5 keep their poison. */
        fill_pattern(poison, 4 * 4 * 6 * 4, 200);
        for (z = 0; z < 6; ++z)
        {
            if (z >= 2 && z < 5)
                check_elements(data + z * 64, 16, expected, 4);
            else
                check_bytes(data + z * 64, poison + z * 64, 64);
        }
        free(poison);
        free(data);
    }
    /* Mip 1 keeps its poison. */
    cleared[0] = false;
    check_cleared_subresources(&ctx, texture, 200, cleared, 1, expected, 4, 1);
    ID3D12Resource_Release(texture);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_clear_rtv_msaa)
{
    static const float background[4] = {0.0f, 1.0f, 0.0f, 1.0f}, color[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    static const uint8_t green[4] = {0x00, 0xff, 0x00, 0xff}, grey[4] = {0x80, 0x80, 0x80, 0x80};
    static const D3D12_RECT rect = {0, 0, 2, 2};
    static const UINT sample_counts[] = {2, 4};
    ID3D12Resource *msaa, *single;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;
    unsigned char *data;
    unsigned int i, x, y;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, false);
    for (i = 0; i < ARRAY_SIZE(sample_counts); ++i)
    {
        /* Every sample of a pixel gets the value, so the average of the samples is the
         * value itself. */
        msaa = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 3, 1, 1,
                          sample_counts[i], D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
        single = create_rt(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 3);
        rtv = cpu_handle(&ctx, heap, 0);
        ID3D12Device_CreateRenderTargetView(ctx.device, msaa, NULL, rtv);
        transition_resource(&ctx, msaa, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
        ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv, background, 0, NULL);
        ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv, color, 1, &rect);
        transition_resource(&ctx, msaa, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
        transition_resource(&ctx, single, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);
        ID3D12GraphicsCommandList_ResolveSubresource(ctx.list, single, 0, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
        transition_resource(&ctx, single, 0, D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_COMMON);
        data = read_sub(&ctx, single, 0, NULL);
        for (y = 0; y < 3; ++y)
            for (x = 0; x < 4; ++x)
                check_bytes(data + (y * 4 + x) * 4, x < 2 && y < 2 ? grey : green, 4);
        free(data);
        ID3D12Resource_Release(msaa);
        ID3D12Resource_Release(single);
    }
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_clear_rtv_copied_descriptor)
{
    /* A descriptor copied with CopyDescriptorsSimple clears the same view. */
    static const float color[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    static const uint8_t black[4] = {0x00, 0x00, 0x00, 0xff};
    D3D12_CPU_DESCRIPTOR_HANDLE src, dst;
    ID3D12DescriptorHeap *a, *b;
    struct test_context ctx;
    ID3D12Resource *texture;
    unsigned char *data;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    a = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, false);
    b = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 3, false);
    texture = create_rt(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 3, 3);
    poison_texture(&ctx, texture, 7);
    src = cpu_handle(&ctx, a, 0);
    dst = cpu_handle(&ctx, b, 2);
    ID3D12Device_CreateRenderTargetView(ctx.device, texture, NULL, src);
    ID3D12Device_CopyDescriptorsSimple(ctx.device, 1, dst, src, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, dst, color, 0, NULL);
    data = read_sub(&ctx, texture, 0, NULL);
    check_elements(data, 9, black, 4);
    free(data);
    ID3D12Resource_Release(texture);
    ID3D12DescriptorHeap_Release(a);
    ID3D12DescriptorHeap_Release(b);
    test_context_destroy(&ctx);
}
END_TEST

/* Every texel of a 2x2 RGBA8 target is `texel`. */
static void check_target(struct test_context *ctx, ID3D12Resource *texture, const uint8_t texel[4])
{
    unsigned char *data = read_sub(ctx, texture, 0, NULL);

    check_elements(data, 4, texel, 4);
    free(data);
}

/* CopyDescriptors with totals that differ walks both range lists until either runs out:
 * vkd3d's test_copy_descriptors, written to pass on Windows, copies 8 source descriptors
 * into 7 destination ones and reads back those 7. What lies past the end of the shorter
 * list is never touched, so a bogus range there does not matter. */
START_TEST(test_clear_rtv_copied_descriptors_totals)
{
    static const float red[4] = {1.0f, 0.0f, 0.0f, 1.0f}, green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
    static const float blue[4] = {0.0f, 0.0f, 1.0f, 1.0f}, white[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    static const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    static const uint8_t red8[4] = {0xff, 0, 0, 0xff}, green8[4] = {0, 0xff, 0, 0xff}, blue8[4] = {0, 0, 0xff, 0xff};
    static const uint8_t white8[4] = {0xff, 0xff, 0xff, 0xff}, black8[4] = {0, 0, 0, 0xff};
    D3D12_CPU_DESCRIPTOR_HANDLE dst[3], src[2];
    UINT dst_sizes[3], src_sizes[2];
    ID3D12DescriptorHeap *a, *b;
    ID3D12Resource *textures[4];
    unsigned char *data, poison[16];
    struct test_context ctx;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    a = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 3, false);
    b = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 3, false);
    for (i = 0; i < 4; ++i)
    {
        textures[i] = create_rt(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2);
        poison_texture(&ctx, textures[i], 20 + i);
    }
    /* a[i] views texture i; every b descriptor views texture 3. */
    for (i = 0; i < 3; ++i)
    {
        ID3D12Device_CreateRenderTargetView(ctx.device, textures[i], NULL, cpu_handle(&ctx, a, i));
        ID3D12Device_CreateRenderTargetView(ctx.device, textures[3], NULL, cpu_handle(&ctx, b, i));
    }

    /* Two destination descriptors (1 + 0 + 1, the empty range at a bogus handle) from a
     * source list of 2 + 4 (the 4 at a bogus handle). */
    dst[0] = cpu_handle(&ctx, b, 0);
    dst[1].ptr = 0x5678;
    dst[2] = cpu_handle(&ctx, b, 1);
    dst_sizes[0] = dst_sizes[2] = 1;
    dst_sizes[1] = 0;
    src[0] = cpu_handle(&ctx, a, 0);
    src[1].ptr = 0x1234;
    src_sizes[0] = 2;
    src_sizes[1] = 4;
    ID3D12Device_CopyDescriptors(ctx.device, 3, dst, dst_sizes, 2, src, src_sizes, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, cpu_handle(&ctx, b, 0), red, 0, NULL);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, cpu_handle(&ctx, b, 1), green, 0, NULL);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, cpu_handle(&ctx, b, 2), blue, 0, NULL);
    check_target(&ctx, textures[0], red8);
    check_target(&ctx, textures[1], green8);
    check_target(&ctx, textures[3], blue8);
    data = read_sub(&ctx, textures[2], 0, NULL);
    fill_pattern(poison, sizeof(poison), 22);
    check_bytes(data, poison, sizeof(poison));
    free(data);

    /* A destination range of 2 from one source descriptor: only b[1] changes. */
    dst[0] = cpu_handle(&ctx, b, 1);
    dst_sizes[0] = 2;
    src[0] = cpu_handle(&ctx, a, 2);
    ID3D12Device_CopyDescriptors(ctx.device, 1, dst, dst_sizes, 1, src, NULL, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, cpu_handle(&ctx, b, 1), white, 0, NULL);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, cpu_handle(&ctx, b, 2), black, 0, NULL);
    check_target(&ctx, textures[1], green8);
    check_target(&ctx, textures[2], white8);
    check_target(&ctx, textures[3], black8);

    for (i = 0; i < 4; ++i)
        ID3D12Resource_Release(textures[i]);
    ID3D12DescriptorHeap_Release(a);
    ID3D12DescriptorHeap_Release(b);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- ClearDepthStencilView -------------------------------------------------------------------- */

static D3D12_CPU_DESCRIPTOR_HANDLE create_dsv(struct test_context *ctx, ID3D12DescriptorHeap *heap, UINT index,
                                              ID3D12Resource *texture, const D3D12_DEPTH_STENCIL_VIEW_DESC *desc)
{
    D3D12_CPU_DESCRIPTOR_HANDLE dsv = cpu_handle(ctx, heap, index);

    ID3D12Device_CreateDepthStencilView(ctx->device, texture, desc, dsv);
    return dsv;
}

static void clear_dsv(struct test_context *ctx, ID3D12Resource *texture, D3D12_CPU_DESCRIPTOR_HANDLE dsv,
                      D3D12_CLEAR_FLAGS flags, float depth, UINT8 stencil, UINT rect_count, const D3D12_RECT *rects)
{
    transition_resource(ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_DEPTH_WRITE);
    ID3D12GraphicsCommandList_ClearDepthStencilView(ctx->list, dsv, flags, depth, stencil, rect_count, rects);
    transition_resource(ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_DEPTH_WRITE,
                        D3D12_RESOURCE_STATE_COMMON);
}

START_TEST(test_clear_dsv_d32)
{
    /* 2.0 is clamped to 1.0 = 0x3f800000; 0.25 = 0x3e800000; -1 clamps to +0. */
    static const uint8_t one[4] = {0x00, 0x00, 0x80, 0x3f}, quarter[4] = {0x00, 0x00, 0x80, 0x3e};
    static const uint8_t zero[4] = {0};
    static const D3D12_RECT rect = {1, 0, 3, 2};
    D3D12_CPU_DESCRIPTOR_HANDLE dsv;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *texture;
    unsigned char *data;
    unsigned int x, y;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, false);
    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, 4, 3, 1, 1, 1,
                         D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    dsv = create_dsv(&ctx, heap, 0, texture, NULL);
    clear_dsv(&ctx, texture, dsv, D3D12_CLEAR_FLAG_DEPTH, 2.0f, 0, 0, NULL);
    clear_dsv(&ctx, texture, dsv, D3D12_CLEAR_FLAG_DEPTH, 0.25f, 0, 1, &rect);
    data = read_sub(&ctx, texture, 0, NULL);
    for (y = 0; y < 3; ++y)
        for (x = 0; x < 4; ++x)
            check_bytes(data + (y * 4 + x) * 4, x >= 1 && x < 3 && y < 2 ? quarter : one, 4);
    free(data);

    clear_dsv(&ctx, texture, dsv, D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL, -1.0f, 0xff, 0, NULL);
    data = read_sub(&ctx, texture, 0, NULL);
    check_elements(data, 12, zero, 4);
    free(data);
    ID3D12Resource_Release(texture);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_clear_dsv_d24s8)
{
    /* Depth 0.5 * (2^24 - 1) + 0.5 = 8388608 = 0x800000 in bits 0-23 of the depth plane's
     * 4-byte element (the X8 byte reads 0); 1.0 -> 0xffffff. Stencil is the plane-1 byte. */
    static const uint8_t half[4] = {0x00, 0x00, 0x80, 0x00}, one[4] = {0xff, 0xff, 0xff, 0x00};
    static const uint8_t s5a = 0x5a, s33 = 0x33;
    D3D12_CPU_DESCRIPTOR_HANDLE dsv;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *texture;
    unsigned char *data;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, false);
    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 4, 1, 1, 1,
                         D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    dsv = create_dsv(&ctx, heap, 0, texture, NULL);

    clear_dsv(&ctx, texture, dsv, D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL, 0.5f, s5a, 0, NULL);
    data = read_sub(&ctx, texture, 0, NULL);
    check_elements(data, 16, half, 4);
    free(data);
    data = read_sub(&ctx, texture, 1, NULL);
    check_elements(data, 16, &s5a, 1);
    free(data);

    /* Stencil only: the depth plane keeps 0.5. */
    clear_dsv(&ctx, texture, dsv, D3D12_CLEAR_FLAG_STENCIL, 1.0f, s33, 0, NULL);
    data = read_sub(&ctx, texture, 0, NULL);
    check_elements(data, 16, half, 4);
    free(data);
    data = read_sub(&ctx, texture, 1, NULL);
    check_elements(data, 16, &s33, 1);
    free(data);

    /* Depth only: the stencil plane keeps 0x33. */
    clear_dsv(&ctx, texture, dsv, D3D12_CLEAR_FLAG_DEPTH, 1.0f, s5a, 0, NULL);
    data = read_sub(&ctx, texture, 0, NULL);
    check_elements(data, 16, one, 4);
    free(data);
    data = read_sub(&ctx, texture, 1, NULL);
    check_elements(data, 16, &s33, 1);
    free(data);
    ID3D12Resource_Release(texture);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_clear_dsv_d16_slices)
{
    /* D16: 0.25 * 65535 + 0.5 = 16384.25 -> 0x4000; 0.5 -> 32768 = 0x8000. A 2D array
     * view of slice 1 clears that slice only. */
    static const uint8_t quarter[2] = {0x00, 0x40}, half[2] = {0x00, 0x80};
    D3D12_DEPTH_STENCIL_VIEW_DESC desc;
    D3D12_CPU_DESCRIPTOR_HANDLE all, one;
    struct test_context ctx;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *texture;
    unsigned char *data;
    UINT slice;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 2, false);
    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D16_UNORM, 5, 2, 3, 1, 1,
                         D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    all = create_dsv(&ctx, heap, 0, texture, NULL);
    memset(&desc, 0, sizeof(desc));
    desc.Format = DXGI_FORMAT_D16_UNORM;
    desc.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2DARRAY;
    desc.Texture2DArray.FirstArraySlice = 1;
    desc.Texture2DArray.ArraySize = 1;
    one = create_dsv(&ctx, heap, 1, texture, &desc);
    clear_dsv(&ctx, texture, all, D3D12_CLEAR_FLAG_DEPTH, 0.25f, 0, 0, NULL);
    clear_dsv(&ctx, texture, one, D3D12_CLEAR_FLAG_DEPTH, 0.5f, 0, 0, NULL);
    for (slice = 0; slice < 3; ++slice)
    {
        data = read_sub(&ctx, texture, slice, NULL);
        check_elements(data, 10, slice == 1 ? half : quarter, 2);
        free(data);
    }
    ID3D12Resource_Release(texture);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- ClearUnorderedAccessView* ---------------------------------------------------------------- */

/* The same UAV in a shader-visible heap (GPU handle) and a CPU-only heap (CPU handle). */
struct uav_pair
{
    ID3D12DescriptorHeap *visible, *cpu_only;
    D3D12_GPU_DESCRIPTOR_HANDLE gpu;
    D3D12_CPU_DESCRIPTOR_HANDLE cpu;
};

static void uav_pair_init(struct test_context *ctx, struct uav_pair *pair)
{
    pair->visible = create_heap(ctx, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, true);
    pair->cpu_only = create_heap(ctx, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, false);
}

static void uav_pair_create(struct test_context *ctx, struct uav_pair *pair, UINT index, ID3D12Resource *resource,
                            const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc)
{
    pair->gpu = gpu_handle(ctx, pair->visible, index);
    pair->cpu = cpu_handle(ctx, pair->cpu_only, index);
    ID3D12Device_CreateUnorderedAccessView(ctx->device, resource, NULL, desc, cpu_handle(ctx, pair->visible, index));
    ID3D12Device_CreateUnorderedAccessView(ctx->device, resource, NULL, desc, pair->cpu);
}

static void uav_pair_destroy(struct uav_pair *pair)
{
    ID3D12DescriptorHeap_Release(pair->visible);
    ID3D12DescriptorHeap_Release(pair->cpu_only);
}

START_TEST(test_clear_uav_buffers)
{
    static const UINT values[4] = {0x12345678, 0x1ff, 0x234, 0xabcdef01};
    static const float floats[4] = {1.0f, 0.5f, 0.0f, 0.2f};
    D3D12_UNORDERED_ACCESS_VIEW_DESC desc;
    unsigned char poison[512], data[512];
    struct test_context ctx;
    struct uav_pair uav;
    ID3D12Resource *buffer;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    uav_pair_init(&ctx, &uav);
    ID3D12GraphicsCommandList_SetDescriptorHeaps(ctx.list, 1, &uav.visible);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 512, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                           D3D12_RESOURCE_STATE_COMMON);
    poison_buffer(&ctx, buffer, 3);
    fill_pattern(poison, sizeof(poison), 3);
    memset(&desc, 0, sizeof(desc));
    desc.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;

    /* Typed R32_UINT elements 4 to 11: bytes 16 to 47 hold 0x12345678. */
    desc.Format = DXGI_FORMAT_R32_UINT;
    desc.Buffer.FirstElement = 4;
    desc.Buffer.NumElements = 8;
    uav_pair_create(&ctx, &uav, 0, buffer, &desc);
    ID3D12GraphicsCommandList_ClearUnorderedAccessViewUint(ctx.list, uav.gpu, uav.cpu, buffer, values, 0, NULL);
    /* Raw: 32-bit words 20 to 22 (bytes 80 to 91) hold Values[0]. */
    desc.Format = DXGI_FORMAT_R32_TYPELESS;
    desc.Buffer.FirstElement = 20;
    desc.Buffer.NumElements = 3;
    desc.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
    uav_pair_create(&ctx, &uav, 1, buffer, &desc);
    ID3D12GraphicsCommandList_ClearUnorderedAccessViewUint(ctx.list, uav.gpu, uav.cpu, buffer, values, 0, NULL);
    /* Structured, 12-byte elements 10 and 11: bytes 120 to 143 hold Values[0]. */
    desc.Format = DXGI_FORMAT_UNKNOWN;
    desc.Buffer.FirstElement = 10;
    desc.Buffer.NumElements = 2;
    desc.Buffer.StructureByteStride = 12;
    desc.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_NONE;
    uav_pair_create(&ctx, &uav, 2, buffer, &desc);
    ID3D12GraphicsCommandList_ClearUnorderedAccessViewUint(ctx.list, uav.gpu, uav.cpu, buffer, values, 0, NULL);
    /* Typed R8G8B8A8_UNORM elements 40 to 43 (bytes 160 to 175), a float clear:
     * 1 -> 0xff, 0.5 -> 0x80, 0, 0.2 -> 0x33; then elements 42 and 43 by a rectangle
     * (x counts elements of the view, from its first) with a uint clear: the low 8 bits
     * of each value, 0x78, 0xff, 0x34, 0x01. */
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.Buffer.FirstElement = 40;
    desc.Buffer.NumElements = 4;
    desc.Buffer.StructureByteStride = 0;
    uav_pair_create(&ctx, &uav, 3, buffer, &desc);
    ID3D12GraphicsCommandList_ClearUnorderedAccessViewFloat(ctx.list, uav.gpu, uav.cpu, buffer, floats, 0, NULL);
    {
        static const D3D12_RECT rect = {2, 0, 10, 1};

        ID3D12GraphicsCommandList_ClearUnorderedAccessViewUint(ctx.list, uav.gpu, uav.cpu, buffer, values, 1, &rect);
    }
    read_buffer(&ctx, buffer, sizeof(data), data);

    for (i = 0; i < sizeof(data); ++i)
    {
        static const uint8_t word[4] = {0x78, 0x56, 0x34, 0x12}, unorm[4] = {0xff, 0x80, 0x00, 0x33};
        static const uint8_t low_bits[4] = {0x78, 0xff, 0x34, 0x01};
        uint8_t expected = poison[i];

        if ((i >= 16 && i < 48) || (i >= 80 && i < 92) || (i >= 120 && i < 144))
            expected = word[i % 4];
        else if (i >= 160 && i < 168)
            expected = unorm[i % 4];
        else if (i >= 168 && i < 176)
            expected = low_bits[i % 4];
        ck_assert_msg(data[i] == expected, "byte %u is %#x, expected %#x", i, data[i], expected);
    }
    ID3D12Resource_Release(buffer);
    uav_pair_destroy(&uav);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_clear_uav_textures)
{
    /* R32_FLOAT 6x4 with 2 mips: mip 1 (3x2) gets 1.5 = 0x3fc00000, then the rectangle
     * (1, 0)-(3, 1) of mip 0 a uint clear 0xdeadbeef written unconverted. */
    static const float floats[4] = {1.5f, 0.0f, 0.0f, 0.0f};
    static const UINT values[4] = {0xdeadbeef, 0, 0, 0};
    static const uint8_t one_half[4] = {0x00, 0x00, 0xc0, 0x3f}, beef[4] = {0xef, 0xbe, 0xad, 0xde};
    /* R16G16_UINT array of 3 slices: slice 2 gets the low 16 bits of 0x10002 and 0x3. */
    static const UINT pair[4] = {0x10002, 0x3, 0, 0};
    static const uint8_t low16[4] = {0x02, 0x00, 0x03, 0x00};
    static const D3D12_RECT rect = {1, 0, 3, 1};
    D3D12_UNORDERED_ACCESS_VIEW_DESC desc;
    unsigned char *data, *poison;
    struct test_context ctx;
    ID3D12Resource *texture;
    struct uav_pair uav;
    unsigned int x, y;
    size_t size;
    UINT slice;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    uav_pair_init(&ctx, &uav);
    ID3D12GraphicsCommandList_SetDescriptorHeaps(ctx.list, 1, &uav.visible);
    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32_FLOAT, 6, 4, 1, 2, 1,
                         D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    poison_texture(&ctx, texture, 40);
    memset(&desc, 0, sizeof(desc));
    desc.Format = DXGI_FORMAT_R32_FLOAT;
    desc.ViewDimension = D3D12_UAV_DIMENSION_TEXTURE2D;
    desc.Texture2D.MipSlice = 1;
    uav_pair_create(&ctx, &uav, 0, texture, &desc);
    ID3D12GraphicsCommandList_ClearUnorderedAccessViewFloat(ctx.list, uav.gpu, uav.cpu, texture, floats, 0, NULL);
    desc.Texture2D.MipSlice = 0;
    uav_pair_create(&ctx, &uav, 1, texture, &desc);
    ID3D12GraphicsCommandList_ClearUnorderedAccessViewUint(ctx.list, uav.gpu, uav.cpu, texture, values, 1, &rect);
    data = read_sub(&ctx, texture, 1, &size);
    ck_assert_uint_eq(size, 3 * 2 * 4);
    check_elements(data, 6, one_half, 4);
    free(data);
    data = read_sub(&ctx, texture, 0, &size);
    poison = xmalloc(size);
    fill_pattern(poison, size, 40);
    for (y = 0; y < 4; ++y)
        for (x = 0; x < 6; ++x)
            check_bytes(data + (y * 6 + x) * 4, y < 1 && x >= 1 && x < 3 ? beef : poison + (y * 6 + x) * 4, 4);
    free(poison);
    free(data);
    ID3D12Resource_Release(texture);

    texture = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R16G16_UINT, 2, 2, 3, 1, 1,
                         D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    poison_texture(&ctx, texture, 50);
    memset(&desc, 0, sizeof(desc));
    desc.Format = DXGI_FORMAT_R16G16_UINT;
    desc.ViewDimension = D3D12_UAV_DIMENSION_TEXTURE2DARRAY;
    desc.Texture2DArray.FirstArraySlice = 2;
    desc.Texture2DArray.ArraySize = 1;
    uav_pair_create(&ctx, &uav, 2, texture, &desc);
    ID3D12GraphicsCommandList_ClearUnorderedAccessViewUint(ctx.list, uav.gpu, uav.cpu, texture, pair, 0, NULL);
    for (slice = 0; slice < 3; ++slice)
    {
        data = read_sub(&ctx, texture, slice, &size);
        if (slice == 2)
        {
            check_elements(data, 4, low16, 4);
        }
        else
        {
            poison = xmalloc(size);
            fill_pattern(poison, size, 50 + slice);
            check_bytes(data, poison, size);
            free(poison);
        }
        free(data);
    }
    ID3D12Resource_Release(texture);
    uav_pair_destroy(&uav);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Predication ------------------------------------------------------------------------------- */

START_TEST(test_clear_predication)
{
    /* Four 1x1 targets cleared under four predicates. EQUAL_ZERO skips the clear when
     * the 64-bit value is zero, NOT_EQUAL_ZERO when it is not; NULL turns predication
     * off. The predicate buffer holds 0 at offset 0 and 1 at offset 8 when the list
     * runs: it is written by a copy in the same list before the first SetPredication,
     * so reading it at record time would see zeros everywhere. */
    static const float color[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    static const uint8_t white[4] = {0xff, 0xff, 0xff, 0xff};
    static const UINT64 predicates[2] = {0, 1};
    ID3D12Resource *targets[5], *predicate, *upload;
    ID3D12GraphicsCommandList2 *list2;
    D3D12_WRITEBUFFERIMMEDIATE_PARAMETER param;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv[5];
    ID3D12DescriptorHeap *heap;
    struct test_context ctx;
    unsigned char *data;
    void *mapped;
    unsigned int i;
    bool skipped;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList2,
                                                              (void **)&list2), S_OK);
    heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 5, false);
    for (i = 0; i < 5; ++i)
    {
        targets[i] = create_rt(&ctx, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1);
        poison_texture(&ctx, targets[i], 60 + i);
        rtv[i] = cpu_handle(&ctx, heap, i);
        ID3D12Device_CreateRenderTargetView(ctx.device, targets[i], NULL, rtv[i]);
    }
    predicate = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);
    upload = create_buffer(ctx.device, D3D12_HEAP_TYPE_UPLOAD, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_GENERIC_READ);
    ck_assert_int_eq(ID3D12Resource_Map(upload, 0, NULL, &mapped), S_OK);
    memcpy(mapped, predicates, sizeof(predicates));
    ID3D12Resource_Unmap(upload, 0, NULL);

    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, predicate, 0, upload, 0, sizeof(predicates));
    transition_resource(&ctx, predicate, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PREDICATION);
    ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv[0], color, 0, NULL);     /* 0 == 0: skipped */
    ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 8, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv[1], color, 0, NULL);     /* 1 != 0: runs */
    ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 8, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    /* The value was captured by SetPredication: zeroing it now changes nothing. */
    param.Dest = ID3D12Resource_GetGPUVirtualAddress(predicate) + 8;
    param.Value = 0;
    ID3D12GraphicsCommandList2_WriteBufferImmediate(list2, 1, &param, NULL);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv[2], color, 0, NULL);     /* 1 != 0: skipped */
    ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv[3], color, 0, NULL);     /* 0: runs */
    ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 8, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList_SetPredication(ctx.list, NULL, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv[4], color, 0, NULL);     /* off: runs */
    execute_and_wait(&ctx);

    for (i = 0; i < 5; ++i)
    {
        uint8_t poison[4];

        skipped = i == 0 || i == 2;
        fill_pattern(poison, 4, 60 + i);
        data = read_sub(&ctx, targets[i], 0, NULL);
        check_bytes(data, skipped ? poison : white, 4);
        free(data);
        ID3D12Resource_Release(targets[i]);
    }
    ID3D12Resource_Release(predicate);
    ID3D12Resource_Release(upload);
    ID3D12GraphicsCommandList2_Release(list2);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_clear_predication_dsv_uav)
{
    /* Depth-stencil and UAV clears are predicated too; the predicate sits in an UPLOAD
     * buffer (any heap type may hold it). */
    static const UINT values[4] = {0x11111111, 0, 0, 0};
    static const uint8_t one[4] = {0x00, 0x00, 0x80, 0x3f};
    D3D12_UNORDERED_ACCESS_VIEW_DESC desc;
    ID3D12Resource *depth, *buffer, *predicate;
    ID3D12DescriptorHeap *dsv_heap;
    D3D12_CPU_DESCRIPTOR_HANDLE dsv;
    unsigned char data[64], poison[64];
    struct test_context ctx;
    struct uav_pair uav;
    unsigned char *d;
    UINT64 *value;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    dsv_heap = create_heap(&ctx, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, false);
    uav_pair_init(&ctx, &uav);
    depth = create_tex(&ctx, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, 2, 2, 1, 1, 1,
                       D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 64, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                           D3D12_RESOURCE_STATE_COMMON);
    predicate = create_buffer(ctx.device, D3D12_HEAP_TYPE_UPLOAD, 256, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_GENERIC_READ);
    ck_assert_int_eq(ID3D12Resource_Map(predicate, 0, NULL, (void **)&value), S_OK);
    *value = 0;
    ID3D12Resource_Unmap(predicate, 0, NULL);
    poison_buffer(&ctx, buffer, 9);
    fill_pattern(poison, sizeof(poison), 9);
    dsv = create_dsv(&ctx, dsv_heap, 0, depth, NULL);
    memset(&desc, 0, sizeof(desc));
    desc.Format = DXGI_FORMAT_R32_UINT;
    desc.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    desc.Buffer.NumElements = 16;
    uav_pair_create(&ctx, &uav, 0, buffer, &desc);
    ID3D12GraphicsCommandList_SetDescriptorHeaps(ctx.list, 1, &uav.visible);

    clear_dsv(&ctx, depth, dsv, D3D12_CLEAR_FLAG_DEPTH, 1.0f, 0, 0, NULL);
    ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    clear_dsv(&ctx, depth, dsv, D3D12_CLEAR_FLAG_DEPTH, 0.0f, 0, 0, NULL);
    ID3D12GraphicsCommandList_ClearUnorderedAccessViewUint(ctx.list, uav.gpu, uav.cpu, buffer, values, 0, NULL);
    execute_and_wait(&ctx);

    d = read_sub(&ctx, depth, 0, NULL);
    check_elements(d, 4, one, 4);
    free(d);
    read_buffer(&ctx, buffer, sizeof(data), data);
    check_bytes(data, poison, sizeof(data));
    ID3D12Resource_Release(depth);
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(predicate);
    ID3D12DescriptorHeap_Release(dsv_heap);
    uav_pair_destroy(&uav);
    test_context_destroy(&ctx);
}
END_TEST

Suite *clear_suite(void)
{
    Suite *suite = suite_create("clear");
    TCase *tc;

    tc = tcase_create("render_target");
    tcase_add_test(tc, test_clear_rtv_formats);
    tcase_add_test(tc, test_clear_rtv_rects);
    tcase_add_test(tc, test_clear_rtv_slices_and_mips);
    tcase_add_test(tc, test_clear_rtv_msaa);
    tcase_add_test(tc, test_clear_rtv_copied_descriptor);
    tcase_add_test(tc, test_clear_rtv_copied_descriptors_totals);
    suite_add_tcase(suite, tc);

    tc = tcase_create("depth_stencil");
    tcase_add_test(tc, test_clear_dsv_d32);
    tcase_add_test(tc, test_clear_dsv_d24s8);
    tcase_add_test(tc, test_clear_dsv_d16_slices);
    suite_add_tcase(suite, tc);

    tc = tcase_create("unordered_access");
    tcase_add_test(tc, test_clear_uav_buffers);
    tcase_add_test(tc, test_clear_uav_textures);
    suite_add_tcase(suite, tc);

    tc = tcase_create("predication");
    tcase_add_test(tc, test_clear_predication);
    tcase_add_test(tc, test_clear_predication_dsv_uav);
    suite_add_tcase(suite, tc);
    return suite;
}

TEST_MAIN(clear_suite())
