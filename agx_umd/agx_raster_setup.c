/*
 * Clipping, the viewport transform, triangle setup and coverage.
 *
 * Triangles are clipped in homogeneous space against w > 0, the near and far planes
 * (DepthClipEnable), the vertex shader's clip distances and a guard band of +-65536
 * pixels, which keeps every screen
 * coordinate within 2^24 in 24.8 fixed point: edge functions then fit exactly in
 * 64-bit integers (and in doubles, for barycentrics). Positions snap to 1/256 pixel
 * (D3D's 8 bits of sub-pixel precision), and a sample is covered when it is inside
 * all three edges, or on an edge that is a top or a left edge (D3D's fill rule).
 */
#include <math.h>
#include <string.h>
#include "agx_raster.h"
#include "agx_sample.h"

#define AGX_RASTER_SUBPIXEL 256
#define AGX_RASTER_GUARD_BAND 65536.0

void agx_raster_samples_init(struct agx_raster_samples *samples, uint32_t count, uint32_t position_samples,
                             uint32_t position_pixels, const D3D12_SAMPLE_POSITION *positions)
{
    const D3D12_SAMPLE_POSITION *p;
    int8_t standard[2];
    uint32_t pixel, s;

    memset(samples, 0, sizeof(*samples));
    samples->count = count;
    for (pixel = 0; pixel < 4; ++pixel)
    {
        for (s = 0; s < count; ++s)
        {
            if (position_samples == count && (position_pixels == 1 || position_pixels == 4))
            {
                p = &positions[(position_pixels == 4 ? pixel * count : 0) + s];
                samples->x[pixel][s] = p->X;
                samples->y[pixel][s] = p->Y;
            }
            else if (agx_sample_standard_position(count, s, standard))
            {
                samples->x[pixel][s] = standard[0];
                samples->y[pixel][s] = standard[1];
            }
        }
    }
}

static int64_t agx_raster_snap(float coordinate)
{
    return (int64_t)floor((double)coordinate * AGX_RASTER_SUBPIXEL + 0.5);
}

bool agx_raster_triangle_setup(struct agx_raster_triangle *tri, const float sx[3], const float sy[3],
                               D3D12_CULL_MODE cull, bool front_ccw)
{
    int64_t x[3], y[3], area, dx, dy;
    uint32_t i, a, b;

    for (i = 0; i < 3; ++i)
    {
        /* NaN positions (from NaN clip coordinates) draw nothing; the guard band keeps
         * the others in range. */
        if (!(fabsf(sx[i]) <= 1e7f) || !(fabsf(sy[i]) <= 1e7f))
            return false;
        x[i] = agx_raster_snap(sx[i]);
        y[i] = agx_raster_snap(sy[i]);
    }
    /* y points down: a positive area is clockwise on screen. */
    area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
    if (!area)
        return false;
    tri->front_facing = front_ccw ? area < 0 : area > 0;
    if ((cull == D3D12_CULL_MODE_BACK && !tri->front_facing) || (cull == D3D12_CULL_MODE_FRONT && tri->front_facing))
        return false;
    /* Wind clockwise so that inside is E >= 0 for every edge. */
    tri->vertex[0] = 0;
    tri->vertex[1] = area > 0 ? 1 : 2;
    tri->vertex[2] = area > 0 ? 2 : 1;
    for (i = 0; i < 3; ++i)
    {
        tri->x[i] = x[tri->vertex[i]];
        tri->y[i] = y[tri->vertex[i]];
    }
    tri->area = area > 0 ? area : -area;
    tri->inv_area = 1.0 / (double)tri->area;
    for (i = 0; i < 3; ++i)
    {
        a = (i + 1) % 3;
        b = (i + 2) % 3;
        dx = tri->x[b] - tri->x[a];
        dy = tri->y[b] - tri->y[a];
        tri->a[i] = -dy;
        tri->b[i] = dx;
        tri->c[i] = dy * tri->x[a] - dx * tri->y[a];
        /* Top edge: horizontal with the inside below; left edge: going up. */
        tri->bias[i] = (dy == 0 && dx > 0) || dy < 0 ? 0 : -1;
    }
    return true;
}

