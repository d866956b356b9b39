/*
 * Filtered sampling, gather and the lod of derivatives (agx_shader.h), by the D3D11.3
 * functional spec's texture sampling rules (section 7.18): range reduction, texel
 * coordinates in fixed point with 8 bits of sub-texel precision, the address modes on
 * texel addresses, border colours clamped to the format, mip selection in 8.8 fixed
 * point, comparison per texel before filtering, and seamless cube edges.
 */
#include <math.h>
#include <string.h>
#include "agx_texture.h"

#define AGX_SAMPLE_MAX_TAPS 8u            /* trilinear is two levels of these */

struct agx_tap
{
    uint32_t value[4];
    float weight;
};

/* Everything one sample needs besides the coordinates. */
struct agx_sampling
{
    struct agx_backend *backend;
    const struct agx_shader_view *view;
    const D3D12_SAMPLER_DESC2 *desc;
    const struct agx_texture_format *format;
    bool integer;                         /* UINT / SINT: point sampled, values as they are */
    bool compare;
    float reference;                      /* quantised to the format */
    uint32_t border[4];                   /* the border colour as a texel of the format */
    uint32_t base_slice;                  /* absolute slice of the array element (cubes: face 0) */
    uint32_t array_size;                  /* elements of the view (cube arrays: cubes) */
};

/* ---- Sampler state ------------------------------------------------------------------- */

static bool agx_filter_min_linear(D3D12_FILTER filter)
{
    return D3D12_DECODE_MIN_FILTER(filter) == D3D12_FILTER_TYPE_LINEAR || (filter & D3D12_ANISOTROPIC_FILTERING_BIT);
}

static bool agx_filter_mag_linear(D3D12_FILTER filter)
{
    return D3D12_DECODE_MAG_FILTER(filter) == D3D12_FILTER_TYPE_LINEAR || (filter & D3D12_ANISOTROPIC_FILTERING_BIT);
}

static bool agx_compare(D3D12_COMPARISON_FUNC func, float reference, float texel)
{
    switch (func)
    {
        case D3D12_COMPARISON_FUNC_LESS: return reference < texel;
        case D3D12_COMPARISON_FUNC_EQUAL: return reference == texel;
        case D3D12_COMPARISON_FUNC_LESS_EQUAL: return reference <= texel;
        case D3D12_COMPARISON_FUNC_GREATER: return reference > texel;
        case D3D12_COMPARISON_FUNC_NOT_EQUAL: return reference != texel;
        case D3D12_COMPARISON_FUNC_GREATER_EQUAL: return reference >= texel;
        case D3D12_COMPARISON_FUNC_ALWAYS: return true;
        default: return false;
    }
}

/* The kind of the channel that feeds component `index`, or -1 when the format lacks it. */
static int agx_channel_kind(const struct agx_texture_format *format, unsigned int index)
{
    unsigned int i;

    if (format->rgbe)
        return index < 3 ? AGX_TEXEL_FLOAT : -1;
    for (i = 0; i < format->texel.count; ++i)
    {
        if (format->texel.channels[i].index == index)
            return format->texel.channels[i].kind;
    }
    return -1;
}

static unsigned int agx_channel_bits(const struct agx_texture_format *format, unsigned int index)
{
    unsigned int i;

    for (i = 0; i < format->texel.count; ++i)
    {
        if (format->texel.channels[i].index == index)
            return format->texel.channels[i].bits;
    }
    return 32;
}

