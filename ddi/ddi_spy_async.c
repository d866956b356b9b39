/* The DDI spy's Async Commands table (D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST). */
#include <stdio.h>
#include <string.h>

#include "ddi_spy_private.h"

#define ASYNC_INNER(list) (SPY_DEVICE(list)->async)

/*
 * Buffer-region handles come as arrays of pointers to handles (the C type of the
 * spec's PFND3D12DDI_COPY_BUFFER_REGIONS): the spy gives the driver pointers to
 * translated copies. A NULL array or element stays NULL.
 */
static D3D12DDI_HRESOURCE *const *spy_in_resource_refs(D3D12DDI_HRESOURCE *const *outer, UINT count,
                                                       D3D12DDI_HRESOURCE *handles, D3D12DDI_HRESOURCE **refs)
{
    UINT i;

    if (!outer)
        return NULL;
    for (i = 0; i < count; ++i)
    {
        refs[i] = NULL;
        if (outer[i])
        {
            handles[i] = spy_in_resource(*outer[i]);
            refs[i] = &handles[i];
        }
    }
    return refs;
}

static void *spy_first_ref(D3D12DDI_HRESOURCE *const *refs, UINT count)
{
    return refs && count && refs[0] ? refs[0]->pDrvPrivate : NULL;
}

static void APIENTRY spy_CopyBufferRegions(D3D12DDI_HCOMMANDLIST list, UINT count, D3D12DDI_HRESOURCE *const *dsts,
                                           const UINT64 *dst_offsets, D3D12DDI_HRESOURCE *const *srcs,
                                           const UINT64 *src_offsets, const UINT64 *sizes)
{
    SPY_GUARD(list);
    struct spy_scratch scratch;
    D3D12DDI_HRESOURCE *handles;
    D3D12DDI_HRESOURCE **refs;

    spy_log(SPY_DEVICE(list)->spy, "CopyBufferRegions", "list=%p, NumRegions=%u, first dst=%p+%llu, src=%p+%llu, "
            "bytes=%llu", list.pDrvPrivate, count, spy_first_ref(dsts, count),
            dst_offsets && count ? (unsigned long long)dst_offsets[0] : 0ull, spy_first_ref(srcs, count),
            src_offsets && count ? (unsigned long long)src_offsets[0] : 0ull,
            sizes && count ? (unsigned long long)sizes[0] : 0ull);
    /* One block: the dst and src handles, then the dst and src pointers. */
    if (!(handles = spy_scratch_alloc(&scratch, count, 2 * (sizeof(*handles) + sizeof(*refs)))))
    {
        spy_list_out_of_memory(list);
        return;
    }
    refs = (D3D12DDI_HRESOURCE **)(handles + 2 * (size_t)count);
    ASYNC_INNER(list).pfnCopyBufferRegions(spy_in_list(list), count,
                                           spy_in_resource_refs(dsts, count, handles, refs), dst_offsets,
                                           spy_in_resource_refs(srcs, count, handles + count, refs + count),
                                           src_offsets, sizes);
    spy_scratch_free(&scratch);
}

