/*
 * The rules of one barrier (Microsoft's D3D12EnhancedBarriers.md; ddi-facts §5), as pure
 * functions of the barrier, the list type and the resources it names.
 *
 * Always checked; a failure removes the list with E_INVALIDARG before any barrier of the
 * call reaches the driver (ARCHITECTURE.md: they protect the driver, which may assume
 * every barrier it receives is well formed and runnable on its queue):
 *   - NULL arrays with nonzero counts, unknown group and legacy barrier types;
 *   - NULL or foreign resources; texture barriers on buffers, buffer barriers on textures;
 *   - buffer barriers: Offset 0 and Size UINT64_MAX or the buffer's size;
 *   - texture barriers: the subresource range inside the texture, known flags, DISCARD
 *     only from UNDEFINED;
 *   - sync, access and layout values the headers define (ACCESS_GLOBAL belongs to fence
 *     barriers, the internal LEGACY_* layouts to the runtime's translation);
 *   - values the list's queue cannot run: the Command Queue Layout, Access and Sync
 *     Compatibility tables (a copy queue holds COMMON only, a compute queue no graphics
 *     layouts, no queue a video layout);
 *   - NO_ACCESS alone; SPLIT alone on its side, not on both sides, never on a global
 *     barrier; SYNC_NONE on a side needs NO_ACCESS there; so does a one-sided UNDEFINED;
 *   - access bits the layout on that side can have (Layout Access Compatibility; COMMON
 *     of a simultaneous-access texture adds render-target, UAV and resolve accesses);
 *     buffers have no depth-stencil accesses;
 *   - legacy barriers: flag bits, BEGIN_ONLY with END_ONLY, split flags on barriers other
 *     than transitions, resources, the subresource index, state bits (known, a write
 *     state alone), states the list type cannot use, UAV barriers on copy lists.
 *
 * Debug layer only; reported as an error message and the list is kept (mistakes whose
 * outcome is defined, only not what the application meant):
 *   - access bits without a sync scope that performs them (rt_barrier_check_scopes);
 *   - and in rt_cmdlist_barrier.c: zero counts (a warning), legacy transitions with equal
 *     states, and inside a render pass aliasing and UAV barriers and barriers that
 *     consume the writes of the pass's own targets.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "rt_cmdlist_barrier.h"
#include "ddi_layout.h"

#define RT_BIT(value) ((UINT)(value))
#define RT_LAYOUT_BIT(layout) (UINT64_C(1) << (layout))

/* ---- What each queue type can run ------------------------------------------------------- */

#define RT_SYNC_VIDEO (RT_BIT(D3D12_BARRIER_SYNC_VIDEO_DECODE) | RT_BIT(D3D12_BARRIER_SYNC_VIDEO_PROCESS) \
        | RT_BIT(D3D12_BARRIER_SYNC_VIDEO_ENCODE))
#define RT_SYNC_COMPUTE_QUEUE (RT_BIT(D3D12_BARRIER_SYNC_ALL) | RT_BIT(D3D12_BARRIER_SYNC_COMPUTE_SHADING) \
        | RT_BIT(D3D12_BARRIER_SYNC_RAYTRACING) | RT_BIT(D3D12_BARRIER_SYNC_COPY) \
        | RT_BIT(D3D12_BARRIER_SYNC_EXECUTE_INDIRECT) | RT_BIT(D3D12_BARRIER_SYNC_ALL_SHADING) \
        | RT_BIT(D3D12_BARRIER_SYNC_NON_PIXEL_SHADING) \
        | RT_BIT(D3D12_BARRIER_SYNC_EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO) \
        | RT_BIT(D3D12_BARRIER_SYNC_CLEAR_UNORDERED_ACCESS_VIEW) \
        | RT_BIT(D3D12_BARRIER_SYNC_BUILD_RAYTRACING_ACCELERATION_STRUCTURE) \
        | RT_BIT(D3D12_BARRIER_SYNC_COPY_RAYTRACING_ACCELERATION_STRUCTURE) | RT_BIT(D3D12_BARRIER_SYNC_SPLIT))
#define RT_SYNC_GRAPHICS (RT_BIT(D3D12_BARRIER_SYNC_DRAW) | RT_BIT(D3D12_BARRIER_SYNC_INPUT_ASSEMBLER) \
        | RT_BIT(D3D12_BARRIER_SYNC_VERTEX_SHADING) | RT_BIT(D3D12_BARRIER_SYNC_PIXEL_SHADING) \
        | RT_BIT(D3D12_BARRIER_SYNC_DEPTH_STENCIL) | RT_BIT(D3D12_BARRIER_SYNC_RENDER_TARGET) \
        | RT_BIT(D3D12_BARRIER_SYNC_RESOLVE))
#define RT_SYNC_KNOWN (RT_SYNC_COMPUTE_QUEUE | RT_SYNC_GRAPHICS | RT_SYNC_VIDEO)

#define RT_ACCESS_VIDEO (RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_DECODE_READ) \
        | RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_DECODE_WRITE) | RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_PROCESS_READ) \
        | RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_PROCESS_WRITE) | RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_ENCODE_READ) \
        | RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_ENCODE_WRITE))
