/*
 * The ClearTextureSubresources route planner (fallback/fb_plan_clear.h) without a
 * device: every branch of seed 000's per-route matrix, on UMA and discrete devices,
 * direct and compute lists, with and without RT/DS flags, MSAA, programmable sample
 * positions, an exact value, a known restorable layout, and coverage on either side
 * of a quarter.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "fb_plan_clear.h"
#include "test_run.h"

static const D3D12_COMMAND_LIST_TYPE direct = D3D12_COMMAND_LIST_TYPE_DIRECT;
static const D3D12_COMMAND_LIST_TYPE compute = D3D12_COMMAND_LIST_TYPE_COMPUTE;

/* A single-sample 64x64 render target in COPY_DEST, value exact, whole. */
static struct fb_clear_texture color_target(void)
{
    struct fb_clear_texture t;

    memset(&t, 0, sizeof(t));
    t.sample_count = 1;
    t.allow_render_target = true;
    t.msaa_renderable = true;
    t.whole = true;
    t.region_texels = t.subresource_texels = 64 * 64;
    t.layout_known = true;
    t.layout = D3D12_BARRIER_LAYOUT_COPY_DEST;
    t.encodable = t.exact = t.copyable = true;
    return t;
}

static enum fb_clear_route plan(bool discrete, bool psp, D3D12_COMMAND_LIST_TYPE type,
                                const struct fb_clear_texture *t, struct fb_clear_choice *choice)
{
    struct fb_clear_caps caps = {discrete, psp};

    fb_plan_clear(&caps, type, t, choice);
    ck_assert_ptr_nonnull(choice->reason);
    return choice->route;
}

static void check_route(bool discrete, bool psp, D3D12_COMMAND_LIST_TYPE type, const struct fb_clear_texture *t,
                        enum fb_clear_route expected, bool pattern_possible, const char *reason_part)
{
    struct fb_clear_choice choice;

    ck_assert_int_eq(plan(discrete, psp, type, t, &choice), expected);
    ck_assert_int_eq(choice.pattern_possible, pattern_possible);
    if (reason_part)
        ck_assert_msg(strstr(choice.reason, reason_part), "reason \"%s\" lacks \"%s\"", choice.reason, reason_part);
}

START_TEST(test_single_sample_in_place)
{
    struct fb_clear_texture t = color_target();
    static const D3D12_BARRIER_LAYOUT restorable[] = {D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_COPY_DEST,
            D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COMMON, D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_COPY_DEST};
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        t.layout = restorable[i];
        check_route(true, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, true, "whole");
        check_route(false, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, true, "whole");
    }
    /* Depth with the DS flag. */
    t = color_target();
    t.allow_render_target = false;
    t.allow_depth_stencil = true;
    t.depth_stencil = true;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, true, NULL);
    /* A depth format only with an RT flag is not in-place capable. */
    t.allow_depth_stencil = false;
    t.allow_render_target = true;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);
}
END_TEST

/* Any missing in-place condition on a single-sample texture: the pattern copy. */
START_TEST(test_single_sample_pattern_copy)
{
    struct fb_clear_texture t;

    t = color_target();
    t.allow_render_target = false;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, "single-sample");
    t = color_target();
    t.simultaneous_access = true;
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);
    t = color_target();
    t.layout_known = false;
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);
    t = color_target();
    t.layout = D3D12_BARRIER_LAYOUT_SHADER_RESOURCE;
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);
    t = color_target();
    t.exact = false;
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);
    /* Compute lists never clear in place. */
    t = color_target();
    check_route(false, false, compute, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);
    check_route(true, true, compute, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);
}
END_TEST

/* Partial single-sample regions: discrete GPUs clear in place above a quarter only, UMA
 * always. */
START_TEST(test_coverage)
{
    struct fb_clear_texture t = color_target();

    t.whole = false;
    t.region_texels = t.subresource_texels / 4;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, "quarter or less");
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, true, "UMA");
    t.region_texels = t.subresource_texels / 4 + 1;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, true, "more than a quarter");
    t.region_texels = 1;
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, true, NULL);
    check_route(true, true, direct, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);

    /* Depth where a partial copy is not legal stays in place at any coverage. */
    t = color_target();
    t.depth_stencil = true;
    t.allow_render_target = false;
    t.allow_depth_stencil = true;
    t.whole = false;
    t.region_texels = 4;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, false, "pattern copy cannot");
    check_route(true, true, direct, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);
}
END_TEST

