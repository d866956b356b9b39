/*
 * Compile-and-link check of the public header: every type d3d12rt adds to DirectX-Headers
 * 1.606.4 is sized, every IID/CLSID it declares is linked from rt_guids.c, the layouts
 * applications and drivers share are pinned, and the COBJMACROS call macros are driven
 * through small in-test objects so the macros, the Vtbl order and the preview
 * ID3D12CommandListAsyncCommands path run for real.
 */
#define COBJMACROS
/* lpVtbl points to const, so the stand-in vtables below can be static const. */
#define CONST_VTABLE
#include <d3d12rt/d3d12.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The ABI facts the rest of the project relies on. */
D3D12RT_STATIC_ASSERT(sizeof(D3D12_FEATURE_DATA_ASYNC_COMMANDS) == 4, "feature data is 4 bytes");
D3D12RT_STATIC_ASSERT(sizeof(D3D12_CLEAR_DATA) == 16, "clear data is 16 bytes");
D3D12RT_STATIC_ASSERT(sizeof(D3D12RT_FEATURE_DATA_THREADING) == 8, "two BOOLs");
D3D12RT_STATIC_ASSERT(sizeof(D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS) == 12, "three UINTs");
D3D12RT_STATIC_ASSERT(sizeof(D3D12_QUERIED_RESOURCE_MAPPING) == 8, "two UINTs");
D3D12RT_STATIC_ASSERT(offsetof(D3D12_EXECUTETILEMAPPINGS_BOX_MAPPING_TOKEN, X) == 8, "box X");
D3D12RT_STATIC_ASSERT(offsetof(D3D12_EXECUTETILEMAPPINGS_BOX_MAPPING_TOKEN, TilePoolLayoutIndex)
                      == 20, "box layout index");
D3D12RT_STATIC_ASSERT(offsetof(D3D12_EXECUTETILEMAPPINGS_LINEAR_MAPPING_TOKEN,
                               TileListOffsetDwords) == 28, "linear tile list offset");

#if UINTPTR_MAX == UINT64_MAX
/* Same offsets as Microsoft's headers give on Windows x64. */
D3D12RT_STATIC_ASSERT(offsetof(D3D12_FILL_BUFFER_DESC, FillValue) == 16, "fill value");
D3D12RT_STATIC_ASSERT(offsetof(D3D12_FILL_BUFFER_DESC, RepeatCount) == 40, "repeat count");
D3D12RT_STATIC_ASSERT(sizeof(D3D12_FILL_BUFFER_DESC) == 48, "fill desc");
D3D12RT_STATIC_ASSERT(offsetof(D3D12_TEXTURE_COPY_DESC, TextureTextureCopy) == 16, "copy union");
D3D12RT_STATIC_ASSERT(sizeof(D3D12_TEXTURE_COPY_DESC) == 72, "copy desc");
D3D12RT_STATIC_ASSERT(offsetof(D3D12_CLEAR_TEXTURE_DESC, ClearValue) == 12, "clear value");
D3D12RT_STATIC_ASSERT(sizeof(D3D12_CLEAR_TEXTURE_DESC) == 40, "clear texture desc");
D3D12RT_STATIC_ASSERT(sizeof(D3D12_SET_PROGRAM_DESC) == 88, "set program desc");
D3D12RT_STATIC_ASSERT(sizeof(D3D12_DISPATCH_GRAPH_DESC) == 32, "dispatch graph desc");
#endif

/* The ten Async methods are the last slots of ID3D12GraphicsCommandList12 and follow
 * IUnknown in ID3D12CommandListAsyncCommands, in the same order. */
#define ASYNC_SLOT(vtbl, m) (offsetof(vtbl, m) / sizeof(void *))
D3D12RT_STATIC_ASSERT(ASYNC_SLOT(ID3D12GraphicsCommandList12Vtbl, CopyBufferRegions)
                      == sizeof(ID3D12GraphicsCommandList11Vtbl) / sizeof(void *), "first");
D3D12RT_STATIC_ASSERT(ASYNC_SLOT(ID3D12GraphicsCommandList12Vtbl, FillBuffers) + 1
                      == sizeof(ID3D12GraphicsCommandList12Vtbl) / sizeof(void *), "last");
D3D12RT_STATIC_ASSERT(ASYNC_SLOT(ID3D12CommandListAsyncCommandsVtbl, CopyBufferRegions) == 3,
                      "after IUnknown");
