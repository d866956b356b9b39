/*
 * The native Async Commands table (agx_cmdasync.c: the copy family;
 * agx_cmdasync_clear.c: FillBuffers and ClearTextureSubresources;
 * agx_cmdasync_bound.c: the two bound clears).
 *
 * Every call records one command holding its whole batch. The fills and texture clears
 * encode each desc's value once, when it is recorded (ddi_encode.h, CLEAR_DATA source,
 * float32 bits kept as given), so the engine only repeats bytes.
 */
#ifndef AGX_CMDASYNC_H
#define AGX_CMDASYNC_H

#include "ddi_encode.h"
#include "agx_cmdbuf.h"

/* One desc of FillBuffers: `repeat` whole patterns from `offset`, already clamped to
 * what fits in the buffer. */
struct agx_buffer_fill
{
    struct agx_resource *buffer;
    uint64_t offset;
    uint64_t repeat;
    uint32_t pattern_size;
    uint8_t pattern[DDI_ENCODE_MAX_BYTES];
};

struct agx_cmd_fill_buffers
{
    struct agx_cmd header;
    uint32_t count;
    struct agx_buffer_fill fills[];
};

/* One desc of ClearTextureSubresources: subresources first .. first + count - 1, each
 * filled with the element of its plane (pattern_size 0: a plane the clear format does
 * not name, left as it is), over the region (in logical pixels) or all of it. */
struct agx_texture_clear
{
    struct agx_resource *texture;
    uint32_t first_subresource, subresource_count;
    bool has_region;
    D3D12_BOX region;
    uint32_t pattern_size[AGX_LAYOUT_MAX_PLANES];
    uint8_t pattern[AGX_LAYOUT_MAX_PLANES][DDI_ENCODE_MAX_BYTES];
};

struct agx_cmd_clear_textures
{
    struct agx_cmd header;
    uint32_t count;
    struct agx_texture_clear clears[];
};

/* agx_cmdasync_clear.c: the two table entries, and their execution (agx_exec.c checks
 * predication first). */
void agx_cmdasync_clear_fill_funcs(D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *funcs);
void agx_cmdasync_exec_fill_buffers(struct agx_backend *backend, const struct agx_cmd_fill_buffers *cmd);
void agx_cmdasync_exec_clear_textures(struct agx_backend *backend, const struct agx_cmd_clear_textures *cmd);

/* agx_cmdasync_bound.c: ClearBoundRenderTargetViews and ClearBoundDepthStencilView,
 * and their records' execution against the executing list's bound targets. */
struct agx_exec;
void agx_cmdasync_fill_bound_clears(D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *funcs);
void agx_cmdasync_exec_bound_clear(struct agx_exec *exec, const struct agx_cmd *cmd);

#endif
