/*
 * agx_umd's native FillBuffers and ClearTextureSubresources, driven through the driver
 * contract (no runtime): raw and formatted fills, the repeat count clamped to whole
 * patterns, texture clears of one subresource, all of them, regions, 3D, block-
 * compressed, depth-stencil planes, cast formats and multisampled textures, predication,
 * and the descs the driver refuses.
 *
 * Every target starts as POISON (textures through legacy footprint copies) and is read
 * back through the same copies. Expected bytes are written out by hand from the rules
 * of D3D12AsyncCommands.md and the D3D conversion rules, never taken from the encoder;
 * texture read-backs follow the D3D12 footprint rules (256-byte row pitch, 512-byte
 * placement), not the driver's layout.
 */

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "agx_umd_harness.h"
#include "test_check.h"
#include "test_run.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define ALL_SUBRESOURCES 0xffffffffu
#define MAX_SUBS 16

static D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async_table(struct test_device *t)
{
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 table;
    D3D12DDI_HRTTABLE rt = {NULL};

    memset(&table, 0, sizeof(table));
    ck_assert_int_eq(t->a.funcs.pfnFillDDITable(t->device, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, &table,
            sizeof(table), 0, rt), S_OK);
    ck_assert_ptr_nonnull(table.pfnFillBuffers);
    ck_assert_ptr_nonnull(table.pfnClearTextureSubresources);
    return table;
}

static void restart(struct test_device *t, struct test_list *l)
{
    D3D12DDIARG_RESET_COMMAND_LIST_0124 reset = {l->allocator};

    t->cl.pfnCloseCommandList(l->list);
    ck_assert_int_eq(t->cl.pfnResetCommandList(l->list, &reset), S_OK);
    last_list_error = S_OK;
}

#define expect_list_error(t, l, hr) expect_list_error_(__LINE__, t, l, hr)
static void expect_list_error_(unsigned int line, struct test_device *t, struct test_list *l, HRESULT hr)
{
    ck_assert_msg(last_list_error == hr, "line %u: list error %#x, expected %#x", line,
                  (unsigned int)last_list_error, (unsigned int)hr);
    ck_assert_msg(t->cl.pfnCloseCommandList(l->list) == hr, "line %u: Close did not return %#x", line,
                  (unsigned int)hr);
}

static D3D12DDI_FILL_BUFFER_DESC raw_fill(const struct test_resource *buffer, UINT64 offset, const void *bytes,
                                          UINT size, UINT repeat)
{
    D3D12DDI_FILL_BUFFER_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.hBuffer = buffer->resource;
    desc.Offset = offset;
    /* The bytes past the pattern are not part of it. */
    memset(desc.FillValue.Bytes, 0xee, sizeof(desc.FillValue.Bytes));
    memcpy(desc.FillValue.Bytes, bytes, size);
    desc.RawPatternSizeInBytes = size;
    desc.RepeatCount = repeat;
    return desc;
}

static D3D12DDI_FILL_BUFFER_DESC formatted_fill(const struct test_resource *buffer, UINT64 offset,
                                                DXGI_FORMAT format, const D3D12DDI_CLEAR_DATA *value, UINT repeat)
{
    D3D12DDI_FILL_BUFFER_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.hBuffer = buffer->resource;
    desc.Offset = offset;
    desc.FillValue = *value;
    desc.Format = format;
    desc.RepeatCount = repeat;
    return desc;
}

/* `count` copies of a size-byte pattern at expected + offset. */
static void expect_pattern(unsigned char *expected, size_t offset, const void *pattern, size_t size, size_t count)
{
    size_t i;

    for (i = 0; i < count; ++i)
        memcpy(expected + offset + i * size, pattern, size);
}

/* A buffer fill test: a poisoned READBACK buffer of `size` bytes the fills write into. */
struct fill_fixture
{
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    struct test_resource buffer;
    unsigned char *data, *expected;
    UINT64 size;
};

static void fill_fixture_init(struct fill_fixture *f, UINT64 size)
{
    device_init(&f->t);
    f->async = async_table(&f->t);
    f->size = size;
    f->buffer = create_buffer(&f->t, D3D12_HEAP_TYPE_READBACK, size);
    f->data = map(&f->t, &f->buffer);
    memset(f->data, POISON, size);
    ck_assert_ptr_nonnull(f->expected = malloc(size));
    memset(f->expected, POISON, size);
    f->q = create_queue(&f->t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    f->l = create_list(&f->t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    last_list_error = S_OK;
}

static void fill_fixture_run(struct fill_fixture *f, UINT count, const D3D12DDI_FILL_BUFFER_DESC *descs)
{
    f->async.pfnFillBuffers(f->l.list, count, descs);
    execute(&f->t, &f->q, &f->l);
    ck_assert_int_eq(last_list_error, S_OK);
}

static void fill_fixture_finish(struct fill_fixture *f)
{
    destroy_list(&f->t, &f->l);
    destroy_queue(&f->t, &f->q);
    destroy_resource(&f->t, &f->buffer);
    free(f->expected);
    device_finish(&f->t);
}

/* ---- FillBuffers ------------------------------------------------------------------------------ */

/* Raw patterns of every allowed size, each at an offset aligned as the spec's table
 * asks (the size, at most 4), all in one call. */
START_TEST(test_fill_raw_patterns)
{
    static const unsigned char p1[] = {0x5a};
    static const unsigned char p2[] = {0x11, 0x22};
    static const unsigned char p4[] = {0xa1, 0xa2, 0xa3, 0xa4};
    static const unsigned char p8[] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
    static const unsigned char p12[] = {0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xcb};
    static const unsigned char p16[] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                                        0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};
    D3D12DDI_FILL_BUFFER_DESC descs[6];
    struct fill_fixture f;

    fill_fixture_init(&f, 4096);
    descs[0] = raw_fill(&f.buffer, 1, p1, 1, 7);       /* bytes 1..7 */
    descs[1] = raw_fill(&f.buffer, 10, p2, 2, 3);      /* 10..15 */
    descs[2] = raw_fill(&f.buffer, 20, p4, 4, 2);      /* 20..27 */
    descs[3] = raw_fill(&f.buffer, 36, p8, 8, 2);      /* 36..51: 4-aligned is enough */
    descs[4] = raw_fill(&f.buffer, 52, p12, 12, 3);    /* 52..87 */
    descs[5] = raw_fill(&f.buffer, 100, p16, 16, 2);   /* 100..131 */
    fill_fixture_run(&f, ARRAY_SIZE(descs), descs);

    expect_pattern(f.expected, 1, p1, 1, 7);
    expect_pattern(f.expected, 10, p2, 2, 3);
    expect_pattern(f.expected, 20, p4, 4, 2);
    expect_pattern(f.expected, 36, p8, 8, 2);
    expect_pattern(f.expected, 52, p12, 12, 3);
    expect_pattern(f.expected, 100, p16, 16, 2);
    check_bytes(f.data, f.expected, f.size);
    fill_fixture_finish(&f);
}
END_TEST

/* RepeatCount is clamped to the whole patterns that fit from Offset: the one that
 * would cross the end is omitted and the bytes after the last whole one keep theirs. */
START_TEST(test_fill_repeat_clamped)
{
    static const unsigned char p12[] = {0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b};
    static const unsigned char p16[] = {0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27,
                                        0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f};
    static const unsigned char p4[] = {0x31, 0x32, 0x33, 0x34};
    static const unsigned char p1[] = {0x77};
    D3D12DDI_FILL_BUFFER_DESC descs[5];
    struct fill_fixture f;

    fill_fixture_init(&f, 100);
    descs[0] = raw_fill(&f.buffer, 4, p12, 12, 5);        /* 4..63: exactly fits */
    descs[1] = raw_fill(&f.buffer, 64, p16, 16, 10);      /* 36 bytes left: two patterns, 64..95 */
    descs[2] = raw_fill(&f.buffer, 100, p4, 4, 5);        /* at the end: nothing */
    descs[3] = raw_fill(&f.buffer, 0, p1, 1, 0);          /* no repetitions: nothing */
    descs[4] = raw_fill(&f.buffer, 96, p4, 4, 0);
    fill_fixture_run(&f, ARRAY_SIZE(descs), descs);

    expect_pattern(f.expected, 4, p12, 12, 5);
    expect_pattern(f.expected, 64, p16, 16, 2);
    check_bytes(f.data, f.expected, f.size);
    ck_assert_uint_eq(f.data[96], POISON);
    ck_assert_uint_eq(f.data[99], POISON);
    fill_fixture_finish(&f);
}
END_TEST

/* A fill far larger than one memory write of the engine stays in phase, and the
 * largest RepeatCount is clamped too: 99992 bytes from 8 hold 8332 12-byte patterns
 * (99984 bytes, 8..99991); 99992..99999 keep their poison. */
START_TEST(test_fill_large)
{
    static const unsigned char p12[] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98};
    D3D12DDI_FILL_BUFFER_DESC desc;
    struct fill_fixture f;

    fill_fixture_init(&f, 100000);
    desc = raw_fill(&f.buffer, 8, p12, 12, UINT32_MAX);
    fill_fixture_run(&f, 1, &desc);
    expect_pattern(f.expected, 8, p12, 12, 8332);
    check_bytes(f.data, f.expected, f.size);
    fill_fixture_finish(&f);
}
END_TEST

