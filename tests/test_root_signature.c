/*
 * Root signature blobs: serialization byte for byte against blobs Microsoft's fxc wrote
 * (as vkd3d's tests/d3d12.c records them), the container checksum, round trips of
 * versions 1.0, 1.1 and 1.2 through serialize, deserialize and CreateRootSignature (the
 * driver's 1.1 form and the layout description included), version conversions, and
 * malformed blobs and containers (truncated at every byte, bad offsets, unknown types,
 * huge counts). test_root_signature_device.c has the rules, limits, messages, command
 * lists and objects; this file's main() runs both.
 *
 * Invalid blobs are written by this file's own RTS0 writer (the runtime's serializer
 * refuses invalid descriptions); every blob the runtime reads is an exact-size heap copy
 * so that valgrind sees any read past its end.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_device.h"
#include "rt_root_signature.h"
#include "rt_root_signature_blob.h"
#include "ddi_dxbc.h"
#include "test_root_signature.h"
#include "test_run.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ---- Blobs fxc wrote (/T rootsig_1_0 and rootsig_1_1), as vkd3d's tests record them ------ */

/* "" */
static const uint32_t fxc_empty[] =
{
    0x43425844, 0xd64afc1d, 0x5dc27735, 0x9edacb4a, 0x6bd8a7fa, 0x00000001, 0x00000044, 0x00000001,
    0x00000024, 0x30535452, 0x00000018, 0x00000001, 0x00000000, 0x00000018, 0x00000000, 0x00000018,
    0x00000000,
};
static const uint32_t fxc_empty1[] =
{
    0x43425844, 0x791882cb, 0x83c1db39, 0x327edc93, 0x3163085b, 0x00000001, 0x00000044, 0x00000001,
    0x00000024, 0x30535452, 0x00000018, 0x00000002, 0x00000000, 0x00000018, 0x00000000, 0x00000018,
    0x00000000,
};
/* "CBV(b4, space = 1, visibility = SHADER_VISIBILITY_VERTEX), SRV(t13, flags = DATA_STATIC),
 *  UAV(u6, flags = DATA_STATIC_WHILE_SET_AT_EXECUTE)" */
static const uint32_t fxc_descriptors1[] =
{
    0x43425844, 0x8ddedbbe, 0xbcfea259, 0x6b35bfbb, 0x23e1de24, 0x00000001, 0x0000008c, 0x00000001,
    0x00000024, 0x30535452, 0x00000060, 0x00000002, 0x00000003, 0x00000018, 0x00000000, 0x00000060,
    0x00000000, 0x00000002, 0x00000001, 0x0000003c, 0x00000003, 0x00000000, 0x00000048, 0x00000004,
    0x00000000, 0x00000054, 0x00000004, 0x00000001, 0x00000000, 0x0000000d, 0x00000000, 0x00000008,
    0x00000006, 0x00000000, 0x00000004,
};
/* "RootConstants(num32BitConstants=3, b4), RootConstants(num32BitConstants=4, b5, space = 3)" */
static const uint32_t fxc_constants[] =
{
    0x43425844, 0xbc015590, 0xa9a4a345, 0x7e446850, 0x2be05281, 0x00000001, 0x00000074, 0x00000001,
    0x00000024, 0x30535452, 0x00000048, 0x00000001, 0x00000002, 0x00000018, 0x00000000, 0x00000048,
    0x00000000, 0x00000001, 0x00000000, 0x00000030, 0x00000001, 0x00000000, 0x0000003c, 0x00000004,
    0x00000000, 0x00000003, 0x00000005, 0x00000003, 0x00000004,
};
/* "DescriptorTable(CBV(b1, space = 7), SRV(t16, numDescriptors = 8),
 *  UAV(u3, numDescriptors = unbounded, offset = 44))" */
static const uint32_t fxc_table[] =
{
    0x43425844, 0x0f92e563, 0x4766993f, 0x2304e283, 0x14f0d8dc, 0x00000001, 0x00000094, 0x00000001,
    0x00000024, 0x30535452, 0x00000068, 0x00000001, 0x00000001, 0x00000018, 0x00000000, 0x00000068,
    0x00000000, 0x00000000, 0x00000000, 0x00000024, 0x00000003, 0x0000002c, 0x00000002, 0x00000001,
    0x00000001, 0x00000007, 0xffffffff, 0x00000000, 0x00000008, 0x00000010, 0x00000000, 0xffffffff,
    0x00000001, 0xffffffff, 0x00000003, 0x00000000, 0x0000002c,
};
/* The same table with flags = DESCRIPTORS_VOLATILE, DESCRIPTORS_VOLATILE | DATA_VOLATILE, DATA_STATIC. */
static const uint32_t fxc_table_flags1[] =
{
    0x43425844, 0xe77ffa8f, 0xfab552d5, 0x586e15d4, 0x4c186c26, 0x00000001, 0x000000a0, 0x00000001,
    0x00000024, 0x30535452, 0x00000074, 0x00000002, 0x00000001, 0x00000018, 0x00000000, 0x00000074,
    0x00000000, 0x00000000, 0x00000000, 0x00000024, 0x00000003, 0x0000002c, 0x00000002, 0x00000001,
    0x00000001, 0x00000007, 0x00000001, 0xffffffff, 0x00000000, 0x00000008, 0x00000010, 0x00000000,
    0x00000003, 0xffffffff, 0x00000001, 0xffffffff, 0x00000003, 0x00000000, 0x00000008, 0x0000002c,
};
/* "StaticSampler(s0, filter = FILTER_MIN_MAG_MIP_POINT, addressV = TEXTURE_ADDRESS_CLAMP,
 *  visibility = SHADER_VISIBILITY_PIXEL), StaticSampler(s0, filter = FILTER_MIN_MAG_POINT_MIP_LINEAR,
 *  AddressW = TEXTURE_ADDRESS_BORDER, MipLODBias = 1, maxLod = 10,
 *  borderColor = STATIC_BORDER_COLOR_OPAQUE_BLACK, space = 3)" */
static const uint32_t fxc_samplers1[] =
{
    0x43425844, 0xcf44eb9e, 0xdbeaed6b, 0xb8d52b6f, 0x0be01c3b, 0x00000001, 0x000000ac, 0x00000001,
    0x00000024, 0x30535452, 0x00000080, 0x00000002, 0x00000000, 0x00000018, 0x00000002, 0x00000018,
    0x00000000, 0x00000000, 0x00000001, 0x00000003, 0x00000001, 0x00000000, 0x00000010, 0x00000004,
    0x00000002, 0x00000000, 0x7f7fffff, 0x00000000, 0x00000000, 0x00000005, 0x00000001, 0x00000001,
    0x00000001, 0x00000004, 0x3f800000, 0x00000010, 0x00000004, 0x00000001, 0x00000000, 0x41200000,
    0x00000000, 0x00000003, 0x00000000,
};