uint32_t agx_raster_coverage(const struct agx_raster_triangle *tri, const struct agx_raster_samples *samples,
                             int32_t x, int32_t y)
{
    uint32_t s, pixel = (uint32_t)((y & 1) * 2 + (x & 1)), coverage = 0;
    int64_t px, py;

    for (s = 0; s < samples->count; ++s)
    {
        px = (int64_t)x * AGX_RASTER_SUBPIXEL + AGX_RASTER_SUBPIXEL / 2 + samples->x[pixel][s] * 16;
        py = (int64_t)y * AGX_RASTER_SUBPIXEL + AGX_RASTER_SUBPIXEL / 2 + samples->y[pixel][s] * 16;
        if (tri->a[0] * px + tri->b[0] * py + tri->c[0] + tri->bias[0] >= 0
                && tri->a[1] * px + tri->b[1] * py + tri->c[1] + tri->bias[1] >= 0
                && tri->a[2] * px + tri->b[2] * py + tri->c[2] + tri->bias[2] >= 0)
            coverage |= 1u << s;
    }
    return coverage;
}

/* ---- Clipping -------------------------------------------------------------------------- */

#define AGX_RASTER_CLIP_PLANES (7u + AGX_RASTER_MAX_CLIP_DISTANCES)
#define AGX_RASTER_CLIP_VERTICES (3u + AGX_RASTER_CLIP_PLANES)
#define AGX_RASTER_VERTEX_FLOATS (5u + AGX_RASTER_MAX_VARYINGS)

/* Fixed planes d = p . (x, y, z, w), then the clip distances (varyings); inside: d >= 0. */
struct agx_raster_clip
{
    uint32_t plane_count;
    double planes[AGX_RASTER_CLIP_PLANES][4];
    int32_t varying[AGX_RASTER_CLIP_PLANES];      /* -1: a fixed plane */
};

static double agx_raster_plane_distance(const struct agx_raster_clip *clip, uint32_t p, const float *v)
{
    const double *plane = clip->planes[p];

    if (clip->varying[p] >= 0)
        return v[5 + clip->varying[p]];
    return plane[0] * v[0] + plane[1] * v[1] + plane[2] * v[2] + plane[3] * v[3];
}

static void agx_raster_set_plane(struct agx_raster_clip *clip, double x, double y, double z, double w)
{
    double *plane = clip->planes[clip->plane_count];

    clip->varying[clip->plane_count++] = -1;
    plane[0] = x;
    plane[1] = y;
    plane[2] = z;
    plane[3] = w;
}

static void agx_raster_clip_planes(struct agx_raster_clip *clip, const struct agx_raster_draw *draw)
{
    const D3D12_VIEWPORT *vp = &draw->viewport;
    double g = AGX_RASTER_GUARD_BAND;
    uint32_t i;

    clip->plane_count = 0;
    agx_raster_set_plane(clip, 0.0, 0.0, 0.0, 1.0);        /* w > 0 (agx_raster_epsilon) */
    if (draw->depth_clip)
    {
        agx_raster_set_plane(clip, 0.0, 0.0, 1.0, 0.0);    /* z >= 0 */
        agx_raster_set_plane(clip, 0.0, 0.0, -1.0, 1.0);   /* z <= w */
    }
    /* Guard band: screen x and y within +-g. */
    agx_raster_set_plane(clip, 1.0, 0.0, 0.0, -((-g - vp->TopLeftX) * 2.0 / vp->Width - 1.0));
    agx_raster_set_plane(clip, -1.0, 0.0, 0.0, (g - vp->TopLeftX) * 2.0 / vp->Width - 1.0);
    agx_raster_set_plane(clip, 0.0, -1.0, 0.0, 1.0 + (g + vp->TopLeftY) * 2.0 / vp->Height);
    agx_raster_set_plane(clip, 0.0, 1.0, 0.0, -(1.0 - (g - vp->TopLeftY) * 2.0 / vp->Height));
    for (i = 0; i < draw->clip_distance_count; ++i)
        clip->varying[clip->plane_count++] = draw->clip_distances[i];
}

/* Sutherland-Hodgman against one plane; returns the new vertex count. */
static uint32_t agx_raster_clip_polygon(const struct agx_raster_clip *clip, uint32_t p, const float *in,
                                        uint32_t count, float *out, uint32_t stride, double epsilon)
{
    const float *a, *b;
    double da, db, t;
    uint32_t i, j, n = 0;

    for (i = 0; i < count; ++i)
    {
        a = in + (size_t)i * stride;
        b = in + (size_t)((i + 1) % count) * stride;
        da = agx_raster_plane_distance(clip, p, a) - epsilon;
        db = agx_raster_plane_distance(clip, p, b) - epsilon;
        if (da >= 0.0)
            memcpy(out + (size_t)n++ * stride, a, stride * sizeof(float));
        if ((da >= 0.0) != (db >= 0.0))
        {
            t = da / (da - db);
            for (j = 0; j < stride; ++j)
                out[(size_t)n * stride + j] = (float)(a[j] + t * (b[j] - a[j]));
            ++n;
        }
    }
    return n;
}

