/* Helpers of the draw tests (test_draw_util.h). */
#include "test_draw_util.h"
#include "dxbc_asm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A triangle covering the viewport from SV_VertexID; depth from cb0[0].x. */
const char draw_vs_fullscreen[] =
    "vs_5_0\n"
    ".input SV_VertexID 0 v0.x uint vertex_id\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "dcl_input_sgv v0.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_temps 1\n"
    "ieq r0.xy, v0.xxxx, l(1, 2, 0, 0)\n"
    "movc o0.x, r0.x, l(3.0), l(-1.0)\n"
    "movc o0.y, r0.y, l(-3.0), l(1.0)\n"
    "mov o0.z, cb0[0].x\n"
    "mov o0.w, l(1.0)\n"
    "ret\n";

const char draw_ps_float[] = DRAW_PS_CONSTANT("float");

const char draw_vs_id[] =
    "vs_5_0\n"
    ".input SV_VertexID 0 v0.x uint vertex_id\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    ".output ID 0 o1.x uint\n"
    "dcl_input_sgv v0.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.x\n"
    "mov o0.xyzw, l(0, 0, 0.5, 1.0)\n"
    "mov o1.x, v0.x\n"
    "ret\n";

const char draw_ps_uint_color[] =
    "ps_5_0\n"
    ".input SV_Position 0 v0.xyzw float position\n"
    ".input COLOR 0 v1.x uint\n"
    ".output SV_Target 0 o0.x uint\n"
    "dcl_input_ps constant v1.x\n"
    "dcl_output o0.x\n"
    "mov o0.x, v1.x\n"
    "ret\n";

void *draw_assemble_(unsigned int line, const char *source, size_t *size)
{
    char error[256];
    void *code;

    ck_assert_msg(!dxbc_asm_assemble(source, &code, size, error, sizeof(error)), "line %u: %s", line, error);
    return code;
}

static ID3D12DescriptorHeap *draw_heap(ID3D12Device *device, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {type, count, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    ID3D12DescriptorHeap *heap;

    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
                     S_OK);
    return heap;
}

void draw_test_init(struct draw_test *t)
{
    memset(t, 0, sizeof(*t));
    test_context_init(&t->ctx, D3D12_COMMAND_LIST_TYPE_DIRECT);
    draw_test_attach(t);
}

