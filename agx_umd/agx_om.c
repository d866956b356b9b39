/*
 * The output merger's depth-stencil part (agx_om.h): per covered sample the
 * depth-bounds test, the stencil test, the depth test, then the stencil operation the
 * two results select and the depth write, in D3D12's order. Depth and stencil live in
 * separate planes of the simulated device's layout: plane 0 holds depth (D16 in 2
 * bytes, D24 in bits 0-23 of 4 bytes with the top byte zero, D32 as a float), plane 1
 * holds the 8-bit stencil of D24S8 and D32S8X24.
 */
#include <float.h>
#include <math.h>
#include <string.h>
#include "agx_mem.h"
#include "agx_om_private.h"

bool agx_om_locate(const struct agx_om_target *target, const struct agx_om_pixel *pixel, unsigned int plane,
                   struct agx_om_element *element)
{
    const struct agx_resource *resource = target->resource;
    const struct agx_layout *layout = &resource->layout;
    bool is_3d = resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    /* An index beyond the view selects its first slice (the rasteriser clamps it
     * already; this keeps a stray one inside the view). */
    uint32_t slice = pixel->slice < AGX_MAX(target->slice_count, 1u) ? pixel->slice : 0;
    uint32_t layer = target->first_slice + slice, run;
    struct agx_layout_subresource *sub = &element->sub;
    UINT index;

    if (agx_resource_is_buffer(resource))
        return false;
    index = target->subresource_base + (is_3d ? 0 : layer * layout->mip_levels)
            + plane * layout->mip_levels * layout->array_size;
    if (!agx_layout_get_subresource(layout, index, sub) || pixel->x >= sub->width || pixel->y >= sub->height
            || (is_3d && layer >= sub->depth))
        return false;
    element->va = resource->va + agx_layout_element_offset(layout, sub, pixel->x, pixel->y, is_3d ? layer : 0, &run);
    element->size = sub->element_size;
    element->sample_count = sub->sample_count;
    element->sample_size = sub->element_size / sub->sample_count;
    return true;
}

/* The depth-stencil view formats. */
struct agx_om_depth_format
{
    uint32_t unorm_max;           /* largest UNORM code; 0 for float depth */
    uint32_t depth_size;          /* bytes of one depth sample in plane 0 */
    bool stencil;                 /* plane 1 holds 8 bits of stencil */
};

static bool agx_om_depth_format_get(DXGI_FORMAT format, struct agx_om_depth_format *df)
{
    switch (format)
    {
        case DXGI_FORMAT_D16_UNORM:
            *df = (struct agx_om_depth_format){0xffffu, 2, false};
            return true;
        case DXGI_FORMAT_D24_UNORM_S8_UINT:
            *df = (struct agx_om_depth_format){0xffffffu, 4, true};
            return true;
        case DXGI_FORMAT_D32_FLOAT:
            *df = (struct agx_om_depth_format){0, 4, false};
            return true;
        case DXGI_FORMAT_D32_FLOAT_S8X24_UINT:
            *df = (struct agx_om_depth_format){0, 4, true};
            return true;
        default:
            return false;
    }
}

