/* example_umd: the adapter, caps, device table, memory, descriptors and fences (example_umd.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "example_umd.h"

#define EX_TEXTURES (D3D12_FORMAT_SUPPORT1_TEXTURE1D | D3D12_FORMAT_SUPPORT1_TEXTURE2D \
        | D3D12_FORMAT_SUPPORT1_TEXTURE3D | D3D12_FORMAT_SUPPORT1_BUFFER)
#define EX_COLOR (EX_TEXTURES | D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW)

/* The formats it knows; everything else answers no support (specs/ddi.md §7.1). */
static const struct ex_format ex_formats[] =
{
    {DXGI_FORMAT_R8G8B8A8_TYPELESS, 4, EX_TEXTURES, EX_TYPELESS, 4},
    {DXGI_FORMAT_R8G8B8A8_UNORM, 4, EX_COLOR, EX_UNORM8, 4},
    {DXGI_FORMAT_R8G8B8A8_UINT, 4, EX_COLOR, EX_UINT8, 4},
    {DXGI_FORMAT_B8G8R8A8_UNORM, 4, EX_COLOR, EX_UNORM8, 4},
    {DXGI_FORMAT_R8_UNORM, 1, EX_COLOR, EX_UNORM8, 1},
    {DXGI_FORMAT_R16G16B16A16_TYPELESS, 8, EX_TEXTURES, EX_TYPELESS, 4},
    {DXGI_FORMAT_R16G16B16A16_FLOAT, 8, EX_COLOR, EX_FLOAT16, 4},
    {DXGI_FORMAT_R16_TYPELESS, 2, EX_TEXTURES, EX_TYPELESS, 1},
    {DXGI_FORMAT_R16_UINT, 2, EX_COLOR, EX_UINT16, 1},
    {DXGI_FORMAT_R32_TYPELESS, 4, EX_TEXTURES, EX_TYPELESS, 1},
    {DXGI_FORMAT_R32_FLOAT, 4, EX_COLOR, EX_FLOAT32, 1},
    {DXGI_FORMAT_R32_UINT, 4, EX_COLOR, EX_UINT32, 1},
    {DXGI_FORMAT_R32G32B32A32_TYPELESS, 16, EX_TEXTURES, EX_TYPELESS, 4},
    {DXGI_FORMAT_R32G32B32A32_FLOAT, 16, EX_COLOR, EX_FLOAT32, 4},
    {DXGI_FORMAT_R32G32B32A32_UINT, 16, EX_COLOR, EX_UINT32, 4},
    {DXGI_FORMAT_D32_FLOAT, 4, D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL, EX_DEPTH32, 1},
};

const struct ex_format *ex_format_get(DXGI_FORMAT format)
{
    unsigned int i;

    for (i = 0; i < sizeof(ex_formats) / sizeof(ex_formats[0]); ++i)
    {
        if (ex_formats[i].format == format)
            return &ex_formats[i];
    }
    return NULL;
}

static struct ex_device *ex_device(D3D12DDI_HDEVICE handle)
{
    return handle.pDrvPrivate;
}

/* ---- Adapter and caps ------------------------------------------------------------------- */

struct ex_adapter
{
    D3D12DDI_HRTADAPTER hrt;
};

static SIZE_T APIENTRY ex_calc_device_size(D3D12DDI_HADAPTER hadapter, const D3D12DDIARG_CALCPRIVATEDEVICESIZE *args)
{
    return sizeof(struct ex_device);
}

static HRESULT APIENTRY ex_create_device(D3D12DDI_HADAPTER hadapter, D3D12DDIARG_CREATEDEVICE_0124 *args)
{
    struct ex_device *device = args->hDrvDevice.pDrvPrivate;

    memset(device, 0, sizeof(*device));
    device->hrt = args->hRTDevice;
    device->callbacks = *args->pCallbacks;
    if (mtx_init(&device->lock, mtx_plain | mtx_recursive) != thrd_success)
        return E_OUTOFMEMORY;
    return S_OK;
}

static void APIENTRY ex_destroy_device(D3D12DDI_HDEVICE hdevice)
{
    mtx_destroy(&ex_device(hdevice)->lock);
}

