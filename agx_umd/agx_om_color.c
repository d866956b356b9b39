/*
 * The output merger's colour part (agx_om.h): blending, logic ops and the write mask
 * per render target and sample, and the conversion of the result by the format rules
 * of format-facts.md (the value encoder's: UNORM rounded half up, float16 and
 * float11/10 rounded toward zero, SNORM and UNORM clamped, integers bit for bit).
 *
 * Blending reads and decodes what is stored (sRGB to linear), blends in float32 with
 * the inputs clamped to the range of a normalized format, and encodes the result
 * back; integer formats never blend, UINT ones take the logic op instead.
 */
#include <math.h>
#include <string.h>
#include "ddi_encode.h"
#include "ddi_format.h"
#include "agx_mem.h"
#include "agx_om_private.h"
#include "agx_texel.h"

#define AGX_OM_MAX_SAMPLE_BYTES 16u

/* ---- Format descriptions, cached per thread --------------------------------------------- */

/* The inputs of one sample's blend. */
struct agx_om_blend_in
{
    float src[4], src1[4], dst[4], constant[4];
};

struct agx_om_format
{
    struct agx_texel_format tf;
    uint8_t channel_mask;         /* D3D12_COLOR_WRITE_ENABLE bits of the channels it has */
    bool uint_channels;           /* every channel UINT: the logic op applies */
    float low, high;              /* the range blend inputs are clamped to */
    /* The last unblended colour written and its encoding: a draw mostly writes one. */
    bool encoded;
    uint32_t encoded_bits[4];
    uint8_t encoded_value[AGX_OM_MAX_SAMPLE_BYTES];
    /* The last blend, by its state, sources and stored sample: neighbouring pixels
     * and samples mostly repeat it. */
    bool blended;
    D3D12_RENDER_TARGET_BLEND_DESC blend_rt;
    struct agx_om_blend_in blend_in;
    uint8_t blend_stored[AGX_OM_MAX_SAMPLE_BYTES], blend_value[AGX_OM_MAX_SAMPLE_BYTES];
};

struct agx_om_format_slot
{
    DXGI_FORMAT format;
    bool known, usable;
    uint64_t used;                /* the thread's clock at its last use */
    struct agx_om_format f;
};

/* agx_texel_format_init asks the encoder for each channel's bits: too slow per pixel,
 * so each queue thread keeps the formats it draws to, one slot per render target a
 * draw can bind: the least recently used slot whose format the current draw does not
 * bind makes room, so a draw's own formats are never evicted by each other. */
#define AGX_OM_FORMAT_SLOTS AGX_OM_MAX_TARGETS
static _Thread_local struct agx_om_format_slot agx_om_format_slots[AGX_OM_FORMAT_SLOTS];
static _Thread_local uint64_t agx_om_format_clock, agx_om_format_miss_count;

uint64_t agx_om_format_misses(void)
{
    return agx_om_format_miss_count;
}

static bool agx_om_format_init(struct agx_om_format *f, DXGI_FORMAT format)
{
    unsigned int i;
    uint8_t kind;

    if (!agx_texel_format_init(&f->tf, format, 0) || f->tf.size > AGX_OM_MAX_SAMPLE_BYTES)
        return false;
    f->channel_mask = 0;
    f->uint_channels = true;
    f->encoded = f->blended = false;
    for (i = 0; i < f->tf.count; ++i)
    {
        f->channel_mask |= (uint8_t)(1u << f->tf.channels[i].index);
        f->uint_channels &= f->tf.channels[i].kind == AGX_TEXEL_UINT;
    }
    /* The colour channels' kind (sRGB's alpha is UNORM, with the same range). */
    kind = f->tf.channels[0].kind;
    f->low = kind == AGX_TEXEL_SNORM ? -1.0f : kind == AGX_TEXEL_FLOAT ? -INFINITY : 0.0f;
    f->high = kind == AGX_TEXEL_FLOAT ? INFINITY : 1.0f;
    return true;
}

static bool agx_om_format_bound(const struct agx_om_state *state, DXGI_FORMAT format)
{
    uint32_t i;

    for (i = 0; i < AGX_MIN(state->target_count, AGX_OM_MAX_TARGETS); ++i)
    {
        if (state->targets[i].format == format)
            return true;
    }
    return false;
}

/* The description of a format the draw binds. At most AGX_OM_MAX_TARGETS formats are
 * bound and the one asked for is not cached, so some slot holds no bound format. */
static struct agx_om_format *agx_om_format_get(const struct agx_om_state *state, DXGI_FORMAT format)
{
    struct agx_om_format_slot *slot, *victim = NULL;
    unsigned int i;

