/*
 * Command allocators and lists: the recording memory, the list lifecycle and the
 * recording of every command-list entry the simulated engine executes (agx_exec.c
 * runs them). State setters live in agx_cmdstate.c.
 */
#include <stdlib.h>
#include <string.h>
#include "agx_clear.h"
#include "agx_indirect.h"
#include "agx_tile.h"

#define AGX_CMD_CHUNK_SIZE (64u * 1024u)
/* Every chunk keeps room for the record that leaves it. */
#define AGX_CMD_RESERVE sizeof(struct agx_cmd_jump)

static struct agx_cmd_allocator *agx_cmd_allocator_from_handle(D3D12DDI_HCOMMANDALLOCATOR handle)
{
    return handle.pDrvPrivate;
}

/* ---- Allocator memory -------------------------------------------------------------- */

void agx_testing_fail_cmd_chunks(D3D12DDI_HDEVICE device, unsigned int count)
{
    atomic_store(&agx_device_from_handle(device)->testing_chunk_failures, count);
}

static bool agx_cmd_testing_fail(struct agx_device *device)
{
    unsigned int left = atomic_load(&device->testing_chunk_failures);

    while (left && !atomic_compare_exchange_weak(&device->testing_chunk_failures, &left, left - 1))
        ;
    return left != 0;
}

static struct agx_cmd_chunk *agx_cmd_chunk_create(struct agx_device *device, size_t size)
{
    struct agx_cmd_chunk *chunk;

    if (agx_cmd_testing_fail(device) || !(chunk = malloc(sizeof(*chunk) + size)))
        return NULL;
    chunk->next = NULL;
    chunk->size = size;
    chunk->used = 0;
    return chunk;
}

static void agx_cmd_chunks_free(struct agx_cmd_chunk *chunk)
{
    struct agx_cmd_chunk *next;

    for (; chunk; chunk = next)
    {
        next = chunk->next;
        free(chunk);
    }
}

/* A chunk with room for need bytes (plus the reserve) after the current one: the next
 * kept chunk when it is big enough, otherwise a new one linked in. A new one that
 * cannot be had frees the kept chunks after the current one (this recording has not
 * reached them; earlier recordings end at or before it) and is tried once more. */
static struct agx_cmd_chunk *agx_cmd_allocator_next_chunk(struct agx_cmd_allocator *allocator, size_t need)
{
    struct agx_cmd_chunk *current = allocator->current, *next, *chunk;
    size_t size = AGX_MAX(AGX_CMD_CHUNK_SIZE, need + AGX_CMD_RESERVE);

    next = current ? current->next : allocator->chunks;
    if (next && next->size >= need + AGX_CMD_RESERVE)
        return next;
    if (!(chunk = agx_cmd_chunk_create(allocator->device, size)))
    {
        if (!next)
            return NULL;
        agx_cmd_chunks_free(next);
        next = NULL;
        if (current)
            current->next = NULL;
        else
            allocator->chunks = NULL;
        if (!(chunk = agx_cmd_chunk_create(allocator->device, size)))
            return NULL;
    }
    chunk->next = next;
    if (current)
        current->next = chunk;
    else
        allocator->chunks = chunk;
    return chunk;
}

/* Where the next record goes; NULL when no chunk could be allocated. */
static const struct agx_cmd *agx_cmd_allocator_position(struct agx_cmd_allocator *allocator)
{
    if (!allocator->current && !(allocator->current = agx_cmd_allocator_next_chunk(allocator, 0)))
        return NULL;
    return (const struct agx_cmd *)(allocator->current->data + allocator->current->used);
}

