/*
 * ID3D12Debug..ID3D12Debug6: one static object for the whole process, and one per
 * ID3D12DeviceFactory::GetConfigurationInterface(CLSID_D3D12Debug) bound to that factory's
 * settings. Their methods only record settings; device creation reads them
 * (rt_debug_state_device_flags).
 *
 * ID3D12Debug3..6 extend ID3D12Debug and share one vtable. ID3D12Debug1 and
 * ID3D12Debug2 derive from IUnknown alone, so they are separate interfaces of the
 * same object.
 */
/* The vtables are static const: let lpVtbl point to const. */
#define CONST_VTABLE

#include <stdatomic.h>
#include <stdlib.h>

#include "rt_debug_layer.h"

/* The process-global settings D3D12GetDebugInterface's object records. */
static struct rt_debug_state debug_global_state =
{
    .sync_queue_validation = true,
};

struct rt_debug
{
    ID3D12Debug6 ID3D12Debug6_iface;
    ID3D12Debug1 ID3D12Debug1_iface;
    ID3D12Debug2 ID3D12Debug2_iface;
    /* The static object reports its count but is never freed; a factory's object is freed
     * at zero and releases its owner. */
    atomic_uint refcount;
    struct rt_debug_state *state;
    IUnknown *owner;        /* NULL for the static object */
};

static struct rt_debug rt_debug_object;

void rt_debug_state_init(struct rt_debug_state *state)
{
    atomic_init(&state->enabled, false);
    atomic_init(&state->gpu_based_validation, false);
    atomic_init(&state->sync_queue_validation, true);
    atomic_init(&state->gbv_flags, 0);
    atomic_init(&state->auto_name, false);
    atomic_init(&state->force_legacy_barriers, false);
}

void rt_debug_state_copy(struct rt_debug_state *dst, struct rt_debug_state *src)
{
    atomic_store(&dst->enabled, atomic_load(&src->enabled));
    atomic_store(&dst->gpu_based_validation, atomic_load(&src->gpu_based_validation));
    atomic_store(&dst->sync_queue_validation, atomic_load(&src->sync_queue_validation));
    atomic_store(&dst->gbv_flags, atomic_load(&src->gbv_flags));
    atomic_store(&dst->auto_name, atomic_load(&src->auto_name));
    atomic_store(&dst->force_legacy_barriers, atomic_load(&src->force_legacy_barriers));
}

void rt_debug_layer_copy_global(struct rt_debug_state *dst)
{
    rt_debug_state_copy(dst, &debug_global_state);
}

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
    unsigned int refcount;

    if (debug->owner)
    {
        IUnknown *owner = debug->owner;

        refcount = atomic_fetch_sub(&debug->refcount, 1) - 1;
        RT_TRACE("%p decreasing refcount to %u.", (void *)debug, refcount);
        if (!refcount)
        {
            free(debug);
            IUnknown_Release(owner);
        }
        return refcount;
    }
    refcount = atomic_load(&debug->refcount);

    /* Saturate at 0: an extra Release on the static object must not wrap. */
    while (refcount && !atomic_compare_exchange_weak(&debug->refcount, &refcount, refcount - 1))
        ;
    RT_TRACE("%p decreasing refcount to %u.", (void *)debug, refcount ? refcount - 1 : 0);
    return refcount ? refcount - 1 : 0;
}

static void debug_set_enabled(struct rt_debug *debug, bool enable)
{
    RT_TRACE("enable %d.", enable);
    atomic_store(&debug->state->enabled, enable);
}

static void debug_set_gpu_based_validation(struct rt_debug *debug, BOOL enable)
{
    RT_TRACE("enable %d.", enable);
    if (enable)
        RT_WARN("GPU-based validation is recorded but not performed.");
    atomic_store(&debug->state->gpu_based_validation, !!enable);
}

static void debug_set_sync_queue_validation(struct rt_debug *debug, BOOL enable)
{
    RT_TRACE("enable %d.", enable);
    atomic_store(&debug->state->sync_queue_validation, !!enable);
}

static void debug_set_gbv_flags(struct rt_debug *debug, D3D12_GPU_BASED_VALIDATION_FLAGS flags)
{
    RT_TRACE("flags %#x.", (unsigned int)flags);
    atomic_store(&debug->state->gbv_flags, (unsigned int)flags);
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
    debug_set_enabled(impl_from_ID3D12Debug6(iface), true);
}

static void STDMETHODCALLTYPE rt_debug_SetEnableGPUBasedValidation(ID3D12Debug6 *iface, BOOL enable)
{
    debug_set_gpu_based_validation(impl_from_ID3D12Debug6(iface), enable);
}

static void STDMETHODCALLTYPE rt_debug_SetEnableSynchronizedCommandQueueValidation(ID3D12Debug6 *iface,
        BOOL enable)
{
    debug_set_sync_queue_validation(impl_from_ID3D12Debug6(iface), enable);
}

static void STDMETHODCALLTYPE rt_debug_SetGPUBasedValidationFlags(ID3D12Debug6 *iface,
        D3D12_GPU_BASED_VALIDATION_FLAGS flags)
{
    debug_set_gbv_flags(impl_from_ID3D12Debug6(iface), flags);
}

static void STDMETHODCALLTYPE rt_debug_DisableDebugLayer(ID3D12Debug6 *iface)
{
    debug_set_enabled(impl_from_ID3D12Debug6(iface), false);
}