#define RT_ACCESS_COPY_QUEUE (RT_BIT(D3D12_BARRIER_ACCESS_COPY_DEST) | RT_BIT(D3D12_BARRIER_ACCESS_COPY_SOURCE))
#define RT_ACCESS_COMPUTE_QUEUE (RT_ACCESS_COPY_QUEUE | RT_BIT(D3D12_BARRIER_ACCESS_CONSTANT_BUFFER) \
        | RT_BIT(D3D12_BARRIER_ACCESS_UNORDERED_ACCESS) | RT_BIT(D3D12_BARRIER_ACCESS_SHADER_RESOURCE) \
        | RT_BIT(D3D12_BARRIER_ACCESS_INDIRECT_ARGUMENT) \
        | RT_BIT(D3D12_BARRIER_ACCESS_RAYTRACING_ACCELERATION_STRUCTURE_READ) \
        | RT_BIT(D3D12_BARRIER_ACCESS_RAYTRACING_ACCELERATION_STRUCTURE_WRITE))
#define RT_ACCESS_DIRECT_QUEUE (RT_ACCESS_COMPUTE_QUEUE | RT_BIT(D3D12_BARRIER_ACCESS_VERTEX_BUFFER) \
        | RT_BIT(D3D12_BARRIER_ACCESS_INDEX_BUFFER) | RT_BIT(D3D12_BARRIER_ACCESS_RENDER_TARGET) \
        | RT_BIT(D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE) | RT_BIT(D3D12_BARRIER_ACCESS_DEPTH_STENCIL_READ) \
        | RT_BIT(D3D12_BARRIER_ACCESS_STREAM_OUTPUT) | RT_BIT(D3D12_BARRIER_ACCESS_RESOLVE_DEST) \
        | RT_BIT(D3D12_BARRIER_ACCESS_RESOLVE_SOURCE) | RT_BIT(D3D12_BARRIER_ACCESS_SHADING_RATE_SOURCE))
#define RT_ACCESS_NO_ACCESS RT_BIT(D3D12_BARRIER_ACCESS_NO_ACCESS)
#define RT_ACCESS_KNOWN (RT_ACCESS_DIRECT_QUEUE | RT_ACCESS_VIDEO | RT_ACCESS_NO_ACCESS)
#define RT_ACCESS_DEPTH_STENCIL (RT_BIT(D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE) \
        | RT_BIT(D3D12_BARRIER_ACCESS_DEPTH_STENCIL_READ))

#define RT_LAYOUTS_COMPUTE_AND_DIRECT (RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_COMMON) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_GENERIC_READ) | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_SHADER_RESOURCE) | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_COPY_SOURCE) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_COPY_DEST))
#define RT_LAYOUTS_DIRECT_QUEUE (RT_LAYOUTS_COMPUTE_AND_DIRECT | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_RENDER_TARGET) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_RESOLVE_SOURCE) | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_RESOLVE_DEST) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_SHADING_RATE_SOURCE) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COMMON) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_GENERIC_READ) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_UNORDERED_ACCESS) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_SHADER_RESOURCE) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COPY_SOURCE) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COPY_DEST))
#define RT_LAYOUTS_COMPUTE_QUEUE (RT_LAYOUTS_COMPUTE_AND_DIRECT \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COMMON) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_GENERIC_READ) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_UNORDERED_ACCESS) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_SHADER_RESOURCE) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COPY_SOURCE) \
        | RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COPY_DEST))
#define RT_LAYOUT_LAST D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON

#define RT_STATES_VIDEO (D3D12_RESOURCE_STATE_VIDEO_DECODE_READ | D3D12_RESOURCE_STATE_VIDEO_DECODE_WRITE \
        | D3D12_RESOURCE_STATE_VIDEO_PROCESS_READ | D3D12_RESOURCE_STATE_VIDEO_PROCESS_WRITE \
        | D3D12_RESOURCE_STATE_VIDEO_ENCODE_READ | D3D12_RESOURCE_STATE_VIDEO_ENCODE_WRITE)
#define RT_STATES_COPY_QUEUE (D3D12_RESOURCE_STATE_COPY_DEST | D3D12_RESOURCE_STATE_COPY_SOURCE)
/* The states whose accesses a compute queue performs (ddi-facts §5; the spec's "Compute
 * Queues and PIXEL_SHADER_RESOURCE": that one is direct-only). */
#define RT_STATES_COMPUTE_QUEUE (RT_STATES_COPY_QUEUE | D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER \
        | D3D12_RESOURCE_STATE_UNORDERED_ACCESS | D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE \
        | D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT | D3D12_RESOURCE_STATE_RAYTRACING_ACCELERATION_STRUCTURE)
#define RT_STATES_DIRECT_QUEUE (RT_STATES_COMPUTE_QUEUE | D3D12_RESOURCE_STATE_INDEX_BUFFER \
        | D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_DEPTH_WRITE | D3D12_RESOURCE_STATE_DEPTH_READ \
        | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_STREAM_OUT \
        | D3D12_RESOURCE_STATE_RESOLVE_DEST | D3D12_RESOURCE_STATE_RESOLVE_SOURCE \
        | D3D12_RESOURCE_STATE_SHADING_RATE_SOURCE)
