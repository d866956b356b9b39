/*
 * The FillBuffers planner (fallback/fb_plan_fill.h) as a pure function, without a
 * device: the clamped size, the route of each fill for every compute condition of seed
 * 000 (with fake caps, shader support on or off), the
 * grouping and the de-duplicated compute destinations, the reuse of the last chunk, and
 * VRAM staging on discrete devices.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "fb_plan_fill.h"
#include "test_run.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MIB (1024u * 1024u)

/* Fake driver handles: addresses nobody dereferences. */
static char handles[8];

static D3D12DDI_HRESOURCE handle(unsigned int i)
{
    D3D12DDI_HRESOURCE h = {&handles[i]};

    return h;
}

/* A batch under construction, with caps that allow the compute route. */
struct batch
{
    struct fb_fill_caps caps;
    struct fb_scope_tracker scopes;
    struct fb_fill_recording recording;
    struct fb_fill_request request;
    D3D12DDI_FILL_BUFFER_DESC descs[8];
    struct fb_fill_buffer buffers[8];
    struct fb_fill_plan plan;
};

static void track_buffer(struct batch *b, unsigned int h, D3D12_BARRIER_SYNC sync, D3D12_BARRIER_ACCESS access)
{
    D3D12DDIARG_BARRIER_0124 barrier;

    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_BARRIER_TYPE_BUFFER;
    barrier.Buffer.SyncBefore = D3D12_BARRIER_SYNC_ALL;
    barrier.Buffer.AccessBefore = D3D12_BARRIER_ACCESS_COMMON;
    barrier.Buffer.SyncAfter = sync;
    barrier.Buffer.AccessAfter = access;
    barrier.Buffer.hResource = handle(h);
    barrier.Buffer.Size = UINT64_MAX;
    ck_assert(fb_scope_track_barriers(&b->scopes, 1, &barrier));
}

static void batch_init(struct batch *b)
{
    memset(b, 0, sizeof(*b));
    b->caps.feature_level = D3D_FEATURE_LEVEL_11_0;
    b->caps.shader_support = true;
    b->caps.discrete = false;
    fb_scope_tracker_init(&b->scopes);
    b->request.caps = &b->caps;
    b->request.list_type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    b->request.compute_state_restorable = true;
    b->request.scopes = &b->scopes;
    b->request.recording = &b->recording;
    b->request.descs = b->descs;
    b->request.buffers = b->buffers;
    /* Buffers 1 to 3 are tracked (the list put barriers on them). */
    track_buffer(b, 1, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_DEST);
    track_buffer(b, 2, D3D12_BARRIER_SYNC_COMPUTE_SHADING, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS);
    track_buffer(b, 3, D3D12_BARRIER_SYNC_ALL_SHADING, D3D12_BARRIER_ACCESS_SHADER_RESOURCE);
}

static void batch_cleanup(struct batch *b)
{
    fb_fill_plan_cleanup(&b->plan);
    fb_scope_tracker_cleanup(&b->scopes);
}

/* A raw fill of a UAV-capable DEFAULT buffer of `width` bytes. */
static void add_raw(struct batch *b, unsigned int h, UINT64 width, UINT64 offset, UINT size, UINT repeat,
                    UINT8 seed)
{
    UINT i = b->request.count++;
    UINT j;

    b->descs[i].hBuffer = handle(h);
    b->descs[i].Offset = offset;
    b->descs[i].RawPatternSizeInBytes = size;
    b->descs[i].RepeatCount = repeat;
    for (j = 0; j < 16; ++j)
        b->descs[i].FillValue.Bytes[j] = (UINT8)(seed + j);
    b->buffers[i].width = width;
    b->buffers[i].heap_type = D3D12_HEAP_TYPE_DEFAULT;
    b->buffers[i].allow_uav = true;
    b->buffers[i].gpu_va = 0x100000000ull * h;
}

static void plan_ok(struct batch *b)
{
    struct fb_rejection rejection;

    fb_fill_plan_cleanup(&b->plan);
    ck_assert_int_eq(fb_plan_fills(&b->request, &b->plan, &rejection), S_OK);
    ck_assert_uint_eq(b->plan.count, b->request.count);
}

