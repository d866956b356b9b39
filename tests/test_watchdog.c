/*
 * The GPU watchdog and removal that stops the GPU: a shader with nested loops that
 * never end removes the device with DXGI_ERROR_DEVICE_HUNG within the budget
 * (D3D12RT_GPU_TIMEOUT_MS), the fence and an event set before the hang complete, the
 * list submitted after it never runs and later calls fail as removal says; a queue
 * created with D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT runs the same long work to
 * its end; and RemoveDevice returns only once the GPU stopped, so that releasing what
 * a still-running shader writes is safe as soon as the fence reads complete; and an
 * ExecuteIndirect of millions of empty commands spends credit per command.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_compute_util.h"
#include "test_run.h"

#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

static uint64_t now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Writes 0x1111 for its thread, then loops forever in a loop inside a loop (each used
 * to be cut off at 2^24 iterations, which nested loops multiply). */
static const char nested_loops_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 64, 1, 1\n"
    "ishl r1.x, vThreadID.x, l(2)\n"
    "store_raw u0.x, r1.x, l(0x1111)\n"
    "mov r0.x, l(0)\n"
    "loop\n"
    "  loop\n"
    "    iadd r0.x, r0.x, l(1)\n"
    "  endloop\n"
    "endloop\n"
    "store_raw u0.x, r1.x, r0.x\n"
    "ret\n";

/* Counts to cb0[0].x in a loop, then writes the count: finite but long. */
static const char counted_loop_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 3\n"
    "dcl_thread_group 64, 1, 1\n"
    "ishl r1.x, vThreadID.x, l(2)\n"
    "mov r0.x, l(0)\n"
    "loop\n"
    "  uge r2.x, r0.x, cb0[0].x\n"
    "  breakc_nz r2.x\n"
    "  iadd r0.x, r0.x, l(1)\n"
    "endloop\n"
    "store_raw u0.x, r1.x, r0.x\n"
    "ret\n";

/* Stores an ever-growing count for its thread, forever. */
static const char storing_loop_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 64, 1, 1\n"
    "ishl r1.x, vThreadID.x, l(2)\n"
    "mov r0.x, l(0)\n"
    "loop\n"
    "  iadd r0.x, r0.x, l(1)\n"
    "  store_raw u0.x, r1.x, r0.x\n"
    "endloop\n"
    "ret\n";

struct compute
{
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
};

static void compute_init(struct compute *c, ID3D12Device *device, const char *source)
{
    D3D12_ROOT_PARAMETER1 parameters[2];

    parameters[0] = root_constants(0, 0, 1);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    c->signature = create_root_signature(device, parameters, 2, NULL, 0);
    c->pipeline = compute_pipeline(device, c->signature, source);
}

static void compute_release(struct compute *c)
{
    ID3D12PipelineState_Release(c->pipeline);
    ID3D12RootSignature_Release(c->signature);
}

static void record_dispatch(ID3D12GraphicsCommandList *list, const struct compute *c, ID3D12Resource *uav,
                            UINT constant)
{
    ID3D12GraphicsCommandList_SetPipelineState(list, c->pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(list, c->signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(list, 0, constant, 0);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(list, 1, ID3D12Resource_GetGPUVirtualAddress(uav));
    ID3D12GraphicsCommandList_Dispatch(list, 1, 1, 1);
}

static ID3D12CommandQueue *create_queue(ID3D12Device *device, D3D12_COMMAND_QUEUE_FLAGS flags)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, flags, 0};
    ID3D12CommandQueue *queue;

    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    return queue;
}

