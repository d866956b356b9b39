/*
 * Tiled Resources Tier 5 through the API (seed 001; the rules as specs/api.md
 * "ExecuteTileMappings" writes them down): the feature query, layout-table
 * initialisation, registration and unregistration, the tile mapping queue, every token
 * and mapping type read back twice (the reserved buffer's bytes copied out on a direct
 * queue, and QueryRegisteredReservedResourceMappings), the error codes with their exact
 * messages, count buffers, tokens a compute shader writes, fence ordering, the spy's
 * view of what reaches the driver, and a device below tier 5.
 */
#include "test_tiled_util.h"
#include "test_async.h"
#include "test_compute_util.h"
#include "test_run.h"
#include "rt_adapter.h"
#include "rt_resource.h"
#include "ddi_spy.h"

#include <stdio.h>
#include <stdlib.h>

#define POOL_TILES 8u
#define TILE_DWORDS (TILE_SIZE / 4u)
#define MAX_POOLS 4096u
#define MAX_RESOURCES 65536u

struct tm_context
{
    struct test_context t;
    ID3D12Device16 *device;
    ID3D12TileMappingQueue *queue;
    ID3D12CommandQueue2 *queue2;
    ID3D12Fence *fence;
    UINT64 fence_value;
};

static ID3D12Device16 *device16(ID3D12Device *device)
{
    ID3D12Device16 *out;

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device16, (void **)&out), S_OK);
    ID3D12Device16_Release(out);
    return out;
}

/* A device with initialised tables (4 pools, 4 resources) and its tile mapping queue. */
static void tm_init(struct tm_context *c)
{
    memset(c, 0, sizeof(*c));
    test_context_init(&c->t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    c->device = device16(c->t.device);
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(c->device, 0, 4, 4), S_OK);
    ck_assert_int_eq(ID3D12Device16_GetTileMappingQueue(c->device, 0, &IID_ID3D12TileMappingQueue,
            (void **)&c->queue), S_OK);
    ck_assert_int_eq(ID3D12CommandQueue_QueryInterface(c->t.queue, &IID_ID3D12CommandQueue2, (void **)&c->queue2),
            S_OK);
    ck_assert_int_eq(ID3D12Device_CreateFence(c->t.device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&c->fence), S_OK);
}

static void tm_destroy(struct tm_context *c)
{
    ID3D12Fence_Release(c->fence);
    ID3D12CommandQueue2_Release(c->queue2);
    ID3D12TileMappingQueue_Release(c->queue);
    test_context_destroy(&c->t);
}

static ID3D12Heap *eligible_heap(ID3D12Device *device, UINT tiles)
{
    D3D12_HEAP_DESC desc;
    ID3D12Heap *heap;

    memset(&desc, 0, sizeof(desc));
    desc.SizeInBytes = (UINT64)tiles * TILE_SIZE;
    desc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    desc.Flags = D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    ck_assert_int_eq(ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, (void **)&heap), S_OK);
    return heap;
}

static D3D12_RESOURCE_DESC eligible_buffer_desc(UINT tiles)
{
    D3D12_RESOURCE_DESC desc = test_buffer_desc((UINT64)tiles * TILE_SIZE);

    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    return desc;
}

static ID3D12Resource *eligible_buffer(ID3D12Device *device, UINT tiles)
{
    D3D12_RESOURCE_DESC desc = eligible_buffer_desc(tiles);

    return create_reserved(device, &desc);
}

/* Every DWORD of pool tile t holds marker(t). */
static uint32_t marker(UINT tile)
{
    return 0xa5000000u | (tile + 1);
}

static void fill_pool(struct test_context *t, ID3D12Heap *heap, UINT tiles)
{
    ID3D12Resource *view = create_pool_view(t->device, heap, tiles);
    uint32_t *data = xmalloc((size_t)tiles * TILE_SIZE);
    size_t i;

    for (i = 0; i < (size_t)tiles * TILE_DWORDS; ++i)
        data[i] = marker((UINT)(i / TILE_DWORDS));
    upload_buffer_data(t, view, 0, data, (size_t)tiles * TILE_SIZE);
    free(data);
    ID3D12Resource_Release(view);
}

static void register_pool(struct tm_context *c, ID3D12Heap *heap, UINT index)
{
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c->device, 0, 1, &heap, &index), S_OK);
}

static void register_resource(struct tm_context *c, ID3D12Resource *resource, UINT index)
{
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c->device, 0, 1, &resource, &index), S_OK);
}

/* A linear token; a box token. */
static void linear_token(uint32_t *t, UINT mapping, UINT sub, UINT pool_base, UINT sub_base, UINT count, UINT pool,
                         UINT resource, UINT list)
{
    t[0] = D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPE_LINEAR_MAPPING | mapping << 8 | sub << 16;
    t[1] = pool_base;
    t[2] = sub_base;
    t[3] = count;
    t[4] = 0;
    t[5] = pool;
    t[6] = resource;
    t[7] = list;
}

static void box_token(uint32_t *t, UINT mapping, UINT sub, UINT pool_base, UINT16 x, UINT16 y, UINT16 z, UINT16 w,
                      UINT16 h, UINT16 d, UINT pool, UINT resource, UINT list)
{
    t[0] = D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPE_BOX_MAPPING | mapping << 8 | sub << 16;
    t[1] = pool_base;
    t[2] = x | (uint32_t)y << 16;
    t[3] = z | (uint32_t)w << 16;
    t[4] = h | (uint32_t)d << 16;
    t[5] = pool;
    t[6] = resource;
    t[7] = list;
}

/* An UPLOAD buffer holding `dwords` DWORDs after `offset` bytes of 0xcc. */
static ID3D12Resource *upload_dwords(ID3D12Device *device, UINT64 offset, const uint32_t *dwords, size_t count)
{
    ID3D12Resource *buffer = create_buffer(device, D3D12_HEAP_TYPE_UPLOAD, offset + count * 4 + 4,
            D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_GENERIC_READ);
    void *data;

    ck_assert_int_eq(ID3D12Resource_Map(buffer, 0, NULL, &data), S_OK);
    memset(data, 0xcc, offset);
    memcpy((char *)data + offset, dwords, count * 4);
    memset((char *)data + offset + count * 4, 0, 4);
    ID3D12Resource_Unmap(buffer, 0, NULL);
    return buffer;
}

/* Signals the tile mapping queue and waits on the CPU: the mappings are in. */
static void tm_wait(struct tm_context *c)
{
    ck_assert_int_eq(ID3D12TileMappingQueue_Signal(c->queue, c->fence, ++c->fence_value), S_OK);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(c->fence, c->fence_value, NULL), S_OK);
}

