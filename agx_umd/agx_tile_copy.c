/*
 * CopyTiles (agx_tile.h): between the tiles of a reserved resource and a buffer that
 * holds them one after the other, 64 KiB each. In the buffer a standard tile of a
 * texture is linear: its rows of elements top to bottom (the tile shape's width times
 * the element size per row), a 3D tile's slices front to back; buffer tiles and packed tiles are their bytes as they
 * are. Elements of an edge tile outside the level's page tiles have no memory: they
 * read as zero and writes to them are dropped.
 */
#include <string.h>
#include "ddi_tile.h"
#include "agx_mem.h"
#include "agx_tile.h"

#define AGX_TILE_SIZE ((uint64_t)DDI_TILE_SIZE_IN_BYTES)

void APIENTRY agx_tile_copy_tiles_entry(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE htiled,
        const D3D12DDI_TILED_RESOURCE_COORDINATE *start, const D3D12DDI_TILE_REGION_SIZE *size,
        D3D12DDI_HRESOURCE hbuffer, UINT64 buffer_offset, D3D12_TILE_COPY_FLAGS flags)
{
    const D3D12_TILE_COPY_FLAGS to_buffer = D3D12_TILE_COPY_FLAG_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER;
    const D3D12_TILE_COPY_FLAGS to_tiles = D3D12_TILE_COPY_FLAG_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE;
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);
    const struct agx_resource *tiled = agx_resource_from_handle(htiled);
    const struct agx_resource *buffer = agx_resource_from_handle(hbuffer);
    struct agx_cmd_copy_tiles *cmd;

    /* The runtime validates the region and the bytes; this guards the DDI's shape. */
    if (!tiled || tiled->kind != D3D12DDI_RESOURCE_KIND_RESERVED || !buffer || !agx_resource_is_buffer(buffer)
            || !start || !size || !(flags & to_buffer) == !(flags & to_tiles))
    {
        agx_tell(list->device, D3D12_MESSAGE_CATEGORY_EXECUTION, "CopyTiles: invalid arguments, list removed");
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    if (!(cmd = agx_cmdlist_emit(list, AGX_CMD_COPY_TILES, sizeof(*cmd))))
        return;
    cmd->tiled = tiled;
    cmd->buffer = buffer;
    cmd->start = *start;
    cmd->size = *size;
    cmd->buffer_offset = buffer_offset;
    cmd->to_buffer = !!(flags & to_buffer);
}

/* Bytes of a buffer tile or a packed tile, page by page. */
static void agx_tile_copy_raw(struct agx_backend *backend, const struct agx_cmd_copy_tiles *cmd, uint64_t index,
                              uint64_t linear)
{
    unsigned int slots[4], count, i;
    uint64_t va[4];

    count = agx_tile_pages(cmd->tiled, index, va, slots);
    for (i = 0; i < count; ++i)
    {
        if (cmd->to_buffer)
            agx_mem_copy(backend, linear + slots[i] * AGX_PAGE_SIZE, va[i], AGX_PAGE_SIZE);
        else
            agx_mem_copy(backend, va[i], linear + slots[i] * AGX_PAGE_SIZE, AGX_PAGE_SIZE);
    }
}

/* A standard tile of a texture, row by row through the layout. */
static void agx_tile_copy_texels(struct agx_backend *backend, const struct agx_cmd_copy_tiles *cmd,
                                 const struct agx_layout_tile *tile, uint64_t linear)
{
    static const uint8_t zeros[64];
    const struct agx_layout *layout = &cmd->tiled->layout;
    struct agx_layout_subresource sub;
    uint32_t x, y, z, n, run, backed_w, backed_h;
    uint64_t texel, row;

    agx_layout_get_subresource(layout, tile->subresource, &sub);
    backed_w = sub.tiles_x * sub.tile_width;
    backed_h = sub.tiles_y * sub.tile_height;
    /* Rows top to bottom, then (3D tiles) slices front to back. */
    for (z = 0; z < AGX_MAX(tile->depth, 1u); ++z)
    for (y = 0; y < tile->height; ++y)
    {
        row = linear + ((uint64_t)z * tile->height + y) * tile->width * sub.element_size;
        for (x = 0; x < tile->width; x += n)
        {
            n = 1;
            if (tile->x + x >= backed_w || tile->y + y >= backed_h)
            {
                if (cmd->to_buffer)
                    agx_mem_write(backend, row + (uint64_t)x * sub.element_size, zeros, sub.element_size);
                continue;
            }
            texel = cmd->tiled->va + agx_layout_element_offset(layout, &sub, tile->x + x, tile->y + y, tile->z + z,
                                                               &run);
            n = AGX_MIN(run, tile->width - x);
            if (cmd->to_buffer)
                agx_mem_copy(backend, row + (uint64_t)x * sub.element_size, texel, (uint64_t)n * sub.element_size);
            else
                agx_mem_copy(backend, texel, row + (uint64_t)x * sub.element_size, (uint64_t)n * sub.element_size);
        }
    }
}

void agx_tile_exec_copy_tiles(struct agx_backend *backend, const struct agx_cmd_copy_tiles *cmd)
{
    struct agx_layout_tile tile;
    struct agx_tile_walk walk;
    uint64_t index, linear;

    if (!agx_tile_walk_init(&walk, cmd->tiled, &cmd->start, &cmd->size))
        return;
    for (linear = cmd->buffer->va + cmd->buffer_offset; agx_tile_walk_next(&walk, &index); linear += AGX_TILE_SIZE)
    {
        if (!agx_resource_is_buffer(cmd->tiled) && agx_layout_tile_locate(&cmd->tiled->layout, index, &tile)
                && !tile.packed)
            agx_tile_copy_texels(backend, cmd, &tile, linear);
        else
            agx_tile_copy_raw(backend, cmd, index, linear);
    }
}
