/*
 * d3d12info: creates a device on the default driver and prints what the runtime
 * chose, one "Key: Value" line each (or one JSON object with --json).
 *   d3d12info [--opt-in] [--json]
 * --opt-in creates the device the way an application opting in to the Async Commands
 * fallback does (a device factory's ID3D12AsyncCommandsFallback), so the Async commands
 * line shows what such an application gets, and why.
 */
#define COBJMACROS
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <d3d12rt/d3d12.h>
#include "rt_info.h"

struct info_line
{
    const char *key;
    char value[400];
};

struct info
{
    struct info_line lines[16];
    unsigned int count;
};

static void info_add(struct info *info, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void info_add(struct info *info, const char *key, const char *fmt, ...)
{
    struct info_line *line = &info->lines[info->count++];
    va_list args;

    line->key = key;
    va_start(args, fmt);
    vsnprintf(line->value, sizeof(line->value), fmt, args);
    va_end(args);
}

static const char *feature_level_name(D3D_FEATURE_LEVEL level)
{
    switch ((int)level)
    {
        case D3D_FEATURE_LEVEL_1_0_CORE: return "1_0_CORE";
        case D3D_FEATURE_LEVEL_11_0: return "11_0";
        case D3D_FEATURE_LEVEL_11_1: return "11_1";
        case D3D_FEATURE_LEVEL_12_0: return "12_0";
        case D3D_FEATURE_LEVEL_12_1: return "12_1";
        case D3D_FEATURE_LEVEL_12_2: return "12_2";
        default: return "unknown";
    }
}

static const char *async_impl_name(D3D12_ASYNC_COMMANDS_IMPL impl)
{
    switch ((int)impl)
    {
        case D3D12_ASYNC_COMMANDS_IMPL_NATIVE: return "NATIVE";
        case D3D12_ASYNC_COMMANDS_IMPL_FALLBACK: return "FALLBACK";
        default: return "NOT_SUPPORTED";
    }
}

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

static void gather(ID3D12Device *device, struct info *info)
{
    static const D3D_FEATURE_LEVEL levels[] = {
        D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0,
        D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_2,
    };
    D3D12_FEATURE_DATA_FEATURE_LEVELS feature_levels = {(UINT)(sizeof(levels) / sizeof(levels[0])), levels, 0};
    D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS tile_mappings = {0};
    D3D12_FEATURE_DATA_ASYNC_COMMANDS async = {D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED};
    D3D12RT_FEATURE_DATA_THREADING threading = {FALSE, FALSE};
    D3D12_FEATURE_DATA_ARCHITECTURE1 architecture = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS12 options12 = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS options = {0};
    struct rt_device_report report;

    memset(&report, 0, sizeof(report));
    rt_device_get_report(device, &report);
    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &feature_levels, sizeof(feature_levels));
    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options));
    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS12, &options12, sizeof(options12));
    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_ARCHITECTURE1, &architecture, sizeof(architecture));
    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_ASYNC_COMMANDS, &async, sizeof(async));
    ID3D12Device_CheckFeatureSupport(device, D3D12RT_FEATURE_THREADING, &threading, sizeof(threading));
    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_EXECUTE_TILE_MAPPINGS, &tile_mappings,
                                     sizeof(tile_mappings));

    info_add(info, "Driver", "%s", report.driver);
    info_add(info, "DDI version", "%04u (interface %u.%u, build %u)",
             (unsigned int)((report.ddi_version >> 16) & 0xffff),
             (unsigned int)(report.ddi_version >> 48), (unsigned int)((report.ddi_version >> 32) & 0xffff),
             (unsigned int)((report.ddi_version >> 16) & 0xffff));
    info_add(info, "Feature level", "%s", feature_level_name(feature_levels.MaxSupportedFeatureLevel));
    info_add(info, "Enhanced barriers", "%s", options12.EnhancedBarriersSupported ? "yes" : "no");
    info_add(info, "UMA", "%s", !architecture.UMA ? "no (discrete)"
             : architecture.CacheCoherentUMA ? "yes (cache-coherent)" : "yes");
    info_add(info, "Async commands", "%s (%s)", async_impl_name(async.Impl), report.async_reason);
    if (options.TiledResourcesTier == D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED)
        info_add(info, "Tiled resources tier", "not supported");
    else
        info_add(info, "Tiled resources tier", "%d", (int)options.TiledResourcesTier);
    if (tile_mappings.MaxTilePoolLayoutIndexCount && tile_mappings.MaxResourceLayoutIndexCount)
        info_add(info, "Execute tile mappings", "max tile pool layouts %u, max resource layouts %u",
                 tile_mappings.MaxTilePoolLayoutIndexCount, tile_mappings.MaxResourceLayoutIndexCount);
    else
        info_add(info, "Execute tile mappings", "not supported");
    info_add(info, "Threading", "%s; command lists %s", threading.DriverConcurrentCreates ? "free-threaded" : "serialized",
             threading.DriverCommandLists ? "driver" : "emulated");
}

static void print_json_string(const char *s)
{
    putchar('"');
    for (; *s; ++s)
    {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", (unsigned char)*s);
        else
            putchar(*s);
    }
    putchar('"');
}

int main(int argc, char **argv)
{
    int opt_in = 0, json = 0;
    ID3D12Device *device;
    struct info info;
    unsigned int i;
    HRESULT hr;

    for (i = 1; i < (unsigned int)argc; ++i)
    {
        if (!strcmp(argv[i], "--opt-in"))
            opt_in = 1;
        else if (!strcmp(argv[i], "--json"))
            json = 1;
        else
        {
            fprintf(stderr, "usage: d3d12info [--opt-in] [--json]\n");
            return 2;
        }
    }

    if (FAILED(hr = create_device(opt_in, &device)))
    {
        fprintf(stderr, "d3d12info: device creation failed: 0x%08x\n", (unsigned int)hr);
        return 1;
    }
    memset(&info, 0, sizeof(info));
    gather(device, &info);
    ID3D12Device_Release(device);

    if (json)
    {
        putchar('{');
        for (i = 0; i < info.count; ++i)
        {
            if (i)
                putchar(',');
            print_json_string(info.lines[i].key);
            putchar(':');
            print_json_string(info.lines[i].value);
        }
        puts("}");
    }
    else
    {
        for (i = 0; i < info.count; ++i)
            printf("%s: %s\n", info.lines[i].key, info.lines[i].value);
    }
    return 0;
}
