/*
 * The ClearTextureSubresources MSAA clear-and-copy emitter (seed 000): for an MSAA
 * texture the in-place clear cannot take (its layout unknown, simultaneous access, or
 * a layout that cannot be restored), a private MSAA texture of the same size, sample
 * count and quality, in the clear format (for depth the combined depth/stencil format,
 * both planes), is cleared through a private RTV/DSV with the legacy view clear, then
 * copied into every targeted subresource.
 *
 * Per desc: a barrier on the private texture from UNDEFINED (its earlier contents are
 * not needed; after the copies of an earlier use in the recording) to RENDER_TARGET or
 * DEPTH_STENCIL_WRITE, the clear (one rect for a region) with the closest value a
 * legacy view clear can take (ddi_encode_view_clear_color / _depth: integers above
 * 2^24 round, subnormals flush, depth clamps; no message, the known issue), a barrier
 * to COPY_SOURCE, and one CopyTextureRegion per targeted slice and plane: the whole
 * subresource, or the region's box where the device has programmable sample positions
 * (the planner refuses partial copies otherwise). No barrier touches the application's
 * texture: the copies write it in COPY / COPY_DEST.
 *
 * The private textures belong to the recording (fb_clear_recording): one per desc
 * shape, taken from the allocator (fb_services.texture) at its first use and cleared
 * again by every call, so no list relies on another list's clear or on one predication
 * skipped.
 *
 * Two steps, as the other routes: fb_clear_msaa_acquire outside the DDI lock, and
 * fb_clear_msaa_record inside it.
 */
#ifndef FB_CLEAR_MSAA_H
#define FB_CLEAR_MSAA_H

#include "fb_clear.h"

/* One copy of the private texture into the target. */
struct fb_clear_msaa_copy
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst, src;
    UINT x, y;
    bool has_box;
    D3D12_BOX box;
};

/* One desc: the private texture's clear and its copies. */
struct fb_clear_msaa_op
{
    D3D12DDIARG_BARRIER_0124 to_write, to_copy;
    struct fb_clear_view clear;
    UINT first_copy, copy_count;
};

struct fb_clear_msaa_batch
{
    struct fb_clear_msaa_op *ops;
    UINT count, capacity;
    struct fb_clear_msaa_copy *copies;
    UINT copy_count, copy_capacity;
};

void fb_clear_msaa_batch_init(struct fb_clear_msaa_batch *batch);
void fb_clear_msaa_batch_cleanup(struct fb_clear_msaa_batch *batch);

/* The private texture desc of a target: 2D, one mip and slice, the clear format. */
void fb_clear_msaa_private_desc(const struct fb_clear_target *target, D3D12_RESOURCE_DESC1 *desc);

/* Plans one target: the recording's private texture of its shape (taken from the
 * allocator at first use), its view, value and copies. E_OUTOFMEMORY (or the service's
 * failure); E_INVALIDARG for a format without a legacy view clear (the planner
 * refuses those first). */
HRESULT fb_clear_msaa_acquire(const struct fb_services *services, struct fb_clear_recording *recording,
                              const struct fb_clear_target *target, struct fb_clear_msaa_batch *batch);

void fb_clear_msaa_record(const struct fb_list *list, const struct fb_clear_msaa_batch *batch);

#endif
