/*
 * Query heaps: one slot of query results per index, in GPU memory, in the layout
 * ResolveQueryData writes out (the D3D12_QUERY_DATA_* structures).
 */
#ifndef AGX_QUERY_H
#define AGX_QUERY_H

#include "agx_resource.h"

struct agx_exec_counters;

/* Lives in the runtime's memory (CalcPrivateQueryHeapSize). Counting queries keep,
 * after the results, the counters each BeginQuery saw (same layout): EndQuery stores
 * the difference. */
struct agx_query_heap
{
    D3D12_QUERY_HEAP_TYPE type;
    UINT count;
    uint32_t stride;              /* bytes of one result */
    bool counting;                /* occlusion, statistics: Begin and End */
    struct agx_bo *bo;
};

static inline struct agx_query_heap *agx_query_heap_from_handle(D3D12DDI_HQUERYHEAP handle)
{
    return handle.pDrvPrivate;
}

/* Executed on the queue timeline (agx_exec.c). Occlusion and pipeline-statistics
 * queries count what the recording's draws and dispatches added to `counters` between
 * Begin and End (binary occlusion: 1 when any sample passed); stream-output statistics
 * those of the query type's stream; timestamps read the queue clock. */
void agx_query_exec_begin(struct agx_backend *backend, struct agx_query_heap *heap, D3D12_QUERY_TYPE type,
                          UINT index, const struct agx_exec_counters *counters);
void agx_query_exec_end(struct agx_backend *backend, struct agx_query_heap *heap, D3D12_QUERY_TYPE type, UINT index,
                        const struct agx_exec_counters *counters);
void agx_query_exec_resolve(struct agx_backend *backend, struct agx_query_heap *heap, UINT start, UINT count,
                            uint64_t dst_va);

#endif
