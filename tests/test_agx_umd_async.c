/*
 * agx_umd's native Async Commands table, the copy family, driven through the driver
 * contract (no runtime): the complete table and its advertisement, CopyBufferRegions,
 * CopyTextureRegions (every direction, boxes and whole subresources, several regions
 * and descs), CopyResources, predication, recording limits and the arguments the
 * driver refuses. Expected bytes are computed here from the D3D12 footprint rules,
 * never from the driver's own layout.
 */

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "agx_umd_harness.h"
#include "ddi_spy.h"
#include "test_run.h"

#define POISON32 0xCDCDCDCDu
#define PITCH 256u   /* footprint row pitch used throughout: 64 RGBA8 texels */

static D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async_table(struct test_device *t)
{
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 table;
    D3D12DDI_HRTTABLE rt = {NULL};

    memset(&table, 0xff, sizeof(table));
    ck_assert_int_eq(t->a.funcs.pfnFillDDITable(t->device, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, &table,
            sizeof(table), 0, rt), S_OK);
    return table;
}

static D3D12DDI_ASYNC_COMMANDS_CAPS_0124 async_caps(struct test_adapter *a)
{
    D3D12DDI_ASYNC_COMMANDS_CAPS_0124 caps;
    D3D12DDIARG_GETCAPS args = {D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS, NULL, &caps, sizeof(caps)};

    memset(&caps, 0xff, sizeof(caps));
    ck_assert_int_eq(a->funcs.pfnGetCaps(a->adapter, &args), S_OK);
    return caps;
}

static D3D12_PLACED_SUBRESOURCE_FOOTPRINT placed(UINT64 offset, UINT width, UINT height)
{
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint = {offset, {DXGI_FORMAT_R8G8B8A8_UNORM, width, height, 1, PITCH}};

    return footprint;
}

/* Legacy footprint <-> subresource copies, to fill and read back textures. */
static void legacy_upload(struct test_device *t, struct test_list *l, const struct test_resource *texture, UINT sub,
                          const struct test_resource *buffer, const D3D12_PLACED_SUBRESOURCE_FOOTPRINT *footprint)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst = subresource_location(texture, sub);
    D3D12DDIARG_TEXTURE_COPY_LOCATION src = footprint_location(buffer, footprint);

    t->cl.pfnCopyTextureRegion(l->list, &dst, 0, 0, 0, &src, NULL);
}

static void legacy_readback(struct test_device *t, struct test_list *l, const struct test_resource *buffer,
                            const D3D12_PLACED_SUBRESOURCE_FOOTPRINT *footprint, const struct test_resource *texture,
                            UINT sub)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst = footprint_location(buffer, footprint);
    D3D12DDIARG_TEXTURE_COPY_LOCATION src = subresource_location(texture, sub);

    t->cl.pfnCopyTextureRegion(l->list, &dst, 0, 0, 0, &src, NULL);
}

static D3D12DDI_TEXTURE_COPY_DESC texture_to_texture(const struct test_resource *dst, UINT dst_sub,
        const struct test_resource *src, UINT src_sub, UINT count, const D3D12DDI_TEXTURE_COPY_REGION *regions)
{
    D3D12DDI_TEXTURE_COPY_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.DstPlacedResource.hResource = dst->resource;
    desc.DstPlacedResource.SubresourceIndex = dst_sub;
    desc.SrcPlacedResource.hResource = src->resource;
    desc.SrcPlacedResource.SubresourceIndex = src_sub;
    desc.NumRegions = count;
    desc.pRegions = regions;
    return desc;
}

static D3D12DDI_TEXTURE_COPY_DESC buffer_to_texture(const struct test_resource *dst, UINT dst_sub,
        const struct test_resource *src, const D3D12_PLACED_SUBRESOURCE_FOOTPRINT *footprint, UINT count,
        const D3D12DDI_TEXTURE_COPY_REGION *regions)
{
    D3D12DDI_TEXTURE_COPY_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.DstPlacedResource.hResource = dst->resource;
    desc.DstPlacedResource.SubresourceIndex = dst_sub;
    desc.SrcBufferPlacement.hBuffer = src->resource;
    desc.SrcBufferPlacement.Placement = *footprint;
    desc.NumRegions = count;
    desc.pRegions = regions;
    return desc;
}

static D3D12DDI_TEXTURE_COPY_DESC texture_to_buffer(const struct test_resource *dst,
        const D3D12_PLACED_SUBRESOURCE_FOOTPRINT *footprint, const struct test_resource *src, UINT src_sub,
        UINT count, const D3D12DDI_TEXTURE_COPY_REGION *regions)
{
    D3D12DDI_TEXTURE_COPY_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.DstBufferPlacement.hBuffer = dst->resource;
    desc.DstBufferPlacement.Placement = *footprint;
    desc.SrcPlacedResource.hResource = src->resource;
    desc.SrcPlacedResource.SubresourceIndex = src_sub;
    desc.NumRegions = count;
    desc.pRegions = regions;
    return desc;
}

