/* The DDI spy's device table: object creation, memory, fences, views, tile mapping layouts. */
#include <stdio.h>
#include <string.h>

#include "ddi_spy_private.h"

#define HR(hr) ((unsigned int)(hr))

/* ---- Formats ---------------------------------------------------------------------- */

static HRESULT APIENTRY spy_CheckFormatSupport(D3D12DDI_HDEVICE device, DXGI_FORMAT format, UINT *support1,
                                               UINT *support2)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr = d->core.pfnCheckFormatSupport(spy_in_device(device), format, support1, support2);

    if (SUCCEEDED(hr) && support1 && d->spy->masks.hide_msaa_render_targets)
        *support1 &= ~(UINT)D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET;
    spy_log(d->spy, "CheckFormatSupport", "Format=%d -> 0x%08x, Support1=0x%x, Support2=0x%x", (int)format, HR(hr),
            support1 ? *support1 : 0, support2 ? *support2 : 0);
    return hr;
}

static HRESULT APIENTRY spy_CheckMultisampleQualityLevels(D3D12DDI_HDEVICE device, DXGI_FORMAT format, UINT samples,
                                                          D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags, UINT *levels)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr = d->core.pfnCheckMultisampleQualityLevels(spy_in_device(device), format, samples, flags, levels);

    spy_log(d->spy, "CheckMultisampleQualityLevels", "Format=%d, SampleCount=%u, Flags=0x%x -> 0x%08x, levels=%u",
            (int)format, samples, (unsigned int)flags, HR(hr), levels ? *levels : 0);
    return hr;
}

static void APIENTRY spy_GetMipPacking(D3D12DDI_HDEVICE device, D3D12DDI_HRESOURCE resource,
                                       D3D12_PACKED_MIP_INFO *info, D3D12_TILE_SHAPE *shape)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "GetMipPacking", "resource=%p", resource.pDrvPrivate);
    d->core.pfnGetMipPacking(spy_in_device(device), spy_in_resource(resource), info, shape);
}

/* ---- Heaps and resources -------------------------------------------------------------- */

/* The resource args with hPlacementHeap translated; NULL stays NULL. */
static const D3D12DDIARG_CREATERESOURCE_0124 *spy_resource_args(const D3D12DDIARG_CREATERESOURCE_0124 *args,
                                                               D3D12DDIARG_CREATERESOURCE_0124 *copy)
{
    if (!args)
        return NULL;
    *copy = *args;
    copy->hPlacementHeap = spy_in_heap(args->hPlacementHeap);
    return copy;
}

static D3D12DDI_HEAP_AND_RESOURCE_SIZES APIENTRY spy_CalcPrivateHeapAndResourceSizes(
        D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATEHEAP_0124 *heap_args,
        const D3D12DDIARG_CREATERESOURCE_0124 *resource_args)
{
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDIARG_CREATERESOURCE_0124 copy;
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes;

    sizes = d->core.pfnCalcPrivateHeapAndResourceSizes(spy_in_device(device), heap_args,
                                                        spy_resource_args(resource_args, &copy));
    sizes.Heap = spy_outer_size(sizes.Heap);
    sizes.Resource = spy_outer_size(sizes.Resource);
    spy_log(d->spy, "CalcPrivateHeapAndResourceSizes", "heap=%s, resource=%s -> %zu, %zu", heap_args ? "yes" : "no",
            resource_args ? "yes" : "no", (size_t)sizes.Heap, (size_t)sizes.Resource);
    return sizes;
}

static HRESULT APIENTRY spy_CreateHeapAndResource(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATEHEAP_0124 *heap_args,
                                                  D3D12DDI_HHEAP heap, D3D12DDI_HRTRESOURCE rt_resource,
                                                  const D3D12DDIARG_CREATERESOURCE_0124 *resource_args,
                                                  D3D12DDI_HRESOURCE resource)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12DDIARG_CREATERESOURCE_0124 *r = SPY_OR_ZERO(resource_args, D3D12DDIARG_CREATERESOURCE_0124);
    D3D12DDIARG_CREATERESOURCE_0124 copy;
    HRESULT hr;

    /* Both objects carry the prefix: a committed resource places two. */
    spy_init_header(heap.pDrvPrivate, d, NULL);
    spy_init_header(resource.pDrvPrivate, d, rt_resource.handle);
    hr = d->core.pfnCreateHeapAndResource(spy_in_device(device), heap_args, spy_in_heap(heap), rt_resource,
                                          spy_resource_args(resource_args, &copy), spy_in_resource(resource));
    spy_log(d->spy, "CreateHeapAndResource",
            "heap=%p, size=%llu, resource=%p, Kind=%d, Dimension=%d, Width=%llu, Height=%u, Format=%d, "
            "Flags=0x%x, Flags0124=0x%x, HeapFlags=0x%x, HeapFlags0124=0x%x, placement=%p+%llu -> 0x%08x",
            heap.pDrvPrivate, heap_args ? (unsigned long long)heap_args->ByteSize : 0ull, resource.pDrvPrivate,
            (int)r->Kind, (int)r->Desc.Dimension, (unsigned long long)r->Desc.Width, r->Desc.Height,
            (int)r->Desc.Format, (unsigned int)r->Desc.Flags, r->Flags0124,
            heap_args ? (unsigned int)heap_args->Flags : 0u, heap_args ? heap_args->Flags0124 : 0u,
            r->hPlacementHeap.pDrvPrivate,
            (unsigned long long)r->PlacementOffset, HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyHeapAndResource(D3D12DDI_HDEVICE device, D3D12DDI_HHEAP heap,
                                                D3D12DDI_HRESOURCE resource)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyHeapAndResource", "heap=%p, resource=%p", heap.pDrvPrivate, resource.pDrvPrivate);
    d->core.pfnDestroyHeapAndResource(spy_in_device(device), spy_in_heap(heap), spy_in_resource(resource));
}

