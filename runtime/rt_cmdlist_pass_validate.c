/*
 * What BeginRenderPass validates (ddi-facts §7, Microsoft's RenderPasses.md) and the
 * rules between the passes of one list: suspend/resume pairing, PRESERVE_LOCAL chains,
 * and how a list may end. Every failure removes the list with E_INVALIDARG and one of
 * Microsoft's RENDER_PASS_* message IDs.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "rt_cmdlist_pass.h"
#include "rt_descriptor_heap.h"
#include "ddi_format.h"

#define RT_PASS_FLAGS (D3D12_RENDER_PASS_FLAG_ALLOW_UAV_WRITES | D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS \
        | D3D12_RENDER_PASS_FLAG_RESUMING_PASS | RT_PASS_READ_ONLY_DEPTH | RT_PASS_READ_ONLY_STENCIL)
#define RT_PASS_ACCESS_MAX 6u   /* PRESERVE_LOCAL_UAV, the last access type of both kinds */

bool rt_pass_fail(struct rt_command_list *list, D3D12_MESSAGE_ID id, const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    rt_command_list_remove_messagev(list, E_INVALIDARG, id, fmt, args);
    va_end(args);
    return false;
}

static const char *rt_plane_name(const struct rt_pass_plane *plane)
{
    static const char *const names[] = {"render target", "depth", "stencil"};

    return names[plane->kind];
}

static bool rt_access_is_local(UINT type)
{
    return type >= RT_PASS_BEGIN_LOCAL_RENDER && type <= RT_PASS_BEGIN_LOCAL_UAV;
}

/* PRESERVE_LOCAL parameters share the union with the clear value (beginning) and the
 * resolve parameters (ending): two UINTs at its start in the newer headers. */
static void rt_local_params(const void *params, UINT *width, UINT *height)
{
    UINT values[2];

    memcpy(values, params, sizeof(values));
    *width = values[0];
    *height = values[1];
}

/* ---- Views ------------------------------------------------------------------------------ */

static DXGI_FORMAT rt_view_format(const struct rt_bound_view *view, bool dsv)
{
    DXGI_FORMAT format = dsv ? view->dsv.Format : view->rtv.Format;

    return format == DXGI_FORMAT_UNKNOWN && view->resource ? view->resource->desc.Format : format;
}

static UINT rt_array_size(const struct rt_resource *resource)
{
    return resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : resource->desc.DepthOrArraySize;
}

static bool rt_rtv_range(const D3D12_RENDER_TARGET_VIEW_DESC *desc, struct rt_view_range *range)
{
    switch (desc->ViewDimension)
    {
        case D3D12_RTV_DIMENSION_TEXTURE1D:
            range->mip = desc->Texture1D.MipSlice;
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE1DARRAY:
            range->mip = desc->Texture1DArray.MipSlice;
            range->first_slice = desc->Texture1DArray.FirstArraySlice;
            range->slice_count = desc->Texture1DArray.ArraySize;
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE2D:
            range->mip = desc->Texture2D.MipSlice;
            range->plane = desc->Texture2D.PlaneSlice;
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE2DARRAY:
            range->mip = desc->Texture2DArray.MipSlice;
            range->first_slice = desc->Texture2DArray.FirstArraySlice;
            range->slice_count = desc->Texture2DArray.ArraySize;
            range->plane = desc->Texture2DArray.PlaneSlice;
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE2DMS:
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY:
            range->first_slice = desc->Texture2DMSArray.FirstArraySlice;
            range->slice_count = desc->Texture2DMSArray.ArraySize;
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE3D:
            range->mip = desc->Texture3D.MipSlice;
            return true;
        default:
            return false;
    }
}

