/*
 * Queries, predication and debug markers.
 *
 * Queries (specs/runtime.md, "Queries"): the heap must be this device's and of the
 * query's type, the index inside it; copy lists write timestamps only, into
 * COPY_QUEUE_TIMESTAMP heaps, and the other lists only into TIMESTAMP heaps. Occlusion,
 * pipeline- and stream-output-statistics queries are begun and ended in the same list:
 * the list tracks the ones begun, refuses a second begin, an end without a begin, a
 * resolve of one still running, and a Close with one left open.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_cmdlist_ledger.h"
#include "rt_cmdlist_vtbl.h"
#include "rt_info_queue.h"
#include "rt_query_heap.h"

struct rt_active_query
{
    const struct rt_query_heap *heap;   /* compared, never dereferenced */
    UINT index;
    D3D12_QUERY_TYPE type;
};

/* Which list types run a query type: copy queues have timestamps only, compute queues
 * no rasterizer statistics. */
static unsigned int rt_query_lists(D3D12_QUERY_TYPE type)
{
    switch (type)
    {
        case D3D12_QUERY_TYPE_TIMESTAMP:
            return RT_LIST_QUEUE;
        case D3D12_QUERY_TYPE_PIPELINE_STATISTICS:
            return RT_LIST_DIRECT | RT_LIST_COMPUTE;
        case D3D12_QUERY_TYPE_OCCLUSION:
        case D3D12_QUERY_TYPE_BINARY_OCCLUSION:
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0:
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1:
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2:
        case D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3:
        case D3D12_QUERY_TYPE_PIPELINE_STATISTICS1:
            return RT_LIST_DIRECT;
        default:
            return 0;
    }
}

