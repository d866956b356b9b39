/*
 * Graphics and compute pipeline descriptions. The built-in driver runs VS, PS and CS
 * (and refuses GS, HS and DS), so "valid" here means "reached the driver exactly once
 * and created" (the DDI spy counts CreatePipelineState), and every invalid description
 * is refused, with its exact HRESULT, before the driver sees it, and reported on the
 * info queue. The shaders are hand-built containers (test_pipeline.c): a VS that writes
 * POSITION and a PS that reads it.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_pipeline.h"
#include "test_async.h"
#include "rt_adapter.h"
#include "ddi_spy.h"

#include <stdlib.h>
#include <string.h>

/* ---- Devices and root signatures --------------------------------------------------------- */

static struct ddi_spy *spy_install(void)
{
    struct ddi_spy_masks masks = {0};
    struct ddi_spy *spy;

    masks.max_tiled_resources_tier = -1;
    ck_assert_ptr_nonnull(spy = ddi_spy_create(&masks, false));
    rt_testing_set_driver_spy(spy);
    return spy;
}

static void spy_remove(struct ddi_spy *spy)
{
    rt_testing_set_driver_spy(NULL);
    ddi_spy_destroy(spy);
}

static ID3DBlob *serialize_empty_root_signature(void)
{
    D3D12_ROOT_SIGNATURE_DESC desc;
    ID3DBlob *blob = NULL;

    memset(&desc, 0, sizeof(desc));
    desc.Flags = D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT;
    ck_assert_int_eq(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1, &blob, NULL), S_OK);
    return blob;
}

/* A 1.0 root signature of `count` root constants at b0. */
static ID3DBlob *serialize_constants_root_signature(UINT count, D3D12_ROOT_SIGNATURE_FLAGS flags)
{
    D3D12_ROOT_PARAMETER parameter;
    D3D12_ROOT_SIGNATURE_DESC desc;
    ID3DBlob *blob = NULL;

    memset(&desc, 0, sizeof(desc));
    memset(&parameter, 0, sizeof(parameter));
    parameter.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    parameter.Constants.Num32BitValues = count;
    desc.NumParameters = 1;
    desc.pParameters = &parameter;
    desc.Flags = flags;
    ck_assert_int_eq(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1, &blob, NULL), S_OK);
    return blob;
}

/* OSGN POSITION: the vertex shader writes what the pixel shader reads; ISGN POSITION or
 * nothing. */
static void container_build_vs(struct container *c, const uint32_t *program, size_t size, bool reads_position)
{
    const struct part parts[] =
    {
        {TAG('I', 'S', 'G', 'N'), reads_position ? position_signature : empty_signature,
         reads_position ? sizeof(position_signature) : sizeof(empty_signature)},
        {TAG('O', 'S', 'G', 'N'), position_signature, sizeof(position_signature)},
        {TAG('S', 'H', 'E', 'X'), program, size},
    };

    container_build(c, parts, ARRAY_SIZE(parts));
}

void pso_test_init(struct pso_test *t)
{
    ID3DBlob *blob;

    memset(t, 0, sizeof(*t));
    t->spy = spy_install();
    ck_assert_int_eq(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&t->device), S_OK);
    ck_assert_int_eq(ID3D12Device_QueryInterface(t->device, &IID_ID3D12Device2, (void **)&t->device2), S_OK);
    blob = serialize_empty_root_signature();
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(t->device, 0, ID3D10Blob_GetBufferPointer(blob),
                     ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&t->root_signature), S_OK);
    ID3D10Blob_Release(blob);
    container_build_vs(&t->vs, vs_program, sizeof(vs_program), true);
    container_build_vs(&t->vs_no_inputs, vs_program, sizeof(vs_program), false);
    container_build_shader(&t->ps, ps_program, sizeof(ps_program));
    container_build_shader(&t->hs, hs_program, sizeof(hs_program));
    container_build_shader(&t->ds, ds_program, sizeof(ds_program));
    container_build_shader(&t->gs, gs_program, sizeof(gs_program));
    container_build_shader(&t->cs, cs_program, sizeof(cs_program));
    ddi_spy_clear(t->spy);
}

void pso_test_destroy(struct pso_test *t)
{
    ID3D12RootSignature_Release(t->root_signature);
    ID3D12Device2_Release(t->device2);
    ck_assert_int_eq(ID3D12Device_Release(t->device), 0);
    spy_remove(t->spy);
}

D3D12_SHADER_BYTECODE bytecode(const struct container *c)
{
    D3D12_SHADER_BYTECODE code = {c->bytes, c->size};

    return code;
}

