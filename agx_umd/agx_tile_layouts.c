/* Tier 5's layout tables, registrations, mapping query and executor (agx_tile_layouts.h). */
#include <stdlib.h>
#include <string.h>
#include "ddi_tile.h"
#include "agx_mem.h"
#include "agx_tile.h"
#include "agx_tile_layouts.h"

#define AGX_TILE_BYTES ((uint64_t)DDI_TILE_SIZE_IN_BYTES)

static struct agx_tile_layouts *agx_layouts(D3D12DDI_HDEVICE handle)
{
    return agx_device_from_handle(handle)->tile_layouts;
}

HRESULT agx_tile_layouts_create(struct agx_tile_layouts **out)
{
    struct agx_tile_layouts *layouts;

    if (!(layouts = calloc(1, sizeof(*layouts))))
        return E_OUTOFMEMORY;
    if (mtx_init(&layouts->lock, mtx_plain) != thrd_success)
    {
        free(layouts);
        return E_OUTOFMEMORY;
    }
    *out = layouts;
    return S_OK;
}

void agx_tile_layouts_destroy(struct agx_tile_layouts *layouts)
{
    uint32_t i;

    if (!layouts)
        return;
    for (i = 0; i < layouts->resource_count; ++i)
        free((void *)layouts->resources[i].subresources);
    free(layouts->pools);
    free(layouts->heaps);
    free(layouts->resources);
    free(layouts->reserved);
    mtx_destroy(&layouts->lock);
    free(layouts);
}

/* The first success fixes the counts; the runtime refuses later calls, the driver too. */
static HRESULT APIENTRY agx_tile_initialize(D3D12DDI_HDEVICE device, UINT node, UINT pool_count,
                                            UINT resource_count)
{
    struct agx_tile_layouts *l = agx_layouts(device);
    HRESULT hr = S_OK;

    if (node || !pool_count || !resource_count || pool_count > AGX_TILE_MAX_POOL_LAYOUTS
            || resource_count > AGX_TILE_MAX_RESOURCE_LAYOUTS)
        return E_INVALIDARG;
    mtx_lock(&l->lock);
    if (l->initialized)
        hr = DXGI_ERROR_INVALID_CALL;
    else if (!(l->pools = calloc(pool_count, sizeof(*l->pools))) || !(l->heaps = calloc(pool_count, sizeof(*l->heaps)))
            || !(l->resources = calloc(resource_count, sizeof(*l->resources)))
            || !(l->reserved = calloc(resource_count, sizeof(*l->reserved))))
    {
        free(l->pools);
        free(l->heaps);
        free(l->resources);
        l->pools = NULL;
        l->heaps = NULL;
        l->resources = NULL;
        hr = E_OUTOFMEMORY;
    }
    else
    {
        l->initialized = true;
        l->pool_count = pool_count;
        l->resource_count = resource_count;
    }
    mtx_unlock(&l->lock);
    return hr;
}

/* Not earlier in the same call. */
static bool agx_tile_index_unique(const UINT *indices, UINT i)
{
    UINT j;

    for (j = 0; j < i; ++j)
    {
        if (indices[j] == indices[i])
            return false;
    }
    return true;
}

static HRESULT APIENTRY agx_tile_register_heaps(D3D12DDI_HDEVICE device, UINT node, UINT count,
                                                const D3D12DDI_HHEAP *heaps, const UINT *indices)
{
    struct agx_tile_layouts *l = agx_layouts(device);
    const struct agx_heap *heap;
    HRESULT hr = S_OK;
    UINT i;

    if (node || (count && (!heaps || !indices)))
        return E_INVALIDARG;
    mtx_lock(&l->lock);
    /* Checked whole first: a batch registers all or nothing. */
    for (i = 0; i < count && SUCCEEDED(hr); ++i)
    {
        heap = agx_heap_from_handle(heaps[i]);
        if (!l->initialized || !heap || !heap->execute_tile_mappings || heap->size < AGX_TILE_BYTES
                || indices[i] >= l->pool_count || l->pools[indices[i]].valid || !agx_tile_index_unique(indices, i))
            hr = E_INVALIDARG;
    }
    for (i = 0; i < count && SUCCEEDED(hr); ++i)
    {
        heap = agx_heap_from_handle(heaps[i]);
        l->heaps[indices[i]] = heap;
        l->pools[indices[i]].valid = true;
        l->pools[indices[i]].tile_count = heap->size / AGX_TILE_BYTES;
    }
    mtx_unlock(&l->lock);
    return hr;
}

