/*
 * The 3D pipeline level (issue 14, seed 004): the runtime chooses the level, tells the
 * driver at CreateDevice, caps levels it does not know, lowers levels the caps do not
 * justify, and at a lower level refuses what only a higher level has and applies that
 * level's limits. The spy's pipeline_level mask makes the built-in driver report each
 * level; specs/runtime.md's level table names these tests.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include "rt_adapter.h"
#include "ddi_spy.h"
#include "test_device.h"
#include "test_run.h"

#define COBJMACROS
#include <d3d12rt/d3d12.h>

/* ---- The choice itself (a pure function) --------------------------------------------------- */

static D3D12DDI_D3D12_OPTIONS_DATA_0124 full_options(void)
{
    D3D12DDI_D3D12_OPTIONS_DATA_0124 options;

    memset(&options, 0, sizeof(options));
    options.ResourceBindingTier = D3D12_RESOURCE_BINDING_TIER_3;
    options.TiledResourcesTier = D3D12_TILED_RESOURCES_TIER_3;
    options.TypedUAVLoadAdditionalFormats = TRUE;
    options.ROVsSupported = TRUE;
    options.ConservativeRasterizationTier = D3D12_CONSERVATIVE_RASTERIZATION_TIER_1;
    return options;
}

START_TEST(test_choose_caps_unknown_levels)
{
    const D3D12DDI_D3D12_OPTIONS_DATA_0124 options = full_options();
    static const struct { int driver; int chosen; } cases[] =
    {
        {15, D3D12DDI_3DPIPELINELEVEL_12_2},          /* newer than the runtime knows: capped */
        {0x7fffffff, D3D12DDI_3DPIPELINELEVEL_12_2},
        {D3D12DDI_3DPIPELINELEVEL_12_2, D3D12DDI_3DPIPELINELEVEL_12_2},
        {D3D12DDI_3DPIPELINELEVEL_12_1, D3D12DDI_3DPIPELINELEVEL_12_1},
        {D3D12DDI_3DPIPELINELEVEL_12_0, D3D12DDI_3DPIPELINELEVEL_12_0},
        {D3D12DDI_3DPIPELINELEVEL_11_1, D3D12DDI_3DPIPELINELEVEL_11_1},
        {D3D12DDI_3DPIPELINELEVEL_11_0, D3D12DDI_3DPIPELINELEVEL_11_0},
        {9, D3D12DDI_3DPIPELINELEVEL_1_0_CORE},       /* an unknown value between: the known one below */
        {D3D12DDI_3DPIPELINELEVEL_1_0_CORE, D3D12DDI_3DPIPELINELEVEL_1_0_CORE},
        {D3D12DDI_3DPIPELINELEVEL_1_0_GENERIC, 0},    /* no D3D12 device level of the API */
        {0, 0},
        {-5, 0},
    };
    unsigned int i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
        ck_assert_msg((int)rt_pipeline_level_choose((D3D12DDI_3DPIPELINELEVEL)cases[i].driver, &options)
                == cases[i].chosen, "driver level %d", cases[i].driver);
}
END_TEST

