/*
 * ResourceBarrier and Barrier. A driver with Enhanced Barriers (and pfnBarrier) gets
 * every barrier in the enhanced form: legacy barriers are translated here (ddi-facts §5,
 * "Legacy map"). A driver without gets the legacy ones and cannot run Barrier, which
 * D3D12 refuses on such a device: the list is removed with E_INVALIDARG.
 *
 * Subresource ranges reach the driver explicit: "all subresources" and single indices
 * are expanded to {mip, count, slice, count, plane, count}.
 */
#include <stdlib.h>

#include "rt_cmdlist_vtbl.h"
#include "ddi_layout.h"

/* Barriers of one call are built in a small array on the stack when they fit. */
#define RT_BARRIER_STACK_COUNT 16

bool rt_command_list_uses_enhanced_barriers(const struct rt_command_list *list)
{
    const struct rt_device *device = list->device;

    return device->options.EnhancedBarriersSupported && device->ddi_cmdlist.pfnBarrier;
}

/* ---- Legacy state → enhanced sync, access and layout ------------------------------------ */

#define RT_STATE_WRITE_MASK (D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_UNORDERED_ACCESS \
        | D3D12_RESOURCE_STATE_DEPTH_WRITE | D3D12_RESOURCE_STATE_STREAM_OUT | D3D12_RESOURCE_STATE_COPY_DEST \
        | D3D12_RESOURCE_STATE_RESOLVE_DEST | D3D12_RESOURCE_STATE_VIDEO_DECODE_WRITE \
        | D3D12_RESOURCE_STATE_VIDEO_PROCESS_WRITE | D3D12_RESOURCE_STATE_VIDEO_ENCODE_WRITE)

static const struct
{
    D3D12_RESOURCE_STATES state;
    D3D12_BARRIER_SYNC sync;
    D3D12_BARRIER_ACCESS access;
}
rt_state_map[] =
{
    {D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER, D3D12_BARRIER_SYNC_ALL_SHADING,
            D3D12_BARRIER_ACCESS_VERTEX_BUFFER | D3D12_BARRIER_ACCESS_CONSTANT_BUFFER},
    {D3D12_RESOURCE_STATE_INDEX_BUFFER, D3D12_BARRIER_SYNC_INPUT_ASSEMBLER, D3D12_BARRIER_ACCESS_INDEX_BUFFER},
    {D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_ACCESS_RENDER_TARGET},
    {D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
            D3D12_BARRIER_SYNC_ALL_SHADING | D3D12_BARRIER_SYNC_CLEAR_UNORDERED_ACCESS_VIEW,
            D3D12_BARRIER_ACCESS_UNORDERED_ACCESS},
    {D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_BARRIER_SYNC_DEPTH_STENCIL, D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE},
    {D3D12_RESOURCE_STATE_DEPTH_READ, D3D12_BARRIER_SYNC_DEPTH_STENCIL, D3D12_BARRIER_ACCESS_DEPTH_STENCIL_READ},
    {D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_BARRIER_SYNC_NON_PIXEL_SHADING,
            D3D12_BARRIER_ACCESS_SHADER_RESOURCE},
    {D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_BARRIER_SYNC_PIXEL_SHADING,
            D3D12_BARRIER_ACCESS_SHADER_RESOURCE},
    {D3D12_RESOURCE_STATE_STREAM_OUT, D3D12_BARRIER_SYNC_ALL_SHADING, D3D12_BARRIER_ACCESS_STREAM_OUTPUT},
    {D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT, D3D12_BARRIER_SYNC_EXECUTE_INDIRECT,
            D3D12_BARRIER_ACCESS_INDIRECT_ARGUMENT},
    {D3D12_RESOURCE_STATE_COPY_DEST, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_DEST},
    {D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_SOURCE},
    {D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_BARRIER_SYNC_RESOLVE, D3D12_BARRIER_ACCESS_RESOLVE_DEST},
    {D3D12_RESOURCE_STATE_RESOLVE_SOURCE, D3D12_BARRIER_SYNC_RESOLVE, D3D12_BARRIER_ACCESS_RESOLVE_SOURCE},
    {D3D12_RESOURCE_STATE_RAYTRACING_ACCELERATION_STRUCTURE,
            D3D12_BARRIER_SYNC_ALL_SHADING | D3D12_BARRIER_SYNC_RAYTRACING
            | D3D12_BARRIER_SYNC_BUILD_RAYTRACING_ACCELERATION_STRUCTURE
            | D3D12_BARRIER_SYNC_COPY_RAYTRACING_ACCELERATION_STRUCTURE,
            D3D12_BARRIER_ACCESS_RAYTRACING_ACCELERATION_STRUCTURE_READ
            | D3D12_BARRIER_ACCESS_RAYTRACING_ACCELERATION_STRUCTURE_WRITE},
    {D3D12_RESOURCE_STATE_SHADING_RATE_SOURCE, D3D12_BARRIER_SYNC_PIXEL_SHADING,
            D3D12_BARRIER_ACCESS_SHADING_RATE_SOURCE},
    {D3D12_RESOURCE_STATE_VIDEO_DECODE_READ, D3D12_BARRIER_SYNC_VIDEO_DECODE, D3D12_BARRIER_ACCESS_VIDEO_DECODE_READ},
    {D3D12_RESOURCE_STATE_VIDEO_DECODE_WRITE, D3D12_BARRIER_SYNC_VIDEO_DECODE, D3D12_BARRIER_ACCESS_VIDEO_DECODE_WRITE},
    {D3D12_RESOURCE_STATE_VIDEO_PROCESS_READ, D3D12_BARRIER_SYNC_VIDEO_PROCESS,
            D3D12_BARRIER_ACCESS_VIDEO_PROCESS_READ},
    {D3D12_RESOURCE_STATE_VIDEO_PROCESS_WRITE, D3D12_BARRIER_SYNC_VIDEO_PROCESS,
            D3D12_BARRIER_ACCESS_VIDEO_PROCESS_WRITE},
    {D3D12_RESOURCE_STATE_VIDEO_ENCODE_READ, D3D12_BARRIER_SYNC_VIDEO_ENCODE, D3D12_BARRIER_ACCESS_VIDEO_ENCODE_READ},
    {D3D12_RESOURCE_STATE_VIDEO_ENCODE_WRITE, D3D12_BARRIER_SYNC_VIDEO_ENCODE, D3D12_BARRIER_ACCESS_VIDEO_ENCODE_WRITE},
};

