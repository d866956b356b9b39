/* The DDI spy: the log, wrapping an adapter, the adapter table and the capability masks. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stddef.h>
#include "ddi_spy_private.h"

/* ---- The log ---------------------------------------------------------------------- */

struct ddi_spy *ddi_spy_create(const struct ddi_spy_masks *masks, bool trace_to_stderr)
{
    struct ddi_spy *spy;

    if (!(spy = calloc(1, sizeof(*spy))))
        return NULL;
    if (mtx_init(&spy->lock, mtx_plain) != thrd_success)
    {
        free(spy);
        return NULL;
    }
    atomic_init(&spy->refcount, 1);
    atomic_init(&spy->recording, true);
    spy->trace = trace_to_stderr;
    if (masks)
        spy->masks = *masks;
    else
        spy->masks.max_tiled_resources_tier = -1;
    /* A test setup's serialising driver: no test of the run may see two threads inside.
     * A setup that makes the runtime record its lists has their calls logged as they
     * record (ddi_spy_logs_recording). */
    if (ddi_spy_environment_masks(&spy->masks))
    {
        spy->logs_recording = spy->masks.hide_command_lists || spy->masks.hide_free_threading;
        if (spy->masks.hide_free_threading)
            atomic_store(&spy->abort_on_overlap, true);
    }
    return spy;
}

bool ddi_spy_logs_recording(const struct ddi_spy *spy)
{
    return spy && spy->logs_recording;
}

/* A log list: the header, then the copy of its device whose list tables are the sink. */
struct spy_log_list
{
    _Alignas(16) unsigned char header[DDI_SPY_HEADER_SIZE];
    struct spy_device device;
};

D3D12DDI_HCOMMANDLIST ddi_spy_create_log_list(D3D12DDI_HDEVICE device, D3D12DDI_HRTCOMMANDLIST rt_list,
                                              const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *sink,
                                              const D3D12DDI_RENDER_PASS_FUNCS_0124 *sink_render_pass,
                                              const D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 *sink_async)
{
    struct spy_device *d = spy_device_of(device.pDrvPrivate);
    D3D12DDI_HCOMMANDLIST handle = {NULL};
    struct spy_log_list *log;

    if (!(log = calloc(1, sizeof(*log))))
        return handle;
    log->device.spy = d->spy;
    log->device.list = *sink;
    log->device.render_pass = *sink_render_pass;
    log->device.async = *sink_async;
    log->device.sink = true;
    spy_init_header(log->header, &log->device, rt_list.handle);
    handle.pDrvPrivate = log;
    return handle;
}

void ddi_spy_destroy_log_list(D3D12DDI_HCOMMANDLIST list)
{
    free(list.pDrvPrivate);
}

static _Thread_local bool spy_thread_quiet;

void ddi_spy_set_thread_quiet(bool quiet)
{
    spy_thread_quiet = quiet;
}

/* One D3D12RT_TEST_DRIVER_MASKS word: false for a name no mask has. */
static bool ddi_spy_parse_mask(const char *word, size_t length, struct ddi_spy_masks *masks)
{
    static const struct { const char *name; size_t offset; } flags[] =
    {
        {"hide_async_commands", offsetof(struct ddi_spy_masks, hide_async_commands)},
        {"hide_enhanced_barriers", offsetof(struct ddi_spy_masks, hide_enhanced_barriers)},
        {"report_discrete", offsetof(struct ddi_spy_masks, report_discrete)},
        {"hide_free_threading", offsetof(struct ddi_spy_masks, hide_free_threading)},
        {"hide_command_lists", offsetof(struct ddi_spy_masks, hide_command_lists)},
        {"hide_render_pass_table", offsetof(struct ddi_spy_masks, hide_render_pass_table)},
        {"hide_programmable_sample_positions", offsetof(struct ddi_spy_masks, hide_programmable_sample_positions)},
        {"hide_msaa_render_targets", offsetof(struct ddi_spy_masks, hide_msaa_render_targets)},
        {"refuse_graphics_pipelines", offsetof(struct ddi_spy_masks, refuse_graphics_pipelines)},
        {"claim_dxil", offsetof(struct ddi_spy_masks, claim_dxil)},
    };
    unsigned int i;

    for (i = 0; i < sizeof(flags) / sizeof(flags[0]); ++i)
    {
        if (strlen(flags[i].name) == length && !strncmp(word, flags[i].name, length))
        {
            *(bool *)((char *)masks + flags[i].offset) = true;
            return true;
        }
    }
    return false;
}

