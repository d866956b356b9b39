/*
 * The runtime side of the driver contract for the agx_umd tests: opens the built-in
 * driver, creates its device, resources, queues, lists and fences in plain memory,
 * as the runtime would, and waits on fences by polling.
 */

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agx_umd_harness.h"

/* ---- Runtime side of the contract ------------------------------------------------- */

HRESULT last_list_error, last_device_error, last_error;

static void APIENTRY list_error_cb(D3D12DDI_HRTCOMMANDLIST list, HRESULT hr)
{
    last_list_error = hr;
}

static void APIENTRY device_error_cb(D3D12DDI_HRTDEVICE device, HRESULT hr)
{
    last_device_error = hr;
}

static void APIENTRY error_cb(D3D12DDI_HRTDEVICE device, HRESULT hr)
{
    last_error = hr;
}

static const D3D12DDI_CORELAYER_DEVICECALLBACKS_0124 callbacks = {list_error_cb, device_error_cb, error_cb, NULL, NULL};

void open_adapter(struct test_adapter *a)
{
    D3D12DDIARG_OPENADAPTER_0124 args = {{NULL}, {NULL}, &a->funcs};

    ck_assert_int_eq(agx_umd_open_adapter(&args), S_OK);
    ck_assert_ptr_nonnull(args.hAdapter.pDrvPrivate);
    a->adapter = args.hAdapter;
}

D3D12DDIARG_CREATEDEVICE_0124 device_args(D3D12DDI_HDEVICE device)
{
    D3D12DDIARG_CREATEDEVICE_0124 args;

    memset(&args, 0, sizeof(args));
    args.Interface = D3D12DDI_INTERFACE_VERSION_R8;
    args.Version = D3D12DDI_BUILD_VERSION_0124 << 16;
    args.pCallbacks = &callbacks;
    args.hDrvDevice = device;
    args.PipelineLevel = D3D12DDI_3DPIPELINELEVEL_11_0;
    return args;
}

void device_init(struct test_device *t)
{
    memset(t, 0, sizeof(*t));
    open_adapter(&t->a);
    device_create(t);
}

void device_create(struct test_device *t)
{
    D3D12DDIARG_CALCPRIVATEDEVICESIZE size_args = {D3D12DDI_INTERFACE_VERSION_R8,
            D3D12DDI_BUILD_VERSION_0124 << 16, 0};
    D3D12DDIARG_CREATEDEVICE_0124 args;
    D3D12DDI_HRTTABLE rt_table = {NULL};
    SIZE_T size;

    size = t->a.funcs.pfnCalcPrivateDeviceSize(t->a.adapter, &size_args);
    ck_assert_uint_ge(size, sizeof(void *));
    ck_assert_uint_ne(size, (SIZE_T)-1);
    t->device.pDrvPrivate = calloc(1, size);
    args = device_args(t->device);
    ck_assert_int_eq(t->a.funcs.pfnCreateDevice(t->a.adapter, &args), S_OK);
    ck_assert_int_eq(t->a.funcs.pfnFillDDITable(t->device, D3D12DDI_TABLE_TYPE_DEVICE_CORE, &t->dev,
            sizeof(t->dev), 0, rt_table), S_OK);
    ck_assert_int_eq(t->a.funcs.pfnFillDDITable(t->device, D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D, &t->cl,
            sizeof(t->cl), 0, rt_table), S_OK);
    ck_assert_int_eq(t->a.funcs.pfnFillDDITable(t->device, D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D, &t->q,
            sizeof(t->q), 0, rt_table), S_OK);
}

void device_finish(struct test_device *t)
{
    t->a.funcs.pfnDestroyDevice(t->device);
    free(t->device.pDrvPrivate);
    ck_assert_int_eq(t->a.funcs.pfnCloseAdapter(t->a.adapter), S_OK);
}

/* ---- Resources ------------------------------------------------------------------------ */

D3D12_RESOURCE_DESC1 buffer_desc(UINT64 width)
{
    D3D12_RESOURCE_DESC1 desc;

    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = width;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    return desc;
}

