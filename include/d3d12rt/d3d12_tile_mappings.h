/*
 * d3d12rt public headers: ExecuteTileMappings (seed 001) and Tiled Resources Tier 5.
 *
 * Seed 001 names its interfaces ID3D12DeviceN and ID3D12CommandQueueN; here they are the
 * next free versions after Microsoft's public ones: ID3D12Device16 (after Device15) and
 * ID3D12CommandQueue2 (after CommandQueue1). Values and IIDs seed 001 leaves open are
 * chosen by d3d12rt and listed in specs/api.md.
 */
#ifndef D3D12RT_D3D12_TILE_MAPPINGS_H
#define D3D12RT_D3D12_TILE_MAPPINGS_H

#include <d3d12rt/d3d12_device15.h>

/* New values of existing enums: C cannot add enumerators to an enum declared elsewhere. */
#define D3D12_TILED_RESOURCES_TIER_5 ((D3D12_TILED_RESOURCES_TIER)5)
#define D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS ((D3D12_RESOURCE_FLAGS)0x1000)
#define D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS ((D3D12_HEAP_FLAGS)0x8000)
/* Microsoft has not published a number for this feature: d3d12rt keeps it in a block far
 * above Microsoft's (78 and counting) so a future Microsoft feature never aliases it. */
#define D3D12_FEATURE_EXECUTE_TILE_MAPPINGS ((D3D12_FEATURE)0x8000)

/* Mapping tokens: every token is eight DWORDs in the argument buffer. */
typedef enum D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPES
{
    D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPE_NO_OPERATION = 1,
    D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPE_LINEAR_MAPPING = 128,
    D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPE_BOX_MAPPING = 129,
} D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPES;

typedef struct D3D12_EXECUTETILEMAPPINGS_MAPPING_TOKEN_HEADER
{
    UINT TokenType : 8;         /* D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPES */
    UINT MappingType : 8;       /* D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPES */
    UINT SubresourceIndex : 16;
} D3D12_EXECUTETILEMAPPINGS_MAPPING_TOKEN_HEADER;

typedef enum D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPES
{
    D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_INCREMENTING_TILE_INDICES = 0,
    D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_NULL = 1,
    D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_SKIP = 2,
    D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_REUSE_SINGLE_TILE = 3,
    D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_TILE_INDEX_LIST = 4,
} D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPES;

typedef struct D3D12_EXECUTETILEMAPPINGS_LINEAR_MAPPING_TOKEN
{
    D3D12_EXECUTETILEMAPPINGS_MAPPING_TOKEN_HEADER Header;
    UINT TilePoolBaseOffsetInTiles;
    UINT SubresourceBaseOffsetInTiles;
    UINT TileCount;
    UINT _Padding;
    UINT TilePoolLayoutIndex;
    UINT ResourceLayoutIndex;
    UINT TileListOffsetDwords;
} D3D12_EXECUTETILEMAPPINGS_LINEAR_MAPPING_TOKEN;

typedef struct D3D12_EXECUTETILEMAPPINGS_BOX_MAPPING_TOKEN
{
    D3D12_EXECUTETILEMAPPINGS_MAPPING_TOKEN_HEADER Header;
    UINT TilePoolBaseOffsetInTiles;
    UINT16 X;
    UINT16 Y;
    UINT16 Z;
    UINT16 Width;
    UINT16 Height;
    UINT16 Depth;
    UINT TilePoolLayoutIndex;
    UINT ResourceLayoutIndex;
    UINT TileListOffsetDwords;
} D3D12_EXECUTETILEMAPPINGS_BOX_MAPPING_TOKEN;

/* Shaders and the driver read these layouts directly: they must not drift. */
D3D12RT_STATIC_ASSERT(sizeof(D3D12_EXECUTETILEMAPPINGS_MAPPING_TOKEN_HEADER) == 4,
                      "token header is one DWORD");
D3D12RT_STATIC_ASSERT(sizeof(D3D12_EXECUTETILEMAPPINGS_LINEAR_MAPPING_TOKEN) == 32,
                      "linear mapping token is eight DWORDs");
D3D12RT_STATIC_ASSERT(sizeof(D3D12_EXECUTETILEMAPPINGS_BOX_MAPPING_TOKEN) == 32,
                      "box mapping token is eight DWORDs");

/* D3D12_FEATURE_EXECUTE_TILE_MAPPINGS: NodeIndex in, per-node table maximums out (both zero
 * when the node does not support ExecuteTileMappings). */
typedef struct D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS
{
    UINT NodeIndex;
    UINT MaxTilePoolLayoutIndexCount;
    UINT MaxResourceLayoutIndexCount;
} D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS;

typedef enum D3D12_EXECUTE_TILE_MAPPINGS_FLAGS
{
    D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE = 0,
} D3D12_EXECUTE_TILE_MAPPINGS_FLAGS;
DEFINE_ENUM_FLAG_OPERATORS(D3D12_EXECUTE_TILE_MAPPINGS_FLAGS)

/* Codes of the D3D12_MESSAGE_ID_EXECUTETILEMAPPINGS_EXECUTION_ERROR message,
 * "ExecuteTileMappings error <code>: <name>; token byte offset <offset>". Seed 001 gives
 * the codes and names; the enum and its prefix are d3d12rt's. */
typedef enum D3D12RT_EXECUTETILEMAPPINGS_ERROR
{
    D3D12RT_EXECUTETILEMAPPINGS_ERROR_OUT_OF_RESOURCE_BOUNDS = 128,
    D3D12RT_EXECUTETILEMAPPINGS_ERROR_OUT_OF_TILEPOOL_BOUNDS = 129,
    D3D12RT_EXECUTETILEMAPPINGS_ERROR_UNEXPECTED_END_OF_BUFFER = 130,
    D3D12RT_EXECUTETILEMAPPINGS_ERROR_INVALID_TOKEN = 131,
    D3D12RT_EXECUTETILEMAPPINGS_ERROR_INVALID_TILEPOOL = 132,
    D3D12RT_EXECUTETILEMAPPINGS_ERROR_INVALID_RESOURCE = 133,
    D3D12RT_EXECUTETILEMAPPINGS_ERROR_INCOMPATIBLE_BOX_MAPPING = 134,
} D3D12RT_EXECUTETILEMAPPINGS_ERROR;

