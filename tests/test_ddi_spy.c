/*
 * The driver loader and the DDI spy, against a tiny fake driver defined here: it
 * fills the adapter table, answers caps, fills a few entries of each table and
 * records the handles each entry receives, so the tests can check that the spy
 * passes the driver's own pointers (outer + DDI_SPY_HEADER_SIZE).
 */
#include <check.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <unistd.h>

#include "ddi_loader.h"
#include "ddi_spy.h"
#include "test_run.h"

/* ---- The fake driver ---------------------------------------------------------------- */

#define FAKE_OBJECT_SIZE 40u
#define FAKE_DEVICE_SIZE 72u
#define FAKE_MAGIC 0x5a5a1234u
#define FAKE_MAX_SEEN 16

struct fake_state
{
    unsigned int opens, closes, destroyed_devices;
    bool old_versions;          /* GetSupportedVersions lacks 0124 */
    bool null_get_caps;         /* OpenAdapter leaves pfnGetCaps NULL */
    HRESULT open_hr;
    HRESULT create_device_hr;
    BOOL async_supported;
    bool async_caps_unknown;    /* GetCaps(ASYNC) → E_NOTIMPL */
    void *device;               /* hDrvDevice CreateDevice received */
    void *seen[FAKE_MAX_SEEN];  /* handles the last recording entry received, in order */
    unsigned int seen_count;
    unsigned int bad_magic;     /* handles that did not point at a fake object */
    atomic_uint copies;         /* CopyBufferRegion calls (the thread test) */
    unsigned int rendezvous;    /* Dispatch and CalcPrivateCommandListSize wait for this many arrivals */
    atomic_uint arrived;
};

static struct fake_state fake;

static void fake_reset(void)
{
    memset(&fake, 0, sizeof(fake));
    atomic_init(&fake.copies, 0);
    atomic_init(&fake.arrived, 0);
    fake.async_supported = TRUE;
}

static void fake_seen_reset(void)
{
    fake.seen_count = 0;
}

/* Records a handle the driver received; non-NULL ones must point at a fake object. */
static void fake_see(void *ptr)
{
    if (ptr && *(const uint32_t *)ptr != FAKE_MAGIC)
        ++fake.bad_magic;
    if (fake.seen_count < FAKE_MAX_SEEN)
        fake.seen[fake.seen_count++] = ptr;
}

/* Starts a new record with count handles. */
static void fake_record(unsigned int count, ...)
{
    va_list args;

    fake.seen_count = 0;
    va_start(args, count);
    while (count--)
        fake_see(va_arg(args, void *));
    va_end(args);
}

/* Records a value that is no driver handle. */
static void fake_note(uintptr_t value)
{
    if (fake.seen_count < FAKE_MAX_SEEN)
        fake.seen[fake.seen_count++] = (void *)value;
}

static void fake_init_object(void *ptr)
{
    memset(ptr, 0xcd, FAKE_OBJECT_SIZE);   /* the driver owns all of its bytes */
    *(uint32_t *)ptr = FAKE_MAGIC;
}

static SIZE_T APIENTRY fake_CalcPrivateDeviceSize(D3D12DDI_HADAPTER adapter, const D3D12DDIARG_CALCPRIVATEDEVICESIZE *args)
{
    return FAKE_DEVICE_SIZE;
}

static HRESULT APIENTRY fake_CreateDevice(D3D12DDI_HADAPTER adapter, D3D12DDIARG_CREATEDEVICE_0124 *args)
{
    if (FAILED(fake.create_device_hr))
        return fake.create_device_hr;
    fake.device = args->hDrvDevice.pDrvPrivate;
    memset(fake.device, 0xab, FAKE_DEVICE_SIZE);
    *(uint32_t *)fake.device = FAKE_MAGIC;
    return S_OK;
}

static void APIENTRY fake_DestroyDevice(D3D12DDI_HDEVICE device)
{
    fake_record(1, device.pDrvPrivate);
    ++fake.destroyed_devices;
}

static HRESULT APIENTRY fake_CloseAdapter(D3D12DDI_HADAPTER adapter)
{
    ck_assert_ptr_eq(adapter.pDrvPrivate, &fake);
    ++fake.closes;
    return S_OK;
}