/* ---- The table and how it is advertised ---------------------------------------------------- */

START_TEST(test_async_table)
{
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 table;
    unsigned char big[sizeof(table) + 16];
    D3D12DDI_HRTTABLE rt = {NULL};
    struct test_device t;

    device_init(&t);
    table = async_table(&t);
    ck_assert_ptr_nonnull(table.pfnCopyBufferRegions);
    ck_assert_ptr_nonnull(table.pfnCopyTextureRegions);
    ck_assert_ptr_nonnull(table.pfnCopyResources);
    ck_assert_ptr_nonnull(table.pfnCopyTilesAsync);
    ck_assert_ptr_nonnull(table.pfnResolveSubresourceRegionAsync);
    ck_assert_ptr_nonnull(table.pfnResolveQueryDataAsync);
    ck_assert_ptr_nonnull(table.pfnClearBoundDepthStencilView);
    ck_assert_ptr_nonnull(table.pfnClearBoundRenderTargetViews);
    ck_assert_ptr_nonnull(table.pfnClearTextureSubresources);
    ck_assert_ptr_nonnull(table.pfnFillBuffers);

    /* Exact size, table 0, a table to fill: else E_INVALIDARG, and nothing is written. */
    memset(big, 0x5a, sizeof(big));
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, big,
            sizeof(table) - 8, 0, rt), E_INVALIDARG);
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, big,
            sizeof(table) + 8, 0, rt), E_INVALIDARG);
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, big,
            sizeof(table) + 16, 0, rt), E_INVALIDARG);
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, big, 0, 0, rt),
            E_INVALIDARG);
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, big,
            sizeof(table), 1, rt), E_INVALIDARG);
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, NULL,
            sizeof(table), 0, rt), E_INVALIDARG);
    ck_assert_uint_eq(big[0], 0x5a);
    ck_assert_uint_eq(big[sizeof(big) - 1], 0x5a);
    device_finish(&t);
}
END_TEST

/* Every entry is native, so the table is advertised, with feature version 1. */
START_TEST(test_async_caps_advertised)
{
    D3D12DDI_ASYNC_COMMANDS_CAPS_0124 caps;
    struct test_adapter a;

    open_adapter(&a);
    caps = async_caps(&a);
    ck_assert_int_eq(caps.Supported, TRUE);
    ck_assert_uint_eq(caps.FeatureVersion, D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1);
    ck_assert_int_eq(a.funcs.pfnCloseAdapter(a.adapter), S_OK);
}
END_TEST

/* Through the spy (with force_async_commands, which the complete table no longer
 * needs): the caps say TRUE, the table is the driver's, and a batch reaches the driver
 * as one call that copies. */
START_TEST(test_async_spy_force)
{
    struct ddi_spy_masks masks = {.force_async_commands = true, .max_tiled_resources_tier = -1};
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 table;
    D3D12DDI_ASYNC_COMMANDS_CAPS_0124 caps;
    struct test_resource upload, readback;
    D3D12DDI_HRESOURCE *dst_refs[2], *src_refs[2];
    UINT64 dst_offsets[2] = {0, 100}, src_offsets[2] = {50, 300}, sizes[2] = {20, 40};
    struct ddi_adapter adapter;
    unsigned char *in, *out;
    struct ddi_spy *spy;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    char err[256];

    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    ck_assert_int_eq(ddi_adapter_open(NULL, agx_umd_open_adapter, "agx_umd", &adapter, err, sizeof(err)), S_OK);
    ck_assert_int_eq(ddi_spy_wrap(spy, &adapter), S_OK);
    caps.Supported = FALSE;
    ck_assert_int_eq(ddi_adapter_get_caps(&adapter, D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS, NULL, &caps,
            sizeof(caps)), S_OK);
    ck_assert_int_eq(caps.Supported, TRUE);
    ck_assert_uint_eq(caps.FeatureVersion, D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1);

    memset(&t, 0, sizeof(t));
    t.a.funcs = adapter.funcs;
    t.a.adapter = adapter.handle;
    device_create(&t);
    table = async_table(&t);
    ck_assert_ptr_nonnull(table.pfnCopyBufferRegions);
    ck_assert_ptr_nonnull(table.pfnCopyResources);
    ck_assert_ptr_nonnull(table.pfnFillBuffers);
    ck_assert_ptr_nonnull(table.pfnClearBoundRenderTargetViews);

    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 4096);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    in = map(&t, &upload);
    out = map(&t, &readback);
    fill_pattern(in, 4096, 3);
    memset(out, POISON, 4096);
    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    dst_refs[0] = dst_refs[1] = &readback.resource;
    src_refs[0] = src_refs[1] = &upload.resource;
    table.pfnCopyBufferRegions(l.list, 2, dst_refs, dst_offsets, src_refs, src_offsets, sizes);
    execute(&t, &q, &l);

    ck_assert_uint_eq(ddi_spy_count(spy, "CopyBufferRegions"), 1);
    ck_assert_uint_eq(ddi_spy_count(spy, "CopyBufferRegion"), 0);
    ck_assert_int_eq(memcmp(out, in + 50, 20), 0);
    ck_assert_int_eq(memcmp(out + 100, in + 300, 40), 0);
    ck_assert_uint_eq(out[20], POISON);
    ck_assert_uint_eq(out[99], POISON);
    ck_assert_uint_eq(out[140], POISON);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    device_finish(&t);
    ddi_spy_destroy(spy);
}
END_TEST

