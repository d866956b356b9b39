/*
 * ResourceBarrier and Barrier: every rule that removes the list (Close's HRESULT, the
 * message ID with the debug layer on, nothing reaching the driver), valid barriers on
 * direct, compute and copy lists reaching the driver, the debug-layer-only reports that
 * keep the list, the legacy translation per queue type (through the DDI spy and the
 * pure functions), and a driver without Enhanced Barriers.
 */
#include "test_device.h"
#include "test_async.h"
#include "rt_adapter.h"
#include "rt_cmdlist_barrier.h"
#include "ddi_spy.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S(x) D3D12_BARRIER_SYNC_##x
#define A(x) D3D12_BARRIER_ACCESS_##x
#define L(x) D3D12_BARRIER_LAYOUT_##x
#define M(x) D3D12_MESSAGE_ID_##x
#define VALID D3D12_MESSAGE_ID_UNKNOWN
#define DIRECT D3D12_COMMAND_LIST_TYPE_DIRECT
#define COMPUTE D3D12_COMMAND_LIST_TYPE_COMPUTE
#define COPY D3D12_COMMAND_LIST_TYPE_COPY

/* An object that is not a resource of the runtime. */
static const void *foreign_vtbl[64];
static struct { const void *vtbl; } foreign_object = {foreign_vtbl};
#define FOREIGN ((ID3D12Resource *)&foreign_object)

/* ---- Context: a spy-wrapped device, a list, and the resources the cases name ------------- */

enum which
{
    RES_NONE,
    RES_TEXTURE,         /* 8x8 RGBA8, 3 mips, 2 slices: 6 subresources */
    RES_SIMULTANEOUS,    /* the same with ALLOW_SIMULTANEOUS_ACCESS */
    RES_BUFFER,          /* 256 bytes */
    RES_FOREIGN,
};

struct bar_ctx
{
    struct test_context t;
    struct ddi_spy *spy;
    ID3D12GraphicsCommandList7 *list7;
    ID3D12Resource *texture, *simultaneous, *buffer;
};

static ID3D12Resource *create_texture_2d(ID3D12Device *device, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 2, 3, 1, flags);

    return create_texture(device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

static void bar_init(struct bar_ctx *c, D3D12_COMMAND_LIST_TYPE type, bool debug, bool hide_enhanced_barriers)
{
    struct ddi_spy_masks masks = {0};

    if (debug)
        async_enable_debug_layer();
    masks.max_tiled_resources_tier = -1;
    masks.hide_enhanced_barriers = hide_enhanced_barriers;
    masks.hide_async_commands = true;
    ck_assert_ptr_nonnull(c->spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(c->spy);
    test_context_init(&c->t, type);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(c->t.list, &IID_ID3D12GraphicsCommandList7,
                                                              (void **)&c->list7), S_OK);
    c->texture = create_texture_2d(c->t.device, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    c->simultaneous = create_texture_2d(c->t.device, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET
                                        | D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS);
    c->buffer = create_buffer(c->t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);
    ddi_spy_clear(c->spy);
}

static void bar_destroy(struct bar_ctx *c)
{
    ID3D12Resource_Release(c->buffer);
    ID3D12Resource_Release(c->simultaneous);
    ID3D12Resource_Release(c->texture);
    ID3D12GraphicsCommandList7_Release(c->list7);
    /* The list may be closed or removed: start it again so destruction sees a normal list. */
    ID3D12GraphicsCommandList_Close(c->t.list);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(c->t.list, c->t.allocator, NULL), S_OK);
    test_context_destroy(&c->t);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(c->spy);
}

static void bar_reset(struct bar_ctx *c)
{
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(c->t.list, c->t.allocator, NULL), S_OK);
    ddi_spy_clear(c->spy);
}

static ID3D12Resource *bar_resource(const struct bar_ctx *c, enum which which)
{
    switch (which)
    {
        case RES_TEXTURE: return c->texture;
        case RES_SIMULTANEOUS: return c->simultaneous;
        case RES_BUFFER: return c->buffer;
        case RES_FOREIGN: return FOREIGN;
        default: return NULL;
    }
}

/* The text the spy logged for the last call of an entry. */
static const char *spy_last_args(struct ddi_spy *spy, const char *name, struct ddi_spy_call *call)
{
    size_t i = ddi_spy_call_count(spy);

    while (i--)
    {
        ck_assert(ddi_spy_get_call(spy, i, call));
        if (!strcmp(call->name, name))
            return call->args;
    }
    ck_abort_msg("no %s call was logged", name);
    return NULL;
}

/* The layouts of the first texture barrier of the last Barrier call. */
static void spy_last_layouts(struct ddi_spy *spy, int *before, int *after)
{
    struct ddi_spy_call call;
    const char *text = strstr(spy_last_args(spy, "Barrier", &call), "layout ");

    ck_assert_ptr_nonnull(text);
    ck_assert_int_eq(sscanf(text, "layout %d->%d", before, after), 2);
}

/* ---- Enhanced barriers, one per case ------------------------------------------------------ */

enum range
{
    R_ALL,          /* index 0xffffffff */
    R_MIPS,         /* mips 1-2 of slice 1 */
    R_INDEX5,       /* the last subresource */
    R_MIPS_OOB,     /* mips 1-3 of 3 */
    R_INDEX6,       /* one past the last */
    R_NO_SLICES,    /* NumArraySlices 0 */
    R_PLANES,       /* two planes of a one-plane format */
};

static const D3D12_BARRIER_SUBRESOURCE_RANGE ranges[] =
{
    [R_ALL] = {0xffffffff, 0, 0, 0, 0, 0},
    [R_MIPS] = {1, 2, 1, 1, 0, 1},
    [R_INDEX5] = {5, 0, 0, 0, 0, 0},
    [R_MIPS_OOB] = {1, 3, 0, 2, 0, 1},
    [R_INDEX6] = {6, 0, 0, 0, 0, 0},
    [R_NO_SLICES] = {0, 1, 0, 0, 0, 1},
    [R_PLANES] = {0, 1, 0, 1, 0, 2},
};

struct enhanced_case
{
    const char *name;
    D3D12_COMMAND_LIST_TYPE list;
    D3D12_BARRIER_TYPE type;
    enum which resource;
    UINT sync_before, sync_after, access_before, access_after;
    UINT layout_before, layout_after;     /* textures */
    enum range range;                     /* textures */
    UINT flags;                           /* textures */
    UINT64 offset, size;                  /* buffers */
    D3D12_MESSAGE_ID id;                  /* VALID: reaches the driver */
};

#define TEX(name, list, res, sb, sa, ab, aa, lb, la, range, flags, id) \
    {name, list, D3D12_BARRIER_TYPE_TEXTURE, res, sb, sa, ab, aa, lb, la, range, flags, 0, 0, id}
#define BUF(name, list, res, sb, sa, ab, aa, offset, size, id) \
    {name, list, D3D12_BARRIER_TYPE_BUFFER, res, sb, sa, ab, aa, 0, 0, R_ALL, 0, offset, size, id}
