/* Async Commands implementation selection (seed 000), as a pure function. */
#include <stdio.h>

#include "rt_async_select.h"

const char *rt_async_impl_name(D3D12_ASYNC_COMMANDS_IMPL impl)
{
    switch ((int)impl)
    {
        case D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED: return "NOT_SUPPORTED";
        case D3D12_ASYNC_COMMANDS_IMPL_FALLBACK: return "FALLBACK";
        case D3D12_ASYNC_COMMANDS_IMPL_NATIVE: return "NATIVE";
    }
    return "unknown";
}

static void set(struct rt_async_selection *selection, D3D12_ASYNC_COMMANDS_IMPL impl, const char *reason)
{
    selection->impl = impl;
    snprintf(selection->reason, sizeof(selection->reason), "%s", reason);
}

void rt_async_select(const struct rt_async_inputs *in, struct rt_async_selection *selection)
{
    /* Forcing wins over native support and needs no opt-in, but nothing gets around
     * Enhanced Barriers: the fallback is written in their terms. */
    if (in->enhanced_barriers && in->forced)
    {
        set(selection, D3D12_ASYNC_COMMANDS_IMPL_FALLBACK, in->driver_native
                ? "forced by d3dconfig; the driver's native Async Commands are bypassed"
                : "forced by d3dconfig");
        return;
    }
    /* Opting in is a permission, not a preference: only without native support. */
    if (in->enhanced_barriers && in->opted_in && !in->driver_native)
    {
        set(selection, D3D12_ASYNC_COMMANDS_IMPL_FALLBACK,
                "application opted in; driver has no native Async Commands");
        return;
    }
    if (in->driver_native)
    {
        const char *note = "";

        /* Say why a setting the developer made did not take. */
        if (in->forced)
            note = "; forcing the fallback has no effect: driver lacks Enhanced Barriers";
        else if (in->opted_in)
            note = "; the opt-in does not override native support";
        selection->impl = D3D12_ASYNC_COMMANDS_IMPL_NATIVE;
        snprintf(selection->reason, sizeof(selection->reason),
                "driver reports native Async Commands, feature version %u%s", in->feature_version, note);
        return;
    }
    if (!in->enhanced_barriers && in->forced)
    {
        set(selection, D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED,
                "driver lacks Enhanced Barriers; forcing the fallback has no effect");
        return;
    }
    if (!in->enhanced_barriers && in->opted_in)
    {
        set(selection, D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED,
                "driver lacks Enhanced Barriers, which the fallback needs");
        return;
    }
    set(selection, D3D12_ASYNC_COMMANDS_IMPL_NOT_SUPPORTED, "driver has no native Async Commands");
}