static void execute(struct tm_context *c, const uint32_t *tokens, UINT dwords, ID3D12Resource *tile_list)
{
    ID3D12Resource *arguments = upload_dwords(c->t.device, 16, tokens, dwords);

    ID3D12TileMappingQueue_ExecuteTileMappings(c->queue, dwords, arguments, 16, NULL, 0, tile_list, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    tm_wait(c);
    ID3D12Resource_Release(arguments);
}

/* Tile k of the reserved buffer, read through a copy on the direct queue: its first and
 * last DWORD both `expected` (a pool marker, or 0 for an unmapped tile). */
static void check_tiles(struct tm_context *c, ID3D12Resource *buffer, UINT tiles, const uint32_t *expected)
{
    uint32_t *data = xmalloc((size_t)tiles * TILE_SIZE);
    UINT k;

    read_buffer(&c->t, buffer, (size_t)tiles * TILE_SIZE, data);
    for (k = 0; k < tiles; ++k)
    {
        ck_assert_msg(data[k * TILE_DWORDS] == expected[k] && data[(k + 1) * TILE_DWORDS - 1] == expected[k],
                "tile %u: %#x, expected %#x", k, data[k * TILE_DWORDS], expected[k]);
    }
    free(data);
}

/* The same through the mapping query: pool index and tile, or NOT_MAPPED twice. */
static void check_query(struct tm_context *c, ID3D12Resource *reserved, UINT64 start, UINT count,
                        const D3D12_QUERIED_RESOURCE_MAPPING *expected)
{
    ID3D12Resource *output = create_buffer(c->t.device, D3D12_HEAP_TYPE_READBACK, 8 + count * 8ull,
            D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COPY_DEST);
    D3D12_QUERIED_RESOURCE_MAPPING *got;
    void *data;
    UINT i;

    ck_assert_int_eq(ID3D12CommandQueue2_QueryRegisteredReservedResourceMappings(c->queue2, reserved, start, count,
            8, output), S_OK);
    ck_assert_int_eq(ID3D12Resource_Map(output, 0, NULL, &data), S_OK);
    got = (D3D12_QUERIED_RESOURCE_MAPPING *)((char *)data + 8);
    for (i = 0; i < count; ++i)
    {
        ck_assert_msg(got[i].TilePoolLayoutIndex == expected[i].TilePoolLayoutIndex
                && got[i].TilePoolOffsetInTiles == expected[i].TilePoolOffsetInTiles,
                "tile %u: %u/%u, expected %u/%u", i, got[i].TilePoolLayoutIndex, got[i].TilePoolOffsetInTiles,
                expected[i].TilePoolLayoutIndex, expected[i].TilePoolOffsetInTiles);
    }
    ID3D12Resource_Unmap(output, 0, NULL);
    ID3D12Resource_Release(output);
}

static const D3D12_QUERIED_RESOURCE_MAPPING unmapped = {D3D12_TILE_NOT_MAPPED, D3D12_TILE_NOT_MAPPED};

/* One expected EXECUTETILEMAPPINGS_EXECUTION_ERROR. */
struct tm_error_case
{
    UINT code;
    const char *name;
    UINT offset;              /* bytes from ArgumentBufferOffset */
};


/* ---- The feature query ---------------------------------------------------------------------- */

START_TEST(test_feature_per_node)
{
    D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS data;
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    struct tm_context c;
    unsigned int i;

    tm_init(&c);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(c.t.device, D3D12_FEATURE_D3D12_OPTIONS, &options,
            sizeof(options)), S_OK);
    ck_assert_int_eq(options.TiledResourcesTier, D3D12_TILED_RESOURCES_TIER_5);
    /* The same maximums before and after the tables exist, every time. */
    for (i = 0; i < 3; ++i)
    {
        memset(&data, 0xcc, sizeof(data));
        data.NodeIndex = 0;
        ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(c.t.device, D3D12_FEATURE_EXECUTE_TILE_MAPPINGS, &data,
                sizeof(data)), S_OK);
        ck_assert_uint_eq(data.NodeIndex, 0);
        ck_assert_uint_eq(data.MaxTilePoolLayoutIndexCount, MAX_POOLS);
        ck_assert_uint_eq(data.MaxResourceLayoutIndexCount, MAX_RESOURCES);
    }
    /* NodeIndex must be below GetNodeCount (1). */
    data.NodeIndex = 1;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(c.t.device, D3D12_FEATURE_EXECUTE_TILE_MAPPINGS, &data,
            sizeof(data)), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(c.t.device, D3D12_FEATURE_EXECUTE_TILE_MAPPINGS, &data,
            sizeof(data) - 1), E_INVALIDARG);
    tm_destroy(&c);
}
END_TEST

/* ---- Layout tables ---------------------------------------------------------------------------- */

START_TEST(test_initialize)
{
    ID3D12TileMappingQueue *queue = (ID3D12TileMappingQueue *)(uintptr_t)1;
    struct test_context t;
    ID3D12Device16 *device;
    ID3D12Resource *buffer;
    ID3D12Heap *heap;
    UINT index = 0;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    device = device16(t.device);
    heap = eligible_heap(t.device, 1);
    buffer = eligible_buffer(t.device, 1);
    /* Before initialisation: no queue, no registration. */
    ck_assert_int_eq(ID3D12Device16_GetTileMappingQueue(device, 0, &IID_ID3D12TileMappingQueue, (void **)&queue),
            DXGI_ERROR_INVALID_CALL);
    ck_assert_ptr_null(queue);
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(device, 0, 1, &heap, &index), DXGI_ERROR_INVALID_CALL);
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(device, 0, 1, &buffer, &index), DXGI_ERROR_INVALID_CALL);

    /* Counts from 1 to the maximums, on an existing node. */
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device, 0, 0, 4), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device, 0, 4, 0), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device, 0, MAX_POOLS + 1, 4),
            E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device, 0, 4, MAX_RESOURCES + 1),
            E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device, 1, 4, 4), E_INVALIDARG);
    /* After failed attempts a retry picks other counts; the first success fixes them. */
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device, 0, 2, 3), S_OK);
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device, 0, 2, 3),
            DXGI_ERROR_INVALID_CALL);
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device, 0, 4, 4),
            DXGI_ERROR_INVALID_CALL);
    /* Valid indices are 0 to count - 1. */
    index = 2;
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(device, 0, 1, &heap, &index), E_INVALIDARG);
    index = 1;
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(device, 0, 1, &heap, &index), S_OK);
    index = 3;
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(device, 0, 1, &buffer, &index), E_INVALIDARG);
    index = 2;
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(device, 0, 1, &buffer, &index), S_OK);
    ck_assert_int_eq(ID3D12Device16_GetTileMappingQueue(device, 1, &IID_ID3D12TileMappingQueue, (void **)&queue),
            E_INVALIDARG);
    ID3D12Resource_Release(buffer);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/* ---- Flags ------------------------------------------------------------------------------------ */

