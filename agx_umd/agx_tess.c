/*
 * The tessellator's factors and points (agx_tess.h): factors clamped and rounded by the
 * partitioning, converted to 16.16 fixed point, then the points placed edge by edge,
 * ring by ring towards the middle, as Microsoft's reference tessellator places them (the
 * rules are written in specs/shaders.md, "The tessellator"; the numbers were read from
 * the copy Mesa carries in src/gallium/auxiliary/tessellator/). Primitives:
 * agx_tess_stitch.c.
 */
#include <math.h>
#include <string.h>

#include "agx_tess_private.h"

#define AGX_FXP_ONE_THIRD 0x5555
#define AGX_FXP_TWO_THIRDS 0xaaaa

int32_t agx_tess_fixed(float value)
{
    if (isnan(value) || value <= 0.0f)
        return 0;
    if (value >= 32768.0f)
        return 0x7fffffff;
    /* value * 2^16 is exact in a double; rint rounds half to even. */
    return (int32_t)rint((double)value * 65536.0);
}

static int32_t agx_fxp_ceil(int32_t value)
{
    return (value & AGX_FXP_FRACTION) ? (value & AGX_FXP_INTEGER) + AGX_FXP_ONE : value;
}

static int32_t agx_fxp_floor(int32_t value)
{
    return value & AGX_FXP_INTEGER;
}

/* 1 / n in 16.16, rounded to nearest (no n up to 64 gives a tie). */
static int32_t agx_fxp_reciprocal(int32_t n)
{
    return n > 0 ? (AGX_FXP_ONE + n / 2) / n : 0;
}

static int32_t agx_remove_msb(int32_t value)
{
    int32_t bit;

    for (bit = 30; bit >= 0; --bit)
    {
        if (value & (1 << bit))
            return value & ~(1 << bit);
    }
    return 0;
}

static void agx_tess_edge_init(struct agx_tess_edge *e, int32_t factor, bool odd)
{
    /* Half the factor; odd factors (and a factor of 1 under even parity, which has no
     * even middle) add 1/2 so that the middle point counts as a half's last. */
    int32_t half = (factor + 1) / 2, floor_half, ceil_half, floor_segments, ceil_segments;

    e->odd = odd;
    if (odd)
        e->point_count = (agx_fxp_ceil(AGX_FXP_HALF + half) * 2) >> 16;
    else
        e->point_count = ((agx_fxp_ceil(half) * 2) >> 16) + 1;
    if (odd || half == AGX_FXP_HALF)
        half += AGX_FXP_HALF;
    floor_half = agx_fxp_floor(half);
    ceil_half = agx_fxp_ceil(half);
    e->half_fraction = half - floor_half;
    e->half_points = ceil_half >> 16;
    /* The point the finer (ceil) half factor adds is the one the ruler function splits
     * in last: the floor factor's number without its top bit, as a point index. */
    if (ceil_half == floor_half)
        e->split_point = e->half_points + 1;   /* no split: never reached */
    else if (odd)
        e->split_point = floor_half == AGX_FXP_ONE ? 0 : (agx_remove_msb((floor_half >> 16) - 1) << 1) + 1;
    else
        e->split_point = (agx_remove_msb(floor_half >> 16) << 1) + 1;
    floor_segments = (floor_half * 2) >> 16;
    ceil_segments = (ceil_half * 2) >> 16;
    if (odd)
        --floor_segments, --ceil_segments;
    e->inv_floor_segments = agx_fxp_reciprocal(floor_segments);
    e->inv_ceil_segments = agx_fxp_reciprocal(ceil_segments);
}

/* Point `point` of the edge (0 at one end, point_count - 1 at the other), in 16.16. */
static int32_t agx_tess_place(const struct agx_tess_edge *e, int32_t point)
{
    bool flip = false;
    int32_t on_floor, on_ceil;
    int64_t location;

    if (point >= e->half_points)
    {
        /* The second half mirrors the first. */
        point = (e->half_points << 1) - point - (e->odd ? 1 : 0);
        flip = true;
    }
    if (point == e->half_points)
        return AGX_FXP_HALF;   /* exact, which the lerp below is not */
    on_ceil = point;
    on_floor = point > e->split_point ? point - 1 : point;
    location = (int64_t)on_floor * e->inv_floor_segments * (AGX_FXP_ONE - e->half_fraction)
            + (int64_t)on_ceil * e->inv_ceil_segments * e->half_fraction;
    location = (location + AGX_FXP_HALF) >> 16;
    return flip ? AGX_FXP_ONE - (int32_t)location : (int32_t)location;
}

