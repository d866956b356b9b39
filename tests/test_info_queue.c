/*
 * The info queue (ID3D12InfoQueue1 and rt_info_queue_add), tested on its own with a
 * fake outer object standing in for the device, and the debug-layer switch
 * (ID3D12Debug..ID3D12Debug6 and the device flags it yields).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* setenv, mkstemp in strict C11 */
#endif
#define COBJMACROS

#include "rt_debug_layer.h"
#include "rt_info_queue.h"
#include "rt_message_names.h"
#include "test_run.h"

#include <check.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

#define FALLBACK_ID D3D12_MESSAGE_ID_ASYNC_COMMANDS_FALLBACK_UNSUPPORTED

/* The device's part: owns the queue's reference count and answers QueryInterface. */
struct fake_outer
{
    IUnknown IUnknown_iface;
    LONG refcount;
    unsigned int qi_calls;
    struct rt_info_queue *queue;
};

static struct fake_outer *fake_from_iface(IUnknown *iface)
{
    return RT_CONTAINING(iface, struct fake_outer, IUnknown_iface);
}

static HRESULT STDMETHODCALLTYPE fake_QueryInterface(IUnknown *iface, REFIID riid, void **object)
{
    struct fake_outer *fake = fake_from_iface(iface);

    ++fake->qi_calls;
    if (rt_guid_equal(riid, &IID_IUnknown))
        *object = iface;
    else if (rt_guid_equal(riid, &IID_ID3D12InfoQueue) || rt_guid_equal(riid, &IID_ID3D12InfoQueue1))
        *object = rt_info_queue_iface(fake->queue);
    else
    {
        *object = NULL;
        return E_NOINTERFACE;
    }
    ++fake->refcount;
    return S_OK;
}

static ULONG STDMETHODCALLTYPE fake_AddRef(IUnknown *iface)
{
    return ++fake_from_iface(iface)->refcount;
}

static ULONG STDMETHODCALLTYPE fake_Release(IUnknown *iface)
{
    return --fake_from_iface(iface)->refcount;
}

static IUnknownVtbl fake_vtbl = {fake_QueryInterface, fake_AddRef, fake_Release};

static struct fake_outer fake;
static ID3D12InfoQueue1 *iq;

static void queue_setup(void)
{
    memset(&fake, 0, sizeof(fake));
    fake.IUnknown_iface.lpVtbl = &fake_vtbl;
    ck_assert_int_eq(rt_info_queue_create(&fake.IUnknown_iface, &fake.queue), S_OK);
    iq = rt_info_queue_iface(fake.queue);
}

static void queue_teardown(void)
{
    rt_info_queue_destroy(fake.queue);
    fake.queue = NULL;
    iq = NULL;
}

/* GetMessage through the two-call protocol; the caller frees the result. */
static D3D12_MESSAGE *get_message(UINT64 index)
{
    D3D12_MESSAGE *message;
    SIZE_T length = 0;

    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, index, NULL, &length), S_OK);
    ck_assert_ptr_nonnull(message = malloc(length));
    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, index, message, &length), S_OK);
    return message;
}

static void check_message(UINT64 index, D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
                          D3D12_MESSAGE_ID id, const char *text)
{
    D3D12_MESSAGE *message = get_message(index);

    ck_assert_int_eq(message->Category, category);
    ck_assert_int_eq(message->Severity, severity);
    ck_assert_int_eq(message->ID, id);
    ck_assert_str_eq(message->pDescription, text);
    ck_assert_uint_eq(message->DescriptionByteLength, strlen(text) + 1);
    free(message);
}

static void add_error(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
                      unsigned int n)
{
    rt_info_queue_add(fake.queue, category, severity, id, "message %u", n);
}

/* The identity of the nth message added by add_numbered. */
static void add_numbered(unsigned int count)
{
    unsigned int i;

    for (i = 0; i < count; ++i)
        add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, i);
}

static void check_numbered(UINT64 index, unsigned int n)
{
    char text[32];

    snprintf(text, sizeof(text), "message %u", n);
    check_message(index, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, text);
}

/* stderr goes to a file between capture_begin and capture_end. */
struct capture
{
    int saved_fd;
    char path[64];
};

static void capture_begin(struct capture *capture)
{
    int fd;

    snprintf(capture->path, sizeof(capture->path), "/tmp/d3d12rt-stderr-XXXXXX");
    ck_assert_int_ge(fd = mkstemp(capture->path), 0);
    fflush(stderr);
    ck_assert_int_ge(capture->saved_fd = dup(STDERR_FILENO), 0);
    ck_assert_int_ge(dup2(fd, STDERR_FILENO), 0);
    close(fd);
}

/* Returns what was written, NUL-terminated; the caller frees it. */
static char *capture_end(struct capture *capture)
{
    char *text = calloc(1, 65536);
    FILE *file;
    size_t len;

    fflush(stderr);
    ck_assert_int_ge(dup2(capture->saved_fd, STDERR_FILENO), 0);
    close(capture->saved_fd);
    ck_assert_ptr_nonnull(text);
    ck_assert_msg((file = fopen(capture->path, "r")) != NULL, "%s", strerror(errno));
    len = fread(text, 1, 65535, file);
    text[len] = 0;
    fclose(file);
    unlink(capture->path);
    return text;
}

/* The object and its reference counting */

START_TEST(test_iunknown_forwards_to_outer)
{
    ID3D12InfoQueue *iq0;
    IUnknown *unknown;
    void *object;

    ck_assert_int_eq(ID3D12InfoQueue1_AddRef(iq), 1);
    ck_assert_int_eq(fake.refcount, 1);
    ck_assert_int_eq(ID3D12InfoQueue1_Release(iq), 0);
    ck_assert_int_eq(fake.refcount, 0);

    ck_assert_int_eq(ID3D12InfoQueue1_QueryInterface(iq, &IID_ID3D12InfoQueue, (void **)&iq0), S_OK);
    ck_assert_ptr_eq(iq0, (void *)iq);
    ck_assert_int_eq(fake.qi_calls, 1);
    ck_assert_int_eq(fake.refcount, 1);
    ck_assert_int_eq(ID3D12InfoQueue_Release(iq0), 0);

    ck_assert_int_eq(ID3D12InfoQueue1_QueryInterface(iq, &IID_IUnknown, (void **)&unknown), S_OK);
    ck_assert_ptr_eq(unknown, &fake.IUnknown_iface);
    IUnknown_Release(unknown);

    object = (void *)0x1;
    ck_assert_int_eq(ID3D12InfoQueue1_QueryInterface(iq, &IID_ID3D12Device, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(fake.qi_calls, 3);
    ck_assert_int_eq(fake.refcount, 0);
}
END_TEST

START_TEST(test_defaults)
{
    D3D12_INFO_QUEUE_FILTER filter;
    SIZE_T length = 0;

    ck_assert_uint_eq(ID3D12InfoQueue1_GetMessageCountLimit(iq), D3D12_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetMessageCountLimit(iq), 1024);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 0);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(iq), 0);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(iq), 0);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(iq), 0);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(iq), 0);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetStorageFilterStackSize(iq), 1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetRetrievalFilterStackSize(iq), 1);
    ck_assert(!ID3D12InfoQueue1_GetMuteDebugOutput(iq));
    ck_assert(!ID3D12InfoQueue1_GetBreakOnSeverity(iq, D3D12_MESSAGE_SEVERITY_ERROR));
    ck_assert(!ID3D12InfoQueue1_GetBreakOnCategory(iq, D3D12_MESSAGE_CATEGORY_EXECUTION));
    ck_assert(!ID3D12InfoQueue1_GetBreakOnID(iq, FALLBACK_ID));

    /* The default filters are empty: just the structure. */
    ck_assert_int_eq(ID3D12InfoQueue1_GetStorageFilter(iq, NULL, &length), S_OK);
    ck_assert_uint_eq(length, sizeof(filter));
    memset(&filter, 0xcc, sizeof(filter));
    ck_assert_int_eq(ID3D12InfoQueue1_GetStorageFilter(iq, &filter, &length), S_OK);
    ck_assert_uint_eq(filter.AllowList.NumCategories + filter.AllowList.NumSeverities
            + filter.AllowList.NumIDs + filter.DenyList.NumCategories + filter.DenyList.NumSeverities
            + filter.DenyList.NumIDs, 0);
    ck_assert_ptr_null(filter.AllowList.pCategoryList);
    ck_assert_ptr_null(filter.DenyList.pIDList);
    length = 0;
    ck_assert_int_eq(ID3D12InfoQueue1_GetRetrievalFilter(iq, NULL, &length), S_OK);
    ck_assert_uint_eq(length, sizeof(filter));
}
END_TEST

