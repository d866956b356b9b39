/*
 * The fixed-function rules of a graphics pipeline description: formats against what the
 * device supports (the same answers CheckFeatureSupport gives the application), blend,
 * rasterizer, depth-stencil, sample description, input layout, stream output and
 * topology. Enumerations of a state that is switched off are not looked at, as D3D12
 * accepts a zeroed depth-stencil or blend state with everything disabled.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>

#include "rt_device_private.h"
#include "rt_pipeline_state.h"
#include "ddi_format.h"
#include "rt_info_queue.h"

#define FAIL(id, ...) rt_pipeline_report(device, build, E_INVALIDARG, D3D12_MESSAGE_ID_##id, __VA_ARGS__)

/* ---- What the device supports ------------------------------------------------------------ */

bool rt_pipeline_format_support(struct rt_device *device, DXGI_FORMAT format, UINT *support1, UINT *support2)
{
    D3D12_FEATURE_DATA_FORMAT_SUPPORT data = {format, 0, 0};

    *support1 = *support2 = 0;
    if (FAILED(rt_device_CheckFeatureSupport(&device->ID3D12Device_iface, D3D12_FEATURE_FORMAT_SUPPORT, &data,
                                             sizeof(data))))
        return false;
    *support1 = data.Support1;
    *support2 = data.Support2;
    return true;
}

static bool format_has(struct rt_device *device, DXGI_FORMAT format, UINT support1_bits)
{
    UINT support1, support2;

    return rt_pipeline_format_support(device, format, &support1, &support2)
            && (support1 & support1_bits) == support1_bits;
}

static UINT quality_levels(struct rt_device *device, DXGI_FORMAT format, UINT count)
{
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS data;

    memset(&data, 0, sizeof(data));
    data.Format = format;
    data.SampleCount = count;
    if (FAILED(rt_device_CheckFeatureSupport(&device->ID3D12Device_iface, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS,
                                             &data, sizeof(data))))
        return 0;
    return data.NumQualityLevels;
}

/* One CheckFeatureSupport structure, zeroed if the device does not answer. */
static void feature(struct rt_device *device, D3D12_FEATURE which, void *data, UINT size)
{
    if (FAILED(rt_device_CheckFeatureSupport(&device->ID3D12Device_iface, which, data, size)))
        memset(data, 0, size);
}

/* ---- Topology, strip cut, stream-only members ------------------------------------------------ */

static HRESULT validate_misc(struct rt_device *device, const struct rt_pipeline_build *build)
{
    const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc = &build->graphics;
    D3D12_FEATURE_DATA_D3D12_OPTIONS2 options2;
    D3D12_FEATURE_DATA_D3D12_OPTIONS3 options3;
    D3D12_FEATURE_DATA_D3D12_OPTIONS14 options14;

    if (desc->PrimitiveTopologyType < D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT
            || desc->PrimitiveTopologyType > D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH)
        return FAIL(CREATEGRAPHICSPIPELINESTATE_INVALID_PRIMITIVETOPOLOGY, "invalid primitive topology type %#x%s",
                    desc->PrimitiveTopologyType, desc->PrimitiveTopologyType ? "" : " (UNDEFINED)");
    if ((unsigned int)desc->IBStripCutValue > D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_0xFFFFFFFF)
        return FAIL(CREATEGRAPHICSPIPELINESTATE_INVALID_INDEX_BUFFER_PROPERTIES, "invalid strip cut value %#x",
                    desc->IBStripCutValue);

    feature(device, D3D12_FEATURE_D3D12_OPTIONS2, &options2, sizeof(options2));
    if (build->depth_bounds_test && !options2.DepthBoundsTestSupported)
        return FAIL(CREATEDEPTHSTENCILSTATE_DEPTHBOUNDSTEST_UNSUPPORTED,
                    "the depth bounds test is not supported (DepthBoundsTestSupported FALSE)");
    feature(device, D3D12_FEATURE_D3D12_OPTIONS14, &options14, sizeof(options14));
    if (build->independent_stencil_masks && !options14.IndependentFrontAndBackStencilRefMaskSupported)
        return FAIL(CREATEDEPTHSTENCILSTATE_INDEPENDENT_MASKS_UNSUPPORTED, "different front and back stencil "
                    "masks are not supported (IndependentFrontAndBackStencilRefMaskSupported FALSE)");
    feature(device, D3D12_FEATURE_D3D12_OPTIONS3, &options3, sizeof(options3));
    if (build->view_instance_count && (options3.ViewInstancingTier == D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED
            || build->view_instance_count > D3D12_MAX_VIEW_INSTANCE_COUNT))
        return FAIL(UNKNOWN, "%u view instances: view instancing is %s", build->view_instance_count,
                    options3.ViewInstancingTier ? "limited to 4 views" : "not supported (ViewInstancingTier 0)");
    return S_OK;
}

