/*
 * Dual-mode Async Commands tests: a device-backed test is written once with
 * ASYNC_TEST and registered in two TCases, one per implementation:
 *
 *   native    a DDI spy with force_async_commands wraps the built-in driver, so the
 *             device reports NATIVE and the calls reach the driver's Async table;
 *   fallback  a scoped config file forces the fallback (API.md), and a plain spy
 *             records what the fallback emits.
 *
 * Each TCase's checked fixture sets the mode inside the test's process before the
 * body runs; async_context_init asserts the device got the Impl the mode promises.
 * The spy records every driver call in both modes (ctx->spy).
 *
 *     ASYNC_TEST(test_something)
 *     {
 *         struct test_context t;
 *         async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
 *         ...
 *     }
 *     ...
 *     async_tcases_create(suite, "copies", &tcases);
 *     async_tcase_add(&tcases, test_something);
 */
#ifndef TEST_ASYNC_H
#define TEST_ASYNC_H

#include "test_device.h"

#include <check.h>

struct ddi_spy;
struct ddi_spy_masks;
struct rt_fallback_pool_stats;

enum async_mode
{
    ASYNC_MODE_NATIVE,
    ASYNC_MODE_FALLBACK,
};

struct async_ctx
{
    enum async_mode mode;
    struct ddi_spy *spy;
};

/* The current test's mode, set by its TCase's fixture. */
extern struct async_ctx async_current;

/* Defines the Check test `name`; the body sees `struct async_ctx *ctx` and the loop
 * index `_i`. */
#define ASYNC_TEST(name) \
    static void name##_body(struct async_ctx *ctx, int _i); \
    START_TEST(name) \
    { \
        name##_body(&async_current, _i); \
    } \
    END_TEST \
    static void name##_body(struct async_ctx *ctx, int _i)

struct async_tcases
{
    TCase *native, *fallback;
};

/* Adds "<name>/native" and "<name>/fallback" to the suite, tagged with their mode (a runner
 * picks one mode with srunner_run_tagged, as d3d12rt-conformance does); name must be a literal. */
#define ASYNC_TAG_NATIVE "native"
#define ASYNC_TAG_FALLBACK "fallback"
#define async_tcases_create(suite, name, tcases) \
    async_tcases_create_(suite, name "/native", name "/fallback", tcases)
void async_tcases_create_(Suite *suite, const char *native_name, const char *fallback_name,
                          struct async_tcases *tcases);
#define async_tcase_add(tcases, test) \
    do { tcase_add_test((tcases)->native, test); tcase_add_test((tcases)->fallback, test); } while (0)
#define async_tcase_add_loop(tcases, test, start, end) \
    do { \
        tcase_add_loop_test((tcases)->native, test, start, end); \
        tcase_add_loop_test((tcases)->fallback, test, start, end); \
    } while (0)
void async_tcases_set_timeout(struct async_tcases *tcases, double seconds);

const char *async_mode_name(enum async_mode mode);

/* D3D12GetDebugInterface + EnableDebugLayer: devices created afterwards have an info queue. */
void async_enable_debug_layer(void);

/* test_context_init, then checks the device's Impl is the mode's. */
#define async_context_init(ctx, t, type) async_context_init_(__LINE__, ctx, t, type)
void async_context_init_(unsigned int line, const struct async_ctx *ctx, struct test_context *t,
                         D3D12_COMMAND_LIST_TYPE type);

D3D12_ASYNC_COMMANDS_IMPL async_impl(ID3D12Device *device);

/* The list's ID3D12GraphicsCommandList12 face (the same object; no reference kept). */
ID3D12GraphicsCommandList12 *async_list(struct test_context *t);

/* How many calls of a driver entry the spy saw since async_spy_clear ("CopyBufferRegion"). */
size_t async_spy_count(const struct async_ctx *ctx, const char *name);
/* The first barrier of the `nth` (from 0) Barrier call since async_spy_clear, as the
 * spy logged it; layouts -1 for a buffer barrier. */
struct async_barrier
{
    unsigned int sync_before, sync_after, access_before, access_after;
    int layout_before, layout_after;
};
#define async_spy_barrier(ctx, nth, barrier) async_spy_barrier_(__LINE__, ctx, nth, barrier)
void async_spy_barrier_(unsigned int line, const struct async_ctx *ctx, size_t nth, struct async_barrier *barrier);
/* The barrier equals sync, access and layout `before` -> `after` (layouts -1: a buffer). */
#define check_barrier(barrier, sb, sa, ab, aa, lb, la) check_barrier_(__LINE__, barrier, sb, sa, ab, aa, lb, la)
void check_barrier_(unsigned int line, const struct async_barrier *barrier, unsigned int sync_before,
                    unsigned int sync_after, unsigned int access_before, unsigned int access_after, int layout_before,
                    int layout_after);
/* Every driver call the spy saw since async_spy_clear. */
size_t async_spy_total(const struct async_ctx *ctx);
void async_spy_clear(const struct async_ctx *ctx);

/* Replaces the fixture's spy by one that also reports a discrete device; before the
 * device is created. */
void async_use_discrete_spy(struct async_ctx *ctx);
/* The same with any masks (force_async_commands follows the mode); before the device is
 * created. */
void async_use_masked_spy(struct async_ctx *ctx, const struct ddi_spy_masks *masks);
/* The same with a spy that hides the driver's render-pass table: the runtime emulates
 * render passes with OMSetRenderTargets and view clears. */
void async_use_emulated_render_passes(struct async_ctx *ctx);

/* The device's fallback pool counters (zero natively). */
void async_pool_stats(struct test_context *t, struct rt_fallback_pool_stats *stats);

/* The fixture forced the fallback. */
bool async_fallback(const struct async_ctx *ctx);

/* Byte comparison; a failure names the line, `what` and the current mode. */
#define check_bytes(got, expected, size, what) check_bytes_(__LINE__, got, expected, size, what)
void check_bytes_(unsigned int line, const void *got, const void *expected, size_t size, const char *what);

/* One enhanced barrier on a whole buffer. */
void async_buffer_barrier(ID3D12GraphicsCommandList12 *list, ID3D12Resource *buffer, D3D12_BARRIER_SYNC sync_before,
                          D3D12_BARRIER_ACCESS access_before, D3D12_BARRIER_SYNC sync_after,
                          D3D12_BARRIER_ACCESS access_after);

/* Close's HRESULT. */
#define check_close(list, expected) check_close_(__LINE__, list, expected)
void check_close_(unsigned int line, ID3D12GraphicsCommandList *list, HRESULT expected);

/* ---- The device's info queue (the debug layer must be on) ------------------------------ */

/* One stored message, copied. */
struct async_message
{
    D3D12_MESSAGE_CATEGORY category;
    D3D12_MESSAGE_SEVERITY severity;
    D3D12_MESSAGE_ID id;
    char text[512];
};

/* Stored messages and one of them by index. */
UINT64 async_message_count(ID3D12Device *device);
void async_get_message(ID3D12Device *device, UINT64 index, struct async_message *message);
void async_clear_messages(ID3D12Device *device);
/* The stored message of that severity and id, asserted to exist; its text in *message. */
#define check_message(device, severity, id, message) check_message_(__LINE__, device, severity, id, message)
void check_message_(unsigned int line, ID3D12Device *device, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
                    struct async_message *message);
/* No stored message of that severity. */
#define check_no_message(device, severity) check_no_message_(__LINE__, device, severity)
void check_no_message_(unsigned int line, ID3D12Device *device, D3D12_MESSAGE_SEVERITY severity);

#endif
