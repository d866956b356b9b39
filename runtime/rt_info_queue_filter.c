/*
 * The info queue's message filters: allow and deny lists by category, severity
 * and ID, and the filter stacks (storage and retrieval) built from them.
 */
#include <limits.h>
#include <stdlib.h>

#include "rt_info_queue_filter.h"

static void filter_list_cleanup(struct rt_msg_filter_list *list)
{
    free(list->categories);
    free(list->severities);
    free(list->ids);
    memset(list, 0, sizeof(*list));
}

void rt_msg_filter_cleanup(struct rt_msg_filter *filter)
{
    filter_list_cleanup(&filter->allow);
    filter_list_cleanup(&filter->deny);
}

static bool filter_desc_valid(const D3D12_INFO_QUEUE_FILTER_DESC *desc)
{
    return (!desc->NumCategories || desc->pCategoryList)
            && (!desc->NumSeverities || desc->pSeverityList)
            && (!desc->NumIDs || desc->pIDList);
}

bool rt_msg_filter_valid(const D3D12_INFO_QUEUE_FILTER *filter)
{
    return filter && filter_desc_valid(&filter->AllowList) && filter_desc_valid(&filter->DenyList);
}

/* A new array holding a's entries then b's. */
static bool concat_array(void **out, UINT *out_count, const void *a, UINT a_count,
                         const void *b, UINT b_count, size_t element_size)
{
    char *array;

    *out = NULL;
    *out_count = 0;
    if (a_count > UINT_MAX - b_count)
        return false;
    if (!a_count && !b_count)
        return true;
    if (!(array = malloc(((size_t)a_count + b_count) * element_size)))
        return false;
    if (a_count)
        memcpy(array, a, a_count * element_size);
    if (b_count)
        memcpy(array + a_count * element_size, b, b_count * element_size);
    *out = array;
    *out_count = a_count + b_count;
    return true;
}

static bool filter_list_merge(struct rt_msg_filter_list *out, const struct rt_msg_filter_list *base,
                              const D3D12_INFO_QUEUE_FILTER_DESC *add)
{
    static const D3D12_INFO_QUEUE_FILTER_DESC none;

    if (!add)
        add = &none;
    memset(out, 0, sizeof(*out));
    if (concat_array((void **)&out->categories, &out->category_count, base->categories,
                    base->category_count, add->pCategoryList, add->NumCategories,
                    sizeof(*out->categories))
            && concat_array((void **)&out->severities, &out->severity_count, base->severities,
                    base->severity_count, add->pSeverityList, add->NumSeverities,
                    sizeof(*out->severities))
            && concat_array((void **)&out->ids, &out->id_count, base->ids, base->id_count,
                    add->pIDList, add->NumIDs, sizeof(*out->ids)))
        return true;
    filter_list_cleanup(out);
    return false;
}

/* out = base (may be NULL: empty) plus the entries of add (may be NULL). */
static HRESULT filter_merge(struct rt_msg_filter *out, const struct rt_msg_filter *base,
                            const D3D12_INFO_QUEUE_FILTER *add)
{
    static const struct rt_msg_filter empty;

    if (!base)
        base = &empty;
    if (!filter_list_merge(&out->allow, &base->allow, add ? &add->AllowList : NULL))
        return E_OUTOFMEMORY;
    if (!filter_list_merge(&out->deny, &base->deny, add ? &add->DenyList : NULL))
    {
        filter_list_cleanup(&out->allow);
        return E_OUTOFMEMORY;
    }
    return S_OK;
}

static bool list_has_category(const struct rt_msg_filter_list *list, D3D12_MESSAGE_CATEGORY category)
{
    UINT i;

    for (i = 0; i < list->category_count; ++i)
    {
        if (list->categories[i] == category)
            return true;
    }
    return false;
}

static bool list_has_severity(const struct rt_msg_filter_list *list, D3D12_MESSAGE_SEVERITY severity)
{
    UINT i;

    for (i = 0; i < list->severity_count; ++i)
    {
        if (list->severities[i] == severity)
            return true;
    }
    return false;
}

static bool list_has_id(const struct rt_msg_filter_list *list, D3D12_MESSAGE_ID id)
{
    UINT i;

    for (i = 0; i < list->id_count; ++i)
    {
        if (list->ids[i] == id)
            return true;
    }
    return false;
}

bool rt_msg_filter_is_empty(const struct rt_msg_filter *filter)
{
    return !filter->allow.category_count && !filter->allow.severity_count && !filter->allow.id_count
            && !filter->deny.category_count && !filter->deny.severity_count && !filter->deny.id_count;
}

/* A deny entry that matches wins; each non-empty allow list must contain the value. */
bool rt_msg_filter_passes(const struct rt_msg_filter *filter, D3D12_MESSAGE_CATEGORY category,
                          D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id)
{
    const struct rt_msg_filter_list *allow = &filter->allow, *deny = &filter->deny;

    if (list_has_category(deny, category) || list_has_severity(deny, severity) || list_has_id(deny, id))
        return false;
    return (!allow->category_count || list_has_category(allow, category))
            && (!allow->severity_count || list_has_severity(allow, severity))
            && (!allow->id_count || list_has_id(allow, id));
}

