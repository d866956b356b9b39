/*
 * d3d12rt public headers: ID3D12Device15 and its types as Microsoft's public headers
 * declare them (DirectX-Headers main), which 1.606.4 lacks.
 */
#ifndef D3D12RT_D3D12_DEVICE15_H
#define D3D12RT_D3D12_DEVICE15_H

#include <d3d12rt/d3d12_device12.h>

typedef enum D3D12_TRIM_NOTIFICATION_FLAGS
{
    D3D12_TRIM_NOTIFICATION_FLAG_NONE = 0x0,
    D3D12_TRIM_NOTIFICATION_FLAG_PERIODIC_TRIM = 0x1,
    D3D12_TRIM_NOTIFICATION_FLAG_RESTART_PERIODIC_TRIM = 0x2,
    D3D12_TRIM_NOTIFICATION_FLAG_TRIM_TO_BUDGET = 0x4,
} D3D12_TRIM_NOTIFICATION_FLAGS;
DEFINE_ENUM_FLAG_OPERATORS(D3D12_TRIM_NOTIFICATION_FLAGS)

typedef struct D3D12_TRIM_NOTIFICATION
{
    void *pContext;
    D3D12_TRIM_NOTIFICATION_FLAGS Flags;
    UINT64 NumBytesToTrim;
} D3D12_TRIM_NOTIFICATION;

typedef void (__stdcall *D3D12_PFN_TRIM_NOTIFICATION_CALLBACK)(const D3D12_TRIM_NOTIFICATION *);

typedef struct D3D12_REGISTER_TRIM_NOTIFICATION
{
    D3D12_PFN_TRIM_NOTIFICATION_CALLBACK pfnCallback;
    void *pContext;
    DWORD CallbackCookie;
} D3D12_REGISTER_TRIM_NOTIFICATION;

typedef enum D3D12_QUERY_HEAP_FLAGS
{
    D3D12_QUERY_HEAP_FLAG_NONE = 0,
    D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE = 1,
} D3D12_QUERY_HEAP_FLAGS;

/* ID3D12Device15: trim notifications and fallible view creation. */
#ifndef __ID3D12Device15_FWD_DEFINED__
#define __ID3D12Device15_FWD_DEFINED__
typedef interface ID3D12Device15 ID3D12Device15;
#endif

#ifndef __ID3D12Device15_INTERFACE_DEFINED__
#define __ID3D12Device15_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12Device15;

