/*
 * d3d12rt_test_umd: an out-of-tree driver for the tests (tests/test_ext_driver.c). It is
 * the built-in agx_umd, linked in statically, behind a thin adapter of its own; the
 * environment variable D3D12RT_TEST_UMD_QUIRK makes it break the contract in one way so
 * the tests can watch the runtime refuse it. The quirk is read at each call it affects.
 *
 *   none (or unset)                 agx_umd unchanged
 *   render-pass-tier-without-table  RenderPassTier 1, FillDDITable(render pass) E_NOTIMPL
 *   table-without-render-pass-tier  the render-pass table filled, RenderPassTier 0
 *   no-version-0124                 GetSupportedVersions lists 12.80 build 120 only
 *   no-free-threading               THREADING caps 0
 *   missing-device-entry            the device table without pfnCreateFence
 *   missing-mandatory-entry         the device table without pfnCreateSampler
 *   missing-fence-value             the device table without pfnGetFenceCompletedValue
 *   device-create-fails             CreateDevice fails with E_OUTOFMEMORY
 *   missing-queue-signal            the queue table without pfnSignalFence
 *   missing-marker                  the command-list table without pfnSetMarker
 *   missing-state-setter            the command-list table without pfnRSSetViewports
 *   missing-optional-recording      the command-list table without pfnWriteBufferImmediate
 *   enhanced-barriers-without-entry EnhancedBarriersSupported TRUE, pfnBarrier NULL
 *   coherent-without-uma            ARCHITECTURE_INFO UMA FALSE, CacheCoherentUMA TRUE
 *   binding-tier-4                  ResourceBindingTier 4
 *   bad-pipeline-level              MaximumLevel 7
 *   level-without-shaders           MaximumLevel 12_0 with 12_0's binding, tiled and typed-UAV
 *                                   options, neither DXBC nor DXIL
 *   command-lists-without-free-threading  THREADING caps COMMANDLISTS alone
 *   format-caps                     CheckFormatSupport denies R8G8B8A8_UNORM render targets,
 *                                   R16_FLOAT 3D textures, R32_FLOAT typed UAVs and D32_FLOAT
 *                                   depth-stencil; CheckMultisampleQualityLevels 0 levels for
 *                                   4 samples of R16G16B16A16_FLOAT
 *   tier5-zero-maximums             TiledResourcesTier 5, 0124_EXECUTE_TILE_MAPPINGS maximums 0
 *   maximums-without-tier5          TiledResourcesTier 4, maximums 16 and 32
 *   tier4                           TiledResourcesTier 4, maximums 0, no tier-5 entries or table:
 *                                   a driver written before tier 5
 *   tier5-missing-query             tier 5 with the device table's
 *                                   pfnQueryRegisteredReservedResourceMappings NULL
 *   va-bits-65                      MaxGPUVirtualAddressBitsPerResource 65
 *   level-12-2-without-dxil         MaximumLevel 12_2 with 12_1's options and DXBC, no DXIL
 *   level-12-2-dxil-6-4             the same with DXIL up to shader model 6.4
 *   dxil-6-1                        DXILSupported, HighestShaderModel 6.1
 *   dxil-without-model              DXILSupported, HighestShaderModel 5.1
 *   zero-descriptor-size            GetDescriptorSizeInBytes answers 0 for DSV heaps
 *   missing-pipeline-entry          the device table without pfnCreatePipelineState (DXBC on)
 *   missing-dispatch                the command-list table without pfnDispatch (DXBC on)
 *   missing-tile-mapping-entry      the queue table without pfnUpdateTileMappings (tier 4)
 *   missing-render-pass-entry       the render-pass table without pfnEndRenderPass
 *   no-subresource-layout           the device table without pfnGetSubresourceLayout
 *   opaque-layouts                  GetSubresourceLayout answers Opaque TRUE for every texture
 *   no-shaders                      MaximumLevel 11_0, neither DXBC nor DXIL: a legacy-only driver
 *   format-support-fails            CheckFormatSupport(R8G8_UNORM) sets every bit of both masks
 *                                   and fails with E_OUTOFMEMORY
 *   dxil                            DXILSupported TRUE, HighestShaderModel 6.0: the runtime hands DXIL pipelines to
 *                                   agx_umd's DXIL front end (the DXIL draw tests; agx_umd
 *                                   itself reports FALSE until every core 6.0 op lowers)
 *
 * Any other value makes OpenAdapter fail with E_INVALIDARG, so a misspelt quirk cannot
 * pass for "none".
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d12ddi.h"
#include "agx_umd.h"

#define EXT_QUIRK_VARIABLE "D3D12RT_TEST_UMD_QUIRK"

enum ext_quirk
{
    EXT_QUIRK_NONE,
    EXT_QUIRK_RENDER_PASS_TIER_WITHOUT_TABLE,
    EXT_QUIRK_TABLE_WITHOUT_RENDER_PASS_TIER,
    EXT_QUIRK_NO_VERSION_0124,
    EXT_QUIRK_NO_FREE_THREADING,
    EXT_QUIRK_MISSING_DEVICE_ENTRY,
    EXT_QUIRK_MISSING_MANDATORY_ENTRY,
    EXT_QUIRK_MISSING_FENCE_VALUE,
    EXT_QUIRK_DEVICE_CREATE_FAILS,
    EXT_QUIRK_MISSING_QUEUE_SIGNAL,
    EXT_QUIRK_MISSING_MARKER,
    EXT_QUIRK_MISSING_STATE_SETTER,
    EXT_QUIRK_MISSING_OPTIONAL_RECORDING,
    EXT_QUIRK_ENHANCED_BARRIERS_WITHOUT_ENTRY,
    EXT_QUIRK_COHERENT_WITHOUT_UMA,
    EXT_QUIRK_BINDING_TIER_4,
    EXT_QUIRK_BAD_PIPELINE_LEVEL,
    EXT_QUIRK_LEVEL_WITHOUT_SHADERS,
    EXT_QUIRK_COMMAND_LISTS_WITHOUT_FREE_THREADING,
    EXT_QUIRK_FORMAT_CAPS,
    EXT_QUIRK_TIER5_ZERO_MAXIMUMS,
    EXT_QUIRK_MAXIMUMS_WITHOUT_TIER5,
    EXT_QUIRK_TIER4,
    EXT_QUIRK_TIER5_MISSING_QUERY,
    EXT_QUIRK_VA_BITS_65,
    EXT_QUIRK_LEVEL_12_2_WITHOUT_DXIL,
    EXT_QUIRK_LEVEL_12_2_DXIL_6_4,
    EXT_QUIRK_DXIL_6_1,
    EXT_QUIRK_DXIL_WITHOUT_MODEL,
    EXT_QUIRK_ZERO_DESCRIPTOR_SIZE,
    EXT_QUIRK_MISSING_PIPELINE_ENTRY,
    EXT_QUIRK_MISSING_DISPATCH,
    EXT_QUIRK_MISSING_TILE_MAPPING_ENTRY,
    EXT_QUIRK_MISSING_RENDER_PASS_ENTRY,
    EXT_QUIRK_NO_SUBRESOURCE_LAYOUT,
    EXT_QUIRK_OPAQUE_LAYOUTS,
    EXT_QUIRK_NO_SHADERS,
    EXT_QUIRK_FORMAT_SUPPORT_FAILS,
    EXT_QUIRK_DXIL,
    EXT_QUIRK_UNKNOWN,
};

static const char *const ext_quirk_names[] =
{
    [EXT_QUIRK_NONE] = "none",
    [EXT_QUIRK_RENDER_PASS_TIER_WITHOUT_TABLE] = "render-pass-tier-without-table",
    [EXT_QUIRK_TABLE_WITHOUT_RENDER_PASS_TIER] = "table-without-render-pass-tier",
    [EXT_QUIRK_NO_VERSION_0124] = "no-version-0124",
    [EXT_QUIRK_NO_FREE_THREADING] = "no-free-threading",
    [EXT_QUIRK_MISSING_DEVICE_ENTRY] = "missing-device-entry",
    [EXT_QUIRK_MISSING_MANDATORY_ENTRY] = "missing-mandatory-entry",
    [EXT_QUIRK_MISSING_FENCE_VALUE] = "missing-fence-value",
    [EXT_QUIRK_DEVICE_CREATE_FAILS] = "device-create-fails",
    [EXT_QUIRK_MISSING_QUEUE_SIGNAL] = "missing-queue-signal",
    [EXT_QUIRK_MISSING_MARKER] = "missing-marker",
    [EXT_QUIRK_MISSING_STATE_SETTER] = "missing-state-setter",
    [EXT_QUIRK_MISSING_OPTIONAL_RECORDING] = "missing-optional-recording",
    [EXT_QUIRK_ENHANCED_BARRIERS_WITHOUT_ENTRY] = "enhanced-barriers-without-entry",
    [EXT_QUIRK_COHERENT_WITHOUT_UMA] = "coherent-without-uma",
    [EXT_QUIRK_BINDING_TIER_4] = "binding-tier-4",
    [EXT_QUIRK_BAD_PIPELINE_LEVEL] = "bad-pipeline-level",
    [EXT_QUIRK_LEVEL_WITHOUT_SHADERS] = "level-without-shaders",
    [EXT_QUIRK_COMMAND_LISTS_WITHOUT_FREE_THREADING] = "command-lists-without-free-threading",
    [EXT_QUIRK_FORMAT_CAPS] = "format-caps",
    [EXT_QUIRK_TIER5_ZERO_MAXIMUMS] = "tier5-zero-maximums",
    [EXT_QUIRK_MAXIMUMS_WITHOUT_TIER5] = "maximums-without-tier5",
    [EXT_QUIRK_TIER4] = "tier4",
    [EXT_QUIRK_TIER5_MISSING_QUERY] = "tier5-missing-query",
    [EXT_QUIRK_VA_BITS_65] = "va-bits-65",
    [EXT_QUIRK_LEVEL_12_2_WITHOUT_DXIL] = "level-12-2-without-dxil",
    [EXT_QUIRK_LEVEL_12_2_DXIL_6_4] = "level-12-2-dxil-6-4",
    [EXT_QUIRK_DXIL_6_1] = "dxil-6-1",
    [EXT_QUIRK_DXIL_WITHOUT_MODEL] = "dxil-without-model",
    [EXT_QUIRK_ZERO_DESCRIPTOR_SIZE] = "zero-descriptor-size",
    [EXT_QUIRK_MISSING_PIPELINE_ENTRY] = "missing-pipeline-entry",
    [EXT_QUIRK_MISSING_DISPATCH] = "missing-dispatch",
    [EXT_QUIRK_MISSING_TILE_MAPPING_ENTRY] = "missing-tile-mapping-entry",
    [EXT_QUIRK_MISSING_RENDER_PASS_ENTRY] = "missing-render-pass-entry",
    [EXT_QUIRK_NO_SUBRESOURCE_LAYOUT] = "no-subresource-layout",
    [EXT_QUIRK_OPAQUE_LAYOUTS] = "opaque-layouts",
    [EXT_QUIRK_NO_SHADERS] = "no-shaders",
    [EXT_QUIRK_FORMAT_SUPPORT_FAILS] = "format-support-fails",
    [EXT_QUIRK_DXIL] = "dxil",
};

/* The version the no-version-0124 quirk offers instead: an older build of the same interface. */
#define EXT_OTHER_VERSION D3D12DDI_MAKE_VERSION(80, 120)

