/*
 * ClearTextureSubresources end to end, in both implementations (test_async.h):
 * natively through the driver's Async table, and through the fallback's pattern copy
 * (fallback/fb_clear.h) and the in-place clear (fallback/fb_clear_inplace.h).
 * Textures are poisoned first and read back byte for byte against the encoded value
 * written out by hand here. The DDI spy shows the route: one native
 * ClearTextureSubresources, the pattern copy's CopyTextureRegion calls, or the
 * in-place barrier, private view, legacy clear and barrier back. MSAA and planar depth
 * are in test_async_clear_texture_msaa.c, the tile cache and staging in
 * test_async_clear_texture_cache.c.
 */
#include "test_async_clear_texture.h"
#include "ddi_spy.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const D3D12_COMMAND_LIST_TYPE list_types[] = {D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                     D3D12_COMMAND_LIST_TYPE_COMPUTE};

static ID3D12Resource *texture(struct test_context *t, D3D12_RESOURCE_DIMENSION dimension, DXGI_FORMAT format,
                               UINT width, UINT height, UINT depth_or_array, UINT mips, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = {0};

    desc.Dimension = dimension;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = depth_or_array;
    desc.MipLevels = mips;
    desc.Format = format;
    desc.SampleDesc.Count = 1;
    desc.Flags = flags;
    return create_texture(t->device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

static ID3D12Resource *texture_2d(struct test_context *t, DXGI_FORMAT format, UINT width, UINT height)
{
    return texture(t, D3D12_RESOURCE_DIMENSION_TEXTURE2D, format, width, height, 1, 1, D3D12_RESOURCE_FLAG_NONE);
}

/* One desc through the list, then the spy's view of the route. */
static void clear(const struct async_ctx *ctx, struct test_context *t, const D3D12_CLEAR_TEXTURE_DESC *desc)
{
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(t), 1, desc);
    if (ctx->mode == ASYNC_MODE_FALLBACK)
    {
        ck_assert_uint_eq(async_spy_count(ctx, "ClearTextureSubresources"), 0);
        ck_assert_uint_ge(async_spy_count(ctx, "CopyTextureRegion"), 1);
    }
    else
    {
        ck_assert_uint_eq(async_spy_count(ctx, "ClearTextureSubresources"), 1);
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion"), 0);
    }
    execute_and_wait(t);
}

/* Reads subresource sub and compares it with its poison (seed) where box (in blocks;
 * NULL: everything) puts the element. */
#define check_subresource(t, texture, sub, seed, element, size, box) \
    check_subresource_(__LINE__, t, texture, sub, seed, element, size, box)
static void check_subresource_(unsigned int line, struct test_context *t, ID3D12Resource *texture, UINT sub,
                               unsigned int seed, const unsigned char *element, size_t size, const D3D12_BOX *box)
{
    struct test_subresource_layout layout;
    unsigned char *got, *expected;
    UINT x, y, z, depth;
    char what[48];

    get_subresource_layout_(line, t->device, texture, sub, &layout);
    depth = layout.footprint.Footprint.Depth;
    ck_assert_ptr_nonnull(got = malloc(layout.packed_size));
    ck_assert_ptr_nonnull(expected = malloc(layout.packed_size));
    fill_pattern(expected, layout.packed_size, seed);
    for (z = box ? box->front : 0; z < (box ? box->back : depth); ++z)
    {
        for (y = box ? box->top : 0; y < (box ? box->bottom : layout.row_count); ++y)
        {
            for (x = box ? box->left : 0; x < (box ? box->right : layout.row_size / size); ++x)
                memcpy(expected + (z * layout.row_count + y) * layout.row_size + x * size, element, size);
        }
    }
    read_texture_subresource_(line, t, texture, sub, got);
    snprintf(what, sizeof(what), "line %u, subresource %u", line, sub);
    check_bytes_(line, got, expected, layout.packed_size, what);
    free(got);
    free(expected);
}

/* R8G8B8A8_UNORM {1, 0.5, 0, 0.25}: ff 80 00 40, whole, then a region of another. */
ASYNC_TEST(test_clear_rgba8)
{
    static const unsigned char rgba8[] = {0xff, 0x80, 0x00, 0x40};
    static const D3D12_BOX region = {3, 1, 0, 9, 6, 1};
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *whole, *part;
    struct test_context t;

    async_context_init(ctx, &t, list_types[_i]);
    whole = texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 100, 7);
    part = texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 8);
    poison_texture(&t, whole, 3);
    poison_texture(&t, part, 4);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = whole;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.ClearValue.Floats[1] = 0.5f;
    desc.ClearValue.Floats[3] = 0.25f;
    clear(ctx, &t, &desc);
    check_subresource(&t, whole, 0, 3, rgba8, 4, NULL);

    desc.pTexture = part;
    desc.pRegion = &region;
    clear(ctx, &t, &desc);
    check_subresource(&t, part, 0, 4, rgba8, 4, &region);

    ID3D12Resource_Release(part);
    ID3D12Resource_Release(whole);
    test_context_destroy(&t);
}