START_TEST(test_clamped_bytes)
{
    ck_assert_uint_eq(fb_fill_clamped_bytes(256, 0, 4, 16), 64);
    ck_assert_uint_eq(fb_fill_clamped_bytes(256, 0, 4, 1000), 256);
    /* Whole patterns only: 8 bytes left hold no 12-byte pattern, 20 hold one. */
    ck_assert_uint_eq(fb_fill_clamped_bytes(256, 248, 12, 1000), 0);
    ck_assert_uint_eq(fb_fill_clamped_bytes(256, 236, 12, 1000), 12);
    ck_assert_uint_eq(fb_fill_clamped_bytes(256, 256, 1, 5), 0);
    ck_assert_uint_eq(fb_fill_clamped_bytes(256, 0, 16, 0), 0);
    ck_assert_uint_eq(fb_fill_clamped_bytes(1ull << 40, 4, 16, UINT_MAX), (UINT64)UINT_MAX * 16);
    ck_assert_uint_eq(fb_fill_chunk_capacity(4), MIB);
    ck_assert_uint_eq(fb_fill_chunk_capacity(12), MIB / 12 * 12);
}
END_TEST

START_TEST(test_patterns)
{
    static const UINT8 r16[] = {0x34, 0x12};
    static const float rgba[] = {1.0f, -2.0f, 0.5f, 8.0f};
    struct fb_rejection rejection;
    struct batch b;

    batch_init(&b);
    add_raw(&b, 4, 256, 0, 12, 2, 0x40);
    add_raw(&b, 4, 256, 64, 2, 3, 0);
    b.descs[1].RawPatternSizeInBytes = 0;
    b.descs[1].Format = DXGI_FORMAT_R16_UINT;
    b.descs[1].FillValue.Uints[0] = 0xabcd1234;
    add_raw(&b, 4, 256, 128, 0, 1, 0);
    b.descs[2].Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
    memcpy(b.descs[2].FillValue.Floats, rgba, sizeof(rgba));
    plan_ok(&b);
    ck_assert_uint_eq(b.plan.entries[0].pattern.size, 12);
    ck_assert_uint_eq(b.plan.entries[0].pattern.bytes[0], 0x40);
    ck_assert_uint_eq(b.plan.entries[0].pattern.bytes[11], 0x4b);
    ck_assert_uint_eq(b.plan.entries[0].bytes, 24);
    ck_assert_uint_eq(b.plan.entries[1].pattern.size, 2);
    ck_assert_mem_eq(b.plan.entries[1].pattern.bytes, r16, 2);
    ck_assert_uint_eq(b.plan.entries[1].bytes, 6);
    ck_assert_uint_eq(b.plan.entries[2].pattern.size, 16);
    ck_assert_mem_eq(b.plan.entries[2].pattern.bytes, rgba, 16);

    /* A format without an encoding cannot be lowered. */
    b.descs[2].Format = DXGI_FORMAT_R32_TYPELESS;
    fb_fill_plan_cleanup(&b.plan);
    ck_assert_int_eq(fb_plan_fills(&b.request, &b.plan, &rejection), E_FAIL);
    ck_assert_int_eq(rejection.hr, E_FAIL);
    ck_assert_int_eq(rejection.id, D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED);
    ck_assert_msg(strstr(rejection.why, "FillBuffers: desc 2") != NULL, "%s", rejection.why);
    batch_cleanup(&b);
}
END_TEST

/* Every compute condition, one at a time: the fill then takes the upload route and
 * names the condition it missed. */