/* ---- CopyBufferRegions ------------------------------------------------------------------------ */

START_TEST(test_copy_buffer_regions)
{
    struct test_resource upload, dst_a, dst_b;
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    D3D12DDI_HRESOURCE dst_handles[3], src_handles[3];
    D3D12DDI_HRESOURCE *dst_refs[3], *src_refs[3];
    UINT64 dst_offsets[3] = {0, 1000, 3000};
    UINT64 src_offsets[3] = {10, 500, 2000};
    UINT64 sizes[3] = {100, 300, 64};
    unsigned char *in, *out_a, *out_b, expect_a[4096], expect_b[4096];
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    UINT i;

    device_init(&t);
    async = async_table(&t);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 4096);
    dst_a = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    dst_b = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    in = map(&t, &upload);
    out_a = map(&t, &dst_a);
    out_b = map(&t, &dst_b);
    fill_pattern(in, 4096, 11);
    memset(out_a, POISON, 4096);
    memset(out_b, POISON, 4096);

    /* Regions 0 and 2 go to dst_a, region 1 to dst_b; element i points at a handle. */
    dst_handles[0] = dst_a.resource;
    dst_handles[1] = dst_b.resource;
    dst_handles[2] = dst_a.resource;
    for (i = 0; i < 3; ++i)
    {
        src_handles[i] = upload.resource;
        dst_refs[i] = &dst_handles[i];
        src_refs[i] = &src_handles[i];
    }
    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    async.pfnCopyBufferRegions(l.list, 3, dst_refs, dst_offsets, src_refs, src_offsets, sizes);
    /* The caller's arrays may change or die once the call returns. */
    memset(dst_handles, 0, sizeof(dst_handles));
    memset(src_handles, 0, sizeof(src_handles));
    memset(dst_refs, 0, sizeof(dst_refs));
    memset(dst_offsets, 0xee, sizeof(dst_offsets));
    memset(src_offsets, 0xee, sizeof(src_offsets));
    memset(sizes, 0xee, sizeof(sizes));
    execute(&t, &q, &l);

    memset(expect_a, POISON, sizeof(expect_a));
    memset(expect_b, POISON, sizeof(expect_b));
    memcpy(expect_a + 0, in + 10, 100);
    memcpy(expect_b + 1000, in + 500, 300);
    memcpy(expect_a + 3000, in + 2000, 64);
    ck_assert_int_eq(memcmp(out_a, expect_a, 4096), 0);
    ck_assert_int_eq(memcmp(out_b, expect_b, 4096), 0);
    ck_assert_int_eq(last_list_error, S_OK);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &dst_a);
    destroy_resource(&t, &dst_b);
    device_finish(&t);
}
END_TEST

/* One batch larger than a recording chunk (64 KiB), between legacy commands. */
START_TEST(test_copy_buffer_regions_large_batch)
{
    enum { N = 5000 };
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    struct test_resource upload, readback;
    D3D12DDI_HRESOURCE **dst_refs, **src_refs;
    UINT64 *dst_offsets, *src_offsets, *sizes;
    unsigned char *in, *out;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    UINT i;

    device_init(&t);
    async = async_table(&t);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 8192);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 8192);
    in = map(&t, &upload);
    out = map(&t, &readback);
    fill_pattern(in, 8192, 5);
    memset(out, POISON, 8192);
    dst_refs = calloc(N, sizeof(*dst_refs));
    src_refs = calloc(N, sizeof(*src_refs));
    dst_offsets = calloc(N, sizeof(*dst_offsets));
    src_offsets = calloc(N, sizeof(*src_offsets));
    sizes = calloc(N, sizeof(*sizes));
    /* Byte i of the destination is byte N - 1 - i of the source. */
    for (i = 0; i < N; ++i)
    {
        dst_refs[i] = &readback.resource;
        src_refs[i] = &upload.resource;
        dst_offsets[i] = i;
        src_offsets[i] = N - 1 - i;
        sizes[i] = 1;
    }
    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    t.cl.pfnCopyBufferRegion(l.list, readback.resource, 6000, upload.resource, 0, 16);
    async.pfnCopyBufferRegions(l.list, N, dst_refs, dst_offsets, src_refs, src_offsets, sizes);
    t.cl.pfnCopyBufferRegion(l.list, readback.resource, 7000, upload.resource, 100, 16);
    free(dst_refs);
    free(src_refs);
    free(dst_offsets);
    free(src_offsets);
    free(sizes);
    execute(&t, &q, &l);

    for (i = 0; i < N; ++i)
        ck_assert_uint_eq(out[i], in[N - 1 - i]);
    ck_assert_uint_eq(out[N], POISON);
    ck_assert_int_eq(memcmp(out + 6000, in, 16), 0);
    ck_assert_int_eq(memcmp(out + 7000, in + 100, 16), 0);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

