/* ID3D12Resource2: the COM object, Map/Unmap and the CPU access methods. */
#include <stdlib.h>

#include "rt_resource.h"
#include "rt_info_queue.h"
#include "rt_descriptor_heap.h"
#include "ddi_format.h"
#include "ddi_layout.h"
#include "rt_tile_mapping.h"

static const struct ID3D12Resource2Vtbl rt_resource_vtbl;

/* A refused CPU access: a warn trace and one RESOURCE_MANIPULATION error
 * "ID3D12Resource::<method>: <text> (resource 0x...:'name')"; returns E_INVALIDARG. */
static HRESULT resource_error(struct rt_resource *resource, D3D12_MESSAGE_ID id, const char *method,
                              const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static HRESULT resource_error(struct rt_resource *resource, D3D12_MESSAGE_ID id, const char *method,
                              const char *fmt, ...)
{
    const char *name = rt_debugstr_object(&resource->private_store, resource, "ID3D12Resource");
    char text[256];
    va_list args;

    va_start(args, fmt);
    vsnprintf(text, sizeof(text), fmt, args);
    va_end(args);
    RT_WARN("%s: %s (resource %s).", method, text, name);
    rt_info_queue_add(resource->device->info_queue, D3D12_MESSAGE_CATEGORY_RESOURCE_MANIPULATION,
                      D3D12_MESSAGE_SEVERITY_ERROR, id, "ID3D12Resource::%s: %s (resource %s)", method, text, name);
    return E_INVALIDARG;
}

static inline struct rt_resource *impl_from_ID3D12Resource(rt_resource_iface *iface)
{
    return RT_CONTAINING(iface, struct rt_resource, ID3D12Resource_iface);
}

struct rt_resource *rt_resource_from_iface(ID3D12Resource *iface)
{
    if (!iface || iface->lpVtbl != (const void *)&rt_resource_vtbl)
        return NULL;
    return impl_from_ID3D12Resource((rt_resource_iface *)iface);
}

/* IUnknown */

static HRESULT STDMETHODCALLTYPE rt_resource_QueryInterface(rt_resource_iface *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12Resource2) || rt_guid_equal(riid, &IID_ID3D12Resource1)
            || rt_guid_equal(riid, &IID_ID3D12Resource) || rt_guid_equal(riid, &IID_ID3D12Pageable)
            || rt_guid_equal(riid, &IID_ID3D12DeviceChild) || rt_guid_equal(riid, &IID_ID3D12Object)
            || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12Resource2_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_resource_AddRef(rt_resource_iface *iface)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);
    unsigned int refcount = atomic_fetch_add(&resource->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)resource, refcount);
    return refcount;
}

/* Unmaps what the resource itself mapped (a committed resource's implicit heap). */
static void resource_unmap_memory(struct rt_resource *resource)
{
    struct rt_device *device = resource->device;

    if (resource->kind == RT_RESOURCE_PLACED)
    {
        rt_heap_unmap(resource->heap);
        return;
    }
    rt_device_ddi_lock(device);
    device->ddi.pfnUnmapHeap(device->hdrv, resource->hdrv_heap);
    rt_device_ddi_unlock(device);
}

static void resource_destroy(struct rt_resource *resource)
{
    struct rt_device *device = resource->device;
    struct rt_heap *heap = resource->heap;

    if (resource->map_count)
        resource_unmap_memory(resource);
    rt_private_store_destroy(&resource->private_store);
    rt_tile_mapping_forget_resource(resource);
    if (atomic_load(&resource->named_by_views))
        rt_descriptor_forget_resource(device, resource);
    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyHeapAndResource(device->hdrv, resource->hdrv_heap, resource->hdrv);
    rt_device_ddi_unlock(device);
    rt_device_memory_uncharge(device, resource->charged_bytes);
    free(resource->drv_memory);
    mtx_destroy(&resource->map_mutex);
    free(resource);
    if (heap)
        rt_heap_release_internal_ref(heap);
    rt_device_release_internal_ref(device);
}

static void resource_retired(struct rt_retire_node *node)
{
    resource_destroy(RT_CONTAINING(node, struct rt_resource, retire));
}

static ULONG STDMETHODCALLTYPE rt_resource_Release(rt_resource_iface *iface)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);
    unsigned int refcount = atomic_fetch_sub(&resource->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)resource, refcount);
    if (!refcount)
        rt_retire_release(resource->device, &resource->retire, resource_retired, "ID3D12Resource", resource);
    return refcount;
}

