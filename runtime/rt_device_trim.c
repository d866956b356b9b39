/*
 * ID3D12Device15's trim notifications. D3D12 calls a registered callback when the system
 * asks the application to release memory; nothing asks this runtime to (it has no
 * residency manager the OS can pressure), so no callback is ever called. Registration
 * still does what D3D12 says: each one gets its own nonzero cookie, which unregisters it
 * once; an unknown cookie or a NULL callback is invalid.
 */
#include <stdlib.h>

#include "rt_device_private.h"

struct rt_trim_registration
{
    D3D12_PFN_TRIM_NOTIFICATION_CALLBACK callback;
    void *context;
    DWORD cookie;
};

struct rt_trim_registry
{
    mtx_t mutex;
    struct rt_trim_registration *entries;
    size_t count, capacity;
    DWORD last_cookie;
};

/* Created at the first registration; NULL when it cannot be. */
static struct rt_trim_registry *trim_registry(struct rt_device *device)
{
    struct rt_trim_registry *registry = atomic_load(&device->trim_registry), *expected = NULL;

    if (registry)
        return registry;
    if (!(registry = calloc(1, sizeof(*registry))))
        return NULL;
    if (mtx_init(&registry->mutex, mtx_plain) != thrd_success)
    {
        free(registry);
        return NULL;
    }
    if (atomic_compare_exchange_strong(&device->trim_registry, &expected, registry))
        return registry;
    mtx_destroy(&registry->mutex);
    free(registry);
    return expected;
}

void rt_device_trim_destroy(struct rt_device *device)
{
    struct rt_trim_registry *registry = atomic_load(&device->trim_registry);

    if (!registry)
        return;
    mtx_destroy(&registry->mutex);
    free(registry->entries);
    free(registry);
}

static bool cookie_in_use(const struct rt_trim_registry *registry, DWORD cookie)
{
    size_t i;

    for (i = 0; i < registry->count; ++i)
        if (registry->entries[i].cookie == cookie)
            return true;
    return false;
}

HRESULT STDMETHODCALLTYPE rt_device_RegisterTrimNotificationCallback(rt_device_iface *iface,
        D3D12_REGISTER_TRIM_NOTIFICATION *data)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_trim_registration *entries;
    struct rt_trim_registry *registry;
    size_t capacity;

    RT_TRACE("iface %p, data %p.", (void *)iface, (void *)data);
    if (!data || !data->pfnCallback)
    {
        RT_WARN("NULL registration or callback.");
        return E_INVALIDARG;
    }
    if (!(registry = trim_registry(device)))
        return E_OUTOFMEMORY;
    mtx_lock(&registry->mutex);
    if (registry->count == registry->capacity)
    {
        capacity = registry->capacity ? registry->capacity * 2 : 4;
        if (!(entries = realloc(registry->entries, capacity * sizeof(*entries))))
        {
            mtx_unlock(&registry->mutex);
            return E_OUTOFMEMORY;
        }
        registry->entries = entries;
        registry->capacity = capacity;
    }
    /* Cookies are never 0 and never one still registered, even after the counter wraps. */
    do
        ++registry->last_cookie;
    while (!registry->last_cookie || cookie_in_use(registry, registry->last_cookie));
    entries = &registry->entries[registry->count++];
    entries->callback = data->pfnCallback;
    entries->context = data->pContext;
    entries->cookie = data->CallbackCookie = registry->last_cookie;
    mtx_unlock(&registry->mutex);
    return S_OK;
}

HRESULT STDMETHODCALLTYPE rt_device_UnregisterTrimNotificationCallback(rt_device_iface *iface, DWORD cookie)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_trim_registry *registry = atomic_load(&device->trim_registry);
    size_t i;

    RT_TRACE("iface %p, cookie %#x.", (void *)iface, (unsigned int)cookie);
    if (registry)
    {
        mtx_lock(&registry->mutex);
        for (i = 0; i < registry->count; ++i)
        {
            if (registry->entries[i].cookie != cookie)
                continue;
            registry->entries[i] = registry->entries[--registry->count];
            mtx_unlock(&registry->mutex);
            return S_OK;
        }
        mtx_unlock(&registry->mutex);
    }
    RT_WARN("Cookie %#x is not a registered trim notification.", (unsigned int)cookie);
    return E_INVALIDARG;
}
