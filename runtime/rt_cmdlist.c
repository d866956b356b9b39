/*
 * ID3D12GraphicsCommandList: lifetime, the ID3D12Object methods, Close, Reset,
 * ClearState, removal, and the one vtable every list type shares.
 */
#define CONST_VTABLE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rt_cmdlist_vtbl.h"
#include "rt_swlist.h"
#include "rt_create.h"
#include "rt_fallback_services.h"
#include "rt_info_queue.h"

static const ID3D12GraphicsCommandList12Vtbl rt_command_list_vtbl;

const char *rt_command_list_type_name(D3D12_COMMAND_LIST_TYPE type)
{
    switch (type)
    {
        case D3D12_COMMAND_LIST_TYPE_DIRECT: return "direct";
        case D3D12_COMMAND_LIST_TYPE_BUNDLE: return "bundle";
        case D3D12_COMMAND_LIST_TYPE_COMPUTE: return "compute";
        case D3D12_COMMAND_LIST_TYPE_COPY: return "copy";
        default: return "unknown";
    }
}

struct rt_command_list *rt_command_list_from_list_iface(ID3D12CommandList *iface)
{
    if (!iface || (const void *)iface->lpVtbl != (const void *)&rt_command_list_vtbl)
        return NULL;
    return rt_command_list_from_iface((rt_command_list_iface *)iface);
}

void rt_command_list_remove_message(struct rt_command_list *list, HRESULT hr, D3D12_MESSAGE_ID id,
                                    const char *why)
{
    HRESULT expected = S_OK;

    if (SUCCEEDED(hr))
        hr = E_FAIL;
    /* Only the first failure is reported: later calls are dropped silently. */
    if (!atomic_compare_exchange_strong(&list->error, &expected, hr))
        return;
    RT_WARN("Command list %p removed, hr %#x: %s.", list, (unsigned int)hr, why);
    rt_info_queue_add(list->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
                      id, "%s", why);
}

void rt_command_list_remove_messagev(struct rt_command_list *list, HRESULT hr, D3D12_MESSAGE_ID id,
                                     const char *fmt, va_list args)
{
    char why[320];

    vsnprintf(why, sizeof(why), fmt, args);
    rt_command_list_remove_message(list, hr, id, why);
}

void rt_command_list_remove_messagef(struct rt_command_list *list, HRESULT hr, D3D12_MESSAGE_ID id,
                                     const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    rt_command_list_remove_messagev(list, hr, id, fmt, args);
    va_end(args);
}

void rt_command_list_remove_why(struct rt_command_list *list, const char *method, const struct rt_why *why)
{
    rt_command_list_remove_messagef(list, E_INVALIDARG, why->id, "%s: %s", method, why->text);
}

bool rt_command_list_begin(struct rt_command_list *list, unsigned int allowed, const char *method)
{
    char why[128];

    if (!list->is_recording)
    {
        /* The call cannot reach the driver; the list no longer holds what the
         * application recorded, so it must not execute until Reset. */
        rt_command_list_remove_messagef(list, E_FAIL, D3D12_MESSAGE_ID_COMMAND_LIST_CLOSED,
                                        "%s on a list that is not recording", method);
        return false;
    }
    if (rt_command_list_is_removed(list))
        return false;
    if (!(allowed & (1u << list->type)))
    {
        rt_command_list_remove_messagef(list, E_INVALIDARG, list->type == D3D12_COMMAND_LIST_TYPE_BUNDLE
                                        ? D3D12_MESSAGE_ID_INVALID_BUNDLE_API : RT_MESSAGE_ID_NONE_LIST_TYPE,
                                        "%s is not allowed on a %s command list", method,
                                        rt_command_list_type_name(list->type));
        return false;
    }
    if ((allowed & RT_NOT_IN_RENDER_PASS) && list->render_pass.active)
    {
        snprintf(why, sizeof(why), "%s is not allowed inside a render pass", method);
        rt_command_list_remove_message(list, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_DISALLOWED_API_CALLED, why);
        return false;
    }
    if (allowed & (RT_NOT_IN_RENDER_PASS | RT_GPU_WORK))
        ++list->render_pass.work;
    atomic_store(&list->method, method);
    return true;
}

