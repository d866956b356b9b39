/*
 * The serializer and the two deserializer objects behind the exports and
 * ID3D12DeviceConfiguration. Deserializers keep every description they hand out until
 * they are destroyed; each version is converted once.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "rt_blob.h"
#include "rt_root_signature.h"
#include "rt_root_signature_blob.h"

HRESULT rt_root_signature_serialize_blob(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, ID3DBlob **blob,
                                         ID3DBlob **error_blob)
{
    char why[RT_ROOT_SIGNATURE_WHY_SIZE];
    void *data;
    size_t size;
    HRESULT hr;

    if (error_blob)
        *error_blob = NULL;
    if (!blob)
    {
        RT_WARN("NULL blob pointer.");
        return E_INVALIDARG;
    }
    *blob = NULL;
    if (!desc)
    {
        RT_WARN("NULL root signature description.");
        return E_INVALIDARG;
    }
    if (SUCCEEDED(hr = rt_root_signature_serialize(desc, &data, &size, why, sizeof(why))))
        return rt_blob_create(data, size, blob);
    if (hr == E_INVALIDARG)
    {
        RT_WARN("%s.", why);
        /* The text is all the error blob carries; failing to make it changes nothing. */
        if (error_blob)
            rt_blob_create_text(why, error_blob);
    }
    return hr;
}

/* The description of a blob, at the blob's version and as a version 1.2 block. */
static HRESULT deserialize(const void *data, SIZE_T size, REFIID riid, REFIID expected, void **out,
                           D3D12_VERSIONED_ROOT_SIGNATURE_DESC **canonical, D3D_ROOT_SIGNATURE_VERSION *version)
{
    char why[RT_ROOT_SIGNATURE_WHY_SIZE];
    HRESULT hr;

    rt_clear_out(out);
    if (!out)
    {
        RT_WARN("NULL output pointer.");
        return E_INVALIDARG;
    }
    if (!data || !size)
    {
        RT_WARN("Empty root signature blob.");
        return E_INVALIDARG;
    }
    if (!rt_guid_equal(riid, expected))
    {
        RT_WARN("%s is not the deserializer's interface.", rt_debugstr_guid(riid));
        return E_NOINTERFACE;
    }
    if (FAILED(hr = rt_root_signature_deserialize(data, size, canonical, version, why, sizeof(why))))
    {
        RT_WARN("%s.", why);
        return hr == E_OUTOFMEMORY ? hr : E_INVALIDARG;
    }
    return S_OK;
}

/* ---- ID3D12RootSignatureDeserializer ------------------------------------------------------ */

struct rt_root_signature_deserializer
{
    ID3D12RootSignatureDeserializer ID3D12RootSignatureDeserializer_iface;
    atomic_uint refcount;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc;   /* version 1.0 */
};

static inline struct rt_root_signature_deserializer *impl_from_ID3D12RootSignatureDeserializer(
        ID3D12RootSignatureDeserializer *iface)
{
    return RT_CONTAINING(iface, struct rt_root_signature_deserializer, ID3D12RootSignatureDeserializer_iface);
}

