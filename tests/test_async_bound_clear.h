/*
 * Helpers the bound-clear device tests share (test_async_bound_clear.c, _routes.c):
 * SIZE x SIZE targets, descriptor heaps, subresources read back packed, and texels of
 * an expected copy set by hand.
 */
#ifndef TEST_ASYNC_BOUND_CLEAR_H
#define TEST_ASYNC_BOUND_CLEAR_H

#include "test_async.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define SIZE 8u

/* A SIZE x SIZE 2D texture (slices, one sample) in COMMON. */
ID3D12Resource *target(struct test_context *t, DXGI_FORMAT format, UINT slices, D3D12_RESOURCE_FLAGS flags);
/* The same, poisoned with the seed's pattern, and its subresource 0 read back into
 * *before (malloc'd). */
ID3D12Resource *poisoned_target(struct test_context *t, DXGI_FORMAT format, UINT slices, D3D12_RESOURCE_FLAGS flags,
                                unsigned int seed, unsigned char **before);
/* A CPU descriptor heap of count descriptors and its first handle. */
ID3D12DescriptorHeap *heap(struct test_context *t, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count,
                           D3D12_CPU_DESCRIPTOR_HANDLE *start);
D3D12_CPU_DESCRIPTOR_HANDLE handle_at(struct test_context *t, D3D12_CPU_DESCRIPTOR_HANDLE start,
                                      D3D12_DESCRIPTOR_HEAP_TYPE type, UINT index);
/* A subresource's packed bytes, read back (malloc'd); *size may be NULL. */
unsigned char *read_sub(struct test_context *t, ID3D12Resource *texture, UINT sub, size_t *size);
/* Sets texels [x0, x1) x [y0, y1) of a packed SIZE-wide subresource to the element. */
void set_texels(unsigned char *bytes, const void *element, size_t element_size, UINT x0, UINT y0, UINT x1, UINT y1);
/* The subresource read back equals expected, byte for byte. */
#define check_sub(t, texture, sub, expected) check_sub_(__LINE__, t, texture, sub, expected)
void check_sub_(unsigned int line, struct test_context *t, ID3D12Resource *texture, UINT sub,
                const unsigned char *expected);

/* The D24 depth plane read back: the low three bytes of each 4-byte texel equal
 * expected's (the X byte is undefined). */
#define check_depth24(t, texture, expected) check_depth24_(__LINE__, t, texture, expected)
void check_depth24_(unsigned int line, struct test_context *t, ID3D12Resource *texture,
                    const unsigned char *expected);

/* Calls of the driver entry name since async_spy_clear whose logged arguments contain
 * substring. */
size_t spy_count_with(const struct async_ctx *ctx, const char *name, const char *substring);

#endif
