/* ID3D12AsyncCommandsFallback, the factory-local Async Commands fallback opt-in. */
#include <stdatomic.h>
#include <stdlib.h>

#include "rt_async_config.h"
#include "rt_factory.h"

struct rt_async_commands_fallback
{
    ID3D12AsyncCommandsFallback ID3D12AsyncCommandsFallback_iface;
    atomic_uint refcount;
    ID3D12DeviceFactory *factory;   /* referenced: the setting lives there */
};

static inline struct rt_async_commands_fallback *impl_from_ID3D12AsyncCommandsFallback(
        ID3D12AsyncCommandsFallback *iface)
{
    return RT_CONTAINING(iface, struct rt_async_commands_fallback, ID3D12AsyncCommandsFallback_iface);
}

static HRESULT STDMETHODCALLTYPE rt_async_commands_fallback_QueryInterface(ID3D12AsyncCommandsFallback *iface,
        REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);
    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12AsyncCommandsFallback) || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12AsyncCommandsFallback_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_async_commands_fallback_AddRef(ID3D12AsyncCommandsFallback *iface)
{
    struct rt_async_commands_fallback *fallback = impl_from_ID3D12AsyncCommandsFallback(iface);
    unsigned int refcount = atomic_fetch_add(&fallback->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)fallback, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_async_commands_fallback_Release(ID3D12AsyncCommandsFallback *iface)
{
    struct rt_async_commands_fallback *fallback = impl_from_ID3D12AsyncCommandsFallback(iface);
    unsigned int refcount = atomic_fetch_sub(&fallback->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)fallback, refcount);
    if (!refcount)
    {
        ID3D12DeviceFactory_Release(fallback->factory);
        free(fallback);
    }
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_async_commands_fallback_SetFallbackLayerEnabled(
        ID3D12AsyncCommandsFallback *iface, BOOL enable)
{
    struct rt_async_commands_fallback *fallback = impl_from_ID3D12AsyncCommandsFallback(iface);

    RT_TRACE("iface %p, enable %#x.", (void *)iface, (unsigned int)enable);
    /* Any non-zero BOOL is TRUE; devices created before keep what they were created with. */
    rt_device_factory_set_async_commands_fallback(fallback->factory, !!enable);
    return S_OK;
}

static BOOL STDMETHODCALLTYPE rt_async_commands_fallback_GetFallbackLayerEnabled(ID3D12AsyncCommandsFallback *iface)
{
    struct rt_async_commands_fallback *fallback = impl_from_ID3D12AsyncCommandsFallback(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return rt_device_factory_get_async_commands_fallback(fallback->factory) ? TRUE : FALSE;
}

static const struct ID3D12AsyncCommandsFallbackVtbl rt_async_commands_fallback_vtbl =
{
    /* IUnknown methods */
    rt_async_commands_fallback_QueryInterface,
    rt_async_commands_fallback_AddRef,
    rt_async_commands_fallback_Release,
    /* ID3D12AsyncCommandsFallback methods */
    rt_async_commands_fallback_SetFallbackLayerEnabled,
    rt_async_commands_fallback_GetFallbackLayerEnabled,
};

HRESULT rt_async_commands_fallback_create(ID3D12DeviceFactory *factory, REFIID riid, void **object)
{
    struct rt_async_commands_fallback *fallback;

    rt_clear_out(object);
    /* Checked first so a wrong riid allocates nothing. */
    if (!rt_guid_equal(riid, &IID_ID3D12AsyncCommandsFallback) && !rt_guid_equal(riid, &IID_IUnknown))
    {
        RT_WARN("%s is not an interface of CLSID_D3D12AsyncCommandsFallback.", rt_debugstr_guid(riid));
        return E_NOINTERFACE;
    }
    if (!object)
        return S_FALSE;
    if (!(fallback = calloc(1, sizeof(*fallback))))
        return E_OUTOFMEMORY;
    fallback->ID3D12AsyncCommandsFallback_iface.lpVtbl = &rt_async_commands_fallback_vtbl;
    atomic_init(&fallback->refcount, 1);
    ID3D12DeviceFactory_AddRef(factory);
    fallback->factory = factory;
    *object = &fallback->ID3D12AsyncCommandsFallback_iface;
    return S_OK;
}
