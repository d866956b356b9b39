/*
 * The simulated device (`sim` backend), shared by its two files: agx_sim.c (memory,
 * GPU virtual address space, page table) and agx_sim_queue.c (timelines and the
 * per-queue worker threads).
 */
#ifndef AGX_SIM_H
#define AGX_SIM_H

#include <stdatomic.h>
#include <threads.h>
#include "agx_backend.h"

/* AGX's MMU page (UAT, 16 KiB) over a 40-bit address space (agx-facts.md §1, §3). */
#define AGX_SIM_PAGE_SHIFT 14u
#define AGX_SIM_PAGE_SIZE (1ull << AGX_SIM_PAGE_SHIFT)
#define AGX_SIM_VA_BITS 40u
_Static_assert(AGX_SIM_PAGE_SIZE == AGX_PAGE_SIZE, "the simulated page is AGX's");
/* The low 4 GiB stay unmapped so that small integers never pass for addresses. */
#define AGX_SIM_VA_START (1ull << 32)
#define AGX_SIM_VA_END (1ull << AGX_SIM_VA_BITS)
/* Two-level page table: 13 + 13 bits of page number. */
#define AGX_SIM_LEAF_BITS 13u
#define AGX_SIM_LEAF_ENTRIES (1u << AGX_SIM_LEAF_BITS)
#define AGX_SIM_ROOT_ENTRIES (1u << (AGX_SIM_VA_BITS - AGX_SIM_PAGE_SHIFT - AGX_SIM_LEAF_BITS))

struct agx_sim_range
{
    uint64_t start, size;
    struct agx_sim_range *next;
};

struct agx_sim
{
    struct agx_backend base;
    mtx_t lock;                       /* free list and leaf allocation */
    struct agx_sim_range *free_ranges;   /* sorted by address, coalesced */
    /* Leaf tables of page host addresses (uintptr_t, 0 = unmapped). */
    _Atomic(_Atomic uintptr_t *) root[AGX_SIM_ROOT_ENTRIES];
};

/* Test hook: from now on the calling thread's nth (from 1) buffer-object creation fails
 * with E_OUTOFMEMORY (0 disarms). Returns how many creations the thread attempted since
 * the previous call. */
unsigned int agx_testing_fail_bo_create(unsigned int nth);

/* agx_sim_queue.c */
HRESULT agx_sim_timeline_create(struct agx_backend *backend, uint64_t initial_value,
                                struct agx_timeline **timeline);
void agx_sim_timeline_destroy(struct agx_timeline *timeline);
uint64_t agx_sim_timeline_value(struct agx_timeline *timeline);
void agx_sim_timeline_signal(struct agx_timeline *timeline, uint64_t value);
HRESULT agx_sim_timeline_notify(struct agx_timeline *timeline, uint64_t value,
                                PFND3D12DDI_FENCE_CALLBACK callback, void *context);
HRESULT agx_sim_queue_create(struct agx_backend *backend, struct agx_hw_queue **queue);
void agx_sim_queue_destroy(struct agx_hw_queue *queue);
HRESULT agx_sim_queue_run(struct agx_hw_queue *queue, agx_job_fn job, void *context);
HRESULT agx_sim_queue_signal(struct agx_hw_queue *queue, struct agx_timeline *timeline, uint64_t value);
HRESULT agx_sim_queue_wait(struct agx_hw_queue *queue, struct agx_timeline *timeline, uint64_t value);

#endif
