/*
 * FillBuffers, measured side by side in one run (issue 6, seed 000 "Performance"):
 *
 * - Legacy: the application writes the fill by hand, the way the fallback's upload
 *   route does it: a mapped UPLOAD chunk of at most 1 MiB filled on the CPU with the
 *   pattern, then CopyBufferRegion from it until the destination is covered.
 * - Fallback (upload): FillBuffers on a device whose Impl is FALLBACK (forced by the
 *   configuration file), on the simulated device as it is (UMA).
 * - Fallback (upload + staging): the same on a device the DDI spy reports discrete, so
 *   fills larger than one chunk repeat their copies from a VRAM staging block.
 * - Fallback (compute): FillBuffers of a UAV buffer whose scope the list knows from its
 *   own barrier, so the runtime's fill shader writes it on the device's shader engine.
 * - Native: FillBuffers through the driver's Async table (the built-in driver's own Impl).
 *
 * Each implementation gets its own device, created and released one after the other,
 * with its Impl checked. A sample is the wall time of one frame: allocator and list
 * Reset, recording, Close, ExecuteCommandLists, and a fence wait. The first frame of
 * every size is not timed: its bytes are read back at three places and checked, so the
 * bench never measures a broken path. Links the runtime's static library for the
 * spy hook and the fallback pools' counters.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#define COBJMACROS
#include <d3d12rt/d3d12.h>

#include "rt_adapter.h"
#include "rt_device.h"
#include "rt_fallback_services.h"
#include "ddi_spy.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define KIB (1024ull)
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)

#define BENCH_CHUNK (1 * MIB)      /* the legacy chunk: the fallback's largest */
#define BENCH_PATTERN 16u
#define BENCH_WINDOW (4 * KIB)     /* bytes checked at the start, middle and end */

enum bench_impl
{
    BENCH_LEGACY,
    BENCH_FALLBACK_UPLOAD,
    BENCH_FALLBACK_DISCRETE,
    BENCH_FALLBACK_COMPUTE,
    BENCH_NATIVE,
    BENCH_IMPL_COUNT,
};

static const char *const bench_impl_names[BENCH_IMPL_COUNT] =
{
    "Legacy", "Fallback (upload)", "Fallback (upload+staging, discrete)", "Fallback (compute)", "Native",
};

static const UINT64 bench_sizes[] = {1 * KIB, 64 * KIB, 1 * MIB, 16 * MIB, 256 * MIB, 1 * GIB};

struct bench_device
{
    enum bench_impl impl;
    ID3D12Device *device;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12GraphicsCommandList12 *list12;
    ID3D12Fence *fence;
    UINT64 fence_value;
    ID3D12Resource *chunk;         /* Legacy only: the mapped upload chunk */
    unsigned char *chunk_data;
    struct ddi_spy *spy;           /* discrete and compute only */
};

struct bench_pools
{
    bool valid;
    struct rt_fallback_pool_stats stats;
};

static UINT8 bench_pattern[BENCH_PATTERN];

static void check_hr(HRESULT hr, const char *what)
{
    if (FAILED(hr))
    {
        fprintf(stderr, "bench_fill: %s failed: %#x\n", what, (unsigned int)hr);
        exit(1);
    }
}

static double now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static ID3D12Resource *create_buffer(ID3D12Device *device, D3D12_HEAP_TYPE type, UINT64 size,
                                     D3D12_RESOURCE_FLAGS flags, D3D12_RESOURCE_STATES state)
{
    D3D12_HEAP_PROPERTIES heap = {0};
    D3D12_RESOURCE_DESC desc = {0};
    ID3D12Resource *resource;

    heap.Type = type;
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = size;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    desc.Flags = flags;
    check_hr(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc, state, NULL,
                                                  &IID_ID3D12Resource, (void **)&resource), "CreateCommittedResource");
    return resource;
}

/* ---- Devices ---------------------------------------------------------------------------- */

