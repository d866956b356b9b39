/*
 * An out-of-tree driver end to end: the configuration file's [driver] path names the test
 * driver module (tests/ext_driver, path in $D3D12RT_TEST_UMD), the runtime loads it,
 * creates a device and copies through it; the module's quirks
 * ($D3D12RT_TEST_UMD_QUIRK) break the contract one way each and the runtime refuses the
 * driver with the documented HRESULT, unloading it again. Also a path that does not
 * load, a library without the entry point, a malformed configuration file and what
 * d3d12info ($D3D12INFO_BIN) reports for a serialized driver.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* setenv, mkstemp, popen, pclose in strict C11 */
#endif

#include <check.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_device.h"
#include "test_config_guard.h"
#include "rt_info.h"
#include "d3d12ddi.h"
#include "test_run.h"
#include "test_async.h"
#include "test_compute_util.h"
#include "test_draw_util.h"

#define QUIRK_VARIABLE "D3D12RT_TEST_UMD_QUIRK"
#define ADAPTER_DESCRIPTION "Apple AGX G13 (simulated)"

/* ---- Helpers ------------------------------------------------------------------------------ */

static const char *module_path(void)
{
    const char *path = getenv("D3D12RT_TEST_UMD");

    ck_assert_msg(path && path[0] == '/', "D3D12RT_TEST_UMD does not name the test driver module");
    return path;
}

/* A configuration file whose [driver] path is path; extra is appended verbatim. */
static void config_begin(struct test_config_guard *guard, const char *path, const char *extra)
{
    char contents[4200];

    snprintf(contents, sizeof(contents), "[driver]\npath = %s\n%s", path, extra);
    test_config_guard_begin(guard, contents);
}

static void set_quirk(const char *quirk)
{
    ck_assert_int_eq(setenv(QUIRK_VARIABLE, quirk, 1), 0);
}

static HRESULT create_device(ID3D12Device **device)
{
    *device = NULL;
    return D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)device);
}

static ID3D12Device *create_device_ok(void)
{
    ID3D12Device *device;
    HRESULT hr;

    hr = create_device(&device);
    ck_assert_msg(hr == S_OK, "D3D12CreateDevice: hr %#x", (unsigned int)hr);
    ck_assert_ptr_nonnull(device);
    return device;
}

static void release_device(ID3D12Device *device)
{
    ck_assert_uint_eq(ID3D12Device_Release(device), 0);
}

/* Whether the process has the test driver module loaded right now. */
static bool module_loaded(void)
{
    void *handle = dlopen(module_path(), RTLD_NOW | RTLD_NOLOAD);

    if (handle)
        dlclose(handle);
    return handle != NULL;
}

/* "<name>, <adapter description>" is how the report names the driver. */
static void check_driver(ID3D12Device *device, const char *name)
{
    struct rt_device_report report;
    char expected[sizeof(report.driver)];

    ck_assert_int_eq(rt_device_get_report(device, &report), S_OK);
    snprintf(expected, sizeof(expected), "%.180s, %s", name, ADAPTER_DESCRIPTION);
    ck_assert_str_eq(report.driver, expected);
    ck_assert_uint_eq(report.ddi_version, D3D12DDI_SUPPORTED_0124);
}

static D3D12RT_FEATURE_DATA_THREADING get_threading(ID3D12Device *device)
{
    D3D12RT_FEATURE_DATA_THREADING threading = {TRUE, TRUE};

    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12RT_FEATURE_THREADING, &threading,
            sizeof(threading)), S_OK);
    return threading;
}

/* stderr goes to a file between capture_begin and capture_end. */
struct capture
{
    int saved_fd;
    char path[64];
};

static void capture_begin(struct capture *capture)
{
    int fd;

    snprintf(capture->path, sizeof(capture->path), "/tmp/d3d12rt-stderr-XXXXXX");
    fd = mkstemp(capture->path);
    ck_assert_msg(fd >= 0, "mkstemp: %s", strerror(errno));
    fflush(stderr);
    ck_assert_int_ge(capture->saved_fd = dup(STDERR_FILENO), 0);
    ck_assert_int_ge(dup2(fd, STDERR_FILENO), 0);
    close(fd);
}

/* Restores stderr; the captured text, NUL-terminated, in out (truncated to size). */
static void capture_end(struct capture *capture, char *out, size_t size)
{
    size_t length = 0, n;
    FILE *file;

    fflush(stderr);
    ck_assert_int_ge(dup2(capture->saved_fd, STDERR_FILENO), 0);
    close(capture->saved_fd);
    ck_assert_ptr_nonnull(file = fopen(capture->path, "r"));
    while (length + 1 < size && (n = fread(out + length, 1, size - 1 - length, file)))
        length += n;
    out[length] = 0;
    fclose(file);
    unlink(capture->path);
}

/* Creation fails with hr, leaves no device and no module behind, and stderr holds message. */
static void check_create_fails(HRESULT expected, const char *message)
{
    struct capture capture;
    ID3D12Device *device;
    char text[4096];
    HRESULT hr;

    capture_begin(&capture);
    hr = create_device(&device);
    capture_end(&capture, text, sizeof(text));
    ck_assert_msg(hr == expected, "D3D12CreateDevice: hr %#x, expected %#x; stderr:\n%s", (unsigned int)hr,
            (unsigned int)expected, text);
    ck_assert_ptr_null(device);
    ck_assert_msg(!module_loaded(), "the driver stayed loaded after a failed creation");
    if (message)
        ck_assert_msg(strstr(text, message), "\"%s\" not in stderr:\n%s", message, text);
}

/* ---- Loading the module ------------------------------------------------------------------- */

/* The configured module drives the device, stays loaded while the device lives and is
 * unloaded with it. */
