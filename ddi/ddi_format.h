/*
 * DXGI format table shared by the runtime and the drivers.
 *
 * One row per DXGI_FORMAT enumerant from 1 to 191 (DXGI_FORMAT_UNKNOWN and
 * the unassigned values have no row).  Sizes, block shapes, typeless
 * families and plane counts follow the public D3D12 property format table
 * (DirectX-Headers src/d3dx12_property_format_table.cpp); see
 * /work/shared/research/format-facts.md sections 7 to 9.
 */

#ifndef DDI_FORMAT_H
#define DDI_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include <wsl/winadapter.h>
#include <directx/dxgiformat.h>

/* DirectX-Headers 1.606.4 predates this enumerant (value 191, D3D12
 * property format table); the table knows it under this name. */
#define DDI_FORMAT_A4B4G4R4_UNORM ((DXGI_FORMAT)191)

/* Numeric interpretation of the format's first named component. */
enum ddi_format_class
{
    DDI_FORMAT_CLASS_UNORM,
    DDI_FORMAT_CLASS_SNORM,
    DDI_FORMAT_CLASS_UINT,
    DDI_FORMAT_CLASS_SINT,
    DDI_FORMAT_CLASS_FLOAT,
    DDI_FORMAT_CLASS_SRGB,          /* colour in sRGB, alpha linear UNORM */
    DDI_FORMAT_CLASS_TYPELESS,
    DDI_FORMAT_CLASS_DEPTH,         /* D16_UNORM, D32_FLOAT */
    DDI_FORMAT_CLASS_DEPTH_STENCIL, /* D24_UNORM_S8_UINT, D32_FLOAT_S8X24_UINT */
    DDI_FORMAT_CLASS_VIDEO,         /* YUV and palettized video formats */
    DDI_FORMAT_CLASS_OTHER,         /* XR_BIAS, sampler feedback */
};

/*
 * The D3D12_CLEAR_DATA member a clear reads for one channel (Microsoft's table
 * in D3D12AsyncCommands.md, "D3D12_CLEAR_DATA struct").  Channels are indexed
 * like the union's arrays: R, G, B, A for colour; Y, U, V, A for video; depth
 * 0 and stencil 1 for depth-stencil formats.  BYTES marks block-compressed
 * formats: the whole block is the low bytes_per_block bytes of Bytes, given as
 * channel 0.  NONE: the channel does not exist or the format has no defined
 * clear value (typeless, palettized, opaque, XR_BIAS, sampler feedback).
 */
enum ddi_clear_member
{
    DDI_CLEAR_MEMBER_NONE,
    DDI_CLEAR_MEMBER_FLOATS,
    DDI_CLEAR_MEMBER_UINTS,
    DDI_CLEAR_MEMBER_SINTS,
    DDI_CLEAR_MEMBER_BYTES,
};

/*
 * bytes_per_block covers block_width x block_height pixels:
 * - ordinary formats: one pixel, 1x1;
 * - BC1..BC7: one 4x4 block (8 or 16 bytes);
 * - R1_UNORM: 8 pixels in one byte (8x1);
 * - packed 4:2:2 (R8G8_B8G8, G8R8_G8B8, YUY2, Y210, Y216): two pixels;
 * - planar YUV: the smallest pixel group that holds whole samples of every
 *   plane (NV12 2x2 = 4 luma + 2 chroma bytes = 6), so block dimensions are
 *   also the required size granularity.  Copies use ddi_format_plane_info();
 * - depth-stencil: the D3D11 interleaved element (D24S8 4, D32S8X24 8);
 *   D3D12 copies them as two planes, see ddi_format_plane_info().
 *
 * bits[] lists the widths of the named, non-padding components in the order
 * of the format's name (X components are skipped; compressed formats have
 * none).  R9G9B9E5 has 3 components and keeps its 5-bit shared exponent in
 * bits[3].
 *
 * typeless_family is the format's typeless parent, or the format itself
 * when it has none (R11G11B10_FLOAT, A8_UNORM, 4:2:2, YUV, ...).
 */
