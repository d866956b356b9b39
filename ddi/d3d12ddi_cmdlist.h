/* d3d12rt driver contract: command-list tables (legacy 3D, render pass, Async Commands). */
#ifndef D3D12RT_DDI_CMDLIST_H
#define D3D12RT_DDI_CMDLIST_H

#ifndef D3D12RT_DDI_H
#error "include d3d12ddi.h"
#endif

/* ---- Argument types ------------------------------------------------------------------ */

typedef struct D3D12DDIARG_TEXTURE_COPY_LOCATION
{
    D3D12DDI_HRESOURCE hResource;
    D3D12_TEXTURE_COPY_TYPE Type;
    union
    {
        D3D12_PLACED_SUBRESOURCE_FOOTPRINT PlacedFootprint;   /* Type PLACED_FOOTPRINT: a buffer */
        UINT SubresourceIndex;                                /* Type SUBRESOURCE_INDEX: a texture */
    };
} D3D12DDIARG_TEXTURE_COPY_LOCATION;

/* Legacy barriers, for drivers without Enhanced Barriers. */
typedef struct D3D12DDIARG_RESOURCE_BARRIER
{
    D3D12_RESOURCE_BARRIER_TYPE Type;
    D3D12_RESOURCE_BARRIER_FLAGS Flags;
    union
    {
        struct { D3D12DDI_HRESOURCE hResource; UINT Subresource;
                 D3D12_RESOURCE_STATES StateBefore, StateAfter; } Transition;
        struct { D3D12DDI_HRESOURCE hResourceBefore, hResourceAfter; } Aliasing;
        struct { D3D12DDI_HRESOURCE hResource; } UAV;
    };
} D3D12DDIARG_RESOURCE_BARRIER;

/* Enhanced barriers: one flat array of tagged barriers (the API groups them). */
typedef struct D3D12DDI_GLOBAL_BARRIER
{
    D3D12_BARRIER_SYNC SyncBefore, SyncAfter;
    D3D12_BARRIER_ACCESS AccessBefore, AccessAfter;
} D3D12DDI_GLOBAL_BARRIER;

typedef struct D3D12DDI_BUFFER_BARRIER
{
    D3D12_BARRIER_SYNC SyncBefore, SyncAfter;
    D3D12_BARRIER_ACCESS AccessBefore, AccessAfter;
    D3D12DDI_HRESOURCE hResource;
    UINT64 Offset;
    UINT64 Size;
} D3D12DDI_BUFFER_BARRIER;

typedef struct D3D12DDI_TEXTURE_BARRIER
{
    D3D12_BARRIER_SYNC SyncBefore, SyncAfter;
    D3D12_BARRIER_ACCESS AccessBefore, AccessAfter;
    D3D12_BARRIER_LAYOUT LayoutBefore, LayoutAfter;
    D3D12DDI_HRESOURCE hResource;
    D3D12_BARRIER_SUBRESOURCE_RANGE Subresources;
    D3D12_TEXTURE_BARRIER_FLAGS Flags;
} D3D12DDI_TEXTURE_BARRIER;

typedef struct D3D12DDIARG_BARRIER_0124
{
    D3D12_BARRIER_TYPE Type;   /* GLOBAL, TEXTURE or BUFFER */
    union
    {
        D3D12DDI_GLOBAL_BARRIER Global;
        D3D12DDI_TEXTURE_BARRIER Texture;
        D3D12DDI_BUFFER_BARRIER Buffer;
    };
} D3D12DDIARG_BARRIER_0124;

typedef struct D3D12DDI_TILED_RESOURCE_COORDINATE
{
    UINT X, Y, Z;
    UINT Subresource;
} D3D12DDI_TILED_RESOURCE_COORDINATE;

typedef struct D3D12DDI_TILE_REGION_SIZE
{
    UINT NumTiles;
    BOOL UseBox;
    UINT Width;
    UINT16 Height;
    UINT16 Depth;
} D3D12DDI_TILE_REGION_SIZE;

