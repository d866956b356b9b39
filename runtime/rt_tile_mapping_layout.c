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
    const void **resources = NULL, **pools = NULL;
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

/* What registration does with heaps (tile pools) and reserved resources alike. */
struct layout_kind
{
    const char *register_method, *unregister_method;
    /* The runtime object behind an application pointer, or NULL and why: registration
     * takes eligible objects of this device, unregistration any of this device's of the
     * kind (for resources: reserved ones). */
    void *(*object)(const struct rt_device *device, void *iface, bool registering, const char **why);
    UINT *(*index)(void *object);        /* its stored layout index (guarded by the mutex) */
    UINT (*table_count)(const struct rt_tile_mapping_state *state);
    const void **(*slot)(struct rt_tile_mapping_state *state, UINT index);
    HRESULT (*driver_register)(struct rt_device *device, UINT count, void *const *objects, const UINT *indices);
    HRESULT (*driver_unregister)(struct rt_device *device, UINT count, const UINT *indices);
};

static void *heap_object(const struct rt_device *device, void *iface, bool registering, const char **why)
{
    struct rt_heap *heap = rt_heap_from_iface(iface);

    if (!heap || heap->device != device)
        *why = "NULL or not of this device";
    else if (registering && !(heap->desc.Flags & D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS))
        *why = "created without D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS";
    else if (registering && heap->desc.SizeInBytes < D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES)
        *why = "smaller than one 64 KiB tile";
    else
        return heap;
    return NULL;
}

static UINT *heap_index(void *object)
{
    return &((struct rt_heap *)object)->tile_pool_layout;
}

static UINT pool_count(const struct rt_tile_mapping_state *state)
{
    return state->pool_count;
}

static const void **pool_slot(struct rt_tile_mapping_state *state, UINT index)
{
    return &state->pools[index];
}

static HRESULT heaps_register(struct rt_device *device, UINT count, void *const *objects, const UINT *indices)
{
    D3D12DDI_HHEAP *handles;
    HRESULT hr;
    UINT i;

    if (!(handles = malloc(count * sizeof(*handles))))
        return E_OUTOFMEMORY;
    for (i = 0; i < count; ++i)
        handles[i] = ((struct rt_heap *)objects[i])->hdrv;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnRegisterHeapLayouts(device->hdrv, 0, count, handles, indices);
    rt_device_ddi_unlock(device);
    free(handles);
    return hr;
}

static HRESULT heaps_unregister(struct rt_device *device, UINT count, const UINT *indices)
{
    HRESULT hr;

    rt_device_ddi_lock(device);
    hr = device->ddi.pfnUnregisterHeapLayouts(device->hdrv, 0, count, indices);
    rt_device_ddi_unlock(device);
    return hr;
}

static const struct layout_kind heap_kind =
{
    "RegisterHeapLayouts", "UnregisterHeapLayouts", heap_object, heap_index, pool_count, pool_slot,
    heaps_register, heaps_unregister,
};

/* Committed, placed and shared resources cannot be registered. */
static void *resource_object(const struct rt_device *device, void *iface, bool registering, const char **why)
{
    struct rt_resource *resource = rt_resource_from_iface(iface);

    if (!resource || resource->device != device)
        *why = "NULL or not of this device";
    else if (resource->kind != RT_RESOURCE_RESERVED)
        *why = "not a reserved resource";
    else if (registering && !resource->execute_tile_mappings)
        *why = "created without D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS";
    else
        return resource;
    return NULL;
}

static UINT *resource_index(void *object)
{
    return &((struct rt_resource *)object)->resource_layout;
}

static UINT resource_count(const struct rt_tile_mapping_state *state)
{
    return state->resource_count;
}

static const void **resource_slot(struct rt_tile_mapping_state *state, UINT index)
{
    return &state->resources[index];
}

