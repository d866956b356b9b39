/*
 * Command allocators, command lists and queues: lifetimes, QueryInterface chains,
 * Close/Reset rules, list-type rules and every validation error of the recording
 * methods, each with the HRESULT Close reports; barriers as the driver receives them
 * (through the DDI spy); the Async Commands on devices that cannot run them.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_device.h"
#include "test_config_guard.h"
#include "rt_adapter.h"
#include "rt_cmdlist.h"
#include "ddi_spy.h"
#include "test_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static const D3D12_COMMAND_LIST_TYPE all_types[] =
{
    D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_BUNDLE,
    D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY,
};

/* ---- Spy-wrapped contexts -------------------------------------------------------------- */

static struct ddi_spy *spy_install(bool hide_enhanced_barriers, bool hide_async)
{
    struct ddi_spy_masks masks = {0};
    struct ddi_spy *spy;

    masks.max_tiled_resources_tier = -1;
    masks.hide_enhanced_barriers = hide_enhanced_barriers;
    masks.hide_async_commands = hide_async;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(spy);
    return spy;
}

static void spy_remove(struct ddi_spy *spy)
{
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}

/* The text the spy logged for the last call of an entry. */
static const char *spy_last_args(struct ddi_spy *spy, const char *name, struct ddi_spy_call *call)
{
    size_t i = ddi_spy_call_count(spy);

    while (i--)
    {
        ck_assert(ddi_spy_get_call(spy, i, call));
        if (!strcmp(call->name, name))
            return call->args;
    }
    ck_abort_msg("no %s call was logged", name);
    return NULL;
}

static D3D12_ASYNC_COMMANDS_IMPL async_impl(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_ASYNC_COMMANDS data = {0};

    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_ASYNC_COMMANDS, &data, sizeof(data)),
                     S_OK);
    return data.Impl;
}

#define check_close(ctx, expected) check_close_(__LINE__, ctx, expected)
static void check_close_(unsigned int line, struct test_context *ctx, HRESULT expected)
{
    HRESULT hr = ID3D12GraphicsCommandList_Close(ctx->list);

    ck_assert_msg(hr == expected, "line %u: Close returned %#x, expected %#x", line, (unsigned int)hr,
                  (unsigned int)expected);
}

static ID3D12Resource *create_texture_2d(ID3D12Device *device, UINT width, UINT height, UINT mips, UINT layers,
                                         DXGI_FORMAT format, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(format, width, height, layers, mips, 1, flags);

    return create_texture(device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

static ID3D12CommandAllocator *create_allocator(ID3D12Device *device, D3D12_COMMAND_LIST_TYPE type)
{
    ID3D12CommandAllocator *allocator;

    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(device, type, &IID_ID3D12CommandAllocator,
                                                         (void **)&allocator), S_OK);
    return allocator;
}

static ID3D12GraphicsCommandList *create_list(ID3D12Device *device, D3D12_COMMAND_LIST_TYPE type,
                                              ID3D12CommandAllocator *allocator)
{
    ID3D12GraphicsCommandList *list;

    ck_assert_int_eq(ID3D12Device_CreateCommandList(device, 0, type, allocator, NULL, &IID_ID3D12GraphicsCommandList,
                                                    (void **)&list), S_OK);
    return list;
}

/* ---- Objects --------------------------------------------------------------------------- */

START_TEST(test_list_interfaces)
{
    static const IID *const iids[] =
    {
        &IID_ID3D12GraphicsCommandList12, &IID_ID3D12GraphicsCommandList11, &IID_ID3D12GraphicsCommandList10,
        &IID_ID3D12GraphicsCommandList9, &IID_ID3D12GraphicsCommandList8, &IID_ID3D12GraphicsCommandList7,
        &IID_ID3D12GraphicsCommandList6, &IID_ID3D12GraphicsCommandList5, &IID_ID3D12GraphicsCommandList4,
        &IID_ID3D12GraphicsCommandList3, &IID_ID3D12GraphicsCommandList2, &IID_ID3D12GraphicsCommandList1,
        &IID_ID3D12GraphicsCommandList, &IID_ID3D12CommandList, &IID_ID3D12DeviceChild, &IID_ID3D12Object,
        &IID_IUnknown,
    };
    struct ddi_spy *spy = spy_install(false, true);
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    struct test_context ctx;
    unsigned int i, j;
    void *object;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(async_impl(ctx.device), D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED);
    for (i = 0; i < RT_ARRAY_SIZE(all_types); ++i)
    {
        ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, all_types[i], &IID_ID3D12CommandAllocator,
                                                             (void **)&allocator), S_OK);
        ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, all_types[i], allocator, NULL,
                                                        &IID_ID3D12GraphicsCommandList, (void **)&list), S_OK);
        ck_assert_int_eq(ID3D12GraphicsCommandList_GetType(list), all_types[i]);
        for (j = 0; j < RT_ARRAY_SIZE(iids); ++j)
        {
            ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(list, iids[j], &object), S_OK);
            ck_assert_ptr_eq(object, list);
            IUnknown_Release((IUnknown *)object);
        }
        /* NOT_SUPPORTED: the preview interface does not exist. */
        object = (void *)0xdeadbeef;
        ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(list, &IID_ID3D12CommandListAsyncCommands, &object),
                         E_NOINTERFACE);
        ck_assert_ptr_null(object);
        ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(list, &IID_ID3D12CommandAllocator, &object),
                         E_NOINTERFACE);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Release(list), 0);
        ck_assert_int_eq(ID3D12CommandAllocator_Release(allocator), 0);
    }
    test_context_destroy(&ctx);
    spy_remove(spy);
}
END_TEST