/* ID3D12Object */

static HRESULT STDMETHODCALLTYPE rt_resource_GetPrivateData(rt_resource_iface *iface, REFGUID guid,
        UINT *data_size, void *data)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);

    RT_TRACE("iface %p, guid %s, data_size %p, data %p.", (void *)iface, rt_debugstr_guid(guid),
            (void *)data_size, data);
    return rt_private_store_get(&resource->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_resource_SetPrivateData(rt_resource_iface *iface, REFGUID guid,
        UINT data_size, const void *data)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);

    RT_TRACE("iface %p, guid %s, data_size %u, data %p.", (void *)iface, rt_debugstr_guid(guid), data_size, data);
    return rt_private_store_set(&resource->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_resource_SetPrivateDataInterface(rt_resource_iface *iface, REFGUID guid,
        const IUnknown *data)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);

    RT_TRACE("iface %p, guid %s, data %p.", (void *)iface, rt_debugstr_guid(guid), (void *)data);
    return rt_private_store_set_interface(&resource->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_resource_SetName(rt_resource_iface *iface, LPCWSTR name)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);

    RT_TRACE("iface %p, name %s.", (void *)iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&resource->private_store, name);
}

/* ID3D12DeviceChild */

static HRESULT STDMETHODCALLTYPE rt_resource_GetDevice(rt_resource_iface *iface, REFIID riid, void **device)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);

    RT_TRACE("iface %p, riid %s, device %p.", (void *)iface, rt_debugstr_guid(riid), (void *)device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device16_QueryInterface(&resource->device->ID3D12Device_iface, riid, device);
}

/* ID3D12Resource */

static HRESULT resource_map_memory(struct rt_resource *resource, void **pointer)
{
    struct rt_device *device = resource->device;
    void *base;
    HRESULT hr;

    if (resource->kind == RT_RESOURCE_PLACED)
    {
        if (FAILED(hr = rt_heap_map(resource->heap, &base)))
            return hr;
        *pointer = (char *)base + resource->heap_offset;
        return S_OK;
    }
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnMapHeap(device->hdrv, resource->hdrv_heap, pointer);
    rt_device_ddi_unlock(device);
    return hr;
}

static HRESULT STDMETHODCALLTYPE rt_resource_Map(rt_resource_iface *iface, UINT subresource,
        const D3D12_RANGE *read_range, void **data)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);
    HRESULT hr = S_OK;

    RT_TRACE("iface %p, subresource %u, read_range %p, data %p.", (void *)iface, subresource,
            (const void *)read_range, (void *)data);

    if (resource->kind == RT_RESOURCE_RESERVED)
        return resource_error(resource, D3D12_MESSAGE_ID_MAP_INVALIDRESOURCE, "Map",
                              "reserved resources cannot be mapped");
    if (!resource->cpu_visible)
        return resource_error(resource, D3D12_MESSAGE_ID_MAP_INVALIDHEAP, "Map",
                              "the resource's heap is not CPU-visible");
    if (subresource >= resource->subresource_count)
        return resource_error(resource, D3D12_MESSAGE_ID_MAP_INVALIDSUBRESOURCE, "Map", "subresource %u out of %u",
                              subresource, resource->subresource_count);
    /* Textures have the driver's (undefined) layout: mapping is allowed, the address is not
     * disclosed; WriteToSubresource / ReadFromSubresource are the way in. */
    if (!rt_resource_is_buffer(resource) && data)
        return resource_error(resource, D3D12_MESSAGE_ID_MAP_INVALIDDATAPOINTER, "Map",
                              "textures with an undefined layout map without a pointer (pass NULL)");

    mtx_lock(&resource->map_mutex);
    if (!resource->map_count)
        hr = resource_map_memory(resource, &resource->map_pointer);
    if (SUCCEEDED(hr))
    {
        ++resource->map_count;
        if (data)
            *data = resource->map_pointer;
    }
    mtx_unlock(&resource->map_mutex);
    return hr;
}