/* ---- Render targets and samples ---------------------------------------------------------- */

/* Formats the device cannot render to are nulled out, not refused: Windows creates such
 * pipelines without an error (vkd3d-proton's test_render_target_support_validation: BC6H
 * and R32_TYPELESS render targets, a BC7 depth format), and the slots then behave as
 * unbound. The debug layer says so. */
static void null_unusable_format(struct rt_device *device, const struct rt_pipeline_build *build,
                                 DXGI_FORMAT *format, UINT support1_bit, const char *what, int index)
{
    const bool colour = support1_bit == D3D12_FORMAT_SUPPORT1_RENDER_TARGET;
    char name[24];

    if (*format == DXGI_FORMAT_UNKNOWN || format_has(device, *format, support1_bit))
        return;
    if (index < 0)
        snprintf(name, sizeof(name), "%s", what);
    else
        snprintf(name, sizeof(name), "%s[%d]", what, index);
    rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_WARNING,
                      colour ? D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_RENDERTARGETVIEW_NOT_SET
                      : D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_DEPTHSTENCILVIEW_NOT_SET,
                      "%s: %s %s is not a %s format of this device; the pipeline has none there.", build->method,
                      name, ddi_format_name(*format), colour ? "render-target" : "depth-stencil");
    *format = DXGI_FORMAT_UNKNOWN;
}

static HRESULT validate_targets(struct rt_device *device, struct rt_pipeline_build *build)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc = &build->graphics;
    UINT i;

    if (desc->NumRenderTargets > D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT)
        return FAIL(CREATEGRAPHICSPIPELINESTATE_INVALID_RENDER_TARGET_COUNT, "%u render targets, at most %u",
                    desc->NumRenderTargets, D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT);
    for (i = 0; i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        if (i >= desc->NumRenderTargets)
        {
            if (desc->RTVFormats[i] != DXGI_FORMAT_UNKNOWN)
                return FAIL(CREATEGRAPHICSPIPELINESTATE_RTV_FORMAT_NOT_UNKNOWN, "RTVFormats[%u] is %s, but "
                            "NumRenderTargets is %u", i, ddi_format_name(desc->RTVFormats[i]),
                            desc->NumRenderTargets);
            continue;
        }
        if (!ddi_format_get(desc->RTVFormats[i]) && desc->RTVFormats[i] != DXGI_FORMAT_UNKNOWN)
            return FAIL(CREATEGRAPHICSPIPELINESTATE_RENDERTARGETVIEW_NOT_SET, "RTVFormats[%u] %#x names no format",
                        i, desc->RTVFormats[i]);
        /* UNKNOWN inside the count leaves that slot unbound. */
        null_unusable_format(device, build, &desc->RTVFormats[i], D3D12_FORMAT_SUPPORT1_RENDER_TARGET, "RTVFormats",
                             (int)i);
    }
    if (!ddi_format_get(desc->DSVFormat) && desc->DSVFormat != DXGI_FORMAT_UNKNOWN)
        return FAIL(CREATEGRAPHICSPIPELINESTATE_DEPTHSTENCILVIEW_NOT_SET, "DSVFormat %#x names no format",
                    desc->DSVFormat);
    null_unusable_format(device, build, &desc->DSVFormat, D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL, "DSVFormat", -1);
    return S_OK;
}

static HRESULT check_sample_format(struct rt_device *device, const struct rt_pipeline_build *build,
                                   DXGI_FORMAT format, const char *what)
{
    const DXGI_SAMPLE_DESC *sample = &build->graphics.SampleDesc;
    UINT levels;

    if (format == DXGI_FORMAT_UNKNOWN || sample->Count == 1)
        return S_OK;
    if ((levels = quality_levels(device, format, sample->Count)) <= sample->Quality)
        return FAIL(CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC, "%s %s has %u quality levels at %u samples; "
                    "quality %u was asked for", what, ddi_format_name(format), levels, sample->Count,
                    sample->Quality);
    return S_OK;
}

