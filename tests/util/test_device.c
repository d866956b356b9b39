/* Device-level test helpers (test_device.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_device.h"

#include <check.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

#define check_hr(line, hr, what) \
    ck_assert_msg((hr) == S_OK, "line %u: %s failed, hr %#x", (line), (what), (unsigned int)(hr))

void test_context_init_(unsigned int line, struct test_context *ctx, D3D12_COMMAND_LIST_TYPE type)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc = {0};
    HRESULT hr;

    memset(ctx, 0, sizeof(*ctx));
    ctx->type = type;
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&ctx->device);
    check_hr(line, hr, "D3D12CreateDevice");

    /* Bundles run on direct queues. */
    queue_desc.Type = type == D3D12_COMMAND_LIST_TYPE_BUNDLE ? D3D12_COMMAND_LIST_TYPE_DIRECT : type;
    hr = ID3D12Device_CreateCommandQueue(ctx->device, &queue_desc, &IID_ID3D12CommandQueue, (void **)&ctx->queue);
    check_hr(line, hr, "CreateCommandQueue");
    hr = ID3D12Device_CreateCommandAllocator(ctx->device, type, &IID_ID3D12CommandAllocator,
                                             (void **)&ctx->allocator);
    check_hr(line, hr, "CreateCommandAllocator");
    hr = ID3D12Device_CreateCommandList(ctx->device, 0, type, ctx->allocator, NULL, &IID_ID3D12GraphicsCommandList,
                                        (void **)&ctx->list);
    check_hr(line, hr, "CreateCommandList");
    hr = ID3D12Device_CreateFence(ctx->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&ctx->fence);
    check_hr(line, hr, "CreateFence");
}

void test_context_destroy_(unsigned int line, struct test_context *ctx)
{
    ULONG refcount;

    ID3D12GraphicsCommandList_Release(ctx->list);
    ID3D12CommandAllocator_Release(ctx->allocator);
    /* The queue first: its last fence signal may still be finishing in the driver. */
    ID3D12CommandQueue_Release(ctx->queue);
    ID3D12Fence_Release(ctx->fence);
    refcount = ID3D12Device_Release(ctx->device);
    ck_assert_msg(!refcount, "line %u: the device still has %lu references", line, (unsigned long)refcount);
    memset(ctx, 0, sizeof(*ctx));
}

static ID3D12Resource *create_resource(unsigned int line, ID3D12Device *device, D3D12_HEAP_TYPE heap_type,
                                       const D3D12_RESOURCE_DESC *desc, D3D12_RESOURCE_STATES state)
{
    D3D12_HEAP_PROPERTIES heap = {0};
    ID3D12Resource *resource;
    HRESULT hr;

    heap.Type = heap_type;
    hr = ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, desc, state, NULL,
                                              &IID_ID3D12Resource, (void **)&resource);
    check_hr(line, hr, "CreateCommittedResource");
    return resource;
}

D3D12_RESOURCE_DESC test_buffer_desc(UINT64 size)
{
    D3D12_RESOURCE_DESC desc = {0};

    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = size;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    return desc;
}

D3D12_RESOURCE_DESC test_texture_2d_desc(DXGI_FORMAT format, UINT width, UINT height, UINT16 layers, UINT16 mips,
                                         UINT samples, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = {0};

    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = layers;
    desc.MipLevels = mips;
    desc.Format = format;
    desc.SampleDesc.Count = samples;
    desc.Flags = flags;
    return desc;
}

ID3D12Resource *create_buffer_(unsigned int line, ID3D12Device *device, D3D12_HEAP_TYPE heap_type, UINT64 size,
                               D3D12_RESOURCE_FLAGS flags, D3D12_RESOURCE_STATES state)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc(size);

    desc.Flags = flags;
    return create_resource(line, device, heap_type, &desc, state);
}

ID3D12Resource *create_texture_(unsigned int line, ID3D12Device *device, const D3D12_RESOURCE_DESC *desc,
                                D3D12_RESOURCE_STATES state)
{
    return create_resource(line, device, D3D12_HEAP_TYPE_DEFAULT, desc, state);
}

