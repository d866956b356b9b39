/*
 * d3d12rt-conformance: the project's device-level suites that use only the public API, run
 * against any driver (man/d3d12rt-conformance.1). The suites are the test programs' own
 * sources compiled with TEST_CONFORMANCE (their TEST_MAIN drops out); this main loads the
 * driver through the runtime's driver override (what d3d12info --driver uses, which no
 * test's scoped configuration file replaces), probes what the driver offers, runs each area
 * whose needs it meets and prints one table row per area.
 *
 * Skips: an area whose needs the probe does not find is skipped with the reason; inside an
 * area a test that needs what a driver may lack fails with a "skip: " message
 * (test_require in test_run.h), counted here as skipped, and as a failure in the project's
 * own suite, where the built-in driver must have everything.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async.h"
#include "test_compute_util.h"
#include "test_draw_util.h"
#include "test_probe.h"
#include "test_run.h"
#include "test_suites.h"
#include "rt_config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum conformance_need
{
    NEED_SHADERS = 0x1,         /* the driver creates a DXBC compute pipeline */
    NEED_MSAA = 0x2,            /* 4 samples of R8G8B8A8_UNORM render targets */
    NEED_QUERIES = 0x4,         /* occlusion and timestamp query heaps */
    NEED_DRIVER_LISTS = 0x8,    /* the driver records its lists: the tests check DDI calls while recording */
    NEED_ASYNC = 0x10,          /* dual-mode Async Commands suites: one mode per run */
};

struct conformance_area
{
    const char *name;
    Suite *(*suites[4])(void);
    unsigned int needs;
};

static const struct conformance_area conformance_areas[] =
{
    {"copies", {copy_suite}, 0},
    {"clears", {clear_suite}, 0},
    {"resolves", {resolve_suite}, NEED_MSAA},
    {"queries", {query_suite}, NEED_QUERIES | NEED_SHADERS | NEED_DRIVER_LISTS},
    {"fences", {fence_suite}, 0},
    {"barriers", {barrier_suite}, NEED_DRIVER_LISTS},
    {"render_passes", {render_pass_suite}, NEED_DRIVER_LISTS},
    {"draws", {draw_suite, draw_pixel_suite, draw_shader_suite, draw_sample_suite}, NEED_SHADERS},
    {"dispatches", {compute_dispatch_suite, compute_pipeline_suite}, NEED_SHADERS},
    {"async_copies", {async_copy_suite}, NEED_ASYNC | NEED_DRIVER_LISTS},
    {"async_fills", {async_fill_suite}, NEED_ASYNC | NEED_DRIVER_LISTS},
    {"async_fills_compute", {async_fill_compute_suite}, NEED_ASYNC | NEED_SHADERS | NEED_DRIVER_LISTS},
    {"async_resolves", {async_resolve_suite}, NEED_ASYNC | NEED_MSAA | NEED_QUERIES | NEED_DRIVER_LISTS},
    {"async_clear_textures", {async_clear_texture_suite}, NEED_ASYNC | NEED_DRIVER_LISTS},
    {"async_bound_clears", {async_bound_clear_suite}, NEED_ASYNC | NEED_SHADERS | NEED_DRIVER_LISTS},
    /* Dual-mode like the Async areas: its bound clear after ExecuteIndirect is one. */
    {"indirect", {indirect_suite}, NEED_ASYNC | NEED_SHADERS | NEED_DRIVER_LISTS},
};
#define AREA_COUNT (sizeof(conformance_areas) / sizeof(conformance_areas[0]))

/* What the probe found; `error` set when no device could be created at 11_0. */
struct conformance_probe
{
    HRESULT error;
    unsigned int has;           /* enum conformance_need bits */
    D3D12_ASYNC_COMMANDS_IMPL async_impl, async_impl_forced;
};

static D3D12_ASYNC_COMMANDS_IMPL probe_async(ID3D12Device *device)
{
    D3D12_FEATURE_DATA_ASYNC_COMMANDS data = {0};

    if (FAILED(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_ASYNC_COMMANDS, &data, sizeof(data))))
        return D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED;
    return data.Impl;
}