static void APIENTRY spy_CopyTextureRegions(D3D12DDI_HCOMMANDLIST list, UINT count,
                                            const D3D12DDI_TEXTURE_COPY_DESC *descs)
{
    SPY_GUARD(list);
    const D3D12DDI_TEXTURE_COPY_DESC *first = descs && count ? descs : NULL;
    D3D12DDI_TEXTURE_COPY_DESC *inner = NULL;
    struct spy_scratch scratch;
    UINT i;

    spy_log(SPY_DEVICE(list)->spy, "CopyTextureRegions", "list=%p, NumCopyDescs=%u, first dst=%p/%p[%u], "
            "src=%p/%p[%u], regions=%u", list.pDrvPrivate, count,
            first ? first->DstBufferPlacement.hBuffer.pDrvPrivate : NULL,
            first ? first->DstPlacedResource.hResource.pDrvPrivate : NULL,
            first ? first->DstPlacedResource.SubresourceIndex : 0u,
            first ? first->SrcBufferPlacement.hBuffer.pDrvPrivate : NULL,
            first ? first->SrcPlacedResource.hResource.pDrvPrivate : NULL,
            first ? first->SrcPlacedResource.SubresourceIndex : 0u, first ? first->NumRegions : 0u);
    if (descs && !(inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        spy_list_out_of_memory(list);
        return;
    }
    for (i = 0; inner && i < count; ++i)
    {
        inner[i] = descs[i];
        inner[i].DstBufferPlacement.hBuffer = spy_in_resource(descs[i].DstBufferPlacement.hBuffer);
        inner[i].DstPlacedResource.hResource = spy_in_resource(descs[i].DstPlacedResource.hResource);
        inner[i].SrcBufferPlacement.hBuffer = spy_in_resource(descs[i].SrcBufferPlacement.hBuffer);
        inner[i].SrcPlacedResource.hResource = spy_in_resource(descs[i].SrcPlacedResource.hResource);
    }
    ASYNC_INNER(list).pfnCopyTextureRegions(spy_in_list(list), count, inner);
    if (descs)
        spy_scratch_free(&scratch);
}

static D3D12DDI_HRESOURCE *spy_in_resources(const D3D12DDI_HRESOURCE *outer, UINT count, D3D12DDI_HRESOURCE *inner)
{
    UINT i;

    if (!outer)
        return NULL;
    for (i = 0; i < count; ++i)
        inner[i] = spy_in_resource(outer[i]);
    return inner;
}

static void APIENTRY spy_CopyResources(D3D12DDI_HCOMMANDLIST list, UINT count, D3D12DDI_HRESOURCE *dsts,
                                       D3D12DDI_HRESOURCE *srcs)
{
    SPY_GUARD(list);
    struct spy_scratch scratch;
    D3D12DDI_HRESOURCE *inner;

    spy_log(SPY_DEVICE(list)->spy, "CopyResources", "list=%p, NumSourceDestPairs=%u, first dst=%p, src=%p",
            list.pDrvPrivate, count, dsts && count ? dsts[0].pDrvPrivate : NULL,
            srcs && count ? srcs[0].pDrvPrivate : NULL);
    if (!(inner = spy_scratch_alloc(&scratch, count, 2 * sizeof(*inner))))
    {
        spy_list_out_of_memory(list);
        return;
    }
    ASYNC_INNER(list).pfnCopyResources(spy_in_list(list), count, spy_in_resources(dsts, count, inner),
                                       spy_in_resources(srcs, count, inner + count));
    spy_scratch_free(&scratch);
}

static void APIENTRY spy_CopyTilesAsync(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE tiled,
                                        const D3D12DDI_TILED_RESOURCE_COORDINATE *start,
                                        const D3D12DDI_TILE_REGION_SIZE *size, D3D12DDI_HRESOURCE buffer,
                                        UINT64 buffer_offset, D3D12_TILE_COPY_FLAGS flags)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "CopyTilesAsync", "list=%p, tiled=%p, tiles=%u, buffer=%p+%llu, Flags=0x%x",
            list.pDrvPrivate, tiled.pDrvPrivate, size ? size->NumTiles : 0u, buffer.pDrvPrivate,
            (unsigned long long)buffer_offset, (unsigned int)flags);
    ASYNC_INNER(list).pfnCopyTilesAsync(spy_in_list(list), spy_in_resource(tiled), start, size,
                                        spy_in_resource(buffer), buffer_offset, flags);
}

static void APIENTRY spy_ResolveSubresourceRegionAsync(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE dst,
                                                       UINT dst_sub, UINT dst_x, UINT dst_y, D3D12DDI_HRESOURCE src,
                                                       UINT src_sub, const D3D12DDI_RECT *rect, DXGI_FORMAT format,
                                                       D3D12_RESOLVE_MODE mode)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ResolveSubresourceRegionAsync",
            "list=%p, dst=%p[%u] at %u,%u, src=%p[%u], rect=%s, Format=%d, Mode=%d", list.pDrvPrivate,
            dst.pDrvPrivate, dst_sub, dst_x, dst_y, src.pDrvPrivate, src_sub, rect ? "yes" : "whole", (int)format,
            (int)mode);
    ASYNC_INNER(list).pfnResolveSubresourceRegionAsync(spy_in_list(list), spy_in_resource(dst), dst_sub, dst_x, dst_y,
                                                       spy_in_resource(src), src_sub, rect, format, mode);
}

static void APIENTRY spy_ResolveQueryDataAsync(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HQUERYHEAP heap,
                                               D3D12_QUERY_TYPE type, UINT start, UINT count, D3D12DDI_HRESOURCE dst,
                                               UINT64 dst_offset)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ResolveQueryDataAsync",
            "list=%p, heap=%p, Type=%d, start=%u, count=%u, dst=%p+%llu", list.pDrvPrivate, heap.pDrvPrivate,
            (int)type, start, count, dst.pDrvPrivate, (unsigned long long)dst_offset);
    ASYNC_INNER(list).pfnResolveQueryDataAsync(spy_in_list(list), spy_in_query_heap(heap), type, start, count,
                                               spy_in_resource(dst), dst_offset);
}

static void APIENTRY spy_ClearBoundDepthStencilView(D3D12DDI_HCOMMANDLIST list, D3D12DDI_CLEAR_FLAGS flags,
                                                    FLOAT depth, UINT8 stencil, UINT count,
                                                    const D3D12DDI_BOX *regions)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ClearBoundDepthStencilView",
            "list=%p, ClearFlags=0x%x, depth=%g, stencil=%u, NumRegions=%u", list.pDrvPrivate, (unsigned int)flags,
            depth, stencil, count);
    ASYNC_INNER(list).pfnClearBoundDepthStencilView(spy_in_list(list), flags, depth, stencil, count, regions);
}