    ++agx_om_format_clock;
    for (i = 0; i < AGX_OM_FORMAT_SLOTS; ++i)
    {
        slot = &agx_om_format_slots[i];
        if (slot->known && slot->format == format)
        {
            slot->used = agx_om_format_clock;
            return slot->usable ? &slot->f : NULL;
        }
        if ((!victim || slot->used < victim->used) && (!slot->known || !agx_om_format_bound(state, slot->format)))
            victim = slot;
    }
    ++agx_om_format_miss_count;
    victim->format = format;
    victim->known = true;
    victim->used = agx_om_format_clock;
    victim->usable = agx_om_format_init(&victim->f, format);
    if (!victim->usable)
        agx_warn("render target of format %s: the output merger cannot write it", ddi_format_name(format));
    return victim->usable ? &victim->f : NULL;
}

/* ---- Blending ------------------------------------------------------------------------------- */

static void agx_om_factor(D3D12_BLEND blend, const struct agx_om_blend_in *in, float f[4])
{
    const float *v = NULL;
    float k = 0.0f;
    int i;

    switch (blend)
    {
        case D3D12_BLEND_ZERO: k = 0.0f; break;
        case D3D12_BLEND_ONE: k = 1.0f; break;
        case D3D12_BLEND_SRC_ALPHA: k = in->src[3]; break;
        case D3D12_BLEND_INV_SRC_ALPHA: k = 1.0f - in->src[3]; break;
        case D3D12_BLEND_DEST_ALPHA: k = in->dst[3]; break;
        case D3D12_BLEND_INV_DEST_ALPHA: k = 1.0f - in->dst[3]; break;
        case D3D12_BLEND_SRC1_ALPHA: k = in->src1[3]; break;
        case D3D12_BLEND_INV_SRC1_ALPHA: k = 1.0f - in->src1[3]; break;
        case D3D12_BLEND_ALPHA_FACTOR: k = in->constant[3]; break;
        case D3D12_BLEND_INV_ALPHA_FACTOR: k = 1.0f - in->constant[3]; break;
        case D3D12_BLEND_SRC_ALPHA_SAT:
            f[0] = f[1] = f[2] = fminf(in->src[3], 1.0f - in->dst[3]);
            f[3] = 1.0f;
            return;
        case D3D12_BLEND_SRC_COLOR: case D3D12_BLEND_INV_SRC_COLOR: v = in->src; break;
        case D3D12_BLEND_DEST_COLOR: case D3D12_BLEND_INV_DEST_COLOR: v = in->dst; break;
        case D3D12_BLEND_BLEND_FACTOR: case D3D12_BLEND_INV_BLEND_FACTOR: v = in->constant; break;
        case D3D12_BLEND_SRC1_COLOR: case D3D12_BLEND_INV_SRC1_COLOR: v = in->src1; break;
        default: break;
    }
    if (!v)
    {
        f[0] = f[1] = f[2] = f[3] = k;
        return;
    }
    for (i = 0; i < 4; ++i)
    {
        bool inverse = blend == D3D12_BLEND_INV_SRC_COLOR || blend == D3D12_BLEND_INV_DEST_COLOR
                || blend == D3D12_BLEND_INV_BLEND_FACTOR || blend == D3D12_BLEND_INV_SRC1_COLOR;

        f[i] = inverse ? 1.0f - v[i] : v[i];
    }
}

static float agx_om_blend_op(D3D12_BLEND_OP op, float s, float fs, float d, float fd)
{
    switch (op)
    {
        case D3D12_BLEND_OP_SUBTRACT: return s * fs - d * fd;
        case D3D12_BLEND_OP_REV_SUBTRACT: return d * fd - s * fs;
        case D3D12_BLEND_OP_MIN: return fminf(s, d);
        case D3D12_BLEND_OP_MAX: return fmaxf(s, d);
        default: return s * fs + d * fd;
    }
}

static float agx_om_clamp(float v, const struct agx_om_format *f)
{
    return fminf(fmaxf(v, f->low), f->high);
}

/* The blended colour of one sample, `stored` holding its current bytes. */
static void agx_om_blend(const struct agx_om_format *f, const D3D12_RENDER_TARGET_BLEND_DESC *rt,
                         const struct agx_om_blend_in *source, const uint8_t *stored, float out[4])
{
    struct agx_om_blend_in in = *source;
    float fs[4], fd[4], fs_alpha[4], fd_alpha[4];
    unsigned int i;

    /* Missing colour channels read as 0, missing alpha as 1. */
    in.dst[0] = in.dst[1] = in.dst[2] = 0.0f;
    in.dst[3] = 1.0f;
    for (i = 0; i < f->tf.count; ++i)
    {
        const struct agx_texel_channel *c = &f->tf.channels[i];

        in.dst[c->index] = (float)agx_texel_decode(c, agx_texel_get(c, stored));
    }
    agx_om_factor(rt->SrcBlend, &in, fs);
    agx_om_factor(rt->DestBlend, &in, fd);
    agx_om_factor(rt->SrcBlendAlpha, &in, fs_alpha);
    agx_om_factor(rt->DestBlendAlpha, &in, fd_alpha);
    for (i = 0; i < 3; ++i)
        out[i] = agx_om_blend_op(rt->BlendOp, in.src[i], fs[i], in.dst[i], fd[i]);
    out[3] = agx_om_blend_op(rt->BlendOpAlpha, in.src[3], fs_alpha[3], in.dst[3], fd_alpha[3]);
}