/* A description every rule accepts: VS and PS, one RGBA8 target, triangles. */
static void init_graphics_desc(const struct pso_test *t, D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc)
{
    static const D3D12_INPUT_ELEMENT_DESC position = {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0,
                                                      D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0};
    unsigned int i;

    memset(desc, 0, sizeof(*desc));
    desc->pRootSignature = t->root_signature;
    desc->VS = bytecode(&t->vs);
    desc->PS = bytecode(&t->ps);
    for (i = 0; i < 8; ++i)
        desc->BlendState.RenderTarget[i].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
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

size_t pipeline_calls(const struct pso_test *t)
{
    return ddi_spy_count(t->spy, "CreatePipelineState");
}

/* The description fails with hr before the driver sees it; the output is cleared. */
#define check_graphics(t, desc, hr) check_graphics_(__LINE__, t, desc, hr)
static void check_graphics_(unsigned int line, struct pso_test *t, const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc,
                            HRESULT expected)
{
    void *state = (void *)(uintptr_t)0xdeadbeef;
    HRESULT hr;

    ddi_spy_clear(t->spy);
    hr = ID3D12Device_CreateGraphicsPipelineState(t->device, desc, &IID_ID3D12PipelineState, &state);
    ck_assert_msg(hr == expected, "line %u: hr %#x, expected %#x", line, (unsigned int)hr, (unsigned int)expected);
    ck_assert_msg(!state, "line %u: output not cleared", line);
    ck_assert_msg(!pipeline_calls(t), "line %u: the driver saw an invalid pipeline", line);
}

/* The description passed validation: the driver got it once, and expected is what it
 * answered (S_OK: a pipeline, which is released). */
static void check_graphics_driver_(unsigned int line, struct pso_test *t, const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc,
                                   HRESULT expected)
{
    void *state = (void *)(uintptr_t)0xdeadbeef;
    HRESULT hr;

    ddi_spy_clear(t->spy);
    hr = ID3D12Device_CreateGraphicsPipelineState(t->device, desc, &IID_ID3D12PipelineState, &state);
    ck_assert_msg(hr == expected, "line %u: hr %#x, expected %#x", line, (unsigned int)hr, (unsigned int)expected);
    ck_assert_msg(!state == FAILED(expected), "line %u: state %p", line, state);
    ck_assert_msg(pipeline_calls(t) == 1, "line %u: the driver saw %zu pipelines", line, pipeline_calls(t));
    if (state)
        ID3D12PipelineState_Release((ID3D12PipelineState *)state);
}

/* Valid and created. */
#define check_graphics_reaches_driver(t, desc) check_graphics_driver_(__LINE__, t, desc, S_OK)
/* Valid for the runtime, refused by the driver (stages it never runs). */
#define check_graphics_driver_refuses(t, desc) check_graphics_driver_(__LINE__, t, desc, E_INVALIDARG)

/* ---- Graphics descriptions ---------------------------------------------------------------- */

START_TEST(test_graphics_valid)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct ddi_spy_call call;
    struct pso_test t;
    size_t i;

    pso_test_init(&t);
    init_graphics_desc(&t, &desc);
    check_graphics_reaches_driver(&t, &desc);
    ck_assert((i = ddi_spy_find(t.spy, 0, "CreatePipelineState")) != (size_t)-1);
    ck_assert(ddi_spy_get_call(t.spy, i, &call));
    ck_assert_ptr_nonnull(strstr(call.args, "Type=GRAPHICS"));

    /* A NULL output with a valid description: S_FALSE, nothing created. */
    ddi_spy_clear(t.spy);
    ck_assert_int_eq(ID3D12Device_CreateGraphicsPipelineState(t.device, &desc, &IID_ID3D12PipelineState, NULL),
                     S_FALSE);
    ck_assert_uint_eq(pipeline_calls(&t), 0);

    /* Holes inside NumRenderTargets, a depth format, 4 samples, blending, stencil, both
     * forms of SM 4/5 bytecode: all valid. */
    desc.NumRenderTargets = 3;
    desc.RTVFormats[2] = DXGI_FORMAT_R16G16B16A16_FLOAT;
    desc.DSVFormat = DXGI_FORMAT_D32_FLOAT;
    desc.SampleDesc.Count = 4;
    desc.BlendState.RenderTarget[0].BlendEnable = TRUE;
    desc.BlendState.RenderTarget[0].SrcBlend = D3D12_BLEND_SRC_ALPHA;
    desc.BlendState.RenderTarget[0].DestBlend = D3D12_BLEND_INV_SRC_ALPHA;
    desc.BlendState.RenderTarget[0].BlendOp = D3D12_BLEND_OP_ADD;
    desc.BlendState.RenderTarget[0].SrcBlendAlpha = D3D12_BLEND_ONE;
    desc.BlendState.RenderTarget[0].DestBlendAlpha = D3D12_BLEND_ZERO;
    desc.BlendState.RenderTarget[0].BlendOpAlpha = D3D12_BLEND_OP_MAX;
    desc.DepthStencilState.DepthEnable = TRUE;
    desc.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    desc.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS_EQUAL;
    desc.DepthStencilState.StencilEnable = TRUE;
    desc.DepthStencilState.FrontFace.StencilFailOp = D3D12_STENCIL_OP_KEEP;
    desc.DepthStencilState.FrontFace.StencilDepthFailOp = D3D12_STENCIL_OP_DECR;
    desc.DepthStencilState.FrontFace.StencilPassOp = D3D12_STENCIL_OP_REPLACE;
    desc.DepthStencilState.FrontFace.StencilFunc = D3D12_COMPARISON_FUNC_ALWAYS;
    desc.DepthStencilState.BackFace = desc.DepthStencilState.FrontFace;
    check_graphics_reaches_driver(&t, &desc);
    pso_test_destroy(&t);
}
END_TEST

START_TEST(test_graphics_shaders)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct container unsigned_vs, dxil;
    struct pso_test t;

    pso_test_init(&t);
    init_graphics_desc(&t, &desc);
    ck_assert_int_eq(ID3D12Device_CreateGraphicsPipelineState(t.device, NULL, &IID_ID3D12PipelineState, NULL),
                     E_INVALIDARG);

    /* No vertex shader, and a stage slot holding another stage's shader. */
    desc.VS.pShaderBytecode = NULL;
    desc.VS.BytecodeLength = 0;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.VS = bytecode(&t.ps);
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.VS = bytecode(&t.vs);
    desc.PS = bytecode(&t.vs);
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.PS = bytecode(&t.ps);
    /* Bytes but no pointer, a length that is not the container's, garbage. */
    desc.PS.pShaderBytecode = NULL;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.PS = bytecode(&t.ps);
    desc.PS.BytecodeLength -= 4;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.PS.pShaderBytecode = ps_program;
    desc.PS.BytecodeLength = sizeof(ps_program);
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.PS = bytecode(&t.ps);

    /* An unsigned DXBC container, and DXIL on a driver that runs DXBC only. */
    unsigned_vs = t.vs;
    memset(unsigned_vs.bytes + 4, 0, 16);
    desc.VS = bytecode(&unsigned_vs);
    check_graphics(&t, &desc, E_INVALIDARG);
    container_build_dxil(&dxil);
    desc.VS = bytecode(&dxil);
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.VS = bytecode(&t.vs);

    /* Tessellation: HS and DS together, with PATCH topology, and only then. */
    desc.HS = bytecode(&t.hs);
    desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.DS = bytecode(&t.ds);
    desc.HS.BytecodeLength = 0;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.HS = bytecode(&t.hs);
    desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    check_graphics(&t, &desc, E_INVALIDARG);
    /* Valid: the runtime passes hull, domain and geometry shaders on, the driver refuses
     * them (it cannot run them). */
    desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH;
    check_graphics_driver_refuses(&t, &desc);
    desc.GS = bytecode(&t.gs);
    check_graphics_driver_refuses(&t, &desc);
    desc.HS.BytecodeLength = desc.DS.BytecodeLength = 0;
    desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT;
    check_graphics_driver_refuses(&t, &desc);
    /* Without them, the same description is created. */
    desc.GS.BytecodeLength = 0;
    check_graphics_reaches_driver(&t, &desc);
    pso_test_destroy(&t);
}
END_TEST

/* The RTS0 part of a serialized root signature. */
static void root_signature_part(ID3DBlob *blob, const void **data, size_t *size)
{
    char why[256];

    ck_assert_int_eq(rt_dxbc_find_part(ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                     RT_DXBC_TAG_RTS0, data, size, why, sizeof(why)), S_OK);
}

static void container_build_with_root_signature(struct container *c, const uint32_t *program, size_t program_size,
                                             const void *rts0, size_t rts0_size)
{
    const struct part parts[] =
    {
        {TAG('I', 'S', 'G', 'N'), position_signature, sizeof(position_signature)},
        {TAG('O', 'S', 'G', 'N'), position_signature, sizeof(position_signature)},
        {TAG('S', 'H', 'E', 'X'), program, program_size},
        {TAG('R', 'T', 'S', '0'), rts0, rts0_size},
    };

    container_build(c, parts, ARRAY_SIZE(parts));
}

