#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* secure_getenv */
#endif

#include "rt_platform.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool rt_event_is_eventfd(HANDLE event)
{
    static const char eventfd_link[] = "anon_inode:[eventfd]";
    const intptr_t fd = (intptr_t)event;
    char path[64], target[sizeof(eventfd_link) + 1];
    ssize_t len;

    if (fd < 0 || fd > INT32_MAX)
        return false;
    snprintf(path, sizeof(path), "/proc/self/fd/%d", (int)fd);
    if ((len = readlink(path, target, sizeof(target))) != (ssize_t)(sizeof(eventfd_link) - 1))
        return false;
    return !memcmp(target, eventfd_link, sizeof(eventfd_link) - 1);
}

int rt_event_signal(HANDLE event)
{
    const int fd = (int)(intptr_t)event;
    const uint64_t one = 1;

    if (fd < 0)
        return -EBADF;
    for (;;)
    {
        if (write(fd, &one, sizeof(one)) == (ssize_t)sizeof(one))
            return 0;
        if (errno == EINTR)
            continue;
        /* A non-blocking eventfd whose counter is full is already signalled. */
        if (errno == EAGAIN)
            return 0;
        return -errno;
    }
}

void *rt_library_open(const char *path, char *err, size_t errlen)
{
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);

    if (!library && errlen > 0)
    {
        const char *reason = dlerror();

        snprintf(err, errlen, "%s", reason ? reason : "unknown dlopen error");
    }
    return library;
}

void *rt_library_symbol(void *library, const char *name)
{
    return dlsym(library, name);
}

void rt_library_close(void *library)
{
    if (library)
        dlclose(library);
}

const char *rt_getenv(const char *name)
{
    return secure_getenv(name);
}
