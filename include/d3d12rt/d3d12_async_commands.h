/*
 * d3d12rt public headers: Async Commands.
 *
 * The types and the ten methods follow Microsoft's D3D12AsyncCommands.md and the
 * DirectX-Headers preview d3d12.idl (names, member order, parameter order, method order).
 * The retail runtime places the methods on ID3D12GraphicsCommandList12; programs built
 * against the 1.720/1.721 preview headers reach the same implementation through
 * ID3D12CommandListAsyncCommands. D3D12_FEATURE_DATA_ASYNC_COMMANDS has the release form
 * (a tri-state Impl) in the place and size of the preview's BOOL Supported.
 */
#ifndef D3D12RT_D3D12_ASYNC_COMMANDS_H
#define D3D12RT_D3D12_ASYNC_COMMANDS_H

#include <d3d12rt/d3d12_cmdlist.h>

/* Present when the Async Commands declarations are, as in the preview headers. */
#define DIRECT3D_ASYNC_COMMANDS (1)

/* New values of existing enums: C cannot add enumerators to an enum declared elsewhere. */
#define D3D12_FEATURE_ASYNC_COMMANDS ((D3D12_FEATURE)63)
#define D3D12_DEVICE_FLAG_ASYNC_COMMANDS_FALLBACK_ENABLED ((D3D12_DEVICE_FLAGS)0x800)

typedef enum D3D12_ASYNC_COMMANDS_IMPL
{
    D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED = 0,
    D3D12_ASYNC_COMMANDS_IMPL_FALLBACK = 1,
    D3D12_ASYNC_COMMANDS_IMPL_NATIVE = 2,
} D3D12_ASYNC_COMMANDS_IMPL;

/* D3D12_FEATURE_ASYNC_COMMANDS. Impl != NOT_SUPPORTED means the ten methods may be called. */
typedef struct D3D12_FEATURE_DATA_ASYNC_COMMANDS
{
    D3D12_ASYNC_COMMANDS_IMPL Impl;
} D3D12_FEATURE_DATA_ASYNC_COMMANDS;

D3D12RT_STATIC_ASSERT(sizeof(D3D12_FEATURE_DATA_ASYNC_COMMANDS) == sizeof(BOOL),
                      "same size as the preview's BOOL Supported");

/* Accepted by D3D12EnableExperimentalFeatures so preview-built programs start; it needs no
 * configuration struct. */
static const UUID D3D12AsyncCommandsExperiment = { /* 7adf09d5-b158-4a80-ba0c-cd47eafb8637 */
    0x7adf09d5,
    0xb158,
    0x4a80,
    {0xba, 0x0c, 0xcd, 0x47, 0xea, 0xfb, 0x86, 0x37}
};

/* Four-component clear and fill values; which member is read depends on the format. */
typedef struct D3D12_CLEAR_DATA
{
    union
    {
        FLOAT Floats[4];
        UINT Uints[4];
        INT Sints[4];
        BYTE Bytes[16];
    };
} D3D12_CLEAR_DATA;

typedef enum D3D12_TEXTURE_COPY_DESC_TYPE
{
    D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_TEXTURE,
    D3D12_TEXTURE_COPY_DESC_TYPE_BUFFER_TO_TEXTURE,
    D3D12_TEXTURE_COPY_DESC_TYPE_TEXTURE_TO_BUFFER
} D3D12_TEXTURE_COPY_DESC_TYPE;

/* pSourceBox NULL means the whole source subresource. */
typedef struct D3D12_TEXTURE_COPY_REGION
{
    UINT DestX;
    UINT DestY;
    UINT DestZ;
    const D3D12_BOX *pSourceBox;
} D3D12_TEXTURE_COPY_REGION;

typedef struct D3D12_TEXTURE_TEXTURE_COPY_DESC
{
    ID3D12Resource *pDest;
    UINT DestSubresourceIndex;
    ID3D12Resource *pSource;
    UINT SourceSubresourceIndex;
} D3D12_TEXTURE_TEXTURE_COPY_DESC;

typedef struct D3D12_BUFFER_TEXTURE_COPY_DESC
{
    ID3D12Resource *pBuffer;
    ID3D12Resource *pTexture;
    UINT SubresourceIndex;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT PlacedFootprint;
} D3D12_BUFFER_TEXTURE_COPY_DESC;

typedef struct D3D12_TEXTURE_COPY_DESC
{
    D3D12_TEXTURE_COPY_DESC_TYPE Type;
    UINT NumRegions;
    const D3D12_TEXTURE_COPY_REGION *pCopyRegions;
    union
    {
        D3D12_TEXTURE_TEXTURE_COPY_DESC TextureTextureCopy;
        D3D12_BUFFER_TEXTURE_COPY_DESC BufferTextureCopy;
    };
} D3D12_TEXTURE_COPY_DESC;

/* SubresourceIndex 0xFFFFFFFF selects every subresource; pRegion NULL the whole of each. */
typedef struct D3D12_CLEAR_TEXTURE_DESC
{
    ID3D12Resource *pTexture;
    UINT SubresourceIndex;
    D3D12_CLEAR_DATA ClearValue;
    DXGI_FORMAT Format;
    const D3D12_BOX *pRegion;
} D3D12_CLEAR_TEXTURE_DESC;

