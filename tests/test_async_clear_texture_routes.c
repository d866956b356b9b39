/*
 * ClearTextureSubresources route choices the planner tests (test_fb_plan_clear.c) cover
 * in isolation, here through a device whose caps the DDI spy masks: seed 000's quarter
 * rule on a discrete GPU, simultaneous-access textures, devices without programmable
 * sample positions (partial depth and MSAA regions refused, planar YUV regions copied).
 * Natively the driver's Async table clears each case; on the fallback the spy shows the
 * route (legacy clear in place, or pattern copy) and the bytes are read back against
 * values written out here, the region's outside checked unchanged.
 */
#include "test_async_clear_texture.h"
#include "ddi_spy.h"
#include "test_run.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char rgba8_value[] = {0xff, 0x80, 0x00, 0x40};

static void set_rgba8_value(D3D12_CLEAR_TEXTURE_DESC *desc)
{
    desc->ClearValue.Floats[0] = 1.0f;
    desc->ClearValue.Floats[1] = 128.0f / 255.0f;
    desc->ClearValue.Floats[2] = 0.0f;
    desc->ClearValue.Floats[3] = 64.0f / 255.0f;
}

/* Natively one driver ClearTextureSubresources; on the fallback the in-place legacy
 * clear or the pattern copy. */
#define check_route(ctx, in_place) check_route_(__LINE__, ctx, in_place)
static void check_route_(unsigned int line, const struct async_ctx *ctx, bool in_place)
{
    size_t native = async_spy_count(ctx, "ClearTextureSubresources");
    size_t legacy = async_spy_count(ctx, "ClearRenderTargetView") + async_spy_count(ctx, "ClearDepthStencilView");
    size_t copies = async_spy_count(ctx, "CopyTextureRegion");

    if (!async_fallback(ctx))
        ck_assert_msg(native == 1 && !legacy && !copies, "line %u: %zu native, %zu legacy, %zu copies", line,
                      native, legacy, copies);
    else if (in_place)
        ck_assert_msg(!native && legacy == 1 && !copies, "line %u: in place expected: %zu legacy, %zu copies", line,
                      legacy, copies);
    else
        ck_assert_msg(!native && !legacy && copies >= 1, "line %u: pattern copy expected: %zu legacy, %zu copies",
                      line, legacy, copies);
}

/* Clears `box` (NULL: all) of subresource 0 of a poisoned RGBA8 texture whose layout
 * the list knows (`layout`, from COMMON and back) and checks the bytes. */
static void clear_rgba8_rect(const struct async_ctx *ctx, struct test_context *t, ID3D12Resource *texture,
                             D3D12_BARRIER_LAYOUT known, const D3D12_BOX *box, bool in_place)
{
    const D3D12_RECT whole = {0, 0, 16, 16};
    D3D12_RECT rect = whole;
    struct test_subresource_layout layout;
    unsigned char *before, *after;
    D3D12_CLEAR_TEXTURE_DESC desc;

    poison_texture(t, texture, 31);
    before = read_subresource(t, texture, 0, &layout);
    memset(&desc, 0, sizeof(desc));
    desc.pTexture = texture;
    desc.pRegion = box;
    set_rgba8_value(&desc);
    app_barrier(t, texture, D3D12_BARRIER_LAYOUT_COMMON, known);
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(t), 1, &desc);
    check_route(ctx, in_place);
    app_barrier(t, texture, known, D3D12_BARRIER_LAYOUT_COMMON);
    execute_and_wait(t);
    after = read_subresource(t, texture, 0, &layout);
    if (box)
    {
        rect.left = (LONG)box->left;
        rect.top = (LONG)box->top;
        rect.right = (LONG)box->right;
        rect.bottom = (LONG)box->bottom;
    }
    check_pixels(after, before, &layout, rgba8_value, 4, &rect);
    free(after);
    free(before);
}

/* Seed 000: "For partial-region clears of single-sample textures on discrete GPUs, we
 * only use the in-place route when the region covers more than a quarter of the
 * subresource" — 8x8 of 16x16 is a quarter (pattern copy), 9x8 more (in place). On UMA
 * the quarter clears in place too. */