void ex_device_lock(struct ex_device *device)
{
    mtx_lock(&device->lock);
    ++device->lock_depth;
}

void ex_device_unlock(struct ex_device *device)
{
    struct ex_fence_waiter *ready = NULL, *next;

    if (!--device->lock_depth)
    {
        ready = device->ready;
        device->ready = NULL;
    }
    mtx_unlock(&device->lock);
    for (; ready; ready = next)
    {
        next = ready->next;
        ready->callback(ready->context, FALSE);
        free(ready);
    }
}

static HRESULT APIENTRY ex_close_adapter(D3D12DDI_HADAPTER hadapter)
{
    free(hadapter.pDrvPrivate);
    return S_OK;
}

static HRESULT APIENTRY ex_get_supported_versions(D3D12DDI_HADAPTER hadapter, UINT32 *count, UINT64 *versions)
{
    if (versions)
    {
        if (*count < 1)
            return D3D12DDI_E_INSUFFICIENT_BUFFER;
        versions[0] = D3D12DDI_SUPPORTED_0124;
    }
    *count = 1;
    return S_OK;
}

/* One LUID for the process's life (specs/ddi.md §7.1: a driver without a kernel device
 * makes it from the process and the moment of the first open). */
static LUID ex_adapter_luid(void)
{
    static LUID luid;

    if (!luid.LowPart && !luid.HighPart)
    {
        luid.LowPart = (DWORD)time(NULL) | 1u;
        luid.HighPart = (LONG)getpid();
    }
    return luid;
}

static HRESULT APIENTRY ex_get_caps(D3D12DDI_HADAPTER hadapter, const D3D12DDIARG_GETCAPS *args)
{
    switch (args->Type)
    {
        case D3D12DDICAPS_TYPE_3DPIPELINESUPPORT:
        {
            /* 11_0, the lowest level D3D12CreateDevice asks for: the state setters are
             * required (they record nothing here) but no shaders. */
            D3D12DDI_3DPIPELINESUPPORT_CAPS caps = {D3D12DDI_3DPIPELINELEVEL_11_0};

            if (args->DataSize != sizeof(caps))
                return E_INVALIDARG;
            memcpy(args->pData, &caps, sizeof(caps));
            return S_OK;
        }
        case D3D12DDICAPS_TYPE_D3D12_OPTIONS:
        {
            D3D12DDI_D3D12_OPTIONS_DATA_0124 options = {0};

            if (args->DataSize != sizeof(options))
                return E_INVALIDARG;
            options.ResourceBindingTier = D3D12_RESOURCE_BINDING_TIER_1;
            options.ResourceHeapTier = D3D12_RESOURCE_HEAP_TIER_2;
            options.MaxGPUVirtualAddressBitsPerResource = 40;
            /* Barriers are no-ops on the CPU; the enhanced form is what the Async Commands
             * fallback needs (specs/ddi.md §6.3). */
            options.EnhancedBarriersSupported = TRUE;
            memcpy(args->pData, &options, sizeof(options));
            return S_OK;
        }
        case D3D12DDICAPS_TYPE_ARCHITECTURE_INFO:
        {
            D3D12DDI_ARCHITECTURE_INFO info = {FALSE, TRUE, TRUE, FALSE};

            if (args->DataSize != sizeof(info))
                return E_INVALIDARG;
            memcpy(args->pData, &info, sizeof(info));
            return S_OK;
        }
        case D3D12DDICAPS_TYPE_0124_THREADING:
        {
            /* Free-threaded, recording its own lists (example_umd.h, "Threading"). */
            D3D12DDI_THREADING_CAPS_0124 caps = {D3D12DDICAPS_THREADING_FREETHREADED
                    | D3D12DDICAPS_THREADING_COMMANDLISTS};

            if (args->DataSize != sizeof(caps))
                return E_INVALIDARG;
            memcpy(args->pData, &caps, sizeof(caps));
            return S_OK;
        }
        case D3D12DDICAPS_TYPE_0124_GPU_INFO:
        {
            D3D12DDI_GPU_INFO_0124 info = {0};

            if (args->DataSize != sizeof(info))
                return E_INVALIDARG;
            strcpy(info.Description, "example_umd (CPU)");
            info.SharedSystemMemory = 1ull << 30;
            info.AdapterLuid = ex_adapter_luid();
            memcpy(args->pData, &info, sizeof(info));
            return S_OK;
        }
        case D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS:
        case D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS:
            /* All zero: no native Async Commands, no ExecuteTileMappings. */
            if (!args->DataSize)
                return E_INVALIDARG;
            memset(args->pData, 0, args->DataSize);
            return S_OK;
    }
    return E_NOTIMPL;
}

