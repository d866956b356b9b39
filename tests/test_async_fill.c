/*
 * FillBuffers end to end, in both implementations (test_async.h): natively through the
 * driver's Async table, and through the fallback's CPU upload route (the built-in
 * driver reports no shader support, so the compute route is never taken; its planner
 * branch is tested in test_fb_plan_fill.c). Destinations are poisoned first and read
 * back byte for byte against expectations computed here. The DDI spy shows the shape:
 * one native FillBuffers per batch, or the upload route's CopyBufferRegion calls (one
 * per chunk span, plus the staging refresh and its barriers on a discrete device).
 *
 * Also here: the allocator-owned memory and the device's pools (recycled only after the
 * allocator's successful Reset, the 128 MiB budget held under a loop of large fills),
 * the private descriptor blocks, the scope tracker a list feeds from its barriers, memory
 * running out (a test hook), and several threads recording fills at once on separate
 * lists and allocators.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async_fill.h"
#include "test_probe.h"
#include "rt_adapter.h"
#include "rt_fallback_services.h"
#include "ddi_spy.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MIB (1024u * 1024u)

static const D3D12_COMMAND_LIST_TYPE fill_list_types[] = {D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                          D3D12_COMMAND_LIST_TYPE_COMPUTE};

static ID3D12Resource *default_buffer(struct test_context *t, UINT64 size)
{
    return create_buffer(t->device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_NONE,
                         D3D12_RESOURCE_STATE_COMMON);
}

/* One native FillBuffers per batch, or the upload route's copies and no native call. */
#define check_fill_calls(ctx, batches, copies) check_fill_calls_(__LINE__, ctx, batches, copies)
static void check_fill_calls_(unsigned int line, const struct async_ctx *ctx, size_t batches, size_t copies)
{
    size_t native = async_spy_count(ctx, "FillBuffers"), legacy = async_spy_count(ctx, "CopyBufferRegion");

    ck_assert_msg(native == (async_fallback(ctx) ? 0 : batches) && legacy == (async_fallback(ctx) ? copies : 0),
                  "line %u (%s): %zu FillBuffers and %zu CopyBufferRegion calls, expected %zu and %zu", line,
                  async_mode_name(ctx->mode), native, legacy, async_fallback(ctx) ? 0 : batches, async_fallback(ctx) ? copies : 0);
}

/* Close, execute and wait, without resetting anything. */
static void execute_only(struct test_context *t)
{
    ID3D12CommandList *list = (ID3D12CommandList *)t->list;

    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t->list), S_OK);
    ID3D12CommandQueue_ExecuteCommandLists(t->queue, 1, &list);
    wait_queue_idle(t);
}

/* ---- Bytes ---------------------------------------------------------------------------- */

/* Raw patterns of every size at aligned offsets, repeats clamped at the end, on direct
 * and compute lists. */
ASYNC_TEST(test_fill_raw)
{
    static const struct { UINT64 offset; UINT size, repeat; } fills[] =
    {
        {0, 1, 7}, {9, 1, 1}, {16, 2, 5}, {34, 2, 1}, {40, 4, 9}, {80, 8, 3}, {108, 12, 5}, {172, 16, 4},
        {240, 4, 100},     /* clamped: 4 of 100 fit */
        {256, 16, 3},      /* at the end: nothing */
        {200, 8, 0},       /* no repetitions */
    };
    D3D12_FILL_BUFFER_DESC descs[ARRAY_SIZE(fills)];
    unsigned char *expected;
    ID3D12Resource *buffer;
    struct test_context t;
    UINT i, type;

    for (type = 0; type < ARRAY_SIZE(fill_list_types); ++type)
    {
        async_context_init(ctx, &t, fill_list_types[type]);
        buffer = default_buffer(&t, 256);
        expected = poisoned(&t, buffer, 256, 3);
        for (i = 0; i < ARRAY_SIZE(fills); ++i)
        {
            descs[i] = raw_fill(buffer, fills[i].offset, fills[i].size, fills[i].repeat, (UINT8)(0x10 * i + 1));
            apply_fill_desc(expected, 256, &descs[i]);
        }
        async_spy_clear(ctx);
        ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), ARRAY_SIZE(descs), descs);
        /* One copy per fill that writes something; no barrier on a UMA device. */
        check_fill_calls(ctx, 1, ARRAY_SIZE(fills) - 2);
        ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), 0);
        execute_and_wait(&t);
        check_buffer(&t, buffer, expected, 256, "raw fills");
        free(expected);
        ID3D12Resource_Release(buffer);
        test_context_destroy(&t);
    }
}

/* Formatted fills: one element of the format, by the D3D conversion rules, written out
 * here by hand. Formats without buffer support are skipped (seed 000). */