/* A legacy state is a known set of bits where a write state stands alone. */
static bool rt_resource_state_is_valid(D3D12_RESOURCE_STATES state)
{
    D3D12_RESOURCE_STATES known = 0;
    unsigned int i;

    for (i = 0; i < RT_ARRAY_SIZE(rt_state_map); ++i)
        known |= rt_state_map[i].state;
    if (state & ~known)
        return false;
    /* Exactly one bit when any write bit is set. */
    return !(state & RT_STATE_WRITE_MASK) || !(state & (state - 1));
}

static void rt_state_to_sync_access(D3D12_RESOURCE_STATES state, D3D12_BARRIER_SYNC *sync,
                                    D3D12_BARRIER_ACCESS *access)
{
    unsigned int i;

    /* COMMON: whatever the resource was used for, implicitly. */
    *sync = state ? D3D12_BARRIER_SYNC_NONE : D3D12_BARRIER_SYNC_ALL;
    *access = D3D12_BARRIER_ACCESS_COMMON;
    for (i = 0; i < RT_ARRAY_SIZE(rt_state_map); ++i)
    {
        if (state & rt_state_map[i].state)
        {
            *sync |= rt_state_map[i].sync;
            *access |= rt_state_map[i].access;
        }
    }
}

static D3D12_BARRIER_LAYOUT rt_state_to_layout(D3D12_RESOURCE_STATES state, const struct rt_resource *resource)
{
    /* Simultaneous-access textures live in COMMON in the enhanced model. */
    if (resource->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS)
        return D3D12_BARRIER_LAYOUT_COMMON;

    switch (state)
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
        case D3D12_RESOURCE_STATE_VIDEO_DECODE_READ: return D3D12_BARRIER_LAYOUT_VIDEO_DECODE_READ;
        case D3D12_RESOURCE_STATE_VIDEO_DECODE_WRITE: return D3D12_BARRIER_LAYOUT_VIDEO_DECODE_WRITE;
        case D3D12_RESOURCE_STATE_VIDEO_PROCESS_READ: return D3D12_BARRIER_LAYOUT_VIDEO_PROCESS_READ;
        case D3D12_RESOURCE_STATE_VIDEO_PROCESS_WRITE: return D3D12_BARRIER_LAYOUT_VIDEO_PROCESS_WRITE;
        case D3D12_RESOURCE_STATE_VIDEO_ENCODE_READ: return D3D12_BARRIER_LAYOUT_VIDEO_ENCODE_READ;
        case D3D12_RESOURCE_STATE_VIDEO_ENCODE_WRITE: return D3D12_BARRIER_LAYOUT_VIDEO_ENCODE_WRITE;
        default:
            break;
    }
    if (state & D3D12_RESOURCE_STATE_DEPTH_READ)
        return D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ;
    if (!(state & ~D3D12_RESOURCE_STATE_ALL_SHADER_RESOURCE))
        return D3D12_BARRIER_LAYOUT_SHADER_RESOURCE;
    return D3D12_BARRIER_LAYOUT_GENERIC_READ;
}

