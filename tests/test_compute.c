/*
 * Compute on the built-in device, through the D3D12 API: shaders assembled from source,
 * root signatures serialized by the API, Dispatch over several thread groups, results
 * read back and compared with values computed here (destinations poisoned first).
 * Covers root constants, root CBVs, root SRVs and UAVs, descriptor tables (CBV, raw,
 * structured and typed buffers, textures, static and heap samplers, null descriptors),
 * the thread-id system values, predication, the pipeline-statistics count of compute
 * invocations, compute and graphics root state kept apart, bundles, and dispatches
 * without a compute pipeline.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_compute_util.h"
#include "test_run.h"
#include "test_suites.h"

#include <stdlib.h>
#include <string.h>

/* ---- Dispatch tests ------------------------------------------------------------------------ */

static void check_uints(unsigned int line, const uint32_t *got, const uint32_t *expected, size_t count)
{
    size_t i;

    for (i = 0; i < count; ++i)
        ck_assert_msg(got[i] == expected[i], "line %u: dword %zu is %#x, expected %#x", line, i, got[i], expected[i]);
}

/* The poison fill_pattern writes for seed. */
static uint32_t *poison_words(size_t count, unsigned int seed)
{
    uint32_t *words = malloc(count * 4);

    ck_assert_ptr_nonnull(words);
    fill_pattern(words, count * 4, seed);
    return words;
}

static const char root_constants_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 64, 1, 1\n"
    "imad r0.x, vThreadID.x, cb0[0].x, cb0[0].y\n"
    "ishl r1.x, vThreadID.x, l(2)\n"
    "store_raw u0.x, r1.x, r0.x\n"
    "ret\n";

START_TEST(test_dispatch_root_constants)
{
    enum {COUNT = 300, THREADS = 256};
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    uint32_t got[COUNT], *expected;
    struct test_context ctx;
    ID3D12Resource *buffer;
    const uint32_t scale = 7, bias = 1000;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameters[0] = root_constants(0, 0, 2);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, root_constants_cs);
    buffer = uav_buffer(&ctx, COUNT * 4);
    poison_buffer(&ctx, buffer, 3);

    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    /* Two calls, each setting part of the constants. */
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 12345, 0);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, bias, 1);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, scale, 0);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1,
            ID3D12Resource_GetGPUVirtualAddress(buffer));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, THREADS / 64, 1, 1);
    execute_and_wait(&ctx);
    read_buffer(&ctx, buffer, sizeof(got), got);

    expected = poison_words(COUNT, 3);
    for (i = 0; i < THREADS; ++i)
        expected[i] = i * scale + bias;
    check_uints(__LINE__, got, expected, COUNT);

    free(expected);
    ID3D12Resource_Release(buffer);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

static const char root_cbv_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[6], immediateIndexed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 32, 1, 1\n"
    "imad r0.x, vThreadID.x, cb0[5].w, cb0[2].z\n"
    "ishl r1.x, vThreadID.x, l(2)\n"
    "store_raw u0.x, r1.x, r0.x\n"
    "ret\n";

START_TEST(test_dispatch_root_cbv)
{
    enum {COUNT = 100, THREADS = 96, CB_OFFSET = 256};
    uint32_t got[COUNT], *expected, constants[6 * 4];
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12Resource *buffer, *cb;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    struct test_context ctx;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameters[0] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_CBV, 0, 0);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, root_cbv_cs);
    buffer = uav_buffer(&ctx, COUNT * 4);
    poison_buffer(&ctx, buffer, 5);
    /* The constants sit 256 bytes into their buffer, after other bytes. */
    cb = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 1024, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    poison_buffer(&ctx, cb, 9);
    for (i = 0; i < ARRAY_SIZE(constants); ++i)
        constants[i] = 0x100 * i + 3;
    upload_buffer_data(&ctx, cb, CB_OFFSET, constants, sizeof(constants));

    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRootConstantBufferView(ctx.list, 0,
            ID3D12Resource_GetGPUVirtualAddress(cb) + CB_OFFSET);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1,
            ID3D12Resource_GetGPUVirtualAddress(buffer));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, THREADS / 32, 1, 1);
    execute_and_wait(&ctx);
    read_buffer(&ctx, buffer, sizeof(got), got);

    expected = poison_words(COUNT, 5);
    for (i = 0; i < THREADS; ++i)
        expected[i] = i * constants[5 * 4 + 3] + constants[2 * 4 + 2];
    check_uints(__LINE__, got, expected, COUNT);

    free(expected);
    ID3D12Resource_Release(cb);
    ID3D12Resource_Release(buffer);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/* out[i] = raw[i] * 3 + structured[i].y, through root SRVs (raw at t0, stride-8
 * structured at t1) and a root UAV that starts 16 bytes into its buffer. */
static const char root_views_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_resource_raw t0\n"
    "dcl_resource_structured t1, 8\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 3\n"
    "dcl_thread_group 16, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(2)\n"
    "ld_raw r1.x, r0.x, t0.xxxx\n"
    "ld_structured r2.x, vThreadID.x, l(4), t1.xxxx\n"
    "imad r1.x, r1.x, l(3), r2.x\n"
    "store_raw u0.x, r0.x, r1.x\n"
    "ret\n";

