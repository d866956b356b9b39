/* The bound-clear planner (fb_plan_bound.h). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "fb_plan_bound.h"
#include "ddi_encode.h"
#include "ddi_format.h"

#define FB_BOUND_SLOTS D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

enum fb_bound_output_class fb_bound_output_class(DXGI_FORMAT format)
{
    const struct ddi_format_info *info = ddi_format_get(format);

    if (info && info->numeric_class == DDI_FORMAT_CLASS_UINT)
        return FB_BOUND_OUTPUT_UINT;
    if (info && info->numeric_class == DDI_FORMAT_CLASS_SINT)
        return FB_BOUND_OUTPUT_SINT;
    return FB_BOUND_OUTPUT_FLOAT;
}

/* A float the legacy clear takes unchanged: finite and not subnormal. */
static bool fb_float_is_plain(FLOAT value)
{
    UINT32 bits, exponent;

    memcpy(&bits, &value, sizeof(bits));
    exponent = (bits >> 23) & 0xffu;
    return exponent != 0xffu && (exponent || !(bits & 0x7fffffu));
}

/* The slot's region i clipped to its output, or the whole output for whole; false when
 * nothing is left. Boxes: left top front right bottom back, exclusive ends. */
static bool fb_clip(const struct fb_bound_output *output, const D3D12DDI_BOX *box, D3D12DDI_BOX *clipped)
{
    clipped->left = clipped->top = clipped->front = 0;
    clipped->right = output->width;
    clipped->bottom = output->height;
    clipped->back = output->slice_count;
    if (box)
    {
        clipped->left = box->left;
        clipped->top = box->top;
        clipped->front = box->front;
        clipped->right = box->right < output->width ? box->right : output->width;
        clipped->bottom = box->bottom < output->height ? box->bottom : output->height;
        clipped->back = box->back < output->slice_count ? box->back : output->slice_count;
    }
    return clipped->left < clipped->right && clipped->top < clipped->bottom && clipped->front < clipped->back;
}

/* The selected outputs' regions, one slot at a time: slot FB_BOUND_SLOT_DEPTH_STENCIL for
 * ClearBoundDepthStencilView. count is UINT_MAX-free: NULL regions are one whole view. */
struct fb_bound_slot
{
    UINT slot;
    const struct fb_bound_output *output;
    UINT region_count;
    const D3D12DDI_BOX *regions;     /* NULL: the whole view */
};

static UINT fb_bound_slots(const struct fb_bound_request *request, struct fb_bound_slot *slots)
{
    UINT i, bits, count = 0;

    if (request->ds_flags)
    {
        slots[0].slot = FB_BOUND_SLOT_DEPTH_STENCIL;
        slots[0].output = &request->dsv;
        slots[0].regions = request->ds_regions;
        slots[0].region_count = request->ds_regions ? request->ds_region_count : 1;
        return 1;
    }
    for (bits = request->mask & ((1u << FB_BOUND_SLOTS) - 1); bits; bits &= bits - 1)
    {
        i = (UINT)__builtin_ctz(bits);
        slots[count].slot = i;
        slots[count].output = &request->rts[i];
        slots[count].regions = request->region_counts && request->regions ? request->regions[i] : NULL;
        slots[count].region_count = slots[count].regions ? request->region_counts[i] : 1;
        ++count;
    }
    return count;
}

/* The legacy shortcut's condition: whole views, and for colour float targets with plain values. */
static bool fb_shortcut(const struct fb_bound_request *request, const struct fb_bound_slot *slots, UINT count)
{
    UINT i, c;

    for (i = 0; i < count; ++i)
    {
        if (slots[i].regions)
            return false;
        if (slots[i].slot == FB_BOUND_SLOT_DEPTH_STENCIL)
            continue;
        if (fb_bound_output_class(slots[i].output->format) != FB_BOUND_OUTPUT_FLOAT)
            return false;
        for (c = 0; c < 4; ++c)
        {
            if (!fb_float_is_plain(request->values[slots[i].slot].Floats[c]))
                return false;
        }
    }
    return true;
}

/* What the selected regions hold once clipped: draws (one per slice), legacy clears
 * (one per region) and the far edges they reach. One pass serves every route. */
