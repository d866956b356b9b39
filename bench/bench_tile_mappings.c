/*
 * ExecuteTileMappings against UpdateTileMappings (issue 20): mappings per second for 1 to
 * 1,000,000 tiles, in three shapes (linear ranges, boxes, a tile list), each done both
 * ways on one device in one run, and their ratio. The tokens and the legacy arrays are
 * built before the clock starts (an application prepares both); a sample is the call and
 * its completion (a fence signalled after it, waited on the CPU).
 *
 *   build/bench/bench_tile_mappings [max-tiles] [reps] [shape]   (default 1000000, 7, all)
 */
#include "bench_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TILE 65536u
#define POOL_TILES 1024u          /* a 64 MiB pool; linear ranges restart in it */
#define BOX_TILES 128u            /* a 16384x16384 RGBA8 slice is 128x128 tiles */

enum shape {SHAPE_LINEAR, SHAPE_BOX, SHAPE_LIST, SHAPE_COUNT};
static const char *const shape_names[SHAPE_COUNT] = {"linear", "box", "tile-list"};

struct bench_tm
{
    struct bench_context ctx;
    ID3D12Device16 *device;
    ID3D12TileMappingQueue *queue;
    ID3D12Heap *pool, *legacy_pool;
    ID3D12Fence *fence;
    UINT64 fence_value;
};

static ID3D12Heap *bench_pool(ID3D12Device *device, D3D12_HEAP_FLAGS flags)
{
    D3D12_HEAP_DESC desc = {.SizeInBytes = (UINT64)POOL_TILES * TILE, .Properties = {.Type = D3D12_HEAP_TYPE_DEFAULT},
            .Flags = flags};
    ID3D12Heap *heap;

    bench_check_hr(ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, (void **)&heap), "CreateHeap");
    return heap;
}

/* A reserved buffer of `tiles` tiles, or (box) a 16384x16384 array of enough slices. */
static ID3D12Resource *bench_reserved(ID3D12Device *device, enum shape shape, UINT tiles, bool eligible)
{
    D3D12_RESOURCE_DESC desc = {0};
    ID3D12Resource *resource;

    desc.SampleDesc.Count = 1;
    desc.MipLevels = 1;
    desc.DepthOrArraySize = 1;
    desc.Flags = eligible ? D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS : D3D12_RESOURCE_FLAG_NONE;
    if (shape == SHAPE_BOX)
    {
        desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
        desc.Width = desc.Height = BOX_TILES * 128;
        desc.DepthOrArraySize = (UINT16)((tiles + BOX_TILES * BOX_TILES - 1) / (BOX_TILES * BOX_TILES));
        desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        desc.Layout = D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE;
    }
    else
    {
        desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
        desc.Width = (UINT64)tiles * TILE;
        desc.Height = 1;
        desc.Format = DXGI_FORMAT_UNKNOWN;
        desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    }
    bench_check_hr(ID3D12Device_CreateReservedResource(device, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), "CreateReservedResource");
    return resource;
}

/* The box shape as boxes of at most a pool's tiles: rows of 128 tiles, 8 rows a box,
 * slice after slice, then one box of the last row's tiles; exactly `tiles` tiles.
 * Freed by the caller. */
struct box_piece
{
    UINT slice, x, y, w, h;
};

#define BOX_ROWS (POOL_TILES / BOX_TILES)

static struct box_piece *box_pieces(UINT tiles, UINT *count)
{
    UINT rows = tiles / BOX_TILES, rest = tiles % BOX_TILES, n = 0, row = 0, h;
    struct box_piece *pieces = calloc(rows / BOX_ROWS + 2, sizeof(*pieces));

    if (!pieces)
        bench_fail("out of memory");
    while (row < rows)
    {
        h = rows - row < BOX_ROWS ? rows - row : BOX_ROWS;
        /* A box stays in its slice. */
        if (row % BOX_TILES + h > BOX_TILES)
            h = BOX_TILES - row % BOX_TILES;
        pieces[n++] = (struct box_piece){row / BOX_TILES, 0, row % BOX_TILES, BOX_TILES, h};
        row += h;
    }
    if (rest)
        pieces[n++] = (struct box_piece){rows / BOX_TILES, 0, rows % BOX_TILES, rest, 1};
    *count = n;
    return pieces;
}

