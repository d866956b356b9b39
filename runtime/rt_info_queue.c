/*
 * ID3D12InfoQueue1: message storage with a count limit, storage and retrieval
 * filter stacks, break settings, debug output (stderr) and message callbacks.
 *
 * One mutex guards the state. Callbacks run without it, so a callback may emit
 * messages itself; UnregisterMessageCallback waits for the calls in flight of the
 * callback it removes, unless it is called from inside a callback (then the last
 * of those calls frees it).
 */
/* The vtables are static const: let lpVtbl point to const. */
#define CONST_VTABLE

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <threads.h>

#include "rt_info_queue.h"
#include "rt_info_queue_filter.h"
#include "rt_message_names.h"
#include "rt_platform.h"

#define RT_CATEGORY_COUNT (D3D12_MESSAGE_CATEGORY_SHADER + 1)
#define RT_SEVERITY_COUNT (D3D12_MESSAGE_SEVERITY_MESSAGE + 1)

struct rt_message
{
    D3D12_MESSAGE_CATEGORY category;
    D3D12_MESSAGE_SEVERITY severity;
    D3D12_MESSAGE_ID id;
    SIZE_T length;          /* of text, including the NUL */
    char text[];
};

struct rt_message_callback
{
    struct rt_message_callback *next;
    D3D12MessageFunc func;
    D3D12_MESSAGE_CALLBACK_FLAGS flags;
    void *context;
    DWORD cookie;
    unsigned int busy;      /* calls in flight */
    bool removed;           /* unregistered; unlinked once busy is 0 */
    bool orphaned;          /* unregistered from a callback: the last call frees it */
};

struct rt_info_queue
{
    ID3D12InfoQueue1 ID3D12InfoQueue1_iface;
    IUnknown *outer;

    mtx_t mutex;
    cnd_t callback_idle;

    /* Stored messages, oldest first: a ring of count entries from head. */
    struct rt_message **ring;
    size_t ring_capacity, ring_head, ring_count;
    UINT64 count_limit;
    UINT64 allowed_by_storage_filter, denied_by_storage_filter, discarded_by_limit;

    struct rt_msg_filter_stack storage, retrieval;

    bool break_on_category[RT_CATEGORY_COUNT];
    bool break_on_severity[RT_SEVERITY_COUNT];
    D3D12_MESSAGE_ID *break_ids;
    size_t break_id_count;
    bool mute_debug_output;   /* SetMuteDebugOutput */
    bool debug_output;        /* stderr copy on: D3D12RT_DEBUG_OUTPUT is not "0" */

    struct rt_message_callback *callbacks, *callbacks_tail;
    DWORD next_cookie;
};

/* Set while this thread runs message callbacks (to avoid waiting on itself). */
static thread_local unsigned int callback_depth;

static const char *const severity_names[RT_SEVERITY_COUNT] =
{
    "CORRUPTION", "ERROR", "WARNING", "INFO", "MESSAGE",
};

static const char *const category_names[RT_CATEGORY_COUNT] =
{
    "APPLICATION_DEFINED", "MISCELLANEOUS", "INITIALIZATION", "CLEANUP", "COMPILATION",
    "STATE_CREATION", "STATE_SETTING", "STATE_GETTING", "RESOURCE_MANIPULATION", "EXECUTION",
    "SHADER",
};

const char *rt_message_severity_name(D3D12_MESSAGE_SEVERITY severity)
{
    return (unsigned int)severity < RT_SEVERITY_COUNT ? severity_names[severity] : "?";
}

const char *rt_message_category_name(D3D12_MESSAGE_CATEGORY category)
{
    return (unsigned int)category < RT_CATEGORY_COUNT ? category_names[category] : "?";
}

static bool category_valid(D3D12_MESSAGE_CATEGORY category)
{
    return (unsigned int)category < RT_CATEGORY_COUNT;
}

static bool severity_valid(D3D12_MESSAGE_SEVERITY severity)
{
    return (unsigned int)severity < RT_SEVERITY_COUNT;
}

/* Stored messages */

