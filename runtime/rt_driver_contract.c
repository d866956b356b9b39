/*
 * What a driver must answer and fill before the runtime runs a device on it
 * (specs/ddi.md §5.2, §6.1). Microsoft's runtime refuses a driver whose caps or tables
 * it cannot use at adapter or device creation rather than failing later calls one by
 * one; the messages here name what to fix.
 */
#include <stdarg.h>
#include <stdio.h>

#include "rt_driver_contract.h"
#include "rt_device.h"
#include "d3d12rt/d3d12_tile_mappings.h"

static HRESULT contract_refuse(char *err, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static HRESULT contract_refuse(char *err, size_t size, const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    vsnprintf(err, size, fmt, args);
    va_end(args);
    return E_FAIL;
}

void rt_contract_report(const struct rt_adapter *adapter, const char *message)
{
    fprintf(stderr, "d3d12rt: driver: %s: %s\n", adapter->ddi.driver_name, message);
}

/* ---- Caps ------------------------------------------------------------------------------ */

/* 1_0_GENERIC is a level (a generic ML device's): Microsoft's runtime opens such an
 * adapter and offers it devices at D3D_FEATURE_LEVEL_1_0_GENERIC only, so every minimum
 * the API headers declare is above it (rt_device_check_feature_level), not a broken driver. */
static bool contract_level_known(D3D12DDI_3DPIPELINELEVEL level)
{
    return level == D3D12DDI_3DPIPELINELEVEL_1_0_GENERIC || rt_feature_level_from_pipeline(level) != 0;
}

/*
 * The driver's maximum level: a value above the newest level the runtime knows is capped
 * by rt_pipeline_level_choose (issue 14: never a failure); any other value that is not a
 * level is refused. The options decide how far the level is lowered (12_0 and 12_1 without
 * their tiers run lower, seed 004); what they cannot lower is a level whose shaders the
 * driver cannot take: 12_0 and above need DXBC or DXIL, 12_2 needs DXIL (shader model
 * 6.5; "Hardware feature levels", Microsoft Learn).
 */
static HRESULT contract_check_level(const D3D12DDI_3DPIPELINESUPPORT_CAPS *pipeline,
        const D3D12DDI_D3D12_OPTIONS_DATA_0124 *o, char *err, size_t size)
{
    D3D12DDI_3DPIPELINELEVEL level = pipeline->MaximumLevel, chosen;

    /* As an int, like rt_pipeline_level_choose: the enum is unsigned to the compiler, and a
     * negative value is no level, not a newer one. */
    if (!contract_level_known(level) && (int)level < (int)D3D12DDI_3DPIPELINELEVEL_12_2)
        return contract_refuse(err, size, "3DPIPELINESUPPORT: MaximumLevel %d is not a pipeline level", (int)level);
    chosen = rt_pipeline_level_choose(level, o);
    if (chosen >= D3D12DDI_3DPIPELINELEVEL_12_0 && !o->DXBCSupported && !o->DXILSupported)
        return contract_refuse(err, size, "3DPIPELINESUPPORT: level %d needs shaders, and the options report "
                "neither DXBCSupported nor DXILSupported", (int)chosen);
    if (chosen >= D3D12DDI_3DPIPELINELEVEL_12_2 && !o->DXILSupported)
        return contract_refuse(err, size, "3DPIPELINESUPPORT: level %d needs shader model 6.5, and the options "
                "report DXILSupported FALSE", (int)chosen);
    if (chosen >= D3D12DDI_3DPIPELINELEVEL_12_2 && (int)o->HighestShaderModel < (int)D3D_SHADER_MODEL_6_5)
        return contract_refuse(err, size, "3DPIPELINESUPPORT: level %d needs shader model 6.5, and the options "
                "report HighestShaderModel %#x", (int)chosen, (unsigned int)o->HighestShaderModel);
    return S_OK;
}

/* A tier field holds one of the API's values. */
#define CONTRACT_RANGE(field, lo, hi) \
    do { \
        if ((int)o->field < (int)(lo) || (int)o->field > (int)(hi)) \
            return contract_refuse(err, size, "D3D12_OPTIONS: " #field " %d is outside %d-%d", \
                    (int)o->field, (int)(lo), (int)(hi)); \
    } while (0)

static HRESULT contract_check_options(const D3D12DDI_D3D12_OPTIONS_DATA_0124 *o, char *err, size_t size)
{
    CONTRACT_RANGE(ResourceBindingTier, D3D12_RESOURCE_BINDING_TIER_1, D3D12_RESOURCE_BINDING_TIER_3);
    CONTRACT_RANGE(TiledResourcesTier, D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED, D3D12_TILED_RESOURCES_TIER_5);
    CONTRACT_RANGE(ResourceHeapTier, D3D12_RESOURCE_HEAP_TIER_1, D3D12_RESOURCE_HEAP_TIER_2);
    CONTRACT_RANGE(ProgrammableSamplePositionsTier, D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_NOT_SUPPORTED,
            D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_2);
    CONTRACT_RANGE(RenderPassTier, D3D12_RENDER_PASS_TIER_0, D3D12_RENDER_PASS_TIER_2);
    CONTRACT_RANGE(ConservativeRasterizationTier, D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED,
            D3D12_CONSERVATIVE_RASTERIZATION_TIER_3);
    if (o->MaxGPUVirtualAddressBitsPerResource > 64)
        return contract_refuse(err, size, "D3D12_OPTIONS: MaxGPUVirtualAddressBitsPerResource %u is above 64",
                o->MaxGPUVirtualAddressBitsPerResource);
    /* The model a DXIL driver names is what CheckFeatureSupport(SHADER_MODEL) answers. */
    if (o->DXILSupported && ((int)o->HighestShaderModel < (int)D3D_SHADER_MODEL_6_0
            || (int)o->HighestShaderModel > (int)D3D_SHADER_MODEL_6_8))
        return contract_refuse(err, size, "D3D12_OPTIONS: DXILSupported is TRUE and HighestShaderModel %#x is not "
                "a shader model from 6.0 to 6.8", (unsigned int)o->HighestShaderModel);
    return S_OK;
}

#undef CONTRACT_RANGE

/* Seed 001: tier 5 is reported with both per-node maximums above zero, and maximums
 * only with tier 5 (the layout tables need sizes; a lower tier has no tables). */
static HRESULT contract_check_tier5(const struct rt_adapter *adapter, char *err, size_t size)
{
    const D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 *caps = &adapter->tile_mapping_caps;
    bool tier5 = adapter->options.TiledResourcesTier >= D3D12_TILED_RESOURCES_TIER_5;

    if (tier5 && (!caps->MaxTilePoolLayoutIndexCount || !caps->MaxResourceLayoutIndexCount))
        return contract_refuse(err, size, "D3D12_OPTIONS: TiledResourcesTier 5, but 0124_EXECUTE_TILE_MAPPINGS reports "
                "MaxTilePoolLayoutIndexCount %u and MaxResourceLayoutIndexCount %u for node 0",
                caps->MaxTilePoolLayoutIndexCount, caps->MaxResourceLayoutIndexCount);
    if (!tier5 && (caps->MaxTilePoolLayoutIndexCount || caps->MaxResourceLayoutIndexCount))
        return contract_refuse(err, size, "0124_EXECUTE_TILE_MAPPINGS: MaxTilePoolLayoutIndexCount %u and "
                "MaxResourceLayoutIndexCount %u for node 0 without TiledResourcesTier 5 (%d)",
                caps->MaxTilePoolLayoutIndexCount, caps->MaxResourceLayoutIndexCount,
                (int)adapter->options.TiledResourcesTier);
    return S_OK;
}

HRESULT rt_contract_check_caps(struct rt_adapter *adapter, char *err, size_t size)
{
    HRESULT hr;

    if (FAILED(hr = contract_check_options(&adapter->options, err, size)))
        return hr;
    if (FAILED(hr = contract_check_level(&adapter->pipeline, &adapter->options, err, size)))
        return hr;
    if (adapter->architecture.CacheCoherentUMA && !adapter->architecture.UMA)
        return contract_refuse(err, size, "ARCHITECTURE_INFO: CacheCoherentUMA is TRUE and UMA FALSE");
    /* Seed 004: driver command lists depend on the free-threaded mode. */
    if ((adapter->threading.Caps & D3D12DDICAPS_THREADING_COMMANDLISTS)
            && !(adapter->threading.Caps & D3D12DDICAPS_THREADING_FREETHREADED))
        return contract_refuse(err, size, "0124_THREADING: COMMANDLISTS without FREETHREADED");
    return contract_check_tier5(adapter, err, size);
}

/* ---- Tables ---------------------------------------------------------------------------- */

#define CONTRACT_REQUIRE(table, name, entry) \
    do { \
        if (!(table)->entry) \
            return contract_refuse(err, size, "the %s table leaves " #entry " NULL", (name)); \
    } while (0)

static bool contract_runs_shaders(const struct rt_device *device)
{
    return device->options.DXBCSupported || device->options.DXILSupported;
}

/* Every entry the runtime calls without a NULL check, and the object triples every
 * device has (queues, allocators, lists, fences). */
static HRESULT contract_check_device_table(const struct rt_device *device, char *err, size_t size)
{
    const D3D12DDI_DEVICE_FUNCS_CORE_0124 *t = &device->ddi;
    const char *name = "device";

    CONTRACT_REQUIRE(t, name, pfnCheckFormatSupport);
    CONTRACT_REQUIRE(t, name, pfnCheckMultisampleQualityLevels);
    CONTRACT_REQUIRE(t, name, pfnCalcPrivateHeapAndResourceSizes);
    CONTRACT_REQUIRE(t, name, pfnCreateHeapAndResource);
    CONTRACT_REQUIRE(t, name, pfnDestroyHeapAndResource);
    CONTRACT_REQUIRE(t, name, pfnGetResourceAllocationInfo);
    CONTRACT_REQUIRE(t, name, pfnMapHeap);
    CONTRACT_REQUIRE(t, name, pfnUnmapHeap);
    CONTRACT_REQUIRE(t, name, pfnGetResourceGpuVirtualAddress);
    CONTRACT_REQUIRE(t, name, pfnCalcPrivateCommandQueueSize);
    CONTRACT_REQUIRE(t, name, pfnCreateCommandQueue);
    CONTRACT_REQUIRE(t, name, pfnDestroyCommandQueue);
    CONTRACT_REQUIRE(t, name, pfnCalcPrivateCommandAllocatorSize);
    CONTRACT_REQUIRE(t, name, pfnCreateCommandAllocator);
    CONTRACT_REQUIRE(t, name, pfnDestroyCommandAllocator);
    CONTRACT_REQUIRE(t, name, pfnResetCommandAllocator);
    CONTRACT_REQUIRE(t, name, pfnCalcPrivateCommandListSize);
    CONTRACT_REQUIRE(t, name, pfnCreateCommandList);
    CONTRACT_REQUIRE(t, name, pfnDestroyCommandList);
    CONTRACT_REQUIRE(t, name, pfnCalcPrivateFenceSize);
    CONTRACT_REQUIRE(t, name, pfnCreateFence);
    CONTRACT_REQUIRE(t, name, pfnDestroyFence);
    CONTRACT_REQUIRE(t, name, pfnGetFenceCompletedValue);
    CONTRACT_REQUIRE(t, name, pfnSignalFenceCpu);
    CONTRACT_REQUIRE(t, name, pfnNotifyFenceOnCompletion);
    CONTRACT_REQUIRE(t, name, pfnCalcPrivateDescriptorHeapSize);
    CONTRACT_REQUIRE(t, name, pfnCreateDescriptorHeap);
    CONTRACT_REQUIRE(t, name, pfnDestroyDescriptorHeap);
    CONTRACT_REQUIRE(t, name, pfnGetDescriptorSizeInBytes);
    CONTRACT_REQUIRE(t, name, pfnGetCPUDescriptorHandleForHeapStart);
    CONTRACT_REQUIRE(t, name, pfnGetGPUDescriptorHandleForHeapStart);
    CONTRACT_REQUIRE(t, name, pfnCreateShaderResourceView);
    CONTRACT_REQUIRE(t, name, pfnCreateConstantBufferView);
    CONTRACT_REQUIRE(t, name, pfnCreateUnorderedAccessView);
    CONTRACT_REQUIRE(t, name, pfnCreateRenderTargetView);
    CONTRACT_REQUIRE(t, name, pfnCreateDepthStencilView);
    CONTRACT_REQUIRE(t, name, pfnCreateSampler);
    CONTRACT_REQUIRE(t, name, pfnCopyDescriptors);
    CONTRACT_REQUIRE(t, name, pfnCopyDescriptorsSimple);
    if (contract_runs_shaders(device))
    {
        /* A driver that runs shaders runs them through root signatures and pipelines. */
        CONTRACT_REQUIRE(t, name, pfnCalcPrivateRootSignatureSize);
        CONTRACT_REQUIRE(t, name, pfnCreateRootSignature);
        CONTRACT_REQUIRE(t, name, pfnDestroyRootSignature);
        CONTRACT_REQUIRE(t, name, pfnCalcPrivatePipelineStateSize);
        CONTRACT_REQUIRE(t, name, pfnCreatePipelineState);
        CONTRACT_REQUIRE(t, name, pfnDestroyPipelineState);
    }
    return S_OK;
}

/*
 * What every list records (copies, barriers, markers, Close/Reset), the compute state
 * setters and UAV clears of every level, the graphics setters and view clears from 11_0
 * (ClearState and the fallback's state restores replay state through them), and the
 * draws and dispatches of a driver that runs shaders.
 */
static HRESULT contract_check_cmdlist_table(const struct rt_device *device, char *err, size_t size)
{
    const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *t = &device->ddi_cmdlist;
    bool graphics = device->pipeline_level >= D3D12DDI_3DPIPELINELEVEL_11_0;
    const char *name = "command-list";

    CONTRACT_REQUIRE(t, name, pfnCloseCommandList);
    CONTRACT_REQUIRE(t, name, pfnResetCommandList);
    CONTRACT_REQUIRE(t, name, pfnCopyBufferRegion);
    CONTRACT_REQUIRE(t, name, pfnCopyTextureRegion);
    CONTRACT_REQUIRE(t, name, pfnCopyResource);
    if (device->options.EnhancedBarriersSupported && !t->pfnBarrier)
        return contract_refuse(err, size, "D3D12_OPTIONS: EnhancedBarriersSupported is TRUE and the command-list "
                "table leaves pfnBarrier NULL");
    if (!device->options.EnhancedBarriersSupported)
        CONTRACT_REQUIRE(t, name, pfnResourceBarrier);
    CONTRACT_REQUIRE(t, name, pfnSetMarker);
    CONTRACT_REQUIRE(t, name, pfnBeginEvent);
    CONTRACT_REQUIRE(t, name, pfnEndEvent);

    CONTRACT_REQUIRE(t, name, pfnSetPipelineState);
    CONTRACT_REQUIRE(t, name, pfnSetDescriptorHeaps);
    CONTRACT_REQUIRE(t, name, pfnSetComputeRootSignature);
    CONTRACT_REQUIRE(t, name, pfnSetComputeRootDescriptorTable);
    CONTRACT_REQUIRE(t, name, pfnSetComputeRoot32BitConstants);
    CONTRACT_REQUIRE(t, name, pfnSetComputeRootConstantBufferView);
    CONTRACT_REQUIRE(t, name, pfnSetComputeRootShaderResourceView);
    CONTRACT_REQUIRE(t, name, pfnSetComputeRootUnorderedAccessView);
    CONTRACT_REQUIRE(t, name, pfnClearRootArguments);
    CONTRACT_REQUIRE(t, name, pfnClearUnorderedAccessViewUint);
    CONTRACT_REQUIRE(t, name, pfnClearUnorderedAccessViewFloat);
    if (graphics)
    {
        CONTRACT_REQUIRE(t, name, pfnIASetPrimitiveTopology);
        CONTRACT_REQUIRE(t, name, pfnIASetIndexBuffer);
        CONTRACT_REQUIRE(t, name, pfnIASetVertexBuffers);
        CONTRACT_REQUIRE(t, name, pfnRSSetViewports);
        CONTRACT_REQUIRE(t, name, pfnRSSetScissorRects);
        CONTRACT_REQUIRE(t, name, pfnOMSetBlendFactor);
        CONTRACT_REQUIRE(t, name, pfnOMSetStencilRef);
        CONTRACT_REQUIRE(t, name, pfnOMSetRenderTargets);
        CONTRACT_REQUIRE(t, name, pfnSetGraphicsRootSignature);
        CONTRACT_REQUIRE(t, name, pfnSetGraphicsRootDescriptorTable);
        CONTRACT_REQUIRE(t, name, pfnSetGraphicsRoot32BitConstants);
        CONTRACT_REQUIRE(t, name, pfnSetGraphicsRootConstantBufferView);
        CONTRACT_REQUIRE(t, name, pfnSetGraphicsRootShaderResourceView);
        CONTRACT_REQUIRE(t, name, pfnSetGraphicsRootUnorderedAccessView);
        CONTRACT_REQUIRE(t, name, pfnClearRenderTargetView);
        CONTRACT_REQUIRE(t, name, pfnClearDepthStencilView);
    }
    if (contract_runs_shaders(device))
    {
        CONTRACT_REQUIRE(t, name, pfnDispatch);
        if (graphics)
        {
            CONTRACT_REQUIRE(t, name, pfnDrawInstanced);
            CONTRACT_REQUIRE(t, name, pfnDrawIndexedInstanced);
        }
    }
    return S_OK;
}

static HRESULT contract_check_queue_table(const struct rt_device *device, char *err, size_t size)
{
    const D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *t = &device->ddi_queue;
    const char *name = "command-queue";

    CONTRACT_REQUIRE(t, name, pfnExecuteCommandLists);
    CONTRACT_REQUIRE(t, name, pfnSignalFence);
    CONTRACT_REQUIRE(t, name, pfnWaitForFence);
    if (device->options.TiledResourcesTier >= D3D12_TILED_RESOURCES_TIER_1)
    {
        CONTRACT_REQUIRE(t, name, pfnUpdateTileMappings);
        CONTRACT_REQUIRE(t, name, pfnCopyTileMappings);
    }
    return S_OK;
}

/* Seed 001: a tier-5 driver fills the nine device entries and the tile mapping queue's
 * table (FillDDITable(0124_TILE_MAPPING_QUEUE_FUNCS) failing is refused before this). */
static HRESULT contract_check_tier5_tables(const struct rt_device *device, char *err, size_t size)
{
    const D3D12DDI_DEVICE_FUNCS_CORE_0124 *t = &device->ddi;
    const D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 *q = &device->ddi_tile_queue;

    if (device->options.TiledResourcesTier < D3D12_TILED_RESOURCES_TIER_5)
        return S_OK;
    CONTRACT_REQUIRE(t, "device", pfnCalcPrivateTileMappingQueueSize);
    CONTRACT_REQUIRE(t, "device", pfnCreateTileMappingQueue);
    CONTRACT_REQUIRE(t, "device", pfnDestroyTileMappingQueue);
    CONTRACT_REQUIRE(t, "device", pfnInitializeExecuteTileMappingLayoutTables);
    CONTRACT_REQUIRE(t, "device", pfnRegisterResourceLayouts);
    CONTRACT_REQUIRE(t, "device", pfnRegisterHeapLayouts);
    CONTRACT_REQUIRE(t, "device", pfnUnregisterResourceLayouts);
    CONTRACT_REQUIRE(t, "device", pfnUnregisterHeapLayouts);
    CONTRACT_REQUIRE(t, "device", pfnQueryRegisteredReservedResourceMappings);
    CONTRACT_REQUIRE(q, "tile-mapping-queue", pfnExecuteTileMappings);
    CONTRACT_REQUIRE(q, "tile-mapping-queue", pfnSignalFence);
    CONTRACT_REQUIRE(q, "tile-mapping-queue", pfnWaitForFence);
    return S_OK;
}

HRESULT rt_contract_check_tables(const struct rt_device *device, char *err, size_t size)
{
    HRESULT hr;

    if (FAILED(hr = contract_check_tier5_tables(device, err, size)))
        return hr;

    if (FAILED(hr = contract_check_device_table(device, err, size)))
        return hr;
    if (FAILED(hr = contract_check_cmdlist_table(device, err, size)))
        return hr;
    if (FAILED(hr = contract_check_queue_table(device, err, size)))
        return hr;
    /* A driver that fills the render-pass table reports tier 1 or 2, and one that reports
     * a tier fills it (ddi-facts §7). */
    if (device->has_render_pass_table && device->options.RenderPassTier < D3D12_RENDER_PASS_TIER_1)
        return contract_refuse(err, size, "D3D12_OPTIONS: RenderPassTier 0, but the driver fills the render-pass table");
    if (!device->has_render_pass_table && device->options.RenderPassTier >= D3D12_RENDER_PASS_TIER_1)
        return contract_refuse(err, size, "D3D12_OPTIONS: RenderPassTier %d, but FillDDITable(0043_RENDER_PASS) failed",
                (int)device->options.RenderPassTier);
    if (device->has_render_pass_table)
    {
        CONTRACT_REQUIRE(&device->ddi_render_pass, "render-pass", pfnBeginRenderPass);
        CONTRACT_REQUIRE(&device->ddi_render_pass, "render-pass", pfnEndRenderPass);
    }
    return S_OK;
}

#undef CONTRACT_REQUIRE
