/*
 * Stress (issue 19): STRESS_THREADS threads on one device for a fixed number of
 * iterations each, in both Async Commands implementations. Every iteration creates its
 * resources, records an upload copy, CopyBufferRegions and FillBuffers on the thread's
 * own allocator and list, submits to a queue (even threads share one, odd threads have
 * their own), waits on the thread's fence, reads every byte back through a READBACK
 * buffer and compares it with what was computed here, then destroys what it made.
 * The meson suite 'threads' runs this program under ThreadSanitizer.
 *
 * Then device removal while the threads run: ID3D12Device5::RemoveDevice from the main
 * thread mid-way; every thread must see the removal (a failed call or a fence at
 * UINT64_MAX), stop, and end; nothing may hang. Each thread lets go of everything at
 * once, as an application may once its fence reads complete: it resets its allocator,
 * releases the iteration's resources, then its list, allocator, fence and own queue,
 * while the shared queue lives on and other threads' work may be in flight. Removal stops the GPU before
 * any fence completes and retirement keeps what submitted work reads (D021, D026), so
 * nothing is touched after release (ASan, valgrind and ThreadSanitizer watch it).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async.h"
#include "test_run.h"

#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STRESS_THREADS 16
#define STRESS_ITERATIONS 64
#define STRESS_SIZE 4096u
#define REMOVAL_ITERATIONS 1000     /* an upper bound: removal stops them long before */

struct stress_thread
{
    ID3D12Device *device;
    ID3D12CommandQueue *queue;      /* shared (even threads) or its own */
    bool own_queue;
    unsigned int index, iterations, done;
    atomic_bool *started;
    char failure[192];              /* empty: success */
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12Fence *fence;
};

#define STRESS_CHECK(th, cond, ...) \
    do { if (!(cond) && !(th)->failure[0]) snprintf((th)->failure, sizeof((th)->failure), __VA_ARGS__); } while (0)

static ID3D12Resource *stress_buffer(ID3D12Device *device, D3D12_HEAP_TYPE type, D3D12_RESOURCE_STATES state)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(STRESS_SIZE);
    D3D12_HEAP_PROPERTIES heap = {0};
    ID3D12Resource *resource = NULL;

    heap.Type = type;
    if (FAILED(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc, state, NULL,
                                                    &IID_ID3D12Resource, (void **)&resource)))
        return NULL;
    return resource;
}

/* The bytes one iteration leaves in its DEFAULT buffer. */
static void stress_expected(unsigned int thread, unsigned int iteration, unsigned char *expected,
                            unsigned char *source)
{
    size_t i;

    fill_pattern(source, STRESS_SIZE, thread * 1000 + iteration);
    memcpy(expected, source, STRESS_SIZE);
    /* CopyBufferRegions: [0, 1024) moved to [2048, 3072). */
    memcpy(expected + 2048, source, 1024);
    /* FillBuffers: 0xa5 + thread over [1024, 1536). */
    for (i = 1024; i < 1536; ++i)
        expected[i] = (unsigned char)(0xa5 + thread);
}

