/*
 * Allocation-failure injection for the tests that link test_alloc_fail_hook.c with
 * `-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc` (tests/meson.build): every call the
 * statically linked runtime, fallback, driver and DDI code makes to those functions goes
 * through the wrappers here, which pass it on to the real allocator (libc, ASan's or
 * valgrind's, so leak checking still sees every block) unless an armed failure is due.
 * The simulated device's page allocation has its own hook (agx_testing_fail_bo_create).
 *
 * Only the arming thread's allocations are counted and failed (the simulated device's
 * queue threads, and the test's own threads, allocate as usual), unless the other
 * threads are armed instead (alloc_fail_arm_other_threads).
 */
#ifndef TEST_ALLOC_FAIL_HOOK_H
#define TEST_ALLOC_FAIL_HOOK_H

#include <stdbool.h>

enum alloc_fail_kind
{
    ALLOC_FAIL_MALLOC,   /* malloc, calloc and realloc of a non-null block */
    ALLOC_FAIL_PAGES,    /* the simulated device's buffer objects (agx_sim.c) */
};

/* From now on this thread's allocations of `kind` are counted; the nth (from 1) fails,
 * and only that one. */
void alloc_fail_arm(enum alloc_fail_kind kind, unsigned int nth);
/* From now on the allocations (malloc, calloc, realloc) of every thread but this one
 * are counted, together: the nth fails, and only that one. For what the simulated
 * device's queue threads allocate while they execute. */
void alloc_fail_arm_other_threads(unsigned int nth);
/* Stops counting them. Returns whether the armed failure happened; *seen as above. */
bool alloc_fail_disarm_other_threads(unsigned int *seen);
/* Stops counting. Returns whether the armed failure happened; *seen (may be NULL) gets
 * how many allocations of the kind were attempted since arming. */
bool alloc_fail_disarm(unsigned int *seen);

#endif