typedef struct D3D12DDIARG_VERTEX_BUFFER_VIEW
{
    UINT64 BufferLocation;
    UINT SizeInBytes;
    UINT StrideInBytes;
} D3D12DDIARG_VERTEX_BUFFER_VIEW;

typedef struct D3D12DDIARG_RESET_COMMAND_LIST_0124
{
    D3D12DDI_HCOMMANDALLOCATOR hAllocator;
} D3D12DDIARG_RESET_COMMAND_LIST_0124;

/* ---- Legacy command list table ---------------------------------------------------------- */

/*
 * Recording entries return void; a driver that cannot record a call reports it through
 * pfnSetCommandListErrorCb. The runtime validates everything the API defines before it
 * calls; it never calls an entry that is NULL (it removes the list instead).
 */
typedef struct D3D12DDI_COMMAND_LIST_FUNCS_3D_0124
{
    HRESULT (APIENTRY *pfnCloseCommandList)(D3D12DDI_HCOMMANDLIST);
    HRESULT (APIENTRY *pfnResetCommandList)(D3D12DDI_HCOMMANDLIST, const D3D12DDIARG_RESET_COMMAND_LIST_0124 *);

    void (APIENTRY *pfnDrawInstanced)(D3D12DDI_HCOMMANDLIST, UINT VertexCountPerInstance, UINT InstanceCount,
                                      UINT StartVertex, UINT StartInstance);
    void (APIENTRY *pfnDrawIndexedInstanced)(D3D12DDI_HCOMMANDLIST, UINT IndexCountPerInstance, UINT InstanceCount,
                                             UINT StartIndex, INT BaseVertex, UINT StartInstance);
    void (APIENTRY *pfnDispatch)(D3D12DDI_HCOMMANDLIST, UINT X, UINT Y, UINT Z);
    void (APIENTRY *pfnExecuteIndirect)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HCOMMANDSIGNATURE, UINT MaxCommandCount,
                                        D3D12DDI_HRESOURCE hArgumentBuffer, UINT64 ArgumentBufferOffset,
                                        D3D12DDI_HRESOURCE hCountBuffer, UINT64 CountBufferOffset);
    void (APIENTRY *pfnExecuteBundle)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HCOMMANDLIST hBundle);

    /* Clears take CPU descriptors the runtime has validated. */
    void (APIENTRY *pfnClearRenderTargetView)(D3D12DDI_HCOMMANDLIST, D3D12DDI_CPU_DESCRIPTOR_HANDLE, const FLOAT Color[4],
                                              UINT NumRects, const D3D12_RECT *);
    void (APIENTRY *pfnClearDepthStencilView)(D3D12DDI_HCOMMANDLIST, D3D12DDI_CPU_DESCRIPTOR_HANDLE, D3D12_CLEAR_FLAGS,
                                              FLOAT Depth, UINT8 Stencil, UINT NumRects, const D3D12_RECT *);
    void (APIENTRY *pfnClearUnorderedAccessViewUint)(D3D12DDI_HCOMMANDLIST, D3D12DDI_GPU_DESCRIPTOR_HANDLE,
                                                     D3D12DDI_CPU_DESCRIPTOR_HANDLE, D3D12DDI_HRESOURCE,
                                                     const UINT Values[4], UINT NumRects, const D3D12_RECT *);
    void (APIENTRY *pfnClearUnorderedAccessViewFloat)(D3D12DDI_HCOMMANDLIST, D3D12DDI_GPU_DESCRIPTOR_HANDLE,
                                                      D3D12DDI_CPU_DESCRIPTOR_HANDLE, D3D12DDI_HRESOURCE,
                                                      const FLOAT Values[4], UINT NumRects, const D3D12_RECT *);
    void (APIENTRY *pfnDiscardResource)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HRESOURCE, const D3D12_DISCARD_REGION *);

    /* Copies and resolves. */
    void (APIENTRY *pfnCopyBufferRegion)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HRESOURCE hDst, UINT64 DstOffset,
                                         D3D12DDI_HRESOURCE hSrc, UINT64 SrcOffset, UINT64 NumBytes);
    void (APIENTRY *pfnCopyTextureRegion)(D3D12DDI_HCOMMANDLIST, const D3D12DDIARG_TEXTURE_COPY_LOCATION *pDst,
                                          UINT DstX, UINT DstY, UINT DstZ,
                                          const D3D12DDIARG_TEXTURE_COPY_LOCATION *pSrc, const D3D12_BOX *pSrcBox);
    void (APIENTRY *pfnCopyResource)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HRESOURCE hDst, D3D12DDI_HRESOURCE hSrc);
    void (APIENTRY *pfnCopyTiles)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HRESOURCE hTiledResource,
                                  const D3D12DDI_TILED_RESOURCE_COORDINATE *, const D3D12DDI_TILE_REGION_SIZE *,
                                  D3D12DDI_HRESOURCE hBuffer, UINT64 BufferOffset, D3D12_TILE_COPY_FLAGS);
    void (APIENTRY *pfnResolveSubresource)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HRESOURCE hDst, UINT DstSubresource,
                                           D3D12DDI_HRESOURCE hSrc, UINT SrcSubresource, DXGI_FORMAT);
    void (APIENTRY *pfnResolveSubresourceRegion)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HRESOURCE hDst, UINT DstSubresource,
                                                 UINT DstX, UINT DstY, D3D12DDI_HRESOURCE hSrc, UINT SrcSubresource,
                                                 const D3D12_RECT *pSrcRect, DXGI_FORMAT, D3D12_RESOLVE_MODE);
    void (APIENTRY *pfnWriteBufferImmediate)(D3D12DDI_HCOMMANDLIST, UINT Count,
                                             const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER *,
                                             const D3D12_WRITEBUFFERIMMEDIATE_MODE *);

    /* Barriers: legacy (drivers without Enhanced Barriers) and enhanced. */
    void (APIENTRY *pfnResourceBarrier)(D3D12DDI_HCOMMANDLIST, UINT Count, const D3D12DDIARG_RESOURCE_BARRIER *);
    void (APIENTRY *pfnBarrier)(D3D12DDI_HCOMMANDLIST, UINT Count, const D3D12DDIARG_BARRIER_0124 *);

    /* Queries and predication. */
    void (APIENTRY *pfnBeginQuery)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HQUERYHEAP, D3D12_QUERY_TYPE, UINT Index);
    void (APIENTRY *pfnEndQuery)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HQUERYHEAP, D3D12_QUERY_TYPE, UINT Index);
    void (APIENTRY *pfnResolveQueryData)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HQUERYHEAP, D3D12_QUERY_TYPE,
                                         UINT StartIndex, UINT NumQueries, D3D12DDI_HRESOURCE hDst, UINT64 DstOffset);
    void (APIENTRY *pfnSetPredication)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HRESOURCE, UINT64 Offset, D3D12_PREDICATION_OP);

    /* Pipeline and fixed-function state. */
    void (APIENTRY *pfnSetPipelineState)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HPIPELINESTATE);
    void (APIENTRY *pfnIASetPrimitiveTopology)(D3D12DDI_HCOMMANDLIST, D3D12_PRIMITIVE_TOPOLOGY);
    void (APIENTRY *pfnIASetIndexBuffer)(D3D12DDI_HCOMMANDLIST, const D3D12_INDEX_BUFFER_VIEW *);
    void (APIENTRY *pfnIASetVertexBuffers)(D3D12DDI_HCOMMANDLIST, UINT StartSlot, UINT NumViews,
                                           const D3D12DDIARG_VERTEX_BUFFER_VIEW *);
    void (APIENTRY *pfnIASetIndexBufferStripCutValue)(D3D12DDI_HCOMMANDLIST, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE);
    void (APIENTRY *pfnSOSetTargets)(D3D12DDI_HCOMMANDLIST, UINT StartSlot, UINT NumViews,
                                     const D3D12_STREAM_OUTPUT_BUFFER_VIEW *);
    void (APIENTRY *pfnRSSetViewports)(D3D12DDI_HCOMMANDLIST, UINT Count, const D3D12_VIEWPORT *);
    void (APIENTRY *pfnRSSetScissorRects)(D3D12DDI_HCOMMANDLIST, UINT Count, const D3D12_RECT *);
    void (APIENTRY *pfnRSSetDepthBias)(D3D12DDI_HCOMMANDLIST, FLOAT DepthBias, FLOAT DepthBiasClamp,
                                       FLOAT SlopeScaledDepthBias);
    void (APIENTRY *pfnOMSetBlendFactor)(D3D12DDI_HCOMMANDLIST, const FLOAT BlendFactor[4]);
    void (APIENTRY *pfnOMSetStencilRef)(D3D12DDI_HCOMMANDLIST, UINT FrontRef, UINT BackRef);
    void (APIENTRY *pfnOMSetDepthBounds)(D3D12DDI_HCOMMANDLIST, FLOAT Min, FLOAT Max);
    /* pRTVs holds NumRenderTargets handles (already expanded from a single-handle range). */
    void (APIENTRY *pfnOMSetRenderTargets)(D3D12DDI_HCOMMANDLIST, UINT NumRenderTargets,
                                           const D3D12DDI_CPU_DESCRIPTOR_HANDLE *pRTVs,
                                           const D3D12DDI_CPU_DESCRIPTOR_HANDLE *pDSV);
    void (APIENTRY *pfnSetSamplePositions)(D3D12DDI_HCOMMANDLIST, UINT NumSamplesPerPixel, UINT NumPixels,
                                           const D3D12_SAMPLE_POSITION *);
    void (APIENTRY *pfnSetViewInstanceMask)(D3D12DDI_HCOMMANDLIST, UINT Mask);

    /* Binding. */
    void (APIENTRY *pfnSetDescriptorHeaps)(D3D12DDI_HCOMMANDLIST, UINT Count, const D3D12DDI_HDESCRIPTORHEAP *);
    void (APIENTRY *pfnSetComputeRootSignature)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HROOTSIGNATURE);
    void (APIENTRY *pfnSetGraphicsRootSignature)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HROOTSIGNATURE);
    void (APIENTRY *pfnSetComputeRootDescriptorTable)(D3D12DDI_HCOMMANDLIST, UINT Index, D3D12DDI_GPU_DESCRIPTOR_HANDLE);
    void (APIENTRY *pfnSetGraphicsRootDescriptorTable)(D3D12DDI_HCOMMANDLIST, UINT Index, D3D12DDI_GPU_DESCRIPTOR_HANDLE);
    void (APIENTRY *pfnSetComputeRoot32BitConstants)(D3D12DDI_HCOMMANDLIST, UINT Index, UINT Num, const void *pData,
                                                     UINT DestOffset);
    void (APIENTRY *pfnSetGraphicsRoot32BitConstants)(D3D12DDI_HCOMMANDLIST, UINT Index, UINT Num, const void *pData,
                                                      UINT DestOffset);
    void (APIENTRY *pfnSetComputeRootConstantBufferView)(D3D12DDI_HCOMMANDLIST, UINT Index, UINT64 GpuVa);
    void (APIENTRY *pfnSetGraphicsRootConstantBufferView)(D3D12DDI_HCOMMANDLIST, UINT Index, UINT64 GpuVa);
    void (APIENTRY *pfnSetComputeRootShaderResourceView)(D3D12DDI_HCOMMANDLIST, UINT Index, UINT64 GpuVa);
    void (APIENTRY *pfnSetGraphicsRootShaderResourceView)(D3D12DDI_HCOMMANDLIST, UINT Index, UINT64 GpuVa);
    void (APIENTRY *pfnSetComputeRootUnorderedAccessView)(D3D12DDI_HCOMMANDLIST, UINT Index, UINT64 GpuVa);
    void (APIENTRY *pfnSetGraphicsRootUnorderedAccessView)(D3D12DDI_HCOMMANDLIST, UINT Index, UINT64 GpuVa);
    /* The runtime implements ClearState by replaying defaults and calling this. */
    void (APIENTRY *pfnClearRootArguments)(D3D12DDI_HCOMMANDLIST);

    /* Debug markers. */
    void (APIENTRY *pfnSetMarker)(D3D12DDI_HCOMMANDLIST, const char *Name);
    void (APIENTRY *pfnBeginEvent)(D3D12DDI_HCOMMANDLIST, const char *Name);
    void (APIENTRY *pfnEndEvent)(D3D12DDI_HCOMMANDLIST);
} D3D12DDI_COMMAND_LIST_FUNCS_3D_0124;

