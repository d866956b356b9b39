/*
 * The adapter: the driver's entry point, version negotiation, capabilities, device
 * creation and the function tables.
 */
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>
#include "agx_umd.h"
#include "agx_device.h"
#include "agx_tile_layouts.h"
#include "dxil/agx_dxil_support.h"

#define AGX_VENDOR_ID 0x106Bu     /* Apple */
/* Apple GPUs have no PCI device id: generation 13 and variant 'G' (G13G, M1). */
#define AGX_DEVICE_ID 0x1347u

static struct agx_adapter *agx_adapter_from_handle(D3D12DDI_HADAPTER handle)
{
    return handle.pDrvPrivate;
}

static bool agx_version_is_supported(UINT iface, UINT version)
{
    return (((UINT64)iface << 32) | version) == D3D12DDI_SUPPORTED_0124;
}

/* ---- Versions and capabilities -------------------------------------------------- */

static HRESULT APIENTRY agx_adapter_get_supported_versions(D3D12DDI_HADAPTER adapter, UINT32 *count,
                                                           UINT64 *versions)
{
    if (!count)
        return E_INVALIDARG;
    if (!versions)
    {
        *count = 1;
        return S_OK;
    }
    if (*count < 1)
    {
        *count = 1;
        return D3D12DDI_E_INSUFFICIENT_BUFFER;
    }
    versions[0] = D3D12DDI_SUPPORTED_0124;
    *count = 1;
    return S_OK;
}

/* Stable for the process, distinct from any other adapter's. */
static once_flag agx_luid_once = ONCE_FLAG_INIT;
static LUID agx_luid;

static void agx_luid_init(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    agx_luid.LowPart = (DWORD)((uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ 0x41475800u);
    agx_luid.HighPart = (LONG)(getpid() & 0x7fffffff);
}

static uint64_t agx_system_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);

    return pages > 0 && page_size > 0 ? (uint64_t)pages * (uint64_t)page_size : 0;
}

static void agx_fill_options(D3D12DDI_D3D12_OPTIONS_DATA_0124 *options)
{
    memset(options, 0, sizeof(*options));
    /* Descriptor tables are read from the heap by address, each register where it
     * lies, unbounded ranges included (agx_bind*.c): tier 2's SRVs over the whole heap,
     * 2048 samplers a stage (their hardware slots are shared, D013), 64 UAVs. Tier 3,
     * which Microsoft lists from feature level 11_1, waits for it (D043). */
    options->ResourceBindingTier = D3D12_RESOURCE_BINDING_TIER_2;
    /* Reserved buffers, 2D and (emulated standard 3D tiles, D011) 3D textures, arrays
     * with packed mips per slice; NULL tiles read zero; shader feedback and lod clamps
     * (agx_tile.h, agx_layout.h, agx_shader_private.h); tier 5's layout tables, tile
     * mapping queue and token executor (agx_tile_layouts.h). */
    options->TiledResourcesTier = (D3D12_TILED_RESOURCES_TIER)D3D12DDI_TILED_RESOURCES_TIER_5;
    options->ResourceHeapTier = D3D12_RESOURCE_HEAP_TIER_2;
    /* AGX programs one sample pattern per render pass (agx-facts.md §7). */
    options->ProgrammableSamplePositionsTier = D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_1;
    /* A tiler: passes map onto its tile passes (agx_render_pass.c). */
    options->RenderPassTier = D3D12_RENDER_PASS_TIER_1;
    options->ConservativeRasterizationTier = D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED;
    options->DoublePrecisionFloatShaderOps = FALSE;   /* no fp64 on AGX */
    options->ROVsSupported = FALSE;
    /* Every format of the set, and the optional ones too (agx_format.c). */
    options->TypedUAVLoadAdditionalFormats = TRUE;
    options->MaxGPUVirtualAddressBitsPerResource = 40;
    options->EnhancedBarriersSupported = TRUE;
    /* The simulated device runs shader model 4/5 DXBC (up to 5.1), and DXIL from the
     * shader model whose required operations the DXIL front end all lowers: its vertex,
     * pixel, compute and geometry stages, none of the optional caps (agx_dxil_support.h). */
    options->HighestShaderModel = (D3D_SHADER_MODEL)agx_dxil_highest_shader_model(agx_dxil_lowered_ops,
            1u << AGX_DXIL_NEED_GEOMETRY, NULL);
    options->DXILSupported = options->HighestShaderModel >= D3D_SHADER_MODEL_6_0;
    options->DXBCSupported = TRUE;
    /* Every queue, the copy one included, reads the same clock (agx_query.c). */
    options->CopyQueueTimestampQueriesSupported = TRUE;
    /* The rasteriser takes SV_ViewportArrayIndex and SV_RenderTargetArrayIndex from
     * whichever stage feeds it, the vertex shader or the geometry shader
     * (agx_raster.c, agx_raster_gs.c). */
    options->VPAndRTArrayIndexFromAnyShaderFeedingRasterizer = TRUE;
    /* The colour output merger's logic ops on UINT targets (agx_om_color.c). */
    options->OutputMergerLogicOp = TRUE;
}

