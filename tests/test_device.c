/*
 * ID3D12Device: creation and feature levels, CheckFeatureSupport, private data and
 * SetName, interface chains, reference counts and lifetimes, device removal, the Async
 * Commands selection rules, the not-yet-implemented methods' results, and ID3D12Device15's
 * methods (TryCreate* views, trim notifications, the unsupported features).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "rt_adapter.h"
#include "rt_async_select.h"
#include "rt_device.h"
#include "ddi_spy.h"
#include "test_config_guard.h"
#include "test_run.h"

/* ---- Helpers ------------------------------------------------------------------------------ */

static ID3D12Device *create_device(void)
{
    ID3D12Device *device = NULL;
    HRESULT hr;

    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    ck_assert_msg(hr == S_OK, "D3D12CreateDevice: hr %#x", (unsigned int)hr);
    ck_assert_ptr_nonnull(device);
    return device;
}

/* A device on a driver the spy reshapes; the spy is gone once the device is. */
static ID3D12Device *create_masked_device(const struct ddi_spy_masks *masks)
{
    struct ddi_spy *spy = ddi_spy_create(masks, false);
    ID3D12Device *device;

    ck_assert_ptr_nonnull(spy);
    rt_testing_set_driver_spy(spy);
    device = create_device();
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
    return device;
}

static struct ddi_spy_masks no_masks(void)
{
    struct ddi_spy_masks masks;

    memset(&masks, 0, sizeof(masks));
    masks.max_tiled_resources_tier = -1;
    return masks;
}

static ULONG get_refcount(void *iface)
{
    IUnknown *unknown = iface;

    IUnknown_AddRef(unknown);
    return IUnknown_Release(unknown);
}

#define check_interface(iface, riid, supported) check_interface_(__LINE__, iface, riid, supported)
static void check_interface_(int line, void *iface, REFIID riid, bool supported)
{
    IUnknown *unknown = iface, *out = (IUnknown *)(uintptr_t)0xdeadbeef;
    HRESULT hr = IUnknown_QueryInterface(unknown, riid, (void **)&out);

    ck_assert_msg(hr == (supported ? S_OK : E_NOINTERFACE), "line %d: hr %#x", line, (unsigned int)hr);
    if (supported)
        IUnknown_Release(out);
    else
        ck_assert_msg(!out, "line %d: output not cleared", line);
}

static HRESULT check_feature(ID3D12Device *device, D3D12_FEATURE feature, void *data, UINT size)
{
    return ID3D12Device_CheckFeatureSupport(device, feature, data, size);
}

/* ---- Creation ------------------------------------------------------------------------------- */

START_TEST(test_create_device)
{
    ID3D12Device *device = create_device(), *device2;
    ULONG refcount;

    check_interface(device, &IID_ID3D12Object, true);
    check_interface(device, &IID_ID3D12DeviceChild, false);
    check_interface(device, &IID_ID3D12Pageable, false);
    check_interface(device, &IID_ID3D12Device, true);
    check_interface(device, &IID_ID3D12Device1, true);
    check_interface(device, &IID_ID3D12Device5, true);
    check_interface(device, &IID_ID3D12Device9, true);
    check_interface(device, &IID_ID3D12Device11, true);
    check_interface(device, &IID_ID3D12DeviceConfiguration, true);
    check_interface(device, &IID_ID3D12Heap, false);
    check_interface(device, &IID_ID3D12InfoQueue, false);

    /* The singleton: a second call hands back the same device. */
    device2 = create_device();
    ck_assert_ptr_eq(device, device2);
    ck_assert_uint_eq(get_refcount(device), 2);
    ID3D12Device_Release(device2);
    refcount = ID3D12Device_Release(device);
    ck_assert_uint_eq(refcount, 0);
}
END_TEST

START_TEST(test_create_device_arguments)
{
    static const D3D_FEATURE_LEVEL invalid_levels[] =
    {
        D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3,
        D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_10_1, (D3D_FEATURE_LEVEL)0, (D3D_FEATURE_LEVEL)~0u,
    };
    D3D12_FEATURE_DATA_FEATURE_LEVELS levels;
    D3D_FEATURE_LEVEL all[] = {D3D_FEATURE_LEVEL_12_2, D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_0,
            D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
    ID3D12Device *device;
    unsigned int i;
    HRESULT hr;

    for (i = 0; i < sizeof(invalid_levels) / sizeof(*invalid_levels); ++i)
    {
        device = (ID3D12Device *)(uintptr_t)0xdeadbeef;
        hr = D3D12CreateDevice(NULL, invalid_levels[i], &IID_ID3D12Device, (void **)&device);
        ck_assert_msg(hr == E_INVALIDARG, "level %#x: hr %#x", invalid_levels[i], (unsigned int)hr);
        ck_assert_ptr_null(device);
    }

    /* Capability checks with a NULL output. */
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL), S_FALSE);
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, NULL, NULL), S_FALSE);
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12DeviceChild, NULL), S_FALSE);
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_1_0_CORE, &IID_ID3D12Device, NULL), S_FALSE);

    /* An interface the device does not have. */
    device = (ID3D12Device *)(uintptr_t)0xdeadbeef;
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12CommandQueue, (void **)&device);
    ck_assert_int_eq(hr, E_NOINTERFACE);
    ck_assert_ptr_null(device);

    /* There is no DXGI: only the default adapter exists. */
    device = create_device();
    {
        ID3D12Device *other = (ID3D12Device *)(uintptr_t)0xdeadbeef;

        hr = D3D12CreateDevice((IUnknown *)device, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&other);
        ck_assert_int_eq(hr, E_INVALIDARG);
        ck_assert_ptr_null(other);
    }

    /* A level above the driver's maximum is unsupported. */
    levels.NumFeatureLevels = sizeof(all) / sizeof(*all);
    levels.pFeatureLevelsRequested = all;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)), S_OK);
    for (i = 0; i < levels.NumFeatureLevels; ++i)
    {
        ID3D12Device *other = (ID3D12Device *)(uintptr_t)0xdeadbeef;

        hr = D3D12CreateDevice(NULL, all[i], &IID_ID3D12Device, (void **)&other);
        if (all[i] > levels.MaxSupportedFeatureLevel)
        {
            ck_assert_msg(hr == DXGI_ERROR_UNSUPPORTED, "level %#x: hr %#x", all[i], (unsigned int)hr);
            ck_assert_ptr_null(other);
        }
        else
        {
            ck_assert_int_eq(hr, S_OK);
            ck_assert_ptr_eq(other, device);
            ID3D12Device_Release(other);
        }
    }
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/* ---- CheckFeatureSupport ------------------------------------------------------------------------ */

START_TEST(test_feature_arguments)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    ID3D12Device *device = create_device();

    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS, NULL, sizeof(options)), E_INVALIDARG);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options) - 1), E_INVALIDARG);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options) + 1), E_INVALIDARG);
    /* 9 was never assigned; 0x7fff is far beyond every known feature. */
    ck_assert_int_eq(check_feature(device, (D3D12_FEATURE)9, &options, sizeof(options)), E_INVALIDARG);
    ck_assert_int_eq(check_feature(device, (D3D12_FEATURE)0x7fff, &options, sizeof(options)), E_INVALIDARG);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_QUERY_META_COMMAND, &options, sizeof(options)),
            E_INVALIDARG);
    /* PREDICATION (50) and HARDWARE_COPY (52), each with a one-BOOL structure: Microsoft's
     * runtime returns E_NOTIMPL (observed on Windows by vkd3d-proton's Agility SDK query
     * test, which vkd3d-proton matches). */
    ck_assert_int_eq(check_feature(device, (D3D12_FEATURE)50, &options, sizeof(BOOL)), E_NOTIMPL);
    ck_assert_int_eq(check_feature(device, (D3D12_FEATURE)52, &options, sizeof(BOOL)), E_NOTIMPL);
    ID3D12Device_Release(device);
}
END_TEST