START_TEST(test_flags)
{
    D3D12_RESOURCE_DESC desc = eligible_buffer_desc(2);
    D3D12_HEAP_PROPERTIES properties = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    ID3D12Resource *resource = (ID3D12Resource *)(uintptr_t)1;
    D3D12_RESOURCE_DESC got;
    struct test_context t;
    ID3D12Heap *heap;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = eligible_heap(t.device, 2);
    resource = create_reserved(t.device, &desc);
    got = ID3D12Resource_GetDesc(resource);
    ck_assert_uint_eq(got.Flags, D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS);
    ID3D12Resource_Release(resource);
    /* The resource flag is for reserved resources only. */
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(t.device, &properties, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device_CreatePlacedResource(t.device, heap, 0, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    /* A committed resource's heap cannot be registered: it takes no heap flag of tier 5. */
    desc.Flags = D3D12_RESOURCE_FLAG_NONE;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(t.device, &properties,
            D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    /* The heap flag does not prevent placed resources. */
    ck_assert_int_eq(ID3D12Device_CreatePlacedResource(t.device, heap, 0, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/* GetCopyableFootprints takes the resource flag where resource creation does: the footprints
 * of a reserved texture with it are those without it (the flag changes no layout). */
START_TEST(test_footprints_with_flag)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 512, 256, 3, 2);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT with[6], without[6];
    UINT rows_with[6], rows_without[6];
    UINT64 total_with, total_without;
    struct test_context t;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    /* The same poison in both, so the structures' padding compares equal. */
    memset(without, 0xcc, sizeof(without));
    ID3D12Device_GetCopyableFootprints(t.device, &desc, 0, 6, 256, without, rows_without, NULL, &total_without);
    ck_assert_uint_ne(total_without, UINT64_MAX);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    memset(with, 0xcc, sizeof(with));
    ID3D12Device_GetCopyableFootprints(t.device, &desc, 0, 6, 256, with, rows_with, NULL, &total_with);
    ck_assert_uint_eq(total_with, total_without);
    ck_assert_mem_eq(with, without, sizeof(with));
    ck_assert_mem_eq(rows_with, rows_without, sizeof(rows_with));
    test_context_destroy(&t);
}
END_TEST

/* The flags reach the driver in their DDI fields (0x20000, 0x1000), the API bits out of the
 * API-typed ones: 0x1000 in the heap's Flags would read as CREATE_NOT_ZEROED. */
START_TEST(test_flags_translated)
{
    D3D12_RESOURCE_DESC desc = eligible_buffer_desc(1);
    struct ddi_spy_call call;
    ID3D12Resource *resource;
    struct test_context t;
    struct ddi_spy *spy;
    ID3D12Heap *heap;
    size_t index;

    ck_assert_ptr_nonnull(spy = ddi_spy_create(NULL, false));
    rt_testing_set_driver_spy(spy);
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = eligible_heap(t.device, 1);
    index = ddi_spy_find(spy, 0, "CreateHeapAndResource");
    while (ddi_spy_find(spy, index + 1, "CreateHeapAndResource") != (size_t)-1)
        index = ddi_spy_find(spy, index + 1, "CreateHeapAndResource");
    ck_assert(ddi_spy_get_call(spy, index, &call));
    ck_assert_msg(strstr(call.args, "HeapFlags=0x0, HeapFlags0124=0x1000"), "%s", call.args);
    resource = create_reserved(t.device, &desc);
    index = ddi_spy_find(spy, index + 1, "CreateHeapAndResource");
    ck_assert(ddi_spy_get_call(spy, index, &call));
    ck_assert_msg(strstr(call.args, "Kind=2") && strstr(call.args, "Flags=0x0, Flags0124=0x20000"), "%s", call.args);
    ID3D12Resource_Release(resource);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

/* ---- Registration ------------------------------------------------------------------------------- */

START_TEST(test_register_heaps)
{
    ID3D12Heap *plain, *heaps[3];
    UINT indices[3] = {0, 1, 2};
    D3D12_HEAP_DESC desc;
    struct tm_context c;

    tm_init(&c);
    heaps[0] = eligible_heap(c.t.device, 1);
    heaps[1] = eligible_heap(c.t.device, 1);
    heaps[2] = eligible_heap(c.t.device, 1);
    memset(&desc, 0, sizeof(desc));
    desc.SizeInBytes = TILE_SIZE;
    desc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    ck_assert_int_eq(ID3D12Device_CreateHeap(c.t.device, &desc, &IID_ID3D12Heap, (void **)&plain), S_OK);

    /* Empty calls succeed; NULL arrays with entries do not. */
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 0, NULL, NULL), S_OK);
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 1, NULL, indices), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 1, heaps, NULL), E_INVALIDARG);
    /* Atomic: a bad last entry (NULL, not eligible, index out of range, duplicate index,
     * duplicate heap) registers none of the good ones before it. */
    ID3D12Heap_Release(heaps[2]);
    heaps[2] = NULL;
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 3, heaps, indices), E_INVALIDARG);
    heaps[2] = plain;
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 3, heaps, indices), E_INVALIDARG);
    heaps[2] = eligible_heap(c.t.device, 1);
    indices[2] = 4;
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 3, heaps, indices), E_INVALIDARG);
    indices[2] = 0;
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 3, heaps, indices), E_INVALIDARG);
    indices[1] = 2;
    {
        ID3D12Heap *twice[2] = {heaps[0], heaps[0]};
        UINT two[2] = {0, 1};

        ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 2, twice, two), E_INVALIDARG);
    }
    /* Nothing stuck: every heap and index is still free. */
    indices[0] = 0;
    indices[1] = 1;
    indices[2] = 2;
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 3, heaps, indices), S_OK);
    /* Neither the index nor the heap can be registered again. */
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 1, &heaps[0], &indices[0]), E_INVALIDARG);
    indices[0] = 3;
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 1, &heaps[0], &indices[0]), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 1, 1, &heaps[0], &indices[0]), E_INVALIDARG);
    ID3D12Heap_Release(heaps[0]);
    ID3D12Heap_Release(heaps[1]);
    ID3D12Heap_Release(heaps[2]);
    ID3D12Heap_Release(plain);
    tm_destroy(&c);
}
END_TEST

START_TEST(test_register_resources)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 1, 1);
    ID3D12Resource *plain, *committed, *resources[2];
    UINT indices[2] = {0, 1};
    struct tm_context c;

    tm_init(&c);
    resources[0] = eligible_buffer(c.t.device, 1);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    resources[1] = create_reserved(c.t.device, &desc);
    desc.Flags = D3D12_RESOURCE_FLAG_NONE;
    plain = create_reserved(c.t.device, &desc);
    committed = create_buffer(c.t.device, D3D12_HEAP_TYPE_DEFAULT, TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COMMON);

    /* A reserved resource without the flag, a committed one, NULL: none is registered. */
    ID3D12Resource_Release(resources[1]);
    resources[1] = plain;
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c.device, 0, 2, resources, indices), E_INVALIDARG);
    resources[1] = committed;
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c.device, 0, 2, resources, indices), E_INVALIDARG);
    resources[1] = NULL;
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c.device, 0, 2, resources, indices), E_INVALIDARG);
    resources[1] = resources[0];
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c.device, 0, 2, resources, indices), E_INVALIDARG);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    resources[1] = create_reserved(c.t.device, &desc);
    indices[1] = 0;
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c.device, 0, 2, resources, indices), E_INVALIDARG);
    indices[1] = 4;
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c.device, 0, 2, resources, indices), E_INVALIDARG);
    indices[1] = 1;
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c.device, 0, 2, resources, indices), S_OK);
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c.device, 0, 1, &resources[0], &indices[1]),
            E_INVALIDARG);

    ID3D12Resource_Release(resources[0]);
    ID3D12Resource_Release(resources[1]);
    ID3D12Resource_Release(plain);
    ID3D12Resource_Release(committed);
    tm_destroy(&c);
}
END_TEST