static void STDMETHODCALLTYPE rt_resource_Unmap(rt_resource_iface *iface, UINT subresource,
        const D3D12_RANGE *written_range)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);
    unsigned int was_mapped;

    RT_TRACE("iface %p, subresource %u, written_range %p.", (void *)iface, subresource,
            (const void *)written_range);

    if (subresource >= resource->subresource_count)
    {
        resource_error(resource, D3D12_MESSAGE_ID_UNMAP_INVALIDSUBRESOURCE, "Unmap", "subresource %u out of %u; "
                       "ignored", subresource, resource->subresource_count);
        return;
    }
    mtx_lock(&resource->map_mutex);
    was_mapped = resource->map_count;
    if (was_mapped && !--resource->map_count)
    {
        resource_unmap_memory(resource);
        resource->map_pointer = NULL;
    }
    mtx_unlock(&resource->map_mutex);
    /* Reported without the lock: a message callback may map the resource. */
    if (!was_mapped)
        resource_error(resource, D3D12_MESSAGE_ID_RESOURCE_UNMAP_NOTMAPPED, "Unmap", "the resource is not mapped; "
                       "ignored");
}

static D3D12_RESOURCE_DESC STDMETHODCALLTYPE rt_resource_GetDesc(rt_resource_iface *iface)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);
    D3D12_RESOURCE_DESC desc;

    RT_TRACE("iface %p.", (void *)iface);
    desc.Dimension = resource->desc.Dimension;
    desc.Alignment = resource->desc.Alignment;
    desc.Width = resource->desc.Width;
    desc.Height = resource->desc.Height;
    desc.DepthOrArraySize = resource->desc.DepthOrArraySize;
    desc.MipLevels = resource->desc.MipLevels;
    desc.Format = resource->desc.Format;
    desc.SampleDesc = resource->desc.SampleDesc;
    desc.Layout = resource->desc.Layout;
    desc.Flags = resource->desc.Flags;
    return desc;
}

static D3D12_GPU_VIRTUAL_ADDRESS STDMETHODCALLTYPE rt_resource_GetGPUVirtualAddress(rt_resource_iface *iface)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return resource->gpu_address;
}

/* The checks WriteToSubresource and ReadFromSubresource share. */
static HRESULT validate_cpu_access(struct rt_resource *resource, UINT subresource, const D3D12_BOX *box)
{
    UINT mip, slice, plane, height, depth;
    UINT64 width;

    if (rt_resource_is_buffer(resource))
    {
        RT_WARN("Buffers are accessed through Map.");
        return E_INVALIDARG;
    }
    if (resource->kind == RT_RESOURCE_RESERVED || !resource->cpu_visible)
    {
        RT_WARN("The texture is not in CPU-visible memory.");
        return E_INVALIDARG;
    }
    if (subresource >= resource->subresource_count)
    {
        RT_WARN("Subresource %u out of %u.", subresource, resource->subresource_count);
        return E_INVALIDARG;
    }
    if (box)
    {
        ddi_subresource_decompose(subresource, resource->desc.MipLevels, ddi_resource_array_size(&resource->desc),
                &mip, &slice, &plane);
        ddi_resource_mip_size(&resource->desc, mip, &width, &height, &depth);
        if (box->left > box->right || box->top > box->bottom || box->front > box->back
                || box->right > width || box->bottom > height || box->back > depth)
        {
            RT_WARN("Box (%u,%u,%u)-(%u,%u,%u) is outside the %" PRIu64 "x%ux%u subresource.", box->left, box->top,
                    box->front, box->right, box->bottom, box->back, (uint64_t)width, height, depth);
            return E_INVALIDARG;
        }
    }
    return S_OK;
}

static bool box_is_empty(const D3D12_BOX *box)
{
    return box && (box->left == box->right || box->top == box->bottom || box->front == box->back);
}

/* The memory stays mapped during the copy, as a Map of the application would keep it. */
static HRESULT resource_cpu_map(struct rt_resource *resource, char **base)
{
    HRESULT hr = S_OK;

    mtx_lock(&resource->map_mutex);
    if (!resource->map_count)
        hr = resource_map_memory(resource, &resource->map_pointer);
    if (SUCCEEDED(hr))
    {
        ++resource->map_count;
        *base = resource->map_pointer;
    }
    mtx_unlock(&resource->map_mutex);
    return hr;
}

static void resource_cpu_unmap(struct rt_resource *resource)
{
    mtx_lock(&resource->map_mutex);
    if (!--resource->map_count)
    {
        resource_unmap_memory(resource);
        resource->map_pointer = NULL;
    }
    mtx_unlock(&resource->map_mutex);
}

