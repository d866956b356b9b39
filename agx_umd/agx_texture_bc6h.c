/*
 * Decoding one texel of BC6H (UF16 and SF16), by the Khronos Data Format
 * Specification's BPTC chapter and Microsoft Learn's "BC6H format" page: fourteen
 * modes, one or two regions (the two-region shapes are BC7's first 32 partitions),
 * endpoint bits scattered over the block in each mode's own order, endpoints 1-3
 * stored as signed deltas from endpoint 0 in the transformed modes, unquantization to
 * 16 bits, 3- or 4-bit interpolation with BC7's weights, and the final scaling by
 * 31/64 (UF16) or 31/32 (SF16) that turns the result into a half float's bits.
 * Reserved mode codes decode as (0, 0, 0, 1).
 */
#include "ddi_encode.h"
#include "agx_texture.h"

/* Endpoint channels: R, G, B of endpoints w and x (region 0) and y and z (region 1). */
enum
{
    RW, GW, BW, RX, GX, BX, RY, GY, BY, RZ, GZ, BZ,
};

/* A run of bits of one field, stored from bit `first` to bit `last` (either order). */
struct agx_bc6h_run
{
    uint8_t field, first, last;
};

#define AGX_BC6H_MAX_RUNS 24

struct agx_bc6h_mode
{
    uint8_t code, code_bits;
    uint8_t endpoint_bits, delta_bits[3];
    bool transformed, two_regions;
    struct agx_bc6h_run runs[AGX_BC6H_MAX_RUNS];   /* zero-terminated (count 0: {0, 0, 0}) */
};

#define B(f, i) {f, i, i}