START_TEST(test_unregister)
{
    ID3D12Resource *buffers[2], *plain;
    UINT indices[2] = {0, 1};
    ID3D12Heap *heaps[2];
    struct tm_context c;

    tm_init(&c);
    heaps[0] = eligible_heap(c.t.device, 1);
    heaps[1] = eligible_heap(c.t.device, 1);
    buffers[0] = eligible_buffer(c.t.device, 1);
    buffers[1] = eligible_buffer(c.t.device, 1);
    plain = create_buffer(c.t.device, D3D12_HEAP_TYPE_DEFAULT, TILE_SIZE, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COMMON);
    register_pool(&c, heaps[0], 0);
    register_resource(&c, buffers[0], 0);

    /* Null, duplicate, unregistered (and non-reserved) entries fail the whole call. */
    {
        ID3D12Heap *bad_heaps[2] = {heaps[0], NULL};
        ID3D12Resource *bad_resources[2] = {buffers[0], NULL};

        ck_assert_int_eq(ID3D12Device16_UnregisterHeapLayouts(c.device, 0, 2, bad_heaps), E_INVALIDARG);
        bad_heaps[1] = heaps[0];
        ck_assert_int_eq(ID3D12Device16_UnregisterHeapLayouts(c.device, 0, 2, bad_heaps), E_INVALIDARG);
        bad_heaps[1] = heaps[1];
        ck_assert_int_eq(ID3D12Device16_UnregisterHeapLayouts(c.device, 0, 2, bad_heaps), E_INVALIDARG);
        ck_assert_int_eq(ID3D12Device16_UnregisterResourceLayouts(c.device, 0, 2, bad_resources), E_INVALIDARG);
        bad_resources[1] = buffers[0];
        ck_assert_int_eq(ID3D12Device16_UnregisterResourceLayouts(c.device, 0, 2, bad_resources), E_INVALIDARG);
        bad_resources[1] = plain;
        ck_assert_int_eq(ID3D12Device16_UnregisterResourceLayouts(c.device, 0, 2, bad_resources), E_INVALIDARG);
        bad_resources[1] = buffers[1];
        ck_assert_int_eq(ID3D12Device16_UnregisterResourceLayouts(c.device, 0, 2, bad_resources), E_INVALIDARG);
    }
    /* Still registered: their indices stay taken. */
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(c.device, 0, 1, &heaps[1], &indices[0]), E_INVALIDARG);
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c.device, 0, 1, &buffers[1], &indices[0]), E_INVALIDARG);
    /* Unregistration frees the slot and releases nothing: both objects register again. */
    ck_assert_int_eq(ID3D12Device16_UnregisterHeapLayouts(c.device, 0, 1, &heaps[0]), S_OK);
    ck_assert_int_eq(ID3D12Device16_UnregisterResourceLayouts(c.device, 0, 1, &buffers[0]), S_OK);
    ck_assert_int_eq(ID3D12Device16_UnregisterHeapLayouts(c.device, 0, 1, &heaps[0]), E_INVALIDARG);
    register_pool(&c, heaps[1], 0);
    register_pool(&c, heaps[0], 1);
    register_resource(&c, buffers[1], 0);
    register_resource(&c, buffers[0], 1);

    ID3D12Heap_Release(heaps[0]);
    ID3D12Heap_Release(heaps[1]);
    ID3D12Resource_Release(buffers[0]);
    ID3D12Resource_Release(buffers[1]);
    ID3D12Resource_Release(plain);
    tm_destroy(&c);
}
END_TEST

/* Destroying a registered heap or resource unregisters it first: its index is free. */
START_TEST(test_destroy_unregisters)
{
    ID3D12Resource *buffer;
    struct tm_context c;
    ID3D12Heap *heap;

    tm_init(&c);
    heap = eligible_heap(c.t.device, 1);
    buffer = eligible_buffer(c.t.device, 1);
    register_pool(&c, heap, 3);
    register_resource(&c, buffer, 3);
    ID3D12Heap_Release(heap);
    ID3D12Resource_Release(buffer);
    heap = eligible_heap(c.t.device, 1);
    buffer = eligible_buffer(c.t.device, 1);
    register_pool(&c, heap, 3);
    register_resource(&c, buffer, 3);
    ID3D12Heap_Release(heap);
    ID3D12Resource_Release(buffer);
    tm_destroy(&c);
}
END_TEST

/* ---- The queue ------------------------------------------------------------------------------------ */

START_TEST(test_queue_object)
{
    static const GUID guid = {0x1234, 0x5678, 0x9abc, {1, 2, 3, 4, 5, 6, 7, 8}};
    ID3D12TileMappingQueue *again;
    UINT value = 42, size = sizeof(value);
    ID3D12Pageable *pageable;
    ID3D12Device *device;
    ID3D12CommandQueue *not_queue;
    struct tm_context c;

    tm_init(&c);
    /* One queue per adapter: every request answers the same object. */
    ck_assert_int_eq(ID3D12Device16_GetTileMappingQueue(c.device, 0, &IID_ID3D12TileMappingQueue, (void **)&again),
            S_OK);
    ck_assert_ptr_eq(again, c.queue);
    ID3D12TileMappingQueue_Release(again);
    ck_assert_int_eq(ID3D12TileMappingQueue_QueryInterface(c.queue, &IID_ID3D12Pageable, (void **)&pageable), S_OK);
    ck_assert_ptr_eq(pageable, (ID3D12Pageable *)c.queue);
    ID3D12Pageable_Release(pageable);
    ck_assert_int_eq(ID3D12TileMappingQueue_QueryInterface(c.queue, &IID_ID3D12CommandQueue, (void **)&not_queue),
            E_NOINTERFACE);
    ck_assert_int_eq(ID3D12TileMappingQueue_SetPrivateData(c.queue, &guid, sizeof(value), &value), S_OK);
    value = 0;
    ck_assert_int_eq(ID3D12TileMappingQueue_GetPrivateData(c.queue, &guid, &size, &value), S_OK);
    ck_assert_uint_eq(value, 42);
    ck_assert_int_eq(ID3D12TileMappingQueue_SetName(c.queue, L"tile mappings"), S_OK);
    ck_assert_int_eq(ID3D12TileMappingQueue_GetDevice(c.queue, &IID_ID3D12Device, (void **)&device), S_OK);
    ck_assert_ptr_eq(device, c.t.device);
    ID3D12Device_Release(device);
    /* Fences: NULL is refused as by ID3D12CommandQueue::Signal. */
    ck_assert_int_eq(ID3D12TileMappingQueue_Signal(c.queue, NULL, 1), E_INVALIDARG);
    ck_assert_int_eq(ID3D12TileMappingQueue_Wait(c.queue, NULL, 1), E_INVALIDARG);
    tm_wait(&c);
    tm_destroy(&c);
}
END_TEST

/* ---- Tokens: every mapping type, read back twice --------------------------------------------------- */

struct tm_mapped
{
    struct tm_context c;
    ID3D12Heap *pool;
    ID3D12Resource *buffer;
};

static void mapped_init(struct tm_mapped *m, UINT tiles)
{
    tm_init(&m->c);
    m->pool = eligible_heap(m->c.t.device, POOL_TILES);
    fill_pool(&m->c.t, m->pool, POOL_TILES);
    m->buffer = eligible_buffer(m->c.t.device, tiles);
    register_pool(&m->c, m->pool, 2);
    register_resource(&m->c, m->buffer, 1);
}

static void mapped_destroy(struct tm_mapped *m)
{
    ID3D12Resource_Release(m->buffer);
    ID3D12Heap_Release(m->pool);
    tm_destroy(&m->c);
}

