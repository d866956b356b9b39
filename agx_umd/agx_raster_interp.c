/*
 * Where a pixel shader's inputs are evaluated and what they are there: sample
 * points, barycentrics, the centroid rule, each input's value at a point, and the
 * pixel queries of eval_* / Eval* and the rasterizer's sample positions
 * (agx_shader_pixel_queries) answered for a batch's lanes.
 *
 * The centroid rule (D3D11.3 functional specification, "Centroid Sampling of
 * Attributes"): a fully covered pixel (or one sample) evaluates at the centre, a
 * partly covered one at a covered sample: here the first. Evaluation at a sample
 * uses the positions the rasterizer uses (standard, or the list's programmable ones);
 * a snapped offset is a signed 4-bit count of sixteenths (-8..7) from the centre.
 */
#include <string.h>
#include "agx_raster.h"
#include "agx_texel.h"

#define AGX_RASTER_SUBPIXEL 256

void agx_raster_sample_point(const struct agx_raster_draw *draw, int32_t x, int32_t y, uint32_t s, int64_t *px,
                             int64_t *py)
{
    uint32_t pixel = (uint32_t)((y & 1) * 2 + (x & 1));

    *px = (int64_t)x * AGX_RASTER_SUBPIXEL + AGX_RASTER_SUBPIXEL / 2;
    *py = (int64_t)y * AGX_RASTER_SUBPIXEL + AGX_RASTER_SUBPIXEL / 2;
    if (s < draw->samples.count)
    {
        *px += draw->samples.x[pixel][s] * 16;
        *py += draw->samples.y[pixel][s] * 16;
    }
}

float agx_raster_depth_at(const struct agx_raster_triangle *tri, int64_t px, int64_t py)
{
    return (float)(tri->z[0] + tri->z_dx * (double)(px - tri->x[0]) + tri->z_dy * (double)(py - tri->y[0]));
}

void agx_raster_point_set(struct agx_raster_point *point, const struct agx_raster_triangle *tri, int64_t px,
                          int64_t py)
{
    uint32_t i;

    point->px = px;
    point->py = py;
    for (i = 0; i < 3; ++i)
        point->l[i] = (double)(tri->a[i] * px + tri->b[i] * py + tri->c[i]) * tri->inv_area;
    point->valid = true;
}

const struct agx_raster_point *agx_raster_point_at(const struct agx_raster_draw *draw,
                                                   const struct agx_raster_triangle *tri,
                                                   struct agx_raster_point *point, int32_t x, int32_t y,
                                                   uint32_t sample)
{
    int64_t px, py;

    if (!point->valid)
    {
        agx_raster_sample_point(draw, x, y, sample, &px, &py);
        agx_raster_point_set(point, tri, px, py);
    }
    return point;
}

uint32_t agx_raster_centroid_sample(const struct agx_raster_draw *draw, uint32_t coverage)
{
    uint32_t full = (1u << draw->samples.count) - 1;

    if (!coverage || coverage == full || draw->samples.count == 1)
        return UINT32_MAX;
    return (uint32_t)__builtin_ctz(coverage);
}