/* ---- Formats ---------------------------------------------------------------------------- */

static HRESULT APIENTRY ex_check_format_support(D3D12DDI_HDEVICE hdevice, DXGI_FORMAT format, UINT *support1,
                                                UINT *support2)
{
    const struct ex_format *info = ex_format_get(format);

    *support1 = info ? info->support1 : 0;
    *support2 = 0;
    return S_OK;
}

static HRESULT APIENTRY ex_check_multisample(D3D12DDI_HDEVICE hdevice, DXGI_FORMAT format, UINT samples,
                                             D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags, UINT *levels)
{
    *levels = samples == 1 && ex_format_get(format) ? 1 : 0;
    return S_OK;
}

/* ---- Heaps and resources ---------------------------------------------------------------- */

bool ex_resource_subresource(const struct ex_resource *resource, UINT index, struct ex_subresource *sub)
{
    const D3D12_RESOURCE_DESC1 *desc = &resource->desc;
    unsigned int mips = desc->MipLevels, layers, mip, i;
    UINT64 offset = 0;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return false;
    layers = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : desc->DepthOrArraySize;
    if (index >= mips * layers)
        return false;
    /* Subresources in index order (mip fastest, then array slice), each placed like a
     * copyable footprint: rows 256-byte aligned, subresources 512-byte aligned. */
    for (i = 0; i <= index; ++i)
    {
        mip = i % mips;
        sub->width = (unsigned int)(desc->Width >> mip) ? (unsigned int)(desc->Width >> mip) : 1;
        sub->height = (desc->Height >> mip) ? (desc->Height >> mip) : 1;
        sub->depth = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D
                ? ((desc->DepthOrArraySize >> mip) ? (desc->DepthOrArraySize >> mip) : 1) : 1;
        sub->row_pitch = ((UINT64)sub->width * resource->format->size + EX_ROW_PITCH_ALIGNMENT - 1)
                & ~(UINT64)(EX_ROW_PITCH_ALIGNMENT - 1);
        sub->depth_pitch = sub->row_pitch * sub->height;
        sub->offset = offset;
        offset = (offset + sub->depth_pitch * sub->depth + EX_SUBRESOURCE_ALIGNMENT - 1)
                & ~(UINT64)(EX_SUBRESOURCE_ALIGNMENT - 1);
    }
    return true;
}

UINT64 ex_resource_layout_size(const D3D12_RESOURCE_DESC1 *desc)
{
    struct ex_resource resource = {.desc = *desc};
    struct ex_subresource sub;
    unsigned int count;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return desc->Width;
    if (!(resource.format = ex_format_get(desc->Format)))
        return 0;
    count = desc->MipLevels * (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : desc->DepthOrArraySize);
    if (!ex_resource_subresource(&resource, count - 1, &sub))
        return 0;
    return sub.offset + sub.depth_pitch * sub.depth;
}

static void APIENTRY ex_get_allocation_info(D3D12DDI_HDEVICE hdevice, const D3D12_RESOURCE_DESC1 *desc,
                                            D3D12DDI_RESOURCE_ALLOCATION_INFO *info)
{
    UINT64 size = ex_resource_layout_size(desc);

    info->SizeInBytes = size ? (size + EX_RESOURCE_ALIGNMENT - 1) & ~(UINT64)(EX_RESOURCE_ALIGNMENT - 1) : UINT64_MAX;
    info->Alignment = EX_RESOURCE_ALIGNMENT;
}