/* ---- CopyTextureRegions ------------------------------------------------------------------------ */

/* Texel (x, y) of an RGBA8 footprint with PITCH row pitch at byte offset. */
static uint32_t texel(const unsigned char *buffer, UINT64 offset, UINT x, UINT y)
{
    uint32_t value;

    memcpy(&value, buffer + offset + (UINT64)y * PITCH + x * 4u, sizeof(value));
    return value;
}

static void set_texel(unsigned char *buffer, UINT64 offset, UINT x, UINT y, uint32_t value)
{
    memcpy(buffer + offset + (UINT64)y * PITCH + x * 4u, &value, sizeof(value));
}

/*
 * One CopyTextureRegions call with four descs of every kind, some regions with boxes
 * and some without:
 *   D0 texture a (8x8, mip 0) -> texture b (16x16): whole at (8, 8); box at (0, 0)
 *   D1 texture a (mip 1, 4x4) -> texture b: whole at (0, 10)
 *   D2 buffer footprint F (6x5) -> texture c (16x16): whole footprint at (2, 1); box at (10, 10)
 *   D3 texture a (mip 0) -> buffer footprint R (16x8): whole at (0, 0); box at (8, 0)
 * The descs only read a, so their order does not matter.
 */
START_TEST(test_copy_texture_regions)
{
    D3D12_RESOURCE_DESC1 desc_a = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 2);
    D3D12_RESOURCE_DESC1 desc_bc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1);
    /* Upload: a's two mips, F, a poison image; readback: R, then b and c read back. */
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT up_a0 = placed(0, 8, 8), up_a1 = placed(4096, 4, 4);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT up_f = placed(8192, 6, 5), up_poison = placed(12288, 16, 16);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT rb_r = placed(0, 16, 8), rb_b = placed(4096, 16, 16);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT rb_c = placed(8192, 16, 16);
    D3D12_BOX box0 = {1, 2, 0, 5, 6, 1}, box2 = {1, 1, 0, 4, 3, 1}, box3 = {4, 4, 0, 8, 8, 1};
    D3D12DDI_TEXTURE_COPY_REGION regions0[2] = {{8, 8, 0, NULL}, {0, 0, 0, &box0}};
    D3D12DDI_TEXTURE_COPY_REGION regions1[1] = {{0, 10, 0, NULL}};
    D3D12DDI_TEXTURE_COPY_REGION regions2[2] = {{2, 1, 0, NULL}, {10, 10, 0, &box2}};
    D3D12DDI_TEXTURE_COPY_REGION regions3[2] = {{0, 0, 0, NULL}, {8, 0, 0, &box3}};
    D3D12DDI_TEXTURE_COPY_DESC descs[4];
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    struct test_resource upload, readback, a, b, c;
    unsigned char *in, *out, *expect;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    UINT x, y;

    device_init(&t);
    async = async_table(&t);
    a = create_texture(&t, &desc_a);
    b = create_texture(&t, &desc_bc);
    c = create_texture(&t, &desc_bc);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 16384);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 12288);
    in = map(&t, &upload);
    out = map(&t, &readback);
    fill_pattern(in, 12288, 21);
    memset(in + 12288, POISON, 4096);
    memset(out, POISON, 12288);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    legacy_upload(&t, &l, &a, 0, &upload, &up_a0);
    legacy_upload(&t, &l, &a, 1, &upload, &up_a1);
    legacy_upload(&t, &l, &b, 0, &upload, &up_poison);
    legacy_upload(&t, &l, &c, 0, &upload, &up_poison);
    copy_barrier(&t, &l);
    descs[0] = texture_to_texture(&b, 0, &a, 0, 2, regions0);
    descs[1] = texture_to_texture(&b, 0, &a, 1, 1, regions1);
    descs[2] = buffer_to_texture(&c, 0, &upload, &up_f, 2, regions2);
    descs[3] = texture_to_buffer(&readback, &rb_r, &a, 0, 2, regions3);
    async.pfnCopyTextureRegions(l.list, 4, descs);
    /* The descs, regions and boxes belong to the caller once the call returns. */
    memset(descs, 0, sizeof(descs));
    memset(regions0, 0xee, sizeof(regions0));
    memset(regions2, 0xee, sizeof(regions2));
    memset(&box0, 0xee, sizeof(box0));
    memset(&box3, 0xee, sizeof(box3));
    copy_barrier(&t, &l);
    legacy_readback(&t, &l, &readback, &rb_b, &b, 0);
    legacy_readback(&t, &l, &readback, &rb_c, &c, 0);
    execute(&t, &q, &l);

    /* The expectation, texel by texel, from the upload data. */
    expect = malloc(12288);
    memset(expect, POISON, 12288);
    for (y = 0; y < 16; ++y)
    {
        for (x = 0; x < 16; ++x)
        {
            set_texel(expect, rb_b.Offset, x, y, POISON32);
            set_texel(expect, rb_c.Offset, x, y, POISON32);
        }
    }
    for (y = 0; y < 8; ++y)
    {
        for (x = 0; x < 8; ++x)
        {
            set_texel(expect, rb_b.Offset, 8 + x, 8 + y, texel(in, up_a0.Offset, x, y));      /* D0, whole */
            set_texel(expect, rb_r.Offset, x, y, texel(in, up_a0.Offset, x, y));              /* D3, whole */
        }
    }
    for (y = 0; y < 4; ++y)
    {
        for (x = 0; x < 4; ++x)
        {
            set_texel(expect, rb_b.Offset, x, y, texel(in, up_a0.Offset, 1 + x, 2 + y));      /* D0, box */
            set_texel(expect, rb_b.Offset, x, 10 + y, texel(in, up_a1.Offset, x, y));         /* D1 */
            set_texel(expect, rb_r.Offset, 8 + x, y, texel(in, up_a0.Offset, 4 + x, 4 + y));  /* D3, box */
        }
    }
    for (y = 0; y < 5; ++y)
        for (x = 0; x < 6; ++x)
            set_texel(expect, rb_c.Offset, 2 + x, 1 + y, texel(in, up_f.Offset, x, y));       /* D2, whole */
    for (y = 0; y < 2; ++y)
        for (x = 0; x < 3; ++x)
            set_texel(expect, rb_c.Offset, 10 + x, 10 + y, texel(in, up_f.Offset, 1 + x, 1 + y)); /* D2, box */

    for (y = 0; y < 12288 / PITCH; ++y)
        ck_assert_msg(!memcmp(out + y * PITCH, expect + y * PITCH, PITCH), "readback row %u differs", y);
    ck_assert_int_eq(last_list_error, S_OK);
    free(expect);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &a);
    destroy_resource(&t, &b);
    destroy_resource(&t, &c);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

