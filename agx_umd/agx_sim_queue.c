/*
 * Timelines and queues of the simulated device.
 *
 * A timeline is a 64-bit value plus a list of waiters, each a callback to run once
 * the value reaches the waiter's target. Signals run the callbacks outside the
 * timeline's lock, so a callback may call back into the timeline.
 *
 * A queue is one worker thread taking jobs in submission order: run a CPU job (the
 * execution engine), signal a timeline, or wait for one. A wait parks only the worker,
 * never the thread that submitted it; it registers a waiter whose callback wakes the
 * worker.
 *
 * Halting (the device is lost) stops the simulated GPU: no job starts any more, waits
 * end, every notification is answered as removed, and the halting thread returns only
 * once no job of another queue runs, so that nothing touches memory the application
 * may free as soon as its fences read as complete.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include "agx_sim.h"

struct agx_sim_waiter
{
    uint64_t value;
    PFND3D12DDI_FENCE_CALLBACK callback;
    void *context;
    bool owned;                  /* allocated by timeline_notify, freed after the call */
    struct agx_sim_waiter *next;
};

struct agx_timeline
{
    struct agx_sim *sim;
    struct agx_timeline *next;   /* in sim->timelines */
    mtx_t lock;
    cnd_t idle;                  /* firing dropped to 0 */
    _Atomic uint64_t value;
    struct agx_sim_waiter *waiters;
    unsigned int firing;         /* signals running callbacks right now */
};

/* ---- Timelines ----------------------------------------------------------------------- */

HRESULT agx_sim_timeline_create(struct agx_backend *backend, uint64_t initial_value,
                                struct agx_timeline **out)
{
    struct agx_timeline *timeline;

    if (!(timeline = calloc(1, sizeof(*timeline))))
        return E_OUTOFMEMORY;
    if (mtx_init(&timeline->lock, mtx_plain) != thrd_success)
        goto fail;
    if (cnd_init(&timeline->idle) != thrd_success)
    {
        mtx_destroy(&timeline->lock);
        goto fail;
    }
    atomic_init(&timeline->value, initial_value);
    timeline->sim = (struct agx_sim *)backend;
    mtx_lock(&timeline->sim->objects_lock);
    timeline->next = timeline->sim->timelines;
    timeline->sim->timelines = timeline;
    mtx_unlock(&timeline->sim->objects_lock);
    *out = timeline;
    return S_OK;

fail:
    free(timeline);
    return E_OUTOFMEMORY;
}

void agx_sim_timeline_destroy(struct agx_timeline *timeline)
{
    struct agx_sim_waiter *waiter, *next;
    struct agx_timeline **link;

    if (!timeline)
        return;
    mtx_lock(&timeline->sim->objects_lock);
    for (link = &timeline->sim->timelines; *link != timeline; link = &(*link)->next)
        ;
    *link = timeline->next;
    mtx_unlock(&timeline->sim->objects_lock);
    /* A signal may still be running callbacks (one of which let the owner destroy
     * us): wait until it has left the timeline. */
    mtx_lock(&timeline->lock);
    while (timeline->firing)
        cnd_wait(&timeline->idle, &timeline->lock);
    mtx_unlock(&timeline->lock);
    for (waiter = timeline->waiters; waiter; waiter = next)
    {
        next = waiter->next;
        if (waiter->owned)
            free(waiter);
    }
    cnd_destroy(&timeline->idle);
    mtx_destroy(&timeline->lock);
    free(timeline);
}

uint64_t agx_sim_timeline_value(struct agx_timeline *timeline)
{
    return atomic_load(&timeline->value);
}

/* Runs the callbacks of waiters already taken off the timeline, whose firing count the
 * caller raised. */
static void agx_sim_timeline_fire(struct agx_timeline *timeline, struct agx_sim_waiter *list, BOOL removed)
{
    struct agx_sim_waiter *waiter, *next;
    PFND3D12DDI_FENCE_CALLBACK callback;
    void *context;
    bool owned;

    for (waiter = list; waiter; waiter = next)
    {
        /* A waiter the caller owns may be gone once its callback returns. */
        next = waiter->next;
        callback = waiter->callback;
        context = waiter->context;
        owned = waiter->owned;
        callback(context, removed);
        if (owned)
            free(waiter);
    }

    mtx_lock(&timeline->lock);
    if (!--timeline->firing)
        cnd_broadcast(&timeline->idle);
    mtx_unlock(&timeline->lock);
}

