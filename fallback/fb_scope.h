/*
 * Resource scope tracking (seed 000): what a command list knows of each resource's
 * barrier scope, from the enhanced barriers recorded into it so far. A resource the
 * list has not put a barrier on is untracked: its scope is whatever the previous
 * work on the queue left, which the runtime cannot see, so no route that has to
 * transition the resource and restore it (the compute fill, the in-place texture
 * clear) may use it.
 *
 * The runtime feeds every barrier array it hands the driver on a FALLBACK device
 * (rt_fallback_track_barriers) and clears the tracker when the list is reset.
 * Entries live in an fb_pointer_table keyed by the driver's resource handle.
 */
#ifndef FB_SCOPE_H
#define FB_SCOPE_H

#include "fb_pointer_table.h"
#include "d3d12ddi.h"

/* One resource's scope after the last barrier on it. */
struct fb_scope
{
    D3D12_BARRIER_SYNC sync;
    D3D12_BARRIER_ACCESS access;
    /* Textures: the layout every subresource is in, when the last barrier covered them
     * all (layout_known); a barrier on some subresources leaves it unknown. */
    D3D12_BARRIER_LAYOUT layout;
    bool layout_known;
    /* Textures: the subresources that barrier covered. The runtime hands the driver
     * explicit ranges, so one naming every mip, slice and plane also leaves the layout
     * known; only the runtime knows the texture's counts to see that. */
    D3D12_BARRIER_SUBRESOURCE_RANGE range;
};

struct fb_scope_tracker
{
    struct fb_pointer_table table;   /* resource handle → struct fb_scope */
};

void fb_scope_tracker_init(struct fb_scope_tracker *tracker);
void fb_scope_tracker_cleanup(struct fb_scope_tracker *tracker);
/* Forgets every resource (the list was reset). */
void fb_scope_tracker_clear(struct fb_scope_tracker *tracker);

/* Records the scopes a barrier array leaves its buffers and textures in (global
 * barriers order memory and change no resource's scope). False when memory ran out;
 * the tracker then misses some of them (they read as untracked). */
bool fb_scope_track_barriers(struct fb_scope_tracker *tracker, UINT count, const D3D12DDIARG_BARRIER_0124 *barriers);

/* The resource's tracked scope, or NULL when it is untracked. A NULL tracker tracks
 * nothing. */
const struct fb_scope *fb_scope_find(const struct fb_scope_tracker *tracker, D3D12DDI_HRESOURCE resource);

#endif