#define GLB(name, list, sb, sa, ab, aa, id) \
    {name, list, D3D12_BARRIER_TYPE_GLOBAL, RES_NONE, sb, sa, ab, aa, 0, 0, R_ALL, 0, 0, 0, id}

static const struct enhanced_case enhanced_cases[] =
{
    /* Valid on a direct list. */
    TEX("copy dest to copy source", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COPY_DEST), L(COPY_SOURCE), R_ALL, 0, VALID),
    TEX("discard into render target", DIRECT, RES_TEXTURE, S(NONE), S(RENDER_TARGET), A(NO_ACCESS),
        A(RENDER_TARGET), L(UNDEFINED), L(RENDER_TARGET), R_ALL, D3D12_TEXTURE_BARRIER_FLAG_DISCARD, VALID),
    TEX("render target to direct-queue SRV, a mip range", DIRECT, RES_TEXTURE, S(RENDER_TARGET), S(PIXEL_SHADING),
        A(RENDER_TARGET), A(SHADER_RESOURCE), L(RENDER_TARGET), L(DIRECT_QUEUE_SHADER_RESOURCE), R_MIPS, 0, VALID),
    TEX("split begin", DIRECT, RES_TEXTURE, S(COMPUTE_SHADING), S(SPLIT), A(UNORDERED_ACCESS), A(SHADER_RESOURCE),
        L(UNORDERED_ACCESS), L(SHADER_RESOURCE), R_ALL, 0, VALID),
    TEX("split end", DIRECT, RES_TEXTURE, S(SPLIT), S(PIXEL_SHADING), A(UNORDERED_ACCESS), A(SHADER_RESOURCE),
        L(UNORDERED_ACCESS), L(SHADER_RESOURCE), R_ALL, 0, VALID),
    TEX("memory-only barrier", DIRECT, RES_TEXTURE, S(RENDER_TARGET), S(PIXEL_SHADING), A(RENDER_TARGET),
        A(SHADER_RESOURCE), L(UNDEFINED), L(UNDEFINED), R_ALL, 0, VALID),
    TEX("simultaneous-access texture in COMMON", DIRECT, RES_SIMULTANEOUS, S(RENDER_TARGET), S(COMPUTE_SHADING),
        A(RENDER_TARGET), A(UNORDERED_ACCESS), L(COMMON), L(COMMON), R_ALL, 0, VALID),
    TEX("one subresource by index", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COMMON), L(COMMON), R_INDEX5, 0, VALID),
    TEX("last use: layout change, nothing after", DIRECT, RES_TEXTURE, S(COPY), S(NONE), A(COPY_DEST),
        A(NO_ACCESS), L(COPY_DEST), L(COMMON), R_ALL, 0, VALID),
    TEX("direct-queue generic read", DIRECT, RES_TEXTURE, S(COPY), S(ALL), A(COPY_DEST), A(RESOLVE_SOURCE),
        L(COPY_DEST), L(DIRECT_QUEUE_GENERIC_READ), R_ALL, 0, VALID),
    BUF("copy to vertex and constant buffer", DIRECT, RES_BUFFER, S(COPY), S(VERTEX_SHADING), A(COPY_DEST),
        A(VERTEX_BUFFER) | A(CONSTANT_BUFFER), 0, UINT64_MAX, VALID),
    BUF("Size is the buffer's", DIRECT, RES_BUFFER, S(ALL), S(ALL), A(COMMON), A(COMMON), 0, 256, VALID),
    GLB("global", DIRECT, S(ALL), S(ALL), A(COMMON), A(COMMON), VALID),
    /* Valid on a compute list. */
    TEX("compute-queue layouts", COMPUTE, RES_TEXTURE, S(COMPUTE_SHADING), S(COMPUTE_SHADING), A(UNORDERED_ACCESS),
        A(SHADER_RESOURCE), L(COMPUTE_QUEUE_UNORDERED_ACCESS), L(COMPUTE_QUEUE_SHADER_RESOURCE), R_ALL, 0, VALID),
    TEX("common to UAV on compute", COMPUTE, RES_TEXTURE, S(NONE), S(COMPUTE_SHADING), A(NO_ACCESS),
        A(UNORDERED_ACCESS), L(COMMON), L(UNORDERED_ACCESS), R_ALL, 0, VALID),
    BUF("UAV to indirect argument", COMPUTE, RES_BUFFER, S(COMPUTE_SHADING), S(EXECUTE_INDIRECT),
        A(UNORDERED_ACCESS), A(INDIRECT_ARGUMENT), 0, UINT64_MAX, VALID),
    GLB("global UAV", COMPUTE, S(COMPUTE_SHADING), S(COMPUTE_SHADING), A(UNORDERED_ACCESS), A(UNORDERED_ACCESS),
        VALID),
    /* Valid on a copy list. */
    TEX("copy queue in COMMON", COPY, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), L(COMMON),
        L(COMMON), R_ALL, 0, VALID),
    TEX("copy queue memory-only", COPY, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(UNDEFINED), L(UNDEFINED), R_ALL, 0, VALID),
    BUF("copy queue buffer", COPY, RES_BUFFER, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), 0, UINT64_MAX,
        VALID),
    GLB("copy queue global", COPY, S(ALL), S(COPY), A(COMMON), A(COPY_SOURCE), VALID),

    /* Resources and ranges. */
    TEX("NULL texture", DIRECT, RES_NONE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), L(COPY_DEST),
        L(COPY_SOURCE), R_ALL, 0, M(RESOURCE_BARRIER_NULL_POINTER)),
    TEX("foreign texture", DIRECT, RES_FOREIGN, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), L(COPY_DEST),
        L(COPY_SOURCE), R_ALL, 0, M(RESOURCE_BARRIER_INVALID_RESOURCE)),
    TEX("texture barrier on a buffer", DIRECT, RES_BUFFER, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COPY_DEST), L(COPY_SOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_RESOURCE_DIMENSION)),
    TEX("mip range past the end", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COPY_DEST), L(COPY_SOURCE), R_MIPS_OOB, 0, M(TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS)),
    TEX("subresource index past the end", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COPY_DEST), L(COPY_SOURCE), R_INDEX6, 0, M(TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS)),
    TEX("no array slices", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), L(COPY_DEST),
        L(COPY_SOURCE), R_NO_SLICES, 0, M(TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS)),
    TEX("planes past the format's", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COPY_DEST), L(COPY_SOURCE), R_PLANES, 0, M(TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS)),
    TEX("unknown flag", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), L(COPY_DEST),
        L(COPY_SOURCE), R_ALL, 0x2, M(INCOMPATIBLE_BARRIER_VALUES)),
    TEX("DISCARD from a defined layout", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COPY_DEST), L(COPY_SOURCE), R_ALL, D3D12_TEXTURE_BARRIER_FLAG_DISCARD, M(INCOMPATIBLE_BARRIER_VALUES)),
    /* Values the headers do not define. */
    TEX("unknown sync bit", DIRECT, RES_TEXTURE, S(COPY) | 0x10000, S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COPY_DEST), L(COPY_SOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_SYNC)),
    TEX("ACCESS_GLOBAL outside fence barriers", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST),
        A(COPY_SOURCE) | 0x40000000, L(COPY_DEST), L(COPY_SOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_ACCESS)),
    TEX("unknown layout", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), L(COPY_DEST),
        31, R_ALL, 0, M(UNSUPPORTED_BARRIER_LAYOUT)),
    TEX("internal legacy layout", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        0x80000000u, L(COPY_SOURCE), R_ALL, 0, M(UNSUPPORTED_BARRIER_LAYOUT)),
    /* Layouts, scopes and accesses the queue cannot run. */
    TEX("copy queue: COPY_SOURCE layout", COPY, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COMMON), L(COPY_SOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_LAYOUT)),
    TEX("compute queue: render target layout", COMPUTE, RES_TEXTURE, S(COMPUTE_SHADING), S(NONE),
        A(UNORDERED_ACCESS), A(NO_ACCESS), L(UNORDERED_ACCESS), L(RENDER_TARGET), R_ALL, 0,
        M(INCOMPATIBLE_BARRIER_LAYOUT)),
    TEX("compute queue: direct-queue layout", COMPUTE, RES_TEXTURE, S(COMPUTE_SHADING), S(COMPUTE_SHADING),
        A(UNORDERED_ACCESS), A(SHADER_RESOURCE), L(UNORDERED_ACCESS), L(DIRECT_QUEUE_SHADER_RESOURCE), R_ALL, 0,
        M(INCOMPATIBLE_BARRIER_LAYOUT)),
    TEX("direct queue: compute-queue layout", DIRECT, RES_TEXTURE, S(COMPUTE_SHADING), S(COMPUTE_SHADING),
        A(UNORDERED_ACCESS), A(UNORDERED_ACCESS), L(COMPUTE_QUEUE_UNORDERED_ACCESS),
        L(COMPUTE_QUEUE_UNORDERED_ACCESS), R_ALL, 0, M(INCOMPATIBLE_BARRIER_LAYOUT)),
    TEX("direct queue: video layout", DIRECT, RES_TEXTURE, S(NONE), S(NONE), A(NO_ACCESS), A(NO_ACCESS),
        L(COMMON), L(VIDEO_DECODE_READ), R_ALL, 0, M(INCOMPATIBLE_BARRIER_LAYOUT)),
    TEX("compute queue: DRAW scope", COMPUTE, RES_TEXTURE, S(DRAW), S(COMPUTE_SHADING), A(UNORDERED_ACCESS),
        A(UNORDERED_ACCESS), L(UNORDERED_ACCESS), L(UNORDERED_ACCESS), R_ALL, 0, M(INCOMPATIBLE_BARRIER_SYNC)),
    TEX("copy queue: compute scope", COPY, RES_TEXTURE, S(COMPUTE_SHADING), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COMMON), L(COMMON), R_ALL, 0, M(INCOMPATIBLE_BARRIER_SYNC)),
    TEX("direct queue: video scope", DIRECT, RES_TEXTURE, S(VIDEO_DECODE), S(COPY), A(NO_ACCESS), A(COPY_SOURCE),
        L(COMMON), L(COMMON), R_ALL, 0, M(INCOMPATIBLE_BARRIER_SYNC)),
    TEX("copy queue: shader access", COPY, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(SHADER_RESOURCE),
        L(COMMON), L(COMMON), R_ALL, 0, M(INCOMPATIBLE_BARRIER_ACCESS)),
    TEX("compute queue: render target access", COMPUTE, RES_TEXTURE, S(COMPUTE_SHADING), S(COMPUTE_SHADING),
        A(UNORDERED_ACCESS), A(RENDER_TARGET), L(UNORDERED_ACCESS), L(UNORDERED_ACCESS), R_ALL, 0,
        M(INCOMPATIBLE_BARRIER_ACCESS)),
    /* Combinations. */
    TEX("NO_ACCESS with another access", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(NO_ACCESS) | A(COPY_DEST),
        A(COPY_SOURCE), L(COPY_DEST), L(COPY_SOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_ACCESS)),
    TEX("SyncBefore NONE with an access", DIRECT, RES_TEXTURE, S(NONE), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COPY_DEST), L(COPY_SOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_VALUES)),
    TEX("SyncAfter NONE with COMMON access", DIRECT, RES_TEXTURE, S(COPY), S(NONE), A(COPY_DEST), A(COMMON),
        L(COPY_DEST), L(COPY_SOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_VALUES)),
    TEX("SPLIT with another scope", DIRECT, RES_TEXTURE, S(COPY), S(SPLIT) | S(COPY), A(COPY_DEST),
        A(COPY_SOURCE), L(COPY_DEST), L(COPY_SOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_SYNC)),
    TEX("SPLIT on both sides", DIRECT, RES_TEXTURE, S(SPLIT), S(SPLIT), A(COPY_DEST), A(COPY_SOURCE),
        L(COPY_DEST), L(COPY_SOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_SYNC)),
    TEX("one-sided UNDEFINED with an access", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST),
        A(COPY_SOURCE), L(UNDEFINED), L(COPY_SOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_VALUES)),
    TEX("access the layout does not allow", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE),
        L(COPY_DEST), L(SHADER_RESOURCE), R_ALL, 0, M(INCOMPATIBLE_BARRIER_ACCESS)),
    TEX("UAV access in COMMON without simultaneous access", DIRECT, RES_TEXTURE, S(COPY), S(COMPUTE_SHADING),
        A(COPY_DEST), A(UNORDERED_ACCESS), L(COPY_DEST), L(COMMON), R_ALL, 0, M(INCOMPATIBLE_BARRIER_ACCESS)),
    /* Buffers. */
    BUF("NULL buffer", DIRECT, RES_NONE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), 0, UINT64_MAX,
        M(RESOURCE_BARRIER_NULL_POINTER)),
    BUF("foreign buffer", DIRECT, RES_FOREIGN, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), 0, UINT64_MAX,
        M(RESOURCE_BARRIER_INVALID_RESOURCE)),
    BUF("buffer barrier on a texture", DIRECT, RES_TEXTURE, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), 0,
        UINT64_MAX, M(INCOMPATIBLE_BARRIER_RESOURCE_DIMENSION)),
    BUF("nonzero Offset", DIRECT, RES_BUFFER, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), 16, UINT64_MAX,
        M(BUFFER_BARRIER_SUBREGION_OUT_OF_BOUNDS)),
    BUF("part of the buffer", DIRECT, RES_BUFFER, S(COPY), S(COPY), A(COPY_DEST), A(COPY_SOURCE), 0, 128,
        M(BUFFER_BARRIER_SUBREGION_OUT_OF_BOUNDS)),
    BUF("depth-stencil access on a buffer", DIRECT, RES_BUFFER, S(COPY), S(DEPTH_STENCIL), A(COPY_DEST),
        A(DEPTH_STENCIL_READ), 0, UINT64_MAX, M(INCOMPATIBLE_BARRIER_ACCESS)),
    BUF("copy queue: UAV access", COPY, RES_BUFFER, S(COPY), S(COPY), A(COPY_DEST), A(UNORDERED_ACCESS), 0,
        UINT64_MAX, M(INCOMPATIBLE_BARRIER_ACCESS)),
    /* Global barriers. */
    GLB("split global barrier", DIRECT, S(ALL), S(SPLIT), A(COMMON), A(COMMON), M(INCOMPATIBLE_BARRIER_SYNC)),
    GLB("copy queue: DRAW scope", COPY, S(DRAW), S(COPY), A(COMMON), A(COMMON), M(INCOMPATIBLE_BARRIER_SYNC)),
    GLB("global NO_ACCESS with another access", DIRECT, S(ALL), S(ALL), A(NO_ACCESS) | A(COPY_DEST), A(COMMON),
        M(INCOMPATIBLE_BARRIER_ACCESS)),
};