/* Initial mapping state of a registered reserved resource, one entry per tile
 * (ID3D12CommandQueue2::QueryRegisteredReservedResourceMappings). */
#define D3D12_TILE_NOT_MAPPED UINT_MAX

typedef struct D3D12_QUERIED_RESOURCE_MAPPING
{
    UINT TilePoolLayoutIndex;   /* D3D12_TILE_NOT_MAPPED for an unmapped tile */
    UINT TilePoolOffsetInTiles; /* D3D12_TILE_NOT_MAPPED for an unmapped tile */
} D3D12_QUERIED_RESOURCE_MAPPING;

/* Dynamic queue priorities (ID3D12CommandQueue1), as Microsoft's public headers declare them. */
typedef enum D3D12_COMMAND_QUEUE_PROCESS_PRIORITY
{
    D3D12_COMMAND_QUEUE_PROCESS_PRIORITY_NORMAL = 0,
    D3D12_COMMAND_QUEUE_PROCESS_PRIORITY_HIGH = 1,
} D3D12_COMMAND_QUEUE_PROCESS_PRIORITY;

typedef enum D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY
{
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_IDLE = 0,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_DEFAULT = 1,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_NORMAL_0 = 2,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_0 = 18,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_1 = 19,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_2 = 20,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_3 = 21,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_4 = 22,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_5 = 23,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_6 = 24,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_7 = 25,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_8 = 26,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_9 = 27,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_10 = 28,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_11 = 29,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_12 = 30,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_SOFT_REALTIME_13 = 31,
    D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY_HARD_REALTIME = 32,
} D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY;

/* ID3D12TileMappingQueue: the dedicated per-adapter queue that runs
 * ExecuteTileMappings between ExecuteCommandLists submissions. */
#ifndef __ID3D12TileMappingQueue_FWD_DEFINED__
#define __ID3D12TileMappingQueue_FWD_DEFINED__
typedef interface ID3D12TileMappingQueue ID3D12TileMappingQueue;
#endif

#ifndef __ID3D12TileMappingQueue_INTERFACE_DEFINED__
#define __ID3D12TileMappingQueue_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12TileMappingQueue;

#define D3D12RT_VTBL_ID3D12TileMappingQueue(T) \
    D3D12RT_VTBL_ID3D12Pageable(T) \
    void (STDMETHODCALLTYPE *ExecuteTileMappings)(T *This, UINT MaxArgumentDwordCount, \
        ID3D12Resource *pArgumentBuffer, UINT64 ArgumentBufferOffset, \
        ID3D12Resource *pCountBuffer, UINT64 CountBufferOffset, \
        ID3D12Resource *pTileListBuffer, UINT64 TileListBufferOffset, \
        D3D12_EXECUTE_TILE_MAPPINGS_FLAGS Flags); \
    HRESULT (STDMETHODCALLTYPE *Signal)(T *This, ID3D12Fence *pFence, UINT64 Value); \
    HRESULT (STDMETHODCALLTYPE *Wait)(T *This, ID3D12Fence *pFence, UINT64 Value);

typedef struct ID3D12TileMappingQueueVtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12TileMappingQueue(ID3D12TileMappingQueue)
    END_INTERFACE
} ID3D12TileMappingQueueVtbl;

interface ID3D12TileMappingQueue
{
    CONST_VTBL struct ID3D12TileMappingQueueVtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12TileMappingQueue_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12TileMappingQueue_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12TileMappingQueue_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12TileMappingQueue_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12TileMappingQueue_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12TileMappingQueue_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12TileMappingQueue_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12TileMappingQueue_GetDevice(This,riid,ppvDevice) \
    ((This)->lpVtbl->GetDevice(This,riid,ppvDevice))
#define ID3D12TileMappingQueue_ExecuteTileMappings(This,MaxArgumentDwordCount,pArgumentBuffer, \
        ArgumentBufferOffset,pCountBuffer,CountBufferOffset,pTileListBuffer, \
        TileListBufferOffset,Flags) \
    ((This)->lpVtbl->ExecuteTileMappings(This,MaxArgumentDwordCount,pArgumentBuffer, \
        ArgumentBufferOffset,pCountBuffer,CountBufferOffset,pTileListBuffer, \
        TileListBufferOffset,Flags))
#define ID3D12TileMappingQueue_Signal(This,pFence,Value) \
    ((This)->lpVtbl->Signal(This,pFence,Value))
#define ID3D12TileMappingQueue_Wait(This,pFence,Value) \
    ((This)->lpVtbl->Wait(This,pFence,Value))
#endif /* COBJMACROS */

#endif /* __ID3D12TileMappingQueue_INTERFACE_DEFINED__ */

/* ID3D12Device16: layout tables, registration and the tile mapping queue
 * (seed 001's ID3D12DeviceN). */
#ifndef __ID3D12Device16_FWD_DEFINED__
#define __ID3D12Device16_FWD_DEFINED__
typedef interface ID3D12Device16 ID3D12Device16;
#endif

#ifndef __ID3D12Device16_INTERFACE_DEFINED__
#define __ID3D12Device16_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12Device16;

