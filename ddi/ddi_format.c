/*
 * DXGI format table.  Values come from the public D3D12 property format
 * table (format-facts.md section 9); the layout of each row is documented in
 * ddi_format.h.
 */

#include "ddi_format.h"

#include <stddef.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Row flags, expanded into the bool members. */
enum
{
    F_BC   = 1u << 0, /* block compressed */
    F_D    = 1u << 1, /* depth component */
    F_S    = 1u << 2, /* stencil component */
    F_YUV  = 1u << 3,
    F_422  = 1u << 4,
    F_PL   = 1u << 5, /* D3D12 planar */
    F_OPQ  = 1u << 6, /* hidden layout */
    F_PAL  = 1u << 7, /* palettized */
    F_CLRA = 1u << 8, /* clears read the A channel only (A8_UNORM) */
    F_CLRG = 1u << 9, /* clears read channel 1 only (the stencil-plane views) */
};

/* Clear-data member per numeric class (D3D12AsyncCommands.md: float, UNORM,
 * SNORM and sRGB channels read Floats, integers Uints/Sints, video Uints). */
#define CM_UNORM         DDI_CLEAR_MEMBER_FLOATS
#define CM_SNORM         DDI_CLEAR_MEMBER_FLOATS
#define CM_FLOAT         DDI_CLEAR_MEMBER_FLOATS
#define CM_SRGB          DDI_CLEAR_MEMBER_FLOATS
#define CM_DEPTH         DDI_CLEAR_MEMBER_FLOATS
#define CM_DEPTH_STENCIL DDI_CLEAR_MEMBER_FLOATS
#define CM_UINT          DDI_CLEAR_MEMBER_UINTS
#define CM_SINT          DDI_CLEAR_MEMBER_SINTS
#define CM_VIDEO         DDI_CLEAR_MEMBER_UINTS
#define CM_TYPELESS      DDI_CLEAR_MEMBER_NONE
#define CM_OTHER         DDI_CLEAR_MEMBER_NONE

/* Member read for clear-data channel i: compressed blocks come whole from
 * Bytes; depth-stencil reads depth from Floats[0] and stencil from Uints[1]. */
