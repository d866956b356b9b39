/*
 * The simulated device: memory objects are anonymous host mappings; a first-fit
 * allocator hands out ranges of a 40-bit GPU virtual address space and takes them
 * back (coalescing neighbours); a two-level page table of 16 KiB pages turns a GPU
 * address into the host address the execution engine touches.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include "agx_sim.h"

static struct agx_sim *agx_sim_from_backend(struct agx_backend *backend)
{
    return (struct agx_sim *)backend;
}

/* ---- Virtual address ranges ------------------------------------------------------ */

static HRESULT agx_sim_va_alloc(struct agx_sim *sim, uint64_t size, uint64_t alignment, uint64_t *va)
{
    struct agx_sim_range **link, *range, *tail;
    uint64_t start, end;

    mtx_lock(&sim->lock);
    for (link = &sim->free_ranges; (range = *link); link = &range->next)
    {
        start = agx_align(range->start, alignment);
        end = range->start + range->size;
        if (start < range->start || start > end || end - start < size)
            continue;
        if (start + size < end)
        {
            if (!(tail = malloc(sizeof(*tail))))
            {
                mtx_unlock(&sim->lock);
                return E_OUTOFMEMORY;
            }
            tail->start = start + size;
            tail->size = end - tail->start;
            tail->next = range->next;
            range->next = tail;
        }
        if (start == range->start)
        {
            *link = range->next;
            free(range);
        }
        else
        {
            range->size = start - range->start;
        }
        mtx_unlock(&sim->lock);
        *va = start;
        return S_OK;
    }
    mtx_unlock(&sim->lock);
    return E_OUTOFMEMORY;
}

static void agx_sim_va_free(struct agx_sim *sim, uint64_t va, uint64_t size)
{
    struct agx_sim_range **link, *prev = NULL, *next, *range;

    mtx_lock(&sim->lock);
    for (link = &sim->free_ranges; (next = *link) && next->start < va; link = &next->next)
        prev = next;
    if (prev && prev->start + prev->size == va)
    {
        prev->size += size;
        if (next && prev->start + prev->size == next->start)
        {
            prev->size += next->size;
            prev->next = next->next;
            free(next);
        }
    }
    else if (next && va + size == next->start)
    {
        next->start = va;
        next->size += size;
    }
    else if ((range = malloc(sizeof(*range))))
    {
        range->start = va;
        range->size = size;
        range->next = next;
        *link = range;
    }
    /* Without memory for a node the range is leaked: address space, not memory. */
    mtx_unlock(&sim->lock);
}

/* ---- Page table ------------------------------------------------------------------- */

static _Atomic uintptr_t *agx_sim_leaf(struct agx_sim *sim, uint64_t page, bool create)
{
    unsigned int index = (unsigned int)(page >> AGX_SIM_LEAF_BITS);
    _Atomic uintptr_t *leaf = atomic_load_explicit(&sim->root[index], memory_order_acquire);

    if (leaf || !create)
        return leaf;
    mtx_lock(&sim->lock);
    if (!(leaf = atomic_load_explicit(&sim->root[index], memory_order_relaxed))
            && (leaf = calloc(AGX_SIM_LEAF_ENTRIES, sizeof(*leaf))))
        atomic_store_explicit(&sim->root[index], leaf, memory_order_release);
    mtx_unlock(&sim->lock);
    return leaf;
}

/* Maps [va, va + size) to host memory starting at host (or unmaps it when NULL). */
static HRESULT agx_sim_map_pages(struct agx_sim *sim, uint64_t va, uint64_t size, unsigned char *host)
{
    uint64_t page, first = va >> AGX_SIM_PAGE_SHIFT, count = size >> AGX_SIM_PAGE_SHIFT;
    _Atomic uintptr_t *leaf;

    for (page = first; page < first + count; ++page)
    {
        if (!(leaf = agx_sim_leaf(sim, page, !!host)))
        {
            if (host)
                return E_OUTOFMEMORY;
            continue;
        }
        atomic_store_explicit(&leaf[page & (AGX_SIM_LEAF_ENTRIES - 1)],
                host ? (uintptr_t)(host + ((page - first) << AGX_SIM_PAGE_SHIFT)) : 0,
                memory_order_release);
    }
    return S_OK;
}