ASYNC_TEST(test_fill_formatted)
{
    static const struct
    {
        DXGI_FORMAT format;
        D3D12_CLEAR_DATA value;
        UINT size;
        UINT8 bytes[16];
    }
    tests[] =
    {
        {DXGI_FORMAT_R32G32B32A32_FLOAT, {.Floats = {1.0f, -2.0f, 0.5f, 100.0f}}, 16,
         {0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0xc8, 0x42}},
        {DXGI_FORMAT_R32G32B32_FLOAT, {.Floats = {1.0f, 2.0f, -1.0f}}, 12,
         {0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x80, 0xbf}},
        {DXGI_FORMAT_R8G8B8A8_UNORM, {.Floats = {1.0f, 0.0f, 0.5f, 0.2f}}, 4, {0xff, 0x00, 0x80, 0x33}},
        {DXGI_FORMAT_R16_UINT, {.Uints = {0x12345}}, 2, {0x45, 0x23}},
        {DXGI_FORMAT_R32_SINT, {.Sints = {-5}}, 4, {0xfb, 0xff, 0xff, 0xff}},
        {DXGI_FORMAT_R16G16_FLOAT, {.Floats = {1.0f, -0.5f}}, 4, {0x00, 0x3c, 0x00, 0xb8}},
        {DXGI_FORMAT_R8_UINT, {.Uints = {0x1ab}}, 1, {0xab}},
    };
    D3D12_FEATURE_DATA_FORMAT_SUPPORT support;
    unsigned char *expected;
    D3D12_FILL_BUFFER_DESC desc;
    ID3D12Resource *buffer;
    struct test_context t;
    size_t copies = 0;
    UINT i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = default_buffer(&t, 512);
    expected = poisoned(&t, buffer, 512, 5);
    async_spy_clear(ctx);
    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        support.Format = tests[i].format;
        /* E_FAIL: a format the driver has nothing for (D3D12 fails the query then). */
        if (FAILED(ID3D12Device_CheckFeatureSupport(t.device, D3D12_FEATURE_FORMAT_SUPPORT, &support,
                                                    sizeof(support))) || !(support.Support1 & D3D12_FORMAT_SUPPORT1_BUFFER))
            continue;
        memset(&desc, 0, sizeof(desc));
        desc.pBuffer = buffer;
        desc.Offset = 64 * i;
        desc.FillValue = tests[i].value;
        desc.Format = tests[i].format;
        desc.RepeatCount = 60 / tests[i].size;
        apply_fill(expected, 512, desc.Offset, tests[i].bytes, tests[i].size, desc.RepeatCount);
        ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
        ++copies;
    }
    test_require(copies, "the driver has buffer support for none of the formats");
    check_fill_calls(ctx, copies, copies);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, 512, "formatted fills");
    free(expected);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* Fills of one call that overlap land in some order: each byte is one of the patterns
 * that cover it, whole patterns elsewhere, and the rest untouched. */
ASYNC_TEST(test_fill_overlapping)
{
    D3D12_FILL_BUFFER_DESC descs[4];
    unsigned char *poison, got[512];
    ID3D12Resource *buffer;
    struct test_context t;
    UINT64 x, end;
    bool covered, match;
    UINT i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = default_buffer(&t, 512);
    poison = poisoned(&t, buffer, 512, 7);
    descs[0] = raw_fill(buffer, 0, 4, 64, 0x11);
    descs[1] = raw_fill(buffer, 100, 2, 50, 0x22);
    descs[2] = raw_fill(buffer, 192, 12, 10, 0x33);
    descs[3] = raw_fill(buffer, 8, 16, 2, 0x44);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), ARRAY_SIZE(descs), descs);
    execute_and_wait(&t);
    read_buffer(&t, buffer, 512, got);
    for (x = 0; x < 512; ++x)
    {
        covered = match = false;
        for (i = 0; i < ARRAY_SIZE(descs); ++i)
        {
            end = descs[i].Offset + (UINT64)descs[i].RawPatternSizeInBytes * descs[i].RepeatCount;
            if (x < descs[i].Offset || x >= end)
                continue;
            covered = true;
            match |= got[x] == descs[i].FillValue.Bytes[(x - descs[i].Offset) % descs[i].RawPatternSizeInBytes];
        }
        if (covered)
            ck_assert_msg(match, "%s: byte %llu (%#x) is none of the patterns", async_mode_name(ctx->mode),
                          (unsigned long long)x, got[x]);
        else
            ck_assert_msg(got[x] == poison[x], "%s: byte %llu was written", async_mode_name(ctx->mode),
                          (unsigned long long)x);
    }
    free(poison);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* Fills spanning several 1 MiB chunks: whole 12-byte patterns per copy, clamped at the
 * end; the next fill of the recording with the same pattern reuses the last chunk. */
