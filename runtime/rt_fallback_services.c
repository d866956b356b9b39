/* The runtime services of the fallback and the device's buffer pools (rt_fallback_services.h). */
#include <stdlib.h>

#include "rt_fallback_services.h"
#include "rt_resource.h"
#include "rt_clear_pipeline.h"

enum rt_fb_kind
{
    RT_FB_UPLOAD,
    RT_FB_STAGING,
    RT_FB_TEXTURE,              /* private MSAA textures: one pool list, matched by desc */
    RT_FB_KIND_COUNT,
};

/* Size classes of pooled buffers: FB_SERVICES_MAX_SPAN is the largest. */
static const UINT64 rt_fb_class_sizes[] = {64u * 1024, 256u * 1024, FB_SERVICES_MAX_SPAN};
#define RT_FB_CLASS_COUNT RT_ARRAY_SIZE(rt_fb_class_sizes)

#define RT_FB_DESCRIPTORS_PER_BLOCK 64u

struct rt_fb_buffer
{
    /* In a pool: its class list (most recently kept first); owned: the allocator's list. */
    struct rt_fb_buffer *next, *prev;
    /* In a pool: the device-wide recency list. */
    struct rt_fb_buffer *lru_next, *lru_prev;
    enum rt_fb_kind kind;
    unsigned int size_class;
    UINT64 size;
    D3D12_RESOURCE_DESC1 desc;  /* the driver's resource */
    D3D12DDI_HHEAP heap;
    D3D12DDI_HRESOURCE resource;
    void *drv_memory;
    void *cpu;                  /* mapped for upload buffers */
    UINT64 gpu_va;
};

struct rt_fallback_pools
{
    mtx_t mutex;
    struct rt_fb_buffer *classes[RT_FB_KIND_COUNT][RT_FB_CLASS_COUNT];
    struct rt_fb_buffer *lru_head, *lru_tail;   /* head: the most recently kept */
    UINT64 budget;              /* RT_FALLBACK_POOL_BUDGET; the bench sets others */
    struct rt_fallback_pool_stats stats;
};

/* A private CPU descriptor heap of RT_FB_DESCRIPTORS_PER_BLOCK descriptors. */
struct rt_fb_descriptor_block
{
    struct rt_fb_descriptor_block *next;
    D3D12DDI_HDESCRIPTORHEAP heap;
    void *drv_memory;
    D3D12DDI_CPU_DESCRIPTOR_HANDLE start;
};

/* Descriptors of one type, used linearly through the blocks. */
struct rt_fb_descriptors
{
    struct rt_fb_descriptor_block *first, *current;
    UINT used;                  /* of current */
};

/* A pattern tile the allocator holds (fb_services.tile), in a hash chain and in the
 * cache's recency list. */
struct rt_fb_tile
{
    struct rt_fb_tile *next;
    struct rt_fb_tile *lru_prev, *lru_next;
    UINT64 hash;
    struct fb_tile_key key;
    struct fb_buffer_span span;
};

/* The allocator's tiles: chained buckets, a power of two of them, doubled past one
 * tile per bucket on average; at most RT_FB_TILE_CACHE_BUDGET of them, the least
 * recently used forgotten first (its upload memory stays the allocator's: recorded
 * copies read it). */
struct rt_fb_tile_cache
{
    struct rt_fb_tile **buckets;
    struct rt_fb_tile *lru_head, *lru_tail;    /* head: the most recently used */
    UINT bucket_count, count;
};

/* What one command allocator holds. */
struct rt_fallback_allocator
{
    struct rt_fb_buffer *owned;     /* through next */
    struct rt_fb_buffer *upload;    /* the one new upload spans come from */
    UINT64 upload_used;
    struct rt_fb_descriptors descriptors[2];   /* RTV, DSV */
    struct rt_fb_tile_cache tiles;
    /* The clear pipelines its recordings drew with, a reference each (seed 000). */
    struct rt_clear_pipeline **pipelines;
    size_t pipeline_count, pipeline_capacity;
};

/* ---- Pools ------------------------------------------------------------------------------ */

static struct rt_fallback_pools *rt_fb_pools(struct rt_device *device)
{
    struct rt_fallback_pools *pools = atomic_load(&device->fallback_pools), *expected = NULL;

    if (pools)
        return pools;
    if (!(pools = calloc(1, sizeof(*pools))))
        return NULL;
    pools->budget = RT_FALLBACK_POOL_BUDGET;
    if (mtx_init(&pools->mutex, mtx_plain) != thrd_success)
    {
        free(pools);
        return NULL;
    }
    /* Lists of several threads may get here first together: one wins. */
    if (!atomic_compare_exchange_strong(&device->fallback_pools, &expected, pools))
    {
        mtx_destroy(&pools->mutex);
        free(pools);
        return expected;
    }
    return pools;
}

