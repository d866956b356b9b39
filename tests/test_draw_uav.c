/*
 * UAVs at every stage and UAV-only rendering: the vertex, geometry and pixel shaders of
 * one draw write their own UAVs of a 64-UAV table (binding tier 2's limit over all
 * stages) with no render target bound, at each ForcedSampleCount the device rasterises
 * (D3D11.1's target-independent rasterization: the pixel shader runs once per pixel and
 * sees the forced coverage). Counts AGX cannot rasterise are refused at pipeline
 * creation. Expected values are worked out by hand from the standard sample positions.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_draw_util.h"

#include <stdlib.h>
#include <string.h>

/* One triangle whose right edge is x = 1.5 over every row of a 4x2 viewport, reaching
 * far to the left (inside the guard band, so nothing splits it): pixels (-0.25, 11),
 * (-0.25, -9), (-6, 1) in clip space. Each vertex stores id + 100 at dword id of u0. */
static const char uav_vs[] =
    "vs_5_0\n"
    ".input SV_VertexID 0 v0.x uint vertex_id\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw u0\n"
    "dcl_input_sgv v0.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_temps 2\n"
    "ieq r0.xyz, v0.xxxx, l(0, 1, 2, 0)\n"
    "movc o0.x, r0.z, l(-6.0), l(-0.25)\n"
    "movc r1.x, r0.y, l(-9.0), l(1.0)\n"
    "movc o0.y, r0.x, l(11.0), r1.x\n"
    "mov o0.zw, l(0, 0, 0.5, 1.0)\n"
    "ishl r1.x, v0.x, l(2)\n"
    "iadd r1.y, v0.x, l(100)\n"
    "store_raw u0.x, r1.x, r1.y\n"
    "ret\n";

/* Passes the triangle through and stores primitive id + 200 at dword id of u1. */
static const char uav_gs[] =
    "gs_5_0\n"
    ".input SV_Position 0 v0.xyzw float position\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw u1\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_input vPrim\n"
    "dcl_temps 1\n"
    "dcl_inputprimitive triangle\n"
    "dcl_stream m0\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_maxout 3\n"
    "ishl r0.x, vPrim, l(2)\n"
    "iadd r0.y, vPrim, l(200)\n"
    "store_raw u1.x, r0.x, r0.y\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "emit_stream m0\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "emit_stream m0\n"
    "mov o0.xyzw, v[2][0].xyzw\n"
    "emit_stream m0\n"
    "ret\n";

/* Stores 0x100 | SV_Coverage at dword (y * 4 + x) of u63; no render target. */
static const char uav_ps[] =
    "ps_5_0\n"
    ".input SV_Position 0 v0.xyzw float position\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw u63\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_input vCoverage\n"
    "dcl_temps 1\n"
    "ftou r0.xy, v0.xyxx\n"
    "imad r0.x, r0.y, l(4), r0.x\n"
    "ishl r0.x, r0.x, l(2)\n"
    "or r0.y, vCoverage.x, l(0x100)\n"
    "store_raw u63.x, r0.x, r0.y\n"
    "ret\n";

#define UAV_DWORDS 16u
#define UAV_TABLE 64u

struct uav_draw
{
    struct draw_test t;
    ID3D12RootSignature *signature;
    ID3D12DescriptorHeap *heap;
    ID3D12Resource *out[3];               /* u0 (VS), u1 (GS), u63 (PS) */
};

