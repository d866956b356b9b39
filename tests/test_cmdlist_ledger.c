/*
 * The state ledger (runtime/rt_cmdlist_ledger.h) without GPU work: a list records the
 * application's state through the API, the test puts recorders in front of the
 * device's command-list table, runs the restores the fallback runs after its own draws
 * and dispatches, and compares every call the driver receives, with its values, to
 * what the application set. Also: bundle summaries applied to the executing list field
 * by field, the cases the ledger cannot put back, nothing recorded from a call the
 * driver failed, no NULL handle where the application bound nothing, and the root
 * arguments ExecuteIndirect resets.
 */
#include "test_compute_util.h"
#include "test_run.h"
#include "rt_cmdlist_ledger.h"
#include "rt_pipeline_state.h"
#include "rt_root_signature.h"

#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- Recorders in front of the driver's table ------------------------------------------ */

#define MAX_CALLS 64

static D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 real_ddi;
static struct rt_command_list *recorded_list;
static char calls[MAX_CALLS][256];
static unsigned int call_count;
/* The next IASetPrimitiveTopology fails in the driver (it reports the error). */
static bool fail_topology;

static void log_call(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void log_call(const char *fmt, ...)
{
    va_list args;

    ck_assert_uint_lt(call_count, MAX_CALLS);
    va_start(args, fmt);
    vsnprintf(calls[call_count++], sizeof(calls[0]), fmt, args);
    va_end(args);
}

static void APIENTRY rec_SetGraphicsRootSignature(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HROOTSIGNATURE signature)
{
    log_call("SetGraphicsRootSignature %p", signature.pDrvPrivate);
    real_ddi.pfnSetGraphicsRootSignature(list, signature);
}

static void APIENTRY rec_SetComputeRootSignature(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HROOTSIGNATURE signature)
{
    log_call("SetComputeRootSignature %p", signature.pDrvPrivate);
    real_ddi.pfnSetComputeRootSignature(list, signature);
}

static void APIENTRY rec_SetGraphicsRootDescriptorTable(D3D12DDI_HCOMMANDLIST list, UINT index,
                                                        D3D12DDI_GPU_DESCRIPTOR_HANDLE base)
{
    log_call("SetGraphicsRootDescriptorTable %u %#llx", index, (unsigned long long)base.ptr);
    real_ddi.pfnSetGraphicsRootDescriptorTable(list, index, base);
}

static void APIENTRY rec_SetComputeRootDescriptorTable(D3D12DDI_HCOMMANDLIST list, UINT index,
                                                       D3D12DDI_GPU_DESCRIPTOR_HANDLE base)
{
    log_call("SetComputeRootDescriptorTable %u %#llx", index, (unsigned long long)base.ptr);
    real_ddi.pfnSetComputeRootDescriptorTable(list, index, base);
}

static void log_constants(const char *name, UINT index, UINT count, const void *data, UINT offset)
{
    char text[200];
    size_t length;
    UINT i;

    length = (size_t)snprintf(text, sizeof(text), "%s %u %u@%u", name, index, count, offset);
    for (i = 0; i < count && length < sizeof(text); ++i)
        length += (size_t)snprintf(text + length, sizeof(text) - length, " %#x", ((const UINT32 *)data)[i]);
    log_call("%s", text);
}

static void APIENTRY rec_SetGraphicsRoot32BitConstants(D3D12DDI_HCOMMANDLIST list, UINT index, UINT count,
                                                       const void *data, UINT offset)
{
    log_constants("SetGraphicsRoot32BitConstants", index, count, data, offset);
    real_ddi.pfnSetGraphicsRoot32BitConstants(list, index, count, data, offset);
}

static void APIENTRY rec_SetComputeRoot32BitConstants(D3D12DDI_HCOMMANDLIST list, UINT index, UINT count,
                                                      const void *data, UINT offset)
{
    log_constants("SetComputeRoot32BitConstants", index, count, data, offset);
    real_ddi.pfnSetComputeRoot32BitConstants(list, index, count, data, offset);
}

#define REC_ROOT_VIEW(name) \
    static void APIENTRY rec_##name(D3D12DDI_HCOMMANDLIST list, UINT index, UINT64 va) \
    { \
        log_call(#name " %u %#llx", index, (unsigned long long)va); \
        real_ddi.pfn##name(list, index, va); \
    }
REC_ROOT_VIEW(SetGraphicsRootConstantBufferView)
REC_ROOT_VIEW(SetGraphicsRootShaderResourceView)
REC_ROOT_VIEW(SetGraphicsRootUnorderedAccessView)
REC_ROOT_VIEW(SetComputeRootConstantBufferView)
REC_ROOT_VIEW(SetComputeRootShaderResourceView)
REC_ROOT_VIEW(SetComputeRootUnorderedAccessView)

static void APIENTRY rec_SetPipelineState(D3D12DDI_HCOMMANDLIST list, D3D12DDI_HPIPELINESTATE pipeline)
{
    log_call("SetPipelineState %p", pipeline.pDrvPrivate);
    real_ddi.pfnSetPipelineState(list, pipeline);
}

static void APIENTRY rec_IASetPrimitiveTopology(D3D12DDI_HCOMMANDLIST list, D3D12_PRIMITIVE_TOPOLOGY topology)
{
    log_call("IASetPrimitiveTopology %d", (int)topology);
    real_ddi.pfnIASetPrimitiveTopology(list, topology);
    if (fail_topology)
    {
        /* What a driver's pfnSetCommandListErrorCb does. */
        fail_topology = false;
        rt_command_list_remove_message(recorded_list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                       "IASetPrimitiveTopology: the driver ran out of memory");
    }
}

static void APIENTRY rec_RSSetViewports(D3D12DDI_HCOMMANDLIST list, UINT count, const D3D12_VIEWPORT *viewports)
{
    char text[240];
    size_t length;
    UINT i;

    length = (size_t)snprintf(text, sizeof(text), "RSSetViewports %u", count);
    for (i = 0; i < count && length < sizeof(text); ++i)
        length += (size_t)snprintf(text + length, sizeof(text) - length, " (%g %g %g %g %g %g)",
                                   viewports[i].TopLeftX, viewports[i].TopLeftY, viewports[i].Width,
                                   viewports[i].Height, viewports[i].MinDepth, viewports[i].MaxDepth);
    log_call("%s", text);
    real_ddi.pfnRSSetViewports(list, count, viewports);
}

static void APIENTRY rec_RSSetScissorRects(D3D12DDI_HCOMMANDLIST list, UINT count, const D3D12_RECT *rects)
{
    char text[240];
    size_t length;
    UINT i;

    length = (size_t)snprintf(text, sizeof(text), "RSSetScissorRects %u", count);
    for (i = 0; i < count && length < sizeof(text); ++i)
        length += (size_t)snprintf(text + length, sizeof(text) - length, " (%ld %ld %ld %ld)", (long)rects[i].left,
                                   (long)rects[i].top, (long)rects[i].right, (long)rects[i].bottom);
    log_call("%s", text);
    real_ddi.pfnRSSetScissorRects(list, count, rects);
}

static void APIENTRY rec_OMSetBlendFactor(D3D12DDI_HCOMMANDLIST list, const FLOAT factor[4])
{
    log_call("OMSetBlendFactor %g %g %g %g", factor[0], factor[1], factor[2], factor[3]);
    real_ddi.pfnOMSetBlendFactor(list, factor);
}

static void APIENTRY rec_OMSetStencilRef(D3D12DDI_HCOMMANDLIST list, UINT front, UINT back)
{
    log_call("OMSetStencilRef %u %u", front, back);
    real_ddi.pfnOMSetStencilRef(list, front, back);
}

static void APIENTRY rec_OMSetDepthBounds(D3D12DDI_HCOMMANDLIST list, FLOAT min, FLOAT max)
{
    log_call("OMSetDepthBounds %g %g", min, max);
    real_ddi.pfnOMSetDepthBounds(list, min, max);
}

static void APIENTRY rec_SetSamplePositions(D3D12DDI_HCOMMANDLIST list, UINT samples, UINT pixels,
                                            const D3D12_SAMPLE_POSITION *positions)
{
    char text[240];
    size_t length;
    UINT i;

    length = (size_t)snprintf(text, sizeof(text), "SetSamplePositions %u %u", samples, pixels);
    for (i = 0; positions && i < samples * pixels && length < sizeof(text); ++i)
        length += (size_t)snprintf(text + length, sizeof(text) - length, " (%d %d)", positions[i].X, positions[i].Y);
    log_call("%s", text);
    real_ddi.pfnSetSamplePositions(list, samples, pixels, positions);
}

/* The recorders replace the state entries of the list's device (the device's own
 * table, which every list of it calls through). */
static void record_calls(ID3D12GraphicsCommandList *iface)
{
    struct rt_command_list *list = rt_command_list_from_iface((rt_command_list_iface *)iface);
    D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *ddi = &list->device->ddi_cmdlist;

    recorded_list = list;
    real_ddi = *ddi;
    ddi->pfnSetGraphicsRootSignature = rec_SetGraphicsRootSignature;
    ddi->pfnSetComputeRootSignature = rec_SetComputeRootSignature;
    ddi->pfnSetGraphicsRootDescriptorTable = rec_SetGraphicsRootDescriptorTable;
    ddi->pfnSetComputeRootDescriptorTable = rec_SetComputeRootDescriptorTable;
    ddi->pfnSetGraphicsRoot32BitConstants = rec_SetGraphicsRoot32BitConstants;
    ddi->pfnSetComputeRoot32BitConstants = rec_SetComputeRoot32BitConstants;
    ddi->pfnSetGraphicsRootConstantBufferView = rec_SetGraphicsRootConstantBufferView;
    ddi->pfnSetGraphicsRootShaderResourceView = rec_SetGraphicsRootShaderResourceView;
    ddi->pfnSetGraphicsRootUnorderedAccessView = rec_SetGraphicsRootUnorderedAccessView;
    ddi->pfnSetComputeRootConstantBufferView = rec_SetComputeRootConstantBufferView;
    ddi->pfnSetComputeRootShaderResourceView = rec_SetComputeRootShaderResourceView;
    ddi->pfnSetComputeRootUnorderedAccessView = rec_SetComputeRootUnorderedAccessView;
    ddi->pfnSetPipelineState = rec_SetPipelineState;
    ddi->pfnIASetPrimitiveTopology = rec_IASetPrimitiveTopology;
    ddi->pfnRSSetViewports = rec_RSSetViewports;
    ddi->pfnRSSetScissorRects = rec_RSSetScissorRects;
    ddi->pfnOMSetBlendFactor = rec_OMSetBlendFactor;
    ddi->pfnOMSetStencilRef = rec_OMSetStencilRef;
    ddi->pfnOMSetDepthBounds = rec_OMSetDepthBounds;
    ddi->pfnSetSamplePositions = rec_SetSamplePositions;
    call_count = 0;
}

static void stop_recording(void)
{
    recorded_list->device->ddi_cmdlist = real_ddi;
}

static struct rt_command_list *impl(ID3D12GraphicsCommandList *iface)
{
    return rt_command_list_from_iface((rt_command_list_iface *)iface);
}

/* What the fallback does after its draws (dispatches): the restore inside the DDI lock. */
static void restore(ID3D12GraphicsCommandList *iface, bool compute)
{
    struct rt_command_list *list = impl(iface);

    call_count = 0;
    rt_device_ddi_lock(list->device);
    if (compute)
        rt_ledger_restore_compute(list);
    else
        rt_ledger_restore_graphics(list);
    rt_device_ddi_unlock(list->device);
}

/* The calls since the last restore are exactly these (check_first_calls: begin with). */
#define check_calls(...) check_calls_(__LINE__, true, (const char *const []){__VA_ARGS__, NULL})
#define check_first_calls(...) check_calls_(__LINE__, false, (const char *const []){__VA_ARGS__, NULL})
static void check_calls_(unsigned int line, bool all, const char *const *expected)
{
    unsigned int i;

    for (i = 0; expected[i]; ++i)
    {
        ck_assert_msg(i < call_count, "line %u: call %u missing, expected \"%s\"", line, i, expected[i]);
        ck_assert_msg(!strcmp(calls[i], expected[i]), "line %u: call %u is \"%s\", expected \"%s\"", line, i,
                      calls[i], expected[i]);
    }
    ck_assert_msg(!all || i == call_count, "line %u: %u calls, expected %u (extra: \"%s\")", line, call_count, i,
                  calls[i]);
}

/* What a graphics restore sends for a list that set no fixed-function state. */
#define DEFAULT_FIXED_FUNCTION "IASetPrimitiveTopology 0", "RSSetViewports 0", "RSSetScissorRects 0", \
        "OMSetBlendFactor 1 1 1 1", "OMSetStencilRef 0 0", "OMSetDepthBounds 0 1"

/* ---- The application's objects ----------------------------------------------------------- */

static const char empty_cs[] =
    "cs_5_0\n"
    "dcl_thread_group 1, 1, 1\n"
    "ret\n";

struct app
{
    struct test_context t;
    ID3D12RootSignature *full, *small;   /* every parameter type; three constants */
    ID3D12PipelineState *pipeline, *other_pipeline;
    ID3D12DescriptorHeap *heap;
    D3D12_GPU_DESCRIPTOR_HANDLE table;
    char full_handle[32], small_handle[32], pipeline_handle[32], other_pipeline_handle[32];
};

static void handle_text(char *text, size_t size, const void *handle)
{
    snprintf(text, size, "%p", handle);
}

/* Parameters of `full`: 0 a table, 1 four constants, 2 a CBV, 3 an SRV, 4 a UAV, 5 two
 * constants (dwords 0, 1-4, 5-6, 7-8, 9-10, 11-12). */
static void app_init(struct app *app, D3D12_COMMAND_LIST_TYPE type)
{
    D3D12_DESCRIPTOR_RANGE1 range = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0);
    D3D12_ROOT_PARAMETER1 full[6], small;
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc;

    test_context_init(&app->t, type);
    full[0] = root_table(&range, 1);
    full[1] = root_constants(0, 0, 4);
    full[2] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_CBV, 1, 0);
    full[3] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_SRV, 1, 0);
    full[4] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    full[5] = root_constants(2, 0, 2);
    app->full = create_root_signature(app->t.device, full, ARRAY_SIZE(full), NULL, 0);
    small = root_constants(0, 0, 3);
    app->small = create_root_signature(app->t.device, &small, 1, NULL, 0);
    app->pipeline = compute_pipeline(app->t.device, app->small, empty_cs);
    app->other_pipeline = compute_pipeline(app->t.device, app->small, empty_cs);
    memset(&heap_desc, 0, sizeof(heap_desc));
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    heap_desc.NumDescriptors = 4;
    heap_desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(app->t.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&app->heap), S_OK);
    app->table = ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(app->heap);
    app->table.ptr += ID3D12Device_GetDescriptorHandleIncrementSize(app->t.device,
                                                                   D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    handle_text(app->full_handle, sizeof(app->full_handle),
                rt_root_signature_from_iface(app->full)->hdrv.pDrvPrivate);
    handle_text(app->small_handle, sizeof(app->small_handle),
                rt_root_signature_from_iface(app->small)->hdrv.pDrvPrivate);
    handle_text(app->pipeline_handle, sizeof(app->pipeline_handle),
                rt_pipeline_state_from_iface(app->pipeline)->hdrv.pDrvPrivate);
    handle_text(app->other_pipeline_handle, sizeof(app->other_pipeline_handle),
                rt_pipeline_state_from_iface(app->other_pipeline)->hdrv.pDrvPrivate);
    record_calls(app->t.list);
}

