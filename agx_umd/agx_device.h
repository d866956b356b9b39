/*
 * The adapter and device objects, and how the device table is assembled: each module
 * fills the entries of its concern.
 */
#ifndef AGX_DEVICE_H
#define AGX_DEVICE_H

#include <stdatomic.h>
#include <threads.h>
#include "agx_backend.h"
#include "agx_sampler.h"

struct agx_tile_layouts;
struct agx_resource;

/*
 * The resources that exist, by address: descriptors are raw data that name a resource
 * (agx_descriptor.h), and an application may destroy the resource and still use the
 * descriptor. The engine looks each named resource up here before it touches it, so a
 * stale descriptor faults the device instead of reading freed memory. Chained through
 * the resources themselves: inserting never allocates (the table grows when it can).
 */
struct agx_resource_registry
{
    mtx_t mutex;
    struct agx_resource **buckets;
    size_t bucket_count;              /* a power of two */
    size_t count;
};

struct agx_adapter
{
    D3D12DDI_HRTADAPTER hrt;
};

/* Lives in the runtime's memory (CalcPrivateDeviceSize). */
struct agx_device
{
    struct agx_adapter *adapter;
    D3D12DDI_HRTDEVICE hrt;
    D3D12DDI_CORELAYER_DEVICECALLBACKS_0124 callbacks;
    D3D12DDI_3DPIPELINELEVEL pipeline_level;
    UINT flags;
    struct agx_backend *backend;
    struct agx_sampler_slots sampler_slots;   /* agx_sampler.h */
    atomic_uint testing_chunk_failures;       /* agx_testing_fail_cmd_chunks */
    uint64_t watchdog_ns;                     /* a command list's budget (0: none) */
    _Atomic bool lost;                        /* the engine stops at its next check */
    struct agx_tile_layouts *tile_layouts;    /* tier 5's tables (agx_tile_layouts.h) */
    struct agx_resource_registry resources;
};

static inline struct agx_device *agx_device_from_handle(D3D12DDI_HDEVICE handle)
{
    return handle.pDrvPrivate;
}

/* Reports a failure the device cannot recover from (the runtime removes it, and halts
 * the GPU through pfnRemoveDevice). */
void agx_device_lost(struct agx_device *device, HRESULT hr);

/* agx_device.c */
HRESULT agx_device_init(struct agx_device *device, struct agx_adapter *adapter,
                        const D3D12DDIARG_CREATEDEVICE_0124 *args);
void agx_device_finish(struct agx_device *device);
void agx_device_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs);

/* The modules' parts of the device table. */
void agx_format_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs);
void agx_resource_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs);
void agx_queue_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs);
void agx_cmdbuf_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs);
void agx_fence_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs);
void agx_descriptor_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs);
void agx_pipeline_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs);
void agx_query_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs);

/* The other tables (agx_cmdbuf.c, agx_cmdasync.c, agx_render_pass.c, agx_queue.c). */
void agx_cmdlist_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs);
void agx_cmdlist_fill_render_pass_funcs(D3D12DDI_RENDER_PASS_FUNCS_0124 *funcs);
void agx_cmdlist_fill_async_funcs(D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *funcs);
void agx_queue_fill_queue_funcs(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *funcs);
void agx_queue_fill_tile_queue_funcs(D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 *funcs);

#endif
