/*
 * Legacy view clears for Async clear values: the float vector (or depth and
 * stencil) a ClearRenderTargetView / ClearDepthStencilView should get, and
 * whether it reproduces the encoder's bytes for every result the spec allows
 * a driver (seed 000 "inexact clear values"; format-facts.md section 6).
 *
 * Each channel is passed as the value its encoded code stands for, so a
 * driver that rounds within the 0.6 ULP tolerance still lands on that code
 * as long as the passed float is less than 0.4 of a code away from it.
 */

#include "ddi_encode_private.h"

#include <math.h>
#include <string.h>

/* Largest integer magnitude every float-to-integer rule converts exactly. */
#define EXACT_INTEGER_LIMIT 16777216.0

/* Passed floats this close to their code convert to it under any allowed
 * rounding (0.6 ULP tolerance, format-facts.md section 1). */
#define CODE_MARGIN 0.4

static uint32_t mask_bits(unsigned int bits)
{
    return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

/* Denormals, NaN and infinities: the runtime flushes, the payload or the
 * clamping may differ between drivers, so these are never exact. */
static bool float_input_plain(uint32_t f32)
{
    return (f32 & 0x7f800000u) != 0x7f800000u && !ddi_encode_is_denormal(f32);
}

static bool near_code(double scaled, double code)
{
    return fabs(scaled - code) < CODE_MARGIN;
}

static int64_t sign_extend(uint32_t code, unsigned int bits)
{
    int64_t value = (int64_t)(code & mask_bits(bits));

    if (value >= (int64_t)1 << (bits - 1))
        value -= (int64_t)1 << bits;
    return value;
}

/* out[field->index] for one colour field; clears *exact when the legacy clear
 * could store something else. */
static void colour_field(const struct ddi_encode_field *field, const D3D12DDI_CLEAR_DATA *value,
        float out[4], bool *exact)
{
    uint32_t in = value->Uints[field->index];
    double max = (double)mask_bits(field->bits);
    uint32_t code;
    int64_t integer;
    float f;

    switch (field->kind)
    {
        case DDI_ENCODE_KIND_UNORM:
            code = ddi_encode_unorm(in, field->bits);
            f = (float)ddi_decode_unorm(code, field->bits);
            *exact = *exact && float_input_plain(in) && near_code((double)f * max, (double)code);
            break;
        case DDI_ENCODE_KIND_SNORM:
            code = ddi_encode_snorm(in, field->bits);
            f = (float)ddi_decode_snorm(code, field->bits);
            *exact = *exact && float_input_plain(in)
                    && near_code((double)f * (double)mask_bits(field->bits - 1),
                            (double)sign_extend(code, field->bits));
            break;
        case DDI_ENCODE_KIND_SRGB:
            code = ddi_encode_srgb(in, field->bits);
            f = (float)ddi_encode_srgb_to_linear((double)code / max);
            *exact = *exact && float_input_plain(in)
                    && near_code(ddi_encode_linear_to_srgb((double)f) * max, (double)code);
            break;
        case DDI_ENCODE_KIND_FLOAT:
            code = ddi_encode_float(in, field->bits, true);
            if (field->bits == 32 || (in & 0x7fffffffu) > 0x7f800000u)
                f = ddi_encode_bits_to_float(ddi_encode_flush(in));
            else
                f = ddi_encode_bits_to_float(ddi_decode_small_float(code, field->bits));
            /* Whether a driver keeps the sign of a zero is not promised. */
            *exact = *exact && float_input_plain(in)
                    && !(field->bits >= 16 && code == 1u << (field->bits - 1));
            break;
        case DDI_ENCODE_KIND_UINT:
            integer = (int64_t)(in & mask_bits(field->bits));
            f = (float)integer;
            *exact = *exact && (double)integer <= EXACT_INTEGER_LIMIT;
            break;
        case DDI_ENCODE_KIND_SINT:
            integer = sign_extend(in, field->bits);
            f = (float)integer;
            *exact = *exact && fabs((double)integer) <= EXACT_INTEGER_LIMIT;
            break;
        default:
            /* Unused X bits: what a native clear writes there is unknown. */
            *exact = false;
            return;
    }
    out[field->index] = f;
}

/* Colour formats a legacy RTV clear can target, with the vector and the
 * exactness answer. */
static bool view_colour(DXGI_FORMAT format, const D3D12DDI_CLEAR_DATA *value, float out[4],
        bool *exact)
{
    struct ddi_encode_layout layout;
    uint32_t rgb[3], packed;
    unsigned int i;

    memset(out, 0, 4 * sizeof(*out));
    *exact = false;
    /* Only single-plane colour layouts are colour. */
    if (!value || ddi_encode_get_layout(format, 0, &layout) != DDI_ENCODE_OK || !layout.colour)
        return false;
    *exact = true;
    if (layout.shape == DDI_ENCODE_SHAPE_RGBE)
    {
        for (i = 0; i < 3; ++i)
        {
            rgb[i] = value->Uints[i];
            *exact = *exact && float_input_plain(rgb[i]);
        }
        packed = ddi_encode_rgbe(rgb);
        ddi_decode_rgbe(packed, out);
        /* Exponent 0 may hold values a max-exponent encoder would not choose. */
        *exact = *exact && (packed >> 27 || !packed);
        return true;
    }
    for (i = 0; i < layout.field_count; ++i)
        colour_field(&layout.fields[i], value, out, exact);
    return true;
}

bool ddi_encode_view_clear_color(DXGI_FORMAT format, const D3D12DDI_CLEAR_DATA *value, float out[4])
{
    bool exact;

    return view_colour(format, value, out, &exact);
}

static bool is_dsv_format(DXGI_FORMAT format)
{
    return format == DXGI_FORMAT_D16_UNORM || format == DXGI_FORMAT_D24_UNORM_S8_UINT
            || format == DXGI_FORMAT_D32_FLOAT || format == DXGI_FORMAT_D32_FLOAT_S8X24_UINT;
}

/* Depth for the legacy clear and whether it reproduces the encoder's depth. */
static float view_depth(DXGI_FORMAT format, uint32_t in, bool *exact)
{
    unsigned int bits = format == DXGI_FORMAT_D16_UNORM ? 16 : 24;
    uint32_t code;
    float f;

    *exact = float_input_plain(in);
    if (format == DXGI_FORMAT_D32_FLOAT || format == DXGI_FORMAT_D32_FLOAT_S8X24_UINT)
        return ddi_encode_bits_to_float(ddi_encode_depth_float(in, true));
    code = ddi_encode_unorm(in, bits);
    f = (float)ddi_decode_unorm(code, bits);
    *exact = *exact && near_code((double)f * (double)mask_bits(bits), (double)code);
    return f;
}

bool ddi_encode_view_clear_depth(DXGI_FORMAT format, const D3D12DDI_CLEAR_DATA *value,
        float *depth, UINT8 *stencil)
{
    bool exact;

    if (depth)
        *depth = 0.0f;
    if (stencil)
        *stencil = 0;
    if (!value || !is_dsv_format(format))
        return false;
    if (depth)
        *depth = view_depth(format, value->Uints[0], &exact);
    if (stencil && ddi_format_get(format)->has_stencil)
        *stencil = (UINT8)(value->Uints[1] & 0xff);
    return true;
}

bool ddi_encode_view_clear_exact(DXGI_FORMAT format, const D3D12DDI_CLEAR_DATA *value,
        D3D12DDI_CLEAR_FLAGS depth_stencil_flags)
{
    float colour[4];
    bool exact;

    if (!value)
        return false;
    if (is_dsv_format(format))
    {
        /* Stencil is an 8-bit integer both ways; only depth can differ. */
        if (!depth_stencil_flags || (depth_stencil_flags & D3D12DDI_CLEAR_FLAG_DEPTH))
        {
            view_depth(format, value->Uints[0], &exact);
            return exact;
        }
        return true;
    }
    return view_colour(format, value, colour, &exact) && exact;
}