bool rt_command_list_require_ddi(struct rt_command_list *list, bool present, const char *method, const char *entry)
{
    if (!present)
        rt_command_list_remove_messagef(list, E_NOTIMPL, RT_MESSAGE_ID_NONE_DRIVER_FAILURE,
                                        "%s: the driver's command-list table leaves %s NULL", method, entry);
    return present;
}

void APIENTRY rt_command_list_ddi_error_cb(D3D12DDI_HRTCOMMANDLIST handle, HRESULT hr)
{
    struct rt_command_list *list = handle.handle;

    const char *method;

    if (!list)
        return;
    method = atomic_load(&list->method);
    rt_command_list_remove_messagef(list, hr, RT_MESSAGE_ID_NONE_DRIVER_FAILURE,
                                    "%s: the driver could not record the call (hr %#x)",
                            method ? method : "a recording call", (unsigned int)hr);
}

/* ---- Lifetime ------------------------------------------------------------------------ */

static void rt_command_list_detach_allocator(struct rt_command_list *list)
{
    struct rt_command_allocator *allocator = list->allocator;

    if (!allocator)
        return;
    if (allocator->recording_list == list)
        allocator->recording_list = NULL;
    list->allocator = NULL;
    rt_command_allocator_release_internal_ref(allocator);
}

bool rt_command_list_hold_bundle_allocator(struct rt_command_list *list, struct rt_command_allocator *allocator)
{
    struct rt_command_allocator **grown;
    size_t i, capacity;

    for (i = 0; i < list->bundle_allocator_count; ++i)
    {
        if (list->bundle_allocators[i] == allocator)
            return true;
    }
    if (list->bundle_allocator_count == list->bundle_allocator_capacity)
    {
        capacity = list->bundle_allocator_capacity ? 2 * list->bundle_allocator_capacity : 4;
        if (!(grown = realloc(list->bundle_allocators, capacity * sizeof(*grown))))
        {
            rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                           "ExecuteBundle: out of memory");
            return false;
        }
        list->bundle_allocators = grown;
        list->bundle_allocator_capacity = capacity;
    }
    rt_command_allocator_add_internal_ref(allocator);
    list->bundle_allocators[list->bundle_allocator_count++] = allocator;
    return true;
}

static void rt_command_list_release_bundle_allocators(struct rt_command_list *list)
{
    size_t i;

    for (i = 0; i < list->bundle_allocator_count; ++i)
        rt_command_allocator_release_internal_ref(list->bundle_allocators[i]);
    list->bundle_allocator_count = 0;
}

static void rt_command_list_destroy(struct rt_command_list *list)
{
    struct rt_device *device = list->device;

    if (list->software)
    {
        rt_swlist_destroy(list);
    }
    else if (list->hdrv.pDrvPrivate)
    {
        rt_device_ddi_lock(device);
        device->ddi.pfnDestroyCommandList(device->hdrv, list->hdrv);
        rt_device_ddi_unlock(device);
    }
    /* After the driver list: it may still reference the allocator's memory. */
    rt_command_list_detach_allocator(list);
    rt_command_list_release_bundle_allocators(list);
    free(list->bundle_allocators);
    rt_command_list_let_go(list);
    free(list->kept.slots);
    rt_render_pass_clear(&list->render_pass);
    rt_fallback_list_destroy(list);
    free(list->active_queries);
    free(list->drv_memory);
    rt_private_store_destroy(&list->private_store);
    free(list);
    rt_device_release_internal_ref(device);
}

