/* The bound clears' legacy view clears (fb_bound.h). */
#include <stdlib.h>
#include <string.h>

#include "fb_bound.h"
#include "ddi_encode.h"

/* The captured view narrowed to `count` slices from `first` (relative to its own first). */
static void fb_rtv_slices(D3D12_RENDER_TARGET_VIEW_DESC *desc, UINT first, UINT count)
{
    switch (desc->ViewDimension)
    {
        case D3D12_RTV_DIMENSION_TEXTURE1DARRAY:
            desc->Texture1DArray.FirstArraySlice += first;
            desc->Texture1DArray.ArraySize = count;
            break;
        case D3D12_RTV_DIMENSION_TEXTURE2DARRAY:
            desc->Texture2DArray.FirstArraySlice += first;
            desc->Texture2DArray.ArraySize = count;
            break;
        case D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY:
            desc->Texture2DMSArray.FirstArraySlice += first;
            desc->Texture2DMSArray.ArraySize = count;
            break;
        case D3D12_RTV_DIMENSION_TEXTURE3D:
            desc->Texture3D.FirstWSlice += first;
            desc->Texture3D.WSize = count;
            break;
        default:
            break;
    }
}

static void fb_dsv_slices(D3D12_DEPTH_STENCIL_VIEW_DESC *desc, UINT first, UINT count)
{
    switch (desc->ViewDimension)
    {
        case D3D12_DSV_DIMENSION_TEXTURE1DARRAY:
            desc->Texture1DArray.FirstArraySlice += first;
            desc->Texture1DArray.ArraySize = count;
            break;
        case D3D12_DSV_DIMENSION_TEXTURE2DARRAY:
            desc->Texture2DArray.FirstArraySlice += first;
            desc->Texture2DArray.ArraySize = count;
            break;
        case D3D12_DSV_DIMENSION_TEXTURE2DMSARRAY:
            desc->Texture2DMSArray.FirstArraySlice += first;
            desc->Texture2DMSArray.ArraySize = count;
            break;
        default:
            break;
    }
}

static HRESULT fb_bound_legacy_clear(const struct fb_services *services, const struct fb_bound_request *request,
                                     const struct fb_bound_legacy_clear *planned, const struct fb_bound_view *rtvs,
                                     const struct fb_bound_view *dsv, struct fb_clear_view *clear)
{
    D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 rtv_args;
    D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 dsv_args;
    D3D12DDI_CLEAR_DATA value;

    memset(clear, 0, sizeof(*clear));
    if (!planned->whole)
    {
        clear->rect_count = 1;
        clear->rect = planned->rect;
    }
    if (planned->slot == FB_BOUND_SLOT_DEPTH_STENCIL)
    {
        memset(&value, 0, sizeof(value));
        value.Floats[0] = request->depth;
        value.Uints[1] = request->stencil;
        clear->depth = true;
        clear->flags = (D3D12_CLEAR_FLAGS)request->ds_flags;
        ddi_encode_view_clear_depth(request->dsv.format, &value, &clear->depth_value, &clear->stencil);
        dsv_args.hResource = dsv->resource;
        dsv_args.Desc = dsv->dsv;
        fb_dsv_slices(&dsv_args.Desc, planned->first_slice, planned->slice_count);
        return services->depth_stencil_view(services->context, &dsv_args, &clear->view);
    }
    ddi_encode_view_clear_color(request->rts[planned->slot].format, &request->values[planned->slot], clear->color);
    rtv_args.hResource = rtvs[planned->slot].resource;
    rtv_args.Desc = rtvs[planned->slot].rtv;
    fb_rtv_slices(&rtv_args.Desc, planned->first_slice, planned->slice_count);
    return services->render_target_view(services->context, &rtv_args, &clear->view);
}

HRESULT fb_bound_legacy_acquire(const struct fb_services *services, const struct fb_bound_request *request,
                                const struct fb_bound_plan *plan, const struct fb_bound_view *rtvs,
                                const struct fb_bound_view *dsv, struct fb_bound_legacy_batch *batch)
{
    HRESULT hr = S_OK;
    UINT i;

    batch->count = 0;
    if (!(batch->clears = calloc(plan->legacy_count, sizeof(*batch->clears))))
        return E_OUTOFMEMORY;
    for (i = 0; i < plan->legacy_count && SUCCEEDED(hr); ++i)
    {
        if (SUCCEEDED(hr = fb_bound_legacy_clear(services, request, &plan->legacy[i], rtvs, dsv, &batch->clears[i])))
            ++batch->count;
    }
    return hr;
}

void fb_bound_legacy_record(const struct fb_list *list, const struct fb_bound_legacy_batch *batch)
{
    UINT i;

    for (i = 0; i < batch->count; ++i)
        fb_clear_view_record(list, &batch->clears[i]);
}

void fb_bound_legacy_batch_cleanup(struct fb_bound_legacy_batch *batch)
{
    free(batch->clears);
    batch->clears = NULL;
    batch->count = 0;
}