static HRESULT validate_samples(struct rt_device *device, const struct rt_pipeline_build *build)
{
    const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc = &build->graphics;
    UINT count = desc->SampleDesc.Count, i;
    char what[24];
    HRESULT hr;

    if (!count || count > D3D12_MAX_MULTISAMPLE_SAMPLE_COUNT || (count & (count - 1)))
        return FAIL(CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC, "invalid sample count %u", count);
    if (count == 1 && desc->SampleDesc.Quality)
        return FAIL(CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC, "quality %u with one sample",
                    desc->SampleDesc.Quality);
    for (i = 0; i < desc->NumRenderTargets; ++i)
    {
        snprintf(what, sizeof(what), "RTVFormats[%u]", i);
        if (FAILED(hr = check_sample_format(device, build, desc->RTVFormats[i], what)))
            return hr;
    }
    return check_sample_format(device, build, desc->DSVFormat, "DSVFormat");
}

/* ---- Blend -------------------------------------------------------------------------------- */

static bool blend_valid(D3D12_BLEND blend, bool alpha_factor_supported)
{
    if (blend == D3D12_BLEND_ALPHA_FACTOR || blend == D3D12_BLEND_INV_ALPHA_FACTOR)
        return alpha_factor_supported;
    return (blend >= D3D12_BLEND_ZERO && blend <= D3D12_BLEND_SRC_ALPHA_SAT)
            || (blend >= D3D12_BLEND_BLEND_FACTOR && blend <= D3D12_BLEND_INV_SRC1_ALPHA);
}

/* The alpha factors read one channel: the colour factors have no meaning there. */
static bool blend_is_color(D3D12_BLEND blend)
{
    return blend == D3D12_BLEND_SRC_COLOR || blend == D3D12_BLEND_INV_SRC_COLOR || blend == D3D12_BLEND_DEST_COLOR
            || blend == D3D12_BLEND_INV_DEST_COLOR || blend == D3D12_BLEND_SRC1_COLOR
            || blend == D3D12_BLEND_INV_SRC1_COLOR;
}

static bool blend_op_valid(D3D12_BLEND_OP op)
{
    return op >= D3D12_BLEND_OP_ADD && op <= D3D12_BLEND_OP_MAX;
}

static HRESULT validate_target_blend(struct rt_device *device, const struct rt_pipeline_build *build, UINT i,
                                     bool logic_op_supported, bool alpha_factor_supported)
{
    const D3D12_RENDER_TARGET_BLEND_DESC *rt = &build->graphics.BlendState.RenderTarget[i];

    if (rt->RenderTargetWriteMask & ~D3D12_COLOR_WRITE_ENABLE_ALL)
        return FAIL(CREATEBLENDSTATE_INVALIDRENDERTARGETWRITEMASK, "RenderTarget[%u].RenderTargetWriteMask %#x has "
                    "unknown bits", i, rt->RenderTargetWriteMask);
    if (rt->LogicOpEnable)
    {
        if (rt->BlendEnable)
            return FAIL(CREATEBLENDSTATE_INVALIDLOGICOPS, "RenderTarget[%u] enables both blending and a logic op", i);
        if (!logic_op_supported)
            return FAIL(CREATEBLENDSTATE_INVALIDLOGICOPS, "RenderTarget[%u]: logic ops are not supported "
                        "(OutputMergerLogicOp FALSE)", i);
        if ((unsigned int)rt->LogicOp > D3D12_LOGIC_OP_OR_INVERTED)
            return FAIL(CREATEBLENDSTATE_INVALIDLOGICOPS, "RenderTarget[%u]: invalid logic op %#x", i, rt->LogicOp);
    }
    if (!rt->BlendEnable)
        return S_OK;
    if (!blend_valid(rt->SrcBlend, alpha_factor_supported))
        return FAIL(CREATEBLENDSTATE_INVALIDSRCBLEND, "RenderTarget[%u]: invalid SrcBlend %#x", i, rt->SrcBlend);
    if (!blend_valid(rt->DestBlend, alpha_factor_supported))
        return FAIL(CREATEBLENDSTATE_INVALIDDESTBLEND, "RenderTarget[%u]: invalid DestBlend %#x", i, rt->DestBlend);
    if (!blend_op_valid(rt->BlendOp))
        return FAIL(CREATEBLENDSTATE_INVALIDBLENDOP, "RenderTarget[%u]: invalid BlendOp %#x", i, rt->BlendOp);
    if (!blend_valid(rt->SrcBlendAlpha, alpha_factor_supported) || blend_is_color(rt->SrcBlendAlpha))
        return FAIL(CREATEBLENDSTATE_INVALIDSRCBLENDALPHA, "RenderTarget[%u]: invalid SrcBlendAlpha %#x", i,
                    rt->SrcBlendAlpha);
    if (!blend_valid(rt->DestBlendAlpha, alpha_factor_supported) || blend_is_color(rt->DestBlendAlpha))
        return FAIL(CREATEBLENDSTATE_INVALIDDESTBLENDALPHA, "RenderTarget[%u]: invalid DestBlendAlpha %#x", i,
                    rt->DestBlendAlpha);
    if (!blend_op_valid(rt->BlendOpAlpha))
        return FAIL(CREATEBLENDSTATE_INVALIDBLENDOPALPHA, "RenderTarget[%u]: invalid BlendOpAlpha %#x", i,
                    rt->BlendOpAlpha);
    return S_OK;
}

