/*
 * FillBuffers (rt_cmdlist_async.h has the steps every Async method runs). The fallback
 * plans every fill (fallback/fb_plan_fill.h), takes the memory the plan needs from the
 * allocator's services, then records the upload route's copies (fallback/fb_fill.h)
 * and the compute route's dispatches of the runtime's fill shader
 * (rt_fill_pipeline.h), after which the application's compute state goes back.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_cmdlist_async.h"
#include "rt_cmdlist_ledger.h"
#include "rt_fallback_services.h"
#include "rt_fill_pipeline.h"
#include "ddi_format.h"
#include "fb_fill.h"

/* ---- FillBuffers ------------------------------------------------------------------------- */

/* The pattern's size in bytes, or 0 (the list removed) when the desc is invalid. Only an
 * Offset past the end is out of range: repetitions that do not fit are omitted. */
static UINT rt_check_fill(struct rt_command_list *list, UINT i, const D3D12_FILL_BUFFER_DESC *desc)
{
    const enum fb_api api = FB_API_FILL_BUFFERS;
    const D3D12_MESSAGE_ID bad_desc = D3D12_MESSAGE_ID_FILL_BUFFERS_INVALID_FILL_BUFFER_DESC;
    const struct rt_resource *buffer = rt_command_list_resource(list, desc->pBuffer);
    const struct ddi_format_info *info;
    UINT size;

    if (!buffer || !rt_resource_is_buffer(buffer))
    {
        rt_async_invalid(list, api, bad_desc, "desc %u: the buffer is NULL, not a resource of this device or a "
                         "texture", i);
        return 0;
    }
    if (desc->Format == DXGI_FORMAT_UNKNOWN)
    {
        size = desc->RawPatternSizeInBytes;
        if (size != 1 && size != 2 && size != 4 && size != 8 && size != 12 && size != 16)
        {
            rt_async_invalid(list, api, bad_desc, "desc %u: raw pattern size %u is not 1, 2, 4, 8, 12 or 16", i,
                             size);
            return 0;
        }
    }
    else
    {
        /* One element per pixel, of a format a buffer can hold. */
        info = ddi_format_get(desc->Format);
        if (!info || info->is_typeless || info->is_compressed || info->block_width != 1 || info->block_height != 1
                || info->is_planar || info->is_opaque
                || !rt_device_format_supports(list->device, desc->Format, D3D12_FORMAT_SUPPORT1_BUFFER))
        {
            rt_async_invalid(list, api, D3D12_MESSAGE_ID_FILLBUFFERS_UNRECOGNIZED_FORMAT,
                             "desc %u: format %s cannot fill a buffer", i, ddi_format_name(desc->Format));
            return 0;
        }
        if (desc->RawPatternSizeInBytes)
        {
            rt_async_invalid(list, api, bad_desc, "desc %u: RawPatternSizeInBytes must be 0 with a format", i);
            return 0;
        }
        size = info->bytes_per_block;
    }
    /* Reserved buffers take the element sizes of tiled views: no 12-byte patterns. */
    if (buffer->kind == RT_RESOURCE_RESERVED && size == 12)
    {
        rt_async_invalid(list, api, bad_desc, "desc %u: 12-byte patterns cannot fill a reserved buffer", i);
        return 0;
    }
    if (desc->Offset % (size >= 4 ? 4 : size))
    {
        rt_async_invalid(list, api, bad_desc, "desc %u: Offset %#" PRIx64 " is not aligned for %u-byte patterns", i,
                         desc->Offset, size);
        return 0;
    }
    if (desc->Offset > buffer->desc.Width)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_FILLBUFFERS_INVALID_FILL_RANGE, "desc %u: Offset %#" PRIx64
                         " is past the end of the %#" PRIx64 "-byte buffer", i, desc->Offset, buffer->desc.Width);
        return 0;
    }
    return size;
}

/* The bytes a valid fill writes: whole patterns only. */
static UINT64 rt_fill_bytes(struct rt_command_list *list, const D3D12_FILL_BUFFER_DESC *desc, UINT size)
{
    UINT64 fit = (rt_command_list_resource(list, desc->pBuffer)->desc.Width - desc->Offset) / size;

    return (fit < desc->RepeatCount ? fit : desc->RepeatCount) * size;
}

/* The compute group: the runtime's shader writes it, then the app's state goes back and
 * the destinations' new scope (COPY / COPY_DEST) is tracked. */
static void rt_fill_record_compute(struct rt_command_list *list, const struct fb_fill_plan *plan,
                                   const D3D12DDI_FILL_BUFFER_DESC *ddi_descs, const struct fb_fill_shader *shader)
{
    D3D12DDIARG_BARRIER_0124 *barriers;
    struct fb_list fb_list;

    if (!(barriers = calloc(plan->destination_count, sizeof(*barriers))))
    {
        rt_async_out_of_memory(list, FB_API_FILL_BUFFERS);
        return;
    }
    rt_async_fb_list(list, &fb_list);
    rt_device_ddi_lock(list->device);
    fb_fill_record_compute(&fb_list, plan, ddi_descs, shader, barriers);
    rt_ledger_restore_compute(list);
    rt_device_ddi_unlock(list->device);
    rt_fallback_track_barriers(list, plan->destination_count, barriers);
    free(barriers);
}

