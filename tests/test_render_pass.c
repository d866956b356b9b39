/*
 * Render passes through the API, on agx_umd's own render-pass table (native) and on
 * the runtime's emulation (a DDI spy masks the table: emulated). Every test that runs
 * a pass runs it in both modes and asserts the same bytes, which are derived by hand:
 * UNORM 0.2, 0.6, 1.0, 0.0 is 51, 153, 255, 0 (x * 255 is within 1e-5 of those
 * integers); D24 depth 1.0 is 0xffffff with the X8 bits read as zero; the float
 * formats keep their bits. The validation tests check Close's HRESULT and the
 * message ID the debug layer stores.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async.h"
#include "rt_adapter.h"
#include "rt_cmdlist.h"
#include "ddi_spy.h"
#include "test_run.h"
#include "test_suites.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define DIRECT D3D12_COMMAND_LIST_TYPE_DIRECT
#define ERROR_SEVERITY D3D12_MESSAGE_SEVERITY_ERROR
#define SIZE 8u
#define BEGIN(t) D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_##t
#define END(t) D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_##t
#define BEGIN_LOCAL_RENDER D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_RENDER
#define BEGIN_LOCAL_SRV D3D12DDI_RENDER_PASS_BEGINNING_ACCESS_TYPE_0101_PRESERVE_LOCAL_SRV
#define END_LOCAL_RENDER D3D12DDI_RENDER_PASS_ENDING_ACCESS_TYPE_0101_PRESERVE_LOCAL_RENDER
#define END_LOCAL_SRV D3D12DDI_RENDER_PASS_ENDING_ACCESS_TYPE_0101_PRESERVE_LOCAL_SRV
#define SUSPEND D3D12_RENDER_PASS_FLAG_SUSPENDING_PASS
#define RESUME D3D12_RENDER_PASS_FLAG_RESUMING_PASS
#define READ_ONLY_DEPTH D3D12DDI_RENDER_PASS_FLAG_0101_BIND_READ_ONLY_DEPTH

enum pass_mode
{
    MODE_NATIVE,
    MODE_EMULATED,
};

static const char *const mode_names[] = {"native", "emulated"};

static const float rgba_color[4] = {0.2f, 0.6f, 1.0f, 0.0f};
static const uint8_t rgba_bytes[4] = {51, 153, 255, 0};

struct pass_ctx
{
    enum pass_mode mode;
    struct test_context t;
    struct ddi_spy *spy;
    ID3D12GraphicsCommandList4 *list;
    ID3D12DescriptorHeap *rtv_heap, *dsv_heap;
    UINT rtv_size, dsv_size;
};

/* The spy records every driver call in both modes; it masks the table when emulated. */
static void pass_init(struct pass_ctx *c, enum pass_mode mode, bool debug)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {0};
    struct ddi_spy_masks masks = {0};

    memset(c, 0, sizeof(*c));
    c->mode = mode;
    if (debug)
        async_enable_debug_layer();
    masks.max_tiled_resources_tier = -1;
    masks.hide_render_pass_table = mode == MODE_EMULATED;
    ck_assert_ptr_nonnull(c->spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(c->spy);
    test_context_init(&c->t, DIRECT);
    ck_assert_int_eq(ID3D12GraphicsCommandList_QueryInterface(c->t.list, &IID_ID3D12GraphicsCommandList4,
                                                              (void **)&c->list), S_OK);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    heap_desc.NumDescriptors = 8;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(c->t.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&c->rtv_heap), S_OK);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_DSV;
    heap_desc.NumDescriptors = 4;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(c->t.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&c->dsv_heap), S_OK);
    c->rtv_size = ID3D12Device_GetDescriptorHandleIncrementSize(c->t.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    c->dsv_size = ID3D12Device_GetDescriptorHandleIncrementSize(c->t.device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
}

static void pass_destroy(struct pass_ctx *c)
{
    ID3D12DescriptorHeap_Release(c->rtv_heap);
    ID3D12DescriptorHeap_Release(c->dsv_heap);
    ID3D12GraphicsCommandList4_Release(c->list);
    test_context_destroy(&c->t);
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(c->spy);
}

static ID3D12Resource *create_target(struct pass_ctx *c, DXGI_FORMAT format, UINT samples, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC desc = test_texture_2d_desc(format, SIZE, SIZE, 1, 1, samples, flags);

    return create_texture(c->t.device, &desc, D3D12_RESOURCE_STATE_COMMON);
}

static ID3D12Resource *create_rt(struct pass_ctx *c, DXGI_FORMAT format, UINT samples)
{
    return create_target(c, format, samples, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
}

static D3D12_CPU_DESCRIPTOR_HANDLE rtv_at(struct pass_ctx *c, UINT index)
{
    D3D12_CPU_DESCRIPTOR_HANDLE handle = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(c->rtv_heap);

    handle.ptr += (SIZE_T)index * c->rtv_size;
    return handle;
}

static D3D12_CPU_DESCRIPTOR_HANDLE dsv_at(struct pass_ctx *c, UINT index)
{
    D3D12_CPU_DESCRIPTOR_HANDLE handle = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(c->dsv_heap);

    handle.ptr += (SIZE_T)index * c->dsv_size;
    return handle;
}

static D3D12_CPU_DESCRIPTOR_HANDLE make_rtv(struct pass_ctx *c, UINT index, ID3D12Resource *resource)
{
    ID3D12Device_CreateRenderTargetView(c->t.device, resource, NULL, rtv_at(c, index));
    return rtv_at(c, index);
}

static D3D12_CPU_DESCRIPTOR_HANDLE make_dsv(struct pass_ctx *c, UINT index, ID3D12Resource *resource,
                                            D3D12_DSV_FLAGS flags)
{
    D3D12_RESOURCE_DESC resource_desc = ID3D12Resource_GetDesc(resource);
    D3D12_DEPTH_STENCIL_VIEW_DESC desc = {0};

    desc.Format = resource_desc.Format;
    desc.ViewDimension = resource_desc.SampleDesc.Count > 1 ? D3D12_DSV_DIMENSION_TEXTURE2DMS
            : D3D12_DSV_DIMENSION_TEXTURE2D;
    desc.Flags = flags;
    ID3D12Device_CreateDepthStencilView(c->t.device, resource, &desc, dsv_at(c, index));
    return dsv_at(c, index);
}

static D3D12_RENDER_PASS_RENDER_TARGET_DESC target(D3D12_CPU_DESCRIPTOR_HANDLE handle, UINT begin, UINT end)
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.cpuDescriptor = handle;
    desc.BeginningAccess.Type = begin;
    desc.EndingAccess.Type = end;
    if (begin == BEGIN(CLEAR))
        memcpy(desc.BeginningAccess.Clear.ClearValue.Color, rgba_color, sizeof(rgba_color));
    return desc;
}

static D3D12_RENDER_PASS_DEPTH_STENCIL_DESC depth_stencil(D3D12_CPU_DESCRIPTOR_HANDLE handle, UINT depth_begin,
                                                          UINT depth_end, UINT stencil_begin, UINT stencil_end)
{
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.cpuDescriptor = handle;
    desc.DepthBeginningAccess.Type = depth_begin;
    desc.DepthEndingAccess.Type = depth_end;
    desc.StencilBeginningAccess.Type = stencil_begin;
    desc.StencilEndingAccess.Type = stencil_end;
    desc.DepthBeginningAccess.Clear.ClearValue.DepthStencil.Depth = 1.0f;
    desc.StencilBeginningAccess.Clear.ClearValue.DepthStencil.Stencil = 0x5a;
    return desc;
}

/* The PRESERVE_LOCAL parameters of newer headers: two UINTs at the start of the union. */
static void set_local(void *access_union, UINT width, UINT height)
{
    UINT values[2] = {width, height};

    memcpy(access_union, values, sizeof(values));
}

static void set_resolve(D3D12_RENDER_PASS_ENDING_ACCESS *end, ID3D12Resource *src, ID3D12Resource *dst,
                        DXGI_FORMAT format, const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS *sub)
{
    end->Type = END(RESOLVE);
    end->Resolve.pSrcResource = src;
    end->Resolve.pDstResource = dst;
    end->Resolve.SubresourceCount = 1;
    end->Resolve.pSubresourceParameters = sub;
    end->Resolve.Format = format;
    end->Resolve.ResolveMode = D3D12_RESOLVE_MODE_AVERAGE;
}

static const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS whole_resolve =
{
    0, 0, 0, 0, {0, 0, SIZE, SIZE},
};

static void check_pixels(const uint8_t *data, UINT pixel_size, const void *expected, const char *what)
{
    UINT i;

    for (i = 0; i < SIZE * SIZE; ++i)
        ck_assert_msg(!memcmp(data + i * pixel_size, expected, pixel_size), "%s: pixel %u differs", what, i);
}

/* ---- Beginning accesses ------------------------------------------------------------------ */

/* One pass over four targets and a D24S8 buffer: CLEAR writes the value, PRESERVE keeps
 * what was there, NO_ACCESS is neither bound nor touched, DISCARD leaves the contents
 * (the simulated device's choice). Inside the pass the bound slots are 0, 1 and 3. */
static void run_beginning_accesses(enum pass_mode mode, uint8_t rts_out[4][SIZE * SIZE * 4],
                                   uint8_t depth_out[SIZE * SIZE * 4], uint8_t stencil_out[SIZE * SIZE])
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rts[4];
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC ds;
    ID3D12Resource *textures[4], *depth;
    struct rt_command_list *list;
    struct ddi_spy_call call;
    uint8_t pattern[SIZE * SIZE * 4];
    struct pass_ctx c;
    size_t index;
    UINT i;

    pass_init(&c, mode, false);
    for (i = 0; i < 4; ++i)
    {
        textures[i] = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 1);
        fill_pattern(pattern, sizeof(pattern), 10 + i);
        upload_texture_data(&c.t, textures[i], 0, pattern);
        transition_resource(&c.t, textures[i], 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    }
    depth = create_target(&c, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    transition_resource(&c.t, depth, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_DEPTH_WRITE);
    rts[0] = target(make_rtv(&c, 0, textures[0]), BEGIN(CLEAR), END(PRESERVE));
    rts[1] = target(make_rtv(&c, 1, textures[1]), BEGIN(PRESERVE), END(PRESERVE));
    rts[2] = target(make_rtv(&c, 2, textures[2]), BEGIN(NO_ACCESS), END(NO_ACCESS));
    rts[3] = target(make_rtv(&c, 3, textures[3]), BEGIN(DISCARD), END(DISCARD));
    ds = depth_stencil(make_dsv(&c, 0, depth, 0), BEGIN(CLEAR), END(PRESERVE), BEGIN(CLEAR), END(PRESERVE));

    ddi_spy_clear(c.spy);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 4, rts, &ds, 0);
    list = rt_command_list_from_list_iface((ID3D12CommandList *)c.t.list);
    ck_assert_uint_eq(list->state.rtv_count, 3);
    ck_assert(list->state.rtvs[0].handle.ptr == rtv_at(&c, 0).ptr && list->state.rtvs[1].handle.ptr == rtv_at(&c, 1).ptr
              && list->state.rtvs[2].handle.ptr == rtv_at(&c, 3).ptr);
    ck_assert(list->state.has_dsv && list->state.dsv.handle.ptr == dsv_at(&c, 0).ptr);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    for (i = 0; i < 4; ++i)
        transition_resource(&c.t, textures[i], 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON);
    transition_resource(&c.t, depth, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_DEPTH_WRITE,
                        D3D12_RESOURCE_STATE_COMMON);
    execute_and_wait(&c.t);

    if (mode == MODE_NATIVE)
    {
        ck_assert_uint_eq(ddi_spy_count(c.spy, "BeginRenderPass"), 1);
        ck_assert_uint_eq(ddi_spy_count(c.spy, "ClearRenderTargetView"), 0);
        ck_assert_uint_eq(ddi_spy_count(c.spy, "OMSetRenderTargets"), 0);
    }
    else
    {
        ck_assert_uint_eq(ddi_spy_count(c.spy, "BeginRenderPass"), 0);
        ck_assert_uint_eq(ddi_spy_count(c.spy, "ClearRenderTargetView"), 1);
        ck_assert_uint_eq(ddi_spy_count(c.spy, "ClearDepthStencilView"), 1);
        ck_assert((index = ddi_spy_find(c.spy, 0, "OMSetRenderTargets")) != (size_t)-1);
        ck_assert(ddi_spy_get_call(c.spy, index, &call));
        ck_assert_msg(strstr(call.args, "NumRenderTargets=3,"), "%s", call.args);
        ck_assert((index = ddi_spy_find(c.spy, 0, "ClearDepthStencilView")) != (size_t)-1);
        ck_assert(ddi_spy_get_call(c.spy, index, &call));
        ck_assert_msg(strstr(call.args, "Flags=0x3,"), "%s", call.args);
    }
    for (i = 0; i < 4; ++i)
        read_texture_subresource(&c.t, textures[i], 0, rts_out[i]);
    read_texture_subresource(&c.t, depth, 0, depth_out);
    read_texture_subresource(&c.t, depth, 1, stencil_out);
    for (i = 0; i < 4; ++i)
        ID3D12Resource_Release(textures[i]);
    ID3D12Resource_Release(depth);
    pass_destroy(&c);
}

