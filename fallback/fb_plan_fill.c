/* The FillBuffers planner (fb_plan_fill.h). */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fb_plan_fill.h"
#include "ddi_encode.h"
#include "ddi_format.h"

UINT64 fb_fill_clamped_bytes(UINT64 width, UINT64 offset, UINT pattern_size, UINT repeat_count)
{
    UINT64 fit;

    if (offset >= width || !pattern_size)
        return 0;
    fit = (width - offset) / pattern_size;
    return (fit < repeat_count ? fit : repeat_count) * pattern_size;
}

const struct fb_fill_group *fb_fill_plan_group(const struct fb_fill_plan *plan, enum fb_fill_route route)
{
    UINT i;

    for (i = 0; i < plan->group_count; ++i)
    {
        if (plan->groups[i].route == route)
            return &plan->groups[i];
    }
    return NULL;
}

void fb_fill_plan_cleanup(struct fb_fill_plan *plan)
{
    free(plan->entries);
    free(plan->chunks);
    free(plan->groups[0].fills);
    free(plan->destinations);
    memset(plan, 0, sizeof(*plan));
}

static bool fb_fill_reject(struct fb_rejection *rejection, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fb_fill_reject(struct fb_rejection *rejection, const char *fmt, ...)
{
    char reason[160];
    va_list args;

    va_start(args, fmt);
    vsnprintf(reason, sizeof(reason), fmt, args);
    va_end(args);
    rejection->hr = E_FAIL;
    rejection->id = D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED;
    snprintf(rejection->why, sizeof(rejection->why), "%s: %s", fb_api_name(FB_API_FILL_BUFFERS), reason);
    return false;
}

/* The bytes a fill writes repeatedly: the raw pattern, or one element of its format
 * by the D3D conversion rules (the same encoder the native driver uses). */
static bool fb_fill_encode(UINT index, const D3D12DDI_FILL_BUFFER_DESC *desc, struct fb_fill_pattern *pattern,
                           struct fb_rejection *rejection)
{
    enum ddi_encode_result result;
    size_t written = 0;

    if (desc->Format == DXGI_FORMAT_UNKNOWN)
        result = ddi_encode_raw_pattern(&desc->FillValue, desc->RawPatternSizeInBytes, pattern->bytes,
                                        sizeof(pattern->bytes), &written);
    else
        result = ddi_encode_clear_value(desc->Format, &desc->FillValue, DDI_ENCODE_SOURCE_CLEAR_DATA, false,
                                        pattern->bytes, sizeof(pattern->bytes), &written);
    if (result != DDI_ENCODE_OK || !written)
        return fb_fill_reject(rejection, "desc %u: the value cannot be encoded in format %s", index,
                              ddi_format_name(desc->Format));
    pattern->size = (UINT)written;
    return true;
}

static bool fb_patterns_equal(const struct fb_fill_pattern *a, const struct fb_fill_pattern *b)
{
    return a->size == b->size && !memcmp(a->bytes, b->bytes, a->size);
}

/* Seed 000's compute conditions a fill misses. */
static unsigned int fb_fill_missing(const struct fb_fill_request *request, UINT index, UINT64 bytes)
{
    const D3D12DDI_FILL_BUFFER_DESC *desc = &request->descs[index];
    const struct fb_fill_buffer *buffer = &request->buffers[index];
    unsigned int missing = 0;

    if (request->list_type != D3D12_COMMAND_LIST_TYPE_DIRECT && request->list_type != D3D12_COMMAND_LIST_TYPE_COMPUTE)
        missing |= FB_FILL_NEEDS_COMPUTE_LIST;
    if ((desc->Offset | bytes) & 3)
        missing |= FB_FILL_NEEDS_DWORD_ALIGNMENT;
    if (!fb_scope_find(request->scopes, desc->hBuffer))
        missing |= FB_FILL_NEEDS_TRACKED_SCOPE;
    if (!request->compute_state_restorable)
        missing |= FB_FILL_NEEDS_RESTORABLE_STATE;
    if (buffer->heap_type == D3D12_HEAP_TYPE_UPLOAD || buffer->heap_type == D3D12_HEAP_TYPE_READBACK)
        missing |= FB_FILL_NEEDS_GPU_HEAP;
    if (!buffer->allow_uav)
        missing |= FB_FILL_NEEDS_UAV;
    if (request->caps->feature_level < D3D_FEATURE_LEVEL_11_0)
        missing |= FB_FILL_NEEDS_FEATURE_LEVEL;
    if (!request->caps->shader_support)
        missing |= FB_FILL_NEEDS_SHADERS;
    return missing;
}

/* Chunks and staging for the upload group, in call order. */
static void fb_plan_upload_group(const struct fb_fill_request *request, struct fb_fill_plan *plan,
                                 const struct fb_fill_group *group)
{
    const struct fb_fill_recording *recording = request->recording;
    const struct fb_fill_pattern *last_pattern = NULL, *staged_pattern = NULL;
    UINT64 last_size = 0, capacity, need;
    UINT i, last_chunk = UINT_MAX;
    struct fb_fill_chunk *chunk;
    struct fb_fill_entry *e;

    if (recording && recording->has_last_chunk)
    {
        last_pattern = &recording->last_pattern;
        last_size = recording->last_chunk.size;
    }
    for (i = 0; i < group->count; ++i)
    {
        e = &plan->entries[group->fills[i]];
        capacity = fb_fill_chunk_capacity(e->pattern.size);
        e->staged = request->caps->discrete && !request->buffers[group->fills[i]].is_protected
                && e->bytes > capacity;
        need = e->bytes < capacity ? e->bytes : capacity;

        /* The same pattern as the last chunk, which covers what this fill needs. */
        if (last_pattern && fb_patterns_equal(last_pattern, &e->pattern) && last_size >= need)
        {
            if (last_chunk == UINT_MAX)
            {
                last_chunk = plan->chunk_count++;
                chunk = &plan->chunks[last_chunk];
                chunk->pattern = e->pattern;
                chunk->size = last_size;
                chunk->reuse_last = true;
            }
        }
        else
        {
            last_chunk = plan->chunk_count++;
            chunk = &plan->chunks[last_chunk];
            chunk->pattern = e->pattern;
            chunk->size = need;
            last_pattern = &chunk->pattern;
            last_size = need;
        }
        e->chunk = last_chunk;

        if (e->staged)
        {
            /* Staging is refreshed at the first staged fill of a call, so a copy that
             * predication skipped in an earlier call is never relied on. */
            e->refresh_staging = !staged_pattern || !fb_patterns_equal(staged_pattern, &e->pattern);
            staged_pattern = &e->pattern;
            e->copy_size = capacity;
            if (!recording || !recording->has_staging)
                plan->needs_staging = true;
        }
        else
        {
            e->copy_size = plan->chunks[e->chunk].size;
        }
        e->copy_count = (e->bytes + e->copy_size - 1) / e->copy_size;
    }
}

/* The compute group's destinations, each once, with the scope it is in. */
static HRESULT fb_plan_compute_group(const struct fb_fill_request *request, struct fb_fill_plan *plan,
                                     const struct fb_fill_group *group)
{
    struct fb_fill_destination *destination;
    const D3D12DDI_FILL_BUFFER_DESC *desc;
    struct fb_pointer_table seen;
    bool inserted;
    UINT i;

    fb_pointer_table_init(&seen, 0);
    for (i = 0; i < group->count; ++i)
    {
        desc = &request->descs[group->fills[i]];
        if (!fb_pointer_table_insert(&seen, desc->hBuffer.pDrvPrivate, &inserted))
        {
            fb_pointer_table_cleanup(&seen);
            return E_OUTOFMEMORY;
        }
        if (!inserted)
            continue;
        destination = &plan->destinations[plan->destination_count++];
        destination->buffer = desc->hBuffer;
        /* Compute fills have a tracked scope (FB_FILL_NEEDS_TRACKED_SCOPE). */
        destination->before = *fb_scope_find(request->scopes, desc->hBuffer);
    }
    fb_pointer_table_cleanup(&seen);
    return S_OK;
}

HRESULT fb_plan_fills(const struct fb_fill_request *request, struct fb_fill_plan *plan,
                      struct fb_rejection *rejection)
{
    const D3D12DDI_FILL_BUFFER_DESC *desc;
    UINT i, upload = 0, compute = 0;
    struct fb_fill_entry *e;
    UINT *fills;
    HRESULT hr;

    memset(plan, 0, sizeof(*plan));
    if (!request->count)
        return S_OK;
    plan->count = request->count;
    if (!(plan->entries = calloc(request->count, sizeof(*plan->entries)))
            || !(plan->chunks = calloc(request->count, sizeof(*plan->chunks)))
            || !(fills = calloc(request->count, sizeof(*fills))))
    {
        fb_fill_plan_cleanup(plan);
        return E_OUTOFMEMORY;
    }
    plan->groups[0].fills = fills;

    for (i = 0; i < request->count; ++i)
    {
        desc = &request->descs[i];
        e = &plan->entries[i];
        if (!fb_fill_encode(i, desc, &e->pattern, rejection))
        {
            fb_fill_plan_cleanup(plan);
            return E_FAIL;
        }
        if (!(e->bytes = fb_fill_clamped_bytes(request->buffers[i].width, desc->Offset, e->pattern.size,
                                               desc->RepeatCount)))
            continue;
        e->missing = fb_fill_missing(request, i, e->bytes);
        e->route = e->missing ? FB_FILL_ROUTE_UPLOAD : FB_FILL_ROUTE_COMPUTE;
        if (e->route == FB_FILL_ROUTE_UPLOAD)
        {
            ++upload;
        }
        else
        {
            e->gpu_va = request->buffers[i].gpu_va;
            ++compute;
        }
    }

    /* One index array: the upload group's indices, then the compute group's. */
    if (upload)
    {
        plan->groups[plan->group_count].route = FB_FILL_ROUTE_UPLOAD;
        plan->groups[plan->group_count++].fills = fills;
    }
    if (compute)
    {
        plan->groups[plan->group_count].route = FB_FILL_ROUTE_COMPUTE;
        plan->groups[plan->group_count++].fills = fills + upload;
    }
    for (i = 0; i < request->count; ++i)
    {
        if (plan->entries[i].route == FB_FILL_ROUTE_UPLOAD)
            fills[plan->groups[0].count++] = i;
        else if (plan->entries[i].route == FB_FILL_ROUTE_COMPUTE)
            fills[upload + plan->groups[plan->group_count - 1].count++] = i;
    }

    if (upload)
        fb_plan_upload_group(request, plan, &plan->groups[0]);
    if (compute)
    {
        if (!(plan->destinations = calloc(compute, sizeof(*plan->destinations))))
        {
            fb_fill_plan_cleanup(plan);
            return E_OUTOFMEMORY;
        }
        if (FAILED(hr = fb_plan_compute_group(request, plan, &plan->groups[plan->group_count - 1])))
        {
            fb_fill_plan_cleanup(plan);
            return hr;
        }
    }
    return S_OK;
}
