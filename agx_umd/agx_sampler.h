/*
 * AGX's hardware sampler slots. Apple GPUs read sampler state from one device-wide
 * sampler heap of 1,024 entries (seed 002; Honeykrisp's table), fewer than the 2,048
 * samplers D3D12 lets a shader-visible heap hold, so identical states share a slot.
 * A slot is a keyed cache entry in seed 003's shape (specs/agx_umd.md, "Hardware
 * sampler slots"; decision D013): the key is how the state samples, every sampler
 * record in a descriptor heap and every root signature's static sampler holds a
 * reference, a slot whose references are gone stays filled (a later equal state takes
 * it back) until a new state needs the room, least recently released first, and a
 * slot that is referenced is never given to another state. With all 1,024 referenced
 * a new state is refused: its record gets no slot and samples nothing (D013).
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
    uint32_t filled;              /* slots 0..filled-1 hold a state */
    uint32_t live;                /* slots with references */
    /* Linear probing over the canonical states: slot + 1, 0 for an empty bucket. */
    uint16_t buckets[2 * AGX_SAMPLER_SLOT_COUNT];
    D3D12_SAMPLER_DESC2 states[AGX_SAMPLER_SLOT_COUNT];
    uint32_t hashes[AGX_SAMPLER_SLOT_COUNT];
    uint32_t refs[AGX_SAMPLER_SLOT_COUNT];
    /* Filled slots without references, least recently released at the head. */
    uint16_t idle_prev[AGX_SAMPLER_SLOT_COUNT], idle_next[AGX_SAMPLER_SLOT_COUNT];
    uint16_t idle_head, idle_tail;
    uint64_t evicted;             /* states that gave their slot to another */
};

HRESULT agx_sampler_slots_init(struct agx_sampler_slots *slots);
void agx_sampler_slots_finish(struct agx_sampler_slots *slots);

/*
 * A reference on the slot of a sampler state, shared with every state that samples
 * the same way (fields the state's filter and address modes do not use are ignored:
 * the border colour without a BORDER mode, the comparison function without a
 * comparison filter, the anisotropy without an anisotropic filter). Thread-safe.
 * E_OUTOFMEMORY, with *slot = AGX_SAMPLER_SLOT_NONE, when the state is new and every
 * slot is referenced.
 */
HRESULT agx_sampler_slot_acquire(struct agx_device *device, const D3D12_SAMPLER_DESC2 *desc, uint32_t *slot);
/* Another reference on a slot (a copied record); nothing for AGX_SAMPLER_SLOT_NONE. */
void agx_sampler_slot_add_ref(struct agx_device *device, uint32_t slot);
/* Drops a reference; nothing for AGX_SAMPLER_SLOT_NONE. */
void agx_sampler_slot_release(struct agx_device *device, uint32_t slot);
/* The state the hardware samples with from a referenced slot (the canonical one). */
void agx_sampler_slot_state(struct agx_device *device, uint32_t slot, D3D12_SAMPLER_DESC2 *state);
/* Whether any address mode is BORDER (the border colour matters). */
bool agx_sampler_uses_border(const D3D12_SAMPLER_DESC2 *desc);
/* Slots with references. */
uint32_t agx_sampler_slot_count(struct agx_device *device);
/* States that gave their unreferenced slot to a new state (the tests' window). */
uint64_t agx_sampler_slot_evictions(struct agx_device *device);

/* A root signature's static sampler as the sampler state it stands for: the border
 * enum becomes a float or (the _UINT ones) a uint border colour. */
void agx_sampler_static_desc(const D3D12_STATIC_SAMPLER_DESC *desc, D3D12_SAMPLER_DESC2 *out);

#endif
