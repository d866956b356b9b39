/* d3d12rt driver contract: the device core table (object creation, views, caps). */
#ifndef D3D12RT_DDI_DEVICE_H
#define D3D12RT_DDI_DEVICE_H

#ifndef D3D12RT_DDI_H
#error "include d3d12ddi.h"
#endif

/* ---- Heaps and resources ----------------------------------------------------------- */

typedef struct D3D12DDIARG_CREATEHEAP_0124
{
    UINT64 ByteSize;
    UINT64 Alignment;
    D3D12_HEAP_PROPERTIES Properties;   /* CUSTOM properties already resolved by the runtime */
    /* The API's flags, less D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS, which travels as
     * Flags0124's D3D12DDI_HEAP_FLAG_0124_ALLOW_EXECUTE_TILE_MAPPINGS (D029: its value,
     * 0x1000, is also D3D12_HEAP_FLAG_CREATE_NOT_ZEROED). */
    D3D12_HEAP_FLAGS Flags;
    UINT Flags0124;                     /* D3D12DDI_HEAP_FLAG_0124_* */
} D3D12DDIARG_CREATEHEAP_0124;

typedef enum D3D12DDI_RESOURCE_KIND
{
    D3D12DDI_RESOURCE_KIND_COMMITTED = 0,   /* heap args and resource args both given */
    D3D12DDI_RESOURCE_KIND_PLACED = 1,      /* in hPlacementHeap at PlacementOffset */
    D3D12DDI_RESOURCE_KIND_RESERVED = 2,    /* no memory; tiles mapped later */
} D3D12DDI_RESOURCE_KIND;

typedef struct D3D12DDIARG_CREATERESOURCE_0124
{
    D3D12DDI_RESOURCE_KIND Kind;
    /* Validated; MipLevels 0 already expanded; Flags without
     * D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS, which is Flags0124's
     * D3D12DDI_RESOURCE_FLAG_0124_ALLOW_EXECUTE_TILE_MAPPINGS. */
    D3D12_RESOURCE_DESC1 Desc;
    D3D12_BARRIER_LAYOUT InitialLayout; /* UNDEFINED for buffers */
    D3D12DDI_HHEAP hPlacementHeap;
    UINT64 PlacementOffset;
    const D3D12_CLEAR_VALUE *pOptimizedClearValue;
    UINT Flags0124;                     /* D3D12DDI_RESOURCE_FLAG_0124_* (reserved resources only) */
} D3D12DDIARG_CREATERESOURCE_0124;

/*
 * A subresource's bytes as the CPU sees them through MapHeap: Offset from the resource's
 * first byte (a committed resource's heap start, or PlacementOffset into a placed one's
 * heap), rows of elements (a texel, a compressed block, or a texel of the plane) RowPitch
 * bytes apart, depth slices DepthPitch apart. Opaque TRUE: no linear view exists (a
 * swizzled or compressed layout); the other members are then ignored.
 */
typedef struct D3D12DDI_SUBRESOURCE_LAYOUT_0124
{
    UINT64 Offset;
    UINT64 RowPitch;
    UINT64 DepthPitch;
    BOOL Opaque;
} D3D12DDI_SUBRESOURCE_LAYOUT_0124;

typedef struct D3D12DDI_HEAP_AND_RESOURCE_SIZES
{
    SIZE_T Heap;
    SIZE_T Resource;
} D3D12DDI_HEAP_AND_RESOURCE_SIZES;

typedef struct D3D12DDI_RESOURCE_ALLOCATION_INFO
{
    UINT64 SizeInBytes;
    UINT64 Alignment;
} D3D12DDI_RESOURCE_ALLOCATION_INFO;

/* ---- Queues, allocators, lists, fences ------------------------------------------------ */

typedef struct D3D12DDIARG_CREATE_COMMAND_QUEUE_0124
{
    D3D12_COMMAND_LIST_TYPE Type;   /* DIRECT, COMPUTE or COPY */
    INT Priority;
    D3D12_COMMAND_QUEUE_FLAGS Flags;
    UINT NodeMask;
} D3D12DDIARG_CREATE_COMMAND_QUEUE_0124;

typedef struct D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124
{
    D3D12_COMMAND_LIST_TYPE Type;
} D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124;

