/* Driver loading and version negotiation (specs/ddi.md, "Loading a driver"). */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddi_loader.h"

/* A driver listing more versions than this is broken, not generous. */
#define DDI_MAX_VERSIONS 1024u

static void __attribute__((format(printf, 3, 4)))
ddi_set_error(char *err, size_t errlen, const char *fmt, ...)
{
    va_list args;

    if (!err || !errlen)
        return;
    va_start(args, fmt);
    vsnprintf(err, errlen, fmt, args);
    va_end(args);
}

static const char *ddi_missing_adapter_func(const D3D12DDI_ADAPTERFUNCS_0124 *funcs)
{
    if (!funcs->pfnCalcPrivateDeviceSize)
        return "pfnCalcPrivateDeviceSize";
    if (!funcs->pfnCreateDevice)
        return "pfnCreateDevice";
    if (!funcs->pfnCloseAdapter)
        return "pfnCloseAdapter";
    if (!funcs->pfnGetSupportedVersions)
        return "pfnGetSupportedVersions";
    if (!funcs->pfnGetCaps)
        return "pfnGetCaps";
    if (!funcs->pfnFillDDITable)
        return "pfnFillDDITable";
    if (!funcs->pfnDestroyDevice)
        return "pfnDestroyDevice";
    return NULL;
}

/* Appends "12.80 build 124" style names of the versions to buf. */
static void ddi_format_versions(char *buf, size_t len, const UINT64 *versions, UINT32 count)
{
    size_t used = 0;
    UINT32 i;

    buf[0] = '\0';
    for (i = 0; i < count && used + 1 < len; ++i)
    {
        UINT iface = D3D12DDI_VERSION_INTERFACE(versions[i]);
        int n = snprintf(buf + used, len - used, "%s%u.%u build %u", i ? ", " : "",
                         iface >> 16, iface & 0xffffu, D3D12DDI_VERSION_BUILD(versions[i]));

        if (n < 0)
            break;
        used += (size_t)n;
    }
}

static HRESULT ddi_negotiate_version(struct ddi_adapter *adapter, char *err, size_t errlen)
{
    char names[160];
    UINT64 *versions;
    UINT32 count = 0, i;
    bool found = false;
    HRESULT hr;

    hr = adapter->funcs.pfnGetSupportedVersions(adapter->handle, &count, NULL);
    if (FAILED(hr))
    {
        ddi_set_error(err, errlen, "%s: GetSupportedVersions failed (0x%08x)", adapter->driver_name,
                      (unsigned int)hr);
        return hr;
    }
    if (!count || count > DDI_MAX_VERSIONS)
    {
        ddi_set_error(err, errlen, "%s: GetSupportedVersions reports %u versions", adapter->driver_name,
                      count);
        return E_FAIL;
    }
    if (!(versions = calloc(count, sizeof(*versions))))
    {
        ddi_set_error(err, errlen, "%s: out of memory", adapter->driver_name);
        return E_OUTOFMEMORY;
    }
    hr = adapter->funcs.pfnGetSupportedVersions(adapter->handle, &count, versions);
    if (FAILED(hr))
    {
        ddi_set_error(err, errlen, "%s: GetSupportedVersions failed (0x%08x)", adapter->driver_name,
                      (unsigned int)hr);
        free(versions);
        return hr;
    }
    for (i = 0; i < count; ++i)
        found |= versions[i] == D3D12DDI_SUPPORTED_0124;
    if (!found)
    {
        ddi_format_versions(names, sizeof(names), versions, count);
        ddi_set_error(err, errlen, "%s: driver offers DDI %s; the runtime needs 12.80 build %u (0124)",
                      adapter->driver_name, names, D3D12DDI_BUILD_VERSION_0124);
        free(versions);
        return D3D12_ERROR_DRIVER_VERSION_MISMATCH;
    }
    free(versions);
    return S_OK;
}

