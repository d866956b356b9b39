/*
 * d3d12info: the summary keys API.md fixes, with their text forms; JSON gives each its
 * typed form under the same key (specs/api.md).
 */
#include <string.h>

#include "d3d12info_features.h"

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

static void print_ddi_version(struct info_printer *p, UINT64 token)
{
    unsigned int version = (unsigned int)((token >> 16) & 0xffff);
    unsigned int major = (unsigned int)(token >> 48), minor = (unsigned int)((token >> 32) & 0xffff);

    info_text_line(p, "DDI version", "%04u (interface %u.%u, build %u)", version, major, minor, version);
    if (!p->json)
        return;
    info_object_begin(p, "DDI version");
    info_uint(p, "Version", version);
    info_uint(p, "InterfaceMajor", major);
    info_uint(p, "InterfaceMinor", minor);
    info_uint(p, "Build", version);
    info_object_end(p);
}

static void print_feature_level(struct info_printer *p, ID3D12Device *device)
{
    static const D3D_FEATURE_LEVEL levels[] = {
        D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0,
        D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_2,
    };
    D3D12_FEATURE_DATA_FEATURE_LEVELS data = {INFO_COUNT(levels), levels, 0};

    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &data, sizeof(data));
    info_string(p, "Feature level", feature_level_name(data.MaxSupportedFeatureLevel));
}

static void print_architecture(struct info_printer *p, ID3D12Device *device)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS12 options12 = {0};
    D3D12_FEATURE_DATA_ARCHITECTURE1 architecture = {0};

    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS12, &options12, sizeof(options12));
    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_ARCHITECTURE1, &architecture, sizeof(architecture));
    if (p->json)
    {
        info_bool(p, "Enhanced barriers", options12.EnhancedBarriersSupported);
        info_object_begin(p, "UMA");
        info_bool(p, "UMA", architecture.UMA);
        info_bool(p, "CacheCoherentUMA", architecture.CacheCoherentUMA);
        info_object_end(p);
        return;
    }
    info_text_line(p, "Enhanced barriers", "%s", options12.EnhancedBarriersSupported ? "yes" : "no");
    info_text_line(p, "UMA", "%s", !architecture.UMA ? "no (discrete)"
            : architecture.CacheCoherentUMA ? "yes (cache-coherent)" : "yes");
}

static void print_async(struct info_printer *p, ID3D12Device *device, const char *reason)
{
    D3D12_FEATURE_DATA_ASYNC_COMMANDS async = {D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED};

    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_ASYNC_COMMANDS, &async, sizeof(async));
    info_text_line(p, "Async commands", "%s (%s)", async_impl_name(async.Impl), reason);
    if (!p->json)
        return;
    info_object_begin(p, "Async commands");
    info_string(p, "Impl", async_impl_name(async.Impl));
    info_string(p, "Reason", reason);
    info_object_end(p);
}

static void print_tiling(struct info_printer *p, ID3D12Device *device)
{
    D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS tile_mappings = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS options = {0};
    bool mappings;

    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options));
    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_EXECUTE_TILE_MAPPINGS, &tile_mappings,
            sizeof(tile_mappings));
    mappings = tile_mappings.MaxTilePoolLayoutIndexCount && tile_mappings.MaxResourceLayoutIndexCount;
    if (p->json)
    {
        info_uint(p, "Tiled resources tier", (UINT)options.TiledResourcesTier);
        info_object_begin(p, "Execute tile mappings");
        info_bool(p, "Supported", mappings);
        info_uint(p, "MaxTilePoolLayoutIndexCount", tile_mappings.MaxTilePoolLayoutIndexCount);
        info_uint(p, "MaxResourceLayoutIndexCount", tile_mappings.MaxResourceLayoutIndexCount);
        info_object_end(p);
        return;
    }
    if (options.TiledResourcesTier == D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED)
        info_text_line(p, "Tiled resources tier", "not supported");
    else
        info_text_line(p, "Tiled resources tier", "%d", (int)options.TiledResourcesTier);
    if (mappings)
        info_text_line(p, "Execute tile mappings", "max tile pool layouts %u, max resource layouts %u",
                tile_mappings.MaxTilePoolLayoutIndexCount, tile_mappings.MaxResourceLayoutIndexCount);
    else
        info_text_line(p, "Execute tile mappings", "not supported");
}

static void print_threading(struct info_printer *p, ID3D12Device *device)
{
    D3D12RT_FEATURE_DATA_THREADING threading = {FALSE, FALSE};

    ID3D12Device_CheckFeatureSupport(device, D3D12RT_FEATURE_THREADING, &threading, sizeof(threading));
    info_text_line(p, "Threading", "%s; command lists %s",
            threading.DriverConcurrentCreates ? "free-threaded" : "serialized",
            threading.DriverCommandLists ? "driver" : "emulated");
    if (!p->json)
        return;
    info_object_begin(p, "Threading");
    info_string(p, "Calls", threading.DriverConcurrentCreates ? "free-threaded" : "serialized");
    info_string(p, "CommandLists", threading.DriverCommandLists ? "driver" : "emulated");
    info_object_end(p);
}

void info_print_summary(struct info_printer *p, ID3D12Device *device, const struct rt_device_report *report)
{
    info_string(p, "Driver", report->driver);
    print_ddi_version(p, report->ddi_version);
    print_feature_level(p, device);
    print_architecture(p, device);
    print_async(p, device, report->async_reason);
    print_tiling(p, device);
    print_threading(p, device);
}

void info_print_memory(struct info_printer *p, const struct rt_device_report *report)
{
    info_object_begin(p, "VIDEO_MEMORY");
    info_uint(p, "DedicatedVideoMemory", report->dedicated_video_memory);
    info_uint(p, "SharedSystemMemory", report->shared_system_memory);
    info_object_end(p);
}