static HRESULT APIENTRY fake_GetSupportedVersions(D3D12DDI_HADAPTER adapter, UINT32 *entries, UINT64 *versions)
{
    const UINT64 list[] = { D3D12DDI_MAKE_VERSION(80, 120), D3D12DDI_SUPPORTED_0124 };
    UINT32 count = fake.old_versions ? 1 : 2;

    if (!versions)
    {
        *entries = count;
        return S_OK;
    }
    if (*entries < count)
        return DDI_E_INSUFFICIENT_BUFFER;
    memcpy(versions, list, count * sizeof(*versions));
    *entries = count;
    return S_OK;
}

static HRESULT fake_answer(const D3D12DDIARG_GETCAPS *args, const void *data, UINT size)
{
    if (args->DataSize != size)
        return E_INVALIDARG;
    memcpy(args->pData, data, size);
    return S_OK;
}

static HRESULT APIENTRY fake_GetCaps(D3D12DDI_HADAPTER adapter, const D3D12DDIARG_GETCAPS *args)
{
    const D3D12DDI_THREADING_CAPS_0124 threading = { D3D12DDICAPS_THREADING_FREETHREADED | D3D12DDICAPS_THREADING_COMMANDLISTS };
    const D3D12DDI_ASYNC_COMMANDS_CAPS_0124 async = { fake.async_supported, D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1 };
    const D3D12DDI_ARCHITECTURE_INFO architecture = { TRUE, TRUE, TRUE, FALSE };
    D3D12DDI_D3D12_OPTIONS_DATA_0124 options;

    memset(&options, 0, sizeof(options));
    options.ResourceBindingTier = D3D12_RESOURCE_BINDING_TIER_3;
    options.TiledResourcesTier = (D3D12_TILED_RESOURCES_TIER)5;
    options.EnhancedBarriersSupported = TRUE;
    options.MaxGPUVirtualAddressBitsPerResource = 40;
    switch ((int)args->Type)
    {
        case D3D12DDICAPS_TYPE_ARCHITECTURE_INFO:
            return fake_answer(args, &architecture, sizeof(architecture));
        case D3D12DDICAPS_TYPE_D3D12_OPTIONS:
            return fake_answer(args, &options, sizeof(options));
        case D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS:
            return fake.async_caps_unknown ? E_NOTIMPL : fake_answer(args, &async, sizeof(async));
        case D3D12DDICAPS_TYPE_0124_THREADING:
            return fake_answer(args, &threading, sizeof(threading));
        default:
            return E_NOTIMPL;
    }
}

/* ---- Fake device table ---- */

static SIZE_T APIENTRY fake_CalcAllocatorSize(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 *args)
{
    return FAKE_OBJECT_SIZE;
}

static SIZE_T APIENTRY fake_CalcQueueSize(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *args)
{
    return FAKE_OBJECT_SIZE;
}

static SIZE_T APIENTRY fake_CalcFenceSize(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_FENCE_0124 *args)
{
    return FAKE_OBJECT_SIZE;
}

static D3D12DDI_HEAP_AND_RESOURCE_SIZES APIENTRY fake_CalcPrivateHeapAndResourceSizes(
        D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATEHEAP_0124 *heap, const D3D12DDIARG_CREATERESOURCE_0124 *resource)
{
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes = { heap ? FAKE_OBJECT_SIZE : 0, resource ? FAKE_OBJECT_SIZE : 0 };

    return sizes;
}

static HRESULT APIENTRY fake_CreateHeapAndResource(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATEHEAP_0124 *heap_args,
                                                   D3D12DDI_HHEAP heap, D3D12DDI_HRTRESOURCE rt_resource,
                                                   const D3D12DDIARG_CREATERESOURCE_0124 *resource_args,
                                                   D3D12DDI_HRESOURCE resource)
{
    fake_record(1, device.pDrvPrivate);
    if (heap_args)
        fake_init_object(heap.pDrvPrivate);
    if (resource_args)
        fake_init_object(resource.pDrvPrivate);
    fake_see(heap.pDrvPrivate);
    fake_see(resource.pDrvPrivate);
    fake_see(resource_args ? resource_args->hPlacementHeap.pDrvPrivate : NULL);
    return S_OK;
}