START_TEST(test_feature_options)
{
    struct ddi_spy_masks masks = no_masks();
    D3D12_FEATURE_DATA_D3D12_OPTIONS12 options12;
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    D3D12_FEATURE_DATA_D3D12_OPTIONS3 options3;
    D3D12_FEATURE_DATA_D3D12_OPTIONS1 options1;
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    union
    {
        D3D12_FEATURE_DATA_D3D12_OPTIONS2 o2;
        D3D12_FEATURE_DATA_D3D12_OPTIONS4 o4;
        D3D12_FEATURE_DATA_D3D12_OPTIONS6 o6;
        D3D12_FEATURE_DATA_D3D12_OPTIONS7 o7;
        D3D12_FEATURE_DATA_D3D12_OPTIONS8 o8;
        D3D12_FEATURE_DATA_D3D12_OPTIONS9 o9;
        D3D12_FEATURE_DATA_D3D12_OPTIONS10 o10;
        D3D12_FEATURE_DATA_D3D12_OPTIONS11 o11;
        D3D12_FEATURE_DATA_D3D12_OPTIONS13 o13;
        D3D12_FEATURE_DATA_D3D12_OPTIONS14 o14;
        D3D12_FEATURE_DATA_D3D12_OPTIONS15 o15;
    } u;
    ID3D12Device *device = create_device();
    struct rt_device *impl = rt_device_from_iface(device);

    ck_assert_ptr_nonnull(impl);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options)), S_OK);
    ck_assert_int_eq(options.ResourceBindingTier, impl->options.ResourceBindingTier);
    ck_assert_int_eq(options.TiledResourcesTier, impl->options.TiledResourcesTier);
    ck_assert_int_eq(options.ResourceHeapTier, impl->options.ResourceHeapTier);
    ck_assert_int_eq(options.MaxGPUVirtualAddressBitsPerResource, impl->options.MaxGPUVirtualAddressBitsPerResource);
    ck_assert_int_eq(options.CrossNodeSharingTier, D3D12_CROSS_NODE_SHARING_TIER_NOT_SUPPORTED);
    ck_assert(!options.StandardSwizzle64KBSupported);

    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS1, &options1, sizeof(options1)), S_OK);
    ck_assert(options1.ExpandedComputeResourceStates);
    ck_assert(!options1.WaveOps);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS3, &options3, sizeof(options3)), S_OK);
    ck_assert(options3.CastingFullyTypedFormatSupported);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5)), S_OK);
    ck_assert_int_eq(options5.RaytracingTier, D3D12_RAYTRACING_TIER_NOT_SUPPORTED);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS12, &options12, sizeof(options12)), S_OK);
    ck_assert_int_eq(options12.EnhancedBarriersSupported, impl->options.EnhancedBarriersSupported);
    ck_assert_int_eq(options12.MSPrimitivesPipelineStatisticIncludesCulledPrimitives, D3D12_TRI_STATE_UNKNOWN);

    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS2, &u, sizeof(u.o2)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS4, &u, sizeof(u.o4)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS6, &u, sizeof(u.o6)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS7, &u, sizeof(u.o7)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS8, &u, sizeof(u.o8)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS9, &u, sizeof(u.o9)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS10, &u, sizeof(u.o10)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS11, &u, sizeof(u.o11)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS13, &u, sizeof(u.o13)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS14, &u, sizeof(u.o14)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS15, &u, sizeof(u.o15)), S_OK);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS15, &u, sizeof(u.o14)), E_INVALIDARG);
    ID3D12Device_Release(device);

    /* What the driver reports is what the application sees. */
    masks.hide_enhanced_barriers = true;
    device = create_masked_device(&masks);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS12, &options12, sizeof(options12)), S_OK);
    ck_assert(!options12.EnhancedBarriersSupported);
    ID3D12Device_Release(device);
}
END_TEST

START_TEST(test_feature_architecture)
{
    struct ddi_spy_masks masks = no_masks();
    D3D12_FEATURE_DATA_ARCHITECTURE1 architecture1;
    D3D12_FEATURE_DATA_ARCHITECTURE architecture;
    ID3D12Device *device = create_device();
    struct rt_device *impl = rt_device_from_iface(device);

    memset(&architecture, 0, sizeof(architecture));
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ARCHITECTURE, &architecture, sizeof(architecture)), S_OK);
    ck_assert_int_eq(architecture.UMA, impl->architecture.UMA);
    ck_assert_int_eq(architecture.CacheCoherentUMA, impl->architecture.CacheCoherentUMA);
    ck_assert_int_eq(architecture.TileBasedRenderer, impl->architecture.TileBasedDeferredRenderer);
    ck_assert(!architecture.CacheCoherentUMA || architecture.UMA);
    architecture.NodeIndex = 1;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ARCHITECTURE, &architecture, sizeof(architecture)),
            E_INVALIDARG);

    memset(&architecture1, 0, sizeof(architecture1));
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ARCHITECTURE1, &architecture1, sizeof(architecture1)), S_OK);
    ck_assert_int_eq(architecture1.IsolatedMMU, impl->architecture.IsolatedMMU);
    architecture1.NodeIndex = 2;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ARCHITECTURE1, &architecture1, sizeof(architecture1)),
            E_INVALIDARG);
    ID3D12Device_Release(device);

    masks.report_discrete = true;
    device = create_masked_device(&masks);
    memset(&architecture, 0, sizeof(architecture));
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ARCHITECTURE, &architecture, sizeof(architecture)), S_OK);
    ck_assert(!architecture.UMA);
    ck_assert(!architecture.CacheCoherentUMA);
    ID3D12Device_Release(device);
}
END_TEST

START_TEST(test_feature_levels)
{
    static const D3D_FEATURE_LEVEL d3d9[] = {D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_1};
    static const D3D_FEATURE_LEVEL odd[] = {(D3D_FEATURE_LEVEL)0x0000, (D3D_FEATURE_LEVEL)0x3000};
    static const D3D_FEATURE_LEVEL high[] = {(D3D_FEATURE_LEVEL)0xf000};
    static const D3D_FEATURE_LEVEL d3d12[] = {D3D_FEATURE_LEVEL_12_2, D3D_FEATURE_LEVEL_12_1,
            D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
    D3D12_FEATURE_DATA_FEATURE_LEVELS levels;
    ID3D12Device *device = create_device();
    struct rt_device *impl = rt_device_from_iface(device);

    memset(&levels, 0, sizeof(levels));
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)), E_INVALIDARG);
    levels.NumFeatureLevels = 1;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)), E_INVALIDARG);

    levels.NumFeatureLevels = 5;
    levels.pFeatureLevelsRequested = d3d12;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)), S_OK);
    ck_assert_int_eq(levels.MaxSupportedFeatureLevel, impl->feature_level);
    ck_assert_int_ge(levels.MaxSupportedFeatureLevel, D3D_FEATURE_LEVEL_11_0);

    /* Any listed level at or below the device's counts, whatever it is. */
    levels.NumFeatureLevels = 3;
    levels.pFeatureLevelsRequested = d3d9;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)), S_OK);
    ck_assert_int_eq(levels.MaxSupportedFeatureLevel, D3D_FEATURE_LEVEL_9_3);
    levels.NumFeatureLevels = 2;
    levels.pFeatureLevelsRequested = odd;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)), S_OK);
    ck_assert_int_eq(levels.MaxSupportedFeatureLevel, 0x3000);

    levels.NumFeatureLevels = 1;
    levels.pFeatureLevelsRequested = high;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)),
            DXGI_ERROR_UNSUPPORTED);
    ID3D12Device_Release(device);
}
END_TEST