/* ---- Render passes (D3D12DDI_TABLE_TYPE_0043_RENDER_PASS) ------------------------------ */

/* Access types and flags of newer API headers (SDK 609+, DDI 0101) that the installed
 * DirectX-Headers lack: the runtime accepts their values and passes them through. */
#define D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_RENDER ((D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE)4)
#define D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_SRV ((D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE)5)
#define D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_UAV ((D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE)6)
#define D3D12DDI_RENDER_PASS_ENDING_ACCESS_TYPE_0101_PRESERVE_LOCAL_RENDER ((D3D12_RENDER_PASS_ENDING_ACCESS_TYPE)4)
#define D3D12DDI_RENDER_PASS_ENDING_ACCESS_TYPE_0101_PRESERVE_LOCAL_SRV ((D3D12_RENDER_PASS_ENDING_ACCESS_TYPE)5)
#define D3D12DDI_RENDER_PASS_ENDING_ACCESS_TYPE_0101_PRESERVE_LOCAL_UAV ((D3D12_RENDER_PASS_ENDING_ACCESS_TYPE)6)
#define D3D12DDI_RENDER_PASS_FLAG_0101_BIND_READ_ONLY_DEPTH ((D3D12_RENDER_PASS_FLAGS)0x8)
#define D3D12DDI_RENDER_PASS_FLAG_0101_BIND_READ_ONLY_STENCIL ((D3D12_RENDER_PASS_FLAGS)0x10)

