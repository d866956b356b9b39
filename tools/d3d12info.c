/*
 * d3d12info: creates a device and prints what CheckFeatureSupport answers, as
 * D3d12info does on Windows: first the summary keys API.md fixes, then every feature
 * structure field by field (d3d12info_options.c), the adapter's memory, the adapter as
 * DXCore describes it (d3d12info_dxcore.c) and, with
 * --formats, every format's support. Text is "Key: value" lines, nested sections
 * indented; --json prints one JSON object with typed values (keys in specs/api.md).
 * The man page is man/d3d12info.1.
 */
#include <stdio.h>
#include <string.h>

#include "d3d12info_features.h"
#include "rt_config.h"

static const char usage[] =
    "usage: d3d12info [--opt-in] [--json] [--formats] [--driver PATH]\n"
    "  --opt-in       create the device with the application's Async Commands fallback opt-in\n"
    "  --json         print one JSON object instead of \"Key: value\" lines\n"
    "  --formats      add every format's support bits and MSAA quality levels\n"
    "  --driver PATH  inspect the driver library PATH instead of the configured one\n"
    "  --help         print this and exit\n";

static HRESULT create_device(int opt_in, ID3D12Device **device)
{
    ID3D12AsyncCommandsFallback *fallback = NULL;
    ID3D12DeviceFactory *factory = NULL;
    HRESULT hr;

    if (!opt_in)
        return D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)device);

    if (FAILED(hr = D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory)))
        return hr;
    hr = ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12AsyncCommandsFallback,
                                                       &IID_ID3D12AsyncCommandsFallback, (void **)&fallback);
    if (SUCCEEDED(hr))
    {
        hr = ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(fallback, TRUE);
        ID3D12AsyncCommandsFallback_Release(fallback);
    }
    if (SUCCEEDED(hr))
        hr = ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                                              (void **)device);
    ID3D12DeviceFactory_Release(factory);
    return hr;
}

int main(int argc, char **argv)
{
    int opt_in = 0, json = 0, formats = 0;
    struct rt_device_report report;
    struct info_printer printer;
    ID3D12Device *device;
    int i;
    HRESULT hr;

    for (i = 1; i < argc; ++i)
    {
        if (!strcmp(argv[i], "--opt-in"))
            opt_in = 1;
        else if (!strcmp(argv[i], "--json"))
            json = 1;
        else if (!strcmp(argv[i], "--formats"))
            formats = 1;
        else if (!strcmp(argv[i], "--driver") && i + 1 < argc)
            rt_config_set_driver_override(argv[++i]);
        else if (!strcmp(argv[i], "--help"))
        {
            fputs(usage, stdout);
            return 0;
        }
        else
        {
            fputs(usage, stderr);
            return 2;
        }
    }

    if (FAILED(hr = create_device(opt_in, &device)))
    {
        fprintf(stderr, "d3d12info: device creation failed: 0x%08x\n", (unsigned int)hr);
        return 1;
    }
    memset(&report, 0, sizeof(report));
    rt_device_get_report(device, &report);

    info_begin(&printer, json);
    info_print_summary(&printer, device, &report);
    info_print_features(&printer, device);
    info_print_memory(&printer, &report);
    info_print_dxcore(&printer, device);
    if (formats)
        info_print_formats(&printer, device);
    info_end(&printer);
    ID3D12Device_Release(device);
    return 0;
}
