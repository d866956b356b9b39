/*
 * ClearBoundRenderTargetViews, measured side by side in one run (issue 21, seed 000
 * "Performance"): 1, 4 and 8 bound R8G8B8A8_UNORM targets cleared whole or in an 8x8
 * region sweep (64 regions per target in one call), outside and inside a render pass,
 * through
 *
 * - Native: the driver's Async table;
 * - Fallback: the legacy shortcut (whole views outside a pass) or the draws (the sweep
 *   outside a pass, everything inside one) with the state ledger's restore;
 * - Legacy: the same work written by hand: OMSetRenderTargets and one
 *   ClearRenderTargetView per target (with the 64 rects for the sweep). Legacy clears
 *   are not allowed inside a pass, so for the inside rows the hand-written clears come
 *   right before BeginRenderPass (what an app without the API would record).
 *
 * The legacy baseline is what a programmer writes by hand for the same work, like for
 * like: every row binds the targets with OMSetRenderTargets, and each target gets one
 * ClearRenderTargetView, whole or with the sweep's 64 rects in one rect list (the
 * cheapest legacy form of a region sweep: one call per target, not one per region).
 *
 * Each implementation gets a device with its Impl checked and a DDI spy that records
 * only the checked frame, which must show the row's route; that frame's targets are
 * read back and every texel checked. The times come from a second device without a spy
 * (the spy's bookkeeping per driver call would charge the fallback's extra calls more
 * than the driver does), whose last frame is read back too. N samples are taken of the
 * CPU recording time (the calls between the list's Reset and Close, the mean of
 * BENCH_RECORDINGS fresh recordings closed unexecuted) and of the execution time
 * (Close, ExecuteCommandLists and the fence wait of one frame); medians are printed,
 * with the fallback's clear-pipeline cache hit rate over the timed run.
 *
 * Sweeps cannot reach the 1.5x goal on the fallback: seed 000 makes every region one
 * scissored draw (two driver calls per region against one call per target), see
 * specs/decisions/D027-bound-clear-recording-cost.md.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "bench_util.h"
#include "rt_clear_pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define BENCH_TARGETS 8u
#define BENCH_GRID 8u
#define BENCH_RECORDINGS 50u           /* fresh recordings per recording-time sample */

enum bench_impl
{
    BENCH_LEGACY,
    BENCH_FALLBACK,
    BENCH_NATIVE,
    BENCH_IMPL_COUNT,
};

static const char *const bench_impl_names[BENCH_IMPL_COUNT] = {"Legacy", "Fallback", "Native"};

struct bench_row
{
    UINT targets;
    bool sweep, in_pass;
};

static const struct bench_row bench_rows[] =
{
    {1, false, false}, {4, false, false}, {8, false, false},
    {1, true, false}, {4, true, false}, {8, true, false},
    {1, false, true}, {4, false, true}, {8, false, true},
    {1, true, true}, {4, true, true}, {8, true, true},
};
#define BENCH_ROW_COUNT ARRAY_SIZE(bench_rows)

static const float bench_value[4] = {1.0f, 0.5f, 0.0f, 0.25f};
static const UINT8 bench_bytes[4] = {0xff, 0x80, 0x00, 0x40};
static const float bench_other[4] = {0.0f, 1.0f, 1.0f, 1.0f};

struct bench_device
{
    enum bench_impl impl;
    struct bench_context ctx;
    UINT size;
    ID3D12Resource *targets[BENCH_TARGETS];
    ID3D12Resource *readback;
    ID3D12DescriptorHeap *rtv_heap;
    D3D12_CPU_DESCRIPTOR_HANDLE rtvs[BENCH_TARGETS];
    D3D12_BOX boxes[BENCH_GRID * BENCH_GRID];
    D3D12_RECT rects[BENCH_GRID * BENCH_GRID];
};

/* A copy footprint's row pitch: D3D12_TEXTURE_DATA_PITCH_ALIGNMENT. */
static UINT bench_row_pitch(UINT size)
{
    return (size * 4 + D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1) & ~(D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1);
}

struct bench_times
{
    double record, execute;
};

/* spied: with a quiet DDI spy, for the checked frame; timed devices have none, so the
 * fallback's extra driver calls are not charged the spy's bookkeeping. */
