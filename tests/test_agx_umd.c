/*
 * agx_umd driven directly through the driver contract (no runtime): adapter, caps,
 * versions, device tables, formats, resources, descriptors, pipelines, fences across
 * queues. The copies are in test_agx_umd_copy.c.
 */

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "agx_umd_harness.h"
#include "test_run.h"

/* ---- Adapter, versions, caps ---------------------------------------------------------------- */

START_TEST(test_open_adapter)
{
    D3D12DDIARG_OPENADAPTER_0124 args = {{NULL}, {NULL}, NULL};
    struct test_adapter a;

    ck_assert_int_eq(agx_umd_open_adapter(NULL), E_INVALIDARG);
    ck_assert_int_eq(agx_umd_open_adapter(&args), E_INVALIDARG);
    open_adapter(&a);
    ck_assert_ptr_nonnull(a.funcs.pfnCalcPrivateDeviceSize);
    ck_assert_ptr_nonnull(a.funcs.pfnCreateDevice);
    ck_assert_ptr_nonnull(a.funcs.pfnGetSupportedVersions);
    ck_assert_ptr_nonnull(a.funcs.pfnGetCaps);
    ck_assert_ptr_nonnull(a.funcs.pfnFillDDITable);
    ck_assert_ptr_nonnull(a.funcs.pfnDestroyDevice);
    ck_assert_int_eq(a.funcs.pfnCloseAdapter(a.adapter), S_OK);
}
END_TEST

START_TEST(test_supported_versions)
{
    struct test_adapter a;
    UINT64 versions[2] = {0, 0};
    UINT32 count = 0;

    open_adapter(&a);
    ck_assert_int_eq(a.funcs.pfnGetSupportedVersions(a.adapter, NULL, versions), E_INVALIDARG);
    ck_assert_int_eq(a.funcs.pfnGetSupportedVersions(a.adapter, &count, NULL), S_OK);
    ck_assert_uint_eq(count, 1);
    count = 0;
    ck_assert_int_eq(a.funcs.pfnGetSupportedVersions(a.adapter, &count, versions), D3D12DDI_E_INSUFFICIENT_BUFFER);
    ck_assert_uint_eq(count, 1);
    ck_assert_uint_eq(versions[0], 0);
    count = 2;
    ck_assert_int_eq(a.funcs.pfnGetSupportedVersions(a.adapter, &count, versions), S_OK);
    ck_assert_uint_eq(count, 1);
    ck_assert_uint_eq(versions[0], D3D12DDI_SUPPORTED_0124);
    ck_assert_uint_eq(versions[1], 0);
    a.funcs.pfnCloseAdapter(a.adapter);
}
END_TEST

static HRESULT get_caps(struct test_adapter *a, D3D12DDICAPS_TYPE type, const void *info, void *data, UINT size)
{
    D3D12DDIARG_GETCAPS caps = {type, info, data, size};

    return a->funcs.pfnGetCaps(a->adapter, &caps);
}

START_TEST(test_caps_values)
{
    D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 tile;
    D3D12DDI_D3D12_OPTIONS_DATA_0124 options;
    D3D12DDI_ASYNC_COMMANDS_CAPS_0124 async;
    D3D12DDI_3DPIPELINESUPPORT_CAPS level;
    D3D12DDI_THREADING_CAPS_0124 threading;
    D3D12DDI_ARCHITECTURE_INFO arch;
    D3D12DDI_GPU_INFO_0124 info, info2;
    struct test_adapter a, b;
    UINT node = 0;

    open_adapter(&a);
    ck_assert_int_eq(get_caps(&a, D3D12DDICAPS_TYPE_ARCHITECTURE_INFO, NULL, &arch, sizeof(arch)), S_OK);
    ck_assert(arch.UMA && arch.CacheCoherentUMA && arch.TileBasedDeferredRenderer);

    memset(&options, 0xff, sizeof(options));
    ck_assert_int_eq(get_caps(&a, D3D12DDICAPS_TYPE_D3D12_OPTIONS, NULL, &options, sizeof(options)), S_OK);
    ck_assert_int_eq(options.ResourceBindingTier, D3D12_RESOURCE_BINDING_TIER_2);
    ck_assert_int_eq(options.TiledResourcesTier, D3D12DDI_TILED_RESOURCES_TIER_5);
    ck_assert_int_eq(options.ResourceHeapTier, D3D12_RESOURCE_HEAP_TIER_2);
    ck_assert_int_eq(options.ProgrammableSamplePositionsTier, D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_1);
    ck_assert_int_eq(options.RenderPassTier, D3D12_RENDER_PASS_TIER_1);
    ck_assert_int_eq(options.ConservativeRasterizationTier, D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED);
    ck_assert(!options.DoublePrecisionFloatShaderOps && !options.ROVsSupported);
    ck_assert(options.TypedUAVLoadAdditionalFormats);
    ck_assert_uint_eq(options.MaxGPUVirtualAddressBitsPerResource, 40);
    ck_assert(options.EnhancedBarriersSupported);
    /* DXIL from 6.0 (agx_dxil_support.h; test_agx_dxil_support checks the model). */
    ck_assert_int_eq(options.DXILSupported, options.HighestShaderModel >= D3D_SHADER_MODEL_6_0);
    ck_assert_int_eq(options.DXBCSupported, TRUE);
    ck_assert_int_eq(options.OutputMergerLogicOp, TRUE);

    ck_assert_int_eq(get_caps(&a, D3D12DDICAPS_TYPE_3DPIPELINESUPPORT, NULL, &level, sizeof(level)), S_OK);
    ck_assert_int_eq(level.MaximumLevel, D3D12DDI_3DPIPELINELEVEL_11_0);

    memset(&async, 0xff, sizeof(async));
    ck_assert_int_eq(get_caps(&a, D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS, NULL, &async, sizeof(async)), S_OK);
    ck_assert(async.Supported);
    ck_assert_uint_eq(async.FeatureVersion, D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1);

    memset(&tile, 0xff, sizeof(tile));
    ck_assert_int_eq(get_caps(&a, D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS, &node, &tile, sizeof(tile)), S_OK);
    ck_assert_uint_eq(tile.NodeIndex, 0);
    /* specs/agx_umd.md "Tier 5": the driver's own choice. */
    ck_assert_uint_eq(tile.MaxTilePoolLayoutIndexCount, 4096);
    ck_assert_uint_eq(tile.MaxResourceLayoutIndexCount, 65536);
    ck_assert(!tile.UMDOnlySupport);

    ck_assert_int_eq(get_caps(&a, D3D12DDICAPS_TYPE_0124_THREADING, NULL, &threading, sizeof(threading)), S_OK);
    ck_assert_uint_eq(threading.Caps, D3D12DDICAPS_THREADING_FREETHREADED | D3D12DDICAPS_THREADING_COMMANDLISTS);

    ck_assert_int_eq(get_caps(&a, D3D12DDICAPS_TYPE_0124_GPU_INFO, NULL, &info, sizeof(info)), S_OK);
    ck_assert_str_eq(info.Description, "Apple AGX G13 (simulated)");
    ck_assert_uint_eq(info.VendorId, 0x106B);
    ck_assert_uint_ne(info.DeviceId, 0);
    ck_assert_uint_eq(info.DedicatedVideoMemory, 0);
    ck_assert(info.AdapterLuid.LowPart || info.AdapterLuid.HighPart);
    /* One LUID for the process, whichever adapter object asks. */
    open_adapter(&b);
    ck_assert_int_eq(get_caps(&b, D3D12DDICAPS_TYPE_0124_GPU_INFO, NULL, &info2, sizeof(info2)), S_OK);
    ck_assert_uint_eq(info2.AdapterLuid.LowPart, info.AdapterLuid.LowPart);
    ck_assert_int_eq(info2.AdapterLuid.HighPart, info.AdapterLuid.HighPart);
    b.funcs.pfnCloseAdapter(b.adapter);
    a.funcs.pfnCloseAdapter(a.adapter);
}
END_TEST

