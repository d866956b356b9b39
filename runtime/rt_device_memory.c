/* ID3D12Device methods for memory: heaps, resources, allocation info, footprints, residency. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_device_private.h"
#include "rt_descriptor_heap.h"
#include "rt_resource.h"
#include "rt_tile.h"
#include "rt_tile_mapping.h"
#include "ddi_layout.h"
#include "ddi_tile.h"

/* Creates the resource and hands it out as riid; ppvResource NULL only checks (S_FALSE). */
static HRESULT device_create_resource(struct rt_device *device, const struct rt_resource_create_info *info,
        REFIID riid, void **out)
{
    struct rt_resource *resource;
    HRESULT hr;

    rt_clear_out(out);
    if (FAILED(hr = rt_resource_create(device, info, &resource)))
        return hr;
    if (!out)
    {
        ID3D12Resource2_Release(&resource->ID3D12Resource_iface);
        return S_FALSE;
    }
    return rt_return_interface(&resource->ID3D12Resource_iface, &IID_ID3D12Resource2, riid, out);
}

static HRESULT device_create_committed(rt_device_iface *iface, const D3D12_HEAP_PROPERTIES *heap_properties,
        D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC1 *desc, bool has_layout,
        D3D12_RESOURCE_STATES state, D3D12_BARRIER_LAYOUT layout, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, UINT32 castable_count, const DXGI_FORMAT *castable_formats,
        REFIID riid, void **resource)
{
    struct rt_resource_create_info info;

    memset(&info, 0, sizeof(info));
    info.kind = RT_RESOURCE_COMMITTED;
    info.heap_properties = heap_properties;
    info.heap_flags = heap_flags;
    info.desc = desc;
    info.has_layout = has_layout;
    info.initial_state = state;
    info.initial_layout = layout;
    info.clear_value = clear_value;
    info.protected_session = session;
    info.castable_format_count = castable_count;
    info.castable_formats = castable_formats;
    return device_create_resource(impl_from_ID3D12Device(iface), &info, riid, resource);
}

static HRESULT device_create_placed(rt_device_iface *iface, ID3D12Heap *heap, UINT64 heap_offset,
        const D3D12_RESOURCE_DESC1 *desc, bool has_layout, D3D12_RESOURCE_STATES state, D3D12_BARRIER_LAYOUT layout,
        const D3D12_CLEAR_VALUE *clear_value, UINT32 castable_count, const DXGI_FORMAT *castable_formats,
        REFIID riid, void **resource)
{
    struct rt_resource_create_info info;

    memset(&info, 0, sizeof(info));
    info.kind = RT_RESOURCE_PLACED;
    info.heap = rt_heap_from_iface(heap);
    info.heap_offset = heap_offset;
    info.desc = desc;
    info.has_layout = has_layout;
    info.initial_state = state;
    info.initial_layout = layout;
    info.clear_value = clear_value;
    info.castable_format_count = castable_count;
    info.castable_formats = castable_formats;
    return device_create_resource(impl_from_ID3D12Device(iface), &info, riid, resource);
}

