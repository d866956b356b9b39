/*
 * Views on the built-in device, through the D3D12 API: Shader4ComponentMapping on SRVs
 * applied to every read (ld, sample, gather, typed buffer loads, FORCE_VALUE_0/1, the
 * depth and stencil planes), and typed UAV loads of every format D3D12 lists (the
 * three base formats, the additional set and the optional ones the device reports).
 * Results are read back from poisoned buffers and compared with values this file
 * computes from the texels it uploaded.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_compute_util.h"
#include "test_run.h"
#include "test_suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t float_bits(float f)
{
    uint32_t u;

    memcpy(&u, &f, sizeof(u));
    return u;
}

static void check_dwords(unsigned int line, const char *what, const uint32_t *got, const uint32_t *expected,
                         unsigned int count)
{
    unsigned int i;

    for (i = 0; i < count; ++i)
        ck_assert_msg(got[i] == expected[i], "line %u: %s: dword %u is %#x, expected %#x", line, what, i, got[i],
                      expected[i]);
}

/* A compute pipeline over one table: SRVs t0-t3 then u0 (a raw buffer of results) and u1. */
struct view_test
{
    struct test_context ctx;
    ID3D12RootSignature *signature;
    ID3D12DescriptorHeap *heap, *samplers;
    ID3D12Resource *out;
    UINT size;
};

#define VIEW_OUT_DWORDS 64u

static void view_test_init(struct view_test *t)
{
    D3D12_DESCRIPTOR_RANGE1 ranges[2], sampler_range;
    D3D12_ROOT_PARAMETER1 parameters[2];
    D3D12_SAMPLER_DESC point;

    test_context_init(&t->ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ranges[0] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 4, 0, 0, 0);
    ranges[1] = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 2, 0, 0, 4);
    sampler_range = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER, 1, 0, 0, 0);
    parameters[0] = root_table(ranges, 2);
    parameters[1] = root_table(&sampler_range, 1);
    t->signature = create_root_signature(t->ctx.device, parameters, 2, NULL, 0);
    t->heap = shader_visible_heap(t->ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 6);
    t->samplers = shader_visible_heap(t->ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 1);
    t->size = ID3D12Device_GetDescriptorHandleIncrementSize(t->ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    memset(&point, 0, sizeof(point));
    point.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    point.AddressU = point.AddressV = point.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    point.MaxLOD = D3D12_FLOAT32_MAX;
    ID3D12Device_CreateSampler(t->ctx.device, &point,
                               ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(t->samplers));
    t->out = uav_buffer(&t->ctx, VIEW_OUT_DWORDS * 4);
    create_buffer_uav(t->ctx.device, t->out, DXGI_FORMAT_UNKNOWN, 0, VIEW_OUT_DWORDS, 0, true,
                      cpu_handle(t->heap, t->size, 4));
}

static void view_test_destroy(struct view_test *t)
{
    ID3D12Resource_Release(t->out);
    ID3D12DescriptorHeap_Release(t->samplers);
    ID3D12DescriptorHeap_Release(t->heap);
    ID3D12RootSignature_Release(t->signature);
    test_context_destroy(&t->ctx);
}

/* Runs the shader once (one thread) and reads the first `count` result dwords; the
 * buffer is poisoned first. */
