/*
 * ResourceBarrier and Barrier. Every barrier of a call is checked
 * (rt_cmdlist_barrier_validate.c lists which rule runs always and which only with the
 * debug layer) before any reaches the driver.
 *
 * A driver with Enhanced Barriers (and pfnBarrier) gets every barrier in the enhanced
 * form: legacy barriers are translated here (ddi-facts §5, "Legacy map") into what the
 * list's queue can run. A driver without gets the legacy ones and cannot run Barrier,
 * which D3D12 refuses on such a device: the list is removed with E_INVALIDARG.
 *
 * Subresource ranges reach the driver explicit: "all subresources" and single indices
 * are expanded to {mip, count, slice, count, plane, count}.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_cmdlist_vtbl.h"
#include "rt_cmdlist_barrier.h"
#include "rt_fallback_services.h"
#include "rt_info_queue.h"

/* Barriers of one call are built in a small array on the stack when they fit. */
#define RT_BARRIER_STACK_COUNT 16

bool rt_command_list_uses_enhanced_barriers(const struct rt_command_list *list)
{
    const struct rt_device *device = list->device;

    return device->options.EnhancedBarriersSupported && device->ddi_cmdlist.pfnBarrier;
}

/* ---- Legacy state → enhanced sync, access and layout ------------------------------------ */

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
    {D3D12_RESOURCE_STATE_STREAM_OUT, D3D12_BARRIER_SYNC_VERTEX_SHADING, D3D12_BARRIER_ACCESS_STREAM_OUTPUT},
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

static void rt_state_to_sync_access(D3D12_RESOURCE_STATES state, D3D12_COMMAND_LIST_TYPE type,
                                    D3D12_BARRIER_SYNC *sync, D3D12_BARRIER_ACCESS *access)
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
    /* A state can stand for more than the queue does (VERTEX_AND_CONSTANT_BUFFER on a
     * compute queue is constant buffers only); validation left at least one access. */
    *access &= rt_barrier_queue_access(type);
}

static D3D12_BARRIER_LAYOUT rt_state_to_layout(D3D12_RESOURCE_STATES state, const struct rt_resource *resource,
                                               D3D12_COMMAND_LIST_TYPE type)
{
    /* Copy queues hold textures in COMMON and transition no layout (their states are
     * COMMON, COPY_SOURCE and COPY_DEST, all accessible there); simultaneous-access
     * textures live in COMMON in the enhanced model. */
    if (type == D3D12_COMMAND_LIST_TYPE_COPY || (resource->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS))
        return D3D12_BARRIER_LAYOUT_COMMON;

    /* Direct and compute queues share these layouts, as legacy states are shared by the
     * two queue types: the queue-specific ones would be wrong for either. Every state a
     * compute list may name maps to one a compute queue holds. */
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
        default:
            break;
    }
    if (state & D3D12_RESOURCE_STATE_DEPTH_READ)
        return D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ;
    if (!(state & ~D3D12_RESOURCE_STATE_ALL_SHADER_RESOURCE))
        return D3D12_BARRIER_LAYOUT_SHADER_RESOURCE;
    return D3D12_BARRIER_LAYOUT_GENERIC_READ;
}

void rt_barrier_translate_legacy(const D3D12_RESOURCE_BARRIER *in, D3D12_COMMAND_LIST_TYPE type,
                                 const struct rt_resource *resource, D3D12DDIARG_BARRIER_0124 *out)
{
    D3D12_BARRIER_SYNC sync_before, sync_after;
    D3D12_BARRIER_ACCESS access_before, access_after;

    memset(out, 0, sizeof(*out));
    switch (in->Type)
    {
        case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION:
            rt_state_to_sync_access(in->Transition.StateBefore, type, &sync_before, &access_before);
            rt_state_to_sync_access(in->Transition.StateAfter, type, &sync_after, &access_after);
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
            out->Texture.LayoutBefore = rt_state_to_layout(in->Transition.StateBefore, resource, type);
            out->Texture.LayoutAfter = rt_state_to_layout(in->Transition.StateAfter, resource, type);
            rt_barrier_index_range(resource, in->Transition.Subresource, &out->Texture.Subresources);
        }
        else
        {
            /* A UAV barrier on a texture: it is in the UAV state, or COMMON if simultaneous. */
            out->Texture.LayoutBefore = out->Texture.LayoutAfter
                    = rt_state_to_layout(D3D12_RESOURCE_STATE_UNORDERED_ACCESS, resource, type);
            rt_barrier_full_range(resource, &out->Texture.Subresources);
        }
    }
}

