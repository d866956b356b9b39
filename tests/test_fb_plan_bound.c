/*
 * The bound-clear planner (fallback/fb_plan_bound.h) without a device: every branch of
 * seed 000's matrix for ClearBoundRenderTargetViews and ClearBoundDepthStencilView —
 * the legacy shortcut's conditions one at a time, draws and their keys, scissors,
 * slices and constants, each obstacle to drawing inside a pass (rejected, with its
 * reason) and outside one (the legacy clear), and nothing for empty regions.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fb_plan_bound.h"
#include "test_run.h"

static struct fb_bound_output output(DXGI_FORMAT format, UINT width, UINT height, UINT slices, UINT samples)
{
    struct fb_bound_output o = {true, format, width, height, slices, samples, 0};

    return o;
}

static D3D12DDI_CLEAR_DATA values[8];

/* Two 8x8 targets (UNORM, UINT with 3 slices), a D24S8 DSV, everything restorable. */
static void request_init(struct fb_bound_request *r, bool in_pass)
{
    UINT i;

    memset(r, 0, sizeof(*r));
    memset(values, 0, sizeof(values));
    for (i = 0; i < 8; ++i)
        values[i].Floats[0] = 0.5f;
    r->in_pass = in_pass;
    r->pipeline = true;
    r->rt_count = 2;
    r->rts[0] = output(DXGI_FORMAT_R8G8B8A8_UNORM, 8, 8, 3, 1);
    r->rts[1] = output(DXGI_FORMAT_R32_UINT, 8, 8, 3, 1);
    r->dsv = output(DXGI_FORMAT_D24_UNORM_S8_UINT, 8, 8, 3, 1);
    r->values = values;
}

static enum fb_bound_route plan(const struct fb_bound_request *r, struct fb_bound_plan *p)
{
    ck_assert_int_eq(fb_plan_bound(r, p), S_OK);
    return p->route;
}

START_TEST(test_shortcut_whole_float)
{
    struct fb_bound_request r;
    struct fb_bound_plan p;

    request_init(&r, false);
    r.mask = 0x1;
    ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_LEGACY);
    ck_assert_uint_eq(p.legacy_count, 1);
    ck_assert(p.legacy[0].whole);
    ck_assert_uint_eq(p.legacy[0].slot, 0);
    ck_assert_uint_eq(p.legacy[0].first_slice, 0);
    ck_assert_uint_eq(p.legacy[0].slice_count, 3);
    fb_bound_plan_cleanup(&p);

    /* Depth/stencil whole views take ClearDepthStencilView, whatever the value. */
    r.mask = 0;
    r.ds_flags = D3D12DDI_CLEAR_FLAG_DEPTH | D3D12DDI_CLEAR_FLAG_STENCIL;
    r.depth = NAN;
    ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_LEGACY);
    ck_assert_uint_eq(p.legacy[0].slot, FB_BOUND_SLOT_DEPTH_STENCIL);
    fb_bound_plan_cleanup(&p);
}
END_TEST

/* The shortcut's conditions one at a time: an integer target, each non-plain float, a
 * region, or a pass sends the call to the draws. */
START_TEST(test_shortcut_conditions)
{
    static const float odd[] = {1e-40f, -1e-45f, INFINITY, -INFINITY, NAN};
    static const D3D12DDI_BOX box = {0, 0, 0, 8, 8, 3};
    const D3D12DDI_BOX *regions[8] = {&box};
    UINT counts[8] = {1}, i, c;
    struct fb_bound_request r;
    struct fb_bound_plan p;

    request_init(&r, false);
    r.mask = 0x2;
    ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_DRAW);
    fb_bound_plan_cleanup(&p);
    for (c = 0; c < 4; ++c)
    {
        for (i = 0; i < sizeof(odd) / sizeof(*odd); ++i)
        {
            request_init(&r, false);
            r.mask = 0x1;
            values[0].Floats[c] = odd[i];
            ck_assert_msg(plan(&r, &p) == FB_BOUND_ROUTE_DRAW, "channel %u value %u", c, i);
            fb_bound_plan_cleanup(&p);
        }
    }
    request_init(&r, false);
    r.mask = 0x1;
    r.region_counts = counts;
    r.regions = regions;
    ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_DRAW);   /* a region, even of the whole view */
    fb_bound_plan_cleanup(&p);
    request_init(&r, true);
    r.mask = 0x1;
    ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_DRAW);
    fb_bound_plan_cleanup(&p);
}
END_TEST

/* Draws: a key per selected slot, a draw per clipped region per slice with its scissor
 * and constants, the smallest output's viewport; empty regions and slice ranges skipped. */
