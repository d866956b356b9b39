/*
 * The driver loader and the DDI spy, against the tiny fake driver of
 * test_ddi_spy_fake.c, which records the handles each entry receives, so the tests can
 * check that the spy passes the driver's own pointers (outer + DDI_SPY_HEADER_SIZE).
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <unistd.h>

#include "test_ddi_spy.h"
#include "test_run.h"

/* The loader's error text holds `text`. */
#define check_message(err, text) ck_assert_msg(strstr(err, text), "message: %s", err)

/* ---- The loader ------------------------------------------------------------------------- */

START_TEST(test_loader_opens_builtin_entry)
{
    D3D12DDI_THREADING_CAPS_0124 threading = { 0 };
    struct ddi_adapter adapter;
    char err[256];

    ck_assert_int_eq(ddi_adapter_open(NULL, fake_open_adapter, "fake_umd", &adapter, err, sizeof(err)), S_OK);
    ck_assert_str_eq(adapter.driver_name, "fake_umd (built-in)");
    ck_assert_str_eq(err, "");
    ck_assert_ptr_null(adapter.library);
    ck_assert_ptr_null(adapter.spy);
    ck_assert_ptr_eq(adapter.handle.pDrvPrivate, &fake);
    ck_assert_ptr_eq(adapter.funcs.pfnCreateDevice, fake_CreateDevice);
    ck_assert_int_eq(ddi_adapter_get_caps(&adapter, D3D12DDICAPS_TYPE_0124_THREADING, NULL, &threading,
                                          sizeof(threading)), S_OK);
    ck_assert_uint_eq(threading.Caps, D3D12DDICAPS_THREADING_FREETHREADED | D3D12DDICAPS_THREADING_COMMANDLISTS);
    ck_assert_int_eq(ddi_adapter_get_caps(&adapter, D3D12DDICAPS_TYPE_0124_THREADING, NULL, &threading, 1),
                     E_INVALIDARG);
    ddi_adapter_close(&adapter);
    ck_assert_uint_eq(fake.closes, 1);
    ck_assert_ptr_null(adapter.funcs.pfnCloseAdapter);

    ck_assert_int_eq(ddi_adapter_open("", fake_open_adapter, NULL, &adapter, err, sizeof(err)), S_OK);
    ck_assert_str_eq(adapter.driver_name, "driver (built-in)");
    ddi_adapter_close(&adapter);
}
END_TEST

START_TEST(test_loader_refuses_version_mismatch)
{
    struct ddi_adapter adapter;
    char err[256];

    fake.old_versions = true;
    ck_assert_int_eq(ddi_adapter_open(NULL, fake_open_adapter, "fake", &adapter, err, sizeof(err)),
                     D3D12_ERROR_DRIVER_VERSION_MISMATCH);
    check_message(err, "fake (built-in): driver offers DDI 12.80 build 120; the runtime needs 12.80 build 124 (0124)");
    /* The refused adapter was closed and nothing is left behind. */
    ck_assert_uint_eq(fake.closes, 1);
    ck_assert_ptr_null(adapter.handle.pDrvPrivate);
    ck_assert_ptr_null(adapter.funcs.pfnGetCaps);
}
END_TEST

START_TEST(test_loader_refuses_bad_libraries)
{
    struct ddi_adapter adapter;
    char err[256];

    ck_assert_int_eq(ddi_adapter_open("/nonexistent/d3d12rt/libfake_umd.so", fake_open_adapter, "fake", &adapter, err,
                                      sizeof(err)), E_FAIL);
    check_message(err, "cannot load driver /nonexistent/d3d12rt/libfake_umd.so: ");
    ck_assert_uint_eq(fake.opens, 0);
    ck_assert_ptr_null(adapter.library);

    /* A library that loads but is no driver. */
    ck_assert_int_eq(ddi_adapter_open("libm.so.6", NULL, NULL, &adapter, err, sizeof(err)), E_FAIL);
    check_message(err, "driver libm.so.6 does not export " D3D12DDI_OPENADAPTER_SYMBOL);
    ck_assert_ptr_null(adapter.library);
}
END_TEST

START_TEST(test_loader_refuses_bad_drivers)
{
    struct ddi_adapter adapter;
    char err[256];

    fake.null_get_caps = true;
    ck_assert_int_eq(ddi_adapter_open(NULL, fake_open_adapter, "fake", &adapter, err, sizeof(err)), E_FAIL);
    check_message(err, "fake (built-in): the adapter table leaves pfnGetCaps NULL");
    ck_assert_uint_eq(fake.closes, 1);

    fake.open_hr = E_OUTOFMEMORY;
    ck_assert_int_eq(ddi_adapter_open(NULL, fake_open_adapter, "fake", &adapter, err, sizeof(err)), E_OUTOFMEMORY);
    check_message(err, "OpenAdapter failed (0x8007000e)");
    ck_assert_uint_eq(fake.closes, 1);

    ck_assert_int_eq(ddi_adapter_open(NULL, NULL, NULL, &adapter, err, sizeof(err)), E_FAIL);
    check_message(err, "no driver");
    ck_assert_int_eq(ddi_adapter_open(NULL, fake_open_adapter, "fake", NULL, err, sizeof(err)), E_INVALIDARG);
}
END_TEST

