/*
 * The command-list methods that depend on an optional feature, table-driven: each row
 * is one call on a fresh list of one type, the feature CheckFeatureSupport reports for
 * it, Close's exact HRESULT and the message the debug layer stores (its ID, and text
 * that names the method). A row is refused exactly when its feature is not reported;
 * Barrier runs on the built-in driver (Enhanced Barriers reported) and is refused on
 * the same driver with the feature masked by the DDI spy.
 *
 * The plain state setters the same way: validated, then forwarded (the DDI spy counts
 * the driver entry each reaches), with the refused features never reaching theirs.
 *
 * Also here: the runtime's shadow of RTV and DSV descriptors followed through
 * descriptor copies into OMSetRenderTargets and BeginRenderPass, and a sample of
 * validation failures of every area, each message naming its method.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async.h"
#include "rt_adapter.h"
#include "rt_cmdlist.h"
#include "rt_create.h"
#include "ddi_spy.h"
#include "test_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- What the device reports ------------------------------------------------------------ */

/* Not in DirectX-Headers 1.606.4: D3D12_FEATURE_D3D12_OPTIONS16 and its data. */
#define TEST_FEATURE_OPTIONS16 ((D3D12_FEATURE)45)
struct test_options16
{
    BOOL DynamicDepthBiasSupported;
    BOOL GPUUploadHeapSupported;
};

#define get_feature(device, feature, data) get_feature_(__LINE__, device, feature, data, sizeof(*(data)))
static void get_feature_(unsigned int line, ID3D12Device *device, D3D12_FEATURE feature, void *data, UINT size)
{
    HRESULT hr = ID3D12Device_CheckFeatureSupport(device, feature, data, size);

    ck_assert_msg(hr == S_OK, "line %u: feature %#x: %#x", line, feature, (unsigned int)hr);
}

static BOOL no_feature(ID3D12Device *device)
{
    (void)device;
    return FALSE;
}

static BOOL always(ID3D12Device *device)
{
    (void)device;
    return TRUE;
}

static BOOL vrs_supported(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS6 o6;

    get_feature(device, D3D12_FEATURE_D3D12_OPTIONS6, &o6);
    return o6.VariableShadingRateTier != D3D12_VARIABLE_SHADING_RATE_TIER_NOT_SUPPORTED;
}

static BOOL mesh_supported(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS7 o7;

    get_feature(device, D3D12_FEATURE_D3D12_OPTIONS7, &o7);
    return o7.MeshShaderTier != D3D12_MESH_SHADER_TIER_NOT_SUPPORTED;
}

static BOOL raytracing_supported(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 o5;

    get_feature(device, D3D12_FEATURE_D3D12_OPTIONS5, &o5);
    return o5.RaytracingTier != D3D12_RAYTRACING_TIER_NOT_SUPPORTED;
}

static BOOL view_instancing_supported(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS3 o3;

    get_feature(device, D3D12_FEATURE_D3D12_OPTIONS3, &o3);
    return o3.ViewInstancingTier != D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED;
}

static BOOL independent_stencil_supported(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS14 o14;

    get_feature(device, D3D12_FEATURE_D3D12_OPTIONS14, &o14);
    return o14.IndependentFrontAndBackStencilRefMaskSupported;
}

static BOOL strip_cut_supported(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS15 o15;

    get_feature(device, D3D12_FEATURE_D3D12_OPTIONS15, &o15);
    return o15.DynamicIndexBufferStripCutSupported;
}

static BOOL depth_bias_supported(ID3D12Device *device)
{
    struct test_options16 o16;

    get_feature(device, TEST_FEATURE_OPTIONS16, &o16);
    return o16.DynamicDepthBiasSupported;
}

static BOOL sample_positions_tier1(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS2 o2;

    get_feature(device, D3D12_FEATURE_D3D12_OPTIONS2, &o2);
    return o2.ProgrammableSamplePositionsTier >= D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_1;
}

static BOOL sample_positions_tier2(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS2 o2;

    get_feature(device, D3D12_FEATURE_D3D12_OPTIONS2, &o2);
    return o2.ProgrammableSamplePositionsTier >= D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_2;
}

static BOOL write_immediate_on_bundles(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS3 o3;

    get_feature(device, D3D12_FEATURE_D3D12_OPTIONS3, &o3);
    return !!(o3.WriteBufferImmediateSupportFlags & D3D12_COMMAND_LIST_SUPPORT_FLAG_BUNDLE);
}

static BOOL enhanced_barriers_supported(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS12 o12;

    get_feature(device, D3D12_FEATURE_D3D12_OPTIONS12, &o12);
    return o12.EnhancedBarriersSupported;
}

START_TEST(test_feature_reports)
{
    struct test_options16 o16;
    D3D12_FEATURE_DATA_D3D12_OPTIONS2 o2;
    D3D12_FEATURE_DATA_D3D12_OPTIONS3 o3;
    struct test_context t;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    /* OPTIONS16 is answered (not E_INVALIDARG as an unknown feature), all FALSE, and
     * checks its size like every other feature. */
    memset(&o16, 0xcc, sizeof(o16));
    get_feature(t.device, TEST_FEATURE_OPTIONS16, &o16);
    ck_assert_int_eq(o16.DynamicDepthBiasSupported, FALSE);
    ck_assert_int_eq(o16.GPUUploadHeapSupported, FALSE);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(t.device, TEST_FEATURE_OPTIONS16, &o16, sizeof(o16) - 1),
                     E_INVALIDARG);
    /* The built-in driver's tier 1, no depth-bounds test. */
    get_feature(t.device, D3D12_FEATURE_D3D12_OPTIONS2, &o2);
    ck_assert_int_eq(o2.ProgrammableSamplePositionsTier, D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_1);
    ck_assert_int_eq(o2.DepthBoundsTestSupported, FALSE);
    /* WriteBufferImmediate records on every list type, bundles included. */
    get_feature(t.device, D3D12_FEATURE_D3D12_OPTIONS3, &o3);
    ck_assert_uint_eq(o3.WriteBufferImmediateSupportFlags, D3D12_COMMAND_LIST_SUPPORT_FLAG_DIRECT
                      | D3D12_COMMAND_LIST_SUPPORT_FLAG_BUNDLE | D3D12_COMMAND_LIST_SUPPORT_FLAG_COMPUTE
                      | D3D12_COMMAND_LIST_SUPPORT_FLAG_COPY);
    ck_assert(!view_instancing_supported(t.device));
    ck_assert(!vrs_supported(t.device) && !mesh_supported(t.device) && !raytracing_supported(t.device));
    ck_assert(!independent_stencil_supported(t.device) && !strip_cut_supported(t.device));
    ck_assert(enhanced_barriers_supported(t.device));
    test_context_destroy(&t);
}
END_TEST

/* ---- The table ------------------------------------------------------------------------------ */

/* What a row's call may need besides the list. */
struct row_env
{
    ID3D12Device *device;
    ID3D12Resource *buffer;
};

struct feature_row
{
    const char *method;              /* as the message text names it */
    D3D12_COMMAND_LIST_TYPE type;
    void (*call)(ID3D12GraphicsCommandList12 *list, const struct row_env *env);
    BOOL (*reported)(ID3D12Device *device);   /* the feature the call needs */
    HRESULT refused;                 /* Close's HRESULT when the feature is not reported */
    D3D12_MESSAGE_ID id;             /* the message then */
};

static void call_shading_rate(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_RSSetShadingRate(list, D3D12_SHADING_RATE_1X1, NULL);
}

static void call_shading_rate_image(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_RSSetShadingRateImage(list, NULL);
}