/* The fourteen modes in the format's numbering; runs follow the mode bits. */
static const struct agx_bc6h_mode agx_bc6h_modes[14] =
{
    {0x00, 2, 10, {5, 5, 5}, true, true, {B(GY, 4), B(BY, 4), B(BZ, 4), {RW, 0, 9}, {GW, 0, 9}, {BW, 0, 9},
            {RX, 0, 4}, B(GZ, 4), {GY, 0, 3}, {GX, 0, 4}, B(BZ, 0), {GZ, 0, 3}, {BX, 0, 4}, B(BZ, 1), {BY, 0, 3},
            {RY, 0, 4}, B(BZ, 2), {RZ, 0, 4}, B(BZ, 3)}},
    {0x01, 2, 7, {6, 6, 6}, true, true, {B(GY, 5), B(GZ, 4), B(GZ, 5), {RW, 0, 6}, B(BZ, 0), B(BZ, 1), B(BY, 4),
            {GW, 0, 6}, B(BY, 5), B(BZ, 2), B(GY, 4), {BW, 0, 6}, B(BZ, 3), B(BZ, 5), B(BZ, 4), {RX, 0, 5},
            {GY, 0, 3}, {GX, 0, 5}, {GZ, 0, 3}, {BX, 0, 5}, {BY, 0, 3}, {RY, 0, 5}, {RZ, 0, 5}}},
    {0x02, 5, 11, {5, 4, 4}, true, true, {{RW, 0, 9}, {GW, 0, 9}, {BW, 0, 9}, {RX, 0, 4}, B(RW, 10), {GY, 0, 3},
            {GX, 0, 3}, B(GW, 10), B(BZ, 0), {GZ, 0, 3}, {BX, 0, 3}, B(BW, 10), B(BZ, 1), {BY, 0, 3}, {RY, 0, 4},
            B(BZ, 2), {RZ, 0, 4}, B(BZ, 3)}},
    {0x06, 5, 11, {4, 5, 4}, true, true, {{RW, 0, 9}, {GW, 0, 9}, {BW, 0, 9}, {RX, 0, 3}, B(RW, 10), B(GZ, 4),
            {GY, 0, 3}, {GX, 0, 4}, B(GW, 10), {GZ, 0, 3}, {BX, 0, 3}, B(BW, 10), B(BZ, 1), {BY, 0, 3},
            {RY, 0, 3}, B(BZ, 0), B(BZ, 2), {RZ, 0, 3}, B(GY, 4), B(BZ, 3)}},
    {0x0a, 5, 11, {4, 4, 5}, true, true, {{RW, 0, 9}, {GW, 0, 9}, {BW, 0, 9}, {RX, 0, 3}, B(RW, 10), B(BY, 4),
            {GY, 0, 3}, {GX, 0, 3}, B(GW, 10), B(BZ, 0), {GZ, 0, 3}, {BX, 0, 4}, B(BW, 10), {BY, 0, 3},
            {RY, 0, 3}, B(BZ, 1), B(BZ, 2), {RZ, 0, 3}, B(BZ, 4), B(BZ, 3)}},
    {0x0e, 5, 9, {5, 5, 5}, true, true, {{RW, 0, 8}, B(BY, 4), {GW, 0, 8}, B(GY, 4), {BW, 0, 8}, B(BZ, 4),
            {RX, 0, 4}, B(GZ, 4), {GY, 0, 3}, {GX, 0, 4}, B(BZ, 0), {GZ, 0, 3}, {BX, 0, 4}, B(BZ, 1), {BY, 0, 3},
            {RY, 0, 4}, B(BZ, 2), {RZ, 0, 4}, B(BZ, 3)}},
    {0x12, 5, 8, {6, 5, 5}, true, true, {{RW, 0, 7}, B(GZ, 4), B(BY, 4), {GW, 0, 7}, B(BZ, 2), B(GY, 4),
            {BW, 0, 7}, B(BZ, 3), B(BZ, 4), {RX, 0, 5}, {GY, 0, 3}, {GX, 0, 4}, B(BZ, 0), {GZ, 0, 3}, {BX, 0, 4},
            B(BZ, 1), {BY, 0, 3}, {RY, 0, 5}, {RZ, 0, 5}}},
    {0x16, 5, 8, {5, 6, 5}, true, true, {{RW, 0, 7}, B(BZ, 0), B(BY, 4), {GW, 0, 7}, B(GY, 5), B(GY, 4),
            {BW, 0, 7}, B(GZ, 5), B(BZ, 4), {RX, 0, 4}, B(GZ, 4), {GY, 0, 3}, {GX, 0, 5}, {GZ, 0, 3}, {BX, 0, 4},
            B(BZ, 1), {BY, 0, 3}, {RY, 0, 4}, B(BZ, 2), {RZ, 0, 4}, B(BZ, 3)}},
    {0x1a, 5, 8, {5, 5, 6}, true, true, {{RW, 0, 7}, B(BZ, 1), B(BY, 4), {GW, 0, 7}, B(BY, 5), B(GY, 4),
            {BW, 0, 7}, B(BZ, 5), B(BZ, 4), {RX, 0, 4}, B(GZ, 4), {GY, 0, 3}, {GX, 0, 4}, B(BZ, 0), {GZ, 0, 3},
            {BX, 0, 5}, {BY, 0, 3}, {RY, 0, 4}, B(BZ, 2), {RZ, 0, 4}, B(BZ, 3)}},
    {0x1e, 5, 6, {6, 6, 6}, false, true, {{RW, 0, 5}, B(GZ, 4), B(BZ, 0), B(BZ, 1), B(BY, 4), {GW, 0, 5},
            B(GY, 5), B(BY, 5), B(BZ, 2), B(GY, 4), {BW, 0, 5}, B(GZ, 5), B(BZ, 3), B(BZ, 5), B(BZ, 4),
            {RX, 0, 5}, {GY, 0, 3}, {GX, 0, 5}, {GZ, 0, 3}, {BX, 0, 5}, {BY, 0, 3}, {RY, 0, 5}, {RZ, 0, 5}}},
    {0x03, 5, 10, {10, 10, 10}, false, false, {{RW, 0, 9}, {GW, 0, 9}, {BW, 0, 9}, {RX, 0, 9}, {GX, 0, 9},
            {BX, 0, 9}}},
    {0x07, 5, 11, {9, 9, 9}, true, false, {{RW, 0, 9}, {GW, 0, 9}, {BW, 0, 9}, {RX, 0, 8}, B(RW, 10),
            {GX, 0, 8}, B(GW, 10), {BX, 0, 8}, B(BW, 10)}},
    {0x0b, 5, 12, {8, 8, 8}, true, false, {{RW, 0, 9}, {GW, 0, 9}, {BW, 0, 9}, {RX, 0, 7}, {RW, 11, 10},
            {GX, 0, 7}, {GW, 11, 10}, {BX, 0, 7}, {BW, 11, 10}}},
    {0x0f, 5, 16, {4, 4, 4}, true, false, {{RW, 0, 9}, {GW, 0, 9}, {BW, 0, 9}, {RX, 0, 3}, {RW, 15, 10},
            {GX, 0, 3}, {GW, 15, 10}, {BX, 0, 3}, {BW, 15, 10}}},
};