START_TEST(test_choose_lowered_by_caps)
{
    D3D12DDI_D3D12_OPTIONS_DATA_0124 options = full_options();

    /* 12_1 needs ROVs and conservative rasterization. */
    options.ROVsSupported = FALSE;
    ck_assert_int_eq(rt_pipeline_level_choose(D3D12DDI_3DPIPELINELEVEL_12_2, &options), D3D12DDI_3DPIPELINELEVEL_12_0);
    options = full_options();
    options.ConservativeRasterizationTier = D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED;
    ck_assert_int_eq(rt_pipeline_level_choose(D3D12DDI_3DPIPELINELEVEL_12_1, &options), D3D12DDI_3DPIPELINELEVEL_12_0);
    /* 12_0 needs binding tier 2, tiled resources tier 2 and the typed UAV load formats. */
    options = full_options();
    options.ResourceBindingTier = D3D12_RESOURCE_BINDING_TIER_1;
    ck_assert_int_eq(rt_pipeline_level_choose(D3D12DDI_3DPIPELINELEVEL_12_1, &options), D3D12DDI_3DPIPELINELEVEL_11_1);
    options = full_options();
    options.TiledResourcesTier = D3D12_TILED_RESOURCES_TIER_1;
    ck_assert_int_eq(rt_pipeline_level_choose(D3D12DDI_3DPIPELINELEVEL_12_0, &options), D3D12DDI_3DPIPELINELEVEL_11_1);
    options = full_options();
    options.TypedUAVLoadAdditionalFormats = FALSE;
    ck_assert_int_eq(rt_pipeline_level_choose(D3D12DDI_3DPIPELINELEVEL_12_0, &options), D3D12DDI_3DPIPELINELEVEL_11_1);
    /* Nothing below 12_0 depends on these options. */
    memset(&options, 0, sizeof(options));
    ck_assert_int_eq(rt_pipeline_level_choose(D3D12DDI_3DPIPELINELEVEL_11_1, &options), D3D12DDI_3DPIPELINELEVEL_11_1);
}
END_TEST

/* ---- Devices at a level the spy reports ------------------------------------------------------ */

struct level_device
{
    struct ddi_spy *spy;
    ID3D12Device *device;
};

/* D3D12CreateDevice(minimum) on the built-in driver reporting `reported` as its maximum. */
/* binding_tier 0: the driver's own. */
static HRESULT level_device_create_tier(struct level_device *d, int reported, D3D_FEATURE_LEVEL minimum,
                                        int binding_tier)
{
    struct ddi_spy_masks masks;
    HRESULT hr;

    memset(&masks, 0, sizeof(masks));
    masks.max_tiled_resources_tier = -1;
    masks.pipeline_level = reported;
    masks.binding_tier = binding_tier;
    ck_assert_ptr_nonnull(d->spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(d->spy);
    d->device = NULL;
    hr = D3D12CreateDevice(NULL, minimum, &IID_ID3D12Device, (void **)&d->device);
    rt_testing_set_driver_spy(NULL);
    return hr;
}

static HRESULT level_device_create(struct level_device *d, int reported, D3D_FEATURE_LEVEL minimum)
{
    return level_device_create_tier(d, reported, minimum, 0);
}

static void level_device_destroy(struct level_device *d)
{
    if (d->device)
        ck_assert_uint_eq(ID3D12Device_Release(d->device), 0);
    ddi_spy_destroy(d->spy);
}

/* The PipelineLevel the runtime passed at CreateDevice, from the spy's log. */
static int created_level(struct level_device *d)
{
    struct ddi_spy_call call;
    size_t index = ddi_spy_find(d->spy, 0, "CreateDevice");
    const char *field;

    ck_assert_uint_ne(index, (size_t)-1);
    ck_assert(ddi_spy_get_call(d->spy, index, &call));
    ck_assert_ptr_nonnull(field = strstr(call.args, "PipelineLevel="));
    return atoi(field + strlen("PipelineLevel="));
}

static D3D_FEATURE_LEVEL max_feature_level(ID3D12Device *device)
{
    static const D3D_FEATURE_LEVEL all[] =
    {
        D3D_FEATURE_LEVEL_1_0_CORE, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0,
        D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_2,
    };
    D3D12_FEATURE_DATA_FEATURE_LEVELS levels;

    levels.NumFeatureLevels = sizeof(all) / sizeof(all[0]);
    levels.pFeatureLevelsRequested = all;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)),
            S_OK);
    return levels.MaxSupportedFeatureLevel;
}