uint32_t agx_raster_input_value(const struct agx_raster_triangle *tri, const struct agx_raster_ps_input *input,
                                const struct agx_raster_point *point, uint32_t sample)
{
    const double *l = point->l;
    uint32_t value;
    double sum, v;

    switch (input->source)
    {
        case AGX_RASTER_SOURCE_VARYING:
            switch (input->interpolation)
            {
                case D3D_INTERPOLATION_CONSTANT:
                    memcpy(&value, &tri->provoking[5 + input->varying], sizeof(value));
                    return value;
                case D3D_INTERPOLATION_LINEAR_NOPERSPECTIVE:
                case D3D_INTERPOLATION_LINEAR_NOPERSPECTIVE_CENTROID:
                case D3D_INTERPOLATION_LINEAR_NOPERSPECTIVE_SAMPLE:
                    v = l[0] * tri->attr[0][input->varying] + l[1] * tri->attr[1][input->varying]
                            + l[2] * tri->attr[2][input->varying];
                    return agx_texel_float_bits((float)v);
                default:
                    sum = l[0] * tri->inv_w[0] + l[1] * tri->inv_w[1] + l[2] * tri->inv_w[2];
                    v = (l[0] * tri->inv_w[0] * tri->attr[0][input->varying]
                            + l[1] * tri->inv_w[1] * tri->attr[1][input->varying]
                            + l[2] * tri->inv_w[2] * tri->attr[2][input->varying]) / sum;
                    return agx_texel_float_bits((float)v);
            }
        case AGX_RASTER_SOURCE_POSITION:
            /* w is the reciprocal of the interpolated 1/w. */
            switch (input->component)
            {
                case 0:
                    return agx_texel_float_bits((float)point->px / AGX_RASTER_SUBPIXEL);
                case 1:
                    return agx_texel_float_bits((float)point->py / AGX_RASTER_SUBPIXEL);
                case 2:
                    return agx_texel_float_bits(agx_raster_depth_at(tri, point->px, point->py));
                default:
                    sum = l[0] * tri->inv_w[0] + l[1] * tri->inv_w[1] + l[2] * tri->inv_w[2];
                    return agx_texel_float_bits((float)(1.0 / sum));
            }
        case AGX_RASTER_SOURCE_FRONT_FACE:
            return tri->front_facing ? ~0u : 0u;
        case AGX_RASTER_SOURCE_SAMPLE_INDEX:
            return sample == UINT32_MAX ? 0 : sample;
        case AGX_RASTER_SOURCE_ARRAY_INDEX:
            memcpy(&value, &tri->provoking[4], sizeof(value));
            return value;
        case AGX_RASTER_SOURCE_PRIMITIVE_ID:
            return tri->primitive_id;
        default:
            return 0;
    }
}

/* ---- The pixel queries of a batch's lanes ------------------------------------------------ */

static void agx_raster_query_sample_position(void *context, uint32_t lane, uint32_t sample, float position[2])
{
    const struct agx_raster_lanes *lanes = context;
    const struct agx_raster_samples *samples = &lanes->draw->samples;
    uint32_t pixel = (uint32_t)((lanes->y[lane] & 1) * 2 + (lanes->x[lane] & 1));

    position[0] = position[1] = 0.0f;
    if (samples->count > 1 && sample < samples->count)
    {
        position[0] = samples->x[pixel][sample] / 16.0f;
        position[1] = samples->y[pixel][sample] / 16.0f;
    }
}

static uint32_t agx_raster_query_evaluate(void *context, uint32_t lane, uint32_t reg, uint32_t c,
                                          enum agx_shader_eval how, int32_t a, int32_t b)
{
    const struct agx_raster_lanes *lanes = context;
    const struct agx_raster_draw *draw = lanes->draw;
    const struct agx_raster_ps_input *input = NULL;
    struct agx_raster_point point = {0};
    uint32_t i, sample = UINT32_MAX;
    int64_t px, py;

    for (i = 0; i < draw->ps_input_count && !input; ++i)
        if (draw->ps_inputs[i].reg == reg && draw->ps_inputs[i].component == c)
            input = &draw->ps_inputs[i];
    if (!input || !lanes->tri)
        return 0;
    switch (how)
    {
        case AGX_SHADER_EVAL_SAMPLE:
            /* Beyond the count (or with one sample): the centre. */
            if (draw->samples.count > 1 && (uint32_t)a < draw->samples.count)
                sample = (uint32_t)a;
            agx_raster_point_at(draw, lanes->tri, &point, lanes->x[lane], lanes->y[lane], sample);
            break;
        case AGX_SHADER_EVAL_CENTROID:
            agx_raster_point_at(draw, lanes->tri, &point, lanes->x[lane], lanes->y[lane],
                                agx_raster_centroid_sample(draw, lanes->coverage[lane]));
            break;
        default:
            agx_raster_sample_point(draw, lanes->x[lane], lanes->y[lane], UINT32_MAX, &px, &py);
            /* Sixteenths of a pixel are 16 of the rasteriser's 1/256 steps. */
            px += (int64_t)((int32_t)((uint32_t)a << 28) >> 28) * 16;
            py += (int64_t)((int32_t)((uint32_t)b << 28) >> 28) * 16;
            agx_raster_point_set(&point, lanes->tri, px, py);
            break;
    }
    return agx_raster_input_value(lanes->tri, input, &point, lanes->sample[lane]);
}

void agx_raster_lanes_queries(struct agx_raster_lanes *lanes, struct agx_shader_pixel_queries *queries)
{
    queries->context = lanes;
    queries->sample_count = lanes->draw->samples.count;
    queries->sample_position = agx_raster_query_sample_position;
    queries->evaluate = agx_raster_query_evaluate;
}