START_TEST(test_graphics_root_signature)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct container vs, ps, other_ps, bad_vs;
    const void *rts0, *other_rts0;
    size_t rts0_size, other_size;
    ID3DBlob *blob, *other_blob;
    unsigned char broken[8];
    struct pso_test t;
    ULONG refcount;

    pso_test_init(&t);
    init_graphics_desc(&t, &desc);
    blob = serialize_empty_root_signature();
    root_signature_part(blob, &rts0, &rts0_size);
    other_blob = serialize_constants_root_signature(4, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    root_signature_part(other_blob, &other_rts0, &other_size);
    container_build_with_root_signature(&vs, vs_program, sizeof(vs_program), rts0, rts0_size);
    container_build_with_root_signature(&ps, ps_program, sizeof(ps_program), rts0, rts0_size);
    container_build_with_root_signature(&other_ps, ps_program, sizeof(ps_program), other_rts0, other_size);
    memset(broken, 0xff, sizeof(broken));
    container_build_with_root_signature(&bad_vs, vs_program, sizeof(vs_program), broken, sizeof(broken));

    /* None given, none embedded. */
    desc.pRootSignature = NULL;
    check_graphics(&t, &desc, E_INVALIDARG);
    /* Embedded: the same RTS0 bytes as t.root_signature's, so that object (one object per
     * root signature, as Windows keeps them): the driver makes no new one. */
    desc.VS = bytecode(&vs);
    check_graphics_reaches_driver(&t, &desc);
    ck_assert_uint_eq(ddi_spy_count(t.spy, "CreateRootSignature"), 0);
    /* Another embedded root signature: the driver gets one made from the shader's. */
    desc.VS = bytecode(&t.vs);
    desc.PS = bytecode(&other_ps);
    check_graphics_reaches_driver(&t, &desc);
    ck_assert_uint_eq(ddi_spy_count(t.spy, "CreateRootSignature"), 1);
    desc.VS = bytecode(&vs);
    desc.PS = bytecode(&ps);
    check_graphics_reaches_driver(&t, &desc);
    /* Two stages, two different embedded root signatures; a broken one. */
    desc.PS = bytecode(&other_ps);
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.PS = bytecode(&t.ps);
    desc.VS = bytecode(&bad_vs);
    check_graphics(&t, &desc, E_INVALIDARG);
    /* A given root signature wins over an embedded one, and is not kept by a failure. */
    desc.pRootSignature = t.root_signature;
    desc.PS = bytecode(&other_ps);
    check_graphics_reaches_driver(&t, &desc);
    ID3D12RootSignature_AddRef(t.root_signature);
    refcount = ID3D12RootSignature_Release(t.root_signature);
    ck_assert_uint_eq(refcount, 1);
    /* Not a root signature of this runtime. */
    desc.pRootSignature = (ID3D12RootSignature *)&t.vs;
    check_graphics(&t, &desc, E_INVALIDARG);

    ID3D10Blob_Release(other_blob);
    ID3D10Blob_Release(blob);
    pso_test_destroy(&t);
}
END_TEST

/*
 * A pipeline keeps its root signature alive with an internal reference only: the count
 * the application sees is the one it set. vkd3d-proton's test_create_compute_pipeline_state
 * (written against Windows) reads 1 on the root signature after creating a pipeline, and
 * its last Release returns 0 before the pipeline's.
 */
START_TEST(test_root_signature_references)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    ID3D12PipelineState *pipeline, *compute;
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute_desc;
    ID3D12RootSignature *signature;
    struct pso_test t;
    ID3DBlob *blob;
    ULONG device_refs;

    pso_test_init(&t);
    init_graphics_desc(&t, &desc);
    ck_assert_int_eq(ID3D12Device_CreateGraphicsPipelineState(t.device, &desc, &IID_ID3D12PipelineState,
                                                              (void **)&pipeline), S_OK);
    ck_assert_uint_eq(get_refcount(t.root_signature), 1);
    ck_assert_uint_eq(ID3D12PipelineState_Release(pipeline), 0);
    ck_assert_uint_eq(get_refcount(t.root_signature), 1);

    /* The application's last Release returns 0; the pipelines keep the object. */
    blob = serialize_constants_root_signature(2, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT);
    device_refs = get_refcount(t.device);
    ck_assert_int_eq(ID3D12Device_CreateRootSignature(t.device, 0, ID3D10Blob_GetBufferPointer(blob),
                     ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&signature), S_OK);
    desc.pRootSignature = signature;
    ck_assert_int_eq(ID3D12Device_CreateGraphicsPipelineState(t.device, &desc, &IID_ID3D12PipelineState,
                                                              (void **)&pipeline), S_OK);
    memset(&compute_desc, 0, sizeof(compute_desc));
    compute_desc.pRootSignature = signature;
    compute_desc.CS = bytecode(&t.cs);
    ck_assert_int_eq(ID3D12Device_CreateComputePipelineState(t.device, &compute_desc, &IID_ID3D12PipelineState,
                                                             (void **)&compute), S_OK);
    ck_assert_uint_eq(get_refcount(signature), 1);
    ck_assert_uint_eq(ID3D12RootSignature_Release(signature), 0);
    /* The pipelines still work with it (valgrind: no use after free). */
    ck_assert_uint_eq(ID3D12PipelineState_Release(compute), 0);
    ck_assert_uint_eq(ID3D12PipelineState_Release(pipeline), 0);
    ck_assert_uint_eq(get_refcount(t.device), device_refs);
    ID3D10Blob_Release(blob);
    pso_test_destroy(&t);
}
END_TEST

START_TEST(test_graphics_targets)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc, base;
    struct pso_test t;

    pso_test_init(&t);
    init_graphics_desc(&t, &base);

    desc = base;
    desc.NumRenderTargets = 9;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc = base;
    desc.RTVFormats[1] = DXGI_FORMAT_R8G8B8A8_UNORM;
    check_graphics(&t, &desc, E_INVALIDARG);
    /* Formats the device cannot render to are nulled out, not refused (vkd3d-proton's
     * test_render_target_support_validation, written against Windows: BC6H and
     * R32_TYPELESS targets, a BC7 depth format); a value that names no format is. */
    desc = base;
    desc.RTVFormats[0] = DXGI_FORMAT_BC1_UNORM;
    check_graphics_reaches_driver(&t, &desc);
    desc = base;
    desc.RTVFormats[0] = DXGI_FORMAT_D32_FLOAT;
    check_graphics_reaches_driver(&t, &desc);
    desc = base;
    desc.DSVFormat = DXGI_FORMAT_R8G8B8A8_UNORM;
    check_graphics_reaches_driver(&t, &desc);
    desc = base;
    desc.DSVFormat = (DXGI_FORMAT)0xfff;
    check_graphics(&t, &desc, E_INVALIDARG);

    /* Samples: a power of two up to 32 the formats support, quality below their levels. */
    desc = base;
    desc.SampleDesc.Count = 0;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.SampleDesc.Count = 3;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.SampleDesc.Count = 64;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.SampleDesc.Count = 1;
    desc.SampleDesc.Quality = 1;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.SampleDesc.Count = 4;
    desc.SampleDesc.Quality = 1000;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.SampleDesc.Count = 16;
    desc.SampleDesc.Quality = 0;
    check_graphics(&t, &desc, E_INVALIDARG);

    /* Topology and strip cut. */
    desc = base;
    desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_UNDEFINED;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.PrimitiveTopologyType = (D3D12_PRIMITIVE_TOPOLOGY_TYPE)5;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc = base;
    desc.IBStripCutValue = (D3D12_INDEX_BUFFER_STRIP_CUT_VALUE)3;
    check_graphics(&t, &desc, E_INVALIDARG);

    /* Common members: flags, node mask, cached blobs. */
    desc = base;
    desc.Flags = (D3D12_PIPELINE_STATE_FLAGS)0x2;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc = base;
    desc.NodeMask = 2;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc = base;
    desc.CachedPSO.CachedBlobSizeInBytes = 16;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.CachedPSO.pCachedBlob = &base;
    check_graphics(&t, &desc, D3D12_ERROR_DRIVER_VERSION_MISMATCH);
    desc = base;
    desc.Flags = D3D12_PIPELINE_STATE_FLAG_TOOL_DEBUG;
    desc.NodeMask = 1;
    check_graphics_reaches_driver(&t, &desc);
    pso_test_destroy(&t);
}
END_TEST