/* Whole subresources in every direction: NULL boxes take the source subresource, or the
 * whole footprint of a buffer source; array slices and mips by subresource index. */
START_TEST(test_copy_texture_regions_subresources)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 4, 2, 2);
    D3D12DDI_TEXTURE_COPY_REGION whole = {0, 0, 0, NULL};
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp[4];
    D3D12DDI_TEXTURE_COPY_DESC descs[4];
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    struct test_resource upload, readback, a, b;
    unsigned char *in, *out;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    UINT sub, row, width, height;

    /* Subresource = mip + slice * 2: 8x4, 4x2, 8x4, 4x2. */
    for (sub = 0; sub < 4; ++sub)
        fp[sub] = placed(sub * 2048u, sub % 2 ? 4 : 8, sub % 2 ? 2 : 4);
    device_init(&t);
    async = async_table(&t);
    a = create_texture(&t, &desc);
    b = create_texture(&t, &desc);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 8192);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 8192);
    in = map(&t, &upload);
    out = map(&t, &readback);
    fill_pattern(in, 8192, 33);
    memset(out, POISON, 8192);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    for (sub = 0; sub < 4; ++sub)
        descs[sub] = buffer_to_texture(&a, sub, &upload, &fp[sub], 1, &whole);
    async.pfnCopyTextureRegions(l.list, 4, descs);
    copy_barrier(&t, &l);
    for (sub = 0; sub < 4; ++sub)
        descs[sub] = texture_to_texture(&b, sub, &a, sub, 1, &whole);
    async.pfnCopyTextureRegions(l.list, 4, descs);
    copy_barrier(&t, &l);
    for (sub = 0; sub < 4; ++sub)
        descs[sub] = texture_to_buffer(&readback, &fp[sub], &b, sub, 1, &whole);
    async.pfnCopyTextureRegions(l.list, 4, descs);
    execute(&t, &q, &l);

    for (sub = 0; sub < 4; ++sub)
    {
        width = fp[sub].Footprint.Width;
        height = fp[sub].Footprint.Height;
        for (row = 0; row < 8; ++row)
        {
            UINT64 at = fp[sub].Offset + (UINT64)row * PITCH;

            if (row < height)
                ck_assert_msg(!memcmp(out + at, in + at, width * 4u), "subresource %u row %u differs", sub, row);
            /* Nothing past the footprint's rows and row bytes is written. */
            ck_assert_uint_eq(out[at + (row < height ? width * 4u : 0)], POISON);
        }
    }
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &a);
    destroy_resource(&t, &b);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

