/*
 * ID3D12CommandAllocator and ID3D12GraphicsCommandList (1 to 12, one implementation
 * for every list type), and what the recording files share.
 *
 * Recording is straight through (ARCHITECTURE.md): each call is validated and handed
 * to the driver's command-list table at once. The list keeps only the state later
 * layers need (bound targets, render pass, root signatures, pipeline, ...).
 *
 * Errors: an invalid recording call removes the list (rt_command_list_remove): the
 * first failure is kept in `error`, every later recording call is dropped, Close
 * returns the failure and ExecuteCommandLists refuses the list until Reset. A
 * recording call on a list that is not recording is dropped and removes the list
 * with E_FAIL, which Close (E_FAIL anyway) and ExecuteCommandLists then report.
 */
#ifndef RT_CMDLIST_H
#define RT_CMDLIST_H

#include <stdarg.h>
#include <stdatomic.h>
#include "rt_cmdlist_keep.h"
#include "rt_device.h"
#include "rt_resource.h"
#include "rt_message_ids.h"

/* ---- ID3D12CommandAllocator --------------------------------------------------------- */

struct rt_command_list;
struct rt_active_query;
struct rt_fallback_allocator;
struct rt_fallback_list;
struct rt_swlist_arena;

struct rt_command_allocator
{
    ID3D12CommandAllocator ID3D12CommandAllocator_iface;
    atomic_uint refcount;            /* the application's references */
    atomic_uint internal_refcount;   /* + one per list whose commands it holds */
    struct rt_private_store private_store;
    struct rt_device *device;
    /* Deferred destruction and the last submission of its lists (rt_retire.h). */
    struct rt_retire_node retire;
    D3D12_COMMAND_LIST_TYPE type;
    D3D12DDI_HCOMMANDALLOCATOR hdrv;
    void *drv_memory;
    /* The list recording into it, NULL when none (D3D12: one at a time). */
    struct rt_command_list *recording_list;
    /* What the fallback's recordings took (rt_fallback_services.h); NULL until then. */
    struct rt_fallback_allocator *fallback;
    /* Software lists' recordings (rt_swlist.h); NULL on a device with driver lists. */
    struct rt_swlist_arena *swlist;
};

/* NULL for NULL or for an object that is not one of ours. */
struct rt_command_allocator *rt_command_allocator_from_iface(ID3D12CommandAllocator *iface);
void rt_command_allocator_add_internal_ref(struct rt_command_allocator *allocator);
void rt_command_allocator_release_internal_ref(struct rt_command_allocator *allocator);

/* ---- ID3D12GraphicsCommandList ----------------------------------------------------- */

typedef ID3D12GraphicsCommandList12 rt_command_list_iface;

#define RT_MAX_RENDER_TARGETS D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT
#define RT_MAX_VIEWPORTS D3D12_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE

/* A render target or depth-stencil view as it was when it was bound. The list holds no
 * reference (D3D12 lists never do); resource is NULL for a null descriptor. */
struct rt_bound_view
{
    D3D12_CPU_DESCRIPTOR_HANDLE handle;
    struct rt_resource *resource;
    bool described;                  /* the descriptor heap knew what the handle held */
    union
    {
        D3D12_RENDER_TARGET_VIEW_DESC rtv;
        D3D12_DEPTH_STENCIL_VIEW_DESC dsv;
    };
};

/* An ending RESOLVE the runtime records itself at EndRenderPass: every one of an emulated
 * pass, the depth and stencil ones of a driver pass (the DDI's depth-stencil desc has no
 * resolve parameters). */
struct rt_pass_resolve
{
    struct rt_resource *src, *dst;
    DXGI_FORMAT format;
    D3D12_RESOLVE_MODE mode;
    UINT count;
    D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS *subresources;
};

/* What a suspending and the resuming pass must share: the same descriptors. */
struct rt_pass_signature
{
    UINT rt_count;
    bool has_dsv;
    D3D12_CPU_DESCRIPTOR_HANDLE rtvs[RT_MAX_RENDER_TARGETS], dsv;
};

/* A surface the list's passes named (a view's first subresource, in the depth or the
 * stencil plane for a DSV), for the rules between passes. */