/* Formatted values through the format, bit for bit where the spec says so. */
START_TEST(test_fill_formatted)
{
    /* R32G32B32A32_FLOAT {1.0, -2.0, 0.5, the smallest denormal}: the float bits as
     * given, the denormal kept (Async values are not flushed). */
    static const unsigned char rgba32f[] = {0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0,
                                            0x00, 0x00, 0x00, 0x3f, 0x01, 0x00, 0x00, 0x00};
    /* R8G8B8A8_UNORM {0.5, 1.0, 0.0, 0.5}: floor(0.5 * 255 + 0.5) = 128. */
    static const unsigned char rgba8[] = {0x80, 0xff, 0x00, 0x80};
    /* R16_SINT -2: the low 16 bits of Sints[0]. */
    static const unsigned char r16s[] = {0xfe, 0xff};
    /* R11G11B10_FLOAT {1.0, 2.0, 0.5}: R = exponent 15 << 6 = 0x3c0 (bits 0-10),
     * G = 16 << 6 = 0x400 (bits 11-21), B = 14 << 5 = 0x1c0 (bits 22-31):
     * 0x3c0 | 0x400 << 11 | 0x1c0 << 22 = 0x702003c0. */
    static const unsigned char r11g11b10[] = {0xc0, 0x03, 0x20, 0x70};
    D3D12DDI_FILL_BUFFER_DESC descs[4];
    D3D12DDI_CLEAR_DATA value;
    struct fill_fixture f;

    fill_fixture_init(&f, 512);
    memset(&value, 0, sizeof(value));
    value.Floats[0] = 1.0f;
    value.Floats[1] = -2.0f;
    value.Floats[2] = 0.5f;
    value.Uints[3] = 1;
    descs[0] = formatted_fill(&f.buffer, 4, DXGI_FORMAT_R32G32B32A32_FLOAT, &value, 3);    /* 4..51 */
    memset(&value, 0, sizeof(value));
    value.Floats[0] = 0.5f;
    value.Floats[1] = 1.0f;
    value.Floats[3] = 0.5f;
    descs[1] = formatted_fill(&f.buffer, 64, DXGI_FORMAT_R8G8B8A8_UNORM, &value, 5);       /* 64..83 */
    memset(&value, 0, sizeof(value));
    value.Sints[0] = -2;
    value.Sints[1] = 7;
    descs[2] = formatted_fill(&f.buffer, 98, DXGI_FORMAT_R16_SINT, &value, 7);             /* 98..111 */
    memset(&value, 0, sizeof(value));
    value.Floats[0] = 1.0f;
    value.Floats[1] = 2.0f;
    value.Floats[2] = 0.5f;
    descs[3] = formatted_fill(&f.buffer, 500, DXGI_FORMAT_R11G11B10_FLOAT, &value, 9);     /* 3 fit: 500..511 */
    fill_fixture_run(&f, ARRAY_SIZE(descs), descs);

    expect_pattern(f.expected, 4, rgba32f, 16, 3);
    expect_pattern(f.expected, 64, rgba8, 4, 5);
    expect_pattern(f.expected, 98, r16s, 2, 7);
    expect_pattern(f.expected, 500, r11g11b10, 4, 3);
    check_bytes(f.data, f.expected, f.size);
    fill_fixture_finish(&f);
}
END_TEST

/* 5000 descs, more than a 64 KiB recording chunk holds, land as one batch: byte i
 * receives i & 0xff. */
START_TEST(test_fill_large_batch)
{
    enum { N = 5000 };
    D3D12DDI_FILL_BUFFER_DESC *descs;
    struct fill_fixture f;
    unsigned char byte;
    UINT i;

    fill_fixture_init(&f, N + 16);
    ck_assert_ptr_nonnull(descs = calloc(N, sizeof(*descs)));
    for (i = 0; i < N; ++i)
    {
        byte = (unsigned char)i;
        descs[i] = raw_fill(&f.buffer, i, &byte, 1, 1);
        f.expected[i] = byte;
    }
    f.async.pfnFillBuffers(f.l.list, N, descs);
    /* The caller's array may change once the call returns. */
    memset(descs, 0, N * sizeof(*descs));
    execute(&f.t, &f.q, &f.l);
    ck_assert_int_eq(last_list_error, S_OK);
    check_bytes(f.data, f.expected, f.size);
    free(descs);
    fill_fixture_finish(&f);
}
END_TEST

