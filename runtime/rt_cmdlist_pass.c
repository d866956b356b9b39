/*
 * BeginRenderPass / EndRenderPass (ddi-facts §7). A driver that fills the render-pass
 * table and reports tier 1 or more records passes itself; for any other driver the
 * runtime emulates them with the legacy table: OMSetRenderTargets binds the targets the
 * binding rules bind (later ones move down a slot), beginning CLEAR accesses become view
 * clears, ending RESOLVE accesses become ResolveSubresourceRegion calls at EndRenderPass.
 * The DDI's depth-stencil desc has no resolve parameters, so the runtime records depth
 * and stencil resolves after the driver's EndRenderPass as well.
 *
 * A chain of suspended and resumed passes acts as one pass: the first applies the
 * beginning accesses, the last the ending ones, and in between the surfaces stay as
 * they are (as PRESERVE would keep them). DISCARD and NO_ACCESS leave contents as they
 * are; PRESERVE_LOCAL_* are PRESERVE for the emulation. A driver lacking an entry the
 * emulation needs cannot run the pass: E_NOTIMPL.
 */
#include <stdlib.h>

#include "rt_cmdlist_pass.h"
#include "rt_info_queue.h"

static void rt_pass_drop_resolves(struct rt_render_pass *pass)
{
    UINT i;

    for (i = 0; i < pass->resolve_count; ++i)
        free(pass->resolves[i].subresources);
    pass->resolve_count = 0;
}

void rt_render_pass_clear(struct rt_render_pass *pass)
{
    rt_pass_drop_resolves(pass);
    free(pass->surfaces);
    memset(pass, 0, sizeof(*pass));
}

static bool rt_pass_driver_table(const struct rt_command_list *list)
{
    const struct rt_device *device = list->device;

    return device->has_render_pass_table && device->options.RenderPassTier >= D3D12_RENDER_PASS_TIER_1
            && device->ddi_render_pass.pfnBeginRenderPass && device->ddi_render_pass.pfnEndRenderPass;
}

/* Keeps an ending RESOLVE for EndRenderPass; the application's arrays may be gone by then. */
static bool rt_pass_keep_resolve(struct rt_command_list *list, const D3D12_RENDER_PASS_ENDING_ACCESS *access)
{
    struct rt_render_pass *pass = &list->render_pass;
    const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_PARAMETERS *in = &access->Resolve;
    struct rt_pass_resolve *out = &pass->resolves[pass->resolve_count];
    size_t size = in->SubresourceCount * sizeof(*out->subresources);

    if (!(out->subresources = malloc(size)))
    {
        rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                       "BeginRenderPass: out of memory");
        return false;
    }
    memcpy(out->subresources, in->pSubresourceParameters, size);
    out->src = rt_command_list_resource(list, in->pSrcResource);
    out->dst = rt_command_list_resource(list, in->pDstResource);
    out->format = in->Format;
    out->mode = in->ResolveMode;
    out->count = in->SubresourceCount;
    ++pass->resolve_count;
    return true;
}

/* The resolves the runtime records at EndRenderPass: all of an emulated pass, those of
 * the depth and stencil planes of a driver pass; none while the chain is suspended. */
static bool rt_pass_keep_resolves(struct rt_command_list *list, const struct rt_pass_desc *desc, bool emulated)
{
    const struct rt_pass_plane *plane;
    UINT i;

    if (desc->flags & D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS)
        return true;
    for (i = 0; i < desc->plane_count; ++i)
    {
        plane = &desc->planes[i];
        if (plane->end->Type == D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE
                && (emulated || plane->kind != RT_PASS_COLOR) && !rt_pass_keep_resolve(list, plane->end))
            return false;
    }
    return true;
}

static void rt_pass_record_resolves(struct rt_command_list *list)
{
    const struct rt_render_pass *pass = &list->render_pass;
    const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS *sub;
    const struct rt_pass_resolve *resolve;
    UINT i, j;

    for (i = 0; i < pass->resolve_count; ++i)
    {
        resolve = &pass->resolves[i];
        for (j = 0; j < resolve->count; ++j)
        {
            sub = &resolve->subresources[j];
            RT_DDI_CALL(list, pfnResolveSubresourceRegion, resolve->dst->hdrv, sub->DstSubresource, sub->DstX,
                        sub->DstY, resolve->src->hdrv, sub->SrcSubresource, &sub->SrcRect, resolve->format,
                        resolve->mode);
        }
    }
}

