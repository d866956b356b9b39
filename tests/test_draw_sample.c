/*
 * Texture sampling in pixel shaders, end to end (issue 5): a full-viewport triangle
 * whose pixel shader samples a mipmapped texture through a descriptor table and a
 * static sampler. The implicit level of detail comes from the quad's derivatives: a
 * 4x4 target over an 8x8 texture moves two texels per pixel, so level 1 is chosen, and
 * at pixel centres bilinear filtering lands on that level's texel centres. The
 * expectations are the texels written here; level 0 holds another value, so a wrong
 * level shows.
 */
#include "test_draw_util.h"

#include <stdlib.h>
#include <string.h>

#define TARGET 4u
#define TEXTURE 8u

static const char vs_fullscreen_plain[] =
    "vs_5_0\n"
    ".input SV_VertexID 0 v0.x uint vertex_id\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    "dcl_input_sgv v0.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_temps 1\n"
    "ieq r0.xy, v0.xxxx, l(1, 2, 0, 0)\n"
    "movc o0.x, r0.x, l(3.0), l(-1.0)\n"
    "movc o0.y, r0.y, l(-3.0), l(1.0)\n"
    "mov o0.zw, l(0, 0, 0, 1.0)\n"
    "ret\n";

/* uv = SV_Position.xy / 4; the sampled colour out. */
static const char ps_sample[] =
    "ps_5_0\n"
    ".input SV_Position 0 v0.xyzw float position\n"
    ".output SV_Target 0 o0.xyzw float\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "mul r0.xy, v0.xyxx, l(0.25, 0.25, 0, 0)\n"
    "sample r0.xyzw, r0.xyxx, t0.xyzw, s0\n"
    "mov o0.xyzw, r0.xyzw\n"
    "ret\n";

/* Level 1's texel (x, y). */
static void level1_texel(UINT x, UINT y, UINT8 out[4])
{
    out[0] = (UINT8)(40 * x + 10);
    out[1] = (UINT8)(50 * y + 20);
    out[2] = 200;
    out[3] = 255;
}

/* Parameter 0: a table of one SRV (t0) for the pixel shader; s0: a static linear
 * sampler clamping to the edge. */
static ID3D12RootSignature *sample_root_signature(ID3D12Device *device)
{
    D3D12_DESCRIPTOR_RANGE1 range = {0};
    D3D12_ROOT_PARAMETER1 parameter = {0};
    D3D12_STATIC_SAMPLER_DESC sampler = {0};
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = {0};
    ID3DBlob *blob, *errors = NULL;
    ID3D12RootSignature *signature;

    range.RangeType = D3D12_DESCRIPTOR_RANGE_TYPE_SRV;
    range.NumDescriptors = 1;
    parameter.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    parameter.DescriptorTable.NumDescriptorRanges = 1;
    parameter.DescriptorTable.pDescriptorRanges = &range;
    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
    sampler.Filter = D3D12_FILTER_MIN_MAG_MIP_LINEAR;
    sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    sampler.MaxLOD = D3D12_FLOAT32_MAX;
    sampler.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = 1;
    desc.Desc_1_1.pParameters = &parameter;
    desc.Desc_1_1.NumStaticSamplers = 1;
    desc.Desc_1_1.pStaticSamplers = &sampler;
    ck_assert_int_eq(D3D12SerializeVersionedRootSignature(&desc, &blob, &errors), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
                     ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&signature), S_OK);
    ID3D10Blob_Release(blob);
    return signature;
}