START_TEST(test_other_interfaces)
{
    struct test_context ctx;
    ID3D12Device *device;
    void *object;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12CommandAllocator_QueryInterface(ctx.allocator, &IID_ID3D12Pageable, &object), S_OK);
    ck_assert_ptr_eq(object, ctx.allocator);
    IUnknown_Release((IUnknown *)object);
    ck_assert_int_eq(ID3D12CommandAllocator_QueryInterface(ctx.allocator, &IID_ID3D12Fence, &object), E_NOINTERFACE);
    ck_assert_int_eq(ID3D12CommandQueue_QueryInterface(ctx.queue, &IID_ID3D12CommandQueue1, &object), S_OK);
    ck_assert_ptr_eq(object, ctx.queue);
    IUnknown_Release((IUnknown *)object);
    ck_assert_int_eq(ID3D12CommandQueue_QueryInterface(ctx.queue, &IID_ID3D12DeviceChild, &object), S_OK);
    IUnknown_Release((IUnknown *)object);
    ck_assert_int_eq(ID3D12Fence_QueryInterface(ctx.fence, &IID_ID3D12Fence1, &object), S_OK);
    ck_assert_ptr_eq(object, ctx.fence);
    IUnknown_Release((IUnknown *)object);
    ck_assert_int_eq(ID3D12Fence_QueryInterface(ctx.fence, &IID_ID3D12Pageable, &object), S_OK);
    IUnknown_Release((IUnknown *)object);
    ck_assert_int_eq(ID3D12Fence1_GetCreationFlags((ID3D12Fence1 *)ctx.fence), D3D12_FENCE_FLAG_NONE);

    /* Every child hands out its device. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_GetDevice(ctx.list, &IID_ID3D12Device, (void **)&device), S_OK);
    ck_assert_ptr_eq(device, ctx.device);
    ID3D12Device_Release(device);
    ck_assert_int_eq(ID3D12CommandQueue_GetDevice(ctx.queue, &IID_ID3D12Device, (void **)&device), S_OK);
    ck_assert_ptr_eq(device, ctx.device);
    ID3D12Device_Release(device);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_refcounts)
{
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    struct test_context ctx;
    ULONG before;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    before = get_refcount(ctx.device);
    allocator = create_allocator(ctx.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_uint_eq(get_refcount(ctx.device), before + 1);
    list = create_list(ctx.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    ck_assert_uint_eq(get_refcount(ctx.device), before + 2);
    ck_assert_uint_eq(get_refcount(list), 1);
    ck_assert_uint_eq(ID3D12GraphicsCommandList_AddRef(list), 2);
    ck_assert_uint_eq(ID3D12GraphicsCommandList_Release(list), 1);

    /* The recording list keeps its allocator alive: releasing it first is safe. */
    ck_assert_int_eq(ID3D12CommandAllocator_Release(allocator), 0);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(list), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Release(list), 0);
    ck_assert_uint_eq(get_refcount(ctx.device), before);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Close and Reset ------------------------------------------------------------------- */

START_TEST(test_close_reset)
{
    ID3D12CommandAllocator *compute_allocator, *second_allocator;
    ID3D12GraphicsCommandList *second;
    struct test_context ctx;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    compute_allocator = create_allocator(ctx.device, D3D12_COMMAND_LIST_TYPE_COMPUTE);

    /* Recording: Reset refuses, and so does the allocator. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), E_FAIL);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), E_FAIL);
    /* A second list cannot record into a busy allocator. */
    second = (void *)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, ctx.allocator,
                                                    NULL, &IID_ID3D12GraphicsCommandList, (void **)&second),
                     E_INVALIDARG);
    ck_assert_ptr_null(second);

    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), E_FAIL);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, compute_allocator, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);

    /* The allocator is busy again: another list's Reset onto it fails. */
    second_allocator = create_allocator(ctx.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    second = create_list(ctx.device, D3D12_COMMAND_LIST_TYPE_DIRECT, second_allocator);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(second), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(second, ctx.allocator, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(second, second_allocator, NULL), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(second), S_OK);

    ID3D12GraphicsCommandList_Release(second);
    ID3D12CommandAllocator_Release(second_allocator);
    ID3D12CommandAllocator_Release(compute_allocator);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_create_errors)
{
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList1 *closed;
    ID3D12GraphicsCommandList *list;
    ID3D12Device4 *device4;
    struct test_context ctx;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(ctx.device, (D3D12_COMMAND_LIST_TYPE)7,
                                                         &IID_ID3D12CommandAllocator, (void **)&allocator),
                     E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, NULL, NULL,
                                                    &IID_ID3D12GraphicsCommandList, (void **)&list), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 0, D3D12_COMMAND_LIST_TYPE_COPY, ctx.allocator, NULL,
                                                    &IID_ID3D12GraphicsCommandList, (void **)&list), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(ctx.device, 2, D3D12_COMMAND_LIST_TYPE_DIRECT, ctx.allocator,
                                                    NULL, &IID_ID3D12GraphicsCommandList, (void **)&list),
                     E_INVALIDARG);

    /* CreateCommandList1: closed, no allocator until Reset. */
    ck_assert_int_eq(ID3D12Device_QueryInterface(ctx.device, &IID_ID3D12Device4, (void **)&device4), S_OK);
    ck_assert_int_eq(ID3D12Device4_CreateCommandList1(device4, 0, D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                      (D3D12_COMMAND_LIST_FLAGS)1, &IID_ID3D12GraphicsCommandList1,
                                                      (void **)&closed), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device4_CreateCommandList1(device4, 0, D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                      D3D12_COMMAND_LIST_FLAG_NONE, &IID_ID3D12GraphicsCommandList1,
                                                      (void **)&closed), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList1_Close(closed), E_FAIL);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList1_Reset(closed, ctx.allocator, NULL), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList1_Close(closed), S_OK);
    ID3D12GraphicsCommandList1_Release(closed);
    ID3D12Device4_Release(device4);

    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_queue_basics)
{
    D3D12_COMMAND_QUEUE_DESC desc = {0}, got;
    ID3D12CommandQueue *queue;
    struct test_context ctx;
    UINT64 frequency = 0, gpu, cpu;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_COPY);
    got = ID3D12CommandQueue_GetDesc(ctx.queue);
    ck_assert_int_eq(got.Type, D3D12_COMMAND_LIST_TYPE_COPY);
    ck_assert_int_eq(got.Priority, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL);

    desc.Type = D3D12_COMMAND_LIST_TYPE_BUNDLE;
    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(ctx.device, &desc, &IID_ID3D12CommandQueue, (void **)&queue),
                     E_INVALIDARG);
    desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    desc.Priority = 7;
    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(ctx.device, &desc, &IID_ID3D12CommandQueue, (void **)&queue),
                     E_INVALIDARG);
    desc.Priority = D3D12_COMMAND_QUEUE_PRIORITY_HIGH;
    desc.Flags = 0x10;
    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(ctx.device, &desc, &IID_ID3D12CommandQueue, (void **)&queue),
                     E_INVALIDARG);

    ck_assert_int_eq(ID3D12CommandQueue_Signal(ctx.queue, NULL, 1), E_INVALIDARG);
    ck_assert_int_eq(ID3D12CommandQueue_Wait(ctx.queue, NULL, 1), E_INVALIDARG);
    ck_assert_int_eq(ID3D12CommandQueue_GetTimestampFrequency(ctx.queue, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12CommandQueue_GetTimestampFrequency(ctx.queue, &frequency), S_OK);
    ck_assert_uint_ne(frequency, 0);
    ck_assert_int_eq(ID3D12CommandQueue_GetClockCalibration(ctx.queue, &gpu, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12CommandQueue_GetClockCalibration(ctx.queue, &gpu, &cpu), S_OK);
    test_context_destroy(&ctx);
}
END_TEST

/* One node: a node mask of 0 or 1 reads back as 1 from every GetDesc, whatever the
 * application passed; 2 names a node that does not exist. The queue: vkd3d's
 * test_create_command_queue, written to pass on Windows, creates queues with 0 and
 * reads 1; heaps: its check_heap_properties expects 0 to read as 1. Descriptor heaps
 * follow the same rule (the multi-adapter documentation lists all three as node masks
 * of one node). */
START_TEST(test_node_masks)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12DescriptorHeap *descriptor_heap;
    D3D12_HEAP_DESC memory_desc;
    ID3D12CommandQueue *queue;
    struct test_context ctx;
    ID3D12Heap *heap;
    UINT mask;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    for (mask = 0; mask <= 1; ++mask)
    {
        desc.NodeMask = mask;
        ck_assert_int_eq(ID3D12Device_CreateCommandQueue(ctx.device, &desc, &IID_ID3D12CommandQueue,
                                                         (void **)&queue), S_OK);
        ck_assert_uint_eq(ID3D12CommandQueue_GetDesc(queue).NodeMask, 1);
        ID3D12CommandQueue_Release(queue);

        heap_desc.NodeMask = mask;
        ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(ctx.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                           (void **)&descriptor_heap), S_OK);
        ck_assert_uint_eq(ID3D12DescriptorHeap_GetDesc(descriptor_heap).NodeMask, 1);
        ID3D12DescriptorHeap_Release(descriptor_heap);

        memset(&memory_desc, 0, sizeof(memory_desc));
        memory_desc.SizeInBytes = 65536;
        memory_desc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
        memory_desc.Properties.CreationNodeMask = memory_desc.Properties.VisibleNodeMask = mask;
        ck_assert_int_eq(ID3D12Device_CreateHeap(ctx.device, &memory_desc, &IID_ID3D12Heap, (void **)&heap), S_OK);
        memory_desc = ID3D12Heap_GetDesc(heap);
        ck_assert_uint_eq(memory_desc.Properties.CreationNodeMask, 1);
        ck_assert_uint_eq(memory_desc.Properties.VisibleNodeMask, 1);
        ID3D12Heap_Release(heap);
    }
    desc.NodeMask = 2;
    queue = (ID3D12CommandQueue *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(ctx.device, &desc, &IID_ID3D12CommandQueue, (void **)&queue),
                     E_INVALIDARG);
    ck_assert_ptr_null(queue);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- List-type rules ------------------------------------------------------------------- */