static void reset_list(unsigned int line, struct test_context *ctx)
{
    HRESULT hr;

    hr = ID3D12CommandAllocator_Reset(ctx->allocator);
    check_hr(line, hr, "ID3D12CommandAllocator::Reset");
    hr = ID3D12GraphicsCommandList_Reset(ctx->list, ctx->allocator, NULL);
    check_hr(line, hr, "ID3D12GraphicsCommandList::Reset");
}

void execute_and_wait_(unsigned int line, struct test_context *ctx)
{
    ID3D12CommandList *lists[] = {(ID3D12CommandList *)ctx->list};
    HRESULT hr;

    hr = ID3D12GraphicsCommandList_Close(ctx->list);
    check_hr(line, hr, "Close");
    ID3D12CommandQueue_ExecuteCommandLists(ctx->queue, 1, lists);
    hr = ID3D12CommandQueue_Signal(ctx->queue, ctx->fence, ++ctx->fence_value);
    check_hr(line, hr, "Signal");
    hr = ID3D12Fence_SetEventOnCompletion(ctx->fence, ctx->fence_value, NULL);
    check_hr(line, hr, "SetEventOnCompletion");
    ck_assert_msg(ID3D12Fence_GetCompletedValue(ctx->fence) >= ctx->fence_value,
                  "line %u: the fence did not reach %llu", line, (unsigned long long)ctx->fence_value);
    reset_list(line, ctx);
}

void wait_queue_idle_(unsigned int line, struct test_context *ctx)
{
    struct pollfd pfd;
    uint64_t count;
    HRESULT hr;
    int fd;

    fd = eventfd(0, EFD_CLOEXEC);
    ck_assert_msg(fd >= 0, "line %u: eventfd failed", line);
    hr = ID3D12CommandQueue_Signal(ctx->queue, ctx->fence, ++ctx->fence_value);
    check_hr(line, hr, "Signal");
    hr = ID3D12Fence_SetEventOnCompletion(ctx->fence, ctx->fence_value, (HANDLE)(intptr_t)fd);
    check_hr(line, hr, "SetEventOnCompletion");
    pfd.fd = fd;
    pfd.events = POLLIN;
    ck_assert_msg(poll(&pfd, 1, 10000) == 1, "line %u: the queue did not go idle", line);
    ck_assert_int_eq(read(fd, &count, sizeof(count)), sizeof(count));
    close(fd);
}

void upload_buffer_data_(unsigned int line, struct test_context *ctx, ID3D12Resource *dst, UINT64 offset,
                         const void *data, size_t size)
{
    ID3D12Resource *upload;
    D3D12_RANGE range = {0, 0};
    void *ptr;
    HRESULT hr;

    upload = create_buffer_(line, ctx->device, D3D12_HEAP_TYPE_UPLOAD, size, D3D12_RESOURCE_FLAG_NONE,
                            D3D12_RESOURCE_STATE_GENERIC_READ);
    hr = ID3D12Resource_Map(upload, 0, &range, &ptr);
    check_hr(line, hr, "Map");
    memcpy(ptr, data, size);
    ID3D12Resource_Unmap(upload, 0, NULL);

    ID3D12GraphicsCommandList_CopyBufferRegion(ctx->list, dst, offset, upload, 0, size);
    execute_and_wait_(line, ctx);
    ID3D12Resource_Release(upload);
}

void read_buffer_(unsigned int line, struct test_context *ctx, ID3D12Resource *buffer, size_t size, void *out)
{
    read_buffer_range_(line, ctx, buffer, 0, size, out);
}

void read_buffer_range_(unsigned int line, struct test_context *ctx, ID3D12Resource *buffer, UINT64 offset,
                        size_t size, void *out)
{
    D3D12_RANGE range = {0, size};
    ID3D12Resource *readback;
    void *ptr;
    HRESULT hr;

    readback = create_buffer_(line, ctx->device, D3D12_HEAP_TYPE_READBACK, size, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COPY_DEST);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx->list, readback, 0, buffer, offset, size);
    execute_and_wait_(line, ctx);

    hr = ID3D12Resource_Map(readback, 0, &range, &ptr);
    check_hr(line, hr, "Map");
    memcpy(out, ptr, size);
    ID3D12Resource_Unmap(readback, 0, NULL);
    ID3D12Resource_Release(readback);
}