static unsigned int rt_fb_size_class(UINT64 size)
{
    unsigned int i;

    for (i = 0; i + 1 < RT_FB_CLASS_COUNT && rt_fb_class_sizes[i] < size; ++i)
        ;
    return i;
}

static void rt_fb_buffer_destroy(struct rt_device *device, struct rt_fb_buffer *buffer)
{
    rt_device_ddi_lock(device);
    if (buffer->cpu)
        device->ddi.pfnUnmapHeap(device->hdrv, buffer->heap);
    device->ddi.pfnDestroyHeapAndResource(device->hdrv, buffer->heap, buffer->resource);
    rt_device_ddi_unlock(device);
    free(buffer->drv_memory);
    free(buffer);
}

void rt_testing_set_fallback_pool_budget(struct rt_device *device, UINT64 bytes)
{
    struct rt_fallback_pools *pools = rt_fb_pools(device);

    if (!pools)
        return;
    mtx_lock(&pools->mutex);
    pools->budget = bytes;
    mtx_unlock(&pools->mutex);
}

void rt_testing_fail_fallback_buffers(struct rt_device *device, unsigned int count)
{
    atomic_store(&device->testing_fallback_failures, count);
}

/* The test hook's answer: true while failures remain to be had. */
static bool rt_fb_testing_fail(struct rt_device *device)
{
    unsigned int left = atomic_load(&device->testing_fallback_failures);

    while (left && !atomic_compare_exchange_weak(&device->testing_fallback_failures, &left, left - 1))
        ;
    return left != 0;
}

/* The desc of a pooled buffer of a size class. */
static void rt_fb_buffer_desc(unsigned int size_class, D3D12_RESOURCE_DESC1 *desc)
{
    memset(desc, 0, sizeof(*desc));
    desc->Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc->Width = rt_fb_class_sizes[size_class];
    desc->Height = 1;
    desc->DepthOrArraySize = 1;
    desc->MipLevels = 1;
    desc->Format = DXGI_FORMAT_UNKNOWN;
    desc->SampleDesc.Count = 1;
    desc->Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
}

/* A committed buffer in an UPLOAD (mapped) or DEFAULT heap, or a private texture in a
 * DEFAULT heap, made through the DDI: no API object, the runtime's private memory. */
static HRESULT rt_fb_buffer_create(struct rt_device *device, enum rt_fb_kind kind, unsigned int size_class,
                                   const D3D12_RESOURCE_DESC1 *desc, struct rt_fb_buffer **out)
{
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes;
    D3D12DDIARG_CREATERESOURCE_0124 res_args;
    D3D12DDI_RESOURCE_ALLOCATION_INFO info;
    D3D12DDIARG_CREATEHEAP_0124 heap_args;
    D3D12DDI_HRTRESOURCE rt_handle = {NULL};
    struct rt_fb_buffer *buffer;
    SIZE_T heap_size;
    HRESULT hr;

    if (rt_fb_testing_fail(device) || !(buffer = calloc(1, sizeof(*buffer))))
        return E_OUTOFMEMORY;
    buffer->kind = kind;
    buffer->size_class = size_class;
    buffer->desc = *desc;

    memset(&res_args, 0, sizeof(res_args));
    res_args.Kind = D3D12DDI_RESOURCE_KIND_COMMITTED;
    res_args.Desc = *desc;
    /* Textures start in COMMON; each use discards them with a barrier from UNDEFINED
     * (fb_clear_msaa.h). */
    res_args.InitialLayout = kind == RT_FB_TEXTURE ? D3D12_BARRIER_LAYOUT_COMMON : D3D12_BARRIER_LAYOUT_UNDEFINED;
    memset(&heap_args, 0, sizeof(heap_args));
    heap_args.Properties = rt_heap_properties_for_type(device, kind == RT_FB_UPLOAD ? D3D12_HEAP_TYPE_UPLOAD
                                                       : D3D12_HEAP_TYPE_DEFAULT);
    heap_args.Flags = kind == RT_FB_TEXTURE ? D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES
                                            : D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS;

    rt_device_ddi_lock(device);
    device->ddi.pfnGetResourceAllocationInfo(device->hdrv, &res_args.Desc, &info);
    buffer->size = kind == RT_FB_TEXTURE ? info.SizeInBytes : desc->Width;
    heap_args.ByteSize = info.SizeInBytes;
    heap_args.Alignment = info.Alignment;
    sizes = device->ddi.pfnCalcPrivateHeapAndResourceSizes(device->hdrv, &heap_args, &res_args);
    heap_size = (sizes.Heap + 15u) & ~(SIZE_T)15u;
    if (!info.SizeInBytes || info.SizeInBytes == UINT64_MAX || !sizes.Heap || sizes.Heap == (SIZE_T)-1
            || !sizes.Resource || sizes.Resource == (SIZE_T)-1
            || !(buffer->drv_memory = rt_device_alloc_driver_object(heap_size + sizes.Resource)))
    {
        hr = E_OUTOFMEMORY;
        goto fail;
    }
    buffer->heap.pDrvPrivate = buffer->drv_memory;
    buffer->resource.pDrvPrivate = (char *)buffer->drv_memory + heap_size;
    if (FAILED(hr = device->ddi.pfnCreateHeapAndResource(device->hdrv, &heap_args, buffer->heap, rt_handle,
                                                         &res_args, buffer->resource)))
        goto fail;
    if (kind != RT_FB_TEXTURE)
        buffer->gpu_va = device->ddi.pfnGetResourceGpuVirtualAddress(device->hdrv, buffer->resource);
    if (kind == RT_FB_UPLOAD && FAILED(hr = device->ddi.pfnMapHeap(device->hdrv, buffer->heap, &buffer->cpu)))
    {
        buffer->cpu = NULL;
        device->ddi.pfnDestroyHeapAndResource(device->hdrv, buffer->heap, buffer->resource);
        goto fail;
    }
    rt_device_ddi_unlock(device);
    *out = buffer;
    return S_OK;

fail:
    rt_device_ddi_unlock(device);
    RT_WARN("Failed to create a private %s of %" PRIu64 " bytes (0x%08x).", kind == RT_FB_UPLOAD ? "upload buffer"
            : kind == RT_FB_STAGING ? "staging buffer" : "texture", buffer->size, (unsigned int)hr);
    free(buffer->drv_memory);
    free(buffer);
    /* Whatever the driver said, the list is removed as out of memory (seed 000). */
    return E_OUTOFMEMORY;
}

