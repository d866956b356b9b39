/*
 * d3d12rt public headers: ID3D12Device12, 13 and 14 as Microsoft's public headers declare
 * them (DirectX-Headers main), which 1.606.4 lacks. They sit between ID3D12Device11 and the
 * tile-mapping device, ID3D12Device16 (d3d12_tile_mappings.h).
 */
#ifndef D3D12RT_D3D12_DEVICE12_H
#define D3D12RT_D3D12_DEVICE12_H

#include <d3d12rt/d3d12rt_base.h>

/* ID3D12Device12: castable-format allocation info. */
#ifndef __ID3D12Device12_FWD_DEFINED__
#define __ID3D12Device12_FWD_DEFINED__
typedef interface ID3D12Device12 ID3D12Device12;
#endif

#ifndef __ID3D12Device12_INTERFACE_DEFINED__
#define __ID3D12Device12_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12Device12;

/* Methods that return a structure return it by value on Linux and through a
 * hidden pointer in the Windows ABI, as DirectX-Headers declares them. */
#if !defined(_WIN32)
#define D3D12RT_M_ID3D12Device12_GetResourceAllocationInfo3(T) \
    D3D12_RESOURCE_ALLOCATION_INFO (STDMETHODCALLTYPE *GetResourceAllocationInfo3)(T *This, \
        UINT visibleMask, UINT numResourceDescs, const D3D12_RESOURCE_DESC1 *pResourceDescs, \
        const UINT32 *pNumCastableFormats, const DXGI_FORMAT *const *ppCastableFormats, \
        D3D12_RESOURCE_ALLOCATION_INFO1 *pResourceAllocationInfo1);
#else
#define D3D12RT_M_ID3D12Device12_GetResourceAllocationInfo3(T) \
    D3D12_RESOURCE_ALLOCATION_INFO *(STDMETHODCALLTYPE *GetResourceAllocationInfo3)(T *This, \
        D3D12_RESOURCE_ALLOCATION_INFO *RetVal, UINT visibleMask, UINT numResourceDescs, \
        const D3D12_RESOURCE_DESC1 *pResourceDescs, const UINT32 *pNumCastableFormats, \
        const DXGI_FORMAT *const *ppCastableFormats, \
        D3D12_RESOURCE_ALLOCATION_INFO1 *pResourceAllocationInfo1);
#endif

#define D3D12RT_VTBL_ID3D12Device12(T) \
    D3D12RT_VTBL_ID3D12Device11(T) \
    D3D12RT_M_ID3D12Device12_GetResourceAllocationInfo3(T)

typedef struct ID3D12Device12Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12Device12(ID3D12Device12)
    END_INTERFACE
} ID3D12Device12Vtbl;

interface ID3D12Device12
{
    CONST_VTBL struct ID3D12Device12Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12Device12_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12Device12_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12Device12_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12Device12_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12Device12_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12Device12_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12Device12_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12Device12_GetNodeCount(This) \
    ((This)->lpVtbl->GetNodeCount(This))
#define ID3D12Device12_CreateCommandQueue(This,pDesc,riid,ppCommandQueue) \
    ((This)->lpVtbl->CreateCommandQueue(This,pDesc,riid,ppCommandQueue))
#define ID3D12Device12_CreateCommandAllocator(This,type,riid,ppCommandAllocator) \
    ((This)->lpVtbl->CreateCommandAllocator(This,type,riid,ppCommandAllocator))
#define ID3D12Device12_CreateGraphicsPipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreateGraphicsPipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device12_CreateComputePipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreateComputePipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device12_CreateCommandList(This,nodeMask,type,pCommandAllocator,pInitialState, \
        riid,ppCommandList) \
    ((This)->lpVtbl->CreateCommandList(This,nodeMask,type,pCommandAllocator,pInitialState, \
        riid,ppCommandList))
#define ID3D12Device12_CheckFeatureSupport(This,Feature,pFeatureSupportData, \
        FeatureSupportDataSize) \
    ((This)->lpVtbl->CheckFeatureSupport(This,Feature,pFeatureSupportData, \
        FeatureSupportDataSize))
#define ID3D12Device12_CreateDescriptorHeap(This,pDescriptorHeapDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateDescriptorHeap(This,pDescriptorHeapDesc,riid,ppvHeap))
#define ID3D12Device12_GetDescriptorHandleIncrementSize(This,DescriptorHeapType) \
    ((This)->lpVtbl->GetDescriptorHandleIncrementSize(This,DescriptorHeapType))
#define ID3D12Device12_CreateRootSignature(This,nodeMask,pBlobWithRootSignature, \
        blobLengthInBytes,riid,ppvRootSignature) \
    ((This)->lpVtbl->CreateRootSignature(This,nodeMask,pBlobWithRootSignature, \
        blobLengthInBytes,riid,ppvRootSignature))
#define ID3D12Device12_CreateConstantBufferView(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateConstantBufferView(This,pDesc,DestDescriptor))
#define ID3D12Device12_CreateShaderResourceView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateShaderResourceView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device12_CreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor) \
    ((This)->lpVtbl->CreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor))
#define ID3D12Device12_CreateRenderTargetView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateRenderTargetView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device12_CreateDepthStencilView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateDepthStencilView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device12_CreateSampler(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateSampler(This,pDesc,DestDescriptor))
#define ID3D12Device12_CopyDescriptors(This,NumDestDescriptorRanges, \
        pDestDescriptorRangeStarts,pDestDescriptorRangeSizes,NumSrcDescriptorRanges, \
        pSrcDescriptorRangeStarts,pSrcDescriptorRangeSizes,DescriptorHeapsType) \
    ((This)->lpVtbl->CopyDescriptors(This,NumDestDescriptorRanges,pDestDescriptorRangeStarts, \
        pDestDescriptorRangeSizes,NumSrcDescriptorRanges,pSrcDescriptorRangeStarts, \
        pSrcDescriptorRangeSizes,DescriptorHeapsType))
#define ID3D12Device12_CopyDescriptorsSimple(This,NumDescriptors,DestDescriptorRangeStart, \
        SrcDescriptorRangeStart,DescriptorHeapsType) \
    ((This)->lpVtbl->CopyDescriptorsSimple(This,NumDescriptors,DestDescriptorRangeStart, \
        SrcDescriptorRangeStart,DescriptorHeapsType))
#if !defined(_WIN32)
#define ID3D12Device12_GetResourceAllocationInfo(This,visibleMask,numResourceDescs, \
        pResourceDescs) \
    ((This)->lpVtbl->GetResourceAllocationInfo(This,visibleMask,numResourceDescs, \
        pResourceDescs))
#else
#define ID3D12Device12_GetResourceAllocationInfo(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs) \
    ((This)->lpVtbl->GetResourceAllocationInfo(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs))