static HRESULT validate_blend(struct rt_device *device, const struct rt_pipeline_build *build)
{
    const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc = &build->graphics;
    const D3D12_BLEND_DESC *blend = &desc->BlendState;
    const D3D12_RENDER_TARGET_BLEND_DESC *rt;
    D3D12_FEATURE_DATA_D3D12_OPTIONS13 options13;
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    UINT i, used = blend->IndependentBlendEnable ? D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT : 1;
    UINT support1, support2;
    HRESULT hr;

    feature(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options));
    feature(device, D3D12_FEATURE_D3D12_OPTIONS13, &options13, sizeof(options13));
    for (i = 0; i < used; ++i)
    {
        if (FAILED(hr = validate_target_blend(device, build, i, options.OutputMergerLogicOp,
                                              options13.AlphaBlendFactorSupported)))
            return hr;
    }
    /* Dual-source blending's rules need the pixel shader's outputs (rt_pipeline_state_linkage.c). */
    /* Without independent blending, RenderTarget[0] applies to every target. */
    for (i = 0; i < desc->NumRenderTargets; ++i)
    {
        rt = &blend->RenderTarget[blend->IndependentBlendEnable ? i : 0];
        if (desc->RTVFormats[i] == DXGI_FORMAT_UNKNOWN)
            continue;
        /* Blending on a format that does not blend: rt_pipeline_state_linkage.c, which
         * knows the targets the pixel shader writes. */
        rt_pipeline_format_support(device, desc->RTVFormats[i], &support1, &support2);
        if (rt->LogicOpEnable && !(support2 & D3D12_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP))
            return FAIL(CREATEGRAPHICSPIPELINESTATE_OM_RENDER_TARGET_DOES_NOT_SUPPORT_LOGIC_OPS,
                        "a logic op is enabled for RTVFormats[%u] %s, which has none", i,
                        ddi_format_name(desc->RTVFormats[i]));
    }
    return S_OK;
}

/* ---- Rasterizer and depth-stencil ---------------------------------------------------------- */

