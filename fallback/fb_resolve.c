/* The two resolves lowered onto the legacy resolves (fb_resolve.h). */
#include "fb_resolve.h"

void fb_plan_resolve_region(D3D12DDI_HRESOURCE dst, UINT dst_sub, UINT dst_x, UINT dst_y, D3D12DDI_HRESOURCE src,
                            UINT src_sub, const D3D12DDI_RECT *src_rect, DXGI_FORMAT format,
                            D3D12_RESOLVE_MODE mode, struct fb_resolve_region *resolve)
{
    resolve->dst = dst;
    resolve->dst_sub = dst_sub;
    resolve->dst_x = dst_x;
    resolve->dst_y = dst_y;
    resolve->src = src;
    resolve->src_sub = src_sub;
    /* A NULL rect means the whole source on both APIs: passed through as it is. */
    resolve->src_rect = src_rect;
    resolve->format = format;
    resolve->mode = mode;
}

void fb_plan_resolve_query(D3D12DDI_HQUERYHEAP heap, D3D12_QUERY_TYPE type, UINT start, UINT count,
                           D3D12DDI_HRESOURCE dst, UINT64 dst_offset, struct fb_resolve_query *resolve)
{
    resolve->heap = heap;
    resolve->type = type;
    resolve->start = start;
    resolve->count = count;
    resolve->dst = dst;
    resolve->dst_offset = dst_offset;
}

void fb_resolve_subresource_region(const struct fb_list *list, D3D12DDI_HRESOURCE dst, UINT dst_sub, UINT dst_x,
                                   UINT dst_y, D3D12DDI_HRESOURCE src, UINT src_sub, const D3D12DDI_RECT *src_rect,
                                   DXGI_FORMAT format, D3D12_RESOLVE_MODE mode)
{
    struct fb_resolve_region r;

    fb_plan_resolve_region(dst, dst_sub, dst_x, dst_y, src, src_sub, src_rect, format, mode, &r);
    list->ddi->pfnResolveSubresourceRegion(list->hdrv, r.dst, r.dst_sub, r.dst_x, r.dst_y, r.src, r.src_sub,
                                           r.src_rect, r.format, r.mode);
}

void fb_resolve_query_data(const struct fb_list *list, D3D12DDI_HQUERYHEAP heap, D3D12_QUERY_TYPE type, UINT start,
                           UINT count, D3D12DDI_HRESOURCE dst, UINT64 dst_offset)
{
    struct fb_resolve_query r;

    fb_plan_resolve_query(heap, type, start, count, dst, dst_offset, &r);
    list->ddi->pfnResolveQueryData(list->hdrv, r.heap, r.type, r.start, r.count, r.dst, r.dst_offset);
}
