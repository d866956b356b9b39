/*
 * d3d12info --formats: for every DXGI format the format table knows, the
 * FORMAT_SUPPORT bits, the plane count and the MSAA quality levels per sample count,
 * under the format's name (specs/api.md).
 */
#include <stdio.h>

#include "d3d12info_features.h"
#include "ddi_format.h"

#define N(x) {x, #x}

static const struct info_name support1[] = {
    N(D3D12_FORMAT_SUPPORT1_BACK_BUFFER_CAST), N(D3D12_FORMAT_SUPPORT1_BLENDABLE), 
    N(D3D12_FORMAT_SUPPORT1_BUFFER), N(D3D12_FORMAT_SUPPORT1_CAST_WITHIN_BIT_LAYOUT), 
    N(D3D12_FORMAT_SUPPORT1_DECODER_OUTPUT), N(D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL), 
    N(D3D12_FORMAT_SUPPORT1_DISPLAY), N(D3D12_FORMAT_SUPPORT1_IA_INDEX_BUFFER), 
    N(D3D12_FORMAT_SUPPORT1_IA_VERTEX_BUFFER), N(D3D12_FORMAT_SUPPORT1_MIP), 
    N(D3D12_FORMAT_SUPPORT1_MULTISAMPLE_LOAD), N(D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET), 
    N(D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RESOLVE), N(D3D12_FORMAT_SUPPORT1_RENDER_TARGET), 
    N(D3D12_FORMAT_SUPPORT1_SHADER_GATHER), N(D3D12_FORMAT_SUPPORT1_SHADER_GATHER_COMPARISON), 
    N(D3D12_FORMAT_SUPPORT1_SHADER_LOAD), N(D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE), 
    N(D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE_COMPARISON), N(D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE_MONO_TEXT), 
    N(D3D12_FORMAT_SUPPORT1_SO_BUFFER), N(D3D12_FORMAT_SUPPORT1_TEXTURE1D), N(D3D12_FORMAT_SUPPORT1_TEXTURE2D), 
    N(D3D12_FORMAT_SUPPORT1_TEXTURE3D), N(D3D12_FORMAT_SUPPORT1_TEXTURECUBE), 
    N(D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW), N(D3D12_FORMAT_SUPPORT1_VIDEO_ENCODER), 
    N(D3D12_FORMAT_SUPPORT1_VIDEO_PROCESSOR_INPUT), N(D3D12_FORMAT_SUPPORT1_VIDEO_PROCESSOR_OUTPUT), 
};
static const struct info_name support2[] = {
    N(D3D12_FORMAT_SUPPORT2_MULTIPLANE_OVERLAY), N(D3D12_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP), 
    N(D3D12_FORMAT_SUPPORT2_SAMPLER_FEEDBACK), N(D3D12_FORMAT_SUPPORT2_TILED), 
    N(D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_ADD), N(D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_BITWISE_OPS), 
    N(D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE), 
    N(D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_EXCHANGE), N(D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_SIGNED_MIN_OR_MAX), 
    N(D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_UNSIGNED_MIN_OR_MAX), N(D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD), 
    N(D3D12_FORMAT_SUPPORT2_UAV_TYPED_STORE), 
};

/* The highest value DXGI_FORMAT has; the format table says which below it are formats. */
#define INFO_LAST_FORMAT 191

static void print_format(struct info_printer *p, ID3D12Device *device, DXGI_FORMAT format)
{
    static const UINT sample_counts[] = {1, 2, 4, 8, 16, 32};
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS levels;
    D3D12_FEATURE_DATA_FORMAT_SUPPORT support = {format, 0, 0};
    D3D12_FEATURE_DATA_FORMAT_INFO info = {format, 0};
    char key[16];
    unsigned int i;

    if (FAILED(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &support, sizeof(support))))
    {
        support.Support1 = D3D12_FORMAT_SUPPORT1_NONE;
        support.Support2 = D3D12_FORMAT_SUPPORT2_NONE;
    }
    if (FAILED(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info))))
        info.PlaneCount = 0;
    info_object_begin(p, ddi_format_name(format));
    info_flags(p, "Support1", support.Support1, support1, INFO_COUNT(support1));
    info_flags(p, "Support2", support.Support2, support2, INFO_COUNT(support2));
    info_uint(p, "PlaneCount", info.PlaneCount);
    info_object_begin(p, "MultisampleQualityLevels");
    for (i = 0; i < INFO_COUNT(sample_counts); ++i)
    {
        levels.Format = format;
        levels.SampleCount = sample_counts[i];
        levels.Flags = D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE;
        levels.NumQualityLevels = 0;
        if (FAILED(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels,
                sizeof(levels))))
            levels.NumQualityLevels = 0;
        snprintf(key, sizeof(key), "%u", sample_counts[i]);
        info_uint(p, key, levels.NumQualityLevels);
    }
    info_object_end(p);
    info_object_end(p);
}

void info_print_formats(struct info_printer *p, ID3D12Device *device)
{
    unsigned int format;

    info_object_begin(p, "FORMATS");
    for (format = 1; format <= INFO_LAST_FORMAT; ++format)
    {
        if (ddi_format_is_valid((DXGI_FORMAT)format))
            print_format(p, device, (DXGI_FORMAT)format);
    }
    info_object_end(p);
}