START_TEST(test_linear_mapping_types)
{
    D3D12_QUERIED_RESOURCE_MAPPING q[8];
    uint32_t tokens[6 * 8], list[3] = {7, 0, 5}, expected[8];
    ID3D12Resource *tile_list;
    struct tm_mapped m;
    UINT i;

    mapped_init(&m, 8);
    tile_list = upload_dwords(m.c.t.device, 0, list, 3);
    /* Incrementing: tiles 0-2 <- pool 4-6; reuse: 3-4 <- pool 1; list: 5-7 <- 7, 0, 5. */
    linear_token(&tokens[0], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_INCREMENTING_TILE_INDICES, 0, 4, 0, 3, 2, 1, 0);
    linear_token(&tokens[8], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_REUSE_SINGLE_TILE, 0, 1, 3, 2, 2, 1, 0);
    linear_token(&tokens[16], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_TILE_INDEX_LIST, 0, 999, 5, 3, 2, 1, 0);
    /* A NO_OPERATION token consumes eight DWORDs whatever they hold. */
    memset(&tokens[24], 0xee, 32);
    tokens[24] = D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPE_NO_OPERATION;
    /* SKIP with an invalid pool maps nothing and touches no pool. */
    linear_token(&tokens[32], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_SKIP, 0, 0, 0, 8, 99, 1, 0);
    linear_token(&tokens[40], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_SKIP, 0, 0, 0, 0, 2, 1, 0);
    execute(&m.c, tokens, 48, tile_list);
    expected[0] = marker(4);
    expected[1] = marker(5);
    expected[2] = marker(6);
    expected[3] = expected[4] = marker(1);
    expected[5] = marker(7);
    expected[6] = marker(0);
    expected[7] = marker(5);
    check_tiles(&m.c, m.buffer, 8, expected);
    for (i = 0; i < 8; ++i)
    {
        q[i].TilePoolLayoutIndex = 2;
        q[i].TilePoolOffsetInTiles = (expected[i] & 0xffff) - 1;
    }
    check_query(&m.c, m.buffer, 0, 8, q);
    check_query(&m.c, m.buffer, 5, 3, &q[5]);

    /* NULL unmaps (the pool is not read, its index ignored): the tiles read zero. */
    linear_token(&tokens[0], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_NULL, 0, 12345, 2, 3, 77, 1, 0);
    execute(&m.c, tokens, 8, NULL);
    expected[2] = expected[3] = expected[4] = 0;
    check_tiles(&m.c, m.buffer, 8, expected);
    q[2] = q[3] = q[4] = unmapped;
    check_query(&m.c, m.buffer, 0, 8, q);
    ID3D12Resource_Release(tile_list);
    mapped_destroy(&m);
}
END_TEST

/* Box tokens on a 2D texture (512x512 RGBA8, one mip: 4x4 tiles of 128x128), checked by
 * the query in the resource's tile order (rows of tiles). */
START_TEST(test_box_mapping)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 512, 512, 1, 1);
    D3D12_QUERIED_RESOURCE_MAPPING q[16];
    uint32_t tokens[16];
    ID3D12Resource *texture;
    struct tm_context c;
    ID3D12Heap *pool;
    UINT index = 0, i;

    tm_init(&c);
    pool = eligible_heap(c.t.device, POOL_TILES);
    fill_pool(&c.t, pool, POOL_TILES);
    register_pool(&c, pool, 0);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    texture = create_reserved(c.t.device, &desc);
    ck_assert_int_eq(ID3D12Device16_RegisterResourceLayouts(c.device, 0, 1, &texture, &index), S_OK);
    /* A 2x3 box at (1, 1), then one tile at (3, 0). */
    box_token(&tokens[0], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_INCREMENTING_TILE_INDICES, 0, 1, 1, 1, 0, 2, 3, 1,
            0, 0, 0);
    box_token(&tokens[8], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_REUSE_SINGLE_TILE, 0, 7, 3, 0, 0, 1, 1, 1, 0, 0, 0);
    execute(&c, tokens, 16, NULL);
    for (i = 0; i < 16; ++i)
        q[i] = unmapped;
    /* XYZ typewriter order: (1,1) (2,1) (1,2) (2,2) (1,3) (2,3) <- pool 1-6. */
    q[1 * 4 + 1].TilePoolLayoutIndex = 0, q[1 * 4 + 1].TilePoolOffsetInTiles = 1;
    q[1 * 4 + 2].TilePoolLayoutIndex = 0, q[1 * 4 + 2].TilePoolOffsetInTiles = 2;
    q[2 * 4 + 1].TilePoolLayoutIndex = 0, q[2 * 4 + 1].TilePoolOffsetInTiles = 3;
    q[2 * 4 + 2].TilePoolLayoutIndex = 0, q[2 * 4 + 2].TilePoolOffsetInTiles = 4;
    q[3 * 4 + 1].TilePoolLayoutIndex = 0, q[3 * 4 + 1].TilePoolOffsetInTiles = 5;
    q[3 * 4 + 2].TilePoolLayoutIndex = 0, q[3 * 4 + 2].TilePoolOffsetInTiles = 6;
    q[3].TilePoolLayoutIndex = 0, q[3].TilePoolOffsetInTiles = 7;
    check_query(&c, texture, 0, 16, q);

    /* The bytes: CopyTiles of all 16 tiles (on the direct queue, after the mapping) into a
     * buffer; every byte of a mapped tile is its pool tile's, an unmapped one reads 0. */
    {
        D3D12_TILED_RESOURCE_COORDINATE start = {0, 0, 0, 0};
        D3D12_TILE_REGION_SIZE size = {16, TRUE, 4, 4, 1};
        ID3D12Resource *copy = create_buffer(c.t.device, D3D12_HEAP_TYPE_DEFAULT, 16 * TILE_SIZE,
                D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COPY_DEST);
        uint32_t expected[16];

        poison_buffer(&c.t, copy, 5);
        ID3D12GraphicsCommandList_CopyTiles(c.t.list, texture, &start, &size, copy, 0,
                D3D12_TILE_COPY_FLAG_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER);
        execute_and_wait(&c.t);
        for (i = 0; i < 16; ++i)
            expected[i] = q[i].TilePoolLayoutIndex == D3D12_TILE_NOT_MAPPED ? 0 : marker(q[i].TilePoolOffsetInTiles);
        check_tiles(&c, copy, 16, expected);
        ID3D12Resource_Release(copy);
    }
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(pool);
    tm_destroy(&c);
}
END_TEST

/* On a texture (512x512 RGBA8 with two mips: 16 tiles, then 4): a linear token never
 * spills into the next subresource (128), a box needs nonzero extents (131) and must fit
 * its subresource (128); each one message with its offset, 0 here. */
static const struct tm_error_case texture_error_cases[] =
{
    {128, "OUT_OF_RESOURCE_BOUNDS", 0},
    {131, "INVALID_TOKEN", 0},
    {128, "OUT_OF_RESOURCE_BOUNDS", 0},
};

static void check_one_error(ID3D12Device *device, const struct tm_error_case *e)
{
    struct async_message message;
    UINT64 i, n, count = 0;
    char expected[128];

    snprintf(expected, sizeof(expected), "ExecuteTileMappings error %u: %s; token byte offset %u", e->code, e->name,
            e->offset);
    n = async_message_count(device);
    for (i = 0; i < n; ++i)
    {
        async_get_message(device, i, &message);
        if (message.id != D3D12_MESSAGE_ID_EXECUTETILEMAPPINGS_EXECUTION_ERROR)
            continue;
        ck_assert_str_eq(message.text, expected);
        ck_assert_int_eq(message.severity, D3D12_MESSAGE_SEVERITY_ERROR);
        ++count;
    }
    ck_assert_uint_eq(count, 1);
}