typedef HRESULT (APIENTRY *ext_fill_table_fn)(D3D12DDI_HDEVICE, D3D12DDI_TABLE_TYPE, void *, SIZE_T, UINT,
                                              D3D12DDI_HRTTABLE);

struct ext_adapter
{
    D3D12DDI_HADAPTER inner;
    D3D12DDI_ADAPTERFUNCS_0124 inner_funcs;
};

/*
 * FillDDITable receives the driver's device, not its adapter, and the device memory is
 * agx_umd's own (its tables take the same handle), so there is no room for a pointer
 * back. agx_umd hands out the same FillDDITable for every adapter; keeping it here is
 * enough.
 */
static _Atomic(ext_fill_table_fn) ext_inner_fill_table;

typedef HRESULT (APIENTRY *ext_format_support_fn)(D3D12DDI_HDEVICE, DXGI_FORMAT, UINT *, UINT *);
typedef HRESULT (APIENTRY *ext_quality_levels_fn)(D3D12DDI_HDEVICE, DXGI_FORMAT, UINT,
                                                  D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS, UINT *);
typedef HRESULT (APIENTRY *ext_subresource_layout_fn)(D3D12DDI_HDEVICE, D3D12DDI_HRESOURCE, UINT,
                                                      D3D12DDI_SUBRESOURCE_LAYOUT_0124 *);
