/* The runtime side of the driver contract for the agx_umd tests (agx_umd_harness.c). */
#ifndef AGX_UMD_HARNESS_H
#define AGX_UMD_HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include "agx_umd.h"

#define POISON 0xCD

/* What the driver last reported through the runtime callbacks. */
extern HRESULT last_list_error, last_device_error, last_error;

struct test_adapter
{
    D3D12DDI_ADAPTERFUNCS_0124 funcs;
    D3D12DDI_HADAPTER adapter;
};

struct test_device
{
    struct test_adapter a;
    D3D12DDI_HDEVICE device;
    D3D12DDI_DEVICE_FUNCS_CORE_0124 dev;
    D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 cl;
    D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 q;
};

struct test_resource
{
    D3D12DDI_HHEAP heap;
    D3D12DDI_HRESOURCE resource;
};

/* A queue with its own fence for execute(). */
struct test_queue
{
    D3D12DDI_HCOMMANDQUEUE queue;
    D3D12DDI_HFENCE fence;
    UINT64 value;
};

struct test_list
{
    D3D12DDI_HCOMMANDALLOCATOR allocator;
    D3D12DDI_HCOMMANDLIST list;
};

void open_adapter(struct test_adapter *a);
D3D12DDIARG_CREATEDEVICE_0124 device_args(D3D12DDI_HDEVICE device);
/* Adapter, device at 11_0 and its three tables. */
void device_init(struct test_device *t);
/* The device and its tables on the adapter already in t->a (e.g. one wrapped by a spy). */
void device_create(struct test_device *t);
void device_finish(struct test_device *t);

D3D12_RESOURCE_DESC1 buffer_desc(UINT64 width);
D3D12_RESOURCE_DESC1 texture_desc(DXGI_FORMAT format, UINT width, UINT height, UINT16 array, UINT16 mips);
HRESULT create_committed(struct test_device *t, D3D12_HEAP_TYPE type, const D3D12_RESOURCE_DESC1 *desc,
                         struct test_resource *r);
struct test_resource create_buffer(struct test_device *t, D3D12_HEAP_TYPE type, UINT64 size);
struct test_resource create_texture(struct test_device *t, const D3D12_RESOURCE_DESC1 *desc);
void *map(struct test_device *t, const struct test_resource *r);
void destroy_resource(struct test_device *t, struct test_resource *r);

D3D12DDI_HFENCE create_fence(struct test_device *t, UINT64 initial);
void destroy_fence(struct test_device *t, D3D12DDI_HFENCE fence);
struct test_queue create_queue(struct test_device *t, D3D12_COMMAND_LIST_TYPE type);
void destroy_queue(struct test_device *t, struct test_queue *q);
struct test_list create_list(struct test_device *t, D3D12_COMMAND_LIST_TYPE type);
void destroy_list(struct test_device *t, struct test_list *l);

void sleep_ms(long ms);
/* Polls the fence for at most ten seconds. */
bool wait_fence(struct test_device *t, D3D12DDI_HFENCE fence, UINT64 value);
void signal_queue(struct test_device *t, D3D12DDI_HCOMMANDQUEUE queue, D3D12DDI_HFENCE fence, UINT64 value);
void wait_queue(struct test_device *t, D3D12DDI_HCOMMANDQUEUE queue, D3D12DDI_HFENCE fence, UINT64 value);
/* Closes the list, runs it and waits for the queue to finish it. */
void execute(struct test_device *t, struct test_queue *q, struct test_list *l);

/* Deterministic bytes that differ between seeds. */
void fill_pattern(unsigned char *data, size_t size, unsigned int seed);

/* Copy locations: a buffer holding a placed footprint, and a texture subresource. */
D3D12DDIARG_TEXTURE_COPY_LOCATION footprint_location(const struct test_resource *buffer,
                                                     const D3D12_PLACED_SUBRESOURCE_FOOTPRINT *footprint);
D3D12DDIARG_TEXTURE_COPY_LOCATION subresource_location(const struct test_resource *texture, UINT sub);

/* A global COPY_DEST -> COPY_SOURCE barrier: Async work is unordered with its neighbours
 * otherwise. */
void copy_barrier(struct test_device *t, struct test_list *l);

#endif
