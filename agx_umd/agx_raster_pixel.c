/*
 * Pixels: the covered 2x2 quads of a draw's triangles go to the pixel shader in
 * batches of whole quads, in primitive order (a batch may hold quads of several
 * triangles; uncovered pixels of a quad run as helper lanes, for derivatives), with
 * their inputs interpolated (perspective-correct, noperspective or constant; at the
 * centre, the centroid or the sample), once per pixel or, for sample-frequency
 * shaders, once per covered sample. Then the output merger (agx_om.h): depth/stencil
 * before the shader when the pipeline allows it (agx_raster.c decides), after it
 * otherwise, and the colours.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "agx_raster.h"
#include "agx_texel.h"

#define AGX_RASTER_SUBPIXEL 256
#define AGX_RASTER_QUADS (AGX_RASTER_PIXEL_LANES / 4u)

struct agx_raster_batch
{
    uint32_t quad_count;
    uint8_t lanes[AGX_RASTER_PIXEL_LANES];
    uint32_t passed[AGX_RASTER_PIXEL_LANES];      /* early depth/stencil: what passed */
    struct agx_om_pixel pixels[AGX_RASTER_PIXEL_LANES];
    struct agx_raster_lanes points;               /* what the pixel queries read */
    struct agx_shader_pixel_queries queries;
};

static uint32_t agx_raster_slice(const struct agx_raster_draw *draw, const struct agx_raster_triangle *tri)
{
    uint32_t slice;

    if (draw->array_index_reg < 0)
        return 0;
    memcpy(&slice, &tri->provoking[4], sizeof(slice));
    /* An index beyond the bound views selects slice 0 (D3D12's out-of-range rule). */
    return slice < draw->slice_count ? slice : 0;
}

/* The inputs of one lane. sample: the sample of a per-sample pass, or UINT32_MAX. */
static void agx_raster_fill_inputs(struct agx_raster_draw *draw, const struct agx_raster_triangle *tri,
                                   uint32_t lane, int32_t x, int32_t y, uint32_t coverage, uint32_t sample)
{
    struct agx_raster_point centre = {0}, centroid = {0}, at_sample = {0};
    const struct agx_raster_ps_input *input;
    const struct agx_raster_point *point;
    uint32_t i, *reg;

    for (i = 0; i < draw->ps_input_count; ++i)
    {
        input = &draw->ps_inputs[i];
        switch (input->interpolation)
        {
            case D3D_INTERPOLATION_LINEAR_SAMPLE:
            case D3D_INTERPOLATION_LINEAR_NOPERSPECTIVE_SAMPLE:
                point = sample == UINT32_MAX ? agx_raster_point_at(draw, tri, &centre, x, y, UINT32_MAX)
                        : agx_raster_point_at(draw, tri, &at_sample, x, y, sample);
                break;
            case D3D_INTERPOLATION_LINEAR_CENTROID:
            case D3D_INTERPOLATION_LINEAR_NOPERSPECTIVE_CENTROID:
                point = agx_raster_point_at(draw, tri, &centroid, x, y, agx_raster_centroid_sample(draw, coverage));
                break;
            default:
                point = agx_raster_point_at(draw, tri, &centre, x, y, UINT32_MAX);
                break;
        }
        reg = agx_shader_exec_input(draw->ps_exec, input->reg);
        reg[input->component * AGX_RASTER_PIXEL_LANES + lane] = agx_raster_input_value(tri, input, point, sample);
    }
    if (draw->ps_info->reads_coverage)
        agx_shader_exec_coverage_in(draw->ps_exec)[lane] = coverage;
    if (draw->ps_info->reads_sample_index)
        agx_shader_exec_sample_index_in(draw->ps_exec)[lane] = sample == UINT32_MAX ? 0 : sample;
}

/* The pixel's per-sample depths (and, without a pixel shader or before it, the
 * depth/stencil tests). */
static void agx_raster_pixel_init(struct agx_raster_draw *draw, const struct agx_raster_triangle *tri,
                                  struct agx_om_pixel *pixel, int32_t x, int32_t y, uint32_t coverage)
{
    int64_t px, py;
    uint32_t s;

