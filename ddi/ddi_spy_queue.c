/* The DDI spy's queue tables: command queues, and the tile mapping device entries and queue (0124). */
#include <stdio.h>
#include <string.h>

#include "ddi_spy_private.h"

#define HR(hr) ((unsigned int)(hr))

static const D3D12DDIARG_FENCE_OPERATION_0124 *spy_fence_op(const D3D12DDIARG_FENCE_OPERATION_0124 *op,
                                                            D3D12DDIARG_FENCE_OPERATION_0124 *copy)
{
    if (!op)
        return NULL;
    copy->hFence = spy_in_fence(op->hFence);
    copy->Value = op->Value;
    return copy;
}

/* A queue entry that cannot translate its arguments loses the device, as a driver would. */
static void spy_device_out_of_memory(struct spy_device *d)
{
    spy_log(d->spy, "SpyOutOfMemory", "device");
    if (d->callbacks.pfnSetDeviceErrorCb)
        d->callbacks.pfnSetDeviceErrorCb(d->rt_device, E_OUTOFMEMORY);
}

/* ---- Command queues ------------------------------------------------------------------------ */

static void APIENTRY spy_ExecuteCommandLists(D3D12DDI_HCOMMANDQUEUE queue, UINT count, const D3D12DDI_HCOMMANDLIST *lists)
{
    SPY_GUARD(queue);
    struct spy_device *d = SPY_DEVICE(queue);
    D3D12DDI_HCOMMANDLIST *inner = NULL;
    struct spy_scratch scratch;
    UINT i;

    spy_log(d->spy, "ExecuteCommandLists", "queue=%p, count=%u, first=%p", queue.pDrvPrivate, count,
            lists && count ? lists[0].pDrvPrivate : NULL);
    if (lists && !(inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        spy_device_out_of_memory(d);
        return;
    }
    for (i = 0; inner && i < count; ++i)
        inner[i] = spy_in_list(lists[i]);
    d->queue.pfnExecuteCommandLists(spy_in_queue(queue), count, inner);
    if (lists)
        spy_scratch_free(&scratch);
}

static void APIENTRY spy_UpdateTileMappings(D3D12DDI_HCOMMANDQUEUE queue, D3D12DDI_HRESOURCE resource, UINT num_regions,
                                            const D3D12DDI_TILED_RESOURCE_COORDINATE *coordinates,
                                            const D3D12DDI_TILE_REGION_SIZE *sizes, D3D12DDI_HHEAP heap,
                                            UINT num_ranges, const D3D12_TILE_RANGE_FLAGS *range_flags,
                                            const UINT *heap_offsets, const UINT *tile_counts,
                                            D3D12_TILE_MAPPING_FLAGS flags)
{
    SPY_GUARD(queue);
    struct spy_device *d = SPY_DEVICE(queue);

    spy_log(d->spy, "UpdateTileMappings", "queue=%p, resource=%p, regions=%u, heap=%p, ranges=%u, Flags=0x%x",
            queue.pDrvPrivate, resource.pDrvPrivate, num_regions, heap.pDrvPrivate, num_ranges, (unsigned int)flags);
    d->queue.pfnUpdateTileMappings(spy_in_queue(queue), spy_in_resource(resource), num_regions, coordinates, sizes,
                                   spy_in_heap(heap), num_ranges, range_flags, heap_offsets, tile_counts, flags);
}

static void APIENTRY spy_CopyTileMappings(D3D12DDI_HCOMMANDQUEUE queue, D3D12DDI_HRESOURCE dst,
                                          const D3D12DDI_TILED_RESOURCE_COORDINATE *dst_start, D3D12DDI_HRESOURCE src,
                                          const D3D12DDI_TILED_RESOURCE_COORDINATE *src_start,
                                          const D3D12DDI_TILE_REGION_SIZE *size, D3D12_TILE_MAPPING_FLAGS flags)
{
    SPY_GUARD(queue);
    struct spy_device *d = SPY_DEVICE(queue);

    spy_log(d->spy, "CopyTileMappings", "queue=%p, dst=%p, src=%p, tiles=%u, Flags=0x%x", queue.pDrvPrivate,
            dst.pDrvPrivate, src.pDrvPrivate, size ? size->NumTiles : 0u, (unsigned int)flags);
    d->queue.pfnCopyTileMappings(spy_in_queue(queue), spy_in_resource(dst), dst_start, spy_in_resource(src),
                                 src_start, size, flags);
}

static void APIENTRY spy_SignalFence(D3D12DDI_HCOMMANDQUEUE queue, const D3D12DDIARG_FENCE_OPERATION_0124 *op)
{
    SPY_GUARD(queue);
    struct spy_device *d = SPY_DEVICE(queue);
    D3D12DDIARG_FENCE_OPERATION_0124 copy;

    spy_log(d->spy, "SignalFence", "queue=%p, fence=%p, Value=%llu", queue.pDrvPrivate,
            op ? op->hFence.pDrvPrivate : NULL, op ? (unsigned long long)op->Value : 0ull);
    d->queue.pfnSignalFence(spy_in_queue(queue), spy_fence_op(op, &copy));
}

static void APIENTRY spy_WaitForFence(D3D12DDI_HCOMMANDQUEUE queue, const D3D12DDIARG_FENCE_OPERATION_0124 *op)
{
    SPY_GUARD(queue);
    struct spy_device *d = SPY_DEVICE(queue);
    D3D12DDIARG_FENCE_OPERATION_0124 copy;

    spy_log(d->spy, "WaitForFence", "queue=%p, fence=%p, Value=%llu", queue.pDrvPrivate,
            op ? op->hFence.pDrvPrivate : NULL, op ? (unsigned long long)op->Value : 0ull);
    d->queue.pfnWaitForFence(spy_in_queue(queue), spy_fence_op(op, &copy));
}

static HRESULT APIENTRY spy_GetTimestampFrequency(D3D12DDI_HCOMMANDQUEUE queue, UINT64 *frequency)
{
    SPY_GUARD(queue);
    struct spy_device *d = SPY_DEVICE(queue);
    HRESULT hr = d->queue.pfnGetTimestampFrequency(spy_in_queue(queue), frequency);

    spy_log(d->spy, "GetTimestampFrequency", "queue=%p -> 0x%08x, %llu", queue.pDrvPrivate, HR(hr),
            frequency && SUCCEEDED(hr) ? (unsigned long long)*frequency : 0ull);
    return hr;
}

static HRESULT APIENTRY spy_GetClockCalibration(D3D12DDI_HCOMMANDQUEUE queue, UINT64 *gpu, UINT64 *cpu)
{
    SPY_GUARD(queue);
    struct spy_device *d = SPY_DEVICE(queue);
    HRESULT hr = d->queue.pfnGetClockCalibration(spy_in_queue(queue), gpu, cpu);

    spy_log(d->spy, "GetClockCalibration", "queue=%p -> 0x%08x", queue.pDrvPrivate, HR(hr));
    return hr;
}

void spy_fill_queue_table(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *outer,
                          const D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *inner)
{
    SPY_FILL(outer, inner, pfnExecuteCommandLists, spy_ExecuteCommandLists);
    SPY_FILL(outer, inner, pfnUpdateTileMappings, spy_UpdateTileMappings);
    SPY_FILL(outer, inner, pfnCopyTileMappings, spy_CopyTileMappings);
    SPY_FILL(outer, inner, pfnSignalFence, spy_SignalFence);
    SPY_FILL(outer, inner, pfnWaitForFence, spy_WaitForFence);
    SPY_FILL(outer, inner, pfnGetTimestampFrequency, spy_GetTimestampFrequency);
    SPY_FILL(outer, inner, pfnGetClockCalibration, spy_GetClockCalibration);
}

/* ---- Tile mapping entries of the device table ------------------------------------------------ */

static SIZE_T APIENTRY spy_CalcPrivateTileMappingQueueSize(D3D12DDI_HDEVICE device, UINT node)
{
    struct spy_device *d = SPY_DEVICE(device);
    SIZE_T size = spy_outer_size(d->core.pfnCalcPrivateTileMappingQueueSize(spy_in_device(device), node));

    spy_log(d->spy, "CalcPrivateTileMappingQueueSize", "NodeIndex=%u -> %zu", node, (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreateTileMappingQueue(D3D12DDI_HDEVICE device, UINT node,
                                                   D3D12DDI_HTILEMAPPINGQUEUE_0124 queue)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr;

    spy_init_header(queue.pDrvPrivate, d, NULL);
    hr = d->core.pfnCreateTileMappingQueue(spy_in_device(device), node, spy_in_tile_queue(queue));
    spy_log(d->spy, "CreateTileMappingQueue", "queue=%p, NodeIndex=%u -> 0x%08x", queue.pDrvPrivate, node, HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyTileMappingQueue(D3D12DDI_HDEVICE device, D3D12DDI_HTILEMAPPINGQUEUE_0124 queue)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyTileMappingQueue", "queue=%p", queue.pDrvPrivate);
    d->core.pfnDestroyTileMappingQueue(spy_in_device(device), spy_in_tile_queue(queue));
}

static HRESULT APIENTRY spy_InitializeExecuteTileMappingLayoutTables(D3D12DDI_HDEVICE device, UINT node,
                                                                    UINT pool_count, UINT resource_count)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr;

    hr = d->core.pfnInitializeExecuteTileMappingLayoutTables(spy_in_device(device), node, pool_count,
                                                                    resource_count);
    spy_log(d->spy, "InitializeExecuteTileMappingLayoutTables",
            "NodeIndex=%u, TilePoolLayoutIndexCount=%u, ResourceLayoutIndexCount=%u -> 0x%08x", node, pool_count,
            resource_count, HR(hr));
    return hr;
}

static HRESULT APIENTRY spy_RegisterResourceLayouts(D3D12DDI_HDEVICE device, UINT node, UINT count,
                                                    const D3D12DDI_HRESOURCE *resources, const UINT *indices)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDI_HRESOURCE *inner = NULL;
    struct spy_scratch scratch;
    HRESULT hr = E_OUTOFMEMORY;
    UINT i;

    if (!resources || (inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        for (i = 0; inner && i < count; ++i)
            inner[i] = spy_in_resource(resources[i]);
        hr = d->core.pfnRegisterResourceLayouts(spy_in_device(device), node, count, inner, indices);
    }
    spy_log(d->spy, "RegisterResourceLayouts", "NodeIndex=%u, count=%u, first=%p at %u -> 0x%08x", node, count,
            resources && count ? resources[0].pDrvPrivate : NULL, indices && count ? indices[0] : 0u, HR(hr));
    if (resources)
        spy_scratch_free(&scratch);
    return hr;
}

static HRESULT APIENTRY spy_RegisterHeapLayouts(D3D12DDI_HDEVICE device, UINT node, UINT count,
                                                const D3D12DDI_HHEAP *heaps, const UINT *indices)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDI_HHEAP *inner = NULL;
    struct spy_scratch scratch;
    HRESULT hr = E_OUTOFMEMORY;
    UINT i;

    if (!heaps || (inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        for (i = 0; inner && i < count; ++i)
            inner[i] = spy_in_heap(heaps[i]);
        hr = d->core.pfnRegisterHeapLayouts(spy_in_device(device), node, count, inner, indices);
    }
    spy_log(d->spy, "RegisterHeapLayouts", "NodeIndex=%u, count=%u, first=%p at %u -> 0x%08x", node, count,
            heaps && count ? heaps[0].pDrvPrivate : NULL, indices && count ? indices[0] : 0u, HR(hr));
    if (heaps)
        spy_scratch_free(&scratch);
    return hr;
}

static HRESULT APIENTRY spy_UnregisterResourceLayouts(D3D12DDI_HDEVICE device, UINT node, UINT count,
                                                      const UINT *indices)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr = d->core.pfnUnregisterResourceLayouts(spy_in_device(device), node, count, indices);

    spy_log(d->spy, "UnregisterResourceLayouts", "NodeIndex=%u, count=%u, first=%u -> 0x%08x", node, count,
            indices && count ? indices[0] : 0u, HR(hr));
    return hr;
}

static HRESULT APIENTRY spy_UnregisterHeapLayouts(D3D12DDI_HDEVICE device, UINT node, UINT count, const UINT *indices)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr = d->core.pfnUnregisterHeapLayouts(spy_in_device(device), node, count, indices);

    spy_log(d->spy, "UnregisterHeapLayouts", "NodeIndex=%u, count=%u, first=%u -> 0x%08x", node, count,
            indices && count ? indices[0] : 0u, HR(hr));
    return hr;
}

static HRESULT APIENTRY spy_QueryRegisteredReservedResourceMappings(D3D12DDI_HDEVICE device, UINT node,
                                                                    D3D12DDI_HRESOURCE reserved, UINT64 start,
                                                                    UINT64 count, UINT64 output_offset,
                                                                    D3D12DDI_HRESOURCE output)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr;

    hr = d->core.pfnQueryRegisteredReservedResourceMappings(spy_in_device(device), node,
                                                                    spy_in_resource(reserved), start, count,
                                                                    output_offset, spy_in_resource(output));
    spy_log(d->spy, "QueryRegisteredReservedResourceMappings",
            "NodeIndex=%u, resource=%p, start=%llu, count=%llu, output=%p+%llu -> 0x%08x", node, reserved.pDrvPrivate,
            (unsigned long long)start, (unsigned long long)count, output.pDrvPrivate,
            (unsigned long long)output_offset, HR(hr));
    return hr;
}