#define D3D12RT_VTBL_ID3D12Device15(T) \
    D3D12RT_VTBL_ID3D12Device14(T) \
    HRESULT (STDMETHODCALLTYPE *RegisterTrimNotificationCallback)(T *This, \
        D3D12_REGISTER_TRIM_NOTIFICATION *pData); \
    HRESULT (STDMETHODCALLTYPE *UnregisterTrimNotificationCallback)(T *This, \
        DWORD CallbackCookie); \
    HRESULT (STDMETHODCALLTYPE *TryCreateShaderResourceView)(T *This, \
        ID3D12Resource *pResource, const D3D12_SHADER_RESOURCE_VIEW_DESC *pDesc, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    HRESULT (STDMETHODCALLTYPE *TryCreateUnorderedAccessView)(T *This, \
        ID3D12Resource *pResource, ID3D12Resource *pCounterResource, \
        const D3D12_UNORDERED_ACCESS_VIEW_DESC *pDesc, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    HRESULT (STDMETHODCALLTYPE *TryCreateConstantBufferView)(T *This, \
        const D3D12_CONSTANT_BUFFER_VIEW_DESC *pDesc, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    HRESULT (STDMETHODCALLTYPE *TryCreateSampler2)(T *This, const D3D12_SAMPLER_DESC2 *pDesc, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    HRESULT (STDMETHODCALLTYPE *TryCreateRenderTargetView)(T *This, ID3D12Resource *pResource, \
        const D3D12_RENDER_TARGET_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    HRESULT (STDMETHODCALLTYPE *TryCreateDepthStencilView)(T *This, ID3D12Resource *pResource, \
        const D3D12_DEPTH_STENCIL_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    HRESULT (STDMETHODCALLTYPE *TryCreateSamplerFeedbackUnorderedAccessView)(T *This, \
        ID3D12Resource *pTargetedResource, ID3D12Resource *pFeedbackResource, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    HRESULT (STDMETHODCALLTYPE *CreateQueryHeap1)(T *This, const D3D12_QUERY_HEAP_DESC *pDesc, \
        D3D12_QUERY_HEAP_FLAGS Flags, REFIID riid, void **ppvHeap); \
    HRESULT (STDMETHODCALLTYPE *ResolveQueryData)(T *This, ID3D12QueryHeap *pQueryHeap, \
        D3D12_QUERY_TYPE Type, UINT StartIndex, UINT NumQueries, void *pResolvedQueryData);

typedef struct ID3D12Device15Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12Device15(ID3D12Device15)
    END_INTERFACE
} ID3D12Device15Vtbl;

interface ID3D12Device15
{
    CONST_VTBL struct ID3D12Device15Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12Device15_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12Device15_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12Device15_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12Device15_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12Device15_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12Device15_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12Device15_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12Device15_GetNodeCount(This) \
    ((This)->lpVtbl->GetNodeCount(This))
#define ID3D12Device15_CreateCommandQueue(This,pDesc,riid,ppCommandQueue) \
    ((This)->lpVtbl->CreateCommandQueue(This,pDesc,riid,ppCommandQueue))
#define ID3D12Device15_CreateCommandAllocator(This,type,riid,ppCommandAllocator) \
    ((This)->lpVtbl->CreateCommandAllocator(This,type,riid,ppCommandAllocator))
#define ID3D12Device15_CreateGraphicsPipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreateGraphicsPipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device15_CreateComputePipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreateComputePipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device15_CreateCommandList(This,nodeMask,type,pCommandAllocator,pInitialState, \
        riid,ppCommandList) \
    ((This)->lpVtbl->CreateCommandList(This,nodeMask,type,pCommandAllocator,pInitialState, \
        riid,ppCommandList))
#define ID3D12Device15_CheckFeatureSupport(This,Feature,pFeatureSupportData, \
        FeatureSupportDataSize) \
    ((This)->lpVtbl->CheckFeatureSupport(This,Feature,pFeatureSupportData, \
        FeatureSupportDataSize))
#define ID3D12Device15_CreateDescriptorHeap(This,pDescriptorHeapDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateDescriptorHeap(This,pDescriptorHeapDesc,riid,ppvHeap))
#define ID3D12Device15_GetDescriptorHandleIncrementSize(This,DescriptorHeapType) \
    ((This)->lpVtbl->GetDescriptorHandleIncrementSize(This,DescriptorHeapType))
#define ID3D12Device15_CreateRootSignature(This,nodeMask,pBlobWithRootSignature, \
        blobLengthInBytes,riid,ppvRootSignature) \
    ((This)->lpVtbl->CreateRootSignature(This,nodeMask,pBlobWithRootSignature, \
        blobLengthInBytes,riid,ppvRootSignature))
#define ID3D12Device15_CreateConstantBufferView(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateConstantBufferView(This,pDesc,DestDescriptor))
#define ID3D12Device15_CreateShaderResourceView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateShaderResourceView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device15_CreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor) \
    ((This)->lpVtbl->CreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor))
#define ID3D12Device15_CreateRenderTargetView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateRenderTargetView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device15_CreateDepthStencilView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateDepthStencilView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device15_CreateSampler(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateSampler(This,pDesc,DestDescriptor))
#define ID3D12Device15_CopyDescriptors(This,NumDestDescriptorRanges, \
        pDestDescriptorRangeStarts,pDestDescriptorRangeSizes,NumSrcDescriptorRanges, \
        pSrcDescriptorRangeStarts,pSrcDescriptorRangeSizes,DescriptorHeapsType) \
    ((This)->lpVtbl->CopyDescriptors(This,NumDestDescriptorRanges,pDestDescriptorRangeStarts, \
        pDestDescriptorRangeSizes,NumSrcDescriptorRanges,pSrcDescriptorRangeStarts, \
        pSrcDescriptorRangeSizes,DescriptorHeapsType))
#define ID3D12Device15_CopyDescriptorsSimple(This,NumDescriptors,DestDescriptorRangeStart, \
        SrcDescriptorRangeStart,DescriptorHeapsType) \
    ((This)->lpVtbl->CopyDescriptorsSimple(This,NumDescriptors,DestDescriptorRangeStart, \
        SrcDescriptorRangeStart,DescriptorHeapsType))
#if !defined(_WIN32)
#define ID3D12Device15_GetResourceAllocationInfo(This,visibleMask,numResourceDescs, \
        pResourceDescs) \
    ((This)->lpVtbl->GetResourceAllocationInfo(This,visibleMask,numResourceDescs, \
        pResourceDescs))
