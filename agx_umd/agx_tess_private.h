/* What agx_tess.c (factors, points) and agx_tess_stitch.c (primitives) share. */
#ifndef AGX_TESS_PRIVATE_H
#define AGX_TESS_PRIVATE_H

#include <stdbool.h>

#include "agx_tess.h"

/* 16.16 fixed point, the reference tessellator's number format for every position. */
#define AGX_FXP_ONE 0x10000
#define AGX_FXP_HALF 0x8000
#define AGX_FXP_FRACTION 0xffff
#define AGX_FXP_INTEGER 0x7fff0000

/* How the points of one tessellation factor lie along an edge (or an inside axis). An
 * edge is cut into segments from both ends towards its middle; a fractional factor sits
 * between two whole "half factors" (floor and ceil of factor / 2, plus 1/2 when odd)
 * and its points are lerped between the point sets of those two. */
struct agx_tess_edge
{
    bool odd;
    int32_t point_count;          /* points on the edge, both ends included */
    int32_t half_points;          /* points on one half, the middle excluded */
    int32_t half_fraction;        /* the fraction of the half factor (16.16) */
    int32_t split_point;          /* the first point the floor half factor lacks */
    int32_t inv_floor_segments;   /* 1 / segments of the floor and ceil factors (16.16) */
    int32_t inv_ceil_segments;
};

/* Renumbering of indices while a stitch walks a ring's last edge, whose points wrap
 * around to the ring's first ones (the reference tessellator's two "patched index"
 * schemes; see agx_tess_stitch.c). */
enum agx_tess_remap_kind
{
    AGX_TESS_REMAP_NONE,
    AGX_TESS_REMAP_WRAP,     /* the stitch sees inside points from 0 and outside ones after */
    AGX_TESS_REMAP_MIRROR,   /* indices from a base read backwards (a degenerate middle row) */
};

struct agx_tess_remap
{
    enum agx_tess_remap_kind kind;
    /* WRAP */
    int32_t inside_delta, inside_last, inside_first;
    int32_t outside_start, outside_delta, outside_last, outside_first;
    /* MIRROR */
    int32_t mirror_start, mirror_end, corner, corner_replacement;
};

struct agx_tess_builder
{
    struct agx_tess_output *out;
    bool ccw;
    uint32_t cursor;   /* where the next index goes */
    struct agx_tess_remap remap;
};

enum agx_tess_diagonals
{
    AGX_TESS_DIAGONALS_INSIDE_TO_OUTSIDE,
    AGX_TESS_DIAGONALS_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE,
    AGX_TESS_DIAGONALS_MIRRORED,
};

/* A triangle given clockwise, stored in the topology's winding. */
void agx_tess_triangle(struct agx_tess_builder *b, int32_t i0, int32_t i1, int32_t i2);

/* Two rows of points joined with triangles. Regular: the inside row has
 * inside_count points and, as a trapezoid, the outside row one more at each end. */
void agx_tess_stitch_regular(struct agx_tess_builder *b, bool trapezoid, enum agx_tess_diagonals diagonals,
        int32_t inside_count, int32_t inside_base, int32_t outside_base);
/* The first ring inside the outer edges, whose factors may differ from the inside ones. */
void agx_tess_stitch_transition(struct agx_tess_builder *b, int32_t inside_base, const struct agx_tess_edge *inside,
        int32_t outside_base, const struct agx_tess_edge *outside);

/* The primitives of a quad or tri patch whose points agx_tess.c placed: the outer
 * edges' points first (inside_base of them), then the inside rings'. */
void agx_tess_quad_connect(struct agx_tess_builder *b, const struct agx_tess_edge outside[4],
        const struct agx_tess_edge inside[2], int32_t inside_base);
void agx_tess_tri_connect(struct agx_tess_builder *b, const struct agx_tess_edge outside[3],
        const struct agx_tess_edge *inside, int32_t inside_base);

#endif
