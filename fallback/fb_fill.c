/* The FillBuffers upload-route emitter (fb_fill.h). */
#include <string.h>

#include "fb_fill.h"
#include "fb_span.h"

/* Chunks start 16-byte aligned in the upload memory: any pattern's alignment. */
#define FB_FILL_CHUNK_ALIGNMENT 16u

HRESULT fb_fill_acquire(const struct fb_services *services, struct fb_fill_recording *recording,
                        struct fb_fill_plan *plan)
{
    struct fb_fill_chunk *chunk;
    HRESULT hr;
    UINT i;

    if (plan->needs_staging && !recording->has_staging)
    {
        if (FAILED(hr = services->staging(services->context, FB_FILL_CHUNK_MAX, &recording->staging)))
            return hr;
        recording->has_staging = true;
        recording->staging_read = false;
    }
    for (i = 0; i < plan->chunk_count; ++i)
    {
        chunk = &plan->chunks[i];
        if (chunk->reuse_last)
        {
            chunk->span = recording->last_chunk;
            continue;
        }
        if (FAILED(hr = services->upload(services->context, chunk->size, FB_FILL_CHUNK_ALIGNMENT, &chunk->span)))
            return hr;
        /* The pattern once, then repeated over the chunk (a multiple of its size). */
        memcpy(chunk->span.cpu, chunk->pattern.bytes, chunk->pattern.size);
        fb_span_repeat(chunk->span.cpu, chunk->pattern.size, chunk->size);
    }
    return S_OK;
}

/* The chunk into the staging block, ordered after the copies that read its last
 * contents and before the ones that will read the new. */
static void fb_fill_refresh_staging(const struct fb_list *list, struct fb_fill_recording *recording,
                                    const struct fb_buffer_span *chunk)
{
    const struct fb_buffer_span *staging = &recording->staging;

    if (recording->staging_read)
        fb_span_staging_barrier(list, staging, D3D12_BARRIER_ACCESS_COPY_SOURCE, D3D12_BARRIER_ACCESS_COPY_DEST);
    list->ddi->pfnCopyBufferRegion(list->hdrv, staging->buffer, staging->offset, chunk->buffer, chunk->offset,
                                   chunk->size);
    fb_span_staging_barrier(list, staging, D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_ACCESS_COPY_SOURCE);
}

void fb_fill_record(const struct fb_list *list, struct fb_fill_recording *recording, const struct fb_fill_plan *plan,
                    const D3D12DDI_FILL_BUFFER_DESC *descs)
{
    const struct fb_fill_group *group = fb_fill_plan_group(plan, FB_FILL_ROUTE_UPLOAD);
    const struct fb_fill_entry *e;
    const struct fb_fill_chunk *chunk = NULL;
    const struct fb_buffer_span *source;
    UINT64 done, size;
    UINT i;

    for (i = 0; group && i < group->count; ++i)
    {
        e = &plan->entries[group->fills[i]];
        chunk = &plan->chunks[e->chunk];
        source = &chunk->span;
        if (e->staged)
        {
            if (e->refresh_staging)
                fb_fill_refresh_staging(list, recording, source);
            recording->staging_read = true;
            source = &recording->staging;
        }
        for (done = 0; done < e->bytes; done += size)
        {
            size = e->bytes - done < e->copy_size ? e->bytes - done : e->copy_size;
            list->ddi->pfnCopyBufferRegion(list->hdrv, descs[group->fills[i]].hBuffer,
                                           descs[group->fills[i]].Offset + done, source->buffer, source->offset,
                                           size);
        }
    }
    /* The next fill of the recording with this pattern reuses the chunk. */
    if (chunk)
    {
        recording->has_last_chunk = true;
        recording->last_pattern = chunk->pattern;
        recording->last_chunk = chunk->span;
        recording->last_chunk.size = chunk->size;
    }
}