/* ---- The spy: transparency ------------------------------------------------------------------ */

START_TEST(test_spy_passes_inner_handles)
{
    D3D12DDIARG_CALCPRIVATEDEVICESIZE calc = { D3D12DDI_INTERFACE_VERSION_R8, D3D12DDI_BUILD_VERSION_0124 << 16, 0 };
    D3D12DDIARG_CREATE_COMMAND_LIST_0124 args;
    D3D12DDI_HRESOURCE dst, src;
    D3D12DDI_HCOMMANDLIST list;
    struct harness h;

    harness_open(&h, NULL);
    ck_assert_ptr_eq(h.adapter.spy, h.spy);
    ck_assert_ptr_ne(h.adapter.handle.pDrvPrivate, &fake);
    ck_assert_uint_eq(h.adapter.funcs.pfnCalcPrivateDeviceSize(h.adapter.handle, &calc),
                      FAKE_DEVICE_SIZE + DDI_SPY_HEADER_SIZE);
    ck_assert_ptr_eq(fake.device, INNER(h.device));
    check_seen(1, fake.device);     /* the last FillDDITable */

    list = harness_list(&h);
    dst = harness_buffer(&h, NULL);
    src = harness_buffer(&h, NULL);
    h.list.pfnCopyBufferRegion(list, dst, 16, src, 32, 64);
    check_seen(3, INNER(list), INNER(dst), INNER(src));
    ck_assert_int_eq(h.list.pfnCloseCommandList(list), S_OK);
    check_seen(1, INNER(list));
    h.core.pfnDestroyCommandList(h.device, list);
    check_seen(1, INNER(list));

    /* Sizes grow by the prefix; a refusal stays a refusal. */
    memset(&args, 0, sizeof(args));
    args.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    ck_assert_uint_eq(h.core.pfnCalcPrivateCommandListSize(h.device, &args), FAKE_OBJECT_SIZE + DDI_SPY_HEADER_SIZE);
    args.Type = D3D12_COMMAND_LIST_TYPE_BUNDLE;
    ck_assert_uint_eq(h.core.pfnCalcPrivateCommandListSize(h.device, &args), (SIZE_T)-1);
    harness_close(&h);
    check_seen(1, fake.device);
    ck_assert_uint_eq(fake.destroyed_devices, 1);
    ck_assert_uint_eq(fake.closes, 1);
}
END_TEST

START_TEST(test_spy_heap_and_resource)
{
    D3D12DDIARG_CREATERESOURCE_0124 args;
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes;
    D3D12DDI_HRTRESOURCE rt = { NULL };
    D3D12DDI_HRESOURCE committed, placed;
    D3D12DDI_HHEAP heap, no_heap = { NULL };
    struct harness h;

    harness_open(&h, NULL);
    committed = harness_buffer(&h, &heap);

    /* Placed: only a resource, its placement heap translated. */
    memset(&args, 0, sizeof(args));
    args.Kind = D3D12DDI_RESOURCE_KIND_PLACED;
    args.Desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    args.Desc.Width = 256;
    args.hPlacementHeap = heap;
    args.PlacementOffset = 4096;
    sizes = h.core.pfnCalcPrivateHeapAndResourceSizes(h.device, NULL, &args);
    ck_assert_uint_eq(sizes.Heap, 0);
    ck_assert_uint_eq(sizes.Resource, FAKE_OBJECT_SIZE + DDI_SPY_HEADER_SIZE);
    placed.pDrvPrivate = test_alloc(sizes.Resource);
    ck_assert_int_eq(h.core.pfnCreateHeapAndResource(h.device, NULL, no_heap, rt, &args, placed), S_OK);
    check_seen(4, fake.device, NULL, INNER(placed), INNER(heap));
    ck_assert(log_has(h.spy, "CreateHeapAndResource", "Kind=1"));

    h.core.pfnDestroyHeapAndResource(h.device, no_heap, placed);
    check_seen(2, NULL, INNER(placed));
    h.core.pfnDestroyHeapAndResource(h.device, heap, committed);
    check_seen(2, INNER(heap), INNER(committed));
    harness_close(&h);
}
END_TEST