START_TEST(test_feature_formats)
{
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS quality;
    D3D12_FEATURE_DATA_FORMAT_SUPPORT support;
    D3D12_FEATURE_DATA_FORMAT_INFO info;
    ID3D12Device *device = create_device();

    memset(&info, 0, sizeof(info));
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info)), S_OK);
    ck_assert_uint_eq(info.PlaneCount, 1);
    info.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info)), S_OK);
    ck_assert_uint_eq(info.PlaneCount, 1);
    info.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info)), S_OK);
    ck_assert_uint_eq(info.PlaneCount, 2);
    info.Format = DXGI_FORMAT_NV12;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info)), S_OK);
    ck_assert_uint_eq(info.PlaneCount, 2);
    info.Format = DXGI_FORMAT_R1_UNORM;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info)), E_INVALIDARG);
    info.Format = (DXGI_FORMAT)0xffff;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info)), E_INVALIDARG);

    memset(&support, 0, sizeof(support));
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FORMAT_SUPPORT, &support, sizeof(support)), S_OK);
    ck_assert_int_eq(support.Support1, D3D12_FORMAT_SUPPORT1_BUFFER);
    ck_assert_int_eq(support.Support2, 0);
    support.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FORMAT_SUPPORT, &support, sizeof(support)), S_OK);
    ck_assert(support.Support1 & D3D12_FORMAT_SUPPORT1_TEXTURE2D);
    support.Format = (DXGI_FORMAT)0xffff;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_FORMAT_SUPPORT, &support, sizeof(support)), E_INVALIDARG);

    /* Windows' answers, as vkd3d-proton's tests record them. */
    memset(&quality, 0, sizeof(quality));
    quality.NumQualityLevels = 0xdeadbeef;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &quality, sizeof(quality)),
            E_FAIL);
    ck_assert_uint_eq(quality.NumQualityLevels, 0);
    quality.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    quality.SampleCount = 1;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &quality, sizeof(quality)), S_OK);
    ck_assert_uint_eq(quality.NumQualityLevels, 1);
    quality.SampleCount = 3;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &quality, sizeof(quality)), S_OK);
    ck_assert_uint_eq(quality.NumQualityLevels, 0);
    quality.Format = DXGI_FORMAT_UNKNOWN;
    quality.SampleCount = 4;
    quality.Flags = D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &quality, sizeof(quality)), S_OK);
    ck_assert_uint_eq(quality.NumQualityLevels, 0);
    ck_assert_int_eq(quality.Flags, D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE);
    quality.Flags = 0x10;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &quality, sizeof(quality)),
            E_INVALIDARG);
    ID3D12Device_Release(device);
}
END_TEST

START_TEST(test_feature_misc)
{
    D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_SUPPORT protected_support;
    D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT gpu_va;
    D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY priority;
    D3D12_FEATURE_DATA_ROOT_SIGNATURE root_signature;
    D3D12_FEATURE_DATA_SERIALIZATION serialization;
    D3D12_FEATURE_DATA_EXISTING_HEAPS existing;
    D3D12_FEATURE_DATA_SHADER_MODEL model;
    D3D12_FEATURE_DATA_SHADER_CACHE cache;
    D3D12_FEATURE_DATA_CROSS_NODE cross;
    ID3D12Device *device = create_device();

    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT, &gpu_va, sizeof(gpu_va)), S_OK);
    ck_assert_uint_gt(gpu_va.MaxGPUVirtualAddressBitsPerResource, 0);
    ck_assert_uint_ge(gpu_va.MaxGPUVirtualAddressBitsPerProcess, gpu_va.MaxGPUVirtualAddressBitsPerResource);

    model.HighestShaderModel = D3D_SHADER_MODEL_6_5;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_SHADER_MODEL, &model, sizeof(model)), S_OK);
    ck_assert_int_eq(model.HighestShaderModel, D3D_SHADER_MODEL_5_1);
    model.HighestShaderModel = D3D_SHADER_MODEL_5_1;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_SHADER_MODEL, &model, sizeof(model)), S_OK);
    ck_assert_int_eq(model.HighestShaderModel, D3D_SHADER_MODEL_5_1);
    model.HighestShaderModel = (D3D_SHADER_MODEL)0x50;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_SHADER_MODEL, &model, sizeof(model)), E_INVALIDARG);

    root_signature.HighestVersion = D3D_ROOT_SIGNATURE_VERSION_1_1;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ROOT_SIGNATURE, &root_signature, sizeof(root_signature)), S_OK);
    ck_assert_int_eq(root_signature.HighestVersion, D3D_ROOT_SIGNATURE_VERSION_1_1);
    root_signature.HighestVersion = D3D_ROOT_SIGNATURE_VERSION_1_0;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ROOT_SIGNATURE, &root_signature, sizeof(root_signature)), S_OK);
    ck_assert_int_eq(root_signature.HighestVersion, D3D_ROOT_SIGNATURE_VERSION_1_0);
    root_signature.HighestVersion = 0;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ROOT_SIGNATURE, &root_signature, sizeof(root_signature)),
            E_INVALIDARG);
    root_signature.HighestVersion = (D3D_ROOT_SIGNATURE_VERSION)0xdeadbeef;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ROOT_SIGNATURE, &root_signature, sizeof(root_signature)),
            E_INVALIDARG);
    ck_assert_int_eq(root_signature.HighestVersion, 0xdeadbeef);

    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_SHADER_CACHE, &cache, sizeof(cache)), S_OK);
    ck_assert_int_eq(cache.SupportFlags, D3D12_SHADER_CACHE_SUPPORT_NONE);

    priority.CommandListType = D3D12_COMMAND_LIST_TYPE_DIRECT;
    priority.Priority = D3D12_COMMAND_QUEUE_PRIORITY_NORMAL;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &priority, sizeof(priority)), S_OK);
    ck_assert(priority.PriorityForTypeIsSupported);
    priority.Priority = D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &priority, sizeof(priority)), S_OK);
    ck_assert(!priority.PriorityForTypeIsSupported);
    priority.Priority = 7;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &priority, sizeof(priority)),
            E_INVALIDARG);
    priority.CommandListType = D3D12_COMMAND_LIST_TYPE_BUNDLE;
    priority.Priority = D3D12_COMMAND_QUEUE_PRIORITY_NORMAL;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &priority, sizeof(priority)),
            E_INVALIDARG);

    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_EXISTING_HEAPS, &existing, sizeof(existing)), S_OK);
    ck_assert(!existing.Supported);
    memset(&serialization, 0, sizeof(serialization));
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_SERIALIZATION, &serialization, sizeof(serialization)), S_OK);
    ck_assert_int_eq(serialization.HeapSerializationTier, D3D12_HEAP_SERIALIZATION_TIER_0);
    serialization.NodeIndex = 1;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_SERIALIZATION, &serialization, sizeof(serialization)),
            E_INVALIDARG);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_CROSS_NODE, &cross, sizeof(cross)), S_OK);
    ck_assert_int_eq(cross.SharingTier, D3D12_CROSS_NODE_SHARING_TIER_NOT_SUPPORTED);
    memset(&protected_support, 0, sizeof(protected_support));
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_SUPPORT, &protected_support,
            sizeof(protected_support)), S_OK);
    ck_assert_int_eq(protected_support.Support, D3D12_PROTECTED_RESOURCE_SESSION_SUPPORT_FLAG_NONE);
    protected_support.NodeIndex = 1;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_SUPPORT, &protected_support,
            sizeof(protected_support)), E_INVALIDARG);
    ID3D12Device_Release(device);
}
END_TEST