D3D12_RESOURCE_DESC1 texture_desc(DXGI_FORMAT format, UINT width, UINT height, UINT16 array, UINT16 mips)
{
    D3D12_RESOURCE_DESC1 desc;

    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = array;
    desc.MipLevels = mips;
    desc.Format = format;
    desc.SampleDesc.Count = 1;
    return desc;
}

HRESULT create_committed(struct test_device *t, D3D12_HEAP_TYPE type, const D3D12_RESOURCE_DESC1 *desc,
                                struct test_resource *r)
{
    D3D12DDIARG_CREATEHEAP_0124 heap_args;
    D3D12DDIARG_CREATERESOURCE_0124 args;
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes;
    D3D12DDI_HRTRESOURCE rt = {NULL};

    memset(&heap_args, 0, sizeof(heap_args));
    heap_args.Properties.Type = type;
    memset(&args, 0, sizeof(args));
    args.Kind = D3D12DDI_RESOURCE_KIND_COMMITTED;
    args.Desc = *desc;
    args.InitialLayout = desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER ? D3D12_BARRIER_LAYOUT_UNDEFINED
            : D3D12_BARRIER_LAYOUT_COMMON;
    sizes = t->dev.pfnCalcPrivateHeapAndResourceSizes(t->device, &heap_args, &args);
    r->heap.pDrvPrivate = calloc(1, sizes.Heap);
    r->resource.pDrvPrivate = calloc(1, sizes.Resource);
    return t->dev.pfnCreateHeapAndResource(t->device, &heap_args, r->heap, rt, &args, r->resource);
}

struct test_resource create_buffer(struct test_device *t, D3D12_HEAP_TYPE type, UINT64 size)
{
    D3D12_RESOURCE_DESC1 desc = buffer_desc(size);
    struct test_resource r;

    ck_assert_int_eq(create_committed(t, type, &desc, &r), S_OK);
    return r;
}

struct test_resource create_texture(struct test_device *t, const D3D12_RESOURCE_DESC1 *desc)
{
    struct test_resource r;

    ck_assert_int_eq(create_committed(t, D3D12_HEAP_TYPE_DEFAULT, desc, &r), S_OK);
    return r;
}

void *map(struct test_device *t, const struct test_resource *r)
{
    void *data = NULL;

    ck_assert_int_eq(t->dev.pfnMapHeap(t->device, r->heap, &data), S_OK);
    ck_assert_ptr_nonnull(data);
    return data;
}

void destroy_resource(struct test_device *t, struct test_resource *r)
{
    t->dev.pfnDestroyHeapAndResource(t->device, r->heap, r->resource);
    free(r->heap.pDrvPrivate);
    free(r->resource.pDrvPrivate);
}

/* ---- Queues, lists, fences ---------------------------------------------------------------- */

D3D12DDI_HFENCE create_fence(struct test_device *t, UINT64 initial)
{
    D3D12DDIARG_CREATE_FENCE_0124 args = {initial, D3D12_FENCE_FLAG_NONE};
    D3D12DDI_HFENCE fence = {calloc(1, t->dev.pfnCalcPrivateFenceSize(t->device, &args))};

    ck_assert_int_eq(t->dev.pfnCreateFence(t->device, &args, fence), S_OK);
    return fence;
}

void destroy_fence(struct test_device *t, D3D12DDI_HFENCE fence)
{
    t->dev.pfnDestroyFence(t->device, fence);
    free(fence.pDrvPrivate);
}

struct test_queue create_queue(struct test_device *t, D3D12_COMMAND_LIST_TYPE type)
{
    D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 args = {type, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    D3D12DDI_HRTCOMMANDQUEUE rt = {NULL};
    struct test_queue q;

    q.queue.pDrvPrivate = calloc(1, t->dev.pfnCalcPrivateCommandQueueSize(t->device, &args));
    ck_assert_int_eq(t->dev.pfnCreateCommandQueue(t->device, &args, q.queue, rt), S_OK);
    q.fence = create_fence(t, 0);
    q.value = 0;
    return q;
}

void destroy_queue(struct test_device *t, struct test_queue *q)
{
    t->dev.pfnDestroyCommandQueue(t->device, q->queue);
    free(q->queue.pDrvPrivate);
    destroy_fence(t, q->fence);
}

struct test_list create_list(struct test_device *t, D3D12_COMMAND_LIST_TYPE type)
{
    D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 allocator_args = {type};
    D3D12DDIARG_CREATE_COMMAND_LIST_0124 list_args;
    D3D12DDI_HRTCOMMANDLIST rt = {NULL};
    struct test_list l;

