/*
 * The methods of ID3D12Device12 to ID3D12Device15, which the device implements because it
 * answers ID3D12Device16 (seed 001's layout-table methods, rt_tile_mapping_layout.c).
 * Where an older method does the same work they call it; a feature the device does not
 * offer fails as D3D12 fails without it: E_INVALIDARG for invalid input first, then
 * DXGI_ERROR_UNSUPPORTED (rt_device_unimpl.c's rule). None answers E_NOTIMPL.
 */
#include "rt_device_private.h"

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

/* ID3D12Device14 */
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
    /* Libraries are state-object content, and CreateStateObject reports state objects
     * unsupported (rt_device_unimpl.c): the same failure for a root signature read out of one. */
    RT_WARN("State-object libraries are not supported by this device.");
    return DXGI_ERROR_UNSUPPORTED;
}

/* ID3D12Device15; trim notifications are rt_device_trim.c's, the TryCreate* views
 * rt_device_views.c's. */

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
    /* CPU-resolvable heaps are a feature this device does not offer: the driver has no
     * DDI for them, so the refusal is a feature's, not an argument's. */
    rt_clear_out(heap);
    RT_WARN("D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE is not supported by this device.");
    return DXGI_ERROR_UNSUPPORTED;
}

/* Only a heap created with CPU_RESOLVE may be resolved on the CPU, and none can be
 * (CreateQueryHeap1): every heap is one the call does not take. */
HRESULT STDMETHODCALLTYPE rt_device_ResolveQueryData(rt_device_iface *iface, ID3D12QueryHeap *heap,
        D3D12_QUERY_TYPE type, UINT start, UINT count, void *data)
{
    RT_TRACE("iface %p, heap %p, type %#x, start %u, count %u, data %p.", (void *)iface, (void *)heap, type, start,
            count, data);
    if (!heap || !data)
        RT_WARN("NULL query heap or output.");
    else
        RT_WARN("The query heap was not created with D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE.");
    return E_INVALIDARG;
}