static void app_destroy(struct app *app)
{
    stop_recording();
    ID3D12DescriptorHeap_Release(app->heap);
    ID3D12PipelineState_Release(app->other_pipeline);
    ID3D12PipelineState_Release(app->pipeline);
    ID3D12RootSignature_Release(app->small);
    ID3D12RootSignature_Release(app->full);
    test_context_destroy(&app->t);
}

/* "Name handle" for the expected calls. */
static const char *with(char *buffer, size_t size, const char *name, const char *handle)
{
    snprintf(buffer, size, "%s %s", name, handle);
    return buffer;
}

/* ---- Tests ----------------------------------------------------------------------------- */

/* Every piece of graphics state, set through the API, comes back with the same values:
 * the root signature, each root argument through its layout (constants only where
 * set, one call per run of dwords), the pipeline, topology, viewports, scissors, blend
 * factor, stencil references, depth bounds, sample positions. */
START_TEST(test_ledger_graphics_restore)
{
    static const D3D12_VIEWPORT viewports[2] = {{1.0f, 2.0f, 64.0f, 32.0f, 0.25f, 0.75f},
                                                {0.0f, 0.0f, 16.0f, 8.0f, 0.0f, 1.0f}};
    static const D3D12_RECT scissors[2] = {{1, 2, 30, 40}, {0, 0, 5, 6}};
    static const UINT32 constants[4] = {0x11, 0x22, 0x33, 0x44};
    static const FLOAT blend[4] = {0.5f, 0.25f, 0.125f, 2.0f};
    D3D12_SAMPLE_POSITION positions[4] = {{-8, -8}, {7, -8}, {-8, 7}, {7, 7}};
    char rs[64], pso[64], table[80];
    struct app app;

    app_init(&app, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12GraphicsCommandList_SetDescriptorHeaps(app.t.list, 1, &app.heap);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, app.full);
    ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(app.t.list, 0, app.table);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(app.t.list, 1, 2, &constants[1], 1);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstant(app.t.list, 1, 0x99, 3);
    ID3D12GraphicsCommandList_SetGraphicsRootConstantBufferView(app.t.list, 2, 0x10000);
    ID3D12GraphicsCommandList_SetGraphicsRootShaderResourceView(app.t.list, 3, 0x20100);
    ID3D12GraphicsCommandList_SetGraphicsRootUnorderedAccessView(app.t.list, 4, 0x30200);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(app.t.list, 5, 2, constants, 0);
    ID3D12GraphicsCommandList_SetPipelineState(app.t.list, app.pipeline);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(app.t.list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D12GraphicsCommandList_RSSetViewports(app.t.list, 2, viewports);
    ID3D12GraphicsCommandList_RSSetScissorRects(app.t.list, 2, scissors);
    ID3D12GraphicsCommandList_OMSetBlendFactor(app.t.list, blend);
    ID3D12GraphicsCommandList_OMSetStencilRef(app.t.list, 0x5a);
    ID3D12GraphicsCommandList1_OMSetDepthBounds((ID3D12GraphicsCommandList1 *)app.t.list, 0.125f, 0.5f);
    ID3D12GraphicsCommandList1_SetSamplePositions((ID3D12GraphicsCommandList1 *)app.t.list, 4, 1, positions);
    ck_assert(rt_ledger_graphics_restorable(impl(app.t.list), NULL));

    /* The runtime's draws would come here. */
    positions[0].X = 0;
    restore(app.t.list, false);
    snprintf(table, sizeof(table), "SetGraphicsRootDescriptorTable 0 %#llx", (unsigned long long)app.table.ptr);
    check_calls(with(rs, sizeof(rs), "SetGraphicsRootSignature", app.full_handle), table,
                "SetGraphicsRoot32BitConstants 1 3@1 0x22 0x33 0x99",
                "SetGraphicsRootConstantBufferView 2 0x10000",
                "SetGraphicsRootShaderResourceView 3 0x20100",
                "SetGraphicsRootUnorderedAccessView 4 0x30200",
                "SetGraphicsRoot32BitConstants 5 2@0 0x11 0x22",
                with(pso, sizeof(pso), "SetPipelineState", app.pipeline_handle),
                "IASetPrimitiveTopology 5",
                "RSSetViewports 2 (1 2 64 32 0.25 0.75) (0 0 16 8 0 1)",
                "RSSetScissorRects 2 (1 2 30 40) (0 0 5 6)",
                "OMSetBlendFactor 0.5 0.25 0.125 2",
                "OMSetStencilRef 90 90",
                "OMSetDepthBounds 0.125 0.5",
                "SetSamplePositions 4 1 (-8 -8) (7 -8) (-8 7) (7 7)");
    /* The compute restore leaves the graphics state alone. */
    restore(app.t.list, true);
    check_calls(with(pso, sizeof(pso), "SetPipelineState", app.pipeline_handle));
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(app.t.list), S_OK);
    app_destroy(&app);
}
END_TEST

