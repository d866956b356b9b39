/* Resource validation and creation: committed, placed and reserved resources. */
#include <stdlib.h>

#include "rt_resource.h"
#include "rt_format_caps.h"
#include "rt_info_queue.h"
#include "ddi_format.h"
#include "ddi_layout.h"
#include "ddi_tile.h"
#include "rt_tile_mapping.h"

#define RT_KNOWN_RESOURCE_STATES (D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER | D3D12_RESOURCE_STATE_INDEX_BUFFER \
        | D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_UNORDERED_ACCESS | D3D12_RESOURCE_STATE_DEPTH_WRITE \
        | D3D12_RESOURCE_STATE_DEPTH_READ | D3D12_RESOURCE_STATE_ALL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_STREAM_OUT \
        | D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT | D3D12_RESOURCE_STATE_COPY_DEST | D3D12_RESOURCE_STATE_COPY_SOURCE \
        | D3D12_RESOURCE_STATE_RESOLVE_DEST | D3D12_RESOURCE_STATE_RESOLVE_SOURCE \
        | D3D12_RESOURCE_STATE_RAYTRACING_ACCELERATION_STRUCTURE | D3D12_RESOURCE_STATE_SHADING_RATE_SOURCE \
        | D3D12_RESOURCE_STATE_VIDEO_DECODE_READ | D3D12_RESOURCE_STATE_VIDEO_DECODE_WRITE \
        | D3D12_RESOURCE_STATE_VIDEO_PROCESS_READ | D3D12_RESOURCE_STATE_VIDEO_PROCESS_WRITE \
        | D3D12_RESOURCE_STATE_VIDEO_ENCODE_READ | D3D12_RESOURCE_STATE_VIDEO_ENCODE_WRITE)
/* States that write: each must stand alone. */
#define RT_WRITE_RESOURCE_STATES (D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_UNORDERED_ACCESS \
        | D3D12_RESOURCE_STATE_DEPTH_WRITE | D3D12_RESOURCE_STATE_STREAM_OUT | D3D12_RESOURCE_STATE_COPY_DEST \
        | D3D12_RESOURCE_STATE_RESOLVE_DEST | D3D12_RESOURCE_STATE_VIDEO_DECODE_WRITE \
        | D3D12_RESOURCE_STATE_VIDEO_PROCESS_WRITE | D3D12_RESOURCE_STATE_VIDEO_ENCODE_WRITE)

D3D12_RESOURCE_DESC1 rt_resource_desc1_from_desc(const D3D12_RESOURCE_DESC *desc)
{
    D3D12_RESOURCE_DESC1 desc1;

    memset(&desc1, 0, sizeof(desc1));
    desc1.Dimension = desc->Dimension;
    desc1.Alignment = desc->Alignment;
    desc1.Width = desc->Width;
    desc1.Height = desc->Height;
    desc1.DepthOrArraySize = desc->DepthOrArraySize;
    desc1.MipLevels = desc->MipLevels;
    desc1.Format = desc->Format;
    desc1.SampleDesc = desc->SampleDesc;
    desc1.Layout = desc->Layout;
    desc1.Flags = desc->Flags;
    return desc1;
}

unsigned int rt_resource_validate_flags(const struct rt_device *device)
{
    (void)device;
    return 0;
}

bool rt_resource_allocation_info(struct rt_device *device, const D3D12_RESOURCE_DESC1 *desc,
        D3D12_RESOURCE_ALLOCATION_INFO *info)
{
    D3D12DDI_RESOURCE_ALLOCATION_INFO ddi_info = {0};
    D3D12_RESOURCE_DESC1 resolved;
    char why[160];

    if (!ddi_validate_resource_desc_ex(desc, rt_resource_validate_flags(device), why, sizeof(why)))
    {
        RT_WARN("Invalid resource description: %s.", why);
        return false;
    }
    resolved = *desc;
    resolved.MipLevels = ddi_resource_mip_levels(desc);

    rt_device_ddi_lock(device);
    device->ddi.pfnGetResourceAllocationInfo(device->hdrv, &resolved, &ddi_info);
    rt_device_ddi_unlock(device);

    if (!ddi_info.SizeInBytes || ddi_info.SizeInBytes == UINT64_MAX || !ddi_info.Alignment)
    {
        RT_WARN("The driver cannot allocate the resource.");
        return false;
    }
    /* Which textures may take 4 KiB (or 64 KiB for MSAA) is the description's rule
     * (ddi_small_placement_allowed); a driver may still answer more. */
    info->SizeInBytes = ddi_info.SizeInBytes;
    info->Alignment = ddi_info.Alignment > desc->Alignment ? ddi_info.Alignment : desc->Alignment;
    return true;
}