static void call_set_program(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_SET_PROGRAM_DESC desc;

    (void)env;
    memset(&desc, 0, sizeof(desc));
    ID3D12GraphicsCommandList12_SetProgram(list, &desc);
}

static void call_dispatch_graph(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_DISPATCH_GRAPH_DESC desc;

    (void)env;
    memset(&desc, 0, sizeof(desc));
    ID3D12GraphicsCommandList12_DispatchGraph(list, &desc);
}

static void call_dispatch_mesh(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_DispatchMesh(list, 1, 1, 1);
}

static void call_set_pipeline_state1(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_SetPipelineState1(list, NULL);
}

static void call_dispatch_rays(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_DISPATCH_RAYS_DESC desc;

    (void)env;
    memset(&desc, 0, sizeof(desc));
    ID3D12GraphicsCommandList12_DispatchRays(list, &desc);
}

static void call_build_as(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_DESC desc;

    (void)env;
    memset(&desc, 0, sizeof(desc));
    ID3D12GraphicsCommandList12_BuildRaytracingAccelerationStructure(list, &desc, 0, NULL);
}

static void call_emit_as_info(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC desc;

    (void)env;
    memset(&desc, 0, sizeof(desc));
    ID3D12GraphicsCommandList12_EmitRaytracingAccelerationStructurePostbuildInfo(list, &desc, 0, NULL);
}

static void call_copy_as(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_CopyRaytracingAccelerationStructure(list, 0, 0,
            D3D12_RAYTRACING_ACCELERATION_STRUCTURE_COPY_MODE_CLONE);
}

static void call_initialize_meta(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_InitializeMetaCommand(list, NULL, NULL, 0);
}

static void call_execute_meta(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_ExecuteMetaCommand(list, NULL, NULL, 0);
}

static void call_wait_barrier(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_WaitBarrier(list, 0, NULL, 0, NULL, NULL);
}

static void call_signal_barrier(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_SignalBarrier(list, 0, NULL, NULL, 0);
}

static void call_depth_bias(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_RSSetDepthBias(list, 1.0f, 0.0f, 0.5f);
}

static void call_strip_cut(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_IASetIndexBufferStripCutValue(list, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_0xFFFF);
}

static void call_view_instance_mask(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_SetViewInstanceMask(list, 0x3);
}

static void call_view_instance_mask_default(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_SetViewInstanceMask(list, 0);
}

static void call_stencil_refs(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_OMSetFrontAndBackStencilRef(list, 1, 2);
}

static void call_stencil_refs_equal(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_OMSetFrontAndBackStencilRef(list, 5, 5);
}

static D3D12_SAMPLE_POSITION sample_positions[16];

static void call_sample_positions_pixel(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_SetSamplePositions(list, 4, 1, sample_positions);
}

static void call_sample_positions_quad(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_SetSamplePositions(list, 2, 4, sample_positions);
}

static void call_sample_positions_default(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_SetSamplePositions(list, 0, 0, NULL);
}

static void call_protected_session_none(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_SetProtectedResourceSession(list, NULL);
}

static void call_write_immediate(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_WRITEBUFFERIMMEDIATE_PARAMETER param;

    param.Dest = ID3D12Resource_GetGPUVirtualAddress(env->buffer);
    param.Value = 0x12345678;
    ID3D12GraphicsCommandList12_WriteBufferImmediate(list, 1, &param, NULL);
}

static void call_barrier(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_GLOBAL_BARRIER barrier;
    D3D12_BARRIER_GROUP group;

    (void)env;
    barrier.SyncBefore = D3D12_BARRIER_SYNC_COPY;
    barrier.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    barrier.AccessBefore = D3D12_BARRIER_ACCESS_COPY_DEST;
    barrier.AccessAfter = D3D12_BARRIER_ACCESS_COPY_SOURCE;
    group.Type = D3D12_BARRIER_TYPE_GLOBAL;
    group.NumBarriers = 1;
    group.pGlobalBarriers = &barrier;
    ID3D12GraphicsCommandList12_Barrier(list, 1, &group);
}

#define DIRECT D3D12_COMMAND_LIST_TYPE_DIRECT
#define BUNDLE D3D12_COMMAND_LIST_TYPE_BUNDLE
#define COMPUTE D3D12_COMMAND_LIST_TYPE_COMPUTE
#define COPY D3D12_COMMAND_LIST_TYPE_COPY
#define ID(name) D3D12_MESSAGE_ID_##name