START_TEST(test_list_type_rules)
{
    static const FLOAT color[4] = {0};
    D3D12_CPU_DESCRIPTOR_HANDLE rtv = {0};
    struct test_context ctx;
    ID3D12Resource *a, *b;

    /* Copy lists: no draws, dispatches, clears, state or resolves. */
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_COPY);
    ID3D12GraphicsCommandList_DrawInstanced(ctx.list, 3, 1, 0, 0);
    check_close(&ctx, E_INVALIDARG);
    /* A removed list still closes; Reset clears the failure. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, rtv, color, 0, NULL);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(ctx.list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    check_close(&ctx, E_INVALIDARG);
    test_context_destroy(&ctx);

    /* Compute lists: no graphics state or draws. */
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    ID3D12GraphicsCommandList_RSSetViewports(ctx.list, 0, NULL);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_OMSetStencilRef(ctx.list, 1);
    check_close(&ctx, E_INVALIDARG);
    test_context_destroy(&ctx);

    /* Bundles: no copies, no barriers, no OM bindings. */
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_BUNDLE);
    a = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    b = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, a, 0, b, 0, 16);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    transition_resource(&ctx, a, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_OMSetRenderTargets(ctx.list, 0, NULL, FALSE, NULL);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    /* What bundles may record. */
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(ctx.list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D12GraphicsCommandList_OMSetStencilRef(ctx.list, 3);
    check_close(&ctx, S_OK);
    ID3D12Resource_Release(a);
    ID3D12Resource_Release(b);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Validation of copies ------------------------------------------------------------- */

START_TEST(test_copy_buffer_validation)
{
    ID3D12Resource *a, *b, *texture;
    struct test_context ctx;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    a = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    b = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 128, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    texture = create_texture_2d(ctx.device, 4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);

    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, a, 0, b, 0, 128);   /* valid */
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, a, 200, b, 0, 64);  /* dst past the end */
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, a, 0, b, 120, 16);  /* src past the end */
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, a, UINT64_MAX, b, 0, 2);   /* offset overflow */
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, texture, 0, b, 0, 16);   /* not a buffer */
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, NULL, 0, b, 0, 16);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    /* Intersecting ranges of one buffer: undefined, not invalid (test_cmdlist_features.c). */
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, a, 0, a, 8, 16);
    check_close(&ctx, S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);

    ID3D12GraphicsCommandList_CopyResource(ctx.list, a, b);   /* sizes differ */
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_CopyResource(ctx.list, a, a);   /* the same resource */
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_CopyResource(ctx.list, texture, b);   /* dimensions differ */
    check_close(&ctx, E_INVALIDARG);

    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    test_context_destroy(&ctx);
}
END_TEST

static void footprint_location(D3D12_TEXTURE_COPY_LOCATION *loc, ID3D12Resource *buffer, UINT64 offset,
                               DXGI_FORMAT format, UINT width, UINT height, UINT row_pitch)
{
    memset(loc, 0, sizeof(*loc));
    loc->pResource = buffer;
    loc->Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    loc->PlacedFootprint.Offset = offset;
    loc->PlacedFootprint.Footprint.Format = format;
    loc->PlacedFootprint.Footprint.Width = width;
    loc->PlacedFootprint.Footprint.Height = height;
    loc->PlacedFootprint.Footprint.Depth = 1;
    loc->PlacedFootprint.Footprint.RowPitch = row_pitch;
}

static void subresource_location(D3D12_TEXTURE_COPY_LOCATION *loc, ID3D12Resource *texture, UINT sub)
{
    memset(loc, 0, sizeof(*loc));
    loc->pResource = texture;
    loc->Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    loc->SubresourceIndex = sub;
}

