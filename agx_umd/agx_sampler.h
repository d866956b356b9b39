/*
 * AGX's hardware sampler slots. Apple GPUs read sampler state from one device-wide
 * sampler heap of 1,024 entries (seed 002; Honeykrisp's table), fewer than the 2,048
 * distinct states D3D12 lets shader-visible heaps hold, so identical states share a
 * slot. D3D12 samplers are never destroyed (CreateSampler writes into descriptor heap
 * memory that is simply overwritten), so a slot lives until the device is destroyed.
 * When 1,024 distinct states are in use, the next new one has no slot: CreateSampler
 * cannot fail, so the device is removed with E_OUTOFMEMORY (specs/agx_umd.md,
 * "Hardware sampler slots").
 */
#ifndef AGX_SAMPLER_H
#define AGX_SAMPLER_H

#include <threads.h>
#include "agx_common.h"

#define AGX_SAMPLER_SLOT_COUNT 1024u
#define AGX_SAMPLER_SLOT_NONE UINT32_MAX  /* a record whose state got no slot */

struct agx_device;

/* The device's table (embedded in struct agx_device). */
struct agx_sampler_slots
{
    mtx_t lock;
    uint32_t count;
    /* Open addressing over the canonical states: slot + 1, 0 for an empty bucket. */
    uint16_t buckets[2 * AGX_SAMPLER_SLOT_COUNT];
    D3D12_SAMPLER_DESC2 states[AGX_SAMPLER_SLOT_COUNT];
};

HRESULT agx_sampler_slots_init(struct agx_sampler_slots *slots);
void agx_sampler_slots_finish(struct agx_sampler_slots *slots);

/*
 * The slot of a sampler state, shared with every state that samples the same way
 * (fields the state's filter and address modes do not use are ignored: the border
 * colour without a BORDER mode, the comparison function without a comparison filter,
 * the anisotropy without an anisotropic filter). Thread-safe. E_OUTOFMEMORY, with
 * *slot = AGX_SAMPLER_SLOT_NONE, when the state is new and every slot is taken.
 */
HRESULT agx_sampler_slot_acquire(struct agx_device *device, const D3D12_SAMPLER_DESC2 *desc, uint32_t *slot);
/* Whether any address mode is BORDER (the border colour matters). */
bool agx_sampler_uses_border(const D3D12_SAMPLER_DESC2 *desc);
/* Slots in use. */
uint32_t agx_sampler_slot_count(struct agx_device *device);

/* A root signature's static sampler as the sampler state it stands for: the border
 * enum becomes a float or (the _UINT ones) a uint border colour. */
void agx_sampler_static_desc(const D3D12_STATIC_SAMPLER_DESC *desc, D3D12_SAMPLER_DESC2 *out);

#endif
