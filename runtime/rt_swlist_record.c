/* Software command lists: the recorders and the allocator-owned memory (rt_swlist.h). */
#include <stdlib.h>
#include <string.h>

#include "ddi_spy.h"
#include "rt_adapter.h"
#include "rt_fallback_services.h"
#include "rt_swlist.h"

/* Blocks are this large unless one call needs more. */
#define RT_SWLIST_BLOCK_SIZE (64u * 1024u)
#define RT_SWLIST_ALIGN 16u

struct rt_swlist_block
{
    struct rt_swlist_block *next;
    size_t size, used;
    _Alignas(RT_SWLIST_ALIGN) unsigned char data[];
};

/* ---- Memory ---------------------------------------------------------------------------- */

HRESULT rt_swlist_arena_create(struct rt_command_allocator *allocator)
{
    struct rt_swlist_arena *arena;

    if (!(arena = calloc(1, sizeof(*arena))))
        return E_OUTOFMEMORY;
    if (mtx_init(&arena->replay_mutex, mtx_plain) != thrd_success)
    {
        free(arena);
        return E_OUTOFMEMORY;
    }
    allocator->swlist = arena;
    return S_OK;
}

void rt_swlist_arena_recycle(struct rt_command_allocator *allocator)
{
    struct rt_swlist_arena *arena = allocator->swlist;

    if (!arena || !arena->first)
        return;
    arena->current = arena->first;
    arena->current->used = 0;
}

void rt_swlist_arena_destroy(struct rt_command_allocator *allocator)
{
    struct rt_swlist_arena *arena = allocator->swlist;
    struct rt_swlist_block *block, *next;

    if (!arena)
        return;
    for (block = arena->first; block; block = next)
    {
        next = block->next;
        free(block);
    }
    mtx_destroy(&arena->replay_mutex);
    free(arena);
    allocator->swlist = NULL;
}

static void rt_swlist_out_of_memory(struct rt_swlist *sw)
{
    rt_command_list_remove_message(sw->list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                   "out of memory recording a software command list");
}

/* The next block that holds size bytes: the following one if it does (reused after the
 * allocator's Reset), else a new one put in between. */
static struct rt_swlist_block *rt_swlist_next_block(struct rt_swlist_arena *arena, size_t size)
{
    struct rt_swlist_block *current = arena->current, *block;

    if (current && current->next && current->next->size >= size)
    {
        block = current->next;
    }
    else if (!current && arena->first && arena->first->size >= size)
    {
        block = arena->first;
    }
    else
    {
        size_t capacity = size > RT_SWLIST_BLOCK_SIZE ? size : RT_SWLIST_BLOCK_SIZE;

        if (!(block = malloc(sizeof(*block) + capacity)))
            return NULL;
        block->size = capacity;
        if (current)
        {
            block->next = current->next;
            current->next = block;
        }
        else
        {
            block->next = arena->first;
            arena->first = block;
        }
    }
    block->used = 0;
    arena->current = block;
    return block;
}

void *rt_swlist_alloc(struct rt_swlist *sw, size_t size)
{
    struct rt_swlist_arena *arena = sw->list->allocator->swlist;
    struct rt_swlist_block *block = arena->current;
    void *memory;

    size = (size + RT_SWLIST_ALIGN - 1) & ~(size_t)(RT_SWLIST_ALIGN - 1);
    if ((!block || block->size - block->used < size) && !(block = rt_swlist_next_block(arena, size)))
    {
        rt_swlist_out_of_memory(sw);
        return NULL;
    }
    memory = block->data + block->used;
    block->used += size;
    sw->bytes += size;
    return memory;
}

static void *rt_swlist_dup(struct rt_swlist *sw, const void *data, size_t size)
{
    void *copy;

    if ((copy = rt_swlist_alloc(sw, size)))
        memcpy(copy, data, size);
    return copy;
}

void rt_swlist_push(struct rt_swlist *sw, struct rt_swrec *rec, unsigned int op)
{
    rec->op = op;
    rec->next = NULL;
    *sw->tail = rec;
    sw->tail = &rec->next;
    ++sw->calls;
}