static bool rt_dsv_range(const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, struct rt_view_range *range)
{
    switch (desc->ViewDimension)
    {
        case D3D12_DSV_DIMENSION_TEXTURE1D:
            range->mip = desc->Texture1D.MipSlice;
            return true;
        case D3D12_DSV_DIMENSION_TEXTURE1DARRAY:
            range->mip = desc->Texture1DArray.MipSlice;
            range->first_slice = desc->Texture1DArray.FirstArraySlice;
            range->slice_count = desc->Texture1DArray.ArraySize;
            return true;
        case D3D12_DSV_DIMENSION_TEXTURE2D:
            range->mip = desc->Texture2D.MipSlice;
            return true;
        case D3D12_DSV_DIMENSION_TEXTURE2DARRAY:
            range->mip = desc->Texture2DArray.MipSlice;
            range->first_slice = desc->Texture2DArray.FirstArraySlice;
            range->slice_count = desc->Texture2DArray.ArraySize;
            return true;
        case D3D12_DSV_DIMENSION_TEXTURE2DMS:
            return true;
        case D3D12_DSV_DIMENSION_TEXTURE2DMSARRAY:
            range->first_slice = desc->Texture2DMSArray.FirstArraySlice;
            range->slice_count = desc->Texture2DMSArray.ArraySize;
            return true;
        default:
            return false;
    }
}

bool rt_view_range(const struct rt_bound_view *view, bool dsv, struct rt_view_range *range)
{
    memset(range, 0, sizeof(*range));
    range->slice_count = 1;
    return dsv ? rt_dsv_range(&view->dsv, range) : rt_rtv_range(&view->rtv, range);
}

static UINT rt_subresource_index(const struct rt_resource *resource, UINT mip, UINT slice, UINT plane)
{
    UINT mips = resource->desc.MipLevels, slices = rt_array_size(resource);

    return mip + slice * mips + plane * mips * slices;
}

/* Whether subresource belongs to the view's range in that plane. */
static bool rt_view_has_subresource(const struct rt_resource *resource, const struct rt_view_range *range,
                                    UINT plane, UINT subresource)
{
    UINT mips = resource->desc.MipLevels, slices = rt_array_size(resource);
    UINT mip = subresource % mips, slice = (subresource / mips) % slices, sub_plane = subresource / (mips * slices);

    return subresource < resource->subresource_count && mip == range->mip && sub_plane == plane
            && slice >= range->first_slice && slice - range->first_slice < range->slice_count;
}

/* ---- Descriptors and accesses ------------------------------------------------------------ */

static bool rt_pass_capture(struct rt_command_list *list, D3D12_CPU_DESCRIPTOR_HANDLE handle, bool dsv,
                            const char *what, UINT index, struct rt_bound_view *view)
{
    D3D12_DESCRIPTOR_HEAP_TYPE type = dsv ? D3D12_DESCRIPTOR_HEAP_TYPE_DSV : D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    struct rt_descriptor_info info;

    if (!rt_descriptor_lookup(list->device, handle.ptr, &info) || info.type != type)
    {
        rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u (%#zx) is not a %s descriptor",
                     what, index, (size_t)handle.ptr, dsv ? "DSV" : "RTV");
        return false;
    }
    rt_command_list_capture_view(list, handle, dsv, view);
    if (!view->described)
    {
        rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u (%#zx) holds no view",
                     what, index, (size_t)handle.ptr);
        return false;
    }
    return true;
}