static void agx_tess_point(struct agx_tess_output *out, int32_t u, int32_t v)
{
    if (out->point_count < AGX_TESS_MAX_POINTS)
    {
        /* Exact: at most 17 significant bits. */
        out->points[out->point_count].u = (float)u / 65536.0f;
        out->points[out->point_count].v = (float)v / 65536.0f;
    }
    ++out->point_count;
}

/* NaN to the lower bound (the reference's min/max keep the non-NaN operand). */
static float agx_tess_clamp(float value, float lower, float upper)
{
    return fminf(upper, fmaxf(lower, value));
}

static bool agx_tess_integer(enum agx_tess_partitioning partitioning)
{
    /* pow2 is integer partitioning to the tessellator: the HLSL helpers round. */
    return partitioning == AGX_TESS_PARTITIONING_INTEGER || partitioning == AGX_TESS_PARTITIONING_POW2;
}

static void agx_tess_bounds(enum agx_tess_partitioning partitioning, float *lower, float *upper)
{
    bool even = partitioning == AGX_TESS_PARTITIONING_FRACTIONAL_EVEN;
    bool odd = partitioning == AGX_TESS_PARTITIONING_FRACTIONAL_ODD;

    *lower = even ? D3D12_TESSELLATOR_MIN_EVEN_TESSELLATION_FACTOR : D3D12_TESSELLATOR_MIN_ODD_TESSELLATION_FACTOR;
    *upper = odd ? D3D12_TESSELLATOR_MAX_ODD_TESSELLATION_FACTOR : D3D12_TESSELLATOR_MAX_EVEN_TESSELLATION_FACTOR;
}

/* Integer partitioning rounds up and takes each factor's parity; a whole inside factor
 * of 1 counts as even. Fractional partitionings keep their own parity. */
static bool agx_tess_odd(enum agx_tess_partitioning partitioning, float factor, bool inside)
{
    if (agx_tess_integer(partitioning))
        return ((int32_t)factor & 1) && !(inside && factor == 1.0f);
    return partitioning == AGX_TESS_PARTITIONING_FRACTIONAL_ODD;
}

/* Clamps and rounds the edge factors and then the inside ones; `raw_inside` of them
 * count, with the edges, towards fractional odd's picture frame: once any factor would
 * exceed 1 in fixed point, the inside factors are at least 1 + 2^-16 so that the inside
 * ring exists. */
