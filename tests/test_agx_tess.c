/*
 * The fixed-function tessellator (agx_umd/agx_tess.h), a pure function, against
 * expectations derived by hand from D3D11's rules (specs/shaders.md, "The tessellator"):
 * the 16.16 conversion, clamping and rounding per partitioning, point counts of whole
 * factors, the positions of fractional factors, the point order and the triangles of
 * small patches, and, over a sweep of factors, triangles that tile the domain exactly
 * (all wound one way, areas summing to the domain's).
 */
#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "agx_tess.h"
#include "test_run.h"

#define FX(x) ((float)(x) / 65536.0f)   /* a 16.16 value as the tessellator stores it */

static struct agx_tess_output *tess(enum agx_tess_domain domain, enum agx_tess_partitioning partitioning,
        enum agx_tess_topology topology, float f0, float f1, float f2, float f3, float f4, float f5)
{
    const float factors[AGX_TESS_MAX_FACTORS] = {f0, f1, f2, f3, f4, f5};
    struct agx_tess_output *out = malloc(sizeof(*out));

    ck_assert_ptr_nonnull(out);
    agx_tess_run(domain, partitioning, topology, factors, out);
    return out;
}

static struct agx_tess_output *quad(enum agx_tess_partitioning partitioning, float edge, float inside)
{
    return tess(AGX_TESS_DOMAIN_QUAD, partitioning, AGX_TESS_TOPOLOGY_TRIANGLE_CW, edge, edge, edge, edge,
            inside, inside);
}

static struct agx_tess_output *tri(enum agx_tess_partitioning partitioning, float edge, float inside)
{
    return tess(AGX_TESS_DOMAIN_TRI, partitioning, AGX_TESS_TOPOLOGY_TRIANGLE_CW, edge, edge, edge, inside, 0, 0);
}

static void assert_point(const struct agx_tess_output *out, uint32_t i, float u, float v)
{
    ck_assert_msg(out->points[i].u == u && out->points[i].v == v, "point %u is (%.9g, %.9g), not (%.9g, %.9g)",
            i, out->points[i].u, out->points[i].v, u, v);
}

static void assert_points(const struct agx_tess_output *out, const float (*expected)[2], uint32_t count)
{
    uint32_t i;

    ck_assert_uint_eq(out->point_count, count);
    for (i = 0; i < count; ++i)
        assert_point(out, i, expected[i][0], expected[i][1]);
}

static void assert_triangles(const struct agx_tess_output *out, const uint32_t *expected, uint32_t count)
{
    uint32_t i;

    ck_assert_uint_eq(out->index_count, count * 3);
    for (i = 0; i < count * 3; ++i)
        ck_assert_msg(out->indices[i] == expected[i], "index %u is %u, not %u", i, out->indices[i], expected[i]);
}

START_TEST(test_fixed_point)
{
    /* Unsigned 15.16, round to nearest even. */
    ck_assert_int_eq(agx_tess_fixed(1.0f), 0x10000);
    ck_assert_int_eq(agx_tess_fixed(1.5f), 0x18000);
    ck_assert_int_eq(agx_tess_fixed(64.0f), 0x400000);
    ck_assert_int_eq(agx_tess_fixed(ldexpf(1.0f, -17)), 0);        /* 0.5 ulp: to even 0 */
    ck_assert_int_eq(agx_tess_fixed(ldexpf(3.0f, -17)), 2);        /* 1.5: to 2 */
    ck_assert_int_eq(agx_tess_fixed(ldexpf(5.0f, -17)), 2);        /* 2.5: to 2 */
    ck_assert_int_eq(agx_tess_fixed(1.0f + ldexpf(1.0f, -18)), 0x10000);
    ck_assert_int_eq(agx_tess_fixed(ldexpf(1.0f, -140)), 0);       /* a denormal */
    ck_assert_int_eq(agx_tess_fixed(NAN), 0);
    ck_assert_int_eq(agx_tess_fixed(-1.0f), 0);
    ck_assert_int_eq(agx_tess_fixed(-0.0f), 0);
    ck_assert_int_eq(agx_tess_fixed(32768.0f), 0x7fffffff);
    ck_assert_int_eq(agx_tess_fixed(INFINITY), 0x7fffffff);
}
END_TEST