START_TEST(test_beginning_accesses)
{
    static const uint8_t d24_one[4] = {0xff, 0xff, 0xff, 0x00}, stencil = 0x5a;
    uint8_t rts[2][4][SIZE * SIZE * 4], depth[2][SIZE * SIZE * 4], stencils[2][SIZE * SIZE];
    uint8_t pattern[SIZE * SIZE * 4];
    enum pass_mode mode;
    UINT i;

    for (mode = MODE_NATIVE; mode <= MODE_EMULATED; ++mode)
    {
        run_beginning_accesses(mode, rts[mode], depth[mode], stencils[mode]);
        check_pixels(rts[mode][0], 4, rgba_bytes, mode_names[mode]);
        for (i = 1; i < 4; ++i)
        {
            fill_pattern(pattern, sizeof(pattern), 10 + i);
            ck_assert_msg(!memcmp(rts[mode][i], pattern, sizeof(pattern)), "%s: target %u changed",
                          mode_names[mode], i);
        }
        check_pixels(depth[mode], 4, d24_one, mode_names[mode]);
        check_pixels(stencils[mode], 1, &stencil, mode_names[mode]);
    }
    ck_assert(!memcmp(rts[0], rts[1], sizeof(rts[0])) && !memcmp(depth[0], depth[1], sizeof(depth[0]))
              && !memcmp(stencils[0], stencils[1], sizeof(stencils[0])));
}
END_TEST

