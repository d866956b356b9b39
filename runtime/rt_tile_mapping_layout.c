/*
 * ID3D12Device16: seed 001's layout tables and registration, and the device's tile
 * mapping queue. The rules, and the HRESULT of each refusal, are specs/api.md's
 * "ExecuteTileMappings"; seed 001 is their source unless a comment says otherwise.
 */
#include <stdlib.h>

#include "rt_device_private.h"
#include "rt_adapter.h"
#include "rt_tile_mapping.h"

bool rt_tile_mapping_supported(const struct rt_device *device)
{
    return device->options.TiledResourcesTier >= D3D12_TILED_RESOURCES_TIER_5;
}

HRESULT rt_tile_mapping_create(struct rt_device *device)
{
    struct rt_tile_mapping_state *state;

    if (!(state = calloc(1, sizeof(*state))))
        return E_OUTOFMEMORY;
    if (mtx_init(&state->mutex, mtx_plain) != thrd_success)
    {
        free(state);
        return E_OUTOFMEMORY;
    }
    device->tile_mapping = state;
    return S_OK;
}

void rt_tile_mapping_destroy(struct rt_device *device)
{
    struct rt_tile_mapping_state *state = device->tile_mapping;

    if (!state)
        return;
    if (state->queue)
        rt_tile_mapping_queue_destroy(state->queue);
    free(state->pools);
    free(state->resources);
    mtx_destroy(&state->mutex);
    free(state);
    device->tile_mapping = NULL;
}

/* Every method starts here: the node exists (one node), tier 5 is there. */
static HRESULT layout_check_node(const struct rt_device *device, const char *method, UINT node)
{
    if (node >= 1)
    {
        RT_WARN("%s: node %u; the device has one node.", method, node);
        return E_INVALIDARG;
    }
    if (!rt_tile_mapping_supported(device))
    {
        RT_WARN("%s: the device does not support tiled resources tier 5.", method);
        return DXGI_ERROR_UNSUPPORTED;
    }
    return S_OK;
}

/* Registration and the queue need initialised tables: DXGI_ERROR_INVALID_CALL, the call
 * is out of order rather than its arguments wrong (specs/api.md). */
static HRESULT layout_check_initialized(const struct rt_tile_mapping_state *state, const char *method)
{
    if (state->initialized)
        return S_OK;
    RT_WARN("%s: InitializeExecuteTileMappingLayoutTables has not succeeded yet.", method);
    return DXGI_ERROR_INVALID_CALL;
}

HRESULT STDMETHODCALLTYPE rt_device_InitializeExecuteTileMappingLayoutTables(rt_device_iface *iface,
        UINT node, UINT pool_count, UINT resource_count)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    const D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 *caps = &device->adapter->tile_mapping_caps;
    const char *method = "InitializeExecuteTileMappingLayoutTables";
    struct rt_tile_mapping_state *state = device->tile_mapping;
    struct rt_resource **resources = NULL;
    struct rt_heap **pools = NULL;
    HRESULT hr;

    RT_TRACE("iface %p, node %u, pool_count %u, resource_count %u.", (void *)iface, node, pool_count,
            resource_count);
    if (FAILED(hr = layout_check_node(device, method, node)))
        return hr;
    if (!pool_count || !resource_count || pool_count > caps->MaxTilePoolLayoutIndexCount
            || resource_count > caps->MaxResourceLayoutIndexCount)
    {
        RT_WARN("%s: counts %u and %u; each must be 1 to its maximum (%u, %u).", method, pool_count, resource_count,
                caps->MaxTilePoolLayoutIndexCount, caps->MaxResourceLayoutIndexCount);
        return E_INVALIDARG;
    }
    mtx_lock(&state->mutex);
    /* The first success fixes both counts for the device's life; a later call fails,
     * even one with the same counts. */
    if (state->initialized)
    {
        mtx_unlock(&state->mutex);
        RT_WARN("%s: the tables of node %u are already initialised.", method, node);
        return DXGI_ERROR_INVALID_CALL;
    }
    if (!(pools = calloc(pool_count, sizeof(*pools))) || !(resources = calloc(resource_count, sizeof(*resources))))
    {
        mtx_unlock(&state->mutex);
        free(pools);
        return E_OUTOFMEMORY;
    }
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnInitializeExecuteTileMappingLayoutTables(device->hdrv, node, pool_count, resource_count);
    rt_device_ddi_unlock(device);
    if (SUCCEEDED(hr))
    {
        state->initialized = true;
        state->pool_count = pool_count;
        state->resource_count = resource_count;
        state->pools = pools;
        state->resources = resources;
    }
    else
    {
        /* A failed attempt leaves the node uninitialised: a retry may choose other counts. */
        RT_WARN("%s: the driver failed (0x%08x).", method, (unsigned int)hr);
        free(pools);
        free(resources);
    }
    mtx_unlock(&state->mutex);
    return hr;
}