static const struct feature_row feature_rows[] =
{
    /* ID3D12GraphicsCommandList4: raytracing and meta commands (OPTIONS5.RaytracingTier). */
    {"SetPipelineState1", DIRECT, call_set_pipeline_state1, raytracing_supported, E_INVALIDARG,
     ID(CORRUPTED_PARAMETER1)},
    {"DispatchRays", DIRECT, call_dispatch_rays, raytracing_supported, E_INVALIDARG, ID(DISPATCH_RAYS_INVALID)},
    {"DispatchRays", COMPUTE, call_dispatch_rays, raytracing_supported, E_INVALIDARG, ID(DISPATCH_RAYS_INVALID)},
    {"BuildRaytracingAccelerationStructure", DIRECT, call_build_as, raytracing_supported, E_INVALIDARG,
     ID(BUILD_RAYTRACING_ACCELERATION_STRUCTURE_INVALID)},
    {"EmitRaytracingAccelerationStructurePostbuildInfo", COMPUTE, call_emit_as_info, raytracing_supported,
     E_INVALIDARG, ID(EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_INVALID)},
    {"CopyRaytracingAccelerationStructure", DIRECT, call_copy_as, raytracing_supported, E_INVALIDARG,
     ID(COPY_RAYTRACING_ACCELERATION_STRUCTURE_INVALID)},
    {"InitializeMetaCommand", DIRECT, call_initialize_meta, no_feature, E_INVALIDARG, ID(META_COMMAND_ID_INVALID)},
    {"ExecuteMetaCommand", COMPUTE, call_execute_meta, no_feature, E_INVALIDARG, ID(META_COMMAND_ID_INVALID)},
    /* ID3D12GraphicsCommandList5: variable-rate shading (OPTIONS6). */
    {"RSSetShadingRate", DIRECT, call_shading_rate, vrs_supported, E_INVALIDARG, ID(RSSETSHADINGRATE_REQUIRES_TIER_1)},
    {"RSSetShadingRate", BUNDLE, call_shading_rate, vrs_supported, E_INVALIDARG, ID(RSSETSHADINGRATE_REQUIRES_TIER_1)},
    {"RSSetShadingRateImage", DIRECT, call_shading_rate_image, vrs_supported, E_INVALIDARG,
     ID(RSSETSHADINGRATEIMAGE_REQUIRES_TIER_2)},
    /* ID3D12GraphicsCommandList6: mesh shaders (OPTIONS7). */
    {"DispatchMesh", DIRECT, call_dispatch_mesh, mesh_supported, E_INVALIDARG, ID(PIPELINE_STATE_TYPE_MISMATCH)},
    /* ID3D12GraphicsCommandList8: independent stencil references (OPTIONS14); one value
     * for both faces is what OMSetStencilRef sets, which every device has. */
    {"OMSetFrontAndBackStencilRef", DIRECT, call_stencil_refs, independent_stencil_supported, E_INVALIDARG,
     ID(INDEPENDENT_STENCIL_REF_NOT_SUPPORTED)},
    {"OMSetFrontAndBackStencilRef", BUNDLE, call_stencil_refs, independent_stencil_supported, E_INVALIDARG,
     ID(INDEPENDENT_STENCIL_REF_NOT_SUPPORTED)},
    {"OMSetFrontAndBackStencilRef", DIRECT, call_stencil_refs_equal, always, E_INVALIDARG, ID(UNKNOWN)},
    /* ID3D12GraphicsCommandList9: dynamic depth bias (OPTIONS16) and strip cut (OPTIONS15). */
    {"RSSetDepthBias", DIRECT, call_depth_bias, depth_bias_supported, E_INVALIDARG,
     ID(DYNAMIC_DEPTH_BIAS_NOT_SUPPORTED)},
    {"RSSetDepthBias", BUNDLE, call_depth_bias, depth_bias_supported, E_INVALIDARG,
     ID(DYNAMIC_DEPTH_BIAS_NOT_SUPPORTED)},
    {"IASetIndexBufferStripCutValue", DIRECT, call_strip_cut, strip_cut_supported, E_INVALIDARG,
     ID(CREATEGRAPHICSPIPELINESTATE_DYNAMIC_INDEX_BUFFER_STRIP_CUT_NOT_SUPPORTED)},
    {"IASetIndexBufferStripCutValue", BUNDLE, call_strip_cut, strip_cut_supported, E_INVALIDARG,
     ID(CREATEGRAPHICSPIPELINESTATE_DYNAMIC_INDEX_BUFFER_STRIP_CUT_NOT_SUPPORTED)},
    /* ID3D12GraphicsCommandList10: work graphs and generic programs (no such tier at all). */
    {"SetProgram", DIRECT, call_set_program, no_feature, E_INVALIDARG, ID(CORRUPTED_PARAMETER1)},
    {"SetProgram", COMPUTE, call_set_program, no_feature, E_INVALIDARG, ID(CORRUPTED_PARAMETER1)},
    {"DispatchGraph", DIRECT, call_dispatch_graph, no_feature, E_INVALIDARG, ID(DISPATCH_GRAPH_INVALID)},
    /* ID3D12GraphicsCommandList11: fence barriers. */
    {"WaitBarrier", DIRECT, call_wait_barrier, no_feature, E_INVALIDARG, ID(WAIT_BARRIER_NOT_SUPPORTED)},
    {"SignalBarrier", COPY, call_signal_barrier, no_feature, E_INVALIDARG, ID(FENCE_BARRIERS_NOT_SUPPORTED)},
    /* ID3D12GraphicsCommandList1: view instancing (OPTIONS3); the default mask needs none. */
    {"SetViewInstanceMask", DIRECT, call_view_instance_mask, view_instancing_supported, E_INVALIDARG,
     ID(VIEW_INSTANCING_UNSUPPORTED)},
    {"SetViewInstanceMask", BUNDLE, call_view_instance_mask, view_instancing_supported, E_INVALIDARG,
     ID(VIEW_INSTANCING_UNSUPPORTED)},
    {"SetViewInstanceMask", DIRECT, call_view_instance_mask_default, always, E_INVALIDARG, ID(UNKNOWN)},
    /* ID3D12GraphicsCommandList1: programmable sample positions (OPTIONS2): one pixel's
     * pattern at tier 1, a 2x2 quad's at tier 2; zero samples restores the default. */
    {"SetSamplePositions", DIRECT, call_sample_positions_pixel, sample_positions_tier1, E_INVALIDARG,
     ID(PROGRAMMABLE_MSAA_UNSUPPORTED)},
    {"SetSamplePositions", BUNDLE, call_sample_positions_pixel, sample_positions_tier1, E_INVALIDARG,
     ID(PROGRAMMABLE_MSAA_UNSUPPORTED)},
    {"SetSamplePositions", DIRECT, call_sample_positions_quad, sample_positions_tier2, E_INVALIDARG,
     ID(PROGRAMMABLE_MSAA_UNSUPPORTED)},
    {"SetSamplePositions", DIRECT, call_sample_positions_default, sample_positions_tier1, E_INVALIDARG,
     ID(PROGRAMMABLE_MSAA_UNSUPPORTED)},
    /* ID3D12GraphicsCommandList3: leaving protected mode needs no session. */
    {"SetProtectedResourceSession", DIRECT, call_protected_session_none, always, E_INVALIDARG, ID(UNKNOWN)},
    /* ID3D12GraphicsCommandList2: WriteBufferImmediate on the list types OPTIONS3 names. */
    {"WriteBufferImmediate", BUNDLE, call_write_immediate, write_immediate_on_bundles, E_NOTIMPL,
     RT_MESSAGE_ID_NONE_DRIVER_FAILURE},
    /* ID3D12GraphicsCommandList7: Enhanced Barriers (OPTIONS12; test_barrier_masked
     * runs the refusal). */
    {"Barrier", DIRECT, call_barrier, enhanced_barriers_supported, E_INVALIDARG,
     ID(ENHANCED_BARRIERS_NOT_SUPPORTED)},
    {"Barrier", COPY, call_barrier, enhanced_barriers_supported, E_INVALIDARG, ID(ENHANCED_BARRIERS_NOT_SUPPORTED)},
};

/* A fresh list of one type and its allocator. */
struct row_list
{
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12GraphicsCommandList12 *list12;
};

static void row_list_create(ID3D12Device *device, D3D12_COMMAND_LIST_TYPE type, struct row_list *l)
{
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(device, type, &IID_ID3D12CommandAllocator,
                                                         (void **)&l->allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(device, 0, type, l->allocator, NULL,
                                                    &IID_ID3D12GraphicsCommandList, (void **)&l->list), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(l->list, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&l->list12), S_OK);
}

static void row_list_destroy(struct row_list *l)
{
    ID3D12GraphicsCommandList12_Release(l->list12);
    ID3D12GraphicsCommandList_Release(l->list);
    ID3D12CommandAllocator_Release(l->allocator);
}

/* Records the row on a fresh list; returns Close's HRESULT and checks the message. */
static HRESULT run_row(ID3D12Device *device, const struct feature_row *row, const struct row_env *env,
                       HRESULT expected, D3D12_MESSAGE_ID id)
{
    struct async_message message;
    struct row_list l;
    UINT64 count;
    HRESULT hr;

    async_clear_messages(device);
    row_list_create(device, row->type, &l);
    row->call(l.list12, env);
    hr = ID3D12GraphicsCommandList_Close(l.list);
    count = async_message_count(device);
    if (SUCCEEDED(expected))
    {
        ck_assert_msg(!count, "%s: %u messages for a call that succeeds", row->method, (unsigned int)count);
    }
    else
    {
        ck_assert_msg(count == 1, "%s: %u messages, expected 1", row->method, (unsigned int)count);
        async_get_message(device, 0, &message);
        ck_assert_int_eq(message.severity, D3D12_MESSAGE_SEVERITY_ERROR);
        ck_assert_msg(message.id == id, "%s: message ID %d, expected %d (%s)", row->method, message.id, id,
                      message.text);
        ck_assert_msg(!strncmp(message.text, row->method, strlen(row->method))
                      && message.text[strlen(row->method)] == ':', "%s: message \"%s\"", row->method, message.text);
    }
    row_list_destroy(&l);
    return hr;
}

START_TEST(test_feature_rows)
{
    const struct feature_row *row = &feature_rows[_i];
    struct row_env env;
    struct test_context t;
    HRESULT expected, hr;
    BOOL reported;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    env.device = t.device;
    env.buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                               D3D12_RESOURCE_STATE_COMMON);
    reported = row->reported(t.device);
    /* A reported feature is recorded; WriteBufferImmediate is E_NOTIMPL only without
     * the driver entry, which is what makes the device report no list type. */
    expected = reported ? S_OK : row->refused;
    hr = run_row(t.device, row, &env, expected, row->id);
    ck_assert_msg(hr == expected, "row %d, %s on a %s list: Close returned %#x, expected %#x (feature %s)", _i,
                  row->method, rt_command_list_type_name(row->type), (unsigned int)hr, (unsigned int)expected,
                  reported ? "reported" : "not reported");
    ID3D12Resource_Release(env.buffer);
    test_context_destroy(&t);
}
END_TEST