/* Depth bias (D3D12): constant * r + slope * max depth slope, clamped. r is the
 * format's unit: 2^-bits for UNORM, 2^(exponent of the largest depth - 23) for float. */
static void agx_raster_depth_bias(const struct agx_raster_draw *draw, struct agx_raster_triangle *tri)
{
    double dzdx = tri->z_dx * AGX_RASTER_SUBPIXEL, dzdy = tri->z_dy * AGX_RASTER_SUBPIXEL, r, bias, zmax;
    int exponent;

    tri->depth_bias = 0.0f;
    if (!draw->depth_bias && !draw->depth_bias_slope)
        return;
    if (draw->depth_bits)
    {
        r = ldexp(1.0, -(int)draw->depth_bits);
    }
    else
    {
        zmax = fmax(fabs(tri->z[0]), fmax(fabs(tri->z[1]), fabs(tri->z[2])));
        frexp(zmax, &exponent);
        r = zmax ? ldexp(1.0, exponent - 1 - 23) : 0.0;
    }
    bias = draw->depth_bias * r + draw->depth_bias_slope * fmax(fabs(dzdx), fabs(dzdy));
    if (draw->depth_bias_clamp > 0.0f)
        bias = fmin(bias, draw->depth_bias_clamp);
    else if (draw->depth_bias_clamp < 0.0f)
        bias = fmax(bias, draw->depth_bias_clamp);
    tri->depth_bias = (float)bias;
}

void agx_raster_select_viewport(struct agx_raster_draw *draw, uint32_t index)
{
    const int32_t *bounds;

    if (index >= draw->viewport_count)
        index = 0;
    if (index == draw->viewport_index)
        return;
    /* The batch's pixels were set up for the viewport's depth range. */
    agx_raster_pixel_flush(draw);
    draw->viewport_index = index;
    draw->viewport = draw->viewports[index];
    bounds = draw->viewport_bounds[index];
    draw->min_x = bounds[0];
    draw->min_y = bounds[1];
    draw->max_x = bounds[2];
    draw->max_y = bounds[3];
    draw->om.viewport_min_depth = AGX_MIN(draw->viewport.MinDepth, draw->viewport.MaxDepth);
    draw->om.viewport_max_depth = AGX_MAX(draw->viewport.MinDepth, draw->viewport.MaxDepth);
}

/* The viewport the primitive's provoking vertex selects. */
static void agx_raster_viewport_of(struct agx_raster_draw *draw, const float *provoking)
{
    uint32_t index;

    if (draw->viewport_index_varying < 0)
        return;
    memcpy(&index, &provoking[5 + draw->viewport_index_varying], sizeof(index));
    agx_raster_select_viewport(draw, index);
}

/* A vertex after the viewport transform. */
struct agx_raster_screen
{
    float x, y, z, inv_w;
    const float *attr;
};

static void agx_raster_project(const struct agx_raster_draw *draw, const float *v, struct agx_raster_screen *s)
{
    const D3D12_VIEWPORT *vp = &draw->viewport;

    s->inv_w = 1.0f / v[3];
    s->x = vp->TopLeftX + (v[0] * s->inv_w + 1.0f) * vp->Width * 0.5f;
    s->y = vp->TopLeftY + (1.0f - v[1] * s->inv_w) * vp->Height * 0.5f;
    s->z = vp->MinDepth + v[2] * s->inv_w * (vp->MaxDepth - vp->MinDepth);
    s->attr = v + 5;
}

/* One triangle in screen space: set up and rasterised. Points and lines (not
 * triangle) are never culled and always front-facing. */
