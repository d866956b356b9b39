/*
 * Root signatures on a device: every validation rule (through the serializer's error text
 * and CreateRootSignature's HRESULT), this device's binding-tier limits, the info-queue
 * messages, root arguments checked against the bound root signature (through Close),
 * and the interfaces of root signatures, deserializers and blobs.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_root_signature.h"
#include "rt_adapter.h"
#include "rt_root_signature.h"
#include "ddi_spy.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

/* ---- Validation ----------------------------------------------------------------------------- */

#define APPEND D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND
#define RANGE(type, count, base, space, flags, offset) \
    {D3D12_DESCRIPTOR_RANGE_TYPE_##type, count, base, space, flags, offset}
#define TABLE(ranges, visibility) \
    {D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, .DescriptorTable = {ARRAY_SIZE(ranges), ranges}, \
     D3D12_SHADER_VISIBILITY_##visibility}
#define ROOT_VIEW(type, reg, space, flags, visibility) \
    {D3D12_ROOT_PARAMETER_TYPE_##type, .Descriptor = {reg, space, flags}, D3D12_SHADER_VISIBILITY_##visibility}
#define CONSTANTS(reg, space, count) {D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS, .Constants = {reg, space, count}}
#define DV D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE
#define DATA_V D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE
#define DATA_S D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC
#define KEEP_BOUNDS D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS

static const D3D12_DESCRIPTOR_RANGE1 r_mixed[] = {RANGE(SRV, 1, 0, 0, 0, APPEND), RANGE(SAMPLER, 1, 0, 0, 0, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_type[] = {RANGE(SRV, 1, 0, 0, 0, APPEND), {4, 1, 1, 0, 0, APPEND}};
static const D3D12_DESCRIPTOR_RANGE1 r_empty[] = {RANGE(SRV, 0, 0, 0, 0, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_after_unbounded[] =
        {RANGE(SRV, UINT_MAX, 0, 0, 0, APPEND), RANGE(SRV, 1, 0, 1, 0, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_explicit_after_unbounded[] =
        {RANGE(SRV, UINT_MAX, 0, 0, 0, APPEND), RANGE(SRV, 1, 0, 1, 0, 0)};
static const D3D12_DESCRIPTOR_RANGE1 r_register_overflow[] = {RANGE(SRV, 32, 0xfffffff0u, 0, 0, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_offset_overflow[] = {RANGE(SRV, 32, 0, 0, 0, 0xfffffff0u)};
static const D3D12_DESCRIPTOR_RANGE1 r_reserved[] = {RANGE(UAV, 1, 0, 0xfffffff0u, 0, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_srv_0_3[] = {RANGE(SRV, 4, 0, 0, 0, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_srv_2[] = {RANGE(SRV, 1, 2, 0, 0, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_alias_types[] = {RANGE(SRV, 4, 0, 0, 0, 0), RANGE(UAV, 4, 0, 0, 0, 2)};
static const D3D12_DESCRIPTOR_RANGE1 r_alias_same[] = {RANGE(SRV, 4, 0, 0, 0, 0), RANGE(SRV, 4, 4, 0, 0, 2)};
static const D3D12_DESCRIPTOR_RANGE1 r_two_data[] = {RANGE(SRV, 1, 0, 0, DATA_V | DATA_S, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_volatile_static[] = {RANGE(SRV, 1, 0, 0, DV | DATA_S, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_two_descriptor[] = {RANGE(SRV, 1, 0, 0, DV | KEEP_BOUNDS, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_sampler_data[] = {RANGE(SAMPLER, 1, 0, 0, DATA_V, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_unknown_flag[] = {RANGE(SRV, 1, 0, 0, 0x100, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_keep_bounds[] = {RANGE(CBV, 1, 0, 0, KEEP_BOUNDS | DATA_S, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 r_sampler_s0[] = {RANGE(SAMPLER, 1, 0, 0, 0, APPEND)};

static const D3D12_ROOT_PARAMETER1 p_mixed[] = {TABLE(r_mixed, ALL)};
static const D3D12_ROOT_PARAMETER1 p_type[] = {TABLE(r_type, ALL)};
static const D3D12_ROOT_PARAMETER1 p_empty[] = {TABLE(r_empty, ALL)};
static const D3D12_ROOT_PARAMETER1 p_after_unbounded[] = {TABLE(r_after_unbounded, ALL)};
static const D3D12_ROOT_PARAMETER1 p_explicit_after_unbounded[] = {TABLE(r_explicit_after_unbounded, ALL)};
static const D3D12_ROOT_PARAMETER1 p_register_overflow[] = {TABLE(r_register_overflow, ALL)};
static const D3D12_ROOT_PARAMETER1 p_offset_overflow[] = {TABLE(r_offset_overflow, ALL)};
static const D3D12_ROOT_PARAMETER1 p_reserved[] = {TABLE(r_reserved, ALL)};
static const D3D12_ROOT_PARAMETER1 p_reserved_constants[] = {CONSTANTS(0, 0xffffffffu, 1)};
static const D3D12_ROOT_PARAMETER1 p_table_overlap[] = {TABLE(r_srv_0_3, PIXEL), TABLE(r_srv_2, ALL)};
static const D3D12_ROOT_PARAMETER1 p_table_no_overlap[] = {TABLE(r_srv_0_3, PIXEL), TABLE(r_srv_2, VERTEX)};
static const D3D12_ROOT_PARAMETER1 p_view_overlap[] = {ROOT_VIEW(CBV, 0, 0, 0, ALL), CONSTANTS(0, 0, 1)};
static const D3D12_ROOT_PARAMETER1 p_view_other_space[] = {ROOT_VIEW(CBV, 0, 0, 0, ALL), CONSTANTS(0, 1, 1)};
static const D3D12_ROOT_PARAMETER1 p_view_other_kind[] = {ROOT_VIEW(SRV, 0, 0, 0, ALL), ROOT_VIEW(UAV, 0, 0, 0, ALL)};
static const D3D12_ROOT_PARAMETER1 p_alias_types[] = {TABLE(r_alias_types, ALL)};
static const D3D12_ROOT_PARAMETER1 p_alias_same[] = {TABLE(r_alias_same, ALL)};
static const D3D12_ROOT_PARAMETER1 p_two_data[] = {TABLE(r_two_data, ALL)};
static const D3D12_ROOT_PARAMETER1 p_volatile_static[] = {TABLE(r_volatile_static, ALL)};
static const D3D12_ROOT_PARAMETER1 p_two_descriptor[] = {TABLE(r_two_descriptor, ALL)};
static const D3D12_ROOT_PARAMETER1 p_sampler_data[] = {TABLE(r_sampler_data, ALL)};
static const D3D12_ROOT_PARAMETER1 p_unknown_flag[] = {TABLE(r_unknown_flag, ALL)};
static const D3D12_ROOT_PARAMETER1 p_keep_bounds[] = {TABLE(r_keep_bounds, ALL)};
static const D3D12_ROOT_PARAMETER1 p_view_flags[] = {ROOT_VIEW(CBV, 0, 0, 0x2 | 0x8, ALL)};
static const D3D12_ROOT_PARAMETER1 p_view_unknown_flag[] = {ROOT_VIEW(SRV, 0, 0, 0x1, ALL)};
static const D3D12_ROOT_PARAMETER1 p_visibility[] = {{D3D12_ROOT_PARAMETER_TYPE_CBV, .Descriptor = {0, 0, 0},
                                                       (D3D12_SHADER_VISIBILITY)8}};
static const D3D12_ROOT_PARAMETER1 p_65_dwords[] = {CONSTANTS(0, 0, 63), ROOT_VIEW(CBV, 1, 0, 0, ALL)};
static const D3D12_ROOT_PARAMETER1 p_64_dwords[] = {CONSTANTS(0, 0, 62), ROOT_VIEW(CBV, 1, 0, 0, ALL)};
static const D3D12_ROOT_PARAMETER1 p_sampler_table[] = {TABLE(r_sampler_s0, ALL)};

#define SAMPLER(filter, u, lod_bias, anisotropy, func, border, min_lod, reg, visibility, flags) \
    {{filter, u, D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_WRAP, lod_bias, anisotropy, func, \
      border, min_lod, 1000.0f, reg, 0, visibility}, flags}
#define GOOD_SAMPLER(reg) SAMPLER(D3D12_FILTER_MIN_MAG_MIP_LINEAR, D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1, \
        D3D12_COMPARISON_FUNC_NEVER, D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK, 0.0f, reg, 0, 0)

static const struct rt_static_sampler_desc1 s_good[] = {GOOD_SAMPLER(1)};
static const struct rt_static_sampler_desc1 s_s0[] = {GOOD_SAMPLER(0)};
static const struct rt_static_sampler_desc1 s_filter[] = {SAMPLER((D3D12_FILTER)0x56,
        D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1, D3D12_COMPARISON_FUNC_NEVER, 0, 0.0f, 0, 0, 0)};
static const struct rt_static_sampler_desc1 s_address[] = {SAMPLER(D3D12_FILTER_MIN_MAG_MIP_POINT,
        (D3D12_TEXTURE_ADDRESS_MODE)0, 0.0f, 1, D3D12_COMPARISON_FUNC_NEVER, 0, 0.0f, 0, 0, 0)};
static const struct rt_static_sampler_desc1 s_bias[] = {SAMPLER(D3D12_FILTER_MIN_MAG_MIP_POINT,
        D3D12_TEXTURE_ADDRESS_MODE_WRAP, 16.0f, 1, D3D12_COMPARISON_FUNC_NEVER, 0, 0.0f, 0, 0, 0)};
static const struct rt_static_sampler_desc1 s_anisotropy[] = {SAMPLER(D3D12_FILTER_ANISOTROPIC,
        D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 17, D3D12_COMPARISON_FUNC_NEVER, 0, 0.0f, 0, 0, 0)};
static const struct rt_static_sampler_desc1 s_comparison[] = {SAMPLER(D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
        D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1, (D3D12_COMPARISON_FUNC)0, 0, 0.0f, 0, 0, 0)};
static const struct rt_static_sampler_desc1 s_border[] = {SAMPLER(D3D12_FILTER_MIN_MAG_MIP_POINT,
        D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1, D3D12_COMPARISON_FUNC_NEVER, (D3D12_STATIC_BORDER_COLOR)5, 0.0f,
        0, 0, 0)};
static const struct rt_static_sampler_desc1 s_nan[] = {SAMPLER(D3D12_FILTER_MIN_MAG_MIP_POINT,
        D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1, D3D12_COMPARISON_FUNC_NEVER, 0, __builtin_nanf(""), 0, 0, 0)};
static const struct rt_static_sampler_desc1 s_visibility[] = {SAMPLER(D3D12_FILTER_MIN_MAG_MIP_POINT,
        D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1, D3D12_COMPARISON_FUNC_NEVER, 0, 0.0f, 0, 9, 0)};
static const struct rt_static_sampler_desc1 s_new_flag[] = {SAMPLER(D3D12_FILTER_MIN_MAG_MIP_POINT,
        D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1, D3D12_COMPARISON_FUNC_NEVER, 0, 0.0f, 0, 0, 0x2)};
static const struct rt_static_sampler_desc1 s_uint_float[] = {SAMPLER(D3D12_FILTER_MIN_MAG_MIP_POINT,
        D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1, D3D12_COMPARISON_FUNC_NEVER,
        D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE, 0.0f, 0, 0, D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR)};
static const struct rt_static_sampler_desc1 s_uint[] = {SAMPLER(D3D12_FILTER_MIN_MAG_MIP_POINT,
        D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1, D3D12_COMPARISON_FUNC_NEVER,
        D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT, 0.0f, 0, 0, D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR)};

struct validation_case
{
    const D3D12_ROOT_PARAMETER1 *params;
    UINT param_count;
    const struct rt_static_sampler_desc1 *samplers;
    UINT sampler_count;
    D3D12_ROOT_SIGNATURE_FLAGS flags;
    const char *why;            /* in the serializer's error text; NULL: valid everywhere */
};

#define PARAMS(p) p, ARRAY_SIZE(p)
#define SAMPLERS(s) s, ARRAY_SIZE(s)

static const struct validation_case validation_cases[] =
{
    {NULL, 0, NULL, 0, (D3D12_ROOT_SIGNATURE_FLAGS)0x1000, "unknown root signature flags"},
    {PARAMS(p_visibility), NULL, 0, 0, "unknown visibility"},
    {PARAMS(p_type), NULL, 0, 0, "unknown type"},
    {PARAMS(p_mixed), NULL, 0, 0, "mixes samplers"},
    {PARAMS(p_empty), NULL, 0, 0, "no descriptors"},
    {PARAMS(p_after_unbounded), NULL, 0, 0, "appended after an unbounded range"},
    {PARAMS(p_register_overflow), NULL, 0, 0, "overflow"},
    {PARAMS(p_offset_overflow), NULL, 0, 0, "overflow"},
    {PARAMS(p_reserved), NULL, 0, 0, "reserved"},
    {PARAMS(p_reserved_constants), NULL, 0, 0, "reserved"},
    {PARAMS(p_table_overlap), NULL, 0, 0, "overlap"},
    {PARAMS(p_view_overlap), NULL, 0, 0, "overlap"},
    {PARAMS(p_alias_types), NULL, 0, 0, "shares descriptors"},
    {PARAMS(p_two_data), NULL, 0, 0, "conflicting flags"},
    {PARAMS(p_two_descriptor), NULL, 0, 0, "conflicting flags"},
    {PARAMS(p_volatile_static), NULL, 0, 0, "volatile descriptors"},
    {PARAMS(p_sampler_data), NULL, 0, 0, "no data"},
    {PARAMS(p_unknown_flag), NULL, 0, 0, "unknown flags"},
    {PARAMS(p_view_flags), NULL, 0, 0, "conflicting flags"},
    {PARAMS(p_view_unknown_flag), NULL, 0, 0, "unknown flags"},
    {PARAMS(p_65_dwords), NULL, 0, 0, "DWORDs"},
    {PARAMS(p_sampler_table), SAMPLERS(s_s0), 0, "overlap"},
    {NULL, 0, SAMPLERS(s_filter), 0, "filter"},
    {NULL, 0, SAMPLERS(s_address), 0, "address mode"},
    {NULL, 0, SAMPLERS(s_bias), 0, "MipLODBias"},
    {NULL, 0, SAMPLERS(s_anisotropy), 0, "MaxAnisotropy"},
    {NULL, 0, SAMPLERS(s_comparison), 0, "comparison function"},
    {NULL, 0, SAMPLERS(s_border), 0, "border color"},
    {NULL, 0, SAMPLERS(s_nan), 0, "NaN"},
    {NULL, 0, SAMPLERS(s_visibility), 0, "visibility"},
    {NULL, 0, SAMPLERS(s_new_flag), 0, "unknown flags"},
    {NULL, 0, SAMPLERS(s_uint_float), 0, "float color"},
    /* Valid: the limits themselves, stages that share nothing, other spaces and kinds,
     * same-type aliasing, the flags that combine. */
    {PARAMS(p_64_dwords), NULL, 0, 0, NULL},
    {PARAMS(p_table_no_overlap), NULL, 0, 0, NULL},
    {PARAMS(p_view_other_space), NULL, 0, 0, NULL},
    {PARAMS(p_view_other_kind), NULL, 0, 0, NULL},
    {PARAMS(p_alias_same), NULL, 0, 0, NULL},
    {PARAMS(p_keep_bounds), NULL, 0, 0, NULL},
    {PARAMS(p_sampler_table), SAMPLERS(s_good), 0, NULL},
    {NULL, 0, SAMPLERS(s_uint), 0, NULL},
};

static void validation_desc(const struct validation_case *c, D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc)
{
    memset(desc, 0, sizeof(*desc));
    desc->Version = c->sampler_count ? RT_ROOT_SIGNATURE_VERSION_1_2 : D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc->Desc_1_1.NumParameters = c->param_count;
    desc->Desc_1_1.pParameters = c->params;
    desc->Desc_1_1.NumStaticSamplers = c->sampler_count;
    desc->Desc_1_1.pStaticSamplers = (const D3D12_STATIC_SAMPLER_DESC *)(const void *)c->samplers;
    desc->Desc_1_1.Flags = c->flags;
}

START_TEST(test_validation)
{
    const struct validation_case *c = &validation_cases[_i];
    ID3D12Device *device = create_device();
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    ID3DBlob *blob, *error;
    struct words *b = malloc(sizeof(*b));
    const char *text;
    HRESULT hr;

    validation_desc(c, &desc);
    blob = error = (ID3DBlob *)(uintptr_t)0xdeadbeef;
    hr = D3D12SerializeVersionedRootSignature(&desc, &blob, &error);
    write_rts0(&desc.Desc_1_1, c->samplers, c->sampler_count, b);
    if (!c->why)
    {
        ck_assert_int_eq(hr, S_OK);
        ck_assert_ptr_null(error);
        ck_assert_int_eq(create_from(device, ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                                     NULL), S_OK);
        ID3D10Blob_Release(blob);
        ck_assert_int_eq(create_from(device, b->w, b->n * 4, NULL), S_OK);
    }
    else
    {
        ck_assert_int_eq(hr, E_INVALIDARG);
        ck_assert_ptr_null(blob);
        ck_assert_ptr_nonnull(error);
        text = ID3D10Blob_GetBufferPointer(error);
        ck_assert_uint_eq(ID3D10Blob_GetBufferSize(error), strlen(text) + 1);
        ck_assert_msg(strstr(text, c->why), "case %d: \"%s\" does not say \"%s\"", _i, text, c->why);
        ck_assert_uint_eq(ID3D10Blob_Release(error), 0);
        ck_assert_int_eq(create_from(device, b->w, b->n * 4, NULL), E_INVALIDARG);
        /* Without an error blob the failure is the same. */
        ck_assert_int_eq(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), E_INVALIDARG);
    }
    free(b);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/* Valid anywhere, refused by this device: binding tier 2 (14 CBVs a stage, 64 UAVs over
 * all stages, 2048 samplers a stage, SRVs over the whole heap), and features it lacks. */
START_TEST(test_device_limits)
{
    static const D3D12_DESCRIPTOR_RANGE1 cbv_10[] = {RANGE(CBV, 10, 0, 0, 0, APPEND)};
    static const D3D12_DESCRIPTOR_RANGE1 cbv_5[] = {RANGE(CBV, 5, 10, 0, 0, APPEND)};
    static const D3D12_DESCRIPTOR_RANGE1 cbv_15[] = {RANGE(CBV, 15, 0, 0, 0, APPEND)};
    static const D3D12_DESCRIPTOR_RANGE1 srv_128[] = {RANGE(SRV, 128, 0, 0, 0, APPEND)};
    static const D3D12_DESCRIPTOR_RANGE1 srv_129[] = {RANGE(SRV, 129, 0, 0, 0, APPEND)};
    static const D3D12_DESCRIPTOR_RANGE1 srv_unbounded[] = {RANGE(SRV, UINT_MAX, 0, 0, 0, APPEND)};
    static const D3D12_DESCRIPTOR_RANGE1 samplers_2048[] = {RANGE(SAMPLER, 2048, 0, 0, 0, APPEND)};
    static const D3D12_DESCRIPTOR_RANGE1 uav_63[] = {RANGE(UAV, 63, 0, 0, 0, APPEND)};
    static const D3D12_DESCRIPTOR_RANGE1 uav_1[] = {RANGE(UAV, 1, 63, 0, 0, APPEND)};
    static const D3D12_DESCRIPTOR_RANGE1 uav_2[] = {RANGE(UAV, 2, 63, 0, 0, APPEND)};
    static const D3D12_DESCRIPTOR_RANGE1 uav_unbounded[] = {RANGE(UAV, UINT_MAX, 0, 0, 0, APPEND)};
    static const D3D12_ROOT_PARAMETER1 cbv_two_stages[] = {TABLE(cbv_10, VERTEX), TABLE(cbv_5, PIXEL)};
    static const D3D12_ROOT_PARAMETER1 cbv_one_stage[] = {TABLE(cbv_10, PIXEL), TABLE(cbv_5, ALL)};
    static const D3D12_ROOT_PARAMETER1 cbv_too_many[] = {TABLE(cbv_15, PIXEL)};
    static const D3D12_ROOT_PARAMETER1 srv_limit[] = {TABLE(srv_128, ALL)};
    static const D3D12_ROOT_PARAMETER1 srv_too_many[] = {TABLE(srv_129, GEOMETRY)};
    static const D3D12_ROOT_PARAMETER1 srv_unbounded_table[] = {TABLE(srv_unbounded, ALL)};
    static const D3D12_ROOT_PARAMETER1 samplers_limit[] = {TABLE(samplers_2048, PIXEL)};
    /* UAVs count over all stages, even in tables no stage shares. */
    static const D3D12_ROOT_PARAMETER1 uav_limit[] = {TABLE(uav_63, VERTEX), TABLE(uav_1, PIXEL)};
    static const D3D12_ROOT_PARAMETER1 uav_too_many[] = {TABLE(uav_63, VERTEX), TABLE(uav_2, PIXEL)};
    static const D3D12_ROOT_PARAMETER1 uav_unbounded_table[] = {TABLE(uav_unbounded, ALL)};
    static const struct
    {
        const D3D12_ROOT_PARAMETER1 *params;
        UINT count;
        D3D12_ROOT_SIGNATURE_FLAGS flags;
        HRESULT hr;
    }
    cases[] =
    {
        {PARAMS(cbv_two_stages), 0, S_OK},
        {PARAMS(cbv_one_stage), 0, E_INVALIDARG},
        {PARAMS(cbv_too_many), 0, E_INVALIDARG},
        {PARAMS(srv_limit), 0, S_OK},
        {PARAMS(srv_too_many), 0, S_OK},
        {PARAMS(srv_unbounded_table), 0, S_OK},
        {PARAMS(p_explicit_after_unbounded), 0, S_OK},
        {PARAMS(samplers_limit), 0, S_OK},
        {PARAMS(uav_limit), 0, S_OK},
        {PARAMS(uav_too_many), 0, E_INVALIDARG},
        {PARAMS(uav_unbounded_table), 0, E_INVALIDARG},
        {NULL, 0, D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE, E_INVALIDARG},
        {NULL, 0, D3D12_ROOT_SIGNATURE_FLAG_CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED, E_INVALIDARG},
        {NULL, 0, D3D12_ROOT_SIGNATURE_FLAG_SAMPLER_HEAP_DIRECTLY_INDEXED, E_INVALIDARG},
    };
    ID3D12Device *device = create_device();
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    ID3DBlob *blob;
    unsigned int i;

    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options,
                                                      sizeof(options)), S_OK);
    ck_assert_int_eq(options.ResourceBindingTier, D3D12_RESOURCE_BINDING_TIER_2);
    for (i = 0; i < ARRAY_SIZE(cases); ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
        desc.Desc_1_1.NumParameters = cases[i].count;
        desc.Desc_1_1.pParameters = cases[i].params;
        desc.Desc_1_1.Flags = cases[i].flags;
        blob = serialize(&desc);
        ck_assert_msg(create_from(device, ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob), NULL)
                      == cases[i].hr, "case %u", i);
        ID3D10Blob_Release(blob);
    }
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

static void check_last_message(ID3D12InfoQueue *queue, D3D12_MESSAGE_ID id, const char *text)
{
    UINT64 count = ID3D12InfoQueue_GetNumStoredMessages(queue);
    D3D12_MESSAGE *message;
    SIZE_T length = 0;

    ck_assert_uint_gt(count, 0);
    ck_assert_int_eq(ID3D12InfoQueue_GetMessage(queue, count - 1, NULL, &length), S_OK);
    ck_assert_ptr_nonnull(message = malloc(length));
    ck_assert_int_eq(ID3D12InfoQueue_GetMessage(queue, count - 1, message, &length), S_OK);
    ck_assert_int_eq(message->ID, id);
    ck_assert_int_eq(message->Category, D3D12_MESSAGE_CATEGORY_STATE_CREATION);
    ck_assert_int_eq(message->Severity, D3D12_MESSAGE_SEVERITY_ERROR);
    ck_assert_msg(strstr(message->pDescription, "CreateRootSignature: ") == message->pDescription
                  && strstr(message->pDescription, text), "message \"%s\"", message->pDescription);
    free(message);
}

START_TEST(test_messages)
{
    static const D3D12_DESCRIPTOR_RANGE1 cbv_15[] = {RANGE(CBV, 15, 0, 0, 0, APPEND)};
    static const D3D12_ROOT_PARAMETER1 too_many[] = {TABLE(cbv_15, PIXEL)};
    static const D3D12_ROOT_SIGNATURE_DESC1 limits = {1, too_many, 0, NULL, 0};
    static const D3D12_ROOT_SIGNATURE_DESC1 mixed = {1, p_mixed, 0, NULL, 0};
    struct words *b = malloc(sizeof(*b));
    ID3D12InfoQueue *queue;
    ID3D12Device *device;
    ID3D12Debug *debug;
    uint32_t container[64];
    size_t size;

    ck_assert_int_eq(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
    device = create_device();
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);

    size = build_container(container, NULL, 0, false);
    ck_assert_int_eq(create_from(device, container, size, NULL), E_INVALIDARG);
    check_last_message(queue, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_BLOB_NOT_FOUND, "no RTS0 part");
    ck_assert_int_eq(create_from(device, fxc_empty_blob(), fxc_empty_size() - 4, NULL), E_INVALIDARG);
    check_last_message(queue, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED, "container");
    write_rts0(&mixed, NULL, 0, b);
    ck_assert_int_eq(create_from(device, b->w, b->n * 4, NULL), E_INVALIDARG);
    check_last_message(queue, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_INVALID_CONFIGURATION, "mixes samplers");
    write_rts0(&limits, NULL, 0, b);
    ck_assert_int_eq(create_from(device, b->w, b->n * 4, NULL), E_INVALIDARG);
    check_last_message(queue, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE, "tier 2");

    free(b);
    ID3D12InfoQueue_Release(queue);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/* ---- Root arguments ------------------------------------------------------------------------ */

static const D3D12_DESCRIPTOR_RANGE1 args_srvs[] = {RANGE(SRV, 2, 0, 0, 0, APPEND)};
static const D3D12_DESCRIPTOR_RANGE1 args_samplers[] = {RANGE(SAMPLER, 1, 0, 0, 0, APPEND)};
static const D3D12_ROOT_PARAMETER1 args_params[] =
{
    TABLE(args_srvs, ALL),
    CONSTANTS(0, 0, 4),
    ROOT_VIEW(CBV, 1, 0, 0, ALL),
    ROOT_VIEW(SRV, 5, 0, 0, ALL),
    ROOT_VIEW(UAV, 0, 0, 0, ALL),
    TABLE(args_samplers, ALL),
};

static ID3D12RootSignature *create_args_root_signature(ID3D12Device *device)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = {D3D_ROOT_SIGNATURE_VERSION_1_1,
            .Desc_1_1 = {ARRAY_SIZE(args_params), args_params, 0, NULL, 0}};
    ID3D12RootSignature *signature;
    ID3DBlob *blob = serialize(&desc);

    ck_assert_int_eq(create_from(device, ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                                 &signature), S_OK);
    ID3D10Blob_Release(blob);
    return signature;
}

static ID3D12DescriptorHeap *create_shader_heap(ID3D12Device *device, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {type, 4, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    ID3D12DescriptorHeap *heap;

    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
                     S_OK);
    return heap;
}

/* What one recording case does to a freshly reset list. */
enum args_case
{
    ARGS_VALID,
    ARGS_NO_ROOT_SIGNATURE,
    ARGS_INDEX_OUT_OF_RANGE,
    ARGS_CONSTANTS_ON_TABLE,
    ARGS_CONSTANTS_OVERFLOW,
    ARGS_CONSTANT_PAST_END,
    ARGS_SRV_ON_CBV,
    ARGS_TABLE_ON_CONSTANTS,
    ARGS_SAMPLER_HANDLE_ON_SRV_TABLE,
    ARGS_SRV_HANDLE_ON_SAMPLER_TABLE,
    ARGS_FOREIGN_ROOT_SIGNATURE,
    ARGS_COMPUTE_NOT_SET,
    ARGS_UNBOUND_AGAIN,
    ARGS_COUNT,
};

struct args_context
{
    struct test_context ctx;
    ID3D12RootSignature *signature;
    ID3D12DescriptorHeap *heaps[2];
    D3D12_GPU_DESCRIPTOR_HANDLE srv, sampler;
};

static void record_args_case(struct args_context *a, enum args_case which)
{
    static const UINT data[4] = {1, 2, 3, 4};
    ID3D12GraphicsCommandList *list = a->ctx.list;
    const D3D12_GPU_VIRTUAL_ADDRESS va = 0x10000;

    ID3D12GraphicsCommandList_SetDescriptorHeaps(list, 2, a->heaps);
    if (which != ARGS_NO_ROOT_SIGNATURE && which != ARGS_FOREIGN_ROOT_SIGNATURE)
        ID3D12GraphicsCommandList_SetGraphicsRootSignature(list, a->signature);
    switch (which)
    {
        case ARGS_VALID:
            ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(list, 0, a->srv);
            ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(list, 1, 4, data, 0);
            ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstant(list, 1, 7, 3);
            ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(list, 1, 0, NULL, 4);
            ID3D12GraphicsCommandList_SetGraphicsRootConstantBufferView(list, 2, va);
            ID3D12GraphicsCommandList_SetGraphicsRootShaderResourceView(list, 3, va);
            ID3D12GraphicsCommandList_SetGraphicsRootUnorderedAccessView(list, 4, va);
            ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(list, 5, a->sampler);
            ID3D12GraphicsCommandList_SetComputeRootSignature(list, a->signature);
            ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(list, 0, a->srv);
            ID3D12GraphicsCommandList_SetComputeRoot32BitConstants(list, 1, 2, data, 2);
            ID3D12GraphicsCommandList_SetComputeRootConstantBufferView(list, 2, va);
            ID3D12GraphicsCommandList_SetComputeRootShaderResourceView(list, 3, va);
            ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(list, 4, va);
            ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(list, 5, a->sampler);
            break;
        case ARGS_NO_ROOT_SIGNATURE:
            ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstant(list, 1, 0, 0);
            break;
        case ARGS_INDEX_OUT_OF_RANGE:
            ID3D12GraphicsCommandList_SetGraphicsRootConstantBufferView(list, ARRAY_SIZE(args_params), va);
            break;
        case ARGS_CONSTANTS_ON_TABLE:
            ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(list, 0, 1, data, 0);
            break;
        case ARGS_CONSTANTS_OVERFLOW:
            ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(list, 1, 3, data, 2);
            break;
        case ARGS_CONSTANT_PAST_END:
            ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstant(list, 1, 0, 4);
            break;
        case ARGS_SRV_ON_CBV:
            ID3D12GraphicsCommandList_SetGraphicsRootShaderResourceView(list, 2, va);
            break;
        case ARGS_TABLE_ON_CONSTANTS:
            ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(list, 1, a->srv);
            break;
        case ARGS_SAMPLER_HANDLE_ON_SRV_TABLE:
            ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(list, 0, a->sampler);
            break;
        case ARGS_SRV_HANDLE_ON_SAMPLER_TABLE:
            ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(list, 5, a->srv);
            break;
        case ARGS_FOREIGN_ROOT_SIGNATURE:
            /* Any other object in its place. */
            ID3D12GraphicsCommandList_SetGraphicsRootSignature(list, (ID3D12RootSignature *)a->heaps[0]);
            break;
        case ARGS_COMPUTE_NOT_SET:
            ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(list, 4, va);
            break;
        case ARGS_UNBOUND_AGAIN:
            ID3D12GraphicsCommandList_SetGraphicsRootSignature(list, NULL);
            ID3D12GraphicsCommandList_SetGraphicsRootUnorderedAccessView(list, 4, va);
            break;
        case ARGS_COUNT:
            break;
    }
}

START_TEST(test_root_arguments)
{
    struct ddi_spy *spy = ddi_spy_create(NULL, false);
    struct ddi_spy_call call;
    struct args_context a;
    char expected[64];
    size_t index;
    HRESULT hr;

    rt_testing_set_driver_spy(spy);
    test_context_init(&a.ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    a.signature = create_args_root_signature(a.ctx.device);
    a.heaps[0] = create_shader_heap(a.ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    a.heaps[1] = create_shader_heap(a.ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
    a.srv = ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(a.heaps[0]);
    a.sampler = ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(a.heaps[1]);

    /* The driver gets its own root signature object. */
    ddi_spy_clear(spy);
    record_args_case(&a, ARGS_VALID);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(a.ctx.list), S_OK);
    ck_assert_int_eq(ddi_spy_count(spy, "SetGraphicsRoot32BitConstants"), 3);
    ck_assert_int_eq(ddi_spy_count(spy, "SetComputeRootDescriptorTable"), 2);
    index = ddi_spy_find(spy, 0, "SetGraphicsRootSignature");
    ck_assert(ddi_spy_get_call(spy, index, &call));
    snprintf(expected, sizeof(expected), "root_signature=%p", rt_root_signature_from_iface(a.signature)->drv_memory);
    ck_assert_msg(strstr(call.args, expected), "%s", call.args);

    for (int which = ARGS_NO_ROOT_SIGNATURE; which < ARGS_COUNT; ++which)
    {
        ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(a.ctx.list, a.ctx.allocator, NULL), S_OK);
        record_args_case(&a, which);
        hr = ID3D12GraphicsCommandList_Close(a.ctx.list);
        ck_assert_msg(hr == E_INVALIDARG, "case %d: Close returned %#x", which, (unsigned int)hr);
    }
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(a.ctx.list, a.ctx.allocator, NULL), S_OK);

    ID3D12DescriptorHeap_Release(a.heaps[0]);
    ID3D12DescriptorHeap_Release(a.heaps[1]);
    ID3D12RootSignature_Release(a.signature);
    test_context_destroy(&a.ctx);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

/* Bundles inherit the executing list's root signature: without one of their own, only
 * the absolute limits apply. */
START_TEST(test_bundle_root_arguments)
{
    static const UINT data[64];
    struct test_context ctx;
    ID3D12RootSignature *signature;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_BUNDLE);
    signature = create_args_root_signature(ctx.device);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(ctx.list, 63, 64, data, 0);
    ID3D12GraphicsCommandList_SetComputeRootConstantBufferView(ctx.list, 2, 0x10000);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);

    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstant(ctx.list, 64, 0, 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), E_INVALIDARG);

    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(ctx.list, 0, 65, data, 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), E_INVALIDARG);

    /* A bundle that sets its own is checked against it. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstant(ctx.list, 2, 0, 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), E_INVALIDARG);

    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/* A root signature of another device is foreign to this one's lists. */
START_TEST(test_root_signature_other_device)
{
    ID3D12DeviceFactory *factory;
    ID3D12RootSignature *signature;
    struct test_context ctx;
    ID3D12Device *other;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    ck_assert_int_eq(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory), S_OK);
    ck_assert_int_eq(ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                                                      (void **)&other), S_OK);
    ck_assert_ptr_ne(other, ctx.device);
    signature = create_args_root_signature(other);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12RootSignature_Release(signature);
    ck_assert_uint_eq(ID3D12Device_Release(other), 0);
    ID3D12DeviceFactory_Release(factory);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Objects and entry points -------------------------------------------------------------- */

static void check_interface(void *iface, REFIID riid, bool supported)
{
    IUnknown *unknown = iface, *out = (IUnknown *)(uintptr_t)0xdeadbeef;
    HRESULT hr = IUnknown_QueryInterface(unknown, riid, (void **)&out);

    ck_assert_int_eq(hr, supported ? S_OK : E_NOINTERFACE);
    if (supported)
    {
        ck_assert_ptr_eq(out, unknown);
        IUnknown_Release(out);
    }
    else
    {
        ck_assert_ptr_null(out);
    }
}

START_TEST(test_root_signature_object)
{
    static const GUID guid = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    ID3D12Device *device = create_device(), *got;
    ID3D12RootSignature *signature;
    UINT value = 42, size = sizeof(value);
    ULONG device_refs;
    void *object;

    device_refs = get_refcount(device);
    signature = create_args_root_signature(device);
    ck_assert_uint_eq(get_refcount(device), device_refs + 1);
    check_interface(signature, &IID_ID3D12RootSignature, true);
    check_interface(signature, &IID_ID3D12DeviceChild, true);
    check_interface(signature, &IID_ID3D12Object, true);
    check_interface(signature, &IID_IUnknown, true);
    check_interface(signature, &IID_ID3D12Pageable, false);
    check_interface(signature, &IID_ID3D12RootSignatureDeserializer, false);
    ck_assert_uint_eq(ID3D12RootSignature_AddRef(signature), 2);
    ck_assert_uint_eq(ID3D12RootSignature_Release(signature), 1);

    ck_assert_int_eq(ID3D12RootSignature_GetDevice(signature, &IID_ID3D12Device, (void **)&got), S_OK);
    ck_assert_ptr_eq(got, device);
    ID3D12Device_Release(got);
    ck_assert_int_eq(ID3D12RootSignature_SetPrivateData(signature, &guid, sizeof(value), &value), S_OK);
    value = 0;
    ck_assert_int_eq(ID3D12RootSignature_GetPrivateData(signature, &guid, &size, &value), S_OK);
    ck_assert_uint_eq(value, 42);
    ck_assert_int_eq(ID3D12RootSignature_SetName(signature, L"root signature"), S_OK);
    ck_assert_ptr_null(rt_root_signature_from_iface(NULL));
    ck_assert_ptr_null(rt_root_signature_from_iface((ID3D12RootSignature *)device));
    ck_assert_uint_eq(ID3D12RootSignature_Release(signature), 0);
    ck_assert_uint_eq(get_refcount(device), device_refs);

    /* Arguments: empty blobs, node masks, a NULL output (a capability test), other IIDs. */
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 0, NULL, 16, &IID_ID3D12RootSignature, &object),
                     E_INVALIDARG);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 0, fxc_empty_blob(), 0, &IID_ID3D12RootSignature,
                                                      &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 2, fxc_empty_blob(), fxc_empty_size(),
                                                      &IID_ID3D12RootSignature, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 1, fxc_empty_blob(), fxc_empty_size(),
                                                      &IID_ID3D12RootSignature, &object), S_OK);
    ID3D12RootSignature_Release((ID3D12RootSignature *)object);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 0, fxc_empty_blob(), fxc_empty_size(),
                                                      &IID_ID3D12RootSignature, NULL), S_FALSE);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 0, fxc_empty_blob(), fxc_empty_size(),
                                                      &IID_ID3D12Heap, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 0, fxc_empty_blob(), fxc_empty_size(),
                                                      &IID_ID3D12DeviceChild, &object), S_OK);
    ID3D12DeviceChild_Release((ID3D12DeviceChild *)object);
    ck_assert_uint_eq(get_refcount(device), device_refs);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/*
 * Windows keeps one object per root signature on a device: a second CreateRootSignature
 * of the same bytes returns the first pointer with its count raised (renderdoc issue 325,
 * "CreateRootSignature internally refcount and return an existing object"), and the
 * RTS0 part is what counts: the container fxc writes and the bare part, or a shader
 * embedding it, give one object (DirectX-Graphics-Samples issue 111). Once the last
 * reference goes, the next creation makes a new object.
 */
START_TEST(test_root_signature_cache)
{
    ID3D12Device *device = create_device();
    ID3D12RootSignature *first, *second, *bare, *other;
    const void *rts0;
    size_t rts0_size;
    ULONG device_refs;

    device_refs = get_refcount(device);
    ck_assert_int_eq(create_from(device, fxc_empty_blob(), fxc_empty_size(), &first), S_OK);
    ck_assert_int_eq(create_from(device, fxc_empty_blob(), fxc_empty_size(), &second), S_OK);
    ck_assert_ptr_eq(second, first);
    ck_assert_uint_eq(get_refcount(first), 2);
    ck_assert_int_eq(rt_dxbc_find_part(fxc_empty_blob(), fxc_empty_size(), RT_DXBC_TAG_RTS0, &rts0, &rts0_size,
                                       NULL, 0), S_OK);
    ck_assert_int_eq(create_from(device, rts0, rts0_size, &bare), S_OK);
    ck_assert_ptr_eq(bare, first);
    ck_assert_uint_eq(get_refcount(first), 3);
    /* A capability test finds it too, and adds nothing. */
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 0, fxc_empty_blob(), fxc_empty_size(),
                                                      &IID_ID3D12RootSignature, NULL), S_FALSE);
    ck_assert_uint_eq(get_refcount(first), 3);
    /* Other bytes, another object. */
    other = create_args_root_signature(device);
    ck_assert_ptr_ne(other, first);
    ck_assert_uint_eq(ID3D12RootSignature_Release(other), 0);
    ck_assert_uint_eq(ID3D12RootSignature_Release(bare), 2);
    ck_assert_uint_eq(ID3D12RootSignature_Release(second), 1);
    ck_assert_uint_eq(ID3D12RootSignature_Release(first), 0);
    /* Gone from the cache with its last reference: a new one starts at 1. */
    ck_assert_int_eq(create_from(device, fxc_empty_blob(), fxc_empty_size(), &first), S_OK);
    ck_assert_uint_eq(get_refcount(first), 1);
    ck_assert_uint_eq(ID3D12RootSignature_Release(first), 0);
    ck_assert_uint_eq(get_refcount(device), device_refs);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

#define CACHE_THREADS 8
#define CACHE_ROUNDS 50

struct cache_worker
{
    ID3D12Device *device;
    ID3D12RootSignature *signatures[CACHE_ROUNDS];
};

static int cache_worker_main(void *context)
{
    struct cache_worker *worker = context;
    unsigned int i;

    for (i = 0; i < CACHE_ROUNDS; ++i)
    {
        if (FAILED(ID3D12Device_CreateRootSignature(worker->device, 0, fxc_empty_blob(), fxc_empty_size(),
                                                    &IID_ID3D12RootSignature, (void **)&worker->signatures[i])))
            worker->signatures[i] = NULL;
        /* Every other round gives one back, so the count crosses 0 while others look. */
        if (i % 2)
            ID3D12RootSignature_Release(worker->signatures[i]);
    }
    return 0;
}

/* Threads creating and releasing the same root signature: the cache hands out live
 * objects only, and every thread holding one at the end holds the same one. */
START_TEST(test_root_signature_cache_threads)
{
    struct cache_worker workers[CACHE_THREADS];
    thrd_t threads[CACHE_THREADS];
    ID3D12RootSignature *kept;
    ID3D12Device *device = create_device();
    unsigned int i, j;

    /* One reference kept throughout, so every creation must find the same object. */
    ck_assert_int_eq(create_from(device, fxc_empty_blob(), fxc_empty_size(), &kept), S_OK);
    for (i = 0; i < CACHE_THREADS; ++i)
    {
        workers[i].device = device;
        ck_assert_int_eq(thrd_create(&threads[i], cache_worker_main, &workers[i]), thrd_success);
    }
    for (i = 0; i < CACHE_THREADS; ++i)
        ck_assert_int_eq(thrd_join(threads[i], NULL), thrd_success);
    for (i = 0; i < CACHE_THREADS; ++i)
    {
        for (j = 0; j < CACHE_ROUNDS; ++j)
        {
            ck_assert_ptr_eq(workers[i].signatures[j], kept);
            if (!(j % 2))
                ID3D12RootSignature_Release(workers[i].signatures[j]);
        }
    }
    ck_assert_uint_eq(ID3D12RootSignature_Release(kept), 0);

    /* Without a kept reference the object may die and be made again between rounds:
     * no crash, no leak (valgrind), every creation succeeds. */
    for (i = 0; i < CACHE_THREADS; ++i)
        ck_assert_int_eq(thrd_create(&threads[i], cache_worker_main, &workers[i]), thrd_success);
    for (i = 0; i < CACHE_THREADS; ++i)
        ck_assert_int_eq(thrd_join(threads[i], NULL), thrd_success);
    for (i = 0; i < CACHE_THREADS; ++i)
    {
        for (j = 0; j < CACHE_ROUNDS; j += 2)
        {
            ck_assert_ptr_nonnull(workers[i].signatures[j]);
            ID3D12RootSignature_Release(workers[i].signatures[j]);
        }
    }
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_deserializer_objects)
{
    ID3D12VersionedRootSignatureDeserializer *versioned;
    ID3D12RootSignatureDeserializer *deserializer;
    void *object;

    /* Each answers its own interface only, not even IUnknown (as Windows' do). */
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(D3D12CreateRootSignatureDeserializer(fxc_empty_blob(), fxc_empty_size(), &IID_IUnknown,
                                                          &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(D3D12CreateRootSignatureDeserializer(fxc_empty_blob(), fxc_empty_size(),
            &IID_ID3D12VersionedRootSignatureDeserializer, &object), E_NOINTERFACE);
    ck_assert_int_eq(D3D12CreateRootSignatureDeserializer(fxc_empty_blob(), fxc_empty_size(),
            &IID_ID3D12RootSignatureDeserializer, NULL), E_INVALIDARG);
    ck_assert_int_eq(D3D12CreateRootSignatureDeserializer(NULL, fxc_empty_size(),
            &IID_ID3D12RootSignatureDeserializer, &object), E_INVALIDARG);
    ck_assert_int_eq(D3D12CreateRootSignatureDeserializer(fxc_empty_blob(), fxc_empty_size(),
            &IID_ID3D12RootSignatureDeserializer, (void **)&deserializer), S_OK);
    check_interface(deserializer, &IID_ID3D12RootSignatureDeserializer, true);
    check_interface(deserializer, &IID_IUnknown, false);
    check_interface(deserializer, &IID_ID3D12VersionedRootSignatureDeserializer, false);
    check_interface(deserializer, &IID_ID3D12Object, false);
    ck_assert_uint_eq(ID3D12RootSignatureDeserializer_AddRef(deserializer), 2);
    ck_assert_uint_eq(ID3D12RootSignatureDeserializer_Release(deserializer), 1);
    ck_assert_uint_eq(ID3D12RootSignatureDeserializer_Release(deserializer), 0);

    ck_assert_int_eq(D3D12CreateVersionedRootSignatureDeserializer(fxc_empty_blob(), fxc_empty_size(),
            &IID_ID3D12RootSignatureDeserializer, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(D3D12CreateVersionedRootSignatureDeserializer(fxc_empty_blob(), 0,
            &IID_ID3D12VersionedRootSignatureDeserializer, &object), E_INVALIDARG);
    ck_assert_int_eq(D3D12CreateVersionedRootSignatureDeserializer(fxc_empty_blob(), fxc_empty_size(),
            &IID_ID3D12VersionedRootSignatureDeserializer, (void **)&versioned), S_OK);
    check_interface(versioned, &IID_ID3D12VersionedRootSignatureDeserializer, true);
    check_interface(versioned, &IID_IUnknown, false);
    check_interface(versioned, &IID_ID3D12RootSignatureDeserializer, false);
    ck_assert_uint_eq(ID3D12VersionedRootSignatureDeserializer_AddRef(versioned), 2);
    ck_assert_uint_eq(ID3D12VersionedRootSignatureDeserializer_Release(versioned), 1);
    ck_assert_uint_eq(ID3D12VersionedRootSignatureDeserializer_Release(versioned), 0);
}
END_TEST

START_TEST(test_serializer_entry_points)
{
    static const D3D12_ROOT_SIGNATURE_DESC empty = {0};
    ID3D12VersionedRootSignatureDeserializer *versioned;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = {0};
    ID3D12DeviceConfiguration *configuration;
    ID3D12Device *device = create_device();
    ID3DBlob *blob, *error;

    /* The 1.0 entry point refuses other versions without touching anything. */
    blob = error = (ID3DBlob *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(D3D12SerializeRootSignature(&empty, D3D_ROOT_SIGNATURE_VERSION_1_1, &blob, &error),
                     E_INVALIDARG);
    ck_assert_ptr_eq(blob, (void *)(uintptr_t)0xdeadbeef);
    ck_assert_ptr_eq(error, (void *)(uintptr_t)0xdeadbeef);
    ck_assert_int_eq(D3D12SerializeRootSignature(NULL, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, &error), E_INVALIDARG);
    ck_assert_ptr_null(blob);
    ck_assert_ptr_null(error);
    ck_assert_int_eq(D3D12SerializeRootSignature(&empty, D3D_ROOT_SIGNATURE_VERSION_1_0, NULL, &error),
                     E_INVALIDARG);

    /* Unknown versions and missing arrays: the reason is in the error blob. */
    desc.Version = (D3D_ROOT_SIGNATURE_VERSION)4;
    ck_assert_int_eq(D3D12SerializeVersionedRootSignature(&desc, &blob, &error), E_INVALIDARG);
    ck_assert(strstr(ID3D10Blob_GetBufferPointer(error), "unknown root signature version"));
    ID3D10Blob_Release(error);
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = 2;
    ck_assert_int_eq(D3D12SerializeVersionedRootSignature(&desc, &blob, &error), E_INVALIDARG);
    ck_assert(strstr(ID3D10Blob_GetBufferPointer(error), "no parameter array"));
    ID3D10Blob_Release(error);

    /* Blobs: ID3D10Blob and IUnknown. */
    desc.Desc_1_1.NumParameters = 0;
    blob = serialize(&desc);
    check_interface(blob, &IID_ID3D10Blob, true);
    check_interface(blob, &IID_IUnknown, true);
    check_interface(blob, &IID_ID3D12Object, false);
    ck_assert_uint_eq(ID3D10Blob_AddRef(blob), 2);
    ck_assert_uint_eq(ID3D10Blob_Release(blob), 1);

    /* ID3D12DeviceConfiguration serializes and deserializes the same way. */
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceConfiguration, (void **)&configuration),
                     S_OK);
    ck_assert_int_eq(ID3D12DeviceConfiguration_SerializeVersionedRootSignature(configuration, &desc, &error,
                                                                               NULL), S_OK);
    ck_assert_uint_eq(ID3D10Blob_GetBufferSize(error), ID3D10Blob_GetBufferSize(blob));
    ID3D10Blob_Release(error);
    ck_assert_int_eq(ID3D12DeviceConfiguration_CreateVersionedRootSignatureDeserializer(configuration,
            ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
            &IID_ID3D12VersionedRootSignatureDeserializer, (void **)&versioned), S_OK);
    ck_assert_int_eq(ID3D12VersionedRootSignatureDeserializer_GetUnconvertedRootSignatureDesc(versioned)->Version,
                     D3D_ROOT_SIGNATURE_VERSION_1_1);
    ID3D12VersionedRootSignatureDeserializer_Release(versioned);
    ID3D12DeviceConfiguration_Release(configuration);
    ck_assert_uint_eq(ID3D10Blob_Release(blob), 0);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

Suite *root_signature_device_suite(void)
{
    Suite *suite = suite_create("root_signature_device");
    TCase *tc;

    tc = tcase_create("rules");
    tcase_add_loop_test(tc, test_validation, 0, ARRAY_SIZE(validation_cases));
    tcase_add_test(tc, test_device_limits);
    tcase_add_test(tc, test_messages);
    suite_add_tcase(suite, tc);

    tc = tcase_create("command_lists");
    tcase_add_test(tc, test_root_arguments);
    tcase_add_test(tc, test_bundle_root_arguments);
    tcase_add_test(tc, test_root_signature_other_device);
    suite_add_tcase(suite, tc);

    tc = tcase_create("objects");
    tcase_add_test(tc, test_root_signature_object);
    tcase_add_test(tc, test_root_signature_cache);
    tcase_add_test(tc, test_root_signature_cache_threads);
    tcase_add_test(tc, test_deserializer_objects);
    tcase_add_test(tc, test_serializer_entry_points);
    suite_add_tcase(suite, tc);
    return suite;
}