static void APIENTRY fake_DestroyHeapAndResource(D3D12DDI_HDEVICE device, D3D12DDI_HHEAP heap,
                                                 D3D12DDI_HRESOURCE resource)
{
    fake_record(2, heap.pDrvPrivate, resource.pDrvPrivate);
}

/* With fake.rendezvous set, holds the caller inside the driver until that many threads
 * are inside (or about five seconds pass): the overlap detector's tests. */
static void fake_rendezvous(void)
{
    const struct timespec millisecond = { 0, 1000000 };
    unsigned int i;

    if (!fake.rendezvous)
        return;
    atomic_fetch_add(&fake.arrived, 1);
    for (i = 0; i < 5000 && atomic_load(&fake.arrived) < fake.rendezvous; ++i)
        thrd_sleep(&millisecond, NULL);
}

static SIZE_T APIENTRY fake_CalcPrivateCommandListSize(D3D12DDI_HDEVICE device,
                                                       const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *args)
{
    fake_rendezvous();
    /* Bundles are refused, to see the refusal pass through the spy. */
    return args->Type == D3D12_COMMAND_LIST_TYPE_BUNDLE ? (SIZE_T)-1 : FAKE_OBJECT_SIZE;
}

static HRESULT APIENTRY fake_CreateCommandAllocator(D3D12DDI_HDEVICE device,
                                                   const D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 *args,
                                                   D3D12DDI_HCOMMANDALLOCATOR allocator)
{
    fake_init_object(allocator.pDrvPrivate);
    return S_OK;
}

static HRESULT APIENTRY fake_CreateCommandList(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *args,
                                              D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRTCOMMANDLIST rt_list)
{
    fake_record(2, device.pDrvPrivate, args->hAllocator.pDrvPrivate);
    fake_init_object(list.pDrvPrivate);
    fake_see(list.pDrvPrivate);
    fake_note((uintptr_t)rt_list.handle);
    return S_OK;
}

static void APIENTRY fake_DestroyCommandList(D3D12DDI_HDEVICE device, D3D12DDI_HCOMMANDLIST list)
{
    fake_record(1, list.pDrvPrivate);
}

static HRESULT APIENTRY fake_CreateCommandQueue(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *args,
                                               D3D12DDI_HCOMMANDQUEUE queue, D3D12DDI_HRTCOMMANDQUEUE rt_queue)
{
    fake_init_object(queue.pDrvPrivate);
    return S_OK;
}

static HRESULT APIENTRY fake_CreateFence(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_FENCE_0124 *args,
                                        D3D12DDI_HFENCE fence)
{
    fake_init_object(fence.pDrvPrivate);
    return S_OK;
}

static void APIENTRY fake_CreateShaderResourceView(D3D12DDI_HDEVICE device,
                                                   const D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124 *args,
                                                   D3D12DDI_CPU_DESCRIPTOR_HANDLE dest)
{
    fake_record(1, args->hResource.pDrvPrivate);
    fake_note(dest.ptr);
}

/* ---- Fake command list, queue, render pass, async and tile mapping tables ---- */

static HRESULT APIENTRY fake_CloseCommandList(D3D12DDI_HCOMMANDLIST list)
{
    fake_record(1, list.pDrvPrivate);
    return S_OK;
}

static void APIENTRY fake_CopyBufferRegion(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HRESOURCE dst, UINT64 dst_offset,
                                           D3D12DDI_HRESOURCE src, UINT64 src_offset, UINT64 size)
{
    if (atomic_fetch_add(&fake.copies, 1))
        return;    /* only the first call records: the thread test counts */
    fake_record(3, list.pDrvPrivate, dst.pDrvPrivate, src.pDrvPrivate);
}

static void APIENTRY fake_Dispatch(D3D12DDI_HCOMMANDLIST list, UINT x, UINT y, UINT z)
{
    fake_rendezvous();
}