const void *fxc_empty_blob(void)
{
    return fxc_empty1;
}

size_t fxc_empty_size(void)
{
    return sizeof(fxc_empty1);
}

static const D3D12_ROOT_PARAMETER1 fxc_descriptor_params1[] =
{
    {D3D12_ROOT_PARAMETER_TYPE_CBV, .Descriptor = {4, 1, 0}, D3D12_SHADER_VISIBILITY_VERTEX},
    {D3D12_ROOT_PARAMETER_TYPE_SRV, .Descriptor = {13, 0, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC}},
    {D3D12_ROOT_PARAMETER_TYPE_UAV, .Descriptor = {6, 0, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE}},
};
static const D3D12_ROOT_PARAMETER fxc_constant_params[] =
{
    {D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS, .Constants = {4, 0, 3}},
    {D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS, .Constants = {5, 3, 4}},
};
static const D3D12_DESCRIPTOR_RANGE fxc_ranges[] =
{
    {D3D12_DESCRIPTOR_RANGE_TYPE_CBV, 1, 1, 7, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND},
    {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 8, 16, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND},
    {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, UINT_MAX, 3, 0, 44},
};
static const D3D12_ROOT_PARAMETER fxc_table_params[] =
{
    {D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, .DescriptorTable = {3, fxc_ranges}},
};
static const D3D12_DESCRIPTOR_RANGE1 fxc_ranges1[] =
{
    {D3D12_DESCRIPTOR_RANGE_TYPE_CBV, 1, 1, 7, D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE,
     D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND},
    {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 8, 16, 0, D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE
     | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND},
    {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, UINT_MAX, 3, 0, D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC, 44},
};
static const D3D12_ROOT_PARAMETER1 fxc_table_params1[] =
{
    {D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, .DescriptorTable = {3, fxc_ranges1}},
};
static const D3D12_STATIC_SAMPLER_DESC fxc_sampler_descs[] =
{
    {D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
     D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 16, D3D12_COMPARISON_FUNC_LESS_EQUAL,
     D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE, 0.0f, D3D12_FLOAT32_MAX, 0, 0, D3D12_SHADER_VISIBILITY_PIXEL},
    {D3D12_FILTER_MIN_MAG_POINT_MIP_LINEAR, D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_WRAP,
     D3D12_TEXTURE_ADDRESS_MODE_BORDER, 1.0f, 16, D3D12_COMPARISON_FUNC_LESS_EQUAL,
     D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK, 0.0f, 10.0f, 0, 3, D3D12_SHADER_VISIBILITY_ALL},
};

/* ---- Helpers ------------------------------------------------------------------------------- */

ID3D12Device *create_device(void)
{
    ID3D12Device *device = NULL;

    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    return device;
}

void *copy_bytes(const void *data, size_t size)
{
    void *copy = malloc(size ? size : 1);

    ck_assert_ptr_nonnull(copy);
    memcpy(copy, data, size);
    return copy;
}

ID3DBlob *serialize(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc)
{
    ID3DBlob *blob = NULL, *error = NULL;
    HRESULT hr = D3D12SerializeVersionedRootSignature(desc, &blob, &error);

    ck_assert_msg(hr == S_OK, "serialize: hr %#x, %s", (unsigned int)hr,
                  error ? (const char *)ID3D10Blob_GetBufferPointer(error) : "");
    ck_assert_ptr_null(error);
    return blob;
}

HRESULT create_from(ID3D12Device *device, const void *data, size_t size, ID3D12RootSignature **signature)
{
    void *copy = copy_bytes(data, size);
    ID3D12RootSignature *dummy;
    HRESULT hr;

    hr = ID3D12Device_CreateRootSignature(device, 0, copy, size, &IID_ID3D12RootSignature,
                                          (void **)(signature ? signature : &dummy));
    if (!signature && SUCCEEDED(hr))
        ID3D12RootSignature_Release(dummy);
    free(copy);
    return hr;
}

HRESULT deserializer_from(const void *data, size_t size, ID3D12VersionedRootSignatureDeserializer **out)
{
    void *copy = copy_bytes(data, size);
    ID3D12VersionedRootSignatureDeserializer *dummy;
    HRESULT hr;

    /* The deserializer copies everything it needs: the blob can go at once. */
    hr = D3D12CreateVersionedRootSignatureDeserializer(copy, size, &IID_ID3D12VersionedRootSignatureDeserializer,
                                                       (void **)(out ? out : &dummy));
    free(copy);
    if (!out && SUCCEEDED(hr))
        ID3D12VersionedRootSignatureDeserializer_Release(dummy);
    return hr;
}

/* The RTS0 part of a container this file or the runtime wrote (one part at 0x24). */
static const void *rts0_of(const void *container, size_t *size)
{
    const uint32_t *words = container;

    ck_assert_uint_eq(words[0], TAG('D', 'X', 'B', 'C'));
    ck_assert_uint_eq(words[9], TAG('R', 'T', 'S', '0'));
    *size = words[10];
    return words + 11;
}

/* ---- Comparing descriptions field by field ------------------------------------------------- */