#else
#define ID3D12Device15_GetResourceAllocationInfo(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs) \
    ((This)->lpVtbl->GetResourceAllocationInfo(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs))
#endif
#if !defined(_WIN32)
#define ID3D12Device15_GetCustomHeapProperties(This,nodeMask,heapType) \
    ((This)->lpVtbl->GetCustomHeapProperties(This,nodeMask,heapType))
#else
#define ID3D12Device15_GetCustomHeapProperties(This,RetVal,nodeMask,heapType) \
    ((This)->lpVtbl->GetCustomHeapProperties(This,RetVal,nodeMask,heapType))
#endif
#define ID3D12Device15_CreateCommittedResource(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,riidResource,ppvResource))
#define ID3D12Device15_CreateHeap(This,pDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateHeap(This,pDesc,riid,ppvHeap))
#define ID3D12Device15_CreatePlacedResource(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource))
#define ID3D12Device15_CreateReservedResource(This,pDesc,InitialState,pOptimizedClearValue, \
        riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource(This,pDesc,InitialState,pOptimizedClearValue,riid, \
        ppvResource))
#define ID3D12Device15_CreateSharedHandle(This,pObject,pAttributes,Access,Name,pHandle) \
    ((This)->lpVtbl->CreateSharedHandle(This,pObject,pAttributes,Access,Name,pHandle))
#define ID3D12Device15_OpenSharedHandle(This,NTHandle,riid,ppvObj) \
    ((This)->lpVtbl->OpenSharedHandle(This,NTHandle,riid,ppvObj))
#define ID3D12Device15_OpenSharedHandleByName(This,Name,Access,pNTHandle) \
    ((This)->lpVtbl->OpenSharedHandleByName(This,Name,Access,pNTHandle))
#define ID3D12Device15_MakeResident(This,NumObjects,ppObjects) \
    ((This)->lpVtbl->MakeResident(This,NumObjects,ppObjects))
#define ID3D12Device15_Evict(This,NumObjects,ppObjects) \
    ((This)->lpVtbl->Evict(This,NumObjects,ppObjects))
#define ID3D12Device15_CreateFence(This,InitialValue,Flags,riid,ppFence) \
    ((This)->lpVtbl->CreateFence(This,InitialValue,Flags,riid,ppFence))
#define ID3D12Device15_GetDeviceRemovedReason(This) \
    ((This)->lpVtbl->GetDeviceRemovedReason(This))
#define ID3D12Device15_GetCopyableFootprints(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes) \
    ((This)->lpVtbl->GetCopyableFootprints(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes))
#define ID3D12Device15_CreateQueryHeap(This,pDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateQueryHeap(This,pDesc,riid,ppvHeap))
#define ID3D12Device15_SetStablePowerState(This,Enable) \
    ((This)->lpVtbl->SetStablePowerState(This,Enable))
#define ID3D12Device15_CreateCommandSignature(This,pDesc,pRootSignature,riid, \
        ppvCommandSignature) \
    ((This)->lpVtbl->CreateCommandSignature(This,pDesc,pRootSignature,riid,ppvCommandSignature))