static void APIENTRY fake_CopyTextureRegion(D3D12DDI_HCOMMANDLIST list, const D3D12DDIARG_TEXTURE_COPY_LOCATION *dst,
                                            UINT x, UINT y, UINT z, const D3D12DDIARG_TEXTURE_COPY_LOCATION *src,
                                            const D3D12_BOX *box)
{
    fake_record(2, dst->hResource.pDrvPrivate, src->hResource.pDrvPrivate);
    fake_note(dst->SubresourceIndex);
}

static void APIENTRY fake_ExecuteBundle(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HCOMMANDLIST bundle)
{
    fake_record(1, bundle.pDrvPrivate);
}

static void APIENTRY fake_ResourceBarrier(D3D12DDI_HCOMMANDLIST list, UINT count,
                                          const D3D12DDIARG_RESOURCE_BARRIER *barriers)
{
    UINT i;

    fake_seen_reset();
    for (i = 0; i < count; ++i)
    {
        if (barriers[i].Type == D3D12_RESOURCE_BARRIER_TYPE_TRANSITION)
            fake_see(barriers[i].Transition.hResource.pDrvPrivate);
        else if (barriers[i].Type == D3D12_RESOURCE_BARRIER_TYPE_ALIASING)
        {
            fake_see(barriers[i].Aliasing.hResourceBefore.pDrvPrivate);
            fake_see(barriers[i].Aliasing.hResourceAfter.pDrvPrivate);
        }
        else
            fake_see(barriers[i].UAV.hResource.pDrvPrivate);
    }
}

static void APIENTRY fake_Barrier(D3D12DDI_HCOMMANDLIST list, UINT count, const D3D12DDIARG_BARRIER_0124 *barriers)
{
    UINT i;

    fake_seen_reset();
    for (i = 0; i < count; ++i)
    {
        if (barriers[i].Type == D3D12_BARRIER_TYPE_TEXTURE)
            fake_see(barriers[i].Texture.hResource.pDrvPrivate);
        else if (barriers[i].Type == D3D12_BARRIER_TYPE_BUFFER)
            fake_see(barriers[i].Buffer.hResource.pDrvPrivate);
        else
            fake_note(barriers[i].Global.SyncAfter);
    }
}

static void APIENTRY fake_ExecuteCommandLists(D3D12DDI_HCOMMANDQUEUE queue, UINT count, const D3D12DDI_HCOMMANDLIST *lists)
{
    UINT i;

    fake_record(1, queue.pDrvPrivate);
    for (i = 0; i < count; ++i)
        fake_see(lists[i].pDrvPrivate);
}

static void APIENTRY fake_SignalFence(D3D12DDI_HCOMMANDQUEUE queue, const D3D12DDIARG_FENCE_OPERATION_0124 *op)
{
    fake_record(2, queue.pDrvPrivate, op->hFence.pDrvPrivate);
    fake_note((uintptr_t)op->Value);
}

static void APIENTRY fake_BeginRenderPass(D3D12DDI_HCOMMANDLIST list, UINT count,
                                          const D3D12DDI_RENDER_PASS_RENDER_TARGET_DESC_0124 *targets,
                                          const D3D12DDI_RENDER_PASS_DEPTH_STENCIL_DESC_0124 *depth_stencil,
                                          D3D12_RENDER_PASS_FLAGS flags)
{
    UINT i;

    fake_seen_reset();
    for (i = 0; i < count; ++i)
    {
        fake_see(targets[i].hResolveSrc.pDrvPrivate);
        fake_see(targets[i].hResolveDst.pDrvPrivate);
        fake_note(targets[i].Descriptor.ptr);
    }
}

static void APIENTRY fake_EndRenderPass(D3D12DDI_HCOMMANDLIST list)
{
}

static void APIENTRY fake_CopyBufferRegions(D3D12DDI_HCOMMANDLIST list, UINT count, D3D12DDI_HRESOURCE *const *dsts,
                                            const UINT64 *dst_offsets, D3D12DDI_HRESOURCE *const *srcs,
                                            const UINT64 *src_offsets, const UINT64 *sizes)
{
    UINT i;

    fake_seen_reset();
    for (i = 0; i < count; ++i)
    {
        fake_see(dsts[i]->pDrvPrivate);
        fake_see(srcs[i]->pDrvPrivate);
    }
}

