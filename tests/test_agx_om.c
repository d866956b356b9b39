/*
 * agx_umd's output merger (agx_om.h) and query counting, driven below the draw level:
 * the tests build the merger's state and one pixel's work by hand, call
 * agx_om_depth_stencil / agx_om_write_color on resources created through the driver
 * contract, and read the planes back through the copy engine (D3D12 footprint rules:
 * 256-byte row pitch; the copy engine moves whole elements, the samples of a pixel
 * together). Expected bytes are computed here from the D3D rules, never by the driver's
 * own encoder. Draws themselves are tests/test_draw*.c's (H5).
 */

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "test_agx_om.h"
#include "test_run.h"

#define STAGING_SIZE 65536u

/* ---- Fixture ------------------------------------------------------------------------------ */

void om_init(struct om *o)
{
    device_init(&o->t);
    o->backend = ((struct agx_device *)o->t.device.pDrvPrivate)->backend;
    o->q = create_queue(&o->t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    o->upload = create_buffer(&o->t, D3D12_HEAP_TYPE_UPLOAD, STAGING_SIZE);
    o->readback = create_buffer(&o->t, D3D12_HEAP_TYPE_READBACK, STAGING_SIZE);
    o->up = map(&o->t, &o->upload);
    o->down = map(&o->t, &o->readback);
    o->texture_count = 0;
    last_list_error = S_OK;
}

void om_finish(struct om *o)
{
    while (o->texture_count)
        destroy_resource(&o->t, &o->textures[--o->texture_count]);
    destroy_resource(&o->t, &o->upload);
    destroy_resource(&o->t, &o->readback);
    destroy_queue(&o->t, &o->q);
    device_finish(&o->t);
}

struct tex om_texture(struct om *o, D3D12_RESOURCE_DIMENSION dimension, DXGI_FORMAT format, UINT width,
                             UINT height, UINT16 depth, UINT samples, UINT element0, UINT element1)
{
    D3D12_RESOURCE_DESC1 desc = texture_desc(format, width, height, depth, 1);
    struct tex x;

    desc.Dimension = dimension;
    desc.SampleDesc.Count = samples;
    desc.Flags = element1 ? D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL : D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    if (format == DXGI_FORMAT_D16_UNORM || format == DXGI_FORMAT_D32_FLOAT)
        desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    ck_assert_uint_lt(o->texture_count, ARRAY_SIZE(o->textures));
    x.r = o->textures[o->texture_count++] = create_texture(&o->t, &desc);
    x.width = width;
    x.height = height;
    x.depth = dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? depth : 1;
    x.element[0] = element0 * samples;
    x.element[1] = element1 * samples;
    return x;
}

static UINT om_pitch(const struct tex *x, UINT plane)
{
    return (x->width * x->element[plane] + 255) & ~255u;
}

static D3D12DDIARG_TEXTURE_COPY_LOCATION om_footprint(const struct test_resource *buffer, const struct tex *x,
                                                      UINT plane)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION location;

    memset(&location, 0, sizeof(location));
    location.hResource = buffer->resource;
    location.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    location.PlacedFootprint.Footprint.Format = DXGI_FORMAT_R8_TYPELESS;   /* shape from the texture */
    location.PlacedFootprint.Footprint.Width = x->width;
    location.PlacedFootprint.Footprint.Height = x->height;
    location.PlacedFootprint.Footprint.Depth = x->depth;
    location.PlacedFootprint.Footprint.RowPitch = om_pitch(x, plane);
    return location;
}

static D3D12DDIARG_TEXTURE_COPY_LOCATION om_subresource(const struct tex *x, UINT sub)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION location;

    memset(&location, 0, sizeof(location));
    location.hResource = x->r.resource;
    location.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    location.SubresourceIndex = sub;
    return location;
}

