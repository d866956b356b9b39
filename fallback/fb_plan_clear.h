/*
 * The ClearTextureSubresources route planner (seed 000's per-route matrix): pure, one
 * texture at a time. The runtime describes the texture, the request and the device;
 * the planner answers which of the three routes takes it, or why none can.
 *
 * The encoder's answers (encodable, exact) and the tracked layout are inputs, so every
 * branch can be tested without a device (tests/test_fb_plan_clear.c).
 */
#ifndef FB_PLAN_CLEAR_H
#define FB_PLAN_CLEAR_H

#include <stdbool.h>
#include "d3d12ddi.h"

enum fb_clear_route
{
    FB_CLEAR_ROUTE_PATTERN_COPY,        /* a tile of the encoded value copied in (fb_clear.h) */
    FB_CLEAR_ROUTE_IN_PLACE,            /* a private RTV/DSV and a legacy view clear */
    FB_CLEAR_ROUTE_MSAA_CLEAR_AND_COPY, /* a private MSAA texture cleared, then copied in */
    FB_CLEAR_ROUTE_REJECT,
};

struct fb_clear_caps
{
    bool discrete;                      /* not UMA */
    bool programmable_sample_positions; /* tier 1 or higher: partial depth and MSAA copies */
};

/* One texture as one desc clears it. */
struct fb_clear_texture
{
    UINT sample_count;
    bool depth_stencil;             /* a depth or stencil format */
    bool allow_render_target;
    bool allow_depth_stencil;
    bool simultaneous_access;
    bool is_protected;              /* the texture or the list */
    bool msaa_renderable;           /* format, sample count and quality render with MSAA */
    bool whole;                     /* no region, or one covering the subresource */
    UINT64 region_texels;           /* texels of the region (of the subresource when whole) */
    UINT64 subresource_texels;
    bool layout_known;              /* from a barrier on it in this list (fb_scope.h) */
    D3D12_BARRIER_LAYOUT layout;
    bool encodable;                 /* the encoder writes every targeted plane */
    bool exact;                     /* a legacy view clear stores the encoded bytes */
    bool copyable;                  /* a placed footprint of the format exists */
};

struct fb_clear_choice
{
    enum fb_clear_route route;
    /* The pattern copy could take it too (single-sample, encodable, copyable region). */
    bool pattern_possible;
    /* Why: the route's condition, or the matrix's rejection. Static text. */
    const char *reason;
};

/* The route for one texture on a list of list_type (direct or compute). */
void fb_plan_clear(const struct fb_clear_caps *caps, D3D12_COMMAND_LIST_TYPE list_type,
                   const struct fb_clear_texture *texture, struct fb_clear_choice *choice);

const char *fb_clear_route_name(enum fb_clear_route route);

#endif