static void rt_fb_unlink_kept(struct rt_fallback_pools *pools, struct rt_fb_buffer *buffer)
{
    struct rt_fb_buffer **head = &pools->classes[buffer->kind][buffer->size_class];

    if (buffer->prev)
        buffer->prev->next = buffer->next;
    else
        *head = buffer->next;
    if (buffer->next)
        buffer->next->prev = buffer->prev;
    if (buffer->lru_prev)
        buffer->lru_prev->lru_next = buffer->lru_next;
    else
        pools->lru_head = buffer->lru_next;
    if (buffer->lru_next)
        buffer->lru_next->lru_prev = buffer->lru_prev;
    else
        pools->lru_tail = buffer->lru_prev;
    buffer->next = buffer->prev = buffer->lru_next = buffer->lru_prev = NULL;
    pools->stats.kept_bytes -= buffer->size;
    --pools->stats.kept_count;
}

static void rt_fb_link_kept(struct rt_fallback_pools *pools, struct rt_fb_buffer *buffer)
{
    struct rt_fb_buffer **head = &pools->classes[buffer->kind][buffer->size_class];

    buffer->prev = NULL;
    buffer->next = *head;
    if (*head)
        (*head)->prev = buffer;
    *head = buffer;
    buffer->lru_prev = NULL;
    buffer->lru_next = pools->lru_head;
    if (pools->lru_head)
        pools->lru_head->lru_prev = buffer;
    else
        pools->lru_tail = buffer;
    pools->lru_head = buffer;
    pools->stats.kept_bytes += buffer->size;
    ++pools->stats.kept_count;
}

/* The most recently kept resource of the pool that fits: a buffer of the kind and
 * class, a texture of the same desc. */
static struct rt_fb_buffer *rt_fb_find_kept(struct rt_fallback_pools *pools, enum rt_fb_kind kind,
                                            unsigned int size_class, const D3D12_RESOURCE_DESC1 *desc)
{
    struct rt_fb_buffer *buffer = pools->classes[kind][size_class];

    while (buffer && kind == RT_FB_TEXTURE && memcmp(&buffer->desc, desc, sizeof(*desc)))
        buffer = buffer->next;
    return buffer;
}

/* Refuse-and-retry (seed 003): a creation that failed lets every buffer and texture the
 * pools keep go, then tries once more. None of them is in use: what the current
 * recording uses is owned by its allocator, never kept. False when nothing was kept,
 * so there is nothing to try again with. */
static bool rt_fb_let_go(struct rt_device *device)
{
    struct rt_fallback_pools *pools = atomic_load(&device->fallback_pools);
    struct rt_fb_buffer *buffer, *next, *doomed = NULL;

    if (!pools)
        return false;
    mtx_lock(&pools->mutex);
    while ((buffer = pools->lru_head))
    {
        rt_fb_unlink_kept(pools, buffer);
        buffer->next = doomed;
        doomed = buffer;
        ++pools->stats.destroyed;
    }
    if (doomed)
        ++pools->stats.let_go;
    mtx_unlock(&pools->mutex);
    for (buffer = doomed; buffer; buffer = next)
    {
        next = buffer->next;
        rt_fb_buffer_destroy(device, buffer);
    }
    return doomed != NULL;
}

/* A resource for the allocator: from the pool, or a new one. Buffers take the smallest
 * class holding `size`; textures (desc non-NULL) match their desc. */