/* R16G16B16A16_FLOAT {1, -2, 0.5, 0}: halves 3c00 c000 3800 0000; R32_UINT
 * 0x89abcdef (above 2^24) bit-exact in both modes. */
ASYNC_TEST(test_clear_float16_and_uint32)
{
    static const unsigned char half4[] = {0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0x00, 0x00};
    static const unsigned char u32[] = {0xef, 0xcd, 0xab, 0x89};
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *f16, *r32;
    struct test_context t;

    async_context_init(ctx, &t, list_types[_i]);
    f16 = texture_2d(&t, DXGI_FORMAT_R16G16B16A16_FLOAT, 9, 5);
    r32 = texture_2d(&t, DXGI_FORMAT_R32_UINT, 70, 3);
    poison_texture(&t, f16, 5);
    poison_texture(&t, r32, 6);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = f16;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.ClearValue.Floats[1] = -2.0f;
    desc.ClearValue.Floats[2] = 0.5f;
    clear(ctx, &t, &desc);
    check_subresource(&t, f16, 0, 5, half4, 8, NULL);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = r32;
    desc.ClearValue.Uints[0] = 0x89abcdefu;
    clear(ctx, &t, &desc);
    check_subresource(&t, r32, 0, 6, u32, 4, NULL);

    ID3D12Resource_Release(r32);
    ID3D12Resource_Release(f16);
    test_context_destroy(&t);
}

/* Every mip of every array slice of an R16_UINT array through 0xFFFFFFFF: 34 12; then a
 * region of slice 1 only of a single-mip array, the other slice untouched. */
ASYNC_TEST(test_clear_mips_and_slices)
{
    static const unsigned char r16[] = {0x34, 0x12}, r16b[] = {0x78, 0x56};
    static const D3D12_BOX region = {1, 2, 0, 5, 3, 1}, none = {0, 0, 0, 0, 0, 0};
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *mipped, *array;
    struct test_context t;
    UINT sub;

    async_context_init(ctx, &t, list_types[_i]);
    mipped = texture(&t, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R16_UINT, 8, 8, 2, 3,
                     D3D12_RESOURCE_FLAG_NONE);
    array = texture(&t, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R16_UINT, 8, 4, 2, 1,
                    D3D12_RESOURCE_FLAG_NONE);
    poison_texture(&t, mipped, 10);
    poison_texture(&t, array, 20);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = mipped;
    desc.SubresourceIndex = 0xffffffffu;
    desc.ClearValue.Uints[0] = 0x1234;
    clear(ctx, &t, &desc);
    for (sub = 0; sub < 6; ++sub)
        check_subresource(&t, mipped, sub, 10 + sub, r16, 2, NULL);

    desc.pTexture = array;
    desc.SubresourceIndex = 1;
    desc.ClearValue.Uints[0] = 0x5678;
    desc.pRegion = &region;
    clear(ctx, &t, &desc);
    check_subresource(&t, array, 0, 20, r16b, 2, &none);
    check_subresource(&t, array, 1, 21, r16b, 2, &region);

    ID3D12Resource_Release(array);
    ID3D12Resource_Release(mipped);
    test_context_destroy(&t);
}

/* A region of a 3D R8_UNORM texture spanning two depth slices: ff. */
ASYNC_TEST(test_clear_3d)
{
    static const unsigned char r8[] = {0xff};
    static const D3D12_BOX region = {2, 1, 1, 6, 3, 3};
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *volume;
    struct test_context t;

    async_context_init(ctx, &t, list_types[_i]);
    volume = texture(&t, D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8_UNORM, 8, 4, 4, 1,
                     D3D12_RESOURCE_FLAG_NONE);
    poison_texture(&t, volume, 30);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = volume;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.pRegion = &region;
    clear(ctx, &t, &desc);
    check_subresource(&t, volume, 0, 30, r8, 1, &region);

    ID3D12Resource_Release(volume);
    test_context_destroy(&t);
}