#define D3D12RT_VTBL_ID3D12Device16(T) \
    D3D12RT_VTBL_ID3D12Device15(T) \
    HRESULT (STDMETHODCALLTYPE *GetTileMappingQueue)(T *This, UINT NodeIndex, REFIID riid, \
        void **ppQueue); \
    HRESULT (STDMETHODCALLTYPE *InitializeExecuteTileMappingLayoutTables)(T *This, \
        UINT NodeIndex, UINT TilePoolLayoutIndexCount, UINT ResourceLayoutIndexCount); \
    HRESULT (STDMETHODCALLTYPE *RegisterResourceLayouts)(T *This, UINT NodeIndex, \
        UINT NumResources, ID3D12Resource **pReservedResourceArray, \
        const UINT *pResourceLayoutIndexArray); \
    HRESULT (STDMETHODCALLTYPE *RegisterHeapLayouts)(T *This, UINT NodeIndex, UINT NumHeaps, \
        ID3D12Heap **pHeapArray, const UINT *pTilePoolLayoutIndexArray); \
    HRESULT (STDMETHODCALLTYPE *UnregisterResourceLayouts)(T *This, UINT NodeIndex, \
        UINT NumResources, ID3D12Resource **pReservedResourceArray); \
    HRESULT (STDMETHODCALLTYPE *UnregisterHeapLayouts)(T *This, UINT NodeIndex, UINT NumHeaps, \
        ID3D12Heap **pHeapArray);

typedef struct ID3D12Device16Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12Device16(ID3D12Device16)
    END_INTERFACE
} ID3D12Device16Vtbl;

interface ID3D12Device16
{
    CONST_VTBL struct ID3D12Device16Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12Device16_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12Device16_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12Device16_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12Device16_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12Device16_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12Device16_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12Device16_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12Device16_GetNodeCount(This) \
    ((This)->lpVtbl->GetNodeCount(This))
#define ID3D12Device16_CreateCommandQueue(This,pDesc,riid,ppCommandQueue) \
    ((This)->lpVtbl->CreateCommandQueue(This,pDesc,riid,ppCommandQueue))
#define ID3D12Device16_CreateCommandAllocator(This,type,riid,ppCommandAllocator) \
    ((This)->lpVtbl->CreateCommandAllocator(This,type,riid,ppCommandAllocator))
#define ID3D12Device16_CreateGraphicsPipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreateGraphicsPipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device16_CreateComputePipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreateComputePipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device16_CreateCommandList(This,nodeMask,type,pCommandAllocator,pInitialState, \
        riid,ppCommandList) \
    ((This)->lpVtbl->CreateCommandList(This,nodeMask,type,pCommandAllocator,pInitialState, \
        riid,ppCommandList))
#define ID3D12Device16_CheckFeatureSupport(This,Feature,pFeatureSupportData, \
        FeatureSupportDataSize) \
    ((This)->lpVtbl->CheckFeatureSupport(This,Feature,pFeatureSupportData, \
        FeatureSupportDataSize))
#define ID3D12Device16_CreateDescriptorHeap(This,pDescriptorHeapDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateDescriptorHeap(This,pDescriptorHeapDesc,riid,ppvHeap))
#define ID3D12Device16_GetDescriptorHandleIncrementSize(This,DescriptorHeapType) \
    ((This)->lpVtbl->GetDescriptorHandleIncrementSize(This,DescriptorHeapType))
#define ID3D12Device16_CreateRootSignature(This,nodeMask,pBlobWithRootSignature, \
        blobLengthInBytes,riid,ppvRootSignature) \
    ((This)->lpVtbl->CreateRootSignature(This,nodeMask,pBlobWithRootSignature, \
        blobLengthInBytes,riid,ppvRootSignature))
#define ID3D12Device16_CreateConstantBufferView(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateConstantBufferView(This,pDesc,DestDescriptor))
#define ID3D12Device16_CreateShaderResourceView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateShaderResourceView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device16_CreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor) \
    ((This)->lpVtbl->CreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor))
#define ID3D12Device16_CreateRenderTargetView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateRenderTargetView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device16_CreateDepthStencilView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateDepthStencilView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device16_CreateSampler(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateSampler(This,pDesc,DestDescriptor))
#define ID3D12Device16_CopyDescriptors(This,NumDestDescriptorRanges, \
        pDestDescriptorRangeStarts,pDestDescriptorRangeSizes,NumSrcDescriptorRanges, \
        pSrcDescriptorRangeStarts,pSrcDescriptorRangeSizes,DescriptorHeapsType) \
    ((This)->lpVtbl->CopyDescriptors(This,NumDestDescriptorRanges,pDestDescriptorRangeStarts, \
        pDestDescriptorRangeSizes,NumSrcDescriptorRanges,pSrcDescriptorRangeStarts, \
        pSrcDescriptorRangeSizes,DescriptorHeapsType))
#define ID3D12Device16_CopyDescriptorsSimple(This,NumDescriptors,DestDescriptorRangeStart, \
        SrcDescriptorRangeStart,DescriptorHeapsType) \
    ((This)->lpVtbl->CopyDescriptorsSimple(This,NumDescriptors,DestDescriptorRangeStart, \
        SrcDescriptorRangeStart,DescriptorHeapsType))
#if !defined(_WIN32)
#define ID3D12Device16_GetResourceAllocationInfo(This,visibleMask,numResourceDescs, \
        pResourceDescs) \
    ((This)->lpVtbl->GetResourceAllocationInfo(This,visibleMask,numResourceDescs, \
        pResourceDescs))
#else
#define ID3D12Device16_GetResourceAllocationInfo(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs) \
    ((This)->lpVtbl->GetResourceAllocationInfo(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs))
#endif
#if !defined(_WIN32)
#define ID3D12Device16_GetCustomHeapProperties(This,nodeMask,heapType) \
    ((This)->lpVtbl->GetCustomHeapProperties(This,nodeMask,heapType))
#else
#define ID3D12Device16_GetCustomHeapProperties(This,RetVal,nodeMask,heapType) \
    ((This)->lpVtbl->GetCustomHeapProperties(This,RetVal,nodeMask,heapType))