/* ---- Texture clears: a poisoned texture, cleared, read back ---------------------------------- */

/* One subresource as the test knows it from the D3D12 rules: its extent in elements
 * (4x4 blocks for BC formats), the bytes of an element (all samples of a pixel) and
 * the pixels per element side. */
struct shape
{
    UINT cols, rows, depth, element, block;
};

/* Element box, end exclusive. */
struct ebox
{
    UINT x0, y0, z0, x1, y1, z1;
};

static const struct ebox whole_sub = {0, 0, 0, UINT32_MAX, UINT32_MAX, UINT32_MAX};
static const struct ebox no_element = {0, 0, 0, 0, 0, 0};

struct clear_fixture
{
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    struct test_resource texture, upload, readback;
    const unsigned char *out;
    UINT sub_count;
    struct shape shapes[MAX_SUBS];
    UINT64 offsets[MAX_SUBS];
};

static UINT64 shape_pitch(const struct shape *s)
{
    return ((UINT64)s->cols * s->element + 255) & ~(UINT64)255;
}

static D3D12DDIARG_TEXTURE_COPY_LOCATION footprint_at(const struct test_resource *buffer, UINT64 offset,
                                                      const struct shape *s)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION location;

    memset(&location, 0, sizeof(location));
    location.hResource = buffer->resource;
    location.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    location.PlacedFootprint.Offset = offset;
    /* The copy engine takes the element shape from the texture side. */
    location.PlacedFootprint.Footprint.Format = DXGI_FORMAT_R8_TYPELESS;
    location.PlacedFootprint.Footprint.Width = s->cols * s->block;
    location.PlacedFootprint.Footprint.Height = s->rows * s->block;
    location.PlacedFootprint.Footprint.Depth = s->depth;
    location.PlacedFootprint.Footprint.RowPitch = (UINT)shape_pitch(s);
    return location;
}

static D3D12DDIARG_TEXTURE_COPY_LOCATION subresource_at(const struct test_resource *texture, UINT sub)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION location;

    memset(&location, 0, sizeof(location));
    location.hResource = texture->resource;
    location.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    location.SubresourceIndex = sub;
    return location;
}

/* Creates the texture and records its poisoning: every subresource from an upload
 * buffer of POISON. The test then records its clears. */
static void clear_fixture_init(struct clear_fixture *f, const D3D12_RESOURCE_DESC1 *desc, UINT sub_count,
                               const struct shape *shapes)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    UINT64 total = 0, biggest = 0, size;
    unsigned char *data;
    UINT i;

    ck_assert_uint_le(sub_count, MAX_SUBS);
    device_init(&f->t);
    f->async = async_table(&f->t);
    f->texture = create_texture(&f->t, desc);
    f->sub_count = sub_count;
    for (i = 0; i < sub_count; ++i)
    {
        f->shapes[i] = shapes[i];
        f->offsets[i] = total;
        size = shape_pitch(&shapes[i]) * shapes[i].rows * shapes[i].depth;
        total = (total + size + 511) & ~(UINT64)511;
        if (size > biggest)
            biggest = size;
    }
    f->upload = create_buffer(&f->t, D3D12_HEAP_TYPE_UPLOAD, biggest);
    f->readback = create_buffer(&f->t, D3D12_HEAP_TYPE_READBACK, total);
    data = map(&f->t, &f->upload);
    memset(data, POISON, biggest);
    data = map(&f->t, &f->readback);
    memset(data, 0x5a, total);   /* not POISON: a missing read-back shows */
    f->out = data;
    f->q = create_queue(&f->t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    f->l = create_list(&f->t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    last_list_error = S_OK;
    for (i = 0; i < sub_count; ++i)
    {
        dst = subresource_at(&f->texture, i);
        src = footprint_at(&f->upload, 0, &shapes[i]);
        f->t.cl.pfnCopyTextureRegion(f->l.list, &dst, 0, 0, 0, &src, NULL);
    }
    copy_barrier(&f->t, &f->l);
}

/* Reads every subresource back and runs the list. */
static void clear_fixture_run(struct clear_fixture *f)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    UINT i;

    copy_barrier(&f->t, &f->l);
    for (i = 0; i < f->sub_count; ++i)
    {
        dst = footprint_at(&f->readback, f->offsets[i], &f->shapes[i]);
        src = subresource_at(&f->texture, i);
        f->t.cl.pfnCopyTextureRegion(f->l.list, &dst, 0, 0, 0, &src, NULL);
    }
    execute(&f->t, &f->q, &f->l);
    ck_assert_int_eq(last_list_error, S_OK);
}

static void clear_fixture_finish(struct clear_fixture *f)
{
    destroy_list(&f->t, &f->l);
    destroy_queue(&f->t, &f->q);
    destroy_resource(&f->t, &f->texture);
    destroy_resource(&f->t, &f->upload);
    destroy_resource(&f->t, &f->readback);
    device_finish(&f->t);
}

static bool ebox_has(const struct ebox *b, UINT x, UINT y, UINT z)
{
    return x >= b->x0 && x < b->x1 && y >= b->y0 && y < b->y1 && z >= b->z0 && z < b->z1;
}

/* Every element of `sub` inside the box reads `inside`, every other one `outside`
 * (NULL: POISON in every byte). */
#define check_sub(f, sub, box, inside, outside) check_sub_(__LINE__, f, sub, box, inside, outside)
static void check_sub_(unsigned int line, const struct clear_fixture *f, UINT sub, const struct ebox *box,
                       const void *inside, const void *outside)
{
    const struct shape *s = &f->shapes[sub];
    unsigned char poison[64];
    const unsigned char *got, *want;
    UINT x, y, z, i;

    memset(poison, POISON, sizeof(poison));
    for (z = 0; z < s->depth; ++z)
    {
        for (y = 0; y < s->rows; ++y)
        {
            for (x = 0; x < s->cols; ++x)
            {
                got = f->out + f->offsets[sub] + z * shape_pitch(s) * s->rows + y * shape_pitch(s) + x * s->element;
                want = ebox_has(box, x, y, z) ? inside : outside ? outside : poison;
                for (i = 0; i < s->element; ++i)
                {
                    if (got[i] != want[i])
                        ck_abort_msg("line %u: subresource %u, element (%u, %u, %u), byte %u is %#x, expected %#x",
                                     line, sub, x, y, z, i, got[i], want[i]);
                }
            }
        }
    }
}