/* The D3D12 device level just above `level`. */
static D3D_FEATURE_LEVEL next_level(D3D_FEATURE_LEVEL level)
{
    switch ((int)level)
    {
        case D3D_FEATURE_LEVEL_1_0_CORE: return D3D_FEATURE_LEVEL_11_0;
        case D3D_FEATURE_LEVEL_11_0: return D3D_FEATURE_LEVEL_11_1;
        case D3D_FEATURE_LEVEL_11_1: return D3D_FEATURE_LEVEL_12_0;
        case D3D_FEATURE_LEVEL_12_0: return D3D_FEATURE_LEVEL_12_1;
        default: return D3D_FEATURE_LEVEL_12_2;
    }
}

START_TEST(test_device_levels)
{
    static const struct { int reported; int chosen; D3D_FEATURE_LEVEL level; } cases[] =
    {
        {D3D12DDI_3DPIPELINELEVEL_1_0_CORE, D3D12DDI_3DPIPELINELEVEL_1_0_CORE, D3D_FEATURE_LEVEL_1_0_CORE},
        {D3D12DDI_3DPIPELINELEVEL_11_0, D3D12DDI_3DPIPELINELEVEL_11_0, D3D_FEATURE_LEVEL_11_0},
        {D3D12DDI_3DPIPELINELEVEL_11_1, D3D12DDI_3DPIPELINELEVEL_11_1, D3D_FEATURE_LEVEL_11_1},
        /* The built-in driver's options justify 12_0 (binding tier 2, tiled tier 5, typed
         * UAV loads), not 12_1 (no ROVs, no conservative rasterization): lowered to 12_0. */
        {D3D12DDI_3DPIPELINELEVEL_12_0, D3D12DDI_3DPIPELINELEVEL_12_0, D3D_FEATURE_LEVEL_12_0},
        {D3D12DDI_3DPIPELINELEVEL_12_2, D3D12DDI_3DPIPELINELEVEL_12_0, D3D_FEATURE_LEVEL_12_0},
        /* A level newer than the runtime knows never fails device creation. */
        {15, D3D12DDI_3DPIPELINELEVEL_12_0, D3D_FEATURE_LEVEL_12_0},
    };
    struct level_device d;
    unsigned int i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
    {
        ck_assert_int_eq(level_device_create(&d, cases[i].reported, D3D_FEATURE_LEVEL_1_0_CORE), S_OK);
        ck_assert_msg(created_level(&d) == cases[i].chosen, "reported %d: created at %d", cases[i].reported,
                      created_level(&d));
        ck_assert_int_eq(max_feature_level(d.device), cases[i].level);
        level_device_destroy(&d);

        /* The application's minimum is checked against the chosen level. */
        if (cases[i].level < D3D_FEATURE_LEVEL_12_2)
        {
            ck_assert_int_eq(level_device_create(&d, cases[i].reported, next_level(cases[i].level)),
                    DXGI_ERROR_UNSUPPORTED);
            ck_assert_ptr_null(d.device);
            level_device_destroy(&d);
        }
    }
    /* The minimum does not lower the level the device runs at (D3D12CreateDevice's
     * MinimumFeatureLevel only sets the floor; FEATURE_LEVELS reports the maximum). */
    ck_assert_int_eq(level_device_create(&d, D3D12DDI_3DPIPELINELEVEL_11_1, D3D_FEATURE_LEVEL_11_0), S_OK);
    ck_assert_int_eq(created_level(&d), D3D12DDI_3DPIPELINELEVEL_11_1);
    level_device_destroy(&d);
    /* 10_x and 9_x are not D3D12 device levels at any driver level. */
    ck_assert_int_eq(level_device_create(&d, D3D12DDI_3DPIPELINELEVEL_11_1, D3D_FEATURE_LEVEL_10_1), E_INVALIDARG);
    level_device_destroy(&d);
    ck_assert_int_eq(level_device_create(&d, D3D12DDI_3DPIPELINELEVEL_11_1, D3D_FEATURE_LEVEL_10_0), E_INVALIDARG);
    level_device_destroy(&d);
}
END_TEST

/* A driver at 1_0_GENERIC (a generic ML device) is a driver, not a broken one: as in
 * Microsoft's runtime, only a D3D_FEATURE_LEVEL_1_0_GENERIC minimum gets it a device, and
 * every level the API headers declare is above its maximum. No driver device is made. */