#endif
#define ID3D12Device16_CreateCommittedResource(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,riidResource,ppvResource))
#define ID3D12Device16_CreateHeap(This,pDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateHeap(This,pDesc,riid,ppvHeap))
#define ID3D12Device16_CreatePlacedResource(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource))
#define ID3D12Device16_CreateReservedResource(This,pDesc,InitialState,pOptimizedClearValue, \
        riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource(This,pDesc,InitialState,pOptimizedClearValue,riid, \
        ppvResource))
#define ID3D12Device16_CreateSharedHandle(This,pObject,pAttributes,Access,Name,pHandle) \
    ((This)->lpVtbl->CreateSharedHandle(This,pObject,pAttributes,Access,Name,pHandle))
#define ID3D12Device16_OpenSharedHandle(This,NTHandle,riid,ppvObj) \
    ((This)->lpVtbl->OpenSharedHandle(This,NTHandle,riid,ppvObj))
#define ID3D12Device16_OpenSharedHandleByName(This,Name,Access,pNTHandle) \
    ((This)->lpVtbl->OpenSharedHandleByName(This,Name,Access,pNTHandle))
#define ID3D12Device16_MakeResident(This,NumObjects,ppObjects) \
    ((This)->lpVtbl->MakeResident(This,NumObjects,ppObjects))
#define ID3D12Device16_Evict(This,NumObjects,ppObjects) \
    ((This)->lpVtbl->Evict(This,NumObjects,ppObjects))
#define ID3D12Device16_CreateFence(This,InitialValue,Flags,riid,ppFence) \
    ((This)->lpVtbl->CreateFence(This,InitialValue,Flags,riid,ppFence))
#define ID3D12Device16_GetDeviceRemovedReason(This) \
    ((This)->lpVtbl->GetDeviceRemovedReason(This))
#define ID3D12Device16_GetCopyableFootprints(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes) \
    ((This)->lpVtbl->GetCopyableFootprints(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes))
#define ID3D12Device16_CreateQueryHeap(This,pDesc,riid,ppvHeap) \
    ((This)->lpVtbl->CreateQueryHeap(This,pDesc,riid,ppvHeap))
#define ID3D12Device16_SetStablePowerState(This,Enable) \
    ((This)->lpVtbl->SetStablePowerState(This,Enable))
#define ID3D12Device16_CreateCommandSignature(This,pDesc,pRootSignature,riid, \
        ppvCommandSignature) \
    ((This)->lpVtbl->CreateCommandSignature(This,pDesc,pRootSignature,riid,ppvCommandSignature))
#define ID3D12Device16_GetResourceTiling(This,pTiledResource,pNumTilesForEntireResource, \
        pPackedMipDesc,pStandardTileShapeForNonPackedMips,pNumSubresourceTilings, \
        FirstSubresourceTilingToGet,pSubresourceTilingsForNonPackedMips) \
    ((This)->lpVtbl->GetResourceTiling(This,pTiledResource,pNumTilesForEntireResource, \
        pPackedMipDesc,pStandardTileShapeForNonPackedMips,pNumSubresourceTilings, \
        FirstSubresourceTilingToGet,pSubresourceTilingsForNonPackedMips))
#if !defined(_WIN32)
#define ID3D12Device16_GetAdapterLuid(This) \
    ((This)->lpVtbl->GetAdapterLuid(This))
#else
#define ID3D12Device16_GetAdapterLuid(This,RetVal) \
    ((This)->lpVtbl->GetAdapterLuid(This,RetVal))
#endif
#define ID3D12Device16_CreatePipelineLibrary(This,pLibraryBlob,BlobLength,riid, \
        ppPipelineLibrary) \
    ((This)->lpVtbl->CreatePipelineLibrary(This,pLibraryBlob,BlobLength,riid,ppPipelineLibrary))
#define ID3D12Device16_SetEventOnMultipleFenceCompletion(This,ppFences,pFenceValues,NumFences, \
        Flags,hEvent) \
    ((This)->lpVtbl->SetEventOnMultipleFenceCompletion(This,ppFences,pFenceValues,NumFences, \
        Flags,hEvent))
#define ID3D12Device16_SetResidencyPriority(This,NumObjects,ppObjects,pPriorities) \
    ((This)->lpVtbl->SetResidencyPriority(This,NumObjects,ppObjects,pPriorities))
#define ID3D12Device16_CreatePipelineState(This,pDesc,riid,ppPipelineState) \
    ((This)->lpVtbl->CreatePipelineState(This,pDesc,riid,ppPipelineState))
#define ID3D12Device16_OpenExistingHeapFromAddress(This,pAddress,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromAddress(This,pAddress,riid,ppvHeap))
#define ID3D12Device16_OpenExistingHeapFromFileMapping(This,hFileMapping,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromFileMapping(This,hFileMapping,riid,ppvHeap))
#define ID3D12Device16_EnqueueMakeResident(This,Flags,NumObjects,ppObjects,pFenceToSignal, \
        FenceValueToSignal) \
    ((This)->lpVtbl->EnqueueMakeResident(This,Flags,NumObjects,ppObjects,pFenceToSignal, \
        FenceValueToSignal))
#define ID3D12Device16_CreateCommandList1(This,nodeMask,type,flags,riid,ppCommandList) \
    ((This)->lpVtbl->CreateCommandList1(This,nodeMask,type,flags,riid,ppCommandList))
#define ID3D12Device16_CreateProtectedResourceSession(This,pDesc,riid,ppSession) \
    ((This)->lpVtbl->CreateProtectedResourceSession(This,pDesc,riid,ppSession))
#define ID3D12Device16_CreateCommittedResource1(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource1(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource))
#define ID3D12Device16_CreateHeap1(This,pDesc,pProtectedSession,riid,ppvHeap) \
    ((This)->lpVtbl->CreateHeap1(This,pDesc,pProtectedSession,riid,ppvHeap))
