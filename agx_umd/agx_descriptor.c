/* Descriptor heaps, views and descriptor copies (agx_descriptor.h). */
#include <stdlib.h>
#include <string.h>
#include "agx_descriptor.h"

_Static_assert(sizeof(struct agx_descriptor_cbv) <= AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV, "CBV record");
_Static_assert(sizeof(struct agx_descriptor_srv) <= AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV, "SRV record");
_Static_assert(sizeof(struct agx_descriptor_uav) <= AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV, "UAV record");
_Static_assert(sizeof(struct agx_descriptor_sampler) <= AGX_DESCRIPTOR_SIZE_SAMPLER, "sampler record");
_Static_assert(sizeof(struct agx_descriptor_rtv) <= AGX_DESCRIPTOR_SIZE_RTV, "RTV record");
_Static_assert(sizeof(struct agx_descriptor_dsv) <= AGX_DESCRIPTOR_SIZE_DSV, "DSV record");

static struct agx_descriptor_heap *agx_descriptor_heap_from_handle(D3D12DDI_HDESCRIPTORHEAP handle)
{
    return handle.pDrvPrivate;
}

UINT agx_descriptor_size(D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    switch (type)
    {
        case D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV:
            return AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV;
        case D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER:
            return AGX_DESCRIPTOR_SIZE_SAMPLER;
        case D3D12_DESCRIPTOR_HEAP_TYPE_RTV:
            return AGX_DESCRIPTOR_SIZE_RTV;
        case D3D12_DESCRIPTOR_HEAP_TYPE_DSV:
            return AGX_DESCRIPTOR_SIZE_DSV;
        default:
            return 0;
    }
}

static UINT APIENTRY agx_descriptor_get_size(D3D12DDI_HDEVICE device, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    return agx_descriptor_size(type);
}

/* ---- Heaps ---------------------------------------------------------------------- */

static SIZE_T APIENTRY agx_descriptor_heap_calc_size(D3D12DDI_HDEVICE device,
                                                     const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 *args)
{
    return sizeof(struct agx_descriptor_heap);
}

static HRESULT APIENTRY agx_descriptor_heap_create(D3D12DDI_HDEVICE hdevice,
        const D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0124 *args, D3D12DDI_HDESCRIPTORHEAP hheap)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    struct agx_descriptor_heap *heap = agx_descriptor_heap_from_handle(hheap);
    UINT size = agx_descriptor_size(args->Type);
    uint64_t bytes;
    HRESULT hr;

    if (!size || !args->NumDescriptors)
        return E_INVALIDARG;
    /* Only CBV/SRV/UAV and sampler heaps can be shader visible. */
    if ((args->Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) && args->Type != D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV
            && args->Type != D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER)
        return E_INVALIDARG;
    memset(heap, 0, sizeof(*heap));
    heap->type = args->Type;
    heap->count = args->NumDescriptors;
    heap->flags = args->Flags;
    bytes = (uint64_t)args->NumDescriptors * size;
    if (args->Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE)
    {
        if (FAILED(hr = device->backend->ops->bo_create(device->backend, bytes, 0, &heap->bo)))
            return hr;
        heap->cpu = heap->bo->map;
        heap->gpu = heap->bo->va;
    }
    else if (!(heap->cpu = calloc(1, bytes)))
    {
        return E_OUTOFMEMORY;
    }
    return S_OK;
}

/* The hardware slot a sampler heap's record references; none for any other record. */
static uint32_t agx_descriptor_sampler_slot(const void *record)
{
    const struct agx_descriptor_sampler *sampler = record;

    return sampler->kind == AGX_DESCRIPTOR_SAMPLER ? sampler->hw_slot : AGX_SAMPLER_SLOT_NONE;
}

static void APIENTRY agx_descriptor_heap_destroy(D3D12DDI_HDEVICE hdevice, D3D12DDI_HDESCRIPTORHEAP hheap)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    struct agx_descriptor_heap *heap = agx_descriptor_heap_from_handle(hheap);
    UINT i;

    /* Its sampler records let their hardware slots go. */
    if (heap->type == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER && heap->cpu)
    {
        for (i = 0; i < heap->count; ++i)
            agx_sampler_slot_release(device, agx_descriptor_sampler_slot((char *)heap->cpu
                                                                        + (size_t)i * AGX_DESCRIPTOR_SIZE_SAMPLER));
    }
    if (heap->bo)
        device->backend->ops->bo_destroy(device->backend, heap->bo);
    else
        free(heap->cpu);
    heap->bo = NULL;
    heap->cpu = NULL;
}

