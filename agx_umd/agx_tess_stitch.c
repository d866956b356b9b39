/*
 * The tessellator's primitives: rows of points joined into triangles, ring by ring from
 * the outer edges inwards, in the order and with the diagonals of Microsoft's reference
 * tessellator (the rules are written in specs/shaders.md, "The tessellator"; the numbers
 * were read from the copy Mesa carries in src/gallium/auxiliary/tessellator/).
 */
#include "agx_tess_private.h"

/* The reference stitches a ring's last edge as if its points ran on in storage order;
 * they wrap around to the ring's first point, so indices are renumbered as they are
 * stored. */
static int32_t agx_tess_remap_index(const struct agx_tess_remap *r, int32_t index)
{
    switch (r->kind)
    {
    case AGX_TESS_REMAP_WRAP:
        if (index >= r->outside_start)
            return index == r->outside_last ? r->outside_first : index + r->outside_delta;
        return index == r->inside_last ? r->inside_first : index + r->inside_delta;
    case AGX_TESS_REMAP_MIRROR:
        if (index == r->corner)
            return r->corner_replacement;
        if (index >= r->mirror_start)
            return r->mirror_end - index;
        return index;
    case AGX_TESS_REMAP_NONE:
        break;
    }
    return index;
}

static void agx_tess_index(struct agx_tess_builder *b, int32_t index)
{
    /* Bounded by AGX_TESS_MAX_INDICES for every factor (agx_tess.h); the check only keeps
     * a miscount from writing past the array. */
    if (b->cursor < AGX_TESS_MAX_INDICES)
        b->out->indices[b->cursor] = (uint32_t)agx_tess_remap_index(&b->remap, index);
    ++b->cursor;
}

void agx_tess_triangle(struct agx_tess_builder *b, int32_t i0, int32_t i1, int32_t i2)
{
    agx_tess_index(b, i0);
    agx_tess_index(b, b->ccw ? i2 : i1);
    agx_tess_index(b, b->ccw ? i1 : i2);
}

void agx_tess_stitch_regular(struct agx_tess_builder *b, bool trapezoid, enum agx_tess_diagonals diagonals,
        int32_t inside_count, int32_t inside_base, int32_t outside_base)
{
    int32_t in = inside_base, out = outside_base, p = 0;

    if (trapezoid)
        agx_tess_triangle(b, out, out + 1, in), ++out;
    switch (diagonals)
    {
    case AGX_TESS_DIAGONALS_INSIDE_TO_OUTSIDE:
        for (; p < inside_count - 1; ++p, ++in, ++out)
        {
            agx_tess_triangle(b, in, out, out + 1);
            agx_tess_triangle(b, in, out + 1, in + 1);
        }
        break;
    case AGX_TESS_DIAGONALS_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE:
        /* Odd rows: the middle quad's diagonal turns the other way. */
        for (; p < inside_count / 2 - 1; ++p, ++in, ++out)
        {
            agx_tess_triangle(b, out, out + 1, in);
            agx_tess_triangle(b, in, out + 1, in + 1);
        }
        agx_tess_triangle(b, out, in + 1, in);
        agx_tess_triangle(b, out, out + 1, in + 1);
        ++in, ++out, p += 2;
        for (; p < inside_count; ++p, ++in, ++out)
        {
            agx_tess_triangle(b, out, out + 1, in);
            agx_tess_triangle(b, in, out + 1, in + 1);
        }
        break;
    case AGX_TESS_DIAGONALS_MIRRORED:
        /* Diagonals symmetric about the row's middle. */
        for (; p < inside_count / 2; ++p, ++in, ++out)
        {
            agx_tess_triangle(b, out, in + 1, in);
            agx_tess_triangle(b, out, out + 1, in + 1);
        }
        for (; p < inside_count - 1; ++p, ++in, ++out)
        {
            agx_tess_triangle(b, in, out, out + 1);
            agx_tess_triangle(b, in, out + 1, in + 1);
        }
        break;
    }
    if (trapezoid)
        agx_tess_triangle(b, out, out + 1, in);
}

/* Where point i of a half edge lands at the finest half edge (32 segments) when
 * points are added in the ruler function's order: point 1 is the far end (32), then
 * each power of two halves the gaps (16; 8, 24 written as 8, 17 ...: the middles of
 * the coarser level come first, then the next level's points). For i = j + 1 with
 * j = 2^k (2m + 1), the position is 2^(4 - k) + m. */
static int32_t agx_tess_ruler_position(int32_t i)
{
    int32_t j = i - 1, k = 0;

    if (i == 0)
        return 0;
    if (j == 0)
        return 32;
    while (!(j & 1))
        j >>= 1, ++k;
    return (16 >> k) + (j >> 1);
}

