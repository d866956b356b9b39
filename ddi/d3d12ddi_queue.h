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

/* GPU-timeline fence operations of a queue. The command queue table and the tile mapping
 * queue's table share these types (seed 001): the tile mapping queue's entries receive its
 * D3D12DDI_HTILEMAPPINGQUEUE_0124 as the queue handle (the same pDrvPrivate), so a driver
 * may fill both tables with the same functions. */
typedef void (APIENTRY *PFND3D12DDI_SIGNAL_FENCE)(D3D12DDI_HCOMMANDQUEUE, const D3D12DDIARG_FENCE_OPERATION_0124 *);
typedef void (APIENTRY *PFND3D12DDI_WAIT_FOR_FENCE)(D3D12DDI_HCOMMANDQUEUE, const D3D12DDIARG_FENCE_OPERATION_0124 *);

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
    PFND3D12DDI_SIGNAL_FENCE pfnSignalFence;
    PFND3D12DDI_WAIT_FOR_FENCE pfnWaitForFence;
    /* GPU timestamp ticks per second, and a (GPU, CPU) timestamp pair. */
    HRESULT (APIENTRY *pfnGetTimestampFrequency)(D3D12DDI_HCOMMANDQUEUE, UINT64 *);
    HRESULT (APIENTRY *pfnGetClockCalibration)(D3D12DDI_HCOMMANDQUEUE, UINT64 *pGpu, UINT64 *pCpu);
} D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124;

/*
 * The tile mapping queue's own table: D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS,
 * tableNum 0 (seed 001). Its work runs on its own timeline, in submission order, ordered
 * against the other queues only through fences; each ExecuteTileMappings completes (page
 * tables written, translation caches invalidated) before later work on it starts.
 */
typedef struct D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124
{
    PFND3D12DDI_EXECUTETILEMAPPINGS_0124 pfnExecuteTileMappings;
    PFND3D12DDI_SIGNAL_FENCE pfnSignalFence;
    PFND3D12DDI_WAIT_FOR_FENCE pfnWaitForFence;
} D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124;

#endif
