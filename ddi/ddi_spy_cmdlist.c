/* The DDI spy's command-list tables: the legacy 3D table and render passes. */
#include <stdio.h>
#include <string.h>

#include "ddi_spy_private.h"

#define HR(hr) ((unsigned int)(hr))
#define LIST_INNER(list) (SPY_DEVICE(list)->list)

/* ---- Lifetime, draws, dispatches ---------------------------------------------------------- */

static HRESULT APIENTRY spy_CloseCommandList(D3D12DDI_HCOMMANDLIST list)
{
    SPY_GUARD(list);
    struct spy_device *d = SPY_DEVICE(list);
    HRESULT hr = d->list.pfnCloseCommandList(spy_in_list(list));

    spy_log(d->spy, "CloseCommandList", "list=%p -> 0x%08x", list.pDrvPrivate, HR(hr));
    return hr;
}

static HRESULT APIENTRY spy_ResetCommandList(D3D12DDI_HCOMMANDLIST list, const D3D12DDIARG_RESET_COMMAND_LIST_0124 *args)
{
    SPY_GUARD(list);
    struct spy_device *d = SPY_DEVICE(list);
    D3D12DDIARG_RESET_COMMAND_LIST_0124 copy;
    HRESULT hr;

    if (args)
        copy.hAllocator = spy_in_allocator(args->hAllocator);
    hr = d->list.pfnResetCommandList(spy_in_list(list), args ? &copy : NULL);
    spy_log(d->spy, "ResetCommandList", "list=%p, allocator=%p -> 0x%08x", list.pDrvPrivate,
            args ? args->hAllocator.pDrvPrivate : NULL, HR(hr));
    return hr;
}

static void APIENTRY spy_DrawInstanced(D3D12DDI_HCOMMANDLIST list, UINT vertices, UINT instances, UINT start_vertex,
                                       UINT start_instance)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "DrawInstanced", "list=%p, vertices=%u, instances=%u, start=%u, start_instance=%u",
            list.pDrvPrivate, vertices, instances, start_vertex, start_instance);
    LIST_INNER(list).pfnDrawInstanced(spy_in_list(list), vertices, instances, start_vertex, start_instance);
}

static void APIENTRY spy_DrawIndexedInstanced(D3D12DDI_HCOMMANDLIST list, UINT indices, UINT instances,
                                              UINT start_index, INT base_vertex, UINT start_instance)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "DrawIndexedInstanced",
            "list=%p, indices=%u, instances=%u, start=%u, base_vertex=%d, start_instance=%u", list.pDrvPrivate,
            indices, instances, start_index, base_vertex, start_instance);
    LIST_INNER(list).pfnDrawIndexedInstanced(spy_in_list(list), indices, instances, start_index, base_vertex,
                                             start_instance);
}

static void APIENTRY spy_Dispatch(D3D12DDI_HCOMMANDLIST list, UINT x, UINT y, UINT z)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "Dispatch", "list=%p, %u, %u, %u", list.pDrvPrivate, x, y, z);
    LIST_INNER(list).pfnDispatch(spy_in_list(list), x, y, z);
}

static void APIENTRY spy_ExecuteIndirect(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HCOMMANDSIGNATURE signature,
                                         UINT max_commands, D3D12DDI_HRESOURCE arguments, UINT64 arguments_offset,
                                         D3D12DDI_HRESOURCE count, UINT64 count_offset)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ExecuteIndirect",
            "list=%p, signature=%p, MaxCommandCount=%u, arguments=%p+%llu, count=%p+%llu", list.pDrvPrivate,
            signature.pDrvPrivate, max_commands, arguments.pDrvPrivate, (unsigned long long)arguments_offset,
            count.pDrvPrivate, (unsigned long long)count_offset);
    LIST_INNER(list).pfnExecuteIndirect(spy_in_list(list), spy_in_command_signature(signature), max_commands,
                                        spy_in_resource(arguments), arguments_offset, spy_in_resource(count),
                                        count_offset);
}

static void APIENTRY spy_ExecuteBundle(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HCOMMANDLIST bundle)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ExecuteBundle", "list=%p, bundle=%p", list.pDrvPrivate, bundle.pDrvPrivate);
    LIST_INNER(list).pfnExecuteBundle(spy_in_list(list), spy_in_list(bundle));
}

/* ---- Clears ----------------------------------------------------------------------------- */

static void APIENTRY spy_ClearRenderTargetView(D3D12DDI_HCOMMANDLIST list, D3D12DDI_CPU_DESCRIPTOR_HANDLE rtv,
                                               const FLOAT color[4], UINT num_rects, const D3D12_RECT *rects)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ClearRenderTargetView", "list=%p, rtv=0x%zx, color=(%g, %g, %g, %g), rects=%u",
            list.pDrvPrivate, (size_t)rtv.ptr, color ? color[0] : 0.0, color ? color[1] : 0.0,
            color ? color[2] : 0.0, color ? color[3] : 0.0, num_rects);
    LIST_INNER(list).pfnClearRenderTargetView(spy_in_list(list), rtv, color, num_rects, rects);
}