static D3D12DDI_CLEAR_TEXTURE_DESC clear_desc(const struct clear_fixture *f, UINT sub, DXGI_FORMAT format,
                                              const D3D12DDI_BOX *region)
{
    D3D12DDI_CLEAR_TEXTURE_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.hTexture = f->texture.resource;
    desc.SubresourceIndex = sub;
    desc.Format = format;
    desc.pRegion = region;
    return desc;
}

/* One mip of two: mip 1 takes the value, mip 0 keeps its poison. R8G8B8A8_UNORM
 * {0, 0.5, 1, 1} is 00 80 ff ff. */
START_TEST(test_clear_one_subresource)
{
    static const struct shape shapes[] = {{8, 8, 1, 4, 1}, {4, 4, 1, 4, 1}};
    static const unsigned char value[] = {0x00, 0x80, 0xff, 0xff};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 2);
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    struct clear_fixture f;

    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    clear = clear_desc(&f, 1, DXGI_FORMAT_UNKNOWN, NULL);
    clear.ClearValue.Floats[1] = 0.5f;
    clear.ClearValue.Floats[2] = 1.0f;
    clear.ClearValue.Floats[3] = 1.0f;
    f.async.pfnClearTextureSubresources(f.l.list, 1, &clear);
    clear_fixture_run(&f);
    check_sub(&f, 0, &no_element, NULL, NULL);
    check_sub(&f, 1, &whole_sub, value, NULL);
    clear_fixture_finish(&f);
}
END_TEST

/* 0xFFFFFFFF: every mip of every array slice. R32_UINT 0xdeadbeef is ef be ad de. */
START_TEST(test_clear_all_subresources)
{
    /* Subresource mip + 3 * slice: 8x4, 4x2, 2x1 in each of three slices. */
    static const struct shape shapes[] = {{8, 4, 1, 4, 1}, {4, 2, 1, 4, 1}, {2, 1, 1, 4, 1},
                                          {8, 4, 1, 4, 1}, {4, 2, 1, 4, 1}, {2, 1, 1, 4, 1},
                                          {8, 4, 1, 4, 1}, {4, 2, 1, 4, 1}, {2, 1, 1, 4, 1}};
    static const unsigned char value[] = {0xef, 0xbe, 0xad, 0xde};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32_UINT, 8, 4, 3, 3);
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    struct clear_fixture f;
    UINT i;

    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    clear = clear_desc(&f, ALL_SUBRESOURCES, DXGI_FORMAT_UNKNOWN, NULL);
    clear.ClearValue.Uints[0] = 0xdeadbeef;
    f.async.pfnClearTextureSubresources(f.l.list, 1, &clear);
    clear_fixture_run(&f);
    for (i = 0; i < ARRAY_SIZE(shapes); ++i)
        check_sub(&f, i, &whole_sub, value, NULL);
    clear_fixture_finish(&f);
}
END_TEST

/* A region: pixels 3..9 x 2..6 of a 16x8 R8G8B8A8_UINT texture; integers take their
 * low 8 bits (0x104 -> 04). */
START_TEST(test_clear_region)
{
    static const struct shape shapes[] = {{16, 8, 1, 4, 1}};
    static const unsigned char value[] = {0x01, 0x02, 0x03, 0x04};
    static const D3D12DDI_BOX region = {3, 2, 0, 10, 7, 1};
    static const struct ebox cleared = {3, 2, 0, 10, 7, 1};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UINT, 16, 8, 1, 1);
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    struct clear_fixture f;
    D3D12DDI_BOX box = region;

    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    clear = clear_desc(&f, 0, DXGI_FORMAT_UNKNOWN, &box);
    clear.ClearValue.Uints[0] = 1;
    clear.ClearValue.Uints[1] = 2;
    clear.ClearValue.Uints[2] = 3;
    clear.ClearValue.Uints[3] = 0x104;
    f.async.pfnClearTextureSubresources(f.l.list, 1, &clear);
    /* The box is read when the call is recorded. */
    memset(&box, 0, sizeof(box));
    clear_fixture_run(&f);
    check_sub(&f, 0, &cleared, value, NULL);
    clear_fixture_finish(&f);
}
END_TEST

/* A 3D texture: a box of depth slices 1..3 in mip 0, and all of mip 1, in one call.
 * R16G16_FLOAT {1.0, -0.5} is 0x3c00, 0xb800; {0.25, 2.0} is 0x3400, 0x4000. */
START_TEST(test_clear_3d)
{
    static const struct shape shapes[] = {{8, 4, 6, 4, 1}, {4, 2, 3, 4, 1}};
    static const unsigned char value0[] = {0x00, 0x3c, 0x00, 0xb8};
    static const unsigned char value1[] = {0x00, 0x34, 0x00, 0x40};
    static const D3D12DDI_BOX region = {2, 1, 1, 6, 3, 4};
    static const struct ebox cleared = {2, 1, 1, 6, 3, 4};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R16G16_FLOAT, 8, 4, 6, 2);
    D3D12DDI_CLEAR_TEXTURE_DESC clears[2];
    struct clear_fixture f;

    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    clears[0] = clear_desc(&f, 0, DXGI_FORMAT_UNKNOWN, &region);
    clears[0].ClearValue.Floats[0] = 1.0f;
    clears[0].ClearValue.Floats[1] = -0.5f;
    clears[1] = clear_desc(&f, 1, DXGI_FORMAT_R16G16_FLOAT, NULL);
    clears[1].ClearValue.Floats[0] = 0.25f;
    clears[1].ClearValue.Floats[1] = 2.0f;
    f.async.pfnClearTextureSubresources(f.l.list, ARRAY_SIZE(clears), clears);
    clear_fixture_run(&f);
    check_sub(&f, 0, &cleared, value0, NULL);
    check_sub(&f, 1, &whole_sub, value1, NULL);
    clear_fixture_finish(&f);
}
END_TEST

/* BC1 takes the low 8 bytes of Bytes as a raw block: a 4-aligned region of mip 0
 * (pixels 4..11 x 4..7: blocks 1..2 x 1) and all of the 2x2 mip 3 through a region
 * that ends at its logical size. */