/* ---- CopyResources ---------------------------------------------------------------------------- */

START_TEST(test_copy_resources)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 2, 2);
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    struct test_resource upload, upload2, readback, readback2, texels, a, b;
    D3D12DDI_HRESOURCE dsts[3], srcs[3];
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp[4];
    unsigned char *in, *in2, *out, *out2, *tex_in, *tex_out, *expect;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    UINT sub, row, size;

    /* Subresource = mip + slice * 2: 8x8, 4x4, 8x8, 4x4. */
    for (sub = 0; sub < 4; ++sub)
        fp[sub] = placed(sub * 2048u, sub % 2 ? 4 : 8, sub % 2 ? 4 : 8);
    device_init(&t);
    async = async_table(&t);
    a = create_texture(&t, &desc);
    b = create_texture(&t, &desc);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 4096);
    upload2 = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 4096);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    readback2 = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    texels = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 8192);
    /* The texture readback reuses a's footprints in a second readback area. */
    in = map(&t, &upload);
    in2 = map(&t, &upload2);
    out = map(&t, &readback);
    out2 = map(&t, &readback2);
    tex_in = map(&t, &texels);
    fill_pattern(in, 4096, 41);
    fill_pattern(in2, 4096, 42);
    fill_pattern(tex_in, 8192, 43);
    memset(out, POISON, 4096);
    memset(out2, POISON, 4096);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    for (sub = 0; sub < 4; ++sub)
        legacy_upload(&t, &l, &a, sub, &texels, &fp[sub]);
    copy_barrier(&t, &l);
    dsts[0] = readback.resource;
    srcs[0] = upload.resource;
    dsts[1] = b.resource;
    srcs[1] = a.resource;
    dsts[2] = readback2.resource;
    srcs[2] = upload2.resource;
    async.pfnCopyResources(l.list, 3, dsts, srcs);
    memset(dsts, 0, sizeof(dsts));
    memset(srcs, 0, sizeof(srcs));
    execute(&t, &q, &l);
    ck_assert_int_eq(memcmp(out, in, 4096), 0);
    ck_assert_int_eq(memcmp(out2, in2, 4096), 0);
    destroy_list(&t, &l);
    destroy_resource(&t, &readback);
    destroy_resource(&t, &readback2);

    /* Read b back through the legacy path and compare with what went into a. */
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 8192);
    tex_out = map(&t, &readback);
    memset(tex_out, POISON, 8192);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    for (sub = 0; sub < 4; ++sub)
        legacy_readback(&t, &l, &readback, &fp[sub], &b, sub);
    execute(&t, &q, &l);
    expect = malloc(8192);
    memset(expect, POISON, 8192);
    for (sub = 0; sub < 4; ++sub)
    {
        size = fp[sub].Footprint.Width * 4u;
        for (row = 0; row < fp[sub].Footprint.Height; ++row)
            memcpy(expect + fp[sub].Offset + row * PITCH, tex_in + fp[sub].Offset + row * PITCH, size);
    }
    ck_assert_int_eq(memcmp(tex_out, expect, 8192), 0);
    ck_assert_int_eq(last_list_error, S_OK);
    free(expect);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &a);
    destroy_resource(&t, &b);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &upload2);
    destroy_resource(&t, &readback);
    destroy_resource(&t, &texels);
    device_finish(&t);
}
END_TEST

/* ---- Predication, refused arguments, recording limits ------------------------------------------- */