/* What the pass needs from the legacy table: all of it when emulated, the resolves of
 * depth and stencil otherwise. */
static bool rt_pass_entries_present(struct rt_command_list *list, const struct rt_pass_desc *desc, bool emulated)
{
    bool clear_rt = false, clear_ds = false, resolve = false;
    const struct rt_pass_plane *plane;
    UINT i;

    for (i = 0; i < desc->plane_count; ++i)
    {
        plane = &desc->planes[i];
        if (plane->begin->Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
        {
            clear_rt |= plane->kind == RT_PASS_COLOR;
            clear_ds |= plane->kind != RT_PASS_COLOR;
        }
        resolve |= plane->end->Type == D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE
                && (emulated || plane->kind != RT_PASS_COLOR);
    }
    if (!emulated)
        return !resolve || RT_DDI_REQUIRE(list, pfnResolveSubresourceRegion, "BeginRenderPass");
    return RT_DDI_REQUIRE(list, pfnOMSetRenderTargets, "BeginRenderPass")
            && (!clear_rt || RT_DDI_REQUIRE(list, pfnClearRenderTargetView, "BeginRenderPass"))
            && (!clear_ds || RT_DDI_REQUIRE(list, pfnClearDepthStencilView, "BeginRenderPass"))
            && (!resolve || RT_DDI_REQUIRE(list, pfnResolveSubresourceRegion, "BeginRenderPass"));
}

/* ---- The driver's render passes ------------------------------------------------------- */

static void rt_ddi_resolve(struct rt_command_list *list, const D3D12_RENDER_PASS_ENDING_ACCESS *access,
                           D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 *out)
{
    if (access->Type != D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE)
        return;
    out->hResolveSrc = rt_resource_hdrv(rt_command_list_resource(list, access->Resolve.pSrcResource));
    out->hResolveDst = rt_resource_hdrv(rt_command_list_resource(list, access->Resolve.pDstResource));
    out->ResolveSubresourceCount = access->Resolve.SubresourceCount;
    out->pResolveSubresources = access->Resolve.pSubresourceParameters;
    out->ResolveFormat = access->Resolve.Format;
    out->ResolveMode = access->Resolve.ResolveMode;
}

static void rt_begin_driver_pass(struct rt_command_list *list, UINT count,
                                 const D3D12_RENDER_PASS_RENDER_TARGET_DESC *rts,
                                 const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds, D3D12_RENDER_PASS_FLAGS flags)
{
    D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 ddi_rts[RT_MAX_RENDER_TARGETS];
    D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124 ddi_ds;
    struct rt_device *device = list->device;
    UINT i;

    memset(ddi_rts, 0, sizeof(ddi_rts));
    for (i = 0; i < count; ++i)
    {
        ddi_rts[i].Descriptor.ptr = rts[i].cpuDescriptor.ptr;
        ddi_rts[i].BeginningAccessType = rts[i].BeginningAccess.Type;
        if (rts[i].BeginningAccess.Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
            ddi_rts[i].ClearValue = rts[i].BeginningAccess.Clear.ClearValue;
        ddi_rts[i].EndingAccessType = rts[i].EndingAccess.Type;
        rt_ddi_resolve(list, &rts[i].EndingAccess, &ddi_rts[i]);
    }
    memset(&ddi_ds, 0, sizeof(ddi_ds));
    if (ds)
    {
        ddi_ds.Descriptor.ptr = ds->cpuDescriptor.ptr;
        ddi_ds.DepthBeginningAccessType = ds->DepthBeginningAccess.Type;
        ddi_ds.StencilBeginningAccessType = ds->StencilBeginningAccess.Type;
        if (ds->DepthBeginningAccess.Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
            ddi_ds.ClearValue = ds->DepthBeginningAccess.Clear.ClearValue;
        if (ds->StencilBeginningAccess.Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
            ddi_ds.ClearValue.DepthStencil.Stencil = ds->StencilBeginningAccess.Clear.ClearValue.DepthStencil.Stencil;
        ddi_ds.DepthEndingAccessType = ds->DepthEndingAccess.Type;
        ddi_ds.StencilEndingAccessType = ds->StencilEndingAccess.Type;
    }
    rt_device_ddi_lock(device);
    list->ddi_render_pass->pfnBeginRenderPass(list->hdrv, count, ddi_rts, ds ? &ddi_ds : NULL, flags);
    rt_device_ddi_unlock(device);
}

static void rt_end_driver_pass(struct rt_command_list *list)
{
    struct rt_device *device = list->device;

    rt_device_ddi_lock(device);
    list->ddi_render_pass->pfnEndRenderPass(list->hdrv);
    rt_device_ddi_unlock(device);
}

/* ---- Emulation ------------------------------------------------------------------------- */

static void rt_begin_emulated_pass(struct rt_command_list *list, const struct rt_pass_desc *desc)
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE handles[RT_MAX_RENDER_TARGETS], dsv = {0};
    const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds = desc->ds;
    D3D12_CLEAR_FLAGS clear_flags = 0;
    const struct rt_bound_view *views[RT_MAX_RENDER_TARGETS];
    const struct rt_pass_plane *plane;
    UINT i, bound;

    bound = rt_pass_bound_render_targets(desc, views);
    for (i = 0; i < bound; ++i)
        handles[i].ptr = views[i]->handle.ptr;
    if (desc->dsv_bound)
        dsv.ptr = ds->cpuDescriptor.ptr;
    RT_DDI_CALL(list, pfnOMSetRenderTargets, bound, handles, desc->dsv_bound ? &dsv : NULL);

    if (desc->flags & D3D12_RENDER_PASS_FLAG_RESUMING_PASS)
        return;
    /* Clears of null views clear nothing, as ClearRenderTargetView of one does. */
    for (i = 0; i < desc->plane_count; ++i)
    {
        plane = &desc->planes[i];
        if (plane->begin->Type != D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR || !plane->view->resource)
            continue;
        if (plane->kind == RT_PASS_COLOR)
        {
            handles[0].ptr = plane->view->handle.ptr;
            RT_DDI_CALL(list, pfnClearRenderTargetView, handles[0], plane->begin->Clear.ClearValue.Color, 0, NULL);
        }
        else
        {
            clear_flags |= plane->kind == RT_PASS_DEPTH ? D3D12_CLEAR_FLAG_DEPTH : D3D12_CLEAR_FLAG_STENCIL;
        }
    }
    if (!clear_flags)
        return;
    dsv.ptr = ds->cpuDescriptor.ptr;
    RT_DDI_CALL(list, pfnClearDepthStencilView, dsv, clear_flags,
                ds->DepthBeginningAccess.Clear.ClearValue.DepthStencil.Depth,
                ds->StencilBeginningAccess.Clear.ClearValue.DepthStencil.Stencil, 0, NULL);
}

/* ---- Methods ------------------------------------------------------------------------- */

/* Inside the pass its bound targets are the list's bound ones, slot by slot as the
 * emulation's OMSetRenderTargets binds them (ClearBound* and barriers read them). */
static void rt_pass_capture_bound(struct rt_command_list *list, const struct rt_pass_desc *desc)
{
    const struct rt_bound_view *views[RT_MAX_RENDER_TARGETS];
    struct rt_render_pass *pass = &list->render_pass;
    const struct rt_pass_plane *plane;
    UINT i;

    list->state.rtv_count = rt_pass_bound_render_targets(desc, views);
    for (i = 0; i < list->state.rtv_count; ++i)
        list->state.rtvs[i] = *views[i];
    if ((list->state.has_dsv = desc->dsv_bound))
        list->state.dsv = desc->dsv;
    /* A bound clear of a plane the pass does not access is refused (seed 000). */
    pass->depth_no_access = pass->stencil_no_access = false;
    for (i = 0; i < desc->plane_count; ++i)
    {
        plane = &desc->planes[i];
        if (plane->begin->Type != D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS)
            continue;
        pass->depth_no_access |= plane->kind == RT_PASS_DEPTH;
        pass->stencil_no_access |= plane->kind == RT_PASS_STENCIL;
    }
}

void STDMETHODCALLTYPE rt_command_list_BeginRenderPass(rt_cl *iface, UINT count,
                                                       const D3D12_RENDER_PASS_RENDER_TARGET_DESC *rts,
                                                       const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds,
                                                       D3D12_RENDER_PASS_FLAGS flags)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_render_pass *pass = &list->render_pass;
    struct rt_pass_desc desc;
    bool emulated;

    RT_TRACE("iface %p, count %u, rts %p, ds %p, flags %#x.", iface, count, rts, ds, flags);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT, "BeginRenderPass")
            || !rt_pass_validate(list, count, rts, ds, flags, &desc))
        return;
    emulated = !rt_pass_driver_table(list);
    if (!rt_pass_entries_present(list, &desc, emulated) || !rt_pass_flow_begin(list, &desc)
            || !rt_pass_keep_resolves(list, &desc, emulated))
        return;

    if (emulated)
        rt_begin_emulated_pass(list, &desc);
    else
        rt_begin_driver_pass(list, count, rts, ds, flags);
    pass->active = true;
    pass->emulated = emulated;
    pass->flags = flags;
    rt_pass_signature_init(&pass->signature, &desc);
    rt_pass_capture_bound(list, &desc);
}