static HRESULT rt_fb_take(struct rt_device *device, struct rt_fallback_allocator *owner, enum rt_fb_kind kind,
                          UINT64 size, const D3D12_RESOURCE_DESC1 *desc, struct rt_fb_buffer **out)
{
    struct rt_fallback_pools *pools = rt_fb_pools(device);
    unsigned int size_class = kind == RT_FB_TEXTURE ? 0 : rt_fb_size_class(size);
    D3D12_RESOURCE_DESC1 buffer_desc;
    struct rt_fb_buffer *buffer;
    HRESULT hr;

    if (!pools)
        return E_OUTOFMEMORY;
    if (!desc)
    {
        rt_fb_buffer_desc(size_class, &buffer_desc);
        desc = &buffer_desc;
    }
    mtx_lock(&pools->mutex);
    if ((buffer = rt_fb_find_kept(pools, kind, size_class, desc)))
    {
        rt_fb_unlink_kept(pools, buffer);
        ++pools->stats.reused;
        pools->stats.owned_bytes += buffer->size;
    }
    mtx_unlock(&pools->mutex);

    if (!buffer)
    {
        /* Outside the pool lock: creation calls the driver. */
        if (FAILED(hr = rt_fb_buffer_create(device, kind, size_class, desc, &buffer))
                && (!rt_fb_let_go(device) || FAILED(hr = rt_fb_buffer_create(device, kind, size_class, desc, &buffer))))
            return hr;
        mtx_lock(&pools->mutex);
        ++pools->stats.created;
        pools->stats.owned_bytes += buffer->size;
        mtx_unlock(&pools->mutex);
    }
    buffer->next = owner->owned;
    owner->owned = buffer;
    *out = buffer;
    return S_OK;
}

/* Hands an allocator's buffers back: kept in the pools when recycling, past the budget
 * the least recently kept destroyed; all destroyed otherwise. */
static void rt_fb_give_back(struct rt_device *device, struct rt_fb_buffer *buffers, bool recycle)
{
    struct rt_fallback_pools *pools = atomic_load(&device->fallback_pools);
    struct rt_fb_buffer *buffer, *next, *doomed = NULL;

    if (!buffers)
        return;
    mtx_lock(&pools->mutex);
    for (buffer = buffers; buffer; buffer = next)
    {
        next = buffer->next;
        pools->stats.owned_bytes -= buffer->size;
        if (recycle)
        {
            rt_fb_link_kept(pools, buffer);
        }
        else
        {
            buffer->next = doomed;
            doomed = buffer;
        }
    }
    while (pools->stats.kept_bytes > pools->budget)
    {
        buffer = pools->lru_tail;
        rt_fb_unlink_kept(pools, buffer);
        buffer->next = doomed;
        doomed = buffer;
    }
    for (buffer = doomed; buffer; buffer = buffer->next)
        ++pools->stats.destroyed;
    mtx_unlock(&pools->mutex);

    for (buffer = doomed; buffer; buffer = next)
    {
        next = buffer->next;
        rt_fb_buffer_destroy(device, buffer);
    }
}

void rt_fallback_pools_destroy(struct rt_device *device)
{
    struct rt_fallback_pools *pools = atomic_load(&device->fallback_pools);

    if (!pools)
        return;
    while (pools->lru_head)
    {
        struct rt_fb_buffer *buffer = pools->lru_head;

        rt_fb_unlink_kept(pools, buffer);
        rt_fb_buffer_destroy(device, buffer);
    }
    mtx_destroy(&pools->mutex);
    free(pools);
    atomic_store(&device->fallback_pools, NULL);
}

void rt_fallback_pool_stats(struct rt_device *device, struct rt_fallback_pool_stats *stats)
{
    struct rt_fallback_pools *pools = rt_fb_pools(device);

    memset(stats, 0, sizeof(*stats));
    if (!pools)
        return;
    mtx_lock(&pools->mutex);
    *stats = pools->stats;
    mtx_unlock(&pools->mutex);
}

/* ---- Allocator-owned memory ---------------------------------------------------------- */

static struct rt_fallback_allocator *rt_fb_owner(struct rt_command_allocator *allocator)
{
    if (!allocator->fallback)
        allocator->fallback = calloc(1, sizeof(*allocator->fallback));
    return allocator->fallback;
}

static HRESULT rt_fb_upload(void *context, UINT64 size, UINT64 alignment, struct fb_buffer_span *span)
{
    struct rt_command_allocator *allocator = context;
    struct rt_fallback_allocator *owner;
    struct rt_fb_buffer *buffer;
    UINT64 offset = 0;
    HRESULT hr;

    if (!size || size > FB_SERVICES_MAX_SPAN || !alignment || alignment > 256 || (alignment & (alignment - 1)))
        return E_INVALIDARG;
    if (!(owner = rt_fb_owner(allocator)))
        return E_OUTOFMEMORY;
    /* Spans are carved linearly from the current buffer; one that does not fit starts
     * a new buffer of the smallest class that holds it. */
    if (owner->upload)
        offset = (owner->upload_used + alignment - 1) & ~(alignment - 1);
    if (!owner->upload || offset + size > owner->upload->size)
    {
        if (FAILED(hr = rt_fb_take(allocator->device, owner, RT_FB_UPLOAD, size, NULL, &buffer)))
            return hr;
        owner->upload = buffer;
        offset = 0;
    }
    buffer = owner->upload;
    owner->upload_used = offset + size;
    span->buffer = buffer->resource;
    span->offset = offset;
    span->size = size;
    span->gpu_va = buffer->gpu_va + offset;
    span->cpu = (char *)buffer->cpu + offset;
    return S_OK;
}

