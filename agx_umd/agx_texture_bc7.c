/*
 * Decoding one texel of BC7, by the Khronos Data Format Specification's BPTC chapter
 * and Microsoft Learn's "BC7 format" page: eight modes told apart by the lowest set
 * bit of the first byte, one to three subsets chosen by a partition, endpoints with
 * p-bits widened to 8 bits by replicating their high bits, 2-, 3- or 4-bit indices
 * interpolated with the format's 6-bit weights, and in modes 4 and 5 a channel
 * rotation and (mode 4) an index selection. The partition and anchor tables here
 * are BC6H's as well (its two-region shapes are BC7's first 32).
 */
#include "agx_texture.h"

/* Each partition's subset of texel t in bits 2t..2t+1, rows of the format's tables. */
static const uint32_t agx_bc_partitions2[64] =
{
    0x50505050, 0x40404040, 0x54545454, 0x54505040, 0x50404000, 0x55545450,
    0x55545040, 0x54504000, 0x50400000, 0x55555450, 0x55544000, 0x54400000,
    0x55555440, 0x55550000, 0x55555500, 0x55000000, 0x55150100, 0x00004054,
    0x15010000, 0x00405054, 0x00004050, 0x15050100, 0x05010000, 0x40505054,
    0x00404050, 0x05010100, 0x14141414, 0x05141450, 0x01155440, 0x00555500,
    0x15014054, 0x05414150, 0x44444444, 0x55005500, 0x11441144, 0x05055050,
    0x05500550, 0x11114444, 0x41144114, 0x44111144, 0x15055054, 0x01055040,
    0x05041050, 0x05455150, 0x14414114, 0x50050550, 0x41411414, 0x00141400,
    0x00041504, 0x00105410, 0x10541000, 0x04150400, 0x50410514, 0x41051450,
    0x05415014, 0x14054150, 0x41050514, 0x41505014, 0x40011554, 0x54150140,
    0x50505500, 0x00555050, 0x15151010, 0x54540404,
};

static const uint32_t agx_bc_partitions3[64] =
{
    0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050,
    0x5555a0a0, 0x5a5a5050, 0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090,
    0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250, 0xa5945040, 0x0a425054,
    0xa5a5a500, 0x55a0a0a0, 0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
    0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400, 0xa08585a0, 0xaa821414,
    0x50a4a450, 0x6a5a0200, 0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424,
    0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50, 0x500aa550, 0xaaaa4444,
    0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
    0xaa444444, 0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580,
    0xaa141414, 0x96960000, 0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000,
    0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254,
};

/* The anchor texel of subset 1 (two subsets), and of subsets 1 and 2 (three). */
static const uint8_t agx_bc_anchors2[64] =
{
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
    15, 2, 8, 2, 2, 8, 8, 15, 2, 8, 2, 2, 8, 8, 2, 2,
    15, 15, 6, 8, 2, 8, 15, 15, 2, 8, 2, 2, 2, 15, 15, 6,
    6, 2, 6, 8, 15, 15, 2, 2, 15, 15, 15, 15, 15, 2, 2, 15,
};

static const uint8_t agx_bc_anchors3[2][64] =
{
    {
        3, 3, 15, 15, 8, 3, 15, 15, 8, 8, 6, 6, 6, 5, 3, 3,
        3, 3, 8, 15, 3, 3, 6, 10, 5, 8, 8, 6, 8, 5, 15, 15,
        8, 15, 3, 5, 6, 10, 8, 15, 15, 3, 15, 5, 15, 15, 15, 15,
        3, 15, 5, 5, 5, 8, 5, 10, 5, 10, 8, 13, 15, 12, 3, 3,
    },
    {
        15, 8, 8, 3, 15, 15, 3, 8, 15, 15, 15, 15, 15, 15, 15, 8,
        15, 8, 15, 3, 15, 8, 15, 8, 3, 15, 6, 10, 15, 15, 10, 8,
        15, 3, 15, 10, 10, 8, 9, 10, 6, 15, 8, 15, 3, 6, 6, 8,
        15, 3, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3, 15, 15, 8,
    },
};

uint32_t agx_bc_bits_read(struct agx_bc_bits *bits, unsigned int count)
{
    uint32_t value = 0;
    unsigned int i;

    for (i = 0; i < count && bits->pos < 128; ++i, ++bits->pos)
        value |= (uint32_t)(bits->block[bits->pos / 8] >> (bits->pos % 8) & 1) << i;
    return value;
}

unsigned int agx_bc_subset(unsigned int subsets, unsigned int partition, unsigned int texel)
{
    if (subsets == 1)
        return 0;
    return (subsets == 2 ? agx_bc_partitions2 : agx_bc_partitions3)[partition & 63] >> (2 * texel) & 3;
}

bool agx_bc_is_anchor(unsigned int subsets, unsigned int partition, unsigned int texel)
{
    if (!texel)
        return true;
    if (subsets == 2)
        return texel == agx_bc_anchors2[partition & 63];
    return subsets == 3 && (texel == agx_bc_anchors3[0][partition & 63] || texel == agx_bc_anchors3[1][partition & 63]);
}

unsigned int agx_bc_index(const uint8_t *block, unsigned int start, unsigned int bits, unsigned int subsets,
                          unsigned int partition, unsigned int texel)
{
    struct agx_bc_bits reader = {block, start};
    unsigned int t;

    /* Anchor texels store their index without its top bit, which is 0. */
    for (t = 0; t < texel; ++t)
        reader.pos += bits - agx_bc_is_anchor(subsets, partition, t);
    return agx_bc_bits_read(&reader, bits - agx_bc_is_anchor(subsets, partition, texel));
}

