/*
 * ID3D12Device methods whose objects a later issue implements, and those of features this
 * device reports as unsupported. The rule (specs/runtime.md, "Not yet implemented"):
 * invalid arguments fail with E_INVALIDARG first; an API surface the runtime has not
 * implemented yet returns E_NOTIMPL; a feature CheckFeatureSupport reports as unsupported
 * returns DXGI_ERROR_UNSUPPORTED, as D3D12 does. Every output pointer is cleared.
 */
#include "rt_device_private.h"
#include "rt_platform.h"

static HRESULT not_implemented(const char *what, void **out)
{
    RT_WARN("%s is not implemented yet.", what);
    rt_clear_out(out);
    return E_NOTIMPL;
}

static HRESULT unsupported(const char *what, void **out)
{
    RT_WARN("%s is not supported by this device.", what);
    rt_clear_out(out);
    return DXGI_ERROR_UNSUPPORTED;
}

static HRESULT invalid(const char *why, void **out)
{
    RT_WARN("%s", why);
    rt_clear_out(out);
    return E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE rt_device_CreateSharedHandle(rt_device_iface *iface, ID3D12DeviceChild *object,
        const SECURITY_ATTRIBUTES *attributes, DWORD access, LPCWSTR name, HANDLE *handle)
{
    RT_TRACE("iface %p, object %p, attributes %p, access %#x, name %s, handle %p.", (void *)iface, (void *)object,
            (const void *)attributes, (unsigned int)access, rt_debugstr_w(name), (void *)handle);
    if (!object || !handle)
        return invalid("NULL object or handle pointer.", (void **)handle);
    return not_implemented("CreateSharedHandle", (void **)handle);
}

HRESULT STDMETHODCALLTYPE rt_device_OpenSharedHandle(rt_device_iface *iface, HANDLE handle,
        REFIID riid, void **object)
{
    RT_TRACE("iface %p, handle %p, riid %s, object %p.", (void *)iface, handle, rt_debugstr_guid(riid),
            (void *)object);
    if (!handle)
        return invalid("NULL handle.", object);
    return not_implemented("OpenSharedHandle", object);
}

HRESULT STDMETHODCALLTYPE rt_device_OpenSharedHandleByName(rt_device_iface *iface, LPCWSTR name,
        DWORD access, HANDLE *handle)
{
    RT_TRACE("iface %p, name %s, access %#x, handle %p.", (void *)iface, rt_debugstr_w(name), (unsigned int)access,
            (void *)handle);
    if (!name || !handle)
        return invalid("NULL name or handle pointer.", (void **)handle);
    return not_implemented("OpenSharedHandleByName", (void **)handle);
}

HRESULT STDMETHODCALLTYPE rt_device_CreatePipelineLibrary(rt_device_iface *iface, const void *blob,
        SIZE_T blob_size, REFIID riid, void **library)
{
    RT_TRACE("iface %p, blob %p, blob_size %zu, riid %s, library %p.", (void *)iface, blob, (size_t)blob_size,
            rt_debugstr_guid(riid), (void *)library);
    /* D3D12_FEATURE_SHADER_CACHE reports no D3D12_SHADER_CACHE_SUPPORT_LIBRARY. */
    return unsupported("CreatePipelineLibrary", library);
}

HRESULT STDMETHODCALLTYPE rt_device_SetEventOnMultipleFenceCompletion(rt_device_iface *iface,
        ID3D12Fence *const *fences, const UINT64 *values, UINT count, D3D12_MULTIPLE_FENCE_WAIT_FLAGS flags,
        HANDLE event)
{
    RT_TRACE("iface %p, fences %p, values %p, count %u, flags %#x, event %p.", (void *)iface, (const void *)fences,
            (const void *)values, count, flags, event);
    if (!count || !fences || !values)
        return invalid("No fences to wait for.", NULL);
    if (flags & ~D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY)
        return invalid("Unknown wait flags.", NULL);
    if (event && !rt_event_is_eventfd(event))
        return invalid("The event is not an eventfd descriptor.", NULL);
    return not_implemented("SetEventOnMultipleFenceCompletion", NULL);
}

HRESULT STDMETHODCALLTYPE rt_device_OpenExistingHeapFromAddress(rt_device_iface *iface, const void *address,
        REFIID riid, void **heap)
{
    RT_TRACE("iface %p, address %p, riid %s, heap %p.", (void *)iface, address, rt_debugstr_guid(riid),
            (void *)heap);
    if (!address)
        return invalid("NULL address.", heap);
    /* D3D12_FEATURE_EXISTING_HEAPS reports Supported FALSE. */
    return unsupported("OpenExistingHeapFromAddress", heap);
}

HRESULT STDMETHODCALLTYPE rt_device_OpenExistingHeapFromFileMapping(rt_device_iface *iface, HANDLE file_mapping,
        REFIID riid, void **heap)
{
    RT_TRACE("iface %p, file_mapping %p, riid %s, heap %p.", (void *)iface, file_mapping, rt_debugstr_guid(riid),
            (void *)heap);
    if (!file_mapping)
        return invalid("NULL file mapping.", heap);
    return unsupported("OpenExistingHeapFromFileMapping", heap);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateProtectedResourceSession(rt_device_iface *iface,
        const D3D12_PROTECTED_RESOURCE_SESSION_DESC *desc, REFIID riid, void **session)
{
    RT_TRACE("iface %p, desc %p, riid %s, session %p.", (void *)iface, (const void *)desc, rt_debugstr_guid(riid),
            (void *)session);
    if (!desc)
        return invalid("NULL session description.", session);
    /* D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_SUPPORT reports none. */
    return unsupported("CreateProtectedResourceSession", session);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateProtectedResourceSession1(rt_device_iface *iface,
        const D3D12_PROTECTED_RESOURCE_SESSION_DESC1 *desc, REFIID riid, void **session)
{
    RT_TRACE("iface %p, desc %p, riid %s, session %p.", (void *)iface, (const void *)desc, rt_debugstr_guid(riid),
            (void *)session);
    if (!desc)
        return invalid("NULL session description.", session);
    return unsupported("CreateProtectedResourceSession1", session);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateLifetimeTracker(rt_device_iface *iface, ID3D12LifetimeOwner *owner,
        REFIID riid, void **tracker)
{
    RT_TRACE("iface %p, owner %p, riid %s, tracker %p.", (void *)iface, (void *)owner, rt_debugstr_guid(riid),
            (void *)tracker);
    if (!owner)
        return invalid("NULL lifetime owner.", tracker);
    return not_implemented("CreateLifetimeTracker", tracker);
}

HRESULT STDMETHODCALLTYPE rt_device_EnumerateMetaCommands(rt_device_iface *iface, UINT *count,
        D3D12_META_COMMAND_DESC *descs)
{
    RT_TRACE("iface %p, count %p, descs %p.", (void *)iface, (void *)count, (void *)descs);
    if (!count)
        return invalid("NULL count.", NULL);
    /* The driver offers no meta commands. */
    *count = 0;
    return S_OK;
}

HRESULT STDMETHODCALLTYPE rt_device_EnumerateMetaCommandParameters(rt_device_iface *iface, REFGUID command_id,
        D3D12_META_COMMAND_PARAMETER_STAGE stage, UINT *total_size, UINT *parameter_count,
        D3D12_META_COMMAND_PARAMETER_DESC *parameter_descs)
{
    RT_TRACE("iface %p, command_id %s, stage %#x, total_size %p, parameter_count %p, parameter_descs %p.",
            (void *)iface, rt_debugstr_guid(command_id), stage, (void *)total_size, (void *)parameter_count,
            (void *)parameter_descs);
    return invalid("No meta command has that ID.", NULL);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateMetaCommand(rt_device_iface *iface, REFGUID command_id, UINT node_mask,
        const void *parameters, SIZE_T parameters_size, REFIID riid, void **meta_command)
{
    RT_TRACE("iface %p, command_id %s, node_mask %#x, parameters %p, parameters_size %zu, riid %s, "
            "meta_command %p.", (void *)iface, rt_debugstr_guid(command_id), node_mask, parameters,
            (size_t)parameters_size, rt_debugstr_guid(riid), (void *)meta_command);
    return invalid("No meta command has that ID.", meta_command);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateStateObject(rt_device_iface *iface, const D3D12_STATE_OBJECT_DESC *desc,
        REFIID riid, void **state_object)
{
    RT_TRACE("iface %p, desc %p, riid %s, state_object %p.", (void *)iface, (const void *)desc,
            rt_debugstr_guid(riid), (void *)state_object);
    if (!desc)
        return invalid("NULL state object description.", state_object);
    /* RaytracingTier is NOT_SUPPORTED, and state objects hold ray tracing pipelines (and
     * work graphs, which the device does not report either). */
    return unsupported("CreateStateObject", state_object);
}

void STDMETHODCALLTYPE rt_device_GetRaytracingAccelerationStructurePrebuildInfo(rt_device_iface *iface,
        const D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_INPUTS *desc,
        D3D12_RAYTRACING_ACCELERATION_STRUCTURE_PREBUILD_INFO *info)
{
    RT_TRACE("iface %p, desc %p, info %p.", (void *)iface, (const void *)desc, (void *)info);
    /* RaytracingTier is NOT_SUPPORTED: no acceleration structure can be built. */
    RT_WARN("Raytracing is not supported.");
    if (info)
        memset(info, 0, sizeof(*info));
}

D3D12_DRIVER_MATCHING_IDENTIFIER_STATUS STDMETHODCALLTYPE rt_device_CheckDriverMatchingIdentifier(
        rt_device_iface *iface, D3D12_SERIALIZED_DATA_TYPE data_type,
        const D3D12_SERIALIZED_DATA_DRIVER_MATCHING_IDENTIFIER *identifier)
{
    RT_TRACE("iface %p, data_type %#x, identifier %p.", (void *)iface, data_type, (const void *)identifier);
    /* The only serialized data type is acceleration structures, which need raytracing. */
    return D3D12_DRIVER_MATCHING_IDENTIFIER_UNSUPPORTED_TYPE;
}

HRESULT STDMETHODCALLTYPE rt_device_SetBackgroundProcessingMode(rt_device_iface *iface,
        D3D12_BACKGROUND_PROCESSING_MODE mode, D3D12_MEASUREMENTS_ACTION action, HANDLE event,
        BOOL *further_measurements_desired)
{
    RT_TRACE("iface %p, mode %#x, action %#x, event %p, further_measurements_desired %p.", (void *)iface, mode,
            action, event, (void *)further_measurements_desired);
    if ((unsigned int)mode > D3D12_BACKGROUND_PROCESSING_MODE_DISABLE_PROFILING_BY_SYSTEM
            || (unsigned int)action > D3D12_MEASUREMENTS_ACTION_DISCARD_PREVIOUS)
        return invalid("Invalid background processing mode or measurements action.", NULL);
    /* BackgroundProcessingSupported is FALSE: the driver does no background work, so there
     * is nothing to change or to wait for. */
    if (further_measurements_desired)
        *further_measurements_desired = FALSE;
    if (event && rt_event_signal(event) < 0)
        return invalid("The event handle is not an eventfd.", NULL);
    return S_OK;
}

HRESULT STDMETHODCALLTYPE rt_device_AddToStateObject(rt_device_iface *iface, const D3D12_STATE_OBJECT_DESC *addition,
        ID3D12StateObject *state_object, REFIID riid, void **new_state_object)
{
    RT_TRACE("iface %p, addition %p, state_object %p, riid %s, new_state_object %p.", (void *)iface,
            (const void *)addition, (void *)state_object, rt_debugstr_guid(riid), (void *)new_state_object);
    if (!addition || !state_object)
        return invalid("NULL addition or state object.", new_state_object);
    /* No state object can exist (CreateStateObject). */
    return invalid("The state object is not one of this device.", new_state_object);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateShaderCacheSession(rt_device_iface *iface,
        const D3D12_SHADER_CACHE_SESSION_DESC *desc, REFIID riid, void **session)
{
    RT_TRACE("iface %p, desc %p, riid %s, session %p.", (void *)iface, (const void *)desc, rt_debugstr_guid(riid),
            (void *)session);
    if (!desc)
        return invalid("NULL shader cache session description.", session);
    return not_implemented("CreateShaderCacheSession", session);
}

HRESULT STDMETHODCALLTYPE rt_device_ShaderCacheControl(rt_device_iface *iface, D3D12_SHADER_CACHE_KIND_FLAGS kinds,
        D3D12_SHADER_CACHE_CONTROL_FLAGS control)
{
    RT_TRACE("iface %p, kinds %#x, control %#x.", (void *)iface, kinds, control);
    if (!kinds || !control)
        return invalid("No cache kind or control action.", NULL);
    return not_implemented("ShaderCacheControl", NULL);
}
