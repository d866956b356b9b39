/* Private data (SetPrivateData & co.) and SetName, shared by every ID3D12Object. */
#ifndef RT_OBJECT_H
#define RT_OBJECT_H

#include <threads.h>
#include "rt_common.h"

struct rt_private_entry;

struct rt_private_store
{
    mtx_t mutex;
    struct rt_private_entry *entries;   /* singly linked, newest first */
};

HRESULT rt_private_store_init(struct rt_private_store *store);
void rt_private_store_destroy(struct rt_private_store *store);   /* releases stored interfaces */
/* Windows semantics: size query with NULL data (S_OK, size set), DXGI_ERROR_MORE_DATA when
 * the buffer is short (size updated, data untouched), DXGI_ERROR_NOT_FOUND when absent
 * (size set to 0), E_INVALIDARG for a NULL size. An interface entry hands out an AddRef'd
 * pointer. */
HRESULT rt_private_store_get(struct rt_private_store *store, REFGUID guid, UINT *size, void *data);
/* NULL data (or size 0) removes the entry: S_OK when one was removed, S_FALSE when there
 * was none. Replacing an interface entry releases that interface. */
HRESULT rt_private_store_set(struct rt_private_store *store, REFGUID guid, UINT size, const void *data);
/* Stores an AddRef'd interface (NULL is stored as a NULL pointer entry); S_OK. */
HRESULT rt_private_store_set_interface(struct rt_private_store *store, REFGUID guid, const IUnknown *object);
/* SetName: stores the name, terminator included, as WKPDID_D3DDebugObjectNameW in the
 * application's WCHAR form (wchar_t on Linux), as D3D12 does; it does not set the narrow
 * WKPDID_D3DDebugObjectName. NULL: E_INVALIDARG. */
HRESULT rt_private_store_set_name(struct rt_private_store *store, LPCWSTR name);

/*
 * An object as Microsoft's debug layer names it in a message: its address and the name
 * SetName gave it (WKPDID_D3DDebugObjectNameW), else the narrow name SetPrivateData gave
 * it (WKPDID_D3DDebugObjectName), else "Unnamed <type> Object":
 *     0x00005581C0DE1230:'my buffer'
 *     0x00005581C0DE1230:'Unnamed ID3D12Resource Object'
 * Non-ASCII names come out as UTF-8; long ones are cut at a character. "NULL" for a NULL
 * object. The text lives in a small per-thread ring (four at a time, as rt_debugstr_*).
 */
#define RT_DEBUGSTR_OBJECT_SIZE 192
const char *rt_debugstr_object(struct rt_private_store *store, const void *object, const char *type);

#endif