/* Storage and GetMessage */

START_TEST(test_get_message_two_calls)
{
    static const char text[] = "CopyBufferRegions: the fallback cannot lower this";
    D3D12_MESSAGE *message;
    SIZE_T length = 0, needed;

    rt_info_queue_add(fake.queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
            FALLBACK_ID, "%s: %s", "CopyBufferRegions", "the fallback cannot lower this");
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(iq), 1);

    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, 0, NULL, &length), S_OK);
    needed = sizeof(D3D12_MESSAGE) + sizeof(text);
    ck_assert_uint_eq(length, needed);

    ck_assert_ptr_nonnull(message = malloc(needed));
    length = needed - 1;
    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, 0, message, &length), E_INVALIDARG);
    ck_assert_uint_eq(length, needed - 1);

    length = needed;
    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, 0, message, &length), S_OK);
    ck_assert_uint_eq(length, needed);
    ck_assert_int_eq(message->Category, D3D12_MESSAGE_CATEGORY_EXECUTION);
    ck_assert_int_eq(message->Severity, D3D12_MESSAGE_SEVERITY_ERROR);
    ck_assert_int_eq(message->ID, FALLBACK_ID);
    /* The text lives inside the caller's buffer, right after the structure. */
    ck_assert_ptr_eq(message->pDescription, (const char *)(message + 1));
    ck_assert_uint_eq(message->DescriptionByteLength, sizeof(text));
    ck_assert_str_eq(message->pDescription, text);
    free(message);

    /* A bigger buffer is fine; the length comes back exact. */
    ck_assert_ptr_nonnull(message = malloc(needed + 64));
    length = needed + 64;
    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, 0, message, &length), S_OK);
    ck_assert_uint_eq(length, needed);
    free(message);
}
END_TEST

START_TEST(test_get_message_bad_arguments)
{
    D3D12_MESSAGE message;
    SIZE_T length = 0;

    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, 0, NULL, &length), E_INVALIDARG);
    add_numbered(1);
    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, 0, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, 0, &message, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, 1, NULL, &length), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, UINT64_MAX, NULL, &length), E_INVALIDARG);
    length = sizeof(message);
    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, 0, &message, &length), E_INVALIDARG);
}
END_TEST

START_TEST(test_long_message)
{
    char *expected;
    unsigned int i;

    ck_assert_ptr_nonnull(expected = malloc(3001));
    for (i = 0; i < 3000; ++i)
        expected[i] = 'a' + i % 26;
    expected[3000] = 0;
    rt_info_queue_add(fake.queue, D3D12_MESSAGE_CATEGORY_SHADER, D3D12_MESSAGE_SEVERITY_WARNING,
            D3D12_MESSAGE_ID_UNKNOWN, "%s", expected);
    check_message(0, D3D12_MESSAGE_CATEGORY_SHADER, D3D12_MESSAGE_SEVERITY_WARNING, D3D12_MESSAGE_ID_UNKNOWN,
            expected);
    free(expected);
}
END_TEST

START_TEST(test_messages_in_order)
{
    unsigned int i;

    add_numbered(10);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 10);
    for (i = 0; i < 10; ++i)
        check_numbered(i, i);
}
END_TEST

START_TEST(test_default_count_limit)
{
    add_numbered(1030);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1024);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(iq), 6);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(iq), 1030);
    /* New messages push the oldest out. */
    check_numbered(0, 6);
    check_numbered(1023, 1029);
}
END_TEST

START_TEST(test_count_limit)
{
    ck_assert_int_eq(ID3D12InfoQueue1_SetMessageCountLimit(iq, 3), S_OK);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetMessageCountLimit(iq), 3);
    add_numbered(5);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 3);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(iq), 2);
    check_numbered(0, 2);
    check_numbered(2, 4);

    /* Lowering the limit discards the oldest at once. */
    ck_assert_int_eq(ID3D12InfoQueue1_SetMessageCountLimit(iq, 1), S_OK);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(iq), 4);
    check_numbered(0, 4);

    /* 0 keeps nothing. */
    ck_assert_int_eq(ID3D12InfoQueue1_SetMessageCountLimit(iq, 0), S_OK);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 0);
    add_numbered(1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 0);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(iq), 6);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(iq), 6);
}
END_TEST

START_TEST(test_unlimited_count)
{
    ck_assert_int_eq(ID3D12InfoQueue1_SetMessageCountLimit(iq, (UINT64)-1), S_OK);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetMessageCountLimit(iq), UINT64_MAX);
    add_numbered(3000);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 3000);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(iq), 0);
    check_numbered(0, 0);
    check_numbered(2999, 2999);
}
END_TEST

START_TEST(test_clear_stored_messages)
{
    add_numbered(4);
    ID3D12InfoQueue1_ClearStoredMessages(iq);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 0);
    /* The counters are totals over the queue's life. */
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(iq), 4);
    add_numbered(1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);
    check_numbered(0, 0);
}
END_TEST

/* Storage filters */

START_TEST(test_storage_deny_severity)
{
    D3D12_MESSAGE_SEVERITY deny[] = {D3D12_MESSAGE_SEVERITY_INFO, D3D12_MESSAGE_SEVERITY_MESSAGE};
    D3D12_INFO_QUEUE_FILTER filter = {0};

    filter.DenyList.NumSeverities = 2;
    filter.DenyList.pSeverityList = deny;
    ck_assert_int_eq(ID3D12InfoQueue1_AddStorageFilterEntries(iq, &filter), S_OK);

    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_INFO, FALLBACK_ID, 0);
    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, 1);
    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_MESSAGE, FALLBACK_ID, 2);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(iq), 1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(iq), 2);
    check_numbered(0, 1);
}
END_TEST

START_TEST(test_storage_allow_category)
{
    D3D12_MESSAGE_CATEGORY allow[] = {D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_CATEGORY_SHADER};
    D3D12_MESSAGE_ID deny_id = D3D12_MESSAGE_ID_STRING_FROM_APPLICATION;
    D3D12_INFO_QUEUE_FILTER filter = {0};

    filter.AllowList.NumCategories = 2;
    filter.AllowList.pCategoryList = allow;
    ck_assert_int_eq(ID3D12InfoQueue1_AddStorageFilterEntries(iq, &filter), S_OK);

    add_error(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, 0);
    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, 1);
    add_error(D3D12_MESSAGE_CATEGORY_SHADER, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, 2);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 2);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(iq), 1);

    /* A deny entry wins over the allow list. */
    memset(&filter, 0, sizeof(filter));
    filter.DenyList.NumIDs = 1;
    filter.DenyList.pIDList = &deny_id;
    ck_assert_int_eq(ID3D12InfoQueue1_AddStorageFilterEntries(iq, &filter), S_OK);
    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR,
            D3D12_MESSAGE_ID_STRING_FROM_APPLICATION, 3);
    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, 4);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 3);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(iq), 2);
    check_numbered(2, 4);
}
END_TEST

