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
    ck_assert_uint_eq(device_refcount(ctx.device), before - 4);

    ID3D12Resource_Unmap(dst, 0, NULL);
    ID3D12Resource_Release(dst);
    ID3D12Fence_Release(gate);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
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
    ck_assert_uint_eq(device_refcount(ctx.device), before - 3);

    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(ctx.device, &(D3D12_COMMAND_QUEUE_DESC){0},
                     &IID_ID3D12CommandQueue, (void **)&ctx.queue), S_OK);
    ID3D12Fence_Release(gate);
    test_context_destroy(&ctx);
}
END_TEST

static Suite *retire_suite(void)
{
    Suite *suite = suite_create("retire");
    TCase *tc = tcase_create("retire");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_release_copy_sources_in_flight);
    tcase_add_test(tc, test_release_dispatch_objects_in_flight);
    tcase_add_test(tc, test_allocator_reset_in_flight);
    tcase_add_test(tc, test_bundle_allocator_reset_in_flight);
    tcase_add_test(tc, test_release_fence_signal_in_flight);
    tcase_add_test(tc, test_allocator_reset_while_recording);
    tcase_add_test(tc, test_release_queue_with_work_waiting);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(retire_suite(), NULL);
}
