/*
 * What the pipeline test files share (test_pipeline.c: containers; test_pipeline_state.c:
 * graphics and compute descriptions; test_pipeline_stream.c: streams and the other
 * creation methods): hand-built shader containers, and a device behind a DDI spy.
 */
#ifndef TEST_PIPELINE_H
#define TEST_PIPELINE_H

#include "test_device.h"
#include "rt_root_signature_blob.h"

#include <check.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define TAG(a, b, c, d) RT_DXBC_FOURCC(a, b, c, d)

/* ---- Containers (test_pipeline.c) ------------------------------------------------------------ */

struct part
{
    uint32_t tag;
    const void *data;
    size_t size;
};

struct container
{
    unsigned char bytes[2048];
    size_t size;
};

/* A shader model 4/5 program: its version token, its length, a ret. */
#define PROGRAM(type, major, minor) {((uint32_t)(type) << 16) | ((major) << 4) | (minor), 3, 0x0100003e}
extern const uint32_t vs_program[3], ps_program[3], gs_program[3], hs_program[3], ds_program[3], cs_program[3];
extern const uint32_t ps4_program[3];
extern const uint32_t dxil_program[8];
extern const uint32_t empty_signature[2], position_signature[11];

/* One element of a signature part (24 bytes, a float component type). */
struct signature_element
{
    const char *name;
    uint32_t index, sysval, reg;
    uint8_t mask, rw_mask;
};
/* An ISGN/OSGN part of the elements, names after them; returns its size. */
size_t signature_build(unsigned char *out, size_t capacity, const struct signature_element *elements,
                       unsigned int count);

/* The parts one after the other, with the header and the checksum. */
void container_build(struct container *c, const struct part *parts, unsigned int count);
/* Writes the checksum of the current bytes. */
void container_sign(struct container *c);
/* ISGN (POSITION), OSGN (empty) and a SHEX part holding program. */
void container_build_shader(struct container *c, const uint32_t *program, size_t size);
/* One DXIL vs_6_0 part. */
void container_build_dxil(struct container *c);

/* ---- Devices (test_pipeline_state.c) -------------------------------------------------------- */

struct pso_test
{
    struct ddi_spy *spy;
    ID3D12Device *device;
    ID3D12Device2 *device2;
    ID3D12RootSignature *root_signature;    /* empty, allows input layouts */
    struct container vs, ps, hs, ds, gs, cs;
    struct container vs_no_inputs;          /* an empty input signature: no input layout needed */
};

/* A device created behind a recording DDI spy, and the containers of each stage. */
void pso_test_init(struct pso_test *t);
void pso_test_destroy(struct pso_test *t);
D3D12_SHADER_BYTECODE bytecode(const struct container *c);
/* Driver pipeline creations since the last ddi_spy_clear. */
size_t pipeline_calls(const struct pso_test *t);

Suite *pipeline_state_suite(void);
Suite *pipeline_stream_suite(void);

#endif