START_TEST(test_allow_lists_combine_per_field)
{
    D3D12_MESSAGE_CATEGORY category = D3D12_MESSAGE_CATEGORY_EXECUTION;
    D3D12_MESSAGE_SEVERITY severity = D3D12_MESSAGE_SEVERITY_ERROR;
    D3D12_INFO_QUEUE_FILTER filter = {0};

    filter.AllowList.NumCategories = 1;
    filter.AllowList.pCategoryList = &category;
    filter.AllowList.NumSeverities = 1;
    filter.AllowList.pSeverityList = &severity;
    ck_assert_int_eq(ID3D12InfoQueue1_PushStorageFilter(iq, &filter), S_OK);

    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING, FALLBACK_ID, 0);
    add_error(D3D12_MESSAGE_CATEGORY_CLEANUP, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, 1);
    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, 2);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);
    check_numbered(0, 2);
}
END_TEST

START_TEST(test_storage_filter_stack)
{
    D3D12_MESSAGE_SEVERITY deny = D3D12_MESSAGE_SEVERITY_WARNING;
    D3D12_MESSAGE_ID ids[] = {FALLBACK_ID, D3D12_MESSAGE_ID_UNKNOWN};
    D3D12_INFO_QUEUE_FILTER filter = {0}, *got;
    SIZE_T length = 0;

    filter.DenyList.NumSeverities = 1;
    filter.DenyList.pSeverityList = &deny;
    ck_assert_int_eq(ID3D12InfoQueue1_AddStorageFilterEntries(iq, &filter), S_OK);

    /* An empty filter on top lets everything through. */
    ck_assert_int_eq(ID3D12InfoQueue1_PushEmptyStorageFilter(iq), S_OK);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetStorageFilterStackSize(iq), 2);
    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING, FALLBACK_ID, 0);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);

    /* Popping restores the deny list. */
    ID3D12InfoQueue1_PopStorageFilter(iq);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetStorageFilterStackSize(iq), 1);
    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING, FALLBACK_ID, 1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);

    /* The bottom filter stays. */
    ID3D12InfoQueue1_PopStorageFilter(iq);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetStorageFilterStackSize(iq), 1);
    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING, FALLBACK_ID, 2);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);

    /* A copy carries the entries; adding to it leaves the one below alone. */
    ck_assert_int_eq(ID3D12InfoQueue1_PushCopyOfStorageFilter(iq), S_OK);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetStorageFilterStackSize(iq), 2);
    memset(&filter, 0, sizeof(filter));
    filter.AllowList.NumIDs = 2;
    filter.AllowList.pIDList = ids;
    ck_assert_int_eq(ID3D12InfoQueue1_AddStorageFilterEntries(iq, &filter), S_OK);
    ck_assert_int_eq(ID3D12InfoQueue1_GetStorageFilter(iq, NULL, &length), S_OK);
    ck_assert_uint_eq(length, sizeof(*got) + sizeof(D3D12_MESSAGE_SEVERITY) + 2 * sizeof(D3D12_MESSAGE_ID));
    ck_assert_ptr_nonnull(got = malloc(length));
    length -= 1;
    ck_assert_int_eq(ID3D12InfoQueue1_GetStorageFilter(iq, got, &length), E_INVALIDARG);
    length += 1;
    ck_assert_int_eq(ID3D12InfoQueue1_GetStorageFilter(iq, got, &length), S_OK);
    ck_assert_uint_eq(got->DenyList.NumSeverities, 1);
    ck_assert_int_eq(got->DenyList.pSeverityList[0], D3D12_MESSAGE_SEVERITY_WARNING);
    ck_assert_uint_eq(got->AllowList.NumIDs, 2);
    ck_assert_int_eq(got->AllowList.pIDList[0], FALLBACK_ID);
    ck_assert_int_eq(got->AllowList.pIDList[1], D3D12_MESSAGE_ID_UNKNOWN);
    ck_assert_uint_eq(got->AllowList.NumCategories, 0);
    ck_assert_ptr_null(got->AllowList.pCategoryList);
    /* The lists are packed inside the caller's buffer. */
    ck_assert((char *)got->AllowList.pIDList >= (char *)(got + 1)
            && (char *)(got->AllowList.pIDList + 2) <= (char *)got + length);
    ck_assert((char *)got->DenyList.pSeverityList >= (char *)(got + 1)
            && (char *)(got->DenyList.pSeverityList + 1) <= (char *)got + length);
    free(got);

    ID3D12InfoQueue1_PopStorageFilter(iq);
    length = 0;
    ck_assert_int_eq(ID3D12InfoQueue1_GetStorageFilter(iq, NULL, &length), S_OK);
    ck_assert_uint_eq(length, sizeof(*got) + sizeof(D3D12_MESSAGE_SEVERITY));

    /* Push with a filter; Clear empties the top without popping it. */
    ck_assert_int_eq(ID3D12InfoQueue1_PushStorageFilter(iq, &filter), S_OK);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetStorageFilterStackSize(iq), 2);
    length = 0;
    ck_assert_int_eq(ID3D12InfoQueue1_GetStorageFilter(iq, NULL, &length), S_OK);
    ck_assert_uint_eq(length, sizeof(*got) + 2 * sizeof(D3D12_MESSAGE_ID));
    ID3D12InfoQueue1_ClearStorageFilter(iq);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetStorageFilterStackSize(iq), 2);
    length = 0;
    ck_assert_int_eq(ID3D12InfoQueue1_GetStorageFilter(iq, NULL, &length), S_OK);
    ck_assert_uint_eq(length, sizeof(*got));
}
END_TEST