START_TEST(test_draw_sample_mip_from_derivatives)
{
    D3D12_VIEWPORT viewport = {0.0f, 0.0f, TARGET, TARGET, 0.0f, 1.0f};
    D3D12_RECT scissor = {0, 0, TARGET, TARGET};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {0};
    D3D12_RESOURCE_DESC texture_desc;
    struct test_subresource_layout layout;
    UINT8 level0[TEXTURE * TEXTURE * 4], level1[TARGET * TARGET * 4], want[4], *got;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12Resource *texture, *rt;
    ID3D12DescriptorHeap *srv_heap;
    struct draw_test t;
    UINT x, y;

    draw_test_init(&t);
    signature = sample_root_signature(t.ctx.device);
    texture_desc = test_texture_2d_desc(DXGI_FORMAT_R8G8B8A8_UNORM, TEXTURE, TEXTURE, 1, 2, 1,
                                        D3D12_RESOURCE_FLAG_NONE);
    texture = create_texture(t.ctx.device, &texture_desc, D3D12_RESOURCE_STATE_COMMON);
    memset(level0, 0x10, sizeof(level0));
    for (y = 0; y < TARGET; ++y)
        for (x = 0; x < TARGET; ++x)
            level1_texel(x, y, &level1[(y * TARGET + x) * 4]);
    upload_texture_data(&t.ctx, texture, 0, level0);
    upload_texture_data(&t.ctx, texture, 1, level1);
    transition_resource(&t.ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                        D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);

    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    heap_desc.NumDescriptors = 1;
    heap_desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t.ctx.device, &heap_desc, &IID_ID3D12DescriptorHeap,
                                                       (void **)&srv_heap), S_OK);
    ID3D12Device_CreateShaderResourceView(t.ctx.device, texture, NULL,
                                          ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(srv_heap));

    rt = draw_target(&t, DXGI_FORMAT_R8G8B8A8_UNORM, TARGET, TARGET, 1, 1, 0);
    draw_pipeline_desc(&t, &desc);
    desc.pRootSignature = signature;
    pipeline = draw_pipeline(&t, &desc, vs_fullscreen_plain, ps_sample);

    rtv = draw_rtv(&t, 0);
    ID3D12GraphicsCommandList_SetDescriptorHeaps(t.ctx.list, 1, &srv_heap);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(t.ctx.list, signature);
    ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(t.ctx.list, 0,
            ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(srv_heap));
    ID3D12GraphicsCommandList_SetPipelineState(t.ctx.list, pipeline);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(t.ctx.list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D12GraphicsCommandList_RSSetViewports(t.ctx.list, 1, &viewport);
    ID3D12GraphicsCommandList_RSSetScissorRects(t.ctx.list, 1, &scissor);
    ID3D12GraphicsCommandList_OMSetRenderTargets(t.ctx.list, 1, &rtv, FALSE, NULL);
    ID3D12GraphicsCommandList_DrawInstanced(t.ctx.list, 3, 1, 0, 0);
    execute_and_wait(&t.ctx);

    got = xmalloc(TARGET * TARGET * 4 * 4);
    draw_read(&t, rt, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, got, &layout);
    for (y = 0; y < TARGET; ++y)
    {
        for (x = 0; x < TARGET; ++x)
        {
            level1_texel(x, y, want);
            ck_assert_msg(!memcmp(got + y * layout.row_size + x * 4, want, 4),
                          "pixel (%u, %u): %02x%02x%02x%02x, expected level 1's %02x%02x%02x%02x", x, y,
                          got[y * layout.row_size + x * 4], got[y * layout.row_size + x * 4 + 1],
                          got[y * layout.row_size + x * 4 + 2], got[y * layout.row_size + x * 4 + 3], want[0],
                          want[1], want[2], want[3]);
        }
    }
    free(got);
    ID3D12PipelineState_Release(pipeline);
    ID3D12Resource_Release(rt);
    ID3D12DescriptorHeap_Release(srv_heap);
    ID3D12Resource_Release(texture);
    ID3D12RootSignature_Release(signature);
    draw_test_destroy(&t);
}
END_TEST

Suite *draw_sample_suite(void)
{
    Suite *suite = suite_create("draw_sample");
    TCase *tc = tcase_create("sample");

    tcase_add_test(tc, test_draw_sample_mip_from_derivatives);
    suite_add_tcase(suite, tc);
    return suite;
}