/* The configuration file that forces the fallback, removed at exit. */
static char bench_config_path[64];

static void remove_config(void)
{
    if (bench_config_path[0])
        unlink(bench_config_path);
}

static void write_fallback_config(void)
{
    static const char text[] = "[device]\nforce-async-commands-fallback = true\n";
    FILE *file;
    int fd;

    snprintf(bench_config_path, sizeof(bench_config_path), "/tmp/bench_fill_XXXXXX");
    if ((fd = mkstemp(bench_config_path)) < 0 || !(file = fdopen(fd, "w")))
    {
        perror("bench_fill: temporary configuration file");
        exit(1);
    }
    fputs(text, file);
    fclose(file);
    atexit(remove_config);
}

/* The settings each implementation is created under: the configuration file and the
 * driver's environment are read at device creation, the spy wraps adapters opened
 * while it is set. */
static void apply_settings(struct bench_device *b)
{
    bool forced = b->impl == BENCH_FALLBACK_UPLOAD || b->impl == BENCH_FALLBACK_DISCRETE
            || b->impl == BENCH_FALLBACK_COMPUTE;
    struct ddi_spy_masks masks = {0};

    setenv("D3D12RT_CONFIG", forced ? bench_config_path : "/nonexistent/bench_fill.ini", 1);
    if (b->impl == BENCH_FALLBACK_DISCRETE || b->impl == BENCH_FALLBACK_COMPUTE)
    {
        masks.max_tiled_resources_tier = -1;
        masks.report_discrete = b->impl == BENCH_FALLBACK_DISCRETE;
        if (!(b->spy = ddi_spy_create(&masks, false)))
        {
            fprintf(stderr, "bench_fill: cannot create the DDI spy\n");
            exit(1);
        }
    }
    rt_testing_set_driver_spy(b->spy);
}

static void device_create(struct bench_device *b, enum bench_impl impl)
{
    D3D12_FEATURE_DATA_ASYNC_COMMANDS async = {0};
    D3D12_FEATURE_DATA_ARCHITECTURE arch = {0};
    D3D12_COMMAND_QUEUE_DESC queue_desc = {0};
    D3D12_RANGE none = {0, 0};
    D3D12_ASYNC_COMMANDS_IMPL expected;

    memset(b, 0, sizeof(*b));
    b->impl = impl;
    apply_settings(b);
    check_hr(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&b->device),
             "D3D12CreateDevice");
    rt_testing_set_driver_spy(NULL);

    check_hr(ID3D12Device_CheckFeatureSupport(b->device, D3D12_FEATURE_ASYNC_COMMANDS, &async, sizeof(async)),
             "CheckFeatureSupport(ASYNC_COMMANDS)");
    expected = impl == BENCH_NATIVE ? D3D12_ASYNC_COMMANDS_IMPL_NATIVE : D3D12_ASYNC_COMMANDS_IMPL_FALLBACK;
    if (impl != BENCH_LEGACY && async.Impl != expected)
    {
        fprintf(stderr, "bench_fill: %s device has Impl %d, expected %d\n", bench_impl_names[impl], async.Impl,
                expected);
        exit(1);
    }
    check_hr(ID3D12Device_CheckFeatureSupport(b->device, D3D12_FEATURE_ARCHITECTURE, &arch, sizeof(arch)),
             "CheckFeatureSupport(ARCHITECTURE)");
    if (!arch.UMA != (impl == BENCH_FALLBACK_DISCRETE))
    {
        fprintf(stderr, "bench_fill: %s device reports UMA %d\n", bench_impl_names[impl], arch.UMA);
        exit(1);
    }

    queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    check_hr(ID3D12Device_CreateCommandQueue(b->device, &queue_desc, &IID_ID3D12CommandQueue, (void **)&b->queue),
             "CreateCommandQueue");
    check_hr(ID3D12Device_CreateCommandAllocator(b->device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                 &IID_ID3D12CommandAllocator, (void **)&b->allocator),
             "CreateCommandAllocator");
    check_hr(ID3D12Device_CreateCommandList(b->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, b->allocator, NULL,
                                            &IID_ID3D12GraphicsCommandList, (void **)&b->list), "CreateCommandList");
    check_hr(ID3D12GraphicsCommandList_Close(b->list), "Close");
    check_hr(ID3D12GraphicsCommandList_QueryInterface(b->list, &IID_ID3D12GraphicsCommandList12,
                                                      (void **)&b->list12), "QueryInterface(List12)");
    check_hr(ID3D12Device_CreateFence(b->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&b->fence),
             "CreateFence");
    if (impl == BENCH_LEGACY)
    {
        b->chunk = create_buffer(b->device, D3D12_HEAP_TYPE_UPLOAD, BENCH_CHUNK, D3D12_RESOURCE_FLAG_NONE,
                                 D3D12_RESOURCE_STATE_GENERIC_READ);
        check_hr(ID3D12Resource_Map(b->chunk, 0, &none, (void **)&b->chunk_data), "Map");
    }
}