/* The tokens of one shape, in an UPLOAD buffer; *dwords their length. */
static ID3D12Resource *build_tokens(struct bench_tm *b, enum shape shape, UINT tiles, UINT *dwords,
                                    ID3D12Resource **tile_list)
{
    struct box_piece *pieces = NULL;
    UINT count = shape == SHAPE_LINEAR ? (tiles + POOL_TILES - 1) / POOL_TILES : 1, i, n;
    ID3D12Resource *buffer;
    uint32_t *t, *list;

    if (shape == SHAPE_BOX)
        pieces = box_pieces(tiles, &count);
    buffer = bench_create_buffer(b->ctx.device, D3D12_HEAP_TYPE_UPLOAD, (UINT64)count * 32,
            D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_GENERIC_READ);
    bench_check_hr(ID3D12Resource_Map(buffer, 0, NULL, (void **)&t), "Map");
    *tile_list = NULL;
    for (i = 0; i < count; ++i, t += 8)
    {
        memset(t, 0, 32);
        if (shape == SHAPE_LINEAR)
        {
            n = tiles - i * POOL_TILES < POOL_TILES ? tiles - i * POOL_TILES : POOL_TILES;
            t[0] = D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPE_LINEAR_MAPPING;
            t[2] = i * POOL_TILES;
            t[3] = n;
        }
        else if (shape == SHAPE_BOX)
        {
            t[0] = D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPE_BOX_MAPPING | pieces[i].slice << 16;
            t[1] = 0;
            t[2] = pieces[i].x | pieces[i].y << 16;
            t[3] = pieces[i].w << 16;
            t[4] = pieces[i].h | 1u << 16;
        }
        else
        {
            t[0] = D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPE_LINEAR_MAPPING
                    | D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_TILE_INDEX_LIST << 8;
            t[3] = tiles;
        }
    }
    ID3D12Resource_Unmap(buffer, 0, NULL);
    free(pieces);
    if (shape == SHAPE_LIST)
    {
        *tile_list = bench_create_buffer(b->ctx.device, D3D12_HEAP_TYPE_UPLOAD, (UINT64)tiles * 4,
                D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_GENERIC_READ);
        bench_check_hr(ID3D12Resource_Map(*tile_list, 0, NULL, (void **)&list), "Map");
        for (i = 0; i < tiles; ++i)
            list[i] = (i * 7919u) % POOL_TILES;
        ID3D12Resource_Unmap(*tile_list, 0, NULL);
    }
    *dwords = count * 8;
    return buffer;
}

/* The same mappings as UpdateTileMappings arrays. */
struct legacy_call
{
    UINT regions, ranges;
    D3D12_TILED_RESOURCE_COORDINATE *starts;
    D3D12_TILE_REGION_SIZE *sizes;
    UINT *offsets, *counts;
};

static void build_legacy(enum shape shape, UINT tiles, struct legacy_call *c)
{
    struct box_piece *pieces;
    UINT i;

    memset(c, 0, sizeof(*c));
    if (shape == SHAPE_BOX)
    {
        pieces = box_pieces(tiles, &c->regions);
        c->ranges = c->regions;
        c->starts = calloc(c->regions, sizeof(*c->starts));
        c->sizes = calloc(c->regions, sizeof(*c->sizes));
        c->offsets = calloc(c->ranges, sizeof(*c->offsets));
        c->counts = calloc(c->ranges, sizeof(*c->counts));
        for (i = 0; i < c->regions; ++i)
        {
            c->starts[i] = (D3D12_TILED_RESOURCE_COORDINATE){pieces[i].x, pieces[i].y, 0, pieces[i].slice};
            c->sizes[i] = (D3D12_TILE_REGION_SIZE){pieces[i].w * pieces[i].h, TRUE, pieces[i].w, pieces[i].h, 1};
            c->counts[i] = pieces[i].w * pieces[i].h;
        }
        free(pieces);
        return;
    }
    c->regions = 1;
    c->starts = calloc(1, sizeof(*c->starts));
    c->sizes = calloc(1, sizeof(*c->sizes));
    c->sizes[0].NumTiles = tiles;
    c->ranges = shape == SHAPE_LINEAR ? (tiles + POOL_TILES - 1) / POOL_TILES : tiles;
    c->offsets = calloc(c->ranges, sizeof(*c->offsets));
    c->counts = calloc(c->ranges, sizeof(*c->counts));
    for (i = 0; i < c->ranges; ++i)
    {
        if (shape == SHAPE_LINEAR)
            c->counts[i] = tiles - i * POOL_TILES < POOL_TILES ? tiles - i * POOL_TILES : POOL_TILES;
        else
            c->offsets[i] = (i * 7919u) % POOL_TILES, c->counts[i] = 1;
    }
}

static void free_legacy(struct legacy_call *c)
{
    free(c->starts);
    free(c->sizes);
    free(c->offsets);
    free(c->counts);
}

static void wait_tile_queue(struct bench_tm *b)
{
    bench_check_hr(ID3D12TileMappingQueue_Signal(b->queue, b->fence, ++b->fence_value), "Signal");
    bench_check_hr(ID3D12Fence_SetEventOnCompletion(b->fence, b->fence_value, NULL), "SetEventOnCompletion");
}

static void wait_direct_queue(struct bench_tm *b)
{
    bench_check_hr(ID3D12CommandQueue_Signal(b->ctx.queue, b->fence, ++b->fence_value), "Signal");
    bench_check_hr(ID3D12Fence_SetEventOnCompletion(b->fence, b->fence_value, NULL), "SetEventOnCompletion");
}

