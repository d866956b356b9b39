/* The examples' shared set-up (example_util.h). */
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "example_util.h"

HRESULT example_init(struct example *ex, ID3D12Device *device)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    HRESULT hr;

    memset(ex, 0, sizeof(*ex));
    ex->device = device;
    if (FAILED(hr = ID3D12Device_CreateCommandQueue(device, &queue_desc, &IID_ID3D12CommandQueue,
            (void **)&ex->queue)))
        return hr;
    if (FAILED(hr = ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&ex->allocator)))
        return hr;
    if (FAILED(hr = ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, ex->allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&ex->list)))
        return hr;
    return ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&ex->fence);
}

void example_destroy(struct example *ex)
{
    if (ex->fence)
        ID3D12Fence_Release(ex->fence);
    if (ex->list)
        ID3D12GraphicsCommandList_Release(ex->list);
    if (ex->allocator)
        ID3D12CommandAllocator_Release(ex->allocator);
    if (ex->queue)
        ID3D12CommandQueue_Release(ex->queue);
    ID3D12Device_Release(ex->device);
}

HRESULT example_execute_and_wait(struct example *ex)
{
    struct pollfd pfd;
    int event_fd;
    HRESULT hr;

    if (FAILED(hr = ID3D12GraphicsCommandList_Close(ex->list)))
        return hr;
    ID3D12CommandQueue_ExecuteCommandLists(ex->queue, 1, (ID3D12CommandList **)&ex->list);
    if (FAILED(hr = ID3D12CommandQueue_Signal(ex->queue, ex->fence, ++ex->fence_value)))
        return hr;
    /* On Linux a fence event is an eventfd (or NULL: SetEventOnCompletion then blocks). */
    if ((event_fd = eventfd(0, EFD_CLOEXEC)) < 0)
        return E_FAIL;
    hr = ID3D12Fence_SetEventOnCompletion(ex->fence, ex->fence_value, (HANDLE)(intptr_t)event_fd);
    pfd.fd = event_fd;
    pfd.events = POLLIN;
    if (SUCCEEDED(hr) && poll(&pfd, 1, 10000) != 1)
        hr = E_FAIL;
    close(event_fd);
    if (FAILED(hr))
        return hr;
    if (FAILED(hr = ID3D12CommandAllocator_Reset(ex->allocator)))
        return hr;
    return ID3D12GraphicsCommandList_Reset(ex->list, ex->allocator, NULL);
}

HRESULT example_buffer(ID3D12Device *device, D3D12_HEAP_TYPE type, UINT64 size, D3D12_RESOURCE_FLAGS flags,
        D3D12_RESOURCE_STATES state, ID3D12Resource **buffer)
{
    D3D12_HEAP_PROPERTIES heap = {type, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, size, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, flags};

    return ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc, state, NULL,
            &IID_ID3D12Resource, (void **)buffer);
}

HRESULT example_root_signature(ID3D12Device *device, const D3D12_ROOT_SIGNATURE_DESC *desc,
        ID3D12RootSignature **root_signature)
{
    ID3DBlob *blob, *error = NULL;
    HRESULT hr;

    if (FAILED(hr = D3D12SerializeRootSignature(desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, &error)))
    {
        if (error)
        {
            fprintf(stderr, "root signature: %s\n", (const char *)ID3D10Blob_GetBufferPointer(error));
            ID3D10Blob_Release(error);
        }
        return hr;
    }
    hr = ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)root_signature);
    ID3D10Blob_Release(blob);
    return hr;
}

HRESULT example_read_texture(struct example *ex, ID3D12Resource *texture, UINT width, UINT height,
        unsigned char *rgba)
{
    UINT pitch = (width * 4 + D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1) & ~(D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1);
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    ID3D12Resource *readback;
    const unsigned char *data;
    UINT y;
    HRESULT hr;

    if (FAILED(hr = example_buffer(ex->device, D3D12_HEAP_TYPE_READBACK, (UINT64)pitch * height,
            D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COPY_DEST, &readback)))
        return hr;
    src.pResource = texture;
    src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    src.SubresourceIndex = 0;
    dst.pResource = readback;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    dst.PlacedFootprint.Offset = 0;
    dst.PlacedFootprint.Footprint.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    dst.PlacedFootprint.Footprint.Width = width;
    dst.PlacedFootprint.Footprint.Height = height;
    dst.PlacedFootprint.Footprint.Depth = 1;
    dst.PlacedFootprint.Footprint.RowPitch = pitch;
    ID3D12GraphicsCommandList_CopyTextureRegion(ex->list, &dst, 0, 0, 0, &src, NULL);
    if (SUCCEEDED(hr = example_execute_and_wait(ex))
            && SUCCEEDED(hr = ID3D12Resource_Map(readback, 0, NULL, (void **)&data)))
    {
        for (y = 0; y < height; ++y)
            memcpy(rgba + (size_t)y * width * 4, data + (size_t)y * pitch, (size_t)width * 4);
        ID3D12Resource_Unmap(readback, 0, NULL);
    }
    ID3D12Resource_Release(readback);
    return hr;
}

HRESULT example_texture(ID3D12Device *device, UINT width, UINT height, DXGI_FORMAT format, D3D12_RESOURCE_FLAGS flags,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12Resource **texture)
{
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN,
            1, 1};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_TEXTURE2D, 0, width, height, 1, 1, format, {1, 0},
            D3D12_TEXTURE_LAYOUT_UNKNOWN, flags};

    return ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc, state, clear,
            &IID_ID3D12Resource, (void **)texture);
}

void example_transition(ID3D12GraphicsCommandList *list, ID3D12Resource *resource, D3D12_RESOURCE_STATES before,
        D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER barrier;

    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = resource;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = before;
    barrier.Transition.StateAfter = after;
    ID3D12GraphicsCommandList_ResourceBarrier(list, 1, &barrier);
}

void example_graphics_desc(D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc, ID3D12RootSignature *root_signature,
        const void *vs, size_t vs_size, const void *ps, size_t ps_size, const D3D12_INPUT_ELEMENT_DESC *elements,
        UINT element_count)
{
    memset(desc, 0, sizeof(*desc));
    desc->pRootSignature = root_signature;
    desc->VS.pShaderBytecode = vs;
    desc->VS.BytecodeLength = vs_size;
    desc->PS.pShaderBytecode = ps;
    desc->PS.BytecodeLength = ps_size;
    desc->BlendState.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    desc->SampleMask = ~0u;
    desc->RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    desc->RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
    desc->RasterizerState.DepthClipEnable = TRUE;
    desc->InputLayout.pInputElementDescs = elements;
    desc->InputLayout.NumElements = element_count;
    desc->PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    desc->NumRenderTargets = 1;
    desc->RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc->SampleDesc.Count = 1;
}

int example_check_pixel(const char *program, const unsigned char *rgba, unsigned int width, unsigned int x,
        unsigned int y, const unsigned char *expected)
{
    const unsigned char *p = rgba + ((size_t)y * width + x) * 4;

    if (!memcmp(p, expected, 4))
        return 0;
    fprintf(stderr, "%s: pixel (%u, %u) is %u %u %u %u, expected %u %u %u %u\n", program, x, y, p[0], p[1], p[2],
            p[3], expected[0], expected[1], expected[2], expected[3]);
    return 1;
}