START_TEST(test_draws)
{
    static const D3D12DDI_BOX slot0[] = {{2, 1, 1, 20, 5, 9}, {3, 3, 0, 3, 8, 1}, {0, 0, 2, 8, 8, 2}};
    static const D3D12DDI_BOX slot1[] = {{9, 0, 0, 12, 8, 1}, {0, 0, 0, 1, 1, 1}};
    const D3D12DDI_BOX *regions[8] = {slot0, slot1};
    UINT counts[8] = {3, 2};
    struct fb_bound_request r;
    struct fb_bound_plan p;

    request_init(&r, true);
    values[1].Uints[0] = 0x89abcdefu;
    r.mask = 0x3;
    r.region_counts = counts;
    r.regions = regions;
    ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_DRAW);
    ck_assert_uint_eq(p.key_count, 2);
    ck_assert_uint_eq(p.keys[0].slot, 0);
    ck_assert_uint_eq(p.keys[0].output_class, FB_BOUND_OUTPUT_FLOAT);
    ck_assert_uint_eq(p.keys[1].slot, 1);
    ck_assert_uint_eq(p.keys[1].output_class, FB_BOUND_OUTPUT_UINT);
    ck_assert_uint_eq(p.keys[1].rt_count, 2);
    ck_assert_int_eq(p.keys[1].rt_formats[0], DXGI_FORMAT_R8G8B8A8_UNORM);
    ck_assert_int_eq(p.keys[1].rt_formats[1], DXGI_FORMAT_R32_UINT);
    ck_assert_int_eq(p.keys[1].dsv_format, DXGI_FORMAT_D24_UNORM_S8_UINT);
    ck_assert_uint_eq(p.keys[1].sample_count, 1);
    ck_assert_uint_eq(p.keys[1].ds_flags, 0);
    /* Slot 0: slices 1 and 2 of the first region (clipped to 8 wide, 3 slices); slot 1:
     * the second region only. */
    ck_assert_uint_eq(p.draw_count, 3);
    ck_assert_uint_eq(p.draws[0].pipeline, 0);
    ck_assert_int_eq(p.draws[0].scissor.left, 2);
    ck_assert_int_eq(p.draws[0].scissor.right, 8);
    ck_assert_int_eq(p.draws[0].scissor.bottom, 5);
    ck_assert_uint_eq(p.draws[0].constants[5], 1);
    ck_assert_uint_eq(p.draws[1].constants[5], 2);
    ck_assert(!memcmp(p.draws[1].constants, &values[0], 16));
    ck_assert_uint_eq(p.draws[2].pipeline, 1);
    ck_assert_uint_eq(p.draws[2].constants[0], 0x89abcdefu);
    ck_assert_int_eq(p.draws[2].scissor.right, 1);
    ck_assert(p.viewport.Width == 8.0f && p.viewport.Height == 8.0f && p.viewport.MaxDepth == 1.0f);
    fb_bound_plan_cleanup(&p);

    /* Every region empty: nothing at all. */
    counts[0] = 1;
    regions[0] = &slot0[1];
    r.mask = 0x1;
    ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_NOTHING);
    fb_bound_plan_cleanup(&p);
}
END_TEST

/* Depth/stencil draws: one key with the flags, the depth a legacy clear stores (clamped),
 * the stencil reference. */
START_TEST(test_depth_stencil_draws)
{
    static const D3D12DDI_BOX box = {0, 0, 0, 4, 4, 1};
    struct fb_bound_request r;
    struct fb_bound_plan p;
    float depth;

    request_init(&r, true);
    r.ds_flags = D3D12DDI_CLEAR_FLAG_STENCIL;
    r.depth = 1.5f;
    r.stencil = 0x5a;
    ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_DRAW);
    ck_assert_uint_eq(p.key_count, 1);
    ck_assert_uint_eq(p.keys[0].slot, FB_BOUND_SLOT_DEPTH_STENCIL);
    ck_assert_uint_eq(p.keys[0].ds_flags, D3D12DDI_CLEAR_FLAG_STENCIL);
    ck_assert_uint_eq(p.stencil, 0x5a);
    ck_assert_uint_eq(p.draw_count, 3);   /* the view's three slices */
    memcpy(&depth, &p.draws[0].constants[4], sizeof(depth));
    ck_assert(depth == 1.0f);
    fb_bound_plan_cleanup(&p);

    request_init(&r, false);
    r.ds_flags = D3D12DDI_CLEAR_FLAG_DEPTH;
    r.depth = NAN;
    r.ds_region_count = 1;
    r.ds_regions = &box;
    ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_DRAW);
    memcpy(&depth, &p.draws[0].constants[4], sizeof(depth));
    ck_assert(depth == 0.0f && !signbit(depth));
    ck_assert_uint_eq(p.draw_count, 1);
    fb_bound_plan_cleanup(&p);
}
END_TEST

enum obstacle
{
    OBSTACLE_WIDTH,
    OBSTACLE_SLICES,
    OBSTACLE_SAMPLES,
    OBSTACLE_STATE,
    OBSTACLE_PIPELINE,
};

static const char *const obstacle_reasons[] =
{
    "a region goes past the smallest bound output",
    "a region goes past the smallest bound output",
    "the bound outputs have different sample counts",
    "an executed bundle set graphics root arguments without setting the root signature first",
    "the driver cannot run the runtime's clear pipeline",
};

/* Each obstacle: inside a pass the call is rejected with its reason; outside it takes the
 * legacy clear, with the region's rect and slices. */