static void APIENTRY spy_ClearDepthStencilView(D3D12DDI_HCOMMANDLIST list, D3D12DDI_CPU_DESCRIPTOR_HANDLE dsv,
                                               D3D12_CLEAR_FLAGS flags, FLOAT depth, UINT8 stencil, UINT num_rects,
                                               const D3D12_RECT *rects)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ClearDepthStencilView", "list=%p, dsv=0x%zx, Flags=0x%x, depth=%g, stencil=%u, "
            "rects=%u", list.pDrvPrivate, (size_t)dsv.ptr, (unsigned int)flags, depth, stencil, num_rects);
    LIST_INNER(list).pfnClearDepthStencilView(spy_in_list(list), dsv, flags, depth, stencil, num_rects, rects);
}

static void APIENTRY spy_ClearUnorderedAccessViewUint(D3D12DDI_HCOMMANDLIST list, D3D12DDI_GPU_DESCRIPTOR_HANDLE gpu,
                                                      D3D12DDI_CPU_DESCRIPTOR_HANDLE cpu, D3D12DDI_HRESOURCE resource,
                                                      const UINT values[4], UINT num_rects, const D3D12_RECT *rects)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ClearUnorderedAccessViewUint",
            "list=%p, gpu=0x%llx, cpu=0x%zx, resource=%p, values=(%u, %u, %u, %u), rects=%u", list.pDrvPrivate,
            (unsigned long long)gpu.ptr, (size_t)cpu.ptr, resource.pDrvPrivate, values ? values[0] : 0u,
            values ? values[1] : 0u, values ? values[2] : 0u, values ? values[3] : 0u, num_rects);
    LIST_INNER(list).pfnClearUnorderedAccessViewUint(spy_in_list(list), gpu, cpu, spy_in_resource(resource), values,
                                                     num_rects, rects);
}

static void APIENTRY spy_ClearUnorderedAccessViewFloat(D3D12DDI_HCOMMANDLIST list, D3D12DDI_GPU_DESCRIPTOR_HANDLE gpu,
                                                       D3D12DDI_CPU_DESCRIPTOR_HANDLE cpu, D3D12DDI_HRESOURCE resource,
                                                       const FLOAT values[4], UINT num_rects, const D3D12_RECT *rects)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ClearUnorderedAccessViewFloat",
            "list=%p, gpu=0x%llx, cpu=0x%zx, resource=%p, values=(%g, %g, %g, %g), rects=%u", list.pDrvPrivate,
            (unsigned long long)gpu.ptr, (size_t)cpu.ptr, resource.pDrvPrivate, values ? values[0] : 0.0,
            values ? values[1] : 0.0, values ? values[2] : 0.0, values ? values[3] : 0.0, num_rects);
    LIST_INNER(list).pfnClearUnorderedAccessViewFloat(spy_in_list(list), gpu, cpu, spy_in_resource(resource), values,
                                                      num_rects, rects);
}

static void APIENTRY spy_DiscardResource(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE resource,
                                         const D3D12_DISCARD_REGION *region)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "DiscardResource", "list=%p, resource=%p, region=%s", list.pDrvPrivate,
            resource.pDrvPrivate, region ? "yes" : "whole");
    LIST_INNER(list).pfnDiscardResource(spy_in_list(list), spy_in_resource(resource), region);
}

/* ---- Copies and resolves ----------------------------------------------------------------- */

static void APIENTRY spy_CopyBufferRegion(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE dst, UINT64 dst_offset,
                                          D3D12DDI_HRESOURCE src, UINT64 src_offset, UINT64 size)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "CopyBufferRegion", "list=%p, dst=%p+%llu, src=%p+%llu, bytes=%llu",
            list.pDrvPrivate, dst.pDrvPrivate, (unsigned long long)dst_offset, src.pDrvPrivate,
            (unsigned long long)src_offset, (unsigned long long)size);
    LIST_INNER(list).pfnCopyBufferRegion(spy_in_list(list), spy_in_resource(dst), dst_offset, spy_in_resource(src),
                                         src_offset, size);
}

static const D3D12DDIARG_TEXTURE_COPY_LOCATION *spy_copy_location(const D3D12DDIARG_TEXTURE_COPY_LOCATION *location,
                                                                  D3D12DDIARG_TEXTURE_COPY_LOCATION *copy)
{
    if (!location)
        return NULL;
    *copy = *location;
    copy->hResource = spy_in_resource(location->hResource);
    return copy;
}

static int spy_location_detail(const D3D12DDIARG_TEXTURE_COPY_LOCATION *location)
{
    if (!location)
        return -1;
    if (location->Type == D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX)
        return (int)location->SubresourceIndex;
    return (int)location->PlacedFootprint.Footprint.Format;
}

static void APIENTRY spy_CopyTextureRegion(D3D12DDI_HCOMMANDLIST list, const D3D12DDIARG_TEXTURE_COPY_LOCATION *dst,
                                           UINT x, UINT y, UINT z, const D3D12DDIARG_TEXTURE_COPY_LOCATION *src,
                                           const D3D12_BOX *box)
{
    SPY_GUARD(list);
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst_copy, src_copy;

    /* Per side: the subresource for textures, the footprint's format for buffers. */
    spy_log(SPY_DEVICE(list)->spy, "CopyTextureRegion",
            "list=%p, dst=%p type %d (%d) at %u,%u,%u, src=%p type %d (%d), box=%s", list.pDrvPrivate,
            dst ? dst->hResource.pDrvPrivate : NULL, dst ? (int)dst->Type : -1, spy_location_detail(dst), x, y, z,
            src ? src->hResource.pDrvPrivate : NULL, src ? (int)src->Type : -1, spy_location_detail(src),
            box ? "yes" : "whole");
    LIST_INNER(list).pfnCopyTextureRegion(spy_in_list(list), spy_copy_location(dst, &dst_copy), x, y, z,
                                          spy_copy_location(src, &src_copy), box);
}