void STDMETHODCALLTYPE rt_command_list_EndRenderPass(rt_cl *iface)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_render_pass *pass = &list->render_pass;

    RT_TRACE("iface %p.", iface);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT, "EndRenderPass"))
        return;
    if (!pass->active)
    {
        rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_CANNOT_END_WITHOUT_BEGIN,
                     "EndRenderPass: no render pass is open");
        return;
    }
    if (!pass->emulated)
        rt_end_driver_pass(list);
    rt_pass_record_resolves(list);
    rt_pass_drop_resolves(pass);
    rt_pass_flow_end(list);
    pass->active = false;
    /* The spec leaves render-target bindings undefined after a pass. */
    list->state.rtv_count = 0;
    list->state.has_dsv = false;
}

void rt_render_pass_close(struct rt_command_list *list)
{
    struct rt_render_pass *pass = &list->render_pass;

    if (pass->active)
    {
        rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_CANNOT_CLOSE_COMMAND_LIST,
                     "Close: a render pass is still open");
        /* Leave the driver's list consistent before it is closed. */
        if (!pass->emulated)
            rt_end_driver_pass(list);
        rt_pass_drop_resolves(pass);
        pass->active = false;
    }
    else if (!rt_command_list_is_removed(list))
    {
        rt_pass_flow_close(list);
    }
    /* ExecuteCommandLists needs only the suspend/resume summary. */
    free(pass->surfaces);
    pass->surfaces = NULL;
    pass->surface_count = pass->surface_capacity = 0;
}

