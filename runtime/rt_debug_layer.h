/*
 * The process-global debug-layer switch: the ID3D12Debug..ID3D12Debug6 object
 * D3D12GetDebugInterface hands out, and the settings it records for the devices
 * created afterwards (specs/debug.md).
 */
#ifndef RT_DEBUG_LAYER_H
#define RT_DEBUG_LAYER_H

#include <stdatomic.h>

#include "rt_common.h"

/* The settings one ID3D12Debug object records, each its own atomic: the methods may be
 * called from any thread. The process has one (D3D12GetDebugInterface's); each device
 * factory has its own (GetConfigurationInterface(CLSID_D3D12Debug)). */
struct rt_debug_state
{
    atomic_bool enabled;
    atomic_bool gpu_based_validation;
    atomic_bool sync_queue_validation;   /* default true, as on Windows */
    atomic_uint gbv_flags;
    atomic_bool auto_name;
    atomic_bool force_legacy_barriers;
};

void rt_debug_state_init(struct rt_debug_state *state);
void rt_debug_state_copy(struct rt_debug_state *dst, struct rt_debug_state *src);
/* The global settings into a factory's (InitializeFromGlobalState). */
void rt_debug_layer_copy_global(struct rt_debug_state *dst);
/* A new ID3D12Debug object recording into state, which owner (referenced while the object
 * lives) keeps. */
HRESULT rt_debug_create_bound(struct rt_debug_state *state, IUnknown *owner, REFIID riid, void **debug);
/* rt_debug_layer_* below for any state. */
bool rt_debug_state_enabled(struct rt_debug_state *state);
D3D12_DEVICE_FLAGS rt_debug_state_device_flags(struct rt_debug_state *state);
UINT rt_debug_state_gpu_based_validation_flags(struct rt_debug_state *state);

/* What the ID3D12Debug methods have recorded so far. */
struct rt_debug_layer_settings
{
    bool enabled;                                   /* EnableDebugLayer / DisableDebugLayer */
    bool gpu_based_validation;                      /* recorded only: not implemented */
    bool synchronized_command_queue_validation;     /* default true, as on Windows */
    D3D12_GPU_BASED_VALIDATION_FLAGS gpu_based_validation_flags;
    bool auto_name;
    bool force_legacy_barrier_validation;
};

/*
 * D3D12GetDebugInterface: the singleton object, as any ID3D12DebugN or IUnknown.
 * NULL debug → E_POINTER; another riid → E_NOINTERFACE with *debug = NULL.
 */
HRESULT rt_debug_get_interface(REFIID riid, void **debug);

bool rt_debug_layer_enabled(void);
void rt_debug_layer_get_settings(struct rt_debug_layer_settings *settings);

/*
 * The debug-layer bits of D3D12_DEVICE_CONFIGURATION_DESC::Flags for a device
 * created now: DEBUG_LAYER_ENABLED, GPU_BASED_VALIDATION_ENABLED,
 * SYNCHRONIZED_COMMAND_QUEUE_VALIDATION_DISABLED, AUTO_DEBUG_NAME_ENABLED and
 * FORCE_LEGACY_STATE_VALIDATION. All zero while the debug layer is off: the other
 * settings only mean something on top of it.
 */
D3D12_DEVICE_FLAGS rt_debug_layer_device_flags(void);
/* D3D12_DEVICE_CONFIGURATION_DESC::GpuBasedValidationFlags (0 while the layer is off). */
UINT rt_debug_layer_gpu_based_validation_flags(void);

/* Back to the process-start state (tests). */
void rt_debug_layer_reset_for_testing(void);

#endif
