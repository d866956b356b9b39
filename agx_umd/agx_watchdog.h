/*
 * The GPU watchdog (specs/decisions/D021-gpu-watchdog.md): every command list
 * gets a budget of wall-clock time, like Windows' TDR. The engine spends credit as it
 * works (lanes x instructions in the shader engine, one per command in the command
 * loop) and looks at the clock only when the credit runs out, so the check costs
 * nothing measurable and still comes often enough, whatever a shader does, to stop
 * within a small fraction of the budget. Once expired (or once the device is lost for
 * another reason) every part of the engine stops at its next check.
 */
#ifndef AGX_WATCHDOG_H
#define AGX_WATCHDOG_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* Lane-instructions between two looks at the clock: about 50 us of the cheapest work,
 * tens of milliseconds of the dearest (a filtered sample per lane). */
#define AGX_WATCHDOG_CREDIT 65536

struct agx_watchdog
{
    uint64_t deadline_ns;                 /* CLOCK_MONOTONIC; UINT64_MAX: no budget */
    const _Atomic bool *lost;             /* the device was lost: stop as well (may be NULL) */
    int64_t credit;
    bool expired;                         /* the budget ran out (or the device was lost) */
};

/* Starts the budget now; budget_ns 0 means none (D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT). */
void agx_watchdog_start(struct agx_watchdog *watchdog, uint64_t budget_ns, const _Atomic bool *lost);
/* Refills the credit; true when the budget is spent or the device lost. */
bool agx_watchdog_check(struct agx_watchdog *watchdog);

/* Spends `work` credit; true when the work must stop. A NULL watchdog never stops. */
static inline bool agx_watchdog_spend(struct agx_watchdog *watchdog, uint32_t work)
{
    if (!watchdog)
        return false;
    if (watchdog->expired)
        return true;
    if ((watchdog->credit -= work) > 0)
        return false;
    return agx_watchdog_check(watchdog);
}

static inline bool agx_watchdog_expired(const struct agx_watchdog *watchdog)
{
    return watchdog && watchdog->expired;
}

#endif