/* The compute root state and the pipeline, as the FillBuffers compute route puts them
 * back; runs of constants split around an unset dword. */
START_TEST(test_ledger_compute_restore)
{
    static const UINT32 constants[4] = {1, 2, 3, 4};
    char rs[64], pso[64], table[80];
    struct app app;

    app_init(&app, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    ID3D12GraphicsCommandList_SetDescriptorHeaps(app.t.list, 1, &app.heap);
    ID3D12GraphicsCommandList_SetComputeRootSignature(app.t.list, app.full);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstant(app.t.list, 1, constants[0], 0);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstants(app.t.list, 1, 2, &constants[2], 2);
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(app.t.list, 0, app.table);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(app.t.list, 4, 0x4000);
    ID3D12GraphicsCommandList_SetPipelineState(app.t.list, app.pipeline);
    ck_assert(rt_ledger_compute_restorable(impl(app.t.list), NULL));

    restore(app.t.list, true);
    snprintf(table, sizeof(table), "SetComputeRootDescriptorTable 0 %#llx", (unsigned long long)app.table.ptr);
    check_calls(with(rs, sizeof(rs), "SetComputeRootSignature", app.full_handle), table,
                "SetComputeRoot32BitConstants 1 1@0 0x1", "SetComputeRoot32BitConstants 1 2@2 0x3 0x4",
                "SetComputeRootUnorderedAccessView 4 0x4000",
                with(pso, sizeof(pso), "SetPipelineState", app.pipeline_handle));
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(app.t.list), S_OK);
    app_destroy(&app);
}
END_TEST

