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
#include <sys/wait.h>
#include <unistd.h>

#include "test_device.h"
#include "test_config_guard.h"
#include "rt_info.h"
#include "d3d12ddi.h"
#include "test_run.h"

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
    const char *message;      /* on stderr, when the loader or the device creation prints one */
    bool at_device;           /* refused when the device is created, not when the adapter opens */
}
refusals[] =
{
    /* A tier without the table, or the table without a tier (specs/ddi.md §5.1, §6). */
    {"render-pass-tier-without-table", E_FAIL, NULL, true},
    {"table-without-render-pass-tier", E_FAIL, NULL, true},
    {"no-version-0124", D3D12_ERROR_DRIVER_VERSION_MISMATCH,
            "driver offers DDI 12.80 build 120; the runtime needs 12.80 build 124 (0124)", false},
    /* An entry the runtime calls unconditionally (specs/ddi.md §6). */
    {"missing-mandatory-entry", E_FAIL, NULL, true},
    /* The driver's own failure is passed on. */
    {"device-create-fails", E_OUTOFMEMORY, NULL, true},
    /* Tier 5 and the 0124 maximums go together (seed 001, specs/ddi.md §5.1). */
    {"tier5-zero-maximums", E_FAIL, "TiledResourcesTier 5 with 0124_EXECUTE_TILE_MAPPINGS "
            "MaxTilePoolLayoutIndexCount 0, MaxResourceLayoutIndexCount 0 on node 0", true},
    {"maximums-without-tier5", E_FAIL, "0124_EXECUTE_TILE_MAPPINGS MaxTilePoolLayoutIndexCount 16, "
            "MaxResourceLayoutIndexCount 32 on node 0 without TiledResourcesTier 5 (4)", true},
    /* The module's OpenAdapter refuses a quirk it does not know. */
    {"no-such-quirk", E_INVALIDARG, "OpenAdapter failed (0x80070057)", false},
};

START_TEST(test_refused_driver)
{
    const struct refusal *refusal = &refusals[_i];
    struct test_config_guard guard;
    ID3D12Device *device;

    config_begin(&guard, module_path(), "");
    set_quirk(refusal->quirk);
    check_create_fails(refusal->hr, refusal->message);

    /* A check-only creation opens the adapter too: the loader's refusals show there. */
    if (refusal->message && !refusal->at_device)
        ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL), refusal->hr);
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

/* A fence entry missing is not a refusal: fences are what fails (specs/ddi.md §6). */
START_TEST(test_missing_fence_entry)
{
    struct test_config_guard guard;
    ID3D12Device *device;
    ID3D12Fence *fence = (ID3D12Fence *)(uintptr_t)1;

    config_begin(&guard, module_path(), "");
    set_quirk("missing-device-entry");
    device = create_device_ok();
    check_driver(device, module_path());
    ck_assert_int_eq(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&fence), E_NOTIMPL);
    ck_assert_ptr_null(fence);
    release_device(device);
    ck_assert(!module_loaded());
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

/* Runs the built d3d12info with args (environment inherited); its exit status, output in out. */
static int run_d3d12info(const char *args, char *out, size_t size)
{
    const char *bin = getenv("D3D12INFO_BIN");
    size_t length = 0, n;
    char command[4200];
    FILE *pipe;
    int status;

    ck_assert_msg(bin && *bin, "D3D12INFO_BIN is not set");
    snprintf(command, sizeof(command), "'%s' %s 2>/dev/null", bin, args);
    ck_assert_ptr_nonnull(pipe = popen(command, "r"));
    while (length + 1 < size && (n = fread(out + length, 1, size - 1 - length, pipe)))
        length += n;
    out[length] = 0;
    status = pclose(pipe);
    ck_assert(WIFEXITED(status));
    return WEXITSTATUS(status);
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
    ck_assert_int_eq(run_d3d12info("", output, sizeof(output)), 0);
    snprintf(driver, sizeof(driver), "%s, %s", module_path(), ADAPTER_DESCRIPTION);
    check_info_line(output, "Driver", driver);
    check_info_line(output, "Threading", "serialized; command lists emulated");
    test_config_guard_end(&guard);
}
END_TEST

/* d3d12info --driver inspects a driver the configuration file does not name. */
START_TEST(test_d3d12info_driver_option)
{
    char output[16384], args[4200], driver[4200];
    struct test_config_guard guard;

    test_config_guard_begin(&guard, NULL);
    snprintf(args, sizeof(args), "--driver '%s'", module_path());
    ck_assert_int_eq(run_d3d12info(args, output, sizeof(output)), 0);
    snprintf(driver, sizeof(driver), "%s, %s", module_path(), ADAPTER_DESCRIPTION);
    check_info_line(output, "Driver", driver);
    /* Without the option the built-in driver answers. */
    ck_assert_int_eq(run_d3d12info("", output, sizeof(output)), 0);
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
    tcase_add_test(tc, test_missing_fence_entry);
    tcase_add_test(tc, test_no_free_threading);
    tcase_add_test(tc, test_d3d12info_driver_option);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, NULL);
}