static struct rt_message *ring_at(const struct rt_info_queue *queue, size_t index)
{
    return queue->ring[(queue->ring_head + index) % queue->ring_capacity];
}

static void ring_drop_oldest(struct rt_info_queue *queue)
{
    free(queue->ring[queue->ring_head]);
    queue->ring_head = (queue->ring_head + 1) % queue->ring_capacity;
    --queue->ring_count;
    ++queue->discarded_by_limit;
}

static bool ring_grow(struct rt_info_queue *queue)
{
    size_t capacity = queue->ring_capacity ? queue->ring_capacity * 2 : 16, i;
    struct rt_message **ring;

    if (capacity > SIZE_MAX / sizeof(*ring) || !(ring = malloc(capacity * sizeof(*ring))))
        return false;
    for (i = 0; i < queue->ring_count; ++i)
        ring[i] = ring_at(queue, i);
    free(queue->ring);
    queue->ring = ring;
    queue->ring_capacity = capacity;
    queue->ring_head = 0;
    return true;
}

/* Called with the mutex held. Past the limit the oldest message makes room. */
static void queue_store_locked(struct rt_info_queue *queue, D3D12_MESSAGE_CATEGORY category,
                               D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id, const char *text)
{
    size_t length = strlen(text) + 1;
    struct rt_message *message;

    if (!queue->count_limit)
    {
        ++queue->discarded_by_limit;
        return;
    }
    if (queue->ring_count >= queue->count_limit)
        ring_drop_oldest(queue);
    if ((queue->ring_count == queue->ring_capacity && !ring_grow(queue))
            || !(message = malloc(offsetof(struct rt_message, text) + length)))
    {
        /* Out of memory: the message is lost, as if pushed out. */
        ++queue->discarded_by_limit;
        return;
    }
    message->category = category;
    message->severity = severity;
    message->id = id;
    message->length = length;
    memcpy(message->text, text, length);
    queue->ring[(queue->ring_head + queue->ring_count++) % queue->ring_capacity] = message;
}

static void queue_clear_messages_locked(struct rt_info_queue *queue)
{
    while (queue->ring_count)
    {
        free(queue->ring[queue->ring_head]);
        queue->ring_head = (queue->ring_head + 1) % queue->ring_capacity;
        --queue->ring_count;
    }
    queue->ring_head = 0;
}

/* The index-th stored message that passes the retrieval filter, or NULL. */
static const struct rt_message *queue_retrieve_locked(struct rt_info_queue *queue, UINT64 index)
{
    const struct rt_msg_filter *filter = rt_msg_filter_stack_top(&queue->retrieval);
    const struct rt_message *message;
    size_t i;

    if (rt_msg_filter_is_empty(filter))
        return index < queue->ring_count ? ring_at(queue, index) : NULL;
    for (i = 0; i < queue->ring_count; ++i)
    {
        message = ring_at(queue, i);
        if (rt_msg_filter_passes(filter, message->category, message->severity, message->id) && !index--)
            return message;
    }
    return NULL;
}

/* Emitting */

/* Called with the mutex held. */
static void callback_unlink_locked(struct rt_info_queue *queue, struct rt_message_callback *callback)
{
    struct rt_message_callback *prev = NULL, *cur;

    for (cur = queue->callbacks; cur != callback; cur = cur->next)
        prev = cur;
    if (prev)
        prev->next = callback->next;
    else
        queue->callbacks = callback->next;
    if (queue->callbacks_tail == callback)
        queue->callbacks_tail = prev;
}

static void queue_call_callbacks(struct rt_info_queue *queue, bool passed_filter,
                                 D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
                                 D3D12_MESSAGE_ID id, const char *text)
{
    struct rt_message_callback *callback, *next;

    mtx_lock(&queue->mutex);
    for (callback = queue->callbacks; callback; callback = next)
    {
        if (!callback->removed
                && (passed_filter || (callback->flags & D3D12_MESSAGE_CALLBACK_IGNORE_FILTERS)))
        {
            /* busy keeps the entry linked while the mutex is released. */
            ++callback->busy;
            mtx_unlock(&queue->mutex);
            ++callback_depth;
            callback->func(category, severity, id, text, callback->context);
            --callback_depth;
            mtx_lock(&queue->mutex);
            if (!--callback->busy && callback->removed)
            {
                if (callback->orphaned)
                {
                    next = callback->next;
                    callback_unlink_locked(queue, callback);
                    free(callback);
                    continue;
                }
                cnd_broadcast(&queue->callback_idle);
            }
        }
        next = callback->next;
    }
    mtx_unlock(&queue->mutex);
}