static void device_create(struct bench_device *b, enum bench_impl impl, UINT size, bool spied)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {0};
    struct bench_context_desc desc = {0};
    struct ddi_spy_masks masks = {0};
    D3D12_HEAP_PROPERTIES heap = {0};
    D3D12_RESOURCE_DESC texture = {0};
    UINT i, x, y, step;

    memset(b, 0, sizeof(*b));
    b->impl = impl;
    b->size = size;
    masks.max_tiled_resources_tier = -1;
    desc.name = bench_impl_names[impl];
    desc.force_fallback = impl == BENCH_FALLBACK;
    desc.spy_masks = spied ? &masks : NULL;
    desc.spy_quiet = true;
    desc.check_impl = impl != BENCH_LEGACY;
    desc.impl = impl == BENCH_NATIVE ? D3D12_ASYNC_COMMANDS_IMPL_NATIVE : D3D12_ASYNC_COMMANDS_IMPL_FALLBACK;
    bench_context_create(&b->ctx, &desc);

    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    texture.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    texture.Width = texture.Height = size;
    texture.DepthOrArraySize = texture.MipLevels = 1;
    texture.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    texture.SampleDesc.Count = 1;
    texture.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    heap_desc.NumDescriptors = BENCH_TARGETS;
    bench_check_hr(ID3D12Device_CreateDescriptorHeap(b->ctx.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                     (void **)&b->rtv_heap), "CreateDescriptorHeap");
    step = ID3D12Device_GetDescriptorHandleIncrementSize(b->ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    for (i = 0; i < BENCH_TARGETS; ++i)
    {
        bench_check_hr(ID3D12Device_CreateCommittedResource(b->ctx.device, &heap, D3D12_HEAP_FLAG_NONE, &texture,
                                                            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource,
                                                            (void **)&b->targets[i]), "CreateCommittedResource");
        b->rtvs[i] = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(b->rtv_heap);
        b->rtvs[i].ptr += (SIZE_T)i * step;
        ID3D12Device_CreateRenderTargetView(b->ctx.device, b->targets[i], NULL, b->rtvs[i]);
    }
    b->readback = bench_create_buffer(b->ctx.device, D3D12_HEAP_TYPE_READBACK, (UINT64)bench_row_pitch(size) * size,
                                      D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COPY_DEST);
    for (y = 0, i = 0; y < BENCH_GRID; ++y)
    {
        for (x = 0; x < BENCH_GRID; ++x, ++i)
        {
            b->boxes[i] = (D3D12_BOX){x * size / BENCH_GRID, y * size / BENCH_GRID, 0, (x + 1) * size / BENCH_GRID,
                                      (y + 1) * size / BENCH_GRID, 1};
            b->rects[i] = (D3D12_RECT){(LONG)b->boxes[i].left, (LONG)b->boxes[i].top, (LONG)b->boxes[i].right,
                                       (LONG)b->boxes[i].bottom};
        }
    }
}

static void device_destroy(struct bench_device *b)
{
    UINT i;

    for (i = 0; i < BENCH_TARGETS; ++i)
        ID3D12Resource_Release(b->targets[i]);
    ID3D12Resource_Release(b->readback);
    ID3D12DescriptorHeap_Release(b->rtv_heap);
    bench_context_destroy(&b->ctx);
}

/* The cache's hits and misses on this device so far (zero where nothing drew). */
static void cache_stats(struct bench_device *b, struct rt_clear_pipeline_stats *stats)
{
    const struct rt_clear_pipelines *pipelines;

    memset(stats, 0, sizeof(*stats));
    if (SUCCEEDED(rt_device_clear_pipelines(rt_device_from_iface(b->ctx.device), &pipelines)) && pipelines)
        rt_clear_pipeline_cache_stats(pipelines->cache, stats);
}

/* ---- Frames ----------------------------------------------------------------------------- */

static void begin_pass(struct bench_device *b, UINT count)
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rts[BENCH_TARGETS];
    UINT i;

    memset(rts, 0, sizeof(rts));
    for (i = 0; i < count; ++i)
    {
        rts[i].cpuDescriptor = b->rtvs[i];
        rts[i].BeginningAccess.Type = D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE;
        rts[i].EndingAccess.Type = D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE;
    }
    ID3D12GraphicsCommandList12_BeginRenderPass(b->ctx.list12, count, rts, NULL, D3D12_RENDER_PASS_FLAG_NONE);
}

