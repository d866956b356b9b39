/*
 * Root signatures, pipeline states and command signatures.
 *
 * Root signatures and command signatures are kept as deep copies inside their driver
 * objects (CalcPrivate*Size measures the copy). Pipeline states are refused: the
 * simulated device has no shader engine yet (specs/agx_umd.md lists the stages).
 */
#include <stdio.h>
#include <string.h>
#include "agx_device.h"
#include "agx_pipeline.h"

struct agx_command_signature
{
    UINT byte_stride, argument_count;
    D3D12_INDIRECT_ARGUMENT_DESC arguments[];
};

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
            + ranges * sizeof(D3D12_DESCRIPTOR_RANGE1) + samplers * sizeof(D3D12_STATIC_SAMPLER_DESC);
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

static HRESULT APIENTRY agx_root_signature_create(D3D12DDI_HDEVICE device,
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
        return S_OK;
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
    return S_OK;
}

/* The copy lives in the runtime's memory. */
static void APIENTRY agx_root_signature_destroy(D3D12DDI_HDEVICE device, D3D12DDI_HROOTSIGNATURE signature)
{
}

/* ---- Pipeline states ------------------------------------------------------------------- */

static SIZE_T APIENTRY agx_pipeline_calc_size(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *args)
{
    return sizeof(void *);
}

static void agx_pipeline_append(char *list, size_t size, const char *stage)
{
    size_t length = strlen(list);

    snprintf(list + length, size - length, "%s%s", length ? ", " : "", stage);
}

/* Every stage is refused: VS, PS and CS wait for the DXBC interpreter; hull, domain,
 * geometry shaders and stream output are never run (AGX emulates them with compute;
 * the simulated device does not). */
static HRESULT APIENTRY agx_pipeline_create(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *args,
                                            D3D12DDI_HPIPELINESTATE state)
{
    const D3D12_GRAPHICS_PIPELINE_STATE_DESC *graphics = args->pGraphics;
    char pending[64] = "", never[64] = "";

    if (args->Type == D3D12DDI_PIPELINE_STATE_TYPE_COMPUTE)
    {
        agx_warn("compute pipeline refused: CS needs the DXBC interpreter, not built yet");
        return E_INVALIDARG;
    }
    if (graphics)
    {
        if (graphics->VS.BytecodeLength)
            agx_pipeline_append(pending, sizeof(pending), "VS");
        if (graphics->PS.BytecodeLength)
            agx_pipeline_append(pending, sizeof(pending), "PS");
        if (graphics->HS.BytecodeLength)
            agx_pipeline_append(never, sizeof(never), "HS");
        if (graphics->DS.BytecodeLength)
            agx_pipeline_append(never, sizeof(never), "DS");
        if (graphics->GS.BytecodeLength)
            agx_pipeline_append(never, sizeof(never), "GS");
        if (graphics->StreamOutput.NumEntries)
            agx_pipeline_append(never, sizeof(never), "stream output");
    }
    if (!*pending && !*never)
        agx_warn("graphics pipeline refused: it has no shader stage");
    else if (!*never)
        agx_warn("graphics pipeline refused: %s need the DXBC interpreter, not built yet", pending);
    else
        agx_warn("graphics pipeline refused: %s%s%s never run by the simulated device", pending,
                *pending ? " need the DXBC interpreter, not built yet; " : "", never);
    return E_INVALIDARG;
}

static void APIENTRY agx_pipeline_destroy(D3D12DDI_HDEVICE device, D3D12DDI_HPIPELINESTATE state)
{
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

    if (!desc || (desc->NumArgumentDescs && !desc->pArgumentDescs))
        return E_INVALIDARG;
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
