/*
 * The methods of ID3D12Device12 to ID3D12Device15, which the device implements because it
 * answers ID3D12Device16 (seed 001's layout-table methods, rt_tile_mapping_layout.c).
 * Where an older method does the same work they call it; the rest follow the rule of
 * rt_device_unimpl.c: E_INVALIDARG first, then E_NOTIMPL for an API surface not
 * implemented yet, DXGI_ERROR_UNSUPPORTED for a feature the device reports as absent.
 */
#include "rt_device_private.h"

static HRESULT next_not_implemented(const char *what)
{
    RT_WARN("%s is not implemented yet.", what);
    return E_NOTIMPL;
}

/* ID3D12Device12: castable formats change no allocation on a driver whose layouts depend
 * on the format's size class only (agx_layout.h), so the answer is GetResourceAllocationInfo2's. */
D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE rt_device_GetResourceAllocationInfo3(rt_device_iface *iface,
        UINT visible_mask, UINT count, const D3D12_RESOURCE_DESC1 *descs, const UINT32 *castable_counts,
        const DXGI_FORMAT *const *castable_formats, D3D12_RESOURCE_ALLOCATION_INFO1 *infos)
{
    RT_TRACE("iface %p, visible_mask %#x, count %u, descs %p, castable_counts %p, castable_formats %p, infos %p.",
            (void *)iface, visible_mask, count, (const void *)descs, (const void *)castable_counts,
            (const void *)castable_formats, (void *)infos);
    return rt_device_GetResourceAllocationInfo2(iface, visible_mask, count, descs, infos);
}

/* ID3D12Device13: as OpenExistingHeapFromAddress, which EXISTING_HEAPS reports unsupported. */
HRESULT STDMETHODCALLTYPE rt_device_OpenExistingHeapFromAddress1(rt_device_iface *iface, const void *address,
        SIZE_T size, REFIID riid, void **heap)
{
    RT_TRACE("iface %p, address %p, size %zu, riid %s, heap %p.", (void *)iface, address, (size_t)size,
            rt_debugstr_guid(riid), (void *)heap);
    return rt_device_OpenExistingHeapFromAddress(iface, address, riid, heap);
}

/* ID3D12Device14: state-object libraries hold DXIL, which the device does not run. */
HRESULT STDMETHODCALLTYPE rt_device_CreateRootSignatureFromSubobjectInLibrary(rt_device_iface *iface,
        UINT node_mask, const void *blob, SIZE_T size, LPCWSTR name, REFIID riid, void **signature)
{
    RT_TRACE("iface %p, node_mask %#x, blob %p, size %zu, riid %s, signature %p.", (void *)iface, node_mask, blob,
            (size_t)size, rt_debugstr_guid(riid), (void *)signature);
    rt_clear_out(signature);
    if (!blob || !size)
    {
        RT_WARN("NULL or empty library.");
        return E_INVALIDARG;
    }
    return next_not_implemented("CreateRootSignatureFromSubobjectInLibrary");
}

/* ID3D12Device15 */

HRESULT STDMETHODCALLTYPE rt_device_RegisterTrimNotificationCallback(rt_device_iface *iface,
        D3D12_REGISTER_TRIM_NOTIFICATION *data)
{
    RT_TRACE("iface %p, data %p.", (void *)iface, (void *)data);
    if (!data || !data->pfnCallback)
        return E_INVALIDARG;
    return next_not_implemented("RegisterTrimNotificationCallback");
}

HRESULT STDMETHODCALLTYPE rt_device_UnregisterTrimNotificationCallback(rt_device_iface *iface, DWORD cookie)
{
    RT_TRACE("iface %p, cookie %#x.", (void *)iface, (unsigned int)cookie);
    return next_not_implemented("UnregisterTrimNotificationCallback");
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateShaderResourceView(rt_device_iface *iface,
        ID3D12Resource *resource, const D3D12_SHADER_RESOURCE_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dst)
{
    return next_not_implemented("TryCreateShaderResourceView");
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateUnorderedAccessView(rt_device_iface *iface,
        ID3D12Resource *resource, ID3D12Resource *counter, const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE dst)
{
    return next_not_implemented("TryCreateUnorderedAccessView");
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateConstantBufferView(rt_device_iface *iface,
        const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dst)
{
    return next_not_implemented("TryCreateConstantBufferView");
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateSampler2(rt_device_iface *iface, const D3D12_SAMPLER_DESC2 *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE dst)
{
    return next_not_implemented("TryCreateSampler2");
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateRenderTargetView(rt_device_iface *iface,
        ID3D12Resource *resource, const D3D12_RENDER_TARGET_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dst)
{
    return next_not_implemented("TryCreateRenderTargetView");
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateDepthStencilView(rt_device_iface *iface,
        ID3D12Resource *resource, const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dst)
{
    return next_not_implemented("TryCreateDepthStencilView");
}

HRESULT STDMETHODCALLTYPE rt_device_TryCreateSamplerFeedbackUnorderedAccessView(rt_device_iface *iface,
        ID3D12Resource *targeted, ID3D12Resource *feedback, D3D12_CPU_DESCRIPTOR_HANDLE dst)
{
    /* SamplerFeedbackTier is NOT_SUPPORTED. */
    RT_WARN("Sampler feedback is not supported by this device.");
    return DXGI_ERROR_UNSUPPORTED;
}

/* Without CPU_RESOLVE a query heap is CreateQueryHeap's. */
HRESULT STDMETHODCALLTYPE rt_device_CreateQueryHeap1(rt_device_iface *iface, const D3D12_QUERY_HEAP_DESC *desc,
        D3D12_QUERY_HEAP_FLAGS flags, REFIID riid, void **heap)
{
    RT_TRACE("iface %p, desc %p, flags %#x, riid %s, heap %p.", (void *)iface, (const void *)desc, flags,
            rt_debugstr_guid(riid), (void *)heap);
    if (flags & ~D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE)
    {
        RT_WARN("Unknown query heap flags %#x.", flags);
        rt_clear_out(heap);
        return E_INVALIDARG;
    }
    if (flags == D3D12_QUERY_HEAP_FLAG_NONE)
        return rt_device_CreateQueryHeap(iface, desc, riid, heap);
    rt_clear_out(heap);
    return next_not_implemented("CreateQueryHeap1 with D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE");
}

HRESULT STDMETHODCALLTYPE rt_device_ResolveQueryData(rt_device_iface *iface, ID3D12QueryHeap *heap,
        D3D12_QUERY_TYPE type, UINT start, UINT count, void *data)
{
    if (!heap || !data)
        return E_INVALIDARG;
    return next_not_implemented("ID3D12Device15::ResolveQueryData");
}