/* FS 7.18.9.1: only the channels the format has, clamped to the format's range. */
static void agx_border_init(struct agx_sampling *s)
{
    const D3D12_SAMPLER_DESC2 *desc = s->desc;
    bool uint_border = desc->Flags & D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR;
    int64_t value, max, min;
    unsigned int i, bits;
    int kind;
    float f;

    agx_texture_default(s->format, s->border);
    for (i = 0; i < 4; ++i)
    {
        if ((kind = agx_channel_kind(s->format, i)) < 0)
            continue;
        bits = agx_channel_bits(s->format, i);
        switch (kind)
        {
            case AGX_TEXEL_UINT:
                value = uint_border ? (int64_t)desc->UintBorderColor[i] : (int64_t)desc->FloatBorderColor[i];
                max = (int64_t)((1ull << bits) - 1);
                s->border[i] = (uint32_t)AGX_MAX(AGX_MIN(value, max), 0);
                break;
            case AGX_TEXEL_SINT:
                value = uint_border ? (int64_t)(int32_t)desc->UintBorderColor[i] : (int64_t)desc->FloatBorderColor[i];
                max = (int64_t)((1ull << (bits - 1)) - 1);
                min = -max - 1;
                s->border[i] = (uint32_t)(int32_t)AGX_MAX(AGX_MIN(value, max), min);
                break;
            default:
                f = uint_border ? (float)desc->UintBorderColor[i] : desc->FloatBorderColor[i];
                if (kind == AGX_TEXEL_UNORM || kind == AGX_TEXEL_SRGB)
                    f = fminf(fmaxf(f, 0.0f), 1.0f);
                else if (kind == AGX_TEXEL_SNORM)
                    f = fminf(fmaxf(f, -1.0f), 1.0f);
                else if (kind == AGX_TEXEL_FLOAT && (s->format->rgbe || bits < 16))
                    f = fmaxf(f, 0.0f);   /* float11 / float10 / shared exponent: no sign */
                s->border[i] = agx_texel_float_bits(f);
                break;
        }
    }
}

/* sample_c: the reference quantised like depth before the depth test, clamp included. */
static float agx_reference_quantise(const struct agx_texture_format *format, float reference)
{
    int kind = agx_channel_kind(format, 0);
    double max;

    if (kind != AGX_TEXEL_UNORM)
        return reference;
    max = (double)((1ull << agx_channel_bits(format, 0)) - 1);
    reference = isnan(reference) ? 0.0f : fminf(fmaxf(reference, 0.0f), 1.0f);
    return (float)(floor(reference * max + 0.5) / max);
}

/* ---- Addressing ---------------------------------------------------------------------- */

/* FS 7.18.6: keeps the tiling out of the fixed-point coordinate. */
static float agx_reduce_range(float u, D3D12_TEXTURE_ADDRESS_MODE mode)
{
    switch (mode)
    {
        case D3D12_TEXTURE_ADDRESS_MODE_WRAP:
            return u - floorf(u);
        case D3D12_TEXTURE_ADDRESS_MODE_MIRROR:
            return (u * 0.5f - truncf(u * 0.5f)) * 2.0f;
        default:
            return fminf(fmaxf(u, -10.0f), 10.0f);
    }
}

/* A normalized coordinate to the first texel of the footprint and the weight of the
 * second, in 1/256ths: scaled by the size (less half a texel for linear filtering),
 * converted to 16.8 fixed point. */
static void agx_texel_coord(float u, uint32_t size, bool linear, int64_t *texel, uint32_t *frac)
{
    float scaled = u * (float)size - (linear ? 0.5f : 0.0f);
    int64_t fixed;

    if (isnan(scaled))
        scaled = 0.0f;
    scaled = fminf(fmaxf(scaled, -65536.0f), 65536.0f);
    fixed = llrintf(scaled * 256.0f);
    *texel = fixed >= 0 ? fixed / 256 : -((-fixed + 255) / 256);
    *frac = (uint32_t)(fixed - *texel * 256);
}

