/*
 * d3d12rt public headers: what every other header here builds on.
 *
 * - The DirectX-Headers 1.606.4 declarations, included in the order the C form needs.
 * - Vtable member lists of the interfaces 1.606.4 already declares. C has no interface
 *   inheritance, so every Vtbl repeats its ancestors' methods in order:
 *   D3D12RT_VTBL_<Interface>(T) expands to the members of <Interface> and all of its
 *   ancestors with `T *This` as the first parameter. The newer interfaces in this
 *   directory build their Vtbl structs from these lists and append their own methods.
 */
#ifndef D3D12RT_BASE_H
#define D3D12RT_BASE_H

#if defined(__cplusplus) && !defined(CINTERFACE)
#error "d3d12rt headers declare the C interface form; define CINTERFACE when compiling C++"
#endif

#include <limits.h>
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>

#ifdef __cplusplus
#define D3D12RT_STATIC_ASSERT(expr, msg) static_assert(expr, msg)
#else
#define D3D12RT_STATIC_ASSERT(expr, msg) _Static_assert(expr, msg)
#endif

#define D3D12RT_VTBL_IUnknown(T) \
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(T *This, REFIID riid, void **ppvObject); \
    ULONG (STDMETHODCALLTYPE *AddRef)(T *This); \
    ULONG (STDMETHODCALLTYPE *Release)(T *This);

#define D3D12RT_VTBL_ID3D12Object(T) \
    D3D12RT_VTBL_IUnknown(T) \
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(T *This, REFGUID guid, UINT *pDataSize, \
        void *pData); \
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(T *This, REFGUID guid, UINT DataSize, \
        const void *pData); \
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(T *This, REFGUID guid, \
        const IUnknown *pData); \
    HRESULT (STDMETHODCALLTYPE *SetName)(T *This, LPCWSTR Name);

#define D3D12RT_VTBL_ID3D12DeviceChild(T) \
    D3D12RT_VTBL_ID3D12Object(T) \
    HRESULT (STDMETHODCALLTYPE *GetDevice)(T *This, REFIID riid, void **ppvDevice);

#define D3D12RT_VTBL_ID3D12Pageable(T) \
    D3D12RT_VTBL_ID3D12DeviceChild(T)

/* Methods that return a structure return it by value on Linux and through a
 * hidden pointer in the Windows ABI, as DirectX-Headers declares them. */
#if !defined(_WIN32)
#define D3D12RT_M_ID3D12CommandQueue_GetDesc(T) \
    D3D12_COMMAND_QUEUE_DESC (STDMETHODCALLTYPE *GetDesc)(T *This);
#else
#define D3D12RT_M_ID3D12CommandQueue_GetDesc(T) \
    D3D12_COMMAND_QUEUE_DESC *(STDMETHODCALLTYPE *GetDesc)(T *This, \
        D3D12_COMMAND_QUEUE_DESC *RetVal);
#endif

#define D3D12RT_VTBL_ID3D12CommandQueue(T) \
    D3D12RT_VTBL_ID3D12Pageable(T) \
    void (STDMETHODCALLTYPE *UpdateTileMappings)(T *This, ID3D12Resource *pResource, \
        UINT NumResourceRegions, \
        const D3D12_TILED_RESOURCE_COORDINATE *pResourceRegionStartCoordinates, \
        const D3D12_TILE_REGION_SIZE *pResourceRegionSizes, ID3D12Heap *pHeap, UINT NumRanges, \
        const D3D12_TILE_RANGE_FLAGS *pRangeFlags, const UINT *pHeapRangeStartOffsets, \
        const UINT *pRangeTileCounts, D3D12_TILE_MAPPING_FLAGS Flags); \
    void (STDMETHODCALLTYPE *CopyTileMappings)(T *This, ID3D12Resource *pDstResource, \
        const D3D12_TILED_RESOURCE_COORDINATE *pDstRegionStartCoordinate, \
        ID3D12Resource *pSrcResource, \
        const D3D12_TILED_RESOURCE_COORDINATE *pSrcRegionStartCoordinate, \
        const D3D12_TILE_REGION_SIZE *pRegionSize, D3D12_TILE_MAPPING_FLAGS Flags); \
    void (STDMETHODCALLTYPE *ExecuteCommandLists)(T *This, UINT NumCommandLists, \
        ID3D12CommandList *const *ppCommandLists); \
    void (STDMETHODCALLTYPE *SetMarker)(T *This, UINT Metadata, const void *pData, UINT Size); \
    void (STDMETHODCALLTYPE *BeginEvent)(T *This, UINT Metadata, const void *pData, UINT Size); \
    void (STDMETHODCALLTYPE *EndEvent)(T *This); \
    HRESULT (STDMETHODCALLTYPE *Signal)(T *This, ID3D12Fence *pFence, UINT64 Value); \
    HRESULT (STDMETHODCALLTYPE *Wait)(T *This, ID3D12Fence *pFence, UINT64 Value); \
    HRESULT (STDMETHODCALLTYPE *GetTimestampFrequency)(T *This, UINT64 *pFrequency); \
    HRESULT (STDMETHODCALLTYPE *GetClockCalibration)(T *This, UINT64 *pGpuTimestamp, \
        UINT64 *pCpuTimestamp); \
    D3D12RT_M_ID3D12CommandQueue_GetDesc(T)

#define D3D12RT_VTBL_ID3D12CommandList(T) \
    D3D12RT_VTBL_ID3D12DeviceChild(T) \
    D3D12_COMMAND_LIST_TYPE (STDMETHODCALLTYPE *GetType)(T *This);

