/*
 * The ID3D12Device methods, declared once so the vtable (rt_device.c) can list the
 * implementations that live in the files of their concern: rt_device_features.c,
 * rt_device_memory.c, rt_device_views.c, rt_device_unimpl.c.
 */
#ifndef RT_DEVICE_PRIVATE_H
#define RT_DEVICE_PRIVATE_H

#include "rt_device.h"

static inline struct rt_device *impl_from_ID3D12Device(rt_device_iface *iface)
{
    return RT_CONTAINING(iface, struct rt_device, ID3D12Device_iface);
}

/* rt_device.c: the vtable a new device starts with. */
const struct ID3D12Device16Vtbl *rt_device_get_vtbl(void);

/* rt_device_create.c */
void rt_device_destroy(struct rt_device *device);

/* rt_device_features.c */
HRESULT STDMETHODCALLTYPE rt_device_CheckFeatureSupport(rt_device_iface *iface, D3D12_FEATURE feature,
        void *data, UINT data_size);

/* rt_device_memory.c: heaps, resources, allocation info, footprints, residency. */
D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE rt_device_GetResourceAllocationInfo(rt_device_iface *iface,
        UINT visible_mask, UINT count, const D3D12_RESOURCE_DESC *descs);
D3D12_HEAP_PROPERTIES STDMETHODCALLTYPE rt_device_GetCustomHeapProperties(rt_device_iface *iface,
        UINT node_mask, D3D12_HEAP_TYPE heap_type);
HRESULT STDMETHODCALLTYPE rt_device_CreateCommittedResource(rt_device_iface *iface,
        const D3D12_HEAP_PROPERTIES *heap_properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES initial_state, const D3D12_CLEAR_VALUE *clear_value, REFIID riid, void **resource);
HRESULT STDMETHODCALLTYPE rt_device_CreateHeap(rt_device_iface *iface, const D3D12_HEAP_DESC *desc,
        REFIID riid, void **heap);
HRESULT STDMETHODCALLTYPE rt_device_CreatePlacedResource(rt_device_iface *iface, ID3D12Heap *heap,
        UINT64 heap_offset, const D3D12_RESOURCE_DESC *desc, D3D12_RESOURCE_STATES initial_state,
        const D3D12_CLEAR_VALUE *clear_value, REFIID riid, void **resource);
HRESULT STDMETHODCALLTYPE rt_device_CreateReservedResource(rt_device_iface *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES initial_state, const D3D12_CLEAR_VALUE *clear_value, REFIID riid, void **resource);
HRESULT STDMETHODCALLTYPE rt_device_MakeResident(rt_device_iface *iface, UINT count, ID3D12Pageable *const *objects);
HRESULT STDMETHODCALLTYPE rt_device_Evict(rt_device_iface *iface, UINT count, ID3D12Pageable *const *objects);
void STDMETHODCALLTYPE rt_device_GetCopyableFootprints(rt_device_iface *iface, const D3D12_RESOURCE_DESC *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes);
void STDMETHODCALLTYPE rt_device_GetResourceTiling(rt_device_iface *iface, ID3D12Resource *resource,
        UINT *total_tile_count, D3D12_PACKED_MIP_INFO *packed_mip_info, D3D12_TILE_SHAPE *standard_tile_shape,
        UINT *subresource_tiling_count, UINT first_subresource_tiling, D3D12_SUBRESOURCE_TILING *subresource_tilings);
HRESULT STDMETHODCALLTYPE rt_device_SetResidencyPriority(rt_device_iface *iface, UINT count,
        ID3D12Pageable *const *objects, const D3D12_RESIDENCY_PRIORITY *priorities);
HRESULT STDMETHODCALLTYPE rt_device_EnqueueMakeResident(rt_device_iface *iface, D3D12_RESIDENCY_FLAGS flags,
        UINT count, ID3D12Pageable *const *objects, ID3D12Fence *fence, UINT64 fence_value);