static HRESULT validate_rasterizer(struct rt_device *device, const struct rt_pipeline_build *build)
{
    const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc = &build->graphics;
    const D3D12_RASTERIZER_DESC *rs = &desc->RasterizerState;
    UINT forced = rs->ForcedSampleCount;

    if (rs->FillMode != D3D12_FILL_MODE_WIREFRAME && rs->FillMode != D3D12_FILL_MODE_SOLID)
        return FAIL(CREATERASTERIZERSTATE_INVALIDFILLMODE, "invalid fill mode %#x", rs->FillMode);
    if (rs->CullMode < D3D12_CULL_MODE_NONE || rs->CullMode > D3D12_CULL_MODE_BACK)
        return FAIL(CREATERASTERIZERSTATE_INVALIDCULLMODE, "invalid cull mode %#x", rs->CullMode);
    if (isnan(rs->DepthBiasClamp))
        return FAIL(CREATERASTERIZERSTATE_INVALIDDEPTHBIASCLAMP, "DepthBiasClamp is NaN");
    if (isnan(rs->SlopeScaledDepthBias))
        return FAIL(CREATERASTERIZERSTATE_INVALIDSLOPESCALEDDEPTHBIAS, "SlopeScaledDepthBias is NaN");
    if (rs->ConservativeRaster != D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF
            && rs->ConservativeRaster != D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON)
        return FAIL(CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE, "invalid conservative raster mode %#x",
                    rs->ConservativeRaster);
    if (rs->ConservativeRaster == D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON
            && device->options.ConservativeRasterizationTier == D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED)
        return FAIL(CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE, "conservative rasterization is not "
                    "supported (ConservativeRasterizationTier NOT_SUPPORTED)");
    if (forced != 0 && forced != 1 && forced != 2 && forced != 4 && forced != 8 && forced != 16)
        return FAIL(CREATERASTERIZERSTATE_INVALIDFORCEDSAMPLECOUNT, "invalid forced sample count %u", forced);
    /* Target-independent rasterization: no depth-stencil, single-sampled targets. */
    if (forced && desc->DSVFormat != DXGI_FORMAT_UNKNOWN)
        return FAIL(CREATEGRAPHICSPIPELINESTATE_INVALID_USE_OF_FORCED_SAMPLE_COUNT, "a forced sample count of %u "
                    "with a depth-stencil format", forced);
    if (forced > 1 && desc->NumRenderTargets && desc->SampleDesc.Count != 1)
        return FAIL(CREATEGRAPHICSPIPELINESTATE_INVALID_USE_OF_FORCED_SAMPLE_COUNT, "a forced sample count of %u "
                    "with %u-sample render targets", forced, desc->SampleDesc.Count);
    return S_OK;
}

static bool comparison_valid(D3D12_COMPARISON_FUNC func)
{
    return func >= D3D12_COMPARISON_FUNC_NEVER && func <= D3D12_COMPARISON_FUNC_ALWAYS;
}

static bool stencil_op_valid(D3D12_STENCIL_OP op)
{
    return op >= D3D12_STENCIL_OP_KEEP && op <= D3D12_STENCIL_OP_DECR;
}

static HRESULT validate_stencil_face(struct rt_device *device, const struct rt_pipeline_build *build,
                                     const D3D12_DEPTH_STENCILOP_DESC *face, bool front)
{
    if (!stencil_op_valid(face->StencilFailOp))
        return rt_pipeline_report(device, build, E_INVALIDARG, front
                                  ? D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_INVALIDFRONTFACESTENCILFAILOP
                                  : D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_INVALIDBACKFACESTENCILFAILOP,
                                  "invalid %s-face StencilFailOp %#x", front ? "front" : "back", face->StencilFailOp);
    if (!stencil_op_valid(face->StencilDepthFailOp))
        return rt_pipeline_report(device, build, E_INVALIDARG, front
                                  ? D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_INVALIDFRONTFACESTENCILZFAILOP
                                  : D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_INVALIDBACKFACESTENCILZFAILOP,
                                  "invalid %s-face StencilDepthFailOp %#x", front ? "front" : "back",
                                  face->StencilDepthFailOp);
    if (!stencil_op_valid(face->StencilPassOp))
        return rt_pipeline_report(device, build, E_INVALIDARG, front
                                  ? D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_INVALIDFRONTFACESTENCILPASSOP
                                  : D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_INVALIDBACKFACESTENCILPASSOP,
                                  "invalid %s-face StencilPassOp %#x", front ? "front" : "back", face->StencilPassOp);
    if (!comparison_valid(face->StencilFunc))
        return rt_pipeline_report(device, build, E_INVALIDARG, front
                                  ? D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_INVALIDFRONTFACESTENCILFUNC
                                  : D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_INVALIDBACKFACESTENCILFUNC,
                                  "invalid %s-face StencilFunc %#x", front ? "front" : "back", face->StencilFunc);
    return S_OK;
}