#define RT_STATES_KNOWN (RT_STATES_DIRECT_QUEUE | RT_STATES_VIDEO)
#define RT_STATES_WRITE (D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_UNORDERED_ACCESS \
        | D3D12_RESOURCE_STATE_DEPTH_WRITE | D3D12_RESOURCE_STATE_STREAM_OUT | D3D12_RESOURCE_STATE_COPY_DEST \
        | D3D12_RESOURCE_STATE_RESOLVE_DEST | D3D12_RESOURCE_STATE_VIDEO_DECODE_WRITE \
        | D3D12_RESOURCE_STATE_VIDEO_PROCESS_WRITE | D3D12_RESOURCE_STATE_VIDEO_ENCODE_WRITE)

struct rt_barrier_queue
{
    const char *name;
    UINT sync, access;
    UINT64 layouts;
    D3D12_RESOURCE_STATES states;
};

static const struct rt_barrier_queue rt_direct_queue =
{
    "direct", RT_SYNC_KNOWN & ~RT_SYNC_VIDEO, RT_ACCESS_DIRECT_QUEUE, RT_LAYOUTS_DIRECT_QUEUE, RT_STATES_DIRECT_QUEUE,
};
static const struct rt_barrier_queue rt_compute_queue =
{
    "compute", RT_SYNC_COMPUTE_QUEUE, RT_ACCESS_COMPUTE_QUEUE, RT_LAYOUTS_COMPUTE_QUEUE, RT_STATES_COMPUTE_QUEUE,
};
static const struct rt_barrier_queue rt_copy_queue =
{
    "copy", RT_BIT(D3D12_BARRIER_SYNC_ALL) | RT_BIT(D3D12_BARRIER_SYNC_COPY) | RT_BIT(D3D12_BARRIER_SYNC_SPLIT),
    RT_ACCESS_COPY_QUEUE, RT_LAYOUT_BIT(D3D12_BARRIER_LAYOUT_COMMON), RT_STATES_COPY_QUEUE,
};

static const struct rt_barrier_queue *rt_barrier_queue(D3D12_COMMAND_LIST_TYPE type)
{
    switch (type)
    {
        case D3D12_COMMAND_LIST_TYPE_DIRECT: return &rt_direct_queue;
        case D3D12_COMMAND_LIST_TYPE_COMPUTE: return &rt_compute_queue;
        case D3D12_COMMAND_LIST_TYPE_COPY: return &rt_copy_queue;
        default: return NULL;
    }
}

bool rt_barrier_layout_allowed(D3D12_BARRIER_LAYOUT layout, D3D12_COMMAND_LIST_TYPE type)
{
    const struct rt_barrier_queue *queue = rt_barrier_queue(type);

    if (!queue)
        return false;
    if (layout == D3D12_BARRIER_LAYOUT_UNDEFINED)
        return true;
    return (UINT)layout <= RT_LAYOUT_LAST && (queue->layouts & RT_LAYOUT_BIT(layout));
}

D3D12_BARRIER_ACCESS rt_barrier_queue_access(D3D12_COMMAND_LIST_TYPE type)
{
    const struct rt_barrier_queue *queue = rt_barrier_queue(type);

    return queue ? (D3D12_BARRIER_ACCESS)queue->access : 0;
}

D3D12_RESOURCE_STATES rt_barrier_queue_states(D3D12_COMMAND_LIST_TYPE type)
{
    const struct rt_barrier_queue *queue = rt_barrier_queue(type);

    return queue ? queue->states : 0;
}

/* ---- Layout Access Compatibility ---------------------------------------------------------- */