/* ---- Removal and debug-layer reports ------------------------------------------------------ */

/* The checks that only catch application mistakes run with the debug layer; what they
 * find is reported and the list is kept. */

static bool rt_barrier_debug_checks(const struct rt_command_list *list)
{
    return list->device->info_queue != NULL;
}

static void rt_barrier_report(struct rt_command_list *list, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
                              const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void rt_barrier_report(struct rt_command_list *list, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
                              const char *fmt, ...)
{
    char text[256];
    va_list args;

    va_start(args, fmt);
    vsnprintf(text, sizeof(text), fmt, args);
    va_end(args);
    rt_info_queue_add(list->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, severity, id, "%s", text);
}

/* A render target or the depth-stencil of the active render pass. */
static bool rt_is_pass_target(const struct rt_command_list *list, const struct rt_resource *resource)
{
    UINT i;

    if (!list->render_pass.active || !resource)
        return false;
    for (i = 0; i < list->state.rtv_count; ++i)
    {
        if (list->state.rtvs[i].resource == resource)
            return true;
    }
    return list->state.has_dsv && list->state.dsv.resource == resource;
}

/* Render passes (RenderPasses.md, "Resource Barriers within a Render Pass"): the driver
 * may hoist barriers to the start of the pass, so none may depend on work inside it. */
static void rt_debug_legacy_barrier(struct rt_command_list *list, const D3D12_RESOURCE_BARRIER *barrier, UINT index,
                                    struct rt_resource *const resources[2])
{
    const D3D12_RESOURCE_STATES target_writes = D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_DEPTH_WRITE;

    if (barrier->Type == D3D12_RESOURCE_BARRIER_TYPE_TRANSITION)
    {
        if (barrier->Transition.StateBefore == barrier->Transition.StateAfter)
            rt_barrier_report(list, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_RESOURCE_BARRIER_MATCHING_STATES,
                              "ResourceBarrier: barrier %u: StateBefore and StateAfter are both %#x", index,
                              barrier->Transition.StateBefore);
        else if ((barrier->Transition.StateBefore & target_writes) && rt_is_pass_target(list, resources[0]))
            rt_barrier_report(list, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_RENDER_PASS_INVALID_RESOURCE_BARRIER,
                              "ResourceBarrier: barrier %u transitions a target of the render pass out of %#x",
                              index, barrier->Transition.StateBefore);
    }
    else if (list->render_pass.active)
    {
        rt_barrier_report(list, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_RENDER_PASS_INVALID_RESOURCE_BARRIER,
                          "ResourceBarrier: barrier %u: no %s barrier inside a render pass", index,
                          barrier->Type == D3D12_RESOURCE_BARRIER_TYPE_UAV ? "UAV" : "aliasing");
    }
}

/* The before side holds writes of the pass's targets and the barrier makes them visible
 * to something else. */
static bool rt_consumes_target_writes(const D3D12_TEXTURE_BARRIER *barrier)
{
    const D3D12_BARRIER_ACCESS writes = D3D12_BARRIER_ACCESS_RENDER_TARGET | D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE;
    bool before_writes = ((barrier->AccessBefore & writes) && barrier->AccessBefore != D3D12_BARRIER_ACCESS_NO_ACCESS)
            || (barrier->AccessBefore == D3D12_BARRIER_ACCESS_COMMON
            && (barrier->LayoutBefore == D3D12_BARRIER_LAYOUT_RENDER_TARGET
            || barrier->LayoutBefore == D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE));

    return before_writes && (barrier->LayoutAfter != barrier->LayoutBefore
            || barrier->AccessAfter != barrier->AccessBefore);
}

static void rt_debug_enhanced_barrier(struct rt_command_list *list, UINT group, const char *kind, UINT index,
                                      const D3D12_GLOBAL_BARRIER *values, const D3D12_TEXTURE_BARRIER *texture,
                                      const struct rt_resource *resource)
{
    const D3D12_BARRIER_ACCESS uav = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
    struct rt_barrier_error error;

    if (!rt_barrier_check_scopes(values->SyncBefore, values->AccessBefore, "Before", &error)
            || !rt_barrier_check_scopes(values->SyncAfter, values->AccessAfter, "After", &error))
        rt_barrier_report(list, D3D12_MESSAGE_SEVERITY_ERROR, error.id, "Barrier: group %u, %s barrier %u: %s",
                          group, kind, index, error.why);
    if (!list->render_pass.active)
        return;
    if ((values->AccessBefore & uav) && (values->AccessAfter & uav)
            && values->AccessBefore != D3D12_BARRIER_ACCESS_NO_ACCESS)
        rt_barrier_report(list, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_RENDER_PASS_INVALID_RESOURCE_BARRIER,
                          "Barrier: group %u, %s barrier %u orders unordered accesses inside a render pass",
                          group, kind, index);
    else if (texture && rt_is_pass_target(list, resource) && rt_consumes_target_writes(texture))
        rt_barrier_report(list, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_RENDER_PASS_INVALID_RESOURCE_BARRIER,
                          "Barrier: group %u, texture barrier %u reads what a target of the render pass wrote",
                          group, index);
}

static void rt_debug_zero_barriers(struct rt_command_list *list, const char *what)
{
    if (rt_barrier_debug_checks(list))
        rt_barrier_report(list, D3D12_MESSAGE_SEVERITY_WARNING, D3D12_MESSAGE_ID_RESOURCE_BARRIER_ZERO_BARRIERS,
                          "%s is 0", what);
}

/* ---- The DDI array ------------------------------------------------------------------------ */

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

/* ---- ResourceBarrier -------------------------------------------------------------------- */

static void rt_resolve_legacy_resources(struct rt_command_list *list,
                                        const D3D12_RESOURCE_BARRIER *barrier, struct rt_resource *resources[2])
{
    resources[0] = resources[1] = NULL;
    switch (barrier->Type)
    {
        case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION:
            resources[0] = rt_command_list_resource(list, barrier->Transition.pResource);
            break;
        case D3D12_RESOURCE_BARRIER_TYPE_ALIASING:
            resources[0] = rt_command_list_resource(list, barrier->Aliasing.pResourceBefore);
            resources[1] = rt_command_list_resource(list, barrier->Aliasing.pResourceAfter);
            break;
        case D3D12_RESOURCE_BARRIER_TYPE_UAV:
            resources[0] = rt_command_list_resource(list, barrier->UAV.pResource);
            break;
        default:
            break;
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
        rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                       "ResourceBarrier: out of memory");
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
    struct rt_barrier_error error;
    struct rt_barrier_array array;
    UINT i;

    RT_TRACE("iface %p, count %u, barriers %p.", iface, count, barriers);

    if (!rt_command_list_begin(list, RT_LIST_QUEUE, "ResourceBarrier"))
        return;
    if (!count)
    {
        rt_debug_zero_barriers(list, "ResourceBarrier: NumBarriers");
        return;
    }
    if (!barriers)
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_RESOURCE_BARRIER_NULL_POINTER,
                                       "ResourceBarrier: NULL barrier array");
        return;
    }
    if (count > RT_BARRIER_STACK_COUNT && !(resources = calloc(2 * (size_t)count, sizeof(*resources))))
    {
        rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                       "ResourceBarrier: out of memory");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        rt_resolve_legacy_resources(list, &barriers[i], &resources[2 * i]);
        if (!rt_barrier_validate_legacy(&barriers[i], list->type, &resources[2 * i], &error))
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG, error.id, "ResourceBarrier: barrier %u: %s", i,
                                            error.why);
            goto done;
        }
        if (rt_barrier_debug_checks(list))
            rt_debug_legacy_barrier(list, &barriers[i], i, &resources[2 * i]);
    }

    if (!rt_command_list_uses_enhanced_barriers(list))
    {
        rt_record_legacy_barriers(list, count, barriers, resources);
        goto done;
    }
    if (!rt_barrier_array_init(&array, count))
    {
        rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                       "ResourceBarrier: out of memory");
        goto done;
    }
    for (i = 0; i < count; ++i)
        rt_barrier_translate_legacy(&barriers[i], list->type, resources[2 * i], &array.barriers[i]);
    RT_DDI_CALL(list, pfnBarrier, count, array.barriers);
    rt_fallback_track_barriers(list, count, array.barriers);
    rt_barrier_array_cleanup(&array);

