/* The GPU watchdog (agx_watchdog.h). */
#include <time.h>
#include "agx_watchdog.h"

static uint64_t agx_watchdog_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void agx_watchdog_start(struct agx_watchdog *watchdog, uint64_t budget_ns, const _Atomic bool *lost)
{
    uint64_t now = agx_watchdog_now();

    watchdog->deadline_ns = !budget_ns || budget_ns > UINT64_MAX - now ? UINT64_MAX : now + budget_ns;
    watchdog->lost = lost;
    watchdog->credit = AGX_WATCHDOG_CREDIT;
    watchdog->expired = false;
}

bool agx_watchdog_check(struct agx_watchdog *watchdog)
{
    watchdog->credit = AGX_WATCHDOG_CREDIT;
    if ((watchdog->lost && atomic_load_explicit(watchdog->lost, memory_order_relaxed))
            || (watchdog->deadline_ns != UINT64_MAX && agx_watchdog_now() >= watchdog->deadline_ns))
        watchdog->expired = true;
    return watchdog->expired;
}