static void APIENTRY spy_GetResourceAllocationInfo(D3D12DDI_HDEVICE device, const D3D12_RESOURCE_DESC1 *desc,
                                                   D3D12DDI_RESOURCE_ALLOCATION_INFO *info)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12_RESOURCE_DESC1 *r = SPY_OR_ZERO(desc, D3D12_RESOURCE_DESC1);

    d->core.pfnGetResourceAllocationInfo(spy_in_device(device), desc, info);
    spy_log(d->spy, "GetResourceAllocationInfo", "Dimension=%d, Width=%llu, Height=%u, Format=%d -> %llu, align %llu",
            (int)r->Dimension, (unsigned long long)r->Width, r->Height, (int)r->Format,
            info ? (unsigned long long)info->SizeInBytes : 0ull, info ? (unsigned long long)info->Alignment : 0ull);
}

static HRESULT APIENTRY spy_MapHeap(D3D12DDI_HDEVICE device, D3D12DDI_HHEAP heap, void **data)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr = d->core.pfnMapHeap(spy_in_device(device), spy_in_heap(heap), data);

    spy_log(d->spy, "MapHeap", "heap=%p -> 0x%08x", heap.pDrvPrivate, HR(hr));
    return hr;
}

static void APIENTRY spy_UnmapHeap(D3D12DDI_HDEVICE device, D3D12DDI_HHEAP heap)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "UnmapHeap", "heap=%p", heap.pDrvPrivate);
    d->core.pfnUnmapHeap(spy_in_device(device), spy_in_heap(heap));
}

static UINT64 APIENTRY spy_GetResourceGpuVirtualAddress(D3D12DDI_HDEVICE device, D3D12DDI_HRESOURCE resource)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    UINT64 va = d->core.pfnGetResourceGpuVirtualAddress(spy_in_device(device), spy_in_resource(resource));

    spy_log(d->spy, "GetResourceGpuVirtualAddress", "resource=%p -> 0x%llx", resource.pDrvPrivate,
            (unsigned long long)va);
    return va;
}

typedef HRESULT (APIENTRY *spy_residency_fn)(D3D12DDI_HDEVICE, UINT, const D3D12DDI_HHEAP *);

static HRESULT spy_residency(D3D12DDI_HDEVICE device, const char *name, spy_residency_fn fn, UINT count,
                             const D3D12DDI_HHEAP *heaps)
{
    struct spy_device *d = SPY_DEVICE(device);
    struct spy_scratch scratch;
    D3D12DDI_HHEAP *inner = NULL;
    HRESULT hr = E_OUTOFMEMORY;
    UINT i;

    if (!heaps || (inner = spy_scratch_alloc(&scratch, count, sizeof(*inner))))
    {
        for (i = 0; inner && i < count; ++i)
            inner[i] = spy_in_heap(heaps[i]);
        hr = fn(spy_in_device(device), count, inner);
    }
    spy_log(d->spy, name, "count=%u, first=%p -> 0x%08x", count,
            heaps && count ? heaps[0].pDrvPrivate : NULL, HR(hr));
    if (heaps)
        spy_scratch_free(&scratch);
    return hr;
}

static HRESULT APIENTRY spy_MakeResident(D3D12DDI_HDEVICE device, UINT count, const D3D12DDI_HHEAP *heaps)
{
    SPY_GUARD(device);
    return spy_residency(device, "MakeResident", SPY_DEVICE(device)->core.pfnMakeResident, count, heaps);
}

static HRESULT APIENTRY spy_Evict(D3D12DDI_HDEVICE device, UINT count, const D3D12DDI_HHEAP *heaps)
{
    SPY_GUARD(device);
    return spy_residency(device, "Evict", SPY_DEVICE(device)->core.pfnEvict, count, heaps);
}

/* ---- Queues, allocators, lists ------------------------------------------------------------ */

