/* ID3D12Device and the state every other runtime object reaches through it. */
#ifndef RT_DEVICE_H
#define RT_DEVICE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <threads.h>
#include "rt_common.h"
#include "rt_object.h"
#include "rt_retire.h"
#include "d3d12ddi.h"

struct rt_adapter;
struct rt_info_queue;
struct rt_descriptor_registry;
struct rt_fallback_pools;
struct rt_tile_mapping_state;

/* The device's interface: one implementation serves every version. */
typedef ID3D12Device16 rt_device_iface;

/* Why the device's Async Commands implementation is what it is (rt_async_select.h). */
struct rt_async_selection
{
    D3D12_ASYNC_COMMANDS_IMPL impl;
    char reason[160];
};

/* Experimental features (D3D12EnableExperimentalFeatures), as bits. */
enum rt_experimental_feature
{
    RT_EXPERIMENTAL_SHADER_MODELS = 1u << 0,        /* D3D12ExperimentalShaderModels */
    RT_EXPERIMENTAL_TILED_RESOURCE_TIER4 = 1u << 1, /* D3D12TiledResourceTier4 */
    RT_EXPERIMENTAL_ASYNC_COMMANDS = 1u << 2,       /* the preview's D3D12AsyncCommandsExperiment */
};

/* The configuration a device is created with, copied from the factory or the global state
 * (seed 000: the opt-in and the forcing are kept apart). Decides "compatible" for the
 * singleton rules (rt_factory.h). */
struct rt_startup_options
{
    bool async_commands_fallback_enabled;   /* the application's opt-in */
    bool async_commands_force_fallback;     /* the config file's forcing */
    bool debug_layer;
    D3D12_DEVICE_FLAGS device_flags;
    UINT gpu_based_validation_flags;
    UINT sdk_version;
    unsigned int experimental_features;     /* enum rt_experimental_feature bits */
};

struct rt_fill_pipeline;
struct rt_clear_pipelines_impl;
struct rt_root_signature;

/* The device's live root signatures by their RTS0 bytes (rt_root_signature_cache.c). */
struct rt_root_signature_cache
{
    mtx_t mutex;
    struct rt_root_signature *first;
};

struct rt_device
{
    rt_device_iface ID3D12Device_iface;
    ID3D12DeviceConfiguration ID3D12DeviceConfiguration_iface;
    /* One count, as D3D12 shows it: the application's references plus one per live child
     * object (rt_device_add_internal_ref), so GetDevice/Release arithmetic matches Windows. */
    atomic_uint refcount;
    struct rt_private_store private_store;

    struct rt_adapter *adapter;      /* loaded driver, owned by the device */
    struct rt_device *live_next;     /* rt_factory.c's list of live devices */

    /* The driver's device object and tables. */
    D3D12DDI_HDEVICE hdrv;
    void *drv_memory;
    D3D12DDI_DEVICE_FUNCS_CORE_0124 ddi;
    D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 ddi_cmdlist;
    D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 ddi_queue;
    D3D12DDI_RENDER_PASS_FUNCS_0124 ddi_render_pass;
    bool has_render_pass_table;
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 ddi_async;
    bool has_async_table;
    /* Filled only on a tier-5 device (seed 001); zeroed otherwise. */
    D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 ddi_tile_queue;
    D3D12DDI_CORELAYER_DEVICECALLBACKS_0124 callbacks;
    /* The list tables above are what the device's lists record into: the driver's own,
     * or with software lists the runtime's recorders (rt_swlist.h). drv_* are always the
     * driver's, sw_* always the recorders (a list picks, rt_device_records_list). */
    D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 drv_cmdlist;
    D3D12DDI_RENDER_PASS_FUNCS_0124 drv_render_pass;
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 drv_async;
    D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 sw_cmdlist;
    D3D12DDI_RENDER_PASS_FUNCS_0124 sw_render_pass;
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 sw_async;

    /* Chosen once at creation. */
    D3D_FEATURE_LEVEL feature_level;            /* the driver's maximum, which the device runs at */
    D3D12DDI_3DPIPELINELEVEL pipeline_level;
    D3D12DDI_D3D12_OPTIONS_DATA_0124 options;
    D3D12DDI_ARCHITECTURE_INFO architecture;
    D3D12DDI_THREADING_CAPS_0124 threading;
    D3D12DDI_ASYNC_COMMANDS_CAPS_0124 async_caps;
    struct rt_async_selection async;
    struct rt_startup_options startup;
    UINT64 ddi_version;
    UINT descriptor_sizes[D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES];
    bool driver_command_lists;       /* FREETHREADED and COMMANDLISTS (seed 004) */
    bool software_lists;             /* !driver_command_lists: the runtime records (rt_swlist.h) */

    /* Drivers without free-threading get one thread at a time (seed 004). */
    bool serialize_ddi;
    mtx_t ddi_mutex;
    /* Live fences, so that a removal the driver does not know of still answers their
     * pending events (rt_fence_release_waiters). */
    mtx_t fence_list_mutex;
    struct rt_fence *fence_list;