static D3D12DDI_HEAP_AND_RESOURCE_SIZES APIENTRY ex_calc_heap_and_resource_sizes(D3D12DDI_HDEVICE hdevice,
        const D3D12DDIARG_CREATEHEAP_0124 *heap, const D3D12DDIARG_CREATERESOURCE_0124 *resource)
{
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes;

    sizes.Heap = heap ? sizeof(struct ex_heap) : 0;
    sizes.Resource = resource ? sizeof(struct ex_resource) : 0;
    return sizes;
}

static HRESULT APIENTRY ex_create_heap_and_resource(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATEHEAP_0124 *heap_args,
        D3D12DDI_HHEAP hheap, D3D12DDI_HRTRESOURCE hrt, const D3D12DDIARG_CREATERESOURCE_0124 *args,
        D3D12DDI_HRESOURCE hresource)
{
    struct ex_resource *resource = hresource.pDrvPrivate;
    struct ex_heap *heap = hheap.pDrvPrivate;

    if (args && args->Kind == D3D12DDI_RESOURCE_KIND_RESERVED)
        return E_INVALIDARG;    /* TiledResourcesTier 0: the runtime never asks */
    if (heap)
    {
        /* Committed resources get a heap of exactly their allocation info (§7.1). */
        heap->size = heap_args->ByteSize;
        if (!(heap->memory = aligned_alloc(EX_RESOURCE_ALIGNMENT, (heap->size + EX_RESOURCE_ALIGNMENT - 1)
                & ~(UINT64)(EX_RESOURCE_ALIGNMENT - 1))))
            return E_OUTOFMEMORY;
        memset(heap->memory, 0, heap->size);
    }
    if (resource)
    {
        memset(resource, 0, sizeof(*resource));
        resource->desc = args->Desc;
        resource->format = ex_format_get(args->Desc.Format);
        if (args->Desc.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER && !resource->format)
        {
            if (heap)
                free(heap->memory);
            return E_INVALIDARG;
        }
        resource->memory = heap ? heap->memory
                : ((struct ex_heap *)args->hPlacementHeap.pDrvPrivate)->memory + args->PlacementOffset;
    }
    return S_OK;
}

static void APIENTRY ex_destroy_heap_and_resource(D3D12DDI_HDEVICE hdevice, D3D12DDI_HHEAP hheap,
                                                  D3D12DDI_HRESOURCE hresource)
{
    struct ex_heap *heap = hheap.pDrvPrivate;

    if (heap)
        free(heap->memory);
}

static HRESULT APIENTRY ex_map_heap(D3D12DDI_HDEVICE hdevice, D3D12DDI_HHEAP hheap, void **data)
{
    *data = ((struct ex_heap *)hheap.pDrvPrivate)->memory;
    return S_OK;
}

static void APIENTRY ex_unmap_heap(D3D12DDI_HDEVICE hdevice, D3D12DDI_HHEAP hheap)
{
}

static UINT64 APIENTRY ex_gpu_virtual_address(D3D12DDI_HDEVICE hdevice, D3D12DDI_HRESOURCE hresource)
{
    struct ex_resource *resource = hresource.pDrvPrivate;

    return resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER ? (UINT64)(uintptr_t)resource->memory : 0;
}

static HRESULT APIENTRY ex_get_subresource_layout(D3D12DDI_HDEVICE hdevice, D3D12DDI_HRESOURCE hresource, UINT index,
                                                  D3D12DDI_SUBRESOURCE_LAYOUT_0124 *layout)
{
    struct ex_subresource sub;

    if (!ex_resource_subresource(hresource.pDrvPrivate, index, &sub))
        return E_INVALIDARG;
    layout->Offset = sub.offset;
    layout->RowPitch = sub.row_pitch;
    layout->DepthPitch = sub.depth_pitch;
    layout->Opaque = FALSE;
    return S_OK;
}

/* ---- Queues and allocators -------------------------------------------------------------- */

static SIZE_T APIENTRY ex_calc_queue_size(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *args)
{
    return sizeof(struct ex_queue);
}

static HRESULT APIENTRY ex_create_queue(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_COMMAND_QUEUE_0124 *args,
                                        D3D12DDI_HCOMMANDQUEUE hqueue, D3D12DDI_HRTCOMMANDQUEUE hrt)
{
    struct ex_device *device = ex_device(hdevice);
    struct ex_queue *queue = hqueue.pDrvPrivate;

    memset(queue, 0, sizeof(*queue));
    queue->device = device;
    ex_device_lock(device);
    queue->next = device->queues;
    device->queues = queue;
    ex_device_unlock(device);
    return S_OK;
}