/* ---- Subresource ranges -------------------------------------------------------------- */

static void rt_full_range(const struct rt_resource *resource, D3D12_BARRIER_SUBRESOURCE_RANGE *range)
{
    range->IndexOrFirstMipLevel = 0;
    range->NumMipLevels = resource->desc.MipLevels;
    range->FirstArraySlice = 0;
    range->NumArraySlices = ddi_resource_array_size(&resource->desc);
    range->FirstPlane = 0;
    range->NumPlanes = ddi_resource_plane_count(&resource->desc);
}

/* A subresource index (or all of them) as an explicit range; false when out of range. */
static bool rt_subresource_range(const struct rt_resource *resource, UINT subresource,
                                 D3D12_BARRIER_SUBRESOURCE_RANGE *range)
{
    UINT mip, slice, plane;

    if (subresource == D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES)
    {
        rt_full_range(resource, range);
        return true;
    }
    if (subresource >= resource->subresource_count)
        return false;
    ddi_subresource_decompose(subresource, resource->desc.MipLevels, ddi_resource_array_size(&resource->desc),
                              &mip, &slice, &plane);
    range->IndexOrFirstMipLevel = mip;
    range->NumMipLevels = 1;
    range->FirstArraySlice = slice;
    range->NumArraySlices = 1;
    range->FirstPlane = plane;
    range->NumPlanes = 1;
    return true;
}

/* An enhanced-barrier range as the application wrote it, made explicit. */
static bool rt_barrier_range(const struct rt_resource *resource, const D3D12_BARRIER_SUBRESOURCE_RANGE *in,
                             D3D12_BARRIER_SUBRESOURCE_RANGE *out)
{
    UINT arrays = ddi_resource_array_size(&resource->desc), planes = ddi_resource_plane_count(&resource->desc);

    if (!in->NumMipLevels)
        return rt_subresource_range(resource, in->IndexOrFirstMipLevel, out);
    if (in->IndexOrFirstMipLevel >= resource->desc.MipLevels
            || in->NumMipLevels > resource->desc.MipLevels - in->IndexOrFirstMipLevel
            || !in->NumArraySlices || in->FirstArraySlice >= arrays
            || in->NumArraySlices > arrays - in->FirstArraySlice
            || !in->NumPlanes || in->FirstPlane >= planes || in->NumPlanes > planes - in->FirstPlane)
        return false;
    *out = *in;
    return true;
}

/* ---- ResourceBarrier -------------------------------------------------------------------- */

struct rt_barrier_array
{
    D3D12DDIARG_BARRIER_0124 stack[RT_BARRIER_STACK_COUNT];
    D3D12DDIARG_BARRIER_0124 *barriers;
};

static bool rt_barrier_array_init(struct rt_barrier_array *array, UINT64 count)
{
    array->barriers = array->stack;
    if (count > RT_BARRIER_STACK_COUNT && !(array->barriers = calloc(count, sizeof(*array->barriers))))
        return false;
    return true;
}

static void rt_barrier_array_cleanup(struct rt_barrier_array *array)
{
    if (array->barriers != array->stack)
        free(array->barriers);
}