static void record_row(struct bench_device *b, const struct bench_row *row, const float value[4])
{
    const D3D12_BOX *regions[BENCH_TARGETS];
    D3D12_CLEAR_DATA values[BENCH_TARGETS];
    UINT counts[BENCH_TARGETS], i;

    if (b->impl == BENCH_LEGACY)
    {
        ID3D12GraphicsCommandList_OMSetRenderTargets(b->ctx.list, row->targets, b->rtvs, FALSE, NULL);
        for (i = 0; i < row->targets; ++i)
            ID3D12GraphicsCommandList_ClearRenderTargetView(b->ctx.list, b->rtvs[i], value,
                                                            row->sweep ? BENCH_GRID * BENCH_GRID : 0,
                                                            row->sweep ? b->rects : NULL);
        if (row->in_pass)
        {
            begin_pass(b, row->targets);
            ID3D12GraphicsCommandList12_EndRenderPass(b->ctx.list12);
        }
        return;
    }
    for (i = 0; i < row->targets; ++i)
    {
        memcpy(values[i].Floats, value, sizeof(values[i].Floats));
        counts[i] = BENCH_GRID * BENCH_GRID;
        regions[i] = b->boxes;
    }
    if (row->in_pass)
        begin_pass(b, row->targets);
    else
        ID3D12GraphicsCommandList_OMSetRenderTargets(b->ctx.list, row->targets, b->rtvs, FALSE, NULL);
    ID3D12GraphicsCommandList12_ClearBoundRenderTargetViews(b->ctx.list12, (1u << row->targets) - 1, values,
                                                            row->sweep ? counts : NULL, row->sweep ? regions : NULL);
    if (row->in_pass)
        ID3D12GraphicsCommandList12_EndRenderPass(b->ctx.list12);
}

static double frame(struct bench_device *b, const struct bench_row *row, const float value[4])
{
    double start;

    bench_begin(&b->ctx);
    record_row(b, row, value);
    start = bench_now_ms();
    bench_submit_and_wait(&b->ctx);
    return bench_now_ms() - start;
}

/* The mean CPU time of recording the row into a freshly reset list, over
 * BENCH_RECORDINGS recordings that are closed and never executed (a warm CPU, every
 * recording starting from nothing, as a frame's would). One untimed recording comes
 * first: after the previous frame's fence wait the CPU's caches hold whatever ran
 * meanwhile (on a shared machine, other processes), which would charge each
 * implementation its code size rather than its work. */
static double recording(struct bench_device *b, const struct bench_row *row)
{
    double total = 0.0, start;
    unsigned int i;

    bench_begin(&b->ctx);
    record_row(b, row, bench_value);
    bench_check_hr(ID3D12GraphicsCommandList_Close(b->ctx.list), "Close");
    for (i = 0; i < BENCH_RECORDINGS; ++i)
    {
        bench_begin(&b->ctx);
        start = bench_now_ms();
        record_row(b, row, bench_value);
        total += bench_now_ms() - start;
        bench_check_hr(ID3D12GraphicsCommandList_Close(b->ctx.list), "Close");
    }
    return total / BENCH_RECORDINGS;
}

/* The spy's record of the checked frame must show the row's route. */
static void check_route(struct bench_device *b, const struct bench_row *row)
{
    size_t native = ddi_spy_count(b->ctx.spy, "ClearBoundRenderTargetViews");
    size_t views = ddi_spy_count(b->ctx.spy, "ClearRenderTargetView");
    size_t draws = ddi_spy_count(b->ctx.spy, "DrawInstanced");
    size_t regions = row->sweep ? BENCH_GRID * BENCH_GRID : 1;
    bool ok;

    if (b->impl == BENCH_NATIVE)
        ok = native == 1 && !views && !draws;
    else if (b->impl == BENCH_LEGACY || (!row->in_pass && !row->sweep))
        ok = !native && views == row->targets && !draws;
    else
        ok = !native && !views && draws == row->targets * regions;
    if (!ok)
        bench_fail("%s, %u targets%s%s: %zu native clears, %zu view clears, %zu draws", bench_impl_names[b->impl],
                   row->targets, row->sweep ? " sweep" : "", row->in_pass ? " in a pass" : "", native, views, draws);
}

