/*
 * agx_umd's execution engine driven through the driver contract (no runtime): buffer
 * and texture copies, immediate writes, queries, predication and bundles on the
 * simulated device. Expected bytes come from the D3D12 footprint rules, never from the
 * driver's own layout.
 */

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "agx_umd_harness.h"
#include "agx_cmdbuf.h"
#include "test_run.h"

START_TEST(test_copy_buffer_region)
{
    struct test_resource upload, gpu, readback;
    struct test_queue q;
    struct test_list l;
    struct test_device t;
    unsigned char *src, *dst;

    device_init(&t);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 4096);
    gpu = create_buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 4096);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    src = map(&t, &upload);
    dst = map(&t, &readback);
    fill_pattern(src, 4096, 1);
    memset(dst, POISON, 4096);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    t.cl.pfnCopyBufferRegion(l.list, gpu.resource, 100, upload.resource, 7, 1000);
    t.cl.pfnCopyBufferRegion(l.list, readback.resource, 2000, gpu.resource, 100, 1000);
    execute(&t, &q, &l);

    ck_assert_int_eq(memcmp(dst + 2000, src + 7, 1000), 0);
    ck_assert_uint_eq(dst[1999], POISON);
    ck_assert_uint_eq(dst[3000], POISON);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &gpu);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

/* Footprints by the D3D12 rules: rows 256-byte aligned, subresources 512-byte aligned,
 * block-compressed widths and heights rounded up to whole blocks; 3D slices follow
 * each other at RowPitch * rows. */
struct footprint
{
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT placed;
    UINT rows;
    UINT row_bytes;
};

static UINT64 footprints(const D3D12_RESOURCE_DESC1 *desc, UINT bytes_per_block, UINT block, struct footprint *out)
{
    bool is_3d = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    UINT a, m, w, h, d, array = is_3d ? 1 : desc->DepthOrArraySize;
    UINT64 offset = 0;

    for (a = 0; a < array; ++a)
    {
        for (m = 0; m < desc->MipLevels; ++m)
        {
            struct footprint *f = &out[a * desc->MipLevels + m];

            w = desc->Width >> m ? (UINT)(desc->Width >> m) : 1;
            h = desc->Height >> m ? desc->Height >> m : 1;
            d = is_3d && desc->DepthOrArraySize >> m ? desc->DepthOrArraySize >> m : 1;
            offset = (offset + 511) & ~511ull;
            f->placed.Offset = offset;
            f->placed.Footprint.Format = desc->Format;
            f->placed.Footprint.Width = (w + block - 1) / block * block;
            f->placed.Footprint.Height = (h + block - 1) / block * block;
            f->placed.Footprint.Depth = d;
            f->row_bytes = (w + block - 1) / block * bytes_per_block;
            f->rows = (h + block - 1) / block;
            f->placed.Footprint.RowPitch = (f->row_bytes + 255) & ~255u;
            offset += (UINT64)f->placed.Footprint.RowPitch * f->rows * d;
        }
    }
    return offset;
}