struct rt_pass_surface
{
    const struct rt_resource *resource;
    UINT subresource;
    UINT pass;                       /* the last pass that named it, counting from 1 */
    UINT end;                        /* its ending access there (API value) */
    UINT local_width, local_height;  /* of a PRESERVE_LOCAL ending access */
    bool accessed;                   /* some pass named it with an access other than NO_ACCESS */
};

struct rt_render_pass
{
    /* The open pass. */
    bool active;
    bool emulated;                   /* OMSetRenderTargets + clears + resolves */
    D3D12_RENDER_PASS_FLAGS flags;
    struct rt_pass_signature signature;
    UINT resolve_count;
    struct rt_pass_resolve resolves[RT_MAX_RENDER_TARGETS + 2];   /* RTs, depth, stencil */
    bool depth_no_access, stencil_no_access;   /* the DSV's planes that begin NO_ACCESS */

    /* The list's sequence of passes since Reset. */
    UINT pass_count;
    UINT64 work;                     /* calls doing GPU work so far (rt_command_list_begin) */
    UINT64 work_at_end;              /* work when the last pass ended */
    bool last_suspending;            /* the last pass that ended was suspending */
    bool first_resuming;             /* the first pass resumes a pass of the previous list */
    struct rt_pass_signature first, last;   /* the first pass, the last ended one */
    UINT surface_count, surface_capacity;
    struct rt_pass_surface *surfaces;
};

/* The root arguments set since the root signature was, as the runtime's draws and
 * dispatches need to put them back (rt_cmdlist_ledger.h): 64-bit arguments (table
 * handles, root view addresses) by parameter, constants by their dword in the signature. */
struct rt_root_arguments
{
    UINT64 set;                                  /* parameters with an argument, a bit each */
    UINT64 addresses[64];
    UINT64 constants_set;                        /* a bit per dword */
    UINT32 constants[64];
};

/* How a bundle bound one kind of root signature, for its summary
 * (rt_cmdlist_ledger_bundle.c): the first one it bound, and whether it bound another
 * one after it (which made the first one's arguments stale). */
struct rt_bundle_root_binding
{
    ID3D12RootSignature *first;
    bool switched;
};

/* What the list tracks of the application's state: the ledger (rt_cmdlist_ledger.h). */
struct rt_command_list_state
{
    UINT rtv_count;
    struct rt_bound_view rtvs[RT_MAX_RENDER_TARGETS];
    bool has_dsv;
    struct rt_bound_view dsv;

    ID3D12RootSignature *graphics_root_signature;
    ID3D12RootSignature *compute_root_signature;
    ID3D12PipelineState *pipeline_state;
    ID3D12DescriptorHeap *descriptor_heaps[2];   /* CBV_SRV_UAV, SAMPLER */
    struct rt_root_arguments graphics_arguments;
    struct rt_root_arguments compute_arguments;

    D3D12_PRIMITIVE_TOPOLOGY topology;
    UINT viewport_count;
    D3D12_VIEWPORT viewports[RT_MAX_VIEWPORTS];
    UINT scissor_count;
    D3D12_RECT scissors[RT_MAX_VIEWPORTS];
    FLOAT blend_factor[4];
    UINT stencil_ref_front, stencil_ref_back;
    FLOAT depth_bounds_min, depth_bounds_max;
    /* SetSamplePositions' arguments (0 samples: the default pattern). */
    UINT sample_position_samples, sample_position_pixels;
    D3D12_SAMPLE_POSITION sample_positions[16];

    /* enum rt_ledger_field masks: what the list set since Reset or ClearState (a
     * bundle's summary), and what an executed bundle left unknown. */
    UINT32 ledger_set;
    UINT32 ledger_unknown;
    /* Bundles only: graphics [0] and compute [1] root signature bindings. */
    struct rt_bundle_root_binding bundle_roots[2];

    struct rt_resource *predication_buffer;  /* NULL: predication off */
    UINT64 predication_offset;
    D3D12_PREDICATION_OP predication_op;
};

struct rt_command_list
{
    rt_command_list_iface ID3D12GraphicsCommandList_iface;
    /* The preview headers' form of the ten Async methods (API.md). */
    ID3D12CommandListAsyncCommands ID3D12CommandListAsyncCommands_iface;
    atomic_uint refcount;
    struct rt_private_store private_store;
    struct rt_device *device;
    /* Deferred destruction and the list's last submission (rt_retire.h). */
    struct rt_retire_node retire;