START_TEST(test_caps_errors)
{
    static const D3D12DDICAPS_TYPE types[] =
    {
        D3D12DDICAPS_TYPE_ARCHITECTURE_INFO, D3D12DDICAPS_TYPE_D3D12_OPTIONS, D3D12DDICAPS_TYPE_3DPIPELINESUPPORT,
        D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS, D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS,
        D3D12DDICAPS_TYPE_0124_THREADING, D3D12DDICAPS_TYPE_0124_GPU_INFO,
    };
    D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 tile;
    unsigned char data[512];
    struct test_adapter a;
    UINT node = 1;
    size_t i;

    open_adapter(&a);
    for (i = 0; i < sizeof(types) / sizeof(types[0]); ++i)
    {
        ck_assert_int_eq(get_caps(&a, types[i], NULL, data, 2), E_INVALIDARG);
        ck_assert_int_eq(get_caps(&a, types[i], NULL, data, sizeof(data)), E_INVALIDARG);
    }
    ck_assert_int_eq(get_caps(&a, (D3D12DDICAPS_TYPE)1002, NULL, data, sizeof(data)), E_NOTIMPL);
    ck_assert_int_eq(get_caps(&a, (D3D12DDICAPS_TYPE)0, NULL, data, 4), E_NOTIMPL);
    ck_assert_int_eq(get_caps(&a, D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS, &node, &tile, sizeof(tile)),
            E_INVALIDARG);
    ck_assert_int_eq(a.funcs.pfnGetCaps(a.adapter, NULL), E_INVALIDARG);
    a.funcs.pfnCloseAdapter(a.adapter);
}
END_TEST

START_TEST(test_create_device_errors)
{
    D3D12DDIARG_CALCPRIVATEDEVICESIZE size_args = {D3D12DDI_INTERFACE_VERSION_R8, 123u << 16, 0};
    D3D12DDIARG_CREATEDEVICE_0124 args;
    D3D12DDI_HDEVICE device;
    struct test_adapter a;

    open_adapter(&a);
    ck_assert_uint_eq(a.funcs.pfnCalcPrivateDeviceSize(a.adapter, &size_args), (SIZE_T)-1);
    device.pDrvPrivate = calloc(1, 4096);

    args = device_args(device);
    args.Version = 123u << 16;
    ck_assert_int_eq(a.funcs.pfnCreateDevice(a.adapter, &args), E_INVALIDARG);
    args = device_args(device);
    args.Interface = D3D12DDI_INTERFACE_VERSION_R8 - 1;
    ck_assert_int_eq(a.funcs.pfnCreateDevice(a.adapter, &args), E_INVALIDARG);
    args = device_args(device);
    args.PipelineLevel = D3D12DDI_3DPIPELINELEVEL_12_0;
    ck_assert_int_eq(a.funcs.pfnCreateDevice(a.adapter, &args), E_INVALIDARG);
    args = device_args(device);
    args.pCallbacks = NULL;
    ck_assert_int_eq(a.funcs.pfnCreateDevice(a.adapter, &args), E_INVALIDARG);

    free(device.pDrvPrivate);
    a.funcs.pfnCloseAdapter(a.adapter);
}
END_TEST