#define ID3D12Device15_GetResourceTiling(This,pTiledResource,pNumTilesForEntireResource, \
        pPackedMipDesc,pStandardTileShapeForNonPackedMips,pNumSubresourceTilings, \
        FirstSubresourceTilingToGet,pSubresourceTilingsForNonPackedMips) \
    ((This)->lpVtbl->GetResourceTiling(This,pTiledResource,pNumTilesForEntireResource, \
        pPackedMipDesc,pStandardTileShapeForNonPackedMips,pNumSubresourceTilings, \
        FirstSubresourceTilingToGet,pSubresourceTilingsForNonPackedMips))
#if !defined(_WIN32)
#define ID3D12Device15_GetAdapterLuid(This) \
    ((This)->lpVtbl->GetAdapterLuid(This))
#else
#define ID3D12Device15_GetAdapterLuid(This,RetVal) \
    ((This)->lpVtbl->GetAdapterLuid(This,RetVal))
#endif
#define ID3D12Device15_CreatePipelineLibrary(This,pLibraryBlob,BlobLength,riid, \
        ppPipelineLibrary) \
    ((This)->lpVtbl->CreatePipelineLibrary(This,pLibraryBlob,BlobLength,riid,ppPipelineLibrary))
#define ID3D12Device15_SetEventOnMultipleFenceCompletion(This,ppFences,pFenceValues,NumFences, \
        Flags,hEvent) \
    ((This)->lpVtbl->SetEventOnMultipleFenceCompletion(This,ppFences,pFenceValues,NumFences, \
        Flags,hEvent))
#define ID3D12Device15_SetResidencyPriority(This,NumObjects,ppObjects,pPriorities) \
    ((This)->lpVtbl->SetResidencyPriority(This,NumObjects,ppObjects,pPriorities))
#define ID3D12Device15_CreatePipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreatePipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device15_OpenExistingHeapFromAddress(This,pAddress,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromAddress(This,pAddress,riid,ppvHeap))
#define ID3D12Device15_OpenExistingHeapFromFileMapping(This,hFileMapping,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromFileMapping(This,hFileMapping,riid,ppvHeap))
#define ID3D12Device15_EnqueueMakeResident(This,Flags,NumObjects,ppObjects,pFenceToSignal, \
        FenceValueToSignal) \
    ((This)->lpVtbl->EnqueueMakeResident(This,Flags,NumObjects,ppObjects,pFenceToSignal, \
        FenceValueToSignal))
#define ID3D12Device15_CreateCommandList1(This,nodeMask,type,flags,riid,ppCommandList) \
    ((This)->lpVtbl->CreateCommandList1(This,nodeMask,type,flags,riid,ppCommandList))
#define ID3D12Device15_CreateProtectedResourceSession(This,pDesc,riid,ppSession) \
    ((This)->lpVtbl->CreateProtectedResourceSession(This,pDesc,riid,ppSession))
#define ID3D12Device15_CreateCommittedResource1(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource1(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource))
#define ID3D12Device15_CreateHeap1(This,pDesc,pProtectedSession,riid,ppvHeap) \
    ((This)->lpVtbl->CreateHeap1(This,pDesc,pProtectedSession,riid,ppvHeap))
#define ID3D12Device15_CreateReservedResource1(This,pDesc,InitialState,pOptimizedClearValue, \
        pProtectedSession,riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource1(This,pDesc,InitialState,pOptimizedClearValue, \
        pProtectedSession,riid,ppvResource))
#if !defined(_WIN32)
#define ID3D12Device15_GetResourceAllocationInfo1(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo1(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#else
#define ID3D12Device15_GetResourceAllocationInfo1(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo1(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#endif
#define ID3D12Device15_CreateLifetimeTracker(This,pOwner,riid,ppvTracker) \
    ((This)->lpVtbl->CreateLifetimeTracker(This,pOwner,riid,ppvTracker))
