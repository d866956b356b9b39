/*
 * Software command lists against the driver's own (runtime/rt_swlist.h): the
 * recording cost per call of CopyBufferRegion, of a draw with root constants
 * (SetGraphicsRoot32BitConstants + DrawInstanced) and of a bound clear
 * (ClearBoundRenderTargetViews, native Async Commands), each on one device with the
 * driver's lists and one with software lists (a DDI spy hides COMMANDLISTS); then the
 * cost of ExecuteCommandLists, which for software lists includes the replay. Prints
 * ns per call, the ratios and the recorded bytes per call, one run.
 *
 * Then bundles: a bundle of bound clears (whole view) and one of root constants + draw,
 * recorded by the driver on the native device, and by the runtime on a device with the
 * fallback forced (driver lists; the runtime records every bundle there so that a bound
 * clear is lowered at ExecuteBundle with the executing list's bindings). Recording,
 * ExecuteBundle (the runtime's replay into the executing list, lowering included) and
 * ExecuteCommandLists, ns per call of the bundle, and the bundle's bytes per call.
 *
 * usage: bench_swlist [calls] [reps]   (default 20000 calls, 9 repetitions; medians)
 */
#include "bench_util.h"
#include "rt_cmdlist.h"
#include "rt_swlist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum bench_mode {MODE_DRIVER, MODE_SOFTWARE, MODE_COUNT};
static const char *const mode_names[] = {"driver lists", "software lists"};
enum bench_kind {KIND_COPY, KIND_COPY_SPREAD, KIND_DRAW, KIND_BOUND_CLEAR, KIND_COUNT};
static const char *const kind_names[] = {"CopyBufferRegion", "CopyBufferRegion x64 src", "root constants + draw",
                                         "bound clear"};

/* KIND_COPY_SPREAD copies from this many buffers in turn: what the list holds grows to
 * as many objects (runtime/rt_cmdlist_keep.h), and each call looks its source up. */
#define BENCH_SPREAD_BUFFERS 64

struct bench_device
{
    struct bench_context ctx;
    ID3D12Resource *src, *dst, *target;
    ID3D12Resource *spread[BENCH_SPREAD_BUFFERS];
    ID3D12RootSignature *signature;
    ID3D12DescriptorHeap *rtv_heap;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
};

static void device_create_desc(struct bench_device *b, const struct bench_context_desc *desc);

static void device_create(struct bench_device *b, enum bench_mode mode)
{
    struct bench_context_desc desc = {0};
    struct ddi_spy_masks masks = {0};

    masks.max_tiled_resources_tier = -1;
    masks.hide_command_lists = mode == MODE_SOFTWARE;
    desc.name = mode_names[mode];
    desc.spy_masks = &masks;
    desc.spy_quiet = true;
    device_create_desc(b, &desc);
}

static void device_create_desc(struct bench_device *b, const struct bench_context_desc *desc)
{
    D3D12_ROOT_PARAMETER parameter = {.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS};
    D3D12_ROOT_SIGNATURE_DESC signature_desc = {.NumParameters = 1, .pParameters = &parameter};
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV, .NumDescriptors = 1};
    D3D12_HEAP_PROPERTIES heap = {.Type = D3D12_HEAP_TYPE_DEFAULT};
    D3D12_RESOURCE_DESC texture = {0};
    ID3DBlob *blob, *error;
    unsigned int i;

    memset(b, 0, sizeof(*b));
    bench_context_create(&b->ctx, desc);

    b->src = bench_create_buffer(b->ctx.device, D3D12_HEAP_TYPE_DEFAULT, 4096, D3D12_RESOURCE_FLAG_NONE,
                                 D3D12_RESOURCE_STATE_COMMON);
    b->dst = bench_create_buffer(b->ctx.device, D3D12_HEAP_TYPE_DEFAULT, 4096, D3D12_RESOURCE_FLAG_NONE,
                                 D3D12_RESOURCE_STATE_COMMON);
    for (i = 0; i < BENCH_SPREAD_BUFFERS; ++i)
        b->spread[i] = bench_create_buffer(b->ctx.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                                           D3D12_RESOURCE_STATE_COMMON);
    parameter.Constants.Num32BitValues = 4;
    bench_check_hr(D3D12SerializeRootSignature(&signature_desc, D3D_ROOT_SIGNATURE_VERSION_1, &blob, &error),
                   "D3D12SerializeRootSignature");
    bench_check_hr(ID3D12Device_CreateRootSignature(b->ctx.device, 0, ID3D10Blob_GetBufferPointer(blob),
                                                    ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature,
                                                    (void **)&b->signature), "CreateRootSignature");
    ID3D10Blob_Release(blob);

    texture.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    texture.Width = texture.Height = 64;
    texture.DepthOrArraySize = texture.MipLevels = 1;
    texture.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    texture.SampleDesc.Count = 1;
    texture.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    bench_check_hr(ID3D12Device_CreateCommittedResource(b->ctx.device, &heap, D3D12_HEAP_FLAG_NONE, &texture,
                                                        D3D12_RESOURCE_STATE_RENDER_TARGET, NULL, &IID_ID3D12Resource,
                                                        (void **)&b->target), "CreateCommittedResource");
    bench_check_hr(ID3D12Device_CreateDescriptorHeap(b->ctx.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                     (void **)&b->rtv_heap), "CreateDescriptorHeap");
    b->rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(b->rtv_heap);
    ID3D12Device_CreateRenderTargetView(b->ctx.device, b->target, NULL, b->rtv);
}