/* ---- Writing -------------------------------------------------------------------------------- */

/* The channels of `mask` from `from` into `to`, the others kept. */
static void agx_om_put_masked(const struct agx_om_format *f, uint8_t mask, const uint8_t *from, uint8_t *to)
{
    unsigned int i;

    if (mask == f->channel_mask)
    {
        memcpy(to, from, f->tf.size);
        return;
    }
    for (i = 0; i < f->tf.count; ++i)
    {
        const struct agx_texel_channel *c = &f->tf.channels[i];

        if (mask & (1u << c->index))
            agx_texel_put(c, to, agx_texel_get(c, from));
    }
}

static uint32_t agx_om_logic_op(D3D12_LOGIC_OP op, uint32_t s, uint32_t d)
{
    switch (op)
    {
        case D3D12_LOGIC_OP_CLEAR: return 0;
        case D3D12_LOGIC_OP_SET: return ~0u;
        case D3D12_LOGIC_OP_COPY_INVERTED: return ~s;
        case D3D12_LOGIC_OP_NOOP: return d;
        case D3D12_LOGIC_OP_INVERT: return ~d;
        case D3D12_LOGIC_OP_AND: return s & d;
        case D3D12_LOGIC_OP_NAND: return ~(s & d);
        case D3D12_LOGIC_OP_OR: return s | d;
        case D3D12_LOGIC_OP_NOR: return ~(s | d);
        case D3D12_LOGIC_OP_XOR: return s ^ d;
        case D3D12_LOGIC_OP_EQUIV: return ~(s ^ d);
        case D3D12_LOGIC_OP_AND_REVERSE: return s & ~d;
        case D3D12_LOGIC_OP_AND_INVERTED: return ~s & d;
        case D3D12_LOGIC_OP_OR_REVERSE: return s | ~d;
        case D3D12_LOGIC_OP_OR_INVERTED: return ~s | d;
        default: return s;   /* COPY */
    }
}

static void agx_om_logic_sample(const struct agx_om_format *f, const D3D12_RENDER_TARGET_BLEND_DESC *rt,
                                uint8_t mask, const uint32_t color[4], uint8_t *sample)
{
    unsigned int i;

    for (i = 0; i < f->tf.count; ++i)
    {
        const struct agx_texel_channel *c = &f->tf.channels[i];

        if (mask & (1u << c->index))
            agx_texel_put(c, sample, agx_om_logic_op(rt->LogicOp, color[c->index], agx_texel_get(c, sample)));
    }
}

static bool agx_om_encode(DXGI_FORMAT format, const uint32_t bits[4], enum ddi_encode_source source,
                          bool flush_denormals, uint8_t *out)
{
    uint8_t element[DDI_ENCODE_MAX_BYTES];
    D3D12DDI_CLEAR_DATA value;
    size_t size;

    memcpy(value.Uints, bits, sizeof(value.Uints));
    if (ddi_encode_clear_value(format, &value, source, flush_denormals, element, sizeof(element), &size)
            != DDI_ENCODE_OK)
        return false;
    memcpy(out, element, size);
    return true;
}