/*
 * What 11_1 adds over 11_0 (with the options' OutputMergerLogicOp), which D3D12 requires
 * from 11_1 up and the DDI's option caps do not carry: the driver states what its shader
 * engine and rasterizer do.
 */
struct agx_level_caps
{
    bool uavs_at_every_stage;             /* and 64 UAV slots */
    bool target_independent_rasterization;
    bool uav_only_rendering_16_samples;   /* ForcedSampleCount up to 16 */
};

static const struct agx_level_caps agx_level_caps =
{
    /* Every stage's shader reads and writes UAVs (tests/test_draw_uav.c). */
    .uavs_at_every_stage = true,
    /* Both need forced counts of 8 and 16; AGX rasterises at most 4 (D043). */
    .target_independent_rasterization = false,
    .uav_only_rendering_16_samples = false,
};

/*
 * The highest level whose every requirement holds (Microsoft's hardware feature level
 * table): 11_1 is 11_0 plus logic ops and the caps above; 12_0 is 11_1 plus resource binding tier 2,
 * tiled resources tier 2 and typed UAV loads of the additional formats.
 */
static D3D12DDI_3DPIPELINELEVEL agx_pipeline_level(const D3D12DDI_D3D12_OPTIONS_DATA_0124 *options,
                                                   const struct agx_level_caps *caps)
{
    if (!options->OutputMergerLogicOp || !caps->uavs_at_every_stage || !caps->target_independent_rasterization
            || !caps->uav_only_rendering_16_samples)
        return D3D12DDI_3DPIPELINELEVEL_11_0;
    if (options->ResourceBindingTier < D3D12_RESOURCE_BINDING_TIER_2
            || options->TiledResourcesTier < D3D12_TILED_RESOURCES_TIER_2 || !options->TypedUAVLoadAdditionalFormats)
        return D3D12DDI_3DPIPELINELEVEL_11_1;
    return D3D12DDI_3DPIPELINELEVEL_12_0;
}

static D3D12DDI_3DPIPELINELEVEL agx_maximum_level(void)
{
    D3D12DDI_D3D12_OPTIONS_DATA_0124 options;

    agx_fill_options(&options);
    return agx_pipeline_level(&options, &agx_level_caps);
}