#define CLEAR_MEMBER(i, ncomp, cls, fl) \
    ((CM_##cls == DDI_CLEAR_MEMBER_NONE || ((fl) & (F_OPQ | F_PAL))) ? DDI_CLEAR_MEMBER_NONE \
    : ((fl) & F_BC) ? ((i) == 0 ? DDI_CLEAR_MEMBER_BYTES : DDI_CLEAR_MEMBER_NONE) \
    : ((fl) & F_CLRA) ? ((i) == 3 ? CM_##cls : DDI_CLEAR_MEMBER_NONE) \
    : ((fl) & F_CLRG) ? ((i) == 1 ? DDI_CLEAR_MEMBER_UINTS : DDI_CLEAR_MEMBER_NONE) \
    : (((fl) & F_S) && (i) == 1) ? DDI_CLEAR_MEMBER_UINTS \
    : (i) < (ncomp) ? CM_##cls : DDI_CLEAR_MEMBER_NONE)

#define ROW_V(value, str, fam, bpb, bw, bh, planes, ncomp, b0, b1, b2, b3, cls, fl) \
    [value] = \
    { \
        .format = (value), \
        .name = (str), \
        .bytes_per_block = (bpb), \
        .block_width = (bw), \
        .block_height = (bh), \
        .plane_count = (planes), \
        .component_count = (ncomp), \
        .bits = {(b0), (b1), (b2), (b3)}, \
        .numeric_class = DDI_FORMAT_CLASS_##cls, \
        .typeless_family = (fam), \
        .is_compressed = !!((fl) & F_BC), \
        .is_depth = !!((fl) & F_D), \
        .has_stencil = !!((fl) & F_S), \
        .is_yuv = !!((fl) & F_YUV), \
        .is_packed_422 = !!((fl) & F_422), \
        .is_planar = !!((fl) & F_PL), \
        .is_srgb = DDI_FORMAT_CLASS_##cls == DDI_FORMAT_CLASS_SRGB, \
        .is_typeless = DDI_FORMAT_CLASS_##cls == DDI_FORMAT_CLASS_TYPELESS, \
        .is_opaque = !!((fl) & F_OPQ), \
        .is_palettized = !!((fl) & F_PAL), \
        .clear_member = \
        { \
            CLEAR_MEMBER(0, ncomp, cls, fl), CLEAR_MEMBER(1, ncomp, cls, fl), \
            CLEAR_MEMBER(2, ncomp, cls, fl), CLEAR_MEMBER(3, ncomp, cls, fl), \
        }, \
    }

#define ROW(fmt, fam, bpb, bw, bh, planes, ncomp, b0, b1, b2, b3, cls, fl) \
    ROW_V(DXGI_FORMAT_##fmt, "DXGI_FORMAT_" #fmt, DXGI_FORMAT_##fam, \
            bpb, bw, bh, planes, ncomp, b0, b1, b2, b3, cls, fl)

/* Shorthands for the common 1x1, single-plane rows. */
#define PIX(fmt, fam, bpb, ncomp, b0, b1, b2, b3, cls) \
    ROW(fmt, fam, bpb, 1, 1, 1, ncomp, b0, b1, b2, b3, cls, 0)
#define BC(fmt, fam, bpb, ncomp, cls) \
    ROW(fmt, fam, bpb, 4, 4, 1, ncomp, 0, 0, 0, 0, cls, F_BC)

static const struct ddi_format_info ddi_formats[] =
{
    PIX(R32G32B32A32_TYPELESS, R32G32B32A32_TYPELESS, 16, 4, 32, 32, 32, 32, TYPELESS),
    PIX(R32G32B32A32_FLOAT,    R32G32B32A32_TYPELESS, 16, 4, 32, 32, 32, 32, FLOAT),
    PIX(R32G32B32A32_UINT,     R32G32B32A32_TYPELESS, 16, 4, 32, 32, 32, 32, UINT),
    PIX(R32G32B32A32_SINT,     R32G32B32A32_TYPELESS, 16, 4, 32, 32, 32, 32, SINT),

    PIX(R32G32B32_TYPELESS, R32G32B32_TYPELESS, 12, 3, 32, 32, 32, 0, TYPELESS),
    PIX(R32G32B32_FLOAT,    R32G32B32_TYPELESS, 12, 3, 32, 32, 32, 0, FLOAT),
    PIX(R32G32B32_UINT,     R32G32B32_TYPELESS, 12, 3, 32, 32, 32, 0, UINT),
    PIX(R32G32B32_SINT,     R32G32B32_TYPELESS, 12, 3, 32, 32, 32, 0, SINT),

    PIX(R16G16B16A16_TYPELESS, R16G16B16A16_TYPELESS, 8, 4, 16, 16, 16, 16, TYPELESS),
    PIX(R16G16B16A16_FLOAT,    R16G16B16A16_TYPELESS, 8, 4, 16, 16, 16, 16, FLOAT),
    PIX(R16G16B16A16_UNORM,    R16G16B16A16_TYPELESS, 8, 4, 16, 16, 16, 16, UNORM),
    PIX(R16G16B16A16_UINT,     R16G16B16A16_TYPELESS, 8, 4, 16, 16, 16, 16, UINT),
    PIX(R16G16B16A16_SNORM,    R16G16B16A16_TYPELESS, 8, 4, 16, 16, 16, 16, SNORM),
    PIX(R16G16B16A16_SINT,     R16G16B16A16_TYPELESS, 8, 4, 16, 16, 16, 16, SINT),

    PIX(R32G32_TYPELESS, R32G32_TYPELESS, 8, 2, 32, 32, 0, 0, TYPELESS),
    PIX(R32G32_FLOAT,    R32G32_TYPELESS, 8, 2, 32, 32, 0, 0, FLOAT),
    PIX(R32G32_UINT,     R32G32_TYPELESS, 8, 2, 32, 32, 0, 0, UINT),
    PIX(R32G32_SINT,     R32G32_TYPELESS, 8, 2, 32, 32, 0, 0, SINT),

    /* Depth in bytes 0-3, stencil in byte 4; two planes in D3D12. */
    ROW(R32G8X24_TYPELESS,        R32G8X24_TYPELESS, 8, 1, 1, 2, 2, 32, 8, 0, 0, TYPELESS, F_PL),
    ROW(D32_FLOAT_S8X24_UINT,     R32G8X24_TYPELESS, 8, 1, 1, 2, 2, 32, 8, 0, 0, DEPTH_STENCIL,
            F_PL | F_D | F_S),
    ROW(R32_FLOAT_X8X24_TYPELESS, R32G8X24_TYPELESS, 8, 1, 1, 2, 1, 32, 0, 0, 0, FLOAT, F_PL),
    ROW(X32_TYPELESS_G8X24_UINT,  R32G8X24_TYPELESS, 8, 1, 1, 2, 1, 8, 0, 0, 0, UINT, F_PL | F_CLRG),

    PIX(R10G10B10A2_TYPELESS, R10G10B10A2_TYPELESS, 4, 4, 10, 10, 10, 2, TYPELESS),
    PIX(R10G10B10A2_UNORM,    R10G10B10A2_TYPELESS, 4, 4, 10, 10, 10, 2, UNORM),
    PIX(R10G10B10A2_UINT,     R10G10B10A2_TYPELESS, 4, 4, 10, 10, 10, 2, UINT),
    PIX(R11G11B10_FLOAT,      R11G11B10_FLOAT,      4, 3, 11, 11, 10, 0, FLOAT),

    PIX(R8G8B8A8_TYPELESS,   R8G8B8A8_TYPELESS, 4, 4, 8, 8, 8, 8, TYPELESS),
    PIX(R8G8B8A8_UNORM,      R8G8B8A8_TYPELESS, 4, 4, 8, 8, 8, 8, UNORM),
    PIX(R8G8B8A8_UNORM_SRGB, R8G8B8A8_TYPELESS, 4, 4, 8, 8, 8, 8, SRGB),
    PIX(R8G8B8A8_UINT,       R8G8B8A8_TYPELESS, 4, 4, 8, 8, 8, 8, UINT),
    PIX(R8G8B8A8_SNORM,      R8G8B8A8_TYPELESS, 4, 4, 8, 8, 8, 8, SNORM),
    PIX(R8G8B8A8_SINT,       R8G8B8A8_TYPELESS, 4, 4, 8, 8, 8, 8, SINT),

    PIX(R16G16_TYPELESS, R16G16_TYPELESS, 4, 2, 16, 16, 0, 0, TYPELESS),
    PIX(R16G16_FLOAT,    R16G16_TYPELESS, 4, 2, 16, 16, 0, 0, FLOAT),
    PIX(R16G16_UNORM,    R16G16_TYPELESS, 4, 2, 16, 16, 0, 0, UNORM),
    PIX(R16G16_UINT,     R16G16_TYPELESS, 4, 2, 16, 16, 0, 0, UINT),
    PIX(R16G16_SNORM,    R16G16_TYPELESS, 4, 2, 16, 16, 0, 0, SNORM),
    PIX(R16G16_SINT,     R16G16_TYPELESS, 4, 2, 16, 16, 0, 0, SINT),

    PIX(R32_TYPELESS, R32_TYPELESS, 4, 1, 32, 0, 0, 0, TYPELESS),
    ROW(D32_FLOAT,    R32_TYPELESS, 4, 1, 1, 1, 1, 32, 0, 0, 0, DEPTH, F_D),
    PIX(R32_FLOAT,    R32_TYPELESS, 4, 1, 32, 0, 0, 0, FLOAT),
    PIX(R32_UINT,     R32_TYPELESS, 4, 1, 32, 0, 0, 0, UINT),
    PIX(R32_SINT,     R32_TYPELESS, 4, 1, 32, 0, 0, 0, SINT),

    /* Depth in bits 0-23, stencil in bits 24-31; two planes in D3D12. */
    ROW(R24G8_TYPELESS,        R24G8_TYPELESS, 4, 1, 1, 2, 2, 24, 8, 0, 0, TYPELESS, F_PL),
    ROW(D24_UNORM_S8_UINT,     R24G8_TYPELESS, 4, 1, 1, 2, 2, 24, 8, 0, 0, DEPTH_STENCIL,
            F_PL | F_D | F_S),
    ROW(R24_UNORM_X8_TYPELESS, R24G8_TYPELESS, 4, 1, 1, 2, 1, 24, 0, 0, 0, UNORM, F_PL),
    ROW(X24_TYPELESS_G8_UINT,  R24G8_TYPELESS, 4, 1, 1, 2, 1, 8, 0, 0, 0, UINT, F_PL | F_CLRG),

    PIX(R8G8_TYPELESS, R8G8_TYPELESS, 2, 2, 8, 8, 0, 0, TYPELESS),
    PIX(R8G8_UNORM,    R8G8_TYPELESS, 2, 2, 8, 8, 0, 0, UNORM),
    PIX(R8G8_UINT,     R8G8_TYPELESS, 2, 2, 8, 8, 0, 0, UINT),
    PIX(R8G8_SNORM,    R8G8_TYPELESS, 2, 2, 8, 8, 0, 0, SNORM),
    PIX(R8G8_SINT,     R8G8_TYPELESS, 2, 2, 8, 8, 0, 0, SINT),

    PIX(R16_TYPELESS, R16_TYPELESS, 2, 1, 16, 0, 0, 0, TYPELESS),
    PIX(R16_FLOAT,    R16_TYPELESS, 2, 1, 16, 0, 0, 0, FLOAT),
    ROW(D16_UNORM,    R16_TYPELESS, 2, 1, 1, 1, 1, 16, 0, 0, 0, DEPTH, F_D),
    PIX(R16_UNORM,    R16_TYPELESS, 2, 1, 16, 0, 0, 0, UNORM),
    PIX(R16_UINT,     R16_TYPELESS, 2, 1, 16, 0, 0, 0, UINT),
    PIX(R16_SNORM,    R16_TYPELESS, 2, 1, 16, 0, 0, 0, SNORM),
    PIX(R16_SINT,     R16_TYPELESS, 2, 1, 16, 0, 0, 0, SINT),

    PIX(R8_TYPELESS, R8_TYPELESS, 1, 1, 8, 0, 0, 0, TYPELESS),
    PIX(R8_UNORM,    R8_TYPELESS, 1, 1, 8, 0, 0, 0, UNORM),
    PIX(R8_UINT,     R8_TYPELESS, 1, 1, 8, 0, 0, 0, UINT),
    PIX(R8_SNORM,    R8_TYPELESS, 1, 1, 8, 0, 0, 0, SNORM),
    PIX(R8_SINT,     R8_TYPELESS, 1, 1, 8, 0, 0, 0, SINT),
    ROW(A8_UNORM,    A8_UNORM,    1, 1, 1, 1, 1, 8, 0, 0, 0, UNORM, F_CLRA),

    /* 8 pixels per byte; the table's width alignment is 8. */
    ROW(R1_UNORM, R1_UNORM, 1, 8, 1, 1, 1, 1, 0, 0, 0, UNORM, 0),
    /* 9-bit mantissas, shared 5-bit exponent in bits[3]. */
    PIX(R9G9B9E5_SHAREDEXP, R9G9B9E5_SHAREDEXP, 4, 3, 9, 9, 9, 5, FLOAT),
    /* 4 bytes per 2 pixels, green per pixel, red and blue shared. */
    ROW(R8G8_B8G8_UNORM, R8G8_B8G8_UNORM, 4, 2, 1, 1, 3, 8, 8, 8, 0, UNORM, F_422),
    ROW(G8R8_G8B8_UNORM, G8R8_G8B8_UNORM, 4, 2, 1, 1, 3, 8, 8, 8, 0, UNORM, F_422),

    BC(BC1_TYPELESS,   BC1_TYPELESS, 8, 4, TYPELESS),
    BC(BC1_UNORM,      BC1_TYPELESS, 8, 4, UNORM),
    BC(BC1_UNORM_SRGB, BC1_TYPELESS, 8, 4, SRGB),
    BC(BC2_TYPELESS,   BC2_TYPELESS, 16, 4, TYPELESS),
    BC(BC2_UNORM,      BC2_TYPELESS, 16, 4, UNORM),
    BC(BC2_UNORM_SRGB, BC2_TYPELESS, 16, 4, SRGB),
    BC(BC3_TYPELESS,   BC3_TYPELESS, 16, 4, TYPELESS),
    BC(BC3_UNORM,      BC3_TYPELESS, 16, 4, UNORM),
    BC(BC3_UNORM_SRGB, BC3_TYPELESS, 16, 4, SRGB),
    BC(BC4_TYPELESS,   BC4_TYPELESS, 8, 1, TYPELESS),
    BC(BC4_UNORM,      BC4_TYPELESS, 8, 1, UNORM),
    BC(BC4_SNORM,      BC4_TYPELESS, 8, 1, SNORM),
    BC(BC5_TYPELESS,   BC5_TYPELESS, 16, 2, TYPELESS),
    BC(BC5_UNORM,      BC5_TYPELESS, 16, 2, UNORM),
    BC(BC5_SNORM,      BC5_TYPELESS, 16, 2, SNORM),

    PIX(B5G6R5_UNORM,   B5G6R5_UNORM,      2, 3, 5, 6, 5, 0, UNORM),
    PIX(B5G5R5A1_UNORM, B5G5R5A1_UNORM,    2, 4, 5, 5, 5, 1, UNORM),
    PIX(B8G8R8A8_UNORM, B8G8R8A8_TYPELESS, 4, 4, 8, 8, 8, 8, UNORM),
    PIX(B8G8R8X8_UNORM, B8G8R8X8_TYPELESS, 4, 3, 8, 8, 8, 0, UNORM),
    /* Biased fixed 2.8 colour, UNORM alpha; casts within the R10G10B10A2
     * family as the property table says. */
    PIX(R10G10B10_XR_BIAS_A2_UNORM, R10G10B10A2_TYPELESS, 4, 4, 10, 10, 10, 2, OTHER),
    PIX(B8G8R8A8_TYPELESS,   B8G8R8A8_TYPELESS, 4, 4, 8, 8, 8, 8, TYPELESS),
    PIX(B8G8R8A8_UNORM_SRGB, B8G8R8A8_TYPELESS, 4, 4, 8, 8, 8, 8, SRGB),
    PIX(B8G8R8X8_TYPELESS,   B8G8R8X8_TYPELESS, 4, 3, 8, 8, 8, 0, TYPELESS),
    PIX(B8G8R8X8_UNORM_SRGB, B8G8R8X8_TYPELESS, 4, 3, 8, 8, 8, 0, SRGB),

    BC(BC6H_TYPELESS,  BC6H_TYPELESS, 16, 3, TYPELESS),
    BC(BC6H_UF16,      BC6H_TYPELESS, 16, 3, FLOAT),
    BC(BC6H_SF16,      BC6H_TYPELESS, 16, 3, FLOAT),
    BC(BC7_TYPELESS,   BC7_TYPELESS, 16, 4, TYPELESS),
    BC(BC7_UNORM,      BC7_TYPELESS, 16, 4, UNORM),
    BC(BC7_UNORM_SRGB, BC7_TYPELESS, 16, 4, SRGB),

    /* Packed 4:4:4. */
    ROW(AYUV, AYUV, 4, 1, 1, 1, 4, 8, 8, 8, 8, VIDEO, F_YUV),
    ROW(Y410, Y410, 4, 1, 1, 1, 4, 10, 10, 10, 2, VIDEO, F_YUV),
    ROW(Y416, Y416, 8, 1, 1, 1, 4, 16, 16, 16, 16, VIDEO, F_YUV),
    /* Planar 4:2:0; P010 keeps 10 bits in 16-bit containers.  420_OPAQUE is
     * sized like NV12 but its layout is hidden; the property table gives it
     * a single copyable plane. */
    ROW(NV12, NV12, 6, 2, 2, 2, 3, 8, 8, 8, 0, VIDEO, F_YUV | F_PL),
    ROW(P010, P010, 12, 2, 2, 2, 3, 10, 10, 10, 0, VIDEO, F_YUV | F_PL),
    ROW(P016, P016, 12, 2, 2, 2, 3, 16, 16, 16, 0, VIDEO, F_YUV | F_PL),
    ROW(420_OPAQUE, 420_OPAQUE, 6, 2, 2, 1, 3, 8, 8, 8, 0, VIDEO, F_YUV | F_PL | F_OPQ),
    /* Packed 4:2:2. */
    ROW(YUY2, YUY2, 4, 2, 1, 1, 3, 8, 8, 8, 0, VIDEO, F_YUV | F_422),
    ROW(Y210, Y210, 8, 2, 1, 1, 3, 10, 10, 10, 0, VIDEO, F_YUV | F_422),
    ROW(Y216, Y216, 8, 2, 1, 1, 3, 16, 16, 16, 0, VIDEO, F_YUV | F_422),
    /* Planar 4:1:1. */
    ROW(NV11, NV11, 6, 4, 1, 2, 3, 8, 8, 8, 0, VIDEO, F_YUV | F_PL),
    /* Palettized legacy substream formats. */
    ROW(AI44, AI44, 1, 1, 1, 1, 2, 4, 4, 0, 0, VIDEO, F_YUV | F_PAL),
    ROW(IA44, IA44, 1, 1, 1, 1, 2, 4, 4, 0, 0, VIDEO, F_YUV | F_PAL),
    ROW(P8,   P8,   1, 1, 1, 1, 1, 8, 0, 0, 0, VIDEO, F_YUV | F_PAL),
    ROW(A8P8, A8P8, 2, 1, 1, 1, 2, 8, 8, 0, 0, VIDEO, F_YUV | F_PAL),
    PIX(B4G4R4A4_UNORM, B4G4R4A4_UNORM, 2, 4, 4, 4, 4, 4, UNORM),

    /* Planar 4:2:2, 4:4:0 and 4:4:4. */
    ROW(P208, P208, 4, 2, 1, 2, 3, 8, 8, 8, 0, VIDEO, F_YUV | F_PL),
    ROW(V208, V208, 4, 1, 2, 3, 3, 8, 8, 8, 0, VIDEO, F_YUV | F_PL),
    ROW(V408, V408, 3, 1, 1, 3, 3, 8, 8, 8, 0, VIDEO, F_YUV | F_PL),

    ROW(SAMPLER_FEEDBACK_MIN_MIP_OPAQUE, SAMPLER_FEEDBACK_MIN_MIP_OPAQUE,
            1, 1, 1, 1, 1, 8, 0, 0, 0, OTHER, F_OPQ),
    ROW(SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE, SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE,
            1, 1, 1, 1, 1, 8, 0, 0, 0, OTHER, F_OPQ),

    /* In memory order A (bits 0-3), B, G, R (bits 12-15). */
    ROW_V(DDI_FORMAT_A4B4G4R4_UNORM, "DXGI_FORMAT_A4B4G4R4_UNORM", DDI_FORMAT_A4B4G4R4_UNORM,
            2, 1, 1, 1, 4, 4, 4, 4, 4, UNORM, 0),
};

/* Copyable plane of a planar format (property table
 * GetPlaneSubsampledSizeAndFormatForCopyableLayout). */
struct ddi_plane_desc
{
    DXGI_FORMAT copy_format;
    uint8_t bytes;
    uint8_t subsample_w, subsample_h;
};

/* Depth as a 32-bit element (D24 in bits 0-23, X8 zero), stencil as bytes
 * (format-facts.md section 7; confirmed by vkd3d-proton's tests run against
 * native D3D12). */
static const struct ddi_plane_desc ddi_planes_depth_stencil[] =
{
    {DXGI_FORMAT_R32_TYPELESS, 4, 1, 1},
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 1},
};

static const struct ddi_plane_desc ddi_planes_nv12[] =
{
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 1},
    {DXGI_FORMAT_R8G8_TYPELESS, 2, 2, 2},
};

static const struct ddi_plane_desc ddi_planes_p016[] =
{
    {DXGI_FORMAT_R16_TYPELESS, 2, 1, 1},
    {DXGI_FORMAT_R16G16_TYPELESS, 4, 2, 2},
};

/* Only the luma-sized plane is copyable; native D3D12 reports R8_TYPELESS
 * with the planar 512-byte pitch (vkd3d-proton tests). */
static const struct ddi_plane_desc ddi_planes_420_opaque[] =
{
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 1},
};

