/*
 * Releasing or resetting what executing work still uses (issue 19; runtime/rt_retire.h):
 * the work is held behind a queue Wait on a fence the CPU signals later, so it certainly
 * executes after the application let go of everything. Nothing it reads is freed before
 * it ran (ASan and valgrind watch the queue thread), its results read back right, the
 * debug layer reports each release (OBJECT_DELETED_WHILE_STILL_IN_USE) and the early
 * allocator Reset (COMMAND_ALLOCATOR_SYNC), and the objects go once the fence passed.
 */
#include "test_async.h"
#include "test_compute_util.h"
#include "test_run.h"

#include <string.h>

#define WORDS 64

static ID3D12Fence *create_fence(ID3D12Device *device)
{
    ID3D12Fence *fence;

    ck_assert_int_eq(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence),
                     S_OK);
    return fence;
}

static void *map_buffer(ID3D12Resource *buffer)
{
    D3D12_RANGE none = {0, 0};
    void *data;

    ck_assert_int_eq(ID3D12Resource_Map(buffer, 0, &none, &data), S_OK);
    return data;
}

/* The device's count as the application sees it (every live child holds one). */
static ULONG device_refcount(ID3D12Device *device)
{
    return get_refcount(device);
}

/* Executes the context's closed list behind a wait on gate = 1, then signals the
 * context fence: nothing of it runs before the CPU signals the gate. */
static void execute_behind_gate(struct test_context *ctx, ID3D12Fence *gate)
{
    ID3D12CommandList *list = (ID3D12CommandList *)ctx->list;

    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx->list), S_OK);
    ck_assert_int_eq(ID3D12CommandQueue_Wait(ctx->queue, gate, 1), S_OK);
    ID3D12CommandQueue_ExecuteCommandLists(ctx->queue, 1, &list);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx->queue, ctx->fence, ++ctx->fence_value), S_OK);
}

/* Opens the gate and waits for the context fence. */
static void open_gate_and_wait(struct test_context *ctx, ID3D12Fence *gate)
{
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(ctx->fence), ctx->fence_value - 1);
    ck_assert_int_eq(ID3D12Fence_Signal(gate, 1), S_OK);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(ctx->fence, ctx->fence_value, NULL), S_OK);
}

/* A copy from an UPLOAD buffer, and the list and allocator that recorded it, all
 * released before the copy executes. */
START_TEST(test_release_copy_sources_in_flight)
{
    uint32_t expected[WORDS], *mapped;
    ID3D12Resource *src, *dst;
    struct test_context ctx;
    ID3D12Fence *gate;
    struct async_message message;
    ULONG before;
    unsigned int i;

    async_enable_debug_layer();
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    gate = create_fence(ctx.device);
    src = create_buffer(ctx.device, D3D12_HEAP_TYPE_UPLOAD, sizeof(expected), D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_GENERIC_READ);
    dst = create_buffer(ctx.device, D3D12_HEAP_TYPE_READBACK, sizeof(expected), D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COPY_DEST);
    fill_pattern(expected, sizeof(expected), 7);
    memcpy(map_buffer(src), expected, sizeof(expected));
    ID3D12Resource_Unmap(src, 0, NULL);
    mapped = map_buffer(dst);
    memset(mapped, 0xcd, sizeof(expected));

    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 0, src, 0, sizeof(expected));
    execute_behind_gate(&ctx, gate);
    async_clear_messages(ctx.device);
    before = device_refcount(ctx.device);
    ID3D12Resource_Release(src);
    ID3D12GraphicsCommandList_Release(ctx.list);
    ID3D12CommandAllocator_Release(ctx.allocator);
    /* Kept until the work is done: each still holds its device reference. */
    ck_assert_uint_eq(device_refcount(ctx.device), before);
    check_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE,
                  &message);

    open_gate_and_wait(&ctx, gate);
    for (i = 0; i < WORDS; ++i)
        ck_assert_msg(mapped[i] == expected[i], "word %u: %#x, expected %#x", i, mapped[i], expected[i]);
    /* Looking at the fence lets them go. */
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(ctx.fence), ctx.fence_value);
    ck_assert_uint_eq(device_refcount(ctx.device), before - 3);

    ID3D12Resource_Unmap(dst, 0, NULL);
    ID3D12Resource_Release(dst);
    ID3D12Fence_Release(gate);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                     &IID_ID3D12CommandAllocator, (void **)&ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, ctx.allocator,
                     NULL, &IID_ID3D12GraphicsCommandList, (void **)&ctx.list), S_OK);
    test_context_destroy(&ctx);
}
END_TEST