    l.allocator.pDrvPrivate = calloc(1, t->dev.pfnCalcPrivateCommandAllocatorSize(t->device, &allocator_args));
    ck_assert_int_eq(t->dev.pfnCreateCommandAllocator(t->device, &allocator_args, l.allocator), S_OK);
    memset(&list_args, 0, sizeof(list_args));
    list_args.Type = type;
    list_args.hAllocator = l.allocator;
    l.list.pDrvPrivate = calloc(1, t->dev.pfnCalcPrivateCommandListSize(t->device, &list_args));
    ck_assert_int_eq(t->dev.pfnCreateCommandList(t->device, &list_args, l.list, rt), S_OK);
    return l;
}

void destroy_list(struct test_device *t, struct test_list *l)
{
    t->dev.pfnDestroyCommandList(t->device, l->list);
    free(l->list.pDrvPrivate);
    t->dev.pfnDestroyCommandAllocator(t->device, l->allocator);
    free(l->allocator.pDrvPrivate);
}

void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

    nanosleep(&ts, NULL);
}

/* Polls the fence for at most ten seconds. */
bool wait_fence(struct test_device *t, D3D12DDI_HFENCE fence, UINT64 value)
{
    int i;

    for (i = 0; i < 10000; ++i)
    {
        if (t->dev.pfnGetFenceCompletedValue(t->device, fence) >= value)
            return true;
        sleep_ms(1);
    }
    return false;
}

void signal_queue(struct test_device *t, D3D12DDI_HCOMMANDQUEUE queue, D3D12DDI_HFENCE fence, UINT64 value)
{
    D3D12DDIARG_FENCE_OPERATION_0124 op = {fence, value};

    t->q.pfnSignalFence(queue, &op);
}

void wait_queue(struct test_device *t, D3D12DDI_HCOMMANDQUEUE queue, D3D12DDI_HFENCE fence, UINT64 value)
{
    D3D12DDIARG_FENCE_OPERATION_0124 op = {fence, value};

    t->q.pfnWaitForFence(queue, &op);
}

/* Closes the list, runs it and waits for the queue to finish it. */
void execute(struct test_device *t, struct test_queue *q, struct test_list *l)
{
    ck_assert_int_eq(t->cl.pfnCloseCommandList(l->list), S_OK);
    t->q.pfnExecuteCommandLists(q->queue, 1, &l->list);
    signal_queue(t, q->queue, q->fence, ++q->value);
    ck_assert(wait_fence(t, q->fence, q->value));
}

void fill_pattern(unsigned char *data, size_t size, unsigned int seed)
{
    size_t i;

    for (i = 0; i < size; ++i)
        data[i] = (unsigned char)((i * 131u + (i >> 9) * 17u + seed * 29u + 1u) & 0xff);
}

D3D12DDIARG_TEXTURE_COPY_LOCATION footprint_location(const struct test_resource *buffer,
                                                     const D3D12_PLACED_SUBRESOURCE_FOOTPRINT *footprint)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION location;

    memset(&location, 0, sizeof(location));
    location.hResource = buffer->resource;
    location.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    location.PlacedFootprint = *footprint;
    return location;
}

D3D12DDIARG_TEXTURE_COPY_LOCATION subresource_location(const struct test_resource *texture, UINT sub)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION location;

    memset(&location, 0, sizeof(location));
    location.hResource = texture->resource;
    location.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    location.SubresourceIndex = sub;
    return location;
}

void copy_barrier(struct test_device *t, struct test_list *l)
{
    D3D12DDIARG_BARRIER_0124 barrier;

    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_BARRIER_TYPE_GLOBAL;
    barrier.Global.SyncBefore = D3D12_BARRIER_SYNC_COPY;
    barrier.Global.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    barrier.Global.AccessBefore = D3D12_BARRIER_ACCESS_COPY_DEST;
    barrier.Global.AccessAfter = D3D12_BARRIER_ACCESS_COPY_SOURCE;
    t->cl.pfnBarrier(l->list, 1, &barrier);
}
