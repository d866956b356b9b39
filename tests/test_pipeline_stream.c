/*
 * Pipeline-state streams (CreatePipelineState): the layout d3dx12 gives them (each
 * subobject pointer-aligned, its data at its natural alignment), D3D12's defaults for
 * what a stream leaves out, every subobject type of DirectX-Headers 1.606.4, and the
 * errors (unknown, duplicate, truncated, contradictory, unsupported) with their exact
 * HRESULTs. Also the creation methods this device reports as unsupported.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_pipeline.h"
#include "ddi_spy.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

/* One subobject as d3dx12's CD3DX12_PIPELINE_STATE_STREAM_SUBOBJECT lays it out; the
 * compiler, not the runtime's arithmetic, decides the offsets. */
#define SUBOBJECT(name, inner) \
    struct name \
    { \
        alignas(void *) D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type; \
        inner value; \
    }
SUBOBJECT(sub_root_signature, ID3D12RootSignature *);
SUBOBJECT(sub_shader, D3D12_SHADER_BYTECODE);
SUBOBJECT(sub_uint, UINT);
SUBOBJECT(sub_topology, D3D12_PRIMITIVE_TOPOLOGY_TYPE);
SUBOBJECT(sub_formats, struct D3D12_RT_FORMAT_ARRAY);
SUBOBJECT(sub_rasterizer, D3D12_RASTERIZER_DESC);
SUBOBJECT(sub_sample, DXGI_SAMPLE_DESC);

struct graphics_stream
{
    struct sub_root_signature root_signature;
    struct sub_shader vs;
    struct sub_uint sample_mask;
    struct sub_shader ps;
    struct sub_topology topology;
    struct sub_formats formats;
    struct sub_rasterizer rasterizer;
    struct sub_sample sample;
};

/* A stream assembled at run time, for the cases a struct cannot express. */
struct stream
{
    alignas(void *) unsigned char data[2048];
    size_t size;
};

static void stream_add(struct stream *s, D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type, const void *value,
                       size_t size, size_t align)
{
    size_t data_offset = (s->size + sizeof(type) + align - 1) / align * align;

    ck_assert(data_offset + size <= sizeof(s->data));
    memcpy(s->data + s->size, &type, sizeof(type));
    memcpy(s->data + data_offset, value, size);
    s->size = (data_offset + size + sizeof(void *) - 1) / sizeof(void *) * sizeof(void *);
}

#define STREAM_ADD(s, type, value) stream_add(s, D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_##type, &(value), \
                                              sizeof(value), alignof(__typeof__(value)))

static void init_graphics_stream(const struct pso_test *t, struct graphics_stream *s)
{
    memset(s, 0, sizeof(*s));
    s->root_signature.type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE;
    s->root_signature.value = t->root_signature;
    s->vs.type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_VS;
    s->vs.value = bytecode(&t->vs_no_inputs);
    s->sample_mask.type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_MASK;
    s->sample_mask.value = ~0u;
    s->ps.type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PS;
    s->ps.value = bytecode(&t->ps);
    s->topology.type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PRIMITIVE_TOPOLOGY;
    s->topology.value = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    s->formats.type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RENDER_TARGET_FORMATS;
    s->formats.value.NumRenderTargets = 1;
    s->formats.value.RTFormats[0] = DXGI_FORMAT_B8G8R8A8_UNORM;
    s->rasterizer.type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RASTERIZER;
    s->rasterizer.value.FillMode = D3D12_FILL_MODE_WIREFRAME;
    s->rasterizer.value.CullMode = D3D12_CULL_MODE_FRONT;
    s->sample.type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_SAMPLE_DESC;
    s->sample.value.Count = 1;
}

/* The minimal valid graphics stream, built at run time: a root signature, a VS and a
 * topology; everything else defaults. */
static void init_stream(const struct pso_test *t, struct stream *s)
{
    D3D12_PRIMITIVE_TOPOLOGY_TYPE topology = D3D12_PRIMITIVE_TOPOLOGY_TYPE_LINE;
    D3D12_SHADER_BYTECODE vs = bytecode(&t->vs_no_inputs);

    memset(s, 0, sizeof(*s));
    STREAM_ADD(s, ROOT_SIGNATURE, t->root_signature);
    STREAM_ADD(s, VS, vs);
    STREAM_ADD(s, PRIMITIVE_TOPOLOGY, topology);
}