START_TEST(test_clear_block_compressed)
{
    static const struct shape shapes[] = {{4, 4, 1, 8, 4}, {2, 2, 1, 8, 4}, {1, 1, 1, 8, 4}, {1, 1, 1, 8, 4}};
    static const unsigned char block[] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
    static const D3D12DDI_BOX region0 = {4, 4, 0, 12, 8, 1}, region3 = {0, 0, 0, 2, 2, 1};
    static const struct ebox cleared = {1, 1, 0, 3, 2, 1};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_BC1_UNORM, 16, 16, 1, 4);
    D3D12DDI_CLEAR_TEXTURE_DESC clears[2];
    struct clear_fixture f;

    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    clears[0] = clear_desc(&f, 0, DXGI_FORMAT_UNKNOWN, &region0);
    memset(clears[0].ClearValue.Bytes, 0xee, sizeof(clears[0].ClearValue.Bytes));
    memcpy(clears[0].ClearValue.Bytes, block, sizeof(block));
    clears[1] = clears[0];
    clears[1].SubresourceIndex = 3;
    clears[1].Format = DXGI_FORMAT_BC1_UNORM_SRGB;
    clears[1].pRegion = &region3;
    f.async.pfnClearTextureSubresources(f.l.list, ARRAY_SIZE(clears), clears);
    clear_fixture_run(&f);
    check_sub(&f, 0, &cleared, block, NULL);
    check_sub(&f, 1, &no_element, NULL, NULL);
    check_sub(&f, 2, &no_element, NULL, NULL);
    check_sub(&f, 3, &whole_sub, block, NULL);
    clear_fixture_finish(&f);
}
END_TEST

/* D24_UNORM_S8_UINT: subresource 0 is the depth plane (4-byte elements, D24 in bits
 * 0-23), 1 the stencil plane (1 byte). Depth 0.5 is floor(0.5 * 0xffffff + 0.5) =
 * 0x800000; stencil is the low byte of Uints[1] (0x1a5 -> a5). Read-backs of the depth
 * plane return its X8 byte as zero, so poisoned depth reads cd cd cd 00. */
static const struct shape d24s8_shapes[] = {{8, 4, 1, 4, 1}, {8, 4, 1, 1, 1}};
static const unsigned char d24_value[] = {0x00, 0x00, 0x80, 0x00};
static const unsigned char d24_poison[] = {POISON, POISON, POISON, 0x00};
static const unsigned char s8_value[] = {0xa5};

static void d24s8_clear(UINT sub, DXGI_FORMAT format, bool depth, bool stencil)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_D24_UNORM_S8_UINT, 8, 4, 1, 1);
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    struct clear_fixture f;

    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    clear_fixture_init(&f, &desc, ARRAY_SIZE(d24s8_shapes), d24s8_shapes);
    clear = clear_desc(&f, sub, format, NULL);
    clear.ClearValue.Floats[0] = 0.5f;
    clear.ClearValue.Uints[1] = 0x1a5;
    f.async.pfnClearTextureSubresources(f.l.list, 1, &clear);
    clear_fixture_run(&f);
    check_sub(&f, 0, depth ? &whole_sub : &no_element, d24_value, d24_poison);
    check_sub(&f, 1, stencil ? &whole_sub : &no_element, s8_value, NULL);
    clear_fixture_finish(&f);
}

START_TEST(test_clear_depth_plane)
{
    d24s8_clear(0, DXGI_FORMAT_UNKNOWN, true, false);
}
END_TEST

START_TEST(test_clear_stencil_plane)
{
    d24s8_clear(1, DXGI_FORMAT_UNKNOWN, false, true);
}
END_TEST

/* All subresources: both planes; through a plane-view format, only the plane it names. */
START_TEST(test_clear_depth_stencil_all)
{
    d24s8_clear(ALL_SUBRESOURCES, DXGI_FORMAT_UNKNOWN, true, true);
    d24s8_clear(ALL_SUBRESOURCES, DXGI_FORMAT_R24_UNORM_X8_TYPELESS, true, false);
    d24s8_clear(ALL_SUBRESOURCES, DXGI_FORMAT_X24_TYPELESS_G8_UINT, false, true);
    d24s8_clear(1, DXGI_FORMAT_X24_TYPELESS_G8_UINT, false, true);
}
END_TEST

/* D32_FLOAT 0.25 is 0x3e800000. */
START_TEST(test_clear_d32)
{
    static const struct shape shapes[] = {{4, 4, 1, 4, 1}};
    static const unsigned char value[] = {0x00, 0x00, 0x80, 0x3e};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_D32_FLOAT, 4, 4, 1, 1);
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    struct clear_fixture f;

    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    clear = clear_desc(&f, 0, DXGI_FORMAT_UNKNOWN, NULL);
    clear.ClearValue.Floats[0] = 0.25f;
    f.async.pfnClearTextureSubresources(f.l.list, 1, &clear);
    clear_fixture_run(&f);
    check_sub(&f, 0, &whole_sub, value, NULL);
    clear_fixture_finish(&f);
}
END_TEST

/* Float32 channels are the bits given: the smallest denormal and -0 stay as they are
 * (legacy view clears would flush the denormal). */
START_TEST(test_clear_float_bits_kept)
{
    static const struct shape shapes[] = {{4, 2, 1, 8, 1}};
    static const unsigned char value[] = {0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R32G32_FLOAT, 4, 2, 1, 1);
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    struct clear_fixture f;

    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    clear = clear_desc(&f, 0, DXGI_FORMAT_UNKNOWN, NULL);
    clear.ClearValue.Uints[0] = 0x00000001;
    clear.ClearValue.Uints[1] = 0x80000000;
    f.async.pfnClearTextureSubresources(f.l.list, 1, &clear);
    clear_fixture_run(&f);
    check_sub(&f, 0, &whole_sub, value, NULL);
    clear_fixture_finish(&f);
}
END_TEST

/* A typed format of the texture's typeless family: R8G8B8A8_UNORM_SRGB {0.5, 0, 1, 0.5}
 * on R8G8B8A8_TYPELESS. sRGB 0.5 is 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354, * 255 =
 * 187.5, rounded half up to 188 = 0xbc; alpha stays linear, 0x80. */
START_TEST(test_clear_cast_format)
{
    static const struct shape shapes[] = {{4, 4, 1, 4, 1}};
    static const unsigned char value[] = {0xbc, 0x00, 0xff, 0x80};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_TYPELESS, 4, 4, 1, 1);
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    struct clear_fixture f;

    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    clear = clear_desc(&f, 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, NULL);
    clear.ClearValue.Floats[0] = 0.5f;
    clear.ClearValue.Floats[2] = 1.0f;
    clear.ClearValue.Floats[3] = 0.5f;
    f.async.pfnClearTextureSubresources(f.l.list, 1, &clear);
    clear_fixture_run(&f);
    check_sub(&f, 0, &whole_sub, value, NULL);
    clear_fixture_finish(&f);
}
END_TEST

