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
/* A committed 2D texture in a default heap (clear: the optimized clear value, or NULL). */
HRESULT example_texture(ID3D12Device *device, UINT width, UINT height, DXGI_FORMAT format, D3D12_RESOURCE_FLAGS flags,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12Resource **texture);
void example_transition(ID3D12GraphicsCommandList *list, ID3D12Resource *resource, D3D12_RESOURCE_STATES before,
        D3D12_RESOURCE_STATES after);
/* A graphics pipeline description with the examples' common state: one RGBA8 target
 * written whole, no blending, solid fill without culling, depth clip, one sample. */
void example_graphics_desc(D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc, ID3D12RootSignature *root_signature,
        const void *vs, size_t vs_size, const void *ps, size_t ps_size, const D3D12_INPUT_ELEMENT_DESC *elements,
        UINT element_count);
/* 0 when the RGBA8 pixel (x, y) of an image width pixels wide is expected; else 1, with
 * a message on stderr naming the program. */
int example_check_pixel(const char *program, const unsigned char *rgba, unsigned int width, unsigned int x,
        unsigned int y, const unsigned char *expected);

/* Copies a 2D RGBA8 texture in COPY_SOURCE into rgba (width * height * 4 bytes). */
HRESULT example_read_texture(struct example *ex, ID3D12Resource *texture, UINT width, UINT height,
        unsigned char *rgba);

/* Writes rgba (width * height * 4 bytes, rows top to bottom) as an 8-bit RGBA PNG; 0 on
 * success. */
int example_write_png(const char *path, unsigned int width, unsigned int height, const unsigned char *rgba);

#endif
