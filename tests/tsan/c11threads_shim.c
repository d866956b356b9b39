/*
 * C11 <threads.h> on top of pthreads, for ThreadSanitizer builds only.
 *
 * gcc 12's ThreadSanitizer intercepts the pthread functions but not glibc's C11 thread
 * functions, and glibc implements those by calling its internal pthread symbols, which
 * TSan never sees. A thread started by thrd_create is then unknown to TSan (the run
 * crashes in its runtime) and mtx_lock/cnd_wait/call_once create no happens-before
 * edges, so every access guarded by a C11 mutex is reported as a race. The tests of a
 * TSan build link this library ahead of libc: its definitions interpose on glibc's and
 * forward to the public pthread functions, which TSan intercepts. glibc lays mtx_t,
 * cnd_t, thrd_t and once_flag out as pthread_mutex_t, pthread_cond_t, pthread_t and
 * pthread_once_t, so the casts below are exact (checked by the assertions).
 *
 * It defines the C11 calls d3d12rt makes (thrd_create, thrd_join, call_once) and the
 * whole mutex and condition variable families, so that no C11 mutex can be reached
 * through a path TSan does not see. thrd_sleep and thrd_yield need no shim: they
 * synchronise nothing.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <threads.h>

_Static_assert(sizeof(mtx_t) == sizeof(pthread_mutex_t), "mtx_t is not a pthread mutex");
_Static_assert(sizeof(cnd_t) == sizeof(pthread_cond_t), "cnd_t is not a pthread cond");
_Static_assert(sizeof(thrd_t) == sizeof(pthread_t), "thrd_t is not a pthread_t");
_Static_assert(sizeof(once_flag) == sizeof(pthread_once_t), "once_flag is not a pthread_once_t");

struct c11_thread_start
{
    thrd_start_t func;
    void *arg;
};

/* The thrd_* result for a pthread error number, as glibc maps it. */
static int c11_result(int err)
{
    switch (err)
    {
        case 0:
            return thrd_success;
        case ENOMEM:
            return thrd_nomem;
        case EBUSY:
            return thrd_busy;
        case ETIMEDOUT:
            return thrd_timedout;
        default:
            return thrd_error;
    }
}

static void *c11_thread_main(void *p)
{
    struct c11_thread_start start = *(struct c11_thread_start *)p;

    free(p);
    return (void *)(intptr_t)start.func(start.arg);
}

int thrd_create(thrd_t *thr, thrd_start_t func, void *arg)
{
    struct c11_thread_start *start = malloc(sizeof(*start));
    int err;

    if (!start)
        return thrd_nomem;
    start->func = func;
    start->arg = arg;
    if ((err = pthread_create((pthread_t *)thr, NULL, c11_thread_main, start)))
        free(start);
    return c11_result(err);
}

int thrd_join(thrd_t thr, int *res)
{
    void *value;
    int err = pthread_join((pthread_t)thr, &value);

    if (!err && res)
        *res = (int)(intptr_t)value;
    return c11_result(err);
}

void call_once(once_flag *flag, void (*func)(void))
{
    pthread_once((pthread_once_t *)flag, func);
}

int mtx_init(mtx_t *mtx, int type)
{
    pthread_mutexattr_t attr;
    int err;

    if ((err = pthread_mutexattr_init(&attr)))
        return c11_result(err);
    if (type & mtx_recursive)
        err = pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    if (!err)
        err = pthread_mutex_init((pthread_mutex_t *)mtx, &attr);
    pthread_mutexattr_destroy(&attr);
    return c11_result(err);
}

int mtx_lock(mtx_t *mtx)
{
    return c11_result(pthread_mutex_lock((pthread_mutex_t *)mtx));
}

int mtx_trylock(mtx_t *mtx)
{
    return c11_result(pthread_mutex_trylock((pthread_mutex_t *)mtx));
}

/* C11 deadlines are TIME_UTC, the CLOCK_REALTIME that pthreads uses by default. */
int mtx_timedlock(mtx_t *restrict mtx, const struct timespec *restrict deadline)
{
    return c11_result(pthread_mutex_timedlock((pthread_mutex_t *)mtx, deadline));
}

int mtx_unlock(mtx_t *mtx)
{
    return c11_result(pthread_mutex_unlock((pthread_mutex_t *)mtx));
}

void mtx_destroy(mtx_t *mtx)
{
    pthread_mutex_destroy((pthread_mutex_t *)mtx);
}

int cnd_init(cnd_t *cnd)
{
    return c11_result(pthread_cond_init((pthread_cond_t *)cnd, NULL));
}

int cnd_signal(cnd_t *cnd)
{
    return c11_result(pthread_cond_signal((pthread_cond_t *)cnd));
}

int cnd_broadcast(cnd_t *cnd)
{
    return c11_result(pthread_cond_broadcast((pthread_cond_t *)cnd));
}

int cnd_wait(cnd_t *cnd, mtx_t *mtx)
{
    return c11_result(pthread_cond_wait((pthread_cond_t *)cnd, (pthread_mutex_t *)mtx));
}

int cnd_timedwait(cnd_t *restrict cnd, mtx_t *restrict mtx,
        const struct timespec *restrict deadline)
{
    return c11_result(pthread_cond_timedwait((pthread_cond_t *)cnd,
            (pthread_mutex_t *)mtx, deadline));
}

void cnd_destroy(cnd_t *cnd)
{
    pthread_cond_destroy((pthread_cond_t *)cnd);
}