/* The chroma row is padded to half the luma width in copies, see
 * ddi_layout.c. */
static const struct ddi_plane_desc ddi_planes_nv11[] =
{
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 1},
    {DXGI_FORMAT_R8G8_TYPELESS, 2, 4, 1},
};

static const struct ddi_plane_desc ddi_planes_p208[] =
{
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 1},
    {DXGI_FORMAT_R8G8_TYPELESS, 2, 2, 1},
};

static const struct ddi_plane_desc ddi_planes_v208[] =
{
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 1},
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 2},
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 2},
};

static const struct ddi_plane_desc ddi_planes_v408[] =
{
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 1},
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 1},
    {DXGI_FORMAT_R8_TYPELESS, 1, 1, 1},
};

const struct ddi_format_info *ddi_format_get(DXGI_FORMAT format)
{
    const struct ddi_format_info *info;

    if ((size_t)format >= ARRAY_SIZE(ddi_formats))
        return NULL;
    info = &ddi_formats[format];
    /* Unassigned values are zero-filled holes. */
    return info->name ? info : NULL;
}

bool ddi_format_is_valid(DXGI_FORMAT format)
{
    return ddi_format_get(format) != NULL;
}

DXGI_FORMAT ddi_format_typeless(DXGI_FORMAT format)
{
    const struct ddi_format_info *info = ddi_format_get(format);

    return info ? info->typeless_family : DXGI_FORMAT_UNKNOWN;
}

