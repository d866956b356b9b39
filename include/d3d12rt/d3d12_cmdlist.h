/*
 * d3d12rt public headers: ID3D12GraphicsCommandList9, 10 and 11 and the work-graph types
 * SetProgram and DispatchGraph take, none of which DirectX-Headers 1.606.4 declares.
 * Names, member order and IIDs are those of Microsoft's public headers (DirectX-Headers
 * main for 9 and 10, the preview branch for 11); the declarations are written for C.
 */
#ifndef D3D12RT_D3D12_CMDLIST_H
#define D3D12RT_D3D12_CMDLIST_H

#include <d3d12rt/d3d12rt_base.h>

/* Work graphs and generic programs (SetProgram / DispatchGraph). */
typedef struct D3D12_PROGRAM_IDENTIFIER
{
    UINT64 OpaqueData[4];
} D3D12_PROGRAM_IDENTIFIER;

typedef enum D3D12_SET_WORK_GRAPH_FLAGS
{
    D3D12_SET_WORK_GRAPH_FLAG_NONE = 0x0,
    D3D12_SET_WORK_GRAPH_FLAG_INITIALIZE = 0x1,
} D3D12_SET_WORK_GRAPH_FLAGS;
DEFINE_ENUM_FLAG_OPERATORS(D3D12_SET_WORK_GRAPH_FLAGS)

typedef struct D3D12_SET_WORK_GRAPH_DESC
{
    D3D12_PROGRAM_IDENTIFIER ProgramIdentifier;
    D3D12_SET_WORK_GRAPH_FLAGS Flags;
    D3D12_GPU_VIRTUAL_ADDRESS_RANGE BackingMemory;
    D3D12_GPU_VIRTUAL_ADDRESS_RANGE_AND_STRIDE NodeLocalRootArgumentsTable;
} D3D12_SET_WORK_GRAPH_DESC;

typedef struct D3D12_SET_RAYTRACING_PIPELINE_DESC
{
    D3D12_PROGRAM_IDENTIFIER ProgramIdentifier;
} D3D12_SET_RAYTRACING_PIPELINE_DESC;

typedef struct D3D12_SET_GENERIC_PIPELINE_DESC
{
    D3D12_PROGRAM_IDENTIFIER ProgramIdentifier;
} D3D12_SET_GENERIC_PIPELINE_DESC;

typedef enum D3D12_PROGRAM_TYPE
{
    D3D12_PROGRAM_TYPE_GENERIC_PIPELINE = 1,
    D3D12_PROGRAM_TYPE_RAYTRACING_PIPELINE = 4,
    D3D12_PROGRAM_TYPE_WORK_GRAPH = 5,
} D3D12_PROGRAM_TYPE;

typedef struct D3D12_SET_PROGRAM_DESC
{
    D3D12_PROGRAM_TYPE Type;
    union
    {
        D3D12_SET_GENERIC_PIPELINE_DESC GenericPipeline;
        D3D12_SET_RAYTRACING_PIPELINE_DESC RaytracingPipeline;
        D3D12_SET_WORK_GRAPH_DESC WorkGraph;
    };
} D3D12_SET_PROGRAM_DESC;

typedef enum D3D12_DISPATCH_MODE
{
    D3D12_DISPATCH_MODE_NODE_CPU_INPUT = 0,
    D3D12_DISPATCH_MODE_NODE_GPU_INPUT = 1,
    D3D12_DISPATCH_MODE_MULTI_NODE_CPU_INPUT = 2,
    D3D12_DISPATCH_MODE_MULTI_NODE_GPU_INPUT = 3,
} D3D12_DISPATCH_MODE;

typedef struct D3D12_NODE_CPU_INPUT
{
    UINT EntrypointIndex;
    UINT NumRecords;
    const void *pRecords;
    UINT64 RecordStrideInBytes;
} D3D12_NODE_CPU_INPUT;

typedef struct D3D12_NODE_GPU_INPUT
{
    UINT EntrypointIndex;
    UINT NumRecords;
    D3D12_GPU_VIRTUAL_ADDRESS_AND_STRIDE Records;
} D3D12_NODE_GPU_INPUT;

typedef struct D3D12_MULTI_NODE_CPU_INPUT
{
    UINT NumNodeInputs;
    const D3D12_NODE_CPU_INPUT *pNodeInputs;
    UINT64 NodeInputStrideInBytes;
} D3D12_MULTI_NODE_CPU_INPUT;

typedef struct D3D12_MULTI_NODE_GPU_INPUT
{
    UINT NumNodeInputs;
    D3D12_GPU_VIRTUAL_ADDRESS_AND_STRIDE NodeInputs; /* array of D3D12_NODE_GPU_INPUT */
} D3D12_MULTI_NODE_GPU_INPUT;

/* The GPU-input modes pass the address of a D3D12_NODE_GPU_INPUT or
 * D3D12_MULTI_NODE_GPU_INPUT in GPU memory. */
typedef struct D3D12_DISPATCH_GRAPH_DESC
{
    D3D12_DISPATCH_MODE Mode;
    union
    {
        D3D12_NODE_CPU_INPUT NodeCPUInput;
        D3D12_GPU_VIRTUAL_ADDRESS NodeGPUInput;
        D3D12_MULTI_NODE_CPU_INPUT MultiNodeCPUInput;
        D3D12_GPU_VIRTUAL_ADDRESS MultiNodeGPUInput;
    };
} D3D12_DISPATCH_GRAPH_DESC;

/* ID3D12GraphicsCommandList9: dynamic depth bias and index-buffer strip cut. */
#ifndef __ID3D12GraphicsCommandList9_FWD_DEFINED__
#define __ID3D12GraphicsCommandList9_FWD_DEFINED__
typedef interface ID3D12GraphicsCommandList9 ID3D12GraphicsCommandList9;
#endif

#ifndef __ID3D12GraphicsCommandList9_INTERFACE_DEFINED__
#define __ID3D12GraphicsCommandList9_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12GraphicsCommandList9;

#define D3D12RT_VTBL_ID3D12GraphicsCommandList9(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList8(T) \
    void (STDMETHODCALLTYPE *RSSetDepthBias)(T *This, FLOAT DepthBias, FLOAT DepthBiasClamp, \
        FLOAT SlopeScaledDepthBias); \
    void (STDMETHODCALLTYPE *IASetIndexBufferStripCutValue)(T *This, \
        D3D12_INDEX_BUFFER_STRIP_CUT_VALUE IBStripCutValue);

typedef struct ID3D12GraphicsCommandList9Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12GraphicsCommandList9(ID3D12GraphicsCommandList9)
    END_INTERFACE
} ID3D12GraphicsCommandList9Vtbl;

interface ID3D12GraphicsCommandList9
{
    CONST_VTBL struct ID3D12GraphicsCommandList9Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12GraphicsCommandList9_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12GraphicsCommandList9_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12GraphicsCommandList9_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12GraphicsCommandList9_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12GraphicsCommandList9_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12GraphicsCommandList9_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12GraphicsCommandList9_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12GraphicsCommandList9_GetDevice(This,riid,ppvDevice) \
    ((This)->lpVtbl->GetDevice(This,riid,ppvDevice))
#define ID3D12GraphicsCommandList9_GetType(This) \
    ((This)->lpVtbl->GetType(This))
#define ID3D12GraphicsCommandList9_Close(This) \
    ((This)->lpVtbl->Close(This))
#define ID3D12GraphicsCommandList9_Reset(This,pAllocator,pInitialState) \
    ((This)->lpVtbl->Reset(This,pAllocator,pInitialState))
#define ID3D12GraphicsCommandList9_ClearState(This,pPipelineState) \
    ((This)->lpVtbl->ClearState(This,pPipelineState))
#define ID3D12GraphicsCommandList9_DrawInstanced(This,VertexCountPerInstance,InstanceCount, \
        StartVertexLocation,StartInstanceLocation) \
    ((This)->lpVtbl->DrawInstanced(This,VertexCountPerInstance,InstanceCount, \
        StartVertexLocation,StartInstanceLocation))
#define ID3D12GraphicsCommandList9_DrawIndexedInstanced(This,IndexCountPerInstance, \
        InstanceCount,StartIndexLocation,BaseVertexLocation,StartInstanceLocation) \
    ((This)->lpVtbl->DrawIndexedInstanced(This,IndexCountPerInstance,InstanceCount, \
        StartIndexLocation,BaseVertexLocation,StartInstanceLocation))
