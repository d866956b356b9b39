/* Query heaps and query execution (agx_query.h). */
#include <string.h>
#include "agx_exec.h"
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
    heap->counting = args->Type != D3D12_QUERY_HEAP_TYPE_TIMESTAMP
            && args->Type != D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP;
    return device->backend->ops->bo_create(device->backend,
            (uint64_t)heap->stride * args->Count * (heap->counting ? 2 : 1), 0, &heap->bo);
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

/* Where BeginQuery keeps the counters it saw. */
static uint64_t agx_query_begin_slot(const struct agx_query_heap *heap, UINT index)
{
    return heap->bo->va + ((uint64_t)heap->count + index) * heap->stride;
}

#define AGX_QUERY_MAX_VALUES (sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS1) / sizeof(uint64_t))

/* The counters as a result of the heap's type lays them out (every layout is UINT64s). */
static void agx_query_values(const struct agx_query_heap *heap, D3D12_QUERY_TYPE type,
                             const struct agx_exec_counters *counters, uint64_t values[AGX_QUERY_MAX_VALUES])
{
    memset(values, 0, AGX_QUERY_MAX_VALUES * sizeof(*values));
    switch (heap->type)
    {
        case D3D12_QUERY_HEAP_TYPE_OCCLUSION:
            values[0] = counters->samples_passed;
            break;
        case D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS:
        case D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1:
            /* STATISTICS1 extends the layout; amplification and mesh shaders never run. */
            memcpy(values, &counters->statistics, sizeof(counters->statistics));
            break;
        case D3D12_QUERY_HEAP_TYPE_SO_STATISTICS:
            if (type >= D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0 && type <= D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3)
            {
                values[0] = counters->so[type - D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0].NumPrimitivesWritten;
                values[1] = counters->so[type - D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0].PrimitivesStorageNeeded;
            }
            break;
        default:
            break;
    }
}

void agx_query_exec_begin(struct agx_backend *backend, struct agx_query_heap *heap, D3D12_QUERY_TYPE type,
                          UINT index, const struct agx_exec_counters *counters)
{
    uint64_t values[AGX_QUERY_MAX_VALUES];

    if (!heap->counting)
        return;
    agx_query_values(heap, type, counters, values);
    agx_mem_write(backend, agx_query_begin_slot(heap, index), values, heap->stride);
}

void agx_query_exec_end(struct agx_backend *backend, struct agx_query_heap *heap, D3D12_QUERY_TYPE type, UINT index,
                        const struct agx_exec_counters *counters)
{
    uint64_t values[AGX_QUERY_MAX_VALUES], begin[AGX_QUERY_MAX_VALUES], now;
    unsigned int i;

    if (!heap->counting)
    {
        now = backend->ops->timestamp(backend);
        agx_mem_write(backend, agx_query_slot(heap, index), &now, sizeof(now));
        return;
    }
    agx_query_values(heap, type, counters, values);
    agx_mem_read(backend, agx_query_begin_slot(heap, index), begin, heap->stride);
    for (i = 0; i < heap->stride / sizeof(uint64_t); ++i)
        values[i] -= begin[i];
    if (type == D3D12_QUERY_TYPE_BINARY_OCCLUSION)
        values[0] = !!values[0];
    agx_mem_write(backend, agx_query_slot(heap, index), values, heap->stride);
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
