/*
 * Decoding one texel of the block-compressed formats: BC1-BC5 here, by the D3D11.3
 * functional spec (19.5.6-19.5.12): 565 colour endpoints promoted to UNORM8 by
 * replicating their high bits, palettes interpolated in float, BC4-style channel blocks
 * of 8 or 6 interpolants. Decompression comes before filtering, so the sampler filters
 * these values like any others. BC6H and BC7 are agx_texture_bc6h.c's and agx_texture_bc7.c's.
 */
#include <math.h>
#include "ddi_encode.h"
#include "agx_texture.h"

static uint64_t agx_bc_u64(const uint8_t *bytes)
{
    uint64_t value = 0;
    unsigned int i;

    for (i = 0; i < 8; ++i)
        value |= (uint64_t)bytes[i] << (8 * i);
    return value;
}

/* Colour block (BC1, and the colour half of BC2 and BC3): the texel's R, G, B in
 * [0, 1] and its alpha. Only BC1 has the three-colour mode with transparent black. */
static void agx_bc_colour(const uint8_t *block, unsigned int texel, bool bc1, float rgba[4])
{
    uint32_t c0 = block[0] | (uint32_t)block[1] << 8, c1 = block[2] | (uint32_t)block[3] << 8;
    uint32_t indices = block[4] | (uint32_t)block[5] << 8 | (uint32_t)block[6] << 16 | (uint32_t)block[7] << 24;
    unsigned int code = (indices >> (2 * texel)) & 3, i;
    float p0[3], p1[3];

    /* R in bits 11-15, G in 5-10, B in 0-4; promoted to UNORM8. */
    p0[0] = (float)((c0 >> 11) << 3 | (c0 >> 13));
    p0[1] = (float)(((c0 >> 5) & 0x3f) << 2 | ((c0 >> 9) & 3));
    p0[2] = (float)((c0 & 0x1f) << 3 | ((c0 >> 2) & 7));
    p1[0] = (float)((c1 >> 11) << 3 | (c1 >> 13));
    p1[1] = (float)(((c1 >> 5) & 0x3f) << 2 | ((c1 >> 9) & 3));
    p1[2] = (float)((c1 & 0x1f) << 3 | ((c1 >> 2) & 7));
    rgba[3] = 1.0f;
    for (i = 0; i < 3; ++i)
    {
        switch (code)
        {
            case 0: rgba[i] = p0[i]; break;
            case 1: rgba[i] = p1[i]; break;
            case 2: rgba[i] = !bc1 || c0 > c1 ? (2.0f * p0[i] + p1[i]) / 3.0f : (p0[i] + p1[i]) / 2.0f; break;
            default:
                if (!bc1 || c0 > c1)
                {
                    rgba[i] = (p0[i] + 2.0f * p1[i]) / 3.0f;
                }
                else
                {
                    rgba[i] = 0.0f;
                    rgba[3] = 0.0f;
                }
                break;
        }
        rgba[i] /= 255.0f;
    }
}

/* A BC4-style block of one channel (BC3's alpha, BC4, each half of BC5). */
static float agx_bc_channel(const uint8_t *block, unsigned int texel, bool snorm)
{
    unsigned int code = (unsigned int)(agx_bc_u64(block) >> (16 + 3 * texel)) & 7;
    int r0 = snorm ? (int8_t)block[0] : block[0], r1 = snorm ? (int8_t)block[1] : block[1];
    float f0, f1;

    /* SNORM8: both -128 and -127 are -1. */
    f0 = snorm ? fmaxf((float)r0 / 127.0f, -1.0f) : (float)r0 / 255.0f;
    f1 = snorm ? fmaxf((float)r1 / 127.0f, -1.0f) : (float)r1 / 255.0f;
    if (code == 0)
        return f0;
    if (code == 1)
        return f1;
    if (r0 > r1)
        return ((float)(8 - code) * f0 + (float)(code - 1) * f1) / 7.0f;
    if (code == 6)
        return snorm ? -1.0f : 0.0f;
    if (code == 7)
        return 1.0f;
    return ((float)(6 - code) * f0 + (float)(code - 1) * f1) / 5.0f;
}

void agx_texture_decode_bc(const struct agx_texture_format *format, const uint8_t *block, uint32_t x, uint32_t y,
                           uint32_t out[4])
{
    unsigned int texel = y * 4 + x, i;
    float v[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    bool snorm;

    switch (format->bc)
    {
        case AGX_TEXTURE_BC1:
            agx_bc_colour(block, texel, true, v);
            break;
        case AGX_TEXTURE_BC2:
            agx_bc_colour(block + 8, texel, false, v);
            v[3] = (float)((agx_bc_u64(block) >> (4 * texel)) & 0xf) / 15.0f;
            break;
        case AGX_TEXTURE_BC3:
            agx_bc_colour(block + 8, texel, false, v);
            v[3] = agx_bc_channel(block, texel, false);
            break;
        case AGX_TEXTURE_BC4_UNORM:
        case AGX_TEXTURE_BC4_SNORM:
            v[0] = agx_bc_channel(block, texel, format->bc == AGX_TEXTURE_BC4_SNORM);
            break;
        case AGX_TEXTURE_BC6H_UF16:
        case AGX_TEXTURE_BC6H_SF16:
            agx_texture_decode_bc6h(block, texel, format->bc == AGX_TEXTURE_BC6H_SF16, v);
            break;
        case AGX_TEXTURE_BC7:
            /* sRGB is linearised on the 8-bit interpolated values, below. */
            agx_texture_decode_bc7(block, texel, v);
            break;
        default:
            snorm = format->bc == AGX_TEXTURE_BC5_SNORM;
            v[0] = agx_bc_channel(block, texel, snorm);
            v[1] = agx_bc_channel(block + 8, texel, snorm);
            break;
    }
    if (format->srgb)
    {
        for (i = 0; i < 3; ++i)
            v[i] = (float)ddi_encode_srgb_to_linear(v[i]);
    }
    for (i = 0; i < 4; ++i)
        out[i] = agx_texel_float_bits(v[i]);
}