START_TEST(test_load_module)
{
    struct test_config_guard guard;
    ID3D12Device *device;

    config_begin(&guard, module_path(), "");
    ck_assert(!module_loaded());
    device = create_device_ok();
    ck_assert(module_loaded());
    check_driver(device, module_path());
    release_device(device);
    ck_assert(!module_loaded());

    /* "none" is the unset variable's behaviour, spelt out. */
    set_quirk("none");
    device = create_device_ok();
    check_driver(device, module_path());
    release_device(device);
    test_config_guard_end(&guard);
}
END_TEST

/* Copies through the module: upload, a GPU buffer-to-buffer copy, readback. */
START_TEST(test_copy_through_module)
{
    unsigned char src_data[2048], expected[2048], got[2048];
    struct test_config_guard guard;
    ID3D12Resource *src, *dst;
    struct test_context ctx;

    config_begin(&guard, module_path(), "");
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    check_driver(ctx.device, module_path());

    src = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(src_data), D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COMMON);
    dst = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(expected), D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COMMON);
    fill_pattern(src_data, sizeof(src_data), 3);
    upload_buffer_data(&ctx, src, 0, src_data, sizeof(src_data));
    poison_buffer(&ctx, dst, 4);

    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 64, src, 1024, 512);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx.list, dst, 1500, src, 3, 77);
    execute_and_wait(&ctx);

    fill_pattern(expected, sizeof(expected), 4);
    memcpy(expected + 64, src_data + 1024, 512);
    memcpy(expected + 1500, src_data + 3, 77);
    read_buffer(&ctx, dst, sizeof(got), got);
    ck_assert_mem_eq(got, expected, sizeof(got));

    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(src);
    test_context_destroy(&ctx);
    ck_assert(!module_loaded());
    test_config_guard_end(&guard);
}
END_TEST

/* ---- Drivers the runtime refuses ---------------------------------------------------------- */

static const struct refusal
{
    const char *quirk;
    HRESULT hr;
    const char *message;      /* on stderr, after "d3d12rt: driver: <path>: " */
}
refusals[] =
{
    /* A tier without the table, or the table without a tier (specs/ddi.md §5.2, §6). */
    {"render-pass-tier-without-table", E_FAIL,
            "D3D12_OPTIONS: RenderPassTier 1, but FillDDITable(0043_RENDER_PASS) failed"},
    {"table-without-render-pass-tier", E_FAIL,
            "D3D12_OPTIONS: RenderPassTier 0, but the driver fills the render-pass table"},
    {"no-version-0124", D3D12_ERROR_DRIVER_VERSION_MISMATCH,
            "driver offers DDI 12.80 build 120; the runtime needs 12.80 build 124 (0124)"},
    /* Required entries (specs/ddi.md §6.1). */
    {"missing-mandatory-entry", E_FAIL, "the device table leaves pfnCreateSampler NULL"},
    {"missing-device-entry", E_FAIL, "the device table leaves pfnCreateFence NULL"},
    /* Fences: without these every Signal or CreateFence would fail later, one by one. */
    {"missing-fence-value", E_FAIL, "the device table leaves pfnGetFenceCompletedValue NULL"},
    {"missing-queue-signal", E_FAIL, "the command-queue table leaves pfnSignalFence NULL"},
    {"missing-marker", E_FAIL, "the command-list table leaves pfnSetMarker NULL"},
    {"missing-state-setter", E_FAIL, "the command-list table leaves pfnRSSetViewports NULL"},
    {"enhanced-barriers-without-entry", E_FAIL,
            "D3D12_OPTIONS: EnhancedBarriersSupported is TRUE and the command-list table leaves pfnBarrier NULL"},
    /* Caps that contradict each other or name no value (specs/ddi.md §5.2). */
    {"coherent-without-uma", E_FAIL, "ARCHITECTURE_INFO: CacheCoherentUMA is TRUE and UMA FALSE"},
    {"binding-tier-4", E_FAIL, "D3D12_OPTIONS: ResourceBindingTier 4 is outside 1-3"},
    {"bad-pipeline-level", E_FAIL, "3DPIPELINESUPPORT: MaximumLevel 7 is not a pipeline level"},
    /* A level whose options fall short is lowered (test_pipeline_level.c); one whose
     * shaders the driver cannot take is refused. */
    {"level-without-shaders", E_FAIL, "3DPIPELINESUPPORT: level 12 needs shaders, and the options report "
            "neither DXBCSupported nor DXILSupported"},
    {"command-lists-without-free-threading", E_FAIL, "0124_THREADING: COMMANDLISTS without FREETHREADED"},
    /* Tier 5 and the 0124 maximums go together (seed 001). */
    {"tier5-zero-maximums", E_FAIL, "D3D12_OPTIONS: TiledResourcesTier 5, but 0124_EXECUTE_TILE_MAPPINGS reports "
            "MaxTilePoolLayoutIndexCount 0 and MaxResourceLayoutIndexCount 0 for node 0"},
    {"maximums-without-tier5", E_FAIL, "0124_EXECUTE_TILE_MAPPINGS: MaxTilePoolLayoutIndexCount 16 and "
            "MaxResourceLayoutIndexCount 32 for node 0 without TiledResourcesTier 5 (4)"},
    {"va-bits-65", E_FAIL, "D3D12_OPTIONS: MaxGPUVirtualAddressBitsPerResource 65 is above 64"},
    {"level-12-2-without-dxil", E_FAIL, "3DPIPELINESUPPORT: level 14 needs shader model 6.5, and the options "
            "report DXILSupported FALSE"},
    {"level-12-2-dxil-6-4", E_FAIL, "3DPIPELINESUPPORT: level 14 needs shader model 6.5, and the options "
            "report HighestShaderModel 0x64"},
    {"dxil-without-model", E_FAIL, "D3D12_OPTIONS: DXILSupported is TRUE and HighestShaderModel 0x51 is not a "
            "shader model from 6.0 to 6.8"},
    /* Entries a driver's own caps make required, and answers that must not be 0. */
    {"missing-pipeline-entry", E_FAIL, "the device table leaves pfnCreatePipelineState NULL"},
    {"missing-dispatch", E_FAIL, "the command-list table leaves pfnDispatch NULL"},
    {"missing-tile-mapping-entry", E_FAIL, "the command-queue table leaves pfnUpdateTileMappings NULL"},
    {"missing-render-pass-entry", E_FAIL, "the render-pass table leaves pfnEndRenderPass NULL"},
    {"zero-descriptor-size", E_FAIL, "GetDescriptorSizeInBytes(3) answers 0"},
    {"tier5-missing-query", E_FAIL, "the device table leaves pfnQueryRegisteredReservedResourceMappings NULL"},
    /* The driver's own failure is passed on. */
    {"device-create-fails", E_OUTOFMEMORY, "CreateDevice failed (0x8007000e)"},
    /* The module's OpenAdapter refuses a quirk it does not know. */
    {"no-such-quirk", E_INVALIDARG, "OpenAdapter failed (0x80070057)"},
};

