/* Dual-mode Async Commands tests (test_async.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async.h"
#include "test_config_guard.h"
#include "rt_adapter.h"
#include "rt_device.h"
#include "rt_fallback_services.h"
#include "ddi_spy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct async_ctx async_current;

static struct test_config_guard async_guard;

/* The mode's spy with `masks` (the mode decides force_async_commands). */
static void async_install_spy(struct async_ctx *ctx, const struct ddi_spy_masks *masks)
{
    struct ddi_spy_masks mode_masks = *masks;

    mode_masks.force_async_commands = ctx->mode == ASYNC_MODE_NATIVE;
    ck_assert_ptr_nonnull(ctx->spy = ddi_spy_create(&mode_masks, false));
    rt_testing_set_driver_spy(ctx->spy);
}

static const struct ddi_spy_masks async_plain_masks = {.max_tiled_resources_tier = -1};

static void async_setup_native(void)
{
    async_current.mode = ASYNC_MODE_NATIVE;
    async_install_spy(&async_current, &async_plain_masks);
}

static void async_setup_fallback(void)
{
    async_current.mode = ASYNC_MODE_FALLBACK;
    test_config_guard_begin(&async_guard, "[device]\nforce-async-commands-fallback = true\n");
    async_install_spy(&async_current, &async_plain_masks);
}

static void async_teardown_native(void)
{
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(async_current.spy);
    async_current.spy = NULL;
}

static void async_teardown_fallback(void)
{
    async_teardown_native();
    test_config_guard_end(&async_guard);
}

void async_use_masked_spy(struct async_ctx *ctx, const struct ddi_spy_masks *masks)
{
    ddi_spy_destroy(ctx->spy);
    async_install_spy(ctx, masks);
}

void async_use_discrete_spy(struct async_ctx *ctx)
{
    const struct ddi_spy_masks masks = {.max_tiled_resources_tier = -1, .report_discrete = true};

    async_use_masked_spy(ctx, &masks);
}

void async_use_emulated_render_passes(struct async_ctx *ctx)
{
    const struct ddi_spy_masks masks = {.max_tiled_resources_tier = -1, .hide_render_pass_table = true};

    async_use_masked_spy(ctx, &masks);
}

void async_pool_stats(struct test_context *t, struct rt_fallback_pool_stats *stats)
{
    rt_fallback_pool_stats(rt_device_from_iface(t->device), stats);
}

void async_tcases_create_(Suite *suite, const char *native_name, const char *fallback_name,
                          struct async_tcases *tcases)
{
    tcases->native = tcase_create(native_name);
    tcase_add_checked_fixture(tcases->native, async_setup_native, async_teardown_native);
    tcase_set_tags(tcases->native, ASYNC_TAG_NATIVE);
    suite_add_tcase(suite, tcases->native);
    tcases->fallback = tcase_create(fallback_name);
    tcase_add_checked_fixture(tcases->fallback, async_setup_fallback, async_teardown_fallback);
    tcase_set_tags(tcases->fallback, ASYNC_TAG_FALLBACK);
    suite_add_tcase(suite, tcases->fallback);
}

void async_tcases_set_timeout(struct async_tcases *tcases, double seconds)
{
    tcase_set_timeout(tcases->native, seconds);
    tcase_set_timeout(tcases->fallback, seconds);
}

const char *async_mode_name(enum async_mode mode)
{
    return mode == ASYNC_MODE_NATIVE ? "native" : "fallback";
}

void async_enable_debug_layer(void)
{
    ID3D12Debug *debug;

    ck_assert_int_eq(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
}

D3D12_ASYNC_COMMANDS_IMPL async_impl(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_ASYNC_COMMANDS data = {0};

    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_ASYNC_COMMANDS, &data, sizeof(data)),
                     S_OK);
    return data.Impl;
}

