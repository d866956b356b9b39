/*
 * Internals of the value encoder shared by ddi_encode.c (layouts and
 * packing), ddi_encode_float.c (conversions) and ddi_encode_view.c (legacy
 * view clears).  Not part of the DDI.
 */

#ifndef DDI_ENCODE_PRIVATE_H
#define DDI_ENCODE_PRIVATE_H

#include "ddi_encode.h"
#include "ddi_format.h"

/* What one field of an element holds and how a value becomes its code. */
enum ddi_encode_kind
{
    DDI_ENCODE_KIND_PAD,          /* unused (X) bits, written as zero */
    DDI_ENCODE_KIND_UNORM,        /* also UNORM depth */
    DDI_ENCODE_KIND_SNORM,
    DDI_ENCODE_KIND_SRGB,
    DDI_ENCODE_KIND_UINT,
    DDI_ENCODE_KIND_STENCIL,      /* 8-bit stencil from Uints[1], whatever the source */
    DDI_ENCODE_KIND_SINT,
    DDI_ENCODE_KIND_FLOAT,        /* float32, float16, float11 or float10 by width */
    DDI_ENCODE_KIND_DEPTH_FLOAT,  /* float32 depth, clamped to [0, 1] */
    DDI_ENCODE_KIND_RAW,          /* a video sample: low bits of Uints */
};

enum ddi_encode_shape
{
    DDI_ENCODE_SHAPE_FIELDS,      /* fields packed upwards from bit 0 */
    DDI_ENCODE_SHAPE_RGBE,        /* R9G9B9E5: shared exponent */
    DDI_ENCODE_SHAPE_R1,          /* one code repeated over the 8 bits of a byte */
    DDI_ENCODE_SHAPE_BLOCK,       /* compressed block, raw from Bytes */
};

struct ddi_encode_field
{
    uint8_t index;                /* clear-data channel */
    uint8_t bits;
    uint8_t kind;                 /* enum ddi_encode_kind */
};

struct ddi_encode_layout
{
    const struct ddi_format_info *info;
    enum ddi_encode_shape shape;
    unsigned int bytes;
    unsigned int field_count;
    struct ddi_encode_field fields[4];
    /* An ordinary colour element: a UAV uint clear writes its fields raw and a
     * legacy RTV clear may target it. */
    bool colour;
};

/* Layout of one plane's element.  DDI_ENCODE_PLANAR is never returned; plane
 * out of range gives DDI_ENCODE_INVALID_ARGUMENT, formats without a defined
 * element DDI_ENCODE_UNSUPPORTED. */
enum ddi_encode_result ddi_encode_get_layout(DXGI_FORMAT format, unsigned int plane,
        struct ddi_encode_layout *layout);

/* ---- Conversions (ddi_encode_float.c); floats are passed as their bits ---- */

float ddi_encode_bits_to_float(uint32_t bits);
uint32_t ddi_encode_float_to_bits(float f);
bool ddi_encode_is_denormal(uint32_t f32);
/* Denormal to zero of the same sign; other values unchanged. */
uint32_t ddi_encode_flush(uint32_t f32);

uint32_t ddi_encode_unorm(uint32_t f32, unsigned int bits);
/* Two's complement code in the low `bits` bits. */
uint32_t ddi_encode_snorm(uint32_t f32, unsigned int bits);
uint32_t ddi_encode_srgb(uint32_t f32, unsigned int bits);
/* 32: the bits themselves (denormals flushed on request); 16, 11, 10: round
 * toward zero, finite overflow to the largest finite value. */
uint32_t ddi_encode_float(uint32_t f32, unsigned int bits, bool flush_denormals);
uint32_t ddi_encode_depth_float(uint32_t f32, bool flush_denormals);
uint32_t ddi_encode_float_to_uint(uint32_t f32, unsigned int bits);
uint32_t ddi_encode_float_to_sint(uint32_t f32, unsigned int bits);
uint32_t ddi_encode_rgbe(const uint32_t f32[3]);

/* sRGB transfer curve (linear to encoded, both in [0, 1]); the inverse is public. */
double ddi_encode_linear_to_srgb(double c);

#endif /* DDI_ENCODE_PRIVATE_H */