/* FS 7.18.9: an address mode applied to a texel address; false selects the border. */
static bool agx_address(D3D12_TEXTURE_ADDRESS_MODE mode, int64_t t, int64_t n, int64_t *out)
{
    bool flip;

    if (t >= 0 && t < n)
    {
        *out = t;
        return true;
    }
    switch (mode)
    {
        case D3D12_TEXTURE_ADDRESS_MODE_WRAP:
            t %= n;
            *out = t < 0 ? t + n : t;
            return true;
        case D3D12_TEXTURE_ADDRESS_MODE_MIRROR:
            if (t < 0)
                t = -t - 1;
            flip = (t / n) & 1;
            t %= n;
            *out = flip ? n - t - 1 : t;
            return true;
        case D3D12_TEXTURE_ADDRESS_MODE_CLAMP:
            *out = AGX_MAX(0, AGX_MIN(t, n - 1));
            return true;
        case D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE:
            if (t < 0)
                t = -t - 1;
            *out = AGX_MIN(t, n - 1);
            return true;
        case D3D12_TEXTURE_ADDRESS_MODE_BORDER:
            return false;
        default:
            *out = 0;
            return true;
    }
}

/* One texel of a level at a texel address, through the address modes. */
static void agx_fetch(const struct agx_sampling *s, const struct agx_texture_level *level, const int64_t t[3],
                      uint32_t out[4])
{
    const D3D12_TEXTURE_ADDRESS_MODE modes[3] = {s->desc->AddressU, s->desc->AddressV, s->desc->AddressW};
    const uint32_t sizes[3] = {level->width, level->height, level->depth};
    int64_t a[3];
    unsigned int i;

    for (i = 0; i < 3; ++i)
    {
        if (!agx_address(modes[i], t[i], sizes[i], &a[i]))
        {
            memcpy(out, s->border, sizeof(s->border));
            return;
        }
    }
    agx_texture_level_fetch(s->backend, level, (uint32_t)a[0], (uint32_t)a[1], (uint32_t)a[2], 0, out);
}

/* ---- Cubes ----------------------------------------------------------------------------- */

/* FS 7.18.7: the face of the largest component (ties: Z, then Y, then X) and the face
 * coordinates in [-1, 1], with D3D's face orientations. */
static unsigned int agx_cube_face(const float dir[3], float *s, float *t)
{
    float ax = fabsf(dir[0]), ay = fabsf(dir[1]), az = fabsf(dir[2]), ma, sc, tc;
    unsigned int face;

    if (az >= ax && az >= ay)
    {
        face = dir[2] >= 0.0f ? 4 : 5;
        ma = az;
        sc = dir[2] >= 0.0f ? dir[0] : -dir[0];
        tc = -dir[1];
    }
    else if (ay >= ax)
    {
        face = dir[1] >= 0.0f ? 2 : 3;
        ma = ay;
        sc = dir[0];
        tc = dir[1] >= 0.0f ? dir[2] : -dir[2];
    }
    else
    {
        face = dir[0] >= 0.0f ? 0 : 1;
        ma = ax;
        sc = dir[0] >= 0.0f ? -dir[2] : dir[2];
        tc = -dir[1];
    }
    if (!(ma > 0.0f) || isinf(ma))
    {
        *s = *t = 0.0f;
        return face;
    }
    *s = sc / ma;
    *t = tc / ma;
    return face;
}

/* The direction of face coordinates (s, t) of a face: the inverse of agx_cube_face. */
static void agx_cube_direction(unsigned int face, float s, float t, float dir[3])
{
    switch (face)
    {
        case 0: dir[0] = 1.0f; dir[1] = -t; dir[2] = -s; break;
        case 1: dir[0] = -1.0f; dir[1] = -t; dir[2] = s; break;
        case 2: dir[0] = s; dir[1] = 1.0f; dir[2] = t; break;
        case 3: dir[0] = s; dir[1] = -1.0f; dir[2] = -t; break;
        case 4: dir[0] = s; dir[1] = -t; dir[2] = 1.0f; break;
        default: dir[0] = -s; dir[1] = -t; dir[2] = -1.0f; break;
    }
}

/* A texel of a cube level that may be one row or column off its face: FS 7.18.12 spills
 * it onto the adjacent face. False for the texel beyond a corner, which has none. */
