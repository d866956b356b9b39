/* Opening the driver for a device: config file, loader, optional spy, caps. */
#include <stdio.h>
#include <stdlib.h>
#include <threads.h>

#include "rt_adapter.h"
#include "ddi_spy.h"
#include "agx_umd.h"
#include "rt_driver_contract.h"

static once_flag spy_once = ONCE_FLAG_INIT;
static mtx_t spy_mutex;
static struct ddi_spy *test_spy;

static void spy_mutex_init(void)
{
    mtx_init(&spy_mutex, mtx_plain);
}

void rt_testing_set_driver_spy(struct ddi_spy *spy)
{
    call_once(&spy_once, spy_mutex_init);
    mtx_lock(&spy_mutex);
    test_spy = spy;
    mtx_unlock(&spy_mutex);
}

/* A test's spy wins; otherwise D3D12RT_TRACE=ddi or D3D12RT_TEST_DRIVER_MASKS gets a spy that
 * records nothing (it traces, or masks caps for a test setup). */
static HRESULT adapter_wrap_spy(struct rt_adapter *adapter)
{
    struct ddi_spy_masks masks = {0};
    struct ddi_spy *spy;
    HRESULT hr = S_OK;

    call_once(&spy_once, spy_mutex_init);
    mtx_lock(&spy_mutex);
    if (test_spy)
    {
        hr = ddi_spy_wrap(test_spy, &adapter->ddi);
        mtx_unlock(&spy_mutex);
        return hr;
    }
    mtx_unlock(&spy_mutex);

    /* The probe only: ddi_spy_create reads D3D12RT_TEST_DRIVER_MASKS again. */
    if (!rt_trace_enabled(RT_TRACE_DDI) && !ddi_spy_environment_masks(&masks))
        return S_OK;
    if (!(spy = ddi_spy_create(NULL, rt_trace_enabled(RT_TRACE_DDI))))
        return E_OUTOFMEMORY;
    ddi_spy_set_recording(spy, false);
    hr = ddi_spy_wrap(spy, &adapter->ddi);
    /* The wrapped adapter holds its own reference. */
    ddi_spy_destroy(spy);
    return hr;
}

static HRESULT adapter_get_caps(struct rt_adapter *adapter, D3D12DDICAPS_TYPE type, void *data, UINT size,
        bool mandatory, const char *name)
{
    HRESULT hr = ddi_adapter_get_caps(&adapter->ddi, type, NULL, data, size);

    if (SUCCEEDED(hr))
        return S_OK;
    memset(data, 0, size);
    if (!mandatory)
    {
        RT_WARN("%s: the driver does not answer %s (0x%08x); assuming none.",
                adapter->ddi.driver_name, name, (unsigned int)hr);
        return S_OK;
    }
    fprintf(stderr, "d3d12rt: driver: %s: GetCaps(%s) failed (0x%08x)\n",
            adapter->ddi.driver_name, name, (unsigned int)hr);
    return hr;
}

/* Seed 001: the 0124 ExecuteTileMappings caps, asked per node (pInfo: the node index).
 * A driver that does not answer has none. */
static void adapter_read_tile_mapping_caps(struct rt_adapter *adapter)
{
    D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 *caps = &adapter->tile_mapping_caps;
    UINT node = 0;

    memset(caps, 0, sizeof(*caps));
    if (FAILED(ddi_adapter_get_caps(&adapter->ddi, D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS, &node, caps,
            sizeof(*caps))))
        memset(caps, 0, sizeof(*caps));
    caps->NodeIndex = node;
}

static HRESULT adapter_read_caps(struct rt_adapter *adapter)
{
    HRESULT hr;

    if (FAILED(hr = adapter_get_caps(adapter, D3D12DDICAPS_TYPE_3DPIPELINESUPPORT, &adapter->pipeline,
            sizeof(adapter->pipeline), true, "3DPIPELINESUPPORT")))
        return hr;
    if (FAILED(hr = adapter_get_caps(adapter, D3D12DDICAPS_TYPE_D3D12_OPTIONS, &adapter->options,
            sizeof(adapter->options), true, "D3D12_OPTIONS")))
        return hr;
    if (FAILED(hr = adapter_get_caps(adapter, D3D12DDICAPS_TYPE_ARCHITECTURE_INFO, &adapter->architecture,
            sizeof(adapter->architecture), true, "ARCHITECTURE_INFO")))
        return hr;
    adapter_get_caps(adapter, D3D12DDICAPS_TYPE_0124_THREADING, &adapter->threading,
            sizeof(adapter->threading), false, "0124_THREADING");
    adapter_get_caps(adapter, D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS, &adapter->async_caps,
            sizeof(adapter->async_caps), false, "0124_ASYNC_COMMANDS");
    adapter_get_caps(adapter, D3D12DDICAPS_TYPE_0124_GPU_INFO, &adapter->gpu_info,
            sizeof(adapter->gpu_info), false, "0124_GPU_INFO");
    adapter->gpu_info.Description[sizeof(adapter->gpu_info.Description) - 1] = 0;
    adapter_read_tile_mapping_caps(adapter);
    adapter->pipeline_level = rt_pipeline_level_choose(adapter->pipeline.MaximumLevel, &adapter->options);
    return S_OK;
}