static D3D12DDI_CPU_DESCRIPTOR_HANDLE APIENTRY agx_descriptor_heap_cpu_start(D3D12DDI_HDEVICE device,
                                                                            D3D12DDI_HDESCRIPTORHEAP hheap)
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE handle = {(SIZE_T)agx_descriptor_heap_from_handle(hheap)->cpu};

    return handle;
}

static D3D12DDI_GPU_DESCRIPTOR_HANDLE APIENTRY agx_descriptor_heap_gpu_start(D3D12DDI_HDEVICE device,
                                                                            D3D12DDI_HDESCRIPTORHEAP hheap)
{
    D3D12DDI_GPU_DESCRIPTOR_HANDLE handle = {agx_descriptor_heap_from_handle(hheap)->gpu};

    return handle;
}

/* ---- Views -------------------------------------------------------------------------- */

/* Clears the whole slot (no stale bytes of a bigger record, no uninitialised padding)
 * and returns it for the record to be written in place. */
static void *agx_descriptor_slot(D3D12DDI_CPU_DESCRIPTOR_HANDLE dst, UINT descriptor_size)
{
    return memset((void *)dst.ptr, 0, descriptor_size);
}

static void APIENTRY agx_descriptor_create_srv(D3D12DDI_HDEVICE device,
        const D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0124 *args, D3D12DDI_CPU_DESCRIPTOR_HANDLE dst)
{
    struct agx_descriptor_srv *record = agx_descriptor_slot(dst, AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV);

    record->kind = AGX_DESCRIPTOR_SRV;
    record->resource = agx_resource_from_handle(args->hResource);
    record->desc = args->Desc;
}

static void APIENTRY agx_descriptor_create_cbv(D3D12DDI_HDEVICE device, const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc,
                                               D3D12DDI_CPU_DESCRIPTOR_HANDLE dst)
{
    struct agx_descriptor_cbv *record = agx_descriptor_slot(dst, AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV);

    record->kind = AGX_DESCRIPTOR_CBV;
    /* No description: a null constant buffer view. */
    if (desc)
    {
        /* Field by field: the caller's padding bytes stay out of the descriptor. */
        record->desc.BufferLocation = desc->BufferLocation;
        record->desc.SizeInBytes = desc->SizeInBytes;
    }
}

static void APIENTRY agx_descriptor_create_uav(D3D12DDI_HDEVICE device,
        const D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0124 *args, D3D12DDI_CPU_DESCRIPTOR_HANDLE dst)
{
    struct agx_descriptor_uav *record = agx_descriptor_slot(dst, AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV);

    record->kind = AGX_DESCRIPTOR_UAV;
    record->resource = agx_resource_from_handle(args->hResource);
    record->counter = agx_resource_from_handle(args->hCounterResource);
    record->desc = args->Desc;
}

static void APIENTRY agx_descriptor_create_rtv(D3D12DDI_HDEVICE device,
        const D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0124 *args, D3D12DDI_CPU_DESCRIPTOR_HANDLE dst)
{
    struct agx_descriptor_rtv *record = agx_descriptor_slot(dst, AGX_DESCRIPTOR_SIZE_RTV);

    record->kind = AGX_DESCRIPTOR_RTV;
    record->resource = agx_resource_from_handle(args->hResource);
    record->desc = args->Desc;
}

static void APIENTRY agx_descriptor_create_dsv(D3D12DDI_HDEVICE device,
        const D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW_0124 *args, D3D12DDI_CPU_DESCRIPTOR_HANDLE dst)
{
    struct agx_descriptor_dsv *record = agx_descriptor_slot(dst, AGX_DESCRIPTOR_SIZE_DSV);

    record->kind = AGX_DESCRIPTOR_DSV;
    record->resource = agx_resource_from_handle(args->hResource);
    record->desc = args->Desc;
}

