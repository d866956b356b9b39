/*
 * What the draw tests share (test_draw*.c): shaders assembled from fxc-style source
 * (tools/dxbc_asm.h), a graphics root signature with root constants, pipelines from a
 * default description, render targets and depth buffers with their views, vertex
 * data in UPLOAD buffers, readbacks.
 */
#ifndef TEST_DRAW_UTIL_H
#define TEST_DRAW_UTIL_H

#include "test_device.h"

#include <check.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* A device, an RTV and a DSV heap, and a root signature: 16 root constants at b0
 * (parameter 0), input layouts allowed. */
struct draw_test
{
    struct test_context ctx;
    ID3D12RootSignature *root_signature;
    ID3D12DescriptorHeap *rtv_heap, *dsv_heap;
    UINT rtv_size, dsv_size;
};

void draw_test_init(struct draw_test *t);
void draw_test_destroy(struct draw_test *t);
/* The root signature and heaps on a context the caller set up (t->ctx) and destroys. */
void draw_test_attach(struct draw_test *t);
void draw_test_detach(struct draw_test *t);

/* A checksummed container from the source (ck_assert on assembler errors); free() it. */
#define draw_assemble(source, size) draw_assemble_(__LINE__, source, size)
void *draw_assemble_(unsigned int line, const char *source, size_t *size);

/* A pipeline description every draw test starts from: the root signature, no input
 * layout, one R8G8B8A8_UNORM target, no blending, no depth, no culling, 1 sample,
 * triangles. Shaders are set by draw_pipeline. */
void draw_pipeline_desc(const struct draw_test *t, D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc);
/* Assembles the shaders (ps may be NULL) into desc and creates the pipeline (asserting S_OK). */
#define draw_pipeline(t, desc, vs, ps) draw_pipeline_(__LINE__, t, desc, vs, ps)
ID3D12PipelineState *draw_pipeline_(unsigned int line, struct draw_test *t, D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc,
                                    const char *vs, const char *ps);

/* A 2D render target (array_size slices, samples per pixel) in RENDER_TARGET state, and
 * an RTV of all its slices at index `slot` of the RTV heap. */
#define draw_target(t, format, width, height, array_size, samples, slot) \
    draw_target_(__LINE__, t, format, width, height, array_size, samples, slot)
ID3D12Resource *draw_target_(unsigned int line, struct draw_test *t, DXGI_FORMAT format, UINT width, UINT height,
                             UINT array_size, UINT samples, UINT slot);
D3D12_CPU_DESCRIPTOR_HANDLE draw_rtv(const struct draw_test *t, UINT slot);
/* A depth buffer in DEPTH_WRITE state with a DSV at index 0. */
#define draw_depth(t, format, width, height) draw_depth_(__LINE__, t, format, width, height)
ID3D12Resource *draw_depth_(unsigned int line, struct draw_test *t, DXGI_FORMAT format, UINT width, UINT height);
D3D12_CPU_DESCRIPTOR_HANDLE draw_dsv(const struct draw_test *t);

/* Viewport and scissor of the whole width x height, the root signature and the
 * pipeline, triangle list, render target 0 (and the DSV when with_dsv). */
void draw_setup(struct draw_test *t, ID3D12PipelineState *pipeline, UINT width, UINT height, bool with_dsv);
/* Four root constants for the vertex shader at 0 and four for the pixel shader at 4
 * (NULL: not set). */
void draw_constants(struct draw_test *t, const void *vs, const void *ps);

/* The view of a whole vertex buffer of `size` bytes. */
D3D12_VERTEX_BUFFER_VIEW draw_vbv(ID3D12Resource *buffer, UINT size, UINT stride);

/* An UPLOAD buffer with the data (a vertex or index buffer). */
#define draw_upload(t, data, size) draw_upload_(__LINE__, t, data, size)
ID3D12Resource *draw_upload_(unsigned int line, struct draw_test *t, const void *data, size_t size);

/* Reads subresource `sub` of a texture in `state` (it goes back to that state); out
 * receives the packed rows (layout.row_size bytes each). */
#define draw_read(t, texture, sub, state, out, layout) draw_read_(__LINE__, t, texture, sub, state, out, layout)
void draw_read_(unsigned int line, struct draw_test *t, ID3D12Resource *texture, UINT sub,
                D3D12_RESOURCE_STATES state, void *out, struct test_subresource_layout *layout);

/* test_draw_derivatives and its DXIL twin: the pipeline (POSITION + COLOR in, an
 * R32G32B32A32_FLOAT target, SV_Target0.xy = the coarse derivatives of COLOR.xy) draws a
 * triangle whose COLOR is (x / 16, y / 8) in pixels into a 16x16 target cleared to -1:
 * every covered pixel reads 1/16 and 1/8, its edge pixels included (their quads run
 * helper lanes), alpha 1; every other one keeps the clear. */
void draw_check_derivatives(struct draw_test *t, ID3D12PipelineState *pipeline);

/* SV_Target 0 = cb0[1], as float, uint or sint. */
#define DRAW_PS_CONSTANT(type) \
    "ps_5_0\n" \
    ".output SV_Target 0 o0.xyzw " type "\n" \
    "dcl_constantbuffer cb0[2], immediateIndexed\n" \
    "dcl_output o0.xyzw\n" \
    "mov o0.xyzw, cb0[1].xyzw\n" \
    "ret\n"

/* Shaders test_draw_util.c defines: a full-viewport triangle (depth cb0[0].x) and
 * SV_Target 0 = cb0[1] as float; test_draw.c's for the draw tests: POSITION + COLOR
 * through. */
extern const char draw_vs_fullscreen[], draw_ps_float[], draw_vs_color[], draw_ps_color[];
/* For geometry-shader draws (test_draw_util.c): SV_Position (0, 0, 0.5, 1) and ID =
 * SV_VertexID; SV_Target 0 = COLOR.x as a uint. */
extern const char draw_vs_id[], draw_ps_uint_color[];
/* POSITION and COLOR, two float4s of one vertex buffer (test_draw_util.c). */
extern const D3D12_INPUT_ELEMENT_DESC draw_color_layout[2];

Suite *draw_pixel_suite(void);    /* test_draw_pixel.c */
Suite *draw_shader_suite(void);   /* test_draw_shader.c */
Suite *draw_sample_suite(void);   /* test_draw_sample.c */
Suite *draw_gs_suite(void);       /* test_draw_gs.c */
Suite *draw_so_suite(void);       /* test_draw_so.c */
Suite *draw_uav_suite(void);      /* test_draw_uav.c */

#endif
