/*
 * The narrow set of runtime services the fallback uses (ARCHITECTURE.md): GPU memory
 * and descriptors owned by the command allocator of the recording list. fallback/
 * never sees the allocator or the device: the runtime fills this struct for one list
 * (rt_fallback_services) and implements it in runtime/rt_fallback_services.c.
 *
 * Ownership (seed 000, "Command-allocator-owned resources"): everything handed out
 * here belongs to the command allocator the list records into and stays valid until
 * that allocator's next successful Reset, when the GPU is done with it; only then is
 * it recycled. Resetting the list alone recycles nothing. Upload and staging memory
 * comes from the device's size-classed buffer pools (one 128 MiB budget for buffers
 * kept between uses).
 *
 * The calls take locks of their own and call the driver to create memory: make them
 * before taking the DDI lock to record (fb_fill_acquire comes before fb_fill_record).
 */
#ifndef FB_SERVICES_H
#define FB_SERVICES_H

#include <stdbool.h>
#include "d3d12ddi.h"

/* The largest upload or staging span one call hands out. */
#define FB_SERVICES_MAX_SPAN (1024u * 1024u)

/* The largest element a pattern tile repeats (DDI_ENCODE_MAX_BYTES). */
#define FB_TILE_ELEMENT_MAX 16u

/* A byte range of an allocator-owned buffer. */
struct fb_buffer_span
{
    D3D12DDI_HRESOURCE buffer;       /* the driver's buffer */
    UINT64 offset;                   /* of the span in the buffer */
    UINT64 size;
    UINT64 gpu_va;                   /* of the span's first byte */
    void *cpu;                       /* the span's first byte, mapped; NULL for VRAM staging */
};

/* What a pattern-copy tile holds: one element repeated over a placed footprint. Zero
 * the struct before filling it: it is compared and hashed as bytes. */
struct fb_tile_key
{
    unsigned char element[FB_TILE_ELEMENT_MAX];
    UINT element_size;
    D3D12_SUBRESOURCE_FOOTPRINT footprint;
};

struct fb_services
{
    void *context;
    /* `size` bytes (1 to FB_SERVICES_MAX_SPAN) of CPU-mapped UPLOAD memory at an
     * `alignment` (a power of two, at most 256) offset. E_OUTOFMEMORY when memory
     * ran out, E_INVALIDARG for a size out of range. */
    HRESULT (*upload)(void *context, UINT64 size, UINT64 alignment, struct fb_buffer_span *span);
    /* `size` bytes (1 to FB_SERVICES_MAX_SPAN) of a private DEFAULT-heap (VRAM)
     * buffer, copy source and destination, offset 0 of its own buffer. */
    HRESULT (*staging)(void *context, UINT64 size, struct fb_buffer_span *span);
    /* One private CPU descriptor of type RTV or DSV, from the allocator's blocks of
     * 64 used linearly. */
    HRESULT (*descriptor)(void *context, D3D12_DESCRIPTOR_HEAP_TYPE type, D3D12DDI_CPU_DESCRIPTOR_HANDLE *handle);
    /* A private RTV or DSV: a descriptor as above, written by the driver's
     * pfnCreateRenderTargetView / pfnCreateDepthStencilView. */
    HRESULT (*render_target_view)(void *context, const D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 *view,
                                  D3D12DDI_CPU_DESCRIPTOR_HANDLE *handle);
    HRESULT (*depth_stencil_view)(void *context, const D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 *view,
                                  D3D12DDI_CPU_DESCRIPTOR_HANDLE *handle);
    /* The allocator's tile of `key` (seed 000: written once on the CPU, cached by byte
     * pattern and footprint, shared by every list recording on the allocator until its
     * Reset): `size` bytes (at most FB_SERVICES_MAX_SPAN / 2) of upload memory at a
     * D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT offset. *cached is true when the span
     * already holds the tile; false for new memory the caller writes at once. */
    HRESULT (*tile)(void *context, const struct fb_tile_key *key, UINT64 size, struct fb_buffer_span *span,
                    bool *cached);
    /* A private texture of `desc` (one mip, ALLOW_RENDER_TARGET or ALLOW_DEPTH_STENCIL)
     * in a DEFAULT heap, created through the DDI or taken from the device's pool. It is
     * the allocator's and is handed out once until the allocator's Reset, so it belongs
     * to the one recording that asked for it. Its contents and layout are undefined:
     * the first barrier on it starts from UNDEFINED. */
    HRESULT (*texture)(void *context, const D3D12_RESOURCE_DESC1 *desc, D3D12DDI_HRESOURCE *texture);
};

#endif