/* Checks one legacy barrier and resolves its resources. */
static bool rt_validate_legacy_barrier(struct rt_command_list *list, const D3D12_RESOURCE_BARRIER *barrier,
                                       UINT index, struct rt_resource **first, struct rt_resource **second)
{
    const struct rt_resource *resource;

    *first = *second = NULL;
    if (barrier->Flags & ~(D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY | D3D12_RESOURCE_BARRIER_FLAG_END_ONLY)
            || barrier->Flags == (D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY | D3D12_RESOURCE_BARRIER_FLAG_END_ONLY))
    {
        rt_command_list_removef(list, E_INVALIDARG, "ResourceBarrier: barrier %u has invalid flags %#x",
                                index, barrier->Flags);
        return false;
    }
    switch (barrier->Type)
    {
        case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION:
            if (!(*first = rt_command_list_resource(barrier->Transition.pResource)))
            {
                rt_command_list_removef(list, E_INVALIDARG, "ResourceBarrier: transition %u has no resource", index);
                return false;
            }
            resource = *first;
            if (barrier->Transition.Subresource != D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES
                    && barrier->Transition.Subresource >= resource->subresource_count)
            {
                rt_command_list_removef(list, E_INVALIDARG, "ResourceBarrier: subresource %u of a resource with %u",
                                        barrier->Transition.Subresource, resource->subresource_count);
                return false;
            }
            if (!rt_resource_state_is_valid(barrier->Transition.StateBefore)
                    || !rt_resource_state_is_valid(barrier->Transition.StateAfter))
            {
                rt_command_list_removef(list, E_INVALIDARG, "ResourceBarrier: invalid states %#x -> %#x",
                                        barrier->Transition.StateBefore, barrier->Transition.StateAfter);
                return false;
            }
            return true;

        case D3D12_RESOURCE_BARRIER_TYPE_ALIASING:
            *first = rt_command_list_resource(barrier->Aliasing.pResourceBefore);
            *second = rt_command_list_resource(barrier->Aliasing.pResourceAfter);
            if ((barrier->Aliasing.pResourceBefore && !*first) || (barrier->Aliasing.pResourceAfter && !*second))
            {
                rt_command_list_removef(list, E_INVALIDARG, "ResourceBarrier: foreign resource in aliasing %u", index);
                return false;
            }
            return true;

        case D3D12_RESOURCE_BARRIER_TYPE_UAV:
            *first = rt_command_list_resource(barrier->UAV.pResource);
            if (barrier->UAV.pResource && !*first)
            {
                rt_command_list_removef(list, E_INVALIDARG, "ResourceBarrier: foreign resource in UAV barrier %u",
                                        index);
                return false;
            }
            return true;

        default:
            rt_command_list_removef(list, E_INVALIDARG, "ResourceBarrier: barrier %u has invalid type %#x",
                                    index, barrier->Type);
            return false;
    }
}