static void rt_query_fail(struct rt_command_list *list, D3D12_MESSAGE_ID id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void rt_query_fail(struct rt_command_list *list, D3D12_MESSAGE_ID id, const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    rt_command_list_remove_messagev(list, E_INVALIDARG, id, fmt, args);
    va_end(args);
}

/* A mistake Microsoft's debug layer reports and its core runtime lets through (the
 * "Queries" page of the Direct3D 12 documentation lists which rules are whose): the
 * list is kept, the info queue gets an error. */
static void rt_query_report(struct rt_command_list *list, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void rt_query_report(struct rt_command_list *list, const char *fmt, ...)
{
    char text[256];
    va_list args;

    va_start(args, fmt);
    vsnprintf(text, sizeof(text), fmt, args);
    va_end(args);
    RT_WARN("%s.", text);
    rt_info_queue_add(list->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                      D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS, "%s", text);
}

/*
 * The checks Begin/End/ResolveQueryData share: the list may run the query type, the heap
 * is this device's and holds that type, and (for writes) the heap suits the list's queue.
 * Returns the heap, NULL when the list was removed.
 */
static struct rt_query_heap *rt_query_call(struct rt_command_list *list, const char *method, unsigned int allowed,
                                           D3D12_QUERY_TYPE type, ID3D12QueryHeap *heap_iface, D3D12_MESSAGE_ID id,
                                           bool writes)
{
    struct rt_query_heap *heap = rt_query_heap_from_iface(heap_iface);
    bool copy_list = list->type == D3D12_COMMAND_LIST_TYPE_COPY;

    if (!rt_command_list_begin(list, allowed, method))
        return NULL;
    if (!(rt_query_lists(type) & (1u << list->type)))
    {
        rt_query_fail(list, id, "%s: query type %#x is not available on a %s list", method, type,
                      rt_command_list_type_name(list->type));
        return NULL;
    }
    if (!heap || heap->device != list->device)
    {
        rt_query_fail(list, id, "%s: query heap %p is not one of this device", method, (void *)heap_iface);
        return NULL;
    }
    if (!rt_query_type_matches_heap(type, heap->desc.Type))
    {
        rt_query_fail(list, id, "%s: query type %#x does not live in a %s heap", method, type,
                      rt_query_heap_type_name(heap->desc.Type));
        return NULL;
    }
    /* Copy queues write their own timestamps; the other queues write TIMESTAMP heaps. */
    if ((copy_list || writes) && copy_list != (heap->desc.Type == D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP))
    {
        rt_query_fail(list, id, "%s: a %s list cannot %s a %s heap", method, rt_command_list_type_name(list->type),
                      writes ? "write timestamps into" : "resolve", rt_query_heap_type_name(heap->desc.Type));
        return NULL;
    }
    rt_command_list_keep(list, &heap->retire, "ID3D12QueryHeap", heap);
    return heap;
}

static bool rt_query_index_valid(struct rt_command_list *list, const char *method, const struct rt_query_heap *heap,
                                 UINT index)
{
    if (index < heap->desc.Count)
        return true;
    rt_query_fail(list, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS, "%s: query %u is outside the heap's %u",
                  method, index, heap->desc.Count);
    return false;
}

/* The position of a running query in the list's table, or -1. */
static ptrdiff_t rt_active_query_find(const struct rt_command_list *list, const struct rt_query_heap *heap,
                                      UINT first, UINT count)
{
    size_t i;

    for (i = 0; i < list->active_query_count; ++i)
    {
        const struct rt_active_query *query = &list->active_queries[i];

        if (query->heap == heap && query->index >= first && query->index - first < count)
            return (ptrdiff_t)i;
    }
    return -1;
}

void rt_command_list_check_open_queries(struct rt_command_list *list)
{
    const struct rt_active_query *query;

    if (!list->active_query_count)
        return;
    query = &list->active_queries[0];
    rt_query_fail(list, D3D12_MESSAGE_ID_CLOSE_COMMAND_LIST_OPEN_QUERY, "Close: query %u (type %#x) of heap %p was "
                  "begun and never ended", query->index, query->type, (const void *)query->heap);
}

void STDMETHODCALLTYPE rt_command_list_BeginQuery(rt_cl *iface, ID3D12QueryHeap *heap_iface, D3D12_QUERY_TYPE type,
                                                  UINT index)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_active_query *queries;
    struct rt_query_heap *heap;
    size_t capacity;

    RT_TRACE("iface %p, heap %p, type %#x, index %u.", iface, heap_iface, type, index);

    /* Timestamps have no begin. */
    if (type == D3D12_QUERY_TYPE_TIMESTAMP)
    {
        if (rt_command_list_begin(list, RT_LIST_QUEUE | RT_GPU_WORK, "BeginQuery"))
            rt_query_fail(list, id, "BeginQuery: timestamp queries have no begin");
        return;
    }
    if (!(heap = rt_query_call(list, "BeginQuery", RT_LIST_QUEUE | RT_GPU_WORK, type, heap_iface, id, true))
            || !rt_query_index_valid(list, "BeginQuery", heap, index))
        return;
    /* Debug layer only on Windows; the running query goes on, this begin is dropped so
     * that the driver never sees two begins of one element. */
    if (rt_active_query_find(list, heap, index, 1) >= 0)
    {
        rt_query_report(list, "BeginQuery: query %u of heap %p is already running; this begin is ignored", index,
                        (void *)heap_iface);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnBeginQuery, "BeginQuery"))
        return;
    if (list->active_query_count == list->active_query_capacity)
    {
        capacity = list->active_query_capacity ? 2 * list->active_query_capacity : 8;
        if (!(queries = realloc(list->active_queries, capacity * sizeof(*queries))))
        {
            rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                           "BeginQuery: out of memory");
            return;
        }
        list->active_queries = queries;
        list->active_query_capacity = capacity;
    }
    queries = &list->active_queries[list->active_query_count++];
    queries->heap = heap;
    queries->index = index;
    queries->type = type;
    RT_DDI_CALL(list, pfnBeginQuery, heap->hdrv, type, index);
}

