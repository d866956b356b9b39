/*
 * BeginRenderPass / EndRenderPass (ddi-facts §7). A driver that fills the render-pass
 * table records passes itself; for any other driver the runtime emulates them with what
 * the legacy table has: OMSetRenderTargets binds the targets, beginning CLEAR accesses
 * become view clears, ending RESOLVE accesses become ResolveSubresourceRegion calls at
 * EndRenderPass. A resuming pass skips the beginning accesses and a suspending one the
 * ending accesses: they belong to the first and the last pass of the chain. A driver
 * lacking an entry the emulation needs cannot run the pass: E_NOTIMPL.
 */
#include <stdlib.h>

#include "rt_cmdlist_vtbl.h"
#include "rt_descriptor_heap.h"

#define RT_PASS_FLAGS (D3D12_RENDER_PASS_FLAG_ALLOW_UAV_WRITES | D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS \
        | D3D12_RENDER_PASS_FLAG_RESUMING_PASS)

void rt_render_pass_clear(struct rt_render_pass *pass)
{
    UINT i;

    for (i = 0; i < pass->resolve_count; ++i)
        free(pass->resolves[i].subresources);
    memset(pass, 0, sizeof(*pass));
}

static bool rt_pass_driver_table(const struct rt_command_list *list)
{
    const struct rt_device *device = list->device;

    return device->has_render_pass_table && device->ddi_render_pass.pfnBeginRenderPass
            && device->ddi_render_pass.pfnEndRenderPass;
}

static bool rt_check_beginning(struct rt_command_list *list, const D3D12_RENDER_PASS_BEGINNING_ACCESS *access,
                               const char *what, UINT index)
{
    if (access->Type > D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS)
    {
        rt_command_list_removef(list, E_INVALIDARG, "BeginRenderPass: %s %u has invalid beginning access %#x",
                                what, index, access->Type);
        return false;
    }
    return true;
}

static bool rt_check_ending(struct rt_command_list *list, const D3D12_RENDER_PASS_ENDING_ACCESS *access,
                            const char *what, UINT index)
{
    const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_PARAMETERS *resolve = &access->Resolve;
    const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS *sub;
    struct rt_resource *src, *dst;
    char why[192];
    UINT i;

    if (access->Type > D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_NO_ACCESS)
    {
        rt_command_list_removef(list, E_INVALIDARG, "BeginRenderPass: %s %u has invalid ending access %#x",
                                what, index, access->Type);
        return false;
    }
    if (access->Type != D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE)
        return true;

    src = rt_command_list_resource(resolve->pSrcResource);
    dst = rt_command_list_resource(resolve->pDstResource);
    if (resolve->SubresourceCount && !resolve->pSubresourceParameters)
    {
        rt_command_list_removef(list, E_INVALIDARG, "BeginRenderPass: %s %u resolves NULL subresources", what, index);
        return false;
    }
    for (i = 0; i < resolve->SubresourceCount; ++i)
    {
        sub = &resolve->pSubresourceParameters[i];
        if (!rt_validate_resolve(dst, sub->DstSubresource, sub->DstX, sub->DstY, src, sub->SrcSubresource,
                                 &sub->SrcRect, resolve->Format, resolve->ResolveMode, why, sizeof(why)))
        {
            rt_command_list_removef(list, E_INVALIDARG, "BeginRenderPass: %s %u resolve %u: %s", what, index, i, why);
            return false;
        }
    }
    return true;
}

static bool rt_check_descriptor(struct rt_command_list *list, D3D12_CPU_DESCRIPTOR_HANDLE handle,
                                D3D12_DESCRIPTOR_HEAP_TYPE type, const char *what, UINT index)
{
    struct rt_descriptor_info info;

    if (!rt_descriptor_lookup(list->device, handle.ptr, &info) || info.type != type)
    {
        rt_command_list_removef(list, E_INVALIDARG, "BeginRenderPass: %s %u is not a valid descriptor", what, index);
        return false;
    }
    return true;
}