    pixel->x = (uint32_t)x;
    pixel->y = (uint32_t)y;
    pixel->slice = agx_raster_slice(draw, tri);
    pixel->front_facing = tri->front_facing;
    pixel->coverage = coverage;
    for (s = 0; s < draw->samples.count; ++s)
    {
        if (!(coverage & (1u << s)))
        {
            pixel->depth[s] = 0.0f;
            continue;
        }
        agx_raster_sample_point(draw, x, y, draw->samples.count > 1 ? s : UINT32_MAX, &px, &py);
        pixel->depth[s] = agx_raster_depth_at(tri, px, py) + tri->depth_bias;
    }
}

static uint32_t agx_raster_popcount(uint32_t mask)
{
    return (uint32_t)__builtin_popcount(mask);
}

/* Alpha-to-coverage: the first round(alpha * samples) samples. */
static uint32_t agx_raster_alpha_coverage(const struct agx_raster_draw *draw, float alpha)
{
    uint32_t count = draw->samples.count, k;

    if (!(alpha > 0.0f))
        return 0;
    k = alpha >= 1.0f ? count : (uint32_t)(alpha * (float)count + 0.5f);
    return (1u << AGX_MIN(k, count)) - 1;
}

static void agx_raster_flush(struct agx_raster_draw *draw)
{
    struct agx_raster_batch *batch = draw->scratch;
    const struct agx_shader_info *ps = draw->ps_info;
    struct agx_backend *backend = draw->exec->backend;
    struct agx_shader_batch run = {.bindings = draw->ps_bindings, .pixel = &batch->queries, .lanes = batch->lanes,
                                   .watchdog = &draw->exec->watchdog};
    uint32_t lane, t, c, passed, coverage;
    const uint32_t *out;
    struct agx_om_pixel *pixel;
    float alpha, depth;

    if (!batch->quad_count)
        return;
    batch->points.draw = draw;
    agx_raster_lanes_queries(&batch->points, &batch->queries);
    run.lane_count = batch->quad_count * 4;
    agx_shader_exec_run(draw->ps_exec, &run);
    /* The colours, target by target (the outputs are rows of lanes). */
    for (t = 0; t < AGX_OM_MAX_TARGETS; ++t)
    {
        bool valid = !!(ps->render_target_mask & (1u << t));

        out = valid ? agx_shader_exec_output(draw->ps_exec, t) : NULL;
        for (lane = 0; lane < run.lane_count; ++lane)
        {
            batch->pixels[lane].color_valid[t] = valid;
            for (c = 0; valid && c < 4; ++c)
                batch->pixels[lane].color[t][c] = out[c * AGX_RASTER_PIXEL_LANES + lane];
        }
    }
    for (lane = 0; lane < run.lane_count; ++lane)
    {
        if (batch->lanes[lane] & AGX_LANE_HELPER)
            continue;
        ++draw->ps_invocations;
        pixel = &batch->pixels[lane];
        coverage = pixel->coverage;
        if (batch->lanes[lane] & AGX_LANE_DISCARDED)
            coverage = 0;
        if (ps->writes_coverage)
            coverage &= agx_shader_exec_coverage_out(draw->ps_exec)[lane];
        if (draw->om.blend.AlphaToCoverageEnable && (ps->render_target_mask & 1))
        {
            memcpy(&alpha, &agx_shader_exec_output(draw->ps_exec, 0)[3 * AGX_RASTER_PIXEL_LANES + lane],
                   sizeof(alpha));
            coverage &= agx_raster_alpha_coverage(draw, alpha);
        }
        if (ps->writes_depth)
        {
            memcpy(&depth, &agx_shader_exec_depth(draw->ps_exec)[lane], sizeof(depth));
            for (c = 0; c < AGX_OM_MAX_SAMPLES; ++c)
                pixel->depth[c] = depth;
        }
        if (!coverage)
            continue;
        /* Target-independent rasterization: the targets' one sample, when any forced
         * sample is covered. */
        pixel->coverage = draw->target_independent ? 1 : coverage;
        if (draw->early_depth)
            passed = batch->passed[lane] & coverage;
        else
            passed = agx_om_depth_stencil(backend, &draw->om, pixel);
        if (!passed)
            continue;
        agx_om_write_color(backend, &draw->om, pixel, passed);
        draw->samples_passed += agx_raster_popcount(passed);
    }
    batch->quad_count = 0;
}

