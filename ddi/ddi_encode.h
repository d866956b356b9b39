/*
 * The value encoder: a clear or fill value turned into the exact bytes of one
 * element of a DXGI format, by the D3D conversion rules
 * (/work/shared/research/format-facts.md; specs/ddi.md "The value encoder").
 * The simulated device's clears and the fallback's pattern copies share it.
 *
 * Which D3D12DDI_CLEAR_DATA member feeds which channel is the format table's
 * clear_member[] (ddi_format.h); this module does the conversions and the bit
 * layout.  Formats without a defined element for a value are reported as
 * DDI_ENCODE_UNSUPPORTED, never guessed.
 */

#ifndef DDI_ENCODE_H
#define DDI_ENCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "d3d12ddi.h"

/* Largest element, block or raw pattern the encoder writes. */
#define DDI_ENCODE_MAX_BYTES 16

enum ddi_encode_result
{
    DDI_ENCODE_OK,
    DDI_ENCODE_UNSUPPORTED,       /* no defined element for this format and source */
    DDI_ENCODE_PLANAR,            /* several planes: encode each with ddi_encode_clear_plane() */
    DDI_ENCODE_BUFFER_TOO_SMALL,  /* *written holds the size needed */
    DDI_ENCODE_INVALID_ARGUMENT,  /* NULL pointer, plane out of range, bad pattern size */
};

/* How the value is to be read. */
enum ddi_encode_source
{
    /* An Async Commands value (ClearTextureSubresources, ClearBound*, formatted
     * FillBuffers): each channel reads the member of the format table's
     * clear_member[] (Floats converted, Uints/Sints bit-exact, Bytes raw). */
    DDI_ENCODE_SOURCE_CLEAR_DATA,
    /* A legacy float clear (ClearRenderTargetView, ClearUnorderedAccessViewFloat,
     * ClearDepthStencilView): every colour channel reads Floats; UINT/SINT
     * channels get the float converted (NaN to 0, clamped, truncated).  Depth
     * still reads Floats[0] and stencil Uints[1]. */
    DDI_ENCODE_SOURCE_FLOAT,
    /* ClearUnorderedAccessViewUint: the low n bits of Uints[i] go unconverted
     * into channel i of any colour format (R9G9B9E5: exponent from Uints[3]). */
    DDI_ENCODE_SOURCE_UINT,
};

/*
 * Encodes one element of a single-plane format: one pixel; one 4x4 block for
 * block-compressed formats (the low bytes of Bytes); one two-pixel pair for
 * the 4:2:2 formats (both pixels of a constant pair are equal); one byte of
 * eight pixels for R1_UNORM.  Video samples are the stored bits: P010 and
 * Y210 take the 16-bit sample (10 bits at the top).  Planar formats (depth-stencil families, NV12 and
 * the other planar YUV formats) answer DDI_ENCODE_PLANAR.
 *
 * flush_denormals: flush float32 denormal inputs to zero, keeping the sign,
 * before conversion (legacy view clears do; a copy of given bits does not).
 * Only float32 destinations can tell the difference.
 *
 * On success *written is the element size (ddi_format_plane_info bytes).
 * `written` may be NULL.
 */
enum ddi_encode_result ddi_encode_clear_value(DXGI_FORMAT format, const D3D12DDI_CLEAR_DATA *value,
        enum ddi_encode_source source, bool flush_denormals,
        uint8_t *out, size_t out_size, size_t *written);

/*
 * One element of one plane: plane 0 of a single-plane format is the element of
 * ddi_encode_clear_value().  Depth-stencil: plane 0 is the depth element of a
 * placed footprint (D24 in bits 0-23 of 4 bytes with the top byte zero, or a
 * 4-byte float), plane 1 the stencil byte from Uints[1].  Planar YUV: Y from
 * Uints[0] in plane 0, then U, V (Uints[1], Uints[2]) in the chroma plane(s),
 * each truncated to its 8- or 16-bit sample.  Plane-view formats
 * (R24_UNORM_X8_TYPELESS, X24_TYPELESS_G8_UINT, ...) encode only the plane
 * they name.
 */