START_TEST(test_fill_tables)
{
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    D3D12DDI_RENDER_PASS_FUNCS_0124 pass;
    D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 tile;
    D3D12DDI_DEVICE_FUNCS_CORE_0124 core;
    D3D12DDI_HRTTABLE rt = {NULL};
    struct test_device t;

    device_init(&t);
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_DEVICE_CORE, &core, sizeof(core) - 8,
            0, rt), E_INVALIDARG);
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D, &core, sizeof(core),
            0, rt), E_INVALIDARG);
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D, &core,
            sizeof(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124), 1, rt), E_INVALIDARG);
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_0043_RENDER_PASS, &pass, sizeof(pass),
            0, rt), S_OK);
    ck_assert(pass.pfnBeginRenderPass && pass.pfnEndRenderPass);
    /* The complete Async Commands table (test_agx_umd_async.c), which the driver advertises. */
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, &async,
            sizeof(async), 0, rt), S_OK);
    /* Tier 5: the tile mapping queue's table, fence entries shared with the command queues'. */
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS, &tile,
            sizeof(tile), 1, rt), E_INVALIDARG);
    ck_assert_int_eq(t.a.funcs.pfnFillDDITable(t.device, D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS, &tile,
            sizeof(tile), 0, rt), S_OK);
    ck_assert(tile.pfnExecuteTileMappings && tile.pfnSignalFence && tile.pfnWaitForFence);
    ck_assert_ptr_eq(tile.pfnSignalFence, t.q.pfnSignalFence);
    ck_assert_ptr_eq(tile.pfnWaitForFence, t.q.pfnWaitForFence);

    /* Executed entries are there (draws, dispatches and ExecuteIndirect too). */
    ck_assert_ptr_nonnull(t.cl.pfnCopyBufferRegion);
    ck_assert_ptr_nonnull(t.cl.pfnCopyTextureRegion);
    ck_assert_ptr_nonnull(t.cl.pfnCopyResource);
    ck_assert_ptr_nonnull(t.cl.pfnWriteBufferImmediate);
    ck_assert_ptr_nonnull(t.cl.pfnResourceBarrier);
    ck_assert_ptr_nonnull(t.cl.pfnBarrier);
    ck_assert_ptr_nonnull(t.cl.pfnResolveQueryData);
    ck_assert_ptr_nonnull(t.cl.pfnSetGraphicsRootSignature);
    ck_assert_ptr_nonnull(t.cl.pfnDrawInstanced);
    ck_assert_ptr_nonnull(t.cl.pfnDrawIndexedInstanced);
    ck_assert_ptr_nonnull(t.cl.pfnDispatch);
    ck_assert_ptr_nonnull(t.cl.pfnExecuteIndirect);
    ck_assert_ptr_nonnull(t.cl.pfnClearRenderTargetView);
    ck_assert_ptr_nonnull(t.cl.pfnClearUnorderedAccessViewUint);
    ck_assert_ptr_nonnull(t.cl.pfnResolveSubresource);
    ck_assert_ptr_nonnull(t.cl.pfnCopyTiles);
    ck_assert_ptr_nonnull(t.q.pfnUpdateTileMappings);
    ck_assert_ptr_nonnull(t.q.pfnCopyTileMappings);
    ck_assert_ptr_nonnull(t.q.pfnSignalFence);
    ck_assert_ptr_nonnull(t.dev.pfnGetMipPacking);
    device_finish(&t);
}
END_TEST

/* ---- Formats, allocation, heaps ----------------------------------------------------------- */