static void compare_desc_1_0(const D3D12_ROOT_SIGNATURE_DESC *got, const D3D12_ROOT_SIGNATURE_DESC *expected)
{
    const D3D12_ROOT_PARAMETER *g, *e;
    UINT i, j;

    ck_assert_uint_eq(got->NumParameters, expected->NumParameters);
    ck_assert_uint_eq(got->NumStaticSamplers, expected->NumStaticSamplers);
    ck_assert_int_eq(got->Flags, expected->Flags);
    ck_assert(!got->NumParameters == !got->pParameters);
    ck_assert(!got->NumStaticSamplers == !got->pStaticSamplers);
    for (i = 0; i < got->NumParameters; ++i)
    {
        g = &got->pParameters[i];
        e = &expected->pParameters[i];
        ck_assert_int_eq(g->ParameterType, e->ParameterType);
        ck_assert_int_eq(g->ShaderVisibility, e->ShaderVisibility);
        if (e->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
        {
            ck_assert_uint_eq(g->DescriptorTable.NumDescriptorRanges, e->DescriptorTable.NumDescriptorRanges);
            ck_assert(!g->DescriptorTable.NumDescriptorRanges == !g->DescriptorTable.pDescriptorRanges);
            for (j = 0; j < e->DescriptorTable.NumDescriptorRanges; ++j)
                ck_assert(!memcmp(&g->DescriptorTable.pDescriptorRanges[j], &e->DescriptorTable.pDescriptorRanges[j],
                                  sizeof(D3D12_DESCRIPTOR_RANGE)));
        }
        else if (e->ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
        {
            ck_assert(!memcmp(&g->Constants, &e->Constants, sizeof(g->Constants)));
        }
        else
        {
            ck_assert(!memcmp(&g->Descriptor, &e->Descriptor, sizeof(g->Descriptor)));
        }
    }
    for (i = 0; i < got->NumStaticSamplers; ++i)
        ck_assert(!memcmp(&got->pStaticSamplers[i], &expected->pStaticSamplers[i], sizeof(D3D12_STATIC_SAMPLER_DESC)));
}

/* Versions 1.1 and 1.2 (sampler_size tells which samplers). */
static void compare_desc_1_1(const D3D12_ROOT_SIGNATURE_DESC1 *got, const D3D12_ROOT_SIGNATURE_DESC1 *expected,
                             size_t sampler_size)
{
    const D3D12_ROOT_PARAMETER1 *g, *e;
    UINT i, j;

    ck_assert_uint_eq(got->NumParameters, expected->NumParameters);
    ck_assert_uint_eq(got->NumStaticSamplers, expected->NumStaticSamplers);
    ck_assert_int_eq(got->Flags, expected->Flags);
    ck_assert(!got->NumParameters == !got->pParameters);
    ck_assert(!got->NumStaticSamplers == !got->pStaticSamplers);
    for (i = 0; i < got->NumParameters; ++i)
    {
        g = &got->pParameters[i];
        e = &expected->pParameters[i];
        ck_assert_int_eq(g->ParameterType, e->ParameterType);
        ck_assert_int_eq(g->ShaderVisibility, e->ShaderVisibility);
        if (e->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
        {
            ck_assert_uint_eq(g->DescriptorTable.NumDescriptorRanges, e->DescriptorTable.NumDescriptorRanges);
            ck_assert(!g->DescriptorTable.NumDescriptorRanges == !g->DescriptorTable.pDescriptorRanges);
            for (j = 0; j < e->DescriptorTable.NumDescriptorRanges; ++j)
                ck_assert_msg(!memcmp(&g->DescriptorTable.pDescriptorRanges[j],
                                      &e->DescriptorTable.pDescriptorRanges[j], sizeof(D3D12_DESCRIPTOR_RANGE1)),
                              "parameter %u range %u: flags %#x, expected %#x", i, j,
                              g->DescriptorTable.pDescriptorRanges[j].Flags,
                              e->DescriptorTable.pDescriptorRanges[j].Flags);
        }
        else if (e->ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
        {
            ck_assert(!memcmp(&g->Constants, &e->Constants, sizeof(g->Constants)));
        }
        else
        {
            ck_assert_msg(!memcmp(&g->Descriptor, &e->Descriptor, sizeof(g->Descriptor)),
                          "parameter %u: flags %#x, expected %#x", i, g->Descriptor.Flags, e->Descriptor.Flags);
        }
    }
    if (got->NumStaticSamplers)
        ck_assert(!memcmp(got->pStaticSamplers, expected->pStaticSamplers, got->NumStaticSamplers * sampler_size));
}

/* ---- Serialization against fxc --------------------------------------------------------------- */

struct fxc_case
{
    const uint32_t *code;
    size_t size;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
};

#define FXC_1_0(code, params) \
    {code, sizeof(code), {D3D_ROOT_SIGNATURE_VERSION_1_0, .Desc_1_0 = {ARRAY_SIZE(params), params, 0, NULL, 0}}}
#define FXC_1_1(code, params) \
    {code, sizeof(code), {D3D_ROOT_SIGNATURE_VERSION_1_1, .Desc_1_1 = {ARRAY_SIZE(params), params, 0, NULL, 0}}}

static void fxc_cases(struct fxc_case *cases, size_t *count)
{
    const struct fxc_case list[] =
    {
        {fxc_empty, sizeof(fxc_empty), {D3D_ROOT_SIGNATURE_VERSION_1_0, .Desc_1_0 = {0}}},
        {fxc_empty1, sizeof(fxc_empty1), {D3D_ROOT_SIGNATURE_VERSION_1_1, .Desc_1_1 = {0}}},
        FXC_1_1(fxc_descriptors1, fxc_descriptor_params1),
        FXC_1_0(fxc_constants, fxc_constant_params),
        FXC_1_0(fxc_table, fxc_table_params),
        FXC_1_1(fxc_table_flags1, fxc_table_params1),
        {fxc_samplers1, sizeof(fxc_samplers1), {D3D_ROOT_SIGNATURE_VERSION_1_1,
         .Desc_1_1 = {0, NULL, ARRAY_SIZE(fxc_sampler_descs), fxc_sampler_descs, 0}}},
    };

    memcpy(cases, list, sizeof(list));
    *count = ARRAY_SIZE(list);
}

START_TEST(test_serialize_matches_fxc)
{
    struct fxc_case cases[8];
    size_t count, i;
    ID3DBlob *blob;

    fxc_cases(cases, &count);
    for (i = 0; i < count; ++i)
    {
        blob = serialize(&cases[i].desc);
        ck_assert_uint_eq(ID3D10Blob_GetBufferSize(blob), cases[i].size);
        ck_assert_msg(!memcmp(ID3D10Blob_GetBufferPointer(blob), cases[i].code, cases[i].size), "case %zu", i);
        ID3D10Blob_Release(blob);
    }

    /* The 1.0 entry point writes the same bytes. */
    ck_assert_int_eq(D3D12SerializeRootSignature(&cases[3].desc.Desc_1_0, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob,
                                                 NULL), S_OK);
    ck_assert(!memcmp(ID3D10Blob_GetBufferPointer(blob), fxc_constants, sizeof(fxc_constants)));
    ID3D10Blob_Release(blob);
}
END_TEST

START_TEST(test_checksum)
{
    uint32_t checksum[4], other[4];
    unsigned char big[200];
    size_t i;

    ddi_dxbc_checksum(fxc_samplers1, sizeof(fxc_samplers1), checksum);
    ck_assert(!memcmp(checksum, &fxc_samplers1[1], sizeof(checksum)));
    ddi_dxbc_checksum(fxc_table, sizeof(fxc_table), checksum);
    ck_assert(!memcmp(checksum, &fxc_table[1], sizeof(checksum)));
    /* Tails of 56 bytes and more take a block of their own: 20 + 64 + 56 bytes. */
    for (i = 0; i < sizeof(big); ++i)
        big[i] = (unsigned char)(i * 7);
    ddi_dxbc_checksum(big, 20 + 64 + 56, checksum);
    ddi_dxbc_checksum(big, 20 + 64 + 55, other);
    ck_assert(memcmp(checksum, other, sizeof(other)));
}
END_TEST

START_TEST(test_deserialize_fxc)
{
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *unconverted, *converted;
    ID3D12VersionedRootSignatureDeserializer *versioned;
    ID3D12RootSignatureDeserializer *deserializer;
    struct fxc_case cases[8];
    size_t count, i;

    fxc_cases(cases, &count);
    for (i = 0; i < count; ++i)
    {
        ck_assert_int_eq(deserializer_from(cases[i].code, cases[i].size, &versioned), S_OK);
        unconverted = ID3D12VersionedRootSignatureDeserializer_GetUnconvertedRootSignatureDesc(versioned);
        ck_assert_int_eq(unconverted->Version, cases[i].desc.Version);
        if (cases[i].desc.Version == D3D_ROOT_SIGNATURE_VERSION_1_0)
            compare_desc_1_0(&unconverted->Desc_1_0, &cases[i].desc.Desc_1_0);
        else
            compare_desc_1_1(&unconverted->Desc_1_1, &cases[i].desc.Desc_1_1, sizeof(D3D12_STATIC_SAMPLER_DESC));
        ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned,
                cases[i].desc.Version, &converted), S_OK);
        ck_assert_ptr_eq(converted, unconverted);
        ID3D12VersionedRootSignatureDeserializer_Release(versioned);

        ck_assert_int_eq(D3D12CreateRootSignatureDeserializer(cases[i].code, cases[i].size,
                &IID_ID3D12RootSignatureDeserializer, (void **)&deserializer), S_OK);
        if (cases[i].desc.Version == D3D_ROOT_SIGNATURE_VERSION_1_0)
            compare_desc_1_0(ID3D12RootSignatureDeserializer_GetRootSignatureDesc(deserializer),
                             &cases[i].desc.Desc_1_0);
        ck_assert_uint_eq(ID3D12RootSignatureDeserializer_Release(deserializer), 0);
    }
}
END_TEST

/* ---- A root signature using every kind of parameter, in each version --------------------- */

static const D3D12_DESCRIPTOR_RANGE1 rich_view_ranges[] =
{
    {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 4, 0, 0, D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC,
     D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND},
    {D3D12_DESCRIPTOR_RANGE_TYPE_CBV, 1, 2, 0, D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE
     | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE, 10},
    {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 2, 1, 0, D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE,
     D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND},
};
static const D3D12_DESCRIPTOR_RANGE1 rich_sampler_ranges[] =
{
    {D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER, 4, 0, 0, D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE, 0},
};
static const D3D12_ROOT_PARAMETER1 rich_params1[] =
{
    {D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, .DescriptorTable = {3, rich_view_ranges},
     D3D12_SHADER_VISIBILITY_PIXEL},
    {D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, .DescriptorTable = {1, rich_sampler_ranges}},
    {D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS, .Constants = {0, 1, 5}, D3D12_SHADER_VISIBILITY_VERTEX},
    {D3D12_ROOT_PARAMETER_TYPE_CBV, .Descriptor = {1, 0, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC}},
    {D3D12_ROOT_PARAMETER_TYPE_SRV, .Descriptor = {10, 0, 0}},
    {D3D12_ROOT_PARAMETER_TYPE_UAV, .Descriptor = {8, 2, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE},
     D3D12_SHADER_VISIBILITY_GEOMETRY},
    {D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, .DescriptorTable = {0, NULL}},
};
static const struct rt_static_sampler_desc1 rich_samplers1[] =
{
    {{D3D12_FILTER_COMPARISON_MIN_MAG_MIP_LINEAR, D3D12_TEXTURE_ADDRESS_MODE_CLAMP, D3D12_TEXTURE_ADDRESS_MODE_MIRROR,
      D3D12_TEXTURE_ADDRESS_MODE_BORDER, -2.5f, 4, D3D12_COMPARISON_FUNC_GREATER,
      D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT, 1.0f, 12.0f, 8, 0, D3D12_SHADER_VISIBILITY_PIXEL},
     D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR},
    {{D3D12_FILTER_ANISOTROPIC, D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_WRAP,
      D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE, 0.0f, 16, D3D12_COMPARISON_FUNC_NEVER,
      D3D12_STATIC_BORDER_COLOR_TRANSPARENT_BLACK, 0.0f, D3D12_FLOAT32_MAX, 9, 0, D3D12_SHADER_VISIBILITY_ALL}, 0},
};
#define RICH_FLAGS (D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT \
        | D3D12_ROOT_SIGNATURE_FLAG_DENY_HULL_SHADER_ROOT_ACCESS)

/* The rich description at a version, in storage the caller provides. */
struct rich_storage
{
    D3D12_ROOT_PARAMETER params[ARRAY_SIZE(rich_params1)];
    D3D12_DESCRIPTOR_RANGE view_ranges[ARRAY_SIZE(rich_view_ranges)];
    D3D12_DESCRIPTOR_RANGE sampler_ranges[ARRAY_SIZE(rich_sampler_ranges)];
    D3D12_STATIC_SAMPLER_DESC samplers[ARRAY_SIZE(rich_samplers1)];
};

static void rich_desc(D3D_ROOT_SIGNATURE_VERSION version, struct rich_storage *s,
                      D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc)
{
    UINT i;

    memset(desc, 0, sizeof(*desc));
    desc->Version = version;
    for (i = 0; i < ARRAY_SIZE(rich_samplers1); ++i)
        s->samplers[i] = rich_samplers1[i].desc;
    if (version != D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        desc->Desc_1_1.NumParameters = ARRAY_SIZE(rich_params1);
        desc->Desc_1_1.pParameters = rich_params1;
        desc->Desc_1_1.NumStaticSamplers = ARRAY_SIZE(rich_samplers1);
        desc->Desc_1_1.pStaticSamplers = version == RT_ROOT_SIGNATURE_VERSION_1_2
                ? (const D3D12_STATIC_SAMPLER_DESC *)(const void *)rich_samplers1 : s->samplers;
        desc->Desc_1_1.Flags = RICH_FLAGS;
        return;
    }
    for (i = 0; i < ARRAY_SIZE(rich_view_ranges); ++i)
        memcpy(&s->view_ranges[i], &rich_view_ranges[i], offsetof(D3D12_DESCRIPTOR_RANGE1, Flags));
    for (i = 0; i < ARRAY_SIZE(rich_view_ranges); ++i)
        s->view_ranges[i].OffsetInDescriptorsFromTableStart = rich_view_ranges[i].OffsetInDescriptorsFromTableStart;
    s->sampler_ranges[0].RangeType = rich_sampler_ranges[0].RangeType;
    s->sampler_ranges[0].NumDescriptors = rich_sampler_ranges[0].NumDescriptors;
    s->sampler_ranges[0].BaseShaderRegister = 0;
    s->sampler_ranges[0].RegisterSpace = 0;
    s->sampler_ranges[0].OffsetInDescriptorsFromTableStart = 0;
    for (i = 0; i < ARRAY_SIZE(rich_params1); ++i)
    {
        s->params[i].ParameterType = rich_params1[i].ParameterType;
        s->params[i].ShaderVisibility = rich_params1[i].ShaderVisibility;
        if (rich_params1[i].ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
            s->params[i].Constants = rich_params1[i].Constants;
        else if (rich_params1[i].ParameterType != D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
            memcpy(&s->params[i].Descriptor, &rich_params1[i].Descriptor, sizeof(D3D12_ROOT_DESCRIPTOR));
    }
    s->params[0].DescriptorTable.NumDescriptorRanges = ARRAY_SIZE(rich_view_ranges);
    s->params[0].DescriptorTable.pDescriptorRanges = s->view_ranges;
    s->params[1].DescriptorTable.NumDescriptorRanges = 1;
    s->params[1].DescriptorTable.pDescriptorRanges = s->sampler_ranges;
    s->params[6].DescriptorTable.NumDescriptorRanges = 0;
    s->params[6].DescriptorTable.pDescriptorRanges = NULL;
    desc->Desc_1_0.NumParameters = ARRAY_SIZE(rich_params1);
    desc->Desc_1_0.pParameters = s->params;
    desc->Desc_1_0.NumStaticSamplers = ARRAY_SIZE(rich_samplers1);
    desc->Desc_1_0.pStaticSamplers = s->samplers;
    desc->Desc_1_0.Flags = RICH_FLAGS;
}

static void compare_versioned(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *got,
                              const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *expected)
{
    ck_assert_int_eq(got->Version, expected->Version);
    if (got->Version == D3D_ROOT_SIGNATURE_VERSION_1_0)
        compare_desc_1_0(&got->Desc_1_0, &expected->Desc_1_0);
    else
        compare_desc_1_1(&got->Desc_1_1, &expected->Desc_1_1, got->Version == RT_ROOT_SIGNATURE_VERSION_1_2
                         ? sizeof(struct rt_static_sampler_desc1) : sizeof(D3D12_STATIC_SAMPLER_DESC));
}

/* The 1.1 form the driver gets: 1.0's defaults, 1.2's sampler flags gone. */
static void check_driver_desc(const struct rt_root_signature *signature, D3D_ROOT_SIGNATURE_VERSION from)
{
    const D3D12_ROOT_SIGNATURE_DESC1 *d = &signature->desc->Desc_1_1;
    const D3D12_DESCRIPTOR_RANGE1 *range;

    ck_assert_int_eq(signature->desc->Version, D3D_ROOT_SIGNATURE_VERSION_1_1);
    ck_assert_int_eq(signature->version, from);
    ck_assert_uint_eq(d->NumParameters, ARRAY_SIZE(rich_params1));
    range = &d->pParameters[0].DescriptorTable.pDescriptorRanges[0];
    ck_assert_int_eq(range->Flags, from == D3D_ROOT_SIGNATURE_VERSION_1_0
            ? D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE
            : D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC);
    ck_assert_int_eq(d->pParameters[1].DescriptorTable.pDescriptorRanges[0].Flags,
                     D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE);
    ck_assert_int_eq(d->pParameters[4].Descriptor.Flags, from == D3D_ROOT_SIGNATURE_VERSION_1_0
            ? D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE : 0);
    ck_assert(!memcmp(&d->pStaticSamplers[0], &rich_samplers1[0].desc, sizeof(D3D12_STATIC_SAMPLER_DESC)));
    ck_assert_int_eq(d->Flags, RICH_FLAGS);
}

static void check_rich_layout(const struct rt_root_signature_layout *layout)
{
    static const struct rt_root_parameter_layout expected[] =
    {
        {D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, D3D12_SHADER_VISIBILITY_PIXEL, 0, 1,
         D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV},
        {D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, D3D12_SHADER_VISIBILITY_ALL, 1, 1,
         D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER},
        {D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS, D3D12_SHADER_VISIBILITY_VERTEX, 2, 5,
         D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES},
        {D3D12_ROOT_PARAMETER_TYPE_CBV, D3D12_SHADER_VISIBILITY_ALL, 7, 2, D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES},
        {D3D12_ROOT_PARAMETER_TYPE_SRV, D3D12_SHADER_VISIBILITY_ALL, 9, 2, D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES},
        {D3D12_ROOT_PARAMETER_TYPE_UAV, D3D12_SHADER_VISIBILITY_GEOMETRY, 11, 2, D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES},
        {D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, D3D12_SHADER_VISIBILITY_ALL, 13, 1,
         D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES},
    };
    UINT i;

    ck_assert_uint_eq(layout->parameter_count, ARRAY_SIZE(expected));
    ck_assert_uint_eq(layout->total_dwords, 14);
    ck_assert_int_eq(layout->flags, RICH_FLAGS);
    for (i = 0; i < ARRAY_SIZE(expected); ++i)
        ck_assert_msg(!memcmp(&layout->parameters[i], &expected[i], sizeof(expected[i])), "parameter %u", i);
}

START_TEST(test_round_trips)
{
    static const D3D_ROOT_SIGNATURE_VERSION versions[] =
    {
        D3D_ROOT_SIGNATURE_VERSION_1_0, D3D_ROOT_SIGNATURE_VERSION_1_1, RT_ROOT_SIGNATURE_VERSION_1_2,
    };
    ID3D12VersionedRootSignatureDeserializer *deserializer;
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *unconverted;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    ID3D12RootSignature *root_signature;
    struct rt_root_signature *signature;
    ID3D12Device *device = create_device();
    struct rich_storage storage;
    ID3DBlob *blob, *again;
    const void *part;
    size_t part_size;
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(versions); ++i)
    {
        rich_desc(versions[i], &storage, &desc);
        blob = serialize(&desc);

        ck_assert_int_eq(deserializer_from(ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                                           &deserializer), S_OK);
        unconverted = ID3D12VersionedRootSignatureDeserializer_GetUnconvertedRootSignatureDesc(deserializer);
        compare_versioned(unconverted, &desc);
        /* What came out serializes to the same bytes. */
        again = serialize(unconverted);
        ck_assert_uint_eq(ID3D10Blob_GetBufferSize(again), ID3D10Blob_GetBufferSize(blob));
        ck_assert(!memcmp(ID3D10Blob_GetBufferPointer(again), ID3D10Blob_GetBufferPointer(blob),
                          ID3D10Blob_GetBufferSize(blob)));
        ID3D10Blob_Release(again);
        ID3D12VersionedRootSignatureDeserializer_Release(deserializer);

        ck_assert_int_eq(create_from(device, ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                                     &root_signature), S_OK);
        ck_assert_ptr_nonnull(signature = rt_root_signature_from_iface(root_signature));
        check_driver_desc(signature, versions[i]);
        check_rich_layout(signature->layout);
        ID3D12RootSignature_Release(root_signature);

        /* The bare RTS0 part works as well as the container. */
        part = rts0_of(ID3D10Blob_GetBufferPointer(blob), &part_size);
        ck_assert_int_eq(create_from(device, part, part_size, NULL), S_OK);
        ck_assert_int_eq(deserializer_from(part, part_size, NULL), S_OK);
        ID3D10Blob_Release(blob);
    }
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_version_conversion)
{
    ID3D12VersionedRootSignatureDeserializer *deserializer;
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *got, *again;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc_1_0, desc_1_1, desc_1_2;
    ID3D12RootSignatureDeserializer *plain;
    struct rich_storage s0, s1, s2;
    ID3DBlob *blob;

    rich_desc(D3D_ROOT_SIGNATURE_VERSION_1_0, &s0, &desc_1_0);
    rich_desc(D3D_ROOT_SIGNATURE_VERSION_1_1, &s1, &desc_1_1);
    rich_desc(RT_ROOT_SIGNATURE_VERSION_1_2, &s2, &desc_1_2);

    /* 1.0 up: the volatile defaults, no sampler flags. */
    blob = serialize(&desc_1_0);
    ck_assert_int_eq(deserializer_from(ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                                       &deserializer), S_OK);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(deserializer,
            D3D_ROOT_SIGNATURE_VERSION_1_1, &got), S_OK);
    ck_assert_int_eq(got->Version, D3D_ROOT_SIGNATURE_VERSION_1_1);
    ck_assert_int_eq(got->Desc_1_1.pParameters[0].DescriptorTable.pDescriptorRanges[2].Flags,
            D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE);
    ck_assert_int_eq(got->Desc_1_1.pParameters[1].DescriptorTable.pDescriptorRanges[0].Flags,
            D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE);
    ck_assert_int_eq(got->Desc_1_1.pParameters[3].Descriptor.Flags, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(deserializer,
            D3D_ROOT_SIGNATURE_VERSION_1_1, &again), S_OK);
    ck_assert_ptr_eq(again, got);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(deserializer,
            RT_ROOT_SIGNATURE_VERSION_1_2, &got), S_OK);
    ck_assert_int_eq(got->Version, RT_ROOT_SIGNATURE_VERSION_1_2);
    ck_assert_int_eq(rt_root_signature_samplers1(&got->Desc_1_1)[0].Flags, 0);
    ck_assert_int_eq(rt_root_signature_samplers1(&got->Desc_1_1)[0].desc.ShaderRegister, 8);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(deserializer,
            (D3D_ROOT_SIGNATURE_VERSION)4, &got), E_INVALIDARG);
    ck_assert_ptr_null(got);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(deserializer,
            D3D_ROOT_SIGNATURE_VERSION_1_1, NULL), E_INVALIDARG);
    ID3D12VersionedRootSignatureDeserializer_Release(deserializer);
    ID3D10Blob_Release(blob);

    /* 1.1 down: the flags go, whatever they said. */
    blob = serialize(&desc_1_1);
    ck_assert_int_eq(deserializer_from(ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                                       &deserializer), S_OK);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(deserializer,
            D3D_ROOT_SIGNATURE_VERSION_1_0, &got), S_OK);
    compare_versioned(got, &desc_1_0);
    ID3D12VersionedRootSignatureDeserializer_Release(deserializer);
    ck_assert_int_eq(D3D12CreateRootSignatureDeserializer(ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignatureDeserializer, (void **)&plain), S_OK);
    compare_desc_1_0(ID3D12RootSignatureDeserializer_GetRootSignatureDesc(plain), &desc_1_0.Desc_1_0);
    ID3D12RootSignatureDeserializer_Release(plain);
    ID3D10Blob_Release(blob);

    /* 1.2 down: UINT_BORDER_COLOR is what a UINT border color says anyway. */
    blob = serialize(&desc_1_2);
    ck_assert_int_eq(deserializer_from(ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                                       &deserializer), S_OK);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(deserializer,
            D3D_ROOT_SIGNATURE_VERSION_1_1, &got), S_OK);
    compare_versioned(got, &desc_1_1);
    ID3D12VersionedRootSignatureDeserializer_Release(deserializer);
    ID3D10Blob_Release(blob);
}
END_TEST

