/*
 * The Async copy family end to end, in both implementations (test_async.h): every test
 * runs once on the driver's native Async table and once on the fallback, on direct,
 * compute and copy lists. Destinations are poisoned first and read back byte for byte
 * against expectations computed here. The DDI spy shows the shape of what reached the
 * driver: one native call per batch, or one legacy call per region or pair.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const D3D12_COMMAND_LIST_TYPE list_types[] =
{
    D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY,
};

/* What the expectations need of a format, written out here on purpose. */
struct test_format
{
    DXGI_FORMAT format;
    unsigned int block_bytes, block_size;   /* bytes per block; block edge in pixels */
};

static const struct test_format formats[] =
{
    {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1},
    {DXGI_FORMAT_R16_UINT, 2, 1},
    {DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 1},
    {DXGI_FORMAT_BC1_UNORM, 8, 4},
    {DXGI_FORMAT_BC3_UNORM, 16, 4},
};

/* Checks the spy saw `batched` calls of the native entry and `legacy` of the legacy one:
 * one batch natively, one legacy call per region on the fallback. */
#define check_calls(ctx, native_name, legacy_name, legacy_count) \
    check_calls_(__LINE__, ctx, native_name, legacy_name, legacy_count)
static void check_calls_(unsigned int line, const struct async_ctx *ctx, const char *native_name,
                         const char *legacy_name, size_t legacy_count)
{
    size_t batches = async_spy_count(ctx, native_name), legacy = async_spy_count(ctx, legacy_name);
    bool native = ctx->mode == ASYNC_MODE_NATIVE;

    ck_assert_msg(batches == (native ? 1u : 0u) && legacy == (native ? 0u : legacy_count),
                  "line %u (%s): %zu %s and %zu %s calls, expected %u and %zu", line, async_mode_name(ctx->mode),
                  batches, native_name, legacy, legacy_name, native ? 1u : 0u, native ? 0u : legacy_count);
    /* Seed 000: the copies are the legacy operations in the normal copy scope; the
     * runtime adds no barrier on the app's resources. */
    ck_assert_msg(!async_spy_count(ctx, "Barrier") && !async_spy_count(ctx, "ResourceBarrier"),
                  "line %u (%s): the runtime added a barrier", line, async_mode_name(ctx->mode));
}

static ID3D12Resource *default_buffer(struct test_context *t, UINT64 size)
{
    return create_buffer(t->device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_COMMON);
}

