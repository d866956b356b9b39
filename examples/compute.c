/*
 * A compute kernel with a constant buffer: out[t] = t * scale + bias for 1000 threads,
 * read back and checked. Shader: shaders/compute_cs.asm.
 */
#include <stdint.h>
#include <string.h>

#include "example_util.h"
#include "example_shaders.h"

#define COUNT 1000u

int main(void)
{
    static const UINT constants[4] = {3, 7, COUNT, 0};   /* scale, bias, count */
    D3D12_ROOT_PARAMETER parameters[2];
    D3D12_COMPUTE_PIPELINE_STATE_DESC pso_desc;
    D3D12_ROOT_SIGNATURE_DESC rs_desc;
    ID3D12Resource *constant_buffer, *output, *readback;
    ID3D12RootSignature *root_signature;
    ID3D12PipelineState *pipeline;
    ID3D12Device *device;
    struct example ex;
    const UINT *result;
    void *mapped;
    UINT i, bad = 0;

    EXAMPLE_CHECK(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device));
    EXAMPLE_CHECK(example_init(&ex, device));

    /* The constants live in an upload buffer bound as a root CBV (256-byte aligned). */
    EXAMPLE_CHECK(example_buffer(device, D3D12_HEAP_TYPE_UPLOAD, 256, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_GENERIC_READ, &constant_buffer));
    EXAMPLE_CHECK(ID3D12Resource_Map(constant_buffer, 0, NULL, &mapped));
    memcpy(mapped, constants, sizeof(constants));
    ID3D12Resource_Unmap(constant_buffer, 0, NULL);
    EXAMPLE_CHECK(example_buffer(device, D3D12_HEAP_TYPE_DEFAULT, COUNT * 4, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
            D3D12_RESOURCE_STATE_UNORDERED_ACCESS, &output));
    EXAMPLE_CHECK(example_buffer(device, D3D12_HEAP_TYPE_READBACK, COUNT * 4, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COPY_DEST, &readback));

    memset(parameters, 0, sizeof(parameters));
    parameters[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
    parameters[0].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    parameters[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
    parameters[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    memset(&rs_desc, 0, sizeof(rs_desc));
    rs_desc.NumParameters = 2;
    rs_desc.pParameters = parameters;
    EXAMPLE_CHECK(example_root_signature(device, &rs_desc, &root_signature));

    memset(&pso_desc, 0, sizeof(pso_desc));
    pso_desc.pRootSignature = root_signature;
    pso_desc.CS.pShaderBytecode = example_shader_compute_cs;
    pso_desc.CS.BytecodeLength = EXAMPLE_SHADER_COMPUTE_CS_SIZE;
    EXAMPLE_CHECK(ID3D12Device_CreateComputePipelineState(device, &pso_desc, &IID_ID3D12PipelineState,
            (void **)&pipeline));

    ID3D12GraphicsCommandList_SetPipelineState(ex.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ex.list, root_signature);
    ID3D12GraphicsCommandList_SetComputeRootConstantBufferView(ex.list, 0,
            ID3D12Resource_GetGPUVirtualAddress(constant_buffer));
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ex.list, 1, ID3D12Resource_GetGPUVirtualAddress(output));
    ID3D12GraphicsCommandList_Dispatch(ex.list, (COUNT + 63) / 64, 1, 1);
    example_transition(ex.list, output, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
    ID3D12GraphicsCommandList_CopyResource(ex.list, readback, output);
    EXAMPLE_CHECK(example_execute_and_wait(&ex));

    EXAMPLE_CHECK(ID3D12Resource_Map(readback, 0, NULL, &mapped));
    result = mapped;
    for (i = 0; i < COUNT; ++i)
        bad += result[i] != i * constants[0] + constants[1];
    printf("compute: out[0] = %u, out[%u] = %u, %u of %u wrong\n", result[0], COUNT - 1, result[COUNT - 1], bad,
            COUNT);
    ID3D12Resource_Unmap(readback, 0, NULL);

    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(root_signature);
    ID3D12Resource_Release(readback);
    ID3D12Resource_Release(output);
    ID3D12Resource_Release(constant_buffer);
    example_destroy(&ex);
    return bad ? 1 : 0;
}