static void APIENTRY agx_descriptor_create_sampler(D3D12DDI_HDEVICE hdevice, const D3D12_SAMPLER_DESC2 *desc,
                                                   D3D12DDI_CPU_DESCRIPTOR_HANDLE dst)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    struct agx_descriptor_sampler *record;

    /* The overwritten record's slot goes first: rewriting the last reference of a
     * state with a new one finds that slot free when every other is referenced. */
    agx_sampler_slot_release(device, agx_descriptor_sampler_slot((const void *)dst.ptr));
    record = agx_descriptor_slot(dst, AGX_DESCRIPTOR_SIZE_SAMPLER);
    record->kind = AGX_DESCRIPTOR_SAMPLER;
    record->desc = *desc;
    /* Every hardware slot referenced by other states: the write is refused, the record
     * has no slot and samples nothing; CreateSampler has no failure to report, and
     * what a shader samples through it is undefined in D3D12 (decision D013). */
    if (FAILED(agx_sampler_slot_acquire(device, desc, &record->hw_slot)))
        agx_tell(device, D3D12_MESSAGE_CATEGORY_STATE_CREATION,
                 "sampler descriptor refused: all %u hardware sampler slots are referenced", AGX_SAMPLER_SLOT_COUNT);
}

/* ---- Copies --------------------------------------------------------------------------- */

/* A sampler record copied over another: the copy references the source's slot, the
 * overwritten record lets its own go (the source's reference first, so a slot both
 * share never looks idle). */
static void agx_descriptor_copy_slots(struct agx_device *device, const void *dst, const void *src)
{
    agx_sampler_slot_add_ref(device, agx_descriptor_sampler_slot(src));
    agx_sampler_slot_release(device, agx_descriptor_sampler_slot(dst));
}

static void APIENTRY agx_descriptor_copy(D3D12DDI_HDEVICE hdevice, UINT dst_range_count,
        const D3D12DDI_CPU_DESCRIPTOR_HANDLE *dst_starts, const UINT *dst_sizes, UINT src_range_count,
        const D3D12DDI_CPU_DESCRIPTOR_HANDLE *src_starts, const UINT *src_sizes, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    UINT size = agx_descriptor_size(type), dst_range = 0, src_range = 0, dst_index = 0, src_index = 0;
    struct agx_device *device = agx_device_from_handle(hdevice);
    UINT dst_count, src_count;
    const char *src;
    char *dst;

    /* Walk both range lists in step; a NULL size array means ranges of one. */
    while (dst_range < dst_range_count && src_range < src_range_count)
    {
        dst_count = dst_sizes ? dst_sizes[dst_range] : 1;
        src_count = src_sizes ? src_sizes[src_range] : 1;
        if (dst_index < dst_count && src_index < src_count)
        {
            dst = (char *)dst_starts[dst_range].ptr + (size_t)dst_index * size;
            src = (const char *)src_starts[src_range].ptr + (size_t)src_index * size;
            if (type == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER)
                agx_descriptor_copy_slots(device, dst, src);
            memcpy(dst, src, size);
            ++dst_index;
            ++src_index;
        }
        if (dst_index >= dst_count)
        {
            ++dst_range;
            dst_index = 0;
        }
        if (src_index >= src_count)
        {
            ++src_range;
            src_index = 0;
        }
    }
}

static void APIENTRY agx_descriptor_copy_simple(D3D12DDI_HDEVICE hdevice, UINT count, D3D12DDI_CPU_DESCRIPTOR_HANDLE dst,
                                                D3D12DDI_CPU_DESCRIPTOR_HANDLE src, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    struct agx_device *device = agx_device_from_handle(hdevice);
    UINT i;

    /* The ranges may overlap: every reference moves before any byte does. Whatever
     * the overlap, the records afterwards are those outside dst plus a copy of src. */
    if (type == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER)
    {
        for (i = 0; i < count; ++i)
            agx_sampler_slot_add_ref(device, agx_descriptor_sampler_slot((const char *)src.ptr
                                                                        + (size_t)i * AGX_DESCRIPTOR_SIZE_SAMPLER));
        for (i = 0; i < count; ++i)
            agx_sampler_slot_release(device, agx_descriptor_sampler_slot((const char *)dst.ptr
                                                                        + (size_t)i * AGX_DESCRIPTOR_SIZE_SAMPLER));
    }
    memmove((void *)dst.ptr, (const void *)src.ptr, (size_t)count * agx_descriptor_size(type));
}

