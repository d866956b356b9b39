/*
 * The Async Commands' common steps (rt_cmdlist_async.h), the two resolves, and the
 * same ten methods behind the preview headers' ID3D12CommandListAsyncCommands face
 * (API.md). The copies are in rt_cmdlist_async_copy.c, the clears and the fill in
 * rt_cmdlist_async_clear.c.
 */
#define CONST_VTABLE
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "fb_resolve.h"
#include "rt_cmdlist_async.h"
#include "rt_info_queue.h"
#include "rt_query_heap.h"

/* ---- Common steps ---------------------------------------------------------------------- */

bool rt_async_begin(struct rt_command_list *list, unsigned int allowed, enum fb_api api)
{
    const char *method = fb_api_name(api);
    char why[256];

    /* Every Async call does GPU work: between a suspending and the resuming pass it
     * breaks the pass rules as a legacy call there does (rt_cmdlist_pass_validate.c). */
    if (!rt_command_list_begin(list, RT_LIST_ANY | RT_GPU_WORK, method))
        return false;
    if (list->device->async.impl == D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED)
    {
        snprintf(why, sizeof(why), "%s: Async Commands are not supported on this device (%s)", method,
                 list->device->async.reason);
        rt_command_list_remove_message(list, E_FAIL, D3D12_MESSAGE_ID_ASYNC_COMMANDS_NOT_SUPPORTED, why);
        return false;
    }
    if (!(allowed & (1u << list->type)))
    {
        /* Microsoft has a message for bundles; none for the other queue types. */
        rt_async_invalid(list, api, list->type == D3D12_COMMAND_LIST_TYPE_BUNDLE ? D3D12_MESSAGE_ID_INVALID_BUNDLE_API
                         : RT_MESSAGE_ID_NONE_LIST_TYPE, "not allowed on a %s command list",
                         rt_command_list_type_name(list->type));
        return false;
    }
    if ((allowed & RT_NOT_IN_RENDER_PASS) && list->render_pass.active)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_RENDER_PASS_DISALLOWED_API_CALLED,
                         "not allowed inside a render pass");
        return false;
    }
    /* Seed 000: "Like any other GPU work, a bound clear between a suspending
     * EndRenderPass and the resuming BeginRenderPass is rejected with E_FAIL." The other
     * Async calls there are refused when the pass resumes or the list closes, as legacy
     * GPU work is. */
    if (!(allowed & RT_NOT_IN_RENDER_PASS) && rt_render_pass_suspended(list))
    {
        snprintf(why, sizeof(why), "%s: not allowed between a suspending and the resuming render pass", method);
        rt_command_list_remove_message(list, E_FAIL, D3D12_MESSAGE_ID_RENDER_PASS_GPU_WORK_WHILE_SUSPENDED, why);
        return false;
    }
    return true;
}

void rt_async_invalid(struct rt_command_list *list, enum fb_api api, D3D12_MESSAGE_ID id, const char *fmt, ...)
{
    char text[200], why[256];
    va_list args;

    va_start(args, fmt);
    vsnprintf(text, sizeof(text), fmt, args);
    va_end(args);
    snprintf(why, sizeof(why), "%s: %s", fb_api_name(api), text);
    rt_command_list_remove_message(list, E_INVALIDARG, id, why);
}

void rt_async_report(struct rt_command_list *list, enum fb_api api, D3D12_MESSAGE_SEVERITY severity,
                     D3D12_MESSAGE_ID id, const char *fmt, ...)
{
    char text[224];
    va_list args;

    va_start(args, fmt);
    vsnprintf(text, sizeof(text), fmt, args);
    va_end(args);
    rt_info_queue_add(list->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, severity, id, "%s: %s",
                      fb_api_name(api), text);
}

void rt_async_out_of_memory(struct rt_command_list *list, enum fb_api api)
{
    char why[96];

    snprintf(why, sizeof(why), "%s: out of memory", fb_api_name(api));
    rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY, why);
}

void rt_async_fb_list(const struct rt_command_list *list, struct fb_list *fb)
{
    fb->hdrv = list->hdrv;
    fb->ddi = list->ddi_cmdlist;
    fb->type = list->type;
}

enum rt_async_route rt_async_route(struct rt_command_list *list, enum fb_api api, bool native_entry)
{
    struct fb_rejection rejection;
    struct fb_list fb;