/* A CPU descriptor's contents, copied now into one the allocator owns: the application
 * may overwrite or free its descriptor right after the call (D3D12 reads CPU
 * descriptors at recording). A zero handle stays zero. */
static bool rt_swlist_capture(struct rt_swlist *sw, D3D12_DESCRIPTOR_HEAP_TYPE type,
                              D3D12DDI_CPU_DESCRIPTOR_HANDLE src, D3D12DDI_CPU_DESCRIPTOR_HANDLE *dst)
{
    struct rt_device *device = sw->list->device;

    *dst = src;
    if (!src.ptr)
        return true;
    if (FAILED(rt_fallback_allocator_descriptor(sw->list->allocator, type, dst)))
    {
        rt_swlist_out_of_memory(sw);
        return false;
    }
    rt_device_ddi_lock(device);
    /* A copy only software lists make: left out of a test setup's log. */
    if (sw->log.pDrvPrivate)
        ddi_spy_set_thread_quiet(true);
    device->ddi.pfnCopyDescriptorsSimple(device->hdrv, 1, *dst, src, type);
    if (sw->log.pDrvPrivate)
        ddi_spy_set_thread_quiet(false);
    rt_device_ddi_unlock(device);
    return true;
}

static D3D12DDI_CPU_DESCRIPTOR_HANDLE *rt_swlist_capture_array(struct rt_swlist *sw, D3D12_DESCRIPTOR_HEAP_TYPE type,
                                                               const D3D12DDI_CPU_DESCRIPTOR_HANDLE *src, size_t count)
{
    D3D12DDI_CPU_DESCRIPTOR_HANDLE *dst;
    size_t i;

    if (!(dst = rt_swlist_alloc(sw, count * sizeof(*dst))))
        return NULL;
    for (i = 0; i < count; ++i)
    {
        if (!rt_swlist_capture(sw, type, src[i], &dst[i]))
            return NULL;
    }
    return dst;
}

/* ---- Nested pointers the generic kinds do not reach -------------------------------------- */

#define RT_SW_DUP_FIELD(sw, field, count) \
    (!(field) || ((field) = rt_swlist_dup((sw), (field), sizeof(*(field)) * (size_t)(count))))

static bool rt_swlist_fix_DiscardResource(struct rt_swlist *sw, struct rt_swrec_DiscardResource *r)
{
    return !r->region || RT_SW_DUP_FIELD(sw, r->region->pRects, r->region->NumRects);
}

static bool rt_swlist_fix_BeginRenderPass(struct rt_swlist *sw, struct rt_swrec_BeginRenderPass *r)
{
    UINT i;

    for (i = 0; r->rts && i < r->count; ++i)
    {
        if (!rt_swlist_capture(sw, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, r->rts[i].Descriptor, &r->rts[i].Descriptor)
                || !RT_SW_DUP_FIELD(sw, r->rts[i].pResolveSubresources, r->rts[i].ResolveSubresourceCount))
            return false;
    }
    return !r->ds || rt_swlist_capture(sw, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, r->ds->Descriptor, &r->ds->Descriptor);
}

static bool rt_swlist_fix_CopyBufferRegions(struct rt_swlist *sw, struct rt_swrec_CopyBufferRegions *r)
{
    UINT i;

    for (i = 0; i < r->count; ++i)
    {
        if ((r->dsts && !RT_SW_DUP_FIELD(sw, r->dsts[i], 1)) || (r->srcs && !RT_SW_DUP_FIELD(sw, r->srcs[i], 1)))
            return false;
    }
    return true;
}