/* A pixel shader writing SV_Target0 to SV_Target<count - 1>. */
static void container_build_ps_targets(struct container *c, unsigned int count)
{
    struct signature_element targets[3];
    unsigned char osgn[256];
    unsigned int i;

    for (i = 0; i < count; ++i)
        targets[i] = (struct signature_element){"SV_Target", i, 0, i, 0xf, 0};
    {
        const struct part parts[] =
        {
            {TAG('I', 'S', 'G', 'N'), position_signature, sizeof(position_signature)},
            {TAG('O', 'S', 'G', 'N'), osgn, signature_build(osgn, sizeof(osgn), targets, count)},
            {TAG('S', 'H', 'E', 'X'), ps_program, sizeof(ps_program)},
        };

        container_build(c, parts, ARRAY_SIZE(parts));
    }
}

START_TEST(test_graphics_blend)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc, base;
    D3D12_RENDER_TARGET_BLEND_DESC *rt;
    struct container ps_2rt;
    struct pso_test t;

    pso_test_init(&t);
    init_graphics_desc(&t, &base);
    rt = &base.BlendState.RenderTarget[0];
    enable_blend(rt, D3D12_BLEND_ONE, D3D12_BLEND_ZERO, D3D12_BLEND_ONE, D3D12_BLEND_ZERO);
    check_graphics_reaches_driver(&t, &base);

#define BLEND_CASE(member, value) \
    do { desc = base; desc.BlendState.RenderTarget[0].member = value; check_graphics(&t, &desc, E_INVALIDARG); } \
    while (0)
    BLEND_CASE(SrcBlend, (D3D12_BLEND)0);
    BLEND_CASE(SrcBlend, (D3D12_BLEND)12);
    BLEND_CASE(DestBlend, (D3D12_BLEND)22);
    BLEND_CASE(BlendOp, (D3D12_BLEND_OP)6);
    BLEND_CASE(SrcBlendAlpha, D3D12_BLEND_SRC_COLOR);
    BLEND_CASE(DestBlendAlpha, D3D12_BLEND_INV_DEST_COLOR);
    BLEND_CASE(BlendOpAlpha, (D3D12_BLEND_OP)0);
    /* The alpha factor needs AlphaBlendFactorSupported, which the device does not report. */
    BLEND_CASE(SrcBlend, D3D12_BLEND_ALPHA_FACTOR);
    BLEND_CASE(RenderTargetWriteMask, 0x10);
    /* Blending and a logic op together (Microsoft Learn, D3D12_RENDER_TARGET_BLEND_DESC:
     * "not valid for LogicOpEnable and BlendEnable to both be TRUE"). */
    BLEND_CASE(LogicOpEnable, TRUE);
    /* A logic op alone: on a UINT target it reaches the driver (OutputMergerLogicOp TRUE);
     * on a UNORM one, whose format lacks FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP, it is
     * refused; so is an op past OR_INVERTED. */
    desc = base;
    desc.BlendState.RenderTarget[0].BlendEnable = FALSE;
    desc.BlendState.RenderTarget[0].LogicOpEnable = TRUE;
    desc.BlendState.RenderTarget[0].LogicOp = D3D12_LOGIC_OP_XOR;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UINT;
    check_graphics_reaches_driver(&t, &desc);
    desc.BlendState.RenderTarget[0].LogicOp = (D3D12_LOGIC_OP)(D3D12_LOGIC_OP_OR_INVERTED + 1);
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.BlendState.RenderTarget[0].LogicOp = D3D12_LOGIC_OP_OR_INVERTED;
    desc.RTVFormats[0] = DXGI_FORMAT_R32_SINT;
    check_graphics(&t, &desc, E_INVALIDARG);
#undef BLEND_CASE

    /* An integer target does not blend; without independent blending RenderTarget[0]
     * applies to every target. Refused only when the pixel shader writes the target
     * (vkd3d-proton's test_integer_blending_pipeline_state, written against Windows). */
    container_build_ps_targets(&ps_2rt, 2);
    desc = base;
    desc.NumRenderTargets = 2;
    desc.RTVFormats[1] = DXGI_FORMAT_R32_UINT;
    check_graphics_reaches_driver(&t, &desc);
    desc.PS = bytecode(&ps_2rt);
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.BlendState.IndependentBlendEnable = TRUE;
    check_graphics_reaches_driver(&t, &desc);
    /* The alpha factors take no colour, SRC1_COLOR included (Microsoft Learn,
     * D3D12_RENDER_TARGET_BLEND_DESC: "Blend options that end in _COLOR are not
     * allowed" in SrcBlendAlpha and DestBlendAlpha). */
    desc = base;
    desc.BlendState.RenderTarget[0].SrcBlendAlpha = D3D12_BLEND_SRC1_COLOR;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.BlendState.RenderTarget[0].SrcBlendAlpha = D3D12_BLEND_ONE;
    desc.BlendState.RenderTarget[0].DestBlendAlpha = D3D12_BLEND_INV_SRC1_COLOR;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.BlendState.RenderTarget[0].DestBlendAlpha = D3D12_BLEND_INV_SRC1_ALPHA;
    check_graphics_reaches_driver(&t, &desc);
    /* Enumerations of a disabled blend are not looked at. */
    desc = base;
    desc.BlendState.RenderTarget[0].BlendEnable = FALSE;
    desc.BlendState.RenderTarget[0].SrcBlend = (D3D12_BLEND)0;
    check_graphics_reaches_driver(&t, &desc);
    pso_test_destroy(&t);
}
END_TEST

/*
 * Dual-source blending, each case as vkd3d-proton's test_dual_source_blending found
 * Windows answers it (its pixel shaders write o0 and o1, or o0 to o2): with a SRC1 factor
 * in render target 0's blend, a target the pixel shader writes besides 0 may not be bound
 * (its format must be UNKNOWN) nor, with independent blending, blend.
 */