static void APIENTRY spy_CopyResource(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE dst, D3D12DDI_HRESOURCE src)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "CopyResource", "list=%p, dst=%p, src=%p", list.pDrvPrivate, dst.pDrvPrivate,
            src.pDrvPrivate);
    LIST_INNER(list).pfnCopyResource(spy_in_list(list), spy_in_resource(dst), spy_in_resource(src));
}

static void APIENTRY spy_CopyTiles(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE tiled,
                                   const D3D12DDI_TILED_RESOURCE_COORDINATE *start, const D3D12DDI_TILE_REGION_SIZE *size,
                                   D3D12DDI_HRESOURCE buffer, UINT64 buffer_offset, D3D12_TILE_COPY_FLAGS flags)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "CopyTiles", "list=%p, tiled=%p, tiles=%u, buffer=%p+%llu, Flags=0x%x",
            list.pDrvPrivate, tiled.pDrvPrivate, size ? size->NumTiles : 0u, buffer.pDrvPrivate,
            (unsigned long long)buffer_offset, (unsigned int)flags);
    LIST_INNER(list).pfnCopyTiles(spy_in_list(list), spy_in_resource(tiled), start, size, spy_in_resource(buffer),
                                  buffer_offset, flags);
}

static void APIENTRY spy_ResolveSubresource(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE dst, UINT dst_sub,
                                            D3D12DDI_HRESOURCE src, UINT src_sub, DXGI_FORMAT format)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ResolveSubresource", "list=%p, dst=%p[%u], src=%p[%u], Format=%d",
            list.pDrvPrivate, dst.pDrvPrivate, dst_sub, src.pDrvPrivate, src_sub, (int)format);
    LIST_INNER(list).pfnResolveSubresource(spy_in_list(list), spy_in_resource(dst), dst_sub, spy_in_resource(src),
                                           src_sub, format);
}

static void APIENTRY spy_ResolveSubresourceRegion(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE dst, UINT dst_sub,
                                                  UINT dst_x, UINT dst_y, D3D12DDI_HRESOURCE src, UINT src_sub,
                                                  const D3D12_RECT *rect, DXGI_FORMAT format, D3D12_RESOLVE_MODE mode)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ResolveSubresourceRegion",
            "list=%p, dst=%p[%u] at %u,%u, src=%p[%u], rect=%s, Format=%d, Mode=%d", list.pDrvPrivate,
            dst.pDrvPrivate, dst_sub, dst_x, dst_y, src.pDrvPrivate, src_sub, rect ? "yes" : "whole", (int)format,
            (int)mode);
    LIST_INNER(list).pfnResolveSubresourceRegion(spy_in_list(list), spy_in_resource(dst), dst_sub, dst_x, dst_y,
                                                 spy_in_resource(src), src_sub, rect, format, mode);
}

static void APIENTRY spy_WriteBufferImmediate(D3D12DDI_HCOMMANDLIST list, UINT count,
                                              const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER *params,
                                              const D3D12_WRITEBUFFERIMMEDIATE_MODE *modes)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "WriteBufferImmediate", "list=%p, count=%u, first=0x%llx:0x%x", list.pDrvPrivate,
            count, params && count ? (unsigned long long)params[0].Dest : 0ull, params && count ? params[0].Value : 0u);
    LIST_INNER(list).pfnWriteBufferImmediate(spy_in_list(list), count, params, modes);
}

/* ---- Barriers ------------------------------------------------------------------------------ */

static void spy_translate_legacy_barrier(D3D12DDIARG_RESOURCE_BARRIER *barrier)
{
    switch (barrier->Type)
    {
        case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION:
            barrier->Transition.hResource = spy_in_resource(barrier->Transition.hResource);
            break;
        case D3D12_RESOURCE_BARRIER_TYPE_ALIASING:
            barrier->Aliasing.hResourceBefore = spy_in_resource(barrier->Aliasing.hResourceBefore);
            barrier->Aliasing.hResourceAfter = spy_in_resource(barrier->Aliasing.hResourceAfter);
            break;
        case D3D12_RESOURCE_BARRIER_TYPE_UAV:
            barrier->UAV.hResource = spy_in_resource(barrier->UAV.hResource);
            break;
    }
}