/* The parser's view of a reserved resource: each subresource's tiles in the resource's
 * numbering (agx_layout.h), a packed mip as its slice's packed tiles. */
static struct agx_tile_token_subresource *agx_tile_subresources(const struct agx_resource *resource, uint32_t *count)
{
    struct agx_tile_token_subresource *subs;
    uint32_t i, n;

    n = agx_resource_is_buffer(resource) ? 1 : agx_layout_subresource_count(&resource->layout);
    if (!(subs = calloc(n, sizeof(*subs))))
        return NULL;
    for (i = 0; i < n; ++i)
    {
        if (agx_resource_is_buffer(resource))
        {
            subs[i].width = (uint32_t)agx_tile_count(resource);
            subs[i].height = subs[i].depth = 1;
            continue;
        }
        agx_layout_tile_index(&resource->layout, i, 0, 0, 0, &subs[i].first_tile);
        if (!agx_layout_subresource_tiles(&resource->layout, i, &subs[i].width, &subs[i].height, &subs[i].depth))
        {
            subs[i].packed = true;
            subs[i].width = resource->layout.packed_tiles;
            subs[i].height = subs[i].depth = 1;
        }
    }
    *count = n;
    return subs;
}

static HRESULT APIENTRY agx_tile_register_resources(D3D12DDI_HDEVICE device, UINT node, UINT count,
                                                    const D3D12DDI_HRESOURCE *resources, const UINT *indices)
{
    struct agx_tile_layouts *l = agx_layouts(device);
    struct agx_tile_token_subresource *subs;
    const struct agx_resource *resource;
    HRESULT hr = S_OK;
    uint32_t n;
    UINT i;

    if (node || (count && (!resources || !indices)))
        return E_INVALIDARG;
    mtx_lock(&l->lock);
    for (i = 0; i < count && SUCCEEDED(hr); ++i)
    {
        resource = agx_resource_from_handle(resources[i]);
        if (!l->initialized || !resource || resource->kind != D3D12DDI_RESOURCE_KIND_RESERVED
                || !resource->execute_tile_mappings || indices[i] >= l->resource_count
                || l->resources[indices[i]].valid || !agx_tile_index_unique(indices, i))
            hr = E_INVALIDARG;
    }
    for (i = 0; i < count && SUCCEEDED(hr); ++i)
    {
        resource = agx_resource_from_handle(resources[i]);
        if (!(subs = agx_tile_subresources(resource, &n)))
        {
            /* Give back what this call took. */
            while (i--)
            {
                free((void *)l->resources[indices[i]].subresources);
                memset(&l->resources[indices[i]], 0, sizeof(l->resources[0]));
                l->reserved[indices[i]] = NULL;
            }
            hr = E_OUTOFMEMORY;
            break;
        }
        l->reserved[indices[i]] = resource;
        l->resources[indices[i]].valid = true;
        l->resources[indices[i]].buffer = agx_resource_is_buffer(resource);
        l->resources[indices[i]].subresource_count = n;
        l->resources[indices[i]].subresources = subs;
    }
    mtx_unlock(&l->lock);
    return hr;
}

/* Every index registered and unique, or nothing is unregistered. */
static bool agx_tile_indices_registered(const UINT *indices, UINT count, uint32_t table_count,
                                        bool (*registered)(const struct agx_tile_layouts *, UINT),
                                        const struct agx_tile_layouts *l)
{
    UINT i;

    for (i = 0; i < count; ++i)
    {
        if (indices[i] >= table_count || !registered(l, indices[i]))
            return false;
        if (!agx_tile_index_unique(indices, i))
            return false;
    }
    return true;
}

static bool agx_tile_pool_registered(const struct agx_tile_layouts *l, UINT index)
{
    return l->pools[index].valid;
}

static bool agx_tile_resource_registered(const struct agx_tile_layouts *l, UINT index)
{
    return l->resources[index].valid;
}

static HRESULT APIENTRY agx_tile_unregister_heaps(D3D12DDI_HDEVICE device, UINT node, UINT count, const UINT *indices)
{
    struct agx_tile_layouts *l = agx_layouts(device);
    HRESULT hr = E_INVALIDARG;
    UINT i;

    if (node || (count && !indices))
        return E_INVALIDARG;
    mtx_lock(&l->lock);
    if (l->initialized && agx_tile_indices_registered(indices, count, l->pool_count, agx_tile_pool_registered, l))
    {
        for (i = 0; i < count; ++i)
        {
            memset(&l->pools[indices[i]], 0, sizeof(l->pools[0]));
            l->heaps[indices[i]] = NULL;
        }
        hr = S_OK;
    }
    mtx_unlock(&l->lock);
    return hr;
}

