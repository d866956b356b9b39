/*
 * ID3D12Debug..ID3D12Debug6: one static object for the whole process. Its methods
 * only record settings; device creation reads them (rt_debug_layer_device_flags).
 *
 * ID3D12Debug3..6 extend ID3D12Debug and share one vtable. ID3D12Debug1 and
 * ID3D12Debug2 derive from IUnknown alone, so they are separate interfaces of the
 * same object.
 */
/* The vtables are static const: let lpVtbl point to const. */
#define CONST_VTABLE

#include <stdatomic.h>

#include "rt_debug_layer.h"

/* Each setting is its own atomic: the methods may be called from any thread. */
static atomic_bool debug_enabled;
static atomic_bool debug_gpu_based_validation;
static atomic_bool debug_sync_queue_validation = true;
static atomic_uint debug_gbv_flags;
static atomic_bool debug_auto_name;
static atomic_bool debug_force_legacy_barriers;

struct rt_debug
{
    ID3D12Debug6 ID3D12Debug6_iface;
    ID3D12Debug1 ID3D12Debug1_iface;
    ID3D12Debug2 ID3D12Debug2_iface;
    atomic_uint refcount;   /* reported by AddRef/Release; the object is never freed */
};

static struct rt_debug rt_debug_object;

static HRESULT debug_query_interface(struct rt_debug *debug, REFIID riid, void **object)
{
    if (!object)
        return E_POINTER;

    if (rt_guid_equal(riid, &IID_IUnknown)
            || rt_guid_equal(riid, &IID_ID3D12Debug)
            || rt_guid_equal(riid, &IID_ID3D12Debug3)
            || rt_guid_equal(riid, &IID_ID3D12Debug4)
            || rt_guid_equal(riid, &IID_ID3D12Debug5)
            || rt_guid_equal(riid, &IID_ID3D12Debug6))
        *object = &debug->ID3D12Debug6_iface;
    else if (rt_guid_equal(riid, &IID_ID3D12Debug1))
        *object = &debug->ID3D12Debug1_iface;
    else if (rt_guid_equal(riid, &IID_ID3D12Debug2))
        *object = &debug->ID3D12Debug2_iface;
    else
    {
        RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
        *object = NULL;
        return E_NOINTERFACE;
    }

    atomic_fetch_add(&debug->refcount, 1);
    return S_OK;
}

static ULONG debug_add_ref(struct rt_debug *debug)
{
    ULONG refcount = atomic_fetch_add(&debug->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)debug, refcount);
    return refcount;
}

static ULONG debug_release(struct rt_debug *debug)
{
    unsigned int refcount = atomic_load(&debug->refcount);

    /* Saturate at 0: an extra Release on the static object must not wrap. */
    while (refcount && !atomic_compare_exchange_weak(&debug->refcount, &refcount, refcount - 1))
        ;
    RT_TRACE("%p decreasing refcount to %u.", (void *)debug, refcount ? refcount - 1 : 0);
    return refcount ? refcount - 1 : 0;
}

static void debug_set_enabled(bool enable)
{
    RT_TRACE("enable %d.", enable);
    atomic_store(&debug_enabled, enable);
}

static void debug_set_gpu_based_validation(BOOL enable)
{
    RT_TRACE("enable %d.", enable);
    if (enable)
        RT_WARN("GPU-based validation is recorded but not performed.");
    atomic_store(&debug_gpu_based_validation, !!enable);
}

static void debug_set_sync_queue_validation(BOOL enable)
{
    RT_TRACE("enable %d.", enable);
    atomic_store(&debug_sync_queue_validation, !!enable);
}

static void debug_set_gbv_flags(D3D12_GPU_BASED_VALIDATION_FLAGS flags)
{
    RT_TRACE("flags %#x.", (unsigned int)flags);
    atomic_store(&debug_gbv_flags, (unsigned int)flags);
}

/* ID3D12Debug6 (and ID3D12Debug, ID3D12Debug3..5, which are its prefixes) */

static struct rt_debug *impl_from_ID3D12Debug6(ID3D12Debug6 *iface)
{
    return RT_CONTAINING(iface, struct rt_debug, ID3D12Debug6_iface);
}

static HRESULT STDMETHODCALLTYPE rt_debug_QueryInterface(ID3D12Debug6 *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);
    return debug_query_interface(impl_from_ID3D12Debug6(iface), riid, object);
}

static ULONG STDMETHODCALLTYPE rt_debug_AddRef(ID3D12Debug6 *iface)
{
    return debug_add_ref(impl_from_ID3D12Debug6(iface));
}