/* Halting: every waiter is answered as removed. */
static void agx_sim_timeline_fire_all(struct agx_timeline *timeline)
{
    struct agx_sim_waiter *list;

    mtx_lock(&timeline->lock);
    list = timeline->waiters;
    timeline->waiters = NULL;
    ++timeline->firing;
    mtx_unlock(&timeline->lock);
    agx_sim_timeline_fire(timeline, list, TRUE);
}

void agx_sim_timeline_signal(struct agx_timeline *timeline, uint64_t value)
{
    struct agx_sim_waiter **link, *waiter, *reached = NULL;

    mtx_lock(&timeline->lock);
    atomic_store(&timeline->value, value);
    for (link = &timeline->waiters; (waiter = *link);)
    {
        if (waiter->value <= value)
        {
            *link = waiter->next;
            waiter->next = reached;
            reached = waiter;
        }
        else
        {
            link = &waiter->next;
        }
    }
    if (!reached)
    {
        mtx_unlock(&timeline->lock);
        return;
    }
    ++timeline->firing;
    mtx_unlock(&timeline->lock);
    agx_sim_timeline_fire(timeline, reached, FALSE);
}

enum agx_sim_add
{
    AGX_SIM_ADDED,
    AGX_SIM_REACHED,
    AGX_SIM_HALTED,
};

/* Adds a waiter unless the value is already reached or the device halted. Checked
 * under the timeline's lock, so that halting either sees the waiter or is seen. */
static enum agx_sim_add agx_sim_timeline_add_waiter(struct agx_timeline *timeline, struct agx_sim_waiter *waiter)
{
    enum agx_sim_add result = AGX_SIM_ADDED;

    mtx_lock(&timeline->lock);
    if (atomic_load(&timeline->sim->halted))
    {
        result = AGX_SIM_HALTED;
    }
    else if (atomic_load(&timeline->value) >= waiter->value)
    {
        result = AGX_SIM_REACHED;
    }
    else
    {
        waiter->next = timeline->waiters;
        timeline->waiters = waiter;
    }
    mtx_unlock(&timeline->lock);
    return result;
}

/* Takes back a waiter the caller owns. Returns false when its callback was (or is
 * being) run; in that case the callback has finished when this returns. */
static bool agx_sim_timeline_remove_waiter(struct agx_timeline *timeline, struct agx_sim_waiter *waiter)
{
    struct agx_sim_waiter **link;

    mtx_lock(&timeline->lock);
    for (link = &timeline->waiters; *link; link = &(*link)->next)
    {
        if (*link == waiter)
        {
            *link = waiter->next;
            mtx_unlock(&timeline->lock);
            return true;
        }
    }
    while (timeline->firing)
        cnd_wait(&timeline->idle, &timeline->lock);
    mtx_unlock(&timeline->lock);
    return false;
}

HRESULT agx_sim_timeline_notify(struct agx_timeline *timeline, uint64_t value,
                                PFND3D12DDI_FENCE_CALLBACK callback, void *context)
{
    struct agx_sim_waiter *waiter;
    enum agx_sim_add added;

    if (atomic_load(&timeline->value) >= value && !atomic_load(&timeline->sim->halted))
    {
        callback(context, FALSE);
        return S_OK;
    }
    if (!(waiter = calloc(1, sizeof(*waiter))))
        return E_OUTOFMEMORY;
    waiter->value = value;
    waiter->callback = callback;
    waiter->context = context;
    waiter->owned = true;
    if ((added = agx_sim_timeline_add_waiter(timeline, waiter)) != AGX_SIM_ADDED)
    {
        /* Reached in the meantime, or halted. */
        free(waiter);
        callback(context, added == AGX_SIM_HALTED);
    }
    return S_OK;
}

/* ---- Queues -------------------------------------------------------------------------- */

