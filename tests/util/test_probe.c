/* What a device's driver offers, asked through the API alone (test_probe.h). */
#include "test_probe.h"
#include "dxbc_asm.h"

#include <stdlib.h>

bool test_probe_dxbc(ID3D12Device *device)
{
    static const char cs[] = "cs_5_0\ndcl_thread_group 1, 1, 1\nret\n";
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC signature_desc = {0};
    D3D12_COMPUTE_PIPELINE_STATE_DESC desc = {0};
    ID3D12RootSignature *signature = NULL;
    ID3D12PipelineState *state = NULL;
    ID3DBlob *blob = NULL, *errors = NULL;
    void *code = NULL;
    char error[256];
    size_t size;
    bool ok;

    signature_desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    if (dxbc_asm_assemble(cs, &code, &size, error, sizeof(error))
            || FAILED(D3D12SerializeVersionedRootSignature(&signature_desc, &blob, &errors)))
    {
        free(code);
        return false;
    }
    if (errors)
        ID3D10Blob_Release(errors);
    ok = SUCCEEDED(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&signature));
    ID3D10Blob_Release(blob);
    if (ok)
    {
        desc.pRootSignature = signature;
        desc.CS.pShaderBytecode = code;
        desc.CS.BytecodeLength = size;
        ok = SUCCEEDED(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState,
                (void **)&state));
        if (state)
            ID3D12PipelineState_Release(state);
        ID3D12RootSignature_Release(signature);
    }
    free(code);
    return ok;
}

bool test_probe_query_heaps(ID3D12Device *device)
{
    static const D3D12_QUERY_HEAP_TYPE types[] = {D3D12_QUERY_HEAP_TYPE_OCCLUSION, D3D12_QUERY_HEAP_TYPE_TIMESTAMP};
    D3D12_QUERY_HEAP_DESC desc = {0};
    ID3D12QueryHeap *heap;
    unsigned int i;

    for (i = 0; i < sizeof(types) / sizeof(types[0]); ++i)
    {
        desc.Type = types[i];
        desc.Count = 1;
        if (FAILED(ID3D12Device_CreateQueryHeap(device, &desc, &IID_ID3D12QueryHeap, (void **)&heap)))
            return false;
        ID3D12QueryHeap_Release(heap);
    }
    return true;
}

bool test_probe_msaa(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS levels = {0};

    levels.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    levels.SampleCount = 4;
    return SUCCEEDED(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels,
            sizeof(levels))) && levels.NumQualityLevels;
}

bool test_probe_driver_lists(ID3D12Device *device)
{
    D3D12RT_FEATURE_DATA_THREADING threading = {0};

    return SUCCEEDED(ID3D12Device_CheckFeatureSupport(device, D3D12RT_FEATURE_THREADING, &threading,
            sizeof(threading))) && threading.DriverCommandLists;
}
