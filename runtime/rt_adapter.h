/*
 * The runtime's view of one opened driver: the loader's ddi_adapter (possibly wrapped
 * by the DDI spy), the configuration file as read when it was opened, and the
 * capabilities the runtime reads before it creates a device (seed 004).
 */
#ifndef RT_ADAPTER_H
#define RT_ADAPTER_H

#include "rt_common.h"
#include "rt_config.h"
#include "ddi_loader.h"

struct ddi_spy;

struct rt_adapter
{
    struct ddi_adapter ddi;
    struct rt_config config;   /* read once per open: [driver] path, [device] forcing */

    /* Cached after open. Optional caps a driver does not answer read as zero. */
    D3D12DDI_3DPIPELINESUPPORT_CAPS pipeline;       /* mandatory */
    D3D12DDI_D3D12_OPTIONS_DATA_0124 options;       /* mandatory */
    D3D12DDI_ARCHITECTURE_INFO architecture;        /* mandatory */
    D3D12DDI_THREADING_CAPS_0124 threading;         /* optional: 0 = serialize, emulate lists */
    D3D12DDI_ASYNC_COMMANDS_CAPS_0124 async_caps;   /* optional: Supported FALSE */
    D3D12DDI_GPU_INFO_0124 gpu_info;                /* optional: zeroed */
    /* Node 0's (the one node's) ExecuteTileMappings maximums; optional: zeroed. Read
     * once, so the feature query answers the same for the device's lifetime. */
    D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 tile_mapping_caps;
    /* The level devices run at: rt_pipeline_level_choose of the driver's maximum. */
    D3D12DDI_3DPIPELINELEVEL pipeline_level;
};

/*
 * Loads the configuration file, opens the driver it names ([driver] path) or the built-in
 * agx_umd, wraps it with the DDI spy when a test installed one or D3D12RT_TRACE has
 * "ddi", and reads the caps. Failures: E_OUTOFMEMORY, or the loader's / driver's HRESULT
 * (the reason is printed on stderr).
 */
HRESULT rt_adapter_open(struct rt_adapter **adapter);
/* The same with another driver than the file's: driver_path "" is the built-in one, NULL
 * the file's choice. config.driver_path is then the driver opened (an adapter's identity:
 * DXCore's adapters and the singleton device per adapter go by it). */
HRESULT rt_adapter_open_driver(const char *driver_path, struct rt_adapter **adapter);
void rt_adapter_close(struct rt_adapter *adapter);

/* What a device's heaps and committed resources may take (0: no limit): the driver's
 * dedicated plus shared memory (GPU_INFO). */
UINT64 rt_adapter_memory_budget(const struct rt_adapter *adapter);
/* The chosen pipeline level as an API feature level (0 when the driver offers none). */
D3D_FEATURE_LEVEL rt_adapter_max_feature_level(const struct rt_adapter *adapter);
/*
 * The highest level the runtime knows that is at most the driver's maximum (a newer,
 * unknown level is capped) and that the options justify; 0 when none is.
 * Pure (rt_pipeline_level.c).
 */
D3D12DDI_3DPIPELINELEVEL rt_pipeline_level_choose(D3D12DDI_3DPIPELINELEVEL driver_maximum,
        const D3D12DDI_D3D12_OPTIONS_DATA_0124 *options);
D3D_FEATURE_LEVEL rt_feature_level_from_pipeline(D3D12DDI_3DPIPELINELEVEL level);
/* A level a D3D12 device may be created at (9_x and 10_x are D3D levels, not D3D12 ones). */
bool rt_feature_level_valid(D3D_FEATURE_LEVEL level);

/*
 * Test hook, not exported from libd3d12.so (tests link the static runtime): the spy that
 * wraps every adapter opened from now on (process-global; NULL removes it). The caller
 * keeps its own reference and destroys the spy when done; adapters keep theirs until
 * their device is destroyed.
 */
void rt_testing_set_driver_spy(struct ddi_spy *spy);

#endif