START_TEST(test_filter_bad_arguments)
{
    D3D12_INFO_QUEUE_FILTER filter = {0};
    SIZE_T length;

    ck_assert_int_eq(ID3D12InfoQueue1_AddStorageFilterEntries(iq, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_AddRetrievalFilterEntries(iq, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_PushStorageFilter(iq, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_PushRetrievalFilter(iq, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_GetStorageFilter(iq, NULL, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_GetRetrievalFilter(iq, &filter, NULL), E_INVALIDARG);

    /* A count without its list. */
    filter.AllowList.NumCategories = 1;
    ck_assert_int_eq(ID3D12InfoQueue1_AddStorageFilterEntries(iq, &filter), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_PushRetrievalFilter(iq, &filter), E_INVALIDARG);
    memset(&filter, 0, sizeof(filter));
    filter.DenyList.NumIDs = 3;
    ck_assert_int_eq(ID3D12InfoQueue1_PushStorageFilter(iq, &filter), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_AddRetrievalFilterEntries(iq, &filter), E_INVALIDARG);
    memset(&filter, 0, sizeof(filter));
    filter.DenyList.NumSeverities = 1;
    ck_assert_int_eq(ID3D12InfoQueue1_AddStorageFilterEntries(iq, &filter), E_INVALIDARG);

    /* Nothing changed. */
    ck_assert_uint_eq(ID3D12InfoQueue1_GetStorageFilterStackSize(iq), 1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetRetrievalFilterStackSize(iq), 1);
    length = 0;
    ck_assert_int_eq(ID3D12InfoQueue1_GetStorageFilter(iq, NULL, &length), S_OK);
    ck_assert_uint_eq(length, sizeof(filter));

    /* An empty filter is a valid argument. */
    memset(&filter, 0, sizeof(filter));
    ck_assert_int_eq(ID3D12InfoQueue1_PushStorageFilter(iq, &filter), S_OK);
    ck_assert_int_eq(ID3D12InfoQueue1_AddRetrievalFilterEntries(iq, &filter), S_OK);
}
END_TEST

/* Retrieval filters */

START_TEST(test_retrieval_filter)
{
    D3D12_MESSAGE_SEVERITY deny = D3D12_MESSAGE_SEVERITY_WARNING;
    D3D12_MESSAGE_CATEGORY allow = D3D12_MESSAGE_CATEGORY_SHADER;
    D3D12_INFO_QUEUE_FILTER filter = {0};
    SIZE_T length = 0;

    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, 0);
    add_error(D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING, FALLBACK_ID, 1);
    add_error(D3D12_MESSAGE_CATEGORY_SHADER, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, 2);

    filter.DenyList.NumSeverities = 1;
    filter.DenyList.pSeverityList = &deny;
    ck_assert_int_eq(ID3D12InfoQueue1_AddRetrievalFilterEntries(iq, &filter), S_OK);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 3);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(iq), 2);
    /* Indices count only the messages that pass. */
    check_message(1, D3D12_MESSAGE_CATEGORY_SHADER, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, "message 2");
    ck_assert_int_eq(ID3D12InfoQueue1_GetMessage(iq, 2, NULL, &length), E_INVALIDARG);

    /* Stacked: an allow list on a copy narrows further. */
    ck_assert_int_eq(ID3D12InfoQueue1_PushCopyOfRetrievalFilter(iq), S_OK);
    memset(&filter, 0, sizeof(filter));
    filter.AllowList.NumCategories = 1;
    filter.AllowList.pCategoryList = &allow;
    ck_assert_int_eq(ID3D12InfoQueue1_AddRetrievalFilterEntries(iq, &filter), S_OK);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetRetrievalFilterStackSize(iq), 2);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(iq), 1);
    check_message(0, D3D12_MESSAGE_CATEGORY_SHADER, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, "message 2");
    ck_assert_int_eq(ID3D12InfoQueue1_GetRetrievalFilter(iq, NULL, &length), S_OK);
    ck_assert_uint_eq(length, sizeof(filter) + sizeof(D3D12_MESSAGE_SEVERITY) + sizeof(D3D12_MESSAGE_CATEGORY));

    ck_assert_int_eq(ID3D12InfoQueue1_PushEmptyRetrievalFilter(iq), S_OK);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetRetrievalFilterStackSize(iq), 3);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(iq), 3);
    ID3D12InfoQueue1_PopRetrievalFilter(iq);
    ID3D12InfoQueue1_PopRetrievalFilter(iq);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(iq), 2);
    ID3D12InfoQueue1_ClearRetrievalFilter(iq);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetRetrievalFilterStackSize(iq), 1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(iq), 3);
    check_message(1, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING, FALLBACK_ID, "message 1");

    /* The retrieval filter never affects storage. */
    ck_assert_int_eq(ID3D12InfoQueue1_PushRetrievalFilter(iq, &filter), S_OK);
    add_numbered(1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 4);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(iq), 0);
}
END_TEST

/* AddMessage, AddApplicationMessage, break and mute settings */

START_TEST(test_add_message)
{
    ck_assert_int_eq(ID3D12InfoQueue1_AddMessage(iq, D3D12_MESSAGE_CATEGORY_STATE_CREATION,
            D3D12_MESSAGE_SEVERITY_CORRUPTION, D3D12_MESSAGE_ID_CREATEQUERYHEAP_INVALID_FLAGS, "bad flags"), S_OK);
    ck_assert_int_eq(ID3D12InfoQueue1_AddMessage(iq, D3D12_MESSAGE_CATEGORY_SHADER + 1,
            D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, "x"), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_AddMessage(iq, D3D12_MESSAGE_CATEGORY_EXECUTION,
            D3D12_MESSAGE_SEVERITY_MESSAGE + 1, FALLBACK_ID, "x"), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_AddMessage(iq, D3D12_MESSAGE_CATEGORY_EXECUTION,
            D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, NULL), E_INVALIDARG);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);
    check_message(0, D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_CORRUPTION,
            D3D12_MESSAGE_ID_CREATEQUERYHEAP_INVALID_FLAGS, "bad flags");
}
END_TEST

START_TEST(test_add_application_message)
{
    ck_assert_int_eq(ID3D12InfoQueue1_AddApplicationMessage(iq, D3D12_MESSAGE_SEVERITY_WARNING, "%s is kept"),
            S_OK);
    ck_assert_int_eq(ID3D12InfoQueue1_AddApplicationMessage(iq, D3D12_MESSAGE_SEVERITY_INFO, ""), S_OK);
    ck_assert_int_eq(ID3D12InfoQueue1_AddApplicationMessage(iq, (D3D12_MESSAGE_SEVERITY)5, "x"), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_AddApplicationMessage(iq, (D3D12_MESSAGE_SEVERITY)-1, "x"), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_AddApplicationMessage(iq, D3D12_MESSAGE_SEVERITY_ERROR, NULL),
            E_INVALIDARG);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 2);
    /* The text is taken as it is, never as a format. */
    check_message(0, D3D12_MESSAGE_CATEGORY_APPLICATION_DEFINED, D3D12_MESSAGE_SEVERITY_WARNING,
            D3D12_MESSAGE_ID_STRING_FROM_APPLICATION, "%s is kept");
    check_message(1, D3D12_MESSAGE_CATEGORY_APPLICATION_DEFINED, D3D12_MESSAGE_SEVERITY_INFO,
            D3D12_MESSAGE_ID_STRING_FROM_APPLICATION, "");
}
END_TEST

START_TEST(test_break_settings)
{
    ck_assert_int_eq(ID3D12InfoQueue1_SetBreakOnCategory(iq, D3D12_MESSAGE_CATEGORY_EXECUTION, TRUE), S_OK);
    ck_assert(ID3D12InfoQueue1_GetBreakOnCategory(iq, D3D12_MESSAGE_CATEGORY_EXECUTION));
    ck_assert(!ID3D12InfoQueue1_GetBreakOnCategory(iq, D3D12_MESSAGE_CATEGORY_SHADER));
    ck_assert_int_eq(ID3D12InfoQueue1_SetBreakOnCategory(iq, D3D12_MESSAGE_CATEGORY_SHADER + 1, TRUE),
            E_INVALIDARG);
    ck_assert(!ID3D12InfoQueue1_GetBreakOnCategory(iq, D3D12_MESSAGE_CATEGORY_SHADER + 1));

    ck_assert_int_eq(ID3D12InfoQueue1_SetBreakOnSeverity(iq, D3D12_MESSAGE_SEVERITY_CORRUPTION, TRUE), S_OK);
    ck_assert(ID3D12InfoQueue1_GetBreakOnSeverity(iq, D3D12_MESSAGE_SEVERITY_CORRUPTION));
    ck_assert_int_eq(ID3D12InfoQueue1_SetBreakOnSeverity(iq, D3D12_MESSAGE_SEVERITY_CORRUPTION, FALSE), S_OK);
    ck_assert(!ID3D12InfoQueue1_GetBreakOnSeverity(iq, D3D12_MESSAGE_SEVERITY_CORRUPTION));
    ck_assert_int_eq(ID3D12InfoQueue1_SetBreakOnSeverity(iq, D3D12_MESSAGE_SEVERITY_MESSAGE + 1, TRUE),
            E_INVALIDARG);

    /* Any ID, including d3d12rt's own above Microsoft's list. */
    ck_assert_int_eq(ID3D12InfoQueue1_SetBreakOnID(iq, FALLBACK_ID, TRUE), S_OK);
    ck_assert_int_eq(ID3D12InfoQueue1_SetBreakOnID(iq, D3D12_MESSAGE_ID_UNKNOWN, TRUE), S_OK);
    ck_assert_int_eq(ID3D12InfoQueue1_SetBreakOnID(iq, FALLBACK_ID, TRUE), S_OK);
    ck_assert(ID3D12InfoQueue1_GetBreakOnID(iq, FALLBACK_ID));
    ck_assert(ID3D12InfoQueue1_GetBreakOnID(iq, D3D12_MESSAGE_ID_UNKNOWN));
    ck_assert_int_eq(ID3D12InfoQueue1_SetBreakOnID(iq, FALLBACK_ID, FALSE), S_OK);
    ck_assert(!ID3D12InfoQueue1_GetBreakOnID(iq, FALLBACK_ID));
    ck_assert(ID3D12InfoQueue1_GetBreakOnID(iq, D3D12_MESSAGE_ID_UNKNOWN));
    ck_assert_int_eq(ID3D12InfoQueue1_SetBreakOnID(iq, FALLBACK_ID, FALSE), S_OK);

    /* Breaking is recorded only: a matching message is simply stored. */
    add_numbered(1);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);
}
END_TEST