static HRESULT create_from(struct pso_test *t, const void *data, size_t size, void **state)
{
    D3D12_PIPELINE_STATE_STREAM_DESC desc = {size, (void *)data};

    ddi_spy_clear(t->spy);
    return ID3D12Device2_CreatePipelineState(t->device2, &desc, &IID_ID3D12PipelineState, state);
}

/* Refused with hr before the driver saw anything. */
#define check_stream(t, data, size, hr) check_stream_(__LINE__, t, data, size, hr)
static void check_stream_(unsigned int line, struct pso_test *t, const void *data, size_t size, HRESULT expected)
{
    void *state = (void *)(uintptr_t)0xdeadbeef;
    HRESULT hr = create_from(t, data, size, &state);

    ck_assert_msg(hr == expected, "line %u: hr %#x, expected %#x", line, (unsigned int)hr, (unsigned int)expected);
    ck_assert_msg(!state, "line %u: output not cleared", line);
    ck_assert_msg(!pipeline_calls(t), "line %u: the driver saw an invalid stream", line);
}

/* Valid: the driver saw one pipeline of the kind and answered expected (S_OK: the
 * pipeline, released here). */
static void check_stream_driver_(unsigned int line, struct pso_test *t, const void *data, size_t size,
                                 const char *kind, HRESULT expected)
{
    void *state = (void *)(uintptr_t)0xdeadbeef;
    HRESULT hr = create_from(t, data, size, &state);
    struct ddi_spy_call call;
    size_t i;

    ck_assert_msg(hr == expected, "line %u: hr %#x, expected %#x", line, (unsigned int)hr, (unsigned int)expected);
    ck_assert_msg(!state == FAILED(expected), "line %u: state %p", line, state);
    ck_assert_msg(pipeline_calls(t) == 1, "line %u: the driver saw %zu pipelines", line, pipeline_calls(t));
    i = ddi_spy_find(t->spy, 0, "CreatePipelineState");
    ck_assert(ddi_spy_get_call(t->spy, i, &call));
    ck_assert_msg(strstr(call.args, kind), "line %u: %s is not a %s pipeline", line, call.args, kind);
    if (state)
        ID3D12PipelineState_Release((ID3D12PipelineState *)state);
}

#define check_stream_reaches_driver(t, data, size, kind) check_stream_driver_(__LINE__, t, data, size, kind, S_OK)
/* Stages the driver never runs. */
#define check_stream_driver_refuses(t, data, size, kind) \
    check_stream_driver_(__LINE__, t, data, size, kind, E_INVALIDARG)

START_TEST(test_stream_graphics)
{
    struct graphics_stream gs;
    struct pso_test t;
    struct stream s;

    pso_test_init(&t);
    init_graphics_stream(&t, &gs);
    check_stream_reaches_driver(&t, &gs, sizeof(gs), "Type=GRAPHICS");
    ck_assert_int_eq(create_from(&t, &gs, sizeof(gs), NULL), S_FALSE);
    ck_assert_uint_eq(pipeline_calls(&t), 0);

    /* What the stream says is validated as a description would be. */
    gs.formats.value.NumRenderTargets = 9;
    check_stream(&t, &gs, sizeof(gs), E_INVALIDARG);
    gs.formats.value.NumRenderTargets = 1;
    gs.sample.value.Count = 0;
    check_stream(&t, &gs, sizeof(gs), E_INVALIDARG);
    gs.sample.value.Count = 1;
    gs.rasterizer.value.FillMode = (D3D12_FILL_MODE)0;
    check_stream(&t, &gs, sizeof(gs), E_INVALIDARG);

    /* Defaults: the rasterizer, blend, depth-stencil (depth on, no DSV format) and one
     * sample come from D3D12's defaults. */
    init_stream(&t, &s);
    check_stream_reaches_driver(&t, s.data, s.size, "Type=GRAPHICS");
    /* Without a topology it is UNDEFINED, which a vertex pipeline cannot use. */
    gs.rasterizer.value.FillMode = D3D12_FILL_MODE_SOLID;
    gs.topology.type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_NODE_MASK;
    gs.topology.value = 0;
    check_stream(&t, &gs, sizeof(gs), E_INVALIDARG);
    pso_test_destroy(&t);
}
END_TEST