#endif
#if !defined(_WIN32)
#define ID3D12Device12_GetCustomHeapProperties(This,nodeMask,heapType) \
    ((This)->lpVtbl->GetCustomHeapProperties(This,nodeMask,heapType))
#else
#define ID3D12Device12_GetCustomHeapProperties(This,RetVal,nodeMask,heapType) \
    ((This)->lpVtbl->GetCustomHeapProperties(This,RetVal,nodeMask,heapType))
#endif
#define ID3D12Device12_CreateCommittedResource(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,riidResource,ppvResource))
#define ID3D12Device12_CreateHeap(This,pDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateHeap(This,pDesc,riid,ppvHeap))
#define ID3D12Device12_CreatePlacedResource(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource))
#define ID3D12Device12_CreateReservedResource(This,pDesc,InitialState,pOptimizedClearValue, \
        riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource(This,pDesc,InitialState,pOptimizedClearValue,riid, \
        ppvResource))
#define ID3D12Device12_CreateSharedHandle(This,pObject,pAttributes,Access,Name,pHandle) \
    ((This)->lpVtbl->CreateSharedHandle(This,pObject,pAttributes,Access,Name,pHandle))
#define ID3D12Device12_OpenSharedHandle(This,NTHandle,riid,ppvObj) \
    ((This)->lpVtbl->OpenSharedHandle(This,NTHandle,riid,ppvObj))
#define ID3D12Device12_OpenSharedHandleByName(This,Name,Access,pNTHandle) \
    ((This)->lpVtbl->OpenSharedHandleByName(This,Name,Access,pNTHandle))
#define ID3D12Device12_MakeResident(This,NumObjects,ppObjects) \
    ((This)->lpVtbl->MakeResident(This,NumObjects,ppObjects))
#define ID3D12Device12_Evict(This,NumObjects,ppObjects) \
    ((This)->lpVtbl->Evict(This,NumObjects,ppObjects))
#define ID3D12Device12_CreateFence(This,InitialValue,Flags,riid,ppFence) \
    ((This)->lpVtbl->CreateFence(This,InitialValue,Flags,riid,ppFence))
#define ID3D12Device12_GetDeviceRemovedReason(This) \
    ((This)->lpVtbl->GetDeviceRemovedReason(This))
#define ID3D12Device12_GetCopyableFootprints(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes) \
    ((This)->lpVtbl->GetCopyableFootprints(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes))
#define ID3D12Device12_CreateQueryHeap(This,pDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateQueryHeap(This,pDesc,riid,ppvHeap))
#define ID3D12Device12_SetStablePowerState(This,Enable) \
    ((This)->lpVtbl->SetStablePowerState(This,Enable))
#define ID3D12Device12_CreateCommandSignature(This,pDesc,pRootSignature,riid, \
        ppvCommandSignature) \
    ((This)->lpVtbl->CreateCommandSignature(This,pDesc,pRootSignature,riid,ppvCommandSignature))
#define ID3D12Device12_GetResourceTiling(This,pTiledResource,pNumTilesForEntireResource, \
        pPackedMipDesc,pStandardTileShapeForNonPackedMips,pNumSubresourceTilings, \
        FirstSubresourceTilingToGet,pSubresourceTilingsForNonPackedMips) \
    ((This)->lpVtbl->GetResourceTiling(This,pTiledResource,pNumTilesForEntireResource, \
        pPackedMipDesc,pStandardTileShapeForNonPackedMips,pNumSubresourceTilings, \
        FirstSubresourceTilingToGet,pSubresourceTilingsForNonPackedMips))
#if !defined(_WIN32)
#define ID3D12Device12_GetAdapterLuid(This) \
    ((This)->lpVtbl->GetAdapterLuid(This))
#else
#define ID3D12Device12_GetAdapterLuid(This,RetVal) \
    ((This)->lpVtbl->GetAdapterLuid(This,RetVal))
#endif
#define ID3D12Device12_CreatePipelineLibrary(This,pLibraryBlob,BlobLength,riid, \
        ppPipelineLibrary) \
    ((This)->lpVtbl->CreatePipelineLibrary(This,pLibraryBlob,BlobLength,riid,ppPipelineLibrary))
#define ID3D12Device12_SetEventOnMultipleFenceCompletion(This,ppFences,pFenceValues,NumFences, \
        Flags,hEvent) \
    ((This)->lpVtbl->SetEventOnMultipleFenceCompletion(This,ppFences,pFenceValues,NumFences, \
        Flags,hEvent))
#define ID3D12Device12_SetResidencyPriority(This,NumObjects,ppObjects,pPriorities) \
    ((This)->lpVtbl->SetResidencyPriority(This,NumObjects,ppObjects,pPriorities))
#define ID3D12Device12_CreatePipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreatePipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device12_OpenExistingHeapFromAddress(This,pAddress,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromAddress(This,pAddress,riid,ppvHeap))
#define ID3D12Device12_OpenExistingHeapFromFileMapping(This,hFileMapping,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromFileMapping(This,hFileMapping,riid,ppvHeap))
#define ID3D12Device12_EnqueueMakeResident(This,Flags,NumObjects,ppObjects,pFenceToSignal, \
        FenceValueToSignal) \
    ((This)->lpVtbl->EnqueueMakeResident(This,Flags,NumObjects,ppObjects,pFenceToSignal, \
        FenceValueToSignal))
#define ID3D12Device12_CreateCommandList1(This,nodeMask,type,flags,riid,ppCommandList) \
    ((This)->lpVtbl->CreateCommandList1(This,nodeMask,type,flags,riid,ppCommandList))
#define ID3D12Device12_CreateProtectedResourceSession(This,pDesc,riid,ppSession) \
    ((This)->lpVtbl->CreateProtectedResourceSession(This,pDesc,riid,ppSession))
#define ID3D12Device12_CreateCommittedResource1(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource1(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource))
#define ID3D12Device12_CreateHeap1(This,pDesc,pProtectedSession,riid,ppvHeap) \
    ((This)->lpVtbl->CreateHeap1(This,pDesc,pProtectedSession,riid,ppvHeap))
#define ID3D12Device12_CreateReservedResource1(This,pDesc,InitialState,pOptimizedClearValue, \
        pProtectedSession,riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource1(This,pDesc,InitialState,pOptimizedClearValue, \
        pProtectedSession,riid,ppvResource))
#if !defined(_WIN32)
#define ID3D12Device12_GetResourceAllocationInfo1(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo1(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#else
#define ID3D12Device12_GetResourceAllocationInfo1(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo1(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#endif
#define ID3D12Device12_CreateLifetimeTracker(This,pOwner,riid,ppvTracker) \
    ((This)->lpVtbl->CreateLifetimeTracker(This,pOwner,riid,ppvTracker))
#define ID3D12Device12_RemoveDevice(This) \
    ((This)->lpVtbl->RemoveDevice(This))
