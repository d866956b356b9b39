/*
 * The runtime's side of the fallback (fallback/fb_services.h): allocator-owned upload
 * and VRAM staging memory, pattern tiles (the allocator's tile cache), private MSAA
 * textures and private descriptors, the device's pools, and what a command list keeps
 * for the fallback between calls (the scope tracker, the fill and texture-clear
 * recording states).
 *
 * Ownership (seed 000): what a recording takes belongs to its command allocator until
 * the allocator's next successful Reset, which hands the buffers back to the device's
 * pools (rt_fallback_allocator_recycle) and drops its tiles; a list's Reset only
 * forgets the list's state. The pools are size-classed (64 KiB, 256 KiB, 1 MiB; upload
 * and staging apart; private textures matched by desc) and share one budget of
 * RT_FALLBACK_POOL_BUDGET bytes for the buffers and textures kept between uses:
 * past it the least recently returned go first. A buffer an allocator holds is never
 * in a pool, so none the current recording uses can be evicted. When the device is
 * removed (unhealthy), buffers are destroyed instead of kept; the runtime creates no
 * protected memory (protected sessions and heaps are refused), so nothing protected
 * is ever recycled. The pools take their own lock (lists record on several threads)
 * and never hold it across a driver call.
 *
 * Refuse-and-retry (seed 003): a buffer, texture, descriptor block or tile entry that
 * cannot be created makes the pools destroy everything they keep, then the creation is
 * tried once more; only then is the list removed as out of memory. An allocator's tile
 * cache indexes at most RT_FB_TILE_CACHE_BUDGET tiles (least recently used forgotten),
 * and its Reset keeps RT_FB_DESCRIPTOR_BLOCKS_KEPT descriptor blocks of each type. The
 * budgets and their measurements: specs/runtime.md, "Caches".
 */
#ifndef RT_FALLBACK_SERVICES_H
#define RT_FALLBACK_SERVICES_H

#include "rt_cmdlist.h"
#include "fb_plan_fill.h"
#include "fb_clear.h"
#include "fb_bound.h"

/* Measured by bench_pool (decision D014): a frame clearing a 4K 4x MSAA target needs
 * 129 MiB; 192 MiB keeps it with room for the other classes. */
#define RT_FALLBACK_POOL_BUDGET (192ull * 1024 * 1024)
/* Pattern tiles an allocator's cache indexes at once (specs/runtime.md, "Caches"). */
#define RT_FB_TILE_CACHE_BUDGET 1024u
/* Private descriptor blocks (64 descriptors each) of each type an allocator keeps
 * across its Reset. */
#define RT_FB_DESCRIPTOR_BLOCKS_KEPT 4u

/* What a command list keeps for the fallback (FALLBACK devices only). */
struct rt_fallback_list
{
    struct fb_scope_tracker scopes;
    struct fb_fill_recording fill;
    struct fb_clear_recording clear;
    struct fb_bound_view_cache bound_views;
};

/* The list's state, created at first use; NULL when memory ran out. */
struct rt_fallback_list *rt_fallback_list_get(struct rt_command_list *list);
/* Reset: forgets the tracked scopes and the recording states (the fill's chunk and
 * staging, the texture clears' staging and private MSAA textures, the bound clears'
 * private views), recycles nothing. */
void rt_fallback_list_reset(struct rt_command_list *list);
void rt_fallback_list_destroy(struct rt_command_list *list);
/* Feeds the scope tracker with a barrier array handed to the driver; removes the list
 * (E_OUTOFMEMORY) when the tracker cannot grow. A no-op unless the device's Impl is
 * FALLBACK. */
void rt_fallback_track_barriers(struct rt_command_list *list, UINT count, const D3D12DDIARG_BARRIER_0124 *barriers);

/* The services of the list's current allocator. */
void rt_fallback_services(struct rt_command_list *list, struct fb_services *services);

/* After the allocator's successful Reset: its buffers go back to the pools, its
 * descriptor blocks are reused from their start. */
void rt_fallback_allocator_recycle(struct rt_command_allocator *allocator);
/* The allocator keeps a reference on a clear pipeline its recording draws with until its
 * next successful Reset (once per pipeline); E_OUTOFMEMORY. */
struct rt_clear_pipeline;
HRESULT rt_fallback_allocator_keep_pipeline(struct rt_command_allocator *allocator,
                                            struct rt_clear_pipeline *pipeline);
/* Destruction: everything it holds is destroyed. */
void rt_fallback_allocator_destroy(struct rt_command_allocator *allocator);

/* Destroys the pools and every buffer kept in them (the device is going away). */
void rt_fallback_pools_destroy(struct rt_device *device);

/* Counters for tests and traces. */
struct rt_fallback_pool_stats
{
    UINT64 created;             /* buffers created since the device was */
    UINT64 destroyed;
    UINT64 reused;              /* buffers taken from a pool */
    UINT64 kept_bytes;          /* in the pools, at most their budget */
    UINT64 kept_count;
    UINT64 owned_bytes;         /* held by command allocators */
    UINT64 descriptor_blocks;   /* private descriptor heaps created */
    UINT64 tiles_written;       /* pattern tiles written on the CPU (allocator cache misses) */
    UINT64 tiles_reused;        /* pattern tiles found in an allocator's cache */
    UINT64 tiles_forgotten;     /* tiles dropped from a cache past its budget */
    UINT64 descriptor_blocks_destroyed;   /* past the budget at a Reset */
    UINT64 let_go;              /* failed creations that emptied the pools to try again */
};
void rt_fallback_pool_stats(struct rt_device *device, struct rt_fallback_pool_stats *stats);
/* Test hook, not exported from libd3d12.so: the next `count` buffers, textures or
 * descriptor blocks the fallback would create fail as out of memory, as if the driver's
 * memory ran out. A failed creation empties the pools and tries once more when they
 * held anything (refuse-and-retry), which takes one more of the count. */
void rt_testing_fail_fallback_buffers(struct rt_device *device, unsigned int count);
/* Bench hook: another budget than RT_FALLBACK_POOL_BUDGET for the device's pools
 * (bench_pool measures frames under several). */
void rt_testing_set_fallback_pool_budget(struct rt_device *device, UINT64 bytes);

#endif