typedef UINT (APIENTRY *ext_descriptor_size_fn)(D3D12DDI_HDEVICE, D3D12_DESCRIPTOR_HEAP_TYPE);
/* agx_umd's own descriptor sizes, one of which zero-descriptor-size hides. */
static _Atomic(ext_descriptor_size_fn) ext_inner_descriptor_size;
/* agx_umd's own layouts, which the opaque-layouts quirk hides. */
static _Atomic(ext_subresource_layout_fn) ext_inner_subresource_layout;
/* agx_umd's own answers, which the format-caps quirk narrows. */
static _Atomic(ext_format_support_fn) ext_inner_format_support;
static _Atomic(ext_quality_levels_fn) ext_inner_quality_levels;

static enum ext_quirk ext_read_quirk(void)
{
    const char *value = getenv(EXT_QUIRK_VARIABLE);
    unsigned int i;

    if (!value || !value[0])
        return EXT_QUIRK_NONE;
    for (i = 0; i < EXT_QUIRK_UNKNOWN; ++i)
    {
        if (!strcmp(value, ext_quirk_names[i]))
            return (enum ext_quirk)i;
    }
    return EXT_QUIRK_UNKNOWN;
}

static struct ext_adapter *ext_adapter_from_handle(D3D12DDI_HADAPTER handle)
{
    return handle.pDrvPrivate;
}