static bool agx_cube_fetch(const struct agx_sampling *s, uint32_t mip, unsigned int face, int64_t i, int64_t j,
                           uint32_t size, uint32_t out[4])
{
    struct agx_texture_level level;
    bool off_i = i < 0 || i >= size, off_j = j < 0 || j >= size;
    float dir[3], fs, ft;

    if (off_i && off_j)
        return false;
    if (off_i || off_j)
    {
        /* The texel centre as a direction, projected again. */
        agx_cube_direction(face, (2.0f * ((float)i + 0.5f)) / (float)size - 1.0f,
                           (2.0f * ((float)j + 0.5f)) / (float)size - 1.0f, dir);
        face = agx_cube_face(dir, &fs, &ft);
        i = (int64_t)floorf((fs + 1.0f) * 0.5f * (float)size);
        j = (int64_t)floorf((ft + 1.0f) * 0.5f * (float)size);
        i = AGX_MAX(0, AGX_MIN(i, (int64_t)size - 1));
        j = AGX_MAX(0, AGX_MIN(j, (int64_t)size - 1));
    }
    if (!agx_texture_level_init(&level, s->view, mip, s->base_slice + face))
    {
        memset(out, 0, 4 * sizeof(*out));
        return true;
    }
    agx_texture_level_fetch(s->backend, &level, (uint32_t)i, (uint32_t)j, 0, 0, out);
    return true;
}

/* ---- Footprints ---------------------------------------------------------------------- */

/* The taps of point or linear filtering of one level (mip absolute). Linear 2D taps
 * come as (u0,v0), (u1,v0), (u0,v1), (u1,v1), then the same at w1 for 3D. */
static unsigned int agx_footprint(const struct agx_sampling *s, uint32_t mip, bool linear, const float *coord,
                                  const int32_t *offset, struct agx_tap taps[AGX_SAMPLE_MAX_TAPS])
{
    const D3D12_TEXTURE_ADDRESS_MODE modes[3] = {s->desc->AddressU, s->desc->AddressV, s->desc->AddressW};
    enum agx_shader_dim dim = s->view->dim;
    struct agx_texture_level level;
    unsigned int axes, count, n, a, missing = 0;
    float w[3], fs, ft, face_coord[2], spill;
    int64_t t0[3] = {0, 0, 0}, t[3];
    uint32_t frac[3] = {0, 0, 0}, sizes[3];
    unsigned int face = 0;
    bool cube = agx_texture_dim_is_cube(dim);

    if (!agx_texture_level_init(&level, s->view, mip, s->base_slice))
        return 0;
    sizes[0] = level.width;
    sizes[1] = level.height;
    sizes[2] = level.depth;
    axes = dim == AGX_SHADER_DIM_TEXTURE1D || dim == AGX_SHADER_DIM_TEXTURE1DARRAY ? 1
            : dim == AGX_SHADER_DIM_TEXTURE3D ? 3 : 2;
    if (cube)
    {
        face = agx_cube_face(coord, &fs, &ft);
        face_coord[0] = (fs + 1.0f) * 0.5f;
        face_coord[1] = (ft + 1.0f) * 0.5f;
        coord = face_coord;
    }
    for (a = 0; a < axes; ++a)
    {
        float u = cube ? coord[a] : agx_reduce_range(coord[a], modes[a]);

        agx_texel_coord(u, sizes[a], linear, &t0[a], &frac[a]);
        /* Texel-space immediate offsets (none on cubes, whose point samples stay on
         * the face even at its far edge). */
        if (!cube)
            t0[a] += offset[a];
        else if (!linear)
            t0[a] = AGX_MAX(0, AGX_MIN(t0[a], (int64_t)sizes[a] - 1));
    }
    count = linear ? 1u << axes : 1u;
    for (n = 0; n < count; ++n)
    {
        float weight = 1.0f;

        for (a = 0; a < 3; ++a)
        {
            bool second = a < axes && linear && (n >> a) & 1;

            t[a] = t0[a] + second;
            w[a] = !linear || a >= axes ? 1.0f : second ? frac[a] / 256.0f : 1.0f - frac[a] / 256.0f;
            weight *= w[a];
        }
        taps[n].weight = weight;
        if (!cube)
            agx_fetch(s, &level, t, taps[n].value);
        else if (!agx_cube_fetch(s, mip, face, t[0], t[1], sizes[0], taps[n].value))
            missing = n + 1;
    }
    if (missing)
    {
        /* A cube corner: the missing texel's weight goes to the three others evenly. */
        spill = taps[missing - 1].weight / 3.0f;
        for (n = 0; n < count; ++n)
            taps[n].weight = n == missing - 1 ? 0.0f : taps[n].weight + spill;
        /* gather4 still wants a value there: the diagonally opposite texel's. */
        taps[missing - 1] = taps[(missing - 1) ^ 3];
        taps[missing - 1].weight = 0.0f;
    }
    return count;
}

