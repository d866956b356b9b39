/*
 * Pipeline-state streams (CreatePipelineState). A stream is a run of subobjects, each a
 * D3D12_PIPELINE_STATE_SUBOBJECT_TYPE followed by its data at the data's natural
 * alignment, the whole subobject padded to a multiple of sizeof(void *) (the layout of
 * d3dx12's CD3DX12_PIPELINE_STATE_STREAM_SUBOBJECT). Offsets are counted from the start
 * of the stream, which D3D12 requires to be pointer-aligned. Every type of
 * DirectX-Headers 1.606.4 is known; a missing subobject takes D3D12's default.
 */
#include <limits.h>

#include "rt_pipeline_state.h"

#define RT_SUBOBJECT_TYPE_COUNT D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_MAX_VALID

struct rt_subobject_layout
{
    const char *name;
    size_t size, align;
    unsigned int group;      /* subobjects of one group exclude each other */
};

#define LAYOUT(type, name, group) {name, sizeof(type), _Alignof(type), group}

static const struct rt_subobject_layout rt_subobject_layouts[RT_SUBOBJECT_TYPE_COUNT] =
{
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE] = LAYOUT(ID3D12RootSignature *, "ROOT_SIGNATURE", 0),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS] = LAYOUT(D3D12_SHADER_BYTECODE, "VS", 1),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PS] = LAYOUT(D3D12_SHADER_BYTECODE, "PS", 2),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DS] = LAYOUT(D3D12_SHADER_BYTECODE, "DS", 3),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_HS] = LAYOUT(D3D12_SHADER_BYTECODE, "HS", 4),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_GS] = LAYOUT(D3D12_SHADER_BYTECODE, "GS", 5),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CS] = LAYOUT(D3D12_SHADER_BYTECODE, "CS", 6),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_STREAM_OUTPUT] = LAYOUT(D3D12_STREAM_OUTPUT_DESC, "STREAM_OUTPUT", 7),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_BLEND] = LAYOUT(D3D12_BLEND_DESC, "BLEND", 8),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_MASK] = LAYOUT(UINT, "SAMPLE_MASK", 9),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RASTERIZER] = LAYOUT(D3D12_RASTERIZER_DESC, "RASTERIZER", 10),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL] = LAYOUT(D3D12_DEPTH_STENCIL_DESC, "DEPTH_STENCIL", 11),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_INPUT_LAYOUT] = LAYOUT(D3D12_INPUT_LAYOUT_DESC, "INPUT_LAYOUT", 12),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_IB_STRIP_CUT_VALUE] =
            LAYOUT(D3D12_INDEX_BUFFER_STRIP_CUT_VALUE, "IB_STRIP_CUT_VALUE", 13),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PRIMITIVE_TOPOLOGY] =
            LAYOUT(D3D12_PRIMITIVE_TOPOLOGY_TYPE, "PRIMITIVE_TOPOLOGY", 14),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RENDER_TARGET_FORMATS] =
            LAYOUT(struct D3D12_RT_FORMAT_ARRAY, "RENDER_TARGET_FORMATS", 15),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL_FORMAT] = LAYOUT(DXGI_FORMAT, "DEPTH_STENCIL_FORMAT", 16),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_DESC] = LAYOUT(DXGI_SAMPLE_DESC, "SAMPLE_DESC", 17),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_NODE_MASK] = LAYOUT(D3D12_NODE_MASK, "NODE_MASK", 18),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CACHED_PSO] = LAYOUT(D3D12_CACHED_PIPELINE_STATE, "CACHED_PSO", 19),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_FLAGS] = LAYOUT(D3D12_PIPELINE_STATE_FLAGS, "FLAGS", 20),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL1] = LAYOUT(D3D12_DEPTH_STENCIL_DESC1, "DEPTH_STENCIL1", 11),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VIEW_INSTANCING] =
            LAYOUT(D3D12_VIEW_INSTANCING_DESC, "VIEW_INSTANCING", 21),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_AS] = LAYOUT(D3D12_SHADER_BYTECODE, "AS", 22),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_MS] = LAYOUT(D3D12_SHADER_BYTECODE, "MS", 23),
    [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL2] = LAYOUT(D3D12_DEPTH_STENCIL_DESC2, "DEPTH_STENCIL2", 11),
};

