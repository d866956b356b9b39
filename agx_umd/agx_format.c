/*
 * Format support: what AGX does with each DXGI format (agx-facts.md §5, §7), by
 * class of format rather than by a hand-written row per format. The simulated device
 * creates and copies every format it reports; shader and render bits describe the
 * hardware the PSOs will target.
 */
#include "ddi_format.h"
#include "agx_device.h"

/* Samples per pixel AGX renders with (agx-facts.md §5, §7). */
static bool agx_sample_count_supported(UINT count)
{
    return count == 1 || count == 2 || count == 4;
}

static bool agx_format_is_display(DXGI_FORMAT format)
{
    switch (format)
    {
        case DXGI_FORMAT_R8G8B8A8_UNORM:
        case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB:
        case DXGI_FORMAT_B8G8R8A8_UNORM:
        case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB:
        case DXGI_FORMAT_R10G10B10A2_UNORM:
        case DXGI_FORMAT_R16G16B16A16_FLOAT:
            return true;
        default:
            return false;
    }
}

/* Vertex attributes: every component the same 8/16/32-bit width without padding,
 * plus the 10:10:10:2 formats. */
static bool agx_format_is_vertex(const struct ddi_format_info *info)
{
    unsigned int i;

    if (info->format == DXGI_FORMAT_R10G10B10A2_UNORM || info->format == DXGI_FORMAT_R10G10B10A2_UINT)
        return true;
    if (info->is_srgb || !info->component_count || info->format == DXGI_FORMAT_A8_UNORM)
        return false;
    if (info->bits[0] != 8 && info->bits[0] != 16 && info->bits[0] != 32)
        return false;
    for (i = 1; i < info->component_count; ++i)
    {
        if (info->bits[i] != info->bits[0])
            return false;
    }
    return info->bits[0] * info->component_count == info->bytes_per_block * 8u;
}

static bool agx_format_is_depth_family(DXGI_FORMAT family)
{
    return family == DXGI_FORMAT_R24G8_TYPELESS || family == DXGI_FORMAT_R32G8X24_TYPELESS;
}

/*
 * Typed UAV loads: Microsoft's lists (Learn, "Typed unordered access view (UAV)
 * loads"): R32_FLOAT/UINT/SINT for every device, the set TypedUAVLoadAdditionalFormats
 * stands for, and the optional formats, each reported on its own. AGX's image loads
 * read through the texture descriptor's format (the texture unit here reads every one
 * of them, tests/test_views.c), so all of them are reported; D043 has the why.
 */
static bool agx_format_typed_uav_load(DXGI_FORMAT format)
{
    switch (format)
    {
        /* Every D3D12 device. */
        case DXGI_FORMAT_R32_FLOAT: case DXGI_FORMAT_R32_UINT: case DXGI_FORMAT_R32_SINT:
        /* The additional set. */
        case DXGI_FORMAT_R32G32B32A32_FLOAT: case DXGI_FORMAT_R32G32B32A32_UINT: case DXGI_FORMAT_R32G32B32A32_SINT:
        case DXGI_FORMAT_R16G16B16A16_FLOAT: case DXGI_FORMAT_R16G16B16A16_UINT: case DXGI_FORMAT_R16G16B16A16_SINT:
        case DXGI_FORMAT_R8G8B8A8_UNORM: case DXGI_FORMAT_R8G8B8A8_UINT: case DXGI_FORMAT_R8G8B8A8_SINT:
        case DXGI_FORMAT_R16_FLOAT: case DXGI_FORMAT_R16_UINT: case DXGI_FORMAT_R16_SINT:
        case DXGI_FORMAT_R8_UNORM: case DXGI_FORMAT_R8_UINT: case DXGI_FORMAT_R8_SINT:
        /* The optional ones. */
        case DXGI_FORMAT_R16G16B16A16_UNORM: case DXGI_FORMAT_R16G16B16A16_SNORM:
        case DXGI_FORMAT_R32G32_FLOAT: case DXGI_FORMAT_R32G32_UINT: case DXGI_FORMAT_R32G32_SINT:
        case DXGI_FORMAT_R10G10B10A2_UNORM: case DXGI_FORMAT_R10G10B10A2_UINT: case DXGI_FORMAT_R11G11B10_FLOAT:
        case DXGI_FORMAT_R8G8B8A8_SNORM:
        case DXGI_FORMAT_R16G16_FLOAT: case DXGI_FORMAT_R16G16_UNORM: case DXGI_FORMAT_R16G16_UINT:
        case DXGI_FORMAT_R16G16_SNORM: case DXGI_FORMAT_R16G16_SINT:
        case DXGI_FORMAT_R8G8_UNORM: case DXGI_FORMAT_R8G8_UINT: case DXGI_FORMAT_R8G8_SNORM: case DXGI_FORMAT_R8G8_SINT:
        case DXGI_FORMAT_R16_UNORM: case DXGI_FORMAT_R16_SNORM: case DXGI_FORMAT_R8_SNORM: case DXGI_FORMAT_A8_UNORM:
        case DXGI_FORMAT_B5G6R5_UNORM: case DXGI_FORMAT_B5G5R5A1_UNORM: case DXGI_FORMAT_B4G4R4A4_UNORM:
            return true;
        default:
            return false;
    }
}

