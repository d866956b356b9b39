/*
 * What the examples share: a device with one queue, allocator and command list; a fence
 * waited on through an eventfd; buffers; a root signature from its description; a
 * texture read back to tightly packed RGBA8; PNG output (example_png.c).
 */
#ifndef EXAMPLE_UTIL_H
#define EXAMPLE_UTIL_H

#define COBJMACROS
#include <stdio.h>
#include <d3d12rt/d3d12.h>

#define EXAMPLE_CHECK(expr) do { HRESULT hr_ = (expr); if (FAILED(hr_)) { \
    fprintf(stderr, "%s:%d: %s failed: 0x%08x\n", __FILE__, __LINE__, #expr, (unsigned int)hr_); \
    return 1; } } while (0)

struct example
{
    ID3D12Device *device;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12Fence *fence;
    UINT64 fence_value;
};

HRESULT example_init(struct example *ex, ID3D12Device *device);
void example_destroy(struct example *ex);
/* Closes and executes the list, waits for the GPU, then resets allocator and list. */
HRESULT example_execute_and_wait(struct example *ex);

HRESULT example_buffer(ID3D12Device *device, D3D12_HEAP_TYPE type, UINT64 size, D3D12_RESOURCE_FLAGS flags,
        D3D12_RESOURCE_STATES state, ID3D12Resource **buffer);
HRESULT example_root_signature(ID3D12Device *device, const D3D12_ROOT_SIGNATURE_DESC *desc,
        ID3D12RootSignature **root_signature);
/* Copies a 2D RGBA8 texture in COPY_SOURCE into rgba (width * height * 4 bytes). */
HRESULT example_read_texture(struct example *ex, ID3D12Resource *texture, UINT width, UINT height,
        unsigned char *rgba);

/* Writes rgba (width * height * 4 bytes, rows top to bottom) as an 8-bit RGBA PNG; 0 on
 * success. */
int example_write_png(const char *path, unsigned int width, unsigned int height, const unsigned char *rgba);

#endif