START_TEST(test_dispatch_root_views)
{
    enum {COUNT = 64, THREADS = 48, UAV_OFFSET = 16};
    uint32_t got[COUNT + UAV_OFFSET / 4], raw[COUNT], structured[COUNT * 2], *expected;
    ID3D12Resource *buffer, *raw_buffer, *structured_buffer;
    D3D12_ROOT_PARAMETER1 parameters[3];
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    struct test_context ctx;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameters[0] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_SRV, 0, 0);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    parameters[2] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_SRV, 1, 0);
    signature = create_root_signature(ctx.device, parameters, 3, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, root_views_cs);
    buffer = uav_buffer(&ctx, sizeof(got));
    poison_buffer(&ctx, buffer, 11);
    raw_buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(raw), D3D12_RESOURCE_FLAG_NONE,
                               D3D12_RESOURCE_STATE_COMMON);
    structured_buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(structured),
                                      D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    for (i = 0; i < COUNT; ++i)
    {
        raw[i] = 1000 + i * 13;
        structured[2 * i] = 0xdead0000 + i;
        structured[2 * i + 1] = 5 * i + 1;
    }
    upload_buffer_data(&ctx, raw_buffer, 0, raw, sizeof(raw));
    upload_buffer_data(&ctx, structured_buffer, 0, structured, sizeof(structured));

    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootShaderResourceView(ctx.list, 0,
            ID3D12Resource_GetGPUVirtualAddress(raw_buffer));
    ID3D12GraphicsCommandList_SetComputeRootShaderResourceView(ctx.list, 2,
            ID3D12Resource_GetGPUVirtualAddress(structured_buffer));
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1,
            ID3D12Resource_GetGPUVirtualAddress(buffer) + UAV_OFFSET);
    ID3D12GraphicsCommandList_Dispatch(ctx.list, THREADS / 16, 1, 1);
    execute_and_wait(&ctx);
    read_buffer(&ctx, buffer, sizeof(got), got);

    expected = poison_words(ARRAY_SIZE(got), 11);
    for (i = 0; i < THREADS; ++i)
        expected[UAV_OFFSET / 4 + i] = raw[i] * 3 + structured[2 * i + 1];
    check_uints(__LINE__, got, expected, ARRAY_SIZE(got));

    free(expected);
    ID3D12Resource_Release(structured_buffer);
    ID3D12Resource_Release(raw_buffer);
    ID3D12Resource_Release(buffer);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/*
 * Everything through one descriptor table: b0 (a CBV), t0 raw, t1 structured (stride 16),
 * t2 a typed R8G8B8A8_UINT buffer, u0 raw, u1 structured (stride 8), u2 a typed R32_UINT
 * buffer. Per thread i:
 *   u0[i] = t0[i] + cb0[0].x
 *   u1[i] = (t1[i].z, t0[i])
 *   u2[i] = t2[i].x | t2[i].y << 8 | t2[i].z << 16 | t2[i].w << 24 (rebuilt from channels)
 */
static const char tables_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_resource_raw t0\n"
    "dcl_resource_structured t1, 16\n"
    "dcl_resource_buffer (uint,uint,uint,uint) t2\n"
    "dcl_uav_raw u0\n"
    "dcl_uav_structured u1, 8\n"
    "dcl_uav_typed_buffer (uint,uint,uint,uint) u2\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 4\n"
    "dcl_thread_group 8, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(2)\n"
    "ld_raw r1.x, r0.x, t0.xxxx\n"
    "iadd r2.x, r1.x, cb0[0].x\n"
    "store_raw u0.x, r0.x, r2.x\n"
    "ld_structured r2.x, vThreadID.x, l(8), t1.xxxx\n"
    "mov r2.y, r1.x\n"
    "store_structured u1.xy, vThreadID.x, l(0), r2.xyxx\n"
    "ld_indexable(buffer)(uint,uint,uint,uint) r3.xyzw, vThreadID.xxxx, t2.xyzw\n"
    "ishl r3.y, r3.y, l(8)\n"
    "ishl r3.z, r3.z, l(16)\n"
    "ishl r3.w, r3.w, l(24)\n"
    "or r3.x, r3.x, r3.y\n"
    "or r3.x, r3.x, r3.z\n"
    "or r3.x, r3.x, r3.w\n"
    "store_uav_typed u2.xyzw, vThreadID.xxxx, r3.xxxx\n"
    "ret\n";

static void create_buffer_srv(ID3D12Device *device, ID3D12Resource *resource, DXGI_FORMAT format, UINT first,
                              UINT count, UINT stride, bool raw, D3D12_CPU_DESCRIPTOR_HANDLE where)
{
    D3D12_SHADER_RESOURCE_VIEW_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Format = raw ? DXGI_FORMAT_R32_TYPELESS : format;
    desc.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    desc.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    desc.Buffer.FirstElement = first;
    desc.Buffer.NumElements = count;
    desc.Buffer.StructureByteStride = stride;
    desc.Buffer.Flags = raw ? D3D12_BUFFER_SRV_FLAG_RAW : D3D12_BUFFER_SRV_FLAG_NONE;
    ID3D12Device_CreateShaderResourceView(device, resource, &desc, where);
}