bool ddi_spy_environment_masks(struct ddi_spy_masks *masks)
{
    const char *list = getenv("D3D12RT_TEST_DRIVER_MASKS"), *word;
    bool any = false;
    size_t length;

    if (!list)
        return false;
    for (word = list; *word; word += length + (word[length] == ','))
    {
        length = strcspn(word, ",");
        if (ddi_spy_parse_mask(word, length, masks))
            any = true;
        else if (length)
            fprintf(stderr, "d3d12rt: D3D12RT_TEST_DRIVER_MASKS: unknown mask \"%.*s\" ignored.\n", (int)length, word);
    }
    return any;
}

static void ddi_spy_release(struct ddi_spy *spy)
{
    if (atomic_fetch_sub(&spy->refcount, 1) != 1)
        return;
    mtx_destroy(&spy->lock);
    free(spy->calls);
    free(spy);
}

void ddi_spy_destroy(struct ddi_spy *spy)
{
    if (spy)
        ddi_spy_release(spy);
}

void ddi_spy_set_recording(struct ddi_spy *spy, bool recording)
{
    atomic_store(&spy->recording, recording);
}

void spy_log(struct ddi_spy *spy, const char *name, const char *fmt, ...)
{
    bool recording = atomic_load(&spy->recording);
    struct ddi_spy_call call;
    va_list args;

    if ((!recording && !spy->trace) || (spy_thread_quiet && strcmp(name, "Overlap")))
        return;
    snprintf(call.name, sizeof(call.name), "%s", name);
    va_start(args, fmt);
    vsnprintf(call.args, sizeof(call.args), fmt, args);
    va_end(args);

    mtx_lock(&spy->lock);
    if (recording)
    {
        if (spy->count == spy->capacity)
        {
            size_t capacity = spy->capacity ? spy->capacity * 2 : 256;
            struct ddi_spy_call *calls = realloc(spy->calls, capacity * sizeof(*calls));

            if (calls)
            {
                spy->calls = calls;
                spy->capacity = capacity;
            }
        }
        /* Out of memory: the call runs, only its record is lost. */
        if (spy->count < spy->capacity)
            spy->calls[spy->count++] = call;
    }
    if (spy->trace)
        fprintf(stderr, "d3d12rt: ddi: %s(%s)\n", call.name, call.args);
    mtx_unlock(&spy->lock);
}

size_t ddi_spy_call_count(struct ddi_spy *spy)
{
    size_t count;

    mtx_lock(&spy->lock);
    count = spy->count;
    mtx_unlock(&spy->lock);
    return count;
}

bool ddi_spy_get_call(struct ddi_spy *spy, size_t index, struct ddi_spy_call *out)
{
    bool found;

    mtx_lock(&spy->lock);
    if ((found = index < spy->count))
        *out = spy->calls[index];
    mtx_unlock(&spy->lock);
    return found;
}

size_t ddi_spy_count_since(struct ddi_spy *spy, size_t first_index, const char *name)
{
    size_t i, count = 0;

    mtx_lock(&spy->lock);
    for (i = first_index; i < spy->count; ++i)
        count += !strcmp(spy->calls[i].name, name);
    mtx_unlock(&spy->lock);
    return count;
}

size_t ddi_spy_count(struct ddi_spy *spy, const char *name)
{
    return ddi_spy_count_since(spy, 0, name);
}