/* Format DXGI_FORMAT_UNKNOWN takes the low RawPatternSizeInBytes bytes of FillValue.Bytes as
 * the pattern; a repetition that would not fit entirely is not written. */
typedef struct D3D12_FILL_BUFFER_DESC
{
    ID3D12Resource *pBuffer;
    UINT64 Offset;
    D3D12_CLEAR_DATA FillValue;
    DXGI_FORMAT Format;
    UINT RawPatternSizeInBytes;
    UINT RepeatCount;
} D3D12_FILL_BUFFER_DESC;

/* ID3D12GraphicsCommandList12: the ten Async Commands (retail placement). */
#ifndef __ID3D12GraphicsCommandList12_FWD_DEFINED__
#define __ID3D12GraphicsCommandList12_FWD_DEFINED__
typedef interface ID3D12GraphicsCommandList12 ID3D12GraphicsCommandList12;
#endif

#ifndef __ID3D12GraphicsCommandList12_INTERFACE_DEFINED__
#define __ID3D12GraphicsCommandList12_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12GraphicsCommandList12;

#define D3D12RT_VTBL_ID3D12GraphicsCommandList12(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList11(T) \
    void (STDMETHODCALLTYPE *CopyBufferRegions)(T *This, UINT NumRegions, \
        ID3D12Resource *const *ppDestBuffers, const UINT64 *pDestOffsets, \
        ID3D12Resource *const *ppSourceBuffers, const UINT64 *pSourceOffsets, \
        const UINT64 *pSizes); \
    void (STDMETHODCALLTYPE *CopyTextureRegions)(T *This, UINT NumCopyDescs, \
        const D3D12_TEXTURE_COPY_DESC *pCopyDescs); \
    void (STDMETHODCALLTYPE *CopyResources)(T *This, UINT NumSourceDestPairs, \
        ID3D12Resource *const *ppDestResources, ID3D12Resource *const *ppSourceResources); \
    void (STDMETHODCALLTYPE *CopyTilesAsync)(T *This, ID3D12Resource *pTiledResource, \
        const D3D12_TILED_RESOURCE_COORDINATE *pTileRegionStartCoordinate, \
        const D3D12_TILE_REGION_SIZE *pTileRegionSize, ID3D12Resource *pBuffer, \
        UINT64 BufferOffset, D3D12_TILE_COPY_FLAGS Flags); \
    void (STDMETHODCALLTYPE *ResolveSubresourceRegionAsync)(T *This, \
        ID3D12Resource *pDestResource, UINT DestSubresource, UINT DestX, UINT DestY, \
        ID3D12Resource *pSourceResource, UINT SourceSubresource, \
        const D3D12_RECT *pSourceRect, DXGI_FORMAT Format, D3D12_RESOLVE_MODE ResolveMode); \
    void (STDMETHODCALLTYPE *ResolveQueryDataAsync)(T *This, ID3D12QueryHeap *pQueryHeap, \
        D3D12_QUERY_TYPE Type, UINT StartIndex, UINT NumQueries, ID3D12Resource *pDestBuffer, \
        UINT64 DestOffset); \
    void (STDMETHODCALLTYPE *ClearBoundDepthStencilView)(T *This, \
        D3D12_CLEAR_FLAGS ClearFlags, FLOAT Depth, UINT8 Stencil, UINT NumRegions, \
        const D3D12_BOX *pRegions); \
    void (STDMETHODCALLTYPE *ClearBoundRenderTargetViews)(T *This, UINT RenderTargetMask, \
        const D3D12_CLEAR_DATA *pClearValues, const UINT *pNumRegions, \
        const D3D12_BOX *const *ppRegions); \
    void (STDMETHODCALLTYPE *ClearTextureSubresources)(T *This, UINT NumClearDescs, \
        const D3D12_CLEAR_TEXTURE_DESC *pClearDescs); \
    void (STDMETHODCALLTYPE *FillBuffers)(T *This, UINT NumFillDescs, \
        const D3D12_FILL_BUFFER_DESC *pFillDescs);

typedef struct ID3D12GraphicsCommandList12Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12GraphicsCommandList12(ID3D12GraphicsCommandList12)
    END_INTERFACE
} ID3D12GraphicsCommandList12Vtbl;

interface ID3D12GraphicsCommandList12
{
    CONST_VTBL struct ID3D12GraphicsCommandList12Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12GraphicsCommandList12_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12GraphicsCommandList12_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12GraphicsCommandList12_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12GraphicsCommandList12_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12GraphicsCommandList12_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12GraphicsCommandList12_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12GraphicsCommandList12_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12GraphicsCommandList12_GetDevice(This,riid,ppvDevice) \
    ((This)->lpVtbl->GetDevice(This,riid,ppvDevice))
#define ID3D12GraphicsCommandList12_GetType(This) \
    ((This)->lpVtbl->GetType(This))
#define ID3D12GraphicsCommandList12_Close(This) \
    ((This)->lpVtbl->Close(This))
#define ID3D12GraphicsCommandList12_Reset(This,pAllocator,pInitialState) \
    ((This)->lpVtbl->Reset(This,pAllocator,pInitialState))
#define ID3D12GraphicsCommandList12_ClearState(This,pPipelineState) \
    ((This)->lpVtbl->ClearState(This,pPipelineState))
#define ID3D12GraphicsCommandList12_DrawInstanced(This,VertexCountPerInstance,InstanceCount, \
        StartVertexLocation,StartInstanceLocation) \
    ((This)->lpVtbl->DrawInstanced(This,VertexCountPerInstance,InstanceCount, \
        StartVertexLocation,StartInstanceLocation))