static HRESULT APIENTRY agx_tile_unregister_resources(D3D12DDI_HDEVICE device, UINT node, UINT count,
                                                      const UINT *indices)
{
    struct agx_tile_layouts *l = agx_layouts(device);
    HRESULT hr = E_INVALIDARG;
    UINT i;

    if (node || (count && !indices))
        return E_INVALIDARG;
    mtx_lock(&l->lock);
    if (l->initialized
            && agx_tile_indices_registered(indices, count, l->resource_count, agx_tile_resource_registered, l))
    {
        for (i = 0; i < count; ++i)
        {
            free((void *)l->resources[indices[i]].subresources);
            memset(&l->resources[indices[i]], 0, sizeof(l->resources[0]));
            l->reserved[indices[i]] = NULL;
        }
        hr = S_OK;
    }
    mtx_unlock(&l->lock);
    return hr;
}

/* ---- The mapping query ------------------------------------------------------------------- */

/* Which registered pool holds a page frame, and its tile there; false when none. */
static bool agx_tile_find_pool(const struct agx_tile_layouts *l, struct agx_backend *backend, uint64_t frame,
                               unsigned int slot, uint32_t *pool, uint32_t *tile)
{
    uint64_t base;
    uint32_t i;

    for (i = 0; i < l->pool_count; ++i)
    {
        if (!l->pools[i].valid || !(base = backend->ops->va_frame(backend, l->heaps[i]->bo->va)))
            continue;
        if (frame >= base && frame - base < l->heaps[i]->size)
        {
            *pool = i;
            *tile = (uint32_t)((frame - base - (uint64_t)slot * AGX_PAGE_SIZE) / AGX_TILE_BYTES);
            return true;
        }
    }
    return false;
}

/* The mappings as the work completed so far left them, written at once (a CPU query, as
 * seed 001's capture tools use it); the runtime checked the ranges. */
static HRESULT APIENTRY agx_tile_query(D3D12DDI_HDEVICE hdevice, UINT node, D3D12DDI_HRESOURCE hreserved,
                                       UINT64 start, UINT64 count, UINT64 output_offset, D3D12DDI_HRESOURCE houtput)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    const struct agx_resource *reserved = agx_resource_from_handle(hreserved);
    const struct agx_resource *output = agx_resource_from_handle(houtput);
    struct agx_tile_layouts *l = device->tile_layouts;
    struct agx_backend *backend = device->backend;
    D3DDDI_QUERIED_RESOURCE_MAPPING entry;
    unsigned int slots[4];
    uint64_t va[4], i, frame;
    uint32_t pool, tile;

    if (node || !reserved || !output || reserved->kind != D3D12DDI_RESOURCE_KIND_RESERVED
            || !agx_resource_is_buffer(output) || start > agx_tile_count(reserved)
            || count > agx_tile_count(reserved) - start || output_offset > output->desc.Width
            || count > (output->desc.Width - output_offset) / sizeof(entry))
        return E_INVALIDARG;
    mtx_lock(&l->lock);
    for (i = 0; i < count; ++i)
    {
        entry.SourceLayoutId = entry.SourceOffsetInTiles = UINT_MAX;
        if (agx_tile_pages(reserved, start + i, va, slots) && (frame = backend->ops->va_frame(backend, va[0]))
                && agx_tile_find_pool(l, backend, frame, slots[0], &pool, &tile))
        {
            entry.SourceLayoutId = pool;
            entry.SourceOffsetInTiles = tile;
        }
        agx_mem_write(backend, output->va + output_offset + i * sizeof(entry), &entry, sizeof(entry));
    }
    mtx_unlock(&l->lock);
    return S_OK;
}

/* ---- The executor ---------------------------------------------------------------------- */

/* bytes of a buffer from offset, as the host reads them: the memory itself when the GPU
 * range is one run of it, else a copy (*owned then to free). Bounded by the buffer's
 * size, never by a count from the GPU. NULL with *owned NULL for no bytes. */
static const uint32_t *agx_tile_input(struct agx_backend *backend, const struct agx_resource *buffer,
                                      uint64_t offset, uint64_t bytes, void **owned, bool *failed)
{
    uint64_t contiguous = 0;
    void *host;

    *owned = NULL;
    if (!bytes)
        return NULL;
    host = backend->ops->va_to_cpu(backend, buffer->va + offset, bytes, &contiguous);
    if (host && contiguous >= bytes)
        return host;
    if (!(*owned = malloc(bytes)))
    {
        *failed = true;
        return NULL;
    }
    agx_mem_read(backend, buffer->va + offset, *owned, bytes);
    return *owned;
}

