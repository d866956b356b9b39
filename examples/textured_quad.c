/*
 * A textured quad with a sampler: a 2x2 texture (red, green / blue, yellow) sampled with
 * a static point sampler that wraps, over a full-target quad with texture coordinates
 * 0..2, so the 64x64 target shows the texture twice in each direction (16-pixel
 * squares). Written to a PNG (argv[1], default textured_quad.png); four pixels are
 * checked. Shaders: shaders/quad_vs.asm, shaders/quad_ps.asm.
 */
#include <string.h>

#include "example_util.h"
#include "example_shaders.h"

#define SIZE 64u

/* Uploads the 2x2 texels into texture (COPY_DEST); the upload buffer is returned to be
 * released once the copy has run. */
static HRESULT upload_texels(struct example *ex, ID3D12Resource *texture, ID3D12Resource **upload)
{
    static const unsigned char texels[2][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}};
    static const unsigned char texels_row1[2][4] = {{0, 0, 255, 255}, {255, 255, 0, 255}};
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    unsigned char *data;
    HRESULT hr;

    if (FAILED(hr = example_buffer(ex->device, D3D12_HEAP_TYPE_UPLOAD, 2 * D3D12_TEXTURE_DATA_PITCH_ALIGNMENT,
            D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_GENERIC_READ, upload)))
        return hr;
    if (FAILED(hr = ID3D12Resource_Map(*upload, 0, NULL, (void **)&data)))
        return hr;
    memcpy(data, texels, sizeof(texels));
    memcpy(data + D3D12_TEXTURE_DATA_PITCH_ALIGNMENT, texels_row1, sizeof(texels_row1));
    ID3D12Resource_Unmap(*upload, 0, NULL);

    memset(&src, 0, sizeof(src));
    src.pResource = *upload;
    src.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    src.PlacedFootprint.Footprint.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    src.PlacedFootprint.Footprint.Width = 2;
    src.PlacedFootprint.Footprint.Height = 2;
    src.PlacedFootprint.Footprint.Depth = 1;
    src.PlacedFootprint.Footprint.RowPitch = D3D12_TEXTURE_DATA_PITCH_ALIGNMENT;
    dst.pResource = texture;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    dst.SubresourceIndex = 0;
    ID3D12GraphicsCommandList_CopyTextureRegion(ex->list, &dst, 0, 0, 0, &src, NULL);
    return S_OK;
}

static HRESULT create_root_signature(ID3D12Device *device, ID3D12RootSignature **root_signature)
{
    D3D12_DESCRIPTOR_RANGE range = {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0};
    D3D12_STATIC_SAMPLER_DESC sampler;
    D3D12_ROOT_PARAMETER parameter;
    D3D12_ROOT_SIGNATURE_DESC desc;

    memset(&parameter, 0, sizeof(parameter));
    parameter.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    parameter.DescriptorTable.NumDescriptorRanges = 1;
    parameter.DescriptorTable.pDescriptorRanges = &range;
    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
    memset(&sampler, 0, sizeof(sampler));
    sampler.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
    sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D12_TEXTURE_ADDRESS_MODE_WRAP;
    sampler.MaxLOD = D3D12_FLOAT32_MAX;
    sampler.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
    memset(&desc, 0, sizeof(desc));
    desc.NumParameters = 1;
    desc.pParameters = &parameter;
    desc.NumStaticSamplers = 1;
    desc.pStaticSamplers = &sampler;
    desc.Flags = D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT;
    return example_root_signature(device, &desc, root_signature);
}