done:
    if (resources != stack_resources)
        free(resources);
}

/* ---- Barrier (enhanced) ---------------------------------------------------------------- */

static const char *rt_barrier_kind(D3D12_BARRIER_TYPE type)
{
    switch (type)
    {
        case D3D12_BARRIER_TYPE_GLOBAL: return "global";
        case D3D12_BARRIER_TYPE_TEXTURE: return "texture";
        default: return "buffer";
    }
}

/* Checks one group's barriers and writes them in the DDI's form. */
static bool rt_translate_group(struct rt_command_list *list, const D3D12_BARRIER_GROUP *group, UINT group_index,
                               D3D12DDIARG_BARRIER_0124 *out)
{
    bool debug = rt_barrier_debug_checks(list);
    struct rt_resource *resource = NULL;
    const D3D12_TEXTURE_BARRIER *texture;
    const D3D12_BUFFER_BARRIER *buffer;
    const D3D12_GLOBAL_BARRIER *global;
    D3D12_GLOBAL_BARRIER values = {0};
    struct rt_barrier_error error;
    bool valid;
    UINT i;

    for (i = 0; i < group->NumBarriers; ++i, ++out)
    {
        memset(out, 0, sizeof(*out));
        out->Type = group->Type;
        texture = NULL;
        switch (group->Type)
        {
            case D3D12_BARRIER_TYPE_GLOBAL:
                global = &group->pGlobalBarriers[i];
                if ((valid = rt_barrier_validate_global(global, list->type, &error)))
                {
                    values = *global;
                    out->Global.SyncBefore = global->SyncBefore;
                    out->Global.SyncAfter = global->SyncAfter;
                    out->Global.AccessBefore = global->AccessBefore;
                    out->Global.AccessAfter = global->AccessAfter;
                }
                break;

            case D3D12_BARRIER_TYPE_TEXTURE:
                texture = &group->pTextureBarriers[i];
                resource = rt_command_list_resource(list, texture->pResource);
                if ((valid = rt_barrier_validate_texture(texture, list->type, resource, &error)))
                {
                    values.SyncBefore = out->Texture.SyncBefore = texture->SyncBefore;
                    values.SyncAfter = out->Texture.SyncAfter = texture->SyncAfter;
                    values.AccessBefore = out->Texture.AccessBefore = texture->AccessBefore;
                    values.AccessAfter = out->Texture.AccessAfter = texture->AccessAfter;
                    out->Texture.LayoutBefore = texture->LayoutBefore;
                    out->Texture.LayoutAfter = texture->LayoutAfter;
                    out->Texture.hResource = resource->hdrv;
                    out->Texture.Flags = texture->Flags;
                    rt_barrier_texture_range(resource, &texture->Subresources, &out->Texture.Subresources);
                }
                break;

            default:
                buffer = &group->pBufferBarriers[i];
                resource = rt_command_list_resource(list, buffer->pResource);
                if ((valid = rt_barrier_validate_buffer(buffer, list->type, resource, &error)))
                {
                    values.SyncBefore = out->Buffer.SyncBefore = buffer->SyncBefore;
                    values.SyncAfter = out->Buffer.SyncAfter = buffer->SyncAfter;
                    values.AccessBefore = out->Buffer.AccessBefore = buffer->AccessBefore;
                    values.AccessAfter = out->Buffer.AccessAfter = buffer->AccessAfter;
                    out->Buffer.hResource = resource->hdrv;
                    out->Buffer.Offset = buffer->Offset;
                    out->Buffer.Size = buffer->Size;
                }
                break;
        }
        if (!valid)
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG, error.id, "Barrier: group %u, %s barrier %u: %s",
                                            group_index, rt_barrier_kind(group->Type), i, error.why);
            return false;
        }
        if (debug)
            rt_debug_enhanced_barrier(list, group_index, rt_barrier_kind(group->Type), i, &values, texture, resource);
    }
    return true;
}