static void APIENTRY fake_CopyResources(D3D12DDI_HCOMMANDLIST list, UINT count, D3D12DDI_HRESOURCE *dsts,
                                        D3D12DDI_HRESOURCE *srcs)
{
    UINT i;

    fake_seen_reset();
    for (i = 0; i < count; ++i)
    {
        fake_see(dsts[i].pDrvPrivate);
        fake_see(srcs[i].pDrvPrivate);
    }
}

static void APIENTRY fake_FillBuffers(D3D12DDI_HCOMMANDLIST list, UINT count, const D3D12DDI_FILL_BUFFER_DESC *descs)
{
    UINT i;

    fake_seen_reset();
    for (i = 0; i < count; ++i)
    {
        fake_see(descs[i].hBuffer.pDrvPrivate);
        fake_note(descs[i].FillValue.Uints[0]);
    }
}

static HRESULT APIENTRY fake_CreateTileMappingQueue(D3D12DDI_HDEVICE device, UINT node,
                                                   D3D12DDI_HTILEMAPPINGQUEUE_0124 queue)
{
    fake_init_object(queue.pDrvPrivate);
    return S_OK;
}

static SIZE_T APIENTRY fake_CalcPrivateTileMappingQueueSize(D3D12DDI_HDEVICE device, UINT node)
{
    return FAKE_OBJECT_SIZE;
}

static HRESULT APIENTRY fake_RegisterResourceLayouts(D3D12DDI_HDEVICE device, UINT node, UINT count,
                                                     const D3D12DDI_HRESOURCE *resources, const UINT *indices)
{
    UINT i;

    fake_seen_reset();
    for (i = 0; i < count; ++i)
        fake_see(resources[i].pDrvPrivate);
    return S_OK;
}

static void APIENTRY fake_ExecuteTileMappings(D3D12DDI_HTILEMAPPINGQUEUE_0124 queue, UINT max_dwords,
                                              D3D12DDI_HRESOURCE arguments, UINT64 arguments_offset,
                                              D3D12DDI_HRESOURCE count, UINT64 count_offset,
                                              D3D12DDI_HRESOURCE tile_list, UINT64 tile_list_offset,
                                              D3DDDI_EXECUTE_TILE_MAPPINGS_FLAGS flags)
{
    fake_record(4, queue.pDrvPrivate, arguments.pDrvPrivate, count.pDrvPrivate, tile_list.pDrvPrivate);
}