enum agx_sim_job_kind
{
    AGX_SIM_JOB_RUN,
    AGX_SIM_JOB_SIGNAL,
    AGX_SIM_JOB_WAIT,
};

struct agx_sim_job
{
    enum agx_sim_job_kind kind;
    agx_job_fn fn;
    void *context;
    struct agx_timeline *timeline;
    uint64_t value;
    struct agx_sim_job *next;
};

struct agx_hw_queue
{
    struct agx_sim *sim;
    struct agx_hw_queue *next;   /* in sim->queues */
    mtx_t lock;
    cnd_t cond;                  /* new job, stop request, a wait satisfied, halting, or a job done */
    struct agx_sim_job *head, *tail;
    bool stopping;
    bool woken;                  /* the pending wait's callback ran */
    bool busy;                   /* a job runs, touching what it names (halting waits) */
    thrd_t thread;
};

static void APIENTRY agx_sim_queue_wake(void *context, BOOL removed)
{
    struct agx_hw_queue *queue = context;

    mtx_lock(&queue->lock);
    queue->woken = true;
    cnd_broadcast(&queue->cond);
    mtx_unlock(&queue->lock);
}

/* Parks the worker until the timeline reaches the job's value. Returns false when the
 * queue is being destroyed first. */
static bool agx_sim_queue_do_wait(struct agx_hw_queue *queue, struct agx_sim_job *job)
{
    struct agx_sim_waiter waiter = {job->value, agx_sim_queue_wake, queue, false, NULL};
    bool reached;

    mtx_lock(&queue->lock);
    queue->woken = false;
    mtx_unlock(&queue->lock);
    if (agx_sim_timeline_add_waiter(job->timeline, &waiter) != AGX_SIM_ADDED)
        return true;

    mtx_lock(&queue->lock);
    while (!queue->woken && !queue->stopping && !atomic_load(&queue->sim->halted))
        cnd_wait(&queue->cond, &queue->lock);
    reached = queue->woken;
    mtx_unlock(&queue->lock);
    if (!reached && !agx_sim_timeline_remove_waiter(job->timeline, &waiter))
        reached = true;
    /* A halted queue never waits: what follows is dropped or only signals. */
    return reached || atomic_load(&queue->sim->halted);
}

static void agx_sim_job_drop(struct agx_sim_job *job)
{
    if (job->kind == AGX_SIM_JOB_RUN)
        job->fn(job->context, false);
    free(job);
}

static int agx_sim_queue_main(void *context)
{
    struct agx_hw_queue *queue = context;
    struct agx_sim_job *job, *rest;
    bool abandon = false;

    mtx_lock(&queue->lock);
    for (;;)
    {
        while (!queue->head && !queue->stopping)
            cnd_wait(&queue->cond, &queue->lock);
        if (!(job = queue->head))
            break;
        if (!(queue->head = job->next))
            queue->tail = NULL;
        /* Decided under the queue's lock, which halting takes after setting `halted`:
         * either halting waits for this job, or the job sees the halt. A halted queue
         * touches no timeline either: once halting returned, the application may
         * destroy the fences its queued signals and waits name. */
        queue->busy = !atomic_load(&queue->sim->halted);
        mtx_unlock(&queue->lock);

        switch (job->kind)
        {
            case AGX_SIM_JOB_RUN:
                job->fn(job->context, queue->busy);
                break;
            case AGX_SIM_JOB_SIGNAL:
                if (queue->busy)
                    agx_sim_timeline_signal(job->timeline, job->value);
                break;
            case AGX_SIM_JOB_WAIT:
                if (queue->busy)
                    abandon = !agx_sim_queue_do_wait(queue, job);
                break;
        }
        free(job);

        mtx_lock(&queue->lock);
        if (queue->busy)
        {
            queue->busy = false;
            cnd_broadcast(&queue->cond);
        }
        if (abandon)
        {
            /* Destroyed behind a wait that never completed: drop the rest. */
            rest = queue->head;
            queue->head = queue->tail = NULL;
            mtx_unlock(&queue->lock);
            while ((job = rest))
            {
                rest = job->next;
                agx_sim_job_drop(job);
            }
            return 0;
        }
    }
    mtx_unlock(&queue->lock);
    return 0;
}