/* BC1: the raw 8-byte block from Bytes over the right block column of an 8x8 texture. */
ASYNC_TEST(test_clear_bc1)
{
    static const unsigned char block[] = {0x1f, 0xf8, 0xe0, 0x07, 0x55, 0xaa, 0x33, 0xcc};
    static const D3D12_BOX region = {4, 0, 0, 8, 8, 1}, blocks = {1, 0, 0, 2, 2, 1};
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *bc1;
    struct test_context t;

    async_context_init(ctx, &t, list_types[_i]);
    bc1 = texture_2d(&t, DXGI_FORMAT_BC1_UNORM, 8, 8);
    poison_texture(&t, bc1, 40);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = bc1;
    memcpy(desc.ClearValue.Bytes, block, sizeof(block));
    desc.pRegion = &region;
    clear(ctx, &t, &desc);
    check_subresource(&t, bc1, 0, 40, block, 8, &blocks);

    ID3D12Resource_Release(bc1);
    test_context_destroy(&t);
}

/* D32_FLOAT 0.25 (00 00 80 3e); D24_UNORM_S8_UINT one plane at a time: depth 1.0 is
 * ff ff ff 00 in plane 0 with the stencil plane untouched, then stencil 0x5a in plane 1. */
ASYNC_TEST(test_clear_depth_planes)
{
    static const unsigned char d32[] = {0x00, 0x00, 0x80, 0x3e}, d24[] = {0xff, 0xff, 0xff, 0x00}, s8[] = {0x5a};
    static const D3D12_BOX none = {0, 0, 0, 0, 0, 0};
    struct test_subresource_layout layout;
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *depth, *ds;
    struct test_context t;
    unsigned char *data;

    async_context_init(ctx, &t, list_types[_i]);
    depth = texture_2d(&t, DXGI_FORMAT_D32_FLOAT, 12, 5);
    ds = texture_2d(&t, DXGI_FORMAT_D24_UNORM_S8_UINT, 12, 5);
    poison_texture(&t, depth, 50);
    poison_texture(&t, ds, 60);
    get_subresource_layout(t.device, ds, 1, &layout);
    ck_assert_ptr_nonnull(data = malloc(layout.packed_size));
    fill_pattern(data, layout.packed_size, 61);
    upload_texture_data(&t, ds, 1, data);
    free(data);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = depth;
    desc.ClearValue.Floats[0] = 0.25f;
    clear(ctx, &t, &desc);
    check_subresource(&t, depth, 0, 50, d32, 4, NULL);

    desc.pTexture = ds;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.ClearValue.Uints[1] = 0x5a;
    desc.SubresourceIndex = 0;
    clear(ctx, &t, &desc);
    check_subresource(&t, ds, 0, 60, d24, 4, NULL);
    check_subresource(&t, ds, 1, 61, s8, 1, &none);
    desc.SubresourceIndex = 1;
    clear(ctx, &t, &desc);
    check_subresource(&t, ds, 0, 60, d24, 4, NULL);
    check_subresource(&t, ds, 1, 61, s8, 1, NULL);

    ID3D12Resource_Release(ds);
    ID3D12Resource_Release(depth);
    test_context_destroy(&t);
}

/* One desc through the list, which takes the in-place route in FALLBACK mode: a barrier
 * to the write layout, a private view, the legacy clear (with `rects` rects) and a
 * barrier back, and no copy; the native clear in NATIVE mode. The list tracks the
 * texture in COPY / COPY_DEST and `layout`; seed 000: the route "transitions the texture
 * from its tracked scope and layout to render target or depth-write, clears, and
 * transitions it back to COPY / COPY_DEST in the layout it started in". */
