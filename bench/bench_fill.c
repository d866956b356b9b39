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

#include "bench_util.h"

#include "rt_device.h"
#include "rt_fallback_services.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
    struct bench_context ctx;      /* spy: discrete and compute only */
    ID3D12Resource *chunk;         /* Legacy only: the mapped upload chunk */
    unsigned char *chunk_data;
};

struct bench_pools
{
    bool valid;
    struct rt_fallback_pool_stats stats;
};

static UINT8 bench_pattern[BENCH_PATTERN];

/* ---- Devices ---------------------------------------------------------------------------- */

/* The settings each implementation is created under: the fallback forced by the
 * configuration file, the spy on the discrete and compute devices. */
static void device_create(struct bench_device *b, enum bench_impl impl)
{
    struct bench_context_desc desc = {0};
    struct ddi_spy_masks masks = {0};
    D3D12_RANGE none = {0, 0};

    memset(b, 0, sizeof(*b));
    b->impl = impl;
    desc.name = bench_impl_names[impl];
    desc.force_fallback = impl == BENCH_FALLBACK_UPLOAD || impl == BENCH_FALLBACK_DISCRETE
            || impl == BENCH_FALLBACK_COMPUTE;
    if (impl == BENCH_FALLBACK_DISCRETE || impl == BENCH_FALLBACK_COMPUTE)
    {
        masks.max_tiled_resources_tier = -1;
        masks.report_discrete = impl == BENCH_FALLBACK_DISCRETE;
        desc.spy_masks = &masks;
    }
    desc.check_impl = impl != BENCH_LEGACY;
    desc.impl = impl == BENCH_NATIVE ? D3D12_ASYNC_COMMANDS_IMPL_NATIVE : D3D12_ASYNC_COMMANDS_IMPL_FALLBACK;
    desc.discrete = impl == BENCH_FALLBACK_DISCRETE;
    bench_context_create(&b->ctx, &desc);
    if (impl == BENCH_LEGACY)
    {
        b->chunk = bench_create_buffer(b->ctx.device, D3D12_HEAP_TYPE_UPLOAD, BENCH_CHUNK, D3D12_RESOURCE_FLAG_NONE,
                                       D3D12_RESOURCE_STATE_GENERIC_READ);
        bench_check_hr(ID3D12Resource_Map(b->chunk, 0, &none, (void **)&b->chunk_data), "Map");
    }
}

static void device_destroy(struct bench_device *b)
{
    if (b->chunk)
        ID3D12Resource_Release(b->chunk);
    bench_context_destroy(&b->ctx);
}

/* ---- Frames ----------------------------------------------------------------------------- */

