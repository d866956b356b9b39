/*
 * Retirement of what submitted work may still read (rt_retire.h). Lock order: the
 * retirement's mutex, then the device's DDI lock (to read a timeline's fence); nothing
 * that holds the DDI lock or a queue's lock takes the retirement's mutex.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "rt_cmdlist.h"
#include "rt_descriptor_heap.h"
#include "rt_info_queue.h"
#include "rt_pipeline_state.h"
#include "rt_retire.h"
#include "rt_root_signature.h"

HRESULT rt_retirement_init(struct rt_retirement *retirement)
{
    if (mtx_init(&retirement->mutex, mtx_plain) != thrd_success)
        return E_OUTOFMEMORY;
    atomic_init(&retirement->tickets, 0);
    atomic_init(&retirement->work, 0);
    retirement->next_timeline_id = 1;
    retirement->timelines = NULL;
    retirement->head = NULL;
    retirement->tail = &retirement->head;
    atomic_init(&retirement->pending, false);
    atomic_init(&retirement->deferred, 0);
    return S_OK;
}

void rt_retirement_destroy(struct rt_retirement *retirement)
{
    mtx_destroy(&retirement->mutex);
}

HRESULT rt_queue_timeline_create(struct rt_device *device, struct rt_queue_timeline *timeline)
{
    D3D12DDIARG_CREATE_FENCE_0124 args = {0, D3D12_FENCE_FLAG_NONE};
    struct rt_retirement *retirement = &device->retirement;
    SIZE_T size;
    HRESULT hr;

    size = device->ddi.pfnCalcPrivateFenceSize(device->hdrv, &args);
    if (!(timeline->fence_memory = rt_device_alloc_driver_object(size)))
        return E_OUTOFMEMORY;
    timeline->fence.pDrvPrivate = timeline->fence_memory;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCreateFence(device->hdrv, &args, timeline->fence);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        free(timeline->fence_memory);
        return hr;
    }
    timeline->submitted = 0;
    mtx_lock(&retirement->mutex);
    timeline->id = retirement->next_timeline_id++;
    timeline->next = retirement->timelines;
    retirement->timelines = timeline;
    mtx_unlock(&retirement->mutex);
    return S_OK;
}

void rt_queue_timeline_destroy(struct rt_device *device, struct rt_queue_timeline *timeline)
{
    struct rt_retirement *retirement = &device->retirement;
    struct rt_queue_timeline **link;

    mtx_lock(&retirement->mutex);
    for (link = &retirement->timelines; *link != timeline; link = &(*link)->next)
        ;
    *link = timeline->next;
    mtx_unlock(&retirement->mutex);
    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyFence(device->hdrv, timeline->fence);
    rt_device_ddi_unlock(device);
    free(timeline->fence_memory);
    /* The queue counts as done now: what waited on it alone goes. */
    rt_device_retire_poll(device);
}

UINT64 rt_queue_timeline_submit_fence_op(struct rt_device *device, struct rt_queue_timeline *timeline,
                                         D3D12DDI_HCOMMANDQUEUE hqueue)
{
    D3D12DDIARG_FENCE_OPERATION_0124 op;

    op.hFence = timeline->fence;
    op.Value = atomic_fetch_add(&device->retirement.tickets, 1) + 1;
    device->ddi_queue.pfnSignalFence(hqueue, &op);
    return op.Value;
}

UINT64 rt_queue_timeline_submit(struct rt_device *device, struct rt_queue_timeline *timeline,
                                D3D12DDI_HCOMMANDQUEUE hqueue)
{
    UINT64 ticket = rt_queue_timeline_submit_fence_op(device, timeline, hqueue);
    uint_fast64_t work = atomic_load(&device->retirement.work);

    /* Two queues may submit in either order: keep the highest. */
    while (work < ticket && !atomic_compare_exchange_weak(&device->retirement.work, &work, ticket))
        ;
    return ticket;
}

/* Under the mutex. A removed device whose GPU stopped has completed everything. */
static UINT64 rt_timeline_completed(struct rt_device *device, const struct rt_queue_timeline *timeline)
{
    UINT64 value;

    if (rt_device_gpu_stopped(device))
        return UINT64_MAX;
    rt_device_ddi_lock(device);
    value = device->ddi.pfnGetFenceCompletedValue(device->hdrv, timeline->fence);
    rt_device_ddi_unlock(device);
    return value;
}

