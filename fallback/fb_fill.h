/*
 * The FillBuffers emitter for the CPU upload route (seed 000): it records an
 * fb_plan_fills plan in two steps, so that nothing is recorded unless everything
 * the plan needs could be had.
 *
 * 1. fb_fill_acquire, outside the DDI lock: the new chunks from the allocator's
 *    upload memory, each filled on the CPU with its pattern repeated, and the
 *    recording's VRAM staging block if the plan stages and it has none yet.
 * 2. fb_fill_record, inside the DDI lock: per upload fill in call order, when it is
 *    staged and the plan says so, a refresh of the staging block (a barrier that
 *    waits for the earlier copies from it, if any; the chunk copied in; a barrier
 *    making the copy visible to the copies that read it), then one legacy
 *    CopyBufferRegion per span of the destination.
 *
 * No barrier touches the application's buffer: every write is a copy, in COPY /
 * COPY_DEST, the scope the app's barriers after a fill cover (seed 000). Predication:
 * the legacy copies are predicated by the driver like the app's own copies, so a
 * predicated-off fill writes nothing, staging included; staging is refreshed by every
 * call that uses it, so nothing relies on a copy predication may have skipped.
 *
 * The compute route has no emitter yet (it needs the runtime's fill shader, a later
 * issue): the runtime rejects a plan with a compute group before acquiring anything.
 */
#ifndef FB_FILL_H
#define FB_FILL_H

#include "fb_plan_fill.h"

/* E_OUTOFMEMORY (or the service's failure) when memory could not be had: nothing was
 * recorded, and what was acquired stays with the allocator until its Reset. */
HRESULT fb_fill_acquire(const struct fb_services *services, struct fb_fill_recording *recording,
                        struct fb_fill_plan *plan);

void fb_fill_record(const struct fb_list *list, struct fb_fill_recording *recording, const struct fb_fill_plan *plan,
                    const D3D12DDI_FILL_BUFFER_DESC *descs);

#endif