START_TEST(test_compute_conditions)
{
    struct batch b;

    batch_init(&b);
    add_raw(&b, 1, 4096, 16, 4, 64, 1);
    plan_ok(&b);
    ck_assert_int_eq(b.plan.entries[0].route, FB_FILL_ROUTE_COMPUTE);
    ck_assert_uint_eq(b.plan.entries[0].missing, 0);
    ck_assert_uint_eq(b.plan.chunk_count, 0);
    /* The root UAV the emitter binds: the buffer's address. */
    ck_assert_uint_eq(b.plan.entries[0].gpu_va, 0x100000000ull);
    /* A 12-byte pattern goes through root constants too. */
    b.descs[0].RawPatternSizeInBytes = 12;
    b.descs[0].RepeatCount = 4;
    plan_ok(&b);
    ck_assert_int_eq(b.plan.entries[0].route, FB_FILL_ROUTE_COMPUTE);
    b.descs[0].RawPatternSizeInBytes = 4;
    b.descs[0].RepeatCount = 64;

#define EXPECT_MISSING(bit) \
    do { \
        plan_ok(&b); \
        ck_assert_int_eq(b.plan.entries[0].route, FB_FILL_ROUTE_UPLOAD); \
        ck_assert_uint_eq(b.plan.entries[0].missing, (bit)); \
    } while (0)

    b.request.list_type = D3D12_COMMAND_LIST_TYPE_COPY;
    EXPECT_MISSING(FB_FILL_NEEDS_COMPUTE_LIST);
    b.request.list_type = D3D12_COMMAND_LIST_TYPE_COMPUTE;
    plan_ok(&b);
    ck_assert_int_eq(b.plan.entries[0].route, FB_FILL_ROUTE_COMPUTE);
    b.request.list_type = D3D12_COMMAND_LIST_TYPE_DIRECT;

    /* Offset and the clamped size in dwords. */
    b.descs[0].RawPatternSizeInBytes = 2;
    b.descs[0].Offset = 18;
    EXPECT_MISSING(FB_FILL_NEEDS_DWORD_ALIGNMENT);
    b.descs[0].Offset = 16;
    b.descs[0].RepeatCount = 3;
    EXPECT_MISSING(FB_FILL_NEEDS_DWORD_ALIGNMENT);
    /* 3 repetitions asked, 2 fit: the clamped size is what must be aligned. */
    b.descs[0].Offset = 4092;
    plan_ok(&b);
    ck_assert_uint_eq(b.plan.entries[0].bytes, 4);
    ck_assert_int_eq(b.plan.entries[0].route, FB_FILL_ROUTE_COMPUTE);
    b.descs[0].RawPatternSizeInBytes = 4;
    b.descs[0].Offset = 16;
    b.descs[0].RepeatCount = 64;

    b.descs[0].hBuffer = handle(5);
    EXPECT_MISSING(FB_FILL_NEEDS_TRACKED_SCOPE);
    b.request.scopes = NULL;
    b.descs[0].hBuffer = handle(1);
    EXPECT_MISSING(FB_FILL_NEEDS_TRACKED_SCOPE);
    b.request.scopes = &b.scopes;

    b.request.compute_state_restorable = false;
    EXPECT_MISSING(FB_FILL_NEEDS_RESTORABLE_STATE);
    b.request.compute_state_restorable = true;

    b.buffers[0].heap_type = D3D12_HEAP_TYPE_UPLOAD;
    EXPECT_MISSING(FB_FILL_NEEDS_GPU_HEAP);
    b.buffers[0].heap_type = D3D12_HEAP_TYPE_READBACK;
    EXPECT_MISSING(FB_FILL_NEEDS_GPU_HEAP);
    b.buffers[0].heap_type = D3D12_HEAP_TYPE_CUSTOM;
    plan_ok(&b);
    ck_assert_int_eq(b.plan.entries[0].route, FB_FILL_ROUTE_COMPUTE);
    b.buffers[0].heap_type = D3D12_HEAP_TYPE_DEFAULT;

    b.buffers[0].allow_uav = false;
    EXPECT_MISSING(FB_FILL_NEEDS_UAV);
    b.buffers[0].allow_uav = true;

    b.caps.feature_level = D3D_FEATURE_LEVEL_10_1;
    EXPECT_MISSING(FB_FILL_NEEDS_FEATURE_LEVEL);
    b.caps.feature_level = D3D_FEATURE_LEVEL_12_2;
    plan_ok(&b);
    ck_assert_int_eq(b.plan.entries[0].route, FB_FILL_ROUTE_COMPUTE);

    /* The built-in driver: no shader support, so every fill takes the upload route. */
    b.caps.shader_support = false;
    EXPECT_MISSING(FB_FILL_NEEDS_SHADERS);
    b.caps.shader_support = true;

    /* Several missing at once. */
    b.buffers[0].allow_uav = false;
    b.request.compute_state_restorable = false;
    EXPECT_MISSING(FB_FILL_NEEDS_UAV | FB_FILL_NEEDS_RESTORABLE_STATE);
#undef EXPECT_MISSING
    batch_cleanup(&b);
}
END_TEST