/* ---- Ending resolves --------------------------------------------------------------------- */

static const struct resolve_case
{
    DXGI_FORMAT format;
    UINT samples, pixel_size;
}
resolve_cases[] =
{
    {DXGI_FORMAT_R8G8B8A8_UNORM, 2, 4},
    {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4},
    {DXGI_FORMAT_R32G32B32A32_FLOAT, 2, 16},
    {DXGI_FORMAT_R32G32B32A32_FLOAT, 4, 16},
};

/* A uniform CLEAR of a multisampled target, resolved at the end of the pass, over the
 * region sub names of a poisoned destination. */
static void run_resolve(enum pass_mode mode, const struct resolve_case *rc,
                        const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS *sub, uint8_t *out)
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;
    ID3D12Resource *msaa, *dst;
    struct pass_ctx c;

    pass_init(&c, mode, false);
    msaa = create_rt(&c, rc->format, rc->samples);
    dst = create_rt(&c, rc->format, 1);
    poison_texture(&c.t, dst, 3);
    transition_resource(&c.t, msaa, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    transition_resource(&c.t, dst, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);
    rt = target(make_rtv(&c, 0, msaa), BEGIN(CLEAR), END(PRESERVE));
    set_resolve(&rt.EndingAccess, msaa, dst, rc->format, sub);
    ddi_spy_clear(c.spy);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    transition_resource(&c.t, dst, 0, D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_COMMON);
    execute_and_wait(&c.t);
    /* The emulation's resolves are the legacy entry, one per subresource parameter. */
    ck_assert_uint_eq(ddi_spy_count(c.spy, "ResolveSubresourceRegion"), mode == MODE_EMULATED);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "BeginRenderPass"), mode == MODE_NATIVE);
    read_texture_subresource(&c.t, dst, 0, out);
    ID3D12Resource_Release(msaa);
    ID3D12Resource_Release(dst);
    pass_destroy(&c);
}

START_TEST(test_ending_resolve)
{
    const struct resolve_case *rc = &resolve_cases[_i];
    uint8_t out[2][SIZE * SIZE * 16], expected[16];
    enum pass_mode mode;

    if (rc->format == DXGI_FORMAT_R8G8B8A8_UNORM)
        memcpy(expected, rgba_bytes, sizeof(rgba_bytes));
    else
        memcpy(expected, rgba_color, sizeof(rgba_color));
    for (mode = MODE_NATIVE; mode <= MODE_EMULATED; ++mode)
    {
        run_resolve(mode, rc, &whole_resolve, out[mode]);
        check_pixels(out[mode], rc->pixel_size, expected, mode_names[mode]);
    }
    ck_assert(!memcmp(out[0], out[1], SIZE * SIZE * rc->pixel_size));
}
END_TEST

/* Source rectangle (2,2)-(6,5) to (1,3): only those 4x3 pixels change. */
START_TEST(test_ending_resolve_region)
{
    static const D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS region = {0, 0, 1, 3, {2, 2, 6, 5}};
    uint8_t out[2][SIZE * SIZE * 4], poison[SIZE * SIZE * 4];
    enum pass_mode mode;
    UINT x, y;

    fill_pattern(poison, sizeof(poison), 3);
    for (mode = MODE_NATIVE; mode <= MODE_EMULATED; ++mode)
    {
        run_resolve(mode, &resolve_cases[1], &region, out[mode]);
        for (y = 0; y < SIZE; ++y)
        {
            for (x = 0; x < SIZE; ++x)
            {
                bool inside = x >= 1 && x < 5 && y >= 3 && y < 6;
                const uint8_t *pixel = &out[mode][(y * SIZE + x) * 4];

                ck_assert_msg(!memcmp(pixel, inside ? rgba_bytes : &poison[(y * SIZE + x) * 4], 4),
                              "%s: pixel %u,%u", mode_names[mode], x, y);
            }
        }
    }
}
END_TEST

/* A depth resolve (MAX of a uniform clear): the DDI's depth-stencil desc has no resolve
 * parameters, so the runtime records it through ResolveSubresourceRegion on both paths. */
