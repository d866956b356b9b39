/* ExecuteTileMappings errors found on the tile mapping queue's timeline (seed 001). */
#include "rt_tile_mapping.h"
#include "rt_info_queue.h"

/* Seed 001's canonical names for codes 128-134. */
const char *rt_tile_mapping_error_name(UINT code)
{
    static const char *const names[] =
    {
        "OUT_OF_RESOURCE_BOUNDS", "OUT_OF_TILEPOOL_BOUNDS", "UNEXPECTED_END_OF_BUFFER", "INVALID_TOKEN",
        "INVALID_TILEPOOL", "INVALID_RESOURCE", "INCOMPATIBLE_BOX_MAPPING",
    };

    if (code < D3D12RT_EXECUTETILEMAPPINGS_ERROR_OUT_OF_RESOURCE_BOUNDS
            || code > D3D12RT_EXECUTETILEMAPPINGS_ERROR_INCOMPATIBLE_BOX_MAPPING)
        return NULL;
    return names[code - D3D12RT_EXECUTETILEMAPPINGS_ERROR_OUT_OF_RESOURCE_BOUNDS];
}

/* One message per failed call, in the seed's exact words, then removal: seed 001 lets
 * invalid argument-buffer contents remove the device, and a stream that failed half-way
 * leaves mappings the application cannot know. DXGI_ERROR_INVALID_CALL: the application's
 * input was at fault, not the GPU. */
void APIENTRY rt_tile_mapping_error_cb(D3D12DDI_HRTDEVICE handle, UINT code, UINT64 offset)
{
    struct rt_device *device = handle.handle;
    const char *name = rt_tile_mapping_error_name(code);

    if (!device)
        return;
    RT_WARN("Device %p: ExecuteTileMappings error %u at token byte offset %" PRIu64 ".", (void *)device, code,
            (uint64_t)offset);
    rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
            D3D12_MESSAGE_ID_EXECUTETILEMAPPINGS_EXECUTION_ERROR,
            "ExecuteTileMappings error %u: %s; token byte offset %" PRIu64, code, name ? name : "UNKNOWN",
            (uint64_t)offset);
    rt_device_mark_removed(device, DXGI_ERROR_INVALID_CALL);
}