static void agx_tess_process(enum agx_tess_partitioning partitioning, const float *factors, uint32_t edge_count,
        uint32_t inside_count, struct agx_tess_edge *edges, struct agx_tess_edge *insides, bool *minimal)
{
    const float frame_threshold = D3D12_TESSELLATOR_MIN_ODD_TESSELLATION_FACTOR + 1.0f / 131072.0f;
    float lower, upper, edge[4], inside[2];
    bool all_one = true;
    uint32_t i;

    agx_tess_bounds(partitioning, &lower, &upper);
    for (i = 0; i < edge_count; ++i)
    {
        edge[i] = agx_tess_clamp(factors[i], lower, upper);
        if (agx_tess_integer(partitioning))
            edge[i] = ceilf(edge[i]);
    }
    if (partitioning == AGX_TESS_PARTITIONING_FRACTIONAL_ODD)
    {
        bool frame = false;

        for (i = 0; i < edge_count; ++i)
            frame |= edge[i] > frame_threshold;
        /* The quad's raw inside factors count too; the tri's one does not. */
        for (i = 0; inside_count > 1 && i < inside_count; ++i)
            frame |= factors[edge_count + i] > frame_threshold;
        if (frame)
            lower = D3D12_TESSELLATOR_MIN_ODD_TESSELLATION_FACTOR + 1.0f / 65536.0f;
    }
    for (i = 0; i < inside_count; ++i)
    {
        inside[i] = agx_tess_clamp(factors[edge_count + i], lower, upper);
        if (agx_tess_integer(partitioning))
            inside[i] = ceilf(inside[i]);
    }

    for (i = 0; i < edge_count; ++i)
    {
        int32_t fixed = agx_tess_fixed(edge[i]);

        all_one &= fixed == AGX_FXP_ONE;
        agx_tess_edge_init(&edges[i], fixed, agx_tess_odd(partitioning, edge[i], false));
    }
    for (i = 0; i < inside_count; ++i)
    {
        int32_t fixed = agx_tess_fixed(inside[i]);

        all_one &= fixed == AGX_FXP_ONE;
        agx_tess_edge_init(&insides[i], fixed, agx_tess_odd(partitioning, inside[i], true));
        /* At least one inside ring, degenerate when the factor is 1. */
        if (insides[i].point_count < (insides[i].odd ? 4 : 3))
            insides[i].point_count = insides[i].odd ? 4 : 3;
    }
    /* Fractional even has no factor of 1. */
    *minimal = all_one && partitioning != AGX_TESS_PARTITIONING_FRACTIONAL_EVEN;
}

/* The outer edges clockwise from (0, 1): U==0 down to (0, 0), V==0 to (1, 0), U==1 up
 * to (1, 1), V==1 back; each edge's last point is the next one's first. Then the
 * inside rings the same way, each starting at its corner nearest (0, 1), and for an
 * even axis the middle row of points the last ring leaves. */
static void agx_tess_quad_points(struct agx_tess_output *out, const struct agx_tess_edge outside[4],
        const struct agx_tess_edge inside[2])
{
    const int32_t count[2] = {inside[0].point_count, inside[1].point_count};
    const int32_t ring_count = (count[0] < count[1] ? count[0] : count[1]) >> 1;
    int32_t edge, p, ring;

    for (edge = 0; edge < 4; ++edge)
    {
        const int32_t last = outside[edge].point_count - 1;

        for (p = 0; p < last; ++p)
        {
            int32_t t = agx_tess_place(&outside[edge], edge == 1 || edge == 2 ? p : last - p);

            if (edge & 1)
                agx_tess_point(out, t, edge == 3 ? AGX_FXP_ONE : 0);
            else
                agx_tess_point(out, edge == 2 ? AGX_FXP_ONE : 0, t);
        }
    }
    for (ring = 1; ring < ring_count; ++ring)
    {
        const int32_t end[2] = {count[0] - 1 - ring, count[1] - 1 - ring};

        for (edge = 0; edge < 4; ++edge)
        {
            const int32_t across = edge & 1, along = (edge + 1) & 1;   /* axes: 0 U, 1 V */
            const int32_t perpendicular = agx_tess_place(&inside[across], edge < 2 ? ring : end[across]);

            for (p = ring; p < end[along]; ++p)
            {
                int32_t t = agx_tess_place(&inside[along], edge == 1 || edge == 2 ? p : end[along] - (p - ring));

                if (along)
                    agx_tess_point(out, perpendicular, t);
                else
                    agx_tess_point(out, t, perpendicular);
            }
        }
    }
    if (count[0] > count[1] && !inside[1].odd)
    {
        for (p = ring_count; p <= count[0] - 1 - ring_count; ++p)
            agx_tess_point(out, agx_tess_place(&inside[0], p), AGX_FXP_HALF);
    }
    else if (count[1] >= count[0] && !inside[0].odd)
    {
        for (p = count[1] - 1 - ring_count; p >= ring_count; --p)
            agx_tess_point(out, AGX_FXP_HALF, agx_tess_place(&inside[1], p));
    }
}

/* The outer edges from V==1 (U==0, V falling), then W==1 (V==0, U rising), then U==1
 * (W==0, U falling); the inside rings the same way, pushed in along the barycentric
 * axes; for even parity the centre (1/3, 1/3) last. */