static bool rt_validate_pass(struct rt_command_list *list, UINT count, const D3D12_RENDER_PASS_RENDER_TARGET_DESC *rts,
                             const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds, D3D12_RENDER_PASS_FLAGS flags)
{
    UINT i;

    if (list->render_pass.active)
    {
        rt_command_list_remove(list, E_INVALIDARG, "BeginRenderPass: render passes do not nest");
        return false;
    }
    if (count > RT_MAX_RENDER_TARGETS || (count && !rts) || (flags & ~RT_PASS_FLAGS))
    {
        rt_command_list_removef(list, E_INVALIDARG, "BeginRenderPass: invalid count %u, array or flags %#x",
                                count, flags);
        return false;
    }
    for (i = 0; i < count; ++i)
    {
        if (!rt_check_descriptor(list, rts[i].cpuDescriptor, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, "render target", i)
                || !rt_check_beginning(list, &rts[i].BeginningAccess, "render target", i)
                || !rt_check_ending(list, &rts[i].EndingAccess, "render target", i))
            return false;
    }
    if (ds && (!rt_check_descriptor(list, ds->cpuDescriptor, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, "depth stencil", 0)
            || !rt_check_beginning(list, &ds->DepthBeginningAccess, "depth", 0)
            || !rt_check_beginning(list, &ds->StencilBeginningAccess, "stencil", 0)
            || !rt_check_ending(list, &ds->DepthEndingAccess, "depth", 0)
            || !rt_check_ending(list, &ds->StencilEndingAccess, "stencil", 0)))
        return false;
    return true;
}

/* ---- The driver's render passes ------------------------------------------------------- */

static void rt_ddi_resolve(const D3D12_RENDER_PASS_ENDING_ACCESS *access, D3D12DDI_HRESOURCE *src,
                           D3D12DDI_HRESOURCE *dst, UINT *count,
                           const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS **subresources,
                           DXGI_FORMAT *format, D3D12_RESOLVE_MODE *mode)
{
    if (access->Type != D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE)
        return;
    *src = rt_resource_hdrv(rt_command_list_resource(access->Resolve.pSrcResource));
    *dst = rt_resource_hdrv(rt_command_list_resource(access->Resolve.pDstResource));
    *count = access->Resolve.SubresourceCount;
    *subresources = access->Resolve.pSubresourceParameters;
    *format = access->Resolve.Format;
    *mode = access->Resolve.ResolveMode;
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
        ddi_rts[i].ClearValue = rts[i].BeginningAccess.Clear.ClearValue;
        ddi_rts[i].EndingAccessType = rts[i].EndingAccess.Type;
        rt_ddi_resolve(&rts[i].EndingAccess, &ddi_rts[i].hResolveSrc, &ddi_rts[i].hResolveDst,
                       &ddi_rts[i].ResolveSubresourceCount, &ddi_rts[i].pResolveSubresources,
                       &ddi_rts[i].ResolveFormat, &ddi_rts[i].ResolveMode);
    }
    if (ds)
    {
        memset(&ddi_ds, 0, sizeof(ddi_ds));
        ddi_ds.Descriptor.ptr = ds->cpuDescriptor.ptr;
        ddi_ds.DepthBeginningAccessType = ds->DepthBeginningAccess.Type;
        ddi_ds.StencilBeginningAccessType = ds->StencilBeginningAccess.Type;
        ddi_ds.ClearValue = ds->DepthBeginningAccess.Clear.ClearValue;
        ddi_ds.ClearValue.DepthStencil.Stencil = ds->StencilBeginningAccess.Clear.ClearValue.DepthStencil.Stencil;
        ddi_ds.DepthEndingAccessType = ds->DepthEndingAccess.Type;
        ddi_ds.StencilEndingAccessType = ds->StencilEndingAccess.Type;
    }
    rt_device_ddi_lock(device);
    device->ddi_render_pass.pfnBeginRenderPass(list->hdrv, count, ddi_rts, ds ? &ddi_ds : NULL, flags);
    rt_device_ddi_unlock(device);
}

