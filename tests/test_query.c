/*
 * Query heaps and queries, command signatures and ExecuteIndirect: creation per type
 * with the exact HRESULTs, timestamps end to end through readback (direct, compute and
 * copy queues), resolves, and every recording rule with the HRESULT Close reports.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_device.h"
#include "test_async.h"
#include "rt_adapter.h"
#include "ddi_spy.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static ID3D12QueryHeap *create_query_heap(ID3D12Device *device, D3D12_QUERY_HEAP_TYPE type, UINT count)
{
    D3D12_QUERY_HEAP_DESC desc = {type, count, 0};
    ID3D12QueryHeap *heap;

    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(device, &desc, &IID_ID3D12QueryHeap, (void **)&heap), S_OK);
    return heap;
}

#define check_query_close(ctx, expected) check_query_close_(__LINE__, ctx, expected)
static void check_query_close_(unsigned int line, struct test_context *ctx, HRESULT expected)
{
    HRESULT hr = ID3D12GraphicsCommandList_Close(ctx->list);

    ck_assert_msg(hr == expected, "line %u: Close returned %#x, expected %#x", line, (unsigned int)hr,
                  (unsigned int)expected);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx->list, ctx->allocator, NULL), S_OK);
}

/* Records one call on a fresh list and checks what Close says. */
#define check_call(ctx, call, expected) do { (call); check_query_close_(__LINE__, ctx, expected); } while (0)

static UINT64 *map_readback(ID3D12Resource *buffer, size_t size)
{
    D3D12_RANGE range = {0, size};
    void *data;

    ck_assert_int_eq(ID3D12Resource_Map(buffer, 0, &range, &data), S_OK);
    return data;
}

/* ---- Query heaps -------------------------------------------------------------------------- */

START_TEST(test_query_heap_create)
{
    static const struct
    {
        D3D12_QUERY_HEAP_TYPE type;
        HRESULT hr;
    }
    tests[] =
    {
        {D3D12_QUERY_HEAP_TYPE_OCCLUSION, S_OK},
        {D3D12_QUERY_HEAP_TYPE_TIMESTAMP, S_OK},
        {D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, S_OK},
        {D3D12_QUERY_HEAP_TYPE_SO_STATISTICS, S_OK},
        {D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP, S_OK},     /* the built-in driver reports it */
        {D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS, DXGI_ERROR_UNSUPPORTED},
        {D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1, DXGI_ERROR_UNSUPPORTED},
        {(D3D12_QUERY_HEAP_TYPE)6, E_INVALIDARG},
        {(D3D12_QUERY_HEAP_TYPE)8, E_INVALIDARG},
    };
    D3D12_FEATURE_DATA_D3D12_OPTIONS3 options3;
    struct ddi_spy_masks masks = {0};
    D3D12_QUERY_HEAP_DESC desc;
    ID3D12QueryHeap *heap;
    struct ddi_spy *spy;
    ID3D12Device *device, *other;
    ULONG refcount;
    unsigned int i;
    void *object;

    masks.max_tiled_resources_tier = -1;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(spy);
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS3, &options3,
                     sizeof(options3)), S_OK);
    ck_assert(options3.CopyQueueTimestampQueriesSupported);

    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        desc.Type = tests[i].type;
        desc.Count = 3;
        desc.NodeMask = 0;
        ddi_spy_clear(spy);
        object = (void *)(uintptr_t)0xdeadbeef;
        ck_assert_int_eq(ID3D12Device_CreateQueryHeap(device, &desc, &IID_ID3D12QueryHeap, &object), tests[i].hr);
        ck_assert_uint_eq(ddi_spy_count(spy, "CreateQueryHeap"), tests[i].hr == S_OK);
        if (tests[i].hr != S_OK)
        {
            ck_assert_ptr_null(object);
            continue;
        }
        heap = object;
        ck_assert_int_eq(ID3D12QueryHeap_QueryInterface(heap, &IID_ID3D12Pageable, &object), S_OK);
        ID3D12Pageable_Release((ID3D12Pageable *)object);
        ck_assert_int_eq(ID3D12QueryHeap_QueryInterface(heap, &IID_ID3D12Resource, &object), E_NOINTERFACE);
        ck_assert_ptr_null(object);
        ck_assert_int_eq(ID3D12QueryHeap_GetDevice(heap, &IID_ID3D12Device, (void **)&other), S_OK);
        ck_assert_ptr_eq(other, device);
        ID3D12Device_Release(other);
        ck_assert_int_eq(ID3D12QueryHeap_SetName(heap, L"queries"), S_OK);
        ck_assert_uint_eq(ID3D12QueryHeap_Release(heap), 0);
        ck_assert_uint_eq(ddi_spy_count(spy, "DestroyQueryHeap"), 1);
    }

    /* Descriptions every type refuses; a NULL output tests without creating. */
    desc.Type = D3D12_QUERY_HEAP_TYPE_TIMESTAMP;
    desc.Count = 0;
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(device, &desc, &IID_ID3D12QueryHeap, &object), E_INVALIDARG);
    desc.Count = 1;
    desc.NodeMask = 2;
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(device, &desc, &IID_ID3D12QueryHeap, &object), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(device, NULL, &IID_ID3D12QueryHeap, &object), E_INVALIDARG);
    desc.NodeMask = 1;
    ddi_spy_clear(spy);
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(device, &desc, &IID_ID3D12QueryHeap, NULL), S_FALSE);
    ck_assert_uint_eq(ddi_spy_count(spy, "CreateQueryHeap"), 0);

    /* A heap holds a reference on its device. */
    ID3D12Device_AddRef(device);
    refcount = ID3D12Device_Release(device);
    heap = create_query_heap(device, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 1);
    ID3D12Device_AddRef(device);
    ck_assert_uint_eq(ID3D12Device_Release(device), refcount + 1);
    ID3D12QueryHeap_Release(heap);
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