/* ---- Registration ---------------------------------------------------------------------- */

/*
 * A batch is checked entry by entry while its slots are claimed, so duplicates inside
 * the call collide with their own earlier claims; any refusal (or the driver's) gives
 * every claim back: registration is atomic.
 */
static void heaps_release_claims(struct rt_tile_mapping_state *state, UINT count, ID3D12Heap **heaps,
        const UINT *indices)
{
    UINT i;

    for (i = 0; i < count; ++i)
    {
        state->pools[indices[i]] = NULL;
        rt_heap_from_iface(heaps[i])->tile_pool_layout = RT_NO_LAYOUT;
    }
}

static HRESULT heaps_claim(struct rt_device *device, UINT count, ID3D12Heap **heaps, const UINT *indices,
        UINT *claimed)
{
    struct rt_tile_mapping_state *state = device->tile_mapping;
    struct rt_heap *heap;
    UINT i;

    for (i = 0; i < count; ++i)
    {
        if (!(heap = rt_heap_from_iface(heaps[i])) || heap->device != device)
        {
            RT_WARN("RegisterHeapLayouts: heap %u is NULL or not of this device.", i);
            break;
        }
        if (!(heap->desc.Flags & D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS))
        {
            RT_WARN("RegisterHeapLayouts: heap %u lacks D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS.", i);
            break;
        }
        if (heap->desc.SizeInBytes < D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES)
        {
            RT_WARN("RegisterHeapLayouts: heap %u holds no 64 KiB tile.", i);
            break;
        }
        if (indices[i] >= state->pool_count)
        {
            RT_WARN("RegisterHeapLayouts: index %u of heap %u is past the table's %u.", indices[i], i,
                    state->pool_count);
            break;
        }
        if (heap->tile_pool_layout != RT_NO_LAYOUT || state->pools[indices[i]])
        {
            RT_WARN("RegisterHeapLayouts: heap %u or its index %u is already registered (or twice in the call).",
                    i, indices[i]);
            break;
        }
        heap->tile_pool_layout = indices[i];
        state->pools[indices[i]] = heap;
    }
    *claimed = i;
    return i == count ? S_OK : E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE rt_device_RegisterHeapLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Heap **heaps, const UINT *indices)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_tile_mapping_state *state = device->tile_mapping;
    D3D12DDI_HHEAP *handles = NULL;
    UINT i, claimed;
    HRESULT hr;

    RT_TRACE("iface %p, node %u, count %u, heaps %p, indices %p.", (void *)iface, node, count, (void *)heaps,
            (const void *)indices);
    if (FAILED(hr = layout_check_node(device, "RegisterHeapLayouts", node)))
        return hr;
    mtx_lock(&state->mutex);
    if (FAILED(hr = layout_check_initialized(state, "RegisterHeapLayouts")))
        goto done;
    hr = E_INVALIDARG;
    if (count && (!heaps || !indices))
        goto done;
    /* More heaps than slots cannot all be unique and in range. */
    if (count > state->pool_count)
        goto done;
    if (!count)
    {
        hr = S_OK;
        goto done;
    }
    if (!(handles = malloc(count * sizeof(*handles))))
    {
        hr = E_OUTOFMEMORY;
        goto done;
    }
    if (FAILED(hr = heaps_claim(device, count, heaps, indices, &claimed)))
    {
        heaps_release_claims(state, claimed, heaps, indices);
        goto done;
    }
    for (i = 0; i < count; ++i)
        handles[i] = rt_heap_from_iface(heaps[i])->hdrv;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnRegisterHeapLayouts(device->hdrv, node, count, handles, indices);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("RegisterHeapLayouts: the driver failed (0x%08x).", (unsigned int)hr);
        heaps_release_claims(state, count, heaps, indices);
    }
done:
    mtx_unlock(&state->mutex);
    free(handles);
    return hr;
}

static void resources_release_claims(struct rt_tile_mapping_state *state, UINT count, ID3D12Resource **resources,
        const UINT *indices)
{
    UINT i;

    for (i = 0; i < count; ++i)
    {
        state->resources[indices[i]] = NULL;
        rt_resource_from_iface(resources[i])->resource_layout = RT_NO_LAYOUT;
    }
}