#define ID3D12Device15_RemoveDevice(This) \
    ((This)->lpVtbl->RemoveDevice(This))
#define ID3D12Device15_EnumerateMetaCommands(This,pNumMetaCommands,pDescs) \
    ((This)->lpVtbl->EnumerateMetaCommands(This,pNumMetaCommands,pDescs))
#define ID3D12Device15_EnumerateMetaCommandParameters(This,CommandId,Stage, \
        pTotalStructureSizeInBytes,pParameterCount,pParameterDescs) \
    ((This)->lpVtbl->EnumerateMetaCommandParameters(This,CommandId,Stage, \
        pTotalStructureSizeInBytes,pParameterCount,pParameterDescs))
#define ID3D12Device15_CreateMetaCommand(This,CommandId,NodeMask,pCreationParametersData, \
        CreationParametersDataSizeInBytes,riid,ppMetaCommand) \
    ((This)->lpVtbl->CreateMetaCommand(This,CommandId,NodeMask,pCreationParametersData, \
        CreationParametersDataSizeInBytes,riid,ppMetaCommand))
#define ID3D12Device15_CreateStateObject(This,pDesc,riid,ppStateObject) \
    ((This)->lpVtbl->CreateStateObject(This,pDesc,riid,ppStateObject))
#define ID3D12Device15_GetRaytracingAccelerationStructurePrebuildInfo(This,pDesc,pInfo) \
    ((This)->lpVtbl->GetRaytracingAccelerationStructurePrebuildInfo(This,pDesc,pInfo))
#define ID3D12Device15_CheckDriverMatchingIdentifier(This,SerializedDataType, \
        pIdentifierToCheck) \
    ((This)->lpVtbl->CheckDriverMatchingIdentifier(This,SerializedDataType,pIdentifierToCheck))
#define ID3D12Device15_SetBackgroundProcessingMode(This,Mode,MeasurementsAction, \
        hEventToSignalUponCompletion,pbFurtherMeasurementsDesired) \
    ((This)->lpVtbl->SetBackgroundProcessingMode(This,Mode,MeasurementsAction, \
        hEventToSignalUponCompletion,pbFurtherMeasurementsDesired))
#define ID3D12Device15_AddToStateObject(This,pAddition,pStateObjectToGrowFrom,riid, \
        ppNewStateObject) \
    ((This)->lpVtbl->AddToStateObject(This,pAddition,pStateObjectToGrowFrom,riid, \
        ppNewStateObject))
#define ID3D12Device15_CreateProtectedResourceSession1(This,pDesc,riid,ppSession) \
    ((This)->lpVtbl->CreateProtectedResourceSession1(This,pDesc,riid,ppSession))
#if !defined(_WIN32)
#define ID3D12Device15_GetResourceAllocationInfo2(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo2(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#else
#define ID3D12Device15_GetResourceAllocationInfo2(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo2(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#endif
#define ID3D12Device15_CreateCommittedResource2(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource2(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource))
#define ID3D12Device15_CreatePlacedResource1(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource1(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource))
#define ID3D12Device15_CreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor) \
    ((This)->lpVtbl->CreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor))
#define ID3D12Device15_GetCopyableFootprints1(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes) \
    ((This)->lpVtbl->GetCopyableFootprints1(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes))
#define ID3D12Device15_CreateShaderCacheSession(This,pDesc,riid,ppvSession) \
    ((This)->lpVtbl->CreateShaderCacheSession(This,pDesc,riid,ppvSession))
#define ID3D12Device15_ShaderCacheControl(This,Kinds,Control) \
    ((This)->lpVtbl->ShaderCacheControl(This,Kinds,Control))
#define ID3D12Device15_CreateCommandQueue1(This,pDesc,CreatorID,riid,ppCommandQueue) \
    ((This)->lpVtbl->CreateCommandQueue1(This,pDesc,CreatorID,riid,ppCommandQueue))
