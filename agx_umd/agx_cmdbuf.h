/*
 * Command allocators, command lists and the recorded command stream.
 *
 * A list records commands into memory its allocator owns: chunks that the allocator
 * keeps (and reuses after a reset, up to AGX_CMD_KEPT_BYTES of them) until it is
 * destroyed. A chunk that cannot be allocated makes the allocator free the kept chunks
 * the recording has not reached, and the allocation is tried once more
 * (refuse-and-retry, seed 003) before the list fails with E_OUTOFMEMORY. A recording is a chain of
 * variable-size records that starts where the allocator stood when recording began,
 * jumps from chunk to chunk (AGX_CMD_JUMP) and ends with AGX_CMD_END at Close. It is
 * immutable once closed, so a queue executes it while the list itself is reset and
 * recorded again.
 */
#ifndef AGX_CMDBUF_H
#define AGX_CMDBUF_H

#include "agx_query.h"

enum agx_cmd_type
{
    AGX_CMD_END,
    AGX_CMD_JUMP,
    AGX_CMD_BUNDLE,
    AGX_CMD_BARRIER,
    AGX_CMD_COPY_BUFFER,
    AGX_CMD_COPY_TEXTURE,
    AGX_CMD_COPY_RESOURCE,
    AGX_CMD_WRITE_IMMEDIATE,
    AGX_CMD_BEGIN_QUERY,
    AGX_CMD_END_QUERY,
    AGX_CMD_RESOLVE_QUERY,
    AGX_CMD_SET_PREDICATION,
    AGX_CMD_COPY_BUFFER_REGIONS,
    AGX_CMD_COPY_TEXTURE_REGIONS,
    AGX_CMD_COPY_RESOURCES,
    AGX_CMD_CLEAR,
    AGX_CMD_RESOLVE,
    AGX_CMD_RENDER_PASS,
    AGX_CMD_FILL_BUFFERS,
    AGX_CMD_CLEAR_TEXTURES,
    AGX_CMD_CLEAR_BOUND_RTV,
    AGX_CMD_CLEAR_BOUND_DSV,
    AGX_CMD_COPY_TILES,            /* agx_tile.h */
    AGX_CMD_EXECUTE_INDIRECT,      /* agx_indirect.h */

    /* Root signatures, root arguments, descriptor heaps, pipelines and Dispatch:
     * agx_bind.h defines these records. */
    AGX_CMD_BINDING_FIRST = 64,
    /* Fixed-function graphics state and draws: agx_raster.h defines these records. */
    AGX_CMD_GRAPHICS_FIRST = 128,
};

/* Every record starts with this; size covers the whole record, a multiple of 8. */
struct agx_cmd
{
    uint32_t type;
    uint32_t size;
};

struct agx_cmd_jump
{
    struct agx_cmd header;
    const struct agx_cmd *next;
};

/* A bundle's recording, run in place (it inherits the predication state). */
struct agx_cmd_bundle
{
    struct agx_cmd header;
    const struct agx_cmd *first;
};

/* An ordering point. The simulated engine runs one command after the other on one
 * thread per queue, so nothing waits here. */
struct agx_cmd_barrier
{
    struct agx_cmd header;
    uint32_t count;
};

/* One buffer-to-buffer copy: CopyBufferRegion, or one region of CopyBufferRegions. */
struct agx_buffer_copy
{
    struct agx_resource *dst, *src;
    uint64_t dst_offset, src_offset, size;
};

struct agx_cmd_copy_buffer
{
    struct agx_cmd header;
    struct agx_buffer_copy copy;
};

/* CopyBufferRegions: the whole batch in one record. */
struct agx_cmd_copy_buffer_regions
{
    struct agx_cmd header;
    uint32_t count;
    struct agx_buffer_copy regions[];
};

/* One side of CopyTextureRegion: a texture subresource or a buffer footprint. */
struct agx_copy_location
{
    struct agx_resource *resource;
    D3D12_TEXTURE_COPY_TYPE type;
    UINT subresource;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint;
};

/* Where one region goes and which part of the source it takes (no box: the whole
 * source subresource, or the whole footprint of a buffer source). */
struct agx_texture_copy_region
{
    uint32_t dst_x, dst_y, dst_z;
    bool has_box;
    D3D12_BOX box;
};

struct agx_cmd_copy_texture
{
    struct agx_cmd header;
    struct agx_copy_location dst, src;
    struct agx_texture_copy_region region;
};

/* One desc of CopyTextureRegions: a pair of locations and how many regions it has. */
struct agx_texture_copy_desc
{
    struct agx_copy_location dst, src;
    uint32_t region_count;
};