/* Under the mutex: every queue is idle or has completed `ticket`. */
static bool rt_retirement_passed(struct rt_device *device, UINT64 ticket)
{
    const struct rt_queue_timeline *timeline;
    UINT64 completed;

    for (timeline = device->retirement.timelines; timeline; timeline = timeline->next)
    {
        if (!timeline->submitted)
            continue;
        completed = rt_timeline_completed(device, timeline);
        if (completed < timeline->submitted && completed < ticket)
            return false;
    }
    return true;
}

/* Under the mutex. A use on a queue that is gone has completed (its destruction drained it). */
static bool rt_use_in_flight_locked(struct rt_device *device, const struct rt_gpu_use *use)
{
    const struct rt_queue_timeline *timeline;

    if (!use->ticket)
        return false;
    for (timeline = device->retirement.timelines; timeline; timeline = timeline->next)
    {
        if (timeline->id == use->timeline_id)
            return rt_timeline_completed(device, timeline) < use->ticket;
    }
    return false;
}

bool rt_device_use_in_flight(struct rt_device *device, const struct rt_gpu_use *use)
{
    bool in_flight;

    mtx_lock(&device->retirement.mutex);
    in_flight = rt_use_in_flight_locked(device, use);
    mtx_unlock(&device->retirement.mutex);
    return in_flight;
}

static void rt_retire_stamp(struct rt_retire_node *node, const struct rt_gpu_use *use)
{
    if (node)
        node->use = *use;
}

/* With the debug layer: what the list leaves bound, for the release messages. Objects
 * its commands named on the way (copies, barriers, descriptors) are not followed. */
static void rt_retire_stamp_bound(struct rt_command_list *list, const struct rt_gpu_use *use)
{
    const struct rt_command_list_state *state = &list->state;
    struct rt_pipeline_state *pipeline = rt_pipeline_state_from_iface(state->pipeline_state);
    struct rt_root_signature *graphics = rt_root_signature_from_iface(state->graphics_root_signature);
    struct rt_root_signature *compute = rt_root_signature_from_iface(state->compute_root_signature);
    UINT i;

    rt_retire_stamp(pipeline ? &pipeline->retire : NULL, use);
    rt_retire_stamp(graphics ? &graphics->retire : NULL, use);
    rt_retire_stamp(compute ? &compute->retire : NULL, use);
    for (i = 0; i < RT_ARRAY_SIZE(state->descriptor_heaps); ++i)
    {
        struct rt_descriptor_heap *heap = rt_descriptor_heap_from_iface(state->descriptor_heaps[i]);

        rt_retire_stamp(heap ? &heap->retire : NULL, use);
    }
    for (i = 0; i < state->rtv_count; ++i)
        rt_retire_stamp(state->rtvs[i].resource ? &state->rtvs[i].resource->retire : NULL, use);
    if (state->has_dsv)
        rt_retire_stamp(state->dsv.resource ? &state->dsv.resource->retire : NULL, use);
    rt_retire_stamp(state->predication_buffer ? &state->predication_buffer->retire : NULL, use);
}

void rt_queue_timeline_publish(struct rt_device *device, struct rt_queue_timeline *timeline, UINT64 ticket,
                               UINT count, ID3D12CommandList *const *lists)
{
    struct rt_gpu_use use = {timeline->id, ticket};
    size_t j;
    UINT i;

    mtx_lock(&device->retirement.mutex);
    /* Two submissions on one queue may publish in either order. */
    if (ticket > timeline->submitted)
        timeline->submitted = ticket;
    for (i = 0; i < count; ++i)
    {
        struct rt_command_list *list = rt_command_list_from_list_iface(lists[i]);

        rt_retire_stamp(&list->retire, &use);
        rt_retire_stamp(list->allocator ? &list->allocator->retire : NULL, &use);
        for (j = 0; j < list->bundle_allocator_count; ++j)
            rt_retire_stamp(&list->bundle_allocators[j]->retire, &use);
        if (device->info_queue)
            rt_retire_stamp_bound(list, &use);
    }
    mtx_unlock(&device->retirement.mutex);
    rt_device_retire_poll(device);
}