uint32_t agx_bc_weight(unsigned int index_bits, unsigned int index)
{
    static const uint8_t weights2[4] = {0, 21, 43, 64};
    static const uint8_t weights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
    static const uint8_t weights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

    return index_bits == 2 ? weights2[index & 3] : index_bits == 3 ? weights3[index & 7] : weights4[index & 15];
}

/* The fields of each mode, in the order they follow the mode bits. */
struct agx_bc7_mode
{
    unsigned int subsets, partition_bits, rotation_bits, selection_bits;
    unsigned int colour_bits, alpha_bits;      /* per endpoint channel, before p-bits */
    unsigned int endpoint_pbits, shared_pbits; /* one per endpoint, or one per subset */
    unsigned int index_bits, index2_bits;
};

static const struct agx_bc7_mode agx_bc7_modes[8] =
{
    {3, 4, 0, 0, 4, 0, 1, 0, 3, 0},
    {2, 6, 0, 0, 6, 0, 0, 1, 3, 0},
    {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},
    {2, 6, 0, 0, 7, 0, 1, 0, 2, 0},
    {1, 0, 2, 1, 5, 6, 0, 0, 2, 3},
    {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
    {1, 0, 0, 0, 7, 7, 1, 0, 4, 0},
    {2, 6, 0, 0, 5, 5, 1, 0, 2, 0},
};

void agx_texture_decode_bc7(const uint8_t *block, unsigned int texel, float rgba[4])
{
    unsigned int mode_index, partition, rotation, selection, subset, channels, c, e, i, pbit_count;
    unsigned int colour_index_bits, alpha_index_bits, colour_index, alpha_index, index2_start;
    struct agx_bc_bits bits = {block, 0};
    const struct agx_bc7_mode *mode;
    uint32_t endpoints[6][4], pbits[6], precision, value, w;
    float swap;

    for (mode_index = 0; mode_index < 8 && !(block[0] >> mode_index & 1); ++mode_index)
        ;
    if (mode_index == 8)
    {
        /* No mode bit: the format's reserved encoding decodes as transparent black. */
        for (i = 0; i < 4; ++i)
            rgba[i] = 0.0f;
        return;
    }
    mode = &agx_bc7_modes[mode_index];
    bits.pos = mode_index + 1;
    partition = agx_bc_bits_read(&bits, mode->partition_bits);
    rotation = agx_bc_bits_read(&bits, mode->rotation_bits);
    selection = agx_bc_bits_read(&bits, mode->selection_bits);
    channels = mode->alpha_bits ? 4 : 3;
    /* All endpoints' red, then green, blue and alpha. */
    for (c = 0; c < channels; ++c)
    {
        for (e = 0; e < 2 * mode->subsets; ++e)
            endpoints[e][c] = agx_bc_bits_read(&bits, c < 3 ? mode->colour_bits : mode->alpha_bits);
    }
    pbit_count = mode->endpoint_pbits ? 2 * mode->subsets : mode->shared_pbits ? mode->subsets : 0;
    for (i = 0; i < pbit_count; ++i)
        pbits[i] = agx_bc_bits_read(&bits, 1);
    subset = agx_bc_subset(mode->subsets, partition, texel);
    for (e = 2 * subset; e < 2 * subset + 2; ++e)
    {
        for (c = 0; c < 4; ++c)
        {
            if (c == channels)
            {
                endpoints[e][c] = 255;
                continue;
            }
            value = endpoints[e][c];
            precision = c < 3 ? mode->colour_bits : mode->alpha_bits;
            if (pbit_count)
            {
                value = value << 1 | pbits[mode->endpoint_pbits ? e : e / 2];
                ++precision;
            }
            value <<= 8 - precision;
            endpoints[e][c] = value | value >> precision;
        }
    }

    index2_start = bits.pos + 16 * mode->index_bits - mode->subsets;
    colour_index_bits = mode->index_bits;
    colour_index = agx_bc_index(block, bits.pos, mode->index_bits, mode->subsets, partition, texel);
    alpha_index_bits = colour_index_bits;
    alpha_index = colour_index;
    if (mode->index2_bits)
    {
        alpha_index_bits = mode->index2_bits;
        alpha_index = agx_bc_index(block, index2_start, mode->index2_bits, 1, 0, texel);
        if (selection)
        {
            alpha_index_bits = colour_index_bits;
            alpha_index = colour_index;
            colour_index_bits = mode->index2_bits;
            colour_index = agx_bc_index(block, index2_start, mode->index2_bits, 1, 0, texel);
        }
    }
    for (c = 0; c < 4; ++c)
    {
        w = c < 3 ? agx_bc_weight(colour_index_bits, colour_index) : agx_bc_weight(alpha_index_bits, alpha_index);
        value = ((64 - w) * endpoints[2 * subset][c] + w * endpoints[2 * subset + 1][c] + 32) >> 6;
        rgba[c] = (float)value / 255.0f;
    }
    /* Rotation 1-3 swaps alpha with red, green or blue. */
    if (rotation)
    {
        swap = rgba[3];
        rgba[3] = rgba[rotation - 1];
        rgba[rotation - 1] = swap;
    }
}