void spy_fill_tile_device_entries(D3D12DDI_DEVICE_FUNCS_CORE_0124 *outer, const D3D12DDI_DEVICE_FUNCS_CORE_0124 *inner)
{
    SPY_FILL(outer, inner, pfnCalcPrivateTileMappingQueueSize, spy_CalcPrivateTileMappingQueueSize);
    SPY_FILL(outer, inner, pfnCreateTileMappingQueue, spy_CreateTileMappingQueue);
    SPY_FILL(outer, inner, pfnDestroyTileMappingQueue, spy_DestroyTileMappingQueue);
    SPY_FILL(outer, inner, pfnInitializeExecuteTileMappingLayoutTables, spy_InitializeExecuteTileMappingLayoutTables);
    SPY_FILL(outer, inner, pfnRegisterResourceLayouts, spy_RegisterResourceLayouts);
    SPY_FILL(outer, inner, pfnRegisterHeapLayouts, spy_RegisterHeapLayouts);
    SPY_FILL(outer, inner, pfnUnregisterResourceLayouts, spy_UnregisterResourceLayouts);
    SPY_FILL(outer, inner, pfnUnregisterHeapLayouts, spy_UnregisterHeapLayouts);
    SPY_FILL(outer, inner, pfnQueryRegisteredReservedResourceMappings, spy_QueryRegisteredReservedResourceMappings);
}

