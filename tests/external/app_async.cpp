/*
 * A C++ application outside the tree: only <d3d12rt/d3d12.h>, Microsoft's d3dx12.h and
 * WRL ComPtr adapter, and `pkg-config d3d12rt`. It is seed 000's opt-in sample in
 * substance (device factory, fallback opt-in, CreateDevice), then one Async Commands call
 * of each family through C++ method syntax, each result read back and compared with bytes
 * computed here.
 *
 *     app_async native|fallback
 *
 * The argument is the D3D12_FEATURE_ASYNC_COMMANDS implementation the device must report:
 * run_external.sh runs it once as is and once with the fallback forced through the
 * configuration file. Exit 0 on success.
 */
#include <d3d12rt/d3d12.h>
#include <directx/d3dx12.h>
#include <wsl/wrladapter.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <vector>

#include "app_check.h"

using Microsoft::WRL::ComPtr;


namespace {

constexpr UINT64 kBufferSize = 1024;
constexpr UINT kTexSize = 8;
constexpr UINT kMsaaSize = 4;

struct Context
{
    ComPtr<ID3D12Device> device;
    ComPtr<ID3D12CommandQueue> queue;
    ComPtr<ID3D12CommandAllocator> allocator;
    ComPtr<ID3D12GraphicsCommandList12> list;
    ComPtr<ID3D12Fence> fence;
    UINT64 fence_value = 0;
};

uint8_t pattern_byte(size_t i, unsigned int seed)
{
    return static_cast<uint8_t>(i * 13 + seed * 29 + 7);
}

uint8_t unorm8(float v)
{
    return static_cast<uint8_t>(std::lround(v * 255.0f));
}

/* Closes the list, runs it, waits (NULL event: block) and reopens it. */
HRESULT execute_and_wait(Context &ctx)
{
    HRESULT hr;
    if (FAILED(hr = ctx.list->Close()))
        return hr;
    ID3D12CommandList *lists[] = {ctx.list.Get()};
    ctx.queue->ExecuteCommandLists(1, lists);
    if (FAILED(hr = ctx.queue->Signal(ctx.fence.Get(), ++ctx.fence_value)))
        return hr;
    if (FAILED(hr = ctx.fence->SetEventOnCompletion(ctx.fence_value, nullptr)))
        return hr;
    if (ctx.fence->GetCompletedValue() < ctx.fence_value)
        return E_FAIL;
    if (FAILED(hr = ctx.allocator->Reset()))
        return hr;
    return ctx.list->Reset(ctx.allocator.Get(), nullptr);
}

HRESULT create_buffer(Context &ctx, D3D12_HEAP_TYPE type, D3D12_RESOURCE_STATES state,
                      ComPtr<ID3D12Resource> &buffer, UINT64 size = kBufferSize)
{
    CD3DX12_HEAP_PROPERTIES heap(type);
    CD3DX12_RESOURCE_DESC desc = CD3DX12_RESOURCE_DESC::Buffer(size);
    return ctx.device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                               IID_PPV_ARGS(&buffer));
}

HRESULT create_texture(Context &ctx, UINT size, UINT samples, D3D12_RESOURCE_FLAGS flags,
                       D3D12_RESOURCE_STATES state, ComPtr<ID3D12Resource> &texture)
{
    CD3DX12_HEAP_PROPERTIES heap(D3D12_HEAP_TYPE_DEFAULT);
    CD3DX12_RESOURCE_DESC desc = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_R8G8B8A8_UNORM, size, size, 1,
                                                              1, samples, 0, flags);
    return ctx.device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                               IID_PPV_ARGS(&texture));
}