/* Whole subresources, tightly packed pixel after pixel (row after row, slice after slice). */
static void om_copy(struct om *o, const struct tex *x, UINT sub, UINT plane, bool to_texture)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION buffer, texture = om_subresource(x, sub);
    struct test_list l = create_list(&o->t, D3D12_COMMAND_LIST_TYPE_DIRECT);

    ck_assert_uint_le(om_pitch(x, plane) * x->height * x->depth, STAGING_SIZE);
    buffer = om_footprint(to_texture ? &o->upload : &o->readback, x, plane);
    if (to_texture)
        o->t.cl.pfnCopyTextureRegion(l.list, &texture, 0, 0, 0, &buffer, NULL);
    else
        o->t.cl.pfnCopyTextureRegion(l.list, &buffer, 0, 0, 0, &texture, NULL);
    execute(&o->t, &o->q, &l);
    ck_assert_int_eq(last_list_error, S_OK);
    destroy_list(&o->t, &l);
}

void om_put(struct om *o, const struct tex *x, UINT sub, UINT plane, const void *data)
{
    UINT row, rows = x->height * x->depth, size = x->width * x->element[plane];

    for (row = 0; row < rows; ++row)
        memcpy(o->up + row * om_pitch(x, plane), (const unsigned char *)data + row * size, size);
    om_copy(o, x, sub, plane, true);
}

void om_get(struct om *o, const struct tex *x, UINT sub, UINT plane, void *data)
{
    UINT row, rows = x->height * x->depth, size = x->width * x->element[plane];

    om_copy(o, x, sub, plane, false);
    for (row = 0; row < rows; ++row)
        memcpy((unsigned char *)data + row * size, o->down + row * om_pitch(x, plane), size);
}

/* Every pixel of a plane set to one sample value. */
void om_fill(struct om *o, const struct tex *x, UINT sub, UINT plane, const void *sample, UINT sample_size)
{
    unsigned char data[4096];
    UINT i, total = x->width * x->height * x->depth * x->element[plane];

    ck_assert_uint_le(total, sizeof(data));
    for (i = 0; i < total; i += sample_size)
        memcpy(data + i, sample, sample_size);
    om_put(o, x, sub, plane, data);
}

/* Defaults: depth LESS with writes, stencil off (masks 0xff, KEEP, ALWAYS), blending
 * off with every channel written, viewport depth [0, 1]. */
void state_init(struct agx_om_state *s)
{
    D3D12_DEPTH_STENCILOP_DESC1 face = {D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
                                        D3D12_COMPARISON_FUNC_ALWAYS, 0xff, 0xff};
    unsigned int i;

    memset(s, 0, sizeof(*s));
    s->depth_stencil.DepthEnable = TRUE;
    s->depth_stencil.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    s->depth_stencil.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    s->depth_stencil.FrontFace = s->depth_stencil.BackFace = face;
    for (i = 0; i < AGX_OM_MAX_TARGETS; ++i)
    {
        D3D12_RENDER_TARGET_BLEND_DESC *rt = &s->blend.RenderTarget[i];

        rt->SrcBlend = rt->SrcBlendAlpha = D3D12_BLEND_ONE;
        rt->DestBlend = rt->DestBlendAlpha = D3D12_BLEND_ZERO;
        rt->BlendOp = rt->BlendOpAlpha = D3D12_BLEND_OP_ADD;
        rt->LogicOp = D3D12_LOGIC_OP_NOOP;
        rt->RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    }
    s->sample_mask = ~0u;
    s->sample_count = 1;
    s->viewport_max_depth = 1.0f;
    s->depth_bounds_max = 1.0f;
}

void target_init(struct agx_om_target *target, const struct tex *x, DXGI_FORMAT format, UINT slices)
{
    memset(target, 0, sizeof(*target));
    target->resource = x->r.resource.pDrvPrivate;
    target->format = format;
    target->slice_count = slices;
}