static SIZE_T APIENTRY spy_CalcPrivateCommandQueueSize(D3D12DDI_HDEVICE device,
                                                       const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *args)
{
    struct spy_device *d = SPY_DEVICE(device);
    SIZE_T size = spy_outer_size(d->core.pfnCalcPrivateCommandQueueSize(spy_in_device(device), args));

    spy_log(d->spy, "CalcPrivateCommandQueueSize", "-> %zu", (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreateCommandQueue(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *args,
                                               D3D12DDI_HCOMMANDQUEUE queue, D3D12DDI_HRTCOMMANDQUEUE rt_queue)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *a = SPY_OR_ZERO(args, D3D12DDIARG_CREATE_COMMAND_QUEUE_0124);
    HRESULT hr;

    spy_init_header(queue.pDrvPrivate, d, rt_queue.handle);
    hr = d->core.pfnCreateCommandQueue(spy_in_device(device), args, spy_in_queue(queue), rt_queue);
    spy_log(d->spy, "CreateCommandQueue", "queue=%p, Type=%s, Priority=%d, Flags=0x%x, NodeMask=0x%x -> 0x%08x",
            queue.pDrvPrivate, spy_list_type_name(a->Type), a->Priority, (unsigned int)a->Flags, a->NodeMask, HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyCommandQueue(D3D12DDI_HDEVICE device, D3D12DDI_HCOMMANDQUEUE queue)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyCommandQueue", "queue=%p", queue.pDrvPrivate);
    d->core.pfnDestroyCommandQueue(spy_in_device(device), spy_in_queue(queue));
}

static SIZE_T APIENTRY spy_CalcPrivateCommandAllocatorSize(D3D12DDI_HDEVICE device,
                                                           const D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 *args)
{
    struct spy_device *d = SPY_DEVICE(device);
    SIZE_T size = spy_outer_size(d->core.pfnCalcPrivateCommandAllocatorSize(spy_in_device(device), args));

    spy_log(d->spy, "CalcPrivateCommandAllocatorSize", "-> %zu", (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreateCommandAllocator(D3D12DDI_HDEVICE device,
                                                   const D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 *args,
                                                   D3D12DDI_HCOMMANDALLOCATOR allocator)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr;

    spy_init_header(allocator.pDrvPrivate, d, NULL);
    hr = d->core.pfnCreateCommandAllocator(spy_in_device(device), args, spy_in_allocator(allocator));
    spy_log(d->spy, "CreateCommandAllocator", "allocator=%p, Type=%s -> 0x%08x", allocator.pDrvPrivate,
            spy_list_type_name(SPY_OR_ZERO(args, D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124)->Type), HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyCommandAllocator(D3D12DDI_HDEVICE device, D3D12DDI_HCOMMANDALLOCATOR allocator)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyCommandAllocator", "allocator=%p", allocator.pDrvPrivate);
    d->core.pfnDestroyCommandAllocator(spy_in_device(device), spy_in_allocator(allocator));
}

static HRESULT APIENTRY spy_ResetCommandAllocator(D3D12DDI_HDEVICE device, D3D12DDI_HCOMMANDALLOCATOR allocator)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr = d->core.pfnResetCommandAllocator(spy_in_device(device), spy_in_allocator(allocator));

    spy_log(d->spy, "ResetCommandAllocator", "allocator=%p -> 0x%08x", allocator.pDrvPrivate, HR(hr));
    return hr;
}

static const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *spy_list_args(const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *args,
                                                                 D3D12DDIARG_CREATE_COMMAND_LIST_0124 *copy)
{
    if (!args)
        return NULL;
    *copy = *args;
    copy->hAllocator = spy_in_allocator(args->hAllocator);
    return copy;
}

static SIZE_T APIENTRY spy_CalcPrivateCommandListSize(D3D12DDI_HDEVICE device,
                                                      const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *args)
{
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDIARG_CREATE_COMMAND_LIST_0124 copy;
    SIZE_T size;

    size = spy_outer_size(d->core.pfnCalcPrivateCommandListSize(spy_in_device(device), spy_list_args(args, &copy)));
    spy_log(d->spy, "CalcPrivateCommandListSize", "-> %zu", (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreateCommandList(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *args,
                                              D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRTCOMMANDLIST rt_list)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *a = SPY_OR_ZERO(args, D3D12DDIARG_CREATE_COMMAND_LIST_0124);
    D3D12DDIARG_CREATE_COMMAND_LIST_0124 copy;
    HRESULT hr;

    spy_init_header(list.pDrvPrivate, d, rt_list.handle);
    hr = d->core.pfnCreateCommandList(spy_in_device(device), spy_list_args(args, &copy), spy_in_list(list), rt_list);
    spy_log(d->spy, "CreateCommandList", "list=%p, Type=%s, allocator=%p, NodeMask=0x%x, id=%llu -> 0x%08x",
            list.pDrvPrivate, spy_list_type_name(a->Type), a->hAllocator.pDrvPrivate, a->NodeMask,
            (unsigned long long)a->CommandListId, HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyCommandList(D3D12DDI_HDEVICE device, D3D12DDI_HCOMMANDLIST list)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyCommandList", "list=%p", list.pDrvPrivate);
    d->core.pfnDestroyCommandList(spy_in_device(device), spy_in_list(list));
}

/* ---- Fences ------------------------------------------------------------------------------- */

static SIZE_T APIENTRY spy_CalcPrivateFenceSize(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_FENCE_0124 *args)
{
    struct spy_device *d = SPY_DEVICE(device);
    SIZE_T size = spy_outer_size(d->core.pfnCalcPrivateFenceSize(spy_in_device(device), args));

    spy_log(d->spy, "CalcPrivateFenceSize", "-> %zu", (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreateFence(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_FENCE_0124 *args,
                                        D3D12DDI_HFENCE fence)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12DDIARG_CREATE_FENCE_0124 *a = SPY_OR_ZERO(args, D3D12DDIARG_CREATE_FENCE_0124);
    HRESULT hr;

    spy_init_header(fence.pDrvPrivate, d, NULL);
    hr = d->core.pfnCreateFence(spy_in_device(device), args, spy_in_fence(fence));
    spy_log(d->spy, "CreateFence", "fence=%p, InitialValue=%llu, Flags=0x%x -> 0x%08x", fence.pDrvPrivate,
            (unsigned long long)a->InitialValue, (unsigned int)a->Flags, HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyFence(D3D12DDI_HDEVICE device, D3D12DDI_HFENCE fence)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyFence", "fence=%p", fence.pDrvPrivate);
    d->core.pfnDestroyFence(spy_in_device(device), spy_in_fence(fence));
}

static UINT64 APIENTRY spy_GetFenceCompletedValue(D3D12DDI_HDEVICE device, D3D12DDI_HFENCE fence)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    UINT64 value = d->core.pfnGetFenceCompletedValue(spy_in_device(device), spy_in_fence(fence));

    spy_log(d->spy, "GetFenceCompletedValue", "fence=%p -> %llu", fence.pDrvPrivate, (unsigned long long)value);
    return value;
}

static HRESULT APIENTRY spy_SignalFenceCpu(D3D12DDI_HDEVICE device, D3D12DDI_HFENCE fence, UINT64 value)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr = d->core.pfnSignalFenceCpu(spy_in_device(device), spy_in_fence(fence), value);

    spy_log(d->spy, "SignalFenceCpu", "fence=%p, Value=%llu -> 0x%08x", fence.pDrvPrivate, (unsigned long long)value,
            HR(hr));
    return hr;
}

static HRESULT APIENTRY spy_NotifyFenceOnCompletion(D3D12DDI_HDEVICE device, D3D12DDI_HFENCE fence, UINT64 value,
                                                    PFND3D12DDI_FENCE_CALLBACK callback, void *context)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr;

    /* Logged first: the callback may run inside the call. */
    spy_log(d->spy, "NotifyFenceOnCompletion", "fence=%p, Value=%llu, context=%p", fence.pDrvPrivate,
            (unsigned long long)value, context);
    hr = d->core.pfnNotifyFenceOnCompletion(spy_in_device(device), spy_in_fence(fence), value, callback, context);
    return hr;
}

/* ---- Descriptor heaps and views ---------------------------------------------------------- */

static SIZE_T APIENTRY spy_CalcPrivateDescriptorHeapSize(D3D12DDI_HDEVICE device,
                                                         const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 *args)
{
    struct spy_device *d = SPY_DEVICE(device);
    SIZE_T size = spy_outer_size(d->core.pfnCalcPrivateDescriptorHeapSize(spy_in_device(device), args));

    spy_log(d->spy, "CalcPrivateDescriptorHeapSize", "-> %zu", (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreateDescriptorHeap(D3D12DDI_HDEVICE device,
                                                 const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 *args,
                                                 D3D12DDI_HDESCRIPTORHEAP heap)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 *a = SPY_OR_ZERO(args, D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124);
    HRESULT hr;

    spy_init_header(heap.pDrvPrivate, d, NULL);
    hr = d->core.pfnCreateDescriptorHeap(spy_in_device(device), args, spy_in_descriptor_heap(heap));
    spy_log(d->spy, "CreateDescriptorHeap", "heap=%p, Type=%d, NumDescriptors=%u, Flags=0x%x -> 0x%08x",
            heap.pDrvPrivate, (int)a->Type, a->NumDescriptors, (unsigned int)a->Flags, HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyDescriptorHeap(D3D12DDI_HDEVICE device, D3D12DDI_HDESCRIPTORHEAP heap)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyDescriptorHeap", "heap=%p", heap.pDrvPrivate);
    d->core.pfnDestroyDescriptorHeap(spy_in_device(device), spy_in_descriptor_heap(heap));
}

static UINT APIENTRY spy_GetDescriptorSizeInBytes(D3D12DDI_HDEVICE device, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    UINT size = d->core.pfnGetDescriptorSizeInBytes(spy_in_device(device), type);

    spy_log(d->spy, "GetDescriptorSizeInBytes", "Type=%d -> %u", (int)type, size);
    return size;
}

static D3D12DDI_CPU_DESCRIPTOR_HANDLE APIENTRY spy_GetCPUDescriptorHandleForHeapStart(D3D12DDI_HDEVICE device,
                                                                                     D3D12DDI_HDESCRIPTORHEAP heap)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDI_CPU_DESCRIPTOR_HANDLE start;

    start = d->core.pfnGetCPUDescriptorHandleForHeapStart(spy_in_device(device), spy_in_descriptor_heap(heap));
    spy_log(d->spy, "GetCPUDescriptorHandleForHeapStart", "heap=%p -> 0x%zx", heap.pDrvPrivate, (size_t)start.ptr);
    return start;
}

static D3D12DDI_GPU_DESCRIPTOR_HANDLE APIENTRY spy_GetGPUDescriptorHandleForHeapStart(D3D12DDI_HDEVICE device,
                                                                                     D3D12DDI_HDESCRIPTORHEAP heap)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDI_GPU_DESCRIPTOR_HANDLE start;

    start = d->core.pfnGetGPUDescriptorHandleForHeapStart(spy_in_device(device), spy_in_descriptor_heap(heap));
    spy_log(d->spy, "GetGPUDescriptorHandleForHeapStart", "heap=%p -> 0x%llx", heap.pDrvPrivate,
            (unsigned long long)start.ptr);
    return start;
}

static void APIENTRY spy_CreateShaderResourceView(D3D12DDI_HDEVICE device,
                                                  const D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124 *args,
                                                  D3D12DDI_CPU_DESCRIPTOR_HANDLE dest)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124 copy;

    if (args)
    {
        copy = *args;
        copy.hResource = spy_in_resource(args->hResource);
    }
    spy_log(d->spy, "CreateShaderResourceView", "resource=%p, Format=%d, ViewDimension=%d, dest=0x%zx",
            args ? args->hResource.pDrvPrivate : NULL, args ? (int)args->Desc.Format : 0,
            args ? (int)args->Desc.ViewDimension : 0, (size_t)dest.ptr);
    d->core.pfnCreateShaderResourceView(spy_in_device(device), args ? &copy : NULL, dest);
}

static void APIENTRY spy_CreateConstantBufferView(D3D12DDI_HDEVICE device, const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc,
                                                  D3D12DDI_CPU_DESCRIPTOR_HANDLE dest)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12_CONSTANT_BUFFER_VIEW_DESC *v = SPY_OR_ZERO(desc, D3D12_CONSTANT_BUFFER_VIEW_DESC);

    spy_log(d->spy, "CreateConstantBufferView", "BufferLocation=0x%llx, SizeInBytes=%u, dest=0x%zx",
            (unsigned long long)v->BufferLocation, v->SizeInBytes, (size_t)dest.ptr);
    d->core.pfnCreateConstantBufferView(spy_in_device(device), desc, dest);
}

static void APIENTRY spy_CreateUnorderedAccessView(D3D12DDI_HDEVICE device,
                                                   const D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0124 *args,
                                                   D3D12DDI_CPU_DESCRIPTOR_HANDLE dest)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0124 copy;

    if (args)
    {
        copy = *args;
        copy.hResource = spy_in_resource(args->hResource);
        copy.hCounterResource = spy_in_resource(args->hCounterResource);
    }
    spy_log(d->spy, "CreateUnorderedAccessView", "resource=%p, counter=%p, Format=%d, ViewDimension=%d, dest=0x%zx",
            args ? args->hResource.pDrvPrivate : NULL, args ? args->hCounterResource.pDrvPrivate : NULL,
            args ? (int)args->Desc.Format : 0, args ? (int)args->Desc.ViewDimension : 0, (size_t)dest.ptr);
    d->core.pfnCreateUnorderedAccessView(spy_in_device(device), args ? &copy : NULL, dest);
}

static void APIENTRY spy_CreateRenderTargetView(D3D12DDI_HDEVICE device,
                                                const D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 *args,
                                                D3D12DDI_CPU_DESCRIPTOR_HANDLE dest)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 copy;

    if (args)
    {
        copy = *args;
        copy.hResource = spy_in_resource(args->hResource);
    }
    spy_log(d->spy, "CreateRenderTargetView", "resource=%p, Format=%d, ViewDimension=%d, dest=0x%zx",
            args ? args->hResource.pDrvPrivate : NULL, args ? (int)args->Desc.Format : 0,
            args ? (int)args->Desc.ViewDimension : 0, (size_t)dest.ptr);
    d->core.pfnCreateRenderTargetView(spy_in_device(device), args ? &copy : NULL, dest);
}

static void APIENTRY spy_CreateDepthStencilView(D3D12DDI_HDEVICE device,
                                                const D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 *args,
                                                D3D12DDI_CPU_DESCRIPTOR_HANDLE dest)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 copy;

    if (args)
    {
        copy = *args;
        copy.hResource = spy_in_resource(args->hResource);
    }
    spy_log(d->spy, "CreateDepthStencilView", "resource=%p, Format=%d, ViewDimension=%d, Flags=0x%x, dest=0x%zx",
            args ? args->hResource.pDrvPrivate : NULL, args ? (int)args->Desc.Format : 0,
            args ? (int)args->Desc.ViewDimension : 0, args ? (unsigned int)args->Desc.Flags : 0u, (size_t)dest.ptr);
    d->core.pfnCreateDepthStencilView(spy_in_device(device), args ? &copy : NULL, dest);
}

static void APIENTRY spy_CreateSampler(D3D12DDI_HDEVICE device, const D3D12_SAMPLER_DESC2 *desc,
                                       D3D12DDI_CPU_DESCRIPTOR_HANDLE dest)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "CreateSampler", "Filter=0x%x, dest=0x%zx",
            (unsigned int)SPY_OR_ZERO(desc, D3D12_SAMPLER_DESC2)->Filter, (size_t)dest.ptr);
    d->core.pfnCreateSampler(spy_in_device(device), desc, dest);
}

static void APIENTRY spy_CopyDescriptors(D3D12DDI_HDEVICE device, UINT num_dest_ranges,
                                         const D3D12DDI_CPU_DESCRIPTOR_HANDLE *dest_starts, const UINT *dest_sizes,
                                         UINT num_src_ranges, const D3D12DDI_CPU_DESCRIPTOR_HANDLE *src_starts,
                                         const UINT *src_sizes, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "CopyDescriptors", "NumDestRanges=%u, NumSrcRanges=%u, Type=%d", num_dest_ranges, num_src_ranges,
            (int)type);
    d->core.pfnCopyDescriptors(spy_in_device(device), num_dest_ranges, dest_starts, dest_sizes, num_src_ranges,
                               src_starts, src_sizes, type);
}

static void APIENTRY spy_CopyDescriptorsSimple(D3D12DDI_HDEVICE device, UINT count, D3D12DDI_CPU_DESCRIPTOR_HANDLE dest,
                                               D3D12DDI_CPU_DESCRIPTOR_HANDLE src, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "CopyDescriptorsSimple", "NumDescriptors=%u, dest=0x%zx, src=0x%zx, Type=%d", count,
            (size_t)dest.ptr, (size_t)src.ptr, (int)type);
    d->core.pfnCopyDescriptorsSimple(spy_in_device(device), count, dest, src, type);
}