START_TEST(test_graphics_dual_source)
{
    D3D12_RENDER_TARGET_BLEND_DESC *rt0, *rt1;
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct container ps, ps_3rt;
    struct pso_test t;

    pso_test_init(&t);
    container_build_ps_targets(&ps, 2);
    container_build_ps_targets(&ps_3rt, 3);
    init_graphics_desc(&t, &desc);
    desc.PS = bytecode(&ps);
    rt0 = &desc.BlendState.RenderTarget[0];
    rt1 = &desc.BlendState.RenderTarget[1];
    enable_blend(rt0, D3D12_BLEND_SRC_COLOR, D3D12_BLEND_SRC1_COLOR, D3D12_BLEND_SRC_ALPHA, D3D12_BLEND_SRC1_ALPHA);
    check_graphics_reaches_driver(&t, &desc);

    /* o1 goes to a bound target 1. */
    desc.NumRenderTargets = 2;
    desc.RTVFormats[1] = desc.RTVFormats[0];
    check_graphics(&t, &desc, E_INVALIDARG);
    /* A zero write mask on target 1 does not make it unbound. */
    desc.BlendState.IndependentBlendEnable = TRUE;
    rt1->RenderTargetWriteMask = 0;
    check_graphics(&t, &desc, E_INVALIDARG);
    /* Unbound (UNKNOWN) targets are fine, however many. */
    desc.RTVFormats[1] = DXGI_FORMAT_UNKNOWN;
    desc.BlendState.IndependentBlendEnable = FALSE;
    check_graphics_reaches_driver(&t, &desc);
    desc.NumRenderTargets = 3;
    check_graphics_reaches_driver(&t, &desc);
    /* A bound target the shader does not write is fine too ... */
    desc.RTVFormats[2] = desc.RTVFormats[0];
    check_graphics_reaches_driver(&t, &desc);
    /* ... until the shader writes it. */
    desc.PS = bytecode(&ps_3rt);
    check_graphics(&t, &desc, E_INVALIDARG);
    /* Writing targets beyond the bound ones is fine. */
    desc.NumRenderTargets = 1;
    desc.RTVFormats[2] = DXGI_FORMAT_UNKNOWN;
    check_graphics_reaches_driver(&t, &desc);
    desc.PS = bytecode(&ps);

    /* Independent blending: target 1 (written by the shader) may not blend, with SRC1
     * factors or without, even when it is not bound. */
    desc.BlendState.IndependentBlendEnable = TRUE;
    check_graphics_reaches_driver(&t, &desc);
    *rt1 = *rt0;
    check_graphics(&t, &desc, E_INVALIDARG);
    rt1->DestBlend = D3D12_BLEND_SRC_COLOR;
    rt1->DestBlendAlpha = D3D12_BLEND_SRC_ALPHA;
    check_graphics(&t, &desc, E_INVALIDARG);
    rt1->BlendEnable = FALSE;
    check_graphics_reaches_driver(&t, &desc);

    /* Without a SRC1 factor in target 0's blend (or with nothing written to target 0:
     * vkd3d-proton's rule) target 1 is an ordinary target. */
    desc.NumRenderTargets = 2;
    desc.RTVFormats[1] = desc.RTVFormats[0];
    rt0->RenderTargetWriteMask = 0;
    check_graphics_reaches_driver(&t, &desc);
    rt0->RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    rt0->DestBlend = D3D12_BLEND_ZERO;
    rt0->DestBlendAlpha = D3D12_BLEND_ZERO;
    check_graphics_reaches_driver(&t, &desc);
    /* SRC1 factors on target 1 alone: undefined (dual-source blending is target 0's),
     * not refused; the debug layer warns. */
    rt1->BlendEnable = TRUE;
    rt1->DestBlend = D3D12_BLEND_SRC1_COLOR;
    check_graphics_reaches_driver(&t, &desc);
    pso_test_destroy(&t);
}
END_TEST

/*
 * The input layout feeds every input the vertex shader's signature declares, read or
 * not (MonoGame issue 9523: on Windows, a D3D12 vertex shader declaring an unused COLOR0
 * that the layout lacks fails creation with E_INVALIDARG), by name without case and
 * index; the IA's own values (SV_VertexID, SV_InstanceID) need no element, but
 * SV_Position as a vertex input is a plain semantic (Wine's D3D11 tests, run on
 * Windows). Extra elements and other formats are fine: a layout may feed any shader
 * whose inputs it covers (Microsoft Learn, "Getting Started with the Input-Assembler
 * Stage"), and the formats are not checked against the component types.
 */