#define ID3D12GraphicsCommandList12_DrawIndexedInstanced(This,IndexCountPerInstance, \
        InstanceCount,StartIndexLocation,BaseVertexLocation,StartInstanceLocation) \
    ((This)->lpVtbl->DrawIndexedInstanced(This,IndexCountPerInstance,InstanceCount, \
        StartIndexLocation,BaseVertexLocation,StartInstanceLocation))
#define ID3D12GraphicsCommandList12_Dispatch(This,ThreadGroupCountX,ThreadGroupCountY, \
        ThreadGroupCountZ) \
    ((This)->lpVtbl->Dispatch(This,ThreadGroupCountX,ThreadGroupCountY,ThreadGroupCountZ))
#define ID3D12GraphicsCommandList12_CopyBufferRegion(This,pDstBuffer,DstOffset,pSrcBuffer, \
        SrcOffset,NumBytes) \
    ((This)->lpVtbl->CopyBufferRegion(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset,NumBytes))
#define ID3D12GraphicsCommandList12_CopyTextureRegion(This,pDst,DstX,DstY,DstZ,pSrc,pSrcBox) \
    ((This)->lpVtbl->CopyTextureRegion(This,pDst,DstX,DstY,DstZ,pSrc,pSrcBox))
#define ID3D12GraphicsCommandList12_CopyResource(This,pDstResource,pSrcResource) \
    ((This)->lpVtbl->CopyResource(This,pDstResource,pSrcResource))
#define ID3D12GraphicsCommandList12_CopyTiles(This,pTiledResource,pTileRegionStartCoordinate, \
        pTileRegionSize,pBuffer,BufferStartOffsetInBytes,Flags) \
    ((This)->lpVtbl->CopyTiles(This,pTiledResource,pTileRegionStartCoordinate,pTileRegionSize, \
        pBuffer,BufferStartOffsetInBytes,Flags))
#define ID3D12GraphicsCommandList12_ResolveSubresource(This,pDstResource,DstSubresource, \
        pSrcResource,SrcSubresource,Format) \
    ((This)->lpVtbl->ResolveSubresource(This,pDstResource,DstSubresource,pSrcResource, \
        SrcSubresource,Format))
#define ID3D12GraphicsCommandList12_IASetPrimitiveTopology(This,PrimitiveTopology) \
    ((This)->lpVtbl->IASetPrimitiveTopology(This,PrimitiveTopology))
#define ID3D12GraphicsCommandList12_RSSetViewports(This,NumViewports,pViewports) \
    ((This)->lpVtbl->RSSetViewports(This,NumViewports,pViewports))
#define ID3D12GraphicsCommandList12_RSSetScissorRects(This,NumRects,pRects) \
    ((This)->lpVtbl->RSSetScissorRects(This,NumRects,pRects))
#define ID3D12GraphicsCommandList12_OMSetBlendFactor(This,BlendFactor) \
    ((This)->lpVtbl->OMSetBlendFactor(This,BlendFactor))
#define ID3D12GraphicsCommandList12_OMSetStencilRef(This,StencilRef) \
    ((This)->lpVtbl->OMSetStencilRef(This,StencilRef))
#define ID3D12GraphicsCommandList12_SetPipelineState(This,pPipelineState) \
    ((This)->lpVtbl->SetPipelineState(This,pPipelineState))
#define ID3D12GraphicsCommandList12_ResourceBarrier(This,NumBarriers,pBarriers) \
    ((This)->lpVtbl->ResourceBarrier(This,NumBarriers,pBarriers))
#define ID3D12GraphicsCommandList12_ExecuteBundle(This,pCommandList) \
    ((This)->lpVtbl->ExecuteBundle(This,pCommandList))
#define ID3D12GraphicsCommandList12_SetDescriptorHeaps(This,NumDescriptorHeaps, \
        ppDescriptorHeaps) \
    ((This)->lpVtbl->SetDescriptorHeaps(This,NumDescriptorHeaps,ppDescriptorHeaps))
#define ID3D12GraphicsCommandList12_SetComputeRootSignature(This,pRootSignature) \
    ((This)->lpVtbl->SetComputeRootSignature(This,pRootSignature))
#define ID3D12GraphicsCommandList12_SetGraphicsRootSignature(This,pRootSignature) \
    ((This)->lpVtbl->SetGraphicsRootSignature(This,pRootSignature))
#define ID3D12GraphicsCommandList12_SetComputeRootDescriptorTable(This,RootParameterIndex, \
        BaseDescriptor) \
    ((This)->lpVtbl->SetComputeRootDescriptorTable(This,RootParameterIndex,BaseDescriptor))
#define ID3D12GraphicsCommandList12_SetGraphicsRootDescriptorTable(This,RootParameterIndex, \
        BaseDescriptor) \
    ((This)->lpVtbl->SetGraphicsRootDescriptorTable(This,RootParameterIndex,BaseDescriptor))
