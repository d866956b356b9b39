/* Tile pools and tile mappings (agx_tile.h): tile numbering, page bindings, GetMipPacking. */
#include <stdlib.h>
#include <string.h>
#include "ddi_tile.h"
#include "agx_tile.h"

#define AGX_TILE_SIZE ((uint64_t)DDI_TILE_SIZE_IN_BYTES)
#define AGX_TILE_PAGES (DDI_TILE_SIZE_IN_BYTES / AGX_PAGE_SIZE)

/* ---- Tiles of a reserved resource --------------------------------------------------------- */

uint64_t agx_tile_count(const struct agx_resource *resource)
{
    if (agx_resource_is_buffer(resource))
        return AGX_DIV_ROUND_UP(resource->desc.Width, AGX_TILE_SIZE);
    return agx_layout_tile_count(&resource->layout);
}

static bool agx_tile_index(const struct agx_resource *resource, UINT subresource, uint32_t x, uint32_t y,
                           uint32_t z, uint64_t *index)
{
    if (agx_resource_is_buffer(resource))
    {
        if (subresource || y || z || x >= agx_tile_count(resource))
            return false;
        *index = x;
        return true;
    }
    return agx_layout_tile_index(&resource->layout, subresource, x, y, z, index);
}

unsigned int agx_tile_pages(const struct agx_resource *resource, uint64_t index, uint64_t va[4],
                            unsigned int slots[4])
{
    unsigned int count, i;

    if (agx_resource_is_buffer(resource))
    {
        if (index >= agx_tile_count(resource))
            return 0;
        for (i = 0; i < AGX_TILE_PAGES; ++i)
        {
            va[i] = resource->va + index * AGX_TILE_SIZE + i * AGX_PAGE_SIZE;
            slots[i] = i;
        }
        return AGX_TILE_PAGES;
    }
    count = agx_layout_tile_pages(&resource->layout, index, va, slots);
    for (i = 0; i < count; ++i)
        va[i] += resource->va;
    return count;
}

bool agx_tile_walk_init(struct agx_tile_walk *walk, const struct agx_resource *resource,
                        const D3D12DDI_TILED_RESOURCE_COORDINATE *start, const D3D12DDI_TILE_REGION_SIZE *size)
{
    memset(walk, 0, sizeof(*walk));
    walk->resource = resource;
    walk->start = *start;
    walk->size = *size;
    if (size->UseBox)
    {
        walk->count = (uint64_t)size->Width * size->Height * size->Depth;
        return true;
    }
    walk->count = size->NumTiles;
    return !walk->count || agx_tile_index(resource, start->Subresource, start->X, start->Y, start->Z, &walk->first);
}

bool agx_tile_walk_next(struct agx_tile_walk *walk, uint64_t *index)
{
    const D3D12DDI_TILE_REGION_SIZE *size = &walk->size;
    uint64_t n = walk->next, plane;

    if (n >= walk->count)
        return false;
    ++walk->next;
    if (!size->UseBox)
    {
        *index = walk->first + n;
        return *index < agx_tile_count(walk->resource);
    }
    plane = (uint64_t)size->Width * size->Height;
    return agx_tile_index(walk->resource, walk->start.Subresource, walk->start.X + (uint32_t)(n % size->Width),
            walk->start.Y + (uint32_t)(n % plane / size->Width), walk->start.Z + (uint32_t)(n / plane), index);
}

/* ---- Page bindings -------------------------------------------------------------------------- */

static bool agx_tile_binds_add(struct agx_tile_binds **binds, uint64_t va, uint64_t from, uint32_t step)
{
    struct agx_tile_binds *b = *binds, *grown;
    size_t capacity;

    if (b->count == b->capacity)
    {
        capacity = b->capacity * 2;
        if (!(grown = realloc(b, sizeof(*b) + capacity * sizeof(b->binds[0]))))
            return false;
        grown->capacity = capacity;
        *binds = b = grown;
    }
    b->binds[b->count].va = va;
    b->binds[b->count].from = from;
    b->binds[b->count++].step = step;
    return true;
}

static struct agx_tile_binds *agx_tile_binds_create(struct agx_device *device)
{
    struct agx_tile_binds *binds;
    size_t capacity = 64;

    if (!(binds = malloc(sizeof(*binds) + capacity * sizeof(binds->binds[0]))))
        return NULL;
    binds->device = device;
    binds->count = 0;
    binds->capacity = capacity;
    return binds;
}