/* ---- Root signatures, pipelines, query heaps, command signatures -------------------------- */

static SIZE_T APIENTRY spy_CalcPrivateRootSignatureSize(D3D12DDI_HDEVICE device,
                                                        const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 *args)
{
    struct spy_device *d = SPY_DEVICE(device);
    SIZE_T size = spy_outer_size(d->core.pfnCalcPrivateRootSignatureSize(spy_in_device(device), args));

    spy_log(d->spy, "CalcPrivateRootSignatureSize", "-> %zu", (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreateRootSignature(D3D12DDI_HDEVICE device,
                                                const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 *args,
                                                D3D12DDI_HROOTSIGNATURE root_signature)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 *a = SPY_OR_ZERO(args, D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124);
    HRESULT hr;

    spy_init_header(root_signature.pDrvPrivate, d, NULL);
    hr = d->core.pfnCreateRootSignature(spy_in_device(device), args, spy_in_root_signature(root_signature));
    spy_log(d->spy, "CreateRootSignature", "root_signature=%p, parameters=%u -> 0x%08x", root_signature.pDrvPrivate,
            a->pRootSignature ? a->pRootSignature->Desc_1_1.NumParameters : 0u, HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyRootSignature(D3D12DDI_HDEVICE device, D3D12DDI_HROOTSIGNATURE root_signature)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyRootSignature", "root_signature=%p", root_signature.pDrvPrivate);
    d->core.pfnDestroyRootSignature(spy_in_device(device), spy_in_root_signature(root_signature));
}

static const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *spy_pipeline_args(const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *args,
                                                                       D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *copy)
{
    if (!args)
        return NULL;
    *copy = *args;
    copy->hRootSignature = spy_in_root_signature(args->hRootSignature);
    return copy;
}

static SIZE_T APIENTRY spy_CalcPrivatePipelineStateSize(D3D12DDI_HDEVICE device,
                                                        const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *args)
{
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDIARG_CREATE_PIPELINE_STATE_0124 copy;
    SIZE_T size;

    size = spy_outer_size(d->core.pfnCalcPrivatePipelineStateSize(spy_in_device(device),
                                                                  spy_pipeline_args(args, &copy)));
    spy_log(d->spy, "CalcPrivatePipelineStateSize", "-> %zu", (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreatePipelineState(D3D12DDI_HDEVICE device,
                                                const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *args,
                                                D3D12DDI_HPIPELINESTATE pipeline)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *a = SPY_OR_ZERO(args, D3D12DDIARG_CREATE_PIPELINE_STATE_0124);
    D3D12DDIARG_CREATE_PIPELINE_STATE_0124 copy;
    HRESULT hr;

    spy_init_header(pipeline.pDrvPrivate, d, NULL);
    if (d->spy->masks.refuse_graphics_pipelines && a->Type == D3D12DDI_PIPELINE_STATE_TYPE_GRAPHICS)
        hr = E_INVALIDARG;
    else
        hr = d->core.pfnCreatePipelineState(spy_in_device(device), spy_pipeline_args(args, &copy),
                                            spy_in_pipeline(pipeline));
    spy_log(d->spy, "CreatePipelineState", "pipeline=%p, Type=%s, root_signature=%p -> 0x%08x", pipeline.pDrvPrivate,
            a->Type == D3D12DDI_PIPELINE_STATE_TYPE_COMPUTE ? "COMPUTE" : "GRAPHICS", a->hRootSignature.pDrvPrivate,
            HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyPipelineState(D3D12DDI_HDEVICE device, D3D12DDI_HPIPELINESTATE pipeline)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyPipelineState", "pipeline=%p", pipeline.pDrvPrivate);
    d->core.pfnDestroyPipelineState(spy_in_device(device), spy_in_pipeline(pipeline));
}

static SIZE_T APIENTRY spy_CalcPrivateQueryHeapSize(D3D12DDI_HDEVICE device,
                                                    const D3D12DDIARG_CREATE_QUERY_HEAP_0124 *args)
{
    struct spy_device *d = SPY_DEVICE(device);
    SIZE_T size = spy_outer_size(d->core.pfnCalcPrivateQueryHeapSize(spy_in_device(device), args));

    spy_log(d->spy, "CalcPrivateQueryHeapSize", "-> %zu", (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreateQueryHeap(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_QUERY_HEAP_0124 *args,
                                            D3D12DDI_HQUERYHEAP heap)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12DDIARG_CREATE_QUERY_HEAP_0124 *a = SPY_OR_ZERO(args, D3D12DDIARG_CREATE_QUERY_HEAP_0124);
    HRESULT hr;

    spy_init_header(heap.pDrvPrivate, d, NULL);
    hr = d->core.pfnCreateQueryHeap(spy_in_device(device), args, spy_in_query_heap(heap));
    spy_log(d->spy, "CreateQueryHeap", "heap=%p, Type=%d, Count=%u -> 0x%08x", heap.pDrvPrivate, (int)a->Type,
            a->Count, HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyQueryHeap(D3D12DDI_HDEVICE device, D3D12DDI_HQUERYHEAP heap)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyQueryHeap", "heap=%p", heap.pDrvPrivate);
    d->core.pfnDestroyQueryHeap(spy_in_device(device), spy_in_query_heap(heap));
}

static const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 *spy_signature_args(
        const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 *args, D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 *copy)
{
    if (!args)
        return NULL;
    *copy = *args;
    copy->hRootSignature = spy_in_root_signature(args->hRootSignature);
    return copy;
}

static SIZE_T APIENTRY spy_CalcPrivateCommandSignatureSize(D3D12DDI_HDEVICE device,
                                                           const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 *args)
{
    struct spy_device *d = SPY_DEVICE(device);
    D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 copy;
    SIZE_T size;

    size = spy_outer_size(d->core.pfnCalcPrivateCommandSignatureSize(spy_in_device(device),
                                                                     spy_signature_args(args, &copy)));
    spy_log(d->spy, "CalcPrivateCommandSignatureSize", "-> %zu", (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreateCommandSignature(D3D12DDI_HDEVICE device,
                                                   const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 *args,
                                                   D3D12DDI_HCOMMANDSIGNATURE signature)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);
    const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 *a = SPY_OR_ZERO(args, D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124);
    D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 copy;
    HRESULT hr;

    spy_init_header(signature.pDrvPrivate, d, NULL);
    hr = d->core.pfnCreateCommandSignature(spy_in_device(device), spy_signature_args(args, &copy),
                                           spy_in_command_signature(signature));
    spy_log(d->spy, "CreateCommandSignature", "signature=%p, ByteStride=%u, NumArgumentDescs=%u, root_signature=%p"
            " -> 0x%08x", signature.pDrvPrivate, a->pDesc ? a->pDesc->ByteStride : 0u,
            a->pDesc ? a->pDesc->NumArgumentDescs : 0u, a->hRootSignature.pDrvPrivate, HR(hr));
    return hr;
}

static void APIENTRY spy_DestroyCommandSignature(D3D12DDI_HDEVICE device, D3D12DDI_HCOMMANDSIGNATURE signature)
{
    SPY_GUARD(device);
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "DestroyCommandSignature", "signature=%p", signature.pDrvPrivate);
    d->core.pfnDestroyCommandSignature(spy_in_device(device), spy_in_command_signature(signature));
}

static HRESULT APIENTRY spy_GetSubresourceLayout(D3D12DDI_HDEVICE device, D3D12DDI_HRESOURCE resource,
        UINT subresource, D3D12DDI_SUBRESOURCE_LAYOUT_0124 *layout)
{
    struct spy_device *d = SPY_DEVICE(device);
    HRESULT hr = d->core.pfnGetSubresourceLayout(spy_in_device(device), spy_in_resource(resource), subresource,
            layout);

    spy_log(d->spy, "GetSubresourceLayout", "resource=%p, subresource=%u -> 0x%08x", resource.pDrvPrivate,
            subresource, HR(hr));
    return hr;
}

static void APIENTRY spy_RemoveDevice(D3D12DDI_HDEVICE device, HRESULT reason)
{
    struct spy_device *d = SPY_DEVICE(device);

    spy_log(d->spy, "RemoveDevice", "reason=0x%08x", HR(reason));
    d->core.pfnRemoveDevice(spy_in_device(device), reason);
}

void spy_fill_device_table(D3D12DDI_DEVICE_FUNCS_CORE_0124 *outer, const D3D12DDI_DEVICE_FUNCS_CORE_0124 *inner)
{
    SPY_FILL(outer, inner, pfnCheckFormatSupport, spy_CheckFormatSupport);
    SPY_FILL(outer, inner, pfnCheckMultisampleQualityLevels, spy_CheckMultisampleQualityLevels);
    SPY_FILL(outer, inner, pfnGetMipPacking, spy_GetMipPacking);
    SPY_FILL(outer, inner, pfnCalcPrivateHeapAndResourceSizes, spy_CalcPrivateHeapAndResourceSizes);
    SPY_FILL(outer, inner, pfnCreateHeapAndResource, spy_CreateHeapAndResource);
    SPY_FILL(outer, inner, pfnDestroyHeapAndResource, spy_DestroyHeapAndResource);
    SPY_FILL(outer, inner, pfnGetResourceAllocationInfo, spy_GetResourceAllocationInfo);
    SPY_FILL(outer, inner, pfnMapHeap, spy_MapHeap);
    SPY_FILL(outer, inner, pfnUnmapHeap, spy_UnmapHeap);
    SPY_FILL(outer, inner, pfnGetResourceGpuVirtualAddress, spy_GetResourceGpuVirtualAddress);
    SPY_FILL(outer, inner, pfnMakeResident, spy_MakeResident);
    SPY_FILL(outer, inner, pfnEvict, spy_Evict);
    SPY_FILL(outer, inner, pfnCalcPrivateCommandQueueSize, spy_CalcPrivateCommandQueueSize);
    SPY_FILL(outer, inner, pfnCreateCommandQueue, spy_CreateCommandQueue);
    SPY_FILL(outer, inner, pfnDestroyCommandQueue, spy_DestroyCommandQueue);
    SPY_FILL(outer, inner, pfnCalcPrivateCommandAllocatorSize, spy_CalcPrivateCommandAllocatorSize);
    SPY_FILL(outer, inner, pfnCreateCommandAllocator, spy_CreateCommandAllocator);
    SPY_FILL(outer, inner, pfnDestroyCommandAllocator, spy_DestroyCommandAllocator);
    SPY_FILL(outer, inner, pfnResetCommandAllocator, spy_ResetCommandAllocator);
    SPY_FILL(outer, inner, pfnCalcPrivateCommandListSize, spy_CalcPrivateCommandListSize);
    SPY_FILL(outer, inner, pfnCreateCommandList, spy_CreateCommandList);
    SPY_FILL(outer, inner, pfnDestroyCommandList, spy_DestroyCommandList);
    SPY_FILL(outer, inner, pfnCalcPrivateFenceSize, spy_CalcPrivateFenceSize);
    SPY_FILL(outer, inner, pfnCreateFence, spy_CreateFence);
    SPY_FILL(outer, inner, pfnDestroyFence, spy_DestroyFence);
    SPY_FILL(outer, inner, pfnGetFenceCompletedValue, spy_GetFenceCompletedValue);
    SPY_FILL(outer, inner, pfnSignalFenceCpu, spy_SignalFenceCpu);
    SPY_FILL(outer, inner, pfnNotifyFenceOnCompletion, spy_NotifyFenceOnCompletion);
    SPY_FILL(outer, inner, pfnCalcPrivateDescriptorHeapSize, spy_CalcPrivateDescriptorHeapSize);
    SPY_FILL(outer, inner, pfnCreateDescriptorHeap, spy_CreateDescriptorHeap);
    SPY_FILL(outer, inner, pfnDestroyDescriptorHeap, spy_DestroyDescriptorHeap);
    SPY_FILL(outer, inner, pfnGetDescriptorSizeInBytes, spy_GetDescriptorSizeInBytes);
    SPY_FILL(outer, inner, pfnGetCPUDescriptorHandleForHeapStart, spy_GetCPUDescriptorHandleForHeapStart);
    SPY_FILL(outer, inner, pfnGetGPUDescriptorHandleForHeapStart, spy_GetGPUDescriptorHandleForHeapStart);
    SPY_FILL(outer, inner, pfnCreateShaderResourceView, spy_CreateShaderResourceView);
    SPY_FILL(outer, inner, pfnCreateConstantBufferView, spy_CreateConstantBufferView);
    SPY_FILL(outer, inner, pfnCreateUnorderedAccessView, spy_CreateUnorderedAccessView);
    SPY_FILL(outer, inner, pfnCreateRenderTargetView, spy_CreateRenderTargetView);
    SPY_FILL(outer, inner, pfnCreateDepthStencilView, spy_CreateDepthStencilView);
    SPY_FILL(outer, inner, pfnCreateSampler, spy_CreateSampler);
    SPY_FILL(outer, inner, pfnCopyDescriptors, spy_CopyDescriptors);
    SPY_FILL(outer, inner, pfnCopyDescriptorsSimple, spy_CopyDescriptorsSimple);
    SPY_FILL(outer, inner, pfnCalcPrivateRootSignatureSize, spy_CalcPrivateRootSignatureSize);
    SPY_FILL(outer, inner, pfnCreateRootSignature, spy_CreateRootSignature);
    SPY_FILL(outer, inner, pfnDestroyRootSignature, spy_DestroyRootSignature);
    SPY_FILL(outer, inner, pfnCalcPrivatePipelineStateSize, spy_CalcPrivatePipelineStateSize);
    SPY_FILL(outer, inner, pfnCreatePipelineState, spy_CreatePipelineState);
    SPY_FILL(outer, inner, pfnDestroyPipelineState, spy_DestroyPipelineState);
    SPY_FILL(outer, inner, pfnCalcPrivateQueryHeapSize, spy_CalcPrivateQueryHeapSize);
    SPY_FILL(outer, inner, pfnCreateQueryHeap, spy_CreateQueryHeap);
    SPY_FILL(outer, inner, pfnDestroyQueryHeap, spy_DestroyQueryHeap);
    SPY_FILL(outer, inner, pfnCalcPrivateCommandSignatureSize, spy_CalcPrivateCommandSignatureSize);
    SPY_FILL(outer, inner, pfnCreateCommandSignature, spy_CreateCommandSignature);
    SPY_FILL(outer, inner, pfnDestroyCommandSignature, spy_DestroyCommandSignature);
    SPY_FILL(outer, inner, pfnGetSubresourceLayout, spy_GetSubresourceLayout);
    SPY_FILL(outer, inner, pfnRemoveDevice, spy_RemoveDevice);
    spy_fill_tile_device_entries(outer, inner);
}