ASYNC_TEST(test_route_quarter_rule)
{
    const D3D12_BOX quarter = {4, 4, 0, 12, 12, 1}, more = {4, 4, 0, 13, 12, 1};
    const bool discrete = _i;
    ID3D12Resource *rt;
    struct test_context t;

    if (discrete)
        async_use_discrete_spy(ctx);
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    rt = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    clear_rgba8_rect(ctx, &t, rt, D3D12_BARRIER_LAYOUT_COPY_DEST, &quarter, !discrete);
    clear_rgba8_rect(ctx, &t, rt, D3D12_BARRIER_LAYOUT_COPY_DEST, &more, true);
    ID3D12Resource_Release(rt);
    test_context_destroy(&t);
}

/* A simultaneous-access render target is never transitioned for an in-place clear
 * (seed 000's in-place route needs a known layout it can leave): the pattern copy. */
ASYNC_TEST(test_route_simultaneous_access)
{
    ID3D12Resource *rt;
    struct test_context t;

    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    rt = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET
                          | D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS);
    clear_rgba8_rect(ctx, &t, rt, D3D12_BARRIER_LAYOUT_COMMON, NULL, false);
    ID3D12Resource_Release(rt);
    test_context_destroy(&t);
}

static void use_no_programmable_positions_spy(struct async_ctx *ctx)
{
    const struct ddi_spy_masks masks = {.max_tiled_resources_tier = -1, .hide_programmable_sample_positions = true};

    async_use_masked_spy(ctx, &masks);
}

/* Without programmable sample positions a partial copy of a depth or MSAA subresource
 * is not legal (seed 000): depth and MSAA regions of textures whose layout the list
 * does not know (so no in-place clear) are the matrix's rejections (E_FAIL). */
ASYNC_TEST(test_route_no_programmable_positions_rejects)
{
    static const D3D12_BOX region = {0, 0, 0, 4, 4, 1};
    static const struct { DXGI_FORMAT format; UINT samples; D3D12_RESOURCE_FLAGS flags; const char *why; } cases[] =
    {
        {DXGI_FORMAT_D32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
         "a partial depth/stencil region needs programmable sample positions to be copied"},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
         "a partial MSAA region needs programmable sample positions to be copied"},
    };
    struct async_message message;
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *texture;
    struct test_context t;
    HRESULT hr;
    UINT i;

    use_no_programmable_positions_spy(ctx);
    async_enable_debug_layer();
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
    {
        texture = clear_texture_2d(&t, cases[i].format, 16, 16, 1, cases[i].samples, cases[i].flags);
        memset(&desc, 0, sizeof(desc));
        desc.pTexture = texture;
        desc.pRegion = &region;
        async_spy_clear(ctx);
        ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
        hr = ID3D12GraphicsCommandList_Close(t.list);
        if (async_fallback(ctx))
        {
            ck_assert_int_eq(hr, E_FAIL);
            ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion") + async_spy_count(ctx, "Barrier"), 0);
            check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED,
                          &message);
            ck_assert_msg(strstr(message.text, cases[i].why), "case %u: %s", i, message.text);
        }
        else
        {
            ck_assert_int_eq(hr, S_OK);
            ck_assert_uint_eq(async_spy_count(ctx, "ClearTextureSubresources"), 1);
        }
        async_clear_messages(t.device);
        ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
        ID3D12Resource_Release(texture);
    }
    test_context_destroy(&t);
}

/* An MSAA texture whose format and sample count the device cannot render (its
 * CheckFormatSupport without MULTISAMPLE_RENDERTARGET) and whose layout the list does not
 * know: no in-place clear and no private MSAA texture to clear, the matrix's rejection
 * (seed 000: the clear-and-copy "needs the format, sample count, and quality to be
 * supported for MSAA rendering"). Natively the driver clears it. Protected MSAA textures,
 * the other rejection of that row, cannot be created on this device (no protected
 * sessions): fb_plan_clear's tests cover them. */