START_TEST(test_feature_runtime_queries)
{
    struct ddi_spy_masks masks = no_masks();
    D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS tile_mappings;
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    D3D12_FEATURE_DATA_ASYNC_COMMANDS async;
    D3D12RT_FEATURE_DATA_THREADING threading;
    ID3D12Device *device = create_device();
    struct rt_device *impl = rt_device_from_iface(device);

    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ASYNC_COMMANDS, &async, sizeof(async)), S_OK);
    ck_assert_int_eq(async.Impl, impl->async.impl);
    ck_assert_int_eq(async.Impl, impl->async_caps.Supported && impl->has_async_table
            ? D3D12_ASYNC_COMMANDS_IMPL_NATIVE : D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED);

    ck_assert_int_eq(check_feature(device, D3D12RT_FEATURE_THREADING, &threading, sizeof(threading)), S_OK);
    ck_assert_int_eq(threading.DriverConcurrentCreates, !impl->serialize_ddi);
    ck_assert_int_eq(threading.DriverCommandLists, impl->driver_command_lists);

    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options)), S_OK);
    memset(&tile_mappings, 0xcc, sizeof(tile_mappings));
    tile_mappings.NodeIndex = 0;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_EXECUTE_TILE_MAPPINGS, &tile_mappings,
            sizeof(tile_mappings)), S_OK);
    if (options.TiledResourcesTier < D3D12_TILED_RESOURCES_TIER_5)
    {
        ck_assert_uint_eq(tile_mappings.MaxTilePoolLayoutIndexCount, 0);
        ck_assert_uint_eq(tile_mappings.MaxResourceLayoutIndexCount, 0);
    }
    tile_mappings.NodeIndex = 1;
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_EXECUTE_TILE_MAPPINGS, &tile_mappings,
            sizeof(tile_mappings)), E_INVALIDARG);
    ID3D12Device_Release(device);

    /* A legacy driver: no Async Commands, no free-threading. */
    masks.hide_async_commands = true;
    masks.hide_free_threading = true;
    device = create_masked_device(&masks);
    impl = rt_device_from_iface(device);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ASYNC_COMMANDS, &async, sizeof(async)), S_OK);
    ck_assert_int_eq(async.Impl, D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED);
    ck_assert_str_eq(impl->async.reason, "driver has no native Async Commands");
    ck_assert_int_eq(check_feature(device, D3D12RT_FEATURE_THREADING, &threading, sizeof(threading)), S_OK);
    ck_assert(!threading.DriverConcurrentCreates);
    ck_assert(!threading.DriverCommandLists);
    ck_assert(impl->serialize_ddi);
    ID3D12Device_Release(device);
}
END_TEST

/* ---- Private data and names ------------------------------------------------------------------ */

static const GUID test_guid = {0xfdb37466, 0x428f, 0x4edf, {0xa3, 0x7f, 0x9b, 0x1d, 0xf4, 0x88, 0xc5, 0xfc}};
static const GUID test_guid2 = {0x2e5afac2, 0x87b5, 0x4c10, {0x9b, 0x4b, 0x89, 0xd7, 0xd1, 0x12, 0xe7, 0x2b}};

/* Windows semantics, as vkd3d-proton's tests record them, on any ID3D12Object. */
static void check_private_data(ID3D12Object *object, ID3D12Object *test_object)
{
    static const DWORD data[] = {1, 2, 3, 4};
    ULONG refcount, expected;
    IUnknown *ptr;
    WCHAR name[16];
    UINT size;

    ck_assert_int_eq(ID3D12Object_SetPrivateData(object, &test_guid, 0, NULL), S_FALSE);
    ck_assert_int_eq(ID3D12Object_SetPrivateDataInterface(object, &test_guid, NULL), S_OK);
    ck_assert_int_eq(ID3D12Object_SetPrivateData(object, &test_guid, ~0u, NULL), S_OK);
    ck_assert_int_eq(ID3D12Object_SetPrivateData(object, &test_guid, ~0u, NULL), S_FALSE);

    /* A NULL interface is stored as a NULL pointer. */
    ck_assert_int_eq(ID3D12Object_SetPrivateDataInterface(object, &test_guid, NULL), S_OK);
    size = sizeof(ptr) * 2;
    ptr = (IUnknown *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Object_GetPrivateData(object, &test_guid, &size, &ptr), S_OK);
    ck_assert_ptr_null(ptr);
    ck_assert_uint_eq(size, sizeof(IUnknown *));

    /* Interfaces are referenced once, released on replace and on removal. */
    refcount = get_refcount(test_object);
    ck_assert_int_eq(ID3D12Object_SetPrivateDataInterface(object, &test_guid, (IUnknown *)test_object), S_OK);
    expected = refcount + 1;
    ck_assert_uint_eq(get_refcount(test_object), expected);
    ck_assert_int_eq(ID3D12Object_SetPrivateDataInterface(object, &test_guid, (IUnknown *)test_object), S_OK);
    ck_assert_uint_eq(get_refcount(test_object), expected);
    ck_assert_int_eq(ID3D12Object_SetPrivateDataInterface(object, &test_guid, NULL), S_OK);
    ck_assert_uint_eq(get_refcount(test_object), --expected);
    ck_assert_int_eq(ID3D12Object_SetPrivateDataInterface(object, &test_guid, (IUnknown *)test_object), S_OK);
    ck_assert_int_eq(ID3D12Object_SetPrivateData(object, &test_guid, sizeof(data), data), S_OK);
    ck_assert_uint_eq(get_refcount(test_object), expected);
    ck_assert_int_eq(ID3D12Object_SetPrivateData(object, &test_guid, 42, NULL), S_OK);
    ck_assert_int_eq(ID3D12Object_SetPrivateData(object, &test_guid, 42, NULL), S_FALSE);

    /* Reading an interface hands out a reference. */
    ck_assert_int_eq(ID3D12Object_SetPrivateDataInterface(object, &test_guid, (IUnknown *)test_object), S_OK);
    ++expected;
    size = 2 * sizeof(ptr);
    ptr = NULL;
    ck_assert_int_eq(ID3D12Object_GetPrivateData(object, &test_guid, &size, &ptr), S_OK);
    ck_assert_uint_eq(size, sizeof(ptr));
    ck_assert_uint_eq(get_refcount(test_object), ++expected);
    IUnknown_Release(ptr);
    --expected;

    /* Size queries, short buffers, absent entries. */
    ptr = (IUnknown *)(uintptr_t)0xdeadbeef;
    size = 1;
    ck_assert_int_eq(ID3D12Object_GetPrivateData(object, &test_guid, &size, NULL), S_OK);
    ck_assert_uint_eq(size, sizeof(ptr));
    ck_assert_uint_eq(get_refcount(test_object), expected);
    size = 1;
    ck_assert_int_eq(ID3D12Object_GetPrivateData(object, &test_guid, &size, &ptr), DXGI_ERROR_MORE_DATA);
    ck_assert_uint_eq(size, sizeof(ptr));
    ck_assert_ptr_eq(ptr, (IUnknown *)(uintptr_t)0xdeadbeef);
    size = 1;
    ck_assert_int_eq(ID3D12Object_GetPrivateData(object, &test_guid2, &size, &ptr), DXGI_ERROR_NOT_FOUND);
    ck_assert_uint_eq(size, 0);
    ck_assert_int_eq(ID3D12Object_GetPrivateData(object, &test_guid, NULL, NULL), E_INVALIDARG);

    /* SetName stores the wide name, terminator included, and nothing else. */
    ck_assert_int_eq(ID3D12Object_SetName(object, L""), S_OK);
    ck_assert_int_eq(ID3D12Object_SetName(object, L"deadbeef"), S_OK);
    size = 1;
    ck_assert_int_eq(ID3D12Object_GetPrivateData(object, &WKPDID_D3DDebugObjectNameW, &size, NULL), S_OK);
    ck_assert_uint_eq(size, 9 * sizeof(WCHAR));
    ck_assert_int_eq(ID3D12Object_GetPrivateData(object, &WKPDID_D3DDebugObjectNameW, &size, name), S_OK);
    ck_assert(!wcscmp(name, L"deadbeef"));
    size = 1;
    ck_assert_int_eq(ID3D12Object_GetPrivateData(object, &WKPDID_D3DDebugObjectName, &size, NULL),
            DXGI_ERROR_NOT_FOUND);
    ck_assert_int_eq(ID3D12Object_SetName(object, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Object_SetPrivateData(object, &WKPDID_D3DDebugObjectNameW, 0, NULL), S_OK);

    /* Destruction releases what is stored (checked by the caller's final count). */
    ck_assert_int_eq(ID3D12Object_SetPrivateDataInterface(object, &test_guid2, (IUnknown *)test_object), S_OK);
}

static ID3D12Heap *create_heap(ID3D12Device *device, D3D12_HEAP_TYPE type, UINT64 size, D3D12_HEAP_FLAGS flags)
{
    D3D12_HEAP_DESC desc;
    ID3D12Heap *heap = NULL;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.SizeInBytes = size;
    desc.Properties.Type = type;
    desc.Flags = flags;
    hr = ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, (void **)&heap);
    ck_assert_msg(hr == S_OK, "CreateHeap: hr %#x", (unsigned int)hr);
    return heap;
}