static void uav_draw_init(struct uav_draw *u)
{
    static const UINT slots[3] = {0, 1, UAV_TABLE - 1};
    D3D12_DESCRIPTOR_RANGE1 range = {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, UAV_TABLE, 0, 0,
                                     D3D12_DESCRIPTOR_RANGE_FLAG_NONE, 0};
    D3D12_UNORDERED_ACCESS_VIEW_DESC uav;
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, UAV_TABLE,
                                            D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    D3D12_ROOT_PARAMETER1 parameter;
    D3D12_CPU_DESCRIPTOR_HANDLE handle;
    ID3DBlob *blob, *errors = NULL;
    UINT size, i;

    draw_test_init(&u->t);
    memset(&parameter, 0, sizeof(parameter));
    parameter.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    parameter.DescriptorTable.NumDescriptorRanges = 1;
    parameter.DescriptorTable.pDescriptorRanges = &range;
    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = 1;
    desc.Desc_1_1.pParameters = &parameter;
    ck_assert_int_eq(D3D12SerializeVersionedRootSignature(&desc, &blob, &errors), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(u->t.ctx.device, 0, ID3D10Blob_GetBufferPointer(blob),
                     ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&u->signature), S_OK);
    ID3D10Blob_Release(blob);

    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(u->t.ctx.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&u->heap), S_OK);
    size = ID3D12Device_GetDescriptorHandleIncrementSize(u->t.ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    memset(&uav, 0, sizeof(uav));
    uav.Format = DXGI_FORMAT_R32_TYPELESS;
    uav.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    uav.Buffer.NumElements = UAV_DWORDS;
    uav.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
    /* Tier 2: every descriptor a table covers is written; the unused ones are null. */
    for (i = 0; i < UAV_TABLE; ++i)
    {
        handle = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(u->heap);
        handle.ptr += (SIZE_T)size * i;
        ID3D12Device_CreateUnorderedAccessView(u->t.ctx.device, NULL, NULL, &uav, handle);
    }
    for (i = 0; i < 3; ++i)
    {
        u->out[i] = create_buffer(u->t.ctx.device, D3D12_HEAP_TYPE_DEFAULT, UAV_DWORDS * 4,
                                  D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COMMON);
        handle = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(u->heap);
        handle.ptr += (SIZE_T)size * slots[i];
        ID3D12Device_CreateUnorderedAccessView(u->t.ctx.device, u->out[i], NULL, &uav, handle);
    }
}

static void uav_draw_destroy(struct uav_draw *u)
{
    unsigned int i;

    for (i = 0; i < 3; ++i)
        ID3D12Resource_Release(u->out[i]);
    ID3D12DescriptorHeap_Release(u->heap);
    ID3D12RootSignature_Release(u->signature);
    draw_test_destroy(&u->t);
}

/* The pipeline: no render target, no depth, the forced count; with or without the GS. */
static HRESULT uav_pipeline(struct uav_draw *u, UINT forced, bool with_gs, ID3D12PipelineState **state)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    void *vs, *gs = NULL, *ps;
    size_t vs_size, gs_size = 0, ps_size;
    HRESULT hr;

    draw_pipeline_desc(&u->t, &desc);
    desc.pRootSignature = u->signature;
    desc.NumRenderTargets = 0;
    desc.RTVFormats[0] = DXGI_FORMAT_UNKNOWN;
    desc.DepthStencilState.DepthEnable = FALSE;
    desc.RasterizerState.ForcedSampleCount = forced;
    vs = draw_assemble(uav_vs, &vs_size);
    ps = draw_assemble(uav_ps, &ps_size);
    if (with_gs)
        gs = draw_assemble(uav_gs, &gs_size);
    desc.VS.pShaderBytecode = vs;
    desc.VS.BytecodeLength = vs_size;
    desc.GS.pShaderBytecode = gs;
    desc.GS.BytecodeLength = gs_size;
    desc.PS.pShaderBytecode = ps;
    desc.PS.BytecodeLength = ps_size;
    *state = NULL;
    hr = ID3D12Device_CreateGraphicsPipelineState(u->t.ctx.device, &desc, &IID_ID3D12PipelineState, (void **)state);
    free(vs);
    free(gs);
    free(ps);
    return hr;
}

static void uav_draw_run(struct uav_draw *u, ID3D12PipelineState *pipeline, uint32_t got[3][UAV_DWORDS])
{
    D3D12_VIEWPORT viewport = {0.0f, 0.0f, 4.0f, 2.0f, 0.0f, 1.0f};
    D3D12_RECT scissor = {0, 0, 4, 2};
    ID3D12GraphicsCommandList *list = u->t.ctx.list;
    unsigned int i;

    for (i = 0; i < 3; ++i)
        poison_buffer(&u->t.ctx, u->out[i], 90 + i);
    ID3D12GraphicsCommandList_SetDescriptorHeaps(list, 1, &u->heap);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(list, u->signature);
    ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(list, 0,
            ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(u->heap));
    ID3D12GraphicsCommandList_SetPipelineState(list, pipeline);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D12GraphicsCommandList_RSSetViewports(list, 1, &viewport);
    ID3D12GraphicsCommandList_RSSetScissorRects(list, 1, &scissor);
    ID3D12GraphicsCommandList_OMSetRenderTargets(list, 0, NULL, FALSE, NULL);
    ID3D12GraphicsCommandList_DrawInstanced(list, 3, 1, 0, 0);
    execute_and_wait(&u->t.ctx);
    for (i = 0; i < 3; ++i)
        read_buffer(&u->t.ctx, u->out[i], UAV_DWORDS * 4, got[i]);
}