static void APIENTRY spy_ResourceBarrier(D3D12DDI_HCOMMANDLIST list, UINT count,
                                         const D3D12DDIARG_RESOURCE_BARRIER *barriers)
{
    SPY_GUARD(list);
    const D3D12DDIARG_RESOURCE_BARRIER *first = barriers && count ? barriers : NULL;
    struct spy_scratch scratch;
    D3D12DDIARG_RESOURCE_BARRIER *inner = NULL;
    UINT i;

    if (first && first->Type == D3D12_RESOURCE_BARRIER_TYPE_TRANSITION)
        spy_log(SPY_DEVICE(list)->spy, "ResourceBarrier", "list=%p, count=%u, first=TRANSITION %p[%u] 0x%x->0x%x",
                list.pDrvPrivate, count, first->Transition.hResource.pDrvPrivate, first->Transition.Subresource,
                (unsigned int)first->Transition.StateBefore, (unsigned int)first->Transition.StateAfter);
    else
        spy_log(SPY_DEVICE(list)->spy, "ResourceBarrier", "list=%p, count=%u, first=type %d", list.pDrvPrivate, count,
                first ? (int)first->Type : -1);
    if (barriers && !(inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        spy_list_out_of_memory(list);
        return;
    }
    for (i = 0; inner && i < count; ++i)
    {
        inner[i] = barriers[i];
        spy_translate_legacy_barrier(&inner[i]);
    }
    LIST_INNER(list).pfnResourceBarrier(spy_in_list(list), count, inner);
    if (barriers)
        spy_scratch_free(&scratch);
}

static void APIENTRY spy_Barrier(D3D12DDI_HCOMMANDLIST list, UINT count, const D3D12DDIARG_BARRIER_0124 *barriers)
{
    SPY_GUARD(list);
    const D3D12DDIARG_BARRIER_0124 *first = barriers && count ? barriers : NULL;
    struct spy_scratch scratch;
    D3D12DDIARG_BARRIER_0124 *inner = NULL;
    UINT i;

    if (first && first->Type == D3D12_BARRIER_TYPE_TEXTURE)
        spy_log(SPY_DEVICE(list)->spy, "Barrier", "list=%p, count=%u, first=TEXTURE %p sync 0x%x->0x%x "
                "access 0x%x->0x%x layout %d->%d", list.pDrvPrivate, count, first->Texture.hResource.pDrvPrivate,
                (unsigned int)first->Texture.SyncBefore, (unsigned int)first->Texture.SyncAfter,
                (unsigned int)first->Texture.AccessBefore, (unsigned int)first->Texture.AccessAfter,
                (int)first->Texture.LayoutBefore, (int)first->Texture.LayoutAfter);
    else if (first && first->Type == D3D12_BARRIER_TYPE_BUFFER)
        spy_log(SPY_DEVICE(list)->spy, "Barrier", "list=%p, count=%u, first=BUFFER %p sync 0x%x->0x%x "
                "access 0x%x->0x%x", list.pDrvPrivate, count, first->Buffer.hResource.pDrvPrivate,
                (unsigned int)first->Buffer.SyncBefore, (unsigned int)first->Buffer.SyncAfter,
                (unsigned int)first->Buffer.AccessBefore, (unsigned int)first->Buffer.AccessAfter);
    else
        spy_log(SPY_DEVICE(list)->spy, "Barrier", "list=%p, count=%u, first=%s", list.pDrvPrivate, count,
                first ? "GLOBAL" : "none");
    if (barriers && !(inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        spy_list_out_of_memory(list);
        return;
    }
    for (i = 0; inner && i < count; ++i)
    {
        inner[i] = barriers[i];
        if (inner[i].Type == D3D12_BARRIER_TYPE_TEXTURE)
            inner[i].Texture.hResource = spy_in_resource(barriers[i].Texture.hResource);
        else if (inner[i].Type == D3D12_BARRIER_TYPE_BUFFER)
            inner[i].Buffer.hResource = spy_in_resource(barriers[i].Buffer.hResource);
    }
    LIST_INNER(list).pfnBarrier(spy_in_list(list), count, inner);
    if (barriers)
        spy_scratch_free(&scratch);
}

/* ---- Queries and predication ----------------------------------------------------------------- */

static void APIENTRY spy_BeginQuery(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HQUERYHEAP heap, D3D12_QUERY_TYPE type,
                                    UINT index)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "BeginQuery", "list=%p, heap=%p, Type=%d, index=%u", list.pDrvPrivate,
            heap.pDrvPrivate, (int)type, index);
    LIST_INNER(list).pfnBeginQuery(spy_in_list(list), spy_in_query_heap(heap), type, index);
}

static void APIENTRY spy_EndQuery(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HQUERYHEAP heap, D3D12_QUERY_TYPE type,
                                  UINT index)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "EndQuery", "list=%p, heap=%p, Type=%d, index=%u", list.pDrvPrivate,
            heap.pDrvPrivate, (int)type, index);
    LIST_INNER(list).pfnEndQuery(spy_in_list(list), spy_in_query_heap(heap), type, index);
}

static void APIENTRY spy_ResolveQueryData(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HQUERYHEAP heap, D3D12_QUERY_TYPE type,
                                          UINT start, UINT count, D3D12DDI_HRESOURCE dst, UINT64 dst_offset)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ResolveQueryData", "list=%p, heap=%p, Type=%d, start=%u, count=%u, dst=%p+%llu",
            list.pDrvPrivate, heap.pDrvPrivate, (int)type, start, count, dst.pDrvPrivate,
            (unsigned long long)dst_offset);
    LIST_INNER(list).pfnResolveQueryData(spy_in_list(list), spy_in_query_heap(heap), type, start, count,
                                         spy_in_resource(dst), dst_offset);
}

static void APIENTRY spy_SetPredication(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE buffer, UINT64 offset,
                                        D3D12_PREDICATION_OP op)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetPredication", "list=%p, buffer=%p+%llu, Op=%d", list.pDrvPrivate,
            buffer.pDrvPrivate, (unsigned long long)offset, (int)op);
    LIST_INNER(list).pfnSetPredication(spy_in_list(list), spy_in_resource(buffer), offset, op);
}

