/* The compute tests' shared helpers (test_compute_util.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_compute_util.h"
#include "dxbc_asm.h"
#include "ddi_dxbc.h"

#include <stdlib.h>
#include <string.h>

const char compute_store_ids_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 64, 1, 1\n"
    "ishl r1.x, vThreadID.x, l(2)\n"
    "iadd r0.x, vThreadID.x, cb0[0].x\n"
    "store_raw u0.x, r1.x, r0.x\n"
    "ret\n";

void *assemble_(unsigned int line, const char *source, size_t *size)
{
    char error[256] = "";
    void *code = NULL;

    ck_assert_msg(!dxbc_asm_assemble(source, &code, size, error, sizeof(error)), "line %u: %s", line, error);
    return code;
}

ID3D12RootSignature *create_root_signature_(unsigned int line, ID3D12Device *device,
        const D3D12_ROOT_PARAMETER1 *parameters, UINT count, const D3D12_STATIC_SAMPLER_DESC *samplers,
        UINT sampler_count)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    ID3D12RootSignature *signature = NULL;
    ID3DBlob *blob = NULL, *errors = NULL;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = count;
    desc.Desc_1_1.pParameters = parameters;
    desc.Desc_1_1.NumStaticSamplers = sampler_count;
    desc.Desc_1_1.pStaticSamplers = samplers;
    desc.Desc_1_1.Flags = D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT;
    hr = D3D12SerializeVersionedRootSignature(&desc, &blob, &errors);
    ck_assert_msg(hr == S_OK, "line %u: serialize %#x", line, (unsigned int)hr);
    if (errors)
        ID3D10Blob_Release(errors);
    hr = ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                                          &IID_ID3D12RootSignature, (void **)&signature);
    ck_assert_msg(hr == S_OK, "line %u: CreateRootSignature %#x", line, (unsigned int)hr);
    ID3D10Blob_Release(blob);
    return signature;
}

HRESULT create_compute_pipeline(ID3D12Device *device, ID3D12RootSignature *signature, const char *source,
                                ID3D12PipelineState **state)
{
    D3D12_COMPUTE_PIPELINE_STATE_DESC desc;
    size_t size;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.pRootSignature = signature;
    desc.CS.pShaderBytecode = assemble(source, &size);
    desc.CS.BytecodeLength = size;
    *state = NULL;
    hr = ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)state);
    free((void *)desc.CS.pShaderBytecode);
    return hr;
}

ID3D12PipelineState *compute_pipeline_(unsigned int line, ID3D12Device *device, ID3D12RootSignature *signature,
                                       const char *source)
{
    ID3D12PipelineState *state;
    HRESULT hr;

    hr = create_compute_pipeline(device, signature, source, &state);
    ck_assert_msg(hr == S_OK, "line %u: CreateComputePipelineState %#x", line, (unsigned int)hr);
    return state;
}

D3D12_ROOT_PARAMETER1 root_constants(UINT reg, UINT space, UINT count)
{
    D3D12_ROOT_PARAMETER1 parameter;

    memset(&parameter, 0, sizeof(parameter));
    parameter.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    parameter.Constants.ShaderRegister = reg;
    parameter.Constants.RegisterSpace = space;
    parameter.Constants.Num32BitValues = count;
    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    return parameter;
}

D3D12_ROOT_PARAMETER1 root_descriptor(D3D12_ROOT_PARAMETER_TYPE type, UINT reg, UINT space)
{
    D3D12_ROOT_PARAMETER1 parameter;

    memset(&parameter, 0, sizeof(parameter));
    parameter.ParameterType = type;
    parameter.Descriptor.ShaderRegister = reg;
    parameter.Descriptor.RegisterSpace = space;
    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    return parameter;
}

D3D12_ROOT_PARAMETER1 root_table(const D3D12_DESCRIPTOR_RANGE1 *ranges, UINT count)
{
    D3D12_ROOT_PARAMETER1 parameter;

    memset(&parameter, 0, sizeof(parameter));
    parameter.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    parameter.DescriptorTable.NumDescriptorRanges = count;
    parameter.DescriptorTable.pDescriptorRanges = ranges;
    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    return parameter;
}

D3D12_DESCRIPTOR_RANGE1 descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE type, UINT count, UINT reg, UINT space,
                                         UINT offset)
{
    D3D12_DESCRIPTOR_RANGE1 range;

    memset(&range, 0, sizeof(range));
    range.RangeType = type;
    range.NumDescriptors = count;
    range.BaseShaderRegister = reg;
    range.RegisterSpace = space;
    range.OffsetInDescriptorsFromTableStart = offset;
    return range;
}

uint32_t *container_program(void *container, size_t size, size_t *dword_count)
{
    struct ddi_dxbc dxbc;
    const struct ddi_dxbc_part *part;
    char why[256];

    ck_assert_msg(ddi_dxbc_parse(container, size, &dxbc, why, sizeof(why)) == S_OK, "%s", why);
    if (!(part = ddi_dxbc_find(&dxbc, DDI_DXBC_FOURCC('S', 'H', 'E', 'X'))))
        part = ddi_dxbc_find(&dxbc, DDI_DXBC_FOURCC('S', 'H', 'D', 'R'));
    ck_assert_ptr_nonnull(part);
    *dword_count = part->size / 4;
    return (uint32_t *)part->data;
}

void container_resign(void *container, size_t size)
{
    uint32_t checksum[4];

    ddi_dxbc_checksum(container, size, checksum);
    memcpy((unsigned char *)container + 4, checksum, sizeof(checksum));
}

void create_buffer_uav(ID3D12Device *device, ID3D12Resource *resource, DXGI_FORMAT format, UINT first,
                              UINT count, UINT stride, bool raw, D3D12_CPU_DESCRIPTOR_HANDLE where)
{
    D3D12_UNORDERED_ACCESS_VIEW_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Format = raw ? DXGI_FORMAT_R32_TYPELESS : format;
    desc.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    desc.Buffer.FirstElement = first;
    desc.Buffer.NumElements = count;
    desc.Buffer.StructureByteStride = stride;
    desc.Buffer.Flags = raw ? D3D12_BUFFER_UAV_FLAG_RAW : D3D12_BUFFER_UAV_FLAG_NONE;
    ID3D12Device_CreateUnorderedAccessView(device, resource, NULL, &desc, where);
}

ID3D12DescriptorHeap *shader_visible_heap(ID3D12Device *device, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {type, count, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    ID3D12DescriptorHeap *heap;

    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
                     S_OK);
    return heap;
}

D3D12_CPU_DESCRIPTOR_HANDLE cpu_handle(ID3D12DescriptorHeap *heap, UINT size, UINT index)
{
    D3D12_CPU_DESCRIPTOR_HANDLE handle = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);

    handle.ptr += (SIZE_T)size * index;
    return handle;
}

D3D12_GPU_DESCRIPTOR_HANDLE gpu_handle(ID3D12DescriptorHeap *heap, UINT size, UINT index)
{
    D3D12_GPU_DESCRIPTOR_HANDLE handle = ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(heap);

    handle.ptr += (UINT64)size * index;
    return handle;
}