static void queue_emit(struct rt_info_queue *queue, D3D12_MESSAGE_CATEGORY category,
                       D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id, const char *text)
{
    bool passed = true, muted = false, have_callbacks = false;

    if (queue)
    {
        mtx_lock(&queue->mutex);
        passed = rt_msg_filter_passes(rt_msg_filter_stack_top(&queue->storage), category, severity, id);
        if (passed)
        {
            ++queue->allowed_by_storage_filter;
            queue_store_locked(queue, category, severity, id, text);
        }
        else
        {
            ++queue->denied_by_storage_filter;
        }
        muted = queue->mute_debug_output;
        have_callbacks = !!queue->callbacks;
        mtx_unlock(&queue->mutex);
    }

    /* The stderr copy stands in for Windows' debugger output: always with the debug
     * layer (unless silenced), and under D3D12RT_TRACE=msg without it. */
    if (passed && !muted && (queue ? queue->debug_output : rt_trace_enabled(RT_TRACE_MSG)))
        rt_message_print(stderr, category, severity, id, text);

    if (have_callbacks)
        queue_call_callbacks(queue, passed, category, severity, id, text);
}

void rt_message_print(FILE *file, D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
                      D3D12_MESSAGE_ID id, const char *text)
{
    const char *name = rt_message_id_name(id);

    /* One call, so lines from several threads do not interleave. */
    fprintf(file, "D3D12 %s: %s [ %s %s #%u: %s]\n", rt_message_severity_name(severity), text,
            rt_message_category_name(category), rt_message_severity_name(severity), (unsigned int)id,
            name ? name : "?");
}

void rt_info_queue_add(struct rt_info_queue *queue, D3D12_MESSAGE_CATEGORY category,
                       D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id, const char *fmt, ...)
{
    char buffer[512], *heap = NULL;
    const char *text = buffer;
    va_list args;
    int length;

    if (!queue && !rt_trace_enabled(RT_TRACE_MSG))
        return;

    va_start(args, fmt);
    length = vsnprintf(buffer, sizeof(buffer), fmt, args);
    va_end(args);
    if (length < 0)
    {
        text = fmt;
    }
    else if ((size_t)length >= sizeof(buffer) && (heap = malloc((size_t)length + 1)))
    {
        va_start(args, fmt);
        vsnprintf(heap, (size_t)length + 1, fmt, args);
        va_end(args);
        text = heap;
    }
    /* Otherwise out of memory for a long text: the truncated one is kept. */

    queue_emit(queue, category, severity, id, text);
    free(heap);
}

HRESULT rt_info_queue_creation_errorv(struct rt_info_queue *queue, HRESULT hr, D3D12_MESSAGE_ID id,
                                      const char *method, const char *fmt, va_list args)
{
    char text[320];

    vsnprintf(text, sizeof(text), fmt, args);
    RT_WARN("%s: %s.", method, text);
    rt_info_queue_add(queue, D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id, "%s: %s.",
                      method, text);
    return hr;
}

/* ID3D12InfoQueue1 */

static struct rt_info_queue *impl_from_ID3D12InfoQueue1(ID3D12InfoQueue1 *iface)
{
    return RT_CONTAINING(iface, struct rt_info_queue, ID3D12InfoQueue1_iface);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_QueryInterface(ID3D12InfoQueue1 *iface, REFIID riid,
        void **object)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    return IUnknown_QueryInterface(queue->outer, riid, object);
}

static ULONG STDMETHODCALLTYPE rt_info_queue_AddRef(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    return IUnknown_AddRef(queue->outer);
}