/* ---- Pipeline and fixed-function state --------------------------------------------------- */

static void APIENTRY spy_SetPipelineState(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HPIPELINESTATE pipeline)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetPipelineState", "list=%p, pipeline=%p", list.pDrvPrivate,
            pipeline.pDrvPrivate);
    LIST_INNER(list).pfnSetPipelineState(spy_in_list(list), spy_in_pipeline(pipeline));
}

static void APIENTRY spy_IASetPrimitiveTopology(D3D12DDI_HCOMMANDLIST list, D3D12_PRIMITIVE_TOPOLOGY topology)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "IASetPrimitiveTopology", "list=%p, topology=%d", list.pDrvPrivate, (int)topology);
    LIST_INNER(list).pfnIASetPrimitiveTopology(spy_in_list(list), topology);
}

static void APIENTRY spy_IASetIndexBuffer(D3D12DDI_HCOMMANDLIST list, const D3D12_INDEX_BUFFER_VIEW *view)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "IASetIndexBuffer", "list=%p, va=0x%llx, size=%u, Format=%d", list.pDrvPrivate,
            view ? (unsigned long long)view->BufferLocation : 0ull, view ? view->SizeInBytes : 0u,
            view ? (int)view->Format : 0);
    LIST_INNER(list).pfnIASetIndexBuffer(spy_in_list(list), view);
}

static void APIENTRY spy_IASetVertexBuffers(D3D12DDI_HCOMMANDLIST list, UINT start, UINT count,
                                            const D3D12DDIARG_VERTEX_BUFFER_VIEW *views)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "IASetVertexBuffers", "list=%p, StartSlot=%u, NumViews=%u", list.pDrvPrivate, start,
            count);
    LIST_INNER(list).pfnIASetVertexBuffers(spy_in_list(list), start, count, views);
}

static void APIENTRY spy_IASetIndexBufferStripCutValue(D3D12DDI_HCOMMANDLIST list,
                                                       D3D12_INDEX_BUFFER_STRIP_CUT_VALUE value)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "IASetIndexBufferStripCutValue", "list=%p, value=%d", list.pDrvPrivate, (int)value);
    LIST_INNER(list).pfnIASetIndexBufferStripCutValue(spy_in_list(list), value);
}

static void APIENTRY spy_SOSetTargets(D3D12DDI_HCOMMANDLIST list, UINT start, UINT count,
                                      const D3D12_STREAM_OUTPUT_BUFFER_VIEW *views)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SOSetTargets", "list=%p, StartSlot=%u, NumViews=%u", list.pDrvPrivate, start,
            count);
    LIST_INNER(list).pfnSOSetTargets(spy_in_list(list), start, count, views);
}

static void APIENTRY spy_RSSetViewports(D3D12DDI_HCOMMANDLIST list, UINT count, const D3D12_VIEWPORT *viewports)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "RSSetViewports", "list=%p, count=%u, first=%gx%g", list.pDrvPrivate, count,
            viewports && count ? viewports[0].Width : 0.0, viewports && count ? viewports[0].Height : 0.0);
    LIST_INNER(list).pfnRSSetViewports(spy_in_list(list), count, viewports);
}

static void APIENTRY spy_RSSetScissorRects(D3D12DDI_HCOMMANDLIST list, UINT count, const D3D12_RECT *rects)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "RSSetScissorRects", "list=%p, count=%u", list.pDrvPrivate, count);
    LIST_INNER(list).pfnRSSetScissorRects(spy_in_list(list), count, rects);
}

static void APIENTRY spy_RSSetDepthBias(D3D12DDI_HCOMMANDLIST list, FLOAT bias, FLOAT clamp, FLOAT slope)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "RSSetDepthBias", "list=%p, %g, %g, %g", list.pDrvPrivate, bias, clamp, slope);
    LIST_INNER(list).pfnRSSetDepthBias(spy_in_list(list), bias, clamp, slope);
}

static void APIENTRY spy_OMSetBlendFactor(D3D12DDI_HCOMMANDLIST list, const FLOAT factor[4])
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "OMSetBlendFactor", "list=%p, (%g, %g, %g, %g)", list.pDrvPrivate,
            factor ? factor[0] : 1.0, factor ? factor[1] : 1.0, factor ? factor[2] : 1.0, factor ? factor[3] : 1.0);
    LIST_INNER(list).pfnOMSetBlendFactor(spy_in_list(list), factor);
}

static void APIENTRY spy_OMSetStencilRef(D3D12DDI_HCOMMANDLIST list, UINT front, UINT back)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "OMSetStencilRef", "list=%p, front=%u, back=%u", list.pDrvPrivate, front, back);
    LIST_INNER(list).pfnOMSetStencilRef(spy_in_list(list), front, back);
}

static void APIENTRY spy_OMSetDepthBounds(D3D12DDI_HCOMMANDLIST list, FLOAT min, FLOAT max)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "OMSetDepthBounds", "list=%p, %g, %g", list.pDrvPrivate, min, max);
    LIST_INNER(list).pfnOMSetDepthBounds(spy_in_list(list), min, max);
}