/* The runtime destroys a queue once its work is done; what an application left waiting
 * for a value never signalled is dropped. */
static void APIENTRY ex_destroy_queue(D3D12DDI_HDEVICE hdevice, D3D12DDI_HCOMMANDQUEUE hqueue)
{
    struct ex_device *device = ex_device(hdevice);
    struct ex_queue **link;

    ex_device_lock(device);
    for (link = &device->queues; *link != hqueue.pDrvPrivate; link = &(*link)->next)
        ;
    *link = (*link)->next;
    ex_queue_drop(hqueue.pDrvPrivate);
    ex_device_unlock(device);
}

static SIZE_T APIENTRY ex_calc_allocator_size(D3D12DDI_HDEVICE hdevice,
                                              const D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 *args)
{
    return sizeof(struct ex_allocator);
}

static HRESULT APIENTRY ex_create_allocator(D3D12DDI_HDEVICE hdevice,
        const D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 *args, D3D12DDI_HCOMMANDALLOCATOR hallocator)
{
    memset(hallocator.pDrvPrivate, 0, sizeof(struct ex_allocator));
    return S_OK;
}

static void APIENTRY ex_destroy_allocator(D3D12DDI_HDEVICE hdevice, D3D12DDI_HCOMMANDALLOCATOR hallocator)
{
    ex_allocator_release(hallocator.pDrvPrivate);
}

static HRESULT APIENTRY ex_reset_allocator(D3D12DDI_HDEVICE hdevice, D3D12DDI_HCOMMANDALLOCATOR hallocator)
{
    ex_allocator_release(hallocator.pDrvPrivate);
    return S_OK;
}

static SIZE_T APIENTRY ex_calc_list_size(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *args)
{
    return sizeof(struct ex_list);
}

/* ---- Fences ----------------------------------------------------------------------------- */

static SIZE_T APIENTRY ex_calc_fence_size(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_FENCE_0124 *args)
{
    return sizeof(struct ex_fence);
}

static HRESULT APIENTRY ex_create_fence(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_FENCE_0124 *args,
                                        D3D12DDI_HFENCE hfence)
{
    struct ex_fence *fence = hfence.pDrvPrivate;

    memset(fence, 0, sizeof(*fence));
    fence->device = ex_device(hdevice);
    fence->value = args->InitialValue;
    return S_OK;
}

/* The callbacks still held are dropped uncalled: the runtime destroys a fence only once
 * it answers its own waits (specs/ddi.md §16). */
static void APIENTRY ex_destroy_fence(D3D12DDI_HDEVICE hdevice, D3D12DDI_HFENCE hfence)
{
    struct ex_fence *fence = hfence.pDrvPrivate;
    struct ex_fence_waiter *waiter, *next;

    ex_device_lock(fence->device);
    for (waiter = fence->waiters; waiter; waiter = next)
    {
        next = waiter->next;
        free(waiter);
    }
    ex_device_unlock(fence->device);
}

static UINT64 APIENTRY ex_fence_value(D3D12DDI_HDEVICE hdevice, D3D12DDI_HFENCE hfence)
{
    struct ex_fence *fence = hfence.pDrvPrivate;
    UINT64 value;

    ex_device_lock(fence->device);
    value = fence->value;
    ex_device_unlock(fence->device);
    return value;
}

void ex_fence_signal(struct ex_fence *fence, UINT64 value)
{
    struct ex_fence_waiter **link = &fence->waiters, *waiter;

    fence->value = value;
    while ((waiter = *link))
    {
        if (waiter->value > value)
        {
            link = &waiter->next;
            continue;
        }
        *link = waiter->next;
        waiter->next = fence->device->ready;
        fence->device->ready = waiter;
    }
    /* Queues waiting on this fence may go on. */
    ex_queues_pump(fence->device);
}