/* Single-sample textures the pattern copy cannot take, without an in-place route. */
START_TEST(test_single_sample_rejections)
{
    struct fb_clear_texture t;

    t = color_target();
    t.allow_render_target = false;
    t.encodable = false;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_REJECT, false, "encodable");
    t.encodable = true;
    t.copyable = false;
    check_route(true, false, compute, &t, FB_CLEAR_ROUTE_REJECT, false, "footprint");
    /* Not exact, not encodable: no route at all, even with RT flags. */
    t = color_target();
    t.exact = false;
    t.encodable = false;
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_REJECT, false, "encodable");
    /* An unencodable value that is exact clears in place. */
    t.exact = true;
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, false, NULL);

    /* Compute: the only depth-specific rejection is a partial region without PSP. */
    t = color_target();
    t.depth_stencil = true;
    t.allow_depth_stencil = true;
    check_route(true, false, compute, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);
    t.whole = false;
    t.region_texels = 16;
    check_route(true, false, compute, &t, FB_CLEAR_ROUTE_REJECT, false, "programmable sample positions");
    check_route(false, true, compute, &t, FB_CLEAR_ROUTE_PATTERN_COPY, true, NULL);
    /* Direct, no DS flag, partial, no PSP: rejected as well. */
    t.allow_depth_stencil = false;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_REJECT, false, "programmable sample positions");
}
END_TEST

START_TEST(test_msaa)
{
    struct fb_clear_texture t = color_target();

    t.sample_count = 4;
    /* In place whatever the value's exactness (the closest value). */
    t.exact = false;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, false, "MSAA");
    t.whole = false;
    t.region_texels = 1;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, false, NULL);
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_IN_PLACE, false, NULL);

    /* Not in place: the private MSAA texture. */
    t = color_target();
    t.sample_count = 2;
    t.allow_render_target = false;
    check_route(true, false, direct, &t, FB_CLEAR_ROUTE_MSAA_CLEAR_AND_COPY, false, NULL);
    t.layout_known = false;
    t.allow_render_target = true;
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_MSAA_CLEAR_AND_COPY, false, NULL);
    t.whole = false;
    t.region_texels = 8;
    check_route(false, true, direct, &t, FB_CLEAR_ROUTE_MSAA_CLEAR_AND_COPY, false, NULL);
    check_route(false, false, direct, &t, FB_CLEAR_ROUTE_REJECT, false, "partial MSAA");
    t.whole = true;
    t.is_protected = true;
    check_route(false, true, direct, &t, FB_CLEAR_ROUTE_REJECT, false, "protected");
    t.is_protected = false;
    t.msaa_renderable = false;
    check_route(false, true, direct, &t, FB_CLEAR_ROUTE_REJECT, false, "render with MSAA");

    /* MSAA on compute: rejected, even in place capable. */
    t = color_target();
    t.sample_count = 4;
    check_route(false, true, compute, &t, FB_CLEAR_ROUTE_REJECT, false, "compute");
}
END_TEST

START_TEST(test_route_names)
{
    ck_assert_str_eq(fb_clear_route_name(FB_CLEAR_ROUTE_PATTERN_COPY), "pattern copy");
    ck_assert_str_eq(fb_clear_route_name(FB_CLEAR_ROUTE_IN_PLACE), "in-place clear");
    ck_assert_str_eq(fb_clear_route_name(FB_CLEAR_ROUTE_MSAA_CLEAR_AND_COPY), "MSAA clear-and-copy");
    ck_assert_str_eq(fb_clear_route_name(FB_CLEAR_ROUTE_REJECT), "rejected");
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("fb_plan_clear");
    TCase *tc = tcase_create("plan_clear");

    tcase_add_test(tc, test_single_sample_in_place);
    tcase_add_test(tc, test_single_sample_pattern_copy);
    tcase_add_test(tc, test_coverage);
    tcase_add_test(tc, test_single_sample_rejections);
    tcase_add_test(tc, test_msaa);
    tcase_add_test(tc, test_route_names);
    suite_add_tcase(suite, tc);

    return test_run_suites(suite, NULL);
}