#define ID3D12GraphicsCommandList9_Dispatch(This,ThreadGroupCountX,ThreadGroupCountY, \
        ThreadGroupCountZ) \
    ((This)->lpVtbl->Dispatch(This,ThreadGroupCountX,ThreadGroupCountY,ThreadGroupCountZ))
#define ID3D12GraphicsCommandList9_CopyBufferRegion(This,pDstBuffer,DstOffset,pSrcBuffer, \
        SrcOffset,NumBytes) \
    ((This)->lpVtbl->CopyBufferRegion(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset,NumBytes))
#define ID3D12GraphicsCommandList9_CopyTextureRegion(This,pDst,DstX,DstY,DstZ,pSrc,pSrcBox) \
    ((This)->lpVtbl->CopyTextureRegion(This,pDst,DstX,DstY,DstZ,pSrc,pSrcBox))
#define ID3D12GraphicsCommandList9_CopyResource(This,pDstResource,pSrcResource) \
    ((This)->lpVtbl->CopyResource(This,pDstResource,pSrcResource))
#define ID3D12GraphicsCommandList9_CopyTiles(This,pTiledResource,pTileRegionStartCoordinate, \
        pTileRegionSize,pBuffer,BufferStartOffsetInBytes,Flags) \
    ((This)->lpVtbl->CopyTiles(This,pTiledResource,pTileRegionStartCoordinate,pTileRegionSize, \
        pBuffer,BufferStartOffsetInBytes,Flags))
#define ID3D12GraphicsCommandList9_ResolveSubresource(This,pDstResource,DstSubresource, \
        pSrcResource,SrcSubresource,Format) \
    ((This)->lpVtbl->ResolveSubresource(This,pDstResource,DstSubresource,pSrcResource, \
        SrcSubresource,Format))
#define ID3D12GraphicsCommandList9_IASetPrimitiveTopology(This,PrimitiveTopology) \
    ((This)->lpVtbl->IASetPrimitiveTopology(This,PrimitiveTopology))
#define ID3D12GraphicsCommandList9_RSSetViewports(This,NumViewports,pViewports) \
    ((This)->lpVtbl->RSSetViewports(This,NumViewports,pViewports))
#define ID3D12GraphicsCommandList9_RSSetScissorRects(This,NumRects,pRects) \
    ((This)->lpVtbl->RSSetScissorRects(This,NumRects,pRects))
#define ID3D12GraphicsCommandList9_OMSetBlendFactor(This,BlendFactor) \
    ((This)->lpVtbl->OMSetBlendFactor(This,BlendFactor))
#define ID3D12GraphicsCommandList9_OMSetStencilRef(This,StencilRef) \
    ((This)->lpVtbl->OMSetStencilRef(This,StencilRef))
#define ID3D12GraphicsCommandList9_SetPipelineState(This,pPipelineState) \
    ((This)->lpVtbl->SetPipelineState(This,pPipelineState))
#define ID3D12GraphicsCommandList9_ResourceBarrier(This,NumBarriers,pBarriers) \
    ((This)->lpVtbl->ResourceBarrier(This,NumBarriers,pBarriers))
#define ID3D12GraphicsCommandList9_ExecuteBundle(This,pCommandList) \
    ((This)->lpVtbl->ExecuteBundle(This,pCommandList))
#define ID3D12GraphicsCommandList9_SetDescriptorHeaps(This,NumDescriptorHeaps, \
        ppDescriptorHeaps) \
    ((This)->lpVtbl->SetDescriptorHeaps(This,NumDescriptorHeaps,ppDescriptorHeaps))
#define ID3D12GraphicsCommandList9_SetComputeRootSignature(This,pRootSignature) \
    ((This)->lpVtbl->SetComputeRootSignature(This,pRootSignature))
#define ID3D12GraphicsCommandList9_SetGraphicsRootSignature(This,pRootSignature) \
    ((This)->lpVtbl->SetGraphicsRootSignature(This,pRootSignature))
#define ID3D12GraphicsCommandList9_SetComputeRootDescriptorTable(This,RootParameterIndex, \
        BaseDescriptor) \
    ((This)->lpVtbl->SetComputeRootDescriptorTable(This,RootParameterIndex,BaseDescriptor))
#define ID3D12GraphicsCommandList9_SetGraphicsRootDescriptorTable(This,RootParameterIndex, \
        BaseDescriptor) \
    ((This)->lpVtbl->SetGraphicsRootDescriptorTable(This,RootParameterIndex,BaseDescriptor))
#define ID3D12GraphicsCommandList9_SetComputeRoot32BitConstant(This,RootParameterIndex, \
        SrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetComputeRoot32BitConstant(This,RootParameterIndex,SrcData, \
        DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList9_SetGraphicsRoot32BitConstant(This,RootParameterIndex, \
        SrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetGraphicsRoot32BitConstant(This,RootParameterIndex,SrcData, \
        DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList9_SetComputeRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetComputeRoot32BitConstants(This,RootParameterIndex,Num32BitValuesToSet, \
        pSrcData,DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList9_SetGraphicsRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetGraphicsRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList9_SetComputeRootConstantBufferView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootConstantBufferView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList9_SetGraphicsRootConstantBufferView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootConstantBufferView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList9_SetComputeRootShaderResourceView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootShaderResourceView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList9_SetGraphicsRootShaderResourceView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootShaderResourceView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList9_SetComputeRootUnorderedAccessView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootUnorderedAccessView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList9_SetGraphicsRootUnorderedAccessView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootUnorderedAccessView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList9_IASetIndexBuffer(This,pView) \
    ((This)->lpVtbl->IASetIndexBuffer(This,pView))
#define ID3D12GraphicsCommandList9_IASetVertexBuffers(This,StartSlot,NumViews,pViews) \
    ((This)->lpVtbl->IASetVertexBuffers(This,StartSlot,NumViews,pViews))
#define ID3D12GraphicsCommandList9_SOSetTargets(This,StartSlot,NumViews,pViews) \
    ((This)->lpVtbl->SOSetTargets(This,StartSlot,NumViews,pViews))
#define ID3D12GraphicsCommandList9_OMSetRenderTargets(This,NumRenderTargetDescriptors, \
        pRenderTargetDescriptors,RTsSingleHandleToDescriptorRange,pDepthStencilDescriptor) \
    ((This)->lpVtbl->OMSetRenderTargets(This,NumRenderTargetDescriptors, \
        pRenderTargetDescriptors,RTsSingleHandleToDescriptorRange,pDepthStencilDescriptor))
#define ID3D12GraphicsCommandList9_ClearDepthStencilView(This,DepthStencilView,ClearFlags, \
        Depth,Stencil,NumRects,pRects) \
    ((This)->lpVtbl->ClearDepthStencilView(This,DepthStencilView,ClearFlags,Depth,Stencil, \
        NumRects,pRects))
#define ID3D12GraphicsCommandList9_ClearRenderTargetView(This,RenderTargetView,ColorRGBA, \
        NumRects,pRects) \
    ((This)->lpVtbl->ClearRenderTargetView(This,RenderTargetView,ColorRGBA,NumRects,pRects))
#define ID3D12GraphicsCommandList9_ClearUnorderedAccessViewUint(This, \
        ViewGPUHandleInCurrentHeap,ViewCPUHandle,pResource,Values,NumRects,pRects) \
    ((This)->lpVtbl->ClearUnorderedAccessViewUint(This,ViewGPUHandleInCurrentHeap, \
        ViewCPUHandle,pResource,Values,NumRects,pRects))
#define ID3D12GraphicsCommandList9_ClearUnorderedAccessViewFloat(This, \
        ViewGPUHandleInCurrentHeap,ViewCPUHandle,pResource,Values,NumRects,pRects) \
    ((This)->lpVtbl->ClearUnorderedAccessViewFloat(This,ViewGPUHandleInCurrentHeap, \
        ViewCPUHandle,pResource,Values,NumRects,pRects))
#define ID3D12GraphicsCommandList9_DiscardResource(This,pResource,pRegion) \
    ((This)->lpVtbl->DiscardResource(This,pResource,pRegion))
#define ID3D12GraphicsCommandList9_BeginQuery(This,pQueryHeap,Type,Index) \
    ((This)->lpVtbl->BeginQuery(This,pQueryHeap,Type,Index))
#define ID3D12GraphicsCommandList9_EndQuery(This,pQueryHeap,Type,Index) \
    ((This)->lpVtbl->EndQuery(This,pQueryHeap,Type,Index))