static void clear_in_place(const struct async_ctx *ctx, struct test_context *t, const D3D12_CLEAR_TEXTURE_DESC *desc,
                           bool depth, UINT rects, D3D12_BARRIER_LAYOUT layout)
{
    const unsigned int write_sync = depth ? D3D12_BARRIER_SYNC_DEPTH_STENCIL : D3D12_BARRIER_SYNC_RENDER_TARGET;
    const unsigned int write_access = depth ? D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE
                                            : D3D12_BARRIER_ACCESS_RENDER_TARGET;
    const int write_layout = depth ? D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE : D3D12_BARRIER_LAYOUT_RENDER_TARGET;
    struct async_barrier barrier;
    const char *view = depth ? "CreateDepthStencilView" : "CreateRenderTargetView";
    const char *legacy = depth ? "ClearDepthStencilView" : "ClearRenderTargetView";
    struct ddi_spy_call call;
    char expected[16];
    size_t first;

    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(t), 1, desc);
    ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion"), 0);
    if (ctx->mode != ASYNC_MODE_FALLBACK)
    {
        ck_assert_uint_eq(async_spy_count(ctx, "ClearTextureSubresources"), 1);
        ck_assert_uint_eq(async_spy_count(ctx, legacy), 0);
        return;
    }
    ck_assert_uint_eq(async_spy_count(ctx, "ClearTextureSubresources"), 0);
    ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), 2);
    ck_assert_uint_eq(async_spy_count(ctx, view), 1);
    ck_assert_uint_eq(async_spy_count(ctx, legacy), 1);
    /* The view first, then barrier, clear, barrier. */
    first = ddi_spy_find(ctx->spy, 0, "Barrier");
    ck_assert_uint_lt(ddi_spy_find(ctx->spy, 0, view), first);
    ck_assert_uint_eq(ddi_spy_find(ctx->spy, 0, legacy), first + 1);
    ck_assert_uint_eq(ddi_spy_find(ctx->spy, first + 1, "Barrier"), first + 2);
    ck_assert(ddi_spy_get_call(ctx->spy, first + 1, &call));
    snprintf(expected, sizeof(expected), "rects=%u", rects);
    ck_assert_msg(strstr(call.args, expected), "%s", call.args);
    async_spy_barrier(ctx, 0, &barrier);
    check_barrier(&barrier, D3D12_BARRIER_SYNC_COPY, write_sync, D3D12_BARRIER_ACCESS_COPY_DEST, write_access,
                  layout, write_layout);
    async_spy_barrier(ctx, 1, &barrier);
    check_barrier(&barrier, write_sync, D3D12_BARRIER_SYNC_COPY, write_access, D3D12_BARRIER_ACCESS_COPY_DEST,
                  write_layout, layout);
}

/* A render-target R8G8B8A8_UNORM texture put in COPY_DEST (then COMMON) by an app
 * barrier earlier in the list: {1, 0.5, 0, 0.25} (ff 80 00 40) in place, then a region
 * of {0, 1, 1, 1} (00 ff ff ff) in place with one rect, the layout still known from
 * the first clear's restore. Read back: the region over the first value. */