static void probe_device(struct conformance_probe *probe, bool forced)
{
    ID3D12Device *device;

    if (FAILED(probe->error = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&device)))
        return;
    if (forced)
    {
        probe->async_impl_forced = probe_async(device);
    }
    else
    {
        probe->async_impl = probe_async(device);
        probe->has = (test_probe_dxbc(device) ? NEED_SHADERS : 0) | (test_probe_msaa(device) ? NEED_MSAA : 0)
                | (test_probe_query_heaps(device) ? NEED_QUERIES : 0)
                | (test_probe_driver_lists(device) ? NEED_DRIVER_LISTS : 0);
    }
    ID3D12Device_Release(device);
}

/* Points D3D12RT_CONFIG at a new file forcing the fallback, as the async tests' fixture
 * does (test_config_guard is for tests only: it asserts with Check). */
static bool probe_force_fallback(char *path, size_t size)
{
    static const char contents[] = "[device]\nforce-async-commands-fallback = true\n";
    bool ok;
    int fd;

    snprintf(path, size, "/tmp/d3d12rt-conformance-XXXXXX");
    if ((fd = mkstemp(path)) < 0)
        return false;
    ok = write(fd, contents, sizeof(contents) - 1) == (ssize_t)sizeof(contents) - 1;
    close(fd);
    return ok && !setenv("D3D12RT_CONFIG", path, 1);
}

/* In a child process, as the tests run, so that the runner itself holds no driver state. */
static void conformance_probe_run(struct conformance_probe *probe)
{
    char path[64];
    int fds[2], status;
    pid_t pid;

    memset(probe, 0, sizeof(*probe));
    probe->error = E_FAIL;
    if (pipe(fds) || (pid = fork()) < 0)
        return;
    if (!pid)
    {
        close(fds[0]);
        probe_device(probe, false);
        if (SUCCEEDED(probe->error) && probe_force_fallback(path, sizeof(path)))
        {
            probe_device(probe, true);
            unlink(path);
        }
        _exit(write(fds[1], probe, sizeof(*probe)) == (ssize_t)sizeof(*probe) ? 0 : 1);
    }
    close(fds[1]);
    if (read(fds[0], probe, sizeof(*probe)) != (ssize_t)sizeof(*probe))
        probe->error = E_FAIL;
    close(fds[0]);
    waitpid(pid, &status, 0);
}

static const char *conformance_need_name(unsigned int need)
{
    switch (need)
    {
        case NEED_SHADERS: return "no DXBC compute pipeline";
        case NEED_MSAA: return "no 4x MSAA render targets";
        case NEED_QUERIES: return "no query heaps";
        case NEED_DRIVER_LISTS: return "no COMMANDLISTS cap (these tests watch DDI calls while recording)";
        default: return "?";
    }
}

/* Why the area cannot run on this driver in this mode, or NULL. */
static const char *conformance_area_skip(const struct conformance_area *area, const struct conformance_probe *probe,
                                         bool fallback)
{
    unsigned int missing = area->needs & ~probe->has & ~NEED_ASYNC, bit;

    for (bit = 1; missing; bit <<= 1)
    {
        if (missing & bit)
            return conformance_need_name(bit);
    }
    if (area->needs & NEED_ASYNC)
    {
        if (fallback && probe->async_impl_forced != D3D12_ASYNC_COMMANDS_IMPL_FALLBACK)
            return "no Async Commands fallback (Enhanced Barriers?)";
        if (!fallback && probe->async_impl != D3D12_ASYNC_COMMANDS_IMPL_NATIVE)
            return "no native Async Commands (--fallback runs them)";
    }
    return NULL;
}

static bool conformance_filter_match(const char *filter, const char *name)
{
    const char *word;
    size_t length;

    if (!filter)
        return true;
    for (word = filter; *word; word += length + (word[length] == ','))
    {
        length = strcspn(word, ",");
        if (length && strlen(name) >= length && !strncmp(name, word, length))
            return true;
    }
    return false;
}

struct conformance_counts
{
    unsigned int passed, failed, skipped;
};

/* Runs one area's suites in the run's mode; prints each failure and skip reason. */
static void conformance_area_run(const struct conformance_area *area, bool fallback,
                                 struct conformance_counts *counts)
{
    size_t skip_length = strlen(TEST_SKIP_PREFIX);
    SRunner *runner = srunner_create(area->suites[0]());
    TestResult **results;
    unsigned int i;
    int count;