/* Maps one tile: to heap tile `heap_tile` (UINT64_MAX: to nothing). */
static bool agx_tile_bind_tile(struct agx_tile_binds **binds, const struct agx_resource *resource, uint64_t index,
                               const struct agx_heap *heap, uint64_t heap_tile)
{
    unsigned int slots[4], count, i;
    uint64_t va[4], from;

    count = agx_tile_pages(resource, index, va, slots);
    for (i = 0; i < count; ++i)
    {
        from = heap_tile == UINT64_MAX ? 0 : heap->bo->va + heap_tile * AGX_TILE_SIZE + slots[i] * AGX_PAGE_SIZE;
        if (!agx_tile_binds_add(binds, va[i], from, 0))
            return false;
    }
    return true;
}

/* The tiles the regions name, with D3D12's defaults for NULL arrays (UpdateTileMappings:
 * one region without coordinates and sizes is the whole resource; coordinates without
 * sizes are one tile each). */
static void agx_tile_region(const struct agx_resource *resource, UINT i,
                            const D3D12DDI_TILED_RESOURCE_COORDINATE *coordinates,
                            const D3D12DDI_TILE_REGION_SIZE *sizes, D3D12DDI_TILED_RESOURCE_COORDINATE *start,
                            D3D12DDI_TILE_REGION_SIZE *size)
{
    memset(start, 0, sizeof(*start));
    if (coordinates)
        *start = coordinates[i];
    memset(size, 0, sizeof(*size));
    if (sizes)
        *size = sizes[i];
    else
        size->NumTiles = coordinates ? 1 : (UINT)agx_tile_count(resource);
}

static uint64_t agx_tile_region_count(const D3D12DDI_TILE_REGION_SIZE *size)
{
    return size->UseBox ? (uint64_t)size->Width * size->Height * size->Depth : size->NumTiles;
}

HRESULT agx_tile_plan_update(struct agx_device *device, const struct agx_resource *resource, UINT region_count,
        const D3D12DDI_TILED_RESOURCE_COORDINATE *coordinates, const D3D12DDI_TILE_REGION_SIZE *sizes,
        const struct agx_heap *heap, UINT range_count, const D3D12_TILE_RANGE_FLAGS *range_flags,
        const UINT *heap_offsets, const UINT *range_tile_counts, struct agx_tile_binds **out)
{
    D3D12_TILE_RANGE_FLAGS flags = D3D12_TILE_RANGE_FLAG_NONE;
    uint64_t total = 0, left = 0, heap_tile = 0, index;
    D3D12DDI_TILED_RESOURCE_COORDINATE start;
    D3D12DDI_TILE_REGION_SIZE size;
    struct agx_tile_binds *binds;
    struct agx_tile_walk walk;
    UINT region, range = 0;
    bool in_range = false;

    for (region = 0; region < region_count; ++region)
    {
        agx_tile_region(resource, region, coordinates, sizes, &start, &size);
        total += agx_tile_region_count(&size);
    }
    if (!(binds = agx_tile_binds_create(device)))
        return E_OUTOFMEMORY;
    for (region = 0; region < region_count; ++region)
    {
        agx_tile_region(resource, region, coordinates, sizes, &start, &size);
        if (!agx_tile_walk_init(&walk, resource, &start, &size))
            continue;
        while (agx_tile_walk_next(&walk, &index))
        {
            /* The next range with tiles left; ranges run alongside the regions' tiles. */
            while (!left)
            {
                if (in_range)
                    ++range;
                if (range >= range_count)
                    goto done;
                in_range = true;
                flags = range_flags ? range_flags[range] : D3D12_TILE_RANGE_FLAG_NONE;
                heap_tile = heap_offsets ? heap_offsets[range] : 0;
                left = range_tile_counts ? range_tile_counts[range] : range_count == 1 ? total : 1;
            }
            --left;
            if (flags & D3D12_TILE_RANGE_FLAG_SKIP)
                continue;
            if (flags & D3D12_TILE_RANGE_FLAG_NULL)
            {
                if (!agx_tile_bind_tile(&binds, resource, index, NULL, UINT64_MAX))
                    goto oom;
                continue;
            }
            if (!heap || (heap_tile + 1) * AGX_TILE_SIZE > heap->size)
            {
                free(binds);
                return E_INVALIDARG;
            }
            if (!agx_tile_bind_tile(&binds, resource, index, heap, heap_tile))
                goto oom;
            if (!(flags & D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE))
                ++heap_tile;
        }
    }
done:
    *out = binds;
    return S_OK;
oom:
    free(binds);
    return E_OUTOFMEMORY;
}

/* Each destination tile takes the heap tile the source tile maps to: the frame of the
 * source's slot-0 page (which every tile has) plus the destination page's slot. */