static HRESULT validate_depth_stencil(struct rt_device *device, const struct rt_pipeline_build *build)
{
    const D3D12_DEPTH_STENCIL_DESC *ds = &build->graphics.DepthStencilState;
    HRESULT hr;

    if (ds->DepthEnable)
    {
        if (ds->DepthWriteMask != D3D12_DEPTH_WRITE_MASK_ZERO && ds->DepthWriteMask != D3D12_DEPTH_WRITE_MASK_ALL)
            return FAIL(CREATEDEPTHSTENCILSTATE_INVALIDDEPTHWRITEMASK, "invalid depth write mask %#x",
                        ds->DepthWriteMask);
        if (!comparison_valid(ds->DepthFunc))
            return FAIL(CREATEDEPTHSTENCILSTATE_INVALIDDEPTHFUNC, "invalid depth function %#x", ds->DepthFunc);
    }
    if (ds->StencilEnable && (FAILED(hr = validate_stencil_face(device, build, &ds->FrontFace, true))
            || FAILED(hr = validate_stencil_face(device, build, &ds->BackFace, false))))
        return hr;
    return S_OK;
}

/* ---- Input layout --------------------------------------------------------------------------- */

bool rt_pipeline_semantic_equal(const char *a, const char *b)
{
    for (; *a && *b; ++a, ++b)
    {
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    }
    return *a == *b;
}

static HRESULT validate_input_element(struct rt_device *device, const struct rt_pipeline_build *build, UINT i,
                                      UINT slot_end[], int slot_class[])
{
    const D3D12_INPUT_LAYOUT_DESC *layout = &build->graphics.InputLayout;
    const D3D12_INPUT_ELEMENT_DESC *e = &layout->pInputElementDescs[i];
    const struct ddi_format_info *info;
    UINT j, size, align, offset;

    if (!e->SemanticName)
        return FAIL(CREATEINPUTLAYOUT_NULLSEMANTIC, "input element %u has a NULL semantic name", i);
    for (j = 0; j < i; ++j)
    {
        if (layout->pInputElementDescs[j].SemanticIndex == e->SemanticIndex
                && rt_pipeline_semantic_equal(layout->pInputElementDescs[j].SemanticName, e->SemanticName))
            return FAIL(CREATEINPUTLAYOUT_DUPLICATESEMANTIC, "input elements %u and %u are both %s%u", j, i,
                        e->SemanticName, e->SemanticIndex);
    }
    if (e->InputSlot >= D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT)
        return FAIL(CREATEINPUTLAYOUT_INVALIDSLOT, "input element %u uses slot %u, slots are 0 to %u", i,
                    e->InputSlot, D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT - 1);
    if (e->InputSlotClass != D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA
            && e->InputSlotClass != D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA)
        return FAIL(CREATEINPUTLAYOUT_INVALIDINPUTSLOTCLASS, "input element %u: invalid slot class %#x", i,
                    e->InputSlotClass);
    if (e->InputSlotClass == D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA && e->InstanceDataStepRate)
        return FAIL(CREATEINPUTLAYOUT_STEPRATESLOTCLASSMISMATCH, "input element %u: per-vertex data with step rate "
                    "%u", i, e->InstanceDataStepRate);
    if (slot_class[e->InputSlot] >= 0 && slot_class[e->InputSlot] != (int)e->InputSlotClass)
        return FAIL(CREATEINPUTLAYOUT_INVALIDSLOTCLASSCHANGE, "input element %u changes the class of slot %u", i,
                    e->InputSlot);
    slot_class[e->InputSlot] = e->InputSlotClass;
    if (!(info = ddi_format_get(e->Format)) || !format_has(device, e->Format, D3D12_FORMAT_SUPPORT1_IA_VERTEX_BUFFER))
        return FAIL(CREATEINPUTLAYOUT_INVALIDFORMAT, "input element %u: %s is not a vertex format of this device", i,
                    ddi_format_name(e->Format));
    size = info->bytes_per_block;
    align = size < 4 ? size : 4;
    offset = e->AlignedByteOffset == D3D12_APPEND_ALIGNED_ELEMENT
            ? (slot_end[e->InputSlot] + align - 1) / align * align : e->AlignedByteOffset;
    if (offset % align || offset > D3D12_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES
            || size > D3D12_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES - offset)
        return FAIL(CREATEINPUTLAYOUT_INVALIDALIGNMENT, "input element %u: offset %u is not %u-byte aligned or "
                    "ends past %u bytes", i, offset, align, D3D12_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES);
    slot_end[e->InputSlot] = offset + size;
    return S_OK;
}