static void device_destroy(struct bench_device *b)
{
    if (b->chunk)
        ID3D12Resource_Release(b->chunk);
    ID3D12Fence_Release(b->fence);
    ID3D12GraphicsCommandList12_Release(b->list12);
    ID3D12GraphicsCommandList_Release(b->list);
    ID3D12CommandAllocator_Release(b->allocator);
    ID3D12CommandQueue_Release(b->queue);
    ID3D12Device_Release(b->device);
    if (b->spy)
        ddi_spy_destroy(b->spy);
}

/* ---- Frames ----------------------------------------------------------------------------- */

static void begin(struct bench_device *b)
{
    check_hr(ID3D12CommandAllocator_Reset(b->allocator), "CommandAllocator::Reset");
    check_hr(ID3D12GraphicsCommandList_Reset(b->list, b->allocator, NULL), "CommandList::Reset");
}

static void submit_and_wait(struct bench_device *b)
{
    ID3D12CommandList *list = (ID3D12CommandList *)b->list;

    check_hr(ID3D12GraphicsCommandList_Close(b->list), "Close");
    ID3D12CommandQueue_ExecuteCommandLists(b->queue, 1, &list);
    check_hr(ID3D12CommandQueue_Signal(b->queue, b->fence, ++b->fence_value), "Signal");
    check_hr(ID3D12Fence_SetEventOnCompletion(b->fence, b->fence_value, NULL), "SetEventOnCompletion");
}

/* The same work as the fallback's upload route, written with legacy calls. */
static void record_legacy(struct bench_device *b, ID3D12Resource *dst, UINT64 size)
{
    UINT64 chunk = size < BENCH_CHUNK ? size : BENCH_CHUNK, offset, done;

    /* One pattern, then doubling copies: what a careful application would write. */
    memcpy(b->chunk_data, bench_pattern, BENCH_PATTERN);
    for (done = BENCH_PATTERN; done < chunk; done *= 2)
        memcpy(b->chunk_data + done, b->chunk_data, chunk - done < done ? chunk - done : done);
    for (offset = 0; offset < size; offset += chunk)
        ID3D12GraphicsCommandList_CopyBufferRegion(b->list, dst, offset, b->chunk, 0,
                                                   size - offset < chunk ? size - offset : chunk);
}

/* An enhanced barrier on the destination: the list knows its scope, a condition of the
 * compute route. */
static void record_scope_barrier(struct bench_device *b, ID3D12Resource *dst)
{
    D3D12_BUFFER_BARRIER barrier = {0};
    D3D12_BARRIER_GROUP group;

    barrier.SyncBefore = D3D12_BARRIER_SYNC_NONE;
    barrier.AccessBefore = D3D12_BARRIER_ACCESS_NO_ACCESS;
    barrier.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    barrier.AccessAfter = D3D12_BARRIER_ACCESS_COPY_DEST;
    barrier.pResource = dst;
    barrier.Size = UINT64_MAX;
    group.Type = D3D12_BARRIER_TYPE_BUFFER;
    group.NumBarriers = 1;
    group.pBufferBarriers = &barrier;
    ID3D12GraphicsCommandList12_Barrier(b->list12, 1, &group);
}