/* A dispatch whose pipeline, root signature, descriptor heap and UAV buffer are released
 * before it executes; the copy of its result into a readback buffer still reads right. */
START_TEST(test_release_dispatch_objects_in_flight)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1,
                                            D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *uav, *dst;
    struct test_context ctx;
    uint32_t *mapped;
    ID3D12Fence *gate;
    ULONG before;
    unsigned int i;

    async_enable_debug_layer();
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    gate = create_fence(ctx.device);
    parameters[0] = root_constants(0, 0, 1);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, compute_store_ids_cs);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(ctx.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                     (void **)&heap), S_OK);
    uav = uav_buffer(&ctx, WORDS * 4);
    dst = create_buffer(ctx.device, D3D12_HEAP_TYPE_READBACK, WORDS * 4, D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COPY_DEST);
    mapped = map_buffer(dst);
    memset(mapped, 0xcd, WORDS * 4);

    ID3D12GraphicsCommandList_SetDescriptorHeaps(ctx.list, 1, &heap);
    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 1000, 0);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1,
            ID3D12Resource_GetGPUVirtualAddress(uav));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
    transition_resource(&ctx, uav, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                        D3D12_RESOURCE_STATE_COPY_SOURCE);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 0, uav, 0, WORDS * 4);
    execute_behind_gate(&ctx, gate);
    async_clear_messages(ctx.device);
    before = device_refcount(ctx.device);
    ID3D12PipelineState_Release(pipeline);
    /* Bound by the list when it was executed: the debug layer sees each. */
    check_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE,
                  NULL);
    async_clear_messages(ctx.device);
    ID3D12RootSignature_Release(signature);
    check_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE,
                  NULL);
    async_clear_messages(ctx.device);
    ID3D12DescriptorHeap_Release(heap);
    check_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE,
                  NULL);
    /* Named only through a root view: kept all the same, without a message. */
    async_clear_messages(ctx.device);
    ID3D12Resource_Release(uav);
    check_no_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR);
    ck_assert_uint_eq(device_refcount(ctx.device), before);

    open_gate_and_wait(&ctx, gate);
    for (i = 0; i < WORDS; ++i)
        ck_assert_msg(mapped[i] == 1000 + i, "word %u: %#x, expected %#x", i, mapped[i], 1000 + i);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(ctx.fence), ctx.fence_value);
    /* The list recorded them: it holds them until its next Reset (rt_cmdlist_keep.h). */
    ck_assert_uint_eq(device_refcount(ctx.device), before);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ck_assert_uint_eq(device_refcount(ctx.device), before - 4);

    ID3D12Resource_Unmap(dst, 0, NULL);
    ID3D12Resource_Release(dst);
    ID3D12Fence_Release(gate);
    test_context_destroy(&ctx);
}
END_TEST

/* Resetting the allocator while its list executes: S_OK and COMMAND_ALLOCATOR_SYNC, and
 * the next recording into it does not overwrite the commands the GPU has yet to run. */
