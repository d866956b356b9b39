/* The ClearTextureSubresources MSAA clear-and-copy emitter (fb_clear_msaa.h). */
#include <stdlib.h>
#include <string.h>

#include "fb_clear_msaa.h"
#include "ddi_encode.h"
#include "ddi_format.h"
#include "ddi_layout.h"

void fb_clear_msaa_batch_init(struct fb_clear_msaa_batch *batch)
{
    memset(batch, 0, sizeof(*batch));
}

void fb_clear_msaa_batch_cleanup(struct fb_clear_msaa_batch *batch)
{
    free(batch->ops);
    free(batch->copies);
    fb_clear_msaa_batch_init(batch);
}

void fb_clear_msaa_private_desc(const struct fb_clear_target *target, D3D12_RESOURCE_DESC1 *desc)
{
    const struct ddi_format_info *info = ddi_format_get(target->format);

    memset(desc, 0, sizeof(*desc));
    desc->Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc->Width = target->desc->Width;
    desc->Height = target->desc->Height;
    desc->DepthOrArraySize = 1;
    desc->MipLevels = 1;
    /* Depth clear formats are the combined depth/stencil ones (D24_UNORM_S8_UINT...). */
    desc->Format = target->format;
    desc->SampleDesc = target->desc->SampleDesc;
    desc->Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    desc->Flags = info && info->is_depth ? D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL
                                         : D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
}

/* The recording's private texture of this desc, taken from the allocator at its first
 * use; *used tells whether copies of an earlier clear may still read it. */
static HRESULT fb_clear_msaa_private(const struct fb_services *services, struct fb_clear_recording *recording,
                                     const D3D12_RESOURCE_DESC1 *desc, D3D12DDI_HRESOURCE *texture, bool *used)
{
    struct fb_clear_private *entry;
    void *items = recording->textures;
    HRESULT hr;
    UINT i;

    for (i = 0; i < recording->texture_count; ++i)
    {
        if (!memcmp(&recording->textures[i].desc, desc, sizeof(*desc)))
        {
            *texture = recording->textures[i].texture;
            *used = true;
            return S_OK;
        }
    }
    if (FAILED(hr = services->texture(services->context, desc, texture)))
        return hr;
    entry = fb_clear_grow(&items, &recording->texture_count, &recording->texture_capacity, sizeof(*entry));
    recording->textures = items;
    if (!entry)
        return E_OUTOFMEMORY;
    entry->desc = *desc;
    entry->texture = *texture;
    *used = false;
    return S_OK;
}

/* The private 2D MS view of the whole private texture. */
static HRESULT fb_clear_msaa_view(const struct fb_services *services, D3D12DDI_HRESOURCE texture,
                                  DXGI_FORMAT format, bool depth, D3D12DDI_CPU_DESCRIPTOR_HANDLE *handle)
{
    D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 rtv;
    D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 dsv;

    if (depth)
    {
        memset(&dsv, 0, sizeof(dsv));
        dsv.hResource = texture;
        dsv.Desc.Format = format;
        dsv.Desc.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2DMS;
        return services->depth_stencil_view(services->context, &dsv, handle);
    }
    memset(&rtv, 0, sizeof(rtv));
    rtv.hResource = texture;
    rtv.Desc.Format = format;
    rtv.Desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DMS;
    return services->render_target_view(services->context, &rtv, handle);
}

/* The copy of plane `plane` of the private texture into one subresource of the target. */
static HRESULT fb_clear_msaa_add_copy(const struct fb_clear_target *target, D3D12DDI_HRESOURCE texture,
                                      UINT dst_sub, UINT plane, struct fb_clear_msaa_batch *batch)
{
    const D3D12_BOX *region = target->region;
    struct fb_clear_msaa_copy *copy;
    void *items = batch->copies;

    copy = fb_clear_grow(&items, &batch->copy_count, &batch->copy_capacity, sizeof(*copy));
    batch->copies = items;
    if (!copy)
        return E_OUTOFMEMORY;
    memset(copy, 0, sizeof(*copy));
    copy->dst.hResource = target->texture;
    copy->dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    copy->dst.SubresourceIndex = dst_sub;
    copy->src.hResource = texture;
    copy->src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    copy->src.SubresourceIndex = plane;
    /* A region is copied from the same texels of the private texture. */
    if (region)
    {
        copy->x = region->left;
        copy->y = region->top;
        copy->has_box = true;
        copy->box.left = region->left;
        copy->box.top = region->top;
        copy->box.right = region->right;
        copy->box.bottom = region->bottom;
        copy->box.back = 1;
    }
    return S_OK;
}

