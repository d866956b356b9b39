/*
 * IDXCoreAdapterFactory and IDXCoreAdapterList. Microsoft Learn's DXCore reference gives
 * the rules: one factory per process while anything references it
 * (DXCoreCreateAdapterFactory), the same adapter object for the same adapter in every
 * list (IDXCoreAdapterList::GetAdapter), the return codes of each method. The factory
 * keeps its adapters without a reference; each leaves the cache at its last Release,
 * under the one lock that also hands cached adapters out.
 */
#include <stdlib.h>
#include <threads.h>

#include "rt_dxcore.h"

struct rt_dxcore_factory
{
    IDXCoreAdapterFactory IDXCoreAdapterFactory_iface;
    atomic_uint refcount;
    struct rt_dxcore_adapter *adapters[RT_DXCORE_MAX_ADAPTERS];   /* not referenced */
};

static struct
{
    once_flag once;
    mtx_t mutex;
    struct rt_dxcore_factory *factory;   /* not referenced: it leaves when destroyed */
}
dxcore_global = {.once = ONCE_FLAG_INIT};

static void dxcore_global_init(void)
{
    mtx_init(&dxcore_global.mutex, mtx_plain);
}

static void dxcore_lock(void)
{
    call_once(&dxcore_global.once, dxcore_global_init);
    mtx_lock(&dxcore_global.mutex);
}

static void dxcore_unlock(void)
{
    mtx_unlock(&dxcore_global.mutex);
}

static inline struct rt_dxcore_factory *impl_from_IDXCoreAdapterFactory(IDXCoreAdapterFactory *iface)
{
    return RT_CONTAINING(iface, struct rt_dxcore_factory, IDXCoreAdapterFactory_iface);
}

IDXCoreAdapterFactory *rt_dxcore_factory_iface(struct rt_dxcore_factory *factory)
{
    return &factory->IDXCoreAdapterFactory_iface;
}

bool rt_dxcore_factory_release_adapter(struct rt_dxcore_factory *factory, struct rt_dxcore_adapter *adapter,
        atomic_uint *refcount)
{
    unsigned int i;
    bool last;

    dxcore_lock();
    if ((last = atomic_fetch_sub(refcount, 1) == 1))
    {
        for (i = 0; i < RT_DXCORE_MAX_ADAPTERS; ++i)
            if (factory->adapters[i] == adapter)
                factory->adapters[i] = NULL;
    }
    dxcore_unlock();
    return last;
}

/* The adapter for a driver, with a reference: the cached one, or a new one (lock held). */
static HRESULT factory_get_adapter(struct rt_dxcore_factory *factory, const char *driver_path,
        struct rt_dxcore_adapter **out)
{
    struct rt_dxcore_adapter *adapter;
    unsigned int i, slot = RT_DXCORE_MAX_ADAPTERS;
    HRESULT hr;

    for (i = 0; i < RT_DXCORE_MAX_ADAPTERS; ++i)
    {
        if (!(adapter = factory->adapters[i]))
        {
            slot = i;
            continue;
        }
        if (!strcmp(rt_dxcore_adapter_get_info(adapter)->driver_path, driver_path))
        {
            IDXCoreAdapter_AddRef(rt_dxcore_adapter_iface(adapter));
            *out = adapter;
            return S_OK;
        }
    }
    if (slot == RT_DXCORE_MAX_ADAPTERS)
        return E_OUTOFMEMORY;   /* more drivers than slots: cannot happen with two */
    if (FAILED(hr = rt_dxcore_adapter_create(factory, driver_path, &adapter)))
    {
        RT_WARN("Driver \"%s\" cannot be opened (%#x): no adapter for it.", driver_path, (unsigned int)hr);
        return hr;
    }
    factory->adapters[slot] = adapter;
    *out = adapter;
    return S_OK;
}

static void release_adapters(struct rt_dxcore_adapter **adapters, unsigned int count)
{
    IDXCoreAdapter *adapter;
    unsigned int i;

    for (i = 0; i < count; ++i)
    {
        adapter = rt_dxcore_adapter_iface(adapters[i]);
        IDXCoreAdapter_Release(adapter);
    }
}