START_TEST(test_allocator_reset_in_flight)
{
    uint32_t first[WORDS], second[WORDS], *mapped;
    ID3D12Resource *src[2], *dst;
    struct test_context ctx;
    ID3D12Fence *gate;
    unsigned int i;

    async_enable_debug_layer();
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    gate = create_fence(ctx.device);
    fill_pattern(first, sizeof(first), 11);
    fill_pattern(second, sizeof(second), 12);
    for (i = 0; i < 2; ++i)
    {
        src[i] = create_buffer(ctx.device, D3D12_HEAP_TYPE_UPLOAD, sizeof(first), D3D12_RESOURCE_FLAG_NONE,
                               D3D12_RESOURCE_STATE_GENERIC_READ);
        memcpy(map_buffer(src[i]), i ? second : first, sizeof(first));
        ID3D12Resource_Unmap(src[i], 0, NULL);
    }
    dst = create_buffer(ctx.device, D3D12_HEAP_TYPE_READBACK, 2 * sizeof(first), D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COPY_DEST);
    mapped = map_buffer(dst);
    memset(mapped, 0xcd, 2 * sizeof(first));

    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 0, src[0], 0, sizeof(first));
    execute_behind_gate(&ctx, gate);
    async_clear_messages(ctx.device);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    check_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_COMMAND_ALLOCATOR_SYNC, NULL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, sizeof(first), src[1], 0, sizeof(second));
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    {
        ID3D12CommandList *list = (ID3D12CommandList *)ctx.list;

        ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, &list);
        ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, ctx.fence, ++ctx.fence_value), S_OK);
    }

    ck_assert_int_eq(ID3D12Fence_Signal(gate, 1), S_OK);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(ctx.fence, ctx.fence_value, NULL), S_OK);
    for (i = 0; i < WORDS; ++i)
    {
        ck_assert_msg(mapped[i] == first[i], "first copy, word %u: %#x, expected %#x", i, mapped[i], first[i]);
        ck_assert_msg(mapped[WORDS + i] == second[i], "second copy, word %u: %#x, expected %#x", i,
                      mapped[WORDS + i], second[i]);
    }

    /* Once the work is done, Reset recycles without a word. */
    async_clear_messages(ctx.device);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    check_no_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR);

    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12Resource_Unmap(dst, 0, NULL);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src[0]);
    ID3D12Resource_Release(src[1]);
    ID3D12Fence_Release(gate);
    test_context_destroy(&ctx);
}
END_TEST

/* A bundle's allocator reset while the list that executed the bundle still waits to
 * run: S_OK and COMMAND_ALLOCATOR_SYNC, and a second bundle recorded into that
 * allocator does not overwrite the commands of the first (the list keeps them). */
START_TEST(test_bundle_allocator_reset_in_flight)
{
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12GraphicsCommandList *bundles[2];
    ID3D12CommandAllocator *bundle_allocator;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *uav, *dst;
    struct test_context ctx;
    uint32_t *mapped;
    ID3D12Fence *gate;
    unsigned int i;

    async_enable_debug_layer();
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    gate = create_fence(ctx.device);
    parameters[0] = root_constants(0, 0, 1);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, compute_store_ids_cs);
    uav = uav_buffer(&ctx, WORDS * 4);
    dst = create_buffer(ctx.device, D3D12_HEAP_TYPE_READBACK, WORDS * 4, D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COPY_DEST);
    mapped = map_buffer(dst);
    memset(mapped, 0xcd, WORDS * 4);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_BUNDLE,
                     &IID_ID3D12CommandAllocator, (void **)&bundle_allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundle_allocator,
                     pipeline, &IID_ID3D12GraphicsCommandList, (void **)&bundles[0]), S_OK);
    ID3D12GraphicsCommandList_SetComputeRootSignature(bundles[0], signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(bundles[0], 0, 3000, 0);
    ID3D12GraphicsCommandList_Dispatch(bundles[0], 1, 1, 1);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundles[0]), S_OK);

    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1,
            ID3D12Resource_GetGPUVirtualAddress(uav));
    ID3D12GraphicsCommandList_ExecuteBundle(ctx.list, bundles[0]);
    transition_resource(&ctx, uav, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                        D3D12_RESOURCE_STATE_COPY_SOURCE);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 0, uav, 0, WORDS * 4);
    execute_behind_gate(&ctx, gate);

    async_clear_messages(ctx.device);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(bundle_allocator), S_OK);
    check_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_COMMAND_ALLOCATOR_SYNC, NULL);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundle_allocator,
                     pipeline, &IID_ID3D12GraphicsCommandList, (void **)&bundles[1]), S_OK);
    ID3D12GraphicsCommandList_SetComputeRootSignature(bundles[1], signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(bundles[1], 0, 4000, 0);
    ID3D12GraphicsCommandList_Dispatch(bundles[1], 1, 1, 1);
    ID3D12GraphicsCommandList_Dispatch(bundles[1], 1, 1, 1);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundles[1]), S_OK);

    open_gate_and_wait(&ctx, gate);
    for (i = 0; i < WORDS; ++i)
        ck_assert_msg(mapped[i] == 3000 + i, "word %u: %#x, expected %#x", i, mapped[i], 3000 + i);

    /* Once the work is done, Reset recycles without a word. */
    async_clear_messages(ctx.device);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(bundle_allocator), S_OK);
    check_no_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR);

    ID3D12GraphicsCommandList_Release(bundles[0]);
    ID3D12GraphicsCommandList_Release(bundles[1]);
    ID3D12CommandAllocator_Release(bundle_allocator);
    ID3D12Resource_Unmap(dst, 0, NULL);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(uav);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    ID3D12Fence_Release(gate);
    test_context_destroy(&ctx);
}
END_TEST

