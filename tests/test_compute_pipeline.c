/*
 * Pipeline creation on the built-in device: compute, vertex and pixel shaders are
 * decoded and accepted; malformed programs, unknown opcodes, the stages the device
 * never runs (GS, HS, DS), root signatures that do not bind what a shader declares and
 * pixel inputs the vertex shader does not write are refused with E_INVALIDARG.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_compute_util.h"

#include <stdlib.h>
#include <string.h>

static const char uav_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 1\n"
    "dcl_thread_group 8, 1, 1\n"
    "ishl r0.x, vThreadID.x, l(2)\n"
    "store_raw u0.x, r0.x, vThreadID.x\n"
    "ret\n";

static const char cb_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_uav_raw u0\n"
    "dcl_temps 1\n"
    "dcl_thread_group 1, 1, 1\n"
    "store_raw u0.x, l(0), cb0[0].x\n"
    "ret\n";

static const char typed_uav_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_typed_buffer (uint,uint,uint,uint) u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_thread_group 8, 1, 1\n"
    "store_uav_typed u0.xyzw, vThreadID.xxxx, vThreadID.xxxx\n"
    "ret\n";

static const char uav2_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw u2\n"
    "dcl_thread_group 1, 1, 1\n"
    "store_raw u2.x, l(0), l(7)\n"
    "ret\n";

static const char space1_cs[] =
    "cs_5_1\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw U0[0:0], space=1\n"
    "dcl_thread_group 1, 1, 1\n"
    "store_raw U0[0].x, l(0), l(7)\n"
    "ret\n";

static const char space1_range_cs[] =
    "cs_5_1\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_uav_raw U0[0:3], space=1\n"
    "dcl_thread_group 1, 1, 1\n"
    "store_raw U0[3].x, l(0), l(7)\n"
    "ret\n";

static const char position_vs[] =
    "vs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    ".input POSITION 0 v0.xyzw float\n"
    ".output SV_Position 0 o0.xyzw float position\n"
    ".output COLOR 0 o1.xyzw float\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, cb0[0].xyzw\n"
    "ret\n";

static const char color_ps[] =
    "ps_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    ".input SV_Position 0 v0.xyzw float position\n"
    ".input COLOR 0 v1.xyzw float\n"
    ".output SV_Target 0 o0.xyzw float\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

static const char texcoord_ps[] =
    "ps_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    ".input SV_Position 0 v0.xyzw float position\n"
    ".input TEXCOORD 0 v1.xyzw float\n"
    ".output SV_Target 0 o0.xyzw float\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

struct shader
{
    void *code;
    size_t size;
};

static D3D12_SHADER_BYTECODE bytecode(const struct shader *shader)
{
    D3D12_SHADER_BYTECODE code = {shader->code, shader->size};

    return code;
}

#define check_compute(device, signature, source, expected) check_compute_(__LINE__, device, signature, source, expected)
static void check_compute_(unsigned int line, ID3D12Device *device, ID3D12RootSignature *signature,
                           const char *source, HRESULT expected)
{
    ID3D12PipelineState *state;
    HRESULT hr;

    hr = create_compute_pipeline(device, signature, source, &state);
    ck_assert_msg(hr == expected, "line %u: hr %#x, expected %#x", line, (unsigned int)hr, (unsigned int)expected);
    ck_assert_msg(!state == FAILED(expected), "line %u: state %p", line, (void *)state);
    if (state)
        ID3D12PipelineState_Release(state);
}

#define check_compute_code(device, signature, code, expected) check_compute_code_(__LINE__, device, signature, code, expected)
static void check_compute_code_(unsigned int line, ID3D12Device *device, ID3D12RootSignature *signature,
                                const struct shader *code, HRESULT expected)
{
    D3D12_COMPUTE_PIPELINE_STATE_DESC desc;
    ID3D12PipelineState *state = NULL;
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.pRootSignature = signature;
    desc.CS = bytecode(code);
    hr = ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&state);
    ck_assert_msg(hr == expected, "line %u: hr %#x, expected %#x", line, (unsigned int)hr, (unsigned int)expected);
    if (state)
        ID3D12PipelineState_Release(state);
}

static ID3D12RootSignature *uav_root_signature(ID3D12Device *device)
{
    D3D12_ROOT_PARAMETER1 parameter = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);

    return create_root_signature(device, &parameter, 1, NULL, 0);
}

START_TEST(test_compute_pipeline_malformed)
{
    struct shader good, bad;
    ID3D12RootSignature *signature;
    ID3D12Device *device;
    size_t count;
    uint32_t *program;

    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    signature = uav_root_signature(device);
    good.code = assemble(uav_cs, &good.size);
    check_compute_code(device, signature, &good, S_OK);

    /* An instruction longer than the program. */
    bad.size = good.size;
    ck_assert_ptr_nonnull(bad.code = malloc(bad.size));
    memcpy(bad.code, good.code, good.size);
    program = container_program(bad.code, bad.size, &count);
    ck_assert_uint_ge(count, 3);
    program[2] = (program[2] & ~(0x7fu << 24)) | (0x7fu << 24);
    container_resign(bad.code, bad.size);
    check_compute_code(device, signature, &bad, E_INVALIDARG);

    /* An opcode no shader model defines in place of the final ret. */
    memcpy(bad.code, good.code, good.size);
    program = container_program(bad.code, bad.size, &count);
    ck_assert_uint_eq(program[count - 1], 0x0100003e);
    program[count - 1] = 0x010001ff;
    container_resign(bad.code, bad.size);
    check_compute_code(device, signature, &bad, E_INVALIDARG);

    /* A vertex shader in the compute slot: the runtime refuses it first. */
    memcpy(bad.code, good.code, good.size);
    program = container_program(bad.code, bad.size, &count);
    program[0] = (program[0] & 0xffff) | (1u << 16);
    container_resign(bad.code, bad.size);
    check_compute_code(device, signature, &bad, E_INVALIDARG);

    free(bad.code);
    free(good.code);
    ID3D12RootSignature_Release(signature);
    ck_assert_int_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_compute_pipeline_root_signature)
{
    D3D12_DESCRIPTOR_RANGE1 range;
    D3D12_ROOT_PARAMETER1 parameters[2];
    ID3D12RootSignature *signature;
    ID3D12Device *device;

    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);

    /* Nothing bound at all. */
    signature = create_root_signature(device, NULL, 0, NULL, 0);
    check_compute(device, signature, uav_cs, E_INVALIDARG);
    ID3D12RootSignature_Release(signature);

    /* u0 bound, b0 not (constants at b1); then b0 too. */
    parameters[0] = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_UAV, 0, 0);
    parameters[1] = root_constants(1, 0, 4);
    signature = create_root_signature(device, parameters, 2, NULL, 0);
    check_compute(device, signature, uav_cs, S_OK);
    check_compute(device, signature, cb_cs, E_INVALIDARG);
    ID3D12RootSignature_Release(signature);
    parameters[1] = root_constants(0, 0, 4);
    signature = create_root_signature(device, parameters, 2, NULL, 0);
    check_compute(device, signature, cb_cs, S_OK);
    /* Compute sees every parameter, whatever its visibility. */
    ID3D12RootSignature_Release(signature);
    parameters[0].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
    parameters[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_VERTEX;
    signature = create_root_signature(device, parameters, 2, NULL, 0);
    check_compute(device, signature, cb_cs, S_OK);
    /* A root UAV holds raw and structured buffers only. */
    check_compute(device, signature, typed_uav_cs, E_INVALIDARG);
    /* Space 1 is not space 0. */
    check_compute(device, signature, space1_cs, E_INVALIDARG);
    ID3D12RootSignature_Release(signature);

    /* A table of u0-u1: u2 is outside it; u0-u2 holds it, and typed UAVs too. */
    range = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 2, 0, 0, 0);
    parameters[0] = root_table(&range, 1);
    signature = create_root_signature(device, parameters, 1, NULL, 0);
    check_compute(device, signature, uav_cs, S_OK);
    check_compute(device, signature, uav2_cs, E_INVALIDARG);
    ID3D12RootSignature_Release(signature);
    range.NumDescriptors = 3;
    signature = create_root_signature(device, parameters, 1, NULL, 0);
    check_compute(device, signature, uav2_cs, S_OK);
    check_compute(device, signature, typed_uav_cs, S_OK);
    ID3D12RootSignature_Release(signature);
    /* Space 1: a 5.1 range needs every register of it bound. */
    range = descriptor_range(D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 2, 0, 1, 0);
    signature = create_root_signature(device, parameters, 1, NULL, 0);
    check_compute(device, signature, space1_cs, S_OK);
    check_compute(device, signature, space1_range_cs, E_INVALIDARG);
    check_compute(device, signature, uav_cs, E_INVALIDARG);
    ID3D12RootSignature_Release(signature);
    range.NumDescriptors = 8;
    signature = create_root_signature(device, parameters, 1, NULL, 0);
    check_compute(device, signature, space1_range_cs, S_OK);
    ID3D12RootSignature_Release(signature);

    ck_assert_int_eq(ID3D12Device_Release(device), 0);
}
END_TEST