static void record_enhanced(struct bar_ctx *c, const struct enhanced_case *e)
{
    D3D12_TEXTURE_BARRIER texture = {0};
    D3D12_BUFFER_BARRIER buffer = {0};
    D3D12_GLOBAL_BARRIER global = {0};
    D3D12_BARRIER_GROUP group;

    group.Type = e->type;
    group.NumBarriers = 1;
    switch (e->type)
    {
        case D3D12_BARRIER_TYPE_TEXTURE:
            texture.SyncBefore = e->sync_before;
            texture.SyncAfter = e->sync_after;
            texture.AccessBefore = e->access_before;
            texture.AccessAfter = e->access_after;
            texture.LayoutBefore = e->layout_before;
            texture.LayoutAfter = e->layout_after;
            texture.pResource = bar_resource(c, e->resource);
            texture.Subresources = ranges[e->range];
            texture.Flags = e->flags;
            group.pTextureBarriers = &texture;
            break;
        case D3D12_BARRIER_TYPE_BUFFER:
            buffer.SyncBefore = e->sync_before;
            buffer.SyncAfter = e->sync_after;
            buffer.AccessBefore = e->access_before;
            buffer.AccessAfter = e->access_after;
            buffer.pResource = bar_resource(c, e->resource);
            buffer.Offset = e->offset;
            buffer.Size = e->size;
            group.pBufferBarriers = &buffer;
            break;
        default:
            global.SyncBefore = e->sync_before;
            global.SyncAfter = e->sync_after;
            global.AccessBefore = e->access_before;
            global.AccessAfter = e->access_after;
            group.pGlobalBarriers = &global;
            break;
    }
    ID3D12GraphicsCommandList7_Barrier(c->list7, 1, &group);
}