START_TEST(test_dispatch_descriptor_tables)
{
    /* The table starts at descriptor 2 of the heap; u0-u2 come first, then b0, t0-t2
     * appended after them. */
    enum {THREADS = 24, BASE = 2, FIRST = 4};
    D3D12_DESCRIPTOR_RANGE1 ranges[3];
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv;
    ID3D12Resource *cb, *raw_in, *structured_in, *typed_in, *raw_out, *structured_out, *typed_out;
    uint32_t raw[FIRST + THREADS], structured[THREADS * 4], constants[64];
    uint32_t got_raw[THREADS], got_structured[THREADS * 2], got_typed[THREADS + 2], *expected;
    uint8_t typed[THREADS * 4];
    D3D12_ROOT_PARAMETER1 parameter;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12DescriptorHeap *heap;
    struct test_context ctx;
    unsigned int i;
    UINT size;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ranges[0] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 3, 0, 0, 0);
    ranges[1] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_CBV, 1, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND);
    ranges[2] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 3, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND);
    parameter = root_table(ranges, 3);
    signature = create_root_signature(ctx.device, &parameter, 1, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, tables_cs);

    for (i = 0; i < ARRAY_SIZE(raw); ++i)
        raw[i] = 0x1000 * i + 17;
    for (i = 0; i < ARRAY_SIZE(structured); ++i)
        structured[i] = 0x50000 + i;
    for (i = 0; i < ARRAY_SIZE(typed); ++i)
        typed[i] = (uint8_t)(i * 37 + 5);
    for (i = 0; i < ARRAY_SIZE(constants); ++i)
        constants[i] = 0x7000000 + i;
    cb = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    raw_in = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(raw), D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    structured_in = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(structured), D3D12_RESOURCE_FLAG_NONE,
                                  D3D12_RESOURCE_STATE_COMMON);
    typed_in = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(typed), D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_COMMON);
    raw_out = uav_buffer(&ctx, sizeof(got_raw));
    structured_out = uav_buffer(&ctx, sizeof(got_structured));
    typed_out = uav_buffer(&ctx, sizeof(got_typed));
    upload_buffer_data(&ctx, cb, 0, constants, sizeof(constants));
    upload_buffer_data(&ctx, raw_in, 0, raw, sizeof(raw));
    upload_buffer_data(&ctx, structured_in, 0, structured, sizeof(structured));
    upload_buffer_data(&ctx, typed_in, 0, typed, sizeof(typed));
    poison_buffer(&ctx, raw_out, 21);
    poison_buffer(&ctx, structured_out, 22);
    poison_buffer(&ctx, typed_out, 23);

    heap = shader_visible_heap(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, BASE + 7);
    size = ID3D12Device_GetDescriptorHandleIncrementSize(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    create_buffer_uav(ctx.device, raw_out, DXGI_FORMAT_UNKNOWN, 0, THREADS, 0, true, cpu_handle(heap, size, BASE + 0));
    create_buffer_uav(ctx.device, structured_out, DXGI_FORMAT_UNKNOWN, 0, THREADS, 8, false,
                      cpu_handle(heap, size, BASE + 1));
    /* The typed UAV starts one element in. */
    create_buffer_uav(ctx.device, typed_out, DXGI_FORMAT_R32_UINT, 1, THREADS, 0, false,
                      cpu_handle(heap, size, BASE + 2));
    cbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(cb);
    cbv.SizeInBytes = 256;
    ID3D12Device_CreateConstantBufferView(ctx.device, &cbv, cpu_handle(heap, size, BASE + 3));
    /* The raw SRV starts FIRST dwords in. */
    create_buffer_srv(ctx.device, raw_in, DXGI_FORMAT_UNKNOWN, FIRST, THREADS, 0, true, cpu_handle(heap, size, BASE + 4));
    create_buffer_srv(ctx.device, structured_in, DXGI_FORMAT_UNKNOWN, 0, THREADS, 16, false,
                      cpu_handle(heap, size, BASE + 5));
    create_buffer_srv(ctx.device, typed_in, DXGI_FORMAT_R8G8B8A8_UINT, 0, THREADS, 0, false,
                      cpu_handle(heap, size, BASE + 6));

    ID3D12GraphicsCommandList_SetDescriptorHeaps(ctx.list, 1, &heap);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(ctx.list, 0, gpu_handle(heap, size, BASE));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, THREADS / 8, 1, 1);
    execute_and_wait(&ctx);

    read_buffer(&ctx, raw_out, sizeof(got_raw), got_raw);
    for (i = 0; i < THREADS; ++i)
        ck_assert_msg(got_raw[i] == raw[FIRST + i] + constants[0], "raw %u: %#x", i, got_raw[i]);
    read_buffer(&ctx, structured_out, sizeof(got_structured), got_structured);
    for (i = 0; i < THREADS; ++i)
    {
        ck_assert_msg(got_structured[2 * i] == structured[4 * i + 2], "structured %u.x: %#x", i, got_structured[2 * i]);
        ck_assert_msg(got_structured[2 * i + 1] == raw[FIRST + i], "structured %u.y: %#x", i, got_structured[2 * i + 1]);
    }
    read_buffer(&ctx, typed_out, sizeof(got_typed), got_typed);
    expected = poison_words(ARRAY_SIZE(got_typed), 23);
    for (i = 0; i < THREADS; ++i)
        expected[1 + i] = typed[4 * i] | typed[4 * i + 1] << 8 | typed[4 * i + 2] << 16 | (uint32_t)typed[4 * i + 3] << 24;
    check_uints(__LINE__, got_typed, expected, ARRAY_SIZE(got_typed));

    free(expected);
    ID3D12DescriptorHeap_Release(heap);
    ID3D12Resource_Release(typed_out);
    ID3D12Resource_Release(structured_out);
    ID3D12Resource_Release(raw_out);
    ID3D12Resource_Release(typed_in);
    ID3D12Resource_Release(structured_in);
    ID3D12Resource_Release(raw_in);
    ID3D12Resource_Release(cb);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/* Each thread writes its ids at its flattened global index: SV_DispatchThreadID,
 * SV_GroupID, SV_GroupThreadID, SV_GroupIndex (12 dwords with padding). */