START_TEST(test_ending_depth_resolve)
{
    static const float depth_value = 0.25f;
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC ds;
    uint8_t out[2][SIZE * SIZE * 4];
    ID3D12Resource *msaa, *dst;
    enum pass_mode mode;
    struct pass_ctx c;

    for (mode = MODE_NATIVE; mode <= MODE_EMULATED; ++mode)
    {
        pass_init(&c, mode, false);
        msaa = create_target(&c, DXGI_FORMAT_D32_FLOAT, 4, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
        dst = create_target(&c, DXGI_FORMAT_D32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
        transition_resource(&c.t, msaa, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_DEPTH_WRITE);
        transition_resource(&c.t, dst, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);
        ds = depth_stencil(make_dsv(&c, 0, msaa, 0), BEGIN(CLEAR), END(PRESERVE), BEGIN(NO_ACCESS), END(NO_ACCESS));
        ds.DepthBeginningAccess.Clear.ClearValue.DepthStencil.Depth = depth_value;
        set_resolve(&ds.DepthEndingAccess, msaa, dst, DXGI_FORMAT_D32_FLOAT, &whole_resolve);
        ds.DepthEndingAccess.Resolve.ResolveMode = D3D12_RESOLVE_MODE_MAX;
        ddi_spy_clear(c.spy);
        ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 0, NULL, &ds, 0);
        ID3D12GraphicsCommandList4_EndRenderPass(c.list);
        transition_resource(&c.t, dst, 0, D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_COMMON);
        execute_and_wait(&c.t);
        ck_assert_uint_eq(ddi_spy_count(c.spy, "ResolveSubresourceRegion"), 1);
        ck_assert_uint_eq(ddi_spy_count(c.spy, "BeginRenderPass"), mode == MODE_NATIVE);
        read_texture_subresource(&c.t, dst, 0, out[mode]);
        check_pixels(out[mode], 4, &depth_value, mode_names[mode]);
        ID3D12Resource_Release(msaa);
        ID3D12Resource_Release(dst);
        pass_destroy(&c);
    }
}
END_TEST

/* ---- Suspend and resume ------------------------------------------------------------------- */

struct second_list
{
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList4 *list;
};

static void second_list_init(struct pass_ctx *c, struct second_list *s)
{
    ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(c->t.device, DIRECT, &IID_ID3D12CommandAllocator,
                                                         (void **)&s->allocator), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateCommandList(c->t.device, 0, DIRECT, s->allocator, NULL,
                                                    &IID_ID3D12GraphicsCommandList4, (void **)&s->list), S_OK);
}

static void second_list_destroy(struct second_list *s)
{
    ID3D12GraphicsCommandList4_Release(s->list);
    ID3D12CommandAllocator_Release(s->allocator);
}

/* Executes lists and makes the context's list record again. */
static void execute_lists(struct pass_ctx *c, UINT count, ID3D12GraphicsCommandList4 *const *lists)
{
    ID3D12CommandQueue_ExecuteCommandLists(c->t.queue, count, (ID3D12CommandList *const *)lists);
    wait_queue_idle(&c->t);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(c->t.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(c->t.list, c->t.allocator, NULL), S_OK);
}

/* A chain acts as one pass: the first pass's CLEAR and the last one's RESOLVE apply,
 * the resuming pass's CLEAR (another colour) and the suspending pass's RESOLVE (to
 * another destination) do not. */
static void run_suspend_resume(enum pass_mode mode, uint8_t out_a[SIZE * SIZE * 4], uint8_t out_b[SIZE * SIZE * 4])
{
    static const float blue[4] = {0.0f, 0.0f, 1.0f, 1.0f};
    ID3D12GraphicsCommandList4 *lists[2];
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;
    ID3D12Resource *msaa, *dst_a, *dst_b;
    struct second_list second;
    struct pass_ctx c;

    pass_init(&c, mode, false);
    second_list_init(&c, &second);
    msaa = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 2);
    dst_a = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 1);
    dst_b = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 1);
    poison_texture(&c.t, dst_a, 5);
    poison_texture(&c.t, dst_b, 6);
    transition_resource(&c.t, msaa, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    transition_resource(&c.t, dst_a, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);
    transition_resource(&c.t, dst_b, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RESOLVE_DEST);
    rt = target(make_rtv(&c, 0, msaa), BEGIN(CLEAR), END(PRESERVE));
    set_resolve(&rt.EndingAccess, msaa, dst_a, DXGI_FORMAT_R8G8B8A8_UNORM, &whole_resolve);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, SUSPEND);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ck_assert_int_eq(ID3D12GraphicsCommandList4_Close(c.list), S_OK);

    memcpy(rt.BeginningAccess.Clear.ClearValue.Color, blue, sizeof(blue));
    rt.EndingAccess.Resolve.pDstResource = dst_b;
    ID3D12GraphicsCommandList4_BeginRenderPass(second.list, 1, &rt, NULL, RESUME);
    ID3D12GraphicsCommandList4_EndRenderPass(second.list);
    ck_assert_int_eq(ID3D12GraphicsCommandList4_Close(second.list), S_OK);

    ddi_spy_clear(c.spy);
    lists[0] = c.list;
    lists[1] = second.list;
    execute_lists(&c, 2, lists);
    ck_assert_uint_eq(ddi_spy_count(c.spy, "ExecuteCommandLists"), 1);
    read_texture_subresource(&c.t, dst_a, 0, out_a);
    read_texture_subresource(&c.t, dst_b, 0, out_b);
    ID3D12Resource_Release(msaa);
    ID3D12Resource_Release(dst_a);
    ID3D12Resource_Release(dst_b);
    second_list_destroy(&second);
    pass_destroy(&c);
}

START_TEST(test_suspend_resume_across_lists)
{
    uint8_t a[2][SIZE * SIZE * 4], b[2][SIZE * SIZE * 4], poison[SIZE * SIZE * 4];
    enum pass_mode mode;

    fill_pattern(poison, sizeof(poison), 5);
    for (mode = MODE_NATIVE; mode <= MODE_EMULATED; ++mode)
    {
        run_suspend_resume(mode, a[mode], b[mode]);
        ck_assert_msg(!memcmp(a[mode], poison, sizeof(poison)), "%s: the suspending pass resolved",
                      mode_names[mode]);
        check_pixels(b[mode], 4, rgba_bytes, mode_names[mode]);
    }
    ck_assert(!memcmp(b[0], b[1], sizeof(b[0])));
}
END_TEST

