/* ID3D12Fence1: a timeline the CPU and every queue can signal and wait on. */
#ifndef RT_FENCE_H
#define RT_FENCE_H

#include <stdatomic.h>
#include <threads.h>
#include "rt_device.h"

struct rt_fence_waiter;

struct rt_fence
{
    ID3D12Fence1 ID3D12Fence_iface;
    atomic_uint refcount;
    struct rt_private_store private_store;
    struct rt_device *device;
    D3D12_FENCE_FLAGS flags;
    D3D12DDI_HFENCE hdrv;
    void *drv_memory;

    /* SetEventOnCompletion requests the driver has not answered yet; cond wakes the
     * threads blocked in SetEventOnCompletion(NULL). */
    mtx_t mutex;
    cnd_t cond;
    struct rt_fence_waiter *waiters;
    struct rt_fence *next_in_device;   /* the device's fence_list, under its mutex */
    /* Released while a queue still has a Signal or Wait of it in flight: destroyed once
     * the queues passed it (rt_retire.h), so the driver never signals a freed fence. */
    struct rt_retire_node retire;
};

/* The device is removed: every event still waiting is signalled now and every blocked
 * wait woken (specs/ddi.md §16); the driver's later answer frees the request. */
void rt_fence_release_waiters(struct rt_device *device);

/* NULL for NULL or for an object that is not one of ours. */
struct rt_fence *rt_fence_from_iface(ID3D12Fence *iface);

#endif
