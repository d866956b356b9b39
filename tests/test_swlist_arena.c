/*
 * Software command lists' memory (issue 14, seed 000's ownership rule): a recording grows
 * in blocks its command allocator owns, and they are recycled only at the allocator's
 * Reset. The allocation hook (test_alloc_fail_hook.h) counts the host allocations of a
 * recording: after the allocator's Reset the same recording takes none of the blocks it
 * needed the first time; after a list Reset alone (the allocator keeps the previous
 * recording, which may still execute) it takes new ones. Every recording's bytes are
 * read back.
 */
#include "test_alloc_fail_hook.h"
#include "test_check.h"
#include "test_compute_util.h"
#include "test_run.h"
#include "rt_adapter.h"
#include "ddi_spy.h"

#include <limits.h>
#include <string.h>

/* 64 bytes of record each (decision D019): about three of the 64 KiB blocks. */
#define COPY_COUNT 3000u
#define BUFFER_SIZE 256u

struct arena_test
{
    struct test_context ctx;
    struct ddi_spy *spy;
    ID3D12Resource *src, *dst;
    uint8_t data[BUFFER_SIZE];
    unsigned int seed;
};

/* Records COPY_COUNT copies of src into dst (the last one wins: all the same bytes) and
 * returns how many allocations this thread made meanwhile. */
static unsigned int record_copies(struct arena_test *t)
{
    unsigned int i, seen;

    alloc_fail_arm(ALLOC_FAIL_MALLOC, UINT_MAX);
    for (i = 0; i < COPY_COUNT; ++i)
        ID3D12GraphicsCommandList_CopyBufferRegion(t->ctx.list, t->dst, 0, t->src, 0, BUFFER_SIZE);
    alloc_fail_disarm(&seen);
    return seen;
}

/* Executes the list (the helper then resets its allocator and it) and checks dst. */
static void execute_and_check(struct arena_test *t)
{
    uint8_t got[BUFFER_SIZE];

    execute_and_wait(&t->ctx);
    read_buffer(&t->ctx, t->dst, sizeof(got), got);
    ck_assert_msg(!memcmp(got, t->data, sizeof(got)), "the copies' bytes differ");
    poison_buffer(&t->ctx, t->dst, ++t->seed);
}

START_TEST(test_swlist_blocks_recycled_at_allocator_reset)
{
    const struct ddi_spy_masks masks = {.max_tiled_resources_tier = -1, .hide_command_lists = true};
    unsigned int first, after_allocator_reset, after_list_reset;
    struct arena_test t;

    memset(&t, 0, sizeof(t));
    ck_assert_ptr_nonnull(t.spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(t.spy);
    test_context_init(&t.ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    t.src = create_buffer(t.ctx.device, D3D12_HEAP_TYPE_DEFAULT, BUFFER_SIZE, D3D12_RESOURCE_FLAG_NONE,
                          D3D12_RESOURCE_STATE_COMMON);
    t.dst = create_buffer(t.ctx.device, D3D12_HEAP_TYPE_DEFAULT, BUFFER_SIZE, D3D12_RESOURCE_FLAG_NONE,
                          D3D12_RESOURCE_STATE_COMMON);
    fill_pattern(t.data, sizeof(t.data), 1);
    upload_buffer_data(&t.ctx, t.src, 0, t.data, sizeof(t.data));
    poison_buffer(&t.ctx, t.dst, ++t.seed);
    /* Each helper above executed and reset the allocator: every recording below starts
     * on an allocator just Reset. */
    first = record_copies(&t);
    execute_and_check(&t);
    after_allocator_reset = record_copies(&t);
    execute_and_check(&t);

    /* A recording the allocator keeps (closed, never executed), then a list Reset alone. */
    (void)record_copies(&t);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.ctx.list), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.ctx.list, t.ctx.allocator, NULL), S_OK);
    after_list_reset = record_copies(&t);
    execute_and_check(&t);

    /* The first recording needed at least two blocks beyond what any recording allocates
     * besides them; after the allocator's Reset it needs none of them again. */
    ck_assert_msg(first >= after_allocator_reset + 2, "first recording %u allocations, after the allocator's "
                  "Reset %u", first, after_allocator_reset);
    ck_assert_msg(after_list_reset >= after_allocator_reset + 2, "after a list Reset alone %u allocations, after "
                  "the allocator's Reset %u: blocks recycled while the allocator still owns the recording",
                  after_list_reset, after_allocator_reset);

    ID3D12Resource_Release(t.src);
    ID3D12Resource_Release(t.dst);
    test_context_destroy(&t.ctx);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(t.spy);
}
END_TEST

static Suite *swlist_arena_suite(void)
{
    Suite *suite = suite_create("swlist_arena");
    TCase *tc = tcase_create("blocks");

    tcase_add_test(tc, test_swlist_blocks_recycled_at_allocator_reset);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(swlist_arena_suite(), NULL);
}