/* A 1.2 blob whose first sampler has a flag 1.606.4 does not know (written by hand). */
START_TEST(test_version_conversion_lossy)
{
    ID3D12VersionedRootSignatureDeserializer *deserializer;
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *got;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    ID3D12Device *device = create_device();
    struct rich_storage storage;
    const void *part;
    uint32_t *words;
    size_t size, samplers;
    ID3DBlob *blob;
    void *object;

    rich_desc(RT_ROOT_SIGNATURE_VERSION_1_2, &storage, &desc);
    blob = serialize(&desc);
    part = rts0_of(ID3D10Blob_GetBufferPointer(blob), &size);
    words = copy_bytes(part, size);
    ID3D10Blob_Release(blob);
    samplers = words[4] / 4;
    ck_assert_uint_eq(words[samplers + 13], D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR);
    words[samplers + 13] = 0x2;

    ck_assert_int_eq(deserializer_from(words, size, &deserializer), S_OK);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(deserializer,
            RT_ROOT_SIGNATURE_VERSION_1_2, &got), S_OK);
    ck_assert_int_eq(rt_root_signature_samplers1(&got->Desc_1_1)[0].Flags, 0x2);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(deserializer,
            D3D_ROOT_SIGNATURE_VERSION_1_1, &got), E_INVALIDARG);
    ck_assert_ptr_null(got);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(deserializer,
            D3D_ROOT_SIGNATURE_VERSION_1_0, &got), E_INVALIDARG);
    ID3D12VersionedRootSignatureDeserializer_Release(deserializer);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(D3D12CreateRootSignatureDeserializer(words, size, &IID_ID3D12RootSignatureDeserializer, &object),
                     E_INVALIDARG);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(create_from(device, words, size, NULL), E_INVALIDARG);
    free(words);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/* ---- This file's own RTS0 writer (for blobs the serializer refuses to write) -------------- */

