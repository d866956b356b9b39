/* Query heaps and query execution (agx_query.h). */
#include <string.h>
#include "agx_mem.h"
#include "agx_query.h"

static uint32_t agx_query_heap_stride(D3D12_QUERY_HEAP_TYPE type)
{
    switch (type)
    {
        case D3D12_QUERY_HEAP_TYPE_OCCLUSION:
        case D3D12_QUERY_HEAP_TYPE_TIMESTAMP:
        case D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP:
            return sizeof(UINT64);
        case D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS:
            return sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS);
        case D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1:
            return sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS1);
        case D3D12_QUERY_HEAP_TYPE_SO_STATISTICS:
            return sizeof(D3D12_QUERY_DATA_SO_STATISTICS);
        default:
            return 0;   /* video decode statistics: no video engine */
    }
}

static SIZE_T APIENTRY agx_query_heap_calc_size(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_QUERY_HEAP_0124 *args)
{
    return sizeof(struct agx_query_heap);
}

static HRESULT APIENTRY agx_query_heap_create(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_QUERY_HEAP_0124 *args,
                                              D3D12DDI_HQUERYHEAP hheap)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    struct agx_query_heap *heap = agx_query_heap_from_handle(hheap);

    memset(heap, 0, sizeof(*heap));
    if (!(heap->stride = agx_query_heap_stride(args->Type)) || !args->Count)
        return E_INVALIDARG;
    heap->type = args->Type;
    heap->count = args->Count;
    return device->backend->ops->bo_create(device->backend, (uint64_t)heap->stride * args->Count, 0, &heap->bo);
}

static void APIENTRY agx_query_heap_destroy(D3D12DDI_HDEVICE hdevice, D3D12DDI_HQUERYHEAP hheap)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    struct agx_query_heap *heap = agx_query_heap_from_handle(hheap);

    device->backend->ops->bo_destroy(device->backend, heap->bo);
    heap->bo = NULL;
}

static uint64_t agx_query_slot(const struct agx_query_heap *heap, UINT index)
{
    return heap->bo->va + (uint64_t)index * heap->stride;
}

void agx_query_exec_begin(struct agx_backend *backend, struct agx_query_heap *heap, UINT index)
{
    static const unsigned char zero[sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS1)];

    /* Counters start from zero; no draw ever adds to them yet. */
    agx_mem_write(backend, agx_query_slot(heap, index), zero, heap->stride);
}

void agx_query_exec_end(struct agx_backend *backend, struct agx_query_heap *heap, D3D12_QUERY_TYPE type, UINT index)
{
    uint64_t now;

    if (type != D3D12_QUERY_TYPE_TIMESTAMP)
        return;   /* the counters keep what BeginQuery reset them to */
    now = backend->ops->timestamp(backend);
    agx_mem_write(backend, agx_query_slot(heap, index), &now, sizeof(now));
}

void agx_query_exec_resolve(struct agx_backend *backend, struct agx_query_heap *heap, UINT start, UINT count,
                            uint64_t dst_va)
{
    agx_mem_copy(backend, dst_va, agx_query_slot(heap, start), (uint64_t)count * heap->stride);
}

void agx_query_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnCalcPrivateQueryHeapSize = agx_query_heap_calc_size;
    funcs->pfnCreateQueryHeap = agx_query_heap_create;
    funcs->pfnDestroyQueryHeap = agx_query_heap_destroy;
}