/* ---- Validation ------------------------------------------------------------------------ */

static bool is_rt_ds(const D3D12_RESOURCE_DESC1 *desc)
{
    return !!(desc->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL));
}

/* The heap flags a resource must not be denied by. */
static HRESULT validate_heap_flags_for(const D3D12_RESOURCE_DESC1 *desc, D3D12_HEAP_FLAGS flags)
{
    bool buffer = desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER;

    if (buffer && (flags & D3D12_HEAP_FLAG_DENY_BUFFERS))
    {
        RT_WARN("The heap denies buffers.");
        return E_INVALIDARG;
    }
    if (!buffer && is_rt_ds(desc) && (flags & D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES))
    {
        RT_WARN("The heap denies render-target and depth-stencil textures.");
        return E_INVALIDARG;
    }
    if (!buffer && !is_rt_ds(desc) && (flags & D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES))
    {
        RT_WARN("The heap denies textures that are neither render targets nor depth-stencil.");
        return E_INVALIDARG;
    }
    return S_OK;
}

/* The flags a committed resource's implicit heap may take. */
static HRESULT validate_committed_heap_flags(D3D12_HEAP_FLAGS flags)
{
    const D3D12_HEAP_FLAGS allowed = D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_DENY_BUFFERS
            | D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES | D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES
            | D3D12_HEAP_FLAG_ALLOW_SHADER_ATOMICS | D3D12_HEAP_FLAG_CREATE_NOT_RESIDENT
            | D3D12_HEAP_FLAG_CREATE_NOT_ZEROED;

    if (flags & ~allowed)
    {
        RT_WARN("Heap flags %#x are unknown or need display, cross-adapter, protection or write-watch "
                "support, which this runtime does not have.", flags & ~allowed);
        return E_INVALIDARG;
    }
    return S_OK;
}

static HRESULT validate_clear_value(const D3D12_RESOURCE_DESC1 *desc, const D3D12_CLEAR_VALUE *clear_value)
{
    const struct ddi_format_info *info;

    if (!clear_value)
        return S_OK;
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        RT_WARN("Buffers take no optimized clear value.");
        return E_INVALIDARG;
    }
    if (!is_rt_ds(desc))
    {
        RT_WARN("Optimized clear values are for render targets and depth-stencil textures.");
        return E_INVALIDARG;
    }
    if (!(info = ddi_format_get(clear_value->Format)) || info->is_typeless
            || !ddi_format_cast_compatible(clear_value->Format, desc->Format))
    {
        RT_WARN("Clear value format %s does not fit a %s resource.", ddi_format_name(clear_value->Format),
                ddi_format_name(desc->Format));
        return E_INVALIDARG;
    }
    if (!!(desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) != info->is_depth)
    {
        RT_WARN("Clear value format %s does not match the resource's %s usage.", info->name,
                info->is_depth ? "render-target" : "depth-stencil");
        return E_INVALIDARG;
    }
    return S_OK;
}

static D3D12_BARRIER_LAYOUT layout_from_state(D3D12_RESOURCE_STATES state)
{
    switch ((int)state)
    {
        case D3D12_RESOURCE_STATE_COMMON: return D3D12_BARRIER_LAYOUT_COMMON;
        case D3D12_RESOURCE_STATE_RENDER_TARGET: return D3D12_BARRIER_LAYOUT_RENDER_TARGET;
        case D3D12_RESOURCE_STATE_UNORDERED_ACCESS: return D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS;
        case D3D12_RESOURCE_STATE_DEPTH_WRITE: return D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE;
        case D3D12_RESOURCE_STATE_COPY_DEST: return D3D12_BARRIER_LAYOUT_COPY_DEST;
        case D3D12_RESOURCE_STATE_COPY_SOURCE: return D3D12_BARRIER_LAYOUT_COPY_SOURCE;
        case D3D12_RESOURCE_STATE_RESOLVE_DEST: return D3D12_BARRIER_LAYOUT_RESOLVE_DEST;
        case D3D12_RESOURCE_STATE_RESOLVE_SOURCE: return D3D12_BARRIER_LAYOUT_RESOLVE_SOURCE;
        case D3D12_RESOURCE_STATE_SHADING_RATE_SOURCE: return D3D12_BARRIER_LAYOUT_SHADING_RATE_SOURCE;
    }
    if (state & D3D12_RESOURCE_STATE_DEPTH_READ)
        return D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ;
    if (!(state & ~D3D12_RESOURCE_STATE_ALL_SHADER_RESOURCE))
        return D3D12_BARRIER_LAYOUT_SHADER_RESOURCE;
    /* Any other combination of read states. */
    return D3D12_BARRIER_LAYOUT_GENERIC_READ;
}