HRESULT STDMETHODCALLTYPE rt_device_CreateCommittedResource1(rt_device_iface *iface,
        const D3D12_HEAP_PROPERTIES *heap_properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES initial_state, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **resource);
HRESULT STDMETHODCALLTYPE rt_device_CreateHeap1(rt_device_iface *iface, const D3D12_HEAP_DESC *desc,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **heap);
HRESULT STDMETHODCALLTYPE rt_device_CreateReservedResource1(rt_device_iface *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES initial_state, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **resource);
D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE rt_device_GetResourceAllocationInfo1(rt_device_iface *iface,
        UINT visible_mask, UINT count, const D3D12_RESOURCE_DESC *descs, D3D12_RESOURCE_ALLOCATION_INFO1 *infos);
D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE rt_device_GetResourceAllocationInfo2(rt_device_iface *iface,
        UINT visible_mask, UINT count, const D3D12_RESOURCE_DESC1 *descs, D3D12_RESOURCE_ALLOCATION_INFO1 *infos);
HRESULT STDMETHODCALLTYPE rt_device_CreateCommittedResource2(rt_device_iface *iface,
        const D3D12_HEAP_PROPERTIES *heap_properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC1 *desc,
        D3D12_RESOURCE_STATES initial_state, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **resource);
HRESULT STDMETHODCALLTYPE rt_device_CreatePlacedResource1(rt_device_iface *iface, ID3D12Heap *heap,
        UINT64 heap_offset, const D3D12_RESOURCE_DESC1 *desc, D3D12_RESOURCE_STATES initial_state,
        const D3D12_CLEAR_VALUE *clear_value, REFIID riid, void **resource);
void STDMETHODCALLTYPE rt_device_GetCopyableFootprints1(rt_device_iface *iface, const D3D12_RESOURCE_DESC1 *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes);
HRESULT STDMETHODCALLTYPE rt_device_CreateCommittedResource3(rt_device_iface *iface,
        const D3D12_HEAP_PROPERTIES *heap_properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC1 *desc,
        D3D12_BARRIER_LAYOUT initial_layout, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, UINT32 castable_format_count, DXGI_FORMAT *castable_formats,
        REFIID riid, void **resource);
HRESULT STDMETHODCALLTYPE rt_device_CreatePlacedResource2(rt_device_iface *iface, ID3D12Heap *heap,
        UINT64 heap_offset, const D3D12_RESOURCE_DESC1 *desc, D3D12_BARRIER_LAYOUT initial_layout,
        const D3D12_CLEAR_VALUE *clear_value, UINT32 castable_format_count, DXGI_FORMAT *castable_formats,
        REFIID riid, void **resource);
HRESULT STDMETHODCALLTYPE rt_device_CreateReservedResource2(rt_device_iface *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_BARRIER_LAYOUT initial_layout, const D3D12_CLEAR_VALUE *clear_value,
        ID3D12ProtectedResourceSession *session, UINT32 castable_format_count, DXGI_FORMAT *castable_formats,
        REFIID riid, void **resource);

/* rt_device_views.c: descriptor heaps, views, samplers, descriptor copies. */
HRESULT STDMETHODCALLTYPE rt_device_CreateDescriptorHeap(rt_device_iface *iface,
        const D3D12_DESCRIPTOR_HEAP_DESC *desc, REFIID riid, void **heap);
UINT STDMETHODCALLTYPE rt_device_GetDescriptorHandleIncrementSize(rt_device_iface *iface,
        D3D12_DESCRIPTOR_HEAP_TYPE type);
void STDMETHODCALLTYPE rt_device_CreateConstantBufferView(rt_device_iface *iface,
        const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor);
void STDMETHODCALLTYPE rt_device_CreateShaderResourceView(rt_device_iface *iface, ID3D12Resource *resource,
        const D3D12_SHADER_RESOURCE_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor);
void STDMETHODCALLTYPE rt_device_CreateUnorderedAccessView(rt_device_iface *iface, ID3D12Resource *resource,
        ID3D12Resource *counter_resource, const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE descriptor);