#define view_test_run(t, source, out, count) view_test_run_(__LINE__, t, source, out, count)
static void view_test_run_(unsigned int line, struct view_test *t, const char *source, uint32_t *out,
                           unsigned int count)
{
    ID3D12DescriptorHeap *heaps[2] = {t->heap, t->samplers};
    ID3D12PipelineState *pipeline = compute_pipeline(t->ctx.device, t->signature, source);

    poison_buffer(&t->ctx, t->out, line);
    ID3D12GraphicsCommandList_SetDescriptorHeaps(t->ctx.list, 2, heaps);
    ID3D12GraphicsCommandList_SetComputeRootSignature(t->ctx.list, t->signature);
    ID3D12GraphicsCommandList_SetPipelineState(t->ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(t->ctx.list, 0,
            ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(t->heap));
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(t->ctx.list, 1,
            ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(t->samplers));
    ID3D12GraphicsCommandList_Dispatch(t->ctx.list, 1, 1, 1);
    execute_and_wait(&t->ctx);
    read_buffer(&t->ctx, t->out, count * 4, out);
    ID3D12PipelineState_Release(pipeline);
}

/* ---- Component mappings ------------------------------------------------------------------ */

/* What a mapping returns from a texel's four memory components: the independent model
 * of D3D12_SHADER_COMPONENT_MAPPING (one is 1.0f or 1 by the format's type). */
static void expect_mapped(UINT mapping, const uint32_t memory[4], uint32_t one, uint32_t out[4])
{
    unsigned int c, from;

    for (c = 0; c < 4; ++c)
    {
        from = (mapping >> (3 * c)) & 7;
        out[c] = from < 4 ? memory[from] : from == 5 ? one : 0;
    }
}

static const UINT mappings[] =
{
    D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING,
    D3D12_ENCODE_SHADER_4_COMPONENT_MAPPING(3, 2, 1, 0),
    D3D12_ENCODE_SHADER_4_COMPONENT_MAPPING(1, 1, 1, 1),
    D3D12_ENCODE_SHADER_4_COMPONENT_MAPPING(D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_1, 2,
            D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_0, 0),
    D3D12_ENCODE_SHADER_4_COMPONENT_MAPPING(D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_0,
            D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_1, 3, D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_1),
};

/*
 * t0: a 2x2 R8G8B8A8_UNORM texture. ld of texel (1, 0) to dwords 0-3, a point sample of
 * its centre to 4-7, gather4 of red over the 2x2 footprint to 8-11 and gather4 of green
 * (the sampler's .y selection) to 12-15.
 */
static const char mapping_texture_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_uav_raw u0\n"
    "dcl_temps 1\n"
    "dcl_thread_group 1, 1, 1\n"
    "ld_indexable(texture2d)(float,float,float,float) r0.xyzw, l(1, 0, 0, 0), t0.xyzw\n"
    "store_raw u0.xyzw, l(0), r0.xyzw\n"
    "sample_l_indexable(texture2d)(float,float,float,float) r0.xyzw, l(0.75, 0.25, 0, 0), t0.xyzw, s0, l(0)\n"
    "store_raw u0.xyzw, l(16), r0.xyzw\n"
    "gather4_indexable(texture2d)(float,float,float,float) r0.xyzw, l(0.5, 0.5, 0, 0), t0.xyzw, s0.x\n"
    "store_raw u0.xyzw, l(32), r0.xyzw\n"
    "gather4_indexable(texture2d)(float,float,float,float) r0.xyzw, l(0.5, 0.5, 0, 0), t0.xyzw, s0.y\n"
    "store_raw u0.xyzw, l(48), r0.xyzw\n"
    "ret\n";

START_TEST(test_mapping_texture_reads)
{
    /* Texels in memory order (x, y): (0,0) (1,0) (0,1) (1,1). */
    static const uint8_t texels[4][4] =
    {
        {0x10, 0x20, 0x30, 0x40}, {0x55, 0x66, 0x77, 0x88}, {0x99, 0xaa, 0xbb, 0xcc}, {0xdd, 0xee, 0xff, 0x01},
    };
    /* D3D's gather order: (0,1), (1,1), (1,0), (0,0). */
    static const unsigned int gather_order[4] = {2, 3, 1, 0};
    uint32_t memory[4][4], mapped[4][4], expected[16], got[16];
    D3D12_SHADER_RESOURCE_VIEW_DESC srv;
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *texture;
    struct view_test t;
    unsigned int m, i, c;

    view_test_init(&t);
    desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    texture = create_texture(t.ctx.device, &desc, D3D12_RESOURCE_STATE_COPY_DEST);
    upload_texture_data(&t.ctx, texture, 0, texels);
    for (i = 0; i < 4; ++i)
        for (c = 0; c < 4; ++c)
            memory[i][c] = float_bits(texels[i][c] / 255.0f);

    for (m = 0; m < ARRAY_SIZE(mappings); ++m)
    {
        memset(&srv, 0, sizeof(srv));
        srv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
        srv.Shader4ComponentMapping = mappings[m];
        srv.Texture2D.MipLevels = 1;
        ID3D12Device_CreateShaderResourceView(t.ctx.device, texture, &srv, cpu_handle(t.heap, t.size, 0));
        for (i = 0; i < 4; ++i)
            expect_mapped(mappings[m], memory[i], float_bits(1.0f), mapped[i]);
        memcpy(expected, mapped[1], 16);
        memcpy(expected + 4, mapped[1], 16);
        for (i = 0; i < 4; ++i)
        {
            expected[8 + i] = mapped[gather_order[i]][0];
            expected[12 + i] = mapped[gather_order[i]][1];
        }
        view_test_run(&t, mapping_texture_cs, got, 16);
        ck_assert_msg(!memcmp(got, expected, sizeof(got)), "mapping %#x: ld %#x %#x %#x %#x, sample %#x %#x %#x %#x, "
                "gather.r %#x %#x %#x %#x, gather.g %#x %#x %#x %#x", mappings[m], got[0], got[1], got[2], got[3],
                got[4], got[5], got[6], got[7], got[8], got[9], got[10], got[11], got[12], got[13], got[14], got[15]);
    }
    ID3D12Resource_Release(texture);
    view_test_destroy(&t);
}
END_TEST

/* t0: an R8G8B8A8_UINT texture, t1 a typed R8G8B8A8_UINT buffer: ld of texel (1, 0)
 * and of element 1 (FORCE_VALUE_1 is 0x1 for integer formats). */
static const char mapping_uint_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_resource_texture2d (uint,uint,uint,uint) t0\n"
    "dcl_resource_buffer (uint,uint,uint,uint) t1\n"
    "dcl_uav_raw u0\n"
    "dcl_temps 1\n"
    "dcl_thread_group 1, 1, 1\n"
    "ld_indexable(texture2d)(uint,uint,uint,uint) r0.xyzw, l(1, 0, 0, 0), t0.xyzw\n"
    "store_raw u0.xyzw, l(0), r0.xyzw\n"
    "ld_indexable(buffer)(uint,uint,uint,uint) r0.xyzw, l(1, 0, 0, 0), t1.xyzw\n"
    "store_raw u0.xyzw, l(16), r0.xyzw\n"
    "ret\n";

START_TEST(test_mapping_integer_and_buffer)
{
    static const uint8_t texels[2][4] = {{1, 2, 3, 4}, {200, 150, 100, 50}};
    uint32_t memory[4], expected[8], got[8];
    D3D12_SHADER_RESOURCE_VIEW_DESC srv;
    ID3D12Resource *texture, *buffer;
    D3D12_RESOURCE_DESC desc;
    struct view_test t;
    unsigned int m, c;

    view_test_init(&t);
    desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UINT, 2, 1, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
    texture = create_texture(t.ctx.device, &desc, D3D12_RESOURCE_STATE_COPY_DEST);
    upload_texture_data(&t.ctx, texture, 0, texels);
    buffer = create_buffer(t.ctx.device, D3D12_HEAP_TYPE_DEFAULT, sizeof(texels), D3D12_RESOURCE_FLAG_NONE,
                           D3D12_RESOURCE_STATE_COPY_DEST);
    upload_buffer_data(&t.ctx, buffer, 0, texels, sizeof(texels));
    for (c = 0; c < 4; ++c)
        memory[c] = texels[1][c];

    for (m = 0; m < ARRAY_SIZE(mappings); ++m)
    {
        memset(&srv, 0, sizeof(srv));
        srv.Format = DXGI_FORMAT_R8G8B8A8_UINT;
        srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
        srv.Shader4ComponentMapping = mappings[m];
        srv.Texture2D.MipLevels = 1;
        ID3D12Device_CreateShaderResourceView(t.ctx.device, texture, &srv, cpu_handle(t.heap, t.size, 0));
        memset(&srv, 0, sizeof(srv));
        srv.Format = DXGI_FORMAT_R8G8B8A8_UINT;
        srv.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
        srv.Shader4ComponentMapping = mappings[m];
        srv.Buffer.NumElements = 2;
        ID3D12Device_CreateShaderResourceView(t.ctx.device, buffer, &srv, cpu_handle(t.heap, t.size, 1));
        expect_mapped(mappings[m], memory, 1, expected);
        memcpy(expected + 4, expected, 16);
        view_test_run(&t, mapping_uint_cs, got, 8);
        check_dwords(__LINE__, "uint texture, then typed buffer", got, expected, 8);
    }
    ID3D12Resource_Release(buffer);
    ID3D12Resource_Release(texture);
    view_test_destroy(&t);
}
END_TEST

/* t0: the depth plane (float), t1: the stencil plane (uint) of one texel. */
static const char mapping_depth_stencil_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_resource_texture2d (uint,uint,uint,uint) t1\n"
    "dcl_uav_raw u0\n"
    "dcl_temps 1\n"
    "dcl_thread_group 1, 1, 1\n"
    "ld_indexable(texture2d)(float,float,float,float) r0.xyzw, l(0, 0, 0, 0), t0.xyzw\n"
    "store_raw u0.xyzw, l(0), r0.xyzw\n"
    "ld_indexable(texture2d)(uint,uint,uint,uint) r0.xyzw, l(0, 0, 0, 0), t1.xyzw\n"
    "store_raw u0.xyzw, l(16), r0.xyzw\n"
    "ret\n";

/*
 * The planes of D24_UNORM_S8_UINT and D32_FLOAT_S8X24_UINT: the depth view's memory
 * texel is (depth, 0, 0, 1), the stencil view's (0, stencil, 0, 1): D3D reads stencil
 * in green (X24_TYPELESS_G8_UINT, X32_TYPELESS_G8X24_UINT), and a mapping moves or
 * broadcasts it like any component.
 */
START_TEST(test_mapping_depth_stencil_planes)
{
    static const struct
    {
        DXGI_FORMAT resource, dsv, depth, stencil;
    }
    formats[] =
    {
        {DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_R24_UNORM_X8_TYPELESS,
                DXGI_FORMAT_X24_TYPELESS_G8_UINT},
        {DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS,
                DXGI_FORMAT_X32_TYPELESS_G8X24_UINT},
    };
    static const UINT stencil_mappings[] =
    {
        D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING,
        D3D12_ENCODE_SHADER_4_COMPONENT_MAPPING(1, 1, 1, 1),
        D3D12_ENCODE_SHADER_4_COMPONENT_MAPPING(1, D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_1, 0, 1),
    };
    D3D12_DESCRIPTOR_HEAP_DESC dsv_heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, 0, 0};
    uint32_t depth_memory[4], stencil_memory[4], expected[8], got[8];
    D3D12_DEPTH_STENCIL_VIEW_DESC dsv;
    D3D12_SHADER_RESOURCE_VIEW_DESC srv;
    ID3D12DescriptorHeap *dsv_heap;
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *texture;
    struct view_test t;
    unsigned int f, m;

    view_test_init(&t);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t.ctx.device, &dsv_heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&dsv_heap), S_OK);
    for (f = 0; f < ARRAY_SIZE(formats); ++f)
    {
        desc = test_texture_2d_desc(formats[f].resource, 1, 1, 1, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
        texture = create_texture(t.ctx.device, &desc, D3D12_RESOURCE_STATE_DEPTH_WRITE);
        memset(&dsv, 0, sizeof(dsv));
        dsv.Format = formats[f].dsv;
        dsv.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
        ID3D12Device_CreateDepthStencilView(t.ctx.device, texture, &dsv,
                                            ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(dsv_heap));
        /* Depth 1.0 is exact in both; stencil 0xa7. */
        ID3D12GraphicsCommandList_ClearDepthStencilView(t.ctx.list,
                ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(dsv_heap),
                D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL, 1.0f, 0xa7, 0, NULL);
        transition_resource(&t.ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
                            D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
        depth_memory[0] = float_bits(1.0f);
        depth_memory[1] = depth_memory[2] = 0;
        depth_memory[3] = float_bits(1.0f);
        stencil_memory[0] = stencil_memory[2] = 0;
        stencil_memory[1] = 0xa7;
        stencil_memory[3] = 1;

        for (m = 0; m < ARRAY_SIZE(stencil_mappings); ++m)
        {
            memset(&srv, 0, sizeof(srv));
            srv.Format = formats[f].depth;
            srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
            srv.Shader4ComponentMapping = mappings[(m + 1) % ARRAY_SIZE(mappings)];
            srv.Texture2D.MipLevels = 1;
            ID3D12Device_CreateShaderResourceView(t.ctx.device, texture, &srv, cpu_handle(t.heap, t.size, 0));
            expect_mapped(srv.Shader4ComponentMapping, depth_memory, float_bits(1.0f), expected);
            srv.Format = formats[f].stencil;
            srv.Shader4ComponentMapping = stencil_mappings[m];
            srv.Texture2D.PlaneSlice = 1;
            ID3D12Device_CreateShaderResourceView(t.ctx.device, texture, &srv, cpu_handle(t.heap, t.size, 1));
            expect_mapped(stencil_mappings[m], stencil_memory, 1, expected + 4);
            view_test_run(&t, mapping_depth_stencil_cs, got, 8);
            check_dwords(__LINE__, "depth plane, then stencil plane", got, expected, 8);
        }
        ID3D12Resource_Release(texture);
    }
    ID3D12DescriptorHeap_Release(dsv_heap);
    view_test_destroy(&t);
}
END_TEST

/* ---- Typed UAV loads ---------------------------------------------------------------------- */

/* u1: a 2x1 typed UAV texture (the format's return type in the declaration): ld_uav_typed
 * of texel (1, 0) to dwords 0-3. */
#define TYPED_LOAD_CS(type) \
    "cs_5_0\n" \
    "dcl_globalFlags refactoringAllowed\n" \
    "dcl_uav_raw u0\n" \
    "dcl_uav_typed_texture2d (" type "," type "," type "," type ") u1\n" \
    "dcl_temps 1\n" \
    "dcl_thread_group 1, 1, 1\n" \
    "ld_uav_typed_indexable(texture2d)(" type "," type "," type "," type ") r0.xyzw, l(1, 0, 0, 0), u1.xyzw\n" \
    "store_raw u0.xyzw, l(0), r0.xyzw\n" \
    "ret\n"

/* Every format of Microsoft's typed UAV load lists (Learn, "Typed unordered access
 * view (UAV) loads"): the texel (1, 0) as bytes, and what a load returns, worked out
 * by hand from the format's definition (channels the format lacks read 0, alpha 1). */
static const struct typed_load_case
{
    DXGI_FORMAT format;
    bool additional_set;                  /* the set TypedUAVLoadAdditionalFormats stands for */
    const char *type;
    uint8_t bytes[16];
    uint32_t expected[4];
}
typed_load_cases[] =
{
#define F(x) 0x##x
    {DXGI_FORMAT_R32_FLOAT, false, "float", {0x00, 0x00, 0xc0, 0x3f}, {F(3fc00000), 0, 0, F(3f800000)}},
    {DXGI_FORMAT_R32_UINT, false, "uint", {0x78, 0x56, 0x34, 0x12}, {F(12345678), 0, 0, 1}},
    {DXGI_FORMAT_R32_SINT, false, "sint", {0xfe, 0xff, 0xff, 0xff}, {F(fffffffe), 0, 0, 1}},
    {DXGI_FORMAT_R32G32B32A32_FLOAT, true, "float",
            {0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x3e},
            {F(3f800000), F(c0000000), 0, F(3e800000)}},
    {DXGI_FORMAT_R32G32B32A32_UINT, true, "uint",
            {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}, {1, 2, 3, F(ffffffff)}},
    {DXGI_FORMAT_R32G32B32A32_SINT, true, "sint",
            {0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0, 0, 0, 0, 0x80, 4, 0, 0, 0}, {F(ffffffff), 2, F(80000000), 4}},
    /* half 1.0 = 0x3c00, -2.0 = 0xc000, 0.5 = 0x3800, 65504 = 0x7bff */
    {DXGI_FORMAT_R16G16B16A16_FLOAT, true, "float", {0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0xff, 0x7b},
            {F(3f800000), F(c0000000), F(3f000000), F(477fe000)}},
    {DXGI_FORMAT_R16G16B16A16_UINT, true, "uint", {1, 0, 0xff, 0xff, 0x34, 0x12, 0, 0x80},
            {1, F(ffff), F(1234), F(8000)}},
    {DXGI_FORMAT_R16G16B16A16_SINT, true, "sint", {0xff, 0xff, 0, 0x80, 0xff, 0x7f, 5, 0},
            {F(ffffffff), F(ffff8000), F(7fff), 5}},
    /* unorm8: 0 -> 0, 255 -> 1.0, 51 -> 0.2f, 204 -> 0.8f */
    {DXGI_FORMAT_R8G8B8A8_UNORM, true, "float", {0, 255, 51, 204}, {0, F(3f800000), F(3e4ccccd), F(3f4ccccd)}},
    {DXGI_FORMAT_R8G8B8A8_UINT, true, "uint", {1, 0x80, 0xff, 0}, {1, F(80), F(ff), 0}},
    {DXGI_FORMAT_R8G8B8A8_SINT, true, "sint", {0xff, 0x80, 0x7f, 3}, {F(ffffffff), F(ffffff80), F(7f), 3}},
    {DXGI_FORMAT_R16_FLOAT, true, "float", {0x00, 0xbc}, {F(bf800000), 0, 0, F(3f800000)}},
    {DXGI_FORMAT_R16_UINT, true, "uint", {0xcd, 0xab}, {F(abcd), 0, 0, 1}},
    {DXGI_FORMAT_R16_SINT, true, "sint", {0x00, 0x80}, {F(ffff8000), 0, 0, 1}},
    {DXGI_FORMAT_R8_UNORM, true, "float", {255}, {F(3f800000), 0, 0, F(3f800000)}},
    {DXGI_FORMAT_R8_UINT, true, "uint", {0xfe}, {F(fe), 0, 0, 1}},
    {DXGI_FORMAT_R8_SINT, true, "sint", {0x81}, {F(ffffff81), 0, 0, 1}},
    /* The optional formats, each queried on its own. */
    {DXGI_FORMAT_R16G16B16A16_UNORM, false, "float", {0, 0, 0xff, 0xff, 0, 0, 0xff, 0xff},
            {0, F(3f800000), 0, F(3f800000)}},
    /* snorm16: -32768 and -32767 -> -1.0, 32767 -> 1.0 */
    {DXGI_FORMAT_R16G16B16A16_SNORM, false, "float", {0, 0x80, 1, 0x80, 0xff, 0x7f, 0, 0},
            {F(bf800000), F(bf800000), F(3f800000), 0}},
    {DXGI_FORMAT_R32G32_FLOAT, false, "float", {0, 0, 0x20, 0x41, 0, 0, 0x80, 0xbf},
            {F(41200000), F(bf800000), 0, F(3f800000)}},
    {DXGI_FORMAT_R32G32_UINT, false, "uint", {7, 0, 0, 0, 0, 0, 0, 0x80}, {7, F(80000000), 0, 1}},
    {DXGI_FORMAT_R32G32_SINT, false, "sint", {0xf9, 0xff, 0xff, 0xff, 9, 0, 0, 0}, {F(fffffff9), 9, 0, 1}},
    /* r = 1023 (1.0), g = 0, b = 1023, a = 3 (1.0): bits 0-9, 10-19, 20-29, 30-31 */
    {DXGI_FORMAT_R10G10B10A2_UNORM, false, "float", {0xff, 0x03, 0xf0, 0xff},
            {F(3f800000), 0, F(3f800000), F(3f800000)}},
    /* r = 5, g = 1023, b = 0, a = 2: 5 | 1023 << 10 | 2 << 30 = 0x800ffc05 */
    {DXGI_FORMAT_R10G10B10A2_UINT, false, "uint", {0x05, 0xfc, 0x0f, 0x80}, {5, F(3ff), 0, 2}},
    /* r11 = 1.0 (exp 15, 0x3c0), g11 = 2.0 (0x400), b10 = 0.5 (exp 14, 0x1c0):
     * 0x3c0 | 0x400 << 11 | 0x1c0 << 22 = 0x702003c0 */
    {DXGI_FORMAT_R11G11B10_FLOAT, false, "float", {0xc0, 0x03, 0x20, 0x70},
            {F(3f800000), F(40000000), F(3f000000), F(3f800000)}},
    /* snorm8: -128 and -127 -> -1.0, 127 -> 1.0 */
    {DXGI_FORMAT_R8G8B8A8_SNORM, false, "float", {0x80, 0x81, 0x7f, 0}, {F(bf800000), F(bf800000), F(3f800000), 0}},
    {DXGI_FORMAT_R16G16_FLOAT, false, "float", {0x00, 0x38, 0x00, 0x3c}, {F(3f000000), F(3f800000), 0, F(3f800000)}},
    {DXGI_FORMAT_R16G16_UNORM, false, "float", {0xff, 0xff, 0, 0}, {F(3f800000), 0, 0, F(3f800000)}},
    {DXGI_FORMAT_R16G16_UINT, false, "uint", {0x10, 0, 0xff, 0xff}, {F(10), F(ffff), 0, 1}},
    {DXGI_FORMAT_R16G16_SNORM, false, "float", {0xff, 0x7f, 0x01, 0x80}, {F(3f800000), F(bf800000), 0, F(3f800000)}},
    {DXGI_FORMAT_R16G16_SINT, false, "sint", {0xfd, 0xff, 0x10, 0}, {F(fffffffd), F(10), 0, 1}},
    {DXGI_FORMAT_R8G8_UNORM, false, "float", {0xff, 0}, {F(3f800000), 0, 0, F(3f800000)}},
    {DXGI_FORMAT_R8G8_UINT, false, "uint", {0x12, 0xfe}, {F(12), F(fe), 0, 1}},
    {DXGI_FORMAT_R8G8_SNORM, false, "float", {0x7f, 0x80}, {F(3f800000), F(bf800000), 0, F(3f800000)}},
    {DXGI_FORMAT_R8G8_SINT, false, "sint", {0x80, 0x7f}, {F(ffffff80), F(7f), 0, 1}},
    {DXGI_FORMAT_R16_UNORM, false, "float", {0xff, 0xff}, {F(3f800000), 0, 0, F(3f800000)}},
    {DXGI_FORMAT_R16_SNORM, false, "float", {0x00, 0x80}, {F(bf800000), 0, 0, F(3f800000)}},
    {DXGI_FORMAT_R8_SNORM, false, "float", {0x81}, {F(bf800000), 0, 0, F(3f800000)}},
    /* A8: the one channel is alpha, the others read 0. */
    {DXGI_FORMAT_A8_UNORM, false, "float", {0xff}, {0, 0, 0, F(3f800000)}},
    /* B5G6R5: b bits 0-4, g 5-10, r 11-15; r = 31, g = 0, b = 31 -> 0xf81f */
    {DXGI_FORMAT_B5G6R5_UNORM, false, "float", {0x1f, 0xf8}, {F(3f800000), 0, F(3f800000), F(3f800000)}},
    /* B5G5R5A1: b 0-4, g 5-9, r 10-14, a 15; r = 0, g = 31, b = 0, a = 1 -> 0x83e0 */
    {DXGI_FORMAT_B5G5R5A1_UNORM, false, "float", {0xe0, 0x83}, {0, F(3f800000), 0, F(3f800000)}},
    /* B4G4R4A4: b 0-3, g 4-7, r 8-11, a 12-15; b = 15, g = 0, r = 15, a = 0 -> 0x0f0f */
    {DXGI_FORMAT_B4G4R4A4_UNORM, false, "float", {0x0f, 0x0f}, {F(3f800000), 0, F(3f800000), 0}},
#undef F
};

/* OPTIONS.TypedUAVLoadAdditionalFormats and each format's UAV_TYPED_LOAD bit. */
START_TEST(test_typed_uav_load_caps)
{
    D3D12_FEATURE_DATA_FORMAT_SUPPORT support;
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    struct test_context ctx;
    unsigned int i;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(ctx.device, D3D12_FEATURE_D3D12_OPTIONS, &options,
                                                      sizeof(options)), S_OK);
    ck_assert(options.TypedUAVLoadAdditionalFormats);
    for (i = 0; i < ARRAY_SIZE(typed_load_cases); ++i)
    {
        support.Format = typed_load_cases[i].format;
        ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(ctx.device, D3D12_FEATURE_FORMAT_SUPPORT, &support,
                                                          sizeof(support)), S_OK);
        ck_assert_msg(support.Support2 & D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD, "format %u: support2 %#x",
                      support.Format, support.Support2);
        ck_assert_msg(support.Support1 & D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW, "format %u",
                      support.Format);
    }
    /* Neither list has sRGB or BGRA formats: no typed UAV loads there. */
    support.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(ctx.device, D3D12_FEATURE_FORMAT_SUPPORT, &support,
                                                      sizeof(support)), S_OK);
    ck_assert(!(support.Support2 & D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD));
    support.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    ck_assert_int_eq(ID3D12Device_CheckFeatureSupport(ctx.device, D3D12_FEATURE_FORMAT_SUPPORT, &support,
                                                      sizeof(support)), S_OK);
    ck_assert(!(support.Support2 & D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD));
    test_context_destroy(&ctx);
}
END_TEST

