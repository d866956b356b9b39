/* The ClearTextureSubresources in-place emitter (fb_clear_inplace.h). */
#include <stdlib.h>
#include <string.h>

#include "fb_clear_inplace.h"
#include "ddi_encode.h"
#include "ddi_format.h"
#include "ddi_layout.h"

void fb_clear_inplace_batch_init(struct fb_clear_inplace_batch *batch)
{
    memset(batch, 0, sizeof(*batch));
}

void fb_clear_inplace_batch_cleanup(struct fb_clear_inplace_batch *batch)
{
    free(batch->ops);
    fb_clear_inplace_batch_init(batch);
}

static struct fb_clear_view_op *fb_clear_inplace_add(struct fb_clear_inplace_batch *batch)
{
    void *items = batch->ops;
    struct fb_clear_view_op *op = fb_clear_grow(&items, &batch->count, &batch->capacity, sizeof(*op));

    batch->ops = items;
    return op;
}

/* A texture barrier on planes [first_plane, first_plane + planes) of one mip and slice. */
static void fb_clear_inplace_barrier(D3D12DDIARG_BARRIER_0124 *b, D3D12DDI_HRESOURCE texture, UINT mip, UINT slice,
                                     UINT first_plane, UINT planes)
{
    memset(b, 0, sizeof(*b));
    b->Type = D3D12_BARRIER_TYPE_TEXTURE;
    b->Texture.hResource = texture;
    b->Texture.Subresources.IndexOrFirstMipLevel = mip;
    b->Texture.Subresources.NumMipLevels = 1;
    b->Texture.Subresources.FirstArraySlice = slice;
    b->Texture.Subresources.NumArraySlices = 1;
    b->Texture.Subresources.FirstPlane = first_plane;
    b->Texture.Subresources.NumPlanes = planes;
}

/* The private view of one mip and slice (a 3D texture: the region's depth slices). */
static HRESULT fb_clear_inplace_view(const struct fb_services *services, const struct fb_clear_target *target,
                                     bool depth, UINT mip, UINT slice, UINT front, UINT back,
                                     D3D12DDI_CPU_DESCRIPTOR_HANDLE *handle)
{
    const D3D12_RESOURCE_DESC1 *desc = target->desc;
    const bool msaa = desc->SampleDesc.Count > 1;
    D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 rtv;
    D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 dsv;

    if (depth)
    {
        memset(&dsv, 0, sizeof(dsv));
        dsv.hResource = target->texture;
        dsv.Desc.Format = target->format;
        if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D)
        {
            dsv.Desc.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE1DARRAY;
            dsv.Desc.Texture1DArray.MipSlice = mip;
            dsv.Desc.Texture1DArray.FirstArraySlice = slice;
            dsv.Desc.Texture1DArray.ArraySize = 1;
        }
        else if (msaa)
        {
            dsv.Desc.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2DMSARRAY;
            dsv.Desc.Texture2DMSArray.FirstArraySlice = slice;
            dsv.Desc.Texture2DMSArray.ArraySize = 1;
        }
        else
        {
            dsv.Desc.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2DARRAY;
            dsv.Desc.Texture2DArray.MipSlice = mip;
            dsv.Desc.Texture2DArray.FirstArraySlice = slice;
            dsv.Desc.Texture2DArray.ArraySize = 1;
        }
        return services->depth_stencil_view(services->context, &dsv, handle);
    }

    memset(&rtv, 0, sizeof(rtv));
    rtv.hResource = target->texture;
    rtv.Desc.Format = target->format;
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D)
    {
        rtv.Desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE1DARRAY;
        rtv.Desc.Texture1DArray.MipSlice = mip;
        rtv.Desc.Texture1DArray.FirstArraySlice = slice;
        rtv.Desc.Texture1DArray.ArraySize = 1;
    }
    else if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D)
    {
        rtv.Desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE3D;
        rtv.Desc.Texture3D.MipSlice = mip;
        rtv.Desc.Texture3D.FirstWSlice = front;
        rtv.Desc.Texture3D.WSize = back - front;
    }
    else if (msaa)
    {
        rtv.Desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY;
        rtv.Desc.Texture2DMSArray.FirstArraySlice = slice;
        rtv.Desc.Texture2DMSArray.ArraySize = 1;
    }
    else
    {
        rtv.Desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DARRAY;
        rtv.Desc.Texture2DArray.MipSlice = mip;
        rtv.Desc.Texture2DArray.FirstArraySlice = slice;
        rtv.Desc.Texture2DArray.ArraySize = 1;
    }
    return services->render_target_view(services->context, &rtv, handle);
}