/* Median milliseconds of one call and its completion, each way. */
static void measure(struct bench_tm *b, enum shape shape, UINT tiles, unsigned int reps, double *etm, double *legacy)
{
    ID3D12Resource *eligible = bench_reserved(b->ctx.device, shape, tiles, true);
    ID3D12Resource *plain = bench_reserved(b->ctx.device, shape, tiles, false);
    double *etm_ms = calloc(reps, sizeof(double)), *legacy_ms = calloc(reps, sizeof(double)), start;
    ID3D12Resource *tokens, *tile_list;
    struct legacy_call call;
    UINT index = 0, dwords;
    unsigned int r;

    bench_check_hr(ID3D12Device16_RegisterResourceLayouts(b->device, 0, 1, &eligible, &index), "Register");
    tokens = build_tokens(b, shape, tiles, &dwords, &tile_list);
    build_legacy(shape, tiles, &call);
    for (r = 0; r < reps; ++r)
    {
        start = bench_now_ms();
        ID3D12TileMappingQueue_ExecuteTileMappings(b->queue, dwords, tokens, 0, NULL, 0, tile_list, 0,
                D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
        wait_tile_queue(b);
        etm_ms[r] = bench_now_ms() - start;

        start = bench_now_ms();
        ID3D12CommandQueue_UpdateTileMappings(b->ctx.queue, plain, call.regions, call.starts, call.sizes,
                b->legacy_pool, call.ranges, NULL, call.offsets, call.counts, D3D12_TILE_MAPPING_FLAG_NONE);
        wait_direct_queue(b);
        legacy_ms[r] = bench_now_ms() - start;
    }
    if (ID3D12Device_GetDeviceRemovedReason(b->ctx.device) != S_OK)
        bench_fail("%s, %u tiles: the device was removed", shape_names[shape], tiles);
    *etm = bench_median(etm_ms, reps);
    *legacy = bench_median(legacy_ms, reps);
    bench_check_hr(ID3D12Device16_UnregisterResourceLayouts(b->device, 0, 1, &eligible), "Unregister");
    free_legacy(&call);
    free(etm_ms);
    free(legacy_ms);
    if (tile_list)
        ID3D12Resource_Release(tile_list);
    ID3D12Resource_Release(tokens);
    ID3D12Resource_Release(plain);
    ID3D12Resource_Release(eligible);
}

int main(int argc, char **argv)
{
    UINT max_tiles = argc > 1 ? (UINT)strtoul(argv[1], NULL, 0) : 1000000u, tiles, index = 0;
    unsigned int reps = argc > 2 ? (unsigned int)strtoul(argv[2], NULL, 0) : 7;
    const char *only = argc > 3 ? argv[3] : NULL;
    struct bench_context_desc desc = {.name = "native"};
    double etm, legacy;
    struct bench_tm b;
    enum shape shape;

    bench_init("bench_tile_mappings");
    if (!max_tiles || !reps)
        bench_fail("usage: bench_tile_mappings [max-tiles] [reps] [linear|box|tile-list]");
    memset(&b, 0, sizeof(b));
    bench_context_create(&b.ctx, &desc);
    bench_check_hr(ID3D12Device_QueryInterface(b.ctx.device, &IID_ID3D12Device16, (void **)&b.device), "Device16");
    bench_check_hr(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(b.device, 0, 1, 1), "Initialize");
    bench_check_hr(ID3D12Device16_GetTileMappingQueue(b.device, 0, &IID_ID3D12TileMappingQueue, (void **)&b.queue),
            "GetTileMappingQueue");
    bench_check_hr(ID3D12Device_CreateFence(b.ctx.device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&b.fence), "CreateFence");
    b.pool = bench_pool(b.ctx.device, D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS);
    b.legacy_pool = bench_pool(b.ctx.device, D3D12_HEAP_FLAG_NONE);
    bench_check_hr(ID3D12Device16_RegisterHeapLayouts(b.device, 0, 1, &b.pool, &index), "RegisterHeapLayouts");

    printf("%-10s %9s %12s %12s %14s %14s %9s\n", "shape", "tiles", "etm ms", "update ms", "etm tiles/s",
           "update tiles/s", "etm/upd");
    for (shape = 0; shape < SHAPE_COUNT; ++shape)
    {
        /* One shape alone, for profiling its two paths. */
        if (only && strcmp(only, shape_names[shape]))
            continue;
        for (tiles = 1; tiles <= max_tiles; tiles *= 10)
        {
            measure(&b, shape, tiles, reps, &etm, &legacy);
            /* The ratio is throughput: above 1, ExecuteTileMappings maps more tiles a second. */
            printf("%-10s %9u %12.3f %12.3f %14.0f %14.0f %9.2f\n", shape_names[shape], tiles, etm, legacy,
                   tiles / (etm / 1000.0), tiles / (legacy / 1000.0), legacy / etm);
            fflush(stdout);
        }
    }
    ID3D12Heap_Release(b.legacy_pool);
    ID3D12Heap_Release(b.pool);
    ID3D12Fence_Release(b.fence);
    ID3D12TileMappingQueue_Release(b.queue);
    ID3D12Device16_Release(b.device);
    bench_context_destroy(&b.ctx);
    return 0;
}