static HRESULT validate_input_layout(struct rt_device *device, const struct rt_pipeline_build *build)
{
    const D3D12_INPUT_LAYOUT_DESC *layout = &build->graphics.InputLayout;
    UINT slot_end[D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {0};
    int slot_class[D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    UINT i;
    HRESULT hr;

    if (layout->NumElements > D3D12_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT)
        return FAIL(CREATEINPUTLAYOUT_TOOMANYELEMENTS, "%u input elements, at most %u", layout->NumElements,
                    D3D12_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT);
    if (layout->NumElements && !layout->pInputElementDescs)
        return FAIL(CREATEINPUTLAYOUT_MISSINGELEMENT, "%u input elements but a NULL array", layout->NumElements);
    for (i = 0; i < D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT; ++i)
        slot_class[i] = -1;
    for (i = 0; i < layout->NumElements; ++i)
    {
        if (FAILED(hr = validate_input_element(device, build, i, slot_end, slot_class)))
            return hr;
    }
    return S_OK;
}

/* ---- Stream output ---------------------------------------------------------------------------- */

static HRESULT validate_stream_output(struct rt_device *device, const struct rt_pipeline_build *build)
{
    const D3D12_STREAM_OUTPUT_DESC *so = &build->graphics.StreamOutput;
    const D3D12_SO_DECLARATION_ENTRY *e;
    UINT i;

    if (!so->NumEntries)
        return S_OK;
    if (!so->pSODeclaration || so->NumEntries > D3D12_SO_STREAM_COUNT * D3D12_SO_OUTPUT_COMPONENT_COUNT)
        return FAIL(CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDNUMENTRIES, "%u stream-output entries (array %p)",
                    so->NumEntries, (const void *)so->pSODeclaration);
    if (so->NumStrides > D3D12_SO_BUFFER_SLOT_COUNT || (so->NumStrides && !so->pBufferStrides))
        return FAIL(CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDNUMSTRIDES, "%u stream-output strides (array %p)",
                    so->NumStrides, (const void *)so->pBufferStrides);
    for (i = 0; i < so->NumStrides; ++i)
    {
        if (so->pBufferStrides[i] % 4 || so->pBufferStrides[i] > D3D12_SO_BUFFER_MAX_STRIDE_IN_BYTES)
            return FAIL(CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSTREAMSTRIDE, "stream-output stride %u "
                        "is %u bytes", i, so->pBufferStrides[i]);
    }
    if (so->RasterizedStream >= D3D12_SO_STREAM_COUNT && so->RasterizedStream != D3D12_SO_NO_RASTERIZED_STREAM)
        return FAIL(CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTREAMTORASTERIZER, "invalid rasterized stream %u",
                    so->RasterizedStream);
    for (i = 0; i < so->NumEntries; ++i)
    {
        e = &so->pSODeclaration[i];
        if (e->Stream >= D3D12_SO_STREAM_COUNT)
            return FAIL(CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTREAM, "entry %u: stream %u", i, e->Stream);
        if (e->OutputSlot >= D3D12_SO_BUFFER_SLOT_COUNT)
            return FAIL(CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSLOT, "entry %u: output slot %u", i,
                        e->OutputSlot);
        if (!e->ComponentCount || e->StartComponent > 3 || e->ComponentCount > 4 - e->StartComponent)
            return FAIL(CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTARTCOMPONENTANDCOMPONENTCOUNT, "entry %u: "
                        "components %u to %u", i, e->StartComponent, e->StartComponent + e->ComponentCount);
    }
    return S_OK;
}

HRESULT rt_pipeline_validate_graphics(struct rt_device *device, struct rt_pipeline_build *build)
{
    HRESULT hr;

    if (FAILED(hr = validate_misc(device, build))
            || FAILED(hr = validate_targets(device, build))
            || FAILED(hr = validate_samples(device, build))
            || FAILED(hr = validate_blend(device, build))
            || FAILED(hr = validate_rasterizer(device, build))
            || FAILED(hr = validate_depth_stencil(device, build))
            || FAILED(hr = validate_input_layout(device, build))
            || FAILED(hr = validate_stream_output(device, build)))
        return hr;
    return S_OK;
}