START_TEST(test_refused_driver)
{
    const struct refusal *refusal = &refusals[_i];
    struct test_config_guard guard;
    char message[4200], text[4096];
    struct capture capture;
    ID3D12Device *device;
    HRESULT hr;

    config_begin(&guard, module_path(), "");
    set_quirk(refusal->quirk);
    /* Printed whatever D3D12RT_TRACE says: the tests' environment leaves it unset. */
    snprintf(message, sizeof(message), "d3d12rt: driver: %s: %s\n", module_path(), refusal->message);
    check_create_fails(refusal->hr, message);

    /* A check-only creation runs the same checks (caps and tables) and says the same. */
    capture_begin(&capture);
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL);
    capture_end(&capture, text, sizeof(text));
    ck_assert_msg(hr == refusal->hr, "check-only D3D12CreateDevice: hr %#x, expected %#x", (unsigned int)hr,
            (unsigned int)refusal->hr);
    ck_assert_msg(strstr(text, message), "\"%s\" not in the check-only stderr:\n%s", message, text);
    ck_assert(!module_loaded());

    /* The failure left nothing behind: the same driver without the quirk works. */
    set_quirk("none");
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL), S_FALSE);
    device = create_device_ok();
    check_driver(device, module_path());
    release_device(device);
    test_config_guard_end(&guard);
}
END_TEST

/* A NULL recording entry outside the required set removes the list with E_NOTIMPL and a
 * message naming the entry (specs/ddi.md §6.2); a new recording works. */
START_TEST(test_null_recording_entry)
{
    D3D12_WRITEBUFFERIMMEDIATE_PARAMETER parameter;
    ID3D12GraphicsCommandList2 *list2;
    struct test_config_guard guard;
    struct async_message message;
    unsigned char got[256], expected[256];
    struct test_context ctx;
    ID3D12Resource *buffer;
    UINT64 count;

    config_begin(&guard, module_path(), "");
    set_quirk("missing-optional-recording");
    async_enable_debug_layer();
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    check_driver(ctx.device, module_path());
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(got), D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COMMON);
    poison_buffer(&ctx, buffer, 2);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(ctx.list, &IID_ID3D12GraphicsCommandList2,
            (void **)&list2), S_OK);
    parameter.Dest = ID3D12Resource_GetGPUVirtualAddress(buffer);
    parameter.Value = 0x12345678;
    count = async_message_count(ctx.device);
    ID3D12GraphicsCommandList2_WriteBufferImmediate(list2, 1, &parameter, NULL);
    ID3D12GraphicsCommandList2_Release(list2);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(ctx.list), E_NOTIMPL);
    ck_assert_uint_eq(async_message_count(ctx.device), count + 1);
    async_get_message(ctx.device, count, &message);
    ck_assert_str_eq(message.text,
            "WriteBufferImmediate: the driver's command-list table leaves pfnWriteBufferImmediate NULL");
    ck_assert_int_eq(message.severity, D3D12_MESSAGE_SEVERITY_ERROR);

    /* Nothing reached the buffer; a new recording works. */
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(ctx.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(ctx.list, ctx.allocator, NULL), S_OK);
    fill_pattern(expected, sizeof(expected), 2);
    read_buffer(&ctx, buffer, sizeof(got), got);
    ck_assert_mem_eq(got, expected, sizeof(got));
    ID3D12Resource_Release(buffer);
    test_context_destroy(&ctx);
    test_config_guard_end(&guard);
}
END_TEST

/* ---- Descs against the driver's format answers -------------------------------------------- */

static const struct format_refusal
{
    D3D12_RESOURCE_DIMENSION dimension;
    DXGI_FORMAT format;
    D3D12_RESOURCE_FLAGS flags;
    UINT samples;
    D3D12_MESSAGE_ID id;
    const char *message;
}
format_refusals[] =
{
    {D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 1,
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, "CreateResource: the driver's CheckFormatSupport reports "
            "no render-target support for DXGI_FORMAT_R8G8B8A8_UNORM."},
    {D3D12_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R16_FLOAT, D3D12_RESOURCE_FLAG_NONE, 1,
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, "CreateResource: the driver's CheckFormatSupport reports "
            "no TEXTURE3D support for DXGI_FORMAT_R16_FLOAT."},
    {D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, 1,
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, "CreateResource: the driver's CheckFormatSupport reports "
            "no typed unordered-access support for DXGI_FORMAT_R32_FLOAT."},
    {D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, 1,
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, "CreateResource: the driver's CheckFormatSupport reports "
            "no depth-stencil support for DXGI_FORMAT_D32_FLOAT."},
    {D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R16G16B16A16_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 4,
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "CreateResource: SampleDesc 4/0: the driver's "
            "CheckMultisampleQualityLevels reports 0 quality levels for 4 samples of DXGI_FORMAT_R16G16B16A16_FLOAT."},
};