/* ExecuteCommandLists drops a batch that breaks the pairing, with the message. */
START_TEST(test_suspend_resume_execution_rules)
{
    static const struct
    {
        UINT count;
        UINT lists[2];      /* 0 suspends, 1 resumes, 2 resumes with another RTV */
        D3D12_MESSAGE_ID id;
    }
    batches[] =
    {
        {1, {0}, D3D12_MESSAGE_ID_RENDER_PASS_NO_SUBSEQUENT_RESUME_WITHIN_EXECUTECOMMANDLISTS},
        {1, {1}, D3D12_MESSAGE_ID_RENDER_PASS_NO_PRIOR_SUSPEND_WITHIN_EXECUTECOMMANDLISTS},
        {2, {1, 0}, D3D12_MESSAGE_ID_RENDER_PASS_NO_PRIOR_SUSPEND_WITHIN_EXECUTECOMMANDLISTS},
        {2, {0, 2}, D3D12_MESSAGE_ID_RENDER_PASS_MISMATCHING_SUSPEND_RESUME},
    };
    ID3D12GraphicsCommandList4 *lists[3], *batch[2];
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;
    struct second_list second, third;
    uint8_t out[SIZE * SIZE * 4], poison[SIZE * SIZE * 4];
    ID3D12Resource *texture;
    struct pass_ctx c;
    UINT i, j;

    pass_init(&c, _i, true);
    second_list_init(&c, &second);
    second_list_init(&c, &third);
    texture = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 1);
    poison_texture(&c.t, texture, 7);
    fill_pattern(poison, sizeof(poison), 7);
    lists[0] = c.list;
    lists[1] = second.list;
    lists[2] = third.list;
    rt = target(make_rtv(&c, 0, texture), BEGIN(CLEAR), END(PRESERVE));
    make_rtv(&c, 1, texture);
    for (i = 0; i < 3; ++i)
    {
        if (i == 2)
            rt.cpuDescriptor = rtv_at(&c, 1);
        ID3D12GraphicsCommandList4_BeginRenderPass(lists[i], 1, &rt, NULL, i ? RESUME : SUSPEND);
        ID3D12GraphicsCommandList4_EndRenderPass(lists[i]);
        ck_assert_int_eq(ID3D12GraphicsCommandList4_Close(lists[i]), S_OK);
    }
    for (i = 0; i < ARRAY_SIZE(batches); ++i)
    {
        async_clear_messages(c.t.device);
        for (j = 0; j < batches[i].count; ++j)
            batch[j] = lists[batches[i].lists[j]];
        ID3D12CommandQueue_ExecuteCommandLists(c.t.queue, batches[i].count, (ID3D12CommandList *const *)batch);
        check_message(c.t.device, ERROR_SEVERITY, batches[i].id, NULL);
    }
    /* Nothing ran: the target still holds its poison. Then the valid batch clears it. */
    wait_queue_idle(&c.t);
    ck_assert_int_eq(ID3D12CommandAllocator_Reset(c.t.allocator), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(c.t.list, c.t.allocator, NULL), S_OK);
    read_texture_subresource(&c.t, texture, 0, out);
    ck_assert(!memcmp(out, poison, sizeof(out)));
    rt.cpuDescriptor = rtv_at(&c, 0);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, SUSPEND);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ck_assert_int_eq(ID3D12GraphicsCommandList4_Close(c.list), S_OK);
    async_clear_messages(c.t.device);
    execute_lists(&c, 2, lists);
    check_no_message(c.t.device, ERROR_SEVERITY);
    read_texture_subresource(&c.t, texture, 0, out);
    check_pixels(out, 4, rgba_bytes, mode_names[_i]);

    ID3D12Resource_Release(texture);
    second_list_destroy(&second);
    second_list_destroy(&third);
    pass_destroy(&c);
}
END_TEST

/* ---- Validation --------------------------------------------------------------------------- */

/* Close reports hr, the debug layer stored a message of that id; the list records again. */
#define expect_removed(c, hr, id) expect_removed_(__LINE__, c, hr, id)
static void expect_removed_(unsigned int line, struct pass_ctx *c, HRESULT hr, D3D12_MESSAGE_ID id)
{
    check_close_(line, c->t.list, hr);
    if (id != D3D12_MESSAGE_ID_UNKNOWN)
        check_message_(line, c->t.device, ERROR_SEVERITY, id, NULL);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(c->t.list, c->t.allocator, NULL), S_OK);
    async_clear_messages(c->t.device);
}

#define expect_ok(c) expect_removed(c, S_OK, D3D12_MESSAGE_ID_UNKNOWN)

/* Objects the forbidden calls take. */
struct forbidden_args
{
    ID3D12Resource *buffer, *texture;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv, dsv;
};

#define FORBIDDEN_COUNT 21

/* Forbidden call number index; the last one is a nested BeginRenderPass. */
static void call_forbidden(struct pass_ctx *c, const struct forbidden_args *a, UINT index)
{
    ID3D12GraphicsCommandList10 *list = (ID3D12GraphicsCommandList10 *)c->list;  /* one object, every version */
    D3D12_TEXTURE_COPY_LOCATION location = {0};
    D3D12_GPU_DESCRIPTOR_HANDLE gpu = {0};
    D3D12_CPU_DESCRIPTOR_HANDLE cpu = {0};
    static const UINT values[4];

    location.pResource = a->texture;
    switch (index)
    {
        case 0: ID3D12GraphicsCommandList10_AtomicCopyBufferUINT(list, a->buffer, 0, a->buffer, 8, 0, NULL, NULL);
            break;
        case 1: ID3D12GraphicsCommandList10_AtomicCopyBufferUINT64(list, a->buffer, 0, a->buffer, 8, 0, NULL, NULL);
            break;
        case 2: ID3D12GraphicsCommandList10_ClearState(list, NULL);
            break;
        case 3: ID3D12GraphicsCommandList10_ClearRenderTargetView(list, a->rtv, rgba_color, 0, NULL);
            break;
        case 4: ID3D12GraphicsCommandList10_ClearDepthStencilView(list, a->dsv, D3D12_CLEAR_FLAG_DEPTH, 1.0f, 0,
                                                                   0, NULL);
            break;
        case 5: ID3D12GraphicsCommandList10_ClearUnorderedAccessViewUint(list, gpu, cpu, a->buffer, values, 0, NULL);
            break;
        case 6: ID3D12GraphicsCommandList10_ClearUnorderedAccessViewFloat(list, gpu, cpu, a->buffer, rgba_color, 0,
                                                                          NULL);
            break;
        case 7: ID3D12GraphicsCommandList10_CopyBufferRegion(list, a->buffer, 0, a->buffer, 128, 16);
            break;
        case 8: ID3D12GraphicsCommandList10_CopyTextureRegion(list, &location, 0, 0, 0, &location, NULL);
            break;
        case 9: ID3D12GraphicsCommandList10_CopyResource(list, a->texture, a->texture);
            break;
        case 10: ID3D12GraphicsCommandList10_CopyTiles(list, a->texture, NULL, NULL, a->buffer, 0, 0);
            break;
        case 11: ID3D12GraphicsCommandList10_DiscardResource(list, a->texture, NULL);
            break;
        case 12: ID3D12GraphicsCommandList10_Dispatch(list, 1, 1, 1);
            break;
        case 13: ID3D12GraphicsCommandList10_DispatchRays(list, NULL);
            break;
        case 14: ID3D12GraphicsCommandList10_DispatchGraph(list, NULL);
            break;
        case 15: ID3D12GraphicsCommandList10_OMSetRenderTargets(list, 1, &a->rtv, FALSE, NULL);
            break;
        case 16: ID3D12GraphicsCommandList10_ResolveQueryData(list, NULL, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1,
                                                              a->buffer, 0);
            break;
        case 17: ID3D12GraphicsCommandList10_ResolveSubresource(list, a->texture, 0, a->texture, 0,
                                                                DXGI_FORMAT_R8G8B8A8_UNORM);
            break;
        case 18: ID3D12GraphicsCommandList10_ResolveSubresourceRegion(list, a->texture, 0, 0, 0, a->texture, 0, NULL,
                                                                      DXGI_FORMAT_R8G8B8A8_UNORM,
                                                                      D3D12_RESOLVE_MODE_AVERAGE);
            break;
        case 19: ID3D12GraphicsCommandList10_SetProtectedResourceSession(list, NULL);
            break;
        default: ID3D12GraphicsCommandList10_BeginRenderPass(list, 0, NULL, NULL, 0);
            break;
    }
}

