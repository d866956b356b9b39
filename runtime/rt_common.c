/* Trace channels, debug strings and the return-interface helper. */
#include <stdarg.h>
#include <stdio.h>
#include <threads.h>
#include <wchar.h>

#include "rt_common.h"
#include "rt_platform.h"

static once_flag trace_once = ONCE_FLAG_INIT;
static unsigned int trace_mask;

static const struct
{
    const char *name;
    unsigned int mask;
}
trace_names[] =
{
    {"api", RT_TRACE_API},
    {"ddi", RT_TRACE_DDI},
    {"msg", RT_TRACE_MSG},
    {"warn", RT_TRACE_WARN},
    {"all", RT_TRACE_API | RT_TRACE_DDI | RT_TRACE_MSG | RT_TRACE_WARN},
};

static void trace_parse(void)
{
    const char *value = rt_getenv("D3D12RT_TRACE");
    const char *p = value;
    unsigned int mask = 0, i;

    while (p && *p)
    {
        size_t len = strcspn(p, ",");
        bool known = false;

        for (i = 0; i < RT_ARRAY_SIZE(trace_names); ++i)
        {
            if (strlen(trace_names[i].name) == len && !strncmp(p, trace_names[i].name, len))
            {
                mask |= trace_names[i].mask;
                known = true;
            }
        }
        if (!known && len)
            fprintf(stderr, "d3d12rt: D3D12RT_TRACE: unknown channel \"%.*s\" (api, ddi, msg, warn, all)\n",
                    (int)len, p);
        p += len;
        if (*p == ',')
            ++p;
    }
    trace_mask = mask;
}

unsigned int rt_trace_channels(void)
{
    call_once(&trace_once, trace_parse);
    return trace_mask;
}

bool rt_trace_enabled(enum rt_trace_channel channel)
{
    return !!(rt_trace_channels() & channel);
}

static const char *channel_name(enum rt_trace_channel channel)
{
    switch (channel)
    {
        case RT_TRACE_API: return "api";
        case RT_TRACE_DDI: return "ddi";
        case RT_TRACE_MSG: return "msg";
        case RT_TRACE_WARN: return "warn";
    }
    return "?";
}

void rt_trace_printf(enum rt_trace_channel channel, const char *function, const char *fmt, ...)
{
    char line[1024];
    va_list args;

    va_start(args, fmt);
    vsnprintf(line, sizeof(line), fmt, args);
    va_end(args);
    /* One write per line so lines from several threads do not interleave. */
    fprintf(stderr, "d3d12rt:%s:%s: %s%s", channel_name(channel), function, line,
            line[0] && line[strlen(line) - 1] == '\n' ? "" : "\n");
}

/* Debug strings live in a small per-thread ring so a trace can use several at once. */
#define RT_DEBUGSTR_COUNT 8
#define RT_DEBUGSTR_SIZE 256

static char *debugstr_next(void)
{
    static thread_local char ring[RT_DEBUGSTR_COUNT][RT_DEBUGSTR_SIZE];
    static thread_local unsigned int index;

    return ring[index++ % RT_DEBUGSTR_COUNT];
}

const char *rt_debugstr_guid(const GUID *guid)
{
    char *buffer;

    if (!guid)
        return "(null)";
    buffer = debugstr_next();
    snprintf(buffer, RT_DEBUGSTR_SIZE, "{%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x}",
            (unsigned int)guid->Data1, guid->Data2, guid->Data3, guid->Data4[0], guid->Data4[1],
            guid->Data4[2], guid->Data4[3], guid->Data4[4], guid->Data4[5], guid->Data4[6],
            guid->Data4[7]);
    return buffer;
}

const char *rt_debugstr_w(const WCHAR *string)
{
    size_t out = 0;
    char *buffer;

    if (!string)
        return "(null)";
    buffer = debugstr_next();
    buffer[out++] = '"';
    for (; *string && out < RT_DEBUGSTR_SIZE - 6; ++string)
    {
        /* Traces only need to be readable: anything outside ASCII prints as '?'. */
        buffer[out++] = (*string >= 0x20 && *string < 0x7f) ? (char)*string : '?';
    }
    if (*string)
    {
        memcpy(buffer + out, "...", 3);
        out += 3;
    }
    buffer[out++] = '"';
    buffer[out] = 0;
    return buffer;
}

HRESULT rt_return_interface(void *iface, REFIID iface_iid, REFIID requested_iid, void **object)
{
    IUnknown *unknown = iface;
    HRESULT hr;

    if (rt_guid_equal(iface_iid, requested_iid))
    {
        *object = unknown;
        return S_OK;
    }

    hr = IUnknown_QueryInterface(unknown, requested_iid, object);
    IUnknown_Release(unknown);
    return hr;
}