size_t ddi_spy_find(struct ddi_spy *spy, size_t first_index, const char *name)
{
    size_t i, found = (size_t)-1;

    mtx_lock(&spy->lock);
    for (i = first_index; i < spy->count; ++i)
    {
        if (!strcmp(spy->calls[i].name, name))
        {
            found = i;
            break;
        }
    }
    mtx_unlock(&spy->lock);
    return found;
}

void ddi_spy_clear(struct ddi_spy *spy)
{
    mtx_lock(&spy->lock);
    spy->count = 0;
    mtx_unlock(&spy->lock);
}

/* ---- The overlap detector ------------------------------------------------------------ */

/* How deep the calling thread is in spy thunks: a callback that calls back in stays one thread. */
static _Thread_local unsigned int spy_thread_depth;

struct spy_guard spy_enter(struct spy_device *device)
{
    struct spy_guard guard = { device && !device->sink ? device : NULL };
    unsigned int inside, seen;

    /* A log list's calls never reach the driver: not counted inside it. */
    if (spy_thread_depth++ || !guard.device)
        return guard;
    inside = atomic_fetch_add(&device->threads_inside, 1) + 1;
    seen = atomic_load(&device->spy->max_threads_inside);
    while (inside > seen && !atomic_compare_exchange_weak(&device->spy->max_threads_inside, &seen, inside))
        ;
    if (inside > 1)
    {
        atomic_fetch_add(&device->spy->overlaps, 1);
        if (device->spy->masks.hide_free_threading)
            spy_log(device->spy, "Overlap", "threads=%u", inside);
        if (device->spy->masks.hide_free_threading && atomic_load(&device->spy->abort_on_overlap))
        {
            fprintf(stderr, "ddi spy: %u threads inside a serialised driver's device.\n", inside);
            abort();
        }
    }
    return guard;
}

void spy_leave(struct spy_guard *guard)
{
    if (--spy_thread_depth || !guard->device)
        return;
    atomic_fetch_sub(&guard->device->threads_inside, 1);
}

unsigned int ddi_spy_max_threads_inside(struct ddi_spy *spy)
{
    return atomic_load(&spy->max_threads_inside);
}

size_t ddi_spy_overlap_count(struct ddi_spy *spy)
{
    return atomic_load(&spy->overlaps);
}

void ddi_spy_set_abort_on_overlap(struct ddi_spy *spy, bool abort_on_overlap)
{
    atomic_store(&spy->abort_on_overlap, abort_on_overlap);
}

/* ---- Helpers shared by the thunks ---------------------------------------------------- */

void *spy_scratch_alloc(struct spy_scratch *scratch, size_t count, size_t element_size)
{
    scratch->heap = NULL;
    if (element_size && count > SIZE_MAX / element_size)
        return NULL;
    if (count * element_size <= sizeof(scratch->local))
        return scratch->local;
    return scratch->heap = malloc(count * element_size);
}

void spy_scratch_free(struct spy_scratch *scratch)
{
    free(scratch->heap);
    scratch->heap = NULL;
}

void spy_list_out_of_memory(D3D12DDI_HCOMMANDLIST outer)
{
    struct spy_device *device = spy_device_of(outer.pDrvPrivate);

    spy_log(device->spy, "SpyOutOfMemory", "list=%p", outer.pDrvPrivate);
    if (device->callbacks.pfnSetCommandListErrorCb)
        device->callbacks.pfnSetCommandListErrorCb(spy_rt_list(outer), E_OUTOFMEMORY);
}

const char *spy_caps_name(D3D12DDICAPS_TYPE type)
{
    switch ((int)type)
    {
        case D3D12DDICAPS_TYPE_ARCHITECTURE_INFO: return "ARCHITECTURE_INFO";
        case D3D12DDICAPS_TYPE_D3D12_OPTIONS: return "D3D12_OPTIONS";
        case D3D12DDICAPS_TYPE_3DPIPELINESUPPORT: return "3DPIPELINESUPPORT";
        case D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS: return "0124_ASYNC_COMMANDS";
        case D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS: return "0124_EXECUTE_TILE_MAPPINGS";
        case D3D12DDICAPS_TYPE_0124_THREADING: return "0124_THREADING";
        case D3D12DDICAPS_TYPE_0124_GPU_INFO: return "0124_GPU_INFO";
        default: return "unknown";
    }
}

