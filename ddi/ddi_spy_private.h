/* The DDI spy's shared internals: object headers, handle translation, the log. */
#ifndef DDI_SPY_PRIVATE_H
#define DDI_SPY_PRIVATE_H

#include <stdatomic.h>
#include <stdint.h>
#include <threads.h>
#include "ddi_spy.h"

struct ddi_spy
{
    atomic_uint refcount;           /* the creator, plus one per wrapped adapter and live device */
    struct ddi_spy_masks masks;
    bool trace;
    atomic_bool recording;
    bool logs_recording;            /* a test setup's: ddi_spy_logs_recording */
    mtx_t lock;                     /* guards the log */
    struct ddi_spy_call *calls;
    size_t count;
    size_t capacity;
    atomic_uint max_threads_inside; /* the overlap detector (ddi_spy_max_threads_inside) */
    atomic_size_t overlaps;
    atomic_bool abort_on_overlap;
};

/* The adapter handle the runtime sees after ddi_spy_wrap. */
struct spy_adapter
{
    struct ddi_spy *spy;
    D3D12DDI_HADAPTER inner;
    D3D12DDI_ADAPTERFUNCS_0124 funcs;
    atomic_int driver_max_level;    /* the driver's own 3DPIPELINESUPPORT answer, 0 before it */
};

/* Per driver device: the inner tables the thunks forward to. */
struct spy_device
{
    struct ddi_spy *spy;
    D3D12DDI_ADAPTERFUNCS_0124 adapter_funcs;   /* the driver's, for DestroyDevice and FillDDITable */
    D3D12DDI_HRTDEVICE rt_device;
    D3D12DDI_CORELAYER_DEVICECALLBACKS_0124 callbacks;
    D3D12DDI_DEVICE_FUNCS_CORE_0124 core;
    D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 list;
    D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 queue;
    D3D12DDI_RENDER_PASS_FUNCS_0124 render_pass;
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 tile_queue;
    atomic_uint threads_inside;     /* threads now inside this device's entries */
    bool sink;                      /* a log list's copy: its list tables do nothing (ddi_spy_create_log_list) */
};

/* The prefix of every driver object the runtime allocates through the spy. */
struct spy_header
{
    struct spy_device *device;
    void *rt_handle;                /* the runtime handle of lists and queues, else NULL */
};
_Static_assert(sizeof(struct spy_header) <= DDI_SPY_HEADER_SIZE, "the header fits its prefix");

static inline void *spy_inner_ptr(void *outer)
{
    return outer ? (char *)outer + DDI_SPY_HEADER_SIZE : NULL;
}

static inline struct spy_device *spy_device_of(void *outer)
{
    return ((struct spy_header *)outer)->device;
}

/* Filled before the driver's Create* runs; NULL memory is left to the driver to refuse. */
static inline void spy_init_header(void *outer, struct spy_device *device, void *rt_handle)
{
    struct spy_header *header = outer;

    if (!header)
        return;
    header->device = device;
    header->rt_handle = rt_handle;
}

/* A driver's object size plus the prefix; 0 and (SIZE_T)-1 (refusal) pass unchanged. */
static inline SIZE_T spy_outer_size(SIZE_T inner)
{
    if (!inner || inner == (SIZE_T)-1)
        return inner;
    if (inner > (SIZE_T)-1 - DDI_SPY_HEADER_SIZE - 1)
        return (SIZE_T)-1;
    return inner + DDI_SPY_HEADER_SIZE;
}

/* spy_in_<kind>(outer handle) → the handle the driver knows; NULL stays NULL. */
#define SPY_DEFINE_TRANSLATE(type, kind) \
    static inline type spy_in_##kind(type outer) \
    { \
        type inner = { spy_inner_ptr(outer.pDrvPrivate) }; \
        return inner; \
    }