#undef LAYOUT

static size_t align_up(size_t value, size_t alignment)
{
    return (value + alignment - 1) & ~(alignment - 1);
}

/* D3D12's defaults (CD3DX12_*_DESC(D3D12_DEFAULT)) for what a stream leaves out. */
static void set_defaults(D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc)
{
    static const D3D12_RENDER_TARGET_BLEND_DESC blend =
    {
        FALSE, FALSE, D3D12_BLEND_ONE, D3D12_BLEND_ZERO, D3D12_BLEND_OP_ADD, D3D12_BLEND_ONE, D3D12_BLEND_ZERO,
        D3D12_BLEND_OP_ADD, D3D12_LOGIC_OP_NOOP, D3D12_COLOR_WRITE_ENABLE_ALL,
    };
    static const D3D12_DEPTH_STENCILOP_DESC stencil_op =
    {
        D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_ALWAYS,
    };
    unsigned int i;

    memset(desc, 0, sizeof(*desc));
    for (i = 0; i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
        desc->BlendState.RenderTarget[i] = blend;
    desc->SampleMask = UINT_MAX;
    desc->RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    desc->RasterizerState.CullMode = D3D12_CULL_MODE_BACK;
    desc->RasterizerState.DepthClipEnable = TRUE;
    desc->DepthStencilState.DepthEnable = TRUE;
    desc->DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    desc->DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    desc->DepthStencilState.StencilReadMask = D3D12_DEFAULT_STENCIL_READ_MASK;
    desc->DepthStencilState.StencilWriteMask = D3D12_DEFAULT_STENCIL_WRITE_MASK;
    desc->DepthStencilState.FrontFace = stencil_op;
    desc->DepthStencilState.BackFace = stencil_op;
    desc->SampleDesc.Count = 1;
}

static void depth_stencil_from_2(D3D12_DEPTH_STENCIL_DESC *dst, const D3D12_DEPTH_STENCIL_DESC2 *src)
{
    dst->DepthEnable = src->DepthEnable;
    dst->DepthWriteMask = src->DepthWriteMask;
    dst->DepthFunc = src->DepthFunc;
    dst->StencilEnable = src->StencilEnable;
    dst->StencilReadMask = src->FrontFace.StencilReadMask;
    dst->StencilWriteMask = src->FrontFace.StencilWriteMask;
    dst->FrontFace.StencilFailOp = src->FrontFace.StencilFailOp;
    dst->FrontFace.StencilDepthFailOp = src->FrontFace.StencilDepthFailOp;
    dst->FrontFace.StencilPassOp = src->FrontFace.StencilPassOp;
    dst->FrontFace.StencilFunc = src->FrontFace.StencilFunc;
    dst->BackFace.StencilFailOp = src->BackFace.StencilFailOp;
    dst->BackFace.StencilDepthFailOp = src->BackFace.StencilDepthFailOp;
    dst->BackFace.StencilPassOp = src->BackFace.StencilPassOp;
    dst->BackFace.StencilFunc = src->BackFace.StencilFunc;
}

/* The parts of a stream that describe either kind of pipeline. */
struct rt_stream_state
{
    ID3D12RootSignature *root_signature;
    D3D12_SHADER_BYTECODE cs, as, ms;
    UINT node_mask;
    D3D12_CACHED_PIPELINE_STATE cached;
    D3D12_PIPELINE_STATE_FLAGS flags;
};

/* Copies one subobject's data (at data, of its layout's size) into the build. */
static void apply_subobject(D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type, const void *data,
                            struct rt_pipeline_build *build, struct rt_stream_state *stream)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc = &build->graphics;
    struct D3D12_RT_FORMAT_ARRAY formats;
    D3D12_DEPTH_STENCIL_DESC1 ds1;
    D3D12_DEPTH_STENCIL_DESC2 ds2;
    D3D12_VIEW_INSTANCING_DESC view_instancing;
    D3D12_NODE_MASK node_mask;

    switch (type)
    {
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE:
            memcpy(&stream->root_signature, data, sizeof(stream->root_signature));
            return;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CS:
            memcpy(&stream->cs, data, sizeof(stream->cs));
            return;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_AS:
            memcpy(&stream->as, data, sizeof(stream->as));
            return;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_MS:
            memcpy(&stream->ms, data, sizeof(stream->ms));
            return;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_NODE_MASK:
            memcpy(&node_mask, data, sizeof(node_mask));
            stream->node_mask = node_mask.NodeMask;
            return;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_CACHED_PSO:
            memcpy(&stream->cached, data, sizeof(stream->cached));
            return;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_FLAGS:
            memcpy(&stream->flags, data, sizeof(stream->flags));
            return;
        default:
            break;
    }

    /* Everything else describes a graphics pipeline only; a compute stream may carry it
     * (d3dx12's all-in-one stream does, with default values) and it is then unused. */
    switch (type)
    {
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS:
            memcpy(&desc->VS, data, sizeof(desc->VS));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PS:
            memcpy(&desc->PS, data, sizeof(desc->PS));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DS:
            memcpy(&desc->DS, data, sizeof(desc->DS));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_HS:
            memcpy(&desc->HS, data, sizeof(desc->HS));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_GS:
            memcpy(&desc->GS, data, sizeof(desc->GS));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_STREAM_OUTPUT:
            memcpy(&desc->StreamOutput, data, sizeof(desc->StreamOutput));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_BLEND:
            memcpy(&desc->BlendState, data, sizeof(desc->BlendState));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_MASK:
            memcpy(&desc->SampleMask, data, sizeof(desc->SampleMask));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RASTERIZER:
            memcpy(&desc->RasterizerState, data, sizeof(desc->RasterizerState));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL:
            memcpy(&desc->DepthStencilState, data, sizeof(desc->DepthStencilState));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL1:
            memcpy(&ds1, data, sizeof(ds1));
            memcpy(&desc->DepthStencilState, &ds1, sizeof(desc->DepthStencilState));
            build->depth_bounds_test = !!ds1.DepthBoundsTestEnable;
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL2:
            memcpy(&ds2, data, sizeof(ds2));
            depth_stencil_from_2(&desc->DepthStencilState, &ds2);
            build->depth_bounds_test = !!ds2.DepthBoundsTestEnable;
            build->independent_stencil_masks = ds2.StencilEnable
                    && (ds2.FrontFace.StencilReadMask != ds2.BackFace.StencilReadMask
                    || ds2.FrontFace.StencilWriteMask != ds2.BackFace.StencilWriteMask);
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_INPUT_LAYOUT:
            memcpy(&desc->InputLayout, data, sizeof(desc->InputLayout));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_IB_STRIP_CUT_VALUE:
            memcpy(&desc->IBStripCutValue, data, sizeof(desc->IBStripCutValue));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PRIMITIVE_TOPOLOGY:
            memcpy(&desc->PrimitiveTopologyType, data, sizeof(desc->PrimitiveTopologyType));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RENDER_TARGET_FORMATS:
            memcpy(&formats, data, sizeof(formats));
            desc->NumRenderTargets = formats.NumRenderTargets;
            memcpy(desc->RTVFormats, formats.RTFormats, sizeof(desc->RTVFormats));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL_FORMAT:
            memcpy(&desc->DSVFormat, data, sizeof(desc->DSVFormat));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_DESC:
            memcpy(&desc->SampleDesc, data, sizeof(desc->SampleDesc));
            break;
        case D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VIEW_INSTANCING:
            memcpy(&view_instancing, data, sizeof(view_instancing));
            build->view_instance_count = view_instancing.ViewInstanceCount;
            break;
        default:
            break;
    }
}

