/*
 * The value encoder: element layouts and packing.  Which member of the clear
 * data a channel reads is the format table's clear_member[]; the conversions
 * are in ddi_encode_float.c.  Bit layouts follow format-facts.md sections 7
 * and 8: components that are not byte-aligned put the first-named one in the
 * low bits, byte-aligned ones are in address order (the same thing on a
 * little-endian element).
 */

#include "ddi_encode_private.h"

#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Memory-order position -> clear-data channel, for names that are not R, G, B, A. */
static const uint8_t swizzle_rgba[4] = {0, 1, 2, 3};
static const uint8_t swizzle_bgra[4] = {2, 1, 0, 3};
static const uint8_t swizzle_abgr[4] = {3, 2, 1, 0};
static const uint8_t swizzle_a[4] = {3, 0, 0, 0};
/* AYUV bytes are V, U, Y, A (an R8G8B8A8 view sees V as R); Y410 and Y416
 * hold U, Y, V, A from the low bits (an R10G10B10A2 / R16G16B16A16 view sees
 * U as R).  Clear channels are Y 0, U 1, V 2, A 3. */
static const uint8_t swizzle_vuya[4] = {2, 1, 0, 3};
static const uint8_t swizzle_uyva[4] = {1, 0, 2, 3};
/* 4:2:2 pairs, two pixels per element: R8G8_B8G8 is R, G0, B, G1 and
 * G8R8_G8B8 is G0, R, G1, B; YUY2, Y210 and Y216 are Y0, U, Y1, V. */
static const uint8_t swizzle_rgbg[4] = {0, 1, 2, 1};
static const uint8_t swizzle_grgb[4] = {1, 0, 1, 2};
static const uint8_t swizzle_yuyv[4] = {0, 1, 0, 2};

static void add_field(struct ddi_encode_layout *layout, unsigned int index, unsigned int bits,
        enum ddi_encode_kind kind)
{
    struct ddi_encode_field *field = &layout->fields[layout->field_count++];

    field->index = (uint8_t)index;
    field->bits = (uint8_t)bits;
    field->kind = (uint8_t)kind;
}

static void add_fields(struct ddi_encode_layout *layout, const uint8_t *swizzle, unsigned int count,
        unsigned int bits, enum ddi_encode_kind kind)
{
    unsigned int i;

    for (i = 0; i < count; ++i)
        add_field(layout, swizzle[i], bits, kind);
}

static const uint8_t *colour_swizzle(DXGI_FORMAT format)
{
    switch ((int)format)
    {
        case DXGI_FORMAT_B5G6R5_UNORM:
        case DXGI_FORMAT_B5G5R5A1_UNORM:
        case DXGI_FORMAT_B4G4R4A4_UNORM:
        case DXGI_FORMAT_B8G8R8A8_UNORM:
        case DXGI_FORMAT_B8G8R8X8_UNORM:
        case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB:
        case DXGI_FORMAT_B8G8R8X8_UNORM_SRGB:
            return swizzle_bgra;
        case DDI_FORMAT_A4B4G4R4_UNORM:
            return swizzle_abgr;
        case DXGI_FORMAT_A8_UNORM:
            return swizzle_a;
        default:
            return swizzle_rgba;
    }
}

static enum ddi_encode_kind class_kind(enum ddi_format_class numeric_class)
{
    switch (numeric_class)
    {
        case DDI_FORMAT_CLASS_UNORM: return DDI_ENCODE_KIND_UNORM;
        case DDI_FORMAT_CLASS_SNORM: return DDI_ENCODE_KIND_SNORM;
        case DDI_FORMAT_CLASS_SRGB:  return DDI_ENCODE_KIND_SRGB;
        case DDI_FORMAT_CLASS_UINT:  return DDI_ENCODE_KIND_UINT;
        case DDI_FORMAT_CLASS_SINT:  return DDI_ENCODE_KIND_SINT;
        case DDI_FORMAT_CLASS_FLOAT: return DDI_ENCODE_KIND_FLOAT;
        default:                     return DDI_ENCODE_KIND_PAD;
    }
}

/* Ordinary colour formats: the table's component widths in name order. */
static enum ddi_encode_result colour_layout(const struct ddi_format_info *info,
        struct ddi_encode_layout *layout)
{
    const uint8_t *swizzle = colour_swizzle(info->format);
    enum ddi_encode_kind kind = class_kind(info->numeric_class);
    unsigned int i, used = 0;

