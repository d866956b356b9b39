/*
 * The operating-system specific bits of the runtime, behind one small module
 * (ARCHITECTURE.md, "Portability"). Linux only for now.
 */
#ifndef RT_PLATFORM_H
#define RT_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>

#include <wsl/winadapter.h>

/*
 * Signals an event HANDLE given to SetEventOnCompletion. On Linux the handle is
 * an eventfd file descriptor cast to a pointer. Returns 0, or a negative errno
 * value (-EBADF for a handle that is not a writable descriptor).
 */
int rt_event_signal(HANDLE event);

/*
 * Whether an event HANDLE names an open eventfd (what /proc/self/fd says of the
 * descriptor): SetEventOnCompletion refuses anything else with E_INVALIDARG rather
 * than write 8 bytes into a file or a pipe.
 */
bool rt_event_is_eventfd(HANDLE event);

/*
 * Loads a driver library. Returns NULL on failure with the loader's reason
 * copied into err (always NUL-terminated when errlen > 0).
 */
void *rt_library_open(const char *path, char *err, size_t errlen);
void *rt_library_symbol(void *library, const char *name);
void rt_library_close(void *library);

/*
 * getenv for the runtime's own variables. It returns NULL in privileged
 * (set-user-ID or set-group-ID) processes, because those variables can name a
 * configuration file, and the configuration can name a library to load.
 */
const char *rt_getenv(const char *name);

#endif