void set_rt(struct agx_om_state *s, unsigned int i, const struct tex *x, DXGI_FORMAT format)
{
    target_init(&s->targets[i], x, format, 1);
    s->rtv_formats[i] = format;
    s->target_count = AGX_MAX(s->target_count, i + 1);
}

void pixel_init(struct agx_om_pixel *p, uint32_t x, uint32_t y, float depth)
{
    unsigned int i;

    memset(p, 0, sizeof(*p));
    p->x = x;
    p->y = y;
    p->front_facing = true;
    p->coverage = 1;
    for (i = 0; i < AGX_OM_MAX_SAMPLES; ++i)
        p->depth[i] = depth;
}

void pixel_color(struct agx_om_pixel *p, unsigned int target, float r, float g, float b, float a)
{
    float v[4] = {r, g, b, a};

    memcpy(p->color[target], v, sizeof(v));
    p->color_valid[target] = true;
}

void pixel_uint(struct agx_om_pixel *p, unsigned int target, uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
    p->color[target][0] = r;
    p->color[target][1] = g;
    p->color[target][2] = b;
    p->color[target][3] = a;
    p->color_valid[target] = true;
}

uint32_t f32_bits(float f)
{
    uint32_t bits;

    memcpy(&bits, &f, sizeof(bits));
    return bits;
}

float f32_from(const unsigned char *b)
{
    float f;

    memcpy(&f, b, sizeof(f));
    return f;
}

uint32_t le32(const unsigned char *b)
{
    return b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
}

void check_bytes(const unsigned char *got, const unsigned char *expected, size_t size, const char *what)
{
    size_t i;

    for (i = 0; i < size; ++i)
        ck_assert_msg(got[i] == expected[i], "%s: byte %zu is %#x, expected %#x", what, i, got[i], expected[i]);
}

/* ---- Depth -------------------------------------------------------------------------------- */

static bool compare_ref(D3D12_COMPARISON_FUNC func, double a, double b)
{
    static const bool table[8][3] =
    {
        /* a < b, a == b, a > b */
        {false, false, false},    /* NEVER */
        {true, false, false},     /* LESS */
        {false, true, false},     /* EQUAL */
        {true, true, false},      /* LESS_EQUAL */
        {false, false, true},     /* GREATER */
        {true, false, true},      /* NOT_EQUAL */
        {false, true, true},      /* GREATER_EQUAL */
        {true, true, true},       /* ALWAYS */
    };

    return table[func - D3D12_COMPARISON_FUNC_NEVER][a < b ? 0 : a == b ? 1 : 2];
}

/* Every comparison against a stored 0.5 (D32_FLOAT), with 0.25, 0.5 and 0.75 coming
 * in: the sample passes by the function, and a passing sample stores its depth. */
START_TEST(test_om_depth_compare)
{
    static const float incoming[] = {0.25f, 0.5f, 0.75f};
    D3D12_COMPARISON_FUNC func;
    struct agx_om_state s;
    struct agx_om_pixel p;
    unsigned char got[4];
    struct tex depth;
    unsigned int i;
    struct om o;
    float half = 0.5f;

    om_init(&o);
    depth = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, 1, 1, 1, 1, 4, 0);
    state_init(&s);
    target_init(&s.depth, &depth, DXGI_FORMAT_D32_FLOAT, 1);
    for (func = D3D12_COMPARISON_FUNC_NEVER; func <= D3D12_COMPARISON_FUNC_ALWAYS; ++func)
    {
        for (i = 0; i < ARRAY_SIZE(incoming); ++i)
        {
            bool pass = compare_ref(func, incoming[i], 0.5);

            om_fill(&o, &depth, 0, 0, &half, 4);
            s.depth_stencil.DepthFunc = func;
            pixel_init(&p, 0, 0, incoming[i]);
            ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), pass ? 1u : 0u);
            om_get(&o, &depth, 0, 0, got);
            ck_assert_msg(f32_from(got) == (pass ? incoming[i] : 0.5f), "func %u incoming %g stored %g", func,
                          incoming[i], f32_from(got));
        }
    }
    om_finish(&o);
}
END_TEST