static const char ids_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_structured u0, 48\n"
    "dcl_input vThreadID.xyz\n"
    "dcl_input vThreadGroupID.xyz\n"
    "dcl_input vThreadIDInGroup.xyz\n"
    "dcl_input vThreadIDInGroupFlattened\n"
    "dcl_temps 2\n"
    "dcl_thread_group 4, 2, 2\n"
    "imad r0.x, vThreadID.z, l(4), vThreadID.y\n"
    "imad r0.x, r0.x, l(12), vThreadID.x\n"
    "mov r1.xyz, vThreadID.xyzx\n"
    "mov r1.w, l(0)\n"
    "store_structured u0.xyzw, r0.x, l(0), r1.xyzw\n"
    "mov r1.xyz, vThreadGroupID.xyzx\n"
    "store_structured u0.xyzw, r0.x, l(16), r1.xyzw\n"
    "mov r1.xyz, vThreadIDInGroup.xyzx\n"
    "mov r1.w, vThreadIDInGroupFlattened.x\n"
    "store_structured u0.xyzw, r0.x, l(32), r1.xyzw\n"
    "ret\n";

START_TEST(test_dispatch_thread_ids)
{
    /* 3 x 2 x 2 groups of 4 x 2 x 2 threads: a 12 x 4 x 4 grid. */
    enum {W = 12, H = 4, D = 4, COUNT = W * H * D};
    D3D12_ROOT_PARAMETER1 parameter;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    uint32_t *got, expected[12];
    struct test_context ctx;
    ID3D12Resource *buffer;
    unsigned int x, y, z;
    const uint32_t *row;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    parameter = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, &parameter, 1, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, ids_cs);
    buffer = uav_buffer(&ctx, COUNT * 48);
    poison_buffer(&ctx, buffer, 31);

    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 0, ID3D12Resource_GetGPUVirtualAddress(buffer));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 3, 2, 2);
    execute_and_wait(&ctx);
    ck_assert_ptr_nonnull(got = malloc(COUNT * 48));
    read_buffer(&ctx, buffer, COUNT * 48, got);

    for (z = 0; z < D; ++z)
    for (y = 0; y < H; ++y)
    for (x = 0; x < W; ++x)
    {
        row = got + ((z * H + y) * W + x) * 12;
        memset(expected, 0, sizeof(expected));
        expected[0] = x, expected[1] = y, expected[2] = z;
        expected[4] = x / 4, expected[5] = y / 2, expected[6] = z / 2;
        expected[8] = x % 4, expected[9] = y % 2, expected[10] = z % 2;
        expected[11] = (z % 2) * 8 + (y % 2) * 4 + x % 4;
        /* Dwords 3 and 7 are written as zero too (the stores write whole vec4s). */
        ck_assert_msg(!memcmp(row, expected, sizeof(expected)), "thread (%u, %u, %u): %u %u %u / %u %u %u / %u %u %u %u",
                      x, y, z, row[0], row[1], row[2], row[4], row[5], row[6], row[8], row[9], row[10], row[11]);
    }

    free(got);
    ID3D12Resource_Release(buffer);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/* Predication skips a dispatch; turning it off, or a predicate that passes, runs it.
 * The second root constant tells the three dispatches apart. */
START_TEST(test_dispatch_predication)
{
    enum {THREADS = 64};
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12Resource *buffers[3], *predicate;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    uint32_t got[THREADS], *poison;
    const uint64_t zero = 0;
    struct test_context ctx;
    unsigned int i, j;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameters[0] = root_constants(0, 0, 2);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, root_constants_cs);
    predicate = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&ctx, predicate, 0, &zero, sizeof(zero));
    for (i = 0; i < 3; ++i)
    {
        buffers[i] = uav_buffer(&ctx, THREADS * 4);
        poison_buffer(&ctx, buffers[i], 40 + i);
    }
    transition_resource(&ctx, predicate, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_PREDICATION);

    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 1, 0);
    /* The value is 0: EQUAL_ZERO skips, NOT_EQUAL_ZERO runs. */
    for (i = 0; i < 3; ++i)
    {
        if (i == 0)
            ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
        else if (i == 1)
            ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
        else
            ID3D12GraphicsCommandList_SetPredication(ctx.list, NULL, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
        ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 100 * (i + 1), 1);
        ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1,
                ID3D12Resource_GetGPUVirtualAddress(buffers[i]));
        ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
    }
    execute_and_wait(&ctx);

    for (i = 0; i < 3; ++i)
    {
        read_buffer(&ctx, buffers[i], sizeof(got), got);
        poison = poison_words(THREADS, 40 + i);
        for (j = 0; j < THREADS; ++j)
        {
            if (i == 0)
                ck_assert_msg(got[j] == poison[j], "predicated dispatch wrote dword %u: %#x", j, got[j]);
            else
                ck_assert_msg(got[j] == j + 100 * (i + 1), "dispatch %u, dword %u: %#x", i, j, got[j]);
        }
        free(poison);
        ID3D12Resource_Release(buffers[i]);
    }

    ID3D12Resource_Release(predicate);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/* CSInvocations counts every thread that ran: two dispatches inside the query, one
 * outside it and one predicated away. */