#define ID3D12Device12_EnumerateMetaCommands(This,pNumMetaCommands,pDescs) \
    ((This)->lpVtbl->EnumerateMetaCommands(This,pNumMetaCommands,pDescs))
#define ID3D12Device12_EnumerateMetaCommandParameters(This,CommandId,Stage, \
        pTotalStructureSizeInBytes,pParameterCount,pParameterDescs) \
    ((This)->lpVtbl->EnumerateMetaCommandParameters(This,CommandId,Stage, \
        pTotalStructureSizeInBytes,pParameterCount,pParameterDescs))
#define ID3D12Device12_CreateMetaCommand(This,CommandId,NodeMask,pCreationParametersData, \
        CreationParametersDataSizeInBytes,riid,ppMetaCommand) \
    ((This)->lpVtbl->CreateMetaCommand(This,CommandId,NodeMask,pCreationParametersData, \
        CreationParametersDataSizeInBytes,riid,ppMetaCommand))
#define ID3D12Device12_CreateStateObject(This,pDesc,riid,ppStateObject) \
    ((This)->lpVtbl->CreateStateObject(This,pDesc,riid,ppStateObject))
#define ID3D12Device12_GetRaytracingAccelerationStructurePrebuildInfo(This,pDesc,pInfo) \
    ((This)->lpVtbl->GetRaytracingAccelerationStructurePrebuildInfo(This,pDesc,pInfo))
#define ID3D12Device12_CheckDriverMatchingIdentifier(This,SerializedDataType, \
        pIdentifierToCheck) \
    ((This)->lpVtbl->CheckDriverMatchingIdentifier(This,SerializedDataType,pIdentifierToCheck))
#define ID3D12Device12_SetBackgroundProcessingMode(This,Mode,MeasurementsAction, \
        hEventToSignalUponCompletion,pbFurtherMeasurementsDesired) \
    ((This)->lpVtbl->SetBackgroundProcessingMode(This,Mode,MeasurementsAction, \
        hEventToSignalUponCompletion,pbFurtherMeasurementsDesired))
#define ID3D12Device12_AddToStateObject(This,pAddition,pStateObjectToGrowFrom,riid, \
        ppNewStateObject) \
    ((This)->lpVtbl->AddToStateObject(This,pAddition,pStateObjectToGrowFrom,riid, \
        ppNewStateObject))
#define ID3D12Device12_CreateProtectedResourceSession1(This,pDesc,riid,ppSession) \
    ((This)->lpVtbl->CreateProtectedResourceSession1(This,pDesc,riid,ppSession))
#if !defined(_WIN32)
#define ID3D12Device12_GetResourceAllocationInfo2(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo2(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#else
#define ID3D12Device12_GetResourceAllocationInfo2(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo2(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#endif
#define ID3D12Device12_CreateCommittedResource2(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource2(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource))
#define ID3D12Device12_CreatePlacedResource1(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource1(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource))
#define ID3D12Device12_CreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor) \
    ((This)->lpVtbl->CreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor))
#define ID3D12Device12_GetCopyableFootprints1(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes) \
    ((This)->lpVtbl->GetCopyableFootprints1(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes))
#define ID3D12Device12_CreateShaderCacheSession(This,pDesc,riid,ppvSession) \
    ((This)->lpVtbl->CreateShaderCacheSession(This,pDesc,riid,ppvSession))
#define ID3D12Device12_ShaderCacheControl(This,Kinds,Control) \
    ((This)->lpVtbl->ShaderCacheControl(This,Kinds,Control))
#define ID3D12Device12_CreateCommandQueue1(This,pDesc,CreatorID,riid,ppCommandQueue) \
    ((This)->lpVtbl->CreateCommandQueue1(This,pDesc,CreatorID,riid,ppCommandQueue))
#define ID3D12Device12_CreateCommittedResource3(This,pHeapProperties,HeapFlags,pDesc, \
        InitialLayout,pOptimizedClearValue,pProtectedSession,NumCastableFormats, \
        pCastableFormats,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource3(This,pHeapProperties,HeapFlags,pDesc, \
        InitialLayout,pOptimizedClearValue,pProtectedSession,NumCastableFormats, \
        pCastableFormats,riidResource,ppvResource))
#define ID3D12Device12_CreatePlacedResource2(This,pHeap,HeapOffset,pDesc,InitialLayout, \
        pOptimizedClearValue,NumCastableFormats,pCastableFormats,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource2(This,pHeap,HeapOffset,pDesc,InitialLayout, \
        pOptimizedClearValue,NumCastableFormats,pCastableFormats,riid,ppvResource))
#define ID3D12Device12_CreateReservedResource2(This,pDesc,InitialLayout,pOptimizedClearValue, \
        pProtectedSession,NumCastableFormats,pCastableFormats,riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource2(This,pDesc,InitialLayout,pOptimizedClearValue, \
        pProtectedSession,NumCastableFormats,pCastableFormats,riid,ppvResource))
#define ID3D12Device12_CreateSampler2(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateSampler2(This,pDesc,DestDescriptor))
#if !defined(_WIN32)
#define ID3D12Device12_GetResourceAllocationInfo3(This,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo3(This,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1))
#else
#define ID3D12Device12_GetResourceAllocationInfo3(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo3(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1))
#endif
#endif /* COBJMACROS */

#endif /* __ID3D12Device12_INTERFACE_DEFINED__ */

/* ID3D12Device13: heaps over existing memory. */
#ifndef __ID3D12Device13_FWD_DEFINED__
#define __ID3D12Device13_FWD_DEFINED__
typedef interface ID3D12Device13 ID3D12Device13;
#endif

#ifndef __ID3D12Device13_INTERFACE_DEFINED__
#define __ID3D12Device13_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12Device13;

#define D3D12RT_VTBL_ID3D12Device13(T) \
    D3D12RT_VTBL_ID3D12Device12(T) \
    HRESULT (STDMETHODCALLTYPE *OpenExistingHeapFromAddress1)(T *This, const void *pAddress, \
        SIZE_T size, REFIID riid, void **ppvHeap);

typedef struct ID3D12Device13Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12Device13(ID3D12Device13)
    END_INTERFACE
} ID3D12Device13Vtbl;

interface ID3D12Device13
{
    CONST_VTBL struct ID3D12Device13Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12Device13_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12Device13_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12Device13_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12Device13_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12Device13_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12Device13_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12Device13_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12Device13_GetNodeCount(This) \
    ((This)->lpVtbl->GetNodeCount(This))
#define ID3D12Device13_CreateCommandQueue(This,pDesc,riid,ppCommandQueue) \
    ((This)->lpVtbl->CreateCommandQueue(This,pDesc,riid,ppCommandQueue))
#define ID3D12Device13_CreateCommandAllocator(This,type,riid,ppCommandAllocator) \
    ((This)->lpVtbl->CreateCommandAllocator(This,type,riid,ppCommandAllocator))
#define ID3D12Device13_CreateGraphicsPipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreateGraphicsPipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device13_CreateComputePipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreateComputePipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device13_CreateCommandList(This,nodeMask,type,pCommandAllocator,pInitialState, \
        riid,ppCommandList) \
    ((This)->lpVtbl->CreateCommandList(This,nodeMask,type,pCommandAllocator,pInitialState, \
        riid,ppCommandList))
