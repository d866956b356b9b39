/*
 * Internals of the simulated texture unit, shared by agx_texture.c (formats, texel
 * addressing, typed loads and stores, resinfo) and agx_texture_sample.c (filtering,
 * address modes, gather). The entry points the executor calls are in agx_shader.h.
 */
#ifndef AGX_TEXTURE_H
#define AGX_TEXTURE_H

#include "agx_shader.h"
#include "agx_texel.h"

/* How one (format, plane) of a view reads and writes: the channel layout of agx_texel,
 * or the shared-exponent format, which agx_texel leaves out. */
enum agx_texture_bc
{
    AGX_TEXTURE_BC_NONE,
    AGX_TEXTURE_BC1,
    AGX_TEXTURE_BC2,
    AGX_TEXTURE_BC3,
    AGX_TEXTURE_BC4_UNORM,
    AGX_TEXTURE_BC4_SNORM,
    AGX_TEXTURE_BC5_UNORM,
    AGX_TEXTURE_BC5_SNORM,
    AGX_TEXTURE_BC6H_UF16,
    AGX_TEXTURE_BC6H_SF16,
    AGX_TEXTURE_BC7,
};

struct agx_texture_format
{
    bool valid;
    bool rgbe;                            /* R9G9B9E5_SHAREDEXP, decoded whole */
    enum agx_texture_bc bc;               /* block-compressed: size is the 4x4 block's */
    bool srgb;                            /* BC1-BC3, BC7 _SRGB: colour linearised after decoding */
    enum agx_shader_return_type type;     /* FLOAT: UNORM, SNORM, sRGB and float channels */
    uint32_t size;                        /* bytes of one sample */
    struct agx_texel_format texel;
};

/* Never NULL: formats the unit cannot read (block-compressed, video, ...) are !valid. */
const struct agx_texture_format *agx_texture_format_get(DXGI_FORMAT format, unsigned int plane);

/* (0, 0, 0, 1) in the format's type: what channels the format lacks read as. */
void agx_texture_default(const struct agx_texture_format *format, uint32_t out[4]);
/* One sample's bytes to four 32-bit patterns (floats as bits, integers as integers). */
void agx_texture_decode(const struct agx_texture_format *format, const uint8_t *element, uint32_t out[4]);

/* Texel (x, y) of a 4x4 block of a BC format (agx_texture_bc.c). */
void agx_texture_decode_bc(const struct agx_texture_format *format, const uint8_t *block, uint32_t x, uint32_t y,
                           uint32_t out[4]);

/* Texel t (y * 4 + x) of a BC7 block as UNORM values, of a BC6H block as floats
 * (agx_texture_bc7.c, agx_texture_bc6h.c). */
void agx_texture_decode_bc7(const uint8_t *block, unsigned int texel, float rgba[4]);
void agx_texture_decode_bc6h(const uint8_t *block, unsigned int texel, bool sf16, float rgba[4]);

/* What BC6H and BC7 share (agx_texture_bc7.c): a little-endian bit reader over the
 * 128-bit block, the partition shapes, anchor texels, index fetch and 6-bit weights. */
struct agx_bc_bits
{
    const uint8_t *block;
    unsigned int pos;
};
uint32_t agx_bc_bits_read(struct agx_bc_bits *bits, unsigned int count);
unsigned int agx_bc_subset(unsigned int subsets, unsigned int partition, unsigned int texel);
bool agx_bc_is_anchor(unsigned int subsets, unsigned int partition, unsigned int texel);
/* The index of `texel` in the run of indices of `bits` bits that starts at bit `start`. */
unsigned int agx_bc_index(const uint8_t *block, unsigned int start, unsigned int bits, unsigned int subsets,
                          unsigned int partition, unsigned int texel);
uint32_t agx_bc_weight(unsigned int index_bits, unsigned int index);

/* One subresource (mip level of an array slice of the view's plane) ready for fetches. */
struct agx_texture_level
{
    const struct agx_texture_format *format;
    const struct agx_layout *layout;
    struct agx_layout_subresource sub;
    uint64_t va;                          /* the resource's byte 0 */
    uint32_t width, height, depth;        /* texels of the plane at this mip */
    const struct agx_shader_view *view;   /* its component mapping applies to every fetch */
};

/* mip and slice count from the start of the resource. False when they are outside it,
 * or the view's format cannot be read from the plane. */
bool agx_texture_level_init(struct agx_texture_level *level, const struct agx_shader_view *view, uint32_t mip,
                            uint32_t slice);
/* Reads and decodes the texel (x, y, z), which must be inside the level, and applies
 * the view's component mapping. */
void agx_texture_level_fetch(struct agx_backend *backend, const struct agx_texture_level *level, uint32_t x,
                             uint32_t y, uint32_t z, uint32_t sample, uint32_t out[4]);

/* A decoded texel through the view's component mapping (nothing for unswizzled views). */
void agx_texture_swizzle(const struct agx_shader_view *view, const struct agx_texture_format *format,
                         uint32_t texel[4]);

/* Dimensions of a view that have an array index, and where the coordinate sits. */
bool agx_texture_dim_is_array(enum agx_shader_dim dim);
bool agx_texture_dim_is_cube(enum agx_shader_dim dim);

#endif
