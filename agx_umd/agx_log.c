/* Developer messages of the driver (AGX_DEBUG). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include "agx_common.h"

static once_flag agx_log_once = ONCE_FLAG_INIT;
static bool agx_log_enabled;

static void agx_log_init(void)
{
    const char *value = getenv("AGX_DEBUG");

    agx_log_enabled = value && *value && strcmp(value, "0");
}

void agx_warn(const char *fmt, ...)
{
    va_list args;

    call_once(&agx_log_once, agx_log_init);
    if (!agx_log_enabled)
        return;
    va_start(args, fmt);
    fputs("agx_umd: ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
}