#define ID3D12GraphicsCommandList9_ResolveQueryData(This,pQueryHeap,Type,StartIndex, \
        NumQueries,pDestinationBuffer,AlignedDestinationBufferOffset) \
    ((This)->lpVtbl->ResolveQueryData(This,pQueryHeap,Type,StartIndex,NumQueries, \
        pDestinationBuffer,AlignedDestinationBufferOffset))
#define ID3D12GraphicsCommandList9_SetPredication(This,pBuffer,AlignedBufferOffset,Operation) \
    ((This)->lpVtbl->SetPredication(This,pBuffer,AlignedBufferOffset,Operation))
#define ID3D12GraphicsCommandList9_SetMarker(This,Metadata,pData,Size) \
    ((This)->lpVtbl->SetMarker(This,Metadata,pData,Size))
#define ID3D12GraphicsCommandList9_BeginEvent(This,Metadata,pData,Size) \
    ((This)->lpVtbl->BeginEvent(This,Metadata,pData,Size))
#define ID3D12GraphicsCommandList9_EndEvent(This) \
    ((This)->lpVtbl->EndEvent(This))
#define ID3D12GraphicsCommandList9_ExecuteIndirect(This,pCommandSignature,MaxCommandCount, \
        pArgumentBuffer,ArgumentBufferOffset,pCountBuffer,CountBufferOffset) \
    ((This)->lpVtbl->ExecuteIndirect(This,pCommandSignature,MaxCommandCount,pArgumentBuffer, \
        ArgumentBufferOffset,pCountBuffer,CountBufferOffset))
#define ID3D12GraphicsCommandList9_AtomicCopyBufferUINT(This,pDstBuffer,DstOffset,pSrcBuffer, \
        SrcOffset,Dependencies,ppDependentResources,pDependentSubresourceRanges) \
    ((This)->lpVtbl->AtomicCopyBufferUINT(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset, \
        Dependencies,ppDependentResources,pDependentSubresourceRanges))
#define ID3D12GraphicsCommandList9_AtomicCopyBufferUINT64(This,pDstBuffer,DstOffset, \
        pSrcBuffer,SrcOffset,Dependencies,ppDependentResources,pDependentSubresourceRanges) \
    ((This)->lpVtbl->AtomicCopyBufferUINT64(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset, \
        Dependencies,ppDependentResources,pDependentSubresourceRanges))
#define ID3D12GraphicsCommandList9_OMSetDepthBounds(This,Min,Max) \
    ((This)->lpVtbl->OMSetDepthBounds(This,Min,Max))
#define ID3D12GraphicsCommandList9_SetSamplePositions(This,NumSamplesPerPixel,NumPixels, \
        pSamplePositions) \
    ((This)->lpVtbl->SetSamplePositions(This,NumSamplesPerPixel,NumPixels,pSamplePositions))
#define ID3D12GraphicsCommandList9_ResolveSubresourceRegion(This,pDstResource,DstSubresource, \
        DstX,DstY,pSrcResource,SrcSubresource,pSrcRect,Format,ResolveMode) \
    ((This)->lpVtbl->ResolveSubresourceRegion(This,pDstResource,DstSubresource,DstX,DstY, \
        pSrcResource,SrcSubresource,pSrcRect,Format,ResolveMode))
#define ID3D12GraphicsCommandList9_SetViewInstanceMask(This,Mask) \
    ((This)->lpVtbl->SetViewInstanceMask(This,Mask))
#define ID3D12GraphicsCommandList9_WriteBufferImmediate(This,Count,pParams,pModes) \
    ((This)->lpVtbl->WriteBufferImmediate(This,Count,pParams,pModes))
#define ID3D12GraphicsCommandList9_SetProtectedResourceSession(This,pProtectedResourceSession) \
    ((This)->lpVtbl->SetProtectedResourceSession(This,pProtectedResourceSession))
#define ID3D12GraphicsCommandList9_BeginRenderPass(This,NumRenderTargets,pRenderTargets, \
        pDepthStencil,Flags) \
    ((This)->lpVtbl->BeginRenderPass(This,NumRenderTargets,pRenderTargets,pDepthStencil,Flags))
#define ID3D12GraphicsCommandList9_EndRenderPass(This) \
    ((This)->lpVtbl->EndRenderPass(This))
#define ID3D12GraphicsCommandList9_InitializeMetaCommand(This,pMetaCommand, \
        pInitializationParametersData,InitializationParametersDataSizeInBytes) \
    ((This)->lpVtbl->InitializeMetaCommand(This,pMetaCommand,pInitializationParametersData, \
        InitializationParametersDataSizeInBytes))
#define ID3D12GraphicsCommandList9_ExecuteMetaCommand(This,pMetaCommand, \
        pExecutionParametersData,ExecutionParametersDataSizeInBytes) \
    ((This)->lpVtbl->ExecuteMetaCommand(This,pMetaCommand,pExecutionParametersData, \
        ExecutionParametersDataSizeInBytes))
#define ID3D12GraphicsCommandList9_BuildRaytracingAccelerationStructure(This,pDesc, \
        NumPostbuildInfoDescs,pPostbuildInfoDescs) \
    ((This)->lpVtbl->BuildRaytracingAccelerationStructure(This,pDesc,NumPostbuildInfoDescs, \
        pPostbuildInfoDescs))
#define ID3D12GraphicsCommandList9_EmitRaytracingAccelerationStructurePostbuildInfo(This, \
        pDesc,NumSourceAccelerationStructures,pSourceAccelerationStructureData) \
    ((This)->lpVtbl->EmitRaytracingAccelerationStructurePostbuildInfo(This,pDesc, \
        NumSourceAccelerationStructures,pSourceAccelerationStructureData))
#define ID3D12GraphicsCommandList9_CopyRaytracingAccelerationStructure(This, \
        DestAccelerationStructureData,SourceAccelerationStructureData,Mode) \
    ((This)->lpVtbl->CopyRaytracingAccelerationStructure(This,DestAccelerationStructureData, \
        SourceAccelerationStructureData,Mode))
#define ID3D12GraphicsCommandList9_SetPipelineState1(This,pStateObject) \
    ((This)->lpVtbl->SetPipelineState1(This,pStateObject))
#define ID3D12GraphicsCommandList9_DispatchRays(This,pDesc) \
    ((This)->lpVtbl->DispatchRays(This,pDesc))
#define ID3D12GraphicsCommandList9_RSSetShadingRate(This,baseShadingRate,combiners) \
    ((This)->lpVtbl->RSSetShadingRate(This,baseShadingRate,combiners))
#define ID3D12GraphicsCommandList9_RSSetShadingRateImage(This,shadingRateImage) \
    ((This)->lpVtbl->RSSetShadingRateImage(This,shadingRateImage))
#define ID3D12GraphicsCommandList9_DispatchMesh(This,ThreadGroupCountX,ThreadGroupCountY, \
        ThreadGroupCountZ) \
    ((This)->lpVtbl->DispatchMesh(This,ThreadGroupCountX,ThreadGroupCountY,ThreadGroupCountZ))
#define ID3D12GraphicsCommandList9_Barrier(This,NumBarrierGroups,pBarrierGroups) \
    ((This)->lpVtbl->Barrier(This,NumBarrierGroups,pBarrierGroups))
#define ID3D12GraphicsCommandList9_OMSetFrontAndBackStencilRef(This,FrontStencilRef, \
        BackStencilRef) \
    ((This)->lpVtbl->OMSetFrontAndBackStencilRef(This,FrontStencilRef,BackStencilRef))
#define ID3D12GraphicsCommandList9_RSSetDepthBias(This,DepthBias,DepthBiasClamp, \
        SlopeScaledDepthBias) \
    ((This)->lpVtbl->RSSetDepthBias(This,DepthBias,DepthBiasClamp,SlopeScaledDepthBias))
#define ID3D12GraphicsCommandList9_IASetIndexBufferStripCutValue(This,IBStripCutValue) \
    ((This)->lpVtbl->IASetIndexBufferStripCutValue(This,IBStripCutValue))
#endif /* COBJMACROS */

#endif /* __ID3D12GraphicsCommandList9_INTERFACE_DEFINED__ */

/* ID3D12GraphicsCommandList10: generic programs and work graphs. */
#ifndef __ID3D12GraphicsCommandList10_FWD_DEFINED__
#define __ID3D12GraphicsCommandList10_FWD_DEFINED__
typedef interface ID3D12GraphicsCommandList10 ID3D12GraphicsCommandList10;
#endif

#ifndef __ID3D12GraphicsCommandList10_INTERFACE_DEFINED__
#define __ID3D12GraphicsCommandList10_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12GraphicsCommandList10;

