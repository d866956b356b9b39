/*
 * An application outside the tree: only <d3d12rt/d3d12.h> and `pkg-config d3d12rt`.
 * Creates a device, uploads bytes, copies upload -> default -> readback on a direct
 * queue, waits on a fence with an eventfd and checks the bytes. Exit 0 on success.
 */
#define COBJMACROS
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include <d3d12rt/d3d12.h>

#include "app_check.h"

#define SIZE 4096u


static HRESULT create_buffer(ID3D12Device *device, D3D12_HEAP_TYPE type, D3D12_RESOURCE_STATES state,
                             ID3D12Resource **buffer)
{
    D3D12_HEAP_PROPERTIES heap = {type, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, SIZE, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
                                D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};

    return ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc, state, NULL,
                                                &IID_ID3D12Resource, (void **)buffer);
}

int main(void)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12Resource *upload, *gpu, *readback;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    ID3D12Fence *fence;
    struct pollfd pfd;
    uint8_t *data;
    unsigned int i;
    int event_fd;

    CHECK_HR(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device));
    CHECK_HR(ID3D12Device_CreateCommandQueue(device, &queue_desc, &IID_ID3D12CommandQueue, (void **)&queue));
    CHECK_HR(ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                 &IID_ID3D12CommandAllocator, (void **)&allocator));
    CHECK_HR(ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, NULL,
                                            &IID_ID3D12GraphicsCommandList, (void **)&list));
    CHECK_HR(create_buffer(device, D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ, &upload));
    CHECK_HR(create_buffer(device, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON, &gpu));
    CHECK_HR(create_buffer(device, D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST, &readback));
    CHECK_HR(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence));

    CHECK_HR(ID3D12Resource_Map(upload, 0, NULL, (void **)&data));
    for (i = 0; i < SIZE; ++i)
        data[i] = (uint8_t)(i * 7 + 3);
    ID3D12Resource_Unmap(upload, 0, NULL);
    CHECK_HR(ID3D12Resource_Map(readback, 0, NULL, (void **)&data));
    memset(data, 0xcd, SIZE);   /* poison */
    ID3D12Resource_Unmap(readback, 0, NULL);

    ID3D12GraphicsCommandList_CopyBufferRegion(list, gpu, 0, upload, 0, SIZE);
    ID3D12GraphicsCommandList_CopyResource(list, readback, gpu);
    CHECK_HR(ID3D12GraphicsCommandList_Close(list));
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, (ID3D12CommandList **)&list);
    CHECK_HR(ID3D12CommandQueue_Signal(queue, fence, 1));

    event_fd = eventfd(0, EFD_CLOEXEC);
    CHECK_HR(ID3D12Fence_SetEventOnCompletion(fence, 1, (HANDLE)(intptr_t)event_fd));
    pfd.fd = event_fd;
    pfd.events = POLLIN;
    if (poll(&pfd, 1, 10000) != 1)
    {
        fprintf(stderr, "fence event never signalled\n");
        return 1;
    }
    close(event_fd);

    CHECK_HR(ID3D12Resource_Map(readback, 0, NULL, (void **)&data));
    for (i = 0; i < SIZE; ++i)
    {
        if (data[i] != (uint8_t)(i * 7 + 3))
        {
            fprintf(stderr, "byte %u: got 0x%02x, expected 0x%02x\n", i, data[i], (uint8_t)(i * 7 + 3));
            return 1;
        }
    }
    ID3D12Resource_Unmap(readback, 0, NULL);

    ID3D12Fence_Release(fence);
    ID3D12Resource_Release(readback);
    ID3D12Resource_Release(gpu);
    ID3D12Resource_Release(upload);
    ID3D12GraphicsCommandList_Release(list);
    ID3D12CommandAllocator_Release(allocator);
    ID3D12CommandQueue_Release(queue);
    if (ID3D12Device_Release(device) != 0)
    {
        fprintf(stderr, "device still referenced\n");
        return 1;
    }
    printf("external app: %u bytes copied upload -> default -> readback and verified\n", SIZE);
    return 0;
}