bool ddi_format_cast_compatible(DXGI_FORMAT a, DXGI_FORMAT b)
{
    const struct ddi_format_info *ia = ddi_format_get(a);
    const struct ddi_format_info *ib = ddi_format_get(b);

    if (!ia || !ib)
        return false;
    return a == b || ia->typeless_family == ib->typeless_family;
}

const char *ddi_format_name(DXGI_FORMAT format)
{
    const struct ddi_format_info *info;

    if (format == DXGI_FORMAT_UNKNOWN)
        return "DXGI_FORMAT_UNKNOWN";
    info = ddi_format_get(format);
    return info ? info->name : "unknown";
}

bool ddi_format_depth_stencil_capable(DXGI_FORMAT format)
{
    const struct ddi_format_info *info = ddi_format_get(format);
    size_t i;

    if (!info)
        return false;
    if (info->is_depth)
        return true;
    if (!info->is_typeless)
        return false;
    for (i = 0; i < ARRAY_SIZE(ddi_formats); ++i)
    {
        if (ddi_formats[i].is_depth && ddi_formats[i].typeless_family == format)
            return true;
    }
    return false;
}

enum ddi_clear_member ddi_format_clear_member(DXGI_FORMAT format, unsigned int index)
{
    const struct ddi_format_info *info = ddi_format_get(format);