static ID3D12Resource *create_buffer(ID3D12Device *device, D3D12_HEAP_TYPE type, UINT64 size)
{
    D3D12_HEAP_PROPERTIES properties;
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *buffer = NULL;
    HRESULT hr;

    memset(&properties, 0, sizeof(properties));
    properties.Type = type;
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = size;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    hr = ID3D12Device_CreateCommittedResource(device, &properties, D3D12_HEAP_FLAG_NONE, &desc,
            type == D3D12_HEAP_TYPE_UPLOAD ? D3D12_RESOURCE_STATE_GENERIC_READ
            : type == D3D12_HEAP_TYPE_READBACK ? D3D12_RESOURCE_STATE_COPY_DEST : D3D12_RESOURCE_STATE_COMMON,
            NULL, &IID_ID3D12Resource, (void **)&buffer);
    ck_assert_msg(hr == S_OK, "CreateCommittedResource: hr %#x", (unsigned int)hr);
    return buffer;
}

static ID3D12DescriptorHeap *create_descriptor_heap(ID3D12Device *device, D3D12_DESCRIPTOR_HEAP_TYPE type,
        UINT count, D3D12_DESCRIPTOR_HEAP_FLAGS flags)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {type, count, flags, 0};
    ID3D12DescriptorHeap *heap = NULL;

    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
            S_OK);
    return heap;
}

START_TEST(test_private_data)
{
    ID3D12Device *device = create_device();
    ID3D12Object *object, *test_object;
    IUnknown *objects[4];
    unsigned int i;

    objects[0] = (IUnknown *)device;
    ID3D12Device_AddRef(device);
    objects[1] = (IUnknown *)create_buffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
    objects[2] = (IUnknown *)create_heap(device, D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_HEAP_FLAG_NONE);
    objects[3] = (IUnknown *)create_descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 4, 0);
    /* The stored interface: a heap (on the device itself it would be a reference cycle). */
    test_object = (ID3D12Object *)create_heap(device, D3D12_HEAP_TYPE_UPLOAD, 65536, D3D12_HEAP_FLAG_NONE);

    for (i = 0; i < 4; ++i)
    {
        ck_assert_int_eq(IUnknown_QueryInterface(objects[i], &IID_ID3D12Object, (void **)&object), S_OK);
        IUnknown_Release(objects[i]);
        check_private_data(object, test_object);
        if (i == 0)
        {
            /* The heap references the device: break the cycle. */
            ck_assert_int_eq(ID3D12Object_SetPrivateDataInterface(object, &test_guid, NULL), S_OK);
            ck_assert_int_eq(ID3D12Object_SetPrivateDataInterface(object, &test_guid2, NULL), S_OK);
        }
        ID3D12Object_Release(object);
    }
    ck_assert_uint_eq(ID3D12Object_Release(test_object), 0);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/* ---- Interfaces, reference counts, lifetimes ----------------------------------------------- */

START_TEST(test_child_lifetimes)
{
    ID3D12Device *device = create_device(), *tmp;
    ID3D12DeviceConfiguration *configuration;
    ID3D12DescriptorHeap *descriptor_heap;
    ID3D12Resource *buffer;
    D3D12_HEAP_DESC desc;
    ID3D12Heap *heap;

    heap = create_heap(device, D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_HEAP_FLAG_NONE);
    ck_assert_uint_eq(get_refcount(device), 2);
    ck_assert_int_eq(ID3D12Heap_GetDevice(heap, &IID_ID3D12Device, (void **)&tmp), S_OK);
    ck_assert_ptr_eq(tmp, device);
    ck_assert_uint_eq(get_refcount(device), 3);
    ck_assert_uint_eq(ID3D12Device_Release(tmp), 2);
    ck_assert_int_eq(ID3D12Heap_GetDevice(heap, &IID_ID3D12Device, NULL), E_INVALIDARG);

    buffer = create_buffer(device, D3D12_HEAP_TYPE_UPLOAD, 1024);
    descriptor_heap = create_descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 16, 0);
    ck_assert_uint_eq(get_refcount(device), 4);

    check_interface(buffer, &IID_ID3D12Object, true);
    check_interface(buffer, &IID_ID3D12DeviceChild, true);
    check_interface(buffer, &IID_ID3D12Pageable, true);
    check_interface(buffer, &IID_ID3D12Resource, true);
    check_interface(buffer, &IID_ID3D12Resource1, true);
    check_interface(buffer, &IID_ID3D12Resource2, true);
    check_interface(buffer, &IID_ID3D12Heap, false);
    check_interface(heap, &IID_ID3D12Object, true);
    check_interface(heap, &IID_ID3D12DeviceChild, true);
    check_interface(heap, &IID_ID3D12Pageable, true);
    check_interface(heap, &IID_ID3D12Heap, true);
    check_interface(heap, &IID_ID3D12Heap1, true);
    check_interface(heap, &IID_ID3D12Resource, false);
    check_interface(descriptor_heap, &IID_ID3D12Object, true);
    check_interface(descriptor_heap, &IID_ID3D12DeviceChild, true);
    check_interface(descriptor_heap, &IID_ID3D12Pageable, true);
    check_interface(descriptor_heap, &IID_ID3D12DescriptorHeap, true);
    check_interface(descriptor_heap, &IID_ID3D12Heap, false);

    /* The configuration interface is part of the device. */
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceConfiguration, (void **)&configuration),
            S_OK);
    ck_assert_uint_eq(get_refcount(device), 5);
    ck_assert_int_eq(ID3D12DeviceConfiguration_QueryInterface(configuration, &IID_ID3D12Device, (void **)&tmp), S_OK);
    ck_assert_ptr_eq(tmp, device);
    ID3D12Device_Release(tmp);
    ID3D12DeviceConfiguration_Release(configuration);

    /* Children keep the device alive after the application's last reference. */
    ck_assert_uint_eq(ID3D12Device_Release(device), 3);
    desc = ID3D12Heap_GetDesc(heap);
    ck_assert_uint_eq(desc.SizeInBytes, 65536);
    ck_assert_int_eq(ID3D12Heap_GetDevice(heap, &IID_ID3D12Device, (void **)&tmp), S_OK);
    ck_assert_uint_eq(ID3D12Device_Release(tmp), 3);
    ck_assert_uint_eq(ID3D12Resource_Release(buffer), 0);
    ck_assert_uint_eq(ID3D12DescriptorHeap_Release(descriptor_heap), 0);
    ck_assert_uint_eq(ID3D12Heap_Release(heap), 0);
}
END_TEST

