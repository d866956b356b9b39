/*
 * Command queues: each has a backend queue (one in-order timeline). Command lists,
 * fence signals and waits, and tile mapping updates go onto it in submission order;
 * the execution engine runs the lists there, and the mappings change the page table
 * there (agx_tile.h), after the work submitted before them.
 *
 * The tile mapping queue (seed 001) is one of these too, with its own timeline: its
 * table shares the fence entries, and ExecuteTileMappings runs there as a job
 * (agx_tile_layouts.h), each call done before the next starts.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "agx_exec.h"
#include "agx_fence.h"
#include "agx_tile.h"
#include "agx_tile_layouts.h"

/* Lives in the runtime's memory (CalcPrivateCommandQueueSize). */
struct agx_queue
{
    struct agx_device *device;
    D3D12DDI_HRTCOMMANDQUEUE hrt;
    D3D12_COMMAND_LIST_TYPE type;
    uint64_t watchdog_ns;        /* 0 with D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT */
    struct agx_hw_queue *hw;
};

/* The recordings of one ExecuteCommandLists call. */
struct agx_queue_batch
{
    struct agx_device *device;
    uint64_t watchdog_ns;
    UINT count;
    const struct agx_cmd *recordings[];
};

static struct agx_queue *agx_queue_from_handle(D3D12DDI_HCOMMANDQUEUE handle)
{
    return handle.pDrvPrivate;
}

static SIZE_T APIENTRY agx_queue_calc_size(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *args)
{
    return sizeof(struct agx_queue);
}

static HRESULT APIENTRY agx_queue_create(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *args,
                                         D3D12DDI_HCOMMANDQUEUE hqueue, D3D12DDI_HRTCOMMANDQUEUE rt_queue)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    struct agx_queue *queue = agx_queue_from_handle(hqueue);

    switch (args->Type)
    {
        case D3D12_COMMAND_LIST_TYPE_DIRECT:
        case D3D12_COMMAND_LIST_TYPE_COMPUTE:
        case D3D12_COMMAND_LIST_TYPE_COPY:
            break;
        default:
            return E_INVALIDARG;
    }
    memset(queue, 0, sizeof(*queue));
    queue->device = device;
    queue->hrt = rt_queue;
    queue->type = args->Type;
    /* The application asked for no timeout on this queue (D3D12_COMMAND_QUEUE_FLAGS). */
    queue->watchdog_ns = args->Flags & D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT ? 0 : device->watchdog_ns;
    return device->backend->ops->queue_create(device->backend, &queue->hw);
}

/* Waits for the work that can still run, then stops the timeline. */
static void APIENTRY agx_queue_destroy(D3D12DDI_HDEVICE hdevice, D3D12DDI_HCOMMANDQUEUE hqueue)
{
    struct agx_queue *queue = agx_queue_from_handle(hqueue);

    queue->device->backend->ops->queue_destroy(queue->hw);
    queue->hw = NULL;
}

static void agx_queue_run_batch(void *context, bool execute)
{
    struct agx_queue_batch *batch = context;
    struct agx_device *device = batch->device;
    HRESULT hr = S_OK;
    UINT i;

    /* Each list has its own budget, as each has its own TDR timeout on Windows. */
    for (i = 0; execute && hr == S_OK && i < batch->count; ++i)
        hr = agx_exec_recording(device, batch->recordings[i], batch->watchdog_ns);
    free(batch);
    /* Reported once the engine touches nothing any more (the hang, or the engine's own
     * failure); a stop for a loss reported elsewhere is no hang. */
    if (FAILED(hr) && !atomic_load(&device->lost))
        agx_device_lost(device, hr);
}