/* Integer factor 2 everywhere: the outer ring clockwise from (0, 1) with (u right, v
 * down), then the middle point, which the 8 triangles fan around. */
START_TEST(test_quad_factor_2)
{
    static const uint32_t fan[] = {0, 1, 8, 1, 2, 8, 2, 3, 8, 3, 4, 8, 4, 5, 8, 5, 6, 8, 6, 7, 8, 7, 0, 8};
    static const float expected[9][2] = {{0, 1}, {0, 0.5f}, {0, 0}, {0.5f, 0}, {1, 0}, {1, 0.5f}, {1, 1},
            {0.5f, 1}, {0.5f, 0.5f}};
    struct agx_tess_output *out = quad(AGX_TESS_PARTITIONING_INTEGER, 2.0f, 2.0f);
    uint32_t i;

    assert_points(out, expected, 9);
    assert_triangles(out, fan, 8);
    free(out);

    /* Counter-clockwise: the same triangles with their last two indices swapped. */
    out = tess(AGX_TESS_DOMAIN_QUAD, AGX_TESS_PARTITIONING_INTEGER, AGX_TESS_TOPOLOGY_TRIANGLE_CCW,
            2, 2, 2, 2, 2, 2);
    for (i = 0; i < 8; ++i)
    {
        ck_assert_uint_eq(out->indices[3 * i], fan[3 * i]);
        ck_assert_uint_eq(out->indices[3 * i + 1], fan[3 * i + 2]);
        ck_assert_uint_eq(out->indices[3 * i + 2], fan[3 * i + 1]);
    }
    free(out);
}
END_TEST

/* Integer factor 2: the edges from V == 1 (U == 0), W == 1 (V == 0), U == 1 (W == 0),
 * then the centre (1/3 in 16.16, 0x5555) and a fan of 6. */
START_TEST(test_tri_points)
{
    static const uint32_t fan[] = {0, 1, 6, 1, 2, 6, 2, 3, 6, 3, 4, 6, 4, 5, 6, 5, 0, 6};
    static const float expected[7][2] = {{0, 1}, {0, 0.5f}, {0, 0}, {0.5f, 0}, {1, 0}, {0.5f, 0.5f},
            {FX(0x5555), FX(0x5555)}};
    struct agx_tess_output *out = tri(AGX_TESS_PARTITIONING_INTEGER, 2.0f, 2.0f);

    assert_points(out, expected, 7);
    assert_triangles(out, fan, 6);
    free(out);

    /* Factor 4: the first inside ring lies 1/4 of the way in; in barycentric terms
     * u = 2/3 * 1/4 = 1/6 (0x2aab, rounded), and the parallel parameter of the ring's
     * first point, 3/4, moves in by half of that: 3/4 - 1/12 = 2/3 (0xc000 - (0x2aab + 1) / 2 =
     * 0xaaaa); the next is 1/2 - 1/12 (0x8000 - 0x1556). The centre is last. */
    out = tri(AGX_TESS_PARTITIONING_INTEGER, 4.0f, 4.0f);
    ck_assert_uint_eq(out->point_count, 19);
    assert_point(out, 12, FX(0x2aab), FX(0xaaaa));
    assert_point(out, 13, FX(0x2aab), FX(0x8000 - 0x1556));
    assert_point(out, 18, FX(0x5555), FX(0x5555));
    free(out);
}
END_TEST

/* Every factor 1: the corners and the fewest triangles, for integer, pow2 and
 * fractional odd; fractional even clamps 1 up to 2. */