const char *spy_table_name(D3D12DDI_TABLE_TYPE type)
{
    switch ((int)type)
    {
        case D3D12DDI_TABLE_TYPE_DEVICE_CORE: return "DEVICE_CORE";
        case D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D: return "COMMAND_LIST_3D";
        case D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D: return "COMMAND_QUEUE_3D";
        case D3D12DDI_TABLE_TYPE_0043_RENDER_PASS: return "0043_RENDER_PASS";
        case D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS: return "0124_TILE_MAPPING_QUEUE_FUNCS";
        case D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST: return "0124_ASYNC_COMMAND_LIST";
        default: return "unknown";
    }
}

const char *spy_list_type_name(D3D12_COMMAND_LIST_TYPE type)
{
    switch ((int)type)
    {
        case D3D12_COMMAND_LIST_TYPE_DIRECT: return "DIRECT";
        case D3D12_COMMAND_LIST_TYPE_BUNDLE: return "BUNDLE";
        case D3D12_COMMAND_LIST_TYPE_COMPUTE: return "COMPUTE";
        case D3D12_COMMAND_LIST_TYPE_COPY: return "COPY";
        default: return "unknown";
    }
}

/* ---- Capability masks ------------------------------------------------------------------ */

static HRESULT spy_mask_caps(const struct ddi_spy_masks *masks, const D3D12DDIARG_GETCAPS *args, HRESULT hr)
{
    if (!args->pData)
        return hr;
    switch ((int)args->Type)
    {
        case D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS:
        {
            D3D12DDI_ASYNC_COMMANDS_CAPS_0124 *caps = args->pData;

            if (args->DataSize != sizeof(*caps) || (!masks->hide_async_commands && !masks->force_async_commands))
                return hr;
            if (masks->hide_async_commands)
            {
                caps->Supported = FALSE;
                caps->FeatureVersion = 0;
                return S_OK;
            }
            /* Forcing also answers a driver that does not know the caps type. */
            if (FAILED(hr))
                memset(caps, 0, sizeof(*caps));
            caps->Supported = TRUE;
            if (caps->FeatureVersion < D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1)
                caps->FeatureVersion = D3D12DDI_ASYNC_COMMANDS_FEATURE_VERSION_1;
            return S_OK;
        }
        case D3D12DDICAPS_TYPE_D3D12_OPTIONS:
        {
            D3D12DDI_D3D12_OPTIONS_DATA_0124 *options = args->pData;

            if (FAILED(hr) || args->DataSize != sizeof(*options))
                return hr;
            if (masks->hide_enhanced_barriers)
                options->EnhancedBarriersSupported = FALSE;
            if (masks->hide_render_pass_table)
                options->RenderPassTier = D3D12_RENDER_PASS_TIER_0;
            if (masks->hide_programmable_sample_positions)
                options->ProgrammableSamplePositionsTier = D3D12_PROGRAMMABLE_SAMPLE_POSITIONS_TIER_NOT_SUPPORTED;
            if (masks->claim_dxil)
            {
                /* A driver reporting DXIL names its model (the runtime's contract). */
                options->DXILSupported = TRUE;
                if (options->HighestShaderModel < D3D_SHADER_MODEL_6_0)
                    options->HighestShaderModel = D3D_SHADER_MODEL_6_0;
            }
            if (masks->max_tiled_resources_tier >= 0
                    && (int)options->TiledResourcesTier > masks->max_tiled_resources_tier)
                options->TiledResourcesTier = (D3D12_TILED_RESOURCES_TIER)masks->max_tiled_resources_tier;
            if (masks->binding_tier)
                options->ResourceBindingTier = (D3D12_RESOURCE_BINDING_TIER)masks->binding_tier;
            return hr;
        }
        case D3D12DDICAPS_TYPE_0124_EXECUTE_TILE_MAPPINGS:
        {
            D3D12DDI_FEATURE_DATA_EXECUTE_TILE_MAPPINGS_0124 *tile = args->pData;

            /* A tier clamped below 5 has no layout tables either (seed 001). */
            if (FAILED(hr) || args->DataSize != sizeof(*tile) || masks->max_tiled_resources_tier < 0
                    || masks->max_tiled_resources_tier >= D3D12DDI_TILED_RESOURCES_TIER_5)
                return hr;
            tile->MaxTilePoolLayoutIndexCount = 0;
            tile->MaxResourceLayoutIndexCount = 0;
            return hr;
        }
        case D3D12DDICAPS_TYPE_ARCHITECTURE_INFO:
        {
            D3D12DDI_ARCHITECTURE_INFO *info = args->pData;

            if (FAILED(hr) || args->DataSize != sizeof(*info) || !masks->report_discrete)
                return hr;
            info->UMA = FALSE;
            info->CacheCoherentUMA = FALSE;
            return hr;
        }
        case D3D12DDICAPS_TYPE_0124_THREADING:
        {
            D3D12DDI_THREADING_CAPS_0124 *threading = args->pData;

            if (FAILED(hr) || args->DataSize != sizeof(*threading))
                return hr;
            if (masks->hide_free_threading)
                threading->Caps &= ~(D3D12DDICAPS_THREADING_FREETHREADED | D3D12DDICAPS_THREADING_COMMANDLISTS);
            if (masks->hide_command_lists)
                threading->Caps &= ~D3D12DDICAPS_THREADING_COMMANDLISTS;
            if (masks->claim_lists_without_free_threading)
                threading->Caps = (threading->Caps & ~D3D12DDICAPS_THREADING_FREETHREADED)
                        | D3D12DDICAPS_THREADING_COMMANDLISTS;
            return hr;
        }
        default:
            return hr;
    }
}

