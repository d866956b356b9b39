/*
 * Helpers the ClearTextureSubresources device tests share
 * (test_async_clear_texture.c, _msaa.c, _cache.c): textures of any
 * sample count, app barriers that make a layout known to the list, and MSAA contents
 * read back through MIN and MAX resolves (equal results mean every sample of a pixel
 * holds the same bytes).
 */
#ifndef TEST_ASYNC_CLEAR_TEXTURE_H
#define TEST_ASYNC_CLEAR_TEXTURE_H

#include "test_async.h"

/* A committed 2D texture (array) in COMMON. */
ID3D12Resource *clear_texture_2d(struct test_context *t, DXGI_FORMAT format, UINT width, UINT height, UINT slices,
                                 UINT samples, D3D12_RESOURCE_FLAGS flags);

/* Packed bytes of a single-sample subresource (malloc'd) and its layout. */
unsigned char *read_subresource(struct test_context *t, ID3D12Resource *texture, UINT sub,
                                struct test_subresource_layout *layout);

/* Every pixel of the packed `data` (layout of one 2D subresource) inside `rect` (NULL:
 * all) holds `element`; outside it, the same bytes as `outside` (NULL: not checked). */
#define check_pixels(data, outside, layout, element, size, rect) \
    check_pixels_(__LINE__, data, outside, layout, element, size, rect)
void check_pixels_(unsigned int line, const unsigned char *data, const unsigned char *outside,
                   const struct test_subresource_layout *layout, const unsigned char *element, size_t size,
                   const D3D12_RECT *rect);

/* An enhanced barrier on every subresource in the copy scope, `before` to `after`. */
void app_barrier(struct test_context *t, ID3D12Resource *resource, D3D12_BARRIER_LAYOUT before,
                 D3D12_BARRIER_LAYOUT after);

/* A legacy clear of every subresource of an MSAA render target (colour) or depth
 * texture (depth, stencil) from COMMON back to COMMON; executes. */
void legacy_clear(struct test_context *t, ID3D12Resource *texture, const float color[4], float depth,
                  UINT8 stencil);

/*
 * Subresource `sub` of an MSAA texture (COMMON) resolved with MIN into a new
 * single-sample texture of its format, read back (malloc'd, the single-sample
 * subresource's packed layout in *layout), and checked equal to the MAX resolve:
 * every sample of each pixel holds the returned bytes.
 */
#define read_msaa(t, texture, sub, layout) read_msaa_(__LINE__, t, texture, sub, layout)
unsigned char *read_msaa_(unsigned int line, struct test_context *t, ID3D12Resource *texture, UINT sub,
                          struct test_subresource_layout *layout);

#endif