START_TEST(test_obstacles)
{
    static const D3D12DDI_BOX box = {1, 2, 1, 6, 7, 3};
    const D3D12DDI_BOX *regions[8] = {&box};
    UINT counts[8] = {1}, o, pass;
    struct fb_bound_request r;
    struct fb_bound_plan p;

    for (o = OBSTACLE_WIDTH; o <= OBSTACLE_PIPELINE; ++o)
    {
        for (pass = 0; pass < 2; ++pass)
        {
            request_init(&r, pass);
            r.mask = 0x1;
            r.region_counts = counts;
            r.regions = regions;
            if (o == OBSTACLE_WIDTH)
                r.dsv.width = 4;
            else if (o == OBSTACLE_SLICES)
                r.rts[1].slice_count = 2;
            else if (o == OBSTACLE_SAMPLES)
                r.dsv.sample_count = 4;
            else if (o == OBSTACLE_STATE)
                r.unrestorable = obstacle_reasons[OBSTACLE_STATE];
            else
                r.pipeline = false;
            if (pass)
            {
                ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_REJECT);
                ck_assert_str_eq(p.reason, obstacle_reasons[o]);
            }
            else
            {
                ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_LEGACY);
                ck_assert_uint_eq(p.legacy_count, 1);
                ck_assert(!p.legacy[0].whole);
                ck_assert_int_eq(p.legacy[0].rect.left, 1);
                ck_assert_int_eq(p.legacy[0].rect.bottom, 7);
                ck_assert_uint_eq(p.legacy[0].first_slice, 1);
                ck_assert_uint_eq(p.legacy[0].slice_count, 2);
            }
            fb_bound_plan_cleanup(&p);
        }
    }
    /* Within the smallest output (4x4 DSV) a region still draws. */
    request_init(&r, true);
    r.dsv.width = r.dsv.height = 4;
    r.mask = 0x1;
    r.region_counts = counts;
    r.regions = regions;
    regions[0] = &(D3D12DDI_BOX){0, 0, 0, 4, 4, 1};
    ck_assert_int_eq(plan(&r, &p), FB_BOUND_ROUTE_DRAW);
    ck_assert(p.viewport.Width == 4.0f && p.viewport.Height == 4.0f);
    fb_bound_plan_cleanup(&p);
}
END_TEST

START_TEST(test_output_class)
{
    ck_assert_int_eq(fb_bound_output_class(DXGI_FORMAT_R16G16_SINT), FB_BOUND_OUTPUT_SINT);
    ck_assert_int_eq(fb_bound_output_class(DXGI_FORMAT_R8_UINT), FB_BOUND_OUTPUT_UINT);
    ck_assert_int_eq(fb_bound_output_class(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB), FB_BOUND_OUTPUT_FLOAT);
    ck_assert_int_eq(fb_bound_output_class(DXGI_FORMAT_R16_SNORM), FB_BOUND_OUTPUT_FLOAT);
    ck_assert_int_eq(fb_bound_output_class(DXGI_FORMAT_R11G11B10_FLOAT), FB_BOUND_OUTPUT_FLOAT);
}
END_TEST

/* A call asking for 2^32 draws (2^21 regions of 2048 slices of one 2048-slice view)
 * cannot be listed: E_OUTOFMEMORY, not a count wrapped to 32 bits (which planned nothing,
 * or too few draws for the ones written). */
START_TEST(test_draw_count_does_not_wrap)
{
    static const D3D12DDI_BOX region = {0, 0, 0, 1, 1, 2048};
    const UINT region_count = 1u << 21;
    const D3D12DDI_BOX *regions[8] = {NULL};
    UINT counts[8] = {0}, i;
    struct fb_bound_request r;
    struct fb_bound_plan p;
    D3D12DDI_BOX *boxes;

    ck_assert_ptr_nonnull(boxes = malloc(region_count * sizeof(*boxes)));
    for (i = 0; i < region_count; ++i)
        boxes[i] = region;
    request_init(&r, true);
    r.rts[1] = output(DXGI_FORMAT_R32_UINT, 8, 8, 2048, 1);
    r.rts[0].slice_count = r.dsv.slice_count = 2048;
    regions[1] = boxes;
    counts[1] = region_count;
    r.mask = 0x2;
    r.region_counts = counts;
    r.regions = regions;
    ck_assert_int_eq(fb_plan_bound(&r, &p), E_OUTOFMEMORY);
    fb_bound_plan_cleanup(&p);
    free(boxes);
}
END_TEST

static Suite *fb_plan_bound_suite(void)
{
    Suite *suite = suite_create("fb_plan_bound");
    TCase *tc = tcase_create("plan");

    tcase_add_test(tc, test_shortcut_whole_float);
    tcase_add_test(tc, test_shortcut_conditions);
    tcase_add_test(tc, test_draws);
    tcase_add_test(tc, test_depth_stencil_draws);
    tcase_add_test(tc, test_obstacles);
    tcase_add_test(tc, test_output_class);
    tcase_add_test(tc, test_draw_count_does_not_wrap);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(fb_plan_bound_suite(), NULL);
}
