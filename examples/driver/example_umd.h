/*
 * example_umd: a minimal d3d12rt driver that runs every command on the CPU. It is the
 * skeleton a driver team copies: built only against the installed contract headers
 * (`pkg-config --cflags d3d12rt-ddi`), it implements the legacy tables (no shaders, no
 * render-pass table, no native Async Commands) and lets the runtime do the rest:
 * software command lists, its DDI lock, render-pass emulation and the Async Commands
 * fallback. README.md says what it offers and how to build and test it.
 *
 * Memory is host memory: a heap is one aligned allocation, a resource a range of it laid
 * out linearly (the layout of D3D12's copyable footprints), a GPU virtual address the host
 * address itself. Queues execute each submission at once on the calling thread; a queue
 * waiting for a fence keeps its later work until another signal lets it go on.
 *
 * Threading: it reports FREETHREADED and COMMANDLISTS, so it records its own lists and the
 * runtime calls it from any thread. Objects the runtime allocates are independent; what
 * they share (the queues and the fences' waiters) sits behind the device's one lock, and
 * fence callbacks run after that lock is released, so a callback may call back in.
 */
#ifndef EXAMPLE_UMD_H
#define EXAMPLE_UMD_H

#include <stdbool.h>
#include <threads.h>
#include <d3d12ddi.h>

/* D3D12's row-pitch and subresource-placement alignments of copyable footprints. */
#define EX_ROW_PITCH_ALIGNMENT 256u
#define EX_SUBRESOURCE_ALIGNMENT 512u
/* Every heap and resource is 64 KiB aligned, D3D12's default placement alignment. */
#define EX_RESOURCE_ALIGNMENT 65536u

struct ex_queue;

struct ex_fence_waiter;
struct ex_device
{
    D3D12DDI_HRTDEVICE hrt;
    D3D12DDI_CORELAYER_DEVICECALLBACKS_0124 callbacks;
    mtx_t lock;                         /* recursive: a signal pumps queues that signal */
    unsigned int lock_depth;
    struct ex_queue *queues;            /* every queue, for fence signals to wake */
    struct ex_fence_waiter *ready;      /* callbacks due, run at the outermost unlock */
};
void ex_device_lock(struct ex_device *device);
void ex_device_unlock(struct ex_device *device);

struct ex_format
{
    DXGI_FORMAT format;
    unsigned int size;                  /* bytes per texel */
    unsigned int support1;              /* D3D12_FORMAT_SUPPORT1 bits */
    enum { EX_UNORM8, EX_UINT8, EX_FLOAT16, EX_UINT16, EX_FLOAT32, EX_UINT32, EX_DEPTH32, EX_TYPELESS } kind;
    unsigned int channels;
};
const struct ex_format *ex_format_get(DXGI_FORMAT format);

struct ex_heap
{
    unsigned char *memory;
    UINT64 size;
};

struct ex_subresource
{
    UINT64 offset, row_pitch, depth_pitch;
    unsigned int width, height, depth;
};

struct ex_resource
{
    D3D12_RESOURCE_DESC1 desc;
    unsigned char *memory;              /* its first byte in its heap */
    const struct ex_format *format;     /* NULL for buffers */
};
bool ex_resource_subresource(const struct ex_resource *resource, UINT index, struct ex_subresource *sub);
UINT64 ex_resource_layout_size(const D3D12_RESOURCE_DESC1 *desc);

/* A descriptor: what a view creator wrote into a CPU descriptor handle. */
struct ex_descriptor
{
    struct ex_resource *resource;       /* NULL: a null descriptor */
    D3D12_DESCRIPTOR_HEAP_TYPE type;
    union
    {
        D3D12_RENDER_TARGET_VIEW_DESC rtv;
        D3D12_DEPTH_STENCIL_VIEW_DESC dsv;
        D3D12_UNORDERED_ACCESS_VIEW_DESC uav;
        D3D12_SHADER_RESOURCE_VIEW_DESC srv;
        D3D12_CONSTANT_BUFFER_VIEW_DESC cbv;
        D3D12_SAMPLER_DESC2 sampler;
    };
};

struct ex_fence_waiter
{
    UINT64 value;
    PFND3D12DDI_FENCE_CALLBACK callback;
    void *context;
    struct ex_fence_waiter *next;
};

struct ex_fence
{
    struct ex_device *device;
    UINT64 value;
    struct ex_fence_waiter *waiters;
};
/* With the device lock held. */
void ex_fence_signal(struct ex_fence *fence, UINT64 value);

/* One recording: the commands of a list between a reset and the next, owned by the
 * allocator it was recorded into (so a reset list leaves its last recording executable). */
struct ex_recording;
struct ex_allocator
{
    struct ex_recording *recordings;
};
struct ex_list
{
    struct ex_device *device;
    D3D12DDI_HRTCOMMANDLIST hrt;
    struct ex_recording *recording;
};
void ex_recording_execute(const struct ex_recording *recording);
void ex_allocator_release(struct ex_allocator *allocator);
void ex_fill_list_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs);
HRESULT APIENTRY ex_list_create(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *args,
                                D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRTCOMMANDLIST hrt);
void APIENTRY ex_list_destroy(D3D12DDI_HDEVICE hdevice, D3D12DDI_HCOMMANDLIST hlist);

/* Queue operations wait in order behind a fence wait that is not yet satisfied. */
struct ex_queue_op;
struct ex_queue
{
    struct ex_device *device;
    struct ex_queue_op *head, *tail;
    struct ex_queue *next;
};
void ex_fill_queue_funcs(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *funcs);
/* Frees the queue's pending ops without running them. */
void ex_queue_drop(struct ex_queue *queue);
/* With the device lock held. */
void ex_queues_pump(struct ex_device *device);

/* Writes `color` (or the UINT values) in `format` into out; false for a format it cannot. */
bool ex_encode_float(const struct ex_format *format, const FLOAT color[4], unsigned char *out);
bool ex_encode_uint(const struct ex_format *format, const UINT values[4], unsigned char *out);

#endif
