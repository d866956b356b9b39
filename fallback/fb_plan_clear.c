/* The ClearTextureSubresources route planner (fb_plan_clear.h). */
#include "fb_plan_clear.h"

const char *fb_clear_route_name(enum fb_clear_route route)
{
    switch (route)
    {
        case FB_CLEAR_ROUTE_PATTERN_COPY: return "pattern copy";
        case FB_CLEAR_ROUTE_IN_PLACE: return "in-place clear";
        case FB_CLEAR_ROUTE_MSAA_CLEAR_AND_COPY: return "MSAA clear-and-copy";
        case FB_CLEAR_ROUTE_REJECT: return "rejected";
    }
    return "?";
}

/* The layouts an in-place clear can leave and restore (seed 000). */
static bool fb_clear_layout_restorable(D3D12_BARRIER_LAYOUT layout)
{
    return layout == D3D12_BARRIER_LAYOUT_COMMON || layout == D3D12_BARRIER_LAYOUT_COPY_DEST
            || layout == D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COMMON
            || layout == D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COPY_DEST;
}

static enum fb_clear_route fb_clear_choose(struct fb_clear_choice *choice, enum fb_clear_route route,
                                           const char *reason)
{
    choice->reason = reason;
    return route;
}

/* Why the pattern copy cannot take a single-sample texture. */
static const char *fb_clear_pattern_refusal(const struct fb_clear_texture *t, bool partial_copy_legal)
{
    if (!t->encodable)
        return "the format has no encodable element for the value";
    if (!t->copyable)
        return "the format has no placed footprint to copy from";
    if (!partial_copy_legal)
        return "a partial depth/stencil region needs programmable sample positions to be copied";
    return "the region cannot be copied";
}

static enum fb_clear_route fb_plan_clear_route(const struct fb_clear_caps *caps, D3D12_COMMAND_LIST_TYPE list_type,
                                               const struct fb_clear_texture *t, struct fb_clear_choice *choice)
{
    const bool msaa = t->sample_count > 1;
    const bool direct = list_type == D3D12_COMMAND_LIST_TYPE_DIRECT;
    /* Copies of part of a depth or MSAA subresource need programmable sample positions. */
    const bool partial_copy_legal = t->whole || caps->programmable_sample_positions;
    bool in_place;

    choice->pattern_possible = !msaa && t->encodable && t->copyable && (!t->depth_stencil || partial_copy_legal);

    in_place = direct && (t->depth_stencil ? t->allow_depth_stencil : t->allow_render_target)
            && !t->simultaneous_access && t->layout_known && fb_clear_layout_restorable(t->layout)
            && (msaa || t->exact);

    if (!msaa)
    {
        if (in_place && !choice->pattern_possible)
            return fb_clear_choose(choice, FB_CLEAR_ROUTE_IN_PLACE, "the pattern copy cannot take it");
        if (in_place && t->whole)
            return fb_clear_choose(choice, FB_CLEAR_ROUTE_IN_PLACE, "a whole render target or depth subresource");
        /* On discrete GPUs the transitions cost more than a small copy (seed 000). */
        if (in_place && !caps->discrete)
            return fb_clear_choose(choice, FB_CLEAR_ROUTE_IN_PLACE, "UMA takes the in-place clear when possible");
        if (in_place && t->region_texels * 4 > t->subresource_texels)
            return fb_clear_choose(choice, FB_CLEAR_ROUTE_IN_PLACE, "the region covers more than a quarter");
        if (choice->pattern_possible)
            return fb_clear_choose(choice, FB_CLEAR_ROUTE_PATTERN_COPY, in_place
                                   ? "the region covers a quarter or less on a discrete GPU"
                                   : "single-sample, encodable and copyable");
        return fb_clear_choose(choice, FB_CLEAR_ROUTE_REJECT, fb_clear_pattern_refusal(t, partial_copy_legal));
    }

    if (!direct)
        return fb_clear_choose(choice, FB_CLEAR_ROUTE_REJECT, "MSAA textures cannot be cleared on compute lists");
    if (in_place)
        return fb_clear_choose(choice, FB_CLEAR_ROUTE_IN_PLACE, "an MSAA render target or depth texture");
    if (t->is_protected)
        return fb_clear_choose(choice, FB_CLEAR_ROUTE_REJECT, "a protected MSAA texture or list cannot be cleared");
    if (!t->msaa_renderable)
        return fb_clear_choose(choice, FB_CLEAR_ROUTE_REJECT,
                               "the format, sample count and quality cannot render with MSAA");
    if (!partial_copy_legal)
        return fb_clear_choose(choice, FB_CLEAR_ROUTE_REJECT,
                               "a partial MSAA region needs programmable sample positions to be copied");
    return fb_clear_choose(choice, FB_CLEAR_ROUTE_MSAA_CLEAR_AND_COPY, "MSAA and no in-place clear");
}

void fb_plan_clear(const struct fb_clear_caps *caps, D3D12_COMMAND_LIST_TYPE list_type,
                   const struct fb_clear_texture *texture, struct fb_clear_choice *choice)
{
    choice->route = fb_plan_clear_route(caps, list_type, texture, choice);
}