START_TEST(test_generic_level_driver)
{
    static const D3D_FEATURE_LEVEL minimums[] = {D3D_FEATURE_LEVEL_1_0_CORE, D3D_FEATURE_LEVEL_11_0,
                                                 D3D_FEATURE_LEVEL_12_2};
    struct level_device d;
    unsigned int i;

    for (i = 0; i < sizeof(minimums) / sizeof(minimums[0]); ++i)
    {
        ck_assert_int_eq(level_device_create(&d, D3D12DDI_3DPIPELINELEVEL_1_0_GENERIC, minimums[i]),
                DXGI_ERROR_UNSUPPORTED);
        ck_assert_ptr_null(d.device);
        ck_assert_uint_eq(ddi_spy_count(d.spy, "CreateDevice"), 0);
        level_device_destroy(&d);
    }
    /* Below it, a value that is no level is still the driver's fault. */
    ck_assert_int_eq(level_device_create(&d, -5, D3D_FEATURE_LEVEL_11_0), E_FAIL);
    level_device_destroy(&d);
}
END_TEST

/* ---- Refusals and limits per level ----------------------------------------------------------- */

/* At 1_0_CORE there is no graphics pipeline: no graphics PSO reaches the driver and
 * occlusion / stream-output queries are refused; compute-level objects still work. */
START_TEST(test_core_level_refusals)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC pso_desc;
    D3D12_QUERY_HEAP_DESC query_desc;
    ID3D12PipelineState *pso = (ID3D12PipelineState *)(uintptr_t)0xdeadbeef;
    ID3D12QueryHeap *heap;
    struct level_device d;

    memset(&pso_desc, 0, sizeof(pso_desc));
    memset(&query_desc, 0, sizeof(query_desc));
    query_desc.Count = 4;

    ck_assert_int_eq(level_device_create(&d, D3D12DDI_3DPIPELINELEVEL_1_0_CORE, D3D_FEATURE_LEVEL_1_0_CORE), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateGraphicsPipelineState(d.device, &pso_desc, &IID_ID3D12PipelineState,
            (void **)&pso), DXGI_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(pso);
    query_desc.Type = D3D12_QUERY_HEAP_TYPE_OCCLUSION;
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(d.device, &query_desc, &IID_ID3D12QueryHeap, (void **)&heap),
            DXGI_ERROR_UNSUPPORTED);
    query_desc.Type = D3D12_QUERY_HEAP_TYPE_SO_STATISTICS;
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(d.device, &query_desc, &IID_ID3D12QueryHeap, (void **)&heap),
            DXGI_ERROR_UNSUPPORTED);
    query_desc.Type = D3D12_QUERY_HEAP_TYPE_TIMESTAMP;
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(d.device, &query_desc, &IID_ID3D12QueryHeap, (void **)&heap), S_OK);
    ID3D12QueryHeap_Release(heap);
    ck_assert_uint_eq(ddi_spy_count(d.spy, "CreatePipelineState"), 0);
    ck_assert_uint_eq(ddi_spy_count(d.spy, "CalcPrivatePipelineStateSize"), 0);
    level_device_destroy(&d);

    /* At 11_0 the same calls get past the level: the empty PSO fails its own checks. */
    ck_assert_int_eq(level_device_create(&d, D3D12DDI_3DPIPELINELEVEL_11_0, D3D_FEATURE_LEVEL_11_0), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateGraphicsPipelineState(d.device, &pso_desc, &IID_ID3D12PipelineState,
            (void **)&pso), E_INVALIDARG);
    query_desc.Type = D3D12_QUERY_HEAP_TYPE_OCCLUSION;
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(d.device, &query_desc, &IID_ID3D12QueryHeap, (void **)&heap), S_OK);
    ID3D12QueryHeap_Release(heap);
    level_device_destroy(&d);
}
END_TEST