START_TEST(test_stream_compute)
{
    D3D12_SHADER_BYTECODE cs, vs;
    D3D12_RASTERIZER_DESC rasterizer;
    D3D12_BLEND_DESC blend;
    struct pso_test t;
    struct stream s;

    pso_test_init(&t);
    cs = bytecode(&t.cs);
    memset(&s, 0, sizeof(s));
    STREAM_ADD(&s, ROOT_SIGNATURE, t.root_signature);
    STREAM_ADD(&s, CS, cs);
    check_stream_reaches_driver(&t, s.data, s.size, "Type=COMPUTE");

    /* d3dx12's all-in-one stream carries graphics subobjects with compute shaders: they
     * are unused, even when they would not make a valid graphics pipeline. */
    memset(&rasterizer, 0, sizeof(rasterizer));
    memset(&blend, 0, sizeof(blend));
    STREAM_ADD(&s, RASTERIZER, rasterizer);
    STREAM_ADD(&s, BLEND, blend);
    check_stream_reaches_driver(&t, s.data, s.size, "Type=COMPUTE");

    /* A compute shader with a graphics one: neither kind. */
    vs = bytecode(&t.vs);
    STREAM_ADD(&s, VS, vs);
    check_stream(&t, s.data, s.size, E_INVALIDARG);
    pso_test_destroy(&t);
}
END_TEST

START_TEST(test_stream_structure)
{
    D3D12_PIPELINE_STATE_STREAM_DESC desc;
    D3D12_SHADER_BYTECODE vs;
    D3D12_DEPTH_STENCIL_DESC ds;
    D3D12_DEPTH_STENCIL_DESC1 ds1;
    struct stream s, base;
    static const D3D12_PIPELINE_STATE_SUBOBJECT_TYPE unknown_types[] =
    {
        (D3D12_PIPELINE_STATE_SUBOBJECT_TYPE)23, D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_MAX_VALID,
        (D3D12_PIPELINE_STATE_SUBOBJECT_TYPE)0x80000000u, (D3D12_PIPELINE_STATE_SUBOBJECT_TYPE)0xffffffffu,
    };
    struct pso_test t;
    unsigned char *copy;
    unsigned int i;
    void *state;
    size_t size;
    HRESULT hr;

    pso_test_init(&t);
    init_stream(&t, &base);
    vs = bytecode(&t.vs_no_inputs);

    state = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device2_CreatePipelineState(t.device2, NULL, &IID_ID3D12PipelineState, &state),
                     E_INVALIDARG);
    ck_assert_ptr_null(state);
    desc.SizeInBytes = base.size;
    desc.pPipelineStateSubobjectStream = NULL;
    ck_assert_int_eq(ID3D12Device2_CreatePipelineState(t.device2, &desc, &IID_ID3D12PipelineState, &state),
                     E_INVALIDARG);
    check_stream(&t, base.data, 0, E_INVALIDARG);

    /* Types with no subobject: 23 (unassigned), MAX_VALID and beyond. */
    for (i = 0; i < ARRAY_SIZE(unknown_types); ++i)
    {
        s = base;
        stream_add(&s, unknown_types[i], &vs, sizeof(vs), alignof(D3D12_SHADER_BYTECODE));
        check_stream(&t, s.data, s.size, E_INVALIDARG);
    }

    /* Twice the same subobject, or two depth-stencil forms. */
    s = base;
    STREAM_ADD(&s, VS, vs);
    check_stream(&t, s.data, s.size, E_INVALIDARG);
    memset(&ds, 0, sizeof(ds));
    memset(&ds1, 0, sizeof(ds1));
    s = base;
    STREAM_ADD(&s, DEPTH_STENCIL, ds);
    check_stream_reaches_driver(&t, s.data, s.size, "Type=GRAPHICS");
    STREAM_ADD(&s, DEPTH_STENCIL1, ds1);
    check_stream(&t, s.data, s.size, E_INVALIDARG);

    /* Every truncation, each in a buffer of exactly that size: a cut inside a subobject
     * is refused, a cut between two leaves a stream without its VS or its topology.
     * Nothing is read past the end (valgrind). */
    for (size = 1; size < base.size; ++size)
    {
        ck_assert_ptr_nonnull(copy = malloc(size));
        memcpy(copy, base.data, size);
        state = (void *)(uintptr_t)0xdeadbeef;
        hr = create_from(&t, copy, size, &state);
        ck_assert_msg(hr == E_INVALIDARG, "%zu bytes: hr %#x", size, (unsigned int)hr);
        ck_assert_ptr_null(state);
        /* A cut after the VS leaves the topology UNDEFINED: refused too. */
        ck_assert_msg(!pipeline_calls(&t), "%zu bytes reached the driver", size);
        free(copy);
    }
    pso_test_destroy(&t);
}
END_TEST