/* ---- Queries end to end ------------------------------------------------------------------ */

/* Two timestamps around some work, resolved into a readback buffer; then a third in a
 * later submission. */
static void test_timestamps(D3D12_COMMAND_LIST_TYPE type)
{
    D3D12_QUERY_HEAP_TYPE heap_type = type == D3D12_COMMAND_LIST_TYPE_COPY
            ? D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP : D3D12_QUERY_HEAP_TYPE_TIMESTAMP;
    ID3D12Resource *readback, *src, *dst;
    struct test_context ctx;
    ID3D12QueryHeap *heap;
    UINT64 frequency = 0, *values, first, second;

    test_context_init(&ctx, type);
    ck_assert_int_eq(ID3D12CommandQueue_GetTimestampFrequency(ctx.queue, &frequency), S_OK);
    ck_assert_uint_gt(frequency, 0);
    heap = create_query_heap(ctx.device, heap_type, 4);
    readback = create_buffer(ctx.device, D3D12_HEAP_TYPE_READBACK, 64, D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_COPY_DEST);
    src = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COMMON);
    dst = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_RESOURCE_FLAG_NONE,
                        D3D12_RESOURCE_STATE_COMMON);

    ID3D12GraphicsCommandList_EndQuery(ctx.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 0, src, 0, 65536);
    ID3D12GraphicsCommandList_EndQuery(ctx.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 1);
    ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 2, readback, 8);
    execute_and_wait(&ctx);
    values = map_readback(readback, 24);
    first = values[1];
    second = values[2];
    ID3D12Resource_Unmap(readback, 0, NULL);
    ck_assert_uint_ne(first, 0);
    ck_assert_uint_ge(second, first);

    ID3D12GraphicsCommandList_EndQuery(ctx.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 3);
    ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 3, 1, readback, 32);
    execute_and_wait(&ctx);
    values = map_readback(readback, 40);
    ck_assert_uint_ge(values[4], second);
    ID3D12Resource_Unmap(readback, 0, NULL);

    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    ID3D12Resource_Release(readback);
    ID3D12QueryHeap_Release(heap);
    test_context_destroy(&ctx);
}

START_TEST(test_timestamps_direct)
{
    test_timestamps(D3D12_COMMAND_LIST_TYPE_DIRECT);
}
END_TEST

START_TEST(test_timestamps_compute)
{
    test_timestamps(D3D12_COMMAND_LIST_TYPE_COMPUTE);
}
END_TEST

START_TEST(test_timestamps_copy)
{
    test_timestamps(D3D12_COMMAND_LIST_TYPE_COPY);
}
END_TEST

/* Begin/End pairs record and resolve: with no draws the counters read zero, over a
 * poisoned destination. */
