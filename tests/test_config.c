/*
 * The configuration file: path resolution, parsing, the write side and the
 * d3dconfig tool end to end (the tool's path comes from argv[1] or
 * $D3DCONFIG_BIN; without either its tests are not run). Also the platform
 * module the configuration and the loader sit on.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* setenv, mkdtemp, environ in strict C11 */
#endif

#include "rt_config.h"
#include "rt_platform.h"
#include "util/test_config_guard.h"
#include "test_run.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define FORCE "force-async-commands-fallback"
#define TIMEOUT "gpu-timeout-ms"

static const char *tool_path;

/* Reads a whole small file into a NUL-terminated buffer the caller frees. */
static char *read_file(const char *path)
{
    FILE *file = fopen(path, "r");
    size_t len = 0, n;
    char *data = NULL;

    ck_assert_msg(file != NULL, "open %s: %s", path, strerror(errno));
    do
    {
        ck_assert_ptr_nonnull(data = realloc(data, len + 4097));
        n = fread(data + len, 1, 4096, file);
        len += n;
    } while (n);
    ck_assert(!ferror(file));
    data[len] = '\0';
    fclose(file);
    return data;
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
    ck_assert_int_ge(fd = mkstemp(capture->path), 0);
    fflush(stderr);
    ck_assert_int_ge(capture->saved_fd = dup(STDERR_FILENO), 0);
    ck_assert_int_ge(dup2(fd, STDERR_FILENO), 0);
    close(fd);
}

static char *capture_end(struct capture *capture)
{
    char *text;

    fflush(stderr);
    ck_assert_int_ge(dup2(capture->saved_fd, STDERR_FILENO), 0);
    close(capture->saved_fd);
    text = read_file(capture->path);
    unlink(capture->path);
    return text;
}

static unsigned int count_lines(const char *text)
{
    unsigned int n = 0;

    for (; *text; ++text)
        n += *text == '\n';
    return n;
}

/* Loads contents through a guard; returns what was printed on stderr. */
static char *load_contents(const char *contents, struct rt_config *cfg,
        struct test_config_guard *guard)
{
    struct capture capture;

    test_config_guard_begin(guard, contents);
    capture_begin(&capture);
    rt_config_load(cfg);
    return capture_end(&capture);
}

/* "d3d12rt: config: PATH:LINE: " */
static void assert_warning_at(const char *warnings, const char *path, unsigned int line,
        const char *what)
{
    char prefix[256];

    snprintf(prefix, sizeof(prefix), "d3d12rt: config: %s:%u: %s", path, line, what);
    ck_assert_msg(strstr(warnings, prefix) != NULL, "expected '%s' in '%s'", prefix, warnings);
}

static void unset_all(void)
{
    unsetenv("D3D12RT_CONFIG");
    unsetenv("XDG_CONFIG_HOME");
    unsetenv("HOME");
}

START_TEST(resolve_order)
{
    char path[RT_CONFIG_PATH_MAX];

    unset_all();
    setenv("HOME", "/home/u", 1);
    ck_assert_int_eq(rt_config_resolve_path(path, sizeof(path)), 0);
    ck_assert_str_eq(path, "/home/u/.config/d3d12rt/d3dconfig.ini");

    setenv("XDG_CONFIG_HOME", "/xdg", 1);
    ck_assert_int_eq(rt_config_resolve_path(path, sizeof(path)), 0);
    ck_assert_str_eq(path, "/xdg/d3d12rt/d3dconfig.ini");

    setenv("D3D12RT_CONFIG", "/etc/custom.ini", 1);
    ck_assert_int_eq(rt_config_resolve_path(path, sizeof(path)), 0);
    ck_assert_str_eq(path, "/etc/custom.ini");
}
END_TEST

START_TEST(resolve_skips_empty_and_relative)
{
    char path[RT_CONFIG_PATH_MAX];

    unset_all();
    setenv("D3D12RT_CONFIG", "", 1);
    setenv("XDG_CONFIG_HOME", "relative/dir", 1);
    setenv("HOME", "/home/u", 1);
    ck_assert_int_eq(rt_config_resolve_path(path, sizeof(path)), 0);
    ck_assert_str_eq(path, "/home/u/.config/d3d12rt/d3dconfig.ini");
}
END_TEST

START_TEST(resolve_none)
{
    char path[RT_CONFIG_PATH_MAX];
    struct rt_config cfg;

    unset_all();
    ck_assert_int_eq(rt_config_resolve_path(path, sizeof(path)), -1);
    setenv("HOME", "", 1);
    ck_assert_int_eq(rt_config_resolve_path(path, sizeof(path)), -1);
    rt_config_load(&cfg);
    ck_assert(!cfg.file_found);
    ck_assert(!cfg.force_async_commands_fallback);
    ck_assert_str_eq(cfg.source_path, "");
}
END_TEST

