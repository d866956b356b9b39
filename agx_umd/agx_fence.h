/* Fences: backend timelines that the CPU and every queue signal and wait on. */
#ifndef AGX_FENCE_H
#define AGX_FENCE_H

#include "agx_device.h"

/* Lives in the runtime's memory (CalcPrivateFenceSize). */
struct agx_fence
{
    struct agx_device *device;
    struct agx_timeline *timeline;
};

static inline struct agx_fence *agx_fence_from_handle(D3D12DDI_HFENCE handle)
{
    return handle.pDrvPrivate;
}

#endif