/* Support of an ordinary colour format (one pixel per element, typed). */
static void agx_color_support(const struct ddi_format_info *info, UINT *s1, UINT *s2)
{
    bool integer = info->numeric_class == DDI_FORMAT_CLASS_UINT || info->numeric_class == DDI_FORMAT_CLASS_SINT;
    bool renderable = info->bytes_per_block != 12;   /* 96-bit: sample and load only */
    DXGI_FORMAT format = info->format;

    *s1 |= D3D12_FORMAT_SUPPORT1_TEXTURE1D | D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_TEXTURE3D
            | D3D12_FORMAT_SUPPORT1_TEXTURECUBE | D3D12_FORMAT_SUPPORT1_MIP | D3D12_FORMAT_SUPPORT1_SHADER_LOAD
            | D3D12_FORMAT_SUPPORT1_SHADER_GATHER;
    if (info->typeless_family != format)
        *s1 |= D3D12_FORMAT_SUPPORT1_CAST_WITHIN_BIT_LAYOUT;
    if (!info->is_srgb)
        *s1 |= D3D12_FORMAT_SUPPORT1_BUFFER;
    if (!integer)
        *s1 |= D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE;
    if (agx_format_is_vertex(info))
        *s1 |= D3D12_FORMAT_SUPPORT1_IA_VERTEX_BUFFER;
    if (format == DXGI_FORMAT_R16_UINT || format == DXGI_FORMAT_R32_UINT)
        *s1 |= D3D12_FORMAT_SUPPORT1_IA_INDEX_BUFFER;
    if (agx_format_is_display(format))
        *s1 |= D3D12_FORMAT_SUPPORT1_DISPLAY | D3D12_FORMAT_SUPPORT1_BACK_BUFFER_CAST;

    if (renderable)
    {
        *s1 |= D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET
                | D3D12_FORMAT_SUPPORT1_MULTISAMPLE_LOAD;
        if (!integer)
            *s1 |= D3D12_FORMAT_SUPPORT1_BLENDABLE | D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RESOLVE;
        /* Logic ops on UINT targets only (D3D11.1's rule, which D3D12 keeps; agx_om_color.c). */
        if (info->numeric_class == DDI_FORMAT_CLASS_UINT)
            *s2 |= D3D12_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP;
        if (!info->is_srgb)
        {
            *s1 |= D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW;
            *s2 |= D3D12_FORMAT_SUPPORT2_UAV_TYPED_STORE;
        }
    }
    if ((*s1 & D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW) && agx_format_typed_uav_load(format))
        *s2 |= D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD;
    if (format == DXGI_FORMAT_R32_UINT || format == DXGI_FORMAT_R32_SINT)
        *s2 |= D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_ADD | D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_BITWISE_OPS
                | D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE
                | D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_EXCHANGE | D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_SIGNED_MIN_OR_MAX
                | D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_UNSIGNED_MIN_OR_MAX;
}