/* Fills that write nothing take no route and join no group. */
START_TEST(test_empty_fills)
{
    struct batch b;

    batch_init(&b);
    add_raw(&b, 1, 256, 256, 4, 8, 1);
    add_raw(&b, 1, 256, 0, 4, 0, 1);
    add_raw(&b, 1, 256, 248, 12, 9, 1);
    plan_ok(&b);
    ck_assert_int_eq(b.plan.entries[0].route, FB_FILL_ROUTE_NONE);
    ck_assert_int_eq(b.plan.entries[1].route, FB_FILL_ROUTE_NONE);
    ck_assert_int_eq(b.plan.entries[2].route, FB_FILL_ROUTE_NONE);
    ck_assert_uint_eq(b.plan.group_count, 0);
    ck_assert_uint_eq(b.plan.chunk_count, 0);
    ck_assert_ptr_null(fb_fill_plan_group(&b.plan, FB_FILL_ROUTE_UPLOAD));
    ck_assert_ptr_null(fb_fill_plan_group(&b.plan, FB_FILL_ROUTE_COMPUTE));
    batch_cleanup(&b);
}
END_TEST

/* Each route's fills form one group in call order, the upload group first; the compute
 * group names each destination once, with the scope to transition it from. */
START_TEST(test_grouping)
{
    const struct fb_fill_group *upload, *compute;
    struct batch b;

    batch_init(&b);
    add_raw(&b, 1, 4096, 0, 4, 4, 1);      /* compute */
    add_raw(&b, 4, 4096, 0, 4, 4, 2);      /* untracked: upload */
    add_raw(&b, 1, 4096, 64, 4, 4, 3);     /* compute, buffer 1 again */
    add_raw(&b, 2, 4096, 0, 1, 3, 4);      /* unaligned: upload */
    add_raw(&b, 2, 4096, 0, 8, 2, 5);      /* compute */
    add_raw(&b, 3, 4096, 0, 4, 0, 6);      /* nothing */
    add_raw(&b, 1, 4096, 128, 16, 1, 7);   /* compute, buffer 1 a third time */
    plan_ok(&b);

    ck_assert_uint_eq(b.plan.group_count, 2);
    ck_assert_int_eq(b.plan.groups[0].route, FB_FILL_ROUTE_UPLOAD);
    ck_assert_int_eq(b.plan.groups[1].route, FB_FILL_ROUTE_COMPUTE);
    upload = fb_fill_plan_group(&b.plan, FB_FILL_ROUTE_UPLOAD);
    compute = fb_fill_plan_group(&b.plan, FB_FILL_ROUTE_COMPUTE);
    ck_assert_uint_eq(upload->count, 2);
    ck_assert_uint_eq(upload->fills[0], 1);
    ck_assert_uint_eq(upload->fills[1], 3);
    ck_assert_uint_eq(compute->count, 4);
    ck_assert_uint_eq(compute->fills[0], 0);
    ck_assert_uint_eq(compute->fills[1], 2);
    ck_assert_uint_eq(compute->fills[2], 4);
    ck_assert_uint_eq(compute->fills[3], 6);
    ck_assert_int_eq(b.plan.entries[5].route, FB_FILL_ROUTE_NONE);

    ck_assert_uint_eq(b.plan.destination_count, 2);
    ck_assert_ptr_eq(b.plan.destinations[0].buffer.pDrvPrivate, handle(1).pDrvPrivate);
    ck_assert_int_eq(b.plan.destinations[0].before.sync, D3D12_BARRIER_SYNC_COPY);
    ck_assert_int_eq(b.plan.destinations[0].before.access, D3D12_BARRIER_ACCESS_COPY_DEST);
    ck_assert_ptr_eq(b.plan.destinations[1].buffer.pDrvPrivate, handle(2).pDrvPrivate);
    ck_assert_int_eq(b.plan.destinations[1].before.sync, D3D12_BARRIER_SYNC_COMPUTE_SHADING);
    ck_assert_int_eq(b.plan.destinations[1].before.access, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS);

    /* Upload only: one group. */
    b.caps.shader_support = false;
    plan_ok(&b);
    ck_assert_uint_eq(b.plan.group_count, 1);
    ck_assert_uint_eq(b.plan.groups[0].count, 6);
    ck_assert_uint_eq(b.plan.destination_count, 0);
    /* Compute only: one group, still first in the array. */
    b.caps.shader_support = true;
    b.request.count = 1;
    plan_ok(&b);
    ck_assert_uint_eq(b.plan.group_count, 1);
    ck_assert_int_eq(b.plan.groups[0].route, FB_FILL_ROUTE_COMPUTE);
    ck_assert_uint_eq(b.plan.groups[0].fills[0], 0);
    batch_cleanup(&b);
}
END_TEST

