/*
 * Retirement: what submitted GPU work may still read is destroyed only once the queues'
 * timelines have passed it, so an application that releases (or resets) too early
 * gets a debug-layer message instead of a queue thread reading freed memory
 * (specs/runtime.md, "Retirement"; decision D026-deferred-retirement).
 *
 * Every ExecuteCommandLists (and tile-mapping update) takes the next device-wide
 * ticket and signals it on its queue's internal timeline fence. An object whose last
 * reference goes while some queue has work in flight waits, with the device's last
 * ticket, in a FIFO; it is destroyed once every queue is idle or has completed that
 * ticket. The driver's Destroy entries therefore run only when the GPU is done.
 *
 * Command lists and allocators also remember their last submission exactly (struct
 * rt_gpu_use), for the messages and for Reset; with the debug layer, so do the objects
 * a list leaves bound when it is executed (pipeline, root signatures, descriptor heaps,
 * render targets, predication buffer).
 */
#ifndef RT_RETIRE_H
#define RT_RETIRE_H

#include <stdatomic.h>
#include <threads.h>
#include "rt_common.h"
#include "d3d12ddi.h"

struct rt_device;
struct rt_command_list;

/* The last submission that used an object: a queue timeline's id and the ticket. */
struct rt_gpu_use
{
    UINT64 timeline_id;
    UINT64 ticket;                   /* 0: never submitted */
};

struct rt_retire_node
{
    struct rt_retire_node *next;
    void (*destroy)(struct rt_retire_node *node);
    UINT64 ticket;                   /* the device's last ticket when it was released */
    struct rt_gpu_use use;           /* under the retirement's lock */
    bool after_fence_ops;            /* a fence: waits for the queues' Signals and Waits too */
    /* Command lists that name the object (rt_retire_hold), plus RT_RETIRE_RELEASED once
     * the application's last reference went: destroyed when both are done. */
    atomic_uint holds;
};

#define RT_RETIRE_RELEASED 0x80000000u

/* One per queue: its internal fence, signalled with each submission's ticket. */
struct rt_queue_timeline
{
    struct rt_queue_timeline *next;
    UINT64 id;
    UINT64 submitted;                /* the highest ticket signalled on it */
    D3D12DDI_HFENCE fence;
    void *fence_memory;
};

struct rt_retirement
{
    mtx_t mutex;
    atomic_uint_fast64_t tickets;    /* the last ticket handed out */
    atomic_uint_fast64_t work;       /* the highest ticket of work (not of a fence operation) */
    UINT64 next_timeline_id;
    struct rt_queue_timeline *timelines;
    struct rt_retire_node *head, **tail;
    atomic_bool pending;             /* head != NULL, read without the lock */
    atomic_uint_fast64_t deferred;   /* objects that had to wait, over the device's life */
};

HRESULT rt_retirement_init(struct rt_retirement *retirement);
/* At device destruction: nothing is left (every waiting object holds the device). */
void rt_retirement_destroy(struct rt_retirement *retirement);

/* The queue's timeline: created after the driver's queue, destroyed after it (once the
 * driver's DestroyCommandQueue returned nothing of that queue executes). */
HRESULT rt_queue_timeline_create(struct rt_device *device, struct rt_queue_timeline *timeline);
void rt_queue_timeline_destroy(struct rt_device *device, struct rt_queue_timeline *timeline);

/* Under the queue's lock, right after work went to the driver: its ticket, signalled on
 * the queue's timeline. */
UINT64 rt_queue_timeline_submit(struct rt_device *device, struct rt_queue_timeline *timeline,
                                D3D12DDI_HCOMMANDQUEUE hqueue);
/* The same after a queue's Signal or Wait: only fences released later wait for it, so
 * that an application fence signalled after work still lets what that work read go. */
UINT64 rt_queue_timeline_submit_fence_op(struct rt_device *device, struct rt_queue_timeline *timeline,
                                         D3D12DDI_HCOMMANDQUEUE hqueue);
/* After the queue's lock: records the submission and stamps each list, its allocator
 * and (with the debug layer) what it leaves bound; then destroys what became free. */
void rt_queue_timeline_publish(struct rt_device *device, struct rt_queue_timeline *timeline, UINT64 ticket,
                               UINT count, ID3D12CommandList *const *lists);

/*
 * The object's last reference is gone: destroy(node) now if no queue has work in
 * flight, else once the timelines pass what was submitted so far. With a `kind`, the
 * OBJECT_DELETED_WHILE_STILL_IN_USE message names it and `object` when its own recorded
 * use still executes; objects that internal references keep past the application's
 * last Release pass NULL and report at that Release (rt_device_report_release).
 */
void rt_device_retire(struct rt_device *device, struct rt_retire_node *node,
                      void (*destroy)(struct rt_retire_node *node), const char *kind, const void *object);
/* The application's last Release of such an object: the message if its use executes. */
void rt_device_report_release(struct rt_device *device, const struct rt_retire_node *node, const char *kind,
                              const void *object);
/*
 * Holds: internal references that command lists take on what their recordings name
 * (rt_cmdlist_keep.c), so that a release between recording and execution frees nothing
 * a submission reads. rt_retire_release replaces rt_device_retire in the application's
 * last Release of an object lists may hold: it retires the object now if no list holds
 * it, else (after the in-use message, with a kind) when the last hold goes.
 */
void rt_retire_hold(struct rt_retire_node *node);
void rt_retire_unhold(struct rt_device *device, struct rt_retire_node *node);
void rt_retire_release(struct rt_device *device, struct rt_retire_node *node,
                       void (*destroy)(struct rt_retire_node *node), const char *kind, const void *object);
/* The application's references are gone (a list still holds it). */
static inline bool rt_retire_released(const struct rt_retire_node *node)
{
    return atomic_load(&node->holds) & RT_RETIRE_RELEASED;
}
/* Destroys the waiting objects whose work has completed. Cheap when none waits. */
void rt_device_retire_poll(struct rt_device *device);
/* Whether the work of this use may still execute. */
bool rt_device_use_in_flight(struct rt_device *device, const struct rt_gpu_use *use);

#endif
