/*
 * D3D11's fixed-function tessellator as a pure function: a domain, a partitioning, an
 * output topology and the hull shader's tessellation factors in; the domain points
 * (u, v) and the primitives' indices out, in the order and at the positions of
 * Microsoft's reference tessellator (the rules, with their source, are in
 * specs/shaders.md, "The tessellator"). The enum values are shader model 5's
 * declaration tokens (dcl_tessellator_domain, _partitioning, _output_primitive), so the
 * DXBC front end passes them through.
 */
#ifndef AGX_TESS_H
#define AGX_TESS_H

#include <stdint.h>

#include "d3d12ddi.h"   /* D3D12_TESSELLATOR_* limits */

enum agx_tess_domain
{
    AGX_TESS_DOMAIN_ISOLINE = 1,
    AGX_TESS_DOMAIN_TRI = 2,
    AGX_TESS_DOMAIN_QUAD = 3,
};

enum agx_tess_partitioning
{
    AGX_TESS_PARTITIONING_INTEGER = 1,
    AGX_TESS_PARTITIONING_POW2 = 2,
    AGX_TESS_PARTITIONING_FRACTIONAL_ODD = 3,
    AGX_TESS_PARTITIONING_FRACTIONAL_EVEN = 4,
};

enum agx_tess_topology
{
    AGX_TESS_TOPOLOGY_POINT = 1,
    AGX_TESS_TOPOLOGY_LINE = 2,
    AGX_TESS_TOPOLOGY_TRIANGLE_CW = 3,
    AGX_TESS_TOPOLOGY_TRIANGLE_CCW = 4,
};

/* The largest outputs: a quad at factor 64 has 65 x 65 points and 2 x 64 x 64
 * triangles; an isoline patch at most 64 lines of 65 points. */
#define AGX_TESS_MAX_POINTS ((D3D12_TESSELLATOR_MAX_TESSELLATION_FACTOR + 1u) \
        * (D3D12_TESSELLATOR_MAX_TESSELLATION_FACTOR + 1u))
#define AGX_TESS_MAX_INDICES (2u * D3D12_TESSELLATOR_MAX_TESSELLATION_FACTOR \
        * D3D12_TESSELLATOR_MAX_TESSELLATION_FACTOR * 3u)

/* Factors in SV_TessFactor / SV_InsideTessFactor order:
 * quad: edges U==0, V==0, U==1, V==1, then inside U, inside V;
 * tri: edges U==0, V==0, W==0, then inside;
 * isoline: line density (the number of lines), line detail (segments per line). */
#define AGX_TESS_MAX_FACTORS 6u

struct agx_tess_point
{
    float u, v;   /* multiples of 2^-16 in [0, 1]; a tri point's w is 1 - u - v */
};

struct agx_tess_output
{
    uint32_t point_count;
    uint32_t index_count;   /* 1, 2 or 3 per primitive of the topology; 0: the patch is culled */
    struct agx_tess_point points[AGX_TESS_MAX_POINTS];
    uint32_t indices[AGX_TESS_MAX_INDICES];
};

/* Tessellates one patch into *out (about 130 KiB: allocate it). Never fails: every float
 * (NaN, infinities, negatives) has a defined result; an edge factor <= 0 or NaN culls
 * the patch. Unknown enum values are treated as the first valid one. */
void agx_tess_run(enum agx_tess_domain domain, enum agx_tess_partitioning partitioning,
        enum agx_tess_topology topology, const float factors[AGX_TESS_MAX_FACTORS],
        struct agx_tess_output *out);

/* The conversion every factor goes through once clamped: unsigned 15.16 fixed point,
 * rounded to nearest even; NaN and values <= 0 give 0, values >= 2^15 0x7fffffff. */
int32_t agx_tess_fixed(float value);

#endif