/* Every texel of the row's targets is the value. */
static void verify(struct bench_device *b, const struct bench_row *row)
{
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    UINT8 *data, *texel;
    D3D12_RANGE range;
    size_t i;
    UINT t;

    for (t = 0; t < row->targets; ++t)
    {
        bench_begin(&b->ctx);
        dst.pResource = b->readback;
        dst.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
        memset(&dst.PlacedFootprint, 0, sizeof(dst.PlacedFootprint));
        dst.PlacedFootprint.Footprint.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        dst.PlacedFootprint.Footprint.Width = dst.PlacedFootprint.Footprint.Height = b->size;
        dst.PlacedFootprint.Footprint.Depth = 1;
        dst.PlacedFootprint.Footprint.RowPitch = bench_row_pitch(b->size);
        src.pResource = b->targets[t];
        src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
        src.SubresourceIndex = 0;
        ID3D12GraphicsCommandList_CopyTextureRegion(b->ctx.list, &dst, 0, 0, 0, &src, NULL);
        bench_submit_and_wait(&b->ctx);
        range.Begin = 0;
        range.End = (SIZE_T)bench_row_pitch(b->size) * b->size;
        bench_check_hr(ID3D12Resource_Map(b->readback, 0, &range, (void **)&data), "Map(readback)");
        for (i = 0; i < (size_t)b->size * b->size; ++i)
        {
            texel = data + i / b->size * bench_row_pitch(b->size) + i % b->size * 4;
            if (memcmp(texel, bench_bytes, 4))
                bench_fail("%s, %u targets%s%s: target %u texel %zu is %02x%02x%02x%02x", bench_impl_names[b->impl],
                           row->targets, row->sweep ? " sweep" : "", row->in_pass ? " in a pass" : "", t, i,
                           texel[0], texel[1], texel[2], texel[3]);
        }
        range.End = 0;
        ID3D12Resource_Unmap(b->readback, 0, &range);
    }
}

/* The rows of `rows` (a bit per row): each checked on a spied device (route and bytes),
 * then timed on a device without a spy (the next one: D3D12CreateDevice hands out one
 * device per adapter at a time), whose last frame's bytes are checked again. */
static void run_impl(enum bench_impl impl, unsigned int reps, UINT size, unsigned int rows,
                     struct bench_times *medians, struct rt_clear_pipeline_stats *stats)
{
    double *record, *execute;
    struct bench_device b;
    unsigned int r, i;

    if (!(record = calloc(reps, sizeof(*record))) || !(execute = calloc(reps, sizeof(*execute))))
        exit(1);
    device_create(&b, impl, size, true);
    for (r = 0; r < BENCH_ROW_COUNT; ++r)
    {
        if (!(rows & (1u << r)))
            continue;
        frame(&b, &bench_rows[r], bench_other);
        ddi_spy_clear(b.ctx.spy);
        ddi_spy_set_recording(b.ctx.spy, true);
        frame(&b, &bench_rows[r], bench_value);
        ddi_spy_set_recording(b.ctx.spy, false);
        check_route(&b, &bench_rows[r]);
        verify(&b, &bench_rows[r]);
    }
    device_destroy(&b);
    device_create(&b, impl, size, false);
    for (r = 0; r < BENCH_ROW_COUNT; ++r)
    {
        if (!(rows & (1u << r)))
            continue;
        frame(&b, &bench_rows[r], bench_other);
        for (i = 0; i < reps; ++i)
        {
            record[i] = recording(&b, &bench_rows[r]);
            execute[i] = frame(&b, &bench_rows[r], bench_value);
        }
        verify(&b, &bench_rows[r]);
        medians[r].record = bench_median(record, reps);
        medians[r].execute = bench_median(execute, reps);
    }
    cache_stats(&b, stats);
    device_destroy(&b);
    free(record);
    free(execute);
}

/* ---- Output ----------------------------------------------------------------------------- */