void agx_tess_stitch_transition(struct agx_tess_builder *b, int32_t inside_base, const struct agx_tess_edge *inside,
        int32_t outside_base, const struct agx_tess_edge *outside)
{
    /* Odd factors count their middle point in half_points; the walk leaves it out. */
    int32_t inside_half = inside->half_points - (inside->odd ? 1 : 0);
    int32_t outside_half = outside->half_points - (outside->odd ? 1 : 0);
    int32_t in = inside_base, out = outside_base, i;

    /* First half: walk the split order, advancing the row that has the next point. */
    if (agx_tess_ruler_position(0) < outside_half)
        agx_tess_triangle(b, out, out + 1, in), ++out;
    for (i = 1; i <= 32; ++i)
    {
        if (agx_tess_ruler_position(i) < inside_half)
            agx_tess_triangle(b, in, out, in + 1), ++in;
        if (agx_tess_ruler_position(i) < outside_half)
            agx_tess_triangle(b, out, out + 1, in), ++out;
    }
    /* The middle: a quad when both are odd, a triangle when the parities differ. */
    if (inside->odd != outside->odd || inside->odd)
    {
        if (inside->odd == outside->odd)
        {
            agx_tess_triangle(b, in, out, in + 1);
            agx_tess_triangle(b, in + 1, out, out + 1);
            ++in, ++out;
        }
        else if (!inside->odd)
        {
            agx_tess_triangle(b, in, out, out + 1), ++out;
        }
        else
        {
            agx_tess_triangle(b, in, out, in + 1), ++in;
        }
    }
    /* Second half: the mirror image, outside first. */
    for (i = 32; i >= 1; --i)
    {
        if (agx_tess_ruler_position(i) < outside_half)
            agx_tess_triangle(b, out, out + 1, in), ++out;
        if (agx_tess_ruler_position(i) < inside_half)
            agx_tess_triangle(b, in, out, in + 1), ++in;
    }
    if (agx_tess_ruler_position(0) < outside_half)
        agx_tess_triangle(b, out, out + 1, in);
}

/* One edge of a ring: the rows stitched, then the cursor set where the edge's
 * triangles end (inside + outside points - 2 of them), as the reference stores them. */
static void agx_tess_stitch_edge(struct agx_tess_builder *b, bool first_ring, int32_t inside_count,
        int32_t inside_base, const struct agx_tess_edge *inside, int32_t outside_count, int32_t outside_base,
        const struct agx_tess_edge *outside)
{
    uint32_t start = b->cursor;

    if (first_ring)
        agx_tess_stitch_transition(b, inside_base, inside, outside_base, outside);
    else
        agx_tess_stitch_regular(b, true, AGX_TESS_DIAGONALS_MIRRORED, inside_count, inside_base, outside_base);
    b->cursor = start + 3u * (uint32_t)(inside_count + outside_count - 2);
    b->remap.kind = AGX_TESS_REMAP_NONE;
}

/* The last edge of a ring ends on the ring's first points. */
static void agx_tess_remap_wrap(struct agx_tess_remap *r, int32_t inside_base, int32_t inside_count,
        int32_t inside_first, int32_t outside_base, int32_t outside_count, int32_t outside_first)
{
    r->kind = AGX_TESS_REMAP_WRAP;
    r->inside_delta = inside_base;
    r->inside_last = inside_count - 1;
    r->inside_first = inside_first;
    r->outside_start = inside_count;
    r->outside_delta = outside_base - inside_count;
    r->outside_last = inside_count + outside_count - 1;
    r->outside_first = outside_first;
}

static void agx_tess_remap_mirror(struct agx_tess_remap *r, int32_t start, int32_t end, int32_t corner,
        int32_t corner_replacement)
{
    r->kind = AGX_TESS_REMAP_MIRROR;
    r->mirror_start = start;
    r->mirror_end = end;
    r->corner = corner;
    r->corner_replacement = corner_replacement;
}