static SIZE_T filter_byte_size(const struct rt_msg_filter *filter)
{
    return sizeof(D3D12_INFO_QUEUE_FILTER)
            + ((SIZE_T)filter->allow.category_count + filter->deny.category_count)
                    * sizeof(D3D12_MESSAGE_CATEGORY)
            + ((SIZE_T)filter->allow.severity_count + filter->deny.severity_count)
                    * sizeof(D3D12_MESSAGE_SEVERITY)
            + ((SIZE_T)filter->allow.id_count + filter->deny.id_count) * sizeof(D3D12_MESSAGE_ID);
}

/* Copies one array into the caller's buffer at *cursor; NULL when empty. */
static void *pack_array(char **cursor, const void *array, UINT count, size_t element_size)
{
    void *dst = *cursor;

    if (!count)
        return NULL;
    memcpy(dst, array, count * element_size);
    *cursor += count * element_size;
    return dst;
}

static void filter_list_pack(D3D12_INFO_QUEUE_FILTER_DESC *desc, char **cursor,
                             const struct rt_msg_filter_list *list)
{
    desc->NumCategories = list->category_count;
    desc->pCategoryList = pack_array(cursor, list->categories, list->category_count,
            sizeof(*list->categories));
    desc->NumSeverities = list->severity_count;
    desc->pSeverityList = pack_array(cursor, list->severities, list->severity_count,
            sizeof(*list->severities));
    desc->NumIDs = list->id_count;
    desc->pIDList = pack_array(cursor, list->ids, list->id_count, sizeof(*list->ids));
}

/* The filter struct first, then its lists, all inside the caller's buffer. */
static void filter_pack(D3D12_INFO_QUEUE_FILTER *out, const struct rt_msg_filter *filter)
{
    char *cursor = (char *)(out + 1);

    filter_list_pack(&out->AllowList, &cursor, &filter->allow);
    filter_list_pack(&out->DenyList, &cursor, &filter->deny);
}

HRESULT rt_msg_filter_stack_init(struct rt_msg_filter_stack *stack)
{
    if (!(stack->filters = calloc(4, sizeof(*stack->filters))))
        return E_OUTOFMEMORY;
    stack->capacity = 4;
    stack->count = 1;
    return S_OK;
}

void rt_msg_filter_stack_cleanup(struct rt_msg_filter_stack *stack)
{
    UINT i;

    for (i = 0; i < stack->count; ++i)
        rt_msg_filter_cleanup(&stack->filters[i]);
    free(stack->filters);
}

struct rt_msg_filter *rt_msg_filter_stack_top(struct rt_msg_filter_stack *stack)
{
    return &stack->filters[stack->count - 1];
}

/* Takes ownership of filter's arrays on success. */
static HRESULT filter_stack_push_owned(struct rt_msg_filter_stack *stack, struct rt_msg_filter *filter)
{
    struct rt_msg_filter *filters;
    UINT capacity;

    if (stack->count == stack->capacity)
    {
        if (stack->capacity > UINT_MAX / 2)
            return E_OUTOFMEMORY;
        capacity = stack->capacity * 2;
        if (!(filters = realloc(stack->filters, capacity * sizeof(*filters))))
            return E_OUTOFMEMORY;
        stack->filters = filters;
        stack->capacity = capacity;
    }
    stack->filters[stack->count++] = *filter;
    return S_OK;
}

void rt_msg_filter_stack_pop(struct rt_msg_filter_stack *stack)
{
    if (stack->count > 1)
        rt_msg_filter_cleanup(&stack->filters[--stack->count]);
}

HRESULT rt_msg_filter_stack_add_entries(struct rt_msg_filter_stack *stack,
                                        const D3D12_INFO_QUEUE_FILTER *add)
{
    struct rt_msg_filter merged;
    HRESULT hr;

    if (!rt_msg_filter_valid(add))
        return E_INVALIDARG;
    if (FAILED(hr = filter_merge(&merged, rt_msg_filter_stack_top(stack), add)))
        return hr;
    rt_msg_filter_cleanup(rt_msg_filter_stack_top(stack));
    *rt_msg_filter_stack_top(stack) = merged;
    return S_OK;
}

HRESULT rt_msg_filter_stack_get(struct rt_msg_filter_stack *stack, D3D12_INFO_QUEUE_FILTER *filter,
                                SIZE_T *length)
{
    const struct rt_msg_filter *top = rt_msg_filter_stack_top(stack);
    SIZE_T size = filter_byte_size(top);

    if (!length)
        return E_INVALIDARG;
    if (filter)
    {
        if (*length < size)
            return E_INVALIDARG;
        filter_pack(filter, top);
    }
    *length = size;
    return S_OK;
}

/* base NULL: an empty filter. add NULL: nothing added. */
HRESULT rt_msg_filter_stack_push(struct rt_msg_filter_stack *stack, const struct rt_msg_filter *base,
                                        const D3D12_INFO_QUEUE_FILTER *add)
{
    struct rt_msg_filter filter;
    HRESULT hr;

    if (FAILED(hr = filter_merge(&filter, base, add)))
        return hr;
    if (FAILED(hr = filter_stack_push_owned(stack, &filter)))
        rt_msg_filter_cleanup(&filter);
    return hr;
}