/* Quantization and clamping: D16 0.5 -> 0x8000, D24 0.5 -> 0x800000 (top byte zero),
 * a depth beyond the viewport's [0.2, 0.6] clamped to 0.6, NaN to the minimum; D32
 * keeps the float and flushes -0 to +0. */
START_TEST(test_om_depth_formats)
{
    static const uint32_t ones = 0xffffffffu;
    struct agx_om_state s;
    struct agx_om_pixel p;
    struct tex d16, d24, d32;
    unsigned char got[8];
    struct om o;

    om_init(&o);
    d16 = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D16_UNORM, 2, 1, 1, 1, 2, 0);
    d24 = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D24_UNORM_S8_UINT, 2, 1, 1, 1, 4, 1);
    d32 = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, 2, 1, 1, 1, 4, 0);
    state_init(&s);
    s.depth_stencil.DepthFunc = D3D12_COMPARISON_FUNC_ALWAYS;

    target_init(&s.depth, &d16, DXGI_FORMAT_D16_UNORM, 1);
    om_fill(&o, &d16, 0, 0, &ones, 2);
    pixel_init(&p, 1, 0, 0.5f);
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    om_get(&o, &d16, 0, 0, got);
    ck_assert_uint_eq(got[0] | got[1] << 8, 0xffff);            /* pixel 0 untouched */
    ck_assert_uint_eq(got[2] | got[3] << 8, 0x8000);

    /* D24: 0.5 * 16777215 + 0.5 = 8388608; the stencil plane keeps its bytes. */
    target_init(&s.depth, &d24, DXGI_FORMAT_D24_UNORM_S8_UINT, 1);
    om_fill(&o, &d24, 0, 0, &ones, 4);
    om_fill(&o, &d24, 1, 1, &ones, 1);
    pixel_init(&p, 0, 0, 0.5f);
    agx_om_depth_stencil(o.backend, &s, &p);
    {
        unsigned char plane0[8], plane1[2];

        om_get(&o, &d24, 0, 0, plane0);
        om_get(&o, &d24, 1, 1, plane1);
        ck_assert_uint_eq(le32(plane0), 0x800000u);
        /* Pixel 1 untouched (copies carry D24 without the X8 byte). */
        ck_assert_uint_eq(le32(plane0 + 4), 0xffffffu);
        ck_assert_uint_eq(plane1[0], 0xff);
        ck_assert_uint_eq(plane1[1], 0xff);
    }

    /* Viewport clamp; then NaN to the minimum; D24 below 0 cannot happen past it. */
    s.viewport_min_depth = 0.2f;
    s.viewport_max_depth = 0.6f;
    pixel_init(&p, 0, 0, 0.9f);
    agx_om_depth_stencil(o.backend, &s, &p);
    om_get(&o, &d24, 0, 0, got);
    ck_assert_uint_eq(le32(got), (uint32_t)(0.6f * 16777215.0 + 0.5));
    pixel_init(&p, 0, 0, NAN);
    agx_om_depth_stencil(o.backend, &s, &p);
    om_get(&o, &d24, 0, 0, got);
    ck_assert_uint_eq(le32(got), (uint32_t)(0.2f * 16777215.0 + 0.5));

    /* D32: the float itself; -0 flushed to +0. */
    s.viewport_min_depth = -1.0f;
    target_init(&s.depth, &d32, DXGI_FORMAT_D32_FLOAT, 1);
    pixel_init(&p, 0, 0, 0.3f);
    agx_om_depth_stencil(o.backend, &s, &p);
    om_get(&o, &d32, 0, 0, got);
    ck_assert_uint_eq(le32(got), f32_bits(0.3f));
    pixel_init(&p, 0, 0, -0.0f);
    agx_om_depth_stencil(o.backend, &s, &p);
    om_get(&o, &d32, 0, 0, got);
    ck_assert_uint_eq(le32(got), 0);
    om_finish(&o);
}
END_TEST