static void print_table(unsigned int reps, UINT size, unsigned int rows,
                        struct bench_times medians[][BENCH_ROW_COUNT], const struct rt_clear_pipeline_stats *stats)
{
    const struct bench_times *legacy, *fb, *native;
    const struct bench_row *row;
    unsigned int r;

    printf("ClearBoundRenderTargetViews on %ux%u R8G8B8A8_UNORM targets, medians of %u samples;\n"
           "rec: CPU recording (Reset to Close, the mean of %u fresh recordings), exec: Close +\n"
           "ExecuteCommandLists + fence wait of one frame;\n"
           "sweep: %ux%u regions per target in one call\n\n", size, size, reps, BENCH_RECORDINGS, BENCH_GRID,
           BENCH_GRID);
    printf("%-3s %-6s %-7s %-8s %9s %9s %9s %9s %9s %9s %9s %9s\n", "rts", "area", "pass", "fb route", "leg rec",
           "fb rec", "nat rec", "fb/leg", "leg exec", "fb exec", "nat exec", "fb/leg");
    printf("%-27s %9s %9s %9s %9s %9s %9s %9s %9s\n", "", "(us)", "(us)", "(us)", "", "(ms)", "(ms)", "(ms)", "");
    for (r = 0; r < BENCH_ROW_COUNT; ++r)
    {
        if (!(rows & (1u << r)))
            continue;
        row = &bench_rows[r];
        legacy = &medians[BENCH_LEGACY][r];
        fb = &medians[BENCH_FALLBACK][r];
        native = &medians[BENCH_NATIVE][r];
        printf("%-3u %-6s %-7s %-8s %9.2f %9.2f %9.2f %9.2f %9.3f %9.3f %9.3f %9.2f\n", row->targets,
               row->sweep ? "sweep" : "whole", row->in_pass ? "inside" : "outside",
               !row->in_pass && !row->sweep ? "legacy" : "draws", legacy->record * 1000.0, fb->record * 1000.0,
               native->record * 1000.0,
               fb->record / legacy->record, legacy->execute, fb->execute, native->execute,
               fb->execute / legacy->execute);
    }
    printf("\nclear-pipeline cache on the fallback device: %llu hits, %llu misses (%.2f%% hits), %llu evictions, "
           "%u cached\n", (unsigned long long)stats->hits, (unsigned long long)stats->misses,
           stats->hits + stats->misses ? 100.0 * (double)stats->hits / (double)(stats->hits + stats->misses) : 0.0,
           (unsigned long long)stats->evictions, stats->count);
    printf("legacy: OMSetRenderTargets and one ClearRenderTargetView per target (64 rects for the sweep);\n"
           "inside rows: the same before an empty pass (legacy clears are not allowed in one).\n");
}

static void usage(void)
{
    fprintf(stderr, "usage: bench_bound_clear [--reps N] [--size N]\n"
                    "  --reps N  timed frames per row (default 15)\n"
                    "  --size N  target width and height (default 256, a multiple of 8)\n"
                    "  --row N   only row N of the table, from 0 (for perf record)\n");
    exit(2);
}

int main(int argc, char **argv)
{
    static struct bench_times medians[BENCH_IMPL_COUNT][BENCH_ROW_COUNT];
    struct rt_clear_pipeline_stats stats[BENCH_IMPL_COUNT];
    unsigned int i, reps = 15, size = 256, rows = (1u << BENCH_ROW_COUNT) - 1, row;

    for (i = 1; i < (unsigned int)argc; ++i)
    {
        if (!strcmp(argv[i], "--reps") && i + 1 < (unsigned int)argc)
            reps = (unsigned int)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--size") && i + 1 < (unsigned int)argc)
            size = (unsigned int)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--row") && i + 1 < (unsigned int)argc
                && (row = (unsigned int)strtoul(argv[++i], NULL, 10)) < BENCH_ROW_COUNT)
            rows = 1u << row;
        else
            usage();
    }
    if (!reps || !size || size % BENCH_GRID)
        usage();
    bench_init("bench_bound_clear");
    for (i = 0; i < BENCH_IMPL_COUNT; ++i)
        run_impl(i, reps, size, rows, medians[i], &stats[i]);
    print_table(reps, size, rows, medians, &stats[BENCH_FALLBACK]);
    return 0;
}
