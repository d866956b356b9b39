/* The driver's explanations: to the runtime (pfnMessageCb) and, with AGX_DEBUG, stderr. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include "agx_device.h"

static once_flag agx_log_once = ONCE_FLAG_INIT;
static bool agx_log_enabled;

/* The entry running on this thread that explains its refusals to the runtime. */
static _Thread_local const struct agx_device *agx_log_device;
static _Thread_local D3D12_MESSAGE_CATEGORY agx_log_category;

void agx_log_scope_begin(const struct agx_device *device, D3D12_MESSAGE_CATEGORY category)
{
    agx_log_device = device;
    agx_log_category = category;
}

void agx_log_scope_end(void)
{
    agx_log_device = NULL;
}

static void agx_log_init(void)
{
    const char *value = getenv("AGX_DEBUG");

    agx_log_enabled = value && *value && strcmp(value, "0");
}

static void agx_log_message(const struct agx_device *device, D3D12_MESSAGE_CATEGORY category, const char *fmt,
                            va_list args)
{
    char text[512];

    call_once(&agx_log_once, agx_log_init);
    if (!agx_log_enabled && !(device && device->callbacks.pfnMessageCb))
        return;
    vsnprintf(text, sizeof(text), fmt, args);
    if (agx_log_enabled)
        fprintf(stderr, "agx_umd: %s\n", text);
    if (device && device->callbacks.pfnMessageCb)
        device->callbacks.pfnMessageCb(device->hrt, category, D3D12_MESSAGE_SEVERITY_ERROR, text);
}

void agx_tell(const struct agx_device *device, D3D12_MESSAGE_CATEGORY category, const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    agx_log_message(device, category, fmt, args);
    va_end(args);
}

void agx_warn(const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    agx_log_message(agx_log_device, agx_log_category, fmt, args);
    va_end(args);
}
