/*
 * What the benches share: one device per implementation with its queue,
 * allocator, list and fence, created under the configuration file that forces the
 * fallback (or none) and an optional DDI spy, with its Async Impl and UMA checked;
 * frames (Reset, Close, execute, fence wait); buffers; wall time and medians. Every
 * failure prints the bench's name and exits, so a broken path stops the bench.
 */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#define COBJMACROS
#include <d3d12rt/d3d12.h>

#include "ddi_spy.h"

#include <stdbool.h>

struct bench_context
{
    ID3D12Device *device;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12GraphicsCommandList12 *list12;
    ID3D12Fence *fence;
    UINT64 fence_value;
    struct ddi_spy *spy;           /* NULL when created without one */
};

/* How one implementation's device is created and what it must report. */
struct bench_context_desc
{
    const char *name;              /* the implementation, for messages */
    bool force_fallback;           /* under the configuration file that forces it */
    const struct ddi_spy_masks *spy_masks; /* NULL: no spy */
    bool spy_quiet;                /* the spy records nothing until the bench asks */
    bool check_impl;               /* Impl must be `impl` */
    D3D12_ASYNC_COMMANDS_IMPL impl;
    bool discrete;                 /* the device must report UMA false */
};

/* Names the bench in messages and writes the configuration file (removed at exit). */
void bench_init(const char *program);
void bench_fail(const char *format, ...) __attribute__((format(printf, 1, 2), noreturn));
void bench_check_hr(HRESULT hr, const char *what);

double bench_now_ms(void);
/* Sorts the samples. */
double bench_median(double *samples, unsigned int count);

ID3D12Resource *bench_create_buffer(ID3D12Device *device, D3D12_HEAP_TYPE type, UINT64 size,
                                    D3D12_RESOURCE_FLAGS flags, D3D12_RESOURCE_STATES state);

/* A committed R8G8B8A8_UNORM 2D texture of one mip in a DEFAULT heap, in COMMON. */
ID3D12Resource *bench_create_texture(ID3D12Device *device, UINT width, UINT height, UINT samples,
                                     D3D12_RESOURCE_FLAGS flags);

void bench_context_create(struct bench_context *b, const struct bench_context_desc *desc);
void bench_context_destroy(struct bench_context *b);
/* Allocator and list Reset. */
void bench_begin(struct bench_context *b);
/* Close, execute, signal and wait. */
void bench_submit_and_wait(struct bench_context *b);

#endif