START_TEST(test_counters_resolve)
{
    ID3D12QueryHeap *occlusion, *statistics;
    D3D12_QUERY_DATA_PIPELINE_STATISTICS stats;
    struct test_context ctx;
    ID3D12Resource *buffer;
    unsigned char data[256], expected[256];

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    occlusion = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2);
    statistics = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 1);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(data), D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    poison_buffer(&ctx, buffer, 7);

    ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
    ID3D12GraphicsCommandList_BeginQuery(ctx.list, statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    ID3D12GraphicsCommandList_EndQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
    ID3D12GraphicsCommandList_EndQuery(ctx.list, statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
    ID3D12GraphicsCommandList_EndQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0, 2, buffer, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1,
                                               buffer, 16);
    execute_and_wait(&ctx);
    read_buffer(&ctx, buffer, sizeof(data), data);
    /* Zeros where the resolves wrote, the poison everywhere else. */
    fill_pattern(expected, sizeof(expected), 7);
    memset(expected, 0, 16 + sizeof(stats));
    ck_assert(!memcmp(data, expected, sizeof(data)));

    ID3D12Resource_Release(buffer);
    ID3D12QueryHeap_Release(statistics);
    ID3D12QueryHeap_Release(occlusion);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Recording rules --------------------------------------------------------------------- */

START_TEST(test_query_errors)
{
    ID3D12QueryHeap *timestamps, *occlusion, *statistics, *copy_timestamps;
    ID3D12Resource *buffer, *texture;
    D3D12_RESOURCE_DESC texture_desc;
    struct test_context ctx;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    timestamps = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 4);
    occlusion = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 4);
    statistics = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 2);
    copy_timestamps = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP, 4);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 64, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    texture_desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    texture = create_texture(ctx.device, &texture_desc, D3D12_RESOURCE_STATE_COMMON);

    /* Heaps: this device's, of the query's type; indices inside them. */
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, NULL, D3D12_QUERY_TYPE_TIMESTAMP, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, (ID3D12QueryHeap *)buffer,
               D3D12_QUERY_TYPE_TIMESTAMP, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 4),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 4),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_BeginQuery(ctx.list, timestamps, D3D12_QUERY_TYPE_OCCLUSION, 0),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_PIPELINE_STATISTICS,
               0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_TIMESTAMP, 0),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, (D3D12_QUERY_TYPE)9, 0),
               E_INVALIDARG);
    /* Timestamps have no begin; a direct list writes TIMESTAMP heaps, not copy-queue ones. */
    check_call(&ctx, ID3D12GraphicsCommandList_BeginQuery(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, copy_timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0),
               E_INVALIDARG);
    /* It may resolve one (a copy), and write its own timestamps. */
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, copy_timestamps,
               D3D12_QUERY_TYPE_TIMESTAMP, 0, 4, buffer, 0), S_OK);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 3), S_OK);

    /* Begin and end in one list (the core runtime's rule). A second begin of a running
     * query and an end of another type are the debug layer's (test_query_debug_layer_rules):
     * the list closes. */
    ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 1);
    ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 1);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 1), S_OK);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 1),
               E_INVALIDARG);
    ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 1);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1),
               S_OK);
    ID3D12GraphicsCommandList_BeginQuery(ctx.list, statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 1);
    ID3D12GraphicsCommandList_EndQuery(ctx.list, statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 1);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS,
               1), E_INVALIDARG);
    /* Left open at Close; resolved while running. */
    check_call(&ctx, ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 2),
               E_INVALIDARG);
    ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 2);
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION,
               1, 2, buffer, 0), E_INVALIDARG);
    /* Reset forgets what a failed recording left open. */
    ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 3);
    ID3D12GraphicsCommandList_EndQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 3);
    ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 3, 1, buffer, 8);
    check_query_close(&ctx, S_OK);

    /* ResolveQueryData: range, destination buffer, 8-byte alignment, space. */
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP,
               3, 2, buffer, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP,
               5, 0, buffer, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP,
               0, 1, buffer, 4), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP,
               0, 4, buffer, 40), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP,
               0, 1, texture, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP,
               0, 1, NULL, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, statistics,
               D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1, buffer, 0), E_INVALIDARG);   /* 88 bytes */
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP,
               0, 4, buffer, 32), S_OK);
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP,
               4, 0, buffer, 64), S_OK);

    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(buffer);
    ID3D12QueryHeap_Release(copy_timestamps);
    ID3D12QueryHeap_Release(statistics);
    ID3D12QueryHeap_Release(occlusion);
    ID3D12QueryHeap_Release(timestamps);
    test_context_destroy(&ctx);
}
END_TEST

/* Microsoft's "Queries" page (Direct3D 12 documentation) sorts the rules: the debug layer
 * validates a second begin of a running query, an end before its begin and an end of
 * another type than the begin; the core runtime validates timestamps having no begin,
 * queries not spanning command lists, indices, types and heap compatibility. The first
 * kind is a message here, the list is kept, and the driver sees one matching pair. */