ASYNC_TEST(test_clear_in_place_render_target)
{
    static const D3D12_BARRIER_LAYOUT layouts[] = {D3D12_BARRIER_LAYOUT_COPY_DEST, D3D12_BARRIER_LAYOUT_COMMON};
    static const unsigned char rgba8[] = {0xff, 0x80, 0x00, 0x40}, cyan[] = {0x00, 0xff, 0xff, 0xff};
    static const D3D12_BOX region = {2, 1, 0, 7, 4, 1};
    struct test_subresource_layout footprint;
    D3D12_CLEAR_TEXTURE_DESC desc;
    unsigned char *data;
    ID3D12Resource *rt;
    struct test_context t;
    unsigned int layout;
    bool inside;
    UINT x, y;

    for (layout = 0; layout < ARRAY_SIZE(layouts); ++layout)
    {
        async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
        rt = texture(&t, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 9, 6, 1, 1,
                     D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
        poison_texture(&t, rt, 70);

        app_barrier(&t, rt, D3D12_BARRIER_LAYOUT_COMMON, layouts[layout]);
        memset(&desc, 0, sizeof(desc));
        desc.pTexture = rt;
        desc.ClearValue.Floats[0] = 1.0f;
        desc.ClearValue.Floats[1] = 0.5f;
        desc.ClearValue.Floats[3] = 0.25f;
        clear_in_place(ctx, &t, &desc, false, 0, layouts[layout]);
        desc.ClearValue.Floats[0] = 0.0f;
        desc.ClearValue.Floats[1] = desc.ClearValue.Floats[2] = desc.ClearValue.Floats[3] = 1.0f;
        desc.pRegion = &region;
        clear_in_place(ctx, &t, &desc, false, 1, layouts[layout]);
        execute_and_wait(&t);

        get_subresource_layout(t.device, rt, 0, &footprint);
        ck_assert_ptr_nonnull(data = malloc(footprint.packed_size));
        read_texture_subresource(&t, rt, 0, data);
        for (y = 0; y < 6; ++y)
        {
            for (x = 0; x < 9; ++x)
            {
                inside = x >= region.left && x < region.right && y >= region.top && y < region.bottom;
                ck_assert_msg(!memcmp(data + y * footprint.row_size + x * 4, inside ? cyan : rgba8, 4),
                              "layout %u, pixel %u,%u", layout, x, y);
            }
        }
        free(data);

        ID3D12Resource_Release(rt);
        test_context_destroy(&t);
    }
}

/* A D32_FLOAT texture allowing depth-stencil, in COPY_DEST from an app barrier: 0.25
 * (00 00 80 3e) through a private DSV and ClearDepthStencilView. */
ASYNC_TEST(test_clear_in_place_depth)
{
    static const unsigned char d32[] = {0x00, 0x00, 0x80, 0x3e};
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *depth;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    depth = texture(&t, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, 12, 5, 1, 1,
                    D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    poison_texture(&t, depth, 80);

    app_barrier(&t, depth, D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_COPY_DEST);
    memset(&desc, 0, sizeof(desc));
    desc.pTexture = depth;
    desc.ClearValue.Floats[0] = 0.25f;
    clear_in_place(ctx, &t, &desc, true, 0, D3D12_BARRIER_LAYOUT_COPY_DEST);
    execute_and_wait(&t);
    check_subresource(&t, depth, 0, 80, d32, 4, NULL);

    ID3D12Resource_Release(depth);
    test_context_destroy(&t);
}

/* A render target the list has put no barrier on: its layout is unknown, so the
 * pattern copy takes it and nothing transitions the app's texture. */
ASYNC_TEST(test_clear_unknown_layout_copies)
{
    static const unsigned char rgba8[] = {0xff, 0x80, 0x00, 0x40};
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *rt;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    rt = texture(&t, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 9, 6, 1, 1,
                 D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    poison_texture(&t, rt, 90);

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = rt;
    desc.ClearValue.Floats[0] = 1.0f;
    desc.ClearValue.Floats[1] = 0.5f;
    desc.ClearValue.Floats[3] = 0.25f;
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
    ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), 0);
    ck_assert_uint_eq(async_spy_count(ctx, "ClearRenderTargetView"), 0);
    ck_assert_uint_eq(async_spy_count(ctx, "CreateRenderTargetView"), 0);
    if (ctx->mode == ASYNC_MODE_FALLBACK)
        ck_assert_uint_ge(async_spy_count(ctx, "CopyTextureRegion"), 1);
    else
        ck_assert_uint_eq(async_spy_count(ctx, "ClearTextureSubresources"), 1);
    execute_and_wait(&t);
    check_subresource(&t, rt, 0, 90, rgba8, 4, NULL);

    ID3D12Resource_Release(rt);
    test_context_destroy(&t);
}

Suite *async_clear_texture_suite(void)
{
    Suite *suite = suite_create("async_clear_texture");
    struct async_tcases tcases;

    async_tcases_create(suite, "clear_texture", &tcases);
    async_tcase_add_loop(&tcases, test_clear_rgba8, 0, ARRAY_SIZE(list_types));
    async_tcase_add_loop(&tcases, test_clear_float16_and_uint32, 0, ARRAY_SIZE(list_types));
    async_tcase_add_loop(&tcases, test_clear_mips_and_slices, 0, ARRAY_SIZE(list_types));
    async_tcase_add_loop(&tcases, test_clear_3d, 0, ARRAY_SIZE(list_types));
    async_tcase_add_loop(&tcases, test_clear_bc1, 0, ARRAY_SIZE(list_types));
    async_tcase_add_loop(&tcases, test_clear_depth_planes, 0, ARRAY_SIZE(list_types));
    async_tcase_add(&tcases, test_clear_in_place_render_target);
    async_tcase_add(&tcases, test_clear_in_place_depth);
    async_tcase_add(&tcases, test_clear_unknown_layout_copies);
    return suite;
}

TEST_MAIN(async_clear_texture_suite())