static HRESULT APIENTRY agx_adapter_get_caps(D3D12DDI_HADAPTER adapter, const D3D12DDIARG_GETCAPS *caps)
{
    if (!caps || !caps->pData)
        return E_INVALIDARG;

#define AGX_CAPS_SIZE(type) \
    do { if (caps->DataSize != sizeof(type)) return E_INVALIDARG; } while (0)

    switch (caps->Type)
    {
        case D3D12DDICAPS_TYPE_ARCHITECTURE_INFO:
        {
            D3D12DDI_ARCHITECTURE_INFO *info = caps->pData;

            AGX_CAPS_SIZE(*info);
            info->TileBasedDeferredRenderer = TRUE;
            info->UMA = TRUE;
            info->CacheCoherentUMA = TRUE;
            info->IsolatedMMU = TRUE;     /* AGX translates through its own UAT */
            return S_OK;
        }

        case D3D12DDICAPS_TYPE_D3D12_OPTIONS:
            AGX_CAPS_SIZE(D3D12DDI_D3D12_OPTIONS_DATA_0124);
            agx_fill_options(caps->pData);
            return S_OK;

        case D3D12DDICAPS_TYPE_3DPIPELINESUPPORT:
        {
            D3D12DDI_3DPIPELINESUPPORT_CAPS *level = caps->pData;

            AGX_CAPS_SIZE(*level);
            level->MaximumLevel = agx_maximum_level();
            return S_OK;
        }

        case D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS:
        {
            D3D12DDI_ASYNC_COMMANDS_CAPS_0124 *async = caps->pData;

            AGX_CAPS_SIZE(*async);
            /* All ten entries are native (agx_cmdasync*.c, agx_tile_copy.c). */
            async->Supported = TRUE;
            async->FeatureVersion = D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1;
            return S_OK;
        }

        case D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS:
        {
            D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 *tile = caps->pData;
            UINT node = caps->pInfo ? *(const UINT *)caps->pInfo : 0;

            AGX_CAPS_SIZE(*tile);
            if (node)
                return E_INVALIDARG;
            /* The tables are driver memory: the maximums are a choice (specs/agx_umd.md
             * "Tier 5"). The page table is the hardware's, so not UMD-only. */
            memset(tile, 0, sizeof(*tile));
            tile->NodeIndex = node;
            tile->MaxTilePoolLayoutIndexCount = AGX_TILE_MAX_POOL_LAYOUTS;
            tile->MaxResourceLayoutIndexCount = AGX_TILE_MAX_RESOURCE_LAYOUTS;
            tile->UMDOnlySupport = FALSE;
            return S_OK;
        }

        case D3D12DDICAPS_TYPE_0124_THREADING:
        {
            D3D12DDI_THREADING_CAPS_0124 *threading = caps->pData;

            AGX_CAPS_SIZE(*threading);
            threading->Caps = D3D12DDICAPS_THREADING_FREETHREADED | D3D12DDICAPS_THREADING_COMMANDLISTS;
            return S_OK;
        }

        case D3D12DDICAPS_TYPE_0124_GPU_INFO:
        {
            D3D12DDI_GPU_INFO_0124 *info = caps->pData;

            AGX_CAPS_SIZE(*info);
            memset(info, 0, sizeof(*info));
            strcpy(info->Description, "Apple AGX G13 (simulated)");
            info->VendorId = AGX_VENDOR_ID;
            info->DeviceId = AGX_DEVICE_ID;
            /* Unified memory: nothing dedicated; half the RAM is shared, as Windows counts it. */
            info->DedicatedVideoMemory = 0;
            info->SharedSystemMemory = agx_system_memory() / 2;
            call_once(&agx_luid_once, agx_luid_init);
            info->AdapterLuid = agx_luid;
            return S_OK;
        }
    }
#undef AGX_CAPS_SIZE
    return E_NOTIMPL;
}

/* ---- Devices ---------------------------------------------------------------------- */

static SIZE_T APIENTRY agx_adapter_calc_private_device_size(D3D12DDI_HADAPTER adapter,
                                                            const D3D12DDIARG_CALCPRIVATEDEVICESIZE *args)
{
    if (!args || !agx_version_is_supported(args->Interface, args->Version))
        return (SIZE_T)-1;
    return sizeof(struct agx_device);
}