static HRESULT APIENTRY ex_signal_fence_cpu(D3D12DDI_HDEVICE hdevice, D3D12DDI_HFENCE hfence, UINT64 value)
{
    struct ex_device *device = ex_device(hdevice);

    ex_device_lock(device);
    ex_fence_signal(hfence.pDrvPrivate, value);
    ex_device_unlock(device);
    return S_OK;
}

static HRESULT APIENTRY ex_notify_fence(D3D12DDI_HDEVICE hdevice, D3D12DDI_HFENCE hfence, UINT64 value,
                                        PFND3D12DDI_FENCE_CALLBACK callback, void *context)
{
    struct ex_fence *fence = hfence.pDrvPrivate;
    struct ex_fence_waiter *waiter;

    if (!(waiter = malloc(sizeof(*waiter))))
        return E_OUTOFMEMORY;
    waiter->value = value;
    waiter->callback = callback;
    waiter->context = context;
    /* Reached already: due at once, run by the unlock below (outside the lock). */
    ex_device_lock(fence->device);
    if (fence->value >= value)
    {
        waiter->next = fence->device->ready;
        fence->device->ready = waiter;
    }
    else
    {
        waiter->next = fence->waiters;
        fence->waiters = waiter;
    }
    ex_device_unlock(fence->device);
    return S_OK;
}

/* ---- Descriptors ------------------------------------------------------------------------ */

struct ex_descriptor_heap
{
    struct ex_descriptor *descriptors;
};

static SIZE_T APIENTRY ex_calc_descriptor_heap_size(D3D12DDI_HDEVICE hdevice,
                                                    const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 *args)
{
    return sizeof(struct ex_descriptor_heap);
}

static HRESULT APIENTRY ex_create_descriptor_heap(D3D12DDI_HDEVICE hdevice,
        const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 *args, D3D12DDI_HDESCRIPTORHEAP hheap)
{
    struct ex_descriptor_heap *heap = hheap.pDrvPrivate;

    if (!(heap->descriptors = calloc(args->NumDescriptors ? args->NumDescriptors : 1, sizeof(*heap->descriptors))))
        return E_OUTOFMEMORY;
    return S_OK;
}

static void APIENTRY ex_destroy_descriptor_heap(D3D12DDI_HDEVICE hdevice, D3D12DDI_HDESCRIPTORHEAP hheap)
{
    free(((struct ex_descriptor_heap *)hheap.pDrvPrivate)->descriptors);
}

static UINT APIENTRY ex_descriptor_size(D3D12DDI_HDEVICE hdevice, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    return sizeof(struct ex_descriptor);
}

static D3D12DDI_CPU_DESCRIPTOR_HANDLE APIENTRY ex_cpu_heap_start(D3D12DDI_HDEVICE hdevice,
                                                                D3D12DDI_HDESCRIPTORHEAP hheap)
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE handle = {(SIZE_T)((struct ex_descriptor_heap *)hheap.pDrvPrivate)->descriptors};

    return handle;
}

/* Shader-visible heaps only; with no shaders nothing reads through a GPU handle. */
static D3D12DDI_GPU_DESCRIPTOR_HANDLE APIENTRY ex_gpu_heap_start(D3D12DDI_HDEVICE hdevice,
                                                                D3D12DDI_HDESCRIPTORHEAP hheap)
{
    D3D12DDI_GPU_DESCRIPTOR_HANDLE handle = {(UINT64)ex_cpu_heap_start(hdevice, hheap).ptr};

    return handle;
}

static struct ex_descriptor *ex_descriptor_at(D3D12DDI_CPU_DESCRIPTOR_HANDLE handle,
                                              D3D12_DESCRIPTOR_HEAP_TYPE type, D3D12DDI_HRESOURCE resource)
{
    struct ex_descriptor *descriptor = (struct ex_descriptor *)handle.ptr;

    memset(descriptor, 0, sizeof(*descriptor));
    descriptor->type = type;
    descriptor->resource = resource.pDrvPrivate;
    return descriptor;
}

static void APIENTRY ex_create_srv(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124 *args,
                                   D3D12DDI_CPU_DESCRIPTOR_HANDLE handle)
{
    ex_descriptor_at(handle, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, args->hResource)->srv = args->Desc;
}