static void run_enhanced_case(int index, bool debug)
{
    const struct enhanced_case *e = &enhanced_cases[index];
    struct async_message message;
    struct bar_ctx c;

    bar_init(&c, e->list, debug, false);
    record_enhanced(&c, e);
    if (e->id == VALID)
    {
        ck_assert_msg(ddi_spy_count(c.spy, "Barrier") == 1, "%s: the barrier did not reach the driver", e->name);
        ck_assert_msg(ID3D12GraphicsCommandList_Close(c.t.list) == S_OK, "%s: Close failed", e->name);
        if (debug)
            check_no_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR);
    }
    else
    {
        ck_assert_msg(!ddi_spy_count(c.spy, "Barrier"), "%s: an invalid barrier reached the driver", e->name);
        ck_assert_msg(ID3D12GraphicsCommandList_Close(c.t.list) == E_INVALIDARG, "%s: Close did not fail", e->name);
        if (debug)
        {
            check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, e->id, &message);
            ck_assert_msg(strstr(message.text, "Barrier: group 0, "), "%s: %s", e->name, message.text);
        }
    }
    bar_destroy(&c);
}

START_TEST(test_enhanced_case)
{
    run_enhanced_case(_i, false);
}
END_TEST

START_TEST(test_enhanced_case_debug)
{
    run_enhanced_case(_i, true);
}
END_TEST

/* ---- Groups, and nothing reaches the driver before every barrier is checked ------------- */

START_TEST(test_groups)
{
    D3D12_TEXTURE_BARRIER texture = {0};
    D3D12_BUFFER_BARRIER buffer = {0};
    D3D12_BARRIER_GROUP groups[2];
    struct bar_ctx c;

    bar_init(&c, DIRECT, true, false);
    texture.SyncBefore = texture.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    texture.AccessBefore = D3D12_BARRIER_ACCESS_COPY_DEST;
    texture.AccessAfter = D3D12_BARRIER_ACCESS_COPY_SOURCE;
    texture.LayoutBefore = D3D12_BARRIER_LAYOUT_COPY_DEST;
    texture.LayoutAfter = D3D12_BARRIER_LAYOUT_COPY_SOURCE;
    texture.pResource = c.texture;
    texture.Subresources.IndexOrFirstMipLevel = 0xffffffff;
    buffer.SyncBefore = buffer.SyncAfter = D3D12_BARRIER_SYNC_COPY;
    buffer.pResource = c.buffer;
    buffer.Size = UINT64_MAX;
    groups[0].Type = D3D12_BARRIER_TYPE_TEXTURE;
    groups[0].NumBarriers = 1;
    groups[0].pTextureBarriers = &texture;
    groups[1].Type = D3D12_BARRIER_TYPE_BUFFER;
    groups[1].NumBarriers = 1;
    groups[1].pBufferBarriers = &buffer;

    /* Both groups in one driver call. */
    ID3D12GraphicsCommandList7_Barrier(c.list7, 2, groups);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "Barrier"), 1);
    check_close(c.t.list, S_OK);
    bar_reset(&c);

    /* A valid group before an invalid one: neither reaches the driver. */
    buffer.Offset = 4;
    ID3D12GraphicsCommandList7_Barrier(c.list7, 2, groups);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "Barrier"), 0);
    check_close(c.t.list, E_INVALIDARG);
    check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(BUFFER_BARRIER_SUBREGION_OUT_OF_BOUNDS), NULL);
    buffer.Offset = 0;
    bar_reset(&c);
    async_clear_messages(c.t.device);

    ID3D12GraphicsCommandList7_Barrier(c.list7, 1, NULL);
    check_close(c.t.list, E_INVALIDARG);
    check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(RESOURCE_BARRIER_NULL_POINTER), NULL);
    bar_reset(&c);
    async_clear_messages(c.t.device);

    groups[1].pBufferBarriers = NULL;
    ID3D12GraphicsCommandList7_Barrier(c.list7, 2, groups);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "Barrier"), 0);
    check_close(c.t.list, E_INVALIDARG);
    check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(RESOURCE_BARRIER_NULL_POINTER), NULL);
    groups[1].pBufferBarriers = &buffer;
    bar_reset(&c);
    async_clear_messages(c.t.device);

    groups[1].Type = (D3D12_BARRIER_TYPE)7;
    ID3D12GraphicsCommandList7_Barrier(c.list7, 2, groups);
    check_close(c.t.list, E_INVALIDARG);
    check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(INCOMPATIBLE_BARRIER_TYPE), NULL);

    bar_destroy(&c);
}
END_TEST