static UINT rt_layout_access(D3D12_BARRIER_LAYOUT layout, bool simultaneous)
{
    const UINT copy = RT_ACCESS_COPY_QUEUE, srv = RT_BIT(D3D12_BARRIER_ACCESS_SHADER_RESOURCE);
    const UINT copy_source = RT_BIT(D3D12_BARRIER_ACCESS_COPY_SOURCE);
    const UINT direct_read = srv | copy_source | RT_BIT(D3D12_BARRIER_ACCESS_DEPTH_STENCIL_READ)
            | RT_BIT(D3D12_BARRIER_ACCESS_SHADING_RATE_SOURCE) | RT_BIT(D3D12_BARRIER_ACCESS_RESOLVE_SOURCE);
    const UINT uav = RT_BIT(D3D12_BARRIER_ACCESS_UNORDERED_ACCESS);

    switch (layout)
    {
        case D3D12_BARRIER_LAYOUT_COMMON:
            /* Simultaneous-access textures stay in COMMON for these too. */
            return copy | srv | (simultaneous ? RT_BIT(D3D12_BARRIER_ACCESS_RENDER_TARGET) | uav
                    | RT_BIT(D3D12_BARRIER_ACCESS_RESOLVE_DEST) | RT_BIT(D3D12_BARRIER_ACCESS_RESOLVE_SOURCE) : 0);
        case D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COMMON:
        case D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COMMON:
            return copy | srv | uav;
        case D3D12_BARRIER_LAYOUT_GENERIC_READ:
        case D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_GENERIC_READ:
            return srv | copy_source;
        case D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_GENERIC_READ:
            return direct_read;
        case D3D12_BARRIER_LAYOUT_RENDER_TARGET:
            return RT_BIT(D3D12_BARRIER_ACCESS_RENDER_TARGET);
        case D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS:
        case D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_UNORDERED_ACCESS:
        case D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_UNORDERED_ACCESS:
            return uav;
        case D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE:
            return RT_ACCESS_DEPTH_STENCIL;
        case D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ:
            return RT_BIT(D3D12_BARRIER_ACCESS_DEPTH_STENCIL_READ);
        case D3D12_BARRIER_LAYOUT_SHADER_RESOURCE:
        case D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_SHADER_RESOURCE:
        case D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_SHADER_RESOURCE:
            return srv;
        case D3D12_BARRIER_LAYOUT_COPY_SOURCE:
        case D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COPY_SOURCE:
        case D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COPY_SOURCE:
            return copy_source;
        case D3D12_BARRIER_LAYOUT_COPY_DEST:
        case D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COPY_DEST:
        case D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COPY_DEST:
            return RT_BIT(D3D12_BARRIER_ACCESS_COPY_DEST);
        case D3D12_BARRIER_LAYOUT_RESOLVE_SOURCE:
            return RT_BIT(D3D12_BARRIER_ACCESS_RESOLVE_SOURCE);
        case D3D12_BARRIER_LAYOUT_RESOLVE_DEST:
            return RT_BIT(D3D12_BARRIER_ACCESS_RESOLVE_DEST);
        case D3D12_BARRIER_LAYOUT_SHADING_RATE_SOURCE:
            return RT_BIT(D3D12_BARRIER_ACCESS_SHADING_RATE_SOURCE);
        case D3D12_BARRIER_LAYOUT_VIDEO_DECODE_READ:
            return RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_DECODE_READ);
        case D3D12_BARRIER_LAYOUT_VIDEO_DECODE_WRITE:
            return RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_DECODE_WRITE);
        case D3D12_BARRIER_LAYOUT_VIDEO_PROCESS_READ:
            return RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_PROCESS_READ);
        case D3D12_BARRIER_LAYOUT_VIDEO_PROCESS_WRITE:
            return RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_PROCESS_WRITE);
        case D3D12_BARRIER_LAYOUT_VIDEO_ENCODE_READ:
            return RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_ENCODE_READ);
        case D3D12_BARRIER_LAYOUT_VIDEO_ENCODE_WRITE:
            return RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_ENCODE_WRITE);
        case D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON:
            return RT_ACCESS_VIDEO;
        default:
            return 0;
    }
}

/* ---- Shared checks ---------------------------------------------------------------------- */

static bool rt_fail(struct rt_barrier_error *error, D3D12_MESSAGE_ID id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool rt_fail(struct rt_barrier_error *error, D3D12_MESSAGE_ID id, const char *fmt, ...)
{
    va_list args;

    error->id = id;
    va_start(args, fmt);
    vsnprintf(error->why, sizeof(error->why), fmt, args);
    va_end(args);
    return false;
}

static const struct rt_barrier_queue *rt_queue_or_fail(D3D12_COMMAND_LIST_TYPE type, struct rt_barrier_error *error)
{
    const struct rt_barrier_queue *queue = rt_barrier_queue(type);

    if (!queue)
        rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE,
                "%s command lists record no barriers", rt_command_list_type_name(type));
    return queue;
}

/* One side's sync and access values on their own. */
static bool rt_check_side(const struct rt_barrier_queue *queue, UINT sync, UINT access, const char *side,
                          struct rt_barrier_error *error)
{
    const UINT split = RT_BIT(D3D12_BARRIER_SYNC_SPLIT);

    if (sync & ~RT_SYNC_KNOWN)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_SYNC, "Sync%s %#x has unknown bits %#x",
                       side, sync, sync & ~RT_SYNC_KNOWN);
    if (access & ~RT_ACCESS_KNOWN)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_ACCESS, "Access%s %#x has unknown bits %#x",
                       side, access, access & ~RT_ACCESS_KNOWN);
    if ((sync & split) && sync != split)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_SYNC,
                       "Sync%s %#x combines SPLIT with other scopes", side, sync);
    if (sync & ~queue->sync)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_SYNC,
                       "Sync%s %#x: a %s queue has no scope %#x", side, sync, queue->name, sync & ~queue->sync);
    if ((access & RT_ACCESS_NO_ACCESS) && access != RT_ACCESS_NO_ACCESS)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_ACCESS,
                       "Access%s %#x combines NO_ACCESS with other accesses", side, access);
    if (access & ~(queue->access | RT_ACCESS_NO_ACCESS))
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_ACCESS,
                       "Access%s %#x: a %s queue performs no access %#x", side, access, queue->name,
                       access & ~queue->access);
    if (sync == RT_BIT(D3D12_BARRIER_SYNC_NONE) && access != RT_ACCESS_NO_ACCESS)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_VALUES,
                       "Sync%s is NONE but Access%s %#x is not NO_ACCESS", side, side, access);
    return true;
}

/* The sync and access values of any barrier type. */
static bool rt_check_sync_access(const struct rt_barrier_queue *queue, D3D12_BARRIER_SYNC sync_before,
                                 D3D12_BARRIER_SYNC sync_after, D3D12_BARRIER_ACCESS access_before,
                                 D3D12_BARRIER_ACCESS access_after, bool global, struct rt_barrier_error *error)
{
    bool split_begin = sync_after == D3D12_BARRIER_SYNC_SPLIT, split_end = sync_before == D3D12_BARRIER_SYNC_SPLIT;

    if (!rt_check_side(queue, sync_before, access_before, "Before", error)
            || !rt_check_side(queue, sync_after, access_after, "After", error))
        return false;
    if (split_begin && split_end)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_SYNC,
                       "SyncBefore and SyncAfter are both SPLIT: a barrier begins or ends a split, not both");
    if (global && (split_begin || split_end))
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_SYNC, "global barriers cannot be split");
    return true;
}