HRESULT agx_sim_queue_create(struct agx_backend *backend, struct agx_hw_queue **out)
{
    struct agx_hw_queue *queue;

    if (!(queue = calloc(1, sizeof(*queue))))
        return E_OUTOFMEMORY;
    queue->sim = (struct agx_sim *)backend;
    if (mtx_init(&queue->lock, mtx_plain) != thrd_success)
        goto fail;
    if (cnd_init(&queue->cond) != thrd_success)
        goto fail_lock;
    if (thrd_create(&queue->thread, agx_sim_queue_main, queue) != thrd_success)
        goto fail_cond;
    mtx_lock(&queue->sim->objects_lock);
    queue->next = queue->sim->queues;
    queue->sim->queues = queue;
    mtx_unlock(&queue->sim->objects_lock);
    *out = queue;
    return S_OK;

fail_cond:
    cnd_destroy(&queue->cond);
fail_lock:
    mtx_destroy(&queue->lock);
fail:
    free(queue);
    return E_OUTOFMEMORY;
}

void agx_sim_queue_destroy(struct agx_hw_queue *queue)
{
    struct agx_hw_queue **link;

    if (!queue)
        return;
    mtx_lock(&queue->sim->objects_lock);
    for (link = &queue->sim->queues; *link != queue; link = &(*link)->next)
        ;
    *link = queue->next;
    mtx_unlock(&queue->sim->objects_lock);
    mtx_lock(&queue->lock);
    queue->stopping = true;
    cnd_broadcast(&queue->cond);
    mtx_unlock(&queue->lock);
    thrd_join(queue->thread, NULL);
    cnd_destroy(&queue->cond);
    mtx_destroy(&queue->lock);
    free(queue);
}

static HRESULT agx_sim_queue_push(struct agx_hw_queue *queue, enum agx_sim_job_kind kind, agx_job_fn fn,
                                  void *context, struct agx_timeline *timeline, uint64_t value)
{
    struct agx_sim_job *job;

    if (!(job = calloc(1, sizeof(*job))))
        return E_OUTOFMEMORY;
    job->kind = kind;
    job->fn = fn;
    job->context = context;
    job->timeline = timeline;
    job->value = value;
    mtx_lock(&queue->lock);
    if (queue->tail)
        queue->tail->next = job;
    else
        queue->head = job;
    queue->tail = job;
    cnd_broadcast(&queue->cond);
    mtx_unlock(&queue->lock);
    return S_OK;
}

HRESULT agx_sim_queue_run(struct agx_hw_queue *queue, agx_job_fn fn, void *context)
{
    return agx_sim_queue_push(queue, AGX_SIM_JOB_RUN, fn, context, NULL, 0);
}

HRESULT agx_sim_queue_signal(struct agx_hw_queue *queue, struct agx_timeline *timeline, uint64_t value)
{
    return agx_sim_queue_push(queue, AGX_SIM_JOB_SIGNAL, NULL, NULL, timeline, value);
}

HRESULT agx_sim_queue_wait(struct agx_hw_queue *queue, struct agx_timeline *timeline, uint64_t value)
{
    return agx_sim_queue_push(queue, AGX_SIM_JOB_WAIT, NULL, NULL, timeline, value);
}

/* ---- Halting ------------------------------------------------------------------------- */

void agx_sim_halt(struct agx_backend *backend)
{
    struct agx_sim *sim = (struct agx_sim *)backend;
    struct agx_timeline *timeline;
    struct agx_hw_queue *queue;

    atomic_store(&sim->halted, true);
    mtx_lock(&sim->objects_lock);
    for (queue = sim->queues; queue; queue = queue->next)
    {
        mtx_lock(&queue->lock);
        cnd_broadcast(&queue->cond);
        /* The caller's own job (a loss found while executing) is ending already. */
        while (queue->busy && !thrd_equal(queue->thread, thrd_current()))
            cnd_wait(&queue->cond, &queue->lock);
        mtx_unlock(&queue->lock);
    }
    for (timeline = sim->timelines; timeline; timeline = timeline->next)
        agx_sim_timeline_fire_all(timeline);
    mtx_unlock(&sim->objects_lock);
}