#define D3D12RT_VTBL_ID3D12GraphicsCommandList10(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList9(T) \
    void (STDMETHODCALLTYPE *SetProgram)(T *This, const D3D12_SET_PROGRAM_DESC *pDesc); \
    void (STDMETHODCALLTYPE *DispatchGraph)(T *This, const D3D12_DISPATCH_GRAPH_DESC *pDesc);

typedef struct ID3D12GraphicsCommandList10Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12GraphicsCommandList10(ID3D12GraphicsCommandList10)
    END_INTERFACE
} ID3D12GraphicsCommandList10Vtbl;

interface ID3D12GraphicsCommandList10
{
    CONST_VTBL struct ID3D12GraphicsCommandList10Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12GraphicsCommandList10_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12GraphicsCommandList10_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12GraphicsCommandList10_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12GraphicsCommandList10_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12GraphicsCommandList10_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12GraphicsCommandList10_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12GraphicsCommandList10_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12GraphicsCommandList10_GetDevice(This,riid,ppvDevice) \
    ((This)->lpVtbl->GetDevice(This,riid,ppvDevice))
#define ID3D12GraphicsCommandList10_GetType(This) \
    ((This)->lpVtbl->GetType(This))
#define ID3D12GraphicsCommandList10_Close(This) \
    ((This)->lpVtbl->Close(This))
#define ID3D12GraphicsCommandList10_Reset(This,pAllocator,pInitialState) \
    ((This)->lpVtbl->Reset(This,pAllocator,pInitialState))
#define ID3D12GraphicsCommandList10_ClearState(This,pPipelineState) \
    ((This)->lpVtbl->ClearState(This,pPipelineState))
#define ID3D12GraphicsCommandList10_DrawInstanced(This,VertexCountPerInstance,InstanceCount, \
        StartVertexLocation,StartInstanceLocation) \
    ((This)->lpVtbl->DrawInstanced(This,VertexCountPerInstance,InstanceCount, \
        StartVertexLocation,StartInstanceLocation))
#define ID3D12GraphicsCommandList10_DrawIndexedInstanced(This,IndexCountPerInstance, \
        InstanceCount,StartIndexLocation,BaseVertexLocation,StartInstanceLocation) \
    ((This)->lpVtbl->DrawIndexedInstanced(This,IndexCountPerInstance,InstanceCount, \
        StartIndexLocation,BaseVertexLocation,StartInstanceLocation))
#define ID3D12GraphicsCommandList10_Dispatch(This,ThreadGroupCountX,ThreadGroupCountY, \
        ThreadGroupCountZ) \
    ((This)->lpVtbl->Dispatch(This,ThreadGroupCountX,ThreadGroupCountY,ThreadGroupCountZ))
#define ID3D12GraphicsCommandList10_CopyBufferRegion(This,pDstBuffer,DstOffset,pSrcBuffer, \
        SrcOffset,NumBytes) \
    ((This)->lpVtbl->CopyBufferRegion(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset,NumBytes))
#define ID3D12GraphicsCommandList10_CopyTextureRegion(This,pDst,DstX,DstY,DstZ,pSrc,pSrcBox) \
    ((This)->lpVtbl->CopyTextureRegion(This,pDst,DstX,DstY,DstZ,pSrc,pSrcBox))
#define ID3D12GraphicsCommandList10_CopyResource(This,pDstResource,pSrcResource) \
    ((This)->lpVtbl->CopyResource(This,pDstResource,pSrcResource))
#define ID3D12GraphicsCommandList10_CopyTiles(This,pTiledResource,pTileRegionStartCoordinate, \
        pTileRegionSize,pBuffer,BufferStartOffsetInBytes,Flags) \
    ((This)->lpVtbl->CopyTiles(This,pTiledResource,pTileRegionStartCoordinate,pTileRegionSize, \
        pBuffer,BufferStartOffsetInBytes,Flags))
#define ID3D12GraphicsCommandList10_ResolveSubresource(This,pDstResource,DstSubresource, \
        pSrcResource,SrcSubresource,Format) \
    ((This)->lpVtbl->ResolveSubresource(This,pDstResource,DstSubresource,pSrcResource, \
        SrcSubresource,Format))
#define ID3D12GraphicsCommandList10_IASetPrimitiveTopology(This,PrimitiveTopology) \
    ((This)->lpVtbl->IASetPrimitiveTopology(This,PrimitiveTopology))
#define ID3D12GraphicsCommandList10_RSSetViewports(This,NumViewports,pViewports) \
    ((This)->lpVtbl->RSSetViewports(This,NumViewports,pViewports))
#define ID3D12GraphicsCommandList10_RSSetScissorRects(This,NumRects,pRects) \
    ((This)->lpVtbl->RSSetScissorRects(This,NumRects,pRects))
#define ID3D12GraphicsCommandList10_OMSetBlendFactor(This,BlendFactor) \
    ((This)->lpVtbl->OMSetBlendFactor(This,BlendFactor))
#define ID3D12GraphicsCommandList10_OMSetStencilRef(This,StencilRef) \
    ((This)->lpVtbl->OMSetStencilRef(This,StencilRef))
#define ID3D12GraphicsCommandList10_SetPipelineState(This,pPipelineState) \
    ((This)->lpVtbl->SetPipelineState(This,pPipelineState))
#define ID3D12GraphicsCommandList10_ResourceBarrier(This,NumBarriers,pBarriers) \
    ((This)->lpVtbl->ResourceBarrier(This,NumBarriers,pBarriers))
#define ID3D12GraphicsCommandList10_ExecuteBundle(This,pCommandList) \
    ((This)->lpVtbl->ExecuteBundle(This,pCommandList))
#define ID3D12GraphicsCommandList10_SetDescriptorHeaps(This,NumDescriptorHeaps, \
        ppDescriptorHeaps) \
    ((This)->lpVtbl->SetDescriptorHeaps(This,NumDescriptorHeaps,ppDescriptorHeaps))
#define ID3D12GraphicsCommandList10_SetComputeRootSignature(This,pRootSignature) \
    ((This)->lpVtbl->SetComputeRootSignature(This,pRootSignature))
#define ID3D12GraphicsCommandList10_SetGraphicsRootSignature(This,pRootSignature) \
    ((This)->lpVtbl->SetGraphicsRootSignature(This,pRootSignature))
#define ID3D12GraphicsCommandList10_SetComputeRootDescriptorTable(This,RootParameterIndex, \
        BaseDescriptor) \
    ((This)->lpVtbl->SetComputeRootDescriptorTable(This,RootParameterIndex,BaseDescriptor))
#define ID3D12GraphicsCommandList10_SetGraphicsRootDescriptorTable(This,RootParameterIndex, \
        BaseDescriptor) \
    ((This)->lpVtbl->SetGraphicsRootDescriptorTable(This,RootParameterIndex,BaseDescriptor))