/* Writes `bytes` into a buffer or a texture's subresource 0 with d3dx12's UpdateSubresources. */
HRESULT upload(Context &ctx, ID3D12Resource *dst, const std::vector<uint8_t> &bytes, UINT row_pitch)
{
    ComPtr<ID3D12Resource> staging;
    HRESULT hr = create_buffer(ctx, D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ, staging,
                               GetRequiredIntermediateSize(dst, 0, 1));
    if (FAILED(hr))
        return hr;
    D3D12_SUBRESOURCE_DATA data = {bytes.data(), static_cast<LONG_PTR>(row_pitch),
                                   static_cast<LONG_PTR>(bytes.size())};
    if (!UpdateSubresources<1>(ctx.list.Get(), dst, staging.Get(), 0, 0, 1, &data))
        return E_FAIL;
    return execute_and_wait(ctx);
}

/* Copies a buffer, or a texture's subresource 0 (tightly packed rows), into `out`. */
HRESULT read_back(Context &ctx, ID3D12Resource *src, std::vector<uint8_t> &out)
{
    D3D12_RESOURCE_DESC desc = src->GetDesc();
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint;
    UINT rows;
    UINT64 row_size, total;
    ctx.device->GetCopyableFootprints(&desc, 0, 1, 0, &footprint, &rows, &row_size, &total);

    ComPtr<ID3D12Resource> readback;
    HRESULT hr = create_buffer(ctx, D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST, readback, total);
    if (FAILED(hr))
        return hr;
    if (desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        ctx.list->CopyBufferRegion(readback.Get(), 0, src, 0, desc.Width);
    }
    else
    {
        CD3DX12_TEXTURE_COPY_LOCATION dst_location(readback.Get(), footprint), src_location(src, 0);
        ctx.list->CopyTextureRegion(&dst_location, 0, 0, 0, &src_location, nullptr);
    }
    if (FAILED(hr = execute_and_wait(ctx)))
        return hr;

    void *mapped;
    CD3DX12_RANGE range(0, static_cast<SIZE_T>(total));
    if (FAILED(hr = readback->Map(0, &range, &mapped)))
        return hr;
    out.resize(static_cast<size_t>(row_size * rows));
    for (UINT r = 0; r < rows; ++r)
        std::memcpy(out.data() + r * row_size, static_cast<uint8_t *>(mapped) + r * footprint.Footprint.RowPitch,
                    static_cast<size_t>(row_size));
    CD3DX12_RANGE nothing_written(0, 0);
    readback->Unmap(0, &nothing_written);
    return S_OK;
}

int compare(const char *what, const std::vector<uint8_t> &got, const std::vector<uint8_t> &expected)
{
    if (got.size() != expected.size())
    {
        std::fprintf(stderr, "%s: %zu bytes read back, %zu expected\n", what, got.size(), expected.size());
        return 1;
    }
    for (size_t i = 0; i < got.size(); ++i)
    {
        if (got[i] != expected[i])
        {
            std::fprintf(stderr, "%s: byte %zu is 0x%02x, expected 0x%02x\n", what, i, got[i], expected[i]);
            return 1;
        }
    }
    return 0;
}

/* d3dx12's root signature helpers: a 1.1 description serialized at 1.1 and, converted by
 * D3DX12SerializeVersionedRootSignature, at 1.0; both blobs make root signatures. */
int check_root_signature(Context &ctx)
{
    CD3DX12_DESCRIPTOR_RANGE1 range;
    range.Init(D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 2, 0);
    CD3DX12_ROOT_PARAMETER1 params[2];
    params[0].InitAsConstants(4, 0);
    params[1].InitAsDescriptorTable(1, &range);
    CD3DX12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    desc.Init_1_1(2, params, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE);

    for (D3D_ROOT_SIGNATURE_VERSION version : {D3D_ROOT_SIGNATURE_VERSION_1_1, D3D_ROOT_SIGNATURE_VERSION_1_0})
    {
        ComPtr<ID3DBlob> blob, errors;
        CHECK_HR(D3DX12SerializeVersionedRootSignature(&desc, version, &blob, &errors));
        ComPtr<ID3D12RootSignature> root_signature;
        CHECK_HR(ctx.device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(),
                                                 IID_PPV_ARGS(&root_signature)));
    }
    return 0;
}

/* Copy family and FillBuffers: two CopyBufferRegions regions and one raw FillBuffers fill
 * into one poisoned buffer. */
