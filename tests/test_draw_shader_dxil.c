/*
 * draw_dxil: DXIL vertex and pixel shaders drawing through the whole pipeline (runtime,
 * DDI, agx_umd's rasteriser), the render targets and depth buffer read back after a
 * poisoning clear. agx_umd reports DXILSupported FALSE until every core shader model 6.0
 * operation lowers, so the device is the test driver module (tests/ext_driver: agx_umd
 * behind its quirk "dxil", DXILSupported TRUE); the containers are unsigned, which
 * D3D12 runs with D3D12ExperimentalShaderModels enabled. Also a DXIL dispatch through a
 * root UAV (a structured buffer's stride from dx.resources).
 */
#include "test_draw_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_compute_util.h"
#include "test_config_guard.h"
#include "test_dxil_file.h"
#include "test_run.h"

static struct test_config_guard config_guard;

/* Before each test (its own process): the test driver with DXIL, experimental models. */
static void dxil_device_setup(void)
{
    const char *path = getenv("D3D12RT_TEST_UMD");
    IID shader_models = D3D12ExperimentalShaderModels;
    char contents[600];

    ck_assert_msg(path && path[0] == '/', "D3D12RT_TEST_UMD does not name the test driver module");
    snprintf(contents, sizeof(contents), "[driver]\npath = %s\n", path);
    test_config_guard_begin(&config_guard, contents);
    ck_assert_int_eq(setenv("D3D12RT_TEST_UMD_QUIRK", "dxil", 1), 0);
    ck_assert_int_eq(D3D12EnableExperimentalFeatures(1, &shader_models, NULL, NULL), S_OK);
}

static void dxil_device_teardown(void)
{
    test_config_guard_end(&config_guard);
}

/* Creates the pipeline of desc with the DXIL test shaders vs and ps. */
static ID3D12PipelineState *dxil_pipeline(struct draw_test *t, D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc,
                                          const char *vs, const char *ps)
{
    ID3D12PipelineState *state;
    size_t vs_size, ps_size;
    void *vs_code = test_dxil_file_read(vs, &vs_size), *ps_code = test_dxil_file_read(ps, &ps_size);
    HRESULT hr;

    desc->VS.pShaderBytecode = vs_code;
    desc->VS.BytecodeLength = vs_size;
    desc->PS.pShaderBytecode = ps_code;
    desc->PS.BytecodeLength = ps_size;
    hr = ID3D12Device_CreateGraphicsPipelineState(t->ctx.device, desc, &IID_ID3D12PipelineState, (void **)&state);
    ck_assert_msg(hr == S_OK, "CreateGraphicsPipelineState(%s, %s): hr %#x", vs, ps, (unsigned int)hr);
    free(vs_code);
    free(ps_code);
    desc->VS.pShaderBytecode = desc->PS.pShaderBytecode = NULL;
    return state;
}

/* POSITION and COLOR of the full-viewport triangle (-1, 1), (3, 1), (-1, -3), COLOR an
 * affine function of the position: at pixel (x, y) of 8x8 it interpolates to
 * ((x + 0.5) / 8, (y + 0.5) / 8, 0.25, 1). */
static ID3D12Resource *fullscreen_vertices(struct draw_test *t, D3D12_VERTEX_BUFFER_VIEW *vbv)
{
    static const float vertices[3][8] =
    {
        {-1.0f, 1.0f, 0.5f, 1.0f, 0.0f, 0.0f, 0.25f, 1.0f},
        {3.0f, 1.0f, 0.5f, 1.0f, 2.0f, 0.0f, 0.25f, 1.0f},
        {-1.0f, -3.0f, 0.5f, 1.0f, 0.0f, 2.0f, 0.25f, 1.0f},
    };
    ID3D12Resource *vb = draw_upload(t, vertices, sizeof(vertices));

    *vbv = draw_vbv(vb, sizeof(vertices), sizeof(vertices[0]));
    return vb;
}

/* The DXIL pair: input layout, SV_Position in the pixel shader, an interpolated COLOR,
 * two render targets (float and uint) and SV_Depth tested LESS against a depth cleared
 * to 0.5, so only the left half (COLOR.x < 0.5) writes anything. */