/*
 * Copies a box of one subresource between the application's memory and the texture,
 * through the layout the driver answers (specs/ddi.md §8: pfnGetSubresourceLayout). Rows
 * are rows of elements: compressed blocks, or texels of the plane (a subsampled plane's
 * element covers its subsampling), so the box is rounded out to whole elements.
 */
static HRESULT resource_cpu_copy(struct rt_resource *resource, UINT subresource, const D3D12_BOX *box,
        char *data, UINT row_pitch, UINT depth_pitch, bool write)
{
    struct rt_device *device = resource->device;
    D3D12DDI_SUBRESOURCE_LAYOUT_0124 layout;
    const struct ddi_format_info *info = ddi_format_get(resource->desc.Format);
    unsigned int element_size, element_w, element_h;
    UINT mip, slice, plane, height, depth, x0, x1, y0, y1, y, z;
    D3D12_BOX whole;
    UINT64 width;
    char *base, *texels, *app;
    HRESULT hr;

    if (!device->ddi.pfnGetSubresourceLayout || !info)
    {
        RT_WARN("The driver does not describe texture layouts.");
        return E_NOTIMPL;
    }
    ddi_subresource_decompose(subresource, resource->desc.MipLevels, ddi_resource_array_size(&resource->desc),
            &mip, &slice, &plane);
    if (info->is_planar && !info->is_compressed)
    {
        if (!ddi_format_plane_info(resource->desc.Format, plane, &element_size, &element_w, &element_h))
            return E_INVALIDARG;
    }
    else
    {
        element_size = info->bytes_per_block;
        element_w = info->block_width ? info->block_width : 1;
        element_h = info->block_height ? info->block_height : 1;
    }
    if (!box)
    {
        ddi_resource_mip_size(&resource->desc, mip, &width, &height, &depth);
        whole.left = whole.top = whole.front = 0;
        whole.right = (UINT)width;
        whole.bottom = height;
        whole.back = depth;
        box = &whole;
    }

    rt_device_ddi_lock(device);
    hr = device->ddi.pfnGetSubresourceLayout(device->hdrv, resource->hdrv, subresource, &layout);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
        return hr;
    if (layout.Opaque)
    {
        RT_WARN("Subresource %u has a layout the CPU cannot address.", subresource);
        return E_NOTIMPL;
    }
    if (FAILED(hr = resource_cpu_map(resource, &base)))
        return hr;
    x0 = box->left / element_w;
    x1 = (box->right + element_w - 1) / element_w;
    y0 = box->top / element_h;
    y1 = (box->bottom + element_h - 1) / element_h;
    for (z = box->front; z < box->back; ++z)
    {
        for (y = y0; y < y1; ++y)
        {
            texels = base + layout.Offset + z * layout.DepthPitch + y * layout.RowPitch + (UINT64)x0 * element_size;
            app = data + (size_t)(z - box->front) * depth_pitch + (size_t)(y - y0) * row_pitch;
            if (write)
                memcpy(texels, app, (size_t)(x1 - x0) * element_size);
            else
                memcpy(app, texels, (size_t)(x1 - x0) * element_size);
        }
    }
    resource_cpu_unmap(resource);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_resource_WriteToSubresource(rt_resource_iface *iface, UINT dst_subresource,
        const D3D12_BOX *dst_box, const void *src_data, UINT src_row_pitch, UINT src_depth_pitch)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);
    HRESULT hr;

    RT_TRACE("iface %p, dst_subresource %u, dst_box %p, src_data %p, src_row_pitch %u, src_depth_pitch %u.",
            (void *)iface, dst_subresource, (const void *)dst_box, src_data, src_row_pitch, src_depth_pitch);

    if (FAILED(hr = validate_cpu_access(resource, dst_subresource, dst_box)))
        return hr;
    if (!src_data)
    {
        RT_WARN("NULL source data.");
        return E_INVALIDARG;
    }
    if (box_is_empty(dst_box))
        return S_OK;
    return resource_cpu_copy(resource, dst_subresource, dst_box, (char *)src_data, src_row_pitch, src_depth_pitch,
            true);
}