/* Checks the groups and counts their barriers. */
static bool rt_validate_groups(struct rt_command_list *list, UINT group_count, const D3D12_BARRIER_GROUP *groups,
                               UINT64 *total)
{
    UINT i;

    *total = 0;
    if (!groups)
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_RESOURCE_BARRIER_NULL_POINTER,
                                       "Barrier: NULL barrier groups");
        return false;
    }
    for (i = 0; i < group_count; ++i)
    {
        if (groups[i].Type != D3D12_BARRIER_TYPE_GLOBAL && groups[i].Type != D3D12_BARRIER_TYPE_TEXTURE
                && groups[i].Type != D3D12_BARRIER_TYPE_BUFFER)
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_TYPE,
                                            "Barrier: group %u has invalid type %#x", i, groups[i].Type);
            return false;
        }
        if (groups[i].NumBarriers && !groups[i].pGlobalBarriers)
        {
            rt_command_list_remove_messagef(list, E_INVALIDARG, D3D12_MESSAGE_ID_RESOURCE_BARRIER_NULL_POINTER,
                                            "Barrier: group %u has %u barriers and a NULL array", i,
                                            groups[i].NumBarriers);
            return false;
        }
        if (!groups[i].NumBarriers && rt_barrier_debug_checks(list))
            rt_barrier_report(list, D3D12_MESSAGE_SEVERITY_WARNING, D3D12_MESSAGE_ID_RESOURCE_BARRIER_ZERO_BARRIERS,
                              "Barrier: group %u has NumBarriers 0", i);
        *total += groups[i].NumBarriers;
    }
    if (*total > UINT32_MAX)
    {
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_VALUES,
                                       "Barrier: more than 2^32 - 1 barriers in one call");
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
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_ENHANCED_BARRIERS_NOT_SUPPORTED,
                                       "Barrier: the device does not support Enhanced Barriers");
        return;
    }
    if (!group_count)
    {
        rt_debug_zero_barriers(list, "Barrier: NumBarrierGroups");
        return;
    }
    if (!rt_validate_groups(list, group_count, groups, &total) || !total)
        return;
    if (!rt_barrier_array_init(&array, total))
    {
        rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                       "Barrier: out of memory");
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
    rt_fallback_track_barriers(list, (UINT)total, array.barriers);

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
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_WAIT_BARRIER_NOT_SUPPORTED,
                                       "WaitBarrier: fence barriers are not supported");
}

void STDMETHODCALLTYPE rt_command_list_SignalBarrier(rt_cl *iface, UINT group_count, const D3D12_BARRIER_GROUP *groups,
                                                     ID3D12Fence *fence, UINT64 value)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, group_count %u, fence %p.", iface, group_count, fence);

    if (rt_command_list_begin(list, RT_LIST_QUEUE, "SignalBarrier"))
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_FENCE_BARRIERS_NOT_SUPPORTED,
                                       "SignalBarrier: fence barriers are not supported");
}
