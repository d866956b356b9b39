#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* mkstemp, setenv in strict C11 */
#endif

#include "test_config_guard.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void test_config_guard_begin(struct test_config_guard *guard, const char *contents)
{
    const char *previous = getenv("D3D12RT_CONFIG");
    size_t len, done = 0;
    ssize_t n;
    int fd;

    guard->saved = previous ? strdup(previous) : NULL;
    ck_assert(!previous || guard->saved);

    snprintf(guard->path, sizeof(guard->path), "/tmp/d3d12rt-config-XXXXXX");
    fd = mkstemp(guard->path);
    ck_assert_msg(fd >= 0, "mkstemp: %s", strerror(errno));
    len = contents ? strlen(contents) : 0;
    while (done < len)
    {
        n = write(fd, contents + done, len - done);
        ck_assert_msg(n > 0, "write %s: %s", guard->path, strerror(errno));
        done += (size_t)n;
    }
    ck_assert_int_eq(close(fd), 0);
    if (!contents)
        ck_assert_int_eq(unlink(guard->path), 0);
    ck_assert_int_eq(setenv("D3D12RT_CONFIG", guard->path, 1), 0);
}

void test_config_guard_end(struct test_config_guard *guard)
{
    if (guard->saved)
        setenv("D3D12RT_CONFIG", guard->saved, 1);
    else
        unsetenv("D3D12RT_CONFIG");
    free(guard->saved);
    guard->saved = NULL;
    /* The code under test may have removed it already. */
    unlink(guard->path);
}