static HRESULT STDMETHODCALLTYPE rt_resource_ReadFromSubresource(rt_resource_iface *iface, void *dst_data,
        UINT dst_row_pitch, UINT dst_depth_pitch, UINT src_subresource, const D3D12_BOX *src_box)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);
    HRESULT hr;

    RT_TRACE("iface %p, dst_data %p, dst_row_pitch %u, dst_depth_pitch %u, src_subresource %u, src_box %p.",
            (void *)iface, dst_data, dst_row_pitch, dst_depth_pitch, src_subresource, (const void *)src_box);

    if (FAILED(hr = validate_cpu_access(resource, src_subresource, src_box)))
        return hr;
    if (!dst_data)
    {
        RT_WARN("NULL destination data.");
        return E_INVALIDARG;
    }
    if (box_is_empty(src_box))
        return S_OK;
    return resource_cpu_copy(resource, src_subresource, src_box, dst_data, dst_row_pitch, dst_depth_pitch, false);
}

static HRESULT STDMETHODCALLTYPE rt_resource_GetHeapProperties(rt_resource_iface *iface,
        D3D12_HEAP_PROPERTIES *properties, D3D12_HEAP_FLAGS *flags)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);

    RT_TRACE("iface %p, properties %p, flags %p.", (void *)iface, (void *)properties, (void *)flags);

    if (resource->kind == RT_RESOURCE_RESERVED)
    {
        RT_WARN("Reserved resources have no heap.");
        return E_INVALIDARG;
    }
    if (properties)
        *properties = resource->heap_properties;
    if (flags)
        *flags = resource->heap_flags;
    return S_OK;
}

/* ID3D12Resource1 */

static HRESULT STDMETHODCALLTYPE rt_resource_GetProtectedResourceSession(rt_resource_iface *iface, REFIID riid,
        void **session)
{
    RT_TRACE("iface %p, riid %s, session %p.", (void *)iface, rt_debugstr_guid(riid), (void *)session);
    /* Protected sessions do not exist here, so no resource has one. */
    rt_clear_out(session);
    return DXGI_ERROR_NOT_FOUND;
}

/* ID3D12Resource2 */

static D3D12_RESOURCE_DESC1 STDMETHODCALLTYPE rt_resource_GetDesc1(rt_resource_iface *iface)
{
    struct rt_resource *resource = impl_from_ID3D12Resource(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return resource->desc;
}

static const struct ID3D12Resource2Vtbl rt_resource_vtbl =
{
    /* IUnknown methods */
    rt_resource_QueryInterface,
    rt_resource_AddRef,
    rt_resource_Release,
    /* ID3D12Object methods */
    rt_resource_GetPrivateData,
    rt_resource_SetPrivateData,
    rt_resource_SetPrivateDataInterface,
    rt_resource_SetName,
    /* ID3D12DeviceChild methods */
    rt_resource_GetDevice,
    /* ID3D12Resource methods */
    rt_resource_Map,
    rt_resource_Unmap,
    rt_resource_GetDesc,
    rt_resource_GetGPUVirtualAddress,
    rt_resource_WriteToSubresource,
    rt_resource_ReadFromSubresource,
    rt_resource_GetHeapProperties,
    /* ID3D12Resource1 methods */
    rt_resource_GetProtectedResourceSession,
    /* ID3D12Resource2 methods */
    rt_resource_GetDesc1,
};

HRESULT rt_resource_alloc(struct rt_device *device, struct rt_resource **out)
{
    struct rt_resource *resource;
    HRESULT hr;

    if (!(resource = calloc(1, sizeof(*resource))))
        return E_OUTOFMEMORY;
    resource->ID3D12Resource_iface.lpVtbl = &rt_resource_vtbl;
    atomic_init(&resource->refcount, 1);
    resource->device = device;
    resource->resource_layout = RT_NO_LAYOUT;
    if (FAILED(hr = rt_private_store_init(&resource->private_store)))
    {
        free(resource);
        return hr;
    }
    if (mtx_init(&resource->map_mutex, mtx_plain) != thrd_success)
    {
        rt_private_store_destroy(&resource->private_store);
        free(resource);
        return E_OUTOFMEMORY;
    }
    *out = resource;
    return S_OK;
}

void rt_resource_free(struct rt_resource *resource)
{
    mtx_destroy(&resource->map_mutex);
    rt_private_store_destroy(&resource->private_store);
    free(resource->drv_memory);
    free(resource);
}