ASYNC_TEST(test_fill_large)
{
    const UINT64 size = 6 * MIB + 16, capacity = MIB / 12 * 12;
    D3D12_FILL_BUFFER_DESC descs[2], small;
    char first_source[64] = "", last_source[64] = "";
    unsigned char *expected;
    struct ddi_spy_call call;
    ID3D12Resource *buffer;
    struct test_context t;
    size_t i, copies = 0;
    UINT64 bytes;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = default_buffer(&t, size);
    expected = poisoned(&t, buffer, size, 9);
    descs[0] = raw_fill(buffer, 4, 12, UINT_MAX, 0x21);
    descs[1] = raw_fill(buffer, 3 * MIB + 1, 1, 5, 0x42);
    bytes = (size - 4) / 12 * 12;
    apply_fill(expected, size, 4, descs[0].FillValue.Bytes, 12, UINT_MAX);
    apply_fill(expected, size, 3 * MIB + 1, descs[1].FillValue.Bytes, 1, 5);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &descs[0]);
    check_fill_calls(ctx, 1, (bytes + capacity - 1) / capacity);
    /* The same pattern in the next call: its copy reads the first call's chunk. */
    small = raw_fill(buffer, 6 * MIB - 36, 12, 2, 0x21);
    apply_fill(expected, size, small.Offset, small.FillValue.Bytes, 12, 2);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &small);
    check_fill_calls(ctx, 2, (bytes + capacity - 1) / capacity + 1);
    for (i = 0; i < async_spy_total(ctx); ++i)
    {
        ck_assert(ddi_spy_get_call(ctx->spy, i, &call));
        if (strcmp(call.name, "CopyBufferRegion"))
            continue;
        snprintf(copies++ ? last_source : first_source, sizeof(first_source), "%s", strstr(call.args, "src="));
    }
    if (async_fallback(ctx))
    {
        /* "src=<buffer>+<offset>, bytes=<size>": the same source, 2 patterns. */
        ck_assert_msg(!strncmp(last_source, first_source, strcspn(first_source, ",")), "%s vs %s", last_source,
                      first_source);
        ck_assert_msg(strstr(last_source, "bytes=24"), "%s", last_source);
    }
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &descs[1]);
    check_fill_calls(ctx, 3, (bytes + capacity - 1) / capacity + 2);
    /* One upload buffer for the first two calls, another for the third. */
    ck_assert_uint_eq(async_spy_count(ctx, "CreateHeapAndResource"), async_fallback(ctx) ? 2 : 0);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, size, "large fills");
    free(expected);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* UPLOAD and READBACK destinations take the upload route too (the compute route never
 * writes them); read back through their mapping. */
ASYNC_TEST(test_fill_cpu_heaps)
{
    static const D3D12_HEAP_TYPE heaps[] = {D3D12_HEAP_TYPE_UPLOAD, D3D12_HEAP_TYPE_READBACK};
    D3D12_RANGE range = {0, 128};
    D3D12_FILL_BUFFER_DESC desc;
    unsigned char expected[128];
    ID3D12Resource *buffer;
    struct test_context t;
    void *data;
    UINT i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    for (i = 0; i < ARRAY_SIZE(heaps); ++i)
    {
        buffer = create_buffer(t.device, heaps[i], 128, D3D12_RESOURCE_FLAG_NONE, heaps[i] == D3D12_HEAP_TYPE_UPLOAD
                               ? D3D12_RESOURCE_STATE_GENERIC_READ : D3D12_RESOURCE_STATE_COPY_DEST);
        ck_assert_int_eq(ID3D12Resource_Map(buffer, 0, &range, &data), S_OK);
        memset(data, 0xcd, 128);
        memset(expected, 0xcd, 128);
        desc = raw_fill(buffer, 8, 8, 10, (UINT8)(0x61 + i));
        apply_fill(expected, 128, 8, desc.FillValue.Bytes, 8, 10);
        ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
        execute_and_wait(&t);
        check_bytes(data, expected, 128, heaps[i] == D3D12_HEAP_TYPE_UPLOAD ? "upload heap" : "readback heap");
        ID3D12Resource_Unmap(buffer, 0, NULL);
        ID3D12Resource_Release(buffer);
    }
    test_context_destroy(&t);
}

/* Predicated off, a fill writes nothing, staging included; the next call refreshes the
 * staging block instead of trusting a copy predication skipped. */