    D3D12_COMMAND_LIST_TYPE type;
    UINT node_mask;
    UINT64 id;                        /* unique per process, for traces */

    /* The driver's list; created at the first Reset for CreateCommandList1 lists. With
     * software lists, the list's recording (struct rt_swlist, rt_swlist.h). */
    D3D12DDI_HCOMMANDLIST hdrv;
    void *drv_memory;
    /* The runtime records this list (rt_device_records_list): its tables are the
     * recorders (device->sw_*), else the device's (device->ddi_*). Every recording path
     * calls these with hdrv. */
    bool software;
    const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *ddi_cmdlist;
    const D3D12DDI_RENDER_PASS_FUNCS_0124 *ddi_render_pass;
    const D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *ddi_async;

    bool is_recording;
    /* The allocator of the last Reset, internally referenced while it holds the list's
     * commands (until the next Reset or destruction). */
    struct rt_command_allocator *allocator;
    /* The allocators of the bundles it executed since the last Reset, internally
     * referenced: each submission stamps them too, so resetting one while this list
     * executes recycles nothing (rt_retire.h). */
    struct rt_command_allocator **bundle_allocators;
    size_t bundle_allocator_count, bundle_allocator_capacity;
    /* What the recording since the last Reset names, held (rt_cmdlist_keep.h). */
    struct rt_keep_set kept;
    /* First failure since the last Reset, S_OK while healthy. The driver may report
     * one from its own threads (rt_command_list_ddi_error_cb). */
    _Atomic HRESULT error;
    /* The last method rt_command_list_begin let through: the one a driver failure
     * during recording names. */
    _Atomic(const char *) method;

    struct rt_command_list_state state;
    struct rt_render_pass render_pass;

    /* Queries begun and not yet ended since the last Reset (rt_cmdlist_query.c). */
    struct rt_active_query *active_queries;
    size_t active_query_count, active_query_capacity;

    /* The fallback's tracked scopes and recording state (rt_fallback_services.h). */
    struct rt_fallback_list *fallback;
};

static inline struct rt_command_list *rt_command_list_from_iface(rt_command_list_iface *iface)
{
    return RT_CONTAINING(iface, struct rt_command_list, ID3D12GraphicsCommandList_iface);
}

/* NULL for NULL or for a list that is not one of ours. */
struct rt_command_list *rt_command_list_from_list_iface(ID3D12CommandList *iface);

/* Records the first failure (one info-queue message with Microsoft's ID for it,
 * rt_message_ids.h where it has none) and drops every later recording call until Reset. */
void rt_command_list_remove_message(struct rt_command_list *list, HRESULT hr, D3D12_MESSAGE_ID id,
                                    const char *why);