START_TEST(test_adapter_luid)
{
    ID3D12Device *device = create_device();
    struct rt_device *impl = rt_device_from_iface(device);
    LUID luid = ID3D12Device_GetAdapterLuid(device);

    ck_assert_int_eq(luid.LowPart, impl->adapter->gpu_info.AdapterLuid.LowPart);
    ck_assert_int_eq(luid.HighPart, impl->adapter->gpu_info.AdapterLuid.HighPart);
    ck_assert(luid.LowPart || luid.HighPart);
    ck_assert_uint_eq(ID3D12Device_GetNodeCount(device), 1);
    ck_assert_uint_gt(ID3D12Device_GetDescriptorHandleIncrementSize(device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV), 0);
    ck_assert_uint_gt(ID3D12Device_GetDescriptorHandleIncrementSize(device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER), 0);
    ck_assert_uint_gt(ID3D12Device_GetDescriptorHandleIncrementSize(device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV), 0);
    ck_assert_uint_gt(ID3D12Device_GetDescriptorHandleIncrementSize(device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV), 0);
    ck_assert_uint_eq(ID3D12Device_GetDescriptorHandleIncrementSize(device, (D3D12_DESCRIPTOR_HEAP_TYPE)4), 0);
    ck_assert_int_eq(ID3D12Device_SetStablePowerState(device, TRUE), S_OK);
    ID3D12Device_Release(device);
}
END_TEST

/* ---- Removal -------------------------------------------------------------------------------- */

static void check_removed(ID3D12Device *device, HRESULT reason)
{
    D3D12_DESCRIPTOR_HEAP_DESC descriptor_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, 0, 0};
    D3D12_HEAP_PROPERTIES properties = {D3D12_HEAP_TYPE_UPLOAD, 0, 0, 0, 0};
    D3D12_HEAP_DESC heap_desc;
    D3D12_RESOURCE_DESC desc;
    void *object;

    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device), reason);

    memset(&heap_desc, 0, sizeof(heap_desc));
    heap_desc.SizeInBytes = 65536;
    heap_desc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateHeap(device, &heap_desc, &IID_ID3D12Heap, &object), DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_ptr_null(object);

    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = 256;
    desc.Height = desc.DepthOrArraySize = desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &properties, 0, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, &object), DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &descriptor_desc, &IID_ID3D12DescriptorHeap,
            &object), DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, &object),
            DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, &object), DXGI_ERROR_DEVICE_REMOVED);
}

START_TEST(test_device_removal)
{
    ID3D12Device *device = create_device();
    struct rt_device *impl = rt_device_from_iface(device);
    D3D12DDI_HRTDEVICE handle = {impl};
    ID3D12Device5 *device5;

    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device), S_OK);
    /* The driver reports a hang through its device error callback; the first reason sticks. */
    impl->callbacks.pfnSetDeviceErrorCb(handle, DXGI_ERROR_DEVICE_HUNG);
    impl->callbacks.pfnSetDeviceErrorCb(handle, DXGI_ERROR_DEVICE_RESET);
    check_removed(device, DXGI_ERROR_DEVICE_HUNG);
    /* The removed singleton is not handed out again. */
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device5),
            DXGI_ERROR_DEVICE_REMOVED);
    ID3D12Device_Release(device);

    device = create_device();
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    check_removed(device, DXGI_ERROR_DEVICE_REMOVED);
    ID3D12Device5_Release(device5);
    ID3D12Device_Release(device);
}
END_TEST

/* ---- ID3D12DeviceConfiguration and the not-yet-implemented methods ------------------------- */

START_TEST(test_device_configuration)
{
    ID3D12DeviceConfiguration *configuration;
    D3D12_DEVICE_CONFIGURATION_DESC desc;
    ID3D12Device *device = create_device();
    ID3DBlob *blob, *error;
    void *deserializer;
    GUID guid = IID_ID3D12Device;   /* 16 bytes that are no root signature */

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceConfiguration, (void **)&configuration),
            S_OK);
    desc = ID3D12DeviceConfiguration_GetDesc(configuration);
    ck_assert_uint_eq(desc.SDKVersion, D3D12_SDK_VERSION);
    ck_assert_uint_eq(desc.NumEnabledExperimentalFeatures, 0);
    ck_assert_int_eq(desc.Flags & D3D12_DEVICE_FLAG_DEBUG_LAYER_ENABLED, 0);
    ck_assert_int_eq(ID3D12DeviceConfiguration_GetEnabledExperimentalFeatures(configuration, NULL, 0), S_OK);
    ck_assert_int_eq(ID3D12DeviceConfiguration_GetEnabledExperimentalFeatures(configuration, &guid, 1), E_INVALIDARG);

    blob = error = (ID3DBlob *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12DeviceConfiguration_SerializeVersionedRootSignature(configuration, NULL, &blob, &error),
            E_INVALIDARG);
    ck_assert_ptr_null(blob);
    ck_assert_ptr_null(error);
    deserializer = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12DeviceConfiguration_CreateVersionedRootSignatureDeserializer(configuration, &guid,
            sizeof(guid), &IID_ID3D12VersionedRootSignatureDeserializer, &deserializer), E_INVALIDARG);
    ck_assert_ptr_null(deserializer);
    ID3D12DeviceConfiguration_Release(configuration);
    ID3D12Device_Release(device);
}
END_TEST

