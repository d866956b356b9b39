/*
 * Tiled-resource feedback through the D3D12 API (tiled resources tier 2): compute
 * shaders read reserved resources with only some tiles mapped, through ld_raw_s,
 * ld_structured_s, ld_s, sample_l_s and gather4_s, and write both the values and
 * check_access_fully_mapped of each status; the buffer is read back. Unmapped and
 * NULL-mapped tiles read zero and report "not fully mapped"; a bilinear footprint that
 * reaches across into an unmapped tile does too.
 */
#include "test_compute_util.h"
#include "test_tiled_util.h"
#include "test_run.h"

#include <stdlib.h>

/* Thread i reads the raw word at byte i * 32 KiB and the structured element at the
 * same place: out[4i..4i+3] = value, mapped?, value, mapped?. */
static const char buffer_cs[] =
    "cs_5_0\n"
    "dcl_resource_raw t0\n"
    "dcl_resource_structured t1, 4\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 3\n"
    "dcl_thread_group 4, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(15)\n"
    "ushr r0.y, r0.x, l(2)\n"
    "ld_raw_s r1.x, r2.x, r0.x, t0.xxxx\n"
    "check_access_fully_mapped r1.y, r2.x\n"
    "ld_structured_s r1.z, r2.z, r0.y, l(0), t1.xxxx\n"
    "check_access_fully_mapped r1.w, r2.z\n"
    "ishl r0.z, vThreadID.x, l(4)\n"
    "store_raw u0.xyzw, r0.z, r1.xyzw\n"
    "ret\n";