static HRESULT STDMETHODCALLTYPE rt_root_signature_deserializer_QueryInterface(
        ID3D12RootSignatureDeserializer *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;
    /* Not even IUnknown: Windows' deserializers answer their own interface only. */
    if (rt_guid_equal(riid, &IID_ID3D12RootSignatureDeserializer))
    {
        ID3D12RootSignatureDeserializer_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_root_signature_deserializer_AddRef(ID3D12RootSignatureDeserializer *iface)
{
    struct rt_root_signature_deserializer *deserializer = impl_from_ID3D12RootSignatureDeserializer(iface);
    unsigned int refcount = atomic_fetch_add(&deserializer->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)deserializer, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_root_signature_deserializer_Release(ID3D12RootSignatureDeserializer *iface)
{
    struct rt_root_signature_deserializer *deserializer = impl_from_ID3D12RootSignatureDeserializer(iface);
    unsigned int refcount = atomic_fetch_sub(&deserializer->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)deserializer, refcount);
    if (!refcount)
    {
        free(deserializer->desc);
        free(deserializer);
    }
    return refcount;
}

static const D3D12_ROOT_SIGNATURE_DESC * STDMETHODCALLTYPE rt_root_signature_deserializer_GetRootSignatureDesc(
        ID3D12RootSignatureDeserializer *iface)
{
    RT_TRACE("iface %p.", (void *)iface);
    return &impl_from_ID3D12RootSignatureDeserializer(iface)->desc->Desc_1_0;
}

static const struct ID3D12RootSignatureDeserializerVtbl rt_root_signature_deserializer_vtbl =
{
    /* IUnknown methods */
    rt_root_signature_deserializer_QueryInterface,
    rt_root_signature_deserializer_AddRef,
    rt_root_signature_deserializer_Release,
    /* ID3D12RootSignatureDeserializer methods */
    rt_root_signature_deserializer_GetRootSignatureDesc,
};

HRESULT rt_root_signature_deserializer_create(const void *data, SIZE_T size, REFIID riid, void **out)
{
    struct rt_root_signature_deserializer *deserializer;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *canonical, *desc;
    char why[RT_ROOT_SIGNATURE_WHY_SIZE];
    D3D_ROOT_SIGNATURE_VERSION version;
    HRESULT hr;

    if (FAILED(hr = deserialize(data, size, riid, &IID_ID3D12RootSignatureDeserializer, out, &canonical, &version)))
        return hr;
    hr = rt_root_signature_convert(canonical, D3D_ROOT_SIGNATURE_VERSION_1_0, &desc, why, sizeof(why));
    free(canonical);
    if (FAILED(hr))
    {
        RT_WARN("%s.", why);
        return hr;
    }
    if (!(deserializer = malloc(sizeof(*deserializer))))
    {
        free(desc);
        return E_OUTOFMEMORY;
    }
    deserializer->ID3D12RootSignatureDeserializer_iface.lpVtbl = &rt_root_signature_deserializer_vtbl;
    atomic_init(&deserializer->refcount, 1);
    deserializer->desc = desc;
    *out = &deserializer->ID3D12RootSignatureDeserializer_iface;
    return S_OK;
}

/* ---- ID3D12VersionedRootSignatureDeserializer --------------------------------------------- */

#define RT_ROOT_SIGNATURE_VERSION_COUNT 3   /* 1.0, 1.1 and 1.2: slot Version - 1 */

struct rt_versioned_root_signature_deserializer
{
    ID3D12VersionedRootSignatureDeserializer ID3D12VersionedRootSignatureDeserializer_iface;
    atomic_uint refcount;
    D3D_ROOT_SIGNATURE_VERSION version;                 /* the blob's */
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *canonical;     /* version 1.2, what conversions start from */
    /* Each version once converted; the blob's own is converted at creation. */
    _Atomic(D3D12_VERSIONED_ROOT_SIGNATURE_DESC *) descs[RT_ROOT_SIGNATURE_VERSION_COUNT];
};

static inline struct rt_versioned_root_signature_deserializer *impl_from_ID3D12VersionedRootSignatureDeserializer(
        ID3D12VersionedRootSignatureDeserializer *iface)
{
    return RT_CONTAINING(iface, struct rt_versioned_root_signature_deserializer,
                         ID3D12VersionedRootSignatureDeserializer_iface);
}

static HRESULT STDMETHODCALLTYPE rt_versioned_root_signature_deserializer_QueryInterface(
        ID3D12VersionedRootSignatureDeserializer *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12VersionedRootSignatureDeserializer))
    {
        ID3D12VersionedRootSignatureDeserializer_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_versioned_root_signature_deserializer_AddRef(
        ID3D12VersionedRootSignatureDeserializer *iface)
{
    struct rt_versioned_root_signature_deserializer *deserializer
            = impl_from_ID3D12VersionedRootSignatureDeserializer(iface);
    unsigned int refcount = atomic_fetch_add(&deserializer->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)deserializer, refcount);
    return refcount;
}

static void versioned_deserializer_destroy(struct rt_versioned_root_signature_deserializer *deserializer)
{
    unsigned int i;

    for (i = 0; i < RT_ROOT_SIGNATURE_VERSION_COUNT; ++i)
        free(atomic_load(&deserializer->descs[i]));
    free(deserializer->canonical);
    free(deserializer);
}

static ULONG STDMETHODCALLTYPE rt_versioned_root_signature_deserializer_Release(
        ID3D12VersionedRootSignatureDeserializer *iface)
{
    struct rt_versioned_root_signature_deserializer *deserializer
            = impl_from_ID3D12VersionedRootSignatureDeserializer(iface);
    unsigned int refcount = atomic_fetch_sub(&deserializer->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)deserializer, refcount);
    if (!refcount)
        versioned_deserializer_destroy(deserializer);
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_versioned_root_signature_deserializer_GetRootSignatureDescAtVersion(
        ID3D12VersionedRootSignatureDeserializer *iface, D3D_ROOT_SIGNATURE_VERSION version,
        const D3D12_VERSIONED_ROOT_SIGNATURE_DESC **desc)
{
    struct rt_versioned_root_signature_deserializer *deserializer
            = impl_from_ID3D12VersionedRootSignatureDeserializer(iface);
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *converted, *expected = NULL;
    char why[RT_ROOT_SIGNATURE_WHY_SIZE];
    HRESULT hr;

    RT_TRACE("iface %p, version %#x, desc %p.", (void *)iface, version, (void *)desc);

    if (!desc)
    {
        RT_WARN("NULL output pointer.");
        return E_INVALIDARG;
    }
    *desc = NULL;
    if (!rt_root_signature_version_is_known(version))
    {
        RT_WARN("Unknown root signature version %#x.", version);
        return E_INVALIDARG;
    }
    if ((*desc = atomic_load(&deserializer->descs[version - 1])))
        return S_OK;
    if (FAILED(hr = rt_root_signature_convert(deserializer->canonical, version, &converted, why, sizeof(why))))
    {
        RT_WARN("%s.", why);
        return hr;
    }
    /* Another thread may have converted it meanwhile: everyone returns the first one. */
    if (!atomic_compare_exchange_strong(&deserializer->descs[version - 1], &expected, converted))
    {
        free(converted);
        converted = expected;
    }
    *desc = converted;
    return S_OK;
}

static const D3D12_VERSIONED_ROOT_SIGNATURE_DESC * STDMETHODCALLTYPE
rt_versioned_root_signature_deserializer_GetUnconvertedRootSignatureDesc(ID3D12VersionedRootSignatureDeserializer *iface)
{
    struct rt_versioned_root_signature_deserializer *deserializer
            = impl_from_ID3D12VersionedRootSignatureDeserializer(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return atomic_load(&deserializer->descs[deserializer->version - 1]);
}

static const struct ID3D12VersionedRootSignatureDeserializerVtbl rt_versioned_root_signature_deserializer_vtbl =
{
    /* IUnknown methods */
    rt_versioned_root_signature_deserializer_QueryInterface,
    rt_versioned_root_signature_deserializer_AddRef,
    rt_versioned_root_signature_deserializer_Release,
    /* ID3D12VersionedRootSignatureDeserializer methods */
    rt_versioned_root_signature_deserializer_GetRootSignatureDescAtVersion,
    rt_versioned_root_signature_deserializer_GetUnconvertedRootSignatureDesc,
};

HRESULT rt_versioned_root_signature_deserializer_create(const void *data, SIZE_T size, REFIID riid, void **out)
{
    struct rt_versioned_root_signature_deserializer *deserializer;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *canonical, *desc;
    char why[RT_ROOT_SIGNATURE_WHY_SIZE];
    D3D_ROOT_SIGNATURE_VERSION version;
    unsigned int i;
    HRESULT hr;

    if (FAILED(hr = deserialize(data, size, riid, &IID_ID3D12VersionedRootSignatureDeserializer, out, &canonical,
                                &version)))
        return hr;
    if (FAILED(hr = rt_root_signature_convert(canonical, version, &desc, why, sizeof(why))))
    {
        RT_WARN("%s.", why);
        free(canonical);
        return hr;
    }
    if (!(deserializer = malloc(sizeof(*deserializer))))
    {
        free(desc);
        free(canonical);
        return E_OUTOFMEMORY;
    }
    deserializer->ID3D12VersionedRootSignatureDeserializer_iface.lpVtbl
            = &rt_versioned_root_signature_deserializer_vtbl;
    atomic_init(&deserializer->refcount, 1);
    deserializer->version = version;
    deserializer->canonical = canonical;
    for (i = 0; i < RT_ROOT_SIGNATURE_VERSION_COUNT; ++i)
        atomic_init(&deserializer->descs[i], NULL);
    atomic_store(&deserializer->descs[version - 1], desc);
    *out = &deserializer->ID3D12VersionedRootSignatureDeserializer_iface;
    return S_OK;
}
