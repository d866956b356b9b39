/*
 * The process-global debug-layer switch: the ID3D12Debug..ID3D12Debug6 object
 * D3D12GetDebugInterface hands out, and the settings it records for the devices
 * created afterwards (specs/debug.md).
 */
#ifndef RT_DEBUG_LAYER_H
#define RT_DEBUG_LAYER_H

#include "rt_common.h"

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
