/* The bound clears' legacy view clears (fb_bound.h). */
#include <stdlib.h>
#include <string.h>

#include "fb_bound.h"
#include "ddi_encode.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

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

/* The cached view of args, or a new private one remembered in the cache. */
static HRESULT fb_bound_private_view(const struct fb_services *services, struct fb_bound_view_cache *cache,
                                     const struct fb_bound_cached_view *key, D3D12DDI_CPU_DESCRIPTOR_HANDLE *handle)
{
    struct fb_bound_cached_view *slot;
    HRESULT hr;
    UINT i;

    for (i = 0; i < cache->count; ++i)
    {
        if (cache->views[i].dsv == key->dsv && !memcmp(&cache->views[i].args, &key->args, sizeof(key->args)))
        {
            *handle = cache->views[i].handle;
            return S_OK;
        }
    }
    hr = key->dsv ? services->depth_stencil_view(services->context, &key->args.dsv, handle)
            : services->render_target_view(services->context, &key->args.rtv, handle);
    if (FAILED(hr))
        return hr;
    if (cache->count < FB_BOUND_VIEW_CACHE_SIZE)
    {
        slot = &cache->views[cache->count++];
    }
    else
    {
        slot = &cache->views[cache->next];
        cache->next = (cache->next + 1) % FB_BOUND_VIEW_CACHE_SIZE;
    }
    *slot = *key;
    slot->handle = *handle;
    return S_OK;
}

static HRESULT fb_bound_legacy_clear(const struct fb_services *services, struct fb_bound_view_cache *cache,
                                     const struct fb_bound_request *request,
                                     const struct fb_bound_legacy_clear *planned, bool exact,
                                     const struct fb_bound_view *rtvs, const struct fb_bound_view *dsv,
                                     struct fb_clear_view *clear)
{
    struct fb_bound_cached_view key;
    D3D12DDI_CLEAR_DATA value;

    memset(clear, 0, sizeof(*clear));
    memset(&key, 0, sizeof(key));
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
        key.dsv = true;
        key.args.dsv.hResource = dsv->resource;
        key.args.dsv.Desc = dsv->dsv;
        fb_dsv_slices(&key.args.dsv.Desc, planned->first_slice, planned->slice_count);
    }
    else
    {
        /* The shortcut's values are plain floats of float formats: the legacy clear takes
         * them as the app gave them. The others take the closest value. */
        if (exact)
            memcpy(clear->color, request->values[planned->slot].Floats, sizeof(clear->color));
        else
            ddi_encode_view_clear_color(request->rts[planned->slot].format, &request->values[planned->slot],
                                        clear->color);
        key.args.rtv.hResource = rtvs[planned->slot].resource;
        key.args.rtv.Desc = rtvs[planned->slot].rtv;
        fb_rtv_slices(&key.args.rtv.Desc, planned->first_slice, planned->slice_count);
    }
    return fb_bound_private_view(services, cache, &key, &clear->view);
}

HRESULT fb_bound_legacy_acquire(const struct fb_services *services, struct fb_bound_view_cache *cache,
                                const struct fb_bound_request *request, const struct fb_bound_plan *plan,
                                const struct fb_bound_view *rtvs, const struct fb_bound_view *dsv,
                                struct fb_bound_legacy_batch *batch)
{
    HRESULT hr = S_OK;
    UINT i;

    batch->count = 0;
    if (plan->legacy_count <= ARRAY_SIZE(batch->clears_inline))
        batch->clears = batch->clears_inline;
    else if (!(batch->clears = calloc(plan->legacy_count, sizeof(*batch->clears))))
        return E_OUTOFMEMORY;
    for (i = 0; i < plan->legacy_count && SUCCEEDED(hr); ++i)
    {
        if (SUCCEEDED(hr = fb_bound_legacy_clear(services, cache, request, &plan->legacy[i], plan->exact, rtvs,
                                                 dsv, &batch->clears[i])))
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
    if (batch->clears != batch->clears_inline)
        free(batch->clears);
    batch->clears = NULL;
    batch->count = 0;
}
