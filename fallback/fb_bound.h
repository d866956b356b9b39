/*
 * The bound-clear emitters (seed 000): the draws (fb_bound_draw.c) and the legacy view
 * clears through private descriptors (fb_bound_legacy.c) of a plan made by
 * fb_plan_bound.h. Emitters only emit: the pipelines come from the runtime's cache, the
 * private views from the allocator's descriptor blocks (fb_bound_legacy_acquire, outside
 * the DDI lock), and putting the app's graphics state back after the draws is the
 * runtime's (its state ledger).
 */
#ifndef FB_BOUND_H
#define FB_BOUND_H

#include "fb_clear.h"
#include "fb_plan_bound.h"
#include "fb_route.h"
#include "fb_services.h"

/* The clear shaders' root signature: parameter 0, six 32-bit constants at b0 (value[4],
 * depth, array index; runtime/shaders/fullscreen_vs.asm). */
#define FB_BOUND_ROOT_CONSTANTS 6u

struct fb_bound_draw_batch
{
    const struct fb_bound_plan *plan;
    D3D12DDI_HROOTSIGNATURE root_signature;
    D3D12DDI_HPIPELINESTATE pipelines[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];   /* per plan key */
};

/* The root signature, topology, viewport and stencil reference, then per draw its
 * pipeline and root constants (each when it changes), scissor and one three-vertex
 * DrawInstanced. */
void fb_bound_draw_record(const struct fb_list *list, const struct fb_bound_draw_batch *batch);

/* A bound view as captured at bind time (the capture holds no reference). */
struct fb_bound_view
{
    D3D12DDI_HRESOURCE resource;
    union
    {
        D3D12_RENDER_TARGET_VIEW_DESC rtv;
        D3D12_DEPTH_STENCIL_VIEW_DESC dsv;
    };
};

/* The recording's private views of bound views: repeated legacy clears of one view (and
 * slice range) write no new descriptor. The list's, forgotten at its Reset (zero it);
 * the descriptors stay the allocator's until the allocator's Reset, which comes after. */
#define FB_BOUND_VIEW_CACHE_SIZE 16u
struct fb_bound_cached_view
{
    bool dsv;
    union
    {
        D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 rtv;
        D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 dsv;
    } args;                          /* compared as bytes: zeroed before filling */
    D3D12DDI_CPU_DESCRIPTOR_HANDLE handle;
};

struct fb_bound_view_cache
{
    UINT count, next;                /* next: the entry a new view replaces when full */
    struct fb_bound_cached_view views[FB_BOUND_VIEW_CACHE_SIZE];
};

struct fb_bound_legacy_batch
{
    UINT count;
    struct fb_clear_view *clears;    /* clears_inline when they fit (whole views) */
    struct fb_clear_view clears_inline[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
};

/* A private view per planned clear (its slices of the captured view; from the cache or
 * written now) and the value the legacy clear takes: the app's own colour for the
 * shortcut (plan->exact), else the closest one (ddi_encode_view_clear_color); depth
 * always through ddi_encode_view_clear_depth. E_OUTOFMEMORY or the service's failure; free
 * with fb_bound_legacy_batch_cleanup. */
HRESULT fb_bound_legacy_acquire(const struct fb_services *services, struct fb_bound_view_cache *cache,
                                const struct fb_bound_request *request, const struct fb_bound_plan *plan,
                                const struct fb_bound_view *rtvs, const struct fb_bound_view *dsv,
                                struct fb_bound_legacy_batch *batch);
void fb_bound_legacy_record(const struct fb_list *list, const struct fb_bound_legacy_batch *batch);
void fb_bound_legacy_batch_cleanup(struct fb_bound_legacy_batch *batch);

#endif