START_TEST(test_draw_dxil_targets_depth)
{
    static const float poison_float[4] = {-1.0f, -1.0f, -1.0f, -1.0f}, poison_uint[4] = {12345.0f, 12345.0f,
            12345.0f, 12345.0f};
    float color[8 * 8 * 4], depth[8 * 8];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct test_subresource_layout layout;
    ID3D12Resource *rt0, *rt1, *ds, *vb;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv, dsv;
    D3D12_VERTEX_BUFFER_VIEW vbv;
    ID3D12PipelineState *pipeline;
    uint32_t ids[8 * 8 * 4];
    struct draw_test t;
    unsigned int i;

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    desc.InputLayout.pInputElementDescs = draw_color_layout;
    desc.InputLayout.NumElements = ARRAY_SIZE(draw_color_layout);
    desc.NumRenderTargets = 2;
    desc.RTVFormats[0] = DXGI_FORMAT_R32G32B32A32_FLOAT;
    desc.RTVFormats[1] = DXGI_FORMAT_R32G32B32A32_UINT;
    desc.DSVFormat = DXGI_FORMAT_D32_FLOAT;
    desc.DepthStencilState.DepthEnable = TRUE;
    desc.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    desc.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    pipeline = dxil_pipeline(&t, &desc, "vs_color.dxil", "ps_targets_depth.dxil");
    rt0 = draw_target(&t, DXGI_FORMAT_R32G32B32A32_FLOAT, 8, 8, 1, 1, 0);
    rt1 = draw_target(&t, DXGI_FORMAT_R32G32B32A32_UINT, 8, 8, 1, 1, 1);
    ds = draw_depth(&t, DXGI_FORMAT_D32_FLOAT, 8, 8);
    vb = fullscreen_vertices(&t, &vbv);
    rtv = draw_rtv(&t, 0);
    dsv = draw_dsv(&t);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, rtv, poison_float, 0, NULL);
    ID3D12GraphicsCommandList_ClearRenderTargetView(t.ctx.list, draw_rtv(&t, 1), poison_uint, 0, NULL);
    ID3D12GraphicsCommandList_ClearDepthStencilView(t.ctx.list, dsv, D3D12_CLEAR_FLAG_DEPTH, 0.5f, 0, 0, NULL);
    draw_setup(&t, pipeline, 8, 8, true);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.ctx.list, 2, &rtv, TRUE, &dsv);
    ID3D12GraphicsCommandList_IASetVertexBuffers(t.ctx.list, 0, 1, &vbv);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    draw_read(&t, rt0, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, color, &layout);
    draw_read(&t, rt1, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, ids, &layout);
    draw_read(&t, ds, 0, D3D12_RESOURCE_STATE_DEPTH_WRITE, depth, &layout);
    for (i = 0; i < 64; ++i)
    {
        unsigned int x = i % 8, y = i / 8;
        float u = (x + 0.5f) / 8.0f, v = (y + 0.5f) / 8.0f;

        if (x < 4)
        {
            ck_assert_msg(fabsf(color[i * 4] - u) < 1e-5f && fabsf(color[i * 4 + 1] - v) < 1e-5f
                          && color[i * 4 + 2] == 0.25f && color[i * 4 + 3] == 1.0f,
                          "pixel (%u,%u): %g %g %g %g", x, y, color[i * 4], color[i * 4 + 1], color[i * 4 + 2],
                          color[i * 4 + 3]);
            ck_assert_msg(ids[i * 4] == x && ids[i * 4 + 1] == y && ids[i * 4 + 2] == 7 && ids[i * 4 + 3] == 9,
                          "pixel (%u,%u): %u %u %u %u", x, y, ids[i * 4], ids[i * 4 + 1], ids[i * 4 + 2],
                          ids[i * 4 + 3]);
            ck_assert_msg(fabsf(depth[i] - u) < 1e-5f, "pixel (%u,%u): depth %g", x, y, depth[i]);
        }
        else
        {
            /* Failed the depth test: nothing written. */
            ck_assert_msg(color[i * 4] == -1.0f && color[i * 4 + 3] == -1.0f, "pixel (%u,%u): %g", x, y, color[i * 4]);
            ck_assert_msg(ids[i * 4] == 12345 && ids[i * 4 + 3] == 12345, "pixel (%u,%u): %u", x, y, ids[i * 4]);
            ck_assert_msg(depth[i] == 0.5f, "pixel (%u,%u): depth %g", x, y, depth[i]);
        }
    }
    ID3D12Resource_Release(vb);
    ID3D12Resource_Release(ds);
    ID3D12Resource_Release(rt1);
    ID3D12Resource_Release(rt0);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* The twin of test_draw_derivatives (ps_derivatives: DerivCoarseX/Y of COLOR). */