/* One mip and slice: planes [first_plane, first_plane + planes) for depth/stencil. */
static HRESULT fb_clear_inplace_subresource(const struct fb_services *services, const struct fb_clear_target *target,
                                            const struct fb_scope *scope, UINT mip, UINT slice, UINT first_plane,
                                            UINT planes, struct fb_clear_inplace_batch *batch)
{
    const struct ddi_format_info *info = ddi_format_get(target->format);
    const bool depth = info && info->is_depth;
    const D3D12_BOX *region = target->region;
    struct fb_clear_view_op *op;
    UINT height, depth_size;
    UINT64 width;
    HRESULT hr;

    if (!info)
        return E_INVALIDARG;
    ddi_resource_mip_size(target->desc, mip, &width, &height, &depth_size);
    if (!(op = fb_clear_inplace_add(batch)))
        return E_OUTOFMEMORY;
    memset(op, 0, sizeof(*op));
    if (FAILED(hr = fb_clear_view_init(&op->clear, target, depth, first_plane, planes)))
        return hr;
    if (FAILED(hr = fb_clear_inplace_view(services, target, depth, mip, slice, region ? region->front : 0,
                                          region ? region->back : depth_size, &op->clear.view)))
        return hr;

    fb_clear_inplace_barrier(&op->to_write, target->texture, mip, slice, first_plane, planes);
    op->to_write.Texture.SyncBefore = scope->sync;
    op->to_write.Texture.AccessBefore = scope->access;
    op->to_write.Texture.LayoutBefore = scope->layout;
    fb_clear_view_write_scope(&op->clear, &op->to_write);
    /* Back to the copy scope every route leaves, in the layout it started in (seed 000). */
    fb_clear_view_to_copy(&op->to_write, D3D12_BARRIER_ACCESS_COPY_DEST, scope->layout, &op->back);
    return S_OK;
}

HRESULT fb_clear_inplace_acquire(const struct fb_services *services, const struct fb_clear_target *target,
                                 const struct fb_scope *scope, struct fb_clear_inplace_batch *batch)
{
    const D3D12_RESOURCE_DESC1 *desc = target->desc;
    UINT planes = ddi_format_plane_count(desc->Format), slices = ddi_resource_array_size(desc);
    UINT mip, slice, plane;
    HRESULT hr;

    if (!planes)
        planes = 1;
    if (target->subresource != UINT_MAX)
    {
        ddi_subresource_decompose(target->subresource, desc->MipLevels, slices, &mip, &slice, &plane);
        return fb_clear_inplace_subresource(services, target, scope, mip, slice, plane, 1, batch);
    }
    /* Every subresource: one view clear writes every plane of a mip and slice. */
    for (slice = 0; slice < slices; ++slice)
    {
        for (mip = 0; mip < desc->MipLevels; ++mip)
        {
            if (FAILED(hr = fb_clear_inplace_subresource(services, target, scope, mip, slice, 0, planes, batch)))
                return hr;
        }
    }
    return S_OK;
}

void fb_clear_inplace_record(const struct fb_list *list, const struct fb_clear_inplace_batch *batch)
{
    const struct fb_clear_view_op *op;
    UINT i;

    for (i = 0; i < batch->count; ++i)
    {
        op = &batch->ops[i];
        list->ddi->pfnBarrier(list->hdrv, 1, &op->to_write);
        fb_clear_view_record(list, &op->clear);
        list->ddi->pfnBarrier(list->hdrv, 1, &op->back);
    }
}

void fb_clear_inplace_scope_barrier(D3D12DDI_HRESOURCE texture, const struct fb_scope *scope,
                                    D3D12DDIARG_BARRIER_0124 *barrier)
{
    memset(barrier, 0, sizeof(*barrier));
    barrier->Type = D3D12_BARRIER_TYPE_TEXTURE;
    barrier->Texture.hResource = texture;
    barrier->Texture.Subresources.IndexOrFirstMipLevel = 0xffffffffu;
    barrier->Texture.SyncBefore = scope->sync;
    barrier->Texture.AccessBefore = scope->access;
    barrier->Texture.LayoutBefore = scope->layout;
    barrier->Texture.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    barrier->Texture.AccessAfter = D3D12_BARRIER_ACCESS_COPY_DEST;
    barrier->Texture.LayoutAfter = scope->layout;
}