static HRESULT rt_fb_staging(void *context, UINT64 size, struct fb_buffer_span *span)
{
    struct rt_command_allocator *allocator = context;
    struct rt_fallback_allocator *owner;
    struct rt_fb_buffer *buffer;
    HRESULT hr;

    if (!size || size > FB_SERVICES_MAX_SPAN)
        return E_INVALIDARG;
    if (!(owner = rt_fb_owner(allocator)))
        return E_OUTOFMEMORY;
    if (FAILED(hr = rt_fb_take(allocator->device, owner, RT_FB_STAGING, size, NULL, &buffer)))
        return hr;
    span->buffer = buffer->resource;
    span->offset = 0;
    span->size = size;
    span->gpu_va = buffer->gpu_va;
    span->cpu = NULL;
    return S_OK;
}

/* ---- The allocator's tile cache ------------------------------------------------------- */

/* FNV-1a over the key's bytes (the caller zeroed its padding and unused element bytes). */
static UINT64 rt_fb_tile_hash(const struct fb_tile_key *key)
{
    const unsigned char *bytes = (const unsigned char *)key;
    UINT64 hash = 0xcbf29ce484222325ull;
    size_t i;

    for (i = 0; i < sizeof(*key); ++i)
        hash = (hash ^ bytes[i]) * 0x100000001b3ull;
    return hash;
}

static void rt_fb_tile_cache_clear(struct rt_fb_tile_cache *cache)
{
    struct rt_fb_tile *tile, *next;
    UINT i;

    for (i = 0; i < cache->bucket_count; ++i)
    {
        for (tile = cache->buckets[i]; tile; tile = next)
        {
            next = tile->next;
            free(tile);
        }
        cache->buckets[i] = NULL;
    }
    cache->lru_head = cache->lru_tail = NULL;
    cache->count = 0;
}

static void rt_fb_tile_lru_unlink(struct rt_fb_tile_cache *cache, struct rt_fb_tile *tile)
{
    if (tile->lru_prev)
        tile->lru_prev->lru_next = tile->lru_next;
    else
        cache->lru_head = tile->lru_next;
    if (tile->lru_next)
        tile->lru_next->lru_prev = tile->lru_prev;
    else
        cache->lru_tail = tile->lru_prev;
}

static void rt_fb_tile_lru_push(struct rt_fb_tile_cache *cache, struct rt_fb_tile *tile)
{
    tile->lru_prev = NULL;
    tile->lru_next = cache->lru_head;
    if (cache->lru_head)
        cache->lru_head->lru_prev = tile;
    else
        cache->lru_tail = tile;
    cache->lru_head = tile;
}

/* Forgets the least recently used tile. The tile the current call asked for is at
 * the head, and the cache holds more than one when this runs, so it is never the one. */
static void rt_fb_tile_forget_oldest(struct rt_fb_tile_cache *cache)
{
    struct rt_fb_tile *tile = cache->lru_tail, **link;

    for (link = &cache->buckets[tile->hash & (cache->bucket_count - 1)]; *link != tile; link = &(*link)->next)
        ;
    *link = tile->next;
    rt_fb_tile_lru_unlink(cache, tile);
    free(tile);
    --cache->count;
}

/* Doubles the buckets (16 at first); false when memory ran out, the cache unchanged. */
static bool rt_fb_tile_cache_grow(struct rt_fb_tile_cache *cache)
{
    UINT count = cache->bucket_count ? cache->bucket_count * 2 : 16, i;
    struct rt_fb_tile **buckets, *tile, *next;

    if (!(buckets = calloc(count, sizeof(*buckets))))
        return false;
    for (i = 0; i < cache->bucket_count; ++i)
    {
        for (tile = cache->buckets[i]; tile; tile = next)
        {
            next = tile->next;
            tile->next = buckets[tile->hash & (count - 1)];
            buckets[tile->hash & (count - 1)] = tile;
        }
    }
    free(cache->buckets);
    cache->buckets = buckets;
    cache->bucket_count = count;
    return true;
}

static void rt_fb_count_tile(struct rt_device *device, bool cached, bool forgot)
{
    struct rt_fallback_pools *pools = rt_fb_pools(device);

    if (!pools)
        return;
    mtx_lock(&pools->mutex);
    if (cached)
        ++pools->stats.tiles_reused;
    else
        ++pools->stats.tiles_written;
    pools->stats.tiles_forgotten += forgot;
    mtx_unlock(&pools->mutex);
}