void words_put(struct words *b, uint32_t value)
{
    ck_assert_uint_lt(b->n, ARRAY_SIZE(b->w));
    b->w[b->n++] = value;
}

void write_rts0(const D3D12_ROOT_SIGNATURE_DESC1 *desc, const struct rt_static_sampler_desc1 *samplers,
                       UINT sampler_count, struct words *b)
{
    const D3D12_ROOT_PARAMETER1 *p;
    const D3D12_DESCRIPTOR_RANGE1 *r;
    uint32_t sampler[14];
    size_t payload, i, j;

    b->n = 0;
    words_put(b, sampler_count ? 3 : 2);
    words_put(b, desc->NumParameters);
    words_put(b, 24);
    words_put(b, sampler_count);
    words_put(b, 0);   /* the sampler offset, known at the end */
    words_put(b, desc->Flags);
    payload = 24 + 12 * desc->NumParameters;
    for (i = 0; i < desc->NumParameters; ++i)
    {
        p = &desc->pParameters[i];
        words_put(b, p->ParameterType);
        words_put(b, p->ShaderVisibility);
        words_put(b, (uint32_t)payload);
        payload += p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE
                ? 8 + 24 * p->DescriptorTable.NumDescriptorRanges : 12;
    }
    for (i = 0; i < desc->NumParameters; ++i)
    {
        p = &desc->pParameters[i];
        if (p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
        {
            words_put(b, p->DescriptorTable.NumDescriptorRanges);
            words_put(b, (uint32_t)(b->n * 4 + 4));
            for (j = 0; j < p->DescriptorTable.NumDescriptorRanges; ++j)
            {
                r = &p->DescriptorTable.pDescriptorRanges[j];
                words_put(b, r->RangeType);
                words_put(b, r->NumDescriptors);
                words_put(b, r->BaseShaderRegister);
                words_put(b, r->RegisterSpace);
                words_put(b, r->Flags);
                words_put(b, r->OffsetInDescriptorsFromTableStart);
            }
        }
        else if (p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
        {
            words_put(b, p->Constants.ShaderRegister);
            words_put(b, p->Constants.RegisterSpace);
            words_put(b, p->Constants.Num32BitValues);
        }
        else
        {
            words_put(b, p->Descriptor.ShaderRegister);
            words_put(b, p->Descriptor.RegisterSpace);
            words_put(b, p->Descriptor.Flags);
        }
    }
    b->w[4] = (uint32_t)(b->n * 4);
    for (i = 0; i < sampler_count; ++i)
    {
        memcpy(sampler, &samplers[i], sizeof(sampler));
        for (j = 0; j < ARRAY_SIZE(sampler); ++j)
            words_put(b, sampler[j]);
    }
}

/* ---- Malformed blobs ---------------------------------------------------------------------- */

START_TEST(test_truncated_blobs)
{
    ID3D12Device *device = create_device();
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    struct rich_storage storage;
    const void *data[4];
    size_t sizes[4], i, length;
    ID3DBlob *blobs[2];

    rich_desc(D3D_ROOT_SIGNATURE_VERSION_1_1, &storage, &desc);
    blobs[0] = serialize(&desc);
    rich_desc(RT_ROOT_SIGNATURE_VERSION_1_2, &storage, &desc);
    blobs[1] = serialize(&desc);
    for (i = 0; i < 2; ++i)
    {
        data[i] = ID3D10Blob_GetBufferPointer(blobs[i]);
        sizes[i] = ID3D10Blob_GetBufferSize(blobs[i]);
        data[2 + i] = rts0_of(data[i], &sizes[2 + i]);
    }
    for (i = 0; i < ARRAY_SIZE(data); ++i)
    {
        ck_assert_int_eq(deserializer_from(data[i], sizes[i], NULL), S_OK);
        for (length = 1; length < sizes[i]; ++length)
        {
            ck_assert_msg(deserializer_from(data[i], length, NULL) == E_INVALIDARG, "blob %zu, %zu bytes", i, length);
            ck_assert_msg(create_from(device, data[i], length, NULL) == E_INVALIDARG, "blob %zu, %zu bytes",
                          i, length);
        }
    }
    ID3D10Blob_Release(blobs[0]);
    ID3D10Blob_Release(blobs[1]);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_bad_rts0)
{
    /* Word index in the rich 1.1 part, and the value that breaks it. */
    static const struct
    {
        unsigned int word;
        uint32_t value;
    }
    patches[] =
    {
        {0, 0}, {0, 4},                                 /* versions */
        {1, 0xffffffff}, {1, 0x10000000}, {1, 200},     /* parameter counts */
        {2, 0xffffffff}, {2, 0xfffffff0}, {2, 4096},    /* parameter offsets */
        {3, 0xffffffff}, {3, 3},                        /* static sampler counts */
        {4, 0xffffffff}, {4, 4096},                     /* static sampler offsets */
        {6, 5}, {6, 0xffffffff}, {9, 7},                /* parameter types */
        {8, 0xffffffff}, {8, 4096},                     /* a table's offset */
        {14, 0x7fffffff},                               /* a constants' offset */
    };
    ID3D12Device *device = create_device();
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    struct rich_storage storage;
    const uint32_t *part;
    uint32_t *words, table;
    ID3DBlob *blob;
    size_t size, i;

    rich_desc(D3D_ROOT_SIGNATURE_VERSION_1_1, &storage, &desc);
    blob = serialize(&desc);
    part = rts0_of(ID3D10Blob_GetBufferPointer(blob), &size);
    words = copy_bytes(part, size);
    for (i = 0; i < ARRAY_SIZE(patches); ++i)
    {
        memcpy(words, part, size);
        words[patches[i].word] = patches[i].value;
        ck_assert_msg(deserializer_from(words, size, NULL) == E_INVALIDARG, "patch %zu", i);
        ck_assert_msg(create_from(device, words, size, NULL) == E_INVALIDARG, "patch %zu", i);
    }
    /* The first table's range count and range offset. */
    table = part[8] / 4;
    memcpy(words, part, size);
    words[table] = 0xffffffff;
    ck_assert_int_eq(deserializer_from(words, size, NULL), E_INVALIDARG);
    memcpy(words, part, size);
    words[table + 1] = (uint32_t)size - 8;
    ck_assert_int_eq(deserializer_from(words, size, NULL), E_INVALIDARG);
    /* Four parameters share the first table: their 4 x 3 ranges still fit the blob... */
    memcpy(words, part, size);
    for (i = 0; i < 4; ++i)
    {
        words[6 + 3 * i] = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
        words[8 + 3 * i] = part[8];
    }
    ck_assert_uint_le(4 * 3, size / 24);
    ck_assert_int_eq(deserializer_from(words, size, NULL), S_OK);
    /* ...but a range count that, shared by the four, outgrows it does not. */
    words[table] = (uint32_t)(size / 24 / 4 + 1);
    words[table + 1] = 24;
    ck_assert_int_eq(deserializer_from(words, size, NULL), E_INVALIDARG);
    free(words);
    ID3D10Blob_Release(blob);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

size_t build_container(uint32_t *out, const uint32_t *rts0, size_t rts0_size, bool with_rts0)
{
    static const uint32_t isgn[] = {0, 8};
    static const uint32_t shex[] = {0x00050050, 4, 0x0100003e, 0};
    size_t n = 8, offsets = 8, i;
    unsigned int count = with_rts0 ? 3 : 2;

    memset(out, 0, 8 * 4);
    out[0] = TAG('D', 'X', 'B', 'C');
    out[5] = 1;
    out[7] = count;
    n += count;
    out[offsets] = (uint32_t)(n * 4);
    out[n++] = TAG('I', 'S', 'G', 'N');
    out[n++] = sizeof(isgn);
    for (i = 0; i < ARRAY_SIZE(isgn); ++i)
        out[n++] = isgn[i];
    out[offsets + 1] = (uint32_t)(n * 4);
    out[n++] = TAG('S', 'H', 'E', 'X');
    out[n++] = sizeof(shex);
    for (i = 0; i < ARRAY_SIZE(shex); ++i)
        out[n++] = shex[i];
    if (with_rts0)
    {
        out[offsets + 2] = (uint32_t)(n * 4);
        out[n++] = TAG('R', 'T', 'S', '0');
        out[n++] = (uint32_t)rts0_size;
        memcpy(&out[n], rts0, rts0_size);
        n += rts0_size / 4;
    }
    out[6] = (uint32_t)(n * 4);
    return n * 4;
}

START_TEST(test_shader_container)
{
    static const D3D12_ROOT_PARAMETER1 params[] =
    {
        {D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS, .Constants = {0, 0, 4}},
        {D3D12_ROOT_PARAMETER_TYPE_UAV, .Descriptor = {0, 0, 0}},
    };
    static const D3D12_ROOT_SIGNATURE_DESC1 rs = {2, params, 0, NULL, 0};
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *got;
    ID3D12VersionedRootSignatureDeserializer *deserializer;
    ID3D12Device *device = create_device();
    uint32_t container[256], *copy;
    struct words *b = malloc(sizeof(*b));
    size_t size;

    write_rts0(&rs, NULL, 0, b);
    size = build_container(container, b->w, b->n * 4, true);
    ck_assert_int_eq(create_from(device, container, size, NULL), S_OK);
    ck_assert_int_eq(deserializer_from(container, size, &deserializer), S_OK);
    got = ID3D12VersionedRootSignatureDeserializer_GetUnconvertedRootSignatureDesc(deserializer);
    ck_assert_int_eq(got->Version, D3D_ROOT_SIGNATURE_VERSION_1_1);
    compare_desc_1_1(&got->Desc_1_1, &rs, sizeof(D3D12_STATIC_SAMPLER_DESC));
    ID3D12VersionedRootSignatureDeserializer_Release(deserializer);

    /* Broken containers: truncated, declared bigger, huge part counts, parts outside it,
     * another version, no RTS0 part. */
    copy = copy_bytes(container, size);
    for (size_t length = 4; length < size; ++length)
        ck_assert_int_eq(create_from(device, container, length, NULL), E_INVALIDARG);
    copy[6] = (uint32_t)size + 4;
    ck_assert_int_eq(create_from(device, copy, size, NULL), E_INVALIDARG);
    memcpy(copy, container, size);
    copy[7] = 0x40000000;
    ck_assert_int_eq(create_from(device, copy, size, NULL), E_INVALIDARG);
    memcpy(copy, container, size);
    copy[10] = (uint32_t)size;
    ck_assert_int_eq(create_from(device, copy, size, NULL), E_INVALIDARG);
    memcpy(copy, container, size);
    copy[container[10] / 4 + 1] = 0xfffffff8;
    ck_assert_int_eq(deserializer_from(copy, size, NULL), E_INVALIDARG);
    memcpy(copy, container, size);
    copy[5] = 2;
    ck_assert_int_eq(deserializer_from(copy, size, NULL), E_INVALIDARG);
    size = build_container(copy, NULL, 0, false);
    ck_assert_int_eq(create_from(device, copy, size, NULL), E_INVALIDARG);
    ck_assert_int_eq(deserializer_from(copy, size, NULL), E_INVALIDARG);
    free(copy);
    free(b);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST


int main(void)
{
    Suite *suite = suite_create("root_signature");
    TCase *tc;

    tc = tcase_create("blobs");
    tcase_add_test(tc, test_serialize_matches_fxc);
    tcase_add_test(tc, test_checksum);
    tcase_add_test(tc, test_deserialize_fxc);
    tcase_add_test(tc, test_round_trips);
    tcase_add_test(tc, test_version_conversion);
    tcase_add_test(tc, test_version_conversion_lossy);
    suite_add_tcase(suite, tc);

    tc = tcase_create("malformed");
    tcase_add_test(tc, test_truncated_blobs);
    tcase_add_test(tc, test_bad_rts0);
    tcase_add_test(tc, test_shader_container);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, root_signature_device_suite(), NULL);
}