void async_context_init_(unsigned int line, const struct async_ctx *ctx, struct test_context *t,
                         D3D12_COMMAND_LIST_TYPE type)
{
    D3D12_ASYNC_COMMANDS_IMPL expected = ctx->mode == ASYNC_MODE_NATIVE ? D3D12_ASYNC_COMMANDS_IMPL_NATIVE
            : D3D12_ASYNC_COMMANDS_IMPL_FALLBACK;
    D3D12_ASYNC_COMMANDS_IMPL impl;

    test_context_init_(line, t, type);
    impl = async_impl(t->device);
    ck_assert_msg(impl == expected, "line %u: %s mode got Impl %d, expected %d", line, async_mode_name(ctx->mode),
                  impl, expected);
}

ID3D12GraphicsCommandList12 *async_list(struct test_context *t)
{
    ID3D12GraphicsCommandList12 *list12;

    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(t->list, &IID_ID3D12GraphicsCommandList12,
                                                              (void **)&list12), S_OK);
    ID3D12GraphicsCommandList12_Release(list12);
    return list12;
}

size_t async_spy_count(const struct async_ctx *ctx, const char *name)
{
    return ddi_spy_count(ctx->spy, name);
}

void async_spy_barrier_(unsigned int line, const struct async_ctx *ctx, size_t nth, struct async_barrier *barrier)
{
    size_t index = ddi_spy_find(ctx->spy, 0, "Barrier");
    struct ddi_spy_call call;
    const char *text;

    while (nth-- && index != (size_t)-1)
        index = ddi_spy_find(ctx->spy, index + 1, "Barrier");
    ck_assert_msg(index != (size_t)-1 && ddi_spy_get_call(ctx->spy, index, &call), "line %u: no such Barrier call",
                  line);
    text = strstr(call.args, " sync ");
    ck_assert_msg(text && sscanf(text, " sync 0x%x->0x%x access 0x%x->0x%x", &barrier->sync_before,
                                 &barrier->sync_after, &barrier->access_before, &barrier->access_after) == 4,
                  "line %u: Barrier %s", line, call.args);
    barrier->layout_before = barrier->layout_after = -1;
    if ((text = strstr(call.args, " layout ")))
        ck_assert_int_eq(sscanf(text, " layout %d->%d", &barrier->layout_before, &barrier->layout_after), 2);
}

void check_barrier_(unsigned int line, const struct async_barrier *barrier, unsigned int sync_before,
                    unsigned int sync_after, unsigned int access_before, unsigned int access_after, int layout_before,
                    int layout_after)
{
    ck_assert_msg(barrier->sync_before == sync_before && barrier->sync_after == sync_after
                  && barrier->access_before == access_before && barrier->access_after == access_after
                  && barrier->layout_before == layout_before && barrier->layout_after == layout_after,
                  "line %u (%s): barrier sync %#x->%#x access %#x->%#x layout %d->%d, expected sync %#x->%#x "
                  "access %#x->%#x layout %d->%d", line, async_mode_name(async_current.mode), barrier->sync_before,
                  barrier->sync_after, barrier->access_before, barrier->access_after, barrier->layout_before,
                  barrier->layout_after, sync_before, sync_after, access_before, access_after, layout_before,
                  layout_after);
}

size_t async_spy_total(const struct async_ctx *ctx)
{
    return ddi_spy_call_count(ctx->spy);
}

void async_spy_clear(const struct async_ctx *ctx)
{
    ddi_spy_clear(ctx->spy);
}

bool async_fallback(const struct async_ctx *ctx)
{
    return ctx->mode == ASYNC_MODE_FALLBACK;
}

void check_bytes_(unsigned int line, const void *got, const void *expected, size_t size, const char *what)
{
    const unsigned char *g = got, *e = expected;
    size_t i;

    for (i = 0; i < size; ++i)
    {
        if (g[i] != e[i])
            ck_abort_msg("line %u (%s, %s): byte %zu of %zu is %#x, expected %#x", line, what,
                         async_mode_name(async_current.mode), i, size, g[i], e[i]);
    }
}