START_TEST(test_not_on_bundles)
{
    D3D12_GLOBAL_BARRIER global = {0};
    D3D12_BARRIER_GROUP group;
    struct bar_ctx c;

    bar_init(&c, D3D12_COMMAND_LIST_TYPE_BUNDLE, false, false);
    global.SyncBefore = global.SyncAfter = D3D12_BARRIER_SYNC_ALL;
    group.Type = D3D12_BARRIER_TYPE_GLOBAL;
    group.NumBarriers = 1;
    group.pGlobalBarriers = &global;
    ID3D12GraphicsCommandList7_Barrier(c.list7, 1, &group);
    check_close(c.t.list, E_INVALIDARG);
    bar_reset(&c);
    transition_resource(&c.t, c.buffer, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
    check_close(c.t.list, E_INVALIDARG);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "Barrier"), 0);
    bar_destroy(&c);
}
END_TEST

/* ---- Debug layer only: reported, the list is kept ----------------------------------------- */

START_TEST(test_debug_reports)
{
    D3D12_TEXTURE_BARRIER texture = {0};
    D3D12_BARRIER_GROUP group;
    bool debug = _i;
    struct bar_ctx c;

    bar_init(&c, DIRECT, debug, false);
    /* A copy source whose scope is pixel shading: defined, only not what was meant. */
    texture.SyncBefore = D3D12_BARRIER_SYNC_COPY;
    texture.SyncAfter = D3D12_BARRIER_SYNC_PIXEL_SHADING;
    texture.AccessBefore = D3D12_BARRIER_ACCESS_COPY_DEST;
    texture.AccessAfter = D3D12_BARRIER_ACCESS_COPY_SOURCE;
    texture.LayoutBefore = D3D12_BARRIER_LAYOUT_COPY_DEST;
    texture.LayoutAfter = D3D12_BARRIER_LAYOUT_COPY_SOURCE;
    texture.pResource = c.texture;
    texture.Subresources.IndexOrFirstMipLevel = 0xffffffff;
    group.Type = D3D12_BARRIER_TYPE_TEXTURE;
    group.NumBarriers = 1;
    group.pTextureBarriers = &texture;
    ID3D12GraphicsCommandList7_Barrier(c.list7, 1, &group);
    /* Legacy transition to the state it is in. */
    transition_resource(&c.t, c.buffer, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_DEST);
    /* Zero counts. */
    ID3D12GraphicsCommandList7_Barrier(c.list7, 0, NULL);
    group.NumBarriers = 0;
    ID3D12GraphicsCommandList7_Barrier(c.list7, 1, &group);
    ID3D12GraphicsCommandList_ResourceBarrier(c.t.list, 0, NULL);

    ck_assert_uint_eq(ddi_spy_count(c.spy, "Barrier"), 2);
    check_close(c.t.list, S_OK);
    if (debug)
    {
        check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(INCOMPATIBLE_BARRIER_SYNC), NULL);
        check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(RESOURCE_BARRIER_MATCHING_STATES), NULL);
        check_message(c.t.device, D3D12_MESSAGE_SEVERITY_WARNING, M(RESOURCE_BARRIER_ZERO_BARRIERS), NULL);
        ck_assert_uint_eq(async_message_count(c.t.device), 5);
    }
    bar_destroy(&c);
}
END_TEST

START_TEST(test_render_pass_reports)
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt = {0};
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {0};
    D3D12_TEXTURE_BARRIER texture = {0};
    ID3D12GraphicsCommandList4 *list4;
    D3D12_RESOURCE_BARRIER legacy;
    ID3D12DescriptorHeap *heap;
    D3D12_BARRIER_GROUP group;
    struct bar_ctx c;

    bar_init(&c, DIRECT, true, false);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    heap_desc.NumDescriptors = 1;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(c.t.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&heap), S_OK);
    rt.cpuDescriptor = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    ID3D12Device_CreateRenderTargetView(c.t.device, c.texture, NULL, rt.cpuDescriptor);
    rt.BeginningAccess.Type = D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_PRESERVE;
    rt.EndingAccess.Type = D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_PRESERVE;
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(c.t.list, &IID_ID3D12GraphicsCommandList4,
                                                              (void **)&list4), S_OK);
    ID3D12GraphicsCommandList4_BeginRenderPass(list4, 1, &rt, NULL, D3D12_RENDER_PASS_FLAG_NONE);

    /* Conformant: writes made before the pass, on a resource the pass does not target. */
    transition_resource(&c.t, c.buffer, 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                        D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
    check_no_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR);

    /* The pass's own render target read after the pass wrote it. */
    transition_resource(&c.t, c.texture, 0, D3D12_RESOURCE_STATE_RENDER_TARGET,
                        D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(RENDER_PASS_INVALID_RESOURCE_BARRIER), NULL);
    async_clear_messages(c.t.device);
    texture.SyncBefore = D3D12_BARRIER_SYNC_RENDER_TARGET;
    texture.SyncAfter = D3D12_BARRIER_SYNC_PIXEL_SHADING;
    texture.AccessBefore = D3D12_BARRIER_ACCESS_RENDER_TARGET;
    texture.AccessAfter = D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
    texture.LayoutBefore = D3D12_BARRIER_LAYOUT_RENDER_TARGET;
    texture.LayoutAfter = D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_SHADER_RESOURCE;
    texture.pResource = c.texture;
    texture.Subresources.IndexOrFirstMipLevel = 0xffffffff;
    group.Type = D3D12_BARRIER_TYPE_TEXTURE;
    group.NumBarriers = 1;
    group.pTextureBarriers = &texture;
    ID3D12GraphicsCommandList7_Barrier(c.list7, 1, &group);
    check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(RENDER_PASS_INVALID_RESOURCE_BARRIER), NULL);
    async_clear_messages(c.t.device);
    /* UAV barriers order work inside the pass. */
    legacy.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    legacy.Flags = 0;
    legacy.UAV.pResource = NULL;
    ID3D12GraphicsCommandList_ResourceBarrier(c.t.list, 1, &legacy);
    check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(RENDER_PASS_INVALID_RESOURCE_BARRIER), NULL);

    ID3D12GraphicsCommandList4_EndRenderPass(list4);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "Barrier"), 4);
    check_close(c.t.list, S_OK);
    ID3D12GraphicsCommandList4_Release(list4);
    ID3D12DescriptorHeap_Release(heap);
    bar_destroy(&c);
}
END_TEST

/* ---- Legacy barriers that remove the list --------------------------------------------------- */

struct legacy_case
{
    const char *name;
    D3D12_COMMAND_LIST_TYPE list;
    D3D12_RESOURCE_BARRIER_TYPE type;
    UINT flags;
    enum which resource, after_resource;   /* after_resource: aliasing only */
    UINT subresource;
    UINT before, after;
    D3D12_MESSAGE_ID id;
};

#define ALL_SUBS D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES
#define ST(x) D3D12_RESOURCE_STATE_##x
#define TRANSITION(name, list, flags, res, sub, before, after, id) \
    {name, list, D3D12_RESOURCE_BARRIER_TYPE_TRANSITION, flags, res, RES_NONE, sub, before, after, id}
