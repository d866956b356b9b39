/* The ClearTextureSubresources pattern-copy emitter (fb_clear.h). */
#include <stdlib.h>
#include <string.h>

#include "fb_clear.h"
#include "ddi_encode.h"
#include "ddi_format.h"
#include "ddi_layout.h"

/* Tiles stay small: a few rows of the region, more rows when they are narrow. */
#define FB_CLEAR_TILE_BYTES (64u * 1024u)

void fb_clear_batch_init(struct fb_clear_batch *batch)
{
    memset(batch, 0, sizeof(*batch));
}

void fb_clear_batch_cleanup(struct fb_clear_batch *batch)
{
    free(batch->copies);
    free(batch->tiles);
    fb_clear_batch_init(batch);
}

void fb_clear_recording_reset(struct fb_clear_recording *recording)
{
    free(recording->textures);
    memset(recording, 0, sizeof(*recording));
}

static UINT64 fb_clear_align(UINT64 value, UINT64 alignment)
{
    return (value + alignment - 1) & ~(alignment - 1);
}

static UINT fb_clear_div_up(UINT value, UINT divisor)
{
    return (value + divisor - 1) / divisor;
}

static struct fb_clear_copy *fb_clear_add(struct fb_clear_batch *batch)
{
    struct fb_clear_copy *copies;
    UINT capacity;

    if (batch->count == batch->capacity)
    {
        capacity = batch->capacity ? batch->capacity * 2 : 16;
        if (!(copies = realloc(batch->copies, capacity * sizeof(*copies))))
            return NULL;
        batch->copies = copies;
        batch->capacity = capacity;
    }
    return &batch->copies[batch->count++];
}

/* The element of one plane: the planar clear format's plane, or the format's own
 * element (plane-view formats name their plane). */
static HRESULT fb_clear_encode(DXGI_FORMAT format, UINT plane, const D3D12DDI_CLEAR_DATA *value,
                               unsigned char *out, size_t *size)
{
    enum ddi_encode_result result;

    if (ddi_format_plane_count(format) > 1)
        result = ddi_encode_clear_plane(format, plane, value, DDI_ENCODE_SOURCE_CLEAR_DATA, false, out,
                                        DDI_ENCODE_MAX_BYTES, size);
    else
        result = ddi_encode_clear_value(format, value, DDI_ENCODE_SOURCE_CLEAR_DATA, false, out,
                                        DDI_ENCODE_MAX_BYTES, size);
    return result == DDI_ENCODE_OK ? S_OK : E_INVALIDARG;
}

/* The tile of the key from the allocator's cache, written here when it is new, and its
 * index among the call's tiles. */
static HRESULT fb_clear_take_tile(const struct fb_services *services, struct fb_clear_batch *batch,
                                  const struct fb_tile_key *key, UINT rows, UINT *index)
{
    UINT64 size = (UINT64)key->footprint.RowPitch * rows, i;
    struct fb_clear_tile *tiles;
    struct fb_buffer_span span;
    unsigned char *row;
    UINT r, capacity;
    bool cached;
    HRESULT hr;

    if (FAILED(hr = services->tile(services->context, key, size, &span, &cached)))
        return hr;
    if (!cached)
    {
        row = span.cpu;
        for (i = 0; i < key->footprint.RowPitch; i += key->element_size)
            memcpy(row + i, key->element, key->element_size);
        for (r = 1; r < rows; ++r)
            memcpy(row + (UINT64)r * key->footprint.RowPitch, row, key->footprint.RowPitch);
    }
    for (*index = 0; *index < batch->tile_count; ++*index)
    {
        if (batch->tiles[*index].span.buffer.pDrvPrivate == span.buffer.pDrvPrivate
                && batch->tiles[*index].span.offset == span.offset)
            return S_OK;
    }
    if (batch->tile_count == batch->tile_capacity)
    {
        capacity = batch->tile_capacity ? batch->tile_capacity * 2 : 4;
        if (!(tiles = realloc(batch->tiles, capacity * sizeof(*tiles))))
            return E_OUTOFMEMORY;
        batch->tiles = tiles;
        batch->tile_capacity = capacity;
    }
    memset(&batch->tiles[batch->tile_count], 0, sizeof(*batch->tiles));
    batch->tiles[batch->tile_count].span = span;
    batch->tiles[batch->tile_count].span.size = size;
    *index = batch->tile_count++;
    return S_OK;
}