struct fb_bound_work
{
    UINT64 draws, clears;            /* 64 bits: 2^32 regions of 2^11 slices cannot wrap */
    UINT right, bottom, back;
};

static void fb_scan(const struct fb_bound_slot *slots, UINT count, struct fb_bound_work *work)
{
    D3D12DDI_BOX box;
    UINT i, j;

    memset(work, 0, sizeof(*work));
    for (i = 0; i < count; ++i)
    {
        for (j = 0; j < slots[i].region_count; ++j)
        {
            if (!fb_clip(slots[i].output, slots[i].regions ? &slots[i].regions[j] : NULL, &box))
                continue;
            work->draws += box.back - box.front;
            ++work->clears;
            work->right = box.right > work->right ? box.right : work->right;
            work->bottom = box.bottom > work->bottom ? box.bottom : work->bottom;
            work->back = box.back > work->back ? box.back : work->back;
        }
    }
}

/* Why draws cannot do it (static), or NULL. Raster output is limited to the smallest bound
 * output, slices included (an array index past the smallest view's selects slice 0, the
 * D3D11 functional spec's rule); every bound output must have one sample count. */
static const char *fb_draw_obstacle(const struct fb_bound_request *request, const struct fb_bound_work *work,
                                    D3D12_VIEWPORT *viewport)
{
    UINT i, width = UINT32_MAX, height = UINT32_MAX, layers = UINT32_MAX, samples = 0;
    const struct fb_bound_output *output;

    for (i = 0; i <= request->rt_count; ++i)
    {
        output = i < request->rt_count ? &request->rts[i] : &request->dsv;
        if (!output->bound)
            continue;
        if (samples && output->sample_count != samples)
            return "the bound outputs have different sample counts";
        samples = output->sample_count;
        width = output->width < width ? output->width : width;
        height = output->height < height ? output->height : height;
        layers = output->slice_count < layers ? output->slice_count : layers;
    }
    if (work->right > width || work->bottom > height || work->back > layers)
        return "a region goes past the smallest bound output";
    if (request->unrestorable)
        return request->unrestorable;
    if (!request->pipeline)
        return "the driver cannot run the runtime's clear pipeline";
    memset(viewport, 0, sizeof(*viewport));
    viewport->Width = (FLOAT)width;
    viewport->Height = (FLOAT)height;
    viewport->MaxDepth = 1.0f;
    return NULL;
}

static void fb_bound_key(const struct fb_bound_request *request, UINT slot, struct fb_bound_pipeline_key *key)
{
    const struct fb_bound_output *first = NULL;
    UINT i;

    memset(key, 0, sizeof(*key));
    key->rt_count = request->rt_count;
    for (i = 0; i < request->rt_count; ++i)
    {
        if (!request->rts[i].bound)
            continue;
        key->rt_formats[i] = request->rts[i].format;
        first = first ? first : &request->rts[i];
    }
    if (request->dsv.bound)
    {
        key->dsv_format = request->dsv.format;
        first = first ? first : &request->dsv;
    }
    key->sample_count = first ? first->sample_count : 1;
    key->sample_quality = first ? first->sample_quality : 0;
    key->slot = slot;
    key->ds_flags = slot == FB_BOUND_SLOT_DEPTH_STENCIL ? request->ds_flags : 0;
    key->output_class = slot == FB_BOUND_SLOT_DEPTH_STENCIL ? FB_BOUND_OUTPUT_FLOAT
            : fb_bound_output_class(request->rts[slot].format);
}

static void fb_rect(const D3D12DDI_BOX *box, D3D12_RECT *rect)
{
    rect->left = (LONG)box->left;
    rect->top = (LONG)box->top;
    rect->right = (LONG)box->right;
    rect->bottom = (LONG)box->bottom;
}