static void record_fill(struct bench_device *b, ID3D12Resource *dst, UINT64 size)
{
    D3D12_FILL_BUFFER_DESC desc;

    if (b->impl == BENCH_LEGACY)
    {
        record_legacy(b, dst, size);
        return;
    }
    if (b->impl == BENCH_FALLBACK_COMPUTE)
        record_scope_barrier(b, dst);
    memset(&desc, 0, sizeof(desc));
    desc.pBuffer = dst;
    desc.Format = DXGI_FORMAT_UNKNOWN;
    desc.RawPatternSizeInBytes = BENCH_PATTERN;
    desc.RepeatCount = (UINT)(size / BENCH_PATTERN);
    memcpy(desc.FillValue.Bytes, bench_pattern, BENCH_PATTERN);
    ID3D12GraphicsCommandList12_FillBuffers(b->list12, 1, &desc);
}

static double frame(struct bench_device *b, ID3D12Resource *dst, UINT64 size)
{
    double start = now_ms();

    begin(b);
    record_fill(b, dst, size);
    submit_and_wait(b);
    return now_ms() - start;
}

/* Reads back three windows of the destination and checks them against the pattern. */
static void verify(struct bench_device *b, ID3D12Resource *dst, UINT64 size)
{
    UINT64 window = size < BENCH_WINDOW ? size : BENCH_WINDOW, offsets[3], i;
    D3D12_RANGE range = {0, 3 * BENCH_WINDOW}, none = {0, 0};
    ID3D12Resource *readback;
    unsigned char *data;
    unsigned int w;

    offsets[0] = 0;
    offsets[1] = (size / 2) & ~(UINT64)(BENCH_PATTERN - 1);
    offsets[2] = size - window;
    if (offsets[1] + window > size)
        offsets[1] = offsets[2];
    readback = create_buffer(b->device, D3D12_HEAP_TYPE_READBACK, 3 * BENCH_WINDOW, D3D12_RESOURCE_FLAG_NONE,
                             D3D12_RESOURCE_STATE_COPY_DEST);
    begin(b);
    for (w = 0; w < 3; ++w)
        ID3D12GraphicsCommandList_CopyBufferRegion(b->list, readback, w * BENCH_WINDOW, dst, offsets[w], window);
    submit_and_wait(b);
    check_hr(ID3D12Resource_Map(readback, 0, &range, (void **)&data), "Map(readback)");
    for (w = 0; w < 3; ++w)
    {
        for (i = 0; i < window; ++i)
        {
            if (data[w * BENCH_WINDOW + i] != bench_pattern[(offsets[w] + i) % BENCH_PATTERN])
            {
                fprintf(stderr, "bench_fill: %s, %llu bytes: byte %llu is %#x, expected %#x\n",
                        bench_impl_names[b->impl], (unsigned long long)size, (unsigned long long)(offsets[w] + i),
                        data[w * BENCH_WINDOW + i], bench_pattern[(offsets[w] + i) % BENCH_PATTERN]);
                exit(1);
            }
        }
    }
    ID3D12Resource_Unmap(readback, 0, &none);
    ID3D12Resource_Release(readback);
}

/* The discrete device must take the staging route (its barriers) once a fill is
 * larger than a chunk, the compute device the compute route (dispatches, no copy); the
 * spy then stops recording so its log stays small. */