typedef struct D3D12DDIARG_CREATE_COMMAND_LIST_0124
{
    D3D12_COMMAND_LIST_TYPE Type;   /* DIRECT, BUNDLE, COMPUTE or COPY */
    D3D12DDI_HCOMMANDALLOCATOR hAllocator;
    UINT NodeMask;
    UINT64 CommandListId;           /* unique per runtime, for traces */
} D3D12DDIARG_CREATE_COMMAND_LIST_0124;

typedef struct D3D12DDIARG_CREATE_FENCE_0124
{
    UINT64 InitialValue;
    D3D12_FENCE_FLAGS Flags;
} D3D12DDIARG_CREATE_FENCE_0124;

/* Called once the fence's completed value reaches the value, from any thread (possibly
 * from inside pfnNotifyFenceOnCompletion if it already has), or with Removed = TRUE when
 * the device is lost: only once none of its work executes any more (pfnRemoveDevice). */
typedef void (APIENTRY *PFND3D12DDI_FENCE_CALLBACK)(void *pContext, BOOL Removed);

/* ---- Descriptors and views ------------------------------------------------------------ */

typedef struct D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124
{
    D3D12_DESCRIPTOR_HEAP_TYPE Type;
    UINT NumDescriptors;
    D3D12_DESCRIPTOR_HEAP_FLAGS Flags;
    UINT NodeMask;
} D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124;

typedef struct D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124
{
    D3D12DDI_HRESOURCE hResource;               /* may be NULL: a null descriptor */
    D3D12_SHADER_RESOURCE_VIEW_DESC Desc;       /* defaults already filled by the runtime */
} D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124;

typedef struct D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0124
{
    D3D12DDI_HRESOURCE hResource;
    D3D12DDI_HRESOURCE hCounterResource;
    D3D12_UNORDERED_ACCESS_VIEW_DESC Desc;
} D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0124;

typedef struct D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124
{
    D3D12DDI_HRESOURCE hResource;
    D3D12_RENDER_TARGET_VIEW_DESC Desc;
} D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124;

typedef struct D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124
{
    D3D12DDI_HRESOURCE hResource;
    D3D12_DEPTH_STENCIL_VIEW_DESC Desc;
} D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124;

/* ---- Pipelines and root signatures ------------------------------------------------------ */

typedef struct D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124
{
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *pRootSignature;   /* deserialized, version 1.1 */
    UINT NodeMask;
} D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124;

typedef enum D3D12DDI_PIPELINE_STATE_TYPE
{
    D3D12DDI_PIPELINE_STATE_TYPE_GRAPHICS = 0,
    D3D12DDI_PIPELINE_STATE_TYPE_COMPUTE = 1,
} D3D12DDI_PIPELINE_STATE_TYPE;

typedef struct D3D12DDIARG_CREATE_PIPELINE_STATE_0124
{
    D3D12DDI_PIPELINE_STATE_TYPE Type;
    D3D12DDI_HROOTSIGNATURE hRootSignature;
    /* pRootSignature and cached PSO members of these descs are NULL/ignored. */
    const D3D12_GRAPHICS_PIPELINE_STATE_DESC *pGraphics;
    const D3D12_COMPUTE_PIPELINE_STATE_DESC *pCompute;
} D3D12DDIARG_CREATE_PIPELINE_STATE_0124;

typedef struct D3D12DDIARG_CREATE_QUERY_HEAP_0124
{
    D3D12_QUERY_HEAP_TYPE Type;
    UINT Count;
    UINT NodeMask;
} D3D12DDIARG_CREATE_QUERY_HEAP_0124;

typedef struct D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124
{
    const D3D12_COMMAND_SIGNATURE_DESC *pDesc;
    D3D12DDI_HROOTSIGNATURE hRootSignature;
} D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124;

/* ---- The device table ------------------------------------------------------------------- */

/*
 * Entries a driver does not implement are NULL; the runtime then fails the API call the
 * way D3D12 fails for an unsupported feature. Creation entries return an HRESULT;
 * CalcPrivate* entries return the byte size of the driver object (at least
 * sizeof(void *)), or (SIZE_T)-1 to refuse.
 */