static ULONG STDMETHODCALLTYPE rt_info_queue_Release(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    return IUnknown_Release(queue->outer);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_SetMessageCountLimit(ID3D12InfoQueue1 *iface, UINT64 limit)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, limit %#llx.", (void *)iface, (unsigned long long)limit);

    mtx_lock(&queue->mutex);
    queue->count_limit = limit;
    while (queue->ring_count > limit)
        ring_drop_oldest(queue);
    mtx_unlock(&queue->mutex);
    return S_OK;
}

static void STDMETHODCALLTYPE rt_info_queue_ClearStoredMessages(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p.", (void *)iface);

    mtx_lock(&queue->mutex);
    queue_clear_messages_locked(queue);
    mtx_unlock(&queue->mutex);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_GetMessage(ID3D12InfoQueue1 *iface, UINT64 index,
        D3D12_MESSAGE *message, SIZE_T *length)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);
    const struct rt_message *stored;
    HRESULT hr = S_OK;
    char *text;
    SIZE_T size;

    RT_TRACE("iface %p, index %llu, message %p, length %p.", (void *)iface, (unsigned long long)index,
            (void *)message, (void *)length);

    if (!length)
        return E_INVALIDARG;

    mtx_lock(&queue->mutex);
    if (!(stored = queue_retrieve_locked(queue, index)))
    {
        RT_WARN("Message %llu does not exist.", (unsigned long long)index);
        hr = E_INVALIDARG;
        goto done;
    }
    size = sizeof(*message) + stored->length;
    if (message)
    {
        if (*length < size)
        {
            RT_WARN("Buffer of %zu bytes, %zu needed.", (size_t)*length, (size_t)size);
            hr = E_INVALIDARG;
            goto done;
        }
        /* The text follows the structure, inside the caller's buffer. */
        text = (char *)(message + 1);
        memcpy(text, stored->text, stored->length);
        message->Category = stored->category;
        message->Severity = stored->severity;
        message->ID = stored->id;
        message->pDescription = text;
        message->DescriptionByteLength = stored->length;
    }
    *length = size;

done:
    mtx_unlock(&queue->mutex);
    return hr;
}

/* Reads one counter under the mutex. */
static UINT64 queue_read_counter(struct rt_info_queue *queue, const UINT64 *counter)
{
    UINT64 value;

    mtx_lock(&queue->mutex);
    value = *counter;
    mtx_unlock(&queue->mutex);
    return value;
}

static UINT64 STDMETHODCALLTYPE rt_info_queue_GetNumMessagesAllowedByStorageFilter(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    return queue_read_counter(queue, &queue->allowed_by_storage_filter);
}

static UINT64 STDMETHODCALLTYPE rt_info_queue_GetNumMessagesDeniedByStorageFilter(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    return queue_read_counter(queue, &queue->denied_by_storage_filter);
}

static UINT64 STDMETHODCALLTYPE rt_info_queue_GetNumStoredMessages(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);
    UINT64 count;

    mtx_lock(&queue->mutex);
    count = queue->ring_count;
    mtx_unlock(&queue->mutex);
    return count;
}

static UINT64 STDMETHODCALLTYPE rt_info_queue_GetNumStoredMessagesAllowedByRetrievalFilter(
        ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);
    const struct rt_message *message;
    const struct rt_msg_filter *filter;
    UINT64 count = 0;
    size_t i;

    mtx_lock(&queue->mutex);
    filter = rt_msg_filter_stack_top(&queue->retrieval);
    for (i = 0; i < queue->ring_count; ++i)
    {
        message = ring_at(queue, i);
        if (rt_msg_filter_passes(filter, message->category, message->severity, message->id))
            ++count;
    }
    mtx_unlock(&queue->mutex);
    return count;
}

static UINT64 STDMETHODCALLTYPE rt_info_queue_GetNumMessagesDiscardedByMessageCountLimit(
        ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    return queue_read_counter(queue, &queue->discarded_by_limit);
}

static UINT64 STDMETHODCALLTYPE rt_info_queue_GetMessageCountLimit(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    return queue_read_counter(queue, &queue->count_limit);
}

/* The storage and retrieval stacks share their implementation. */

