/* The hardware sampler slots (agx_sampler.h). */
#include <string.h>
#include "agx_device.h"
#include "agx_sampler.h"

#define AGX_SAMPLER_BUCKETS (2 * AGX_SAMPLER_SLOT_COUNT)
#define AGX_SAMPLER_IDLE_END ((uint16_t)AGX_SAMPLER_SLOT_COUNT)

HRESULT agx_sampler_slots_init(struct agx_sampler_slots *slots)
{
    memset(slots, 0, sizeof(*slots));
    slots->idle_head = slots->idle_tail = AGX_SAMPLER_IDLE_END;
    return mtx_init(&slots->lock, mtx_plain) == thrd_success ? S_OK : E_OUTOFMEMORY;
}

void agx_sampler_slots_finish(struct agx_sampler_slots *slots)
{
    mtx_destroy(&slots->lock);
}

static float agx_sampler_zero_sign(float f)
{
    /* -0 samples as +0. */
    return f == 0.0f ? 0.0f : f;
}

bool agx_sampler_uses_border(const D3D12_SAMPLER_DESC2 *desc)
{
    return desc->AddressU == D3D12_TEXTURE_ADDRESS_MODE_BORDER || desc->AddressV == D3D12_TEXTURE_ADDRESS_MODE_BORDER
            || desc->AddressW == D3D12_TEXTURE_ADDRESS_MODE_BORDER;
}

/* The state with the fields that cannot change a sample cleared, every byte defined. */
static void agx_sampler_canonical(const D3D12_SAMPLER_DESC2 *desc, D3D12_SAMPLER_DESC2 *key)
{
    memset(key, 0, sizeof(*key));
    key->Filter = desc->Filter;
    key->AddressU = desc->AddressU;
    key->AddressV = desc->AddressV;
    key->AddressW = desc->AddressW;
    key->MipLODBias = agx_sampler_zero_sign(desc->MipLODBias);
    key->MinLOD = agx_sampler_zero_sign(desc->MinLOD);
    key->MaxLOD = agx_sampler_zero_sign(desc->MaxLOD);
    if (desc->Filter & D3D12_ANISOTROPIC_FILTERING_BIT)
        key->MaxAnisotropy = desc->MaxAnisotropy;
    if (D3D12_DECODE_IS_COMPARISON_FILTER(desc->Filter))
        key->ComparisonFunc = desc->ComparisonFunc;
    if (agx_sampler_uses_border(desc))
    {
        memcpy(key->UintBorderColor, desc->UintBorderColor, sizeof(key->UintBorderColor));
        key->Flags = desc->Flags & D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR;
    }
}

static uint32_t agx_sampler_hash(const D3D12_SAMPLER_DESC2 *key)
{
    const uint8_t *bytes = (const uint8_t *)key;
    uint32_t hash = 2166136261u;
    size_t i;

    /* FNV-1a. */
    for (i = 0; i < sizeof(*key); ++i)
        hash = (hash ^ bytes[i]) * 16777619u;
    return hash;
}

/* ---- The idle list: filled slots nothing references, in release order ---------------- */

static void agx_sampler_idle_unlink(struct agx_sampler_slots *slots, uint32_t slot)
{
    uint16_t prev = slots->idle_prev[slot], next = slots->idle_next[slot];

    if (prev == AGX_SAMPLER_IDLE_END)
        slots->idle_head = next;
    else
        slots->idle_next[prev] = next;
    if (next == AGX_SAMPLER_IDLE_END)
        slots->idle_tail = prev;
    else
        slots->idle_prev[next] = prev;
}

static void agx_sampler_idle_append(struct agx_sampler_slots *slots, uint32_t slot)
{
    slots->idle_prev[slot] = slots->idle_tail;
    slots->idle_next[slot] = AGX_SAMPLER_IDLE_END;
    if (slots->idle_tail == AGX_SAMPLER_IDLE_END)
        slots->idle_head = (uint16_t)slot;
    else
        slots->idle_next[slots->idle_tail] = (uint16_t)slot;
    slots->idle_tail = (uint16_t)slot;
}

/* ---- The hash ----------------------------------------------------------------------------- */

/* The bucket holding a filled slot's state. */
static uint32_t agx_sampler_bucket_of(const struct agx_sampler_slots *slots, uint32_t slot)
{
    uint32_t bucket = slots->hashes[slot] % AGX_SAMPLER_BUCKETS;

    while (slots->buckets[bucket] != slot + 1)
        bucket = (bucket + 1) % AGX_SAMPLER_BUCKETS;
    return bucket;
}

/* Empties a bucket, moving later entries of its probe run back so that every probe
 * still ends on an empty bucket only after passing its state (linear probing's
 * deletion, Knuth 6.4 algorithm R). */
static void agx_sampler_bucket_remove(struct agx_sampler_slots *slots, uint32_t hole)
{
    uint32_t next = hole, home;

    for (;;)
    {
        next = (next + 1) % AGX_SAMPLER_BUCKETS;
        if (!slots->buckets[next])
            break;
        home = slots->hashes[slots->buckets[next] - 1] % AGX_SAMPLER_BUCKETS;
        /* The entry may move into the hole unless its home lies cyclically in (hole, next]. */
        if (hole <= next ? home <= hole || home > next : home <= hole && home > next)
        {
            slots->buckets[hole] = slots->buckets[next];
            hole = next;
        }
    }
    slots->buckets[hole] = 0;
}

/* The slot a new state takes: an unfilled one, else the least recently released
 * idle one, whose state is forgotten; AGX_SAMPLER_SLOT_NONE when all are referenced. */