    if (kind == DDI_ENCODE_KIND_PAD)
        return DDI_ENCODE_UNSUPPORTED;
    for (i = 0; i < info->component_count; ++i)
    {
        /* sRGB formats keep alpha linear. */
        add_field(layout, swizzle[i], info->bits[i],
                kind == DDI_ENCODE_KIND_SRGB && swizzle[i] == 3 ? DDI_ENCODE_KIND_UNORM : kind);
        used += info->bits[i];
    }
    if (used < layout->bytes * 8)
        add_field(layout, 0, layout->bytes * 8 - used, DDI_ENCODE_KIND_PAD);
    layout->colour = true;
    return DDI_ENCODE_OK;
}

/* Planes of the depth-stencil families and of planar YUV (ddi_format.c's
 * plane list gives the sizes). */
static enum ddi_encode_result planar_layout(const struct ddi_format_info *info, unsigned int plane,
        struct ddi_encode_layout *layout)
{
    unsigned int sample;

    switch (info->typeless_family)
    {
        case DXGI_FORMAT_R24G8_TYPELESS:
            if (plane)
                add_field(layout, 1, 8, DDI_ENCODE_KIND_STENCIL);
            else
            {
                /* D24 in bits 0-23; the X8 byte is written as zero. */
                add_field(layout, 0, 24, DDI_ENCODE_KIND_UNORM);
                add_field(layout, 0, 8, DDI_ENCODE_KIND_PAD);
            }
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_R32G8X24_TYPELESS:
            if (plane)
                add_field(layout, 1, 8, DDI_ENCODE_KIND_STENCIL);
            else
                add_field(layout, 0, 32, info->numeric_class == DDI_FORMAT_CLASS_DEPTH_STENCIL
                        ? DDI_ENCODE_KIND_DEPTH_FLOAT : DDI_ENCODE_KIND_FLOAT);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_NV12:
        case DXGI_FORMAT_NV11:
        case DXGI_FORMAT_P208:
        case DXGI_FORMAT_P010:
        case DXGI_FORMAT_P016:
            /* Luma, then interleaved U, V; P010 and P016 in 16-bit samples. */
            sample = info->typeless_family == DXGI_FORMAT_P010
                    || info->typeless_family == DXGI_FORMAT_P016 ? 16 : 8;
            if (plane)
            {
                add_field(layout, 1, sample, DDI_ENCODE_KIND_RAW);
                add_field(layout, 2, sample, DDI_ENCODE_KIND_RAW);
            }
            else
                add_field(layout, 0, sample, DDI_ENCODE_KIND_RAW);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_V208:
        case DXGI_FORMAT_V408:
            add_field(layout, plane, 8, DDI_ENCODE_KIND_RAW);
            return DDI_ENCODE_OK;
        default:
            return DDI_ENCODE_UNSUPPORTED;
    }
}

/* Formats with no element any clear could define. */
static bool format_has_element(const struct ddi_format_info *info)
{
    return !info->is_typeless && !info->is_opaque && !info->is_palettized
            && info->numeric_class != DDI_FORMAT_CLASS_OTHER;
}

enum ddi_encode_result ddi_encode_get_layout(DXGI_FORMAT format, unsigned int plane,
        struct ddi_encode_layout *layout)
{
    const struct ddi_format_info *info = ddi_format_get(format);
    unsigned int bytes;

    memset(layout, 0, sizeof(*layout));
    if (!info || !format_has_element(info))
        return DDI_ENCODE_UNSUPPORTED;
    if (!ddi_format_plane_info(format, plane, &bytes, NULL, NULL))
        return DDI_ENCODE_INVALID_ARGUMENT;
    layout->info = info;
    layout->bytes = bytes;
    layout->shape = DDI_ENCODE_SHAPE_FIELDS;

    if (info->is_compressed)
    {
        layout->shape = DDI_ENCODE_SHAPE_BLOCK;
        return DDI_ENCODE_OK;
    }
    if (info->is_planar)
        return planar_layout(info, plane, layout);