START_TEST(test_dispatch_statistics)
{
    D3D12_QUERY_DATA_PIPELINE_STATISTICS stats;
    D3D12_QUERY_HEAP_DESC heap_desc = {D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 1, 0};
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12Resource *buffer, *results, *predicate;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    const uint64_t one = 1;
    struct test_context ctx;
    ID3D12QueryHeap *heap;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameters[0] = root_constants(0, 0, 2);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, root_constants_cs);
    buffer = uav_buffer(&ctx, 64 * 4 * 8);
    results = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(stats), D3D12_RESOURCE_FLAG_NONE,
                            D3D12_RESOURCE_STATE_COMMON);
    predicate = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&ctx, predicate, 0, &one, sizeof(one));
    transition_resource(&ctx, predicate, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_PREDICATION);
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(ctx.device, &heap_desc, &IID_ID3D12QueryHeap, (void **)&heap), S_OK);

    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1, ID3D12Resource_GetGPUVirtualAddress(buffer));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
    ID3D12GraphicsCommandList_BeginQuery(ctx.list, heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 3, 1, 1);
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 2, 2, 1);
    ID3D12GraphicsCommandList_SetPredication(ctx.list, predicate, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 8, 1, 1);
    ID3D12GraphicsCommandList_SetPredication(ctx.list, NULL, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    ID3D12GraphicsCommandList_EndQuery(ctx.list, heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
    ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1, results, 0);
    execute_and_wait(&ctx);
    read_buffer(&ctx, results, sizeof(stats), &stats);
    ck_assert_uint_eq(stats.CSInvocations, (3 + 4) * 64);
    ck_assert_uint_eq(stats.VSInvocations, 0);
    ck_assert_uint_eq(stats.PSInvocations, 0);

    ID3D12QueryHeap_Release(heap);
    ID3D12Resource_Release(predicate);
    ID3D12Resource_Release(results);
    ID3D12Resource_Release(buffer);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/* The compute and graphics root signatures and arguments are separate: graphics
 * arguments set in between change nothing the dispatch reads. */
START_TEST(test_dispatch_graphics_state_apart)
{
    enum {THREADS = 64};
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    uint32_t got[THREADS];
    struct test_context ctx;
    ID3D12Resource *buffer, *other;
    uint32_t *poison;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameters[0] = root_constants(0, 0, 2);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, root_constants_cs);
    buffer = uav_buffer(&ctx, sizeof(got));
    other = uav_buffer(&ctx, sizeof(got));
    poison_buffer(&ctx, other, 51);

    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 2, 0);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 9, 1);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1, ID3D12Resource_GetGPUVirtualAddress(buffer));
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstant(ctx.list, 0, 5, 0);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstant(ctx.list, 0, 6, 1);
    ID3D12GraphicsCommandList_SetGraphicsRootUnorderedAccessView(ctx.list, 1, ID3D12Resource_GetGPUVirtualAddress(other));
    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
    execute_and_wait(&ctx);

    read_buffer(&ctx, buffer, sizeof(got), got);
    for (i = 0; i < THREADS; ++i)
        ck_assert_msg(got[i] == 2 * i + 9, "dword %u: %#x", i, got[i]);
    read_buffer(&ctx, other, sizeof(got), got);
    poison = poison_words(THREADS, 51);
    check_uints(__LINE__, got, poison, THREADS);
    free(poison);

    ID3D12Resource_Release(other);
    ID3D12Resource_Release(buffer);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/*
 * Textures and samplers through tables: t0 is mip 1 of a two-mip R8G8B8A8_UINT texture
 * (the view starts there), u1 an R32_UINT texture each thread stores its packed texel
 * into; t1 a 2x1 R32_FLOAT texture sampled at u = 0.375 through s0 (a static point
 * sampler: texel 0) and s1 (a linear sampler from the sampler heap: 3/4 texel 0 and 1/4
 * texel 1), written to u0.
 */
static const char texture_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_sampler s1, mode_default\n"
    "dcl_resource_texture2d (uint,uint,uint,uint) t0\n"
    "dcl_resource_texture2d (float,float,float,float) t1\n"
    "dcl_uav_raw u0\n"
    "dcl_uav_typed_texture2d (uint,uint,uint,uint) u1\n"
    "dcl_input vThreadIDInGroup.xy\n"
    "dcl_temps 3\n"
    "dcl_thread_group 2, 2, 1\n"
    "mov r0.xy, vThreadIDInGroup.xyxx\n"
    "mov r0.zw, l(0,0,0,0)\n"
    "ld_indexable(texture2d)(uint,uint,uint,uint) r1.xyzw, r0.xyzw, t0.xyzw\n"
    "ishl r1.y, r1.y, l(8)\n"
    "ishl r1.z, r1.z, l(16)\n"
    "ishl r1.w, r1.w, l(24)\n"
    "or r1.x, r1.x, r1.y\n"
    "or r1.x, r1.x, r1.z\n"
    "or r1.x, r1.x, r1.w\n"
    "store_uav_typed u1.xyzw, r0.xyyy, r1.xxxx\n"
    "sample_l_indexable(texture2d)(float,float,float,float) r2.x, l(0.375, 0.5, 0, 0), t1.xxxx, s0, l(0)\n"
    "sample_l_indexable(texture2d)(float,float,float,float) r2.y, l(0.375, 0.5, 0, 0), t1.xxxx, s1, l(0)\n"
    "store_raw u0.xy, l(0), r2.xyxx\n"
    "ret\n";