/* Upload buffer -> texture (every subresource) -> readback buffer, then compare. */
static void texture_roundtrip(const D3D12_RESOURCE_DESC1 *desc, UINT bytes_per_block, UINT block)
{
    UINT count = desc->MipLevels * (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : desc->DepthOrArraySize);
    struct test_resource upload, readback, texture;
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    D3D12DDIARG_RESOURCE_BARRIER legacy;
    D3D12DDIARG_BARRIER_0124 barrier;
    unsigned char *in, *out;
    struct footprint fp[64];
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    UINT sub, row, z;
    UINT64 total;

    ck_assert_uint_le(count, 64);
    total = footprints(desc, bytes_per_block, block, fp);
    device_init(&t);
    texture = create_texture(&t, desc);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, total);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, total);
    in = map(&t, &upload);
    out = map(&t, &readback);
    fill_pattern(in, total, desc->Format);
    memset(out, POISON, total);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    for (sub = 0; sub < count; ++sub)
    {
        dst = subresource_location(&texture, sub);
        src = footprint_location(&upload, &fp[sub].placed);
        t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    }
    /* Both barrier entries order the work; neither changes the bytes. */
    memset(&legacy, 0, sizeof(legacy));
    legacy.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    legacy.Transition.hResource = texture.resource;
    legacy.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    legacy.Transition.StateBefore = D3D12_RESOURCE_STATE_COPY_DEST;
    legacy.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    t.cl.pfnResourceBarrier(l.list, 1, &legacy);
    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_BARRIER_TYPE_TEXTURE;
    barrier.Texture.SyncBefore = D3D12_BARRIER_SYNC_COPY;
    barrier.Texture.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    barrier.Texture.AccessBefore = D3D12_BARRIER_ACCESS_COPY_DEST;
    barrier.Texture.AccessAfter = D3D12_BARRIER_ACCESS_COPY_SOURCE;
    barrier.Texture.LayoutBefore = D3D12_BARRIER_LAYOUT_COPY_DEST;
    barrier.Texture.LayoutAfter = D3D12_BARRIER_LAYOUT_COPY_SOURCE;
    barrier.Texture.hResource = texture.resource;
    barrier.Texture.Subresources.IndexOrFirstMipLevel = 0xffffffffu;
    t.cl.pfnBarrier(l.list, 1, &barrier);
    for (sub = 0; sub < count; ++sub)
    {
        dst = footprint_location(&readback, &fp[sub].placed);
        src = subresource_location(&texture, sub);
        t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    }
    execute(&t, &q, &l);

    for (sub = 0; sub < count; ++sub)
    {
        for (row = 0; row < fp[sub].rows * fp[sub].placed.Footprint.Depth; ++row)
        {
            UINT64 at = fp[sub].placed.Offset + (UINT64)row * fp[sub].placed.Footprint.RowPitch;

            z = row / fp[sub].rows;
            ck_assert_msg(!memcmp(out + at, in + at, fp[sub].row_bytes), "subresource %u slice %u row %u differs",
                    sub, z, row % fp[sub].rows);
            /* The row padding of the readback is never written. */
            if (fp[sub].row_bytes < fp[sub].placed.Footprint.RowPitch)
                ck_assert_uint_eq(out[at + fp[sub].row_bytes], POISON);
        }
    }
    ck_assert_int_eq(last_list_error, S_OK);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &texture);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    device_finish(&t);
}

START_TEST(test_copy_texture_rgba8)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 67, 33, 3, 7);

    texture_roundtrip(&desc, 4, 1);
}
END_TEST

START_TEST(test_copy_texture_rgba32f)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32G32B32A32_FLOAT, 40, 24, 2, 4);

    texture_roundtrip(&desc, 16, 1);
}
END_TEST

START_TEST(test_copy_texture_bc1)
{
    /* 64 x 32: mips down to 1 x 1 are partial 4 x 4 blocks. */
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_BC1_UNORM, 64, 32, 2, 7);

    texture_roundtrip(&desc, 8, 4);
}
END_TEST

START_TEST(test_copy_texture_r16_uint)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R16_UINT, 129, 5, 4, 3);

    texture_roundtrip(&desc, 2, 1);
}
END_TEST

START_TEST(test_copy_texture_3d)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UINT, 20, 9, 6, 3);
    D3D12_RESOURCE_DESC1 bc = texture_desc(DXGI_FORMAT_BC3_UNORM, 16, 8, 5, 2);

    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    texture_roundtrip(&desc, 4, 1);
    bc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    texture_roundtrip(&bc, 16, 4);
}
END_TEST

/* A source box, a destination offset, texture to texture and CopyResource. */
START_TEST(test_copy_texture_boxes)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1);
    struct test_resource upload, readback, a, b, c;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT full = {0, {DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 256}};
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT small = {4096, {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 256}};
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fromc = {8192, {DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 256}};
    D3D12_BOX box = {2, 3, 0, 6, 7, 1};
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    const uint32_t *in, *out;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    UINT x, y;

    device_init(&t);
    a = create_texture(&t, &desc);
    b = create_texture(&t, &desc);
    c = create_texture(&t, &desc);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 2048);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 16384);
    in = map(&t, &upload);
    out = map(&t, &readback);
    fill_pattern((unsigned char *)in, 2048, 7);
    memset((void *)out, POISON, 16384);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    dst = subresource_location(&a, 0);
    src = footprint_location(&upload, &full);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    /* a (2..6, 3..7) -> readback 4 x 4 footprint. */
    dst = footprint_location(&readback, &small);
    src = subresource_location(&a, 0);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, &box);
    /* a -> b whole, then a's box -> c at (1, 2); c was zero. */
    t.cl.pfnCopyResource(l.list, b.resource, a.resource);
    dst = subresource_location(&c, 0);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 1, 2, 0, &src, &box);
    dst = footprint_location(&readback, &full);
    src = subresource_location(&b, 0);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    dst = footprint_location(&readback, &fromc);
    src = subresource_location(&c, 0);
    t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    execute(&t, &q, &l);

    for (y = 0; y < 8; ++y)
    {
        for (x = 0; x < 8; ++x)
        {
            uint32_t texel = in[y * 64 + x];
            bool in_box = x >= 1 && x < 5 && y >= 2 && y < 6;

            ck_assert_uint_eq(out[y * 64 + x], texel);
            ck_assert_uint_eq(out[2048 + y * 64 + x], in_box ? in[(y + 1) * 64 + x + 1] : 0);
            if (x < 4 && y < 4)
                ck_assert_uint_eq(out[1024 + y * 64 + x], in[(y + 3) * 64 + x + 2]);
        }
    }
    ck_assert_uint_eq(out[1024 + 4], 0xCDCDCDCDu);
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