ASYNC_TEST(test_fill_predicated)
{
    static const UINT64 zero = 0;
    const UINT64 size = 3 * MIB;
    D3D12_FILL_BUFFER_DESC desc;
    unsigned char *expected;
    ID3D12Resource *buffer, *predicate;
    struct test_context t;

    async_use_discrete_spy(ctx);
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = default_buffer(&t, size);
    predicate = default_buffer(&t, 256);
    upload_buffer_data(&t, predicate, 0, &zero, sizeof(zero));
    expected = poisoned(&t, buffer, size, 11);
    transition_resource(&t, predicate, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_PREDICATION);

    /* EQUAL_ZERO over a zero: predicated off. */
    ID3D12GraphicsCommandList_SetPredication(t.list, predicate, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    desc = raw_fill(buffer, 0, 4, (UINT)(size / 4), 0x5a);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    /* NOT_EQUAL_ZERO over a zero: runs. Same pattern, so the same chunk; staging again. */
    ID3D12GraphicsCommandList_SetPredication(t.list, predicate, 0, D3D12_PREDICATION_OP_NOT_EQUAL_ZERO);
    async_spy_clear(ctx);
    desc = raw_fill(buffer, MIB + 4, 4, (UINT)(MIB / 2), 0x5a);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    apply_fill_desc(expected, size, &desc);
    /* 2 MiB from staging: the refresh, its two barriers (after reads of the first call),
     * two copies out. */
    check_fill_calls(ctx, 1, 1 + 2);
    ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), async_fallback(ctx) ? 2 : 0);
    ID3D12GraphicsCommandList_SetPredication(t.list, NULL, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, size, "predicated fills");
    free(expected);
    ID3D12Resource_Release(predicate);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* A discrete device (the spy's masking): a fill larger than one chunk copies the chunk
 * into a VRAM staging block once and repeats its copies from there; a fill of one
 * chunk or less copies straight from the upload chunk. */
ASYNC_TEST(test_fill_discrete_staging)
{
    const UINT64 size = 4 * MIB;
    struct rt_fallback_pool_stats stats;
    D3D12_FILL_BUFFER_DESC descs[3];
    unsigned char *expected;
    ID3D12Resource *buffer;
    struct test_context t;

    async_use_discrete_spy(ctx);
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    buffer = default_buffer(&t, size);
    expected = poisoned(&t, buffer, size, 13);
    descs[0] = raw_fill(buffer, 0, 4, (UINT)(3 * MIB / 4 + 1), 0x71);
    descs[1] = raw_fill(buffer, 3 * MIB + 8, 8, 1000, 0x72);
    descs[2] = raw_fill(buffer, 3 * MIB + 64 * 1024, 16, (UINT)(MIB / 16), 0x73);
    apply_fill_desc(expected, size, &descs[0]);
    apply_fill_desc(expected, size, &descs[1]);
    apply_fill_desc(expected, size, &descs[2]);

    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &descs[0]);
    /* The chunk into staging, 4 copies out of it (3 MiB + 4 bytes). */
    check_fill_calls(ctx, 1, 1 + 4);
    ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), async_fallback(ctx) ? 1 : 0);
    /* An upload buffer and a staging block. */
    ck_assert_uint_eq(async_spy_count(ctx, "CreateHeapAndResource"), async_fallback(ctx) ? 2 : 0);
    async_pool_stats(&t, &stats);
    ck_assert_uint_eq(stats.owned_bytes, async_fallback(ctx) ? 2 * MIB : 0);

    /* Small fills of the same call need no staging: straight from their chunks. */
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 2, &descs[1]);
    check_fill_calls(ctx, 1, 2);
    ck_assert_uint_eq(async_spy_count(ctx, "Barrier"), 0);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, size, "staged fills");
    free(expected);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* ---- Allocator-owned memory and pools ------------------------------------------------ */

/* Buffers come back to the pools only after the allocator's successful Reset: a list
 * Reset alone recycles nothing, nor does a Reset refused while a list records. */
ASYNC_TEST(test_fill_pools_recycled_after_reset)
{
    struct rt_fallback_pool_stats stats;
    D3D12_FILL_BUFFER_DESC desc;
    unsigned char expected[64];
    ID3D12Resource *buffer;
    struct test_context t;
    size_t creates;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = default_buffer(&t, MIB);
    desc = raw_fill(buffer, 0, 4, MIB / 4, 0x31);
    apply_fill(expected, 64, 0, desc.FillValue.Bytes, 4, 16);

    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    execute_only(&t);
    creates = async_spy_count(ctx, "CreateHeapAndResource");
    ck_assert_uint_eq(creates, async_fallback(ctx) ? 1 : 0);

    /* The list again, the allocator not reset: the chunk is still the allocator's. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    execute_only(&t);
    ck_assert_uint_eq(async_spy_count(ctx, "CreateHeapAndResource"), async_fallback(ctx) ? 2 : 0);
    async_pool_stats(&t, &stats);
    ck_assert_uint_eq(stats.created, async_fallback(ctx) ? 2 : 0);
    ck_assert_uint_eq(stats.reused, 0);
    ck_assert_uint_eq(stats.kept_bytes, 0);
    ck_assert_uint_eq(stats.owned_bytes, async_fallback(ctx) ? 2 * MIB : 0);

    /* The allocator's Reset hands both back. */
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(t.allocator), S_OK);
    async_pool_stats(&t, &stats);
    ck_assert_uint_eq(stats.kept_bytes, async_fallback(ctx) ? 2 * MIB : 0);
    ck_assert_uint_eq(stats.kept_count, async_fallback(ctx) ? 2 : 0);
    ck_assert_uint_eq(stats.owned_bytes, 0);

    /* Now the fill takes a kept buffer: no creation. */
    async_spy_clear(ctx);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    ck_assert_uint_eq(async_spy_count(ctx, "CreateHeapAndResource"), 0);
    async_pool_stats(&t, &stats);
    ck_assert_uint_eq(stats.reused, async_fallback(ctx) ? 1 : 0);
    ck_assert_uint_eq(stats.kept_bytes, async_fallback(ctx) ? MIB : 0);
    ck_assert_uint_eq(stats.owned_bytes, async_fallback(ctx) ? MIB : 0);
    /* Refused while the list records: nothing moves. */
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(t.allocator), E_FAIL);
    async_pool_stats(&t, &stats);
    ck_assert_uint_eq(stats.owned_bytes, async_fallback(ctx) ? MIB : 0);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, 64, "recycled chunk");
    ck_assert_uint_eq(stats.destroyed, 0);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* A loop of large fills, each needing a 1 MiB chunk of its own: what the pools keep
 * between recordings stays within the budget, least recently kept evicted first, and
 * none of what a recording holds is touched until its allocator is reset. */