START_TEST(test_query_debug_layer_rules)
{
    struct async_message message;
    struct ddi_spy_call call;
    struct test_context ctx;
    ID3D12QueryHeap *occlusion;
    struct ddi_spy *spy;
    size_t index;

    async_enable_debug_layer();
    ck_assert_ptr_nonnull(spy = ddi_spy_create(NULL, false));
    rt_testing_set_driver_spy(spy);
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    occlusion = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2);
    async_clear_messages(ctx.device);
    ddi_spy_clear(spy);

    ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 1);
    ck_assert_uint_eq(async_message_count(ctx.device), 0);
    ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 1);
    check_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS,
                  &message);
    ck_assert_ptr_nonnull(strstr(message.text, "BeginQuery"));
    async_clear_messages(ctx.device);
    ID3D12GraphicsCommandList_EndQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
    check_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS,
                  &message);
    ck_assert_ptr_nonnull(strstr(message.text, "EndQuery"));
    async_clear_messages(ctx.device);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    ck_assert_uint_eq(async_message_count(ctx.device), 0);

    ck_assert_uint_eq(ddi_spy_count(spy, "BeginQuery"), 1);
    ck_assert_uint_eq(ddi_spy_count(spy, "EndQuery"), 1);
    index = ddi_spy_find(spy, 0, "EndQuery");
    ck_assert(ddi_spy_get_call(spy, index, &call));
    ck_assert_msg(strstr(call.args, "Type=0,"), "EndQuery reached the driver as %s", call.args);

    ID3D12QueryHeap_Release(occlusion);
    test_context_destroy(&ctx);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

/* Which queue types run which queries, and bundles none. */
START_TEST(test_query_list_types)
{
    ID3D12QueryHeap *timestamps, *copy_timestamps, *occlusion, *statistics, *so;
    ID3D12CommandAllocator *bundle_allocator;
    ID3D12GraphicsCommandList *bundle;
    struct test_context ctx, copy;
    ID3D12Resource *buffer;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    timestamps = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 2);
    copy_timestamps = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP, 2);
    occlusion = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2);
    statistics = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 2);
    so = create_query_heap(ctx.device, D3D12_QUERY_HEAP_TYPE_SO_STATISTICS, 2);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 512, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);

    /* Compute: timestamps and pipeline statistics, no rasterizer queries. */
    check_call(&ctx, (ID3D12GraphicsCommandList_BeginQuery(ctx.list, statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS,
               0), ID3D12GraphicsCommandList_EndQuery(ctx.list, statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0)),
               S_OK);
    check_call(&ctx, ID3D12GraphicsCommandList_BeginQuery(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_BeginQuery(ctx.list, so, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1, 0),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0,
               1, buffer, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 1), S_OK);

    /* Copy: timestamps only, into (and resolved from) COPY_QUEUE_TIMESTAMP heaps. */
    copy = ctx;
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_COPY,
                     &IID_ID3D12CommandAllocator, (void **)&copy.allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_COPY, copy.allocator,
                     NULL, &IID_ID3D12GraphicsCommandList, (void **)&copy.list), S_OK);
    check_call(&copy, ID3D12GraphicsCommandList_EndQuery(copy.list, copy_timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0),
               S_OK);
    check_call(&copy, ID3D12GraphicsCommandList_EndQuery(copy.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0),
               E_INVALIDARG);
    check_call(&copy, ID3D12GraphicsCommandList_ResolveQueryData(copy.list, timestamps, D3D12_QUERY_TYPE_TIMESTAMP,
               0, 1, buffer, 0), E_INVALIDARG);
    check_call(&copy, ID3D12GraphicsCommandList_ResolveQueryData(copy.list, copy_timestamps,
               D3D12_QUERY_TYPE_TIMESTAMP, 0, 2, buffer, 0), S_OK);
    check_call(&copy, ID3D12GraphicsCommandList_BeginQuery(copy.list, statistics,
               D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0), E_INVALIDARG);
    ID3D12GraphicsCommandList_Release(copy.list);
    ID3D12CommandAllocator_Release(copy.allocator);

    /* Bundles: no queries at all. */
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_BUNDLE,
                     &IID_ID3D12CommandAllocator, (void **)&bundle_allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundle_allocator,
                     NULL, &IID_ID3D12GraphicsCommandList, (void **)&bundle), S_OK);
    ID3D12GraphicsCommandList_EndQuery(bundle, timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), E_INVALIDARG);
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(bundle_allocator);

    ID3D12Resource_Release(buffer);
    ID3D12QueryHeap_Release(so);
    ID3D12QueryHeap_Release(statistics);
    ID3D12QueryHeap_Release(occlusion);
    ID3D12QueryHeap_Release(copy_timestamps);
    ID3D12QueryHeap_Release(timestamps);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Command signatures ------------------------------------------------------------------ */