/* Depth and stencil planes of D24_UNORM_S8_UINT; the X8 bits read back as zero. */
START_TEST(test_copy_depth_stencil_planes)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 4, 1, 1);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT depth = {0, {DXGI_FORMAT_R32_TYPELESS, 4, 4, 1, 512}};
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT stencil = {2048, {DXGI_FORMAT_R8_TYPELESS, 4, 4, 1, 512}};
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    struct test_resource upload, readback, texture;
    unsigned char *in, *out;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    uint32_t *depth_in;
    UINT i, plane;

    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    device_init(&t);
    texture = create_texture(&t, &desc);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 4096);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    in = map(&t, &upload);
    out = map(&t, &readback);
    memset(out, POISON, 4096);
    for (i = 0; i < 16; ++i)
    {
        depth_in = (uint32_t *)(in + (i / 4) * 512) + i % 4;
        *depth_in = 0xAB000000u | (i * 0x10101u);
        in[2048 + (i / 4) * 512 + i % 4] = (unsigned char)(i * 9 + 1);
    }

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    for (plane = 0; plane < 2; ++plane)
    {
        dst = subresource_location(&texture, plane);
        src = footprint_location(&upload, plane ? &stencil : &depth);
        t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
        dst = footprint_location(&readback, plane ? &stencil : &depth);
        src = subresource_location(&texture, plane);
        t.cl.pfnCopyTextureRegion(l.list, &dst, 0, 0, 0, &src, NULL);
    }
    execute(&t, &q, &l);

    for (i = 0; i < 16; ++i)
    {
        ck_assert_uint_eq(((uint32_t *)(out + (i / 4) * 512))[i % 4], i * 0x10101u);
        ck_assert_uint_eq(out[2048 + (i / 4) * 512 + i % 4], i * 9 + 1);
    }
    ck_assert_uint_eq(out[2048 + 4], POISON);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &texture);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

/* ---- Immediate writes, queries, predication, bundles, recording memory ------------------- */

/* A direct queue and list writing into a poisoned 64 KiB readback buffer. */
struct immediate_fixture
{
    struct test_resource readback;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    uint32_t *out;
    UINT64 va;
};