START_TEST(test_dispatch_textures_samplers)
{
    static const float texels[2] = {1.0f, 3.0f};
    D3D12_DESCRIPTOR_RANGE1 ranges[3], sampler_range;
    D3D12_SHADER_RESOURCE_VIEW_DESC srv;
    D3D12_UNORDERED_ACCESS_VIEW_DESC uav;
    ID3D12DescriptorHeap *heaps[2];
    D3D12_STATIC_SAMPLER_DESC point;
    D3D12_SAMPLER_DESC linear;
    D3D12_ROOT_PARAMETER1 parameters[2];
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *source, *target, *floats, *out;
    uint8_t mip0[4 * 4 * 4], mip1[2 * 2 * 4];
    uint32_t got[2 * 2];
    float sampled[2];
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    struct test_context ctx;
    UINT size;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ranges[0] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 2, 0, 0, 0);
    ranges[1] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 2, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND);
    sampler_range = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER, 1, 1, 0, 0);
    parameters[0] = root_table(ranges, 2);
    parameters[1] = root_table(&sampler_range, 1);
    memset(&point, 0, sizeof(point));
    point.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    point.AddressU = point.AddressV = point.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    point.MaxLOD = D3D12_FLOAT32_MAX;
    point.ShaderRegister = 0;
    point.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    signature = create_root_signature(ctx.device, parameters, 2, &point, 1);
    pipeline = compute_pipeline(ctx.device, signature, texture_cs);

    desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UINT, 4, 4, 1, 2, 1, D3D12_RESOURCE_FLAG_NONE);
    source = create_texture(ctx.device, &desc, D3D12_RESOURCE_STATE_COPY_DEST);
    for (i = 0; i < sizeof(mip0); ++i)
        mip0[i] = (uint8_t)(i * 7 + 1);
    for (i = 0; i < sizeof(mip1); ++i)
        mip1[i] = (uint8_t)(i * 11 + 100);
    upload_texture_data(&ctx, source, 0, mip0);
    upload_texture_data(&ctx, source, 1, mip1);
    desc.Width = desc.Height = 2;
    desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_R32_UINT;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    target = create_texture(ctx.device, &desc, D3D12_RESOURCE_STATE_COMMON);
    desc.Height = 1;
    desc.Format = DXGI_FORMAT_R32_FLOAT;
    desc.Flags = D3D12_RESOURCE_FLAG_NONE;
    floats = create_texture(ctx.device, &desc, D3D12_RESOURCE_STATE_COPY_DEST);
    upload_texture_data(&ctx, floats, 0, texels);
    out = uav_buffer(&ctx, 256);
    poison_buffer(&ctx, out, 61);
    poison_texture(&ctx, target, 62);

    heaps[0] = shader_visible_heap(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4);
    heaps[1] = shader_visible_heap(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 2);
    size = ID3D12Device_GetDescriptorHandleIncrementSize(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);

    memset(&srv, 0, sizeof(srv));
    srv.Format = DXGI_FORMAT_R8G8B8A8_UINT;
    srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
    srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    srv.Texture2D.MostDetailedMip = 1;
    srv.Texture2D.MipLevels = 1;
    ID3D12Device_CreateShaderResourceView(ctx.device, source, &srv, cpu_handle(heaps[0], size, 0));
    ID3D12Device_CreateShaderResourceView(ctx.device, floats, NULL, cpu_handle(heaps[0], size, 1));
    create_buffer_uav(ctx.device, out, DXGI_FORMAT_UNKNOWN, 0, 64, 0, true, cpu_handle(heaps[0], size, 2));
    memset(&uav, 0, sizeof(uav));
    uav.Format = DXGI_FORMAT_R32_UINT;
    uav.ViewDimension = D3D12_UAV_DIMENSION_TEXTURE2D;
    ID3D12Device_CreateUnorderedAccessView(ctx.device, target, NULL, &uav, cpu_handle(heaps[0], size, 3));
    memset(&linear, 0, sizeof(linear));
    linear.Filter = D3D12_FILTER_MIN_MAG_MIP_LINEAR;
    linear.AddressU = linear.AddressV = linear.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    linear.MaxLOD = D3D12_FLOAT32_MAX;
    /* The sampler table starts at the heap's second record. */
    ID3D12Device_CreateSampler(ctx.device, &linear, cpu_handle(heaps[1],
            ID3D12Device_GetDescriptorHandleIncrementSize(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER), 1));

    ID3D12GraphicsCommandList_SetDescriptorHeaps(ctx.list, 2, heaps);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(ctx.list, 0, gpu_handle(heaps[0], size, 0));
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(ctx.list, 1, gpu_handle(heaps[1],
            ID3D12Device_GetDescriptorHandleIncrementSize(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER), 1));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
    execute_and_wait(&ctx);

    read_texture_subresource(&ctx, target, 0, got);
    for (i = 0; i < 4; ++i)
        ck_assert_msg(got[i] == (mip1[4 * i] | mip1[4 * i + 1] << 8 | mip1[4 * i + 2] << 16
                      | (uint32_t)mip1[4 * i + 3] << 24), "texel %u: %#x", i, got[i]);
    read_buffer(&ctx, out, sizeof(sampled), sampled);
    ck_assert_msg(sampled[0] == 1.0f, "point: %.8e", sampled[0]);
    ck_assert_msg(sampled[1] == 1.5f, "linear: %.8e", sampled[1]);

    ID3D12DescriptorHeap_Release(heaps[1]);
    ID3D12DescriptorHeap_Release(heaps[0]);
    ID3D12Resource_Release(out);
    ID3D12Resource_Release(floats);
    ID3D12Resource_Release(target);
    ID3D12Resource_Release(source);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/* Samples t0 outside the texture through s0 (a BORDER sampler): the border colour's red,
 * stored at dword cb0[0].x of u0. */