START_TEST(test_nested_loops_hang)
{
    enum {BUDGET_MS = 200, SIZE = 256};
    ID3D12GraphicsCommandList *second_list;
    ID3D12Resource *uav, *upload, *readback;
    ID3D12CommandAllocator *second_allocator;
    ID3D12CommandList *lists[2];
    struct test_context ctx;
    uint64_t start, elapsed;
    uint8_t *bytes, expected[SIZE];
    struct compute c;
    unsigned int i;
    int fd;

    ck_assert_int_eq(setenv("D3D12RT_GPU_TIMEOUT_MS", "200", 1), 0);
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    compute_init(&c, ctx.device, nested_loops_cs);
    uav = uav_buffer(&ctx, SIZE);

    /* The list after the hang copies an upload buffer into a readback buffer: poisoned,
     * it must stay so. */
    upload = create_buffer(ctx.device, D3D12_HEAP_TYPE_UPLOAD, SIZE, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_GENERIC_READ);
    readback = create_buffer(ctx.device, D3D12_HEAP_TYPE_READBACK, SIZE, D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_COPY_DEST);
    ck_assert_int_eq(ID3D12Resource_Map(upload, 0, NULL, (void **)&bytes), S_OK);
    memset(bytes, 0x5a, SIZE);
    ID3D12Resource_Unmap(upload, 0, NULL);
    ck_assert_int_eq(ID3D12Resource_Map(readback, 0, NULL, (void **)&bytes), S_OK);
    fill_pattern(bytes, SIZE, 7);
    memcpy(expected, bytes, SIZE);
    ID3D12Resource_Unmap(readback, 0, NULL);

    record_dispatch(ctx.list, &c, uav, 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&second_allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT,
            second_allocator, NULL, &IID_ID3D12GraphicsCommandList, (void **)&second_list), S_OK);
    ID3D12GraphicsCommandList_CopyBufferRegion(second_list, readback, 0, upload, 0, SIZE);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(second_list), S_OK);

    /* An event set before the hang is signalled by it. */
    ck_assert_int_ge(fd = eventfd(0, EFD_CLOEXEC), 0);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(ctx.fence, 1, (HANDLE)(intptr_t)fd), S_OK);
    lists[0] = (ID3D12CommandList *)ctx.list;
    lists[1] = (ID3D12CommandList *)second_list;
    start = now_ms();
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 2, lists);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, ctx.fence, 1), S_OK);
    ck_assert_msg(event_signalled(fd, 10000), "the hang did not end within 10 s");
    elapsed = now_ms() - start;
    close(fd);

    /* Within the budget and a fraction of it (slack for a loaded machine). */
    ck_assert_uint_ge(elapsed, BUDGET_MS - 10);
    ck_assert_msg(elapsed < BUDGET_MS + 800, "the watchdog took %llu ms", (unsigned long long)elapsed);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(ctx.device), DXGI_ERROR_DEVICE_HUNG);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(ctx.fence), UINT64_MAX);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, ctx.fence, 2), DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(ID3D12Fence_Signal(ctx.fence, 2), DXGI_ERROR_DEVICE_REMOVED);

    /* The list after the hung one never ran. */
    ck_assert_int_eq(ID3D12Resource_Map(readback, 0, NULL, (void **)&bytes), S_OK);
    for (i = 0; i < SIZE; ++i)
        ck_assert_msg(bytes[i] == expected[i], "byte %u is %#x, expected %#x", i, bytes[i], expected[i]);
    ID3D12Resource_Unmap(readback, 0, NULL);

    ID3D12GraphicsCommandList_Release(second_list);
    ID3D12CommandAllocator_Release(second_allocator);
    ID3D12Resource_Release(readback);
    ID3D12Resource_Release(upload);
    ID3D12Resource_Release(uav);
    compute_release(&c);
    test_context_destroy(&ctx);
}
END_TEST

/* Far more than a 1 ms budget on any machine: 2^20 iterations of 64 lanes. */
#define LONG_COUNT (1u << 20)