/* 4x MSAA, two array slices: every sample of each covered pixel takes the value. The
 * device keeps a pixel's samples together (sample 0 first), so an element read back is
 * four copies. Slice 0: region 1..2 x 1..2 to {1, 0, 0, 1}; slice 1: all to
 * {0, 0, 1, 0.5}. */
START_TEST(test_clear_msaa)
{
    static const struct shape shapes[] = {{4, 4, 1, 16, 1}, {4, 4, 1, 16, 1}};
    static const unsigned char red[] = {0xff, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, 0xff,
                                        0xff, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, 0xff};
    static const unsigned char blue[] = {0x00, 0x00, 0xff, 0x80, 0x00, 0x00, 0xff, 0x80,
                                         0x00, 0x00, 0xff, 0x80, 0x00, 0x00, 0xff, 0x80};
    static const D3D12DDI_BOX region = {1, 1, 0, 3, 3, 1};
    static const struct ebox cleared = {1, 1, 0, 3, 3, 1};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 2, 1);
    D3D12DDI_CLEAR_TEXTURE_DESC clears[2];
    struct clear_fixture f;

    desc.SampleDesc.Count = 4;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    clears[0] = clear_desc(&f, 0, DXGI_FORMAT_UNKNOWN, &region);
    clears[0].ClearValue.Floats[0] = 1.0f;
    clears[0].ClearValue.Floats[3] = 1.0f;
    clears[1] = clear_desc(&f, 1, DXGI_FORMAT_UNKNOWN, NULL);
    clears[1].ClearValue.Floats[2] = 1.0f;
    clears[1].ClearValue.Floats[3] = 0.5f;
    f.async.pfnClearTextureSubresources(f.l.list, ARRAY_SIZE(clears), clears);
    clear_fixture_run(&f);
    check_sub(&f, 0, &cleared, red, NULL);
    check_sub(&f, 1, &whole_sub, blue, NULL);
    clear_fixture_finish(&f);
}
END_TEST

/* NV12 over all subresources with a region: Y (plane 0, one byte per pixel) from
 * Uints[0], the interleaved U and V of plane 1 (one pair per 2x2 pixels) from Uints[1]
 * and Uints[2], each truncated to 8 bits. Pixels 2..3 x 2..3 are Y elements 2..3 x
 * 2..3 and chroma element (1, 1). */
START_TEST(test_clear_nv12)
{
    static const struct shape shapes[] = {{4, 4, 1, 1, 1}, {2, 2, 1, 2, 1}};
    static const unsigned char y[] = {0x10}, uv[] = {0x80, 0x90};
    static const D3D12DDI_BOX region = {2, 2, 0, 4, 4, 1};
    static const struct ebox luma = {2, 2, 0, 4, 4, 1}, chroma = {1, 1, 0, 2, 2, 1};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_NV12, 4, 4, 1, 1);
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    struct clear_fixture f;

    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    clear = clear_desc(&f, ALL_SUBRESOURCES, DXGI_FORMAT_UNKNOWN, &region);
    clear.ClearValue.Uints[0] = 0x110;
    clear.ClearValue.Uints[1] = 0x80;
    clear.ClearValue.Uints[2] = 0x290;
    f.async.pfnClearTextureSubresources(f.l.list, 1, &clear);
    clear_fixture_run(&f);
    check_sub(&f, 0, &luma, y, NULL);
    check_sub(&f, 1, &chroma, uv, NULL);
    clear_fixture_finish(&f);
}
END_TEST

/* ---- Predication, refusals, recording limits --------------------------------------------------- */

/* Both entries are predicated like the legacy clears and copies. */
START_TEST(test_predication)
{
    static const struct shape shapes[] = {{4, 4, 1, 4, 1}};
    static const unsigned char value[] = {0x01, 0x02, 0x03, 0x04};
    static const unsigned char p4[] = {0x01, 0x02, 0x03, 0x04};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UINT, 4, 4, 1, 1);
    D3D12DDI_HRESOURCE none = {NULL};
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    D3D12DDI_FILL_BUFFER_DESC fill;
    struct test_resource buffer;
    struct clear_fixture f;
    unsigned char *data;

    clear_fixture_init(&f, &desc, ARRAY_SIZE(shapes), shapes);
    buffer = create_buffer(&f.t, D3D12_HEAP_TYPE_READBACK, 256);
    data = map(&f.t, &buffer);
    memset(data, POISON, 256);
    data[0] = 1;   /* the predicate, not zero */

    clear = clear_desc(&f, 0, DXGI_FORMAT_UNKNOWN, NULL);
    clear.ClearValue.Uints[0] = 9;
    fill = raw_fill(&buffer, 16, p4, 4, 4);
    /* Skipped: the predicate is not zero. */
    f.t.cl.pfnSetPredication(f.l.list, buffer.resource, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    f.async.pfnClearTextureSubresources(f.l.list, 1, &clear);
    f.async.pfnFillBuffers(f.l.list, 1, &fill);
    /* Predication off: these run. */
    f.t.cl.pfnSetPredication(f.l.list, none, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    clear.ClearValue.Uints[0] = 1;
    clear.ClearValue.Uints[1] = 2;
    clear.ClearValue.Uints[2] = 3;
    clear.ClearValue.Uints[3] = 4;
    f.async.pfnClearTextureSubresources(f.l.list, 1, &clear);
    fill.Offset = 64;
    f.async.pfnFillBuffers(f.l.list, 1, &fill);
    clear_fixture_run(&f);

    check_sub(&f, 0, &whole_sub, value, NULL);
    ck_assert_uint_eq(data[16], POISON);
    ck_assert_uint_eq(data[31], POISON);
    check_bytes(data + 64, "\x01\x02\x03\x04\x01\x02\x03\x04\x01\x02\x03\x04\x01\x02\x03\x04", 16);
    ck_assert_uint_eq(data[80], POISON);
    destroy_resource(&f.t, &buffer);
    clear_fixture_finish(&f);
}
END_TEST

/* Descs the runtime's validation keeps from the driver remove the list with
 * E_INVALIDARG (pfnSetCommandListErrorCb, then Close); empty batches record nothing. */
START_TEST(test_refused_fills)
{
    static const unsigned char p4[] = {1, 2, 3, 4};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1);
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    D3D12DDI_FILL_BUFFER_DESC fill, two[2];
    struct test_resource buffer, texture;
    D3D12DDI_CLEAR_DATA value;
    struct test_device t;
    struct test_queue q;
    struct test_list l;
    unsigned char *data;

    device_init(&t);
    async = async_table(&t);
    buffer = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    texture = create_texture(&t, &desc);
    data = map(&t, &buffer);
    memset(data, POISON, 4096);
    memset(&value, 0, sizeof(value));
    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    last_list_error = S_OK;
#define FILL_EXPECT(hr) do { async.pfnFillBuffers(l.list, 1, &fill); expect_list_error(&t, &l, hr); \
        restart(&t, &l); } while (0)

    async.pfnFillBuffers(l.list, 0, NULL);
    expect_list_error(&t, &l, S_OK);

    restart(&t, &l);
    async.pfnFillBuffers(l.list, 1, NULL);
    expect_list_error(&t, &l, E_INVALIDARG);
    restart(&t, &l);

    /* No buffer, a texture. */
    fill = raw_fill(&buffer, 0, p4, 4, 1);
    fill.hBuffer.pDrvPrivate = NULL;
    FILL_EXPECT(E_INVALIDARG);
    fill = raw_fill(&texture, 0, p4, 4, 1);
    FILL_EXPECT(E_INVALIDARG);

    /* Raw sizes outside 1, 2, 4, 8, 12, 16. */
    fill = raw_fill(&buffer, 0, p4, 3, 1);
    FILL_EXPECT(E_INVALIDARG);
    fill = raw_fill(&buffer, 0, p4, 0, 1);
    FILL_EXPECT(E_INVALIDARG);
    fill.RawPatternSizeInBytes = 17;
    FILL_EXPECT(E_INVALIDARG);

    /* A raw size with a format; typeless, block-compressed and planar formats. */
    fill = formatted_fill(&buffer, 0, DXGI_FORMAT_R32_UINT, &value, 1);
    fill.RawPatternSizeInBytes = 4;
    FILL_EXPECT(E_INVALIDARG);
    fill = formatted_fill(&buffer, 0, DXGI_FORMAT_R32_TYPELESS, &value, 1);
    FILL_EXPECT(E_INVALIDARG);
    fill = formatted_fill(&buffer, 0, DXGI_FORMAT_BC1_UNORM, &value, 1);
    FILL_EXPECT(E_INVALIDARG);
    fill = formatted_fill(&buffer, 0, DXGI_FORMAT_D24_UNORM_S8_UINT, &value, 1);
    FILL_EXPECT(E_INVALIDARG);

    /* Offsets: unaligned for the pattern, past the end (the end itself is fine). */
    fill = raw_fill(&buffer, 2, p4, 4, 1);
    FILL_EXPECT(E_INVALIDARG);
    fill = raw_fill(&buffer, 1, p4, 2, 1);
    FILL_EXPECT(E_INVALIDARG);
    fill = formatted_fill(&buffer, 6, DXGI_FORMAT_R32G32_UINT, &value, 1);
    FILL_EXPECT(E_INVALIDARG);
    fill = raw_fill(&buffer, 4097, p4, 1, 1);
    FILL_EXPECT(E_INVALIDARG);
    fill = raw_fill(&buffer, 4096, p4, 4, 1);
    FILL_EXPECT(S_OK);

