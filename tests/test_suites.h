/*
 * The suites of the device-level test programs that use only the public API: each program's
 * main runs its own (TEST_MAIN), and d3d12rt-conformance (tests/conformance/) runs them all
 * against any driver. The draw and compute programs' further suites are declared in
 * test_draw_util.h and test_compute_util.h.
 */
#ifndef TEST_SUITES_H
#define TEST_SUITES_H

#include <check.h>

Suite *copy_suite(void);                /* test_copy.c */
Suite *clear_suite(void);               /* test_clear.c */
Suite *resolve_suite(void);             /* test_resolve.c */
Suite *query_suite(void);               /* test_query.c */
Suite *fence_suite(void);               /* test_fence.c */
Suite *barrier_suite(void);             /* test_barrier.c */
Suite *render_pass_suite(void);         /* test_render_pass.c */
Suite *compute_dispatch_suite(void);    /* test_compute.c */
Suite *draw_suite(void);                /* test_draw.c */
Suite *async_copy_suite(void);          /* test_async_copy.c */
Suite *async_fill_suite(void);          /* test_async_fill.c */
Suite *async_fill_compute_suite(void);  /* test_async_fill_compute.c */
Suite *async_resolve_suite(void);       /* test_async_resolve.c */
Suite *async_clear_texture_suite(void); /* test_async_clear_texture.c */
Suite *async_bound_clear_suite(void);   /* test_async_bound_clear.c */
Suite *indirect_suite(void);            /* test_indirect.c */

#endif