/* The stored depth of a sample as the tests compare it: the UNORM code, or the float. */
static double agx_om_depth_stored(const struct agx_om_depth_format *df, const uint8_t *sample)
{
    uint32_t bits = 0;
    float f;

    memcpy(&bits, sample, df->depth_size);   /* little-endian, as the layout stores it */
    if (df->unorm_max)
        return bits & df->unorm_max;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

/* The depth a sample would store: clamped to the viewport's depth range (NaN to its
 * minimum), then to [0, 1] and rounded half up for UNORM (the float-to-UNORM rule of
 * format-facts.md), or a float32 with denormals and -0 flushed to +0. */
static double agx_om_depth_quantize(const struct agx_om_state *state, const struct agx_om_depth_format *df,
                                    float z, uint32_t *bits)
{
    float lo = fminf(state->viewport_min_depth, state->viewport_max_depth);
    float hi = fmaxf(state->viewport_min_depth, state->viewport_max_depth);
    uint32_t code;
    double d;

    z = fminf(fmaxf(z, lo), hi);
    if (df->unorm_max)
    {
        d = fmin(fmax((double)z, 0.0), 1.0);
        code = (uint32_t)(d * df->unorm_max + 0.5);
        *bits = code;
        return code;
    }
    if (fabsf(z) < FLT_MIN)
        z = 0.0f;
    memcpy(bits, &z, sizeof(*bits));
    return z;
}

/* D3D12's comparison: the incoming value (or the masked reference) on the left. NaN
 * compares unequal to everything. */
static bool agx_om_compare(D3D12_COMPARISON_FUNC func, double a, double b)
{
    switch (func)
    {
        case D3D12_COMPARISON_FUNC_NEVER: return false;
        case D3D12_COMPARISON_FUNC_LESS: return a < b;
        case D3D12_COMPARISON_FUNC_EQUAL: return a == b;
        case D3D12_COMPARISON_FUNC_LESS_EQUAL: return a <= b;
        case D3D12_COMPARISON_FUNC_GREATER: return a > b;
        case D3D12_COMPARISON_FUNC_NOT_EQUAL: return a != b;
        case D3D12_COMPARISON_FUNC_GREATER_EQUAL: return a >= b;
        /* ALWAYS, and NONE (only valid where the test is off). */
        default: return true;
    }
}

static uint8_t agx_om_stencil_op(D3D12_STENCIL_OP op, uint8_t value, uint8_t ref)
{
    switch (op)
    {
        case D3D12_STENCIL_OP_ZERO: return 0;
        case D3D12_STENCIL_OP_REPLACE: return ref;
        case D3D12_STENCIL_OP_INCR_SAT: return value == 0xff ? value : value + 1;
        case D3D12_STENCIL_OP_DECR_SAT: return value ? value - 1 : 0;
        case D3D12_STENCIL_OP_INVERT: return (uint8_t)~value;
        case D3D12_STENCIL_OP_INCR: return (uint8_t)(value + 1);
        case D3D12_STENCIL_OP_DECR: return (uint8_t)(value - 1);
        default: return value;   /* KEEP */
    }
}

/* Everything one pixel's depth-stencil work needs, read once. */
struct agx_om_ds_pixel
{
    struct agx_om_depth_format df;
    struct agx_om_element depth, stencil;
    uint8_t depth_data[AGX_OM_MAX_SAMPLES * 4], stencil_data[AGX_OM_MAX_SAMPLES];
    bool has_stencil, depth_dirty, stencil_dirty;
};

/* Runs the tests on sample s; true when it passes them all. */
static bool agx_om_ds_sample(const struct agx_om_state *state, const struct agx_om_pixel *pixel,
                             struct agx_om_ds_pixel *p, uint32_t s)
{
    const D3D12_DEPTH_STENCIL_DESC2 *desc = &state->depth_stencil;
    const D3D12_DEPTH_STENCILOP_DESC1 *face = pixel->front_facing ? &desc->FrontFace : &desc->BackFace;
    uint8_t ref = (uint8_t)(pixel->front_facing ? state->stencil_ref_front : state->stencil_ref_back);
    uint8_t *depth = agx_om_sample(&p->depth, p->depth_data, s), value;
    uint8_t *stencil = p->has_stencil ? agx_om_sample(&p->stencil, p->stencil_data, s) : NULL;
    bool stencil_pass = true, depth_pass = true;
    D3D12_STENCIL_OP op;
    double stored = 0.0;
    uint32_t bits = 0;

    if (desc->DepthEnable || desc->DepthBoundsTestEnable)
        stored = agx_om_depth_stored(&p->df, depth);
    if (desc->DepthBoundsTestEnable)
    {
        /* Against the stored depth; a failing sample is dropped before any update. */
        double value_now = p->df.unorm_max ? stored / p->df.unorm_max : stored;

        if (!(value_now >= state->depth_bounds_min && value_now <= state->depth_bounds_max))
            return false;
    }
    if (p->has_stencil)
        stencil_pass = agx_om_compare(face->StencilFunc, ref & face->StencilReadMask,
                                      *stencil & face->StencilReadMask);
    if (desc->DepthEnable)
    {
        double incoming = agx_om_depth_quantize(state, &p->df, pixel->depth[s], &bits);

        depth_pass = agx_om_compare(desc->DepthFunc, incoming, stored);
        if (stencil_pass && depth_pass && desc->DepthWriteMask == D3D12_DEPTH_WRITE_MASK_ALL
                && !state->depth.read_only_depth && incoming != stored)
        {
            memcpy(depth, &bits, p->df.depth_size);
            p->depth_dirty = true;
        }
    }
    if (p->has_stencil && !state->depth.read_only_stencil)
    {
        op = !stencil_pass ? face->StencilFailOp : !depth_pass ? face->StencilDepthFailOp : face->StencilPassOp;
        value = agx_om_stencil_op(op, *stencil, ref);
        value = (uint8_t)((*stencil & ~face->StencilWriteMask) | (value & face->StencilWriteMask));
        if (value != *stencil)
        {
            *stencil = value;
            p->stencil_dirty = true;
        }
    }
    return stencil_pass && depth_pass;
}

uint32_t agx_om_depth_stencil(struct agx_backend *backend, const struct agx_om_state *state,
                              const struct agx_om_pixel *pixel)
{
    const D3D12_DEPTH_STENCIL_DESC2 *desc = &state->depth_stencil;
    uint32_t coverage = pixel->coverage & state->sample_mask, samples, passed = 0, s;
    struct agx_om_ds_pixel p;

    /* Without a depth buffer (or one the pixel is outside of) nothing is tested. */
    if (!coverage || !state->depth.resource || !agx_om_depth_format_get(state->depth.format, &p.df))
        return coverage;
    p.has_stencil = desc->StencilEnable && p.df.stencil;
    if (!desc->DepthEnable && !desc->DepthBoundsTestEnable && !p.has_stencil)
        return coverage;
    if (!agx_om_locate(&state->depth, pixel, 0, &p.depth) || p.depth.sample_size != p.df.depth_size
            || p.depth.size > sizeof(p.depth_data))
        return coverage;
    if (p.has_stencil && (!agx_om_locate(&state->depth, pixel, 1, &p.stencil) || p.stencil.sample_size != 1
            || p.stencil.size > sizeof(p.stencil_data) || p.stencil.sample_count != p.depth.sample_count))
        return coverage;
    p.depth_dirty = p.stencil_dirty = false;
    if (desc->DepthEnable || desc->DepthBoundsTestEnable)
        agx_mem_read(backend, p.depth.va, p.depth_data, p.depth.size);
    if (p.has_stencil)
        agx_mem_read(backend, p.stencil.va, p.stencil_data, p.stencil.size);

    samples = agx_om_element_samples(&p.depth, coverage);
    for (s = 0; s < p.depth.sample_count; ++s)
    {
        if ((samples & (1u << s)) && agx_om_ds_sample(state, pixel, &p, s))
            passed |= 1u << s;
    }
    /* A single-sampled buffer decides for every covered sample of the pixel. */
    if (p.depth.sample_count == 1)
        passed = passed ? coverage : 0;

    if (p.depth_dirty)
        agx_mem_write(backend, p.depth.va, p.depth_data, p.depth.size);
    if (p.stencil_dirty)
        agx_mem_write(backend, p.stencil.va, p.stencil_data, p.stencil.size);
    return passed;
}
