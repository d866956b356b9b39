/*
 * Queries, predication and debug markers.
 *
 * Query heaps are created by a later part of the runtime (rt_device_unimpl.c): this
 * device hands none out yet, so a query method checks what it can (list type, query
 * type, destination buffer) and then finds the heap foreign: E_INVALIDARG.
 */
#include <inttypes.h>
#include <stdio.h>

#include "rt_cmdlist_vtbl.h"

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

static bool rt_begin_query_call(struct rt_command_list *list, const char *method, unsigned int allowed,
                                D3D12_QUERY_TYPE type)
{
    if (!rt_command_list_begin(list, allowed, method))
        return false;
    if (!(rt_query_lists(type) & (1u << list->type)))
    {
        rt_command_list_removef(list, E_INVALIDARG, "%s: query type %#x is not available on a %s list", method, type,
                                rt_command_list_type_name(list->type));
        return false;
    }
    return true;
}

void STDMETHODCALLTYPE rt_command_list_BeginQuery(rt_cl *iface, ID3D12QueryHeap *heap, D3D12_QUERY_TYPE type,
                                                  UINT index)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, heap %p, type %#x, index %u.", iface, heap, type, index);

    if (!rt_begin_query_call(list, "BeginQuery", RT_LIST_QUEUE, type))
        return;
    /* Timestamps have no begin. */
    if (type == D3D12_QUERY_TYPE_TIMESTAMP)
    {
        rt_command_list_remove(list, E_INVALIDARG, "BeginQuery: timestamp queries have no begin");
        return;
    }
    rt_command_list_removef(list, E_INVALIDARG, "BeginQuery: query heap %p is not one of this device", heap);
}

void STDMETHODCALLTYPE rt_command_list_EndQuery(rt_cl *iface, ID3D12QueryHeap *heap, D3D12_QUERY_TYPE type, UINT index)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, heap %p, type %#x, index %u.", iface, heap, type, index);

    if (rt_begin_query_call(list, "EndQuery", RT_LIST_QUEUE, type))
        rt_command_list_removef(list, E_INVALIDARG, "EndQuery: query heap %p is not one of this device", heap);
}

void STDMETHODCALLTYPE rt_command_list_ResolveQueryData(rt_cl *iface, ID3D12QueryHeap *heap, D3D12_QUERY_TYPE type,
                                                        UINT start, UINT count, ID3D12Resource *dst_iface,
                                                        UINT64 dst_offset)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *dst = rt_command_list_resource(dst_iface);

    RT_TRACE("iface %p, heap %p, type %#x, start %u, count %u, dst %p, dst_offset %#" PRIx64 ".", iface, heap, type,
             start, count, dst_iface, dst_offset);

    if (!rt_begin_query_call(list, "ResolveQueryData", RT_LIST_QUEUE | RT_NOT_IN_RENDER_PASS, type))
        return;
    if (!dst || !rt_resource_is_buffer(dst) || dst_offset % 8)
    {
        rt_command_list_remove(list, E_INVALIDARG, "ResolveQueryData: needs a buffer and an 8-byte aligned offset");
        return;
    }
    rt_command_list_removef(list, E_INVALIDARG, "ResolveQueryData: query heap %p is not one of this device", heap);
}

void STDMETHODCALLTYPE rt_command_list_SetPredication(rt_cl *iface, ID3D12Resource *buffer_iface, UINT64 offset,
                                                      D3D12_PREDICATION_OP op)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *buffer = rt_command_list_resource(buffer_iface);
    char why[192];

    RT_TRACE("iface %p, buffer %p, offset %#" PRIx64 ", op %#x.", iface, buffer_iface, offset, op);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT | RT_LIST_COMPUTE, "SetPredication"))
        return;
    if (op != D3D12_PREDICATION_OP_EQUAL_ZERO && op != D3D12_PREDICATION_OP_NOT_EQUAL_ZERO)
    {
        rt_command_list_removef(list, E_INVALIDARG, "SetPredication: invalid operation %#x", op);
        return;
    }
    /* NULL turns predication off. */
    if (buffer_iface && (!rt_validate_buffer_range(buffer, offset, sizeof(UINT64), "predicate", why, sizeof(why))
            || offset % 8))
    {
        rt_command_list_removef(list, E_INVALIDARG, "SetPredication: %s", offset % 8 ? "offset is not 8-byte aligned"
                                : why);
        return;
    }
    if (!RT_DDI_REQUIRE(list, pfnSetPredication, "SetPredication"))
        return;
    list->state.predication_buffer = buffer;
    list->state.predication_offset = offset;
    list->state.predication_op = op;
    RT_DDI_CALL(list, pfnSetPredication, rt_resource_hdrv(buffer), offset, op);
}

/* ---- Markers: PIX metadata to a plain string; optional in the driver. ------------------- */

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

    if (!rt_command_list_begin(list, RT_LIST_ANY, "SetMarker") || !list->device->ddi_cmdlist.pfnSetMarker)
        return;
    rt_marker_name(metadata, data, size, name, sizeof(name));
    RT_DDI_CALL(list, pfnSetMarker, name);
}

void STDMETHODCALLTYPE rt_command_list_BeginEvent(rt_cl *iface, UINT metadata, const void *data, UINT size)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    char name[128];

    RT_TRACE("iface %p, metadata %#x, data %p, size %u.", iface, metadata, data, size);

    if (!rt_command_list_begin(list, RT_LIST_ANY, "BeginEvent") || !list->device->ddi_cmdlist.pfnBeginEvent)
        return;
    rt_marker_name(metadata, data, size, name, sizeof(name));
    RT_DDI_CALL(list, pfnBeginEvent, name);
}

void STDMETHODCALLTYPE rt_command_list_EndEvent(rt_cl *iface)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p.", iface);

    if (!rt_command_list_begin(list, RT_LIST_ANY, "EndEvent") || !list->device->ddi_cmdlist.pfnEndEvent)
        return;
    RT_DDI_CALL0(list, pfnEndEvent);
}
