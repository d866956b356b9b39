/*
 * The rasteriser's coverage function alone (agx_raster_setup.c): the top-left fill
 * rule on shared edges, culling and winding, 8-bit sub-pixel snapping and the sample
 * positions of 1, 2 and 4 samples, standard and programmable.
 */
#include "agx_raster.h"
#include "test_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define GRID 24

static void samples_1x(struct agx_raster_samples *samples)
{
    agx_raster_samples_init(samples, 1, 0, 0, NULL);
}

/* Adds the triangle's coverage of every pixel of the grid to counts. */
static void accumulate(const float sx[3], const float sy[3], unsigned int counts[GRID][GRID])
{
    struct agx_raster_samples samples;
    struct agx_raster_triangle tri;
    int x, y;

    samples_1x(&samples);
    if (!agx_raster_triangle_setup(&tri, sx, sy, D3D12_CULL_MODE_NONE, false))
        return;
    for (y = 0; y < GRID; ++y)
    {
        for (x = 0; x < GRID; ++x)
            counts[y][x] += agx_raster_coverage(&tri, &samples, x, y);
    }
}

/* A fan of triangles around an inner point tiles the rectangle: every pixel whose
 * centre is inside is drawn once, by whichever triangle owns it. */
START_TEST(test_raster_fan_each_pixel_once)
{
    static const float inner[][2] = {{10.0f, 10.0f}, {7.3f, 11.9f}, {12.5f, 4.5f}, {3.0f, 17.0f},
                                     {11.0f, 11.0f}, {9.5f, 9.5f}};
    static const float corners[4][2] = {{2.0f, 1.5f}, {21.5f, 1.5f}, {21.5f, 20.0f}, {2.0f, 20.0f}};
    unsigned int counts[GRID][GRID], expected;
    float sx[3], sy[3];
    unsigned int i, c;
    int x, y;

    for (i = 0; i < sizeof(inner) / sizeof(inner[0]); ++i)
    {
        memset(counts, 0, sizeof(counts));
        for (c = 0; c < 4; ++c)
        {
            sx[0] = inner[i][0];
            sy[0] = inner[i][1];
            sx[1] = corners[c][0];
            sy[1] = corners[c][1];
            sx[2] = corners[(c + 1) % 4][0];
            sy[2] = corners[(c + 1) % 4][1];
            accumulate(sx, sy, counts);
        }
        for (y = 0; y < GRID; ++y)
        {
            for (x = 0; x < GRID; ++x)
            {
                /* Centres at x + 0.5 in [2, 21.5) and y + 0.5 in [1.5, 20): the top and
                 * left sides of the rectangle belong to it, the others do not. */
                expected = x >= 2 && x <= 20 && y >= 1 && y <= 19;
                ck_assert_msg(counts[y][x] == expected, "inner %u: pixel (%d,%d) drawn %u times", i, x, y,
                              counts[y][x]);
            }
        }
    }
}
END_TEST

/* Two triangles sharing a diagonal through pixel centres, in both windings. */
START_TEST(test_raster_shared_diagonal)
{
    unsigned int counts[GRID][GRID];
    float ax[3] = {0.5f, 16.5f, 0.5f}, ay[3] = {0.5f, 16.5f, 16.5f};
    float bx[3] = {0.5f, 16.5f, 16.5f}, by[3] = {0.5f, 0.5f, 16.5f};
    int x, y;

    memset(counts, 0, sizeof(counts));
    accumulate(ax, ay, counts);
    accumulate(bx, by, counts);
    for (y = 0; y < GRID; ++y)
    {
        for (x = 0; x < GRID; ++x)
            ck_assert_uint_eq(counts[y][x], x < 16 && y < 16);
    }
    /* The mirrored order (counter-clockwise) covers the same pixels. */
    memset(counts, 0, sizeof(counts));
    ax[1] = 0.5f, ay[1] = 16.5f, ax[2] = 16.5f, ay[2] = 16.5f;
    accumulate(ax, ay, counts);
    accumulate(bx, by, counts);
    for (y = 0; y < GRID; ++y)
    {
        for (x = 0; x < GRID; ++x)
            ck_assert_uint_eq(counts[y][x], x < 16 && y < 16);
    }
}
END_TEST

START_TEST(test_raster_cull_and_winding)
{
    struct agx_raster_triangle tri;
    /* Clockwise on screen (y down). */
    float sx[3] = {0.0f, 8.0f, 0.0f}, sy[3] = {0.0f, 0.0f, 8.0f};
    float rx[3] = {0.0f, 0.0f, 8.0f}, ry[3] = {0.0f, 8.0f, 0.0f};

    ck_assert(agx_raster_triangle_setup(&tri, sx, sy, D3D12_CULL_MODE_NONE, false));
    ck_assert(tri.front_facing);
    ck_assert(agx_raster_triangle_setup(&tri, sx, sy, D3D12_CULL_MODE_BACK, false));
    ck_assert(!agx_raster_triangle_setup(&tri, sx, sy, D3D12_CULL_MODE_FRONT, false));
    ck_assert(!agx_raster_triangle_setup(&tri, sx, sy, D3D12_CULL_MODE_BACK, true));
    ck_assert(agx_raster_triangle_setup(&tri, rx, ry, D3D12_CULL_MODE_NONE, false));
    ck_assert(!tri.front_facing);
    ck_assert_uint_eq(tri.vertex[1], 2);
    ck_assert(agx_raster_triangle_setup(&tri, rx, ry, D3D12_CULL_MODE_FRONT, false));
    ck_assert(!agx_raster_triangle_setup(&tri, rx, ry, D3D12_CULL_MODE_BACK, false));
    /* No area: never drawn. */
    sx[2] = 16.0f, sy[2] = 0.0f;
    ck_assert(!agx_raster_triangle_setup(&tri, sx, sy, D3D12_CULL_MODE_NONE, false));
}
END_TEST