    switch ((int)format)
    {
        case DXGI_FORMAT_R9G9B9E5_SHAREDEXP:
            layout->shape = DDI_ENCODE_SHAPE_RGBE;
            add_fields(layout, swizzle_rgba, 3, 9, DDI_ENCODE_KIND_FLOAT);
            layout->colour = true;
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_R1_UNORM:
            layout->shape = DDI_ENCODE_SHAPE_R1;
            add_field(layout, 0, 1, DDI_ENCODE_KIND_UNORM);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_R8G8_B8G8_UNORM:
            add_fields(layout, swizzle_rgbg, 4, 8, DDI_ENCODE_KIND_UNORM);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_G8R8_G8B8_UNORM:
            add_fields(layout, swizzle_grgb, 4, 8, DDI_ENCODE_KIND_UNORM);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_YUY2:
            add_fields(layout, swizzle_yuyv, 4, 8, DDI_ENCODE_KIND_RAW);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_Y210:
        case DXGI_FORMAT_Y216:
            /* 16-bit samples as given: Y210's 10 bits sit at the top, so
             * the caller passes 940 as 0xeb00 (specs/ddi.md section 19). */
            add_fields(layout, swizzle_yuyv, 4, 16, DDI_ENCODE_KIND_RAW);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_AYUV:
            add_fields(layout, swizzle_vuya, 4, 8, DDI_ENCODE_KIND_RAW);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_Y410:
            add_fields(layout, swizzle_uyva, 3, 10, DDI_ENCODE_KIND_RAW);
            add_field(layout, 3, 2, DDI_ENCODE_KIND_RAW);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_Y416:
            add_fields(layout, swizzle_uyva, 4, 16, DDI_ENCODE_KIND_RAW);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_D16_UNORM:
            add_field(layout, 0, 16, DDI_ENCODE_KIND_UNORM);
            return DDI_ENCODE_OK;
        case DXGI_FORMAT_D32_FLOAT:
            add_field(layout, 0, 32, DDI_ENCODE_KIND_DEPTH_FLOAT);
            return DDI_ENCODE_OK;
        default:
            return colour_layout(info, layout);
    }
}