struct ddi_format_info
{
    DXGI_FORMAT format;
    const char *name;
    uint8_t bytes_per_block;
    uint8_t block_width, block_height;
    uint8_t plane_count;
    uint8_t component_count;
    uint8_t bits[4];
    enum ddi_format_class numeric_class;
    DXGI_FORMAT typeless_family;
    bool is_compressed;     /* BC1..BC7 */
    bool is_depth;          /* has a depth component (D16, D32, D24S8, D32S8X24) */
    bool has_stencil;       /* has a stencil component (D24S8, D32S8X24) */
    bool is_yuv;            /* video formats, including the palettized ones */
    bool is_packed_422;     /* two pixels share one element */
    bool is_planar;         /* D3D12 planar: depth-stencil families and planar YUV */
    bool is_srgb;
    bool is_typeless;
    bool is_opaque;         /* layout hidden: 420_OPAQUE, sampler feedback */
    bool is_palettized;     /* AI44, IA44, P8, A8P8 */
    enum ddi_clear_member clear_member[4]; /* per clear-data channel index */
};

/* Row for a format, or NULL for DXGI_FORMAT_UNKNOWN and values that name no
 * format. */
const struct ddi_format_info *ddi_format_get(DXGI_FORMAT format);

/* True when the table has a row for the format. */
bool ddi_format_is_valid(DXGI_FORMAT format);

/* Typeless parent; the format itself when it has none; DXGI_FORMAT_UNKNOWN
 * for invalid formats. */
DXGI_FORMAT ddi_format_typeless(DXGI_FORMAT format);

/* True when both formats are valid and identical or share a typeless family. */
bool ddi_format_cast_compatible(DXGI_FORMAT a, DXGI_FORMAT b);

/* "DXGI_FORMAT_R8G8B8A8_UNORM"; "DXGI_FORMAT_UNKNOWN" for 0; "unknown" for
 * values that name no format.  Never NULL. */
const char *ddi_format_name(DXGI_FORMAT format);

/* True for depth formats and for typeless formats whose family holds one
 * (R16, R32, R24G8, R32G8X24 typeless): the formats a resource may have when
 * it allows depth-stencil views. */
bool ddi_format_depth_stencil_capable(DXGI_FORMAT format);

/* Member of D3D12_CLEAR_DATA read for channel `index` (0-3);
 * DDI_CLEAR_MEMBER_NONE for invalid formats and indices. */
enum ddi_clear_member ddi_format_clear_member(DXGI_FORMAT format, unsigned int index);

/* D3D12 plane count: 2 for both depth-stencil families, NV12, P010, P016,
 * NV11, P208; 3 for V208, V408; otherwise 1.  0 for invalid formats. */
unsigned int ddi_format_plane_count(DXGI_FORMAT format);

/*
 * Placed-footprint element of one plane: its size in bytes and the
 * horizontal and vertical subsampling relative to the resource's pixels
 * (plane width = ceil(width / subsample_w)).  Non-planar formats have one
 * plane that is the format itself (blocks are described by the format row).
 * Returns false for invalid formats and planes.  Any output may be NULL.
 */
bool ddi_format_plane_info(DXGI_FORMAT format, unsigned int plane,
        unsigned int *bytes_per_block, unsigned int *subsample_w, unsigned int *subsample_h);

/* Format a placed footprint of that plane carries: R32_TYPELESS / R8_TYPELESS
 * for depth / stencil, R8 / R8G8 / R16 / R16G16 typeless for YUV planes, the
 * format itself for non-planar formats.  DXGI_FORMAT_UNKNOWN when invalid. */
DXGI_FORMAT ddi_format_plane_copy_format(DXGI_FORMAT format, unsigned int plane);

#endif /* DDI_FORMAT_H */