HRESULT agx_tile_plan_copy(struct agx_device *device, const struct agx_resource *dst,
        const D3D12DDI_TILED_RESOURCE_COORDINATE *dst_start, const struct agx_resource *src,
        const D3D12DDI_TILED_RESOURCE_COORDINATE *src_start, const D3D12DDI_TILE_REGION_SIZE *size,
        struct agx_tile_binds **out)
{
    struct agx_tile_walk dst_walk, src_walk;
    uint64_t dst_va[4], src_va[4], dst_index, src_index;
    unsigned int dst_slots[4], src_slots[4], count, i;
    struct agx_tile_binds *binds;

    if (!(binds = agx_tile_binds_create(device)))
        return E_OUTOFMEMORY;
    if (agx_tile_walk_init(&dst_walk, dst, dst_start, size) && agx_tile_walk_init(&src_walk, src, src_start, size))
    {
        while (agx_tile_walk_next(&dst_walk, &dst_index) && agx_tile_walk_next(&src_walk, &src_index))
        {
            if (!agx_tile_pages(src, src_index, src_va, src_slots))
                break;
            count = agx_tile_pages(dst, dst_index, dst_va, dst_slots);
            for (i = 0; i < count; ++i)
            {
                if (!agx_tile_binds_add(&binds, dst_va[i], src_va[0], dst_slots[i]))
                {
                    free(binds);
                    return E_OUTOFMEMORY;
                }
            }
        }
    }
    *out = binds;
    return S_OK;
}

/* A failure stops the job, and the loss is reported only once it touches nothing more:
 * the report completes the fences, after which the application may release the
 * resources whose addresses the remaining binds would change. */
void agx_tile_run_binds(void *context, bool execute)
{
    struct agx_tile_binds *binds = context;
    struct agx_device *device = binds->device;
    struct agx_backend *backend = device->backend;
    HRESULT hr = S_OK;
    uint64_t *frames;
    size_t i;

    if (!execute)
    {
        free(binds);
        return;
    }
    /* Read every source frame first: a copy of mappings onto itself reads the old ones. */
    if (!(frames = malloc((binds->count + 1) * sizeof(*frames))))
    {
        free(binds);
        agx_device_lost(device, E_OUTOFMEMORY);
        return;
    }
    for (i = 0; i < binds->count; ++i)
    {
        frames[i] = binds->binds[i].from ? backend->ops->va_frame(backend, binds->binds[i].from) : 0;
        if (frames[i])
            frames[i] += (uint64_t)binds->binds[i].step * AGX_PAGE_SIZE;
    }
    for (i = 0; i < binds->count && SUCCEEDED(hr); ++i)
    {
        if (FAILED(backend->ops->va_bind(backend, binds->binds[i].va, frames[i])))
            hr = E_OUTOFMEMORY;
    }
    free(frames);
    free(binds);
    if (FAILED(hr))
        agx_device_lost(device, hr);
}

void agx_tile_unbind_all(struct agx_device *device, const struct agx_resource *resource)
{
    struct agx_backend *backend = device->backend;
    uint64_t offset;

    for (offset = 0; offset < resource->allocation_size; offset += AGX_PAGE_SIZE)
        backend->ops->va_bind(backend, resource->va + offset, 0);
}

/* ---- GetMipPacking ------------------------------------------------------------------------- */

void APIENTRY agx_tile_get_mip_packing(D3D12DDI_HDEVICE device, D3D12DDI_HRESOURCE hresource,
                                       D3D12_PACKED_MIP_INFO *info, D3D12_TILE_SHAPE *shape)
{
    const struct agx_resource *resource = agx_resource_from_handle(hresource);
    const struct agx_layout *layout;

    if (info)
        memset(info, 0, sizeof(*info));
    if (shape)
        memset(shape, 0, sizeof(*shape));
    if (!resource || resource->kind != D3D12DDI_RESOURCE_KIND_RESERVED || agx_resource_is_buffer(resource)
            || !resource->layout.twiddled)
        return;
    layout = &resource->layout;
    if (info)
    {
        info->NumStandardMips = (UINT8)layout->standard_mips;
        info->NumPackedMips = (UINT8)(layout->mip_levels - layout->standard_mips);
        info->NumTilesForPackedMips = layout->packed_tiles;
        info->StartTileIndexInOverallResource = (UINT)(layout->standard_tiles * layout->array_size);
    }
    if (shape)
        ddi_standard_tile_shape(resource->desc.Format, resource->desc.Dimension, 1, &shape->WidthInTexels,
                &shape->HeightInTexels, &shape->DepthInTexels);
}