#undef FILL_EXPECT

    /* A good desc before a bad one: the list is removed and never runs. */
    two[0] = raw_fill(&buffer, 0, p4, 4, 4);
    two[1] = raw_fill(&buffer, 2, p4, 4, 1);
    async.pfnFillBuffers(l.list, 2, two);
    expect_list_error(&t, &l, E_INVALIDARG);
    t.q.pfnExecuteCommandLists(q.queue, 1, &l.list);
    signal_queue(&t, q.queue, q.fence, ++q.value);
    ck_assert(wait_fence(&t, q.fence, q.value));
    ck_assert_uint_eq(data[0], POISON);
    ck_assert_uint_eq(data[15], POISON);

    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    destroy_resource(&t, &buffer);
    destroy_resource(&t, &texture);
    device_finish(&t);
}
END_TEST

START_TEST(test_refused_clears)
{
    D3D12_RESOURCE_DESC1 rgba_desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 2, 2);
    D3D12_RESOURCE_DESC1 typeless_desc = texture_desc(DXGI_FORMAT_R8G8B8A8_TYPELESS, 4, 4, 1, 1);
    D3D12_RESOURCE_DESC1 bc_desc = texture_desc(DXGI_FORMAT_BC1_UNORM, 16, 16, 1, 1);
    D3D12_RESOURCE_DESC1 ds_desc = texture_desc(DXGI_FORMAT_D24_UNORM_S8_UINT, 8, 4, 1, 1);
    D3D12_RESOURCE_DESC1 nv12_desc = texture_desc(DXGI_FORMAT_NV12, 8, 8, 1, 1);
    struct test_resource buffer, rgba, typeless, bc, ds, nv12;
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    struct test_device t;
    struct test_list l;
    unsigned int i;
    /* One desc per row; a NULL texture clears a NULL handle, boxed rows pass the box. */
    const struct
    {
        const struct test_resource *texture;
        UINT sub;
        DXGI_FORMAT format;
        bool boxed;
        D3D12DDI_BOX box;
        HRESULT hr;
    } rows[] =
    {
        /* No texture, a buffer, a subresource out of range (2 mips x 2 slices = 4). */
        {NULL, 0, DXGI_FORMAT_UNKNOWN, false, {0}, E_INVALIDARG},
        {&buffer, 0, DXGI_FORMAT_UNKNOWN, false, {0}, E_INVALIDARG},
        {&rgba, 4, DXGI_FORMAT_UNKNOWN, false, {0}, E_INVALIDARG},
        {&rgba, 3, DXGI_FORMAT_UNKNOWN, false, {0}, S_OK},
        /* Formats: another family, the typeless format itself (UNKNOWN or named). */
        {&rgba, 0, DXGI_FORMAT_R32_FLOAT, false, {0}, E_INVALIDARG},
        {&rgba, 0, DXGI_FORMAT_B8G8R8A8_UNORM, false, {0}, E_INVALIDARG},
        {&typeless, 0, DXGI_FORMAT_UNKNOWN, false, {0}, E_INVALIDARG},
        {&typeless, 0, DXGI_FORMAT_R8G8B8A8_TYPELESS, false, {0}, E_INVALIDARG},
        {&typeless, 0, DXGI_FORMAT_R8G8B8A8_SNORM, false, {0}, S_OK},
        /* Regions: inverted, empty, outside mip 1 (4x4), over several mips. */
        {&rgba, 1, DXGI_FORMAT_UNKNOWN, true, {3, 0, 0, 2, 4, 1}, E_INVALIDARG},
        {&rgba, 1, DXGI_FORMAT_UNKNOWN, true, {0, 2, 0, 4, 2, 1}, E_INVALIDARG},
        {&rgba, 1, DXGI_FORMAT_UNKNOWN, true, {0, 0, 0, 5, 4, 1}, E_INVALIDARG},
        {&rgba, 1, DXGI_FORMAT_UNKNOWN, true, {0, 0, 0, 4, 4, 2}, E_INVALIDARG},
        {&rgba, ALL_SUBRESOURCES, DXGI_FORMAT_UNKNOWN, true, {0, 0, 0, 4, 4, 1}, E_INVALIDARG},
        {&rgba, 1, DXGI_FORMAT_UNKNOWN, true, {0, 0, 0, 4, 4, 1}, S_OK},
        /* Block-compressed regions: offsets and sizes in whole blocks. */
        {&bc, 0, DXGI_FORMAT_UNKNOWN, true, {2, 0, 0, 6, 4, 1}, E_INVALIDARG},
        {&bc, 0, DXGI_FORMAT_UNKNOWN, true, {4, 4, 0, 10, 8, 1}, E_INVALIDARG},
        {&bc, 0, DXGI_FORMAT_UNKNOWN, true, {4, 4, 0, 8, 16, 1}, S_OK},
        /* NV12 regions align to its 2x2 sampling, on either plane or both. */
        {&nv12, ALL_SUBRESOURCES, DXGI_FORMAT_UNKNOWN, true, {1, 0, 0, 4, 4, 1}, E_INVALIDARG},
        {&nv12, 0, DXGI_FORMAT_UNKNOWN, true, {1, 0, 0, 4, 4, 1}, E_INVALIDARG},
        {&nv12, 1, DXGI_FORMAT_UNKNOWN, true, {2, 0, 0, 8, 3, 1}, E_INVALIDARG},
        {&nv12, 1, DXGI_FORMAT_UNKNOWN, true, {2, 4, 0, 8, 8, 1}, S_OK},
        /* The stencil plane through a format that names only depth. */
        {&ds, 1, DXGI_FORMAT_R24_UNORM_X8_TYPELESS, false, {0}, E_INVALIDARG},
        {&ds, 0, DXGI_FORMAT_X24_TYPELESS_G8_UINT, false, {0}, E_INVALIDARG},
    };

    device_init(&t);
    async = async_table(&t);
    buffer = create_buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 4096);
    rgba = create_texture(&t, &rgba_desc);
    typeless = create_texture(&t, &typeless_desc);
    bc = create_texture(&t, &bc_desc);
    ds_desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    ds = create_texture(&t, &ds_desc);
    nv12 = create_texture(&t, &nv12_desc);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    last_list_error = S_OK;

    async.pfnClearTextureSubresources(l.list, 0, NULL);
    expect_list_error(&t, &l, S_OK);
    restart(&t, &l);
    async.pfnClearTextureSubresources(l.list, 1, NULL);
    expect_list_error(&t, &l, E_INVALIDARG);
    restart(&t, &l);

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        memset(&clear, 0, sizeof(clear));
        if (rows[i].texture)
            clear.hTexture = rows[i].texture->resource;
        clear.SubresourceIndex = rows[i].sub;
        clear.Format = rows[i].format;
        clear.pRegion = rows[i].boxed ? &rows[i].box : NULL;
        async.pfnClearTextureSubresources(l.list, 1, &clear);
        expect_list_error(&t, &l, rows[i].hr);
        restart(&t, &l);
    }

    destroy_list(&t, &l);
    destroy_resource(&t, &buffer);
    destroy_resource(&t, &rgba);
    destroy_resource(&t, &typeless);
    destroy_resource(&t, &bc);
    destroy_resource(&t, &ds);
    destroy_resource(&t, &nv12);
    device_finish(&t);
}
END_TEST

