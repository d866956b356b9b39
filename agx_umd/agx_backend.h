/*
 * What the driver needs from the machine, behind one ops table so that a backend on
 * drm/asahi can sit next to the simulated device (`sim`, agx_sim*.c):
 *
 * - memory objects placed in a GPU virtual address space, each with a CPU mapping
 *   (Apple GPUs are unified-memory), and VA ranges without memory (reserved
 *   resources);
 * - a CPU view of any GPU address, the port through which the execution engine
 *   (agx_exec.c) reads and writes memory;
 * - timelines (fences) the CPU and every queue signal and wait on;
 * - queues: one in-order timeline of jobs each.
 *
 * Every entry is free-threaded unless it says otherwise.
 */
#ifndef AGX_BACKEND_H
#define AGX_BACKEND_H

#include "agx_common.h"

struct agx_backend;
struct agx_timeline;
struct agx_hw_queue;

/* A memory object: size bytes of zeroed memory at GPU address va, mapped at map. */
struct agx_bo
{
    uint64_t size;
    uint64_t va;
    void *map;
};

/* Runs on the queue's timeline. Called exactly once: execute is false when the queue is
 * destroyed before it could run (the job then only frees its context). */
typedef void (*agx_job_fn)(void *context, bool execute);

struct agx_backend_ops
{
    const char *name;
    void (*destroy)(struct agx_backend *backend);

    /* Memory. size and va_alignment are rounded up to AGX_ALLOCATION_ALIGNMENT. */
    HRESULT (*bo_create)(struct agx_backend *backend, uint64_t size, uint64_t va_alignment,
                         struct agx_bo **bo);
    void (*bo_destroy)(struct agx_backend *backend, struct agx_bo *bo);
    HRESULT (*va_reserve)(struct agx_backend *backend, uint64_t size, uint64_t alignment, uint64_t *va);
    void (*va_release)(struct agx_backend *backend, uint64_t va, uint64_t size);
    /* CPU pointer of a GPU address, or NULL where nothing is mapped; *contiguous is the
     * number of bytes from there (at most size, at least 1) with the same answer. */
    void *(*va_to_cpu)(struct agx_backend *backend, uint64_t va, uint64_t size, uint64_t *contiguous);
    /* The page table, one AGX_PAGE_SIZE page at a time (tile mappings): what the page at
     * va is bound to, as an opaque frame (0: nothing; frame + n * AGX_PAGE_SIZE is the
     * n-th page after it in the same memory object), and binding a page to a frame (0
     * unbinds: the page then reads zero and drops writes). */
    uint64_t (*va_frame)(struct agx_backend *backend, uint64_t va);
    HRESULT (*va_bind)(struct agx_backend *backend, uint64_t va, uint64_t frame);

    /* Timelines: a 64-bit value that only the signals set (it may go down). */
    HRESULT (*timeline_create)(struct agx_backend *backend, uint64_t initial_value,
                               struct agx_timeline **timeline);
    /* Pending notifications are dropped; no queue may still wait on it. */
    void (*timeline_destroy)(struct agx_timeline *timeline);
    uint64_t (*timeline_value)(struct agx_timeline *timeline);
    void (*timeline_signal)(struct agx_timeline *timeline, uint64_t value);
    /* callback(context, FALSE) once the value reaches value: from the signalling
     * thread, or at once from this call when it already has. */
    HRESULT (*timeline_notify)(struct agx_timeline *timeline, uint64_t value,
                               PFND3D12DDI_FENCE_CALLBACK callback, void *context);

    /* Queues. Submissions of one queue are not concurrent (the runtime's queue lock). */
    HRESULT (*queue_create)(struct agx_backend *backend, struct agx_hw_queue **queue);
    /* Finishes what can run; jobs behind a wait that is still pending are dropped. */
    void (*queue_destroy)(struct agx_hw_queue *queue);
    HRESULT (*queue_run)(struct agx_hw_queue *queue, agx_job_fn job, void *context);
    HRESULT (*queue_signal)(struct agx_hw_queue *queue, struct agx_timeline *timeline, uint64_t value);
    /* Later work on this queue waits until the timeline reaches value. */
    HRESULT (*queue_wait)(struct agx_hw_queue *queue, struct agx_timeline *timeline, uint64_t value);
    /* The device is lost, for good: jobs that have not started are dropped (execute
     * false), waits end, and every pending or later notification is answered with
     * Removed = TRUE. Returns once no job runs on any queue but the caller's own. */
    void (*halt)(struct agx_backend *backend);

    /* The GPU clock in ticks of timestamp_frequency. */
    uint64_t (*timestamp)(struct agx_backend *backend);
    uint64_t timestamp_frequency;
};

struct agx_backend
{
    const struct agx_backend_ops *ops;
};

/* The backend named by the AGX_BACKEND environment variable; `sim` (the default) is
 * the only one built so far. */
HRESULT agx_backend_create(struct agx_backend **backend);

HRESULT agx_sim_create(struct agx_backend **backend);

#endif