START_TEST(test_chunks)
{
    struct batch b;

    batch_init(&b);
    b.caps.shader_support = false;
    add_raw(&b, 1, 64 * MIB, 0, 4, 16, 1);            /* 64 bytes of A */
    add_raw(&b, 2, 64 * MIB, 0, 4, 8, 1);             /* A again, smaller: reuses */
    add_raw(&b, 2, 64 * MIB, 0, 4, 32, 1);            /* A, larger than the chunk: a new one */
    add_raw(&b, 3, 64 * MIB, 0, 4, 4, 2);             /* B */
    add_raw(&b, 3, 64 * MIB, 0, 4, 4, 1);             /* A: the last chunk is B's now */
    add_raw(&b, 1, 64 * MIB, 4, 2, 2, 1);             /* same first bytes, another size */
    plan_ok(&b);
    ck_assert_uint_eq(b.plan.chunk_count, 5);
    ck_assert_uint_eq(b.plan.entries[0].chunk, 0);
    ck_assert_uint_eq(b.plan.entries[1].chunk, 0);
    ck_assert_uint_eq(b.plan.entries[2].chunk, 1);
    ck_assert_uint_eq(b.plan.entries[3].chunk, 2);
    ck_assert_uint_eq(b.plan.entries[4].chunk, 3);
    ck_assert_uint_eq(b.plan.entries[5].chunk, 4);
    ck_assert_uint_eq(b.plan.chunks[0].size, 64);
    ck_assert_uint_eq(b.plan.chunks[1].size, 128);
    ck_assert_uint_eq(b.plan.chunks[4].size, 4);
    ck_assert(!b.plan.chunks[0].reuse_last);
    ck_assert_uint_eq(b.plan.entries[1].copy_size, 64);
    ck_assert_uint_eq(b.plan.entries[1].copy_count, 1);

    /* Large fills: chunks of at most 1 MiB of whole patterns, copied repeatedly. */
    b.request.count = 0;
    add_raw(&b, 1, 64 * MIB, 0, 4, 10 * MIB / 4 + 1, 3);
    add_raw(&b, 1, 64 * MIB, 0, 12, 3 * MIB / 12, 4);
    plan_ok(&b);
    ck_assert_uint_eq(b.plan.chunks[0].size, MIB);
    ck_assert_uint_eq(b.plan.entries[0].copy_size, MIB);
    ck_assert_uint_eq(b.plan.entries[0].copy_count, 11);
    ck_assert(!b.plan.entries[0].staged);
    ck_assert_uint_eq(b.plan.chunks[1].size, fb_fill_chunk_capacity(12));
    ck_assert_uint_eq(b.plan.entries[1].copy_count, 4);
    ck_assert_uint_eq(b.plan.entries[1].bytes, 3 * MIB / 12 * 12);
    batch_cleanup(&b);
}
END_TEST

/* The recording's last chunk, from an earlier call, is reused by a fill with its pattern
 * that it covers; the recording never changes in the planner. */