static void APIENTRY spy_OMSetRenderTargets(D3D12DDI_HCOMMANDLIST list, UINT count,
                                            const D3D12DDI_CPU_DESCRIPTOR_HANDLE *rtvs,
                                            const D3D12DDI_CPU_DESCRIPTOR_HANDLE *dsv)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "OMSetRenderTargets", "list=%p, NumRenderTargets=%u, first=0x%zx, dsv=0x%zx",
            list.pDrvPrivate, count, rtvs && count ? (size_t)rtvs[0].ptr : (size_t)0, dsv ? (size_t)dsv->ptr : (size_t)0);
    LIST_INNER(list).pfnOMSetRenderTargets(spy_in_list(list), count, rtvs, dsv);
}

static void APIENTRY spy_SetSamplePositions(D3D12DDI_HCOMMANDLIST list, UINT samples, UINT pixels,
                                            const D3D12_SAMPLE_POSITION *positions)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetSamplePositions", "list=%p, NumSamplesPerPixel=%u, NumPixels=%u",
            list.pDrvPrivate, samples, pixels);
    LIST_INNER(list).pfnSetSamplePositions(spy_in_list(list), samples, pixels, positions);
}

static void APIENTRY spy_SetViewInstanceMask(D3D12DDI_HCOMMANDLIST list, UINT mask)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetViewInstanceMask", "list=%p, mask=0x%x", list.pDrvPrivate, mask);
    LIST_INNER(list).pfnSetViewInstanceMask(spy_in_list(list), mask);
}

/* ---- Binding ------------------------------------------------------------------------------- */

static void APIENTRY spy_SetDescriptorHeaps(D3D12DDI_HCOMMANDLIST list, UINT count,
                                            const D3D12DDI_HDESCRIPTORHEAP *heaps)
{
    SPY_GUARD(list);
    D3D12DDI_HDESCRIPTORHEAP *inner = NULL;
    struct spy_scratch scratch;
    UINT i;

    spy_log(SPY_DEVICE(list)->spy, "SetDescriptorHeaps", "list=%p, count=%u, first=%p, second=%p", list.pDrvPrivate,
            count, heaps && count > 0 ? heaps[0].pDrvPrivate : NULL, heaps && count > 1 ? heaps[1].pDrvPrivate : NULL);
    if (heaps && !(inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        spy_list_out_of_memory(list);
        return;
    }
    for (i = 0; inner && i < count; ++i)
        inner[i] = spy_in_descriptor_heap(heaps[i]);
    LIST_INNER(list).pfnSetDescriptorHeaps(spy_in_list(list), count, inner);
    if (heaps)
        spy_scratch_free(&scratch);
}

static void APIENTRY spy_SetComputeRootSignature(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HROOTSIGNATURE root_signature)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetComputeRootSignature", "list=%p, root_signature=%p", list.pDrvPrivate,
            root_signature.pDrvPrivate);
    LIST_INNER(list).pfnSetComputeRootSignature(spy_in_list(list), spy_in_root_signature(root_signature));
}

static void APIENTRY spy_SetGraphicsRootSignature(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HROOTSIGNATURE root_signature)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetGraphicsRootSignature", "list=%p, root_signature=%p", list.pDrvPrivate,
            root_signature.pDrvPrivate);
    LIST_INNER(list).pfnSetGraphicsRootSignature(spy_in_list(list), spy_in_root_signature(root_signature));
}

static void APIENTRY spy_SetComputeRootDescriptorTable(D3D12DDI_HCOMMANDLIST list, UINT index,
                                                       D3D12DDI_GPU_DESCRIPTOR_HANDLE base)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetComputeRootDescriptorTable", "list=%p, index=%u, base=0x%llx", list.pDrvPrivate,
            index, (unsigned long long)base.ptr);
    LIST_INNER(list).pfnSetComputeRootDescriptorTable(spy_in_list(list), index, base);
}

static void APIENTRY spy_SetGraphicsRootDescriptorTable(D3D12DDI_HCOMMANDLIST list, UINT index,
                                                        D3D12DDI_GPU_DESCRIPTOR_HANDLE base)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetGraphicsRootDescriptorTable", "list=%p, index=%u, base=0x%llx",
            list.pDrvPrivate, index, (unsigned long long)base.ptr);
    LIST_INNER(list).pfnSetGraphicsRootDescriptorTable(spy_in_list(list), index, base);
}

static void APIENTRY spy_SetComputeRoot32BitConstants(D3D12DDI_HCOMMANDLIST list, UINT index, UINT count,
                                                      const void *data, UINT offset)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetComputeRoot32BitConstants", "list=%p, index=%u, count=%u, offset=%u",
            list.pDrvPrivate, index, count, offset);
    LIST_INNER(list).pfnSetComputeRoot32BitConstants(spy_in_list(list), index, count, data, offset);
}

static void APIENTRY spy_SetGraphicsRoot32BitConstants(D3D12DDI_HCOMMANDLIST list, UINT index, UINT count,
                                                       const void *data, UINT offset)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetGraphicsRoot32BitConstants", "list=%p, index=%u, count=%u, offset=%u",
            list.pDrvPrivate, index, count, offset);
    LIST_INNER(list).pfnSetGraphicsRoot32BitConstants(spy_in_list(list), index, count, data, offset);
}