static HRESULT rt_fb_tile(void *context, const struct fb_tile_key *key, UINT64 size, struct fb_buffer_span *span,
                          bool *cached)
{
    struct rt_command_allocator *allocator = context;
    const UINT64 alignment = D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT;
    UINT64 hash = rt_fb_tile_hash(key), skip;
    struct rt_fallback_allocator *owner;
    struct rt_fb_tile_cache *cache;
    struct rt_fb_tile *tile;
    bool forgot;
    HRESULT hr;

    if (!size || size > FB_SERVICES_MAX_SPAN / 2)
        return E_INVALIDARG;
    if (!(owner = rt_fb_owner(allocator)))
        return E_OUTOFMEMORY;
    cache = &owner->tiles;
    for (tile = cache->bucket_count ? cache->buckets[hash & (cache->bucket_count - 1)] : NULL; tile; tile = tile->next)
    {
        if (tile->hash == hash && !memcmp(&tile->key, key, sizeof(*key)))
        {
            rt_fb_tile_lru_unlink(cache, tile);
            rt_fb_tile_lru_push(cache, tile);
            *span = tile->span;
            *cached = true;
            rt_fb_count_tile(allocator->device, true, false);
            return S_OK;
        }
    }
    /* Refuse-and-retry: what the pools keep goes before the cache gives up. */
    if (cache->count >= cache->bucket_count && !rt_fb_tile_cache_grow(cache)
            && (!rt_fb_let_go(allocator->device) || !rt_fb_tile_cache_grow(cache)))
        return E_OUTOFMEMORY;
    if (!(tile = calloc(1, sizeof(*tile))) && (!rt_fb_let_go(allocator->device) || !(tile = calloc(1, sizeof(*tile)))))
        return E_OUTOFMEMORY;
    /* Upload spans align to 256 at most; placed footprints start at 512. */
    if (FAILED(hr = rt_fb_upload(allocator, size + alignment / 2, alignment / 2, &tile->span)))
    {
        free(tile);
        return hr;
    }
    skip = ((tile->span.offset + alignment - 1) & ~(alignment - 1)) - tile->span.offset;
    tile->span.offset += skip;
    tile->span.gpu_va += skip;
    tile->span.cpu = (char *)tile->span.cpu + skip;
    tile->span.size = size;
    tile->hash = hash;
    tile->key = *key;
    tile->next = cache->buckets[hash & (cache->bucket_count - 1)];
    cache->buckets[hash & (cache->bucket_count - 1)] = tile;
    rt_fb_tile_lru_push(cache, tile);
    *span = tile->span;
    *cached = false;
    if ((forgot = ++cache->count > RT_FB_TILE_CACHE_BUDGET))
        rt_fb_tile_forget_oldest(cache);
    rt_fb_count_tile(allocator->device, false, forgot);
    return S_OK;
}

static HRESULT rt_fb_texture(void *context, const D3D12_RESOURCE_DESC1 *desc, D3D12DDI_HRESOURCE *texture)
{
    struct rt_command_allocator *allocator = context;
    struct rt_fallback_allocator *owner;
    struct rt_fb_buffer *buffer;
    HRESULT hr;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER || desc->MipLevels != 1
            || !(desc->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)))
        return E_INVALIDARG;
    if (!(owner = rt_fb_owner(allocator)))
        return E_OUTOFMEMORY;
    if (FAILED(hr = rt_fb_take(allocator->device, owner, RT_FB_TEXTURE, 0, desc, &buffer)))
        return hr;
    *texture = buffer->resource;
    return S_OK;
}

/* ---- Private descriptors ------------------------------------------------------------- */

static void rt_fb_descriptor_blocks_destroy(struct rt_device *device, struct rt_fb_descriptor_block *block)
{
    struct rt_fb_descriptor_block *next;

    for (; block; block = next)
    {
        next = block->next;
        rt_device_ddi_lock(device);
        device->ddi.pfnDestroyDescriptorHeap(device->hdrv, block->heap);
        rt_device_ddi_unlock(device);
        free(block->drv_memory);
        free(block);
    }
}

/* After a Reset: the first RT_FB_DESCRIPTOR_BLOCKS_KEPT blocks of each type stay for
 * the next recordings (they are reused from the start, so the later ones are the least
 * recently used); the rest are destroyed. Nothing records into the allocator now. */