/* Read-only depth: the test still decides, nothing is written; DepthWriteMask ZERO the
 * same; DepthEnable FALSE passes everything and writes nothing. */
START_TEST(test_om_depth_read_only)
{
    struct agx_om_state s;
    struct agx_om_pixel p;
    unsigned char got[4];
    struct tex depth;
    float half = 0.5f;
    struct om o;

    om_init(&o);
    depth = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, 1, 1, 1, 1, 4, 0);
    om_fill(&o, &depth, 0, 0, &half, 4);
    state_init(&s);
    target_init(&s.depth, &depth, DXGI_FORMAT_D32_FLOAT, 1);
    s.depth.read_only_depth = true;
    pixel_init(&p, 0, 0, 0.25f);
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    pixel_init(&p, 0, 0, 0.75f);
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 0);
    s.depth.read_only_depth = false;
    s.depth_stencil.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ZERO;
    pixel_init(&p, 0, 0, 0.25f);
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    s.depth_stencil.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    s.depth_stencil.DepthEnable = FALSE;
    pixel_init(&p, 0, 0, 0.75f);
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    om_get(&o, &depth, 0, 0, got);
    ck_assert_uint_eq(le32(got), f32_bits(0.5f));
    om_finish(&o);
}
END_TEST

/* Depth bounds against the stored depth (0.5 in D24): inside [0.4, 0.6] the sample
 * goes on; outside it is dropped before the stencil update. */
START_TEST(test_om_depth_bounds)
{
    uint32_t stored = 0x800000;
    unsigned char stencil = 7, got;
    struct agx_om_state s;
    struct agx_om_pixel p;
    struct tex depth;
    struct om o;

    om_init(&o);
    depth = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, 1, 1, 1, 4, 1);
    om_fill(&o, &depth, 0, 0, &stored, 4);
    om_fill(&o, &depth, 1, 1, &stencil, 1);
    state_init(&s);
    target_init(&s.depth, &depth, DXGI_FORMAT_D24_UNORM_S8_UINT, 1);
    s.depth_stencil.DepthEnable = FALSE;
    s.depth_stencil.DepthBoundsTestEnable = TRUE;
    s.depth_stencil.StencilEnable = TRUE;
    s.depth_stencil.FrontFace.StencilPassOp = D3D12_STENCIL_OP_INCR;
    s.depth_bounds_min = 0.4f;
    s.depth_bounds_max = 0.6f;
    pixel_init(&p, 0, 0, 0.0f);
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    om_get(&o, &depth, 1, 1, &got);
    ck_assert_uint_eq(got, 8);
    s.depth_bounds_min = 0.6f;
    s.depth_bounds_max = 1.0f;
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 0);
    om_get(&o, &depth, 1, 1, &got);
    ck_assert_uint_eq(got, 8);
    om_finish(&o);
}
END_TEST

/* ---- Stencil ------------------------------------------------------------------------------ */

static uint8_t stencil_op_ref(D3D12_STENCIL_OP op, uint8_t v, uint8_t ref)
{
    switch (op)
    {
        case D3D12_STENCIL_OP_KEEP: return v;
        case D3D12_STENCIL_OP_ZERO: return 0;
        case D3D12_STENCIL_OP_REPLACE: return ref;
        case D3D12_STENCIL_OP_INCR_SAT: return v < 255 ? v + 1 : 255;
        case D3D12_STENCIL_OP_DECR_SAT: return v > 0 ? v - 1 : 0;
        case D3D12_STENCIL_OP_INVERT: return 255 - v;
        case D3D12_STENCIL_OP_INCR: return (v + 1) & 0xff;
        default: return (v + 255) & 0xff;   /* DECR */
    }
}