START_TEST(test_chunk_reuse_across_calls)
{
    struct batch b;

    batch_init(&b);
    b.caps.shader_support = false;
    add_raw(&b, 1, 4096, 0, 8, 16, 9);
    b.recording.has_last_chunk = true;
    b.recording.last_pattern.size = 8;
    memcpy(b.recording.last_pattern.bytes, b.descs[0].FillValue.Bytes, 8);
    b.recording.last_chunk.size = 256;
    plan_ok(&b);
    ck_assert_uint_eq(b.plan.chunk_count, 1);
    ck_assert(b.plan.chunks[0].reuse_last);
    ck_assert_uint_eq(b.plan.chunks[0].size, 256);
    ck_assert_uint_eq(b.plan.entries[0].copy_size, 256);
    ck_assert_uint_eq(b.plan.entries[0].copy_count, 1);
    /* Reused by the following fills of its pattern that it covers; one it does not
     * cover gets a chunk of its own. */
    add_raw(&b, 2, 4096, 0, 8, 32, 9);
    add_raw(&b, 2, 4096, 0, 8, 64, 9);
    plan_ok(&b);
    ck_assert_uint_eq(b.plan.chunk_count, 2);
    ck_assert_uint_eq(b.plan.entries[1].chunk, 0);
    ck_assert_uint_eq(b.plan.entries[2].chunk, 1);
    ck_assert(!b.plan.chunks[1].reuse_last);
    ck_assert_uint_eq(b.plan.chunks[1].size, 512);
    /* Another pattern: not reused. */
    b.request.count = 1;
    b.descs[0].FillValue.Bytes[3] ^= 1;
    plan_ok(&b);
    ck_assert(!b.plan.chunks[0].reuse_last);
    ck_assert(b.recording.has_last_chunk && b.recording.last_chunk.size == 256);
    batch_cleanup(&b);
}
END_TEST

START_TEST(test_staging)
{
    struct batch b;

    batch_init(&b);
    b.caps.shader_support = false;
    b.caps.discrete = true;
    add_raw(&b, 1, 64 * MIB, 0, 4, 3 * MIB / 4, 1);         /* 3 MiB: staged */
    add_raw(&b, 2, 64 * MIB, 0, 4, MIB / 4, 1);             /* exactly one chunk: not staged */
    add_raw(&b, 2, 64 * MIB, 0, 4, 2 * MIB / 4, 1);         /* staged, same pattern: no refresh */
    add_raw(&b, 3, 64 * MIB, 0, 4, 2 * MIB / 4 + 1, 2);     /* staged, new pattern: refresh */
    add_raw(&b, 3, 64 * MIB, 0, 4, 2 * MIB / 4, 1);         /* staged, back to the first: refresh */
    plan_ok(&b);
    ck_assert(b.plan.needs_staging);
    ck_assert(b.plan.entries[0].staged && b.plan.entries[0].refresh_staging);
    ck_assert_uint_eq(b.plan.entries[0].copy_size, MIB);
    ck_assert_uint_eq(b.plan.entries[0].copy_count, 3);
    ck_assert_uint_eq(b.plan.chunks[b.plan.entries[0].chunk].size, MIB);
    ck_assert(!b.plan.entries[1].staged);
    ck_assert_uint_eq(b.plan.entries[1].chunk, b.plan.entries[0].chunk);
    ck_assert(b.plan.entries[2].staged && !b.plan.entries[2].refresh_staging);
    ck_assert(b.plan.entries[3].staged && b.plan.entries[3].refresh_staging);
    ck_assert_uint_eq(b.plan.entries[3].copy_count, 3);
    ck_assert(b.plan.entries[4].staged && b.plan.entries[4].refresh_staging);
    ck_assert_uint_eq(b.plan.chunk_count, 3);

    /* The recording has a staging block already: nothing to allocate, but the first
     * staged fill of the call still refreshes it. */
    b.recording.has_staging = true;
    plan_ok(&b);
    ck_assert(!b.plan.needs_staging);
    ck_assert(b.plan.entries[0].refresh_staging);

    /* Protected fills and UMA devices are never staged. */
    b.buffers[0].is_protected = true;
    plan_ok(&b);
    ck_assert(!b.plan.entries[0].staged);
    ck_assert_uint_eq(b.plan.entries[0].copy_count, 3);
    b.buffers[0].is_protected = false;
    b.caps.discrete = false;
    plan_ok(&b);
    ck_assert(!b.plan.entries[0].staged && !b.plan.entries[2].staged && !b.plan.needs_staging);
    batch_cleanup(&b);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("fb_plan_fill");
    TCase *tc = tcase_create("plan_fill");

    tcase_add_test(tc, test_clamped_bytes);
    tcase_add_test(tc, test_patterns);
    tcase_add_test(tc, test_compute_conditions);
    tcase_add_test(tc, test_empty_fills);
    tcase_add_test(tc, test_grouping);
    tcase_add_test(tc, test_chunks);
    tcase_add_test(tc, test_chunk_reuse_across_calls);
    tcase_add_test(tc, test_staging);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, NULL);
}