#define D3D12RT_VTBL_ID3D12GraphicsCommandList(T) \
    D3D12RT_VTBL_ID3D12CommandList(T) \
    HRESULT (STDMETHODCALLTYPE *Close)(T *This); \
    HRESULT (STDMETHODCALLTYPE *Reset)(T *This, ID3D12CommandAllocator *pAllocator, \
        ID3D12PipelineState *pInitialState); \
    void (STDMETHODCALLTYPE *ClearState)(T *This, ID3D12PipelineState *pPipelineState); \
    void (STDMETHODCALLTYPE *DrawInstanced)(T *This, UINT VertexCountPerInstance, \
        UINT InstanceCount, UINT StartVertexLocation, UINT StartInstanceLocation); \
    void (STDMETHODCALLTYPE *DrawIndexedInstanced)(T *This, UINT IndexCountPerInstance, \
        UINT InstanceCount, UINT StartIndexLocation, INT BaseVertexLocation, \
        UINT StartInstanceLocation); \
    void (STDMETHODCALLTYPE *Dispatch)(T *This, UINT ThreadGroupCountX, \
        UINT ThreadGroupCountY, UINT ThreadGroupCountZ); \
    void (STDMETHODCALLTYPE *CopyBufferRegion)(T *This, ID3D12Resource *pDstBuffer, \
        UINT64 DstOffset, ID3D12Resource *pSrcBuffer, UINT64 SrcOffset, UINT64 NumBytes); \
    void (STDMETHODCALLTYPE *CopyTextureRegion)(T *This, \
        const D3D12_TEXTURE_COPY_LOCATION *pDst, UINT DstX, UINT DstY, UINT DstZ, \
        const D3D12_TEXTURE_COPY_LOCATION *pSrc, const D3D12_BOX *pSrcBox); \
    void (STDMETHODCALLTYPE *CopyResource)(T *This, ID3D12Resource *pDstResource, \
        ID3D12Resource *pSrcResource); \
    void (STDMETHODCALLTYPE *CopyTiles)(T *This, ID3D12Resource *pTiledResource, \
        const D3D12_TILED_RESOURCE_COORDINATE *pTileRegionStartCoordinate, \
        const D3D12_TILE_REGION_SIZE *pTileRegionSize, ID3D12Resource *pBuffer, \
        UINT64 BufferStartOffsetInBytes, D3D12_TILE_COPY_FLAGS Flags); \
    void (STDMETHODCALLTYPE *ResolveSubresource)(T *This, ID3D12Resource *pDstResource, \
        UINT DstSubresource, ID3D12Resource *pSrcResource, UINT SrcSubresource, \
        DXGI_FORMAT Format); \
    void (STDMETHODCALLTYPE *IASetPrimitiveTopology)(T *This, \
        D3D12_PRIMITIVE_TOPOLOGY PrimitiveTopology); \
    void (STDMETHODCALLTYPE *RSSetViewports)(T *This, UINT NumViewports, \
        const D3D12_VIEWPORT *pViewports); \
    void (STDMETHODCALLTYPE *RSSetScissorRects)(T *This, UINT NumRects, \
        const D3D12_RECT *pRects); \
    void (STDMETHODCALLTYPE *OMSetBlendFactor)(T *This, const FLOAT BlendFactor[4]); \
    void (STDMETHODCALLTYPE *OMSetStencilRef)(T *This, UINT StencilRef); \
    void (STDMETHODCALLTYPE *SetPipelineState)(T *This, ID3D12PipelineState *pPipelineState); \
    void (STDMETHODCALLTYPE *ResourceBarrier)(T *This, UINT NumBarriers, \
        const D3D12_RESOURCE_BARRIER *pBarriers); \
    void (STDMETHODCALLTYPE *ExecuteBundle)(T *This, ID3D12GraphicsCommandList *pCommandList); \
    void (STDMETHODCALLTYPE *SetDescriptorHeaps)(T *This, UINT NumDescriptorHeaps, \
        ID3D12DescriptorHeap *const *ppDescriptorHeaps); \
    void (STDMETHODCALLTYPE *SetComputeRootSignature)(T *This, \
        ID3D12RootSignature *pRootSignature); \
    void (STDMETHODCALLTYPE *SetGraphicsRootSignature)(T *This, \
        ID3D12RootSignature *pRootSignature); \
    void (STDMETHODCALLTYPE *SetComputeRootDescriptorTable)(T *This, UINT RootParameterIndex, \
        D3D12_GPU_DESCRIPTOR_HANDLE BaseDescriptor); \
    void (STDMETHODCALLTYPE *SetGraphicsRootDescriptorTable)(T *This, UINT RootParameterIndex, \
        D3D12_GPU_DESCRIPTOR_HANDLE BaseDescriptor); \
    void (STDMETHODCALLTYPE *SetComputeRoot32BitConstant)(T *This, UINT RootParameterIndex, \
        UINT SrcData, UINT DestOffsetIn32BitValues); \
    void (STDMETHODCALLTYPE *SetGraphicsRoot32BitConstant)(T *This, UINT RootParameterIndex, \
        UINT SrcData, UINT DestOffsetIn32BitValues); \
    void (STDMETHODCALLTYPE *SetComputeRoot32BitConstants)(T *This, UINT RootParameterIndex, \
        UINT Num32BitValuesToSet, const void *pSrcData, UINT DestOffsetIn32BitValues); \
    void (STDMETHODCALLTYPE *SetGraphicsRoot32BitConstants)(T *This, UINT RootParameterIndex, \
        UINT Num32BitValuesToSet, const void *pSrcData, UINT DestOffsetIn32BitValues); \
    void (STDMETHODCALLTYPE *SetComputeRootConstantBufferView)(T *This, \
        UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation); \
    void (STDMETHODCALLTYPE *SetGraphicsRootConstantBufferView)(T *This, \
        UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation); \
    void (STDMETHODCALLTYPE *SetComputeRootShaderResourceView)(T *This, \
        UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation); \
    void (STDMETHODCALLTYPE *SetGraphicsRootShaderResourceView)(T *This, \
        UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation); \
    void (STDMETHODCALLTYPE *SetComputeRootUnorderedAccessView)(T *This, \
        UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation); \
    void (STDMETHODCALLTYPE *SetGraphicsRootUnorderedAccessView)(T *This, \
        UINT RootParameterIndex, D3D12_GPU_VIRTUAL_ADDRESS BufferLocation); \
    void (STDMETHODCALLTYPE *IASetIndexBuffer)(T *This, const D3D12_INDEX_BUFFER_VIEW *pView); \
    void (STDMETHODCALLTYPE *IASetVertexBuffers)(T *This, UINT StartSlot, UINT NumViews, \
        const D3D12_VERTEX_BUFFER_VIEW *pViews); \
    void (STDMETHODCALLTYPE *SOSetTargets)(T *This, UINT StartSlot, UINT NumViews, \
        const D3D12_STREAM_OUTPUT_BUFFER_VIEW *pViews); \
    void (STDMETHODCALLTYPE *OMSetRenderTargets)(T *This, UINT NumRenderTargetDescriptors, \
        const D3D12_CPU_DESCRIPTOR_HANDLE *pRenderTargetDescriptors, \
        BOOL RTsSingleHandleToDescriptorRange, \
        const D3D12_CPU_DESCRIPTOR_HANDLE *pDepthStencilDescriptor); \
    void (STDMETHODCALLTYPE *ClearDepthStencilView)(T *This, \
        D3D12_CPU_DESCRIPTOR_HANDLE DepthStencilView, D3D12_CLEAR_FLAGS ClearFlags, \
        FLOAT Depth, UINT8 Stencil, UINT NumRects, const D3D12_RECT *pRects); \
    void (STDMETHODCALLTYPE *ClearRenderTargetView)(T *This, \
        D3D12_CPU_DESCRIPTOR_HANDLE RenderTargetView, const FLOAT ColorRGBA[4], UINT NumRects, \
        const D3D12_RECT *pRects); \
    void (STDMETHODCALLTYPE *ClearUnorderedAccessViewUint)(T *This, \
        D3D12_GPU_DESCRIPTOR_HANDLE ViewGPUHandleInCurrentHeap, \
        D3D12_CPU_DESCRIPTOR_HANDLE ViewCPUHandle, ID3D12Resource *pResource, \
        const UINT Values[4], UINT NumRects, const D3D12_RECT *pRects); \
    void (STDMETHODCALLTYPE *ClearUnorderedAccessViewFloat)(T *This, \
        D3D12_GPU_DESCRIPTOR_HANDLE ViewGPUHandleInCurrentHeap, \
        D3D12_CPU_DESCRIPTOR_HANDLE ViewCPUHandle, ID3D12Resource *pResource, \
        const FLOAT Values[4], UINT NumRects, const D3D12_RECT *pRects); \
    void (STDMETHODCALLTYPE *DiscardResource)(T *This, ID3D12Resource *pResource, \
        const D3D12_DISCARD_REGION *pRegion); \
    void (STDMETHODCALLTYPE *BeginQuery)(T *This, ID3D12QueryHeap *pQueryHeap, \
        D3D12_QUERY_TYPE Type, UINT Index); \
    void (STDMETHODCALLTYPE *EndQuery)(T *This, ID3D12QueryHeap *pQueryHeap, \
        D3D12_QUERY_TYPE Type, UINT Index); \
    void (STDMETHODCALLTYPE *ResolveQueryData)(T *This, ID3D12QueryHeap *pQueryHeap, \
        D3D12_QUERY_TYPE Type, UINT StartIndex, UINT NumQueries, \
        ID3D12Resource *pDestinationBuffer, UINT64 AlignedDestinationBufferOffset); \
    void (STDMETHODCALLTYPE *SetPredication)(T *This, ID3D12Resource *pBuffer, \
        UINT64 AlignedBufferOffset, D3D12_PREDICATION_OP Operation); \
    void (STDMETHODCALLTYPE *SetMarker)(T *This, UINT Metadata, const void *pData, UINT Size); \
    void (STDMETHODCALLTYPE *BeginEvent)(T *This, UINT Metadata, const void *pData, UINT Size); \
    void (STDMETHODCALLTYPE *EndEvent)(T *This); \
    void (STDMETHODCALLTYPE *ExecuteIndirect)(T *This, \
        ID3D12CommandSignature *pCommandSignature, UINT MaxCommandCount, \
        ID3D12Resource *pArgumentBuffer, UINT64 ArgumentBufferOffset, \
        ID3D12Resource *pCountBuffer, UINT64 CountBufferOffset);