static HRESULT ddi_resolve_entry(const char *driver_path, PFND3D12DDI_OPENADAPTER_0124 builtin_entry,
                                 const char *builtin_name, struct ddi_adapter *adapter,
                                 PFND3D12DDI_OPENADAPTER_0124 *entry, char *err, size_t errlen)
{
    const char *reason;
    void *symbol;

    if (!driver_path || !driver_path[0])
    {
        if (!builtin_entry)
        {
            ddi_set_error(err, errlen, "no driver: no path configured and no built-in driver");
            return E_FAIL;
        }
        snprintf(adapter->driver_name, sizeof(adapter->driver_name), "%s (built-in)",
                 builtin_name ? builtin_name : "driver");
        *entry = builtin_entry;
        return S_OK;
    }

    snprintf(adapter->driver_name, sizeof(adapter->driver_name), "%s", driver_path);
    if (!(adapter->library = dlopen(driver_path, RTLD_NOW | RTLD_LOCAL)))
    {
        reason = dlerror();
        ddi_set_error(err, errlen, "cannot load driver %s: %s", driver_path, reason ? reason : "unknown error");
        return E_FAIL;
    }
    dlerror();
    if (!(symbol = dlsym(adapter->library, D3D12DDI_OPENADAPTER_SYMBOL)))
    {
        ddi_set_error(err, errlen, "driver %s does not export %s", driver_path, D3D12DDI_OPENADAPTER_SYMBOL);
        dlclose(adapter->library);
        adapter->library = NULL;
        return E_FAIL;
    }
    /* dlsym returns data pointers; POSIX guarantees the conversion for functions. */
    memcpy(entry, &symbol, sizeof(*entry));
    return S_OK;
}

HRESULT ddi_adapter_open(const char *driver_path, PFND3D12DDI_OPENADAPTER_0124 builtin_entry,
                         const char *builtin_name, struct ddi_adapter *adapter, char *err, size_t errlen)
{
    PFND3D12DDI_OPENADAPTER_0124 entry = NULL;
    D3D12DDIARG_OPENADAPTER_0124 args;
    const char *missing;
    HRESULT hr;

    if (err && errlen)
        err[0] = '\0';
    if (!adapter)
    {
        ddi_set_error(err, errlen, "no adapter to fill");
        return E_INVALIDARG;
    }
    memset(adapter, 0, sizeof(*adapter));

    if (FAILED(hr = ddi_resolve_entry(driver_path, builtin_entry, builtin_name, adapter, &entry, err, errlen)))
        goto fail;

    memset(&args, 0, sizeof(args));
    args.hRTAdapter.handle = adapter;
    args.pAdapterFuncs = &adapter->funcs;
    if (FAILED(hr = entry(&args)))
    {
        ddi_set_error(err, errlen, "%s: OpenAdapter failed (0x%08x)", adapter->driver_name, (unsigned int)hr);
        goto fail;
    }
    adapter->handle = args.hAdapter;

    if ((missing = ddi_missing_adapter_func(&adapter->funcs)))
    {
        ddi_set_error(err, errlen, "%s: the adapter table leaves %s NULL", adapter->driver_name, missing);
        hr = E_FAIL;
        goto fail_close;
    }
    if (FAILED(hr = ddi_negotiate_version(adapter, err, errlen)))
        goto fail_close;
    return S_OK;

fail_close:
    if (adapter->funcs.pfnCloseAdapter)
        adapter->funcs.pfnCloseAdapter(adapter->handle);
fail:
    if (adapter->library)
        dlclose(adapter->library);
    memset(adapter, 0, sizeof(*adapter));
    return hr;
}

void ddi_adapter_close(struct ddi_adapter *adapter)
{
    if (!adapter)
        return;
    /* When wrapped this reaches the spy's CloseAdapter, which drops its reference. */
    if (adapter->funcs.pfnCloseAdapter)
        adapter->funcs.pfnCloseAdapter(adapter->handle);
    if (adapter->library)
        dlclose(adapter->library);
    memset(adapter, 0, sizeof(*adapter));
}

HRESULT ddi_adapter_get_caps(struct ddi_adapter *adapter, D3D12DDICAPS_TYPE type, const void *info,
                             void *data, UINT size)
{
    D3D12DDIARG_GETCAPS args;

    if (!adapter || !adapter->funcs.pfnGetCaps)
        return E_INVALIDARG;
    args.Type = type;
    args.pInfo = info;
    args.pData = data;
    args.DataSize = size;
    return adapter->funcs.pfnGetCaps(adapter->handle, &args);
}