static HRESULT resources_register(struct rt_device *device, UINT count, void *const *objects, const UINT *indices)
{
    D3D12DDI_HRESOURCE *handles;
    HRESULT hr;
    UINT i;

    if (!(handles = malloc(count * sizeof(*handles))))
        return E_OUTOFMEMORY;
    for (i = 0; i < count; ++i)
        handles[i] = ((struct rt_resource *)objects[i])->hdrv;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnRegisterResourceLayouts(device->hdrv, 0, count, handles, indices);
    rt_device_ddi_unlock(device);
    free(handles);
    return hr;
}

static HRESULT resources_unregister(struct rt_device *device, UINT count, const UINT *indices)
{
    HRESULT hr;

    rt_device_ddi_lock(device);
    hr = device->ddi.pfnUnregisterResourceLayouts(device->hdrv, 0, count, indices);
    rt_device_ddi_unlock(device);
    return hr;
}

static const struct layout_kind resource_kind =
{
    "RegisterResourceLayouts", "UnregisterResourceLayouts", resource_object, resource_index, resource_count,
    resource_slot, resources_register, resources_unregister,
};

static void layout_release_claims(struct rt_tile_mapping_state *state, const struct layout_kind *kind, UINT count,
        void *const *objects, const UINT *indices)
{
    UINT i;

    for (i = 0; i < count; ++i)
    {
        *kind->slot(state, indices[i]) = NULL;
        *kind->index(objects[i]) = RT_NO_LAYOUT;
    }
}

/*
 * A batch is checked entry by entry while its slots are claimed, so duplicates inside
 * the call collide with their own earlier claims; any refusal (or the driver's) gives
 * every claim back: registration is atomic. After success the index stays stored in
 * the object.
 */
static HRESULT layout_register(struct rt_device *device, const struct layout_kind *kind, UINT node, UINT count,
        void *const *ifaces, const UINT *indices)
{
    struct rt_tile_mapping_state *state = device->tile_mapping;
    const char *why = NULL;
    void **objects = NULL;
    UINT i, *index;
    HRESULT hr;

    if (FAILED(hr = layout_check_node(device, kind->register_method, node)))
        return hr;
    mtx_lock(&state->mutex);
    if (FAILED(hr = layout_check_initialized(state, kind->register_method)))
        goto done;
    hr = E_INVALIDARG;
    /* More objects than slots cannot all be unique and in range. */
    if ((count && (!ifaces || !indices)) || count > kind->table_count(state))
        goto done;
    if (!count)
    {
        hr = S_OK;
        goto done;
    }
    if (!(objects = malloc(count * sizeof(*objects))))
    {
        hr = E_OUTOFMEMORY;
        goto done;
    }
    for (i = 0; i < count; ++i)
    {
        if (!(objects[i] = kind->object(device, ifaces[i], true, &why)))
            break;
        why = "its index is past the table, or it or its index is registered already (or twice in the call)";
        if (indices[i] >= kind->table_count(state) || *(index = kind->index(objects[i])) != RT_NO_LAYOUT
                || *kind->slot(state, indices[i]))
            break;
        *index = indices[i];
        *kind->slot(state, indices[i]) = objects[i];
    }
    if (i < count)
    {
        RT_WARN("%s: entry %u: %s.", kind->register_method, i, why);
        layout_release_claims(state, kind, i, objects, indices);
        goto done;
    }
    if (FAILED(hr = kind->driver_register(device, count, objects, indices)))
    {
        RT_WARN("%s: the driver failed (0x%08x).", kind->register_method, (unsigned int)hr);
        layout_release_claims(state, kind, count, objects, indices);
    }
done:
    mtx_unlock(&state->mutex);
    free(objects);
    return hr;
}

HRESULT STDMETHODCALLTYPE rt_device_RegisterHeapLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Heap **heaps, const UINT *indices)
{
    RT_TRACE("iface %p, node %u, count %u, heaps %p, indices %p.", (void *)iface, node, count, (void *)heaps,
            (const void *)indices);
    return layout_register(impl_from_ID3D12Device(iface), &heap_kind, node, count, (void *const *)heaps, indices);
}

