/*
 * A depth-tested triangle: a green triangle at depth 0.25 drawn first, then a larger
 * red one at depth 0.75 behind it, into a 64x64 RGBA8 target with a D32 depth buffer;
 * the result is written to a PNG (argv[1], default triangle.png) and three pixels are
 * checked. Shaders: shaders/triangle_vs.asm, shaders/triangle_ps.asm.
 */
#include <string.h>

#include "example_util.h"
#include "example_shaders.h"

#define SIZE 64u

struct vertex
{
    float position[3];
    float colour[4];
};

int main(int argc, char **argv)
{
    static const struct vertex vertices[] =
    {
        /* Green, near, drawn first. */
        {{-0.5f, -0.5f, 0.25f}, {0, 1, 0, 1}}, {{0.0f, 0.5f, 0.25f}, {0, 1, 0, 1}}, {{0.5f, -0.5f, 0.25f}, {0, 1, 0, 1}},
        /* Red, far and larger: hidden wherever the green one is. */
        {{-0.9f, -0.9f, 0.75f}, {1, 0, 0, 1}}, {{0.0f, 0.9f, 0.75f}, {1, 0, 0, 1}}, {{0.9f, -0.9f, 0.75f}, {1, 0, 0, 1}},
    };
    static const D3D12_INPUT_ELEMENT_DESC elements[] =
    {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 12, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    };
    static const unsigned char green[4] = {0, 255, 0, 255}, red[4] = {255, 0, 0, 255}, blue[4] = {0, 0, 64, 255};
    static const float clear_colour[4] = {0.0f, 0.0f, 64.0f / 255.0f, 1.0f};
    D3D12_CLEAR_VALUE depth_clear;
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    D3D12_VIEWPORT viewport = {0, 0, SIZE, SIZE, 0, 1};
    D3D12_RECT scissor = {0, 0, SIZE, SIZE};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC pso;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv, dsv;
    D3D12_VERTEX_BUFFER_VIEW vbv;
    D3D12_ROOT_SIGNATURE_DESC rs_desc;
    ID3D12DescriptorHeap *rtv_heap, *dsv_heap;
    ID3D12Resource *target, *depth, *vb;
    ID3D12RootSignature *root_signature;
    ID3D12PipelineState *pipeline;
    static unsigned char rgba[SIZE * SIZE * 4];
    ID3D12Device *device;
    struct example ex;
    void *mapped;
    int bad;

    EXAMPLE_CHECK(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device));
    EXAMPLE_CHECK(example_init(&ex, device));

    EXAMPLE_CHECK(example_texture(device, SIZE, SIZE, DXGI_FORMAT_R8G8B8A8_UNORM,
            D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, D3D12_RESOURCE_STATE_RENDER_TARGET, NULL, &target));
    memset(&depth_clear, 0, sizeof(depth_clear));
    depth_clear.Format = DXGI_FORMAT_D32_FLOAT;
    depth_clear.DepthStencil.Depth = 1.0f;
    EXAMPLE_CHECK(example_texture(device, SIZE, SIZE, DXGI_FORMAT_D32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
            D3D12_RESOURCE_STATE_DEPTH_WRITE, &depth_clear, &depth));
    EXAMPLE_CHECK(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap, (void **)&rtv_heap));
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_DSV;
    EXAMPLE_CHECK(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap, (void **)&dsv_heap));
    rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(rtv_heap);
    dsv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(dsv_heap);
    ID3D12Device_CreateRenderTargetView(device, target, NULL, rtv);
    ID3D12Device_CreateDepthStencilView(device, depth, NULL, dsv);

    EXAMPLE_CHECK(example_buffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof(vertices), D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_GENERIC_READ, &vb));
    EXAMPLE_CHECK(ID3D12Resource_Map(vb, 0, NULL, &mapped));
    memcpy(mapped, vertices, sizeof(vertices));
    ID3D12Resource_Unmap(vb, 0, NULL);
    vbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(vb);
    vbv.SizeInBytes = sizeof(vertices);
    vbv.StrideInBytes = sizeof(vertices[0]);

    memset(&rs_desc, 0, sizeof(rs_desc));
    rs_desc.Flags = D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT;
    EXAMPLE_CHECK(example_root_signature(device, &rs_desc, &root_signature));

    example_graphics_desc(&pso, root_signature, example_shader_triangle_vs, EXAMPLE_SHADER_TRIANGLE_VS_SIZE,
            example_shader_triangle_ps, EXAMPLE_SHADER_TRIANGLE_PS_SIZE, elements, 2);
    pso.DepthStencilState.DepthEnable = TRUE;
    pso.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    pso.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    pso.DSVFormat = DXGI_FORMAT_D32_FLOAT;
    EXAMPLE_CHECK(ID3D12Device_CreateGraphicsPipelineState(device, &pso, &IID_ID3D12PipelineState,
            (void **)&pipeline));

    ID3D12GraphicsCommandList_ClearRenderTargetView(ex.list, rtv, clear_colour, 0, NULL);
    ID3D12GraphicsCommandList_ClearDepthStencilView(ex.list, dsv, D3D12_CLEAR_FLAG_DEPTH, 1.0f, 0, 0, NULL);
    ID3D12GraphicsCommandList_OMSetRenderTargets(ex.list, 1, &rtv, FALSE, &dsv);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(ex.list, root_signature);
    ID3D12GraphicsCommandList_SetPipelineState(ex.list, pipeline);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(ex.list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D12GraphicsCommandList_IASetVertexBuffers(ex.list, 0, 1, &vbv);
    ID3D12GraphicsCommandList_RSSetViewports(ex.list, 1, &viewport);
    ID3D12GraphicsCommandList_RSSetScissorRects(ex.list, 1, &scissor);
    ID3D12GraphicsCommandList_DrawInstanced(ex.list, 6, 1, 0, 0);
    example_transition(ex.list, target, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
    EXAMPLE_CHECK(example_read_texture(&ex, target, SIZE, SIZE, rgba));

    bad = example_write_png(argc > 1 ? argv[1] : "triangle.png", SIZE, SIZE, rgba);
    /* The centre is in both triangles: the near green one wins the depth test. */
    bad |= example_check_pixel("triangle", rgba, SIZE, SIZE / 2, SIZE / 2, green);
    /* Near the bottom corners only the red one covers. */
    bad |= example_check_pixel("triangle", rgba, SIZE, 8, SIZE - 6, red);
    bad |= example_check_pixel("triangle", rgba, SIZE, 1, 1, blue);
    printf("triangle: %s written, depth test %s\n", argc > 1 ? argv[1] : "triangle.png", bad ? "FAILED" : "ok");

    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(root_signature);
    ID3D12Resource_Release(vb);
    ID3D12DescriptorHeap_Release(dsv_heap);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(depth);
    ID3D12Resource_Release(target);
    example_destroy(&ex);
    return bad;
}