/* A fence released while a queue's Signal of it waits behind a gate: kept (the device's
 * count shows it) until the queue passed the Signal, so the GPU never signals freed
 * memory; then it goes. */
START_TEST(test_release_fence_signal_in_flight)
{
    struct test_context ctx;
    ID3D12Fence *gate, *fence;
    ULONG before;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    gate = create_fence(ctx.device);
    fence = create_fence(ctx.device);
    ck_assert_int_eq(ID3D12CommandQueue_Wait(ctx.queue, gate, 1), S_OK);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, fence, 7), S_OK);
    before = device_refcount(ctx.device);
    ck_assert_uint_eq(ID3D12Fence_Release(fence), 0);
    ck_assert_uint_eq(device_refcount(ctx.device), before);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, ctx.fence, ++ctx.fence_value), S_OK);

    ck_assert_int_eq(ID3D12Fence_Signal(gate, 1), S_OK);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(ctx.fence, ctx.fence_value, NULL), S_OK);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(ctx.fence), ctx.fence_value);
    ck_assert_uint_eq(device_refcount(ctx.device), before - 1);

    ID3D12Fence_Release(gate);
    test_context_destroy(&ctx);
}
END_TEST

/* A Reset while a list records into the allocator: E_FAIL and COMMAND_ALLOCATOR_CANNOT_RESET. */
START_TEST(test_allocator_reset_while_recording)
{
    struct test_context ctx;

    async_enable_debug_layer();
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    async_clear_messages(ctx.device);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), E_FAIL);
    check_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_COMMAND_ALLOCATOR_CANNOT_RESET, NULL);
    test_context_destroy(&ctx);
}
END_TEST

/* The queue released with the gate still closed: its destruction ends what it held
 * (the driver drops the work behind a wait that never completes), and the objects
 * released while it waited go with it. */
START_TEST(test_release_queue_with_work_waiting)
{
    ID3D12Resource *src, *dst;
    struct test_context ctx;
    ID3D12Fence *gate;
    ULONG before;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    gate = create_fence(ctx.device);
    src = create_buffer(ctx.device, D3D12_HEAP_TYPE_UPLOAD, 256, D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_GENERIC_READ);
    dst = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COPY_DEST);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 0, src, 0, 256);
    execute_behind_gate(&ctx, gate);
    before = device_refcount(ctx.device);
    ID3D12Resource_Release(src);
    ID3D12Resource_Release(dst);
    ck_assert_uint_eq(device_refcount(ctx.device), before);
    ID3D12CommandQueue_Release(ctx.queue);
    /* The list recorded both buffers: it holds them until its next Reset. */
    ck_assert_uint_eq(device_refcount(ctx.device), before - 1);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ck_assert_uint_eq(device_refcount(ctx.device), before - 3);

    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(ctx.device, &(D3D12_COMMAND_QUEUE_DESC){0},
                     &IID_ID3D12CommandQueue, (void **)&ctx.queue), S_OK);
    ID3D12Fence_Release(gate);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Released after recording, before execution (runtime/rt_cmdlist_keep.h) ---------- */