/* Which pipeline the stream describes, and its description completed. */
static HRESULT finish_stream(struct rt_device *device, struct rt_pipeline_build *build,
                             const struct rt_stream_state *stream)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC *graphics = &build->graphics;
    D3D12_COMPUTE_PIPELINE_STATE_DESC *compute = &build->compute_desc;

    if (stream->as.BytecodeLength || stream->ms.BytecodeLength)
        /* No mesh or amplification bytecode is valid for a device without them. */
        return rt_pipeline_report(device, build, DXGI_ERROR_UNSUPPORTED, stream->ms.BytecodeLength
                                  ? D3D12_MESSAGE_ID_CREATEMESHSHADER_INVALIDSHADERBYTECODE
                                  : D3D12_MESSAGE_ID_CREATEAMPLIFICATIONSHADER_INVALIDSHADERBYTECODE,
                                  "mesh and amplification shaders are not supported (MeshShaderTier NOT_SUPPORTED)");
    if (stream->cs.BytecodeLength)
    {
        if (graphics->VS.BytecodeLength || graphics->PS.BytecodeLength || graphics->DS.BytecodeLength
                || graphics->HS.BytecodeLength || graphics->GS.BytecodeLength)
            return rt_pipeline_report(device, build, E_INVALIDARG,
                                      D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CANNOT_DEDUCE_TYPE,
                                      "a compute shader together with graphics shaders");
        build->compute = true;
        compute->pRootSignature = stream->root_signature;
        compute->CS = stream->cs;
        compute->NodeMask = stream->node_mask;
        compute->CachedPSO = stream->cached;
        compute->Flags = stream->flags;
        return S_OK;
    }
    graphics->pRootSignature = stream->root_signature;
    graphics->NodeMask = stream->node_mask;
    graphics->CachedPSO = stream->cached;
    graphics->Flags = stream->flags;
    return S_OK;
}