/* One target: `src1` is the second source of dual-source blending (NULL without). */
static void agx_om_write_target(struct agx_backend *backend, const struct agx_om_state *state,
                                const struct agx_om_target *target, const D3D12_RENDER_TARGET_BLEND_DESC *rt,
                                const struct agx_om_pixel *pixel, const uint32_t color[4], const uint32_t *src1,
                                uint32_t passed)
{
    uint8_t data[AGX_OM_MAX_SAMPLES * AGX_OM_MAX_SAMPLE_BYTES];
    struct agx_om_format *f = agx_om_format_get(state, target->format);
    struct agx_om_element element;
    struct agx_om_blend_in in;
    uint32_t samples, s, all;
    float out[4];
    uint8_t mask;
    bool blend, logic;
    int i;

    if (!f || !(mask = rt->RenderTargetWriteMask & f->channel_mask))
        return;
    if (!agx_om_locate(target, pixel, 0, &element) || element.sample_size != f->tf.size
            || element.sample_count > AGX_OM_MAX_SAMPLES)
        return;
    if (!(samples = agx_om_element_samples(&element, passed)))
        return;
    all = (1u << element.sample_count) - 1;
    blend = rt->BlendEnable && !f->tf.integer;
    logic = rt->LogicOpEnable && f->uint_channels;

    if (!blend && !logic)
    {
        /* The same value for every sample: encoded once; the fast path writes the
         * element without reading it. */
        if (!f->encoded || memcmp(f->encoded_bits, color, sizeof(f->encoded_bits)))
        {
            if (!(f->encoded = agx_om_encode(target->format, color, DDI_ENCODE_SOURCE_CLEAR_DATA, false,
                                             f->encoded_value)))
                return;
            memcpy(f->encoded_bits, color, sizeof(f->encoded_bits));
        }
        if (samples != all || mask != f->channel_mask)
            agx_mem_read(backend, element.va, data, element.size);
        for (s = 0; s < element.sample_count; ++s)
        {
            if (samples & (1u << s))
                agx_om_put_masked(f, mask, f->encoded_value, agx_om_sample(&element, data, s));
        }
        agx_mem_write(backend, element.va, data, element.size);
        return;
    }

    agx_mem_read(backend, element.va, data, element.size);
    if (blend)
    {
        memset(&in, 0, sizeof(in));
        for (i = 0; i < 4; ++i)
        {
            memcpy(&in.src[i], &color[i], sizeof(float));
            memcpy(&in.src1[i], src1 ? &src1[i] : &color[i], sizeof(float));
            in.src[i] = agx_om_clamp(in.src[i], f);
            in.src1[i] = agx_om_clamp(in.src1[i], f);
            in.constant[i] = agx_om_clamp(state->blend_factor[i], f);
        }
    }
    for (s = 0; s < element.sample_count; ++s)
    {
        uint8_t *sample = agx_om_sample(&element, data, s);
        uint32_t bits[4];

        if (!(samples & (1u << s)))
            continue;
        if (logic)
        {
            agx_om_logic_sample(f, rt, mask, color, sample);
            continue;
        }
        if (!f->blended || memcmp(f->blend_stored, sample, f->tf.size) || memcmp(&f->blend_in, &in, sizeof(in))
                || memcmp(&f->blend_rt, rt, sizeof(*rt)))
        {
            agx_om_blend(f, rt, &in, sample, out);
            memcpy(bits, out, sizeof(bits));
            if (!(f->blended = agx_om_encode(target->format, bits, DDI_ENCODE_SOURCE_FLOAT, true,
                                             f->blend_value)))
                return;
            memcpy(f->blend_stored, sample, f->tf.size);
            f->blend_in = in;
            memcpy(&f->blend_rt, rt, sizeof(*rt));
        }
        agx_om_put_masked(f, mask, f->blend_value, sample);
    }
    agx_mem_write(backend, element.va, data, element.size);
}

static bool agx_om_is_src1(D3D12_BLEND blend)
{
    return blend == D3D12_BLEND_SRC1_COLOR || blend == D3D12_BLEND_INV_SRC1_COLOR
            || blend == D3D12_BLEND_SRC1_ALPHA || blend == D3D12_BLEND_INV_SRC1_ALPHA;
}

void agx_om_write_color(struct agx_backend *backend, const struct agx_om_state *state,
                        const struct agx_om_pixel *pixel, uint32_t passed)
{
    const D3D12_RENDER_TARGET_BLEND_DESC *rt0 = &state->blend.RenderTarget[0];
    uint32_t i, count = AGX_MIN(state->target_count, AGX_OM_MAX_TARGETS);
    bool dual;

    if (!passed)
        return;
    /* Dual-source blending: o1 is the second source of target 0, the only one written. */
    dual = rt0->BlendEnable && (agx_om_is_src1(rt0->SrcBlend) || agx_om_is_src1(rt0->DestBlend)
            || agx_om_is_src1(rt0->SrcBlendAlpha) || agx_om_is_src1(rt0->DestBlendAlpha));
    if (dual)
        count = AGX_MIN(count, 1u);
    for (i = 0; i < count; ++i)
    {
        const struct agx_om_target *target = &state->targets[i];

        if (!target->resource || state->rtv_formats[i] == DXGI_FORMAT_UNKNOWN
                || target->format == DXGI_FORMAT_UNKNOWN || !pixel->color_valid[i])
            continue;
        agx_om_write_target(backend, state, target,
                            state->blend.IndependentBlendEnable ? &state->blend.RenderTarget[i] : rt0, pixel,
                            pixel->color[i], dual && pixel->color_valid[1] ? pixel->color[1] : NULL, passed);
    }
}
