/*
 * The device's Async Commands implementation, chosen once at creation (seed 000):
 * FALLBACK if the device supports Enhanced Barriers and either the fallback is forced or
 * the application opted in and the driver has no native Async Commands; NATIVE if the
 * driver reports the Async Commands DDI; NOT_SUPPORTED otherwise.
 */
#ifndef RT_ASYNC_SELECT_H
#define RT_ASYNC_SELECT_H

#include "rt_device.h"

struct rt_async_inputs
{
    bool driver_native;        /* caps Supported, feature version >= 1, table filled */
    UINT feature_version;      /* the driver's Async Commands feature version (for the reason) */
    bool enhanced_barriers;    /* the driver reports Enhanced Barriers */
    bool opted_in;             /* the application's fallback opt-in (device factory) */
    bool forced;               /* force-async-commands-fallback in the config file */
};

/* Pure: the same inputs always give the same Impl and reason. */
void rt_async_select(const struct rt_async_inputs *inputs, struct rt_async_selection *selection);

const char *rt_async_impl_name(D3D12_ASYNC_COMMANDS_IMPL impl);

#endif