struct agx_tile_apply
{
    struct agx_device *device;
    const struct agx_tile_layouts *layouts;
    bool failed;
    /* The last pool's first frame: frame + n pages is the heap's n-th page (va_frame's
     * contract, agx_backend.h), so a pool tile's pages need no lookup each. */
    uint32_t base_pool;
    uint64_t base_frame;
};

/* One destination tile: its page slots take the pool tile's pages (or none). */
static void agx_tile_apply_tile(void *context, uint32_t resource, uint64_t tile, uint32_t pool, uint64_t pool_tile)
{
    struct agx_tile_apply *apply = context;
    struct agx_backend *backend = apply->device->backend;
    const struct agx_heap *heap = pool == UINT32_MAX ? NULL : apply->layouts->heaps[pool];
    unsigned int slots[4], count, i;
    uint64_t va[4], frame;

    /* After a failure nothing more is bound: the loss is reported at the end. */
    if (apply->failed)
        return;
    if (heap && pool != apply->base_pool)
    {
        apply->base_pool = pool;
        apply->base_frame = backend->ops->va_frame(backend, heap->bo->va);
    }
    count = agx_tile_pages(apply->layouts->reserved[resource], tile, va, slots);
    for (i = 0; i < count && !apply->failed; ++i)
    {
        frame = heap && apply->base_frame ? apply->base_frame + pool_tile * AGX_TILE_BYTES
                + (uint64_t)slots[i] * AGX_PAGE_SIZE : 0;
        if (FAILED(backend->ops->va_bind(backend, va[i], frame)))
            apply->failed = true;
    }
}

void agx_tile_layouts_execute(const struct agx_tile_execute *call)
{
    struct agx_device *device = call->device;
    struct agx_backend *backend = device->backend;
    struct agx_tile_layouts *l = device->tile_layouts;
    struct agx_tile_apply apply = {device, l, false, UINT32_MAX, 0};
    struct agx_tile_token_tables tables;
    struct agx_tile_token_result result;
    struct agx_tile_token_input input;
    void *owned_args, *owned_list;
    uint32_t count = 0;
    bool parsed;

    /* The effective length: the count buffer as the GPU left it, at execution time. */
    if (call->count)
        agx_mem_read(backend, call->count->va + call->count_offset, &count, sizeof(count));
    memset(&input, 0, sizeof(input));
    input.length = agx_tile_tokens_length(call->max_dwords, !!call->count, count);
    input.arg_dwords = AGX_MIN(input.length, (call->arguments->desc.Width - call->arguments_offset) / 4);
    input.args = agx_tile_input(backend, call->arguments, call->arguments_offset, input.arg_dwords * 4, &owned_args,
            &apply.failed);
    if (call->tile_list)
    {
        input.tile_list_dwords = (call->tile_list->desc.Width - call->tile_list_offset) / 4;
        input.tile_list = agx_tile_input(backend, call->tile_list, call->tile_list_offset,
                input.tile_list_dwords * 4, &owned_list, &apply.failed);
    }
    else
    {
        owned_list = NULL;
    }
    if (apply.failed)
    {
        free(owned_args);
        free(owned_list);
        agx_device_lost(device, E_OUTOFMEMORY);
        return;
    }

    mtx_lock(&l->lock);
    tables.pool_count = l->pool_count;
    tables.resource_count = l->resource_count;
    tables.pools = l->pools;
    tables.resources = l->resources;
    parsed = agx_tile_tokens_parse(&tables, &input, agx_tile_apply_tile, &apply, &result);
    mtx_unlock(&l->lock);
    free(owned_args);
    free(owned_list);

    if (apply.failed)
        agx_device_lost(device, E_OUTOFMEMORY);
    else if (!parsed && device->callbacks.pfnExecuteTileMappingsErrorCb)
        device->callbacks.pfnExecuteTileMappingsErrorCb(device->hrt, result.error, result.byte_offset);
    else if (!parsed)
        agx_device_lost(device, DXGI_ERROR_INVALID_CALL);
}

void agx_tile_layouts_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnInitializeExecuteTileMappingLayoutTables = agx_tile_initialize;
    funcs->pfnRegisterResourceLayouts = agx_tile_register_resources;
    funcs->pfnRegisterHeapLayouts = agx_tile_register_heaps;
    funcs->pfnUnregisterResourceLayouts = agx_tile_unregister_resources;
    funcs->pfnUnregisterHeapLayouts = agx_tile_unregister_heaps;
    funcs->pfnQueryRegisteredReservedResourceMappings = agx_tile_query;
}
