/* The hardware sampler slots (agx_sampler.h). */
#include <string.h>
#include "agx_device.h"
#include "agx_sampler.h"

#define AGX_SAMPLER_BUCKETS (2 * AGX_SAMPLER_SLOT_COUNT)

HRESULT agx_sampler_slots_init(struct agx_sampler_slots *slots)
{
    memset(slots, 0, sizeof(*slots));
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

HRESULT agx_sampler_slot_acquire(struct agx_device *device, const D3D12_SAMPLER_DESC2 *desc, uint32_t *slot)
{
    struct agx_sampler_slots *slots = &device->sampler_slots;
    D3D12_SAMPLER_DESC2 key;
    uint32_t bucket, entry;
    HRESULT hr = S_OK;

    agx_sampler_canonical(desc, &key);
    bucket = agx_sampler_hash(&key) % AGX_SAMPLER_BUCKETS;
    mtx_lock(&slots->lock);
    /* Twice as many buckets as slots: a probe always ends on an empty one. */
    while ((entry = slots->buckets[bucket]))
    {
        if (!memcmp(&slots->states[entry - 1], &key, sizeof(key)))
            break;
        bucket = (bucket + 1) % AGX_SAMPLER_BUCKETS;
    }
    if (entry)
    {
        *slot = entry - 1;
    }
    else if (slots->count < AGX_SAMPLER_SLOT_COUNT)
    {
        *slot = slots->count++;
        slots->states[*slot] = key;
        slots->buckets[bucket] = (uint16_t)(*slot + 1);
    }
    else
    {
        *slot = AGX_SAMPLER_SLOT_NONE;
        hr = E_OUTOFMEMORY;
    }
    mtx_unlock(&slots->lock);
    return hr;
}

uint32_t agx_sampler_slot_count(struct agx_device *device)
{
    uint32_t count;

    mtx_lock(&device->sampler_slots.lock);
    count = device->sampler_slots.count;
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