void STDMETHODCALLTYPE rt_device_CreateRenderTargetView(rt_device_iface *iface, ID3D12Resource *resource,
        const D3D12_RENDER_TARGET_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor);
void STDMETHODCALLTYPE rt_device_CreateDepthStencilView(rt_device_iface *iface, ID3D12Resource *resource,
        const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE descriptor);
void STDMETHODCALLTYPE rt_device_CreateSampler(rt_device_iface *iface, const D3D12_SAMPLER_DESC *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE descriptor);
void STDMETHODCALLTYPE rt_device_CopyDescriptors(rt_device_iface *iface, UINT dst_range_count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *dst_starts, const UINT *dst_sizes, UINT src_range_count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *src_starts, const UINT *src_sizes, D3D12_DESCRIPTOR_HEAP_TYPE type);
void STDMETHODCALLTYPE rt_device_CopyDescriptorsSimple(rt_device_iface *iface, UINT count,
        D3D12_CPU_DESCRIPTOR_HANDLE dst, D3D12_CPU_DESCRIPTOR_HANDLE src, D3D12_DESCRIPTOR_HEAP_TYPE type);
void STDMETHODCALLTYPE rt_device_CreateSamplerFeedbackUnorderedAccessView(rt_device_iface *iface,
        ID3D12Resource *target, ID3D12Resource *feedback, D3D12_CPU_DESCRIPTOR_HANDLE descriptor);
void STDMETHODCALLTYPE rt_device_CreateSampler2(rt_device_iface *iface, const D3D12_SAMPLER_DESC2 *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE descriptor);

/* rt_root_signature.c */
HRESULT STDMETHODCALLTYPE rt_device_CreateRootSignature(rt_device_iface *iface, UINT node_mask,
        const void *blob, SIZE_T blob_size, REFIID riid, void **root_signature);

/* rt_pipeline_state.c */
HRESULT STDMETHODCALLTYPE rt_device_CreateGraphicsPipelineState(rt_device_iface *iface,
        const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc, REFIID riid, void **state);
HRESULT STDMETHODCALLTYPE rt_device_CreateComputePipelineState(rt_device_iface *iface,
        const D3D12_COMPUTE_PIPELINE_STATE_DESC *desc, REFIID riid, void **state);
HRESULT STDMETHODCALLTYPE rt_device_CreatePipelineState(rt_device_iface *iface,
        const D3D12_PIPELINE_STATE_STREAM_DESC *desc, REFIID riid, void **state);

/* rt_query_heap.c */
HRESULT STDMETHODCALLTYPE rt_device_CreateQueryHeap(rt_device_iface *iface, const D3D12_QUERY_HEAP_DESC *desc,
        REFIID riid, void **heap);

/* rt_command_signature.c */
HRESULT STDMETHODCALLTYPE rt_device_CreateCommandSignature(rt_device_iface *iface,
        const D3D12_COMMAND_SIGNATURE_DESC *desc, ID3D12RootSignature *root_signature, REFIID riid,
        void **signature);

/* rt_device_unimpl.c: what a later issue implements (specs/runtime.md lists each). */
HRESULT STDMETHODCALLTYPE rt_device_CreateSharedHandle(rt_device_iface *iface, ID3D12DeviceChild *object,
        const SECURITY_ATTRIBUTES *attributes, DWORD access, LPCWSTR name, HANDLE *handle);
HRESULT STDMETHODCALLTYPE rt_device_OpenSharedHandle(rt_device_iface *iface, HANDLE handle,
        REFIID riid, void **object);
HRESULT STDMETHODCALLTYPE rt_device_OpenSharedHandleByName(rt_device_iface *iface, LPCWSTR name,
        DWORD access, HANDLE *handle);
HRESULT STDMETHODCALLTYPE rt_device_CreatePipelineLibrary(rt_device_iface *iface, const void *blob,
        SIZE_T blob_size, REFIID riid, void **library);
HRESULT STDMETHODCALLTYPE rt_device_SetEventOnMultipleFenceCompletion(rt_device_iface *iface,
        ID3D12Fence *const *fences, const UINT64 *values, UINT count, D3D12_MULTIPLE_FENCE_WAIT_FLAGS flags,
        HANDLE event);