/* A description every rule accepts: the VS and PS given, one RGBA8 target. */
static void init_graphics_desc(D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc, ID3D12RootSignature *signature,
                               const struct shader *vs, const struct shader *ps)
{
    static const D3D12_INPUT_ELEMENT_DESC position = {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0,
                                                      D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0};

    memset(desc, 0, sizeof(*desc));
    desc->pRootSignature = signature;
    desc->VS = bytecode(vs);
    if (ps)
        desc->PS = bytecode(ps);
    desc->BlendState.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    desc->SampleMask = ~0u;
    desc->RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    desc->RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
    desc->RasterizerState.DepthClipEnable = TRUE;
    desc->InputLayout.NumElements = 1;
    desc->InputLayout.pInputElementDescs = &position;
    desc->PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    desc->NumRenderTargets = 1;
    desc->RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc->SampleDesc.Count = 1;
}

#define check_graphics(device, desc, expected) check_graphics_(__LINE__, device, desc, expected)
static void check_graphics_(unsigned int line, ID3D12Device *device, const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc,
                            HRESULT expected)
{
    ID3D12PipelineState *state = NULL;
    HRESULT hr;

    hr = ID3D12Device_CreateGraphicsPipelineState(device, desc, &IID_ID3D12PipelineState, (void **)&state);
    ck_assert_msg(hr == expected, "line %u: hr %#x, expected %#x", line, (unsigned int)hr, (unsigned int)expected);
    ck_assert_msg(!state == FAILED(expected), "line %u: state %p", line, (void *)state);
    if (state)
        ID3D12PipelineState_Release(state);
}