void STDMETHODCALLTYPE rt_command_list_EndQuery(rt_cl *iface, ID3D12QueryHeap *heap_iface, D3D12_QUERY_TYPE type,
                                                UINT index)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_query_heap *heap;
    ptrdiff_t active;

    RT_TRACE("iface %p, heap %p, type %#x, index %u.", iface, heap_iface, type, index);

    if (!(heap = rt_query_call(list, "EndQuery", RT_LIST_QUEUE | RT_GPU_WORK, type, heap_iface, id, true))
            || !rt_query_index_valid(list, "EndQuery", heap, index))
        return;
    active = rt_active_query_find(list, heap, index, 1);
    if (type != D3D12_QUERY_TYPE_TIMESTAMP && active < 0)
    {
        rt_query_fail(list, id, "EndQuery: query %u of heap %p was not begun in this command list", index,
                      (void *)heap_iface);
        return;
    }
    /* Debug layer only on Windows (both types live in the heap, checked above): the query
     * ends as the type it was begun, so that the driver sees a matching pair. */
    if (active >= 0 && list->active_queries[active].type != type)
    {
        rt_query_report(list, "EndQuery: query %u of heap %p was begun as type %#x, ended as %#x; it ends as "
                        "type %#x", index, (void *)heap_iface, list->active_queries[active].type, type,
                        list->active_queries[active].type);
        type = list->active_queries[active].type;
    }
    if (!RT_DDI_REQUIRE(list, pfnEndQuery, "EndQuery"))
        return;
    if (active >= 0)
        list->active_queries[active] = list->active_queries[--list->active_query_count];
    RT_DDI_CALL(list, pfnEndQuery, heap->hdrv, type, index);
}

void STDMETHODCALLTYPE rt_command_list_ResolveQueryData(rt_cl *iface, ID3D12QueryHeap *heap_iface,
                                                        D3D12_QUERY_TYPE type, UINT start, UINT count,
                                                        ID3D12Resource *dst_iface, UINT64 dst_offset)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *dst = rt_command_list_resource(list, dst_iface);
    UINT64 size = rt_query_type_data_size(type);
    struct rt_query_heap *heap;
    struct rt_why why;

    RT_TRACE("iface %p, heap %p, type %#x, start %u, count %u, dst %p, dst_offset %#" PRIx64 ".", iface, heap_iface,
             type, start, count, dst_iface, dst_offset);

    if (!(heap = rt_query_call(list, "ResolveQueryData", RT_LIST_QUEUE | RT_NOT_IN_RENDER_PASS, type, heap_iface,
                               id, false)))
        return;
    if (start > heap->desc.Count || count > heap->desc.Count - start)
    {
        rt_query_fail(list, id, "ResolveQueryData: queries [%u, +%u) are outside the heap's %u", start, count,
                      heap->desc.Count);
        return;
    }
    if (dst_offset % 8)
    {
        rt_query_fail(list, id, "ResolveQueryData: the destination offset %#" PRIx64 " is not 8-byte aligned",
                      dst_offset);
        return;
    }
    if (!rt_validate_buffer_range(dst, dst_offset, count * size, "destination", id, &why))
    {
        rt_query_fail(list, id, "ResolveQueryData: %s", why.text);
        return;
    }
    if (rt_active_query_find(list, heap, start, count) >= 0)
    {
        rt_query_fail(list, D3D12_MESSAGE_ID_RESOLVE_QUERY_INVALID_QUERY_STATE, "ResolveQueryData: a query of "
                      "[%u, +%u) is still running", start, count);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnResolveQueryData, "ResolveQueryData"))
        return;
    RT_DDI_CALL(list, pfnResolveQueryData, heap->hdrv, type, start, count, dst->hdrv, dst_offset);
}

