/*
 * ID3D12CommandQueue2. Every entry that reaches the driver's queue table does so under
 * the queue's lock (the driver sees one call at a time per queue, as on Windows).
 *
 * ExecuteCommandLists with a list that is still recording removes the device with
 * DXGI_ERROR_INVALID_CALL, as Windows does (vkd3d's test_device_removed_reason, written
 * to pass on Windows). A list that is removed (Close reported a failure), of a type the
 * queue does not run, or not one of ours drops the whole call with a warning: no list of
 * it executes and the device stays healthy (ExecuteCommandLists' documentation: the
 * runtime drops the call). Each is reported on the info queue.
 */
#define CONST_VTABLE
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_cmdlist.h"
#include "rt_create.h"
#include "rt_fence.h"
#include "rt_queue.h"
#include "rt_info_queue.h"
#include "rt_swlist.h"
#include "rt_tile.h"
#include "rt_tile_mapping.h"

static const ID3D12CommandQueue2Vtbl rt_command_queue_vtbl;

static struct rt_command_queue *impl_from_iface(rt_command_queue_iface *iface)
{
    return RT_CONTAINING(iface, struct rt_command_queue, ID3D12CommandQueue_iface);
}

struct rt_command_queue *rt_command_queue_from_iface(ID3D12CommandQueue *iface)
{
    if (!iface || (const void *)iface->lpVtbl != (const void *)&rt_command_queue_vtbl)
        return NULL;
    return impl_from_iface((rt_command_queue_iface *)iface);
}

static void rt_command_queue_lock(struct rt_command_queue *queue)
{
    mtx_lock(&queue->mutex);
    rt_device_ddi_lock(queue->device);
}

static void rt_command_queue_unlock(struct rt_command_queue *queue)
{
    rt_device_ddi_unlock(queue->device);
    mtx_unlock(&queue->mutex);
}