/* Callbacks */

struct callback_log
{
    char entries[16][64];
    unsigned int count;
};

static void record(struct callback_log *log, const char *who, D3D12_MESSAGE_CATEGORY category,
                   D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id, const char *text)
{
    ck_assert_uint_lt(log->count, 16);
    snprintf(log->entries[log->count++], sizeof(log->entries[0]), "%s %d %d %#x %s", who, category, severity,
            (unsigned int)id, text);
}

static struct callback_log callback_log;

static void __stdcall callback_a(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
                                 D3D12_MESSAGE_ID id, LPCSTR text, void *context)
{
    record(context, "a", category, severity, id, text);
}

static void __stdcall callback_b(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
                                 D3D12_MESSAGE_ID id, LPCSTR text, void *context)
{
    record(context, "b", category, severity, id, text);
}

START_TEST(test_callbacks)
{
    D3D12_MESSAGE_SEVERITY deny = D3D12_MESSAGE_SEVERITY_ERROR;
    D3D12_INFO_QUEUE_FILTER filter = {0};
    DWORD cookie_a = 0, cookie_b = 0;

    ck_assert_int_eq(ID3D12InfoQueue1_RegisterMessageCallback(iq, callback_a, D3D12_MESSAGE_CALLBACK_FLAG_NONE,
            &callback_log, &cookie_a), S_OK);
    ck_assert_int_eq(ID3D12InfoQueue1_RegisterMessageCallback(iq, callback_b,
            D3D12_MESSAGE_CALLBACK_IGNORE_FILTERS, &callback_log, &cookie_b), S_OK);
    ck_assert_uint_ne(cookie_a, 0);
    ck_assert_uint_ne(cookie_b, 0);
    ck_assert_uint_ne(cookie_a, cookie_b);

    filter.DenyList.NumSeverities = 1;
    filter.DenyList.pSeverityList = &deny;
    ck_assert_int_eq(ID3D12InfoQueue1_AddStorageFilterEntries(iq, &filter), S_OK);

    rt_info_queue_add(fake.queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING, FALLBACK_ID,
            "w%d", 1);
    rt_info_queue_add(fake.queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID,
            "e%d", 2);
    ck_assert_int_eq(ID3D12InfoQueue1_AddApplicationMessage(iq, D3D12_MESSAGE_SEVERITY_INFO, "app"), S_OK);

    /* Registration order; the filtered callback misses the denied message. */
    ck_assert_uint_eq(callback_log.count, 5);
    ck_assert_str_eq(callback_log.entries[0], "a 9 2 0x8000 w1");
    ck_assert_str_eq(callback_log.entries[1], "b 9 2 0x8000 w1");
    ck_assert_str_eq(callback_log.entries[2], "b 9 1 0x8000 e2");
    ck_assert_str_eq(callback_log.entries[3], "a 0 3 0x1 app");
    ck_assert_str_eq(callback_log.entries[4], "b 0 3 0x1 app");

    ck_assert_int_eq(ID3D12InfoQueue1_UnregisterMessageCallback(iq, cookie_a), S_OK);
    ck_assert_int_eq(ID3D12InfoQueue1_UnregisterMessageCallback(iq, cookie_a), E_INVALIDARG);
    rt_info_queue_add(fake.queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING, FALLBACK_ID,
            "last");
    ck_assert_uint_eq(callback_log.count, 6);
    ck_assert_str_eq(callback_log.entries[5], "b 9 2 0x8000 last");

    ck_assert_int_eq(ID3D12InfoQueue1_UnregisterMessageCallback(iq, cookie_b), S_OK);
    add_numbered(1);
    ck_assert_uint_eq(callback_log.count, 6);
}
END_TEST

START_TEST(test_callback_bad_arguments)
{
    DWORD cookie = 0xdead;

    ck_assert_int_eq(ID3D12InfoQueue1_RegisterMessageCallback(iq, NULL, D3D12_MESSAGE_CALLBACK_FLAG_NONE,
            NULL, &cookie), E_INVALIDARG);
    ck_assert_uint_eq(cookie, 0);
    ck_assert_int_eq(ID3D12InfoQueue1_RegisterMessageCallback(iq, callback_a, D3D12_MESSAGE_CALLBACK_FLAG_NONE,
            &callback_log, NULL), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_UnregisterMessageCallback(iq, 0), E_INVALIDARG);
    ck_assert_int_eq(ID3D12InfoQueue1_UnregisterMessageCallback(iq, 12345), E_INVALIDARG);

    /* Nothing was registered. */
    add_numbered(1);
    ck_assert_uint_eq(callback_log.count, 0);
}
END_TEST

static unsigned int reentrant_calls;
static DWORD reentrant_cookie;

/* Emits a message of its own on the first call, then unregisters itself. */
static void __stdcall callback_reentrant(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
                                         D3D12_MESSAGE_ID id, LPCSTR text, void *context)
{
    ID3D12InfoQueue1 *queue = context;

    if (++reentrant_calls == 1)
        ck_assert_int_eq(ID3D12InfoQueue1_AddApplicationMessage(queue, D3D12_MESSAGE_SEVERITY_INFO, "inner"),
                S_OK);
    else
        ck_assert_int_eq(ID3D12InfoQueue1_UnregisterMessageCallback(queue, reentrant_cookie), S_OK);
}

START_TEST(test_callback_reentrant)
{
    ck_assert_int_eq(ID3D12InfoQueue1_RegisterMessageCallback(iq, callback_reentrant,
            D3D12_MESSAGE_CALLBACK_FLAG_NONE, iq, &reentrant_cookie), S_OK);
    ck_assert_int_eq(ID3D12InfoQueue1_RegisterMessageCallback(iq, callback_a, D3D12_MESSAGE_CALLBACK_FLAG_NONE,
            &callback_log, &(DWORD){0}), S_OK);
    add_numbered(1);
    ck_assert_uint_eq(reentrant_calls, 2);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 2);
    /* The inner message reached the later callback first, then the outer one did. */
    ck_assert_uint_eq(callback_log.count, 2);
    ck_assert_str_eq(callback_log.entries[0], "a 0 3 0x1 inner");
    ck_assert_str_eq(callback_log.entries[1], "a 9 1 0x8000 message 0");

    /* It unregistered itself: it is gone, the other one stays. */
    add_numbered(1);
    ck_assert_uint_eq(reentrant_calls, 2);
    ck_assert_uint_eq(callback_log.count, 3);
    ck_assert_int_eq(ID3D12InfoQueue1_UnregisterMessageCallback(iq, reentrant_cookie), E_INVALIDARG);
}
END_TEST