static bool rt_swlist_fix_CopyTextureRegions(struct rt_swlist *sw, struct rt_swrec_CopyTextureRegions *r)
{
    D3D12DDI_TEXTURE_COPY_REGION *regions;
    UINT i, j;

    for (i = 0; r->descs && i < r->count; ++i)
    {
        if (!r->descs[i].pRegions)
            continue;
        if (!(regions = rt_swlist_dup(sw, r->descs[i].pRegions, sizeof(*regions) * (size_t)r->descs[i].NumRegions)))
            return false;
        for (j = 0; j < r->descs[i].NumRegions; ++j)
        {
            if (!RT_SW_DUP_FIELD(sw, regions[j].pSrcBox, 1))
                return false;
        }
        r->descs[i].pRegions = regions;
    }
    return true;
}

static bool rt_swlist_fix_ClearBoundRenderTargetViews(struct rt_swlist *sw,
                                                      struct rt_swrec_ClearBoundRenderTargetViews *r)
{
    UINT i;

    for (i = 0; r->regions && i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        if (!(r->mask & (1u << i)) || !r->region_counts)
            r->regions[i] = NULL;
        else if (!RT_SW_DUP_FIELD(sw, r->regions[i], r->region_counts[i]))
            return false;
    }
    return true;
}

static bool rt_swlist_fix_ClearTextureSubresources(struct rt_swlist *sw, struct rt_swrec_ClearTextureSubresources *r)
{
    UINT i;

    for (i = 0; r->descs && i < r->count; ++i)
    {
        if (!RT_SW_DUP_FIELD(sw, r->descs[i].pRegion, 1))
            return false;
    }
    return true;
}

/* ---- The recorders, expanded from rt_swlist_entries.h --------------------------------------- */

#define RT_SW_PARAM_V(type, name) , type name
#define RT_SW_PARAM_A(param_type, elem_type, name, count) , param_type name
#define RT_SW_PARAM_S(name) , const char *name
#define RT_SW_PARAM_D(heap, name) , D3D12DDI_CPU_DESCRIPTOR_HANDLE name
#define RT_SW_PARAM_DA(heap, name, count) , const D3D12DDI_CPU_DESCRIPTOR_HANDLE *name
#define RT_SW_PARAM_DP(heap, name) , const D3D12DDI_CPU_DESCRIPTOR_HANDLE *name
#define RT_SW_PARAM_F(name)

/* A failed copy has removed the list, which then never executes: the half-made record
 * is simply not appended. */
#define RT_SW_COPY_V(type, name) r->name = name;
#define RT_SW_COPY_A(param_type, elem_type, name, count) \
    r->name = NULL; \
    if (name && !(r->name = rt_swlist_dup(sw, name, sizeof(elem_type) * (size_t)(count)))) \
        return;
#define RT_SW_COPY_S(name) \
    r->name = NULL; \
    if (name && !(r->name = rt_swlist_dup(sw, name, strlen(name) + 1))) \
        return;
#define RT_SW_COPY_D(heap, name) \
    if (!rt_swlist_capture(sw, heap, name, &r->name)) \
        return;
#define RT_SW_COPY_DA(heap, name, count) \
    r->name = NULL; \
    if (name && !(r->name = rt_swlist_capture_array(sw, heap, name, (count)))) \
        return;