/* A 16x16 texture of r's dimension, format, flags and samples, in a heap of heap's properties. */
static HRESULT create_texture_in(ID3D12Device *device, const D3D12_HEAP_PROPERTIES *heap,
        const struct format_refusal *r, ID3D12Resource **out)
{
    D3D12_RESOURCE_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Dimension = r->dimension;
    desc.Width = 16;
    desc.Height = 16;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = r->format;
    desc.SampleDesc.Count = r->samples;
    desc.Flags = r->flags;
    *out = NULL;
    return ID3D12Device_CreateCommittedResource(device, heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)out);
}

static HRESULT create_format_texture(ID3D12Device *device, const struct format_refusal *r, ID3D12Resource **out)
{
    D3D12_HEAP_PROPERTIES heap;

    memset(&heap, 0, sizeof(heap));
    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    return create_texture_in(device, &heap, r, out);
}

/* What the driver denies never reaches it: E_INVALIDARG and a message naming the format
 * and the answer (specs/ddi.md §8.1). Without the quirk the same desc is created. */
START_TEST(test_format_caps_resource)
{
    const struct format_refusal *r = &format_refusals[_i];
    struct test_config_guard guard;
    struct async_message message;
    ID3D12Resource *resource;
    ID3D12Device *device;
    UINT64 count;

    config_begin(&guard, module_path(), "");
    device = create_device_ok();
    ck_assert_int_eq(create_format_texture(device, r, &resource), S_OK);
    ID3D12Resource_Release(resource);
    release_device(device);

    set_quirk("format-caps");
    async_enable_debug_layer();
    device = create_device_ok();
    count = async_message_count(device);
    ck_assert_int_eq(create_format_texture(device, r, &resource), E_INVALIDARG);
    ck_assert_ptr_null(resource);
    ck_assert_uint_eq(async_message_count(device), count + 1);
    async_get_message(device, count, &message);
    ck_assert_str_eq(message.text, r->message);
    ck_assert_int_eq(message.id, r->id);
    release_device(device);
    test_config_guard_end(&guard);
}
END_TEST

/* A typeless texture may allow render targets; the typed view the driver denies is refused. */
START_TEST(test_format_caps_view)
{
    static const struct format_refusal typeless = {D3D12_RESOURCE_DIMENSION_TEXTURE2D,
            DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 1, D3D12_MESSAGE_ID_UNKNOWN, NULL};
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    D3D12_RENDER_TARGET_VIEW_DESC rtv;
    struct test_config_guard guard;
    struct async_message message;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *resource;
    ID3D12Device *device;
    UINT64 count;

    config_begin(&guard, module_path(), "");
    set_quirk("format-caps");
    async_enable_debug_layer();
    device = create_device_ok();
    ck_assert_int_eq(create_format_texture(device, &typeless, &resource), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap,
            (void **)&heap), S_OK);
    memset(&rtv, 0, sizeof(rtv));
    rtv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rtv.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D;
    count = async_message_count(device);
    ID3D12Device_CreateRenderTargetView(device, resource, &rtv,
            ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap));
    ck_assert_uint_eq(async_message_count(device), count + 1);
    async_get_message(device, count, &message);
    ck_assert_str_eq(message.text, "CreateRenderTargetView: the driver's CheckFormatSupport reports no "
            "render-target support for DXGI_FORMAT_R8G8B8A8_UNORM; the call is ignored.");
    ck_assert_int_eq(message.id, D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDESC);

    /* A format the driver allows is created without a message. */
    rtv.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    ID3D12Device_CreateRenderTargetView(device, resource, &rtv,
            ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap));
    ck_assert_uint_eq(async_message_count(device), count + 1);
    ID3D12DescriptorHeap_Release(heap);
    ID3D12Resource_Release(resource);
    release_device(device);
    test_config_guard_end(&guard);
}
END_TEST

/* Creates a graphics pipeline of desc (draw_pipeline_desc's, shaders set here); the
 * result, and the last info-queue message when one was added. */
static HRESULT create_format_pipeline(struct draw_test *t, D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc,
        struct async_message *message)
{
    ID3D12PipelineState *state = NULL;
    void *vs_code, *ps_code;
    size_t vs_size, ps_size;
    UINT64 count;
    HRESULT hr;

    vs_code = draw_assemble(draw_vs_fullscreen, &vs_size);
    ps_code = draw_assemble(draw_ps_float, &ps_size);
    desc->VS.pShaderBytecode = vs_code;
    desc->VS.BytecodeLength = vs_size;
    desc->PS.pShaderBytecode = ps_code;
    desc->PS.BytecodeLength = ps_size;
    count = async_message_count(t->ctx.device);
    hr = ID3D12Device_CreateGraphicsPipelineState(t->ctx.device, desc, &IID_ID3D12PipelineState, (void **)&state);
    memset(message, 0, sizeof(*message));
    if (async_message_count(t->ctx.device) > count)
        async_get_message(t->ctx.device, async_message_count(t->ctx.device) - 1, message);
    if (state)
        ID3D12PipelineState_Release(state);
    ck_assert(SUCCEEDED(hr) == (state != NULL));
    free(vs_code);
    free(ps_code);
    return hr;
}

/* A pipeline's formats and sample count are checked against the driver's answers too: a
 * sample count the driver has no quality level for is E_INVALIDARG with a message; a
 * target or depth format the driver cannot render to leaves that slot without a format,
 * with a warning (rt_pipeline_state_validate.c). */