#define ID3D12GraphicsCommandList10_SetComputeRoot32BitConstant(This,RootParameterIndex, \
        SrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetComputeRoot32BitConstant(This,RootParameterIndex,SrcData, \
        DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList10_SetGraphicsRoot32BitConstant(This,RootParameterIndex, \
        SrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetGraphicsRoot32BitConstant(This,RootParameterIndex,SrcData, \
        DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList10_SetComputeRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetComputeRoot32BitConstants(This,RootParameterIndex,Num32BitValuesToSet, \
        pSrcData,DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList10_SetGraphicsRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetGraphicsRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList10_SetComputeRootConstantBufferView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootConstantBufferView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList10_SetGraphicsRootConstantBufferView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootConstantBufferView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList10_SetComputeRootShaderResourceView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootShaderResourceView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList10_SetGraphicsRootShaderResourceView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootShaderResourceView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList10_SetComputeRootUnorderedAccessView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootUnorderedAccessView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList10_SetGraphicsRootUnorderedAccessView(This, \
        RootParameterIndex,BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootUnorderedAccessView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList10_IASetIndexBuffer(This,pView) \
    ((This)->lpVtbl->IASetIndexBuffer(This,pView))
#define ID3D12GraphicsCommandList10_IASetVertexBuffers(This,StartSlot,NumViews,pViews) \
    ((This)->lpVtbl->IASetVertexBuffers(This,StartSlot,NumViews,pViews))
#define ID3D12GraphicsCommandList10_SOSetTargets(This,StartSlot,NumViews,pViews) \
    ((This)->lpVtbl->SOSetTargets(This,StartSlot,NumViews,pViews))
#define ID3D12GraphicsCommandList10_OMSetRenderTargets(This,NumRenderTargetDescriptors, \
        pRenderTargetDescriptors,RTsSingleHandleToDescriptorRange,pDepthStencilDescriptor) \
    ((This)->lpVtbl->OMSetRenderTargets(This,NumRenderTargetDescriptors, \
        pRenderTargetDescriptors,RTsSingleHandleToDescriptorRange,pDepthStencilDescriptor))
#define ID3D12GraphicsCommandList10_ClearDepthStencilView(This,DepthStencilView,ClearFlags, \
        Depth,Stencil,NumRects,pRects) \
    ((This)->lpVtbl->ClearDepthStencilView(This,DepthStencilView,ClearFlags,Depth,Stencil, \
        NumRects,pRects))
#define ID3D12GraphicsCommandList10_ClearRenderTargetView(This,RenderTargetView,ColorRGBA, \
        NumRects,pRects) \
    ((This)->lpVtbl->ClearRenderTargetView(This,RenderTargetView,ColorRGBA,NumRects,pRects))
#define ID3D12GraphicsCommandList10_ClearUnorderedAccessViewUint(This, \
        ViewGPUHandleInCurrentHeap,ViewCPUHandle,pResource,Values,NumRects,pRects) \
    ((This)->lpVtbl->ClearUnorderedAccessViewUint(This,ViewGPUHandleInCurrentHeap, \
        ViewCPUHandle,pResource,Values,NumRects,pRects))
#define ID3D12GraphicsCommandList10_ClearUnorderedAccessViewFloat(This, \
        ViewGPUHandleInCurrentHeap,ViewCPUHandle,pResource,Values,NumRects,pRects) \
    ((This)->lpVtbl->ClearUnorderedAccessViewFloat(This,ViewGPUHandleInCurrentHeap, \
        ViewCPUHandle,pResource,Values,NumRects,pRects))
#define ID3D12GraphicsCommandList10_DiscardResource(This,pResource,pRegion) \
    ((This)->lpVtbl->DiscardResource(This,pResource,pRegion))
#define ID3D12GraphicsCommandList10_BeginQuery(This,pQueryHeap,Type,Index) \
    ((This)->lpVtbl->BeginQuery(This,pQueryHeap,Type,Index))
#define ID3D12GraphicsCommandList10_EndQuery(This,pQueryHeap,Type,Index) \
    ((This)->lpVtbl->EndQuery(This,pQueryHeap,Type,Index))
#define ID3D12GraphicsCommandList10_ResolveQueryData(This,pQueryHeap,Type,StartIndex, \
        NumQueries,pDestinationBuffer,AlignedDestinationBufferOffset) \
    ((This)->lpVtbl->ResolveQueryData(This,pQueryHeap,Type,StartIndex,NumQueries, \
        pDestinationBuffer,AlignedDestinationBufferOffset))
#define ID3D12GraphicsCommandList10_SetPredication(This,pBuffer,AlignedBufferOffset,Operation) \
    ((This)->lpVtbl->SetPredication(This,pBuffer,AlignedBufferOffset,Operation))
#define ID3D12GraphicsCommandList10_SetMarker(This,Metadata,pData,Size) \
    ((This)->lpVtbl->SetMarker(This,Metadata,pData,Size))
#define ID3D12GraphicsCommandList10_BeginEvent(This,Metadata,pData,Size) \
    ((This)->lpVtbl->BeginEvent(This,Metadata,pData,Size))
#define ID3D12GraphicsCommandList10_EndEvent(This) \
    ((This)->lpVtbl->EndEvent(This))
#define ID3D12GraphicsCommandList10_ExecuteIndirect(This,pCommandSignature,MaxCommandCount, \
        pArgumentBuffer,ArgumentBufferOffset,pCountBuffer,CountBufferOffset) \
    ((This)->lpVtbl->ExecuteIndirect(This,pCommandSignature,MaxCommandCount,pArgumentBuffer, \
        ArgumentBufferOffset,pCountBuffer,CountBufferOffset))
#define ID3D12GraphicsCommandList10_AtomicCopyBufferUINT(This,pDstBuffer,DstOffset,pSrcBuffer, \
        SrcOffset,Dependencies,ppDependentResources,pDependentSubresourceRanges) \
    ((This)->lpVtbl->AtomicCopyBufferUINT(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset, \
        Dependencies,ppDependentResources,pDependentSubresourceRanges))
#define ID3D12GraphicsCommandList10_AtomicCopyBufferUINT64(This,pDstBuffer,DstOffset, \
        pSrcBuffer,SrcOffset,Dependencies,ppDependentResources,pDependentSubresourceRanges) \
    ((This)->lpVtbl->AtomicCopyBufferUINT64(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset, \
        Dependencies,ppDependentResources,pDependentSubresourceRanges))
#define ID3D12GraphicsCommandList10_OMSetDepthBounds(This,Min,Max) \
    ((This)->lpVtbl->OMSetDepthBounds(This,Min,Max))
#define ID3D12GraphicsCommandList10_SetSamplePositions(This,NumSamplesPerPixel,NumPixels, \
        pSamplePositions) \
    ((This)->lpVtbl->SetSamplePositions(This,NumSamplesPerPixel,NumPixels,pSamplePositions))
#define ID3D12GraphicsCommandList10_ResolveSubresourceRegion(This,pDstResource,DstSubresource, \
        DstX,DstY,pSrcResource,SrcSubresource,pSrcRect,Format,ResolveMode) \
    ((This)->lpVtbl->ResolveSubresourceRegion(This,pDstResource,DstSubresource,DstX,DstY, \
        pSrcResource,SrcSubresource,pSrcRect,Format,ResolveMode))
#define ID3D12GraphicsCommandList10_SetViewInstanceMask(This,Mask) \
    ((This)->lpVtbl->SetViewInstanceMask(This,Mask))
#define ID3D12GraphicsCommandList10_WriteBufferImmediate(This,Count,pParams,pModes) \
    ((This)->lpVtbl->WriteBufferImmediate(This,Count,pParams,pModes))
#define ID3D12GraphicsCommandList10_SetProtectedResourceSession(This,pProtectedResourceSession) \
    ((This)->lpVtbl->SetProtectedResourceSession(This,pProtectedResourceSession))
#define ID3D12GraphicsCommandList10_BeginRenderPass(This,NumRenderTargets,pRenderTargets, \
        pDepthStencil,Flags) \
    ((This)->lpVtbl->BeginRenderPass(This,NumRenderTargets,pRenderTargets,pDepthStencil,Flags))
#define ID3D12GraphicsCommandList10_EndRenderPass(This) \
    ((This)->lpVtbl->EndRenderPass(This))
#define ID3D12GraphicsCommandList10_InitializeMetaCommand(This,pMetaCommand, \
        pInitializationParametersData,InitializationParametersDataSizeInBytes) \
    ((This)->lpVtbl->InitializeMetaCommand(This,pMetaCommand,pInitializationParametersData, \
        InitializationParametersDataSizeInBytes))
#define ID3D12GraphicsCommandList10_ExecuteMetaCommand(This,pMetaCommand, \
        pExecutionParametersData,ExecutionParametersDataSizeInBytes) \
    ((This)->lpVtbl->ExecuteMetaCommand(This,pMetaCommand,pExecutionParametersData, \
        ExecutionParametersDataSizeInBytes))
#define ID3D12GraphicsCommandList10_BuildRaytracingAccelerationStructure(This,pDesc, \
        NumPostbuildInfoDescs,pPostbuildInfoDescs) \
    ((This)->lpVtbl->BuildRaytracingAccelerationStructure(This,pDesc,NumPostbuildInfoDescs, \
        pPostbuildInfoDescs))
#define ID3D12GraphicsCommandList10_EmitRaytracingAccelerationStructurePostbuildInfo(This, \
        pDesc,NumSourceAccelerationStructures,pSourceAccelerationStructureData) \
    ((This)->lpVtbl->EmitRaytracingAccelerationStructurePostbuildInfo(This,pDesc, \
        NumSourceAccelerationStructures,pSourceAccelerationStructureData))
#define ID3D12GraphicsCommandList10_CopyRaytracingAccelerationStructure(This, \
        DestAccelerationStructureData,SourceAccelerationStructureData,Mode) \
    ((This)->lpVtbl->CopyRaytracingAccelerationStructure(This,DestAccelerationStructureData, \
        SourceAccelerationStructureData,Mode))