HRESULT rt_pipeline_parse_stream(struct rt_device *device, const D3D12_PIPELINE_STATE_STREAM_DESC *desc,
                                 struct rt_pipeline_build *build)
{
    const unsigned char *bytes;
    struct rt_stream_state stream;
    const struct rt_subobject_layout *layout;
    D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type;
    unsigned int seen = 0;
    size_t offset, data_offset, size;

    if (!desc || !desc->pPipelineStateSubobjectStream || !desc->SizeInBytes)
        return rt_pipeline_report(device, build, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_ZERO_SIZE_STREAM,
                                  "the stream is NULL or empty");
    bytes = desc->pPipelineStateSubobjectStream;
    size = desc->SizeInBytes;
    memset(&stream, 0, sizeof(stream));
    set_defaults(&build->graphics);

    for (offset = 0; offset < size; offset = align_up(data_offset + layout->size, sizeof(void *)))
    {
        if (size - offset < sizeof(type))
            return rt_pipeline_report(device, build, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_STREAM,
                                      "%zu stray bytes at the end of the stream", size - offset);
        memcpy(&type, bytes + offset, sizeof(type));
        if ((unsigned int)type >= RT_SUBOBJECT_TYPE_COUNT || !rt_subobject_layouts[type].name)
            return rt_pipeline_report(device, build, E_INVALIDARG,
                                      D3D12_MESSAGE_ID_CREATEPIPELINESTATE_UNKNOWN_SUBOBJECT,
                                      "unknown subobject type %#x at offset %zu", type, offset);
        layout = &rt_subobject_layouts[type];
        data_offset = align_up(offset + sizeof(type), layout->align);
        if (data_offset > size || layout->size > size - data_offset)
            return rt_pipeline_report(device, build, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_STREAM,
                                      "the %s subobject at offset %zu overruns the %zu-byte stream", layout->name,
                                      offset, size);
        if (seen & (1u << layout->group))
            return rt_pipeline_report(device, build, E_INVALIDARG,
                                      D3D12_MESSAGE_ID_CREATEPIPELINESTATE_DUPLICATE_SUBOBJECT,
                                      "a second %s subobject (or another of its kind) at offset %zu", layout->name,
                                      offset);
        seen |= 1u << layout->group;
        apply_subobject(type, bytes + data_offset, build, &stream);
    }
    return finish_stream(device, build, &stream);
}
