/*
 * Message filters of the info queue (rt_info_queue.c): the D3D12_INFO_QUEUE_FILTER
 * lists kept as arrays, how a message is matched, and the filter stacks.
 * No locking here: the queue's mutex guards its stacks.
 */
#ifndef RT_INFO_QUEUE_FILTER_H
#define RT_INFO_QUEUE_FILTER_H

#include "rt_common.h"

/* One allow or deny list of a filter. */
struct rt_msg_filter_list
{
    D3D12_MESSAGE_CATEGORY *categories;
    D3D12_MESSAGE_SEVERITY *severities;
    D3D12_MESSAGE_ID *ids;
    UINT category_count, severity_count, id_count;
};

/* All lists empty: everything passes. */
struct rt_msg_filter
{
    struct rt_msg_filter_list allow, deny;
};

/* Never empty: the bottom filter cannot be popped. */
struct rt_msg_filter_stack
{
    struct rt_msg_filter *filters;
    UINT count, capacity;
};

/* Non-NULL, and no list with a count but a NULL array. */
bool rt_msg_filter_valid(const D3D12_INFO_QUEUE_FILTER *filter);
/* A matching deny entry rejects; each non-empty allow list must contain the value. */
bool rt_msg_filter_passes(const struct rt_msg_filter *filter, D3D12_MESSAGE_CATEGORY category,
                          D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id);
bool rt_msg_filter_is_empty(const struct rt_msg_filter *filter);
/* Empties the filter. */
void rt_msg_filter_cleanup(struct rt_msg_filter *filter);

/* One empty filter. */
HRESULT rt_msg_filter_stack_init(struct rt_msg_filter_stack *stack);
void rt_msg_filter_stack_cleanup(struct rt_msg_filter_stack *stack);
struct rt_msg_filter *rt_msg_filter_stack_top(struct rt_msg_filter_stack *stack);
/* Pushes base (NULL: an empty filter) plus the entries of add (may be NULL). */
HRESULT rt_msg_filter_stack_push(struct rt_msg_filter_stack *stack, const struct rt_msg_filter *base,
                                 const D3D12_INFO_QUEUE_FILTER *add);
/* Does nothing when only the bottom filter is left. */
void rt_msg_filter_stack_pop(struct rt_msg_filter_stack *stack);
/* Appends add's entries to the top filter; E_INVALIDARG unless rt_msg_filter_valid(add). */
HRESULT rt_msg_filter_stack_add_entries(struct rt_msg_filter_stack *stack,
                                        const D3D12_INFO_QUEUE_FILTER *add);
/*
 * The two-call protocol of Get*Filter: with filter NULL, *length = the bytes needed;
 * otherwise the top filter and its lists are packed into filter's buffer (lists
 * after the structure, the pointers into it). E_INVALIDARG for a NULL length or a
 * buffer shorter than needed.
 */
HRESULT rt_msg_filter_stack_get(struct rt_msg_filter_stack *stack, D3D12_INFO_QUEUE_FILTER *filter,
                                SIZE_T *length);

#endif
