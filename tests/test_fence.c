/*
 * Fences: CPU signals (values may go down), SetEventOnCompletion with a NULL handle
 * (blocks) and with an eventfd (written once), queue-to-queue ordering through a fence
 * with the data read back, creation flags, and device removal (every fence reads
 * UINT64_MAX and nothing waits forever).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_device.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

static ID3D12Fence *create_fence(ID3D12Device *device, UINT64 value)
{
    ID3D12Fence *fence;

    ck_assert_int_eq(ID3D12Device_CreateFence(device, value, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                                              (void **)&fence), S_OK);
    return fence;
}


START_TEST(test_cpu_signal)
{
    struct test_context ctx;
    ID3D12Fence *fence;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    fence = create_fence(ctx.device, 5);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(fence), 5);
    ck_assert_int_eq(ID3D12Fence_Signal(fence, 10), S_OK);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(fence), 10);
    /* Values may go down. */
    ck_assert_int_eq(ID3D12Fence_Signal(fence, 3), S_OK);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(fence), 3);
    ck_assert_int_eq(ID3D12Fence_Release(fence), 0);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_creation_flags)
{
    struct test_context ctx;
    ID3D12Fence1 *fence;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    /* A shared fence is created (Windows does on every adapter; vkd3d-proton, written to pass
     * there, gives a regular fence when it cannot share) and keeps its flag; it signals. */
    ck_assert_int_eq(ID3D12Device_CreateFence(ctx.device, 0, D3D12_FENCE_FLAG_SHARED, &IID_ID3D12Fence1,
                                              (void **)&fence), S_OK);
    ck_assert_int_eq(ID3D12Fence1_GetCreationFlags(fence), D3D12_FENCE_FLAG_SHARED);
    ck_assert_int_eq(ID3D12Fence1_Signal(fence, 7), S_OK);
    ck_assert_uint_eq(ID3D12Fence1_GetCompletedValue(fence), 7);
    ID3D12Fence1_Release(fence);
    fence = (void *)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateFence(ctx.device, 0, D3D12_FENCE_FLAG_SHARED
                                              | D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER, &IID_ID3D12Fence1,
                                              (void **)&fence), E_INVALIDARG);
    ck_assert_ptr_null(fence);
    ck_assert_int_eq(ID3D12Device_CreateFence(ctx.device, 0, (D3D12_FENCE_FLAGS)0x100, &IID_ID3D12Fence1,
                                              (void **)&fence), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateFence(ctx.device, 0, D3D12_FENCE_FLAG_NON_MONITORED, &IID_ID3D12Fence1,
                                              (void **)&fence), S_OK);
    ck_assert_int_eq(ID3D12Fence1_GetCreationFlags(fence), D3D12_FENCE_FLAG_NON_MONITORED);
    ID3D12Fence1_Release(fence);
    test_context_destroy(&ctx);
}
END_TEST

struct signal_later
{
    ID3D12Fence *fence;
    UINT64 value;
    unsigned int delay_ms;
    atomic_bool signalled;
};

static int signal_later_thread(void *arg)
{
    struct signal_later *s = arg;

    sleep_ms(s->delay_ms);
    atomic_store(&s->signalled, true);
    ID3D12Fence_Signal(s->fence, s->value);
    return 0;
}

START_TEST(test_wait_null_event)
{
    struct signal_later later;
    struct test_context ctx;
    thrd_t thread;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    later.fence = create_fence(ctx.device, 0);
    /* Already reached: returns at once. */
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(later.fence, 0, NULL), S_OK);

    later.value = 7;
    later.delay_ms = 100;
    atomic_init(&later.signalled, false);
    ck_assert_int_eq(thrd_create(&thread, signal_later_thread, &later), thrd_success);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(later.fence, 7, NULL), S_OK);
    /* It blocked until the other thread signalled. */
    ck_assert(atomic_load(&later.signalled));
    ck_assert_uint_ge(ID3D12Fence_GetCompletedValue(later.fence), 7);
    thrd_join(thread, NULL);
    ID3D12Fence_Release(later.fence);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_wait_eventfd)
{
    struct test_context ctx;
    ID3D12Fence *fence;
    int fd, fd2;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    fence = create_fence(ctx.device, 0);
    ck_assert_int_ge(fd = eventfd(0, EFD_CLOEXEC), 0);
    ck_assert_int_ge(fd2 = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK), 0);

    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 5, (HANDLE)(intptr_t)fd), S_OK);
    ck_assert(!event_signalled(fd, 50));
    ck_assert_int_eq(ID3D12Fence_Signal(fence, 4), S_OK);
    ck_assert(!event_signalled(fd, 50));
    ck_assert_int_eq(ID3D12Fence_Signal(fence, 6), S_OK);
    ck_assert(event_signalled(fd, 5000));
    /* Written once. */
    ck_assert(!event_signalled(fd, 50));

    /* A value already reached signals at once. */
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 2, (HANDLE)(intptr_t)fd2), S_OK);
    ck_assert(event_signalled(fd2, 5000));

    /* A GPU signal from a queue wakes the event too. */
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 20, (HANDLE)(intptr_t)fd), S_OK);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, fence, 20), S_OK);
    ck_assert(event_signalled(fd, 5000));
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(fence), 20);

    /* Releasing a fence with a request pending is safe. */
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 100, (HANDLE)(intptr_t)fd), S_OK);
    ck_assert_int_eq(ID3D12Fence_Release(fence), 0);
    close(fd2);
    close(fd);
    test_context_destroy(&ctx);
}
END_TEST