/* Filters taps into out (floats), by the sampler's reduction; comparison turns each
 * tap's red into 1 or 0 first. */
static void agx_reduce(const struct agx_sampling *s, const struct agx_tap *taps, unsigned int count, float scale,
                       float out[4])
{
    unsigned int reduction = D3D12_DECODE_FILTER_REDUCTION(s->desc->Filter), n, c;
    float value;

    for (n = 0; n < count; ++n)
    {
        if (taps[n].weight <= 0.0f)
            continue;   /* no NaN or -0 from texels that do not count */
        for (c = 0; c < 4; ++c)
        {
            if (s->compare)
                value = c ? 0.0f : agx_compare(s->desc->ComparisonFunc, s->reference, agx_texel_bits_float(taps[n].value[0]))
                        ? 1.0f : 0.0f;
            else
                value = agx_texel_bits_float(taps[n].value[c]);
            if (!s->compare && reduction == D3D12_FILTER_REDUCTION_TYPE_MINIMUM)
                out[c] = fminf(out[c], value);
            else if (!s->compare && reduction == D3D12_FILTER_REDUCTION_TYPE_MAXIMUM)
                out[c] = fmaxf(out[c], value);
            else
                out[c] += value * taps[n].weight * scale;
        }
    }
}

/* ---- Setup ----------------------------------------------------------------------------- */

/* Resolves the array index (rounded to nearest even, clamped to the view). False for
 * views that cannot be sampled. */
static bool agx_sampling_init(struct agx_sampling *s, struct agx_backend *backend,
                              const struct agx_shader_view *view, const struct agx_shader_sampler *sampler,
                              const struct agx_sample_request *request, bool compare)
{
    enum agx_shader_dim dim;
    float index = 0.0f;
    uint32_t element = 0;

    if (!view || !sampler || view->kind != AGX_SHADER_VIEW_TEXTURE || !view->resource || !view->mip_count)
        return false;
    dim = view->dim;
    if (dim == AGX_SHADER_DIM_TEXTURE2DMS || dim == AGX_SHADER_DIM_TEXTURE2DMSARRAY || dim < AGX_SHADER_DIM_TEXTURE1D)
        return false;
    memset(s, 0, sizeof(*s));
    s->backend = backend;
    s->view = view;
    s->desc = &sampler->desc;
    s->format = agx_texture_format_get(view->format, view->plane);
    if (!s->format->valid)
        return false;
    s->integer = s->format->type != AGX_SHADER_RETURN_FLOAT;
    s->compare = compare && !s->integer;
    s->reference = agx_reference_quantise(s->format, request->reference);
    if (agx_sampler_uses_border(s->desc))
        agx_border_init(s);

    s->array_size = dim == AGX_SHADER_DIM_TEXTURECUBEARRAY ? view->slice_count / 6 : view->slice_count;
    if (dim == AGX_SHADER_DIM_TEXTURE1DARRAY)
        index = request->coord[1];
    else if (dim == AGX_SHADER_DIM_TEXTURE2DARRAY)
        index = request->coord[2];
    else if (dim == AGX_SHADER_DIM_TEXTURECUBEARRAY)
        index = request->coord[3];
    if (agx_texture_dim_is_array(dim))
    {
        if (!s->array_size)
            return false;
        index = nearbyintf(index);
        element = isnan(index) || index < 0.0f ? 0 : index >= (float)s->array_size ? s->array_size - 1
                : (uint32_t)index;
    }
    s->base_slice = view->first_slice + (dim == AGX_SHADER_DIM_TEXTURECUBEARRAY ? element * 6 : element);
    if (dim == AGX_SHADER_DIM_TEXTURE3D)
        s->base_slice = 0;
    return true;
}