static void execute_until_removed(struct tm_context *c, const uint32_t *tokens, UINT dwords)
{
    ID3D12Resource *arguments = upload_dwords(c->t.device, 16, tokens, dwords);
    unsigned int waited;

    /* Parsed on the queue's timeline: the call returns first, the removal follows. */
    ID3D12TileMappingQueue_ExecuteTileMappings(c->queue, dwords, arguments, 16, NULL, 0, NULL, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    for (waited = 0; ID3D12Device_GetDeviceRemovedReason(c->t.device) == S_OK && waited < 5000; ++waited)
        sleep_ms(1);
    ID3D12Resource_Release(arguments);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(c->t.device), DXGI_ERROR_INVALID_CALL);
}

START_TEST(test_texture_token_errors)
{
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 512, 512, 2, 1);
    uint32_t tokens[8];
    ID3D12Resource *texture;
    struct tm_context c;
    ID3D12Heap *pool;

    async_enable_debug_layer();
    tm_init(&c);
    pool = eligible_heap(c.t.device, 32);
    register_pool(&c, pool, 0);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    texture = create_reserved(c.t.device, &desc);
    register_resource(&c, texture, 0);
    if (_i == 0)
        linear_token(tokens, D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_INCREMENTING_TILE_INDICES, 0, 0, 15, 2, 0, 0, 0);
    else if (_i == 1)
        box_token(tokens, D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_NULL, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0);
    else
        box_token(tokens, D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_NULL, 1, 0, 1, 0, 0, 2, 1, 1, 0, 0, 0);
    execute_until_removed(&c, tokens, 8);
    check_one_error(c.t.device, &texture_error_cases[_i]);
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(pool);
    tm_destroy(&c);
}
END_TEST

/* ---- Errors: one message each, the seed's exact text, device removal --------------------------------- */

static const struct tm_error_case error_cases[] =
{
    {128, "OUT_OF_RESOURCE_BOUNDS", 32},
    {129, "OUT_OF_TILEPOOL_BOUNDS", 32},
    {130, "UNEXPECTED_END_OF_BUFFER", 32},
    {131, "INVALID_TOKEN", 32},
    {132, "INVALID_TILEPOOL", 32},
    {133, "INVALID_RESOURCE", 32},
    {134, "INCOMPATIBLE_BOX_MAPPING", 32},
};

START_TEST(test_error_codes)
{
    const struct tm_error_case *e = &error_cases[_i];
    uint32_t tokens[24];
    struct tm_mapped m;
    UINT dwords = 16;

    async_enable_debug_layer();
    mapped_init(&m, 4);
    /* A valid first token, so the offset of the failing one is 32. */
    linear_token(&tokens[0], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_INCREMENTING_TILE_INDICES, 0, 0, 0, 1, 2, 1, 0);
    linear_token(&tokens[8], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_INCREMENTING_TILE_INDICES, 0, 0, 1, 1, 2, 1, 0);
    switch (e->code)
    {
        case 128: tokens[8 + 3] = 4; break;                /* tiles 1-4 of a 4-tile buffer */
        case 129: tokens[8 + 1] = POOL_TILES; break;       /* a pool tile past the heap */
        case 130: dwords = 12; break;                      /* the second token cut in half */
        case 131: tokens[8] = 7; break;                    /* no such token type */
        case 132: tokens[8 + 5] = 3; break;                /* an unregistered pool slot */
        case 133: tokens[8 + 6] = 0; break;                /* an unregistered resource slot */
        default:
            box_token(&tokens[8], 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 1, 0);   /* a box on a buffer */
            break;
    }
    execute_until_removed(&m.c, tokens, dwords);
    check_one_error(m.c.t.device, e);
    mapped_destroy(&m);
}
END_TEST

/* ---- The effective length: the lesser of MaxArgumentDwordCount and the count --------------------------- */

START_TEST(test_count_buffer)
{
    uint32_t tokens[16], expected[4] = {0};
    ID3D12Resource *arguments, *count;
    UINT32 value;
    struct tm_mapped m;

    mapped_init(&m, 4);
    linear_token(&tokens[0], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_INCREMENTING_TILE_INDICES, 0, 3, 0, 1, 2, 1, 0);
    linear_token(&tokens[8], D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_INCREMENTING_TILE_INDICES, 0, 5, 1, 1, 2, 1, 0);
    arguments = upload_dwords(m.c.t.device, 0, tokens, 16);
    /* A count shorter than the maximum: only the first token. */
    value = 8;
    count = upload_dwords(m.c.t.device, 4, &value, 1);
    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 16, arguments, 0, count, 4, NULL, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    tm_wait(&m.c);
    expected[0] = marker(3);
    check_tiles(&m.c, m.buffer, 4, expected);
    ID3D12Resource_Release(count);
    /* A count longer than the maximum: the maximum (two tokens) wins, not the 9999. */
    value = 9999;
    count = upload_dwords(m.c.t.device, 0, &value, 1);
    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 16, arguments, 0, count, 0, NULL, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    tm_wait(&m.c);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(m.c.t.device), S_OK);
    expected[1] = marker(5);
    check_tiles(&m.c, m.buffer, 4, expected);
    ID3D12Resource_Release(count);
    ID3D12Resource_Release(arguments);
    mapped_destroy(&m);
}
END_TEST

/* ---- GPU-written tokens and ordering with a direct queue ---------------------------------------------- */

static const char write_token_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "dcl_uav_raw u0\n"
    "dcl_temps 2\n"
    "dcl_thread_group 1, 1, 1\n"
    "mov r0.xyzw, cb0[0].xyzw\n"
    "mov r1.xyzw, cb0[1].xyzw\n"
    "store_raw u0.xyzw, l(0), r0.xyzw\n"
    "store_raw u0.xyzw, l(16), r1.xyzw\n"
    "ret\n";

/* A compute shader writes the token on the direct queue; the tile mapping queue waits for
 * it, maps, signals; a copy on the direct queue that waits for that signal sees the tile. */
START_TEST(test_tokens_from_compute_shader)
{
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    uint32_t token[8], expected[2] = {0, 0};
    ID3D12Resource *arguments;
    ID3D12Fence *written;
    struct tm_mapped m;

    mapped_init(&m, 2);
    parameters[0] = root_constants(0, 0, 8);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(m.c.t.device, parameters, 2, NULL, 0);
    pipeline = compute_pipeline(m.c.t.device, signature, write_token_cs);
    arguments = uav_buffer(&m.c.t, 64);
    ck_assert_int_eq(ID3D12Device_CreateFence(m.c.t.device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&written), S_OK);

    /* The tile mapping queue waits first: nothing maps before the shader ran. */
    ck_assert_int_eq(ID3D12TileMappingQueue_Wait(m.c.queue, written, 1), S_OK);
    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 8, arguments, 0, NULL, 0, NULL, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    ck_assert_int_eq(ID3D12TileMappingQueue_Signal(m.c.queue, m.c.fence, ++m.c.fence_value), S_OK);

    linear_token(token, D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_INCREMENTING_TILE_INDICES, 0, 6, 1, 1, 2, 1, 0);
    ID3D12GraphicsCommandList_SetPipelineState(m.c.t.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(m.c.t.list, signature);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstants(m.c.t.list, 0, 8, token, 0);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(m.c.t.list, 1,
            ID3D12Resource_GetGPUVirtualAddress(arguments));
    ID3D12GraphicsCommandList_Dispatch(m.c.t.list, 1, 1, 1);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(m.c.t.list), S_OK);
    ID3D12CommandQueue_ExecuteCommandLists(m.c.t.queue, 1, (ID3D12CommandList **)&m.c.t.list);
    ck_assert_int_eq(ID3D12CommandQueue_Signal(m.c.t.queue, written, 1), S_OK);
    /* The direct queue's copy (read_buffer) waits for the mapping on the GPU; the CPU
     * waits for the dispatch only, to reuse the allocator. */
    ck_assert_int_eq(ID3D12CommandQueue_Wait(m.c.t.queue, m.c.fence, m.c.fence_value), S_OK);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(written, 1, NULL), S_OK);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(m.c.t.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(m.c.t.list, m.c.t.allocator, NULL), S_OK);
    expected[1] = marker(6);
    check_tiles(&m.c, m.buffer, 2, expected);

    ID3D12Fence_Release(written);
    ID3D12Resource_Release(arguments);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    mapped_destroy(&m);
}
END_TEST