static ULONG STDMETHODCALLTYPE rt_debug_Release(ID3D12Debug6 *iface)
{
    return debug_release(impl_from_ID3D12Debug6(iface));
}

static void STDMETHODCALLTYPE rt_debug_EnableDebugLayer(ID3D12Debug6 *iface)
{
    debug_set_enabled(true);
}

static void STDMETHODCALLTYPE rt_debug_SetEnableGPUBasedValidation(ID3D12Debug6 *iface, BOOL enable)
{
    debug_set_gpu_based_validation(enable);
}

static void STDMETHODCALLTYPE rt_debug_SetEnableSynchronizedCommandQueueValidation(ID3D12Debug6 *iface,
        BOOL enable)
{
    debug_set_sync_queue_validation(enable);
}

static void STDMETHODCALLTYPE rt_debug_SetGPUBasedValidationFlags(ID3D12Debug6 *iface,
        D3D12_GPU_BASED_VALIDATION_FLAGS flags)
{
    debug_set_gbv_flags(flags);
}

static void STDMETHODCALLTYPE rt_debug_DisableDebugLayer(ID3D12Debug6 *iface)
{
    debug_set_enabled(false);
}

static void STDMETHODCALLTYPE rt_debug_SetEnableAutoName(ID3D12Debug6 *iface, BOOL enable)
{
    RT_TRACE("iface %p, enable %d.", (void *)iface, enable);
    atomic_store(&debug_auto_name, !!enable);
}

static void STDMETHODCALLTYPE rt_debug_SetForceLegacyBarrierValidation(ID3D12Debug6 *iface, BOOL enable)
{
    RT_TRACE("iface %p, enable %d.", (void *)iface, enable);
    atomic_store(&debug_force_legacy_barriers, !!enable);
}

static const struct ID3D12Debug6Vtbl rt_debug_vtbl =
{
    /* IUnknown methods */
    rt_debug_QueryInterface,
    rt_debug_AddRef,
    rt_debug_Release,
    /* ID3D12Debug methods */
    rt_debug_EnableDebugLayer,
    /* ID3D12Debug3 methods */
    rt_debug_SetEnableGPUBasedValidation,
    rt_debug_SetEnableSynchronizedCommandQueueValidation,
    rt_debug_SetGPUBasedValidationFlags,
    /* ID3D12Debug4 methods */
    rt_debug_DisableDebugLayer,
    /* ID3D12Debug5 methods */
    rt_debug_SetEnableAutoName,
    /* ID3D12Debug6 methods */
    rt_debug_SetForceLegacyBarrierValidation,
};

/* ID3D12Debug1 */

static struct rt_debug *impl_from_ID3D12Debug1(ID3D12Debug1 *iface)
{
    return RT_CONTAINING(iface, struct rt_debug, ID3D12Debug1_iface);
}

static HRESULT STDMETHODCALLTYPE rt_debug1_QueryInterface(ID3D12Debug1 *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);
    return debug_query_interface(impl_from_ID3D12Debug1(iface), riid, object);
}

static ULONG STDMETHODCALLTYPE rt_debug1_AddRef(ID3D12Debug1 *iface)
{
    return debug_add_ref(impl_from_ID3D12Debug1(iface));
}

static ULONG STDMETHODCALLTYPE rt_debug1_Release(ID3D12Debug1 *iface)
{
    return debug_release(impl_from_ID3D12Debug1(iface));
}

static void STDMETHODCALLTYPE rt_debug1_EnableDebugLayer(ID3D12Debug1 *iface)
{
    debug_set_enabled(true);
}

static void STDMETHODCALLTYPE rt_debug1_SetEnableGPUBasedValidation(ID3D12Debug1 *iface, BOOL enable)
{
    debug_set_gpu_based_validation(enable);
}

static void STDMETHODCALLTYPE rt_debug1_SetEnableSynchronizedCommandQueueValidation(ID3D12Debug1 *iface,
        BOOL enable)
{
    debug_set_sync_queue_validation(enable);
}

static const struct ID3D12Debug1Vtbl rt_debug1_vtbl =
{
    /* IUnknown methods */
    rt_debug1_QueryInterface,
    rt_debug1_AddRef,
    rt_debug1_Release,
    /* ID3D12Debug1 methods */
    rt_debug1_EnableDebugLayer,
    rt_debug1_SetEnableGPUBasedValidation,
    rt_debug1_SetEnableSynchronizedCommandQueueValidation,
};

/* ID3D12Debug2 */