static void spy_format_caps(char *buf, size_t len, const D3D12DDIARG_GETCAPS *args, HRESULT hr)
{
    buf[0] = '\0';
    if (FAILED(hr) || !args->pData)
        return;
    switch ((int)args->Type)
    {
        case D3D12DDICAPS_TYPE_0124_ASYNC_COMMANDS:
        {
            const D3D12DDI_ASYNC_COMMANDS_CAPS_0124 *caps = args->pData;

            snprintf(buf, len, ", Supported=%d, FeatureVersion=%u", caps->Supported, caps->FeatureVersion);
            break;
        }
        case D3D12DDICAPS_TYPE_D3D12_OPTIONS:
        {
            const D3D12DDI_D3D12_OPTIONS_DATA_0124 *options = args->pData;

            snprintf(buf, len, ", EnhancedBarriers=%d, TiledTier=%d", options->EnhancedBarriersSupported,
                     (int)options->TiledResourcesTier);
            break;
        }
        case D3D12DDICAPS_TYPE_ARCHITECTURE_INFO:
        {
            const D3D12DDI_ARCHITECTURE_INFO *info = args->pData;

            snprintf(buf, len, ", UMA=%d, CacheCoherentUMA=%d", info->UMA, info->CacheCoherentUMA);
            break;
        }
        case D3D12DDICAPS_TYPE_0124_THREADING:
            snprintf(buf, len, ", Caps=0x%x", ((const D3D12DDI_THREADING_CAPS_0124 *)args->pData)->Caps);
            break;
        case D3D12DDICAPS_TYPE_3DPIPELINESUPPORT:
            snprintf(buf, len, ", MaximumLevel=%d",
                     (int)((const D3D12DDI_3DPIPELINESUPPORT_CAPS *)args->pData)->MaximumLevel);
            break;
        default:
            break;
    }
}

/* ---- The adapter table --------------------------------------------------------------- */