/* The filtered floats as bits; comparisons replicate their scalar. */
static void agx_result(const struct agx_sampling *s, const float value[4], uint32_t out[4])
{
    unsigned int c;

    for (c = 0; c < 4; ++c)
        out[c] = agx_texel_float_bits(s->compare ? value[0] : value[c]);
}

/* ---- Entry points -------------------------------------------------------------------- */

float agx_texture_lod(const struct agx_shader_view *view, const float ddx[3], const float ddy[3])
{
    const struct agx_layout_level *l;
    float size[3] = {0.0f, 0.0f, 0.0f}, lx = 0.0f, ly = 0.0f;
    unsigned int i;

    if (!view || view->kind != AGX_SHADER_VIEW_TEXTURE || !view->resource
            || view->first_mip >= view->resource->layout.mip_levels)
        return 0.0f;
    l = &view->resource->layout.planes[0].levels[view->first_mip];
    size[0] = (float)l->width;
    switch (view->dim)
    {
        case AGX_SHADER_DIM_TEXTURE1D:
        case AGX_SHADER_DIM_TEXTURE1DARRAY:
            break;
        case AGX_SHADER_DIM_TEXTURE3D:
            size[1] = (float)l->height;
            size[2] = (float)l->depth;
            break;
        case AGX_SHADER_DIM_TEXTURECUBE:
        case AGX_SHADER_DIM_TEXTURECUBEARRAY:
            /* Direction derivatives on a face of half-extent 1 (the major axis taken
             * as 1: without the coordinate the projection is approximated). */
            size[0] = size[1] = size[2] = 0.5f * (float)l->width;
            break;
        default:
            size[1] = (float)l->height;
            break;
    }
    for (i = 0; i < 3; ++i)
    {
        lx += ddx[i] * size[i] * ddx[i] * size[i];
        ly += ddy[i] * size[i] * ddy[i] * size[i];
    }
    return log2f(sqrtf(fmaxf(lx, ly)));
}