static HRESULT APIENTRY agx_adapter_create_device(D3D12DDI_HADAPTER adapter, D3D12DDIARG_CREATEDEVICE_0124 *args)
{
    if (!args || !args->hDrvDevice.pDrvPrivate || !args->pCallbacks)
        return E_INVALIDARG;
    if (!agx_version_is_supported(args->Interface, args->Version))
        return E_INVALIDARG;
    if (args->PipelineLevel < D3D12DDI_3DPIPELINELEVEL_1_0_CORE
            || args->PipelineLevel > agx_maximum_level())
        return E_INVALIDARG;
    return agx_device_init(args->hDrvDevice.pDrvPrivate, agx_adapter_from_handle(adapter), args);
}

static void APIENTRY agx_adapter_destroy_device(D3D12DDI_HDEVICE device)
{
    agx_device_finish(agx_device_from_handle(device));
}

static HRESULT APIENTRY agx_adapter_fill_ddi_table(D3D12DDI_HDEVICE device, D3D12DDI_TABLE_TYPE type, void *table,
                                                   SIZE_T table_size, UINT table_num, D3D12DDI_HRTTABLE rt_table)
{
    SIZE_T expected;

    switch (type)
    {
        case D3D12DDI_TABLE_TYPE_DEVICE_CORE:
            expected = sizeof(D3D12DDI_DEVICE_FUNCS_CORE_0124);
            break;
        case D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D:
            expected = sizeof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124);
            break;
        case D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D:
            expected = sizeof(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124);
            break;
        case D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST:
            expected = sizeof(D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124);
            break;
        case D3D12DDI_TABLE_TYPE_0043_RENDER_PASS:
            expected = sizeof(D3D12DDI_RENDER_PASS_FUNCS_0124);
            break;
        case D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS:
            expected = sizeof(D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124);
            break;
        default:
            return E_NOTIMPL;
    }
    if (!table || table_size != expected || table_num)
        return E_INVALIDARG;

    switch (type)
    {
        case D3D12DDI_TABLE_TYPE_DEVICE_CORE:
            agx_device_fill_funcs(table);
            break;
        case D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D:
            agx_cmdlist_fill_funcs(table);
            break;
        case D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D:
            agx_queue_fill_queue_funcs(table);
            break;
        case D3D12DDI_TABLE_TYPE_0043_RENDER_PASS:
            agx_cmdlist_fill_render_pass_funcs(table);
            break;
        case D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS:
            agx_queue_fill_tile_queue_funcs(table);
            break;
        default:
            /* D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, the only other type let through. */
            agx_cmdlist_fill_async_funcs(table);
            break;
    }
    return S_OK;
}

/* ---- Adapter ---------------------------------------------------------------------- */

static HRESULT APIENTRY agx_adapter_close(D3D12DDI_HADAPTER adapter)
{
    free(agx_adapter_from_handle(adapter));
    return S_OK;
}

HRESULT APIENTRY agx_umd_open_adapter(D3D12DDIARG_OPENADAPTER_0124 *args)
{
    D3D12DDI_ADAPTERFUNCS_0124 *funcs;
    struct agx_adapter *adapter;

    if (!args || !(funcs = args->pAdapterFuncs))
        return E_INVALIDARG;
    if (!(adapter = calloc(1, sizeof(*adapter))))
        return E_OUTOFMEMORY;
    adapter->hrt = args->hRTAdapter;

    memset(funcs, 0, sizeof(*funcs));
    funcs->pfnCalcPrivateDeviceSize = agx_adapter_calc_private_device_size;
    funcs->pfnCreateDevice = agx_adapter_create_device;
    funcs->pfnCloseAdapter = agx_adapter_close;
    funcs->pfnGetSupportedVersions = agx_adapter_get_supported_versions;
    funcs->pfnGetCaps = agx_adapter_get_caps;
    funcs->pfnFillDDITable = agx_adapter_fill_ddi_table;
    funcs->pfnDestroyDevice = agx_adapter_destroy_device;
    args->hAdapter.pDrvPrivate = adapter;
    return S_OK;
}