static HRESULT STDMETHODCALLTYPE rt_command_list_QueryInterface(rt_cl *iface, REFIID riid, void **object)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, riid %s, object %p.", iface, rt_debugstr_guid(riid), object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList12)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList11)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList10)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList9)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList8)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList7)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList6)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList5)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList4)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList3)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList2)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList1)
            || rt_guid_equal(riid, &IID_ID3D12GraphicsCommandList)
            || rt_guid_equal(riid, &IID_ID3D12CommandList)
            || rt_guid_equal(riid, &IID_ID3D12DeviceChild)
            || rt_guid_equal(riid, &IID_ID3D12Object)
            || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12GraphicsCommandList12_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    /* The preview headers' interface exists only where the ten methods can run. */
    if (rt_guid_equal(riid, &IID_ID3D12CommandListAsyncCommands)
            && list->device->async.impl != D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED)
    {
        ID3D12GraphicsCommandList12_AddRef(iface);
        *object = &list->ID3D12CommandListAsyncCommands_iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_command_list_AddRef(rt_cl *iface)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    ULONG refcount = atomic_fetch_add(&list->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", list, refcount);
    return refcount;
}

static void rt_command_list_retired(struct rt_retire_node *node)
{
    rt_command_list_destroy(RT_CONTAINING(node, struct rt_command_list, retire));
}

static ULONG STDMETHODCALLTYPE rt_command_list_Release(rt_cl *iface)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    ULONG refcount = atomic_fetch_sub(&list->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", list, refcount);
    if (!refcount)
        rt_retire_release(list->device, &list->retire, rt_command_list_retired, "ID3D12GraphicsCommandList", list);
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_command_list_GetPrivateData(rt_cl *iface, REFGUID guid, UINT *size, void *data)
{
    return rt_private_store_get(&rt_command_list_from_iface(iface)->private_store, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_list_SetPrivateData(rt_cl *iface, REFGUID guid, UINT size,
                                                                const void *data)
{
    return rt_private_store_set(&rt_command_list_from_iface(iface)->private_store, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_list_SetPrivateDataInterface(rt_cl *iface, REFGUID guid,
                                                                         const IUnknown *data)
{
    return rt_private_store_set_interface(&rt_command_list_from_iface(iface)->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_list_SetName(rt_cl *iface, LPCWSTR name)
{
    RT_TRACE("iface %p, name %s.", iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&rt_command_list_from_iface(iface)->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_command_list_GetDevice(rt_cl *iface, REFIID riid, void **device)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);

    RT_TRACE("iface %p, riid %s, device %p.", iface, rt_debugstr_guid(riid), device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device_QueryInterface((ID3D12Device *)&list->device->ID3D12Device_iface, riid, device);
}

static D3D12_COMMAND_LIST_TYPE STDMETHODCALLTYPE rt_command_list_GetType(rt_cl *iface)
{
    return rt_command_list_from_iface(iface)->type;
}

/* ---- Close, Reset, ClearState --------------------------------------------------------- */

static HRESULT STDMETHODCALLTYPE rt_command_list_Close(rt_cl *iface)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_device *device = list->device;
    HRESULT hr;

    RT_TRACE("iface %p.", iface);

    if (!list->is_recording)
    {
        RT_WARN("Command list %p is not recording.", list);
        return E_FAIL;
    }

    rt_render_pass_close(list);
    rt_command_list_check_open_queries(list);

    rt_device_ddi_lock(device);
    hr = list->ddi_cmdlist->pfnCloseCommandList(list->hdrv);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
        rt_command_list_remove_message(list, hr, RT_MESSAGE_ID_NONE_DRIVER_FAILURE,
                                       "Close: the driver failed to close the list");

    list->is_recording = false;
    /* The allocator is free for another list; it keeps this one's commands (and this
     * list its internal reference) until the list is reset or destroyed. */
    if (list->allocator && list->allocator->recording_list == list)
        list->allocator->recording_list = NULL;
    return atomic_load(&list->error);
}

static HRESULT rt_command_list_create_driver_list(struct rt_command_list *list,
                                                  struct rt_command_allocator *allocator)
{
    struct rt_device *device = list->device;
    D3D12DDIARG_CREATE_COMMAND_LIST_0124 args;
    D3D12DDI_HRTCOMMANDLIST rt_handle = {list};
    SIZE_T size;
    HRESULT hr;

    args.Type = list->type;
    args.hAllocator = allocator->hdrv;
    args.NodeMask = list->node_mask;
    args.CommandListId = list->id;

    if (list->software)
        return rt_swlist_create(list);
    size = device->ddi.pfnCalcPrivateCommandListSize(device->hdrv, &args);
    if (!(list->drv_memory = rt_device_alloc_driver_object(size)))
        return E_OUTOFMEMORY;
    list->hdrv.pDrvPrivate = list->drv_memory;

    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCreateCommandList(device->hdrv, &args, list->hdrv, rt_handle);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("The driver failed to create a command list, hr %#x.", (unsigned int)hr);
        free(list->drv_memory);
        list->drv_memory = NULL;
        list->hdrv.pDrvPrivate = NULL;
    }
    return hr;
}

/* The list starts recording into the allocator: a fresh state and no error. */
static void rt_command_list_start_recording(struct rt_command_list *list, struct rt_command_allocator *allocator,
                                            ID3D12PipelineState *initial_state)
{
    rt_command_allocator_add_internal_ref(allocator);
    rt_command_list_detach_allocator(list);
    rt_command_list_release_bundle_allocators(list);
    rt_command_list_let_go(list);
    allocator->recording_list = list;
    list->allocator = allocator;
    list->is_recording = true;
    atomic_store(&list->error, S_OK);
    atomic_store(&list->method, NULL);
    rt_command_list_state_init(&list->state);
    rt_render_pass_clear(&list->render_pass);
    list->active_query_count = 0;
    rt_fallback_list_reset(list);
    /* The DDI's create and reset take no pipeline: the runtime sets it right after. */
    if (initial_state)
        rt_command_list_SetPipelineState(&list->ID3D12GraphicsCommandList_iface, initial_state);
}

static HRESULT rt_command_list_check_allocator(const struct rt_command_list *list,
                                               struct rt_command_allocator *allocator)
{
    if (!allocator)
    {
        RT_WARN("NULL or foreign command allocator.");
        return E_INVALIDARG;
    }
    if (allocator->type != list->type)
    {
        RT_WARN("Allocator type %#x does not match list type %#x.", allocator->type, list->type);
        return E_INVALIDARG;
    }
    if (allocator->recording_list && allocator->recording_list != list)
    {
        RT_WARN("Command list %p is already recording into allocator %p.", allocator->recording_list, allocator);
        return E_INVALIDARG;
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_command_list_Reset(rt_cl *iface, ID3D12CommandAllocator *allocator_iface,
                                                       ID3D12PipelineState *initial_state)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    struct rt_command_allocator *allocator = rt_command_allocator_from_iface(allocator_iface);
    struct rt_device *device = list->device;
    D3D12DDIARG_RESET_COMMAND_LIST_0124 args;
    HRESULT hr;

    RT_TRACE("iface %p, allocator %p, initial_state %p.", iface, allocator_iface, initial_state);

    if (list->is_recording)
    {
        RT_WARN("Command list %p is still recording; Close it first.", list);
        return E_FAIL;
    }
    if (FAILED(hr = rt_command_list_check_allocator(list, allocator)))
        return hr;

    if (!list->hdrv.pDrvPrivate)
    {
        /* A CreateCommandList1 list meets its first allocator here. */
        if (FAILED(hr = rt_command_list_create_driver_list(list, allocator)))
            return hr;
    }
    else
    {
        args.hAllocator = allocator->hdrv;
        rt_device_ddi_lock(device);
        hr = list->ddi_cmdlist->pfnResetCommandList(list->hdrv, &args);
        rt_device_ddi_unlock(device);
        if (FAILED(hr))
            return hr;
    }

    rt_command_list_start_recording(list, allocator, initial_state);
    return S_OK;
}

static void STDMETHODCALLTYPE rt_command_list_ClearState(rt_cl *iface, ID3D12PipelineState *state)
{
    struct rt_command_list *list = rt_command_list_from_iface(iface);
    const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *ddi = list->ddi_cmdlist;
    static const FLOAT default_blend_factor[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    bool graphics = list->type == D3D12_COMMAND_LIST_TYPE_DIRECT;

    RT_TRACE("iface %p, state %p.", iface, state);

    if (!rt_command_list_begin(list, RT_LIST_DIRECT | RT_LIST_COMPUTE | RT_NOT_IN_RENDER_PASS, "ClearState"))
        return;

    /* There is no ClearState DDI: the runtime replays the defaults (ddi-facts §3). */
    rt_device_ddi_lock(list->device);
    if (graphics)
    {
        if (ddi->pfnIASetPrimitiveTopology)
            ddi->pfnIASetPrimitiveTopology(list->hdrv, D3D_PRIMITIVE_TOPOLOGY_UNDEFINED);
        if (ddi->pfnIASetIndexBuffer)
            ddi->pfnIASetIndexBuffer(list->hdrv, NULL);
        if (ddi->pfnIASetVertexBuffers)
            ddi->pfnIASetVertexBuffers(list->hdrv, 0, D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT, NULL);
        if (ddi->pfnSOSetTargets)
            ddi->pfnSOSetTargets(list->hdrv, 0, D3D12_SO_BUFFER_SLOT_COUNT, NULL);
        if (ddi->pfnRSSetViewports)
            ddi->pfnRSSetViewports(list->hdrv, 0, NULL);
        if (ddi->pfnRSSetScissorRects)
            ddi->pfnRSSetScissorRects(list->hdrv, 0, NULL);
        if (ddi->pfnOMSetBlendFactor)
            ddi->pfnOMSetBlendFactor(list->hdrv, default_blend_factor);
        if (ddi->pfnOMSetStencilRef)
            ddi->pfnOMSetStencilRef(list->hdrv, 0, 0);
        if (ddi->pfnOMSetDepthBounds)
            ddi->pfnOMSetDepthBounds(list->hdrv, 0.0f, 1.0f);
        if (ddi->pfnOMSetRenderTargets)
            ddi->pfnOMSetRenderTargets(list->hdrv, 0, NULL, NULL);
        if (ddi->pfnSetGraphicsRootSignature)
            ddi->pfnSetGraphicsRootSignature(list->hdrv, (D3D12DDI_HROOTSIGNATURE){NULL});
        if (ddi->pfnSetViewInstanceMask)
            ddi->pfnSetViewInstanceMask(list->hdrv, 0);
    }
    if (ddi->pfnSetComputeRootSignature)
        ddi->pfnSetComputeRootSignature(list->hdrv, (D3D12DDI_HROOTSIGNATURE){NULL});
    if (ddi->pfnSetDescriptorHeaps)
        ddi->pfnSetDescriptorHeaps(list->hdrv, 0, NULL);
    if (ddi->pfnSetPredication)
        ddi->pfnSetPredication(list->hdrv, (D3D12DDI_HRESOURCE){NULL}, 0, D3D12_PREDICATION_OP_EQUAL_ZERO);
    if (ddi->pfnClearRootArguments)
        ddi->pfnClearRootArguments(list->hdrv);
    /* A NULL pipeline handle means "no pipeline": draws and dispatches are no-ops. */
    if (!state && ddi->pfnSetPipelineState)
        ddi->pfnSetPipelineState(list->hdrv, (D3D12DDI_HPIPELINESTATE){NULL});
    rt_device_ddi_unlock(list->device);

    rt_command_list_state_init(&list->state);
    if (state)
        rt_command_list_SetPipelineState(iface, state);
}

/* ---- Creation ------------------------------------------------------------------------ */

static HRESULT rt_command_list_validate_create(UINT node_mask, D3D12_COMMAND_LIST_TYPE type)
{
    if (type != D3D12_COMMAND_LIST_TYPE_DIRECT && type != D3D12_COMMAND_LIST_TYPE_BUNDLE
            && type != D3D12_COMMAND_LIST_TYPE_COMPUTE && type != D3D12_COMMAND_LIST_TYPE_COPY)
    {
        RT_WARN("Invalid command list type %#x.", type);
        return E_INVALIDARG;
    }
    if (node_mask > 1)
    {
        RT_WARN("Invalid node mask %#x.", node_mask);
        return E_INVALIDARG;
    }
    return S_OK;
}

static HRESULT rt_command_list_alloc(struct rt_device *device, UINT node_mask, D3D12_COMMAND_LIST_TYPE type,
                                     struct rt_command_list **out)
{
    struct rt_command_list *list;
    bool own;
    HRESULT hr;

    if (!(list = calloc(1, sizeof(*list))))
        return E_OUTOFMEMORY;
    list->ID3D12GraphicsCommandList_iface.lpVtbl = &rt_command_list_vtbl;
    list->ID3D12CommandListAsyncCommands_iface.lpVtbl = &rt_command_list_async_vtbl;
    atomic_init(&list->refcount, 1);
    atomic_init(&list->error, S_OK);
    list->device = device;
    list->type = type;
    list->node_mask = node_mask ? node_mask : 1;   /* one node: 0 means node 0 */
    list->id = atomic_fetch_add(&device->next_command_list_id, 1) + 1;
    list->software = rt_device_records_list(device, type);
    /* With software lists the device's tables are the recorders: only a FALLBACK device's
     * bundles take the recorders beside the driver's tables. */
    own = list->software && !device->software_lists;
    list->ddi_cmdlist = own ? &device->sw_cmdlist : &device->ddi_cmdlist;
    list->ddi_render_pass = own ? &device->sw_render_pass : &device->ddi_render_pass;
    list->ddi_async = own ? &device->sw_async : &device->ddi_async;
    rt_command_list_state_init(&list->state);
    if (FAILED(hr = rt_private_store_init(&list->private_store)))
    {
        free(list);
        return hr;
    }
    *out = list;
    return S_OK;
}

static HRESULT rt_command_list_publish(struct rt_command_list *list, REFIID riid, void **object)
{
    rt_device_add_internal_ref(list->device);
    RT_TRACE("Created %s command list %p.", rt_command_list_type_name(list->type), list);
    return rt_return_interface(&list->ID3D12GraphicsCommandList_iface, &IID_ID3D12GraphicsCommandList12,
                               riid, object);
}

HRESULT rt_command_list_create(struct rt_device *device, UINT node_mask, D3D12_COMMAND_LIST_TYPE type,
                               ID3D12CommandAllocator *allocator_iface, ID3D12PipelineState *initial_state,
                               REFIID riid, void **object)
{
    struct rt_command_allocator *allocator = rt_command_allocator_from_iface(allocator_iface);
    struct rt_command_list *list;
    HRESULT hr;

    rt_clear_out(object);
    if (FAILED(hr = rt_command_list_validate_create(node_mask, type)))
        return hr;
    if (!allocator)
    {
        RT_WARN("NULL or foreign command allocator %p.", allocator_iface);
        return E_INVALIDARG;
    }
    if (!object)
        return S_FALSE;

    if (FAILED(hr = rt_command_list_alloc(device, node_mask, type, &list)))
        return hr;
    if (FAILED(hr = rt_command_list_check_allocator(list, allocator))
            || FAILED(hr = rt_command_list_create_driver_list(list, allocator)))
    {
        rt_private_store_destroy(&list->private_store);
        free(list);
        return hr;
    }
    rt_command_list_start_recording(list, allocator, initial_state);
    return rt_command_list_publish(list, riid, object);
}

HRESULT rt_command_list_create_closed(struct rt_device *device, UINT node_mask, D3D12_COMMAND_LIST_TYPE type,
                                      D3D12_COMMAND_LIST_FLAGS flags, REFIID riid, void **object)
{
    struct rt_command_list *list;
    HRESULT hr;

    rt_clear_out(object);
    if (FAILED(hr = rt_command_list_validate_create(node_mask, type)))
        return hr;
    if (flags != D3D12_COMMAND_LIST_FLAG_NONE)
    {
        RT_WARN("Invalid command list flags %#x.", flags);
        return E_INVALIDARG;
    }
    if (!object)
        return S_FALSE;

    /* The driver list is created at the first Reset, when there is an allocator. */
    if (FAILED(hr = rt_command_list_alloc(device, node_mask, type, &list)))
        return hr;
    return rt_command_list_publish(list, riid, object);
}

/* ---- The vtable ------------------------------------------------------------------------ */

#define M(name) rt_command_list_##name

static const ID3D12GraphicsCommandList12Vtbl rt_command_list_vtbl =
{
    /* IUnknown methods */
    M(QueryInterface), M(AddRef), M(Release),
    /* ID3D12Object methods */
    M(GetPrivateData), M(SetPrivateData), M(SetPrivateDataInterface), M(SetName),
    /* ID3D12DeviceChild methods */
    M(GetDevice),
    /* ID3D12CommandList methods */
    M(GetType),
    /* ID3D12GraphicsCommandList methods */
    M(Close), M(Reset), M(ClearState), M(DrawInstanced), M(DrawIndexedInstanced), M(Dispatch),
    M(CopyBufferRegion), M(CopyTextureRegion), M(CopyResource), M(CopyTiles), M(ResolveSubresource),
    M(IASetPrimitiveTopology), M(RSSetViewports), M(RSSetScissorRects), M(OMSetBlendFactor),
    M(OMSetStencilRef), M(SetPipelineState), M(ResourceBarrier), M(ExecuteBundle), M(SetDescriptorHeaps),
    M(SetComputeRootSignature), M(SetGraphicsRootSignature), M(SetComputeRootDescriptorTable),
    M(SetGraphicsRootDescriptorTable), M(SetComputeRoot32BitConstant), M(SetGraphicsRoot32BitConstant),
    M(SetComputeRoot32BitConstants), M(SetGraphicsRoot32BitConstants), M(SetComputeRootConstantBufferView),
    M(SetGraphicsRootConstantBufferView), M(SetComputeRootShaderResourceView),
    M(SetGraphicsRootShaderResourceView), M(SetComputeRootUnorderedAccessView),
    M(SetGraphicsRootUnorderedAccessView), M(IASetIndexBuffer), M(IASetVertexBuffers), M(SOSetTargets),
    M(OMSetRenderTargets), M(ClearDepthStencilView), M(ClearRenderTargetView), M(ClearUnorderedAccessViewUint),
    M(ClearUnorderedAccessViewFloat), M(DiscardResource), M(BeginQuery), M(EndQuery), M(ResolveQueryData),
    M(SetPredication), M(SetMarker), M(BeginEvent), M(EndEvent), M(ExecuteIndirect),
    /* ID3D12GraphicsCommandList1 methods */
    M(AtomicCopyBufferUINT), M(AtomicCopyBufferUINT64), M(OMSetDepthBounds), M(SetSamplePositions),
    M(ResolveSubresourceRegion), M(SetViewInstanceMask),
    /* ID3D12GraphicsCommandList2 methods */
    M(WriteBufferImmediate),
    /* ID3D12GraphicsCommandList3 methods */
    M(SetProtectedResourceSession),
    /* ID3D12GraphicsCommandList4 methods */
    M(BeginRenderPass), M(EndRenderPass), M(InitializeMetaCommand), M(ExecuteMetaCommand),
    M(BuildRaytracingAccelerationStructure), M(EmitRaytracingAccelerationStructurePostbuildInfo),
    M(CopyRaytracingAccelerationStructure), M(SetPipelineState1), M(DispatchRays),
    /* ID3D12GraphicsCommandList5 methods */
    M(RSSetShadingRate), M(RSSetShadingRateImage),
    /* ID3D12GraphicsCommandList6 methods */
    M(DispatchMesh),
    /* ID3D12GraphicsCommandList7 methods */
    M(Barrier),
    /* ID3D12GraphicsCommandList8 methods */
    M(OMSetFrontAndBackStencilRef),
    /* ID3D12GraphicsCommandList9 methods */
    M(RSSetDepthBias), M(IASetIndexBufferStripCutValue),
    /* ID3D12GraphicsCommandList10 methods */
    M(SetProgram), M(DispatchGraph),
    /* ID3D12GraphicsCommandList11 methods */
    M(WaitBarrier), M(SignalBarrier),
    /* ID3D12GraphicsCommandList12 methods */
    M(CopyBufferRegions), M(CopyTextureRegions), M(CopyResources), M(CopyTilesAsync),
    M(ResolveSubresourceRegionAsync), M(ResolveQueryDataAsync), M(ClearBoundDepthStencilView),
    M(ClearBoundRenderTargetViews), M(ClearTextureSubresources), M(FillBuffers),
};

#undef M