typedef struct D3D12DDI_DEVICE_FUNCS_CORE_0124
{
    /* Formats: D3D12_FORMAT_SUPPORT1/2 bits of the API. */
    HRESULT (APIENTRY *pfnCheckFormatSupport)(D3D12DDI_HDEVICE, DXGI_FORMAT, UINT *pSupport1, UINT *pSupport2);
    HRESULT (APIENTRY *pfnCheckMultisampleQualityLevels)(D3D12DDI_HDEVICE, DXGI_FORMAT, UINT SampleCount,
                                                         D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS, UINT *pNumQualityLevels);
    void (APIENTRY *pfnGetMipPacking)(D3D12DDI_HDEVICE, D3D12DDI_HRESOURCE, D3D12_PACKED_MIP_INFO *,
                                      D3D12_TILE_SHAPE *pStandardTileShapeForNonPackedMips);

    /* Heaps and resources (committed: both args; CreateHeap: heap only; placed/reserved: resource only). */
    D3D12DDI_HEAP_AND_RESOURCE_SIZES (APIENTRY *pfnCalcPrivateHeapAndResourceSizes)(
        D3D12DDI_HDEVICE, const D3D12DDIARG_CREATEHEAP_0124 *, const D3D12DDIARG_CREATERESOURCE_0124 *);
    HRESULT (APIENTRY *pfnCreateHeapAndResource)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATEHEAP_0124 *,
                                                 D3D12DDI_HHEAP, D3D12DDI_HRTRESOURCE,
                                                 const D3D12DDIARG_CREATERESOURCE_0124 *, D3D12DDI_HRESOURCE);
    void (APIENTRY *pfnDestroyHeapAndResource)(D3D12DDI_HDEVICE, D3D12DDI_HHEAP, D3D12DDI_HRESOURCE);
    void (APIENTRY *pfnGetResourceAllocationInfo)(D3D12DDI_HDEVICE, const D3D12_RESOURCE_DESC1 *,
                                                  D3D12DDI_RESOURCE_ALLOCATION_INFO *);
    /* Host pointer to the start of a CPU-visible heap (stable while mapped). */
    HRESULT (APIENTRY *pfnMapHeap)(D3D12DDI_HDEVICE, D3D12DDI_HHEAP, void **ppData);
    void (APIENTRY *pfnUnmapHeap)(D3D12DDI_HDEVICE, D3D12DDI_HHEAP);
    UINT64 (APIENTRY *pfnGetResourceGpuVirtualAddress)(D3D12DDI_HDEVICE, D3D12DDI_HRESOURCE);
    HRESULT (APIENTRY *pfnMakeResident)(D3D12DDI_HDEVICE, UINT NumHeaps, const D3D12DDI_HHEAP *);
    HRESULT (APIENTRY *pfnEvict)(D3D12DDI_HDEVICE, UINT NumHeaps, const D3D12DDI_HHEAP *);

    /* Queues. */
    SIZE_T (APIENTRY *pfnCalcPrivateCommandQueueSize)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *);
    HRESULT (APIENTRY *pfnCreateCommandQueue)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *,
                                              D3D12DDI_HCOMMANDQUEUE, D3D12DDI_HRTCOMMANDQUEUE);
    void (APIENTRY *pfnDestroyCommandQueue)(D3D12DDI_HDEVICE, D3D12DDI_HCOMMANDQUEUE);

    /* Command allocators: own the memory of the lists recorded into them. */
    SIZE_T (APIENTRY *pfnCalcPrivateCommandAllocatorSize)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 *);
    HRESULT (APIENTRY *pfnCreateCommandAllocator)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 *,
                                                  D3D12DDI_HCOMMANDALLOCATOR);
    void (APIENTRY *pfnDestroyCommandAllocator)(D3D12DDI_HDEVICE, D3D12DDI_HCOMMANDALLOCATOR);
    /* The runtime guarantees no list is recording into it and the GPU is done with it. */
    HRESULT (APIENTRY *pfnResetCommandAllocator)(D3D12DDI_HDEVICE, D3D12DDI_HCOMMANDALLOCATOR);

    /* Command lists: created recording (as after Reset). */
    SIZE_T (APIENTRY *pfnCalcPrivateCommandListSize)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *);
    HRESULT (APIENTRY *pfnCreateCommandList)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *,
                                             D3D12DDI_HCOMMANDLIST, D3D12DDI_HRTCOMMANDLIST);
    void (APIENTRY *pfnDestroyCommandList)(D3D12DDI_HDEVICE, D3D12DDI_HCOMMANDLIST);

    /* Fences: timelines the CPU and every queue can signal and wait on. */
    SIZE_T (APIENTRY *pfnCalcPrivateFenceSize)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_FENCE_0124 *);
    HRESULT (APIENTRY *pfnCreateFence)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_FENCE_0124 *, D3D12DDI_HFENCE);
    void (APIENTRY *pfnDestroyFence)(D3D12DDI_HDEVICE, D3D12DDI_HFENCE);
    UINT64 (APIENTRY *pfnGetFenceCompletedValue)(D3D12DDI_HDEVICE, D3D12DDI_HFENCE);
    /* CPU-side Signal: sets the value and wakes waiters (values may go down, as in D3D12). */
    HRESULT (APIENTRY *pfnSignalFenceCpu)(D3D12DDI_HDEVICE, D3D12DDI_HFENCE, UINT64 Value);
    HRESULT (APIENTRY *pfnNotifyFenceOnCompletion)(D3D12DDI_HDEVICE, D3D12DDI_HFENCE, UINT64 Value,
                                                   PFND3D12DDI_FENCE_CALLBACK, void *pContext);

    /* Descriptor heaps; views are written straight into CPU descriptor memory. */
    SIZE_T (APIENTRY *pfnCalcPrivateDescriptorHeapSize)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 *);
    HRESULT (APIENTRY *pfnCreateDescriptorHeap)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 *,
                                                D3D12DDI_HDESCRIPTORHEAP);
    void (APIENTRY *pfnDestroyDescriptorHeap)(D3D12DDI_HDEVICE, D3D12DDI_HDESCRIPTORHEAP);
    UINT (APIENTRY *pfnGetDescriptorSizeInBytes)(D3D12DDI_HDEVICE, D3D12_DESCRIPTOR_HEAP_TYPE);
    D3D12DDI_CPU_DESCRIPTOR_HANDLE (APIENTRY *pfnGetCPUDescriptorHandleForHeapStart)(D3D12DDI_HDEVICE, D3D12DDI_HDESCRIPTORHEAP);
    D3D12DDI_GPU_DESCRIPTOR_HANDLE (APIENTRY *pfnGetGPUDescriptorHandleForHeapStart)(D3D12DDI_HDEVICE, D3D12DDI_HDESCRIPTORHEAP);
    void (APIENTRY *pfnCreateShaderResourceView)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124 *,
                                                 D3D12DDI_CPU_DESCRIPTOR_HANDLE);
    void (APIENTRY *pfnCreateConstantBufferView)(D3D12DDI_HDEVICE, const D3D12_CONSTANT_BUFFER_VIEW_DESC *,
                                                 D3D12DDI_CPU_DESCRIPTOR_HANDLE);
    void (APIENTRY *pfnCreateUnorderedAccessView)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0124 *,
                                                  D3D12DDI_CPU_DESCRIPTOR_HANDLE);
    void (APIENTRY *pfnCreateRenderTargetView)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 *,
                                               D3D12DDI_CPU_DESCRIPTOR_HANDLE);
    void (APIENTRY *pfnCreateDepthStencilView)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 *,
                                               D3D12DDI_CPU_DESCRIPTOR_HANDLE);
    void (APIENTRY *pfnCreateSampler)(D3D12DDI_HDEVICE, const D3D12_SAMPLER_DESC2 *, D3D12DDI_CPU_DESCRIPTOR_HANDLE);
    void (APIENTRY *pfnCopyDescriptors)(D3D12DDI_HDEVICE, UINT NumDestRanges, const D3D12DDI_CPU_DESCRIPTOR_HANDLE *pDestStarts,
                                        const UINT *pDestSizes, UINT NumSrcRanges,
                                        const D3D12DDI_CPU_DESCRIPTOR_HANDLE *pSrcStarts, const UINT *pSrcSizes,
                                        D3D12_DESCRIPTOR_HEAP_TYPE);
    void (APIENTRY *pfnCopyDescriptorsSimple)(D3D12DDI_HDEVICE, UINT NumDescriptors, D3D12DDI_CPU_DESCRIPTOR_HANDLE Dest,
                                              D3D12DDI_CPU_DESCRIPTOR_HANDLE Src, D3D12_DESCRIPTOR_HEAP_TYPE);

    /* Root signatures and pipeline states. Stages the driver cannot run: E_INVALIDARG. */
    SIZE_T (APIENTRY *pfnCalcPrivateRootSignatureSize)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 *);
    HRESULT (APIENTRY *pfnCreateRootSignature)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 *,
                                               D3D12DDI_HROOTSIGNATURE);
    void (APIENTRY *pfnDestroyRootSignature)(D3D12DDI_HDEVICE, D3D12DDI_HROOTSIGNATURE);
    SIZE_T (APIENTRY *pfnCalcPrivatePipelineStateSize)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *);
    HRESULT (APIENTRY *pfnCreatePipelineState)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_PIPELINE_STATE_0124 *,
                                               D3D12DDI_HPIPELINESTATE);
    void (APIENTRY *pfnDestroyPipelineState)(D3D12DDI_HDEVICE, D3D12DDI_HPIPELINESTATE);

    /* Query heaps and command signatures. */
    SIZE_T (APIENTRY *pfnCalcPrivateQueryHeapSize)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_QUERY_HEAP_0124 *);
    HRESULT (APIENTRY *pfnCreateQueryHeap)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_QUERY_HEAP_0124 *, D3D12DDI_HQUERYHEAP);
    void (APIENTRY *pfnDestroyQueryHeap)(D3D12DDI_HDEVICE, D3D12DDI_HQUERYHEAP);
    SIZE_T (APIENTRY *pfnCalcPrivateCommandSignatureSize)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 *);
    HRESULT (APIENTRY *pfnCreateCommandSignature)(D3D12DDI_HDEVICE, const D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 *,
                                                  D3D12DDI_HCOMMANDSIGNATURE);
    void (APIENTRY *pfnDestroyCommandSignature)(D3D12DDI_HDEVICE, D3D12DDI_HCOMMANDSIGNATURE);

    /* Optional: where a texture's subresource lies in its memory, for WriteToSubresource
     * and ReadFromSubresource. Asked only for textures in CPU-visible heaps; NULL, or
     * Opaque TRUE, makes those methods fail with E_NOTIMPL. */
    HRESULT (APIENTRY *pfnGetSubresourceLayout)(D3D12DDI_HDEVICE, D3D12DDI_HRESOURCE, UINT Subresource,
                                                D3D12DDI_SUBRESOURCE_LAYOUT_0124 *);

    /* The runtime removed the device (optional): the driver stops its GPU and returns once
     * no work of the device executes any more, nor will (the work of the calling thread
     * aside, when the driver's own loss report got here). */
    void (APIENTRY *pfnRemoveDevice)(D3D12DDI_HDEVICE, HRESULT Reason);

    /* Tiled Resources Tier 5 (seed 001, DDI 0124): all nine in a driver that reports
     * tier 5, none below it (specs/ddi.md "Tiled Resources Tier 5"). The queue itself has
     * its own table, D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS. */
    PFND3D12DDI_CALCPRIVATETILEMAPPINGQUEUESIZE_0124 pfnCalcPrivateTileMappingQueueSize;
    PFND3D12DDI_CREATETILEMAPPINGQUEUE_0124 pfnCreateTileMappingQueue;
    PFND3D12DDI_DESTROYTILEMAPPINGQUEUE_0124 pfnDestroyTileMappingQueue;
    PFND3D12DDI_INITIALIZEEXECUTETILEMAPPINGLAYOUTTABLES_0124 pfnInitializeExecuteTileMappingLayoutTables;
    PFND3D12DDI_REGISTERRESOURCELAYOUTS_0124 pfnRegisterResourceLayouts;
    PFND3D12DDI_REGISTERHEAPLAYOUTS_0124 pfnRegisterHeapLayouts;
    PFND3D12DDI_UNREGISTERRESOURCELAYOUTS_0124 pfnUnregisterResourceLayouts;
    PFND3D12DDI_UNREGISTERHEAPLAYOUTS_0124 pfnUnregisterHeapLayouts;
    PFND3D12DDI_QUERYREGISTEREDRESERVEDRESOURCEMAPPINGS_0124 pfnQueryRegisteredReservedResourceMappings;
} D3D12DDI_DEVICE_FUNCS_CORE_0124;

#endif