/* NULL, foreign, and the resource kind. */
static bool rt_check_resource(const void *api_resource, const struct rt_resource *resource, bool want_buffer,
                              struct rt_barrier_error *error)
{
    if (!api_resource)
        return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_NULL_POINTER, "pResource is NULL");
    if (!resource)
        return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_RESOURCE,
                       "pResource %p is not a resource of this runtime", api_resource);
    if (rt_resource_is_buffer(resource) != want_buffer)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_RESOURCE_DIMENSION,
                       want_buffer ? "a buffer barrier names a texture" : "a texture barrier names a buffer");
    return true;
}

/* ---- Enhanced barriers -------------------------------------------------------------------- */

bool rt_barrier_validate_global(const D3D12_GLOBAL_BARRIER *barrier, D3D12_COMMAND_LIST_TYPE type,
                                struct rt_barrier_error *error)
{
    const struct rt_barrier_queue *queue;

    if (!(queue = rt_queue_or_fail(type, error)))
        return false;
    return rt_check_sync_access(queue, barrier->SyncBefore, barrier->SyncAfter, barrier->AccessBefore,
                                barrier->AccessAfter, true, error);
}

bool rt_barrier_validate_buffer(const D3D12_BUFFER_BARRIER *barrier, D3D12_COMMAND_LIST_TYPE type,
                                const struct rt_resource *resource, struct rt_barrier_error *error)
{
    const struct rt_barrier_queue *queue;

    if (!(queue = rt_queue_or_fail(type, error))
            || !rt_check_resource(barrier->pResource, resource, true, error))
        return false;
    /* Subregion barriers are reserved for the future: the whole buffer or nothing. */
    if (barrier->Offset || (barrier->Size != UINT64_MAX && barrier->Size != resource->desc.Width))
        return rt_fail(error, D3D12_MESSAGE_ID_BUFFER_BARRIER_SUBREGION_OUT_OF_BOUNDS,
                       "Offset %#" PRIx64 " and Size %#" PRIx64 " must be 0 and UINT64_MAX or the buffer's %#"
                       PRIx64 " bytes", barrier->Offset, barrier->Size, resource->desc.Width);
    if (!rt_check_sync_access(queue, barrier->SyncBefore, barrier->SyncAfter, barrier->AccessBefore,
                              barrier->AccessAfter, false, error))
        return false;
    if ((barrier->AccessBefore | barrier->AccessAfter) & RT_ACCESS_DEPTH_STENCIL)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_ACCESS,
                       "buffers have no depth-stencil access (AccessBefore %#x, AccessAfter %#x)",
                       barrier->AccessBefore, barrier->AccessAfter);
    return true;
}

/* One side's layout: known, runnable on the queue, and holding the side's accesses. */
static bool rt_check_layout(const struct rt_barrier_queue *queue, D3D12_BARRIER_LAYOUT layout,
                            D3D12_BARRIER_ACCESS access, bool both_undefined, bool simultaneous,
                            const char *side, struct rt_barrier_error *error)
{
    UINT allowed;

    if (layout == D3D12_BARRIER_LAYOUT_UNDEFINED)
    {
        /* Nothing meaningful is in an undefined layout, so nothing is accessed there,
         * unless both sides are UNDEFINED (a memory-only barrier). */
        if (!both_undefined && access != D3D12_BARRIER_ACCESS_NO_ACCESS)
            return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_VALUES,
                           "Layout%s is UNDEFINED but Access%s %#x is not NO_ACCESS", side, side, access);
        return true;
    }
    if ((UINT)layout > RT_LAYOUT_LAST)
        return rt_fail(error, D3D12_MESSAGE_ID_UNSUPPORTED_BARRIER_LAYOUT, "Layout%s %#x is not a layout",
                       side, layout);
    if (!(queue->layouts & RT_LAYOUT_BIT(layout)))
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_LAYOUT,
                       "Layout%s %u cannot be used on a %s queue", side, layout, queue->name);
    /* COMMON means every access the layout allows, NO_ACCESS none. */
    if (access == D3D12_BARRIER_ACCESS_COMMON || access == D3D12_BARRIER_ACCESS_NO_ACCESS)
        return true;
    allowed = rt_layout_access(layout, simultaneous);
    if (access & ~allowed)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_ACCESS,
                       "Access%s %#x includes %#x, which Layout%s %u does not allow", side, access,
                       access & ~allowed, side, layout);
    return true;
}

