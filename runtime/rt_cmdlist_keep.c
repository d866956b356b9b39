/* The objects a command list's recording names (rt_cmdlist_keep.h). */
#include <stdlib.h>
#include <string.h>

#include "rt_cmdlist.h"
#include "rt_info_queue.h"

#define RT_KEEP_FIRST_CAPACITY 16

static size_t rt_keep_slot(const struct rt_keep_set *set, const struct rt_retire_node *node)
{
    uint64_t hash = (uint64_t)(uintptr_t)node * 0x9e3779b97f4a7c15ull;

    return (size_t)(hash >> 32) & (set->capacity - 1);
}

/* The slot holding node, or the free one where it would go. */
static struct rt_kept_object *rt_keep_find(const struct rt_keep_set *set, const struct rt_retire_node *node)
{
    size_t i = rt_keep_slot(set, node);

    while (set->slots[i].node && set->slots[i].node != node)
        i = (i + 1) & (set->capacity - 1);
    return &set->slots[i];
}

static bool rt_keep_grow(struct rt_keep_set *set)
{
    size_t capacity = set->capacity ? 2 * set->capacity : RT_KEEP_FIRST_CAPACITY, i;
    struct rt_kept_object *old = set->slots;
    struct rt_keep_set grown = {NULL, capacity, set->count, set->last};

    if (!(grown.slots = calloc(capacity, sizeof(*grown.slots))))
        return false;
    for (i = 0; i < set->capacity; ++i)
    {
        if (old[i].node)
            *rt_keep_find(&grown, old[i].node) = old[i];
    }
    free(old);
    *set = grown;
    return true;
}

bool rt_command_list_keep(struct rt_command_list *list, struct rt_retire_node *node, const char *kind,
                          const void *object)
{
    struct rt_keep_set *set = &list->kept;
    struct rt_kept_object *slot;

    if (node == set->last)
        return true;
    if (set->capacity && (slot = rt_keep_find(set, node))->node)
    {
        set->last = node;
        return true;
    }
    if (2 * (set->count + 1) > set->capacity)
    {
        if (!rt_keep_grow(set))
        {
            rt_command_list_remove_message(list, E_OUTOFMEMORY, D3D12_MESSAGE_ID_COMMAND_LIST_OUTOFMEMORY,
                                           "out of memory holding an object the recording names");
            return false;
        }
    }
    slot = rt_keep_find(set, node);
    rt_retire_hold(node);
    slot->node = node;
    slot->kind = kind;
    slot->object = object;
    ++set->count;
    set->last = node;
    return true;
}

bool rt_command_list_keep_bundle(struct rt_command_list *list, struct rt_command_list *bundle)
{
    const struct rt_keep_set *set = &bundle->kept;
    size_t i;

    if (!rt_command_list_keep(list, &bundle->retire, "ID3D12GraphicsCommandList", bundle))
        return false;
    for (i = 0; i < set->capacity; ++i)
    {
        const struct rt_kept_object *kept = &set->slots[i];

        if (kept->node && !rt_command_list_keep(list, kept->node, kept->kind, kept->object))
            return false;
    }
    return true;
}

void rt_command_list_let_go(struct rt_command_list *list)
{
    struct rt_keep_set *set = &list->kept;
    size_t i;

    if (!set->count)
        return;
    for (i = 0; i < set->capacity; ++i)
    {
        if (set->slots[i].node)
            rt_retire_unhold(list->device, set->slots[i].node);
    }
    /* Reset keeps the capacity: the next recording names about as much. */
    memset(set->slots, 0, set->capacity * sizeof(*set->slots));
    set->count = 0;
    set->last = NULL;
}

void rt_command_list_report_released(struct rt_command_list *list)
{
    const struct rt_keep_set *set = &list->kept;
    size_t i;

    for (i = 0; i < set->capacity; ++i)
    {
        const struct rt_kept_object *kept = &set->slots[i];

        /* Undefined in D3D12 (the GPU would read freed memory): here the list holds it. */
        if (kept->node && rt_retire_released(kept->node))
            rt_info_queue_add(list->device->info_queue, D3D12_MESSAGE_CATEGORY_EXECUTION,
                              D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE,
                              "ExecuteCommandLists: command list %p names %s %p, which the application "
                              "final-released after recording it; the list holds it until its next Reset "
                              "and executes as recorded", (void *)list, kept->kind, kept->object);
    }
}