#define check_texture_copy(ctx, dst, x, y, z, src, box, expected) \
    check_texture_copy_(__LINE__, ctx, dst, x, y, z, src, box, expected)
static void check_texture_copy_(unsigned int line, struct test_context *ctx, const D3D12_TEXTURE_COPY_LOCATION *dst,
                                UINT x, UINT y, UINT z, const D3D12_TEXTURE_COPY_LOCATION *src, const D3D12_BOX *box,
                                HRESULT expected)
{
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx->list, dst, x, y, z, src, box);
    check_close_(line, ctx, expected);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx->list, ctx->allocator, NULL), S_OK);
}

START_TEST(test_copy_texture_validation)
{
    ID3D12Resource *buffer, *texture, *bc, *r32, *other;
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    struct test_context ctx;
    D3D12_BOX box;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    texture = create_texture_2d(ctx.device, 16, 16, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);
    other = create_texture_2d(ctx.device, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);
    bc = create_texture_2d(ctx.device, 16, 16, 1, 1, DXGI_FORMAT_BC1_UNORM, D3D12_RESOURCE_FLAG_NONE);
    r32 = create_texture_2d(ctx.device, 16, 16, 1, 1, DXGI_FORMAT_R32_UINT, D3D12_RESOURCE_FLAG_NONE);

    subresource_location(&dst, texture, 0);
    footprint_location(&src, buffer, 0, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 256);
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, NULL, S_OK);
    /* Row pitch not a multiple of 256, offset not a multiple of 512. */
    footprint_location(&src, buffer, 0, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 128);
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, NULL, E_INVALIDARG);
    footprint_location(&src, buffer, 256, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 256);
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, NULL, E_INVALIDARG);
    /* The footprint does not fit in the buffer. */
    footprint_location(&src, buffer, 65536 - 512, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 256);
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, NULL, E_INVALIDARG);
    /* Format of another family. */
    footprint_location(&src, buffer, 0, DXGI_FORMAT_R16G16_FLOAT, 16, 16, 256);
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, NULL, E_INVALIDARG);
    /* Destination out of range: mip 1 is 8x8. */
    footprint_location(&src, buffer, 0, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 256);
    subresource_location(&dst, texture, 1);
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, NULL, E_INVALIDARG);
    box.left = 0; box.top = 0; box.front = 0; box.right = 4; box.bottom = 4; box.back = 1;
    check_texture_copy(&ctx, &dst, 6, 0, 0, &src, &box, E_INVALIDARG);
    check_texture_copy(&ctx, &dst, 4, 4, 0, &src, &box, S_OK);
    check_texture_copy(&ctx, &dst, 0, 0, 1, &src, &box, E_INVALIDARG);
    /* Subresource out of range. */
    subresource_location(&dst, texture, 2);
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, &box, E_INVALIDARG);
    /* Source box outside the source: refused (the copy would read past the source; the
     * debug layer's COPYTEXTUREREGION_INVALIDSRCBOX). Empty or inverted boxes, even
     * lying past the source, are no-ops (D3D12_BOX; test_copy.c reads the bytes back). */
    subresource_location(&dst, other, 0);
    subresource_location(&src, texture, 1);
    box.right = 9;
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, &box, E_INVALIDARG);
    box.right = 0;
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, &box, S_OK);
    box.left = 20; box.right = 12;
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, &box, S_OK);
    box.left = 0; box.right = 4; box.back = 0;
    check_texture_copy(&ctx, &dst, 15, 15, 0, &src, &box, S_OK);
    box.back = 1; box.right = 8;
    check_texture_copy(&ctx, &dst, 8, 8, 0, &src, &box, S_OK);
    /* Texture to texture of another family. */
    subresource_location(&dst, r32, 0);
    subresource_location(&src, other, 0);
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, NULL, E_INVALIDARG);
    /* Block-compressed: 4x4 alignment of the box and of the destination. */
    subresource_location(&dst, bc, 0);
    footprint_location(&src, buffer, 0, DXGI_FORMAT_BC1_UNORM, 16, 16, 256);
    box.left = 2; box.top = 0; box.right = 10; box.bottom = 4;
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, &box, E_INVALIDARG);
    box.left = 4; box.right = 8;
    check_texture_copy(&ctx, &dst, 2, 0, 0, &src, &box, E_INVALIDARG);
    check_texture_copy(&ctx, &dst, 4, 8, 0, &src, &box, S_OK);
    footprint_location(&src, buffer, 0, DXGI_FORMAT_BC1_UNORM, 6, 16, 256);
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, NULL, E_INVALIDARG);
    /* Two buffers, a NULL location, an invalid location type. */
    footprint_location(&dst, buffer, 0, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 256);
    footprint_location(&src, buffer, 32768, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 256);
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, NULL, E_INVALIDARG);
    check_texture_copy(&ctx, NULL, 0, 0, 0, &src, NULL, E_INVALIDARG);
    subresource_location(&dst, other, 0);
    src.Type = (D3D12_TEXTURE_COPY_TYPE)5;
    check_texture_copy(&ctx, &dst, 0, 0, 0, &src, NULL, E_INVALIDARG);

    ID3D12Resource_Release(r32);
    ID3D12Resource_Release(bc);
    ID3D12Resource_Release(other);
    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_other_recording_validation)
{
    D3D12_WRITEBUFFERIMMEDIATE_PARAMETER param;
    D3D12_CPU_DESCRIPTOR_HANDLE bogus = {0x1234};
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {0};
    ID3D12GraphicsCommandList2 *list2;
    ID3D12GraphicsCommandList4 *list4;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *buffer;
    struct test_context ctx;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList2,
                                                              (void **)&list2), S_OK);

    param.Dest = ID3D12Resource_GetGPUVirtualAddress(buffer) + 2;
    param.Value = 1;
    ID3D12GraphicsCommandList2_WriteBufferImmediate(list2, 1, &param, NULL);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);

    ID3D12GraphicsCommandList_SetPredication(ctx.list, buffer, 4, D3D12_PREDICATION_OP_EQUAL_ZERO);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_SetPredication(ctx.list, buffer, 256, D3D12_PREDICATION_OP_EQUAL_ZERO);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_SetPredication(ctx.list, NULL, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    check_close(&ctx, S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);

    ID3D12GraphicsCommandList_OMSetRenderTargets(ctx.list, 1, &bogus, FALSE, NULL);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, NULL);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(ctx.list, (D3D12_PRIMITIVE_TOPOLOGY)6);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_RSSetViewports(ctx.list, 17, NULL);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);

    /* Descriptor heaps must be shader visible. */
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    heap_desc.NumDescriptors = 4;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(ctx.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&heap), S_OK);
    ID3D12GraphicsCommandList_SetDescriptorHeaps(ctx.list, 1, &heap);
    check_close(&ctx, E_INVALIDARG);
    ID3D12DescriptorHeap_Release(heap);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);

    /* Render passes: no nesting, an end needs a begin, no copies inside, closed outside. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList4,
                                                              (void **)&list4), S_OK);
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, 0, NULL, NULL, D3D12_RENDER_PASS_FLAG_NONE);
    ID3D12GraphicsCommandList4_EndRenderPass(list4);
    check_close(&ctx, S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList4_EndRenderPass(list4);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, 0, NULL, NULL, D3D12_RENDER_PASS_FLAG_NONE);
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, 0, NULL, NULL, D3D12_RENDER_PASS_FLAG_NONE);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, 0, NULL, NULL, D3D12_RENDER_PASS_FLAG_NONE);
    ID3D12GraphicsCommandList_CopyResource(ctx.list, buffer, buffer);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, 0, NULL, NULL, D3D12_RENDER_PASS_FLAG_NONE);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, 0, NULL, NULL, (D3D12_RENDER_PASS_FLAGS)0x100);
    check_close(&ctx, E_INVALIDARG);
    ID3D12GraphicsCommandList4_Release(list4);

    ID3D12GraphicsCommandList2_Release(list2);
    ID3D12Resource_Release(buffer);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    test_context_destroy(&ctx);
}
END_TEST

/* Records one call on a fresh list and checks what Close reports. */
#define check_call(ctx, call, expected) \
    do { \
        call; \
        check_close(ctx, expected); \
        ck_assert_int_eq(ID3D12GraphicsCommandList_Reset((ctx)->list, (ctx)->allocator, NULL), S_OK); \
    } while (0)