bool rt_barrier_validate_texture(const D3D12_TEXTURE_BARRIER *barrier, D3D12_COMMAND_LIST_TYPE type,
                                 const struct rt_resource *resource, struct rt_barrier_error *error)
{
    bool both_undefined = barrier->LayoutBefore == D3D12_BARRIER_LAYOUT_UNDEFINED
            && barrier->LayoutAfter == D3D12_BARRIER_LAYOUT_UNDEFINED;
    const struct rt_barrier_queue *queue;
    D3D12_BARRIER_SUBRESOURCE_RANGE range;
    bool simultaneous;

    if (!(queue = rt_queue_or_fail(type, error))
            || !rt_check_resource(barrier->pResource, resource, false, error))
        return false;
    if (!rt_barrier_texture_range(resource, &barrier->Subresources, &range))
        return rt_fail(error, D3D12_MESSAGE_ID_TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS,
                       "Subresources {%u, %u, %u, %u, %u, %u} leave a texture of %u mips, %u slices, %u planes",
                       barrier->Subresources.IndexOrFirstMipLevel, barrier->Subresources.NumMipLevels,
                       barrier->Subresources.FirstArraySlice, barrier->Subresources.NumArraySlices,
                       barrier->Subresources.FirstPlane, barrier->Subresources.NumPlanes, resource->desc.MipLevels,
                       ddi_resource_array_size(&resource->desc), ddi_resource_plane_count(&resource->desc));
    if (barrier->Flags & ~D3D12_TEXTURE_BARRIER_FLAG_DISCARD)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_VALUES, "Flags %#x has unknown bits",
                       barrier->Flags);
    if (!rt_check_sync_access(queue, barrier->SyncBefore, barrier->SyncAfter, barrier->AccessBefore,
                              barrier->AccessAfter, false, error))
        return false;
    simultaneous = !!(resource->desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS);
    if (!rt_check_layout(queue, barrier->LayoutBefore, barrier->AccessBefore, both_undefined, simultaneous,
                         "Before", error)
            || !rt_check_layout(queue, barrier->LayoutAfter, barrier->AccessAfter, both_undefined, simultaneous,
                                "After", error))
        return false;
    /* A discard initializes what the previous layout would have kept. */
    if ((barrier->Flags & D3D12_TEXTURE_BARRIER_FLAG_DISCARD)
            && barrier->LayoutBefore != D3D12_BARRIER_LAYOUT_UNDEFINED)
        return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_VALUES,
                       "the DISCARD flag needs LayoutBefore UNDEFINED, not %u", barrier->LayoutBefore);
    return true;
}

/* ---- Access Bits Barrier Sync Compatibility (debug layer) ---------------------------------- */

static const struct
{
    UINT access;
    UINT sync;       /* at least one of these scopes (after expanding aggregates) */
}
rt_access_scopes[] =
{
    {RT_BIT(D3D12_BARRIER_ACCESS_VERTEX_BUFFER), RT_BIT(D3D12_BARRIER_SYNC_VERTEX_SHADING)},
    {RT_BIT(D3D12_BARRIER_ACCESS_CONSTANT_BUFFER), RT_BIT(D3D12_BARRIER_SYNC_VERTEX_SHADING)
            | RT_BIT(D3D12_BARRIER_SYNC_PIXEL_SHADING) | RT_BIT(D3D12_BARRIER_SYNC_COMPUTE_SHADING)},
    {RT_BIT(D3D12_BARRIER_ACCESS_INDEX_BUFFER), RT_BIT(D3D12_BARRIER_SYNC_INPUT_ASSEMBLER)},
    {RT_BIT(D3D12_BARRIER_ACCESS_RENDER_TARGET), RT_BIT(D3D12_BARRIER_SYNC_RENDER_TARGET)},
    {RT_BIT(D3D12_BARRIER_ACCESS_UNORDERED_ACCESS), RT_BIT(D3D12_BARRIER_SYNC_VERTEX_SHADING)
            | RT_BIT(D3D12_BARRIER_SYNC_PIXEL_SHADING) | RT_BIT(D3D12_BARRIER_SYNC_COMPUTE_SHADING)
            | RT_BIT(D3D12_BARRIER_SYNC_CLEAR_UNORDERED_ACCESS_VIEW) | RT_BIT(D3D12_BARRIER_SYNC_RAYTRACING)
            | RT_BIT(D3D12_BARRIER_SYNC_EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO)},
    {RT_BIT(D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE), RT_BIT(D3D12_BARRIER_SYNC_DEPTH_STENCIL)},
    {RT_BIT(D3D12_BARRIER_ACCESS_DEPTH_STENCIL_READ), RT_BIT(D3D12_BARRIER_SYNC_DEPTH_STENCIL)},
    {RT_BIT(D3D12_BARRIER_ACCESS_SHADER_RESOURCE), RT_BIT(D3D12_BARRIER_SYNC_VERTEX_SHADING)
            | RT_BIT(D3D12_BARRIER_SYNC_PIXEL_SHADING) | RT_BIT(D3D12_BARRIER_SYNC_COMPUTE_SHADING)
            | RT_BIT(D3D12_BARRIER_SYNC_RAYTRACING)
            | RT_BIT(D3D12_BARRIER_SYNC_BUILD_RAYTRACING_ACCELERATION_STRUCTURE)},
    {RT_BIT(D3D12_BARRIER_ACCESS_STREAM_OUTPUT), RT_BIT(D3D12_BARRIER_SYNC_VERTEX_SHADING)},
    {RT_BIT(D3D12_BARRIER_ACCESS_INDIRECT_ARGUMENT), RT_BIT(D3D12_BARRIER_SYNC_EXECUTE_INDIRECT)},
    {RT_BIT(D3D12_BARRIER_ACCESS_COPY_DEST), RT_BIT(D3D12_BARRIER_SYNC_COPY)},
    {RT_BIT(D3D12_BARRIER_ACCESS_COPY_SOURCE), RT_BIT(D3D12_BARRIER_SYNC_COPY)},
    {RT_BIT(D3D12_BARRIER_ACCESS_RESOLVE_DEST), RT_BIT(D3D12_BARRIER_SYNC_RESOLVE)},
    {RT_BIT(D3D12_BARRIER_ACCESS_RESOLVE_SOURCE), RT_BIT(D3D12_BARRIER_SYNC_RESOLVE)},
    {RT_BIT(D3D12_BARRIER_ACCESS_RAYTRACING_ACCELERATION_STRUCTURE_READ), RT_BIT(D3D12_BARRIER_SYNC_COMPUTE_SHADING)
            | RT_BIT(D3D12_BARRIER_SYNC_RAYTRACING) | RT_BIT(D3D12_BARRIER_SYNC_BUILD_RAYTRACING_ACCELERATION_STRUCTURE)
            | RT_BIT(D3D12_BARRIER_SYNC_COPY_RAYTRACING_ACCELERATION_STRUCTURE)
            | RT_BIT(D3D12_BARRIER_SYNC_EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO)},
    {RT_BIT(D3D12_BARRIER_ACCESS_RAYTRACING_ACCELERATION_STRUCTURE_WRITE), RT_BIT(D3D12_BARRIER_SYNC_COMPUTE_SHADING)
            | RT_BIT(D3D12_BARRIER_SYNC_RAYTRACING) | RT_BIT(D3D12_BARRIER_SYNC_BUILD_RAYTRACING_ACCELERATION_STRUCTURE)
            | RT_BIT(D3D12_BARRIER_SYNC_COPY_RAYTRACING_ACCELERATION_STRUCTURE)},
    {RT_BIT(D3D12_BARRIER_ACCESS_SHADING_RATE_SOURCE), RT_BIT(D3D12_BARRIER_SYNC_PIXEL_SHADING)},
    {RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_DECODE_READ), RT_BIT(D3D12_BARRIER_SYNC_VIDEO_DECODE)},
    {RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_DECODE_WRITE), RT_BIT(D3D12_BARRIER_SYNC_VIDEO_DECODE)},
    {RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_PROCESS_READ), RT_BIT(D3D12_BARRIER_SYNC_VIDEO_PROCESS)},
    {RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_PROCESS_WRITE), RT_BIT(D3D12_BARRIER_SYNC_VIDEO_PROCESS)},
    {RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_ENCODE_READ), RT_BIT(D3D12_BARRIER_SYNC_VIDEO_ENCODE)},
    {RT_BIT(D3D12_BARRIER_ACCESS_VIDEO_ENCODE_WRITE), RT_BIT(D3D12_BARRIER_SYNC_VIDEO_ENCODE)},
};