#define UAV(name, list, flags, res, id) {name, list, D3D12_RESOURCE_BARRIER_TYPE_UAV, flags, res, RES_NONE, 0, 0, 0, id}
#define ALIASING(name, list, flags, before, after, id) \
    {name, list, D3D12_RESOURCE_BARRIER_TYPE_ALIASING, flags, before, after, 0, 0, 0, id}

static const struct legacy_case legacy_cases[] =
{
    {"invalid type", DIRECT, (D3D12_RESOURCE_BARRIER_TYPE)3, 0, RES_NONE, RES_NONE, 0, 0, 0,
            M(RESOURCE_BARRIER_INVALID_TYPE)},
    TRANSITION("unknown flag", DIRECT, 0x8, RES_TEXTURE, 0, ST(COMMON), ST(COPY_DEST),
               M(RESOURCE_BARRIER_INVALID_FLAGS)),
    TRANSITION("BEGIN_ONLY with END_ONLY", DIRECT, D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY
               | D3D12_RESOURCE_BARRIER_FLAG_END_ONLY, RES_TEXTURE, 0, ST(COMMON), ST(COPY_DEST),
               M(RESOURCE_BARRIER_INVALID_COMBINED_FLAGS)),
    UAV("split UAV barrier", DIRECT, D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY, RES_NONE,
        M(RESOURCE_BARRIER_INVALID_FLAG)),
    ALIASING("split aliasing barrier", DIRECT, D3D12_RESOURCE_BARRIER_FLAG_END_ONLY, RES_NONE, RES_NONE,
             M(RESOURCE_BARRIER_INVALID_FLAG)),
    TRANSITION("NULL transition resource", DIRECT, 0, RES_NONE, 0, ST(COMMON), ST(COPY_DEST),
               M(RESOURCE_BARRIER_NULL_POINTER)),
    TRANSITION("foreign transition resource", DIRECT, 0, RES_FOREIGN, 0, ST(COMMON), ST(COPY_DEST),
               M(RESOURCE_BARRIER_INVALID_RESOURCE)),
    UAV("foreign UAV resource", DIRECT, 0, RES_FOREIGN, M(RESOURCE_BARRIER_INVALID_RESOURCE)),
    ALIASING("foreign aliasing resource", DIRECT, 0, RES_TEXTURE, RES_FOREIGN, M(RESOURCE_BARRIER_INVALID_RESOURCE)),
    TRANSITION("subresource past the end", DIRECT, 0, RES_TEXTURE, 6, ST(COMMON), ST(COPY_DEST),
               M(RESOURCE_BARRIER_INVALID_SUBRESOURCE)),
    TRANSITION("unknown state bit", DIRECT, 0, RES_TEXTURE, 0, ST(COMMON), 0x4000, M(RESOURCE_BARRIER_RESERVED_BITS)),
    TRANSITION("two write states", DIRECT, 0, RES_TEXTURE, 0, ST(COMMON), ST(COPY_DEST) | ST(UNORDERED_ACCESS),
               M(RESOURCE_BARRIER_INVALID_COMBINATION)),
    TRANSITION("a write state with a read state", DIRECT, 0, RES_TEXTURE, 0, ST(COPY_DEST) | ST(COPY_SOURCE),
               ST(COMMON), M(RESOURCE_BARRIER_INVALID_COMBINATION)),
    TRANSITION("copy list: pixel shader resource", COPY, 0, RES_TEXTURE, ALL_SUBS, ST(COMMON),
               ST(PIXEL_SHADER_RESOURCE), M(RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE)),
    TRANSITION("copy list: UAV state on a buffer", COPY, 0, RES_BUFFER, 0, ST(UNORDERED_ACCESS), ST(COMMON),
               M(RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE)),
    TRANSITION("compute list: render target", COMPUTE, 0, RES_TEXTURE, 0, ST(COMMON), ST(RENDER_TARGET),
               M(RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE)),
    TRANSITION("compute list: pixel shader resource", COMPUTE, 0, RES_TEXTURE, 0, ST(UNORDERED_ACCESS),
               ST(NON_PIXEL_SHADER_RESOURCE) | ST(PIXEL_SHADER_RESOURCE),
               M(RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE)),
    TRANSITION("direct list: video state", DIRECT, 0, RES_TEXTURE, 0, ST(COMMON), ST(VIDEO_DECODE_READ),
               M(RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE)),
    UAV("copy list: UAV barrier", COPY, 0, RES_NONE, M(RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE)),
};

static void fill_legacy(const struct bar_ctx *c, const struct legacy_case *l, D3D12_RESOURCE_BARRIER *barrier)
{
    memset(barrier, 0, sizeof(*barrier));
    barrier->Type = l->type;
    barrier->Flags = l->flags;
    switch (l->type)
    {
        case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION:
            barrier->Transition.pResource = bar_resource(c, l->resource);
            barrier->Transition.Subresource = l->subresource;
            barrier->Transition.StateBefore = l->before;
            barrier->Transition.StateAfter = l->after;
            break;
        case D3D12_RESOURCE_BARRIER_TYPE_ALIASING:
            barrier->Aliasing.pResourceBefore = bar_resource(c, l->resource);
            barrier->Aliasing.pResourceAfter = bar_resource(c, l->after_resource);
            break;
        default:
            barrier->UAV.pResource = bar_resource(c, l->resource);
            break;
    }
}

static void run_legacy_case(int index, bool debug, bool hide_enhanced_barriers)
{
    const struct legacy_case *l = &legacy_cases[index];
    D3D12_RESOURCE_BARRIER barriers[2];
    struct async_message message;
    struct bar_ctx c;

    bar_init(&c, l->list, debug, hide_enhanced_barriers);
    /* A valid barrier first: the call reaches the driver with neither. */
    memset(&barriers[0], 0, sizeof(barriers[0]));
    barriers[0].Type = D3D12_RESOURCE_BARRIER_TYPE_ALIASING;
    fill_legacy(&c, l, &barriers[1]);
    ID3D12GraphicsCommandList_ResourceBarrier(c.t.list, 2, barriers);
    ck_assert_msg(!ddi_spy_count(c.spy, "Barrier") && !ddi_spy_count(c.spy, "ResourceBarrier"),
                  "%s: a barrier reached the driver", l->name);
    ck_assert_msg(ID3D12GraphicsCommandList_Close(c.t.list) == E_INVALIDARG, "%s: Close did not fail", l->name);
    if (debug)
    {
        check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, l->id, &message);
        ck_assert_msg(strstr(message.text, "ResourceBarrier: barrier 1: "), "%s: %s", l->name, message.text);
    }
    bar_destroy(&c);
}

START_TEST(test_legacy_case)
{
    run_legacy_case(_i, false, false);
}
END_TEST

START_TEST(test_legacy_case_debug)
{
    run_legacy_case(_i, true, false);
}
END_TEST

/* Validation comes before the choice of path: the legacy-only driver is protected too. */
START_TEST(test_legacy_case_legacy_driver)
{
    run_legacy_case(_i, false, true);
}
END_TEST

