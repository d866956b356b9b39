/*
 * The shader IR on its own (agx_umd/ir/agx_ir.h): programs built with the builder, as
 * the DXIL front end will build them, checked by the validator, printed, and executed
 * over lanes: unstructured (reducible) flow meeting again where the reverse post order
 * says, loops whose lanes leave at different iterations, discard and helper lanes, and
 * the watchdog on a loop that never ends. The DXBC front end is tested through it by
 * test_agx_shader*.c.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "agx_watchdog.h"
#include "ir/agx_ir.h"
#include "test_agx_shader.h"
#include "test_run.h"

#define LANES 8u

/* Builds, runs over LANES lanes with lane ids in register 0, and returns the executor. */
static struct agx_ir_exec *run_program(const struct agx_ir_program *p, uint8_t *lanes)
{
    struct agx_shader_batch batch = {NULL, LANES, lanes, {0, 0, 0}, NULL, NULL};
    struct agx_ir_exec *exec;
    uint32_t l;

    ck_assert_int_eq(agx_ir_exec_create(p, LANES, &exec), S_OK);
    for (l = 0; l < LANES; ++l)
        agx_ir_exec_row(exec, 0)[l] = l;
    ck_assert(agx_ir_exec_run(exec, &batch));
    return exec;
}

START_TEST(test_validator)
{
    struct agx_ir_program p;
    struct agx_ir_instr *ins;
    char why[128];
    agx_ir_reg r;

    agx_ir_init(&p);
    r = agx_ir_build_regs(&p, 2);
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_IADD, r, r, r + 2, AGX_IR_NONE, AGX_IR_NONE);
    ck_assert_int_eq(agx_ir_finish(&p, why, sizeof(why)), E_INVALIDARG);
    ck_assert_str_eq(why, "IR: IADD at 0 reads a bad register");
    agx_ir_free(&p);

    agx_ir_init(&p);
    r = agx_ir_build_regs(&p, 2);
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_FADD, r, r + 1, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
    ck_assert_int_eq(agx_ir_finish(&p, why, sizeof(why)), E_INVALIDARG);
    ck_assert_str_eq(why, "IR: FADD at 0 takes 2 sources, not 1");
    agx_ir_free(&p);

    agx_ir_init(&p);
    r = agx_ir_build_regs(&p, 1);
    agx_ir_build_block(&p);
    agx_ir_build_branch(&p, 0, r, 0, 3);
    ck_assert_int_eq(agx_ir_finish(&p, why, sizeof(why)), E_INVALIDARG);
    ck_assert_str_eq(why, "IR: block 0 jumps to block 3 of 1");
    agx_ir_free(&p);

    agx_ir_init(&p);
    r = agx_ir_build_regs(&p, 2);
    agx_ir_build_block(&p);
    ins = agx_ir_build_alu(&p, AGX_IR_OP_LOAD_INDEXED, r, r + 1, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
    ins->imm = 1;
    ins->aux = 1;                         /* rows 1..4: past the two registers */
    ck_assert_int_eq(agx_ir_finish(&p, why, sizeof(why)), E_INVALIDARG);
    ck_assert_str_eq(why, "IR: LOAD_INDEXED at 0 reaches past the registers");
    agx_ir_free(&p);

    agx_ir_init(&p);
    r = agx_ir_build_regs(&p, 1);
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_LOAD_RAW, r, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
    ck_assert_int_eq(agx_ir_finish(&p, why, sizeof(why)), E_INVALIDARG);
    ck_assert_str_eq(why, "IR: LOAD_RAW at 0 lacks source 0");   /* the byte offset */
    agx_ir_free(&p);

    agx_ir_init(&p);
    ck_assert_int_eq(agx_ir_finish(&p, why, sizeof(why)), E_INVALIDARG);
    ck_assert_str_eq(why, "IR: the program has no block");
    agx_ir_free(&p);
}
END_TEST

START_TEST(test_printer)
{
    struct agx_ir_program p;
    agx_ir_reg r, k;
    char *text;

    agx_ir_init(&p);
    r = agx_ir_build_regs(&p, 2);
    k = agx_ir_build_const(&p, 7);
    ck_assert_uint_eq(agx_ir_build_const(&p, 7), k);   /* one register per value */
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_ULT, r + 1, r, k, AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_branch(&p, 0, r + 1, 1, 2);
    agx_ir_build_block(&p);
    agx_ir_build_jump(&p, 1, 2);
    agx_ir_build_block(&p);
    ck_assert_int_eq(agx_ir_finish(&p, NULL, 0), S_OK);
    text = agx_ir_print(&p);
    ck_assert_str_eq(text, "%2 = 0x00000007\n"
                     "block 0:\n  ULT %1 <- %0 %2\n  branch %1 ? 1 : 2\n"
                     "block 1:\n  jump 2\n"
                     "block 2:\n  return\n");
    free(text);
    agx_ir_free(&p);
}
END_TEST