static void *agx_cmd_allocator_emit(struct agx_cmd_allocator *allocator, uint32_t type, size_t size)
{
    struct agx_cmd_chunk *chunk = allocator->current, *next;
    struct agx_cmd_jump *jump;
    struct agx_cmd *cmd;

    size = agx_align(size, 8);
    if (chunk->used + size + AGX_CMD_RESERVE > chunk->size)
    {
        if (!(next = agx_cmd_allocator_next_chunk(allocator, size)))
            return NULL;
        jump = (struct agx_cmd_jump *)(chunk->data + chunk->used);
        jump->header.type = AGX_CMD_JUMP;
        jump->header.size = sizeof(*jump);
        jump->next = (const struct agx_cmd *)next->data;
        chunk->used += sizeof(*jump);
        allocator->current = chunk = next;
    }
    cmd = (struct agx_cmd *)(chunk->data + chunk->used);
    memset(cmd, 0, size);
    cmd->type = type;
    cmd->size = (uint32_t)size;
    chunk->used += size;
    return cmd;
}

static SIZE_T APIENTRY agx_cmd_allocator_calc_size(D3D12DDI_HDEVICE device,
                                                   const D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 *args)
{
    return sizeof(struct agx_cmd_allocator);
}

static HRESULT APIENTRY agx_cmd_allocator_create(D3D12DDI_HDEVICE device,
        const D3D12DDIARG_CREATE_COMMAND_ALLOCATOR_0124 *args, D3D12DDI_HCOMMANDALLOCATOR hallocator)
{
    struct agx_cmd_allocator *allocator = agx_cmd_allocator_from_handle(hallocator);

    memset(allocator, 0, sizeof(*allocator));
    allocator->device = agx_device_from_handle(device);
    allocator->type = args->Type;
    return S_OK;
}

static void APIENTRY agx_cmd_allocator_destroy(D3D12DDI_HDEVICE device, D3D12DDI_HCOMMANDALLOCATOR hallocator)
{
    struct agx_cmd_allocator *allocator = agx_cmd_allocator_from_handle(hallocator);

    agx_cmd_chunks_free(allocator->chunks);
    allocator->chunks = allocator->current = NULL;
}

/* Keeps the first chunks, up to AGX_CMD_KEPT_BYTES (at least one), for the next
 * recordings; nothing records into the allocator now and its work has completed. */
static HRESULT APIENTRY agx_cmd_allocator_reset(D3D12DDI_HDEVICE device, D3D12DDI_HCOMMANDALLOCATOR hallocator)
{
    struct agx_cmd_allocator *allocator = agx_cmd_allocator_from_handle(hallocator);
    struct agx_cmd_chunk *chunk, *last = NULL;
    size_t kept = 0;

    for (chunk = allocator->chunks; chunk && (!last || kept + chunk->size <= AGX_CMD_KEPT_BYTES); chunk = chunk->next)
    {
        chunk->used = 0;
        kept += chunk->size;
        last = chunk;
    }
    if (last)
    {
        agx_cmd_chunks_free(last->next);
        last->next = NULL;
    }
    allocator->current = allocator->chunks;
    return S_OK;
}

size_t agx_cmd_allocator_held_bytes(D3D12DDI_HCOMMANDALLOCATOR hallocator)
{
    const struct agx_cmd_chunk *chunk;
    size_t bytes = 0;

    for (chunk = agx_cmd_allocator_from_handle(hallocator)->chunks; chunk; chunk = chunk->next)
        bytes += chunk->size;
    return bytes;
}

/* ---- Lists ------------------------------------------------------------------------- */

void agx_cmdlist_fail(struct agx_cmdlist *list, HRESULT hr)
{
    if (FAILED(list->error))
        return;
    list->error = hr;
    if (list->device->callbacks.pfnSetCommandListErrorCb)
        list->device->callbacks.pfnSetCommandListErrorCb(list->hrt, hr);
}

void *agx_cmdlist_emit(struct agx_cmdlist *list, uint32_t type, size_t size)
{
    void *cmd;

    if (!list->recording || FAILED(list->error))
        return NULL;
    if (size > UINT32_MAX / 2 || !(cmd = agx_cmd_allocator_emit(list->allocator, type, size)))
    {
        agx_cmdlist_fail(list, E_OUTOFMEMORY);
        return NULL;
    }
    return cmd;
}