#define ID3D12GraphicsCommandList10_SetPipelineState1(This,pStateObject) \
    ((This)->lpVtbl->SetPipelineState1(This,pStateObject))
#define ID3D12GraphicsCommandList10_DispatchRays(This,pDesc) \
    ((This)->lpVtbl->DispatchRays(This,pDesc))
#define ID3D12GraphicsCommandList10_RSSetShadingRate(This,baseShadingRate,combiners) \
    ((This)->lpVtbl->RSSetShadingRate(This,baseShadingRate,combiners))
#define ID3D12GraphicsCommandList10_RSSetShadingRateImage(This,shadingRateImage) \
    ((This)->lpVtbl->RSSetShadingRateImage(This,shadingRateImage))
#define ID3D12GraphicsCommandList10_DispatchMesh(This,ThreadGroupCountX,ThreadGroupCountY, \
        ThreadGroupCountZ) \
    ((This)->lpVtbl->DispatchMesh(This,ThreadGroupCountX,ThreadGroupCountY,ThreadGroupCountZ))
#define ID3D12GraphicsCommandList10_Barrier(This,NumBarrierGroups,pBarrierGroups) \
    ((This)->lpVtbl->Barrier(This,NumBarrierGroups,pBarrierGroups))
#define ID3D12GraphicsCommandList10_OMSetFrontAndBackStencilRef(This,FrontStencilRef, \
        BackStencilRef) \
    ((This)->lpVtbl->OMSetFrontAndBackStencilRef(This,FrontStencilRef,BackStencilRef))
#define ID3D12GraphicsCommandList10_RSSetDepthBias(This,DepthBias,DepthBiasClamp, \
        SlopeScaledDepthBias) \
    ((This)->lpVtbl->RSSetDepthBias(This,DepthBias,DepthBiasClamp,SlopeScaledDepthBias))
#define ID3D12GraphicsCommandList10_IASetIndexBufferStripCutValue(This,IBStripCutValue) \
    ((This)->lpVtbl->IASetIndexBufferStripCutValue(This,IBStripCutValue))
#define ID3D12GraphicsCommandList10_SetProgram(This,pDesc) \
    ((This)->lpVtbl->SetProgram(This,pDesc))
#define ID3D12GraphicsCommandList10_DispatchGraph(This,pDesc) \
    ((This)->lpVtbl->DispatchGraph(This,pDesc))
#endif /* COBJMACROS */

#endif /* __ID3D12GraphicsCommandList10_INTERFACE_DEFINED__ */

/* ID3D12GraphicsCommandList11: fence barriers. */
#ifndef __ID3D12GraphicsCommandList11_FWD_DEFINED__
#define __ID3D12GraphicsCommandList11_FWD_DEFINED__
typedef interface ID3D12GraphicsCommandList11 ID3D12GraphicsCommandList11;
#endif

#ifndef __ID3D12GraphicsCommandList11_INTERFACE_DEFINED__
#define __ID3D12GraphicsCommandList11_INTERFACE_DEFINED__

EXTERN_C const IID IID_ID3D12GraphicsCommandList11;

#define D3D12RT_VTBL_ID3D12GraphicsCommandList11(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList10(T) \
    void (STDMETHODCALLTYPE *WaitBarrier)(T *This, UINT NumBarrierGroups, \
        const D3D12_BARRIER_GROUP *pBarrierGroups, UINT NumFences, \
        ID3D12Fence *const *ppFences, const UINT64 *pFenceValues); \
    void (STDMETHODCALLTYPE *SignalBarrier)(T *This, UINT NumBarrierGroups, \
        const D3D12_BARRIER_GROUP *pBarrierGroups, ID3D12Fence *pFence, UINT64 FenceValue);

typedef struct ID3D12GraphicsCommandList11Vtbl
{
    BEGIN_INTERFACE
    D3D12RT_VTBL_ID3D12GraphicsCommandList11(ID3D12GraphicsCommandList11)
    END_INTERFACE
} ID3D12GraphicsCommandList11Vtbl;

interface ID3D12GraphicsCommandList11
{
    CONST_VTBL struct ID3D12GraphicsCommandList11Vtbl *lpVtbl;
};

#ifdef COBJMACROS
#define ID3D12GraphicsCommandList11_QueryInterface(This,riid,ppvObject) \
    ((This)->lpVtbl->QueryInterface(This,riid,ppvObject))
#define ID3D12GraphicsCommandList11_AddRef(This) \
    ((This)->lpVtbl->AddRef(This))
#define ID3D12GraphicsCommandList11_Release(This) \
    ((This)->lpVtbl->Release(This))
#define ID3D12GraphicsCommandList11_GetPrivateData(This,guid,pDataSize,pData) \
    ((This)->lpVtbl->GetPrivateData(This,guid,pDataSize,pData))
#define ID3D12GraphicsCommandList11_SetPrivateData(This,guid,DataSize,pData) \
    ((This)->lpVtbl->SetPrivateData(This,guid,DataSize,pData))
#define ID3D12GraphicsCommandList11_SetPrivateDataInterface(This,guid,pData) \
    ((This)->lpVtbl->SetPrivateDataInterface(This,guid,pData))
#define ID3D12GraphicsCommandList11_SetName(This,Name) \
    ((This)->lpVtbl->SetName(This,Name))
#define ID3D12GraphicsCommandList11_GetDevice(This,riid,ppvDevice) \
    ((This)->lpVtbl->GetDevice(This,riid,ppvDevice))
#define ID3D12GraphicsCommandList11_GetType(This) \
    ((This)->lpVtbl->GetType(This))
#define ID3D12GraphicsCommandList11_Close(This) \
    ((This)->lpVtbl->Close(This))
#define ID3D12GraphicsCommandList11_Reset(This,pAllocator,pInitialState) \
    ((This)->lpVtbl->Reset(This,pAllocator,pInitialState))
#define ID3D12GraphicsCommandList11_ClearState(This,pPipelineState) \
    ((This)->lpVtbl->ClearState(This,pPipelineState))
#define ID3D12GraphicsCommandList11_DrawInstanced(This,VertexCountPerInstance,InstanceCount, \
        StartVertexLocation,StartInstanceLocation) \
    ((This)->lpVtbl->DrawInstanced(This,VertexCountPerInstance,InstanceCount, \
        StartVertexLocation,StartInstanceLocation))
#define ID3D12GraphicsCommandList11_DrawIndexedInstanced(This,IndexCountPerInstance, \
        InstanceCount,StartIndexLocation,BaseVertexLocation,StartInstanceLocation) \
    ((This)->lpVtbl->DrawIndexedInstanced(This,IndexCountPerInstance,InstanceCount, \
        StartIndexLocation,BaseVertexLocation,StartInstanceLocation))
#define ID3D12GraphicsCommandList11_Dispatch(This,ThreadGroupCountX,ThreadGroupCountY, \
        ThreadGroupCountZ) \
    ((This)->lpVtbl->Dispatch(This,ThreadGroupCountX,ThreadGroupCountY,ThreadGroupCountZ))
#define ID3D12GraphicsCommandList11_CopyBufferRegion(This,pDstBuffer,DstOffset,pSrcBuffer, \
        SrcOffset,NumBytes) \
    ((This)->lpVtbl->CopyBufferRegion(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset,NumBytes))
#define ID3D12GraphicsCommandList11_CopyTextureRegion(This,pDst,DstX,DstY,DstZ,pSrc,pSrcBox) \
    ((This)->lpVtbl->CopyTextureRegion(This,pDst,DstX,DstY,DstZ,pSrc,pSrcBox))
#define ID3D12GraphicsCommandList11_CopyResource(This,pDstResource,pSrcResource) \
    ((This)->lpVtbl->CopyResource(This,pDstResource,pSrcResource))
#define ID3D12GraphicsCommandList11_CopyTiles(This,pTiledResource,pTileRegionStartCoordinate, \
        pTileRegionSize,pBuffer,BufferStartOffsetInBytes,Flags) \
    ((This)->lpVtbl->CopyTiles(This,pTiledResource,pTileRegionStartCoordinate,pTileRegionSize, \
        pBuffer,BufferStartOffsetInBytes,Flags))
#define ID3D12GraphicsCommandList11_ResolveSubresource(This,pDstResource,DstSubresource, \
        pSrcResource,SrcSubresource,Format) \
    ((This)->lpVtbl->ResolveSubresource(This,pDstResource,DstSubresource,pSrcResource, \
        SrcSubresource,Format))