START_TEST(test_disable_gpu_timeout)
{
    enum {THREADS = 64};
    ID3D12CommandList *lists[1];
    ID3D12CommandQueue *queue;
    uint32_t got[THREADS];
    struct test_context ctx;
    ID3D12Resource *uav;
    struct compute c;
    unsigned int i;
    HRESULT hr;

    ck_assert_int_eq(setenv("D3D12RT_GPU_TIMEOUT_MS", "1", 1), 0);
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    compute_init(&c, ctx.device, counted_loop_cs);
    uav = uav_buffer(&ctx, sizeof(got));
    poison_buffer(&ctx, uav, 3);

    /* The queue without a timeout runs the long loop to its end. */
    queue = create_queue(ctx.device, D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT);
    record_dispatch(ctx.list, &c, uav, LONG_COUNT);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    lists[0] = (ID3D12CommandList *)ctx.list;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(queue, ctx.fence, ++ctx.fence_value), S_OK);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(ctx.fence, ctx.fence_value, NULL), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(ctx.device), S_OK);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    read_buffer(&ctx, uav, sizeof(got), got);
    for (i = 0; i < THREADS; ++i)
        ck_assert_uint_eq(got[i], LONG_COUNT);

    /* The same work on a queue with the 1 ms budget hangs (the removal may come before
     * the Signal: then that says so). */
    record_dispatch(ctx.list, &c, uav, LONG_COUNT);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, lists);
    hr = ID3D12CommandQueue_Signal(ctx.queue, ctx.fence, ++ctx.fence_value);
    ck_assert_msg(hr == S_OK || hr == DXGI_ERROR_DEVICE_REMOVED, "Signal: %#x", (unsigned int)hr);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(ctx.fence, ctx.fence_value, NULL), S_OK);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(ctx.device), DXGI_ERROR_DEVICE_HUNG);

    ID3D12CommandQueue_Release(queue);
    ID3D12Resource_Release(uav);
    compute_release(&c);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_removal_stops_the_gpu)
{
    ID3D12CommandList *lists[1];
    ID3D12CommandQueue *queue;
    struct test_context ctx;
    ID3D12Device5 *device5;
    ID3D12Resource *uav;
    struct compute c;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    compute_init(&c, ctx.device, storing_loop_cs);
    uav = uav_buffer(&ctx, 256);

    /* No watchdog on this queue: only the removal stops the shader. */
    queue = create_queue(ctx.device, D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT);
    record_dispatch(ctx.list, &c, uav, 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    lists[0] = (ID3D12CommandList *)ctx.list;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(queue, ctx.fence, 1), S_OK);
    sleep_ms(50);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(ctx.fence), 0);

    ck_assert_int_eq(ID3D12Device_QueryInterface(ctx.device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    ID3D12Device5_Release(device5);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(ctx.device), DXGI_ERROR_DEVICE_REMOVED);
    /* Complete as soon as RemoveDevice returned, and then nothing runs any more: the
     * buffer the shader kept writing goes back to the system, and the process lives. */
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(ctx.fence), UINT64_MAX);
    ck_assert_uint_eq(ID3D12Resource_Release(uav), 0);
    sleep_ms(100);

    ID3D12CommandQueue_Release(queue);
    compute_release(&c);
    test_context_destroy(&ctx);
}
END_TEST

/* An ExecuteIndirect of millions of commands that each do nothing (dispatches of zero
 * groups from a zeroed committed buffer) still spends the watchdog's credit per command:
 * the device is removed as hung within the budget instead of running to the end. */
START_TEST(test_execute_indirect_hang)
{
    enum {BUDGET_MS = 50, STRIDE = 12};
    const UINT64 size = 64ull << 20;
    D3D12_INDIRECT_ARGUMENT_DESC argument = {D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH, {{0}}};
    D3D12_COMMAND_SIGNATURE_DESC desc = {STRIDE, 1, &argument, 0};
    ID3D12CommandSignature *signature;
    struct test_context ctx;
    ID3D12Resource *args;
    uint64_t start, elapsed;
    int fd;

    ck_assert_int_eq(setenv("D3D12RT_GPU_TIMEOUT_MS", "50", 1), 0);
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CreateCommandSignature(ctx.device, &desc, NULL, &IID_ID3D12CommandSignature,
                     (void **)&signature), S_OK);
    args = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
    ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, signature, (UINT)(size / STRIDE), args, 0, NULL, 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);

    ck_assert_int_ge(fd = eventfd(0, EFD_CLOEXEC), 0);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(ctx.fence, 1, (HANDLE)(intptr_t)fd), S_OK);
    start = now_ms();
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, (ID3D12CommandList **)&ctx.list);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, ctx.fence, 1), S_OK);
    ck_assert_msg(event_signalled(fd, 10000), "the list did not end within 10 s");
    elapsed = now_ms() - start;
    close(fd);
    ck_assert_msg(elapsed < BUDGET_MS + 800, "the watchdog took %llu ms", (unsigned long long)elapsed);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(ctx.device), DXGI_ERROR_DEVICE_HUNG);

    ID3D12Resource_Release(args);
    ID3D12CommandSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

static Suite *watchdog_suite(void)
{
    Suite *suite = suite_create("watchdog");
    TCase *tc = tcase_create("watchdog");

    tcase_add_test(tc, test_nested_loops_hang);
    tcase_add_test(tc, test_disable_gpu_timeout);
    tcase_add_test(tc, test_removal_stops_the_gpu);
    tcase_add_test(tc, test_execute_indirect_hang);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(watchdog_suite(), NULL);
}