static HRESULT queue_add_filter_entries(struct rt_info_queue *queue, struct rt_msg_filter_stack *stack,
                                        const D3D12_INFO_QUEUE_FILTER *filter)
{
    HRESULT hr;

    mtx_lock(&queue->mutex);
    hr = rt_msg_filter_stack_add_entries(stack, filter);
    mtx_unlock(&queue->mutex);
    return hr;
}

static HRESULT queue_get_filter(struct rt_info_queue *queue, struct rt_msg_filter_stack *stack,
                                D3D12_INFO_QUEUE_FILTER *filter, SIZE_T *length)
{
    HRESULT hr;

    mtx_lock(&queue->mutex);
    hr = rt_msg_filter_stack_get(stack, filter, length);
    mtx_unlock(&queue->mutex);
    return hr;
}

static void queue_clear_filter(struct rt_info_queue *queue, struct rt_msg_filter_stack *stack)
{
    mtx_lock(&queue->mutex);
    rt_msg_filter_cleanup(rt_msg_filter_stack_top(stack));
    mtx_unlock(&queue->mutex);
}

/* copy_top: push a copy of the current top; else push filter (NULL: an empty one). */
static HRESULT queue_push_filter(struct rt_info_queue *queue, struct rt_msg_filter_stack *stack,
                                 bool copy_top, const D3D12_INFO_QUEUE_FILTER *filter)
{
    HRESULT hr;

    mtx_lock(&queue->mutex);
    hr = rt_msg_filter_stack_push(stack, copy_top ? rt_msg_filter_stack_top(stack) : NULL, filter);
    mtx_unlock(&queue->mutex);
    return hr;
}

static void queue_pop_filter(struct rt_info_queue *queue, struct rt_msg_filter_stack *stack)
{
    mtx_lock(&queue->mutex);
    rt_msg_filter_stack_pop(stack);
    mtx_unlock(&queue->mutex);
}