void async_buffer_barrier(ID3D12GraphicsCommandList12 *list, ID3D12Resource *buffer, D3D12_BARRIER_SYNC sync_before,
                          D3D12_BARRIER_ACCESS access_before, D3D12_BARRIER_SYNC sync_after,
                          D3D12_BARRIER_ACCESS access_after)
{
    D3D12_BUFFER_BARRIER barrier;
    D3D12_BARRIER_GROUP group;

    memset(&barrier, 0, sizeof(barrier));
    barrier.SyncBefore = sync_before;
    barrier.AccessBefore = access_before;
    barrier.SyncAfter = sync_after;
    barrier.AccessAfter = access_after;
    barrier.pResource = buffer;
    barrier.Size = UINT64_MAX;
    group.Type = D3D12_BARRIER_TYPE_BUFFER;
    group.NumBarriers = 1;
    group.pBufferBarriers = &barrier;
    ID3D12GraphicsCommandList12_Barrier(list, 1, &group);
}

void check_close_(unsigned int line, ID3D12GraphicsCommandList *list, HRESULT expected)
{
    HRESULT hr = ID3D12GraphicsCommandList_Close(list);

    ck_assert_msg(hr == expected, "line %u: Close returned %#x, expected %#x", line, (unsigned int)hr,
                  (unsigned int)expected);
}

/* ---- Info queue ----------------------------------------------------------------------------- */

static ID3D12InfoQueue *async_info_queue(ID3D12Device *device)
{
    ID3D12InfoQueue *queue;

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);
    return queue;
}

UINT64 async_message_count(ID3D12Device *device)
{
    ID3D12InfoQueue *queue = async_info_queue(device);
    UINT64 count = ID3D12InfoQueue_GetNumStoredMessages(queue);

    ID3D12InfoQueue_Release(queue);
    return count;
}

void async_get_message(ID3D12Device *device, UINT64 index, struct async_message *message)
{
    ID3D12InfoQueue *queue = async_info_queue(device);
    D3D12_MESSAGE *m;
    SIZE_T size = 0;

    ck_assert_int_eq(ID3D12InfoQueue_GetMessage(queue, index, NULL, &size), S_OK);
    ck_assert_ptr_nonnull(m = malloc(size));
    ck_assert_int_eq(ID3D12InfoQueue_GetMessage(queue, index, m, &size), S_OK);
    message->category = m->Category;
    message->severity = m->Severity;
    message->id = m->ID;
    snprintf(message->text, sizeof(message->text), "%s", m->pDescription ? m->pDescription : "");
    free(m);
    ID3D12InfoQueue_Release(queue);
}

void async_clear_messages(ID3D12Device *device)
{
    ID3D12InfoQueue *queue = async_info_queue(device);

    ID3D12InfoQueue_ClearStoredMessages(queue);
    ID3D12InfoQueue_Release(queue);
}

void check_message_(unsigned int line, ID3D12Device *device, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
                    struct async_message *message)
{
    UINT64 i, count = async_message_count(device);
    struct async_message m;

    for (i = 0; i < count; ++i)
    {
        async_get_message(device, i, &m);
        if (m.severity == severity && m.id == id)
        {
            ck_assert_msg(m.category == D3D12_MESSAGE_CATEGORY_EXECUTION, "line %u: message %d has category %d",
                          line, id, m.category);
            if (message)
                *message = m;
            return;
        }
    }
    m.text[0] = 0;
    if (count)
        async_get_message(device, count - 1, &m);
    ck_abort_msg("line %u: no message with severity %d and id %d among %llu (last: %s)", line, severity, id,
                 (unsigned long long)count, m.text);
}

void check_no_message_(unsigned int line, ID3D12Device *device, D3D12_MESSAGE_SEVERITY severity)
{
    UINT64 i, count = async_message_count(device);
    struct async_message m;

    for (i = 0; i < count; ++i)
    {
        async_get_message(device, i, &m);
        ck_assert_msg(m.severity != severity, "line %u: unexpected message %d: %s", line, m.id, m.text);
    }
}