/* ld_uav_typed of each listed format returns the texel's value (texel 0 is poison). */
START_TEST(test_typed_uav_loads)
{
    const struct typed_load_case *tc = &typed_load_cases[_i];
    D3D12_UNORDERED_ACCESS_VIEW_DESC uav;
    uint8_t texels[2][16];
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *texture;
    char source[1024];
    struct view_test t;
    uint32_t got[4];

    view_test_init(&t);
    desc = test_texture_2d_desc(tc->format, 2, 1, 1, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    texture = create_texture(t.ctx.device, &desc, D3D12_RESOURCE_STATE_COPY_DEST);
    fill_pattern(texels, sizeof(texels), 77);
    memcpy(texels[1], tc->bytes, sizeof(tc->bytes));
    {
        /* Pack the two texels at the format's size. */
        struct test_subresource_layout layout;
        uint8_t packed[32];

        get_subresource_layout(t.ctx.device, texture, 0, &layout);
        memcpy(packed, texels[0], layout.row_size / 2);
        memcpy(packed + layout.row_size / 2, texels[1], layout.row_size / 2);
        upload_texture_data(&t.ctx, texture, 0, packed);
    }
    transition_resource(&t.ctx, texture, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    memset(&uav, 0, sizeof(uav));
    uav.Format = tc->format;
    uav.ViewDimension = D3D12_UAV_DIMENSION_TEXTURE2D;
    ID3D12Device_CreateUnorderedAccessView(t.ctx.device, texture, NULL, &uav, cpu_handle(t.heap, t.size, 5));
    snprintf(source, sizeof(source), TYPED_LOAD_CS("%s"), tc->type, tc->type, tc->type, tc->type, tc->type,
             tc->type, tc->type, tc->type);
    view_test_run(&t, source, got, 4);
    check_dwords(__LINE__, "typed UAV load", got, tc->expected, 4);
    ID3D12Resource_Release(texture);
    view_test_destroy(&t);
}
END_TEST

static Suite *views_suite(void)
{
    Suite *s = suite_create("views");
    TCase *tc = tcase_create("component_mapping");

    tcase_add_test(tc, test_mapping_texture_reads);
    tcase_add_test(tc, test_mapping_integer_and_buffer);
    tcase_add_test(tc, test_mapping_depth_stencil_planes);
    suite_add_tcase(s, tc);
    tc = tcase_create("typed_uav_load");
    tcase_add_test(tc, test_typed_uav_load_caps);
    tcase_add_loop_test(tc, test_typed_uav_loads, 0, ARRAY_SIZE(typed_load_cases));
    suite_add_tcase(s, tc);
    return s;
}

TEST_MAIN(views_suite())