START_TEST(test_draw_dxil_derivatives)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    ID3D12PipelineState *pipeline;
    struct draw_test t;

    draw_test_init(&t);
    draw_pipeline_desc(&t, &desc);
    desc.InputLayout.pInputElementDescs = draw_color_layout;
    desc.InputLayout.NumElements = ARRAY_SIZE(draw_color_layout);
    desc.RTVFormats[0] = DXGI_FORMAT_R32G32B32A32_FLOAT;
    pipeline = dxil_pipeline(&t, &desc, "vs_color.dxil", "ps_derivatives.dxil");
    draw_check_derivatives(&t, pipeline);
    ID3D12PipelineState_Release(pipeline);
    draw_test_destroy(&t);
}
END_TEST

/* A root UAV has no stride (agx_bind_resolve.c): a structured one addresses its elements
 * by the shader's declared stride, here dx.resources' 8. Element i's .y is written, its
 * .x and everything past element 15 keep the poison. */
START_TEST(test_dispatch_dxil_root_structured)
{
    D3D12_COMPUTE_PIPELINE_STATE_DESC desc;
    D3D12_ROOT_PARAMETER1 parameter;
    ID3D12RootSignature *signature;
    uint32_t got[40], poison[40];
    ID3D12PipelineState *pipeline;
    struct test_context ctx;
    ID3D12Resource *buffer;
    unsigned int i;
    size_t size;
    HRESULT hr;

    test_context_init(&ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    parameter = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(ctx.device, &parameter, 1, NULL, 0);
    memset(&desc, 0, sizeof(desc));
    desc.pRootSignature = signature;
    desc.CS.pShaderBytecode = test_dxil_file_read("cs_structured_root.dxil", &size);
    desc.CS.BytecodeLength = size;
    hr = ID3D12Device_CreateComputePipelineState(ctx.device, &desc, &IID_ID3D12PipelineState, (void **)&pipeline);
    ck_assert_msg(hr == S_OK, "CreateComputePipelineState: hr %#x", (unsigned int)hr);
    free((void *)desc.CS.pShaderBytecode);
    buffer = uav_buffer(&ctx, sizeof(got));
    poison_buffer(&ctx, buffer, 5);
    read_buffer(&ctx, buffer, sizeof(poison), poison);
    ID3D12GraphicsCommandList_SetPipelineState(ctx.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ctx.list, signature);
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(ctx.list, 0,
            ID3D12Resource_GetGPUVirtualAddress(buffer));
    ID3D12GraphicsCommandList_Dispatch(ctx.list, 1, 1, 1);
    execute_and_wait(&ctx);
    read_buffer(&ctx, buffer, sizeof(got), got);
    for (i = 0; i < 40; ++i)
        ck_assert_msg(got[i] == (i < 32 && (i & 1) ? i / 2 * 3 + 1 : poison[i]), "dword %u: %#x", i, got[i]);
    ID3D12Resource_Release(buffer);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    test_context_destroy(&ctx);
}
END_TEST

static Suite *draw_dxil_suite(void)
{
    Suite *s = suite_create("draw_dxil");
    TCase *tc = tcase_create("dxil");

    tcase_add_checked_fixture(tc, dxil_device_setup, dxil_device_teardown);
    tcase_add_test(tc, test_draw_dxil_targets_depth);
    tcase_add_test(tc, test_draw_dxil_derivatives);
    tcase_add_test(tc, test_dispatch_dxil_root_structured);
    suite_add_tcase(s, tc);
    return s;
}

TEST_MAIN(draw_dxil_suite())