static void APIENTRY ex_create_cbv(D3D12DDI_HDEVICE hdevice, const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc,
                                   D3D12DDI_CPU_DESCRIPTOR_HANDLE handle)
{
    D3D12DDI_HRESOURCE none = {NULL};

    ex_descriptor_at(handle, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, none)->cbv = *desc;
}

static void APIENTRY ex_create_uav(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0124 *args,
                                   D3D12DDI_CPU_DESCRIPTOR_HANDLE handle)
{
    ex_descriptor_at(handle, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, args->hResource)->uav = args->Desc;
}

static void APIENTRY ex_create_rtv(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 *args,
                                   D3D12DDI_CPU_DESCRIPTOR_HANDLE handle)
{
    ex_descriptor_at(handle, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, args->hResource)->rtv = args->Desc;
}

static void APIENTRY ex_create_dsv(D3D12DDI_HDEVICE hdevice, const D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 *args,
                                   D3D12DDI_CPU_DESCRIPTOR_HANDLE handle)
{
    ex_descriptor_at(handle, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, args->hResource)->dsv = args->Desc;
}

static void APIENTRY ex_create_sampler(D3D12DDI_HDEVICE hdevice, const D3D12_SAMPLER_DESC2 *desc,
                                       D3D12DDI_CPU_DESCRIPTOR_HANDLE handle)
{
    D3D12DDI_HRESOURCE none = {NULL};

    ex_descriptor_at(handle, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, none)->sampler = *desc;
}

static void APIENTRY ex_copy_descriptors(D3D12DDI_HDEVICE hdevice, UINT dst_count,
        const D3D12DDI_CPU_DESCRIPTOR_HANDLE *dst_starts, const UINT *dst_sizes, UINT src_count,
        const D3D12DDI_CPU_DESCRIPTOR_HANDLE *src_starts, const UINT *src_sizes, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    UINT dst = 0, src = 0, dst_at = 0, src_at = 0;

    /* Both range lists walked in step, stopping when either runs out (specs/ddi.md §8). */
    while (dst < dst_count && src < src_count)
    {
        if (dst_at == (dst_sizes ? dst_sizes[dst] : 1))
        {
            ++dst;
            dst_at = 0;
            continue;
        }
        if (src_at == (src_sizes ? src_sizes[src] : 1))
        {
            ++src;
            src_at = 0;
            continue;
        }
        ((struct ex_descriptor *)dst_starts[dst].ptr)[dst_at++] = ((const struct ex_descriptor *)src_starts[src].ptr)[src_at++];
    }
}

static void APIENTRY ex_copy_descriptors_simple(D3D12DDI_HDEVICE hdevice, UINT count, D3D12DDI_CPU_DESCRIPTOR_HANDLE dst,
                                                D3D12DDI_CPU_DESCRIPTOR_HANDLE src, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    memmove((void *)dst.ptr, (const void *)src.ptr, count * sizeof(struct ex_descriptor));
}

/* ---- Tables ----------------------------------------------------------------------------- */