static HRESULT APIENTRY fake_FillDDITable(D3D12DDI_HDEVICE device, D3D12DDI_TABLE_TYPE type, void *table, SIZE_T size,
                                          UINT num, D3D12DDI_HRTTABLE rt_table)
{
    fake_record(1, device.pDrvPrivate);
    switch ((int)type)
    {
        case D3D12DDI_TABLE_TYPE_DEVICE_CORE:
        {
            D3D12DDI_DEVICE_FUNCS_CORE_0124 *t = table;

            ck_assert_uint_eq(size, sizeof(*t));
            t->pfnCalcPrivateHeapAndResourceSizes = fake_CalcPrivateHeapAndResourceSizes;
            t->pfnCreateHeapAndResource = fake_CreateHeapAndResource;
            t->pfnDestroyHeapAndResource = fake_DestroyHeapAndResource;
            t->pfnCalcPrivateCommandAllocatorSize = fake_CalcAllocatorSize;
            t->pfnCreateCommandAllocator = fake_CreateCommandAllocator;
            t->pfnCalcPrivateCommandListSize = fake_CalcPrivateCommandListSize;
            t->pfnCreateCommandList = fake_CreateCommandList;
            t->pfnDestroyCommandList = fake_DestroyCommandList;
            t->pfnCalcPrivateCommandQueueSize = fake_CalcQueueSize;
            t->pfnCreateCommandQueue = fake_CreateCommandQueue;
            t->pfnCalcPrivateFenceSize = fake_CalcFenceSize;
            t->pfnCreateFence = fake_CreateFence;
            t->pfnCreateShaderResourceView = fake_CreateShaderResourceView;
            return S_OK;
        }
        case D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D:
        {
            D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *t = table;

            t->pfnCloseCommandList = fake_CloseCommandList;
            t->pfnCopyBufferRegion = fake_CopyBufferRegion;
            t->pfnDispatch = fake_Dispatch;
            t->pfnCopyTextureRegion = fake_CopyTextureRegion;
            t->pfnExecuteBundle = fake_ExecuteBundle;
            t->pfnResourceBarrier = fake_ResourceBarrier;
            t->pfnBarrier = fake_Barrier;
            return S_OK;
        }
        case D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D:
        {
            D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *t = table;

            t->pfnExecuteCommandLists = fake_ExecuteCommandLists;
            t->pfnSignalFence = fake_SignalFence;
            return S_OK;
        }
        case D3D12DDI_TABLE_TYPE_0043_RENDER_PASS:
        {
            D3D12DDI_RENDER_PASS_FUNCS_0124 *t = table;

            t->pfnBeginRenderPass = fake_BeginRenderPass;
            t->pfnEndRenderPass = fake_EndRenderPass;
            return S_OK;
        }
        case D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST:
        {
            D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *t = table;

            t->pfnCopyBufferRegions = fake_CopyBufferRegions;
            t->pfnCopyResources = fake_CopyResources;
            t->pfnFillBuffers = fake_FillBuffers;
            return S_OK;
        }
        case D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS:
            if (num == 0)
            {
                D3D12DDI_TILE_MAPPING_DEVICE_FUNCS_0124 *t = table;

                t->pfnCalcPrivateTileMappingQueueSize = fake_CalcPrivateTileMappingQueueSize;
                t->pfnCreateTileMappingQueue = fake_CreateTileMappingQueue;
                t->pfnRegisterResourceLayouts = fake_RegisterResourceLayouts;
            }
            else
            {
                D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 *t = table;

                t->pfnExecuteTileMappings = fake_ExecuteTileMappings;
            }
            return S_OK;
        default:
            return E_NOTIMPL;
    }
}

static HRESULT APIENTRY fake_open_adapter(D3D12DDIARG_OPENADAPTER_0124 *args)
{
    const D3D12DDI_ADAPTERFUNCS_0124 funcs =
    {
        fake_CalcPrivateDeviceSize, fake_CreateDevice, fake_CloseAdapter, fake_GetSupportedVersions,
        fake.null_get_caps ? NULL : fake_GetCaps, fake_FillDDITable, fake_DestroyDevice,
    };

    ++fake.opens;
    if (FAILED(fake.open_hr))
        return fake.open_hr;
    args->hAdapter.pDrvPrivate = &fake;
    *args->pAdapterFuncs = funcs;
    return S_OK;
}

/* ---- The runtime side: what the runtime would do, in miniature -------------------------- */

static const D3D12DDI_CORELAYER_DEVICECALLBACKS_0124 test_callbacks;

struct harness
{
    struct ddi_adapter adapter;
    struct ddi_spy *spy;
    D3D12DDI_HDEVICE device;
    D3D12DDI_DEVICE_FUNCS_CORE_0124 core;
    D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 list;
    D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 queue;
    D3D12DDI_RENDER_PASS_FUNCS_0124 render_pass;
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    HRESULT async_hr;
    D3D12DDI_TILE_MAPPING_DEVICE_FUNCS_0124 tile_device;
    D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 tile_queue;
};

/* Driver object memory, freed by the teardown fixture. */
static void *test_allocations[64];
static unsigned int test_allocation_count;

static void *test_alloc(SIZE_T size)
{
    void *ptr;

    ck_assert_uint_ne(size, (SIZE_T)-1);
    ck_assert_uint_lt(test_allocation_count, 64);
    ck_assert_ptr_nonnull(ptr = aligned_alloc(16, (size + 15) & ~(SIZE_T)15));
    memset(ptr, 0, size);
    return test_allocations[test_allocation_count++] = ptr;
}