#define D3D12RT_VTBL_ID3D12GraphicsCommandList1(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList(T) \
    void (STDMETHODCALLTYPE *AtomicCopyBufferUINT)(T *This, ID3D12Resource *pDstBuffer, \
        UINT64 DstOffset, ID3D12Resource *pSrcBuffer, UINT64 SrcOffset, UINT Dependencies, \
        ID3D12Resource *const *ppDependentResources, \
        const D3D12_SUBRESOURCE_RANGE_UINT64 *pDependentSubresourceRanges); \
    void (STDMETHODCALLTYPE *AtomicCopyBufferUINT64)(T *This, ID3D12Resource *pDstBuffer, \
        UINT64 DstOffset, ID3D12Resource *pSrcBuffer, UINT64 SrcOffset, UINT Dependencies, \
        ID3D12Resource *const *ppDependentResources, \
        const D3D12_SUBRESOURCE_RANGE_UINT64 *pDependentSubresourceRanges); \
    void (STDMETHODCALLTYPE *OMSetDepthBounds)(T *This, FLOAT Min, FLOAT Max); \
    void (STDMETHODCALLTYPE *SetSamplePositions)(T *This, UINT NumSamplesPerPixel, \
        UINT NumPixels, D3D12_SAMPLE_POSITION *pSamplePositions); \
    void (STDMETHODCALLTYPE *ResolveSubresourceRegion)(T *This, ID3D12Resource *pDstResource, \
        UINT DstSubresource, UINT DstX, UINT DstY, ID3D12Resource *pSrcResource, \
        UINT SrcSubresource, D3D12_RECT *pSrcRect, DXGI_FORMAT Format, \
        D3D12_RESOLVE_MODE ResolveMode); \
    void (STDMETHODCALLTYPE *SetViewInstanceMask)(T *This, UINT Mask);