/* Queue B waits on a fence queue A signals after a copy; B's copy must see A's data. */
START_TEST(test_two_queues)
{
    D3D12_COMMAND_QUEUE_DESC desc = {0};
    ID3D12GraphicsCommandList *copy_list;
    ID3D12CommandAllocator *copy_allocator;
    ID3D12Resource *upload, *shared, *readback;
    unsigned char data[256], got[256];
    ID3D12CommandQueue *copy_queue;
    D3D12_RANGE range = {0, sizeof(got)};
    ID3D12CommandList *lists[1];
    struct test_context ctx;
    ID3D12Fence *fence;
    void *ptr;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    desc.Type = D3D12_COMMAND_LIST_TYPE_COPY;
    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(ctx.device, &desc, &IID_ID3D12CommandQueue,
                                                     (void **)&copy_queue), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_COPY,
                                                         &IID_ID3D12CommandAllocator, (void **)&copy_allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_COPY, copy_allocator, NULL,
                                                    &IID_ID3D12GraphicsCommandList, (void **)&copy_list), S_OK);
    fence = create_fence(ctx.device, 0);

    upload = create_buffer(ctx.device, D3D12_HEAP_TYPE_UPLOAD, sizeof(data), D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_GENERIC_READ);
    shared = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(data), D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    readback = create_buffer(ctx.device, D3D12_HEAP_TYPE_READBACK, sizeof(data), D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_COPY_DEST);
    poison_buffer(&ctx, shared, 90);
    fill_pattern(data, sizeof(data), 91);
    ck_assert_int_eq(ID3D12Resource_Map(upload, 0, &range, &ptr), S_OK);
    memcpy(ptr, data, sizeof(data));
    ID3D12Resource_Unmap(upload, 0, NULL);

    /* B (direct) is submitted first and waits; A (copy) writes, then signals. */
    ck_assert_int_eq(ID3D12CommandQueue_Wait(ctx.queue, fence, 1), S_OK);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, readback, 0, shared, 0, sizeof(data));
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    lists[0] = (ID3D12CommandList *)ctx.list;
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, lists);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, ctx.fence, ++ctx.fence_value), S_OK);
    sleep_ms(50);
    ck_assert_uint_lt(ID3D12Fence_GetCompletedValue(ctx.fence), ctx.fence_value);

    ID3D12GraphicsCommandList_CopyBufferRegion(copy_list, shared, 0, upload, 0, sizeof(data));
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(copy_list), S_OK);
    lists[0] = (ID3D12CommandList *)copy_list;
    ID3D12CommandQueue_ExecuteCommandLists(copy_queue, 1, lists);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(copy_queue, fence, 1), S_OK);

    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(ctx.fence, ctx.fence_value, NULL), S_OK);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(fence), 1);
    ck_assert_int_eq(ID3D12Resource_Map(readback, 0, &range, &ptr), S_OK);
    memcpy(got, ptr, sizeof(got));
    ID3D12Resource_Unmap(readback, 0, NULL);
    ck_assert_int_eq(memcmp(got, data, sizeof(got)), 0);

    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12Resource_Release(readback);
    ID3D12Resource_Release(shared);
    ID3D12Resource_Release(upload);
    ID3D12GraphicsCommandList_Release(copy_list);
    ID3D12CommandAllocator_Release(copy_allocator);
    ID3D12CommandQueue_Release(copy_queue);
    ID3D12Fence_Release(fence);
    test_context_destroy(&ctx);
}
END_TEST

struct blocked_wait
{
    ID3D12Fence *fence;
    HRESULT hr;
    atomic_bool returned;
};

static int blocked_wait_thread(void *arg)
{
    struct blocked_wait *w = arg;

    w->hr = ID3D12Fence_SetEventOnCompletion(w->fence, 1000, NULL);
    atomic_store(&w->returned, true);
    return 0;
}

