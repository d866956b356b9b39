/* Includes, COM helpers and trace macros shared by every runtime file. */
#ifndef RT_COMMON_H
#define RT_COMMON_H

#define COBJMACROS
#ifndef CONST_VTABLE
#define CONST_VTABLE   /* our vtables are static const */
#endif
#include <stdbool.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <d3d12rt/d3d12.h>

#define RT_EXPORT __attribute__((visibility("default")))

#define RT_CONTAINING(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#define RT_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The Agility SDK version this runtime implements (D3D12_DEVICE_CONFIGURATION_DESC). */
#define RT_SDK_VERSION D3D12_SDK_VERSION

/* Trace channels, selected with D3D12RT_TRACE=api,ddi,msg,warn (comma separated; "all"). */
enum rt_trace_channel
{
    RT_TRACE_API = 1u << 0,    /* every API entry point */
    RT_TRACE_DDI = 1u << 1,    /* every driver call (through the spy) */
    RT_TRACE_MSG = 1u << 2,    /* info-queue messages */
    RT_TRACE_WARN = 1u << 3,   /* validation failures and fixmes */
};

bool rt_trace_enabled(enum rt_trace_channel channel);
/* The channels D3D12RT_TRACE selects (parsed once per process). */
unsigned int rt_trace_channels(void);
void rt_trace_printf(enum rt_trace_channel channel, const char *function, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const char *rt_debugstr_guid(const GUID *guid);   /* thread-local ring of buffers */
const char *rt_debugstr_w(const WCHAR *string);   /* the same ring; quoted, NULL-safe */

#define RT_TRACE(...) \
    do { if (rt_trace_enabled(RT_TRACE_API)) rt_trace_printf(RT_TRACE_API, __func__, __VA_ARGS__); } while (0)
#define RT_WARN(...) \
    do { if (rt_trace_enabled(RT_TRACE_WARN)) rt_trace_printf(RT_TRACE_WARN, __func__, __VA_ARGS__); } while (0)

/* NULL-safe GUID comparison (C has no IsEqualGUID in the Linux stubs). */
static inline bool rt_guid_equal(const GUID *a, const GUID *b)
{
    return a && b && !memcmp(a, b, sizeof(*a));
}

/* QueryInterface the new object to riid and drop the creation reference. */
HRESULT rt_return_interface(void *iface, REFIID iface_iid, REFIID requested_iid, void **object);

#endif
