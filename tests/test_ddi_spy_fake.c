/* The DDI spy tests' fake driver and harness (test_ddi_spy.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <unistd.h>

#include "test_ddi_spy.h"

/* ---- The fake driver ---------------------------------------------------------------- */


struct fake_state fake;

void fake_reset(void)
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

HRESULT APIENTRY fake_CreateDevice(D3D12DDI_HADAPTER adapter, D3D12DDIARG_CREATEDEVICE_0124 *args)
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
        return D3D12DDI_E_INSUFFICIENT_BUFFER;
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
            t->pfnCalcPrivateTileMappingQueueSize = fake_CalcPrivateTileMappingQueueSize;
            t->pfnCreateTileMappingQueue = fake_CreateTileMappingQueue;
            t->pfnRegisterResourceLayouts = fake_RegisterResourceLayouts;
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
        {
            D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 *t = table;

            t->pfnExecuteTileMappings = fake_ExecuteTileMappings;
            return S_OK;
        }
        default:
            return E_NOTIMPL;
    }
}

HRESULT APIENTRY fake_open_adapter(D3D12DDIARG_OPENADAPTER_0124 *args)
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

const D3D12DDI_CORELAYER_DEVICECALLBACKS_0124 test_callbacks;


/* Driver object memory, freed by the teardown fixture. */
void *test_allocations[TEST_MAX_ALLOCATIONS];
unsigned int test_allocation_count;

void *test_alloc(SIZE_T size)
{
    void *ptr;

    ck_assert_uint_ne(size, (SIZE_T)-1);
    ck_assert_uint_lt(test_allocation_count, TEST_MAX_ALLOCATIONS);
    ck_assert_ptr_nonnull(ptr = aligned_alloc(16, (size + 15) & ~(SIZE_T)15));
    memset(ptr, 0, size);
    return test_allocations[test_allocation_count++] = ptr;
}


void check_seen_(int line, unsigned int count, ...)
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

HRESULT harness_fill(struct harness *h, D3D12DDI_TABLE_TYPE type, void *table, SIZE_T size, UINT num)
{
    D3D12DDI_HRTTABLE rt_table = { table };

    return h->adapter.funcs.pfnFillDDITable(h->device, type, table, size, num, rt_table);
}

void harness_open(struct harness *h, const struct ddi_spy_masks *masks)
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
    ck_assert_int_eq(harness_fill(h, D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS, &h->tile_queue,
                                  sizeof(h->tile_queue), 0), S_OK);
}

void harness_close(struct harness *h)
{
    h->adapter.funcs.pfnDestroyDevice(h->device);
    ddi_adapter_close(&h->adapter);
    ddi_spy_destroy(h->spy);
}

D3D12DDI_HCOMMANDLIST harness_list(struct harness *h)
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
D3D12DDI_HRESOURCE harness_buffer(struct harness *h, D3D12DDI_HHEAP *heap_out)
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

bool log_has(struct ddi_spy *spy, const char *name, const char *substring)
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