typedef struct D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE Descriptor;
    D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE BeginningAccessType;
    D3D12_CLEAR_VALUE ClearValue;
    D3D12_RENDER_PASS_ENDING_ACCESS_TYPE EndingAccessType;
    D3D12DDI_HRESOURCE hResolveSrc, hResolveDst;     /* ending RESOLVE */
    UINT ResolveSubresourceCount;
    const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS *pResolveSubresources;
    DXGI_FORMAT ResolveFormat;
    D3D12_RESOLVE_MODE ResolveMode;
} D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124;

/* No resolve parameters: for a depth or stencil ending RESOLVE the driver keeps the plane
 * as for PRESERVE, and the runtime records ResolveSubresourceRegion after EndRenderPass. */
typedef struct D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE Descriptor;
    D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE DepthBeginningAccessType, StencilBeginningAccessType;
    D3D12_CLEAR_VALUE ClearValue;
    D3D12_RENDER_PASS_ENDING_ACCESS_TYPE DepthEndingAccessType, StencilEndingAccessType;
} D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124;

typedef struct D3D12DDI_RENDER_PASS_FUNCS_0124
{
    void (APIENTRY *pfnBeginRenderPass)(D3D12DDI_HCOMMANDLIST, UINT NumRenderTargets,
                                        const D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 *,
                                        const D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124 *,
                                        D3D12_RENDER_PASS_FLAGS);
    void (APIENTRY *pfnEndRenderPass)(D3D12DDI_HCOMMANDLIST);
} D3D12DDI_RENDER_PASS_FUNCS_0124;