/* One quad's four pixels (coverage per pixel, in lane order) into the batch. */
static void agx_raster_add_quad(struct agx_raster_draw *draw, const struct agx_raster_triangle *tri, int32_t qx,
                                int32_t qy, const uint32_t coverage[4], uint32_t sample)
{
    struct agx_raster_batch *batch = draw->scratch;
    uint32_t j, lane, live = 0, cov;
    struct agx_om_pixel *pixel;
    int32_t x, y;

    for (j = 0; j < 4; ++j)
    {
        lane = batch->quad_count * 4 + j;
        x = qx + (int32_t)(j & 1);
        y = qy + (int32_t)(j >> 1);
        pixel = &batch->pixels[lane];
        cov = coverage[j];
        agx_raster_pixel_init(draw, tri, pixel, x, y, cov);
        batch->passed[lane] = 0;
        if (cov && draw->early_depth)
        {
            /* The shader sees the samples that passed (none: it only helps its quad). */
            batch->passed[lane] = agx_om_depth_stencil(draw->exec->backend, &draw->om, pixel);
            cov = batch->passed[lane];
        }
        batch->lanes[lane] = cov ? AGX_LANE_ACTIVE : AGX_LANE_ACTIVE | AGX_LANE_HELPER;
        batch->points.x[lane] = x;
        batch->points.y[lane] = y;
        batch->points.coverage[lane] = cov;
        batch->points.sample[lane] = sample;
        live |= cov;
        agx_raster_fill_inputs(draw, tri, lane, x, y, cov, sample);
    }
    if (!live)
        return;
    if (++batch->quad_count == AGX_RASTER_QUADS)
        agx_raster_flush(draw);
}

/* No pixel shader: depth and stencil only. */
static void agx_raster_depth_only(struct agx_raster_draw *draw, const struct agx_raster_triangle *tri, int32_t x,
                                  int32_t y, uint32_t coverage)
{
    struct agx_om_pixel pixel;
    uint32_t passed;

    memset(&pixel, 0, sizeof(pixel));
    agx_raster_pixel_init(draw, tri, &pixel, x, y, coverage);
    passed = agx_om_depth_stencil(draw->exec->backend, &draw->om, &pixel);
    draw->samples_passed += agx_raster_popcount(passed);
}

static int32_t agx_raster_floor_pixel(int64_t fixed)
{
    int64_t pixel = fixed >= 0 ? fixed / AGX_RASTER_SUBPIXEL
            : -((-fixed + AGX_RASTER_SUBPIXEL - 1) / AGX_RASTER_SUBPIXEL);

    return (int32_t)AGX_MAX(AGX_MIN(pixel, INT32_MAX / 2), INT32_MIN / 2);
}

/* The pixels of rows [y0, y1) the triangle may cover, conservatively (a pixel of
 * margin for the sample offsets): where each edge's half-plane crosses the rows. */
static bool agx_raster_row_span(const struct agx_raster_triangle *tri, int32_t y0, int32_t y1, int32_t *x0,
                                int32_t *x1)
{
    double lo = -1e30, hi = 1e30, b0, b1, top = (double)y0 * AGX_RASTER_SUBPIXEL,
           bottom = (double)y1 * AGX_RASTER_SUBPIXEL;
    uint32_t i;

    for (i = 0; i < 3; ++i)
    {
        if (!tri->a[i])
        {
            /* Horizontal edge: the rows are on one side of it or straddle it. */
            if (fmax(tri->b[i] * top, tri->b[i] * bottom) + tri->c[i]
                    + AGX_RASTER_SUBPIXEL * fabs((double)tri->b[i]) < 0.0)
                return false;
            continue;
        }
        b0 = (-(double)tri->c[i] - (double)tri->b[i] * top) / (double)tri->a[i];
        b1 = (-(double)tri->c[i] - (double)tri->b[i] * bottom) / (double)tri->a[i];
        if (tri->a[i] > 0)
            lo = fmax(lo, fmin(b0, b1));
        else
            hi = fmin(hi, fmax(b0, b1));
    }
    if (lo > hi + 2.0 * AGX_RASTER_SUBPIXEL)
        return false;
    *x0 = lo < -1e9 ? INT32_MIN / 2 : (int32_t)floor(lo / AGX_RASTER_SUBPIXEL) - 1;
    *x1 = hi > 1e9 ? INT32_MAX / 2 : (int32_t)floor(hi / AGX_RASTER_SUBPIXEL) + 2;
    return true;
}