static HRESULT resources_claim(struct rt_device *device, UINT count, ID3D12Resource **resources,
        const UINT *indices, UINT *claimed)
{
    struct rt_tile_mapping_state *state = device->tile_mapping;
    struct rt_resource *resource;
    UINT i;

    for (i = 0; i < count; ++i)
    {
        if (!(resource = rt_resource_from_iface(resources[i])) || resource->device != device)
        {
            RT_WARN("RegisterResourceLayouts: resource %u is NULL or not of this device.", i);
            break;
        }
        /* Committed, placed and shared resources cannot be registered. */
        if (resource->kind != RT_RESOURCE_RESERVED)
        {
            RT_WARN("RegisterResourceLayouts: resource %u is not a reserved resource.", i);
            break;
        }
        if (!resource->execute_tile_mappings)
        {
            RT_WARN("RegisterResourceLayouts: resource %u lacks D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS.", i);
            break;
        }
        if (indices[i] >= state->resource_count)
        {
            RT_WARN("RegisterResourceLayouts: index %u of resource %u is past the table's %u.", indices[i], i,
                    state->resource_count);
            break;
        }
        if (resource->resource_layout != RT_NO_LAYOUT || state->resources[indices[i]])
        {
            RT_WARN("RegisterResourceLayouts: resource %u or its index %u is already registered (or twice in the "
                    "call).", i, indices[i]);
            break;
        }
        resource->resource_layout = indices[i];
        state->resources[indices[i]] = resource;
    }
    *claimed = i;
    return i == count ? S_OK : E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE rt_device_RegisterResourceLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Resource **resources, const UINT *indices)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_tile_mapping_state *state = device->tile_mapping;
    D3D12DDI_HRESOURCE *handles = NULL;
    UINT i, claimed;
    HRESULT hr;

    RT_TRACE("iface %p, node %u, count %u, resources %p, indices %p.", (void *)iface, node, count,
            (void *)resources, (const void *)indices);
    if (FAILED(hr = layout_check_node(device, "RegisterResourceLayouts", node)))
        return hr;
    mtx_lock(&state->mutex);
    if (FAILED(hr = layout_check_initialized(state, "RegisterResourceLayouts")))
        goto done;
    hr = E_INVALIDARG;
    if ((count && (!resources || !indices)) || count > state->resource_count)
        goto done;
    if (!count)
    {
        hr = S_OK;
        goto done;
    }
    if (!(handles = malloc(count * sizeof(*handles))))
    {
        hr = E_OUTOFMEMORY;
        goto done;
    }
    if (FAILED(hr = resources_claim(device, count, resources, indices, &claimed)))
    {
        resources_release_claims(state, claimed, resources, indices);
        goto done;
    }
    for (i = 0; i < count; ++i)
        handles[i] = rt_resource_from_iface(resources[i])->hdrv;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnRegisterResourceLayouts(device->hdrv, node, count, handles, indices);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("RegisterResourceLayouts: the driver failed (0x%08x).", (unsigned int)hr);
        resources_release_claims(state, count, resources, indices);
    }
done:
    mtx_unlock(&state->mutex);
    free(handles);
    return hr;
}

/* ---- Unregistration ---------------------------------------------------------------------- */

/*
 * Null, foreign, duplicate or unregistered entries (and for resources, non-reserved ones)
 * fail the whole call: the indices are gathered first and a duplicate shows as an index
 * already gathered. Unregistration frees a slot and releases nothing else.
 */
static bool index_seen(const UINT *indices, UINT count, UINT index)
{
    UINT i;

    for (i = 0; i < count; ++i)
    {
        if (indices[i] == index)
            return true;
    }
    return false;
}

HRESULT STDMETHODCALLTYPE rt_device_UnregisterHeapLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Heap **heaps)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_tile_mapping_state *state = device->tile_mapping;
    struct rt_heap *heap;
    UINT *indices = NULL;
    HRESULT hr;
    UINT i;

    RT_TRACE("iface %p, node %u, count %u, heaps %p.", (void *)iface, node, count, (void *)heaps);
    if (FAILED(hr = layout_check_node(device, "UnregisterHeapLayouts", node)))
        return hr;
    mtx_lock(&state->mutex);
    hr = E_INVALIDARG;
    if ((count && !heaps) || count > state->pool_count)
        goto done;
    if (!count)
    {
        hr = S_OK;
        goto done;
    }
    if (!(indices = malloc(count * sizeof(*indices))))
    {
        hr = E_OUTOFMEMORY;
        goto done;
    }
    for (i = 0; i < count; ++i)
    {
        if (!(heap = rt_heap_from_iface(heaps[i])) || heap->device != device || heap->tile_pool_layout == RT_NO_LAYOUT
                || index_seen(indices, i, heap->tile_pool_layout))
        {
            RT_WARN("UnregisterHeapLayouts: heap %u is NULL, foreign, unregistered or a duplicate.", i);
            goto done;
        }
        indices[i] = heap->tile_pool_layout;
    }
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnUnregisterHeapLayouts(device->hdrv, node, count, indices);
    rt_device_ddi_unlock(device);
    if (SUCCEEDED(hr))
    {
        for (i = 0; i < count; ++i)
        {
            state->pools[indices[i]] = NULL;
            rt_heap_from_iface(heaps[i])->tile_pool_layout = RT_NO_LAYOUT;
        }
    }
