/*
 * d3d12rt public headers: the work-graph types ID3D12GraphicsCommandList10::SetProgram and
 * DispatchGraph take, which DirectX-Headers 1.606.4 does not declare. Names and member order
 * are those of Microsoft's public headers (DirectX-Headers main). The interfaces themselves
 * are in d3d12rt_interfaces.idl.
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

#endif /* D3D12RT_D3D12_CMDLIST_H */