ASYNC_TEST(test_fill_budget)
{
    const unsigned int budget_buffers = RT_FALLBACK_POOL_BUDGET / MIB, fills = budget_buffers + 12;
    struct rt_fallback_pool_stats stats;
    D3D12_FILL_BUFFER_DESC desc;
    unsigned char expected[64];
    ID3D12Resource *buffer;
    struct test_context t;
    unsigned int round, i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = default_buffer(&t, MIB);
    for (round = 0; round < 2; ++round)
    {
        for (i = 0; i < fills; ++i)
        {
            /* A new pattern each time: no chunk to reuse. */
            desc = raw_fill(buffer, 0, 4, MIB / 4, (UINT8)(i + round));
            ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
        }
        apply_fill(expected, 64, 0, desc.FillValue.Bytes, 4, 16);
        async_pool_stats(&t, &stats);
        ck_assert_uint_eq(stats.owned_bytes, async_fallback(ctx) ? (UINT64)fills * MIB : 0);
        ck_assert_uint_eq(stats.kept_bytes, 0);
        /* Executes, then resets the allocator: 12 MiB more than the budget handed back,
         * the budget kept. */
        execute_and_wait(&t);
        async_pool_stats(&t, &stats);
        ck_assert_uint_le(stats.kept_bytes, RT_FALLBACK_POOL_BUDGET);
        ck_assert_uint_eq(stats.kept_bytes, async_fallback(ctx) ? RT_FALLBACK_POOL_BUDGET : 0);
        ck_assert_uint_eq(stats.created, async_fallback(ctx) ? fills + round * (fills - budget_buffers) : 0);
        ck_assert_uint_eq(stats.reused, round * (async_fallback(ctx) ? budget_buffers : 0));
        ck_assert_uint_eq(stats.destroyed, async_fallback(ctx) ? (round + 1) * (fills - budget_buffers) : 0);
        check_buffer(&t, buffer, expected, 64, "budget loop");
    }
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* The private descriptor blocks: 64 descriptors each, used linearly, reused from their
 * start after the allocator's Reset; and the upload service's arguments. */
ASYNC_TEST(test_fallback_descriptor_blocks)
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE rtv[65], dsv, again;
    struct rt_fallback_pool_stats stats;
    struct fb_buffer_span a, b;
    struct fb_services s;
    struct test_context t;
    UINT size, i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    size = ID3D12Device_GetDescriptorHandleIncrementSize(t.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    rt_fallback_services(rt_command_list_from_iface(async_list(&t)), &s);
    async_spy_clear(ctx);
    for (i = 0; i < ARRAY_SIZE(rtv); ++i)
        ck_assert_int_eq(s.descriptor(s.context, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, &rtv[i]), S_OK);
    for (i = 1; i < 64; ++i)
        ck_assert_uint_eq(rtv[i].ptr, rtv[0].ptr + i * size);
    ck_assert_uint_eq(async_spy_count(ctx, "CreateDescriptorHeap"), 2);
    ck_assert_int_eq(s.descriptor(s.context, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, &dsv), S_OK);
    ck_assert_int_eq(s.descriptor(s.context, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, &again), E_INVALIDARG);
    async_pool_stats(&t, &stats);
    ck_assert_uint_eq(stats.descriptor_blocks, 3);

    /* Upload spans: sizes 1 to 1 MiB, power-of-two alignments up to 256. */
    ck_assert_int_eq(s.upload(s.context, 0, 16, &a), E_INVALIDARG);
    ck_assert_int_eq(s.upload(s.context, MIB + 1, 16, &a), E_INVALIDARG);
    ck_assert_int_eq(s.upload(s.context, 16, 3, &a), E_INVALIDARG);
    ck_assert_int_eq(s.upload(s.context, 16, 512, &a), E_INVALIDARG);
    ck_assert_int_eq(s.staging(s.context, MIB + 1, &a), E_INVALIDARG);
    ck_assert_int_eq(s.upload(s.context, 100, 16, &a), S_OK);
    ck_assert_int_eq(s.upload(s.context, 100, 256, &b), S_OK);
    ck_assert_ptr_eq(a.buffer.pDrvPrivate, b.buffer.pDrvPrivate);
    ck_assert_uint_eq(b.offset, 256);
    ck_assert_uint_eq(b.gpu_va, a.gpu_va - a.offset + 256);
    ck_assert_ptr_eq(b.cpu, (char *)a.cpu + 256 - a.offset);
    memset(a.cpu, 1, 100);
    memset(b.cpu, 2, 100);

    /* After the allocator's Reset the same descriptors come back, no new heap. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), S_OK);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(t.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
    rt_fallback_services(rt_command_list_from_iface(async_list(&t)), &s);
    for (i = 0; i < ARRAY_SIZE(rtv); ++i)
    {
        ck_assert_int_eq(s.descriptor(s.context, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, &again), S_OK);
        ck_assert_uint_eq(again.ptr, rtv[i].ptr);
    }
    ck_assert_int_eq(s.descriptor(s.context, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, &again), S_OK);
    ck_assert_uint_eq(again.ptr, dsv.ptr);
    ck_assert_uint_eq(async_spy_count(ctx, "CreateDescriptorHeap"), 3);
    async_pool_stats(&t, &stats);
    ck_assert_uint_eq(stats.descriptor_blocks, 3);
    test_context_destroy(&t);
}

/* The list feeds the scope tracker from its barriers on a FALLBACK device; its Reset
 * forgets them. */
ASYNC_TEST(test_fill_scope_tracking)
{
    const struct fb_scope *scope;
    struct rt_command_list *list;
    ID3D12Resource *buffer, *other;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = default_buffer(&t, 256);
    other = default_buffer(&t, 256);
    list = rt_command_list_from_iface(async_list(&t));
    track_buffer(async_list(&t), buffer);
    transition_resource(&t, other, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_COPY_SOURCE);
    if (!async_fallback(ctx))
    {
        ck_assert_ptr_null(list->fallback);
    }
    else
    {
        ck_assert_ptr_nonnull(scope = fb_scope_find(&list->fallback->scopes,
                                                    rt_resource_from_iface(buffer)->hdrv));
        ck_assert_int_eq(scope->sync, D3D12_BARRIER_SYNC_COPY);
        ck_assert_int_eq(scope->access, D3D12_BARRIER_ACCESS_COPY_DEST);
        ck_assert_ptr_nonnull(scope = fb_scope_find(&list->fallback->scopes, rt_resource_from_iface(other)->hdrv));
        ck_assert_int_eq(scope->access, D3D12_BARRIER_ACCESS_COPY_SOURCE);
    }
    execute_and_wait(&t);
    if (async_fallback(ctx))
    {
        ck_assert_ptr_null(fb_scope_find(&list->fallback->scopes, rt_resource_from_iface(buffer)->hdrv));
        ck_assert_ptr_null(fb_scope_find(&list->fallback->scopes, rt_resource_from_iface(other)->hdrv));
    }
    ID3D12Resource_Release(other);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* ---- Out of memory ------------------------------------------------------------------------ */

/* The fallback's memory runs out (the test hook fails its next buffer): the list is
 * removed as out of memory with the message, Close says so, nothing was recorded, and
 * after the allocator's and the list's Reset the same fill lands. Natively the
 * driver fills and the hook has nothing to fail. */
ASYNC_TEST(test_fill_out_of_memory)
{
    const UINT64 size = 4096;
    struct async_message message;
    D3D12_FILL_BUFFER_DESC desc;
    unsigned char *expected;
    ID3D12Resource *buffer;
    struct test_context t;

    async_enable_debug_layer();
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = default_buffer(&t, size);
    expected = poisoned(&t, buffer, size, 13);
    desc = raw_fill(buffer, 0, 8, 512, 0x21);
    apply_fill_desc(expected, size, &desc);

    rt_testing_fail_fallback_buffers(rt_device_from_iface(t.device), 1);
    async_clear_messages(t.device);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    if (async_fallback(ctx))
    {
        check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY, &message);
        ck_assert_ptr_nonnull(strstr(message.text, "out of memory"));
        ck_assert_uint_eq(async_spy_count(ctx, "CopyBufferRegion"), 0);
        check_close(t.list, E_OUTOFMEMORY);
        ck_assert_int_eq(ID3D12CommandAllocator_Reset(t.allocator), S_OK);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
        ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    }
    check_fill_calls(ctx, 1, 1);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, size, "fill after out of memory");
    free(expected);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* Refuse-and-retry (seed 003): a buffer the fallback cannot create makes the pools let
 * everything they keep go, and the creation is tried once more. One failure with a
 * kept buffer in the pools: the fill lands and the pools are empty. Two failures: the
 * list is removed as out of memory. One failure with nothing kept: nothing to try
 * again with, removed. */
ASYNC_TEST(test_fill_retry_after_letting_go)
{
    const UINT64 small = 4096, large = 4 * 1024 * 1024;
    struct rt_fallback_pool_stats stats;
    struct async_message message;
    D3D12_FILL_BUFFER_DESC desc;
    unsigned char *expected;
    ID3D12Resource *buffer;
    struct test_context t;

    async_enable_debug_layer();
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = default_buffer(&t, large);
    expected = poisoned(&t, buffer, large, 14);

    /* A small fill leaves its 64 KiB upload buffer in the pools. */
    desc = raw_fill(buffer, 0, 8, small, 0x31);
    apply_fill_desc(expected, large, &desc);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    execute_and_wait(&t);
    async_pool_stats(&t, &stats);
    if (async_fallback(ctx))
        ck_assert_uint_eq(stats.kept_count, 1);

    /* The large fill needs a 1 MiB buffer: the first creation fails, the kept buffer
     * goes, the second creation works. */
    rt_testing_fail_fallback_buffers(rt_device_from_iface(t.device), 1);
    async_clear_messages(t.device);
    desc = raw_fill(buffer, 0, 16, large, 0x32);
    apply_fill_desc(expected, large, &desc);
    ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
    check_no_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR);
    execute_and_wait(&t);
    check_buffer(&t, buffer, expected, large, "fill after letting go");
    async_pool_stats(&t, &stats);
    if (async_fallback(ctx))
    {
        ck_assert_uint_eq(stats.let_go, 1);
        ck_assert_uint_eq(stats.kept_count, 1);     /* the 1 MiB buffer, back from the fill */
        ck_assert_uint_eq(stats.destroyed, 1);

        /* The small fill again (no 64 KiB buffer kept): both tries fail. */
        rt_testing_fail_fallback_buffers(rt_device_from_iface(t.device), 2);
        desc = raw_fill(buffer, 0, 8, small, 0x33);
        ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
        check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY, &message);
        check_close(t.list, E_OUTOFMEMORY);
        async_pool_stats(&t, &stats);
        ck_assert_uint_eq(stats.let_go, 2);
        ck_assert_uint_eq(stats.kept_count, 0);

        /* Nothing kept: one failure removes the list. */
        ck_assert_int_eq(ID3D12CommandAllocator_Reset(t.allocator), S_OK);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
        rt_testing_fail_fallback_buffers(rt_device_from_iface(t.device), 1);
        ID3D12GraphicsCommandList12_FillBuffers(async_list(&t), 1, &desc);
        check_close(t.list, E_OUTOFMEMORY);
        async_pool_stats(&t, &stats);
        ck_assert_uint_eq(stats.let_go, 2);
        ck_assert_int_eq(ID3D12CommandAllocator_Reset(t.allocator), S_OK);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
    }
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(t.device), S_OK);
    free(expected);
    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}