/* The six root-view setters share one shape. */
#define SPY_ROOT_VIEW(member) \
    static void APIENTRY spy_##member(D3D12DDI_HCOMMANDLIST list, UINT index, UINT64 va) \
    { \
        spy_log(SPY_DEVICE(list)->spy, #member, "list=%p, index=%u, va=0x%llx", list.pDrvPrivate, index, \
                (unsigned long long)va); \
        LIST_INNER(list).pfn##member(spy_in_list(list), index, va); \
    }
SPY_ROOT_VIEW(SetComputeRootConstantBufferView)
SPY_ROOT_VIEW(SetGraphicsRootConstantBufferView)
SPY_ROOT_VIEW(SetComputeRootShaderResourceView)
SPY_ROOT_VIEW(SetGraphicsRootShaderResourceView)
SPY_ROOT_VIEW(SetComputeRootUnorderedAccessView)
SPY_ROOT_VIEW(SetGraphicsRootUnorderedAccessView)
#undef SPY_ROOT_VIEW

static void APIENTRY spy_ClearRootArguments(D3D12DDI_HCOMMANDLIST list)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "ClearRootArguments", "list=%p", list.pDrvPrivate);
    LIST_INNER(list).pfnClearRootArguments(spy_in_list(list));
}

/* ---- Debug markers ------------------------------------------------------------------------- */

static void APIENTRY spy_SetMarker(D3D12DDI_HCOMMANDLIST list, const char *name)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "SetMarker", "list=%p, \"%.64s\"", list.pDrvPrivate, name ? name : "");
    LIST_INNER(list).pfnSetMarker(spy_in_list(list), name);
}

static void APIENTRY spy_BeginEvent(D3D12DDI_HCOMMANDLIST list, const char *name)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "BeginEvent", "list=%p, \"%.64s\"", list.pDrvPrivate, name ? name : "");
    LIST_INNER(list).pfnBeginEvent(spy_in_list(list), name);
}

static void APIENTRY spy_EndEvent(D3D12DDI_HCOMMANDLIST list)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "EndEvent", "list=%p", list.pDrvPrivate);
    LIST_INNER(list).pfnEndEvent(spy_in_list(list));
}

void spy_fill_list_table(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *outer, const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *inner)
{
    SPY_FILL(outer, inner, pfnCloseCommandList, spy_CloseCommandList);
    SPY_FILL(outer, inner, pfnResetCommandList, spy_ResetCommandList);
    SPY_FILL(outer, inner, pfnDrawInstanced, spy_DrawInstanced);
    SPY_FILL(outer, inner, pfnDrawIndexedInstanced, spy_DrawIndexedInstanced);
    SPY_FILL(outer, inner, pfnDispatch, spy_Dispatch);
    SPY_FILL(outer, inner, pfnExecuteIndirect, spy_ExecuteIndirect);
    SPY_FILL(outer, inner, pfnExecuteBundle, spy_ExecuteBundle);
    SPY_FILL(outer, inner, pfnClearRenderTargetView, spy_ClearRenderTargetView);
    SPY_FILL(outer, inner, pfnClearDepthStencilView, spy_ClearDepthStencilView);
    SPY_FILL(outer, inner, pfnClearUnorderedAccessViewUint, spy_ClearUnorderedAccessViewUint);
    SPY_FILL(outer, inner, pfnClearUnorderedAccessViewFloat, spy_ClearUnorderedAccessViewFloat);
    SPY_FILL(outer, inner, pfnDiscardResource, spy_DiscardResource);
    SPY_FILL(outer, inner, pfnCopyBufferRegion, spy_CopyBufferRegion);
    SPY_FILL(outer, inner, pfnCopyTextureRegion, spy_CopyTextureRegion);
    SPY_FILL(outer, inner, pfnCopyResource, spy_CopyResource);
    SPY_FILL(outer, inner, pfnCopyTiles, spy_CopyTiles);
    SPY_FILL(outer, inner, pfnResolveSubresource, spy_ResolveSubresource);
    SPY_FILL(outer, inner, pfnResolveSubresourceRegion, spy_ResolveSubresourceRegion);
    SPY_FILL(outer, inner, pfnWriteBufferImmediate, spy_WriteBufferImmediate);
    SPY_FILL(outer, inner, pfnResourceBarrier, spy_ResourceBarrier);
    SPY_FILL(outer, inner, pfnBarrier, spy_Barrier);
    SPY_FILL(outer, inner, pfnBeginQuery, spy_BeginQuery);
    SPY_FILL(outer, inner, pfnEndQuery, spy_EndQuery);
    SPY_FILL(outer, inner, pfnResolveQueryData, spy_ResolveQueryData);
    SPY_FILL(outer, inner, pfnSetPredication, spy_SetPredication);
    SPY_FILL(outer, inner, pfnSetPipelineState, spy_SetPipelineState);
    SPY_FILL(outer, inner, pfnIASetPrimitiveTopology, spy_IASetPrimitiveTopology);
    SPY_FILL(outer, inner, pfnIASetIndexBuffer, spy_IASetIndexBuffer);
    SPY_FILL(outer, inner, pfnIASetVertexBuffers, spy_IASetVertexBuffers);
    SPY_FILL(outer, inner, pfnIASetIndexBufferStripCutValue, spy_IASetIndexBufferStripCutValue);
    SPY_FILL(outer, inner, pfnSOSetTargets, spy_SOSetTargets);
    SPY_FILL(outer, inner, pfnRSSetViewports, spy_RSSetViewports);
    SPY_FILL(outer, inner, pfnRSSetScissorRects, spy_RSSetScissorRects);
    SPY_FILL(outer, inner, pfnRSSetDepthBias, spy_RSSetDepthBias);
    SPY_FILL(outer, inner, pfnOMSetBlendFactor, spy_OMSetBlendFactor);
    SPY_FILL(outer, inner, pfnOMSetStencilRef, spy_OMSetStencilRef);
    SPY_FILL(outer, inner, pfnOMSetDepthBounds, spy_OMSetDepthBounds);
    SPY_FILL(outer, inner, pfnOMSetRenderTargets, spy_OMSetRenderTargets);
    SPY_FILL(outer, inner, pfnSetSamplePositions, spy_SetSamplePositions);
    SPY_FILL(outer, inner, pfnSetViewInstanceMask, spy_SetViewInstanceMask);
    SPY_FILL(outer, inner, pfnSetDescriptorHeaps, spy_SetDescriptorHeaps);
    SPY_FILL(outer, inner, pfnSetComputeRootSignature, spy_SetComputeRootSignature);
    SPY_FILL(outer, inner, pfnSetGraphicsRootSignature, spy_SetGraphicsRootSignature);
    SPY_FILL(outer, inner, pfnSetComputeRootDescriptorTable, spy_SetComputeRootDescriptorTable);
    SPY_FILL(outer, inner, pfnSetGraphicsRootDescriptorTable, spy_SetGraphicsRootDescriptorTable);
    SPY_FILL(outer, inner, pfnSetComputeRoot32BitConstants, spy_SetComputeRoot32BitConstants);
    SPY_FILL(outer, inner, pfnSetGraphicsRoot32BitConstants, spy_SetGraphicsRoot32BitConstants);
    SPY_FILL(outer, inner, pfnSetComputeRootConstantBufferView, spy_SetComputeRootConstantBufferView);
    SPY_FILL(outer, inner, pfnSetGraphicsRootConstantBufferView, spy_SetGraphicsRootConstantBufferView);
    SPY_FILL(outer, inner, pfnSetComputeRootShaderResourceView, spy_SetComputeRootShaderResourceView);
    SPY_FILL(outer, inner, pfnSetGraphicsRootShaderResourceView, spy_SetGraphicsRootShaderResourceView);
    SPY_FILL(outer, inner, pfnSetComputeRootUnorderedAccessView, spy_SetComputeRootUnorderedAccessView);
    SPY_FILL(outer, inner, pfnSetGraphicsRootUnorderedAccessView, spy_SetGraphicsRootUnorderedAccessView);
    SPY_FILL(outer, inner, pfnClearRootArguments, spy_ClearRootArguments);
    SPY_FILL(outer, inner, pfnSetMarker, spy_SetMarker);
    SPY_FILL(outer, inner, pfnBeginEvent, spy_BeginEvent);
    SPY_FILL(outer, inner, pfnEndEvent, spy_EndEvent);
}