START_TEST(test_stream_subobjects)
{
    D3D12_VIEW_INSTANCE_LOCATION locations[2] = {{0, 0}, {0, 1}};
    D3D12_VIEW_INSTANCING_DESC view_instancing = {0, locations, D3D12_VIEW_INSTANCING_FLAG_NONE};
    D3D12_CACHED_PIPELINE_STATE cached = {NULL, 0};
    D3D12_PIPELINE_STATE_FLAGS flags;
    D3D12_DEPTH_STENCIL_DESC1 ds1;
    D3D12_DEPTH_STENCIL_DESC2 ds2;
    D3D12_INPUT_LAYOUT_DESC layout = {NULL, 0};
    D3D12_INDEX_BUFFER_STRIP_CUT_VALUE cut = D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_0xFFFF;
    D3D12_STREAM_OUTPUT_DESC so;
    D3D12_SHADER_BYTECODE shader;
    D3D12_NODE_MASK node = {1};
    DXGI_FORMAT dsv = DXGI_FORMAT_D16_UNORM;
    struct stream s, base;
    struct pso_test t;

    pso_test_init(&t);
    init_stream(&t, &base);

    /* The other subobjects, valid: one stream with all of them. */
    memset(&ds1, 0, sizeof(ds1));
    memset(&so, 0, sizeof(so));
    flags = D3D12_PIPELINE_STATE_FLAG_NONE;
    s = base;
    STREAM_ADD(&s, NODE_MASK, node);
    STREAM_ADD(&s, CACHED_PSO, cached);
    STREAM_ADD(&s, FLAGS, flags);
    STREAM_ADD(&s, DEPTH_STENCIL1, ds1);
    STREAM_ADD(&s, VIEW_INSTANCING, view_instancing);
    STREAM_ADD(&s, INPUT_LAYOUT, layout);
    STREAM_ADD(&s, IB_STRIP_CUT_VALUE, cut);
    STREAM_ADD(&s, STREAM_OUTPUT, so);
    STREAM_ADD(&s, DEPTH_STENCIL_FORMAT, dsv);
    check_stream_reaches_driver(&t, s.data, s.size, "Type=GRAPHICS");

    /* Each with something this device refuses. */
    s = base;
    node.NodeMask = 2;
    STREAM_ADD(&s, NODE_MASK, node);
    check_stream(&t, s.data, s.size, E_INVALIDARG);
    s = base;
    flags = (D3D12_PIPELINE_STATE_FLAGS)0x4;
    STREAM_ADD(&s, FLAGS, flags);
    check_stream(&t, s.data, s.size, E_INVALIDARG);
    s = base;
    cached.pCachedBlob = &node;
    cached.CachedBlobSizeInBytes = sizeof(node);
    STREAM_ADD(&s, CACHED_PSO, cached);
    check_stream(&t, s.data, s.size, D3D12_ERROR_DRIVER_VERSION_MISMATCH);
    /* The depth bounds test and different stencil masks per face are not supported. */
    s = base;
    ds1.DepthBoundsTestEnable = TRUE;
    STREAM_ADD(&s, DEPTH_STENCIL1, ds1);
    check_stream(&t, s.data, s.size, E_INVALIDARG);
    memset(&ds2, 0, sizeof(ds2));
    ds2.StencilEnable = TRUE;
    ds2.FrontFace.StencilFailOp = ds2.FrontFace.StencilDepthFailOp = ds2.FrontFace.StencilPassOp
            = D3D12_STENCIL_OP_KEEP;
    ds2.FrontFace.StencilFunc = D3D12_COMPARISON_FUNC_EQUAL;
    ds2.FrontFace.StencilReadMask = ds2.FrontFace.StencilWriteMask = 0xff;
    ds2.BackFace = ds2.FrontFace;
    s = base;
    STREAM_ADD(&s, DEPTH_STENCIL2, ds2);
    check_stream_reaches_driver(&t, s.data, s.size, "Type=GRAPHICS");
    ds2.BackFace.StencilWriteMask = 0x0f;
    s = base;
    STREAM_ADD(&s, DEPTH_STENCIL2, ds2);
    check_stream(&t, s.data, s.size, E_INVALIDARG);
    /* View instancing (ViewInstancingTier NOT_SUPPORTED). */
    s = base;
    view_instancing.ViewInstanceCount = 2;
    STREAM_ADD(&s, VIEW_INSTANCING, view_instancing);
    check_stream(&t, s.data, s.size, E_INVALIDARG);
    /* Mesh and amplification shaders (MeshShaderTier NOT_SUPPORTED). */
    shader = bytecode(&t.vs);
    s = base;
    STREAM_ADD(&s, MS, shader);
    check_stream(&t, s.data, s.size, DXGI_ERROR_UNSUPPORTED);
    s = base;
    STREAM_ADD(&s, AS, shader);
    check_stream(&t, s.data, s.size, DXGI_ERROR_UNSUPPORTED);
    /* Tessellation and geometry stages through a stream reach the driver, which refuses
     * them. */
    s = base;
    shader = bytecode(&t.gs);
    STREAM_ADD(&s, GS, shader);
    check_stream_driver_refuses(&t, s.data, s.size, "Type=GRAPHICS");
    pso_test_destroy(&t);
}
END_TEST

