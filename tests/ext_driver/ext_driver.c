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
 *   device-create-fails             CreateDevice fails with E_OUTOFMEMORY
 *   tier5-zero-maximums             TiledResourcesTier 5, 0124_EXECUTE_TILE_MAPPINGS maximums 0
 *   maximums-without-tier5          TiledResourcesTier unchanged (4), maximums 16 and 32
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
    EXT_QUIRK_DEVICE_CREATE_FAILS,
    EXT_QUIRK_TIER5_ZERO_MAXIMUMS,
    EXT_QUIRK_MAXIMUMS_WITHOUT_TIER5,
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
    [EXT_QUIRK_DEVICE_CREATE_FAILS] = "device-create-fails",
    [EXT_QUIRK_TIER5_ZERO_MAXIMUMS] = "tier5-zero-maximums",
    [EXT_QUIRK_MAXIMUMS_WITHOUT_TIER5] = "maximums-without-tier5",
};

/* The version the no-version-0124 quirk offers instead: an older build of the same interface. */
#define EXT_OTHER_VERSION D3D12DDI_MAKE_VERSION(80, 120)
/* HRESULT_FROM_WIN32(ERROR_INSUFFICIENT_BUFFER), for a short version array (specs/ddi.md §4). */
#define EXT_E_INSUFFICIENT_BUFFER ((HRESULT)0x8007007AL)

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
        return EXT_E_INSUFFICIENT_BUFFER;
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
        else if (quirk == EXT_QUIRK_TIER5_ZERO_MAXIMUMS)
            options->TiledResourcesTier = (D3D12_TILED_RESOURCES_TIER)D3D12DDI_TILED_RESOURCES_TIER_5;
    }
    else if (caps->Type == D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS && quirk == EXT_QUIRK_MAXIMUMS_WITHOUT_TIER5)
    {
        D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 *tile = caps->pData;

        tile->MaxTilePoolLayoutIndexCount = 16;
        tile->MaxResourceLayoutIndexCount = 32;
    }
    else if (caps->Type == D3D12DDICAPS_TYPE_0124_THREADING && quirk == EXT_QUIRK_NO_FREE_THREADING)
    {
        D3D12DDI_THREADING_CAPS_0124 *threading = caps->pData;

        threading->Caps = 0;
    }
    return S_OK;
}

static HRESULT APIENTRY ext_fill_ddi_table(D3D12DDI_HDEVICE device, D3D12DDI_TABLE_TYPE type, void *table,
                                           SIZE_T table_size, UINT table_num, D3D12DDI_HRTTABLE rt_table)
{
    ext_fill_table_fn inner_fill = atomic_load(&ext_inner_fill_table);
    enum ext_quirk quirk = ext_read_quirk();
    HRESULT hr;

    if (type == D3D12DDI_TABLE_TYPE_0043_RENDER_PASS && quirk == EXT_QUIRK_RENDER_PASS_TIER_WITHOUT_TABLE)
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
