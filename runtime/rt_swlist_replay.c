/* Software command lists: replay into the driver's lists (rt_swlist.h). */
#include <stdlib.h>

#include "ddi_spy.h"
#include "rt_cmdlist_async.h"
#include "rt_swlist.h"

/* Where a replay goes: a list handle and the tables it is called through. */
struct rt_swplay
{
    const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *cmdlist;
    const D3D12DDI_RENDER_PASS_FUNCS_0124 *render_pass;
    const D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *async;
    D3D12DDI_HCOMMANDLIST hdrv;
};

#define RT_SW_ARG_V(type, name) , r->name
#define RT_SW_ARG_A(param_type, elem_type, name, count) , r->name
#define RT_SW_ARG_S(name) , r->name
#define RT_SW_ARG_D(heap, name) , r->name
#define RT_SW_ARG_DA(heap, name, count) , r->name
#define RT_SW_ARG_DP(heap, name) , r->name
#define RT_SW_ARG_F(name)

#define RT_SW_REPLAYER(table, name) \
    static void rt_swlist_replay_##name(const struct rt_swplay *play, const struct rt_swrec *rec) \
    { \
        const struct rt_swrec_##name *r = (const void *)rec; \
        \
        (void)r; \
        play->table->pfn##name(play->hdrv RT_SWLIST_ARGS_##name(RT_SW_ARG_)); \
    }
RT_SWLIST_ENTRIES(RT_SW_REPLAYER)

typedef void (*rt_swlist_replayer)(const struct rt_swplay *play, const struct rt_swrec *rec);

static const rt_swlist_replayer rt_swlist_replayers[] =
{
#define RT_SW_REPLAYER_ENTRY(table, name) [RT_SWOP_##name] = rt_swlist_replay_##name,
    RT_SWLIST_ENTRIES(RT_SW_REPLAYER_ENTRY)
#undef RT_SW_REPLAYER_ENTRY
};

/* A bundle's calls go inline into the executing list (bundles hold no ExecuteBundle).
 * Bundles holding bound clears were played when executed (rt_swlist_execute_bundle):
 * no RT_SWOP_BoundClear reaches here. */
static void rt_swlist_play(const struct rt_swplay *play, const struct rt_swlist *sw)
{
    const struct rt_swrec *rec;

    for (rec = sw->first; rec; rec = rec->next)
    {
        if (rec->op == RT_SWOP_ExecuteBundle)
            rt_swlist_play(play, rt_swlist_from_handle(((const struct rt_swrec_ExecuteBundle *)(const void *)rec)->bundle));
        else
            rt_swlist_replayers[rec->op](play, rec);
    }
}

static HRESULT rt_swlist_create_driver_list(struct rt_swlist *sw)
{
    struct rt_command_list *list = sw->list;
    struct rt_device *device = list->device;
    D3D12DDIARG_CREATE_COMMAND_LIST_0124 args;
    D3D12DDI_HRTCOMMANDLIST rt_handle = {list};
    HRESULT hr;

    args.Type = list->type;
    args.hAllocator = list->allocator->hdrv;
    args.NodeMask = list->node_mask;
    args.CommandListId = list->id;
    if (!(sw->drv_memory = rt_device_alloc_driver_object(device->ddi.pfnCalcPrivateCommandListSize(device->hdrv,
                                                                                                   &args))))
        return E_OUTOFMEMORY;
    sw->drv.pDrvPrivate = sw->drv_memory;
    if (FAILED(hr = device->ddi.pfnCreateCommandList(device->hdrv, &args, sw->drv, rt_handle)))
    {
        free(sw->drv_memory);
        sw->drv_memory = NULL;
        sw->drv.pDrvPrivate = NULL;
    }
    return hr;
}

/* Once per recording: the driver list keeps the replay for later executions, until
 * the list's Reset (the allocator holds it, as for any driver list). */
static HRESULT rt_swlist_replay_locked(struct rt_swlist *sw)
{
    struct rt_command_list *list = sw->list;
    struct rt_device *device = list->device;
    D3D12DDIARG_RESET_COMMAND_LIST_0124 args = {list->allocator->hdrv};
    struct rt_swplay play = {&device->drv_cmdlist, &device->drv_render_pass, &device->drv_async, {NULL}};
    HRESULT hr;

    if (sw->replayed)
        return S_OK;
    if (!sw->drv.pDrvPrivate)
        hr = rt_swlist_create_driver_list(sw);
    else
        hr = device->drv_cmdlist.pfnResetCommandList(sw->drv, &args);
    if (FAILED(hr))
        return hr;
    play.hdrv = sw->drv;
    rt_swlist_play(&play, sw);
    if (FAILED(hr = device->drv_cmdlist.pfnCloseCommandList(sw->drv)))
        return hr;
    sw->replayed = true;
    return S_OK;
}

HRESULT rt_swlist_replay(struct rt_command_list *list, D3D12DDI_HCOMMANDLIST *drv)
{
    struct rt_swlist *sw = rt_swlist_from_handle(list->hdrv);
    struct rt_swlist_arena *arena = list->allocator->swlist;
    struct rt_device *device = list->device;
    HRESULT hr;

    mtx_lock(&arena->replay_mutex);
    rt_device_ddi_lock(device);
    /* Under a test setup's spy the calls were logged as they recorded (ddi_spy.h). */
    if (sw->log.pDrvPrivate)
        ddi_spy_set_thread_quiet(true);
    hr = rt_swlist_replay_locked(sw);
    if (sw->log.pDrvPrivate)
        ddi_spy_set_thread_quiet(false);
    rt_device_ddi_unlock(device);
    mtx_unlock(&arena->replay_mutex);
    if (FAILED(hr))
    {
        rt_command_list_remove_messagef(list, hr, RT_MESSAGE_ID_NONE_DRIVER_FAILURE,
                                        "ExecuteCommandLists: replaying the software list failed (hr %#x)",
                                (unsigned int)hr);
        return hr;
    }
    *drv = sw->drv;
    return S_OK;
}

void rt_swlist_execute_bundle(struct rt_command_list *list, const struct rt_command_list *bundle)
{
    struct rt_swplay play = {list->ddi_cmdlist, list->ddi_render_pass, list->ddi_async, list->hdrv};
    const struct rt_swrec_BoundClear *clear;
    const struct rt_swrec *rec;

    rt_device_ddi_lock(list->device);
    for (rec = rt_swlist_from_handle(bundle->hdrv)->first; rec && !rt_command_list_is_removed(list); rec = rec->next)
    {
        if (rec->op != RT_SWOP_BoundClear)
        {
            rt_swlist_replayers[rec->op](&play, rec);
            continue;
        }
        /* The lowering takes what it needs outside the DDI lock. */
        clear = (const void *)rec;
        rt_device_ddi_unlock(list->device);
        rt_command_list_execute_bound_clear(list, &clear->call, clear->state);
        rt_device_ddi_lock(list->device);
    }
    rt_device_ddi_unlock(list->device);
}

void rt_swlist_destroy(struct rt_command_list *list)
{
    struct rt_swlist *sw = rt_swlist_from_handle(list->hdrv);
    struct rt_device *device = list->device;

    if (!sw)
        return;
    if (sw->drv.pDrvPrivate)
    {
        rt_device_ddi_lock(device);
        device->ddi.pfnDestroyCommandList(device->hdrv, sw->drv);
        rt_device_ddi_unlock(device);
    }
    free(sw->drv_memory);
    if (sw->log.pDrvPrivate)
        ddi_spy_destroy_log_list(sw->log);
    free(sw);
    list->hdrv.pDrvPrivate = NULL;
}