static void device_destroy(struct bench_device *b)
{
    unsigned int i;

    for (i = 0; i < BENCH_SPREAD_BUFFERS; ++i)
        ID3D12Resource_Release(b->spread[i]);
    ID3D12DescriptorHeap_Release(b->rtv_heap);
    ID3D12Resource_Release(b->target);
    ID3D12RootSignature_Release(b->signature);
    ID3D12Resource_Release(b->src);
    ID3D12Resource_Release(b->dst);
    bench_context_destroy(&b->ctx);
}

static void record(struct bench_device *b, enum bench_kind kind, unsigned int calls)
{
    static const D3D12_CLEAR_DATA value = {{{0.25f, 0.5f, 0.75f, 1.0f}}};
    const UINT constants[4] = {1, 2, 3, 4};
    unsigned int i;

    switch (kind)
    {
        case KIND_COPY:
            for (i = 0; i < calls; ++i)
                ID3D12GraphicsCommandList_CopyBufferRegion(b->ctx.list, b->dst, (i % 256) * 16, b->src, 0, 16);
            break;
        case KIND_COPY_SPREAD:
            for (i = 0; i < calls; ++i)
                ID3D12GraphicsCommandList_CopyBufferRegion(b->ctx.list, b->dst, (i % 256) * 16,
                                                           b->spread[i % BENCH_SPREAD_BUFFERS], 0, 16);
            break;
        case KIND_DRAW:
            ID3D12GraphicsCommandList_SetGraphicsRootSignature(b->ctx.list, b->signature);
            for (i = 0; i < calls; ++i)
            {
                ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(b->ctx.list, 0, 4, constants, 0);
                ID3D12GraphicsCommandList_DrawInstanced(b->ctx.list, 3, 1, 0, 0);
            }
            break;
        case KIND_BOUND_CLEAR:
            ID3D12GraphicsCommandList_OMSetRenderTargets(b->ctx.list, 1, &b->rtv, FALSE, NULL);
            for (i = 0; i < calls; ++i)
                ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(b->ctx.list12, 1, &value, NULL, NULL);
            break;
        default:
            break;
    }
}

/* Closes the context's list, executes it and waits: the ms ExecuteCommandLists took. */
static double submit_timed(struct bench_device *b)
{
    double start, ms;

    bench_check_hr(ID3D12GraphicsCommandList_Close(b->ctx.list), "Close");
    start = bench_now_ms();
    ID3D12CommandQueue_ExecuteCommandLists(b->ctx.queue, 1, (ID3D12CommandList **)&b->ctx.list);
    ms = bench_now_ms() - start;
    bench_check_hr(ID3D12CommandQueue_Signal(b->ctx.queue, b->ctx.fence, ++b->ctx.fence_value), "Signal");
    bench_check_hr(ID3D12Fence_SetEventOnCompletion(b->ctx.fence, b->ctx.fence_value, NULL), "wait");
    return ms;
}

/* ns per call of recording, ns per call of ExecuteCommandLists, recorded bytes per call. */
struct bench_result
{
    double record_ns, execute_ns, bytes;
};

static void measure(struct bench_device *b, enum bench_mode mode, enum bench_kind kind, unsigned int calls,
                    unsigned int reps, struct bench_result *result)
{
    double *record_ms, *execute_ms, start;
    struct rt_command_list *list;
    unsigned int r;

    if (!(record_ms = calloc(reps, sizeof(*record_ms))) || !(execute_ms = calloc(reps, sizeof(*execute_ms))))
        bench_fail("out of memory");
    for (r = 0; r < reps; ++r)
    {
        bench_begin(&b->ctx);
        start = bench_now_ms();
        record(b, kind, calls);
        record_ms[r] = bench_now_ms() - start;
        list = rt_command_list_from_iface((rt_command_list_iface *)b->ctx.list);
        if (mode == MODE_SOFTWARE)
            result->bytes = (double)rt_swlist_from_handle(list->hdrv)->bytes / calls;
        execute_ms[r] = submit_timed(b);
    }
    result->record_ns = bench_median(record_ms, reps) * 1e6 / calls;
    result->execute_ns = bench_median(execute_ms, reps) * 1e6 / calls;
    free(record_ms);
    free(execute_ms);
}