/* The copies filling the region (in the plane's pixels) of one subresource from one tile. */
static HRESULT fb_clear_subresource(const struct fb_services *services, const struct fb_clear_target *target,
                                    UINT sub, struct fb_clear_batch *batch)
{
    const D3D12_RESOURCE_DESC1 *desc = target->desc;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layout;
    unsigned char element[DDI_ENCODE_MAX_BYTES];
    const struct ddi_format_info *info;
    UINT mip, slice, plane, height, depth, z, y, band, rows, tile, sw = 1, sh = 1;
    UINT left, top, right, bottom, front, back;
    UINT64 width, pitch;
    struct fb_clear_copy *copy;
    struct fb_tile_key key;
    size_t element_size;
    HRESULT hr;

    ddi_subresource_decompose(sub, desc->MipLevels, ddi_resource_array_size(desc), &mip, &slice, &plane);
    if (ddi_copyable_footprints(desc, sub, 1, 0, &layout, NULL, NULL, NULL) < 0
            || !(info = ddi_format_get(layout.Footprint.Format)))
        return E_INVALIDARG;
    if (FAILED(hr = fb_clear_encode(target->format, plane, &target->value, element, &element_size)))
        return hr;
    if (element_size != info->bytes_per_block)
        return E_INVALIDARG;

    /* The region in the plane's pixels (chroma planes are subsampled). */
    if (!ddi_format_plane_info(desc->Format, plane, NULL, &sw, &sh))
        sw = sh = 1;
    ddi_resource_mip_size(desc, mip, &width, &height, &depth);
    left = target->region ? target->region->left : 0;
    top = target->region ? target->region->top : 0;
    front = target->region ? target->region->front : 0;
    right = target->region ? target->region->right : (UINT)width;
    bottom = target->region ? target->region->bottom : height;
    back = target->region ? target->region->back : depth;
    left /= sw;
    top /= sh;
    right = fb_clear_div_up(right, sw);
    bottom = fb_clear_div_up(bottom, sh);

    /* A row of whole blocks, a few block rows high. */
    memset(&key, 0, sizeof(key));
    memcpy(key.element, element, element_size);
    key.element_size = (UINT)element_size;
    key.footprint.Format = layout.Footprint.Format;
    key.footprint.Width = fb_clear_div_up(right - left, info->block_width) * info->block_width;
    key.footprint.Depth = 1;
    pitch = fb_clear_align((UINT64)(key.footprint.Width / info->block_width) * element_size,
                           D3D12_TEXTURE_DATA_PITCH_ALIGNMENT);
    key.footprint.RowPitch = (UINT)pitch;
    rows = fb_clear_div_up(bottom - top, info->block_height);
    if (pitch * rows > FB_CLEAR_TILE_BYTES)
        rows = pitch > FB_CLEAR_TILE_BYTES / 2 ? 1 : (UINT)(FB_CLEAR_TILE_BYTES / pitch);
    key.footprint.Height = rows * info->block_height;
    if (FAILED(hr = fb_clear_take_tile(services, batch, &key, rows, &tile)))
        return hr;

    for (z = front; z < back; ++z)
    {
        for (y = top; y < bottom; y += band)
        {
            band = bottom - y < key.footprint.Height ? bottom - y : key.footprint.Height;
            if (!(copy = fb_clear_add(batch)))
                return E_OUTOFMEMORY;
            memset(copy, 0, sizeof(*copy));
            copy->dst.hResource = target->texture;
            copy->dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
            copy->dst.SubresourceIndex = sub;
            /* The buffer and offset are the tile's or its staged copy's (fb_clear_record). */
            copy->src.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
            copy->src.PlacedFootprint.Footprint = key.footprint;
            copy->x = left;
            copy->y = y;
            copy->z = z;
            copy->box.right = right - left;
            copy->box.bottom = band;
            copy->box.back = 1;
            copy->tile = tile;
            copy->stageable = target->stage_tiles;
            if (copy->stageable)
                ++batch->tiles[tile].staged_reads;
        }
    }
    return S_OK;
}