/* A legacy barrier in the enhanced form (ddi-facts §5, "Legacy map"). */
static void rt_translate_legacy_barrier(const D3D12_RESOURCE_BARRIER *in, struct rt_resource *resource,
                                        D3D12DDIARG_BARRIER_0124 *out)
{
    D3D12_BARRIER_SYNC sync_before, sync_after;
    D3D12_BARRIER_ACCESS access_before, access_after;

    memset(out, 0, sizeof(*out));
    switch (in->Type)
    {
        case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION:
            rt_state_to_sync_access(in->Transition.StateBefore, &sync_before, &access_before);
            rt_state_to_sync_access(in->Transition.StateAfter, &sync_after, &access_after);
            break;

        case D3D12_RESOURCE_BARRIER_TYPE_UAV:
            sync_before = sync_after = D3D12_BARRIER_SYNC_ALL_SHADING;
            access_before = access_after = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
            break;

        default:
            /* Aliasing: everything before against everything after, memory-wide. */
            out->Type = D3D12_BARRIER_TYPE_GLOBAL;
            out->Global.SyncBefore = out->Global.SyncAfter = D3D12_BARRIER_SYNC_ALL;
            out->Global.AccessBefore = out->Global.AccessAfter = D3D12_BARRIER_ACCESS_COMMON;
            return;
    }
    /* Split barriers: the begin half blocks nothing after it, the end half waits for nothing. */
    if (in->Flags & D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY)
        sync_after = D3D12_BARRIER_SYNC_SPLIT;
    if (in->Flags & D3D12_RESOURCE_BARRIER_FLAG_END_ONLY)
        sync_before = D3D12_BARRIER_SYNC_SPLIT;

    if (!resource)
    {
        out->Type = D3D12_BARRIER_TYPE_GLOBAL;
        out->Global.SyncBefore = sync_before;
        out->Global.SyncAfter = sync_after;
        out->Global.AccessBefore = access_before;
        out->Global.AccessAfter = access_after;
    }
    else if (rt_resource_is_buffer(resource))
    {
        out->Type = D3D12_BARRIER_TYPE_BUFFER;
        out->Buffer.SyncBefore = sync_before;
        out->Buffer.SyncAfter = sync_after;
        out->Buffer.AccessBefore = access_before;
        out->Buffer.AccessAfter = access_after;
        out->Buffer.hResource = resource->hdrv;
        out->Buffer.Offset = 0;
        out->Buffer.Size = UINT64_MAX;
    }
    else
    {
        out->Type = D3D12_BARRIER_TYPE_TEXTURE;
        out->Texture.SyncBefore = sync_before;
        out->Texture.SyncAfter = sync_after;
        out->Texture.AccessBefore = access_before;
        out->Texture.AccessAfter = access_after;
        out->Texture.hResource = resource->hdrv;
        if (in->Type == D3D12_RESOURCE_BARRIER_TYPE_TRANSITION)
        {
            out->Texture.LayoutBefore = rt_state_to_layout(in->Transition.StateBefore, resource);
            out->Texture.LayoutAfter = rt_state_to_layout(in->Transition.StateAfter, resource);
            rt_subresource_range(resource, in->Transition.Subresource, &out->Texture.Subresources);
        }
        else
        {
            /* A UAV barrier on a texture: it is in the UAV state, or COMMON if simultaneous. */
            out->Texture.LayoutBefore = out->Texture.LayoutAfter
                    = rt_state_to_layout(D3D12_RESOURCE_STATE_UNORDERED_ACCESS, resource);
            rt_full_range(resource, &out->Texture.Subresources);
        }
    }
}

static void rt_record_legacy_barriers(struct rt_command_list *list, UINT count, const D3D12_RESOURCE_BARRIER *in,
                                      struct rt_resource *const *resources)
{
    D3D12DDIARG_RESOURCE_BARRIER stack[RT_BARRIER_STACK_COUNT], *out = stack;
    UINT i;

    if (!RT_DDI_REQUIRE(list, pfnResourceBarrier, "ResourceBarrier"))
        return;
    if (count > RT_BARRIER_STACK_COUNT && !(out = calloc(count, sizeof(*out))))
    {
        rt_command_list_remove(list, E_OUTOFMEMORY, "ResourceBarrier: out of memory");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        memset(&out[i], 0, sizeof(out[i]));
        out[i].Type = in[i].Type;
        out[i].Flags = in[i].Flags;
        switch (in[i].Type)
        {
            case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION:
                out[i].Transition.hResource = resources[2 * i]->hdrv;
                out[i].Transition.Subresource = in[i].Transition.Subresource;
                out[i].Transition.StateBefore = in[i].Transition.StateBefore;
                out[i].Transition.StateAfter = in[i].Transition.StateAfter;
                break;
            case D3D12_RESOURCE_BARRIER_TYPE_ALIASING:
                out[i].Aliasing.hResourceBefore = rt_resource_hdrv(resources[2 * i]);
                out[i].Aliasing.hResourceAfter = rt_resource_hdrv(resources[2 * i + 1]);
                break;
            default:
                out[i].UAV.hResource = rt_resource_hdrv(resources[2 * i]);
                break;
        }
    }
    RT_DDI_CALL(list, pfnResourceBarrier, count, out);
    if (out != stack)
        free(out);
}