/* Root parameters: 4 constants, a CBV, an SRV, a UAV. */
static ID3D12RootSignature *create_indirect_root_signature(ID3D12Device *device)
{
    D3D12_ROOT_PARAMETER parameters[4];
    D3D12_ROOT_SIGNATURE_DESC desc;
    ID3D12RootSignature *root_signature;
    ID3DBlob *blob;
    unsigned int i;

    memset(parameters, 0, sizeof(parameters));
    parameters[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    parameters[0].Constants.Num32BitValues = 4;
    parameters[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
    parameters[1].Descriptor.ShaderRegister = 1;
    parameters[2].ParameterType = D3D12_ROOT_PARAMETER_TYPE_SRV;
    parameters[3].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
    for (i = 0; i < ARRAY_SIZE(parameters); ++i)
        parameters[i].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    memset(&desc, 0, sizeof(desc));
    desc.NumParameters = ARRAY_SIZE(parameters);
    desc.pParameters = parameters;
    ck_assert_int_eq(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1, &blob, NULL), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
                     ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&root_signature), S_OK);
    ID3D10Blob_Release(blob);
    return root_signature;
}

static HRESULT create_signature(ID3D12Device *device, const D3D12_INDIRECT_ARGUMENT_DESC *args, UINT count,
                                UINT stride, ID3D12RootSignature *root_signature, ID3D12CommandSignature **out)
{
    D3D12_COMMAND_SIGNATURE_DESC desc = {stride, count, args, 0};
    void *object = (void *)(uintptr_t)0xdeadbeef;
    HRESULT hr;

    hr = ID3D12Device_CreateCommandSignature(device, &desc, root_signature, &IID_ID3D12CommandSignature, &object);
    ck_assert(SUCCEEDED(hr) || !object);
    if (out)
        *out = object;
    else if (object)
        ID3D12CommandSignature_Release((ID3D12CommandSignature *)object);
    return hr;
}

#define ARG(type) {D3D12_INDIRECT_ARGUMENT_TYPE_##type, {{0}}}