static SIZE_T APIENTRY ext_calc_private_device_size(D3D12DDI_HADAPTER handle,
                                                    const D3D12DDIARG_CALCPRIVATEDEVICESIZE *args)
{
    struct ext_adapter *adapter = ext_adapter_from_handle(handle);

    return adapter->inner_funcs.pfnCalcPrivateDeviceSize(adapter->inner, args);
}

static HRESULT APIENTRY ext_create_device(D3D12DDI_HADAPTER handle, D3D12DDIARG_CREATEDEVICE_0124 *args)
{
    struct ext_adapter *adapter = ext_adapter_from_handle(handle);

    if (ext_read_quirk() == EXT_QUIRK_DEVICE_CREATE_FAILS)
        return E_OUTOFMEMORY;
    return adapter->inner_funcs.pfnCreateDevice(adapter->inner, args);
}

static HRESULT APIENTRY ext_close_adapter(D3D12DDI_HADAPTER handle)
{
    struct ext_adapter *adapter = ext_adapter_from_handle(handle);
    HRESULT hr;

    hr = adapter->inner_funcs.pfnCloseAdapter(adapter->inner);
    free(adapter);
    return hr;
}

static HRESULT APIENTRY ext_get_supported_versions(D3D12DDI_HADAPTER handle, UINT32 *count, UINT64 *versions)
{
    struct ext_adapter *adapter = ext_adapter_from_handle(handle);

    if (ext_read_quirk() != EXT_QUIRK_NO_VERSION_0124)
        return adapter->inner_funcs.pfnGetSupportedVersions(adapter->inner, count, versions);
    if (!count)
        return E_INVALIDARG;
    if (versions && *count < 1)
    {
        *count = 1;
        return D3D12DDI_E_INSUFFICIENT_BUFFER;
    }
    if (versions)
        versions[0] = EXT_OTHER_VERSION;
    *count = 1;
    return S_OK;
}