#define ID3D12Device15_CreateCommittedResource3(This,pHeapProperties,HeapFlags,pDesc, \
        InitialLayout,pOptimizedClearValue,pProtectedSession,NumCastableFormats, \
        pCastableFormats,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource3(This,pHeapProperties,HeapFlags,pDesc, \
        InitialLayout,pOptimizedClearValue,pProtectedSession,NumCastableFormats, \
        pCastableFormats,riidResource,ppvResource))
#define ID3D12Device15_CreatePlacedResource2(This,pHeap,HeapOffset,pDesc,InitialLayout, \
        pOptimizedClearValue,NumCastableFormats,pCastableFormats,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource2(This,pHeap,HeapOffset,pDesc,InitialLayout, \
        pOptimizedClearValue,NumCastableFormats,pCastableFormats,riid,ppvResource))
#define ID3D12Device15_CreateReservedResource2(This,pDesc,InitialLayout,pOptimizedClearValue, \
        pProtectedSession,NumCastableFormats,pCastableFormats,riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource2(This,pDesc,InitialLayout,pOptimizedClearValue, \
        pProtectedSession,NumCastableFormats,pCastableFormats,riid,ppvResource))
#define ID3D12Device15_CreateSampler2(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateSampler2(This,pDesc,DestDescriptor))
#if !defined(_WIN32)
#define ID3D12Device15_GetResourceAllocationInfo3(This,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo3(This,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1))
#else
#define ID3D12Device15_GetResourceAllocationInfo3(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo3(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1))
#endif
#define ID3D12Device15_OpenExistingHeapFromAddress1(This,pAddress,size,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromAddress1(This,pAddress,size,riid,ppvHeap))
#define ID3D12Device15_CreateRootSignatureFromSubobjectInLibrary(This,nodeMask,pLibraryBlob, \
        blobLengthInBytes,subobjectName,riid,ppvRootSignature) \
    ((This)->lpVtbl->CreateRootSignatureFromSubobjectInLibrary(This,nodeMask,pLibraryBlob, \
        blobLengthInBytes,subobjectName,riid,ppvRootSignature))
#define ID3D12Device15_RegisterTrimNotificationCallback(This,pData) \
    ((This)->lpVtbl->RegisterTrimNotificationCallback(This,pData))
#define ID3D12Device15_UnregisterTrimNotificationCallback(This,CallbackCookie) \
    ((This)->lpVtbl->UnregisterTrimNotificationCallback(This,CallbackCookie))
#define ID3D12Device15_TryCreateShaderResourceView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->TryCreateShaderResourceView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device15_TryCreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor) \
    ((This)->lpVtbl->TryCreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor))
#define ID3D12Device15_TryCreateConstantBufferView(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->TryCreateConstantBufferView(This,pDesc,DestDescriptor))
#define ID3D12Device15_TryCreateSampler2(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->TryCreateSampler2(This,pDesc,DestDescriptor))
#define ID3D12Device15_TryCreateRenderTargetView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->TryCreateRenderTargetView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device15_TryCreateDepthStencilView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->TryCreateDepthStencilView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device15_TryCreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor) \
    ((This)->lpVtbl->TryCreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor))
#define ID3D12Device15_CreateQueryHeap1(This,pDesc,Flags,riid,ppvHeap) \
    ((This)->lpVtbl->CreateQueryHeap1(This,pDesc,Flags,riid,ppvHeap))
#define ID3D12Device15_ResolveQueryData(This,pQueryHeap,Type,StartIndex,NumQueries, \
        pResolvedQueryData) \
    ((This)->lpVtbl->ResolveQueryData(This,pQueryHeap,Type,StartIndex,NumQueries, \
        pResolvedQueryData))
#endif /* COBJMACROS */

#endif /* __ID3D12Device15_INTERFACE_DEFINED__ */

DEFINE_GUID(IID_ID3D12Device15,0x76cff76f,0x1e9b,0x4450,0x8c,0xdc,0x34,0xf1,0xaf,0x78,0x8e,0x5b);

#endif /* D3D12RT_D3D12_DEVICE15_H */
