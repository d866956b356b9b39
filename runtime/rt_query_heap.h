/*
 * ID3D12QueryHeap, and the query rules the command side shares (specs/runtime.md,
 * "Queries").
 */
#ifndef RT_QUERY_HEAP_H
#define RT_QUERY_HEAP_H

#include "rt_device.h"

struct rt_query_heap
{
    ID3D12QueryHeap ID3D12QueryHeap_iface;
    atomic_uint refcount;
    struct rt_private_store private_store;
    struct rt_device *device;
    struct rt_retire_node retire;    /* deferred destruction (rt_retire.h) */
    D3D12_QUERY_HEAP_DESC desc;       /* NodeMask 0 stored as 1 */
    D3D12DDI_HQUERYHEAP hdrv;
    void *drv_memory;
};

/* NULL-safe; NULL for an interface that is not one of ours. */
struct rt_query_heap *rt_query_heap_from_iface(ID3D12QueryHeap *iface);

/* Whether queries of a type live in heaps of a type (timestamps in both timestamp heaps). */
bool rt_query_type_matches_heap(D3D12_QUERY_TYPE type, D3D12_QUERY_HEAP_TYPE heap_type);
/* Bytes one query of a type resolves to; 0 for a type no graphics command list resolves
 * (video decode statistics) or a value that names none. */
UINT64 rt_query_type_data_size(D3D12_QUERY_TYPE type);
const char *rt_query_heap_type_name(D3D12_QUERY_HEAP_TYPE type);

#endif
