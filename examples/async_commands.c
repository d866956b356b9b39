/*
 * The Async Commands (seed 000): opts in to the runtime's fallback through the device
 * factory, prints which implementation the device chose (NATIVE: the driver's own;
 * FALLBACK: the runtime's lowering onto legacy DDIs), then fills a buffer with
 * FillBuffers and copies part of it with CopyBufferRegions, and checks the bytes.
 * Run it once as it is (the built-in driver is native) and once with the fallback
 * forced: `d3dconfig device force-async-commands-fallback=true` (the smoke test uses a
 * configuration file of its own through $D3D12RT_CONFIG).
 */
#include <stdint.h>
#include <string.h>

#include "example_util.h"

#define SIZE 256u

static HRESULT create_device(ID3D12Device **device)
{
    ID3D12AsyncCommandsFallback *fallback;
    ID3D12DeviceFactory *factory;
    HRESULT hr;

    if (FAILED(hr = D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory)))
        return hr;
    /* The opt-in: where the driver has no native Async Commands, the runtime's fallback
     * implements them instead of the device reporting NOT_SUPPORTED. */
    if (SUCCEEDED(hr = ID3D12DeviceFactory_GetConfigurationInterface(factory, &CLSID_D3D12AsyncCommandsFallback,
            &IID_ID3D12AsyncCommandsFallback, (void **)&fallback)))
    {
        hr = ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(fallback, TRUE);
        ID3D12AsyncCommandsFallback_Release(fallback);
    }
    if (SUCCEEDED(hr))
        hr = ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                (void **)device);
    ID3D12DeviceFactory_Release(factory);
    return hr;
}

static const char *impl_name(D3D12_ASYNC_COMMANDS_IMPL impl)
{
    switch ((int)impl)
    {
        case D3D12_ASYNC_COMMANDS_IMPL_NATIVE: return "NATIVE";
        case D3D12_ASYNC_COMMANDS_IMPL_FALLBACK: return "FALLBACK";
        default: return "NOT_SUPPORTED";
    }
}

int main(void)
{
    D3D12_FEATURE_DATA_ASYNC_COMMANDS async = {D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED};
    ID3D12Resource *filled, *copied, *readback;
    ID3D12GraphicsCommandList12 *list12;
    static const UINT64 zero = 0, copy_offset = SIZE / 4, copy_size = SIZE / 2;
    D3D12_BUFFER_BARRIER buffer_barrier;
    D3D12_BARRIER_GROUP group;
    D3D12_FILL_BUFFER_DESC fill;
    unsigned char expected[SIZE];
    const unsigned char *data;
    ID3D12Device *device;
    struct example ex;
    unsigned int i;
    int bad;

    EXAMPLE_CHECK(create_device(&device));
    EXAMPLE_CHECK(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_ASYNC_COMMANDS, &async, sizeof(async)));
    printf("async_commands: Impl %s\n", impl_name(async.Impl));
    if (async.Impl == D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED)
    {
        ID3D12Device_Release(device);
        return 1;
    }
    EXAMPLE_CHECK(example_init(&ex, device));
    EXAMPLE_CHECK(ID3D12GraphicsCommandList_QueryInterface(ex.list, &IID_ID3D12GraphicsCommandList12,
            (void **)&list12));

    EXAMPLE_CHECK(example_buffer(device, D3D12_HEAP_TYPE_DEFAULT, SIZE, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COMMON, &filled));
    EXAMPLE_CHECK(example_buffer(device, D3D12_HEAP_TYPE_DEFAULT, SIZE, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COMMON, &copied));
    EXAMPLE_CHECK(example_buffer(device, D3D12_HEAP_TYPE_READBACK, SIZE, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COPY_DEST, &readback));

    /* The 4-byte pattern de ad be ef over the whole first buffer ... */
    memset(&fill, 0, sizeof(fill));
    fill.pBuffer = filled;
    fill.Offset = 0;
    fill.FillValue.Bytes[0] = 0xde;
    fill.FillValue.Bytes[1] = 0xad;
    fill.FillValue.Bytes[2] = 0xbe;
    fill.FillValue.Bytes[3] = 0xef;
    fill.Format = DXGI_FORMAT_UNKNOWN;
    fill.RawPatternSizeInBytes = 4;
    fill.RepeatCount = SIZE / 4;
    ID3D12GraphicsCommandList12_FillBuffers(list12, 1, &fill);
    /* ... and a 16-byte pattern over the first and last quarters of the second ... */
    fill.pBuffer = copied;
    for (i = 0; i < 16; ++i)
        fill.FillValue.Bytes[i] = (BYTE)(i + 1);
    fill.RawPatternSizeInBytes = 16;
    fill.RepeatCount = SIZE / 4 / 16;
    ID3D12GraphicsCommandList12_FillBuffers(list12, 1, &fill);
    fill.Offset = 3 * SIZE / 4;
    ID3D12GraphicsCommandList12_FillBuffers(list12, 1, &fill);
    /* ... whose middle half then gets the first's bytes: the fills write in the copy
     * scope, so the copy reads the first buffer after a copy-to-copy barrier. */
    buffer_barrier.SyncBefore = D3D12_BARRIER_SYNC_COPY;
    buffer_barrier.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    buffer_barrier.AccessBefore = D3D12_BARRIER_ACCESS_COPY_DEST;
    buffer_barrier.AccessAfter = D3D12_BARRIER_ACCESS_COPY_SOURCE;
    buffer_barrier.pResource = filled;
    buffer_barrier.Offset = 0;
    buffer_barrier.Size = UINT64_MAX;
    group.Type = D3D12_BARRIER_TYPE_BUFFER;
    group.NumBarriers = 1;
    group.pBufferBarriers = &buffer_barrier;
    ID3D12GraphicsCommandList12_Barrier(list12, 1, &group);
    ID3D12GraphicsCommandList12_CopyBufferRegions(list12, 1, &copied, &copy_offset, &filled, &zero, &copy_size);
    /* The copies into the second buffer finish before it is read back. */
    buffer_barrier.AccessBefore = D3D12_BARRIER_ACCESS_COPY_DEST;
    buffer_barrier.pResource = copied;
    ID3D12GraphicsCommandList12_Barrier(list12, 1, &group);
    ID3D12GraphicsCommandList_CopyResource(ex.list, readback, copied);
    EXAMPLE_CHECK(example_execute_and_wait(&ex));

    for (i = 0; i < SIZE; ++i)
        expected[i] = i >= SIZE / 4 && i < 3 * SIZE / 4 ? (unsigned char[]){0xde, 0xad, 0xbe, 0xef}[i % 4]
                : (unsigned char)(i % 16 + 1);
    EXAMPLE_CHECK(ID3D12Resource_Map(readback, 0, NULL, (void **)&data));
    bad = memcmp(data, expected, SIZE) != 0;
    ID3D12Resource_Unmap(readback, 0, NULL);
    printf("async_commands: FillBuffers and CopyBufferRegions %s\n", bad ? "FAILED" : "ok");

    ID3D12Resource_Release(readback);
    ID3D12Resource_Release(copied);
    ID3D12Resource_Release(filled);
    ID3D12GraphicsCommandList12_Release(list12);
    example_destroy(&ex);
    return bad;
}