D3D12RT_STATIC_ASSERT(ASYNC_SLOT(ID3D12CommandListAsyncCommandsVtbl, FillBuffers) == 12, "end");
D3D12RT_STATIC_ASSERT(ASYNC_SLOT(ID3D12Device16Vtbl, GetTileMappingQueue)
                      == sizeof(ID3D12Device15Vtbl) / sizeof(void *), "device16 first");

static const size_t new_type_sizes[] = {
    sizeof(D3D12_PROGRAM_IDENTIFIER),
    sizeof(D3D12_SET_WORK_GRAPH_FLAGS),
    sizeof(D3D12_SET_WORK_GRAPH_DESC),
    sizeof(D3D12_SET_RAYTRACING_PIPELINE_DESC),
    sizeof(D3D12_SET_GENERIC_PIPELINE_DESC),
    sizeof(D3D12_PROGRAM_TYPE),
    sizeof(D3D12_SET_PROGRAM_DESC),
    sizeof(D3D12_DISPATCH_MODE),
    sizeof(D3D12_NODE_CPU_INPUT),
    sizeof(D3D12_NODE_GPU_INPUT),
    sizeof(D3D12_MULTI_NODE_CPU_INPUT),
    sizeof(D3D12_MULTI_NODE_GPU_INPUT),
    sizeof(D3D12_DISPATCH_GRAPH_DESC),
    sizeof(D3D12_ASYNC_COMMANDS_IMPL),
    sizeof(D3D12_FEATURE_DATA_ASYNC_COMMANDS),
    sizeof(D3D12_CLEAR_DATA),
    sizeof(D3D12_TEXTURE_COPY_DESC_TYPE),
    sizeof(D3D12_TEXTURE_COPY_REGION),
    sizeof(D3D12_TEXTURE_TEXTURE_COPY_DESC),
    sizeof(D3D12_BUFFER_TEXTURE_COPY_DESC),
    sizeof(D3D12_TEXTURE_COPY_DESC),
    sizeof(D3D12_CLEAR_TEXTURE_DESC),
    sizeof(D3D12_FILL_BUFFER_DESC),
    sizeof(D3D12_TRIM_NOTIFICATION_FLAGS),
    sizeof(D3D12_TRIM_NOTIFICATION),
    sizeof(D3D12_PFN_TRIM_NOTIFICATION_CALLBACK),
    sizeof(D3D12_REGISTER_TRIM_NOTIFICATION),
    sizeof(D3D12_QUERY_HEAP_FLAGS),
    sizeof(D3D12_EXECUTETILEMAPPINGS_TOKEN_TYPES),
    sizeof(D3D12_EXECUTETILEMAPPINGS_MAPPING_TOKEN_HEADER),
    sizeof(D3D12_EXECUTETILEMAPPINGS_MAPPING_TYPES),
    sizeof(D3D12_EXECUTETILEMAPPINGS_LINEAR_MAPPING_TOKEN),
    sizeof(D3D12_EXECUTETILEMAPPINGS_BOX_MAPPING_TOKEN),
    sizeof(D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS),
    sizeof(D3D12_EXECUTE_TILE_MAPPINGS_FLAGS),
    sizeof(D3D12RT_EXECUTETILEMAPPINGS_ERROR),
    sizeof(D3D12_QUERIED_RESOURCE_MAPPING),
    sizeof(D3D12_COMMAND_QUEUE_PROCESS_PRIORITY),
    sizeof(D3D12_COMMAND_QUEUE_GLOBAL_PRIORITY),
    sizeof(D3D12RT_FEATURE_DATA_THREADING),
    sizeof(ID3D12GraphicsCommandList9Vtbl),
    sizeof(ID3D12GraphicsCommandList10Vtbl),
    sizeof(ID3D12GraphicsCommandList11Vtbl),
    sizeof(ID3D12GraphicsCommandList12Vtbl),
    sizeof(ID3D12CommandListAsyncCommandsVtbl),
    sizeof(ID3D12AsyncCommandsFallbackVtbl),
    sizeof(ID3D12Device12Vtbl),
    sizeof(ID3D12Device13Vtbl),
    sizeof(ID3D12Device14Vtbl),
    sizeof(ID3D12Device15Vtbl),
    sizeof(ID3D12Device16Vtbl),
    sizeof(ID3D12TileMappingQueueVtbl),
    sizeof(ID3D12CommandQueue1Vtbl),
    sizeof(ID3D12CommandQueue2Vtbl),
};