static uintptr_t agx_sim_page_host(struct agx_sim *sim, uint64_t page)
{
    _Atomic uintptr_t *leaf = agx_sim_leaf(sim, page, false);

    return leaf ? atomic_load_explicit(&leaf[page & (AGX_SIM_LEAF_ENTRIES - 1)], memory_order_acquire) : 0;
}

static void *agx_sim_va_to_cpu(struct agx_backend *backend, uint64_t va, uint64_t size, uint64_t *contiguous)
{
    struct agx_sim *sim = agx_sim_from_backend(backend);
    uint64_t page = va >> AGX_SIM_PAGE_SHIFT, offset = va & (AGX_SIM_PAGE_SIZE - 1);
    uintptr_t host, next;
    uint64_t run;

    if (!size)
        size = 1;
    if (va >= AGX_SIM_VA_END)
    {
        *contiguous = size;
        return NULL;
    }
    host = agx_sim_page_host(sim, page);
    run = AGX_SIM_PAGE_SIZE - offset;
    /* Extend over following pages that answer alike (both mapped and adjacent in host
     * memory, or both unmapped). */
    while (run < size && ((page + 1) << AGX_SIM_PAGE_SHIFT) < AGX_SIM_VA_END)
    {
        next = agx_sim_page_host(sim, ++page);
        if (host ? next != host + ((page - (va >> AGX_SIM_PAGE_SHIFT)) << AGX_SIM_PAGE_SHIFT) : next != 0)
            break;
        run += AGX_SIM_PAGE_SIZE;
    }
    *contiguous = AGX_MIN(run, size);
    return host ? (void *)(host + offset) : NULL;
}

static uint64_t agx_sim_va_frame(struct agx_backend *backend, uint64_t va)
{
    if (va >= AGX_SIM_VA_END)
        return 0;
    return agx_sim_page_host(agx_sim_from_backend(backend), va >> AGX_SIM_PAGE_SHIFT);
}

/* The frames of the simulated device are host addresses of pages. */
static HRESULT agx_sim_va_bind(struct agx_backend *backend, uint64_t va, uint64_t frame)
{
    if (va >= AGX_SIM_VA_END || (va & (AGX_SIM_PAGE_SIZE - 1)))
        return E_INVALIDARG;
    return agx_sim_map_pages(agx_sim_from_backend(backend), va, AGX_SIM_PAGE_SIZE, (unsigned char *)(uintptr_t)frame);
}

/* ---- Memory objects ----------------------------------------------------------------- */

static HRESULT agx_sim_va_reserve(struct agx_backend *backend, uint64_t size, uint64_t alignment, uint64_t *va)
{
    if (!size || size > AGX_SIM_VA_END - AGX_SIM_VA_START)
        return E_OUTOFMEMORY;
    return agx_sim_va_alloc(agx_sim_from_backend(backend), agx_align(size, AGX_ALLOCATION_ALIGNMENT),
            AGX_MAX(alignment, AGX_ALLOCATION_ALIGNMENT), va);
}

static void agx_sim_va_release(struct agx_backend *backend, uint64_t va, uint64_t size)
{
    agx_sim_va_free(agx_sim_from_backend(backend), va, agx_align(size, AGX_ALLOCATION_ALIGNMENT));
}

/* The test hook's state (agx_testing_fail_bo_create), per thread. */
static _Thread_local unsigned int agx_testing_bo_nth, agx_testing_bo_seen;

unsigned int agx_testing_fail_bo_create(unsigned int nth)
{
    unsigned int seen = agx_testing_bo_seen;

    agx_testing_bo_nth = nth;
    agx_testing_bo_seen = 0;
    return seen;
}

/* Whether the hook fails this creation: the armed thread's nth one. */
static bool agx_testing_bo_fails(void)
{
    return agx_testing_bo_nth && ++agx_testing_bo_seen == agx_testing_bo_nth;
}

static HRESULT agx_sim_bo_create(struct agx_backend *backend, uint64_t size, uint64_t va_alignment,
                                 struct agx_bo **out)
{
    struct agx_sim *sim = agx_sim_from_backend(backend);
    struct agx_bo *bo;
    HRESULT hr;
    void *map;