/* The feature rows on a list type the method does not take: refused for that, first. */
START_TEST(test_feature_rows_wrong_list)
{
    static const struct feature_row rows[] =
    {
        {"RSSetDepthBias", COMPUTE, call_depth_bias, NULL, E_INVALIDARG, RT_MESSAGE_ID_NONE_LIST_TYPE},
        {"IASetIndexBufferStripCutValue", COPY, call_strip_cut, NULL, E_INVALIDARG, RT_MESSAGE_ID_NONE_LIST_TYPE},
        {"OMSetFrontAndBackStencilRef", COMPUTE, call_stencil_refs_equal, NULL, E_INVALIDARG,
         RT_MESSAGE_ID_NONE_LIST_TYPE},
        {"SetViewInstanceMask", COMPUTE, call_view_instance_mask_default, NULL, E_INVALIDARG,
         RT_MESSAGE_ID_NONE_LIST_TYPE},
        {"SetSamplePositions", COPY, call_sample_positions_pixel, NULL, E_INVALIDARG, RT_MESSAGE_ID_NONE_LIST_TYPE},
        {"DispatchMesh", COMPUTE, call_dispatch_mesh, NULL, E_INVALIDARG, RT_MESSAGE_ID_NONE_LIST_TYPE},
        {"DispatchGraph", BUNDLE, call_dispatch_graph, NULL, E_INVALIDARG, ID(INVALID_BUNDLE_API)},
        {"RSSetShadingRate", COPY, call_shading_rate, NULL, E_INVALIDARG, RT_MESSAGE_ID_NONE_LIST_TYPE},
    };
    struct async_message message;
    struct test_context t;
    struct row_list l;
    unsigned int i;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        async_clear_messages(t.device);
        row_list_create(t.device, rows[i].type, &l);
        rows[i].call(l.list12, NULL);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Close(l.list), rows[i].refused);
        ck_assert_uint_eq(async_message_count(t.device), 1);
        async_get_message(t.device, 0, &message);
        ck_assert_msg(strstr(message.text, rows[i].method) && strstr(message.text, "is not allowed on a"),
                      "row %u: \"%s\"", i, message.text);
        row_list_destroy(&l);
    }
    test_context_destroy(&t);
}
END_TEST

/* Barrier on a device whose driver hides Enhanced Barriers: OPTIONS12 says FALSE and the
 * same call is refused; the legacy ResourceBarrier still records. */
START_TEST(test_barrier_masked)
{
    struct ddi_spy_masks masks = {0};
    const struct feature_row *row = NULL;
    struct async_message message;
    struct test_context t;
    struct ddi_spy *spy;
    struct row_list l;
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(feature_rows); ++i)
    {
        if (feature_rows[i].call == call_barrier)
            row = &feature_rows[i];
    }
    ck_assert_ptr_nonnull(row);
    masks.max_tiled_resources_tier = -1;
    masks.hide_enhanced_barriers = true;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(spy);
    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert(!enhanced_barriers_supported(t.device));

    row_list_create(t.device, row->type, &l);
    row->call(l.list12, NULL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(l.list), row->refused);
    async_get_message(t.device, 0, &message);
    ck_assert_int_eq(message.id, row->id);
    ck_assert_msg(!strncmp(message.text, "Barrier:", 8), "\"%s\"", message.text);
    ck_assert_uint_eq(ddi_spy_count(spy, "Barrier"), 0);
    row_list_destroy(&l);

    test_context_destroy(&t);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

/* ---- Plain state setters: validated, then forwarded ------------------------------------------ */

