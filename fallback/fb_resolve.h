/*
 * The two resolves' routes (seed 000, per-route matrix): ResolveSubresourceRegionAsync
 * becomes one legacy ResolveSubresourceRegion and ResolveQueryDataAsync one legacy
 * ResolveQueryData, with the same arguments. Both legacy resolves were async-safe at
 * the DDI level already, so nothing else is emitted.
 *
 * As in fb_copy.h, planners are pure functions of the DDI arguments and emitters only
 * emit, into a list fb_route() accepted, under the caller's DDI lock. The runtime
 * validated the call (the region resolve on direct lists only).
 */
#ifndef FB_RESOLVE_H
#define FB_RESOLVE_H

#include "fb_route.h"

/* ---- Planners ------------------------------------------------------------------------ */

/* One legacy ResolveSubresourceRegion. */
struct fb_resolve_region
{
    D3D12DDI_HRESOURCE dst;
    UINT dst_sub, dst_x, dst_y;
    D3D12DDI_HRESOURCE src;
    UINT src_sub;
    const D3D12_RECT *src_rect;     /* NULL: the whole source subresource on both APIs */
    DXGI_FORMAT format;
    D3D12_RESOLVE_MODE mode;
};

void fb_plan_resolve_region(D3D12DDI_HRESOURCE dst, UINT dst_sub, UINT dst_x, UINT dst_y, D3D12DDI_HRESOURCE src,
                            UINT src_sub, const D3D12DDI_RECT *src_rect, DXGI_FORMAT format,
                            D3D12_RESOLVE_MODE mode, struct fb_resolve_region *resolve);

/* One legacy ResolveQueryData. */
struct fb_resolve_query
{
    D3D12DDI_HQUERYHEAP heap;
    D3D12_QUERY_TYPE type;
    UINT start, count;
    D3D12DDI_HRESOURCE dst;
    UINT64 dst_offset;
};

void fb_plan_resolve_query(D3D12DDI_HQUERYHEAP heap, D3D12_QUERY_TYPE type, UINT start, UINT count,
                           D3D12DDI_HRESOURCE dst, UINT64 dst_offset, struct fb_resolve_query *resolve);

/* ---- Emitters ------------------------------------------------------------------------- */

void fb_resolve_subresource_region(const struct fb_list *list, D3D12DDI_HRESOURCE dst, UINT dst_sub, UINT dst_x,
                                   UINT dst_y, D3D12DDI_HRESOURCE src, UINT src_sub, const D3D12DDI_RECT *src_rect,
                                   DXGI_FORMAT format, D3D12_RESOLVE_MODE mode);
void fb_resolve_query_data(const struct fb_list *list, D3D12DDI_HQUERYHEAP heap, D3D12_QUERY_TYPE type, UINT start,
                           UINT count, D3D12DDI_HRESOURCE dst, UINT64 dst_offset);

#endif