START_TEST(test_legacy_null_array)
{
    struct bar_ctx c;

    bar_init(&c, DIRECT, true, false);
    ID3D12GraphicsCommandList_ResourceBarrier(c.t.list, 1, NULL);
    check_close(c.t.list, E_INVALIDARG);
    check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(RESOURCE_BARRIER_NULL_POINTER), NULL);
    bar_destroy(&c);
}
END_TEST

/* ---- Legacy translation as the driver receives it ------------------------------------------ */

START_TEST(test_translation_copy_list)
{
    D3D12_RESOURCE_BARRIER barrier;
    int before, after;
    struct bar_ctx c;

    bar_init(&c, COPY, false, false);
    /* Copy queues hold textures in COMMON: the state change is an access change only. */
    transition_resource(&c.t, c.texture, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    spy_last_layouts(c.spy, &before, &after);
    ck_assert_int_eq(before, D3D12_BARRIER_LAYOUT_COMMON);
    ck_assert_int_eq(after, D3D12_BARRIER_LAYOUT_COMMON);
    transition_resource(&c.t, c.texture, ALL_SUBS, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
    spy_last_layouts(c.spy, &before, &after);
    ck_assert_int_eq(before, D3D12_BARRIER_LAYOUT_COMMON);
    ck_assert_int_eq(after, D3D12_BARRIER_LAYOUT_COMMON);
    transition_resource(&c.t, c.texture, 5, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COMMON);
    spy_last_layouts(c.spy, &before, &after);
    ck_assert_int_eq(before, D3D12_BARRIER_LAYOUT_COMMON);
    ck_assert_int_eq(after, D3D12_BARRIER_LAYOUT_COMMON);
    /* Split halves too. */
    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Flags = D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY;
    barrier.Transition.pResource = c.texture;
    barrier.Transition.Subresource = ALL_SUBS;
    barrier.Transition.StateBefore = D3D12_RESOURCE_STATE_COMMON;
    barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_DEST;
    ID3D12GraphicsCommandList_ResourceBarrier(c.t.list, 1, &barrier);
    spy_last_layouts(c.spy, &before, &after);
    ck_assert_int_eq(before, D3D12_BARRIER_LAYOUT_COMMON);
    ck_assert_int_eq(after, D3D12_BARRIER_LAYOUT_COMMON);
    /* Buffers and aliasing. */
    transition_resource(&c.t, c.buffer, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_ALIASING;
    ID3D12GraphicsCommandList_ResourceBarrier(c.t.list, 1, &barrier);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "Barrier"), 6);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "ResourceBarrier"), 0);
    check_close(c.t.list, S_OK);
    bar_destroy(&c);
}
END_TEST

