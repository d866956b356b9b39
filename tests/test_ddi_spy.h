/*
 * The DDI spy tests' fake driver and miniature runtime side (test_ddi_spy_fake.c): a
 * tiny driver that fills the adapter table, answers caps, fills a few entries of each
 * table and records the handles each entry receives, and the harness that opens it
 * through the loader, optionally wrapped by a spy.
 */
#ifndef TEST_DDI_SPY_H
#define TEST_DDI_SPY_H

#include <check.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "ddi_loader.h"
#include "ddi_spy.h"

#define FAKE_OBJECT_SIZE 40u
#define FAKE_DEVICE_SIZE 72u
#define FAKE_MAGIC 0x5a5a1234u
#define FAKE_MAX_SEEN 16

struct fake_state
{
    unsigned int opens, closes, destroyed_devices;
    bool old_versions;          /* GetSupportedVersions lacks 0124 */
    bool null_get_caps;         /* OpenAdapter leaves pfnGetCaps NULL */
    HRESULT open_hr;
    HRESULT create_device_hr;
    BOOL async_supported;
    bool async_caps_unknown;    /* GetCaps(ASYNC) → E_NOTIMPL */
    void *device;               /* hDrvDevice CreateDevice received */
    void *seen[FAKE_MAX_SEEN];  /* handles the last recording entry received, in order */
    unsigned int seen_count;
    unsigned int bad_magic;     /* handles that did not point at a fake object */
    atomic_uint copies;         /* CopyBufferRegion calls (the thread test) */
    unsigned int rendezvous;    /* Dispatch and CalcPrivateCommandListSize wait for this many arrivals */
    atomic_uint arrived;
};

extern struct fake_state fake;

struct harness
{
    struct ddi_adapter adapter;
    struct ddi_spy *spy;
    D3D12DDI_HDEVICE device;
    D3D12DDI_DEVICE_FUNCS_CORE_0124 core;
    D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 list;
    D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0124 queue;
    D3D12DDI_RENDER_PASS_FUNCS_0124 render_pass;
    D3D12DDI_ASYNC_COMMAND_LIST_FUNCS_0124 async;
    HRESULT async_hr;
    D3D12DDI_TILE_MAPPING_QUEUE_FUNCS_0124 tile_queue;
};

#define TEST_MAX_ALLOCATIONS 64

/* Driver object memory, freed by the teardown fixture. */
extern void *test_allocations[TEST_MAX_ALLOCATIONS];
extern unsigned int test_allocation_count;
extern const D3D12DDI_CORELAYER_DEVICECALLBACKS_0124 test_callbacks;

/* The driver's pointer for a handle the runtime holds. */
#define INNER(handle) ((void *)((char *)(handle).pDrvPrivate + DDI_SPY_HEADER_SIZE))

void fake_reset(void);
HRESULT APIENTRY fake_CreateDevice(D3D12DDI_HADAPTER adapter, D3D12DDIARG_CREATEDEVICE_0124 *args);
HRESULT APIENTRY fake_open_adapter(D3D12DDIARG_OPENADAPTER_0124 *args);
void *test_alloc(SIZE_T size);

/* Checks the pointers and values the driver's last entry received, in order. */
#define check_seen(...) check_seen_(__LINE__, __VA_ARGS__)
void check_seen_(int line, unsigned int count, ...);

HRESULT harness_fill(struct harness *h, D3D12DDI_TABLE_TYPE type, void *table, SIZE_T size, UINT num);
void harness_open(struct harness *h, const struct ddi_spy_masks *masks);
void harness_close(struct harness *h);
D3D12DDI_HCOMMANDLIST harness_list(struct harness *h);
D3D12DDI_HRESOURCE harness_buffer(struct harness *h, D3D12DDI_HHEAP *heap_out);
/* The spy logged a call of name whose arguments contain substring. */
bool log_has(struct ddi_spy *spy, const char *name, const char *substring);

#endif
