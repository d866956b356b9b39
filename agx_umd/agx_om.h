/*
 * The output merger of the simulated device's rasteriser: what happens to one pixel's
 * samples after the rasteriser found them covered and the pixel shader ran.
 *
 * The rasteriser (agx_raster*.c) hands over, per pixel, the coverage after the sample
 * mask, the interpolated depth of each covered sample (depth bias applied, not yet
 * clamped), and the pixel shader's outputs; the merger runs the depth-bounds, stencil
 * and depth tests per sample, updates depth and stencil, blends each render target's
 * colour with what is there and writes it through the format rules
 * (../shared/research/format-facts.md) under the write mask.
 */
#ifndef AGX_OM_H
#define AGX_OM_H

#include "agx_resource.h"

#define AGX_OM_MAX_TARGETS 8u
#define AGX_OM_MAX_SAMPLES 4u

/* One bound render target or depth buffer, resolved from its view. */
struct agx_om_target
{
    const struct agx_resource *resource;  /* NULL: nothing bound in this slot */
    DXGI_FORMAT format;                   /* the view's format (typed) */
    uint32_t subresource_base;            /* subresource index of array slice 0 of the view's mip */
    uint32_t mip;
    /* The view's FirstArraySlice / ArraySize (3D: FirstWSlice / WSize); the merger
     * addresses slice first_slice + pixel->slice, plane 1 for stencil. */
    uint32_t first_slice, slice_count;
    bool read_only_depth, read_only_stencil;
};

/* The fixed-function state of a pipeline and a command list's dynamic state. */
struct agx_om_state
{
    D3D12_BLEND_DESC blend;
    D3D12_DEPTH_STENCIL_DESC2 depth_stencil;
    float blend_factor[4];
    uint32_t stencil_ref_front, stencil_ref_back;
    float depth_bounds_min, depth_bounds_max;
    float viewport_min_depth, viewport_max_depth;   /* depth clamp range */
    uint32_t sample_mask;                 /* the pipeline's SampleMask */
    uint32_t sample_count;
    DXGI_FORMAT rtv_formats[AGX_OM_MAX_TARGETS];
    uint32_t target_count;
    struct agx_om_target targets[AGX_OM_MAX_TARGETS];
    struct agx_om_target depth;
};

/* One pixel's work. */
struct agx_om_pixel
{
    uint32_t x, y;
    uint32_t slice;                       /* render-target array index (already clamped) */
    bool front_facing;
    uint32_t coverage;                    /* covered samples, after the shader's oMask and discard */
    float depth[AGX_OM_MAX_SAMPLES];      /* per sample, interpolated (and replaced by oDepth) */
    /* o0..o7 of the pixel shader: float bits or integers, per the target's format. */
    uint32_t color[AGX_OM_MAX_TARGETS][4];
    bool color_valid[AGX_OM_MAX_TARGETS]; /* the shader writes this target */
};

/*
 * Runs the depth/stencil part for every covered sample of the pixel and returns the
 * samples that passed (the ones whose colour is then written, and that an occlusion
 * query counts). Early depth/stencil pipelines call it before shading.
 */
uint32_t agx_om_depth_stencil(struct agx_backend *backend, const struct agx_om_state *state,
                              const struct agx_om_pixel *pixel);
/* Format descriptions the calling thread had to build (its cache missed): the tests'
 * window on the cache (agx_om_color.c). */
uint64_t agx_om_format_misses(void);

/* Blends and writes the colour of the passed samples of every bound target. */
void agx_om_write_color(struct agx_backend *backend, const struct agx_om_state *state,
                        const struct agx_om_pixel *pixel, uint32_t passed);

#endif