    if (list->device->async.impl == D3D12_ASYNC_COMMANDS_IMPL_FALLBACK)
    {
        rt_async_fb_list(list, &fb);
        if (fb_route(api, &fb, &rejection))
            return RT_ASYNC_ROUTE_FALLBACK;
        rt_command_list_remove_message(list, rejection.hr, rejection.id, rejection.why);
        return RT_ASYNC_ROUTE_NONE;
    }
    /* A native driver must fill every entry; one it left out cannot be recorded. */
    if (!native_entry)
    {
        rt_command_list_remove_messagef(list, E_NOTIMPL, RT_MESSAGE_ID_NONE_DRIVER_FAILURE,
                                        "%s: the driver's Async table lacks it",
                                        fb_api_name(api));
        return RT_ASYNC_ROUTE_NONE;
    }
    return RT_ASYNC_ROUTE_NATIVE;
}

/* ---- Resolves -------------------------------------------------------------------------- */

void STDMETHODCALLTYPE rt_command_list_ResolveSubresourceRegionAsync(rt_cl *iface, ID3D12Resource *dst_iface,
                                                                     UINT dst_sub, UINT dst_x, UINT dst_y,
                                                                     ID3D12Resource *src_iface, UINT src_sub,
                                                                     const D3D12_RECT *rect, DXGI_FORMAT format,
                                                                     D3D12_RESOLVE_MODE mode)
{
    const enum fb_api api = FB_API_RESOLVE_SUBRESOURCE_REGION_ASYNC;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *dst = rt_command_list_resource(list, dst_iface), *src = rt_command_list_resource(list, src_iface);
    struct rt_why why;

    RT_TRACE("iface %p, dst %p, dst_sub %u, src %p, src_sub %u, format %#x, mode %#x.", iface, dst_iface, dst_sub,
             src_iface, src_sub, format, mode);

    if (!rt_async_begin(list, RT_ASYNC_RESOLVE_LISTS, api))
        return;
    if (!dst || !src)
    {
        rt_async_invalid(list, api, dst ? D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_NULLSRC
                         : D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_NULLDST,
                         "the %s is NULL or not a resource of this device", dst ? "source" : "destination");
        return;
    }
    if (rt_resource_is_buffer(dst) || rt_resource_is_buffer(src))
    {
        rt_async_invalid(list, api, rt_resource_is_buffer(dst) ? D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALIDDSTRESOURCE
                         : D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALIDSRCRESOURCE, "the %s is a buffer",
                         rt_resource_is_buffer(dst) ? "destination" : "source");
        return;
    }
    if (dst_sub >= dst->subresource_count || src_sub >= src->subresource_count)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_RESOLVESUBRESOURCE_INVALID_SUBRESOURCE_INDEX,
                         "subresource %u of the %s is out of range", dst_sub >= dst->subresource_count ? dst_sub
                         : src_sub, dst_sub >= dst->subresource_count ? "destination" : "source");
        return;
    }
    /* Sample counts, the format, the mode (no sampler-feedback transcodes) and the rect:
     * the legacy region resolve's rules. */
    if (!rt_validate_resolve(dst, dst_sub, dst_x, dst_y, src, src_sub, rect, format, mode, &why))
    {
        rt_async_invalid(list, api, why.id, "%s", why.text);
        return;
    }
    switch (RT_ASYNC_ROUTE(list, pfnResolveSubresourceRegionAsync, api))
    {
        case RT_ASYNC_ROUTE_NATIVE:
            RT_ASYNC_CALL(list, pfnResolveSubresourceRegionAsync, dst->hdrv, dst_sub, dst_x, dst_y, src->hdrv,
                          src_sub, rect, format, mode);
            break;
        case RT_ASYNC_ROUTE_FALLBACK:
            RT_ASYNC_EMIT(list, fb_resolve_subresource_region, dst->hdrv, dst_sub, dst_x, dst_y, src->hdrv, src_sub,
                          rect, format, mode);
            break;
        case RT_ASYNC_ROUTE_NONE:
            break;
    }
}