START_TEST(test_format_caps_pipeline)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct async_message message;
    struct test_config_guard guard;
    struct draw_test t;

    config_begin(&guard, module_path(), "");
    set_quirk("format-caps");
    async_enable_debug_layer();
    draw_test_init(&t);

    draw_pipeline_desc(&t, &desc);
    desc.RTVFormats[0] = DXGI_FORMAT_R16G16B16A16_FLOAT;
    desc.SampleDesc.Count = 4;
    ck_assert_int_eq(create_format_pipeline(&t, &desc, &message), E_INVALIDARG);
    ck_assert_str_eq(message.text, "CreateGraphicsPipelineState: RTVFormats[0] DXGI_FORMAT_R16G16B16A16_FLOAT has 0 "
            "quality levels at 4 samples; quality 0 was asked for.");
    ck_assert_int_eq(message.id, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC);
    ck_assert_int_eq(message.severity, D3D12_MESSAGE_SEVERITY_ERROR);
    /* A format the driver has 4 samples for. */
    desc.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    ck_assert_int_eq(create_format_pipeline(&t, &desc, &message), S_OK);

    draw_pipeline_desc(&t, &desc);
    ck_assert_int_eq(desc.RTVFormats[0], DXGI_FORMAT_R8G8B8A8_UNORM);
    ck_assert_int_eq(create_format_pipeline(&t, &desc, &message), S_OK);
    ck_assert_str_eq(message.text, "CreateGraphicsPipelineState: RTVFormats[0] DXGI_FORMAT_R8G8B8A8_UNORM is not a "
            "render-target format of this device; the pipeline has none there.");
    ck_assert_int_eq(message.id, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_RENDERTARGETVIEW_NOT_SET);
    ck_assert_int_eq(message.severity, D3D12_MESSAGE_SEVERITY_WARNING);

    draw_pipeline_desc(&t, &desc);
    desc.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    desc.DSVFormat = DXGI_FORMAT_D32_FLOAT;
    ck_assert_int_eq(create_format_pipeline(&t, &desc, &message), S_OK);
    ck_assert_str_eq(message.text, "CreateGraphicsPipelineState: DSVFormat DXGI_FORMAT_D32_FLOAT is not a "
            "depth-stencil format of this device; the pipeline has none there.");
    ck_assert_int_eq(message.id, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_DEPTHSTENCILVIEW_NOT_SET);
    draw_test_destroy(&t);
    test_config_guard_end(&guard);
}
END_TEST

/* WriteToSubresource and ReadFromSubresource of a texture in a CPU-visible heap go through
 * the driver's GetSubresourceLayout; a driver that leaves it NULL, or answers Opaque, gets
 * E_NOTIMPL for both and its texture is not touched (specs/ddi.md §6.2). */
START_TEST(test_subresource_layout_rules)
{
    static const char *const quirks[] = {"none", "no-subresource-layout", "opaque-layouts"};
    static const struct format_refusal texture = {D3D12_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM,
            D3D12_RESOURCE_FLAG_NONE, 1, D3D12_MESSAGE_ID_UNKNOWN, NULL};
    unsigned char data[16 * 16 * 4], got[16 * 16 * 4];
    D3D12_HEAP_PROPERTIES heap;
    struct test_config_guard guard;
    ID3D12Resource *resource;
    ID3D12Device *device;
    unsigned int i;
    HRESULT expected;

    config_begin(&guard, module_path(), "");
    memset(&heap, 0, sizeof(heap));
    heap.Type = D3D12_HEAP_TYPE_CUSTOM;
    heap.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    heap.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
    fill_pattern(data, sizeof(data), 21);
    for (i = 0; i < sizeof(quirks) / sizeof(quirks[0]); ++i)
    {
        set_quirk(quirks[i]);
        expected = i ? E_NOTIMPL : S_OK;
        device = create_device_ok();
        ck_assert_int_eq(create_texture_in(device, &heap, &texture, &resource), S_OK);
        ck_assert_int_eq(ID3D12Resource_WriteToSubresource(resource, 0, NULL, data, 64, sizeof(data)), expected);
        memset(got, 0xcd, sizeof(got));
        ck_assert_int_eq(ID3D12Resource_ReadFromSubresource(resource, got, 64, sizeof(got), 0, NULL), expected);
        if (expected == S_OK)
            ck_assert_mem_eq(got, data, sizeof(data));
        else
            ck_assert_uint_eq(got[0], 0xcd);
        ID3D12Resource_Release(resource);
        release_device(device);
    }
    test_config_guard_end(&guard);
}
END_TEST

/* A failed CheckFormatSupport is no support: the caller's masks are written NONE, not left
 * as they were nor as the driver scribbled them, and the driver's failure comes back. */
START_TEST(test_format_support_failure)
{
    D3D12_FEATURE_DATA_FORMAT_SUPPORT support;
    struct test_config_guard guard;
    ID3D12Device *device;

    config_begin(&guard, module_path(), "");
    set_quirk("format-support-fails");
    device = create_device_ok();
    support.Format = DXGI_FORMAT_R8G8_UNORM;
    support.Support1 = (D3D12_FORMAT_SUPPORT1)0xdeadbeef;
    support.Support2 = (D3D12_FORMAT_SUPPORT2)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &support,
            sizeof(support)), E_OUTOFMEMORY);
    ck_assert_uint_eq(support.Support1, D3D12_FORMAT_SUPPORT1_NONE);
    ck_assert_uint_eq(support.Support2, D3D12_FORMAT_SUPPORT2_NONE);

    /* The other formats are answered as before. */
    support.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    support.Support1 = (D3D12_FORMAT_SUPPORT1)0;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &support,
            sizeof(support)), S_OK);
    ck_assert(support.Support1 & D3D12_FORMAT_SUPPORT1_TEXTURE2D);
    release_device(device);
    test_config_guard_end(&guard);
}
END_TEST

/* A driver that runs no shaders (neither DXBC nor DXIL) has no shader model: the answer is
 * D3D_SHADER_MODEL_NONE whatever the application asks, as Microsoft's runtime answers for a
 * device without shaders. The same driver with its shaders answers 5.1. */
