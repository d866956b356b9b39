/* Reading and writing the channels of one sample (agx_texel.h). */
#include <string.h>
#include "ddi_encode.h"
#include "ddi_format.h"
#include "agx_texel.h"

static void agx_texel_add(struct agx_texel_format *tf, unsigned int index, unsigned int offset, unsigned int bits,
                          enum agx_texel_kind kind)
{
    struct agx_texel_channel *channel = &tf->channels[tf->count++];

    channel->index = (uint8_t)index;
    channel->offset = (uint8_t)offset;
    channel->bits = (uint8_t)bits;
    channel->kind = (uint8_t)kind;
}

/* Depth-stencil formats and their plane views, by family: plane 0 depth, plane 1
 * stencil, each encoded as the typed depth-stencil format's plane. */
static bool agx_texel_depth_init(struct agx_texel_format *tf, const struct ddi_format_info *info,
                                 unsigned int plane)
{
    switch (info->typeless_family)
    {
        case DXGI_FORMAT_R24G8_TYPELESS:
            tf->format = DXGI_FORMAT_D24_UNORM_S8_UINT;
            if (plane)
                break;
            tf->size = 4;
            agx_texel_add(tf, 0, 0, 24, AGX_TEXEL_UNORM);
            return true;
        case DXGI_FORMAT_R32G8X24_TYPELESS:
            tf->format = DXGI_FORMAT_D32_FLOAT_S8X24_UINT;
            if (plane)
                break;
            tf->size = 4;
            agx_texel_add(tf, 0, 0, 32, AGX_TEXEL_FLOAT);
            return true;
        default:
            if (plane || (info->format != DXGI_FORMAT_D32_FLOAT && info->format != DXGI_FORMAT_D16_UNORM))
                return false;
            tf->format = info->format;
            tf->size = info->format == DXGI_FORMAT_D32_FLOAT ? 4 : 2;
            agx_texel_add(tf, 0, 0, tf->size * 8, info->format == DXGI_FORMAT_D32_FLOAT
                          ? AGX_TEXEL_FLOAT : AGX_TEXEL_UNORM);
            return true;
    }
    if (plane != 1)
        return false;
    tf->size = 1;
    tf->integer = true;
    agx_texel_add(tf, 1, 0, 8, AGX_TEXEL_UINT);
    return true;
}

/* The bits a channel covers: a UINT-source value with only that channel all ones. */
static bool agx_texel_channel_bits(DXGI_FORMAT format, unsigned int index, size_t size, unsigned int *offset,
                                   unsigned int *bits)
{
    uint8_t mask[DDI_ENCODE_MAX_BYTES];
    D3D12DDI_CLEAR_DATA value;
    unsigned int bit, first = 0, count = 0;
    size_t written;

    memset(&value, 0, sizeof(value));
    value.Uints[index] = ~0u;
    if (ddi_encode_clear_value(format, &value, DDI_ENCODE_SOURCE_UINT, false, mask, sizeof(mask), &written)
            != DDI_ENCODE_OK || written != size)
        return false;
    for (bit = 0; bit < size * 8; ++bit)
    {
        if (!(mask[bit / 8] & (1u << (bit % 8))))
            continue;
        if (!count)
            first = bit;
        else if (bit != first + count)
            return false;   /* not one run of bits */
        ++count;
    }
    *offset = first;
    *bits = count;
    return count <= 32;
}

static bool agx_texel_colour_init(struct agx_texel_format *tf, const struct ddi_format_info *info)
{
    unsigned int index, offset, bits;
    enum agx_texel_kind kind;

    switch (info->numeric_class)
    {
        case DDI_FORMAT_CLASS_UNORM: kind = AGX_TEXEL_UNORM; break;
        case DDI_FORMAT_CLASS_SNORM: kind = AGX_TEXEL_SNORM; break;
        case DDI_FORMAT_CLASS_SRGB: kind = AGX_TEXEL_SRGB; break;
        case DDI_FORMAT_CLASS_FLOAT: kind = AGX_TEXEL_FLOAT; break;
        case DDI_FORMAT_CLASS_UINT: kind = AGX_TEXEL_UINT; break;
        case DDI_FORMAT_CLASS_SINT: kind = AGX_TEXEL_SINT; break;
        default: return false;
    }
    /* One element per pixel, and channels that are not a shared exponent. */
    if (info->block_width != 1 || info->block_height != 1 || info->plane_count != 1
            || info->format == DXGI_FORMAT_R9G9B9E5_SHAREDEXP)
        return false;
    tf->format = info->format;
    tf->size = info->bytes_per_block;
    tf->integer = kind == AGX_TEXEL_UINT || kind == AGX_TEXEL_SINT;
    for (index = 0; index < 4; ++index)
    {
        if (ddi_format_clear_member(info->format, index) == DDI_CLEAR_MEMBER_NONE)
            continue;
        if (!agx_texel_channel_bits(info->format, index, tf->size, &offset, &bits))
            return false;
        /* sRGB alpha is linear. */
        agx_texel_add(tf, index, offset, bits, kind == AGX_TEXEL_SRGB && index == 3 ? AGX_TEXEL_UNORM : kind);
    }
    return tf->count > 0;
}