#define ID3D12Device16_CreateReservedResource1(This,pDesc,InitialState,pOptimizedClearValue, \
        pProtectedSession,riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource1(This,pDesc,InitialState,pOptimizedClearValue, \
        pProtectedSession,riid,ppvResource))
#if !defined(_WIN32)
#define ID3D12Device16_GetResourceAllocationInfo1(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo1(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#else
#define ID3D12Device16_GetResourceAllocationInfo1(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo1(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#endif
#define ID3D12Device16_CreateLifetimeTracker(This,pOwner,riid,ppvTracker) \
    ((This)->lpVtbl->CreateLifetimeTracker(This,pOwner,riid,ppvTracker))
#define ID3D12Device16_RemoveDevice(This) \
    ((This)->lpVtbl->RemoveDevice(This))
#define ID3D12Device16_EnumerateMetaCommands(This,pNumMetaCommands,pDescs) \
    ((This)->lpVtbl->EnumerateMetaCommands(This,pNumMetaCommands,pDescs))
#define ID3D12Device16_EnumerateMetaCommandParameters(This,CommandId,Stage, \
        pTotalStructureSizeInBytes,pParameterCount,pParameterDescs) \
    ((This)->lpVtbl->EnumerateMetaCommandParameters(This,CommandId,Stage, \
        pTotalStructureSizeInBytes,pParameterCount,pParameterDescs))
#define ID3D12Device16_CreateMetaCommand(This,CommandId,NodeMask,pCreationParametersData, \
        CreationParametersDataSizeInBytes,riid,ppMetaCommand) \
    ((This)->lpVtbl->CreateMetaCommand(This,CommandId,NodeMask,pCreationParametersData, \
        CreationParametersDataSizeInBytes,riid,ppMetaCommand))
#define ID3D12Device16_CreateStateObject(This,pDesc,riid,ppStateObject) \
    ((This)->lpVtbl->CreateStateObject(This,pDesc,riid,ppStateObject))
#define ID3D12Device16_GetRaytracingAccelerationStructurePrebuildInfo(This,pDesc,pInfo) \
    ((This)->lpVtbl->GetRaytracingAccelerationStructurePrebuildInfo(This,pDesc,pInfo))
#define ID3D12Device16_CheckDriverMatchingIdentifier(This,SerializedDataType, \
        pIdentifierToCheck) \
    ((This)->lpVtbl->CheckDriverMatchingIdentifier(This,SerializedDataType,pIdentifierToCheck))
#define ID3D12Device16_SetBackgroundProcessingMode(This,Mode,MeasurementsAction, \
        hEventToSignalUponCompletion,pbFurtherMeasurementsDesired) \
    ((This)->lpVtbl->SetBackgroundProcessingMode(This,Mode,MeasurementsAction, \
        hEventToSignalUponCompletion,pbFurtherMeasurementsDesired))
#define ID3D12Device16_AddToStateObject(This,pAddition,pStateObjectToGrowFrom,riid, \
        ppNewStateObject) \
    ((This)->lpVtbl->AddToStateObject(This,pAddition,pStateObjectToGrowFrom,riid, \
        ppNewStateObject))
#define ID3D12Device16_CreateProtectedResourceSession1(This,pDesc,riid,ppSession) \
    ((This)->lpVtbl->CreateProtectedResourceSession1(This,pDesc,riid,ppSession))
#if !defined(_WIN32)
#define ID3D12Device16_GetResourceAllocationInfo2(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo2(This,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#else
#define ID3D12Device16_GetResourceAllocationInfo2(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo2(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pResourceAllocationInfo1))
#endif
#define ID3D12Device16_CreateCommittedResource2(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource2(This,pHeapProperties,HeapFlags,pDesc, \
        InitialResourceState,pOptimizedClearValue,pProtectedSession,riidResource,ppvResource))
#define ID3D12Device16_CreatePlacedResource1(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource1(This,pHeap,HeapOffset,pDesc,InitialState, \
        pOptimizedClearValue,riid,ppvResource))
#define ID3D12Device16_CreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor) \
    ((This)->lpVtbl->CreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor))
#define ID3D12Device16_GetCopyableFootprints1(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes) \
    ((This)->lpVtbl->GetCopyableFootprints1(This,pResourceDesc,FirstSubresource, \
        NumSubresources,BaseOffset,pLayouts,pNumRows,pRowSizeInBytes,pTotalBytes))
#define ID3D12Device16_CreateShaderCacheSession(This,pDesc,riid,ppvSession) \
    ((This)->lpVtbl->CreateShaderCacheSession(This,pDesc,riid,ppvSession))
#define ID3D12Device16_ShaderCacheControl(This,Kinds,Control) \
    ((This)->lpVtbl->ShaderCacheControl(This,Kinds,Control))
#define ID3D12Device16_CreateCommandQueue1(This,pDesc,CreatorID,riid,ppCommandQueue) \
    ((This)->lpVtbl->CreateCommandQueue1(This,pDesc,CreatorID,riid,ppCommandQueue))
#define ID3D12Device16_CreateCommittedResource3(This,pHeapProperties,HeapFlags,pDesc, \
        InitialLayout,pOptimizedClearValue,pProtectedSession,NumCastableFormats, \
        pCastableFormats,riidResource,ppvResource) \
    ((This)->lpVtbl->CreateCommittedResource3(This,pHeapProperties,HeapFlags,pDesc, \
        InitialLayout,pOptimizedClearValue,pProtectedSession,NumCastableFormats, \
        pCastableFormats,riidResource,ppvResource))
#define ID3D12Device16_CreatePlacedResource2(This,pHeap,HeapOffset,pDesc,InitialLayout, \
        pOptimizedClearValue,NumCastableFormats,pCastableFormats,riid,ppvResource) \
    ((This)->lpVtbl->CreatePlacedResource2(This,pHeap,HeapOffset,pDesc,InitialLayout, \
        pOptimizedClearValue,NumCastableFormats,pCastableFormats,riid,ppvResource))