/*
 * Unstructured but reducible, as DXIL gives it: block 1 jumps into the middle of
 * block 0's other path. Lanes below 4 add 10 in block 1; lane 1 leaves from there to
 * block 3, the others below 4 fall into block 2 with lanes 4-7 (100 more). Block 3's
 * derivative reads the quad's values, right only if every lane is there together.
 */
START_TEST(test_unstructured_flow)
{
    struct agx_ir_program p;
    struct agx_ir_exec *exec;
    const uint32_t *value, *ddx;
    agx_ir_reg id = 0, v, c, d;
    uint32_t l;

    agx_ir_init(&p);
    agx_ir_build_regs(&p, 1);
    v = agx_ir_build_regs(&p, 1);
    c = agx_ir_build_regs(&p, 1);
    d = agx_ir_build_regs(&p, 1);
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_MOV, v, agx_ir_build_const(&p, sh_u(0.0f)), AGX_IR_NONE, AGX_IR_NONE,
                     AGX_IR_NONE);
    agx_ir_build_alu(&p, AGX_IR_OP_ULT, c, id, agx_ir_build_const(&p, 4), AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_branch(&p, 0, c, 1, 2);
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_FADD, v, v, agx_ir_build_const(&p, sh_u(10.0f)), AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_alu(&p, AGX_IR_OP_IEQ, c, id, agx_ir_build_const(&p, 1), AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_branch(&p, 1, c, 3, 2);
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_FADD, v, v, agx_ir_build_const(&p, sh_u(100.0f)), AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_jump(&p, 2, 3);
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_FDDX_COARSE, d, v, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
    ck_assert_int_eq(agx_ir_finish(&p, NULL, 0), S_OK);

    exec = run_program(&p, NULL);
    value = agx_ir_exec_row(exec, v);
    ddx = agx_ir_exec_row(exec, d);
    for (l = 0; l < LANES; ++l)
        ck_assert_float_eq(sh_f(value[l]), l == 1 ? 10.0f : l < 4 ? 110.0f : 100.0f);
    /* Coarse: the top row's difference, lanes 1 - 0 for the first quad. */
    for (l = 0; l < 4; ++l)
        ck_assert_float_eq(sh_f(ddx[l]), -100.0f);
    for (l = 4; l < LANES; ++l)
        ck_assert_float_eq(sh_f(ddx[l]), 0.0f);
    agx_ir_exec_destroy(exec);
    agx_ir_free(&p);
}
END_TEST

/* A loop every lane leaves at its own iteration: lane l runs the body l times, and the
 * block after the loop sees every lane's count. */
START_TEST(test_divergent_loop)
{
    struct agx_ir_program p;
    struct agx_ir_exec *exec;
    agx_ir_reg id = 0, n, c, after;
    uint32_t l;

    agx_ir_init(&p);
    agx_ir_build_regs(&p, 1);
    n = agx_ir_build_regs(&p, 1);
    c = agx_ir_build_regs(&p, 1);
    after = agx_ir_build_regs(&p, 1);
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_MOV, n, agx_ir_build_const(&p, 0), AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_jump(&p, 0, 1);
    agx_ir_build_block(&p);                               /* 1: header */
    agx_ir_build_alu(&p, AGX_IR_OP_UGE, c, n, id, AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_branch(&p, 1, c, 3, 2);
    agx_ir_build_block(&p);                               /* 2: body, back edge */
    agx_ir_build_alu(&p, AGX_IR_OP_IADD, n, n, agx_ir_build_const(&p, 1), AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_jump(&p, 2, 1);
    agx_ir_build_block(&p);                               /* 3: exit */
    agx_ir_build_alu(&p, AGX_IR_OP_IMUL, after, n, agx_ir_build_const(&p, 3), AGX_IR_NONE, AGX_IR_NONE);
    ck_assert_int_eq(agx_ir_finish(&p, NULL, 0), S_OK);

    exec = run_program(&p, NULL);
    for (l = 0; l < LANES; ++l)
    {
        ck_assert_uint_eq(agx_ir_exec_row(exec, n)[l], l);
        ck_assert_uint_eq(agx_ir_exec_row(exec, after)[l], 3 * l);
    }
    agx_ir_exec_destroy(exec);
    agx_ir_free(&p);
}
END_TEST

/* Discard turns lanes into helpers: they keep computing (registers) but writes flagged
 * for writers skip them; lanes that never ran keep their registers. */
START_TEST(test_discard_helpers)
{
    uint8_t lanes[LANES] = {1, 1, 1, 1, 1, 1 | 2, 0, 1};
    struct agx_ir_program p;
    struct agx_ir_exec *exec;
    struct agx_ir_instr *ins;
    agx_ir_reg id = 0, odd, plain, output;
    uint32_t l;

    agx_ir_init(&p);
    agx_ir_build_regs(&p, 1);
    odd = agx_ir_build_regs(&p, 1);
    plain = agx_ir_build_regs(&p, 1);
    output = agx_ir_build_regs(&p, 1);
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_AND, odd, id, agx_ir_build_const(&p, 1), AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_alu(&p, AGX_IR_OP_DISCARD, AGX_IR_NONE, odd, AGX_IR_NONE, AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_alu(&p, AGX_IR_OP_IADD, plain, id, agx_ir_build_const(&p, 100), AGX_IR_NONE, AGX_IR_NONE);
    ins = agx_ir_build_alu(&p, AGX_IR_OP_IADD, output, id, agx_ir_build_const(&p, 200), AGX_IR_NONE,
                           AGX_IR_NONE);
    ins->flags = AGX_IR_WRITERS;
    ck_assert_int_eq(agx_ir_finish(&p, NULL, 0), S_OK);

    exec = run_program(&p, lanes);
    for (l = 0; l < LANES; ++l)
    {
        bool ran = lanes[l] & (AGX_LANE_ACTIVE | AGX_LANE_HELPER);
        bool writes = ran && !(l & 1) && !(lanes[l] & AGX_LANE_HELPER);

        ck_assert_uint_eq(agx_ir_exec_row(exec, plain)[l], ran ? 100 + l : 0);
        ck_assert_uint_eq(agx_ir_exec_row(exec, output)[l], writes ? 200 + l : 0);
        ck_assert_uint_eq(!!(lanes[l] & AGX_LANE_DISCARDED), ran && (l & 1));
    }
    agx_ir_exec_destroy(exec);
    agx_ir_free(&p);
}
END_TEST

/* A loop that never ends: the back edge spends the watchdog's credit until it stops. */
START_TEST(test_watchdog_back_edge)
{
    struct agx_shader_batch batch = {NULL, LANES, NULL, {0, 0, 0}, NULL, NULL};
    struct agx_watchdog watchdog;
    struct agx_ir_program p;
    struct agx_ir_exec *exec;
    agx_ir_reg n;

    agx_ir_init(&p);
    n = agx_ir_build_regs(&p, 1);
    agx_ir_build_block(&p);
    agx_ir_build_alu(&p, AGX_IR_OP_IADD, n, n, agx_ir_build_const(&p, 1), AGX_IR_NONE, AGX_IR_NONE);
    agx_ir_build_jump(&p, 0, 0);
    ck_assert_int_eq(agx_ir_finish(&p, NULL, 0), S_OK);

    ck_assert_int_eq(agx_ir_exec_create(&p, LANES, &exec), S_OK);
    agx_watchdog_start(&watchdog, 20 * 1000000ull, NULL);
    batch.watchdog = &watchdog;
    ck_assert(!agx_ir_exec_run(exec, &batch));
    ck_assert(agx_ir_exec_row(exec, n)[0] > 1000);
    agx_ir_exec_destroy(exec);
    agx_ir_free(&p);
}
END_TEST

static Suite *agx_ir_suite(void)
{
    Suite *s = suite_create("agx_ir");
    TCase *tc = tcase_create("build");

    tcase_add_test(tc, test_validator);
    tcase_add_test(tc, test_printer);
    suite_add_tcase(s, tc);
    tc = tcase_create("exec");
    tcase_add_test(tc, test_unstructured_flow);
    tcase_add_test(tc, test_divergent_loop);
    tcase_add_test(tc, test_discard_helpers);
    tcase_add_test(tc, test_watchdog_back_edge);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suites(agx_ir_suite(), NULL);
}