static void ex_fill_device_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnCheckFormatSupport = ex_check_format_support;
    funcs->pfnCheckMultisampleQualityLevels = ex_check_multisample;
    funcs->pfnCalcPrivateHeapAndResourceSizes = ex_calc_heap_and_resource_sizes;
    funcs->pfnCreateHeapAndResource = ex_create_heap_and_resource;
    funcs->pfnDestroyHeapAndResource = ex_destroy_heap_and_resource;
    funcs->pfnGetResourceAllocationInfo = ex_get_allocation_info;
    funcs->pfnMapHeap = ex_map_heap;
    funcs->pfnUnmapHeap = ex_unmap_heap;
    funcs->pfnGetResourceGpuVirtualAddress = ex_gpu_virtual_address;
    funcs->pfnGetSubresourceLayout = ex_get_subresource_layout;
    funcs->pfnCalcPrivateCommandQueueSize = ex_calc_queue_size;
    funcs->pfnCreateCommandQueue = ex_create_queue;
    funcs->pfnDestroyCommandQueue = ex_destroy_queue;
    funcs->pfnCalcPrivateCommandAllocatorSize = ex_calc_allocator_size;
    funcs->pfnCreateCommandAllocator = ex_create_allocator;
    funcs->pfnDestroyCommandAllocator = ex_destroy_allocator;
    funcs->pfnResetCommandAllocator = ex_reset_allocator;
    funcs->pfnCalcPrivateCommandListSize = ex_calc_list_size;
    funcs->pfnCreateCommandList = ex_list_create;
    funcs->pfnDestroyCommandList = ex_list_destroy;
    funcs->pfnCalcPrivateFenceSize = ex_calc_fence_size;
    funcs->pfnCreateFence = ex_create_fence;
    funcs->pfnDestroyFence = ex_destroy_fence;
    funcs->pfnGetFenceCompletedValue = ex_fence_value;
    funcs->pfnSignalFenceCpu = ex_signal_fence_cpu;
    funcs->pfnNotifyFenceOnCompletion = ex_notify_fence;
    funcs->pfnCalcPrivateDescriptorHeapSize = ex_calc_descriptor_heap_size;
    funcs->pfnCreateDescriptorHeap = ex_create_descriptor_heap;
    funcs->pfnDestroyDescriptorHeap = ex_destroy_descriptor_heap;
    funcs->pfnGetDescriptorSizeInBytes = ex_descriptor_size;
    funcs->pfnGetCPUDescriptorHandleForHeapStart = ex_cpu_heap_start;
    funcs->pfnGetGPUDescriptorHandleForHeapStart = ex_gpu_heap_start;
    funcs->pfnCreateShaderResourceView = ex_create_srv;
    funcs->pfnCreateConstantBufferView = ex_create_cbv;
    funcs->pfnCreateUnorderedAccessView = ex_create_uav;
    funcs->pfnCreateRenderTargetView = ex_create_rtv;
    funcs->pfnCreateDepthStencilView = ex_create_dsv;
    funcs->pfnCreateSampler = ex_create_sampler;
    funcs->pfnCopyDescriptors = ex_copy_descriptors;
    funcs->pfnCopyDescriptorsSimple = ex_copy_descriptors_simple;
}

static HRESULT APIENTRY ex_fill_table(D3D12DDI_HDEVICE hdevice, D3D12DDI_TABLE_TYPE type, void *table, SIZE_T size,
                                      UINT num, D3D12DDI_HRTTABLE hrt)
{
    switch (type)
    {
        case D3D12DDI_TABLE_TYPE_DEVICE_CORE:
            if (size != sizeof(D3D12DDI_DEVICE_FUNCS_CORE_0124))
                return E_INVALIDARG;
            ex_fill_device_funcs(table);
            return S_OK;
        case D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D:
            if (size != sizeof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124))
                return E_INVALIDARG;
            ex_fill_list_funcs(table);
            return S_OK;
        case D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D:
            if (size != sizeof(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124))
                return E_INVALIDARG;
            ex_fill_queue_funcs(table);
            return S_OK;
        default:
            return E_NOTIMPL;   /* no render-pass, tile-mapping or Async Commands table */
    }
}

__attribute__((visibility("default"))) HRESULT APIENTRY D3D12RTOpenAdapter12(D3D12DDIARG_OPENADAPTER_0124 *args);

HRESULT APIENTRY D3D12RTOpenAdapter12(D3D12DDIARG_OPENADAPTER_0124 *args)
{
    static const D3D12DDI_ADAPTERFUNCS_0124 funcs =
    {
        .pfnCalcPrivateDeviceSize = ex_calc_device_size,
        .pfnCreateDevice = ex_create_device,
        .pfnCloseAdapter = ex_close_adapter,
        .pfnGetSupportedVersions = ex_get_supported_versions,
        .pfnGetCaps = ex_get_caps,
        .pfnFillDDITable = ex_fill_table,
        .pfnDestroyDevice = ex_destroy_device,
    };
    struct ex_adapter *adapter;

    if (!(adapter = calloc(1, sizeof(*adapter))))
        return E_OUTOFMEMORY;
    adapter->hrt = args->hRTAdapter;
    args->hAdapter.pDrvPrivate = adapter;
    *args->pAdapterFuncs = funcs;
    return S_OK;
}