#define ID3D12GraphicsCommandList12_SetComputeRoot32BitConstant(This,RootParameterIndex, \
        SrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetComputeRoot32BitConstant(This,RootParameterIndex,SrcData, \
        DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList12_SetGraphicsRoot32BitConstant(This,RootParameterIndex, \
        SrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetGraphicsRoot32BitConstant(This,RootParameterIndex,SrcData, \
        DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList12_SetComputeRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetComputeRoot32BitConstants(This,RootParameterIndex,Num32BitValuesToSet, \
        pSrcData,DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList12_SetGraphicsRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetGraphicsRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList12_SetComputeRootConstantBufferView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootConstantBufferView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList12_SetGraphicsRootConstantBufferView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootConstantBufferView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList12_SetComputeRootShaderResourceView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootShaderResourceView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList12_SetGraphicsRootShaderResourceView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootShaderResourceView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList12_SetComputeRootUnorderedAccessView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootUnorderedAccessView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList12_SetGraphicsRootUnorderedAccessView(This, \
        RootParameterIndex,BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootUnorderedAccessView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList12_IASetIndexBuffer(This,pView) \
    ((This)->lpVtbl->IASetIndexBuffer(This,pView))
#define ID3D12GraphicsCommandList12_IASetVertexBuffers(This,StartSlot,NumViews,pViews) \
    ((This)->lpVtbl->IASetVertexBuffers(This,StartSlot,NumViews,pViews))
#define ID3D12GraphicsCommandList12_SOSetTargets(This,StartSlot,NumViews,pViews) \
    ((This)->lpVtbl->SOSetTargets(This,StartSlot,NumViews,pViews))
#define ID3D12GraphicsCommandList12_OMSetRenderTargets(This,NumRenderTargetDescriptors, \
        pRenderTargetDescriptors,RTsSingleHandleToDescriptorRange,pDepthStencilDescriptor) \
    ((This)->lpVtbl->OMSetRenderTargets(This,NumRenderTargetDescriptors, \
        pRenderTargetDescriptors,RTsSingleHandleToDescriptorRange,pDepthStencilDescriptor))
#define ID3D12GraphicsCommandList12_ClearDepthStencilView(This,DepthStencilView,ClearFlags, \
        Depth,Stencil,NumRects,pRects) \
    ((This)->lpVtbl->ClearDepthStencilView(This,DepthStencilView,ClearFlags,Depth,Stencil, \
        NumRects,pRects))
#define ID3D12GraphicsCommandList12_ClearRenderTargetView(This,RenderTargetView,ColorRGBA, \
        NumRects,pRects) \
    ((This)->lpVtbl->ClearRenderTargetView(This,RenderTargetView,ColorRGBA,NumRects,pRects))
#define ID3D12GraphicsCommandList12_ClearUnorderedAccessViewUint(This, \
        ViewGPUHandleInCurrentHeap,ViewCPUHandle,pResource,Values,NumRects,pRects) \
    ((This)->lpVtbl->ClearUnorderedAccessViewUint(This,ViewGPUHandleInCurrentHeap, \
        ViewCPUHandle,pResource,Values,NumRects,pRects))
#define ID3D12GraphicsCommandList12_ClearUnorderedAccessViewFloat(This, \
        ViewGPUHandleInCurrentHeap,ViewCPUHandle,pResource,Values,NumRects,pRects) \
    ((This)->lpVtbl->ClearUnorderedAccessViewFloat(This,ViewGPUHandleInCurrentHeap, \
        ViewCPUHandle,pResource,Values,NumRects,pRects))
#define ID3D12GraphicsCommandList12_DiscardResource(This,pResource,pRegion) \
    ((This)->lpVtbl->DiscardResource(This,pResource,pRegion))
#define ID3D12GraphicsCommandList12_BeginQuery(This,pQueryHeap,Type,Index) \
    ((This)->lpVtbl->BeginQuery(This,pQueryHeap,Type,Index))
#define ID3D12GraphicsCommandList12_EndQuery(This,pQueryHeap,Type,Index) \
    ((This)->lpVtbl->EndQuery(This,pQueryHeap,Type,Index))
#define ID3D12GraphicsCommandList12_ResolveQueryData(This,pQueryHeap,Type,StartIndex, \
        NumQueries,pDestinationBuffer,AlignedDestinationBufferOffset) \
    ((This)->lpVtbl->ResolveQueryData(This,pQueryHeap,Type,StartIndex,NumQueries, \
        pDestinationBuffer,AlignedDestinationBufferOffset))
#define ID3D12GraphicsCommandList12_SetPredication(This,pBuffer,AlignedBufferOffset,Operation) \
    ((This)->lpVtbl->SetPredication(This,pBuffer,AlignedBufferOffset,Operation))
#define ID3D12GraphicsCommandList12_SetMarker(This,Metadata,pData,Size) \
    ((This)->lpVtbl->SetMarker(This,Metadata,pData,Size))
#define ID3D12GraphicsCommandList12_BeginEvent(This,Metadata,pData,Size) \
    ((This)->lpVtbl->BeginEvent(This,Metadata,pData,Size))
#define ID3D12GraphicsCommandList12_EndEvent(This) \
    ((This)->lpVtbl->EndEvent(This))