static HRESULT fb_plan_draws(const struct fb_bound_request *request, const struct fb_bound_slot *slots, UINT count,
                             UINT64 draws, struct fb_bound_plan *plan)
{
    struct fb_bound_draw *draw;
    D3D12DDI_CLEAR_DATA value;
    D3D12DDI_BOX box;
    UINT i, j, s;
    float depth = 0.0f;
    UINT8 stencil = 0;

    /* Every field of every draw is written below: no zeroing (a sweep's draws are kilobytes). */
    if (draws > UINT32_MAX || !(plan->draws = malloc((size_t)draws * sizeof(*plan->draws))))
        return E_OUTOFMEMORY;
    plan->route = FB_BOUND_ROUTE_DRAW;
    if (request->ds_flags)
    {
        /* The value a legacy clear (and the native driver) stores: clamped, NaN to 0. */
        memset(&value, 0, sizeof(value));
        value.Floats[0] = request->depth;
        value.Uints[1] = request->stencil;
        ddi_encode_view_clear_depth(request->dsv.format, &value, &depth, &stencil);
        plan->stencil = request->stencil;
    }
    for (i = 0; i < count; ++i)
    {
        fb_bound_key(request, slots[i].slot, &plan->keys[plan->key_count]);
        for (j = 0; j < slots[i].region_count; ++j)
        {
            if (!fb_clip(slots[i].output, slots[i].regions ? &slots[i].regions[j] : NULL, &box))
                continue;
            for (s = box.front; s < box.back; ++s)
            {
                draw = &plan->draws[plan->draw_count++];
                draw->pipeline = plan->key_count;
                fb_rect(&box, &draw->scissor);
                if (slots[i].slot != FB_BOUND_SLOT_DEPTH_STENCIL)
                    memcpy(draw->constants, &request->values[slots[i].slot], sizeof(value));
                else
                    memset(draw->constants, 0, sizeof(value));
                memcpy(&draw->constants[4], &depth, sizeof(depth));
                draw->constants[5] = s;
            }
        }
        ++plan->key_count;
    }
    return S_OK;
}

static HRESULT fb_plan_legacy(const struct fb_bound_slot *slots, UINT count, UINT64 clears, bool exact,
                              struct fb_bound_plan *plan)
{
    struct fb_bound_legacy_clear *clear;
    D3D12DDI_BOX box;
    UINT i, j;

    /* Whole views (the shortcut) fit the plan's own array: no allocation per call. */
    if (clears <= ARRAY_SIZE(plan->legacy_inline))
        plan->legacy = plan->legacy_inline;
    else if (clears > UINT32_MAX || !(plan->legacy = calloc((size_t)clears, sizeof(*plan->legacy))))
        return E_OUTOFMEMORY;
    plan->route = FB_BOUND_ROUTE_LEGACY;
    plan->exact = exact;
    for (i = 0; i < count; ++i)
    {
        for (j = 0; j < slots[i].region_count; ++j)
        {
            if (!fb_clip(slots[i].output, slots[i].regions ? &slots[i].regions[j] : NULL, &box))
                continue;
            clear = &plan->legacy[plan->legacy_count++];
            clear->slot = slots[i].slot;
            clear->first_slice = box.front;
            clear->slice_count = box.back - box.front;
            clear->whole = !slots[i].regions;
            fb_rect(&box, &clear->rect);
        }
    }
    return S_OK;
}

HRESULT fb_plan_bound(const struct fb_bound_request *request, struct fb_bound_plan *plan)
{
    struct fb_bound_slot slots[FB_BOUND_SLOTS];
    struct fb_bound_work work;
    const char *obstacle;
    UINT count;

    memset(plan, 0, offsetof(struct fb_bound_plan, keys));
    count = fb_bound_slots(request, slots);
    fb_scan(slots, count, &work);
    if (!work.draws)
        return S_OK;
    if (!request->in_pass && fb_shortcut(request, slots, count))
        return fb_plan_legacy(slots, count, work.clears, true, plan);
    if (!(obstacle = fb_draw_obstacle(request, &work, &plan->viewport)))
        return fb_plan_draws(request, slots, count, work.draws, plan);
    if (request->in_pass)
    {
        plan->route = FB_BOUND_ROUTE_REJECT;
        plan->reason = obstacle;
        return S_OK;
    }
    /* Outside a pass the closest value a legacy clear takes (seed 000's known issue). */
    return fb_plan_legacy(slots, count, work.clears, false, plan);
}

void fb_bound_plan_cleanup(struct fb_bound_plan *plan)
{
    free(plan->draws);
    if (plan->legacy != plan->legacy_inline)
        free(plan->legacy);
    plan->draws = NULL;
    plan->legacy = NULL;
}