    for (i = 1; i < sizeof(area->suites) / sizeof(area->suites[0]) && area->suites[i]; ++i)
        srunner_add_suite(runner, area->suites[i]());
    srunner_run_tagged(runner, NULL, NULL, NULL, fallback ? ASYNC_TAG_NATIVE : ASYNC_TAG_FALLBACK, CK_SILENT);
    count = srunner_ntests_run(runner);
    results = srunner_results(runner);
    for (i = 0; i < (unsigned int)count; ++i)
    {
        const char *message = tr_msg(results[i]);

        if (tr_rtype(results[i]) == CK_PASS)
        {
            ++counts->passed;
        }
        else if (message && !strncmp(message, TEST_SKIP_PREFIX, skip_length))
        {
            ++counts->skipped;
            printf("  skip %s: %s (%s:%d): %s\n", area->name, tr_tcname(results[i]), tr_lfile(results[i]),
                   tr_lno(results[i]), message + skip_length);
        }
        else
        {
            ++counts->failed;
            printf("  FAIL %s: %s (%s:%d): %s\n", area->name, tr_tcname(results[i]), tr_lfile(results[i]),
                   tr_lno(results[i]), message ? message : "");
        }
    }
    free(results);
    srunner_free(runner);
}

static int conformance_usage(FILE *out, int status)
{
    unsigned int i;

    fprintf(out, "usage: d3d12rt-conformance [--driver PATH] [--fallback] [--filter AREA[,AREA...]]\n"
            "areas:");
    for (i = 0; i < AREA_COUNT; ++i)
        fprintf(out, " %s", conformance_areas[i].name);
    fprintf(out, "\n");
    return status;
}

int main(int argc, char **argv)
{
    struct conformance_counts total = {0}, counts[AREA_COUNT] = {{0}};
    const char *driver = NULL, *filter = NULL;
    unsigned int areas_skipped = 0;
    bool ran[AREA_COUNT];
    struct conformance_probe probe;
    bool fallback = false;
    unsigned int i;
    int arg;

    for (arg = 1; arg < argc; ++arg)
    {
        if (!strcmp(argv[arg], "--driver") && arg + 1 < argc)
            driver = argv[++arg];
        else if (!strcmp(argv[arg], "--filter") && arg + 1 < argc)
            filter = argv[++arg];
        else if (!strcmp(argv[arg], "--fallback"))
            fallback = true;
        else if (!strcmp(argv[arg], "--help") || !strcmp(argv[arg], "-h"))
            return conformance_usage(stdout, EXIT_SUCCESS);
        else
            return conformance_usage(stderr, 2);
    }
    /* As the project's suite runs: no user configuration file, a test per process, the
     * device tests' time budget. */
    setenv("D3D12RT_CONFIG", "/nonexistent/d3d12rt-conformance.ini", 1);
    setenv("CK_FORK", "yes", 1);
    setenv("CK_DEFAULT_TIMEOUT", "120", 0);
    rt_config_set_driver_override(driver);

    conformance_probe_run(&probe);
    printf("driver: %s, %s mode\n", driver ? driver : "agx_umd (built-in)", fallback ? "fallback" : "native");
    if (FAILED(probe.error))
    {
        printf("D3D12CreateDevice(11_0) failed (0x%08x): nothing to run\n0 passed, 1 failed\n",
               (unsigned int)probe.error);
        return EXIT_FAILURE;
    }
    for (i = 0; i < AREA_COUNT; ++i)
    {
        if (!(ran[i] = conformance_filter_match(filter, conformance_areas[i].name)
                && !conformance_area_skip(&conformance_areas[i], &probe, fallback)))
            continue;
        conformance_area_run(&conformance_areas[i], fallback, &counts[i]);
        fflush(stdout);
        total.passed += counts[i].passed;
        total.failed += counts[i].failed;
        total.skipped += counts[i].skipped;
    }
    printf("%-22s %7s %7s %7s\n", "area", "passed", "failed", "skipped");
    for (i = 0; i < AREA_COUNT; ++i)
    {
        const struct conformance_area *area = &conformance_areas[i];

        if (ran[i])
        {
            printf("%-22s %7u %7u %7u\n", area->name, counts[i].passed, counts[i].failed, counts[i].skipped);
        }
        else if (conformance_filter_match(filter, area->name))
        {
            printf("%-22s %7s %7s %7s  the driver has %s\n", area->name, "-", "-", "all",
                   conformance_area_skip(area, &probe, fallback));
            ++areas_skipped;
        }
    }
    printf("%u tests skipped, %u areas skipped\n%u passed, %u failed\n", total.skipped, areas_skipped, total.passed,
           total.failed);
    return total.failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