/* Vertices snap to 1/256 pixel: 1/1024 away from a centre is on it. */
START_TEST(test_raster_subpixel_snap)
{
    struct agx_raster_samples samples;
    struct agx_raster_triangle tri;
    float sx[3] = {0.0f, 8.0f, 0.0f}, sy[3] = {0.0f, 0.0f, 8.0f};

    samples_1x(&samples);
    /* Right edge of a rectangle-ish triangle through x = 2.5 + 1/1024: snaps to 2.5,
     * a right edge: the pixel whose centre it passes through is out. */
    sx[0] = 2.5f + 1.0f / 1024.0f, sy[0] = -8.0f;
    sx[1] = 2.5f + 1.0f / 1024.0f, sy[1] = 8.0f;
    sx[2] = -8.0f, sy[2] = 8.0f;
    ck_assert(agx_raster_triangle_setup(&tri, sx, sy, D3D12_CULL_MODE_NONE, false));
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 1, 0), 1);
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 2, 0), 0);
    /* 1/256 further right it includes the centre. */
    sx[0] = sx[1] = 2.5f + 1.0f / 256.0f;
    ck_assert(agx_raster_triangle_setup(&tri, sx, sy, D3D12_CULL_MODE_NONE, false));
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 2, 0), 1);
}
END_TEST

/* A vertical edge at x = 0.5 of pixel 0: 4x standard positions (-2, 6, -6, 2)/16 in x
 * put samples 1 and 3 right of it, 2x (4, -4)/16 sample 0. */
START_TEST(test_raster_msaa_standard)
{
    struct agx_raster_samples samples;
    struct agx_raster_triangle tri;
    float sx[3] = {0.5f, 8.0f, 0.5f}, sy[3] = {-8.0f, 0.0f, 8.0f};

    ck_assert(agx_raster_triangle_setup(&tri, sx, sy, D3D12_CULL_MODE_NONE, false));
    agx_raster_samples_init(&samples, 4, 0, 0, NULL);
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 0, 0), 0xa);
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 1, 0), 0xf);
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, -1, 0), 0);
    agx_raster_samples_init(&samples, 2, 0, 0, NULL);
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 0, 0), 0x1);
    agx_raster_samples_init(&samples, 1, 0, 0, NULL);
    /* The centre lies on the edge, a left edge here: covered. */
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 0, 0), 0x1);
}
END_TEST

/* Programmable positions: one set for every pixel, or one per pixel of the 2x2 grid. */
START_TEST(test_raster_msaa_programmable)
{
    static const D3D12_SAMPLE_POSITION one[2] = {{-7, 0}, {7, 0}};
    static const D3D12_SAMPLE_POSITION grid[8] = {{-7, 0}, {7, 0}, {7, 0}, {-7, 0},
                                                  {-1, 0}, {1, 0}, {1, 0}, {-1, 0}};
    struct agx_raster_samples samples;
    struct agx_raster_triangle tri;
    float sx[3] = {0.5f, 8.0f, 0.5f}, sy[3] = {-8.0f, 0.0f, 8.0f};
    float tx[3] = {2.5f, 8.0f, 2.5f};

    ck_assert(agx_raster_triangle_setup(&tri, sx, sy, D3D12_CULL_MODE_NONE, false));
    agx_raster_samples_init(&samples, 2, 2, 1, one);
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 0, 0), 0x2);
    agx_raster_samples_init(&samples, 2, 2, 4, grid);
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 0, 0), 0x2);
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 0, 1), 0x2);   /* pixel 2: (-1, 1) */
    ck_assert(agx_raster_triangle_setup(&tri, tx, sy, D3D12_CULL_MODE_NONE, false));
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 2, 0), 0x2);   /* pixel 0 of its quad */
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 3, 0), 0x3);
    ck_assert_uint_eq(agx_raster_coverage(&tri, &samples, 2, 1), 0x2);   /* pixel 2: (-1, 1) */
    /* Samples counts that do not match fall back to the standard positions. */
    agx_raster_samples_init(&samples, 4, 2, 1, one);
    ck_assert_int_eq(samples.x[0][1], 6);
}
END_TEST

static Suite *raster_suite(void)
{
    Suite *suite = suite_create("raster");
    TCase *tc = tcase_create("coverage");

    tcase_add_test(tc, test_raster_fan_each_pixel_once);
    tcase_add_test(tc, test_raster_shared_diagonal);
    tcase_add_test(tc, test_raster_cull_and_winding);
    tcase_add_test(tc, test_raster_subpixel_snap);
    tcase_add_test(tc, test_raster_msaa_standard);
    tcase_add_test(tc, test_raster_msaa_programmable);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(raster_suite(), NULL);
}