/* The same work as the fallback's upload route, written with legacy calls. */
static void record_legacy(struct bench_device *b, ID3D12Resource *dst, UINT64 size)
{
    UINT64 chunk = size < BENCH_CHUNK ? size : BENCH_CHUNK, offset, done;

    /* One pattern, then doubling copies: what a careful application would write. */
    memcpy(b->chunk_data, bench_pattern, BENCH_PATTERN);
    for (done = BENCH_PATTERN; done < chunk; done *= 2)
        memcpy(b->chunk_data + done, b->chunk_data, chunk - done < done ? chunk - done : done);
    for (offset = 0; offset < size; offset += chunk)
        ID3D12GraphicsCommandList_CopyBufferRegion(b->ctx.list, dst, offset, b->chunk, 0,
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
    ID3D12GraphicsCommandList12_Barrier(b->ctx.list12, 1, &group);
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
    ID3D12GraphicsCommandList12_FillBuffers(b->ctx.list12, 1, &desc);
}

static double frame(struct bench_device *b, ID3D12Resource *dst, UINT64 size)
{
    double start = bench_now_ms();

    bench_begin(&b->ctx);
    record_fill(b, dst, size);
    bench_submit_and_wait(&b->ctx);
    return bench_now_ms() - start;
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
    readback = bench_create_buffer(b->ctx.device, D3D12_HEAP_TYPE_READBACK, 3 * BENCH_WINDOW,
                                   D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COPY_DEST);
    bench_begin(&b->ctx);
    for (w = 0; w < 3; ++w)
        ID3D12GraphicsCommandList_CopyBufferRegion(b->ctx.list, readback, w * BENCH_WINDOW, dst, offsets[w], window);
    bench_submit_and_wait(&b->ctx);
    bench_check_hr(ID3D12Resource_Map(readback, 0, &range, (void **)&data), "Map(readback)");
    for (w = 0; w < 3; ++w)
    {
        for (i = 0; i < window; ++i)
        {
            if (data[w * BENCH_WINDOW + i] != bench_pattern[(offsets[w] + i) % BENCH_PATTERN])
            {
                bench_fail("%s, %llu bytes: byte %llu is %#x, expected %#x", bench_impl_names[b->impl],
                           (unsigned long long)size, (unsigned long long)(offsets[w] + i), data[w * BENCH_WINDOW + i],
                           bench_pattern[(offsets[w] + i) % BENCH_PATTERN]);
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

    if (!b->ctx.spy)
        return;
    barriers = ddi_spy_count(b->ctx.spy, "Barrier");
    dispatches = ddi_spy_count(b->ctx.spy, "Dispatch");
    copies = ddi_spy_count(b->ctx.spy, "CopyBufferRegion");
    ddi_spy_set_recording(b->ctx.spy, false);
    if (b->impl == BENCH_FALLBACK_DISCRETE && (size > BENCH_CHUNK) != (barriers > 0))
    {
        bench_fail("discrete fill of %llu bytes recorded %zu barriers", (unsigned long long)size, barriers);
    }
    /* The verifying readback's 3 copies come after; the frame itself copies nothing. */
    if (b->impl == BENCH_FALLBACK_COMPUTE && (!dispatches || copies))
    {
        bench_fail("compute fill of %llu bytes recorded %zu dispatches and %zu copies", (unsigned long long)size,
                   dispatches, copies);
    }
}

/* Medians for every size of one implementation, then the pools' counters after a last
 * allocator Reset (everything recorded is handed back to the pools). */
/* The largest compute-route fill timed: 16 MiB, or all sizes with --full. */
static UINT64 bench_compute_max = 16 * MIB;

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
        /* The interpreted compute route takes seconds per frame above 16 MiB. */
        if (impl == BENCH_FALLBACK_COMPUTE && bench_sizes[s] > bench_compute_max)
        {
            medians[s] = -1.0;
            continue;
        }
        dst = bench_create_buffer(b.ctx.device, D3D12_HEAP_TYPE_DEFAULT, bench_sizes[s],
                                  impl == BENCH_FALLBACK_COMPUTE ? D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS
                                  : D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COMMON);
        if (b.ctx.spy)
        {
            ddi_spy_clear(b.ctx.spy);
            ddi_spy_set_recording(b.ctx.spy, true);
        }
        frame(&b, dst, bench_sizes[s]);
        check_route(&b, bench_sizes[s]);
        verify(&b, dst, bench_sizes[s]);
        for (r = 0; r < reps; ++r)
            samples[r] = frame(&b, dst, bench_sizes[s]);
        medians[s] = bench_median(samples, reps);
        ID3D12Resource_Release(dst);
    }
    bench_begin(&b.ctx);
    bench_check_hr(ID3D12GraphicsCommandList_Close(b.ctx.list), "Close");
    bench_check_hr(ID3D12CommandAllocator_Reset(b.ctx.allocator), "CommandAllocator::Reset");
    pools->valid = impl == BENCH_FALLBACK_UPLOAD || impl == BENCH_FALLBACK_DISCRETE
            || impl == BENCH_FALLBACK_COMPUTE;
    if (pools->valid)
        rt_fallback_pool_stats(rt_device_from_iface(b.ctx.device), &pools->stats);
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
    char size[32], compute[32], compute_ratio[32];
    unsigned int s, i;

    printf("FillBuffers, median wall time in ms of %u frames (Reset, record, execute, wait)\n\n", reps);
    printf("%-8s %11s %11s %11s %11s %11s %10s %10s %10s\n", "size", "legacy", "fb-upload", "fb-staging",
           "fb-compute", "native", "fb/legacy", "cs/legacy", "native/fb");
    for (s = 0; s < size_count; ++s)
    {
        format_size(bench_sizes[s], size, sizeof(size));
        if (medians[BENCH_FALLBACK_COMPUTE][s] < 0.0)
        {
            snprintf(compute, sizeof(compute), "%11s", "skipped");
            snprintf(compute_ratio, sizeof(compute_ratio), "%10s", "-");
        }
        else
        {
            snprintf(compute, sizeof(compute), "%11.3f", medians[BENCH_FALLBACK_COMPUTE][s]);
            snprintf(compute_ratio, sizeof(compute_ratio), "%10.2f",
                     medians[BENCH_FALLBACK_COMPUTE][s] / medians[BENCH_LEGACY][s]);
        }
        printf("%-8s %11.3f %11.3f %11.3f %s %11.3f %10.2f %s %10.2f\n", size, medians[BENCH_LEGACY][s],
               medians[BENCH_FALLBACK_UPLOAD][s], medians[BENCH_FALLBACK_DISCRETE][s], compute,
               medians[BENCH_NATIVE][s], medians[BENCH_FALLBACK_UPLOAD][s] / medians[BENCH_LEGACY][s],
               compute_ratio, medians[BENCH_NATIVE][s] / medians[BENCH_FALLBACK_UPLOAD][s]);
    }
    printf("\ncs/legacy: the compute route (the runtime's fill shader interpreted by the simulated device)\n"
           "against the hand-written upload copies; compute fills above 16 MiB run with --full only.\n");
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
                    "  --full           up to 1 GiB, the compute route at every size\n"
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
            max_size = bench_compute_max = 1 * GIB;
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

    bench_init("bench_fill");
    for (i = 0; i < BENCH_IMPL_COUNT; ++i)
        run_impl(i, size_count, reps, medians[i], &pools[i]);
    print_table(size_count, reps, medians, pools);
    return 0;
}