/* CopyTextureRegions: the whole batch in one record. The descs come first, then the
 * regions of every desc in desc order (agx_cmd_texture_regions()). */
struct agx_cmd_copy_texture_regions
{
    struct agx_cmd header;
    uint32_t desc_count;
    struct agx_texture_copy_desc descs[];
};

static inline const struct agx_texture_copy_region *agx_cmd_texture_regions(
        const struct agx_cmd_copy_texture_regions *cmd)
{
    return (const struct agx_texture_copy_region *)(cmd->descs + cmd->desc_count);
}

struct agx_resource_pair
{
    struct agx_resource *dst, *src;
};

struct agx_cmd_copy_resource
{
    struct agx_cmd header;
    struct agx_resource_pair pair;
};

/* CopyResources: the whole batch in one record. */
struct agx_cmd_copy_resources
{
    struct agx_cmd header;
    uint32_t count;
    struct agx_resource_pair pairs[];
};

struct agx_cmd_write_immediate
{
    struct agx_cmd header;
    uint32_t count;
    D3D12_WRITEBUFFERIMMEDIATE_PARAMETER params[];
};

struct agx_cmd_query
{
    struct agx_cmd header;
    struct agx_query_heap *heap;
    D3D12_QUERY_TYPE type;
    UINT index;
};

struct agx_cmd_resolve_query
{
    struct agx_cmd header;
    struct agx_query_heap *heap;
    UINT start, count;
    struct agx_resource *dst;
    uint64_t dst_offset;
};

/* buffer NULL: predication off. */
struct agx_cmd_predication
{
    struct agx_cmd header;
    struct agx_resource *buffer;
    uint64_t offset;
    D3D12_PREDICATION_OP op;
};

struct agx_cmd_chunk
{
    struct agx_cmd_chunk *next;
    size_t size, used;
    _Alignas(8) unsigned char data[];
};

/* Chunk bytes an allocator keeps across its Reset, the first chunks in use order (the
 * later ones served only the longest recordings): 16 chunks of 64 KiB, twice the
 * largest recording measured (specs/agx_umd.md, "Caches"). */
#define AGX_CMD_KEPT_BYTES (1024u * 1024u)

/* Lives in the runtime's memory (CalcPrivateCommandAllocatorSize). */
struct agx_cmd_allocator
{
    struct agx_device *device;
    D3D12_COMMAND_LIST_TYPE type;
    struct agx_cmd_chunk *chunks;     /* every chunk, in use order */
    struct agx_cmd_chunk *current;    /* where records go; NULL before the first */
};

/* Lives in the runtime's memory (CalcPrivateCommandListSize). */
struct agx_cmdlist
{
    struct agx_device *device;
    D3D12DDI_HRTCOMMANDLIST hrt;
    D3D12_COMMAND_LIST_TYPE type;
    struct agx_cmd_allocator *allocator;
    const struct agx_cmd *first;      /* start of the current recording */
    struct agx_cmd_render_pass *pass; /* the open render pass (agx_render_pass.c) */
    bool recording;
    HRESULT error;                    /* first recording failure */
};

static inline struct agx_cmdlist *agx_cmdlist_from_handle(D3D12DDI_HCOMMANDLIST handle)
{
    return handle.pDrvPrivate;
}

/* agx_cmdbuf.c: room for a record of size bytes (NULL after reporting a failure). */
void *agx_cmdlist_emit(struct agx_cmdlist *list, uint32_t type, size_t size);
/* Reports a recording failure once (pfnSetCommandListErrorCb); Close returns it. */
void agx_cmdlist_fail(struct agx_cmdlist *list, HRESULT hr);
/* The legacy ResolveQueryData entry, which the Async table shares (agx_cmdasync.c). */
void APIENTRY agx_cmdlist_resolve_query_data(D3D12DDI_HCOMMANDLIST hlist, D3D12DDI_HQUERYHEAP heap,
        D3D12_QUERY_TYPE type, UINT start, UINT count, D3D12DDI_HRESOURCE dst, UINT64 dst_offset);

/* agx_cmdstate.c: the pipeline, fixed-function and binding state entries. */
void agx_cmdstate_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs);
/* agx_raster_state.c: the fixed-function graphics state entries. */
void agx_raster_state_fill_funcs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *funcs);

/* Chunk bytes the allocator holds (the tests' window). */
size_t agx_cmd_allocator_held_bytes(D3D12DDI_HCOMMANDALLOCATOR allocator);
/* Test hook: the device's next `count` chunk allocations fail as out of memory. */
void agx_testing_fail_cmd_chunks(D3D12DDI_HDEVICE device, unsigned int count);

#endif