START_TEST(test_more_validation)
{
    static const FLOAT color[4] = {0};
    static const UINT uint_values[4] = {0};
    D3D12_CPU_DESCRIPTOR_HANDLE bogus = {0x1234};
    D3D12_GPU_DESCRIPTOR_HANDLE bogus_gpu = {0x5678};
    D3D12_DISPATCH_GRAPH_DESC graph = {0};
    D3D12_SET_PROGRAM_DESC program = {0};
    ID3D12GraphicsCommandList12 *list12;
    ID3D12Resource *texture, *buffer;
    struct rt_device *device;
    struct test_context ctx;
    HRESULT draw_hr;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    device = rt_device_from_iface(ctx.device);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&list12), S_OK);
    texture = create_texture_2d(ctx.device, 8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);

    /* Resolves need a multisampled source. */
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveSubresource(ctx.list, texture, 0, texture, 0,
               DXGI_FORMAT_R8G8B8A8_UNORM), E_INVALIDARG);
    /* Views must be real descriptors of the right heap type. */
    check_call(&ctx, ID3D12GraphicsCommandList_ClearRenderTargetView(ctx.list, bogus, color, 0, NULL), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ClearDepthStencilView(ctx.list, bogus, D3D12_CLEAR_FLAG_DEPTH, 1.0f,
               0, 0, NULL), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ClearUnorderedAccessViewUint(ctx.list, bogus_gpu, bogus, NULL,
               uint_values, 0, NULL), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_DiscardResource(ctx.list, NULL, NULL), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ExecuteIndirect(ctx.list, NULL, 1, NULL, 0, NULL, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_Dispatch(ctx.list, 65536, 1, 1), E_INVALIDARG);
    /* Queries: no begin for timestamps, and a NULL heap (test_query.c has the rest). */
    check_call(&ctx, ID3D12GraphicsCommandList_BeginQuery(ctx.list, NULL, D3D12_QUERY_TYPE_TIMESTAMP, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_EndQuery(ctx.list, NULL, D3D12_QUERY_TYPE_TIMESTAMP, 0), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList_ResolveQueryData(ctx.list, NULL, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1,
               buffer, 4), E_INVALIDARG);
    /* Features the device does not report. */
    check_call(&ctx, ID3D12GraphicsCommandList12_SetPipelineState1(list12, NULL), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList12_SetProgram(list12, &program), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList12_DispatchGraph(list12, &graph), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList12_DispatchMesh(list12, 1, 1, 1), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList12_WaitBarrier(list12, 0, NULL, 0, NULL, NULL), E_INVALIDARG);
    check_call(&ctx, ID3D12GraphicsCommandList12_RSSetShadingRate(list12, D3D12_SHADING_RATE_1X1, NULL), E_INVALIDARG);
    /* Markers need nothing from the driver and go everywhere. */
    check_call(&ctx, ID3D12GraphicsCommandList_SetMarker(ctx.list, 1, "marker", 7), S_OK);
    check_call(&ctx, (ID3D12GraphicsCommandList_BeginEvent(ctx.list, 1, "event", 6),
               ID3D12GraphicsCommandList_EndEvent(ctx.list)), S_OK);
    /* A valid call the driver cannot record: E_NOTIMPL, whichever entries it fills. */
    draw_hr = device->ddi_cmdlist.pfnDrawInstanced ? S_OK : E_NOTIMPL;
    check_call(&ctx, ID3D12GraphicsCommandList_DrawInstanced(ctx.list, 3, 1, 0, 0), draw_hr);

    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(texture);
    ID3D12GraphicsCommandList12_Release(list12);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_bundles_and_clear_state)
{
    ID3D12GraphicsCommandList *bundle, *compute_list;
    ID3D12CommandAllocator *bundle_allocator, *compute_allocator;
    struct test_context ctx;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    bundle_allocator = create_allocator(ctx.device, D3D12_COMMAND_LIST_TYPE_BUNDLE);
    bundle = create_list(ctx.device, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundle_allocator);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(bundle, D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);

    /* A bundle still recording cannot run. */
    ID3D12GraphicsCommandList_ExecuteBundle(ctx.list, bundle);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);
    ID3D12GraphicsCommandList_ExecuteBundle(ctx.list, bundle);
    ID3D12GraphicsCommandList_ClearState(ctx.list, NULL);
    check_close(&ctx, S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    /* Only bundles are executed as bundles, and only by direct lists. */
    ID3D12GraphicsCommandList_ExecuteBundle(ctx.list, ctx.list);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    compute_allocator = create_allocator(ctx.device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    compute_list = create_list(ctx.device, D3D12_COMMAND_LIST_TYPE_COMPUTE, compute_allocator);
    ID3D12GraphicsCommandList_ExecuteBundle(compute_list, bundle);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(compute_list), E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(compute_list, compute_allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_ClearState(compute_list, NULL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(compute_list), S_OK);

    /* ClearState is not for bundles. */
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(bundle_allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(bundle, bundle_allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_ClearState(bundle, NULL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), E_INVALIDARG);

    ID3D12GraphicsCommandList_Release(compute_list);
    ID3D12CommandAllocator_Release(compute_allocator);
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(bundle_allocator);
    test_context_destroy(&ctx);
}
END_TEST

/* OMSetRenderTargets keeps the views as they were when bound (the fallback reads them). */
START_TEST(test_render_targets_tracked)
{
    D3D12_CPU_DESCRIPTOR_HANDLE start, second, third;
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {0};
    D3D12_RENDER_TARGET_VIEW_DESC rtv_desc;
    struct rt_command_list *list;
    ID3D12Resource *a, *b;
    ID3D12DescriptorHeap *heap;
    struct test_context ctx;
    UINT increment;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    list = rt_command_list_from_list_iface((ID3D12CommandList *)ctx.list);
    ck_assert_ptr_nonnull(list);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    heap_desc.NumDescriptors = 3;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(ctx.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&heap), S_OK);
    increment = ID3D12Device_GetDescriptorHandleIncrementSize(ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    start = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    second.ptr = start.ptr + increment;
    third.ptr = start.ptr + 2 * increment;
    a = create_texture_2d(ctx.device, 8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    b = create_texture_2d(ctx.device, 8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    memset(&rtv_desc, 0, sizeof(rtv_desc));
    rtv_desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    rtv_desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D;
    ID3D12Device_CreateRenderTargetView(ctx.device, a, &rtv_desc, start);
    ID3D12Device_CreateRenderTargetView(ctx.device, b, NULL, second);

    /* One handle standing for two consecutive descriptors. */
    ID3D12GraphicsCommandList_OMSetRenderTargets(ctx.list, 2, &start, TRUE, NULL);
    ck_assert_uint_eq(list->state.rtv_count, 2);
    ck_assert(list->state.rtvs[0].described);
    ck_assert_ptr_eq(list->state.rtvs[0].resource, rt_resource_from_iface(a));
    ck_assert_int_eq(list->state.rtvs[0].rtv.Format, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    ck_assert_ptr_eq(list->state.rtvs[1].resource, rt_resource_from_iface(b));
    ck_assert_uint_eq(list->state.rtvs[1].handle.ptr, second.ptr);
    ck_assert(!list->state.has_dsv);
    /* Rewriting the descriptor later does not change what was bound. */
    ID3D12Device_CreateRenderTargetView(ctx.device, b, NULL, start);
    ck_assert_ptr_eq(list->state.rtvs[0].resource, rt_resource_from_iface(a));
    check_close(&ctx, S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ck_assert_uint_eq(list->state.rtv_count, 0);

    /* A range past the end of its heap, and an RTV handle given as a DSV. */
    ID3D12GraphicsCommandList_OMSetRenderTargets(ctx.list, 2, &third, TRUE, NULL);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList_OMSetRenderTargets(ctx.list, 1, &start, FALSE, &second);
    check_close(&ctx, E_INVALIDARG);

    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    ID3D12DescriptorHeap_Release(heap);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Removal ---------------------------------------------------------------------------- */

START_TEST(test_removed_list_is_not_executed)
{
    static const uint32_t data = 0xcafef00d;
    ID3D12CommandList *lists[1];
    ID3D12Resource *buffer, *source;
    struct test_context ctx;
    uint32_t value;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    source = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    poison_buffer(&ctx, buffer, 1);
    upload_buffer_data(&ctx, source, 0, &data, sizeof(data));

    /* A valid copy, then an invalid call: the list fails and never runs. */
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, buffer, 0, source, 0, 4);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, buffer, 0, source, 300, 4);
    check_close(&ctx, E_INVALIDARG);
    lists[0] = (ID3D12CommandList *)ctx.list;
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, lists);
    wait_queue_idle(&ctx);

    /* A list recorded into after Close is refused too. */
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    check_close(&ctx, S_OK);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, buffer, 0, source, 0, 4);
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, lists);
    wait_queue_idle(&ctx);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), E_FAIL);

    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    read_buffer(&ctx, buffer, sizeof(value), &value);
    {
        uint32_t poison;

        fill_pattern(&poison, sizeof(poison), 1);
        ck_assert_uint_eq(value, poison);
    }

    /* Reset, the list runs again (a list still recording removes the device: test_device.c). */
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, buffer, 0, source, 0, 4);
    execute_and_wait(&ctx);
    read_buffer(&ctx, buffer, sizeof(value), &value);
    ck_assert_uint_eq(value, data);

    ID3D12Resource_Release(source);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&ctx);
}
END_TEST