START_TEST(test_format_support)
{
    static const DXGI_FORMAT decoded_bc[] = {DXGI_FORMAT_BC6H_UF16, DXGI_FORMAT_BC6H_SF16, DXGI_FORMAT_BC7_UNORM,
                                             DXGI_FORMAT_BC7_UNORM_SRGB};
    struct test_device t;
    UINT s1, s2, levels;
    size_t i;

    device_init(&t);
    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, &s1, &s2), S_OK);
    ck_assert_uint_eq(s1 & (D3D12_FORMAT_SUPPORT1_BUFFER | D3D12_FORMAT_SUPPORT1_TEXTURE2D
            | D3D12_FORMAT_SUPPORT1_TEXTURE3D | D3D12_FORMAT_SUPPORT1_MIP | D3D12_FORMAT_SUPPORT1_RENDER_TARGET
            | D3D12_FORMAT_SUPPORT1_BLENDABLE | D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET
            | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE | D3D12_FORMAT_SUPPORT1_DISPLAY),
            D3D12_FORMAT_SUPPORT1_BUFFER | D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_TEXTURE3D
            | D3D12_FORMAT_SUPPORT1_MIP | D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_BLENDABLE
            | D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE
            | D3D12_FORMAT_SUPPORT1_DISPLAY);
    ck_assert_uint_eq(s1 & D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL, 0);
    ck_assert_uint_eq(s2 & D3D12_FORMAT_SUPPORT2_UAV_TYPED_STORE, D3D12_FORMAT_SUPPORT2_UAV_TYPED_STORE);
    ck_assert_uint_eq(s2 & D3D12_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP, 0);

    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_R32G32B32A32_UINT, &s1, &s2), S_OK);
    ck_assert_uint_eq(s1 & (D3D12_FORMAT_SUPPORT1_BLENDABLE | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE), 0);
    ck_assert_uint_ne(s1 & D3D12_FORMAT_SUPPORT1_RENDER_TARGET, 0);
    /* Logic ops: UINT targets only (agx_om_color.c applies them to UINT channels). */
    ck_assert_uint_ne(s2 & D3D12_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP, 0);
    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_R8_UINT, &s1, &s2), S_OK);
    ck_assert_uint_ne(s2 & D3D12_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP, 0);
    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_R16G16_SINT, &s1, &s2), S_OK);
    ck_assert_uint_eq(s2 & D3D12_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP, 0);

    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_BC1_UNORM, &s1, &s2), S_OK);
    ck_assert_uint_ne(s1 & D3D12_FORMAT_SUPPORT1_TEXTURE2D, 0);
    ck_assert_uint_eq(s1 & (D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_BUFFER
            | D3D12_FORMAT_SUPPORT1_TEXTURE1D), 0);

    /* BC6H and BC7 as BC1-BC5: the texture unit decodes them (agx_texture_bc6h.c, agx_texture_bc7.c). */
    for (i = 0; i < sizeof(decoded_bc) / sizeof(decoded_bc[0]); ++i)
    {
        ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, decoded_bc[i], &s1, &s2), S_OK);
        ck_assert_uint_eq(s1 & (D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_TEXTURE3D
                | D3D12_FORMAT_SUPPORT1_TEXTURECUBE | D3D12_FORMAT_SUPPORT1_MIP | D3D12_FORMAT_SUPPORT1_SHADER_LOAD
                | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE | D3D12_FORMAT_SUPPORT1_SHADER_GATHER),
                D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_TEXTURE3D | D3D12_FORMAT_SUPPORT1_TEXTURECUBE
                | D3D12_FORMAT_SUPPORT1_MIP | D3D12_FORMAT_SUPPORT1_SHADER_LOAD | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE
                | D3D12_FORMAT_SUPPORT1_SHADER_GATHER);
        ck_assert_uint_eq(s1 & (D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_BUFFER), 0);
    }

    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_D24_UNORM_S8_UINT, &s1, &s2), S_OK);
    ck_assert_uint_ne(s1 & D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL, 0);
    ck_assert_uint_eq(s1 & (D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_TEXTURE3D), 0);

    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_R16_UINT, &s1, &s2), S_OK);
    ck_assert_uint_ne(s1 & D3D12_FORMAT_SUPPORT1_IA_INDEX_BUFFER, 0);
    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_R32_UINT, &s1, &s2), S_OK);
    ck_assert_uint_ne(s2 & D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_ADD, 0);

    s1 = s2 = 0xdead;
    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_UNKNOWN, &s1, &s2), E_FAIL);
    ck_assert_uint_eq(s1, 0);
    ck_assert_uint_eq(s2, 0);
    s1 = s2 = 0xdead;
    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, (DXGI_FORMAT)300, &s1, &s2), E_FAIL);
    ck_assert_uint_eq(s1 | s2, 0);
    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM, &s1, &s2), E_FAIL);
    ck_assert_int_eq(t.dev.pfnCheckFormatSupport(t.device, DXGI_FORMAT_P8, &s1, &s2), E_FAIL);

    ck_assert_int_eq(t.dev.pfnCheckMultisampleQualityLevels(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 1,
            D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, &levels), S_OK);
    ck_assert_uint_eq(levels, 1);
    ck_assert_int_eq(t.dev.pfnCheckMultisampleQualityLevels(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 2,
            D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, &levels), S_OK);
    ck_assert_uint_eq(levels, 1);
    ck_assert_int_eq(t.dev.pfnCheckMultisampleQualityLevels(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
            D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, &levels), S_OK);
    ck_assert_uint_eq(levels, 1);
    ck_assert_int_eq(t.dev.pfnCheckMultisampleQualityLevels(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 8,
            D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, &levels), S_OK);
    ck_assert_uint_eq(levels, 0);
    ck_assert_int_eq(t.dev.pfnCheckMultisampleQualityLevels(t.device, DXGI_FORMAT_D32_FLOAT, 4,
            D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, &levels), S_OK);
    ck_assert_uint_eq(levels, 1);
    ck_assert_int_eq(t.dev.pfnCheckMultisampleQualityLevels(t.device, DXGI_FORMAT_R8G8B8A8_TYPELESS, 4,
            D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, &levels), S_OK);
    ck_assert_uint_eq(levels, 1);
    ck_assert_int_eq(t.dev.pfnCheckMultisampleQualityLevels(t.device, DXGI_FORMAT_BC1_UNORM, 4,
            D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, &levels), S_OK);
    ck_assert_uint_eq(levels, 0);
    ck_assert_int_eq(t.dev.pfnCheckMultisampleQualityLevels(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
            D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE, &levels), S_OK);
    ck_assert_uint_eq(levels, 0);
    ck_assert_int_eq(t.dev.pfnCheckMultisampleQualityLevels(t.device, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
            D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, NULL), E_INVALIDARG);
    device_finish(&t);
}
END_TEST

START_TEST(test_allocation_info)
{
    D3D12DDI_RESOURCE_ALLOCATION_INFO info;
    D3D12_RESOURCE_DESC1 desc;
    struct test_device t;

    device_init(&t);
    desc = buffer_desc(1000);
    t.dev.pfnGetResourceAllocationInfo(t.device, &desc, &info);
    ck_assert_uint_eq(info.SizeInBytes, 65536);
    ck_assert_uint_eq(info.Alignment, 65536);

    /* 256 x 256 x 4 bytes, rows 1024 bytes: exactly 256 KiB. */
    desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 1, 1);
    t.dev.pfnGetResourceAllocationInfo(t.device, &desc, &info);
    ck_assert_uint_eq(info.SizeInBytes, 262144);
    ck_assert_uint_eq(info.Alignment, 65536);

    /* A small texture asking for 4 KiB gets it. */
    desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1);
    desc.Alignment = 4096;
    t.dev.pfnGetResourceAllocationInfo(t.device, &desc, &info);
    ck_assert_uint_eq(info.SizeInBytes, 4096);
    ck_assert_uint_eq(info.Alignment, 4096);

    desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1);
    desc.SampleDesc.Count = 4;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    t.dev.pfnGetResourceAllocationInfo(t.device, &desc, &info);
    ck_assert_uint_eq(info.Alignment, 4u << 20);
    ck_assert_uint_ge(info.SizeInBytes, 64 * 64 * 4 * 4);

    desc = texture_desc(DXGI_FORMAT_P8, 64, 64, 1, 1);
    t.dev.pfnGetResourceAllocationInfo(t.device, &desc, &info);
    ck_assert_uint_eq(info.SizeInBytes, UINT64_MAX);
    device_finish(&t);
}
END_TEST