static void agx_tess_tri_points(struct agx_tess_output *out, const struct agx_tess_edge outside[3],
        const struct agx_tess_edge *inside)
{
    const int32_t ring_count = inside->point_count >> 1;
    int32_t edge, p, ring;

    for (edge = 0; edge < 3; ++edge)
    {
        const int32_t last = outside[edge].point_count - 1;

        for (p = 0; p < last; ++p)
        {
            int32_t t = agx_tess_place(&outside[edge], edge & 1 ? p : last - p);

            if (edge == 0)
                agx_tess_point(out, 0, t);
            else
                agx_tess_point(out, t, edge == 2 ? AGX_FXP_ONE - t : 0);
        }
    }
    for (ring = 1; ring < ring_count; ++ring)
    {
        const int32_t end = inside->point_count - 1 - ring;
        /* The ring's distance from its edge, scaled by 2/3 into barycentric space. */
        int32_t perpendicular = agx_tess_place(inside, ring);

        perpendicular = (int32_t)(((int64_t)perpendicular * AGX_FXP_TWO_THIRDS + AGX_FXP_HALF) >> 16);
        for (edge = 0; edge < 3; ++edge)
        {
            for (p = ring; p < end; ++p)
            {
                /* Parallel parameters move in at half the perpendicular rate. */
                int32_t t = agx_tess_place(inside, edge & 1 ? p : end - (p - ring)) - (perpendicular + 1) / 2;

                if (edge == 0)
                    agx_tess_point(out, perpendicular, t);
                else if (edge == 1)
                    agx_tess_point(out, t, perpendicular);
                else
                    agx_tess_point(out, t, AGX_FXP_ONE - t - perpendicular);
            }
        }
    }
    if (!inside->odd)
        agx_tess_point(out, AGX_FXP_ONE_THIRD, AGX_FXP_ONE_THIRD);
}

static void agx_tess_index(struct agx_tess_output *out, uint32_t index)
{
    if (out->index_count < AGX_TESS_MAX_INDICES)
        out->indices[out->index_count] = index;
    ++out->index_count;
}

/* Point and line topologies of tri and quad patches: the points in order, as a point
 * list or a line list joining each to the next. */
static void agx_tess_list_points(struct agx_tess_output *out, enum agx_tess_topology topology)
{
    uint32_t p;

    for (p = 0; p < out->point_count; ++p)
    {
        if (topology == AGX_TESS_TOPOLOGY_POINT)
        {
            agx_tess_index(out, p);
        }
        else if (p > 0)
        {
            agx_tess_index(out, p - 1);
            agx_tess_index(out, p);
        }
    }
}

/* Density: how many lines (always integer partitioning, the line at V == 1 not drawn);
 * detail: the points along each, by the partitioning. */
static void agx_tess_isoline(enum agx_tess_partitioning partitioning, enum agx_tess_topology topology,
        const float *factors, struct agx_tess_output *out)
{
    float lower, upper, density, detail;
    struct agx_tess_edge lines, along;
    int32_t line, p;

    agx_tess_bounds(partitioning, &lower, &upper);
    density = ceilf(agx_tess_clamp(factors[0], D3D12_TESSELLATOR_MIN_ISOLINE_DENSITY_TESSELLATION_FACTOR,
            D3D12_TESSELLATOR_MAX_ISOLINE_DENSITY_TESSELLATION_FACTOR));
    detail = agx_tess_clamp(factors[1], lower, upper);
    if (agx_tess_integer(partitioning))
        detail = ceilf(detail);
    agx_tess_edge_init(&along, agx_tess_fixed(detail), agx_tess_odd(partitioning, detail, false));
    agx_tess_edge_init(&lines, agx_tess_fixed(density), (int32_t)density & 1);
    for (line = 0; line < lines.point_count - 1; ++line)
    {
        for (p = 0; p < along.point_count; ++p)
        {
            if (topology != AGX_TESS_TOPOLOGY_POINT && p > 0)
            {
                agx_tess_index(out, out->point_count - 1);
                agx_tess_index(out, out->point_count);
            }
            else if (topology == AGX_TESS_TOPOLOGY_POINT)
            {
                agx_tess_index(out, out->point_count);
            }
            agx_tess_point(out, agx_tess_place(&along, p), agx_tess_place(&lines, line));
        }
    }
}