void STDMETHODCALLTYPE rt_command_list_SetPredication(rt_cl *iface, ID3D12Resource *buffer_iface, UINT64 offset,
                                                      D3D12_PREDICATION_OP op)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *buffer = rt_command_list_resource(list, buffer_iface);
    struct rt_why why;

    RT_TRACE("iface %p, buffer %p, offset %#" PRIx64 ", op %#x.", iface, buffer_iface, offset, op);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT | RT_LIST_COMPUTE, "SetPredication"))
        return;
    if (op != D3D12_PREDICATION_OP_EQUAL_ZERO && op != D3D12_PREDICATION_OP_NOT_EQUAL_ZERO)
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_PREDICATION_INVALID_PARAMETERS,
                                        "SetPredication: invalid operation %#x", op);
        return;
    }
    /* NULL turns predication off. */
    if (buffer_iface && (!rt_validate_buffer_range(buffer, offset, sizeof(UINT64), "predicate",
                                                    D3D12_MESSAGE_ID_SET_PREDICATION_INVALID_PARAMETERS, &why)
            || offset % 8))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_SET_PREDICATION_INVALID_PARAMETERS,
                                        "SetPredication: %s", offset % 8 ? "offset is not 8-byte aligned" : why.text);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnSetPredication, "SetPredication"))
        return;
    RT_DDI_CALL(list, pfnSetPredication, rt_resource_hdrv(buffer), offset, op);
    /* Recorded once forwarded, while the list is healthy (rt_cmdlist_ledger.h). */
    if (!rt_ledger_may_record(list))
        return;
    list->state.predication_buffer = buffer;
    list->state.predication_offset = offset;
    list->state.predication_op = op;
}

/* ---- Markers: PIX metadata to a plain string (required entries, rt_driver_contract.c). */

#define RT_MARKER_UNICODE 0   /* WINPIX_EVENT_UNICODE_VERSION: a WCHAR string */
#define RT_MARKER_ANSI 1      /* WINPIX_EVENT_ANSI_VERSION: a char string */

static void rt_marker_name(UINT metadata, const void *data, UINT size, char *name, size_t name_size)
{
    const WCHAR *wide = data;
    const char *narrow = data;
    size_t i, length = 0;

    if (!data || !size)
    {
        snprintf(name, name_size, "(unnamed)");
        return;
    }
    switch (metadata)
    {
        case RT_MARKER_UNICODE:
            /* Traces only need ASCII; anything else prints as '?'. */
            for (i = 0; i < size / sizeof(WCHAR) && wide[i] && length + 1 < name_size; ++i)
                name[length++] = (wide[i] >= 0x20 && wide[i] < 0x7f) ? (char)wide[i] : '?';
            name[length] = 0;
            break;
        case RT_MARKER_ANSI:
            for (i = 0; i < size && narrow[i] && length + 1 < name_size; ++i)
                name[length++] = narrow[i];
            name[length] = 0;
            break;
        default:
            snprintf(name, name_size, "(PIX event, %u bytes)", size);
            break;
    }
}

void STDMETHODCALLTYPE rt_command_list_SetMarker(rt_cl *iface, UINT metadata, const void *data, UINT size)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    char name[128];

    RT_TRACE("iface %p, metadata %#x, data %p, size %u.", iface, metadata, data, size);

    if (!rt_command_list_begin(list, RT_LIST_ANY, "SetMarker"))
        return;
    rt_marker_name(metadata, data, size, name, sizeof(name));
    RT_DDI_CALL(list, pfnSetMarker, name);
}

void STDMETHODCALLTYPE rt_command_list_BeginEvent(rt_cl *iface, UINT metadata, const void *data, UINT size)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    char name[128];

    RT_TRACE("iface %p, metadata %#x, data %p, size %u.", iface, metadata, data, size);

    if (!rt_command_list_begin(list, RT_LIST_ANY, "BeginEvent"))
        return;
    rt_marker_name(metadata, data, size, name, sizeof(name));
    RT_DDI_CALL(list, pfnBeginEvent, name);
}

void STDMETHODCALLTYPE rt_command_list_EndEvent(rt_cl *iface)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p.", iface);

    if (!rt_command_list_begin(list, RT_LIST_ANY, "EndEvent"))
        return;
    RT_DDI_CALL0(list, pfnEndEvent);
}