static HRESULT APIENTRY ext_get_caps(D3D12DDI_HADAPTER handle, const D3D12DDIARG_GETCAPS *caps)
{
    struct ext_adapter *adapter = ext_adapter_from_handle(handle);
    enum ext_quirk quirk = ext_read_quirk();
    HRESULT hr;

    if (FAILED(hr = adapter->inner_funcs.pfnGetCaps(adapter->inner, caps)))
        return hr;
    /* agx_umd checked the size: pData holds the type's struct. */
    if (caps->Type == D3D12DDICAPS_TYPE_D3D12_OPTIONS)
    {
        D3D12DDI_D3D12_OPTIONS_DATA_0124 *options = caps->pData;

        if (quirk == EXT_QUIRK_RENDER_PASS_TIER_WITHOUT_TABLE)
            options->RenderPassTier = D3D12_RENDER_PASS_TIER_1;
        else if (quirk == EXT_QUIRK_TABLE_WITHOUT_RENDER_PASS_TIER)
            options->RenderPassTier = D3D12_RENDER_PASS_TIER_0;
        else if (quirk == EXT_QUIRK_BINDING_TIER_4)
            options->ResourceBindingTier = (D3D12_RESOURCE_BINDING_TIER)4;
        else if (quirk == EXT_QUIRK_LEVEL_WITHOUT_SHADERS)
        {
            /* Options that justify 12_0, so nothing lowers the level: only the shaders miss. */
            options->DXBCSupported = options->DXILSupported = FALSE;
            options->ResourceBindingTier = D3D12_RESOURCE_BINDING_TIER_2;
            options->TypedUAVLoadAdditionalFormats = TRUE;
        }
        else if (quirk == EXT_QUIRK_MAXIMUMS_WITHOUT_TIER5 || quirk == EXT_QUIRK_TIER4)
            options->TiledResourcesTier = D3D12_TILED_RESOURCES_TIER_4;
        else if (quirk == EXT_QUIRK_NO_SHADERS)
            options->DXBCSupported = options->DXILSupported = FALSE;
        else if (quirk == EXT_QUIRK_DXIL)
        {
            options->DXILSupported = TRUE;
            options->HighestShaderModel = D3D_SHADER_MODEL_6_0;
        }
        else if (quirk == EXT_QUIRK_VA_BITS_65)
            options->MaxGPUVirtualAddressBitsPerResource = 65;
        else if (quirk == EXT_QUIRK_DXIL_6_1 || quirk == EXT_QUIRK_DXIL_WITHOUT_MODEL)
        {
            options->DXILSupported = TRUE;
            options->HighestShaderModel = quirk == EXT_QUIRK_DXIL_6_1 ? D3D_SHADER_MODEL_6_1 : D3D_SHADER_MODEL_5_1;
        }
        else if (quirk == EXT_QUIRK_LEVEL_12_2_WITHOUT_DXIL || quirk == EXT_QUIRK_LEVEL_12_2_DXIL_6_4)
        {
            /* Options that justify 12_1, so 12_2 is not lowered: only DXIL (6.5) misses. */
            options->DXBCSupported = TRUE;
            options->DXILSupported = quirk == EXT_QUIRK_LEVEL_12_2_DXIL_6_4;
            options->HighestShaderModel = D3D_SHADER_MODEL_6_4;
            options->ResourceBindingTier = D3D12_RESOURCE_BINDING_TIER_2;
            options->TypedUAVLoadAdditionalFormats = TRUE;
            options->ROVsSupported = TRUE;
            options->ConservativeRasterizationTier = D3D12_CONSERVATIVE_RASTERIZATION_TIER_1;
        }
    }
    else if (caps->Type == D3D12DDICAPS_TYPE_3DPIPELINESUPPORT)
    {
        D3D12DDI_3DPIPELINESUPPORT_CAPS *pipeline = caps->pData;

        if (quirk == EXT_QUIRK_BAD_PIPELINE_LEVEL)
            pipeline->MaximumLevel = (D3D12DDI_3DPIPELINELEVEL)7;
        else if (quirk == EXT_QUIRK_LEVEL_WITHOUT_SHADERS)
            pipeline->MaximumLevel = D3D12DDI_3DPIPELINELEVEL_12_0;
        else if (quirk == EXT_QUIRK_NO_SHADERS)
            pipeline->MaximumLevel = D3D12DDI_3DPIPELINELEVEL_11_0;
        else if (quirk == EXT_QUIRK_LEVEL_12_2_WITHOUT_DXIL || quirk == EXT_QUIRK_LEVEL_12_2_DXIL_6_4)
            pipeline->MaximumLevel = D3D12DDI_3DPIPELINELEVEL_12_2;
    }
    else if (caps->Type == D3D12DDICAPS_TYPE_ARCHITECTURE_INFO && quirk == EXT_QUIRK_COHERENT_WITHOUT_UMA)
    {
        D3D12DDI_ARCHITECTURE_INFO *architecture = caps->pData;

        architecture->UMA = FALSE;
        architecture->CacheCoherentUMA = TRUE;
    }
    else if (caps->Type == D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS && quirk == EXT_QUIRK_MAXIMUMS_WITHOUT_TIER5)
    {
        D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 *tile = caps->pData;

        tile->MaxTilePoolLayoutIndexCount = 16;
        tile->MaxResourceLayoutIndexCount = 32;
    }
    else if (caps->Type == D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS
            && (quirk == EXT_QUIRK_TIER5_ZERO_MAXIMUMS || quirk == EXT_QUIRK_TIER4))
    {
        D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 *tile = caps->pData;

        tile->MaxTilePoolLayoutIndexCount = 0;
        tile->MaxResourceLayoutIndexCount = 0;
    }
    else if (caps->Type == D3D12DDICAPS_TYPE_0124_THREADING && quirk == EXT_QUIRK_NO_FREE_THREADING)
    {
        D3D12DDI_THREADING_CAPS_0124 *threading = caps->pData;

        threading->Caps = 0;
    }
    else if (caps->Type == D3D12DDICAPS_TYPE_0124_THREADING && quirk == EXT_QUIRK_COMMAND_LISTS_WITHOUT_FREE_THREADING)
    {
        D3D12DDI_THREADING_CAPS_0124 *threading = caps->pData;

        threading->Caps = D3D12DDICAPS_THREADING_COMMANDLISTS;
    }
    return S_OK;
}