HRESULT rt_adapter_open(struct rt_adapter **out)
{
    return rt_adapter_open_driver(NULL, out);
}

HRESULT rt_adapter_open_driver(const char *driver_path, struct rt_adapter **out)
{
    struct rt_adapter *adapter;
    char err[512] = "";
    HRESULT hr;

    *out = NULL;
    if (driver_path && strlen(driver_path) >= sizeof(adapter->config.driver_path))
        return E_INVALIDARG;
    if (!(adapter = calloc(1, sizeof(*adapter))))
        return E_OUTOFMEMORY;

    rt_config_load(&adapter->config);
    if (driver_path)
        strcpy(adapter->config.driver_path, driver_path);
    if (FAILED(hr = ddi_adapter_open(adapter->config.driver_path, agx_umd_open_adapter, "agx_umd",
            &adapter->ddi, err, sizeof(err))))
    {
        fprintf(stderr, "d3d12rt: driver: %s\n", err[0] ? err : "the driver could not be opened");
        goto fail_free;
    }
    if (FAILED(hr = adapter_wrap_spy(adapter)))
    {
        fprintf(stderr, "d3d12rt: driver: %s: the DDI spy could not wrap it (0x%08x)\n",
                adapter->ddi.driver_name, (unsigned int)hr);
        goto fail_close;
    }
    if (FAILED(hr = adapter_read_caps(adapter)))
        goto fail_close;
    if (FAILED(hr = rt_contract_check_caps(adapter, err, sizeof(err))))
    {
        rt_contract_report(adapter, err);
        goto fail_close;
    }

    RT_TRACE("Opened %s (%s), driver's pipeline level %u, chosen %u.", adapter->ddi.driver_name,
            adapter->gpu_info.Description, adapter->pipeline.MaximumLevel, adapter->pipeline_level);
    *out = adapter;
    return S_OK;

fail_close:
    ddi_adapter_close(&adapter->ddi);
fail_free:
    free(adapter);
    return hr;
}

void rt_adapter_close(struct rt_adapter *adapter)
{
    if (!adapter)
        return;
    ddi_adapter_close(&adapter->ddi);
    free(adapter);
}

D3D_FEATURE_LEVEL rt_feature_level_from_pipeline(D3D12DDI_3DPIPELINELEVEL level)
{
    switch ((int)level)
    {
        case D3D12DDI_3DPIPELINELEVEL_1_0_CORE: return D3D_FEATURE_LEVEL_1_0_CORE;
        case D3D12DDI_3DPIPELINELEVEL_11_0: return D3D_FEATURE_LEVEL_11_0;
        case D3D12DDI_3DPIPELINELEVEL_11_1: return D3D_FEATURE_LEVEL_11_1;
        case D3D12DDI_3DPIPELINELEVEL_12_0: return D3D_FEATURE_LEVEL_12_0;
        case D3D12DDI_3DPIPELINELEVEL_12_1: return D3D_FEATURE_LEVEL_12_1;
        case D3D12DDI_3DPIPELINELEVEL_12_2: return D3D_FEATURE_LEVEL_12_2;
    }
    return (D3D_FEATURE_LEVEL)0;
}

bool rt_feature_level_valid(D3D_FEATURE_LEVEL level)
{
    switch ((int)level)
    {
        case D3D_FEATURE_LEVEL_1_0_CORE:
        case D3D_FEATURE_LEVEL_11_0:
        case D3D_FEATURE_LEVEL_11_1:
        case D3D_FEATURE_LEVEL_12_0:
        case D3D_FEATURE_LEVEL_12_1:
        case D3D_FEATURE_LEVEL_12_2:
            return true;
    }
    return false;
}

UINT64 rt_adapter_memory_budget(const struct rt_adapter *adapter)
{
    return adapter->gpu_info.DedicatedVideoMemory + adapter->gpu_info.SharedSystemMemory;
}

D3D_FEATURE_LEVEL rt_adapter_max_feature_level(const struct rt_adapter *adapter)
{
    return rt_feature_level_from_pipeline(adapter->pipeline_level);
}