START_TEST(test_minimal)
{
    static const uint32_t quad_triangles[] = {0, 1, 3, 1, 2, 3};
    static const uint32_t tri_triangle[] = {0, 1, 2};
    static const float quad_corners[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    static const float tri_corners[3][2] = {{0, 1}, {0, 0}, {1, 0}};
    enum agx_tess_partitioning p;
    struct agx_tess_output *out;

    for (p = AGX_TESS_PARTITIONING_INTEGER; p <= AGX_TESS_PARTITIONING_FRACTIONAL_ODD; ++p)
    {
        out = quad(p, 1.0f, 1.0f);
        assert_points(out, quad_corners, 4);
        assert_triangles(out, quad_triangles, 2);
        free(out);
        out = tri(p, 1.0f, 1.0f);
        assert_points(out, tri_corners, 3);
        assert_triangles(out, tri_triangle, 1);
        free(out);
    }
    out = quad(AGX_TESS_PARTITIONING_FRACTIONAL_EVEN, 1.0f, 1.0f);
    ck_assert_uint_eq(out->point_count, 9);
    ck_assert_uint_eq(out->index_count, 24);
    free(out);
}
END_TEST

/* Whole factors N: a quad has (N + 1)^2 points; a tri 3N on its outer ring, 3(N - 2) on
 * the next and so on, plus the centre when N is even. Triangles by Euler's formula for
 * a triangulated disc: 2 * points - boundary points - 2. */
START_TEST(test_integer_counts)
{
    uint32_t n, k, expected;
    struct agx_tess_output *out;

    for (n = 1; n <= 64; ++n)
    {
        out = quad(AGX_TESS_PARTITIONING_INTEGER, (float)n, (float)n);
        ck_assert_uint_eq(out->point_count, (n + 1) * (n + 1));
        ck_assert_uint_eq(out->index_count, 3 * (2 * out->point_count - 4 * n - 2));
        free(out);

        out = tri(AGX_TESS_PARTITIONING_INTEGER, (float)n, (float)n);
        for (expected = 0, k = n; k > 0 && k <= n; k -= 2)
            expected += 3 * k;
        expected += !(n & 1);
        ck_assert_uint_eq(out->point_count, expected);
        ck_assert_uint_eq(out->index_count, 3 * (2 * out->point_count - 3 * n - 2));
        free(out);

        /* pow2 is integer partitioning to the tessellator. */
        out = tri(AGX_TESS_PARTITIONING_POW2, (float)n - 0.5f, (float)n);
        ck_assert_uint_eq(out->point_count, expected);
        free(out);
    }
}
END_TEST

/* Factor 3 (odd): 1/3 is 0x5555 in 16.16 and the far half is mirrored, 1 - 0x5555. */
START_TEST(test_integer_positions)
{
    struct agx_tess_output *out = quad(AGX_TESS_PARTITIONING_INTEGER, 3.0f, 3.0f);

    assert_point(out, 0, 0, 1);
    assert_point(out, 1, 0, FX(0x10000 - 0x5555));
    assert_point(out, 2, 0, FX(0x5555));
    assert_point(out, 3, 0, 0);
    assert_point(out, 4, FX(0x5555), 0);
    free(out);
}
END_TEST

/* Fractional factors lerp between the two whole factors of their parity around them,
 * by the fraction of half the factor. */
START_TEST(test_fractional_positions)
{
    struct agx_tess_output *out;

    /* Fractional odd 2.0, halfway between 1 and 3: the point 3 puts at 1/3 (0x5555)
     * lies halfway from 0, where 1 has none: (0x5555 * 0.5) rounded, 0x2aab = 10923. */
    out = tess(AGX_TESS_DOMAIN_ISOLINE, AGX_TESS_PARTITIONING_FRACTIONAL_ODD, AGX_TESS_TOPOLOGY_LINE,
            1, 2.0f, 0, 0, 0, 0);
    ck_assert_uint_eq(out->point_count, 4);
    assert_point(out, 0, 0, 0);
    assert_point(out, 1, FX(10923), 0);
    assert_point(out, 2, FX(65536 - 10923), 0);
    assert_point(out, 3, 1, 0);
    free(out);

    /* Fractional even 3.0, halfway between 2 (0, 1/2, 1) and 4 (0, 1/4, 1/2, ...): the
     * second point at (1/2 + 1/4) / 2, the middle kept at 1/2. */
    out = tess(AGX_TESS_DOMAIN_ISOLINE, AGX_TESS_PARTITIONING_FRACTIONAL_EVEN, AGX_TESS_TOPOLOGY_POINT,
            1, 3.0f, 0, 0, 0, 0);
    ck_assert_uint_eq(out->point_count, 5);
    assert_point(out, 1, 0.375f, 0);
    assert_point(out, 2, 0.5f, 0);
    assert_point(out, 3, 0.625f, 0);
    assert_point(out, 4, 1, 0);
    ck_assert_uint_eq(out->index_count, 5);
    free(out);
}
END_TEST

/* Density is always whole (rounded up), one line per step, the one at v == 1 left out;
 * lines are lists of segments within each line. */
START_TEST(test_isoline)
{
    static const uint32_t lines[] = {0, 1, 2, 3, 4, 5};
    struct agx_tess_output *out = tess(AGX_TESS_DOMAIN_ISOLINE, AGX_TESS_PARTITIONING_FRACTIONAL_ODD,
            AGX_TESS_TOPOLOGY_LINE, 2.5f, 1.0f, 0, 0, 0, 0);
    uint32_t i;

    ck_assert_uint_eq(out->point_count, 6);
    assert_point(out, 0, 0, 0);
    assert_point(out, 1, 1, 0);
    assert_point(out, 2, 0, FX(0x5555));
    assert_point(out, 3, 1, FX(0x5555));
    assert_point(out, 4, 0, FX(0x10000 - 0x5555));
    ck_assert_uint_eq(out->index_count, 6);
    for (i = 0; i < 6; ++i)
        ck_assert_uint_eq(out->indices[i], lines[i]);
    free(out);

    /* Clamped to 64 lines of 65 points. */
    out = tess(AGX_TESS_DOMAIN_ISOLINE, AGX_TESS_PARTITIONING_INTEGER, AGX_TESS_TOPOLOGY_LINE,
            1000.0f, INFINITY, 0, 0, 0, 0);
    ck_assert_uint_eq(out->point_count, 64 * 65);
    ck_assert_uint_eq(out->index_count, 64 * 64 * 2);
    free(out);
}
END_TEST

/* An edge factor <= 0 or NaN culls the patch; inside factors only clamp (NaN to the
 * lower bound); factors above the partitioning's maximum clamp to it. */
START_TEST(test_clamping_and_culling)
{
    const float culling[] = {0.0f, -1.0f, -0.0f, NAN};
    struct agx_tess_output *out;
    uint32_t i;

    for (i = 0; i < 4; ++i)
    {
        out = tess(AGX_TESS_DOMAIN_QUAD, AGX_TESS_PARTITIONING_INTEGER, AGX_TESS_TOPOLOGY_TRIANGLE_CW,
                4, 4, culling[i], 4, 4, 4);
        ck_assert_uint_eq(out->point_count, 0);
        ck_assert_uint_eq(out->index_count, 0);
        free(out);
        out = tess(AGX_TESS_DOMAIN_ISOLINE, AGX_TESS_PARTITIONING_INTEGER, AGX_TESS_TOPOLOGY_LINE,
                4, culling[i], 0, 0, 0, 0);
        ck_assert_uint_eq(out->point_count, 0);
        free(out);
    }
    /* An inside factor of NaN or 0 is 1: a degenerate inside ring at the middle point. */
    out = quad(AGX_TESS_PARTITIONING_INTEGER, 2.0f, NAN);
    ck_assert_uint_eq(out->point_count, 9);
    assert_point(out, 8, 0.5f, 0.5f);
    free(out);
    out = quad(AGX_TESS_PARTITIONING_INTEGER, 2.0f, 0.0f);
    ck_assert_uint_eq(out->point_count, 9);
    free(out);

    out = quad(AGX_TESS_PARTITIONING_INTEGER, 1e30f, INFINITY);
    ck_assert_uint_eq(out->point_count, 65 * 65);
    ck_assert_uint_eq(out->index_count, 3 * 2 * 64 * 64);
    free(out);
    /* Fractional odd stops at 63: 64 points an edge. */
    out = quad(AGX_TESS_PARTITIONING_FRACTIONAL_ODD, 100.0f, 100.0f);
    ck_assert_uint_eq(out->point_count, 64 * 64);
    free(out);
    /* Integer rounds up: 2.01 is 3. */
    out = quad(AGX_TESS_PARTITIONING_INTEGER, 2.01f, 2.01f);
    ck_assert_uint_eq(out->point_count, 16);
    free(out);
}
END_TEST

/* Fractional odd: when any factor (a quad's raw inside ones included) is above 1, the
 * inside factors are at least 1 + 2^-16, so the patch has an inside ring; the tri's one
 * inside factor does not force it. */
START_TEST(test_picture_frame)
{
    struct agx_tess_output *out = tess(AGX_TESS_DOMAIN_QUAD, AGX_TESS_PARTITIONING_FRACTIONAL_ODD,
            AGX_TESS_TOPOLOGY_TRIANGLE_CW, 1, 1, 1, 1, 1.00001f, 1);

    ck_assert_uint_eq(out->point_count, 4 + 2 * 2);
    free(out);
    out = tess(AGX_TESS_DOMAIN_QUAD, AGX_TESS_PARTITIONING_FRACTIONAL_ODD, AGX_TESS_TOPOLOGY_TRIANGLE_CW,
            1, 1, 1, 1, 1.000001f, 1);
    ck_assert_uint_eq(out->point_count, 4);   /* within 2^-17 of 1: still minimal */
    free(out);
    out = tri(AGX_TESS_PARTITIONING_FRACTIONAL_ODD, 1.0f, 1.00001f);
    ck_assert_uint_eq(out->point_count, 3 + 3);
    free(out);
}
END_TEST

/* Point topology lists every point once; line topology of a quad or tri joins each point
 * to the next, in order. */
START_TEST(test_point_and_line_lists)
{
    struct agx_tess_output *out = tess(AGX_TESS_DOMAIN_TRI, AGX_TESS_PARTITIONING_INTEGER,
            AGX_TESS_TOPOLOGY_POINT, 3, 3, 3, 3, 0, 0);
    uint32_t i;

    ck_assert_uint_eq(out->index_count, out->point_count);
    for (i = 0; i < out->index_count; ++i)
        ck_assert_uint_eq(out->indices[i], i);
    free(out);
    out = tess(AGX_TESS_DOMAIN_QUAD, AGX_TESS_PARTITIONING_INTEGER, AGX_TESS_TOPOLOGY_LINE, 2, 2, 2, 2, 2, 2);
    ck_assert_uint_eq(out->index_count, 2 * (out->point_count - 1));
    for (i = 0; i + 1 < out->point_count; ++i)
    {
        ck_assert_uint_eq(out->indices[2 * i], i);
        ck_assert_uint_eq(out->indices[2 * i + 1], i + 1);
    }
    free(out);
}
END_TEST

/* What is wrong with a tessellation's triangles as a tiling of the domain, or NULL
 * (plain checks: one assertion per patch keeps the sweep fast). */
static const char *tiling_fault(const struct agx_tess_output *out, bool is_quad)
{
    double total = 0.0;
    uint32_t t;

    if (out->index_count % 3)
        return "not whole triangles";
    for (t = 0; t < out->index_count; t += 3)
    {
        const uint32_t *x = &out->indices[t];
        const struct agx_tess_point *p0, *p1, *p2;
        double area;

        if (x[0] >= out->point_count || x[1] >= out->point_count || x[2] >= out->point_count)
            return "an index out of range";
        if (x[0] == x[1] || x[1] == x[2] || x[0] == x[2])
            return "a repeated index";
        p0 = &out->points[x[0]], p1 = &out->points[x[1]], p2 = &out->points[x[2]];
        area = 0.5 * (((double)p1->u - p0->u) * ((double)p2->v - p0->v)
                - ((double)p1->v - p0->v) * ((double)p2->u - p0->u));
        if (area < -1e-12)
            return "a triangle wound the other way";
        total += area;
    }
    if (fabs(total - (is_quad ? 1.0 : 0.5)) > 1e-6)
        return "areas that do not add up to the domain's";
    for (t = 0; t < out->point_count; ++t)
    {
        const struct agx_tess_point *q = &out->points[t];

        if (q->u < 0.0f || q->u > 1.0f || q->v < 0.0f || q->v > 1.0f || (!is_quad && q->u + q->v > 1.0f))
            return "a point outside the domain";
    }
    return NULL;
}

/* Over mixed and fractional factors of every partitioning: indices in range, no
 * triangle with a repeated index, every triangle wound the same way (clockwise with v
 * down: a non-negative signed area with v up) and the areas summing to the domain's, so
 * the triangles cover it without gaps or overlaps. */
START_TEST(test_tiling)
{
    static const float values[] = {1.0f, 1.2f, 2.0f, 2.5f, 3.0f, 4.7f, 7.0f, 8.0f, 15.3f, 33.0f, 63.9f, 64.0f};
    const uint32_t count = sizeof(values) / sizeof(values[0]);
    enum agx_tess_partitioning p;
    uint32_t a, b, c, i;

    for (p = AGX_TESS_PARTITIONING_INTEGER; p <= AGX_TESS_PARTITIONING_FRACTIONAL_EVEN; ++p)
    {
        for (a = 0; a < count; ++a)
        {
            for (b = 0; b < count; ++b)
            {
                c = (a * 7 + b * 3) % count;   /* a third factor that varies with both */
                for (i = 0; i < 2; ++i)
                {
                    const bool is_quad = i == 0;
                    struct agx_tess_output *out = is_quad
                            ? tess(AGX_TESS_DOMAIN_QUAD, p, AGX_TESS_TOPOLOGY_TRIANGLE_CW, values[a], values[b],
                                    values[c], values[b], values[c], values[a])
                            : tess(AGX_TESS_DOMAIN_TRI, p, AGX_TESS_TOPOLOGY_TRIANGLE_CW, values[a], values[b],
                                    values[c], values[(a + b) % count], 0, 0);
                    const char *wrong = tiling_fault(out, is_quad);

                    ck_assert_msg(!wrong, "partitioning %d, factors %d %d %d, %s: %s", p, a, b, c,
                            is_quad ? "quad" : "tri", wrong);
                    free(out);
                }
            }
        }
    }
}
END_TEST

static Suite *agx_tess_suite(void)
{
    Suite *suite = suite_create("agx_tess");
    TCase *tc = tcase_create("tessellator");

    tcase_add_test(tc, test_fixed_point);
    tcase_add_test(tc, test_quad_factor_2);
    tcase_add_test(tc, test_tri_points);
    tcase_add_test(tc, test_minimal);
    tcase_add_test(tc, test_integer_counts);
    tcase_add_test(tc, test_integer_positions);
    tcase_add_test(tc, test_fractional_positions);
    tcase_add_test(tc, test_isoline);
    tcase_add_test(tc, test_clamping_and_culling);
    tcase_add_test(tc, test_picture_frame);
    tcase_add_test(tc, test_point_and_line_lists);
    tcase_add_test(tc, test_tiling);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(agx_tess_suite(), NULL);
}