START_TEST(test_translation_compute_list)
{
    D3D12_RESOURCE_BARRIER barrier;
    int before, after;
    struct bar_ctx c;

    bar_init(&c, COMPUTE, false, false);
    transition_resource(&c.t, c.texture, 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                        D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
    spy_last_layouts(c.spy, &before, &after);
    ck_assert_int_eq(before, D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS);
    ck_assert_int_eq(after, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE);
    transition_resource(&c.t, c.texture, 0, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
                        D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_COPY_SOURCE);
    spy_last_layouts(c.spy, &before, &after);
    ck_assert_int_eq(after, D3D12_BARRIER_LAYOUT_GENERIC_READ);
    transition_resource(&c.t, c.buffer, 0, D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER,
                        D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    barrier.UAV.pResource = c.texture;
    ID3D12GraphicsCommandList_ResourceBarrier(c.t.list, 1, &barrier);
    spy_last_layouts(c.spy, &before, &after);
    ck_assert_int_eq(before, D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS);
    ck_assert_int_eq(after, D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "Barrier"), 4);
    check_close(c.t.list, S_OK);
    bar_destroy(&c);
}
END_TEST

/* Every state a list type may name, translated for every resource kind, is something the
 * queue runs: layouts it holds, and scopes and accesses the enhanced rules accept there. */
START_TEST(test_translation_fits_queue)
{
    static const D3D12_COMMAND_LIST_TYPE types[] = {DIRECT, COMPUTE, COPY};
    static const D3D12_RESOURCE_STATES combos[] =
    {
        D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_GENERIC_READ, D3D12_RESOURCE_STATE_ALL_SHADER_RESOURCE,
        D3D12_RESOURCE_STATE_DEPTH_READ | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
        D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_COPY_SOURCE
        | D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT,
    };
    struct rt_resource *kinds[3], *resources[2] = {NULL, NULL};
    D3D12_RESOURCE_STATES states[32 + RT_ARRAY_SIZE(combos)];
    unsigned int t, k, i, j, count = 0, tried = 0;
    D3D12DDIARG_BARRIER_0124 out;
    D3D12_RESOURCE_BARRIER in;
    struct rt_barrier_error error;
    D3D12_GLOBAL_BARRIER values;
    struct bar_ctx c;

    bar_init(&c, DIRECT, false, false);
    kinds[0] = rt_resource_from_iface(c.texture);
    kinds[1] = rt_resource_from_iface(c.simultaneous);
    kinds[2] = rt_resource_from_iface(c.buffer);
    for (i = 0; i < 32; ++i)
        states[count++] = 1u << i;
    for (i = 0; i < RT_ARRAY_SIZE(combos); ++i)
        states[count++] = combos[i];

    memset(&in, 0, sizeof(in));
    in.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    in.Transition.Subresource = ALL_SUBS;
    for (t = 0; t < RT_ARRAY_SIZE(types); ++t)
    for (k = 0; k < RT_ARRAY_SIZE(kinds); ++k)
    for (i = 0; i < count; ++i)
    for (j = 0; j < count; ++j)
    {
        resources[0] = kinds[k];
        in.Transition.pResource = (ID3D12Resource *)&kinds[k]->ID3D12Resource_iface;
        in.Transition.StateBefore = states[i];
        in.Transition.StateAfter = states[j];
        if (!rt_barrier_validate_legacy(&in, types[t], resources, &error))
            continue;
        ++tried;
        rt_barrier_translate_legacy(&in, types[t], kinds[k], &out);
        if (out.Type == D3D12_BARRIER_TYPE_TEXTURE)
        {
            ck_assert_msg(rt_barrier_layout_allowed(out.Texture.LayoutBefore, types[t])
                          && rt_barrier_layout_allowed(out.Texture.LayoutAfter, types[t]),
                          "%#x -> %#x on a %u list: layouts %u -> %u", states[i], states[j], types[t],
                          out.Texture.LayoutBefore, out.Texture.LayoutAfter);
            values.SyncBefore = out.Texture.SyncBefore;
            values.SyncAfter = out.Texture.SyncAfter;
            values.AccessBefore = out.Texture.AccessBefore;
            values.AccessAfter = out.Texture.AccessAfter;
        }
        else
        {
            ck_assert_int_eq(out.Type, D3D12_BARRIER_TYPE_BUFFER);
            values.SyncBefore = out.Buffer.SyncBefore;
            values.SyncAfter = out.Buffer.SyncAfter;
            values.AccessBefore = out.Buffer.AccessBefore;
            values.AccessAfter = out.Buffer.AccessAfter;
        }
        ck_assert_msg(rt_barrier_validate_global(&values, types[t], &error), "%#x -> %#x on a %u list: %s",
                      states[i], states[j], types[t], error.why);
    }
    /* Copy lists: 3 states; compute and direct many more. */
    ck_assert_uint_gt(tried, 3 * 3 * 3);
    bar_destroy(&c);
}
END_TEST

START_TEST(test_queue_tables)
{
    D3D12_BARRIER_LAYOUT layout;
    unsigned int allowed = 0;

    for (layout = D3D12_BARRIER_LAYOUT_COMMON; layout <= D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON; ++layout)
        allowed += rt_barrier_layout_allowed(layout, COPY);
    ck_assert_uint_eq(allowed, 1);
    ck_assert(rt_barrier_layout_allowed(D3D12_BARRIER_LAYOUT_UNDEFINED, COPY));
    ck_assert(!rt_barrier_layout_allowed(D3D12_BARRIER_LAYOUT_COPY_DEST, COPY));
    ck_assert(rt_barrier_layout_allowed(D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COMMON, COMPUTE));
    ck_assert(!rt_barrier_layout_allowed(D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ, COMPUTE));
    ck_assert(!rt_barrier_layout_allowed(D3D12_BARRIER_LAYOUT_SHADING_RATE_SOURCE, COMPUTE));
    ck_assert(rt_barrier_layout_allowed(D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COPY_DEST, DIRECT));
    ck_assert(!rt_barrier_layout_allowed(D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON, DIRECT));
    ck_assert(!rt_barrier_layout_allowed((D3D12_BARRIER_LAYOUT)0x80000000u, DIRECT));
    ck_assert(!rt_barrier_layout_allowed(D3D12_BARRIER_LAYOUT_COMMON, D3D12_COMMAND_LIST_TYPE_BUNDLE));
    ck_assert_uint_eq(rt_barrier_queue_access(COPY), D3D12_BARRIER_ACCESS_COPY_DEST | D3D12_BARRIER_ACCESS_COPY_SOURCE);
    ck_assert_uint_eq(rt_barrier_queue_states(COPY), D3D12_RESOURCE_STATE_COPY_DEST | D3D12_RESOURCE_STATE_COPY_SOURCE);
    ck_assert(!(rt_barrier_queue_states(COMPUTE) & D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE));
}
END_TEST

START_TEST(test_scopes)
{
    struct rt_barrier_error error;

    /* Aggregates stand for their parts. */
    ck_assert(rt_barrier_check_scopes(D3D12_BARRIER_SYNC_NON_PIXEL_SHADING, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
                                      "After", &error));
    ck_assert(rt_barrier_check_scopes(D3D12_BARRIER_SYNC_DRAW, D3D12_BARRIER_ACCESS_RENDER_TARGET
                                      | D3D12_BARRIER_ACCESS_INDEX_BUFFER, "After", &error));
    ck_assert(rt_barrier_check_scopes(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_ACCESS_RESOLVE_DEST, "After", &error));
    ck_assert(rt_barrier_check_scopes(D3D12_BARRIER_SYNC_SPLIT, D3D12_BARRIER_ACCESS_COPY_DEST, "After", &error));
    ck_assert(rt_barrier_check_scopes(D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COMMON, "After", &error));
    ck_assert(!rt_barrier_check_scopes(D3D12_BARRIER_SYNC_DRAW, D3D12_BARRIER_ACCESS_COPY_DEST, "Before", &error));
    ck_assert_int_eq(error.id, D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_SYNC);
    ck_assert_ptr_nonnull(strstr(error.why, "AccessBefore bit 0x400"));
    ck_assert(!rt_barrier_check_scopes(D3D12_BARRIER_SYNC_NON_PIXEL_SHADING, D3D12_BARRIER_ACCESS_SHADING_RATE_SOURCE,
                                       "After", &error));
}
END_TEST

/* ---- A driver without Enhanced Barriers ---------------------------------------------------- */

START_TEST(test_legacy_driver)
{
    D3D12_GLOBAL_BARRIER global = {0};
    D3D12_BARRIER_GROUP group;
    struct bar_ctx c;

    bar_init(&c, COPY, true, true);
    /* The states as the application gave them, on every list type. */
    transition_resource(&c.t, c.texture, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    transition_resource(&c.t, c.buffer, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "ResourceBarrier"), 2);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "Barrier"), 0);
    check_close(c.t.list, S_OK);
    bar_reset(&c);

    /* D3D12 refuses Barrier on such a device. */
    global.SyncBefore = global.SyncAfter = D3D12_BARRIER_SYNC_ALL;
    group.Type = D3D12_BARRIER_TYPE_GLOBAL;
    group.NumBarriers = 1;
    group.pGlobalBarriers = &global;
    ID3D12GraphicsCommandList7_Barrier(c.list7, 1, &group);
    check_close(c.t.list, E_INVALIDARG);
    check_message(c.t.device, D3D12_MESSAGE_SEVERITY_ERROR, M(ENHANCED_BARRIERS_NOT_SUPPORTED), NULL);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "Barrier"), 0);
    bar_destroy(&c);
}
END_TEST

Suite *barrier_suite(void)
{
    Suite *suite = suite_create("barrier");
    TCase *tc;

    tc = tcase_create("enhanced");
    tcase_add_loop_test(tc, test_enhanced_case, 0, RT_ARRAY_SIZE(enhanced_cases));
    tcase_add_loop_test(tc, test_enhanced_case_debug, 0, RT_ARRAY_SIZE(enhanced_cases));
    tcase_add_test(tc, test_groups);
    tcase_add_test(tc, test_not_on_bundles);
    suite_add_tcase(suite, tc);

    tc = tcase_create("legacy");
    tcase_add_loop_test(tc, test_legacy_case, 0, RT_ARRAY_SIZE(legacy_cases));
    tcase_add_loop_test(tc, test_legacy_case_debug, 0, RT_ARRAY_SIZE(legacy_cases));
    tcase_add_loop_test(tc, test_legacy_case_legacy_driver, 0, RT_ARRAY_SIZE(legacy_cases));
    tcase_add_test(tc, test_legacy_null_array);
    tcase_add_test(tc, test_legacy_driver);
    suite_add_tcase(suite, tc);

    tc = tcase_create("debug");
    tcase_add_loop_test(tc, test_debug_reports, 0, 2);
    tcase_add_test(tc, test_render_pass_reports);
    suite_add_tcase(suite, tc);

    tc = tcase_create("translation");
    tcase_add_test(tc, test_translation_copy_list);
    tcase_add_test(tc, test_translation_compute_list);
    tcase_add_test(tc, test_translation_fits_queue);
    tcase_add_test(tc, test_queue_tables);
    tcase_add_test(tc, test_scopes);
    suite_add_tcase(suite, tc);

    return suite;
}

TEST_MAIN(barrier_suite())
