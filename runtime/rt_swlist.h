/*
 * Software command lists (seed 004, ddi-facts §6): for a driver without
 * D3D12DDICAPS_THREADING_COMMANDLISTS the runtime records every command-list DDI call
 * itself and replays the calls into a driver list at ExecuteCommandLists.
 *
 * The runtime validates and lowers exactly as for driver lists: every recording path
 * calls device->ddi_cmdlist / ddi_render_pass / ddi_async with list->hdrv, and on such a
 * device those tables are the recorders (rt_swlist_record.c) and list->hdrv names the
 * list's struct rt_swlist. A recorder deep-copies its arguments into memory its command
 * allocator owns (blocks recycled only at the allocator's Reset, seed 000's ownership
 * rule), copies each CPU descriptor it is given into an allocator-owned descriptor
 * (the application may overwrite or free its own right after the call), and keeps
 * handles, GPU descriptors and GPU virtual addresses as values. The calls' shapes are
 * written once, in rt_swlist_entries.h.
 *
 * ExecuteCommandLists replays each list into its driver list (created at the first
 * execution on the list's allocator, reset onto it at each later one) through the
 * driver's tables device->drv_*; an ExecuteBundle replays the bundle's calls inline.
 * Decision record: specs/decisions/D019-software-command-lists.md.
 *
 * On a FALLBACK device every bundle is recorded so, whatever the driver's caps
 * (rt_device_records_list): a bound clear it holds is kept as the call and lowered when
 * the bundle executes (rt_swlist_execute_bundle; decision record
 * specs/decisions/D030-bound-clears-in-bundles.md).
 */
#ifndef RT_SWLIST_H
#define RT_SWLIST_H

#include <threads.h>
#include "rt_cmdlist.h"
#include "rt_swlist_entries.h"

/* One recorded call; the call's arguments follow (struct rt_swrec_<Name>). */
struct rt_swrec
{
    struct rt_swrec *next;
    unsigned int op;
};

enum rt_swop
{
#define RT_SWOP_ENUM(table, name) RT_SWOP_##name,
    RT_SWLIST_ENTRIES(RT_SWOP_ENUM)
#undef RT_SWOP_ENUM
    RT_SWOP_ExecuteBundle,
    RT_SWOP_BoundClear,
};

/* The layouts: struct rt_swrec_<Name> is the header and the call's arguments. */
#define RT_SW_FIELD_V(type, name) type name;
#define RT_SW_FIELD_A(param_type, elem_type, name, count) elem_type *name;
#define RT_SW_FIELD_S(name) char *name;
#define RT_SW_FIELD_D(heap, name) D3D12DDI_CPU_DESCRIPTOR_HANDLE name;
#define RT_SW_FIELD_DA(heap, name, count) D3D12DDI_CPU_DESCRIPTOR_HANDLE *name;
#define RT_SW_FIELD_DP(heap, name) D3D12DDI_CPU_DESCRIPTOR_HANDLE *name;
#define RT_SW_FIELD_F(name)
#define RT_SWREC_STRUCT(table, name) struct rt_swrec_##name { struct rt_swrec header; RT_SWLIST_ARGS_##name(RT_SW_FIELD_) };
RT_SWLIST_ENTRIES(RT_SWREC_STRUCT)
#undef RT_SWREC_STRUCT
struct rt_swrec_ExecuteBundle
{
    struct rt_swrec header;
    D3D12DDI_HCOMMANDLIST bundle;
};

/* A bound clear a bundle on a FALLBACK device holds until it executes (seed 000 cannot
 * lower it while the bundle records: what is bound is the executing list's). The
 * arguments as the API method took them, validated, and the bundle's state at the call,
 * which the lowering's restore puts back. Regions are copies the allocator owns. */