static void check_route(struct bench_device *b, UINT64 size)
{
    size_t barriers, dispatches, copies;

    if (!b->spy)
        return;
    barriers = ddi_spy_count(b->spy, "Barrier");
    dispatches = ddi_spy_count(b->spy, "Dispatch");
    copies = ddi_spy_count(b->spy, "CopyBufferRegion");
    ddi_spy_set_recording(b->spy, false);
    if (b->impl == BENCH_FALLBACK_DISCRETE && (size > BENCH_CHUNK) != (barriers > 0))
    {
        fprintf(stderr, "bench_fill: discrete fill of %llu bytes recorded %zu barriers\n", (unsigned long long)size,
                barriers);
        exit(1);
    }
    /* The verifying readback's 3 copies come after; the frame itself copies nothing. */
    if (b->impl == BENCH_FALLBACK_COMPUTE && (!dispatches || copies))
    {
        fprintf(stderr, "bench_fill: compute fill of %llu bytes recorded %zu dispatches and %zu copies\n",
                (unsigned long long)size, dispatches, copies);
        exit(1);
    }
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

static double median(double *samples, unsigned int count)
{
    qsort(samples, count, sizeof(*samples), compare_double);
    return count % 2 ? samples[count / 2] : (samples[count / 2 - 1] + samples[count / 2]) / 2;
}

/* Medians for every size of one implementation, then the pools' counters after a last
 * allocator Reset (everything recorded is handed back to the pools). */
static void run_impl(enum bench_impl impl, unsigned int size_count, unsigned int reps, double *medians,
                     struct bench_pools *pools)
{
    struct bench_device b;
    ID3D12Resource *dst;
    unsigned int s, r;
    double *samples;

    if (!(samples = calloc(reps, sizeof(*samples))))
        exit(1);
    device_create(&b, impl);
    for (s = 0; s < size_count; ++s)
    {
        dst = create_buffer(b.device, D3D12_HEAP_TYPE_DEFAULT, bench_sizes[s],
                            impl == BENCH_FALLBACK_COMPUTE ? D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS
                            : D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
        if (b.spy)
        {
            ddi_spy_clear(b.spy);
            ddi_spy_set_recording(b.spy, true);
        }
        frame(&b, dst, bench_sizes[s]);
        check_route(&b, bench_sizes[s]);
        verify(&b, dst, bench_sizes[s]);
        for (r = 0; r < reps; ++r)
            samples[r] = frame(&b, dst, bench_sizes[s]);
        medians[s] = median(samples, reps);
        ID3D12Resource_Release(dst);
    }
    begin(&b);
    check_hr(ID3D12GraphicsCommandList_Close(b.list), "Close");
    check_hr(ID3D12CommandAllocator_Reset(b.allocator), "CommandAllocator::Reset");
    pools->valid = impl == BENCH_FALLBACK_UPLOAD || impl == BENCH_FALLBACK_DISCRETE
            || impl == BENCH_FALLBACK_COMPUTE;
    if (pools->valid)
        rt_fallback_pool_stats(rt_device_from_iface(b.device), &pools->stats);
    device_destroy(&b);
    free(samples);
}

/* ---- Output ----------------------------------------------------------------------------- */

static void format_size(UINT64 size, char *buf, size_t len)
{
    if (size >= GIB && !(size % GIB))
        snprintf(buf, len, "%llu GiB", (unsigned long long)(size / GIB));
    else if (size >= MIB && !(size % MIB))
        snprintf(buf, len, "%llu MiB", (unsigned long long)(size / MIB));
    else
        snprintf(buf, len, "%llu KiB", (unsigned long long)(size / KIB));
}

static void print_table(unsigned int size_count, unsigned int reps, double medians[][ARRAY_SIZE(bench_sizes)],
                        const struct bench_pools *pools)
{
    unsigned int s, i;
    char size[32];

    printf("FillBuffers, median wall time in ms of %u frames (Reset, record, execute, wait)\n\n", reps);
    printf("%-8s %11s %11s %11s %11s %11s %10s %10s %10s\n", "size", "legacy", "fb-upload", "fb-staging",
           "fb-compute", "native", "fb/legacy", "cs/legacy", "native/fb");
    for (s = 0; s < size_count; ++s)
    {
        format_size(bench_sizes[s], size, sizeof(size));
        printf("%-8s %11.3f %11.3f %11.3f %11.3f %11.3f %10.2f %10.2f %10.2f\n", size, medians[BENCH_LEGACY][s],
               medians[BENCH_FALLBACK_UPLOAD][s], medians[BENCH_FALLBACK_DISCRETE][s],
               medians[BENCH_FALLBACK_COMPUTE][s], medians[BENCH_NATIVE][s],
               medians[BENCH_FALLBACK_UPLOAD][s] / medians[BENCH_LEGACY][s],
               medians[BENCH_FALLBACK_COMPUTE][s] / medians[BENCH_LEGACY][s],
               medians[BENCH_NATIVE][s] / medians[BENCH_FALLBACK_UPLOAD][s]);
    }
    printf("\ncs/legacy: the compute route (the runtime's fill shader interpreted by the simulated device)\n"
           "against the hand-written upload copies.\n");
    printf("\nFallback pools after the run (budget %llu MiB):\n", RT_FALLBACK_POOL_BUDGET / MIB);
    printf("%-36s %12s %8s %10s %10s %10s\n", "device", "kept bytes", "kept", "created", "reused", "destroyed");
    for (i = 0; i < BENCH_IMPL_COUNT; ++i)
    {
        if (!pools[i].valid)
            continue;
        printf("%-36s %12llu %8llu %10llu %10llu %10llu\n", bench_impl_names[i],
               (unsigned long long)pools[i].stats.kept_bytes, (unsigned long long)pools[i].stats.kept_count,
               (unsigned long long)pools[i].stats.created, (unsigned long long)pools[i].stats.reused,
               (unsigned long long)pools[i].stats.destroyed);
    }
}

/* ---- Options ---------------------------------------------------------------------------- */

static UINT64 parse_size(const char *text)
{
    char *end;
    UINT64 value = strtoull(text, &end, 10);

    if (!strcasecmp(end, "k") || !strcasecmp(end, "kib"))
        return value * KIB;
    if (!strcasecmp(end, "m") || !strcasecmp(end, "mib"))
        return value * MIB;
    if (!strcasecmp(end, "g") || !strcasecmp(end, "gib"))
        return value * GIB;
    return *end ? 0 : value;
}

static void usage(void)
{
    fprintf(stderr, "usage: bench_fill [--max-size SIZE] [--full] [--reps N]\n"
                    "  --max-size SIZE  largest fill (suffix K, M or G), default 256M\n"
                    "  --full           up to 1 GiB\n"
                    "  --reps N         timed frames per size (default 15)\n");
    exit(2);
}

int main(int argc, char **argv)
{
    static double medians[BENCH_IMPL_COUNT][ARRAY_SIZE(bench_sizes)];
    struct bench_pools pools[BENCH_IMPL_COUNT] = {0};
    unsigned int i, size_count = 0, reps = 15;
    UINT64 max_size = 256 * MIB;

    for (i = 1; i < (unsigned int)argc; ++i)
    {
        if (!strcmp(argv[i], "--full"))
            max_size = 1 * GIB;
        else if (!strcmp(argv[i], "--max-size") && i + 1 < (unsigned int)argc)
            max_size = parse_size(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < (unsigned int)argc)
            reps = (unsigned int)strtoul(argv[++i], NULL, 10);
        else
            usage();
    }
    while (size_count < ARRAY_SIZE(bench_sizes) && bench_sizes[size_count] <= max_size)
        ++size_count;
    if (!size_count || !reps)
        usage();
    for (i = 0; i < BENCH_PATTERN; ++i)
        bench_pattern[i] = (UINT8)(0x11 * i + 0x5a);

    write_fallback_config();
    for (i = 0; i < BENCH_IMPL_COUNT; ++i)
        run_impl(i, size_count, reps, medians[i], &pools[i]);
    print_table(size_count, reps, medians, pools);
    return 0;
}