/* Every op on each of the three paths (stencil fail, depth fail, pass), from stored
 * values 0x00, 0x80, 0xff, with write mask 0xff and 0x0f; the depth plane of D24S8 is
 * written only on the pass path. */
START_TEST(test_om_stencil_ops)
{
    static const uint8_t values[] = {0x00, 0x80, 0xff};
    static const uint8_t write_masks[] = {0xff, 0x0f};
    struct agx_om_state s;
    struct agx_om_pixel p;
    unsigned char got[4];
    D3D12_STENCIL_OP op;
    unsigned int path, v, m;
    uint32_t depth_bits;
    struct tex ds;
    struct om o;

    om_init(&o);
    ds = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, 1, 1, 1, 4, 1);
    state_init(&s);
    target_init(&s.depth, &ds, DXGI_FORMAT_D24_UNORM_S8_UINT, 1);
    s.depth_stencil.StencilEnable = TRUE;
    s.stencil_ref_front = 0x3c;
    for (op = D3D12_STENCIL_OP_KEEP; op <= D3D12_STENCIL_OP_DECR; ++op)
    {
        for (path = 0; path < 3; ++path)
        {
            for (v = 0; v < ARRAY_SIZE(values); ++v)
            {
                for (m = 0; m < ARRAY_SIZE(write_masks); ++m)
                {
                    D3D12_DEPTH_STENCILOP_DESC1 *face = &s.depth_stencil.FrontFace;
                    uint8_t expected, result;
                    uint32_t stored_depth = 0x800000;

                    om_fill(&o, &ds, 0, 0, &stored_depth, 4);
                    om_fill(&o, &ds, 1, 1, &values[v], 1);
                    face->StencilFailOp = path == 0 ? op : D3D12_STENCIL_OP_KEEP;
                    face->StencilDepthFailOp = path == 1 ? op : D3D12_STENCIL_OP_KEEP;
                    face->StencilPassOp = path == 2 ? op : D3D12_STENCIL_OP_KEEP;
                    face->StencilFunc = path == 0 ? D3D12_COMPARISON_FUNC_NEVER : D3D12_COMPARISON_FUNC_ALWAYS;
                    face->StencilWriteMask = write_masks[m];
                    /* Depth 0.25 passes LESS against 0.5, 0.75 fails. */
                    pixel_init(&p, 0, 0, path == 1 ? 0.75f : 0.25f);
                    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), path == 2 ? 1u : 0u);
                    om_get(&o, &ds, 1, 1, got);
                    result = stencil_op_ref(op, values[v], 0x3c);
                    expected = (uint8_t)((values[v] & ~write_masks[m]) | (result & write_masks[m]));
                    ck_assert_msg(got[0] == expected, "op %u path %u value %#x mask %#x: %#x, expected %#x", op,
                                  path, values[v], write_masks[m], got[0], expected);
                    om_get(&o, &ds, 0, 0, got);
                    depth_bits = path == 2 ? (uint32_t)(0.25 * 16777215 + 0.5) : 0x800000;
                    ck_assert_uint_eq(le32(got), depth_bits);
                }
            }
        }
    }
    om_finish(&o);
}
END_TEST

/* The stencil comparison, (ref & read mask) FUNC (stored & read mask), for every
 * function; back faces take BackFace and the back reference. */