/* The driver's pointer for a handle the runtime holds. */
#define INNER(handle) ((void *)((char *)(handle).pDrvPrivate + DDI_SPY_HEADER_SIZE))

/* Checks the pointers and values the driver's last entry received, in order. */
#define check_seen(...) check_seen_(__LINE__, __VA_ARGS__)
static void check_seen_(int line, unsigned int count, ...)
{
    unsigned int i;
    va_list args;

    ck_assert_msg(fake.seen_count == count, "line %d: the driver saw %u values, not %u", line, fake.seen_count, count);
    va_start(args, count);
    for (i = 0; i < count; ++i)
    {
        void *expected = va_arg(args, void *);

        ck_assert_msg(fake.seen[i] == expected, "line %d: value %u is %p, not %p", line, i, fake.seen[i], expected);
    }
    va_end(args);
    ck_assert_msg(!fake.bad_magic, "line %d: the driver got a pointer that is not its object", line);
}

static HRESULT harness_fill(struct harness *h, D3D12DDI_TABLE_TYPE type, void *table, SIZE_T size, UINT num)
{
    D3D12DDI_HRTTABLE rt_table = { table };

    return h->adapter.funcs.pfnFillDDITable(h->device, type, table, size, num, rt_table);
}

static void harness_open(struct harness *h, const struct ddi_spy_masks *masks)
{
    D3D12DDIARG_CALCPRIVATEDEVICESIZE calc = { D3D12DDI_INTERFACE_VERSION_R8, D3D12DDI_BUILD_VERSION_0124 << 16, 0 };
    D3D12DDIARG_CREATEDEVICE_0124 create;
    char err[256];

    memset(h, 0, sizeof(*h));
    ck_assert_int_eq(ddi_adapter_open(NULL, fake_open_adapter, "fake", &h->adapter, err, sizeof(err)), S_OK);
    ck_assert_ptr_nonnull(h->spy = ddi_spy_create(masks, false));
    ck_assert_int_eq(ddi_spy_wrap(h->spy, &h->adapter), S_OK);

    memset(&create, 0, sizeof(create));
    create.hRTDevice.handle = h;
    create.Interface = calc.Interface;
    create.Version = calc.Version;
    create.pCallbacks = &test_callbacks;
    create.hDrvDevice.pDrvPrivate = test_alloc(h->adapter.funcs.pfnCalcPrivateDeviceSize(h->adapter.handle, &calc));
    create.PipelineLevel = D3D12DDI_3DPIPELINELEVEL_12_0;
    ck_assert_int_eq(h->adapter.funcs.pfnCreateDevice(h->adapter.handle, &create), S_OK);
    h->device = create.hDrvDevice;

    ck_assert_int_eq(harness_fill(h, D3D12DDI_TABLE_TYPE_DEVICE_CORE, &h->core, sizeof(h->core), 0), S_OK);
    ck_assert_int_eq(harness_fill(h, D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D, &h->list, sizeof(h->list), 0), S_OK);
    ck_assert_int_eq(harness_fill(h, D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D, &h->queue, sizeof(h->queue), 0), S_OK);
    ck_assert_int_eq(harness_fill(h, D3D12DDI_TABLE_TYPE_0043_RENDER_PASS, &h->render_pass, sizeof(h->render_pass), 0),
                     S_OK);
    h->async_hr = harness_fill(h, D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST, &h->async, sizeof(h->async), 0);
    ck_assert_int_eq(harness_fill(h, D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS, &h->tile_device,
                                  sizeof(h->tile_device), 0), S_OK);
    ck_assert_int_eq(harness_fill(h, D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS, &h->tile_queue,
                                  sizeof(h->tile_queue), 1), S_OK);
}

static void harness_close(struct harness *h)
{
    h->adapter.funcs.pfnDestroyDevice(h->device);
    ddi_adapter_close(&h->adapter);
    ddi_spy_destroy(h->spy);
}

