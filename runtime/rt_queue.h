/* ID3D12CommandQueue2: submission, fences and tile mappings on one driver queue. */
#ifndef RT_QUEUE_H
#define RT_QUEUE_H

#include <stdatomic.h>
#include <threads.h>
#include "rt_device.h"

typedef ID3D12CommandQueue2 rt_command_queue_iface;

struct rt_command_queue
{
    rt_command_queue_iface ID3D12CommandQueue_iface;
    atomic_uint refcount;
    struct rt_private_store private_store;
    struct rt_device *device;
    D3D12_COMMAND_QUEUE_DESC desc;
    D3D12DDI_HCOMMANDQUEUE hdrv;
    void *drv_memory;
    /* Its submissions' tickets, for retirement (rt_retire.h). */
    struct rt_queue_timeline timeline;

    /* Queue entries reach the driver one at a time (ddi-facts §3, "Threading"). */
    mtx_t mutex;
    D3D12_COMMAND_QUEUE_PROCESS_PRIORITY process_priority;
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY global_priority;
};

/* NULL for NULL or for an object that is not one of ours. */
struct rt_command_queue *rt_command_queue_from_iface(ID3D12CommandQueue *iface);

#endif
