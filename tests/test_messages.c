/*
 * Debug-layer messages of a device (specs/debug.md): failures that used to reach only the
 * warn trace now reach the info queue with Microsoft's ID (a buffer of width 0, Map of a
 * DEFAULT-heap buffer, ExecuteCommandLists of a list that is not closed or of a NULL
 * array), the objects they are about named as Microsoft's layer names them (SetName,
 * or the narrow name SetPrivateData stores), and the stderr line in the debugger's form.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "test_async.h"
#include "test_run.h"

#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The one stored message: its severity, ID and exact text. */
#define check_only_message(device, severity, id, text) check_only_message_(__LINE__, device, severity, id, text)
static void check_only_message_(unsigned int line, ID3D12Device *device, D3D12_MESSAGE_SEVERITY severity,
                                D3D12_MESSAGE_ID id, const char *text)
{
    struct async_message message;
    UINT64 count = async_message_count(device);

    ck_assert_msg(count == 1, "line %u: %u messages, expected 1", line, (unsigned int)count);
    async_get_message(device, 0, &message);
    ck_assert_msg(message.severity == severity, "line %u: severity %d", line, message.severity);
    ck_assert_msg(message.id == id, "line %u: ID %d, expected %d (%s)", line, message.id, id, message.text);
    ck_assert_msg(!strcmp(message.text, text), "line %u: \"%s\", expected \"%s\"", line, message.text, text);
    async_clear_messages(device);
}

/* "0x...:'name'" as the runtime prints an object's address. */
static void object_text(char *buffer, size_t size, const void *object, const char *name)
{
    snprintf(buffer, size, "0x%016" PRIXPTR ":'%s'", (uintptr_t)object, name);
}

static ID3D12Resource *create_buffer_desc(ID3D12Device *device, D3D12_HEAP_TYPE heap_type, UINT64 width,
                                          HRESULT expected)
{
    D3D12_HEAP_PROPERTIES heap = {0};
    D3D12_RESOURCE_DESC desc = {0};
    ID3D12Resource *resource = NULL;

    heap.Type = heap_type;
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = width;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    ck_assert_int_eq(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&resource), expected);
    return resource;
}

START_TEST(test_buffer_of_width_zero)
{
    struct test_context t;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    async_clear_messages(t.device);
    ck_assert_ptr_null(create_buffer_desc(t.device, D3D12_HEAP_TYPE_DEFAULT, 0, E_INVALIDARG));
    check_only_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
            "CreateResource: invalid resource description: buffer Width is 0.");
    test_context_destroy(&t);
}
END_TEST

START_TEST(test_map_default_buffer_names_it)
{
    static const WCHAR name[] = L"my buffer";
    ID3D12Resource *buffer;
    struct test_context t;
    char object[128], text[320];
    void *data = NULL;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = create_buffer_desc(t.device, D3D12_HEAP_TYPE_DEFAULT, 256, S_OK);
    async_clear_messages(t.device);

    ck_assert_int_eq(ID3D12Resource_Map(buffer, 0, NULL, &data), E_INVALIDARG);
    ck_assert_ptr_null(data);
    object_text(object, sizeof(object), buffer, "Unnamed ID3D12Resource Object");
    snprintf(text, sizeof(text), "ID3D12Resource::Map: the resource's heap is not CPU-visible (resource %s)", object);
    check_only_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_MAP_INVALIDHEAP, text);

    ck_assert_int_eq(ID3D12Resource_SetName(buffer, name), S_OK);
    ck_assert_int_eq(ID3D12Resource_Map(buffer, 0, NULL, &data), E_INVALIDARG);
    object_text(object, sizeof(object), buffer, "my buffer");
    snprintf(text, sizeof(text), "ID3D12Resource::Map: the resource's heap is not CPU-visible (resource %s)", object);
    check_only_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_MAP_INVALIDHEAP, text);

    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}
END_TEST

/* Unmap of a buffer never mapped, and of a subresource it lacks: ignored, and said. */
START_TEST(test_unmap_errors)
{
    ID3D12Resource *buffer;
    struct test_context t;
    char object[128], text[320];

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    buffer = create_buffer_desc(t.device, D3D12_HEAP_TYPE_UPLOAD, 256, S_OK);
    async_clear_messages(t.device);
    object_text(object, sizeof(object), buffer, "Unnamed ID3D12Resource Object");

    ID3D12Resource_Unmap(buffer, 0, NULL);
    snprintf(text, sizeof(text), "ID3D12Resource::Unmap: the resource is not mapped; ignored (resource %s)", object);
    check_only_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_RESOURCE_UNMAP_NOTMAPPED, text);
    ID3D12Resource_Unmap(buffer, 1, NULL);
    snprintf(text, sizeof(text), "ID3D12Resource::Unmap: subresource 1 out of 1; ignored (resource %s)", object);
    check_only_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_UNMAP_INVALIDSUBRESOURCE, text);

    ID3D12Resource_Release(buffer);
    test_context_destroy(&t);
}
END_TEST