/* Each call inside a pass removes the list, whatever its arguments; the driver sees
 * none of them. */
START_TEST(test_forbidden_inside_pass)
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;
    struct forbidden_args args;
    enum pass_mode mode;
    struct pass_ctx c;
    UINT i;

    for (mode = MODE_NATIVE; mode <= MODE_EMULATED; ++mode)
    {
        pass_init(&c, mode, true);
        args.buffer = create_buffer(c.t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                                    D3D12_RESOURCE_STATE_COMMON);
        args.texture = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 1);
        args.rtv = make_rtv(&c, 0, args.texture);
        args.dsv = dsv_at(&c, 0);
        rt = target(args.rtv, BEGIN(PRESERVE), END(PRESERVE));
        for (i = 0; i < FORBIDDEN_COUNT; ++i)
        {
            ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
            ddi_spy_clear(c.spy);
            call_forbidden(&c, &args, i);
            ck_assert_msg(!ddi_spy_call_count(c.spy), "%s: call %u reached the driver", mode_names[mode], i);
            ID3D12GraphicsCommandList4_EndRenderPass(c.list);
            expect_removed(&c, E_INVALIDARG, i == FORBIDDEN_COUNT - 1
                           ? D3D12_MESSAGE_ID_RENDER_PASS_CANNOT_NEST_RENDER_PASSES
                           : D3D12_MESSAGE_ID_RENDER_PASS_DISALLOWED_API_CALLED);
        }
        ID3D12Resource_Release(args.buffer);
        ID3D12Resource_Release(args.texture);
        pass_destroy(&c);
    }
}
END_TEST

START_TEST(test_pass_structure_errors)
{
    static const D3D12_COMMAND_LIST_TYPE refusing[] =
    {
        D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_LIST_TYPE_BUNDLE,
    };
    ID3D12GraphicsCommandList4 *other;
    ID3D12CommandAllocator *allocator;
    struct pass_ctx c;
    UINT i;

    pass_init(&c, _i, true);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_CANNOT_END_WITHOUT_BEGIN);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 0, NULL, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_CANNOT_END_WITHOUT_BEGIN);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 0, NULL, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_CANNOT_CLOSE_COMMAND_LIST);
    /* The open pass was ended for the driver: the list records normally again. */
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 0, NULL, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_ok(&c);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 0, NULL, NULL, (D3D12_RENDER_PASS_FLAGS)0x20);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT + 1, NULL, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);

    /* Direct lists only. */
    for (i = 0; i < ARRAY_SIZE(refusing); ++i)
    {
        ck_assert_int_eq(ID3D12Device_CreateCommandAllocator(c.t.device, refusing[i], &IID_ID3D12CommandAllocator,
                                                             (void **)&allocator), S_OK);
        ck_assert_int_eq(ID3D12Device_CreateCommandList(c.t.device, 0, refusing[i], allocator, NULL,
                                                        &IID_ID3D12GraphicsCommandList4, (void **)&other), S_OK);
        ID3D12GraphicsCommandList4_BeginRenderPass(other, 0, NULL, NULL, 0);
        ck_assert_int_eq(ID3D12GraphicsCommandList4_Close(other), E_INVALIDARG);
        ck_assert_int_eq(ID3D12GraphicsCommandList4_Reset(other, allocator, NULL), S_OK);
        ID3D12GraphicsCommandList4_EndRenderPass(other);
        ck_assert_int_eq(ID3D12GraphicsCommandList4_Close(other), E_INVALIDARG);
        ID3D12GraphicsCommandList4_Release(other);
        ID3D12CommandAllocator_Release(allocator);
    }
    pass_destroy(&c);
}
END_TEST

/* Within one list: a resuming pass follows a suspending one with the same descriptors
 * and no GPU work in between; a list ending suspended does no GPU work after it. */
START_TEST(test_suspend_resume_in_list)
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt, other;
    ID3D12Resource *texture, *buffer;
    struct pass_ctx c;

    pass_init(&c, _i, true);
    texture = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 1);
    buffer = create_buffer(c.t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    rt = target(make_rtv(&c, 0, texture), BEGIN(PRESERVE), END(PRESERVE));
    other = target(make_rtv(&c, 1, texture), BEGIN(PRESERVE), END(PRESERVE));

    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, SUSPEND);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ID3D12GraphicsCommandList4_ResourceBarrier(c.list, 0, NULL);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, RESUME | SUSPEND);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, RESUME);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_ok(&c);

    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, SUSPEND);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ID3D12GraphicsCommandList4_CopyBufferRegion(c.list, buffer, 0, buffer, 128, 16);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, RESUME);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_GPU_WORK_WHILE_SUSPENDED);

    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, SUSPEND);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ID3D12GraphicsCommandList4_CopyBufferRegion(c.list, buffer, 0, buffer, 128, 16);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_GPU_WORK_WHILE_SUSPENDED);

    ID3D12GraphicsCommandList4_CopyBufferRegion(c.list, buffer, 0, buffer, 128, 16);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, RESUME);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_GPU_WORK_WHILE_SUSPENDED);

    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, SUSPEND);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_MISMATCHING_SUSPEND_RESUME);

    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, RESUME);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_MISMATCHING_SUSPEND_RESUME);

    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, SUSPEND);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &other, NULL, RESUME);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_MISMATCHING_SUSPEND_RESUME);

    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(buffer);
    pass_destroy(&c);
}
END_TEST