static void call_topology(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_IASetPrimitiveTopology(list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
}

static void call_topology_bad(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_IASetPrimitiveTopology(list, (D3D12_PRIMITIVE_TOPOLOGY)99);
}

static void call_index_buffer(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_INDEX_BUFFER_VIEW view = {ID3D12Resource_GetGPUVirtualAddress(env->buffer), 64, DXGI_FORMAT_R16_UINT};

    ID3D12GraphicsCommandList12_IASetIndexBuffer(list, &view);
}

static void call_index_buffer_bad(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_INDEX_BUFFER_VIEW view = {ID3D12Resource_GetGPUVirtualAddress(env->buffer), 64, DXGI_FORMAT_R8_UINT};

    ID3D12GraphicsCommandList12_IASetIndexBuffer(list, &view);
}

static void call_vertex_buffers(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_VERTEX_BUFFER_VIEW views[2] = {{ID3D12Resource_GetGPUVirtualAddress(env->buffer), 64, 16},
                                         {ID3D12Resource_GetGPUVirtualAddress(env->buffer) + 64, 64, 8}};

    ID3D12GraphicsCommandList12_IASetVertexBuffers(list, 30, 2, views);
}

static void call_vertex_buffers_bad(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_IASetVertexBuffers(list, 31, 2, NULL);
}

static void call_so_targets(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    D3D12_STREAM_OUTPUT_BUFFER_VIEW view = {ID3D12Resource_GetGPUVirtualAddress(env->buffer), 128,
                                            ID3D12Resource_GetGPUVirtualAddress(env->buffer) + 128};

    ID3D12GraphicsCommandList12_SOSetTargets(list, 3, 1, &view);
}

static void call_so_targets_bad(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_SOSetTargets(list, 3, 2, NULL);
}

static void call_viewports(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    static const D3D12_VIEWPORT viewport = {0.0f, 0.0f, 16.0f, 16.0f, 0.0f, 1.0f};

    (void)env;
    ID3D12GraphicsCommandList12_RSSetViewports(list, 1, &viewport);
}

static void call_viewports_bad(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_RSSetViewports(list, 2, NULL);
}

static void call_scissors(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    static const D3D12_RECT rects[2] = {{0, 0, 4, 4}, {4, 4, 8, 8}};

    (void)env;
    ID3D12GraphicsCommandList12_RSSetScissorRects(list, 2, rects);
}

static void call_scissors_bad(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    static D3D12_RECT rects[17];

    (void)env;
    ID3D12GraphicsCommandList12_RSSetScissorRects(list, 17, rects);
}

static void call_blend_factor(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    static const FLOAT factor[4] = {0.5f, 0.25f, 0.0f, 1.0f};

    (void)env;
    ID3D12GraphicsCommandList12_OMSetBlendFactor(list, factor);
}

static void call_blend_factor_default(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_OMSetBlendFactor(list, NULL);
}

static void call_stencil_ref(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_OMSetStencilRef(list, 7);
}

static void call_depth_bounds(ID3D12GraphicsCommandList12 *list, const struct row_env *env)
{
    (void)env;
    ID3D12GraphicsCommandList12_OMSetDepthBounds(list, 0.25f, 0.75f);
}

struct setter_row
{
    const char *method;
    D3D12_COMMAND_LIST_TYPE type;
    void (*call)(ID3D12GraphicsCommandList12 *list, const struct row_env *env);
    const char *entry;               /* the driver entry a recorded call reaches */
    HRESULT hr;                      /* Close's */
};

static const struct setter_row setter_rows[] =
{
    {"IASetPrimitiveTopology", DIRECT, call_topology, "IASetPrimitiveTopology", S_OK},
    {"IASetPrimitiveTopology", BUNDLE, call_topology, "IASetPrimitiveTopology", S_OK},
    {"IASetPrimitiveTopology", DIRECT, call_topology_bad, "IASetPrimitiveTopology", E_INVALIDARG},
    {"IASetIndexBuffer", DIRECT, call_index_buffer, "IASetIndexBuffer", S_OK},
    {"IASetIndexBuffer", BUNDLE, call_index_buffer_bad, "IASetIndexBuffer", E_INVALIDARG},
    {"IASetVertexBuffers", DIRECT, call_vertex_buffers, "IASetVertexBuffers", S_OK},
    {"IASetVertexBuffers", BUNDLE, call_vertex_buffers_bad, "IASetVertexBuffers", E_INVALIDARG},
    {"SOSetTargets", DIRECT, call_so_targets, "SOSetTargets", S_OK},
    {"SOSetTargets", DIRECT, call_so_targets_bad, "SOSetTargets", E_INVALIDARG},
    {"SOSetTargets", BUNDLE, call_so_targets, "SOSetTargets", E_INVALIDARG},
    {"RSSetViewports", DIRECT, call_viewports, "RSSetViewports", S_OK},
    {"RSSetViewports", DIRECT, call_viewports_bad, "RSSetViewports", E_INVALIDARG},
    {"RSSetViewports", BUNDLE, call_viewports, "RSSetViewports", E_INVALIDARG},
    {"RSSetScissorRects", DIRECT, call_scissors, "RSSetScissorRects", S_OK},
    {"RSSetScissorRects", DIRECT, call_scissors_bad, "RSSetScissorRects", E_INVALIDARG},
    {"OMSetBlendFactor", DIRECT, call_blend_factor, "OMSetBlendFactor", S_OK},
    {"OMSetBlendFactor", BUNDLE, call_blend_factor_default, "OMSetBlendFactor", S_OK},
    {"OMSetBlendFactor", COMPUTE, call_blend_factor, "OMSetBlendFactor", E_INVALIDARG},
    {"OMSetStencilRef", BUNDLE, call_stencil_ref, "OMSetStencilRef", S_OK},
    {"OMSetFrontAndBackStencilRef", DIRECT, call_stencil_refs_equal, "OMSetStencilRef", S_OK},
    {"OMSetFrontAndBackStencilRef", DIRECT, call_stencil_refs, "OMSetStencilRef", E_INVALIDARG},
    {"OMSetDepthBounds", DIRECT, call_depth_bounds, "OMSetDepthBounds", S_OK},
    {"OMSetDepthBounds", COPY, call_depth_bounds, "OMSetDepthBounds", E_INVALIDARG},
    {"SetSamplePositions", DIRECT, call_sample_positions_pixel, "SetSamplePositions", S_OK},
    {"SetSamplePositions", DIRECT, call_sample_positions_quad, "SetSamplePositions", E_INVALIDARG},
    /* The refused features never reach the driver, which has the entries. */
    {"RSSetDepthBias", DIRECT, call_depth_bias, "RSSetDepthBias", E_INVALIDARG},
    {"IASetIndexBufferStripCutValue", DIRECT, call_strip_cut, "IASetIndexBufferStripCutValue", E_INVALIDARG},
    {"SetViewInstanceMask", DIRECT, call_view_instance_mask, "SetViewInstanceMask", E_INVALIDARG},
};

/* Each row on a fresh list: Close's HRESULT, the driver entry reached once exactly when
 * the call records, and a message naming the method otherwise. */
START_TEST(test_state_setters)
{
    const struct setter_row *row = &setter_rows[_i];
    struct ddi_spy_masks masks = {0};
    struct async_message message;
    struct row_env env;
    struct test_context t;
    struct ddi_spy *spy;
    struct row_list l;
    HRESULT hr;

    masks.max_tiled_resources_tier = -1;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(spy);
    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    env.device = t.device;
    env.buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                               D3D12_RESOURCE_STATE_COMMON);
    async_clear_messages(t.device);
    row_list_create(t.device, row->type, &l);
    ddi_spy_clear(spy);
    row->call(l.list12, &env);
    ck_assert_msg(ddi_spy_count(spy, row->entry) == (row->hr == S_OK), "row %d, %s: %s called %zu times", _i,
                  row->method, row->entry, ddi_spy_count(spy, row->entry));
    hr = ID3D12GraphicsCommandList_Close(l.list);
    ck_assert_msg(hr == row->hr, "row %d, %s on a %s list: Close returned %#x, expected %#x", _i, row->method,
                  rt_command_list_type_name(row->type), (unsigned int)hr, (unsigned int)row->hr);
    if (row->hr == S_OK)
    {
        ck_assert_uint_eq(async_message_count(t.device), 0);
    }
    else
    {
        ck_assert_uint_eq(async_message_count(t.device), 1);
        async_get_message(t.device, 0, &message);
        ck_assert_msg(!strncmp(message.text, row->method, strlen(row->method)), "row %d: \"%s\"", _i, message.text);
    }
    row_list_destroy(&l);
    ID3D12Resource_Release(env.buffer);
    test_context_destroy(&t);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

/* ---- RTV and DSV descriptors followed through copies ----------------------------------------- */

static ID3D12DescriptorHeap *create_heap(ID3D12Device *device, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {0};
    ID3D12DescriptorHeap *heap;

    desc.Type = type;
    desc.NumDescriptors = count;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
                     S_OK);
    return heap;
}

static D3D12_CPU_DESCRIPTOR_HANDLE handle_at(ID3D12Device *device, ID3D12DescriptorHeap *heap, UINT index)
{
    D3D12_CPU_DESCRIPTOR_HANDLE handle = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);

    handle.ptr += (SIZE_T)index * ID3D12Device_GetDescriptorHandleIncrementSize(device,
            ID3D12DescriptorHeap_GetDesc(heap).Type);
    return handle;
}