START_TEST(test_spy_translates_nested_handles)
{
    D3D12DDIARG_TEXTURE_COPY_LOCATION dst_loc, src_loc;
    D3D12DDIARG_RESOURCE_BARRIER legacy[3];
    D3D12DDIARG_BARRIER_0124 enhanced[3];
    D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124 srv;
    D3D12DDI_CPU_DESCRIPTOR_HANDLE descriptor = { 0x1230 };
    D3D12DDI_HRESOURCE a, b, c;
    D3D12DDI_HCOMMANDLIST list, bundle;
    struct harness h;

    harness_open(&h, NULL);
    list = harness_list(&h);
    bundle = harness_list(&h);
    a = harness_buffer(&h, NULL);
    b = harness_buffer(&h, NULL);
    c = harness_buffer(&h, NULL);

    memset(&dst_loc, 0, sizeof(dst_loc));
    dst_loc.hResource = a;
    dst_loc.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    dst_loc.SubresourceIndex = 3;
    memset(&src_loc, 0, sizeof(src_loc));
    src_loc.hResource = b;
    src_loc.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    h.list.pfnCopyTextureRegion(list, &dst_loc, 0, 0, 0, &src_loc, NULL);
    check_seen(3, INNER(a), INNER(b), (void *)3);
    ck_assert_ptr_eq(dst_loc.hResource.pDrvPrivate, a.pDrvPrivate);   /* the caller's structs are untouched */

    memset(legacy, 0, sizeof(legacy));
    legacy[0].Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    legacy[0].Transition.hResource = a;
    legacy[1].Type = D3D12_RESOURCE_BARRIER_TYPE_ALIASING;
    legacy[1].Aliasing.hResourceBefore = b;
    legacy[1].Aliasing.hResourceAfter = c;
    legacy[2].Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;     /* a NULL UAV barrier stays NULL */
    h.list.pfnResourceBarrier(list, 3, legacy);
    check_seen(4, INNER(a), INNER(b), INNER(c), NULL);

    memset(enhanced, 0, sizeof(enhanced));
    enhanced[0].Type = D3D12_BARRIER_TYPE_GLOBAL;
    enhanced[0].Global.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    enhanced[1].Type = D3D12_BARRIER_TYPE_TEXTURE;
    enhanced[1].Texture.hResource = b;
    enhanced[2].Type = D3D12_BARRIER_TYPE_BUFFER;
    enhanced[2].Buffer.hResource = c;
    h.list.pfnBarrier(list, 3, enhanced);
    check_seen(3, (void *)(uintptr_t)D3D12_BARRIER_SYNC_COPY, INNER(b), INNER(c));

    h.list.pfnExecuteBundle(list, bundle);
    check_seen(1, INNER(bundle));

    /* CPU descriptors are driver memory and pass unchanged. */
    memset(&srv, 0, sizeof(srv));
    srv.hResource = c;
    h.core.pfnCreateShaderResourceView(h.device, &srv, descriptor);
    check_seen(2, INNER(c), (void *)0x1230);
    harness_close(&h);
}
END_TEST

START_TEST(test_spy_translates_queue_and_render_pass)
{
    D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 queue_args = { D3D12_COMMAND_LIST_TYPE_DIRECT, 0, 0, 0 };
    D3D12DDIARG_CREATE_FENCE_0124 fence_args = { 0, D3D12_FENCE_FLAG_NONE };
    D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 target;
    D3D12DDIARG_FENCE_OPERATION_0124 op;
    D3D12DDI_HRTCOMMANDQUEUE rt_queue = { NULL };
    D3D12DDI_HCOMMANDLIST lists[2];
    D3D12DDI_HCOMMANDQUEUE queue;
    D3D12DDI_HRESOURCE msaa, resolved;
    D3D12DDI_HFENCE fence;
    struct harness h;

    harness_open(&h, NULL);
    queue.pDrvPrivate = test_alloc(h.core.pfnCalcPrivateCommandQueueSize(h.device, &queue_args));
    ck_assert_int_eq(h.core.pfnCreateCommandQueue(h.device, &queue_args, queue, rt_queue), S_OK);
    fence.pDrvPrivate = test_alloc(h.core.pfnCalcPrivateFenceSize(h.device, &fence_args));
    ck_assert_int_eq(h.core.pfnCreateFence(h.device, &fence_args, fence), S_OK);
    lists[0] = harness_list(&h);
    lists[1] = harness_list(&h);

    h.queue.pfnExecuteCommandLists(queue, 2, lists);
    check_seen(3, INNER(queue), INNER(lists[0]), INNER(lists[1]));
    op.hFence = fence;
    op.Value = 7;
    h.queue.pfnSignalFence(queue, &op);
    check_seen(3, INNER(queue), INNER(fence), (void *)7);
    ck_assert(log_has(h.spy, "SignalFence", "Value=7"));

    msaa = harness_buffer(&h, NULL);
    resolved = harness_buffer(&h, NULL);
    memset(&target, 0, sizeof(target));
    target.Descriptor.ptr = 0x4440;
    target.EndingAccessType = D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_RESOLVE;
    target.hResolveSrc = msaa;
    target.hResolveDst = resolved;
    h.render_pass.pfnBeginRenderPass(lists[0], 1, &target, NULL, D3D12_RENDER_PASS_FLAG_NONE);
    check_seen(3, INNER(msaa), INNER(resolved), (void *)0x4440);
    h.render_pass.pfnEndRenderPass(lists[0]);
    ck_assert_uint_eq(ddi_spy_count(h.spy, "EndRenderPass"), 1);
    harness_close(&h);
}
END_TEST

