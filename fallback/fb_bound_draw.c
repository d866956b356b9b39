/* The bound-clear draws (fb_bound.h). */
#include <string.h>

#include "fb_bound.h"

void fb_bound_draw_record(const struct fb_list *list, const struct fb_bound_draw_batch *batch)
{
    const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *ddi = list->ddi;
    const struct fb_bound_plan *plan = batch->plan;
    const struct fb_bound_draw *draw, *previous = NULL;
    UINT i, current = UINT32_MAX;

    ddi->pfnSetGraphicsRootSignature(list->hdrv, batch->root_signature);
    ddi->pfnIASetPrimitiveTopology(list->hdrv, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ddi->pfnRSSetViewports(list->hdrv, 1, &plan->viewport);
    if (plan->keys[0].ds_flags & D3D12DDI_CLEAR_FLAG_STENCIL)
        ddi->pfnOMSetStencilRef(list->hdrv, plan->stencil, plan->stencil);
    for (i = 0; i < plan->draw_count; ++i)
    {
        draw = &plan->draws[i];
        if (draw->pipeline != current)
            ddi->pfnSetPipelineState(list->hdrv, batch->pipelines[current = draw->pipeline]);
        ddi->pfnRSSetScissorRects(list->hdrv, 1, &draw->scissor);
        /* Root constants stay set across draws: only a new slot's value or slice sets them. */
        if (!previous || memcmp(previous->constants, draw->constants, sizeof(draw->constants)))
            ddi->pfnSetGraphicsRoot32BitConstants(list->hdrv, 0, FB_BOUND_ROOT_CONSTANTS, draw->constants, 0);
        ddi->pfnDrawInstanced(list->hdrv, 3, 1, 0, 0);
        previous = draw;
    }
}