/* ---- Several threads ---------------------------------------------------------------------- */

#define FILL_THREADS 4
#define FILL_ROUNDS 3

struct fill_thread
{
    ID3D12Device *device;
    unsigned int index;
    char failure[160];          /* empty: success */
};

#define THREAD_CHECK(th, cond, ...) \
    do { if (!(cond) && !(th)->failure[0]) snprintf((th)->failure, sizeof((th)->failure), __VA_ARGS__); } while (0)

/* Each thread records fills on its own queue, allocator and list, against the one
 * device's pools (even threads: the upload route) and fill pipeline (odd threads: the
 * compute route), and checks what lands. */
static void *fill_thread_main(void *arg)
{
    const D3D12_COMMAND_QUEUE_DESC queue_desc = {D3D12_COMMAND_LIST_TYPE_DIRECT};
    const D3D12_HEAP_PROPERTIES heaps[2] = {{.Type = D3D12_HEAP_TYPE_DEFAULT}, {.Type = D3D12_HEAP_TYPE_READBACK}};
    const UINT64 size = 2 * MIB + 4096;
    struct fill_thread *th = arg;
    ID3D12GraphicsCommandList12 *list12 = NULL;
    ID3D12GraphicsCommandList *list = NULL;
    ID3D12CommandAllocator *allocator = NULL;
    ID3D12Resource *buffer = NULL, *readback = NULL;
    D3D12_FILL_BUFFER_DESC descs[3];
    ID3D12CommandQueue *queue = NULL;
    ID3D12CommandList *lists[1];
    D3D12_RANGE range = {0, 0};
    unsigned char *expected;
    ID3D12Fence *fence = NULL;
    D3D12_RESOURCE_DESC desc;
    unsigned int round, i;
    unsigned char *data;
    bool compute;

    expected = malloc(size);
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = size;
    desc.Height = desc.DepthOrArraySize = desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    /* Odd threads fill a UAV buffer whose scope their list tracks: the compute route,
     * whose pipeline the first fills of several threads create at once. */
    compute = th->index & 1;
    if (compute)
        desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    THREAD_CHECK(th, expected && SUCCEEDED(ID3D12Device_CreateCommandQueue(th->device, &queue_desc,
                 &IID_ID3D12CommandQueue, (void **)&queue)), "queue");
    THREAD_CHECK(th, SUCCEEDED(ID3D12Device_CreateCommandAllocator(th->device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                 &IID_ID3D12CommandAllocator, (void **)&allocator)), "allocator");
    THREAD_CHECK(th, SUCCEEDED(ID3D12Device_CreateCommandList(th->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT,
                 allocator, NULL, &IID_ID3D12GraphicsCommandList, (void **)&list)), "list");
    THREAD_CHECK(th, SUCCEEDED(ID3D12Device_CreateFence(th->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                 (void **)&fence)), "fence");
    THREAD_CHECK(th, SUCCEEDED(ID3D12Device_CreateCommittedResource(th->device, &heaps[0], D3D12_HEAP_FLAG_NONE,
                 &desc, D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&buffer)), "buffer");
    desc.Flags = D3D12_RESOURCE_FLAG_NONE;
    THREAD_CHECK(th, SUCCEEDED(ID3D12Device_CreateCommittedResource(th->device, &heaps[1], D3D12_HEAP_FLAG_NONE,
                 &desc, D3D12_RESOURCE_STATE_COPY_DEST, NULL, &IID_ID3D12Resource, (void **)&readback)), "readback");
    if (th->failure[0])
        goto done;
    ID3D12GraphicsCommandList_QueryInterface(list, &IID_ID3D12GraphicsCommandList12, (void **)&list12);
    lists[0] = (ID3D12CommandList *)list;

    for (round = 0; round < FILL_ROUNDS && !th->failure[0]; ++round)
    {
        memset(expected, 0, size);
        if (compute)
            track_buffer(list12, buffer);
        /* Patterns differ per thread and round: nothing can come from another's chunk. */
        descs[0] = raw_fill(buffer, 0, 4, (UINT)(size / 4), (UINT8)(th->index * 16 + round * 4 + 1));
        descs[1] = raw_fill(buffer, MIB + 12, 12, 5000, (UINT8)(th->index * 16 + round * 4 + 2));
        descs[2] = raw_fill(buffer, 2 * MIB + 8, 8, 100, (UINT8)(th->index * 16 + round * 4 + 3));
        for (i = 0; i < ARRAY_SIZE(descs); ++i)
        {
            ID3D12GraphicsCommandList12_FillBuffers(list12, 1, &descs[i]);
            apply_fill_desc(expected, size, &descs[i]);
        }
        /* The fills' copies before the read-back copy. */
        async_buffer_barrier(list12, buffer, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_DEST,
                             D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_SOURCE);
        ID3D12GraphicsCommandList_CopyBufferRegion(list, readback, 0, buffer, 0, size);
        THREAD_CHECK(th, ID3D12GraphicsCommandList_Close(list) == S_OK, "thread %u round %u: Close", th->index,
                     round);
        ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
        THREAD_CHECK(th, SUCCEEDED(ID3D12CommandQueue_Signal(queue, fence, round + 1)), "Signal");
        THREAD_CHECK(th, SUCCEEDED(ID3D12Fence_SetEventOnCompletion(fence, round + 1, NULL)), "wait");
        /* Concurrent Resets hand buffers back to the shared pools. */
        THREAD_CHECK(th, ID3D12CommandAllocator_Reset(allocator) == S_OK, "allocator Reset");
        THREAD_CHECK(th, ID3D12GraphicsCommandList_Reset(list, allocator, NULL) == S_OK, "list Reset");
        if (SUCCEEDED(ID3D12Resource_Map(readback, 0, &range, (void **)&data)))
        {
            for (i = 0; i < size; ++i)
            {
                if (data[i] != expected[i])
                {
                    THREAD_CHECK(th, false, "thread %u round %u: byte %u is %#x, expected %#x", th->index, round,
                                 i, data[i], expected[i]);
                    break;
                }
            }
            ID3D12Resource_Unmap(readback, 0, NULL);
        }
    }
    ID3D12GraphicsCommandList12_Release(list12);

done:
    if (readback)
        ID3D12Resource_Release(readback);
    if (buffer)
        ID3D12Resource_Release(buffer);
    if (fence)
        ID3D12Fence_Release(fence);
    if (list)
        ID3D12GraphicsCommandList_Release(list);
    if (allocator)
        ID3D12CommandAllocator_Release(allocator);
    if (queue)
        ID3D12CommandQueue_Release(queue);
    free(expected);
    return NULL;
}