static ID3D12Resource *texture_2d(struct test_context *t, DXGI_FORMAT format, UINT size, UINT mips, UINT layers)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(format, size, size, layers, mips, 1, D3D12_RESOURCE_FLAG_NONE);

    return create_texture(t->device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

/* ---- CopyBufferRegions ---------------------------------------------------------------------- */

ASYNC_TEST(test_copy_buffer_regions)
{
    unsigned char a_data[1024], b_data[512], c_expected[1024], d_expected[768], got[1024];
    ID3D12Resource *a, *b, *c, *d;
    struct test_context t;
    ID3D12Resource *dsts[5], *srcs[5];
    /* Several regions into two buffers from two buffers, of odd sizes and offsets. */
    static const UINT64 dst_offsets[] = {0, 16, 500, 700, 1000};
    static const UINT64 src_offsets[] = {100, 0, 0, 300, 1000};
    static const UINT64 sizes[] = {64, 128, 200, 68, 24};
    UINT i;

    async_context_init(ctx, &t, list_types[_i]);
    a = default_buffer(&t, sizeof(a_data));
    b = default_buffer(&t, sizeof(b_data));
    c = default_buffer(&t, sizeof(c_expected));
    d = default_buffer(&t, sizeof(d_expected));
    fill_pattern(a_data, sizeof(a_data), 1);
    fill_pattern(b_data, sizeof(b_data), 2);
    upload_buffer_data(&t, a, 0, a_data, sizeof(a_data));
    upload_buffer_data(&t, b, 0, b_data, sizeof(b_data));
    poison_buffer(&t, c, 3);
    poison_buffer(&t, d, 4);

    dsts[0] = c; srcs[0] = a;
    dsts[1] = d; srcs[1] = a;
    dsts[2] = c; srcs[2] = b;
    dsts[3] = d; srcs[3] = b;
    dsts[4] = c; srcs[4] = a;
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_CopyBufferRegions(async_list(&t), ARRAY_SIZE(sizes), dsts, dst_offsets, srcs,
                                                  src_offsets, sizes);
    check_calls(ctx, "CopyBufferRegions", "CopyBufferRegion", ARRAY_SIZE(sizes));
    execute_and_wait(&t);

    fill_pattern(c_expected, sizeof(c_expected), 3);
    fill_pattern(d_expected, sizeof(d_expected), 4);
    for (i = 0; i < ARRAY_SIZE(sizes); ++i)
        memcpy((dsts[i] == c ? c_expected : d_expected) + dst_offsets[i],
               (srcs[i] == a ? a_data : b_data) + src_offsets[i], sizes[i]);
    read_buffer(&t, c, sizeof(c_expected), got);
    check_bytes(got, c_expected, sizeof(c_expected), "buffer C");
    read_buffer(&t, d, sizeof(d_expected), got);
    check_bytes(got, d_expected, sizeof(d_expected), "buffer D");

    ID3D12Resource_Release(d);
    ID3D12Resource_Release(c);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    test_context_destroy(&t);
}

/* Empty batches and empty regions reach nobody; the rest of the batch still runs. */
ASYNC_TEST(test_copy_empty)
{
    UINT64 offsets[2] = {0, 32}, sizes[2] = {0, 16};
    unsigned char data[64], expected[64], got[64];
    D3D12_TEXTURE_COPY_DESC desc = {0};
    ID3D12Resource *src, *dst, *texture;
    ID3D12Resource *dsts[2], *srcs[2];
    struct test_context t;

    async_context_init(ctx, &t, list_types[_i]);
    src = default_buffer(&t, sizeof(data));
    dst = default_buffer(&t, sizeof(data));
    texture = texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1, 1);
    fill_pattern(data, sizeof(data), 5);
    upload_buffer_data(&t, src, 0, data, sizeof(data));
    poison_buffer(&t, dst, 6);

    async_spy_clear(ctx);
    dsts[0] = dsts[1] = dst;
    srcs[0] = srcs[1] = src;
    ID3D12GraphicsCommandList12_CopyBufferRegions(async_list(&t), 0, NULL, NULL, NULL, NULL, NULL);
    ID3D12GraphicsCommandList12_CopyTextureRegions(async_list(&t), 0, NULL);
    ID3D12GraphicsCommandList12_CopyResources(async_list(&t), 0, NULL, NULL);
    ck_assert_uint_eq(async_spy_total(ctx), 0);
    /* A region of zero bytes has no legacy copy; a desc with no regions neither. */
    ID3D12GraphicsCommandList12_CopyBufferRegions(async_list(&t), 2, dsts, offsets, srcs, offsets, sizes);
    check_calls(ctx, "CopyBufferRegions", "CopyBufferRegion", 1);
    async_spy_clear(ctx);
    desc.Type = D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_TEXTURE;
    desc.TextureTextureCopy.pDest = texture;
    desc.TextureTextureCopy.pSource = texture;
    ID3D12GraphicsCommandList12_CopyTextureRegions(async_list(&t), 1, &desc);
    check_calls(ctx, "CopyTextureRegions", "CopyTextureRegion", 0);
    execute_and_wait(&t);

    fill_pattern(expected, sizeof(expected), 6);
    memcpy(expected + 32, data + 32, 16);
    read_buffer(&t, dst, sizeof(got), got);
    check_bytes(got, expected, sizeof(got), "buffer");

    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    test_context_destroy(&t);
}

/* ---- CopyTextureRegions --------------------------------------------------------------------- */

/* A subresource's packed data: rows of whole blocks, no padding. */
struct packed
{
    unsigned char *data;
    size_t pitch;         /* bytes of one row of blocks */
    size_t rows;
};

static void packed_init(struct packed *p, const struct test_format *f, UINT size)
{
    UINT blocks = (size + f->block_size - 1) / f->block_size;

    p->pitch = (size_t)blocks * f->block_bytes;
    p->rows = blocks;
    p->data = xmalloc(p->pitch * p->rows);
}

/* Copies a rectangle of w x h pixels (block multiples) between two pitch-spaced images. */
static void copy_rect(const struct test_format *f, unsigned char *dst, size_t dst_pitch, UINT dx, UINT dy,
                      const unsigned char *src, size_t src_pitch, UINT sx, UINT sy, UINT w, UINT h)
{
    UINT r, rows = h / f->block_size;
    size_t bytes = (size_t)(w / f->block_size) * f->block_bytes;

    for (r = 0; r < rows; ++r)
        memcpy(dst + (dy / f->block_size + r) * dst_pitch + (size_t)(dx / f->block_size) * f->block_bytes,
               src + (sy / f->block_size + r) * src_pitch + (size_t)(sx / f->block_size) * f->block_bytes, bytes);
}