    /* Removal: S_OK while healthy. gpu_stopped follows once the driver stopped its GPU
     * (pfnRemoveDevice returned): only then do fences read as complete. */
    _Atomic HRESULT removed_reason;
    _Atomic bool gpu_stopped;

    /* Memory budget (rt_device_memory_charge): what the driver says the device can back
     * (GPU_INFO: dedicated + shared memory; 0: no limit), and the bytes of heaps and
     * committed resources that live now. */
    UINT64 memory_budget;
    _Atomic UINT64 memory_usage;

    /* CPU descriptor address → heap, for handle validation (rt_descriptor_heap.h). */
    struct rt_descriptor_registry *descriptors;
    struct rt_root_signature_cache root_signatures;

    struct rt_info_queue *info_queue;   /* NULL unless the debug layer is on */
    /* The fallback's buffer pools (rt_fallback_services.h), created at first use. */
    _Atomic(struct rt_fallback_pools *) fallback_pools;
    /* Test hook (rt_testing_fail_fallback_buffers): fallback buffers still to fail. */
    atomic_uint testing_fallback_failures;
    /* The runtime's fill pipeline (rt_fill_pipeline.h), created at first use. */
    _Atomic(struct rt_fill_pipeline *) fill_pipeline;
    /* The bound clears' root signature and pipeline cache (rt_clear_pipeline.h), created at first use. */
    _Atomic(struct rt_clear_pipelines_impl *) clear_pipelines;
    atomic_uint_fast64_t next_command_list_id;
    /* What waits for the GPU before it is destroyed (rt_retire.h). */
    struct rt_retirement retirement;
    /* ID3D12Device15's trim-notification registrations (rt_device_trim.c), created at first use. */
    _Atomic(struct rt_trim_registry *) trim_registry;
    /* Seed 001's layout tables and tile mapping queue (rt_tile_mapping.h). */
    struct rt_tile_mapping_state *tile_mapping;
};

/*
 * Creates a device on an opened adapter; takes ownership of the adapter (closed on
 * failure too). E_INVALIDARG for a minimum_level D3D12 rejects (not a level, or a
 * 9_x/10_x level), DXGI_ERROR_UNSUPPORTED when the adapter's maximum is lower.
 */
HRESULT rt_device_create(struct rt_adapter *adapter, D3D_FEATURE_LEVEL minimum_level,
                         const struct rt_startup_options *options, struct rt_device **device);

/* Whether the driver reports every bit of `support1` (D3D12_FORMAT_SUPPORT1_*) for the format. */
bool rt_device_format_supports(struct rt_device *device, DXGI_FORMAT format, UINT support1);
/* NULL-safe; NULL for an interface that is not one of ours. */
struct rt_device *rt_device_from_iface(ID3D12Device *iface);

/* A child object's reference on its device: counted in the device's refcount, as D3D12
 * does (a new child raises the count the application sees by one). */
void rt_device_add_internal_ref(struct rt_device *device);
void rt_device_release_internal_ref(struct rt_device *device);
/* AddRef if the device still lives (refcount > 0); used by the singleton lookup. */
bool rt_device_try_add_ref(struct rt_device *device);

/* Device removal: the first reason sticks; the driver stops the GPU; fences then read
 * UINT64_MAX. */
void rt_device_mark_removed(struct rt_device *device, HRESULT reason);
static inline bool rt_device_is_removed(const struct rt_device *device)
{
    return atomic_load(&((struct rt_device *)device)->removed_reason) != S_OK;
}
/* Removed, and nothing executes any more: every fence value counts as reached. */
static inline bool rt_device_gpu_stopped(const struct rt_device *device)
{
    return atomic_load(&((struct rt_device *)device)->gpu_stopped);
}

/* Takes bytes of the memory budget for a heap or a committed resource: false (the
 * creation fails with E_OUTOFMEMORY) when they do not fit. uncharge gives them back. */
bool rt_device_memory_charge(struct rt_device *device, UINT64 bytes);
void rt_device_memory_uncharge(struct rt_device *device, UINT64 bytes);

/* Serialization around driver calls when the driver is not free-threaded (recursive). */
/* Whether the runtime records lists of this type (rt_swlist.h): every list on a driver
 * without command lists, and on a FALLBACK device every bundle, so that a bound clear
 * it holds can be lowered when it executes, with the executing list's bindings. */
static inline bool rt_device_records_list(const struct rt_device *device, D3D12_COMMAND_LIST_TYPE type)
{
    return device->software_lists || (type == D3D12_COMMAND_LIST_TYPE_BUNDLE
            && device->async.impl == D3D12_ASYNC_COMMANDS_IMPL_FALLBACK);
}

void rt_device_ddi_lock(struct rt_device *device);
void rt_device_ddi_unlock(struct rt_device *device);

/* Allocates zeroed driver-private memory of `size` bytes (CalcPrivate*Size); NULL when the
 * driver refused ((SIZE_T)-1 or 0) or memory ran out. Free it with free(). */
void *rt_device_alloc_driver_object(SIZE_T size);

/* Writes *out = NULL if out is not NULL; for the failure paths of Create* methods. */
static inline void rt_clear_out(void **out)
{
    if (out)
        *out = NULL;
}

#endif