#define ID3D12GraphicsCommandList11_IASetPrimitiveTopology(This,PrimitiveTopology) \
    ((This)->lpVtbl->IASetPrimitiveTopology(This,PrimitiveTopology))
#define ID3D12GraphicsCommandList11_RSSetViewports(This,NumViewports,pViewports) \
    ((This)->lpVtbl->RSSetViewports(This,NumViewports,pViewports))
#define ID3D12GraphicsCommandList11_RSSetScissorRects(This,NumRects,pRects) \
    ((This)->lpVtbl->RSSetScissorRects(This,NumRects,pRects))
#define ID3D12GraphicsCommandList11_OMSetBlendFactor(This,BlendFactor) \
    ((This)->lpVtbl->OMSetBlendFactor(This,BlendFactor))
#define ID3D12GraphicsCommandList11_OMSetStencilRef(This,StencilRef) \
    ((This)->lpVtbl->OMSetStencilRef(This,StencilRef))
#define ID3D12GraphicsCommandList11_SetPipelineState(This,pPipelineState) \
    ((This)->lpVtbl->SetPipelineState(This,pPipelineState))
#define ID3D12GraphicsCommandList11_ResourceBarrier(This,NumBarriers,pBarriers) \
    ((This)->lpVtbl->ResourceBarrier(This,NumBarriers,pBarriers))
#define ID3D12GraphicsCommandList11_ExecuteBundle(This,pCommandList) \
    ((This)->lpVtbl->ExecuteBundle(This,pCommandList))
#define ID3D12GraphicsCommandList11_SetDescriptorHeaps(This,NumDescriptorHeaps, \
        ppDescriptorHeaps) \
    ((This)->lpVtbl->SetDescriptorHeaps(This,NumDescriptorHeaps,ppDescriptorHeaps))
#define ID3D12GraphicsCommandList11_SetComputeRootSignature(This,pRootSignature) \
    ((This)->lpVtbl->SetComputeRootSignature(This,pRootSignature))
#define ID3D12GraphicsCommandList11_SetGraphicsRootSignature(This,pRootSignature) \
    ((This)->lpVtbl->SetGraphicsRootSignature(This,pRootSignature))
#define ID3D12GraphicsCommandList11_SetComputeRootDescriptorTable(This,RootParameterIndex, \
        BaseDescriptor) \
    ((This)->lpVtbl->SetComputeRootDescriptorTable(This,RootParameterIndex,BaseDescriptor))
#define ID3D12GraphicsCommandList11_SetGraphicsRootDescriptorTable(This,RootParameterIndex, \
        BaseDescriptor) \
    ((This)->lpVtbl->SetGraphicsRootDescriptorTable(This,RootParameterIndex,BaseDescriptor))
#define ID3D12GraphicsCommandList11_SetComputeRoot32BitConstant(This,RootParameterIndex, \
        SrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetComputeRoot32BitConstant(This,RootParameterIndex,SrcData, \
        DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList11_SetGraphicsRoot32BitConstant(This,RootParameterIndex, \
        SrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetGraphicsRoot32BitConstant(This,RootParameterIndex,SrcData, \
        DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList11_SetComputeRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetComputeRoot32BitConstants(This,RootParameterIndex,Num32BitValuesToSet, \
        pSrcData,DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList11_SetGraphicsRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues) \
    ((This)->lpVtbl->SetGraphicsRoot32BitConstants(This,RootParameterIndex, \
        Num32BitValuesToSet,pSrcData,DestOffsetIn32BitValues))
#define ID3D12GraphicsCommandList11_SetComputeRootConstantBufferView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootConstantBufferView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList11_SetGraphicsRootConstantBufferView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootConstantBufferView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList11_SetComputeRootShaderResourceView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootShaderResourceView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList11_SetGraphicsRootShaderResourceView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootShaderResourceView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList11_SetComputeRootUnorderedAccessView(This,RootParameterIndex, \
        BufferLocation) \
    ((This)->lpVtbl->SetComputeRootUnorderedAccessView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList11_SetGraphicsRootUnorderedAccessView(This, \
        RootParameterIndex,BufferLocation) \
    ((This)->lpVtbl->SetGraphicsRootUnorderedAccessView(This,RootParameterIndex,BufferLocation))
#define ID3D12GraphicsCommandList11_IASetIndexBuffer(This,pView) \
    ((This)->lpVtbl->IASetIndexBuffer(This,pView))
#define ID3D12GraphicsCommandList11_IASetVertexBuffers(This,StartSlot,NumViews,pViews) \
    ((This)->lpVtbl->IASetVertexBuffers(This,StartSlot,NumViews,pViews))
#define ID3D12GraphicsCommandList11_SOSetTargets(This,StartSlot,NumViews,pViews) \
    ((This)->lpVtbl->SOSetTargets(This,StartSlot,NumViews,pViews))
#define ID3D12GraphicsCommandList11_OMSetRenderTargets(This,NumRenderTargetDescriptors, \
        pRenderTargetDescriptors,RTsSingleHandleToDescriptorRange,pDepthStencilDescriptor) \
    ((This)->lpVtbl->OMSetRenderTargets(This,NumRenderTargetDescriptors, \
        pRenderTargetDescriptors,RTsSingleHandleToDescriptorRange,pDepthStencilDescriptor))
#define ID3D12GraphicsCommandList11_ClearDepthStencilView(This,DepthStencilView,ClearFlags, \
        Depth,Stencil,NumRects,pRects) \
    ((This)->lpVtbl->ClearDepthStencilView(This,DepthStencilView,ClearFlags,Depth,Stencil, \
        NumRects,pRects))
#define ID3D12GraphicsCommandList11_ClearRenderTargetView(This,RenderTargetView,ColorRGBA, \
        NumRects,pRects) \
    ((This)->lpVtbl->ClearRenderTargetView(This,RenderTargetView,ColorRGBA,NumRects,pRects))
#define ID3D12GraphicsCommandList11_ClearUnorderedAccessViewUint(This, \
        ViewGPUHandleInCurrentHeap,ViewCPUHandle,pResource,Values,NumRects,pRects) \
    ((This)->lpVtbl->ClearUnorderedAccessViewUint(This,ViewGPUHandleInCurrentHeap, \
        ViewCPUHandle,pResource,Values,NumRects,pRects))
#define ID3D12GraphicsCommandList11_ClearUnorderedAccessViewFloat(This, \
        ViewGPUHandleInCurrentHeap,ViewCPUHandle,pResource,Values,NumRects,pRects) \
    ((This)->lpVtbl->ClearUnorderedAccessViewFloat(This,ViewGPUHandleInCurrentHeap, \
        ViewCPUHandle,pResource,Values,NumRects,pRects))
#define ID3D12GraphicsCommandList11_DiscardResource(This,pResource,pRegion) \
    ((This)->lpVtbl->DiscardResource(This,pResource,pRegion))
#define ID3D12GraphicsCommandList11_BeginQuery(This,pQueryHeap,Type,Index) \
    ((This)->lpVtbl->BeginQuery(This,pQueryHeap,Type,Index))
#define ID3D12GraphicsCommandList11_EndQuery(This,pQueryHeap,Type,Index) \
    ((This)->lpVtbl->EndQuery(This,pQueryHeap,Type,Index))
#define ID3D12GraphicsCommandList11_ResolveQueryData(This,pQueryHeap,Type,StartIndex, \
        NumQueries,pDestinationBuffer,AlignedDestinationBufferOffset) \
    ((This)->lpVtbl->ResolveQueryData(This,pQueryHeap,Type,StartIndex,NumQueries, \
        pDestinationBuffer,AlignedDestinationBufferOffset))
#define ID3D12GraphicsCommandList11_SetPredication(This,pBuffer,AlignedBufferOffset,Operation) \
    ((This)->lpVtbl->SetPredication(This,pBuffer,AlignedBufferOffset,Operation))
#define ID3D12GraphicsCommandList11_SetMarker(This,Metadata,pData,Size) \
    ((This)->lpVtbl->SetMarker(This,Metadata,pData,Size))
#define ID3D12GraphicsCommandList11_BeginEvent(This,Metadata,pData,Size) \
    ((This)->lpVtbl->BeginEvent(This,Metadata,pData,Size))
#define ID3D12GraphicsCommandList11_EndEvent(This) \
    ((This)->lpVtbl->EndEvent(This))
#define ID3D12GraphicsCommandList11_ExecuteIndirect(This,pCommandSignature,MaxCommandCount, \
        pArgumentBuffer,ArgumentBufferOffset,pCountBuffer,CountBufferOffset) \
    ((This)->lpVtbl->ExecuteIndirect(This,pCommandSignature,MaxCommandCount,pArgumentBuffer, \
        ArgumentBufferOffset,pCountBuffer,CountBufferOffset))