static void rt_command_queue_destroy(struct rt_command_queue *queue)
{
    struct rt_device *device = queue->device;

    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyCommandQueue(device->hdrv, queue->hdrv);
    rt_device_ddi_unlock(device);
    /* Nothing of the queue executes any more (specs/ddi.md, section 13). */
    rt_queue_timeline_destroy(device, &queue->timeline);
    mtx_destroy(&queue->mutex);
    free(queue->drv_memory);
    rt_private_store_destroy(&queue->private_store);
    free(queue);
    rt_device_release_internal_ref(device);
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_QueryInterface(rt_command_queue_iface *iface, REFIID riid,
                                                                 void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", iface, rt_debugstr_guid(riid), object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12CommandQueue2) || rt_guid_equal(riid, &IID_ID3D12CommandQueue1)
            || rt_guid_equal(riid, &IID_ID3D12CommandQueue)
            || rt_guid_equal(riid, &IID_ID3D12Pageable) || rt_guid_equal(riid, &IID_ID3D12DeviceChild)
            || rt_guid_equal(riid, &IID_ID3D12Object) || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12CommandQueue2_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_command_queue_AddRef(rt_command_queue_iface *iface)
{
    struct rt_command_queue *queue = impl_from_iface(iface);
    ULONG refcount = atomic_fetch_add(&queue->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", queue, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_command_queue_Release(rt_command_queue_iface *iface)
{
    struct rt_command_queue *queue = impl_from_iface(iface);
    ULONG refcount = atomic_fetch_sub(&queue->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", queue, refcount);
    if (!refcount)
        rt_command_queue_destroy(queue);
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_GetPrivateData(rt_command_queue_iface *iface, REFGUID guid,
                                                                 UINT *size, void *data)
{
    return rt_private_store_get(&impl_from_iface(iface)->private_store, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_SetPrivateData(rt_command_queue_iface *iface, REFGUID guid,
                                                                 UINT size, const void *data)
{
    return rt_private_store_set(&impl_from_iface(iface)->private_store, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_SetPrivateDataInterface(rt_command_queue_iface *iface,
                                                                          REFGUID guid, const IUnknown *data)
{
    return rt_private_store_set_interface(&impl_from_iface(iface)->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_SetName(rt_command_queue_iface *iface, LPCWSTR name)
{
    RT_TRACE("iface %p, name %s.", iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&impl_from_iface(iface)->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_GetDevice(rt_command_queue_iface *iface, REFIID riid,
                                                            void **device)
{
    struct rt_command_queue *queue = impl_from_iface(iface);

    RT_TRACE("iface %p, riid %s, device %p.", iface, rt_debugstr_guid(riid), device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device_QueryInterface((ID3D12Device *)&queue->device->ID3D12Device_iface, riid, device);
}

/* ---- Tile mappings -------------------------------------------------------------------- */

/*
 * The queue's methods that return nothing drop a call they refuse with an EXECUTION
 * error in the info queue, and the driver never sees it: UpdateTileMappings and
 * CopyTileMappings with UPDATETILEMAPPINGS_INVALID_PARAMETER or
 * COPYTILEMAPPINGS_INVALID_PARAMETER, ExecuteCommandLists (below) with its own IDs.
 */
static bool rt_queue_drop(const struct rt_command_queue *queue, D3D12_MESSAGE_ID id, const char *method,
                          const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static bool rt_queue_drop(const struct rt_command_queue *queue, D3D12_MESSAGE_ID id, const char *method,
                          const char *fmt, ...)
{
    char text[256];
    va_list args;

    va_start(args, fmt);
    vsnprintf(text, sizeof(text), fmt, args);
    va_end(args);
    RT_WARN("%s: %s; dropped.", method, text);
    rt_info_queue_add(queue->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, id,
                      "%s: %s; the call is dropped", method, text);
    return false;
}

static struct rt_resource *rt_queue_reserved(ID3D12Resource *iface)
{
    struct rt_resource *resource = rt_resource_from_iface(iface);

    return resource && resource->kind == RT_RESOURCE_RESERVED ? resource : NULL;
}

static UINT rt_queue_heap_tiles(const struct rt_heap *heap)
{
    return (UINT)(heap->desc.SizeInBytes / D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES);
}

/* The heap flag that keeps a resource of this kind out of a heap. */
static D3D12_HEAP_FLAGS rt_queue_heap_deny_flag(const struct rt_resource *resource)
{
    if (rt_resource_is_buffer(resource))
        return D3D12_HEAP_FLAG_DENY_BUFFERS;
    if (resource->desc.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
        return D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES;
    return D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES;
}

/* The regions with the API's defaults: no coordinates (one region) start at 0; no
 * sizes are the whole resource without coordinates, else one tile per region. */
static void rt_queue_region(const struct rt_resource *resource, UINT i,
                            const D3D12_TILED_RESOURCE_COORDINATE *coordinates, const D3D12_TILE_REGION_SIZE *sizes,
                            D3D12_TILED_RESOURCE_COORDINATE *start, D3D12_TILE_REGION_SIZE *size)
{
    UINT total;

    memset(start, 0, sizeof(*start));
    if (coordinates)
        *start = coordinates[i];
    memset(size, 0, sizeof(*size));
    if (sizes)
    {
        *size = sizes[i];
        return;
    }
    rt_resource_get_tiling(resource, &total, NULL, NULL, NULL, 0, NULL);
    size->NumTiles = coordinates ? 1 : total;
}

static bool rt_queue_validate_update(const struct rt_command_queue *queue, struct rt_resource *resource,
        UINT region_count, const D3D12_TILED_RESOURCE_COORDINATE *coordinates, const D3D12_TILE_REGION_SIZE *sizes,
        const struct rt_heap *heap, UINT range_count, const D3D12_TILE_RANGE_FLAGS *range_flags,
        const UINT *heap_offsets, const UINT *range_tile_counts, D3D12_TILE_MAPPING_FLAGS flags)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_UPDATETILEMAPPINGS_INVALID_PARAMETER;
    const char *method = "UpdateTileMappings";
    UINT64 region_tiles = 0, range_tiles = 0, tiles;
    D3D12_TILED_RESOURCE_COORDINATE start;
    D3D12_TILE_REGION_SIZE size;
    D3D12_TILE_RANGE_FLAGS f;
    char why[192];
    UINT i, count;

    if (flags & ~D3D12_TILE_MAPPING_FLAG_NO_HAZARD)
        return rt_queue_drop(queue, id, method, "unknown flags %#x", flags);
    if (!coordinates && region_count > 1)
        return rt_queue_drop(queue, id, method, "%u regions without start coordinates", region_count);
    if (heap && (heap->desc.Flags & rt_queue_heap_deny_flag(resource)))
        return rt_queue_drop(queue, id, method, "the heap's flags %#x deny this kind of resource",
                             heap->desc.Flags);
    for (i = 0; i < region_count; ++i)
    {
        rt_queue_region(resource, i, coordinates, sizes, &start, &size);
        if (!rt_tile_region_check(resource, &start, &size, &tiles, why, sizeof(why))
                || !rt_tile_region_check_packed(resource, &start, &size, why, sizeof(why)))
            return rt_queue_drop(queue, id, method, "region %u: %s", i, why);
        region_tiles += tiles;
    }
    for (i = 0; i < range_count; ++i)
    {
        f = range_flags ? range_flags[i] : D3D12_TILE_RANGE_FLAG_NONE;
        if (f != D3D12_TILE_RANGE_FLAG_NONE && f != D3D12_TILE_RANGE_FLAG_NULL && f != D3D12_TILE_RANGE_FLAG_SKIP
                && f != D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE)
            return rt_queue_drop(queue, id, method, "range %u has flags %#x", i, f);
        count = range_tile_counts ? range_tile_counts[i] : range_count == 1 ? (UINT)region_tiles : 1;
        range_tiles += count;
        if (f == D3D12_TILE_RANGE_FLAG_NULL || f == D3D12_TILE_RANGE_FLAG_SKIP)
            continue;
        /* The range maps heap tiles. */
        if (!heap)
            return rt_queue_drop(queue, id, method, "range %u maps tiles but there is no heap", i);
        if (!heap_offsets)
            return rt_queue_drop(queue, id, method, "range %u maps tiles without heap offsets", i);
        if ((UINT64)heap_offsets[i] + (f == D3D12_TILE_RANGE_FLAG_REUSE_SINGLE_TILE ? !!count : count)
                > rt_queue_heap_tiles(heap))
            return rt_queue_drop(queue, id, method, "range %u (tiles %u + %u) passes the heap's %u tiles", i,
                                 heap_offsets[i], count, rt_queue_heap_tiles(heap));
    }
    if (range_tiles != region_tiles)
        return rt_queue_drop(queue, id, method, "the ranges hold %" PRIu64 " tiles, the regions %" PRIu64,
                             range_tiles, region_tiles);
    return true;
}

static void rt_queue_coordinate_to_ddi(const D3D12_TILED_RESOURCE_COORDINATE *in,
                                      D3D12DDI_TILED_RESOURCE_COORDINATE *out)
{
    out->X = in->X;
    out->Y = in->Y;
    out->Z = in->Z;
    out->Subresource = in->Subresource;
}

static void rt_queue_region_size_to_ddi(const D3D12_TILE_REGION_SIZE *in, D3D12DDI_TILE_REGION_SIZE *out)
{
    out->NumTiles = in->NumTiles;
    out->UseBox = in->UseBox;
    out->Width = in->Width;
    out->Height = in->Height;
    out->Depth = in->Depth;
}

static void STDMETHODCALLTYPE rt_command_queue_UpdateTileMappings(rt_command_queue_iface *iface,
        ID3D12Resource *resource_iface, UINT region_count, const D3D12_TILED_RESOURCE_COORDINATE *coordinates,
        const D3D12_TILE_REGION_SIZE *sizes, ID3D12Heap *heap_iface, UINT range_count,
        const D3D12_TILE_RANGE_FLAGS *range_flags, const UINT *heap_offsets, const UINT *range_tile_counts,
        D3D12_TILE_MAPPING_FLAGS flags)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_UPDATETILEMAPPINGS_INVALID_PARAMETER;
    struct rt_command_queue *queue = impl_from_iface(iface);
    struct rt_device *device = queue->device;
    D3D12DDI_TILED_RESOURCE_COORDINATE *ddi_coordinates = NULL;
    D3D12DDI_TILE_REGION_SIZE *ddi_sizes = NULL;
    struct rt_resource *resource;
    struct rt_heap *heap = NULL;
    UINT64 ticket;
    UINT i;

    RT_TRACE("iface %p, resource %p, region_count %u, heap %p, range_count %u, flags %#x.",
             iface, resource_iface, region_count, heap_iface, range_count, flags);

    if (device->options.TiledResourcesTier == D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED)
    {
        rt_queue_drop(queue, id, "UpdateTileMappings", "the device has no tiled resources");
        return;
    }
    if (!(resource = rt_queue_reserved(resource_iface)))
    {
        rt_queue_drop(queue, id, "UpdateTileMappings", "resource %p is not a reserved resource of this device",
                      (void *)resource_iface);
        return;
    }
    if (heap_iface && !(heap = rt_heap_from_iface(heap_iface)))
    {
        rt_queue_drop(queue, id, "UpdateTileMappings", "heap %p is not one of this device's",
                      (void *)heap_iface);
        return;
    }
    /* Seed 001 keeps ExecuteTileMappings' objects apart from the legacy mapping calls. */
    if (resource->execute_tile_mappings)
    {
        rt_queue_drop(queue, id, "UpdateTileMappings",
                      "the resource was created with D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS");
        return;
    }
    if (heap && (heap->desc.Flags & D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS))
    {
        rt_queue_drop(queue, id, "UpdateTileMappings",
                      "the heap was created with D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS");
        return;
    }
    if (!rt_queue_validate_update(queue, resource, region_count, coordinates, sizes, heap, range_count, range_flags,
                                  heap_offsets, range_tile_counts, flags))
        return;
    if (!device->ddi_queue.pfnUpdateTileMappings)
    {
        RT_WARN("UpdateTileMappings: the driver cannot map tiles; dropped.");
        return;
    }

    /* NULL arrays keep the API's defaults, which the DDI inherits. */
    if ((coordinates && !(ddi_coordinates = calloc(region_count, sizeof(*ddi_coordinates))))
            || (sizes && !(ddi_sizes = calloc(region_count, sizeof(*ddi_sizes)))))
    {
        RT_WARN("UpdateTileMappings: out of memory; dropped.");
        free(ddi_coordinates);
        return;
    }
    for (i = 0; i < region_count; ++i)
    {
        if (coordinates)
            rt_queue_coordinate_to_ddi(&coordinates[i], &ddi_coordinates[i]);
        if (sizes)
            rt_queue_region_size_to_ddi(&sizes[i], &ddi_sizes[i]);
    }

    rt_command_queue_lock(queue);
    device->ddi_queue.pfnUpdateTileMappings(queue->hdrv, resource->hdrv, region_count, ddi_coordinates, ddi_sizes,
                                            heap ? heap->hdrv : (D3D12DDI_HHEAP){NULL}, range_count, range_flags,
                                            heap_offsets, range_tile_counts, flags);
    ticket = rt_queue_timeline_submit(device, &queue->timeline, queue->hdrv);
    rt_command_queue_unlock(queue);
    rt_queue_timeline_publish(device, &queue->timeline, ticket, 0, NULL);
    free(ddi_coordinates);
    free(ddi_sizes);
}

static void STDMETHODCALLTYPE rt_command_queue_CopyTileMappings(rt_command_queue_iface *iface,
        ID3D12Resource *dst_iface, const D3D12_TILED_RESOURCE_COORDINATE *dst_start,
        ID3D12Resource *src_iface, const D3D12_TILED_RESOURCE_COORDINATE *src_start,
        const D3D12_TILE_REGION_SIZE *size, D3D12_TILE_MAPPING_FLAGS flags)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_COPYTILEMAPPINGS_INVALID_PARAMETER;
    const char *method = "CopyTileMappings";
    struct rt_command_queue *queue = impl_from_iface(iface);
    struct rt_device *device = queue->device;
    D3D12DDI_TILED_RESOURCE_COORDINATE ddi_dst_start, ddi_src_start;
    D3D12DDI_TILE_REGION_SIZE ddi_size;
    struct rt_resource *dst, *src;
    char why[192];
    UINT64 tiles, ticket;

    RT_TRACE("iface %p, dst %p, src %p, flags %#x.", iface, dst_iface, src_iface, flags);

    if (device->options.TiledResourcesTier == D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED)
    {
        rt_queue_drop(queue, id, method, "the device has no tiled resources");
        return;
    }
    if (!(dst = rt_queue_reserved(dst_iface)) || !(src = rt_queue_reserved(src_iface)))
    {
        rt_queue_drop(queue, id, method, "the %s is not a reserved resource of this device",
                      dst ? "source" : "destination");
        return;
    }
    if (dst->execute_tile_mappings || src->execute_tile_mappings)
    {
        rt_queue_drop(queue, id, method, "the %s was created with D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS",
                      dst->execute_tile_mappings ? "destination" : "source");
        return;
    }
    if (!dst_start || !src_start || !size)
    {
        rt_queue_drop(queue, id, method, "NULL coordinates or size");
        return;
    }
    if (flags & ~D3D12_TILE_MAPPING_FLAG_NO_HAZARD)
    {
        rt_queue_drop(queue, id, method, "unknown flags %#x", flags);
        return;
    }
    if (!rt_tile_region_check(dst, dst_start, size, &tiles, why, sizeof(why))
            || !rt_tile_region_check_packed(dst, dst_start, size, why, sizeof(why)))
    {
        rt_queue_drop(queue, id, method, "destination: %s", why);
        return;
    }
    if (!rt_tile_region_check(src, src_start, size, &tiles, why, sizeof(why)))
    {
        rt_queue_drop(queue, id, method, "source: %s", why);
        return;
    }
    if (!device->ddi_queue.pfnCopyTileMappings)
    {
        RT_WARN("CopyTileMappings: the driver cannot copy tile mappings; dropped.");
        return;
    }

    rt_queue_coordinate_to_ddi(dst_start, &ddi_dst_start);
    rt_queue_coordinate_to_ddi(src_start, &ddi_src_start);
    rt_queue_region_size_to_ddi(size, &ddi_size);
    rt_command_queue_lock(queue);
    device->ddi_queue.pfnCopyTileMappings(queue->hdrv, dst->hdrv, &ddi_dst_start, src->hdrv, &ddi_src_start,
                                          &ddi_size, flags);
    ticket = rt_queue_timeline_submit(device, &queue->timeline, queue->hdrv);
    rt_command_queue_unlock(queue);
    rt_queue_timeline_publish(device, &queue->timeline, ticket, 0, NULL);
}

/* ---- Submission ----------------------------------------------------------------------- */

/* The list as Microsoft's layer names it, "0x...:'name'" (specs/debug.md, "Object names"):
 * only for a message, as it locks the list's private data. */
static const char *list_name(struct rt_command_list *list)
{
    return rt_debugstr_object(&list->private_store, &list->ID3D12GraphicsCommandList_iface,
                              "ID3D12GraphicsCommandList");
}

static bool rt_command_queue_accepts(const struct rt_command_queue *queue, struct rt_command_list *list,
                                     UINT index)
{
    HRESULT error;

    if (!list)
        return rt_queue_drop(queue, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2, "ExecuteCommandLists",
                             "list %u is NULL or not one of ours", index);
    if (list->is_recording)
    {
        rt_queue_drop(queue, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_OPENCOMMANDLIST, "ExecuteCommandLists",
                      "list %u (%s) is not closed: the device is removed", index, list_name(list));
        rt_device_mark_removed(queue->device, DXGI_ERROR_INVALID_CALL);
        return false;
    }
    if ((error = atomic_load(&((struct rt_command_list *)list)->error)) != S_OK)
        return rt_queue_drop(queue, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST, "ExecuteCommandLists",
                             "list %u (%s) failed recording (hr %#x)", index, list_name(list),
                             (unsigned int)error);
    if (!list->hdrv.pDrvPrivate)
        return rt_queue_drop(queue, D3D12_MESSAGE_ID_CANNOT_EXECUTE_EMPTY_COMMAND_LIST, "ExecuteCommandLists",
                             "list %u (%s) was never recorded", index, list_name(list));
    if (list->type != queue->desc.Type)
        return rt_queue_drop(queue, list->type == D3D12_COMMAND_LIST_TYPE_BUNDLE
                             ? D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED
                             : D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH, "ExecuteCommandLists",
                             "list %u is a %s list, the queue runs %s lists", index,
                             rt_command_list_type_name(list->type), rt_command_list_type_name(queue->desc.Type));
    return true;
}

/* Submissions of up to this many lists allocate nothing on their way to the driver. */
#define RT_QUEUE_INLINE_LISTS 64

static void STDMETHODCALLTYPE rt_command_queue_ExecuteCommandLists(rt_command_queue_iface *iface, UINT count,
                                                                   ID3D12CommandList *const *lists)
{
    struct rt_command_queue *queue = impl_from_iface(iface);
    D3D12DDI_HCOMMANDLIST inline_handles[RT_QUEUE_INLINE_LISTS], *handles = inline_handles;
    struct rt_device *device = queue->device;
    UINT64 ticket;
    HRESULT hr;
    UINT i;

    RT_TRACE("iface %p, count %u, lists %p.", iface, count, lists);

    if (!count)
        return;
    if (!lists)
    {
        rt_queue_drop(queue, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2, "ExecuteCommandLists", "NULL list array");
        return;
    }
    if (rt_device_is_removed(device))
    {
        RT_WARN("ExecuteCommandLists: the device is removed; the call is dropped.");
        return;
    }
    /* Submitted work is never lost silently: without memory for the handles the device
     * is removed, so that every later call and fence says so. */
    if (count > RT_QUEUE_INLINE_LISTS && !(handles = calloc(count, sizeof(*handles))))
    {
        RT_WARN("ExecuteCommandLists: out of memory for %u lists; the device is removed.", count);
        rt_device_mark_removed(device, E_OUTOFMEMORY);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        struct rt_command_list *list = rt_command_list_from_list_iface(lists[i]);

        if (!rt_command_queue_accepts(queue, list, i))
            goto done;
        handles[i] = list->hdrv;
        if (device->info_queue)
            rt_command_list_report_released(list);
    }
    if (!rt_render_pass_check_execution(device, count, lists))
        goto done;
    /* Software lists reach the driver now, each replayed into its driver list. Out of
     * memory there removes the device, as for the handles above: the application's
     * Close already succeeded, and work it submitted is never lost silently. */
    for (i = 0; device->software_lists && i < count; ++i)
    {
        if (FAILED(hr = rt_swlist_replay(rt_command_list_from_list_iface(lists[i]), &handles[i])))
        {
            if (hr == E_OUTOFMEMORY)
            {
                RT_WARN("ExecuteCommandLists: out of memory replaying list %u; the device is removed.", i);
                rt_device_mark_removed(device, E_OUTOFMEMORY);
            }
            else
            {
                rt_queue_drop(queue, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST, "ExecuteCommandLists",
                              "list %u could not be replayed", i);
            }
            goto done;
        }
    }

    rt_command_queue_lock(queue);
    device->ddi_queue.pfnExecuteCommandLists(queue->hdrv, count, handles);
    ticket = rt_queue_timeline_submit(device, &queue->timeline, queue->hdrv);
    rt_command_queue_unlock(queue);
    rt_queue_timeline_publish(device, &queue->timeline, ticket, count, lists);
done:
    if (handles != inline_handles)
        free(handles);
}

/* PIX markers on queues: nothing reaches the driver; they show in traces. */
static void STDMETHODCALLTYPE rt_command_queue_SetMarker(rt_command_queue_iface *iface, UINT metadata,
                                                         const void *data, UINT size)
{
    RT_TRACE("iface %p, metadata %#x, data %p, size %u.", iface, metadata, data, size);
}

static void STDMETHODCALLTYPE rt_command_queue_BeginEvent(rt_command_queue_iface *iface, UINT metadata,
                                                          const void *data, UINT size)
{
    RT_TRACE("iface %p, metadata %#x, data %p, size %u.", iface, metadata, data, size);
}

static void STDMETHODCALLTYPE rt_command_queue_EndEvent(rt_command_queue_iface *iface)
{
    RT_TRACE("iface %p.", iface);
}

static HRESULT rt_command_queue_fence_op(struct rt_command_queue *queue, ID3D12Fence *fence_iface, UINT64 value,
                                         bool signal)
{
    struct rt_device *device = queue->device;
    struct rt_fence *fence = rt_fence_from_iface(fence_iface);
    D3D12DDIARG_FENCE_OPERATION_0124 op;
    void (APIENTRY *entry)(D3D12DDI_HCOMMANDQUEUE, const D3D12DDIARG_FENCE_OPERATION_0124 *);
    UINT64 ticket;

    if (!fence)
    {
        RT_WARN("NULL or foreign fence %p.", fence_iface);
        return E_INVALIDARG;
    }
    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (!(entry = signal ? device->ddi_queue.pfnSignalFence : device->ddi_queue.pfnWaitForFence))
        return E_NOTIMPL;

    op.hFence = fence->hdrv;
    op.Value = value;
    rt_command_queue_lock(queue);
    entry(queue->hdrv, &op);
    /* A ticket after it: the fence, released early, lives until the queue passed it. */
    ticket = rt_queue_timeline_submit_fence_op(device, &queue->timeline, queue->hdrv);
    rt_command_queue_unlock(queue);
    rt_queue_timeline_publish(device, &queue->timeline, ticket, 0, NULL);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_Signal(rt_command_queue_iface *iface, ID3D12Fence *fence,
                                                         UINT64 value)
{
    RT_TRACE("iface %p, fence %p, value %#" PRIx64 ".", iface, fence, value);
    return rt_command_queue_fence_op(impl_from_iface(iface), fence, value, true);
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_Wait(rt_command_queue_iface *iface, ID3D12Fence *fence,
                                                       UINT64 value)
{
    RT_TRACE("iface %p, fence %p, value %#" PRIx64 ".", iface, fence, value);
    return rt_command_queue_fence_op(impl_from_iface(iface), fence, value, false);
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_GetTimestampFrequency(rt_command_queue_iface *iface,
                                                                        UINT64 *frequency)
{
    struct rt_command_queue *queue = impl_from_iface(iface);
    struct rt_device *device = queue->device;
    HRESULT hr;

    RT_TRACE("iface %p, frequency %p.", iface, frequency);

    if (!frequency)
        return E_INVALIDARG;
    if (!device->ddi_queue.pfnGetTimestampFrequency)
        return E_FAIL;
    rt_command_queue_lock(queue);
    hr = device->ddi_queue.pfnGetTimestampFrequency(queue->hdrv, frequency);
    rt_command_queue_unlock(queue);
    return hr;
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_GetClockCalibration(rt_command_queue_iface *iface,
                                                                      UINT64 *gpu_timestamp, UINT64 *cpu_timestamp)
{
    struct rt_command_queue *queue = impl_from_iface(iface);
    struct rt_device *device = queue->device;
    HRESULT hr;

    RT_TRACE("iface %p, gpu_timestamp %p, cpu_timestamp %p.", iface, gpu_timestamp, cpu_timestamp);

    if (!gpu_timestamp || !cpu_timestamp)
        return E_INVALIDARG;
    if (!device->ddi_queue.pfnGetClockCalibration)
        return E_FAIL;
    rt_command_queue_lock(queue);
    hr = device->ddi_queue.pfnGetClockCalibration(queue->hdrv, gpu_timestamp, cpu_timestamp);
    rt_command_queue_unlock(queue);
    return hr;
}

static D3D12_COMMAND_QUEUE_DESC STDMETHODCALLTYPE rt_command_queue_GetDesc(rt_command_queue_iface *iface)
{
    RT_TRACE("iface %p.", iface);
    return impl_from_iface(iface)->desc;
}

/* ---- ID3D12CommandQueue1: priorities are recorded; the driver has no entry for them. */

static HRESULT STDMETHODCALLTYPE rt_command_queue_SetProcessPriority(rt_command_queue_iface *iface,
                                                                     D3D12_COMMAND_QUEUE_PROCESS_PRIORITY priority)
{
    RT_TRACE("iface %p, priority %#x.", iface, priority);

    if (priority != D3D12_COMMAND_QUEUE_PROCESS_PRIORITY_NORMAL
            && priority != D3D12_COMMAND_QUEUE_PROCESS_PRIORITY_HIGH)
        return E_INVALIDARG;
    impl_from_iface(iface)->process_priority = priority;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_GetProcessPriority(rt_command_queue_iface *iface,
                                                                     D3D12_COMMAND_QUEUE_PROCESS_PRIORITY *priority)
{
    RT_TRACE("iface %p, priority %p.", iface, priority);

    if (!priority)
        return E_INVALIDARG;
    *priority = impl_from_iface(iface)->process_priority;
    return S_OK;
}

static bool rt_global_priority_is_valid(D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY priority)
{
    return priority == D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_IDLE
            || priority == D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_DEFAULT
            || priority == D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_NORMAL_0
            || (priority >= D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_0
                && priority <= D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_HARD_REALTIME);
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_SetGlobalPriority(rt_command_queue_iface *iface,
                                                                    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY priority)
{
    RT_TRACE("iface %p, priority %#x.", iface, priority);

    if (!rt_global_priority_is_valid(priority))
        return E_INVALIDARG;
    impl_from_iface(iface)->global_priority = priority;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_command_queue_GetGlobalPriority(rt_command_queue_iface *iface,
                                                                    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY *priority)
{
    RT_TRACE("iface %p, priority %p.", iface, priority);

    if (!priority)
        return E_INVALIDARG;
    *priority = impl_from_iface(iface)->global_priority;
    return S_OK;
}

/* ---- ID3D12CommandQueue2: seed 001's mapping query, for capture tools. */

static HRESULT STDMETHODCALLTYPE rt_command_queue_QueryRegisteredReservedResourceMappings(
        rt_command_queue_iface *iface, ID3D12Resource *reserved, UINT64 start, UINT64 count, UINT64 output_offset,
        ID3D12Resource *output)
{
    RT_TRACE("iface %p, reserved %p, start %" PRIu64 ", count %" PRIu64 ", output %p+%" PRIu64 ".", iface,
             reserved, start, count, output, output_offset);
    return rt_tile_mapping_query(impl_from_iface(iface)->device, reserved, start, count, output_offset, output);
}

static const ID3D12CommandQueue2Vtbl rt_command_queue_vtbl =
{
    /* IUnknown methods */
    rt_command_queue_QueryInterface,
    rt_command_queue_AddRef,
    rt_command_queue_Release,
    /* ID3D12Object methods */
    rt_command_queue_GetPrivateData,
    rt_command_queue_SetPrivateData,
    rt_command_queue_SetPrivateDataInterface,
    rt_command_queue_SetName,
    /* ID3D12DeviceChild methods */
    rt_command_queue_GetDevice,
    /* ID3D12CommandQueue methods */
    rt_command_queue_UpdateTileMappings,
    rt_command_queue_CopyTileMappings,
    rt_command_queue_ExecuteCommandLists,
    rt_command_queue_SetMarker,
    rt_command_queue_BeginEvent,
    rt_command_queue_EndEvent,
    rt_command_queue_Signal,
    rt_command_queue_Wait,
    rt_command_queue_GetTimestampFrequency,
    rt_command_queue_GetClockCalibration,
    rt_command_queue_GetDesc,
    /* ID3D12CommandQueue1 methods */
    rt_command_queue_SetProcessPriority,
    rt_command_queue_GetProcessPriority,
    rt_command_queue_SetGlobalPriority,
    rt_command_queue_GetGlobalPriority,
    /* ID3D12CommandQueue2 methods */
    rt_command_queue_QueryRegisteredReservedResourceMappings,
};

static HRESULT rt_command_queue_validate_desc(const D3D12_COMMAND_QUEUE_DESC *desc)
{
    if (!desc)
        return E_INVALIDARG;
    if (desc->Type != D3D12_COMMAND_LIST_TYPE_DIRECT && desc->Type != D3D12_COMMAND_LIST_TYPE_COMPUTE
            && desc->Type != D3D12_COMMAND_LIST_TYPE_COPY)
    {
        RT_WARN("Invalid queue type %#x.", desc->Type);
        return E_INVALIDARG;
    }
    if (desc->Priority != D3D12_COMMAND_QUEUE_PRIORITY_NORMAL && desc->Priority != D3D12_COMMAND_QUEUE_PRIORITY_HIGH
            && desc->Priority != D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME)
    {
        RT_WARN("Invalid queue priority %d.", desc->Priority);
        return E_INVALIDARG;
    }
    if (desc->Flags & ~D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT)
    {
        RT_WARN("Invalid queue flags %#x.", desc->Flags);
        return E_INVALIDARG;
    }
    if (desc->NodeMask > 1)
    {
        RT_WARN("Invalid node mask %#x.", desc->NodeMask);
        return E_INVALIDARG;
    }
    return S_OK;
}

HRESULT rt_command_queue_create(struct rt_device *device, const D3D12_COMMAND_QUEUE_DESC *desc,
                                REFIID riid, void **object)
{
    D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 args;
    D3D12DDI_HRTCOMMANDQUEUE rt_handle;
    struct rt_command_queue *queue;
    SIZE_T size;
    HRESULT hr;

    rt_clear_out(object);
    if (FAILED(hr = rt_command_queue_validate_desc(desc)))
        return hr;
    if (!object)
        return S_FALSE;
    if (!(queue = calloc(1, sizeof(*queue))))
        return E_OUTOFMEMORY;
    queue->ID3D12CommandQueue_iface.lpVtbl = &rt_command_queue_vtbl;
    atomic_init(&queue->refcount, 1);
    queue->device = device;
    queue->desc = *desc;
    /* One node: a mask of 0 means node 0, and GetDesc reports it as 1 (vkd3d's
     * test_create_command_queue, written to pass on Windows). */
    queue->desc.NodeMask = 1;
    queue->process_priority = D3D12_COMMAND_QUEUE_PROCESS_PRIORITY_NORMAL;
    queue->global_priority = D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_DEFAULT;
    if (FAILED(hr = rt_private_store_init(&queue->private_store)))
        goto fail_store;
    if (mtx_init(&queue->mutex, mtx_plain) != thrd_success)
    {
        hr = E_OUTOFMEMORY;
        goto fail_mutex;
    }

    args.Type = desc->Type;
    args.Priority = desc->Priority;
    args.Flags = desc->Flags;
    args.NodeMask = queue->desc.NodeMask;
    size = device->ddi.pfnCalcPrivateCommandQueueSize(device->hdrv, &args);
    if (!(queue->drv_memory = rt_device_alloc_driver_object(size)))
    {
        hr = E_OUTOFMEMORY;
        goto fail_driver;
    }
    queue->hdrv.pDrvPrivate = queue->drv_memory;
    rt_handle.handle = queue;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCreateCommandQueue(device->hdrv, &args, queue->hdrv, rt_handle);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("The driver failed to create a command queue, hr %#x.", (unsigned int)hr);
        free(queue->drv_memory);
        goto fail_driver;
    }
    if (FAILED(hr = rt_queue_timeline_create(device, &queue->timeline)))
    {
        RT_WARN("No timeline fence for the queue, hr %#x.", (unsigned int)hr);
        rt_device_ddi_lock(device);
        device->ddi.pfnDestroyCommandQueue(device->hdrv, queue->hdrv);
        rt_device_ddi_unlock(device);
        free(queue->drv_memory);
        goto fail_driver;
    }

    rt_device_add_internal_ref(device);
    RT_TRACE("Created %s command queue %p.", rt_command_list_type_name(desc->Type), queue);
    return rt_return_interface(&queue->ID3D12CommandQueue_iface, &IID_ID3D12CommandQueue1, riid, object);

fail_driver:
    mtx_destroy(&queue->mutex);
fail_mutex:
    rt_private_store_destroy(&queue->private_store);
fail_store:
    free(queue);
    return hr;
}