#define D3D12RT_VTBL_ID3D12GraphicsCommandList2(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList1(T) \
    void (STDMETHODCALLTYPE *WriteBufferImmediate)(T *This, UINT Count, \
        const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER *pParams, \
        const D3D12_WRITEBUFFERIMMEDIATE_MODE *pModes);

#define D3D12RT_VTBL_ID3D12GraphicsCommandList3(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList2(T) \
    void (STDMETHODCALLTYPE *SetProtectedResourceSession)(T *This, \
        ID3D12ProtectedResourceSession *pProtectedResourceSession);

#define D3D12RT_VTBL_ID3D12GraphicsCommandList4(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList3(T) \
    void (STDMETHODCALLTYPE *BeginRenderPass)(T *This, UINT NumRenderTargets, \
        const D3D12_RENDER_PASS_RENDER_TARGET_DESC *pRenderTargets, \
        const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC *pDepthStencil, \
        D3D12_RENDER_PASS_FLAGS Flags); \
    void (STDMETHODCALLTYPE *EndRenderPass)(T *This); \
    void (STDMETHODCALLTYPE *InitializeMetaCommand)(T *This, ID3D12MetaCommand *pMetaCommand, \
        const void *pInitializationParametersData, \
        SIZE_T InitializationParametersDataSizeInBytes); \
    void (STDMETHODCALLTYPE *ExecuteMetaCommand)(T *This, ID3D12MetaCommand *pMetaCommand, \
        const void *pExecutionParametersData, SIZE_T ExecutionParametersDataSizeInBytes); \
    void (STDMETHODCALLTYPE *BuildRaytracingAccelerationStructure)(T *This, \
        const D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_DESC *pDesc, \
        UINT NumPostbuildInfoDescs, \
        const D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC *pPostbuildInfoDescs); \
    void (STDMETHODCALLTYPE *EmitRaytracingAccelerationStructurePostbuildInfo)(T *This, \
        const D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC *pDesc, \
        UINT NumSourceAccelerationStructures, \
        const D3D12_GPU_VIRTUAL_ADDRESS *pSourceAccelerationStructureData); \
    void (STDMETHODCALLTYPE *CopyRaytracingAccelerationStructure)(T *This, \
        D3D12_GPU_VIRTUAL_ADDRESS DestAccelerationStructureData, \
        D3D12_GPU_VIRTUAL_ADDRESS SourceAccelerationStructureData, \
        D3D12_RAYTRACING_ACCELERATION_STRUCTURE_COPY_MODE Mode); \
    void (STDMETHODCALLTYPE *SetPipelineState1)(T *This, ID3D12StateObject *pStateObject); \
    void (STDMETHODCALLTYPE *DispatchRays)(T *This, const D3D12_DISPATCH_RAYS_DESC *pDesc);

#define D3D12RT_VTBL_ID3D12GraphicsCommandList5(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList4(T) \
    void (STDMETHODCALLTYPE *RSSetShadingRate)(T *This, D3D12_SHADING_RATE baseShadingRate, \
        const D3D12_SHADING_RATE_COMBINER *combiners); \
    void (STDMETHODCALLTYPE *RSSetShadingRateImage)(T *This, ID3D12Resource *shadingRateImage);

#define D3D12RT_VTBL_ID3D12GraphicsCommandList6(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList5(T) \
    void (STDMETHODCALLTYPE *DispatchMesh)(T *This, UINT ThreadGroupCountX, \
        UINT ThreadGroupCountY, UINT ThreadGroupCountZ);

#define D3D12RT_VTBL_ID3D12GraphicsCommandList7(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList6(T) \
    void (STDMETHODCALLTYPE *Barrier)(T *This, UINT32 NumBarrierGroups, \
        const D3D12_BARRIER_GROUP *pBarrierGroups);

#define D3D12RT_VTBL_ID3D12GraphicsCommandList8(T) \
    D3D12RT_VTBL_ID3D12GraphicsCommandList7(T) \
    void (STDMETHODCALLTYPE *OMSetFrontAndBackStencilRef)(T *This, UINT FrontStencilRef, \
        UINT BackStencilRef);

/* Methods that return a structure return it by value on Linux and through a
 * hidden pointer in the Windows ABI, as DirectX-Headers declares them. */
#if !defined(_WIN32)
#define D3D12RT_M_ID3D12Device_GetResourceAllocationInfo(T) \
    D3D12_RESOURCE_ALLOCATION_INFO (STDMETHODCALLTYPE *GetResourceAllocationInfo)(T *This, \
        UINT visibleMask, UINT numResourceDescs, const D3D12_RESOURCE_DESC *pResourceDescs);
#define D3D12RT_M_ID3D12Device_GetCustomHeapProperties(T) \
    D3D12_HEAP_PROPERTIES (STDMETHODCALLTYPE *GetCustomHeapProperties)(T *This, UINT nodeMask, \
        D3D12_HEAP_TYPE heapType);
#define D3D12RT_M_ID3D12Device_GetAdapterLuid(T) \
    LUID (STDMETHODCALLTYPE *GetAdapterLuid)(T *This);
#else
#define D3D12RT_M_ID3D12Device_GetResourceAllocationInfo(T) \
    D3D12_RESOURCE_ALLOCATION_INFO *(STDMETHODCALLTYPE *GetResourceAllocationInfo)(T *This, \
        D3D12_RESOURCE_ALLOCATION_INFO *RetVal, UINT visibleMask, UINT numResourceDescs, \
        const D3D12_RESOURCE_DESC *pResourceDescs);