HRESULT fb_clear_acquire(const struct fb_services *services, const struct fb_clear_target *target,
                         struct fb_clear_batch *batch)
{
    UINT sub, count;
    HRESULT hr;

    if (target->subresource != UINT_MAX)
        return fb_clear_subresource(services, target, target->subresource, batch);
    count = ddi_resource_subresource_count(target->desc);
    for (sub = 0; sub < count; ++sub)
    {
        if (FAILED(hr = fb_clear_subresource(services, target, sub, batch)))
            return hr;
    }
    return S_OK;
}

HRESULT fb_clear_stage(const struct fb_services *services, struct fb_clear_recording *recording,
                       struct fb_clear_batch *batch)
{
    struct fb_clear_tile *tile;
    UINT64 used = 0;
    HRESULT hr;
    UINT i;

    for (i = 0; i < batch->tile_count; ++i)
    {
        tile = &batch->tiles[i];
        /* A tile copied once gains nothing from a copy into VRAM first. */
        if (tile->staged_reads < 2)
            continue;
        used = fb_clear_align(used, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT);
        if (used + tile->span.size > FB_SERVICES_MAX_SPAN)
            continue;
        if (!recording->has_staging)
        {
            if (FAILED(hr = services->staging(services->context, FB_SERVICES_MAX_SPAN, &recording->staging)))
                return hr;
            recording->has_staging = true;
            recording->staging_read = false;
        }
        tile->staged = true;
        tile->staging_offset = used;
        used += tile->span.size;
        batch->stages = true;
    }
    return S_OK;
}

static void fb_clear_staging_barrier(const struct fb_list *list, const struct fb_buffer_span *staging,
                                     D3D12_BARRIER_ACCESS before, D3D12_BARRIER_ACCESS after)
{
    D3D12DDIARG_BARRIER_0124 barrier;

    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_BARRIER_TYPE_BUFFER;
    barrier.Buffer.SyncBefore = D3D12_BARRIER_SYNC_COPY;
    barrier.Buffer.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    barrier.Buffer.AccessBefore = before;
    barrier.Buffer.AccessAfter = after;
    barrier.Buffer.hResource = staging->buffer;
    barrier.Buffer.Size = UINT64_MAX;
    list->ddi->pfnBarrier(list->hdrv, 1, &barrier);
}

void fb_clear_record(const struct fb_list *list, struct fb_clear_recording *recording,
                     const struct fb_clear_batch *batch)
{
    const struct fb_buffer_span *staging = &recording->staging;
    D3D12DDIARG_TEXTURE_COPY_LOCATION src;
    const struct fb_clear_tile *tile;
    const struct fb_clear_copy *copy;
    UINT i;

    /* The call's staged tiles into the block, after the copies that read it before. */
    if (batch->stages)
    {
        if (recording->staging_read)
            fb_clear_staging_barrier(list, staging, D3D12_BARRIER_ACCESS_COPY_SOURCE,
                                     D3D12_BARRIER_ACCESS_COPY_DEST);
        for (i = 0; i < batch->tile_count; ++i)
        {
            tile = &batch->tiles[i];
            if (tile->staged)
                list->ddi->pfnCopyBufferRegion(list->hdrv, staging->buffer, staging->offset + tile->staging_offset,
                                               tile->span.buffer, tile->span.offset, tile->span.size);
        }
        fb_clear_staging_barrier(list, staging, D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_ACCESS_COPY_SOURCE);
        recording->staging_read = true;
    }
    for (i = 0; i < batch->count; ++i)
    {
        copy = &batch->copies[i];
        tile = &batch->tiles[copy->tile];
        src = copy->src;
        if (tile->staged && copy->stageable)
        {
            src.hResource = staging->buffer;
            src.PlacedFootprint.Offset = staging->offset + tile->staging_offset;
        }
        else
        {
            src.hResource = tile->span.buffer;
            src.PlacedFootprint.Offset = tile->span.offset;
        }
        list->ddi->pfnCopyTextureRegion(list->hdrv, &copy->dst, copy->x, copy->y, copy->z, &src, &copy->box);
    }
}