static HRESULT APIENTRY ext_check_format_support(D3D12DDI_HDEVICE device, DXGI_FORMAT format, UINT *support1,
                                                 UINT *support2)
{
    HRESULT hr = atomic_load(&ext_inner_format_support)(device, format, support1, support2);

    if (ext_read_quirk() == EXT_QUIRK_FORMAT_SUPPORT_FAILS)
    {
        if (format != DXGI_FORMAT_R8G8_UNORM || !support1 || !support2)
            return hr;
        *support1 = *support2 = ~0u;
        return E_OUTOFMEMORY;
    }
    if (FAILED(hr) || !support1)
        return hr;
    if (format == DXGI_FORMAT_R8G8B8A8_UNORM)
        *support1 &= ~(UINT)D3D12_FORMAT_SUPPORT1_RENDER_TARGET;
    else if (format == DXGI_FORMAT_R16_FLOAT)
        *support1 &= ~(UINT)D3D12_FORMAT_SUPPORT1_TEXTURE3D;
    else if (format == DXGI_FORMAT_R32_FLOAT)
        *support1 &= ~(UINT)D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW;
    else if (format == DXGI_FORMAT_D32_FLOAT)
        *support1 &= ~(UINT)D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL;
    return hr;
}

static HRESULT APIENTRY ext_check_quality_levels(D3D12DDI_HDEVICE device, DXGI_FORMAT format, UINT samples,
                                                 D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags, UINT *levels)
{
    HRESULT hr = atomic_load(&ext_inner_quality_levels)(device, format, samples, flags, levels);

    if (SUCCEEDED(hr) && levels && format == DXGI_FORMAT_R16G16B16A16_FLOAT && samples == 4)
        *levels = 0;
    return hr;
}