START_TEST(test_buffer_feedback)
{
    /* Tile 0 mapped (bytes 0 and 32 KiB), tile 1 never mapped (64 and 96 KiB). */
    static const uint32_t words[2] = {0x1111u, 0x2222u};
    D3D12_RESOURCE_DESC desc = test_buffer_desc(2 * TILE_SIZE);
    uint32_t got[16], expected[16];
    D3D12_ROOT_PARAMETER1 parameters[3];
    ID3D12Resource *reserved, *out;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    struct test_context t;
    ID3D12Heap *heap;
    unsigned int i;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    reserved = create_reserved(t.device, &desc);
    heap = create_tile_pool(t.device, 1);
    map_tiles(&t, reserved, 0, 0, 0, 1, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    upload_buffer_data(&t, reserved, 0, &words[0], 4);
    upload_buffer_data(&t, reserved, TILE_SIZE / 2, &words[1], 4);
    parameters[0] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_SRV, 0, 0);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_SRV, 1, 0);
    parameters[2] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    signature = create_root_signature(t.device, parameters, 3, NULL, 0);
    pipeline = compute_pipeline(t.device, signature, buffer_cs);
    out = uav_buffer(&t, sizeof(got));
    poison_buffer(&t, out, 3);

    ID3D12GraphicsCommandList_SetComputeRootSignature(t.list, signature);
    ID3D12GraphicsCommandList_SetPipelineState(t.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootShaderResourceView(t.list, 0, ID3D12Resource_GetGPUVirtualAddress(reserved));
    ID3D12GraphicsCommandList_SetComputeRootShaderResourceView(t.list, 1, ID3D12Resource_GetGPUVirtualAddress(reserved));
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(t.list, 2, ID3D12Resource_GetGPUVirtualAddress(out));
    ID3D12GraphicsCommandList_Dispatch(t.list, 1, 1, 1);
    execute_and_wait(&t);
    read_buffer(&t, out, sizeof(got), got);
    for (i = 0; i < 4; ++i)
    {
        expected[4 * i] = expected[4 * i + 2] = i < 2 ? words[i] : 0;
        expected[4 * i + 1] = expected[4 * i + 3] = i < 2 ? 0xffffffffu : 0;
    }
    for (i = 0; i < 16; ++i)
        ck_assert_msg(got[i] == expected[i], "out[%u]: got %#x, expected %#x", i, got[i], expected[i]);

    ID3D12Resource_Release(out);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    ID3D12Resource_Release(reserved);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

/*
 * A 256x256 R32_FLOAT texture has 2x2 tiles of 128x128; tile 0 is mapped, tile 1
 * NULL-mapped, tiles 2 and 3 never mapped. Thread i reads texel point[i] with ld_s
 * and point-sampled sample_l_s, and gathers (gather4_s) around it; thread 4 samples
 * bilinearly on the edge between texels 127 and 128 of row 8 (one texel each side).
 * out[8i..8i+5] = ld, mapped?, sample, mapped?, gather.x (texel (x, y + 1)), mapped?.
 */
static const char texture_cs[] =
    "cs_5_0\n"
    "dcl_constantbuffer cb0[5], dynamicIndexed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_sampler s1, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 5\n"
    "dcl_thread_group 5, 1, 1\n"
    "mov r4.z, vThreadID.x\n"
    "mov r0.xy, cb0[r4.z + 0].xyxx\n"
    "mov r0.zw, l(0, 0, 0, 0)\n"
    "ld_s r1.x, r2.x, r0.xyzw, t0.xxxx\n"
    "check_access_fully_mapped r1.y, r2.x\n"
    "itof r3.xy, r0.xyxx\n"
    "add r3.xy, r3.xyxx, l(0.5, 0.5, 0.0, 0.0)\n"
    "mul r3.xy, r3.xyxx, l(0.00390625, 0.00390625, 0.0, 0.0)\n"
    "ieq r4.x, vThreadID.x, l(4)\n"
    "if_nz r4.x\n"
    "  mov r3.xy, l(0.5, 0.033203125, 0.0, 0.0)\n"
    "  sample_l_s r1.z, r2.z, r3.xyxx, t0.xxxx, s1, l(0.0)\n"
    "else\n"
    "  sample_l_s r1.z, r2.z, r3.xyxx, t0.xxxx, s0, l(0.0)\n"
    "endif\n"
    "check_access_fully_mapped r1.w, r2.z\n"
    "gather4_s r4.x, r2.w, r3.xyxx, t0.xyzw, s0\n"
    "check_access_fully_mapped r4.y, r2.w\n"
    "ishl r0.z, vThreadID.x, l(5)\n"
    "store_raw u0.xyzw, r0.z, r1.xyzw\n"
    "iadd r0.z, r0.z, l(16)\n"
    "store_raw u0.xy, r0.z, r4.xyxx\n"
    "ret\n";

static float texel_value(unsigned int x, unsigned int y)
{
    return (float)(x + 1000 * y);
}

static uint32_t float_bits(float f)
{
    uint32_t u;

    memcpy(&u, &f, sizeof(u));
    return u;
}

START_TEST(test_texture_feedback)
{
    static const uint32_t points[5][4] = {{5, 7}, {130, 7}, {5, 130}, {200, 200}, {127, 8}};
    D3D12_RESOURCE_DESC desc = tiled_texture_desc(DXGI_FORMAT_R32_FLOAT, 256, 256, 1, 1);
    D3D12_STATIC_SAMPLER_DESC samplers[2];
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1,
                                            D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    D3D12_DESCRIPTOR_RANGE1 range = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0);
    D3D12_ROOT_PARAMETER1 parameters[3];
    ID3D12Resource *texture, *out, *constants;
    ID3D12RootSignature *signature;
    ID3D12PipelineState *pipeline;
    ID3D12DescriptorHeap *descriptors;
    uint32_t got[40], expected[40];
    struct test_context t;
    ID3D12Heap *heap;
    float *data;
    unsigned int i, x, y;

    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    texture = create_reserved(t.device, &desc);
    heap = create_tile_pool(t.device, 2);
    map_tiles(&t, texture, 0, 0, 0, 2, heap, D3D12_TILE_RANGE_FLAG_NONE, 0);
    map_tiles(&t, texture, 0, 1, 0, 1, NULL, D3D12_TILE_RANGE_FLAG_NULL, 0);
    data = malloc(256 * 256 * sizeof(*data));
    for (y = 0; y < 256; ++y)
        for (x = 0; x < 256; ++x)
            data[y * 256 + x] = texel_value(x, y);
    upload_texture_data(&t, texture, 0, data);
    free(data);
    constants = create_buffer(t.device, D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_NONE,
                              D3D12_RESOURCE_STATE_COMMON);
    upload_buffer_data(&t, constants, 0, points, sizeof(points));

    memset(samplers, 0, sizeof(samplers));
    for (i = 0; i < 2; ++i)
    {
        samplers[i].Filter = i ? D3D12_FILTER_MIN_MAG_LINEAR_MIP_POINT : D3D12_FILTER_MIN_MAG_MIP_POINT;
        samplers[i].AddressU = samplers[i].AddressV = samplers[i].AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
        samplers[i].MaxLOD = D3D12_FLOAT32_MAX;
        samplers[i].ShaderRegister = i;
        samplers[i].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    }
    parameters[0] = root_table(&range, 1);
    parameters[1] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    parameters[2] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_CBV, 0, 0);
    signature = create_root_signature(t.device, parameters, 3, samplers, 2);
    pipeline = compute_pipeline(t.device, signature, texture_cs);
    ck_assert_int_eq(ID3D12Device_CreateDescriptorHeap(t.device, &heap_desc, &IID_ID3D12DescriptorHeap,
            (void **)&descriptors), S_OK);
    ID3D12Device_CreateShaderResourceView(t.device, texture, NULL,
            ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(descriptors));
    out = uav_buffer(&t, sizeof(got));
    poison_buffer(&t, out, 4);

    ID3D12GraphicsCommandList_SetDescriptorHeaps(t.list, 1, &descriptors);
    ID3D12GraphicsCommandList_SetComputeRootSignature(t.list, signature);
    ID3D12GraphicsCommandList_SetPipelineState(t.list, pipeline);
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(t.list, 0,
            ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(descriptors));
    ID3D12GraphicsCommandList_SetComputeRootUnorderedAccessView(t.list, 1, ID3D12Resource_GetGPUVirtualAddress(out));
    ID3D12GraphicsCommandList_SetComputeRootConstantBufferView(t.list, 2,
            ID3D12Resource_GetGPUVirtualAddress(constants));
    ID3D12GraphicsCommandList_Dispatch(t.list, 1, 1, 1);
    execute_and_wait(&t);
    read_buffer(&t, out, sizeof(got), got);

    memcpy(expected, got, sizeof(expected));
    for (i = 0; i < 5; ++i)
    {
        bool mapped = points[i][0] < 128 && points[i][1] < 128;
        uint32_t value = mapped ? float_bits(texel_value(points[i][0], points[i][1])) : 0;

        expected[8 * i] = value;
        expected[8 * i + 1] = mapped ? 0xffffffffu : 0;
        if (i < 4)
        {
            /* Point sampling reads the one texel; the gather's footprint is 2x2 around
             * the texel centre, inside the same tile for these texels. */
            expected[8 * i + 2] = value;
            expected[8 * i + 3] = mapped ? 0xffffffffu : 0;
            expected[8 * i + 4] = mapped ? float_bits(texel_value(points[i][0], points[i][1] + 1)) : 0;
            expected[8 * i + 5] = mapped ? 0xffffffffu : 0;
        }
        else
        {
            /* Half of texel 127 (mapped) and half of texel 128 (NULL tile): the value is
             * half of texel 127's and the footprint is not fully mapped. */
            expected[8 * i + 2] = float_bits(texel_value(127, 8) / 2.0f);
            expected[8 * i + 3] = 0;
        }
    }
    for (i = 0; i < 40; ++i)
        ck_assert_msg(got[i] == expected[i], "out[%u]: got %#x, expected %#x", i, got[i], expected[i]);

    ID3D12Resource_Release(out);
    ID3D12Resource_Release(constants);
    ID3D12DescriptorHeap_Release(descriptors);
    ID3D12PipelineState_Release(pipeline);
    ID3D12RootSignature_Release(signature);
    ID3D12Resource_Release(texture);
    ID3D12Heap_Release(heap);
    test_context_destroy(&t);
}
END_TEST

static Suite *tiled_feedback_suite(void)
{
    Suite *suite = suite_create("tiled_feedback");
    TCase *tc = tcase_create("feedback");

    tcase_add_test(tc, test_buffer_feedback);
    tcase_add_test(tc, test_texture_feedback);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(tiled_feedback_suite(), NULL);
}