START_TEST(test_device_removed)
{
    struct blocked_wait wait;
    struct test_context ctx;
    ID3D12Device5 *device5;
    thrd_t thread;
    int fd;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    wait.fence = create_fence(ctx.device, 1);
    wait.hr = E_FAIL;
    atomic_init(&wait.returned, false);
    ck_assert_int_eq(thrd_create(&thread, blocked_wait_thread, &wait), thrd_success);
    sleep_ms(100);
    ck_assert(!atomic_load(&wait.returned));

    ck_assert_int_eq(ID3D12Device_QueryInterface(ctx.device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    ID3D12Device5_Release(device5);

    /* The blocked wait ends, every value reads as reached. */
    thrd_join(thread, NULL);
    ck_assert(atomic_load(&wait.returned));
    ck_assert_int_eq(wait.hr, S_OK);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(wait.fence), UINT64_MAX);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(ctx.fence), UINT64_MAX);
    ck_assert_int_eq(ID3D12Fence_Signal(wait.fence, 5), DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, wait.fence, 5), DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(ID3D12CommandQueue_Wait(ctx.queue, wait.fence, 5), DXGI_ERROR_DEVICE_REMOVED);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(wait.fence, 5000, NULL), S_OK);
    ck_assert_int_ge(fd = eventfd(0, EFD_CLOEXEC), 0);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(wait.fence, 5000, (HANDLE)(intptr_t)fd), S_OK);
    ck_assert(event_signalled(fd, 1000));
    close(fd);

    ID3D12Fence_Release(wait.fence);
    test_context_destroy(&ctx);
}
END_TEST

/* Only an eventfd is an event: a regular file, a pipe or a closed descriptor is
 * E_INVALIDARG, and nothing is written into it, now or when the value is reached. */
START_TEST(test_event_not_eventfd)
{
    char path[] = "/tmp/d3d12rt-event-XXXXXX";
    struct test_context ctx;
    ID3D12Device1 *device1;
    int file, pipe_fds[2], closed, flags;
    ID3D12Fence *fence;
    struct stat st;
    char byte;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    fence = create_fence(ctx.device, 0);
    ck_assert_int_ge(file = mkstemp(path), 0);
    unlink(path);
    ck_assert_int_eq(pipe(pipe_fds), 0);
    flags = fcntl(pipe_fds[0], F_GETFL);
    ck_assert_int_eq(fcntl(pipe_fds[0], F_SETFL, flags | O_NONBLOCK), 0);
    ck_assert_int_ge(closed = eventfd(0, EFD_CLOEXEC), 0);
    close(closed);

    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 1, (HANDLE)(intptr_t)file), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 1, (HANDLE)(intptr_t)pipe_fds[1]), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 1, (HANDLE)(intptr_t)pipe_fds[0]), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 1, (HANDLE)(intptr_t)closed), E_INVALIDARG);
    /* Already reached: refused all the same. */
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 0, (HANDLE)(intptr_t)file), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 0, (HANDLE)(intptr_t)-5), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_QueryInterface(ctx.device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    {
        ID3D12Fence *fences[1] = {fence};
        UINT64 values[1] = {1};

        ck_assert_int_eq(ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, fences, values, 1,
                D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, (HANDLE)(intptr_t)pipe_fds[1]), E_INVALIDARG);
    }
    ID3D12Device1_Release(device1);

    ck_assert_int_eq(ID3D12Fence_Signal(fence, 5), S_OK);
    ck_assert_int_eq(fstat(file, &st), 0);
    ck_assert_int_eq(st.st_size, 0);
    ck_assert_int_eq(read(pipe_fds[0], &byte, 1), -1);
    ck_assert_int_eq(errno, EAGAIN);

    close(file);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    ID3D12Fence_Release(fence);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_queue_signal_and_wait)
{
    struct test_context ctx;
    ID3D12Fence *fence;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    fence = create_fence(ctx.device, 0);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, fence, 3), S_OK);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 3, NULL), S_OK);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(fence), 3);
    /* A wait for a reached value does not hold the queue. */
    ck_assert_int_eq(ID3D12CommandQueue_Wait(ctx.queue, fence, 2), S_OK);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, fence, 4), S_OK);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 4, NULL), S_OK);
    /* A wait for a future value holds it until the CPU signals. */
    ck_assert_int_eq(ID3D12CommandQueue_Wait(ctx.queue, fence, 10), S_OK);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, fence, 11), S_OK);
    sleep_ms(50);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(fence), 4);
    ck_assert_int_eq(ID3D12Fence_Signal(fence, 10), S_OK);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 11, NULL), S_OK);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(fence), 11);
    ID3D12Fence_Release(fence);
    test_context_destroy(&ctx);
}
END_TEST

Suite *fence_suite(void)
{
    Suite *suite = suite_create("fence");
    TCase *tc;

    tc = tcase_create("fence");
    tcase_add_test(tc, test_cpu_signal);
    tcase_add_test(tc, test_creation_flags);
    tcase_add_test(tc, test_wait_null_event);
    tcase_add_test(tc, test_wait_eventfd);
    tcase_add_test(tc, test_two_queues);
    tcase_add_test(tc, test_device_removed);
    tcase_add_test(tc, test_queue_signal_and_wait);
    tcase_add_test(tc, test_event_not_eventfd);
    suite_add_tcase(suite, tc);
    return suite;
}

TEST_MAIN(fence_suite())