HRESULT STDMETHODCALLTYPE rt_device_RegisterResourceLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Resource **resources, const UINT *indices)
{
    RT_TRACE("iface %p, node %u, count %u, resources %p, indices %p.", (void *)iface, node, count,
            (void *)resources, (const void *)indices);
    return layout_register(impl_from_ID3D12Device(iface), &resource_kind, node, count, (void *const *)resources,
            indices);
}

/* ---- Unregistration ---------------------------------------------------------------------- */

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

/*
 * Null, foreign, duplicate or unregistered entries (and for resources, non-reserved ones)
 * fail the whole call: the indices are gathered first and a duplicate shows as an index
 * already gathered. Unregistration frees a slot and releases nothing else.
 */
static HRESULT layout_unregister(struct rt_device *device, const struct layout_kind *kind, UINT node, UINT count,
        void *const *ifaces)
{
    struct rt_tile_mapping_state *state = device->tile_mapping;
    const char *why = "unregistered or a duplicate";
    void **objects = NULL;
    UINT *indices = NULL;
    HRESULT hr;
    UINT i;

    if (FAILED(hr = layout_check_node(device, kind->unregister_method, node)))
        return hr;
    mtx_lock(&state->mutex);
    hr = E_INVALIDARG;
    if ((count && !ifaces) || count > kind->table_count(state))
        goto done;
    if (!count)
    {
        hr = S_OK;
        goto done;
    }
    if (!(indices = malloc(count * sizeof(*indices))) || !(objects = malloc(count * sizeof(*objects))))
    {
        hr = E_OUTOFMEMORY;
        goto done;
    }
    for (i = 0; i < count; ++i)
    {
        if (!(objects[i] = kind->object(device, ifaces[i], false, &why)) || *kind->index(objects[i]) == RT_NO_LAYOUT
                || index_seen(indices, i, *kind->index(objects[i])))
        {
            RT_WARN("%s: entry %u: %s.", kind->unregister_method, i, why);
            goto done;
        }
        indices[i] = *kind->index(objects[i]);
    }
    if (SUCCEEDED(hr = kind->driver_unregister(device, count, indices)))
        layout_release_claims(state, kind, count, objects, indices);
done:
    mtx_unlock(&state->mutex);
    free(objects);
    free(indices);
    return hr;
}

HRESULT STDMETHODCALLTYPE rt_device_UnregisterHeapLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Heap **heaps)
{
    RT_TRACE("iface %p, node %u, count %u, heaps %p.", (void *)iface, node, count, (void *)heaps);
    return layout_unregister(impl_from_ID3D12Device(iface), &heap_kind, node, count, (void *const *)heaps);
}

HRESULT STDMETHODCALLTYPE rt_device_UnregisterResourceLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Resource **resources)
{
    RT_TRACE("iface %p, node %u, count %u, resources %p.", (void *)iface, node, count, (void *)resources);
    return layout_unregister(impl_from_ID3D12Device(iface), &resource_kind, node, count, (void *const *)resources);
}

/* Destroying a registered object unregisters it first. */
static void layout_forget(struct rt_device *device, const struct layout_kind *kind, void *object)
{
    struct rt_tile_mapping_state *state = device->tile_mapping;
    UINT index;

    if (!state)
        return;
    mtx_lock(&state->mutex);
    if ((index = *kind->index(object)) != RT_NO_LAYOUT)
    {
        kind->driver_unregister(device, 1, &index);
        layout_release_claims(state, kind, 1, &object, &index);
    }
    mtx_unlock(&state->mutex);
}

void rt_tile_mapping_forget_heap(struct rt_heap *heap)
{
    layout_forget(heap->device, &heap_kind, heap);
}

void rt_tile_mapping_forget_resource(struct rt_resource *resource)
{
    layout_forget(resource->device, &resource_kind, resource);
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