/* ---- Async Commands (D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST) -------------------------
 * Shapes from the DDI section of Microsoft's D3D12AsyncCommands.md. */

typedef enum D3D12DDI_CLEAR_FLAGS
{
    D3D12DDI_CLEAR_FLAG_DEPTH = 0x1,
    D3D12DDI_CLEAR_FLAG_STENCIL = 0x2,
} D3D12DDI_CLEAR_FLAGS;

typedef struct D3D12DDI_CLEAR_DATA
{
    union
    {
        FLOAT Floats[4];
        UINT Uints[4];
        INT Sints[4];
        BYTE Bytes[16];
    };
} D3D12DDI_CLEAR_DATA;

typedef D3D12_BOX D3D12DDI_BOX;
typedef D3D12_RECT D3D12DDI_RECT;

typedef struct D3D12DDI_TEXTURE_COPY_REGION
{
    UINT DstOffsetX;
    UINT DstOffsetY;
    UINT DstOffsetZ;
    const D3D12DDI_BOX *pSrcBox;   /* NULL: the whole source subresource */
} D3D12DDI_TEXTURE_COPY_REGION;

/* A buffer side of a texture copy: the buffer and the footprint of the data in it. */
typedef struct D3D12DDIARG_BUFFER_PLACEMENT
{
    D3D12DDI_HRESOURCE hBuffer;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT Placement;
} D3D12DDIARG_BUFFER_PLACEMENT;