static UINT queue_filter_stack_size(struct rt_info_queue *queue, struct rt_msg_filter_stack *stack)
{
    UINT count;

    mtx_lock(&queue->mutex);
    count = stack->count;
    mtx_unlock(&queue->mutex);
    return count;
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_AddStorageFilterEntries(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, filter %p.", (void *)iface, (void *)filter);
    return queue_add_filter_entries(queue, &queue->storage, filter);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_GetStorageFilter(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter, SIZE_T *length)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, filter %p, length %p.", (void *)iface, (void *)filter, (void *)length);
    return queue_get_filter(queue, &queue->storage, filter, length);
}

static void STDMETHODCALLTYPE rt_info_queue_ClearStorageFilter(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p.", (void *)iface);
    queue_clear_filter(queue, &queue->storage);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_PushEmptyStorageFilter(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return queue_push_filter(queue, &queue->storage, false, NULL);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_PushCopyOfStorageFilter(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return queue_push_filter(queue, &queue->storage, true, NULL);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_PushStorageFilter(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, filter %p.", (void *)iface, (void *)filter);
    if (!rt_msg_filter_valid(filter))
        return E_INVALIDARG;
    return queue_push_filter(queue, &queue->storage, false, filter);
}

static void STDMETHODCALLTYPE rt_info_queue_PopStorageFilter(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p.", (void *)iface);
    queue_pop_filter(queue, &queue->storage);
}

static UINT STDMETHODCALLTYPE rt_info_queue_GetStorageFilterStackSize(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    return queue_filter_stack_size(queue, &queue->storage);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_AddRetrievalFilterEntries(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, filter %p.", (void *)iface, (void *)filter);
    return queue_add_filter_entries(queue, &queue->retrieval, filter);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_GetRetrievalFilter(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter, SIZE_T *length)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, filter %p, length %p.", (void *)iface, (void *)filter, (void *)length);
    return queue_get_filter(queue, &queue->retrieval, filter, length);
}

static void STDMETHODCALLTYPE rt_info_queue_ClearRetrievalFilter(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p.", (void *)iface);
    queue_clear_filter(queue, &queue->retrieval);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_PushEmptyRetrievalFilter(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return queue_push_filter(queue, &queue->retrieval, false, NULL);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_PushCopyOfRetrievalFilter(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p.", (void *)iface);
    return queue_push_filter(queue, &queue->retrieval, true, NULL);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_PushRetrievalFilter(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, filter %p.", (void *)iface, (void *)filter);
    if (!rt_msg_filter_valid(filter))
        return E_INVALIDARG;
    return queue_push_filter(queue, &queue->retrieval, false, filter);
}

static void STDMETHODCALLTYPE rt_info_queue_PopRetrievalFilter(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p.", (void *)iface);
    queue_pop_filter(queue, &queue->retrieval);
}

static UINT STDMETHODCALLTYPE rt_info_queue_GetRetrievalFilterStackSize(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    return queue_filter_stack_size(queue, &queue->retrieval);
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_AddMessage(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
        LPCSTR description)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, category %#x, severity %#x, id %#x, description %p.", (void *)iface,
            (unsigned int)category, (unsigned int)severity, (unsigned int)id, (const void *)description);

    if (!category_valid(category) || !severity_valid(severity) || !description)
        return E_INVALIDARG;
    queue_emit(queue, category, severity, id, description);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_AddApplicationMessage(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_SEVERITY severity, LPCSTR description)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, severity %#x, description %p.", (void *)iface, (unsigned int)severity,
            (const void *)description);

    if (!severity_valid(severity) || !description)
        return E_INVALIDARG;
    queue_emit(queue, D3D12_MESSAGE_CATEGORY_APPLICATION_DEFINED, severity,
            D3D12_MESSAGE_ID_STRING_FROM_APPLICATION, description);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_SetBreakOnCategory(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_CATEGORY category, BOOL enable)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, category %#x, enable %d.", (void *)iface, (unsigned int)category, enable);

    if (!category_valid(category))
        return E_INVALIDARG;
    mtx_lock(&queue->mutex);
    queue->break_on_category[category] = !!enable;
    mtx_unlock(&queue->mutex);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_SetBreakOnSeverity(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_SEVERITY severity, BOOL enable)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, severity %#x, enable %d.", (void *)iface, (unsigned int)severity, enable);

    if (!severity_valid(severity))
        return E_INVALIDARG;
    mtx_lock(&queue->mutex);
    queue->break_on_severity[severity] = !!enable;
    mtx_unlock(&queue->mutex);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_SetBreakOnID(ID3D12InfoQueue1 *iface, D3D12_MESSAGE_ID id,
        BOOL enable)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);
    D3D12_MESSAGE_ID *ids;
    HRESULT hr = S_OK;
    size_t i;

    RT_TRACE("iface %p, id %#x, enable %d.", (void *)iface, (unsigned int)id, enable);

    mtx_lock(&queue->mutex);
    for (i = 0; i < queue->break_id_count && queue->break_ids[i] != id; ++i)
        ;
    if (i < queue->break_id_count && !enable)
    {
        queue->break_ids[i] = queue->break_ids[--queue->break_id_count];
    }
    else if (i == queue->break_id_count && enable)
    {
        if ((ids = realloc(queue->break_ids, (queue->break_id_count + 1) * sizeof(*ids))))
        {
            queue->break_ids = ids;
            queue->break_ids[queue->break_id_count++] = id;
        }
        else
        {
            hr = E_OUTOFMEMORY;
        }
    }
    mtx_unlock(&queue->mutex);
    return hr;
}

static BOOL STDMETHODCALLTYPE rt_info_queue_GetBreakOnCategory(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_CATEGORY category)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);
    BOOL ret;

    if (!category_valid(category))
        return FALSE;
    mtx_lock(&queue->mutex);
    ret = queue->break_on_category[category];
    mtx_unlock(&queue->mutex);
    return ret;
}

static BOOL STDMETHODCALLTYPE rt_info_queue_GetBreakOnSeverity(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_SEVERITY severity)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);
    BOOL ret;

    if (!severity_valid(severity))
        return FALSE;
    mtx_lock(&queue->mutex);
    ret = queue->break_on_severity[severity];
    mtx_unlock(&queue->mutex);
    return ret;
}

static BOOL STDMETHODCALLTYPE rt_info_queue_GetBreakOnID(ID3D12InfoQueue1 *iface, D3D12_MESSAGE_ID id)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);
    BOOL ret = FALSE;
    size_t i;

    mtx_lock(&queue->mutex);
    for (i = 0; i < queue->break_id_count && !ret; ++i)
        ret = queue->break_ids[i] == id;
    mtx_unlock(&queue->mutex);
    return ret;
}