/* A different root signature forgets the arguments (D3D12's rule); the same one set
 * again keeps them. */
START_TEST(test_ledger_root_signature_change)
{
    static const UINT32 value = 7;
    char rs[64], pso[64];
    struct app app;

    app_init(&app, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, app.full);
    ID3D12GraphicsCommandList_SetGraphicsRootConstantBufferView(app.t.list, 2, 0x10000);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, app.small);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(app.t.list, 0, 1, &value, 2);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, app.small);
    ID3D12GraphicsCommandList_SetPipelineState(app.t.list, app.pipeline);
    ID3D12GraphicsCommandList_SetPipelineState(app.t.list, app.other_pipeline);
    restore(app.t.list, false);
    check_calls(with(rs, sizeof(rs), "SetGraphicsRootSignature", app.small_handle),
                "SetGraphicsRoot32BitConstants 0 1@2 0x7",
                with(pso, sizeof(pso), "SetPipelineState", app.other_pipeline_handle),
                DEFAULT_FIXED_FUNCTION);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(app.t.list), S_OK);
    app_destroy(&app);
}
END_TEST

/* Nothing bound, or NULL bound: no root signature or pipeline handle reaches the
 * driver, only the fixed-function defaults; the same after ClearState and Reset. */
START_TEST(test_ledger_no_null_handles)
{
    struct app app;

    app_init(&app, D3D12_COMMAND_LIST_TYPE_DIRECT);
    restore(app.t.list, false);
    check_calls(DEFAULT_FIXED_FUNCTION);
    restore(app.t.list, true);
    check_calls(NULL);

    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, app.full);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, NULL);
    ID3D12GraphicsCommandList_SetComputeRootSignature(app.t.list, NULL);
    restore(app.t.list, true);
    check_calls(NULL);

    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, app.full);
    ID3D12GraphicsCommandList_SetPipelineState(app.t.list, app.pipeline);
    ID3D12GraphicsCommandList_OMSetStencilRef(app.t.list, 3);
    ID3D12GraphicsCommandList_ClearState(app.t.list, NULL);
    restore(app.t.list, false);
    check_calls(DEFAULT_FIXED_FUNCTION);

    ID3D12GraphicsCommandList_SetComputeRootSignature(app.t.list, app.full);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(app.t.list), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(app.t.list, app.t.allocator, NULL), S_OK);
    restore(app.t.list, true);
    check_calls(NULL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(app.t.list), S_OK);
    app_destroy(&app);
}
END_TEST

