/*
 * The ClearTextureSubresources in-place emitter (seed 000): for each targeted
 * subresource, an enhanced barrier from the tracked scope and layout to RENDER_TARGET
 * (DEPTH_STENCIL_WRITE for depth), a legacy view clear through a private RTV/DSV of
 * that mip and slice in the typed clear format, with the encoder's float vector or
 * depth and stencil (ddi_encode_view_clear_color / _depth) and one rect for a region,
 * then a barrier back to COPY / COPY_DEST in the starting layout.
 *
 * Two steps, as the pattern copy (fb_clear.h): fb_clear_inplace_acquire outside the
 * DDI lock writes the private views and plans the calls; fb_clear_inplace_record
 * inside it records them. The planner (fb_plan_clear.h) has checked the conditions:
 * direct list, RT/DS flag, not simultaneous-access, a known restorable layout.
 */
#ifndef FB_CLEAR_INPLACE_H
#define FB_CLEAR_INPLACE_H

#include "fb_clear.h"
#include "fb_scope.h"

/* One subresource's transition, clear and transition back. */
struct fb_clear_view_op
{
    D3D12DDIARG_BARRIER_0124 to_write, back;
    struct fb_clear_view clear;
};

struct fb_clear_inplace_batch
{
    struct fb_clear_view_op *ops;
    UINT count, capacity;
};

void fb_clear_inplace_batch_init(struct fb_clear_inplace_batch *batch);
void fb_clear_inplace_batch_cleanup(struct fb_clear_inplace_batch *batch);

/* Plans one target whose every subresource is in scope (tracked, layout known) and
 * writes its views. E_OUTOFMEMORY (or the service's failure); E_INVALIDARG for a
 * format without a legacy view clear (the planner refuses those first). */
HRESULT fb_clear_inplace_acquire(const struct fb_services *services, const struct fb_clear_target *target,
                                 const struct fb_scope *scope, struct fb_clear_inplace_batch *batch);

void fb_clear_inplace_record(const struct fb_list *list, const struct fb_clear_inplace_batch *batch);

/* The barrier the tracker records for a cleared texture: every subresource back in
 * COPY / COPY_DEST in the layout scope had. */
void fb_clear_inplace_scope_barrier(D3D12DDI_HRESOURCE texture, const struct fb_scope *scope,
                                    D3D12DDIARG_BARRIER_0124 *barrier);

#endif