static ID3D12Resource *create_target(ID3D12Device *device, DXGI_FORMAT format, UINT layers, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(format, 4, 4, layers, 1, 1, flags);

    return create_texture(device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

START_TEST(test_copied_views_are_bound)
{
    D3D12_CPU_DESCRIPTOR_HANDLE rtv_src, dsv_src, rtv_dst[2], dsv_dst, rtv_starts[1], dst_starts[1];
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC ds_desc;
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt_desc;
    D3D12_RENDER_TARGET_VIEW_DESC rtv_desc;
    D3D12_DEPTH_STENCIL_VIEW_DESC dsv_desc;
    ID3D12DescriptorHeap *rtv_staging, *rtv_heap, *dsv_staging, *dsv_heap;
    ID3D12GraphicsCommandList4 *list4;
    ID3D12Resource *color, *other, *depth;
    struct rt_command_list *list;
    struct test_context t;
    UINT sizes[1] = {1};

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    list = rt_command_list_from_list_iface((ID3D12CommandList *)t.list);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(t.list, &IID_ID3D12GraphicsCommandList4,
                                                              (void **)&list4), S_OK);
    rtv_staging = create_heap(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1);
    rtv_heap = create_heap(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2);
    dsv_staging = create_heap(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1);
    dsv_heap = create_heap(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1);
    color = create_target(t.device, DXGI_FORMAT_R8G8B8A8_TYPELESS, 3, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    other = create_target(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    depth = create_target(t.device, DXGI_FORMAT_D32_FLOAT, 2, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);

    /* Views with non-default descriptions, written into non-shader-visible staging heaps. */
    rtv_src = handle_at(t.device, rtv_staging, 0);
    memset(&rtv_desc, 0, sizeof(rtv_desc));
    rtv_desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    rtv_desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DARRAY;
    rtv_desc.Texture2DArray.FirstArraySlice = 2;
    rtv_desc.Texture2DArray.ArraySize = 1;
    ID3D12Device_CreateRenderTargetView(t.device, color, &rtv_desc, rtv_src);
    dsv_src = handle_at(t.device, dsv_staging, 0);
    memset(&dsv_desc, 0, sizeof(dsv_desc));
    dsv_desc.Format = DXGI_FORMAT_D32_FLOAT;
    dsv_desc.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2DARRAY;
    dsv_desc.Flags = D3D12_DSV_FLAG_READ_ONLY_DEPTH;
    dsv_desc.Texture2DArray.FirstArraySlice = 1;
    dsv_desc.Texture2DArray.ArraySize = 1;
    ID3D12Device_CreateDepthStencilView(t.device, depth, &dsv_desc, dsv_src);

    /* Copied with both copy methods; the staging descriptors are then overwritten, which
     * changes neither the copies nor what binding them captures. */
    rtv_dst[0] = handle_at(t.device, rtv_heap, 0);
    rtv_dst[1] = handle_at(t.device, rtv_heap, 1);
    dsv_dst = handle_at(t.device, dsv_heap, 0);
    ID3D12Device_CopyDescriptorsSimple(t.device, 1, rtv_dst[1], rtv_src, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    dst_starts[0] = dsv_dst;
    rtv_starts[0] = dsv_src;
    ID3D12Device_CopyDescriptors(t.device, 1, dst_starts, sizes, 1, rtv_starts, sizes, D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
    ID3D12Device_CreateRenderTargetView(t.device, other, NULL, rtv_src);
    ID3D12Device_CreateDepthStencilView(t.device, NULL, &dsv_desc, dsv_src);
    ID3D12Device_CreateRenderTargetView(t.device, other, NULL, rtv_dst[0]);

    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 2, rtv_dst, TRUE, &dsv_dst);
    ck_assert_uint_eq(list->state.rtv_count, 2);
    ck_assert_ptr_eq(list->state.rtvs[0].resource, rt_resource_from_iface(other));
    ck_assert(list->state.rtvs[1].described);
    ck_assert_uint_eq(list->state.rtvs[1].handle.ptr, rtv_dst[1].ptr);
    ck_assert_ptr_eq(list->state.rtvs[1].resource, rt_resource_from_iface(color));
    ck_assert_int_eq(list->state.rtvs[1].rtv.Format, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    ck_assert_int_eq(list->state.rtvs[1].rtv.ViewDimension, D3D12_RTV_DIMENSION_TEXTURE2DARRAY);
    ck_assert_uint_eq(list->state.rtvs[1].rtv.Texture2DArray.FirstArraySlice, 2);
    ck_assert(list->state.has_dsv && list->state.dsv.described);
    ck_assert_ptr_eq(list->state.dsv.resource, rt_resource_from_iface(depth));
    ck_assert_uint_eq(list->state.dsv.dsv.Flags, D3D12_DSV_FLAG_READ_ONLY_DEPTH);
    ck_assert_uint_eq(list->state.dsv.dsv.Texture2DArray.FirstArraySlice, 1);

    /* BeginRenderPass captures the copies the same way. */
    memset(&rt_desc, 0, sizeof(rt_desc));
    rt_desc.cpuDescriptor = rtv_dst[1];
    rt_desc.BeginningAccess.Type = D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE;
    rt_desc.EndingAccess.Type = D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE;
    memset(&ds_desc, 0, sizeof(ds_desc));
    ds_desc.cpuDescriptor = dsv_dst;
    ds_desc.DepthBeginningAccess.Type = D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE;
    ds_desc.DepthEndingAccess.Type = D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE;
    ds_desc.StencilBeginningAccess.Type = D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS;
    ds_desc.StencilEndingAccess.Type = D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_NO_ACCESS;
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, 1, &rt_desc, &ds_desc, D3D12_RENDER_PASS_FLAG_NONE);
    ck_assert_uint_eq(list->state.rtv_count, 1);
    ck_assert_ptr_eq(list->state.rtvs[0].resource, rt_resource_from_iface(color));
    ck_assert_uint_eq(list->state.rtvs[0].rtv.Texture2DArray.FirstArraySlice, 2);
    ck_assert(list->state.has_dsv);
    ck_assert_ptr_eq(list->state.dsv.resource, rt_resource_from_iface(depth));
    ID3D12GraphicsCommandList4_EndRenderPass(list4);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);

    ID3D12GraphicsCommandList4_Release(list4);
    ID3D12Resource_Release(depth);
    ID3D12Resource_Release(other);
    ID3D12Resource_Release(color);
    ID3D12DescriptorHeap_Release(dsv_heap);
    ID3D12DescriptorHeap_Release(dsv_staging);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12DescriptorHeap_Release(rtv_staging);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
    test_context_destroy(&t);
}
END_TEST

/* ---- Messages name their method ---------------------------------------------------------------- */

/* The one stored message is an error (a warning) of that ID naming the method. */
#define check_only_message(device, method, id) \
    check_only_message_(__LINE__, device, D3D12_MESSAGE_SEVERITY_ERROR, method, id)
#define check_only_warning(device, method, id) \
    check_only_message_(__LINE__, device, D3D12_MESSAGE_SEVERITY_WARNING, method, id)
static void check_only_message_(unsigned int line, ID3D12Device *device, D3D12_MESSAGE_SEVERITY severity,
                                const char *method, D3D12_MESSAGE_ID id)
{
    struct async_message message;
    UINT64 count = async_message_count(device);

    ck_assert_msg(count == 1, "line %u: %u messages, expected 1", line, (unsigned int)count);
    async_get_message(device, 0, &message);
    ck_assert_msg(message.severity == severity, "line %u: severity %d", line, message.severity);
    ck_assert_msg(!strncmp(message.text, method, strlen(method)) && message.text[strlen(method)] == ':',
                  "line %u: \"%s\" does not name %s", line, message.text, method);
    ck_assert_msg(message.id == id, "line %u: ID %d, expected %d (%s)", line, message.id, id, message.text);
    async_clear_messages(device);
}

START_TEST(test_device_messages)
{
    D3D12_CPU_DESCRIPTOR_HANDLE rtv, srv, dsv;
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {0};
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv;
    ID3D12DescriptorHeap *rtv_heap, *srv_heap, *dsv_heap, *heap;
    ID3D12Resource *plain, *depth, *buffer;
    struct test_context t;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    rtv_heap = create_heap(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2);
    dsv_heap = create_heap(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1);
    srv_heap = create_heap(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2);
    rtv = handle_at(t.device, rtv_heap, 0);
    dsv = handle_at(t.device, dsv_heap, 0);
    srv = handle_at(t.device, srv_heap, 0);
    plain = create_target(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_NONE);
    depth = create_target(t.device, DXGI_FORMAT_D32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL
                          | D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE);
    buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    async_clear_messages(t.device);

    /* Descriptor heaps. */
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    heap_desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    heap_desc.NumDescriptors = 1;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&heap), E_INVALIDARG);
    check_only_message(t.device, "CreateDescriptorHeap", D3D12_MESSAGE_ID_CREATE_DESCRIPTOR_HEAP_INVALID_DESC);
    /* Views: the resource must allow the view, the destination be a descriptor of the type. */
    ID3D12Device_CreateRenderTargetView(t.device, plain, NULL, rtv);
    check_only_message(t.device, "CreateRenderTargetView", D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDRESOURCE);
    ID3D12Device_CreateDepthStencilView(t.device, plain, NULL, dsv);
    check_only_message(t.device, "CreateDepthStencilView", D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDRESOURCE);
    ID3D12Device_CreateShaderResourceView(t.device, depth, NULL, srv);
    check_only_message(t.device, "CreateShaderResourceView",
                       D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDRESOURCE);
    ID3D12Device_CreateUnorderedAccessView(t.device, buffer, NULL, NULL, srv);
    check_only_message(t.device, "CreateUnorderedAccessView",
                       D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE);
    ID3D12Device_CreateShaderResourceView(t.device, buffer, NULL, rtv);
    check_only_message(t.device, "CreateShaderResourceView", D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE);
    cbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(buffer);
    cbv.SizeInBytes = 100;
    ID3D12Device_CreateConstantBufferView(t.device, &cbv, srv);
    check_only_message(t.device, "CreateConstantBufferView", D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_DESC);
    ID3D12Device_CreateSampler(t.device, NULL, srv);
    check_only_message(t.device, "CreateSampler", D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE);
    /* Copies: ranges inside one heap of the type. */
    ID3D12Device_CopyDescriptorsSimple(t.device, 2, rtv, srv, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    check_only_message(t.device, "CopyDescriptorsSimple", D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES);
    ID3D12Device_CopyDescriptors(t.device, 1, &rtv, NULL, 0, NULL, NULL, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    check_only_message(t.device, "CopyDescriptors", D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES);

    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(depth);
    ID3D12Resource_Release(plain);
    ID3D12DescriptorHeap_Release(srv_heap);
    ID3D12DescriptorHeap_Release(dsv_heap);
    ID3D12DescriptorHeap_Release(rtv_heap);
    test_context_destroy(&t);
}
END_TEST

START_TEST(test_list_messages)
{
    static const FLOAT color[4] = {0};
    D3D12_CPU_DESCRIPTOR_HANDLE bogus = {0x1234};
    ID3D12Resource *buffer, *texture;
    struct test_context t;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    texture = create_target(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_NONE);
    async_clear_messages(t.device);

#define CHECK_LIST_CALL(call, method, id) \
    do { \
        call; \
        ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), E_INVALIDARG); \
        check_only_message(t.device, method, id); \
        ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK); \
    } while (0)

    CHECK_LIST_CALL(ID3D12GraphicsCommandList_CopyBufferRegion(t.list, buffer, 0, buffer, 128, 256),
                    "CopyBufferRegion", D3D12_MESSAGE_ID_COPYBUFFERREGION_SRCRANGEOUTOFBOUNDS);
    CHECK_LIST_CALL(ID3D12GraphicsCommandList_ClearRenderTargetView(t.list, bogus, color, 0, NULL),
                    "ClearRenderTargetView", D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE);
    CHECK_LIST_CALL(ID3D12GraphicsCommandList_ResolveSubresource(t.list, texture, 0, texture, 0,
                    DXGI_FORMAT_R8G8B8A8_UNORM), "ResolveSubresource",
                    D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_SAMPLE_COUNT);
    CHECK_LIST_CALL(ID3D12GraphicsCommandList_SetPredication(t.list, buffer, 4, D3D12_PREDICATION_OP_EQUAL_ZERO),
                    "SetPredication", D3D12_MESSAGE_ID_SET_PREDICATION_INVALID_PARAMETERS);
    CHECK_LIST_CALL(ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &bogus, FALSE, NULL),
                    "OMSetRenderTargets", D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE);
    CHECK_LIST_CALL(ID3D12GraphicsCommandList_BeginQuery(t.list, NULL, D3D12_QUERY_TYPE_OCCLUSION, 0),
                    "BeginQuery", D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS);
    CHECK_LIST_CALL(ID3D12GraphicsCommandList_ExecuteBundle(t.list, t.list), "ExecuteBundle",
                    D3D12_MESSAGE_ID_EXECUTE_BUNDLE_TYPE);
    CHECK_LIST_CALL(ID3D12GraphicsCommandList_IASetPrimitiveTopology(t.list, (D3D12_PRIMITIVE_TOPOLOGY)99),
                    "IASetPrimitiveTopology", D3D12_MESSAGE_ID_COMMAND_LIST_DRAW_INVALID_PRIMITIVETOPOLOGY);
    /* A driver that fails a recording entry: the message names the call it failed. */
    CHECK_LIST_CALL((ID3D12GraphicsCommandList_OMSetStencilRef(t.list, 1),
                     rt_command_list_ddi_error_cb((D3D12DDI_HRTCOMMANDLIST){rt_command_list_from_list_iface(
                             (ID3D12CommandList *)t.list)}, E_INVALIDARG)),
                    "OMSetStencilRef", RT_MESSAGE_ID_NONE_DRIVER_FAILURE);