static HRESULT APIENTRY ext_subresource_layout(D3D12DDI_HDEVICE device, D3D12DDI_HRESOURCE resource,
                                               UINT subresource, D3D12DDI_SUBRESOURCE_LAYOUT_0124 *layout)
{
    HRESULT hr = atomic_load(&ext_inner_subresource_layout)(device, resource, subresource, layout);

    if (SUCCEEDED(hr))
        layout->Opaque = TRUE;
    return hr;
}

static UINT APIENTRY ext_zero_dsv_size(D3D12DDI_HDEVICE device, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    return type == D3D12_DESCRIPTOR_HEAP_TYPE_DSV ? 0 : atomic_load(&ext_inner_descriptor_size)(device, type);
}

static HRESULT APIENTRY ext_fill_ddi_table(D3D12DDI_HDEVICE device, D3D12DDI_TABLE_TYPE type, void *table,
                                           SIZE_T table_size, UINT table_num, D3D12DDI_HRTTABLE rt_table)
{
    ext_fill_table_fn inner_fill = atomic_load(&ext_inner_fill_table);
    enum ext_quirk quirk = ext_read_quirk();
    HRESULT hr;

    if (type == D3D12DDI_TABLE_TYPE_0043_RENDER_PASS && quirk == EXT_QUIRK_RENDER_PASS_TIER_WITHOUT_TABLE)
        return E_NOTIMPL;
    if (type == D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS && quirk == EXT_QUIRK_TIER4)
        return E_NOTIMPL;
    if (FAILED(hr = inner_fill(device, type, table, table_size, table_num, rt_table)))
        return hr;
    if (type == D3D12DDI_TABLE_TYPE_DEVICE_CORE)
    {
        D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs = table;

        if (quirk == EXT_QUIRK_MISSING_DEVICE_ENTRY)
            funcs->pfnCreateFence = NULL;
        else if (quirk == EXT_QUIRK_MISSING_MANDATORY_ENTRY)
            funcs->pfnCreateSampler = NULL;
        else if (quirk == EXT_QUIRK_TIER5_MISSING_QUERY)
            funcs->pfnQueryRegisteredReservedResourceMappings = NULL;
        else if (quirk == EXT_QUIRK_TIER4)
        {
            /* A driver from before tier 5 leaves all nine 0124 entries NULL. */
            funcs->pfnCalcPrivateTileMappingQueueSize = NULL;
            funcs->pfnCreateTileMappingQueue = NULL;
            funcs->pfnDestroyTileMappingQueue = NULL;
            funcs->pfnInitializeExecuteTileMappingLayoutTables = NULL;
            funcs->pfnRegisterResourceLayouts = NULL;
            funcs->pfnRegisterHeapLayouts = NULL;
            funcs->pfnUnregisterResourceLayouts = NULL;
            funcs->pfnUnregisterHeapLayouts = NULL;
            funcs->pfnQueryRegisteredReservedResourceMappings = NULL;
        }
        else if (quirk == EXT_QUIRK_MISSING_FENCE_VALUE)
            funcs->pfnGetFenceCompletedValue = NULL;
        else if (quirk == EXT_QUIRK_NO_SUBRESOURCE_LAYOUT)
            funcs->pfnGetSubresourceLayout = NULL;
        else if (quirk == EXT_QUIRK_MISSING_PIPELINE_ENTRY)
            funcs->pfnCreatePipelineState = NULL;
        else if (quirk == EXT_QUIRK_ZERO_DESCRIPTOR_SIZE)
        {
            atomic_store(&ext_inner_descriptor_size, funcs->pfnGetDescriptorSizeInBytes);
            funcs->pfnGetDescriptorSizeInBytes = ext_zero_dsv_size;
        }
        else if (quirk == EXT_QUIRK_OPAQUE_LAYOUTS)
        {
            atomic_store(&ext_inner_subresource_layout, funcs->pfnGetSubresourceLayout);
            funcs->pfnGetSubresourceLayout = ext_subresource_layout;
        }
        else if (quirk == EXT_QUIRK_FORMAT_CAPS || quirk == EXT_QUIRK_FORMAT_SUPPORT_FAILS)
        {
            atomic_store(&ext_inner_format_support, funcs->pfnCheckFormatSupport);
            atomic_store(&ext_inner_quality_levels, funcs->pfnCheckMultisampleQualityLevels);
            funcs->pfnCheckFormatSupport = ext_check_format_support;
            funcs->pfnCheckMultisampleQualityLevels = ext_check_quality_levels;
        }
    }
    else if (type == D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D)
    {
        D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs = table;

        if (quirk == EXT_QUIRK_MISSING_MARKER)
            funcs->pfnSetMarker = NULL;
        else if (quirk == EXT_QUIRK_MISSING_STATE_SETTER)
            funcs->pfnRSSetViewports = NULL;
        else if (quirk == EXT_QUIRK_MISSING_OPTIONAL_RECORDING)
            funcs->pfnWriteBufferImmediate = NULL;
        else if (quirk == EXT_QUIRK_ENHANCED_BARRIERS_WITHOUT_ENTRY)
            funcs->pfnBarrier = NULL;
        else if (quirk == EXT_QUIRK_MISSING_DISPATCH)
            funcs->pfnDispatch = NULL;
    }
    else if (type == D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D)
    {
        D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *funcs = table;

        if (quirk == EXT_QUIRK_MISSING_QUEUE_SIGNAL)
            funcs->pfnSignalFence = NULL;
        else if (quirk == EXT_QUIRK_MISSING_TILE_MAPPING_ENTRY)
            funcs->pfnUpdateTileMappings = NULL;
    }
    else if (type == D3D12DDI_TABLE_TYPE_0043_RENDER_PASS && quirk == EXT_QUIRK_MISSING_RENDER_PASS_ENTRY)
    {
        D3D12DDI_RENDER_PASS_FUNCS_0124 *funcs = table;

        funcs->pfnEndRenderPass = NULL;
    }
    return S_OK;
}

