/*
 * What the files of the ten Async Commands share (rt_cmdlist_async*.c).
 *
 * Every method runs the same steps (API.md, "Errors"; specs/api.md, "Error table"):
 * 1. rt_async_begin: the list records and is healthy; Impl NOT_SUPPORTED removes it
 *    (E_FAIL, ASYNC_COMMANDS_NOT_SUPPORTED); then the queue, bundle and render-pass
 *    rules of seed 000 (E_INVALIDARG).
 * 2. Input validation (E_INVALIDARG with Microsoft's message where one fits), the same
 *    in both modes. With the debug layer on, overlapping destinations are reported
 *    (WARNING) and kept: the spec leaves their result undefined.
 * 3. rt_async_route: NATIVE goes to the driver's Async table, FALLBACK to fallback/
 *    once fb_route() found a route; a rejection removes the list (E_FAIL,
 *    ASYNC_COMMANDS_FALLBACK_UNSUPPORTED, the fallback's text).
 * 4. The arguments are translated to the DDI's once, for either path.
 */
#ifndef RT_CMDLIST_ASYNC_H
#define RT_CMDLIST_ASYNC_H

#include "rt_cmdlist_vtbl.h"
#include "fb_route.h"

/* Queue rules (seed 000): the copies and ResolveQueryDataAsync on every queue type, the
 * region resolve on direct lists, the texture clear and the fill on direct and compute
 * lists, none of them in bundles or render passes; the bound clears on direct lists and
 * bundles, inside render passes too. */
#define RT_ASYNC_COPY_LISTS (RT_LIST_QUEUE | RT_NOT_IN_RENDER_PASS)
#define RT_ASYNC_RESOLVE_LISTS (RT_LIST_DIRECT | RT_NOT_IN_RENDER_PASS)
#define RT_ASYNC_FILL_LISTS (RT_LIST_DIRECT | RT_LIST_COMPUTE | RT_NOT_IN_RENDER_PASS)
#define RT_ASYNC_BOUND_CLEAR_LISTS (RT_LIST_DIRECT | RT_LIST_BUNDLE)

/* Step 1. False when the call must be dropped (the list is removed if it was not). */
bool rt_async_begin(struct rt_command_list *list, unsigned int allowed, enum fb_api api);

/* Removes the list for invalid input: E_INVALIDARG, message id (one of rt_message_ids.h
 * when no message of Microsoft's fits), text "<API>: <fmt>". */
void rt_async_invalid(struct rt_command_list *list, enum fb_api api, D3D12_MESSAGE_ID id, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A debug-layer report that keeps the list (category EXECUTION), text "<API>: <fmt>". */
void rt_async_report(struct rt_command_list *list, enum fb_api api, D3D12_MESSAGE_SEVERITY severity,
                     D3D12_MESSAGE_ID id, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Whether the checks that only catch application mistakes run (the debug layer is on). */
static inline bool rt_async_debug_checks(const struct rt_command_list *list)
{
    return list->device->info_queue != NULL;
}

/* Step 3. */
enum rt_async_route
{
    RT_ASYNC_ROUTE_NONE,        /* the list was removed */
    RT_ASYNC_ROUTE_NATIVE,
    RT_ASYNC_ROUTE_FALLBACK,
};
enum rt_async_route rt_async_route(struct rt_command_list *list, enum fb_api api, bool native_entry);
#define RT_ASYNC_ROUTE(list, entry, api) rt_async_route((list), (api), !!(list)->ddi_async->entry)

/* A bound clear a software bundle holds, lowered as the bundle executes in list (the
 * bundle's state at the call: bundle_state); rt_swlist.h. */
struct rt_swlist_bound_clear;
void rt_command_list_execute_bound_clear(struct rt_command_list *list, const struct rt_swlist_bound_clear *call,
                                         const struct rt_command_list_state *bundle_state);

/* E_OUTOFMEMORY for a translation that could not be allocated. */
void rt_async_out_of_memory(struct rt_command_list *list, enum fb_api api);

/* One call into the driver's Async table, inside the DDI lock. */
#define RT_ASYNC_CALL(list, entry, ...) \
    do { \
        rt_device_ddi_lock((list)->device); \
        (list)->ddi_async->entry((list)->hdrv, __VA_ARGS__); \
        rt_device_ddi_unlock((list)->device); \
    } while (0)

/* One fallback emitter (fb_copy.h) on the list, inside the DDI lock. */
void rt_async_fb_list(const struct rt_command_list *list, struct fb_list *fb);
#define RT_ASYNC_EMIT(list, emitter, ...) \
    do { \
        struct fb_list fb_list_; \
        rt_async_fb_list((list), &fb_list_); \
        rt_device_ddi_lock((list)->device); \
        emitter(&fb_list_, __VA_ARGS__); \
        rt_device_ddi_unlock((list)->device); \
    } while (0)

#endif