static atomic_bool slow_entered, slow_release, unregister_returned;
static DWORD slow_cookie;

static void __stdcall callback_slow(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
                                    D3D12_MESSAGE_ID id, LPCSTR text, void *context)
{
    atomic_store(&slow_entered, true);
    while (!atomic_load(&slow_release))
        thrd_yield();
}

static int emit_thread(void *arg)
{
    add_numbered(1);
    return 0;
}

static int unregister_thread(void *arg)
{
    HRESULT hr = ID3D12InfoQueue1_UnregisterMessageCallback(iq, slow_cookie);

    atomic_store(&unregister_returned, true);
    return (int)hr;
}

START_TEST(test_unregister_waits_for_callback)
{
    struct timespec pause = {0, 50 * 1000 * 1000};
    thrd_t emitter, unregisterer;
    int result;

    ck_assert_int_eq(ID3D12InfoQueue1_RegisterMessageCallback(iq, callback_slow, D3D12_MESSAGE_CALLBACK_FLAG_NONE,
            NULL, &slow_cookie), S_OK);
    ck_assert_int_eq(thrd_create(&emitter, emit_thread, NULL), thrd_success);
    while (!atomic_load(&slow_entered))
        thrd_yield();

    /* The callback is running: Unregister must not return yet. */
    ck_assert_int_eq(thrd_create(&unregisterer, unregister_thread, NULL), thrd_success);
    thrd_sleep(&pause, NULL);
    ck_assert(!atomic_load(&unregister_returned));
    /* Other calls go on meanwhile: the queue's lock is not held by the callback. */
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);

    atomic_store(&slow_release, true);
    ck_assert_int_eq(thrd_join(unregisterer, &result), thrd_success);
    ck_assert_int_eq(result, S_OK);
    ck_assert_int_eq(thrd_join(emitter, NULL), thrd_success);
    ck_assert(atomic_load(&unregister_returned));
}
END_TEST

/* stderr */

START_TEST(test_stderr_copy)
{
    struct capture capture;
    char *text;

    /* With the debug layer (a queue), whatever D3D12RT_TRACE says. */
    ck_assert_int_eq(unsetenv("D3D12RT_TRACE"), 0);
    capture_begin(&capture);
    rt_info_queue_add(fake.queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID,
            "CopyBufferRegions: %s", "no");
    rt_info_queue_add(fake.queue, D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_WARNING,
            D3D12_MESSAGE_ID_CREATEQUERYHEAP_INVALID_FLAGS, "flags %#x", 8u);
    ck_assert_int_eq(ID3D12InfoQueue1_AddApplicationMessage(iq, D3D12_MESSAGE_SEVERITY_MESSAGE, "hello"), S_OK);
    /* An ID no header names, and an alias pair (the first name declared wins). */
    rt_info_queue_add(fake.queue, D3D12_MESSAGE_CATEGORY_MISCELLANEOUS, D3D12_MESSAGE_SEVERITY_INFO,
            (D3D12_MESSAGE_ID)0x7fff, "odd");
    rt_info_queue_add(fake.queue, D3D12_MESSAGE_CATEGORY_STATE_GETTING, D3D12_MESSAGE_SEVERITY_INFO,
            D3D12_MESSAGE_ID_GETCOPYABLELAYOUT_INVALIDBASEOFFSET, "alias");
    text = capture_end(&capture);
    ck_assert_str_eq(text,
            "D3D12 ERROR: CopyBufferRegions: no [ EXECUTION ERROR #32768: ASYNC_COMMANDS_FALLBACK_UNSUPPORTED]\n"
            "D3D12 WARNING: flags 0x8 [ STATE_CREATION WARNING #1443: CREATEQUERYHEAP_INVALID_FLAGS]\n"
            "D3D12 MESSAGE: hello [ APPLICATION_DEFINED MESSAGE #1: STRING_FROM_APPLICATION]\n"
            "D3D12 INFO: odd [ MISCELLANEOUS INFO #32767: ?]\n"
            "D3D12 INFO: alias [ STATE_GETTING INFO #740: GETCOPYABLEFOOTPRINTS_INVALIDBASEOFFSET]\n");
    free(text);
}
END_TEST

/* Every ID a header names has its name, the prefix removed. */
START_TEST(test_message_id_names)
{
    ck_assert_str_eq(rt_message_id_name(D3D12_MESSAGE_ID_UNKNOWN), "UNKNOWN");
    ck_assert_str_eq(rt_message_id_name(D3D12_MESSAGE_ID_CORRUPTED_MULTITHREADING), "CORRUPTED_MULTITHREADING");
    ck_assert_str_eq(rt_message_id_name(D3D12_MESSAGE_ID_RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH),
            "RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH");
    ck_assert_str_eq(rt_message_id_name(D3D12_MESSAGE_ID_CREATE_SAMPLER_COMPARISON_FUNC_IGNORED),
            "CREATE_SAMPLER_COMPARISON_FUNC_IGNORED");
    /* d3d12rt_messages.h: a newer Microsoft ID, one continued on a second line, and d3d12rt's own. */
    ck_assert_str_eq(rt_message_id_name(D3D12_MESSAGE_ID_FILL_BUFFERS_INVALID_FILL_BUFFER_DESC),
            "FILL_BUFFERS_INVALID_FILL_BUFFER_DESC");
    ck_assert_str_eq(rt_message_id_name(D3D12_MESSAGE_ID_CLEARBOUNDRENDERTARGETVIEWS_RENDER_TARGET_DELETED),
            "CLEARBOUNDRENDERTARGETVIEWS_RENDER_TARGET_DELETED");
    ck_assert_str_eq(rt_message_id_name(D3D12_MESSAGE_ID_EXECUTETILEMAPPINGS_EXECUTION_ERROR),
            "EXECUTETILEMAPPINGS_EXECUTION_ERROR");
    ck_assert_ptr_null(rt_message_id_name(D3D12_MESSAGE_ID_D3D12_MESSAGES_END));
    ck_assert_ptr_null(rt_message_id_name((D3D12_MESSAGE_ID)-1));
}
END_TEST

START_TEST(test_stderr_muted_and_filtered)
{
    D3D12_MESSAGE_SEVERITY deny = D3D12_MESSAGE_SEVERITY_INFO;
    D3D12_INFO_QUEUE_FILTER filter = {0};
    struct capture capture;
    char *text;

    filter.DenyList.NumSeverities = 1;
    filter.DenyList.pSeverityList = &deny;
    ck_assert_int_eq(ID3D12InfoQueue1_AddStorageFilterEntries(iq, &filter), S_OK);

    capture_begin(&capture);
    add_error(D3D12_MESSAGE_CATEGORY_CLEANUP, D3D12_MESSAGE_SEVERITY_INFO, FALLBACK_ID, 0);
    ID3D12InfoQueue1_SetMuteDebugOutput(iq, TRUE);
    add_error(D3D12_MESSAGE_CATEGORY_CLEANUP, D3D12_MESSAGE_SEVERITY_CORRUPTION, FALLBACK_ID, 1);
    ID3D12InfoQueue1_SetMuteDebugOutput(iq, FALSE);
    add_error(D3D12_MESSAGE_CATEGORY_COMPILATION, D3D12_MESSAGE_SEVERITY_CORRUPTION, FALLBACK_ID, 2);
    text = capture_end(&capture);
    ck_assert_str_eq(text, "D3D12 CORRUPTION: message 2 [ COMPILATION CORRUPTION #32768: "
            "ASYNC_COMMANDS_FALLBACK_UNSUPPORTED]\n");
    free(text);

    /* Muting affects only the copy: the message was stored. */
    ck_assert(!ID3D12InfoQueue1_GetMuteDebugOutput(iq));
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 2);
}
END_TEST

