/*
 * The 3D pipeline level a device runs at. Seed 004: the runtime picks the level and
 * tells the driver at CreateDevice rather than inferring it from the DDI version.
 */
#include "rt_adapter.h"

/* The levels the runtime knows, highest first. */
static const D3D12DDI_3DPIPELINELEVEL known_levels[] =
{
    D3D12DDI_3DPIPELINELEVEL_12_2,
    D3D12DDI_3DPIPELINELEVEL_12_1,
    D3D12DDI_3DPIPELINELEVEL_12_0,
    D3D12DDI_3DPIPELINELEVEL_11_1,
    D3D12DDI_3DPIPELINELEVEL_11_0,
    D3D12DDI_3DPIPELINELEVEL_1_0_CORE,
};

/*
 * Whether the caps justify the level (Microsoft's "Hardware feature levels" table,
 * learn.microsoft.com/windows/win32/direct3d12/hardware-feature-levels): 12_0 needs
 * resource binding tier 2, tiled resources tier 2 and typed UAV loads of the additional
 * formats; 12_1 adds rasterizer ordered views and conservative rasterization tier 1.
 * The other levels' requirements (11_1's UAVs at every stage, 12_2's
 * DXR 1.1, mesh shaders, ...) have no field in the DDI's options, so the driver's word
 * stands for them; 11_1's logic ops have one (OutputMergerLogicOp), not yet required
 * here.
 */
static bool pipeline_level_justified(D3D12DDI_3DPIPELINELEVEL level, const D3D12DDI_D3D12_OPTIONS_DATA_0124 *options)
{
    if (level >= D3D12DDI_3DPIPELINELEVEL_12_1 && (!options->ROVsSupported
            || options->ConservativeRasterizationTier < D3D12_CONSERVATIVE_RASTERIZATION_TIER_1))
        return false;
    if (level >= D3D12DDI_3DPIPELINELEVEL_12_0 && (options->ResourceBindingTier < D3D12_RESOURCE_BINDING_TIER_2
            || options->TiledResourcesTier < D3D12_TILED_RESOURCES_TIER_2 || !options->TypedUAVLoadAdditionalFormats))
        return false;
    return true;
}

D3D12DDI_3DPIPELINELEVEL rt_pipeline_level_choose(D3D12DDI_3DPIPELINELEVEL driver_maximum,
        const D3D12DDI_D3D12_OPTIONS_DATA_0124 *options)
{
    unsigned int i;

    /* A newer level than the runtime knows is capped, never refused (the driver supports
     * every lower level too); a driver below 1_0_CORE offers no level D3D12 devices use. */
    for (i = 0; i < RT_ARRAY_SIZE(known_levels); ++i)
    {
        if ((int)known_levels[i] <= (int)driver_maximum && pipeline_level_justified(known_levels[i], options))
            return known_levels[i];
    }
    return (D3D12DDI_3DPIPELINELEVEL)0;
}