/* Every adapter the process has now, each with a reference: the file's [driver] path first
 * (the one D3D12CreateDevice(NULL) uses), then the built-in driver. A driver that does not
 * open is left out. */
static HRESULT factory_collect(struct rt_dxcore_factory *factory, struct rt_dxcore_adapter **adapters,
        unsigned int *count)
{
    const char *paths[RT_DXCORE_MAX_ADAPTERS];
    unsigned int i, path_count = 0;
    struct rt_config config;
    HRESULT hr;

    rt_config_load(&config);
    if (config.driver_path[0])
        paths[path_count++] = config.driver_path;
    paths[path_count++] = "";

    *count = 0;
    dxcore_lock();
    for (i = 0; i < path_count; ++i)
    {
        hr = factory_get_adapter(factory, paths[i], &adapters[*count]);
        if (hr == E_OUTOFMEMORY)
        {
            dxcore_unlock();
            release_adapters(adapters, *count);
            *count = 0;
            return hr;
        }
        if (SUCCEEDED(hr))
            ++*count;
    }
    dxcore_unlock();
    return S_OK;
}

/* ---- IDXCoreAdapterList ------------------------------------------------------------------------ */

struct rt_dxcore_adapter_list
{
    IDXCoreAdapterList IDXCoreAdapterList_iface;
    atomic_uint refcount;
    mtx_t mutex;                         /* Sort against GetAdapter */
    struct rt_dxcore_factory *factory;   /* referenced */
    unsigned int count;
    struct rt_dxcore_adapter *adapters[RT_DXCORE_MAX_ADAPTERS];   /* referenced */
};