enum ddi_encode_result ddi_encode_clear_plane(DXGI_FORMAT format, unsigned int plane,
        const D3D12DDI_CLEAR_DATA *value, enum ddi_encode_source source, bool flush_denormals,
        uint8_t *out, size_t out_size, size_t *written);

/* FillBuffers with Format UNKNOWN: the low `size` bytes of Bytes (1 to 16;
 * the API's narrower set 1, 2, 4, 8, 12, 16 is the runtime's validation). */
enum ddi_encode_result ddi_encode_raw_pattern(const D3D12DDI_CLEAR_DATA *value, unsigned int size,
        uint8_t *out, size_t out_size, size_t *written);

/*
 * The float vector to give a legacy ClearRenderTargetView for an Async clear
 * value (DDI_ENCODE_SOURCE_CLEAR_DATA) of a colour format: each channel is the
 * value its encoded code stands for (UNORM k -> k/(2^n-1), sRGB k -> the
 * linear value of k, float16/11/10 and RGBE -> the exact float of the stored
 * code), so a driver rounding within the spec's tolerance lands on the same
 * code; float32 channels pass with denormals flushed (sign kept) and NaN
 * as is; integer channels pass their low n bits (sign-extended for SINT) as
 * a float, which rounds above 2^24.  Channels the format lacks are 0.
 * Returns false, with out[] zeroed, for formats a legacy RTV clear cannot
 * target: typeless, depth, video, block-compressed, 4:2:2, R1, XR_BIAS,
 * palettized, plane views, opaque.
 */
bool ddi_encode_view_clear_color(DXGI_FORMAT format, const D3D12DDI_CLEAR_DATA *value, float out[4]);

/*
 * The arguments of a legacy ClearDepthStencilView for an Async depth-stencil
 * value: depth clamped to [0, 1] with NaN and -0 mapped to +0 and denormals
 * flushed, and for UNORM depth the value of the encoded code; stencil the low
 * 8 bits of Uints[1] (0 without stencil).  False, with both zeroed, for
 * formats other than D16_UNORM, D24_UNORM_S8_UINT, D32_FLOAT and
 * D32_FLOAT_S8X24_UINT.  Either output may be NULL.
 */
bool ddi_encode_view_clear_depth(DXGI_FORMAT format, const D3D12DDI_CLEAR_DATA *value,
        float *depth, UINT8 *stencil);

/*
 * True when a legacy view clear given the vector above (or the depth and
 * stencil above) stores exactly the bytes ddi_encode_clear_value() /
 * ddi_encode_clear_plane() make from the value, for every result the spec
 * lets a driver produce.  Conservative: false for any NaN, infinite or
 * denormal float a channel reads, -0 in a float16/float32 channel, an integer
 * beyond +-2^24, a code whose passed float lands 0.4 or more from it (about
 * 10% of D24 codes), the unused X byte of B8G8R8X8, and formats without a
 * legacy clear.  depth_stencil_flags selects the planes a depth-stencil clear
 * writes (0: all the format has); colour formats ignore it.
 */
bool ddi_encode_view_clear_exact(DXGI_FORMAT format, const D3D12DDI_CLEAR_DATA *value,
        D3D12DDI_CLEAR_FLAGS depth_stencil_flags);

/*
 * Decoding: the value a code stands for, for drivers that read elements back (resolves,
 * texture loads, blending). sRGB encoded to linear, both in [0, 1]; UNORM and SNORM
 * codes of `bits` bits (both SNORM codes below -(2^(n-1) - 1) are -1); float16 /
 * float11 / float10 codes to float32 bits (exact; NaN quieted); RGBE (shared exponent).
 */
double ddi_encode_srgb_to_linear(double s);
double ddi_decode_unorm(uint32_t code, unsigned int bits);
double ddi_decode_snorm(uint32_t code, unsigned int bits);
uint32_t ddi_decode_small_float(uint32_t code, unsigned int bits);
void ddi_decode_rgbe(uint32_t packed, float rgb[3]);

#endif /* DDI_ENCODE_H */
