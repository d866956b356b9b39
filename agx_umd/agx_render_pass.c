/*
 * The render-pass table (D3D12DDI_RENDER_PASS_FUNCS_0124). AGX is a tiler: on hardware
 * a pass becomes one tile pass whose load and store actions are the beginning and
 * ending accesses. The simulated engine writes memory directly, so the accesses
 * reduce to what they leave in memory:
 *
 *   beginning CLEAR     a clear of the view, recorded as the legacy clears record it
 *                       (agx_clear.h), but never predicated;
 *   DISCARD             leaves the contents as they are (one of the contents D3D12
 *                       allows: "previously-written or uninitialized");
 *   PRESERVE, PRESERVE_LOCAL_*   the contents are in memory already;
 *   NO_ACCESS           not bound, not touched;
 *   ending RESOLVE      the resolves of the subresource parameters (agx_resolve_record),
 *                       after everything the pass recorded; the source stays as it is;
 *   PRESERVE, DISCARD, NO_ACCESS, PRESERVE_LOCAL_*   nothing.
 *
 * The runtime records depth and stencil resolves itself (the DDI's depth-stencil desc
 * carries none), so a depth or stencil RESOLVE is PRESERVE here. A resuming pass skips
 * its beginning accesses and a suspending one its ending accesses: a chain of
 * suspended and resumed passes acts as one. The engine runs the lists of one
 * ExecuteCommandLists in order on one thread, so a chain across lists needs nothing
 * more. Descriptors are snapped at BeginRenderPass, as OMSetRenderTargets snaps them.
 */
#include <string.h>
#include "agx_clear.h"
#include "agx_raster.h"

/* One ending RESOLVE, applied at EndRenderPass. */
struct agx_pass_resolve
{
    struct agx_resource *src, *dst;
    DXGI_FORMAT format;
    D3D12_RESOLVE_MODE mode;
    uint32_t first, count;        /* of the record's subresource parameters */
};

/* The open pass: its bound targets (slot order, as the binding rules bind them) for
 * the draws inside it, and its ending resolves. Lives in the recording. */