START_TEST(test_graphics_input_signature)
{
    static const struct signature_element inputs[] =
    {
        {"POSITION", 0, 0, 0, 0xf, 0xf},
        {"TEXCOORD", 1, 0, 1, 0x3, 0x0},           /* declared, not read */
        {"SV_VertexID", 0, 6, 2, 0x1, 0x1},         /* D3D_NAME_VERTEX_ID */
        {"SV_InstanceID", 0, 8, 3, 0x1, 0x1},       /* D3D_NAME_INSTANCE_ID */
    };
    static const struct signature_element position_input[] = {{"SV_Position", 0, 0, 0, 0xf, 0xf}};
    D3D12_INPUT_ELEMENT_DESC elements[3] =
    {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 1, DXGI_FORMAT_R32G32_FLOAT, 0, 16, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
        {"NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 1, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    };
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    unsigned char isgn[512];
    struct container vs;
    struct pso_test t;

    pso_test_init(&t);
    {
        const struct part parts[] =
        {
            {TAG('I', 'S', 'G', 'N'), isgn, signature_build(isgn, sizeof(isgn), inputs, ARRAY_SIZE(inputs))},
            {TAG('O', 'S', 'G', 'N'), position_signature, sizeof(position_signature)},
            {TAG('S', 'H', 'E', 'X'), vs_program, sizeof(vs_program)},
        };
        container_build(&vs, parts, ARRAY_SIZE(parts));
    }
    init_graphics_desc(&t, &desc);
    desc.VS = bytecode(&vs);
    desc.InputLayout.pInputElementDescs = elements;
    desc.InputLayout.NumElements = 2;
    check_graphics_reaches_driver(&t, &desc);
    desc.InputLayout.NumElements = 3;                 /* NORMAL0 is not in the signature */
    check_graphics_reaches_driver(&t, &desc);
    elements[0].SemanticName = "Position";
    elements[1].SemanticName = "texcoord";
    elements[0].Format = DXGI_FORMAT_R32G32B32A32_UINT;
    check_graphics_reaches_driver(&t, &desc);
    /* TEXCOORD1 missing: neither another index nor no element will do. */
    elements[1].SemanticIndex = 0;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.InputLayout.NumElements = 1;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.InputLayout.NumElements = 0;
    desc.InputLayout.pInputElementDescs = NULL;
    check_graphics(&t, &desc, E_INVALIDARG);

    /* A shader reading SV_Position: it needs an element like any other name. */
    {
        const struct part parts[] =
        {
            {TAG('I', 'S', 'G', 'N'), isgn, signature_build(isgn, sizeof(isgn), position_input, 1)},
            {TAG('O', 'S', 'G', 'N'), position_signature, sizeof(position_signature)},
            {TAG('S', 'H', 'E', 'X'), vs_program, sizeof(vs_program)},
        };
        container_build(&vs, parts, ARRAY_SIZE(parts));
    }
    desc.VS = bytecode(&vs);
    check_graphics(&t, &desc, E_INVALIDARG);
    elements[0].SemanticName = "SV_POSITION";
    desc.InputLayout.pInputElementDescs = elements;
    desc.InputLayout.NumElements = 1;
    check_graphics_reaches_driver(&t, &desc);
    /* Only the IA's values: no layout at all. */
    desc.VS = bytecode(&t.vs_no_inputs);
    desc.InputLayout.NumElements = 0;
    check_graphics_reaches_driver(&t, &desc);
    pso_test_destroy(&t);
}
END_TEST

START_TEST(test_graphics_rasterizer_depth)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc, base;
    struct pso_test t;

    pso_test_init(&t);
    init_graphics_desc(&t, &base);
    base.DSVFormat = DXGI_FORMAT_D24_UNORM_S8_UINT;

#define CASE(field, value) \
    do { desc = base; desc.field = value; check_graphics(&t, &desc, E_INVALIDARG); } while (0)
    CASE(RasterizerState.FillMode, (D3D12_FILL_MODE)0);
    CASE(RasterizerState.FillMode, (D3D12_FILL_MODE)4);
    CASE(RasterizerState.CullMode, (D3D12_CULL_MODE)0);
    CASE(RasterizerState.CullMode, (D3D12_CULL_MODE)4);
    CASE(RasterizerState.DepthBiasClamp, __builtin_nanf(""));
    CASE(RasterizerState.SlopeScaledDepthBias, __builtin_nanf(""));
    CASE(RasterizerState.ConservativeRaster, D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON);
    CASE(RasterizerState.ConservativeRaster, (D3D12_CONSERVATIVE_RASTERIZATION_MODE)2);
    CASE(RasterizerState.ForcedSampleCount, 3);
    /* Forced sample counts need no depth-stencil. */
    CASE(RasterizerState.ForcedSampleCount, 4);

    base.DepthStencilState.DepthEnable = TRUE;
    base.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ZERO;
    base.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_GREATER;
    base.DepthStencilState.StencilEnable = TRUE;
    base.DepthStencilState.FrontFace.StencilFailOp = D3D12_STENCIL_OP_INCR_SAT;
    base.DepthStencilState.FrontFace.StencilDepthFailOp = D3D12_STENCIL_OP_INVERT;
    base.DepthStencilState.FrontFace.StencilPassOp = D3D12_STENCIL_OP_ZERO;
    base.DepthStencilState.FrontFace.StencilFunc = D3D12_COMPARISON_FUNC_NOT_EQUAL;
    base.DepthStencilState.BackFace = base.DepthStencilState.FrontFace;
    check_graphics_reaches_driver(&t, &base);
    CASE(DepthStencilState.DepthWriteMask, (D3D12_DEPTH_WRITE_MASK)2);
    CASE(DepthStencilState.DepthFunc, D3D12_COMPARISON_FUNC_NONE);
    CASE(DepthStencilState.DepthFunc, (D3D12_COMPARISON_FUNC)9);
    CASE(DepthStencilState.FrontFace.StencilFailOp, (D3D12_STENCIL_OP)0);
    CASE(DepthStencilState.FrontFace.StencilDepthFailOp, (D3D12_STENCIL_OP)9);
    CASE(DepthStencilState.FrontFace.StencilPassOp, (D3D12_STENCIL_OP)0);
    CASE(DepthStencilState.FrontFace.StencilFunc, (D3D12_COMPARISON_FUNC)0);
    CASE(DepthStencilState.BackFace.StencilFailOp, (D3D12_STENCIL_OP)9);
    CASE(DepthStencilState.BackFace.StencilDepthFailOp, (D3D12_STENCIL_OP)0);
    CASE(DepthStencilState.BackFace.StencilPassOp, (D3D12_STENCIL_OP)9);
    CASE(DepthStencilState.BackFace.StencilFunc, (D3D12_COMPARISON_FUNC)9);
#undef CASE

    /* A zeroed depth-stencil state (everything off) is valid. */
    desc = base;
    memset(&desc.DepthStencilState, 0, sizeof(desc.DepthStencilState));
    check_graphics_reaches_driver(&t, &desc);
    pso_test_destroy(&t);
}
END_TEST

START_TEST(test_graphics_input_layout)
{
    D3D12_INPUT_ELEMENT_DESC elements[33], base_elements[3] =
    {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R16G16_FLOAT, 0, D3D12_APPEND_ALIGNED_ELEMENT,
         D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 5, 4, D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA, 1},
    };
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct pso_test t;
    unsigned int i;

    pso_test_init(&t);
    init_graphics_desc(&t, &desc);
    desc.InputLayout.pInputElementDescs = elements;
    desc.InputLayout.NumElements = ARRAY_SIZE(base_elements);
    memcpy(elements, base_elements, sizeof(base_elements));
    check_graphics_reaches_driver(&t, &desc);

#define CASE(index, field, value) \
    do { \
        memcpy(elements, base_elements, sizeof(base_elements)); \
        elements[index].field = value; \
        check_graphics(&t, &desc, E_INVALIDARG); \
    } while (0)
    CASE(0, SemanticName, NULL);
    CASE(1, SemanticName, "position");             /* names compare without case */
    CASE(2, InputSlot, D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT);
    CASE(2, InputSlotClass, (D3D12_INPUT_CLASSIFICATION)2);
    CASE(0, InstanceDataStepRate, 1);               /* per-vertex data has no step rate */
    CASE(1, InputSlotClass, D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA);  /* slot 0 changes class */
    CASE(0, Format, DXGI_FORMAT_BC1_UNORM);
    CASE(0, Format, DXGI_FORMAT_UNKNOWN);
    CASE(0, AlignedByteOffset, 2);                  /* 4-byte components */
    CASE(2, AlignedByteOffset, 2046);               /* past 2048 bytes */
#undef CASE
    /* Append-aligned after a 12-byte element: offset 12, fine; a second element named
     * like the first with another index is fine too. */
    memcpy(elements, base_elements, sizeof(base_elements));
    elements[1].SemanticName = "POSITION";
    elements[1].SemanticIndex = 1;
    check_graphics_reaches_driver(&t, &desc);

    for (i = 0; i < ARRAY_SIZE(elements); ++i)
    {
        elements[i] = base_elements[0];
        elements[i].SemanticIndex = i;
        elements[i].AlignedByteOffset = D3D12_APPEND_ALIGNED_ELEMENT;
    }
    desc.InputLayout.NumElements = 32;
    check_graphics_reaches_driver(&t, &desc);
    desc.InputLayout.NumElements = 33;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.InputLayout.NumElements = 1;
    desc.InputLayout.pInputElementDescs = NULL;
    check_graphics(&t, &desc, E_INVALIDARG);
    pso_test_destroy(&t);
}
END_TEST

START_TEST(test_graphics_stream_output)
{
    D3D12_SO_DECLARATION_ENTRY entries[2] =
    {
        {0, "POSITION", 0, 0, 4, 0},
        {0, "TEXCOORD", 0, 2, 2, 1},
    };
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    UINT strides[2] = {16, 8};
    struct pso_test t;

    pso_test_init(&t);
    init_graphics_desc(&t, &desc);
    desc.StreamOutput.pSODeclaration = entries;
    desc.StreamOutput.NumEntries = ARRAY_SIZE(entries);
    desc.StreamOutput.pBufferStrides = strides;
    desc.StreamOutput.NumStrides = ARRAY_SIZE(strides);
    desc.StreamOutput.RasterizedStream = D3D12_SO_NO_RASTERIZED_STREAM;
    /* Valid: the driver refuses stream output. */
    check_graphics_driver_refuses(&t, &desc);

    desc.StreamOutput.RasterizedStream = 4;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.StreamOutput.RasterizedStream = 0;
    strides[1] = 6;
    check_graphics(&t, &desc, E_INVALIDARG);
    strides[1] = 8;
    desc.StreamOutput.NumStrides = 5;
    check_graphics(&t, &desc, E_INVALIDARG);
    desc.StreamOutput.NumStrides = 2;
    entries[1].Stream = 4;
    check_graphics(&t, &desc, E_INVALIDARG);
    entries[1].Stream = 0;
    entries[1].OutputSlot = 4;
    check_graphics(&t, &desc, E_INVALIDARG);
    entries[1].OutputSlot = 1;
    entries[1].StartComponent = 3;
    check_graphics(&t, &desc, E_INVALIDARG);
    entries[1].StartComponent = 0;
    entries[1].ComponentCount = 0;
    check_graphics(&t, &desc, E_INVALIDARG);
    entries[1].ComponentCount = 2;
    desc.StreamOutput.pSODeclaration = NULL;
    check_graphics(&t, &desc, E_INVALIDARG);
    pso_test_destroy(&t);
}
END_TEST

/* ---- Compute --------------------------------------------------------------------------- */