/* A root signature whose one table holds `uavs` UAVs, visible to every stage. */
static HRESULT create_uav_root_signature(ID3D12Device *device, UINT uavs)
{
    D3D12_DESCRIPTOR_RANGE range = { D3D12_DESCRIPTOR_RANGE_TYPE_UAV, uavs, 0, 0, 0 };
    D3D12_ROOT_PARAMETER parameter;
    D3D12_ROOT_SIGNATURE_DESC desc;
    ID3D12RootSignature *root_signature;
    ID3DBlob *blob;
    HRESULT hr;

    memset(&parameter, 0, sizeof(parameter));
    parameter.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    parameter.DescriptorTable.NumDescriptorRanges = 1;
    parameter.DescriptorTable.pDescriptorRanges = &range;
    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    memset(&desc, 0, sizeof(desc));
    desc.NumParameters = 1;
    desc.pParameters = &parameter;
    ck_assert_int_eq(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1, &blob, NULL), S_OK);
    hr = ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&root_signature);
    ID3D10Blob_Release(blob);
    if (SUCCEEDED(hr))
        ID3D12RootSignature_Release(root_signature);
    return hr;
}

/* Resource binding tier 1 (the built-in driver's reshaped to it): 8 UAVs in all tables at
 * 11_0, 64 from 11_1 (Microsoft's resource binding tier table, "Hardware Tiers"); tier 2
 * (the built-in driver's own): 64 at 11_0. */
START_TEST(test_uav_slots_follow_level)
{
    struct level_device d;

    ck_assert_int_eq(level_device_create_tier(&d, D3D12DDI_3DPIPELINELEVEL_11_0, D3D_FEATURE_LEVEL_11_0,
                                              D3D12_RESOURCE_BINDING_TIER_1), S_OK);
    ck_assert_int_eq(create_uav_root_signature(d.device, 8), S_OK);
    ck_assert_int_eq(create_uav_root_signature(d.device, 9), E_INVALIDARG);
    level_device_destroy(&d);

    ck_assert_int_eq(level_device_create(&d, D3D12DDI_3DPIPELINELEVEL_11_0, D3D_FEATURE_LEVEL_11_0), S_OK);
    ck_assert_int_eq(create_uav_root_signature(d.device, 64), S_OK);
    ck_assert_int_eq(create_uav_root_signature(d.device, 65), E_INVALIDARG);
    level_device_destroy(&d);

    ck_assert_int_eq(level_device_create_tier(&d, D3D12DDI_3DPIPELINELEVEL_11_1, D3D_FEATURE_LEVEL_11_0,
                                              D3D12_RESOURCE_BINDING_TIER_1), S_OK);
    ck_assert_int_eq(create_uav_root_signature(d.device, 9), S_OK);
    ck_assert_int_eq(create_uav_root_signature(d.device, 64), S_OK);
    ck_assert_int_eq(create_uav_root_signature(d.device, 65), E_INVALIDARG);
    level_device_destroy(&d);
}
END_TEST

/* ---- Extended format awareness at every level (seed 004) ---------------------------------- */

static HRESULT format_support(ID3D12Device *device, DXGI_FORMAT format, D3D12_FEATURE_DATA_FORMAT_SUPPORT *out)
{
    memset(out, 0xcc, sizeof(*out));
    out->Format = format;
    return ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, out, sizeof(*out));
}

/* A driver below the top level still answers for BGR formats, the XR_BIAS query and the
 * casting of fully typed formats; the answers do not depend on the level. */