static inline struct rt_dxcore_adapter_list *impl_from_IDXCoreAdapterList(IDXCoreAdapterList *iface)
{
    return RT_CONTAINING(iface, struct rt_dxcore_adapter_list, IDXCoreAdapterList_iface);
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_list_QueryInterface(IDXCoreAdapterList *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);
    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_IDXCoreAdapterList) || rt_guid_equal(riid, &IID_IUnknown))
    {
        IDXCoreAdapterList_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_dxcore_list_AddRef(IDXCoreAdapterList *iface)
{
    struct rt_dxcore_adapter_list *list = impl_from_IDXCoreAdapterList(iface);
    unsigned int refcount = atomic_fetch_add(&list->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)list, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_dxcore_list_Release(IDXCoreAdapterList *iface)
{
    struct rt_dxcore_adapter_list *list = impl_from_IDXCoreAdapterList(iface);
    unsigned int refcount = atomic_fetch_sub(&list->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)list, refcount);
    if (!refcount)
    {
        release_adapters(list->adapters, list->count);
        IDXCoreAdapterFactory_Release(rt_dxcore_factory_iface(list->factory));
        mtx_destroy(&list->mutex);
        free(list);
    }
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_list_GetAdapter(IDXCoreAdapterList *iface, uint32_t index, REFIID riid,
        void **adapter)
{
    struct rt_dxcore_adapter_list *list = impl_from_IDXCoreAdapterList(iface);
    HRESULT hr;

    RT_TRACE("iface %p, index %u, riid %s, adapter %p.", (void *)iface, index, rt_debugstr_guid(riid),
            (void *)adapter);
    if (!adapter)
        return E_POINTER;
    *adapter = NULL;
    mtx_lock(&list->mutex);
    if (index >= list->count)
    {
        mtx_unlock(&list->mutex);
        RT_WARN("Index %u of a list of %u adapters.", index, list->count);
        return E_INVALIDARG;
    }
    hr = IDXCoreAdapter_QueryInterface(rt_dxcore_adapter_iface(list->adapters[index]), riid, adapter);
    mtx_unlock(&list->mutex);
    return hr;
}

static uint32_t STDMETHODCALLTYPE rt_dxcore_list_GetAdapterCount(IDXCoreAdapterList *iface)
{
    struct rt_dxcore_adapter_list *list = impl_from_IDXCoreAdapterList(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return list->count;
}

static bool STDMETHODCALLTYPE rt_dxcore_list_IsStale(IDXCoreAdapterList *iface)
{
    RT_TRACE("iface %p.", (void *)iface);
    /* No adapter arrives or leaves while a process runs (drivers are fixed at load). */
    return false;
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_list_GetFactory(IDXCoreAdapterList *iface, REFIID riid, void **factory)
{
    struct rt_dxcore_adapter_list *list = impl_from_IDXCoreAdapterList(iface);

    RT_TRACE("iface %p, riid %s, factory %p.", (void *)iface, rt_debugstr_guid(riid), (void *)factory);
    if (!factory)
        return E_POINTER;
    return IDXCoreAdapterFactory_QueryInterface(rt_dxcore_factory_iface(list->factory), riid, factory);
}

static bool preference_known(DXCoreAdapterPreference preference)
{
    return preference == DXCoreAdapterPreference_Hardware || preference == DXCoreAdapterPreference_MinimumPower
            || preference == DXCoreAdapterPreference_HighPerformance;
}

/* How well an adapter meets one preference (higher first): hardware before software; for
 * minimum power an integrated GPU first, for high performance a discrete one first. */
static int preference_rank(const struct rt_dxcore_adapter_info *info, DXCoreAdapterPreference preference)
{
    switch (preference)
    {
        case DXCoreAdapterPreference_Hardware: return rt_dxcore_info_is_hardware(info);
        case DXCoreAdapterPreference_MinimumPower: return info->uma;
        case DXCoreAdapterPreference_HighPerformance: return !info->uma;
    }
    return 0;
}

/* a before b: the first preference that tells them apart decides; pure. */
static bool adapter_preferred(const struct rt_dxcore_adapter_info *a, const struct rt_dxcore_adapter_info *b,
        uint32_t count, const DXCoreAdapterPreference *preferences)
{
    int ra, rb;
    uint32_t i;

    for (i = 0; i < count; ++i)
    {
        if (!preference_known(preferences[i]))
            continue;   /* Microsoft Learn: an unknown preference is ignored */
        ra = preference_rank(a, preferences[i]);
        rb = preference_rank(b, preferences[i]);
        if (ra != rb)
            return ra > rb;
    }
    return false;
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_list_Sort(IDXCoreAdapterList *iface, uint32_t count,
        const DXCoreAdapterPreference *preferences)
{
    struct rt_dxcore_adapter_list *list = impl_from_IDXCoreAdapterList(iface);
    struct rt_dxcore_adapter *moved;
    unsigned int i, j;

    RT_TRACE("iface %p, count %u, preferences %p.", (void *)iface, count, (const void *)preferences);
    if (!count || !preferences)
        return E_INVALIDARG;
    mtx_lock(&list->mutex);
    /* Insertion sort: stable, so equal adapters keep the enumeration order. */
    for (i = 1; i < list->count; ++i)
    {
        moved = list->adapters[i];
        for (j = i; j > 0 && adapter_preferred(rt_dxcore_adapter_get_info(moved),
                rt_dxcore_adapter_get_info(list->adapters[j - 1]), count, preferences); --j)
            list->adapters[j] = list->adapters[j - 1];
        list->adapters[j] = moved;
    }
    mtx_unlock(&list->mutex);
    return S_OK;
}

static bool STDMETHODCALLTYPE rt_dxcore_list_IsAdapterPreferenceSupported(IDXCoreAdapterList *iface,
        DXCoreAdapterPreference preference)
{
    RT_TRACE("iface %p, preference %u.", (void *)iface, (unsigned int)preference);
    return preference_known(preference);
}

static const struct IDXCoreAdapterListVtbl rt_dxcore_list_vtbl =
{
    /* IUnknown methods */
    rt_dxcore_list_QueryInterface,
    rt_dxcore_list_AddRef,
    rt_dxcore_list_Release,
    /* IDXCoreAdapterList methods */
    rt_dxcore_list_GetAdapter,
    rt_dxcore_list_GetAdapterCount,
    rt_dxcore_list_IsStale,
    rt_dxcore_list_GetFactory,
    rt_dxcore_list_Sort,
    rt_dxcore_list_IsAdapterPreferenceSupported,
};

/* ---- IDXCoreAdapterFactory --------------------------------------------------------------------- */

static HRESULT STDMETHODCALLTYPE rt_dxcore_factory_QueryInterface(IDXCoreAdapterFactory *iface, REFIID riid,
        void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);
    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_IDXCoreAdapterFactory) || rt_guid_equal(riid, &IID_IUnknown))
    {
        IDXCoreAdapterFactory_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_dxcore_factory_AddRef(IDXCoreAdapterFactory *iface)
{
    struct rt_dxcore_factory *factory = impl_from_IDXCoreAdapterFactory(iface);
    unsigned int refcount = atomic_fetch_add(&factory->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)factory, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_dxcore_factory_Release(IDXCoreAdapterFactory *iface)
{
    struct rt_dxcore_factory *factory = impl_from_IDXCoreAdapterFactory(iface);
    unsigned int refcount;

    /* DXCoreCreateAdapterFactory hands the live factory out again: the last reference
     * goes under the same lock. Its adapters reference it, so none is cached any more. */
    dxcore_lock();
    refcount = atomic_fetch_sub(&factory->refcount, 1) - 1;
    if (!refcount)
        dxcore_global.factory = NULL;
    dxcore_unlock();
    RT_TRACE("%p decreasing refcount to %u.", (void *)factory, refcount);
    if (!refcount)
        free(factory);
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_factory_CreateAdapterList(IDXCoreAdapterFactory *iface,
        uint32_t attribute_count, const GUID *attributes, REFIID riid, void **out)
{
    struct rt_dxcore_factory *factory = impl_from_IDXCoreAdapterFactory(iface);
    struct rt_dxcore_adapter *found[RT_DXCORE_MAX_ADAPTERS];
    struct rt_dxcore_adapter_list *list;
    unsigned int i, count;
    uint32_t a;
    bool keep;
    HRESULT hr;

    RT_TRACE("iface %p, attribute_count %u, attributes %p, riid %s, out %p.", (void *)iface, attribute_count,
            (const void *)attributes, rt_debugstr_guid(riid), (void *)out);
    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!attribute_count || !attributes)
    {
        RT_WARN("At least one attribute is needed.");
        return E_INVALIDARG;
    }
    if (!(list = calloc(1, sizeof(*list))))
        return E_OUTOFMEMORY;
    if (mtx_init(&list->mutex, mtx_plain) != thrd_success)
    {
        free(list);
        return E_OUTOFMEMORY;
    }
    if (FAILED(hr = factory_collect(factory, found, &count)))
    {
        mtx_destroy(&list->mutex);
        free(list);
        return hr;
    }
    /* Only adapters with every requested attribute. */
    for (i = 0; i < count; ++i)
    {
        for (a = 0, keep = true; a < attribute_count && keep; ++a)
            keep = rt_dxcore_info_has_attribute(rt_dxcore_adapter_get_info(found[i]), &attributes[a]);
        if (keep)
            list->adapters[list->count++] = found[i];
        else
            IDXCoreAdapter_Release(rt_dxcore_adapter_iface(found[i]));
    }
    list->IDXCoreAdapterList_iface.lpVtbl = &rt_dxcore_list_vtbl;
    atomic_init(&list->refcount, 1);
    list->factory = factory;
    IDXCoreAdapterFactory_AddRef(iface);
    return rt_return_interface(&list->IDXCoreAdapterList_iface, &IID_IDXCoreAdapterList, riid, out);
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_factory_GetAdapterByLuid(IDXCoreAdapterFactory *iface, const LUID *luid,
        REFIID riid, void **out)
{
    struct rt_dxcore_factory *factory = impl_from_IDXCoreAdapterFactory(iface);
    struct rt_dxcore_adapter *found[RT_DXCORE_MAX_ADAPTERS];
    const struct rt_dxcore_adapter_info *info;
    HRESULT hr = E_INVALIDARG;
    unsigned int i, count;

    RT_TRACE("iface %p, luid %p, riid %s, out %p.", (void *)iface, (const void *)luid, rt_debugstr_guid(riid),
            (void *)out);
    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!luid)
        return E_INVALIDARG;
    if (FAILED(factory_collect(factory, found, &count)))
        return E_OUTOFMEMORY;
    for (i = 0; i < count; ++i)
    {
        info = rt_dxcore_adapter_get_info(found[i]);
        if (hr == E_INVALIDARG && info->luid.LowPart == luid->LowPart && info->luid.HighPart == luid->HighPart)
            hr = IDXCoreAdapter_QueryInterface(rt_dxcore_adapter_iface(found[i]), riid, out);
    }
    release_adapters(found, count);
    if (hr == E_INVALIDARG)
        RT_WARN("No adapter has LUID %08x:%08x.", (unsigned int)luid->HighPart, (unsigned int)luid->LowPart);
    return hr;
}

static bool STDMETHODCALLTYPE rt_dxcore_factory_IsNotificationTypeSupported(IDXCoreAdapterFactory *iface,
        DXCoreNotificationType type)
{
    RT_TRACE("iface %p, type %u.", (void *)iface, (unsigned int)type);
    /* Adapters never go stale or invalid and budgets are not watched: nothing to notify. */
    return false;
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_factory_RegisterEventNotification(IDXCoreAdapterFactory *iface,
        IUnknown *object, DXCoreNotificationType type, PFN_DXCORE_NOTIFICATION_CALLBACK callback, void *context,
        uint32_t *cookie)
{
    RT_TRACE("iface %p, object %p, type %u, callback %p, context %p, cookie %p.", (void *)iface, (void *)object,
            (unsigned int)type, (void *)(uintptr_t)callback, context, (void *)cookie);
    /* Microsoft Learn: a failed registration leaves a zero (invalid) cookie. */
    if (cookie)
        *cookie = 0;
    if (!object)
        return E_INVALIDARG;
    if (!callback || !cookie)
        return E_POINTER;
    /* No notification type is supported (IsNotificationTypeSupported). */
    RT_WARN("Notification type %u is not supported.", (unsigned int)type);
    return DXGI_ERROR_INVALID_CALL;
}

static HRESULT STDMETHODCALLTYPE rt_dxcore_factory_UnregisterEventNotification(IDXCoreAdapterFactory *iface,
        uint32_t cookie)
{
    RT_TRACE("iface %p, cookie %u.", (void *)iface, cookie);
    /* Nothing was ever registered, so no cookie is valid. */
    return E_INVALIDARG;
}

static const struct IDXCoreAdapterFactoryVtbl rt_dxcore_factory_vtbl =
{
    /* IUnknown methods */
    rt_dxcore_factory_QueryInterface,
    rt_dxcore_factory_AddRef,
    rt_dxcore_factory_Release,
    /* IDXCoreAdapterFactory methods */
    rt_dxcore_factory_CreateAdapterList,
    rt_dxcore_factory_GetAdapterByLuid,
    rt_dxcore_factory_IsNotificationTypeSupported,
    rt_dxcore_factory_RegisterEventNotification,
    rt_dxcore_factory_UnregisterEventNotification,
};

HRESULT rt_dxcore_factory_get(REFIID riid, void **out)
{
    struct rt_dxcore_factory *factory;

    if (!out)
        return E_POINTER;
    *out = NULL;
    dxcore_lock();
    if ((factory = dxcore_global.factory))
    {
        IDXCoreAdapterFactory_AddRef(&factory->IDXCoreAdapterFactory_iface);
    }
    else
    {
        if (!(factory = calloc(1, sizeof(*factory))))
        {
            dxcore_unlock();
            return E_OUTOFMEMORY;
        }
        factory->IDXCoreAdapterFactory_iface.lpVtbl = &rt_dxcore_factory_vtbl;
        atomic_init(&factory->refcount, 1);
        dxcore_global.factory = factory;
    }
    dxcore_unlock();
    return rt_return_interface(&factory->IDXCoreAdapterFactory_iface, &IID_IDXCoreAdapterFactory, riid, out);
}
