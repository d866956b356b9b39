/*
 * The device's ID3D12InfoQueue1 and the one way the runtime emits a debug-layer
 * message (specs/debug.md).
 *
 * The queue is part of the device: it has no reference count of its own, and its
 * QueryInterface/AddRef/Release forward to the device's IUnknown (`outer`), as
 * vkd3d does for the device's sub-interfaces. The device answers QueryInterface for
 * IID_ID3D12InfoQueue and IID_ID3D12InfoQueue1 with rt_info_queue_iface().
 */
#ifndef RT_INFO_QUEUE_H
#define RT_INFO_QUEUE_H

#include <stdarg.h>
#include <stdio.h>
#include "rt_common.h"
#include "rt_message_ids.h"

struct rt_info_queue;

/* outer is not referenced: it must outlive the queue (the device owns both). */
HRESULT rt_info_queue_create(IUnknown *outer, struct rt_info_queue **queue);
/* No message may be in flight: call it while destroying the device. */
void rt_info_queue_destroy(struct rt_info_queue *queue);
ID3D12InfoQueue1 *rt_info_queue_iface(struct rt_info_queue *queue);

/*
 * Emits one message. With a queue: the storage filter decides whether it is
 * stored (oldest pushed out past the count limit), callbacks registered without
 * D3D12_MESSAGE_CALLBACK_IGNORE_FILTERS see it only if it passes, the others always
 * do. Independently of the queue, a message that passes (every message when queue
 * is NULL) is printed on stderr (rt_message_print) unless the queue's debug output is
 * muted (SetMuteDebugOutput) or silenced (D3D12RT_DEBUG_OUTPUT=0 when it was created);
 * without a queue only when D3D12RT_TRACE has `msg`.
 */
void rt_info_queue_add(struct rt_info_queue *queue, D3D12_MESSAGE_CATEGORY category,
                       D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* A refused Create* call: a warning and one STATE_CREATION error "<method>: <text>." in
 * the queue (which may be NULL); returns hr for the caller to return. */
HRESULT rt_info_queue_creation_errorv(struct rt_info_queue *queue, HRESULT hr, D3D12_MESSAGE_ID id,
                                      const char *method, const char *fmt, va_list args)
    __attribute__((format(printf, 5, 0)));

/* One line in the form of Microsoft's debugger output:
 *     D3D12 <SEVERITY>: <text> [ <CATEGORY> <SEVERITY> #<id>: <ID name>]
 * the ID name without D3D12_MESSAGE_ID_ ("?" for a value no header names). */
void rt_message_print(FILE *file, D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
                      D3D12_MESSAGE_ID id, const char *text);
/* Whether a queue created now copies its messages to stderr: D3D12RT_DEBUG_OUTPUT=0 says no. */
bool rt_debug_output_enabled(void);

/* "ERROR", "EXECUTION", ...: the names after D3D12_MESSAGE_SEVERITY_/_CATEGORY_; "?" if unknown. */
const char *rt_message_severity_name(D3D12_MESSAGE_SEVERITY severity);
const char *rt_message_category_name(D3D12_MESSAGE_CATEGORY category);

#endif