static struct spy_adapter *spy_adapter_of(D3D12DDI_HADAPTER adapter)
{
    return adapter.pDrvPrivate;
}

static SIZE_T APIENTRY spy_CalcPrivateDeviceSize(D3D12DDI_HADAPTER adapter,
                                                 const D3D12DDIARG_CALCPRIVATEDEVICESIZE *args)
{
    struct spy_adapter *a = spy_adapter_of(adapter);
    SIZE_T size = spy_outer_size(a->funcs.pfnCalcPrivateDeviceSize(a->inner, args));

    spy_log(a->spy, "CalcPrivateDeviceSize", "Interface=0x%x, Version=0x%x, Flags=0x%x -> %zu",
            args ? args->Interface : 0, args ? args->Version : 0, args ? args->Flags : 0, (size_t)size);
    return size;
}

static HRESULT APIENTRY spy_CreateDevice(D3D12DDI_HADAPTER adapter, D3D12DDIARG_CREATEDEVICE_0124 *args)
{
    struct spy_adapter *a = spy_adapter_of(adapter);
    D3D12DDIARG_CREATEDEVICE_0124 inner_args;
    struct spy_device *device;
    HRESULT hr;

    if (!args || !args->hDrvDevice.pDrvPrivate)
    {
        hr = a->funcs.pfnCreateDevice(a->inner, args);
        spy_log(a->spy, "CreateDevice", "args=%p -> 0x%08x", (void *)args, (unsigned int)hr);
        return hr;
    }
    if (!(device = calloc(1, sizeof(*device))))
    {
        spy_log(a->spy, "CreateDevice", "device=%p -> 0x%08x", args->hDrvDevice.pDrvPrivate,
                (unsigned int)E_OUTOFMEMORY);
        return E_OUTOFMEMORY;
    }
    device->spy = a->spy;
    device->adapter_funcs = a->funcs;
    device->rt_device = args->hRTDevice;
    if (args->pCallbacks)
        device->callbacks = *args->pCallbacks;
    spy_init_header(args->hDrvDevice.pDrvPrivate, device, args->hRTDevice.handle);

    inner_args = *args;
    inner_args.hDrvDevice = spy_in_device(args->hDrvDevice);
    /* A reshaped level above the driver's own reaches the driver as its own maximum. */
    if (a->spy->masks.pipeline_level && atomic_load(&a->driver_max_level)
            && (int)inner_args.PipelineLevel > atomic_load(&a->driver_max_level))
        inner_args.PipelineLevel = (D3D12DDI_3DPIPELINELEVEL)atomic_load(&a->driver_max_level);
    hr = a->funcs.pfnCreateDevice(a->inner, &inner_args);
    spy_log(a->spy, "CreateDevice", "device=%p, Interface=0x%x, Version=0x%x, PipelineLevel=%d, Flags=0x%x,"
            " GpuTimeoutMs=%u -> 0x%08x", args->hDrvDevice.pDrvPrivate, args->Interface, args->Version,
            (int)args->PipelineLevel, args->Flags, args->GpuTimeoutMs, (unsigned int)hr);
    if (FAILED(hr))
    {
        spy_init_header(args->hDrvDevice.pDrvPrivate, NULL, NULL);
        free(device);
        return hr;
    }
    /* A device keeps the spy alive too, whatever order the runtime closes things in. */
    atomic_fetch_add(&a->spy->refcount, 1);
    return hr;
}

static void APIENTRY spy_DestroyDevice(D3D12DDI_HDEVICE outer)
{
    struct spy_device *device = spy_device_of(outer.pDrvPrivate);

    spy_log(device->spy, "DestroyDevice", "device=%p", outer.pDrvPrivate);
    device->adapter_funcs.pfnDestroyDevice(spy_in_device(outer));
    spy_init_header(outer.pDrvPrivate, NULL, NULL);
    ddi_spy_release(device->spy);
    free(device);
}

