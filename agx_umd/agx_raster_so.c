/*
 * Stream output (the D3D11.3 functional specification, "Stream Output Stage", which
 * D3D12 keeps): the geometry shader's primitives of each stream with declaration
 * entries are appended to the stream's bound buffers, vertex after vertex, each
 * vertex its buffer's stride apart, the entries of a buffer in declaration order
 * (gaps skip their components, bytes past the entries are left as they were). A
 * primitive that does not fit every bound buffer of its stream is written to none
 * (PrimitivesStorageNeeded still counts it, NumPrimitivesWritten does not). Buffers
 * of size 0 are unbound: what would go to them is dropped and overflows nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_mem.h"
#include "agx_raster.h"

struct agx_raster_so
{
    const struct agx_stream_output *desc;
    D3D12_STREAM_OUTPUT_BUFFER_VIEW views[D3D12_SO_BUFFER_SLOT_COUNT];
    uint32_t filled[D3D12_SO_BUFFER_SLOT_COUNT];
    uint32_t stream_slots[D3D12_SO_STREAM_COUNT];   /* bit b: the stream writes buffer b */
};

bool agx_raster_so_begin(struct agx_raster_draw *draw, const struct agx_raster_exec *raster)
{
    const struct agx_stream_output *desc = &draw->pipeline->so;
    struct agx_raster_so *so;
    uint32_t i;

    if (!(so = calloc(1, sizeof(*so))))
        return false;
    so->desc = desc;
    memcpy(so->views, raster->so_targets, sizeof(so->views));
    for (i = 0; i < desc->entry_count; ++i)
        so->stream_slots[desc->entries[i].stream] |= 1u << desc->entries[i].slot;
    for (i = 0; i < D3D12_SO_BUFFER_SLOT_COUNT; ++i)
    {
        if (so->views[i].SizeInBytes && so->views[i].BufferFilledSizeLocation)
            agx_mem_read(draw->exec->backend, so->views[i].BufferFilledSizeLocation, &so->filled[i],
                         sizeof(so->filled[i]));
        else
            so->views[i].SizeInBytes = 0;
    }
    draw->so = so;
    return true;
}

bool agx_raster_so_has_stream(const struct agx_raster_draw *draw, uint32_t stream)
{
    return draw->so && draw->so->stream_slots[stream];
}

static void agx_raster_so_vertex(struct agx_raster_draw *draw, struct agx_raster_so *so, struct agx_shader_exec *gs,
                                 uint32_t lane, uint32_t stream, uint32_t vertex)
{
    const struct agx_stream_output *desc = so->desc;
    uint32_t b, i, c, offset, value;
    const struct agx_so_entry *e;

    for (b = 0; b < D3D12_SO_BUFFER_SLOT_COUNT; ++b)
    {
        if (!(so->stream_slots[stream] & (1u << b)) || !so->views[b].SizeInBytes)
            continue;
        offset = so->filled[b];
        for (i = 0; i < desc->entry_count; ++i)
        {
            e = &desc->entries[i];
            if (e->slot != b || e->stream != stream)
                continue;
            for (c = 0; c < e->count; ++c, offset += 4)
            {
                if (e->reg == AGX_SO_GAP)
                    continue;
                value = agx_shader_exec_gs_output(gs, lane, vertex, e->reg, e->component + c);
                agx_mem_write(draw->exec->backend, so->views[b].BufferLocation + offset, &value, sizeof(value));
            }
        }
        so->filled[b] += desc->strides[b];
    }
}

void agx_raster_so_primitive(struct agx_raster_draw *draw, struct agx_shader_exec *gs, uint32_t lane,
                             uint32_t stream, const uint32_t *vertices, uint32_t n)
{
    struct agx_raster_so *so = draw->so;
    D3D12_QUERY_DATA_SO_STATISTICS *stats = &draw->exec->counters.so[stream];
    uint32_t b, v;

    ++stats->PrimitivesStorageNeeded;
    for (b = 0; b < D3D12_SO_BUFFER_SLOT_COUNT; ++b)
    {
        if ((so->stream_slots[stream] & (1u << b)) && so->views[b].SizeInBytes
                && (uint64_t)so->filled[b] + (uint64_t)n * so->desc->strides[b] > so->views[b].SizeInBytes)
            return;
    }
    for (v = 0; v < n; ++v)
        agx_raster_so_vertex(draw, so, gs, lane, stream, vertices[v]);
    ++stats->NumPrimitivesWritten;
}

void agx_raster_so_end(struct agx_raster_draw *draw)
{
    struct agx_raster_so *so = draw->so;
    uint32_t i;

    if (!so)
        return;
    for (i = 0; i < D3D12_SO_BUFFER_SLOT_COUNT; ++i)
    {
        if (so->views[i].SizeInBytes)
            agx_mem_write(draw->exec->backend, so->views[i].BufferFilledSizeLocation, &so->filled[i],
                          sizeof(so->filled[i]));
    }
    free(so);
    draw->so = NULL;
}
