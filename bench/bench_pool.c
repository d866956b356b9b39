/*
 * The fallback pools' budget (RT_FALLBACK_POOL_BUDGET), measured: frames whose
 * fallback work needs private memory run under several budgets, and for each the
 * median frame time and the buffers and textures the frame had to create are printed.
 * A budget below a frame's working set makes every frame create (and destroy) what the
 * pools could have kept; above it, frames only reuse.
 *
 * A frame (allocator and list Reset, recording, Close, execute, fence wait) clears an
 * MSAA render target without a known layout (the MSAA clear-and-copy: a private MSAA
 * texture of the target's size), clears a 4K texture (pattern copy: upload tiles) and
 * fills a 16 MiB buffer (upload chunks), on a FALLBACK device. Two workloads: a 1080p
 * and a 4K 4x MSAA R8G8B8A8 target. Each budget gets a new device; two untimed frames
 * come first. Links the runtime's static library for the pools' hook and counters.
 */
#include "bench_util.h"
#include "rt_device.h"
#include "rt_fallback_services.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIB (1024ull * 1024)
#define BENCH_FILL_BYTES (16 * MIB)
#define BENCH_FRAMES 9

static const UINT64 bench_budgets_mib[] = {0, 16, 64, 128, 192, 256};

struct bench_workload
{
    const char *name;
    UINT msaa_width, msaa_height;
};

static const struct bench_workload bench_workloads[] =
{
    {"1080p 4x MSAA", 1920, 1080},
    {"4K 4x MSAA", 3840, 2160},
};

static void clear_whole(ID3D12GraphicsCommandList12 *list, ID3D12Resource *texture)
{
    D3D12_CLEAR_TEXTURE_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.pTexture = texture;
    desc.ClearValue.Floats[0] = 0.25f;
    desc.ClearValue.Floats[3] = 1.0f;
    ID3D12GraphicsCommandList12_ClearTextureSubresources(list, 1, &desc);
}

struct bench_row
{
    double median_ms;
    double created_per_frame;
    UINT64 working_set;         /* bytes the frame's allocator held from the pools */
    UINT64 kept;                /* bytes kept after the last frame */
};

static void bench_run(const struct bench_workload *workload, UINT64 budget, struct bench_row *row)
{
    struct bench_context_desc desc = {0};
    ID3D12Resource *msaa, *texture, *buffer;
    struct rt_fallback_pool_stats before, recorded, after;
    struct bench_context b;
    D3D12_FILL_BUFFER_DESC fill;
    double samples[BENCH_FRAMES], start;
    unsigned int frame;

    desc.name = "fallback";
    desc.force_fallback = true;
    desc.check_impl = true;
    desc.impl = D3D12_ASYNC_COMMANDS_IMPL_FALLBACK;
    bench_context_create(&b, &desc);
    rt_testing_set_fallback_pool_budget(rt_device_from_iface(b.device), budget);
    msaa = bench_create_texture(b.device, workload->msaa_width, workload->msaa_height, 4,
                                D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    texture = bench_create_texture(b.device, 3840, 2160, 1, D3D12_RESOURCE_FLAG_NONE);
    buffer = bench_create_buffer(b.device, D3D12_HEAP_TYPE_DEFAULT, BENCH_FILL_BYTES, D3D12_RESOURCE_FLAG_NONE,
                                 D3D12_RESOURCE_STATE_COMMON);
    memset(&fill, 0, sizeof(fill));
    fill.pBuffer = buffer;
    fill.Format = DXGI_FORMAT_UNKNOWN;
    fill.RawPatternSizeInBytes = 4;
    fill.RepeatCount = BENCH_FILL_BYTES / 4;
    memset(fill.FillValue.Bytes, 0x5a, 4);

    memset(&before, 0, sizeof(before));
    memset(&recorded, 0, sizeof(recorded));
    for (frame = 0; frame < BENCH_FRAMES + 2; ++frame)
    {
        if (frame == 2)
            rt_fallback_pool_stats(rt_device_from_iface(b.device), &before);
        start = bench_now_ms();
        bench_begin(&b);
        clear_whole(b.list12, msaa);
        clear_whole(b.list12, texture);
        ID3D12GraphicsCommandList12_FillBuffers(b.list12, 1, &fill);
        if (frame == 2)
            rt_fallback_pool_stats(rt_device_from_iface(b.device), &recorded);
        bench_submit_and_wait(&b);
        if (frame >= 2)
            samples[frame - 2] = bench_now_ms() - start;
    }
    /* The last frame's memory goes back to the pools. */
    bench_begin(&b);
    bench_check_hr(ID3D12GraphicsCommandList_Close(b.list), "Close");
    rt_fallback_pool_stats(rt_device_from_iface(b.device), &after);
    if (after.created == 0)
        bench_fail("the frames created no private memory: the fallback did not run");

    row->median_ms = bench_median(samples, BENCH_FRAMES);
    row->created_per_frame = (double)(after.created - before.created) / BENCH_FRAMES;
    row->working_set = recorded.owned_bytes;
    row->kept = after.kept_bytes;
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(msaa);
    bench_context_destroy(&b);
}

int main(void)
{
    struct bench_row row;
    unsigned int w, i;

    bench_init("bench_pool");
    printf("Fallback pools under several budgets: median wall time in ms of %u frames (Reset, record,\n"
           "execute, wait), private buffers and textures created per frame, the frame's working set\n"
           "(MiB its allocator held) and what the pools kept after the run (MiB)\n\n", BENCH_FRAMES);
    printf("%-15s %8s %10s %12s %12s %8s\n", "workload", "budget", "frame ms", "created/frm", "working set",
           "kept");
    for (w = 0; w < sizeof(bench_workloads) / sizeof(bench_workloads[0]); ++w)
    {
        for (i = 0; i < sizeof(bench_budgets_mib) / sizeof(bench_budgets_mib[0]); ++i)
        {
            bench_run(&bench_workloads[w], bench_budgets_mib[i] * MIB, &row);
            printf("%-15s %8llu %10.3f %12.2f %12.1f %8.1f\n", bench_workloads[w].name,
                   (unsigned long long)bench_budgets_mib[i], row.median_ms, row.created_per_frame,
                   (double)row.working_set / MIB, (double)row.kept / MIB);
            fflush(stdout);
        }
    }
    printf("\nbudget: MiB (RT_FALLBACK_POOL_BUDGET is %llu). A frame creates nothing once the budget\n"
           "holds its working set.\n", RT_FALLBACK_POOL_BUDGET / MIB);
    return 0;
}