/* The batches are predicated like the legacy copies the fallback lowers them to. */
START_TEST(test_async_predication)
{
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT up = placed(1024, 4, 4), rb = placed(2048, 4, 4);
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1);
    D3D12DDI_TEXTURE_COPY_REGION whole = {0, 0, 0, NULL};
    D3D12DDI_TEXTURE_COPY_DESC copy;
    struct test_resource upload, readback, texture;
    D3D12DDI_HRESOURCE *dst_ref, *src_ref, none = {NULL};
    UINT64 dst_offset = 0, src_offset = 256, size = 16;
    unsigned char *in, *out;
    struct test_device t;
    struct test_queue q;
    struct test_list l;

    device_init(&t);
    async = async_table(&t);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 4096);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    texture = create_texture(&t, &desc);
    in = map(&t, &upload);
    out = map(&t, &readback);
    fill_pattern(in, 4096, 51);
    memset(in, 0, 16);
    in[0] = 1;                 /* non-zero predicate at offset 0 */
    memset(out, POISON, 4096);
    dst_ref = &readback.resource;
    src_ref = &upload.resource;

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    /* Skipped: the value is not zero. */
    t.cl.pfnSetPredication(l.list, upload.resource, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    async.pfnCopyBufferRegions(l.list, 1, &dst_ref, &dst_offset, &src_ref, &src_offset, &size);
    copy = buffer_to_texture(&texture, 0, &upload, &up, 1, &whole);
    async.pfnCopyTextureRegions(l.list, 1, &copy);
    async.pfnCopyResources(l.list, 1, &readback.resource, &upload.resource);
    /* Predication off: the texture still holds zeros, the buffer copy runs. */
    t.cl.pfnSetPredication(l.list, none, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    dst_offset = 32;
    async.pfnCopyBufferRegions(l.list, 1, &dst_ref, &dst_offset, &src_ref, &src_offset, &size);
    copy = texture_to_buffer(&readback, &rb, &texture, 0, 1, &whole);
    async.pfnCopyTextureRegions(l.list, 1, &copy);
    execute(&t, &q, &l);

    ck_assert_uint_eq(out[0], POISON);
    ck_assert_uint_eq(out[15], POISON);
    ck_assert_int_eq(memcmp(out + 32, in + 256, 16), 0);
    ck_assert_uint_eq(out[48], POISON);
    ck_assert_uint_eq(texel(out, rb.Offset, 0, 0), 0);
    ck_assert_uint_eq(texel(out, rb.Offset, 3, 3), 0);
    ck_assert_uint_eq(out[1024], POISON);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &texture);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

static void restart(struct test_device *t, struct test_list *l)
{
    D3D12DDIARG_RESET_COMMAND_LIST_0124 reset = {l->allocator};

    t->cl.pfnCloseCommandList(l->list);
    ck_assert_int_eq(t->cl.pfnResetCommandList(l->list, &reset), S_OK);
    last_list_error = S_OK;
}

static void expect_list_error(struct test_device *t, struct test_list *l, HRESULT hr)
{
    ck_assert_int_eq(last_list_error, hr);
    ck_assert_int_eq(t->cl.pfnCloseCommandList(l->list), hr);
}

/* Arguments the driver cannot execute remove the list with E_INVALIDARG (through
 * pfnSetCommandListErrorCb, then Close); empty batches record nothing. */
START_TEST(test_async_refused_arguments)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp = placed(0, 4, 4);
    D3D12DDI_TEXTURE_COPY_REGION whole = {0, 0, 0, NULL};
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    struct test_resource buffer, texture;
    D3D12DDI_HRESOURCE *buffer_ref, *texture_ref, *null_ref = NULL, none = {NULL}, pair[2];
    UINT64 offset = 0, size = 4;
    D3D12DDI_TEXTURE_COPY_DESC copy;
    struct test_device t;
    struct test_list l;

    device_init(&t);
    async = async_table(&t);
    buffer = create_buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 4096);
    texture = create_texture(&t, &desc);
    buffer_ref = &buffer.resource;
    texture_ref = &texture.resource;
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    last_list_error = S_OK;

    /* Empty batches: nothing to do, whatever the arrays. */
    async.pfnCopyBufferRegions(l.list, 0, NULL, NULL, NULL, NULL, NULL);
    async.pfnCopyTextureRegions(l.list, 0, NULL);
    async.pfnCopyResources(l.list, 0, NULL, NULL);
    expect_list_error(&t, &l, S_OK);

    /* CopyBufferRegions: a NULL element pointer, a texture, a missing array. */
    restart(&t, &l);
    async.pfnCopyBufferRegions(l.list, 1, &null_ref, &offset, &buffer_ref, &offset, &size);
    expect_list_error(&t, &l, E_INVALIDARG);
    restart(&t, &l);
    async.pfnCopyBufferRegions(l.list, 1, &buffer_ref, &offset, &texture_ref, &offset, &size);
    expect_list_error(&t, &l, E_INVALIDARG);
    restart(&t, &l);
    async.pfnCopyBufferRegions(l.list, 1, &buffer_ref, &offset, &buffer_ref, &offset, NULL);
    expect_list_error(&t, &l, E_INVALIDARG);

    /* CopyTextureRegions: both or neither handle on a side, buffer to buffer, regions
     * without an array, descs without an array. */
    restart(&t, &l);
    copy = buffer_to_texture(&texture, 0, &buffer, &fp, 1, &whole);
    copy.DstBufferPlacement.hBuffer = buffer.resource;
    async.pfnCopyTextureRegions(l.list, 1, &copy);
    expect_list_error(&t, &l, E_INVALIDARG);
    restart(&t, &l);
    copy = buffer_to_texture(&texture, 0, &buffer, &fp, 1, &whole);
    copy.SrcBufferPlacement.hBuffer = none;
    async.pfnCopyTextureRegions(l.list, 1, &copy);
    expect_list_error(&t, &l, E_INVALIDARG);
    restart(&t, &l);
    copy = buffer_to_texture(&texture, 0, &buffer, &fp, 1, &whole);
    copy.DstPlacedResource.hResource = none;
    copy.DstBufferPlacement.hBuffer = buffer.resource;
    copy.DstBufferPlacement.Placement = fp;
    async.pfnCopyTextureRegions(l.list, 1, &copy);
    expect_list_error(&t, &l, E_INVALIDARG);
    restart(&t, &l);
    copy = buffer_to_texture(&texture, 0, &buffer, &fp, 1, NULL);
    async.pfnCopyTextureRegions(l.list, 1, &copy);
    expect_list_error(&t, &l, E_INVALIDARG);
    restart(&t, &l);
    async.pfnCopyTextureRegions(l.list, 1, NULL);
    expect_list_error(&t, &l, E_INVALIDARG);

    /* CopyResources: a NULL handle, a missing array. */
    restart(&t, &l);
    pair[0] = buffer.resource;
    pair[1] = none;
    async.pfnCopyResources(l.list, 1, &pair[0], &pair[1]);
    expect_list_error(&t, &l, E_INVALIDARG);
    restart(&t, &l);
    async.pfnCopyResources(l.list, 1, NULL, &pair[0]);
    expect_list_error(&t, &l, E_INVALIDARG);

    /* A valid desc still records after a reset. */
    restart(&t, &l);
    copy = buffer_to_texture(&texture, 0, &buffer, &fp, 1, &whole);
    async.pfnCopyTextureRegions(l.list, 1, &copy);
    expect_list_error(&t, &l, S_OK);

    destroy_list(&t, &l);
    destroy_resource(&t, &buffer);
    destroy_resource(&t, &texture);
    device_finish(&t);
}
END_TEST