START_TEST(test_spy_translates_async_and_tile_mappings)
{
    UINT64 offsets[2] = { 0, 64 }, sizes[2] = { 16, 16 };
    D3D12DDI_HRESOURCE *dst_refs[2], *src_refs[2];
    D3D12DDI_HRESOURCE a, b, c, d, dsts[2], srcs[2], none = { NULL };
    D3D12DDI_HTILEMAPPINGQUEUE_0124 tile_queue;
    D3D12DDI_FILL_BUFFER_DESC fill;
    D3D12DDI_HCOMMANDLIST list;
    UINT indices[2] = { 0, 1 };
    struct harness h;

    harness_open(&h, NULL);
    ck_assert_int_eq(h.async_hr, S_OK);
    list = harness_list(&h);
    dsts[0] = a = harness_buffer(&h, NULL);
    dsts[1] = b = harness_buffer(&h, NULL);
    srcs[0] = c = harness_buffer(&h, NULL);
    srcs[1] = d = harness_buffer(&h, NULL);

    dst_refs[0] = &a;
    dst_refs[1] = &b;
    src_refs[0] = &c;
    src_refs[1] = &d;
    h.async.pfnCopyBufferRegions(list, 2, dst_refs, offsets, src_refs, offsets, sizes);
    check_seen(4, INNER(a), INNER(c), INNER(b), INNER(d));
    h.async.pfnCopyResources(list, 2, dsts, srcs);
    check_seen(4, INNER(a), INNER(c), INNER(b), INNER(d));
    ck_assert_ptr_eq(dsts[0].pDrvPrivate, a.pDrvPrivate);

    memset(&fill, 0, sizeof(fill));
    fill.hBuffer = b;
    fill.FillValue.Uints[0] = 0xdead;
    fill.RawPatternSizeInBytes = 4;
    fill.RepeatCount = 16;
    h.async.pfnFillBuffers(list, 1, &fill);
    check_seen(2, INNER(b), (void *)0xdead);
    ck_assert(log_has(h.spy, "FillBuffers", "value=0x0000dead"));

    ck_assert_int_eq(h.core.pfnRegisterResourceLayouts(h.device, 0, 2, dsts, indices), S_OK);
    check_seen(2, INNER(a), INNER(b));
    tile_queue.pDrvPrivate = test_alloc(h.core.pfnCalcPrivateTileMappingQueueSize(h.device, 0));
    ck_assert_int_eq(h.core.pfnCreateTileMappingQueue(h.device, 0, tile_queue), S_OK);
    h.tile_queue.pfnExecuteTileMappings(tile_queue, 64, a, 0, none, 0, c, 0, D3DDDI_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    check_seen(4, INNER(tile_queue), INNER(a), NULL, INNER(c));
    harness_close(&h);
}
END_TEST

START_TEST(test_spy_null_entries_stay_null)
{
    D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 table;
    struct harness h;

    harness_open(&h, NULL);
    ck_assert_ptr_nonnull(h.list.pfnCopyBufferRegion);
    ck_assert_ptr_null(h.list.pfnDrawInstanced);
    ck_assert_ptr_null(h.core.pfnMakeResident);
    ck_assert_ptr_nonnull(h.async.pfnFillBuffers);
    ck_assert_ptr_null(h.async.pfnClearTextureSubresources);
    ck_assert_ptr_null(h.queue.pfnUpdateTileMappings);
    ck_assert_ptr_null(h.core.pfnUnregisterHeapLayouts);
    ck_assert_ptr_null(h.tile_queue.pfnSignalFence);

    /* Tables the spy cannot wrap are refused rather than passed through raw. */
    ck_assert_int_eq(harness_fill(&h, D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D, &table, sizeof(table) - 8, 0),
                     E_INVALIDARG);
    ck_assert_int_eq(harness_fill(&h, (D3D12DDI_TABLE_TYPE)3, &table, sizeof(table), 0), E_NOTIMPL);
    ck_assert_int_eq(harness_fill(&h, D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS, &table, sizeof(table), 1),
                     E_NOTIMPL);
    ck_assert(log_has(h.spy, "FillDDITable", "Type=unknown"));
    harness_close(&h);
}
END_TEST

START_TEST(test_spy_wrap_and_failures)
{
    struct ddi_adapter adapter, closed;
    D3D12DDIARG_CREATEDEVICE_0124 create;
    struct ddi_spy *spy;
    char err[256];

    memset(&closed, 0, sizeof(closed));
    ck_assert_ptr_nonnull(spy = ddi_spy_create(NULL, false));
    ck_assert_int_eq(ddi_spy_wrap(spy, &closed), E_INVALIDARG);
    ck_assert_int_eq(ddi_adapter_open(NULL, fake_open_adapter, "fake", &adapter, err, sizeof(err)), S_OK);
    ck_assert_int_eq(ddi_spy_wrap(spy, &adapter), S_OK);
    ck_assert_int_eq(ddi_spy_wrap(spy, &adapter), E_INVALIDARG);

    /* A failed CreateDevice leaves nothing behind. */
    fake.create_device_hr = E_OUTOFMEMORY;
    memset(&create, 0, sizeof(create));
    create.hDrvDevice.pDrvPrivate = test_alloc(FAKE_DEVICE_SIZE + DDI_SPY_HEADER_SIZE);
    create.pCallbacks = &test_callbacks;
    ck_assert_int_eq(adapter.funcs.pfnCreateDevice(adapter.handle, &create), E_OUTOFMEMORY);
    ck_assert(log_has(spy, "CreateDevice", "-> 0x8007000e"));

    /* The creator's reference goes first; the adapter keeps the spy alive until it closes. */
    ddi_spy_destroy(spy);
    ck_assert_int_eq(ddi_adapter_get_caps(&adapter, D3D12DDICAPS_TYPE_0124_GPU_INFO, NULL, err, 8), E_NOTIMPL);
    ddi_adapter_close(&adapter);
    ck_assert_uint_eq(fake.closes, 1);
}
END_TEST

/* ---- The spy: the log ---------------------------------------------------------------------- */

START_TEST(test_spy_logs_names_and_counts)
{
    struct ddi_spy_call call;
    D3D12DDI_HRESOURCE dst, src;
    D3D12DDI_HCOMMANDLIST list;
    struct harness h;
    char expected[160];
    size_t mark;

    harness_open(&h, NULL);
    ck_assert_uint_eq(ddi_spy_count(h.spy, "FillDDITable"), 6);
    ck_assert_uint_eq(ddi_spy_count(h.spy, "CreateDevice"), 1);
    ck_assert(ddi_spy_get_call(h.spy, 0, &call));
    ck_assert_str_eq(call.name, "CalcPrivateDeviceSize");
    ck_assert_str_eq(call.args, "Interface=0xc0050, Version=0x7c0000, Flags=0x0 -> 88");
    list = harness_list(&h);
    dst = harness_buffer(&h, NULL);
    src = harness_buffer(&h, NULL);

    mark = ddi_spy_call_count(h.spy);
    h.list.pfnCopyBufferRegion(list, dst, 0, src, 0, 4);
    h.list.pfnCopyBufferRegion(list, dst, 4, src, 4, 4);
    ck_assert_uint_eq(ddi_spy_call_count(h.spy), mark + 2);
    ck_assert_uint_eq(ddi_spy_count(h.spy, "CopyBufferRegion"), 2);
    ck_assert_uint_eq(ddi_spy_count_since(h.spy, mark + 1, "CopyBufferRegion"), 1);
    ck_assert_uint_eq(ddi_spy_count(h.spy, "pfnCopyBufferRegion"), 0);
    ck_assert_uint_eq(ddi_spy_find(h.spy, 0, "CopyBufferRegion"), mark);
    ck_assert_uint_eq(ddi_spy_find(h.spy, mark + 2, "CopyBufferRegion"), (size_t)-1);
    ck_assert(ddi_spy_get_call(h.spy, mark + 1, &call));
    ck_assert_str_eq(call.name, "CopyBufferRegion");
    snprintf(expected, sizeof(expected), "list=%p, dst=%p+4, src=%p+4, bytes=4", list.pDrvPrivate, dst.pDrvPrivate,
             src.pDrvPrivate);
    ck_assert_str_eq(call.args, expected);
    ck_assert(!ddi_spy_get_call(h.spy, mark + 2, &call));

    ddi_spy_clear(h.spy);
    ck_assert_uint_eq(ddi_spy_call_count(h.spy), 0);
    ck_assert_uint_eq(ddi_spy_count(h.spy, "CopyBufferRegion"), 0);
    ddi_spy_set_recording(h.spy, false);
    h.list.pfnCopyBufferRegion(list, dst, 0, src, 0, 4);
    ck_assert_uint_eq(ddi_spy_call_count(h.spy), 0);
    ck_assert_uint_eq(atomic_load(&fake.copies), 3);
    harness_close(&h);
}
END_TEST

struct copy_thread_args
{
    struct harness *h;
    D3D12DDI_HCOMMANDLIST list;
    D3D12DDI_HRESOURCE dst, src;
};

#define COPY_THREADS 4
#define COPIES_PER_THREAD 2000

static int copy_thread(void *arg)
{
    struct copy_thread_args *args = arg;
    int i;

    for (i = 0; i < COPIES_PER_THREAD; ++i)
        args->h->list.pfnCopyBufferRegion(args->list, args->dst, (UINT64)i, args->src, 0, 4);
    return 0;
}

START_TEST(test_spy_log_is_thread_safe)
{
    struct copy_thread_args args[COPY_THREADS];
    thrd_t threads[COPY_THREADS];
    struct harness h;
    int i;

    harness_open(&h, NULL);
    for (i = 0; i < COPY_THREADS; ++i)
    {
        args[i].h = &h;
        args[i].list = harness_list(&h);
        args[i].dst = harness_buffer(&h, NULL);
        args[i].src = harness_buffer(&h, NULL);
    }
    ddi_spy_clear(h.spy);
    for (i = 0; i < COPY_THREADS; ++i)
        ck_assert_int_eq(thrd_create(&threads[i], copy_thread, &args[i]), thrd_success);
    for (i = 0; i < COPY_THREADS; ++i)
        thrd_join(threads[i], NULL);
    ck_assert_uint_eq(ddi_spy_call_count(h.spy), COPY_THREADS * COPIES_PER_THREAD);
    ck_assert_uint_eq(ddi_spy_count(h.spy, "CopyBufferRegion"), COPY_THREADS * COPIES_PER_THREAD);
    ck_assert_uint_eq(atomic_load(&fake.copies), COPY_THREADS * COPIES_PER_THREAD);
    harness_close(&h);
}
END_TEST

START_TEST(test_spy_trace_to_stderr)
{
    char path[] = "/tmp/d3d12rt-spy-trace-XXXXXX", err[256], text[512];
    D3D12DDI_THREADING_CAPS_0124 threading;
    struct ddi_adapter adapter;
    struct ddi_spy *spy;
    int fd, saved;
    size_t len;
    FILE *file;

    ck_assert_int_ge(fd = mkstemp(path), 0);
    fflush(stderr);
    saved = dup(STDERR_FILENO);
    dup2(fd, STDERR_FILENO);
    ck_assert_int_eq(ddi_adapter_open(NULL, fake_open_adapter, "fake", &adapter, err, sizeof(err)), S_OK);
    ck_assert_ptr_nonnull(spy = ddi_spy_create(NULL, true));
    ddi_spy_set_recording(spy, false);
    ck_assert_int_eq(ddi_spy_wrap(spy, &adapter), S_OK);
    ck_assert_int_eq(ddi_adapter_get_caps(&adapter, D3D12DDICAPS_TYPE_0124_THREADING, NULL, &threading,
                                          sizeof(threading)), S_OK);
    ddi_adapter_close(&adapter);
    ddi_spy_destroy(spy);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    close(fd);

    ck_assert_ptr_nonnull(file = fopen(path, "r"));
    len = fread(text, 1, sizeof(text) - 1, file);
    text[len] = '\0';
    fclose(file);
    unlink(path);
    check_message(text, "d3d12rt: ddi: GetCaps(Type=0124_THREADING, DataSize=4, Caps=0x3 -> 0x00000000)\n");
    check_message(text, "d3d12rt: ddi: CloseAdapter(");
}
END_TEST

/* ---- The spy: capability masks ------------------------------------------------------------- */

static struct ddi_spy_masks no_masks(void)
{
    struct ddi_spy_masks masks;

    memset(&masks, 0, sizeof(masks));
    masks.max_tiled_resources_tier = -1;
    return masks;
}

static D3D12DDI_ASYNC_COMMANDS_CAPS_0124 get_async_caps(struct harness *h)
{
    D3D12DDI_ASYNC_COMMANDS_CAPS_0124 caps = { 7, 7 };

    ck_assert_int_eq(ddi_adapter_get_caps(&h->adapter, D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS, NULL, &caps,
                                          sizeof(caps)), S_OK);
    return caps;
}

static D3D12DDI_D3D12_OPTIONS_DATA_0124 get_options(struct harness *h)
{
    D3D12DDI_D3D12_OPTIONS_DATA_0124 options;

    ck_assert_int_eq(ddi_adapter_get_caps(&h->adapter, D3D12DDICAPS_TYPE_D3D12_OPTIONS, NULL, &options,
                                          sizeof(options)), S_OK);
    return options;
}

static D3D12DDI_ARCHITECTURE_INFO get_architecture(struct harness *h)
{
    D3D12DDI_ARCHITECTURE_INFO info;

    ck_assert_int_eq(ddi_adapter_get_caps(&h->adapter, D3D12DDICAPS_TYPE_ARCHITECTURE_INFO, NULL, &info,
                                          sizeof(info)), S_OK);
    return info;
}

START_TEST(test_mask_none_is_transparent)
{
    D3D12DDI_ARCHITECTURE_INFO info;
    struct harness h;

    harness_open(&h, NULL);
    ck_assert_int_eq(get_async_caps(&h).Supported, TRUE);
    ck_assert_uint_eq(get_async_caps(&h).FeatureVersion, D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1);
    ck_assert_int_eq(get_options(&h).EnhancedBarriersSupported, TRUE);
    ck_assert_int_eq(get_options(&h).TiledResourcesTier, 5);
    ck_assert_int_eq(get_options(&h).MaxGPUVirtualAddressBitsPerResource, 40);
    ck_assert_int_eq(get_architecture(&h).UMA, TRUE);
    ck_assert_int_eq(get_architecture(&h).CacheCoherentUMA, TRUE);
    ck_assert_ptr_nonnull(h.list.pfnBarrier);
    /* Wrong sizes and unknown types still get the driver's answer. */
    ck_assert_int_eq(ddi_adapter_get_caps(&h.adapter, D3D12DDICAPS_TYPE_D3D12_OPTIONS, NULL, &info, sizeof(info)),
                     E_INVALIDARG);
    ck_assert_int_eq(ddi_adapter_get_caps(&h.adapter, D3D12DDICAPS_TYPE_0124_GPU_INFO, NULL, &info, sizeof(info)),
                     E_NOTIMPL);
    harness_close(&h);
}
END_TEST

START_TEST(test_mask_hide_async_commands)
{
    struct ddi_spy_masks masks = no_masks();
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 table;
    struct harness h;

    masks.hide_async_commands = true;
    masks.force_async_commands = true;    /* hiding wins */
    harness_open(&h, &masks);
    ck_assert_int_eq(get_async_caps(&h).Supported, FALSE);
    ck_assert_uint_eq(get_async_caps(&h).FeatureVersion, 0);
    ck_assert_int_eq(h.async_hr, E_NOTIMPL);
    ck_assert_int_eq(harness_fill(&h, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, &table, sizeof(table), 0), E_NOTIMPL);
    ck_assert(log_has(h.spy, "FillDDITable", "Type=0124_ASYNC_COMMAND_LIST, tableNum=0, size=80 -> 0x80004001"));
    harness_close(&h);
}
END_TEST

START_TEST(test_mask_hide_enhanced_barriers)
{
    struct ddi_spy_masks masks = no_masks();
    struct harness h;

    masks.hide_enhanced_barriers = true;
    harness_open(&h, &masks);
    ck_assert_int_eq(get_options(&h).EnhancedBarriersSupported, FALSE);
    ck_assert_int_eq(get_options(&h).TiledResourcesTier, 5);
    ck_assert_ptr_null(h.list.pfnBarrier);
    ck_assert_ptr_nonnull(h.list.pfnResourceBarrier);
    harness_close(&h);
}
END_TEST

START_TEST(test_mask_report_discrete)
{
    struct ddi_spy_masks masks = no_masks();
    struct harness h;

    masks.report_discrete = true;
    harness_open(&h, &masks);
    ck_assert_int_eq(get_architecture(&h).UMA, FALSE);
    ck_assert_int_eq(get_architecture(&h).CacheCoherentUMA, FALSE);
    ck_assert_int_eq(get_architecture(&h).TileBasedDeferredRenderer, TRUE);
    harness_close(&h);
}
END_TEST

START_TEST(test_mask_clamp_tiled_tier)
{
    struct ddi_spy_masks masks = no_masks();
    struct harness h;

    masks.max_tiled_resources_tier = 2;
    harness_open(&h, &masks);
    ck_assert_int_eq(get_options(&h).TiledResourcesTier, D3D12_TILED_RESOURCES_TIER_2);
    ck_assert_int_eq(get_options(&h).EnhancedBarriersSupported, TRUE);
    harness_close(&h);

    /* A clamp above the driver's tier changes nothing; 0 hides tiled resources. */
    masks.max_tiled_resources_tier = 7;
    harness_open(&h, &masks);
    ck_assert_int_eq(get_options(&h).TiledResourcesTier, 5);
    harness_close(&h);
    masks.max_tiled_resources_tier = 0;
    harness_open(&h, &masks);
    ck_assert_int_eq(get_options(&h).TiledResourcesTier, D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED);
    harness_close(&h);
}
END_TEST

struct overlap_thread_args
{
    struct harness *h;
    D3D12DDI_HCOMMANDLIST list;   /* a NULL handle: CalcPrivateCommandListSize instead */
};

static int overlap_thread(void *arg)
{
    struct overlap_thread_args *args = arg;
    D3D12DDIARG_CREATE_COMMAND_LIST_0124 create;

    if (args->list.pDrvPrivate)
    {
        args->h->list.pfnDispatch(args->list, 1, 1, 1);
        return 0;
    }
    memset(&create, 0, sizeof(create));
    create.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    args->h->core.pfnCalcPrivateCommandListSize(args->h->device, &create);
    return 0;
}

/* Two threads held inside the driver at once, deterministically (fake_rendezvous). */
static void run_overlapping(struct harness *h, D3D12DDI_HCOMMANDLIST first, D3D12DDI_HCOMMANDLIST second)
{
    struct overlap_thread_args args[2] = { { h, first }, { h, second } };
    thrd_t threads[2];
    int i;

    fake.rendezvous = 2;
    atomic_store(&fake.arrived, 0);
    for (i = 0; i < 2; ++i)
        ck_assert_int_eq(thrd_create(&threads[i], overlap_thread, &args[i]), thrd_success);
    for (i = 0; i < 2; ++i)
        thrd_join(threads[i], NULL);
    ck_assert_uint_eq(atomic_load(&fake.arrived), 2);
    fake.rendezvous = 0;
}

START_TEST(test_spy_overlap_detector)
{
    struct ddi_spy_masks masks = no_masks();
    D3D12DDI_HCOMMANDLIST none = { NULL }, first, second;
    struct harness h;

    masks.hide_free_threading = true;
    harness_open(&h, &masks);
    first = harness_list(&h);
    second = harness_list(&h);
    ck_assert_uint_eq(ddi_spy_max_threads_inside(h.spy), 1);

    /* CalcPrivate*Size entries are free-threaded whatever the caps: not counted. */
    run_overlapping(&h, first, none);
    ck_assert_uint_eq(ddi_spy_max_threads_inside(h.spy), 1);
    ck_assert_uint_eq(ddi_spy_overlap_count(h.spy), 0);

    run_overlapping(&h, first, second);
    ck_assert_uint_eq(ddi_spy_max_threads_inside(h.spy), 2);
    ck_assert_uint_eq(ddi_spy_overlap_count(h.spy), 1);
    ck_assert_uint_eq(ddi_spy_count(h.spy, "Overlap"), 1);
    harness_close(&h);
}
END_TEST

START_TEST(test_mask_hide_free_threading)
{
    struct ddi_spy_masks masks = no_masks();
    D3D12DDI_THREADING_CAPS_0124 threading;
    struct harness h;

    masks.hide_free_threading = true;
    harness_open(&h, &masks);
    ck_assert_int_eq(ddi_adapter_get_caps(&h.adapter, D3D12DDICAPS_TYPE_0124_THREADING, NULL, &threading,
                                          sizeof(threading)), S_OK);
    ck_assert_uint_eq(threading.Caps, 0);
    harness_close(&h);
}
END_TEST

START_TEST(test_mask_force_async_commands)
{
    struct ddi_spy_masks masks = no_masks();
    struct harness h;

    /* The driver says FALSE but fills a partial table. */
    fake.async_supported = FALSE;
    harness_open(&h, NULL);
    ck_assert_int_eq(get_async_caps(&h).Supported, FALSE);
    harness_close(&h);

    masks.force_async_commands = true;
    harness_open(&h, &masks);
    ck_assert_int_eq(get_async_caps(&h).Supported, TRUE);
    ck_assert_uint_eq(get_async_caps(&h).FeatureVersion, D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1);
    ck_assert_int_eq(h.async_hr, S_OK);
    ck_assert_ptr_nonnull(h.async.pfnCopyBufferRegions);
    ck_assert_ptr_null(h.async.pfnClearBoundRenderTargetViews);
    harness_close(&h);

    /* Forcing also answers a driver that does not know the caps type. */
    fake.async_caps_unknown = true;
    harness_open(&h, &masks);
    ck_assert_int_eq(get_async_caps(&h).Supported, TRUE);
    ck_assert_uint_eq(get_async_caps(&h).FeatureVersion, D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1);
    harness_close(&h);
}
END_TEST

static void test_setup(void)
{
    fake_reset();
    test_allocation_count = 0;
}

static void test_teardown(void)
{
    while (test_allocation_count)
        free(test_allocations[--test_allocation_count]);
}

static TCase *test_case(Suite *suite, const char *name)
{
    TCase *tc = tcase_create(name);

    tcase_add_checked_fixture(tc, test_setup, test_teardown);
    suite_add_tcase(suite, tc);
    return tc;
}

int main(void)
{
    Suite *suite = suite_create("ddi_spy");
    TCase *tc;

    tc = test_case(suite, "loader");
    tcase_add_test(tc, test_loader_opens_builtin_entry);
    tcase_add_test(tc, test_loader_refuses_version_mismatch);
    tcase_add_test(tc, test_loader_refuses_bad_libraries);
    tcase_add_test(tc, test_loader_refuses_bad_drivers);
    tc = test_case(suite, "spy");
    tcase_add_test(tc, test_spy_passes_inner_handles);
    tcase_add_test(tc, test_spy_heap_and_resource);
    tcase_add_test(tc, test_spy_translates_nested_handles);
    tcase_add_test(tc, test_spy_translates_queue_and_render_pass);
    tcase_add_test(tc, test_spy_translates_async_and_tile_mappings);
    tcase_add_test(tc, test_spy_null_entries_stay_null);
    tcase_add_test(tc, test_spy_wrap_and_failures);
    tc = test_case(suite, "log");
    tcase_add_test(tc, test_spy_logs_names_and_counts);
    tcase_add_test(tc, test_spy_log_is_thread_safe);
    tcase_add_test(tc, test_spy_overlap_detector);
    tcase_add_test(tc, test_spy_trace_to_stderr);
    tc = test_case(suite, "masks");
    tcase_add_test(tc, test_mask_none_is_transparent);
    tcase_add_test(tc, test_mask_hide_async_commands);
    tcase_add_test(tc, test_mask_hide_enhanced_barriers);
    tcase_add_test(tc, test_mask_report_discrete);
    tcase_add_test(tc, test_mask_clamp_tiled_tier);
    tcase_add_test(tc, test_mask_hide_free_threading);
    tcase_add_test(tc, test_mask_force_async_commands);

    return test_run_suites(suite, NULL);
}