#define check_compute(t, desc, hr, driver_calls) check_compute_(__LINE__, t, desc, hr, driver_calls)
static void check_compute_(unsigned int line, struct pso_test *t, const D3D12_COMPUTE_PIPELINE_STATE_DESC *desc,
                           HRESULT expected, size_t driver_calls)
{
    void *state = (void *)(uintptr_t)0xdeadbeef;
    HRESULT hr;

    ddi_spy_clear(t->spy);
    hr = ID3D12Device_CreateComputePipelineState(t->device, desc, &IID_ID3D12PipelineState, &state);
    ck_assert_msg(hr == expected, "line %u: hr %#x, expected %#x", line, (unsigned int)hr, (unsigned int)expected);
    ck_assert_msg(!state == FAILED(expected), "line %u: state %p", line, state);
    ck_assert_msg(pipeline_calls(t) == driver_calls, "line %u: the driver saw %zu pipelines", line, pipeline_calls(t));
    if (state)
        ID3D12PipelineState_Release((ID3D12PipelineState *)state);
}

START_TEST(test_compute)
{
    D3D12_COMPUTE_PIPELINE_STATE_DESC desc;
    struct ddi_spy_call call;
    struct pso_test t;
    size_t i;

    pso_test_init(&t);
    memset(&desc, 0, sizeof(desc));
    desc.pRootSignature = t.root_signature;
    desc.CS = bytecode(&t.cs);
    check_compute(&t, &desc, S_OK, 1);
    ck_assert((i = ddi_spy_find(t.spy, 0, "CreatePipelineState")) != (size_t)-1);
    ck_assert(ddi_spy_get_call(t.spy, i, &call));
    ck_assert_ptr_nonnull(strstr(call.args, "Type=COMPUTE"));
    ck_assert_int_eq(ID3D12Device_CreateComputePipelineState(t.device, &desc, &IID_ID3D12PipelineState, NULL),
                     S_FALSE);

    check_compute(&t, NULL, E_INVALIDARG, 0);
    desc.CS = bytecode(&t.vs);
    check_compute(&t, &desc, E_INVALIDARG, 0);
    desc.CS.BytecodeLength = 0;
    check_compute(&t, &desc, E_INVALIDARG, 0);
    desc.CS = bytecode(&t.cs);
    desc.pRootSignature = NULL;
    check_compute(&t, &desc, E_INVALIDARG, 0);
    desc.pRootSignature = t.root_signature;
    desc.NodeMask = 3;
    check_compute(&t, &desc, E_INVALIDARG, 0);
    desc.NodeMask = 0;
    desc.Flags = (D3D12_PIPELINE_STATE_FLAGS)0x8;
    check_compute(&t, &desc, E_INVALIDARG, 0);
    pso_test_destroy(&t);
}
END_TEST

/* The text of the last stored message with that id contains the words. */
static void check_message_text(ID3D12Device *device, D3D12_MESSAGE_ID id, const char *words)
{
    UINT64 i, count = async_message_count(device);
    struct async_message message;

    for (i = count; i-- > 0;)
    {
        async_get_message(device, i, &message);
        if (message.id != id)
            continue;
        ck_assert_msg(strstr(message.text, words), "\"%s\" does not say \"%s\"", message.text, words);
        return;
    }
    ck_abort_msg("no message %d among %llu", id, (unsigned long long)count);
}

/*
 * A DXIL compute shader on a driver that runs DXBC only: refused with E_INVALIDARG and
 * the reason, after its embedded root signature was read (a broken one is refused as
 * such; a new one reaches the driver), and never reaching the driver's pipeline.
 */