static const GUID *const new_guids[] = {
    &IID_ID3D12GraphicsCommandList9,
    &IID_ID3D12GraphicsCommandList10,
    &IID_ID3D12GraphicsCommandList11,
    &IID_ID3D12GraphicsCommandList12,
    &IID_ID3D12CommandListAsyncCommands,
    &IID_ID3D12AsyncCommandsFallback,
    &CLSID_D3D12AsyncCommandsFallback,
    &IID_ID3D12Device12,
    &IID_ID3D12Device13,
    &IID_ID3D12Device14,
    &IID_ID3D12Device15,
    &IID_ID3D12Device16,
    &IID_ID3D12TileMappingQueue,
    &IID_ID3D12CommandQueue1,
    &IID_ID3D12CommandQueue2,
    &IID_ID3DDestructionNotifier,
    &D3D12AsyncCommandsExperiment,
};

static int guid_equal(const GUID *a, const GUID *b)
{
    return !memcmp(a, b, sizeof(*a));
}

/* A command list stand-in: records FillBuffers calls made through either interface. */
struct test_list
{
    ID3D12GraphicsCommandList12 ID3D12GraphicsCommandList12_iface;
    ID3D12CommandListAsyncCommands ID3D12CommandListAsyncCommands_iface;
    ULONG refcount;
    UINT fill_calls;
    UINT64 last_repeat_count;
};

static struct test_list *impl_from_ID3D12GraphicsCommandList12(ID3D12GraphicsCommandList12 *iface)
{
    return (struct test_list *)((char *)iface
            - offsetof(struct test_list, ID3D12GraphicsCommandList12_iface));
}

static struct test_list *impl_from_ID3D12CommandListAsyncCommands(
        ID3D12CommandListAsyncCommands *iface)
{
    return (struct test_list *)((char *)iface
            - offsetof(struct test_list, ID3D12CommandListAsyncCommands_iface));
}

static HRESULT STDMETHODCALLTYPE list_QueryInterface(ID3D12GraphicsCommandList12 *iface,
        REFIID riid, void **out)
{
    struct test_list *list = impl_from_ID3D12GraphicsCommandList12(iface);

    if (guid_equal(riid, &IID_ID3D12CommandListAsyncCommands))
        *out = &list->ID3D12CommandListAsyncCommands_iface;
    else if (guid_equal(riid, &IID_ID3D12GraphicsCommandList12) || guid_equal(riid, &IID_IUnknown))
        *out = &list->ID3D12GraphicsCommandList12_iface;
    else
    {
        *out = NULL;
        return E_NOINTERFACE;
    }
    ++list->refcount;
    return S_OK;
}

static ULONG STDMETHODCALLTYPE list_AddRef(ID3D12GraphicsCommandList12 *iface)
{
    return ++impl_from_ID3D12GraphicsCommandList12(iface)->refcount;
}

static ULONG STDMETHODCALLTYPE list_Release(ID3D12GraphicsCommandList12 *iface)
{
    return --impl_from_ID3D12GraphicsCommandList12(iface)->refcount;
}

static HRESULT STDMETHODCALLTYPE list_Close(ID3D12GraphicsCommandList12 *iface)
{
    return impl_from_ID3D12GraphicsCommandList12(iface)->fill_calls ? S_OK : E_FAIL;
}

static void record_fills(struct test_list *list, UINT count, const D3D12_FILL_BUFFER_DESC *descs)
{
    list->fill_calls += count;
    list->last_repeat_count = descs[count - 1].RepeatCount;
}

static void STDMETHODCALLTYPE list_FillBuffers(ID3D12GraphicsCommandList12 *iface, UINT count,
        const D3D12_FILL_BUFFER_DESC *descs)
{
    record_fills(impl_from_ID3D12GraphicsCommandList12(iface), count, descs);
}

static ULONG STDMETHODCALLTYPE async_Release(ID3D12CommandListAsyncCommands *iface)
{
    return --impl_from_ID3D12CommandListAsyncCommands(iface)->refcount;
}

static void STDMETHODCALLTYPE async_FillBuffers(ID3D12CommandListAsyncCommands *iface,
        UINT count, const D3D12_FILL_BUFFER_DESC *descs)
{
    record_fills(impl_from_ID3D12CommandListAsyncCommands(iface), count, descs);
}