#define ID3D12Device16_CreateReservedResource2(This,pDesc,InitialLayout,pOptimizedClearValue, \
        pProtectedSession,NumCastableFormats,pCastableFormats,riid,ppvResource) \
    ((This)->lpVtbl->CreateReservedResource2(This,pDesc,InitialLayout,pOptimizedClearValue, \
        pProtectedSession,NumCastableFormats,pCastableFormats,riid,ppvResource))
#define ID3D12Device16_CreateSampler2(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->CreateSampler2(This,pDesc,DestDescriptor))
#if !defined(_WIN32)
#define ID3D12Device16_GetResourceAllocationInfo3(This,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo3(This,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1))
#else
#define ID3D12Device16_GetResourceAllocationInfo3(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1) \
    ((This)->lpVtbl->GetResourceAllocationInfo3(This,RetVal,visibleMask,numResourceDescs, \
        pResourceDescs,pNumCastableFormats,ppCastableFormats,pResourceAllocationInfo1))
#endif
#define ID3D12Device16_OpenExistingHeapFromAddress1(This,pAddress,size,riid,ppvHeap) \
    ((This)->lpVtbl->OpenExistingHeapFromAddress1(This,pAddress,size,riid,ppvHeap))
#define ID3D12Device16_CreateRootSignatureFromSubobjectInLibrary(This,nodeMask,pLibraryBlob, \
        blobLengthInBytes,subobjectName,riid,ppvRootSignature) \
    ((This)->lpVtbl->CreateRootSignatureFromSubobjectInLibrary(This,nodeMask,pLibraryBlob, \
        blobLengthInBytes,subobjectName,riid,ppvRootSignature))
#define ID3D12Device16_RegisterTrimNotificationCallback(This,pData) \
    ((This)->lpVtbl->RegisterTrimNotificationCallback(This,pData))
#define ID3D12Device16_UnregisterTrimNotificationCallback(This,CallbackCookie) \
    ((This)->lpVtbl->UnregisterTrimNotificationCallback(This,CallbackCookie))
#define ID3D12Device16_TryCreateShaderResourceView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->TryCreateShaderResourceView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device16_TryCreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor) \
    ((This)->lpVtbl->TryCreateUnorderedAccessView(This,pResource,pCounterResource,pDesc, \
        DestDescriptor))
#define ID3D12Device16_TryCreateConstantBufferView(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->TryCreateConstantBufferView(This,pDesc,DestDescriptor))
#define ID3D12Device16_TryCreateSampler2(This,pDesc,DestDescriptor) \
    ((This)->lpVtbl->TryCreateSampler2(This,pDesc,DestDescriptor))
#define ID3D12Device16_TryCreateRenderTargetView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->TryCreateRenderTargetView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device16_TryCreateDepthStencilView(This,pResource,pDesc,DestDescriptor) \
    ((This)->lpVtbl->TryCreateDepthStencilView(This,pResource,pDesc,DestDescriptor))
#define ID3D12Device16_TryCreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor) \
    ((This)->lpVtbl->TryCreateSamplerFeedbackUnorderedAccessView(This,pTargetedResource, \
        pFeedbackResource,DestDescriptor))
#define ID3D12Device16_CreateQueryHeap1(This,pDesc,Flags,riid,ppvHeap) \
    ((This)->lpVtbl->CreateQueryHeap1(This,pDesc,Flags,riid,ppvHeap))
#define ID3D12Device16_ResolveQueryData(This,pQueryHeap,Type,StartIndex,NumQueries, \
        pResolvedQueryData) \
    ((This)->lpVtbl->ResolveQueryData(This,pQueryHeap,Type,StartIndex,NumQueries, \
        pResolvedQueryData))
#define ID3D12Device16_GetTileMappingQueue(This,NodeIndex,riid,ppQueue) \
    ((This)->lpVtbl->GetTileMappingQueue(This,NodeIndex,riid,ppQueue))
#define ID3D12Device16_InitializeExecuteTileMappingLayoutTables(This,NodeIndex, \
        TilePoolLayoutIndexCount,ResourceLayoutIndexCount) \
    ((This)->lpVtbl->InitializeExecuteTileMappingLayoutTables(This,NodeIndex, \
        TilePoolLayoutIndexCount,ResourceLayoutIndexCount))
#define ID3D12Device16_RegisterResourceLayouts(This,NodeIndex,NumResources, \
        pReservedResourceArray,pResourceLayoutIndexArray) \
    ((This)->lpVtbl->RegisterResourceLayouts(This,NodeIndex,NumResources, \
        pReservedResourceArray,pResourceLayoutIndexArray))
#define ID3D12Device16_RegisterHeapLayouts(This,NodeIndex,NumHeaps,pHeapArray, \
        pTilePoolLayoutIndexArray) \
    ((This)->lpVtbl->RegisterHeapLayouts(This,NodeIndex,NumHeaps,pHeapArray, \
        pTilePoolLayoutIndexArray))
#define ID3D12Device16_UnregisterResourceLayouts(This,NodeIndex,NumResources, \
        pReservedResourceArray) \
    ((This)->lpVtbl->UnregisterResourceLayouts(This,NodeIndex,NumResources, \
        pReservedResourceArray))
#define ID3D12Device16_UnregisterHeapLayouts(This,NodeIndex,NumHeaps,pHeapArray) \
    ((This)->lpVtbl->UnregisterHeapLayouts(This,NodeIndex,NumHeaps,pHeapArray))
#endif /* COBJMACROS */

#endif /* __ID3D12Device16_INTERFACE_DEFINED__ */

