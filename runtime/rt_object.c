/* The private data store behind ID3D12Object's GetPrivateData & co. and SetName. */
#include <stdlib.h>
#include <wchar.h>

#include "rt_object.h"

struct rt_private_entry
{
    struct rt_private_entry *next;
    GUID guid;
    bool is_interface;
    UINT size;
    union
    {
        IUnknown *object;
        unsigned char bytes[1];
    } u;
};

HRESULT rt_private_store_init(struct rt_private_store *store)
{
    store->entries = NULL;
    return mtx_init(&store->mutex, mtx_plain) == thrd_success ? S_OK : E_OUTOFMEMORY;
}

void rt_private_store_destroy(struct rt_private_store *store)
{
    struct rt_private_entry *entry, *next;

    for (entry = store->entries; entry; entry = next)
    {
        next = entry->next;
        if (entry->is_interface && entry->u.object)
            IUnknown_Release(entry->u.object);
        free(entry);
    }
    store->entries = NULL;
    mtx_destroy(&store->mutex);
}

/* Unlinks the entry for guid; the caller owns it afterwards. */
static struct rt_private_entry *store_unlink(struct rt_private_store *store, REFGUID guid)
{
    struct rt_private_entry **link, *entry;

    for (link = &store->entries; (entry = *link); link = &entry->next)
    {
        if (rt_guid_equal(&entry->guid, guid))
        {
            *link = entry->next;
            return entry;
        }
    }
    return NULL;
}

static void entry_free(struct rt_private_entry *entry)
{
    if (!entry)
        return;
    if (entry->is_interface && entry->u.object)
        IUnknown_Release(entry->u.object);
    free(entry);
}

HRESULT rt_private_store_get(struct rt_private_store *store, REFGUID guid, UINT *size, void *data)
{
    struct rt_private_entry *entry;
    HRESULT hr = S_OK;

    if (!guid || !size)
        return E_INVALIDARG;

    mtx_lock(&store->mutex);
    for (entry = store->entries; entry; entry = entry->next)
    {
        if (rt_guid_equal(&entry->guid, guid))
            break;
    }
    if (!entry)
    {
        *size = 0;
        hr = DXGI_ERROR_NOT_FOUND;
    }
    else if (!data)
    {
        *size = entry->size;
    }
    else if (*size < entry->size)
    {
        *size = entry->size;
        hr = DXGI_ERROR_MORE_DATA;
    }
    else
    {
        *size = entry->size;
        if (entry->is_interface)
        {
            if (entry->u.object)
                IUnknown_AddRef(entry->u.object);
            memcpy(data, &entry->u.object, sizeof(entry->u.object));
        }
        else
        {
            memcpy(data, entry->u.bytes, entry->size);
        }
    }
    mtx_unlock(&store->mutex);
    return hr;
}

static HRESULT store_insert(struct rt_private_store *store, struct rt_private_entry *entry)
{
    struct rt_private_entry *old;

    mtx_lock(&store->mutex);
    old = store_unlink(store, &entry->guid);
    entry->next = store->entries;
    store->entries = entry;
    mtx_unlock(&store->mutex);

    /* Released outside the lock: the old interface may be an object that owns this one. */
    entry_free(old);
    return S_OK;
}

HRESULT rt_private_store_set(struct rt_private_store *store, REFGUID guid, UINT size, const void *data)
{
    struct rt_private_entry *entry;

    if (!guid)
        return E_INVALIDARG;

    if (!data || !size)
    {
        mtx_lock(&store->mutex);
        entry = store_unlink(store, guid);
        mtx_unlock(&store->mutex);
        if (!entry)
            return S_FALSE;
        entry_free(entry);
        return S_OK;
    }

    if (!(entry = malloc(sizeof(*entry) + size)))
        return E_OUTOFMEMORY;
    entry->guid = *guid;
    entry->is_interface = false;
    entry->size = size;
    memcpy(entry->u.bytes, data, size);
    return store_insert(store, entry);
}

HRESULT rt_private_store_set_interface(struct rt_private_store *store, REFGUID guid, const IUnknown *object)
{
    struct rt_private_entry *entry;

    if (!guid)
        return E_INVALIDARG;
    if (!(entry = malloc(sizeof(*entry))))
        return E_OUTOFMEMORY;
    entry->guid = *guid;
    entry->is_interface = true;
    entry->size = sizeof(IUnknown *);
    entry->u.object = (IUnknown *)object;
    /* AddRef before the old entry goes, in case both are the same object. */
    if (entry->u.object)
        IUnknown_AddRef(entry->u.object);
    return store_insert(store, entry);
}

HRESULT rt_private_store_set_name(struct rt_private_store *store, LPCWSTR name)
{
    if (!name)
        return E_INVALIDARG;
    return rt_private_store_set(store, &WKPDID_D3DDebugObjectNameW,
            (UINT)((wcslen(name) + 1) * sizeof(*name)), name);
}
