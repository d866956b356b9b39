/*
 * What the compute test files share (test_compute.c: dispatches end to end;
 * test_compute_pipeline.c: pipeline creation and refusals): shaders assembled from
 * fxc-style source (tools/dxbc_asm.h), root signatures serialized through the API,
 * buffers and descriptors (test_compute_util.c).
 */
#ifndef TEST_COMPUTE_UTIL_H
#define TEST_COMPUTE_UTIL_H

#include "test_device.h"

#include <check.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Writes cb0[0].x + its thread id at dword vThreadID.x of u0 (64 threads a group): a
 * root constant and a root UAV. */
extern const char compute_store_ids_cs[];

/* A checksummed container from the source (ck_assert on assembler errors); free() it. */
#define assemble(source, size) assemble_(__LINE__, source, size)
void *assemble_(unsigned int line, const char *source, size_t *size);

/* A version 1.1 root signature from its parameters and static samplers. */
#define create_root_signature(device, parameters, count, samplers, sampler_count) \
    create_root_signature_(__LINE__, device, parameters, count, samplers, sampler_count)
ID3D12RootSignature *create_root_signature_(unsigned int line, ID3D12Device *device,
        const D3D12_ROOT_PARAMETER1 *parameters, UINT count, const D3D12_STATIC_SAMPLER_DESC *samplers,
        UINT sampler_count);

/* CreateComputePipelineState with the assembled source; *state NULL on failure. */
HRESULT create_compute_pipeline(ID3D12Device *device, ID3D12RootSignature *signature, const char *source,
                                ID3D12PipelineState **state);
/* The same, asserting S_OK. */
#define compute_pipeline(device, signature, source) compute_pipeline_(__LINE__, device, signature, source)
ID3D12PipelineState *compute_pipeline_(unsigned int line, ID3D12Device *device, ID3D12RootSignature *signature,
                                       const char *source);

/* A DEFAULT buffer that allows unordered access, in COMMON. */
#define uav_buffer(ctx, size) create_buffer((ctx)->device, D3D12_HEAP_TYPE_DEFAULT, size, \
        D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COMMON)

/* Root parameter builders (visibility ALL unless said). */
D3D12_ROOT_PARAMETER1 root_constants(UINT reg, UINT space, UINT count);
D3D12_ROOT_PARAMETER1 root_descriptor(D3D12_ROOT_PARAMETER_TYPE type, UINT reg, UINT space);
D3D12_ROOT_PARAMETER1 root_table(const D3D12_DESCRIPTOR_RANGE1 *ranges, UINT count);
D3D12_DESCRIPTOR_RANGE1 descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE type, UINT count, UINT reg, UINT space,
                                         UINT offset);

/* A buffer UAV at `where` (raw: R32_TYPELESS with the RAW flag). */
void create_buffer_uav(ID3D12Device *device, ID3D12Resource *resource, DXGI_FORMAT format, UINT first,
                       UINT count, UINT stride, bool raw, D3D12_CPU_DESCRIPTOR_HANDLE where);
/* A shader-visible descriptor heap of count descriptors, and its handles (size: the
 * type's increment). */
ID3D12DescriptorHeap *shader_visible_heap(ID3D12Device *device, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count);
D3D12_CPU_DESCRIPTOR_HANDLE cpu_handle(ID3D12DescriptorHeap *heap, UINT size, UINT index);
D3D12_GPU_DESCRIPTOR_HANDLE gpu_handle(ID3D12DescriptorHeap *heap, UINT size, UINT index);

/* The SHEX (or SHDR) part's program inside a container: its first token. */
uint32_t *container_program(void *container, size_t size, size_t *dword_count);
/* Recomputes the container checksum after the bytes were changed. */
void container_resign(void *container, size_t size);

Suite *compute_pipeline_suite(void);

#endif