/* ---- The tile mapping queue's table (type 40, tableNum 0) ------------------------------------------------------- */

static void APIENTRY spy_ExecuteTileMappings(D3D12DDI_HTILEMAPPINGQUEUE_0124 queue, UINT max_dwords,
                                             D3D12DDI_HRESOURCE arguments, UINT64 arguments_offset,
                                             D3D12DDI_HRESOURCE count, UINT64 count_offset,
                                             D3D12DDI_HRESOURCE tile_list, UINT64 tile_list_offset,
                                             D3DDDI_EXECUTE_TILE_MAPPINGS_FLAGS flags)
{
    SPY_GUARD(queue);
    struct spy_device *d = SPY_DEVICE(queue);

    spy_log(d->spy, "ExecuteTileMappings",
            "queue=%p, MaxArgumentDwordCount=%u, arguments=%p+%llu, count=%p+%llu, tile_list=%p+%llu, Flags=0x%x",
            queue.pDrvPrivate, max_dwords, arguments.pDrvPrivate, (unsigned long long)arguments_offset,
            count.pDrvPrivate, (unsigned long long)count_offset, tile_list.pDrvPrivate,
            (unsigned long long)tile_list_offset, (unsigned int)flags);
    d->tile_queue.pfnExecuteTileMappings(spy_in_tile_queue(queue), max_dwords, spy_in_resource(arguments),
                                         arguments_offset, spy_in_resource(count), count_offset,
                                         spy_in_resource(tile_list), tile_list_offset, flags);
}