/* What the planner needs of each destination; NULL when memory ran out. */
static struct fb_fill_buffer *rt_fill_buffers_describe(struct rt_command_list *list,
                                                       UINT count, const D3D12_FILL_BUFFER_DESC *descs)
{
    struct fb_fill_buffer *buffers;
    const struct rt_resource *r;
    UINT i;

    if (!(buffers = calloc(count, sizeof(*buffers))))
        return NULL;
    for (i = 0; i < count; ++i)
    {
        r = rt_command_list_resource(list, descs[i].pBuffer);
        buffers[i].width = r->desc.Width;
        buffers[i].heap_type = r->heap_properties.Type;
        buffers[i].allow_uav = !!(r->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
        buffers[i].is_protected = !!(r->heap_flags & D3D12_HEAP_FLAG_HARDWARE_PROTECTED);
        buffers[i].gpu_va = r->gpu_address;
    }
    return buffers;
}

/* FALLBACK: the whole batch is planned, then what the plan needs is taken from the
 * allocator, and only then is anything recorded. */
static void rt_fill_buffers_fallback(struct rt_command_list *list, UINT count, const D3D12_FILL_BUFFER_DESC *descs,
                                     const D3D12DDI_FILL_BUFFER_DESC *ddi_descs)
{
    const enum fb_api api = FB_API_FILL_BUFFERS;
    struct rt_device *device = list->device;
    struct fb_rejection rejection;
    const struct fb_fill_shader *shader;
    struct rt_fallback_list *state;
    struct fb_fill_request request;
    struct fb_services services;
    struct fb_fill_caps caps;
    struct fb_fill_plan plan;
    HRESULT hr;

    if (!(state = rt_fallback_list_get(list)))
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    caps.feature_level = device->feature_level;
    shader = list->type == D3D12_COMMAND_LIST_TYPE_DIRECT || list->type == D3D12_COMMAND_LIST_TYPE_COMPUTE
            ? rt_device_fill_pipeline(device) : NULL;
    caps.shader_support = !!shader;
    caps.discrete = !device->architecture.UMA;
    memset(&request, 0, sizeof(request));
    request.caps = &caps;
    request.list_type = list->type;
    request.compute_state_restorable = rt_ledger_compute_restorable(list, NULL);
    request.scopes = &state->scopes;
    request.recording = &state->fill;
    request.count = count;
    request.descs = ddi_descs;
    if (!(request.buffers = rt_fill_buffers_describe(list, count, descs)))
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    hr = fb_plan_fills(&request, &plan, &rejection);
    free((void *)request.buffers);
    if (hr == E_OUTOFMEMORY)
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    if (FAILED(hr))
    {
        rt_command_list_remove_message(list, rejection.hr, rejection.id, rejection.why);
        return;
    }
    rt_fallback_services(list, &services);
    if (FAILED(hr = fb_fill_acquire(&services, &state->fill, &plan)))
    {
        rt_async_out_of_memory(list, api);
        fb_fill_plan_cleanup(&plan);
        return;
    }
    RT_ASYNC_EMIT(list, fb_fill_record, &state->fill, &plan, ddi_descs);
    if (fb_fill_plan_group(&plan, FB_FILL_ROUTE_COMPUTE))
        rt_fill_record_compute(list, &plan, ddi_descs, shader);
    fb_fill_plan_cleanup(&plan);
}

void STDMETHODCALLTYPE rt_command_list_FillBuffers(rt_cl *iface, UINT count, const D3D12_FILL_BUFFER_DESC *descs)
{
    const enum fb_api api = FB_API_FILL_BUFFERS;
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    D3D12DDI_FILL_BUFFER_DESC *ddi_descs;
    enum rt_async_route route;
    UINT64 *bytes = NULL;
    UINT i, j, size;

    RT_TRACE("iface %p, count %u, descs %p.", iface, count, descs);

    if (!rt_async_begin(list, RT_ASYNC_FILL_LISTS, api) || !count)
        return;
    if (!descs)
    {
        rt_async_invalid(list, api, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2, "NULL array for %u descs", count);
        return;
    }
    /* The debug layer compares the written ranges; a report only, so no memory means none. */
    if (rt_async_debug_checks(list) && count > 1)
        bytes = calloc(count, sizeof(*bytes));
    for (i = 0; i < count; ++i)
    {
        if (!(size = rt_check_fill(list, i, &descs[i])))
        {
            free(bytes);
            return;
        }
        if (bytes)
            bytes[i] = rt_fill_bytes(list, &descs[i], size);
    }
    for (i = 0; bytes && i < count; ++i)
    {
        for (j = i + 1; j < count; ++j)
        {
            if (descs[i].pBuffer == descs[j].pBuffer
                    && rt_ranges_overlap(descs[i].Offset, bytes[i], descs[j].Offset, bytes[j]))
            {
                rt_async_report(list, api, D3D12_MESSAGE_SEVERITY_WARNING,
                                D3D12_MESSAGE_ID_FILLBUFFERS_INVALID_FILL_RANGE,
                                "descs %u and %u fill overlapping bytes; the result is undefined", i, j);
                i = count;
                break;
            }
        }
    }
    free(bytes);
    if ((route = RT_ASYNC_ROUTE(list, pfnFillBuffers, api)) == RT_ASYNC_ROUTE_NONE)
        return;
    if (!(ddi_descs = calloc(count, sizeof(*ddi_descs))))
    {
        rt_async_out_of_memory(list, api);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        ddi_descs[i].hBuffer = rt_command_list_resource(list, descs[i].pBuffer)->hdrv;
        ddi_descs[i].Offset = descs[i].Offset;
        memcpy(&ddi_descs[i].FillValue, &descs[i].FillValue, sizeof(ddi_descs[i].FillValue));
        ddi_descs[i].Format = descs[i].Format;
        ddi_descs[i].RawPatternSizeInBytes = descs[i].RawPatternSizeInBytes;
        ddi_descs[i].RepeatCount = descs[i].RepeatCount;
    }
    if (route == RT_ASYNC_ROUTE_NATIVE)
        RT_ASYNC_CALL(list, pfnFillBuffers, count, ddi_descs);
    else
        rt_fill_buffers_fallback(list, count, descs, ddi_descs);
    free(ddi_descs);
}