START_TEST(test_shader_model_without_shaders)
{
    static const D3D_SHADER_MODEL asked[] = {D3D_SHADER_MODEL_5_1, D3D_SHADER_MODEL_6_0, D3D_SHADER_MODEL_6_5};
    D3D12_FEATURE_DATA_SHADER_MODEL model;
    struct test_config_guard guard;
    ID3D12Device *device;
    unsigned int i;

    config_begin(&guard, module_path(), "");
    set_quirk("no-shaders");
    device = create_device_ok();
    for (i = 0; i < sizeof(asked) / sizeof(asked[0]); ++i)
    {
        model.HighestShaderModel = asked[i];
        ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_SHADER_MODEL, &model,
                sizeof(model)), S_OK);
        ck_assert_int_eq(model.HighestShaderModel, D3D12RT_SHADER_MODEL_NONE);
    }
    /* An unknown value is still refused first. */
    model.HighestShaderModel = (D3D_SHADER_MODEL)0x50;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_SHADER_MODEL, &model,
            sizeof(model)), E_INVALIDARG);
    release_device(device);

    set_quirk("none");
    device = create_device_ok();
    model.HighestShaderModel = D3D_SHADER_MODEL_6_5;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_SHADER_MODEL, &model,
            sizeof(model)), S_OK);
    ck_assert_int_eq(model.HighestShaderModel, D3D_SHADER_MODEL_5_1);
    release_device(device);
    test_config_guard_end(&guard);
}
END_TEST

/* A DXIL driver's HighestShaderModel is the answer's ceiling: a lower request is answered
 * as asked, a higher one with the driver's model. */
START_TEST(test_shader_model_from_driver)
{
    static const struct
    {
        D3D_SHADER_MODEL asked, answer;
    }
    cases[] =
    {
        {D3D_SHADER_MODEL_5_1, D3D_SHADER_MODEL_5_1},
        {D3D_SHADER_MODEL_6_0, D3D_SHADER_MODEL_6_0},
        {D3D_SHADER_MODEL_6_1, D3D_SHADER_MODEL_6_1},
        {D3D_SHADER_MODEL_6_7, D3D_SHADER_MODEL_6_1},
        {D3D_SHADER_MODEL_6_8, D3D_SHADER_MODEL_6_1},
    };
    D3D12_FEATURE_DATA_SHADER_MODEL model;
    struct test_config_guard guard;
    ID3D12Device *device;
    unsigned int i;

    config_begin(&guard, module_path(), "");
    set_quirk("dxil-6-1");
    device = create_device_ok();
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
    {
        model.HighestShaderModel = cases[i].asked;
        ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_SHADER_MODEL, &model,
                sizeof(model)), S_OK);
        ck_assert_int_eq(model.HighestShaderModel, cases[i].answer);
    }
    release_device(device);
    test_config_guard_end(&guard);
}
END_TEST

/* ---- Device loss ---------------------------------------------------------------------------- */

/* A removal the driver is not told of (the application's RemoveDevice) still answers an
 * event registered before it: the runtime signals it (specs/ddi.md §16). Signalling the
 * value afterwards does not signal it a second time. */
START_TEST(test_removal_releases_events)
{
    struct test_config_guard guard;
    struct pollfd pfd;
    ID3D12Device5 *device5;
    ID3D12Device *device;
    ID3D12Fence *fence;
    uint64_t count;
    int fd;

    config_begin(&guard, module_path(), "");
    device = create_device_ok();
    ck_assert_int_eq(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&fence), S_OK);
    ck_assert_int_ge(fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC), 0);
    ck_assert_int_eq(ID3D12Fence_SetEventOnCompletion(fence, 5, (HANDLE)(intptr_t)fd), S_OK);
    pfd.fd = fd;
    pfd.events = POLLIN;
    ck_assert_int_eq(poll(&pfd, 1, 0), 0);

    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    ID3D12Device5_Release(device5);
    ck_assert_int_eq(poll(&pfd, 1, 1000), 1);
    ck_assert_int_eq(read(fd, &count, sizeof(count)), sizeof(count));
    ck_assert_uint_eq(count, 1);
    ck_assert_uint_eq(ID3D12Fence_GetCompletedValue(fence), UINT64_MAX);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_REMOVED);

    ID3D12Fence_Release(fence);
    ck_assert_int_eq(poll(&pfd, 1, 0), 0);
    close(fd);
    release_device(device);
    test_config_guard_end(&guard);
}
END_TEST

/* ---- The driver's messages ------------------------------------------------------------------ */

/* A stored message from index `first` on is the driver's `text`, an error of `category`. */
static void check_driver_message(ID3D12Device *device, UINT64 first, D3D12_MESSAGE_CATEGORY category,
                                 const char *text)
{
    struct async_message message;
    bool found = false;
    UINT64 i;

    for (i = first; i < async_message_count(device); ++i)
    {
        async_get_message(device, i, &message);
        if (strcmp(message.text, text))
            continue;
        ck_assert_int_eq(message.category, category);
        ck_assert_int_eq(message.severity, D3D12_MESSAGE_SEVERITY_ERROR);
        found = true;
    }
    ck_assert_msg(found, "the driver's message \"%s\" is not on the info queue", text);
}

/* agx_umd explains its refusal through pfnMessageCb; the runtime puts the text on the
 * info queue (specs/ddi.md §16). Here: a compute shader writing u0 with a root signature
 * that binds nothing, which the driver refuses. */
START_TEST(test_driver_message)
{
    static const char uav_cs[] = "cs_5_0\ndcl_uav_raw u0\ndcl_thread_group 1, 1, 1\nstore_raw u0.x, l(0), l(7)\nret\n";
    struct test_config_guard guard;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *state;
    ID3D12Device *device;
    UINT64 count;

    config_begin(&guard, module_path(), "");
    async_enable_debug_layer();
    device = create_device_ok();
    signature = create_root_signature(device, NULL, 0, NULL, 0);
    count = async_message_count(device);
    ck_assert_int_eq(create_compute_pipeline(device, signature, uav_cs, &state), E_INVALIDARG);
    ck_assert_ptr_null(state);
    check_driver_message(device, count, D3D12_MESSAGE_CATEGORY_STATE_CREATION,
                         "pipeline refused: CS declares u0 (space 0), which its root signature does not bind");
    ID3D12RootSignature_Release(signature);
    release_device(device);
    test_config_guard_end(&guard);
}
END_TEST

