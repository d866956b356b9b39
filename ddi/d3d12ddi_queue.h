/* d3d12rt driver contract: the command queue table. */
#ifndef D3D12RT_DDI_QUEUE_H
#define D3D12RT_DDI_QUEUE_H

#ifndef D3D12RT_DDI_H
#error "include d3d12ddi.h"
#endif

typedef struct D3D12DDIARG_FENCE_OPERATION_0124
{
    D3D12DDI_HFENCE hFence;
    UINT64 Value;
} D3D12DDIARG_FENCE_OPERATION_0124;

/*
 * Queue entries are serialized by the runtime (one queue lock). Work executes in
 * submission order on the queue's timeline; a queue wait blocks later work on that
 * queue only, never the calling thread.
 */
typedef struct D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124
{
    void (APIENTRY *pfnExecuteCommandLists)(D3D12DDI_HCOMMANDQUEUE, UINT Count, const D3D12DDI_HCOMMANDLIST *);
    void (APIENTRY *pfnUpdateTileMappings)(D3D12DDI_HCOMMANDQUEUE, D3D12DDI_HRESOURCE, UINT NumRegions,
                                           const D3D12DDI_TILED_RESOURCE_COORDINATE *, const D3D12DDI_TILE_REGION_SIZE *,
                                           D3D12DDI_HHEAP, UINT NumRanges, const D3D12_TILE_RANGE_FLAGS *,
                                           const UINT *pHeapRangeStartOffsets, const UINT *pRangeTileCounts,
                                           D3D12_TILE_MAPPING_FLAGS);
    void (APIENTRY *pfnCopyTileMappings)(D3D12DDI_HCOMMANDQUEUE, D3D12DDI_HRESOURCE hDst,
                                         const D3D12DDI_TILED_RESOURCE_COORDINATE *, D3D12DDI_HRESOURCE hSrc,
                                         const D3D12DDI_TILED_RESOURCE_COORDINATE *, const D3D12DDI_TILE_REGION_SIZE *,
                                         D3D12_TILE_MAPPING_FLAGS);
    void (APIENTRY *pfnSignalFence)(D3D12DDI_HCOMMANDQUEUE, const D3D12DDIARG_FENCE_OPERATION_0124 *);
    void (APIENTRY *pfnWaitForFence)(D3D12DDI_HCOMMANDQUEUE, const D3D12DDIARG_FENCE_OPERATION_0124 *);
    /* GPU timestamp ticks per second, and a (GPU, CPU) timestamp pair. */
    HRESULT (APIENTRY *pfnGetTimestampFrequency)(D3D12DDI_HCOMMANDQUEUE, UINT64 *);
    HRESULT (APIENTRY *pfnGetClockCalibration)(D3D12DDI_HCOMMANDQUEUE, UINT64 *pGpu, UINT64 *pCpu);
} D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124;

#endif