/* One iteration; false once the device is removed (or a step failed). */
static bool stress_iteration(struct stress_thread *th, unsigned int iteration, UINT64 *fence_value,
                             unsigned char *expected, unsigned char *source)
{
    ID3D12Resource *upload, *target, *readback;
    ID3D12GraphicsCommandList12 *list12 = NULL;
    D3D12_RANGE range = {0, 0};
    D3D12_FILL_BUFFER_DESC fill;
    ID3D12CommandList *list;
    bool removed = false;
    UINT64 dst_offset = 2048, src_offset = 0, size = 1024;
    void *ptr;

    stress_expected(th->index, iteration, expected, source);
    upload = stress_buffer(th->device, D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ);
    target = stress_buffer(th->device, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON);
    readback = stress_buffer(th->device, D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST);
    if (!upload || !target || !readback)
    {
        removed = ID3D12Device_GetDeviceRemovedReason(th->device) != S_OK;
        STRESS_CHECK(th, removed, "thread %u: resource creation failed", th->index);
        goto done;
    }
    if (FAILED(ID3D12Resource_Map(upload, 0, &range, &ptr)))
    {
        removed = true;
        goto done;
    }
    memcpy(ptr, source, STRESS_SIZE);
    ID3D12Resource_Unmap(upload, 0, NULL);

    ID3D12GraphicsCommandList_QueryInterface(th->list, &IID_ID3D12GraphicsCommandList12, (void **)&list12);
    ID3D12GraphicsCommandList_CopyBufferRegion(th->list, target, 0, upload, 0, STRESS_SIZE);
    ID3D12GraphicsCommandList12_CopyBufferRegions(list12, 1, &target, &dst_offset, &upload, &src_offset, &size);
    memset(&fill, 0, sizeof(fill));
    fill.pBuffer = target;
    fill.Offset = 1024;
    fill.FillValue.Bytes[0] = (UINT8)(0xa5 + th->index);
    fill.RawPatternSizeInBytes = 1;
    fill.RepeatCount = 512;
    ID3D12GraphicsCommandList12_FillBuffers(list12, 1, &fill);
    ID3D12GraphicsCommandList12_Release(list12);
    /* The copies and the fill are ordered on the timeline before the readback copy. */
    async_buffer_barrier((ID3D12GraphicsCommandList12 *)th->list, target, D3D12_BARRIER_SYNC_COPY,
                         D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_SOURCE);
    ID3D12GraphicsCommandList_CopyBufferRegion(th->list, readback, 0, target, 0, STRESS_SIZE);
    if (FAILED(ID3D12GraphicsCommandList_Close(th->list)))
    {
        removed = ID3D12Device_GetDeviceRemovedReason(th->device) != S_OK;
        STRESS_CHECK(th, removed, "thread %u: Close failed", th->index);
        goto reset;
    }
    list = (ID3D12CommandList *)th->list;
    ID3D12CommandQueue_ExecuteCommandLists(th->queue, 1, &list);
    if (FAILED(ID3D12CommandQueue_Signal(th->queue, th->fence, ++*fence_value))
            || FAILED(ID3D12Fence_SetEventOnCompletion(th->fence, *fence_value, NULL)))
    {
        removed = true;
        goto reset;
    }
    if (ID3D12Fence_GetCompletedValue(th->fence) == UINT64_MAX)
    {
        removed = true;
        goto reset;
    }
    if (SUCCEEDED(ID3D12Resource_Map(readback, 0, NULL, &ptr)))
    {
        /* A removal may stop the GPU mid-list after the fence was read: then the bytes
         * are undefined, and the removal is this thread's end. */
        if (memcmp(ptr, expected, STRESS_SIZE) && ID3D12Device_GetDeviceRemovedReason(th->device) != S_OK)
            removed = true;
        else
            STRESS_CHECK(th, !memcmp(ptr, expected, STRESS_SIZE), "thread %u, iteration %u: the bytes differ",
                         th->index, iteration);
        ID3D12Resource_Unmap(readback, 0, &range);
    }
reset:
    /* After a removal too: the GPU stopped, and what it read is kept until it passed. */
    if (FAILED(ID3D12CommandAllocator_Reset(th->allocator))
            || FAILED(ID3D12GraphicsCommandList_Reset(th->list, th->allocator, NULL)))
        removed = true;
done:
    if (upload)
        ID3D12Resource_Release(upload);
    if (target)
        ID3D12Resource_Release(target);
    if (readback)
        ID3D12Resource_Release(readback);
    return !removed && !th->failure[0];
}

static void *stress_thread_main(void *arg)
{
    struct stress_thread *th = arg;
    unsigned char *expected = malloc(STRESS_SIZE), *source = malloc(STRESS_SIZE);
    UINT64 fence_value = 0;
    unsigned int i;

    STRESS_CHECK(th, expected && source, "thread %u: out of memory", th->index);
    if (FAILED(ID3D12Device_CreateCommandAllocator(th->device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                   &IID_ID3D12CommandAllocator, (void **)&th->allocator))
            || FAILED(ID3D12Device_CreateCommandList(th->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, th->allocator,
                                                     NULL, &IID_ID3D12GraphicsCommandList, (void **)&th->list))
            || FAILED(ID3D12Device_CreateFence(th->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                                               (void **)&th->fence)))
        STRESS_CHECK(th, false, "thread %u: setup failed", th->index);
    atomic_store(th->started, true);
    for (i = 0; !th->failure[0] && i < th->iterations; ++i)
    {
        if (!stress_iteration(th, i, &fence_value, expected, source))
            break;
        th->done = i + 1;
    }
    free(expected);
    free(source);
    /* While the queues live and other threads' work may still be in flight. */
    if (th->list)
        ID3D12GraphicsCommandList_Release(th->list);
    if (th->allocator)
        ID3D12CommandAllocator_Release(th->allocator);
    if (th->fence)
        ID3D12Fence_Release(th->fence);
    if (th->own_queue)
        ID3D12CommandQueue_Release(th->queue);
    return NULL;
}