HRESULT fb_clear_msaa_acquire(const struct fb_services *services, struct fb_clear_recording *recording,
                              const struct fb_clear_target *target, struct fb_clear_msaa_batch *batch)
{
    const D3D12_RESOURCE_DESC1 *desc = target->desc;
    UINT planes = ddi_resource_plane_count(desc), slices = ddi_resource_array_size(desc);
    UINT mip, slice, plane, p, first_plane = 0, plane_count = planes, first_slice = 0, slice_count = slices;
    D3D12_RESOURCE_DESC1 private_desc;
    D3D12DDI_HRESOURCE texture;
    struct fb_clear_msaa_op *op;
    void *items = batch->ops;
    bool used;
    HRESULT hr;

    if (!planes)
        planes = plane_count = 1;
    if (target->subresource != UINT_MAX)
    {
        ddi_subresource_decompose(target->subresource, desc->MipLevels, slices, &mip, &slice, &plane);
        first_slice = slice;
        slice_count = 1;
        first_plane = plane;
        plane_count = 1;
    }
    fb_clear_msaa_private_desc(target, &private_desc);
    if (FAILED(hr = fb_clear_msaa_private(services, recording, &private_desc, &texture, &used)))
        return hr;
    op = fb_clear_grow(&items, &batch->count, &batch->capacity, sizeof(*op));
    batch->ops = items;
    if (!op)
        return E_OUTOFMEMORY;
    memset(op, 0, sizeof(*op));
    if (FAILED(hr = fb_clear_view_init(&op->clear, target,
                                       !!(private_desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), first_plane,
                                       plane_count)))
        return hr;
    if (FAILED(hr = fb_clear_msaa_view(services, texture, target->format, op->clear.depth, &op->clear.view)))
        return hr;

    op->to_write.Type = D3D12_BARRIER_TYPE_TEXTURE;
    op->to_write.Texture.hResource = texture;
    op->to_write.Texture.Subresources.NumMipLevels = 1;
    op->to_write.Texture.Subresources.NumArraySlices = 1;
    op->to_write.Texture.Subresources.NumPlanes = ddi_resource_plane_count(&private_desc);
    /* Discard: every use clears it again; wait for the copies of an earlier one. */
    op->to_write.Texture.SyncBefore = used ? D3D12_BARRIER_SYNC_COPY : D3D12_BARRIER_SYNC_NONE;
    op->to_write.Texture.AccessBefore = D3D12_BARRIER_ACCESS_NO_ACCESS;
    op->to_write.Texture.LayoutBefore = D3D12_BARRIER_LAYOUT_UNDEFINED;
    fb_clear_view_write_scope(&op->clear, &op->to_write);
    fb_clear_view_to_copy(&op->to_write, D3D12_BARRIER_ACCESS_COPY_SOURCE, D3D12_BARRIER_LAYOUT_COPY_SOURCE,
                          &op->to_copy);

    op->first_copy = batch->copy_count;
    for (slice = first_slice; slice < first_slice + slice_count; ++slice)
    {
        for (p = first_plane; p < first_plane + plane_count; ++p)
        {
            if (FAILED(hr = fb_clear_msaa_add_copy(target, texture, ddi_subresource_index(0, slice, p, 1, slices),
                                                   p, batch)))
                return hr;
        }
    }
    op->copy_count = batch->copy_count - op->first_copy;
    return S_OK;
}

void fb_clear_msaa_record(const struct fb_list *list, const struct fb_clear_msaa_batch *batch)
{
    const struct fb_clear_msaa_copy *copy;
    const struct fb_clear_msaa_op *op;
    UINT i, c;

    for (i = 0; i < batch->count; ++i)
    {
        op = &batch->ops[i];
        list->ddi->pfnBarrier(list->hdrv, 1, &op->to_write);
        fb_clear_view_record(list, &op->clear);
        list->ddi->pfnBarrier(list->hdrv, 1, &op->to_copy);
        for (c = op->first_copy; c < op->first_copy + op->copy_count; ++c)
        {
            copy = &batch->copies[c];
            list->ddi->pfnCopyTextureRegion(list->hdrv, &copy->dst, copy->x, copy->y, 0, &copy->src,
                                            copy->has_box ? &copy->box : NULL);
        }
    }
}