/* ---- Emulation ------------------------------------------------------------------------- */

/* Keeps an ending RESOLVE for EndRenderPass; the application's arrays may be gone by then. */
static bool rt_pass_keep_resolve(struct rt_command_list *list, const D3D12_RENDER_PASS_ENDING_ACCESS *access)
{
    struct rt_render_pass *pass = &list->render_pass;
    const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_PARAMETERS *in = &access->Resolve;
    struct rt_pass_resolve *out;

    if (access->Type != D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE || !in->SubresourceCount)
        return true;
    out = &pass->resolves[pass->resolve_count];
    if (!(out->subresources = calloc(in->SubresourceCount, sizeof(*out->subresources))))
    {
        rt_command_list_remove(list, E_OUTOFMEMORY, "BeginRenderPass: out of memory");
        return false;
    }
    memcpy(out->subresources, in->pSubresourceParameters, in->SubresourceCount * sizeof(*out->subresources));
    out->src = rt_command_list_resource(in->pSrcResource);
    out->dst = rt_command_list_resource(in->pDstResource);
    out->format = in->Format;
    out->mode = in->ResolveMode;
    out->count = in->SubresourceCount;
    ++pass->resolve_count;
    return true;
}

/* What the emulation of this pass needs from the legacy table. */
static bool rt_pass_emulation_possible(struct rt_command_list *list, UINT count,
                                       const D3D12_RENDER_PASS_RENDER_TARGET_DESC *rts,
                                       const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds)
{
    bool clear_rt = false, clear_ds = false, resolve = false;
    UINT i;

    for (i = 0; i < count; ++i)
    {
        clear_rt |= rts[i].BeginningAccess.Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR;
        resolve |= rts[i].EndingAccess.Type == D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE;
    }
    if (ds)
    {
        clear_ds = ds->DepthBeginningAccess.Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR
                || ds->StencilBeginningAccess.Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR;
        resolve |= ds->DepthEndingAccess.Type == D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE
                || ds->StencilEndingAccess.Type == D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE;
    }
    return RT_DDI_REQUIRE(list, pfnOMSetRenderTargets, "BeginRenderPass")
            && (!clear_rt || RT_DDI_REQUIRE(list, pfnClearRenderTargetView, "BeginRenderPass"))
            && (!clear_ds || RT_DDI_REQUIRE(list, pfnClearDepthStencilView, "BeginRenderPass"))
            && (!resolve || RT_DDI_REQUIRE(list, pfnResolveSubresourceRegion, "BeginRenderPass"));
}