struct rt_swlist_bound_clear
{
    bool depth_stencil;                           /* ClearBoundDepthStencilView */
    D3D12_CLEAR_FLAGS flags;
    FLOAT depth;
    UINT8 stencil;
    UINT region_count;
    const D3D12_BOX *regions;                     /* NULL: the whole view */
    UINT mask;                                    /* ClearBoundRenderTargetViews */
    D3D12_CLEAR_DATA values[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
    bool has_regions;
    UINT region_counts[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
    const D3D12_BOX *rt_regions[D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT];
};

struct rt_swrec_BoundClear
{
    struct rt_swrec header;
    struct rt_swlist_bound_clear call;
    /* Shared by the bundle's consecutive bound clears while its state stays the same. */
    const struct rt_command_list_state *state;
};

struct rt_swlist_block;

/* What an allocator owns for software lists. */
struct rt_swlist_arena
{
    struct rt_swlist_block *first, *current;
    /* Replays reset driver lists onto the allocator's driver allocator: one at a time. */
    mtx_t replay_mutex;
};

/* A list's recording: list->hdrv.pDrvPrivate on a device with software lists. */
struct rt_swlist
{
    struct rt_command_list *list;
    struct rt_swrec *first, **tail;
    size_t calls, bytes;              /* since Reset, for the benchmark and the decision record */
    bool replayed;                    /* since Reset: drv holds the replay */
    bool bound_clears;                /* since Reset: holds RT_SWOP_BoundClear records */
    const struct rt_command_list_state *bound_clear_state;   /* the last one's state */
    /* The driver list replays go into; NULL until the first execution (never for bundles). */
    D3D12DDI_HCOMMANDLIST drv;
    void *drv_memory;
    /* Under a test setup's DDI spy: where each call is logged as it records (ddi_spy.h,
     * ddi_spy_create_log_list); NULL otherwise. */
    D3D12DDI_HCOMMANDLIST log;
};

/* At device creation, after the driver's tables are in device->drv_*: the recorders
 * fill device->sw_* (an entry the driver left NULL stays NULL) and, on a device with
 * software lists, replace the list tables device->ddi_*. */
void rt_swlist_install(struct rt_device *device);

HRESULT rt_swlist_arena_create(struct rt_command_allocator *allocator);
/* The allocator's Reset: every block is reused from the first. */
void rt_swlist_arena_recycle(struct rt_command_allocator *allocator);
void rt_swlist_arena_destroy(struct rt_command_allocator *allocator);

/* Creation: the list's recording (list->hdrv names it). */
HRESULT rt_swlist_create(struct rt_command_list *list);
/* Reset: the recording starts empty. */
void rt_swlist_reset(struct rt_command_list *list);
void rt_swlist_destroy(struct rt_command_list *list);

/* ExecuteCommandLists: replays the closed list into its driver list, whose handle it
 * returns; on failure the list is removed and the caller drops the submission. */
HRESULT rt_swlist_replay(struct rt_command_list *list, D3D12DDI_HCOMMANDLIST *drv);

/* A bundle's bound clear (the bundle is list, a software one on a FALLBACK device), kept
 * for rt_swlist_execute_bundle; false when out of memory (the bundle is then removed). */
bool rt_swlist_record_bound_clear(struct rt_command_list *list, const struct rt_swlist_bound_clear *call);

/* ExecuteBundle of a software bundle into a list that cannot hold it by reference (a
 * driver list, or any list when the bundle holds bound clears): the bundle's calls go
 * into the list's tables now, and each bound clear is lowered with the list's bindings
 * (rt_command_list_execute_bound_clear). */
void rt_swlist_execute_bundle(struct rt_command_list *list, const struct rt_command_list *bundle);
bool rt_swlist_holds_bound_clears(const struct rt_command_list *bundle);

static inline struct rt_swlist *rt_swlist_from_handle(D3D12DDI_HCOMMANDLIST handle)
{
    return handle.pDrvPrivate;
}

/* Internal to rt_swlist_*.c: memory from the recording list's allocator (NULL on
 * failure, the list then removed as out of memory) and a record appended to it. */
void *rt_swlist_alloc(struct rt_swlist *sw, size_t size);
void rt_swlist_push(struct rt_swlist *sw, struct rt_swrec *rec, unsigned int op);

#endif