/* ---- Render passes --------------------------------------------------------------------------- */

static void APIENTRY spy_BeginRenderPass(D3D12DDI_HCOMMANDLIST list, UINT count,
                                         const D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 *targets,
                                         const D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124 *depth_stencil,
                                         D3D12_RENDER_PASS_FLAGS flags)
{
    SPY_GUARD(list);
    D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 *inner = NULL;
    struct spy_scratch scratch;
    UINT i;

    spy_log(SPY_DEVICE(list)->spy, "BeginRenderPass", "list=%p, NumRenderTargets=%u, first=0x%zx begin %d end %d, "
            "dsv=0x%zx, Flags=0x%x", list.pDrvPrivate, count, targets && count ? (size_t)targets[0].Descriptor.ptr : (size_t)0,
            targets && count ? (int)targets[0].BeginningAccessType : -1,
            targets && count ? (int)targets[0].EndingAccessType : -1,
            depth_stencil ? (size_t)depth_stencil->Descriptor.ptr : (size_t)0, (unsigned int)flags);
    if (targets && !(inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        spy_list_out_of_memory(list);
        return;
    }
    for (i = 0; inner && i < count; ++i)
    {
        inner[i] = targets[i];
        inner[i].hResolveSrc = spy_in_resource(targets[i].hResolveSrc);
        inner[i].hResolveDst = spy_in_resource(targets[i].hResolveDst);
    }
    SPY_DEVICE(list)->render_pass.pfnBeginRenderPass(spy_in_list(list), count, inner, depth_stencil, flags);
    if (targets)
        spy_scratch_free(&scratch);
}

static void APIENTRY spy_EndRenderPass(D3D12DDI_HCOMMANDLIST list)
{
    SPY_GUARD(list);
    spy_log(SPY_DEVICE(list)->spy, "EndRenderPass", "list=%p", list.pDrvPrivate);
    SPY_DEVICE(list)->render_pass.pfnEndRenderPass(spy_in_list(list));
}

void spy_fill_render_pass_table(D3D12DDI_RENDER_PASS_FUNCS_0124 *outer, const D3D12DDI_RENDER_PASS_FUNCS_0124 *inner)
{
    SPY_FILL(outer, inner, pfnBeginRenderPass, spy_BeginRenderPass);
    SPY_FILL(outer, inner, pfnEndRenderPass, spy_EndRenderPass);
}