void agx_raster_pixel_triangle(struct agx_raster_draw *draw, const struct agx_raster_triangle *tri)
{
    uint32_t mask = draw->coverage_mask, coverage[4], sample_cov[4], any, j, s;
    int32_t min_x, min_y, max_x, max_y, qx, qy, x, y, span_x0, span_x1;
    bool per_sample;

    min_x = agx_raster_floor_pixel(AGX_MIN(tri->x[0], AGX_MIN(tri->x[1], tri->x[2]))) - 1;
    min_y = agx_raster_floor_pixel(AGX_MIN(tri->y[0], AGX_MIN(tri->y[1], tri->y[2]))) - 1;
    max_x = agx_raster_floor_pixel(AGX_MAX(tri->x[0], AGX_MAX(tri->x[1], tri->x[2]))) + 2;
    max_y = agx_raster_floor_pixel(AGX_MAX(tri->y[0], AGX_MAX(tri->y[1], tri->y[2]))) + 2;
    min_x = AGX_MAX(min_x, draw->min_x);
    min_y = AGX_MAX(min_y, draw->min_y);
    max_x = AGX_MIN(max_x, draw->max_x);
    max_y = AGX_MIN(max_y, draw->max_y);
    if (min_x >= max_x || min_y >= max_y || !mask)
        return;
    per_sample = draw->ps_info && draw->ps_info->sample_frequency && draw->samples.count > 1;
    /* Inputs evaluated at other points need the triangle: the batch holds only its quads. */
    if (draw->ps_info && draw->ps_info->evaluates_inputs)
        ((struct agx_raster_batch *)draw->scratch)->points.tri = tri;
    for (qy = min_y & ~1; qy < max_y; qy += 2)
    {
        if (!agx_raster_row_span(tri, qy, qy + 2, &span_x0, &span_x1))
            continue;
        span_x0 = AGX_MAX(span_x0, min_x);
        span_x1 = AGX_MIN(span_x1, max_x);
        for (qx = span_x0 & ~1; qx < span_x1; qx += 2)
        {
            any = 0;
            for (j = 0; j < 4; ++j)
            {
                x = qx + (int32_t)(j & 1);
                y = qy + (int32_t)(j >> 1);
                coverage[j] = x >= min_x && x < max_x && y >= min_y && y < max_y
                        ? agx_raster_coverage(tri, &draw->samples, x, y) & mask : 0;
                any |= coverage[j];
            }
            if (!any)
                continue;
            if (!draw->ps_info)
            {
                for (j = 0; j < 4; ++j)
                {
                    if (coverage[j])
                        agx_raster_depth_only(draw, tri, qx + (int32_t)(j & 1), qy + (int32_t)(j >> 1), coverage[j]);
                }
            }
            else if (!per_sample)
            {
                agx_raster_add_quad(draw, tri, qx, qy, coverage, UINT32_MAX);
            }
            else
            {
                for (s = 0; s < draw->samples.count; ++s)
                {
                    for (j = 0; j < 4; ++j)
                        sample_cov[j] = coverage[j] & (1u << s);
                    if (sample_cov[0] | sample_cov[1] | sample_cov[2] | sample_cov[3])
                        agx_raster_add_quad(draw, tri, qx, qy, sample_cov, s);
                }
            }
        }
    }
    if (draw->ps_info && draw->ps_info->evaluates_inputs)
    {
        agx_raster_flush(draw);
        ((struct agx_raster_batch *)draw->scratch)->points.tri = NULL;
    }
}

/* The batch stays with the recording's graphics state from draw to draw. */
bool agx_raster_pixel_begin(struct agx_raster_draw *draw)
{
    struct agx_raster_exec *raster = draw->exec->graphics;

    if (!draw->ps_info)
        return true;
    if (!raster->pixel_batch && !(raster->pixel_batch = calloc(1, sizeof(struct agx_raster_batch))))
        return false;
    draw->scratch = raster->pixel_batch;
    ((struct agx_raster_batch *)draw->scratch)->quad_count = 0;
    return true;
}

void agx_raster_pixel_flush(struct agx_raster_draw *draw)
{
    if (draw->scratch)
        agx_raster_flush(draw);
}

void agx_raster_pixel_end(struct agx_raster_draw *draw)
{
    agx_raster_pixel_flush(draw);
    draw->scratch = NULL;
}