/* False for formats the device has nothing for. */
static bool agx_format_support(DXGI_FORMAT format, UINT *s1, UINT *s2)
{
    const struct ddi_format_info *info = ddi_format_get(format);
    const UINT tex_2d_family = D3D12_FORMAT_SUPPORT1_TEXTURE1D | D3D12_FORMAT_SUPPORT1_TEXTURE2D
            | D3D12_FORMAT_SUPPORT1_TEXTURECUBE | D3D12_FORMAT_SUPPORT1_MIP;

    *s1 = *s2 = 0;
    if (!info || info->is_opaque || info->is_palettized || !info->bytes_per_block)
        return false;
    /* R1_UNORM was never adopted; XR_BIAS is a scan-out format (seed 004: deny it). */
    if (format == DXGI_FORMAT_R1_UNORM || info->numeric_class == DDI_FORMAT_CLASS_OTHER)
        return false;

    if (info->is_yuv)
    {
        /* Video surfaces: created and copied, no video engine. */
        *s1 = D3D12_FORMAT_SUPPORT1_TEXTURE2D;
        return true;
    }
    if (info->is_depth)
    {
        *s1 = tex_2d_family | D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL | D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET;
        return true;
    }
    if (agx_format_is_depth_family(info->typeless_family))
    {
        if (info->is_typeless)
            *s1 = tex_2d_family | D3D12_FORMAT_SUPPORT1_CAST_WITHIN_BIT_LAYOUT;
        else if (info->numeric_class == DDI_FORMAT_CLASS_UINT)   /* a stencil view */
            *s1 = tex_2d_family | D3D12_FORMAT_SUPPORT1_SHADER_LOAD | D3D12_FORMAT_SUPPORT1_MULTISAMPLE_LOAD;
        else                                                       /* a depth view */
            *s1 = tex_2d_family | D3D12_FORMAT_SUPPORT1_SHADER_LOAD | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE
                    | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE_COMPARISON | D3D12_FORMAT_SUPPORT1_SHADER_GATHER
                    | D3D12_FORMAT_SUPPORT1_SHADER_GATHER_COMPARISON | D3D12_FORMAT_SUPPORT1_MULTISAMPLE_LOAD;
        return true;
    }
    if (info->is_compressed)
    {
        *s1 = D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_TEXTURE3D | D3D12_FORMAT_SUPPORT1_TEXTURECUBE
                | D3D12_FORMAT_SUPPORT1_MIP | D3D12_FORMAT_SUPPORT1_CAST_WITHIN_BIT_LAYOUT;
        if (!info->is_typeless)
            *s1 |= D3D12_FORMAT_SUPPORT1_SHADER_LOAD | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE
                    | D3D12_FORMAT_SUPPORT1_SHADER_GATHER;
        return true;
    }
    if (info->is_typeless)
    {
        *s1 = tex_2d_family | D3D12_FORMAT_SUPPORT1_TEXTURE3D | D3D12_FORMAT_SUPPORT1_BUFFER
                | D3D12_FORMAT_SUPPORT1_CAST_WITHIN_BIT_LAYOUT;
        return true;
    }
    if (info->is_packed_422)
    {
        *s1 = D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_MIP | D3D12_FORMAT_SUPPORT1_SHADER_LOAD
                | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE;
        return true;
    }
    if (format == DXGI_FORMAT_R9G9B9E5_SHAREDEXP)
    {
        *s1 = tex_2d_family | D3D12_FORMAT_SUPPORT1_TEXTURE3D | D3D12_FORMAT_SUPPORT1_SHADER_LOAD
                | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE | D3D12_FORMAT_SUPPORT1_SHADER_GATHER;
        return true;
    }
    agx_color_support(info, s1, s2);
    return true;
}

static HRESULT APIENTRY agx_format_check_support(D3D12DDI_HDEVICE device, DXGI_FORMAT format,
                                                 UINT *support1, UINT *support2)
{
    UINT s1, s2;
    bool supported = agx_format_support(format, &s1, &s2);

    if (support1)
        *support1 = s1;
    if (support2)
        *support2 = s2;
    return supported ? S_OK : E_FAIL;
}

/* A typeless format multisamples when a typed member of its family renders. */
static bool agx_format_multisamples(DXGI_FORMAT format)
{
    const struct ddi_format_info *info = ddi_format_get(format);
    UINT s1, s2, value;

    if (!info)
        return false;
    if (!info->is_typeless)
        return agx_format_support(format, &s1, &s2) && (s1 & D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET);
    for (value = 1; value <= DDI_FORMAT_A4B4G4R4_UNORM; ++value)
    {
        info = ddi_format_get((DXGI_FORMAT)value);
        if (info && !info->is_typeless && info->typeless_family == format
                && agx_format_support(info->format, &s1, &s2)
                && (s1 & D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET))
            return true;
    }
    return false;
}

static HRESULT APIENTRY agx_format_check_multisample_quality_levels(D3D12DDI_HDEVICE device, DXGI_FORMAT format,
        UINT sample_count, D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags, UINT *levels)
{
    UINT s1, s2;

    if (!levels)
        return E_INVALIDARG;
    *levels = 0;
    /* No tiled resources yet. */
    if (flags & D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE)
        return S_OK;
    if (sample_count == 1)
        *levels = agx_format_support(format, &s1, &s2) ? 1 : 0;
    else if (agx_sample_count_supported(sample_count) && agx_format_multisamples(format))
        *levels = 1;   /* AGX has one standard pattern per count */
    return S_OK;
}

void agx_format_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnCheckFormatSupport = agx_format_check_support;
    funcs->pfnCheckMultisampleQualityLevels = agx_format_check_multisample_quality_levels;
}