static void APIENTRY spy_ClearBoundRenderTargetViews(D3D12DDI_HCOMMANDLIST list, UINT mask,
                                                     const D3D12DDI_CLEAR_DATA *values, const UINT *num_regions,
                                                     const D3D12DDI_BOX **regions)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ClearBoundRenderTargetViews", "list=%p, RenderTargetMask=0x%x, first=0x%08x",
            list.pDrvPrivate, mask, values ? values[0].Uints[0] : 0u);
    ASYNC_INNER(list).pfnClearBoundRenderTargetViews(spy_in_list(list), mask, values, num_regions, regions);
}

static void APIENTRY spy_ClearTextureSubresources(D3D12DDI_HCOMMANDLIST list, UINT count,
                                                  const D3D12DDI_CLEAR_TEXTURE_DESC *descs)
{
    SPY_GUARD(list);
    const D3D12DDI_CLEAR_TEXTURE_DESC *first = descs && count ? descs : NULL;
    D3D12DDI_CLEAR_TEXTURE_DESC *inner = NULL;
    struct spy_scratch scratch;
    UINT i;

    spy_log(SPY_DEVICE(list)->spy, "ClearTextureSubresources",
            "list=%p, NumClearDescs=%u, first=%p[0x%x], Format=%d, value=0x%08x, region=%s", list.pDrvPrivate, count,
            first ? first->hTexture.pDrvPrivate : NULL, first ? first->SubresourceIndex : 0u,
            first ? (int)first->Format : 0, first ? first->ClearValue.Uints[0] : 0u,
            first && first->pRegion ? "yes" : "whole");
    if (descs && !(inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        spy_list_out_of_memory(list);
        return;
    }
    for (i = 0; inner && i < count; ++i)
    {
        inner[i] = descs[i];
        inner[i].hTexture = spy_in_resource(descs[i].hTexture);
    }
    ASYNC_INNER(list).pfnClearTextureSubresources(spy_in_list(list), count, inner);
    if (descs)
        spy_scratch_free(&scratch);
}

static void APIENTRY spy_FillBuffers(D3D12DDI_HCOMMANDLIST list, UINT count, const D3D12DDI_FILL_BUFFER_DESC *descs)
{
    SPY_GUARD(list);
    const D3D12DDI_FILL_BUFFER_DESC *first = descs && count ? descs : NULL;
    D3D12DDI_FILL_BUFFER_DESC *inner = NULL;
    struct spy_scratch scratch;
    UINT i;

    spy_log(SPY_DEVICE(list)->spy, "FillBuffers",
            "list=%p, NumFillDescs=%u, first=%p+%llu, Format=%d, pattern=%u, repeat=%u, value=0x%08x",
            list.pDrvPrivate, count, first ? first->hBuffer.pDrvPrivate : NULL,
            first ? (unsigned long long)first->Offset : 0ull, first ? (int)first->Format : 0,
            first ? first->RawPatternSizeInBytes : 0u, first ? first->RepeatCount : 0u,
            first ? first->FillValue.Uints[0] : 0u);
    if (descs && !(inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        spy_list_out_of_memory(list);
        return;
    }
    for (i = 0; inner && i < count; ++i)
    {
        inner[i] = descs[i];
        inner[i].hBuffer = spy_in_resource(descs[i].hBuffer);
    }
    ASYNC_INNER(list).pfnFillBuffers(spy_in_list(list), count, inner);
    if (descs)
        spy_scratch_free(&scratch);
}

void spy_fill_async_table(D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *outer,
                          const D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *inner)
{
    SPY_FILL(outer, inner, pfnCopyBufferRegions, spy_CopyBufferRegions);
    SPY_FILL(outer, inner, pfnCopyTextureRegions, spy_CopyTextureRegions);
    SPY_FILL(outer, inner, pfnCopyResources, spy_CopyResources);
    SPY_FILL(outer, inner, pfnCopyTilesAsync, spy_CopyTilesAsync);
    SPY_FILL(outer, inner, pfnResolveSubresourceRegionAsync, spy_ResolveSubresourceRegionAsync);
    SPY_FILL(outer, inner, pfnResolveQueryDataAsync, spy_ResolveQueryDataAsync);
    SPY_FILL(outer, inner, pfnClearBoundDepthStencilView, spy_ClearBoundDepthStencilView);
    SPY_FILL(outer, inner, pfnClearBoundRenderTargetViews, spy_ClearBoundRenderTargetViews);
    SPY_FILL(outer, inner, pfnClearTextureSubresources, spy_ClearTextureSubresources);
    SPY_FILL(outer, inner, pfnFillBuffers, spy_FillBuffers);
}