/* Descriptors, access types, clear values and resolve parameters. */
START_TEST(test_access_errors)
{
    D3D12_RENDER_PASS_ENDING_ACCESS_RESOLVE_SUBRESOURCE_PARAMETERS sub = whole_resolve;
    ID3D12Resource *texture, *msaa, *uint_msaa, *dst, *uint_dst, *depth, *array;
    D3D12_RENDER_TARGET_VIEW_DESC view_desc = {0};
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC ds;
    D3D12_RESOURCE_DESC resource_desc;
    D3D12_RENDER_PASS_RENDER_TARGET_DESC rt;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv, msaa_rtv, uint_rtv, dsv;
    struct pass_ctx c;

    pass_init(&c, _i, true);
    texture = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 1);
    msaa = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 4);
    uint_msaa = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UINT, 4);
    dst = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 1);
    uint_dst = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UINT, 1);
    depth = create_target(&c, DXGI_FORMAT_D32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    rtv = make_rtv(&c, 0, texture);
    msaa_rtv = make_rtv(&c, 1, msaa);
    uint_rtv = make_rtv(&c, 2, uint_msaa);
    dsv = make_dsv(&c, 0, depth, 0);

    /* A DSV handle where an RTV goes, a descriptor never written, an invalid type. */
    rt = target(dsv, BEGIN(PRESERVE), END(PRESERVE));
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    rt = target(rtv_at(&c, 7), BEGIN(PRESERVE), END(PRESERVE));
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    rt = target(rtv, 7, END(PRESERVE));
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    /* NO_ACCESS on one side only. */
    rt = target(rtv, BEGIN(NO_ACCESS), END(PRESERVE));
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_MISMATCHING_NO_ACCESS);
    ds = depth_stencil(dsv, BEGIN(PRESERVE), END(NO_ACCESS), BEGIN(NO_ACCESS), END(NO_ACCESS));
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 0, NULL, &ds, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_MISMATCHING_NO_ACCESS);
    /* A clear value of another format family than the view's. */
    rt = target(rtv, BEGIN(CLEAR), END(PRESERVE));
    rt.BeginningAccess.Clear.ClearValue.Format = DXGI_FORMAT_R32_FLOAT;
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    rt.BeginningAccess.Clear.ClearValue.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_ok(&c);

    /* Resolves: from a single-sampled target, from another resource than the view's,
     * of no subresource, of a subresource outside the view, out of the destination,
     * in a typeless format, averaging integers. */
    rt = target(rtv, BEGIN(PRESERVE), END(PRESERVE));
    set_resolve(&rt.EndingAccess, texture, dst, DXGI_FORMAT_R8G8B8A8_UNORM, &sub);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    rt = target(msaa_rtv, BEGIN(PRESERVE), END(PRESERVE));
    set_resolve(&rt.EndingAccess, uint_msaa, dst, DXGI_FORMAT_R8G8B8A8_UNORM, &sub);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    set_resolve(&rt.EndingAccess, msaa, dst, DXGI_FORMAT_R8G8B8A8_UNORM, &sub);
    rt.EndingAccess.Resolve.SubresourceCount = 0;
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    rt.EndingAccess.Resolve.SubresourceCount = 1;
    sub.SrcSubresource = 1;
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    sub.SrcSubresource = 0;
    sub.DstX = 1;
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    sub.DstX = 0;
    rt.EndingAccess.Resolve.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_UNSUPPORTED_RESOLVE);
    rt = target(uint_rtv, BEGIN(PRESERVE), END(PRESERVE));
    set_resolve(&rt.EndingAccess, uint_msaa, uint_dst, DXGI_FORMAT_R8G8B8A8_UINT, &sub);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_UNSUPPORTED_RESOLVE);
    rt.EndingAccess.Resolve.ResolveMode = D3D12_RESOLVE_MODE_MAX;
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_ok(&c);

    /* A view of array slice 1 resolves subresource 1, not 0. */
    resource_desc = ID3D12Resource_GetDesc(msaa);
    resource_desc.DepthOrArraySize = 2;
    array = create_texture(c.t.device, &resource_desc, D3D12_RESOURCE_STATE_COMMON);
    view_desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    view_desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY;
    view_desc.Texture2DMSArray.FirstArraySlice = 1;
    view_desc.Texture2DMSArray.ArraySize = 1;
    ID3D12Device_CreateRenderTargetView(c.t.device, array, &view_desc, rtv_at(&c, 3));
    rt = target(rtv_at(&c, 3), BEGIN(PRESERVE), END(PRESERVE));
    set_resolve(&rt.EndingAccess, array, dst, DXGI_FORMAT_R8G8B8A8_UNORM, &sub);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    sub.SrcSubresource = 1;
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &rt, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_ok(&c);

    ID3D12Resource_Release(array);
    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(msaa);
    ID3D12Resource_Release(uint_msaa);
    ID3D12Resource_Release(dst);
    ID3D12Resource_Release(uint_dst);
    ID3D12Resource_Release(depth);
    pass_destroy(&c);
}
END_TEST

/* PRESERVE_LOCAL_* chains and the binding rules: LOCAL_SRV targets are not bound, and
 * the bound ones move down a slot; a read-only DSV binds with its flag. */