void draw_test_attach(struct draw_test *t)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    D3D12_ROOT_PARAMETER1 parameter;
    ID3DBlob *blob, *errors = NULL;

    memset(&parameter, 0, sizeof(parameter));
    parameter.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    parameter.Constants.Num32BitValues = 16;
    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = 1;
    desc.Desc_1_1.pParameters = &parameter;
    desc.Desc_1_1.Flags = D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT;
    ck_assert_int_eq(D3D12SerializeVersionedRootSignature(&desc, &blob, &errors), S_OK);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(t->ctx.device, 0, ID3D10Blob_GetBufferPointer(blob),
                     ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&t->root_signature), S_OK);
    ID3D10Blob_Release(blob);
    t->rtv_heap = draw_heap(t->ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 8);
    t->dsv_heap = draw_heap(t->ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1);
    t->rtv_size = ID3D12Device_GetDescriptorHandleIncrementSize(t->ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    t->dsv_size = ID3D12Device_GetDescriptorHandleIncrementSize(t->ctx.device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
}

void draw_test_destroy(struct draw_test *t)
{
    draw_test_detach(t);
    test_context_destroy(&t->ctx);
}

void draw_test_detach(struct draw_test *t)
{
    ID3D12DescriptorHeap_Release(t->rtv_heap);
    ID3D12DescriptorHeap_Release(t->dsv_heap);
    ID3D12RootSignature_Release(t->root_signature);
}

void draw_pipeline_desc(const struct draw_test *t, D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc)
{
    unsigned int i;

    memset(desc, 0, sizeof(*desc));
    desc->pRootSignature = t->root_signature;
    for (i = 0; i < 8; ++i)
    {
        desc->BlendState.RenderTarget[i].SrcBlend = D3D12_BLEND_ONE;
        desc->BlendState.RenderTarget[i].DestBlend = D3D12_BLEND_ZERO;
        desc->BlendState.RenderTarget[i].BlendOp = D3D12_BLEND_OP_ADD;
        desc->BlendState.RenderTarget[i].SrcBlendAlpha = D3D12_BLEND_ONE;
        desc->BlendState.RenderTarget[i].DestBlendAlpha = D3D12_BLEND_ZERO;
        desc->BlendState.RenderTarget[i].BlendOpAlpha = D3D12_BLEND_OP_ADD;
        desc->BlendState.RenderTarget[i].LogicOp = D3D12_LOGIC_OP_NOOP;
        desc->BlendState.RenderTarget[i].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    }
    desc->SampleMask = ~0u;
    desc->RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    desc->RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
    desc->RasterizerState.DepthClipEnable = TRUE;
    desc->DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    desc->DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    desc->DepthStencilState.StencilReadMask = 0xff;
    desc->DepthStencilState.StencilWriteMask = 0xff;
    desc->DepthStencilState.FrontFace.StencilFailOp = D3D12_STENCIL_OP_KEEP;
    desc->DepthStencilState.FrontFace.StencilDepthFailOp = D3D12_STENCIL_OP_KEEP;
    desc->DepthStencilState.FrontFace.StencilPassOp = D3D12_STENCIL_OP_KEEP;
    desc->DepthStencilState.FrontFace.StencilFunc = D3D12_COMPARISON_FUNC_ALWAYS;
    desc->DepthStencilState.BackFace = desc->DepthStencilState.FrontFace;
    desc->PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    desc->NumRenderTargets = 1;
    desc->RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc->SampleDesc.Count = 1;
}

ID3D12PipelineState *draw_pipeline_(unsigned int line, struct draw_test *t, D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc,
                                    const char *vs, const char *ps)
{
    ID3D12PipelineState *state;
    void *vs_code, *ps_code = NULL;
    size_t vs_size, ps_size = 0;
    HRESULT hr;

    vs_code = draw_assemble_(line, vs, &vs_size);
    if (ps)
        ps_code = draw_assemble_(line, ps, &ps_size);
    desc->VS.pShaderBytecode = vs_code;
    desc->VS.BytecodeLength = vs_size;
    desc->PS.pShaderBytecode = ps_code;
    desc->PS.BytecodeLength = ps_size;
    hr = ID3D12Device_CreateGraphicsPipelineState(t->ctx.device, desc, &IID_ID3D12PipelineState, (void **)&state);
    ck_assert_msg(hr == S_OK, "line %u: CreateGraphicsPipelineState returned %#x", line, (unsigned int)hr);
    free(vs_code);
    free(ps_code);
    desc->VS.pShaderBytecode = desc->PS.pShaderBytecode = NULL;
    return state;
}

D3D12_CPU_DESCRIPTOR_HANDLE draw_rtv(const struct draw_test *t, UINT slot)
{
    D3D12_CPU_DESCRIPTOR_HANDLE handle = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(t->rtv_heap);

    handle.ptr += (SIZE_T)slot * t->rtv_size;
    return handle;
}

D3D12_CPU_DESCRIPTOR_HANDLE draw_dsv(const struct draw_test *t)
{
    return ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(t->dsv_heap);
}

ID3D12Resource *draw_target_(unsigned int line, struct draw_test *t, DXGI_FORMAT format, UINT width, UINT height,
                             UINT array_size, UINT samples, UINT slot)
{
    D3D12_RENDER_TARGET_VIEW_DESC view;
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *texture;

    desc = test_texture_2d_desc(format, width, height, array_size, 1, samples, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    texture = create_texture_(line, t->ctx.device, &desc, D3D12_RESOURCE_STATE_RENDER_TARGET);
    memset(&view, 0, sizeof(view));
    view.Format = format;
    if (samples > 1)
    {
        view.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY;
        view.Texture2DMSArray.ArraySize = array_size;
    }
    else
    {
        view.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DARRAY;
        view.Texture2DArray.ArraySize = array_size;
    }
    ID3D12Device_CreateRenderTargetView(t->ctx.device, texture, &view, draw_rtv(t, slot));
    return texture;
}

ID3D12Resource *draw_depth_(unsigned int line, struct draw_test *t, DXGI_FORMAT format, UINT width, UINT height)
{
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *texture;

    desc = test_texture_2d_desc(format, width, height, 1, 1, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    texture = create_texture_(line, t->ctx.device, &desc, D3D12_RESOURCE_STATE_DEPTH_WRITE);
    ID3D12Device_CreateDepthStencilView(t->ctx.device, texture, NULL, draw_dsv(t));
    return texture;
}

void draw_constants(struct draw_test *t, const void *vs, const void *ps)
{
    if (vs)
        ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(t->ctx.list, 0, 4, vs, 0);
    if (ps)
        ID3D12GraphicsCommandList_SetGraphicsRoot32BitConstants(t->ctx.list, 0, 4, ps, 4);
}

void draw_setup(struct draw_test *t, ID3D12PipelineState *pipeline, UINT width, UINT height, bool with_dsv)
{
    D3D12_VIEWPORT viewport = {0.0f, 0.0f, (float)width, (float)height, 0.0f, 1.0f};
    D3D12_RECT scissor = {0, 0, (LONG)width, (LONG)height};
    D3D12_CPU_DESCRIPTOR_HANDLE rtv = draw_rtv(t, 0), dsv = draw_dsv(t);
    ID3D12GraphicsCommandList *list = t->ctx.list;

    ID3D12GraphicsCommandList_SetGraphicsRootSignature(list, t->root_signature);
    ID3D12GraphicsCommandList_SetPipelineState(list, pipeline);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D12GraphicsCommandList_RSSetViewports(list, 1, &viewport);
    ID3D12GraphicsCommandList_RSSetScissorRects(list, 1, &scissor);
    ID3D12GraphicsCommandList_OMSetRenderTargets(list, 1, &rtv, FALSE, with_dsv ? &dsv : NULL);
}

D3D12_VERTEX_BUFFER_VIEW draw_vbv(ID3D12Resource *buffer, UINT size, UINT stride)
{
    D3D12_VERTEX_BUFFER_VIEW view;

    view.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(buffer);
    view.SizeInBytes = size;
    view.StrideInBytes = stride;
    return view;
}

ID3D12Resource *draw_upload_(unsigned int line, struct draw_test *t, const void *data, size_t size)
{
    ID3D12Resource *buffer = create_buffer_(line, t->ctx.device, D3D12_HEAP_TYPE_UPLOAD, size,
                                            D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_GENERIC_READ);
    D3D12_RANGE range = {0, 0};
    void *ptr;

    ck_assert_int_eq(ID3D12Resource_Map(buffer, 0, &range, &ptr), S_OK);
    memcpy(ptr, data, size);
    ID3D12Resource_Unmap(buffer, 0, NULL);
    return buffer;
}

void draw_read_(unsigned int line, struct draw_test *t, ID3D12Resource *texture, UINT sub,
                D3D12_RESOURCE_STATES state, void *out, struct test_subresource_layout *layout)
{
    get_subresource_layout_(line, t->ctx.device, texture, sub, layout);
    transition_resource(&t->ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, state,
                        D3D12_RESOURCE_STATE_COPY_SOURCE);
    read_texture_subresource_(line, &t->ctx, texture, sub, out);
    transition_resource(&t->ctx, texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
                        D3D12_RESOURCE_STATE_COPY_SOURCE, state);
}

void draw_check_derivatives(struct draw_test *t, ID3D12PipelineState *pipeline)
{
    static const float screen[3][2] = {{1.0f, 1.0f}, {15.0f, 3.0f}, {4.0f, 14.0f}};
    static const float background[4] = {-1.0f, -1.0f, -1.0f, -1.0f};
    float vertices[3][8], data[16 * 16 * 4];
    struct test_subresource_layout layout;
    D3D12_VERTEX_BUFFER_VIEW vbv;
    ID3D12Resource *target, *vb;
    unsigned int i, drawn = 0;

    for (i = 0; i < 3; ++i)
    {
        vertices[i][0] = screen[i][0] / 8.0f - 1.0f;
        vertices[i][1] = 1.0f - screen[i][1] / 8.0f;
        vertices[i][2] = 0.5f;
        vertices[i][3] = 1.0f;
        vertices[i][4] = screen[i][0] / 16.0f;
        vertices[i][5] = screen[i][1] / 8.0f;
        vertices[i][6] = 0.0f;
        vertices[i][7] = 1.0f;
    }
    target = draw_target(t, DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 16, 1, 1, 0);
    vb = draw_upload(t, vertices, sizeof(vertices));
    vbv = draw_vbv(vb, sizeof(vertices), sizeof(vertices[0]));
    ID3D12GraphicsCommandList_ClearRenderTargetView(t->ctx.list, draw_rtv(t, 0), background, 0, NULL);
    draw_setup(t, pipeline, 16, 16, false);
    ID3D12GraphicsCommandList_IASetVertexBuffers(t->ctx.list, 0, 1, &vbv);
    ID3D12GraphicsCommandList_DrawInstanced(t->ctx.list, 3, 1, 0, 0);
    draw_read(t, target, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, data, &layout);
    for (i = 0; i < 256; ++i)
    {
        if (data[i * 4 + 3] != 1.0f)
        {
            ck_assert_msg(data[i * 4 + 3] == -1.0f, "pixel (%u,%u): alpha %g", i % 16, i / 16, data[i * 4 + 3]);
            continue;
        }
        ++drawn;
        ck_assert_msg(fabsf(data[i * 4] - 0.0625f) < 1e-5f && fabsf(data[i * 4 + 1] - 0.125f) < 1e-5f,
                      "pixel (%u,%u): ddx %.7f ddy %.7f", i % 16, i / 16, data[i * 4], data[i * 4 + 1]);
    }
    ck_assert_uint_gt(drawn, 60);
    ID3D12Resource_Release(vb);
    ID3D12Resource_Release(target);
}

const D3D12_INPUT_ELEMENT_DESC draw_color_layout[2] =
{
    {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
};
