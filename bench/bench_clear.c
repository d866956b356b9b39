/*
 * ClearTextureSubresources, measured side by side in one run (issue 7, seed 000
 * "Performance"): a 4K render target, a 4K texture without RT/DS flags and an MSAA
 * render target, each cleared whole and in a region sweep (a grid of regions, one call
 * each), through
 *
 * - Native: the driver's Async table (the built-in driver's own Impl);
 * - Fallback, one row per route: the in-place clear (the app's barrier makes the
 *   layout known), the pattern copy (a texture without RT flag, or an RT whose layout
 *   the list does not know), the pattern copy with tiles staged through VRAM (a device
 *   the DDI spy reports discrete) and the MSAA clear-and-copy;
 * - Legacy: the same work written by hand with legacy calls, per route: barriers
 *   around the app's own ClearRenderTargetView; an upload tile of the fallback's shape
 *   written on the CPU and CopyTextureRegion per band; a scratch MSAA texture cleared
 *   and copied in.
 *
 * Each implementation gets its own device, created and released one after the other,
 * with its Impl checked; every device is wrapped in a DDI spy (recording only during
 * the first frame, so the cost is the same for all) that confirms the route taken. A
 * sample is the wall time of one frame: allocator and list Reset, recording, Close,
 * ExecuteCommandLists and a fence wait. Before the timed frames of a row, a frame
 * clears another value, then a frame clears the row's value and every texel of the
 * target is read back and checked, so a broken path stops the bench.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "bench_util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define BENCH_WIDTH 3840u
#define BENCH_HEIGHT 2160u
#define BENCH_MSAA_WIDTH 1920u
#define BENCH_MSAA_HEIGHT 1080u
#define BENCH_MSAA_SAMPLES 4u
#define BENCH_GRID 8u                  /* the sweep: GRID x GRID regions */
#define BENCH_TILE_BYTES (64u * 1024u) /* the fallback's tile size (fallback/fb_clear.c) */

enum bench_impl
{
    BENCH_LEGACY,
    BENCH_FALLBACK,
    BENCH_FALLBACK_DISCRETE,
    BENCH_NATIVE,
    BENCH_IMPL_COUNT,
};

static const char *const bench_impl_names[BENCH_IMPL_COUNT] =
{
    "Legacy", "Fallback", "Fallback (discrete)", "Native",
};

enum bench_target
{
    BENCH_TARGET_RT,        /* 4K R8G8B8A8_UNORM, ALLOW_RENDER_TARGET */
    BENCH_TARGET_TEXTURE,   /* 4K R8G8B8A8_UNORM, no flags */
    BENCH_TARGET_MSAA,      /* 1080p 4x R8G8B8A8_UNORM, ALLOW_RENDER_TARGET */
    BENCH_TARGET_COUNT,
};

enum bench_route
{
    BENCH_ROUTE_IN_PLACE,
    BENCH_ROUTE_PATTERN,
    BENCH_ROUTE_STAGED,
    BENCH_ROUTE_MSAA,
};

static const char *const bench_route_names[] =
{
    "in-place", "pattern copy", "pattern+staging", "MSAA clear+copy",
};

struct bench_row
{
    enum bench_target target;
    bool sweep;
    enum bench_route route;
};

static const struct bench_row bench_rows[] =
{
    {BENCH_TARGET_RT, false, BENCH_ROUTE_IN_PLACE},
    {BENCH_TARGET_RT, false, BENCH_ROUTE_PATTERN},
    {BENCH_TARGET_RT, true, BENCH_ROUTE_IN_PLACE},
    {BENCH_TARGET_RT, true, BENCH_ROUTE_PATTERN},
    {BENCH_TARGET_TEXTURE, false, BENCH_ROUTE_PATTERN},
    {BENCH_TARGET_TEXTURE, false, BENCH_ROUTE_STAGED},
    {BENCH_TARGET_TEXTURE, true, BENCH_ROUTE_PATTERN},
    {BENCH_TARGET_TEXTURE, true, BENCH_ROUTE_STAGED},
    {BENCH_TARGET_MSAA, false, BENCH_ROUTE_MSAA},
    {BENCH_TARGET_MSAA, true, BENCH_ROUTE_MSAA},
};

