/* The output-merger tests' fixture (test_agx_om.c), shared with test_agx_om_color.c. */
#ifndef TEST_AGX_OM_H
#define TEST_AGX_OM_H

#include <check.h>

#include "agx_umd_harness.h"
#include "agx_exec.h"
#include "agx_mem.h"
#include "agx_om.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* A device, a queue, and staging buffers for the copies that fill and read textures. */
struct om
{
    struct test_device t;
    struct agx_backend *backend;
    struct test_queue q;
    struct test_resource upload, readback;
    unsigned char *up, *down;
    struct test_resource textures[8];     /* destroyed by om_finish */
    unsigned int texture_count;
};

/* A texture and the bytes of one pixel (all samples) of each plane. */
struct tex
{
    struct test_resource r;
    UINT width, height, depth;
    UINT element[2];
};

void om_init(struct om *o);
void om_finish(struct om *o);
/* element0/element1: bytes of one sample of plane 0 / plane 1 (0: no plane 1; a
 * non-zero element1 makes a depth-stencil texture). depth: array size or 3D depth. */
struct tex om_texture(struct om *o, D3D12_RESOURCE_DIMENSION dimension, DXGI_FORMAT format, UINT width,
                      UINT height, UINT16 depth, UINT samples, UINT element0, UINT element1);
/* Whole subresources, pixel after pixel, row after row, slice after slice. */
void om_put(struct om *o, const struct tex *x, UINT sub, UINT plane, const void *data);
void om_get(struct om *o, const struct tex *x, UINT sub, UINT plane, void *data);
/* Every sample of a plane set to one value. */
void om_fill(struct om *o, const struct tex *x, UINT sub, UINT plane, const void *sample, UINT sample_size);

/* Defaults: depth LESS with writes, stencil off (masks 0xff, KEEP, ALWAYS), blending
 * off with every channel written, viewport depth [0, 1]. */
void state_init(struct agx_om_state *s);
void target_init(struct agx_om_target *target, const struct tex *x, DXGI_FORMAT format, UINT slices);
void set_rt(struct agx_om_state *s, unsigned int i, const struct tex *x, DXGI_FORMAT format);
void pixel_init(struct agx_om_pixel *p, uint32_t x, uint32_t y, float depth);
void pixel_color(struct agx_om_pixel *p, unsigned int target, float r, float g, float b, float a);
void pixel_uint(struct agx_om_pixel *p, unsigned int target, uint32_t r, uint32_t g, uint32_t b, uint32_t a);

uint32_t f32_bits(float f);
float f32_from(const unsigned char *b);
uint32_t le32(const unsigned char *b);
void check_bytes(const unsigned char *got, const unsigned char *expected, size_t size, const char *what);

Suite *agx_om_depth_suite(void);
Suite *agx_om_color_suite(void);
Suite *agx_om_query_suite(void);

#endif
