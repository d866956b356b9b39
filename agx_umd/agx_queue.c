/*
 * Command queues: each has a backend queue (one in-order timeline). Command lists,
 * fence signals and fence waits go onto it in submission order; the execution engine
 * runs the lists there.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "agx_exec.h"
#include "agx_fence.h"

/* Lives in the runtime's memory (CalcPrivateCommandQueueSize). */
struct agx_queue
{
    struct agx_device *device;
    D3D12DDI_HRTCOMMANDQUEUE hrt;
    D3D12_COMMAND_LIST_TYPE type;
    struct agx_hw_queue *hw;
};

/* The recordings of one ExecuteCommandLists call. */
struct agx_queue_batch
{
    struct agx_device *device;
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
    UINT i;

    for (i = 0; execute && i < batch->count; ++i)
        agx_exec_recording(batch->device, batch->recordings[i]);
    free(batch);
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
    batch->count = 0;
    for (i = 0; i < count; ++i)
    {
        list = agx_cmdlist_from_handle(lists[i]);
        /* The runtime removes lists whose recording failed; never run half of one. */
        if (list->recording || FAILED(list->error))
        {
            agx_warn("ExecuteCommandLists: list %u is open or failed; skipped", i);
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

void agx_queue_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnCalcPrivateCommandQueueSize = agx_queue_calc_size;
    funcs->pfnCreateCommandQueue = agx_queue_create;
    funcs->pfnDestroyCommandQueue = agx_queue_destroy;
}

/* Tile mappings stay NULL until tiled resources exist. */
void agx_queue_fill_queue_funcs(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *funcs)
{
    memset(funcs, 0, sizeof(*funcs));
    funcs->pfnExecuteCommandLists = agx_queue_execute_command_lists;
    funcs->pfnSignalFence = agx_queue_signal_fence;
    funcs->pfnWaitForFence = agx_queue_wait_for_fence;
    funcs->pfnGetTimestampFrequency = agx_queue_timestamp_frequency;
    funcs->pfnGetClockCalibration = agx_queue_clock_calibration;
}