void STDMETHODCALLTYPE rt_command_list_ResourceBarrier(rt_cl *iface, UINT count, const D3D12_RESOURCE_BARRIER *barriers)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_resource *stack_resources[2 * RT_BARRIER_STACK_COUNT], **resources = stack_resources;
    struct rt_barrier_array array;
    UINT i;

    RT_TRACE("iface %p, count %u, barriers %p.", iface, count, barriers);

    if (!rt_command_list_begin(list, RT_LIST_QUEUE, "ResourceBarrier") || !count)
        return;
    if (!barriers)
    {
        rt_command_list_remove(list, E_INVALIDARG, "ResourceBarrier: NULL barrier array");
        return;
    }
    if (count > RT_BARRIER_STACK_COUNT && !(resources = calloc(2 * (size_t)count, sizeof(*resources))))
    {
        rt_command_list_remove(list, E_OUTOFMEMORY, "ResourceBarrier: out of memory");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (!rt_validate_legacy_barrier(list, &barriers[i], i, &resources[2 * i], &resources[2 * i + 1]))
            goto done;
    }

    if (!rt_command_list_uses_enhanced_barriers(list))
    {
        rt_record_legacy_barriers(list, count, barriers, resources);
        goto done;
    }
    if (!rt_barrier_array_init(&array, count))
    {
        rt_command_list_remove(list, E_OUTOFMEMORY, "ResourceBarrier: out of memory");
        goto done;
    }
    for (i = 0; i < count; ++i)
        rt_translate_legacy_barrier(&barriers[i], resources[2 * i], &array.barriers[i]);
    RT_DDI_CALL(list, pfnBarrier, count, array.barriers);
    rt_barrier_array_cleanup(&array);

done:
    if (resources != stack_resources)
        free(resources);
}

/* ---- Barrier (enhanced) ---------------------------------------------------------------- */

static bool rt_translate_group(struct rt_command_list *list, const D3D12_BARRIER_GROUP *group, UINT group_index,
                               D3D12DDIARG_BARRIER_0124 *out)
{
    struct rt_resource *resource;
    UINT i;

    for (i = 0; i < group->NumBarriers; ++i, ++out)
    {
        memset(out, 0, sizeof(*out));
        out->Type = group->Type;
        switch (group->Type)
        {
            case D3D12_BARRIER_TYPE_GLOBAL:
            {
                const D3D12_GLOBAL_BARRIER *in = &group->pGlobalBarriers[i];

                out->Global.SyncBefore = in->SyncBefore;
                out->Global.SyncAfter = in->SyncAfter;
                out->Global.AccessBefore = in->AccessBefore;
                out->Global.AccessAfter = in->AccessAfter;
                break;
            }
            case D3D12_BARRIER_TYPE_TEXTURE:
            {
                const D3D12_TEXTURE_BARRIER *in = &group->pTextureBarriers[i];

                if (!(resource = rt_command_list_resource(in->pResource)) || rt_resource_is_buffer(resource))
                {
                    rt_command_list_removef(list, E_INVALIDARG, "Barrier: group %u, texture barrier %u: "
                                            "NULL, foreign or buffer resource", group_index, i);
                    return false;
                }
                if (!rt_barrier_range(resource, &in->Subresources, &out->Texture.Subresources))
                {
                    rt_command_list_removef(list, E_INVALIDARG, "Barrier: group %u, texture barrier %u: "
                                            "subresource range out of bounds", group_index, i);
                    return false;
                }
                out->Texture.SyncBefore = in->SyncBefore;
                out->Texture.SyncAfter = in->SyncAfter;
                out->Texture.AccessBefore = in->AccessBefore;
                out->Texture.AccessAfter = in->AccessAfter;
                out->Texture.LayoutBefore = in->LayoutBefore;
                out->Texture.LayoutAfter = in->LayoutAfter;
                out->Texture.hResource = resource->hdrv;
                out->Texture.Flags = in->Flags;
                break;
            }
            case D3D12_BARRIER_TYPE_BUFFER:
            {
                const D3D12_BUFFER_BARRIER *in = &group->pBufferBarriers[i];

                if (!(resource = rt_command_list_resource(in->pResource)) || !rt_resource_is_buffer(resource))
                {
                    rt_command_list_removef(list, E_INVALIDARG, "Barrier: group %u, buffer barrier %u: "
                                            "NULL, foreign or texture resource", group_index, i);
                    return false;
                }
                out->Buffer.SyncBefore = in->SyncBefore;
                out->Buffer.SyncAfter = in->SyncAfter;
                out->Buffer.AccessBefore = in->AccessBefore;
                out->Buffer.AccessAfter = in->AccessAfter;
                out->Buffer.hResource = resource->hdrv;
                out->Buffer.Offset = in->Offset;
                out->Buffer.Size = in->Size;
                break;
            }
        }
    }
    return true;
}