void get_subresource_layout_(unsigned int line, ID3D12Device *device, ID3D12Resource *texture, UINT sub,
                             struct test_subresource_layout *layout)
{
    D3D12_RESOURCE_DESC desc = ID3D12Resource_GetDesc(texture);
    UINT64 total;

    memset(layout, 0, sizeof(*layout));
    ID3D12Device_GetCopyableFootprints(device, &desc, sub, 1, 0, &layout->footprint, &layout->row_count,
                                       &layout->row_size, &total);
    ck_assert_msg(total != UINT64_MAX && layout->row_count, "line %u: no footprint for subresource %u", line, sub);
    layout->packed_size = (size_t)layout->row_size * layout->row_count * layout->footprint.Footprint.Depth;
}

/* Packed rows to and from the pitch-spaced rows of a footprint. */
static void copy_rows(const struct test_subresource_layout *layout, void *pitched, const void *packed, bool to_pitched)
{
    UINT rows = layout->row_count * layout->footprint.Footprint.Depth, i;
    size_t pitch = layout->footprint.Footprint.RowPitch;

    for (i = 0; i < rows; ++i)
    {
        if (to_pitched)
            memcpy((char *)pitched + i * pitch, (const char *)packed + i * layout->row_size, layout->row_size);
        else
            memcpy((char *)packed + i * layout->row_size, (const char *)pitched + i * pitch, layout->row_size);
    }
}

void upload_texture_data_(unsigned int line, struct test_context *ctx, ID3D12Resource *texture, UINT sub,
                          const void *data)
{
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    struct test_subresource_layout layout;
    D3D12_RANGE range = {0, 0};
    ID3D12Resource *upload;
    UINT64 size;
    void *ptr;
    HRESULT hr;

    get_subresource_layout_(line, ctx->device, texture, sub, &layout);
    size = (UINT64)layout.footprint.Footprint.RowPitch * layout.row_count * layout.footprint.Footprint.Depth;
    upload = create_buffer_(line, ctx->device, D3D12_HEAP_TYPE_UPLOAD, size, D3D12_RESOURCE_FLAG_NONE,
                            D3D12_RESOURCE_STATE_GENERIC_READ);
    hr = ID3D12Resource_Map(upload, 0, &range, &ptr);
    check_hr(line, hr, "Map");
    copy_rows(&layout, ptr, data, true);
    ID3D12Resource_Unmap(upload, 0, NULL);

    dst.pResource = texture;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    dst.SubresourceIndex = sub;
    src.pResource = upload;
    src.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    src.PlacedFootprint = layout.footprint;
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx->list, &dst, 0, 0, 0, &src, NULL);
    execute_and_wait_(line, ctx);
    ID3D12Resource_Release(upload);
}

void read_texture_subresource_(unsigned int line, struct test_context *ctx, ID3D12Resource *texture, UINT sub,
                               void *out)
{
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    struct test_subresource_layout layout;
    ID3D12Resource *readback;
    D3D12_RANGE range;
    UINT64 size;
    void *ptr;
    HRESULT hr;

    get_subresource_layout_(line, ctx->device, texture, sub, &layout);
    size = (UINT64)layout.footprint.Footprint.RowPitch * layout.row_count * layout.footprint.Footprint.Depth;
    readback = create_buffer_(line, ctx->device, D3D12_HEAP_TYPE_READBACK, size, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COPY_DEST);
    dst.pResource = readback;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    dst.PlacedFootprint = layout.footprint;
    src.pResource = texture;
    src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    src.SubresourceIndex = sub;
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx->list, &dst, 0, 0, 0, &src, NULL);
    execute_and_wait_(line, ctx);

    range.Begin = 0;
    range.End = size;
    hr = ID3D12Resource_Map(readback, 0, &range, &ptr);
    check_hr(line, hr, "Map");
    copy_rows(&layout, ptr, out, false);
    ID3D12Resource_Unmap(readback, 0, NULL);
    ID3D12Resource_Release(readback);
}

