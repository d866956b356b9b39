/*
 * Opening a driver: the built-in one through its entry point, or an out-of-tree
 * library by path. Version negotiation happens here: a driver that does not list
 * D3D12DDI_SUPPORTED_0124 is refused. specs/ddi.md describes the contract.
 */
#ifndef DDI_LOADER_H
#define DDI_LOADER_H

#include <stddef.h>
#include "d3d12ddi.h"

/* D3D12's code for a driver that speaks no version the runtime understands. */
#ifndef D3D12_ERROR_DRIVER_VERSION_MISMATCH
#define D3D12_ERROR_DRIVER_VERSION_MISMATCH ((HRESULT)0x887E0002L)
#endif

struct ddi_spy;

struct ddi_adapter
{
    D3D12DDI_HADAPTER handle;
    D3D12DDI_ADAPTERFUNCS_0124 funcs;
    void *library;              /* dlopen handle, NULL for the built-in driver */
    char driver_name[256];      /* e.g. "agx_umd (built-in)" or the .so path */
    struct ddi_spy *spy;        /* set when wrapped */
};

/*
 * driver_path NULL or "" opens the built-in driver through builtin_entry;
 * otherwise dlopen()s the path and looks up D3D12DDI_OPENADAPTER_SYMBOL.
 * Failures leave *adapter zeroed and a message in err:
 *   E_INVALIDARG                        adapter is NULL;
 *   E_FAIL                              no driver at all, a library that does not
 *                                       load, a missing entry symbol, a driver that
 *                                       leaves a mandatory adapter entry NULL, or an
 *                                       empty version list;
 *   the driver's HRESULT                OpenAdapter or GetSupportedVersions failed;
 *   D3D12_ERROR_DRIVER_VERSION_MISMATCH D3D12DDI_SUPPORTED_0124 is not listed.
 */
HRESULT ddi_adapter_open(const char *driver_path, PFND3D12DDI_OPENADAPTER_0124 builtin_entry,
                         const char *builtin_name, struct ddi_adapter *adapter, char *err, size_t errlen);

/* Closes the driver's adapter (through the spy when wrapped) and unloads the library. */
void ddi_adapter_close(struct ddi_adapter *adapter);

/* One GetCaps call; size must be the caps type's struct size. */
HRESULT ddi_adapter_get_caps(struct ddi_adapter *adapter, D3D12DDICAPS_TYPE type, const void *info,
                             void *data, UINT size);

#endif
