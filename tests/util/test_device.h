/*
 * Device-level test helpers in the vkd3d style: a context with a device, a queue, an
 * allocator and an open list of one type; resource creation; uploads and readbacks
 * through the GPU; execute-and-wait. Every helper is a macro passing __LINE__, so a
 * failed check names the test line that called it.
 */
#ifndef TEST_DEVICE_H
#define TEST_DEVICE_H

#define COBJMACROS
#include <d3d12rt/d3d12.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct test_context
{
    ID3D12Device *device;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;      /* open (recording) between helpers */
    D3D12_COMMAND_LIST_TYPE type;
    ID3D12Fence *fence;                   /* execute_and_wait's */
    UINT64 fence_value;
};

/* D3D12CreateDevice(NULL, 11_0) and a queue, allocator and recording list of `type`. */
#define test_context_init(ctx, type) test_context_init_(__LINE__, ctx, type)
void test_context_init_(unsigned int line, struct test_context *ctx, D3D12_COMMAND_LIST_TYPE type);
/* Releases everything; the device must then have no reference left. */
#define test_context_destroy(ctx) test_context_destroy_(__LINE__, ctx)
void test_context_destroy_(unsigned int line, struct test_context *ctx);

/* The desc of a buffer of `size` bytes, no flags. */
D3D12_RESOURCE_DESC test_buffer_desc(UINT64 size);
/* The desc of a 2D texture (array) of `layers` slices, `mips` levels and `samples` samples. */
D3D12_RESOURCE_DESC test_texture_2d_desc(DXGI_FORMAT format, UINT width, UINT height, UINT16 layers, UINT16 mips,
                                         UINT samples, D3D12_RESOURCE_FLAGS flags);
/* A committed buffer. */
#define create_buffer(device, heap_type, size, flags, state) \
    create_buffer_(__LINE__, device, heap_type, size, flags, state)
ID3D12Resource *create_buffer_(unsigned int line, ID3D12Device *device, D3D12_HEAP_TYPE heap_type, UINT64 size,
                               D3D12_RESOURCE_FLAGS flags, D3D12_RESOURCE_STATES state);
/* A committed texture in a DEFAULT heap. */
#define create_texture(device, desc, state) create_texture_(__LINE__, device, desc, state)
ID3D12Resource *create_texture_(unsigned int line, ID3D12Device *device, const D3D12_RESOURCE_DESC *desc,
                                D3D12_RESOURCE_STATES state);

/* Close, ExecuteCommandLists, Signal and wait (with a NULL event), Reset allocator and list. */
#define execute_and_wait(ctx) execute_and_wait_(__LINE__, ctx)
void execute_and_wait_(unsigned int line, struct test_context *ctx);
/* Signals the context fence on the queue and waits for it through an eventfd. */
#define wait_queue_idle(ctx) wait_queue_idle_(__LINE__, ctx)
void wait_queue_idle_(unsigned int line, struct test_context *ctx);

/* Writes size bytes at offset of a buffer (any heap) through an UPLOAD buffer and a GPU
 * copy; executes. */
#define upload_buffer_data(ctx, dst, offset, data, size) upload_buffer_data_(__LINE__, ctx, dst, offset, data, size)
void upload_buffer_data_(unsigned int line, struct test_context *ctx, ID3D12Resource *dst, UINT64 offset,
                         const void *data, size_t size);
/* Reads the first size bytes of a buffer through a READBACK buffer; executes. */
#define read_buffer(ctx, buffer, size, out) read_buffer_(__LINE__, ctx, buffer, size, out)
void read_buffer_(unsigned int line, struct test_context *ctx, ID3D12Resource *buffer, size_t size, void *out);
/* The same for the size bytes at offset. */
#define read_buffer_range(ctx, buffer, offset, size, out) read_buffer_range_(__LINE__, ctx, buffer, offset, size, out)
void read_buffer_range_(unsigned int line, struct test_context *ctx, ID3D12Resource *buffer, UINT64 offset,
                        size_t size, void *out);

/* The packed layout the texture helpers use for one subresource: rows of row_size bytes
 * (whole blocks), row_count rows per slice, depth slices, nothing in between. */
struct test_subresource_layout
{
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint;   /* at offset 0 */
    UINT row_count;
    UINT64 row_size;
    size_t packed_size;
};
#define get_subresource_layout(device, texture, sub, layout) \
    get_subresource_layout_(__LINE__, device, texture, sub, layout)
void get_subresource_layout_(unsigned int line, ID3D12Device *device, ID3D12Resource *texture, UINT sub,
                             struct test_subresource_layout *layout);
/* Writes packed data into a texture subresource (GetCopyableFootprints + CopyTextureRegion);
 * the texture must be in COMMON or COPY_DEST; executes. */
#define upload_texture_data(ctx, texture, sub, data) upload_texture_data_(__LINE__, ctx, texture, sub, data)
void upload_texture_data_(unsigned int line, struct test_context *ctx, ID3D12Resource *texture, UINT sub,
                          const void *data);
/* Reads a texture subresource as packed data (layout.packed_size bytes); the texture must
 * be in COMMON or COPY_SOURCE; executes. */
#define read_texture_subresource(ctx, texture, sub, out) read_texture_subresource_(__LINE__, ctx, texture, sub, out)
void read_texture_subresource_(unsigned int line, struct test_context *ctx, ID3D12Resource *texture, UINT sub,
                               void *out);

/* Records a transition of one subresource (or all) on the context's list. */
void transition_resource(struct test_context *ctx, ID3D12Resource *resource, UINT sub,
                         D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after);

/* Deterministic bytes that differ per seed: source data and poison for destinations. */
void fill_pattern(void *data, size_t size, unsigned int seed);
/* Fills a whole buffer with the byte pattern of seed (executes). */
#define poison_buffer(ctx, buffer, seed) poison_buffer_(__LINE__, ctx, buffer, seed)
void poison_buffer_(unsigned int line, struct test_context *ctx, ID3D12Resource *buffer, unsigned int seed);
/* Fills every subresource of a texture with the pattern of seed (executes). */
#define poison_texture(ctx, texture, seed) poison_texture_(__LINE__, ctx, texture, seed)
void poison_texture_(unsigned int line, struct test_context *ctx, ID3D12Resource *texture, unsigned int seed);

/* Sleeps the calling thread. */
void sleep_ms(unsigned int ms);
/* Whether the eventfd was written within timeout_ms; consumes the count. */
bool event_signalled(int fd, int timeout_ms);

/* malloc that asserts (a zero size still gets a block). */
void *xmalloc(size_t size);

/* A recording bundle and its allocator (*allocator), with an initial pipeline or NULL. */
#define create_bundle(device, initial, allocator) create_bundle_(__LINE__, device, initial, allocator)
ID3D12GraphicsCommandList *create_bundle_(unsigned int line, ID3D12Device *device, ID3D12PipelineState *initial,
                                          ID3D12CommandAllocator **allocator);

/* The object's reference count after an AddRef/Release pair. */
ULONG get_refcount(void *iface);

/* Blending on with these factors and ADD for colour and alpha. */
void enable_blend(D3D12_RENDER_TARGET_BLEND_DESC *rt, D3D12_BLEND src, D3D12_BLEND dst, D3D12_BLEND src_alpha,
                  D3D12_BLEND dst_alpha);

#endif