static void APIENTRY agx_queue_execute_command_lists(D3D12DDI_HCOMMANDQUEUE hqueue, UINT count,
                                                     const D3D12DDI_HCOMMANDLIST *lists)
{
    struct agx_queue *queue = agx_queue_from_handle(hqueue);
    struct agx_backend *backend = queue->device->backend;
    struct agx_queue_batch *batch;
    struct agx_cmdlist *list;
    HRESULT hr;
    UINT i;

    if (!count)
        return;
    if (!(batch = malloc(sizeof(*batch) + count * sizeof(batch->recordings[0]))))
    {
        agx_device_lost(queue->device, E_OUTOFMEMORY);
        return;
    }
    batch->device = queue->device;
    batch->watchdog_ns = queue->watchdog_ns;
    batch->count = 0;
    for (i = 0; i < count; ++i)
    {
        list = agx_cmdlist_from_handle(lists[i]);
        /* The runtime removes lists whose recording failed; never run half of one. */
        if (list->recording || FAILED(list->error))
        {
            agx_tell(queue->device, D3D12_MESSAGE_CATEGORY_EXECUTION,
                     "ExecuteCommandLists: list %u is open or failed; skipped", i);
            continue;
        }
        batch->recordings[batch->count++] = list->first;
    }
    if (FAILED(hr = backend->ops->queue_run(queue->hw, agx_queue_run_batch, batch)))
    {
        free(batch);
        agx_device_lost(queue->device, hr);
    }
}

static void APIENTRY agx_queue_signal_fence(D3D12DDI_HCOMMANDQUEUE hqueue, const D3D12DDIARG_FENCE_OPERATION_0124 *op)
{
    struct agx_queue *queue = agx_queue_from_handle(hqueue);
    struct agx_backend *backend = queue->device->backend;
    HRESULT hr;

    if (FAILED(hr = backend->ops->queue_signal(queue->hw, agx_fence_from_handle(op->hFence)->timeline, op->Value)))
        agx_device_lost(queue->device, hr);
}

static void APIENTRY agx_queue_wait_for_fence(D3D12DDI_HCOMMANDQUEUE hqueue, const D3D12DDIARG_FENCE_OPERATION_0124 *op)
{
    struct agx_queue *queue = agx_queue_from_handle(hqueue);
    struct agx_backend *backend = queue->device->backend;
    HRESULT hr;

    if (FAILED(hr = backend->ops->queue_wait(queue->hw, agx_fence_from_handle(op->hFence)->timeline, op->Value)))
        agx_device_lost(queue->device, hr);
}

/* Planned now (the caller's arrays die with the call), bound on the timeline. */
static void agx_queue_run_binds(struct agx_queue *queue, HRESULT hr, struct agx_tile_binds *binds)
{
    struct agx_backend *backend = queue->device->backend;

    if (hr == E_INVALIDARG)
    {
        agx_tell(queue->device, D3D12_MESSAGE_CATEGORY_EXECUTION, "tile mappings: a heap tile outside the heap or a range without a heap; dropped");
        return;
    }
    if (SUCCEEDED(hr) && FAILED(hr = backend->ops->queue_run(queue->hw, agx_tile_run_binds, binds)))
        free(binds);
    if (FAILED(hr))
        agx_device_lost(queue->device, hr);
}

static void APIENTRY agx_queue_update_tile_mappings(D3D12DDI_HCOMMANDQUEUE hqueue, D3D12DDI_HRESOURCE hresource,
        UINT region_count, const D3D12DDI_TILED_RESOURCE_COORDINATE *coordinates,
        const D3D12DDI_TILE_REGION_SIZE *sizes, D3D12DDI_HHEAP hheap, UINT range_count,
        const D3D12_TILE_RANGE_FLAGS *range_flags, const UINT *heap_offsets, const UINT *range_tile_counts,
        D3D12_TILE_MAPPING_FLAGS flags)
{
    struct agx_queue *queue = agx_queue_from_handle(hqueue);
    const struct agx_resource *resource = agx_resource_from_handle(hresource);
    struct agx_tile_binds *binds = NULL;
    HRESULT hr;

    if (!resource || resource->kind != D3D12DDI_RESOURCE_KIND_RESERVED)
    {
        agx_tell(queue->device, D3D12_MESSAGE_CATEGORY_EXECUTION, "UpdateTileMappings: not a reserved resource; dropped");
        return;
    }
    hr = agx_tile_plan_update(queue->device, resource, region_count, coordinates, sizes,
            agx_heap_from_handle(hheap), range_count, range_flags, heap_offsets, range_tile_counts, &binds);
    agx_queue_run_binds(queue, hr, binds);
}