#undef B

static int32_t agx_bc6h_sign_extend(uint32_t value, unsigned int bits)
{
    uint32_t sign = 1u << (bits - 1);

    value &= (1u << bits) - 1;
    return (int32_t)(value ^ sign) - (int32_t)sign;
}

/* An endpoint channel of `bits` bits widened to 16 (the format's "unquantize"). */
static int32_t agx_bc6h_unquantize(int32_t value, unsigned int bits, bool sf16)
{
    bool negative;

    if (!sf16)
    {
        if (bits >= 15 || !value)
            return value;
        if (value == (1 << bits) - 1)
            return 0xffff;
        return ((value << 16) + 0x8000) >> bits;
    }
    if (bits >= 16)
        return value;
    negative = value < 0;
    if (negative)
        value = -value;
    if (value)
        value = value >= (1 << (bits - 1)) - 1 ? 0x7fff : ((value << 15) + 0x4000) >> (bits - 1);
    return negative ? -value : value;
}

/* The interpolated 16-bit value scaled to a half float's bits ("finish_unquantize"). */
static uint32_t agx_bc6h_half(int32_t value, bool sf16)
{
    if (!sf16)
        return (uint32_t)(value * 31) >> 6;
    return value < 0 ? 0x8000u | (uint32_t)((-value * 31) >> 5) : (uint32_t)((value * 31) >> 5);
}

void agx_texture_decode_bc6h(const uint8_t *block, unsigned int texel, bool sf16, float rgba[4])
{
    unsigned int code, m, r, i, bit, channel, e, partition, region, index_bits, index_start;
    struct agx_bc_bits bits = {block, 0};
    const struct agx_bc6h_mode *mode = NULL;
    const struct agx_bc6h_run *run;
    uint32_t raw[12] = {0}, w, index;
    int32_t endpoints[4][3], value;

    rgba[0] = rgba[1] = rgba[2] = 0.0f;
    rgba[3] = 1.0f;
    code = agx_bc_bits_read(&bits, 2);
    if (code >= 2)
        code |= agx_bc_bits_read(&bits, 3) << 2;
    for (m = 0; m < 14 && !mode; ++m)
    {
        if (agx_bc6h_modes[m].code == code)
            mode = &agx_bc6h_modes[m];
    }
    if (!mode)
        return;
    for (r = 0; r < AGX_BC6H_MAX_RUNS; ++r)
    {
        run = &mode->runs[r];
        if (!run->field && !run->first && !run->last)   /* the terminator: no mode has a run of rw[0] alone */
            break;
        for (i = 0;; ++i)
        {
            bit = run->first <= run->last ? run->first + i : run->first - i;
            raw[run->field] |= agx_bc_bits_read(&bits, 1) << bit;
            if (bit == run->last)
                break;
        }
    }

    for (e = 0; e < 4; ++e)
    {
        for (channel = 0; channel < 3; ++channel)
        {
            value = (int32_t)raw[3 * e + channel];
            if (e && mode->transformed)
            {
                /* A delta from endpoint 0, signed in both formats, wrapped to the endpoint's bits. */
                value = agx_bc6h_sign_extend((uint32_t)value, mode->delta_bits[channel]);
                value = (int32_t)(((uint32_t)value + raw[channel]) & ((1u << mode->endpoint_bits) - 1));
            }
            if (sf16)
                value = agx_bc6h_sign_extend((uint32_t)value, mode->endpoint_bits);
            endpoints[e][channel] = agx_bc6h_unquantize(value, mode->endpoint_bits, sf16);
        }
    }

    if (mode->two_regions)
    {
        partition = agx_bc_bits_read(&bits, 5);
        region = agx_bc_subset(2, partition, texel);
        index_bits = 3;
        index_start = 82;
    }
    else
    {
        partition = 0;
        region = 0;
        index_bits = 4;
        index_start = 65;
    }
    index = agx_bc_index(block, index_start, index_bits, mode->two_regions ? 2 : 1, partition, texel);
    w = agx_bc_weight(index_bits, index);
    for (channel = 0; channel < 3; ++channel)
    {
        value = ((64 - (int32_t)w) * endpoints[2 * region][channel] + (int32_t)w * endpoints[2 * region + 1][channel]
                + 32) >> 6;
        rgba[channel] = agx_texel_bits_float(ddi_decode_small_float(agx_bc6h_half(value, sf16), 16));
    }
}