/* The shader with its program type changed (and signed again). */
static struct shader retyped(const struct shader *shader, unsigned int type)
{
    struct shader copy = {malloc(shader->size), shader->size};
    uint32_t *program;
    size_t count;

    ck_assert_ptr_nonnull(copy.code);
    memcpy(copy.code, shader->code, shader->size);
    program = container_program(copy.code, copy.size, &count);
    program[0] = (program[0] & 0xffff) | (type << 16);
    container_resign(copy.code, copy.size);
    return copy;
}

START_TEST(test_graphics_pipeline_stages)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct shader vs, ps, gs, hs, ds, other_ps;
    D3D12_ROOT_PARAMETER1 parameter;
    ID3D12RootSignature *signature;
    ID3D12Device *device;

    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    parameter = root_constants(0, 0, 4);
    signature = create_root_signature(device, &parameter, 1, NULL, 0);
    vs.code = assemble(position_vs, &vs.size);
    ps.code = assemble(color_ps, &ps.size);
    other_ps.code = assemble(texcoord_ps, &other_ps.size);
    gs = retyped(&vs, 2);
    hs = retyped(&vs, 3);
    ds = retyped(&vs, 4);

    init_graphics_desc(&desc, signature, &vs, &ps);
    check_graphics(device, &desc, S_OK);
    /* No pixel shader: fine. */
    desc.PS.pShaderBytecode = NULL;
    desc.PS.BytecodeLength = 0;
    check_graphics(device, &desc, S_OK);
    /* PS reads TEXCOORD0, which the VS does not write. */
    desc.PS = bytecode(&other_ps);
    check_graphics(device, &desc, E_INVALIDARG);
    desc.PS = bytecode(&ps);

    /* Geometry and tessellation are never run. */
    desc.GS = bytecode(&gs);
    check_graphics(device, &desc, E_INVALIDARG);
    desc.GS.pShaderBytecode = NULL;
    desc.GS.BytecodeLength = 0;
    desc.HS = bytecode(&hs);
    desc.DS = bytecode(&ds);
    desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH;
    check_graphics(device, &desc, E_INVALIDARG);

    free(ds.code);
    free(hs.code);
    free(gs.code);
    free(other_ps.code);
    free(ps.code);
    free(vs.code);
    ID3D12RootSignature_Release(signature);
    ck_assert_int_eq(ID3D12Device_Release(device), 0);
}
END_TEST

START_TEST(test_graphics_pipeline_root_signature)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    D3D12_ROOT_PARAMETER1 parameter;
    ID3D12RootSignature *signature;
    ID3D12Device *device;
    struct shader vs, ps;

    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    vs.code = assemble(position_vs, &vs.size);
    ps.code = assemble(color_ps, &ps.size);

    /* The VS reads b0: constants only the pixel stage sees do not bind it. */
    parameter = root_constants(0, 0, 4);
    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
    signature = create_root_signature(device, &parameter, 1, NULL, 0);
    init_graphics_desc(&desc, signature, &vs, &ps);
    check_graphics(device, &desc, E_INVALIDARG);
    ID3D12RootSignature_Release(signature);

    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_VERTEX;
    signature = create_root_signature(device, &parameter, 1, NULL, 0);
    init_graphics_desc(&desc, signature, &vs, &ps);
    check_graphics(device, &desc, S_OK);
    ID3D12RootSignature_Release(signature);

    /* A root CBV binds it as well. */
    parameter = root_descriptor(D3D12_ROOT_PARAMETER_TYPE_CBV, 0, 0);
    signature = create_root_signature(device, &parameter, 1, NULL, 0);
    init_graphics_desc(&desc, signature, &vs, &ps);
    check_graphics(device, &desc, S_OK);
    ID3D12RootSignature_Release(signature);

    free(ps.code);
    free(vs.code);
    ck_assert_int_eq(ID3D12Device_Release(device), 0);
}
END_TEST

Suite *compute_pipeline_suite(void)
{
    Suite *suite = suite_create("compute_pipeline");
    TCase *tc = tcase_create("pipeline");

    tcase_add_test(tc, test_compute_pipeline_malformed);
    tcase_add_test(tc, test_compute_pipeline_root_signature);
    tcase_add_test(tc, test_graphics_pipeline_stages);
    tcase_add_test(tc, test_graphics_pipeline_root_signature);
    suite_add_tcase(suite, tc);
    return suite;
}