/* ---- Bundles ------------------------------------------------------------------------------ */

enum bench_bundle_mode {BUNDLE_DRIVER, BUNDLE_RUNTIME, BUNDLE_MODE_COUNT};
enum bench_bundle_kind {BUNDLE_BOUND_CLEAR, BUNDLE_DRAW, BUNDLE_KIND_COUNT};
static const char *const bundle_kind_names[] = {"bound clear", "root constants + draw"};

struct bench_bundle_result
{
    double record_ns, execute_bundle_ns, execute_ns, bytes;
};

static void record_bundle(struct bench_device *b, ID3D12GraphicsCommandList *bundle, enum bench_bundle_kind kind,
                          unsigned int calls)
{
    static const D3D12_CLEAR_DATA value = {{{0.25f, 0.5f, 0.75f, 1.0f}}};
    const UINT constants[4] = {1, 2, 3, 4};
    ID3D12GraphicsCommandList12 *bundle12;
    unsigned int i;

    if (kind == BUNDLE_DRAW)
    {
        ID3D12GraphicsCommandList_SetGraphicsRootSignature(bundle, b->signature);
        for (i = 0; i < calls; ++i)
        {
            ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(bundle, 0, 4, constants, 0);
            ID3D12GraphicsCommandList_DrawInstanced(bundle, 3, 1, 0, 0);
        }
        return;
    }
    bench_check_hr(ID3D12GraphicsCommandList_QueryInterface(bundle, &IID_ID3D12GraphicsCommandList12,
                                                            (void **)&bundle12), "QueryInterface");
    for (i = 0; i < calls; ++i)
        ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(bundle12, 1, &value, NULL, NULL);
    ID3D12GraphicsCommandList12_Release(bundle12);
}

static void measure_bundle(struct bench_device *b, enum bench_bundle_mode mode, enum bench_bundle_kind kind,
                           unsigned int calls, unsigned int reps, struct bench_bundle_result *result)
{
    double *record_ms, *bundle_ms, *execute_ms, start;
    ID3D12GraphicsCommandList *bundle;
    ID3D12CommandAllocator *allocator;
    struct rt_command_list *impl;
    unsigned int r;

    if (!(record_ms = calloc(reps, sizeof(*record_ms))) || !(bundle_ms = calloc(reps, sizeof(*bundle_ms)))
            || !(execute_ms = calloc(reps, sizeof(*execute_ms))))
        bench_fail("out of memory");
    bench_check_hr(ID3D12Device_CreateCommandAllocator(b->ctx.device, D3D12_COMMAND_LIST_TYPE_BUNDLE,
                                                       &IID_ID3D12CommandAllocator, (void **)&allocator),
                   "CreateCommandAllocator");
    bench_check_hr(ID3D12Device_CreateCommandList(b->ctx.device, 0, D3D12_COMMAND_LIST_TYPE_BUNDLE, allocator, NULL,
                                                  &IID_ID3D12GraphicsCommandList, (void **)&bundle),
                   "CreateCommandList");
    bench_check_hr(ID3D12GraphicsCommandList_Close(bundle), "Close");
    for (r = 0; r < reps; ++r)
    {
        bench_check_hr(ID3D12CommandAllocator_Reset(allocator), "CommandAllocator::Reset");
        bench_check_hr(ID3D12GraphicsCommandList_Reset(bundle, allocator, NULL), "CommandList::Reset");
        start = bench_now_ms();
        record_bundle(b, bundle, kind, calls);
        record_ms[r] = bench_now_ms() - start;
        impl = rt_command_list_from_iface((rt_command_list_iface *)bundle);
        if (mode == BUNDLE_RUNTIME)
            result->bytes = (double)rt_swlist_from_handle(impl->hdrv)->bytes / calls;
        bench_check_hr(ID3D12GraphicsCommandList_Close(bundle), "Close bundle");

        bench_begin(&b->ctx);
        ID3D12GraphicsCommandList_OMSetRenderTargets(b->ctx.list, 1, &b->rtv, FALSE, NULL);
        ID3D12GraphicsCommandList_SetGraphicsRootSignature(b->ctx.list, b->signature);
        start = bench_now_ms();
        ID3D12GraphicsCommandList_ExecuteBundle(b->ctx.list, bundle);
        bundle_ms[r] = bench_now_ms() - start;
        execute_ms[r] = submit_timed(b);
    }
    result->record_ns = bench_median(record_ms, reps) * 1e6 / calls;
    result->execute_bundle_ns = bench_median(bundle_ms, reps) * 1e6 / calls;
    result->execute_ns = bench_median(execute_ms, reps) * 1e6 / calls;
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(allocator);
    free(record_ms);
    free(bundle_ms);
    free(execute_ms);
}