int check_copy_and_fill(Context &ctx)
{
    ComPtr<ID3D12Resource> src, dst;
    CHECK_HR(create_buffer(ctx, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COPY_DEST, src));
    CHECK_HR(create_buffer(ctx, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COPY_DEST, dst));
    std::vector<uint8_t> source(kBufferSize), expected(kBufferSize);
    for (size_t i = 0; i < kBufferSize; ++i)
    {
        source[i] = pattern_byte(i, 1);
        expected[i] = pattern_byte(i, 2);  /* the poison */
    }
    CHECK_HR(upload(ctx, src.Get(), source, static_cast<UINT>(kBufferSize)));
    CHECK_HR(upload(ctx, dst.Get(), expected, static_cast<UINT>(kBufferSize)));
    auto to_copy_source = CD3DX12_RESOURCE_BARRIER::Transition(src.Get(), D3D12_RESOURCE_STATE_COPY_DEST,
                                                              D3D12_RESOURCE_STATE_COPY_SOURCE);
    ctx.list->ResourceBarrier(1, &to_copy_source);

    ID3D12Resource *dsts[] = {dst.Get(), dst.Get()};
    ID3D12Resource *srcs[] = {src.Get(), src.Get()};
    const UINT64 dst_offsets[] = {0, 300}, src_offsets[] = {512, 4}, sizes[] = {100, 60};
    ctx.list->CopyBufferRegions(2, dsts, dst_offsets, srcs, src_offsets, sizes);

    D3D12_FILL_BUFFER_DESC fill = {};
    fill.pBuffer = dst.Get();
    fill.Offset = 640;
    fill.Format = DXGI_FORMAT_UNKNOWN;
    fill.RawPatternSizeInBytes = 4;
    fill.RepeatCount = 32;
    const uint8_t fill_pattern[4] = {0xde, 0xc0, 0xad, 0x0b};
    std::memcpy(fill.FillValue.Bytes, fill_pattern, sizeof(fill_pattern));
    ctx.list->FillBuffers(1, &fill);
    CHECK_HR(execute_and_wait(ctx));

    for (unsigned int r = 0; r < 2; ++r)
        for (UINT64 i = 0; i < sizes[r]; ++i)
            expected[dst_offsets[r] + i] = source[src_offsets[r] + i];
    for (UINT64 i = 0; i < fill.RawPatternSizeInBytes * fill.RepeatCount; ++i)
        expected[fill.Offset + i] = fill_pattern[i % 4];
    std::vector<uint8_t> got;
    CHECK_HR(read_back(ctx, dst.Get(), got));
    return compare("CopyBufferRegions and FillBuffers", got, expected);
}

/* ClearTextureSubresources of a box in a texture that has no view flags. */
int check_clear_texture(Context &ctx)
{
    ComPtr<ID3D12Resource> texture;
    CHECK_HR(create_texture(ctx, kTexSize, 1, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COPY_DEST, texture));
    std::vector<uint8_t> expected(kTexSize * kTexSize * 4);
    for (size_t i = 0; i < expected.size(); ++i)
        expected[i] = pattern_byte(i, 3);
    CHECK_HR(upload(ctx, texture.Get(), expected, kTexSize * 4));
    auto to_common = CD3DX12_RESOURCE_BARRIER::Transition(texture.Get(), D3D12_RESOURCE_STATE_COPY_DEST,
                                                          D3D12_RESOURCE_STATE_COMMON);
    ctx.list->ResourceBarrier(1, &to_common);

    const float color[4] = {0.0f, 1.0f, 0.2f, 0.6f};
    const D3D12_BOX box = {2, 1, 0, 6, 5, 1};
    D3D12_CLEAR_TEXTURE_DESC clear = {};
    clear.pTexture = texture.Get();
    clear.SubresourceIndex = 0;
    std::memcpy(clear.ClearValue.Floats, color, sizeof(color));
    clear.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    clear.pRegion = &box;
    ctx.list->ClearTextureSubresources(1, &clear);
    CHECK_HR(execute_and_wait(ctx));

    for (UINT y = box.top; y < box.bottom; ++y)
        for (UINT x = box.left; x < box.right; ++x)
            for (UINT c = 0; c < 4; ++c)
                expected[(y * kTexSize + x) * 4 + c] = unorm8(color[c]);
    std::vector<uint8_t> got;
    CHECK_HR(read_back(ctx, texture.Get(), got));
    return compare("ClearTextureSubresources", got, expected);
}