static UINT align(UINT value, UINT alignment)
{
    return (value + alignment - 1) / alignment * alignment;
}

static D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint(const struct test_format *f, UINT64 offset, UINT size)
{
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp = {0};

    fp.Offset = offset;
    fp.Footprint.Format = f->format;
    fp.Footprint.Width = size;
    fp.Footprint.Height = size;
    fp.Footprint.Depth = 1;
    fp.Footprint.RowPitch = align((size + f->block_size - 1) / f->block_size * f->block_bytes,
                                  D3D12_TEXTURE_DATA_PITCH_ALIGNMENT);
    return fp;
}

/*
 * One batch of every desc type on two 16x16 textures of 2 mips and 2 slices (subresource
 * mip + 2 * slice), a source buffer and a destination buffer:
 *   A texture → texture, a NULL box: T1 sub 2 → T2 sub 0;
 *   B texture → texture, two boxes swapping quarters: T1 sub 1 → T2 sub 3;
 *   C buffer → texture, two boxes swapping halves: SB → T2 sub 2;
 *   D, E texture → buffer, NULL boxes: T1 sub 0 and sub 3 → two footprints of DB.
 * T2 sub 1 is not written.
 */
ASYNC_TEST(test_copy_texture_regions)
{
    const struct test_format *f = &formats[_i % ARRAY_SIZE(formats)];
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT sb_fp, db_fp0, db_fp3;
    struct packed src[4], expected[4], got;
    static const D3D12_BOX b_box0 = {0, 0, 0, 4, 4, 1}, b_box1 = {4, 4, 0, 8, 8, 1};
    static const D3D12_BOX c_box0 = {0, 0, 0, 8, 16, 1}, c_box1 = {8, 0, 0, 16, 16, 1};
    D3D12_TEXTURE_COPY_REGION a_regions[1] = {{0, 0, 0, NULL}};
    D3D12_TEXTURE_COPY_REGION b_regions[2] = {{4, 4, 0, &b_box0}, {0, 0, 0, &b_box1}};
    D3D12_TEXTURE_COPY_REGION c_regions[2] = {{8, 0, 0, &c_box0}, {0, 0, 0, &c_box1}};
    D3D12_TEXTURE_COPY_REGION whole[1] = {{0, 0, 0, NULL}};
    unsigned char *sb_data, *db_expected, *db_got;
    ID3D12Resource *t1, *t2, *sb, *db;
    D3D12_TEXTURE_COPY_DESC descs[5];
    size_t sb_size, db_size;
    struct test_context t;
    UINT sub, size;

    memset(descs, 0, sizeof(descs));
    async_context_init(ctx, &t, list_types[_i / ARRAY_SIZE(formats)]);
    t1 = texture_2d(&t, f->format, 16, 2, 2);
    t2 = texture_2d(&t, f->format, 16, 2, 2);
    for (sub = 0; sub < 4; ++sub)
    {
        size = sub & 1 ? 8 : 16;
        packed_init(&src[sub], f, size);
        fill_pattern(src[sub].data, src[sub].pitch * src[sub].rows, 100 + sub);
        upload_texture_data(&t, t1, sub, src[sub].data);
        packed_init(&expected[sub], f, size);
        fill_pattern(expected[sub].data, expected[sub].pitch * expected[sub].rows, 200 + sub);
    }
    poison_texture(&t, t2, 200);

    sb_fp = footprint(f, 0, 16);
    sb_size = (size_t)sb_fp.Footprint.RowPitch * src[0].rows;
    sb = default_buffer(&t, sb_size);
    sb_data = xmalloc(sb_size);
    fill_pattern(sb_data, sb_size, 300);
    upload_buffer_data(&t, sb, 0, sb_data, sb_size);

    db_fp0 = footprint(f, 0, 16);
    db_fp3 = footprint(f, align(db_fp0.Footprint.RowPitch * src[0].rows, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT), 8);
    db_size = db_fp3.Offset + (size_t)db_fp3.Footprint.RowPitch * src[3].rows;
    db = default_buffer(&t, db_size);
    poison_buffer(&t, db, 400);

    descs[0].Type = D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_TEXTURE;
    descs[0].NumRegions = 1;
    descs[0].pCopyRegions = a_regions;
    descs[0].TextureTextureCopy.pDest = t2;
    descs[0].TextureTextureCopy.DestSubresourceIndex = 0;
    descs[0].TextureTextureCopy.pSource = t1;
    descs[0].TextureTextureCopy.SourceSubresourceIndex = 2;
    descs[1].Type = D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_TEXTURE;
    descs[1].NumRegions = 2;
    descs[1].pCopyRegions = b_regions;
    descs[1].TextureTextureCopy.pDest = t2;
    descs[1].TextureTextureCopy.DestSubresourceIndex = 3;
    descs[1].TextureTextureCopy.pSource = t1;
    descs[1].TextureTextureCopy.SourceSubresourceIndex = 1;
    descs[2].Type = D3D12_TEXTURE_COPY_DESC_TYPE_BUFFER_TO_TEXTURE;
    descs[2].NumRegions = 2;
    descs[2].pCopyRegions = c_regions;
    descs[2].BufferTextureCopy.pBuffer = sb;
    descs[2].BufferTextureCopy.pTexture = t2;
    descs[2].BufferTextureCopy.SubresourceIndex = 2;
    descs[2].BufferTextureCopy.PlacedFootprint = sb_fp;
    descs[3].Type = D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_BUFFER;
    descs[3].NumRegions = 1;
    descs[3].pCopyRegions = whole;
    descs[3].BufferTextureCopy.pBuffer = db;
    descs[3].BufferTextureCopy.pTexture = t1;
    descs[3].BufferTextureCopy.SubresourceIndex = 0;
    descs[3].BufferTextureCopy.PlacedFootprint = db_fp0;
    descs[4] = descs[3];
    descs[4].BufferTextureCopy.SubresourceIndex = 3;
    descs[4].BufferTextureCopy.PlacedFootprint = db_fp3;

    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_CopyTextureRegions(async_list(&t), ARRAY_SIZE(descs), descs);
    check_calls(ctx, "CopyTextureRegions", "CopyTextureRegion", 7);
    execute_and_wait(&t);

    /* A: the whole subresource. */
    memcpy(expected[0].data, src[2].data, src[2].pitch * src[2].rows);
    /* B: quarters of the 8x8 mip. */
    copy_rect(f, expected[3].data, expected[3].pitch, 4, 4, src[1].data, src[1].pitch, 0, 0, 4, 4);
    copy_rect(f, expected[3].data, expected[3].pitch, 0, 0, src[1].data, src[1].pitch, 4, 4, 4, 4);
    /* C: halves of the buffer's footprint. */
    copy_rect(f, expected[2].data, expected[2].pitch, 8, 0, sb_data, sb_fp.Footprint.RowPitch, 0, 0, 8, 16);
    copy_rect(f, expected[2].data, expected[2].pitch, 0, 0, sb_data, sb_fp.Footprint.RowPitch, 8, 0, 8, 16);
    for (sub = 0; sub < 4; ++sub)
    {
        packed_init(&got, f, sub & 1 ? 8 : 16);
        read_texture_subresource(&t, t2, sub, got.data);
        check_bytes(got.data, expected[sub].data, got.pitch * got.rows, "texture");
        free(got.data);
    }
    /* D, E: pitch-spaced rows in the footprints, the rest untouched. */
    db_expected = xmalloc(db_size);
    db_got = xmalloc(db_size);
    fill_pattern(db_expected, db_size, 400);
    copy_rect(f, db_expected, db_fp0.Footprint.RowPitch, 0, 0, src[0].data, src[0].pitch, 0, 0, 16, 16);
    copy_rect(f, db_expected + db_fp3.Offset, db_fp3.Footprint.RowPitch, 0, 0, src[3].data, src[3].pitch, 0, 0, 8, 8);
    read_buffer(&t, db, db_size, db_got);
    check_bytes(db_got, db_expected, db_size, "buffer");

    free(db_got);
    free(db_expected);
    free(sb_data);
    for (sub = 0; sub < 4; ++sub)
    {
        free(src[sub].data);
        free(expected[sub].data);
    }
    ID3D12Resource_Release(db);
    ID3D12Resource_Release(sb);
    ID3D12Resource_Release(t2);
    ID3D12Resource_Release(t1);
    test_context_destroy(&t);
}

