/* example_umd: queues, which execute at once unless a fence wait holds them (example_umd.h). */
#include <stdlib.h>
#include <string.h>

#include "example_umd.h"

enum ex_queue_op_type
{
    EX_OP_EXECUTE,
    EX_OP_SIGNAL,
    EX_OP_WAIT,
};

/* Work queued behind a wait; an executed recording is the one the list held at submission. */
struct ex_queue_op
{
    enum ex_queue_op_type type;
    struct ex_recording **recordings;
    UINT count;
    struct ex_fence *fence;
    UINT64 value;
    struct ex_queue_op *next;
};

static struct ex_queue *ex_queue(D3D12DDI_HCOMMANDQUEUE handle)
{
    return handle.pDrvPrivate;
}

static void ex_op_free(struct ex_queue_op *op)
{
    free(op->recordings);
    free(op);
}

/* Runs the queue's ops until one waits for a value its fence has not reached. Signals
 * wake other queues recursively, so a pump may find its queue already drained. */
static void ex_queue_pump(struct ex_queue *queue)
{
    struct ex_queue_op *op;
    UINT i;

    while ((op = queue->head))
    {
        if (op->type == EX_OP_WAIT && op->fence->value < op->value)
            return;
        if (!(queue->head = op->next))
            queue->tail = NULL;
        if (op->type == EX_OP_EXECUTE)
        {
            for (i = 0; i < op->count; ++i)
                ex_recording_execute(op->recordings[i]);
        }
        else if (op->type == EX_OP_SIGNAL)
        {
            ex_fence_signal(op->fence, op->value);
        }
        ex_op_free(op);
    }
}

void ex_queue_drop(struct ex_queue *queue)
{
    struct ex_queue_op *op, *next;

    for (op = queue->head; op; op = next)
    {
        next = op->next;
        ex_op_free(op);
    }
    queue->head = queue->tail = NULL;
}

void ex_queues_pump(struct ex_device *device)
{
    struct ex_queue *queue;

    for (queue = device->queues; queue; queue = queue->next)
    {
        if (queue->head)
            ex_queue_pump(queue);
    }
}

/* Queues the op and runs what can run; out of memory loses the device, since a queue
 * entry has no other way to fail. */
static void ex_queue_submit(struct ex_queue *queue, struct ex_queue_op *op)
{
    if (!op)
    {
        queue->device->callbacks.pfnSetDeviceErrorCb(queue->device->hrt, E_OUTOFMEMORY);
        return;
    }
    ex_device_lock(queue->device);
    if (queue->tail)
        queue->tail->next = op;
    else
        queue->head = op;
    queue->tail = op;
    ex_queue_pump(queue);
    ex_device_unlock(queue->device);
}

static struct ex_queue_op *ex_op_create(enum ex_queue_op_type type, const D3D12DDIARG_FENCE_OPERATION_0124 *fence)
{
    struct ex_queue_op *op = calloc(1, sizeof(*op));

    if (op)
    {
        op->type = type;
        if (fence)
        {
            op->fence = fence->hFence.pDrvPrivate;
            op->value = fence->Value;
        }
    }
    return op;
}

static void APIENTRY ex_execute_command_lists(D3D12DDI_HCOMMANDQUEUE hqueue, UINT count,
                                              const D3D12DDI_HCOMMANDLIST *lists)
{
    struct ex_queue_op *op = ex_op_create(EX_OP_EXECUTE, NULL);
    UINT i;

    if (op && !(op->recordings = calloc(count, sizeof(*op->recordings))))
    {
        free(op);
        op = NULL;
    }
    if (op)
    {
        op->count = count;
        for (i = 0; i < count; ++i)
            op->recordings[i] = ((struct ex_list *)lists[i].pDrvPrivate)->recording;
    }
    ex_queue_submit(ex_queue(hqueue), op);
}

static void APIENTRY ex_signal_fence(D3D12DDI_HCOMMANDQUEUE hqueue, const D3D12DDIARG_FENCE_OPERATION_0124 *args)
{
    ex_queue_submit(ex_queue(hqueue), ex_op_create(EX_OP_SIGNAL, args));
}

static void APIENTRY ex_wait_for_fence(D3D12DDI_HCOMMANDQUEUE hqueue, const D3D12DDIARG_FENCE_OPERATION_0124 *args)
{
    ex_queue_submit(ex_queue(hqueue), ex_op_create(EX_OP_WAIT, args));
}

void ex_fill_queue_funcs(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnExecuteCommandLists = ex_execute_command_lists;
    funcs->pfnSignalFence = ex_signal_fence;
    funcs->pfnWaitForFence = ex_wait_for_fence;
}