static HRESULT agx_cmdlist_begin(struct agx_cmdlist *list, D3D12DDI_HCOMMANDALLOCATOR hallocator)
{
    struct agx_cmd_allocator *allocator = agx_cmd_allocator_from_handle(hallocator);

    if (!allocator)
        return E_INVALIDARG;
    list->allocator = allocator;
    list->error = S_OK;
    list->pass = NULL;
    list->recording = false;
    if (!(list->first = agx_cmd_allocator_position(allocator)))
        return E_OUTOFMEMORY;
    list->recording = true;
    return S_OK;
}

static SIZE_T APIENTRY agx_cmdlist_calc_size(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *args)
{
    return sizeof(struct agx_cmdlist);
}

static HRESULT APIENTRY agx_cmdlist_create(D3D12DDI_HDEVICE device, const D3D12DDIARG_CREATE_COMMAND_LIST_0124 *args,
                                           D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRTCOMMANDLIST rt_list)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);

    memset(list, 0, sizeof(*list));
    list->device = agx_device_from_handle(device);
    list->hrt = rt_list;
    list->type = args->Type;
    return agx_cmdlist_begin(list, args->hAllocator);
}

/* The recording lives in the allocator: nothing to free. */
static void APIENTRY agx_cmdlist_destroy(D3D12DDI_HDEVICE device, D3D12DDI_HCOMMANDLIST hlist)
{
}

static HRESULT APIENTRY agx_cmdlist_close(D3D12DDI_HCOMMANDLIST hlist)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);

    if (!list->recording)
        return E_FAIL;
    agx_cmdlist_emit(list, AGX_CMD_END, sizeof(struct agx_cmd));
    list->recording = false;
    return list->error;
}

static HRESULT APIENTRY agx_cmdlist_reset(D3D12DDI_HCOMMANDLIST hlist, const D3D12DDIARG_RESET_COMMAND_LIST_0124 *args)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist);

    if (!args)
        return E_INVALIDARG;
    return agx_cmdlist_begin(list, args->hAllocator);
}

/* ---- Recorded commands ------------------------------------------------------------------ */

static void APIENTRY agx_cmdlist_execute_bundle(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HCOMMANDLIST hbundle)
{
    struct agx_cmdlist *list = agx_cmdlist_from_handle(hlist), *bundle = agx_cmdlist_from_handle(hbundle);
    struct agx_cmd_bundle *cmd;

    if (!bundle || bundle->recording || FAILED(bundle->error))
    {
        agx_cmdlist_fail(list, E_INVALIDARG);
        return;
    }
    if ((cmd = agx_cmdlist_emit(list, AGX_CMD_BUNDLE, sizeof(*cmd))))
        cmd->first = bundle->first;
}

/* Contents become undefined: leaving them as they are is one such content. */
static void APIENTRY agx_cmdlist_discard_resource(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE resource,
                                                  const D3D12_DISCARD_REGION *region)
{
}

static void APIENTRY agx_cmdlist_copy_buffer_region(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE dst,
        UINT64 dst_offset, D3D12DDI_HRESOURCE src, UINT64 src_offset, UINT64 size)
{
    struct agx_cmd_copy_buffer *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_COPY_BUFFER, sizeof(*cmd))))
        return;
    cmd->copy.dst = agx_resource_from_handle(dst);
    cmd->copy.src = agx_resource_from_handle(src);
    cmd->copy.dst_offset = dst_offset;
    cmd->copy.src_offset = src_offset;
    cmd->copy.size = size;
}

static void agx_copy_location_init(struct agx_copy_location *location, const D3D12DDIARG_TEXTURE_COPY_LOCATION *ddi)
{
    location->resource = agx_resource_from_handle(ddi->hResource);
    location->type = ddi->Type;
    if (ddi->Type == D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT)
        location->footprint = ddi->PlacedFootprint;
    else
        location->subresource = ddi->SubresourceIndex;
}