bool agx_texel_format_init(struct agx_texel_format *tf, DXGI_FORMAT format, unsigned int plane)
{
    const struct ddi_format_info *info = ddi_format_get(format);

    memset(tf, 0, sizeof(*tf));
    tf->plane = plane;
    if (!info)
        return false;
    if (info->is_depth || info->typeless_family == DXGI_FORMAT_R24G8_TYPELESS
            || info->typeless_family == DXGI_FORMAT_R32G8X24_TYPELESS)
        return agx_texel_depth_init(tf, info, plane);
    return !plane && agx_texel_colour_init(tf, info);
}

uint32_t agx_texel_get(const struct agx_texel_channel *channel, const uint8_t *element)
{
    unsigned int byte = channel->offset / 8, i, bytes = (channel->offset % 8 + channel->bits + 7) / 8;
    uint64_t window = 0;

    /* A channel of at most 32 bits spans at most 5 bytes. */
    for (i = 0; i < bytes; ++i)
        window |= (uint64_t)element[byte + i] << (8 * i);
    window >>= channel->offset % 8;
    return (uint32_t)(window & ((1ull << channel->bits) - 1));
}

void agx_texel_put(const struct agx_texel_channel *channel, uint8_t *element, uint32_t code)
{
    unsigned int bit;

    for (bit = 0; bit < channel->bits; ++bit)
    {
        unsigned int pos = channel->offset + bit;

        if (code & (1u << bit))
            element[pos / 8] |= (uint8_t)(1u << (pos % 8));
        else
            element[pos / 8] &= (uint8_t)~(1u << (pos % 8));
    }
}

static int64_t agx_texel_sign_extend(uint32_t code, unsigned int bits)
{
    return bits < 32 && (code >> (bits - 1)) & 1 ? (int64_t)code - (1ll << bits) : (int64_t)(int32_t)code;
}

double agx_texel_decode(const struct agx_texel_channel *channel, uint32_t code)
{
    switch (channel->kind)
    {
        case AGX_TEXEL_UNORM:
            return ddi_decode_unorm(code, channel->bits);
        case AGX_TEXEL_SNORM:
            return ddi_decode_snorm(code, channel->bits);
        case AGX_TEXEL_SRGB:
            return ddi_encode_srgb_to_linear(ddi_decode_unorm(code, channel->bits));
        case AGX_TEXEL_FLOAT:
            return agx_texel_bits_float(channel->bits == 32 ? code : ddi_decode_small_float(code, channel->bits));
        case AGX_TEXEL_UINT:
            return code;
        default:
            return (double)agx_texel_sign_extend(code, channel->bits);
    }
}

uint32_t agx_texel_register(const struct agx_texel_channel *channel, uint32_t code)
{
    switch (channel->kind)
    {
        case AGX_TEXEL_UINT:
            return code;
        case AGX_TEXEL_SINT:
            return channel->bits < 32 && (code >> (channel->bits - 1)) & 1 ? code | ~((1u << channel->bits) - 1) : code;
        case AGX_TEXEL_FLOAT:
            if (channel->bits == 32)
                return code;
            break;
        case AGX_TEXEL_UNORM:
            return agx_texel_float_bits((float)code / (float)((1u << channel->bits) - 1));
        default:
            break;
    }
    return agx_texel_float_bits((float)agx_texel_decode(channel, code));
}

bool agx_texel_encode(const struct agx_texel_format *tf, const float values[4], uint8_t *out)
{
    D3D12DDI_CLEAR_DATA value;
    size_t written;

    memcpy(value.Floats, values, sizeof(value.Floats));
    return ddi_encode_clear_plane(tf->format, tf->plane, &value, DDI_ENCODE_SOURCE_FLOAT, false, out,
                                  DDI_ENCODE_MAX_BYTES, &written) == DDI_ENCODE_OK && written == tf->size;
}