void transition_resource(struct test_context *ctx, ID3D12Resource *resource, UINT sub,
                         D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER barrier;

    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Flags = D3D12_RESOURCE_BARRIER_FLAG_NONE;
    barrier.Transition.pResource = resource;
    barrier.Transition.Subresource = sub;
    barrier.Transition.StateBefore = before;
    barrier.Transition.StateAfter = after;
    ID3D12GraphicsCommandList_ResourceBarrier(ctx->list, 1, &barrier);
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);

    ck_assert_ptr_nonnull(p);
    return p;
}

void fill_pattern(void *data, size_t size, unsigned int seed)
{
    uint32_t state = seed * 2654435761u + 0x9e3779b9u;
    unsigned char *bytes = data;
    size_t i;

    /* xorshift: cheap, deterministic, no byte repeats at short strides. */
    for (i = 0; i < size; ++i)
    {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        bytes[i] = (unsigned char)(state >> 24);
    }
}

void poison_buffer_(unsigned int line, struct test_context *ctx, ID3D12Resource *buffer, unsigned int seed)
{
    D3D12_RESOURCE_DESC desc = ID3D12Resource_GetDesc(buffer);
    void *data;

    ck_assert_msg((data = malloc(desc.Width)), "line %u: out of memory", line);
    fill_pattern(data, desc.Width, seed);
    upload_buffer_data_(line, ctx, buffer, 0, data, desc.Width);
    free(data);
}

void poison_texture_(unsigned int line, struct test_context *ctx, ID3D12Resource *texture, unsigned int seed)
{
    D3D12_RESOURCE_DESC desc = ID3D12Resource_GetDesc(texture);
    struct test_subresource_layout layout;
    UINT sub, count;
    void *data;

    count = desc.MipLevels * (desc.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : desc.DepthOrArraySize);
    for (sub = 0; sub < count; ++sub)
    {
        get_subresource_layout_(line, ctx->device, texture, sub, &layout);
        ck_assert_msg((data = malloc(layout.packed_size)), "line %u: out of memory", line);
        fill_pattern(data, layout.packed_size, seed + sub);
        upload_texture_data_(line, ctx, texture, sub, data);
        free(data);
    }
}

ID3D12GraphicsCommandList *create_bundle_(unsigned int line, ID3D12Device *device, ID3D12PipelineState *initial,
                                          ID3D12CommandAllocator **allocator)
{
    ID3D12GraphicsCommandList *bundle = NULL;
    HRESULT hr;

    hr = ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_BUNDLE, &IID_ID3D12CommandAllocator,
                                             (void **)allocator);
    ck_assert_msg(hr == S_OK, "line %u: CreateCommandAllocator(BUNDLE) %#x", line, (unsigned int)hr);
    hr = ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_BUNDLE, *allocator, initial,
                                        &IID_ID3D12GraphicsCommandList, (void **)&bundle);
    ck_assert_msg(hr == S_OK, "line %u: CreateCommandList(BUNDLE) %#x", line, (unsigned int)hr);
    return bundle;
}

ULONG get_refcount(void *iface)
{
    IUnknown *unknown = iface;

    IUnknown_AddRef(unknown);
    return IUnknown_Release(unknown);
}

void enable_blend(D3D12_RENDER_TARGET_BLEND_DESC *rt, D3D12_BLEND src, D3D12_BLEND dst, D3D12_BLEND src_alpha,
                  D3D12_BLEND dst_alpha)
{
    rt->BlendEnable = TRUE;
    rt->SrcBlend = src;
    rt->DestBlend = dst;
    rt->BlendOp = D3D12_BLEND_OP_ADD;
    rt->SrcBlendAlpha = src_alpha;
    rt->DestBlendAlpha = dst_alpha;
    rt->BlendOpAlpha = D3D12_BLEND_OP_ADD;
}

void sleep_ms(unsigned int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000};

    thrd_sleep(&ts, NULL);
}

bool event_signalled(int fd, int timeout_ms)
{
    struct pollfd pfd = {fd, POLLIN, 0};
    uint64_t count;

    if (poll(&pfd, 1, timeout_ms) != 1)
        return false;
    ck_assert_int_eq(read(fd, &count, sizeof(count)), sizeof(count));
    ck_assert_uint_ge(count, 1);
    return true;
}