static void STDMETHODCALLTYPE rt_debug_SetEnableAutoName(ID3D12Debug6 *iface, BOOL enable)
{
    RT_TRACE("iface %p, enable %d.", (void *)iface, enable);
    atomic_store(&impl_from_ID3D12Debug6(iface)->state->auto_name, !!enable);
}

static void STDMETHODCALLTYPE rt_debug_SetForceLegacyBarrierValidation(ID3D12Debug6 *iface, BOOL enable)
{
    RT_TRACE("iface %p, enable %d.", (void *)iface, enable);
    atomic_store(&impl_from_ID3D12Debug6(iface)->state->force_legacy_barriers, !!enable);
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
    debug_set_enabled(impl_from_ID3D12Debug1(iface), true);
}

static void STDMETHODCALLTYPE rt_debug1_SetEnableGPUBasedValidation(ID3D12Debug1 *iface, BOOL enable)
{
    debug_set_gpu_based_validation(impl_from_ID3D12Debug1(iface), enable);
}

static void STDMETHODCALLTYPE rt_debug1_SetEnableSynchronizedCommandQueueValidation(ID3D12Debug1 *iface,
        BOOL enable)
{
    debug_set_sync_queue_validation(impl_from_ID3D12Debug1(iface), enable);
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
    debug_set_gbv_flags(impl_from_ID3D12Debug2(iface), flags);
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
    .state = &debug_global_state,
};

HRESULT rt_debug_get_interface(REFIID riid, void **debug)
{
    RT_TRACE("riid %s, debug %p.", rt_debugstr_guid(riid), (void *)debug);
    return debug_query_interface(&rt_debug_object, riid, debug);
}

HRESULT rt_debug_create_bound(struct rt_debug_state *state, IUnknown *owner, REFIID riid, void **out)
{
    struct rt_debug *debug;
    HRESULT hr;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!(debug = calloc(1, sizeof(*debug))))
        return E_OUTOFMEMORY;
    debug->ID3D12Debug6_iface.lpVtbl = &rt_debug_vtbl;
    debug->ID3D12Debug1_iface.lpVtbl = &rt_debug1_vtbl;
    debug->ID3D12Debug2_iface.lpVtbl = &rt_debug2_vtbl;
    atomic_init(&debug->refcount, 1);
    debug->state = state;
    debug->owner = owner;
    IUnknown_AddRef(owner);
    hr = debug_query_interface(debug, riid, out);
    debug_release(debug);
    return hr;
}

bool rt_debug_state_enabled(struct rt_debug_state *state)
{
    return atomic_load(&state->enabled);
}

D3D12_DEVICE_FLAGS rt_debug_state_device_flags(struct rt_debug_state *state)
{
    unsigned int flags = 0;

    if (!atomic_load(&state->enabled))
        return D3D12_DEVICE_FLAG_NONE;

    flags |= D3D12_DEVICE_FLAG_DEBUG_LAYER_ENABLED;
    if (atomic_load(&state->gpu_based_validation))
        flags |= D3D12_DEVICE_FLAG_GPU_BASED_VALIDATION_ENABLED;
    if (!atomic_load(&state->sync_queue_validation))
        flags |= D3D12_DEVICE_FLAG_SYNCHRONIZED_COMMAND_QUEUE_VALIDATION_DISABLED;
    if (atomic_load(&state->auto_name))
        flags |= D3D12_DEVICE_FLAG_AUTO_DEBUG_NAME_ENABLED;
    if (atomic_load(&state->force_legacy_barriers))
        flags |= D3D12_DEVICE_FLAG_FORCE_LEGACY_STATE_VALIDATION;
    return (D3D12_DEVICE_FLAGS)flags;
}

UINT rt_debug_state_gpu_based_validation_flags(struct rt_debug_state *state)
{
    if (!atomic_load(&state->enabled) || !atomic_load(&state->gpu_based_validation))
        return 0;
    return atomic_load(&state->gbv_flags);
}

bool rt_debug_layer_enabled(void)
{
    return rt_debug_state_enabled(&debug_global_state);
}

void rt_debug_layer_get_settings(struct rt_debug_layer_settings *settings)
{
    struct rt_debug_state *state = &debug_global_state;

    settings->enabled = atomic_load(&state->enabled);
    settings->gpu_based_validation = atomic_load(&state->gpu_based_validation);
    settings->synchronized_command_queue_validation = atomic_load(&state->sync_queue_validation);
    settings->gpu_based_validation_flags = (D3D12_GPU_BASED_VALIDATION_FLAGS)atomic_load(&state->gbv_flags);
    settings->auto_name = atomic_load(&state->auto_name);
    settings->force_legacy_barrier_validation = atomic_load(&state->force_legacy_barriers);
}

D3D12_DEVICE_FLAGS rt_debug_layer_device_flags(void)
{
    return rt_debug_state_device_flags(&debug_global_state);
}

UINT rt_debug_layer_gpu_based_validation_flags(void)
{
    return rt_debug_state_gpu_based_validation_flags(&debug_global_state);
}

void rt_debug_layer_reset_for_testing(void)
{
    rt_debug_state_init(&debug_global_state);
    atomic_store(&rt_debug_object.refcount, 0);
}