static uint32_t agx_sampler_slot_take(struct agx_sampler_slots *slots)
{
    uint32_t slot;

    if (slots->filled < AGX_SAMPLER_SLOT_COUNT)
        return slots->filled++;
    if ((slot = slots->idle_head) == AGX_SAMPLER_IDLE_END)
        return AGX_SAMPLER_SLOT_NONE;
    agx_sampler_idle_unlink(slots, slot);
    agx_sampler_bucket_remove(slots, agx_sampler_bucket_of(slots, slot));
    ++slots->evicted;
    return slot;
}

HRESULT agx_sampler_slot_acquire(struct agx_device *device, const D3D12_SAMPLER_DESC2 *desc, uint32_t *slot)
{
    struct agx_sampler_slots *slots = &device->sampler_slots;
    uint32_t bucket, entry, hash;
    D3D12_SAMPLER_DESC2 key;
    HRESULT hr = S_OK;

    agx_sampler_canonical(desc, &key);
    hash = agx_sampler_hash(&key);
    mtx_lock(&slots->lock);
    /* Twice as many buckets as slots: a probe always ends on an empty one. */
    for (bucket = hash % AGX_SAMPLER_BUCKETS; (entry = slots->buckets[bucket]);
            bucket = (bucket + 1) % AGX_SAMPLER_BUCKETS)
    {
        if (slots->hashes[entry - 1] == hash && !memcmp(&slots->states[entry - 1], &key, sizeof(key)))
            break;
    }
    if (entry)
    {
        *slot = entry - 1;
        if (!slots->refs[*slot]++)
        {
            agx_sampler_idle_unlink(slots, *slot);
            ++slots->live;
        }
    }
    else if ((*slot = agx_sampler_slot_take(slots)) != AGX_SAMPLER_SLOT_NONE)
    {
        slots->states[*slot] = key;
        slots->hashes[*slot] = hash;
        slots->refs[*slot] = 1;
        ++slots->live;
        /* Taking an idle slot may have moved entries: probe again for the empty bucket. */
        for (bucket = hash % AGX_SAMPLER_BUCKETS; slots->buckets[bucket]; bucket = (bucket + 1) % AGX_SAMPLER_BUCKETS)
            ;
        slots->buckets[bucket] = (uint16_t)(*slot + 1);
    }
    else
    {
        hr = E_OUTOFMEMORY;
    }
    mtx_unlock(&slots->lock);
    return hr;
}

void agx_sampler_slot_add_ref(struct agx_device *device, uint32_t slot)
{
    struct agx_sampler_slots *slots = &device->sampler_slots;

    if (slot >= AGX_SAMPLER_SLOT_COUNT)
        return;
    mtx_lock(&slots->lock);
    /* Only a referenced slot's record can be copied, so it never leaves the idle list here. */
    ++slots->refs[slot];
    mtx_unlock(&slots->lock);
}

void agx_sampler_slot_release(struct agx_device *device, uint32_t slot)
{
    struct agx_sampler_slots *slots = &device->sampler_slots;

    if (slot >= AGX_SAMPLER_SLOT_COUNT)
        return;
    mtx_lock(&slots->lock);
    if (slots->refs[slot] && !--slots->refs[slot])
    {
        agx_sampler_idle_append(slots, slot);
        --slots->live;
    }
    mtx_unlock(&slots->lock);
}

void agx_sampler_slot_state(struct agx_device *device, uint32_t slot, D3D12_SAMPLER_DESC2 *state)
{
    struct agx_sampler_slots *slots = &device->sampler_slots;

    mtx_lock(&slots->lock);
    *state = slots->states[slot];
    mtx_unlock(&slots->lock);
}

uint32_t agx_sampler_slot_count(struct agx_device *device)
{
    uint32_t count;

    mtx_lock(&device->sampler_slots.lock);
    count = device->sampler_slots.live;
    mtx_unlock(&device->sampler_slots.lock);
    return count;
}

uint64_t agx_sampler_slot_evictions(struct agx_device *device)
{
    uint64_t count;

    mtx_lock(&device->sampler_slots.lock);
    count = device->sampler_slots.evicted;
    mtx_unlock(&device->sampler_slots.lock);
    return count;
}

void agx_sampler_static_desc(const D3D12_STATIC_SAMPLER_DESC *desc, D3D12_SAMPLER_DESC2 *out)
{
    memset(out, 0, sizeof(*out));
    out->Filter = desc->Filter;
    out->AddressU = desc->AddressU;
    out->AddressV = desc->AddressV;
    out->AddressW = desc->AddressW;
    out->MipLODBias = desc->MipLODBias;
    out->MaxAnisotropy = desc->MaxAnisotropy;
    out->ComparisonFunc = desc->ComparisonFunc;
    out->MinLOD = desc->MinLOD;
    out->MaxLOD = desc->MaxLOD;
    switch (desc->BorderColor)
    {
        case D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK:
            out->FloatBorderColor[3] = 1.0f;
            break;
        case D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE:
            out->FloatBorderColor[0] = out->FloatBorderColor[1] = out->FloatBorderColor[2] = 1.0f;
            out->FloatBorderColor[3] = 1.0f;
            break;
        case D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT:
            out->UintBorderColor[3] = 1;
            out->Flags = D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR;
            break;
        case D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT:
            out->UintBorderColor[0] = out->UintBorderColor[1] = out->UintBorderColor[2] = 1;
            out->UintBorderColor[3] = 1;
            out->Flags = D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR;
            break;
        default:
            /* TRANSPARENT_BLACK: all zero. */
            break;
    }
}