START_TEST(test_format_awareness_every_level)
{
    static const int levels[] =
    {
        D3D12DDI_3DPIPELINELEVEL_1_0_CORE, D3D12DDI_3DPIPELINELEVEL_11_0, D3D12DDI_3DPIPELINELEVEL_11_1,
    };
    /* Bits D3D12 hardware has for these at feature level 11_0 and above (Microsoft's
     * "format support for feature level 11_0 hardware" tables). */
    static const struct { DXGI_FORMAT format; UINT support1; } bgr[] =
    {
        {DXGI_FORMAT_B8G8R8A8_UNORM, D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_MIP
                | D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_BLENDABLE
                | D3D12_FORMAT_SUPPORT1_SHADER_LOAD | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE
                | D3D12_FORMAT_SUPPORT1_DISPLAY},
        {DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_RENDER_TARGET
                | D3D12_FORMAT_SUPPORT1_BLENDABLE | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE
                | D3D12_FORMAT_SUPPORT1_DISPLAY},
        {DXGI_FORMAT_B8G8R8X8_UNORM, D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_SHADER_LOAD
                | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE},
        {DXGI_FORMAT_B8G8R8A8_TYPELESS, D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_CAST_WITHIN_BIT_LAYOUT},
    };
    D3D12_FEATURE_DATA_FORMAT_SUPPORT support, top[sizeof(bgr) / sizeof(bgr[0])];
    D3D12_FEATURE_DATA_D3D12_OPTIONS3 options3;
    struct level_device d;
    unsigned int i, j;

    for (i = sizeof(levels) / sizeof(levels[0]); i--;)
    {
        ck_assert_int_eq(level_device_create(&d, levels[i], D3D_FEATURE_LEVEL_1_0_CORE), S_OK);
        for (j = 0; j < sizeof(bgr) / sizeof(bgr[0]); ++j)
        {
            ck_assert_int_eq(format_support(d.device, bgr[j].format, &support), S_OK);
            ck_assert_msg((support.Support1 & bgr[j].support1) == bgr[j].support1,
                          "level %d, format %d: Support1 %#x lacks %#x", levels[i], bgr[j].format,
                          support.Support1, bgr[j].support1 & ~support.Support1);
            if (i == sizeof(levels) / sizeof(levels[0]) - 1)
                top[j] = support;
            ck_assert_uint_eq(support.Support1, top[j].Support1);
            ck_assert_uint_eq(support.Support2, top[j].Support2);
        }
        /* XR_BIAS is answered by the driver at every level: the built-in one denies it. */
        ddi_spy_clear(d.spy);
        ck_assert_int_eq(format_support(d.device, DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM, &support), E_FAIL);
        ck_assert_uint_eq(ddi_spy_count(d.spy, "CheckFormatSupport"), 1);
        memset(&options3, 0, sizeof(options3));
        ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(d.device, D3D12_FEATURE_D3D12_OPTIONS3, &options3,
                sizeof(options3)), S_OK);
        ck_assert(options3.CastingFullyTypedFormatSupported);
        level_device_destroy(&d);
    }
}
END_TEST

/* Creates a 2D SRV of `format`; true when the call reached the driver. */
static bool srv_reaches_driver(struct level_device *d, ID3D12Resource *resource, ID3D12DescriptorHeap *heap,
                               DXGI_FORMAT format)
{
    size_t before = ddi_spy_count(d->spy, "CreateShaderResourceView");
    D3D12_SHADER_RESOURCE_VIEW_DESC srv;

    memset(&srv, 0, sizeof(srv));
    srv.Format = format;
    srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
    srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    srv.Texture2D.MipLevels = 1;
    ID3D12Device_CreateShaderResourceView(d->device, resource, &srv,
            ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap));
    return ddi_spy_count(d->spy, "CreateShaderResourceView") == before + 1;
}

/* Views of fully typed textures: formats of the resource's cast family reach the driver,
 * others are refused (no relaxed casting), at every level. */