static void APIENTRY agx_queue_copy_tile_mappings(D3D12DDI_HCOMMANDQUEUE hqueue, D3D12DDI_HRESOURCE hdst,
        const D3D12DDI_TILED_RESOURCE_COORDINATE *dst_start, D3D12DDI_HRESOURCE hsrc,
        const D3D12DDI_TILED_RESOURCE_COORDINATE *src_start, const D3D12DDI_TILE_REGION_SIZE *size,
        D3D12_TILE_MAPPING_FLAGS flags)
{
    struct agx_queue *queue = agx_queue_from_handle(hqueue);
    const struct agx_resource *dst = agx_resource_from_handle(hdst), *src = agx_resource_from_handle(hsrc);
    struct agx_tile_binds *binds = NULL;
    HRESULT hr;

    if (!dst || !src || dst->kind != D3D12DDI_RESOURCE_KIND_RESERVED || src->kind != D3D12DDI_RESOURCE_KIND_RESERVED
            || !dst_start || !src_start || !size)
    {
        agx_tell(queue->device, D3D12_MESSAGE_CATEGORY_EXECUTION, "CopyTileMappings: invalid arguments; dropped");
        return;
    }
    hr = agx_tile_plan_copy(queue->device, dst, dst_start, src, src_start, size, &binds);
    agx_queue_run_binds(queue, hr, binds);
}

static HRESULT APIENTRY agx_queue_timestamp_frequency(D3D12DDI_HCOMMANDQUEUE hqueue, UINT64 *frequency)
{
    if (!frequency)
        return E_INVALIDARG;
    *frequency = agx_queue_from_handle(hqueue)->device->backend->ops->timestamp_frequency;
    return S_OK;
}

/* The CPU side is CLOCK_MONOTONIC in nanoseconds. */
static HRESULT APIENTRY agx_queue_clock_calibration(D3D12DDI_HCOMMANDQUEUE hqueue, UINT64 *gpu, UINT64 *cpu)
{
    struct agx_backend *backend = agx_queue_from_handle(hqueue)->device->backend;
    struct timespec ts;

    if (!gpu || !cpu)
        return E_INVALIDARG;
    *gpu = backend->ops->timestamp(backend);
    clock_gettime(CLOCK_MONOTONIC, &ts);
    *cpu = (UINT64)ts.tv_sec * 1000000000ull + (UINT64)ts.tv_nsec;
    return S_OK;
}

/* ---- The tile mapping queue ---------------------------------------------------------------- */

static struct agx_queue *agx_tile_queue_from_handle(D3D12DDI_HTILEMAPPINGQUEUE_0124 handle)
{
    return handle.pDrvPrivate;
}

static SIZE_T APIENTRY agx_tile_queue_calc_size(D3D12DDI_HDEVICE device, UINT node)
{
    return node ? (SIZE_T)-1 : sizeof(struct agx_queue);
}

static HRESULT APIENTRY agx_tile_queue_create(D3D12DDI_HDEVICE hdevice, UINT node,
                                              D3D12DDI_HTILEMAPPINGQUEUE_0124 hqueue)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    struct agx_queue *queue = agx_tile_queue_from_handle(hqueue);

    if (node || !queue)
        return E_INVALIDARG;
    memset(queue, 0, sizeof(*queue));
    queue->device = device;
    /* It runs no command list: the type stays unused, and no watchdog applies. */
    queue->type = D3D12_COMMAND_LIST_TYPE_NONE;
    return device->backend->ops->queue_create(device->backend, &queue->hw);
}