static void rt_begin_emulated_pass(struct rt_command_list *list, UINT count,
                                   const D3D12_RENDER_PASS_RENDER_TARGET_DESC *rts,
                                   const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds, D3D12_RENDER_PASS_FLAGS flags)
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE handles[RT_MAX_RENDER_TARGETS], dsv;
    D3D12_CLEAR_FLAGS clear_flags = 0;
    UINT i;

    if (!(flags & D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS))
    {
        for (i = 0; i < count; ++i)
        {
            if (!rt_pass_keep_resolve(list, &rts[i].EndingAccess))
                return;
        }
        if (ds && (!rt_pass_keep_resolve(list, &ds->DepthEndingAccess)
                || !rt_pass_keep_resolve(list, &ds->StencilEndingAccess)))
            return;
    }

    /* Every target is bound: NO_ACCESS ones too, which the pass promises not to touch. */
    for (i = 0; i < count; ++i)
        handles[i].ptr = rts[i].cpuDescriptor.ptr;
    if (ds)
        dsv.ptr = ds->cpuDescriptor.ptr;
    RT_DDI_CALL(list, pfnOMSetRenderTargets, count, handles, ds ? &dsv : NULL);

    if (flags & D3D12_RENDER_PASS_FLAG_RESUMING_PASS)
        return;
    for (i = 0; i < count; ++i)
    {
        if (rts[i].BeginningAccess.Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
            RT_DDI_CALL(list, pfnClearRenderTargetView, handles[i], rts[i].BeginningAccess.Clear.ClearValue.Color,
                        0, NULL);
    }
    if (!ds)
        return;
    if (ds->DepthBeginningAccess.Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
        clear_flags |= D3D12_CLEAR_FLAG_DEPTH;
    if (ds->StencilBeginningAccess.Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
        clear_flags |= D3D12_CLEAR_FLAG_STENCIL;
    if (clear_flags)
        RT_DDI_CALL(list, pfnClearDepthStencilView, dsv, clear_flags,
                    ds->DepthBeginningAccess.Clear.ClearValue.DepthStencil.Depth,
                    ds->StencilBeginningAccess.Clear.ClearValue.DepthStencil.Stencil, 0, NULL);
}

static void rt_end_emulated_pass(struct rt_command_list *list)
{
    const struct rt_pass_resolve *resolve;
    const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS *sub;
    UINT i, j;

    for (i = 0; i < list->render_pass.resolve_count; ++i)
    {
        resolve = &list->render_pass.resolves[i];
        for (j = 0; j < resolve->count; ++j)
        {
            sub = &resolve->subresources[j];
            RT_DDI_CALL(list, pfnResolveSubresourceRegion, resolve->dst->hdrv, sub->DstSubresource, sub->DstX,
                        sub->DstY, resolve->src->hdrv, sub->SrcSubresource, &sub->SrcRect, resolve->format,
                        resolve->mode);
        }
    }
}

/* ---- Methods ------------------------------------------------------------------------- */

void STDMETHODCALLTYPE rt_command_list_BeginRenderPass(rt_cl *iface, UINT count,
                                                       const D3D12_RENDER_PASS_RENDER_TARGET_DESC *rts,
                                                       const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds,
                                                       D3D12_RENDER_PASS_FLAGS flags)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_render_pass *pass = &list->render_pass;
    UINT i;

    RT_TRACE("iface %p, count %u, rts %p, ds %p, flags %#x.", iface, count, rts, ds, flags);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT, "BeginRenderPass")
            || !rt_validate_pass(list, count, rts, ds, flags))
        return;

    rt_render_pass_clear(pass);
    if (rt_pass_driver_table(list))
    {
        rt_begin_driver_pass(list, count, rts, ds, flags);
    }
    else
    {
        if (!rt_pass_emulation_possible(list, count, rts, ds))
            return;
        pass->emulated = true;
        rt_begin_emulated_pass(list, count, rts, ds, flags);
        if (rt_command_list_is_removed(list))
        {
            rt_render_pass_clear(pass);
            return;
        }
    }
    pass->active = true;
    pass->flags = flags;

    /* Inside the pass its targets are the bound ones (ClearBound* reads them). */
    list->state.rtv_count = count;
    for (i = 0; i < count; ++i)
        rt_command_list_capture_view(list, rts[i].cpuDescriptor, false, &list->state.rtvs[i]);
    list->state.has_dsv = !!ds;
    if (ds)
        rt_command_list_capture_view(list, ds->cpuDescriptor, true, &list->state.dsv);
}

void STDMETHODCALLTYPE rt_command_list_EndRenderPass(rt_cl *iface)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_device *device = list->device;

    RT_TRACE("iface %p.", iface);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT, "EndRenderPass"))
        return;
    if (!list->render_pass.active)
    {
        rt_command_list_remove(list, E_INVALIDARG, "EndRenderPass: no render pass is active");
        return;
    }
    if (list->render_pass.emulated)
    {
        rt_end_emulated_pass(list);
    }
    else
    {
        rt_device_ddi_lock(device);
        device->ddi_render_pass.pfnEndRenderPass(list->hdrv);
        rt_device_ddi_unlock(device);
    }
    rt_render_pass_clear(&list->render_pass);
    /* The spec leaves render-target bindings undefined after a pass. */
    list->state.rtv_count = 0;
    list->state.has_dsv = false;
}