HRESULT create_rtv(Context &ctx, ID3D12Resource *texture, ComPtr<ID3D12DescriptorHeap> &heap,
                   D3D12_CPU_DESCRIPTOR_HANDLE &rtv)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    HRESULT hr = ctx.device->CreateDescriptorHeap(&heap_desc, IID_PPV_ARGS(&heap));
    if (FAILED(hr))
        return hr;
    rtv = heap->GetCPUDescriptorHandleForHeapStart();
    ctx.device->CreateRenderTargetView(texture, nullptr, rtv);
    return S_OK;
}

const float kRed[4] = {1.0f, 0.0f, 0.0f, 1.0f};
const float kBlue[4] = {0.2f, 0.6f, 1.0f, 0.0f};

/* The colour check_resolve and check_bound_clear expect at (x, y): blue on the left half,
 * red on the right. */
std::vector<uint8_t> halves(UINT size)
{
    std::vector<uint8_t> expected(size * size * 4);
    for (UINT y = 0; y < size; ++y)
        for (UINT x = 0; x < size; ++x)
            for (UINT c = 0; c < 4; ++c)
                expected[(y * size + x) * 4 + c] = unorm8(x < size / 2 ? kBlue[c] : kRed[c]);
    return expected;
}

/* ResolveSubresourceRegionAsync of a whole 4x MSAA target, red with a blue left half. */
int check_resolve(Context &ctx)
{
    ComPtr<ID3D12Resource> msaa, single;
    CHECK_HR(create_texture(ctx, kMsaaSize, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
                            D3D12_RESOURCE_STATE_RENDER_TARGET, msaa));
    CHECK_HR(create_texture(ctx, kMsaaSize, 1, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_RESOLVE_DEST, single));
    ComPtr<ID3D12DescriptorHeap> heap;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    CHECK_HR(create_rtv(ctx, msaa.Get(), heap, rtv));
    const D3D12_RECT left_half = {0, 0, kMsaaSize / 2, kMsaaSize};
    ctx.list->ClearRenderTargetView(rtv, kRed, 0, nullptr);
    ctx.list->ClearRenderTargetView(rtv, kBlue, 1, &left_half);
    auto to_resolve = CD3DX12_RESOURCE_BARRIER::Transition(msaa.Get(), D3D12_RESOURCE_STATE_RENDER_TARGET,
                                                           D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
    ctx.list->ResourceBarrier(1, &to_resolve);
    ctx.list->ResolveSubresourceRegionAsync(single.Get(), 0, 0, 0, msaa.Get(), 0, nullptr,
                                            DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    auto to_copy_source = CD3DX12_RESOURCE_BARRIER::Transition(single.Get(), D3D12_RESOURCE_STATE_RESOLVE_DEST,
                                                               D3D12_RESOURCE_STATE_COPY_SOURCE);
    ctx.list->ResourceBarrier(1, &to_copy_source);
    CHECK_HR(execute_and_wait(ctx));

    /* Every sample of a pixel holds the same value, so the average is that value. */
    std::vector<uint8_t> got;
    CHECK_HR(read_back(ctx, single.Get(), got));
    return compare("ResolveSubresourceRegionAsync", got, halves(kMsaaSize));
}

/* ClearBoundRenderTargetViews of the left half of a bound red target: natively the
 * driver's clear, on the fallback a draw (a region is no whole-view legacy clear). This
 * runs last because it leaves the list closed. */
int check_bound_clear(Context &ctx)
{
    ComPtr<ID3D12Resource> texture;
    CHECK_HR(create_texture(ctx, kTexSize, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
                            D3D12_RESOURCE_STATE_RENDER_TARGET, texture));
    ComPtr<ID3D12DescriptorHeap> heap;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    CHECK_HR(create_rtv(ctx, texture.Get(), heap, rtv));
    ctx.list->ClearRenderTargetView(rtv, kRed, 0, nullptr);
    CHECK_HR(execute_and_wait(ctx));

    D3D12_CLEAR_DATA values[8] = {};
    std::memcpy(values[0].Floats, kBlue, sizeof(kBlue));
    const D3D12_BOX left_half = {0, 0, 0, kTexSize / 2, kTexSize, 1};
    const D3D12_BOX *regions[8] = {&left_half};
    const UINT region_counts[8] = {1};
    ctx.list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
    ctx.list->ClearBoundRenderTargetViews(0x1, values, region_counts, regions);
    auto to_copy_source = CD3DX12_RESOURCE_BARRIER::Transition(texture.Get(), D3D12_RESOURCE_STATE_RENDER_TARGET,
                                                               D3D12_RESOURCE_STATE_COPY_SOURCE);
    ctx.list->ResourceBarrier(1, &to_copy_source);
    CHECK_HR(execute_and_wait(ctx));

    std::vector<uint8_t> got;
    CHECK_HR(read_back(ctx, texture.Get(), got));
    if (compare("ClearBoundRenderTargetViews", got, halves(kTexSize)))
        return 1;
    CHECK_HR(ctx.list->Close());
    return 0;
}

/* ResolveQueryDataAsync of an occlusion query around no draws (0 samples) into the
 * middle of a poisoned readback buffer. */
int check_resolve_query(Context &ctx)
{
    constexpr UINT64 size = 64, offset = 24;
    ComPtr<ID3D12QueryHeap> heap;
    D3D12_QUERY_HEAP_DESC heap_desc = {D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2, 0};
    CHECK_HR(ctx.device->CreateQueryHeap(&heap_desc, IID_PPV_ARGS(&heap)));
    ComPtr<ID3D12Resource> dst;
    CHECK_HR(create_buffer(ctx, D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST, dst, size));
    std::vector<uint8_t> expected(size);
    void *mapped;
    CHECK_HR(dst->Map(0, nullptr, &mapped));
    for (size_t i = 0; i < size; ++i)
        expected[i] = pattern_byte(i, 4);
    std::memcpy(mapped, expected.data(), size);
    dst->Unmap(0, nullptr);

    ctx.list->BeginQuery(heap.Get(), D3D12_QUERY_TYPE_OCCLUSION, 1);
    ctx.list->EndQuery(heap.Get(), D3D12_QUERY_TYPE_OCCLUSION, 1);
    ctx.list->ResolveQueryDataAsync(heap.Get(), D3D12_QUERY_TYPE_OCCLUSION, 1, 1, dst.Get(), offset);
    CHECK_HR(execute_and_wait(ctx));

    std::memset(expected.data() + offset, 0, sizeof(UINT64));
    std::vector<uint8_t> got(size);
    CD3DX12_RANGE range(0, size);
    CHECK_HR(dst->Map(0, &range, &mapped));
    std::memcpy(got.data(), mapped, size);
    CD3DX12_RANGE nothing_written(0, 0);
    dst->Unmap(0, &nothing_written);
    return compare("ResolveQueryDataAsync", got, expected);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2 || (std::strcmp(argv[1], "native") && std::strcmp(argv[1], "fallback")))
    {
        std::fprintf(stderr, "usage: %s native|fallback\n", argv[0]);
        return 2;
    }
    const D3D12_ASYNC_COMMANDS_IMPL expected_impl = std::strcmp(argv[1], "native")
            ? D3D12_ASYNC_COMMANDS_IMPL_FALLBACK : D3D12_ASYNC_COMMANDS_IMPL_NATIVE;

    /* Seed 000's opt-in: through the device factory, before the device exists. */
    ComPtr<ID3D12DeviceFactory> factory;
    CHECK_HR(D3D12GetInterface(CLSID_D3D12DeviceFactory, IID_PPV_ARGS(&factory)));
    ComPtr<ID3D12AsyncCommandsFallback> fallback;
    CHECK_HR(factory->GetConfigurationInterface(CLSID_D3D12AsyncCommandsFallback, IID_PPV_ARGS(&fallback)));
    CHECK_HR(fallback->SetFallbackLayerEnabled(TRUE));
    CHECK(fallback->GetFallbackLayerEnabled() == TRUE);

    /* Seed 000 asks for D3D_FEATURE_LEVEL_12_0. The built-in device reports 11_0 until the
     * simulated-device work gives it 12_0 (another issue), so this asks for the highest
     * level the device reports instead; once 12_0 is reported it is what gets created. */
    Context ctx;
    {
        ComPtr<ID3D12Device> probe;
        CHECK_HR(factory->CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&probe)));
        const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0,
                                            D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_2};
        D3D12_FEATURE_DATA_FEATURE_LEVELS feature_levels = {static_cast<UINT>(std::size(levels)), levels,
                                                            D3D_FEATURE_LEVEL_11_0};
        CHECK_HR(probe->CheckFeatureSupport(D3D12_FEATURE_FEATURE_LEVELS, &feature_levels, sizeof(feature_levels)));
        probe.Reset();
        CHECK_HR(factory->CreateDevice(nullptr, feature_levels.MaxSupportedFeatureLevel,
                                       IID_PPV_ARGS(&ctx.device)));
    }

    D3D12_FEATURE_DATA_ASYNC_COMMANDS async = {};
    CHECK_HR(ctx.device->CheckFeatureSupport(D3D12_FEATURE_ASYNC_COMMANDS, &async, sizeof(async)));
    if (async.Impl != expected_impl)
    {
        std::fprintf(stderr, "Async Commands implementation %d, expected %d\n", async.Impl, expected_impl);
        return 1;
    }

    D3D12_COMMAND_QUEUE_DESC queue_desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    CHECK_HR(ctx.device->CreateCommandQueue(&queue_desc, IID_PPV_ARGS(&ctx.queue)));
    CHECK_HR(ctx.device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, IID_PPV_ARGS(&ctx.allocator)));
    CHECK_HR(ctx.device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, ctx.allocator.Get(), nullptr,
                                           IID_PPV_ARGS(&ctx.list)));
    CHECK_HR(ctx.device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&ctx.fence)));

    /* A generated interface deriving from one of DirectX-Headers': its own methods and an
     * inherited one that returns a structure, through C++ method syntax. */
    ComPtr<ID3D12CommandQueue1> queue1;
    CHECK_HR(ctx.queue.As(&queue1));
    CHECK_HR(queue1->SetProcessPriority(D3D12_COMMAND_QUEUE_PROCESS_PRIORITY_HIGH));
    D3D12_COMMAND_QUEUE_PROCESS_PRIORITY priority = D3D12_COMMAND_QUEUE_PROCESS_PRIORITY_NORMAL;
    CHECK_HR(queue1->GetProcessPriority(&priority));
    CHECK(priority == D3D12_COMMAND_QUEUE_PROCESS_PRIORITY_HIGH);
    CHECK(queue1->GetDesc().Type == D3D12_COMMAND_LIST_TYPE_DIRECT);

    /* The preview headers' interface reaches the same list. */
    ComPtr<ID3D12CommandListAsyncCommands> preview;
    CHECK_HR(ctx.list.As(&preview));

    if (check_root_signature(ctx) || check_copy_and_fill(ctx) || check_clear_texture(ctx) || check_resolve(ctx)
            || check_resolve_query(ctx) || check_bound_clear(ctx))
        return 1;

    std::printf("external C++ app (%s): copy, fill, texture clear, resolve, query resolve and bound clear "
                "verified\n", argv[1]);
    return 0;
}