static bool rt_check_resolve(struct rt_command_list *list, const struct rt_pass_plane *plane)
{
    const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_PARAMETERS *resolve = &plane->end->Resolve;
    const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS *sub;
    struct rt_resource *src = rt_command_list_resource(list, resolve->pSrcResource);
    struct rt_resource *dst = rt_command_list_resource(list, resolve->pDstResource);
    const struct ddi_format_info *format = ddi_format_get(resolve->Format);
    const char *name = rt_plane_name(plane);
    struct rt_view_range range;
    struct rt_why why;
    UINT i;

    if (!src || src != plane->view->resource)
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u resolves from a "
                            "resource that is not its view's", name, plane->index);
    if (src->desc.SampleDesc.Count < 2)
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u resolves a "
                            "single-sampled resource", name, plane->index);
    if (!resolve->SubresourceCount || !resolve->pSubresourceParameters)
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u resolves %u "
                            "subresources from %p", name, plane->index, resolve->SubresourceCount,
                            (const void *)resolve->pSubresourceParameters);
    if (!format || format->is_typeless)
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_UNSUPPORTED_RESOLVE, "BeginRenderPass: %s %u: "
                            "format %s cannot be resolved", name, plane->index, ddi_format_name(resolve->Format));
    if (resolve->ResolveMode == D3D12_RESOLVE_MODE_AVERAGE && format->numeric_class != DDI_FORMAT_CLASS_UNORM
            && format->numeric_class != DDI_FORMAT_CLASS_SNORM && format->numeric_class != DDI_FORMAT_CLASS_FLOAT
            && format->numeric_class != DDI_FORMAT_CLASS_SRGB)
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_UNSUPPORTED_RESOLVE, "BeginRenderPass: %s %u: "
                            "%s cannot be averaged", name, plane->index, format->name);
    if (!rt_view_range(plane->view, plane->kind != RT_PASS_COLOR, &range))
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u resolves a view "
                            "that is not of a texture", name, plane->index);
    for (i = 0; i < resolve->SubresourceCount; ++i)
    {
        sub = &resolve->pSubresourceParameters[i];
        if (!rt_view_has_subresource(src, &range, plane->kind == RT_PASS_STENCIL ? 1 : range.plane,
                                     sub->SrcSubresource))
            return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u resolve %u: "
                                "subresource %u is not in the view", name, plane->index, i, sub->SrcSubresource);
        if (!rt_validate_resolve(dst, sub->DstSubresource, sub->DstX, sub->DstY, src, sub->SrcSubresource,
                                 &sub->SrcRect, resolve->Format, resolve->ResolveMode, &why))
            return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u resolve %u: %s",
                                name, plane->index, i, why.text);
    }
    return true;
}

/* Only the type's values and their pairing: what every access, stencil of a format
 * without stencil included, must get right. */
static bool rt_check_types(struct rt_command_list *list, const char *name, UINT index,
                           const D3D12_RENDER_PASS_BEGINNING_ACCESS *begin, const D3D12_RENDER_PASS_ENDING_ACCESS *end)
{
    if ((UINT)begin->Type > RT_PASS_ACCESS_MAX || (UINT)end->Type > RT_PASS_ACCESS_MAX)
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u has invalid access "
                            "types %#x, %#x", name, index, begin->Type, end->Type);
    if ((begin->Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS)
            != (end->Type == D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_NO_ACCESS))
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_MISMATCHING_NO_ACCESS, "BeginRenderPass: %s %u: "
                            "NO_ACCESS must begin and end the pass", name, index);
    return true;
}

static bool rt_check_plane(struct rt_command_list *list, const struct rt_pass_plane *plane)
{
    const D3D12_RENDER_PASS_BEGINNING_ACCESS *begin = plane->begin;
    const D3D12_RENDER_PASS_ENDING_ACCESS *end = plane->end;
    bool dsv = plane->kind != RT_PASS_COLOR;
    const char *name = rt_plane_name(plane);
    DXGI_FORMAT view_format, clear_format;
    UINT w, h;

    if (begin->Type == RT_PASS_BEGIN_LOCAL_RENDER)
    {
        rt_local_params(&begin->Clear, &w, &h);
        if (w || h)
            return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u: "
                                "PRESERVE_LOCAL_RENDER takes no additional width or height", name, plane->index);
    }
    if (end->Type == RT_PASS_END_LOCAL_RENDER)
    {
        rt_local_params(&end->Resolve, &w, &h);
        if (w || h)
            return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u: "
                                "PRESERVE_LOCAL_RENDER takes no additional width or height", name, plane->index);
    }
    if (begin->Type == D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR)
    {
        if (dsv && (plane->view->dsv.Flags & (plane->kind == RT_PASS_DEPTH ? D3D12_DSV_FLAG_READ_ONLY_DEPTH
                : D3D12_DSV_FLAG_READ_ONLY_STENCIL)))
            return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: the %s plane of a "
                                "read-only DSV cannot be cleared", name);
        view_format = rt_view_format(plane->view, dsv);
        clear_format = begin->Clear.ClearValue.Format;
        if (clear_format != DXGI_FORMAT_UNKNOWN && view_format != DXGI_FORMAT_UNKNOWN
                && !ddi_format_cast_compatible(clear_format, view_format))
            return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u: clear value "
                                "format %s does not fit the view's %s", name, plane->index,
                                ddi_format_name(clear_format), ddi_format_name(view_format));
    }
    if (end->Type == D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE)
        return rt_check_resolve(list, plane);
    return true;
}

