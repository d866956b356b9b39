/*
 * agx_dxil_support: the highest shader model a set of lowered dx.ops makes
 * (agx_dxil_support.h), on sets with one operation taken out of a complete one, and the
 * project's own set against the driver's caps.
 */
#include <check.h>
#include <string.h>

#include "agx_dxil_support.h"
#include "test_run.h"

static bool all[AGX_DXIL_OP_COUNT];

static void fill_all(void)
{
    memset(all, 1, sizeof(all));
}

struct case_missing
{
    uint32_t opcode;                      /* taken out of the complete set */
    agx_dxil_needs present;
    uint32_t model;                       /* the answer */
};

/* Each operation taken out alone: a core one stops its model, a stage's or an optional
 * cap's only when the device has it. */
static const struct case_missing cases[] =
{
    {0, 0, 0x51},                                            /* TempRegLoad, core 6.0 */
    {14, 0, 0x51},                                           /* Tan */
    {58, 0, 0x51},                                           /* CBufferLoad */
    {108, 0, 0x51},                                          /* PrimitiveID */
    {126, 0, 0x51},                                          /* BitcastI32toF32 */
    {97, 1u << AGX_DXIL_NEED_GEOMETRY, 0x51},                /* EmitStream with the geometry stage */
    {97, 0, 0x67},                                           /* ... without it */
    {103, 1u << AGX_DXIL_NEED_GEOMETRY, 0x67},               /* LoadOutputControlPoint: no tessellation */
    {103, 1u << AGX_DXIL_NEED_TESSELLATION, 0x51},
    {110, 0, 0x67},                                          /* WaveIsFirstLane: optional */
    {110, 1u << AGX_DXIL_NEED_WAVE, 0x51},
    {101, 0, 0x67},                                          /* MakeDouble */
    {47, 1u << AGX_DXIL_NEED_DOUBLE, 0x51},                  /* Fma (double only) */
    {2, 0, 0x67},                                            /* MinPrecXRegLoad */
    {92, 0, 0x67},                                           /* InnerCoverage */
    {109, 0, 0x67},                                          /* CycleCounterLegacy */
    {138, 0, 0x60},                                          /* ViewID, core 6.1 */
    {137, 0, 0x67},                                          /* AttributeAtVertex: barycentrics */
    {137, 1u << AGX_DXIL_NEED_BARYCENTRICS, 0x60},
    {139, 0, 0x61},                                          /* RawBufferLoad, core 6.2 */
    {157, 0, 0x67},                                          /* TraceRay */
    {163, 0, 0x63},                                          /* Dot4AddI8Packed, core 6.4 */
    {168, 0, 0x67},                                          /* SetMeshOutputCounts */
    {174, 0, 0x67},                                          /* WriteSamplerFeedback */
    {179, 1u << AGX_DXIL_NEED_RAYTRACING, 0x64},             /* RayQuery_TraceRayInline */
    {218, 0, 0x65},                                          /* CreateHandleFromHeap, core 6.6 */
    {221, 0, 0x65},                                          /* IsHelperLane */
    {222, 0, 0x67},                                          /* QuadVote: wave */
    {224, 0, 0x67},                                          /* SampleCmpLevel: advanced texture ops */
    {224, 1u << AGX_DXIL_NEED_ADVANCED_TEXTURE, 0x66},
    {225, 1u << AGX_DXIL_NEED_WRITABLE_MSAA, 0x66},          /* TextureStoreSample */
};

START_TEST(test_complete_set)
{
    uint32_t missing = 0;

    fill_all();
    ck_assert_uint_eq(agx_dxil_highest_shader_model(all, ~0u, &missing), 0x67);
    ck_assert_uint_eq(missing, AGX_DXIL_OP_COUNT);
    ck_assert_uint_eq(agx_dxil_highest_shader_model(all, 0, NULL), 0x67);
}
END_TEST

START_TEST(test_one_missing)
{
    const struct case_missing *c = &cases[_i];
    uint32_t missing = 0;

    fill_all();
    all[c->opcode] = false;
    ck_assert_msg(agx_dxil_highest_shader_model(all, c->present, &missing) == c->model,
                  "without %s (present %#x): shader model %#x, expected %#x", agx_dxil_op_info(c->opcode)->name,
                  c->present, agx_dxil_highest_shader_model(all, c->present, NULL), c->model);
    ck_assert_uint_eq(missing, c->model == 0x67 ? AGX_DXIL_OP_COUNT : c->opcode);
}
END_TEST

/* Two missing: the lower model's decides, and *missing names the first by opcode. */
START_TEST(test_first_missing)
{
    uint32_t missing = 0;

    fill_all();
    all[217] = all[140] = false;
    ck_assert_uint_eq(agx_dxil_highest_shader_model(all, 0, &missing), 0x61);
    ck_assert_uint_eq(missing, 140);
    all[41] = all[14] = false;
    ck_assert_uint_eq(agx_dxil_highest_shader_model(all, 0, &missing), 0x51);
    ck_assert_uint_eq(missing, 14);
}
END_TEST

/* The project's set: every listed opcode names an operation, and the model the driver
 * would report follows from it with the geometry stage present, as agx_adapter.c asks. */
START_TEST(test_project_set)
{
    uint32_t opcode, count = 0, model, missing;

    for (opcode = 0; opcode < AGX_DXIL_OP_COUNT; ++opcode)
        count += agx_dxil_lowered_ops[opcode];
    ck_assert_uint_ge(count, 70);
    model = agx_dxil_highest_shader_model(agx_dxil_lowered_ops, 1u << AGX_DXIL_NEED_GEOMETRY, &missing);
    ck_assert(model == 0x51 || (model >= 0x60 && model <= 0x67));
    ck_assert(missing == AGX_DXIL_OP_COUNT || !agx_dxil_lowered_ops[missing]);
}
END_TEST

static Suite *agx_dxil_support_suite(void)
{
    Suite *s = suite_create("agx_dxil_support");
    TCase *tc = tcase_create("model");

    tcase_add_test(tc, test_complete_set);
    tcase_add_loop_test(tc, test_one_missing, 0, sizeof(cases) / sizeof(cases[0]));
    tcase_add_test(tc, test_first_missing);
    tcase_add_test(tc, test_project_set);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suites(agx_dxil_support_suite(), NULL);
}