int main(int argc, char **argv)
{
    /* x, y, u, v: a strip over the whole target. */
    static const float vertices[4][4] = {{-1, 1, 0, 0}, {1, 1, 2, 0}, {-1, -1, 0, 2}, {1, -1, 2, 2}};
    static const D3D12_INPUT_ELEMENT_DESC elements[] =
    {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 8, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    };
    static const unsigned char red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255};
    static const unsigned char blue[4] = {0, 0, 255, 255}, yellow[4] = {255, 255, 0, 255};
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    D3D12_VIEWPORT viewport = {0, 0, SIZE, SIZE, 0, 1};
    D3D12_RECT scissor = {0, 0, SIZE, SIZE};
    ID3D12Resource *target, *texture, *upload, *vb;
    D3D12_GRAPHICS_PIPELINE_STATE_DESC pso;
    ID3D12DescriptorHeap *rtv_heap, *srv_heap;
    ID3D12RootSignature *root_signature;
    static unsigned char rgba[SIZE * SIZE * 4];
    ID3D12PipelineState *pipeline;
    D3D12_VERTEX_BUFFER_VIEW vbv;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    ID3D12Device *device;
    struct example ex;
    void *mapped;
    int bad;

    EXAMPLE_CHECK(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device));
    EXAMPLE_CHECK(example_init(&ex, device));

    EXAMPLE_CHECK(example_texture(device, SIZE, SIZE, DXGI_FORMAT_R8G8B8A8_UNORM,
            D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, D3D12_RESOURCE_STATE_RENDER_TARGET, NULL, &target));
    EXAMPLE_CHECK(example_texture(device, 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_COPY_DEST, NULL, &texture));
    EXAMPLE_CHECK(upload_texels(&ex, texture, &upload));
    example_transition(ex.list, texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);

    EXAMPLE_CHECK(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap, (void **)&rtv_heap));
    rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(rtv_heap);
    ID3D12Device_CreateRenderTargetView(device, target, NULL, rtv);
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    heap_desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    EXAMPLE_CHECK(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap, (void **)&srv_heap));
    ID3D12Device_CreateShaderResourceView(device, texture, NULL,
            ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(srv_heap));

    EXAMPLE_CHECK(example_buffer(device, D3D12_HEAP_TYPE_UPLOAD, sizeof(vertices), D3D12_RESOURCE_FLAG_NONE,
            D3D12_RESOURCE_STATE_GENERIC_READ, &vb));
    EXAMPLE_CHECK(ID3D12Resource_Map(vb, 0, NULL, &mapped));
    memcpy(mapped, vertices, sizeof(vertices));
    ID3D12Resource_Unmap(vb, 0, NULL);
    vbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(vb);
    vbv.SizeInBytes = sizeof(vertices);
    vbv.StrideInBytes = sizeof(vertices[0]);

    EXAMPLE_CHECK(create_root_signature(device, &root_signature));
    example_graphics_desc(&pso, root_signature, example_shader_quad_vs, EXAMPLE_SHADER_QUAD_VS_SIZE,
            example_shader_quad_ps, EXAMPLE_SHADER_QUAD_PS_SIZE, elements, 2);
    EXAMPLE_CHECK(ID3D12Device_CreateGraphicsPipelineState(device, &pso, &IID_ID3D12PipelineState,
            (void **)&pipeline));

    ID3D12GraphicsCommandList_OMSetRenderTargets(ex.list, 1, &rtv, FALSE, NULL);
    ID3D12GraphicsCommandList_SetDescriptorHeaps(ex.list, 1, &srv_heap);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(ex.list, root_signature);
    ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(ex.list, 0,
            ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(srv_heap));
    ID3D12GraphicsCommandList_SetPipelineState(ex.list, pipeline);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(ex.list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D12GraphicsCommandList_IASetVertexBuffers(ex.list, 0, 1, &vbv);
    ID3D12GraphicsCommandList_RSSetViewports(ex.list, 1, &viewport);
    ID3D12GraphicsCommandList_RSSetScissorRects(ex.list, 1, &scissor);
    ID3D12GraphicsCommandList_DrawInstanced(ex.list, 4, 1, 0, 0);
    example_transition(ex.list, target, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
    EXAMPLE_CHECK(example_read_texture(&ex, target, SIZE, SIZE, rgba));

    bad = example_write_png(argc > 1 ? argv[1] : "textured_quad.png", SIZE, SIZE, rgba);
    bad |= example_check_pixel("textured_quad", rgba, SIZE, 8, 8, red);
    bad |= example_check_pixel("textured_quad", rgba, SIZE, 24, 8, green);
    bad |= example_check_pixel("textured_quad", rgba, SIZE, 8, 24, blue);
    bad |= example_check_pixel("textured_quad", rgba, SIZE, 56, 56, yellow);    /* the second repetition, wrapped */
    printf("textured_quad: %s written, sampling %s\n", argc > 1 ? argv[1] : "textured_quad.png",
            bad ? "FAILED" : "ok");

    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(root_signature);
    ID3D12Resource_Release(vb);
    ID3D12DescriptorHeap_Release(srv_heap);
    ID3D12DescriptorHeap_Release(rtv_heap);
    ID3D12Resource_Release(upload);
    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(target);
    example_destroy(&ex);
    return bad;
}