static void immediate_fixture_init(struct immediate_fixture *f)
{
    device_init(&f->t);
    f->readback = create_buffer(&f->t, D3D12_HEAP_TYPE_READBACK, 65536);
    f->out = map(&f->t, &f->readback);
    memset(f->out, POISON, 65536);
    f->va = f->t.dev.pfnGetResourceGpuVirtualAddress(f->t.device, f->readback.resource);
    f->q = create_queue(&f->t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    f->l = create_list(&f->t, D3D12_COMMAND_LIST_TYPE_DIRECT);
}

static void immediate_fixture_finish(struct immediate_fixture *f)
{
    destroy_list(&f->t, &f->l);
    destroy_queue(&f->t, &f->q);
    destroy_resource(&f->t, &f->readback);
    device_finish(&f->t);
}

START_TEST(test_write_buffer_immediate_and_chunks)
{
    D3D12_WRITEBUFFERIMMEDIATE_PARAMETER param;
    D3D12_WRITEBUFFERIMMEDIATE_MODE mode = D3D12_WRITEBUFFERIMMEDIATE_MODE_DEFAULT;
    struct immediate_fixture f;
    uint32_t *out;
    UINT64 va;
    UINT i;

    immediate_fixture_init(&f);
    out = f.out;
    va = f.va;
    /* 16384 records span several recording chunks. */
    for (i = 0; i < 16384; ++i)
    {
        param.Dest = va + i * 4;
        param.Value = i * 3 + 1;
        f.t.cl.pfnWriteBufferImmediate(f.l.list, 1, &param, &mode);
    }
    execute(&f.t, &f.q, &f.l);
    for (i = 0; i < 16384; ++i)
        ck_assert_uint_eq(out[i], i * 3 + 1);

    /* Reset on the same allocator while keeping the old recording, then again after
     * an allocator reset: both runs write their own values. */
    {
        D3D12DDIARG_RESET_COMMAND_LIST_0124 reset = {f.l.allocator};

        ck_assert_int_eq(f.t.cl.pfnResetCommandList(f.l.list, &reset), S_OK);
        param.Dest = va;
        param.Value = 77;
        f.t.cl.pfnWriteBufferImmediate(f.l.list, 1, &param, &mode);
        execute(&f.t, &f.q, &f.l);
        ck_assert_uint_eq(out[0], 77);
        ck_assert_int_eq(f.t.dev.pfnResetCommandAllocator(f.t.device, f.l.allocator), S_OK);
        ck_assert_int_eq(f.t.cl.pfnResetCommandList(f.l.list, &reset), S_OK);
        param.Value = 78;
        f.t.cl.pfnWriteBufferImmediate(f.l.list, 1, &param, &mode);
        execute(&f.t, &f.q, &f.l);
        ck_assert_uint_eq(out[0], 78);
    }
    /* Close of a closed list. */
    ck_assert_int_eq(f.t.cl.pfnCloseCommandList(f.l.list), E_FAIL);

    /* A record too big to store fails the list: the callback, then Close, report
     * E_OUTOFMEMORY; later calls are dropped and the queue skips the list. */
    {
        D3D12DDIARG_RESET_COMMAND_LIST_0124 reset = {f.l.allocator};

        ck_assert_int_eq(f.t.cl.pfnResetCommandList(f.l.list, &reset), S_OK);
        last_list_error = S_OK;
        f.t.cl.pfnWriteBufferImmediate(f.l.list, 400000000u, &param, &mode);
        ck_assert_int_eq(last_list_error, E_OUTOFMEMORY);
        param.Value = 79;
        f.t.cl.pfnWriteBufferImmediate(f.l.list, 1, &param, &mode);
        ck_assert_int_eq(f.t.cl.pfnCloseCommandList(f.l.list), E_OUTOFMEMORY);
        f.t.q.pfnExecuteCommandLists(f.q.queue, 1, &f.l.list);
        signal_queue(&f.t, f.q.queue, f.q.fence, ++f.q.value);
        ck_assert(wait_fence(&f.t, f.q.fence, f.q.value));
        ck_assert_uint_eq(out[0], 78);
        ck_assert_int_eq(last_device_error, S_OK);
    }
    immediate_fixture_finish(&f);
}
END_TEST

/* One WriteBufferImmediate of `count` params: dword j (of 16384) gets base + j. */
static void write_many(struct test_device *t, struct test_list *l, UINT64 va, UINT count, uint32_t base)
{
    D3D12_WRITEBUFFERIMMEDIATE_PARAMETER *params = calloc(count, sizeof(*params));
    UINT j;

    ck_assert_ptr_nonnull(params);
    for (j = 0; j < count; ++j)
    {
        params[j].Dest = va + (j % 16384) * 4;
        params[j].Value = base + j % 16384;
    }
    t->cl.pfnWriteBufferImmediate(l->list, count, params, NULL);
    free(params);
}

static void check_many(const uint32_t *out, UINT count, uint32_t base)
{
    UINT j;

    for (j = 0; j < count; ++j)
        ck_assert_msg(out[j] == base + j, "dword %u: %#x, expected %#x", j, out[j], base + j);
}

/* The allocator's chunks: a Reset keeps AGX_CMD_KEPT_BYTES of them; a chunk that cannot
 * be allocated frees the kept chunks the recording has not reached and is tried once
 * more (refuse-and-retry); when that fails too, the list fails with E_OUTOFMEMORY. */
START_TEST(test_cmd_chunks_budget_and_retry)
{
    D3D12DDIARG_RESET_COMMAND_LIST_0124 reset;
    struct immediate_fixture f;
    uint32_t *out;
    UINT64 va;
    UINT i;

    immediate_fixture_init(&f);
    out = f.out;
    va = f.va;
    reset.hAllocator = f.l.allocator;

    /* 120 records of 16 KB (16-byte params): 30 chunks of 64 KiB; the Reset keeps 16. */
    for (i = 0; i < 120; ++i)
        write_many(&f.t, &f.l, va, 1000, i * 1000);
    execute(&f.t, &f.q, &f.l);
    check_many(out, 1000, 119000);
    ck_assert_uint_eq(agx_cmd_allocator_held_bytes(f.l.allocator), 30 * 64 * 1024);
    ck_assert_int_eq(f.t.dev.pfnResetCommandAllocator(f.t.device, f.l.allocator), S_OK);
    ck_assert_uint_eq(agx_cmd_allocator_held_bytes(f.l.allocator), AGX_CMD_KEPT_BYTES);

    /* A 96 KB record fits no kept chunk; its chunk fails once, the 15 kept chunks after
     * the first go, and the second try works. */
    ck_assert_int_eq(f.t.cl.pfnResetCommandList(f.l.list, &reset), S_OK);
    last_list_error = S_OK;
    agx_testing_fail_cmd_chunks(f.t.device, 1);
    write_many(&f.t, &f.l, va, 6000, 500000);
    ck_assert_int_eq(last_list_error, S_OK);
    execute(&f.t, &f.q, &f.l);
    check_many(out, 6000, 500000);
    ck_assert_uint_lt(agx_cmd_allocator_held_bytes(f.l.allocator), 2 * 64 * 1024 + 6000 * 16 + 4096);

    /* Kept now: the first chunk, the 96 KB one and the one Close's end record took. A
     * 59 KB record takes the first, a 100 KB one fits none: both tries fail, the list
     * fails. */
    ck_assert_int_eq(f.t.dev.pfnResetCommandAllocator(f.t.device, f.l.allocator), S_OK);
    ck_assert_int_eq(f.t.cl.pfnResetCommandList(f.l.list, &reset), S_OK);
    agx_testing_fail_cmd_chunks(f.t.device, 2);
    write_many(&f.t, &f.l, va, 3700, 600000);
    ck_assert_int_eq(last_list_error, S_OK);
    write_many(&f.t, &f.l, va, 6300, 700000);
    ck_assert_int_eq(last_list_error, E_OUTOFMEMORY);
    ck_assert_int_eq(f.t.cl.pfnCloseCommandList(f.l.list), E_OUTOFMEMORY);
    ck_assert_uint_eq(agx_cmd_allocator_held_bytes(f.l.allocator), 64 * 1024);
    ck_assert_int_eq(last_device_error, S_OK);

    /* The next recording works again. */
    ck_assert_int_eq(f.t.dev.pfnResetCommandAllocator(f.t.device, f.l.allocator), S_OK);
    ck_assert_int_eq(f.t.cl.pfnResetCommandList(f.l.list, &reset), S_OK);
    last_list_error = S_OK;
    write_many(&f.t, &f.l, va, 6300, 800000);
    execute(&f.t, &f.q, &f.l);
    check_many(out, 6300, 800000);
    immediate_fixture_finish(&f);
}
END_TEST

static D3D12DDI_HQUERYHEAP create_query_heap(struct test_device *t, D3D12_QUERY_HEAP_TYPE type, UINT count)
{
    D3D12DDIARG_CREATE_QUERY_HEAP_0124 args = {type, count, 0};
    D3D12DDI_HQUERYHEAP heap = {calloc(1, t->dev.pfnCalcPrivateQueryHeapSize(t->device, &args))};

    ck_assert_int_eq(t->dev.pfnCreateQueryHeap(t->device, &args, heap), S_OK);
    return heap;
}

START_TEST(test_queries)
{
    D3D12DDIARG_CREATE_QUERY_HEAP_0124 video = {D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS, 1, 0};
    D3D12DDI_HQUERYHEAP timestamps, occlusion, bad;
    struct test_resource readback;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    UINT64 *out, frequency = 0, gpu = 0, cpu = 0;

    device_init(&t);
    timestamps = create_query_heap(&t, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 2);
    occlusion = create_query_heap(&t, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 1);
    bad.pDrvPrivate = calloc(1, t.dev.pfnCalcPrivateQueryHeapSize(t.device, &video));
    ck_assert_int_eq(t.dev.pfnCreateQueryHeap(t.device, &video, bad), E_INVALIDARG);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 256);
    out = map(&t, &readback);
    memset(out, POISON, 256);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(t.q.pfnGetTimestampFrequency(q.queue, &frequency), S_OK);
    ck_assert_uint_eq(frequency, 1000000000ull);
    ck_assert_int_eq(t.q.pfnGetClockCalibration(q.queue, &gpu, &cpu), S_OK);
    ck_assert_uint_ne(gpu, 0);
    ck_assert_uint_ne(cpu, 0);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    t.cl.pfnEndQuery(l.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    t.cl.pfnBeginQuery(l.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    t.cl.pfnEndQuery(l.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    t.cl.pfnEndQuery(l.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 1);
    t.cl.pfnResolveQueryData(l.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0, 2, readback.resource, 8);
    t.cl.pfnResolveQueryData(l.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0, 1, readback.resource, 32);
    execute(&t, &q, &l);

    ck_assert_uint_eq(out[0], 0xCDCDCDCDCDCDCDCDull);
    ck_assert_uint_ge(out[1], gpu);
    ck_assert_uint_ge(out[2], out[1]);
    ck_assert_uint_eq(out[3], 0xCDCDCDCDCDCDCDCDull);
    ck_assert_uint_eq(out[4], 0);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    t.dev.pfnDestroyQueryHeap(t.device, timestamps);
    t.dev.pfnDestroyQueryHeap(t.device, occlusion);
    free(timestamps.pDrvPrivate);
    free(occlusion.pDrvPrivate);
    free(bad.pDrvPrivate);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

START_TEST(test_predication_and_bundles)
{
    struct test_resource upload, readback;
    D3D12DDI_HRESOURCE none = {NULL};
    struct test_list l, bundle;
    unsigned char *in, *out;
    struct test_device t;
    struct test_queue q;

    device_init(&t);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 4096);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    in = map(&t, &upload);
    out = map(&t, &readback);
    memset(in, 0, 4096);
    in[0] = 1;                 /* predicate at offset 0 is non-zero, at offset 8 zero */
    memset(in + 256, 0x11, 256);
    memset(out, POISON, 4096);

    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    bundle = create_list(&t, D3D12_COMMAND_LIST_TYPE_BUNDLE);
    ck_assert_int_eq(t.cl.pfnCloseCommandList(bundle.list), S_OK);
    /* Skipped: the value is not zero. */
    t.cl.pfnSetPredication(l.list, upload.resource, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    t.cl.pfnCopyBufferRegion(l.list, readback.resource, 0, upload.resource, 256, 16);
    /* Run: the value at offset 8 is zero, not non-zero. */
    t.cl.pfnSetPredication(l.list, upload.resource, 8, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    t.cl.pfnCopyBufferRegion(l.list, readback.resource, 16, upload.resource, 256, 16);
    /* Skipped: the value at offset 8 is zero. */
    t.cl.pfnSetPredication(l.list, upload.resource, 8, D3D12_PREDICATION_OP_EQUAL_ZERO);
    t.cl.pfnCopyResource(l.list, readback.resource, upload.resource);
    t.cl.pfnExecuteBundle(l.list, bundle.list);
    t.cl.pfnSetPredication(l.list, none, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    t.cl.pfnCopyBufferRegion(l.list, readback.resource, 32, upload.resource, 256, 16);
    execute(&t, &q, &l);

    ck_assert_uint_eq(out[0], POISON);
    ck_assert_uint_eq(out[15], POISON);
    ck_assert_uint_eq(out[16], 0x11);
    ck_assert_uint_eq(out[47], 0x11);
    ck_assert_uint_eq(out[48], POISON);
    destroy_list(&t, &bundle);
    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST


static Suite *agx_umd_copy_suite(void)
{
    Suite *suite = suite_create("agx_umd_copy");
    TCase *tc;

    tc = tcase_create("copies");
    tcase_add_test(tc, test_copy_buffer_region);
    tcase_add_test(tc, test_copy_texture_rgba8);
    tcase_add_test(tc, test_copy_texture_rgba32f);
    tcase_add_test(tc, test_copy_texture_bc1);
    tcase_add_test(tc, test_copy_texture_r16_uint);
    tcase_add_test(tc, test_copy_texture_3d);
    tcase_add_test(tc, test_copy_texture_boxes);
    tcase_add_test(tc, test_copy_depth_stencil_planes);
    suite_add_tcase(suite, tc);

    tc = tcase_create("commands");
    tcase_add_test(tc, test_write_buffer_immediate_and_chunks);
    tcase_add_test(tc, test_cmd_chunks_budget_and_retry);
    tcase_add_test(tc, test_queries);
    tcase_add_test(tc, test_predication_and_bundles);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(agx_umd_copy_suite(), NULL);
}