/* A refusal at execution reaches the info queue too, from the driver's queue thread: agx_umd
 * skips a draw of an adjacency topology through a pipeline without a geometry shader, which
 * D3D12 accepts for a triangle pipeline and leaves undefined; the message names the topology
 * and why. */
START_TEST(test_driver_message_execution)
{
    static const char why[] = "draw skipped: topology 12 has adjacency and the pipeline no geometry shader";
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_config_guard guard;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *target;
    struct draw_test t;

    config_begin(&guard, module_path(), "");
    async_enable_debug_layer();
    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    pipeline = draw_pipeline(&t, &desc, draw_vs_fullscreen, draw_ps_float);
    target = draw_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 0);
    draw_setup(&t, pipeline, 4, 4, false);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(t.ctx.list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 6, 1, 0, 0);
    execute_and_wait(&t.ctx);
    check_driver_message(t.ctx.device, 0, D3D12_MESSAGE_CATEGORY_EXECUTION, why);
    ID3D12Resource_Release(target);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(test_path_does_not_load)
{
    struct test_config_guard guard;

    config_begin(&guard, "/nonexistent/libd3d12rt_missing_umd.so", "");
    check_create_fails(E_FAIL, "cannot load driver /nonexistent/libd3d12rt_missing_umd.so: ");
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL), E_FAIL);
    test_config_guard_end(&guard);
}
END_TEST

/* A library that loads but is no driver (a bare name goes through the search path). */
START_TEST(test_library_without_entry)
{
    struct test_config_guard guard;

    config_begin(&guard, "libm.so.6", "");
    check_create_fails(E_FAIL, "driver libm.so.6 does not export D3D12RTOpenAdapter12");
    test_config_guard_end(&guard);
}
END_TEST

/* A malformed line makes the runtime ignore the whole file, [driver] path included. */
START_TEST(test_malformed_config)
{
    struct test_config_guard guard;
    ID3D12Device *device;

    config_begin(&guard, module_path(), "this line is neither a section nor a key\n");
    device = create_device_ok();
    check_driver(device, "agx_umd (built-in)");
    ck_assert(!module_loaded());
    release_device(device);
    test_config_guard_end(&guard);
}
END_TEST

/* ---- A driver without free-threading ------------------------------------------------------ */

/* Runs the built d3d12info with args (environment inherited); its exit status, its output
 * in out (stderr too when with_stderr). */
static int run_d3d12info(const char *args, char *out, size_t size, bool with_stderr)
{
    const char *bin = getenv("D3D12INFO_BIN");
    char command[4200];

    ck_assert_msg(bin && *bin, "D3D12INFO_BIN is not set");
    snprintf(command, sizeof(command), "'%s' %s %s", bin, args, with_stderr ? "2>&1" : "2>/dev/null");
    return test_run_command(command, out, size);
}

/* The line "key: ..." of d3d12info's output must read exactly "key: value". */
static void check_info_line(const char *output, const char *key, const char *value)
{
    char expected[4200];

    snprintf(expected, sizeof(expected), "\n%s: %s\n", key, value);
    ck_assert_msg(strstr(output, expected) || !strncmp(output, expected + 1, strlen(expected + 1)),
            "no line \"%s: %s\" in:\n%s", key, value, output);
}

START_TEST(test_no_free_threading)
{
    unsigned char data[256], got[256];
    D3D12RT_FEATURE_DATA_THREADING threading;
    struct test_config_guard guard;
    char output[16384], driver[4200];
    struct test_context ctx;
    ID3D12Resource *buffer;
    ID3D12Device *device;

    config_begin(&guard, module_path(), "");
    device = create_device_ok();
    threading = get_threading(device);
    ck_assert_int_eq(threading.DriverConcurrentCreates, TRUE);
    ck_assert_int_eq(threading.DriverCommandLists, TRUE);
    release_device(device);

    set_quirk("no-free-threading");
    device = create_device_ok();
    threading = get_threading(device);
    ck_assert_int_eq(threading.DriverConcurrentCreates, FALSE);
    ck_assert_int_eq(threading.DriverCommandLists, FALSE);
    release_device(device);

    /* Every DDI call goes through the device lock; work still flows. */
    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_COPY);
    buffer = create_buffer(ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(data), D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COMMON);
    fill_pattern(data, sizeof(data), 9);
    upload_buffer_data(&ctx, buffer, 0, data, sizeof(data));
    read_buffer(&ctx, buffer, sizeof(got), got);
    ck_assert_mem_eq(got, data, sizeof(got));
    ID3D12Resource_Release(buffer);
    test_context_destroy(&ctx);

    /* d3d12info inherits the configuration file and the quirk. */
    ck_assert_int_eq(run_d3d12info("", output, sizeof(output), false), 0);
    snprintf(driver, sizeof(driver), "%s, %s", module_path(), ADAPTER_DESCRIPTION);
    check_info_line(output, "Driver", driver);
    check_info_line(output, "Threading", "serialized; command lists emulated");
    test_config_guard_end(&guard);
}
END_TEST

/* A refused driver: d3d12info fails and shows the runtime's message naming the problem. */
START_TEST(test_info_shows_refusal)
{
    struct test_config_guard guard;
    char output[8192], expected[4200];

    config_begin(&guard, module_path(), "");
    set_quirk("missing-queue-signal");
    ck_assert_int_eq(run_d3d12info("", output, sizeof(output), true), 1);
    snprintf(expected, sizeof(expected), "d3d12rt: driver: %s: the command-queue table leaves pfnSignalFence NULL\n"
            "d3d12info: device creation failed: 0x80004005\n", module_path());
    ck_assert_str_eq(output, expected);
    test_config_guard_end(&guard);
}
END_TEST

/*
 * An out-of-tree driver written before tier 5 (quirk tier4: tier 4, no maximums, the nine
 * device entries NULL, no tile mapping queue table): the runtime asks nothing of it, and
 * the tier-5 interfaces answer with the tier's results, never E_NOINTERFACE. With the
 * module's own tier 5 the same calls work, and d3d12info prints the maximums.
 */