START_TEST(test_om_stencil_compare_faces)
{
    static const uint8_t refs[] = {0x13, 0x25, 0x37};
    D3D12_COMPARISON_FUNC func;
    struct agx_om_state s;
    struct agx_om_pixel p;
    uint8_t stored = 0x25, got;
    unsigned int i;
    struct tex ds;
    struct om o;

    om_init(&o);
    ds = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 1, 1, 1, 1, 4, 1);
    state_init(&s);
    target_init(&s.depth, &ds, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 1);
    s.depth_stencil.DepthEnable = FALSE;
    s.depth_stencil.StencilEnable = TRUE;
    om_fill(&o, &ds, 1, 1, &stored, 1);
    for (func = D3D12_COMPARISON_FUNC_NEVER; func <= D3D12_COMPARISON_FUNC_ALWAYS; ++func)
    {
        for (i = 0; i < ARRAY_SIZE(refs); ++i)
        {
            s.depth_stencil.FrontFace.StencilFunc = func;
            s.depth_stencil.FrontFace.StencilReadMask = 0xff;
            s.stencil_ref_front = refs[i];
            pixel_init(&p, 0, 0, 0.0f);
            ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), compare_ref(func, refs[i], stored));
            /* Read mask 0x0f: 0x13 & 0xf = 3 against 5, 0x25 -> 5, 0x37 -> 7. */
            s.depth_stencil.FrontFace.StencilReadMask = 0x0f;
            s.stencil_ref_front = refs[i] | 0xf0;
            ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), compare_ref(func, refs[i] & 0xf, 5));
        }
    }
    /* Back face: BackFace's REPLACE with the back reference; the front state untouched. */
    s.depth_stencil.FrontFace.StencilFunc = D3D12_COMPARISON_FUNC_NEVER;
    s.depth_stencil.BackFace.StencilFunc = D3D12_COMPARISON_FUNC_EQUAL;
    s.depth_stencil.BackFace.StencilReadMask = 0xff;
    s.depth_stencil.BackFace.StencilPassOp = D3D12_STENCIL_OP_REPLACE;
    s.stencil_ref_back = 0x25;
    s.depth_stencil.BackFace.StencilWriteMask = 0xff;
    pixel_init(&p, 0, 0, 0.0f);
    p.front_facing = false;
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    s.depth_stencil.BackFace.StencilFunc = D3D12_COMPARISON_FUNC_ALWAYS;
    s.stencil_ref_back = 0x99;
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    om_get(&o, &ds, 1, 1, &got);
    ck_assert_uint_eq(got, 0x99);
    /* Read-only stencil: the test runs, the op does not write. */
    s.depth.read_only_stencil = true;
    s.stencil_ref_back = 0x11;
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    om_get(&o, &ds, 1, 1, &got);
    ck_assert_uint_eq(got, 0x99);
    om_finish(&o);
}
END_TEST

/* 4x MSAA D32: per-sample depths against per-sample stored values, coverage 0b1011 and
 * the pipeline's sample mask 0b0111: samples 0 and 1 are tested, 3 masked, 2 uncovered. */
START_TEST(test_om_depth_msaa)
{
    static const float stored[4] = {0.5f, 0.5f, 0.5f, 0.1f};
    struct agx_om_state s;
    struct agx_om_pixel p;
    float got[4];
    struct tex depth;
    struct om o;

    om_init(&o);
    depth = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, 1, 1, 1, 4, 4, 0);
    om_put(&o, &depth, 0, 0, stored);
    state_init(&s);
    s.sample_count = 4;
    s.sample_mask = 0x7;
    target_init(&s.depth, &depth, DXGI_FORMAT_D32_FLOAT, 1);
    pixel_init(&p, 0, 0, 0.0f);
    p.coverage = 0xb;
    p.depth[0] = 0.25f;
    p.depth[1] = 0.75f;
    p.depth[2] = 0.0f;
    p.depth[3] = 0.0f;
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 0x1);
    om_get(&o, &depth, 0, 0, got);
    ck_assert(got[0] == 0.25f && got[1] == 0.5f && got[2] == 0.5f && got[3] == 0.1f);
    om_finish(&o);
}
END_TEST

/* The test compares values in the buffer's format: D16 0.5000001 quantizes to 0x8000
 * and is EQUAL to it; 0.5 + 1.5/65535 quantizes to the next code. */