START_TEST(test_heaps_and_placement)
{
    D3D12DDIARG_CREATEHEAP_0124 heap_args;
    D3D12DDIARG_CREATERESOURCE_0124 args;
    struct test_resource upload, def, tex;
    D3D12_RESOURCE_DESC1 desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1);
    D3D12DDI_HRESOURCE placed[3];
    D3D12DDI_HRTRESOURCE rt = {NULL};
    D3D12DDI_HRESOURCE none = {NULL};
    D3D12DDI_HHEAP heap, no_heap = {NULL};
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes;
    struct test_device t;
    void *data = (void *)1;
    UINT64 va0, va1;
    int i;

    device_init(&t);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 256);
    def = create_buffer(&t, D3D12_HEAP_TYPE_DEFAULT, 256);
    tex = create_texture(&t, &desc);
    ck_assert_ptr_nonnull(map(&t, &upload));
    ck_assert_int_eq(t.dev.pfnMapHeap(t.device, def.heap, &data), E_INVALIDARG);
    ck_assert_ptr_null(data);
    ck_assert_uint_ne(t.dev.pfnGetResourceGpuVirtualAddress(t.device, def.resource), 0);
    ck_assert_uint_eq(t.dev.pfnGetResourceGpuVirtualAddress(t.device, tex.resource), 0);

    /* A 256 KiB heap; buffers placed at 0 and 64 KiB are 64 KiB apart in the GPU VA. */
    memset(&heap_args, 0, sizeof(heap_args));
    heap_args.ByteSize = 256 * 1024;
    heap_args.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    sizes = t.dev.pfnCalcPrivateHeapAndResourceSizes(t.device, &heap_args, NULL);
    ck_assert_uint_eq(sizes.Resource, 0);
    heap.pDrvPrivate = calloc(1, sizes.Heap);
    ck_assert_int_eq(t.dev.pfnCreateHeapAndResource(t.device, &heap_args, heap, rt, NULL, none), S_OK);
    memset(&args, 0, sizeof(args));
    args.Kind = D3D12DDI_RESOURCE_KIND_PLACED;
    args.Desc = buffer_desc(65536);
    args.hPlacementHeap = heap;
    sizes = t.dev.pfnCalcPrivateHeapAndResourceSizes(t.device, NULL, &args);
    ck_assert_uint_eq(sizes.Heap, 0);
    for (i = 0; i < 3; ++i)
        placed[i].pDrvPrivate = calloc(1, sizes.Resource);
    ck_assert_int_eq(t.dev.pfnCreateHeapAndResource(t.device, NULL, no_heap, rt, &args, placed[0]), S_OK);
    args.PlacementOffset = 65536;
    ck_assert_int_eq(t.dev.pfnCreateHeapAndResource(t.device, NULL, no_heap, rt, &args, placed[1]), S_OK);
    va0 = t.dev.pfnGetResourceGpuVirtualAddress(t.device, placed[0]);
    va1 = t.dev.pfnGetResourceGpuVirtualAddress(t.device, placed[1]);
    ck_assert_uint_eq(va1 - va0, 65536);
    /* Past the end of the heap. */
    args.PlacementOffset = 256 * 1024 - 4096;
    ck_assert_int_eq(t.dev.pfnCreateHeapAndResource(t.device, NULL, no_heap, rt, &args, placed[2]), E_INVALIDARG);
    /* A committed kind without heap arguments, a placed kind with them. */
    args.Kind = D3D12DDI_RESOURCE_KIND_COMMITTED;
    ck_assert_int_eq(t.dev.pfnCreateHeapAndResource(t.device, NULL, no_heap, rt, &args, placed[2]), E_INVALIDARG);
    args.Kind = D3D12DDI_RESOURCE_KIND_PLACED;
    ck_assert_int_eq(t.dev.pfnCreateHeapAndResource(t.device, &heap_args, heap, rt, &args, placed[2]),
            E_INVALIDARG);

    for (i = 0; i < 2; ++i)
        t.dev.pfnDestroyHeapAndResource(t.device, no_heap, placed[i]);
    for (i = 0; i < 3; ++i)
        free(placed[i].pDrvPrivate);
    t.dev.pfnDestroyHeapAndResource(t.device, heap, none);
    free(heap.pDrvPrivate);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &def);
    destroy_resource(&t, &tex);
    device_finish(&t);
}
END_TEST