static void agx_raster_emit_screen(struct agx_raster_draw *draw, const struct agx_raster_screen *const s[3],
                                   const float *provoking, uint32_t primitive_id, bool triangle)
{
    const D3D12_RASTERIZER_DESC *rs = &draw->pipeline->graphics.rasterizer;
    struct agx_raster_triangle tri;
    float sx[3], sy[3];
    uint32_t i;

    for (i = 0; i < 3; ++i)
    {
        sx[i] = s[i]->x;
        sy[i] = s[i]->y;
    }
    if (!agx_raster_triangle_setup(&tri, sx, sy, triangle ? rs->CullMode : D3D12_CULL_MODE_NONE,
                                   rs->FrontCounterClockwise))
        return;
    if (!triangle)
        tri.front_facing = true;
    for (i = 0; i < 3; ++i)
    {
        tri.z[i] = s[tri.vertex[i]]->z;
        tri.inv_w[i] = s[tri.vertex[i]]->inv_w;
        tri.attr[i] = s[tri.vertex[i]]->attr;
    }
    tri.z_dx = (tri.a[0] * (double)tri.z[0] + tri.a[1] * (double)tri.z[1] + tri.a[2] * (double)tri.z[2]) * tri.inv_area;
    tri.z_dy = (tri.b[0] * (double)tri.z[0] + tri.b[1] * (double)tri.z[1] + tri.b[2] * (double)tri.z[2]) * tri.inv_area;
    tri.provoking = provoking;
    tri.primitive_id = primitive_id;
    agx_raster_depth_bias(draw, &tri);
    agx_raster_pixel_triangle(draw, &tri);
}

/* One triangle of the clipped polygon. */
static void agx_raster_emit(struct agx_raster_draw *draw, const float *const v[3], const float *provoking,
                            uint32_t primitive_id)
{
    struct agx_raster_screen s[3];
    const struct agx_raster_screen *p[3];
    uint32_t i;

    for (i = 0; i < 3; ++i)
    {
        agx_raster_project(draw, v[i], &s[i]);
        p[i] = &s[i];
    }
    agx_raster_emit_screen(draw, p, provoking, primitive_id, true);
}

/* w > 0 (plane 0) keeps a little room so that 1 / w stays finite. */
static double agx_raster_epsilon(uint32_t p)
{
    return p ? 0.0 : 1e-20;
}

static bool agx_raster_outside(uint32_t p, double d)
{
    return !(d - agx_raster_epsilon(p) >= 0.0);
}

/* A point is the 1x1 pixel square around it (two triangles sharing an edge, so the
 * fill rule draws one pixel); it is dropped when its centre is clipped. */
uint32_t agx_raster_clip_point(struct agx_raster_draw *draw, const float *v, uint32_t primitive_id)
{
    struct agx_raster_screen centre, corners[4];
    const struct agx_raster_screen *tri[3];
    struct agx_raster_clip clip;
    uint32_t p;

    agx_raster_viewport_of(draw, v);
    if (!(draw->viewport.Width > 0.0f) || !(draw->viewport.Height > 0.0f))
        return 0;
    agx_raster_clip_planes(&clip, draw);
    for (p = 0; p < clip.plane_count; ++p)
    {
        if (agx_raster_outside(p, agx_raster_plane_distance(&clip, p, v)))
            return 0;
    }
    agx_raster_project(draw, v, &centre);
    for (p = 0; p < 4; ++p)
    {
        corners[p] = centre;
        corners[p].x += p & 1 ? 0.5f : -0.5f;
        corners[p].y += p & 2 ? 0.5f : -0.5f;
    }
    tri[0] = &corners[0], tri[1] = &corners[1], tri[2] = &corners[2];
    agx_raster_emit_screen(draw, tri, v, primitive_id, false);
    tri[0] = &corners[2], tri[1] = &corners[1], tri[2] = &corners[3];
    agx_raster_emit_screen(draw, tri, v, primitive_id, false);
    return 1;
}

/* A line is clipped as a segment, then drawn as the parallelogram one pixel wide
 * across its major axis (the aliased-line footprint, with the fill rule at its ends). */
