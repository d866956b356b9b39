/* Devices, frames, buffers and timing shared by the benchmarks (bench_util.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "bench_util.h"

#include "rt_adapter.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *bench_program = "bench";
/* The configuration file that forces the fallback, removed at exit. */
static char bench_config_path[64];

void bench_fail(const char *format, ...)
{
    va_list args;

    fprintf(stderr, "%s: ", bench_program);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    exit(1);
}

void bench_check_hr(HRESULT hr, const char *what)
{
    if (FAILED(hr))
        bench_fail("%s failed: %#x", what, (unsigned int)hr);
}

static void remove_config(void)
{
    if (bench_config_path[0])
        unlink(bench_config_path);
}

void bench_init(const char *program)
{
    static const char text[] = "[device]\nforce-async-commands-fallback = true\n";
    FILE *file;
    int fd;

    bench_program = program;
    snprintf(bench_config_path, sizeof(bench_config_path), "/tmp/%s_XXXXXX", program);
    if ((fd = mkstemp(bench_config_path)) < 0 || !(file = fdopen(fd, "w")))
    {
        fprintf(stderr, "%s: ", program);
        perror("temporary configuration file");
        exit(1);
    }
    fputs(text, file);
    fclose(file);
    atexit(remove_config);
}

double bench_now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

double bench_median(double *samples, unsigned int count)
{
    qsort(samples, count, sizeof(*samples), compare_double);
    return count % 2 ? samples[count / 2] : (samples[count / 2 - 1] + samples[count / 2]) / 2;
}

ID3D12Resource *bench_create_buffer(ID3D12Device *device, D3D12_HEAP_TYPE type, UINT64 size,
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
    bench_check_hr(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc, state, NULL,
                                                        &IID_ID3D12Resource, (void **)&resource),
                   "CreateCommittedResource");
    return resource;
}

/* The configuration file and the driver's environment are read at device creation; the
 * spy wraps adapters opened while it is set. */
static void apply_settings(struct bench_context *b, const struct bench_context_desc *desc)
{
    setenv("D3D12RT_CONFIG", desc->force_fallback ? bench_config_path : "/nonexistent/d3d12rt-bench.ini", 1);
    if (desc->spy_masks)
    {
        if (!(b->spy = ddi_spy_create(desc->spy_masks, false)))
            bench_fail("cannot create the DDI spy");
        if (desc->spy_quiet)
            ddi_spy_set_recording(b->spy, false);
    }
    rt_testing_set_driver_spy(b->spy);
}

ID3D12Resource *bench_create_texture(ID3D12Device *device, UINT width, UINT height, UINT samples,
                                     D3D12_RESOURCE_FLAGS flags)
{
    D3D12_HEAP_PROPERTIES heap = {0};
    D3D12_RESOURCE_DESC desc = {0};
    ID3D12Resource *resource;

    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = samples;
    desc.Flags = flags;
    bench_check_hr(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
                                                        D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource,
                                                        (void **)&resource), "CreateCommittedResource(texture)");
    return resource;
}

void bench_context_create(struct bench_context *b, const struct bench_context_desc *desc)
{
    D3D12_FEATURE_DATA_ASYNC_COMMANDS async = {0};
    D3D12_FEATURE_DATA_ARCHITECTURE arch = {0};
    D3D12_COMMAND_QUEUE_DESC queue_desc = {0};

    memset(b, 0, sizeof(*b));
    apply_settings(b, desc);
    bench_check_hr(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&b->device),
                   "D3D12CreateDevice");
    rt_testing_set_driver_spy(NULL);

    bench_check_hr(ID3D12Device_CheckFeatureSupport(b->device, D3D12_FEATURE_ASYNC_COMMANDS, &async,
                                                    sizeof(async)), "CheckFeatureSupport(ASYNC_COMMANDS)");
    if (desc->check_impl && async.Impl != desc->impl)
        bench_fail("%s device has Impl %d, expected %d", desc->name, async.Impl, desc->impl);
    bench_check_hr(ID3D12Device_CheckFeatureSupport(b->device, D3D12_FEATURE_ARCHITECTURE, &arch, sizeof(arch)),
                   "CheckFeatureSupport(ARCHITECTURE)");
    if (!arch.UMA != desc->discrete)
        bench_fail("%s device reports UMA %d", desc->name, arch.UMA);

    queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    bench_check_hr(ID3D12Device_CreateCommandQueue(b->device, &queue_desc, &IID_ID3D12CommandQueue,
                                                   (void **)&b->queue), "CreateCommandQueue");
    bench_check_hr(ID3D12Device_CreateCommandAllocator(b->device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                       &IID_ID3D12CommandAllocator, (void **)&b->allocator),
                   "CreateCommandAllocator");
    bench_check_hr(ID3D12Device_CreateCommandList(b->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, b->allocator, NULL,
                                                  &IID_ID3D12GraphicsCommandList, (void **)&b->list),
                   "CreateCommandList");
    bench_check_hr(ID3D12GraphicsCommandList_Close(b->list), "Close");
    bench_check_hr(ID3D12GraphicsCommandList_QueryInterface(b->list, &IID_ID3D12GraphicsCommandList12,
                                                            (void **)&b->list12), "QueryInterface(List12)");
    bench_check_hr(ID3D12Device_CreateFence(b->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                                            (void **)&b->fence), "CreateFence");
}

void bench_context_destroy(struct bench_context *b)
{
    ID3D12Fence_Release(b->fence);
    ID3D12GraphicsCommandList12_Release(b->list12);
    ID3D12GraphicsCommandList_Release(b->list);
    ID3D12CommandAllocator_Release(b->allocator);
    ID3D12CommandQueue_Release(b->queue);
    ID3D12Device_Release(b->device);
    if (b->spy)
        ddi_spy_destroy(b->spy);
}

void bench_begin(struct bench_context *b)
{
    bench_check_hr(ID3D12CommandAllocator_Reset(b->allocator), "CommandAllocator::Reset");
    bench_check_hr(ID3D12GraphicsCommandList_Reset(b->list, b->allocator, NULL), "CommandList::Reset");
}

void bench_submit_and_wait(struct bench_context *b)
{
    ID3D12CommandList *list = (ID3D12CommandList *)b->list;

    bench_check_hr(ID3D12GraphicsCommandList_Close(b->list), "Close");
    ID3D12CommandQueue_ExecuteCommandLists(b->queue, 1, &list);
    bench_check_hr(ID3D12CommandQueue_Signal(b->queue, b->fence, ++b->fence_value), "Signal");
    bench_check_hr(ID3D12Fence_SetEventOnCompletion(b->fence, b->fence_value, NULL), "SetEventOnCompletion");
}