#define ID3D12Device13_CheckFeatureSupport(This,Feature,pFeatureSupportData, \
        FeatureSupportDataSize) \
    ((This)->lpVtbl->CheckFeatureSupport(This,Feature,pFeatureSupportData, \
        FeatureSupportDataSize))
#define ID3D12Device13_CreateDescriptorHeap(This,pDescriptorHeapDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateDescriptorHeap(This,pDescriptorHeapDesc,riid,ppvHeap))
#define ID3D12Device13_GetDescriptorHandleIncrementSize(This,DescriptorHeapType) \
    ((This)->lpVtbl->GetDescriptorHandleIncrementSize(This,DescriptorHeapType))
#define ID3D12Device13_CreateRootSignature(This,nodeMask,pBlobWithRootSignature, \
        blobLengthInBytes,riid,ppvRootSignature) \
    ((This)->lpVtbl->CreateRootSignature(This,nodeMask,pBlobWithRootSignature, \
        blobLengthInBytes,riid,ppvRootSignature))
#define ID3D12Device13_CreateConstantBufferView(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateConstantBufferView(This,pDesc,DestDescriptor))
#define ID3D12Device13_CreateShaderResourceView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateShaderResourceView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device13_CreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor) \
    ((This)->lpVtbl->CreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor))
#define ID3D12Device13_CreateRenderTargetView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateRenderTargetView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device13_CreateDepthStencilView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateDepthStencilView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device13_CreateSampler(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateSampler(This,pDesc,DestDescriptor))
#define ID3D12Device13_CopyDescriptors(This,NumDestDescriptorRanges, \
        pDestDescriptorRangeStarts,pDestDescriptorRangeSizes,NumSrcDescriptorRanges, \
        pSrcDescriptorRangeStarts,pSrcDescriptorRangeSizes,DescriptorHeapsType) \
    ((This)->lpVtbl->CopyDescriptors(This,NumDestDescriptorRanges,pDestDescriptorRangeStarts, \
        pDestDescriptorRangeSizes,NumSrcDescriptorRanges,pSrcDescriptorRangeStarts, \
        pSrcDescriptorRangeSizes,DescriptorHeapsType))
#define ID3D12Device13_CopyDescriptorsSimple(This,NumDescriptors,DestDescriptorRangeStart, \
        SrcDescriptorRangeStart,DescriptorHeapsType) \
    ((This)->lpVtbl->CopyDescriptorsSimple(This,NumDescriptors,DestDescriptorRangeStart, \
        SrcDescriptorRangeStart,DescriptorHeapsType))
#if !defined(_WIN32)
#define ID3D12Device13_GetResourceAllocationInfo(This,visibleMask,numResourceDescs, \
        pResourceDescs) \
    ((This)->lpVtbl->GetResourceAllocationInfo(This,visibleMask,numResourceDescs, \
        pResourceDescs))
#else
#define ID3D12Device13_GetResourceAllocationInfo(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs) \
    ((This)->lpVtbl->GetResourceAllocationInfo(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs))
#endif
#if !defined(_WIN32)
#define ID3D12Device13_GetCustomHeapProperties(This,nodeMask,heapType) \
    ((This)->lpVtbl->GetCustomHeapProperties(This,nodeMask,heapType))
#else
#define ID3D12Device13_GetCustomHeapProperties(This,RetVal,nodeMask,heapType) \
    ((This)->lpVtbl->GetCustomHeapProperties(This,RetVal,nodeMask,heapType))
#endif
#define ID3D12Device13_CreateCommittedResource(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,riidResource,ppvResource))
#define ID3D12Device13_CreateHeap(This,pDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateHeap(This,pDesc,riid,ppvHeap))
#define ID3D12Device13_CreatePlacedResource(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource))
#define ID3D12Device13_CreateReservedResource(This,pDesc,InitialState,pOptimizedClearValue, \
        riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource(This,pDesc,InitialState,pOptimizedClearValue,riid, \
        ppvResource))
#define ID3D12Device13_CreateSharedHandle(This,pObject,pAttributes,Access,Name,pHandle) \
    ((This)->lpVtbl->CreateSharedHandle(This,pObject,pAttributes,Access,Name,pHandle))
#define ID3D12Device13_OpenSharedHandle(This,NTHandle,riid,ppvObj) \
    ((This)->lpVtbl->OpenSharedHandle(This,NTHandle,riid,ppvObj))
#define ID3D12Device13_OpenSharedHandleByName(This,Name,Access,pNTHandle) \
    ((This)->lpVtbl->OpenSharedHandleByName(This,Name,Access,pNTHandle))
#define ID3D12Device13_MakeResident(This,NumObjects,ppObjects) \
    ((This)->lpVtbl->MakeResident(This,NumObjects,ppObjects))
#define ID3D12Device13_Evict(This,NumObjects,ppObjects) \
    ((This)->lpVtbl->Evict(This,NumObjects,ppObjects))
#define ID3D12Device13_CreateFence(This,InitialValue,Flags,riid,ppFence) \
    ((This)->lpVtbl->CreateFence(This,InitialValue,Flags,riid,ppFence))
#define ID3D12Device13_GetDeviceRemovedReason(This) \
    ((This)->lpVtbl->GetDeviceRemovedReason(This))
#define ID3D12Device13_GetCopyableFootprints(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes) \
    ((This)->lpVtbl->GetCopyableFootprints(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes))
#define ID3D12Device13_CreateQueryHeap(This,pDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateQueryHeap(This,pDesc,riid,ppvHeap))
#define ID3D12Device13_SetStablePowerState(This,Enable) \
    ((This)->lpVtbl->SetStablePowerState(This,Enable))
#define ID3D12Device13_CreateCommandSignature(This,pDesc,pRootSignature,riid, \
        ppvCommandSignature) \
    ((This)->lpVtbl->CreateCommandSignature(This,pDesc,pRootSignature,riid,ppvCommandSignature))
#define ID3D12Device13_GetResourceTiling(This,pTiledResource,pNumTilesForEntireResource, \
        pPackedMipDesc,pStandardTileShapeForNonPackedMips,pNumSubresourceTilings, \
        FirstSubresourceTilingToGet,pSubresourceTilingsForNonPackedMips) \
    ((This)->lpVtbl->GetResourceTiling(This,pTiledResource,pNumTilesForEntireResource, \
        pPackedMipDesc,pStandardTileShapeForNonPackedMips,pNumSubresourceTilings, \
        FirstSubresourceTilingToGet,pSubresourceTilingsForNonPackedMips))
