/* The ClearTextureSubresources pattern-copy emitter (fb_clear.h). */
#include <stdlib.h>
#include <string.h>

#include "fb_clear.h"
#include "fb_span.h"
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

void *fb_clear_grow(void **items, UINT *count, UINT *capacity, size_t size)
{
    void *grown;
    UINT n;

    if (*count == *capacity)
    {
        n = *capacity ? *capacity * 2 : 4;
        if (!(grown = realloc(*items, n * size)))
            return NULL;
        *items = grown;
        *capacity = n;
    }
    return (char *)*items + (*count)++ * size;
}

static struct fb_clear_copy *fb_clear_add(struct fb_clear_batch *batch)
{
    void *items = batch->copies;
    struct fb_clear_copy *copy = fb_clear_grow(&items, &batch->count, &batch->capacity, sizeof(*copy));

    batch->copies = items;
    return copy;
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
    UINT64 size = (UINT64)key->footprint.RowPitch * rows;
    struct fb_clear_tile *tile;
    struct fb_buffer_span span;
    void *items;
    bool cached;
    HRESULT hr;

    if (FAILED(hr = services->tile(services->context, key, size, &span, &cached)))
        return hr;
    if (!cached)
    {
        /* The element over the first row, then that row over the others. */
        memcpy(span.cpu, key->element, key->element_size);
        fb_span_repeat(span.cpu, key->element_size, key->footprint.RowPitch);
        fb_span_repeat(span.cpu, key->footprint.RowPitch, size);
    }
    for (*index = 0; *index < batch->tile_count; ++*index)
    {
        if (batch->tiles[*index].span.buffer.pDrvPrivate == span.buffer.pDrvPrivate
                && batch->tiles[*index].span.offset == span.offset)
            return S_OK;
    }
    items = batch->tiles;
    tile = fb_clear_grow(&items, &batch->tile_count, &batch->tile_capacity, sizeof(*tile));
    batch->tiles = items;
    if (!tile)
        return E_OUTOFMEMORY;
    memset(tile, 0, sizeof(*tile));
    tile->span = span;
    tile->span.size = size;
    *index = batch->tile_count - 1;
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

HRESULT fb_clear_view_init(struct fb_clear_view *clear, const struct fb_clear_target *target, bool depth,
                           UINT first_plane, UINT planes)
{
    UINT p;

    memset(clear, 0, sizeof(*clear));
    clear->depth = depth;
    if (depth)
    {
        if (!ddi_encode_view_clear_depth(target->format, &target->value, &clear->depth_value, &clear->stencil))
            return E_INVALIDARG;
        for (p = first_plane; p < first_plane + planes; ++p)
            clear->flags |= p ? D3D12_CLEAR_FLAG_STENCIL : D3D12_CLEAR_FLAG_DEPTH;
    }
    else if (!ddi_encode_view_clear_color(target->format, &target->value, clear->color))
    {
        return E_INVALIDARG;
    }
    if (target->region)
    {
        clear->rect_count = 1;
        clear->rect.left = target->region->left;
        clear->rect.top = target->region->top;
        clear->rect.right = target->region->right;
        clear->rect.bottom = target->region->bottom;
    }
    return S_OK;
}

void fb_clear_view_write_scope(const struct fb_clear_view *clear, D3D12DDIARG_BARRIER_0124 *barrier)
{
    barrier->Texture.SyncAfter = clear->depth ? D3D12_BARRIER_SYNC_DEPTH_STENCIL : D3D12_BARRIER_SYNC_RENDER_TARGET;
    barrier->Texture.AccessAfter = clear->depth ? D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE
                                                : D3D12_BARRIER_ACCESS_RENDER_TARGET;
    barrier->Texture.LayoutAfter = clear->depth ? D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE
                                                : D3D12_BARRIER_LAYOUT_RENDER_TARGET;
}

void fb_clear_view_to_copy(const D3D12DDIARG_BARRIER_0124 *to_write, D3D12_BARRIER_ACCESS access,
                           D3D12_BARRIER_LAYOUT layout, D3D12DDIARG_BARRIER_0124 *barrier)
{
    *barrier = *to_write;
    barrier->Texture.SyncBefore = to_write->Texture.SyncAfter;
    barrier->Texture.AccessBefore = to_write->Texture.AccessAfter;
    barrier->Texture.LayoutBefore = to_write->Texture.LayoutAfter;
    barrier->Texture.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    barrier->Texture.AccessAfter = access;
    barrier->Texture.LayoutAfter = layout;
}

void fb_clear_view_record(const struct fb_list *list, const struct fb_clear_view *clear)
{
    if (clear->depth)
        list->ddi->pfnClearDepthStencilView(list->hdrv, clear->view, clear->flags, clear->depth_value, clear->stencil,
                                            clear->rect_count, clear->rect_count ? &clear->rect : NULL);
    else
        list->ddi->pfnClearRenderTargetView(list->hdrv, clear->view, clear->color, clear->rect_count,
                                            clear->rect_count ? &clear->rect : NULL);
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
            fb_span_staging_barrier(list, staging, D3D12_BARRIER_ACCESS_COPY_SOURCE,
                                    D3D12_BARRIER_ACCESS_COPY_DEST);
        for (i = 0; i < batch->tile_count; ++i)
        {
            tile = &batch->tiles[i];
            if (tile->staged)
                list->ddi->pfnCopyBufferRegion(list->hdrv, staging->buffer, staging->offset + tile->staging_offset,
                                               tile->span.buffer, tile->span.offset, tile->span.size);
        }
        fb_span_staging_barrier(list, staging, D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_ACCESS_COPY_SOURCE);
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