START_TEST(test_queue_type_mismatch)
{
    static const uint32_t data = 0x12345678;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *copy_list;
    ID3D12Resource *buffer, *source;
    ID3D12CommandList *lists[1];
    struct test_context ctx;
    uint32_t value, poison;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    source = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    poison_buffer(&ctx, buffer, 2);
    upload_buffer_data(&ctx, source, 0, &data, sizeof(data));

    allocator = create_allocator(ctx.device, D3D12_COMMAND_LIST_TYPE_COPY);
    copy_list = create_list(ctx.device, D3D12_COMMAND_LIST_TYPE_COPY, allocator);
    ID3D12GraphicsCommandList_CopyBufferRegion(copy_list, buffer, 0, source, 0, 4);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(copy_list), S_OK);
    lists[0] = (ID3D12CommandList *)copy_list;
    ID3D12CommandQueue_ExecuteCommandLists(ctx.queue, 1, lists);   /* a direct queue */
    wait_queue_idle(&ctx);
    read_buffer(&ctx, buffer, sizeof(value), &value);
    fill_pattern(&poison, sizeof(poison), 2);
    ck_assert_uint_eq(value, poison);

    ID3D12GraphicsCommandList_Release(copy_list);
    ID3D12CommandAllocator_Release(allocator);
    ID3D12Resource_Release(source);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&ctx);
}
END_TEST

/* ---- Barriers as the driver sees them ------------------------------------------------------ */