/* Undefined in D3D12 (the GPU may fault): here the memory stays until the work is done. */
static void rt_report_in_use(struct rt_device *device, UINT64 ticket, const char *kind, const void *object)
{
    rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                      D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE,
                      "%s %p is final-released while GPU work still executing on a command queue references it "
                      "(submission %" PRIu64 "); the runtime keeps it until that work is done", kind, object, ticket);
}

void rt_device_report_release(struct rt_device *device, const struct rt_retire_node *node, const char *kind,
                              const void *object)
{
    struct rt_gpu_use use;
    bool in_use;

    mtx_lock(&device->retirement.mutex);
    use = node->use;
    in_use = rt_use_in_flight_locked(device, &use);
    mtx_unlock(&device->retirement.mutex);
    if (in_use)
        rt_report_in_use(device, use.ticket, kind, object);
}

void rt_device_retire(struct rt_device *device, struct rt_retire_node *node,
                      void (*destroy)(struct rt_retire_node *node), const char *kind, const void *object)
{
    struct rt_retirement *retirement = &device->retirement;
    bool in_use;
    UINT64 ticket;

    mtx_lock(&retirement->mutex);
    ticket = atomic_load(node->after_fence_ops ? &retirement->tickets : &retirement->work);
    if (!ticket || rt_retirement_passed(device, ticket))
    {
        mtx_unlock(&retirement->mutex);
        destroy(node);
        return;
    }
    in_use = kind && rt_use_in_flight_locked(device, &node->use);
    node->destroy = destroy;
    node->ticket = ticket;
    node->next = NULL;
    *retirement->tail = node;
    retirement->tail = &node->next;
    atomic_store(&retirement->pending, true);
    atomic_fetch_add(&retirement->deferred, 1);
    mtx_unlock(&retirement->mutex);

    RT_TRACE("%p waits for ticket %" PRIu64 " before it is destroyed.", object, ticket);
    if (in_use)
        rt_report_in_use(device, node->use.ticket, kind, object);
}

void rt_device_retire_poll(struct rt_device *device)
{
    struct rt_retirement *retirement = &device->retirement;
    struct rt_retire_node *ready = NULL, **ready_tail = &ready, *node;

    if (!atomic_load(&retirement->pending))
        return;
    mtx_lock(&retirement->mutex);
    while ((node = retirement->head) && rt_retirement_passed(device, node->ticket))
    {
        if (!(retirement->head = node->next))
            retirement->tail = &retirement->head;
        node->next = NULL;
        *ready_tail = node;
        ready_tail = &node->next;
    }
    atomic_store(&retirement->pending, retirement->head != NULL);
    mtx_unlock(&retirement->mutex);

    /* Outside the lock: a destruction may retire what it held (a heap, an allocator). */
    while ((node = ready))
    {
        ready = node->next;
        node->destroy(node);
    }
}

void rt_retire_hold(struct rt_retire_node *node)
{
    atomic_fetch_add(&node->holds, 1);
}

void rt_retire_unhold(struct rt_device *device, struct rt_retire_node *node)
{
    /* The application released it first: this was the last hold. */
    if (atomic_fetch_sub(&node->holds, 1) == (RT_RETIRE_RELEASED | 1))
        rt_device_retire(device, node, node->destroy, NULL, NULL);
}

void rt_retire_release(struct rt_device *device, struct rt_retire_node *node,
                       void (*destroy)(struct rt_retire_node *node), const char *kind, const void *object)
{
    struct rt_gpu_use use;
    bool in_use = false;

    /* Read while no list can destroy it yet: once the flag is set, the last unhold may.
     * Holding it now is the only case that needs it (a hold taken after the release
     * names a dangling pointer, which no runtime can help). */
    if (kind && atomic_load(&node->holds))
    {
        mtx_lock(&device->retirement.mutex);
        use = node->use;
        in_use = rt_use_in_flight_locked(device, &use);
        mtx_unlock(&device->retirement.mutex);
    }
    /* Written before the flag, which the last unhold reads it after. */
    node->destroy = destroy;
    if (!atomic_fetch_or(&node->holds, RT_RETIRE_RELEASED))
        rt_device_retire(device, node, destroy, kind, object);
    else if (in_use)
        rt_report_in_use(device, use.ticket, kind, object);
}
