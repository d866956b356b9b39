/*
 * The native bound clears: ClearBoundRenderTargetViews and ClearBoundDepthStencilView
 * clear whatever the executing list has bound (OMSetRenderTargets or the open render
 * pass; in a bundle, the bindings of the list that executes it), so the targets are
 * looked up when the record executes, not when it is recorded.
 *
 * Each region is a D3D12_BOX: left..right and top..bottom in pixels of the view's mip,
 * front..back the view's array slices (3D: its w slices), right, bottom and back
 * exclusive; it is clipped to the view, and an empty one clears nothing. No region
 * list (or a NULL one for a slot) clears the whole view. Values are encoded with the
 * DDI encoder from the Async clear data, so integer values land bit-exact; depth is
 * clamped to [0, 1] by the encoder and stencil keeps the format's 8 bits. Read-only
 * depth or stencil planes are left alone. The clears are predicated like the legacy
 * view clears.
 */
#include <string.h>

#include "agx_clear.h"
#include "agx_cmdasync.h"
#include "agx_raster.h"
#include "ddi_format.h"

#define AGX_BOUND_SLOTS D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT

/* Regions follow in slot order; whole[i]: slot i clears its whole view. */
struct agx_cmd_clear_bound_rtv
{
    struct agx_cmd header;
    uint32_t mask;
    D3D12DDI_CLEAR_DATA values[AGX_BOUND_SLOTS];
    uint32_t region_counts[AGX_BOUND_SLOTS];
    bool whole[AGX_BOUND_SLOTS];
    D3D12_BOX regions[];
};

struct agx_cmd_clear_bound_dsv
{
    struct agx_cmd header;
    D3D12DDI_CLEAR_FLAGS flags;
    D3D12DDI_CLEAR_DATA value;           /* Floats[0] depth, Uints[1] stencil */
    bool whole;
    uint32_t region_count;
    D3D12_BOX regions[];
};

/* ---- Recording ------------------------------------------------------------------------ */

static void APIENTRY agx_clear_bound_rtv_entry(D3D12DDI_HCOMMANDLIST hlist, UINT mask,
                                               const D3D12DDI_CLEAR_DATA *values, const UINT *region_counts,
                                               const D3D12DDI_BOX **regions)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    struct agx_cmd_clear_bound_rtv *cmd;
    uint32_t i, total = 0;
    D3D12_BOX *next;

    mask &= (1u << AGX_BOUND_SLOTS) - 1;
    if (!mask)
        return;
    for (i = 0; i < AGX_BOUND_SLOTS; ++i)
    {
        if ((mask & (1u << i)) && region_counts && regions && regions[i])
            total += region_counts[i];
    }
    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_CLEAR_BOUND_RTV, sizeof(*cmd) + total * sizeof(D3D12_BOX))))
        return;
    cmd->mask = mask;
    next = cmd->regions;
    for (i = 0; i < AGX_BOUND_SLOTS; ++i)
    {
        cmd->whole[i] = true;
        cmd->region_counts[i] = 0;
        memset(&cmd->values[i], 0, sizeof(cmd->values[i]));
        if (!(mask & (1u << i)))
            continue;
        cmd->values[i] = values[i];
        if (!region_counts || !regions || !regions[i])
            continue;
        cmd->whole[i] = false;
        cmd->region_counts[i] = region_counts[i];
        memcpy(next, regions[i], region_counts[i] * sizeof(*next));
        next += region_counts[i];
    }
}

static void APIENTRY agx_clear_bound_dsv_entry(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_CLEAR_FLAGS flags, FLOAT depth,
                                               UINT8 stencil, UINT region_count, const D3D12DDI_BOX *regions)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    struct agx_cmd_clear_bound_dsv *cmd;
    uint32_t count = regions ? region_count : 0;

    if (!(flags & (D3D12DDI_CLEAR_FLAG_DEPTH | D3D12DDI_CLEAR_FLAG_STENCIL)))
        return;
    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_CLEAR_BOUND_DSV, sizeof(*cmd) + count * sizeof(D3D12_BOX))))
        return;
    cmd->flags = flags;
    memset(&cmd->value, 0, sizeof(cmd->value));
    cmd->value.Floats[0] = depth;
    cmd->value.Uints[1] = stencil;
    cmd->whole = !regions;
    cmd->region_count = count;
    if (count)
        memcpy(cmd->regions, regions, count * sizeof(*cmd->regions));
}

void agx_cmdasync_fill_bound_clears(D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *funcs)
{
    funcs->pfnClearBoundRenderTargetViews = agx_clear_bound_rtv_entry;
    funcs->pfnClearBoundDepthStencilView = agx_clear_bound_dsv_entry;
}

/* ---- Execution ------------------------------------------------------------------------ */

/* One clear record built on the spot: a pattern over one box of a bound target's plane. */
union agx_bound_clear
{
    struct agx_cmd_clear cmd;
    unsigned char bytes[sizeof(struct agx_cmd_clear) + sizeof(D3D12_RECT)];
};

