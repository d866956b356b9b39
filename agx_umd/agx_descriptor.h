/*
 * Descriptors: small self-describing records the Create*View entries write into
 * descriptor heap memory (the CPU handle is the host address of the record). Each
 * starts with its kind; zeroed memory reads as AGX_DESCRIPTOR_NONE.
 *
 * Sizes (GetDescriptorSizeInBytes): 64 bytes for CBV/SRV/UAV and samplers, 48 for
 * RTVs and DSVs (a view description plus the resource). A shader-visible heap lives
 * in GPU memory: its GPU handle is the GPU address of the same record.
 */
#ifndef AGX_DESCRIPTOR_H
#define AGX_DESCRIPTOR_H

#include "agx_resource.h"

#define AGX_DESCRIPTOR_SIZE_CBV_SRV_UAV 64u
#define AGX_DESCRIPTOR_SIZE_SAMPLER 64u
#define AGX_DESCRIPTOR_SIZE_RTV 48u
#define AGX_DESCRIPTOR_SIZE_DSV 48u

enum agx_descriptor_kind
{
    AGX_DESCRIPTOR_NONE = 0,
    AGX_DESCRIPTOR_CBV,
    AGX_DESCRIPTOR_SRV,
    AGX_DESCRIPTOR_UAV,
    AGX_DESCRIPTOR_SAMPLER,
    AGX_DESCRIPTOR_RTV,
    AGX_DESCRIPTOR_DSV,
};

struct agx_descriptor_cbv
{
    uint32_t kind;
    D3D12_CONSTANT_BUFFER_VIEW_DESC desc;
};

/* resource NULL: a null descriptor of the view's dimension. */
struct agx_descriptor_srv
{
    uint32_t kind;
    struct agx_resource *resource;
    D3D12_SHADER_RESOURCE_VIEW_DESC desc;
};

struct agx_descriptor_uav
{
    uint32_t kind;
    struct agx_resource *resource;
    struct agx_resource *counter;
    D3D12_UNORDERED_ACCESS_VIEW_DESC desc;
};

struct agx_descriptor_sampler
{
    uint32_t kind;
    uint32_t hw_slot;             /* agx_sampler_slot_acquire(); AGX_SAMPLER_SLOT_NONE without one */
    D3D12_SAMPLER_DESC2 desc;
};

struct agx_descriptor_rtv
{
    uint32_t kind;
    struct agx_resource *resource;
    D3D12_RENDER_TARGET_VIEW_DESC desc;
};

struct agx_descriptor_dsv
{
    uint32_t kind;
    struct agx_resource *resource;
    D3D12_DEPTH_STENCIL_VIEW_DESC desc;
};

/* Lives in the runtime's memory (CalcPrivateDescriptorHeapSize). */
struct agx_descriptor_heap
{
    D3D12_DESCRIPTOR_HEAP_TYPE type;
    UINT count;
    D3D12_DESCRIPTOR_HEAP_FLAGS flags;
    struct agx_bo *bo;            /* shader-visible heaps */
    void *cpu;                    /* the records */
    uint64_t gpu;                 /* 0 unless shader-visible */
};

UINT agx_descriptor_size(D3D12_DESCRIPTOR_HEAP_TYPE type);

/* The texture subresources a render-target or depth-stencil view names, as its desc
 * gives them (3D views: the w slices; DSVs name no plane: 0). */
struct agx_view_subresources
{
    uint32_t mip, first_slice, slice_count, plane;
};

/* False for views of no texture dimension (buffers, unknown). */
bool agx_rtv_subresources(const D3D12_RENDER_TARGET_VIEW_DESC *desc, struct agx_view_subresources *sub);
bool agx_dsv_subresources(const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, struct agx_view_subresources *sub);

#endif