SPY_DEFINE_TRANSLATE(D3D12DDI_HDEVICE, device)
SPY_DEFINE_TRANSLATE(D3D12DDI_HRESOURCE, resource)
SPY_DEFINE_TRANSLATE(D3D12DDI_HHEAP, heap)
SPY_DEFINE_TRANSLATE(D3D12DDI_HCOMMANDQUEUE, queue)
SPY_DEFINE_TRANSLATE(D3D12DDI_HCOMMANDALLOCATOR, allocator)
SPY_DEFINE_TRANSLATE(D3D12DDI_HCOMMANDLIST, list)
SPY_DEFINE_TRANSLATE(D3D12DDI_HFENCE, fence)
SPY_DEFINE_TRANSLATE(D3D12DDI_HDESCRIPTORHEAP, descriptor_heap)
SPY_DEFINE_TRANSLATE(D3D12DDI_HQUERYHEAP, query_heap)
SPY_DEFINE_TRANSLATE(D3D12DDI_HROOTSIGNATURE, root_signature)
SPY_DEFINE_TRANSLATE(D3D12DDI_HPIPELINESTATE, pipeline)
SPY_DEFINE_TRANSLATE(D3D12DDI_HCOMMANDSIGNATURE, command_signature)
SPY_DEFINE_TRANSLATE(D3D12DDI_HTILEMAPPINGQUEUE_0124, tile_queue)
#undef SPY_DEFINE_TRANSLATE

#define SPY_DEVICE(h) spy_device_of((h).pDrvPrivate)

/*
 * The overlap detector's scope: SPY_GUARD(handle) first in a thunk counts the calling
 * thread inside the handle's device until the thunk returns (a cleanup attribute, so
 * every return path leaves). A callback that re-enters on the same thread is not a
 * second thread.
 */
struct spy_guard
{
    struct spy_device *device;
};
struct spy_guard spy_enter(struct spy_device *device);
void spy_leave(struct spy_guard *guard);
#define SPY_GUARD(h) \
    struct spy_guard spy_guard_ __attribute__((cleanup(spy_leave))) = spy_enter(SPY_DEVICE(h))
/* For logging a struct argument that may be NULL. */
#define SPY_OR_ZERO(ptr, type) ((ptr) ? (ptr) : &(const type){ 0 })

/* The command list's runtime handle, for reporting through pfnSetCommandListErrorCb. */
static inline D3D12DDI_HRTCOMMANDLIST spy_rt_list(D3D12DDI_HCOMMANDLIST outer)
{
    D3D12DDI_HRTCOMMANDLIST rt = { ((struct spy_header *)outer.pDrvPrivate)->rt_handle };
    return rt;
}

/*
 * Temporary storage for translated argument arrays: on the stack when small,
 * from the heap otherwise. spy_scratch_alloc returns NULL only when the heap
 * allocation fails.
 */
struct spy_scratch
{
    void *heap;
    _Alignas(16) unsigned char local[2048];
};
void *spy_scratch_alloc(struct spy_scratch *scratch, size_t count, size_t element_size);
void spy_scratch_free(struct spy_scratch *scratch);

/* Recording entries that cannot translate their arguments fail the list. */
void spy_list_out_of_memory(D3D12DDI_HCOMMANDLIST outer);

/* Appends one call to the log (and prints it when tracing). */
void spy_log(struct ddi_spy *spy, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Short names for traces. */
const char *spy_caps_name(D3D12DDICAPS_TYPE type);
const char *spy_table_name(D3D12DDI_TABLE_TYPE type);
const char *spy_list_type_name(D3D12_COMMAND_LIST_TYPE type);

/* Table fillers: the outer table gets a thunk for every entry the inner table has. */
void spy_fill_device_table(D3D12DDI_DEVICE_FUNCS_CORE_0124 *outer, const D3D12DDI_DEVICE_FUNCS_CORE_0124 *inner);
/* The nine tier-5 entries of the device table (ddi_spy_queue.c). */
void spy_fill_tile_device_entries(D3D12DDI_DEVICE_FUNCS_CORE_0124 *outer, const D3D12DDI_DEVICE_FUNCS_CORE_0124 *inner);
void spy_fill_list_table(D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *outer, const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *inner);
void spy_fill_render_pass_table(D3D12DDI_RENDER_PASS_FUNCS_0124 *outer, const D3D12DDI_RENDER_PASS_FUNCS_0124 *inner);
void spy_fill_async_table(D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *outer,
                          const D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *inner);
void spy_fill_queue_table(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *outer,
                          const D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 *inner);
void spy_fill_tile_queue_table(D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 *outer,
                               const D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 *inner);

/* Sets outer->member to thunk when inner->member is set (NULL stays NULL). */
#define SPY_FILL(outer, inner, member, thunk) \
    ((outer)->member = (inner)->member ? (thunk) : NULL)

#endif
