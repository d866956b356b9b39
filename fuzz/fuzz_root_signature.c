/*
 * libFuzzer target: the RTS0 root-signature deserializers (D3D12CreateRootSignatureDeserializer,
 * D3D12CreateVersionedRootSignatureDeserializer with every version conversion) and
 * ID3D12Device::CreateRootSignature, on arbitrary bytes (a bare RTS0 part or a DXBC
 * container holding one). Every field of every accepted description is read, so that a
 * dangling or short array shows up under AddressSanitizer, and an accepted description
 * serialized again must deserialize to the same counts.
 */
#include "fuzz_common.h"


/* Version 1.2 (static samplers with flags): the runtime knows it, the public headers
 * this tree builds with do not name it yet. */
#define FUZZ_ROOT_SIGNATURE_VERSION_1_2 ((D3D_ROOT_SIGNATURE_VERSION)0x3)

/* Reads every byte a 1.0 or 1.1 description points to; returns a sum the compiler
 * cannot drop. */
static uint64_t fuzz_walk_desc(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc)
{
    const D3D12_STATIC_SAMPLER_DESC *samplers;
    uint64_t sum = desc->Version;
    UINT i, j, sampler_count;

    if (desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        for (i = 0; i < desc->Desc_1_0.NumParameters; ++i)
        {
            const D3D12_ROOT_PARAMETER *p = &desc->Desc_1_0.pParameters[i];

            sum += p->ParameterType + p->ShaderVisibility;
            if (p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
                for (j = 0; j < p->DescriptorTable.NumDescriptorRanges; ++j)
                    sum += p->DescriptorTable.pDescriptorRanges[j].NumDescriptors;
            else
                sum += p->Constants.ShaderRegister;
        }
        samplers = desc->Desc_1_0.pStaticSamplers;
        sampler_count = desc->Desc_1_0.NumStaticSamplers;
    }
    else if (desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_1)
    {
        for (i = 0; i < desc->Desc_1_1.NumParameters; ++i)
        {
            const D3D12_ROOT_PARAMETER1 *p = &desc->Desc_1_1.pParameters[i];

            sum += p->ParameterType + p->ShaderVisibility;
            if (p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
                for (j = 0; j < p->DescriptorTable.NumDescriptorRanges; ++j)
                    sum += p->DescriptorTable.pDescriptorRanges[j].Flags;
            else
                sum += p->Constants.ShaderRegister;
        }
        samplers = desc->Desc_1_1.pStaticSamplers;
        sampler_count = desc->Desc_1_1.NumStaticSamplers;
    }
    else
    {
        return sum;
    }
    for (i = 0; i < sampler_count; ++i)
        sum += samplers[i].Filter + samplers[i].RegisterSpace;
    return sum;
}

/* The number of root parameters of a 1.0 or 1.1 description (1.2 shares 1.1's layout up
 * to its samplers). */
static UINT fuzz_parameter_count(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc)
{
    return desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? desc->Desc_1_0.NumParameters
                                                           : desc->Desc_1_1.NumParameters;
}

/* Serializes an accepted description and deserializes it again at its version. */
static void fuzz_round_trip(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc)
{
    ID3D12VersionedRootSignatureDeserializer *again;
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *out;
    ID3DBlob *blob = NULL, *error = NULL;

    if (SUCCEEDED(D3D12SerializeVersionedRootSignature(desc, &blob, &error)))
    {
        FUZZ_CHECK(SUCCEEDED(D3D12CreateVersionedRootSignatureDeserializer(ID3D10Blob_GetBufferPointer(blob),
                ID3D10Blob_GetBufferSize(blob), &IID_ID3D12VersionedRootSignatureDeserializer, (void **)&again)));
        FUZZ_CHECK(SUCCEEDED(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(again,
                desc->Version, &out)));
        FUZZ_CHECK(fuzz_parameter_count(out) == fuzz_parameter_count(desc));
        ID3D12VersionedRootSignatureDeserializer_Release(again);
        ID3D10Blob_Release(blob);
    }
    if (error)
        ID3D10Blob_Release(error);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const D3D_ROOT_SIGNATURE_VERSION versions[] =
    {
        D3D_ROOT_SIGNATURE_VERSION_1_0, D3D_ROOT_SIGNATURE_VERSION_1_1, FUZZ_ROOT_SIGNATURE_VERSION_1_2,
    };
    ID3D12VersionedRootSignatureDeserializer *versioned;
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *vdesc;
    ID3D12RootSignatureDeserializer *deserializer;
    const D3D12_ROOT_SIGNATURE_DESC *desc;
    ID3D12RootSignature *root_signature;
    volatile uint64_t sum = 0;
    size_t i;

    if (SUCCEEDED(D3D12CreateRootSignatureDeserializer(data, size, &IID_ID3D12RootSignatureDeserializer,
                                                       (void **)&deserializer)))
    {
        desc = ID3D12RootSignatureDeserializer_GetRootSignatureDesc(deserializer);
        for (i = 0; i < desc->NumParameters; ++i)
            sum += desc->pParameters[i].ParameterType;
        ID3D12RootSignatureDeserializer_Release(deserializer);
    }
    if (SUCCEEDED(D3D12CreateVersionedRootSignatureDeserializer(data, size,
            &IID_ID3D12VersionedRootSignatureDeserializer, (void **)&versioned)))
    {
        vdesc = ID3D12VersionedRootSignatureDeserializer_GetUnconvertedRootSignatureDesc(versioned);
        sum += fuzz_walk_desc(vdesc);
        fuzz_round_trip(vdesc);
        for (i = 0; i < sizeof(versions) / sizeof(versions[0]); ++i)
        {
            if (SUCCEEDED(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned,
                    versions[i], &vdesc)))
                sum += fuzz_walk_desc(vdesc);
        }
        ID3D12VersionedRootSignatureDeserializer_Release(versioned);
    }
    if (SUCCEEDED(ID3D12Device_CreateRootSignature(fuzz_device(), 0, data, size, &IID_ID3D12RootSignature,
                                                   (void **)&root_signature)))
        ID3D12RootSignature_Release(root_signature);
    (void)sum;
    return 0;
}