ASYNC_TEST(test_fill_threads)
{
    struct fill_thread threads[FILL_THREADS];
    struct rt_fallback_pool_stats stats;
    pthread_t ids[FILL_THREADS];
    struct test_context t;
    unsigned int i;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    for (i = 0; i < FILL_THREADS; ++i)
    {
        memset(&threads[i], 0, sizeof(threads[i]));
        threads[i].device = t.device;
        threads[i].index = i;
        ck_assert_int_eq(pthread_create(&ids[i], NULL, fill_thread_main, &threads[i]), 0);
    }
    for (i = 0; i < FILL_THREADS; ++i)
        ck_assert_int_eq(pthread_join(ids[i], NULL), 0);
    for (i = 0; i < FILL_THREADS; ++i)
        ck_assert_msg(!threads[i].failure[0], "%s: %s", async_mode_name(ctx->mode), threads[i].failure);
    async_pool_stats(&t, &stats);
    /* Every allocator is gone: all its buffers were kept or destroyed, and the pools
     * served later rounds. */
    ck_assert_uint_eq(stats.owned_bytes, 0);
    ck_assert_uint_eq(stats.created - stats.destroyed, stats.kept_count);
    if (async_fallback(ctx))
        ck_assert_uint_gt(stats.reused, 0);
    else
        ck_assert_uint_eq(stats.created, 0);
    /* The odd threads' fills were dispatches (3 per round each) where the driver runs the
     * runtime's DXBC fill shader, else upload copies. */
    ck_assert_uint_eq(async_spy_count(ctx, "Dispatch"), async_fallback(ctx) && test_probe_dxbc(t.device)
                      ? FILL_THREADS / 2 * FILL_ROUNDS * 3 : 0);
    test_context_destroy(&t);
}

Suite *async_fill_suite(void)
{
    Suite *suite = suite_create("async_fill");
    struct async_tcases tcases;

    async_tcases_create(suite, "fill", &tcases);
    async_tcase_add(&tcases, test_fill_raw);
    async_tcase_add(&tcases, test_fill_formatted);
    async_tcase_add(&tcases, test_fill_overlapping);
    async_tcase_add(&tcases, test_fill_large);
    async_tcase_add(&tcases, test_fill_cpu_heaps);
    async_tcase_add(&tcases, test_fill_predicated);
    async_tcase_add(&tcases, test_fill_discrete_staging);
    async_tcase_add(&tcases, test_fill_scope_tracking);
    async_tcases_create(suite, "fill_memory", &tcases);
    async_tcases_set_timeout(&tcases, 300);
    async_tcase_add(&tcases, test_fill_pools_recycled_after_reset);
    async_tcase_add(&tcases, test_fill_budget);
    async_tcase_add(&tcases, test_fill_out_of_memory);
    async_tcase_add(&tcases, test_fill_retry_after_letting_go);
    async_tcase_add(&tcases, test_fallback_descriptor_blocks);
    async_tcase_add(&tcases, test_fill_threads);
    return suite;
}

TEST_MAIN(async_fill_suite())