void agx_texture_sample(struct agx_backend *backend, const struct agx_shader_view *view,
                        const struct agx_shader_sampler *sampler, enum agx_sample_op op,
                        const struct agx_sample_request *request, uint32_t out[4])
{
    bool compare = op == AGX_SAMPLE_COMPARE || op == AGX_SAMPLE_COMPARE_LEVEL_ZERO;
    struct agx_tap taps[AGX_SAMPLE_MAX_TAPS];
    const D3D12_SAMPLER_DESC2 *desc;
    uint32_t mips[2], mip_count;
    float lod, value[4] = {0.0f, 0.0f, 0.0f, 0.0f}, weight;
    unsigned int count, reduction, n, level_count;
    struct agx_sampling s;
    bool linear, mip_linear;
    int64_t fixed, floor_level;

    memset(out, 0, 4 * sizeof(*out));
    if (!agx_sampling_init(&s, backend, view, sampler, request, compare))
        return;
    desc = s.desc;
    /* FS 7.18.11: bias, then MinLOD over MaxLOD (NaN never wins), then the view's
     * ResourceMinLODClamp, which counts from the resource's mip 0. */
    lod = op == AGX_SAMPLE_COMPARE_LEVEL_ZERO ? 0.0f : request->lod;
    lod = fmaxf(desc->MinLOD, fminf(desc->MaxLOD, lod + desc->MipLODBias));
    lod = fmaxf(lod, view->min_lod - (float)view->first_mip);
    linear = !s.integer && (lod <= 0.0f || isnan(lod) ? agx_filter_mag_linear(desc->Filter)
                                                       : agx_filter_min_linear(desc->Filter));
    mip_linear = !s.integer && D3D12_DECODE_MIP_FILTER(desc->Filter) == D3D12_FILTER_TYPE_LINEAR;

    /* FS 7.18.10: the lod in 8.8 fixed point. */
    mip_count = AGX_MIN(view->mip_count, view->resource->layout.mip_levels - AGX_MIN(view->first_mip,
                        view->resource->layout.mip_levels));
    if (!mip_count)
        return;
    fixed = isnan(lod) ? 0 : llrintf(fminf(fmaxf(lod, -128.0f), 127.0f) * 256.0f);
    if (!mip_linear)
        fixed += 128;
    floor_level = fixed >= 0 ? fixed / 256 : -((-fixed + 255) / 256);
    weight = mip_linear ? (float)(fixed - floor_level * 256) / 256.0f : 0.0f;
    mips[0] = (uint32_t)AGX_MAX(0, AGX_MIN(floor_level, (int64_t)mip_count - 1));
    mips[1] = (uint32_t)AGX_MAX(0, AGX_MIN(floor_level + 1, (int64_t)mip_count - 1));
    level_count = weight > 0.0f && mips[1] != mips[0] ? 2 : 1;

    reduction = D3D12_DECODE_FILTER_REDUCTION(desc->Filter);
    if (!s.compare && reduction == D3D12_FILTER_REDUCTION_TYPE_MINIMUM)
        value[0] = value[1] = value[2] = value[3] = INFINITY;
    else if (!s.compare && reduction == D3D12_FILTER_REDUCTION_TYPE_MAXIMUM)
        value[0] = value[1] = value[2] = value[3] = -INFINITY;
    for (n = 0; n < level_count; ++n)
    {
        count = agx_footprint(&s, view->first_mip + mips[n], linear, request->coord, request->offset, taps);
        if (!count)
            return;   /* the view's format cannot be read from the resource */
        if (s.integer)
        {
            /* Integer formats: the nearest texel, unfiltered. */
            memcpy(out, taps[0].value, sizeof(taps[0].value));
            return;
        }
        agx_reduce(&s, taps, count, level_count == 2 ? (n ? weight : 1.0f - weight) : 1.0f, value);
    }
    agx_result(&s, value, out);
}

void agx_texture_gather(struct agx_backend *backend, const struct agx_shader_view *view,
                        const struct agx_shader_sampler *sampler, uint32_t component, bool compare,
                        const struct agx_sample_request *request, uint32_t out[4])
{
    /* D3D's order of the bilinear footprint's taps (u0,v0), (u1,v0), (u0,v1), (u1,v1):
     * x (u0,v1), y (u1,v1), z (u1,v0), w (u0,v0). */
    static const unsigned int order[4] = {2, 3, 1, 0};
    struct agx_tap taps[AGX_SAMPLE_MAX_TAPS];
    struct agx_sampling s;
    unsigned int i, count;
    uint32_t value;

    memset(out, 0, 4 * sizeof(*out));
    if (!agx_sampling_init(&s, backend, view, sampler, request, compare) || view->dim == AGX_SHADER_DIM_TEXTURE3D
            || view->dim == AGX_SHADER_DIM_TEXTURE1D || view->dim == AGX_SHADER_DIM_TEXTURE1DARRAY)
        return;
    /* The view's most detailed mip, with the bilinear footprint whatever the filter. */
    count = agx_footprint(&s, view->first_mip, true, request->coord, request->offset, taps);
    if (count != 4)
        return;
    for (i = 0; i < 4; ++i)
    {
        if (s.compare)
            value = agx_texel_float_bits(agx_compare(s.desc->ComparisonFunc, s.reference,
                                               agx_texel_bits_float(taps[order[i]].value[0])) ? 1.0f : 0.0f);
        else
            value = taps[order[i]].value[component & 3];
        out[i] = value;
    }
}