/* Without the debug layer, only D3D12RT_TRACE=msg prints. */
START_TEST(test_stderr_without_queue)
{
    struct capture capture;
    char *text;

    ck_assert_int_eq(unsetenv("D3D12RT_TRACE"), 0);
    capture_begin(&capture);
    rt_info_queue_add(NULL, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, FALLBACK_ID, "x");
    text = capture_end(&capture);
    ck_assert_str_eq(text, "");
    free(text);
}
END_TEST

START_TEST(test_stderr_without_queue_traced)
{
    struct capture capture;
    char *text;

    ck_assert_int_eq(setenv("D3D12RT_TRACE", "msg", 1), 0);
    capture_begin(&capture);
    rt_info_queue_add(NULL, D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_WARNING,
            D3D12_MESSAGE_ID_CREATEQUERYHEAP_INVALID_FLAGS, "flags %#x", 8u);
    text = capture_end(&capture);
    ck_assert_str_eq(text, "D3D12 WARNING: flags 0x8 [ STATE_CREATION WARNING #1443: CREATEQUERYHEAP_INVALID_FLAGS]\n");
    free(text);
}
END_TEST

/* A queue created with D3D12RT_DEBUG_OUTPUT set to value: what one message writes to stderr. */
static char *stderr_with_debug_output(const char *value)
{
    struct capture capture;

    ck_assert_int_eq(setenv("D3D12RT_DEBUG_OUTPUT", value, 1), 0);
    queue_teardown();
    queue_setup();
    ck_assert_int_eq(unsetenv("D3D12RT_DEBUG_OUTPUT"), 0);
    capture_begin(&capture);
    add_numbered(1);
    return capture_end(&capture);
}

/* D3D12RT_DEBUG_OUTPUT=0 silences the copy of a queue created afterwards, nothing else. */
START_TEST(test_stderr_silenced)
{
    char *text;

    text = stderr_with_debug_output("0");
    ck_assert_str_eq(text, "");
    free(text);
    ck_assert_uint_eq(ID3D12InfoQueue1_GetNumStoredMessages(iq), 1);

    /* Any other value leaves it on. */
    text = stderr_with_debug_output("1");
    ck_assert_msg(strstr(text, "D3D12 ERROR: "), "stderr: \"%s\"", text);
    free(text);
}
END_TEST

START_TEST(test_names)
{
    ck_assert_str_eq(rt_message_severity_name(D3D12_MESSAGE_SEVERITY_CORRUPTION), "CORRUPTION");
    ck_assert_str_eq(rt_message_severity_name(D3D12_MESSAGE_SEVERITY_MESSAGE), "MESSAGE");
    ck_assert_str_eq(rt_message_severity_name((D3D12_MESSAGE_SEVERITY)5), "?");
    ck_assert_str_eq(rt_message_category_name(D3D12_MESSAGE_CATEGORY_APPLICATION_DEFINED), "APPLICATION_DEFINED");
    ck_assert_str_eq(rt_message_category_name(D3D12_MESSAGE_CATEGORY_RESOURCE_MANIPULATION),
            "RESOURCE_MANIPULATION");
    ck_assert_str_eq(rt_message_category_name(D3D12_MESSAGE_CATEGORY_SHADER), "SHADER");
    ck_assert_str_eq(rt_message_category_name((D3D12_MESSAGE_CATEGORY)11), "?");
}
END_TEST

/* The debug-layer switch */

static void debug_setup(void)
{
    rt_debug_layer_reset_for_testing();
}

START_TEST(test_debug_interfaces)
{
    static const IID *const iids[] =
    {
        &IID_ID3D12Debug, &IID_ID3D12Debug1, &IID_ID3D12Debug2, &IID_ID3D12Debug3,
        &IID_ID3D12Debug4, &IID_ID3D12Debug5, &IID_ID3D12Debug6, &IID_IUnknown,
    };
    ID3D12Debug *debug, *again;
    ID3D12Debug1 *debug1;
    ID3D12Debug2 *debug2;
    ID3D12Debug6 *debug6;
    void *object;
    unsigned int i;

    for (i = 0; i < RT_ARRAY_SIZE(iids); ++i)
    {
        object = NULL;
        ck_assert_msg(rt_debug_get_interface(iids[i], &object) == S_OK, "iid %u", i);
        ck_assert_ptr_nonnull(object);
        IUnknown_Release((IUnknown *)object);
    }

    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12Debug, (void **)&again), S_OK);
    ck_assert_ptr_eq(debug, again);   /* one object per process */
    ID3D12Debug_Release(again);

    /* Debug1 and Debug2 are separate interfaces of the same object. */
    ck_assert_int_eq(ID3D12Debug_QueryInterface(debug, &IID_ID3D12Debug1, (void **)&debug1), S_OK);
    ck_assert_int_eq(ID3D12Debug_QueryInterface(debug, &IID_ID3D12Debug2, (void **)&debug2), S_OK);
    ck_assert_ptr_ne((void *)debug1, (void *)debug);
    ck_assert_ptr_ne((void *)debug2, (void *)debug);
    ck_assert_ptr_ne((void *)debug2, (void *)debug1);
    ck_assert_int_eq(ID3D12Debug2_QueryInterface(debug2, &IID_ID3D12Debug6, (void **)&debug6), S_OK);
    ck_assert_ptr_eq((void *)debug6, (void *)debug);
    ck_assert_int_eq(ID3D12Debug1_QueryInterface(debug1, &IID_ID3D12Debug, (void **)&again), S_OK);
    ck_assert_ptr_eq(again, debug);

    /* Reference counts are shared across the interfaces. */
    ck_assert_uint_eq(ID3D12Debug_AddRef(debug), 6);
    ck_assert_uint_eq(ID3D12Debug1_Release(debug1), 5);
    ck_assert_uint_eq(ID3D12Debug2_Release(debug2), 4);
    ck_assert_uint_eq(ID3D12Debug6_Release(debug6), 3);
    ck_assert_uint_eq(ID3D12Debug_Release(again), 2);
    ck_assert_uint_eq(ID3D12Debug_Release(debug), 1);
    ck_assert_uint_eq(ID3D12Debug_Release(debug), 0);

    object = (void *)0x1;
    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12Device, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    object = (void *)0x1;
    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12InfoQueue, &object), E_NOINTERFACE);
    ck_assert_ptr_null(object);
    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12Debug, NULL), E_POINTER);
}
END_TEST