/* A call the driver fails is forwarded but not recorded: the ledger keeps the value
 * the list had. */
START_TEST(test_ledger_records_after_forwarding)
{
    struct app app;

    app_init(&app, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(app.t.list, D3D_PRIMITIVE_TOPOLOGY_LINELIST);
    fail_topology = true;
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(app.t.list, D3D_PRIMITIVE_TOPOLOGY_POINTLIST);
    check_calls("IASetPrimitiveTopology 2", "IASetPrimitiveTopology 1");
    ck_assert_int_eq(impl(app.t.list)->state.topology, D3D_PRIMITIVE_TOPOLOGY_LINELIST);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(app.t.list), E_OUTOFMEMORY);
    app_destroy(&app);
}
END_TEST

static void bundle_execute(struct app *app, ID3D12GraphicsCommandList *bundle, ID3D12CommandAllocator *allocator)
{
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(bundle), S_OK);
    ID3D12GraphicsCommandList_ExecuteBundle(app->t.list, bundle);
    ID3D12GraphicsCommandList_Release(bundle);
    ID3D12CommandAllocator_Release(allocator);
}

/* What a bundle sets stands in the list afterwards, field by field; what it does not
 * set keeps the list's values. Its initial pipeline counts as set. */
START_TEST(test_ledger_bundle_fields)
{
    static const D3D12_VIEWPORT viewport = {0.0f, 0.0f, 8.0f, 4.0f, 0.0f, 1.0f};
    static const FLOAT blend[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *bundle;
    char pso[64];
    struct app app;

    app_init(&app, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12GraphicsCommandList_SetPipelineState(app.t.list, app.pipeline);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(app.t.list, D3D_PRIMITIVE_TOPOLOGY_LINELIST);
    ID3D12GraphicsCommandList_RSSetViewports(app.t.list, 1, &viewport);
    ID3D12GraphicsCommandList_OMSetStencilRef(app.t.list, 1);
    bundle = create_bundle(app.t.device, app.other_pipeline, &allocator);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(bundle, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D12GraphicsCommandList_OMSetBlendFactor(bundle, blend);
    ID3D12GraphicsCommandList1_OMSetDepthBounds((ID3D12GraphicsCommandList1 *)bundle, 0.25f, 0.5f);
    bundle_execute(&app, bundle, allocator);
    ck_assert(rt_ledger_graphics_restorable(impl(app.t.list), NULL));

    restore(app.t.list, false);
    check_calls(with(pso, sizeof(pso), "SetPipelineState", app.other_pipeline_handle), "IASetPrimitiveTopology 4",
                "RSSetViewports 1 (0 0 8 4 0 1)", "RSSetScissorRects 0", "OMSetBlendFactor 0.5 0.5 0.5 0.5",
                "OMSetStencilRef 1 1", "OMSetDepthBounds 0.25 0.5");
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(app.t.list), S_OK);
    app_destroy(&app);
}
END_TEST

/* Root signatures in bundles ("Using a root signature", Bundle semantics): the list's
 * own set again keeps the list's other arguments; a different one replaces them; one
 * that returns to the list's after another keeps only what followed. */
START_TEST(test_ledger_bundle_root_arguments)
{
    static const UINT32 values[4] = {0xa, 0xb, 0xc, 0xd};
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *bundle;
    char rs[64];
    struct app app;

    app_init(&app, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, app.full);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(app.t.list, 1, 4, values, 0);
    ID3D12GraphicsCommandList_SetGraphicsRootConstantBufferView(app.t.list, 2, 0x10000);

    /* The same root signature: merged. */
    bundle = create_bundle(app.t.device, NULL, &allocator);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(bundle, app.full);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstant(bundle, 1, 0xee, 2);
    ID3D12GraphicsCommandList_SetGraphicsRootShaderResourceView(bundle, 3, 0x20000);
    bundle_execute(&app, bundle, allocator);
    restore(app.t.list, false);
    check_first_calls(with(rs, sizeof(rs), "SetGraphicsRootSignature", app.full_handle),
                "SetGraphicsRoot32BitConstants 1 4@0 0xa 0xb 0xee 0xd", "SetGraphicsRootConstantBufferView 2 0x10000",
                "SetGraphicsRootShaderResourceView 3 0x20000", "IASetPrimitiveTopology 0");

    /* Back to the list's after another one: only what followed stands. */
    bundle = create_bundle(app.t.device, NULL, &allocator);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(bundle, app.full);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstant(bundle, 1, 0x1, 0);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(bundle, app.small);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(bundle, app.full);
    ID3D12GraphicsCommandList_SetGraphicsRootUnorderedAccessView(bundle, 4, 0x30000);
    bundle_execute(&app, bundle, allocator);
    restore(app.t.list, false);
    check_first_calls(with(rs, sizeof(rs), "SetGraphicsRootSignature", app.full_handle),
                "SetGraphicsRootUnorderedAccessView 4 0x30000", "IASetPrimitiveTopology 0");

    /* A different one: replaced. */
    bundle = create_bundle(app.t.device, NULL, &allocator);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(bundle, app.small);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(bundle, 0, 3, values, 0);
    bundle_execute(&app, bundle, allocator);
    restore(app.t.list, false);
    check_first_calls(with(rs, sizeof(rs), "SetGraphicsRootSignature", app.small_handle),
                "SetGraphicsRoot32BitConstants 0 3@0 0xa 0xb 0xc", "IASetPrimitiveTopology 0");
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(app.t.list), S_OK);
    app_destroy(&app);
}
END_TEST

/* Arguments a bundle writes without setting the root signature first are unknown to
 * the list: that kind's state cannot be put back (the reason says why) until the list
 * sets a different root signature; the same one set again leaves them unknown. The
 * other kind stays restorable. */
START_TEST(test_ledger_bundle_unknown_arguments)
{
    static const UINT32 value = 5;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *bundle;
    const char *why;
    struct app app;

    app_init(&app, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, app.full);
    ID3D12GraphicsCommandList_SetComputeRootSignature(app.t.list, app.full);
    bundle = create_bundle(app.t.device, NULL, &allocator);
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(bundle, 1, 1, &value, 0);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(bundle, app.full);
    bundle_execute(&app, bundle, allocator);
    ck_assert(!rt_ledger_graphics_restorable(impl(app.t.list), &why));
    ck_assert_str_eq(why, "an executed bundle set graphics root arguments without setting the root signature first");
    ck_assert(rt_ledger_compute_restorable(impl(app.t.list), &why));
    ck_assert_ptr_null(why);
    /* Setting one argument, or the same root signature, leaves the others unknown. */
    ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(app.t.list, 1, 1, &value, 1);
    ck_assert(!rt_ledger_graphics_restorable(impl(app.t.list), NULL));
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, app.full);
    ck_assert(!rt_ledger_graphics_restorable(impl(app.t.list), NULL));
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(app.t.list, app.small);
    ck_assert(rt_ledger_graphics_restorable(impl(app.t.list), NULL));

    /* A bundle that then binds another root signature makes them stale anyway. */
    bundle = create_bundle(app.t.device, NULL, &allocator);
    ID3D12GraphicsCommandList_SetComputeRootConstantBufferView(bundle, 2, 0x1000);
    ID3D12GraphicsCommandList_SetComputeRootSignature(bundle, app.small);
    bundle_execute(&app, bundle, allocator);
    ck_assert(rt_ledger_compute_restorable(impl(app.t.list), NULL));
    /* Unknown in the bundle even when it sets the list's root signature and arguments
     * afterwards. */
    ID3D12GraphicsCommandList_SetComputeRootSignature(app.t.list, app.full);
    bundle = create_bundle(app.t.device, NULL, &allocator);
    ID3D12GraphicsCommandList_SetComputeRootConstantBufferView(bundle, 2, 0x1000);
    ID3D12GraphicsCommandList_SetComputeRootSignature(bundle, app.full);
    ID3D12GraphicsCommandList_SetComputeRootShaderResourceView(bundle, 3, 0x2000);
    bundle_execute(&app, bundle, allocator);
    ck_assert(!rt_ledger_compute_restorable(impl(app.t.list), &why));
    ck_assert_str_eq(why, "an executed bundle set compute root arguments without setting the root signature first");
    ck_assert(rt_ledger_graphics_restorable(impl(app.t.list), NULL));

    /* ClearState forgets it all. */
    ID3D12GraphicsCommandList_ClearState(app.t.list, NULL);
    ck_assert(rt_ledger_compute_restorable(impl(app.t.list), NULL));
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(app.t.list), S_OK);
    app_destroy(&app);
}
END_TEST