#if !defined(_WIN32)
#define ID3D12Device13_GetAdapterLuid(This) \
    ((This)->lpVtbl->GetAdapterLuid(This))
#else
#define ID3D12Device13_GetAdapterLuid(This,RetVal) \
    ((This)->lpVtbl->GetAdapterLuid(This,RetVal))
#endif
#define ID3D12Device13_CreatePipelineLibrary(This,pLibraryBlob,BlobLength,riid, \
        ppPipelineLibrary) \
    ((This)->lpVtbl->CreatePipelineLibrary(This,pLibraryBlob,BlobLength,riid,ppPipelineLibrary))
#define ID3D12Device13_SetEventOnMultipleFenceCompletion(This,ppFences,pFenceValues,NumFences, \
        Flags,hEvent) \
    ((This)->lpVtbl->SetEventOnMultipleFenceCompletion(This,ppFences,pFenceValues,NumFences, \
        Flags,hEvent))
#define ID3D12Device13_SetResidencyPriority(This,NumObjects,ppObjects,pPriorities) \
    ((This)->lpVtbl->SetResidencyPriority(This,NumObjects,ppObjects,pPriorities))
#define ID3D12Device13_CreatePipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreatePipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device13_OpenExistingHeapFromAddress(This,pAddress,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromAddress(This,pAddress,riid,ppvHeap))
#define ID3D12Device13_OpenExistingHeapFromFileMapping(This,hFileMapping,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromFileMapping(This,hFileMapping,riid,ppvHeap))
#define ID3D12Device13_EnqueueMakeResident(This,Flags,NumObjects,ppObjects,pFenceToSignal, \
        FenceValueToSignal) \
    ((This)->lpVtbl->EnqueueMakeResident(This,Flags,NumObjects,ppObjects,pFenceToSignal, \
        FenceValueToSignal))
#define ID3D12Device13_CreateCommandList1(This,nodeMask,type,flags,riid,ppCommandList) \
    ((This)->lpVtbl->CreateCommandList1(This,nodeMask,type,flags,riid,ppCommandList))
#define ID3D12Device13_CreateProtectedResourceSession(This,pDesc,riid,ppSession) \
    ((This)->lpVtbl->CreateProtectedResourceSession(This,pDesc,riid,ppSession))
#define ID3D12Device13_CreateCommittedResource1(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource1(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource))
#define ID3D12Device13_CreateHeap1(This,pDesc,pProtectedSession,riid,ppvHeap) \
    ((This)->lpVtbl->CreateHeap1(This,pDesc,pProtectedSession,riid,ppvHeap))
#define ID3D12Device13_CreateReservedResource1(This,pDesc,InitialState,pOptimizedClearValue, \
        pProtectedSession,riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource1(This,pDesc,InitialState,pOptimizedClearValue, \
        pProtectedSession,riid,ppvResource))
#if !defined(_WIN32)
#define ID3D12Device13_GetResourceAllocationInfo1(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo1(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#else
#define ID3D12Device13_GetResourceAllocationInfo1(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo1(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#endif
#define ID3D12Device13_CreateLifetimeTracker(This,pOwner,riid,ppvTracker) \
    ((This)->lpVtbl->CreateLifetimeTracker(This,pOwner,riid,ppvTracker))
#define ID3D12Device13_RemoveDevice(This) \
    ((This)->lpVtbl->RemoveDevice(This))
#define ID3D12Device13_EnumerateMetaCommands(This,pNumMetaCommands,pDescs) \
    ((This)->lpVtbl->EnumerateMetaCommands(This,pNumMetaCommands,pDescs))
#define ID3D12Device13_EnumerateMetaCommandParameters(This,CommandId,Stage, \
        pTotalStructureSizeInBytes,pParameterCount,pParameterDescs) \
    ((This)->lpVtbl->EnumerateMetaCommandParameters(This,CommandId,Stage, \
        pTotalStructureSizeInBytes,pParameterCount,pParameterDescs))
#define ID3D12Device13_CreateMetaCommand(This,CommandId,NodeMask,pCreationParametersData, \
        CreationParametersDataSizeInBytes,riid,ppMetaCommand) \
    ((This)->lpVtbl->CreateMetaCommand(This,CommandId,NodeMask,pCreationParametersData, \
        CreationParametersDataSizeInBytes,riid,ppMetaCommand))
#define ID3D12Device13_CreateStateObject(This,pDesc,riid,ppStateObject) \
    ((This)->lpVtbl->CreateStateObject(This,pDesc,riid,ppStateObject))
#define ID3D12Device13_GetRaytracingAccelerationStructurePrebuildInfo(This,pDesc,pInfo) \
    ((This)->lpVtbl->GetRaytracingAccelerationStructurePrebuildInfo(This,pDesc,pInfo))
#define ID3D12Device13_CheckDriverMatchingIdentifier(This,SerializedDataType, \
        pIdentifierToCheck) \
    ((This)->lpVtbl->CheckDriverMatchingIdentifier(This,SerializedDataType,pIdentifierToCheck))
#define ID3D12Device13_SetBackgroundProcessingMode(This,Mode,MeasurementsAction, \
        hEventToSignalUponCompletion,pbFurtherMeasurementsDesired) \
    ((This)->lpVtbl->SetBackgroundProcessingMode(This,Mode,MeasurementsAction, \
        hEventToSignalUponCompletion,pbFurtherMeasurementsDesired))
#define ID3D12Device13_AddToStateObject(This,pAddition,pStateObjectToGrowFrom,riid, \
        ppNewStateObject) \
    ((This)->lpVtbl->AddToStateObject(This,pAddition,pStateObjectToGrowFrom,riid, \
        ppNewStateObject))
#define ID3D12Device13_CreateProtectedResourceSession1(This,pDesc,riid,ppSession) \
    ((This)->lpVtbl->CreateProtectedResourceSession1(This,pDesc,riid,ppSession))
#if !defined(_WIN32)
#define ID3D12Device13_GetResourceAllocationInfo2(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo2(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#else
#define ID3D12Device13_GetResourceAllocationInfo2(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo2(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#endif
#define ID3D12Device13_CreateCommittedResource2(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource2(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource))
#define ID3D12Device13_CreatePlacedResource1(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource1(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource))
#define ID3D12Device13_CreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor) \
    ((This)->lpVtbl->CreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor))
#define ID3D12Device13_GetCopyableFootprints1(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes) \
    ((This)->lpVtbl->GetCopyableFootprints1(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes))
#define ID3D12Device13_CreateShaderCacheSession(This,pDesc,riid,ppvSession) \
    ((This)->lpVtbl->CreateShaderCacheSession(This,pDesc,riid,ppvSession))
#define ID3D12Device13_ShaderCacheControl(This,Kinds,Control) \
    ((This)->lpVtbl->ShaderCacheControl(This,Kinds,Control))