/* ---- CopyResources -------------------------------------------------------------------------- */

ASYNC_TEST(test_copy_resources)
{
    const struct test_format *rgba = &formats[0], *bc1 = &formats[3];
    unsigned char buffer_data[4096], got_buffer[4096];
    ID3D12Resource *dsts[3], *srcs[3];
    struct packed data[5], got;
    struct test_context t;
    UINT sub;

    async_context_init(ctx, &t, list_types[_i]);
    srcs[0] = default_buffer(&t, sizeof(buffer_data));
    dsts[0] = default_buffer(&t, sizeof(buffer_data));
    srcs[1] = texture_2d(&t, rgba->format, 16, 2, 2);
    dsts[1] = texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UINT, 16, 2, 2);   /* same typeless family */
    srcs[2] = texture_2d(&t, bc1->format, 8, 1, 1);
    dsts[2] = texture_2d(&t, bc1->format, 8, 1, 1);

    fill_pattern(buffer_data, sizeof(buffer_data), 10);
    upload_buffer_data(&t, srcs[0], 0, buffer_data, sizeof(buffer_data));
    poison_buffer(&t, dsts[0], 11);
    for (sub = 0; sub < 4; ++sub)
    {
        packed_init(&data[sub], rgba, sub & 1 ? 8 : 16);
        fill_pattern(data[sub].data, data[sub].pitch * data[sub].rows, 20 + sub);
        upload_texture_data(&t, srcs[1], sub, data[sub].data);
    }
    packed_init(&data[4], bc1, 8);
    fill_pattern(data[4].data, data[4].pitch * data[4].rows, 30);
    upload_texture_data(&t, srcs[2], 0, data[4].data);
    poison_texture(&t, dsts[1], 40);
    poison_texture(&t, dsts[2], 50);

    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_CopyResources(async_list(&t), ARRAY_SIZE(dsts), dsts, srcs);
    check_calls(ctx, "CopyResources", "CopyResource", ARRAY_SIZE(dsts));
    execute_and_wait(&t);

    read_buffer(&t, dsts[0], sizeof(got_buffer), got_buffer);
    check_bytes(got_buffer, buffer_data, sizeof(buffer_data), "buffer");
    for (sub = 0; sub < 4; ++sub)
    {
        packed_init(&got, rgba, sub & 1 ? 8 : 16);
        read_texture_subresource(&t, dsts[1], sub, got.data);
        check_bytes(got.data, data[sub].data, got.pitch * got.rows, "RGBA texture");
        free(got.data);
    }
    packed_init(&got, bc1, 8);
    read_texture_subresource(&t, dsts[2], 0, got.data);
    check_bytes(got.data, data[4].data, got.pitch * got.rows, "BC1 texture");
    free(got.data);

    for (sub = 0; sub < 5; ++sub)
        free(data[sub].data);
    for (sub = 0; sub < ARRAY_SIZE(dsts); ++sub)
    {
        ID3D12Resource_Release(dsts[sub]);
        ID3D12Resource_Release(srcs[sub]);
    }
    test_context_destroy(&t);
}