/* ---- Kept apart from the legacy mapping calls ----------------------------------------------------------- */

START_TEST(test_legacy_calls_refused)
{
    D3D12_TILED_RESOURCE_COORDINATE start = {0, 0, 0, 0};
    D3D12_TILE_REGION_SIZE size = {1, FALSE, 0, 0, 0};
    D3D12_QUERIED_RESOURCE_MAPPING q[2] = {unmapped, unmapped};
    D3D12_TILE_RANGE_FLAGS flags = D3D12_TILE_RANGE_FLAG_NONE;
    ID3D12Resource *plain;
    ID3D12Heap *legacy_pool;
    UINT offset = 0, one = 1;
    struct tm_mapped m;

    mapped_init(&m, 2);
    legacy_pool = create_tile_pool(m.c.t.device, 1);
    plain = create_reserved(m.c.t.device, &(D3D12_RESOURCE_DESC){D3D12_RESOURCE_DIMENSION_BUFFER, 0, TILE_SIZE, 1,
            1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE});
    /* An eligible resource, an eligible heap: both dropped. */
    ID3D12CommandQueue_UpdateTileMappings(m.c.t.queue, m.buffer, 1, &start, &size, legacy_pool, 1, &flags, &offset,
            &one, D3D12_TILE_MAPPING_FLAG_NONE);
    ID3D12CommandQueue_UpdateTileMappings(m.c.t.queue, plain, 1, &start, &size, m.pool, 1, &flags, &offset, &one,
            D3D12_TILE_MAPPING_FLAG_NONE);
    ID3D12CommandQueue_CopyTileMappings(m.c.t.queue, m.buffer, &start, plain, &start, &size,
            D3D12_TILE_MAPPING_FLAG_NONE);
    wait_queue_idle(&m.c.t);
    check_query(&m.c, m.buffer, 0, 2, q);
    ID3D12Resource_Release(plain);
    ID3D12Heap_Release(legacy_pool);
    mapped_destroy(&m);
}
END_TEST

/* ---- The mapping query's refusals ----------------------------------------------------------------------- */

START_TEST(test_query_refusals)
{
    ID3D12Resource *output, *other;
    struct tm_mapped m;

    mapped_init(&m, 4);
    output = create_buffer(m.c.t.device, D3D12_HEAP_TYPE_READBACK, 32, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COPY_DEST);
    other = eligible_buffer(m.c.t.device, 4);
    ck_assert_int_eq(ID3D12CommandQueue2_QueryRegisteredReservedResourceMappings(m.c.queue2, m.buffer, 0, 4, 0,
            output), S_OK);
    /* Not registered, past the tiles, past the output, no output. */
    ck_assert_int_eq(ID3D12CommandQueue2_QueryRegisteredReservedResourceMappings(m.c.queue2, other, 0, 1, 0,
            output), E_INVALIDARG);
    ck_assert_int_eq(ID3D12CommandQueue2_QueryRegisteredReservedResourceMappings(m.c.queue2, m.buffer, 1, 4, 0,
            output), E_INVALIDARG);
    ck_assert_int_eq(ID3D12CommandQueue2_QueryRegisteredReservedResourceMappings(m.c.queue2, m.buffer, 0, 4, 8,
            output), E_INVALIDARG);
    ck_assert_int_eq(ID3D12CommandQueue2_QueryRegisteredReservedResourceMappings(m.c.queue2, m.buffer, 0, 1, 0,
            NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12CommandQueue2_QueryRegisteredReservedResourceMappings(m.c.queue2, output, 0, 1, 0,
            output), E_INVALIDARG);
    ID3D12Resource_Release(other);
    ID3D12Resource_Release(output);
    mapped_destroy(&m);
}
END_TEST

/* ---- ExecuteTileMappings' own refusals: dropped, with one message, nothing removed -------------------- */

static bool has_message(ID3D12Device *device, const char *text)
{
    struct async_message message;
    UINT64 i, n = async_message_count(device);

    for (i = 0; i < n; ++i)
    {
        async_get_message(device, i, &message);
        if (message.severity == D3D12_MESSAGE_SEVERITY_ERROR && !strcmp(message.text, text))
            return true;
    }
    return false;
}

START_TEST(test_execute_refusals)
{
    ID3D12Resource *arguments, *texture, *count;
    D3D12_RESOURCE_DESC desc;
    uint32_t token[8], value = 8;
    struct ddi_spy *spy;
    struct tm_mapped m;

    async_enable_debug_layer();
    ck_assert_ptr_nonnull(spy = ddi_spy_create(NULL, false));
    rt_testing_set_driver_spy(spy);
    mapped_init(&m, 1);
    linear_token(token, D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_NULL, 0, 0, 0, 1, 0, 1, 0);
    arguments = upload_dwords(m.c.t.device, 0, token, 8);
    count = upload_dwords(m.c.t.device, 0, &value, 1);
    desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    texture = create_texture(m.c.t.device, &desc, D3D12_RESOURCE_STATE_COMMON);

    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 8, arguments, 0, NULL, 0, NULL, 0,
            (D3D12_EXECUTE_TILE_MAPPINGS_FLAGS)1);
    ck_assert(has_message(m.c.t.device, "ExecuteTileMappings: unknown flags 0x1; the call is dropped"));
    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 8, NULL, 0, NULL, 0, NULL, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    ck_assert(has_message(m.c.t.device,
            "ExecuteTileMappings: the argument buffer is NULL or not of this device; the call is dropped"));
    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 8, texture, 0, NULL, 0, NULL, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    ck_assert(has_message(m.c.t.device, "ExecuteTileMappings: the argument buffer is a texture; the call is dropped"));
    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 8, arguments, 2, NULL, 0, NULL, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    ck_assert(has_message(m.c.t.device,
            "ExecuteTileMappings: the argument buffer's offset 2 is not a multiple of 4; the call is dropped"));
    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 8, arguments, 40, NULL, 0, NULL, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    ck_assert(has_message(m.c.t.device, "ExecuteTileMappings: the argument buffer's offset 40 leaves no 0 bytes in "
            "its 36; the call is dropped"));
    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 8, arguments, 0, count, 8, NULL, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    ck_assert(has_message(m.c.t.device, "ExecuteTileMappings: the count buffer's offset 8 leaves no 4 bytes in its "
            "8; the call is dropped"));
    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 8, arguments, 0, NULL, 0, texture, 0,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    ck_assert(has_message(m.c.t.device, "ExecuteTileMappings: the tile-list buffer is a texture; the call is dropped"));
    tm_wait(&m.c);
    /* None reached the driver, and the device is fine. */
    ck_assert_uint_eq(ddi_spy_count(spy, "ExecuteTileMappings"), 0);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(m.c.t.device), S_OK);
    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(count);
    ID3D12Resource_Release(arguments);
    mapped_destroy(&m);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