START_TEST(test_compute_dxil)
{
    static const uint32_t cs_dxil[8] = {0x00050060, 8, 0x4c495844, 0x100, 16, 8, 0xdec04342, 0x00001435};
    struct container plain, embedded, broken_container;
    D3D12_COMPUTE_PIPELINE_STATE_DESC desc;
    unsigned char broken[8];
    const void *rts0;
    size_t rts0_size;
    struct pso_test t;
    ID3DBlob *blob;

    async_enable_debug_layer();
    pso_test_init(&t);
    blob = serialize_constants_root_signature(4, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    root_signature_part(blob, &rts0, &rts0_size);
    memset(broken, 0xff, sizeof(broken));
    {
        const struct part parts[] = {{TAG('D', 'X', 'I', 'L'), cs_dxil, sizeof(cs_dxil)}};
        const struct part with_rts0[] = {{TAG('D', 'X', 'I', 'L'), cs_dxil, sizeof(cs_dxil)},
                                         {TAG('R', 'T', 'S', '0'), rts0, rts0_size}};
        const struct part with_broken[] = {{TAG('D', 'X', 'I', 'L'), cs_dxil, sizeof(cs_dxil)},
                                           {TAG('R', 'T', 'S', '0'), broken, sizeof(broken)}};

        container_build(&plain, parts, ARRAY_SIZE(parts));
        container_build(&embedded, with_rts0, ARRAY_SIZE(with_rts0));
        container_build(&broken_container, with_broken, ARRAY_SIZE(with_broken));
    }
    memset(&desc, 0, sizeof(desc));

    desc.pRootSignature = t.root_signature;
    desc.CS = bytecode(&plain);
    check_compute(&t, &desc, E_INVALIDARG, 0);
    check_message_text(t.device, D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_INVALID_SHADER,
                       "CS is DXIL (shader model 6.0); the device's driver runs DXBC only (DXILSupported FALSE, "
                       "highest shader model 5.1)");
    /* No root signature given or embedded: that is the first refusal. */
    desc.pRootSignature = NULL;
    check_compute(&t, &desc, E_INVALIDARG, 0);
    check_message_text(t.device, D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE,
                       "no root signature");
    /* An embedded one is honoured: the driver gets the root signature, not the pipeline. */
    desc.CS = bytecode(&embedded);
    check_compute(&t, &desc, E_INVALIDARG, 0);
    ck_assert_uint_eq(ddi_spy_count(t.spy, "CreateRootSignature"), 1);
    check_message_text(t.device, D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_INVALID_SHADER, "CS is DXIL");
    desc.CS = bytecode(&broken_container);
    check_compute(&t, &desc, E_INVALIDARG, 0);
    ck_assert_uint_eq(ddi_spy_count(t.spy, "CreateRootSignature"), 0);

    ID3D10Blob_Release(blob);
    pso_test_destroy(&t);
}
END_TEST

/*
 * Unsigned DXIL, as Mesa's d3d12 driver writes it: refused as unsigned unless the
 * experimental shader models are enabled (Mesa enables them), and then refused for
 * being DXIL on this driver, with the same message as signed DXIL.
 */
START_TEST(test_compute_dxil_unsigned)
{
    static const uint32_t cs_dxil[8] = {0x00050060, 8, 0x4c495844, 0x100, 16, 8, 0xdec04342, 0x00001435};
    const struct part parts[] = {{TAG('D', 'X', 'I', 'L'), cs_dxil, sizeof(cs_dxil)}};
    IID shader_models = D3D12ExperimentalShaderModels;
    D3D12_COMPUTE_PIPELINE_STATE_DESC desc;
    struct container unsigned_cs;
    struct pso_test t;

    async_enable_debug_layer();
    container_build(&unsigned_cs, parts, ARRAY_SIZE(parts));
    memset(unsigned_cs.bytes + 4, 0, 16);
    memset(&desc, 0, sizeof(desc));
    desc.CS = bytecode(&unsigned_cs);

    pso_test_init(&t);
    desc.pRootSignature = t.root_signature;
    check_compute(&t, &desc, E_INVALIDARG, 0);
    check_message_text(t.device, D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_INVALID_SHADER,
                       "CS is unsigned (its checksum is zero); enable D3D12ExperimentalShaderModels to run unsigned "
                       "DXIL");
    pso_test_destroy(&t);

    ck_assert_int_eq(D3D12EnableExperimentalFeatures(1, &shader_models, NULL, NULL), S_OK);
    pso_test_init(&t);
    desc.pRootSignature = t.root_signature;
    check_compute(&t, &desc, E_INVALIDARG, 0);
    check_message_text(t.device, D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_INVALID_SHADER,
                       "CS is DXIL (shader model 6.0); the device's driver runs DXBC only");
    pso_test_destroy(&t);
}
END_TEST

/* The stored message with that id: STATE_CREATION, ERROR, its text naming the method. */
static void check_creation_message(ID3D12Device *device, D3D12_MESSAGE_ID id, const char *method)
{
    UINT64 i, count = async_message_count(device);
    struct async_message message;

    for (i = 0; i < count; ++i)
    {
        async_get_message(device, i, &message);
        if (message.id != id)
            continue;
        ck_assert_int_eq(message.category, D3D12_MESSAGE_CATEGORY_STATE_CREATION);
        ck_assert_int_eq(message.severity, D3D12_MESSAGE_SEVERITY_ERROR);
        ck_assert_msg(!strncmp(message.text, method, strlen(method)), "\"%s\" does not name %s", message.text,
                      method);
        return;
    }
    ck_abort_msg("no message %d among %llu", id, (unsigned long long)count);
}

/* A stored STATE_CREATION warning with that id. */
static void check_warning(ID3D12Device *device, D3D12_MESSAGE_ID id)
{
    UINT64 i, count = async_message_count(device);
    struct async_message message;

    for (i = 0; i < count; ++i)
    {
        async_get_message(device, i, &message);
        if (message.id == id && message.severity == D3D12_MESSAGE_SEVERITY_WARNING
                && message.category == D3D12_MESSAGE_CATEGORY_STATE_CREATION)
            return;
    }
    ck_abort_msg("no warning %d among %llu", id, (unsigned long long)count);
}

START_TEST(test_messages)
{
    D3D12_INDIRECT_ARGUMENT_DESC argument = {D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH, {{0}}};
    D3D12_COMMAND_SIGNATURE_DESC signature_desc = {8, 1, &argument, 0};
    D3D12_QUERY_HEAP_DESC heap_desc = {D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS, 1, 0};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    D3D12_INPUT_ELEMENT_DESC element;
    struct container ps;
    struct pso_test t;
    void *object;

    async_enable_debug_layer();
    pso_test_init(&t);
    init_graphics_desc(&t, &desc);
    desc.VS.BytecodeLength = 0;
    check_graphics(&t, &desc, E_INVALIDARG);
    check_creation_message(t.device, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_VERTEX_SHADER_NOT_SET,
                           "CreateGraphicsPipelineState: ");
    init_graphics_desc(&t, &desc);
    desc.InputLayout.NumElements = 0;
    check_graphics(&t, &desc, E_INVALIDARG);
    check_creation_message(t.device, D3D12_MESSAGE_ID_CREATEINPUTLAYOUT_MISSINGELEMENT, "CreateGraphicsPipelineState: ");
    /* A float input fed from a UINT format: created, with D3D11's warning (its text: "This
     * is not an error, since behavior is well defined"). */
    init_graphics_desc(&t, &desc);
    element = desc.InputLayout.pInputElementDescs[0];
    element.Format = DXGI_FORMAT_R32G32B32A32_UINT;
    desc.InputLayout.pInputElementDescs = &element;
    check_graphics_reaches_driver(&t, &desc);
    check_warning(t.device, D3D12_MESSAGE_ID_CREATEINPUTLAYOUT_TYPE_MISMATCH);
    container_build_ps_targets(&ps, 2);
    init_graphics_desc(&t, &desc);
    desc.PS = bytecode(&ps);
    desc.NumRenderTargets = 2;
    desc.RTVFormats[1] = DXGI_FORMAT_R8G8B8A8_UNORM;
    enable_blend(&desc.BlendState.RenderTarget[0], D3D12_BLEND_SRC1_ALPHA, D3D12_BLEND_INV_SRC1_ALPHA,
                 D3D12_BLEND_ONE, D3D12_BLEND_ZERO);
    check_graphics(&t, &desc, E_INVALIDARG);
    check_creation_message(t.device,
                           D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_OM_DUAL_SOURCE_BLENDING_CAN_ONLY_HAVE_RENDER_TARGET_0,
                           "CreateGraphicsPipelineState: ");
    /* SRC1 factors on target 1 alone: created, with a warning. */
    desc.BlendState.IndependentBlendEnable = TRUE;
    desc.BlendState.RenderTarget[1] = desc.BlendState.RenderTarget[0];
    desc.BlendState.RenderTarget[0].BlendEnable = FALSE;
    check_graphics_reaches_driver(&t, &desc);
    check_warning(t.device,
                  D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_OM_DUAL_SOURCE_BLENDING_CAN_ONLY_HAVE_RENDER_TARGET_0);
    ck_assert_int_eq(ID3D12Device_CreateQueryHeap(t.device, &heap_desc, &IID_ID3D12QueryHeap, &object),
                     DXGI_ERROR_UNSUPPORTED);
    check_creation_message(t.device, D3D12_MESSAGE_ID_CREATEQUERY_HEAP_VIDEO_DECODE_STATISTICS_NOT_SUPPORTED,
                           "CreateQueryHeap: ");
    ck_assert_int_eq(ID3D12Device_CreateCommandSignature(t.device, &signature_desc, NULL,
                     &IID_ID3D12CommandSignature, &object), E_INVALIDARG);
    check_creation_message(t.device, D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID, "CreateCommandSignature: ");
    pso_test_destroy(&t);
}
END_TEST

Suite *pipeline_state_suite(void)
{
    Suite *suite = suite_create("pipeline states");
    TCase *tc = tcase_create("graphics");

    tcase_add_test(tc, test_graphics_valid);
    tcase_add_test(tc, test_graphics_shaders);
    tcase_add_test(tc, test_graphics_root_signature);
    tcase_add_test(tc, test_root_signature_references);
    tcase_add_test(tc, test_graphics_targets);
    tcase_add_test(tc, test_graphics_blend);
    tcase_add_test(tc, test_graphics_dual_source);
    tcase_add_test(tc, test_graphics_input_signature);
    tcase_add_test(tc, test_graphics_rasterizer_depth);
    tcase_add_test(tc, test_graphics_input_layout);
    tcase_add_test(tc, test_graphics_stream_output);
    suite_add_tcase(suite, tc);
    tc = tcase_create("compute");
    tcase_add_test(tc, test_compute);
    tcase_add_test(tc, test_compute_dxil);
    tcase_add_test(tc, test_compute_dxil_unsigned);
    suite_add_tcase(suite, tc);
    tc = tcase_create("messages");
    tcase_add_test(tc, test_messages);
    suite_add_tcase(suite, tc);
    return suite;
}
