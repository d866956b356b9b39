/* Small helpers every agx_umd module uses. */
#ifndef AGX_COMMON_H
#define AGX_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "d3d12ddi.h"

#define AGX_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define AGX_MIN(a, b) ((a) < (b) ? (a) : (b))
#define AGX_MAX(a, b) ((a) > (b) ? (a) : (b))
#define AGX_DIV_ROUND_UP(a, b) (((a) + (b) - 1) / (b))

/* D3D12's standard placement unit, also the simulated device's allocation granule. */
#define AGX_ALLOCATION_ALIGNMENT (64u * 1024u)
#define AGX_SMALL_ALIGNMENT (4u * 1024u)
#define AGX_MSAA_ALIGNMENT (4u * 1024u * 1024u)
/* AGX's MMU page (UAT), the granule of tile mappings: a 64 KiB standard tile is four. */
#define AGX_PAGE_SIZE (16u * 1024u)

static inline uint64_t agx_align(uint64_t value, uint64_t alignment)
{
    return (value + alignment - 1) & ~(alignment - 1);
}

/* Why the driver refuses or skips something (a pipeline, a command, an impossible
 * request): written to stderr when the AGX_DEBUG environment variable is set to anything
 * but "0", and told to the runtime (the callbacks' pfnMessageCb, as an error of the
 * category), which puts it on the info queue and D3D12RT_TRACE=warn. */
struct agx_device;
void agx_tell(const struct agx_device *device, D3D12_MESSAGE_CATEGORY category, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

/* The same for code that does not hold the device: told to the runtime inside a scope
 * (below) on this thread, else to stderr alone (AGX_DEBUG). */
void agx_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Between begin and end, agx_warn on this thread tells the runtime for `device`: the entries
 * that create pipelines and root signatures, and the execution of a command list. */
void agx_log_scope_begin(const struct agx_device *device, D3D12_MESSAGE_CATEGORY category);
void agx_log_scope_end(void);

#endif