/* ---- The spy: what reaches the driver ------------------------------------------------------------------- */

START_TEST(test_spy_passes_arguments)
{
    struct ddi_spy_call call;
    ID3D12Resource *arguments, *count, *list;
    uint32_t token[8], value = 8;
    struct tm_mapped m;
    struct ddi_spy *spy;
    char expected[200];
    size_t index;

    ck_assert_ptr_nonnull(spy = ddi_spy_create(NULL, false));
    rt_testing_set_driver_spy(spy);
    mapped_init(&m, 2);
    linear_token(token, D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPE_TILE_INDEX_LIST, 0, 0, 0, 1, 2, 1, 1);
    arguments = upload_dwords(m.c.t.device, 64, token, 8);
    count = upload_dwords(m.c.t.device, 12, &value, 1);
    value = 3;
    list = upload_dwords(m.c.t.device, 20, &value, 1);
    /* The queue was created through the driver at the first request. */
    ck_assert_uint_eq(ddi_spy_count(spy, "CreateTileMappingQueue"), 1);
    ck_assert_uint_eq(ddi_spy_count(spy, "InitializeExecuteTileMappingLayoutTables"), 1);
    ID3D12TileMappingQueue_ExecuteTileMappings(m.c.queue, 8, arguments, 64, count, 12, list, 16,
            D3D12_EXECUTE_TILE_MAPPINGS_FLAG_NONE);
    tm_wait(&m.c);
    ck_assert((index = ddi_spy_find(spy, 0, "ExecuteTileMappings")) != (size_t)-1);
    ck_assert(ddi_spy_get_call(spy, index, &call));
    snprintf(expected, sizeof(expected), "MaxArgumentDwordCount=8, arguments=%p+64, count=%p+12, tile_list=%p+16, "
            "Flags=0x0", rt_resource_from_iface(arguments)->hdrv.pDrvPrivate,
            rt_resource_from_iface(count)->hdrv.pDrvPrivate, rt_resource_from_iface(list)->hdrv.pDrvPrivate);
    ck_assert_msg(strstr(call.args, expected), "%s", call.args);
    ck_assert(ddi_spy_find(spy, index, "SignalFence") != (size_t)-1);
    ID3D12Resource_Release(list);
    ID3D12Resource_Release(count);
    ID3D12Resource_Release(arguments);
    mapped_destroy(&m);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

/* ---- Below tier 5 ---------------------------------------------------------------------------------------- */

static size_t table_asked(struct ddi_spy *spy, const char *type)
{
    struct ddi_spy_call call;
    size_t i, n = 0;

    for (i = 0; ddi_spy_get_call(spy, i, &call); ++i)
        n += !strcmp(call.name, "FillDDITable") && strstr(call.args, type);
    return n;
}

/* A driver below tier 5 (the spy lowers the built-in one to 4): the interface is there,
 * its methods answer DXGI_ERROR_UNSUPPORTED, the query zero, the flags are refused. */
START_TEST(test_below_tier5)
{
    ID3D12TileMappingQueue *queue = (ID3D12TileMappingQueue *)(uintptr_t)1;
    D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS data = {0};
    D3D12_RESOURCE_DESC desc = eligible_buffer_desc(1);
    ID3D12Resource *resource = (ID3D12Resource *)(uintptr_t)1;
    struct ddi_spy_masks masks = {0};
    ID3D12CommandQueue2 *queue2;
    ID3D12Device16 *device;
    struct test_context t;
    struct ddi_spy *spy;
    D3D12_HEAP_DESC heap_desc;
    ID3D12Heap *heap;
    UINT64 total;

    masks.max_tiled_resources_tier = D3D12_TILED_RESOURCES_TIER_4;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(spy);
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    device = device16(t.device);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(t.device, D3D12_FEATURE_EXECUTE_TILE_MAPPINGS, &data,
            sizeof(data)), S_OK);
    ck_assert_uint_eq(data.MaxTilePoolLayoutIndexCount, 0);
    ck_assert_uint_eq(data.MaxResourceLayoutIndexCount, 0);
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device, 0, 1, 1),
            DXGI_ERROR_UNSUPPORTED);
    ck_assert_int_eq(ID3D12Device16_GetTileMappingQueue(device, 0, &IID_ID3D12TileMappingQueue, (void **)&queue),
            DXGI_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(queue);
    ck_assert_int_eq(ID3D12Device16_RegisterHeapLayouts(device, 0, 0, NULL, NULL), DXGI_ERROR_UNSUPPORTED);
    ck_assert_int_eq(ID3D12Device16_UnregisterResourceLayouts(device, 0, 0, NULL), DXGI_ERROR_UNSUPPORTED);
    ck_assert_int_eq(ID3D12Device_CreateReservedResource(t.device, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    /* GetCopyableFootprints refuses the flag where creation does. */
    ID3D12Device_GetCopyableFootprints(t.device, &desc, 0, 1, 0, NULL, NULL, NULL, &total);
    ck_assert_uint_eq(total, UINT64_MAX);
    memset(&heap_desc, 0, sizeof(heap_desc));
    heap_desc.SizeInBytes = TILE_SIZE;
    heap_desc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    heap_desc.Flags = D3D12_HEAP_FLAG_ALLOW_EXECUTE_TILE_MAPPINGS;
    ck_assert_int_eq(ID3D12Device_CreateHeap(t.device, &heap_desc, &IID_ID3D12Heap, (void **)&heap), E_INVALIDARG);
    /* The queue interface answers; its query finds nothing registered. */
    ck_assert_int_eq(ID3D12CommandQueue_QueryInterface(t.queue, &IID_ID3D12CommandQueue2, (void **)&queue2), S_OK);
    ID3D12CommandQueue2_Release(queue2);
    /* The runtime never asked for the tile mapping queue's table. */
    ck_assert_uint_eq(table_asked(spy, "Type=0124_TILE_MAPPING_QUEUE_FUNCS"), 0);
    test_context_destroy(&t);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("tile_mappings");
    TCase *tc;

    tc = tcase_create("layouts");
    tcase_add_test(tc, test_feature_per_node);
    tcase_add_test(tc, test_initialize);
    tcase_add_test(tc, test_flags);
    tcase_add_test(tc, test_flags_translated);
    tcase_add_test(tc, test_footprints_with_flag);
    tcase_add_test(tc, test_register_heaps);
    tcase_add_test(tc, test_register_resources);
    tcase_add_test(tc, test_unregister);
    tcase_add_test(tc, test_destroy_unregisters);
    tcase_add_test(tc, test_queue_object);
    tcase_add_test(tc, test_below_tier5);
    suite_add_tcase(suite, tc);

    tc = tcase_create("mappings");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_linear_mapping_types);
    tcase_add_test(tc, test_box_mapping);
    tcase_add_loop_test(tc, test_error_codes, 0, sizeof(error_cases) / sizeof(error_cases[0]));
    tcase_add_loop_test(tc, test_texture_token_errors, 0,
            sizeof(texture_error_cases) / sizeof(texture_error_cases[0]));
    tcase_add_test(tc, test_count_buffer);
    tcase_add_test(tc, test_tokens_from_compute_shader);
    tcase_add_test(tc, test_legacy_calls_refused);
    tcase_add_test(tc, test_query_refusals);
    tcase_add_test(tc, test_spy_passes_arguments);
    tcase_add_test(tc, test_execute_refusals);
    suite_add_tcase(suite, tc);
    return test_run_suites(suite, NULL);
}