/* The scopes an aggregate scope stands for, added to it. */
static UINT rt_expand_sync(UINT sync)
{
    if (sync & RT_BIT(D3D12_BARRIER_SYNC_ALL))
        return RT_SYNC_KNOWN;
    if (sync & RT_BIT(D3D12_BARRIER_SYNC_DRAW))
        sync |= RT_BIT(D3D12_BARRIER_SYNC_INPUT_ASSEMBLER) | RT_BIT(D3D12_BARRIER_SYNC_VERTEX_SHADING)
                | RT_BIT(D3D12_BARRIER_SYNC_PIXEL_SHADING) | RT_BIT(D3D12_BARRIER_SYNC_DEPTH_STENCIL)
                | RT_BIT(D3D12_BARRIER_SYNC_RENDER_TARGET);
    if (sync & RT_BIT(D3D12_BARRIER_SYNC_ALL_SHADING))
        sync |= RT_BIT(D3D12_BARRIER_SYNC_VERTEX_SHADING) | RT_BIT(D3D12_BARRIER_SYNC_PIXEL_SHADING)
                | RT_BIT(D3D12_BARRIER_SYNC_COMPUTE_SHADING);
    if (sync & RT_BIT(D3D12_BARRIER_SYNC_NON_PIXEL_SHADING))
        sync |= RT_BIT(D3D12_BARRIER_SYNC_VERTEX_SHADING) | RT_BIT(D3D12_BARRIER_SYNC_COMPUTE_SHADING);
    return sync;
}

bool rt_barrier_check_scopes(D3D12_BARRIER_SYNC sync, D3D12_BARRIER_ACCESS access, const char *side,
                             struct rt_barrier_error *error)
{
    UINT expanded = rt_expand_sync(sync);
    unsigned int i;

    /* SPLIT halves and NONE carry no scope; COMMON and NO_ACCESS fit every scope. */
    if (sync == D3D12_BARRIER_SYNC_SPLIT || sync == D3D12_BARRIER_SYNC_NONE
            || access == D3D12_BARRIER_ACCESS_COMMON || access == D3D12_BARRIER_ACCESS_NO_ACCESS)
        return true;
    for (i = 0; i < RT_ARRAY_SIZE(rt_access_scopes); ++i)
    {
        if ((access & rt_access_scopes[i].access) && !(expanded & rt_access_scopes[i].sync))
            return rt_fail(error, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_SYNC,
                           "Access%s bit %#x needs one of the scopes %#x, Sync%s is %#x", side,
                           rt_access_scopes[i].access, rt_access_scopes[i].sync, side, sync);
    }
    return true;
}