static void check_view_casts(struct level_device *d)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1,
            D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    static const struct { DXGI_FORMAT format; bool accepted; } srvs[] =
    {
        {DXGI_FORMAT_R8G8B8A8_UINT, true},
        {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, true},
        {DXGI_FORMAT_R8G8B8A8_SNORM, true},
        {DXGI_FORMAT_B8G8R8A8_UNORM, false},    /* BGR: another family */
        {DXGI_FORMAT_R32_UINT, false},          /* the same bits, another family */
        {DXGI_FORMAT_R16G16_FLOAT, false},
    };
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = { D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1, 0, 0 };
    D3D12_RENDER_TARGET_VIEW_DESC rtv;
    ID3D12DescriptorHeap *srv_heap, *rtv_heap;
    ID3D12Resource *texture, *typeless, *depth;
    size_t before;
    unsigned int i;

    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(d->device, &heap_desc, &IID_ID3D12DescriptorHeap,
            (void **)&srv_heap), S_OK);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(d->device, &heap_desc, &IID_ID3D12DescriptorHeap,
            (void **)&rtv_heap), S_OK);
    texture = create_texture(d->device, &desc, D3D12_RESOURCE_STATE_COMMON);
    desc.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
    typeless = create_texture(d->device, &desc, D3D12_RESOURCE_STATE_COMMON);
    desc = test_texture_2d_desc(DXGI_FORMAT_D32_FLOAT, 4, 4, 1, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    depth = create_texture(d->device, &desc, D3D12_RESOURCE_STATE_DEPTH_WRITE);

    for (i = 0; i < sizeof(srvs) / sizeof(srvs[0]); ++i)
        ck_assert_msg(srv_reaches_driver(d, texture, srv_heap, srvs[i].format) == srvs[i].accepted,
                      "format %d: accepted %d", srvs[i].format, srvs[i].accepted);
    /* A typeless resource takes any format of its family; a depth format its R32 views. */
    ck_assert(srv_reaches_driver(d, typeless, srv_heap, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB));
    ck_assert(!srv_reaches_driver(d, typeless, srv_heap, DXGI_FORMAT_B8G8R8A8_UNORM));
    ck_assert(srv_reaches_driver(d, depth, srv_heap, DXGI_FORMAT_R32_FLOAT));

    /* Render targets follow the same rule. */
    memset(&rtv, 0, sizeof(rtv));
    rtv.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D;
    before = ddi_spy_count(d->spy, "CreateRenderTargetView");
    rtv.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    ID3D12Device_CreateRenderTargetView(d->device, texture, &rtv,
            ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(rtv_heap));
    rtv.Format = DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
    ID3D12Device_CreateRenderTargetView(d->device, texture, &rtv,
            ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(rtv_heap));
    ck_assert_uint_eq(ddi_spy_count(d->spy, "CreateRenderTargetView"), before + 1);

    ID3D12Resource_Release(depth);
    ID3D12Resource_Release(typeless);
    ID3D12Resource_Release(texture);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12DescriptorHeap_Release(srv_heap);
}

START_TEST(test_view_format_casting_every_level)
{
    static const int levels[] =
    {
        D3D12DDI_3DPIPELINELEVEL_1_0_CORE, D3D12DDI_3DPIPELINELEVEL_11_0, D3D12DDI_3DPIPELINELEVEL_11_1,
    };
    struct level_device d;
    unsigned int i;

    for (i = 0; i < sizeof(levels) / sizeof(levels[0]); ++i)
    {
        ck_assert_int_eq(level_device_create(&d, levels[i], D3D_FEATURE_LEVEL_1_0_CORE), S_OK);
        check_view_casts(&d);
        level_device_destroy(&d);
    }
}
END_TEST

static Suite *pipeline_level_suite(void)
{
    Suite *suite = suite_create("pipeline_level");
    TCase *tc = tcase_create("choose");

    tcase_add_test(tc, test_choose_caps_unknown_levels);
    tcase_add_test(tc, test_choose_lowered_by_caps);
    suite_add_tcase(suite, tc);
    tc = tcase_create("device");
    tcase_add_test(tc, test_device_levels);
    tcase_add_test(tc, test_generic_level_driver);
    tcase_add_test(tc, test_core_level_refusals);
    tcase_add_test(tc, test_uav_slots_follow_level);
    tcase_add_test(tc, test_format_awareness_every_level);
    tcase_add_test(tc, test_view_format_casting_every_level);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(pipeline_level_suite(), NULL);
}