static const char border_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_uav_raw u0\n"
    "dcl_temps 2\n"
    "dcl_thread_group 1, 1, 1\n"
    "sample_l_indexable(texture2d)(float,float,float,float) r0.x, l(2.5, 0.5, 0, 0), t0.xyzw, s0, l(0)\n"
    "ishl r1.x, cb0[0].x, l(2)\n"
    "store_raw u0.x, r1.x, r0.x\n"
    "ret\n";

/* One shader-visible sampler descriptor rewritten with more distinct states over time
 * than the hardware has sampler slots (1,024): every dispatch samples with the state
 * written before it and the device stays (D013). */
START_TEST(test_dispatch_sampler_rewritten_past_slots)
{
    enum {STATES = 1100};
    static const float texel = 7.0f;
    D3D12_DESCRIPTOR_RANGE1 ranges[3];
    D3D12_ROOT_PARAMETER1 parameters[3];
    ID3D12DescriptorHeap *heaps[2];
    ID3D12Resource *texture, *out;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    D3D12_SAMPLER_DESC sampler;
    D3D12_RESOURCE_DESC desc;
    struct test_context ctx;
    float *got;
    UINT size;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ranges[0] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0);
    ranges[1] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND);
    ranges[2] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER, 1, 0, 0, 0);
    parameters[0] = root_table(&ranges[0], 2);
    parameters[1] = root_table(&ranges[2], 1);
    parameters[2] = root_constants(0, 0, 1);
    signature = create_root_signature(ctx.device, parameters, 3, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, border_cs);

    desc = test_texture_2d_desc(DXGI_FORMAT_R32_FLOAT, 1, 1, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    texture = create_texture(ctx.device, &desc, D3D12_RESOURCE_STATE_COPY_DEST);
    upload_texture_data(&ctx, texture, 0, &texel);
    out = uav_buffer(&ctx, STATES * sizeof(float));
    poison_buffer(&ctx, out, 63);
    heaps[0] = shader_visible_heap(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2);
    heaps[1] = shader_visible_heap(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 1);
    size = ID3D12Device_GetDescriptorHandleIncrementSize(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    ID3D12Device_CreateShaderResourceView(ctx.device, texture, NULL, cpu_handle(heaps[0], size, 0));
    create_buffer_uav(ctx.device, out, DXGI_FORMAT_UNKNOWN, 0, STATES, 0, true, cpu_handle(heaps[0], size, 1));

    memset(&sampler, 0, sizeof(sampler));
    sampler.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D12_TEXTURE_ADDRESS_MODE_BORDER;
    sampler.MaxLOD = D3D12_FLOAT32_MAX;
    for (i = 0; i < STATES; ++i)
    {
        sampler.BorderColor[0] = 1000.0f + (float)i;
        sampler.BorderColor[3] = 1.0f;
        /* The GPU is done with the descriptor: execute_and_wait waited. */
        ID3D12Device_CreateSampler(ctx.device, &sampler, cpu_handle(heaps[1], 0, 0));
        ID3D12GraphicsCommandList_SetDescriptorHeaps(ctx.list, 2, heaps);
        ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
        ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
        ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(ctx.list, 0, gpu_handle(heaps[0], size, 0));
        ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(ctx.list, 1, gpu_handle(heaps[1], 0, 0));
        ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 2, i, 0);
        ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
        execute_and_wait(&ctx);
    }
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(ctx.device), S_OK);

    got = calloc(STATES, sizeof(*got));
    ck_assert_ptr_nonnull(got);
    read_buffer(&ctx, out, STATES * sizeof(*got), got);
    for (i = 0; i < STATES; ++i)
        ck_assert_msg(got[i] == 1000.0f + (float)i, "dispatch %u: %.8e", i, got[i]);
    free(got);

    ID3D12DescriptorHeap_Release(heaps[1]);
    ID3D12DescriptorHeap_Release(heaps[0]);
    ID3D12Resource_Release(out);
    ID3D12Resource_Release(texture);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/* A dispatch with no pipeline, or a graphics one, runs nothing (D3D12 leaves it
 * undefined); a bundle's dispatch uses the root arguments its caller set. */
START_TEST(test_dispatch_without_pipeline_and_bundle)
{
    enum {THREADS = 64};
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12CommandAllocator *bundle_allocator;
    ID3D12GraphicsCommandList *bundle;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *buffer, *other;
    uint32_t got[THREADS], *poison;
    struct test_context ctx;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameters[0] = root_constants(0, 0, 2);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, root_constants_cs);
    buffer = uav_buffer(&ctx, sizeof(got));
    other = uav_buffer(&ctx, sizeof(got));
    poison_buffer(&ctx, buffer, 71);
    poison_buffer(&ctx, other, 72);

    /* No pipeline: nothing runs. */
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 3, 0);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 4, 1);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1, ID3D12Resource_GetGPUVirtualAddress(other));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
    execute_and_wait(&ctx);
    read_buffer(&ctx, other, sizeof(got), got);
    poison = poison_words(THREADS, 72);
    check_uints(__LINE__, got, poison, THREADS);
    free(poison);

    /* The bundle sets the pipeline and the same root signature, and dispatches with the
     * arguments of the list that executes it. */
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_BUNDLE,
                     &IID_ID3D12CommandAllocator, (void **)&bundle_allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundle_allocator,
                     pipeline, &IID_ID3D12GraphicsCommandList, (void **)&bundle), S_OK);
    ID3D12GraphicsCommandList_SetComputeRootSignature(bundle, signature);
    ID3D12GraphicsCommandList_Dispatch(bundle, 1, 1, 1);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 5, 0);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 6, 1);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1, ID3D12Resource_GetGPUVirtualAddress(buffer));
    ID3D12GraphicsCommandList_ExecuteBundle(ctx.list, bundle);
    execute_and_wait(&ctx);
    read_buffer(&ctx, buffer, sizeof(got), got);
    for (i = 0; i < THREADS; ++i)
        ck_assert_msg(got[i] == 5 * i + 6, "dword %u: %#x", i, got[i]);

    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(bundle_allocator);
    ID3D12Resource_Release(other);
    ID3D12Resource_Release(buffer);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