__attribute__((visibility("default"))) HRESULT APIENTRY D3D12RTOpenAdapter12(D3D12DDIARG_OPENADAPTER_0124 *args);

HRESULT APIENTRY D3D12RTOpenAdapter12(D3D12DDIARG_OPENADAPTER_0124 *args)
{
    D3D12DDIARG_OPENADAPTER_0124 inner_args;
    struct ext_adapter *adapter;
    D3D12DDI_ADAPTERFUNCS_0124 *funcs;
    HRESULT hr;

    if (!args || !(funcs = args->pAdapterFuncs))
        return E_INVALIDARG;
    if (ext_read_quirk() == EXT_QUIRK_UNKNOWN)
    {
        fprintf(stderr, "d3d12rt_test_umd: unknown %s \"%s\"\n", EXT_QUIRK_VARIABLE, getenv(EXT_QUIRK_VARIABLE));
        return E_INVALIDARG;
    }
    if (!(adapter = calloc(1, sizeof(*adapter))))
        return E_OUTOFMEMORY;

    memset(&inner_args, 0, sizeof(inner_args));
    inner_args.hRTAdapter = args->hRTAdapter;
    inner_args.pAdapterFuncs = &adapter->inner_funcs;
    if (FAILED(hr = agx_umd_open_adapter(&inner_args)))
    {
        free(adapter);
        return hr;
    }
    adapter->inner = inner_args.hAdapter;
    atomic_store(&ext_inner_fill_table, adapter->inner_funcs.pfnFillDDITable);

    memset(funcs, 0, sizeof(*funcs));
    funcs->pfnCalcPrivateDeviceSize = ext_calc_private_device_size;
    funcs->pfnCreateDevice = ext_create_device;
    funcs->pfnCloseAdapter = ext_close_adapter;
    funcs->pfnGetSupportedVersions = ext_get_supported_versions;
    funcs->pfnGetCaps = ext_get_caps;
    funcs->pfnFillDDITable = ext_fill_ddi_table;
    /* The device is agx_umd's own: destruction needs no translation. */
    funcs->pfnDestroyDevice = adapter->inner_funcs.pfnDestroyDevice;
    args->hAdapter.pDrvPrivate = adapter;
    return S_OK;
}