START_TEST(test_command_signature_create)
{
    D3D12_INDIRECT_ARGUMENT_DESC args[4];
    D3D12_COMMAND_SIGNATURE_DESC desc;
    ID3D12RootSignature *root_signature, *held;
    ID3D12CommandSignature *signature;
    struct test_context ctx;
    ID3D12Device *other;
    ULONG refcount;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    root_signature = create_indirect_root_signature(ctx.device);
    memset(args, 0, sizeof(args));

    /* One draw, indexed draw or dispatch, last; strides cover the packed arguments. */
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 16, NULL, &signature), S_OK);
    ck_assert_int_eq(ID3D12CommandSignature_GetDevice(signature, &IID_ID3D12Device, (void **)&other), S_OK);
    ck_assert_ptr_eq(other, ctx.device);
    ID3D12Device_Release(other);
    ck_assert_uint_eq(ID3D12CommandSignature_Release(signature), 0);
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 12, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 18, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 64, NULL, NULL), S_OK);
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED;
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 16, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 20, NULL, NULL), S_OK);
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 12, NULL, NULL), S_OK);
    args[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    ck_assert_int_eq(create_signature(ctx.device, args, 2, 24, NULL, NULL), E_INVALIDARG);
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW;
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 16, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(create_signature(ctx.device, args, 0, 16, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(create_signature(ctx.device, NULL, 1, 16, NULL, NULL), E_INVALIDARG);
    args[0].Type = (D3D12_INDIRECT_ARGUMENT_TYPE)11;
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 16, NULL, NULL), E_INVALIDARG);
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS;
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 128, NULL, NULL), DXGI_ERROR_UNSUPPORTED);
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH;
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 12, NULL, NULL), DXGI_ERROR_UNSUPPORTED);

    /* Vertex and index buffer views: draws only, the index buffer with indexed draws,
     * each slot once. */
    memset(args, 0, sizeof(args));
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW;
    args[0].VertexBuffer.Slot = 3;
    args[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW;
    args[2].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED;
    ck_assert_int_eq(create_signature(ctx.device, args, 3, 52, NULL, NULL), S_OK);
    ck_assert_int_eq(create_signature(ctx.device, args, 3, 48, NULL, NULL), E_INVALIDARG);
    args[2].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
    ck_assert_int_eq(create_signature(ctx.device, args, 3, 64, NULL, NULL), E_INVALIDARG);
    args[1] = args[0];
    ck_assert_int_eq(create_signature(ctx.device, args, 3, 64, NULL, NULL), E_INVALIDARG);
    args[1].VertexBuffer.Slot = 32;
    ck_assert_int_eq(create_signature(ctx.device, args, 3, 64, NULL, NULL), E_INVALIDARG);
    args[1].VertexBuffer.Slot = 31;
    ck_assert_int_eq(create_signature(ctx.device, args, 3, 48, NULL, NULL), S_OK);
    args[2].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    ck_assert_int_eq(create_signature(ctx.device, args, 3, 64, NULL, NULL), E_INVALIDARG);

    /* Root arguments: a root signature exactly when there are some, parameters of the
     * right type, constants inside theirs, each set once. */
    memset(args, 0, sizeof(args));
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT;
    args[0].Constant.RootParameterIndex = 0;
    args[0].Constant.DestOffsetIn32BitValues = 1;
    args[0].Constant.Num32BitValuesToSet = 3;
    args[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW;
    args[1].ConstantBufferView.RootParameterIndex = 1;
    args[2].Type = D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW;
    args[2].UnorderedAccessView.RootParameterIndex = 3;
    args[3].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 40, root_signature, &signature), S_OK);
    /* The signature keeps its root signature with an internal reference: the count the
     * application sees stays 1, as a pipeline leaves it on Windows (vkd3d-proton's
     * test_create_compute_pipeline_state, run on Windows). The root signature outlives the
     * application's last Release while the signature holds it. */
    ID3D12RootSignature_AddRef(root_signature);
    refcount = ID3D12RootSignature_Release(root_signature);
    ck_assert_uint_eq(refcount, 1);
    held = create_indirect_root_signature(ctx.device);
    ck_assert_ptr_eq(held, root_signature);   /* the same blob: the same object */
    ck_assert_uint_eq(ID3D12RootSignature_Release(held), 1);
    ID3D12CommandSignature_Release(signature);
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 36, root_signature, NULL), E_INVALIDARG);
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 40, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(create_signature(ctx.device, args + 3, 1, 12, root_signature, NULL), E_INVALIDARG);
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 40, (ID3D12RootSignature *)ctx.queue, NULL),
                     E_INVALIDARG);
    args[0].Constant.Num32BitValuesToSet = 4;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 44, root_signature, NULL), E_INVALIDARG);
    args[0].Constant.Num32BitValuesToSet = 0;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 44, root_signature, NULL), E_INVALIDARG);
    args[0].Constant.Num32BitValuesToSet = 1;
    args[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT;
    args[1].Constant.RootParameterIndex = 0;
    args[1].Constant.DestOffsetIn32BitValues = 1;
    args[1].Constant.Num32BitValuesToSet = 1;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 44, root_signature, NULL), E_INVALIDARG);
    /* Sorted: a parameter's constants by offset, parameters by index. */
    args[1].Constant.DestOffsetIn32BitValues = 0;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 44, root_signature, NULL), E_INVALIDARG);
    args[1].Constant.DestOffsetIn32BitValues = 2;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 44, root_signature, NULL), S_OK);
    args[0].Constant.RootParameterIndex = 1;
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 48, root_signature, NULL), E_INVALIDARG);
    args[0] = args[1];
    args[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW;
    args[1].ConstantBufferView.RootParameterIndex = 1;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 48, root_signature, NULL), S_OK);
    args[0].Constant.DestOffsetIn32BitValues = 0;
    args[0].Constant.Num32BitValuesToSet = 1;
    args[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW;
    args[1].ShaderResourceView.RootParameterIndex = 3;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 44, root_signature, NULL), E_INVALIDARG);
    args[1].ShaderResourceView.RootParameterIndex = 4;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 44, root_signature, NULL), E_INVALIDARG);
    args[1].ShaderResourceView.RootParameterIndex = 2;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 44, root_signature, NULL), S_OK);
    args[2].UnorderedAccessView.RootParameterIndex = 2;
    ck_assert_int_eq(create_signature(ctx.device, args, 4, 44, root_signature, NULL), E_INVALIDARG);

    /* Node mask, NULL output. */
    memset(&desc, 0, sizeof(desc));
    desc.ByteStride = 12;
    desc.NumArgumentDescs = 1;
    desc.pArgumentDescs = args + 3;
    desc.NodeMask = 2;
    ck_assert_int_eq(ID3D12Device_CreateCommandSignature(ctx.device, &desc, NULL, &IID_ID3D12CommandSignature,
                     (void **)&signature), E_INVALIDARG);
    desc.NodeMask = 1;
    ck_assert_int_eq(ID3D12Device_CreateCommandSignature(ctx.device, &desc, NULL, &IID_ID3D12CommandSignature,
                     NULL), S_FALSE);
    ck_assert_int_eq(ID3D12Device_CreateCommandSignature(ctx.device, NULL, NULL, &IID_ID3D12CommandSignature,
                     (void **)&signature), E_INVALIDARG);

    ID3D12RootSignature_Release(root_signature);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_execute_indirect)
{
    D3D12_INDIRECT_ARGUMENT_DESC args[2];
    ID3D12CommandSignature *draw, *dispatch, *constants;
    ID3D12RootSignature *root_signature;
    ID3D12Resource *buffer, *texture;
    D3D12_RESOURCE_DESC texture_desc;
    struct test_context ctx, compute;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    root_signature = create_indirect_root_signature(ctx.device);
    memset(args, 0, sizeof(args));
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 32, NULL, &draw), S_OK);
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    ck_assert_int_eq(create_signature(ctx.device, args, 1, 12, NULL, &dispatch), S_OK);
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT;
    args[0].Constant.Num32BitValuesToSet = 4;
    args[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
    ck_assert_int_eq(create_signature(ctx.device, args, 2, 32, root_signature, &constants), S_OK);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    texture_desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    texture = create_texture(ctx.device, &texture_desc, D3D12_RESOURCE_STATE_COMMON);

    /* Valid calls pass validation and reach the driver: 8 draws of 32 bytes, the last
     * one 16. */
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, draw, 8, buffer, 16, NULL, 0), S_OK);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, draw, 8, buffer, 16, buffer, 252),
               S_OK);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, draw, 0, NULL, 0, NULL, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, dispatch, 21, buffer, 0, NULL, 0),
               S_OK);
    /* The arguments and the count must lie in buffers, 4-byte aligned. */
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, draw, 8, buffer, 20, NULL, 0),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, draw, 8, buffer, 18, NULL, 0),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, dispatch, 22, buffer, 0, NULL, 0),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, draw, 1, texture, 0, NULL, 0),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, draw, 1, buffer, 0, buffer, 254),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, draw, 1, buffer, 0, buffer, 256),
               E_INVALIDARG);
    /* Signatures: this device's; root arguments into the bound root signature. */
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, NULL, 1, buffer, 0, NULL, 0),
               E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, (ID3D12CommandSignature *)buffer, 1,
               buffer, 0, NULL, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, constants, 1, buffer, 0, NULL, 0),
               E_INVALIDARG);
    check_call(&ctx, (ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, root_signature),
               ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, constants, 1, buffer, 0, NULL, 0)), E_INVALIDARG);
    check_call(&ctx, (ID3D12GraphicsCommandList_SetGraphicsRootSignature(ctx.list, root_signature),
               ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, constants, 1, buffer, 0, NULL, 0)), S_OK);

    /* Compute lists dispatch, and do not draw. */
    compute = ctx;
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_COMPUTE,
                     &IID_ID3D12CommandAllocator, (void **)&compute.allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_COMPUTE,
                     compute.allocator, NULL, &IID_ID3D12GraphicsCommandList, (void **)&compute.list), S_OK);
    check_call(&compute, ID3D12GraphicsCommandList_ExecuteIndirect(compute.list, dispatch, 1, buffer, 0, NULL, 0),
               S_OK);
    check_call(&compute, ID3D12GraphicsCommandList_ExecuteIndirect(compute.list, draw, 1, buffer, 0, NULL, 0),
               E_INVALIDARG);
    ID3D12GraphicsCommandList_Release(compute.list);
    ID3D12CommandAllocator_Release(compute.allocator);

    /* Bundles: no count buffer, a signature of one argument (IndirectDrawing.md). */
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_BUNDLE,
                     &IID_ID3D12CommandAllocator, (void **)&compute.allocator), S_OK);
    for (i = 0; i < 3; ++i)
    {
        ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_BUNDLE,
                         compute.allocator, NULL, &IID_ID3D12GraphicsCommandList, (void **)&compute.list), S_OK);
        ID3D12GraphicsCommandList_SetGraphicsRootSignature(compute.list, root_signature);
        ID3D12GraphicsCommandList_ExecuteIndirect(compute.list, i == 2 ? constants : draw, 1, buffer, 0,
                                                  i == 1 ? buffer : NULL, 0);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Close(compute.list), (i ? E_INVALIDARG : S_OK));
        ID3D12GraphicsCommandList_Release(compute.list);
    }
    ID3D12CommandAllocator_Release(compute.allocator);

    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(buffer);
    ID3D12CommandSignature_Release(constants);
    ID3D12CommandSignature_Release(dispatch);
    ID3D12CommandSignature_Release(draw);
    ID3D12RootSignature_Release(root_signature);
    test_context_destroy(&ctx);
}
END_TEST