static void STDMETHODCALLTYPE rt_info_queue_SetMuteDebugOutput(ID3D12InfoQueue1 *iface, BOOL mute)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);

    RT_TRACE("iface %p, mute %d.", (void *)iface, mute);

    mtx_lock(&queue->mutex);
    queue->mute_debug_output = !!mute;
    mtx_unlock(&queue->mutex);
}

static BOOL STDMETHODCALLTYPE rt_info_queue_GetMuteDebugOutput(ID3D12InfoQueue1 *iface)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);
    BOOL mute;

    mtx_lock(&queue->mutex);
    mute = queue->mute_debug_output;
    mtx_unlock(&queue->mutex);
    return mute;
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_RegisterMessageCallback(ID3D12InfoQueue1 *iface,
        D3D12MessageFunc func, D3D12_MESSAGE_CALLBACK_FLAGS flags, void *context, DWORD *cookie)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);
    struct rt_message_callback *callback;

    RT_TRACE("iface %p, func %p, flags %#x, context %p, cookie %p.", (void *)iface,
            (void *)(uintptr_t)func, (unsigned int)flags, context, (void *)cookie);

    if (!cookie)
        return E_INVALIDARG;
    *cookie = 0;
    if (!func)
        return E_INVALIDARG;
    if (!(callback = calloc(1, sizeof(*callback))))
        return E_OUTOFMEMORY;
    callback->func = func;
    callback->flags = flags;
    callback->context = context;

    mtx_lock(&queue->mutex);
    /* Cookies are never 0, which marks a failed registration. */
    if (!++queue->next_cookie)
        ++queue->next_cookie;
    callback->cookie = queue->next_cookie;
    /* Appended: callbacks run in registration order. */
    if (queue->callbacks_tail)
        queue->callbacks_tail->next = callback;
    else
        queue->callbacks = callback;
    queue->callbacks_tail = callback;
    *cookie = callback->cookie;
    mtx_unlock(&queue->mutex);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE rt_info_queue_UnregisterMessageCallback(ID3D12InfoQueue1 *iface,
        DWORD cookie)
{
    struct rt_info_queue *queue = impl_from_ID3D12InfoQueue1(iface);
    struct rt_message_callback *callback;

    RT_TRACE("iface %p, cookie %#x.", (void *)iface, (unsigned int)cookie);

    mtx_lock(&queue->mutex);
    for (callback = queue->callbacks; callback; callback = callback->next)
    {
        if (callback->cookie == cookie && !callback->removed)
            break;
    }
    if (!callback)
    {
        mtx_unlock(&queue->mutex);
        RT_WARN("Unknown cookie %#x.", (unsigned int)cookie);
        return E_INVALIDARG;
    }
    callback->removed = true;
    if (callback->busy && callback_depth)
    {
        /* Called from a callback: waiting could wait on this very thread. */
        callback->orphaned = true;
        mtx_unlock(&queue->mutex);
        return S_OK;
    }
    /* Windows returns only once the calls in flight have completed. */
    while (callback->busy)
        cnd_wait(&queue->callback_idle, &queue->mutex);
    callback_unlink_locked(queue, callback);
    mtx_unlock(&queue->mutex);
    free(callback);
    return S_OK;
}