static void APIENTRY agx_cmdlist_copy_texture_region(D3D12DDI_HCOMMANDLIST hlist,
        const D3D12DDIARG_TEXTURE_COPY_LOCATION *dst, UINT dst_x, UINT dst_y, UINT dst_z,
        const D3D12DDIARG_TEXTURE_COPY_LOCATION *src, const D3D12_BOX *src_box)
{
    struct agx_cmd_copy_texture *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_COPY_TEXTURE, sizeof(*cmd))))
        return;
    agx_copy_location_init(&cmd->dst, dst);
    agx_copy_location_init(&cmd->src, src);
    cmd->region.dst_x = dst_x;
    cmd->region.dst_y = dst_y;
    cmd->region.dst_z = dst_z;
    if ((cmd->region.has_box = !!src_box))
        cmd->region.box = *src_box;
}

static void APIENTRY agx_cmdlist_copy_resource(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE dst,
                                               D3D12DDI_HRESOURCE src)
{
    struct agx_cmd_copy_resource *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_COPY_RESOURCE, sizeof(*cmd))))
        return;
    cmd->pair.dst = agx_resource_from_handle(dst);
    cmd->pair.src = agx_resource_from_handle(src);
}

/* Every mode writes in command order on this engine, which satisfies MARKER_IN
 * and MARKER_OUT alike. */
static void APIENTRY agx_cmdlist_write_buffer_immediate(D3D12DDI_HCOMMANDLIST hlist, UINT count,
        const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER *params, const D3D12_WRITEBUFFERIMMEDIATE_MODE *modes)
{
    struct agx_cmd_write_immediate *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_WRITE_IMMEDIATE,
            sizeof(*cmd) + (size_t)count * sizeof(*params))))
        return;
    cmd->count = count;
    memcpy(cmd->params, params, (size_t)count * sizeof(*params));
}

/* Barriers order work; layouts need no change in the linear layout. */
static void APIENTRY agx_cmdlist_resource_barrier(D3D12DDI_HCOMMANDLIST hlist, UINT count,
                                                  const D3D12DDIARG_RESOURCE_BARRIER *barriers)
{
    struct agx_cmd_barrier *cmd;

    if ((cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_BARRIER, sizeof(*cmd))))
        cmd->count = count;
}

static void APIENTRY agx_cmdlist_barrier(D3D12DDI_HCOMMANDLIST hlist, UINT count,
                                         const D3D12DDIARG_BARRIER_0124 *barriers)
{
    struct agx_cmd_barrier *cmd;

    if ((cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_BARRIER, sizeof(*cmd))))
        cmd->count = count;
}

static void agx_cmdlist_query(D3D12DDI_HCOMMANDLIST hlist, enum agx_cmd_type type, D3D12DDI_HQUERYHEAP heap,
                              D3D12_QUERY_TYPE query_type, UINT index)
{
    struct agx_cmd_query *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), type, sizeof(*cmd))))
        return;
    cmd->heap = agx_query_heap_from_handle(heap);
    cmd->type = query_type;
    cmd->index = index;
}

static void APIENTRY agx_cmdlist_begin_query(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HQUERYHEAP heap,
                                             D3D12_QUERY_TYPE type, UINT index)
{
    agx_cmdlist_query(hlist, AGX_CMD_BEGIN_QUERY, heap, type, index);
}

static void APIENTRY agx_cmdlist_end_query(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HQUERYHEAP heap,
                                           D3D12_QUERY_TYPE type, UINT index)
{
    agx_cmdlist_query(hlist, AGX_CMD_END_QUERY, heap, type, index);
}