/* BIND_READ_ONLY_*: a read-only DSV bound for raster over a plane earlier work wrote. */
static bool rt_check_read_only(struct rt_command_list *list, const struct rt_pass_desc *desc, bool stencil)
{
    D3D12_RENDER_PASS_FLAGS flag = stencil ? RT_PASS_READ_ONLY_STENCIL : RT_PASS_READ_ONLY_DEPTH;
    D3D12_DSV_FLAGS view_flag = stencil ? D3D12_DSV_FLAG_READ_ONLY_STENCIL : D3D12_DSV_FLAG_READ_ONLY_DEPTH;
    enum rt_pass_plane_kind kind = stencil ? RT_PASS_STENCIL : RT_PASS_DEPTH;
    const struct rt_pass_plane *plane = NULL;
    UINT i, type;

    if (!(desc->flags & flag))
        return true;
    for (i = 0; i < desc->plane_count; ++i)
    {
        if (desc->planes[i].kind == kind)
            plane = &desc->planes[i];
    }
    type = plane ? (UINT)plane->begin->Type : 0;
    if (!plane || !(desc->dsv.dsv.Flags & view_flag)
            || (type != D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE && type != RT_PASS_BEGIN_LOCAL_SRV
            && type != RT_PASS_BEGIN_LOCAL_RENDER))
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: BIND_READ_ONLY_%s needs a "
                            "DSV read-only in that plane, which begins PRESERVE or PRESERVE_LOCAL",
                            stencil ? "STENCIL" : "DEPTH");
    return true;
}

/* The binding rules (RenderPasses.md, "Surfaces That BeginRenderPass Binds For Raster"). */
static bool rt_plane_is_bound(const struct rt_pass_plane *plane, D3D12_RENDER_PASS_FLAGS flags)
{
    switch ((UINT)plane->begin->Type)
    {
        case D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_DISCARD:
        case D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE:
        case D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_CLEAR:
        case RT_PASS_BEGIN_LOCAL_RENDER:
            return true;
        case RT_PASS_BEGIN_LOCAL_SRV:
            return (plane->kind == RT_PASS_DEPTH && (flags & RT_PASS_READ_ONLY_DEPTH))
                    || (plane->kind == RT_PASS_STENCIL && (flags & RT_PASS_READ_ONLY_STENCIL));
        default:
            return false;
    }
}

static void rt_add_plane(struct rt_pass_desc *desc, enum rt_pass_plane_kind kind, UINT index,
                         const D3D12_RENDER_PASS_BEGINNING_ACCESS *begin, const D3D12_RENDER_PASS_ENDING_ACCESS *end,
                         const struct rt_bound_view *view)
{
    struct rt_pass_plane *plane = &desc->planes[desc->plane_count++];
    struct rt_view_range range;

    plane->kind = kind;
    plane->index = index;
    plane->begin = begin;
    plane->end = end;
    plane->view = view;
    plane->subresource = 0;
    if (view->resource && rt_view_range(view, kind != RT_PASS_COLOR, &range))
        plane->subresource = rt_subresource_index(view->resource, range.mip, range.first_slice,
                                                  kind == RT_PASS_STENCIL ? 1 : range.plane);
    plane->bound = rt_plane_is_bound(plane, desc->flags);
}

