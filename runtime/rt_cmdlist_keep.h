/*
 * What a command list's recording names, held until the list's next Reset or its
 * destruction (decision D040-lists-hold-what-they-record): a release between
 * recording and execution then frees nothing the submission reads. The holds are
 * internal (rt_retire_hold), so the application's reference counts stay Windows'.
 *
 * Held: every resource a recording call takes as an argument or through a render-target,
 * depth-stencil or clear descriptor the runtime knows, pipelines, root signatures,
 * descriptor heaps, query heaps, command signatures, and executed bundles with all they
 * hold. Not held: what shader-visible descriptors and GPU addresses name (raw data in
 * D3D12; the simulated GPU checks those when it reads them, specs/runtime.md
 * "Retirement").
 */
#ifndef RT_CMDLIST_KEEP_H
#define RT_CMDLIST_KEEP_H

#include "rt_retire.h"

struct rt_command_list;

struct rt_kept_object
{
    struct rt_retire_node *node;     /* NULL: a free slot */
    const char *kind;                /* the interface, for the message */
    const void *object;
};

/* An open-addressing set of the held objects; `last` skips the lookup for a repeat. */
struct rt_keep_set
{
    struct rt_kept_object *slots;
    size_t capacity, count;          /* capacity: 0 or a power of two, at most half full */
    const struct rt_retire_node *last;
};

/* Holds the object until the list's next Reset (once per list). False when out of
 * memory: the list is then removed with E_OUTOFMEMORY. */
bool rt_command_list_keep(struct rt_command_list *list, struct rt_retire_node *node, const char *kind,
                          const void *object);
/* ExecuteBundle: the bundle itself and everything it holds. */
bool rt_command_list_keep_bundle(struct rt_command_list *list, struct rt_command_list *bundle);
/* Reset and destruction: lets everything go (what is released meanwhile is destroyed
 * once the queues pass the list's submissions, rt_retire.h). */
void rt_command_list_let_go(struct rt_command_list *list);
/* ExecuteCommandLists with the debug layer: OBJECT_DELETED_WHILE_STILL_IN_USE for each
 * held object the application has released since. */
void rt_command_list_report_released(struct rt_command_list *list);

#endif
