/* Allocation-failure injection (test_alloc_fail_hook.h). */
#include "test_alloc_fail_hook.h"
#include "agx_sim.h"

#include <stdatomic.h>
#include <stddef.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *block, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *block, size_t size);

static _Thread_local bool malloc_armed;
static _Thread_local unsigned int malloc_seen, malloc_nth;
static _Thread_local enum alloc_fail_kind armed_kind;
static _Thread_local unsigned int armed_nth;

/* Armed for the threads other than the one that armed them. */
static atomic_bool others_armed;
static atomic_uint others_seen, others_nth;
static _Thread_local bool arms_others;

/* Whether this allocation is the one to fail. */
static bool malloc_fails(void)
{
    if (atomic_load(&others_armed) && !arms_others)
        return atomic_fetch_add(&others_seen, 1) + 1 == atomic_load(&others_nth);
    return malloc_armed && ++malloc_seen == malloc_nth;
}

void *__wrap_malloc(size_t size)
{
    return malloc_fails() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size)
{
    return malloc_fails() ? NULL : __real_calloc(count, size);
}

void *__wrap_realloc(void *block, size_t size)
{
    /* realloc(NULL) allocates; realloc(p, 0) frees, which cannot fail. */
    if ((block || size) && malloc_fails())
        return NULL;
    return __real_realloc(block, size);
}

void alloc_fail_arm_other_threads(unsigned int nth)
{
    arms_others = true;
    atomic_store(&others_seen, 0);
    atomic_store(&others_nth, nth);
    atomic_store(&others_armed, true);
}

bool alloc_fail_disarm_other_threads(unsigned int *seen)
{
    unsigned int count;

    atomic_store(&others_armed, false);
    count = atomic_load(&others_seen);
    arms_others = false;
    if (seen)
        *seen = count;
    return count >= atomic_load(&others_nth);
}

void alloc_fail_arm(enum alloc_fail_kind kind, unsigned int nth)
{
    armed_kind = kind;
    armed_nth = nth;
    if (kind == ALLOC_FAIL_MALLOC)
    {
        malloc_seen = 0;
        malloc_nth = nth;
        malloc_armed = true;
    }
    else
    {
        agx_testing_fail_bo_create(nth);
    }
}

bool alloc_fail_disarm(unsigned int *seen)
{
    unsigned int count;

    if (armed_kind == ALLOC_FAIL_MALLOC)
    {
        malloc_armed = false;
        count = malloc_seen;
    }
    else
    {
        count = agx_testing_fail_bo_create(0);
    }
    if (seen)
        *seen = count;
    return count >= armed_nth;
}