/* Executes t's list, which failed recording: one message naming it by name. */
static void check_failed_list(struct test_context *t, const char *name)
{
    ID3D12CommandList *lists[] = {(ID3D12CommandList *)t->list};
    char object[128], text[320];

    ID3D12CommandQueue_ExecuteCommandLists(t->queue, 1, lists);
    object_text(object, sizeof(object), t->list, name);
    snprintf(text, sizeof(text), "ExecuteCommandLists: list 0 (%s) failed recording (hr 0x80070057); the call is "
             "dropped", object);
    check_only_message(t->device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST,
            text);
}

/* The names Windows reads: SetName's wide name first, then the narrow private-data name. */
START_TEST(test_execute_names_lists)
{
    static const char narrow[] = "narrow list";
    struct async_message message;
    ID3D12CommandList *lists[1];
    struct test_context t;
    char object[128], text[320];

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    lists[0] = (ID3D12CommandList *)t.list;

    /* A NULL array: dropped, and said. */
    async_clear_messages(t.device);
    ID3D12CommandQueue_ExecuteCommandLists(t.queue, 1, NULL);
    check_only_message(t.device, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER2,
            "ExecuteCommandLists: NULL list array; the call is dropped");

    /* A list that failed recording: unnamed, narrow-named, then wide-named (which wins). */
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(t.list, (D3D12_PRIMITIVE_TOPOLOGY)99);
    ck_assert_int_eq(ID3D12GraphicsCommandList_Close(t.list), E_INVALIDARG);
    async_clear_messages(t.device);
    check_failed_list(&t, "Unnamed ID3D12GraphicsCommandList Object");
    ck_assert_int_eq(ID3D12GraphicsCommandList_SetPrivateData(t.list, &WKPDID_D3DDebugObjectName,
            sizeof(narrow) - 1, narrow), S_OK);
    check_failed_list(&t, "narrow list");
    /* Non-ASCII comes out as UTF-8. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_SetName(t.list, L"caf\u00e9 \u4e16\u754c"), S_OK);
    check_failed_list(&t, "caf\xc3\xa9 \xe4\xb8\x96\xe7\x95\x8c");

    /* An open list removes the device (test_execute_open_list); its message names it too. */
    ck_assert_int_eq(ID3D12GraphicsCommandList_Reset(t.list, t.allocator, NULL), S_OK);
    ck_assert_int_eq(ID3D12GraphicsCommandList_SetName(t.list, L"open list"), S_OK);
    ID3D12CommandQueue_ExecuteCommandLists(t.queue, 1, lists);
    object_text(object, sizeof(object), t.list, "open list");
    snprintf(text, sizeof(text), "ExecuteCommandLists: list 0 (%s) is not closed: the device is removed; the call "
             "is dropped", object);
    /* The first of two: the device's removal follows. */
    async_get_message(t.device, 0, &message);
    ck_assert_int_eq(message.id, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_OPENCOMMANDLIST);
    ck_assert_str_eq(message.text, text);
    ck_assert_int_eq(ID3D12Device_GetDeviceRemovedReason(t.device), DXGI_ERROR_INVALID_CALL);
    test_context_destroy(&t);
}
END_TEST

/* A device with the debug layer writes each message to stderr in the debugger's form. */
START_TEST(test_stderr_line)
{
    char path[] = "/tmp/test_messages_XXXXXX", line[512] = "";
    struct test_context t;
    int fd, saved;
    FILE *file;

    async_enable_debug_layer();
    test_context_init(&t, D3D12_COMMAND_LIST_TYPE_DIRECT);
    ck_assert_int_ge(fd = mkstemp(path), 0);
    fflush(stderr);
    saved = dup(STDERR_FILENO);
    ck_assert_int_ge(dup2(fd, STDERR_FILENO), 0);
    ck_assert_ptr_null(create_buffer_desc(t.device, D3D12_HEAP_TYPE_DEFAULT, 0, E_INVALIDARG));
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    ck_assert_ptr_nonnull(file = fdopen(fd, "r"));
    rewind(file);
    ck_assert_ptr_nonnull(fgets(line, sizeof(line), file));
    fclose(file);
    unlink(path);
    ck_assert_str_eq(line, "D3D12 ERROR: CreateResource: invalid resource description: buffer Width is 0. "
            "[ STATE_CREATION ERROR #597: CREATERESOURCE_INVALIDDIMENSIONS]\n");
    test_context_destroy(&t);
}
END_TEST

static Suite *messages_suite(void)
{
    Suite *suite = suite_create("messages");
    TCase *tc;

    tc = tcase_create("queue");
    tcase_add_test(tc, test_buffer_of_width_zero);
    tcase_add_test(tc, test_map_default_buffer_names_it);
    tcase_add_test(tc, test_unmap_errors);
    tcase_add_test(tc, test_execute_names_lists);
    tcase_add_test(tc, test_stderr_line);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return test_run_suites(messages_suite(), NULL);
}