#define ID3D12GraphicsCommandList11_AtomicCopyBufferUINT(This,pDstBuffer,DstOffset,pSrcBuffer, \
        SrcOffset,Dependencies,ppDependentResources,pDependentSubresourceRanges) \
    ((This)->lpVtbl->AtomicCopyBufferUINT(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset, \
        Dependencies,ppDependentResources,pDependentSubresourceRanges))
#define ID3D12GraphicsCommandList11_AtomicCopyBufferUINT64(This,pDstBuffer,DstOffset, \
        pSrcBuffer,SrcOffset,Dependencies,ppDependentResources,pDependentSubresourceRanges) \
    ((This)->lpVtbl->AtomicCopyBufferUINT64(This,pDstBuffer,DstOffset,pSrcBuffer,SrcOffset, \
        Dependencies,ppDependentResources,pDependentSubresourceRanges))
#define ID3D12GraphicsCommandList11_OMSetDepthBounds(This,Min,Max) \
    ((This)->lpVtbl->OMSetDepthBounds(This,Min,Max))
#define ID3D12GraphicsCommandList11_SetSamplePositions(This,NumSamplesPerPixel,NumPixels, \
        pSamplePositions) \
    ((This)->lpVtbl->SetSamplePositions(This,NumSamplesPerPixel,NumPixels,pSamplePositions))
#define ID3D12GraphicsCommandList11_ResolveSubresourceRegion(This,pDstResource,DstSubresource, \
        DstX,DstY,pSrcResource,SrcSubresource,pSrcRect,Format,ResolveMode) \
    ((This)->lpVtbl->ResolveSubresourceRegion(This,pDstResource,DstSubresource,DstX,DstY, \
        pSrcResource,SrcSubresource,pSrcRect,Format,ResolveMode))
#define ID3D12GraphicsCommandList11_SetViewInstanceMask(This,Mask) \
    ((This)->lpVtbl->SetViewInstanceMask(This,Mask))
#define ID3D12GraphicsCommandList11_WriteBufferImmediate(This,Count,pParams,pModes) \
    ((This)->lpVtbl->WriteBufferImmediate(This,Count,pParams,pModes))
#define ID3D12GraphicsCommandList11_SetProtectedResourceSession(This,pProtectedResourceSession) \
    ((This)->lpVtbl->SetProtectedResourceSession(This,pProtectedResourceSession))
#define ID3D12GraphicsCommandList11_BeginRenderPass(This,NumRenderTargets,pRenderTargets, \
        pDepthStencil,Flags) \
    ((This)->lpVtbl->BeginRenderPass(This,NumRenderTargets,pRenderTargets,pDepthStencil,Flags))
#define ID3D12GraphicsCommandList11_EndRenderPass(This) \
    ((This)->lpVtbl->EndRenderPass(This))
#define ID3D12GraphicsCommandList11_InitializeMetaCommand(This,pMetaCommand, \
        pInitializationParametersData,InitializationParametersDataSizeInBytes) \
    ((This)->lpVtbl->InitializeMetaCommand(This,pMetaCommand,pInitializationParametersData, \
        InitializationParametersDataSizeInBytes))
#define ID3D12GraphicsCommandList11_ExecuteMetaCommand(This,pMetaCommand, \
        pExecutionParametersData,ExecutionParametersDataSizeInBytes) \
    ((This)->lpVtbl->ExecuteMetaCommand(This,pMetaCommand,pExecutionParametersData, \
        ExecutionParametersDataSizeInBytes))
#define ID3D12GraphicsCommandList11_BuildRaytracingAccelerationStructure(This,pDesc, \
        NumPostbuildInfoDescs,pPostbuildInfoDescs) \
    ((This)->lpVtbl->BuildRaytracingAccelerationStructure(This,pDesc,NumPostbuildInfoDescs, \
        pPostbuildInfoDescs))
#define ID3D12GraphicsCommandList11_EmitRaytracingAccelerationStructurePostbuildInfo(This, \
        pDesc,NumSourceAccelerationStructures,pSourceAccelerationStructureData) \
    ((This)->lpVtbl->EmitRaytracingAccelerationStructurePostbuildInfo(This,pDesc, \
        NumSourceAccelerationStructures,pSourceAccelerationStructureData))
#define ID3D12GraphicsCommandList11_CopyRaytracingAccelerationStructure(This, \
        DestAccelerationStructureData,SourceAccelerationStructureData,Mode) \
    ((This)->lpVtbl->CopyRaytracingAccelerationStructure(This,DestAccelerationStructureData, \
        SourceAccelerationStructureData,Mode))
#define ID3D12GraphicsCommandList11_SetPipelineState1(This,pStateObject) \
    ((This)->lpVtbl->SetPipelineState1(This,pStateObject))
#define ID3D12GraphicsCommandList11_DispatchRays(This,pDesc) \
    ((This)->lpVtbl->DispatchRays(This,pDesc))
#define ID3D12GraphicsCommandList11_RSSetShadingRate(This,baseShadingRate,combiners) \
    ((This)->lpVtbl->RSSetShadingRate(This,baseShadingRate,combiners))
#define ID3D12GraphicsCommandList11_RSSetShadingRateImage(This,shadingRateImage) \
    ((This)->lpVtbl->RSSetShadingRateImage(This,shadingRateImage))
#define ID3D12GraphicsCommandList11_DispatchMesh(This,ThreadGroupCountX,ThreadGroupCountY, \
        ThreadGroupCountZ) \
    ((This)->lpVtbl->DispatchMesh(This,ThreadGroupCountX,ThreadGroupCountY,ThreadGroupCountZ))
#define ID3D12GraphicsCommandList11_Barrier(This,NumBarrierGroups,pBarrierGroups) \
    ((This)->lpVtbl->Barrier(This,NumBarrierGroups,pBarrierGroups))
#define ID3D12GraphicsCommandList11_OMSetFrontAndBackStencilRef(This,FrontStencilRef, \
        BackStencilRef) \
    ((This)->lpVtbl->OMSetFrontAndBackStencilRef(This,FrontStencilRef,BackStencilRef))
#define ID3D12GraphicsCommandList11_RSSetDepthBias(This,DepthBias,DepthBiasClamp, \
        SlopeScaledDepthBias) \
    ((This)->lpVtbl->RSSetDepthBias(This,DepthBias,DepthBiasClamp,SlopeScaledDepthBias))
#define ID3D12GraphicsCommandList11_IASetIndexBufferStripCutValue(This,IBStripCutValue) \
    ((This)->lpVtbl->IASetIndexBufferStripCutValue(This,IBStripCutValue))
#define ID3D12GraphicsCommandList11_SetProgram(This,pDesc) \
    ((This)->lpVtbl->SetProgram(This,pDesc))
#define ID3D12GraphicsCommandList11_DispatchGraph(This,pDesc) \
    ((This)->lpVtbl->DispatchGraph(This,pDesc))
#define ID3D12GraphicsCommandList11_WaitBarrier(This,NumBarrierGroups,pBarrierGroups, \
        NumFences,ppFences,pFenceValues) \
    ((This)->lpVtbl->WaitBarrier(This,NumBarrierGroups,pBarrierGroups,NumFences,ppFences, \
        pFenceValues))
#define ID3D12GraphicsCommandList11_SignalBarrier(This,NumBarrierGroups,pBarrierGroups,pFence, \
        FenceValue) \
    ((This)->lpVtbl->SignalBarrier(This,NumBarrierGroups,pBarrierGroups,pFence,FenceValue))
#endif /* COBJMACROS */

#endif /* __ID3D12GraphicsCommandList11_INTERFACE_DEFINED__ */

DEFINE_GUID(IID_ID3D12GraphicsCommandList9,0x34ed2808,0xffe6,0x4c2b,0xb1,0x1a,0xca,0xbd,0x2b,0x0c,0x59,0xe1);
DEFINE_GUID(IID_ID3D12GraphicsCommandList10,0x7013c015,0xd161,0x4b63,0xa0,0x8c,0x23,0x85,0x52,0xdd,0x8a,0xcc);
DEFINE_GUID(IID_ID3D12GraphicsCommandList11,0x823aee5b,0xc932,0x4b15,0xb4,0xc4,0x4a,0x28,0xe7,0xc3,0x4d,0xea);

#endif /* D3D12RT_D3D12_CMDLIST_H */
