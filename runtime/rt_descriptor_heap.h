/*
 * ID3D12DescriptorHeap, and the device's registry of heap address ranges that maps a
 * descriptor handle back to its heap, type and index (so command lists and descriptor
 * copies can validate the handles an application passes).
 *
 * For RTV and DSV heaps the registry also remembers, per descriptor, the view the last
 * CreateRenderTargetView / CreateDepthStencilView / CopyDescriptors* wrote there: its
 * resource (not referenced, as D3D12 descriptors reference nothing) and its full view
 * description with defaults filled in.
 */
#ifndef RT_DESCRIPTOR_HEAP_H
#define RT_DESCRIPTOR_HEAP_H

#include "rt_device.h"

struct rt_resource;
struct rt_descriptor_record;

struct rt_descriptor_heap
{
    ID3D12DescriptorHeap ID3D12DescriptorHeap_iface;
    atomic_uint refcount;
    struct rt_private_store private_store;
    struct rt_device *device;
    struct rt_retire_node retire;    /* deferred destruction (rt_retire.h) */
    D3D12_DESCRIPTOR_HEAP_DESC desc;          /* NodeMask 0 reported as 1 */
    D3D12DDI_HDESCRIPTORHEAP hdrv;
    void *drv_memory;
    D3D12_CPU_DESCRIPTOR_HANDLE cpu_start;
    D3D12_GPU_DESCRIPTOR_HANDLE gpu_start;    /* 0 unless shader-visible */
    UINT increment;
    struct rt_descriptor_record *records;     /* RTV and DSV heaps only (registry lock) */
};

/* What a descriptor handle points at. */
struct rt_descriptor_info
{
    struct rt_descriptor_heap *heap;          /* not referenced */
    D3D12_DESCRIPTOR_HEAP_TYPE type;
    UINT index;
    bool shader_visible;
    /* RTV/DSV heaps: whether a view was written there, and which. */
    bool described;
    struct rt_resource *resource;             /* NULL for a null view */
    union
    {
        D3D12_RENDER_TARGET_VIEW_DESC rtv;
        D3D12_DEPTH_STENCIL_VIEW_DESC dsv;
    };
};

/* Validates and creates (E_INVALIDARG with a WARN for a bad description). */
HRESULT rt_descriptor_heap_create(struct rt_device *device, const D3D12_DESCRIPTOR_HEAP_DESC *desc,
                                  struct rt_descriptor_heap **heap);
/* NULL-safe; NULL for an object that is not one of ours. */
struct rt_descriptor_heap *rt_descriptor_heap_from_iface(ID3D12DescriptorHeap *iface);

/* The per-device registry (sorted address ranges under one lock). */
HRESULT rt_descriptor_registry_create(struct rt_descriptor_registry **registry);
void rt_descriptor_registry_destroy(struct rt_descriptor_registry *registry);

/* A CPU handle: false unless it points exactly at a descriptor of a live heap. */
bool rt_descriptor_lookup(struct rt_device *device, SIZE_T cpu_ptr, struct rt_descriptor_info *out);
/* A GPU handle of a shader-visible heap: false unless it points exactly at a descriptor. */
bool rt_descriptor_lookup_gpu(struct rt_device *device, UINT64 gpu_ptr, struct rt_descriptor_info *out);
/* count descriptors from cpu_ptr, all in one live heap of the given type. */
bool rt_descriptor_range_valid(struct rt_device *device, SIZE_T cpu_ptr, UINT count,
                               D3D12_DESCRIPTOR_HEAP_TYPE type);

/* Remember the view written at a RTV / DSV handle (no-op for other heaps). */
void rt_descriptor_record_rtv(struct rt_device *device, SIZE_T cpu_ptr, struct rt_resource *resource,
                              const D3D12_RENDER_TARGET_VIEW_DESC *desc);
void rt_descriptor_record_dsv(struct rt_device *device, SIZE_T cpu_ptr, struct rt_resource *resource,
                              const D3D12_DEPTH_STENCIL_VIEW_DESC *desc);
/* A resource named by some RTV or DSV is destroyed: the views naming it hold nothing
 * any more (so no list holds, reads or stamps freed memory through a stale descriptor;
 * the driver checks its own descriptors, agx_device.h). */
void rt_descriptor_forget_resource(struct rt_device *device, const struct rt_resource *resource);
/* Copies the records of count descriptors, as a descriptor copy does with the descriptors. */
void rt_descriptor_copy_records(struct rt_device *device, SIZE_T dst_ptr, SIZE_T src_ptr, UINT count);

#endif