static HRESULT device_create_reserved(rt_device_iface *iface, const D3D12_RESOURCE_DESC *desc, bool has_layout,
        D3D12_RESOURCE_STATES state, D3D12_BARRIER_LAYOUT layout, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, UINT32 castable_count, const DXGI_FORMAT *castable_formats,
        REFIID riid, void **resource)
{
    struct rt_resource_create_info info;
    D3D12_RESOURCE_DESC1 desc1;

    if (desc)
        desc1 = rt_resource_desc1_from_desc(desc);
    memset(&info, 0, sizeof(info));
    info.kind = RT_RESOURCE_RESERVED;
    info.desc = desc ? &desc1 : NULL;
    info.has_layout = has_layout;
    info.initial_state = state;
    info.initial_layout = layout;
    info.clear_value = clear_value;
    info.protected_session = session;
    info.castable_format_count = castable_count;
    info.castable_formats = castable_formats;
    return device_create_resource(impl_from_ID3D12Device(iface), &info, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateCommittedResource(rt_device_iface *iface,
        const D3D12_HEAP_PROPERTIES *heap_properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES initial_state, const D3D12_CLEAR_VALUE *clear_value, REFIID riid, void **resource)
{
    RT_TRACE("iface %p, heap_properties %p, heap_flags %#x, desc %p, initial_state %#x, clear_value %p, "
            "riid %s, resource %p.", (void *)iface, (const void *)heap_properties, heap_flags, (const void *)desc,
            initial_state, (const void *)clear_value, rt_debugstr_guid(riid), (void *)resource);
    return rt_device_CreateCommittedResource1(iface, heap_properties, heap_flags, desc, initial_state,
            clear_value, NULL, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateCommittedResource1(rt_device_iface *iface,
        const D3D12_HEAP_PROPERTIES *heap_properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES initial_state, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **resource)
{
    D3D12_RESOURCE_DESC1 desc1;

    RT_TRACE("iface %p, heap_properties %p, heap_flags %#x, desc %p, initial_state %#x, clear_value %p, "
            "session %p, riid %s, resource %p.", (void *)iface, (const void *)heap_properties, heap_flags,
            (const void *)desc, initial_state, (const void *)clear_value, (void *)session, rt_debugstr_guid(riid),
            (void *)resource);
    if (desc)
        desc1 = rt_resource_desc1_from_desc(desc);
    return device_create_committed(iface, heap_properties, heap_flags, desc ? &desc1 : NULL, false, initial_state,
            D3D12_BARRIER_LAYOUT_UNDEFINED, clear_value, session, 0, NULL, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateCommittedResource2(rt_device_iface *iface,
        const D3D12_HEAP_PROPERTIES *heap_properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC1 *desc,
        D3D12_RESOURCE_STATES initial_state, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **resource)
{
    RT_TRACE("iface %p, heap_properties %p, heap_flags %#x, desc %p, initial_state %#x, clear_value %p, "
            "session %p, riid %s, resource %p.", (void *)iface, (const void *)heap_properties, heap_flags,
            (const void *)desc, initial_state, (const void *)clear_value, (void *)session, rt_debugstr_guid(riid),
            (void *)resource);
    return device_create_committed(iface, heap_properties, heap_flags, desc, false, initial_state,
            D3D12_BARRIER_LAYOUT_UNDEFINED, clear_value, session, 0, NULL, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateCommittedResource3(rt_device_iface *iface,
        const D3D12_HEAP_PROPERTIES *heap_properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC1 *desc,
        D3D12_BARRIER_LAYOUT initial_layout, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, UINT32 castable_format_count, DXGI_FORMAT *castable_formats,
        REFIID riid, void **resource)
{
    RT_TRACE("iface %p, heap_properties %p, heap_flags %#x, desc %p, initial_layout %#x, clear_value %p, "
            "session %p, castable_format_count %u, castable_formats %p, riid %s, resource %p.", (void *)iface,
            (const void *)heap_properties, heap_flags, (const void *)desc, initial_layout,
            (const void *)clear_value, (void *)session, castable_format_count, (void *)castable_formats,
            rt_debugstr_guid(riid), (void *)resource);
    return device_create_committed(iface, heap_properties, heap_flags, desc, true, 0, initial_layout, clear_value,
            session, castable_format_count, castable_formats, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreatePlacedResource(rt_device_iface *iface, ID3D12Heap *heap,
        UINT64 heap_offset, const D3D12_RESOURCE_DESC *desc, D3D12_RESOURCE_STATES initial_state,
        const D3D12_CLEAR_VALUE *clear_value, REFIID riid, void **resource)
{
    D3D12_RESOURCE_DESC1 desc1;

    RT_TRACE("iface %p, heap %p, heap_offset %#" PRIx64 ", desc %p, initial_state %#x, clear_value %p, "
            "riid %s, resource %p.", (void *)iface, (void *)heap, (uint64_t)heap_offset, (const void *)desc,
            initial_state, (const void *)clear_value, rt_debugstr_guid(riid), (void *)resource);
    if (desc)
        desc1 = rt_resource_desc1_from_desc(desc);
    return device_create_placed(iface, heap, heap_offset, desc ? &desc1 : NULL, false, initial_state,
            D3D12_BARRIER_LAYOUT_UNDEFINED, clear_value, 0, NULL, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreatePlacedResource1(rt_device_iface *iface, ID3D12Heap *heap,
        UINT64 heap_offset, const D3D12_RESOURCE_DESC1 *desc, D3D12_RESOURCE_STATES initial_state,
        const D3D12_CLEAR_VALUE *clear_value, REFIID riid, void **resource)
{
    RT_TRACE("iface %p, heap %p, heap_offset %#" PRIx64 ", desc %p, initial_state %#x, clear_value %p, "
            "riid %s, resource %p.", (void *)iface, (void *)heap, (uint64_t)heap_offset, (const void *)desc,
            initial_state, (const void *)clear_value, rt_debugstr_guid(riid), (void *)resource);
    return device_create_placed(iface, heap, heap_offset, desc, false, initial_state,
            D3D12_BARRIER_LAYOUT_UNDEFINED, clear_value, 0, NULL, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreatePlacedResource2(rt_device_iface *iface, ID3D12Heap *heap,
        UINT64 heap_offset, const D3D12_RESOURCE_DESC1 *desc, D3D12_BARRIER_LAYOUT initial_layout,
        const D3D12_CLEAR_VALUE *clear_value, UINT32 castable_format_count, DXGI_FORMAT *castable_formats,
        REFIID riid, void **resource)
{
    RT_TRACE("iface %p, heap %p, heap_offset %#" PRIx64 ", desc %p, initial_layout %#x, clear_value %p, "
            "castable_format_count %u, castable_formats %p, riid %s, resource %p.", (void *)iface, (void *)heap,
            (uint64_t)heap_offset, (const void *)desc, initial_layout, (const void *)clear_value,
            castable_format_count, (void *)castable_formats, rt_debugstr_guid(riid), (void *)resource);
    return device_create_placed(iface, heap, heap_offset, desc, true, 0, initial_layout, clear_value,
            castable_format_count, castable_formats, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateReservedResource(rt_device_iface *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES initial_state, const D3D12_CLEAR_VALUE *clear_value, REFIID riid, void **resource)
{
    RT_TRACE("iface %p, desc %p, initial_state %#x, clear_value %p, riid %s, resource %p.", (void *)iface,
            (const void *)desc, initial_state, (const void *)clear_value, rt_debugstr_guid(riid), (void *)resource);
    return device_create_reserved(iface, desc, false, initial_state, D3D12_BARRIER_LAYOUT_UNDEFINED, clear_value,
            NULL, 0, NULL, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateReservedResource1(rt_device_iface *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES initial_state, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **resource)
{
    RT_TRACE("iface %p, desc %p, initial_state %#x, clear_value %p, session %p, riid %s, resource %p.",
            (void *)iface, (const void *)desc, initial_state, (const void *)clear_value, (void *)session,
            rt_debugstr_guid(riid), (void *)resource);
    return device_create_reserved(iface, desc, false, initial_state, D3D12_BARRIER_LAYOUT_UNDEFINED, clear_value,
            session, 0, NULL, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateReservedResource2(rt_device_iface *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_BARRIER_LAYOUT initial_layout, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, UINT32 castable_format_count, DXGI_FORMAT *castable_formats,
        REFIID riid, void **resource)
{
    RT_TRACE("iface %p, desc %p, initial_layout %#x, clear_value %p, session %p, castable_format_count %u, "
            "castable_formats %p, riid %s, resource %p.", (void *)iface, (const void *)desc, initial_layout,
            (const void *)clear_value, (void *)session, castable_format_count, (void *)castable_formats,
            rt_debugstr_guid(riid), (void *)resource);
    return device_create_reserved(iface, desc, true, 0, initial_layout, clear_value, session,
            castable_format_count, castable_formats, riid, resource);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateHeap1(rt_device_iface *iface, const D3D12_HEAP_DESC *desc,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **out)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_heap *heap;
    HRESULT hr;

    RT_TRACE("iface %p, desc %p, session %p, riid %s, heap %p.", (void *)iface, (const void *)desc,
            (void *)session, rt_debugstr_guid(riid), (void *)out);

    rt_clear_out(out);
    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (session)
    {
        RT_WARN("Protected resource sessions are not supported.");
        return E_INVALIDARG;
    }
    if (FAILED(hr = rt_heap_create(device, desc, &heap)))
        return hr;
    if (!out)
    {
        ID3D12Heap1_Release(&heap->ID3D12Heap_iface);
        return S_FALSE;
    }
    return rt_return_interface(&heap->ID3D12Heap_iface, &IID_ID3D12Heap1, riid, out);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateHeap(rt_device_iface *iface, const D3D12_HEAP_DESC *desc,
        REFIID riid, void **heap)
{
    RT_TRACE("iface %p, desc %p, riid %s, heap %p.", (void *)iface, (const void *)desc, rt_debugstr_guid(riid),
            (void *)heap);
    return rt_device_CreateHeap1(iface, desc, NULL, riid, heap);
}

/* ---- Memory budget ------------------------------------------------------------------------ */

/* Memory is committed lazily on this platform, so a heap larger than the machine can
 * back would be created and kill the process at its first touch: creation refuses
 * what passes the budget instead, with the E_OUTOFMEMORY Windows gives a heap it
 * cannot back. */
bool rt_device_memory_charge(struct rt_device *device, UINT64 bytes)
{
    UINT64 usage = atomic_load(&device->memory_usage);

    do
    {
        if (device->memory_budget && (bytes > device->memory_budget || usage > device->memory_budget - bytes))
        {
            RT_WARN("%" PRIu64 " bytes do not fit the budget (%" PRIu64 " of %" PRIu64 " in use).", (uint64_t)bytes,
                    (uint64_t)usage, (uint64_t)device->memory_budget);
            return false;
        }
    } while (!atomic_compare_exchange_weak(&device->memory_usage, &usage, usage + bytes));
    return true;
}

void rt_device_memory_uncharge(struct rt_device *device, UINT64 bytes)
{
    atomic_fetch_sub(&device->memory_usage, bytes);
}

/* ---- Allocation info ------------------------------------------------------------------- */

static D3D12_RESOURCE_ALLOCATION_INFO device_allocation_info(struct rt_device *device, UINT count,
        const D3D12_RESOURCE_DESC *descs, const D3D12_RESOURCE_DESC1 *descs1, D3D12_RESOURCE_ALLOCATION_INFO1 *infos)
{
    /* No descriptions: size 0, alignment 1 (vkd3d-proton's test_resource_allocation_info, run on
     * Windows). */
    D3D12_RESOURCE_ALLOCATION_INFO total = {0, 1}, info;
    D3D12_RESOURCE_DESC1 desc;
    UINT64 offset;
    UINT i;

    for (i = 0; i < count; ++i)
    {
        desc = descs1 ? descs1[i] : rt_resource_desc1_from_desc(&descs[i]);
        if (!rt_resource_allocation_info(device, &desc, &info))
        {
            /* What D3D12 reports for an invalid description. */
            total.SizeInBytes = UINT64_MAX;
            total.Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
            for (; infos && i < count; ++i)
            {
                infos[i].Offset = UINT64_MAX;
                infos[i].Alignment = 0;
                infos[i].SizeInBytes = UINT64_MAX;
            }
            return total;
        }
        offset = (total.SizeInBytes + info.Alignment - 1) & ~(info.Alignment - 1);
        if (infos)
        {
            infos[i].Offset = offset;
            infos[i].Alignment = info.Alignment;
            infos[i].SizeInBytes = info.SizeInBytes;
        }
        total.SizeInBytes = offset + info.SizeInBytes;
        if (info.Alignment > total.Alignment)
            total.Alignment = info.Alignment;
    }
    total.SizeInBytes = (total.SizeInBytes + total.Alignment - 1) & ~(total.Alignment - 1);
    return total;
}

D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE rt_device_GetResourceAllocationInfo(rt_device_iface *iface,
        UINT visible_mask, UINT count, const D3D12_RESOURCE_DESC *descs)
{
    RT_TRACE("iface %p, visible_mask %#x, count %u, descs %p.", (void *)iface, visible_mask, count,
            (const void *)descs);
    return rt_device_GetResourceAllocationInfo1(iface, visible_mask, count, descs, NULL);
}

D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE rt_device_GetResourceAllocationInfo1(rt_device_iface *iface,
        UINT visible_mask, UINT count, const D3D12_RESOURCE_DESC *descs, D3D12_RESOURCE_ALLOCATION_INFO1 *infos)
{
    D3D12_RESOURCE_ALLOCATION_INFO invalid = {UINT64_MAX, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT};

    RT_TRACE("iface %p, visible_mask %#x, count %u, descs %p, infos %p.", (void *)iface, visible_mask, count,
            (const void *)descs, (void *)infos);
    if (count && !descs)
    {
        RT_WARN("NULL descriptions.");
        return invalid;
    }
    return device_allocation_info(impl_from_ID3D12Device(iface), count, descs, NULL, infos);
}

D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE rt_device_GetResourceAllocationInfo2(rt_device_iface *iface,
        UINT visible_mask, UINT count, const D3D12_RESOURCE_DESC1 *descs, D3D12_RESOURCE_ALLOCATION_INFO1 *infos)
{
    D3D12_RESOURCE_ALLOCATION_INFO invalid = {UINT64_MAX, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT};

    RT_TRACE("iface %p, visible_mask %#x, count %u, descs %p, infos %p.", (void *)iface, visible_mask, count,
            (const void *)descs, (void *)infos);
    if (count && !descs)
    {
        RT_WARN("NULL descriptions.");
        return invalid;
    }
    return device_allocation_info(impl_from_ID3D12Device(iface), count, NULL, descs, infos);
}

D3D12_HEAP_PROPERTIES STDMETHODCALLTYPE rt_device_GetCustomHeapProperties(rt_device_iface *iface,
        UINT node_mask, D3D12_HEAP_TYPE heap_type)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, node_mask %#x, heap_type %#x.", (void *)iface, node_mask, heap_type);
    if (node_mask > 1)
        RT_WARN("Invalid node mask %#x (one node).", node_mask);
    if (heap_type == D3D12_HEAP_TYPE_CUSTOM || (unsigned int)heap_type > D3D12_HEAP_TYPE_CUSTOM || !heap_type)
        RT_WARN("Heap type %#x has no custom equivalent.", heap_type);
    return rt_heap_properties_for_type(device, heap_type);
}

/* ---- Footprints ---------------------------------------------------------------------------- */

void STDMETHODCALLTYPE rt_device_GetCopyableFootprints1(rt_device_iface *iface, const D3D12_RESOURCE_DESC1 *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    D3D12_RESOURCE_DESC1 layout_desc;

    RT_TRACE("iface %p, desc %p, first %u, count %u, base_offset %#" PRIx64 ", layouts %p, row_counts %p, "
            "row_sizes %p, total_bytes %p.", (void *)iface, (const void *)desc, first, count, (uint64_t)base_offset,
            (void *)layouts, (void *)row_counts, (void *)row_sizes, (void *)total_bytes);
    /* Seed 001's resource flag changes no layout: where resource creation takes it (a
     * tier-5 device), the footprints are those of the desc without it; elsewhere it stays
     * an unknown flag, as creation refuses it. */
    if (desc && (desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS) && rt_tile_mapping_supported(device))
    {
        layout_desc = *desc;
        layout_desc.Flags &= ~D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
        desc = &layout_desc;
    }
    if (ddi_copyable_footprints_ex(desc, rt_resource_validate_flags(device), first, count,
            base_offset, layouts, row_counts, row_sizes, total_bytes))
        RT_WARN("Invalid description or subresource range %u+%u.", first, count);
}

void STDMETHODCALLTYPE rt_device_GetCopyableFootprints(rt_device_iface *iface, const D3D12_RESOURCE_DESC *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    D3D12_RESOURCE_DESC1 desc1;

    RT_TRACE("iface %p, desc %p, first %u, count %u, base_offset %#" PRIx64 ".", (void *)iface, (const void *)desc,
            first, count, (uint64_t)base_offset);
    if (desc)
        desc1 = rt_resource_desc1_from_desc(desc);
    rt_device_GetCopyableFootprints1(iface, desc ? &desc1 : NULL, first, count, base_offset, layouts, row_counts,
            row_sizes, total_bytes);
}

/* ---- Tiling ------------------------------------------------------------------------------ */

static UINT ceil_div(UINT64 a, UINT b)
{
    return (UINT)((a + b - 1) / b);
}

/* Standard tiles of one mip (in tiles of `shape`). */
static void mip_tiles(const struct rt_resource *resource, const D3D12_TILE_SHAPE *shape, UINT mip, UINT *width,
                      UINT *height, UINT *depth)
{
    UINT64 w;
    UINT h, d;

    ddi_resource_mip_size(&resource->desc, mip, &w, &h, &d);
    *width = ceil_div(w, shape->WidthInTexels);
    *height = ceil_div(h, shape->HeightInTexels);
    *depth = ceil_div(d, shape->DepthInTexels);
}

void rt_resource_get_tiling(const struct rt_resource *resource, UINT *total_tile_count,
                            D3D12_PACKED_MIP_INFO *packed_mip_info, D3D12_TILE_SHAPE *standard_tile_shape,
                            UINT *subresource_tiling_count, UINT first_subresource_tiling,
                            D3D12_SUBRESOURCE_TILING *subresource_tilings)
{
    struct rt_device *device = resource ? resource->device : NULL;
    D3D12_TILE_SHAPE shape = {0};
    D3D12_PACKED_MIP_INFO packed = {0};
    UINT i, mip, w, h, d, slices, tiles = 0, count, per_slice = 0;

    count = resource ? resource->subresource_count : 0;
    if (!resource || resource->kind != RT_RESOURCE_RESERVED)
    {
        /* Only reserved resources are tiled. */
        count = 0;
    }
    else if (rt_resource_is_buffer(resource))
    {
        shape.WidthInTexels = D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES;
        shape.HeightInTexels = shape.DepthInTexels = 1;
        tiles = ceil_div(resource->desc.Width, D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES);
    }
    else
    {
        ddi_standard_tile_shape(resource->desc.Format, resource->desc.Dimension, resource->desc.SampleDesc.Count,
                &shape.WidthInTexels, &shape.HeightInTexels, &shape.DepthInTexels);
        if (device->ddi.pfnGetMipPacking)
        {
            rt_device_ddi_lock(device);
            device->ddi.pfnGetMipPacking(device->hdrv, resource->hdrv, &packed, &shape);
            rt_device_ddi_unlock(device);
        }
        else
        {
            packed.NumStandardMips = resource->desc.MipLevels;
        }
        for (mip = 0; mip < packed.NumStandardMips; ++mip)
        {
            mip_tiles(resource, &shape, mip, &w, &h, &d);
            per_slice += w * h * d;
        }
        slices = ddi_resource_array_size(&resource->desc);
        /* D3D12_PACKED_MIP_INFO: without packed mips the start is meaningless and 0. */
        packed.StartTileIndexInOverallResource = packed.NumPackedMips ? per_slice * slices : 0;
        tiles = (per_slice + packed.NumTilesForPackedMips) * slices;
    }

    if (total_tile_count)
        *total_tile_count = tiles;
    if (packed_mip_info)
        *packed_mip_info = packed;
    if (standard_tile_shape)
        *standard_tile_shape = shape;
    if (!subresource_tiling_count)
        return;
    if (first_subresource_tiling >= count)
    {
        *subresource_tiling_count = 0;
        return;
    }
    if (*subresource_tiling_count > count - first_subresource_tiling)
        *subresource_tiling_count = count - first_subresource_tiling;
    for (i = 0; i < *subresource_tiling_count && subresource_tilings; ++i)
    {
        UINT index = first_subresource_tiling + i, slice, plane, start = 0, m;
        D3D12_SUBRESOURCE_TILING *t = &subresource_tilings[i];

        if (rt_resource_is_buffer(resource))
        {
            t->WidthInTiles = tiles;
            t->HeightInTiles = t->DepthInTiles = 1;
            t->StartTileIndexInOverallResource = 0;
            continue;
        }
        ddi_subresource_decompose(index, resource->desc.MipLevels, ddi_resource_array_size(&resource->desc),
                &mip, &slice, &plane);
        if (mip >= packed.NumStandardMips)
        {
            /* Packed mips have no tiling of their own. */
            t->WidthInTiles = t->HeightInTiles = t->DepthInTiles = 0;
            t->StartTileIndexInOverallResource = D3D12_PACKED_TILE;
            continue;
        }
        for (m = 0; m < mip; ++m)
        {
            mip_tiles(resource, &shape, m, &w, &h, &d);
            start += w * h * d;
        }
        mip_tiles(resource, &shape, mip, &w, &h, &d);
        t->WidthInTiles = w;
        t->HeightInTiles = (UINT16)h;
        t->DepthInTiles = (UINT16)d;
        t->StartTileIndexInOverallResource = slice * per_slice + start;
    }
}

void STDMETHODCALLTYPE rt_device_GetResourceTiling(rt_device_iface *iface, ID3D12Resource *tiled_resource,
        UINT *total_tile_count, D3D12_PACKED_MIP_INFO *packed_mip_info, D3D12_TILE_SHAPE *standard_tile_shape,
        UINT *subresource_tiling_count, UINT first_subresource_tiling, D3D12_SUBRESOURCE_TILING *subresource_tilings)
{
    RT_TRACE("iface %p, resource %p, total_tile_count %p, packed_mip_info %p, standard_tile_shape %p, "
            "subresource_tiling_count %p, first_subresource_tiling %u, subresource_tilings %p.", (void *)iface,
            (void *)tiled_resource, (void *)total_tile_count, (void *)packed_mip_info, (void *)standard_tile_shape,
            (void *)subresource_tiling_count, first_subresource_tiling, (void *)subresource_tilings);
    rt_resource_get_tiling(rt_resource_from_iface(tiled_resource), total_tile_count, packed_mip_info,
            standard_tile_shape, subresource_tiling_count, first_subresource_tiling, subresource_tilings);
}

static bool tile_why(char *why, size_t why_size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static bool tile_why(char *why, size_t why_size, const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    vsnprintf(why, why_size, fmt, args);
    va_end(args);
    return false;
}

bool rt_tile_region_check(const struct rt_resource *resource, const D3D12_TILED_RESOURCE_COORDINATE *start,
                          const D3D12_TILE_REGION_SIZE *size, UINT64 *tiles, char *why, size_t why_size)
{
    D3D12_SUBRESOURCE_TILING tiling;
    D3D12_PACKED_MIP_INFO packed;
    UINT total, one = 1;
    UINT64 first;

    rt_resource_get_tiling(resource, &total, &packed, NULL, NULL, 0, NULL);
    if (start->Subresource >= resource->subresource_count)
        return tile_why(why, why_size, "subresource %u out of range (%u)", start->Subresource,
                resource->subresource_count);
    rt_resource_get_tiling(resource, NULL, NULL, NULL, &one, start->Subresource, &tiling);
    if (size->UseBox)
    {
        *tiles = (UINT64)size->Width * size->Height * size->Depth;
        if (size->NumTiles != *tiles)
            return tile_why(why, why_size, "NumTiles %u differs from the %ux%ux%u box", size->NumTiles,
                    size->Width, size->Height, size->Depth);
        if (tiling.StartTileIndexInOverallResource == D3D12_PACKED_TILE)
            return tile_why(why, why_size, "a box in a packed mip");
        if ((UINT64)start->X + size->Width > tiling.WidthInTiles
                || (UINT64)start->Y + size->Height > tiling.HeightInTiles
                || (UINT64)start->Z + size->Depth > tiling.DepthInTiles)
            return tile_why(why, why_size, "the box at (%u, %u, %u) leaves subresource %u's %ux%ux%u tiles",
                    start->X, start->Y, start->Z, start->Subresource, tiling.WidthInTiles, tiling.HeightInTiles,
                    tiling.DepthInTiles);
        return true;
    }
    *tiles = size->NumTiles;
    if (tiling.StartTileIndexInOverallResource == D3D12_PACKED_TILE)
    {
        if (start->Y || start->Z || start->X >= packed.NumTilesForPackedMips)
            return tile_why(why, why_size, "(%u, %u, %u) is not one of the %u packed tiles", start->X, start->Y,
                    start->Z, packed.NumTilesForPackedMips);
        /* Each slice's packed tiles follow the standard tiles of all slices. */
        first = packed.StartTileIndexInOverallResource
                + (UINT64)(start->Subresource / resource->desc.MipLevels) * packed.NumTilesForPackedMips + start->X;
    }
    else
    {
        if (start->X >= tiling.WidthInTiles || start->Y >= tiling.HeightInTiles || start->Z >= tiling.DepthInTiles)
            return tile_why(why, why_size, "(%u, %u, %u) is outside subresource %u's %ux%ux%u tiles", start->X,
                    start->Y, start->Z, start->Subresource, tiling.WidthInTiles, tiling.HeightInTiles,
                    tiling.DepthInTiles);
        first = tiling.StartTileIndexInOverallResource
                + ((UINT64)start->Z * tiling.HeightInTiles + start->Y) * tiling.WidthInTiles + start->X;
    }
    if (first + size->NumTiles > total)
        return tile_why(why, why_size, "%u tiles from tile %" PRIu64 " pass the resource's %u", size->NumTiles,
                first, total);
    return true;
}

bool rt_tile_region_check_packed(const struct rt_resource *resource, const D3D12_TILED_RESOURCE_COORDINATE *start,
                                 const D3D12_TILE_REGION_SIZE *size, char *why, size_t why_size)
{
    UINT64 first, end, packed_first, packed_end;
    D3D12_SUBRESOURCE_TILING tiling;
    D3D12_PACKED_MIP_INFO packed;
    UINT slice, slices, one = 1;

    rt_resource_get_tiling(resource, NULL, &packed, NULL, &one, start->Subresource, &tiling);
    /* Boxes never reach packed tiles (rt_tile_region_check). */
    if (size->UseBox || rt_resource_is_buffer(resource) || !packed.NumTilesForPackedMips)
        return true;
    if (tiling.StartTileIndexInOverallResource == D3D12_PACKED_TILE)
        first = packed.StartTileIndexInOverallResource
                + (UINT64)(start->Subresource / resource->desc.MipLevels) * packed.NumTilesForPackedMips + start->X;
    else
        first = tiling.StartTileIndexInOverallResource
                + ((UINT64)start->Z * tiling.HeightInTiles + start->Y) * tiling.WidthInTiles + start->X;
    end = first + size->NumTiles;
    slices = ddi_resource_array_size(&resource->desc);
    for (slice = 0; slice < slices; ++slice)
    {
        packed_first = packed.StartTileIndexInOverallResource + (UINT64)slice * packed.NumTilesForPackedMips;
        packed_end = packed_first + packed.NumTilesForPackedMips;
        if (end <= packed_first || first >= packed_end || (first <= packed_first && end >= packed_end))
            continue;
        return tile_why(why, why_size, "tiles %" PRIu64 "-%" PRIu64 " map part of slice %u's %u packed tiles "
                "(all or none)", first, end - 1, slice, packed.NumTilesForPackedMips);
    }
    return true;
}

/* ---- Residency ---------------------------------------------------------------------------- */

/* The driver heaps behind the pageables (reserved resources and descriptor heaps have none). */
static HRESULT collect_heaps(UINT count, ID3D12Pageable *const *objects, D3D12DDI_HHEAP **heaps, UINT *heap_count)
{
    struct rt_resource *resource;
    struct rt_heap *heap;
    UINT i;

    *heaps = NULL;
    *heap_count = 0;
    if (!count)
        return S_OK;
    if (!objects)
    {
        RT_WARN("NULL object array.");
        return E_INVALIDARG;
    }
    if (!(*heaps = calloc(count, sizeof(**heaps))))
        return E_OUTOFMEMORY;
    for (i = 0; i < count; ++i)
    {
        if (!objects[i])
        {
            free(*heaps);
            *heaps = NULL;
            RT_WARN("Object %u is NULL.", i);
            return E_INVALIDARG;
        }
        if ((heap = rt_heap_from_iface((ID3D12Heap *)objects[i])))
            (*heaps)[(*heap_count)++] = heap->hdrv;
        else if ((resource = rt_resource_from_iface((ID3D12Resource *)objects[i])))
        {
            if (resource->kind == RT_RESOURCE_COMMITTED)
                (*heaps)[(*heap_count)++] = resource->hdrv_heap;
            else if (resource->kind == RT_RESOURCE_PLACED)
                (*heaps)[(*heap_count)++] = resource->heap->hdrv;
        }
    }
    return S_OK;
}

static HRESULT device_residency(struct rt_device *device, bool resident, UINT count, ID3D12Pageable *const *objects)
{
    HRESULT (APIENTRY *entry)(D3D12DDI_HDEVICE, UINT, const D3D12DDI_HHEAP *);
    D3D12DDI_HHEAP *heaps;
    UINT heap_count;
    HRESULT hr;

    if (FAILED(hr = collect_heaps(count, objects, &heaps, &heap_count)))
        return hr;
    entry = resident ? device->ddi.pfnMakeResident : device->ddi.pfnEvict;
    /* A driver without residency entries keeps everything resident (unified memory). */
    if (heap_count && entry)
    {
        rt_device_ddi_lock(device);
        hr = entry(device->hdrv, heap_count, heaps);
        rt_device_ddi_unlock(device);
    }
    free(heaps);
    return hr;
}

HRESULT STDMETHODCALLTYPE rt_device_MakeResident(rt_device_iface *iface, UINT count, ID3D12Pageable *const *objects)
{
    RT_TRACE("iface %p, count %u, objects %p.", (void *)iface, count, (const void *)objects);
    return device_residency(impl_from_ID3D12Device(iface), true, count, objects);
}

HRESULT STDMETHODCALLTYPE rt_device_Evict(rt_device_iface *iface, UINT count, ID3D12Pageable *const *objects)
{
    RT_TRACE("iface %p, count %u, objects %p.", (void *)iface, count, (const void *)objects);
    return device_residency(impl_from_ID3D12Device(iface), false, count, objects);
}

HRESULT STDMETHODCALLTYPE rt_device_EnqueueMakeResident(rt_device_iface *iface, D3D12_RESIDENCY_FLAGS flags,
        UINT count, ID3D12Pageable *const *objects, ID3D12Fence *fence, UINT64 fence_value)
{
    HRESULT hr;

    RT_TRACE("iface %p, flags %#x, count %u, objects %p, fence %p, fence_value %#" PRIx64 ".", (void *)iface, flags,
            count, (const void *)objects, (void *)fence, (uint64_t)fence_value);
    if (flags & ~D3D12_RESIDENCY_FLAG_DENY_OVERBUDGET)
    {
        RT_WARN("Unknown residency flags %#x.", flags);
        return E_INVALIDARG;
    }
    if (!fence)
    {
        RT_WARN("NULL fence.");
        return E_INVALIDARG;
    }
    /* Residency is immediate, so the fence can be signalled at once. */
    if (FAILED(hr = device_residency(impl_from_ID3D12Device(iface), true, count, objects)))
        return hr;
    return ID3D12Fence_Signal(fence, fence_value);
}

HRESULT STDMETHODCALLTYPE rt_device_SetResidencyPriority(rt_device_iface *iface, UINT count,
        ID3D12Pageable *const *objects, const D3D12_RESIDENCY_PRIORITY *priorities)
{
    RT_TRACE("iface %p, count %u, objects %p, priorities %p.", (void *)iface, count, (const void *)objects,
            (const void *)priorities);
    if (count && (!objects || !priorities))
    {
        RT_WARN("NULL arrays.");
        return E_INVALIDARG;
    }
    /* Nothing is ever evicted behind the application's back, so priorities do not matter. */
    return S_OK;
}