void rt_command_list_remove_messagef(struct rt_command_list *list, HRESULT hr, D3D12_MESSAGE_ID id,
                                     const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void rt_command_list_remove_messagev(struct rt_command_list *list, HRESULT hr, D3D12_MESSAGE_ID id,
                                     const char *fmt, va_list args) __attribute__((format(printf, 4, 0)));

static inline bool rt_command_list_is_removed(struct rt_command_list *list)
{
    return atomic_load(&list->error) != S_OK;
}

/* Which list types a method accepts (bit 1 << D3D12_COMMAND_LIST_TYPE), and where. */
#define RT_LIST_DIRECT (1u << D3D12_COMMAND_LIST_TYPE_DIRECT)
#define RT_LIST_BUNDLE (1u << D3D12_COMMAND_LIST_TYPE_BUNDLE)
#define RT_LIST_COMPUTE (1u << D3D12_COMMAND_LIST_TYPE_COMPUTE)
#define RT_LIST_COPY (1u << D3D12_COMMAND_LIST_TYPE_COPY)
#define RT_LIST_ANY (RT_LIST_DIRECT | RT_LIST_BUNDLE | RT_LIST_COMPUTE | RT_LIST_COPY)
#define RT_LIST_GRAPHICS (RT_LIST_DIRECT | RT_LIST_BUNDLE)
#define RT_LIST_SHADERS (RT_LIST_DIRECT | RT_LIST_BUNDLE | RT_LIST_COMPUTE)
#define RT_LIST_QUEUE (RT_LIST_DIRECT | RT_LIST_COMPUTE | RT_LIST_COPY)   /* not bundles */
/* Forbidden between BeginRenderPass and EndRenderPass. */
#define RT_NOT_IN_RENDER_PASS (1u << 16)
/* Does GPU work, which may not come between a suspending and the resuming pass (the
 * calls forbidden inside a pass count as such too). */
#define RT_GPU_WORK (1u << 17)

/*
 * The check every recording method starts with: the list is recording and healthy,
 * its type is in `allowed`, and the render-pass rule holds. Returns false when the call
 * must be dropped (the list is removed if it was not already).
 */
bool rt_command_list_begin(struct rt_command_list *list, unsigned int allowed, const char *method);
/* ExecuteBundle: the list keeps the bundle's allocator until its next Reset; false when
 * out of memory (the list is then removed). */
bool rt_command_list_hold_bundle_allocator(struct rt_command_list *list, struct rt_command_allocator *allocator);

const char *rt_command_list_type_name(D3D12_COMMAND_LIST_TYPE type);

/* Resources the application passes in: NULL stays NULL; a foreign object is NULL too,
 * which the callers report as invalid. The list holds each one until its next Reset
 * (rt_cmdlist_keep.h; out of memory removes the list, the resource is still returned). */
static inline struct rt_resource *rt_command_list_resource(struct rt_command_list *list, ID3D12Resource *iface)
{
    struct rt_resource *resource = rt_resource_from_iface(iface);

    if (resource)
        rt_command_list_keep(list, &resource->retire, "ID3D12Resource", resource);
    return resource;
}

/* One driver call on the list, inside the device's DDI lock (a no-op for free-threaded
 * drivers). The caller has checked that the entry is not NULL. */
#define RT_DDI_CALL(list, entry, ...) \
    do { \
        rt_device_ddi_lock((list)->device); \
        (list)->ddi_cmdlist->entry((list)->hdrv, __VA_ARGS__); \
        rt_device_ddi_unlock((list)->device); \
    } while (0)
#define RT_DDI_CALL0(list, entry) \
    do { \
        rt_device_ddi_lock((list)->device); \
        (list)->ddi_cmdlist->entry((list)->hdrv); \
        rt_device_ddi_unlock((list)->device); \
    } while (0)

/* Removes the list with E_NOTIMPL, naming the entry, when the driver left it NULL
 * (specs/ddi.md §6.2: one rule for every recording entry). */
bool rt_command_list_require_ddi(struct rt_command_list *list, bool present, const char *method, const char *entry);
#define RT_DDI_REQUIRE(list, entry, method) \
    rt_command_list_require_ddi((list), !!(list)->ddi_cmdlist->entry, (method), #entry)

static inline D3D12DDI_HRESOURCE rt_resource_hdrv(const struct rt_resource *resource)
{
    D3D12DDI_HRESOURCE none = {NULL};

    return resource ? resource->hdrv : none;
}

/* ---- Shared validation (rt_cmdlist_copy.c) -------------------------------------------- */

/* A validation failure: Microsoft's message ID for it and the reason. */
struct rt_why
{
    D3D12_MESSAGE_ID id;
    char text[192];
};

/* Writes a validation failure's ID and reason and returns false. */
bool rt_why(struct rt_why *why, D3D12_MESSAGE_ID id, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Removes the list with E_INVALIDARG for why, the text "<method>: <why>". */
void rt_command_list_remove_why(struct rt_command_list *list, const char *method, const struct rt_why *why);

/* The pixel size of one subresource (its mip level, and its plane's subsampling). */
void rt_resource_subresource_size(const struct rt_resource *resource, UINT subresource,
                                  UINT *width, UINT *height, UINT *depth);

/* Two half-open ranges [a, a + a_size) and [b, b + b_size) share a byte. */
static inline bool rt_ranges_overlap(UINT64 a, UINT64 a_size, UINT64 b, UINT64 b_size)
{
    return a_size && b_size && a < b + b_size && b < a + a_size;
}

/* Two boxes share a texel (empty boxes share none). */
static inline bool rt_boxes_overlap(const D3D12_BOX *a, const D3D12_BOX *b)
{
    return rt_ranges_overlap(a->left, a->right - a->left, b->left, b->right - b->left)
            && rt_ranges_overlap(a->top, a->bottom - a->top, b->top, b->bottom - b->top)
            && rt_ranges_overlap(a->front, a->back - a->front, b->front, b->back - b->front);
}

/* D3D12_BOX's definition of empty: left >= right, top >= bottom or front >= back
 * (inverted boxes included). */
static inline bool rt_box_is_empty(const D3D12_BOX *box)
{
    return box->left >= box->right || box->top >= box->bottom || box->front >= box->back;
}

/* CopyTextureRegion's rules for one copy (API locations, already resolved to our
 * resources); src_box is NULL or not empty. Fills a reason and returns false when the
 * copy is invalid. */
struct rt_texture_copy_side
{
    struct rt_resource *resource;
    bool is_footprint;               /* buffer + placed footprint, else texture subresource */
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint;
    UINT subresource;
};
bool rt_validate_texture_copy(const struct rt_texture_copy_side *dst,
                              UINT dst_x, UINT dst_y, UINT dst_z, const struct rt_texture_copy_side *src,
                              const D3D12_BOX *src_box, struct rt_why *why);
/* CopyResource's rules for one pair. */
bool rt_validate_copy_resource(const struct rt_resource *dst, const struct rt_resource *src, struct rt_why *why);
/* A resolve of src_sub (the rect of it, or all when NULL) to (dst_x, dst_y) of dst_sub. */
bool rt_validate_resolve(const struct rt_resource *dst, UINT dst_sub, UINT dst_x, UINT dst_y,
                         const struct rt_resource *src, UINT src_sub, const D3D12_RECT *rect,
                         DXGI_FORMAT format, D3D12_RESOLVE_MODE mode, struct rt_why *why);
/* CopyTiles' rules, and its region in the DDI's types. */
bool rt_validate_copy_tiles(const struct rt_resource *tiled, const D3D12_TILED_RESOURCE_COORDINATE *start,
                            const D3D12_TILE_REGION_SIZE *size, const struct rt_resource *buffer, UINT64 offset,
                            D3D12_TILE_COPY_FLAGS flags, struct rt_why *why);
void rt_tile_region_to_ddi(const D3D12_TILED_RESOURCE_COORDINATE *start, const D3D12_TILE_REGION_SIZE *size,
                           D3D12DDI_TILED_RESOURCE_COORDINATE *ddi_start, D3D12DDI_TILE_REGION_SIZE *ddi_size);
/* A byte range within a buffer; id is the caller's message for any of its failures. */
bool rt_validate_buffer_range(const struct rt_resource *buffer, UINT64 offset, UINT64 size,
                              const char *what, D3D12_MESSAGE_ID id, struct rt_why *why);

/* ---- Barriers (rt_cmdlist_barrier.c) ------------------------------------------------- */

/* Whether the list's barriers go to the driver's enhanced pfnBarrier. */
bool rt_command_list_uses_enhanced_barriers(const struct rt_command_list *list);

/* ---- Render passes (rt_cmdlist_pass.c) ------------------------------------------------ */

/* Forgets every pass of the list (Reset, destruction). */
void rt_render_pass_clear(struct rt_render_pass *pass);
/* Close's part: a pass left open removes the list (and is ended in the driver), and the
 * rules for how a list may end. */
void rt_render_pass_close(struct rt_command_list *list);
/* No pass is open and the last one ended suspending: only state setup may follow
 * before the resuming pass. */
static inline bool rt_render_pass_suspended(const struct rt_command_list *list)
{
    return !list->render_pass.active && list->render_pass.last_suspending;
}
/* ExecuteCommandLists' part: a list ending with a suspended pass is followed by one whose
 * first pass resumes it, and the other way round. False (with an error message) when the
 * batch breaks that rule. */
bool rt_render_pass_check_execution(struct rt_device *device, UINT count, ID3D12CommandList *const *lists);

/* ---- Queries (rt_cmdlist_query.c) ------------------------------------------------------ */

/* Close's check: a query begun in the list and never ended removes it (E_INVALIDARG). */
void rt_command_list_check_open_queries(struct rt_command_list *list);

/* ---- Tracked state (rt_cmdlist_state.c) ------------------------------------------------ */

/* The state a list starts with (creation, Reset, ClearState). */
void rt_command_list_state_init(struct rt_command_list_state *state);
/* Captures the view a CPU descriptor handle holds into a bound view. */
void rt_command_list_capture_view(struct rt_command_list *list, D3D12_CPU_DESCRIPTOR_HANDLE handle,
                                  bool depth_stencil, struct rt_bound_view *view);

#endif