    if (!size || size > AGX_SIM_VA_END - AGX_SIM_VA_START || agx_testing_bo_fails())
        return E_OUTOFMEMORY;
    size = agx_align(size, AGX_ALLOCATION_ALIGNMENT);
    if (!(bo = calloc(1, sizeof(*bo))))
        return E_OUTOFMEMORY;
    /* Anonymous mappings come zeroed and are only committed when touched. */
    map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED)
    {
        free(bo);
        return E_OUTOFMEMORY;
    }
    if (FAILED(hr = agx_sim_va_reserve(backend, size, va_alignment, &bo->va)))
        goto fail_map;
    if (FAILED(hr = agx_sim_map_pages(sim, bo->va, size, map)))
        goto fail_va;
    bo->size = size;
    bo->map = map;
    *out = bo;
    return S_OK;

fail_va:
    agx_sim_map_pages(sim, bo->va, size, NULL);
    agx_sim_va_free(sim, bo->va, size);
fail_map:
    munmap(map, size);
    free(bo);
    return hr;
}

static void agx_sim_bo_destroy(struct agx_backend *backend, struct agx_bo *bo)
{
    struct agx_sim *sim = agx_sim_from_backend(backend);

    if (!bo)
        return;
    agx_sim_map_pages(sim, bo->va, bo->size, NULL);
    agx_sim_va_free(sim, bo->va, bo->size);
    munmap(bo->map, bo->size);
    free(bo);
}

/* ---- Clock and the backend object ---------------------------------------------------- */

static uint64_t agx_sim_timestamp(struct agx_backend *backend)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void agx_sim_destroy(struct agx_backend *backend)
{
    struct agx_sim *sim = agx_sim_from_backend(backend);
    struct agx_sim_range *range, *next;
    unsigned int i;

    for (range = sim->free_ranges; range; range = next)
    {
        next = range->next;
        free(range);
    }
    for (i = 0; i < AGX_SIM_ROOT_ENTRIES; ++i)
        free((void *)atomic_load(&sim->root[i]));
    mtx_destroy(&sim->lock);
    free(sim);
}

static const struct agx_backend_ops agx_sim_ops =
{
    .name = "sim",
    .destroy = agx_sim_destroy,
    .bo_create = agx_sim_bo_create,
    .bo_destroy = agx_sim_bo_destroy,
    .va_reserve = agx_sim_va_reserve,
    .va_release = agx_sim_va_release,
    .va_to_cpu = agx_sim_va_to_cpu,
    .va_frame = agx_sim_va_frame,
    .va_bind = agx_sim_va_bind,
    .timeline_create = agx_sim_timeline_create,
    .timeline_destroy = agx_sim_timeline_destroy,
    .timeline_value = agx_sim_timeline_value,
    .timeline_signal = agx_sim_timeline_signal,
    .timeline_notify = agx_sim_timeline_notify,
    .queue_create = agx_sim_queue_create,
    .queue_destroy = agx_sim_queue_destroy,
    .queue_run = agx_sim_queue_run,
    .queue_signal = agx_sim_queue_signal,
    .queue_wait = agx_sim_queue_wait,
    .timestamp = agx_sim_timestamp,
    .timestamp_frequency = 1000000000ull,   /* nanoseconds of CLOCK_MONOTONIC */
};

HRESULT agx_sim_create(struct agx_backend **backend)
{
    struct agx_sim *sim;

    if (!(sim = calloc(1, sizeof(*sim))))
        return E_OUTOFMEMORY;
    if (mtx_init(&sim->lock, mtx_plain) != thrd_success)
        goto fail;
    if (!(sim->free_ranges = malloc(sizeof(*sim->free_ranges))))
    {
        mtx_destroy(&sim->lock);
        goto fail;
    }
    sim->free_ranges->start = AGX_SIM_VA_START;
    sim->free_ranges->size = AGX_SIM_VA_END - AGX_SIM_VA_START;
    sim->free_ranges->next = NULL;
    sim->base.ops = &agx_sim_ops;
    *backend = &sim->base;
    return S_OK;

fail:
    free(sim);
    return E_OUTOFMEMORY;
}