/* ExecuteIndirect leaves the root arguments its signature changes at known values,
 * constants 0 and NULL root views (Microsoft Learn, "Indirect drawing"): the restore
 * puts those back, and what the signature does not change keeps the application's. */
START_TEST(test_ledger_execute_indirect)
{
    static const UINT32 constants[4] = {1, 2, 3, 4};
    D3D12_INDIRECT_ARGUMENT_DESC arguments[4];
    D3D12_COMMAND_SIGNATURE_DESC desc;
    ID3D12CommandSignature *signature;
    ID3D12Resource *buffer;
    char rs[64], pso[64];
    struct app app;

    app_init(&app, D3D12_COMMAND_LIST_TYPE_DIRECT);
    memset(arguments, 0, sizeof(arguments));
    arguments[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT;
    arguments[0].Constant.RootParameterIndex = 1;
    arguments[0].Constant.DestOffsetIn32BitValues = 1;
    arguments[0].Constant.Num32BitValuesToSet = 2;
    arguments[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW;
    arguments[1].UnorderedAccessView.RootParameterIndex = 4;
    arguments[2].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
    desc.ByteStride = 28;
    desc.NumArgumentDescs = 3;
    desc.pArgumentDescs = arguments;
    desc.NodeMask = 0;
    ck_assert_int_eq(ID3D12Device_CreateCommandSignature(app.t.device, &desc, app.full,
                     &IID_ID3D12CommandSignature, (void **)&signature), S_OK);
    buffer = create_buffer(app.t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);

    ID3D12GraphicsCommandList_SetComputeRootSignature(app.t.list, app.full);
    ID3D12GraphicsCommandList_SetComputeRoot32BitConstants(app.t.list, 1, 4, constants, 0);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(app.t.list, 4, 0x4000);
    ID3D12GraphicsCommandList_SetComputeRootConstantBufferView(app.t.list, 2, 0x8000);
    ID3D12GraphicsCommandList_SetPipelineState(app.t.list, app.pipeline);
    ID3D12GraphicsCommandList_ExecuteIndirect(app.t.list, signature, 2, buffer, 0, NULL, 0);
    ck_assert(rt_ledger_compute_restorable(impl(app.t.list), NULL));

    restore(app.t.list, true);
    check_calls(with(rs, sizeof(rs), "SetComputeRootSignature", app.full_handle),
                "SetComputeRoot32BitConstants 1 4@0 0x1 0 0 0x4",
                "SetComputeRootConstantBufferView 2 0x8000", "SetComputeRootUnorderedAccessView 4 0",
                with(pso, sizeof(pso), "SetPipelineState", app.pipeline_handle));
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(app.t.list), S_OK);
    ID3D12Resource_Release(buffer);
    ID3D12CommandSignature_Release(signature);
    app_destroy(&app);
}
END_TEST

static Suite *cmdlist_ledger_suite(void)
{
    Suite *suite = suite_create("cmdlist_ledger");
    TCase *tc = tcase_create("ledger");

    tcase_add_test(tc, test_ledger_graphics_restore);
    tcase_add_test(tc, test_ledger_compute_restore);
    tcase_add_test(tc, test_ledger_root_signature_change);
    tcase_add_test(tc, test_ledger_no_null_handles);
    tcase_add_test(tc, test_ledger_records_after_forwarding);
    tcase_add_test(tc, test_ledger_bundle_fields);
    tcase_add_test(tc, test_ledger_bundle_root_arguments);
    tcase_add_test(tc, test_ledger_bundle_unknown_arguments);
    tcase_add_test(tc, test_ledger_execute_indirect);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(cmdlist_ledger_suite(), NULL);
}