/* The preview headers' interface reaches the same implementation. */
ASYNC_TEST(test_copy_preview_interface)
{
    unsigned char data[256], got[256];
    ID3D12CommandListAsyncCommands *preview;
    ID3D12Resource *src, *dst;
    struct test_context t;

    async_context_init(ctx, &t, list_types[_i]);
    src = default_buffer(&t, sizeof(data));
    dst = default_buffer(&t, sizeof(data));
    fill_pattern(data, sizeof(data), 60);
    upload_buffer_data(&t, src, 0, data, sizeof(data));
    poison_buffer(&t, dst, 61);

    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(t.list, &IID_ID3D12CommandListAsyncCommands,
                                                              (void **)&preview), S_OK);
    async_spy_clear(ctx);
    ID3D12CommandListAsyncCommands_CopyResources(preview, 1, &dst, &src);
    check_calls(ctx, "CopyResources", "CopyResource", 1);
    ID3D12CommandListAsyncCommands_Release(preview);
    execute_and_wait(&t);
    read_buffer(&t, dst, sizeof(got), got);
    check_bytes(got, data, sizeof(data), "buffer");

    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    test_context_destroy(&t);
}

Suite *async_copy_suite(void)
{
    const int types = ARRAY_SIZE(list_types);
    Suite *suite = suite_create("async_copy");
    struct async_tcases tcases;

    async_tcases_create(suite, "buffers", &tcases);
    async_tcase_add_loop(&tcases, test_copy_buffer_regions, 0, types);
    async_tcase_add_loop(&tcases, test_copy_empty, 0, types);
    async_tcase_add_loop(&tcases, test_copy_resources, 0, types);
    async_tcase_add_loop(&tcases, test_copy_preview_interface, 0, types);

    async_tcases_create(suite, "textures", &tcases);
    async_tcases_set_timeout(&tcases, 300);
    async_tcase_add_loop(&tcases, test_copy_texture_regions, 0, types * (int)ARRAY_SIZE(formats));
    return suite;
}

TEST_MAIN(async_copy_suite())