UINT rt_pass_bound_render_targets(const struct rt_pass_desc *desc, const struct rt_bound_view **views)
{
    const struct rt_pass_plane *plane;
    UINT i, count = 0;

    for (i = 0; i < desc->plane_count; ++i)
    {
        plane = &desc->planes[i];
        if (plane->kind == RT_PASS_COLOR && plane->bound)
            views[count++] = plane->view;
    }
    return count;
}

static bool rt_dsv_has_stencil(const struct rt_bound_view *view)
{
    const struct ddi_format_info *info = ddi_format_get(rt_view_format(view, true));

    return info && info->has_stencil;
}

bool rt_pass_validate(struct rt_command_list *list, UINT count, const D3D12_RENDER_PASS_RENDER_TARGET_DESC *rts,
                      const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *ds, D3D12_RENDER_PASS_FLAGS flags,
                      struct rt_pass_desc *desc)
{
    UINT i;

    memset(desc, 0, sizeof(*desc));
    if (list->render_pass.active)
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_CANNOT_NEST_RENDER_PASSES,
                            "BeginRenderPass: render passes do not nest");
    if (count > RT_MAX_RENDER_TARGETS || (count && !rts) || (flags & ~RT_PASS_FLAGS))
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: invalid count %u, "
                            "array %p or flags %#x", count, (const void *)rts, flags);
    desc->flags = flags;
    desc->rt_count = count;
    desc->ds = ds;
    for (i = 0; i < count; ++i)
    {
        if (!rt_pass_capture(list, rts[i].cpuDescriptor, false, "render target", i, &desc->rtvs[i])
                || !rt_check_types(list, "render target", i, &rts[i].BeginningAccess, &rts[i].EndingAccess))
            return false;
        rt_add_plane(desc, RT_PASS_COLOR, i, &rts[i].BeginningAccess, &rts[i].EndingAccess, &desc->rtvs[i]);
    }
    if (ds)
    {
        if (!rt_pass_capture(list, ds->cpuDescriptor, true, "depth stencil", 0, &desc->dsv)
                || !rt_check_types(list, "depth", 0, &ds->DepthBeginningAccess, &ds->DepthEndingAccess)
                || !rt_check_types(list, "stencil", 0, &ds->StencilBeginningAccess, &ds->StencilEndingAccess))
            return false;
        rt_add_plane(desc, RT_PASS_DEPTH, 0, &ds->DepthBeginningAccess, &ds->DepthEndingAccess, &desc->dsv);
        if (rt_dsv_has_stencil(&desc->dsv))
            rt_add_plane(desc, RT_PASS_STENCIL, 0, &ds->StencilBeginningAccess, &ds->StencilEndingAccess,
                         &desc->dsv);
    }
    for (i = 0; i < desc->plane_count; ++i)
    {
        if (!rt_check_plane(list, &desc->planes[i]))
            return false;
        desc->dsv_bound |= desc->planes[i].kind != RT_PASS_COLOR && desc->planes[i].bound;
    }
    return rt_check_read_only(list, desc, false) && rt_check_read_only(list, desc, true);
}

void rt_pass_signature_init(struct rt_pass_signature *signature, const struct rt_pass_desc *desc)
{
    UINT i;

    memset(signature, 0, sizeof(*signature));
    signature->rt_count = desc->rt_count;
    for (i = 0; i < desc->rt_count; ++i)
        signature->rtvs[i] = desc->rtvs[i].handle;
    if ((signature->has_dsv = !!desc->ds))
        signature->dsv = desc->dsv.handle;
}

/* ---- Between passes ------------------------------------------------------------------------ */

bool rt_pass_signature_equal(const struct rt_pass_signature *a, const struct rt_pass_signature *b)
{
    UINT i;

    if (a->rt_count != b->rt_count || a->has_dsv != b->has_dsv || (a->has_dsv && a->dsv.ptr != b->dsv.ptr))
        return false;
    for (i = 0; i < a->rt_count; ++i)
    {
        if (a->rtvs[i].ptr != b->rtvs[i].ptr)
            return false;
    }
    return true;
}