START_TEST(test_not_implemented)
{
    D3D12_PROTECTED_RESOURCE_SESSION_DESC session_desc = {0, D3D12_PROTECTED_RESOURCE_SESSION_FLAG_NONE};
    D3D12_QUERY_HEAP_DESC query_desc = {D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS, 4, 0};
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute_desc;
    ID3D12Device *device = create_device();
    ID3D12Device5 *device5;
    ID3D12Device4 *device4;
    ID3D12Device3 *device3;
    ID3D12Device1 *device1;
    UINT count = 0xdeadbeef;
    DWORD blob[4] = {0};
    void *object;

    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 0, NULL, 0, &IID_ID3D12RootSignature, &object),
            E_INVALIDARG);
    ck_assert_ptr_null(object);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 0, blob, sizeof(blob), &IID_ID3D12RootSignature,
            &object), E_INVALIDARG);
    ck_assert_ptr_null(object);
    /* No compute shader (test_pipeline.c has the pipeline rules). */
    memset(&compute_desc, 0, sizeof(compute_desc));
    ck_assert_int_eq(ID3D12Device_CreateComputePipelineState(device, &compute_desc, &IID_ID3D12PipelineState,
            &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateComputePipelineState(device, NULL, &IID_ID3D12PipelineState, &object),
            E_INVALIDARG);
    /* No video engine (test_query.c has the other types). */
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(device, &query_desc, &IID_ID3D12QueryHeap, &object),
            DXGI_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(object);

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device1_CreatePipelineLibrary(device1, blob, sizeof(blob), &IID_ID3D12PipelineLibrary,
            &object), DXGI_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(object);
    ID3D12Device1_Release(device1);

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device3, (void **)&device3), S_OK);
    ck_assert_int_eq(ID3D12Device3_OpenExistingHeapFromAddress(device3, blob, &IID_ID3D12Heap, &object),
            DXGI_ERROR_UNSUPPORTED);
    ck_assert_int_eq(ID3D12Device3_OpenExistingHeapFromAddress(device3, NULL, &IID_ID3D12Heap, &object),
            E_INVALIDARG);
    ID3D12Device3_Release(device3);

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device4, (void **)&device4), S_OK);
    ck_assert_int_eq(ID3D12Device4_CreateProtectedResourceSession(device4, &session_desc,
            &IID_ID3D12ProtectedResourceSession, &object), DXGI_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(object);
    ID3D12Device4_Release(device4);

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ck_assert_int_eq(ID3D12Device5_EnumerateMetaCommands(device5, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device5_EnumerateMetaCommands(device5, &count, NULL), S_OK);
    ck_assert_uint_eq(count, 0);
    ck_assert_int_eq(ID3D12Device5_CreateMetaCommand(device5, &test_guid, 0, NULL, 0, &IID_ID3D12MetaCommand,
            &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device5_CheckDriverMatchingIdentifier(device5,
            D3D12_SERIALIZED_DATA_RAYTRACING_ACCELERATION_STRUCTURE, NULL),
            D3D12_DRIVER_MATCHING_IDENTIFIER_UNSUPPORTED_TYPE);
    ID3D12Device5_Release(device5);
    ID3D12Device_Release(device);
}
END_TEST

/* ---- ID3D12Device15: no method answers E_NOTIMPL ------------------------------------------------ */

static void __stdcall trim_callback(const D3D12_TRIM_NOTIFICATION *notification)
{
    (void)notification;
    ck_abort_msg("Nothing asks this runtime to trim.");
}

static D3D12_CPU_DESCRIPTOR_HANDLE heap_start(ID3D12DescriptorHeap *heap)
{
    return ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
}

/* The TryCreate* views make their twins' checks and return them: S_OK for what the void
 * method writes, E_INVALIDARG for what it ignores. */
START_TEST(test_device15_views)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, 0, 0};
    D3D12_SHADER_RESOURCE_VIEW_DESC srv = {0};
    D3D12_UNORDERED_ACCESS_VIEW_DESC uav = {0};
    D3D12_RENDER_TARGET_VIEW_DESC rtv = {0};
    D3D12_DEPTH_STENCIL_VIEW_DESC dsv = {0};
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv = {0, 256};
    D3D12_SAMPLER_DESC2 sampler;
    ID3D12DescriptorHeap *views, *rtvs, *dsvs, *samplers;
    D3D12_CPU_DESCRIPTOR_HANDLE bad = {0};
    ID3D12Device *device = create_device();
    ID3D12Device15 *device15;

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device15, (void **)&device15), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap,
            (void **)&views), S_OK);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap,
            (void **)&rtvs), S_OK);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_DSV;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap,
            (void **)&dsvs), S_OK);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap,
            (void **)&samplers), S_OK);

    /* Constant buffers: a NULL view is written; a size off the 256-byte grid is refused. */
    ck_assert_int_eq(ID3D12Device15_TryCreateConstantBufferView(device15, NULL, heap_start(views)), S_OK);
    ck_assert_int_eq(ID3D12Device15_TryCreateConstantBufferView(device15, &cbv, heap_start(views)), S_OK);
    cbv.SizeInBytes = 100;
    ck_assert_int_eq(ID3D12Device15_TryCreateConstantBufferView(device15, &cbv, heap_start(views)), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device15_TryCreateConstantBufferView(device15, NULL, bad), E_INVALIDARG);

    /* Null views (no resource, a description) are valid; no resource and no description is not. */
    srv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
    srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    ck_assert_int_eq(ID3D12Device15_TryCreateShaderResourceView(device15, NULL, &srv, heap_start(views)), S_OK);
    ck_assert_int_eq(ID3D12Device15_TryCreateShaderResourceView(device15, NULL, NULL, heap_start(views)),
            E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device15_TryCreateShaderResourceView(device15, NULL, &srv, heap_start(rtvs)),
            E_INVALIDARG);
    uav.Format = DXGI_FORMAT_R32_UINT;
    uav.ViewDimension = D3D12_UAV_DIMENSION_TEXTURE2D;
    ck_assert_int_eq(ID3D12Device15_TryCreateUnorderedAccessView(device15, NULL, NULL, &uav, heap_start(views)),
            S_OK);
    ck_assert_int_eq(ID3D12Device15_TryCreateUnorderedAccessView(device15, NULL, NULL, NULL, heap_start(views)),
            E_INVALIDARG);
    rtv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rtv.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D;
    ck_assert_int_eq(ID3D12Device15_TryCreateRenderTargetView(device15, NULL, &rtv, heap_start(rtvs)), S_OK);
    ck_assert_int_eq(ID3D12Device15_TryCreateRenderTargetView(device15, NULL, &rtv, heap_start(views)),
            E_INVALIDARG);
    dsv.Format = DXGI_FORMAT_D32_FLOAT;
    dsv.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
    ck_assert_int_eq(ID3D12Device15_TryCreateDepthStencilView(device15, NULL, &dsv, heap_start(dsvs)), S_OK);
    ck_assert_int_eq(ID3D12Device15_TryCreateDepthStencilView(device15, NULL, NULL, heap_start(dsvs)),
            E_INVALIDARG);

    memset(&sampler, 0, sizeof(sampler));
    sampler.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    sampler.MaxLOD = D3D12_FLOAT32_MAX;
    ck_assert_int_eq(ID3D12Device15_TryCreateSampler2(device15, &sampler, heap_start(samplers)), S_OK);
    ck_assert_int_eq(ID3D12Device15_TryCreateSampler2(device15, NULL, heap_start(samplers)), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device15_TryCreateSampler2(device15, &sampler, heap_start(views)), E_INVALIDARG);
    /* SamplerFeedbackTier is NOT_SUPPORTED. */
    ck_assert_int_eq(ID3D12Device15_TryCreateSamplerFeedbackUnorderedAccessView(device15, NULL, NULL,
            heap_start(views)), DXGI_ERROR_UNSUPPORTED);

    ID3D12DescriptorHeap_Release(samplers);
    ID3D12DescriptorHeap_Release(dsvs);
    ID3D12DescriptorHeap_Release(rtvs);
    ID3D12DescriptorHeap_Release(views);
    ID3D12Device15_Release(device15);
    ID3D12Device_Release(device);
}
END_TEST

/* Trim notifications register and unregister by cookie; CPU-resolved query heaps and
 * state-object libraries fail as unsupported features. */