void STDMETHODCALLTYPE rt_command_list_ResolveQueryDataAsync(rt_cl *iface, ID3D12QueryHeap *heap,
                                                             D3D12_QUERY_TYPE type, UINT start, UINT count,
                                                             ID3D12Resource *dst_iface, UINT64 dst_offset)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS;
    const enum fb_api api = FB_API_RESOLVE_QUERY_DATA_ASYNC;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *dst = rt_command_list_resource(list, dst_iface);
    UINT64 size = rt_query_type_data_size(type);
    struct rt_query_heap *query_heap;

    RT_TRACE("iface %p, heap %p, type %#x, start %u, count %u, dst %p, dst_offset %#" PRIx64 ".", iface, heap, type,
             start, count, dst_iface, dst_offset);

    if (!rt_async_begin(list, RT_ASYNC_COPY_LISTS, api))
        return;
    if (!dst || !rt_resource_is_buffer(dst))
    {
        rt_async_invalid(list, api, id, "the destination is NULL, not a resource of this device or not a buffer");
        return;
    }
    if (dst_offset % 8)
    {
        rt_async_invalid(list, api, id, "DestOffset %#" PRIx64 " is not 8-byte aligned", dst_offset);
        return;
    }
    /* Seed 000: an UPLOAD heap cannot be a GPU copy destination, in either mode. */
    if (dst->heap_properties.Type == D3D12_HEAP_TYPE_UPLOAD)
    {
        rt_async_invalid(list, api, id, "the destination is in an UPLOAD heap");
        return;
    }
    if (!size)
    {
        rt_async_invalid(list, api, id, "query type %#x cannot be resolved", type);
        return;
    }
    if (dst_offset > dst->desc.Width || (UINT64)count * size > dst->desc.Width - dst_offset)
    {
        rt_async_invalid(list, api, id, "%u queries of %" PRIu64 " bytes at %#" PRIx64 " overrun the %#" PRIx64
                         "-byte destination", count, size, dst_offset, dst->desc.Width);
        return;
    }
    /* The legacy ResolveQueryData's heap rules: this device's heap, of the query's type,
     * the range inside it, and copy lists resolve their own timestamps only. */
    if (!(query_heap = rt_query_heap_from_iface(heap)) || query_heap->device != list->device)
    {
        rt_async_invalid(list, api, id, "query heap %p is not one of this device", (void *)heap);
        return;
    }
    if (!rt_query_type_matches_heap(type, query_heap->desc.Type)
            || (list->type == D3D12_COMMAND_LIST_TYPE_COPY
            && query_heap->desc.Type != D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP))
    {
        rt_async_invalid(list, api, id, "query type %#x cannot be resolved from a %s heap on a %s list", type,
                         rt_query_heap_type_name(query_heap->desc.Type), rt_command_list_type_name(list->type));
        return;
    }
    if (start > query_heap->desc.Count || count > query_heap->desc.Count - start)
    {
        rt_async_invalid(list, api, id, "queries [%u, +%u) are outside the heap's %u", start, count,
                         query_heap->desc.Count);
        return;
    }
    rt_command_list_keep(list, &query_heap->retire, "ID3D12QueryHeap", query_heap);
    switch (RT_ASYNC_ROUTE(list, pfnResolveQueryDataAsync, api))
    {
        case RT_ASYNC_ROUTE_NATIVE:
            RT_ASYNC_CALL(list, pfnResolveQueryDataAsync, query_heap->hdrv, type, start, count, dst->hdrv,
                          dst_offset);
            break;
        case RT_ASYNC_ROUTE_FALLBACK:
            RT_ASYNC_EMIT(list, fb_resolve_query_data, query_heap->hdrv, type, start, count, dst->hdrv, dst_offset);
            break;
        case RT_ASYNC_ROUTE_NONE:
            break;
    }
}

/* ---- ID3D12CommandListAsyncCommands: the same list behind the preview interface. -------- */

static struct rt_command_list *impl_from_async(ID3D12CommandListAsyncCommands *iface)
{
    return RT_CONTAINING(iface, struct rt_command_list, ID3D12CommandListAsyncCommands_iface);
}

#define RT_LIST_FACE(iface) (&impl_from_async(iface)->ID3D12GraphicsCommandList_iface)

static HRESULT STDMETHODCALLTYPE rt_async_QueryInterface(ID3D12CommandListAsyncCommands *iface, REFIID riid,
                                                         void **object)
{
    return ID3D12GraphicsCommandList12_QueryInterface(RT_LIST_FACE(iface), riid, object);
}

static ULONG STDMETHODCALLTYPE rt_async_AddRef(ID3D12CommandListAsyncCommands *iface)
{
    return ID3D12GraphicsCommandList12_AddRef(RT_LIST_FACE(iface));
}

static ULONG STDMETHODCALLTYPE rt_async_Release(ID3D12CommandListAsyncCommands *iface)
{
    return ID3D12GraphicsCommandList12_Release(RT_LIST_FACE(iface));
}

static void STDMETHODCALLTYPE rt_async_CopyBufferRegions(ID3D12CommandListAsyncCommands *iface, UINT count,
        ID3D12Resource *const *dst_buffers, const UINT64 *dst_offsets, ID3D12Resource *const *src_buffers,
        const UINT64 *src_offsets, const UINT64 *sizes)
{
    rt_command_list_CopyBufferRegions(RT_LIST_FACE(iface), count, dst_buffers, dst_offsets, src_buffers,
                                      src_offsets, sizes);
}

