/*
 * Helpers the FillBuffers device tests share (test_async_fill.c,
 * test_async_fill_compute.c): raw fill descs, the bytes a fill is expected to write,
 * poisoned buffers and the barrier that makes a buffer's scope known to the list.
 */
#ifndef TEST_ASYNC_FILL_H
#define TEST_ASYNC_FILL_H

#include "test_async.h"

/* A raw fill: the value's bytes are seed, seed + 17, seed + 34, ... */
D3D12_FILL_BUFFER_DESC raw_fill(ID3D12Resource *buffer, UINT64 offset, UINT size, UINT repeat, UINT8 seed);

/* What a fill writes into `expected` (the buffer's `width` bytes): whole patterns that fit. */
void apply_fill(unsigned char *expected, UINT64 width, UINT64 offset, const UINT8 *pattern, UINT size, UINT repeat);
void apply_fill_desc(unsigned char *expected, UINT64 width, const D3D12_FILL_BUFFER_DESC *desc);

/* Poisons the buffer with seed and returns its bytes (malloc'd). */
unsigned char *poisoned(struct test_context *t, ID3D12Resource *buffer, UINT64 size, unsigned int seed);

/* Reads the first `size` bytes of the buffer back (executes) and checks them equal to
 * `expected`; `what` names the case. */
#define check_buffer(t, buffer, expected, size, what) check_buffer_(__LINE__, t, buffer, expected, size, what)
void check_buffer_(unsigned int line, struct test_context *t, ID3D12Resource *buffer, const unsigned char *expected,
                   size_t size, const char *what);

/* An enhanced barrier into COPY / COPY_DEST: the list now knows the buffer's scope. */
void track_buffer(ID3D12GraphicsCommandList12 *list, ID3D12Resource *buffer);

#endif