uint32_t agx_raster_clip_line(struct agx_raster_draw *draw, const float *const v[2], uint32_t primitive_id)
{
    float a[AGX_RASTER_VERTEX_FLOATS], b[AGX_RASTER_VERTEX_FLOATS];
    uint32_t stride = 5 + draw->attr_count, p, j;
    struct agx_raster_screen ends[2], corners[4];
    const struct agx_raster_screen *tri[3];
    struct agx_raster_clip clip;
    float dx, dy, ox, oy;
    double da, db, t;

    agx_raster_viewport_of(draw, v[0]);
    if (!(draw->viewport.Width > 0.0f) || !(draw->viewport.Height > 0.0f))
        return 0;
    memcpy(a, v[0], stride * sizeof(float));
    memcpy(b, v[1], stride * sizeof(float));
    agx_raster_clip_planes(&clip, draw);
    for (p = 0; p < clip.plane_count; ++p)
    {
        da = agx_raster_plane_distance(&clip, p, a) - agx_raster_epsilon(p);
        db = agx_raster_plane_distance(&clip, p, b) - agx_raster_epsilon(p);
        if (da < 0.0 && db < 0.0)
            return 0;
        if (da < 0.0)
        {
            t = da / (da - db);
            for (j = 0; j < stride; ++j)
                a[j] = (float)(a[j] + t * (b[j] - a[j]));
        }
        else if (db < 0.0)
        {
            t = db / (db - da);
            for (j = 0; j < stride; ++j)
                b[j] = (float)(b[j] + t * (a[j] - b[j]));
        }
    }
    agx_raster_project(draw, a, &ends[0]);
    agx_raster_project(draw, b, &ends[1]);
    dx = ends[1].x - ends[0].x;
    dy = ends[1].y - ends[0].y;
    ox = fabsf(dx) >= fabsf(dy) ? 0.0f : 0.5f;
    oy = fabsf(dx) >= fabsf(dy) ? 0.5f : 0.0f;
    for (p = 0; p < 4; ++p)
    {
        corners[p] = ends[p >> 1];
        corners[p].x += p & 1 ? ox : -ox;
        corners[p].y += p & 1 ? oy : -oy;
    }
    tri[0] = &corners[0], tri[1] = &corners[2], tri[2] = &corners[1];
    agx_raster_emit_screen(draw, tri, v[0], primitive_id, false);
    tri[0] = &corners[1], tri[1] = &corners[2], tri[2] = &corners[3];
    agx_raster_emit_screen(draw, tri, v[0], primitive_id, false);
    return 1;
}

uint32_t agx_raster_clip_triangle(struct agx_raster_draw *draw, const float *const v[3], uint32_t primitive_id)
{
    float buffers[2][AGX_RASTER_CLIP_VERTICES * AGX_RASTER_VERTEX_FLOATS];
    uint32_t stride = 5 + draw->attr_count, i, p, count, outside_all, outside;
    const float *fan[3];
    struct agx_raster_clip clip;
    double d;
    float *in, *out;

    agx_raster_viewport_of(draw, v[0]);
    if (!(draw->viewport.Width > 0.0f) || !(draw->viewport.Height > 0.0f))
        return 0;
    /* A cull distance below 0 at every vertex drops the triangle. */
    for (p = 0; p < draw->cull_distance_count; ++p)
    {
        if (v[0][5 + draw->cull_distances[p]] < 0.0f && v[1][5 + draw->cull_distances[p]] < 0.0f
                && v[2][5 + draw->cull_distances[p]] < 0.0f)
            return 0;
    }
    agx_raster_clip_planes(&clip, draw);
    outside_all = ~0u;
    outside = 0;
    for (i = 0; i < 3; ++i)
    {
        uint32_t mask = 0;

        for (p = 0; p < clip.plane_count; ++p)
        {
            d = agx_raster_plane_distance(&clip, p, v[i]);
            if (agx_raster_outside(p, d))
                mask |= 1u << p;
        }
        outside_all &= mask;
        outside |= mask;
    }
    if (outside_all)
        return 0;
    if (!outside)
    {
        agx_raster_emit(draw, v, v[0], primitive_id);
        return 1;
    }
    for (i = 0; i < 3; ++i)
        memcpy(buffers[0] + (size_t)i * stride, v[i], stride * sizeof(float));
    in = buffers[0];
    out = buffers[1];
    count = 3;
    for (p = 0; p < clip.plane_count && count >= 3; ++p)
    {
        if (!(outside & (1u << p)))
            continue;
        count = agx_raster_clip_polygon(&clip, p, in, count, out, stride, agx_raster_epsilon(p));
        in = out;
        out = in == buffers[0] ? buffers[1] : buffers[0];
    }
    if (count < 3)
        return 0;
    for (i = 1; i + 1 < count; ++i)
    {
        fan[0] = in;
        fan[1] = in + (size_t)i * stride;
        fan[2] = in + (size_t)(i + 1) * stride;
        agx_raster_emit(draw, fan, v[0], primitive_id);
    }
    return count - 2;
}