/* Executes the closed list and waits for it. */
static void execute_closed(struct test_context *t)
{
    ID3D12CommandList *list = (ID3D12CommandList *)t->list;

    ID3D12CommandQueue_ExecuteCommandLists(t->queue, 1, &list);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(t->queue, t->fence, ++t->fence_value), S_OK);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(t->fence, t->fence_value, NULL), S_OK);
}

/* _i 1: with the debug layer, which reports each released object at ExecuteCommandLists. */
static void expect_released_message(struct test_context *t, int debug)
{
    struct async_message message;

    if (!debug)
        return;
    check_message(t->device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE,
                  &message);
    ck_assert_msg(strstr(message.text, "ID3D12Resource"), "message: %s", message.text);
    async_clear_messages(t->device);
}

/* Resets the list: it lets go of what it held, and the device's count shows it. */
static void reset_and_check_let_go(struct test_context *t, ULONG expected_refcount)
{
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(t->allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t->list, t->allocator, NULL), S_OK);
    ck_assert_uint_eq(device_refcount(t->device), expected_refcount);
}

static ID3D12DescriptorHeap *create_view_heap(ID3D12Device *device)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1,
                                       D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    ID3D12DescriptorHeap *heap;

    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
                     S_OK);
    return heap;
}

/* The sources of an Async copy, a copy and the destination of a fill, all released after
 * Close: two executions of the list still land every byte, and the buffers go at Reset. */
ASYNC_TEST(test_release_after_record_copies)
{
    uint32_t first[WORDS], second[WORDS], expected[3 * WORDS], *mapped;
    UINT64 dst_offset = 0, src_offset = 0, size = sizeof(first);
    ID3D12Resource *upload_a, *upload_b, *filled, *dst;
    D3D12_FILL_BUFFER_DESC fill;
    struct test_context t;
    unsigned int pass, i;
    ULONG before;

    if (_i)
        async_enable_debug_layer();
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    upload_a = create_buffer(t.device, D3D12_HEAP_TYPE_UPLOAD, size, D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_GENERIC_READ);
    upload_b = create_buffer(t.device, D3D12_HEAP_TYPE_UPLOAD, size, D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_GENERIC_READ);
    filled = create_buffer(t.device, D3D12_HEAP_TYPE_READBACK, size, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COPY_DEST);
    dst = create_buffer(t.device, D3D12_HEAP_TYPE_READBACK, 2 * size, D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COPY_DEST);
    fill_pattern(first, size, 21);
    fill_pattern(second, size, 22);
    memcpy(map_buffer(upload_a), first, size);
    memcpy(map_buffer(upload_b), second, size);
    ID3D12Resource_Unmap(upload_a, 0, NULL);
    ID3D12Resource_Unmap(upload_b, 0, NULL);
    memcpy(expected, first, size);
    memcpy(expected + WORDS, second, size);
    for (i = 0; i < WORDS; ++i)
        expected[2 * WORDS + i] = 0x600dcafe;

    ID3D12GraphicsCommandList12_CopyBufferRegions(async_list(&t), 1, &dst, &dst_offset, &upload_a, &src_offset,
                                                  &size);
    ID3D12GraphicsCommandList_CopyBufferRegion(t.list, dst, size, upload_b, 0, size);
    memset(&fill, 0, sizeof(fill));
    fill.pBuffer = filled;
    fill.Format = DXGI_FORMAT_R32_UINT;
    fill.FillValue.Uints[0] = 0x600dcafe;
    fill.RepeatCount = WORDS;
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &fill);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);

    mapped = map_buffer(dst);
    before = device_refcount(t.device);
    ID3D12Resource_Release(upload_a);
    ID3D12Resource_Release(upload_b);
    /* Kept for the list: each still holds its device reference. */
    ck_assert_uint_eq(device_refcount(t.device), before);
    if (_i)
        async_clear_messages(t.device);
    for (pass = 0; pass < 2; ++pass)
    {
        memset(mapped, 0xcd, 2 * size);
        if (pass)
            ID3D12Resource_Release(filled);
        else
            memset(map_buffer(filled), 0xcd, size);
        execute_closed(&t);
        expect_released_message(&t, _i);
        check_bytes(mapped, expected, 2 * size, "copies of released sources");
        if (!pass)
        {
            check_bytes(map_buffer(filled), expected + 2 * WORDS, size, "fill");
            ID3D12Resource_Unmap(filled, 0, NULL);
            ID3D12Resource_Unmap(filled, 0, NULL);
        }
    }
    if (_i)
        check_no_message(t.device, D3D12_MESSAGE_SEVERITY_CORRUPTION);
    ID3D12Resource_Unmap(dst, 0, NULL);
    reset_and_check_let_go(&t, before - 3);
    ID3D12Resource_Release(dst);
    test_context_destroy(&t);
}

