/*
 * The channels of one sample of a format, or of one plane of a depth-stencil format,
 * as the resolves read them: where each channel's code sits, what number it stands
 * for, and how a number becomes an element again.
 *
 * Colour layouts are asked of the value encoder itself (a UINT-source clear value
 * with one channel all ones marks that channel's bits), so they cannot disagree with
 * the bytes clears write; the depth and stencil planes are the placed-footprint
 * elements of ddi_encode_clear_plane() (D24 in bits 0-23 of 4 bytes, float depth,
 * an 8-bit stencil).
 */
#ifndef AGX_TEXEL_H
#define AGX_TEXEL_H

#include <string.h>
#include "agx_common.h"

enum agx_texel_kind
{
    AGX_TEXEL_UNORM,
    AGX_TEXEL_SNORM,
    AGX_TEXEL_SRGB,
    AGX_TEXEL_FLOAT,              /* float32, float16, or unsigned float11 / float10 */
    AGX_TEXEL_UINT,
    AGX_TEXEL_SINT,
};

struct agx_texel_channel
{
    uint8_t index;                /* D3D12DDI_CLEAR_DATA channel: R G B A; depth 0, stencil 1 */
    uint8_t offset, bits;         /* bit position in the element (at most 32 bits wide) */
    uint8_t kind;                 /* enum agx_texel_kind */
};

struct agx_texel_format
{
    DXGI_FORMAT format;           /* typed: what the encoder is given */
    unsigned int plane;
    uint32_t size;                /* bytes of one sample */
    uint32_t count;
    bool integer;                 /* UINT or SINT channels: nothing to average */
    struct agx_texel_channel channels[4];
};

/* False for formats whose samples the resolves cannot read: typeless (without a
 * typed member to stand for them), block-compressed, 4:2:2, video, shared-exponent
 * and other formats no render target or depth buffer has. */
bool agx_texel_format_init(struct agx_texel_format *tf, DXGI_FORMAT format, unsigned int plane);

uint32_t agx_texel_get(const struct agx_texel_channel *channel, const uint8_t *element);
void agx_texel_put(const struct agx_texel_channel *channel, uint8_t *element, uint32_t code);
/* What a code stands for: normalized and float codes as their value (sRGB: linear,
 * SNORM's two codes for -1 both -1), integers as the integer. */
double agx_texel_decode(const struct agx_texel_channel *channel, uint32_t code);
/* A channel's code as the 32-bit value a shader register holds: UINT as it is, SINT
 * sign-extended, float32 bits as they are (NaN payloads and denormals kept), other codes
 * as the float they stand for (UNORM by the spec's float division c / (2^n - 1)). */
uint32_t agx_texel_register(const struct agx_texel_channel *channel, uint32_t code);
/* One sample of tf->size bytes from values indexed by D3D12DDI_CLEAR_DATA channel,
 * converted as a legacy float clear converts them (encoder, FLOAT source). */
bool agx_texel_encode(const struct agx_texel_format *tf, const float values[4], uint8_t *out);

/* A float32 as the bits a register or texel holds, and back. */
static inline uint32_t agx_texel_float_bits(float f)
{
    uint32_t bits;

    memcpy(&bits, &f, sizeof(bits));
    return bits;
}

static inline float agx_texel_bits_float(uint32_t bits)
{
    float f;

    memcpy(&f, &bits, sizeof(f));
    return f;
}

#endif