START_TEST(test_local_and_read_only)
{
    D3D12_RENDER_PASS_RENDER_TARGET_DESC first[2], second[3];
    D3D12_CPU_DESCRIPTOR_HANDLE rtvs[3], dsv, ro_dsv;
    D3D12_RENDER_PASS_DEPTH_STENCIL_DESC ds;
    ID3D12Resource *textures[3], *depth, *buffer;
    struct rt_command_list *list;
    struct ddi_spy_call call;
    struct pass_ctx c;
    size_t index;
    UINT i;

    pass_init(&c, _i, true);
    for (i = 0; i < 3; ++i)
    {
        textures[i] = create_rt(&c, DXGI_FORMAT_R8G8B8A8_UNORM, 1);
        rtvs[i] = make_rtv(&c, i, textures[i]);
    }
    depth = create_target(&c, DXGI_FORMAT_D32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    dsv = make_dsv(&c, 0, depth, 0);
    ro_dsv = make_dsv(&c, 1, depth, D3D12_DSV_FLAG_READ_ONLY_DEPTH);
    buffer = create_buffer(c.t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COMMON);
    list = rt_command_list_from_list_iface((ID3D12CommandList *)c.t.list);

    first[0] = target(rtvs[0], BEGIN(PRESERVE), END_LOCAL_SRV);
    set_local(&first[0].EndingAccess.Resolve, 1, 2);
    first[1] = target(rtvs[1], BEGIN(CLEAR), END_LOCAL_RENDER);
    second[0] = target(rtvs[0], BEGIN_LOCAL_SRV, END(PRESERVE));
    set_local(&second[0].BeginningAccess.Clear, 1, 2);
    second[1] = target(rtvs[1], BEGIN_LOCAL_RENDER, END(PRESERVE));
    second[2] = target(rtvs[2], BEGIN(PRESERVE), END(PRESERVE));
    ds = depth_stencil(dsv, BEGIN(PRESERVE), END_LOCAL_SRV, BEGIN(NO_ACCESS), END(NO_ACCESS));
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 2, first, &ds, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    /* The same depth buffer through its read-only DSV: bound for raster with the flag. */
    ds = depth_stencil(ro_dsv, BEGIN_LOCAL_SRV, END(PRESERVE), BEGIN(NO_ACCESS), END(NO_ACCESS));
    set_local(&ds.DepthBeginningAccess.Clear, 0, 0);
    ddi_spy_clear(c.spy);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 3, second, &ds, READ_ONLY_DEPTH);
    ck_assert_uint_eq(list->state.rtv_count, 2);
    ck_assert(list->state.rtvs[0].handle.ptr == rtvs[1].ptr && list->state.rtvs[1].handle.ptr == rtvs[2].ptr);
    ck_assert(list->state.has_dsv && list->state.dsv.handle.ptr == ro_dsv.ptr);
    if (c.mode == MODE_EMULATED)
    {
        ck_assert((index = ddi_spy_find(c.spy, 0, "OMSetRenderTargets")) != (size_t)-1);
        ck_assert(ddi_spy_get_call(c.spy, index, &call));
        ck_assert_msg(strstr(call.args, "NumRenderTargets=2,"), "%s", call.args);
    }
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_ok(&c);

    /* A local beginning with no local ending before it, or other parameters. */
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &second[1], NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, first, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    set_local(&second[0].BeginningAccess.Clear, 1, 1);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, second, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    set_local(&second[0].BeginningAccess.Clear, 1, 2);
    /* A local ending the next pass does not continue, GPU work in between, a list
     * ending local. */
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, first, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &second[2], NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, first, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    ID3D12GraphicsCommandList4_CopyBufferRegion(c.list, buffer, 0, buffer, 128, 16);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, second, NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, first, NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    /* ... unless it suspends. */
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, first, NULL, SUSPEND);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_ok(&c);
    /* PRESERVE_LOCAL_RENDER takes no additional width or height. */
    set_local(&first[1].EndingAccess.Resolve, 1, 0);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &first[1], NULL, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    /* A list ending with a surface in NO_ACCESS after a pass accessed it. */
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &second[2], NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    second[2].BeginningAccess.Type = BEGIN(NO_ACCESS);
    second[2].EndingAccess.Type = END(NO_ACCESS);
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 1, &second[2], NULL, 0);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);

    /* BIND_READ_ONLY_DEPTH needs a read-only DSV that begins PRESERVE or local; a
     * read-only plane is not cleared. */
    ds = depth_stencil(dsv, BEGIN(PRESERVE), END(PRESERVE), BEGIN(NO_ACCESS), END(NO_ACCESS));
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 0, NULL, &ds, READ_ONLY_DEPTH);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    ds = depth_stencil(ro_dsv, BEGIN(DISCARD), END(PRESERVE), BEGIN(NO_ACCESS), END(NO_ACCESS));
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 0, NULL, &ds, READ_ONLY_DEPTH);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    ds = depth_stencil(ro_dsv, BEGIN(CLEAR), END(PRESERVE), BEGIN(NO_ACCESS), END(NO_ACCESS));
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 0, NULL, &ds, 0);
    expect_removed(&c, E_INVALIDARG, D3D12_MESSAGE_ID_RENDER_PASS_ERROR);
    ds = depth_stencil(ro_dsv, BEGIN(PRESERVE), END(PRESERVE), BEGIN(NO_ACCESS), END(NO_ACCESS));
    ID3D12GraphicsCommandList4_BeginRenderPass(c.list, 0, NULL, &ds, READ_ONLY_DEPTH);
    ID3D12GraphicsCommandList4_EndRenderPass(c.list);
    expect_ok(&c);

    for (i = 0; i < 3; ++i)
        ID3D12Resource_Release(textures[i]);
    ID3D12Resource_Release(depth);
    ID3D12Resource_Release(buffer);
    pass_destroy(&c);
}
END_TEST

START_TEST(test_tier)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options;
    struct pass_ctx c;

    pass_init(&c, _i, false);
    memset(&options, 0xff, sizeof(options));
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(c.t.device, D3D12_FEATURE_D3D12_OPTIONS5, &options,
                                                      sizeof(options)), S_OK);
    /* Natively the driver's table is used, where it has one. */
    test_require(c.mode != MODE_NATIVE || options.RenderPassesTier, "the driver fills no render-pass table");
    ck_assert_int_eq(options.RenderPassesTier, c.mode == MODE_NATIVE ? D3D12_RENDER_PASS_TIER_1
                     : D3D12_RENDER_PASS_TIER_0);
    pass_destroy(&c);
}
END_TEST

Suite *render_pass_suite(void)
{
    Suite *suite = suite_create("render_pass");
    TCase *tc;

    tc = tcase_create("accesses");
    tcase_add_test(tc, test_beginning_accesses);
    tcase_add_loop_test(tc, test_ending_resolve, 0, ARRAY_SIZE(resolve_cases));
    tcase_add_test(tc, test_ending_resolve_region);
    tcase_add_test(tc, test_ending_depth_resolve);
    suite_add_tcase(suite, tc);

    tc = tcase_create("suspend_resume");
    tcase_add_test(tc, test_suspend_resume_across_lists);
    tcase_add_loop_test(tc, test_suspend_resume_execution_rules, MODE_NATIVE, MODE_EMULATED + 1);
    tcase_add_loop_test(tc, test_suspend_resume_in_list, MODE_NATIVE, MODE_EMULATED + 1);
    suite_add_tcase(suite, tc);

    tc = tcase_create("validation");
    tcase_add_test(tc, test_forbidden_inside_pass);
    tcase_add_loop_test(tc, test_pass_structure_errors, MODE_NATIVE, MODE_EMULATED + 1);
    tcase_add_loop_test(tc, test_access_errors, MODE_NATIVE, MODE_EMULATED + 1);
    tcase_add_loop_test(tc, test_local_and_read_only, MODE_NATIVE, MODE_EMULATED + 1);
    tcase_add_loop_test(tc, test_tier, MODE_NATIVE, MODE_EMULATED + 1);
    suite_add_tcase(suite, tc);
    return suite;
}

TEST_MAIN(render_pass_suite())