/* ID3D12CommandQueue1: dynamic queue priorities. */
#ifndef __ID3D12CommandQueue1_FWD_DEFINED__
#define __ID3D12CommandQueue1_FWD_DEFINED__
typedef interface ID3D12CommandQueue1 ID3D12CommandQueue1;
#endif

#ifndef __ID3D12CommandQueue1_INTERFACE_DEFINED__
#define __ID3D12CommandQueue1_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12CommandQueue1;

#define D3D12RT_VTBL_ID3D12CommandQueue1(T) \
    D3D12RT_VTBL_ID3D12CommandQueue(T) \
    HRESULT (STDMETHODCALLTYPE *SetProcessPriority)(T *This, \
        D3D12_COMMAND_QUEUE_PROCESS_PRIORITY Priority); \
    HRESULT (STDMETHODCALLTYPE *GetProcessPriority)(T *This, \
        D3D12_COMMAND_QUEUE_PROCESS_PRIORITY *pOutValue); \
    HRESULT (STDMETHODCALLTYPE *SetGlobalPriority)(T *This, \
        D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY Priority); \
    HRESULT (STDMETHODCALLTYPE *GetGlobalPriority)(T *This, \
        D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY *pOutValue);

typedef struct ID3D12CommandQueue1Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12CommandQueue1(ID3D12CommandQueue1)
    END_INTERFACE
} ID3D12CommandQueue1Vtbl;

interface ID3D12CommandQueue1
{
    CONST_VTBL struct ID3D12CommandQueue1Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12CommandQueue1_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12CommandQueue1_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12CommandQueue1_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12CommandQueue1_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12CommandQueue1_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12CommandQueue1_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12CommandQueue1_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12CommandQueue1_GetDevice(This,riid,ppvDevice) \
    ((This)->lpVtbl->GetDevice(This,riid,ppvDevice))
#define ID3D12CommandQueue1_UpdateTileMappings(This,pResource,NumResourceRegions, \
        pResourceRegionStartCoordinates,pResourceRegionSizes,pHeap,NumRanges,pRangeFlags, \
        pHeapRangeStartOffsets,pRangeTileCounts,Flags) \
    ((This)->lpVtbl->UpdateTileMappings(This,pResource,NumResourceRegions, \
        pResourceRegionStartCoordinates,pResourceRegionSizes,pHeap,NumRanges,pRangeFlags, \
        pHeapRangeStartOffsets,pRangeTileCounts,Flags))
#define ID3D12CommandQueue1_CopyTileMappings(This,pDstResource,pDstRegionStartCoordinate, \
        pSrcResource,pSrcRegionStartCoordinate,pRegionSize,Flags) \
    ((This)->lpVtbl->CopyTileMappings(This,pDstResource,pDstRegionStartCoordinate, \
        pSrcResource,pSrcRegionStartCoordinate,pRegionSize,Flags))
#define ID3D12CommandQueue1_ExecuteCommandLists(This,NumCommandLists,ppCommandLists) \
    ((This)->lpVtbl->ExecuteCommandLists(This,NumCommandLists,ppCommandLists))
#define ID3D12CommandQueue1_SetMarker(This,Metadata,pData,Size) \
    ((This)->lpVtbl->SetMarker(This,Metadata,pData,Size))
#define ID3D12CommandQueue1_BeginEvent(This,Metadata,pData,Size) \
    ((This)->lpVtbl->BeginEvent(This,Metadata,pData,Size))
#define ID3D12CommandQueue1_EndEvent(This) \
    ((This)->lpVtbl->EndEvent(This))
#define ID3D12CommandQueue1_Signal(This,pFence,Value) \
    ((This)->lpVtbl->Signal(This,pFence,Value))
#define ID3D12CommandQueue1_Wait(This,pFence,Value) \
    ((This)->lpVtbl->Wait(This,pFence,Value))
#define ID3D12CommandQueue1_GetTimestampFrequency(This,pFrequency) \
    ((This)->lpVtbl->GetTimestampFrequency(This,pFrequency))
#define ID3D12CommandQueue1_GetClockCalibration(This,pGpuTimestamp,pCpuTimestamp) \
    ((This)->lpVtbl->GetClockCalibration(This,pGpuTimestamp,pCpuTimestamp))
#if !defined(_WIN32)
#define ID3D12CommandQueue1_GetDesc(This) \
    ((This)->lpVtbl->GetDesc(This))
#else
#define ID3D12CommandQueue1_GetDesc(This,RetVal) \
    ((This)->lpVtbl->GetDesc(This,RetVal))
#endif
#define ID3D12CommandQueue1_SetProcessPriority(This,Priority) \
    ((This)->lpVtbl->SetProcessPriority(This,Priority))
#define ID3D12CommandQueue1_GetProcessPriority(This,pOutValue) \
    ((This)->lpVtbl->GetProcessPriority(This,pOutValue))
#define ID3D12CommandQueue1_SetGlobalPriority(This,Priority) \
    ((This)->lpVtbl->SetGlobalPriority(This,Priority))
#define ID3D12CommandQueue1_GetGlobalPriority(This,pOutValue) \
    ((This)->lpVtbl->GetGlobalPriority(This,pOutValue))
#endif /* COBJMACROS */

#endif /* __ID3D12CommandQueue1_INTERFACE_DEFINED__ */

/* ID3D12CommandQueue2: initial mapping state of a registered reserved resource,
 * for capture tools (seed 001's ID3D12CommandQueueN). */
#ifndef __ID3D12CommandQueue2_FWD_DEFINED__
#define __ID3D12CommandQueue2_FWD_DEFINED__
typedef interface ID3D12CommandQueue2 ID3D12CommandQueue2;
#endif

#ifndef __ID3D12CommandQueue2_INTERFACE_DEFINED__
#define __ID3D12CommandQueue2_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12CommandQueue2;