static void APIENTRY agx_tile_queue_destroy(D3D12DDI_HDEVICE hdevice, D3D12DDI_HTILEMAPPINGQUEUE_0124 hqueue)
{
    struct agx_queue *queue = agx_tile_queue_from_handle(hqueue);

    queue->device->backend->ops->queue_destroy(queue->hw);
    queue->hw = NULL;
}

static void agx_tile_queue_run(void *context, bool execute)
{
    struct agx_tile_execute *call = context;

    if (execute && !atomic_load(&call->device->lost))
        agx_tile_layouts_execute(call);
    free(call);
}

/* The buffers are read when the job runs, not now: a shader before it on the timeline
 * (through a fence) may still be writing the tokens. */
static void APIENTRY agx_tile_queue_execute(D3D12DDI_HTILEMAPPINGQUEUE_0124 hqueue, UINT max_dwords,
        D3D12DDI_HRESOURCE arguments, UINT64 arguments_offset, D3D12DDI_HRESOURCE count, UINT64 count_offset,
        D3D12DDI_HRESOURCE tile_list, UINT64 tile_list_offset, D3DDDI_EXECUTE_TILE_MAPPINGS_FLAGS flags)
{
    struct agx_queue *queue = agx_tile_queue_from_handle(hqueue);
    struct agx_backend *backend = queue->device->backend;
    struct agx_tile_execute *call;
    HRESULT hr;

    if (!agx_resource_from_handle(arguments))
    {
        agx_warn("ExecuteTileMappings: no argument buffer; dropped");
        return;
    }
    if (!(call = malloc(sizeof(*call))))
    {
        agx_device_lost(queue->device, E_OUTOFMEMORY);
        return;
    }
    call->device = queue->device;
    call->max_dwords = max_dwords;
    call->arguments = agx_resource_from_handle(arguments);
    call->arguments_offset = arguments_offset;
    call->count = agx_resource_from_handle(count);
    call->count_offset = count_offset;
    call->tile_list = agx_resource_from_handle(tile_list);
    call->tile_list_offset = tile_list_offset;
    if (FAILED(hr = backend->ops->queue_run(queue->hw, agx_tile_queue_run, call)))
    {
        free(call);
        agx_device_lost(queue->device, hr);
    }
}

void agx_queue_fill_tile_queue_funcs(D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 *funcs)
{
    memset(funcs, 0, sizeof(*funcs));
    funcs->pfnExecuteTileMappings = agx_tile_queue_execute;
    funcs->pfnSignalFence = agx_queue_signal_fence;
    funcs->pfnWaitForFence = agx_queue_wait_for_fence;
}

void agx_queue_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnCalcPrivateTileMappingQueueSize = agx_tile_queue_calc_size;
    funcs->pfnCreateTileMappingQueue = agx_tile_queue_create;
    funcs->pfnDestroyTileMappingQueue = agx_tile_queue_destroy;
    funcs->pfnCalcPrivateCommandQueueSize = agx_queue_calc_size;
    funcs->pfnCreateCommandQueue = agx_queue_create;
    funcs->pfnDestroyCommandQueue = agx_queue_destroy;
}

void agx_queue_fill_queue_funcs(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *funcs)
{
    memset(funcs, 0, sizeof(*funcs));
    funcs->pfnExecuteCommandLists = agx_queue_execute_command_lists;
    funcs->pfnUpdateTileMappings = agx_queue_update_tile_mappings;
    funcs->pfnCopyTileMappings = agx_queue_copy_tile_mappings;
    funcs->pfnSignalFence = agx_queue_signal_fence;
    funcs->pfnWaitForFence = agx_queue_wait_for_fence;
    funcs->pfnGetTimestampFrequency = agx_queue_timestamp_frequency;
    funcs->pfnGetClockCalibration = agx_queue_clock_calibration;
}