static struct rt_debug *impl_from_ID3D12Debug2(ID3D12Debug2 *iface)
{
    return RT_CONTAINING(iface, struct rt_debug, ID3D12Debug2_iface);
}

static HRESULT STDMETHODCALLTYPE rt_debug2_QueryInterface(ID3D12Debug2 *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);
    return debug_query_interface(impl_from_ID3D12Debug2(iface), riid, object);
}

static ULONG STDMETHODCALLTYPE rt_debug2_AddRef(ID3D12Debug2 *iface)
{
    return debug_add_ref(impl_from_ID3D12Debug2(iface));
}

static ULONG STDMETHODCALLTYPE rt_debug2_Release(ID3D12Debug2 *iface)
{
    return debug_release(impl_from_ID3D12Debug2(iface));
}

static void STDMETHODCALLTYPE rt_debug2_SetGPUBasedValidationFlags(ID3D12Debug2 *iface,
        D3D12_GPU_BASED_VALIDATION_FLAGS flags)
{
    debug_set_gbv_flags(flags);
}

static const struct ID3D12Debug2Vtbl rt_debug2_vtbl =
{
    /* IUnknown methods */
    rt_debug2_QueryInterface,
    rt_debug2_AddRef,
    rt_debug2_Release,
    /* ID3D12Debug2 methods */
    rt_debug2_SetGPUBasedValidationFlags,
};

static struct rt_debug rt_debug_object =
{
    .ID3D12Debug6_iface = {.lpVtbl = &rt_debug_vtbl},
    .ID3D12Debug1_iface = {.lpVtbl = &rt_debug1_vtbl},
    .ID3D12Debug2_iface = {.lpVtbl = &rt_debug2_vtbl},
};

HRESULT rt_debug_get_interface(REFIID riid, void **debug)
{
    RT_TRACE("riid %s, debug %p.", rt_debugstr_guid(riid), (void *)debug);
    return debug_query_interface(&rt_debug_object, riid, debug);
}

bool rt_debug_layer_enabled(void)
{
    return atomic_load(&debug_enabled);
}

void rt_debug_layer_get_settings(struct rt_debug_layer_settings *settings)
{
    settings->enabled = atomic_load(&debug_enabled);
    settings->gpu_based_validation = atomic_load(&debug_gpu_based_validation);
    settings->synchronized_command_queue_validation = atomic_load(&debug_sync_queue_validation);
    settings->gpu_based_validation_flags = (D3D12_GPU_BASED_VALIDATION_FLAGS)atomic_load(&debug_gbv_flags);
    settings->auto_name = atomic_load(&debug_auto_name);
    settings->force_legacy_barrier_validation = atomic_load(&debug_force_legacy_barriers);
}

D3D12_DEVICE_FLAGS rt_debug_layer_device_flags(void)
{
    struct rt_debug_layer_settings settings;
    unsigned int flags = 0;

    rt_debug_layer_get_settings(&settings);
    if (!settings.enabled)
        return D3D12_DEVICE_FLAG_NONE;

    flags |= D3D12_DEVICE_FLAG_DEBUG_LAYER_ENABLED;
    if (settings.gpu_based_validation)
        flags |= D3D12_DEVICE_FLAG_GPU_BASED_VALIDATION_ENABLED;
    if (!settings.synchronized_command_queue_validation)
        flags |= D3D12_DEVICE_FLAG_SYNCHRONIZED_COMMAND_QUEUE_VALIDATION_DISABLED;
    if (settings.auto_name)
        flags |= D3D12_DEVICE_FLAG_AUTO_DEBUG_NAME_ENABLED;
    if (settings.force_legacy_barrier_validation)
        flags |= D3D12_DEVICE_FLAG_FORCE_LEGACY_STATE_VALIDATION;
    return (D3D12_DEVICE_FLAGS)flags;
}

UINT rt_debug_layer_gpu_based_validation_flags(void)
{
    if (!atomic_load(&debug_enabled) || !atomic_load(&debug_gpu_based_validation))
        return 0;
    return atomic_load(&debug_gbv_flags);
}

void rt_debug_layer_reset_for_testing(void)
{
    atomic_store(&debug_enabled, false);
    atomic_store(&debug_gpu_based_validation, false);
    atomic_store(&debug_sync_queue_validation, true);
    atomic_store(&debug_gbv_flags, 0);
    atomic_store(&debug_auto_name, false);
    atomic_store(&debug_force_legacy_barriers, false);
    atomic_store(&rt_debug_object.refcount, 0);
}