#define ID3D12Device13_CreateCommandQueue1(This,pDesc,CreatorID,riid,ppCommandQueue) \
    ((This)->lpVtbl->CreateCommandQueue1(This,pDesc,CreatorID,riid,ppCommandQueue))
#define ID3D12Device13_CreateCommittedResource3(This,pHeapProperties,HeapFlags,pDesc, \
        InitialLayout,pOptimizedClearValue,pProtectedSession,NumCastableFormats, \
        pCastableFormats,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource3(This,pHeapProperties,HeapFlags,pDesc, \
        InitialLayout,pOptimizedClearValue,pProtectedSession,NumCastableFormats, \
        pCastableFormats,riidResource,ppvResource))
#define ID3D12Device13_CreatePlacedResource2(This,pHeap,HeapOffset,pDesc,InitialLayout, \
        pOptimizedClearValue,NumCastableFormats,pCastableFormats,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource2(This,pHeap,HeapOffset,pDesc,InitialLayout, \
        pOptimizedClearValue,NumCastableFormats,pCastableFormats,riid,ppvResource))
#define ID3D12Device13_CreateReservedResource2(This,pDesc,InitialLayout,pOptimizedClearValue, \
        pProtectedSession,NumCastableFormats,pCastableFormats,riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource2(This,pDesc,InitialLayout,pOptimizedClearValue, \
        pProtectedSession,NumCastableFormats,pCastableFormats,riid,ppvResource))
#define ID3D12Device13_CreateSampler2(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateSampler2(This,pDesc,DestDescriptor))
#if !defined(_WIN32)
#define ID3D12Device13_GetResourceAllocationInfo3(This,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo3(This,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1))
#else
#define ID3D12Device13_GetResourceAllocationInfo3(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo3(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1))
#endif
#define ID3D12Device13_OpenExistingHeapFromAddress1(This,pAddress,size,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromAddress1(This,pAddress,size,riid,ppvHeap))
#endif /* COBJMACROS */

#endif /* __ID3D12Device13_INTERFACE_DEFINED__ */

/* ID3D12Device14: root signatures from state-object libraries. */
#ifndef __ID3D12Device14_FWD_DEFINED__
#define __ID3D12Device14_FWD_DEFINED__
typedef interface ID3D12Device14 ID3D12Device14;
#endif

#ifndef __ID3D12Device14_INTERFACE_DEFINED__
#define __ID3D12Device14_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12Device14;

#define D3D12RT_VTBL_ID3D12Device14(T) \
    D3D12RT_VTBL_ID3D12Device13(T) \
    HRESULT (STDMETHODCALLTYPE *CreateRootSignatureFromSubobjectInLibrary)(T *This, \
        UINT nodeMask, const void *pLibraryBlob, SIZE_T blobLengthInBytes, \
        LPCWSTR subobjectName, REFIID riid, void **ppvRootSignature);

typedef struct ID3D12Device14Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12Device14(ID3D12Device14)
    END_INTERFACE
} ID3D12Device14Vtbl;

interface ID3D12Device14
{
    CONST_VTBL struct ID3D12Device14Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12Device14_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12Device14_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12Device14_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12Device14_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12Device14_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12Device14_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12Device14_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12Device14_GetNodeCount(This) \
    ((This)->lpVtbl->GetNodeCount(This))
#define ID3D12Device14_CreateCommandQueue(This,pDesc,riid,ppCommandQueue) \
    ((This)->lpVtbl->CreateCommandQueue(This,pDesc,riid,ppCommandQueue))
#define ID3D12Device14_CreateCommandAllocator(This,type,riid,ppCommandAllocator) \
    ((This)->lpVtbl->CreateCommandAllocator(This,type,riid,ppCommandAllocator))
#define ID3D12Device14_CreateGraphicsPipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreateGraphicsPipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device14_CreateComputePipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreateComputePipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device14_CreateCommandList(This,nodeMask,type,pCommandAllocator,pInitialState, \
        riid,ppCommandList) \
    ((This)->lpVtbl->CreateCommandList(This,nodeMask,type,pCommandAllocator,pInitialState, \
        riid,ppCommandList))
#define ID3D12Device14_CheckFeatureSupport(This,Feature,pFeatureSupportData, \
        FeatureSupportDataSize) \
    ((This)->lpVtbl->CheckFeatureSupport(This,Feature,pFeatureSupportData, \
        FeatureSupportDataSize))
#define ID3D12Device14_CreateDescriptorHeap(This,pDescriptorHeapDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateDescriptorHeap(This,pDescriptorHeapDesc,riid,ppvHeap))
#define ID3D12Device14_GetDescriptorHandleIncrementSize(This,DescriptorHeapType) \
    ((This)->lpVtbl->GetDescriptorHandleIncrementSize(This,DescriptorHeapType))
#define ID3D12Device14_CreateRootSignature(This,nodeMask,pBlobWithRootSignature, \
        blobLengthInBytes,riid,ppvRootSignature) \
    ((This)->lpVtbl->CreateRootSignature(This,nodeMask,pBlobWithRootSignature, \
        blobLengthInBytes,riid,ppvRootSignature))
#define ID3D12Device14_CreateConstantBufferView(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateConstantBufferView(This,pDesc,DestDescriptor))
#define ID3D12Device14_CreateShaderResourceView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateShaderResourceView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device14_CreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor) \
    ((This)->lpVtbl->CreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor))
#define ID3D12Device14_CreateRenderTargetView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateRenderTargetView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device14_CreateDepthStencilView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateDepthStencilView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device14_CreateSampler(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateSampler(This,pDesc,DestDescriptor))
#define ID3D12Device14_CopyDescriptors(This,NumDestDescriptorRanges, \
        pDestDescriptorRangeStarts,pDestDescriptorRangeSizes,NumSrcDescriptorRanges, \
        pSrcDescriptorRangeStarts,pSrcDescriptorRangeSizes,DescriptorHeapsType) \
    ((This)->lpVtbl->CopyDescriptors(This,NumDestDescriptorRanges,pDestDescriptorRangeStarts, \
        pDestDescriptorRangeSizes,NumSrcDescriptorRanges,pSrcDescriptorRangeStarts, \
        pSrcDescriptorRangeSizes,DescriptorHeapsType))
#define ID3D12Device14_CopyDescriptorsSimple(This,NumDescriptors,DestDescriptorRangeStart, \
        SrcDescriptorRangeStart,DescriptorHeapsType) \
    ((This)->lpVtbl->CopyDescriptorsSimple(This,NumDescriptors,DestDescriptorRangeStart, \
        SrcDescriptorRangeStart,DescriptorHeapsType))
#if !defined(_WIN32)
#define ID3D12Device14_GetResourceAllocationInfo(This,visibleMask,numResourceDescs, \
        pResourceDescs) \
    ((This)->lpVtbl->GetResourceAllocationInfo(This,visibleMask,numResourceDescs, \
        pResourceDescs))