/* A dispatch whose pipeline, root signature, descriptor heap and root-view buffer go
 * before the list is executed: it runs as recorded, and the objects go at Reset. */
ASYNC_TEST(test_release_after_record_dispatch)
{
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *uav, *dst;
    struct test_context t;
    uint32_t *mapped;
    ULONG before;
    unsigned int i;

    if (_i)
        async_enable_debug_layer();
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameters[0] = root_constants(0, 0, 1);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(t.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(t.device, signature, compute_store_ids_cs);
    heap = create_view_heap(t.device);
    uav = uav_buffer(&t, WORDS * 4);
    dst = create_buffer(t.device, D3D12_HEAP_TYPE_READBACK, WORDS * 4, D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COPY_DEST);

    ID3D12GraphicsCommandList_SetDescriptorHeaps(t.list, 1, &heap);
    ID3D12GraphicsCommandList_SetPipelineState(t.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(t.list, signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(t.list, 0, 500, 0);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(t.list, 1, ID3D12Resource_GetGPUVirtualAddress(uav));
    ID3D12GraphicsCommandList_Dispatch(t.list, 1, 1, 1);
    transition_resource(&t, uav, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                        D3D12_RESOURCE_STATE_COPY_SOURCE);
    ID3D12GraphicsCommandList_CopyBufferRegion(t.list, dst, 0, uav, 0, WORDS * 4);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);

    mapped = map_buffer(dst);
    memset(mapped, 0xcd, WORDS * 4);
    before = device_refcount(t.device);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    ID3D12DescriptorHeap_Release(heap);
    ID3D12Resource_Release(uav);
    ck_assert_uint_eq(device_refcount(t.device), before);
    if (_i)
        async_clear_messages(t.device);
    execute_closed(&t);
    if (_i)
        check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE,
                      NULL);
    for (i = 0; i < WORDS; ++i)
        ck_assert_msg(mapped[i] == 500 + i, "word %u: %#x, expected %#x", i, mapped[i], 500 + i);
    ck_assert_uint_eq(get_refcount(t.device), before);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(t.device), S_OK);

    ID3D12Resource_Unmap(dst, 0, NULL);
    reset_and_check_let_go(&t, before - 4);
    ID3D12Resource_Release(dst);
    test_context_destroy(&t);
}

/* A buffer named only by a shader-visible descriptor (raw data in D3D12: no list holds
 * it) is destroyed before the dispatch that writes through it executes. The simulated
 * GPU finds the descriptor stale and faults: the device is removed as hung, and nothing
 * reads or writes the freed memory (ASan and valgrind watch). */
