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
    fb_clear_batch_init(batch);
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

/* A tile of footprint `tile` filled with the element, in new upload memory at a
 * placement-aligned offset. */
static HRESULT fb_clear_write_tile(const struct fb_services *services, struct fb_clear_batch *batch,
                                   const unsigned char *element, size_t element_size,
                                   D3D12_PLACED_SUBRESOURCE_FOOTPRINT *tile, D3D12DDI_HRESOURCE *buffer)
{
    UINT64 size = (UINT64)tile->Footprint.RowPitch * tile->Footprint.Height, skip, i;
    const struct ddi_format_info *info = ddi_format_get(tile->Footprint.Format);
    struct fb_buffer_span span;
    unsigned char *row;
    UINT r, rows = tile->Footprint.Height / info->block_height;
    HRESULT hr;

    /* The services align to 256 at most; placed footprints start at 512. */
    if (FAILED(hr = services->upload(services->context, size + D3D12_TEXTURE_DATA_PITCH_ALIGNMENT,
                                     D3D12_TEXTURE_DATA_PITCH_ALIGNMENT, &span)))
        return hr;
    skip = fb_clear_align(span.offset, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT) - span.offset;
    row = (unsigned char *)span.cpu + skip;
    for (i = 0; i < tile->Footprint.RowPitch; i += element_size)
        memcpy(row + i, element, element_size);
    for (r = 1; r < rows; ++r)
        memcpy(row + (UINT64)r * tile->Footprint.RowPitch, row, tile->Footprint.RowPitch);
    tile->Offset = span.offset + skip;
    *buffer = span.buffer;

    batch->has_tile = true;
    memcpy(batch->tile_element, element, element_size);
    batch->tile_element_size = element_size;
    batch->tile = *tile;
    batch->tile_buffer = span.buffer;
    return S_OK;
}

/* The copies filling box (in the plane's pixels) of one subresource from one tile. */
static HRESULT fb_clear_subresource(const struct fb_services *services, const struct fb_clear_target *target,
                                    UINT sub, struct fb_clear_batch *batch)
{
    const D3D12_RESOURCE_DESC1 *desc = target->desc;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layout, tile;
    unsigned char element[DDI_ENCODE_MAX_BYTES];
    const struct ddi_format_info *info;
    UINT mip, slice, plane, height, depth, z, y, band, rows, sw = 1, sh = 1;
    UINT left, top, right, bottom, front, back;
    UINT64 width, pitch;
    D3D12DDI_HRESOURCE buffer = {0};
    struct fb_clear_copy *copy;
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
    memset(&tile, 0, sizeof(tile));
    tile.Footprint.Format = layout.Footprint.Format;
    tile.Footprint.Width = fb_clear_div_up(right - left, info->block_width) * info->block_width;
    tile.Footprint.Depth = 1;
    pitch = fb_clear_align((UINT64)(tile.Footprint.Width / info->block_width) * element_size,
                           D3D12_TEXTURE_DATA_PITCH_ALIGNMENT);
    tile.Footprint.RowPitch = (UINT)pitch;
    rows = fb_clear_div_up(bottom - top, info->block_height);
    if (pitch * rows > FB_CLEAR_TILE_BYTES)
        rows = pitch > FB_CLEAR_TILE_BYTES / 2 ? 1 : (UINT)(FB_CLEAR_TILE_BYTES / pitch);
    tile.Footprint.Height = rows * info->block_height;

    if (batch->has_tile && batch->tile_element_size == element_size
            && !memcmp(batch->tile_element, element, element_size)
            && !memcmp(&batch->tile.Footprint, &tile.Footprint, sizeof(tile.Footprint)))
    {
        tile = batch->tile;
        buffer = batch->tile_buffer;
    }
    else if (FAILED(hr = fb_clear_write_tile(services, batch, element, element_size, &tile, &buffer)))
    {
        return hr;
    }

    for (z = front; z < back; ++z)
    {
        for (y = top; y < bottom; y += band)
        {
            band = bottom - y < tile.Footprint.Height ? bottom - y : tile.Footprint.Height;
            if (!(copy = fb_clear_add(batch)))
                return E_OUTOFMEMORY;
            memset(copy, 0, sizeof(*copy));
            copy->dst.hResource = target->texture;
            copy->dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
            copy->dst.SubresourceIndex = sub;
            copy->src.hResource = buffer;
            copy->src.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
            copy->src.PlacedFootprint = tile;
            copy->x = left;
            copy->y = y;
            copy->z = z;
            copy->box.right = right - left;
            copy->box.bottom = band;
            copy->box.back = 1;
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

void fb_clear_record(const struct fb_list *list, const struct fb_clear_batch *batch)
{
    const struct fb_clear_copy *copy;
    UINT i;

    for (i = 0; i < batch->count; ++i)
    {
        copy = &batch->copies[i];
        list->ddi->pfnCopyTextureRegion(list->hdrv, &copy->dst, copy->x, copy->y, copy->z, &copy->src, &copy->box);
    }
}