static D3D12DDI_HCOMMANDLIST harness_list(struct harness *h)
{
    D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 alloc_args = { D3D12_COMMAND_LIST_TYPE_DIRECT };
    D3D12DDIARG_CREATE_COMMAND_LIST_0124 args;
    D3D12DDI_HCOMMANDALLOCATOR allocator;
    D3D12DDI_HRTCOMMANDLIST rt_list = { h };
    D3D12DDI_HCOMMANDLIST list;

    allocator.pDrvPrivate = test_alloc(h->core.pfnCalcPrivateCommandAllocatorSize(h->device, &alloc_args));
    ck_assert_int_eq(h->core.pfnCreateCommandAllocator(h->device, &alloc_args, allocator), S_OK);
    memset(&args, 0, sizeof(args));
    args.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    args.hAllocator = allocator;
    list.pDrvPrivate = test_alloc(h->core.pfnCalcPrivateCommandListSize(h->device, &args));
    ck_assert_int_eq(h->core.pfnCreateCommandList(h->device, &args, list, rt_list), S_OK);
    /* Runtime handles pass unchanged. */
    check_seen(4, fake.device, INNER(allocator), INNER(list), (void *)h);
    return list;
}

/* A committed buffer: heap and resource in one call, both prefixed. */
static D3D12DDI_HRESOURCE harness_buffer(struct harness *h, D3D12DDI_HHEAP *heap_out)
{
    D3D12DDIARG_CREATEHEAP_0124 heap_args;
    D3D12DDIARG_CREATERESOURCE_0124 args;
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes;
    D3D12DDI_HRTRESOURCE rt = { h };
    D3D12DDI_HRESOURCE resource;
    D3D12DDI_HHEAP heap;

    memset(&heap_args, 0, sizeof(heap_args));
    heap_args.ByteSize = 65536;
    memset(&args, 0, sizeof(args));
    args.Kind = D3D12DDI_RESOURCE_KIND_COMMITTED;
    args.Desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    args.Desc.Width = 65536;
    sizes = h->core.pfnCalcPrivateHeapAndResourceSizes(h->device, &heap_args, &args);
    ck_assert_uint_eq(sizes.Heap, FAKE_OBJECT_SIZE + DDI_SPY_HEADER_SIZE);
    ck_assert_uint_eq(sizes.Resource, FAKE_OBJECT_SIZE + DDI_SPY_HEADER_SIZE);
    heap.pDrvPrivate = test_alloc(sizes.Heap);
    resource.pDrvPrivate = test_alloc(sizes.Resource);
    ck_assert_int_eq(h->core.pfnCreateHeapAndResource(h->device, &heap_args, heap, rt, &args, resource), S_OK);
    check_seen(4, fake.device, INNER(heap), INNER(resource), NULL);
    if (heap_out)
        *heap_out = heap;
    return resource;
}

static bool log_has(struct ddi_spy *spy, const char *name, const char *substring)
{
    struct ddi_spy_call call;
    size_t i;

    for (i = 0; ddi_spy_get_call(spy, i, &call); ++i)
    {
        if (!strcmp(call.name, name) && strstr(call.args, substring))
            return true;
    }
    return false;
}

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

    ck_assert_int_eq(h.tile_device.pfnRegisterResourceLayouts(h.device, 0, 2, dsts, indices), S_OK);
    check_seen(2, INNER(a), INNER(b));
    tile_queue.pDrvPrivate = test_alloc(h.tile_device.pfnCalcPrivateTileMappingQueueSize(h.device, 0));
    ck_assert_int_eq(h.tile_device.pfnCreateTileMappingQueue(h.device, 0, tile_queue), S_OK);
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
    ck_assert_ptr_null(h.tile_device.pfnUnregisterHeapLayouts);
    ck_assert_ptr_null(h.tile_queue.pfnSignalFence);

    /* Tables the spy cannot wrap are refused rather than passed through raw. */
    ck_assert_int_eq(harness_fill(&h, D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D, &table, sizeof(table) - 8, 0),
                     E_INVALIDARG);
    ck_assert_int_eq(harness_fill(&h, (D3D12DDI_TABLE_TYPE)3, &table, sizeof(table), 0), E_NOTIMPL);
    ck_assert_int_eq(harness_fill(&h, D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS, &table, sizeof(table), 2),
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
    ck_assert_uint_eq(ddi_spy_count(h.spy, "FillDDITable"), 7);
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