void APIENTRY agx_cmdlist_resolve_query_data(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HQUERYHEAP heap,
        D3D12_QUERY_TYPE type, UINT start, UINT count, D3D12DDI_HRESOURCE dst, UINT64 dst_offset)
{
    struct agx_cmd_resolve_query *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_RESOLVE_QUERY, sizeof(*cmd))))
        return;
    cmd->heap = agx_query_heap_from_handle(heap);
    cmd->start = start;
    cmd->count = count;
    cmd->dst = agx_resource_from_handle(dst);
    cmd->dst_offset = dst_offset;
}

static void APIENTRY agx_cmdlist_set_predication(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HRESOURCE buffer,
                                                 UINT64 offset, D3D12_PREDICATION_OP op)
{
    struct agx_cmd_predication *cmd;

    if (!(cmd = agx_cmdlist_emit(agx_cmdlist_from_handle(hlist), AGX_CMD_SET_PREDICATION, sizeof(*cmd))))
        return;
    cmd->buffer = agx_resource_from_handle(buffer);
    cmd->offset = offset;
    cmd->op = op;
}

/* Debug markers: nothing to record without a capture tool. */
static void APIENTRY agx_cmdlist_set_marker(D3D12DDI_HCOMMANDLIST hlist, const char *name)
{
}

static void APIENTRY agx_cmdlist_begin_event(D3D12DDI_HCOMMANDLIST hlist, const char *name)
{
}

static void APIENTRY agx_cmdlist_end_event(D3D12DDI_HCOMMANDLIST hlist)
{
}

void agx_cmdbuf_fill_funcs(D3D12DDI_DEVICE_FUNCS_CORE_0124 *funcs)
{
    funcs->pfnCalcPrivateCommandAllocatorSize = agx_cmd_allocator_calc_size;
    funcs->pfnCreateCommandAllocator = agx_cmd_allocator_create;
    funcs->pfnDestroyCommandAllocator = agx_cmd_allocator_destroy;
    funcs->pfnResetCommandAllocator = agx_cmd_allocator_reset;
    funcs->pfnCalcPrivateCommandListSize = agx_cmdlist_calc_size;
    funcs->pfnCreateCommandList = agx_cmdlist_create;
    funcs->pfnDestroyCommandList = agx_cmdlist_destroy;
}

void agx_cmdlist_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs)
{
    memset(funcs, 0, sizeof(*funcs));
    funcs->pfnCloseCommandList = agx_cmdlist_close;
    funcs->pfnResetCommandList = agx_cmdlist_reset;
    funcs->pfnExecuteBundle = agx_cmdlist_execute_bundle;
    funcs->pfnDiscardResource = agx_cmdlist_discard_resource;
    funcs->pfnCopyBufferRegion = agx_cmdlist_copy_buffer_region;
    funcs->pfnCopyTextureRegion = agx_cmdlist_copy_texture_region;
    funcs->pfnCopyResource = agx_cmdlist_copy_resource;
    funcs->pfnCopyTiles = agx_tile_copy_tiles_entry;
    funcs->pfnWriteBufferImmediate = agx_cmdlist_write_buffer_immediate;
    funcs->pfnResourceBarrier = agx_cmdlist_resource_barrier;
    funcs->pfnBarrier = agx_cmdlist_barrier;
    funcs->pfnBeginQuery = agx_cmdlist_begin_query;
    funcs->pfnEndQuery = agx_cmdlist_end_query;
    funcs->pfnResolveQueryData = agx_cmdlist_resolve_query_data;
    funcs->pfnSetPredication = agx_cmdlist_set_predication;
    funcs->pfnSetMarker = agx_cmdlist_set_marker;
    funcs->pfnBeginEvent = agx_cmdlist_begin_event;
    funcs->pfnEndEvent = agx_cmdlist_end_event;
    agx_cmdstate_fill_funcs(funcs);
    agx_clear_fill_funcs(funcs);
    agx_resolve_fill_funcs(funcs);
    agx_indirect_fill_funcs(funcs);
}
