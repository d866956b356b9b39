/* What the output merger's depth/stencil part (agx_om.c) and colour part
 * (agx_om_color.c) share: finding the element that holds a pixel's samples. */
#ifndef AGX_OM_PRIVATE_H
#define AGX_OM_PRIVATE_H

#include "agx_om.h"

/* One pixel of one plane of a bound target: all its samples sit together. */
struct agx_om_element
{
    struct agx_layout_subresource sub;
    uint64_t va;                  /* GPU address of the pixel's element */
    uint32_t size;                /* bytes, every sample */
    uint32_t sample_size;
    uint32_t sample_count;
};

/* Sample s inside a copy of the element's bytes (the layout places it). */
static inline uint8_t *agx_om_sample(const struct agx_om_element *element, uint8_t *data, uint32_t s)
{
    return data + agx_layout_sample_offset(&element->sub, s);
}

/* False when the pixel lies outside the view's subresource, or the target is not a
 * texture. */
bool agx_om_locate(const struct agx_om_target *target, const struct agx_om_pixel *pixel, unsigned int plane,
                   struct agx_om_element *element);

/* The samples of an element that a coverage mask selects. A single-sampled target
 * takes the pixel when any sample is covered (ForcedSampleCount rasterises more
 * samples than the target has). */
static inline uint32_t agx_om_element_samples(const struct agx_om_element *element, uint32_t coverage)
{
    if (element->sample_count == 1)
        return coverage ? 1u : 0u;
    return coverage & ((1u << element->sample_count) - 1);
}

#endif
