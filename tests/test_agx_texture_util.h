/* Shared helpers of the texture unit tests: real resources of the agx_umd driver,
 * texel bytes written through the GPU memory port, and views built by hand. */
#ifndef TEST_AGX_TEXTURE_UTIL_H
#define TEST_AGX_TEXTURE_UTIL_H

#include <check.h>
#include <math.h>
#include <string.h>

#include "agx_umd_harness.h"
#include "agx_mem.h"
#include "agx_resource.h"
#include "agx_shader.h"
#include "ddi_layout.h"

struct tex
{
    struct test_device t;
    struct test_resource r;
    struct agx_resource *res;
    struct agx_backend *backend;
};

static inline void tex_create(struct tex *x, const D3D12_RESOURCE_DESC1 *desc)
{
    device_init(&x->t);
    x->r = create_texture(&x->t, desc);
    x->res = agx_resource_from_handle(x->r.resource);
    x->backend = x->res->device->backend;
}

/* Another texture on the device of `first` (one backend: a batch reaches both). */
static inline void tex_create_beside(struct tex *x, const struct tex *first, const D3D12_RESOURCE_DESC1 *desc)
{
    x->t = first->t;
    x->r = create_texture(&x->t, desc);
    x->res = agx_resource_from_handle(x->r.resource);
    x->backend = x->res->device->backend;
}

/* A texture of tex_create_beside, before the first one is destroyed. */
static inline void tex_destroy_beside(struct tex *x)
{
    destroy_resource(&x->t, &x->r);
}

static inline void tex_destroy(struct tex *x)
{
    tex_destroy_beside(x);
    device_finish(&x->t);
}

/* The GPU address of texel (x, y, z), sample `sample`, of a subresource. */
static inline uint64_t tex_texel_va(const struct tex *x, UINT mip, UINT slice, UINT plane, uint32_t px,
                                    uint32_t py, uint32_t pz, uint32_t sample)
{
    const struct agx_layout *l = &x->res->layout;
    struct agx_layout_subresource sub;
    uint32_t run;

    ck_assert(agx_layout_get_subresource(l, ddi_subresource_index(mip, slice, plane, l->mip_levels, l->array_size),
                                         &sub));
    return x->res->va + agx_layout_element_offset(l, &sub, px, py, pz, &run) + agx_layout_sample_offset(&sub, sample);
}

static inline void tex_put(const struct tex *x, UINT mip, UINT slice, UINT plane, uint32_t px, uint32_t py,
                           uint32_t pz, uint32_t sample, const void *bytes, size_t size)
{
    agx_mem_write(x->backend, tex_texel_va(x, mip, slice, plane, px, py, pz, sample), bytes, size);
}

static inline void tex_get(const struct tex *x, UINT mip, UINT slice, UINT plane, uint32_t px, uint32_t py,
                           uint32_t pz, void *bytes, size_t size)
{
    agx_mem_read(x->backend, tex_texel_va(x, mip, slice, plane, px, py, pz, 0), bytes, size);
}

/* A texture view of the whole resource. */
static inline struct agx_shader_view tex_view(const struct tex *x, enum agx_shader_dim dim, DXGI_FORMAT format)
{
    struct agx_shader_view v;

    memset(&v, 0, sizeof(v));
    v.kind = AGX_SHADER_VIEW_TEXTURE;
    v.dim = dim;
    v.format = format;
    v.resource = x->res;
    v.mip_count = x->res->layout.mip_levels;
    v.slice_count = dim == AGX_SHADER_DIM_TEXTURE3D ? UINT32_MAX : x->res->layout.array_size;
    return v;
}

static inline float bits_f(uint32_t b)
{
    float f;

    memcpy(&f, &b, sizeof(f));
    return f;
}

static inline uint32_t f_bits(float f)
{
    uint32_t b;

    memcpy(&b, &f, sizeof(b));
    return b;
}

#define assert_f(bits, expected) ck_assert_msg(fabsf(bits_f(bits) - (float)(expected)) <= 1e-6f, \
        "%s: got %.9g, expected %.9g", #bits, bits_f(bits), (double)(expected))

#endif