static void rt_fb_descriptors_trim(struct rt_device *device, struct rt_fb_descriptors *d)
{
    struct rt_fb_descriptor_block *block = d->first, *doomed;
    struct rt_fallback_pools *pools;
    UINT64 count = 0;
    UINT kept;

    for (kept = 1; block && kept < RT_FB_DESCRIPTOR_BLOCKS_KEPT; ++kept)
        block = block->next;
    if (!block || !(doomed = block->next))
        return;
    block->next = NULL;
    for (block = doomed; block; block = block->next)
        ++count;
    rt_fb_descriptor_blocks_destroy(device, doomed);
    if ((pools = rt_fb_pools(device)))
    {
        mtx_lock(&pools->mutex);
        pools->stats.descriptor_blocks_destroyed += count;
        mtx_unlock(&pools->mutex);
    }
}

static HRESULT rt_fb_descriptor_block_create(struct rt_device *device, D3D12_DESCRIPTOR_HEAP_TYPE type,
                                             struct rt_fb_descriptor_block **out)
{
    D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 args = {type, RT_FB_DESCRIPTORS_PER_BLOCK,
                                                    D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 1};
    struct rt_fb_descriptor_block *block;
    struct rt_fallback_pools *pools;
    HRESULT hr = E_OUTOFMEMORY;

    if (!(pools = rt_fb_pools(device)) || rt_fb_testing_fail(device) || !(block = calloc(1, sizeof(*block))))
        return E_OUTOFMEMORY;
    rt_device_ddi_lock(device);
    if ((block->drv_memory = rt_device_alloc_driver_object(device->ddi.pfnCalcPrivateDescriptorHeapSize(device->hdrv,
                                                                                                        &args))))
    {
        block->heap.pDrvPrivate = block->drv_memory;
        if (SUCCEEDED(hr = device->ddi.pfnCreateDescriptorHeap(device->hdrv, &args, block->heap)))
            block->start = device->ddi.pfnGetCPUDescriptorHandleForHeapStart(device->hdrv, block->heap);
    }
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        free(block->drv_memory);
        free(block);
        return E_OUTOFMEMORY;
    }
    mtx_lock(&pools->mutex);
    ++pools->stats.descriptor_blocks;
    mtx_unlock(&pools->mutex);
    *out = block;
    return S_OK;
}

static HRESULT rt_fb_descriptor(void *context, D3D12_DESCRIPTOR_HEAP_TYPE type, D3D12DDI_CPU_DESCRIPTOR_HANDLE *handle)
{
    struct rt_command_allocator *allocator = context;
    struct rt_device *device = allocator->device;
    struct rt_fb_descriptor_block *block;
    struct rt_fallback_allocator *owner;
    struct rt_fb_descriptors *d;
    HRESULT hr;

    if (type != D3D12_DESCRIPTOR_HEAP_TYPE_RTV && type != D3D12_DESCRIPTOR_HEAP_TYPE_DSV)
        return E_INVALIDARG;
    if (!(owner = rt_fb_owner(allocator)))
        return E_OUTOFMEMORY;
    d = &owner->descriptors[type == D3D12_DESCRIPTOR_HEAP_TYPE_DSV];
    /* The blocks of earlier recordings are reused in order before a new one is made. */
    if (!d->current || d->used == RT_FB_DESCRIPTORS_PER_BLOCK)
    {
        if (d->current && d->current->next)
        {
            d->current = d->current->next;
        }
        else if (!d->current && d->first)
        {
            d->current = d->first;
        }
        else
        {
            /* Refuse-and-retry: what the pools keep goes before the list does. */
            if (FAILED(hr = rt_fb_descriptor_block_create(device, type, &block))
                    && (!rt_fb_let_go(device) || FAILED(hr = rt_fb_descriptor_block_create(device, type, &block))))
                return hr;
            if (d->current)
                d->current->next = block;
            else
                d->first = block;
            d->current = block;
        }
        d->used = 0;
    }
    handle->ptr = d->current->start.ptr + (SIZE_T)d->used++ * device->descriptor_sizes[type];
    return S_OK;
}

static HRESULT rt_fb_render_target_view(void *context, const D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 *view,
                                        D3D12DDI_CPU_DESCRIPTOR_HANDLE *handle)
{
    struct rt_device *device = ((struct rt_command_allocator *)context)->device;
    HRESULT hr;

    if (FAILED(hr = rt_fb_descriptor(context, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, handle)))
        return hr;
    rt_device_ddi_lock(device);
    device->ddi.pfnCreateRenderTargetView(device->hdrv, view, *handle);
    rt_device_ddi_unlock(device);
    return S_OK;
}

static HRESULT rt_fb_depth_stencil_view(void *context, const D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 *view,
                                        D3D12DDI_CPU_DESCRIPTOR_HANDLE *handle)
{
    struct rt_device *device = ((struct rt_command_allocator *)context)->device;
    HRESULT hr;

    if (FAILED(hr = rt_fb_descriptor(context, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, handle)))
        return hr;
    rt_device_ddi_lock(device);
    device->ddi.pfnCreateDepthStencilView(device->hdrv, view, *handle);
    rt_device_ddi_unlock(device);
    return S_OK;
}