START_TEST(test_reserved_resource)
{
    D3D12DDIARG_CREATERESOURCE_0124 args;
    struct test_resource readback;
    D3D12DDI_HRTRESOURCE rt = {NULL};
    D3D12DDI_HHEAP no_heap = {NULL};
    D3D12DDI_HRESOURCE reserved;
    unsigned char *out;
    struct test_device t;
    struct test_queue q;
    struct test_list l;

    device_init(&t);
    memset(&args, 0, sizeof(args));
    args.Kind = D3D12DDI_RESOURCE_KIND_RESERVED;
    args.Desc = buffer_desc(1 << 20);
    reserved.pDrvPrivate = calloc(1, t.dev.pfnCalcPrivateHeapAndResourceSizes(t.device, NULL, &args).Resource);
    ck_assert_int_eq(t.dev.pfnCreateHeapAndResource(t.device, NULL, no_heap, rt, &args, reserved), S_OK);
    ck_assert_uint_ne(t.dev.pfnGetResourceGpuVirtualAddress(t.device, reserved), 0);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    out = map(&t, &readback);
    memset(out, POISON, 4096);

    /* No memory behind it yet: reads give zero, writes go nowhere. */
    q = create_queue(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    t.cl.pfnCopyBufferRegion(l.list, reserved, 0, readback.resource, 0, 4096);
    t.cl.pfnCopyBufferRegion(l.list, readback.resource, 0, reserved, 0, 4096);
    execute(&t, &q, &l);
    ck_assert_uint_eq(out[0], 0);
    ck_assert_uint_eq(out[4095], 0);

    destroy_list(&t, &l);
    destroy_queue(&t, &q);
    t.dev.pfnDestroyHeapAndResource(t.device, no_heap, reserved);
    free(reserved.pDrvPrivate);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

/* ---- Fences and queues ---------------------------------------------------------------------- */

START_TEST(test_fence_across_queues)
{
    struct test_resource upload, readback;
    D3D12DDI_HFENCE f, g;
    struct test_queue a, b;
    unsigned char *in, *out;
    struct test_device t;
    struct test_list l;

    device_init(&t);
    upload = create_buffer(&t, D3D12_HEAP_TYPE_UPLOAD, 4096);
    readback = create_buffer(&t, D3D12_HEAP_TYPE_READBACK, 4096);
    in = map(&t, &upload);
    out = map(&t, &readback);
    fill_pattern(in, 4096, 3);
    memset(out, POISON, 4096);
    f = create_fence(&t, 0);
    g = create_fence(&t, 0);
    a = create_queue(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    b = create_queue(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    l = create_list(&t, D3D12_COMMAND_LIST_TYPE_COPY);
    t.cl.pfnCopyBufferRegion(l.list, readback.resource, 0, upload.resource, 0, 4096);
    ck_assert_int_eq(t.cl.pfnCloseCommandList(l.list), S_OK);

    /* B waits for F = 1 before its copy and signals G = 1 after it. */
    wait_queue(&t, b.queue, f, 1);
    t.q.pfnExecuteCommandLists(b.queue, 1, &l.list);
    signal_queue(&t, b.queue, g, 1);
    sleep_ms(100);
    ck_assert_uint_eq(t.dev.pfnGetFenceCompletedValue(t.device, g), 0);
    ck_assert_uint_eq(out[0], POISON);
    ck_assert_uint_eq(out[4095], POISON);

    /* A's signal releases B. */
    signal_queue(&t, a.queue, f, 1);
    ck_assert(wait_fence(&t, g, 1));
    ck_assert_int_eq(memcmp(out, in, 4096), 0);

    /* A CPU signal releases a queue wait too. */
    wait_queue(&t, b.queue, f, 5);
    signal_queue(&t, b.queue, g, 2);
    sleep_ms(50);
    ck_assert_uint_eq(t.dev.pfnGetFenceCompletedValue(t.device, g), 1);
    ck_assert_int_eq(t.dev.pfnSignalFenceCpu(t.device, f, 5), S_OK);
    ck_assert(wait_fence(&t, g, 2));

    /* A queue destroyed behind a wait that never completes drops the rest. */
    wait_queue(&t, b.queue, f, 100);
    signal_queue(&t, b.queue, g, 3);
    destroy_queue(&t, &b);
    ck_assert_uint_eq(t.dev.pfnGetFenceCompletedValue(t.device, g), 2);

    destroy_list(&t, &l);
    destroy_queue(&t, &a);
    destroy_fence(&t, f);
    destroy_fence(&t, g);
    destroy_resource(&t, &upload);
    destroy_resource(&t, &readback);
    device_finish(&t);
}
END_TEST

static int notify_calls[4];
static BOOL notify_removed;

static void APIENTRY notify_cb(void *context, BOOL removed)
{
    ++notify_calls[(int)(intptr_t)context];
    notify_removed |= removed;
}

START_TEST(test_fence_cpu_signal_notify)
{
    struct test_device t;
    D3D12DDI_HFENCE f;

    device_init(&t);
    f = create_fence(&t, 2);
    ck_assert_uint_eq(t.dev.pfnGetFenceCompletedValue(t.device, f), 2);
    ck_assert_int_eq(t.dev.pfnNotifyFenceOnCompletion(t.device, f, 5, NULL, NULL), E_INVALIDARG);

    /* Already reached: called at once. */
    ck_assert_int_eq(t.dev.pfnNotifyFenceOnCompletion(t.device, f, 2, notify_cb, (void *)0), S_OK);
    ck_assert_int_eq(notify_calls[0], 1);

    ck_assert_int_eq(t.dev.pfnNotifyFenceOnCompletion(t.device, f, 5, notify_cb, (void *)1), S_OK);
    ck_assert_int_eq(t.dev.pfnNotifyFenceOnCompletion(t.device, f, 7, notify_cb, (void *)2), S_OK);
    ck_assert_int_eq(t.dev.pfnSignalFenceCpu(t.device, f, 4), S_OK);
    ck_assert_int_eq(notify_calls[1], 0);
    ck_assert_int_eq(t.dev.pfnSignalFenceCpu(t.device, f, 5), S_OK);
    ck_assert_int_eq(notify_calls[1], 1);
    ck_assert_int_eq(notify_calls[2], 0);

    /* Values may go down; callbacks fire once. */
    ck_assert_int_eq(t.dev.pfnSignalFenceCpu(t.device, f, 1), S_OK);
    ck_assert_uint_eq(t.dev.pfnGetFenceCompletedValue(t.device, f), 1);
    ck_assert_int_eq(t.dev.pfnSignalFenceCpu(t.device, f, 10), S_OK);
    ck_assert_int_eq(notify_calls[1], 1);
    ck_assert_int_eq(notify_calls[2], 1);
    ck_assert(!notify_removed);

    /* A notification still pending when the fence goes away is dropped. */
    ck_assert_int_eq(t.dev.pfnNotifyFenceOnCompletion(t.device, f, 50, notify_cb, (void *)3), S_OK);
    destroy_fence(&t, f);
    ck_assert_int_eq(notify_calls[3], 0);
    device_finish(&t);
}
END_TEST

/* ---- Pipelines, root signatures, descriptors ------------------------------------------------- */

START_TEST(test_pipelines_refused)
{
    static const DWORD code[4] = {0x43425844};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics;
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute;
    D3D12DDIARG_CREATE_PIPELINE_STATE_0124 args;
    D3D12DDI_HPIPELINESTATE state;
    struct test_device t;

    device_init(&t);
    memset(&graphics, 0, sizeof(graphics));
    graphics.VS.pShaderBytecode = code;
    graphics.VS.BytecodeLength = sizeof(code);
    graphics.PS = graphics.VS;
    memset(&compute, 0, sizeof(compute));
    compute.CS = graphics.VS;
    memset(&args, 0, sizeof(args));
    args.Type = D3D12DDI_PIPELINE_STATE_TYPE_GRAPHICS;
    args.pGraphics = &graphics;
    state.pDrvPrivate = calloc(1, t.dev.pfnCalcPrivatePipelineStateSize(t.device, &args));
    ck_assert_int_eq(t.dev.pfnCreatePipelineState(t.device, &args, state), E_INVALIDARG);
    graphics.GS = graphics.VS;
    ck_assert_int_eq(t.dev.pfnCreatePipelineState(t.device, &args, state), E_INVALIDARG);
    args.Type = D3D12DDI_PIPELINE_STATE_TYPE_COMPUTE;
    args.pGraphics = NULL;
    args.pCompute = &compute;
    ck_assert_int_eq(t.dev.pfnCreatePipelineState(t.device, &args, state), E_INVALIDARG);
    free(state.pDrvPrivate);
    device_finish(&t);
}
END_TEST

START_TEST(test_root_signatures)
{
    D3D12_DESCRIPTOR_RANGE1 ranges[2] =
    {
        {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 4, 0, 0, D3D12_DESCRIPTOR_RANGE_FLAG_NONE, 0},
        {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 2, 1, 0, D3D12_DESCRIPTOR_RANGE_FLAG_NONE, 4},
    };
    D3D12_DESCRIPTOR_RANGE range10 = {D3D12_DESCRIPTOR_RANGE_TYPE_CBV, 1, 0, 0, 0};
    D3D12_ROOT_PARAMETER1 params[2];
    D3D12_ROOT_PARAMETER param10;
    D3D12_STATIC_SAMPLER_DESC sampler;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 args = {&desc, 0};
    D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 null_args = {NULL, 0};
    D3D12DDI_HROOTSIGNATURE signature;
    struct test_device t;
    SIZE_T size, empty;

    device_init(&t);
    memset(params, 0, sizeof(params));
    params[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    params[0].DescriptorTable.NumDescriptorRanges = 2;
    params[0].DescriptorTable.pDescriptorRanges = ranges;
    params[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    params[1].Constants.Num32BitValues = 4;
    memset(&sampler, 0, sizeof(sampler));
    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = 2;
    desc.Desc_1_1.pParameters = params;
    desc.Desc_1_1.NumStaticSamplers = 1;
    desc.Desc_1_1.pStaticSamplers = &sampler;

    empty = t.dev.pfnCalcPrivateRootSignatureSize(t.device, &null_args);
    size = t.dev.pfnCalcPrivateRootSignatureSize(t.device, &args);
    ck_assert_uint_ge(size, empty + 2 * sizeof(params[0]) + 2 * sizeof(ranges[0]) + sizeof(sampler));
    signature.pDrvPrivate = malloc(size);
    ck_assert_int_eq(t.dev.pfnCreateRootSignature(t.device, &args, signature), S_OK);
    /* The copy is deep: the caller's arrays may go. */
    memset(ranges, 0xff, sizeof(ranges));
    t.dev.pfnDestroyRootSignature(t.device, signature);
    free(signature.pDrvPrivate);

    memset(&param10, 0, sizeof(param10));
    param10.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    param10.DescriptorTable.NumDescriptorRanges = 1;
    param10.DescriptorTable.pDescriptorRanges = &range10;
    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_0;
    desc.Desc_1_0.NumParameters = 1;
    desc.Desc_1_0.pParameters = &param10;
    signature.pDrvPrivate = malloc(t.dev.pfnCalcPrivateRootSignatureSize(t.device, &args));
    ck_assert_int_eq(t.dev.pfnCreateRootSignature(t.device, &args, signature), S_OK);
    free(signature.pDrvPrivate);

    signature.pDrvPrivate = malloc(empty);
    ck_assert_int_eq(t.dev.pfnCreateRootSignature(t.device, &null_args, signature), E_INVALIDARG);
    desc.Version = (D3D_ROOT_SIGNATURE_VERSION)7;
    ck_assert_int_eq(t.dev.pfnCreateRootSignature(t.device, &args, signature), E_INVALIDARG);
    free(signature.pDrvPrivate);
    device_finish(&t);
}
END_TEST

static D3D12DDI_HDESCRIPTORHEAP create_descriptor_heap(struct test_device *t, D3D12_DESCRIPTOR_HEAP_TYPE type,
        UINT count, D3D12_DESCRIPTOR_HEAP_FLAGS flags, HRESULT expected)
{
    D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 args = {type, count, flags, 0};
    D3D12DDI_HDESCRIPTORHEAP heap = {calloc(1, t->dev.pfnCalcPrivateDescriptorHeapSize(t->device, &args))};

    ck_assert_int_eq(t->dev.pfnCreateDescriptorHeap(t->device, &args, heap), expected);
    return heap;
}

START_TEST(test_descriptors)
{
    D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124 srv;
    D3D12DDI_CPU_DESCRIPTOR_HANDLE cpu, visible_cpu, sampler_cpu, starts[2];
    D3D12DDI_HDESCRIPTORHEAP visible, staging, rtv, samplers;
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv = {0x123450000ull, 256};
    D3D12_SAMPLER_DESC2 sampler;
    struct test_device t;
    UINT sizes[2] = {2, 1};
    UINT size;

    device_init(&t);
    ck_assert_uint_eq(t.dev.pfnGetDescriptorSizeInBytes(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV), 64);
    ck_assert_uint_eq(t.dev.pfnGetDescriptorSizeInBytes(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER), 64);
    ck_assert_uint_eq(t.dev.pfnGetDescriptorSizeInBytes(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV), 48);
    ck_assert_uint_eq(t.dev.pfnGetDescriptorSizeInBytes(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV), 48);
    size = 64;

    visible = create_descriptor_heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 8,
            D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, S_OK);
    staging = create_descriptor_heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 8,
            D3D12_DESCRIPTOR_HEAP_FLAG_NONE, S_OK);
    rtv = create_descriptor_heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
            E_INVALIDARG);
    free(rtv.pDrvPrivate);
    rtv = create_descriptor_heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 0, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, E_INVALIDARG);
    free(rtv.pDrvPrivate);
    ck_assert_uint_ne(t.dev.pfnGetGPUDescriptorHandleForHeapStart(t.device, visible).ptr, 0);
    ck_assert_uint_eq(t.dev.pfnGetGPUDescriptorHandleForHeapStart(t.device, staging).ptr, 0);
    visible_cpu = t.dev.pfnGetCPUDescriptorHandleForHeapStart(t.device, visible);
    cpu = t.dev.pfnGetCPUDescriptorHandleForHeapStart(t.device, staging);
    ck_assert_uint_ne(cpu.ptr, 0);

    /* Records are self-describing: the kind comes first. */
    memset(&srv, 0, sizeof(srv));
    srv.Desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    srv.Desc.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
    t.dev.pfnCreateShaderResourceView(t.device, &srv, cpu);
    t.dev.pfnCreateConstantBufferView(t.device, &cbv, (D3D12DDI_CPU_DESCRIPTOR_HANDLE){cpu.ptr + size});
    t.dev.pfnCreateConstantBufferView(t.device, NULL, (D3D12DDI_CPU_DESCRIPTOR_HANDLE){cpu.ptr + 2 * size});
    ck_assert_uint_ne(*(const uint32_t *)cpu.ptr, 0);
    ck_assert_uint_ne(*(const uint32_t *)(cpu.ptr + size), *(const uint32_t *)cpu.ptr);
    memset(&sampler, 0, sizeof(sampler));
    sampler.MaxAnisotropy = 16;
    samplers = create_descriptor_heap(&t, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 2,
            D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, S_OK);
    sampler_cpu = t.dev.pfnGetCPUDescriptorHandleForHeapStart(t.device, samplers);
    t.dev.pfnCreateSampler(t.device, &sampler, sampler_cpu);
    ck_assert_uint_ne(*(const uint32_t *)sampler_cpu.ptr, 0);
    ck_assert_uint_ne(*(const uint32_t *)sampler_cpu.ptr, *(const uint32_t *)cpu.ptr);
    t.dev.pfnDestroyDescriptorHeap(t.device, samplers);
    free(samplers.pDrvPrivate);

    t.dev.pfnCopyDescriptorsSimple(t.device, 3, visible_cpu, cpu, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    ck_assert_int_eq(memcmp((const void *)visible_cpu.ptr, (const void *)cpu.ptr, 3 * size), 0);

    /* Ranges of 2 + 1 into one range of 3 at slot 4. */
    starts[0] = cpu;
    starts[1].ptr = cpu.ptr + 2 * size;
    {
        D3D12DDI_CPU_DESCRIPTOR_HANDLE dst = {visible_cpu.ptr + 4 * size};
        UINT dst_size = 3;

        t.dev.pfnCopyDescriptors(t.device, 1, &dst, &dst_size, 2, starts, sizes,
                D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    }
    ck_assert_int_eq(memcmp((const void *)(visible_cpu.ptr + 4 * size), (const void *)cpu.ptr, 3 * size), 0);

    t.dev.pfnDestroyDescriptorHeap(t.device, visible);
    t.dev.pfnDestroyDescriptorHeap(t.device, staging);
    free(visible.pDrvPrivate);
    free(staging.pDrvPrivate);
    device_finish(&t);
}
END_TEST

static Suite *agx_umd_suite(void)
{
    Suite *suite = suite_create("agx_umd");
    TCase *tc;

    tc = tcase_create("adapter");
    tcase_add_test(tc, test_open_adapter);
    tcase_add_test(tc, test_supported_versions);
    tcase_add_test(tc, test_caps_values);
    tcase_add_test(tc, test_caps_errors);
    tcase_add_test(tc, test_create_device_errors);
    tcase_add_test(tc, test_fill_tables);
    suite_add_tcase(suite, tc);

    tc = tcase_create("resources");
    tcase_add_test(tc, test_format_support);
    tcase_add_test(tc, test_allocation_info);
    tcase_add_test(tc, test_heaps_and_placement);
    tcase_add_test(tc, test_reserved_resource);
    tcase_add_test(tc, test_descriptors);
    tcase_add_test(tc, test_root_signatures);
    tcase_add_test(tc, test_pipelines_refused);
    suite_add_tcase(suite, tc);

    tc = tcase_create("fences");
    tcase_add_test(tc, test_fence_across_queues);
    tcase_add_test(tc, test_fence_cpu_signal_notify);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(agx_umd_suite(), NULL);
}