#define D3D12RT_VTBL_ID3D12CommandQueue2(T) \
    D3D12RT_VTBL_ID3D12CommandQueue1(T) \
    HRESULT (STDMETHODCALLTYPE *QueryRegisteredReservedResourceMappings)(T *This, \
        ID3D12Resource *pReservedResource, UINT64 ResourceMappingStartOffset, \
        UINT64 ResourceMappingsCount, UINT64 ResourceMappingsOutputOffset, \
        ID3D12Resource *pResourceMappingsOutput);

typedef struct ID3D12CommandQueue2Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12CommandQueue2(ID3D12CommandQueue2)
    END_INTERFACE
} ID3D12CommandQueue2Vtbl;

interface ID3D12CommandQueue2
{
    CONST_VTBL struct ID3D12CommandQueue2Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12CommandQueue2_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12CommandQueue2_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12CommandQueue2_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12CommandQueue2_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12CommandQueue2_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12CommandQueue2_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12CommandQueue2_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12CommandQueue2_GetDevice(This,riid,ppvDevice) \
    ((This)->lpVtbl->GetDevice(This,riid,ppvDevice))
#define ID3D12CommandQueue2_UpdateTileMappings(This,pResource,NumResourceRegions, \
        pResourceRegionStartCoordinates,pResourceRegionSizes,pHeap,NumRanges,pRangeFlags, \
        pHeapRangeStartOffsets,pRangeTileCounts,Flags) \
    ((This)->lpVtbl->UpdateTileMappings(This,pResource,NumResourceRegions, \
        pResourceRegionStartCoordinates,pResourceRegionSizes,pHeap,NumRanges,pRangeFlags, \
        pHeapRangeStartOffsets,pRangeTileCounts,Flags))
#define ID3D12CommandQueue2_CopyTileMappings(This,pDstResource,pDstRegionStartCoordinate, \
        pSrcResource,pSrcRegionStartCoordinate,pRegionSize,Flags) \
    ((This)->lpVtbl->CopyTileMappings(This,pDstResource,pDstRegionStartCoordinate, \
        pSrcResource,pSrcRegionStartCoordinate,pRegionSize,Flags))
#define ID3D12CommandQueue2_ExecuteCommandLists(This,NumCommandLists,ppCommandLists) \
    ((This)->lpVtbl->ExecuteCommandLists(This,NumCommandLists,ppCommandLists))
#define ID3D12CommandQueue2_SetMarker(This,Metadata,pData,Size) \
    ((This)->lpVtbl->SetMarker(This,Metadata,pData,Size))
#define ID3D12CommandQueue2_BeginEvent(This,Metadata,pData,Size) \
    ((This)->lpVtbl->BeginEvent(This,Metadata,pData,Size))
#define ID3D12CommandQueue2_EndEvent(This) \
    ((This)->lpVtbl->EndEvent(This))
#define ID3D12CommandQueue2_Signal(This,pFence,Value) \
    ((This)->lpVtbl->Signal(This,pFence,Value))
#define ID3D12CommandQueue2_Wait(This,pFence,Value) \
    ((This)->lpVtbl->Wait(This,pFence,Value))
#define ID3D12CommandQueue2_GetTimestampFrequency(This,pFrequency) \
    ((This)->lpVtbl->GetTimestampFrequency(This,pFrequency))
#define ID3D12CommandQueue2_GetClockCalibration(This,pGpuTimestamp,pCpuTimestamp) \
    ((This)->lpVtbl->GetClockCalibration(This,pGpuTimestamp,pCpuTimestamp))
#if !defined(_WIN32)
#define ID3D12CommandQueue2_GetDesc(This) \
    ((This)->lpVtbl->GetDesc(This))
#else
#define ID3D12CommandQueue2_GetDesc(This,RetVal) \
    ((This)->lpVtbl->GetDesc(This,RetVal))
#endif
#define ID3D12CommandQueue2_SetProcessPriority(This,Priority) \
    ((This)->lpVtbl->SetProcessPriority(This,Priority))
#define ID3D12CommandQueue2_GetProcessPriority(This,pOutValue) \
    ((This)->lpVtbl->GetProcessPriority(This,pOutValue))
#define ID3D12CommandQueue2_SetGlobalPriority(This,Priority) \
    ((This)->lpVtbl->SetGlobalPriority(This,Priority))
#define ID3D12CommandQueue2_GetGlobalPriority(This,pOutValue) \
    ((This)->lpVtbl->GetGlobalPriority(This,pOutValue))
#define ID3D12CommandQueue2_QueryRegisteredReservedResourceMappings(This,pReservedResource, \
        ResourceMappingStartOffset,ResourceMappingsCount,ResourceMappingsOutputOffset, \
        pResourceMappingsOutput) \
    ((This)->lpVtbl->QueryRegisteredReservedResourceMappings(This,pReservedResource, \
        ResourceMappingStartOffset,ResourceMappingsCount,ResourceMappingsOutputOffset, \
        pResourceMappingsOutput))
#endif /* COBJMACROS */

#endif /* __ID3D12CommandQueue2_INTERFACE_DEFINED__ */

DEFINE_GUID(IID_ID3D12TileMappingQueue,0x6d736114,0xa47c,0x4c6d,0x94,0x7f,0x09,0x73,0x50,0x2c,0x43,0xc6);
DEFINE_GUID(IID_ID3D12Device16,0xaf80cf19,0xb745,0x4abf,0x93,0xde,0x63,0x29,0x5c,0x4c,0x81,0x65);
DEFINE_GUID(IID_ID3D12CommandQueue1,0x3a3c3165,0x0ee7,0x4b8e,0xa0,0xaf,0x63,0x56,0xb4,0xc3,0xbb,0xb9);
DEFINE_GUID(IID_ID3D12CommandQueue2,0x780faacf,0xbbd4,0x4650,0x99,0x6d,0x3f,0x56,0xe5,0x08,0x9f,0x73);

#endif /* D3D12RT_D3D12_TILE_MAPPINGS_H */