#define ID3D12GraphicsCommandList12_ExecuteIndirect(This,pCommandSignature,MaxCommandCount, \
        pArgumentBuffer,ArgumentBufferOffset,pCountBuffer,CountBufferOffset) \
    ((This)->lpVtbl->ExecuteIndirect(This,pCommandSignature,MaxCommandCount,pArgumentBuffer, \
        ArgumentBufferOffset,pCountBuffer,CountBufferOffset))
#define ID3D12GraphicsCommandList12_AtomicCopyBufferUINT(This,pDstBuffer,DstOffset,pSrcBuffer, \
        SrcOffset,Dependencies,ppDependentResources,pDependentSubresourceRanges) \
    ((This)->lpVtbl->AtomicCopyBufferUINT(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset, \
        Dependencies,ppDependentResources,pDependentSubresourceRanges))
#define ID3D12GraphicsCommandList12_AtomicCopyBufferUINT64(This,pDstBuffer,DstOffset, \
        pSrcBuffer,SrcOffset,Dependencies,ppDependentResources,pDependentSubresourceRanges) \
    ((This)->lpVtbl->AtomicCopyBufferUINT64(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset, \
        Dependencies,ppDependentResources,pDependentSubresourceRanges))
#define ID3D12GraphicsCommandList12_OMSetDepthBounds(This,Min,Max) \
    ((This)->lpVtbl->OMSetDepthBounds(This,Min,Max))
#define ID3D12GraphicsCommandList12_SetSamplePositions(This,NumSamplesPerPixel,NumPixels, \
        pSamplePositions) \
    ((This)->lpVtbl->SetSamplePositions(This,NumSamplesPerPixel,NumPixels,pSamplePositions))
#define ID3D12GraphicsCommandList12_ResolveSubresourceRegion(This,pDstResource,DstSubresource, \
        DstX,DstY,pSrcResource,SrcSubresource,pSrcRect,Format,ResolveMode) \
    ((This)->lpVtbl->ResolveSubresourceRegion(This,pDstResource,DstSubresource,DstX,DstY, \
        pSrcResource,SrcSubresource,pSrcRect,Format,ResolveMode))
#define ID3D12GraphicsCommandList12_SetViewInstanceMask(This,Mask) \
    ((This)->lpVtbl->SetViewInstanceMask(This,Mask))
#define ID3D12GraphicsCommandList12_WriteBufferImmediate(This,Count,pParams,pModes) \
    ((This)->lpVtbl->WriteBufferImmediate(This,Count,pParams,pModes))
#define ID3D12GraphicsCommandList12_SetProtectedResourceSession(This,pProtectedResourceSession) \
    ((This)->lpVtbl->SetProtectedResourceSession(This,pProtectedResourceSession))
#define ID3D12GraphicsCommandList12_BeginRenderPass(This,NumRenderTargets,pRenderTargets, \
        pDepthStencil,Flags) \
    ((This)->lpVtbl->BeginRenderPass(This,NumRenderTargets,pRenderTargets,pDepthStencil,Flags))
#define ID3D12GraphicsCommandList12_EndRenderPass(This) \
    ((This)->lpVtbl->EndRenderPass(This))
#define ID3D12GraphicsCommandList12_InitializeMetaCommand(This,pMetaCommand, \
        pInitializationParametersData,InitializationParametersDataSizeInBytes) \
    ((This)->lpVtbl->InitializeMetaCommand(This,pMetaCommand,pInitializationParametersData, \
        InitializationParametersDataSizeInBytes))
#define ID3D12GraphicsCommandList12_ExecuteMetaCommand(This,pMetaCommand, \
        pExecutionParametersData,ExecutionParametersDataSizeInBytes) \
    ((This)->lpVtbl->ExecuteMetaCommand(This,pMetaCommand,pExecutionParametersData, \
        ExecutionParametersDataSizeInBytes))
#define ID3D12GraphicsCommandList12_BuildRaytracingAccelerationStructure(This,pDesc, \
        NumPostbuildInfoDescs,pPostbuildInfoDescs) \
    ((This)->lpVtbl->BuildRaytracingAccelerationStructure(This,pDesc,NumPostbuildInfoDescs, \
        pPostbuildInfoDescs))
#define ID3D12GraphicsCommandList12_EmitRaytracingAccelerationStructurePostbuildInfo(This, \
        pDesc,NumSourceAccelerationStructures,pSourceAccelerationStructureData) \
    ((This)->lpVtbl->EmitRaytracingAccelerationStructurePostbuildInfo(This,pDesc, \
        NumSourceAccelerationStructures,pSourceAccelerationStructureData))
#define ID3D12GraphicsCommandList12_CopyRaytracingAccelerationStructure(This, \
        DestAccelerationStructureData,SourceAccelerationStructureData,Mode) \
    ((This)->lpVtbl->CopyRaytracingAccelerationStructure(This,DestAccelerationStructureData, \
        SourceAccelerationStructureData,Mode))
#define ID3D12GraphicsCommandList12_SetPipelineState1(This,pStateObject) \
    ((This)->lpVtbl->SetPipelineState1(This,pStateObject))
#define ID3D12GraphicsCommandList12_DispatchRays(This,pDesc) \
    ((This)->lpVtbl->DispatchRays(This,pDesc))
#define ID3D12GraphicsCommandList12_RSSetShadingRate(This,baseShadingRate,combiners) \
    ((This)->lpVtbl->RSSetShadingRate(This,baseShadingRate,combiners))