void agx_descriptor_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnCalcPrivateDescriptorHeapSize = agx_descriptor_heap_calc_size;
    funcs->pfnCreateDescriptorHeap = agx_descriptor_heap_create;
    funcs->pfnDestroyDescriptorHeap = agx_descriptor_heap_destroy;
    funcs->pfnGetDescriptorSizeInBytes = agx_descriptor_get_size;
    funcs->pfnGetCPUDescriptorHandleForHeapStart = agx_descriptor_heap_cpu_start;
    funcs->pfnGetGPUDescriptorHandleForHeapStart = agx_descriptor_heap_gpu_start;
    funcs->pfnCreateShaderResourceView = agx_descriptor_create_srv;
    funcs->pfnCreateConstantBufferView = agx_descriptor_create_cbv;
    funcs->pfnCreateUnorderedAccessView = agx_descriptor_create_uav;
    funcs->pfnCreateRenderTargetView = agx_descriptor_create_rtv;
    funcs->pfnCreateDepthStencilView = agx_descriptor_create_dsv;
    funcs->pfnCreateSampler = agx_descriptor_create_sampler;
    funcs->pfnCopyDescriptors = agx_descriptor_copy;
    funcs->pfnCopyDescriptorsSimple = agx_descriptor_copy_simple;
}

static void agx_view_subresources_set(struct agx_view_subresources *sub, uint32_t mip, uint32_t first_slice,
                                      uint32_t slice_count, uint32_t plane)
{
    sub->mip = mip;
    sub->first_slice = first_slice;
    sub->slice_count = slice_count;
    sub->plane = plane;
}

bool agx_rtv_subresources(const D3D12_RENDER_TARGET_VIEW_DESC *desc, struct agx_view_subresources *sub)
{
    switch (desc->ViewDimension)
    {
        case D3D12_RTV_DIMENSION_TEXTURE1D:
            agx_view_subresources_set(sub, desc->Texture1D.MipSlice, 0, 1, 0);
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE1DARRAY:
            agx_view_subresources_set(sub, desc->Texture1DArray.MipSlice, desc->Texture1DArray.FirstArraySlice,
                                      desc->Texture1DArray.ArraySize, 0);
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE2D:
            agx_view_subresources_set(sub, desc->Texture2D.MipSlice, 0, 1, desc->Texture2D.PlaneSlice);
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE2DARRAY:
            agx_view_subresources_set(sub, desc->Texture2DArray.MipSlice, desc->Texture2DArray.FirstArraySlice,
                                      desc->Texture2DArray.ArraySize, desc->Texture2DArray.PlaneSlice);
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE2DMS:
            agx_view_subresources_set(sub, 0, 0, 1, 0);
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY:
            agx_view_subresources_set(sub, 0, desc->Texture2DMSArray.FirstArraySlice, desc->Texture2DMSArray.ArraySize,
                                      0);
            return true;
        case D3D12_RTV_DIMENSION_TEXTURE3D:
            agx_view_subresources_set(sub, desc->Texture3D.MipSlice, desc->Texture3D.FirstWSlice,
                                      desc->Texture3D.WSize, 0);
            return true;
        default:
            return false;
    }
}

bool agx_dsv_subresources(const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, struct agx_view_subresources *sub)
{
    switch (desc->ViewDimension)
    {
        case D3D12_DSV_DIMENSION_TEXTURE1D:
            agx_view_subresources_set(sub, desc->Texture1D.MipSlice, 0, 1, 0);
            return true;
        case D3D12_DSV_DIMENSION_TEXTURE1DARRAY:
            agx_view_subresources_set(sub, desc->Texture1DArray.MipSlice, desc->Texture1DArray.FirstArraySlice,
                                      desc->Texture1DArray.ArraySize, 0);
            return true;
        case D3D12_DSV_DIMENSION_TEXTURE2D:
            agx_view_subresources_set(sub, desc->Texture2D.MipSlice, 0, 1, 0);
            return true;
        case D3D12_DSV_DIMENSION_TEXTURE2DARRAY:
            agx_view_subresources_set(sub, desc->Texture2DArray.MipSlice, desc->Texture2DArray.FirstArraySlice,
                                      desc->Texture2DArray.ArraySize, 0);
            return true;
        case D3D12_DSV_DIMENSION_TEXTURE2DMS:
            agx_view_subresources_set(sub, 0, 0, 1, 0);
            return true;
        case D3D12_DSV_DIMENSION_TEXTURE2DMSARRAY:
            agx_view_subresources_set(sub, 0, desc->Texture2DMSArray.FirstArraySlice, desc->Texture2DMSArray.ArraySize,
                                      0);
            return true;
        default:
            return false;
    }
}