done:
    mtx_unlock(&state->mutex);
    free(indices);
    return hr;
}

HRESULT STDMETHODCALLTYPE rt_device_UnregisterResourceLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Resource **resources)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_tile_mapping_state *state = device->tile_mapping;
    struct rt_resource *resource;
    UINT *indices = NULL;
    HRESULT hr;
    UINT i;

    RT_TRACE("iface %p, node %u, count %u, resources %p.", (void *)iface, node, count, (void *)resources);
    if (FAILED(hr = layout_check_node(device, "UnregisterResourceLayouts", node)))
        return hr;
    mtx_lock(&state->mutex);
    hr = E_INVALIDARG;
    if ((count && !resources) || count > state->resource_count)
        goto done;
    if (!count)
    {
        hr = S_OK;
        goto done;
    }
    if (!(indices = malloc(count * sizeof(*indices))))
    {
        hr = E_OUTOFMEMORY;
        goto done;
    }
    for (i = 0; i < count; ++i)
    {
        if (!(resource = rt_resource_from_iface(resources[i])) || resource->device != device
                || resource->kind != RT_RESOURCE_RESERVED || resource->resource_layout == RT_NO_LAYOUT
                || index_seen(indices, i, resource->resource_layout))
        {
            RT_WARN("UnregisterResourceLayouts: resource %u is NULL, foreign, not reserved, unregistered or a "
                    "duplicate.", i);
            goto done;
        }
        indices[i] = resource->resource_layout;
    }
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnUnregisterResourceLayouts(device->hdrv, node, count, indices);
    rt_device_ddi_unlock(device);
    if (SUCCEEDED(hr))
    {
        for (i = 0; i < count; ++i)
        {
            state->resources[indices[i]] = NULL;
            rt_resource_from_iface(resources[i])->resource_layout = RT_NO_LAYOUT;
        }
    }
done:
    mtx_unlock(&state->mutex);
    free(indices);
    return hr;
}

void rt_tile_mapping_forget_heap(struct rt_heap *heap)
{
    struct rt_device *device = heap->device;
    struct rt_tile_mapping_state *state = device->tile_mapping;
    UINT index;

    if (!state)
        return;
    mtx_lock(&state->mutex);
    if ((index = heap->tile_pool_layout) != RT_NO_LAYOUT)
    {
        rt_device_ddi_lock(device);
        device->ddi.pfnUnregisterHeapLayouts(device->hdrv, 0, 1, &index);
        rt_device_ddi_unlock(device);
        state->pools[index] = NULL;
        heap->tile_pool_layout = RT_NO_LAYOUT;
    }
    mtx_unlock(&state->mutex);
}

void rt_tile_mapping_forget_resource(struct rt_resource *resource)
{
    struct rt_device *device = resource->device;
    struct rt_tile_mapping_state *state = device->tile_mapping;
    UINT index;

    if (!state)
        return;
    mtx_lock(&state->mutex);
    if ((index = resource->resource_layout) != RT_NO_LAYOUT)
    {
        rt_device_ddi_lock(device);
        device->ddi.pfnUnregisterResourceLayouts(device->hdrv, 0, 1, &index);
        rt_device_ddi_unlock(device);
        state->resources[index] = NULL;
        resource->resource_layout = RT_NO_LAYOUT;
    }
    mtx_unlock(&state->mutex);
}

/* ---- The queue ------------------------------------------------------------------------------ */

/* One queue per physical adapter, created through the driver at the first request after
 * initialisation; the same object answers every later request. */
HRESULT STDMETHODCALLTYPE rt_device_GetTileMappingQueue(rt_device_iface *iface, UINT node, REFIID riid,
        void **out)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_tile_mapping_state *state = device->tile_mapping;
    HRESULT hr;

    RT_TRACE("iface %p, node %u, riid %s, out %p.", (void *)iface, node, rt_debugstr_guid(riid), (void *)out);
    rt_clear_out(out);
    if (!out)
        return E_POINTER;
    if (FAILED(hr = layout_check_node(device, "GetTileMappingQueue", node)))
        return hr;
    mtx_lock(&state->mutex);
    if (SUCCEEDED(hr = layout_check_initialized(state, "GetTileMappingQueue")) && !state->queue)
        hr = rt_tile_mapping_queue_create(device, &state->queue);
    mtx_unlock(&state->mutex);
    if (FAILED(hr))
        return hr;
    return ID3D12TileMappingQueue_QueryInterface(rt_tile_mapping_queue_iface(state->queue), riid, out);
}