/* A texture side of a texture copy. */
typedef struct D3D12DDIARG_PLACED_RESOURCE
{
    D3D12DDI_HRESOURCE hResource;
    UINT SubresourceIndex;
} D3D12DDIARG_PLACED_RESOURCE;

/* Exactly one of each Dst/Src pair has a non-NULL handle. */
typedef struct D3D12DDI_TEXTURE_COPY_DESC
{
    D3D12DDIARG_BUFFER_PLACEMENT DstBufferPlacement;
    D3D12DDIARG_PLACED_RESOURCE DstPlacedResource;
    D3D12DDIARG_BUFFER_PLACEMENT SrcBufferPlacement;
    D3D12DDIARG_PLACED_RESOURCE SrcPlacedResource;
    UINT NumRegions;
    const D3D12DDI_TEXTURE_COPY_REGION *pRegions;
} D3D12DDI_TEXTURE_COPY_DESC;

typedef struct D3D12DDI_CLEAR_TEXTURE_DESC
{
    D3D12DDI_HRESOURCE hTexture;
    UINT SubresourceIndex;          /* 0xFFFFFFFF: all subresources */
    D3D12DDI_CLEAR_DATA ClearValue;
    DXGI_FORMAT Format;             /* UNKNOWN: the resource's format */
    const D3D12DDI_BOX *pRegion;    /* NULL: the whole subresource */
} D3D12DDI_CLEAR_TEXTURE_DESC;

typedef struct D3D12DDI_FILL_BUFFER_DESC
{
    D3D12DDI_HRESOURCE hBuffer;
    UINT64 Offset;
    D3D12DDI_CLEAR_DATA FillValue;
    DXGI_FORMAT Format;
    UINT RawPatternSizeInBytes;
    UINT RepeatCount;
} D3D12DDI_FILL_BUFFER_DESC;

typedef void (APIENTRY *PFND3D12DDI_COPY_BUFFER_REGIONS)(D3D12DDI_HCOMMANDLIST, UINT NumRegions,
    D3D12DDI_HRESOURCE *const *phDestBuffers, const UINT64 *pDestOffsets,
    D3D12DDI_HRESOURCE *const *phSourceBuffers, const UINT64 *pSourceOffsets, const UINT64 *pSizes);
typedef void (APIENTRY *PFND3D12DDI_COPY_TEXTURE_REGIONS)(D3D12DDI_HCOMMANDLIST, UINT NumCopyDescs,
    const D3D12DDI_TEXTURE_COPY_DESC *pCopyDescs);
typedef void (APIENTRY *PFND3D12DDI_COPY_RESOURCES)(D3D12DDI_HCOMMANDLIST, UINT NumSourceDestPairs,
    D3D12DDI_HRESOURCE *phDestResources, D3D12DDI_HRESOURCE *phSourceResources);