static void APIENTRY spy_TileQueueSignalFence(D3D12DDI_HCOMMANDQUEUE queue,
                                              const D3D12DDIARG_FENCE_OPERATION_0124 *op)
{
    SPY_GUARD(queue);
    struct spy_device *d = SPY_DEVICE(queue);
    D3D12DDIARG_FENCE_OPERATION_0124 copy;

    spy_log(d->spy, "SignalFence", "tile_queue=%p, fence=%p, Value=%llu", queue.pDrvPrivate,
            op ? op->hFence.pDrvPrivate : NULL, op ? (unsigned long long)op->Value : 0ull);
    d->tile_queue.pfnSignalFence(spy_in_queue(queue), spy_fence_op(op, &copy));
}

static void APIENTRY spy_TileQueueWaitForFence(D3D12DDI_HCOMMANDQUEUE queue,
                                               const D3D12DDIARG_FENCE_OPERATION_0124 *op)
{
    SPY_GUARD(queue);
    struct spy_device *d = SPY_DEVICE(queue);
    D3D12DDIARG_FENCE_OPERATION_0124 copy;

    spy_log(d->spy, "WaitForFence", "tile_queue=%p, fence=%p, Value=%llu", queue.pDrvPrivate,
            op ? op->hFence.pDrvPrivate : NULL, op ? (unsigned long long)op->Value : 0ull);
    d->tile_queue.pfnWaitForFence(spy_in_queue(queue), spy_fence_op(op, &copy));
}

void spy_fill_tile_queue_table(D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 *outer,
                               const D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 *inner)
{
    SPY_FILL(outer, inner, pfnExecuteTileMappings, spy_ExecuteTileMappings);
    SPY_FILL(outer, inner, pfnSignalFence, spy_TileQueueSignalFence);
    SPY_FILL(outer, inner, pfnWaitForFence, spy_TileQueueWaitForFence);
}