static const char *const bench_target_names[BENCH_TARGET_COUNT] =
{
    "4K render target", "4K texture", "1080p 4x MSAA RT",
};

/* The two values: the row's, and the one the frame before the check clears. */
static const float bench_value[4] = {1.0f, 0.5f, 0.0f, 0.25f};
static const UINT8 bench_bytes[4] = {0xff, 0x80, 0x00, 0x40};
static const float bench_other[4] = {0.0f, 1.0f, 1.0f, 1.0f};
static const UINT8 bench_other_bytes[4] = {0x00, 0xff, 0xff, 0xff};

struct bench_device
{
    enum bench_impl impl;
    struct bench_context ctx;
    ID3D12Resource *targets[BENCH_TARGET_COUNT];
    ID3D12Resource *readback;            /* a whole single-sample 4K subresource */
    ID3D12Resource *resolved;            /* single-sample copy of the MSAA target */
    /* Legacy only: the app's tile, scratch MSAA texture and views. */
    ID3D12Resource *tile, *scratch;
    UINT8 *tile_data;
    ID3D12DescriptorHeap *rtv_heap;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv_target, rtv_msaa, rtv_scratch;
};

static void target_size(enum bench_target target, UINT *width, UINT *height)
{
    *width = target == BENCH_TARGET_MSAA ? BENCH_MSAA_WIDTH : BENCH_WIDTH;
    *height = target == BENCH_TARGET_MSAA ? BENCH_MSAA_HEIGHT : BENCH_HEIGHT;
}

/* ---- Devices ---------------------------------------------------------------------------- */