ASYNC_TEST(test_route_unrenderable_msaa_rejected)
{
    const struct ddi_spy_masks masks = {.max_tiled_resources_tier = -1, .hide_msaa_render_targets = true};
    struct async_message message;
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *msaa;
    struct test_context t;

    async_use_masked_spy(ctx, &masks);
    async_enable_debug_layer();
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    msaa = clear_texture_2d(&t, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 4, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    memset(&desc, 0, sizeof(desc));
    desc.pTexture = msaa;
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
    if (async_fallback(ctx))
    {
        ck_assert_uint_eq(async_spy_count(ctx, "CopyTextureRegion") + async_spy_count(ctx, "Barrier")
                          + async_spy_count(ctx, "ClearRenderTargetView"), 0);
        check_close(t.list, E_FAIL);
        check_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED,
                      &message);
        ck_assert_msg(strstr(message.text, "cannot render with MSAA"), "%s", message.text);
    }
    else
    {
        check_close(t.list, S_OK);
        ck_assert_uint_eq(async_spy_count(ctx, "ClearTextureSubresources"), 1);
    }
    ID3D12Resource_Release(msaa);
    test_context_destroy(&t);
}

/* Planar YUV is no depth format: a partial NV12 region is copied plane by plane even
 * without programmable sample positions. Y from Uints[0], interleaved U and V (one
 * pair per 2x2 pixels) from Uints[1] and Uints[2] (the agx_umd NV12 clear's rule). */
ASYNC_TEST(test_route_no_programmable_positions_nv12)
{
    static const D3D12_BOX region = {2, 2, 0, 6, 6, 1};
    static const D3D12_RECT luma = {2, 2, 6, 6}, chroma = {1, 1, 3, 3};
    static const unsigned char y[] = {0x10}, uv[] = {0x80, 0x90};
    struct test_subresource_layout layouts[2];
    unsigned char *before[2], *after[2];
    D3D12_CLEAR_TEXTURE_DESC desc;
    ID3D12Resource *texture;
    struct test_context t;
    UINT p;

    use_no_programmable_positions_spy(ctx);
    async_context_init(ctx, &t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = clear_texture_2d(&t, DXGI_FORMAT_NV12, 8, 8, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    poison_texture(&t, texture, 57);
    for (p = 0; p < 2; ++p)
        before[p] = read_subresource(&t, texture, p, &layouts[p]);
    memset(&desc, 0, sizeof(desc));
    desc.pTexture = texture;
    desc.SubresourceIndex = UINT_MAX;
    desc.pRegion = &region;
    desc.ClearValue.Uints[0] = 0x10;
    desc.ClearValue.Uints[1] = 0x80;
    desc.ClearValue.Uints[2] = 0x90;
    async_spy_clear(ctx);
    ID3D12GraphicsCommandList12_ClearTextureSubresources(async_list(&t), 1, &desc);
    check_route(ctx, false);
    execute_and_wait(&t);
    for (p = 0; p < 2; ++p)
    {
        after[p] = read_subresource(&t, texture, p, &layouts[p]);
        check_pixels(after[p], before[p], &layouts[p], p ? uv : y, p ? 2 : 1, p ? &chroma : &luma);
        free(after[p]);
        free(before[p]);
    }
    ID3D12Resource_Release(texture);
    test_context_destroy(&t);
}

static Suite *async_clear_texture_routes_suite(void)
{
    Suite *suite = suite_create("async_clear_texture_routes");
    struct async_tcases tcases;

    async_tcases_create(suite, "routes", &tcases);
    async_tcase_add_loop(&tcases, test_route_quarter_rule, 0, 2);
    async_tcase_add(&tcases, test_route_simultaneous_access);
    async_tcase_add(&tcases, test_route_no_programmable_positions_rejects);
    async_tcase_add(&tcases, test_route_no_programmable_positions_nv12);
    async_tcase_add(&tcases, test_route_unrenderable_msaa_rejected);
    return suite;
}

int main(void)
{
    return test_run_suites(async_clear_texture_routes_suite(), NULL);
}