    if (!info || index >= ARRAY_SIZE(info->clear_member))
        return DDI_CLEAR_MEMBER_NONE;
    return info->clear_member[index];
}

unsigned int ddi_format_plane_count(DXGI_FORMAT format)
{
    const struct ddi_format_info *info = ddi_format_get(format);

    return info ? info->plane_count : 0;
}

/* Plane list of a planar format; NULL (and *count 0) for the others. */
static const struct ddi_plane_desc *ddi_format_planes(const struct ddi_format_info *info,
        unsigned int *count)
{
    const struct ddi_plane_desc *planes;

    switch (info->typeless_family)
    {
        case DXGI_FORMAT_R24G8_TYPELESS:
        case DXGI_FORMAT_R32G8X24_TYPELESS:
            planes = ddi_planes_depth_stencil;
            *count = ARRAY_SIZE(ddi_planes_depth_stencil);
            break;
        case DXGI_FORMAT_NV12:
            planes = ddi_planes_nv12;
            *count = ARRAY_SIZE(ddi_planes_nv12);
            break;
        case DXGI_FORMAT_P010:
        case DXGI_FORMAT_P016:
            planes = ddi_planes_p016;
            *count = ARRAY_SIZE(ddi_planes_p016);
            break;
        case DXGI_FORMAT_420_OPAQUE:
            planes = ddi_planes_420_opaque;
            *count = ARRAY_SIZE(ddi_planes_420_opaque);
            break;
        case DXGI_FORMAT_NV11:
            planes = ddi_planes_nv11;
            *count = ARRAY_SIZE(ddi_planes_nv11);
            break;
        case DXGI_FORMAT_P208:
            planes = ddi_planes_p208;
            *count = ARRAY_SIZE(ddi_planes_p208);
            break;
        case DXGI_FORMAT_V208:
            planes = ddi_planes_v208;
            *count = ARRAY_SIZE(ddi_planes_v208);
            break;
        case DXGI_FORMAT_V408:
            planes = ddi_planes_v408;
            *count = ARRAY_SIZE(ddi_planes_v408);
            break;
        default:
            planes = NULL;
            *count = 0;
            break;
    }
    return planes;
}

