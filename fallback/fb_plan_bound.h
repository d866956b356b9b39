/*
 * The bound-clear planner (seed 000, ClearBoundRenderTargetViews and
 * ClearBoundDepthStencilView): pure, from what is bound (as the runtime captured it at
 * bind time), the call, whether the app's graphics state can be restored and whether
 * the runtime's clear pipeline exists, to a route and its work.
 *
 * - Inside an open render pass: draws, or a rejection (E_FAIL) when a region goes past
 *   the smallest bound output, the bound outputs' sample counts differ, the state
 *   cannot be restored or there is no clear pipeline.
 * - Outside: the legacy shortcut for whole-view clears (ClearRenderTargetView when every
 *   selected target is a float format and every value finite and not subnormal;
 *   ClearDepthStencilView always); else draws; else, where drawing is impossible, the
 *   legacy clear with the closest value (the known issue).
 *
 * Each selected region, clipped to its target, is one scissored draw per array slice of
 * front..back (relative to the view's first slice); empty regions and slice ranges are
 * skipped. Draws select their pipeline through a key (struct fb_bound_pipeline_key):
 * render-target formats and count, depth format, sample count and quality, the target
 * slot, the output class and the depth/stencil flags, nothing more.
 */
#ifndef FB_PLAN_BOUND_H
#define FB_PLAN_BOUND_H

#include <stdbool.h>
#include "d3d12ddi.h"

/* The key's slot of a depth/stencil clear. */
#define FB_BOUND_SLOT_DEPTH_STENCIL 0xffu

enum fb_bound_output_class
{
    FB_BOUND_OUTPUT_FLOAT,      /* float, UNORM, SNORM, sRGB targets; depth */
    FB_BOUND_OUTPUT_UINT,
    FB_BOUND_OUTPUT_SINT,
};

/* One clear pipeline. Zero it before filling it: it is compared and hashed as bytes. */
struct fb_bound_pipeline_key
{
    DXGI_FORMAT rt_formats[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];   /* UNKNOWN past rt_count or for null views */
    UINT rt_count;
    DXGI_FORMAT dsv_format;                                           /* UNKNOWN: no DSV bound */
    UINT sample_count, sample_quality;
    UINT slot;                                                        /* FB_BOUND_SLOT_DEPTH_STENCIL for depth */
    enum fb_bound_output_class output_class;
    D3D12DDI_CLEAR_FLAGS ds_flags;                                    /* the planes written; 0 for colour */
};

/* One bound render target or depth-stencil view as captured at bind time: the view's
 * format, its mip's size, its slices (3D: w slices) and samples. */
struct fb_bound_output
{
    bool bound;                      /* false: nothing (or a null view) there */
    DXGI_FORMAT format;
    UINT width, height, slice_count;
    UINT sample_count, sample_quality;
};

struct fb_bound_request
{
    bool in_pass;                    /* inside an open render pass */
    const char *unrestorable;        /* why the app's graphics state cannot be put back after draws
                                      * (static); NULL: it can */
    bool pipeline;                   /* the runtime's clear root signature and shaders run */
    UINT rt_count;
    struct fb_bound_output rts[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
    struct fb_bound_output dsv;      /* bound false: none */

    /* ClearBoundRenderTargetViews (mask != 0) or ClearBoundDepthStencilView (ds_flags). */
    UINT mask;                       /* selected slots that have a target bound */
    const D3D12DDI_CLEAR_DATA *values;        /* per slot */
    const UINT *region_counts;                /* NULL: whole views */
    const D3D12DDI_BOX *const *regions;       /* NULL entry: that slot's whole view */
    D3D12DDI_CLEAR_FLAGS ds_flags;            /* planes to clear, stencil dropped without one */
    FLOAT depth;
    UINT8 stencil;
    UINT ds_region_count;
    const D3D12DDI_BOX *ds_regions;           /* NULL: the whole view */
};

enum fb_bound_route
{
    FB_BOUND_ROUTE_NOTHING,          /* every region empty */
    FB_BOUND_ROUTE_DRAW,
    FB_BOUND_ROUTE_LEGACY,
    FB_BOUND_ROUTE_REJECT,
};

/* One draw: its pipeline (an index into keys), scissor, slice and root constants
 * (value[4], depth, array index: the clear shaders' layout). */
struct fb_bound_draw
{
    UINT pipeline;
    D3D12_RECT scissor;
    UINT32 constants[6];
};

/* One legacy view clear: a slot (FB_BOUND_SLOT_DEPTH_STENCIL for depth), the slices
 * [first_slice, first_slice + slice_count) relative to the view's first, and one rect
 * or none (the whole view). */
struct fb_bound_legacy_clear
{
    UINT slot;
    UINT first_slice, slice_count;
    bool whole;
    D3D12_RECT rect;
};

struct fb_bound_plan
{
    enum fb_bound_route route;
    const char *reason;              /* REJECT: why (static) */
    /* DRAW */
    UINT key_count;
    D3D12_VIEWPORT viewport;         /* the smallest bound output, depth 0..1 */
    UINT stencil;                    /* the stencil reference the draws set */
    UINT draw_count;
    struct fb_bound_draw *draws;
    /* LEGACY */
    bool exact;                      /* the shortcut: the values pass to the legacy clears unchanged */
    UINT legacy_count;
    struct fb_bound_legacy_clear *legacy;   /* legacy_inline when it fits (whole views) */
    /* Arrays filled as far as their counts say (not zeroed ahead, to keep a call cheap). */
    struct fb_bound_pipeline_key keys[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];   /* DRAW */
    struct fb_bound_legacy_clear legacy_inline[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
};

/* Fills plan (free it with fb_bound_plan_cleanup); E_OUTOFMEMORY when the draws or
 * clears could not be listed. */
HRESULT fb_plan_bound(const struct fb_bound_request *request, struct fb_bound_plan *plan);
void fb_bound_plan_cleanup(struct fb_bound_plan *plan);

/* The key's output class for a render-target format. */
enum fb_bound_output_class fb_bound_output_class(DXGI_FORMAT format);

#endif