/* Runs the threads; with `remove_after_ms`, removes the device that long after they
 * all started. Returns the iterations completed, all threads together. */
static unsigned int stress_run(const struct async_ctx *ctx, bool remove, unsigned int remove_after_ms)
{
    struct stress_thread threads[STRESS_THREADS];
    D3D12_COMMAND_QUEUE_DESC queue_desc = {0};
    pthread_t handles[STRESS_THREADS];
    atomic_bool started[STRESS_THREADS];
    ID3D12CommandQueue *shared;
    unsigned int i, total = 0;
    struct test_context t;
    ID3D12Device5 *device5;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(t.device, &queue_desc, &IID_ID3D12CommandQueue,
                                                     (void **)&shared), S_OK);
    memset(threads, 0, sizeof(threads));
    for (i = 0; i < STRESS_THREADS; ++i)
    {
        threads[i].device = t.device;
        threads[i].index = i;
        threads[i].iterations = remove ? REMOVAL_ITERATIONS : STRESS_ITERATIONS;
        threads[i].own_queue = i % 2;
        atomic_init(&started[i], false);
        threads[i].started = &started[i];
        if (threads[i].own_queue)
            ck_assert_int_eq(ID3D12Device_CreateCommandQueue(t.device, &queue_desc, &IID_ID3D12CommandQueue,
                                                             (void **)&threads[i].queue), S_OK);
        else
            threads[i].queue = shared;
        ck_assert_int_eq(pthread_create(&handles[i], NULL, stress_thread_main, &threads[i]), 0);
    }
    if (remove)
    {
        struct timespec delay = {0, (long)remove_after_ms * 1000000};

        for (i = 0; i < STRESS_THREADS; ++i)
            while (!atomic_load(&started[i]))
                sched_yield();
        nanosleep(&delay, NULL);
        ck_assert_int_eq(ID3D12Device_QueryInterface(t.device, &IID_ID3D12Device5, (void **)&device5), S_OK);
        ID3D12Device5_RemoveDevice(device5);
        ID3D12Device5_Release(device5);
    }
    for (i = 0; i < STRESS_THREADS; ++i)
        ck_assert_int_eq(pthread_join(handles[i], NULL), 0);
    ID3D12CommandQueue_Release(shared);
    for (i = 0; i < STRESS_THREADS; ++i)
    {
        ck_assert_msg(!threads[i].failure[0], "%s (%s)", threads[i].failure, async_mode_name(ctx->mode));
        if (remove)
            ck_assert_msg(threads[i].done < REMOVAL_ITERATIONS, "thread %u never saw the removal", i);
        else
            ck_assert_uint_eq(threads[i].done, STRESS_ITERATIONS);
        total += threads[i].done;
    }
    if (remove)
        ck_assert_int_ne(ID3D12Device_GetDeviceRemovedReason(t.device), S_OK);
    test_context_destroy(&t);
    return total;
}

ASYNC_TEST(test_stress_threads)
{
    unsigned int total = stress_run(ctx, false, 0);

    fprintf(stderr, "stress: %s: %u threads, %u iterations, every byte checked\n", async_mode_name(ctx->mode),
            STRESS_THREADS, total);
}

ASYNC_TEST(test_stress_removal)
{
    unsigned int total = stress_run(ctx, true, 20);

    fprintf(stderr, "stress: %s: device removed after %u iterations; %u threads ended\n",
            async_mode_name(ctx->mode), total, STRESS_THREADS);
}

static Suite *stress_suite(void)
{
    Suite *suite = suite_create("stress");
    struct async_tcases tcases;

    async_tcases_create(suite, "stress", &tcases);
    async_tcases_set_timeout(&tcases, 300);
    async_tcase_add(&tcases, test_stress_threads);
    async_tcase_add(&tcases, test_stress_removal);
    return suite;
}

int main(void)
{
    return test_run_suites(stress_suite(), NULL);
}