/*
 * The right edge x = 1.5 crosses pixel column 1 at its centre, which the top-left rule
 * leaves out; D3D's standard positions put 2x samples at x + 0.25, x - 0.25 and 4x ones
 * at x - 0.125, + 0.375, - 0.375, + 0.125 (in pixels from the centre). So column 0 is
 * fully covered and column 1 has samples {1} at 2x and {0, 2} at 4x.
 */
START_TEST(test_uav_only_rendering_every_stage)
{
    static const struct
    {
        UINT forced;
        uint32_t column0, column1;            /* 0: not shaded */
    }
    cases[] =
    {
        {0, 0x1, 0},
        {1, 0x1, 0},
        {2, 0x3, 0x2},
        {4, 0xf, 0x5},
    };
    uint32_t got[3][UAV_DWORDS], poison[3][UAV_DWORDS], expected[UAV_DWORDS];
    ID3D12PipelineState *pipeline;
    struct uav_draw u;
    unsigned int c, g, i, x, y;

    uav_draw_init(&u);
    for (i = 0; i < 3; ++i)
        fill_pattern(poison[i], sizeof(poison[i]), 90 + i);
    for (c = 0; c < ARRAY_SIZE(cases); ++c)
    {
        for (g = 0; g < 2; ++g)
        {
            ck_assert_int_eq(uav_pipeline(&u, cases[c].forced, g, &pipeline), S_OK);
            uav_draw_run(&u, pipeline, got);

            /* The vertex shader ran once per vertex. */
            memcpy(expected, poison[0], sizeof(expected));
            for (i = 0; i < 3; ++i)
                expected[i] = 100 + i;
            ck_assert_msg(!memcmp(got[0], expected, sizeof(expected)), "forced %u, gs %u: VS dword 0 %#x, 4 %#x",
                          cases[c].forced, g, got[0][0], got[0][4]);
            /* The geometry shader once for the triangle. */
            memcpy(expected, poison[1], sizeof(expected));
            if (g)
                expected[0] = 200;
            ck_assert_msg(!memcmp(got[1], expected, sizeof(expected)), "forced %u, gs %u: GS dwords %#x %#x %#x",
                          cases[c].forced, g, got[1][0], got[1][1], got[1][2]);
            /* The pixel shader once per covered pixel, with the forced coverage. */
            memcpy(expected, poison[2], sizeof(expected));
            for (y = 0; y < 2; ++y)
            {
                expected[y * 4] = 0x100 | cases[c].column0;
                if (cases[c].column1)
                    expected[y * 4 + 1] = 0x100 | cases[c].column1;
            }
            for (x = 0; x < UAV_DWORDS; ++x)
                ck_assert_msg(got[2][x] == expected[x], "forced %u, gs %u: PS dword %u is %#x, expected %#x",
                              cases[c].forced, g, x, got[2][x], expected[x]);
            ID3D12PipelineState_Release(pipeline);
        }
    }
    uav_draw_destroy(&u);
}
END_TEST

/* AGX rasterises at most 4 samples per pixel: 8 and 16, valid in D3D12, are refused
 * by the driver with E_INVALIDARG. */
START_TEST(test_forced_sample_count_beyond_agx)
{
    ID3D12PipelineState *pipeline;
    struct uav_draw u;

    uav_draw_init(&u);
    ck_assert_int_eq(uav_pipeline(&u, 8, false, &pipeline), E_INVALIDARG);
    ck_assert_ptr_null(pipeline);
    ck_assert_int_eq(uav_pipeline(&u, 16, false, &pipeline), E_INVALIDARG);
    ck_assert_ptr_null(pipeline);
    uav_draw_destroy(&u);
}
END_TEST

Suite *draw_uav_suite(void)
{
    Suite *s = suite_create("draw_uav");
    TCase *tc = tcase_create("uav");

    tcase_add_test(tc, test_uav_only_rendering_every_stage);
    tcase_add_test(tc, test_forced_sample_count_beyond_agx);
    suite_add_tcase(s, tc);
    return s;
}