#define ID3D12GraphicsCommandList12_RSSetShadingRateImage(This,shadingRateImage) \
    ((This)->lpVtbl->RSSetShadingRateImage(This,shadingRateImage))
#define ID3D12GraphicsCommandList12_DispatchMesh(This,ThreadGroupCountX,ThreadGroupCountY, \
        ThreadGroupCountZ) \
    ((This)->lpVtbl->DispatchMesh(This,ThreadGroupCountX,ThreadGroupCountY,ThreadGroupCountZ))
#define ID3D12GraphicsCommandList12_Barrier(This,NumBarrierGroups,pBarrierGroups) \
    ((This)->lpVtbl->Barrier(This,NumBarrierGroups,pBarrierGroups))
#define ID3D12GraphicsCommandList12_OMSetFrontAndBackStencilRef(This,FrontStencilRef, \
        BackStencilRef) \
    ((This)->lpVtbl->OMSetFrontAndBackStencilRef(This,FrontStencilRef,BackStencilRef))
#define ID3D12GraphicsCommandList12_RSSetDepthBias(This,DepthBias,DepthBiasClamp, \
        SlopeScaledDepthBias) \
    ((This)->lpVtbl->RSSetDepthBias(This,DepthBias,DepthBiasClamp,SlopeScaledDepthBias))
#define ID3D12GraphicsCommandList12_IASetIndexBufferStripCutValue(This,IBStripCutValue) \
    ((This)->lpVtbl->IASetIndexBufferStripCutValue(This,IBStripCutValue))
#define ID3D12GraphicsCommandList12_SetProgram(This,pDesc) \
    ((This)->lpVtbl->SetProgram(This,pDesc))
#define ID3D12GraphicsCommandList12_DispatchGraph(This,pDesc) \
    ((This)->lpVtbl->DispatchGraph(This,pDesc))
#define ID3D12GraphicsCommandList12_WaitBarrier(This,NumBarrierGroups,pBarrierGroups, \
        NumFences,ppFences,pFenceValues) \
    ((This)->lpVtbl->WaitBarrier(This,NumBarrierGroups,pBarrierGroups,NumFences,ppFences, \
        pFenceValues))
#define ID3D12GraphicsCommandList12_SignalBarrier(This,NumBarrierGroups,pBarrierGroups,pFence, \
        FenceValue) \
    ((This)->lpVtbl->SignalBarrier(This,NumBarrierGroups,pBarrierGroups,pFence,FenceValue))
#define ID3D12GraphicsCommandList12_CopyBufferRegions(This,NumRegions,ppDestBuffers, \
        pDestOffsets,ppSourceBuffers,pSourceOffsets,pSizes) \
    ((This)->lpVtbl->CopyBufferRegions(This,NumRegions,ppDestBuffers,pDestOffsets, \
        ppSourceBuffers,pSourceOffsets,pSizes))
#define ID3D12GraphicsCommandList12_CopyTextureRegions(This,NumCopyDescs,pCopyDescs) \
    ((This)->lpVtbl->CopyTextureRegions(This,NumCopyDescs,pCopyDescs))
#define ID3D12GraphicsCommandList12_CopyResources(This,NumSourceDestPairs,ppDestResources, \
        ppSourceResources) \
    ((This)->lpVtbl->CopyResources(This,NumSourceDestPairs,ppDestResources,ppSourceResources))
#define ID3D12GraphicsCommandList12_CopyTilesAsync(This,pTiledResource, \
        pTileRegionStartCoordinate,pTileRegionSize,pBuffer,BufferOffset,Flags) \
    ((This)->lpVtbl->CopyTilesAsync(This,pTiledResource,pTileRegionStartCoordinate, \
        pTileRegionSize,pBuffer,BufferOffset,Flags))
#define ID3D12GraphicsCommandList12_ResolveSubresourceRegionAsync(This,pDestResource, \
        DestSubresource,DestX,DestY,pSourceResource,SourceSubresource,pSourceRect,Format, \
        ResolveMode) \
    ((This)->lpVtbl->ResolveSubresourceRegionAsync(This,pDestResource,DestSubresource,DestX, \
        DestY,pSourceResource,SourceSubresource,pSourceRect,Format,ResolveMode))
#define ID3D12GraphicsCommandList12_ResolveQueryDataAsync(This,pQueryHeap,Type,StartIndex, \
        NumQueries,pDestBuffer,DestOffset) \
    ((This)->lpVtbl->ResolveQueryDataAsync(This,pQueryHeap,Type,StartIndex,NumQueries, \
        pDestBuffer,DestOffset))
#define ID3D12GraphicsCommandList12_ClearBoundDepthStencilView(This,ClearFlags,Depth,Stencil, \
        NumRegions,pRegions) \
    ((This)->lpVtbl->ClearBoundDepthStencilView(This,ClearFlags,Depth,Stencil,NumRegions, \
        pRegions))
#define ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(This,RenderTargetMask, \
        pClearValues,pNumRegions,ppRegions) \
    ((This)->lpVtbl->ClearBoundRenderTargetViews(This,RenderTargetMask,pClearValues, \
        pNumRegions,ppRegions))
#define ID3D12GraphicsCommandList12_ClearTextureSubresources(This,NumClearDescs,pClearDescs) \
    ((This)->lpVtbl->ClearTextureSubresources(This,NumClearDescs,pClearDescs))