static struct rt_pass_surface *rt_find_surface(struct rt_render_pass *pass, const struct rt_pass_plane *plane)
{
    UINT i;

    for (i = 0; i < pass->surface_count; ++i)
    {
        if (pass->surfaces[i].resource == plane->view->resource
                && pass->surfaces[i].subresource == plane->subresource)
            return &pass->surfaces[i];
    }
    return NULL;
}

static const struct rt_pass_plane *rt_find_plane(const struct rt_pass_desc *desc, const struct rt_pass_surface *surface)
{
    UINT i;

    for (i = 0; i < desc->plane_count; ++i)
    {
        if (desc->planes[i].view->resource == surface->resource && desc->planes[i].subresource == surface->subresource)
            return &desc->planes[i];
    }
    return NULL;
}

/* Suspend/resume within the list: a pass after a suspending one resumes it, with the same
 * descriptors and no GPU work in between; a resuming pass follows a suspending one, or
 * is the list's first (then its partner is in the previous list of the batch). */
static bool rt_check_resume(struct rt_command_list *list, const struct rt_pass_desc *desc)
{
    struct rt_render_pass *pass = &list->render_pass;
    bool resuming = desc->flags & D3D12_RENDER_PASS_FLAG_RESUMING_PASS;
    struct rt_pass_signature signature;

    if (!pass->pass_count)
    {
        if (resuming && pass->work)
            return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_GPU_WORK_WHILE_SUSPENDED, "BeginRenderPass: "
                                "GPU work comes before the resuming pass");
        return true;
    }
    if (resuming != pass->last_suspending)
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_MISMATCHING_SUSPEND_RESUME, "BeginRenderPass: %s",
                            resuming ? "the pass resumes, but the previous pass did not suspend"
                            : "the previous pass suspended, but this one does not resume");
    if (!resuming)
        return true;
    if (pass->work != pass->work_at_end)
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_GPU_WORK_WHILE_SUSPENDED, "BeginRenderPass: "
                            "GPU work between the suspending and the resuming pass");
    rt_pass_signature_init(&signature, desc);
    if (!rt_pass_signature_equal(&signature, &pass->last))
        return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_MISMATCHING_SUSPEND_RESUME, "BeginRenderPass: "
                            "the resuming pass names other descriptors than the suspending one");
    return true;
}

/* PRESERVE_LOCAL_*: a surface the previous pass ended local begins this pass local with
 * the same type and parameters, with nothing but state setup in between; a local
 * beginning needs such an ending. A resuming pass continues its partner instead. */
static bool rt_check_local(struct rt_command_list *list, const struct rt_pass_desc *desc)
{
    struct rt_render_pass *pass = &list->render_pass;
    const struct rt_pass_surface *surface;
    const struct rt_pass_plane *plane;
    UINT i, w, h;

    if (desc->flags & D3D12_RENDER_PASS_FLAG_RESUMING_PASS)
        return true;
    for (i = 0; i < desc->plane_count; ++i)
    {
        plane = &desc->planes[i];
        if (!rt_access_is_local(plane->begin->Type))
            continue;
        rt_local_params(&plane->begin->Clear, &w, &h);
        surface = plane->view->resource ? rt_find_surface(pass, plane) : NULL;
        if (!surface || surface->pass != pass->pass_count || surface->end != (UINT)plane->begin->Type
                || surface->local_width != w || surface->local_height != h)
            return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: %s %u begins "
                                "PRESERVE_LOCAL, but the previous pass did not end it so with the same parameters",
                                rt_plane_name(plane), plane->index);
    }
    for (i = 0; i < pass->surface_count; ++i)
    {
        surface = &pass->surfaces[i];
        if (surface->pass != pass->pass_count || !rt_access_is_local(surface->end))
            continue;
        plane = rt_find_plane(desc, surface);
        if (!plane || (UINT)plane->begin->Type != surface->end)
            return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: the previous pass "
                                "ended a surface PRESERVE_LOCAL, and this pass does not begin it so");
        if (pass->work != pass->work_at_end)
            return rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "BeginRenderPass: GPU work between "
                                "passes that keep a surface local");
    }
    return true;
}