/* A batch too large for one record fails the list with E_OUTOFMEMORY; the regions are
 * never read. */
START_TEST(test_async_out_of_memory)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp = placed(0, 4, 4);
    D3D12DDI_TEXTURE_COPY_REGION whole = {0, 0, 0, NULL};
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    struct test_resource buffer, texture;
    D3D12DDI_TEXTURE_COPY_DESC copies[2];
    struct test_device t;
    struct test_queue q;
    struct test_list l;

    device_init(&t);
    async = async_table(&t);
    buffer = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 4096);
    texture = create_texture(&t, &desc);
    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    last_list_error = S_OK;
    copies[0] = buffer_to_texture(&texture, 0, &buffer, &fp, 0xffffffffu, &whole);
    async.pfnCopyTextureRegions(l.list, 1, copies);
    ck_assert_int_eq(last_list_error, E_OUTOFMEMORY);
    /* Later calls are dropped; Close reports the failure and the queue skips the list. */
    copies[0] = buffer_to_texture(&texture, 0, &buffer, &fp, 1, &whole);
    async.pfnCopyTextureRegions(l.list, 1, copies);
    ck_assert_int_eq(t.cl.pfnCloseCommandList(l.list), E_OUTOFMEMORY);
    t.q.pfnExecuteCommandLists(q.queue, 1, &l.list);
    signal_queue(&t, q.queue, q.fence, ++q.value);
    ck_assert(wait_fence(&t, q.fence, q.value));
    ck_assert_int_eq(last_device_error, S_OK);

    /* Two descs whose regions add up past UINT32_MAX. */
    restart(&t, &l);
    copies[0] = buffer_to_texture(&texture, 0, &buffer, &fp, 0x80000000u, &whole);
    copies[1] = copies[0];
    async.pfnCopyTextureRegions(l.list, 2, copies);
    expect_list_error(&t, &l, E_OUTOFMEMORY);

    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &buffer);
    destroy_resource(&t, &texture);
    device_finish(&t);
}
END_TEST

static Suite *agx_umd_async_suite(void)
{
    Suite *suite = suite_create("agx_umd_async");
    TCase *tc;

    tc = tcase_create("table");
    tcase_add_test(tc, test_async_table);
    tcase_add_test(tc, test_async_caps_advertised);
    tcase_add_test(tc, test_async_spy_force);
    suite_add_tcase(suite, tc);

    tc = tcase_create("copies");
    tcase_add_test(tc, test_copy_buffer_regions);
    tcase_add_test(tc, test_copy_buffer_regions_large_batch);
    tcase_add_test(tc, test_copy_texture_regions);
    tcase_add_test(tc, test_copy_texture_regions_subresources);
    tcase_add_test(tc, test_copy_resources);
    suite_add_tcase(suite, tc);

    tc = tcase_create("recording");
    tcase_add_test(tc, test_async_predication);
    tcase_add_test(tc, test_async_refused_arguments);
    tcase_add_test(tc, test_async_out_of_memory);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(agx_umd_async_suite(), NULL);
}