#undef CHECK_LIST_CALL

    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}
END_TEST

/* Calls Microsoft's runtime lets through although they are undefined or do nothing: the
 * debug layer reports them, the list stays healthy. */
START_TEST(test_kept_call_messages)
{
    static const D3D12_BOX empty = {0, 0, 0, 4, 4, 0};
    D3D12_CPU_DESCRIPTOR_HANDLE dst[2], src;
    D3D12_TEXTURE_COPY_LOCATION dst_loc, src_loc;
    ID3D12Resource *a, *b;
    ID3D12DescriptorHeap *heap;
    UINT sizes[2] = {1, 1}, src_size = 3;
    struct test_context t;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    a = create_target(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_NONE);
    b = create_target(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_NONE);
    heap = create_heap(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 5);
    async_clear_messages(t.device);

    /* An empty source box: a warning with Microsoft's ID, nothing copied, Close succeeds. */
    dst_loc.pResource = a;
    dst_loc.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    dst_loc.SubresourceIndex = 0;
    src_loc = dst_loc;
    src_loc.pResource = b;
    ID3D12GraphicsCommandList_CopyTextureRegion(t.list, &dst_loc, 0, 0, 0, &src_loc, &empty);
    check_only_warning(t.device, "CopyTextureRegion", D3D12_MESSAGE_ID_COPYTEXTUREREGION_EMPTYBOX);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);

    /* Descriptor totals that differ: the debug layer's error; the copy still happens
     * (test_resource.c and test_clear.c check what lands). */
    dst[0] = handle_at(t.device, heap, 0);
    dst[1] = handle_at(t.device, heap, 1);
    src = handle_at(t.device, heap, 2);
    ID3D12Device_CopyDescriptors(t.device, 2, dst, sizes, 1, &src, &src_size, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    check_only_message(t.device, "CopyDescriptors", D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES);

    ID3D12DescriptorHeap_Release(heap);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    test_context_destroy(&t);
}
END_TEST

/* Copies within one buffer or one subresource (D3D12EnhancedBarriers.md, "Self Resource
 * Copy": one subresource may be source and destination): disjoint ranges and regions land,
 * read back; intersecting ones are undefined, the debug layer's COPY_ON_SAME_SUBRESOURCE
 * error, and the list stays healthy. */