static HRESULT APIENTRY spy_CloseAdapter(D3D12DDI_HADAPTER adapter)
{
    struct spy_adapter *a = spy_adapter_of(adapter);
    struct ddi_spy *spy = a->spy;
    HRESULT hr;

    hr = a->funcs.pfnCloseAdapter(a->inner);
    spy_log(spy, "CloseAdapter", "adapter=%p -> 0x%08x", (void *)a, (unsigned int)hr);
    free(a);
    ddi_spy_release(spy);
    return hr;
}

static HRESULT APIENTRY spy_GetSupportedVersions(D3D12DDI_HADAPTER adapter, UINT32 *entries, UINT64 *versions)
{
    struct spy_adapter *a = spy_adapter_of(adapter);
    HRESULT hr = a->funcs.pfnGetSupportedVersions(a->inner, entries, versions);

    spy_log(a->spy, "GetSupportedVersions", "entries=%u, versions=%p -> 0x%08x", entries ? *entries : 0,
            (void *)versions, (unsigned int)hr);
    return hr;
}

static HRESULT APIENTRY spy_GetCaps(D3D12DDI_HADAPTER adapter, const D3D12DDIARG_GETCAPS *args)
{
    struct spy_adapter *a = spy_adapter_of(adapter);
    char data[80];
    HRESULT hr;

    hr = a->funcs.pfnGetCaps(a->inner, args);
    if (!args)
    {
        spy_log(a->spy, "GetCaps", "args=NULL -> 0x%08x", (unsigned int)hr);
        return hr;
    }
    hr = spy_mask_caps(&a->spy->masks, args, hr);
    if (SUCCEEDED(hr) && args->pData && args->Type == D3D12DDICAPS_TYPE_3DPIPELINESUPPORT
            && args->DataSize == sizeof(D3D12DDI_3DPIPELINESUPPORT_CAPS) && a->spy->masks.pipeline_level)
    {
        D3D12DDI_3DPIPELINESUPPORT_CAPS *level = args->pData;

        atomic_store(&a->driver_max_level, (int)level->MaximumLevel);
        level->MaximumLevel = (D3D12DDI_3DPIPELINELEVEL)a->spy->masks.pipeline_level;
    }
    spy_format_caps(data, sizeof(data), args, hr);
    spy_log(a->spy, "GetCaps", "Type=%s, DataSize=%u%s -> 0x%08x", spy_caps_name(args->Type), args->DataSize,
            data, (unsigned int)hr);
    return hr;
}

/* Where the spy keeps the driver's copy of a table, and how it builds the runtime's. */
struct spy_table_slot
{
    void *inner;
    SIZE_T size;
    void (*fill)(void *outer, const void *inner);
};

static void spy_fill_device_slot(void *outer, const void *inner) { spy_fill_device_table(outer, inner); }
static void spy_fill_list_slot(void *outer, const void *inner) { spy_fill_list_table(outer, inner); }
static void spy_fill_queue_slot(void *outer, const void *inner) { spy_fill_queue_table(outer, inner); }
static void spy_fill_render_pass_slot(void *outer, const void *inner) { spy_fill_render_pass_table(outer, inner); }
static void spy_fill_async_slot(void *outer, const void *inner) { spy_fill_async_table(outer, inner); }
static void spy_fill_tile_queue_slot(void *outer, const void *inner) { spy_fill_tile_queue_table(outer, inner); }