ASYNC_TEST(test_release_resource_named_by_descriptor)
{
    D3D12_UNORDERED_ACCESS_VIEW_DESC view;
    D3D12_DESCRIPTOR_RANGE1 range;
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12DescriptorHeap *heap;
    struct test_context t;
    ID3D12Resource *uav;
    HRESULT hr;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    range = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 0, 0, 0);
    parameters[0] = root_constants(0, 0, 1);
    parameters[1] = root_table(&range, 1);
    signature = create_root_signature(t.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(t.device, signature, compute_store_ids_cs);
    heap = create_view_heap(t.device);
    uav = uav_buffer(&t, WORDS * 4);
    memset(&view, 0, sizeof(view));
    view.Format = DXGI_FORMAT_R32_TYPELESS;
    view.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    view.Buffer.NumElements = WORDS;
    view.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
    ID3D12Device_CreateUnorderedAccessView(t.device, uav, NULL, &view,
                                           ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap));

    ID3D12GraphicsCommandList_SetDescriptorHeaps(t.list, 1, &heap);
    ID3D12GraphicsCommandList_SetPipelineState(t.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(t.list, signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(t.list, 0, 7, 0);
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(t.list, 1,
            ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(heap));
    ID3D12GraphicsCommandList_Dispatch(t.list, 1, 1, 1);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);
    /* Nothing executes: it is destroyed at once. */
    ID3D12Resource_Release(uav);

    ID3D12CommandQueue_ExecuteCommandLists(t.queue, 1, (ID3D12CommandList **)&t.list);
    /* The removal may come before the Signal; either way the fence completes. */
    hr = ID3D12CommandQueue_Signal(t.queue, t.fence, ++t.fence_value);
    ck_assert_msg(hr == S_OK || hr == DXGI_ERROR_DEVICE_REMOVED, "Signal: %#x", (unsigned int)hr);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(t.fence, t.fence_value, NULL), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(t.device), DXGI_ERROR_DEVICE_HUNG);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(t.fence), UINT64_MAX);

    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&t);
}

/* A render-target view whose texture is gone, used to record a clear and a binding: the
 * runtime's and the driver's descriptors no longer name it, so recording and executing
 * touch no freed memory; the clear clears nothing and the device stays healthy. */
ASYNC_TEST(test_stale_render_target_view_at_recording)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    static const FLOAT color[4] = {1.0f, 0.5f, 0.25f, 1.0f};
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    D3D12_RESOURCE_DESC desc;
    ID3D12DescriptorHeap *heap;
    struct test_context t;
    ID3D12Resource *texture;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                     (void **)&heap), S_OK);
    desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    texture = create_texture(t.device, &desc, D3D12_RESOURCE_STATE_RENDER_TARGET);
    rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    ID3D12Device_CreateRenderTargetView(t.device, texture, NULL, rtv);
    ID3D12Resource_Release(texture);

    ID3D12GraphicsCommandList_ClearRenderTargetView(t.list, rtv, color, 0, NULL);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.list, 1, &rtv, FALSE, NULL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);
    execute_closed(&t);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(t.device), S_OK);

    ID3D12DescriptorHeap_Release(heap);
    test_context_destroy(&t);
}

static Suite *retire_suite(void)
{
    Suite *suite = suite_create("retire");
    TCase *tc = tcase_create("retire");
    struct async_tcases recorded;

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_release_copy_sources_in_flight);
    tcase_add_test(tc, test_release_dispatch_objects_in_flight);
    tcase_add_test(tc, test_allocator_reset_in_flight);
    tcase_add_test(tc, test_bundle_allocator_reset_in_flight);
    tcase_add_test(tc, test_release_fence_signal_in_flight);
    tcase_add_test(tc, test_allocator_reset_while_recording);
    tcase_add_test(tc, test_release_queue_with_work_waiting);
    suite_add_tcase(suite, tc);
    async_tcases_create(suite, "recorded", &recorded);
    async_tcase_add_loop(&recorded, test_release_after_record_copies, 0, 2);
    async_tcase_add_loop(&recorded, test_release_after_record_dispatch, 0, 2);
    async_tcase_add(&recorded, test_release_resource_named_by_descriptor);
    async_tcase_add(&recorded, test_stale_render_target_view_at_recording);
    async_tcases_set_timeout(&recorded, 60);
    return suite;
}

int main(void)
{
    return test_run_suites(retire_suite(), NULL);
}