#else
#define ID3D12Device14_GetResourceAllocationInfo(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs) \
    ((This)->lpVtbl->GetResourceAllocationInfo(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs))
#endif
#if !defined(_WIN32)
#define ID3D12Device14_GetCustomHeapProperties(This,nodeMask,heapType) \
    ((This)->lpVtbl->GetCustomHeapProperties(This,nodeMask,heapType))
#else
#define ID3D12Device14_GetCustomHeapProperties(This,RetVal,nodeMask,heapType) \
    ((This)->lpVtbl->GetCustomHeapProperties(This,RetVal,nodeMask,heapType))
#endif
#define ID3D12Device14_CreateCommittedResource(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,riidResource,ppvResource))
#define ID3D12Device14_CreateHeap(This,pDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateHeap(This,pDesc,riid,ppvHeap))
#define ID3D12Device14_CreatePlacedResource(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource))
#define ID3D12Device14_CreateReservedResource(This,pDesc,InitialState,pOptimizedClearValue, \
        riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource(This,pDesc,InitialState,pOptimizedClearValue,riid, \
        ppvResource))
#define ID3D12Device14_CreateSharedHandle(This,pObject,pAttributes,Access,Name,pHandle) \
    ((This)->lpVtbl->CreateSharedHandle(This,pObject,pAttributes,Access,Name,pHandle))
#define ID3D12Device14_OpenSharedHandle(This,NTHandle,riid,ppvObj) \
    ((This)->lpVtbl->OpenSharedHandle(This,NTHandle,riid,ppvObj))
#define ID3D12Device14_OpenSharedHandleByName(This,Name,Access,pNTHandle) \
    ((This)->lpVtbl->OpenSharedHandleByName(This,Name,Access,pNTHandle))
#define ID3D12Device14_MakeResident(This,NumObjects,ppObjects) \
    ((This)->lpVtbl->MakeResident(This,NumObjects,ppObjects))
#define ID3D12Device14_Evict(This,NumObjects,ppObjects) \
    ((This)->lpVtbl->Evict(This,NumObjects,ppObjects))
#define ID3D12Device14_CreateFence(This,InitialValue,Flags,riid,ppFence) \
    ((This)->lpVtbl->CreateFence(This,InitialValue,Flags,riid,ppFence))
#define ID3D12Device14_GetDeviceRemovedReason(This) \
    ((This)->lpVtbl->GetDeviceRemovedReason(This))
#define ID3D12Device14_GetCopyableFootprints(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes) \
    ((This)->lpVtbl->GetCopyableFootprints(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes))
#define ID3D12Device14_CreateQueryHeap(This,pDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateQueryHeap(This,pDesc,riid,ppvHeap))
#define ID3D12Device14_SetStablePowerState(This,Enable) \
    ((This)->lpVtbl->SetStablePowerState(This,Enable))
#define ID3D12Device14_CreateCommandSignature(This,pDesc,pRootSignature,riid, \
        ppvCommandSignature) \
    ((This)->lpVtbl->CreateCommandSignature(This,pDesc,pRootSignature,riid,ppvCommandSignature))
#define ID3D12Device14_GetResourceTiling(This,pTiledResource,pNumTilesForEntireResource, \
        pPackedMipDesc,pStandardTileShapeForNonPackedMips,pNumSubresourceTilings, \
        FirstSubresourceTilingToGet,pSubresourceTilingsForNonPackedMips) \
    ((This)->lpVtbl->GetResourceTiling(This,pTiledResource,pNumTilesForEntireResource, \
        pPackedMipDesc,pStandardTileShapeForNonPackedMips,pNumSubresourceTilings, \
        FirstSubresourceTilingToGet,pSubresourceTilingsForNonPackedMips))
#if !defined(_WIN32)
#define ID3D12Device14_GetAdapterLuid(This) \
    ((This)->lpVtbl->GetAdapterLuid(This))
#else
#define ID3D12Device14_GetAdapterLuid(This,RetVal) \
    ((This)->lpVtbl->GetAdapterLuid(This,RetVal))
#endif
#define ID3D12Device14_CreatePipelineLibrary(This,pLibraryBlob,BlobLength,riid, \
        ppPipelineLibrary) \
    ((This)->lpVtbl->CreatePipelineLibrary(This,pLibraryBlob,BlobLength,riid,ppPipelineLibrary))
#define ID3D12Device14_SetEventOnMultipleFenceCompletion(This,ppFences,pFenceValues,NumFences, \
        Flags,hEvent) \
    ((This)->lpVtbl->SetEventOnMultipleFenceCompletion(This,ppFences,pFenceValues,NumFences, \
        Flags,hEvent))
#define ID3D12Device14_SetResidencyPriority(This,NumObjects,ppObjects,pPriorities) \
    ((This)->lpVtbl->SetResidencyPriority(This,NumObjects,ppObjects,pPriorities))
#define ID3D12Device14_CreatePipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreatePipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device14_OpenExistingHeapFromAddress(This,pAddress,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromAddress(This,pAddress,riid,ppvHeap))
#define ID3D12Device14_OpenExistingHeapFromFileMapping(This,hFileMapping,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromFileMapping(This,hFileMapping,riid,ppvHeap))
#define ID3D12Device14_EnqueueMakeResident(This,Flags,NumObjects,ppObjects,pFenceToSignal, \
        FenceValueToSignal) \
    ((This)->lpVtbl->EnqueueMakeResident(This,Flags,NumObjects,ppObjects,pFenceToSignal, \
        FenceValueToSignal))
#define ID3D12Device14_CreateCommandList1(This,nodeMask,type,flags,riid,ppCommandList) \
    ((This)->lpVtbl->CreateCommandList1(This,nodeMask,type,flags,riid,ppCommandList))
#define ID3D12Device14_CreateProtectedResourceSession(This,pDesc,riid,ppSession) \
    ((This)->lpVtbl->CreateProtectedResourceSession(This,pDesc,riid,ppSession))
#define ID3D12Device14_CreateCommittedResource1(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource1(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource))
#define ID3D12Device14_CreateHeap1(This,pDesc,pProtectedSession,riid,ppvHeap) \
    ((This)->lpVtbl->CreateHeap1(This,pDesc,pProtectedSession,riid,ppvHeap))
#define ID3D12Device14_CreateReservedResource1(This,pDesc,InitialState,pOptimizedClearValue, \
        pProtectedSession,riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource1(This,pDesc,InitialState,pOptimizedClearValue, \
        pProtectedSession,riid,ppvResource))
#if !defined(_WIN32)
#define ID3D12Device14_GetResourceAllocationInfo1(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo1(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#else
#define ID3D12Device14_GetResourceAllocationInfo1(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo1(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#endif
#define ID3D12Device14_CreateLifetimeTracker(This,pOwner,riid,ppvTracker) \
    ((This)->lpVtbl->CreateLifetimeTracker(This,pOwner,riid,ppvTracker))