static struct rt_pass_surface *rt_add_surface(struct rt_render_pass *pass, const struct rt_pass_plane *plane)
{
    struct rt_pass_surface *surfaces, *surface;
    UINT capacity;

    if ((surface = rt_find_surface(pass, plane)))
        return surface;
    if (pass->surface_count == pass->surface_capacity)
    {
        capacity = pass->surface_capacity ? 2 * pass->surface_capacity : 16;
        if (!(surfaces = realloc(pass->surfaces, capacity * sizeof(*surfaces))))
            return NULL;
        pass->surfaces = surfaces;
        pass->surface_capacity = capacity;
    }
    surface = &pass->surfaces[pass->surface_count++];
    memset(surface, 0, sizeof(*surface));
    surface->resource = plane->view->resource;
    surface->subresource = plane->subresource;
    return surface;
}

bool rt_pass_flow_begin(struct rt_command_list *list, const struct rt_pass_desc *desc)
{
    struct rt_render_pass *pass = &list->render_pass;
    const struct rt_pass_plane *plane;
    struct rt_pass_surface *surface;
    UINT i;

    if (!rt_check_resume(list, desc) || !rt_check_local(list, desc))
        return false;
    for (i = 0; i < desc->plane_count; ++i)
    {
        plane = &desc->planes[i];
        if (!plane->view->resource)
            continue;
        if (!(surface = rt_add_surface(pass, plane)))
        {
            rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                           "BeginRenderPass: out of memory");
            return false;
        }
        surface->pass = pass->pass_count + 1;
        surface->accessed |= plane->begin->Type != D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS;
        /* A suspended chain has not ended: its surfaces stay as they are. */
        surface->end = desc->flags & D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS
                ? D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE : (UINT)plane->end->Type;
        surface->local_width = surface->local_height = 0;
        if (rt_access_is_local(surface->end))
            rt_local_params(&plane->end->Resolve, &surface->local_width, &surface->local_height);
    }
    if (!pass->pass_count++)
    {
        pass->first_resuming = desc->flags & D3D12_RENDER_PASS_FLAG_RESUMING_PASS;
        rt_pass_signature_init(&pass->first, desc);
    }
    return true;
}

void rt_pass_flow_end(struct rt_command_list *list)
{
    struct rt_render_pass *pass = &list->render_pass;

    pass->work_at_end = pass->work;
    pass->last_suspending = pass->flags & D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS;
    pass->last = pass->signature;
}

/* A list ends suspended with no GPU work after the suspending pass, or else with no
 * surface kept local, nor left in NO_ACCESS after a pass accessed it. */
void rt_pass_flow_close(struct rt_command_list *list)
{
    struct rt_render_pass *pass = &list->render_pass;
    const struct rt_pass_surface *surface;
    UINT i;

    if (pass->last_suspending)
    {
        if (pass->work != pass->work_at_end)
            rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_GPU_WORK_WHILE_SUSPENDED, "Close: GPU work after the "
                         "suspending render pass");
        return;
    }
    for (i = 0; i < pass->surface_count; ++i)
    {
        surface = &pass->surfaces[i];
        if (rt_access_is_local(surface->end))
        {
            rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "Close: the last render pass keeps a surface "
                         "PRESERVE_LOCAL without suspending");
            return;
        }
        if (surface->end == D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_NO_ACCESS && surface->accessed)
        {
            rt_pass_fail(list, D3D12_MESSAGE_ID_RENDER_PASS_ERROR, "Close: the list ends with a surface in "
                         "NO_ACCESS that an earlier render pass accessed");
            return;
        }
    }
}
