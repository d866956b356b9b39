/*
 * Allocation failure on the simulated device's queue thread while it executes (issue
 * 19): a dispatch on a fresh device resolves its bindings there, and the first one
 * allocates the stage's binding block (agx_umd/agx_bind_resolve.c). The run is first
 * made with the other threads' allocations counted (test_alloc_fail_hook.h), then once
 * per allocation n they made, the nth failing. Each run ends one of two ways: the device
 * is removed with E_OUTOFMEMORY, or it stays healthy and every word the shader wrote
 * reads back right. A healthy device with wrong bytes (a binding read as zeros) fails.
 * The same for UpdateTileMappings, whose binds the queue thread makes (agx_tile.c): the
 * device is removed once the job stopped binding, or the tiles read back what was
 * written through them.
 */
#include "test_alloc_fail_hook.h"
#include "test_compute_util.h"
#include "test_run.h"
#include "test_tiled_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORDS 64u

enum outcome
{
    OUTCOME_LANDED,
    OUTCOME_DEVICE_OUT_OF_MEMORY,
};

/* One run on a fresh device, the queue threads' nth allocation failing (0: none);
 * *seen gets how many they made. */
static enum outcome run_dispatch(unsigned int nth, unsigned int *seen, bool *failed)
{
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12CommandList *list;
    struct test_context ctx;
    uint32_t got[WORDS];
    ID3D12Resource *uav;
    enum outcome outcome;
    HRESULT hr;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameters[0] = root_constants(0, 0, 1);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(ctx.device, signature, compute_store_ids_cs);
    uav = uav_buffer(&ctx, WORDS * 4);
    poison_buffer(&ctx, uav, nth + 1);

    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(ctx.list, 0, 500, 0);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 1, ID3D12Resource_GetGPUVirtualAddress(uav));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    list = (ID3D12CommandList *)ctx.list;

    alloc_fail_arm_other_threads(nth ? nth : ~0u);
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, &list);
    hr = ID3D12CommandQueue_Signal(ctx.queue, ctx.fence, ++ctx.fence_value);
    if (hr == S_OK)
        ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(ctx.fence, ctx.fence_value, NULL), S_OK);
    *failed = alloc_fail_disarm_other_threads(seen) && nth;

    hr = ID3D12Device_GetDeviceRemovedReason(ctx.device);
    if (hr == S_OK)
    {
        ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
        read_buffer(&ctx, uav, sizeof(got), got);
        for (i = 0; i < WORDS; ++i)
            ck_assert_msg(got[i] == 500 + i, "allocation %u failed: word %u reads %#x on a healthy device", nth, i,
                          got[i]);
        outcome = OUTCOME_LANDED;
    }
    else
    {
        ck_assert_msg(hr == E_OUTOFMEMORY, "allocation %u failed: removed with %#x", nth, (unsigned int)hr);
        outcome = OUTCOME_DEVICE_OUT_OF_MEMORY;
    }

    ID3D12Resource_Release(uav);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
    return outcome;
}

START_TEST(test_alloc_fail_queue_thread)
{
    unsigned int count, seen, n, removals = 0;
    bool failed;

    ck_assert_int_eq(run_dispatch(0, &count, &failed), OUTCOME_LANDED);
    /* The binding block at least. */
    ck_assert_uint_ge(count, 1);
    for (n = 1; n <= count + 1; ++n)
    {
        if (run_dispatch(n, &seen, &failed) == OUTCOME_DEVICE_OUT_OF_MEMORY)
            ++removals;
        if (!failed)
            break;
    }
    /* The binding block's failure is never absorbed: it removes the device. */
    ck_assert_uint_ge(removals, 1);
    /* The form of test_alloc_fail's lines, which tools/reliability.sh adds up. */
    printf("alloc_fail_queue: dispatch queue-thread malloc: %u allocations, %u tried\n", count, n - 1);
}
END_TEST

/* UpdateTileMappings of a two-tile reserved buffer onto a heap, the queue threads' nth
 * allocation failing (0: none); then, on a healthy device, bytes written through the
 * buffer read back. */
static enum outcome run_tile_binds(unsigned int nth, unsigned int *seen, bool *failed)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(2 * TILE_SIZE);
    UINT offset = 0, count = 2;
    unsigned char *data, *got;
    ID3D12Resource *buffer;
    struct test_context ctx;
    enum outcome outcome;
    ID3D12Heap *heap;
    HRESULT hr;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    data = malloc(2 * TILE_SIZE);
    got = malloc(2 * TILE_SIZE);
    ck_assert_ptr_nonnull(data);
    ck_assert_ptr_nonnull(got);
    heap = create_tile_pool(ctx.device, 2);
    buffer = create_reserved(ctx.device, &desc);

    alloc_fail_arm_other_threads(nth ? nth : ~0u);
    ID3D12CommandQueue_UpdateTileMappings(ctx.queue, buffer, 1, NULL, NULL, heap, 1, NULL, &offset, &count,
                                          D3D12_TILE_MAPPING_FLAG_NONE);
    hr = ID3D12CommandQueue_Signal(ctx.queue, ctx.fence, ++ctx.fence_value);
    if (hr == S_OK)
        ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(ctx.fence, ctx.fence_value, NULL), S_OK);
    *failed = alloc_fail_disarm_other_threads(seen) && nth;

    hr = ID3D12Device_GetDeviceRemovedReason(ctx.device);
    if (hr == S_OK)
    {
        fill_pattern(data, 2 * TILE_SIZE, nth + 7);
        upload_buffer_data(&ctx, buffer, 0, data, 2 * TILE_SIZE);
        read_buffer(&ctx, buffer, 2 * TILE_SIZE, got);
        ck_assert_msg(!memcmp(got, data, 2 * TILE_SIZE), "allocation %u failed: the tiles read back wrong on a "
                      "healthy device", nth);
        outcome = OUTCOME_LANDED;
    }
    else
    {
        ck_assert_msg(hr == E_OUTOFMEMORY, "allocation %u failed: removed with %#x", nth, (unsigned int)hr);
        outcome = OUTCOME_DEVICE_OUT_OF_MEMORY;
    }
    ID3D12Resource_Release(buffer);
    ID3D12Heap_Release(heap);
    free(data);
    free(got);
    test_context_destroy(&ctx);
    return outcome;
}

START_TEST(test_alloc_fail_queue_thread_tile_binds)
{
    unsigned int count, seen, n, removals = 0;
    bool failed;

    ck_assert_int_eq(run_tile_binds(0, &count, &failed), OUTCOME_LANDED);
    ck_assert_uint_ge(count, 1);
    for (n = 1; n <= count + 1; ++n)
    {
        if (run_tile_binds(n, &seen, &failed) == OUTCOME_DEVICE_OUT_OF_MEMORY)
            ++removals;
        if (!failed)
            break;
    }
    /* The job's array of frames at least cannot be absorbed. */
    ck_assert_uint_ge(removals, 1);
    printf("alloc_fail_queue: tile binds queue-thread malloc: %u allocations, %u tried\n", count, n - 1);
}
END_TEST

static Suite *alloc_fail_queue_suite(void)
{
    Suite *suite = suite_create("alloc_fail_queue");
    TCase *tc = tcase_create("queue_thread");

    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_alloc_fail_queue_thread);
    tcase_add_test(tc, test_alloc_fail_queue_thread_tile_binds);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(alloc_fail_queue_suite(), NULL);
}