void agx_tess_run(enum agx_tess_domain domain, enum agx_tess_partitioning partitioning,
        enum agx_tess_topology topology, const float factors[AGX_TESS_MAX_FACTORS],
        struct agx_tess_output *out)
{
    const uint32_t edge_count = domain == AGX_TESS_DOMAIN_TRI ? 3 : 4;
    struct agx_tess_edge edges[4], insides[2];
    struct agx_tess_builder builder;
    bool minimal;
    uint32_t i;

    out->point_count = 0;
    out->index_count = 0;
    if (partitioning < AGX_TESS_PARTITIONING_INTEGER || partitioning > AGX_TESS_PARTITIONING_FRACTIONAL_EVEN)
        partitioning = AGX_TESS_PARTITIONING_INTEGER;
    if (topology < AGX_TESS_TOPOLOGY_POINT || topology > AGX_TESS_TOPOLOGY_TRIANGLE_CCW)
        topology = AGX_TESS_TOPOLOGY_POINT;
    if (domain != AGX_TESS_DOMAIN_TRI && domain != AGX_TESS_DOMAIN_QUAD)
        domain = AGX_TESS_DOMAIN_ISOLINE;

    /* An edge factor that is not > 0 (NaN included) culls the patch. */
    for (i = 0; i < (domain == AGX_TESS_DOMAIN_ISOLINE ? 2 : edge_count); ++i)
    {
        if (!(factors[i] > 0.0f))
            return;
    }
    if (domain == AGX_TESS_DOMAIN_ISOLINE)
    {
        agx_tess_isoline(partitioning, topology, factors, out);
        return;
    }

    memset(&builder, 0, sizeof(builder));
    builder.out = out;
    builder.ccw = topology == AGX_TESS_TOPOLOGY_TRIANGLE_CCW;
    agx_tess_process(partitioning, factors, edge_count, domain == AGX_TESS_DOMAIN_QUAD ? 2 : 1, edges, insides,
            &minimal);
    if (minimal && domain == AGX_TESS_DOMAIN_QUAD)
    {
        /* Every factor 1: the corners and two triangles. */
        agx_tess_point(out, 0, 0);
        agx_tess_point(out, AGX_FXP_ONE, 0);
        agx_tess_point(out, AGX_FXP_ONE, AGX_FXP_ONE);
        agx_tess_point(out, 0, AGX_FXP_ONE);
    }
    else if (minimal)
    {
        agx_tess_point(out, 0, AGX_FXP_ONE);
        agx_tess_point(out, 0, 0);
        agx_tess_point(out, AGX_FXP_ONE, 0);
    }
    else if (domain == AGX_TESS_DOMAIN_QUAD)
    {
        agx_tess_quad_points(out, edges, insides);
    }
    else
    {
        agx_tess_tri_points(out, edges, &insides[0]);
    }

    if (topology == AGX_TESS_TOPOLOGY_POINT || topology == AGX_TESS_TOPOLOGY_LINE)
    {
        agx_tess_list_points(out, topology);
        return;
    }
    if (minimal && domain == AGX_TESS_DOMAIN_QUAD)
    {
        agx_tess_triangle(&builder, 0, 1, 3);
        agx_tess_triangle(&builder, 1, 2, 3);
    }
    else if (minimal)
    {
        agx_tess_triangle(&builder, 0, 1, 2);
    }
    else
    {
        /* The outer edges' points come first: each edge's count less the shared corner. */
        int32_t inside_base = 0;

        for (i = 0; i < edge_count; ++i)
            inside_base += edges[i].point_count - 1;
        if (domain == AGX_TESS_DOMAIN_QUAD)
            agx_tess_quad_connect(&builder, edges, insides, inside_base);
        else
            agx_tess_tri_connect(&builder, edges, &insides[0], inside_base);
    }
    out->index_count = builder.cursor;
}
