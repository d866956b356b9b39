/*
 * The serialised DDI, proven (issue 14, seed 004): against a driver that is not
 * free-threaded (the spy's hide_free_threading), 16 threads create, record, submit,
 * read back and destroy at once, and the spy's overlap detector never sees two
 * threads inside the driver's device (test_ddi_spy.c's test_spy_overlap_detector
 * shows the detector counts an overlap when there is one).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>
#include "rt_adapter.h"
#include "ddi_spy.h"
#include "test_device.h"
#include "test_run.h"

#define THREAD_COUNT 16
#define ITERATIONS 6
#define BUFFER_WORDS 64
#define BUFFER_BYTES (BUFFER_WORDS * sizeof(UINT32))

struct worker
{
    ID3D12Device *device;
    ID3D12CommandQueue *queue;    /* shared: queue methods are free-threaded */
    unsigned int index;
    unsigned int verified;        /* iterations whose read-back matched */
    char failure[160];            /* the first failure; checked on the main thread */
};

static void transition(ID3D12GraphicsCommandList *list, ID3D12Resource *resource, D3D12_RESOURCE_STATES before,
                       D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER barrier;

    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = resource;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = before;
    barrier.Transition.StateAfter = after;
    ID3D12GraphicsCommandList_ResourceBarrier(list, 1, &barrier);
}

#define WORKER_CHECK(w, cond, ...) \
    do { if (!(cond) && !(w)->failure[0]) snprintf((w)->failure, sizeof((w)->failure), __VA_ARGS__); } while (0)

/* One iteration: every object of its own, a pattern through upload → default → readback. */
static void worker_iteration(struct worker *w, unsigned int iteration)
{
    ID3D12Resource *upload, *middle, *readback;
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc;
    ID3D12DescriptorHeap *heap = NULL;
    ID3D12GraphicsCommandList *list = NULL;
    ID3D12CommandAllocator *allocator = NULL;
    ID3D12Fence *fence = NULL;
    UINT32 *data;
    unsigned int i;
    HRESULT hr;

    /* The util helpers' checks end the test process from any thread. */
    upload = create_buffer(w->device, D3D12_HEAP_TYPE_UPLOAD, BUFFER_BYTES, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_GENERIC_READ);
    middle = create_buffer(w->device, D3D12_HEAP_TYPE_DEFAULT, BUFFER_BYTES, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COPY_DEST);
    readback = create_buffer(w->device, D3D12_HEAP_TYPE_READBACK, BUFFER_BYTES, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COPY_DEST);
    memset(&heap_desc, 0, sizeof(heap_desc));
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    heap_desc.NumDescriptors = 4;
    hr = ID3D12Device_CreateDescriptorHeap(w->device, &heap_desc, &IID_ID3D12DescriptorHeap, (void **)&heap);
    WORKER_CHECK(w, SUCCEEDED(hr), "thread %u: CreateDescriptorHeap 0x%08x", w->index, (unsigned int)hr);
    hr = ID3D12Device_CreateCommandAllocator(w->device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&allocator);
    WORKER_CHECK(w, SUCCEEDED(hr), "thread %u: CreateCommandAllocator 0x%08x", w->index, (unsigned int)hr);
    hr = ID3D12Device_CreateFence(w->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence);
    WORKER_CHECK(w, SUCCEEDED(hr), "thread %u: CreateFence 0x%08x", w->index, (unsigned int)hr);
    if (!heap || !allocator || !fence)
        goto done;
    hr = ID3D12Device_CreateCommandList(w->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&list);
    WORKER_CHECK(w, SUCCEEDED(hr), "thread %u: CreateCommandList 0x%08x", w->index, (unsigned int)hr);
    if (!list)
        goto done;

    /* A view write too: device entries racing with the other threads' recording. */
    {
        D3D12_SHADER_RESOURCE_VIEW_DESC srv;

        memset(&srv, 0, sizeof(srv));
        srv.Format = DXGI_FORMAT_R32_UINT;
        srv.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
        srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
        srv.Buffer.NumElements = BUFFER_WORDS;
        ID3D12Device_CreateShaderResourceView(w->device, middle, &srv,
                ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap));
    }

    hr = ID3D12Resource_Map(upload, 0, NULL, (void **)&data);
    WORKER_CHECK(w, SUCCEEDED(hr), "thread %u: Map upload 0x%08x", w->index, (unsigned int)hr);
    if (FAILED(hr))
        goto done;
    for (i = 0; i < BUFFER_WORDS; ++i)
        data[i] = (w->index << 24) | (iteration << 16) | i;
    ID3D12Resource_Unmap(upload, 0, NULL);
    /* Poison the destination: a copy that did not happen cannot pass. */
    hr = ID3D12Resource_Map(readback, 0, NULL, (void **)&data);
    WORKER_CHECK(w, SUCCEEDED(hr), "thread %u: Map readback 0x%08x", w->index, (unsigned int)hr);
    if (FAILED(hr))
        goto done;
    memset(data, 0xcd, BUFFER_BYTES);
    ID3D12Resource_Unmap(readback, 0, NULL);

    ID3D12GraphicsCommandList_CopyBufferRegion(list, middle, 0, upload, 0, BUFFER_BYTES);
    transition(list, middle, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
    ID3D12GraphicsCommandList_CopyBufferRegion(list, readback, 0, middle, 0, BUFFER_BYTES);
    hr = ID3D12GraphicsCommandList_Close(list);
    WORKER_CHECK(w, SUCCEEDED(hr), "thread %u: Close 0x%08x", w->index, (unsigned int)hr);
    ID3D12CommandQueue_ExecuteCommandLists(w->queue, 1, (ID3D12CommandList **)&list);
    hr = ID3D12CommandQueue_Signal(w->queue, fence, 1);
    WORKER_CHECK(w, SUCCEEDED(hr), "thread %u: Signal 0x%08x", w->index, (unsigned int)hr);
    hr = ID3D12Fence_SetEventOnCompletion(fence, 1, NULL);
    WORKER_CHECK(w, SUCCEEDED(hr), "thread %u: SetEventOnCompletion 0x%08x", w->index, (unsigned int)hr);

    hr = ID3D12Resource_Map(readback, 0, NULL, (void **)&data);
    WORKER_CHECK(w, SUCCEEDED(hr), "thread %u: Map readback 0x%08x", w->index, (unsigned int)hr);
    if (FAILED(hr))
        goto done;
    for (i = 0; i < BUFFER_WORDS; ++i)
    {
        UINT32 expected = (w->index << 24) | (iteration << 16) | i;

        WORKER_CHECK(w, data[i] == expected, "thread %u, iteration %u: word %u is 0x%08x, not 0x%08x", w->index,
                     iteration, i, data[i], expected);
        if (data[i] != expected)
            break;
    }
    if (i == BUFFER_WORDS)
        ++w->verified;
    ID3D12Resource_Unmap(readback, 0, NULL);

done:
    if (list)
        ID3D12GraphicsCommandList_Release(list);
    if (allocator)
        ID3D12CommandAllocator_Release(allocator);
    if (fence)
        ID3D12Fence_Release(fence);
    if (heap)
        ID3D12DescriptorHeap_Release(heap);
    if (readback)
        ID3D12Resource_Release(readback);
    if (middle)
        ID3D12Resource_Release(middle);
    if (upload)
        ID3D12Resource_Release(upload);
}