#define ID3D12GraphicsCommandList12_FillBuffers(This,NumFillDescs,pFillDescs) \
    ((This)->lpVtbl->FillBuffers(This,NumFillDescs,pFillDescs))
#endif /* COBJMACROS */

#endif /* __ID3D12GraphicsCommandList12_INTERFACE_DEFINED__ */

/* ID3D12CommandListAsyncCommands: the preview (1.720/1.721) form of the same
 * ten methods, reachable by QueryInterface on a graphics command list. */
#ifndef __ID3D12CommandListAsyncCommands_FWD_DEFINED__
#define __ID3D12CommandListAsyncCommands_FWD_DEFINED__
typedef interface ID3D12CommandListAsyncCommands ID3D12CommandListAsyncCommands;
#endif

#ifndef __ID3D12CommandListAsyncCommands_INTERFACE_DEFINED__
#define __ID3D12CommandListAsyncCommands_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12CommandListAsyncCommands;

#define D3D12RT_VTBL_ID3D12CommandListAsyncCommands(T) \
    D3D12RT_VTBL_IUnknown(T) \
    void (STDMETHODCALLTYPE *CopyBufferRegions)(T *This, UINT NumRegions, \
        ID3D12Resource *const *ppDestBuffers, const UINT64 *pDestOffsets, \
        ID3D12Resource *const *ppSourceBuffers, const UINT64 *pSourceOffsets, \
        const UINT64 *pSizes); \
    void (STDMETHODCALLTYPE *CopyTextureRegions)(T *This, UINT NumCopyDescs, \
        const D3D12_TEXTURE_COPY_DESC *pCopyDescs); \
    void (STDMETHODCALLTYPE *CopyResources)(T *This, UINT NumSourceDestPairs, \
        ID3D12Resource *const *ppDestResources, ID3D12Resource *const *ppSourceResources); \
    void (STDMETHODCALLTYPE *CopyTilesAsync)(T *This, ID3D12Resource *pTiledResource, \
        const D3D12_TILED_RESOURCE_COORDINATE *pTileRegionStartCoordinate, \
        const D3D12_TILE_REGION_SIZE *pTileRegionSize, ID3D12Resource *pBuffer, \
        UINT64 BufferOffset, D3D12_TILE_COPY_FLAGS Flags); \
    void (STDMETHODCALLTYPE *ResolveSubresourceRegionAsync)(T *This, \
        ID3D12Resource *pDestResource, UINT DestSubresource, UINT DestX, UINT DestY, \
        ID3D12Resource *pSourceResource, UINT SourceSubresource, \
        const D3D12_RECT *pSourceRect, DXGI_FORMAT Format, D3D12_RESOLVE_MODE ResolveMode); \
    void (STDMETHODCALLTYPE *ResolveQueryDataAsync)(T *This, ID3D12QueryHeap *pQueryHeap, \
        D3D12_QUERY_TYPE Type, UINT StartIndex, UINT NumQueries, ID3D12Resource *pDestBuffer, \
        UINT64 DestOffset); \
    void (STDMETHODCALLTYPE *ClearBoundDepthStencilView)(T *This, \
        D3D12_CLEAR_FLAGS ClearFlags, FLOAT Depth, UINT8 Stencil, UINT NumRegions, \
        const D3D12_BOX *pRegions); \
    void (STDMETHODCALLTYPE *ClearBoundRenderTargetViews)(T *This, UINT RenderTargetMask, \
        const D3D12_CLEAR_DATA *pClearValues, const UINT *pNumRegions, \
        const D3D12_BOX *const *ppRegions); \
    void (STDMETHODCALLTYPE *ClearTextureSubresources)(T *This, UINT NumClearDescs, \
        const D3D12_CLEAR_TEXTURE_DESC *pClearDescs); \
    void (STDMETHODCALLTYPE *FillBuffers)(T *This, UINT NumFillDescs, \
        const D3D12_FILL_BUFFER_DESC *pFillDescs);

typedef struct ID3D12CommandListAsyncCommandsVtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12CommandListAsyncCommands(ID3D12CommandListAsyncCommands)
    END_INTERFACE
} ID3D12CommandListAsyncCommandsVtbl;

interface ID3D12CommandListAsyncCommands
{
    CONST_VTBL struct ID3D12CommandListAsyncCommandsVtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12CommandListAsyncCommands_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12CommandListAsyncCommands_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12CommandListAsyncCommands_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12CommandListAsyncCommands_CopyBufferRegions(This,NumRegions,ppDestBuffers, \
        pDestOffsets,ppSourceBuffers,pSourceOffsets,pSizes) \
    ((This)->lpVtbl->CopyBufferRegions(This,NumRegions,ppDestBuffers,pDestOffsets, \
        ppSourceBuffers,pSourceOffsets,pSizes))
#define ID3D12CommandListAsyncCommands_CopyTextureRegions(This,NumCopyDescs,pCopyDescs) \
    ((This)->lpVtbl->CopyTextureRegions(This,NumCopyDescs,pCopyDescs))
#define ID3D12CommandListAsyncCommands_CopyResources(This,NumSourceDestPairs,ppDestResources, \
        ppSourceResources) \
    ((This)->lpVtbl->CopyResources(This,NumSourceDestPairs,ppDestResources,ppSourceResources))