START_TEST(test_device15_methods)
{
    D3D12_QUERY_HEAP_DESC query_desc = {D3D12_QUERY_HEAP_TYPE_OCCLUSION, 4, 0};
    D3D12_REGISTER_TRIM_NOTIFICATION first = {trim_callback, NULL, 0}, second = {trim_callback, &first, 0};
    D3D12_REGISTER_TRIM_NOTIFICATION none = {NULL, NULL, 0};
    ID3D12Device *device = create_device();
    ID3D12Device15 *device15;
    ID3D12QueryHeap *heap;
    UINT64 results[4];
    DWORD blob[4] = {0};
    void *object;

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device15, (void **)&device15), S_OK);
    ck_assert_int_eq(ID3D12Device15_RegisterTrimNotificationCallback(device15, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device15_RegisterTrimNotificationCallback(device15, &none), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device15_RegisterTrimNotificationCallback(device15, &first), S_OK);
    ck_assert_int_eq(ID3D12Device15_RegisterTrimNotificationCallback(device15, &second), S_OK);
    ck_assert_uint_ne(first.CallbackCookie, 0);
    ck_assert_uint_ne(second.CallbackCookie, 0);
    ck_assert_uint_ne(first.CallbackCookie, second.CallbackCookie);
    ck_assert_int_eq(ID3D12Device15_UnregisterTrimNotificationCallback(device15, first.CallbackCookie), S_OK);
    ck_assert_int_eq(ID3D12Device15_UnregisterTrimNotificationCallback(device15, first.CallbackCookie),
            E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device15_UnregisterTrimNotificationCallback(device15, 0), E_INVALIDARG);
    /* The second stays registered until the device goes. */

    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device15_CreateQueryHeap1(device15, &query_desc, D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE,
            &IID_ID3D12QueryHeap, &object), DXGI_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(ID3D12Device15_CreateQueryHeap1(device15, &query_desc, (D3D12_QUERY_HEAP_FLAGS)2,
            &IID_ID3D12QueryHeap, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device15_CreateQueryHeap1(device15, &query_desc, D3D12_QUERY_HEAP_FLAG_NONE,
            &IID_ID3D12QueryHeap, (void **)&heap), S_OK);
    /* A heap without CPU_RESOLVE cannot be resolved on the CPU. */
    ck_assert_int_eq(ID3D12Device15_ResolveQueryData(device15, heap, D3D12_QUERY_TYPE_OCCLUSION, 0, 4, results),
            E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device15_ResolveQueryData(device15, NULL, D3D12_QUERY_TYPE_OCCLUSION, 0, 4, results),
            E_INVALIDARG);
    ID3D12QueryHeap_Release(heap);

    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device15_CreateRootSignatureFromSubobjectInLibrary(device15, 0, blob, sizeof(blob),
            L"rs", &IID_ID3D12RootSignature, &object), DXGI_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(ID3D12Device15_CreateRootSignatureFromSubobjectInLibrary(device15, 0, NULL, 0,
            L"rs", &IID_ID3D12RootSignature, &object), E_INVALIDARG);
    ID3D12Device15_Release(device15);
    ID3D12Device_Release(device);
}
END_TEST

/* ---- Async Commands selection (seed 000) ------------------------------------------------------ */

static D3D12_ASYNC_COMMANDS_IMPL select_impl(bool native, bool barriers, bool opted_in, bool forced,
        char *reason, size_t reason_size)
{
    struct rt_async_inputs inputs = {native, native ? 1 : 0, barriers, opted_in, forced};
    struct rt_async_selection selection;

    rt_async_select(&inputs, &selection);
    snprintf(reason, reason_size, "%s", selection.reason);
    return selection.impl;
}

START_TEST(test_async_select)
{
    char reason[160];

    /* Nothing asked for: the driver decides. */
    ck_assert_int_eq(select_impl(true, true, false, false, reason, sizeof(reason)), D3D12_ASYNC_COMMANDS_IMPL_NATIVE);
    ck_assert_str_eq(reason, "driver reports native Async Commands, feature version 1");
    ck_assert_int_eq(select_impl(false, true, false, false, reason, sizeof(reason)),
            D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED);
    ck_assert_str_eq(reason, "driver has no native Async Commands");
    /* The opt-in is a permission: native still wins. */
    ck_assert_int_eq(select_impl(true, true, true, false, reason, sizeof(reason)), D3D12_ASYNC_COMMANDS_IMPL_NATIVE);
    ck_assert_int_eq(select_impl(false, true, true, false, reason, sizeof(reason)),
            D3D12_ASYNC_COMMANDS_IMPL_FALLBACK);
    ck_assert_str_eq(reason, "application opted in; driver has no native Async Commands");
    /* Forcing wins over native and needs no opt-in... */
    ck_assert_int_eq(select_impl(true, true, false, true, reason, sizeof(reason)), D3D12_ASYNC_COMMANDS_IMPL_FALLBACK);
    ck_assert(strstr(reason, "forced by d3dconfig"));
    ck_assert_int_eq(select_impl(false, true, false, true, reason, sizeof(reason)),
            D3D12_ASYNC_COMMANDS_IMPL_FALLBACK);
    ck_assert_str_eq(reason, "forced by d3dconfig");
    /* ...but never gets around Enhanced Barriers. */
    ck_assert_int_eq(select_impl(true, false, false, true, reason, sizeof(reason)), D3D12_ASYNC_COMMANDS_IMPL_NATIVE);
    ck_assert_int_eq(select_impl(false, false, true, true, reason, sizeof(reason)),
            D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED);
    ck_assert(strstr(reason, "driver lacks Enhanced Barriers"));
    ck_assert_int_eq(select_impl(false, false, true, false, reason, sizeof(reason)),
            D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED);
    ck_assert(strstr(reason, "driver lacks Enhanced Barriers"));
    ck_assert_str_eq(rt_async_impl_name(D3D12_ASYNC_COMMANDS_IMPL_FALLBACK), "FALLBACK");
}
END_TEST

START_TEST(test_async_forced)
{
    D3D12_FEATURE_DATA_ASYNC_COMMANDS async;
    struct test_config_guard guard;
    struct rt_device *impl;
    ID3D12Device *device;

    /* The config file forces the fallback; the application did not opt in. */
    test_config_guard_begin(&guard, "[device]\nforce-async-commands-fallback = true\n");
    device = create_device();
    impl = rt_device_from_iface(device);
    ck_assert(impl->startup.async_commands_force_fallback);
    ck_assert(!impl->startup.async_commands_fallback_enabled);
    ck_assert_int_eq(check_feature(device, D3D12_FEATURE_ASYNC_COMMANDS, &async, sizeof(async)), S_OK);
    ck_assert_int_eq(async.Impl, impl->options.EnhancedBarriersSupported
            ? D3D12_ASYNC_COMMANDS_IMPL_FALLBACK : D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED);
    if (impl->options.EnhancedBarriersSupported)
        ck_assert(strstr(impl->async.reason, "forced by d3dconfig"));
    ID3D12Device_Release(device);
    test_config_guard_end(&guard);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("device");
    TCase *tc;

    tc = tcase_create("creation");
    tcase_add_test(tc, test_create_device);
    tcase_add_test(tc, test_create_device_arguments);
    tcase_add_test(tc, test_adapter_luid);
    suite_add_tcase(suite, tc);

    tc = tcase_create("features");
    tcase_add_test(tc, test_feature_arguments);
    tcase_add_test(tc, test_feature_options);
    tcase_add_test(tc, test_feature_architecture);
    tcase_add_test(tc, test_feature_levels);
    tcase_add_test(tc, test_feature_formats);
    tcase_add_test(tc, test_feature_misc);
    tcase_add_test(tc, test_feature_runtime_queries);
    suite_add_tcase(suite, tc);

    tc = tcase_create("objects");
    tcase_add_test(tc, test_private_data);
    tcase_add_test(tc, test_child_lifetimes);
    tcase_add_test(tc, test_device_removal);
    tcase_add_test(tc, test_device_configuration);
    tcase_add_test(tc, test_not_implemented);
    tcase_add_test(tc, test_device15_views);
    tcase_add_test(tc, test_device15_methods);
    suite_add_tcase(suite, tc);

    tc = tcase_create("async_select");
    tcase_add_test(tc, test_async_select);
    tcase_add_test(tc, test_async_forced);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, NULL);
}