static uint32_t mask_bits(unsigned int bits)
{
    return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

/* Code of one field.  Floats, Uints and Sints share storage, so the bits of
 * channel i serve whichever member the channel reads. */
static uint32_t field_code(const struct ddi_encode_field *field, const D3D12DDI_CLEAR_DATA *value,
        enum ddi_encode_source source, bool flush_denormals)
{
    uint32_t in = value->Uints[field->index];

    if (field->kind == DDI_ENCODE_KIND_PAD)
        return 0;
    if (source == DDI_ENCODE_SOURCE_UINT)
        return in & mask_bits(field->bits);
    switch (field->kind)
    {
        case DDI_ENCODE_KIND_UNORM:
            return ddi_encode_unorm(in, field->bits);
        case DDI_ENCODE_KIND_SNORM:
            return ddi_encode_snorm(in, field->bits);
        case DDI_ENCODE_KIND_SRGB:
            return ddi_encode_srgb(in, field->bits);
        case DDI_ENCODE_KIND_FLOAT:
            return ddi_encode_float(in, field->bits, flush_denormals);
        case DDI_ENCODE_KIND_DEPTH_FLOAT:
            return ddi_encode_depth_float(in, flush_denormals);
        case DDI_ENCODE_KIND_UINT:
            if (source == DDI_ENCODE_SOURCE_FLOAT)
                return ddi_encode_float_to_uint(in, field->bits);
            return in & mask_bits(field->bits);
        case DDI_ENCODE_KIND_SINT:
            if (source == DDI_ENCODE_SOURCE_FLOAT)
                return ddi_encode_float_to_sint(in, field->bits);
            return in & mask_bits(field->bits);
        default:
            /* Stencil and video samples: integers taken bit for bit. */
            return in & mask_bits(field->bits);
    }
}

static void put_bits(uint8_t *out, unsigned int pos, unsigned int bits, uint32_t code)
{
    unsigned int i;

    for (i = 0; i < bits; ++i)
    {
        if ((code >> i) & 1)
            out[(pos + i) / 8] |= (uint8_t)(1u << ((pos + i) % 8));
    }
}

/* Whether the source defines a value for every channel of the layout. */
static bool source_allowed(const struct ddi_encode_layout *layout, enum ddi_encode_source source)
{
    const struct ddi_format_info *info = layout->info;
    unsigned int i;

    if (layout->shape == DDI_ENCODE_SHAPE_BLOCK)
        return source == DDI_ENCODE_SOURCE_CLEAR_DATA && info->clear_member[0] == DDI_CLEAR_MEMBER_BYTES;
    if (source == DDI_ENCODE_SOURCE_UINT && !layout->colour)
        return false;
    for (i = 0; i < layout->field_count; ++i)
    {
        const struct ddi_encode_field *field = &layout->fields[i];

        if (field->kind == DDI_ENCODE_KIND_PAD)
            continue;
        if (info->clear_member[field->index] == DDI_CLEAR_MEMBER_NONE)
            return false;
        /* Video samples are integers with no defined float conversion. */
        if (source == DDI_ENCODE_SOURCE_FLOAT && field->kind == DDI_ENCODE_KIND_RAW)
            return false;
    }
    return true;
}

static enum ddi_encode_result encode_layout(const struct ddi_encode_layout *layout,
        const D3D12DDI_CLEAR_DATA *value, enum ddi_encode_source source, bool flush_denormals,
        uint8_t *out)
{
    uint32_t code, rgb[3];
    unsigned int i, pos = 0;

    if (!source_allowed(layout, source))
        return DDI_ENCODE_UNSUPPORTED;
    memset(out, 0, layout->bytes);
    switch (layout->shape)
    {
        case DDI_ENCODE_SHAPE_BLOCK:
            memcpy(out, value->Bytes, layout->bytes);
            return DDI_ENCODE_OK;
        case DDI_ENCODE_SHAPE_R1:
            /* A constant code fills all 8 pixels, whatever their bit order. */
            out[0] = field_code(&layout->fields[0], value, source, flush_denormals) ? 0xff : 0x00;
            return DDI_ENCODE_OK;
        case DDI_ENCODE_SHAPE_RGBE:
            if (source == DDI_ENCODE_SOURCE_UINT)
            {
                /* Mantissas from Uints[0..2], the 5-bit exponent from Uints[3]. */
                code = (value->Uints[0] & 0x1ff) | (value->Uints[1] & 0x1ff) << 9
                        | (value->Uints[2] & 0x1ff) << 18 | (value->Uints[3] & 0x1f) << 27;
            }
            else
            {
                for (i = 0; i < 3; ++i)
                    rgb[i] = value->Uints[i];
                code = ddi_encode_rgbe(rgb);
            }
            put_bits(out, 0, 32, code);
            return DDI_ENCODE_OK;
        case DDI_ENCODE_SHAPE_FIELDS:
            for (i = 0; i < layout->field_count; ++i)
            {
                const struct ddi_encode_field *field = &layout->fields[i];

                put_bits(out, pos, field->bits, field_code(field, value, source, flush_denormals));
                pos += field->bits;
            }
            return DDI_ENCODE_OK;
    }
    return DDI_ENCODE_UNSUPPORTED;
}

static enum ddi_encode_result encode_plane(DXGI_FORMAT format, unsigned int plane,
        const D3D12DDI_CLEAR_DATA *value, enum ddi_encode_source source, bool flush_denormals,
        uint8_t *out, size_t out_size, size_t *written)
{
    struct ddi_encode_layout layout;
    enum ddi_encode_result hr;

    if ((hr = ddi_encode_get_layout(format, plane, &layout)) != DDI_ENCODE_OK)
        return hr;
    if (out_size < layout.bytes)
    {
        if (written)
            *written = layout.bytes;
        return DDI_ENCODE_BUFFER_TOO_SMALL;
    }
    if ((hr = encode_layout(&layout, value, source, flush_denormals, out)) == DDI_ENCODE_OK && written)
        *written = layout.bytes;
    return hr;
}

static bool source_valid(enum ddi_encode_source source)
{
    return source == DDI_ENCODE_SOURCE_CLEAR_DATA || source == DDI_ENCODE_SOURCE_FLOAT
            || source == DDI_ENCODE_SOURCE_UINT;
}

enum ddi_encode_result ddi_encode_clear_value(DXGI_FORMAT format, const D3D12DDI_CLEAR_DATA *value,
        enum ddi_encode_source source, bool flush_denormals,
        uint8_t *out, size_t out_size, size_t *written)
{
    const struct ddi_format_info *info = ddi_format_get(format);

    if (written)
        *written = 0;
    if (!value || (!out && out_size) || !source_valid(source))
        return DDI_ENCODE_INVALID_ARGUMENT;
    if (!info || !format_has_element(info))
        return DDI_ENCODE_UNSUPPORTED;
    if (info->plane_count > 1)
        return DDI_ENCODE_PLANAR;
    return encode_plane(format, 0, value, source, flush_denormals, out, out_size, written);
}

enum ddi_encode_result ddi_encode_clear_plane(DXGI_FORMAT format, unsigned int plane,
        const D3D12DDI_CLEAR_DATA *value, enum ddi_encode_source source, bool flush_denormals,
        uint8_t *out, size_t out_size, size_t *written)
{
    if (written)
        *written = 0;
    if (!value || (!out && out_size) || !source_valid(source))
        return DDI_ENCODE_INVALID_ARGUMENT;
    return encode_plane(format, plane, value, source, flush_denormals, out, out_size, written);
}

enum ddi_encode_result ddi_encode_raw_pattern(const D3D12DDI_CLEAR_DATA *value, unsigned int size,
        uint8_t *out, size_t out_size, size_t *written)
{
    if (written)
        *written = 0;
    if (!value || (!out && out_size) || !size || size > ARRAY_SIZE(value->Bytes))
        return DDI_ENCODE_INVALID_ARGUMENT;
    if (out_size < size)
    {
        if (written)
            *written = size;
        return DDI_ENCODE_BUFFER_TOO_SMALL;
    }
    memcpy(out, value->Bytes, size);
    if (written)
        *written = size;
    return DDI_ENCODE_OK;
}