/* The (type, tableNum) pairs the spy can wrap; any other is refused. */
static bool spy_table_slot(struct spy_device *device, D3D12DDI_TABLE_TYPE type, UINT num,
                           struct spy_table_slot *slot)
{
    switch ((int)type)
    {
        case D3D12DDI_TABLE_TYPE_DEVICE_CORE:
            *slot = (struct spy_table_slot){ &device->core, sizeof(device->core), spy_fill_device_slot };
            return !num;
        case D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D:
            *slot = (struct spy_table_slot){ &device->list, sizeof(device->list), spy_fill_list_slot };
            return !num;
        case D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D:
            *slot = (struct spy_table_slot){ &device->queue, sizeof(device->queue), spy_fill_queue_slot };
            return !num;
        case D3D12DDI_TABLE_TYPE_0043_RENDER_PASS:
            *slot = (struct spy_table_slot){ &device->render_pass, sizeof(device->render_pass),
                                             spy_fill_render_pass_slot };
            return !num;
        case D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST:
            *slot = (struct spy_table_slot){ &device->async, sizeof(device->async), spy_fill_async_slot };
            return !num;
        case D3D12DDI_TABLE_TYPE_0124_TILE_MAPPING_QUEUE_FUNCS:
            *slot = (struct spy_table_slot){ &device->tile_queue, sizeof(device->tile_queue),
                                             spy_fill_tile_queue_slot };
            return !num;
        default:
            return false;
    }
}

static HRESULT APIENTRY spy_FillDDITable(D3D12DDI_HDEVICE outer, D3D12DDI_TABLE_TYPE type, void *table,
                                         SIZE_T table_size, UINT table_num, D3D12DDI_HRTTABLE rt_table)
{
    struct spy_device *device = spy_device_of(outer.pDrvPrivate);
    const struct ddi_spy_masks *masks = &device->spy->masks;
    struct spy_table_slot slot;
    HRESULT hr;

    if (!spy_table_slot(device, type, table_num, &slot))
        hr = E_NOTIMPL;
    else if ((type == D3D12DDI_TABLE_TYPE_0124_ASYNC_COMMAND_LIST && masks->hide_async_commands)
            || (type == D3D12DDI_TABLE_TYPE_0043_RENDER_PASS && masks->hide_render_pass_table))
        hr = E_NOTIMPL;
    else if (!table || table_size != slot.size)
        hr = E_INVALIDARG;
    else
    {
        memset(slot.inner, 0, slot.size);
        hr = device->adapter_funcs.pfnFillDDITable(spy_in_device(outer), type, slot.inner, slot.size,
                                                   table_num, rt_table);
        if (SUCCEEDED(hr))
        {
            slot.fill(table, slot.inner);
            if (type == D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D && masks->hide_enhanced_barriers)
                ((D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *)table)->pfnBarrier = NULL;
        }
    }
    spy_log(device->spy, "FillDDITable", "device=%p, Type=%s, tableNum=%u, size=%zu -> 0x%08x", outer.pDrvPrivate,
            spy_table_name(type), table_num, (size_t)table_size, (unsigned int)hr);
    return hr;
}

HRESULT ddi_spy_wrap(struct ddi_spy *spy, struct ddi_adapter *adapter)
{
    D3D12DDI_ADAPTERFUNCS_0124 *funcs;
    struct spy_adapter *a;

    if (!spy || !adapter || !adapter->funcs.pfnCloseAdapter || adapter->spy)
        return E_INVALIDARG;
    if (!(a = calloc(1, sizeof(*a))))
        return E_OUTOFMEMORY;
    a->spy = spy;
    a->inner = adapter->handle;
    a->funcs = adapter->funcs;
    atomic_fetch_add(&spy->refcount, 1);

    funcs = &adapter->funcs;
    SPY_FILL(funcs, &a->funcs, pfnCalcPrivateDeviceSize, spy_CalcPrivateDeviceSize);
    SPY_FILL(funcs, &a->funcs, pfnCreateDevice, spy_CreateDevice);
    SPY_FILL(funcs, &a->funcs, pfnCloseAdapter, spy_CloseAdapter);
    SPY_FILL(funcs, &a->funcs, pfnGetSupportedVersions, spy_GetSupportedVersions);
    SPY_FILL(funcs, &a->funcs, pfnGetCaps, spy_GetCaps);
    SPY_FILL(funcs, &a->funcs, pfnFillDDITable, spy_FillDDITable);
    SPY_FILL(funcs, &a->funcs, pfnDestroyDevice, spy_DestroyDevice);
    adapter->handle.pDrvPrivate = a;
    adapter->spy = spy;
    return S_OK;
}