static const ID3D12GraphicsCommandList12Vtbl list_vtbl =
{
    .QueryInterface = list_QueryInterface,
    .AddRef = list_AddRef,
    .Release = list_Release,
    .Close = list_Close,
    .FillBuffers = list_FillBuffers,
};

static const ID3D12CommandListAsyncCommandsVtbl async_vtbl =
{
    .Release = async_Release,
    .FillBuffers = async_FillBuffers,
};

/* The fallback opt-in stand-in. */
struct test_fallback
{
    ID3D12AsyncCommandsFallback ID3D12AsyncCommandsFallback_iface;
    BOOL enabled;
};

static HRESULT STDMETHODCALLTYPE fallback_SetFallbackLayerEnabled(
        ID3D12AsyncCommandsFallback *iface, BOOL enable)
{
    ((struct test_fallback *)iface)->enabled = enable;
    return S_OK;
}

static BOOL STDMETHODCALLTYPE fallback_GetFallbackLayerEnabled(ID3D12AsyncCommandsFallback *iface)
{
    return ((struct test_fallback *)iface)->enabled;
}

static const ID3D12AsyncCommandsFallbackVtbl fallback_vtbl =
{
    .SetFallbackLayerEnabled = fallback_SetFallbackLayerEnabled,
    .GetFallbackLayerEnabled = fallback_GetFallbackLayerEnabled,
};

static int check(int ok, const char *what)
{
    if (!ok)
        fprintf(stderr, "test_header_compile: %s\n", what);
    return ok ? 0 : 1;
}

int main(void)
{
    struct test_list list = {{&list_vtbl}, {&async_vtbl}, 1, 0, 0};
    struct test_fallback fallback = {{&fallback_vtbl}, FALSE};
    ID3D12GraphicsCommandList12 *cl = &list.ID3D12GraphicsCommandList12_iface;
    ID3D12CommandListAsyncCommands *async = NULL;
    D3D12_FILL_BUFFER_DESC fill = {0};
    int failures = 0;
    size_t i, j;

    for (i = 0; i < sizeof(new_type_sizes) / sizeof(new_type_sizes[0]); ++i)
        failures += check(new_type_sizes[i] > 0, "a new type has size 0");
    for (i = 0; i < sizeof(new_guids) / sizeof(new_guids[0]); ++i)
        for (j = i + 1; j < sizeof(new_guids) / sizeof(new_guids[0]); ++j)
            failures += check(!guid_equal(new_guids[i], new_guids[j]), "two GUIDs are equal");
    failures += check(IID_ID3D12CommandListAsyncCommands.Data1 == 0xd7afd225, "preview IID");
    failures += check(IID_ID3D12GraphicsCommandList11.Data1 == 0x823aee5b, "list11 IID");
    failures += check(D3D12_FEATURE_ASYNC_COMMANDS == 63, "feature value");
    failures += check(D3D12_MESSAGE_ID_ASYNC_COMMANDS_NOT_SUPPORTED == 1437, "message value");

    fill.RawPatternSizeInBytes = 4;
    fill.RepeatCount = 7;
    ID3D12GraphicsCommandList12_FillBuffers(cl, 1, &fill);
    failures += check(SUCCEEDED(ID3D12GraphicsCommandList12_QueryInterface(cl,
            &IID_ID3D12CommandListAsyncCommands, (void **)&async)), "QI for the preview form");
    fill.RepeatCount = 9;
    ID3D12CommandListAsyncCommands_FillBuffers(async, 1, &fill);
    ID3D12CommandListAsyncCommands_Release(async);
    failures += check(list.fill_calls == 2 && list.last_repeat_count == 9, "fills recorded");
    failures += check(ID3D12GraphicsCommandList12_Close(cl) == S_OK, "Close through the macro");
    failures += check(ID3D12GraphicsCommandList12_AddRef(cl) == 2
            && ID3D12GraphicsCommandList12_Release(cl) == 1, "refcount");

    failures += check(ID3D12AsyncCommandsFallback_SetFallbackLayerEnabled(
            &fallback.ID3D12AsyncCommandsFallback_iface, TRUE) == S_OK, "opt in");
    failures += check(ID3D12AsyncCommandsFallback_GetFallbackLayerEnabled(
            &fallback.ID3D12AsyncCommandsFallback_iface) == TRUE, "opt-in read back");

    if (!failures)
        printf("test_header_compile: ok\n");
    return failures ? 1 : 0;
}