START_TEST(test_barrier_translation)
{
    struct ddi_spy *spy = spy_install(false, true);
    D3D12_RESOURCE_BARRIER barrier;
    ID3D12Resource *texture, *buffer;
    struct test_context ctx;
    struct ddi_spy_call call;
    char expected[64];

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_texture_2d(ctx.device, 8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    ddi_spy_clear(spy);

    /* Enhanced Barriers driver: legacy barriers arrive translated, never as legacy ones. */
    transition_resource(&ctx, texture, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    snprintf(expected, sizeof(expected), "layout %d->%d", D3D12_BARRIER_LAYOUT_COPY_DEST,
             D3D12_BARRIER_LAYOUT_SHADER_RESOURCE);
    ck_assert_ptr_nonnull(strstr(spy_last_args(spy, "Barrier", &call), expected));
    transition_resource(&ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_DEPTH_READ
                        | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_GENERIC_READ);
    snprintf(expected, sizeof(expected), "layout %d->%d", D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ,
             D3D12_BARRIER_LAYOUT_GENERIC_READ);
    ck_assert_ptr_nonnull(strstr(spy_last_args(spy, "Barrier", &call), expected));
    transition_resource(&ctx, buffer, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
    snprintf(expected, sizeof(expected), "access 0x%x->0x%x", D3D12_BARRIER_ACCESS_COPY_DEST,
             D3D12_BARRIER_ACCESS_COPY_SOURCE);
    ck_assert_ptr_nonnull(strstr(spy_last_args(spy, "Barrier", &call), expected));
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    barrier.Flags = 0;
    barrier.UAV.pResource = NULL;
    ID3D12GraphicsCommandList_ResourceBarrier(ctx.list, 1, &barrier);
    ck_assert_ptr_nonnull(strstr(spy_last_args(spy, "Barrier", &call), "GLOBAL"));
    ck_assert_uint_eq(ddi_spy_count(spy, "Barrier"), 4);
    ck_assert_uint_eq(ddi_spy_count(spy, "ResourceBarrier"), 0);
    check_close(&ctx, S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);

    /* Invalid barriers. */
    transition_resource(&ctx, texture, 1, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    transition_resource(&ctx, texture, 0, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_COPY_DEST | D3D12_RESOURCE_STATE_COPY_SOURCE);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    transition_resource(&ctx, NULL, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    barrier.Type = (D3D12_RESOURCE_BARRIER_TYPE)3;
    ID3D12GraphicsCommandList_ResourceBarrier(ctx.list, 1, &barrier);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    barrier.Flags = D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY | D3D12_RESOURCE_BARRIER_FLAG_END_ONLY;
    ID3D12GraphicsCommandList_ResourceBarrier(ctx.list, 1, &barrier);
    check_close(&ctx, E_INVALIDARG);

    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(texture);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    test_context_destroy(&ctx);
    spy_remove(spy);
}
END_TEST

START_TEST(test_enhanced_barrier_groups)
{
    struct ddi_spy *spy = spy_install(false, true);
    D3D12_TEXTURE_BARRIER texture_barrier = {0};
    D3D12_BUFFER_BARRIER buffer_barriers[2] = {{0}};
    D3D12_GLOBAL_BARRIER global = {0};
    D3D12_BARRIER_GROUP groups[3];
    ID3D12GraphicsCommandList7 *list7;
    ID3D12Resource *texture, *buffer;
    struct test_context ctx;
    struct ddi_spy_call call;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList7,
                                                              (void **)&list7), S_OK);
    texture = create_texture_2d(ctx.device, 8, 8, 3, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);

    texture_barrier.SyncBefore = D3D12_BARRIER_SYNC_COPY;
    texture_barrier.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    texture_barrier.AccessBefore = D3D12_BARRIER_ACCESS_COPY_DEST;
    texture_barrier.AccessAfter = D3D12_BARRIER_ACCESS_COPY_SOURCE;
    texture_barrier.LayoutBefore = D3D12_BARRIER_LAYOUT_COPY_DEST;
    texture_barrier.LayoutAfter = D3D12_BARRIER_LAYOUT_COPY_SOURCE;
    texture_barrier.pResource = texture;
    texture_barrier.Subresources.IndexOrFirstMipLevel = 1;
    texture_barrier.Subresources.NumMipLevels = 2;
    texture_barrier.Subresources.NumArraySlices = 2;
    texture_barrier.Subresources.NumPlanes = 1;
    buffer_barriers[0].SyncBefore = buffer_barriers[1].SyncBefore = D3D12_BARRIER_SYNC_COPY;
    buffer_barriers[0].SyncAfter = buffer_barriers[1].SyncAfter = D3D12_BARRIER_SYNC_COPY;
    buffer_barriers[0].pResource = buffer_barriers[1].pResource = buffer;
    buffer_barriers[0].Size = buffer_barriers[1].Size = UINT64_MAX;
    global.SyncBefore = global.SyncAfter = D3D12_BARRIER_SYNC_ALL;

    groups[0].Type = D3D12_BARRIER_TYPE_TEXTURE;
    groups[0].NumBarriers = 1;
    groups[0].pTextureBarriers = &texture_barrier;
    groups[1].Type = D3D12_BARRIER_TYPE_BUFFER;
    groups[1].NumBarriers = 2;
    groups[1].pBufferBarriers = buffer_barriers;
    groups[2].Type = D3D12_BARRIER_TYPE_GLOBAL;
    groups[2].NumBarriers = 1;
    groups[2].pGlobalBarriers = &global;
    ddi_spy_clear(spy);
    ID3D12GraphicsCommandList7_Barrier(list7, 3, groups);
    /* One flat array of four tagged barriers, in group order. */
    ck_assert_ptr_nonnull(strstr(spy_last_args(spy, "Barrier", &call), "count=4, first=TEXTURE"));
    check_close(&ctx, S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);

    /* Out-of-range ranges, a buffer in a texture barrier, an invalid group type. */
    texture_barrier.Subresources.NumMipLevels = 3;
    ID3D12GraphicsCommandList7_Barrier(list7, 1, groups);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    texture_barrier.Subresources.NumMipLevels = 0;
    texture_barrier.Subresources.IndexOrFirstMipLevel = 6;
    ID3D12GraphicsCommandList7_Barrier(list7, 1, groups);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    texture_barrier.Subresources.IndexOrFirstMipLevel = 0xffffffff;
    texture_barrier.pResource = buffer;
    ID3D12GraphicsCommandList7_Barrier(list7, 1, groups);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    groups[0].Type = (D3D12_BARRIER_TYPE)7;
    ID3D12GraphicsCommandList7_Barrier(list7, 1, groups);
    check_close(&ctx, E_INVALIDARG);

    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(texture);
    ID3D12GraphicsCommandList7_Release(list7);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    test_context_destroy(&ctx);
    spy_remove(spy);
}
END_TEST

START_TEST(test_legacy_barrier_driver)
{
    struct ddi_spy *spy = spy_install(true, true);
    D3D12_GLOBAL_BARRIER global = {0};
    ID3D12GraphicsCommandList7 *list7;
    D3D12_BARRIER_GROUP group;
    ID3D12Resource *buffer;
    struct test_context ctx;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    ddi_spy_clear(spy);
    transition_resource(&ctx, buffer, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    ck_assert_uint_eq(ddi_spy_count(spy, "ResourceBarrier"), 1);
    ck_assert_uint_eq(ddi_spy_count(spy, "Barrier"), 0);
    check_close(&ctx, S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);

    /* Without Enhanced Barriers D3D12 refuses Barrier. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList7,
                                                              (void **)&list7), S_OK);
    group.Type = D3D12_BARRIER_TYPE_GLOBAL;
    group.NumBarriers = 1;
    group.pGlobalBarriers = &global;
    ID3D12GraphicsCommandList7_Barrier(list7, 1, &group);
    check_close(&ctx, E_INVALIDARG);
    ID3D12GraphicsCommandList7_Release(list7);
    ID3D12Resource_Release(buffer);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    test_context_destroy(&ctx);
    spy_remove(spy);
}
END_TEST

/* ---- Async Commands without an implementation -------------------------------------------- */

START_TEST(test_async_not_supported)
{
    struct ddi_spy *spy = spy_install(false, true);
    D3D12_FILL_BUFFER_DESC fill = {0};
    ID3D12GraphicsCommandList12 *list12;
    ID3D12Resource *a, *b;
    struct test_context ctx;
    UINT64 offset = 0, size = 16;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(async_impl(ctx.device), D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED);
    a = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    b = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    /* Retail placement: the interface exists, its ten methods remove the list. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&list12), S_OK);
    ID3D12GraphicsCommandList12_CopyBufferRegions(list12, 1, &a, &offset, &b, &offset, &size);
    check_close(&ctx, E_FAIL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    /* Even with bad input: NOT_SUPPORTED is checked first. */
    ID3D12GraphicsCommandList12_FillBuffers(list12, 1, &fill);
    check_close(&ctx, E_FAIL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(list12, 0, NULL);
    check_close(&ctx, E_FAIL);

    ID3D12GraphicsCommandList12_Release(list12);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    test_context_destroy(&ctx);
    spy_remove(spy);
}
END_TEST

START_TEST(test_async_fallback_forced)
{
    struct test_config_guard guard;
    D3D12_CLEAR_TEXTURE_DESC clear = {0};
    D3D12_FILL_BUFFER_DESC fill = {0};
    ID3D12CommandListAsyncCommands *async;
    ID3D12GraphicsCommandList12 *list12;
    ID3D12Resource *a, *b, *texture;
    struct test_context ctx;
    UINT64 offset = 0, size = 16, bad_size = 512;

    test_config_guard_begin(&guard, "[device]\nforce-async-commands-fallback = true\n");
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(async_impl(ctx.device), D3D12_ASYNC_COMMANDS_IMPL_FALLBACK);
    a = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    b = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
    texture = create_texture_2d(ctx.device, 8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);

    /* The preview interface exists and reaches the same list. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12CommandListAsyncCommands,
                                                              (void **)&async), S_OK);
    ck_assert_int_eq(ID3D12CommandListAsyncCommands_QueryInterface(async, &IID_ID3D12GraphicsCommandList12,
                                                                   (void **)&list12), S_OK);
    ck_assert_ptr_eq(list12, (void *)ctx.list);
    ck_assert_uint_eq(get_refcount(ctx.list), 3);

    /* Bad input: E_INVALIDARG before routing. */
    ID3D12CommandListAsyncCommands_CopyBufferRegions(async, 1, &a, &offset, &b, &offset, &bad_size);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList12_CopyResources(list12, 1, &a, &texture);
    check_close(&ctx, E_INVALIDARG);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    /* The copies, the fill and the texture clear are lowered. */
    clear.pTexture = texture;
    clear.SubresourceIndex = UINT_MAX;
    ID3D12CommandListAsyncCommands_ClearTextureSubresources(async, 1, &clear);
    fill.pBuffer = a;
    fill.RawPatternSizeInBytes = 4;
    fill.RepeatCount = 4;
    ID3D12CommandListAsyncCommands_FillBuffers(async, 1, &fill);
    ID3D12CommandListAsyncCommands_CopyBufferRegions(async, 1, &a, &offset, &b, &offset, &size);
    check_close(&ctx, S_OK);

    ID3D12GraphicsCommandList12_Release(list12);
    ID3D12CommandListAsyncCommands_Release(async);
    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(b);
    ID3D12Resource_Release(a);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    test_context_destroy(&ctx);
    test_config_guard_end(&guard);
}
END_TEST

static Suite *cmdlist_suite(void)
{
    Suite *suite = suite_create("cmdlist");
    TCase *tc;

    tc = tcase_create("objects");
    tcase_add_test(tc, test_list_interfaces);
    tcase_add_test(tc, test_other_interfaces);
    tcase_add_test(tc, test_refcounts);
    tcase_add_test(tc, test_close_reset);
    tcase_add_test(tc, test_create_errors);
    tcase_add_test(tc, test_queue_basics);
    tcase_add_test(tc, test_node_masks);
    suite_add_tcase(suite, tc);

    tc = tcase_create("validation");
    tcase_add_test(tc, test_list_type_rules);
    tcase_add_test(tc, test_copy_buffer_validation);
    tcase_add_test(tc, test_copy_texture_validation);
    tcase_add_test(tc, test_other_recording_validation);
    tcase_add_test(tc, test_more_validation);
    tcase_add_test(tc, test_bundles_and_clear_state);
    tcase_add_test(tc, test_render_targets_tracked);
    tcase_add_test(tc, test_removed_list_is_not_executed);
    tcase_add_test(tc, test_queue_type_mismatch);
    suite_add_tcase(suite, tc);

    tc = tcase_create("barriers");
    tcase_add_test(tc, test_barrier_translation);
    tcase_add_test(tc, test_enhanced_barrier_groups);
    tcase_add_test(tc, test_legacy_barrier_driver);
    suite_add_tcase(suite, tc);

    tc = tcase_create("async");
    tcase_add_test(tc, test_async_not_supported);
    tcase_add_test(tc, test_async_fallback_forced);
    suite_add_tcase(suite, tc);

    return suite;
}

int main(void)
{
    return test_run_suites(cmdlist_suite(), NULL);
}