START_TEST(test_debug_enable_disable)
{
    ID3D12Debug1 *debug1;
    ID3D12Debug6 *debug6;
    ID3D12Debug *debug;

    ck_assert(!rt_debug_layer_enabled());
    ck_assert_int_eq(rt_debug_layer_device_flags(), 0);

    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ck_assert(rt_debug_layer_enabled());
    ck_assert_int_eq(rt_debug_layer_device_flags(), D3D12_DEVICE_FLAG_DEBUG_LAYER_ENABLED);
    ID3D12Debug_Release(debug);

    /* Releasing the object keeps the setting; Debug4 turns it off again. */
    ck_assert(rt_debug_layer_enabled());
    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12Debug6, (void **)&debug6), S_OK);
    ID3D12Debug6_DisableDebugLayer(debug6);
    ck_assert(!rt_debug_layer_enabled());
    ck_assert_int_eq(rt_debug_layer_device_flags(), 0);
    ID3D12Debug6_Release(debug6);

    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12Debug1, (void **)&debug1), S_OK);
    ID3D12Debug1_EnableDebugLayer(debug1);
    ck_assert(rt_debug_layer_enabled());
    ID3D12Debug1_Release(debug1);

    rt_debug_layer_reset_for_testing();
    ck_assert(!rt_debug_layer_enabled());
}
END_TEST

START_TEST(test_debug_device_flags)
{
    struct rt_debug_layer_settings settings;
    ID3D12Debug6 *debug6;
    ID3D12Debug2 *debug2;
    ID3D12Debug1 *debug1;

    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12Debug6, (void **)&debug6), S_OK);
    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12Debug2, (void **)&debug2), S_OK);
    ck_assert_int_eq(rt_debug_get_interface(&IID_ID3D12Debug1, (void **)&debug1), S_OK);

    rt_debug_layer_get_settings(&settings);
    ck_assert(!settings.enabled && !settings.gpu_based_validation && !settings.auto_name);
    ck_assert(settings.synchronized_command_queue_validation);
    ck_assert(!settings.force_legacy_barrier_validation);
    ck_assert_int_eq(settings.gpu_based_validation_flags, 0);

    /* Settings made before EnableDebugLayer count once it is on. */
    ID3D12Debug6_SetEnableGPUBasedValidation(debug6, TRUE);
    ID3D12Debug2_SetGPUBasedValidationFlags(debug2, D3D12_GPU_BASED_VALIDATION_FLAGS_DISABLE_STATE_TRACKING);
    ck_assert_int_eq(rt_debug_layer_device_flags(), 0);
    ck_assert_uint_eq(rt_debug_layer_gpu_based_validation_flags(), 0);

    ID3D12Debug6_EnableDebugLayer(debug6);
    ck_assert_int_eq(rt_debug_layer_device_flags(), 0x1 | 0x2);
    ck_assert_uint_eq(rt_debug_layer_gpu_based_validation_flags(), 0x1);

    ID3D12Debug1_SetEnableSynchronizedCommandQueueValidation(debug1, FALSE);
    ck_assert_int_eq(rt_debug_layer_device_flags(), 0x1 | 0x2 | 0x4);
    ID3D12Debug6_SetEnableAutoName(debug6, TRUE);
    ck_assert_int_eq(rt_debug_layer_device_flags(), 0x1 | 0x2 | 0x4 | 0x200);
    ID3D12Debug6_SetForceLegacyBarrierValidation(debug6, TRUE);
    ck_assert_int_eq(rt_debug_layer_device_flags(), D3D12_DEVICE_FLAG_DEBUG_LAYER_ENABLED
            | D3D12_DEVICE_FLAG_GPU_BASED_VALIDATION_ENABLED
            | D3D12_DEVICE_FLAG_SYNCHRONIZED_COMMAND_QUEUE_VALIDATION_DISABLED
            | D3D12_DEVICE_FLAG_AUTO_DEBUG_NAME_ENABLED | D3D12_DEVICE_FLAG_FORCE_LEGACY_STATE_VALIDATION);

    /* Turning options back off, through the older interfaces too. */
    ID3D12Debug1_SetEnableGPUBasedValidation(debug1, FALSE);
    ID3D12Debug1_SetEnableSynchronizedCommandQueueValidation(debug1, TRUE);
    ID3D12Debug6_SetEnableAutoName(debug6, FALSE);
    ck_assert_int_eq(rt_debug_layer_device_flags(), 0x1 | 0x400);
    ck_assert_uint_eq(rt_debug_layer_gpu_based_validation_flags(), 0);

    rt_debug_layer_get_settings(&settings);
    ck_assert(settings.enabled && settings.force_legacy_barrier_validation);
    ck_assert_int_eq(settings.gpu_based_validation_flags, D3D12_GPU_BASED_VALIDATION_FLAGS_DISABLE_STATE_TRACKING);

    ID3D12Debug6_Release(debug6);
    ID3D12Debug2_Release(debug2);
    ID3D12Debug1_Release(debug1);

    rt_debug_layer_reset_for_testing();
    ck_assert_int_eq(rt_debug_layer_device_flags(), 0);
    rt_debug_layer_get_settings(&settings);
    ck_assert(settings.synchronized_command_queue_validation && !settings.force_legacy_barrier_validation);
}
END_TEST

static Suite *info_queue_suite(void)
{
    Suite *suite = suite_create("info_queue");
    TCase *tc;

    tc = tcase_create("storage");
    tcase_add_checked_fixture(tc, queue_setup, queue_teardown);
    tcase_add_test(tc, test_iunknown_forwards_to_outer);
    tcase_add_test(tc, test_defaults);
    tcase_add_test(tc, test_get_message_two_calls);
    tcase_add_test(tc, test_get_message_bad_arguments);
    tcase_add_test(tc, test_long_message);
    tcase_add_test(tc, test_messages_in_order);
    tcase_add_test(tc, test_default_count_limit);
    tcase_add_test(tc, test_count_limit);
    tcase_add_test(tc, test_unlimited_count);
    tcase_add_test(tc, test_clear_stored_messages);
    tcase_add_test(tc, test_add_message);
    tcase_add_test(tc, test_add_application_message);
    tcase_add_test(tc, test_break_settings);
    suite_add_tcase(suite, tc);

    tc = tcase_create("filters");
    tcase_add_checked_fixture(tc, queue_setup, queue_teardown);
    tcase_add_test(tc, test_storage_deny_severity);
    tcase_add_test(tc, test_storage_allow_category);
    tcase_add_test(tc, test_allow_lists_combine_per_field);
    tcase_add_test(tc, test_storage_filter_stack);
    tcase_add_test(tc, test_filter_bad_arguments);
    tcase_add_test(tc, test_retrieval_filter);
    suite_add_tcase(suite, tc);

    tc = tcase_create("callbacks");
    tcase_add_checked_fixture(tc, queue_setup, queue_teardown);
    tcase_add_test(tc, test_callbacks);
    tcase_add_test(tc, test_callback_bad_arguments);
    tcase_add_test(tc, test_callback_reentrant);
    tcase_add_test(tc, test_unregister_waits_for_callback);
    suite_add_tcase(suite, tc);

    tc = tcase_create("stderr");
    tcase_add_checked_fixture(tc, queue_setup, queue_teardown);
    tcase_add_test(tc, test_stderr_copy);
    tcase_add_test(tc, test_stderr_muted_and_filtered);
    tcase_add_test(tc, test_stderr_without_queue);
    tcase_add_test(tc, test_stderr_without_queue_traced);
    tcase_add_test(tc, test_stderr_silenced);
    tcase_add_test(tc, test_message_id_names);
    tcase_add_test(tc, test_names);
    suite_add_tcase(suite, tc);

    tc = tcase_create("debug_layer");
    tcase_add_checked_fixture(tc, debug_setup, NULL);
    tcase_add_test(tc, test_debug_interfaces);
    tcase_add_test(tc, test_debug_enable_disable);
    tcase_add_test(tc, test_debug_device_flags);
    suite_add_tcase(suite, tc);

    return suite;
}

int main(void)
{
    return test_run_suites(info_queue_suite(), NULL);
}