static int worker_main(void *arg)
{
    struct worker *w = arg;
    unsigned int i;

    for (i = 0; i < ITERATIONS && !w->failure[0]; ++i)
        worker_iteration(w, i);
    return 0;
}

START_TEST(test_serialized_ddi_no_overlap)
{
    struct ddi_spy_masks masks;
    struct worker workers[THREAD_COUNT];
    thrd_t threads[THREAD_COUNT];
    D3D12_COMMAND_QUEUE_DESC queue_desc;
    D3D12RT_FEATURE_DATA_THREADING threading;
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    struct ddi_spy *spy;
    unsigned int i;
    size_t index;

    memset(&masks, 0, sizeof(masks));
    masks.max_tiled_resources_tier = -1;
    masks.hide_free_threading = true;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(spy);
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    rt_testing_set_driver_spy(NULL);

    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, (D3D12_FEATURE)D3D12RT_FEATURE_THREADING, &threading,
            sizeof(threading)), S_OK);
    ck_assert(!threading.DriverConcurrentCreates);
    /* The runtime's lock makes the single-threaded promise to the driver. */
    index = ddi_spy_find(spy, 0, "CreateDevice");
    ck_assert_uint_ne(index, (size_t)-1);
    {
        struct ddi_spy_call call;

        ck_assert(ddi_spy_get_call(spy, index, &call));
        ck_assert_ptr_nonnull(strstr(call.args, "Flags=0x1,"));
    }
    ddi_spy_set_recording(spy, false);

    memset(&queue_desc, 0, sizeof(queue_desc));
    queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(device, &queue_desc, &IID_ID3D12CommandQueue, (void **)&queue),
            S_OK);
    for (i = 0; i < THREAD_COUNT; ++i)
    {
        memset(&workers[i], 0, sizeof(workers[i]));
        workers[i].device = device;
        workers[i].queue = queue;
        workers[i].index = i;
        ck_assert_int_eq(thrd_create(&threads[i], worker_main, &workers[i]), thrd_success);
    }
    for (i = 0; i < THREAD_COUNT; ++i)
        ck_assert_int_eq(thrd_join(threads[i], NULL), thrd_success);
    for (i = 0; i < THREAD_COUNT; ++i)
    {
        ck_assert_msg(!workers[i].failure[0], "%s", workers[i].failure);
        ck_assert_uint_eq(workers[i].verified, ITERATIONS);
    }

    ID3D12CommandQueue_Release(queue);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
    ck_assert_uint_eq(ddi_spy_overlap_count(spy), 0);
    ck_assert_uint_eq(ddi_spy_max_threads_inside(spy), 1);
    ddi_spy_destroy(spy);
}
END_TEST

/* A free-threaded driver never gets the single-threaded promise (a test setup that
 * makes the driver serialising has no such driver; test_serialized_ddi_no_overlap checks
 * the flag there). */
START_TEST(test_free_threaded_flags_clear)
{
    struct ddi_spy_masks masks = {0};
    struct ddi_spy_call call;
    struct ddi_spy *spy;
    ID3D12Device *device;
    size_t index;

    if (ddi_spy_environment_masks(&masks) && masks.hide_free_threading)
        return;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(NULL, false));
    rt_testing_set_driver_spy(spy);
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    rt_testing_set_driver_spy(NULL);
    ck_assert_uint_ne(index = ddi_spy_find(spy, 0, "CreateDevice"), (size_t)-1);
    ck_assert(ddi_spy_get_call(spy, index, &call));
    ck_assert_ptr_nonnull(strstr(call.args, "Flags=0x0,"));
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
    ddi_spy_destroy(spy);
}
END_TEST

static Suite *threading_suite(void)
{
    Suite *suite = suite_create("threading");
    TCase *tc = tcase_create("serialized_ddi");

    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_serialized_ddi_no_overlap);
    tcase_add_test(tc, test_free_threaded_flags_clear);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(threading_suite(), NULL);
}