typedef void (APIENTRY *PFND3D12DDI_COPY_TILES_ASYNC)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HRESOURCE hTiledResource,
    const D3D12DDI_TILED_RESOURCE_COORDINATE *pTileRegionStartCoordinate,
    const D3D12DDI_TILE_REGION_SIZE *pTileRegionSize, D3D12DDI_HRESOURCE hBuffer, UINT64 BufferOffset,
    D3D12_TILE_COPY_FLAGS Flags);
typedef void (APIENTRY *PFND3D12DDI_RESOLVE_SUBRESOURCE_REGION_ASYNC)(D3D12DDI_HCOMMANDLIST,
    D3D12DDI_HRESOURCE hDestResource, UINT DestSubresource, UINT DestX, UINT DestY,
    D3D12DDI_HRESOURCE hSourceResource, UINT SourceSubresource, const D3D12DDI_RECT *pSourceRect,
    DXGI_FORMAT Format, D3D12_RESOLVE_MODE ResolveMode);
typedef void (APIENTRY *PFND3D12DDI_RESOLVE_QUERY_DATA_ASYNC)(D3D12DDI_HCOMMANDLIST, D3D12DDI_HQUERYHEAP hQueryHeap,
    D3D12_QUERY_TYPE Type, UINT StartIndex, UINT NumQueries, D3D12DDI_HRESOURCE hDestBuffer, UINT64 DestOffset);
typedef void (APIENTRY *PFND3D12DDI_CLEAR_BOUND_DEPTH_STENCIL_VIEW)(D3D12DDI_HCOMMANDLIST,
    D3D12DDI_CLEAR_FLAGS ClearFlags, FLOAT Depth, UINT8 Stencil, UINT NumRegions, const D3D12DDI_BOX *pRegions);
typedef void (APIENTRY *PFND3D12DDI_CLEAR_BOUND_RENDER_TARGET_VIEWS)(D3D12DDI_HCOMMANDLIST, UINT RenderTargetMask,
    const D3D12DDI_CLEAR_DATA *pClearValues, const UINT *pNumRegions, const D3D12DDI_BOX **ppRegions);
typedef void (APIENTRY *PFND3D12DDI_CLEAR_TEXTURE_SUBRESOURCES)(D3D12DDI_HCOMMANDLIST, UINT NumClearDescs,
    const D3D12DDI_CLEAR_TEXTURE_DESC *pClearDescs);
typedef void (APIENTRY *PFND3D12DDI_FILL_BUFFERS)(D3D12DDI_HCOMMANDLIST, UINT NumFillDescs,
    const D3D12DDI_FILL_BUFFER_DESC *pFillDescs);

/* Same order as the API methods on ID3D12GraphicsCommandList12. */
typedef struct D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124
{
    PFND3D12DDI_COPY_BUFFER_REGIONS pfnCopyBufferRegions;
    PFND3D12DDI_COPY_TEXTURE_REGIONS pfnCopyTextureRegions;
    PFND3D12DDI_COPY_RESOURCES pfnCopyResources;
    PFND3D12DDI_COPY_TILES_ASYNC pfnCopyTilesAsync;
    PFND3D12DDI_RESOLVE_SUBRESOURCE_REGION_ASYNC pfnResolveSubresourceRegionAsync;
    PFND3D12DDI_RESOLVE_QUERY_DATA_ASYNC pfnResolveQueryDataAsync;
    PFND3D12DDI_CLEAR_BOUND_DEPTH_STENCIL_VIEW pfnClearBoundDepthStencilView;
    PFND3D12DDI_CLEAR_BOUND_RENDER_TARGET_VIEWS pfnClearBoundRenderTargetViews;
    PFND3D12DDI_CLEAR_TEXTURE_SUBRESOURCES pfnClearTextureSubresources;
    PFND3D12DDI_FILL_BUFFERS pfnFillBuffers;
} D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124;

#endif