/* Null descriptors read as zeros (b1, t0), and so does a constant buffer past its
 * view's size (cb0[20] of a 256-byte view). */
static const char null_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[32], immediateIndexed\n"
    "dcl_constantbuffer cb1[1], immediateIndexed\n"
    "dcl_resource_raw t0\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 8, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(2)\n"
    "ld_raw r1.x, r0.x, t0.xxxx\n"
    "iadd r1.x, r1.x, cb0[20].x\n"
    "iadd r1.x, r1.x, cb0[1].y\n"
    "iadd r1.x, r1.x, cb1[0].x\n"
    "iadd r1.x, r1.x, vThreadID.x\n"
    "store_raw u0.x, r0.x, r1.x\n"
    "ret\n";

START_TEST(test_dispatch_null_descriptors)
{
    enum {THREADS = 16};
    D3D12_DESCRIPTOR_RANGE1 ranges[3];
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv;
    D3D12_SHADER_RESOURCE_VIEW_DESC srv;
    uint32_t got[THREADS], constants[128];
    D3D12_ROOT_PARAMETER1 parameter;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *cb, *out;
    ID3D12DescriptorHeap *heap;
    struct test_context ctx;
    unsigned int i;
    UINT size;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ranges[0] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_CBV, 2, 0, 0, 0);
    ranges[1] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND);
    ranges[2] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND);
    parameter = root_table(ranges, 3);
    signature = create_root_signature(ctx.device, &parameter, 1, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, null_cs);
    for (i = 0; i < ARRAY_SIZE(constants); ++i)
        constants[i] = 0x10000 * (i + 1);
    /* 512 bytes of constants; the view covers the first 256. */
    cb = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(constants), D3D12_RESOURCE_FLAG_NONE,
                       D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&ctx, cb, 0, constants, sizeof(constants));
    out = uav_buffer(&ctx, sizeof(got));
    poison_buffer(&ctx, out, 81);

    heap = shader_visible_heap(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4);
    size = ID3D12Device_GetDescriptorHandleIncrementSize(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    cbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(cb);
    cbv.SizeInBytes = 256;
    ID3D12Device_CreateConstantBufferView(ctx.device, &cbv, cpu_handle(heap, size, 0));
    ID3D12Device_CreateConstantBufferView(ctx.device, NULL, cpu_handle(heap, size, 1));
    memset(&srv, 0, sizeof(srv));
    srv.Format = DXGI_FORMAT_R32_TYPELESS;
    srv.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    srv.Buffer.NumElements = THREADS;
    srv.Buffer.Flags = D3D12_BUFFER_SRV_FLAG_RAW;
    ID3D12Device_CreateShaderResourceView(ctx.device, NULL, &srv, cpu_handle(heap, size, 2));
    create_buffer_uav(ctx.device, out, DXGI_FORMAT_UNKNOWN, 0, THREADS, 0, true, cpu_handle(heap, size, 3));

    ID3D12GraphicsCommandList_SetDescriptorHeaps(ctx.list, 1, &heap);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(ctx.list, 0, gpu_handle(heap, size, 0));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, THREADS / 8, 1, 1);
    execute_and_wait(&ctx);
    read_buffer(&ctx, out, sizeof(got), got);
    for (i = 0; i < THREADS; ++i)
        ck_assert_msg(got[i] == constants[5] + i, "dword %u: %#x", i, got[i]);

    ID3D12DescriptorHeap_Release(heap);
    ID3D12Resource_Release(out);
    ID3D12Resource_Release(cb);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

Suite *compute_dispatch_suite(void)
{
    Suite *suite = suite_create("compute_dispatch");
    TCase *tc = tcase_create("dispatch");

    tcase_add_test(tc, test_dispatch_root_constants);
    tcase_add_test(tc, test_dispatch_root_cbv);
    tcase_add_test(tc, test_dispatch_root_views);
    tcase_add_test(tc, test_dispatch_descriptor_tables);
    tcase_add_test(tc, test_dispatch_thread_ids);
    tcase_add_test(tc, test_dispatch_predication);
    tcase_add_test(tc, test_dispatch_statistics);
    tcase_add_test(tc, test_dispatch_graphics_state_apart);
    tcase_add_test(tc, test_dispatch_textures_samplers);
    tcase_add_test(tc, test_dispatch_sampler_rewritten_past_slots);
    tcase_add_test(tc, test_dispatch_null_descriptors);
    tcase_add_test(tc, test_dispatch_without_pipeline_and_bundle);
    suite_add_tcase(suite, tc);
    return suite;
}

TEST_MAIN(compute_dispatch_suite(), compute_pipeline_suite())