/* ---- Legacy barriers ---------------------------------------------------------------------- */

static bool rt_check_state(const struct rt_barrier_queue *queue, D3D12_RESOURCE_STATES state, const char *which,
                           struct rt_barrier_error *error)
{
    if (state & ~RT_STATES_KNOWN)
        return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_RESERVED_BITS, "%s %#x has unknown bits %#x",
                       which, state, state & ~RT_STATES_KNOWN);
    /* A write state stands alone. */
    if ((state & RT_STATES_WRITE) && (state & (state - 1)))
        return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_COMBINATION,
                       "%s %#x combines a write state with other states", which, state);
    if (state & ~queue->states)
        return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE,
                       "%s %#x: a %s queue cannot use the states %#x", which, state, queue->name,
                       state & ~queue->states);
    return true;
}

bool rt_barrier_validate_legacy(const D3D12_RESOURCE_BARRIER *barrier, D3D12_COMMAND_LIST_TYPE type,
                                struct rt_resource *const resources[2], struct rt_barrier_error *error)
{
    const D3D12_RESOURCE_BARRIER_FLAGS split = D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY
            | D3D12_RESOURCE_BARRIER_FLAG_END_ONLY;
    const struct rt_barrier_queue *queue;
    const struct rt_resource *resource;

    if (!(queue = rt_queue_or_fail(type, error)))
        return false;
    if (barrier->Flags & ~split)
        return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_FLAGS, "Flags %#x has unknown bits",
                       barrier->Flags);
    if (barrier->Flags == split)
        return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_COMBINED_FLAGS,
                       "BEGIN_ONLY and END_ONLY together");
    switch (barrier->Type)
    {
        case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION:
            if (!barrier->Transition.pResource)
                return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_NULL_POINTER, "the transition has no resource");
            if (!(resource = resources[0]))
                return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_RESOURCE,
                               "pResource %p is not a resource of this runtime", (void *)barrier->Transition.pResource);
            if (barrier->Transition.Subresource != D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES
                    && barrier->Transition.Subresource >= resource->subresource_count)
                return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_SUBRESOURCE,
                               "subresource %u of a resource with %u", barrier->Transition.Subresource,
                               resource->subresource_count);
            return rt_check_state(queue, barrier->Transition.StateBefore, "StateBefore", error)
                    && rt_check_state(queue, barrier->Transition.StateAfter, "StateAfter", error);

        case D3D12_RESOURCE_BARRIER_TYPE_ALIASING:
            /* Only transitions split: the others become global barriers, which cannot. */
            if (barrier->Flags)
                return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_FLAG,
                               "an aliasing barrier cannot be split");
            if ((barrier->Aliasing.pResourceBefore && !resources[0])
                    || (barrier->Aliasing.pResourceAfter && !resources[1]))
                return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_RESOURCE,
                               "an aliasing resource is not a resource of this runtime");
            return true;

        case D3D12_RESOURCE_BARRIER_TYPE_UAV:
            if (barrier->Flags)
                return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_FLAG, "a UAV barrier cannot be split");
            if (barrier->UAV.pResource && !resources[0])
                return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_RESOURCE,
                               "pResource %p is not a resource of this runtime", (void *)barrier->UAV.pResource);
            if (!(queue->access & RT_BIT(D3D12_BARRIER_ACCESS_UNORDERED_ACCESS)))
                return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE,
                               "a %s queue has no unordered access", queue->name);
            return true;

        default:
            return rt_fail(error, D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_TYPE, "invalid type %#x", barrier->Type);
    }
}

/* ---- Subresource ranges ------------------------------------------------------------------- */

void rt_barrier_full_range(const struct rt_resource *resource, D3D12_BARRIER_SUBRESOURCE_RANGE *range)
{
    range->IndexOrFirstMipLevel = 0;
    range->NumMipLevels = resource->desc.MipLevels;
    range->FirstArraySlice = 0;
    range->NumArraySlices = ddi_resource_array_size(&resource->desc);
    range->FirstPlane = 0;
    range->NumPlanes = ddi_resource_plane_count(&resource->desc);
}

bool rt_barrier_index_range(const struct rt_resource *resource, UINT subresource,
                            D3D12_BARRIER_SUBRESOURCE_RANGE *range)
{
    UINT mip, slice, plane;

    if (subresource == D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES)
    {
        rt_barrier_full_range(resource, range);
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

bool rt_barrier_texture_range(const struct rt_resource *resource, const D3D12_BARRIER_SUBRESOURCE_RANGE *in,
                              D3D12_BARRIER_SUBRESOURCE_RANGE *out)
{
    UINT arrays = ddi_resource_array_size(&resource->desc), planes = ddi_resource_plane_count(&resource->desc);

    if (!in->NumMipLevels)
        return rt_barrier_index_range(resource, in->IndexOrFirstMipLevel, out);
    if (in->IndexOrFirstMipLevel >= resource->desc.MipLevels
            || in->NumMipLevels > resource->desc.MipLevels - in->IndexOrFirstMipLevel
            || !in->NumArraySlices || in->FirstArraySlice >= arrays
            || in->NumArraySlices > arrays - in->FirstArraySlice
            || !in->NumPlanes || in->FirstPlane >= planes || in->NumPlanes > planes - in->FirstPlane)
        return false;
    *out = *in;
    return true;
}