static uint32_t agx_bound_plane(const struct agx_om_target *target)
{
    const D3D12_RESOURCE_DESC1 *desc = &target->resource->desc;
    uint32_t mips = desc->MipLevels ? desc->MipLevels : 1;
    uint32_t slices = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : desc->DepthOrArraySize;

    return target->subresource_base / (mips * slices);
}

/* Clears the box (NULL: the whole view) of one plane of a target with pattern. */
static void agx_bound_clear_box(struct agx_backend *backend, const struct agx_om_target *target, uint32_t plane,
                                const uint8_t *pattern, size_t pattern_size, const D3D12_BOX *box)
{
    union agx_bound_clear clear;
    uint32_t front = 0, back = target->slice_count;

    memset(&clear, 0, sizeof(clear));
    clear.cmd.resource = (struct agx_resource *)target->resource;
    clear.cmd.plane = plane;
    clear.cmd.mip = target->mip;
    clear.cmd.pattern_size = (uint32_t)pattern_size;
    memcpy(clear.cmd.pattern, pattern, pattern_size);
    if (box)
    {
        if (box->left >= box->right || box->top >= box->bottom || box->front >= box->back)
            return;
        front = box->front;
        back = AGX_MIN(box->back, target->slice_count);
        clear.cmd.rect_count = 1;
        clear.cmd.rects[0].left = (LONG)AGX_MIN(box->left, (UINT)INT32_MAX);
        clear.cmd.rects[0].top = (LONG)AGX_MIN(box->top, (UINT)INT32_MAX);
        clear.cmd.rects[0].right = (LONG)AGX_MIN(box->right, (UINT)INT32_MAX);
        clear.cmd.rects[0].bottom = (LONG)AGX_MIN(box->bottom, (UINT)INT32_MAX);
    }
    if (front >= back)
        return;
    clear.cmd.first_layer = target->first_slice + front;
    clear.cmd.layer_count = back - front;
    agx_clear_exec(backend, &clear.cmd);
}

static void agx_bound_clear_target(struct agx_backend *backend, const struct agx_om_target *target, uint32_t plane,
                                   const D3D12DDI_CLEAR_DATA *value, bool whole, uint32_t region_count,
                                   const D3D12_BOX *regions)
{
    uint8_t pattern[DDI_ENCODE_MAX_BYTES];
    size_t size;
    uint32_t i;

    if (ddi_encode_clear_plane(target->format, plane, value, DDI_ENCODE_SOURCE_CLEAR_DATA, false, pattern,
                               sizeof(pattern), &size) != DDI_ENCODE_OK)
    {
        agx_warn("bound clear: no value for a %s target", ddi_format_name(target->format));
        return;
    }
    if (whole)
        agx_bound_clear_box(backend, target, plane, pattern, size, NULL);
    for (i = 0; !whole && i < region_count; ++i)
        agx_bound_clear_box(backend, target, plane, pattern, size, &regions[i]);
}

static void agx_exec_clear_bound_rtv(struct agx_exec *exec, const struct agx_cmd_clear_bound_rtv *cmd)
{
    const struct agx_raster_exec *graphics = exec->graphics;
    const D3D12_BOX *regions = cmd->regions;
    const struct agx_om_target *target;
    uint32_t i;

    for (i = 0; i < AGX_BOUND_SLOTS; regions += cmd->region_counts[i], ++i)
    {
        if (!(cmd->mask & (1u << i)) || !graphics || i >= graphics->target_count)
            continue;
        target = &graphics->targets[i];
        if (!target->resource)
            continue;   /* nothing bound: skipped, as D3D12 says */
        agx_bound_clear_target(exec->backend, target, agx_bound_plane(target), &cmd->values[i], cmd->whole[i],
                               cmd->region_counts[i], regions);
    }
}

static void agx_exec_clear_bound_dsv(struct agx_exec *exec, const struct agx_cmd_clear_bound_dsv *cmd)
{
    const struct agx_raster_exec *graphics = exec->graphics;
    const struct ddi_format_info *info;
    const struct agx_om_target *depth;

    if (!graphics || !(depth = &graphics->depth)->resource || !(info = ddi_format_get(depth->format)))
        return;
    if ((cmd->flags & D3D12DDI_CLEAR_FLAG_DEPTH) && !depth->read_only_depth)
        agx_bound_clear_target(exec->backend, depth, 0, &cmd->value, cmd->whole, cmd->region_count, cmd->regions);
    if ((cmd->flags & D3D12DDI_CLEAR_FLAG_STENCIL) && info->has_stencil && !depth->read_only_stencil)
        agx_bound_clear_target(exec->backend, depth, 1, &cmd->value, cmd->whole, cmd->region_count, cmd->regions);
}

void agx_cmdasync_exec_bound_clear(struct agx_exec *exec, const struct agx_cmd *cmd)
{
    if (exec->predicated)
        return;
    if (cmd->type == AGX_CMD_CLEAR_BOUND_RTV)
        agx_exec_clear_bound_rtv(exec, (const struct agx_cmd_clear_bound_rtv *)cmd);
    else
        agx_exec_clear_bound_dsv(exec, (const struct agx_cmd_clear_bound_dsv *)cmd);
}
