/*
 * The device's root signatures by their RTS0 bytes, so identical blobs give one object as
 * on Windows (rt_root_signature.h). The list is guarded by a mutex; the counts stay
 * atomic. An object is found only while it has public references (a resurrected one
 * would need its internal unit back, racing the last Release); one kept alive by
 * pipelines alone is skipped, and a new object of the same bytes is made beside it.
 */
#include <stdlib.h>

#include "rt_device_private.h"
#include "rt_root_signature.h"

/* A public reference if the application still holds one. */
static bool try_add_public_ref(struct rt_root_signature *signature)
{
    unsigned int refcount = atomic_load(&signature->refcount);

    while (refcount)
    {
        if (atomic_compare_exchange_weak(&signature->refcount, &refcount, refcount + 1))
            return true;
    }
    return false;
}

static struct rt_root_signature *find_locked(struct rt_device *device, const void *key, size_t key_size)
{
    struct rt_root_signature *signature;

    for (signature = device->root_signatures.first; signature; signature = signature->cache_next)
    {
        if (signature->key_size == key_size && !memcmp(signature->key, key, key_size)
                && try_add_public_ref(signature))
            return signature;
    }
    return NULL;
}

struct rt_root_signature *rt_root_signature_cache_find(struct rt_device *device, const void *key, size_t key_size)
{
    struct rt_root_signature *signature;

    mtx_lock(&device->root_signatures.mutex);
    signature = find_locked(device, key, key_size);
    mtx_unlock(&device->root_signatures.mutex);
    return signature;
}

struct rt_root_signature *rt_root_signature_cache_insert(struct rt_device *device, struct rt_root_signature *signature)
{
    struct rt_root_signature *existing;

    mtx_lock(&device->root_signatures.mutex);
    if (!(existing = find_locked(device, signature->key, signature->key_size)))
    {
        signature->cache_next = device->root_signatures.first;
        device->root_signatures.first = signature;
    }
    mtx_unlock(&device->root_signatures.mutex);
    return existing;
}

void rt_root_signature_cache_remove(struct rt_device *device, struct rt_root_signature *signature)
{
    struct rt_root_signature **link;

    mtx_lock(&device->root_signatures.mutex);
    for (link = &device->root_signatures.first; *link; link = &(*link)->cache_next)
    {
        if (*link == signature)
        {
            *link = signature->cache_next;
            break;
        }
    }
    mtx_unlock(&device->root_signatures.mutex);
}
