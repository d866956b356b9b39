/*
 * The DDI spy: an interposer between the runtime and any driver. It records every
 * runtime-to-driver call into a log tests can query, can print each one
 * (D3D12RT_TRACE=ddi), and can mask capabilities so a test turns a driver into a
 * legacy-only, discrete or non-free-threaded one.
 *
 * Every driver object the runtime allocates is DDI_SPY_HEADER_SIZE bytes larger
 * than the driver asked for; the spy keeps its bookkeeping in that prefix and
 * the driver sees its object at outer + DDI_SPY_HEADER_SIZE. CPU descriptor
 * handles, runtime handles and callbacks pass through unchanged.
 */
#ifndef DDI_SPY_H
#define DDI_SPY_H

#include <stdbool.h>
#include <stddef.h>
#include "d3d12ddi.h"
#include "ddi_loader.h"

/* Bytes the spy puts in front of every driver object (keeps 16-byte alignment). */
#define DDI_SPY_HEADER_SIZE 16u

struct ddi_spy_masks
{
    bool hide_async_commands;      /* GetCaps(0124_ASYNC_COMMANDS) reports Supported FALSE; FillDDITable(async) → E_NOTIMPL */
    bool hide_enhanced_barriers;   /* D3D12_OPTIONS.EnhancedBarriersSupported = FALSE and the table's pfnBarrier = NULL */
    bool report_discrete;          /* ARCHITECTURE_INFO.UMA = CacheCoherentUMA = FALSE */
    int max_tiled_resources_tier;  /* -1: unchanged; else clamp D3D12_OPTIONS.TiledResourcesTier (below 5 the
                                    * 0124_EXECUTE_TILE_MAPPINGS maximums read 0) */
    bool hide_free_threading;      /* THREADING caps without FREETHREADED|COMMANDLISTS */
    bool hide_command_lists;       /* THREADING caps without COMMANDLISTS: the runtime records (software lists) */
    bool claim_lists_without_free_threading;   /* THREADING caps COMMANDLISTS without FREETHREADED (refused) */
    bool force_async_commands;     /* development switch: report Supported TRUE even if the driver says FALSE (partial native table) */
    bool hide_render_pass_table;   /* D3D12_OPTIONS.RenderPassTier = 0 and FillDDITable(render pass) → E_NOTIMPL */
    bool hide_programmable_sample_positions;   /* D3D12_OPTIONS.ProgrammableSamplePositionsTier = NOT_SUPPORTED */
    bool hide_msaa_render_targets;  /* CheckFormatSupport without MULTISAMPLE_RENDERTARGET (quality levels kept) */
    bool refuse_graphics_pipelines; /* CreatePipelineState of a graphics pipeline → E_INVALIDARG, the driver not called */
    bool claim_dxil;               /* development switch: D3D12_OPTIONS.DXILSupported TRUE (the simulated device's
                                    * partial DXIL front end runs test pipelines; what it lacks it refuses) */
    /* 0: unchanged; else 3DPIPELINESUPPORT reports this MaximumLevel (lower or higher, even one
     * the runtime does not know) and CreateDevice hands the driver at most its own maximum. */
    int pipeline_level;
    int binding_tier;               /* 0: unchanged; else D3D12_OPTIONS.ResourceBindingTier reports this */
};

/* One logged call: the table member name without "pfn", and its key arguments. */
struct ddi_spy_call
{
    char name[48];
    char args[200];
};

/* The masks every spy adds to its own, named in the environment's
 * D3D12RT_TEST_DRIVER_MASKS (comma-separated mask field names, e.g. hide_command_lists,
 * hide_free_threading): how a test setup runs suites against another kind of driver
 * (with hide_free_threading the spy also aborts on an overlap). False when it names none. */
bool ddi_spy_environment_masks(struct ddi_spy_masks *masks);

/* masks NULL = none (max_tiled_resources_tier -1); D3D12RT_TEST_DRIVER_MASKS adds to them.
 * NULL on allocation failure. */
struct ddi_spy *ddi_spy_create(const struct ddi_spy_masks *masks, bool trace_to_stderr);
/* Drops the creator's reference; wrapped adapters and their devices keep the spy alive. */
void ddi_spy_destroy(struct ddi_spy *spy);

/* After it, adapter->handle/funcs route through the spy and adapter->spy is set.
 * E_INVALIDARG for an adapter that is not open or already wrapped. */
HRESULT ddi_spy_wrap(struct ddi_spy *spy, struct ddi_adapter *adapter);

/* Recording is on by default; a trace-only spy turns it off so the log stays empty. */
void ddi_spy_set_recording(struct ddi_spy *spy, bool recording);

/* The log (all thread-safe). Indices count from the last ddi_spy_clear. */
size_t ddi_spy_call_count(struct ddi_spy *spy);
bool ddi_spy_get_call(struct ddi_spy *spy, size_t index, struct ddi_spy_call *out);
/* Calls of one entry, e.g. "CopyBufferRegion" (name without the pfn prefix). */
size_t ddi_spy_count(struct ddi_spy *spy, const char *name);
size_t ddi_spy_count_since(struct ddi_spy *spy, size_t first_index, const char *name);
/* Index of the first call of name at or after first_index, or (size_t)-1. */
size_t ddi_spy_find(struct ddi_spy *spy, size_t first_index, const char *name);
void ddi_spy_clear(struct ddi_spy *spy);

/*
 * The overlap detector: the most threads seen inside one device's entries at once
 * (device, list and queue tables; CalcPrivate*Size excepted, as they are always
 * free-threaded). A driver that is not free-threaded must never see more than 1.
 * Entries while another thread is inside the same device are counted as overlaps and,
 * with hide_free_threading, logged as "Overlap".
 */
unsigned int ddi_spy_max_threads_inside(struct ddi_spy *spy);
size_t ddi_spy_overlap_count(struct ddi_spy *spy);
/*
 * Software command lists under a test setup's spy (D3D12RT_TEST_DRIVER_MASKS naming
 * hide_command_lists or hide_free_threading): the runtime records a list itself and
 * replays it at ExecuteCommandLists, where the spy alone would log its calls. So that a
 * test counts a list's calls while the list records, with either kind of list, such a
 * runtime sends each call it records, as the replay will send it, to a log list, and
 * replays with its thread quiet. ddi_spy_logs_recording says whether the spy wants that.
 *
 * ddi_spy_create_log_list: a list handle on `device` (the handle the spy's CreateDevice
 * gave) whose calls the spy logs as a driver list's and then hands to the sink tables
 * (entries doing nothing) instead of the driver; its calls are outside the overlap
 * detector. A NULL handle when out of memory.
 * ddi_spy_set_thread_quiet: while set, the calling thread's calls are not logged (overlaps
 * still are).
 */
bool ddi_spy_logs_recording(const struct ddi_spy *spy);
D3D12DDI_HCOMMANDLIST ddi_spy_create_log_list(D3D12DDI_HDEVICE device, D3D12DDI_HRTCOMMANDLIST rt_list,
                                              const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *sink,
                                              const D3D12DDI_RENDER_PASS_FUNCS_0124 *sink_render_pass,
                                              const D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *sink_async);
void ddi_spy_destroy_log_list(D3D12DDI_HCOMMANDLIST list);
void ddi_spy_set_thread_quiet(bool quiet);
/* Test setups: an overlap inside a driver made serialising prints the thunk and aborts. */
void ddi_spy_set_abort_on_overlap(struct ddi_spy *spy, bool abort_on_overlap);

#endif