static void bench_bundles(unsigned int calls, unsigned int reps)
{
    static const char *const names[] = {"native, driver bundles", "fallback, runtime bundles"};
    struct bench_bundle_result results[BUNDLE_MODE_COUNT][BUNDLE_KIND_COUNT] = {{{0}}};
    struct bench_result direct = {0};
    struct bench_context_desc desc = {0};
    struct ddi_spy_masks masks = {0};
    struct bench_device b;
    unsigned int mode, kind;

    for (mode = 0; mode < BUNDLE_MODE_COUNT; ++mode)
    {
        masks.max_tiled_resources_tier = -1;
        desc.name = names[mode];
        desc.spy_masks = &masks;
        desc.spy_quiet = true;
        desc.force_fallback = mode == BUNDLE_RUNTIME;
        desc.check_impl = true;
        desc.impl = mode == BUNDLE_RUNTIME ? D3D12_ASYNC_COMMANDS_IMPL_FALLBACK : D3D12_ASYNC_COMMANDS_IMPL_NATIVE;
        device_create_desc(&b, &desc);
        for (kind = 0; kind < BUNDLE_KIND_COUNT; ++kind)
            measure_bundle(&b, mode, kind, calls, reps, &results[mode][kind]);
        /* For scale: the same clear lowered as a direct list records it. */
        if (mode == BUNDLE_RUNTIME)
            measure(&b, MODE_DRIVER, KIND_BOUND_CLEAR, calls, reps, &direct);
        device_destroy(&b);
    }

    printf("\nbundles, %u calls each, median of %u; ns per call (ratio runtime bundle / driver bundle)\n", calls,
           reps);
    printf("%-24s %11s %11s %7s %11s %11s %7s %11s %11s %10s\n", "call", "record drv", "record rt", "ratio",
           "ExecBdl drv", "ExecBdl rt", "ratio", "ECL drv", "ECL rt", "bytes/call");
    for (kind = 0; kind < BUNDLE_KIND_COUNT; ++kind)
    {
        const struct bench_bundle_result *d = &results[BUNDLE_DRIVER][kind], *s = &results[BUNDLE_RUNTIME][kind];

        printf("%-24s %11.1f %11.1f %6.2fx %11.1f %11.1f %6.2fx %11.1f %11.1f %10.1f\n", bundle_kind_names[kind],
               d->record_ns, s->record_ns, s->record_ns / d->record_ns, d->execute_bundle_ns, s->execute_bundle_ns,
               s->execute_bundle_ns / d->execute_bundle_ns, d->execute_ns, s->execute_ns, s->bytes);
    }
    printf("for scale, the fallback's bound clear recorded in a direct list: %.1f ns per call\n", direct.record_ns);
}

int main(int argc, char **argv)
{
    struct bench_result results[MODE_COUNT][KIND_COUNT] = {0};
    unsigned int calls = argc > 1 ? (unsigned int)strtoul(argv[1], NULL, 0) : 20000;
    unsigned int reps = argc > 2 ? (unsigned int)strtoul(argv[2], NULL, 0) : 9;
    struct bench_device b;
    unsigned int mode, kind;

    bench_init("bench_swlist");
    if (!calls || !reps)
        bench_fail("usage: bench_swlist [calls] [reps]");
    for (mode = 0; mode < MODE_COUNT; ++mode)
    {
        device_create(&b, mode);
        for (kind = 0; kind < KIND_COUNT; ++kind)
            measure(&b, mode, kind, calls, reps, &results[mode][kind]);
        device_destroy(&b);
    }

    printf("%u calls per list, median of %u; ns per call (ratio software / driver)\n", calls, reps);
    printf("%-24s %12s %12s %7s %12s %12s %7s %10s\n", "call", "record drv", "record sw", "ratio", "execute drv",
           "execute sw", "ratio", "bytes/call");
    for (kind = 0; kind < KIND_COUNT; ++kind)
    {
        const struct bench_result *d = &results[MODE_DRIVER][kind], *s = &results[MODE_SOFTWARE][kind];

        printf("%-24s %12.1f %12.1f %6.2fx %12.1f %12.1f %6.2fx %10.1f\n", kind_names[kind], d->record_ns,
               s->record_ns, s->record_ns / d->record_ns, d->execute_ns, s->execute_ns, s->execute_ns / d->execute_ns,
               s->bytes);
    }
    bench_bundles(calls, reps);
    return 0;
}
