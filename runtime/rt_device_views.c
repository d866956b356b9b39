/* ID3D12Device methods for descriptors: heaps, views, samplers and descriptor copies. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_device_private.h"
#include "rt_descriptor_heap.h"
#include "rt_format_caps.h"
#include "rt_info_queue.h"
#include "rt_resource.h"
#include "ddi_format.h"
#include "ddi_layout.h"

HRESULT STDMETHODCALLTYPE rt_device_CreateDescriptorHeap(rt_device_iface *iface,
        const D3D12_DESCRIPTOR_HEAP_DESC *desc, REFIID riid, void **out)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_descriptor_heap *heap;
    HRESULT hr;

    RT_TRACE("iface %p, desc %p, riid %s, heap %p.", (void *)iface, (const void *)desc, rt_debugstr_guid(riid),
            (void *)out);

    rt_clear_out(out);
    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (FAILED(hr = rt_descriptor_heap_create(device, desc, &heap)))
        return hr;
    /* A NULL output only checks the description, as for every creation method of
     * Microsoft's runtime (vkd3d-proton's test_object_interface_null_cases observes S_FALSE
     * on Windows; its return_interface gives S_FALSE for every creation). */
    if (!out)
    {
        ID3D12DescriptorHeap_Release(&heap->ID3D12DescriptorHeap_iface);
        return S_FALSE;
    }
    return rt_return_interface(&heap->ID3D12DescriptorHeap_iface, &IID_ID3D12DescriptorHeap, riid, out);
}

UINT STDMETHODCALLTYPE rt_device_GetDescriptorHandleIncrementSize(rt_device_iface *iface,
        D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);

    RT_TRACE("iface %p, type %#x.", (void *)iface, type);
    if ((unsigned int)type >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES)
    {
        RT_WARN("Invalid descriptor heap type %#x.", type);
        return 0;
    }
    return device->descriptor_sizes[type];
}

/* A refused view, sampler or descriptor copy. These methods return nothing in D3D12:
 * the call is ignored, with a warning and an info-queue message naming the method. Their
 * TryCreate* twins of ID3D12Device15 make the same checks and return E_INVALIDARG for a
 * refusal (their declarations in d3d12.idl return an HRESULT for that error handling). */
static void view_error(struct rt_device *device, D3D12_MESSAGE_ID id, const char *method, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void view_error(struct rt_device *device, D3D12_MESSAGE_ID id, const char *method, const char *fmt, ...)
{
    char text[256];
    va_list args;

    va_start(args, fmt);
    vsnprintf(text, sizeof(text), fmt, args);
    va_end(args);
    RT_WARN("%s: %s; ignored.", method, text);
    rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id,
                      "%s: %s; the call is ignored.", method, text);
}

/* Views are written straight into descriptor memory; a bad handle would make the driver
 * write anywhere, so it is checked although D3D12 itself does not. */
static bool check_destination(struct rt_device *device, D3D12_CPU_DESCRIPTOR_HANDLE descriptor,
        D3D12_DESCRIPTOR_HEAP_TYPE type, const char *what)
{
    if (rt_descriptor_range_valid(device, descriptor.ptr, 1, type))
        return true;
    view_error(device, D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE, what,
               "%#zx is not a descriptor of a live heap of type %#x", (size_t)descriptor.ptr, type);
    return false;
}

static D3D12DDI_HRESOURCE resource_handle(const struct rt_resource *resource)
{
    D3D12DDI_HRESOURCE none = {NULL};

    return resource ? resource->hdrv : none;
}

static HRESULT create_constant_buffer_view(rt_device_iface *iface,
        const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    D3D12DDI_CPU_DESCRIPTOR_HANDLE dst = {descriptor.ptr};
    D3D12_CONSTANT_BUFFER_VIEW_DESC null_desc = {0, 0};

    RT_TRACE("iface %p, desc %p, descriptor %#zx.", (void *)iface, (const void *)desc, (size_t)descriptor.ptr);
    if (!check_destination(device, descriptor, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, "CreateConstantBufferView"))
        return E_INVALIDARG;
    if (desc && ((desc->SizeInBytes % D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT)
            || desc->SizeInBytes > D3D12_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16
            || (desc->BufferLocation % D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT)))
    {
        view_error(device, D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_DESC, "CreateConstantBufferView",
                   "a view at %#" PRIx64 " of %u bytes is not 256-byte aligned or larger than 64 KiB",
                   (uint64_t)desc->BufferLocation, desc->SizeInBytes);
        return E_INVALIDARG;
    }
    rt_device_ddi_lock(device);
    device->ddi.pfnCreateConstantBufferView(device->hdrv, desc ? desc : &null_desc, dst);
    rt_device_ddi_unlock(device);
    return S_OK;
}