struct agx_cmd_render_pass
{
    struct agx_cmd header;
    D3D12_RENDER_PASS_FLAGS flags;
    uint32_t rt_count;
    struct agx_descriptor_rtv rtvs[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
    bool has_dsv;
    struct agx_descriptor_dsv dsv;
    uint32_t resolve_count;
    struct agx_pass_resolve resolves[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
    D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS subresources[];
};

/* The binding rules of RenderPasses.md: what BeginRenderPass binds for raster. */
static bool agx_pass_binds(D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE type, bool read_only)
{
    switch ((UINT)type)
    {
        case D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_DISCARD:
        case D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE:
        case D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR:
        case D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_RENDER:
            return true;
        case D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_SRV:
            return read_only;
        default:
            return false;
    }
}

static const struct agx_descriptor_rtv *agx_pass_rtv(D3D12DDI_CPU_DESCRIPTOR_HANDLE handle)
{
    const struct agx_descriptor_rtv *rtv = (const void *)handle.ptr;

    return rtv && rtv->kind == AGX_DESCRIPTOR_RTV ? rtv : NULL;
}

static const struct agx_descriptor_dsv *agx_pass_dsv(D3D12DDI_CPU_DESCRIPTOR_HANDLE handle)
{
    const struct agx_descriptor_dsv *dsv = (const void *)handle.ptr;

    return dsv && dsv->kind == AGX_DESCRIPTOR_DSV ? dsv : NULL;
}

/* The record: descriptors bound, resolves kept with their parameters. NULL after
 * failing the list. */
static struct agx_cmd_render_pass *agx_pass_record(struct agx_cmdlist *list, UINT count,
                                                   const D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 *rts,
                                                   const D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124 *ds,
                                                   D3D12_RENDER_PASS_FLAGS flags)
{
    const struct agx_descriptor_rtv *rtv;
    const struct agx_descriptor_dsv *dsv = NULL;
    struct agx_cmd_render_pass *pass;
    struct agx_pass_resolve *resolve;
    size_t subresource_count = 0;
    UINT i;

    if (count > D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT || (count && !rts)
            || (ds && !(dsv = agx_pass_dsv(ds->Descriptor))))
        return NULL;
    for (i = 0; i < count; ++i)
    {
        if (!agx_pass_rtv(rts[i].Descriptor))
            return NULL;
        if (rts[i].EndingAccessType == D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE)
            subresource_count += rts[i].ResolveSubresourceCount;
    }
    if (!(pass = agx_cmdlist_emit(list, AGX_CMD_RENDER_PASS,
            sizeof(*pass) + subresource_count * sizeof(*pass->subresources))))
        return NULL;
    pass->flags = flags;
    for (i = 0; i < count; ++i)
    {
        rtv = agx_pass_rtv(rts[i].Descriptor);
        if (agx_pass_binds(rts[i].BeginningAccessType, false))
            pass->rtvs[pass->rt_count++] = *rtv;
        if (rts[i].EndingAccessType != D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE)
            continue;
        resolve = &pass->resolves[pass->resolve_count++];
        resolve->src = agx_resource_from_handle(rts[i].hResolveSrc);
        resolve->dst = agx_resource_from_handle(rts[i].hResolveDst);
        resolve->format = rts[i].ResolveFormat;
        resolve->mode = rts[i].ResolveMode;
        resolve->first = resolve == pass->resolves ? 0 : resolve[-1].first + resolve[-1].count;
        resolve->count = rts[i].ResolveSubresourceCount;
        memcpy(&pass->subresources[resolve->first], rts[i].pResolveSubresources,
               resolve->count * sizeof(*pass->subresources));
    }
    if (ds && (agx_pass_binds(ds->DepthBeginningAccessType,
                              flags & D3D12DDI_RENDER_PASS_FLAG_0101_BIND_READ_ONLY_DEPTH)
            || agx_pass_binds(ds->StencilBeginningAccessType,
                              flags & D3D12DDI_RENDER_PASS_FLAG_0101_BIND_READ_ONLY_STENCIL)))
    {
        pass->has_dsv = true;
        pass->dsv = *dsv;
    }
    return pass;
}

static void agx_pass_clear(struct agx_cmdlist *list, UINT count,
                           const D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 *rts,
                           const D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124 *ds)
{
    D3D12_CLEAR_FLAGS flags = 0;
    UINT i;

    for (i = 0; i < count; ++i)
    {
        if (rts[i].BeginningAccessType == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
            agx_clear_record_rtv(list, agx_pass_rtv(rts[i].Descriptor), rts[i].ClearValue.Color, 0, NULL, false);
    }
    if (!ds)
        return;
    if (ds->DepthBeginningAccessType == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
        flags |= D3D12_CLEAR_FLAG_DEPTH;
    if (ds->StencilBeginningAccessType == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
        flags |= D3D12_CLEAR_FLAG_STENCIL;
    if (flags)
        agx_clear_record_dsv(list, agx_pass_dsv(ds->Descriptor), flags, ds->ClearValue.DepthStencil.Depth,
                             ds->ClearValue.DepthStencil.Stencil, 0, NULL, false);
}

static void APIENTRY agx_begin_render_pass(D3D12DDI_HCOMMANDLIST hlist, UINT count,
                                           const D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 *rts,
                                           const D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124 *ds,
                                           D3D12_RENDER_PASS_FLAGS flags)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    struct agx_cmd_render_pass *pass;

    /* The runtime validated the pass; what is left is what this driver cannot read. */
    if (list->pass || !(pass = agx_pass_record(list, count, rts, ds, flags)))
    {
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    list->pass = pass;
    if (!(flags & D3D12_RENDER_PASS_FLAG_RESUMING_PASS))
        agx_pass_clear(list, count, rts, ds);
    /* The pass's views are what its draws render to. */
    agx_raster_record_targets(list, pass->rt_count, pass->rtvs, pass->has_dsv ? &pass->dsv : NULL,
                              flags & D3D12DDI_RENDER_PASS_FLAG_0101_BIND_READ_ONLY_DEPTH,
                              flags & D3D12DDI_RENDER_PASS_FLAG_0101_BIND_READ_ONLY_STENCIL);
}

static void APIENTRY agx_end_render_pass(D3D12DDI_HCOMMANDLIST hlist)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    const struct agx_cmd_render_pass *pass = list->pass;
    const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS *sub;
    const struct agx_pass_resolve *resolve;
    uint32_t i, j;

    if (!pass)
    {
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    list->pass = NULL;
    if (pass->flags & D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS)
        return;
    for (i = 0; i < pass->resolve_count; ++i)
    {
        resolve = &pass->resolves[i];
        for (j = 0; j < resolve->count; ++j)
        {
            sub = &pass->subresources[resolve->first + j];
            agx_resolve_record(list, resolve->dst, sub->DstSubresource, sub->DstX, sub->DstY, resolve->src,
                               sub->SrcSubresource, &sub->SrcRect, resolve->format, resolve->mode, false);
        }
    }
}

void agx_cmdlist_fill_render_pass_funcs(D3D12DDI_RENDER_PASS_FUNCS_0124 *funcs)
{
    funcs->pfnBeginRenderPass = agx_begin_render_pass;
    funcs->pfnEndRenderPass = agx_end_render_pass;
}