static void STDMETHODCALLTYPE rt_async_CopyTextureRegions(ID3D12CommandListAsyncCommands *iface, UINT count,
                                                          const D3D12_TEXTURE_COPY_DESC *descs)
{
    rt_command_list_CopyTextureRegions(RT_LIST_FACE(iface), count, descs);
}

static void STDMETHODCALLTYPE rt_async_CopyResources(ID3D12CommandListAsyncCommands *iface, UINT count,
                                                     ID3D12Resource *const *dst, ID3D12Resource *const *src)
{
    rt_command_list_CopyResources(RT_LIST_FACE(iface), count, dst, src);
}

static void STDMETHODCALLTYPE rt_async_CopyTilesAsync(ID3D12CommandListAsyncCommands *iface, ID3D12Resource *tiled,
        const D3D12_TILED_RESOURCE_COORDINATE *start, const D3D12_TILE_REGION_SIZE *size, ID3D12Resource *buffer,
        UINT64 offset, D3D12_TILE_COPY_FLAGS flags)
{
    rt_command_list_CopyTilesAsync(RT_LIST_FACE(iface), tiled, start, size, buffer, offset, flags);
}

static void STDMETHODCALLTYPE rt_async_ResolveSubresourceRegionAsync(ID3D12CommandListAsyncCommands *iface,
        ID3D12Resource *dst, UINT dst_sub, UINT dst_x, UINT dst_y, ID3D12Resource *src, UINT src_sub,
        const D3D12_RECT *rect, DXGI_FORMAT format, D3D12_RESOLVE_MODE mode)
{
    rt_command_list_ResolveSubresourceRegionAsync(RT_LIST_FACE(iface), dst, dst_sub, dst_x, dst_y, src, src_sub,
                                                  rect, format, mode);
}

static void STDMETHODCALLTYPE rt_async_ResolveQueryDataAsync(ID3D12CommandListAsyncCommands *iface,
        ID3D12QueryHeap *heap, D3D12_QUERY_TYPE type, UINT start, UINT count, ID3D12Resource *dst, UINT64 dst_offset)
{
    rt_command_list_ResolveQueryDataAsync(RT_LIST_FACE(iface), heap, type, start, count, dst, dst_offset);
}

static void STDMETHODCALLTYPE rt_async_ClearBoundDepthStencilView(ID3D12CommandListAsyncCommands *iface,
        D3D12_CLEAR_FLAGS flags, FLOAT depth, UINT8 stencil, UINT region_count, const D3D12_BOX *regions)
{
    rt_command_list_ClearBoundDepthStencilView(RT_LIST_FACE(iface), flags, depth, stencil, region_count, regions);
}

static void STDMETHODCALLTYPE rt_async_ClearBoundRenderTargetViews(ID3D12CommandListAsyncCommands *iface,
        UINT mask, const D3D12_CLEAR_DATA *values, const UINT *region_counts, const D3D12_BOX *const *regions)
{
    rt_command_list_ClearBoundRenderTargetViews(RT_LIST_FACE(iface), mask, values, region_counts, regions);
}

static void STDMETHODCALLTYPE rt_async_ClearTextureSubresources(ID3D12CommandListAsyncCommands *iface, UINT count,
                                                                const D3D12_CLEAR_TEXTURE_DESC *descs)
{
    rt_command_list_ClearTextureSubresources(RT_LIST_FACE(iface), count, descs);
}

static void STDMETHODCALLTYPE rt_async_FillBuffers(ID3D12CommandListAsyncCommands *iface, UINT count,
                                                   const D3D12_FILL_BUFFER_DESC *descs)
{
    rt_command_list_FillBuffers(RT_LIST_FACE(iface), count, descs);
}

const ID3D12CommandListAsyncCommandsVtbl rt_command_list_async_vtbl =
{
    /* IUnknown methods */
    rt_async_QueryInterface,
    rt_async_AddRef,
    rt_async_Release,
    /* ID3D12CommandListAsyncCommands methods */
    rt_async_CopyBufferRegions,
    rt_async_CopyTextureRegions,
    rt_async_CopyResources,
    rt_async_CopyTilesAsync,
    rt_async_ResolveSubresourceRegionAsync,
    rt_async_ResolveQueryDataAsync,
    rt_async_ClearBoundDepthStencilView,
    rt_async_ClearBoundRenderTargetViews,
    rt_async_ClearTextureSubresources,
    rt_async_FillBuffers,
};