static HRESULT validate_initial_state(const D3D12_RESOURCE_DESC1 *desc, D3D12_HEAP_TYPE heap_type,
        D3D12_RESOURCE_STATES state)
{
    if (state & ~RT_KNOWN_RESOURCE_STATES)
    {
        RT_WARN("Unknown resource state bits %#x.", state & ~RT_KNOWN_RESOURCE_STATES);
        return E_INVALIDARG;
    }
    if ((state & RT_WRITE_RESOURCE_STATES) && (state & (state - 1)))
    {
        RT_WARN("Write state %#x cannot be combined with other states.", state);
        return E_INVALIDARG;
    }
    /* Agility SDK 606 and later (vkd3d-proton's test_create_committed_resource, written
     * to pass on Windows): UPLOAD takes COMMON or any part of GENERIC_READ, READBACK
     * COMMON or COPY_DEST. */
    if (heap_type == D3D12_HEAP_TYPE_UPLOAD && (state & ~D3D12_RESOURCE_STATE_GENERIC_READ))
    {
        RT_WARN("Resources in UPLOAD heaps start in COMMON or GENERIC_READ states, not %#x.", state);
        return E_INVALIDARG;
    }
    if (heap_type == D3D12_HEAP_TYPE_READBACK && state != D3D12_RESOURCE_STATE_COPY_DEST
            && state != D3D12_RESOURCE_STATE_COMMON)
    {
        RT_WARN("Resources in READBACK heaps start in COMMON or COPY_DEST, not %#x.", state);
        return E_INVALIDARG;
    }
    if ((state & D3D12_RESOURCE_STATE_RENDER_TARGET) && !(desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET))
    {
        RT_WARN("RENDER_TARGET needs ALLOW_RENDER_TARGET.");
        return E_INVALIDARG;
    }
    if ((state & D3D12_RESOURCE_STATE_UNORDERED_ACCESS) && !(desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
    {
        RT_WARN("UNORDERED_ACCESS needs ALLOW_UNORDERED_ACCESS.");
        return E_INVALIDARG;
    }
    if ((state & (D3D12_RESOURCE_STATE_DEPTH_WRITE | D3D12_RESOURCE_STATE_DEPTH_READ))
            && !(desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
    {
        RT_WARN("Depth states need ALLOW_DEPTH_STENCIL.");
        return E_INVALIDARG;
    }
    return S_OK;
}

static HRESULT validate_initial_layout(const D3D12_RESOURCE_DESC1 *desc, D3D12_BARRIER_LAYOUT layout)
{
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        if (layout != D3D12_BARRIER_LAYOUT_UNDEFINED)
        {
            RT_WARN("Buffers have no layout (got %#x).", layout);
            return E_INVALIDARG;
        }
        return S_OK;
    }
    if (layout != D3D12_BARRIER_LAYOUT_UNDEFINED && (unsigned int)layout > D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON)
    {
        RT_WARN("Unknown layout %#x.", layout);
        return E_INVALIDARG;
    }
    if (layout == D3D12_BARRIER_LAYOUT_RENDER_TARGET && !(desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET))
    {
        RT_WARN("LAYOUT_RENDER_TARGET needs ALLOW_RENDER_TARGET.");
        return E_INVALIDARG;
    }
    if ((layout == D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS || layout == D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_UNORDERED_ACCESS
            || layout == D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_UNORDERED_ACCESS)
            && !(desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
    {
        RT_WARN("Unordered-access layouts need ALLOW_UNORDERED_ACCESS.");
        return E_INVALIDARG;
    }
    if ((layout == D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE || layout == D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ)
            && !(desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
    {
        RT_WARN("Depth-stencil layouts need ALLOW_DEPTH_STENCIL.");
        return E_INVALIDARG;
    }
    return S_OK;
}

/* Tiled resources tiers 1-4 (ddi-facts section 8) as they restrict reserved resources. */
static HRESULT validate_reserved(const struct rt_device *device, const D3D12_RESOURCE_DESC1 *desc)
{
    D3D12_TILED_RESOURCES_TIER tier = device->options.TiledResourcesTier;
    UINT tile_w, tile_h, tile_d, mip_levels, mip, height, depth;
    UINT64 width;

    if (tier == D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED)
    {
        RT_WARN("The device does not support tiled resources.");
        return E_INVALIDARG;
    }
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return S_OK;
    if (desc->Layout != D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE)
    {
        RT_WARN("Reserved textures need D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE (standard swizzle is not "
                "supported).");
        return E_INVALIDARG;
    }
    if (!ddi_standard_tile_shape(desc->Format, desc->Dimension, desc->SampleDesc.Count, &tile_w, &tile_h, &tile_d))
    {
        RT_WARN("%s %s textures cannot be tiled.", ddi_format_name(desc->Format),
                desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D ? "1D" : "these");
        return E_INVALIDARG;
    }
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D && tier < D3D12_TILED_RESOURCES_TIER_3)
    {
        RT_WARN("Reserved 3D textures need tiled resources tier 3.");
        return E_INVALIDARG;
    }
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE2D && desc->DepthOrArraySize > 1
            && tier < D3D12_TILED_RESOURCES_TIER_4)
    {
        /* Below tier 4 an array may not have packed mips: every mip must span whole tiles. */
        mip_levels = ddi_resource_mip_levels(desc);
        for (mip = 0; mip < mip_levels; ++mip)
        {
            ddi_resource_mip_size(desc, mip, &width, &height, &depth);
            if (width < tile_w || height < tile_h)
            {
                RT_WARN("Reserved texture arrays cannot have packed mips below tiled resources tier 4.");
                return E_INVALIDARG;
            }
        }
    }
    return S_OK;
}

struct rt_resource_plan
{
    D3D12_RESOURCE_DESC1 desc;               /* MipLevels resolved */
    D3D12_HEAP_TYPE heap_type;               /* of the memory's heap; 0 for reserved */
    D3D12_HEAP_PROPERTIES resolved;          /* committed: the implicit heap's */
    bool cpu_visible;
    D3D12_BARRIER_LAYOUT layout;
    D3D12_RESOURCE_ALLOCATION_INFO allocation;
    bool execute_tile_mappings;              /* D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS, taken out of desc */
};

static HRESULT validate_common(const struct rt_resource_create_info *info, struct rt_resource_plan *plan)
{
    const D3D12_RESOURCE_DESC1 *desc = &plan->desc;
    bool buffer = desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER;
    HRESULT hr;

    if (info->protected_session)
    {
        RT_WARN("Protected resource sessions are not supported.");
        return E_INVALIDARG;
    }
    if (info->castable_format_count)
    {
        RT_WARN("Castable formats need relaxed format casting, which the device does not support.");
        return E_INVALIDARG;
    }
    if (desc->SamplerFeedbackMipRegion.Width || desc->SamplerFeedbackMipRegion.Height
            || desc->SamplerFeedbackMipRegion.Depth)
    {
        RT_WARN("Sampler feedback is not supported.");
        return E_INVALIDARG;
    }
    if (!buffer && (plan->heap_type == D3D12_HEAP_TYPE_UPLOAD || plan->heap_type == D3D12_HEAP_TYPE_READBACK))
    {
        RT_WARN("Textures cannot live in UPLOAD or READBACK heaps.");
        return E_INVALIDARG;
    }
    if (buffer && (plan->heap_type == D3D12_HEAP_TYPE_UPLOAD || plan->heap_type == D3D12_HEAP_TYPE_READBACK)
            && (desc->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)))
    {
        RT_WARN("Buffers in UPLOAD or READBACK heaps cannot allow render-target or unordered access.");
        return E_INVALIDARG;
    }
    if (desc->SampleDesc.Count > 1 && plan->cpu_visible)
    {
        RT_WARN("Multisampled textures cannot live in CPU-visible memory.");
        return E_INVALIDARG;
    }
    if (FAILED(hr = validate_clear_value(desc, info->clear_value)))
        return hr;

    if (info->has_layout)
    {
        if (FAILED(hr = validate_initial_layout(desc, info->initial_layout)))
            return hr;
        plan->layout = info->initial_layout;
    }
    else
    {
        if (FAILED(hr = validate_initial_state(desc, plan->heap_type, info->initial_state)))
            return hr;
        plan->layout = buffer ? D3D12_BARRIER_LAYOUT_UNDEFINED : layout_from_state(info->initial_state);
    }
    return S_OK;
}

/* More levels than the full chain: Microsoft's runtime creates the texture and keeps the
 * count (ddi_layout.c); the documentation calls it invalid, so the debug layer says so. */
static void warn_mips_above_chain(struct rt_device *device, const D3D12_RESOURCE_DESC1 *desc)
{
    UINT chain;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return;
    chain = ddi_max_mip_levels(desc->Width, desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D ? 1 : desc->Height,
            desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? desc->DepthOrArraySize : 1);
    if (desc->MipLevels <= chain)
        return;
    RT_WARN("MipLevels %u is above the %u levels of a %" PRIu64 "x%ux%u texture; the extra levels are 1x1.",
            desc->MipLevels, chain, (uint64_t)desc->Width, desc->Height, desc->DepthOrArraySize);
    rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_WARNING,
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMIPLEVELS, "CreateResource: MipLevels %u is above the %u levels "
            "a %" PRIu64 "x%ux%u texture has; the extra levels are 1x1.", desc->MipLevels, chain,
            (uint64_t)desc->Width, desc->Height, desc->DepthOrArraySize);
}

/* A refused creation: a warn trace and one STATE_CREATION error "CreateResource: <text>."; E_INVALIDARG. */
static HRESULT create_error(struct rt_device *device, D3D12_MESSAGE_ID id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static HRESULT create_error(struct rt_device *device, D3D12_MESSAGE_ID id, const char *fmt, ...)
{
    va_list args;
    HRESULT hr;

    va_start(args, fmt);
    hr = rt_info_queue_creation_errorv(device->info_queue, E_INVALIDARG, id, "CreateResource", fmt, args);
    va_end(args);
    return hr;
}

/* Microsoft's ID for a description ddi_validate_resource_desc_ex refuses: an empty size
 * has its own (a buffer of width 0 included). */
static D3D12_MESSAGE_ID invalid_desc_message_id(const D3D12_RESOURCE_DESC1 *desc)
{
    return !desc->Width || !desc->Height || !desc->DepthOrArraySize ? D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS
            : D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC;
}

static HRESULT validate_create_info(struct rt_device *device, const struct rt_resource_create_info *info,
        struct rt_resource_plan *plan)
{
    D3D12_MESSAGE_ID id;
    char why[160];
    HRESULT hr;

    memset(plan, 0, sizeof(*plan));
    if (!info->desc)
        return create_error(device, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_NULLRESOURCEPROPERTIES,
                            "NULL resource description");
    /* Seed 001: reserved resources of a tier-5 device only. The DDI gets the flag in its
     * own field (D028-ddi-tables-and-flags); the rest of the desc is checked without it. */
    plan->desc = *info->desc;
    if (plan->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS)
    {
        if (!rt_tile_mapping_supported(device) || info->kind != RT_RESOURCE_RESERVED)
            return create_error(device, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                                "D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS needs a reserved resource and "
                                "tiled resources tier 5");
        plan->desc.Flags &= ~D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
        plan->execute_tile_mappings = true;
    }
    if (!ddi_validate_resource_desc_ex(&plan->desc, rt_resource_validate_flags(device), why, sizeof(why)))
        return create_error(device, invalid_desc_message_id(&plan->desc), "invalid resource description: %s", why);
    plan->desc.MipLevels = ddi_resource_mip_levels(&plan->desc);
    warn_mips_above_chain(device, &plan->desc);
    if (!rt_format_caps_resource(device, &plan->desc, info->kind == RT_RESOURCE_RESERVED, &id, why, sizeof(why)))
    {
        RT_WARN("%s.", why);
        rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                id, "CreateResource: %s.", why);
        return E_INVALIDARG;
    }

    switch (info->kind)
    {
        case RT_RESOURCE_COMMITTED:
            if (FAILED(hr = rt_heap_properties_validate(device, info->heap_properties, &plan->resolved)))
                return hr;
            if (FAILED(hr = validate_committed_heap_flags(info->heap_flags))
                    || FAILED(hr = validate_heap_flags_for(&plan->desc, info->heap_flags)))
                return hr;
            plan->heap_type = info->heap_properties->Type;
            plan->cpu_visible = rt_heap_properties_cpu_visible(&plan->resolved);
            break;

        case RT_RESOURCE_PLACED:
            if (!info->heap)
            {
                RT_WARN("No heap (or not one of ours).");
                return E_INVALIDARG;
            }
            if (FAILED(hr = validate_heap_flags_for(&plan->desc, info->heap->desc.Flags)))
                return hr;
            plan->heap_type = info->heap->desc.Properties.Type;
            plan->cpu_visible = info->heap->cpu_visible;
            break;

        case RT_RESOURCE_RESERVED:
            if (FAILED(hr = validate_reserved(device, &plan->desc)))
                return hr;
            break;
    }

    if (FAILED(hr = validate_common(info, plan)))
        return hr;

    if (info->kind == RT_RESOURCE_RESERVED)
        return S_OK;
    if (!rt_resource_allocation_info(device, &plan->desc, &plan->allocation))
        return E_INVALIDARG;
    if (info->kind == RT_RESOURCE_PLACED)
    {
        const struct rt_heap *heap = info->heap;
        UINT64 footprint;

        if (info->heap_offset % plan->allocation.Alignment)
        {
            RT_WARN("Heap offset %#" PRIx64 " is not aligned to %#" PRIx64 ".", (uint64_t)info->heap_offset,
                    (uint64_t)plan->allocation.Alignment);
            return E_INVALIDARG;
        }
        if (plan->allocation.Alignment > heap->desc.Alignment)
        {
            RT_WARN("The resource needs %#" PRIx64 " alignment; the heap has %#" PRIx64 ".",
                    (uint64_t)plan->allocation.Alignment, (uint64_t)heap->desc.Alignment);
            return E_INVALIDARG;
        }
        /* A buffer needs its Width, not its 64 KiB-rounded allocation size: a small buffer
         * fits a heap of its own size (vkd3d-proton checks the same, as native does). */
        footprint = plan->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER
                ? plan->desc.Width : plan->allocation.SizeInBytes;
        if (info->heap_offset > heap->desc.SizeInBytes || footprint > heap->desc.SizeInBytes - info->heap_offset)
        {
            RT_WARN("%" PRIu64 " bytes at offset %" PRIu64 " do not fit in a %" PRIu64 "-byte heap.",
                    (uint64_t)footprint, (uint64_t)info->heap_offset, (uint64_t)heap->desc.SizeInBytes);
            return E_INVALIDARG;
        }
    }
    return S_OK;
}

/* ---- Creation ---------------------------------------------------------------------------- */

#define RT_DRIVER_BLOCK_ALIGN 16u

HRESULT rt_resource_create(struct rt_device *device, const struct rt_resource_create_info *info,
        struct rt_resource **out)
{
    D3D12DDI_HEAP_AND_RESOURCE_SIZES sizes;
    D3D12DDIARG_CREATERESOURCE_0124 res_args;
    D3D12DDIARG_CREATEHEAP_0124 heap_args;
    D3D12DDI_HRTRESOURCE rt_handle;
    struct rt_resource_plan plan;
    struct rt_resource *resource;
    bool committed = info->kind == RT_RESOURCE_COMMITTED;
    SIZE_T heap_size = 0, block_size;
    HRESULT hr;

    *out = NULL;
    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (FAILED(hr = validate_create_info(device, info, &plan)))
        return hr;
    if (FAILED(hr = rt_resource_alloc(device, &resource)))
        return hr;

    resource->kind = info->kind;
    resource->desc = plan.desc;
    resource->execute_tile_mappings = plan.execute_tile_mappings;
    if (plan.execute_tile_mappings)
        resource->desc.Flags |= D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    /* GetDesc reports the alignment taken: Alignment 0 reads back as 64 KiB (4 MiB for
     * MSAA), as on Windows (vkd3d-proton's test_create_committed_resource). */
    if (!resource->desc.Alignment)
        resource->desc.Alignment = plan.desc.SampleDesc.Count > 1 && info->kind != RT_RESOURCE_RESERVED
                ? D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT : D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    resource->initial_layout = plan.layout;
    resource->subresource_count = ddi_resource_subresource_count(&plan.desc);
    resource->cpu_visible = plan.cpu_visible;

    memset(&res_args, 0, sizeof(res_args));
    res_args.Kind = (D3D12DDI_RESOURCE_KIND)info->kind;
    res_args.Desc = plan.desc;
    res_args.InitialLayout = plan.layout;
    res_args.pOptimizedClearValue = info->clear_value;
    res_args.Flags0124 = plan.execute_tile_mappings ? D3D12DDI_RESOURCE_FLAG_0124_ALLOW_EXECUTE_TILE_MAPPINGS : 0;
    if (info->kind == RT_RESOURCE_PLACED)
    {
        res_args.hPlacementHeap = info->heap->hdrv;
        res_args.PlacementOffset = info->heap_offset;
    }
    if (committed)
    {
        heap_args.ByteSize = plan.allocation.SizeInBytes;
        heap_args.Alignment = plan.allocation.Alignment;
        heap_args.Properties = plan.resolved;
        heap_args.Flags = info->heap_flags;
        heap_args.Flags0124 = 0;   /* the tier-5 heap flag is refused on implicit heaps */
        if (!rt_device_memory_charge(device, heap_args.ByteSize))
        {
            hr = E_OUTOFMEMORY;
            goto fail_resource;
        }
        resource->charged_bytes = heap_args.ByteSize;
    }

    rt_device_ddi_lock(device);
    sizes = device->ddi.pfnCalcPrivateHeapAndResourceSizes(device->hdrv, committed ? &heap_args : NULL, &res_args);
    if (committed)
    {
        if (!sizes.Heap || sizes.Heap == (SIZE_T)-1)
            sizes.Resource = 0;
        heap_size = (sizes.Heap + RT_DRIVER_BLOCK_ALIGN - 1) & ~(SIZE_T)(RT_DRIVER_BLOCK_ALIGN - 1);
    }
    block_size = sizes.Resource == (SIZE_T)-1 || !sizes.Resource ? 0 : heap_size + sizes.Resource;
    if (!(resource->drv_memory = rt_device_alloc_driver_object(block_size)))
    {
        rt_device_ddi_unlock(device);
        hr = E_OUTOFMEMORY;
        goto fail_resource;
    }
    if (committed)
        resource->hdrv_heap.pDrvPrivate = resource->drv_memory;
    resource->hdrv.pDrvPrivate = (char *)resource->drv_memory + heap_size;
    rt_handle.handle = resource;
    hr = device->ddi.pfnCreateHeapAndResource(device->hdrv, committed ? &heap_args : NULL, resource->hdrv_heap,
            rt_handle, &res_args, resource->hdrv);
    if (SUCCEEDED(hr) && rt_resource_is_buffer(resource))
        resource->gpu_address = device->ddi.pfnGetResourceGpuVirtualAddress(device->hdrv, resource->hdrv);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("The driver failed to create the resource (0x%08x).", (unsigned int)hr);
        goto fail_driver_memory;
    }

    switch (info->kind)
    {
        case RT_RESOURCE_COMMITTED:
            resource->heap_properties = rt_heap_properties_normalize(info->heap_properties);
            resource->heap_flags = info->heap_flags;
            break;
        case RT_RESOURCE_PLACED:
            resource->heap = info->heap;
            resource->heap_offset = info->heap_offset;
            resource->heap_properties = info->heap->desc.Properties;
            resource->heap_flags = info->heap->desc.Flags;
            rt_heap_add_internal_ref(info->heap);
            break;
        case RT_RESOURCE_RESERVED:
            break;
    }

    rt_device_add_internal_ref(device);
    RT_TRACE("Created %s resource %p, dimension %#x, %" PRIu64 "x%ux%u, format %s.",
            committed ? "committed" : info->kind == RT_RESOURCE_PLACED ? "placed" : "reserved", (void *)resource,
            plan.desc.Dimension, (uint64_t)plan.desc.Width, plan.desc.Height, plan.desc.DepthOrArraySize,
            ddi_format_name(plan.desc.Format));
    *out = resource;
    return S_OK;

fail_driver_memory:
    free(resource->drv_memory);
    resource->drv_memory = NULL;
fail_resource:
    rt_device_memory_uncharge(device, resource->charged_bytes);
    rt_resource_free(resource);
    return hr;
}