void agx_tess_quad_connect(struct agx_tess_builder *b, const struct agx_tess_edge outside[4],
        const struct agx_tess_edge inside[2], int32_t inside_base)
{
    const int32_t count[2] = {inside[0].point_count, inside[1].point_count};
    const int32_t rows[2] = {(count[0] + 1) >> 1, (count[1] + 1) >> 1};   /* even: the middle row too */
    const int32_t ring_count = rows[0] < rows[1] ? rows[0] : rows[1];
    /* Even factors end in a degenerate ring (a row of points), which the point order
     * walks differently; by axis along the edge. */
    const int32_t degenerate[2] = {inside[1].odd ? -1 : rows[1] - 1, inside[0].odd ? -1 : rows[0] - 1};
    const struct agx_tess_edge *outer[4] = {&outside[0], &outside[1], &outside[2], &outside[3]};
    int32_t outer_count[4], outside_base = 0, ring, edge, strip;

    for (edge = 0; edge < 4; ++edge)
        outer_count[edge] = outside[edge].point_count;
    for (ring = 1; ring < ring_count; ++ring)
    {
        const int32_t ring_inside[2] = {count[0] - 2 * ring, count[1] - 2 * ring};
        const int32_t first_inside = inside_base, first_outside = outside_base;

        for (edge = 0; edge < 4; ++edge)
        {
            const int32_t axis = (edge + 1) & 1;
            int32_t in = inside_base, out = outside_base;

            if (edge == 3 && ring == degenerate[axis])
            {
                in = inside_base + 1;
                agx_tess_remap_mirror(&b->remap, in, 2 * in - 1, outside_base + outer_count[edge] - 1, first_outside);
            }
            else if (edge == 3)
            {
                agx_tess_remap_wrap(&b->remap, inside_base, ring_inside[axis], first_inside, outside_base,
                        outer_count[edge], first_outside);
                in = 0;
                out = ring_inside[axis];
            }
            else if (edge == 2 && ring == degenerate[axis])
            {
                agx_tess_remap_mirror(&b->remap, in, 2 * in, -1, -1);
            }
            agx_tess_stitch_edge(b, ring == 1, ring_inside[axis], in, &inside[axis], outer_count[edge], out,
                    outer[edge]);
            outside_base += outer_count[edge] - 1;
            if (edge == 2 && ring == degenerate[axis])
                inside_base -= ring_inside[axis] - 1;
            else
                inside_base += ring_inside[axis] - 1;
            outer_count[edge] = ring_inside[axis];
        }
        if (ring == 1)
        {
            for (edge = 0; edge < 4; ++edge)
                outer[edge] = &inside[edge & 1];
        }
    }

    /* The middle of an odd axis: a strip of quads along the longer axis. */
    if (count[0] > count[1] && inside[1].odd)
    {
        int32_t start;

        strip = (((count[0] >> 1) - (count[1] >> 1)) << 1) + (inside[0].odd ? 1 : 2);
        start = outside_base + strip + 2;
        agx_tess_remap_mirror(&b->remap, start, 2 * start + strip, start, outside_base);
        agx_tess_stitch_regular(b, false, AGX_TESS_DIAGONALS_INSIDE_TO_OUTSIDE, strip + 1, start, outside_base + 1);
        b->remap.kind = AGX_TESS_REMAP_NONE;
    }
    else if (count[1] >= count[0] && inside[0].odd)
    {
        int32_t start;

        strip = (((count[1] >> 1) - (count[0] >> 1)) << 1) + (inside[1].odd ? 1 : 2);
        start = outside_base + strip + 1;
        agx_tess_remap_mirror(&b->remap, start, 2 * start + strip, -1, -1);
        agx_tess_stitch_regular(b, false, inside[1].odd ? AGX_TESS_DIAGONALS_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE
                : AGX_TESS_DIAGONALS_INSIDE_TO_OUTSIDE, strip + 1, start, outside_base);
        b->remap.kind = AGX_TESS_REMAP_NONE;
    }
}

void agx_tess_tri_connect(struct agx_tess_builder *b, const struct agx_tess_edge outside[3],
        const struct agx_tess_edge *inside, int32_t inside_base)
{
    const int32_t ring_count = (inside->point_count + 1) >> 1;   /* even: the middle point too */
    const struct agx_tess_edge *outer[3] = {&outside[0], &outside[1], &outside[2]};
    int32_t outer_count[3], outside_base = 0, ring, edge;

    for (edge = 0; edge < 3; ++edge)
        outer_count[edge] = outside[edge].point_count;
    for (ring = 1; ring < ring_count; ++ring)
    {
        const int32_t ring_inside = inside->point_count - 2 * ring;
        const int32_t first_inside = inside_base, first_outside = outside_base;

        for (edge = 0; edge < 3; ++edge)
        {
            int32_t in = inside_base, out = outside_base;

            if (edge == 2)
            {
                agx_tess_remap_wrap(&b->remap, inside_base, ring_inside, first_inside, outside_base,
                        outer_count[edge], first_outside);
                in = 0;
                out = ring_inside;
            }
            agx_tess_stitch_edge(b, ring == 1, ring_inside, in, inside, outer_count[edge], out, outer[edge]);
            outside_base += outer_count[edge] - 1;
            inside_base += ring_inside - 1;
            outer_count[edge] = ring_inside;
        }
        if (ring == 1)
        {
            for (edge = 0; edge < 3; ++edge)
                outer[edge] = inside;
        }
    }
    if (inside->odd)
        agx_tess_triangle(b, outside_base, outside_base + 1, outside_base + 2);
}