void rt_fallback_services(struct rt_command_list *list, struct fb_services *services)
{
    services->context = list->allocator;
    services->upload = rt_fb_upload;
    services->staging = rt_fb_staging;
    services->descriptor = rt_fb_descriptor;
    services->render_target_view = rt_fb_render_target_view;
    services->depth_stencil_view = rt_fb_depth_stencil_view;
    services->tile = rt_fb_tile;
    services->texture = rt_fb_texture;
}

HRESULT rt_fallback_allocator_keep_pipeline(struct rt_command_allocator *allocator,
                                            struct rt_clear_pipeline *pipeline)
{
    struct rt_fallback_allocator *owner;
    struct rt_clear_pipeline **pipelines;
    size_t i, capacity;

    if (!(owner = rt_fb_owner(allocator)))
        return E_OUTOFMEMORY;
    for (i = owner->pipeline_count; i-- > 0;)
    {
        if (owner->pipelines[i] == pipeline)
            return S_OK;
    }
    if (owner->pipeline_count == owner->pipeline_capacity)
    {
        capacity = owner->pipeline_capacity ? owner->pipeline_capacity * 2 : 8;
        if (!(pipelines = realloc(owner->pipelines, capacity * sizeof(*pipelines))))
            return E_OUTOFMEMORY;
        owner->pipelines = pipelines;
        owner->pipeline_capacity = capacity;
    }
    rt_clear_pipeline_add_ref(pipeline);
    owner->pipelines[owner->pipeline_count++] = pipeline;
    return S_OK;
}

static void rt_fb_release_pipelines(struct rt_fallback_allocator *owner)
{
    size_t i;

    for (i = 0; i < owner->pipeline_count; ++i)
        rt_clear_pipeline_release(owner->pipelines[i]);
    owner->pipeline_count = 0;
}

void rt_fallback_allocator_recycle(struct rt_command_allocator *allocator)
{
    struct rt_fallback_allocator *owner = allocator->fallback;
    struct rt_fb_buffer *buffers;
    unsigned int i;

    if (!owner)
        return;
    buffers = owner->owned;
    owner->owned = owner->upload = NULL;
    owner->upload_used = 0;
    for (i = 0; i < RT_ARRAY_SIZE(owner->descriptors); ++i)
    {
        owner->descriptors[i].current = NULL;
        owner->descriptors[i].used = 0;
        rt_fb_descriptors_trim(allocator->device, &owner->descriptors[i]);
    }
    /* The tiles lived in the upload buffers handed back below. */
    rt_fb_tile_cache_clear(&owner->tiles);
    rt_fb_release_pipelines(owner);
    /* A removed device's memory is not worth keeping. */
    rt_fb_give_back(allocator->device, buffers, !rt_device_is_removed(allocator->device));
}

void rt_fallback_allocator_destroy(struct rt_command_allocator *allocator)
{
    struct rt_fallback_allocator *owner = allocator->fallback;
    struct rt_device *device = allocator->device;
    unsigned int i;

    if (!owner)
        return;
    rt_fb_give_back(device, owner->owned, false);
    for (i = 0; i < RT_ARRAY_SIZE(owner->descriptors); ++i)
        rt_fb_descriptor_blocks_destroy(device, owner->descriptors[i].first);
    rt_fb_tile_cache_clear(&owner->tiles);
    free(owner->tiles.buckets);
    rt_fb_release_pipelines(owner);
    free(owner->pipelines);
    free(owner);
    allocator->fallback = NULL;
}

/* ---- The list's state ------------------------------------------------------------------ */

struct rt_fallback_list *rt_fallback_list_get(struct rt_command_list *list)
{
    /* calloc: the recording states start empty. */
    if (!list->fallback && (list->fallback = calloc(1, sizeof(*list->fallback))))
        fb_scope_tracker_init(&list->fallback->scopes);
    return list->fallback;
}

void rt_fallback_list_reset(struct rt_command_list *list)
{
    if (!list->fallback)
        return;
    fb_scope_tracker_clear(&list->fallback->scopes);
    memset(&list->fallback->fill, 0, sizeof(list->fallback->fill));
    fb_clear_recording_reset(&list->fallback->clear);
    memset(&list->fallback->bound_views, 0, sizeof(list->fallback->bound_views));
}

void rt_fallback_list_destroy(struct rt_command_list *list)
{
    if (!list->fallback)
        return;
    fb_scope_tracker_cleanup(&list->fallback->scopes);
    fb_clear_recording_reset(&list->fallback->clear);
    free(list->fallback);
    list->fallback = NULL;
}

void rt_fallback_track_barriers(struct rt_command_list *list, UINT count, const D3D12DDIARG_BARRIER_0124 *barriers)
{
    struct rt_fallback_list *state;

    if (list->device->async.impl != D3D12_ASYNC_COMMANDS_IMPL_FALLBACK)
        return;
    if (!(state = rt_fallback_list_get(list)) || !fb_scope_track_barriers(&state->scopes, count, barriers))
        rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                       "Barrier: out of memory tracking resource scopes");
}