START_TEST(test_self_copies)
{
    static const D3D12_BOX left = {0, 0, 0, 2, 4, 1};
    D3D12_TEXTURE_COPY_LOCATION location;
    struct test_subresource_layout layout;
    unsigned char bytes[256], expected[256], *texels, *got;
    ID3D12Resource *buffer, *texture;
    struct test_context t;
    UINT y;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(bytes), D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    texture = create_target(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_NONE);
    fill_pattern(bytes, sizeof(bytes), 12);
    upload_buffer_data(&t, buffer, 0, bytes, sizeof(bytes));
    get_subresource_layout(t.device, texture, 0, &layout);
    texels = xmalloc(layout.packed_size);
    got = xmalloc(layout.packed_size);
    fill_pattern(texels, layout.packed_size, 13);
    upload_texture_data(&t, texture, 0, texels);
    async_clear_messages(t.device);

    /* Disjoint: bytes 0..63 to 128..191; texels of columns 0..1 to columns 2..3. */
    ID3D12GraphicsCommandList_CopyBufferRegion(t.list, buffer, 128, buffer, 0, 64);
    location.pResource = texture;
    location.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    location.SubresourceIndex = 0;
    ID3D12GraphicsCommandList_CopyTextureRegion(t.list, &location, 2, 0, 0, &location, &left);
    check_no_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR);
    execute_and_wait(&t);
    memcpy(expected, bytes, sizeof(bytes));
    memcpy(expected + 128, bytes, 64);
    read_buffer(&t, buffer, sizeof(bytes), bytes);
    check_bytes(bytes, expected, sizeof(bytes), "buffer");
    for (y = 0; y < 4; ++y)
        memcpy(texels + y * layout.row_size + 8, texels + y * layout.row_size, 8);
    read_texture_subresource(&t, texture, 0, got);
    check_bytes(got, texels, layout.packed_size, "texture");

    /* Intersecting: the debug layer's error, and Close still succeeds. */
    ID3D12GraphicsCommandList_CopyBufferRegion(t.list, buffer, 8, buffer, 0, 16);
    check_only_message(t.device, "CopyBufferRegion", D3D12_MESSAGE_ID_COPY_ON_SAME_SUBRESOURCE);
    ID3D12GraphicsCommandList_CopyTextureRegion(t.list, &location, 1, 0, 0, &location, &left);
    check_only_message(t.device, "CopyTextureRegion", D3D12_MESSAGE_ID_COPY_ON_SAME_SUBRESOURCE);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);

    free(got);
    free(texels);
    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}
END_TEST

/* A list still recording given to ExecuteCommandLists removes the device with
 * DXGI_ERROR_INVALID_CALL (vkd3d's test_device_removed_reason, written to pass on
 * Windows: the reason, then CreateCommandQueue failing with DXGI_ERROR_DEVICE_REMOVED),
 * reported with the debug layer's EXECUTECOMMANDLISTS_OPENCOMMANDLIST. Afterwards the
 * device behaves as removed (specs/ddi.md): fences read UINT64_MAX, Signal fails. */
START_TEST(test_execute_open_list)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    struct async_message message;
    ID3D12CommandList *lists[1];
    ID3D12CommandQueue *queue;
    struct test_context t;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    async_clear_messages(t.device);
    lists[0] = (ID3D12CommandList *)t.list;
    ID3D12CommandQueue_ExecuteCommandLists(t.queue, 1, lists);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(t.device), DXGI_ERROR_INVALID_CALL);
    check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_OPENCOMMANDLIST,
                  &message);
    ck_assert_msg(strstr(message.text, "list 0") && strstr(message.text, "not closed"), "%s", message.text);
    check_message(t.device, D3D12_MESSAGE_SEVERITY_CORRUPTION, D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_AT_FAULT,
                  NULL);

    queue = (ID3D12CommandQueue *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(t.device, &desc, &IID_ID3D12CommandQueue, (void **)&queue),
                     DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_ptr_null(queue);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(t.fence), UINT64_MAX);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(t.queue, t.fence, 1), DXGI_ERROR_DEVICE_REMOVED);
    /* The list itself did nothing wrong; executing it now is dropped, the reason stays. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);
    ID3D12CommandQueue_ExecuteCommandLists(t.queue, 1, lists);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(t.device), DXGI_ERROR_INVALID_CALL);
    test_context_destroy(&t);
}
END_TEST

/* Lists the runtime drops without removing the device, each with the debug layer's ID:
 * a list that failed recording, a bundle, a list of another type, one never recorded. */
START_TEST(test_execute_refused_lists)
{
    ID3D12GraphicsCommandList *bundle, *copy_list, *empty;
    ID3D12Device4 *device4;
    ID3D12CommandAllocator *bundle_allocator, *copy_allocator;
    ID3D12CommandList *lists[1];
    struct test_context t;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(t.device, D3D12_COMMAND_LIST_TYPE_BUNDLE,
            &IID_ID3D12CommandAllocator, (void **)&bundle_allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(t.device, 0, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundle_allocator,
            NULL, &IID_ID3D12GraphicsCommandList, (void **)&bundle), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(t.device, D3D12_COMMAND_LIST_TYPE_COPY,
            &IID_ID3D12CommandAllocator, (void **)&copy_allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(t.device, 0, D3D12_COMMAND_LIST_TYPE_COPY, copy_allocator,
            NULL, &IID_ID3D12GraphicsCommandList, (void **)&copy_list), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(copy_list), S_OK);

    ID3D12GraphicsCommandList_IASetPrimitiveTopology(t.list, (D3D12_PRIMITIVE_TOPOLOGY)99);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), E_INVALIDARG);
    async_clear_messages(t.device);
#define CHECK_REFUSED(list, id) \
    do { \
        lists[0] = (ID3D12CommandList *)(list); \
        ID3D12CommandQueue_ExecuteCommandLists(t.queue, 1, lists); \
        check_only_message(t.device, "ExecuteCommandLists", id); \
        ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(t.device), S_OK); \
    } while (0)
    CHECK_REFUSED(t.list, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST);
    CHECK_REFUSED(bundle, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED);
    CHECK_REFUSED(copy_list, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH);
    ck_assert_int_eq(ID3D12Device_QueryInterface(t.device, &IID_ID3D12Device4, (void **)&device4), S_OK);
    ck_assert_int_eq(ID3D12Device4_CreateCommandList1(device4, 0, D3D12_COMMAND_LIST_TYPE_DIRECT,
            D3D12_COMMAND_LIST_FLAG_NONE, &IID_ID3D12GraphicsCommandList, (void **)&empty), S_OK);
    CHECK_REFUSED(empty, D3D12_MESSAGE_ID_CANNOT_EXECUTE_EMPTY_COMMAND_LIST);
    ID3D12GraphicsCommandList_Release(empty);
    ID3D12Device4_Release(device4);
#undef CHECK_REFUSED

    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_Release(copy_list);
    ID3D12CommandAllocator_Release(copy_allocator);
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(bundle_allocator);
    test_context_destroy(&t);
}
END_TEST

static Suite *cmdlist_features_suite(void)
{
    Suite *suite = suite_create("cmdlist_features");
    TCase *tc;

    tc = tcase_create("features");
    tcase_add_test(tc, test_feature_reports);
    tcase_add_loop_test(tc, test_feature_rows, 0, ARRAY_SIZE(feature_rows));
    tcase_add_test(tc, test_feature_rows_wrong_list);
    tcase_add_test(tc, test_barrier_masked);
    tcase_add_loop_test(tc, test_state_setters, 0, ARRAY_SIZE(setter_rows));
    suite_add_tcase(suite, tc);

    tc = tcase_create("views");
    tcase_add_test(tc, test_copied_views_are_bound);
    suite_add_tcase(suite, tc);

    tc = tcase_create("messages");
    tcase_add_test(tc, test_device_messages);
    tcase_add_test(tc, test_list_messages);
    tcase_add_test(tc, test_kept_call_messages);
    tcase_add_test(tc, test_self_copies);
    tcase_add_test(tc, test_execute_open_list);
    tcase_add_test(tc, test_execute_refused_lists);
    suite_add_tcase(suite, tc);

    return suite;
}

int main(void)
{
    return test_run_suites(cmdlist_features_suite(), NULL);
}