START_TEST(test_om_depth_quantized)
{
    static const uint16_t stored = 0x8000;
    struct agx_om_state s;
    struct agx_om_pixel p;
    struct tex depth;
    struct om o;

    om_init(&o);
    depth = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D16_UNORM, 1, 1, 1, 1, 2, 0);
    om_fill(&o, &depth, 0, 0, &stored, 2);
    state_init(&s);
    target_init(&s.depth, &depth, DXGI_FORMAT_D16_UNORM, 1);
    s.depth_stencil.DepthFunc = D3D12_COMPARISON_FUNC_EQUAL;
    pixel_init(&p, 0, 0, 0.5000001f);
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    pixel_init(&p, 0, 0, (float)(0.5 + 1.5 / 65535));
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 0);
    /* A pixel outside the buffer is not tested. */
    pixel_init(&p, 3, 0, 0.9f);
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    om_finish(&o);
}
END_TEST

/* Array slices of a D24S8 array view (first slice 1): slice 1 of the view is array
 * slice 2, subresource 2 for depth and 3 + 2 = 5 for stencil (plane 1). */
START_TEST(test_om_depth_slices)
{
    static const uint32_t far = 0xffffff;
    static const uint8_t zero = 0;
    struct agx_om_state s;
    struct agx_om_pixel p;
    unsigned char got[4];
    struct tex ds;
    unsigned int i;
    struct om o;

    om_init(&o);
    ds = om_texture(&o, D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, 1, 3, 1, 4, 1);
    for (i = 0; i < 3; ++i)
    {
        om_fill(&o, &ds, i, 0, &far, 4);
        om_fill(&o, &ds, 3 + i, 1, &zero, 1);
    }
    state_init(&s);
    target_init(&s.depth, &ds, DXGI_FORMAT_D24_UNORM_S8_UINT, 2);
    s.depth.first_slice = 1;
    s.depth_stencil.StencilEnable = TRUE;
    s.depth_stencil.FrontFace.StencilPassOp = D3D12_STENCIL_OP_INVERT;
    pixel_init(&p, 0, 0, 0.0f);
    p.slice = 1;
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 1);
    for (i = 0; i < 3; ++i)
    {
        om_get(&o, &ds, i, 0, got);
        ck_assert_uint_eq(le32(got), i == 2 ? 0 : 0xffffff);
        om_get(&o, &ds, 3 + i, 1, got);
        ck_assert_uint_eq(got[0], i == 2 ? 0xff : 0);
    }
    om_finish(&o);
}
END_TEST

/* No depth buffer: every covered sample passes. */
START_TEST(test_om_no_depth_buffer)
{
    struct agx_om_state s;
    struct agx_om_pixel p;
    struct om o;

    om_init(&o);
    state_init(&s);
    pixel_init(&p, 0, 0, 2.0f);
    p.coverage = 0x5;
    ck_assert_uint_eq(agx_om_depth_stencil(o.backend, &s, &p), 0x5);
    om_finish(&o);
}
END_TEST

Suite *agx_om_depth_suite(void)
{
    Suite *suite = suite_create("agx_om_depth");
    TCase *tc = tcase_create("depth");

    tcase_add_test(tc, test_om_depth_compare);
    tcase_add_test(tc, test_om_depth_formats);
    tcase_add_test(tc, test_om_depth_read_only);
    tcase_add_test(tc, test_om_depth_bounds);
    tcase_add_test(tc, test_om_depth_msaa);
    tcase_add_test(tc, test_om_no_depth_buffer);
    tcase_add_test(tc, test_om_depth_quantized);
    tcase_add_test(tc, test_om_depth_slices);
    suite_add_tcase(suite, tc);
    tc = tcase_create("stencil");
    tcase_add_test(tc, test_om_stencil_ops);
    tcase_add_test(tc, test_om_stencil_compare_faces);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(agx_om_depth_suite(), agx_om_color_suite(), agx_om_query_suite(), NULL);
}