void STDMETHODCALLTYPE rt_device_CreateConstantBufferView(rt_device_iface *iface,
        const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    create_constant_buffer_view(iface, desc, descriptor);
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateConstantBufferView(rt_device_iface *iface,
        const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    return create_constant_buffer_view(iface, desc, descriptor);
}

/* The whole-resource view D3D12 uses for a NULL view description. */
static bool default_srv_desc(const struct rt_resource *resource, D3D12_SHADER_RESOURCE_VIEW_DESC *desc)
{
    const D3D12_RESOURCE_DESC1 *r = &resource->desc;
    UINT array_size = ddi_resource_array_size(r);
    const struct ddi_format_info *info = ddi_format_get(r->Format);

    memset(desc, 0, sizeof(*desc));
    if (rt_resource_is_buffer(resource) || !info || info->is_typeless || info->is_depth)
        return false;
    desc->Format = r->Format;
    desc->Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    switch (r->Dimension)
    {
        case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
            desc->ViewDimension = array_size > 1 ? D3D12_SRV_DIMENSION_TEXTURE1DARRAY : D3D12_SRV_DIMENSION_TEXTURE1D;
            desc->Texture1DArray.MipLevels = r->MipLevels;
            desc->Texture1DArray.ArraySize = array_size;
            break;
        case D3D12_RESOURCE_DIMENSION_TEXTURE2D:
            if (r->SampleDesc.Count > 1)
            {
                desc->ViewDimension = array_size > 1 ? D3D12_SRV_DIMENSION_TEXTURE2DMSARRAY
                        : D3D12_SRV_DIMENSION_TEXTURE2DMS;
                desc->Texture2DMSArray.ArraySize = array_size;
            }
            else
            {
                desc->ViewDimension = array_size > 1 ? D3D12_SRV_DIMENSION_TEXTURE2DARRAY
                        : D3D12_SRV_DIMENSION_TEXTURE2D;
                if (array_size > 1)
                {
                    desc->Texture2DArray.MipLevels = r->MipLevels;
                    desc->Texture2DArray.ArraySize = array_size;
                }
                else
                {
                    desc->Texture2D.MipLevels = r->MipLevels;
                }
            }
            break;
        default:
            desc->ViewDimension = D3D12_SRV_DIMENSION_TEXTURE3D;
            desc->Texture3D.MipLevels = r->MipLevels;
            break;
    }
    return true;
}

/* The message IDs of one view creation method. */
struct view_method
{
    const char *name;
    D3D12_MESSAGE_ID invalid_resource, invalid_desc;
};

static const struct view_method srv_method = {"CreateShaderResourceView",
        D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDRESOURCE,
        D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC};
static const struct view_method uav_method = {"CreateUnorderedAccessView",
        D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE,
        D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDESC};
static const struct view_method rtv_method = {"CreateRenderTargetView",
        D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDRESOURCE, D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDESC};
static const struct view_method dsv_method = {"CreateDepthStencilView",
        D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDRESOURCE, D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDESC};

/*
 * Casting of fully typed formats: a texture's view may take any format of the resource's
 * cast family (its typeless parent), as D3D12 allows when CastingFullyTypedFormatSupported
 * is TRUE (which the runtime reports at every level, seed 004); a format of another family
 * needs relaxed casting's castable-format list, which this device does not offer
 * (RelaxedFormatCastingSupported FALSE: resource creation refuses such lists). Buffers have
 * no format to cast from, and planar video textures are viewed through their planes'
 * formats, checked by the driver.
 */
static bool view_format_castable(const struct rt_resource *resource, DXGI_FORMAT view_format)
{
    const struct ddi_format_info *info;

    if (!resource || view_format == DXGI_FORMAT_UNKNOWN || rt_resource_is_buffer(resource))
        return true;
    if (!(info = ddi_format_get(resource->desc.Format)) || (info->is_yuv && info->is_planar))
        return true;
    return ddi_format_cast_compatible(view_format, resource->desc.Format);
}

/* The checks every view creation shares. */
static bool check_view_source(struct rt_device *device, const struct view_method *method,
        ID3D12Resource *resource_iface, const struct rt_resource *resource, bool has_desc, DXGI_FORMAT view_format)
{
    if (resource_iface && !resource)
    {
        view_error(device, method->invalid_resource, method->name, "the resource is not one of this runtime's");
        return false;
    }
    if (!resource && !has_desc)
    {
        view_error(device, method->invalid_desc, method->name, "a null view needs a description");
        return false;
    }
    if (!view_format_castable(resource, view_format))
    {
        view_error(device, method->invalid_desc, method->name, "the view format %s is outside the cast family of "
                   "the resource's %s", ddi_format_name(view_format), ddi_format_name(resource->desc.Format));
        return false;
    }
    return true;
}

/* The view's format (the resource's when the desc says UNKNOWN) against the driver's
 * CheckFormatSupport; typeless and UNKNOWN formats are the desc validation's matter. */
static bool check_view_format(struct rt_device *device, const struct view_method *method,
        const struct rt_resource *resource, DXGI_FORMAT format, UINT support1, const char *what)
{
    const struct ddi_format_info *info;
    char why[192];

    if (format == DXGI_FORMAT_UNKNOWN && resource)
        format = resource->desc.Format;
    if (!(info = ddi_format_get(format)) || info->is_typeless)
        return true;
    if (rt_format_caps_use(device, format, support1, what, why, sizeof(why)))
        return true;
    view_error(device, method->invalid_desc, method->name, "%s", why);
    return false;
}

static bool check_view_flag(struct rt_device *device, const struct view_method *method,
        const struct rt_resource *resource, D3D12_RESOURCE_FLAGS flag, const char *what)
{
    if (resource && !(resource->desc.Flags & flag))
    {
        view_error(device, method->invalid_resource, method->name, "the resource does not allow %s", what);
        return false;
    }
    return true;
}

static HRESULT create_shader_resource_view(rt_device_iface *iface, ID3D12Resource *resource_iface,
        const D3D12_SHADER_RESOURCE_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    struct rt_resource *resource = rt_resource_from_iface(resource_iface);
    struct rt_device *device = impl_from_ID3D12Device(iface);
    D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124 args;
    D3D12DDI_CPU_DESCRIPTOR_HANDLE dst = {descriptor.ptr};

    RT_TRACE("iface %p, resource %p, desc %p, descriptor %#zx.", (void *)iface, (void *)resource_iface,
            (const void *)desc, (size_t)descriptor.ptr);
    if (!check_destination(device, descriptor, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, "CreateShaderResourceView"))
        return E_INVALIDARG;
    if (!check_view_source(device, &srv_method, resource_iface, resource, desc != NULL,
            desc ? desc->Format : DXGI_FORMAT_UNKNOWN))
        return E_INVALIDARG;
    if (resource && (resource->desc.Flags & D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE))
    {
        view_error(device, srv_method.invalid_resource, srv_method.name, "the resource denies shader resource views");
        return E_INVALIDARG;
    }
    args.hResource = resource_handle(resource);
    if (desc)
        args.Desc = *desc;
    else if (!default_srv_desc(resource, &args.Desc))
    {
        view_error(device, srv_method.invalid_desc, srv_method.name, "%s resources need a view description",
                   rt_resource_is_buffer(resource) ? "buffer" : "typeless and depth");
        return E_INVALIDARG;
    }
    rt_device_ddi_lock(device);
    device->ddi.pfnCreateShaderResourceView(device->hdrv, &args, dst);
    rt_device_ddi_unlock(device);
    return S_OK;
}

void STDMETHODCALLTYPE rt_device_CreateShaderResourceView(rt_device_iface *iface, ID3D12Resource *resource_iface,
        const D3D12_SHADER_RESOURCE_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    create_shader_resource_view(iface, resource_iface, desc, descriptor);
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateShaderResourceView(rt_device_iface *iface, ID3D12Resource *resource_iface,
        const D3D12_SHADER_RESOURCE_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    return create_shader_resource_view(iface, resource_iface, desc, descriptor);
}

static bool default_uav_desc(const struct rt_resource *resource, D3D12_UNORDERED_ACCESS_VIEW_DESC *desc)
{
    const D3D12_RESOURCE_DESC1 *r = &resource->desc;
    const struct ddi_format_info *info = ddi_format_get(r->Format);
    UINT array_size = ddi_resource_array_size(r);

    memset(desc, 0, sizeof(*desc));
    if (rt_resource_is_buffer(resource) || !info || info->is_typeless)
        return false;
    desc->Format = r->Format;
    switch (r->Dimension)
    {
        case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
            desc->ViewDimension = array_size > 1 ? D3D12_UAV_DIMENSION_TEXTURE1DARRAY : D3D12_UAV_DIMENSION_TEXTURE1D;
            desc->Texture1DArray.ArraySize = array_size;
            break;
        case D3D12_RESOURCE_DIMENSION_TEXTURE2D:
            desc->ViewDimension = array_size > 1 ? D3D12_UAV_DIMENSION_TEXTURE2DARRAY : D3D12_UAV_DIMENSION_TEXTURE2D;
            if (array_size > 1)
                desc->Texture2DArray.ArraySize = array_size;
            break;
        default:
            desc->ViewDimension = D3D12_UAV_DIMENSION_TEXTURE3D;
            desc->Texture3D.WSize = r->DepthOrArraySize;
            break;
    }
    return true;
}

static HRESULT create_unordered_access_view(rt_device_iface *iface, ID3D12Resource *resource_iface,
        ID3D12Resource *counter_iface, const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    struct rt_resource *resource = rt_resource_from_iface(resource_iface);
    struct rt_resource *counter = rt_resource_from_iface(counter_iface);
    struct rt_device *device = impl_from_ID3D12Device(iface);
    D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0124 args;
    D3D12DDI_CPU_DESCRIPTOR_HANDLE dst = {descriptor.ptr};

    RT_TRACE("iface %p, resource %p, counter %p, desc %p, descriptor %#zx.", (void *)iface, (void *)resource_iface,
            (void *)counter_iface, (const void *)desc, (size_t)descriptor.ptr);
    if (!check_destination(device, descriptor, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, "CreateUnorderedAccessView"))
        return E_INVALIDARG;
    if (counter_iface && !counter)
    {
        view_error(device, uav_method.invalid_resource, uav_method.name, "the counter is not one of this runtime's");
        return E_INVALIDARG;
    }
    if (!check_view_source(device, &uav_method, resource_iface, resource, desc != NULL,
            desc ? desc->Format : DXGI_FORMAT_UNKNOWN))
        return E_INVALIDARG;
    if (!check_view_flag(device, &uav_method, resource, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, "unordered access"))
        return E_INVALIDARG;
    if (counter && (!resource || !rt_resource_is_buffer(counter) || !rt_resource_is_buffer(resource)))
    {
        view_error(device, D3D12_MESSAGE_ID_CREATE_UNORDEREDACCESS_VIEW_INVALID_COUNTER_USAGE, uav_method.name,
                   "counters are buffers, for buffer views");
        return E_INVALIDARG;
    }
    args.hResource = resource_handle(resource);
    args.hCounterResource = resource_handle(counter);
    if (desc)
        args.Desc = *desc;
    else if (!default_uav_desc(resource, &args.Desc))
    {
        view_error(device, uav_method.invalid_desc, uav_method.name, "buffer and typeless resources need a view "
                   "description");
        return E_INVALIDARG;
    }
    if (!(args.Desc.ViewDimension == D3D12_UAV_DIMENSION_BUFFER && args.Desc.Format == DXGI_FORMAT_UNKNOWN)
            && !check_view_format(device, &uav_method, resource, args.Desc.Format,
            D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW, "typed unordered-access"))
        return E_INVALIDARG;
    rt_device_ddi_lock(device);
    device->ddi.pfnCreateUnorderedAccessView(device->hdrv, &args, dst);
    rt_device_ddi_unlock(device);
    return S_OK;
}

void STDMETHODCALLTYPE rt_device_CreateUnorderedAccessView(rt_device_iface *iface, ID3D12Resource *resource_iface,
        ID3D12Resource *counter_iface, const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    create_unordered_access_view(iface, resource_iface, counter_iface, desc, descriptor);
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateUnorderedAccessView(rt_device_iface *iface, ID3D12Resource *resource_iface,
        ID3D12Resource *counter_iface, const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    return create_unordered_access_view(iface, resource_iface, counter_iface, desc, descriptor);
}

static bool default_rtv_desc(const struct rt_resource *resource, D3D12_RENDER_TARGET_VIEW_DESC *desc)
{
    const D3D12_RESOURCE_DESC1 *r = &resource->desc;
    const struct ddi_format_info *info = ddi_format_get(r->Format);
    UINT array_size = ddi_resource_array_size(r);

    memset(desc, 0, sizeof(*desc));
    if (rt_resource_is_buffer(resource) || !info || info->is_typeless)
        return false;
    desc->Format = r->Format;
    switch (r->Dimension)
    {
        case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
            desc->ViewDimension = array_size > 1 ? D3D12_RTV_DIMENSION_TEXTURE1DARRAY : D3D12_RTV_DIMENSION_TEXTURE1D;
            desc->Texture1DArray.ArraySize = array_size;
            break;
        case D3D12_RESOURCE_DIMENSION_TEXTURE2D:
            if (r->SampleDesc.Count > 1)
            {
                desc->ViewDimension = array_size > 1 ? D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY
                        : D3D12_RTV_DIMENSION_TEXTURE2DMS;
                desc->Texture2DMSArray.ArraySize = array_size;
            }
            else
            {
                desc->ViewDimension = array_size > 1 ? D3D12_RTV_DIMENSION_TEXTURE2DARRAY
                        : D3D12_RTV_DIMENSION_TEXTURE2D;
                if (array_size > 1)
                    desc->Texture2DArray.ArraySize = array_size;
            }
            break;
        default:
            desc->ViewDimension = D3D12_RTV_DIMENSION_TEXTURE3D;
            desc->Texture3D.WSize = r->DepthOrArraySize;
            break;
    }
    return true;
}

static HRESULT create_render_target_view(rt_device_iface *iface, ID3D12Resource *resource_iface,
        const D3D12_RENDER_TARGET_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    struct rt_resource *resource = rt_resource_from_iface(resource_iface);
    struct rt_device *device = impl_from_ID3D12Device(iface);
    D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 args;
    D3D12DDI_CPU_DESCRIPTOR_HANDLE dst = {descriptor.ptr};

    RT_TRACE("iface %p, resource %p, desc %p, descriptor %#zx.", (void *)iface, (void *)resource_iface,
            (const void *)desc, (size_t)descriptor.ptr);
    if (!check_destination(device, descriptor, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, "CreateRenderTargetView"))
        return E_INVALIDARG;
    if (!check_view_source(device, &rtv_method, resource_iface, resource, desc != NULL,
            desc ? desc->Format : DXGI_FORMAT_UNKNOWN))
        return E_INVALIDARG;
    if (!check_view_flag(device, &rtv_method, resource, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, "render targets"))
        return E_INVALIDARG;
    args.hResource = resource_handle(resource);
    if (desc)
        args.Desc = *desc;
    else if (!default_rtv_desc(resource, &args.Desc))
    {
        view_error(device, rtv_method.invalid_desc, rtv_method.name, "buffer and typeless resources need a view "
                   "description");
        return E_INVALIDARG;
    }
    if (!check_view_format(device, &rtv_method, resource, args.Desc.Format, D3D12_FORMAT_SUPPORT1_RENDER_TARGET,
            "render-target"))
        return E_INVALIDARG;
    rt_device_ddi_lock(device);
    device->ddi.pfnCreateRenderTargetView(device->hdrv, &args, dst);
    rt_device_ddi_unlock(device);
    rt_descriptor_record_rtv(device, descriptor.ptr, resource, &args.Desc);
    return S_OK;
}

void STDMETHODCALLTYPE rt_device_CreateRenderTargetView(rt_device_iface *iface, ID3D12Resource *resource_iface,
        const D3D12_RENDER_TARGET_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    create_render_target_view(iface, resource_iface, desc, descriptor);
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateRenderTargetView(rt_device_iface *iface, ID3D12Resource *resource_iface,
        const D3D12_RENDER_TARGET_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    return create_render_target_view(iface, resource_iface, desc, descriptor);
}

static bool default_dsv_desc(const struct rt_resource *resource, D3D12_DEPTH_STENCIL_VIEW_DESC *desc)
{
    const D3D12_RESOURCE_DESC1 *r = &resource->desc;
    const struct ddi_format_info *info = ddi_format_get(r->Format);
    UINT array_size = ddi_resource_array_size(r);

    memset(desc, 0, sizeof(*desc));
    if (rt_resource_is_buffer(resource) || !info || !info->is_depth)
        return false;
    desc->Format = r->Format;
    if (r->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D)
    {
        desc->ViewDimension = array_size > 1 ? D3D12_DSV_DIMENSION_TEXTURE1DARRAY : D3D12_DSV_DIMENSION_TEXTURE1D;
        desc->Texture1DArray.ArraySize = array_size;
    }
    else if (r->SampleDesc.Count > 1)
    {
        desc->ViewDimension = array_size > 1 ? D3D12_DSV_DIMENSION_TEXTURE2DMSARRAY : D3D12_DSV_DIMENSION_TEXTURE2DMS;
        desc->Texture2DMSArray.ArraySize = array_size;
    }
    else
    {
        desc->ViewDimension = array_size > 1 ? D3D12_DSV_DIMENSION_TEXTURE2DARRAY : D3D12_DSV_DIMENSION_TEXTURE2D;
        if (array_size > 1)
            desc->Texture2DArray.ArraySize = array_size;
    }
    return true;
}

static HRESULT create_depth_stencil_view(rt_device_iface *iface, ID3D12Resource *resource_iface,
        const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    struct rt_resource *resource = rt_resource_from_iface(resource_iface);
    struct rt_device *device = impl_from_ID3D12Device(iface);
    D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 args;
    D3D12DDI_CPU_DESCRIPTOR_HANDLE dst = {descriptor.ptr};

    RT_TRACE("iface %p, resource %p, desc %p, descriptor %#zx.", (void *)iface, (void *)resource_iface,
            (const void *)desc, (size_t)descriptor.ptr);
    if (!check_destination(device, descriptor, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, "CreateDepthStencilView"))
        return E_INVALIDARG;
    if (!check_view_source(device, &dsv_method, resource_iface, resource, desc != NULL,
            desc ? desc->Format : DXGI_FORMAT_UNKNOWN))
        return E_INVALIDARG;
    if (!check_view_flag(device, &dsv_method, resource, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, "depth-stencil views"))
        return E_INVALIDARG;
    args.hResource = resource_handle(resource);
    if (desc)
        args.Desc = *desc;
    else if (!default_dsv_desc(resource, &args.Desc))
    {
        view_error(device, dsv_method.invalid_desc, dsv_method.name, "typeless resources need a view description");
        return E_INVALIDARG;
    }
    if (!check_view_format(device, &dsv_method, resource, args.Desc.Format, D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL,
            "depth-stencil"))
        return E_INVALIDARG;
    rt_device_ddi_lock(device);
    device->ddi.pfnCreateDepthStencilView(device->hdrv, &args, dst);
    rt_device_ddi_unlock(device);
    rt_descriptor_record_dsv(device, descriptor.ptr, resource, &args.Desc);
    return S_OK;
}

void STDMETHODCALLTYPE rt_device_CreateDepthStencilView(rt_device_iface *iface, ID3D12Resource *resource_iface,
        const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    create_depth_stencil_view(iface, resource_iface, desc, descriptor);
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateDepthStencilView(rt_device_iface *iface, ID3D12Resource *resource_iface,
        const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    return create_depth_stencil_view(iface, resource_iface, desc, descriptor);
}

static HRESULT create_sampler2(rt_device_iface *iface, const D3D12_SAMPLER_DESC2 *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    D3D12DDI_CPU_DESCRIPTOR_HANDLE dst = {descriptor.ptr};

    RT_TRACE("iface %p, desc %p, descriptor %#zx.", (void *)iface, (const void *)desc, (size_t)descriptor.ptr);
    if (!check_destination(device, descriptor, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, "CreateSampler"))
        return E_INVALIDARG;
    if (!desc)
    {
        view_error(device, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER1, "CreateSampler", "NULL sampler description");
        return E_INVALIDARG;
    }
    rt_device_ddi_lock(device);
    device->ddi.pfnCreateSampler(device->hdrv, desc, dst);
    rt_device_ddi_unlock(device);
    return S_OK;
}

void STDMETHODCALLTYPE rt_device_CreateSampler2(rt_device_iface *iface, const D3D12_SAMPLER_DESC2 *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    create_sampler2(iface, desc, descriptor);
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateSampler2(rt_device_iface *iface, const D3D12_SAMPLER_DESC2 *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    return create_sampler2(iface, desc, descriptor);
}

void STDMETHODCALLTYPE rt_device_CreateSampler(rt_device_iface *iface, const D3D12_SAMPLER_DESC *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    D3D12_SAMPLER_DESC2 desc2;

    RT_TRACE("iface %p, desc %p, descriptor %#zx.", (void *)iface, (const void *)desc, (size_t)descriptor.ptr);
    if (!desc)
    {
        rt_device_CreateSampler2(iface, NULL, descriptor);
        return;
    }
    memset(&desc2, 0, sizeof(desc2));
    desc2.Filter = desc->Filter;
    desc2.AddressU = desc->AddressU;
    desc2.AddressV = desc->AddressV;
    desc2.AddressW = desc->AddressW;
    desc2.MipLODBias = desc->MipLODBias;
    desc2.MaxAnisotropy = desc->MaxAnisotropy;
    desc2.ComparisonFunc = desc->ComparisonFunc;
    memcpy(desc2.FloatBorderColor, desc->BorderColor, sizeof(desc2.FloatBorderColor));
    desc2.MinLOD = desc->MinLOD;
    desc2.MaxLOD = desc->MaxLOD;
    desc2.Flags = D3D12_SAMPLER_FLAG_NONE;
    rt_device_CreateSampler2(iface, &desc2, descriptor);
}

void STDMETHODCALLTYPE rt_device_CreateSamplerFeedbackUnorderedAccessView(rt_device_iface *iface,
        ID3D12Resource *target, ID3D12Resource *feedback, D3D12_CPU_DESCRIPTOR_HANDLE descriptor)
{
    RT_TRACE("iface %p, target %p, feedback %p, descriptor %#zx.", (void *)iface, (void *)target, (void *)feedback,
            (size_t)descriptor.ptr);
    /* SamplerFeedbackTier is NOT_SUPPORTED: there is no feedback resource to view. */
    view_error(impl_from_ID3D12Device(iface),
               D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_UAV_REQUIRES_SAMPLER_FEEDBACK_CAPABILITY,
               "CreateSamplerFeedbackUnorderedAccessView", "sampler feedback is not supported");
}

/* ---- Descriptor copies ------------------------------------------------------------------- */

/* The ranges of one side of CopyDescriptors, up to the `copied` descriptors the copy
 * takes from them: each such part must lie in a heap of the type (a NULL size array
 * means ranges of one). What lies past them is never read or written, so never checked. */
static bool check_copy_ranges(struct rt_device *device, const char *side, UINT count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *starts, const UINT *sizes, UINT64 copied, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    UINT i, n;

    for (i = 0; i < count && copied; ++i)
    {
        n = sizes ? sizes[i] : 1;
        if (n > copied)
            n = (UINT)copied;
        if (n && !rt_descriptor_range_valid(device, starts[i].ptr, n, type))
        {
            view_error(device, D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, "CopyDescriptors",
                       "%s range %u (%#zx, %u) is not in a heap of type %#x", side, i, (size_t)starts[i].ptr, n,
                       type);
            return false;
        }
        copied -= n;
    }
    return true;
}

static UINT64 copy_ranges_total(UINT count, const UINT *sizes)
{
    UINT64 total = 0;
    UINT i;

    for (i = 0; i < count; ++i)
        total += sizes ? sizes[i] : 1;
    return total;
}

/*
 * Both range lists are walked in step until either runs out, so totals that differ copy
 * the smaller number of descriptors: vkd3d's test_copy_descriptors, written to pass on
 * Windows, copies 8 source descriptors into 7 destination ones and reads back the 7,
 * and copies nothing between lists where one side has only empty ranges. The debug
 * layer reports the difference (COPY_DESCRIPTORS_INVALID_RANGES); the copy still happens.
 */
void STDMETHODCALLTYPE rt_device_CopyDescriptors(rt_device_iface *iface, UINT dst_range_count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *dst_starts, const UINT *dst_sizes, UINT src_range_count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *src_starts, const UINT *src_sizes, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    UINT dst_range = 0, src_range = 0, dst_pos = 0, src_pos = 0, n;
    UINT64 dst_total, src_total, copied;
    UINT increment;

    RT_TRACE("iface %p, dst_range_count %u, dst_starts %p, dst_sizes %p, src_range_count %u, src_starts %p, "
            "src_sizes %p, type %#x.", (void *)iface, dst_range_count, (const void *)dst_starts,
            (const void *)dst_sizes, src_range_count, (const void *)src_starts, (const void *)src_sizes, type);

    if ((unsigned int)type >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES)
    {
        view_error(device, D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, "CopyDescriptors",
                   "invalid descriptor heap type %#x", type);
        return;
    }
    if ((dst_range_count && !dst_starts) || (src_range_count && !src_starts))
    {
        view_error(device, D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, "CopyDescriptors", "NULL range starts");
        return;
    }
    dst_total = copy_ranges_total(dst_range_count, dst_sizes);
    src_total = copy_ranges_total(src_range_count, src_sizes);
    copied = dst_total < src_total ? dst_total : src_total;
    if (!check_copy_ranges(device, "destination", dst_range_count, dst_starts, dst_sizes, copied, type)
            || !check_copy_ranges(device, "source", src_range_count, src_starts, src_sizes, copied, type))
        return;
    if (dst_total != src_total)
    {
        RT_WARN("CopyDescriptors: %" PRIu64 " destination and %" PRIu64 " source descriptors; %" PRIu64
                " copied.", dst_total, src_total, copied);
        rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, "CopyDescriptors: %" PRIu64 " destination and %"
                PRIu64 " source descriptors; the first %" PRIu64 " are copied.", dst_total, src_total, copied);
    }
    if (!copied)
        return;

    /* The driver walks the lists the same way (specs/ddi.md). */
    rt_device_ddi_lock(device);
    device->ddi.pfnCopyDescriptors(device->hdrv, dst_range_count,
            (const D3D12DDI_CPU_DESCRIPTOR_HANDLE *)dst_starts, dst_sizes, src_range_count,
            (const D3D12DDI_CPU_DESCRIPTOR_HANDLE *)src_starts, src_sizes, type);
    rt_device_ddi_unlock(device);

    if (type != D3D12_DESCRIPTOR_HEAP_TYPE_RTV && type != D3D12_DESCRIPTOR_HEAP_TYPE_DSV)
        return;
    /* Walk both range lists in step, as the copy does, to carry the view records along. */
    increment = device->descriptor_sizes[type];
    while (dst_range < dst_range_count && src_range < src_range_count)
    {
        UINT dst_left = (dst_sizes ? dst_sizes[dst_range] : 1) - dst_pos;
        UINT src_left = (src_sizes ? src_sizes[src_range] : 1) - src_pos;

        n = dst_left < src_left ? dst_left : src_left;
        if (n)
            rt_descriptor_copy_records(device, dst_starts[dst_range].ptr + (SIZE_T)dst_pos * increment,
                    src_starts[src_range].ptr + (SIZE_T)src_pos * increment, n);
        if (n == dst_left)
        {
            ++dst_range;
            dst_pos = 0;
        }
        else
        {
            dst_pos += n;
        }
        if (n == src_left)
        {
            ++src_range;
            src_pos = 0;
        }
        else
        {
            src_pos += n;
        }
    }
}

void STDMETHODCALLTYPE rt_device_CopyDescriptorsSimple(rt_device_iface *iface, UINT count,
        D3D12_CPU_DESCRIPTOR_HANDLE dst, D3D12_CPU_DESCRIPTOR_HANDLE src, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    D3D12DDI_CPU_DESCRIPTOR_HANDLE ddi_dst = {dst.ptr}, ddi_src = {src.ptr};

    RT_TRACE("iface %p, count %u, dst %#zx, src %#zx, type %#x.", (void *)iface, count, (size_t)dst.ptr,
            (size_t)src.ptr, type);

    if ((unsigned int)type >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES)
    {
        view_error(device, D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, "CopyDescriptorsSimple",
                   "invalid descriptor heap type %#x", type);
        return;
    }
    if (!rt_descriptor_range_valid(device, dst.ptr, count, type)
            || !rt_descriptor_range_valid(device, src.ptr, count, type))
    {
        view_error(device, D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, "CopyDescriptorsSimple",
                   "%u descriptors at %#zx or %#zx are not in a heap of type %#x", count, (size_t)dst.ptr,
                   (size_t)src.ptr, type);
        return;
    }
    if (!count)
        return;
    rt_device_ddi_lock(device);
    device->ddi.pfnCopyDescriptorsSimple(device->hdrv, count, ddi_dst, ddi_src, type);
    rt_device_ddi_unlock(device);
    rt_descriptor_copy_records(device, dst.ptr, src.ptr, count);
}