HRESULT STDMETHODCALLTYPE rt_device_OpenExistingHeapFromAddress(rt_device_iface *iface, const void *address,
        REFIID riid, void **heap);
HRESULT STDMETHODCALLTYPE rt_device_OpenExistingHeapFromFileMapping(rt_device_iface *iface, HANDLE file_mapping,
        REFIID riid, void **heap);
HRESULT STDMETHODCALLTYPE rt_device_CreateProtectedResourceSession(rt_device_iface *iface,
        const D3D12_PROTECTED_RESOURCE_SESSION_DESC *desc, REFIID riid, void **session);
HRESULT STDMETHODCALLTYPE rt_device_CreateLifetimeTracker(rt_device_iface *iface, ID3D12LifetimeOwner *owner,
        REFIID riid, void **tracker);
HRESULT STDMETHODCALLTYPE rt_device_EnumerateMetaCommands(rt_device_iface *iface, UINT *count,
        D3D12_META_COMMAND_DESC *descs);
HRESULT STDMETHODCALLTYPE rt_device_EnumerateMetaCommandParameters(rt_device_iface *iface, REFGUID command_id,
        D3D12_META_COMMAND_PARAMETER_STAGE stage, UINT *total_size, UINT *parameter_count,
        D3D12_META_COMMAND_PARAMETER_DESC *parameter_descs);
HRESULT STDMETHODCALLTYPE rt_device_CreateMetaCommand(rt_device_iface *iface, REFGUID command_id, UINT node_mask,
        const void *parameters, SIZE_T parameters_size, REFIID riid, void **meta_command);
HRESULT STDMETHODCALLTYPE rt_device_CreateStateObject(rt_device_iface *iface, const D3D12_STATE_OBJECT_DESC *desc,
        REFIID riid, void **state_object);
void STDMETHODCALLTYPE rt_device_GetRaytracingAccelerationStructurePrebuildInfo(rt_device_iface *iface,
        const D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_INPUTS *desc,
        D3D12_RAYTRACING_ACCELERATION_STRUCTURE_PREBUILD_INFO *info);
D3D12_DRIVER_MATCHING_IDENTIFIER_STATUS STDMETHODCALLTYPE rt_device_CheckDriverMatchingIdentifier(
        rt_device_iface *iface, D3D12_SERIALIZED_DATA_TYPE data_type,
        const D3D12_SERIALIZED_DATA_DRIVER_MATCHING_IDENTIFIER *identifier);
HRESULT STDMETHODCALLTYPE rt_device_SetBackgroundProcessingMode(rt_device_iface *iface,
        D3D12_BACKGROUND_PROCESSING_MODE mode, D3D12_MEASUREMENTS_ACTION action, HANDLE event,
        BOOL *further_measurements_desired);
HRESULT STDMETHODCALLTYPE rt_device_AddToStateObject(rt_device_iface *iface, const D3D12_STATE_OBJECT_DESC *addition,
        ID3D12StateObject *state_object, REFIID riid, void **new_state_object);
HRESULT STDMETHODCALLTYPE rt_device_CreateProtectedResourceSession1(rt_device_iface *iface,
        const D3D12_PROTECTED_RESOURCE_SESSION_DESC1 *desc, REFIID riid, void **session);
HRESULT STDMETHODCALLTYPE rt_device_CreateShaderCacheSession(rt_device_iface *iface,
        const D3D12_SHADER_CACHE_SESSION_DESC *desc, REFIID riid, void **session);
HRESULT STDMETHODCALLTYPE rt_device_ShaderCacheControl(rt_device_iface *iface, D3D12_SHADER_CACHE_KIND_FLAGS kinds,
        D3D12_SHADER_CACHE_CONTROL_FLAGS control);