START_TEST(test_driver_without_tier5)
{
    D3D12_FEATURE_DATA_EXECUTE_TILE_MAPPINGS data = {0};
    ID3D12TileMappingQueue *queue = NULL;
    struct test_config_guard guard;
    ID3D12CommandQueue2 *queue2;
    D3D12_COMMAND_QUEUE_DESC desc = {0};
    ID3D12CommandQueue *plain;
    ID3D12Device16 *device16;
    ID3D12Device *device;
    char output[16384];

    config_begin(&guard, module_path(), "");
    set_quirk("tier4");
    device = create_device_ok();
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device16, (void **)&device16), S_OK);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_EXECUTE_TILE_MAPPINGS, &data,
            sizeof(data)), S_OK);
    ck_assert_uint_eq(data.MaxTilePoolLayoutIndexCount, 0);
    ck_assert_uint_eq(data.MaxResourceLayoutIndexCount, 0);
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device16, 0, 1, 1),
            DXGI_ERROR_UNSUPPORTED);
    ck_assert_int_eq(ID3D12Device16_GetTileMappingQueue(device16, 0, &IID_ID3D12TileMappingQueue, (void **)&queue),
            DXGI_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(queue);
    ck_assert_int_eq(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&plain), S_OK);
    ck_assert_int_eq(ID3D12CommandQueue_QueryInterface(plain, &IID_ID3D12CommandQueue2, (void **)&queue2), S_OK);
    ck_assert_int_eq(ID3D12CommandQueue2_QueryRegisteredReservedResourceMappings(queue2, NULL, 0, 0, 0, NULL),
            E_INVALIDARG);
    ID3D12CommandQueue2_Release(queue2);
    ID3D12CommandQueue_Release(plain);
    ID3D12Device16_Release(device16);
    release_device(device);
    ck_assert_int_eq(run_d3d12info("", output, sizeof(output), false), 0);
    check_info_line(output, "Tiled resources tier", "4");
    check_info_line(output, "Execute tile mappings", "not supported");

    set_quirk("none");
    device = create_device_ok();
    ck_assert_int_eq(ID3D12Device_QueryInterface(device, &IID_ID3D12Device16, (void **)&device16), S_OK);
    ck_assert_int_eq(ID3D12Device16_InitializeExecuteTileMappingLayoutTables(device16, 0, 1, 1), S_OK);
    ck_assert_int_eq(ID3D12Device16_GetTileMappingQueue(device16, 0, &IID_ID3D12TileMappingQueue, (void **)&queue),
            S_OK);
    ID3D12TileMappingQueue_Release(queue);
    ID3D12Device16_Release(device16);
    release_device(device);
    ck_assert_int_eq(run_d3d12info("", output, sizeof(output), false), 0);
    check_info_line(output, "Tiled resources tier", "5");
    check_info_line(output, "Execute tile mappings", "max tile pool layouts 4096, max resource layouts 65536");
    test_config_guard_end(&guard);
}
END_TEST

/* d3d12info --driver inspects a driver the configuration file does not name. */
/* d3d12info names the shader model of a driver without shaders. */
START_TEST(test_info_shader_model_none)
{
    static const char line[] = "\nSHADER_MODEL:\n  HighestShaderModel: D3D_SHADER_MODEL_NONE\n";
    struct test_config_guard guard;
    char output[16384];

    config_begin(&guard, module_path(), "");
    set_quirk("no-shaders");
    ck_assert_int_eq(run_d3d12info("", output, sizeof(output), false), 0);
    ck_assert_msg(strstr(output, line), "no \"%s\" in:\n%s", line, output);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(test_d3d12info_driver_option)
{
    char output[16384], args[4200], driver[4200];
    struct test_config_guard guard;

    test_config_guard_begin(&guard, NULL);
    snprintf(args, sizeof(args), "--driver '%s'", module_path());
    ck_assert_int_eq(run_d3d12info(args, output, sizeof(output), false), 0);
    snprintf(driver, sizeof(driver), "%s, %s", module_path(), ADAPTER_DESCRIPTION);
    check_info_line(output, "Driver", driver);
    /* Without the option the built-in driver answers. */
    ck_assert_int_eq(run_d3d12info("", output, sizeof(output), false), 0);
    check_info_line(output, "Driver", "agx_umd (built-in), " ADAPTER_DESCRIPTION);
    test_config_guard_end(&guard);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("ext_driver");
    TCase *tc;

    tc = tcase_create("load");
    tcase_add_test(tc, test_load_module);
    tcase_add_test(tc, test_copy_through_module);
    tcase_add_test(tc, test_path_does_not_load);
    tcase_add_test(tc, test_library_without_entry);
    tcase_add_test(tc, test_malformed_config);
    suite_add_tcase(suite, tc);

    tc = tcase_create("quirks");
    tcase_add_loop_test(tc, test_refused_driver, 0, (int)(sizeof(refusals) / sizeof(refusals[0])));
    tcase_add_test(tc, test_null_recording_entry);
    tcase_add_test(tc, test_no_free_threading);
    tcase_add_test(tc, test_info_shows_refusal);
    tcase_add_loop_test(tc, test_format_caps_resource, 0, (int)(sizeof(format_refusals) / sizeof(format_refusals[0])));
    tcase_add_test(tc, test_format_caps_view);
    tcase_add_test(tc, test_format_caps_pipeline);
    tcase_add_test(tc, test_format_support_failure);
    tcase_add_test(tc, test_subresource_layout_rules);
    tcase_add_test(tc, test_shader_model_without_shaders);
    tcase_add_test(tc, test_shader_model_from_driver);
    tcase_add_test(tc, test_removal_releases_events);
    tcase_add_test(tc, test_driver_message);
    tcase_add_test(tc, test_driver_message_execution);
    tcase_add_test(tc, test_d3d12info_driver_option);
    tcase_add_test(tc, test_driver_without_tier5);
    tcase_add_test(tc, test_info_shader_model_none);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, NULL);
}
