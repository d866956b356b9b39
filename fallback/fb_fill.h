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
 * The compute route's emitter, fb_fill_record_compute (fb_fill_compute.c), needs
 * nothing acquired: the runtime's fill pipeline (specs/shaders.md) and the plan.
 */
#ifndef FB_FILL_H
#define FB_FILL_H

#include "fb_plan_fill.h"

/* E_OUTOFMEMORY (or the service's failure) when memory could not be had: nothing was
 * recorded, and what was acquired stays with the allocator until its Reset. */
HRESULT fb_fill_acquire(const struct fb_services *services, struct fb_fill_recording *recording,
                        struct fb_fill_plan *plan);

/* The runtime's fill shader (specs/shaders.md): root parameter 0 holds
 * FB_FILL_SHADER_CONSTANT_COUNT constants (b0), parameter 1 the root UAV (u0) of the
 * destination; thread t of the dispatch writes pattern dword t % pattern dwords at
 * byte offset + 4t when t < dword count. */
#define FB_FILL_SHADER_PARAMETER_CONSTANTS 0u
#define FB_FILL_SHADER_PARAMETER_UAV 1u
#define FB_FILL_SHADER_PATTERN 0u           /* dwords 0-3 */
#define FB_FILL_SHADER_BYTE_OFFSET 4u
#define FB_FILL_SHADER_DWORD_COUNT 5u
#define FB_FILL_SHADER_PATTERN_DWORDS 6u
#define FB_FILL_SHADER_CONSTANT_COUNT 8u
#define FB_FILL_SHADER_GROUP_SIZE 64u
#define FB_FILL_SHADER_MAX_GROUPS 65535u   /* D3D12's dispatch limit per dimension */

struct fb_fill_shader
{
    D3D12DDI_HROOTSIGNATURE root_signature;
    D3D12DDI_HPIPELINESTATE pipeline;
};

void fb_fill_record(const struct fb_list *list, struct fb_fill_recording *recording, const struct fb_fill_plan *plan,
                    const D3D12DDI_FILL_BUFFER_DESC *descs);

/*
 * Records the plan's compute group. barriers has room for plan->destination_count
 * barriers; it is left holding the ones that put the destinations in COPY / COPY_DEST,
 * for the runtime's scope tracker. The runtime puts the application's compute root
 * signature, root arguments and pipeline back afterwards.
 */
void fb_fill_record_compute(const struct fb_list *list, const struct fb_fill_plan *plan,
                            const D3D12DDI_FILL_BUFFER_DESC *descs, const struct fb_fill_shader *shader,
                            D3D12DDIARG_BARRIER_0124 *barriers);

#endif