static void device_create(struct bench_device *b, enum bench_impl impl)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {0};
    struct bench_context_desc desc = {0};
    struct ddi_spy_masks masks = {0};
    D3D12_RANGE none = {0, 0};
    UINT size;

    /* Every device is wrapped in the spy, which records only the checked frames. */
    memset(b, 0, sizeof(*b));
    b->impl = impl;
    masks.max_tiled_resources_tier = -1;
    masks.report_discrete = impl == BENCH_FALLBACK_DISCRETE;
    desc.name = bench_impl_names[impl];
    desc.force_fallback = impl == BENCH_FALLBACK || impl == BENCH_FALLBACK_DISCRETE;
    desc.spy_masks = &masks;
    desc.spy_quiet = true;
    desc.check_impl = impl != BENCH_LEGACY;
    desc.impl = impl == BENCH_NATIVE ? D3D12_ASYNC_COMMANDS_IMPL_NATIVE : D3D12_ASYNC_COMMANDS_IMPL_FALLBACK;
    desc.discrete = impl == BENCH_FALLBACK_DISCRETE;
    bench_context_create(&b->ctx, &desc);
    b->targets[BENCH_TARGET_RT] = bench_create_texture(b->ctx.device, BENCH_WIDTH, BENCH_HEIGHT, 1,
                                                       D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    b->targets[BENCH_TARGET_TEXTURE] = bench_create_texture(b->ctx.device, BENCH_WIDTH, BENCH_HEIGHT, 1,
                                                            D3D12_RESOURCE_FLAG_NONE);
    b->targets[BENCH_TARGET_MSAA] = bench_create_texture(b->ctx.device, BENCH_MSAA_WIDTH, BENCH_MSAA_HEIGHT,
                                                         BENCH_MSAA_SAMPLES, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    b->resolved = bench_create_texture(b->ctx.device, BENCH_MSAA_WIDTH, BENCH_MSAA_HEIGHT, 1,
                                       D3D12_RESOURCE_FLAG_NONE);
    b->readback = bench_create_buffer(b->ctx.device, D3D12_HEAP_TYPE_READBACK, (UINT64)BENCH_WIDTH * 4 * BENCH_HEIGHT,
                                      D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COPY_DEST);
    if (impl != BENCH_LEGACY)
        return;

    b->tile = bench_create_buffer(b->ctx.device, D3D12_HEAP_TYPE_UPLOAD, 2 * BENCH_TILE_BYTES,
                                  D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_GENERIC_READ);
    bench_check_hr(ID3D12Resource_Map(b->tile, 0, &none, (void **)&b->tile_data), "Map");
    b->scratch = bench_create_texture(b->ctx.device, BENCH_MSAA_WIDTH, BENCH_MSAA_HEIGHT, BENCH_MSAA_SAMPLES,
                                      D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    heap_desc.NumDescriptors = 3;
    bench_check_hr(ID3D12Device_CreateDescriptorHeap(b->ctx.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                     (void **)&b->rtv_heap), "CreateDescriptorHeap");
    size = ID3D12Device_GetDescriptorHandleIncrementSize(b->ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    b->rtv_target = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(b->rtv_heap);
    b->rtv_msaa.ptr = b->rtv_target.ptr + size;
    b->rtv_scratch.ptr = b->rtv_target.ptr + 2 * size;
    ID3D12Device_CreateRenderTargetView(b->ctx.device, b->targets[BENCH_TARGET_RT], NULL, b->rtv_target);
    ID3D12Device_CreateRenderTargetView(b->ctx.device, b->targets[BENCH_TARGET_MSAA], NULL, b->rtv_msaa);
    ID3D12Device_CreateRenderTargetView(b->ctx.device, b->scratch, NULL, b->rtv_scratch);
}

static void device_destroy(struct bench_device *b)
{
    unsigned int i;

    if (b->impl == BENCH_LEGACY)
    {
        ID3D12DescriptorHeap_Release(b->rtv_heap);
        ID3D12Resource_Release(b->scratch);
        ID3D12Resource_Release(b->tile);
    }
    for (i = 0; i < BENCH_TARGET_COUNT; ++i)
        ID3D12Resource_Release(b->targets[i]);
    ID3D12Resource_Release(b->resolved);
    ID3D12Resource_Release(b->readback);
    bench_context_destroy(&b->ctx);
}

/* ---- Frames ----------------------------------------------------------------------------- */

/* The row's regions: the whole target, or a GRID x GRID sweep covering it. */
static unsigned int row_regions(const struct bench_row *row, D3D12_BOX *boxes)
{
    UINT width, height, x, y, n = 0;

    target_size(row->target, &width, &height);
    if (!row->sweep)
    {
        boxes[0] = (D3D12_BOX){0, 0, 0, width, height, 1};
        return 1;
    }
    for (y = 0; y < BENCH_GRID; ++y)
    {
        for (x = 0; x < BENCH_GRID; ++x)
            boxes[n++] = (D3D12_BOX){x * width / BENCH_GRID, y * height / BENCH_GRID, 0,
                                     (x + 1) * width / BENCH_GRID, (y + 1) * height / BENCH_GRID, 1};
    }
    return n;
}

static void texture_barrier(struct bench_device *b, ID3D12Resource *texture, D3D12_BARRIER_SYNC sync_before,
                            D3D12_BARRIER_ACCESS access_before, D3D12_BARRIER_LAYOUT before,
                            D3D12_BARRIER_SYNC sync_after, D3D12_BARRIER_ACCESS access_after,
                            D3D12_BARRIER_LAYOUT after)
{
    D3D12_TEXTURE_BARRIER barrier = {0};
    D3D12_BARRIER_GROUP group;

    barrier.SyncBefore = sync_before;
    barrier.SyncAfter = sync_after;
    barrier.AccessBefore = access_before;
    barrier.AccessAfter = access_after;
    barrier.LayoutBefore = before;
    barrier.LayoutAfter = after;
    barrier.pResource = texture;
    barrier.Subresources.IndexOrFirstMipLevel = 0xffffffffu;
    group.Type = D3D12_BARRIER_TYPE_TEXTURE;
    group.NumBarriers = 1;
    group.pTextureBarriers = &barrier;
    ID3D12GraphicsCommandList12_Barrier(b->ctx.list12, 1, &group);
}

static D3D12_RECT box_rect(const D3D12_BOX *box)
{
    D3D12_RECT rect = {(LONG)box->left, (LONG)box->top, (LONG)box->right, (LONG)box->bottom};

    return rect;
}

/* Legacy pattern copy: a tile of the fallback's shape for the region's width, written on
 * the CPU once per frame and width, then CopyTextureRegion per band. */
static void record_legacy_copies(struct bench_device *b, ID3D12Resource *target, const D3D12_BOX *boxes,
                                 unsigned int count, const UINT8 bytes[4])
{
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    UINT width = 0, rows = 0, pitch = 0, y, band, i, r;
    D3D12_BOX box;

    dst.pResource = target;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    dst.SubresourceIndex = 0;
    src.pResource = b->tile;
    src.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    memset(&src.PlacedFootprint, 0, sizeof(src.PlacedFootprint));
    for (i = 0; i < count; ++i)
    {
        if (boxes[i].right - boxes[i].left != width)
        {
            width = boxes[i].right - boxes[i].left;
            pitch = (width * 4 + D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1) & ~(D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1);
            rows = BENCH_TILE_BYTES / pitch;
            for (r = 0; r < pitch / 4; ++r)
                memcpy(b->tile_data + r * 4, bytes, 4);
            for (r = 1; r < rows; ++r)
                memcpy(b->tile_data + r * pitch, b->tile_data, pitch);
            src.PlacedFootprint.Footprint.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
            src.PlacedFootprint.Footprint.Width = width;
            src.PlacedFootprint.Footprint.Height = rows;
            src.PlacedFootprint.Footprint.Depth = 1;
            src.PlacedFootprint.Footprint.RowPitch = pitch;
        }
        for (y = boxes[i].top; y < boxes[i].bottom; y += band)
        {
            band = boxes[i].bottom - y < rows ? boxes[i].bottom - y : rows;
            box = (D3D12_BOX){0, 0, 0, width, band, 1};
            ID3D12GraphicsCommandList_CopyTextureRegion(b->ctx.list, &dst, boxes[i].left, y, 0, &src, &box);
        }
    }
}

/* Legacy MSAA clear-and-copy of the whole target: the app's scratch texture cleared and
 * copied in. */
static void record_legacy_msaa(struct bench_device *b, ID3D12Resource *target, const float value[4])
{
    texture_barrier(b, b->scratch, D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_ACCESS_NO_ACCESS,
                    D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_SYNC_RENDER_TARGET,
                    D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_LAYOUT_RENDER_TARGET);
    ID3D12GraphicsCommandList_ClearRenderTargetView(b->ctx.list, b->rtv_scratch, value, 0, NULL);
    texture_barrier(b, b->scratch, D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_ACCESS_RENDER_TARGET,
                    D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_SYNC_COPY,
                    D3D12_BARRIER_ACCESS_COPY_SOURCE, D3D12_BARRIER_LAYOUT_COPY_SOURCE);
    ID3D12GraphicsCommandList_CopyResource(b->ctx.list, target, b->scratch);
}

/* Legacy view clears of the regions through the app's RTV, between barriers. */
static void record_legacy_view_clears(struct bench_device *b, ID3D12Resource *target, D3D12_CPU_DESCRIPTOR_HANDLE rtv,
                                      const D3D12_BOX *boxes, unsigned int count, const float value[4])
{
    D3D12_RECT rect;
    unsigned int i;

    texture_barrier(b, target, D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_LAYOUT_COMMON,
                    D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_ACCESS_RENDER_TARGET,
                    D3D12_BARRIER_LAYOUT_RENDER_TARGET);
    for (i = 0; i < count; ++i)
    {
        rect = box_rect(&boxes[i]);
        ID3D12GraphicsCommandList_ClearRenderTargetView(b->ctx.list, rtv, value, 1, &rect);
    }
    texture_barrier(b, target, D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_ACCESS_RENDER_TARGET,
                    D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_DEST,
                    D3D12_BARRIER_LAYOUT_COMMON);
}

/* One frame's clears of the row with `value` (bytes: its R8G8B8A8_UNORM encoding). */
static void record_row(struct bench_device *b, const struct bench_row *row, const float value[4],
                       const UINT8 bytes[4])
{
    ID3D12Resource *target = b->targets[row->target];
    D3D12_BOX boxes[BENCH_GRID * BENCH_GRID];
    unsigned int count = row_regions(row, boxes), i;
    D3D12_CLEAR_TEXTURE_DESC desc;

    if (b->impl == BENCH_LEGACY && row->route == BENCH_ROUTE_IN_PLACE)
    {
        record_legacy_view_clears(b, target, b->rtv_target, boxes, count, value);
        return;
    }
    /* The API copies MSAA subresources whole only: by hand, a region sweep is cleared
     * through the app's own view. */
    if (b->impl == BENCH_LEGACY && row->route == BENCH_ROUTE_MSAA)
    {
        if (row->sweep)
            record_legacy_view_clears(b, target, b->rtv_msaa, boxes, count, value);
        else
            record_legacy_msaa(b, target, value);
        return;
    }
    if (b->impl == BENCH_LEGACY)
    {
        record_legacy_copies(b, target, boxes, count, bytes);
        return;
    }
    /* The in-place route needs the layout known: the app's own barrier says it. */
    if (row->route == BENCH_ROUTE_IN_PLACE)
        texture_barrier(b, target, D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_ACCESS_NO_ACCESS,
                        D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_DEST,
                        D3D12_BARRIER_LAYOUT_COPY_DEST);
    memset(&desc, 0, sizeof(desc));
    desc.pTexture = target;
    memcpy(desc.ClearValue.Floats, value, sizeof(desc.ClearValue.Floats));
    for (i = 0; i < count; ++i)
    {
        desc.pRegion = row->sweep ? &boxes[i] : NULL;
        ID3D12GraphicsCommandList12_ClearTextureSubresources(b->ctx.list12, 1, &desc);
    }
    if (row->route == BENCH_ROUTE_IN_PLACE)
        texture_barrier(b, target, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_DEST,
                        D3D12_BARRIER_LAYOUT_COPY_DEST, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_DEST,
                        D3D12_BARRIER_LAYOUT_COMMON);
}

static double frame(struct bench_device *b, const struct bench_row *row, const float value[4], const UINT8 bytes[4])
{
    double start = bench_now_ms();

    bench_begin(&b->ctx);
    record_row(b, row, value, bytes);
    bench_submit_and_wait(&b->ctx);
    return bench_now_ms() - start;
}

/* The spy's record of the checked frame must show the row's route. */
static void check_route(struct bench_device *b, const struct bench_row *row, unsigned int regions)
{
    size_t native = ddi_spy_count(b->ctx.spy, "ClearTextureSubresources");
    size_t views = ddi_spy_count(b->ctx.spy, "ClearRenderTargetView");
    size_t copies = ddi_spy_count(b->ctx.spy, "CopyTextureRegion");
    size_t staged = ddi_spy_count(b->ctx.spy, "CopyBufferRegion");
    bool ok = true;

    if (b->impl == BENCH_NATIVE)
        ok = native == regions && !copies && !views;
    else if (b->impl != BENCH_LEGACY && row->route == BENCH_ROUTE_IN_PLACE)
        ok = !native && views == regions && !copies;
    else if (b->impl != BENCH_LEGACY && row->route == BENCH_ROUTE_MSAA)
        ok = !native && views == regions && copies == regions;
    else if (b->impl != BENCH_LEGACY)
        ok = !native && !views && copies >= regions && (staged > 0) == (row->route == BENCH_ROUTE_STAGED);
    if (!ok)
    {
        bench_fail("%s, %s %s: %zu native clears, %zu view clears, %zu texture copies, %zu staging copies",
                   bench_impl_names[b->impl], bench_target_names[row->target], bench_route_names[row->route],
                   native, views, copies, staged);
    }
}

/* Every texel of the target (of every sample: MIN and MAX resolves) is `bytes`. */
static void verify(struct bench_device *b, const struct bench_row *row)
{
    static const D3D12_RESOLVE_MODE modes[] = {D3D12_RESOLVE_MODE_MIN, D3D12_RESOLVE_MODE_MAX};
    ID3D12Resource *source = b->targets[row->target];
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    UINT width, height, x, y;
    unsigned int m, passes;
    D3D12_RANGE range;
    UINT8 *data;

    target_size(row->target, &width, &height);
    passes = row->target == BENCH_TARGET_MSAA ? ARRAY_SIZE(modes) : 1;
    for (m = 0; m < passes; ++m)
    {
        bench_begin(&b->ctx);
        if (row->target == BENCH_TARGET_MSAA)
        {
            ID3D12GraphicsCommandList12_ResolveSubresourceRegion(b->ctx.list12, b->resolved, 0, 0, 0,
                                                                 b->targets[row->target], 0, NULL,
                                                                 DXGI_FORMAT_R8G8B8A8_UNORM, modes[m]);
            source = b->resolved;
        }
        dst.pResource = b->readback;
        dst.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
        memset(&dst.PlacedFootprint, 0, sizeof(dst.PlacedFootprint));
        dst.PlacedFootprint.Footprint.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        dst.PlacedFootprint.Footprint.Width = width;
        dst.PlacedFootprint.Footprint.Height = height;
        dst.PlacedFootprint.Footprint.Depth = 1;
        dst.PlacedFootprint.Footprint.RowPitch = width * 4;
        src.pResource = source;
        src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
        src.SubresourceIndex = 0;
        ID3D12GraphicsCommandList_CopyTextureRegion(b->ctx.list, &dst, 0, 0, 0, &src, NULL);
        bench_submit_and_wait(&b->ctx);
        range.Begin = 0;
        range.End = (SIZE_T)width * 4 * height;
        bench_check_hr(ID3D12Resource_Map(b->readback, 0, &range, (void **)&data), "Map(readback)");
        for (y = 0; y < height; ++y)
        {
            for (x = 0; x < width; ++x)
            {
                if (memcmp(data + ((size_t)y * width + x) * 4, bench_bytes, 4))
                {
                    bench_fail("%s, %s %s%s: texel %u,%u is %02x%02x%02x%02x", bench_impl_names[b->impl],
                               bench_target_names[row->target], bench_route_names[row->route],
                               row->sweep ? " sweep" : "", x, y, data[(y * width + x) * 4],
                               data[(y * width + x) * 4 + 1], data[(y * width + x) * 4 + 2],
                               data[(y * width + x) * 4 + 3]);
                }
            }
        }
        range.End = 0;
        ID3D12Resource_Unmap(b->readback, 0, &range);
    }
}

/* The implementation that runs a row in the fallback column. */
static bool row_runs_on(const struct bench_row *row, enum bench_impl impl)
{
    if (impl == BENCH_FALLBACK)
        return row->route != BENCH_ROUTE_STAGED;
    if (impl == BENCH_FALLBACK_DISCRETE)
        return row->route == BENCH_ROUTE_STAGED;
    return true;
}

/* Medians of every row the implementation runs (negative: not run). */
static void run_impl(enum bench_impl impl, unsigned int reps, double *medians)
{
    D3D12_BOX boxes[BENCH_GRID * BENCH_GRID];
    struct bench_device b;
    unsigned int r, i;
    double *samples;

    if (!(samples = calloc(reps, sizeof(*samples))))
        exit(1);
    device_create(&b, impl);
    for (r = 0; r < ARRAY_SIZE(bench_rows); ++r)
    {
        medians[r] = -1.0;
        if (!row_runs_on(&bench_rows[r], impl))
            continue;
        frame(&b, &bench_rows[r], bench_other, bench_other_bytes);
        ddi_spy_clear(b.ctx.spy);
        ddi_spy_set_recording(b.ctx.spy, true);
        frame(&b, &bench_rows[r], bench_value, bench_bytes);
        ddi_spy_set_recording(b.ctx.spy, false);
        check_route(&b, &bench_rows[r], row_regions(&bench_rows[r], boxes));
        verify(&b, &bench_rows[r]);
        for (i = 0; i < reps; ++i)
            samples[i] = frame(&b, &bench_rows[r], bench_value, bench_bytes);
        medians[r] = bench_median(samples, reps);
    }
    device_destroy(&b);
    free(samples);
}

/* ---- Output ----------------------------------------------------------------------------- */

static void print_table(unsigned int reps, double medians[][ARRAY_SIZE(bench_rows)])
{
    const struct bench_row *row;
    double fb, legacy, native;
    unsigned int r;

    printf("ClearTextureSubresources, median wall time in ms of %u frames (Reset, record, execute, wait);\n"
           "sweep: %ux%u regions, one call each\n\n", reps, BENCH_GRID, BENCH_GRID);
    printf("%-18s %-6s %-16s %10s %10s %10s %10s %10s\n", "target", "area", "fallback route", "legacy",
           "fallback", "native", "fb/legacy", "native/fb");
    for (r = 0; r < ARRAY_SIZE(bench_rows); ++r)
    {
        row = &bench_rows[r];
        legacy = medians[BENCH_LEGACY][r];
        fb = medians[row->route == BENCH_ROUTE_STAGED ? BENCH_FALLBACK_DISCRETE : BENCH_FALLBACK][r];
        native = medians[BENCH_NATIVE][r];
        printf("%-18s %-6s %-16s %10.3f %10.3f %10.3f %10.2f %10.2f\n", bench_target_names[row->target],
               row->sweep ? "sweep" : "whole", bench_route_names[row->route], legacy, fb, native, fb / legacy,
               native / fb);
    }
    printf("\nlegacy: the same work by hand (barriers and ClearRenderTargetView for in-place, an upload tile\n"
           "and band copies for the pattern copies, a scratch MSAA texture cleared and copied for MSAA whole,\n"
           "the app's own view clears for the MSAA sweep: the API copies MSAA subresources whole only).\n"
           "pattern+staging runs on a device the DDI spy reports discrete.\n");
}

static void usage(void)
{
    fprintf(stderr, "usage: bench_clear [--reps N]\n"
                    "  --reps N  timed frames per row (default 15)\n");
    exit(2);
}

int main(int argc, char **argv)
{
    static double medians[BENCH_IMPL_COUNT][ARRAY_SIZE(bench_rows)];
    unsigned int i, reps = 15;

    for (i = 1; i < (unsigned int)argc; ++i)
    {
        if (!strcmp(argv[i], "--reps") && i + 1 < (unsigned int)argc)
            reps = (unsigned int)strtoul(argv[++i], NULL, 10);
        else
            usage();
    }
    if (!reps)
        usage();
    bench_init("bench_clear");
    for (i = 0; i < BENCH_IMPL_COUNT; ++i)
        run_impl(i, reps, medians[i]);
    print_table(reps, medians);
    return 0;
}
