/* The runtime's fill pipeline (rt_fill_pipeline.h). */
#include <stdlib.h>

#include "rt_fill_pipeline.h"
#include "rt_shaders.h"

struct rt_fill_pipeline
{
    struct fb_fill_shader shader;
    void *root_signature_memory, *pipeline_memory;
    bool usable;
};

/* Marks a device whose driver cannot run the pipeline: tried once, never again. */
static struct rt_fill_pipeline rt_fill_pipeline_unavailable;

/* Parameter 0: the constants (b0), parameter 1: the destination's root UAV (u0). */
static HRESULT rt_fill_root_signature_create(struct rt_device *device, struct rt_fill_pipeline *fill)
{
    D3D12_ROOT_PARAMETER1 parameters[2] = {0};
    D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 args;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;

    parameters[FB_FILL_SHADER_PARAMETER_CONSTANTS].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    parameters[FB_FILL_SHADER_PARAMETER_CONSTANTS].Constants.Num32BitValues = FB_FILL_SHADER_CONSTANT_COUNT;
    parameters[FB_FILL_SHADER_PARAMETER_CONSTANTS].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    parameters[FB_FILL_SHADER_PARAMETER_UAV].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
    parameters[FB_FILL_SHADER_PARAMETER_UAV].Descriptor.Flags = D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE;
    parameters[FB_FILL_SHADER_PARAMETER_UAV].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = 2;
    desc.Desc_1_1.pParameters = parameters;
    desc.Desc_1_1.NumStaticSamplers = 0;
    desc.Desc_1_1.pStaticSamplers = NULL;
    desc.Desc_1_1.Flags = D3D12_ROOT_SIGNATURE_FLAG_NONE;
    args.pRootSignature = &desc;
    args.NodeMask = 1;

    if (!(fill->root_signature_memory
            = rt_device_alloc_driver_object(device->ddi.pfnCalcPrivateRootSignatureSize(device->hdrv, &args))))
        return E_OUTOFMEMORY;
    fill->shader.root_signature.pDrvPrivate = fill->root_signature_memory;
    return device->ddi.pfnCreateRootSignature(device->hdrv, &args, fill->shader.root_signature);
}

static HRESULT rt_fill_compute_pipeline_create(struct rt_device *device, struct rt_fill_pipeline *fill)
{
    D3D12DDIARG_CREATE_PIPELINE_STATE_0124 args = {0};
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute = {0};

    compute.CS.pShaderBytecode = rt_shader_fill_cs;
    compute.CS.BytecodeLength = sizeof(rt_shader_fill_cs);
    compute.NodeMask = 1;
    args.Type = D3D12DDI_PIPELINE_STATE_TYPE_COMPUTE;
    args.hRootSignature = fill->shader.root_signature;
    args.pCompute = &compute;
    if (!(fill->pipeline_memory
            = rt_device_alloc_driver_object(device->ddi.pfnCalcPrivatePipelineStateSize(device->hdrv, &args))))
        return E_OUTOFMEMORY;
    fill->shader.pipeline.pDrvPrivate = fill->pipeline_memory;
    return device->ddi.pfnCreatePipelineState(device->hdrv, &args, fill->shader.pipeline);
}

static void rt_fill_pipeline_free(struct rt_device *device, struct rt_fill_pipeline *fill)
{
    device->ddi.pfnDestroyPipelineState(device->hdrv, fill->shader.pipeline);
    device->ddi.pfnDestroyRootSignature(device->hdrv, fill->shader.root_signature);
    free(fill->pipeline_memory);
    free(fill->root_signature_memory);
    free(fill);
}

static struct rt_fill_pipeline *rt_fill_pipeline_create(struct rt_device *device)
{
    struct rt_fill_pipeline *fill;
    HRESULT hr;

    if (!device->options.DXBCSupported || !device->ddi.pfnCreateRootSignature || !device->ddi.pfnCreatePipelineState
            || !device->ddi_cmdlist.pfnDispatch || !device->ddi_cmdlist.pfnSetComputeRootUnorderedAccessView
            || !device->ddi_cmdlist.pfnSetComputeRoot32BitConstants || !device->ddi_cmdlist.pfnBarrier)
        return &rt_fill_pipeline_unavailable;
    if (!(fill = calloc(1, sizeof(*fill))))
        return NULL;
    rt_device_ddi_lock(device);
    if (SUCCEEDED(hr = rt_fill_root_signature_create(device, fill)))
    {
        if (FAILED(hr = rt_fill_compute_pipeline_create(device, fill)))
            device->ddi.pfnDestroyRootSignature(device->hdrv, fill->shader.root_signature);
        fill->usable = SUCCEEDED(hr);
    }
    rt_device_ddi_unlock(device);
    if (fill->usable)
        return fill;
    free(fill->pipeline_memory);
    free(fill->root_signature_memory);
    free(fill);
    if (hr == E_OUTOFMEMORY)
        return NULL;
    RT_WARN("The driver refused the runtime's fill pipeline (0x%08x); fills take the upload route.",
            (unsigned int)hr);
    return &rt_fill_pipeline_unavailable;
}

const struct fb_fill_shader *rt_device_fill_pipeline(struct rt_device *device)
{
    struct rt_fill_pipeline *fill = atomic_load(&device->fill_pipeline), *expected = NULL;

    if (!fill)
    {
        /* Out of memory: no compute route this time; the next fill tries again. */
        if (!(fill = rt_fill_pipeline_create(device)))
            return NULL;
        /* Lists of several threads may get here together: one wins. */
        if (!atomic_compare_exchange_strong(&device->fill_pipeline, &expected, fill))
        {
            if (fill != &rt_fill_pipeline_unavailable)
            {
                rt_device_ddi_lock(device);
                rt_fill_pipeline_free(device, fill);
                rt_device_ddi_unlock(device);
            }
            fill = expected;
        }
    }
    return fill->usable ? &fill->shader : NULL;
}

void rt_fill_pipeline_destroy(struct rt_device *device)
{
    struct rt_fill_pipeline *fill = atomic_load(&device->fill_pipeline);

    if (fill && fill != &rt_fill_pipeline_unavailable)
        rt_fill_pipeline_free(device, fill);
}