/* A batch too large for one record fails the list with E_OUTOFMEMORY before any desc
 * is read: the one-element arrays here are never read past. */
START_TEST(test_out_of_memory)
{
    static const unsigned char p4[] = {1, 2, 3, 4};
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1);
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    struct test_resource buffer, texture;
    D3D12DDI_CLEAR_TEXTURE_DESC clear;
    D3D12DDI_FILL_BUFFER_DESC fill;
    struct test_device t;
    struct test_list l;

    device_init(&t);
    async = async_table(&t);
    buffer = create_buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 4096);
    texture = create_texture(&t, &desc);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    last_list_error = S_OK;

    fill = raw_fill(&buffer, 0, p4, 4, 1);
    async.pfnFillBuffers(l.list, 0x08000000u, &fill);
    expect_list_error(&t, &l, E_OUTOFMEMORY);

    restart(&t, &l);
    memset(&clear, 0, sizeof(clear));
    clear.hTexture = texture.resource;
    async.pfnClearTextureSubresources(l.list, 0x08000000u, &clear);
    expect_list_error(&t, &l, E_OUTOFMEMORY);

    /* The list records again after a reset. */
    restart(&t, &l);
    async.pfnFillBuffers(l.list, 1, &fill);
    async.pfnClearTextureSubresources(l.list, 1, &clear);
    expect_list_error(&t, &l, S_OK);

    destroy_list(&t, &l);
    destroy_resource(&t, &buffer);
    destroy_resource(&t, &texture);
    device_finish(&t);
}
END_TEST

static Suite *agx_umd_fill_suite(void)
{
    Suite *suite = suite_create("agx_umd_fill");
    TCase *tc;

    tc = tcase_create("fill_buffers");
    tcase_add_test(tc, test_fill_raw_patterns);
    tcase_add_test(tc, test_fill_repeat_clamped);
    tcase_add_test(tc, test_fill_large);
    tcase_add_test(tc, test_fill_formatted);
    tcase_add_test(tc, test_fill_large_batch);
    suite_add_tcase(suite, tc);

    tc = tcase_create("clear_texture_subresources");
    tcase_add_test(tc, test_clear_one_subresource);
    tcase_add_test(tc, test_clear_all_subresources);
    tcase_add_test(tc, test_clear_region);
    tcase_add_test(tc, test_clear_3d);
    tcase_add_test(tc, test_clear_block_compressed);
    tcase_add_test(tc, test_clear_depth_plane);
    tcase_add_test(tc, test_clear_stencil_plane);
    tcase_add_test(tc, test_clear_depth_stencil_all);
    tcase_add_test(tc, test_clear_d32);
    tcase_add_test(tc, test_clear_float_bits_kept);
    tcase_add_test(tc, test_clear_cast_format);
    tcase_add_test(tc, test_clear_msaa);
    tcase_add_test(tc, test_clear_nv12);
    suite_add_tcase(suite, tc);

    tc = tcase_create("recording");
    tcase_add_test(tc, test_predication);
    tcase_add_test(tc, test_refused_fills);
    tcase_add_test(tc, test_refused_clears);
    tcase_add_test(tc, test_out_of_memory);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(agx_umd_fill_suite(), NULL);
}