#define RT_SW_COPY_DP(heap, name) RT_SW_COPY_DA(heap, name, 1)
#define RT_SW_COPY_F(name) \
    if (!rt_swlist_fix_##name(sw, r)) \
        return;

/* The recorded copies, as the replay passes them (the log list's arguments). */
#define RT_SW_LOG_V(type, name) , r->name
#define RT_SW_LOG_A(param_type, elem_type, name, count) , r->name
#define RT_SW_LOG_S(name) , r->name
#define RT_SW_LOG_D(heap, name) , r->name
#define RT_SW_LOG_DA(heap, name, count) , r->name
#define RT_SW_LOG_DP(heap, name) , r->name
#define RT_SW_LOG_F(name)

#define RT_SW_RECORDER(table, name) \
    static void APIENTRY rt_swlist_record_##name(D3D12DDI_HCOMMANDLIST handle RT_SWLIST_ARGS_##name(RT_SW_PARAM_)) \
    { \
        struct rt_swlist *sw = rt_swlist_from_handle(handle); \
        struct rt_swrec_##name *r; \
        \
        if (!(r = rt_swlist_alloc(sw, sizeof(*r)))) \
            return; \
        RT_SWLIST_ARGS_##name(RT_SW_COPY_) \
        rt_swlist_push(sw, &r->header, RT_SWOP_##name); \
        if (sw->log.pDrvPrivate) \
            sw->list->device->drv_##table.pfn##name(sw->log RT_SWLIST_ARGS_##name(RT_SW_LOG_)); \
    }
RT_SWLIST_ENTRIES(RT_SW_RECORDER)

/* A log list's sink: the entries do nothing (ddi_spy_create_log_list). */
#define RT_SW_SINK(table, name) \
    static void APIENTRY rt_swlist_sink_##name(D3D12DDI_HCOMMANDLIST handle RT_SWLIST_ARGS_##name(RT_SW_PARAM_)) \
    { \
    }
RT_SWLIST_ENTRIES(RT_SW_SINK)

static HRESULT APIENTRY rt_swlist_sink_close(D3D12DDI_HCOMMANDLIST handle)
{
    return S_OK;
}

static HRESULT APIENTRY rt_swlist_sink_reset(D3D12DDI_HCOMMANDLIST handle,
                                             const D3D12DDIARG_RESET_COMMAND_LIST_0124 *args)
{
    return S_OK;
}

static void APIENTRY rt_swlist_sink_execute_bundle(D3D12DDI_HCOMMANDLIST handle, D3D12DDI_HCOMMANDLIST bundle)
{
}

/* Under a test setup's spy: the list's log list. */
static HRESULT rt_swlist_create_log(struct rt_swlist *sw)
{
    struct rt_device *device = sw->list->device;
    D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 sink_cmdlist = {0};
    D3D12DDI_RENDER_PASS_FUNCS_0124 sink_render_pass = {0};
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 sink_async = {0};
    D3D12DDI_HRTCOMMANDLIST rt_handle = {sw->list};

    if (!ddi_spy_logs_recording(device->adapter->ddi.spy))
        return S_OK;
#define RT_SW_SINK_INSTALL(table, name) sink_##table.pfn##name = rt_swlist_sink_##name;
    RT_SWLIST_ENTRIES(RT_SW_SINK_INSTALL)
#undef RT_SW_SINK_INSTALL
    sink_cmdlist.pfnCloseCommandList = rt_swlist_sink_close;
    sink_cmdlist.pfnResetCommandList = rt_swlist_sink_reset;
    sink_cmdlist.pfnExecuteBundle = rt_swlist_sink_execute_bundle;
    sw->log = ddi_spy_create_log_list(device->hdrv, rt_handle, &sink_cmdlist, &sink_render_pass, &sink_async);
    return sw->log.pDrvPrivate ? S_OK : E_OUTOFMEMORY;
}

/* The bundle is kept by reference: D3D12 has the application keep it, closed and
 * unreset, until every list that executes it is done executing. */
static void APIENTRY rt_swlist_record_ExecuteBundle(D3D12DDI_HCOMMANDLIST handle, D3D12DDI_HCOMMANDLIST bundle)
{
    struct rt_swlist *sw = rt_swlist_from_handle(handle);
    struct rt_swrec_ExecuteBundle *r;

    if (!(r = rt_swlist_alloc(sw, sizeof(*r))))
        return;
    r->bundle = bundle;
    rt_swlist_push(sw, &r->header, RT_SWOP_ExecuteBundle);
    if (sw->log.pDrvPrivate)
        sw->list->device->drv_cmdlist.pfnExecuteBundle(sw->log, bundle);
}

bool rt_swlist_record_bound_clear(struct rt_command_list *list, const struct rt_swlist_bound_clear *call)
{
    struct rt_swlist *sw = rt_swlist_from_handle(list->hdrv);
    struct rt_swrec_BoundClear *r;
    UINT i;

    if (!(r = rt_swlist_alloc(sw, sizeof(*r))))
        return false;
    r->call = *call;
    /* A copy of the state costs 3 KiB: clears in a row without a state change share one. */
    if (!sw->bound_clear_state || memcmp(sw->bound_clear_state, &list->state, sizeof(list->state)))
    {
        if (!(sw->bound_clear_state = rt_swlist_dup(sw, &list->state, sizeof(list->state))))
            return false;
    }
    r->state = sw->bound_clear_state;
    if (call->regions && !(r->call.regions = rt_swlist_dup(sw, call->regions,
                                                           sizeof(*call->regions) * (size_t)call->region_count)))
        return false;
    for (i = 0; call->has_regions && i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        if (call->rt_regions[i] && !(r->call.rt_regions[i] = rt_swlist_dup(sw, call->rt_regions[i],
                sizeof(*call->rt_regions[i]) * (size_t)call->region_counts[i])))
            return false;
    }
    rt_swlist_push(sw, &r->header, RT_SWOP_BoundClear);
    sw->bound_clears = true;
    return true;
}

bool rt_swlist_holds_bound_clears(const struct rt_command_list *bundle)
{
    return rt_swlist_from_handle(bundle->hdrv)->bound_clears;
}

/* Close and Reset of a software list touch no driver list (rt_swlist_replay does). */
static HRESULT APIENTRY rt_swlist_close(D3D12DDI_HCOMMANDLIST handle)
{
    struct rt_swlist *sw = rt_swlist_from_handle(handle);

    if (sw->log.pDrvPrivate)
        sw->list->device->drv_cmdlist.pfnCloseCommandList(sw->log);
    return S_OK;
}

static HRESULT APIENTRY rt_swlist_reset_entry(D3D12DDI_HCOMMANDLIST handle, const D3D12DDIARG_RESET_COMMAND_LIST_0124 *args)
{
    struct rt_swlist *sw = rt_swlist_from_handle(handle);

    rt_swlist_reset(sw->list);
    if (sw->log.pDrvPrivate)
        sw->list->device->drv_cmdlist.pfnResetCommandList(sw->log, args);
    return S_OK;
}

void rt_swlist_install(struct rt_device *device)
{
    device->sw_cmdlist = device->drv_cmdlist;
    device->sw_render_pass = device->drv_render_pass;
    device->sw_async = device->drv_async;
#define RT_SW_INSTALL(table, name) \
    device->sw_##table.pfn##name = device->drv_##table.pfn##name ? rt_swlist_record_##name : NULL;
    RT_SWLIST_ENTRIES(RT_SW_INSTALL)
#undef RT_SW_INSTALL
    /* Bundles replay inline: the driver's ExecuteBundle is never needed. */
    device->sw_cmdlist.pfnExecuteBundle = rt_swlist_record_ExecuteBundle;
    device->sw_cmdlist.pfnCloseCommandList = rt_swlist_close;
    device->sw_cmdlist.pfnResetCommandList = rt_swlist_reset_entry;
    if (device->software_lists)
    {
        device->ddi_cmdlist = device->sw_cmdlist;
        device->ddi_render_pass = device->sw_render_pass;
        device->ddi_async = device->sw_async;
    }
}

/* ---- A list's recording ----------------------------------------------------------------- */

HRESULT rt_swlist_create(struct rt_command_list *list)
{
    struct rt_swlist *sw;

    if (!(sw = calloc(1, sizeof(*sw))))
        return E_OUTOFMEMORY;
    sw->list = list;
    sw->tail = &sw->first;
    if (FAILED(rt_swlist_create_log(sw)))
    {
        free(sw);
        return E_OUTOFMEMORY;
    }
    list->hdrv.pDrvPrivate = sw;
    return S_OK;
}

void rt_swlist_reset(struct rt_command_list *list)
{
    struct rt_swlist *sw = rt_swlist_from_handle(list->hdrv);

    sw->first = NULL;
    sw->tail = &sw->first;
    sw->calls = sw->bytes = 0;
    sw->replayed = false;
    sw->bound_clears = false;
    sw->bound_clear_state = NULL;
}