/* Checks the groups and counts their barriers. */
static bool rt_validate_groups(struct rt_command_list *list, const char *method, UINT group_count,
                               const D3D12_BARRIER_GROUP *groups, UINT64 *total)
{
    UINT i;

    *total = 0;
    if (group_count && !groups)
    {
        rt_command_list_removef(list, E_INVALIDARG, "%s: NULL barrier groups", method);
        return false;
    }
    for (i = 0; i < group_count; ++i)
    {
        if (groups[i].Type != D3D12_BARRIER_TYPE_GLOBAL && groups[i].Type != D3D12_BARRIER_TYPE_TEXTURE
                && groups[i].Type != D3D12_BARRIER_TYPE_BUFFER)
        {
            rt_command_list_removef(list, E_INVALIDARG, "%s: group %u has invalid type %#x",
                                    method, i, groups[i].Type);
            return false;
        }
        if (groups[i].NumBarriers && !groups[i].pGlobalBarriers)
        {
            rt_command_list_removef(list, E_INVALIDARG, "%s: group %u has no barrier array", method, i);
            return false;
        }
        *total += groups[i].NumBarriers;
    }
    if (*total > UINT32_MAX)
    {
        rt_command_list_removef(list, E_INVALIDARG, "%s: too many barriers", method);
        return false;
    }
    return true;
}

void STDMETHODCALLTYPE rt_command_list_Barrier(rt_cl *iface, UINT32 group_count, const D3D12_BARRIER_GROUP *groups)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_barrier_array array;
    UINT64 total, offset = 0;
    UINT i;

    RT_TRACE("iface %p, group_count %u, groups %p.", iface, group_count, groups);

    if (!rt_command_list_begin(list, RT_LIST_QUEUE, "Barrier"))
        return;
    if (!rt_command_list_uses_enhanced_barriers(list))
    {
        rt_command_list_remove(list, E_INVALIDARG, "Barrier: the device does not support Enhanced Barriers");
        return;
    }
    if (!rt_validate_groups(list, "Barrier", group_count, groups, &total) || !total)
        return;
    if (!rt_barrier_array_init(&array, total))
    {
        rt_command_list_remove(list, E_OUTOFMEMORY, "Barrier: out of memory");
        return;
    }
    /* The API groups barriers by type; the DDI takes one flat array of tagged ones. */
    for (i = 0; i < group_count; ++i)
    {
        if (!rt_translate_group(list, &groups[i], i, &array.barriers[offset]))
            goto done;
        offset += groups[i].NumBarriers;
    }
    RT_DDI_CALL(list, pfnBarrier, (UINT)total, array.barriers);

done:
    rt_barrier_array_cleanup(&array);
}

/* Fence barriers (ID3D12GraphicsCommandList11): the DDI has no entry for them and the
 * device reports no support, so D3D12 refuses them as it refuses Barrier without
 * Enhanced Barriers. */
void STDMETHODCALLTYPE rt_command_list_WaitBarrier(rt_cl *iface, UINT group_count, const D3D12_BARRIER_GROUP *groups,
                                                   UINT fence_count, ID3D12Fence *const *fences, const UINT64 *values)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, group_count %u, fence_count %u.", iface, group_count, fence_count);

    if (rt_command_list_begin(list, RT_LIST_QUEUE, "WaitBarrier"))
        rt_command_list_remove(list, E_INVALIDARG, "WaitBarrier: fence barriers are not supported");
}

void STDMETHODCALLTYPE rt_command_list_SignalBarrier(rt_cl *iface, UINT group_count, const D3D12_BARRIER_GROUP *groups,
                                                     ID3D12Fence *fence, UINT64 value)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, group_count %u, fence %p.", iface, group_count, fence);

    if (rt_command_list_begin(list, RT_LIST_QUEUE, "SignalBarrier"))
        rt_command_list_remove(list, E_INVALIDARG, "SignalBarrier: fence barriers are not supported");
}