#define ID3D12CommandListAsyncCommands_CopyTilesAsync(This,pTiledResource, \
        pTileRegionStartCoordinate,pTileRegionSize,pBuffer,BufferOffset,Flags) \
    ((This)->lpVtbl->CopyTilesAsync(This,pTiledResource,pTileRegionStartCoordinate, \
        pTileRegionSize,pBuffer,BufferOffset,Flags))
#define ID3D12CommandListAsyncCommands_ResolveSubresourceRegionAsync(This,pDestResource, \
        DestSubresource,DestX,DestY,pSourceResource,SourceSubresource,pSourceRect,Format, \
        ResolveMode) \
    ((This)->lpVtbl->ResolveSubresourceRegionAsync(This,pDestResource,DestSubresource,DestX, \
        DestY,pSourceResource,SourceSubresource,pSourceRect,Format,ResolveMode))
#define ID3D12CommandListAsyncCommands_ResolveQueryDataAsync(This,pQueryHeap,Type,StartIndex, \
        NumQueries,pDestBuffer,DestOffset) \
    ((This)->lpVtbl->ResolveQueryDataAsync(This,pQueryHeap,Type,StartIndex,NumQueries, \
        pDestBuffer,DestOffset))
#define ID3D12CommandListAsyncCommands_ClearBoundDepthStencilView(This,ClearFlags,Depth, \
        Stencil,NumRegions,pRegions) \
    ((This)->lpVtbl->ClearBoundDepthStencilView(This,ClearFlags,Depth,Stencil,NumRegions, \
        pRegions))
#define ID3D12CommandListAsyncCommands_ClearBoundRenderTargetViews(This,RenderTargetMask, \
        pClearValues,pNumRegions,ppRegions) \
    ((This)->lpVtbl->ClearBoundRenderTargetViews(This,RenderTargetMask,pClearValues, \
        pNumRegions,ppRegions))
#define ID3D12CommandListAsyncCommands_ClearTextureSubresources(This,NumClearDescs,pClearDescs) \
    ((This)->lpVtbl->ClearTextureSubresources(This,NumClearDescs,pClearDescs))
#define ID3D12CommandListAsyncCommands_FillBuffers(This,NumFillDescs,pFillDescs) \
    ((This)->lpVtbl->FillBuffers(This,NumFillDescs,pFillDescs))
#endif /* COBJMACROS */

#endif /* __ID3D12CommandListAsyncCommands_INTERFACE_DEFINED__ */

/* ID3D12AsyncCommandsFallback: the application's fallback opt-in, from
 * ID3D12DeviceFactory::GetConfigurationInterface. */
#ifndef __ID3D12AsyncCommandsFallback_FWD_DEFINED__
#define __ID3D12AsyncCommandsFallback_FWD_DEFINED__
typedef interface ID3D12AsyncCommandsFallback ID3D12AsyncCommandsFallback;
#endif

#ifndef __ID3D12AsyncCommandsFallback_INTERFACE_DEFINED__
#define __ID3D12AsyncCommandsFallback_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12AsyncCommandsFallback;

#define D3D12RT_VTBL_ID3D12AsyncCommandsFallback(T) \
    D3D12RT_VTBL_IUnknown(T) \
    HRESULT (STDMETHODCALLTYPE *SetFallbackLayerEnabled)(T *This, BOOL Enable); \
    BOOL (STDMETHODCALLTYPE *GetFallbackLayerEnabled)(T *This);

typedef struct ID3D12AsyncCommandsFallbackVtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12AsyncCommandsFallback(ID3D12AsyncCommandsFallback)
    END_INTERFACE
} ID3D12AsyncCommandsFallbackVtbl;

interface ID3D12AsyncCommandsFallback
{
    CONST_VTBL struct ID3D12AsyncCommandsFallbackVtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12AsyncCommandsFallback_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12AsyncCommandsFallback_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12AsyncCommandsFallback_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(This,Enable) \
    ((This)->lpVtbl->SetFallbackLayerEnabled(This,Enable))
#define ID3D12AsyncCommandsFallback_GetFallbackLayerEnabled(This) \
    ((This)->lpVtbl->GetFallbackLayerEnabled(This))
#endif /* COBJMACROS */

#endif /* __ID3D12AsyncCommandsFallback_INTERFACE_DEFINED__ */

DEFINE_GUID(IID_ID3D12GraphicsCommandList12,0x09814a63,0x32ff,0x47b5,0xa1,0xbe,0x7b,0xf6,0xfa,0x39,0x97,0x79);
DEFINE_GUID(IID_ID3D12CommandListAsyncCommands,0xd7afd225,0x8c06,0x41c8,0xb8,0xa2,0x6e,0xfb,0xe1,0x43,0x9e,0xd9);
DEFINE_GUID(IID_ID3D12AsyncCommandsFallback,0x6f747364,0x7db2,0x4373,0xbb,0x15,0x92,0x56,0x5f,0x08,0x64,0x6e);
DEFINE_GUID(CLSID_D3D12AsyncCommandsFallback,0x79246805,0x8047,0x41b1,0x93,0x6b,0x29,0xf7,0x50,0xdd,0x10,0x44);

#endif /* D3D12RT_D3D12_ASYNC_COMMANDS_H */
