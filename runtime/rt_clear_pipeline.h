/*
 * The device's clear pipelines for the bound clears' draws (seed 000; the keyed-cache
 * shape of seed 003): one root signature (six root constants at b0, the clear shaders'
 * layout) and a cache of at most RT_CLEAR_PIPELINE_BUDGET pipelines keyed by
 * struct fb_bound_pipeline_key, nothing more. A pipeline is created the first time its
 * key is asked for (during recording), under the cache's mutex, so lists recording on
 * several threads create each key once. Past the budget the least recently used entry
 * is evicted, never one the current call uses (entries carry the call that last took
 * them). Entries are reference counted: the cache holds one, and every command
 * allocator whose recordings used a pipeline holds one until its successful Reset
 * (rt_fallback_allocator_keep_pipeline), so evicting an entry is always safe: its
 * driver pipeline is destroyed when the last holder lets go.
 *
 * Lock order: the cache's mutex, then the DDI lock (creation calls the driver). The
 * mutex is never taken with the DDI lock held, and a pipeline is destroyed outside it.
 * specs/decisions/D012-clear-pso-cache.md records the budget.
 */
#ifndef RT_CLEAR_PIPELINE_H
#define RT_CLEAR_PIPELINE_H

#include "rt_device.h"
#include "fb_plan_bound.h"

#define RT_CLEAR_PIPELINE_BUDGET 64u

struct rt_clear_pipeline;
struct rt_clear_pipeline_cache;

/* How the cache makes and unmakes a pipeline (the device's driver; tests use their own). */
struct rt_clear_pipeline_ops
{
    void *context;
    HRESULT (*create)(void *context, const struct fb_bound_pipeline_key *key, D3D12DDI_HPIPELINESTATE *pipeline);
    void (*destroy)(void *context, D3D12DDI_HPIPELINESTATE pipeline);
};

struct rt_clear_pipeline_stats
{
    UINT64 hits, misses, evictions;
    UINT count;                      /* in the cache now */
};

/* NULL when memory ran out. capacity: at most this many cached at once (>= 1). */
struct rt_clear_pipeline_cache *rt_clear_pipeline_cache_create(const struct rt_clear_pipeline_ops *ops,
                                                               UINT capacity);
/* Drops the cache's references; pipelines still held elsewhere live on until released. */
void rt_clear_pipeline_cache_destroy(struct rt_clear_pipeline_cache *cache);
/* A number identifying one bound-clear call, for _get's in-use protection. */
UINT64 rt_clear_pipeline_cache_begin_call(struct rt_clear_pipeline_cache *cache);
/* The pipeline of key, with a reference for the caller (rt_clear_pipeline_release).
 * E_OUTOFMEMORY, or the create op's failure (not cached: the next call tries again). */
HRESULT rt_clear_pipeline_cache_get(struct rt_clear_pipeline_cache *cache, const struct fb_bound_pipeline_key *key,
                                    UINT64 call, struct rt_clear_pipeline **pipeline);
void rt_clear_pipeline_cache_stats(struct rt_clear_pipeline_cache *cache, struct rt_clear_pipeline_stats *stats);

D3D12DDI_HPIPELINESTATE rt_clear_pipeline_handle(const struct rt_clear_pipeline *pipeline);
void rt_clear_pipeline_add_ref(struct rt_clear_pipeline *pipeline);
void rt_clear_pipeline_release(struct rt_clear_pipeline *pipeline);

/* The device's root signature and cache, created at the first bound-clear draw that
 * could use them. *pipelines is NULL when the driver cannot run the clear shaders or
 * refused the root signature (remembered; S_OK), or when memory ran out (E_OUTOFMEMORY,
 * tried again next time). Free-threaded. */
struct rt_clear_pipelines
{
    D3D12DDI_HROOTSIGNATURE root_signature;
    struct rt_clear_pipeline_cache *cache;
};
HRESULT rt_device_clear_pipelines(struct rt_device *device, const struct rt_clear_pipelines **pipelines);
void rt_clear_pipelines_destroy(struct rt_device *device);

#endif