bool ddi_format_plane_info(DXGI_FORMAT format, unsigned int plane,
        unsigned int *bytes_per_block, unsigned int *subsample_w, unsigned int *subsample_h)
{
    const struct ddi_format_info *info = ddi_format_get(format);
    const struct ddi_plane_desc *planes;
    unsigned int bytes, sw, sh, count;

    if (!info)
        return false;
    if ((planes = ddi_format_planes(info, &count)))
    {
        if (plane >= count)
            return false;
        bytes = planes[plane].bytes;
        sw = planes[plane].subsample_w;
        sh = planes[plane].subsample_h;
    }
    else
    {
        if (plane)
            return false;
        bytes = info->bytes_per_block;
        sw = sh = 1;
    }
    if (bytes_per_block)
        *bytes_per_block = bytes;
    if (subsample_w)
        *subsample_w = sw;
    if (subsample_h)
        *subsample_h = sh;
    return true;
}

DXGI_FORMAT ddi_format_plane_copy_format(DXGI_FORMAT format, unsigned int plane)
{
    const struct ddi_format_info *info = ddi_format_get(format);
    const struct ddi_plane_desc *planes;
    unsigned int count;

    if (!info)
        return DXGI_FORMAT_UNKNOWN;
    if ((planes = ddi_format_planes(info, &count)))
        return plane < count ? planes[plane].copy_format : DXGI_FORMAT_UNKNOWN;
    return plane ? DXGI_FORMAT_UNKNOWN : format;
}
