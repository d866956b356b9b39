/*
 * Format caps the runtime checks for the driver (specs/ddi.md §8.1). Typeless formats
 * have no render-target, depth or UAV support of their own: their views, which name a
 * typed member, are checked instead.
 */
#include <stdio.h>

#include "rt_format_caps.h"
#include "ddi_format.h"

bool rt_format_caps_use(struct rt_device *device, DXGI_FORMAT format, UINT support1, const char *what,
        char *why, size_t size)
{
    if (rt_device_format_supports(device, format, support1))
        return true;
    snprintf(why, size, "the driver's CheckFormatSupport reports no %s support for %s", what, ddi_format_name(format));
    return false;
}

bool rt_format_caps_samples(struct rt_device *device, DXGI_FORMAT format, DXGI_SAMPLE_DESC samples,
        D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags, char *why, size_t size)
{
    UINT levels = 0;
    HRESULT hr;

    if (samples.Count <= 1)
        return true;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCheckMultisampleQualityLevels(device->hdrv, format, samples.Count, flags, &levels);
    rt_device_ddi_unlock(device);
    if (SUCCEEDED(hr) && samples.Quality < levels)
        return true;
    snprintf(why, size, "SampleDesc %u/%u: the driver's CheckMultisampleQualityLevels reports %u quality levels "
            "for %u samples of %s", samples.Count, samples.Quality, SUCCEEDED(hr) ? levels : 0, samples.Count,
            ddi_format_name(format));
    return false;
}

bool rt_format_caps_resource(struct rt_device *device, const D3D12_RESOURCE_DESC1 *desc, bool reserved,
        D3D12_MESSAGE_ID *id, char *why, size_t size)
{
    const struct ddi_format_info *info = ddi_format_get(desc->Format);
    static const struct
    {
        D3D12_RESOURCE_FLAGS flag;
        UINT support1;
        const char *what;
    }
    uses[] =
    {
        {D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, D3D12_FORMAT_SUPPORT1_RENDER_TARGET, "render-target"},
        {D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL, "depth-stencil"},
        {D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW,
                "typed unordered-access"},
    };
    UINT dimension;
    unsigned int i;

    *id = D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT;
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER || !info)
        return true;
    dimension = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D ? D3D12_FORMAT_SUPPORT1_TEXTURE1D
            : desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE2D ? D3D12_FORMAT_SUPPORT1_TEXTURE2D
            : D3D12_FORMAT_SUPPORT1_TEXTURE3D;
    /* A failing CheckFormatSupport is the driver's way of saying "nothing" (specs/ddi.md §7.1). */
    if (!rt_device_format_supports(device, desc->Format, dimension))
    {
        snprintf(why, size, "the driver's CheckFormatSupport reports no TEXTURE%uD support for %s",
                desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D ? 1u
                : desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE2D ? 2u : 3u, ddi_format_name(desc->Format));
        return false;
    }
    for (i = 0; !info->is_typeless && i < RT_ARRAY_SIZE(uses); ++i)
    {
        if ((desc->Flags & uses[i].flag) && !rt_device_format_supports(device, desc->Format, uses[i].support1))
        {
            snprintf(why, size, "the driver's CheckFormatSupport reports no %s support for %s", uses[i].what,
                    ddi_format_name(desc->Format));
            return false;
        }
    }
    *id = D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC;
    return rt_format_caps_samples(device, desc->Format, desc->SampleDesc,
            reserved ? D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE : D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE,
            why, size);
}
