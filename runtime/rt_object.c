/* The private data store behind ID3D12Object's GetPrivateData & co. and SetName. */
#include <stdio.h>
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

/* UTF-8 of one code point; a value that is not one (a surrogate, past U+10FFFF) is '?'. */
static size_t utf8_encode(uint32_t c, char out[4])
{
    if (c < 0x80)
    {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800)
    {
        out[0] = (char)(0xc0 | c >> 6);
        out[1] = (char)(0x80 | (c & 0x3f));
        return 2;
    }
    if ((c >= 0xd800 && c < 0xe000) || c > 0x10ffff)
    {
        out[0] = '?';
        return 1;
    }
    if (c < 0x10000)
    {
        out[0] = (char)(0xe0 | c >> 12);
        out[1] = (char)(0x80 | ((c >> 6) & 0x3f));
        out[2] = (char)(0x80 | (c & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | c >> 18);
    out[1] = (char)(0x80 | ((c >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3f));
    out[3] = (char)(0x80 | (c & 0x3f));
    return 4;
}

/* The name's UTF-8 into name (at most size - 1 bytes, whole characters); false without one. */
static bool store_read_name_locked(const struct rt_private_store *store, char *name, size_t size)
{
    const struct rt_private_entry *entry;
    size_t out = 0, i, count, length;
    char utf8[4];

    for (entry = store->entries; entry; entry = entry->next)
    {
        if (!entry->is_interface && rt_guid_equal(&entry->guid, &WKPDID_D3DDebugObjectNameW))
            break;
    }
    if (entry)
    {
        const WCHAR *text = (const WCHAR *)entry->u.bytes;

        count = entry->size / sizeof(*text);
        for (i = 0; i < count && text[i]; ++i)
        {
            length = utf8_encode((uint32_t)text[i], utf8);
            if (out + length >= size)
                break;
            memcpy(name + out, utf8, length);
            out += length;
        }
        name[out] = 0;
        return true;
    }
    /* The narrow name applications set with SetPrivateData (D3D11's habit), bytes as given. */
    for (entry = store->entries; entry; entry = entry->next)
    {
        if (!entry->is_interface && rt_guid_equal(&entry->guid, &WKPDID_D3DDebugObjectName))
            break;
    }
    if (!entry)
        return false;
    for (i = 0; i < entry->size && entry->u.bytes[i] && out + 1 < size; ++i)
        name[out++] = (char)entry->u.bytes[i];
    name[out] = 0;
    return true;
}

const char *rt_debugstr_object(struct rt_private_store *store, const void *object, const char *type)
{
    static thread_local char ring[4][RT_DEBUGSTR_OBJECT_SIZE];
    static thread_local unsigned int index;
    char *buffer = ring[index++ % RT_ARRAY_SIZE(ring)], name[RT_DEBUGSTR_OBJECT_SIZE - 24];
    bool named;

    if (!object)
        return "NULL";
    mtx_lock(&store->mutex);
    named = store_read_name_locked(store, name, sizeof(name));
    mtx_unlock(&store->mutex);
    if (named)
        snprintf(buffer, RT_DEBUGSTR_OBJECT_SIZE, "0x%016" PRIXPTR ":'%s'", (uintptr_t)object, name);
    else
        snprintf(buffer, RT_DEBUGSTR_OBJECT_SIZE, "0x%016" PRIXPTR ":'Unnamed %s Object'", (uintptr_t)object,
                 type);
    return buffer;
}