static const struct ID3D12InfoQueue1Vtbl rt_info_queue_vtbl =
{
    /* IUnknown methods */
    rt_info_queue_QueryInterface,
    rt_info_queue_AddRef,
    rt_info_queue_Release,
    /* ID3D12InfoQueue methods */
    rt_info_queue_SetMessageCountLimit,
    rt_info_queue_ClearStoredMessages,
    rt_info_queue_GetMessage,
    rt_info_queue_GetNumMessagesAllowedByStorageFilter,
    rt_info_queue_GetNumMessagesDeniedByStorageFilter,
    rt_info_queue_GetNumStoredMessages,
    rt_info_queue_GetNumStoredMessagesAllowedByRetrievalFilter,
    rt_info_queue_GetNumMessagesDiscardedByMessageCountLimit,
    rt_info_queue_GetMessageCountLimit,
    rt_info_queue_AddStorageFilterEntries,
    rt_info_queue_GetStorageFilter,
    rt_info_queue_ClearStorageFilter,
    rt_info_queue_PushEmptyStorageFilter,
    rt_info_queue_PushCopyOfStorageFilter,
    rt_info_queue_PushStorageFilter,
    rt_info_queue_PopStorageFilter,
    rt_info_queue_GetStorageFilterStackSize,
    rt_info_queue_AddRetrievalFilterEntries,
    rt_info_queue_GetRetrievalFilter,
    rt_info_queue_ClearRetrievalFilter,
    rt_info_queue_PushEmptyRetrievalFilter,
    rt_info_queue_PushCopyOfRetrievalFilter,
    rt_info_queue_PushRetrievalFilter,
    rt_info_queue_PopRetrievalFilter,
    rt_info_queue_GetRetrievalFilterStackSize,
    rt_info_queue_AddMessage,
    rt_info_queue_AddApplicationMessage,
    rt_info_queue_SetBreakOnCategory,
    rt_info_queue_SetBreakOnSeverity,
    rt_info_queue_SetBreakOnID,
    rt_info_queue_GetBreakOnCategory,
    rt_info_queue_GetBreakOnSeverity,
    rt_info_queue_GetBreakOnID,
    rt_info_queue_SetMuteDebugOutput,
    rt_info_queue_GetMuteDebugOutput,
    /* ID3D12InfoQueue1 methods */
    rt_info_queue_RegisterMessageCallback,
    rt_info_queue_UnregisterMessageCallback,
};

bool rt_debug_output_enabled(void)
{
    const char *value = rt_getenv("D3D12RT_DEBUG_OUTPUT");

    return !value || strcmp(value, "0");
}

HRESULT rt_info_queue_create(IUnknown *outer, struct rt_info_queue **out)
{
    struct rt_info_queue *queue;

    *out = NULL;
    if (!(queue = calloc(1, sizeof(*queue))))
        return E_OUTOFMEMORY;
    queue->ID3D12InfoQueue1_iface.lpVtbl = &rt_info_queue_vtbl;
    queue->outer = outer;
    queue->count_limit = D3D12_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT;
    queue->debug_output = rt_debug_output_enabled();

    if (mtx_init(&queue->mutex, mtx_plain) != thrd_success)
        goto fail_mutex;
    if (cnd_init(&queue->callback_idle) != thrd_success)
        goto fail_cnd;
    if (FAILED(rt_msg_filter_stack_init(&queue->storage)))
        goto fail_storage;
    if (FAILED(rt_msg_filter_stack_init(&queue->retrieval)))
        goto fail_retrieval;

    *out = queue;
    return S_OK;

fail_retrieval:
    rt_msg_filter_stack_cleanup(&queue->storage);
fail_storage:
    cnd_destroy(&queue->callback_idle);
fail_cnd:
    mtx_destroy(&queue->mutex);
fail_mutex:
    free(queue);
    return E_OUTOFMEMORY;
}

void rt_info_queue_destroy(struct rt_info_queue *queue)
{
    struct rt_message_callback *callback, *next;

    if (!queue)
        return;
    for (callback = queue->callbacks; callback; callback = next)
    {
        next = callback->next;
        free(callback);
    }
    queue_clear_messages_locked(queue);
    free(queue->ring);
    rt_msg_filter_stack_cleanup(&queue->storage);
    rt_msg_filter_stack_cleanup(&queue->retrieval);
    free(queue->break_ids);
    cnd_destroy(&queue->callback_idle);
    mtx_destroy(&queue->mutex);
    free(queue);
}

ID3D12InfoQueue1 *rt_info_queue_iface(struct rt_info_queue *queue)
{
    return &queue->ID3D12InfoQueue1_iface;
}