START_TEST(resolve_too_long)
{
    char path[16];

    unset_all();
    setenv("HOME", "/home/u", 1);
    ck_assert_int_eq(rt_config_resolve_path(path, sizeof(path)), -1);
    setenv("D3D12RT_CONFIG", "/0123456789abcdef", 1);
    ck_assert_int_eq(rt_config_resolve_path(path, sizeof(path)), -1);
}
END_TEST

START_TEST(missing_file_defaults)
{
    struct test_config_guard guard;
    struct rt_config cfg;
    char *warnings = load_contents(NULL, &cfg, &guard);

    ck_assert_str_eq(warnings, "");
    ck_assert(!cfg.file_found);
    ck_assert(!cfg.file_valid);
    ck_assert(!cfg.force_async_commands_fallback);
    ck_assert_str_eq(cfg.driver_path, "");
    ck_assert_str_eq(cfg.source_path, guard.path);
    free(warnings);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(force_true_false)
{
    struct test_config_guard guard;
    struct rt_config cfg;
    char *warnings;

    warnings = load_contents("[device]\n" FORCE " = true\n", &cfg, &guard);
    ck_assert_str_eq(warnings, "");
    ck_assert(cfg.file_found && cfg.file_valid);
    ck_assert(cfg.force_async_commands_fallback);
    free(warnings);
    test_config_guard_end(&guard);

    warnings = load_contents("[device]\n" FORCE " = false\n", &cfg, &guard);
    ck_assert_str_eq(warnings, "");
    ck_assert(cfg.file_found && cfg.file_valid);
    ck_assert(!cfg.force_async_commands_fallback);
    free(warnings);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(comments_blanks_and_crlf)
{
    struct test_config_guard guard;
    struct rt_config cfg;
    char *warnings = load_contents("\xef\xbb\xbf; comment\r\n# another\n\n  [ device ]  \r\n"
            "\t" FORCE "\t=\ttrue \r\n", &cfg, &guard);

    ck_assert_str_eq(warnings, "");
    ck_assert(cfg.file_valid);
    ck_assert(cfg.force_async_commands_fallback);
    free(warnings);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(later_duplicate_wins)
{
    struct test_config_guard guard;
    struct rt_config cfg;
    char *warnings = load_contents("[device]\n" FORCE " = true\n[driver]\npath = /a.so\n"
            "[device]\n" FORCE " = false\n", &cfg, &guard);

    ck_assert_str_eq(warnings, "");
    ck_assert(cfg.file_valid);
    ck_assert(!cfg.force_async_commands_fallback);
    ck_assert_str_eq(cfg.driver_path, "/a.so");
    free(warnings);
    test_config_guard_end(&guard);
}
END_TEST

static char *long_path(size_t len)
{
    char *path = malloc(len + 1);
    size_t i;

    ck_assert_ptr_nonnull(path);
    for (i = 0; i < len; ++i)
        path[i] = i % 16 ? 'a' + (char)(i % 26) : '/';
    memcpy(path + len - 3, ".so", 3);
    path[len] = '\0';
    return path;
}

START_TEST(driver_path_long)
{
    static const size_t lengths[] = {201, 300, 1000, RT_CONFIG_PATH_MAX - 1};
    struct test_config_guard guard;
    char *path, *contents, *warnings;
    struct rt_config cfg;
    size_t i;

    for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); ++i)
    {
        path = long_path(lengths[i]);
        ck_assert_int_ge(asprintf(&contents, "[device]\n" FORCE " = true\n[driver]\npath = %s\n",
                path), 0);
        warnings = load_contents(contents, &cfg, &guard);
        ck_assert_str_eq(warnings, "");
        ck_assert(cfg.file_valid);
        ck_assert_uint_eq(strlen(cfg.driver_path), lengths[i]);
        ck_assert_str_eq(cfg.driver_path, path);
        ck_assert(cfg.force_async_commands_fallback);
        free(warnings);
        free(contents);
        free(path);
        test_config_guard_end(&guard);
    }
}
END_TEST

START_TEST(driver_path_too_long)
{
    struct test_config_guard guard;
    char *path = long_path(RT_CONFIG_PATH_MAX), *contents, *warnings;
    struct rt_config cfg;

    ck_assert_int_ge(asprintf(&contents, "[device]\n" FORCE " = true\n[driver]\npath = %s\n",
            path), 0);
    warnings = load_contents(contents, &cfg, &guard);
    assert_warning_at(warnings, guard.path, 4, "bad value '/");
    ck_assert_ptr_nonnull(strstr(warnings, "the whole file is ignored"));
    ck_assert(cfg.file_found && !cfg.file_valid);
    ck_assert(!cfg.force_async_commands_fallback);
    ck_assert_str_eq(cfg.driver_path, "");
    free(warnings);
    free(contents);
    free(path);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(driver_path_literal)
{
    struct test_config_guard guard;
    struct rt_config cfg;
    char *warnings = load_contents("[driver]\npath = /opt/a ;b #c/umd.so  \n", &cfg, &guard);

    ck_assert_str_eq(warnings, "");
    ck_assert(cfg.file_valid);
    ck_assert_str_eq(cfg.driver_path, "/opt/a ;b #c/umd.so");
    free(warnings);
    test_config_guard_end(&guard);

    warnings = load_contents("[driver]\npath =\n", &cfg, &guard);
    ck_assert_str_eq(warnings, "");
    ck_assert(cfg.file_valid);
    ck_assert_str_eq(cfg.driver_path, "");
    free(warnings);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(unknown_key_warns_keeps_rest)
{
    struct test_config_guard guard;
    struct rt_config cfg;
    char *warnings = load_contents("[device]\nbogus-key = 1\n" FORCE " = true\n"
            "[driver]\npath = /x/umd.so\n", &cfg, &guard);

    assert_warning_at(warnings, guard.path, 2, "unknown key 'bogus-key' in [device], ignored");
    ck_assert_uint_eq(count_lines(warnings), 1);
    ck_assert(cfg.file_valid);
    ck_assert(cfg.force_async_commands_fallback);
    ck_assert_str_eq(cfg.driver_path, "/x/umd.so");
    free(warnings);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(unknown_section_warns_once)
{
    struct test_config_guard guard;
    struct rt_config cfg;
    char *warnings = load_contents("[gpu]\nclock = fast\nvoltage = high\n[device]\n"
            FORCE " = true\n", &cfg, &guard);

    assert_warning_at(warnings, guard.path, 1, "unknown section [gpu], its keys are ignored");
    ck_assert_uint_eq(count_lines(warnings), 1);
    ck_assert(cfg.file_valid);
    ck_assert(cfg.force_async_commands_fallback);
    free(warnings);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(key_outside_section_warns)
{
    struct test_config_guard guard;
    struct rt_config cfg;
    char *warnings = load_contents("; top\n" FORCE " = true\n[device]\n" FORCE " = true\n",
            &cfg, &guard);

    assert_warning_at(warnings, guard.path, 2, "key '" FORCE "' outside any section, ignored");
    ck_assert(cfg.file_valid);
    ck_assert(cfg.force_async_commands_fallback);
    free(warnings);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(malformed_line_ignores_file)
{
    static const char *const bad_lines[] = {
        "garbage line", "[device", "[]", "[dev ice]", "= true", "two words = x",
    };
    struct test_config_guard guard;
    char *contents, *warnings;
    struct rt_config cfg;
    size_t i;

    for (i = 0; i < sizeof(bad_lines) / sizeof(bad_lines[0]); ++i)
    {
        ck_assert_int_ge(asprintf(&contents, "[device]\n" FORCE " = true\n[driver]\n"
                "path = /a.so\n%s\n", bad_lines[i]), 0);
        warnings = load_contents(contents, &cfg, &guard);
        assert_warning_at(warnings, guard.path, 5, "malformed line");
        ck_assert_ptr_nonnull(strstr(warnings, "the whole file is ignored"));
        ck_assert(cfg.file_found && !cfg.file_valid);
        ck_assert(!cfg.force_async_commands_fallback);
        ck_assert_str_eq(cfg.driver_path, "");
        free(warnings);
        free(contents);
        test_config_guard_end(&guard);
    }
}
END_TEST

START_TEST(bad_value_ignores_file)
{
    static const char *const bad_values[] = {"yes", "1", "0", "TRUE", "True", "", "true false"};
    struct test_config_guard guard;
    char *contents, *warnings;
    struct rt_config cfg;
    size_t i;

    for (i = 0; i < sizeof(bad_values) / sizeof(bad_values[0]); ++i)
    {
        ck_assert_int_ge(asprintf(&contents, "[driver]\npath = /a.so\n[device]\n"
                FORCE " = %s\n", bad_values[i]), 0);
        warnings = load_contents(contents, &cfg, &guard);
        assert_warning_at(warnings, guard.path, 4, "bad value");
        ck_assert_ptr_nonnull(strstr(warnings, "expected true or false"));
        ck_assert(cfg.file_found && !cfg.file_valid);
        ck_assert(!cfg.force_async_commands_fallback);
        ck_assert_str_eq(cfg.driver_path, "");
        free(warnings);
        free(contents);
        test_config_guard_end(&guard);
    }
}
END_TEST

START_TEST(overlong_line_ignores_file)
{
    struct test_config_guard guard;
    char *contents, *warnings;
    struct rt_config cfg;

    ck_assert_int_ge(asprintf(&contents, "[device]\n" FORCE " = true\n;%*s\n",
            RT_CONFIG_LINE_MAX, "x"), 0);
    warnings = load_contents(contents, &cfg, &guard);
    assert_warning_at(warnings, guard.path, 3, "line longer than 8192 bytes");
    ck_assert(cfg.file_found && !cfg.file_valid);
    ck_assert(!cfg.force_async_commands_fallback);
    free(warnings);
    free(contents);
    test_config_guard_end(&guard);

    /* Exactly RT_CONFIG_LINE_MAX characters is still a line. */
    ck_assert_int_ge(asprintf(&contents, "[device]\n" FORCE " = true\n;%*s\n",
            RT_CONFIG_LINE_MAX - 1, "x"), 0);
    warnings = load_contents(contents, &cfg, &guard);
    ck_assert_str_eq(warnings, "");
    ck_assert(cfg.file_valid && cfg.force_async_commands_fallback);
    free(warnings);
    free(contents);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(unreadable_file_defaults)
{
    char dir[] = "/tmp/d3d12rt-dir-XXXXXX";
    struct capture capture;
    struct rt_config cfg;
    char *warnings;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    setenv("D3D12RT_CONFIG", dir, 1);
    capture_begin(&capture);
    rt_config_load(&cfg);
    warnings = capture_end(&capture);
    ck_assert_ptr_nonnull(strstr(warnings, "d3d12rt: config: "));
    ck_assert(cfg.file_found && !cfg.file_valid);
    ck_assert(!cfg.force_async_commands_fallback);
    free(warnings);
    rmdir(dir);
}
END_TEST

/* The watchdog's budget: 2000 ms unless the file or D3D12RT_GPU_TIMEOUT_MS says
 * otherwise; the variable wins over the file, and an invalid one is ignored. */
START_TEST(gpu_timeout)
{
    struct test_config_guard guard;
    struct rt_config cfg;
    char *warnings;

    unsetenv("D3D12RT_GPU_TIMEOUT_MS");
    warnings = load_contents(NULL, &cfg, &guard);
    ck_assert_uint_eq(cfg.gpu_timeout_ms, 2000);
    free(warnings);
    test_config_guard_end(&guard);

    warnings = load_contents("[device]\n" TIMEOUT " = 0\n", &cfg, &guard);
    ck_assert_str_eq(warnings, "");
    ck_assert(cfg.file_valid);
    ck_assert_uint_eq(cfg.gpu_timeout_ms, 0);
    free(warnings);
    test_config_guard_end(&guard);

    warnings = load_contents("[device]\n" TIMEOUT " = 3600000\n", &cfg, &guard);
    ck_assert_uint_eq(cfg.gpu_timeout_ms, 3600000);
    free(warnings);
    setenv("D3D12RT_GPU_TIMEOUT_MS", "250", 1);
    rt_config_load(&cfg);
    ck_assert_uint_eq(cfg.gpu_timeout_ms, 250);
    test_config_guard_end(&guard);
    setenv("D3D12RT_GPU_TIMEOUT_MS", "-1", 1);
    warnings = load_contents("[device]\n" TIMEOUT " = 40\n", &cfg, &guard);
    ck_assert_uint_eq(cfg.gpu_timeout_ms, 40);
    ck_assert_ptr_nonnull(strstr(warnings, "d3d12rt: config: D3D12RT_GPU_TIMEOUT_MS=-1 is not milliseconds"));
    free(warnings);
    unsetenv("D3D12RT_GPU_TIMEOUT_MS");
    test_config_guard_end(&guard);

    /* A bad value in the file ignores the whole file, as for every key. */
    warnings = load_contents("[device]\n" TIMEOUT " = 3600001\n", &cfg, &guard);
    ck_assert(cfg.file_found && !cfg.file_valid);
    ck_assert_uint_eq(cfg.gpu_timeout_ms, 2000);
    free(warnings);
    test_config_guard_end(&guard);

    ck_assert_int_eq(rt_config_check("device", TIMEOUT, "0"), RT_CONFIG_CHECK_OK);
    ck_assert_int_eq(rt_config_check("device", TIMEOUT, "0002000"), RT_CONFIG_CHECK_OK);
    ck_assert_int_eq(rt_config_check("device", TIMEOUT, ""), RT_CONFIG_CHECK_BAD_VALUE);
    ck_assert_int_eq(rt_config_check("device", TIMEOUT, "1e3"), RT_CONFIG_CHECK_BAD_VALUE);
    ck_assert_int_eq(rt_config_check("device", TIMEOUT, "+5"), RT_CONFIG_CHECK_BAD_VALUE);
    ck_assert_int_eq(rt_config_check("device", TIMEOUT, "99999999999999999999"), RT_CONFIG_CHECK_BAD_VALUE);
}
END_TEST

/* A FIFO (or anything not a regular file) is refused at once, without waiting for a
 * writer that never comes. */
START_TEST(fifo_is_refused)
{
    char dir[] = "/tmp/d3d12rt-dir-XXXXXX", path[64];
    struct capture capture;
    struct rt_config cfg;
    char *warnings;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof(path), "%s/fifo", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    setenv("D3D12RT_CONFIG", path, 1);
    unsetenv("D3D12RT_GPU_TIMEOUT_MS");   /* the defaults, whatever the run's environment says */
    capture_begin(&capture);
    rt_config_load(&cfg);
    warnings = capture_end(&capture);
    ck_assert_ptr_nonnull(strstr(warnings, "not a regular file; using defaults"));
    ck_assert(cfg.file_found && !cfg.file_valid);
    ck_assert_uint_eq(cfg.gpu_timeout_ms, 2000);
    free(warnings);
    unlink(path);
    rmdir(dir);
}
END_TEST

START_TEST(check_values)
{
    ck_assert_int_eq(rt_config_check("device", FORCE, "true"), RT_CONFIG_CHECK_OK);
    ck_assert_int_eq(rt_config_check("device", FORCE, "false"), RT_CONFIG_CHECK_OK);
    ck_assert_int_eq(rt_config_check("device", FORCE, NULL), RT_CONFIG_CHECK_OK);
    ck_assert_int_eq(rt_config_check("device", FORCE, "1"), RT_CONFIG_CHECK_BAD_VALUE);
    ck_assert_int_eq(rt_config_check("device", FORCE, " true"), RT_CONFIG_CHECK_BAD_VALUE);
    ck_assert_int_eq(rt_config_check("device", "path", "/a"), RT_CONFIG_CHECK_UNKNOWN_KEY);
    ck_assert_int_eq(rt_config_check("gpu", FORCE, "true"), RT_CONFIG_CHECK_UNKNOWN_SECTION);
    ck_assert_int_eq(rt_config_check("driver", "path", ""), RT_CONFIG_CHECK_OK);
    ck_assert_int_eq(rt_config_check("driver", "path", "/a\nb"), RT_CONFIG_CHECK_BAD_VALUE);
    ck_assert_int_eq(rt_config_check("driver", "path", "/a "), RT_CONFIG_CHECK_BAD_VALUE);
    ck_assert(rt_config_section_known("device"));
    ck_assert(rt_config_section_known("driver"));
    ck_assert(!rt_config_section_known("Device"));
}
END_TEST

static void assert_set(const char *path, const char *section, const char *key,
        const char *value)
{
    char err[256] = "";

    ck_assert_msg(rt_config_set_value(path, section, key, value, err, sizeof(err)) == 0,
            "set failed: %s", err);
}

static void assert_file_is(const char *path, const char *expected)
{
    char *text = read_file(path);

    ck_assert_str_eq(text, expected);
    free(text);
}

START_TEST(set_creates_file_and_parents)
{
    char dir[] = "/tmp/d3d12rt-dir-XXXXXX", path[128], sub[128];
    struct rt_config cfg;
    struct stat st;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof(path), "%s/a/b/d3dconfig.ini", dir);
    assert_set(path, "device", FORCE, "true");
    assert_file_is(path, "; d3d12rt configuration (see d3dconfig --help)\n\n"
            "[device]\n" FORCE " = true\n");
    snprintf(sub, sizeof(sub), "%s/a/b", dir);
    ck_assert_int_eq(stat(sub, &st), 0);
    ck_assert_uint_eq(st.st_mode & 0777, 0700);

    /* Write then load: the round trip. */
    setenv("D3D12RT_CONFIG", path, 1);
    rt_config_load(&cfg);
    ck_assert(cfg.file_valid && cfg.force_async_commands_fallback);
    assert_set(path, "driver", "path", "/opt/umd.so");
    assert_set(path, "device", FORCE, "false");
    rt_config_load(&cfg);
    ck_assert(cfg.file_valid && !cfg.force_async_commands_fallback);
    ck_assert_str_eq(cfg.driver_path, "/opt/umd.so");

    unlink(path);
    rmdir(sub);
    snprintf(sub, sizeof(sub), "%s/a", dir);
    rmdir(sub);
    rmdir(dir);
}
END_TEST

START_TEST(set_preserves_other_lines)
{
    struct test_config_guard guard;

    test_config_guard_begin(&guard, "; top comment\n[driver]\npath = /x.so\n\n"
            "; device section\n[device]\n# note\n" FORCE " = false ; old\n"
            FORCE "=false\n[gpu]\nclock = fast\n");
    assert_set(guard.path, "device", FORCE, "true");
    assert_file_is(guard.path, "; top comment\n[driver]\npath = /x.so\n\n"
            "; device section\n[device]\n# note\n" FORCE " = true\n[gpu]\nclock = fast\n");
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(set_adds_key_to_section)
{
    struct test_config_guard guard;

    test_config_guard_begin(&guard, "[device]\n; about the driver\n\n[driver]\npath = /a.so\n");
    assert_set(guard.path, "device", FORCE, "true");
    assert_file_is(guard.path, "[device]\n" FORCE " = true\n; about the driver\n\n"
            "[driver]\npath = /a.so\n");
    test_config_guard_end(&guard);

    test_config_guard_begin(&guard, "[driver]\nother = 1\n\n[device]\n");
    assert_set(guard.path, "driver", "path", "/b.so");
    assert_file_is(guard.path, "[driver]\nother = 1\npath = /b.so\n\n[device]\n");
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(set_appends_section)
{
    struct test_config_guard guard;

    test_config_guard_begin(&guard, "[device]\n" FORCE " = true");
    assert_set(guard.path, "driver", "path", "/u.so");
    assert_file_is(guard.path, "[device]\n" FORCE " = true\n\n[driver]\npath = /u.so\n");
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(set_keeps_mode_and_link)
{
    struct test_config_guard guard;
    char link[80];
    struct stat st;

    test_config_guard_begin(&guard, "[device]\n" FORCE " = false\n");
    ck_assert_int_eq(chmod(guard.path, 0640), 0);
    snprintf(link, sizeof(link), "%s.link", guard.path);
    ck_assert_int_eq(symlink(guard.path, link), 0);
    assert_set(link, "device", FORCE, "true");
    ck_assert_int_eq(lstat(link, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    ck_assert_int_eq(stat(guard.path, &st), 0);
    ck_assert_uint_eq(st.st_mode & 0777, 0640);
    assert_file_is(guard.path, "[device]\n" FORCE " = true\n");
    unlink(link);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(set_unwritable_fails)
{
    char err[256] = "";
    struct test_config_guard guard;
    char path[96];

    /* A regular file where a directory should be. */
    test_config_guard_begin(&guard, "");
    snprintf(path, sizeof(path), "%s/sub/d3dconfig.ini", guard.path);
    ck_assert_int_eq(rt_config_set_value(path, "device", FORCE, "true", err, sizeof(err)), -1);
    ck_assert_ptr_nonnull(strstr(err, "Not a directory"));
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(print_section)
{
    struct rt_config cfg;
    char *text = NULL;
    size_t len = 0;
    FILE *out;

    memset(&cfg, 0, sizeof(cfg));
    cfg.force_async_commands_fallback = true;
    cfg.gpu_timeout_ms = 1500;
    snprintf(cfg.driver_path, sizeof(cfg.driver_path), "/d/umd.so");
    ck_assert_ptr_nonnull(out = open_memstream(&text, &len));
    ck_assert_int_eq(rt_config_print_section(out, &cfg, "device"), 0);
    ck_assert_int_eq(rt_config_print_section(out, &cfg, "driver"), 0);
    ck_assert_int_eq(rt_config_print_section(out, &cfg, "gpu"), -1);
    fclose(out);
    ck_assert_str_eq(text, FORCE "=true\n" TIMEOUT "=1500\npath=/d/umd.so\n");
    free(text);
}
END_TEST

START_TEST(remove_file)
{
    struct test_config_guard guard;
    char err[256] = "";

    test_config_guard_begin(&guard, "[device]\n");
    ck_assert_int_eq(rt_config_remove(guard.path, err, sizeof(err)), 0);
    ck_assert_int_eq(access(guard.path, F_OK), -1);
    ck_assert_int_eq(rt_config_remove(guard.path, err, sizeof(err)), 0);
    test_config_guard_end(&guard);
}
END_TEST

/* Runs the d3dconfig binary; stdout and stderr come back in *out and *err. */
static int run_tool(const char *const *args, char **out, char **err)
{
    char out_path[] = "/tmp/d3d12rt-out-XXXXXX", err_path[] = "/tmp/d3d12rt-err-XXXXXX";
    char *argv[8];
    posix_spawn_file_actions_t actions;
    int status, out_fd, err_fd;
    size_t i;
    pid_t pid;

    argv[0] = (char *)tool_path;
    for (i = 0; args[i]; ++i)
    {
        ck_assert_uint_lt(i + 2, sizeof(argv) / sizeof(argv[0]));
        argv[i + 1] = (char *)args[i];
    }
    argv[i + 1] = NULL;
    ck_assert_int_ge(out_fd = mkstemp(out_path), 0);
    ck_assert_int_ge(err_fd = mkstemp(err_path), 0);
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err_fd, STDERR_FILENO);
    ck_assert_int_eq(posix_spawn(&pid, tool_path, &actions, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    close(out_fd);
    close(err_fd);
    *out = read_file(out_path);
    *err = read_file(err_path);
    unlink(out_path);
    unlink(err_path);
    ck_assert(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* Runs the tool and checks its status; the outputs are freed unless wanted. */
static void expect_tool(int status, const char *const *args, const char *out_expected)
{
    char *out, *err;
    int got = run_tool(args, &out, &err);

    ck_assert_msg(got == status, "%s %s: status %d, want %d; stderr: %s", args[0],
            args[1] ? args[1] : "", got, status, err);
    if (out_expected)
        ck_assert_str_eq(out, out_expected);
    if (status)
        ck_assert_msg(strlen(err) > 0, "no message for status %d", status);
    free(out);
    free(err);
}

START_TEST(tool_round_trip)
{
    struct test_config_guard guard;
    struct rt_config cfg;
    char wrote[128];

    test_config_guard_begin(&guard, NULL);
    snprintf(wrote, sizeof(wrote), "wrote %s\n", guard.path);
    expect_tool(0, (const char *const[]){"device", FORCE "=true", NULL}, wrote);
    rt_config_load(&cfg);
    ck_assert(cfg.file_valid && cfg.force_async_commands_fallback);
    expect_tool(0, (const char *const[]){"device", NULL}, FORCE "=true\n" TIMEOUT "=2000\n");

    expect_tool(0, (const char *const[]){"driver", "path=/x/y.so", NULL}, wrote);
    expect_tool(0, (const char *const[]){"driver", NULL}, "path=/x/y.so\n");
    expect_tool(0, (const char *const[]){"device", FORCE "=false", NULL}, wrote);
    rt_config_load(&cfg);
    ck_assert(cfg.file_valid && !cfg.force_async_commands_fallback);
    ck_assert_str_eq(cfg.driver_path, "/x/y.so");
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(tool_relative_driver_path)
{
    struct test_config_guard guard;
    char cwd[RT_CONFIG_PATH_MAX], expected[RT_CONFIG_PATH_MAX + 32];
    struct rt_config cfg;

    test_config_guard_begin(&guard, NULL);
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof(cwd)));
    expect_tool(0, (const char *const[]){"driver", "path=build/umd.so", NULL}, NULL);
    rt_config_load(&cfg);
    snprintf(expected, sizeof(expected), "%s/build/umd.so", cwd);
    ck_assert_str_eq(cfg.driver_path, expected);
    /* A bare name is left to the loader's search. */
    expect_tool(0, (const char *const[]){"driver", "path=libumd.so", NULL}, NULL);
    rt_config_load(&cfg);
    ck_assert_str_eq(cfg.driver_path, "libumd.so");
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(tool_reset)
{
    struct test_config_guard guard;
    char expected[128];

    test_config_guard_begin(&guard, "[device]\n" FORCE " = true\n");
    snprintf(expected, sizeof(expected), "removed %s\n", guard.path);
    expect_tool(0, (const char *const[]){"--reset", NULL}, expected);
    ck_assert_int_eq(access(guard.path, F_OK), -1);
    snprintf(expected, sizeof(expected), "no file at %s\n", guard.path);
    expect_tool(0, (const char *const[]){"--reset", NULL}, expected);
    expect_tool(0, (const char *const[]){"device", NULL}, FORCE "=false\n" TIMEOUT "=2000\n");
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(tool_usage_errors)
{
    struct test_config_guard guard;

    test_config_guard_begin(&guard, NULL);
    expect_tool(2, (const char *const[]){NULL}, "");
    expect_tool(2, (const char *const[]){"gpu", NULL}, "");
    expect_tool(2, (const char *const[]){"gpu", "clock=fast", NULL}, "");
    expect_tool(2, (const char *const[]){"device", "bogus=true", NULL}, "");
    expect_tool(2, (const char *const[]){"device", FORCE "=yes", NULL}, "");
    expect_tool(2, (const char *const[]){"device", FORCE, NULL}, "");
    expect_tool(2, (const char *const[]){"device", FORCE "=true", "bogus=1", NULL}, "");
    expect_tool(2, (const char *const[]){"--bogus", NULL}, "");
    expect_tool(2, (const char *const[]){"--reset", "device", NULL}, "");
    /* Nothing was written by any of them. */
    ck_assert_int_eq(access(guard.path, F_OK), -1);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(tool_help)
{
    char *out, *err;

    ck_assert_int_eq(run_tool((const char *const[]){"--help", NULL}, &out, &err), 0);
    ck_assert_ptr_nonnull(strstr(out, "device " FORCE "=true|false"));
    ck_assert_ptr_nonnull(strstr(out, "driver path=PATH"));
    ck_assert_ptr_nonnull(strstr(out, "--reset"));
    ck_assert_str_eq(err, "");
    free(out);
    free(err);
}
END_TEST

START_TEST(tool_io_errors)
{
    struct test_config_guard guard;
    char path[96];
    char *out, *err;

    test_config_guard_begin(&guard, "");
    snprintf(path, sizeof(path), "%s/sub/d3dconfig.ini", guard.path);
    setenv("D3D12RT_CONFIG", path, 1);
    ck_assert_int_eq(run_tool((const char *const[]){"device", FORCE "=true", NULL},
            &out, &err), 1);
    ck_assert_ptr_nonnull(strstr(err, "Not a directory"));
    free(out);
    free(err);

    unset_all();
    expect_tool(1, (const char *const[]){"device", FORCE "=true", NULL}, "");
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(tool_reports_still_malformed)
{
    struct test_config_guard guard;
    struct capture capture;
    struct rt_config cfg;
    char *out, *err, at[96];

    test_config_guard_begin(&guard, "[device]\ngarbage\n");
    ck_assert_int_eq(run_tool((const char *const[]){"device", FORCE "=true", NULL},
            &out, &err), 1);
    /* The new key went in above the bad line, now line 3. */
    snprintf(at, sizeof(at), "%s:3: malformed line", guard.path);
    ck_assert_ptr_nonnull(strstr(err, at));
    ck_assert_ptr_nonnull(strstr(err, "ignores the whole file"));
    free(out);
    free(err);
    capture_begin(&capture);
    rt_config_load_file(&cfg, guard.path);
    free(capture_end(&capture));
    ck_assert(!cfg.file_valid);
    test_config_guard_end(&guard);
}
END_TEST

START_TEST(platform_event_signal)
{
    int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    uint64_t value = 0;

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(rt_event_signal((HANDLE)(intptr_t)fd), 0);
    ck_assert_int_eq(rt_event_signal((HANDLE)(intptr_t)fd), 0);
    ck_assert_int_eq(read(fd, &value, sizeof(value)), sizeof(value));
    ck_assert_uint_eq(value, 2);
    /* A full counter is already signalled. */
    value = UINT64_MAX - 1;
    ck_assert_int_eq(write(fd, &value, sizeof(value)), sizeof(value));
    ck_assert_int_eq(rt_event_signal((HANDLE)(intptr_t)fd), 0);
    close(fd);
    ck_assert_int_eq(rt_event_signal((HANDLE)(intptr_t)fd), -EBADF);
    ck_assert_int_eq(rt_event_signal((HANDLE)(intptr_t)-1), -EBADF);
}
END_TEST

START_TEST(platform_library)
{
    char err[512] = "";
    void *library;

    library = rt_library_open("libc.so.6", err, sizeof(err));
    ck_assert_ptr_nonnull(library);
    ck_assert_ptr_nonnull(rt_library_symbol(library, "strlen"));
    ck_assert_ptr_null(rt_library_symbol(library, "no_such_symbol_d3d12rt"));
    rt_library_close(library);

    ck_assert_ptr_null(rt_library_open("/nonexistent/umd.so", err, sizeof(err)));
    ck_assert_msg(strstr(err, "/nonexistent/umd.so") != NULL, "err: %s", err);
    rt_library_close(NULL);
}
END_TEST

START_TEST(platform_getenv)
{
    setenv("D3D12RT_TEST_VAR", "value", 1);
    ck_assert_str_eq(rt_getenv("D3D12RT_TEST_VAR"), "value");
    unsetenv("D3D12RT_TEST_VAR");
    ck_assert_ptr_null(rt_getenv("D3D12RT_TEST_VAR"));
}
END_TEST

static Suite *config_suite(void)
{
    Suite *suite = suite_create("config");
    TCase *tc;

    tc = tcase_create("resolve");
    tcase_add_test(tc, resolve_order);
    tcase_add_test(tc, resolve_skips_empty_and_relative);
    tcase_add_test(tc, resolve_none);
    tcase_add_test(tc, resolve_too_long);
    suite_add_tcase(suite, tc);

    tc = tcase_create("parse");
    tcase_add_test(tc, missing_file_defaults);
    tcase_add_test(tc, force_true_false);
    tcase_add_test(tc, comments_blanks_and_crlf);
    tcase_add_test(tc, later_duplicate_wins);
    tcase_add_test(tc, driver_path_long);
    tcase_add_test(tc, driver_path_too_long);
    tcase_add_test(tc, driver_path_literal);
    tcase_add_test(tc, unknown_key_warns_keeps_rest);
    tcase_add_test(tc, unknown_section_warns_once);
    tcase_add_test(tc, key_outside_section_warns);
    tcase_add_test(tc, malformed_line_ignores_file);
    tcase_add_test(tc, bad_value_ignores_file);
    tcase_add_test(tc, overlong_line_ignores_file);
    tcase_add_test(tc, unreadable_file_defaults);
    tcase_add_test(tc, gpu_timeout);
    tcase_add_test(tc, fifo_is_refused);
    suite_add_tcase(suite, tc);

    tc = tcase_create("write");
    tcase_add_test(tc, check_values);
    tcase_add_test(tc, set_creates_file_and_parents);
    tcase_add_test(tc, set_preserves_other_lines);
    tcase_add_test(tc, set_adds_key_to_section);
    tcase_add_test(tc, set_appends_section);
    tcase_add_test(tc, set_keeps_mode_and_link);
    tcase_add_test(tc, set_unwritable_fails);
    tcase_add_test(tc, print_section);
    tcase_add_test(tc, remove_file);
    suite_add_tcase(suite, tc);

    tc = tcase_create("platform");
    tcase_add_test(tc, platform_event_signal);
    tcase_add_test(tc, platform_library);
    tcase_add_test(tc, platform_getenv);
    suite_add_tcase(suite, tc);

    if (tool_path)
    {
        tc = tcase_create("tool");
        tcase_add_test(tc, tool_round_trip);
        tcase_add_test(tc, tool_relative_driver_path);
        tcase_add_test(tc, tool_reset);
        tcase_add_test(tc, tool_usage_errors);
        tcase_add_test(tc, tool_help);
        tcase_add_test(tc, tool_io_errors);
        tcase_add_test(tc, tool_reports_still_malformed);
        suite_add_tcase(suite, tc);
    }
    return suite;
}

int main(int argc, char **argv)
{
    tool_path = argc > 1 ? argv[1] : getenv("D3DCONFIG_BIN");
    if (!tool_path || !tool_path[0])
    {
        tool_path = NULL;
        fprintf(stderr, "test_config: d3dconfig path not given (argv[1] or "
                "D3DCONFIG_BIN): the tool tests are not run\n");
    }
    return test_run_suites(config_suite(), NULL);
}