/* The messages: CreateCommandSignature's refusal names the argument out of order;
 * ExecuteIndirect's names its rule and removes the list with E_INVALIDARG. */
START_TEST(test_execute_indirect_messages)
{
    D3D12_INDIRECT_ARGUMENT_DESC args[3];
    ID3D12CommandSignature *draw;
    ID3D12RootSignature *root_signature;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *bundle;
    struct async_message message;
    struct test_context ctx;
    ID3D12Resource *buffer;

    async_enable_debug_layer();
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    root_signature = create_indirect_root_signature(ctx.device);
    memset(args, 0, sizeof(args));
    args[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW;
    args[0].ConstantBufferView.RootParameterIndex = 1;
    args[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT;
    args[1].Constant.Num32BitValuesToSet = 1;
    args[2].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
    async_clear_messages(ctx.device);
    ck_assert_int_eq(create_signature(ctx.device, args, 3, 28, root_signature, NULL), E_INVALIDARG);
    ck_assert_uint_eq(async_message_count(ctx.device), 1);
    async_get_message(ctx.device, 0, &message);
    ck_assert_int_eq(message.category, D3D12_MESSAGE_CATEGORY_STATE_CREATION);
    ck_assert_int_eq(message.id, D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID);
    ck_assert_msg(strstr(message.text, "argument 1: root arguments must be sorted"), "%s", message.text);

    ck_assert_int_eq(create_signature(ctx.device, args + 2, 1, 16, NULL, &draw), S_OK);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, D3D12_COMMAND_LIST_TYPE_BUNDLE,
                     &IID_ID3D12CommandAllocator, (void **)&allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_BUNDLE, allocator, NULL,
                     &IID_ID3D12GraphicsCommandList, (void **)&bundle), S_OK);
    async_clear_messages(ctx.device);
    ID3D12GraphicsCommandList_ExecuteIndirect(bundle, draw, 1, buffer, 0, buffer, 16);
    check_message(ctx.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_EXECUTE_INDIRECT_INVALID_PARAMETERS,
                  &message);
    ck_assert_msg(strstr(message.text, "ExecuteIndirect: in a bundle, only without a count buffer"), "%s",
                  message.text);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), E_INVALIDARG);

    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(allocator);
    ID3D12Resource_Release(buffer);
    ID3D12CommandSignature_Release(draw);
    ID3D12RootSignature_Release(root_signature);
    test_context_destroy(&ctx);
}
END_TEST

Suite *query_suite(void)
{
    Suite *suite = suite_create("queries");
    TCase *tc = tcase_create("heaps");

    tcase_add_test(tc, test_query_heap_create);
    suite_add_tcase(suite, tc);
    tc = tcase_create("results");
    tcase_add_test(tc, test_timestamps_direct);
    tcase_add_test(tc, test_timestamps_compute);
    tcase_add_test(tc, test_timestamps_copy);
    tcase_add_test(tc, test_counters_resolve);
    suite_add_tcase(suite, tc);
    tc = tcase_create("recording");
    tcase_add_test(tc, test_query_errors);
    tcase_add_test(tc, test_query_debug_layer_rules);
    tcase_add_test(tc, test_query_list_types);
    suite_add_tcase(suite, tc);
    tc = tcase_create("command signatures");
    tcase_add_test(tc, test_command_signature_create);
    tcase_add_test(tc, test_execute_indirect);
    tcase_add_test(tc, test_execute_indirect_messages);
    suite_add_tcase(suite, tc);
    return suite;
}

TEST_MAIN(query_suite())
