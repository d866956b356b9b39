/* ID3DBlob: the buffers the root signature serializer hands out. */
#include <stdatomic.h>
#include <stdlib.h>

#include "rt_blob.h"

struct rt_blob
{
    ID3DBlob ID3DBlob_iface;
    atomic_uint refcount;
    void *data;
    size_t size;
};

static inline struct rt_blob *impl_from_ID3DBlob(ID3DBlob *iface)
{
    return RT_CONTAINING(iface, struct rt_blob, ID3DBlob_iface);
}

static HRESULT STDMETHODCALLTYPE rt_blob_QueryInterface(ID3DBlob *iface, REFIID riid, void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D10Blob) || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D10Blob_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_blob_AddRef(ID3DBlob *iface)
{
    struct rt_blob *blob = impl_from_ID3DBlob(iface);
    unsigned int refcount = atomic_fetch_add(&blob->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)blob, refcount);
    return refcount;
}

static ULONG STDMETHODCALLTYPE rt_blob_Release(ID3DBlob *iface)
{
    struct rt_blob *blob = impl_from_ID3DBlob(iface);
    unsigned int refcount = atomic_fetch_sub(&blob->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)blob, refcount);
    if (!refcount)
    {
        free(blob->data);
        free(blob);
    }
    return refcount;
}

static void * STDMETHODCALLTYPE rt_blob_GetBufferPointer(ID3DBlob *iface)
{
    RT_TRACE("iface %p.", (void *)iface);
    return impl_from_ID3DBlob(iface)->data;
}

static SIZE_T STDMETHODCALLTYPE rt_blob_GetBufferSize(ID3DBlob *iface)
{
    RT_TRACE("iface %p.", (void *)iface);
    return impl_from_ID3DBlob(iface)->size;
}

static const struct ID3D10BlobVtbl rt_blob_vtbl =
{
    /* IUnknown methods */
    rt_blob_QueryInterface,
    rt_blob_AddRef,
    rt_blob_Release,
    /* ID3D10Blob methods */
    rt_blob_GetBufferPointer,
    rt_blob_GetBufferSize,
};

HRESULT rt_blob_create(void *data, size_t size, ID3DBlob **out)
{
    struct rt_blob *blob;

    if (!(blob = malloc(sizeof(*blob))))
    {
        free(data);
        return E_OUTOFMEMORY;
    }
    blob->ID3DBlob_iface.lpVtbl = &rt_blob_vtbl;
    atomic_init(&blob->refcount, 1);
    blob->data = data;
    blob->size = size;
    *out = &blob->ID3DBlob_iface;
    return S_OK;
}

HRESULT rt_blob_create_text(const char *text, ID3DBlob **out)
{
    size_t size = strlen(text) + 1;
    char *copy;

    if (!(copy = malloc(size)))
        return E_OUTOFMEMORY;
    memcpy(copy, text, size);
    return rt_blob_create(copy, size, out);
}