/* ID3D12Device12-15 (rt_device_next.c); Device16 is rt_tile_mapping_layout.c's. */
D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE rt_device_GetResourceAllocationInfo3(rt_device_iface *iface,
        UINT visible_mask, UINT count, const D3D12_RESOURCE_DESC1 *descs, const UINT32 *castable_counts,
        const DXGI_FORMAT *const *castable_formats, D3D12_RESOURCE_ALLOCATION_INFO1 *infos);
HRESULT STDMETHODCALLTYPE rt_device_OpenExistingHeapFromAddress1(rt_device_iface *iface, const void *address,
        SIZE_T size, REFIID riid, void **heap);
HRESULT STDMETHODCALLTYPE rt_device_CreateRootSignatureFromSubobjectInLibrary(rt_device_iface *iface,
        UINT node_mask, const void *blob, SIZE_T size, LPCWSTR name, REFIID riid, void **signature);
HRESULT STDMETHODCALLTYPE rt_device_RegisterTrimNotificationCallback(rt_device_iface *iface,
        D3D12_REGISTER_TRIM_NOTIFICATION *data);
HRESULT STDMETHODCALLTYPE rt_device_UnregisterTrimNotificationCallback(rt_device_iface *iface, DWORD cookie);
void rt_device_trim_destroy(struct rt_device *device);
HRESULT STDMETHODCALLTYPE rt_device_TryCreateShaderResourceView(rt_device_iface *iface,
        ID3D12Resource *resource, const D3D12_SHADER_RESOURCE_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dst);
HRESULT STDMETHODCALLTYPE rt_device_TryCreateUnorderedAccessView(rt_device_iface *iface,
        ID3D12Resource *resource, ID3D12Resource *counter, const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE dst);
HRESULT STDMETHODCALLTYPE rt_device_TryCreateConstantBufferView(rt_device_iface *iface,
        const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dst);
HRESULT STDMETHODCALLTYPE rt_device_TryCreateSampler2(rt_device_iface *iface, const D3D12_SAMPLER_DESC2 *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE dst);
HRESULT STDMETHODCALLTYPE rt_device_TryCreateRenderTargetView(rt_device_iface *iface,
        ID3D12Resource *resource, const D3D12_RENDER_TARGET_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dst);
HRESULT STDMETHODCALLTYPE rt_device_TryCreateDepthStencilView(rt_device_iface *iface,
        ID3D12Resource *resource, const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dst);
HRESULT STDMETHODCALLTYPE rt_device_TryCreateSamplerFeedbackUnorderedAccessView(rt_device_iface *iface,
        ID3D12Resource *targeted, ID3D12Resource *feedback, D3D12_CPU_DESCRIPTOR_HANDLE dst);
HRESULT STDMETHODCALLTYPE rt_device_CreateQueryHeap1(rt_device_iface *iface, const D3D12_QUERY_HEAP_DESC *desc,
        D3D12_QUERY_HEAP_FLAGS flags, REFIID riid, void **heap);
HRESULT STDMETHODCALLTYPE rt_device_ResolveQueryData(rt_device_iface *iface, ID3D12QueryHeap *heap,
        D3D12_QUERY_TYPE type, UINT start, UINT count, void *data);

/* ID3D12Device16 (rt_tile_mapping_layout.c). */
HRESULT STDMETHODCALLTYPE rt_device_InitializeExecuteTileMappingLayoutTables(rt_device_iface *iface,
        UINT node, UINT pool_count, UINT resource_count);
HRESULT STDMETHODCALLTYPE rt_device_RegisterHeapLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Heap **heaps, const UINT *indices);
HRESULT STDMETHODCALLTYPE rt_device_RegisterResourceLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Resource **resources, const UINT *indices);
HRESULT STDMETHODCALLTYPE rt_device_UnregisterHeapLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Heap **heaps);
HRESULT STDMETHODCALLTYPE rt_device_UnregisterResourceLayouts(rt_device_iface *iface, UINT node, UINT count,
        ID3D12Resource **resources);
HRESULT STDMETHODCALLTYPE rt_device_GetTileMappingQueue(rt_device_iface *iface, UINT node, REFIID riid,
        void **out);

#endif
