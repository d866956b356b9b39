/*
 * Root signatures, pipeline states and command signatures.
 *
 * Root signatures and command signatures are kept as deep copies inside their driver
 * objects (CalcPrivate*Size measures the copy). Pipeline states decode their shaders
 * (compute, vertex and pixel; specs/agx_umd.md says why the other stages are refused),
 * check them against the root signature and copy the fixed-function state.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "agx_bind.h"
#include "agx_indirect.h"
#include "ddi_format.h"

/* ---- Root signatures ------------------------------------------------------------------- */

static bool agx_root_signature_counts(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, UINT *parameters,
                                      UINT *ranges, UINT *samplers)
{
    UINT i;

    *ranges = 0;
    if (!desc)
        return false;
    switch (desc->Version)
    {
        case D3D_ROOT_SIGNATURE_VERSION_1_0:
            *parameters = desc->Desc_1_0.NumParameters;
            *samplers = desc->Desc_1_0.NumStaticSamplers;
            for (i = 0; i < *parameters; ++i)
            {
                if (desc->Desc_1_0.pParameters[i].ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
                    *ranges += desc->Desc_1_0.pParameters[i].DescriptorTable.NumDescriptorRanges;
            }
            return true;
        case D3D_ROOT_SIGNATURE_VERSION_1_1:
            *parameters = desc->Desc_1_1.NumParameters;
            *samplers = desc->Desc_1_1.NumStaticSamplers;
            for (i = 0; i < *parameters; ++i)
            {
                if (desc->Desc_1_1.pParameters[i].ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
                    *ranges += desc->Desc_1_1.pParameters[i].DescriptorTable.NumDescriptorRanges;
            }
            return true;
        default:
            return false;
    }
}

static SIZE_T APIENTRY agx_root_signature_calc_size(D3D12DDI_HDEVICE device,
                                                    const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 *args)
{
    UINT parameters, ranges, samplers;

    if (!agx_root_signature_counts(args->pRootSignature, &parameters, &ranges, &samplers))
        return sizeof(struct agx_root_signature);
    return sizeof(struct agx_root_signature) + parameters * sizeof(D3D12_ROOT_PARAMETER1)
            + ranges * sizeof(D3D12_DESCRIPTOR_RANGE1)
            + samplers * (sizeof(D3D12_STATIC_SAMPLER_DESC) + sizeof(struct agx_shader_sampler));
}

/* Version 1.0 semantics in 1.1 terms: everything volatile (static samplers aside). */
static void agx_root_parameter_from_1_0(D3D12_ROOT_PARAMETER1 *dst, const D3D12_ROOT_PARAMETER *src,
                                        D3D12_DESCRIPTOR_RANGE1 *ranges)
{
    const D3D12_DESCRIPTOR_RANGE *range;
    UINT i;

    dst->ParameterType = src->ParameterType;
    dst->ShaderVisibility = src->ShaderVisibility;
    switch (src->ParameterType)
    {
        case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
            dst->DescriptorTable.NumDescriptorRanges = src->DescriptorTable.NumDescriptorRanges;
            dst->DescriptorTable.pDescriptorRanges = ranges;
            for (i = 0; i < src->DescriptorTable.NumDescriptorRanges; ++i)
            {
                range = &src->DescriptorTable.pDescriptorRanges[i];
                ranges[i].RangeType = range->RangeType;
                ranges[i].NumDescriptors = range->NumDescriptors;
                ranges[i].BaseShaderRegister = range->BaseShaderRegister;
                ranges[i].RegisterSpace = range->RegisterSpace;
                ranges[i].OffsetInDescriptorsFromTableStart = range->OffsetInDescriptorsFromTableStart;
                ranges[i].Flags = range->RangeType == D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER
                        ? D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE
                        : D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE;
            }
            break;
        case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
            dst->Constants = src->Constants;
            break;
        default:
            dst->Descriptor.ShaderRegister = src->Descriptor.ShaderRegister;
            dst->Descriptor.RegisterSpace = src->Descriptor.RegisterSpace;
            dst->Descriptor.Flags = D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE;
            break;
    }
}

/* The static samplers as sampler states, each with its hardware slot. */
static HRESULT agx_root_signature_samplers_init(struct agx_device *device, struct agx_root_signature *signature)
{
    struct agx_shader_sampler *samplers = (struct agx_shader_sampler *)agx_root_signature_samplers(signature);
    HRESULT hr;
    UINT i;

    for (i = 0; i < signature->static_sampler_count; ++i)
    {
        agx_sampler_static_desc(&signature->static_samplers[i], &samplers[i].desc);
        if (FAILED(hr = agx_sampler_slot_acquire(device, &samplers[i].desc, &samplers[i].hw_slot)))
        {
            agx_warn("root signature refused: every hardware sampler slot is referenced");
            while (i--)
                agx_sampler_slot_release(device, samplers[i].hw_slot);
            return hr;
        }
    }
    return S_OK;
}

/* The copy lives in the runtime's memory. */
static HRESULT agx_root_signature_build(D3D12DDI_HDEVICE hdevice,
        const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 *args, D3D12DDI_HROOTSIGNATURE hsignature)
{
    struct agx_root_signature *signature = hsignature.pDrvPrivate;
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc = args->pRootSignature;
    const D3D12_ROOT_PARAMETER1 *src;
    D3D12_DESCRIPTOR_RANGE1 *ranges;
    UINT parameter_count, range_count, sampler_count, i, n;

    if (!agx_root_signature_counts(desc, &parameter_count, &range_count, &sampler_count))
        return E_INVALIDARG;
    signature->parameter_count = parameter_count;
    signature->static_sampler_count = sampler_count;
    signature->parameters = (D3D12_ROOT_PARAMETER1 *)(signature + 1);
    ranges = (D3D12_DESCRIPTOR_RANGE1 *)(signature->parameters + parameter_count);
    signature->static_samplers = (D3D12_STATIC_SAMPLER_DESC *)(ranges + range_count);

    if (desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        signature->flags = desc->Desc_1_0.Flags;
        for (i = 0; i < parameter_count; ++i)
        {
            agx_root_parameter_from_1_0(&signature->parameters[i], &desc->Desc_1_0.pParameters[i], ranges);
            if (signature->parameters[i].ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
                ranges += signature->parameters[i].DescriptorTable.NumDescriptorRanges;
        }
        if (sampler_count)
            memcpy(signature->static_samplers, desc->Desc_1_0.pStaticSamplers,
                    sampler_count * sizeof(*signature->static_samplers));
        return agx_root_signature_samplers_init(agx_device_from_handle(hdevice), signature);
    }

    signature->flags = desc->Desc_1_1.Flags;
    for (i = 0; i < parameter_count; ++i)
    {
        src = &desc->Desc_1_1.pParameters[i];
        signature->parameters[i] = *src;
        if (src->ParameterType != D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
            continue;
        n = src->DescriptorTable.NumDescriptorRanges;
        if (n)
            memcpy(ranges, src->DescriptorTable.pDescriptorRanges, n * sizeof(*ranges));
        signature->parameters[i].DescriptorTable.pDescriptorRanges = ranges;
        ranges += n;
    }
    if (sampler_count)
        memcpy(signature->static_samplers, desc->Desc_1_1.pStaticSamplers,
                sampler_count * sizeof(*signature->static_samplers));
    return agx_root_signature_samplers_init(agx_device_from_handle(hdevice), signature);
}

/* Refusals are explained to the runtime (agx_log_scope_begin). */
static HRESULT APIENTRY agx_root_signature_create(D3D12DDI_HDEVICE hdevice,
        const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 *args, D3D12DDI_HROOTSIGNATURE hsignature)
{
    HRESULT hr;

    agx_log_scope_begin(agx_device_from_handle(hdevice), D3D12_MESSAGE_CATEGORY_STATE_CREATION);
    hr = agx_root_signature_build(hdevice, args, hsignature);
    agx_log_scope_end();
    return hr;
}

static void APIENTRY agx_root_signature_destroy(D3D12DDI_HDEVICE hdevice, D3D12DDI_HROOTSIGNATURE hsignature)
{
    struct agx_root_signature *signature = hsignature.pDrvPrivate;
    const struct agx_shader_sampler *samplers = agx_root_signature_samplers(signature);
    UINT i;

    /* Its static samplers let their hardware slots go. */
    for (i = 0; i < signature->static_sampler_count; ++i)
        agx_sampler_slot_release(agx_device_from_handle(hdevice), samplers[i].hw_slot);
}

/* ---- Pipeline states ------------------------------------------------------------------- */

static SIZE_T APIENTRY agx_pipeline_calc_size(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *args)
{
    return sizeof(struct agx_pipeline);
}

static const char *agx_pipeline_stage_name(enum agx_shader_stage stage)
{
    switch (stage)
    {
        case AGX_SHADER_STAGE_VERTEX:
            return "VS";
        case AGX_SHADER_STAGE_GEOMETRY:
            return "GS";
        case AGX_SHADER_STAGE_PIXEL:
            return "PS";
        default:
            return "CS";
    }
}

static const char *agx_pipeline_class_prefix(enum agx_shader_register_class cls)
{
    static const char *const prefixes[] = {"b", "t", "u", "s"};

    return prefixes[cls];
}

static HRESULT agx_pipeline_shader(const D3D12_SHADER_BYTECODE *code, enum agx_shader_stage stage,
                                   struct agx_shader **shader)
{
    char why[256] = "";
    HRESULT hr;

    if (FAILED(hr = agx_shader_create(code->pShaderBytecode, code->BytecodeLength, stage, shader, why, sizeof(why))))
    {
        *shader = NULL;
        agx_warn("pipeline refused: %s: %s", agx_pipeline_stage_name(stage), why);
    }
    return hr;
}

/*
 * Every register the shader declares must be bound by a parameter visible to its stage
 * (D3D12 refuses the pipeline otherwise); root SRVs and UAVs bind only raw and
 * structured buffers.
 */
static HRESULT agx_pipeline_check_bindings(const struct agx_root_signature *signature, const struct agx_shader *shader)
{
    const struct agx_shader_info *info = agx_shader_get_info(shader);
    const struct agx_shader_binding *binding;
    struct agx_root_binding where;
    uint64_t reg;
    uint32_t i;

    for (i = 0; i < info->binding_count; ++i)
    {
        binding = &info->bindings[i];
        for (reg = binding->lower; reg <= binding->upper; reg = (uint64_t)where.last + 1)
        {
            if (!agx_root_signature_find(signature, info->stage, binding->cls, binding->space, (uint32_t)reg, &where))
            {
                agx_warn("pipeline refused: %s declares %s%u (space %u), which its root signature does not bind",
                        agx_pipeline_stage_name(info->stage), agx_pipeline_class_prefix(binding->cls),
                        (uint32_t)reg, binding->space);
                return E_INVALIDARG;
            }
            if ((where.type == D3D12_ROOT_PARAMETER_TYPE_SRV || where.type == D3D12_ROOT_PARAMETER_TYPE_UAV)
                    && !where.is_static_sampler && binding->dim != AGX_SHADER_DIM_RAW_BUFFER
                    && binding->dim != AGX_SHADER_DIM_STRUCTURED_BUFFER)
            {
                agx_warn("pipeline refused: %s binds %s%u (space %u) through a root descriptor, which only holds "
                        "raw and structured buffers", agx_pipeline_stage_name(info->stage),
                        agx_pipeline_class_prefix(binding->cls), (uint32_t)reg, binding->space);
                return E_INVALIDARG;
            }
        }
    }
    return S_OK;
}

/* Pixel inputs the rasteriser makes rather than the vertex shader. */
static bool agx_pipeline_input_generated(uint32_t sysval)
{
    switch (sysval)
    {
        case D3D_NAME_PRIMITIVE_ID:
        case D3D_NAME_IS_FRONT_FACE:
        case D3D_NAME_SAMPLE_INDEX:
        case D3D_NAME_RENDER_TARGET_ARRAY_INDEX:
        case D3D_NAME_VIEWPORT_ARRAY_INDEX:
        case D3D_NAME_COVERAGE:
        case D3D_NAME_INNER_COVERAGE:
        case D3D_NAME_SHADINGRATE:
            return true;
        default:
            return false;
    }
}

/* The stage before must write every input (by semantic and index) the rasteriser does not make. */
static HRESULT agx_pipeline_check_linkage(const struct agx_shader *vs, const struct agx_shader *ps)
{
    const struct agx_shader_info *out = agx_shader_get_info(vs), *in = agx_shader_get_info(ps);
    const struct agx_shader_signature_element *input;
    uint32_t i, j;

    for (i = 0; i < in->input_count; ++i)
    {
        input = &in->inputs[i];
        if (agx_pipeline_input_generated(input->sysval))
            continue;
        for (j = 0; j < out->output_count; ++j)
        {
            if (!strcasecmp(out->outputs[j].semantic, input->semantic)
                    && out->outputs[j].semantic_index == input->semantic_index)
                break;
        }
        if (j == out->output_count)
        {
            agx_warn("graphics pipeline refused: %s reads %s%u, which %s does not write", agx_pipeline_stage_name(in->stage),
                    input->semantic, input->semantic_index, agx_pipeline_stage_name(out->stage));
            return E_INVALIDARG;
        }
    }
    return S_OK;
}

static uint32_t agx_pipeline_format_size(DXGI_FORMAT format)
{
    const struct ddi_format_info *info = ddi_format_get(format);

    return info ? info->bytes_per_block : 0;
}

static void agx_pipeline_copy_stencil_face(D3D12_DEPTH_STENCILOP_DESC1 *dst, const D3D12_DEPTH_STENCILOP_DESC *src,
                                           const D3D12_DEPTH_STENCIL_DESC *desc)
{
    dst->StencilFailOp = src->StencilFailOp;
    dst->StencilDepthFailOp = src->StencilDepthFailOp;
    dst->StencilPassOp = src->StencilPassOp;
    dst->StencilFunc = src->StencilFunc;
    dst->StencilReadMask = desc->StencilReadMask;
    dst->StencilWriteMask = desc->StencilWriteMask;
}

/* The fixed-function state, deep: nothing points into the application's description. */
static void agx_pipeline_copy_graphics(struct agx_graphics_state *state, const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc)
{
    uint32_t slot_end[D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {0};
    const D3D12_INPUT_ELEMENT_DESC *src;
    struct agx_input_element *dst;
    uint32_t i, size, slot;

    state->blend = desc->BlendState;
    state->sample_mask = desc->SampleMask;
    state->rasterizer = desc->RasterizerState;
    state->depth_stencil.DepthEnable = desc->DepthStencilState.DepthEnable;
    state->depth_stencil.DepthWriteMask = desc->DepthStencilState.DepthWriteMask;
    state->depth_stencil.DepthFunc = desc->DepthStencilState.DepthFunc;
    state->depth_stencil.StencilEnable = desc->DepthStencilState.StencilEnable;
    agx_pipeline_copy_stencil_face(&state->depth_stencil.FrontFace, &desc->DepthStencilState.FrontFace,
            &desc->DepthStencilState);
    agx_pipeline_copy_stencil_face(&state->depth_stencil.BackFace, &desc->DepthStencilState.BackFace,
            &desc->DepthStencilState);
    state->depth_stencil.DepthBoundsTestEnable = FALSE;

    state->input_element_count = AGX_MIN(desc->InputLayout.NumElements, AGX_PIPELINE_MAX_INPUT_ELEMENTS);
    for (i = 0; i < state->input_element_count; ++i)
    {
        src = &desc->InputLayout.pInputElementDescs[i];
        dst = &state->input_elements[i];
        if (src->SemanticName)
            snprintf(dst->semantic, sizeof(dst->semantic), "%s", src->SemanticName);
        dst->semantic_index = src->SemanticIndex;
        dst->format = src->Format;
        dst->input_slot = src->InputSlot;
        dst->classification = src->InputSlotClass;
        dst->instance_data_step_rate = src->InstanceDataStepRate;
        size = agx_pipeline_format_size(src->Format);
        slot = AGX_MIN(src->InputSlot, D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT - 1);
        /* Appended elements follow the slot's previous one, aligned to 4 bytes (or to
         * their own size when smaller). */
        if (src->AlignedByteOffset == D3D12_APPEND_ALIGNED_ELEMENT)
            dst->aligned_byte_offset = (UINT)agx_align(slot_end[slot], size && size < 4 ? size : 4);
        else
            dst->aligned_byte_offset = src->AlignedByteOffset;
        slot_end[slot] = dst->aligned_byte_offset + size;
    }
    state->strip_cut = desc->IBStripCutValue;
    state->topology_type = desc->PrimitiveTopologyType;
    state->render_target_count = AGX_MIN(desc->NumRenderTargets, (UINT)D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT);
    for (i = 0; i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
        state->rtv_formats[i] = i < state->render_target_count ? desc->RTVFormats[i] : DXGI_FORMAT_UNKNOWN;
    state->sample_desc = desc->SampleDesc;
}

static void agx_pipeline_release(struct agx_pipeline *pipeline)
{
    if (pipeline->cs)
        agx_shader_destroy(pipeline->cs);
    if (pipeline->vs)
        agx_shader_destroy(pipeline->vs);
    if (pipeline->gs)
        agx_shader_destroy(pipeline->gs);
    if (pipeline->ps)
        agx_shader_destroy(pipeline->ps);
    pipeline->cs = pipeline->vs = pipeline->gs = pipeline->ps = NULL;
    agx_pipeline_so_destroy(&pipeline->so);
}

static void agx_pipeline_append(char *list, size_t size, const char *stage)
{
    size_t length = strlen(list);

    snprintf(list + length, size - length, "%s%s", length ? ", " : "", stage);
}

static HRESULT agx_pipeline_create_graphics(struct agx_pipeline *pipeline, const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc)
{
    char never[64] = "";
    HRESULT hr;

    /* AGX has no geometry or tessellation hardware (Mesa emulates them with compute);
     * the simulated device runs geometry shaders and stream output in software
     * between the vertex shader and the rasteriser (agx_raster_gs.c, agx_raster_so.c),
     * not yet tessellation. */
    if (desc->HS.BytecodeLength)
        agx_pipeline_append(never, sizeof(never), "HS");
    if (desc->DS.BytecodeLength)
        agx_pipeline_append(never, sizeof(never), "DS");
    if (*never)
    {
        agx_warn("graphics pipeline refused: %s never run by the simulated device", never);
        return E_INVALIDARG;
    }
    if (!desc->VS.BytecodeLength)
    {
        agx_warn("graphics pipeline refused: it has no vertex shader");
        return E_INVALIDARG;
    }
    /* AGX rasterises 1, 2 or 4 samples per pixel (agx-facts.md section 7); 8 and 16 are
     * refused rather than drawn at another count (D043). */
    if (desc->RasterizerState.ForcedSampleCount > 4)
    {
        agx_warn("graphics pipeline refused: ForcedSampleCount %u, and AGX rasterises at most 4 samples per pixel",
                 desc->RasterizerState.ForcedSampleCount);
        return E_INVALIDARG;
    }
    if (FAILED(hr = agx_pipeline_shader(&desc->VS, AGX_SHADER_STAGE_VERTEX, &pipeline->vs)))
        return hr;
    if (desc->GS.BytecodeLength && FAILED(hr = agx_pipeline_shader(&desc->GS, AGX_SHADER_STAGE_GEOMETRY, &pipeline->gs)))
        return hr;
    if (desc->PS.BytecodeLength && FAILED(hr = agx_pipeline_shader(&desc->PS, AGX_SHADER_STAGE_PIXEL, &pipeline->ps)))
        return hr;
    if (FAILED(hr = agx_pipeline_check_bindings(pipeline->root_signature, pipeline->vs)))
        return hr;
    if (pipeline->gs && (FAILED(hr = agx_pipeline_check_bindings(pipeline->root_signature, pipeline->gs))
            || FAILED(hr = agx_pipeline_check_linkage(pipeline->vs, pipeline->gs))))
        return hr;
    if (pipeline->ps && (FAILED(hr = agx_pipeline_check_bindings(pipeline->root_signature, pipeline->ps))
            || FAILED(hr = agx_pipeline_check_linkage(pipeline->gs ? pipeline->gs : pipeline->vs, pipeline->ps))))
        return hr;
    if (desc->StreamOutput.NumEntries && FAILED(hr = agx_pipeline_so_create(&pipeline->so, &desc->StreamOutput,
                                                                             pipeline->gs ? pipeline->gs : pipeline->vs)))
        return hr;
    agx_pipeline_copy_graphics(&pipeline->graphics, desc);
    return S_OK;
}

static HRESULT agx_pipeline_build(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *args,
                                  D3D12DDI_HPIPELINESTATE state)
{
    struct agx_pipeline *pipeline = agx_pipeline_from_handle(state);
    HRESULT hr;

    memset(pipeline, 0, sizeof(*pipeline));
    pipeline->type = args->Type;
    pipeline->root_signature = agx_root_signature_from_handle(args->hRootSignature);
    if (args->Type == D3D12DDI_PIPELINE_STATE_TYPE_COMPUTE)
    {
        if (!args->pCompute)
            return E_INVALIDARG;
        if (SUCCEEDED(hr = agx_pipeline_shader(&args->pCompute->CS, AGX_SHADER_STAGE_COMPUTE, &pipeline->cs)))
            hr = agx_pipeline_check_bindings(pipeline->root_signature, pipeline->cs);
    }
    else
    {
        hr = args->pGraphics ? agx_pipeline_create_graphics(pipeline, args->pGraphics) : E_INVALIDARG;
    }
    if (FAILED(hr))
        agx_pipeline_release(pipeline);
    return hr;
}

/* Refusals are explained to the runtime (agx_log_scope_begin). */
static HRESULT APIENTRY agx_pipeline_create(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *args,
                                            D3D12DDI_HPIPELINESTATE state)
{
    HRESULT hr;

    agx_log_scope_begin(agx_device_from_handle(device), D3D12_MESSAGE_CATEGORY_STATE_CREATION);
    hr = agx_pipeline_build(device, args, state);
    agx_log_scope_end();
    return hr;
}

static void APIENTRY agx_pipeline_destroy(D3D12DDI_HDEVICE device, D3D12DDI_HPIPELINESTATE state)
{
    agx_pipeline_release(agx_pipeline_from_handle(state));
}

/* ---- Command signatures ---------------------------------------------------------------- */

static SIZE_T APIENTRY agx_command_signature_calc_size(D3D12DDI_HDEVICE device,
                                                       const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 *args)
{
    return sizeof(struct agx_command_signature)
            + (args->pDesc ? args->pDesc->NumArgumentDescs * sizeof(D3D12_INDIRECT_ARGUMENT_DESC) : 0);
}

static HRESULT APIENTRY agx_command_signature_create(D3D12DDI_HDEVICE device,
        const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 *args, D3D12DDI_HCOMMANDSIGNATURE hsignature)
{
    struct agx_command_signature *signature = hsignature.pDrvPrivate;
    const D3D12_COMMAND_SIGNATURE_DESC *desc = args->pDesc;

    UINT i;

    if (!desc || (desc->NumArgumentDescs && !desc->pArgumentDescs))
        return E_INVALIDARG;
    /* Arguments the executor knows; ray and mesh dispatches need features this device
     * does not report, which D3D12 refuses (the runtime does too, before this). */
    for (i = 0; i < desc->NumArgumentDescs; ++i)
    {
        if (desc->pArgumentDescs[i].Type > D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW)
        {
            agx_log_scope_begin(agx_device_from_handle(device), D3D12_MESSAGE_CATEGORY_STATE_CREATION);
            agx_warn("command signature argument %u: type %#x is not supported", i, desc->pArgumentDescs[i].Type);
            agx_log_scope_end();
            return E_INVALIDARG;
        }
    }
    signature->byte_stride = desc->ByteStride;
    signature->argument_count = desc->NumArgumentDescs;
    if (desc->NumArgumentDescs)
        memcpy(signature->arguments, desc->pArgumentDescs, desc->NumArgumentDescs * sizeof(*signature->arguments));
    return S_OK;
}

static void APIENTRY agx_command_signature_destroy(D3D12DDI_HDEVICE device, D3D12DDI_HCOMMANDSIGNATURE signature)
{
}

void agx_pipeline_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnCalcPrivateRootSignatureSize = agx_root_signature_calc_size;
    funcs->pfnCreateRootSignature = agx_root_signature_create;
    funcs->pfnDestroyRootSignature = agx_root_signature_destroy;
    funcs->pfnCalcPrivatePipelineStateSize = agx_pipeline_calc_size;
    funcs->pfnCreatePipelineState = agx_pipeline_create;
    funcs->pfnDestroyPipelineState = agx_pipeline_destroy;
    funcs->pfnCalcPrivateCommandSignatureSize = agx_command_signature_calc_size;
    funcs->pfnCreateCommandSignature = agx_command_signature_create;
    funcs->pfnDestroyCommandSignature = agx_command_signature_destroy;
}