#define D3D12RT_M_ID3D12Device_GetCustomHeapProperties(T) \
    D3D12_HEAP_PROPERTIES *(STDMETHODCALLTYPE *GetCustomHeapProperties)(T *This, \
        D3D12_HEAP_PROPERTIES *RetVal, UINT nodeMask, D3D12_HEAP_TYPE heapType);
#define D3D12RT_M_ID3D12Device_GetAdapterLuid(T) \
    LUID *(STDMETHODCALLTYPE *GetAdapterLuid)(T *This, LUID *RetVal);
#endif

#define D3D12RT_VTBL_ID3D12Device(T) \
    D3D12RT_VTBL_ID3D12Object(T) \
    UINT (STDMETHODCALLTYPE *GetNodeCount)(T *This); \
    HRESULT (STDMETHODCALLTYPE *CreateCommandQueue)(T *This, \
        const D3D12_COMMAND_QUEUE_DESC *pDesc, REFIID riid, void **ppCommandQueue); \
    HRESULT (STDMETHODCALLTYPE *CreateCommandAllocator)(T *This, D3D12_COMMAND_LIST_TYPE type, \
        REFIID riid, void **ppCommandAllocator); \
    HRESULT (STDMETHODCALLTYPE *CreateGraphicsPipelineState)(T *This, \
        const D3D12_GRAPHICS_PIPELINE_STATE_DESC *pDesc, REFIID riid, void **ppPipelineState); \
    HRESULT (STDMETHODCALLTYPE *CreateComputePipelineState)(T *This, \
        const D3D12_COMPUTE_PIPELINE_STATE_DESC *pDesc, REFIID riid, void **ppPipelineState); \
    HRESULT (STDMETHODCALLTYPE *CreateCommandList)(T *This, UINT nodeMask, \
        D3D12_COMMAND_LIST_TYPE type, ID3D12CommandAllocator *pCommandAllocator, \
        ID3D12PipelineState *pInitialState, REFIID riid, void **ppCommandList); \
    HRESULT (STDMETHODCALLTYPE *CheckFeatureSupport)(T *This, D3D12_FEATURE Feature, \
        void *pFeatureSupportData, UINT FeatureSupportDataSize); \
    HRESULT (STDMETHODCALLTYPE *CreateDescriptorHeap)(T *This, \
        const D3D12_DESCRIPTOR_HEAP_DESC *pDescriptorHeapDesc, REFIID riid, void **ppvHeap); \
    UINT (STDMETHODCALLTYPE *GetDescriptorHandleIncrementSize)(T *This, \
        D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapType); \
    HRESULT (STDMETHODCALLTYPE *CreateRootSignature)(T *This, UINT nodeMask, \
        const void *pBlobWithRootSignature, SIZE_T blobLengthInBytes, REFIID riid, \
        void **ppvRootSignature); \
    void (STDMETHODCALLTYPE *CreateConstantBufferView)(T *This, \
        const D3D12_CONSTANT_BUFFER_VIEW_DESC *pDesc, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    void (STDMETHODCALLTYPE *CreateShaderResourceView)(T *This, ID3D12Resource *pResource, \
        const D3D12_SHADER_RESOURCE_VIEW_DESC *pDesc, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    void (STDMETHODCALLTYPE *CreateUnorderedAccessView)(T *This, ID3D12Resource *pResource, \
        ID3D12Resource *pCounterResource, const D3D12_UNORDERED_ACCESS_VIEW_DESC *pDesc, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    void (STDMETHODCALLTYPE *CreateRenderTargetView)(T *This, ID3D12Resource *pResource, \
        const D3D12_RENDER_TARGET_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    void (STDMETHODCALLTYPE *CreateDepthStencilView)(T *This, ID3D12Resource *pResource, \
        const D3D12_DEPTH_STENCIL_VIEW_DESC *pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    void (STDMETHODCALLTYPE *CreateSampler)(T *This, const D3D12_SAMPLER_DESC *pDesc, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    void (STDMETHODCALLTYPE *CopyDescriptors)(T *This, UINT NumDestDescriptorRanges, \
        const D3D12_CPU_DESCRIPTOR_HANDLE *pDestDescriptorRangeStarts, \
        const UINT *pDestDescriptorRangeSizes, UINT NumSrcDescriptorRanges, \
        const D3D12_CPU_DESCRIPTOR_HANDLE *pSrcDescriptorRangeStarts, \
        const UINT *pSrcDescriptorRangeSizes, D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapsType); \
    void (STDMETHODCALLTYPE *CopyDescriptorsSimple)(T *This, UINT NumDescriptors, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptorRangeStart, \
        D3D12_CPU_DESCRIPTOR_HANDLE SrcDescriptorRangeStart, \
        D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapsType); \
    D3D12RT_M_ID3D12Device_GetResourceAllocationInfo(T) \
    D3D12RT_M_ID3D12Device_GetCustomHeapProperties(T) \
    HRESULT (STDMETHODCALLTYPE *CreateCommittedResource)(T *This, \
        const D3D12_HEAP_PROPERTIES *pHeapProperties, D3D12_HEAP_FLAGS HeapFlags, \
        const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialResourceState, \
        const D3D12_CLEAR_VALUE *pOptimizedClearValue, REFIID riidResource, void **ppvResource); \
    HRESULT (STDMETHODCALLTYPE *CreateHeap)(T *This, const D3D12_HEAP_DESC *pDesc, \
        REFIID riid, void **ppvHeap); \
    HRESULT (STDMETHODCALLTYPE *CreatePlacedResource)(T *This, ID3D12Heap *pHeap, \
        UINT64 HeapOffset, const D3D12_RESOURCE_DESC *pDesc, \
        D3D12_RESOURCE_STATES InitialState, const D3D12_CLEAR_VALUE *pOptimizedClearValue, \
        REFIID riid, void **ppvResource); \
    HRESULT (STDMETHODCALLTYPE *CreateReservedResource)(T *This, \
        const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialState, \
        const D3D12_CLEAR_VALUE *pOptimizedClearValue, REFIID riid, void **ppvResource); \
    HRESULT (STDMETHODCALLTYPE *CreateSharedHandle)(T *This, ID3D12DeviceChild *pObject, \
        const SECURITY_ATTRIBUTES *pAttributes, DWORD Access, LPCWSTR Name, HANDLE *pHandle); \
    HRESULT (STDMETHODCALLTYPE *OpenSharedHandle)(T *This, HANDLE NTHandle, REFIID riid, \
        void **ppvObj); \
    HRESULT (STDMETHODCALLTYPE *OpenSharedHandleByName)(T *This, LPCWSTR Name, DWORD Access, \
        HANDLE *pNTHandle); \
    HRESULT (STDMETHODCALLTYPE *MakeResident)(T *This, UINT NumObjects, \
        ID3D12Pageable *const *ppObjects); \
    HRESULT (STDMETHODCALLTYPE *Evict)(T *This, UINT NumObjects, \
        ID3D12Pageable *const *ppObjects); \
    HRESULT (STDMETHODCALLTYPE *CreateFence)(T *This, UINT64 InitialValue, \
        D3D12_FENCE_FLAGS Flags, REFIID riid, void **ppFence); \
    HRESULT (STDMETHODCALLTYPE *GetDeviceRemovedReason)(T *This); \
    void (STDMETHODCALLTYPE *GetCopyableFootprints)(T *This, \
        const D3D12_RESOURCE_DESC *pResourceDesc, UINT FirstSubresource, UINT NumSubresources, \
        UINT64 BaseOffset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *pLayouts, UINT *pNumRows, \
        UINT64 *pRowSizeInBytes, UINT64 *pTotalBytes); \
    HRESULT (STDMETHODCALLTYPE *CreateQueryHeap)(T *This, const D3D12_QUERY_HEAP_DESC *pDesc, \
        REFIID riid, void **ppvHeap); \
    HRESULT (STDMETHODCALLTYPE *SetStablePowerState)(T *This, BOOL Enable); \
    HRESULT (STDMETHODCALLTYPE *CreateCommandSignature)(T *This, \
        const D3D12_COMMAND_SIGNATURE_DESC *pDesc, ID3D12RootSignature *pRootSignature, \
        REFIID riid, void **ppvCommandSignature); \
    void (STDMETHODCALLTYPE *GetResourceTiling)(T *This, ID3D12Resource *pTiledResource, \
        UINT *pNumTilesForEntireResource, D3D12_PACKED_MIP_INFO *pPackedMipDesc, \
        D3D12_TILE_SHAPE *pStandardTileShapeForNonPackedMips, UINT *pNumSubresourceTilings, \
        UINT FirstSubresourceTilingToGet, \
        D3D12_SUBRESOURCE_TILING *pSubresourceTilingsForNonPackedMips); \
    D3D12RT_M_ID3D12Device_GetAdapterLuid(T)

#define D3D12RT_VTBL_ID3D12Device1(T) \
    D3D12RT_VTBL_ID3D12Device(T) \
    HRESULT (STDMETHODCALLTYPE *CreatePipelineLibrary)(T *This, const void *pLibraryBlob, \
        SIZE_T BlobLength, REFIID riid, void **ppPipelineLibrary); \
    HRESULT (STDMETHODCALLTYPE *SetEventOnMultipleFenceCompletion)(T *This, \
        ID3D12Fence *const *ppFences, const UINT64 *pFenceValues, UINT NumFences, \
        D3D12_MULTIPLE_FENCE_WAIT_FLAGS Flags, HANDLE hEvent); \
    HRESULT (STDMETHODCALLTYPE *SetResidencyPriority)(T *This, UINT NumObjects, \
        ID3D12Pageable *const *ppObjects, const D3D12_RESIDENCY_PRIORITY *pPriorities);

#define D3D12RT_VTBL_ID3D12Device2(T) \
    D3D12RT_VTBL_ID3D12Device1(T) \
    HRESULT (STDMETHODCALLTYPE *CreatePipelineState)(T *This, \
        const D3D12_PIPELINE_STATE_STREAM_DESC *pDesc, REFIID riid, void **ppPipelineState);

#define D3D12RT_VTBL_ID3D12Device3(T) \
    D3D12RT_VTBL_ID3D12Device2(T) \
    HRESULT (STDMETHODCALLTYPE *OpenExistingHeapFromAddress)(T *This, const void *pAddress, \
        REFIID riid, void **ppvHeap); \
    HRESULT (STDMETHODCALLTYPE *OpenExistingHeapFromFileMapping)(T *This, HANDLE hFileMapping, \
        REFIID riid, void **ppvHeap); \
    HRESULT (STDMETHODCALLTYPE *EnqueueMakeResident)(T *This, D3D12_RESIDENCY_FLAGS Flags, \
        UINT NumObjects, ID3D12Pageable *const *ppObjects, ID3D12Fence *pFenceToSignal, \
        UINT64 FenceValueToSignal);

/* Methods that return a structure return it by value on Linux and through a
 * hidden pointer in the Windows ABI, as DirectX-Headers declares them. */
#if !defined(_WIN32)
#define D3D12RT_M_ID3D12Device4_GetResourceAllocationInfo1(T) \
    D3D12_RESOURCE_ALLOCATION_INFO (STDMETHODCALLTYPE *GetResourceAllocationInfo1)(T *This, \
        UINT visibleMask, UINT numResourceDescs, const D3D12_RESOURCE_DESC *pResourceDescs, \
        D3D12_RESOURCE_ALLOCATION_INFO1 *pResourceAllocationInfo1);
#else
#define D3D12RT_M_ID3D12Device4_GetResourceAllocationInfo1(T) \
    D3D12_RESOURCE_ALLOCATION_INFO *(STDMETHODCALLTYPE *GetResourceAllocationInfo1)(T *This, \
        D3D12_RESOURCE_ALLOCATION_INFO *RetVal, UINT visibleMask, UINT numResourceDescs, \
        const D3D12_RESOURCE_DESC *pResourceDescs, \
        D3D12_RESOURCE_ALLOCATION_INFO1 *pResourceAllocationInfo1);
#endif

#define D3D12RT_VTBL_ID3D12Device4(T) \
    D3D12RT_VTBL_ID3D12Device3(T) \
    HRESULT (STDMETHODCALLTYPE *CreateCommandList1)(T *This, UINT nodeMask, \
        D3D12_COMMAND_LIST_TYPE type, D3D12_COMMAND_LIST_FLAGS flags, REFIID riid, \
        void **ppCommandList); \
    HRESULT (STDMETHODCALLTYPE *CreateProtectedResourceSession)(T *This, \
        const D3D12_PROTECTED_RESOURCE_SESSION_DESC *pDesc, REFIID riid, void **ppSession); \
    HRESULT (STDMETHODCALLTYPE *CreateCommittedResource1)(T *This, \
        const D3D12_HEAP_PROPERTIES *pHeapProperties, D3D12_HEAP_FLAGS HeapFlags, \
        const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialResourceState, \
        const D3D12_CLEAR_VALUE *pOptimizedClearValue, \
        ID3D12ProtectedResourceSession *pProtectedSession, REFIID riidResource, \
        void **ppvResource); \
    HRESULT (STDMETHODCALLTYPE *CreateHeap1)(T *This, const D3D12_HEAP_DESC *pDesc, \
        ID3D12ProtectedResourceSession *pProtectedSession, REFIID riid, void **ppvHeap); \
    HRESULT (STDMETHODCALLTYPE *CreateReservedResource1)(T *This, \
        const D3D12_RESOURCE_DESC *pDesc, D3D12_RESOURCE_STATES InitialState, \
        const D3D12_CLEAR_VALUE *pOptimizedClearValue, \
        ID3D12ProtectedResourceSession *pProtectedSession, REFIID riid, void **ppvResource); \
    D3D12RT_M_ID3D12Device4_GetResourceAllocationInfo1(T)

#define D3D12RT_VTBL_ID3D12Device5(T) \
    D3D12RT_VTBL_ID3D12Device4(T) \
    HRESULT (STDMETHODCALLTYPE *CreateLifetimeTracker)(T *This, ID3D12LifetimeOwner *pOwner, \
        REFIID riid, void **ppvTracker); \
    void (STDMETHODCALLTYPE *RemoveDevice)(T *This); \
    HRESULT (STDMETHODCALLTYPE *EnumerateMetaCommands)(T *This, UINT *pNumMetaCommands, \
        D3D12_META_COMMAND_DESC *pDescs); \
    HRESULT (STDMETHODCALLTYPE *EnumerateMetaCommandParameters)(T *This, REFGUID CommandId, \
        D3D12_META_COMMAND_PARAMETER_STAGE Stage, UINT *pTotalStructureSizeInBytes, \
        UINT *pParameterCount, D3D12_META_COMMAND_PARAMETER_DESC *pParameterDescs); \
    HRESULT (STDMETHODCALLTYPE *CreateMetaCommand)(T *This, REFGUID CommandId, UINT NodeMask, \
        const void *pCreationParametersData, SIZE_T CreationParametersDataSizeInBytes, \
        REFIID riid, void **ppMetaCommand); \
    HRESULT (STDMETHODCALLTYPE *CreateStateObject)(T *This, \
        const D3D12_STATE_OBJECT_DESC *pDesc, REFIID riid, void **ppStateObject); \
    void (STDMETHODCALLTYPE *GetRaytracingAccelerationStructurePrebuildInfo)(T *This, \
        const D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_INPUTS *pDesc, \
        D3D12_RAYTRACING_ACCELERATION_STRUCTURE_PREBUILD_INFO *pInfo); \
    D3D12_DRIVER_MATCHING_IDENTIFIER_STATUS (STDMETHODCALLTYPE *CheckDriverMatchingIdentifier)( \
        T *This, D3D12_SERIALIZED_DATA_TYPE SerializedDataType, \
        const D3D12_SERIALIZED_DATA_DRIVER_MATCHING_IDENTIFIER *pIdentifierToCheck);

#define D3D12RT_VTBL_ID3D12Device6(T) \
    D3D12RT_VTBL_ID3D12Device5(T) \
    HRESULT (STDMETHODCALLTYPE *SetBackgroundProcessingMode)(T *This, \
        D3D12_BACKGROUND_PROCESSING_MODE Mode, D3D12_MEASUREMENTS_ACTION MeasurementsAction, \
        HANDLE hEventToSignalUponCompletion, BOOL *pbFurtherMeasurementsDesired);

#define D3D12RT_VTBL_ID3D12Device7(T) \
    D3D12RT_VTBL_ID3D12Device6(T) \
    HRESULT (STDMETHODCALLTYPE *AddToStateObject)(T *This, \
        const D3D12_STATE_OBJECT_DESC *pAddition, ID3D12StateObject *pStateObjectToGrowFrom, \
        REFIID riid, void **ppNewStateObject); \
    HRESULT (STDMETHODCALLTYPE *CreateProtectedResourceSession1)(T *This, \
        const D3D12_PROTECTED_RESOURCE_SESSION_DESC1 *pDesc, REFIID riid, void **ppSession);

/* Methods that return a structure return it by value on Linux and through a
 * hidden pointer in the Windows ABI, as DirectX-Headers declares them. */
#if !defined(_WIN32)
#define D3D12RT_M_ID3D12Device8_GetResourceAllocationInfo2(T) \
    D3D12_RESOURCE_ALLOCATION_INFO (STDMETHODCALLTYPE *GetResourceAllocationInfo2)(T *This, \
        UINT visibleMask, UINT numResourceDescs, const D3D12_RESOURCE_DESC1 *pResourceDescs, \
        D3D12_RESOURCE_ALLOCATION_INFO1 *pResourceAllocationInfo1);
#else
#define D3D12RT_M_ID3D12Device8_GetResourceAllocationInfo2(T) \
    D3D12_RESOURCE_ALLOCATION_INFO *(STDMETHODCALLTYPE *GetResourceAllocationInfo2)(T *This, \
        D3D12_RESOURCE_ALLOCATION_INFO *RetVal, UINT visibleMask, UINT numResourceDescs, \
        const D3D12_RESOURCE_DESC1 *pResourceDescs, \
        D3D12_RESOURCE_ALLOCATION_INFO1 *pResourceAllocationInfo1);
#endif

#define D3D12RT_VTBL_ID3D12Device8(T) \
    D3D12RT_VTBL_ID3D12Device7(T) \
    D3D12RT_M_ID3D12Device8_GetResourceAllocationInfo2(T) \
    HRESULT (STDMETHODCALLTYPE *CreateCommittedResource2)(T *This, \
        const D3D12_HEAP_PROPERTIES *pHeapProperties, D3D12_HEAP_FLAGS HeapFlags, \
        const D3D12_RESOURCE_DESC1 *pDesc, D3D12_RESOURCE_STATES InitialResourceState, \
        const D3D12_CLEAR_VALUE *pOptimizedClearValue, \
        ID3D12ProtectedResourceSession *pProtectedSession, REFIID riidResource, \
        void **ppvResource); \
    HRESULT (STDMETHODCALLTYPE *CreatePlacedResource1)(T *This, ID3D12Heap *pHeap, \
        UINT64 HeapOffset, const D3D12_RESOURCE_DESC1 *pDesc, \
        D3D12_RESOURCE_STATES InitialState, const D3D12_CLEAR_VALUE *pOptimizedClearValue, \
        REFIID riid, void **ppvResource); \
    void (STDMETHODCALLTYPE *CreateSamplerFeedbackUnorderedAccessView)(T *This, \
        ID3D12Resource *pTargetedResource, ID3D12Resource *pFeedbackResource, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor); \
    void (STDMETHODCALLTYPE *GetCopyableFootprints1)(T *This, \
        const D3D12_RESOURCE_DESC1 *pResourceDesc, UINT FirstSubresource, \
        UINT NumSubresources, UINT64 BaseOffset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *pLayouts, \
        UINT *pNumRows, UINT64 *pRowSizeInBytes, UINT64 *pTotalBytes);

#define D3D12RT_VTBL_ID3D12Device9(T) \
    D3D12RT_VTBL_ID3D12Device8(T) \
    HRESULT (STDMETHODCALLTYPE *CreateShaderCacheSession)(T *This, \
        const D3D12_SHADER_CACHE_SESSION_DESC *pDesc, REFIID riid, void **ppvSession); \
    HRESULT (STDMETHODCALLTYPE *ShaderCacheControl)(T *This, \
        D3D12_SHADER_CACHE_KIND_FLAGS Kinds, D3D12_SHADER_CACHE_CONTROL_FLAGS Control); \
    HRESULT (STDMETHODCALLTYPE *CreateCommandQueue1)(T *This, \
        const D3D12_COMMAND_QUEUE_DESC *pDesc, REFIID CreatorID, REFIID riid, \
        void **ppCommandQueue);

#define D3D12RT_VTBL_ID3D12Device10(T) \
    D3D12RT_VTBL_ID3D12Device9(T) \
    HRESULT (STDMETHODCALLTYPE *CreateCommittedResource3)(T *This, \
        const D3D12_HEAP_PROPERTIES *pHeapProperties, D3D12_HEAP_FLAGS HeapFlags, \
        const D3D12_RESOURCE_DESC1 *pDesc, D3D12_BARRIER_LAYOUT InitialLayout, \
        const D3D12_CLEAR_VALUE *pOptimizedClearValue, \
        ID3D12ProtectedResourceSession *pProtectedSession, UINT32 NumCastableFormats, \
        DXGI_FORMAT *pCastableFormats, REFIID riidResource, void **ppvResource); \
    HRESULT (STDMETHODCALLTYPE *CreatePlacedResource2)(T *This, ID3D12Heap *pHeap, \
        UINT64 HeapOffset, const D3D12_RESOURCE_DESC1 *pDesc, \
        D3D12_BARRIER_LAYOUT InitialLayout, const D3D12_CLEAR_VALUE *pOptimizedClearValue, \
        UINT32 NumCastableFormats, DXGI_FORMAT *pCastableFormats, REFIID riid, \
        void **ppvResource); \
    HRESULT (STDMETHODCALLTYPE *CreateReservedResource2)(T *This, \
        const D3D12_RESOURCE_DESC *pDesc, D3D12_BARRIER_LAYOUT InitialLayout, \
        const D3D12_CLEAR_VALUE *pOptimizedClearValue, \
        ID3D12ProtectedResourceSession *pProtectedSession, UINT32 NumCastableFormats, \
        DXGI_FORMAT *pCastableFormats, REFIID riid, void **ppvResource);

#define D3D12RT_VTBL_ID3D12Device11(T) \
    D3D12RT_VTBL_ID3D12Device10(T) \
    void (STDMETHODCALLTYPE *CreateSampler2)(T *This, const D3D12_SAMPLER_DESC2 *pDesc, \
        D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor);

#endif /* D3D12RT_BASE_H */