/* ---- ExecuteCommandLists --------------------------------------------------------------- */

static bool rt_execution_error(struct rt_device *device, D3D12_MESSAGE_ID id, const char *what, UINT index)
{
    RT_WARN("ExecuteCommandLists: list %u %s; the call is dropped.", index, what);
    rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, id,
                      "ExecuteCommandLists: list %u %s", index, what);
    return false;
}

bool rt_render_pass_check_execution(struct rt_device *device, UINT count, ID3D12CommandList *const *lists)
{
    const struct rt_render_pass *prev = NULL, *pass;
    UINT i;

    for (i = 0; i < count; ++i, prev = pass)
    {
        pass = &rt_command_list_from_list_iface(lists[i])->render_pass;
        if (pass->first_resuming && !(prev && prev->last_suspending))
            return rt_execution_error(device, D3D12_MESSAGE_ID_RENDER_PASS_NO_PRIOR_SUSPEND_WITHIN_EXECUTECOMMANDLISTS,
                                      "resumes a render pass, but the list before it does not end suspending one", i);
        if (prev && prev->last_suspending && !pass->first_resuming)
            return rt_execution_error(device,
                                      D3D12_MESSAGE_ID_RENDER_PASS_NO_SUBSEQUENT_RESUME_WITHIN_EXECUTECOMMANDLISTS,
                                      "does not resume the render pass the list before it suspends", i);
        if (prev && prev->last_suspending && !rt_pass_signature_equal(&prev->last, &pass->first))
            return rt_execution_error(device, D3D12_MESSAGE_ID_RENDER_PASS_MISMATCHING_SUSPEND_RESUME,
                                      "resumes a render pass with other descriptors than the suspended one", i);
    }
    if (prev && prev->last_suspending)
        return rt_execution_error(device, D3D12_MESSAGE_ID_RENDER_PASS_NO_SUBSEQUENT_RESUME_WITHIN_EXECUTECOMMANDLISTS,
                                  "ends suspending a render pass, and no list follows it", count - 1);
    return true;
}