/* ---- Unsupported creation methods ------------------------------------------------------------- */

START_TEST(test_unsupported_objects)
{
    D3D12_STATE_OBJECT_DESC state_object_desc = {D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE, 0, NULL};
    ID3D12Device7 *device7;
    ID3D12Device5 *device5;
    ID3D12Device1 *device1;
    struct pso_test t;
    void *object;

    pso_test_init(&t);
    ck_assert_int_eq(ID3D12Device_QueryInterface(t.device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device1_CreatePipelineLibrary(device1, t.vs.bytes, t.vs.size,
                     &IID_ID3D12PipelineLibrary, &object), DXGI_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(object);
    ID3D12Device1_Release(device1);

    ck_assert_int_eq(ID3D12Device_QueryInterface(t.device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device5_CreateStateObject(device5, &state_object_desc, &IID_ID3D12StateObject, &object),
                     DXGI_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(ID3D12Device5_CreateStateObject(device5, NULL, &IID_ID3D12StateObject, &object), E_INVALIDARG);
    ID3D12Device5_Release(device5);

    ck_assert_int_eq(ID3D12Device_QueryInterface(t.device, &IID_ID3D12Device7, (void **)&device7), S_OK);
    object = (void *)(uintptr_t)0xdeadbeef;
    ck_assert_int_eq(ID3D12Device7_AddToStateObject(device7, &state_object_desc, (ID3D12StateObject *)&t,
                     &IID_ID3D12StateObject, &object), E_INVALIDARG);
    ck_assert_ptr_null(object);
    ID3D12Device7_Release(device7);
    pso_test_destroy(&t);
}
END_TEST

Suite *pipeline_stream_suite(void)
{
    Suite *suite = suite_create("pipeline streams");
    TCase *tc = tcase_create("streams");

    tcase_add_test(tc, test_stream_graphics);
    tcase_add_test(tc, test_stream_compute);
    tcase_add_test(tc, test_stream_structure);
    tcase_add_test(tc, test_stream_subobjects);
    suite_add_tcase(suite, tc);
    tc = tcase_create("unsupported");
    tcase_add_test(tc, test_unsupported_objects);
    suite_add_tcase(suite, tc);
    return suite;
}
