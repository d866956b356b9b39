/*
 * The FillBuffers compute-route emitter (fb_fill.h): the runtime's fill shader writes
 * every fill of the plan's compute group.
 *
 * The destinations move from their tracked scopes to COMPUTE_SHADING /
 * UNORDERED_ACCESS in one barrier call, the fills are dispatched in call order (fills of
 * one call may land in any order, so no barrier separates them), and one barrier call
 * puts every destination in COPY / COPY_DEST, the scope the application's barriers
 * after a fill cover (seed 000). The dispatches are predicated by the driver like the
 * application's own; the barriers are not, as D3D12's never are.
 */
#include <string.h>

#include "fb_fill.h"

/* Dwords one dispatch writes at most: whole groups of the largest dispatch, a multiple
 * of every pattern's dword count (1, 2, 3 and 4), so each dispatch starts a pattern. */
#define FB_FILL_DISPATCH_DWORDS ((UINT64)FB_FILL_SHADER_GROUP_SIZE * FB_FILL_SHADER_MAX_GROUPS)
_Static_assert(FB_FILL_DISPATCH_DWORDS % 12 == 0, "a dispatch must end on a pattern boundary");

/* One destination's barrier: into the shader's scope, or back to COPY / COPY_DEST. */
static void fb_fill_compute_barrier(const struct fb_fill_destination *destination, bool to_shader,
                             D3D12DDIARG_BARRIER_0124 *barrier)
{
    memset(barrier, 0, sizeof(*barrier));
    barrier->Type = D3D12_BARRIER_TYPE_BUFFER;
    barrier->Buffer.hResource = destination->buffer;
    barrier->Buffer.Offset = 0;
    barrier->Buffer.Size = UINT64_MAX;
    if (to_shader)
    {
        barrier->Buffer.SyncBefore = destination->before.sync;
        barrier->Buffer.AccessBefore = destination->before.access;
        barrier->Buffer.SyncAfter = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
        barrier->Buffer.AccessAfter = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
    }
    else
    {
        barrier->Buffer.SyncBefore = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
        barrier->Buffer.AccessBefore = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
        barrier->Buffer.SyncAfter = D3D12_BARRIER_SYNC_COPY;
        barrier->Buffer.AccessAfter = D3D12_BARRIER_ACCESS_COPY_DEST;
    }
}

/* The pattern as the shader's dwords: 1- and 2-byte patterns repeated to fill one. */
static UINT fb_fill_pattern_dwords(const struct fb_fill_pattern *pattern, UINT32 dwords[4])
{
    UINT8 bytes[16];
    UINT i;

    for (i = 0; i < 16; ++i)
        bytes[i] = pattern->bytes[i % pattern->size];
    memcpy(dwords, bytes, sizeof(bytes));
    return pattern->size < 4 ? 1 : pattern->size / 4;
}

static void fb_fill_dispatch_entry(const struct fb_list *list, const struct fb_fill_entry *e, UINT64 offset)
{
    UINT32 constants[FB_FILL_SHADER_CONSTANT_COUNT];
    UINT64 done, dwords, total = e->bytes / 4;

    memset(constants, 0, sizeof(constants));
    constants[FB_FILL_SHADER_PATTERN_DWORDS] = fb_fill_pattern_dwords(&e->pattern, constants);
    for (done = 0; done < total; done += dwords)
    {
        dwords = total - done < FB_FILL_DISPATCH_DWORDS ? total - done : FB_FILL_DISPATCH_DWORDS;
        /* The root UAV points at the dispatch's first dword: a 32-bit byte-offset
         * constant would wrap for fills at 4 GiB or more. */
        list->ddi->pfnSetComputeRootUnorderedAccessView(list->hdrv, FB_FILL_SHADER_PARAMETER_UAV,
                                                        e->gpu_va + offset + done * 4);
        constants[FB_FILL_SHADER_BYTE_OFFSET] = 0;
        constants[FB_FILL_SHADER_DWORD_COUNT] = (UINT32)dwords;
        list->ddi->pfnSetComputeRoot32BitConstants(list->hdrv, FB_FILL_SHADER_PARAMETER_CONSTANTS,
                                                   FB_FILL_SHADER_CONSTANT_COUNT, constants, 0);
        list->ddi->pfnDispatch(list->hdrv, (UINT)((dwords + FB_FILL_SHADER_GROUP_SIZE - 1)
                                                  / FB_FILL_SHADER_GROUP_SIZE), 1, 1);
    }
}

void fb_fill_record_compute(const struct fb_list *list, const struct fb_fill_plan *plan,
                            const D3D12DDI_FILL_BUFFER_DESC *descs, const struct fb_fill_shader *shader,
                            D3D12DDIARG_BARRIER_0124 *barriers)
{
    const struct fb_fill_group *group = fb_fill_plan_group(plan, FB_FILL_ROUTE_COMPUTE);
    UINT i;

    if (!group)
        return;
    for (i = 0; i < plan->destination_count; ++i)
        fb_fill_compute_barrier(&plan->destinations[i], true, &barriers[i]);
    list->ddi->pfnBarrier(list->hdrv, plan->destination_count, barriers);

    list->ddi->pfnSetComputeRootSignature(list->hdrv, shader->root_signature);
    list->ddi->pfnSetPipelineState(list->hdrv, shader->pipeline);
    for (i = 0; i < group->count; ++i)
        fb_fill_dispatch_entry(list, &plan->entries[group->fills[i]], descs[group->fills[i]].Offset);

    for (i = 0; i < plan->destination_count; ++i)
        fb_fill_compute_barrier(&plan->destinations[i], false, &barriers[i]);
    list->ddi->pfnBarrier(list->hdrv, plan->destination_count, barriers);
}