#define ID3D12Device14_RemoveDevice(This) \
    ((This)->lpVtbl->RemoveDevice(This))
#define ID3D12Device14_EnumerateMetaCommands(This,pNumMetaCommands,pDescs) \
    ((This)->lpVtbl->EnumerateMetaCommands(This,pNumMetaCommands,pDescs))
#define ID3D12Device14_EnumerateMetaCommandParameters(This,CommandId,Stage, \
        pTotalStructureSizeInBytes,pParameterCount,pParameterDescs) \
    ((This)->lpVtbl->EnumerateMetaCommandParameters(This,CommandId,Stage, \
        pTotalStructureSizeInBytes,pParameterCount,pParameterDescs))
#define ID3D12Device14_CreateMetaCommand(This,CommandId,NodeMask,pCreationParametersData, \
        CreationParametersDataSizeInBytes,riid,ppMetaCommand) \
    ((This)->lpVtbl->CreateMetaCommand(This,CommandId,NodeMask,pCreationParametersData, \
        CreationParametersDataSizeInBytes,riid,ppMetaCommand))
#define ID3D12Device14_CreateStateObject(This,pDesc,riid,ppStateObject) \
    ((This)->lpVtbl->CreateStateObject(This,pDesc,riid,ppStateObject))
#define ID3D12Device14_GetRaytracingAccelerationStructurePrebuildInfo(This,pDesc,pInfo) \
    ((This)->lpVtbl->GetRaytracingAccelerationStructurePrebuildInfo(This,pDesc,pInfo))
#define ID3D12Device14_CheckDriverMatchingIdentifier(This,SerializedDataType, \
        pIdentifierToCheck) \
    ((This)->lpVtbl->CheckDriverMatchingIdentifier(This,SerializedDataType,pIdentifierToCheck))
#define ID3D12Device14_SetBackgroundProcessingMode(This,Mode,MeasurementsAction, \
        hEventToSignalUponCompletion,pbFurtherMeasurementsDesired) \
    ((This)->lpVtbl->SetBackgroundProcessingMode(This,Mode,MeasurementsAction, \
        hEventToSignalUponCompletion,pbFurtherMeasurementsDesired))
#define ID3D12Device14_AddToStateObject(This,pAddition,pStateObjectToGrowFrom,riid, \
        ppNewStateObject) \
    ((This)->lpVtbl->AddToStateObject(This,pAddition,pStateObjectToGrowFrom,riid, \
        ppNewStateObject))
#define ID3D12Device14_CreateProtectedResourceSession1(This,pDesc,riid,ppSession) \
    ((This)->lpVtbl->CreateProtectedResourceSession1(This,pDesc,riid,ppSession))
#if !defined(_WIN32)
#define ID3D12Device14_GetResourceAllocationInfo2(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo2(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#else
#define ID3D12Device14_GetResourceAllocationInfo2(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo2(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#endif
#define ID3D12Device14_CreateCommittedResource2(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource2(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource))
#define ID3D12Device14_CreatePlacedResource1(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource1(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource))
#define ID3D12Device14_CreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor) \
    ((This)->lpVtbl->CreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor))
#define ID3D12Device14_GetCopyableFootprints1(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes) \
    ((This)->lpVtbl->GetCopyableFootprints1(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes))
#define ID3D12Device14_CreateShaderCacheSession(This,pDesc,riid,ppvSession) \
    ((This)->lpVtbl->CreateShaderCacheSession(This,pDesc,riid,ppvSession))
#define ID3D12Device14_ShaderCacheControl(This,Kinds,Control) \
    ((This)->lpVtbl->ShaderCacheControl(This,Kinds,Control))
#define ID3D12Device14_CreateCommandQueue1(This,pDesc,CreatorID,riid,ppCommandQueue) \
    ((This)->lpVtbl->CreateCommandQueue1(This,pDesc,CreatorID,riid,ppCommandQueue))
#define ID3D12Device14_CreateCommittedResource3(This,pHeapProperties,HeapFlags,pDesc, \
        InitialLayout,pOptimizedClearValue,pProtectedSession,NumCastableFormats, \
        pCastableFormats,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource3(This,pHeapProperties,HeapFlags,pDesc, \
        InitialLayout,pOptimizedClearValue,pProtectedSession,NumCastableFormats, \
        pCastableFormats,riidResource,ppvResource))
#define ID3D12Device14_CreatePlacedResource2(This,pHeap,HeapOffset,pDesc,InitialLayout, \
        pOptimizedClearValue,NumCastableFormats,pCastableFormats,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource2(This,pHeap,HeapOffset,pDesc,InitialLayout, \
        pOptimizedClearValue,NumCastableFormats,pCastableFormats,riid,ppvResource))
#define ID3D12Device14_CreateReservedResource2(This,pDesc,InitialLayout,pOptimizedClearValue, \
        pProtectedSession,NumCastableFormats,pCastableFormats,riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource2(This,pDesc,InitialLayout,pOptimizedClearValue, \
        pProtectedSession,NumCastableFormats,pCastableFormats,riid,ppvResource))
#define ID3D12Device14_CreateSampler2(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateSampler2(This,pDesc,DestDescriptor))
#if !defined(_WIN32)
#define ID3D12Device14_GetResourceAllocationInfo3(This,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo3(This,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1))
#else
#define ID3D12Device14_GetResourceAllocationInfo3(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo3(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1))
#endif
#define ID3D12Device14_OpenExistingHeapFromAddress1(This,pAddress,size,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromAddress1(This,pAddress,size,riid,ppvHeap))
#define ID3D12Device14_CreateRootSignatureFromSubobjectInLibrary(This,nodeMask,pLibraryBlob, \
        blobLengthInBytes,subobjectName,riid,ppvRootSignature) \
    ((This)->lpVtbl->CreateRootSignatureFromSubobjectInLibrary(This,nodeMask,pLibraryBlob, \
        blobLengthInBytes,subobjectName,riid,ppvRootSignature))
#endif /* COBJMACROS */

#endif /* __ID3D12Device14_INTERFACE_DEFINED__ */

DEFINE_GUID(IID_ID3D12Device12,0x5af5c532,0x4c91,0x4cd0,0xb5,0x41,0x15,0xa4,0x05,0x39,0x5f,0xc5);
DEFINE_GUID(IID_ID3D12Device13,0x14eecffc,0x4df8,0x40f7,0xa1,0x18,0x5c,0x81,0x6f,0x45,0x69,0x5e);
DEFINE_GUID(IID_ID3D12Device14,0x5f6e592d,0xd895,0x44c2,0x8e,0x4a,0x88,0xad,0x49,0x26,0xd3,0x23);

#endif /* D3D12RT_D3D12_DEVICE12_H */
