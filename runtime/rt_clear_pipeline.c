/* The device's clear pipelines (rt_clear_pipeline.h). */
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "rt_clear_pipeline.h"
#include "rt_shaders.h"
#include "fb_bound.h"

struct rt_clear_pipeline
{
    atomic_uint refcount;
    struct rt_clear_pipeline_ops ops;
    struct fb_bound_pipeline_key key;
    D3D12DDI_HPIPELINESTATE handle;
    UINT64 last_use;                 /* the cache's clock at the last get */
    UINT64 last_call;                /* the call that last took it */
};

struct rt_clear_pipeline_cache
{
    mtx_t mutex;
    struct rt_clear_pipeline_ops ops;
    UINT capacity, count;
    struct rt_clear_pipeline **entries;
    UINT64 clock;
    atomic_uint_fast64_t next_call;
    struct rt_clear_pipeline_stats stats;
};

/* ---- The cache ---------------------------------------------------------------------- */

struct rt_clear_pipeline_cache *rt_clear_pipeline_cache_create(const struct rt_clear_pipeline_ops *ops,
                                                               UINT capacity)
{
    struct rt_clear_pipeline_cache *cache;

    if (!(cache = calloc(1, sizeof(*cache))))
        return NULL;
    if (!(cache->entries = calloc(capacity, sizeof(*cache->entries)))
            || mtx_init(&cache->mutex, mtx_plain) != thrd_success)
    {
        free(cache->entries);
        free(cache);
        return NULL;
    }
    cache->ops = *ops;
    cache->capacity = capacity;
    atomic_init(&cache->next_call, 1);
    return cache;
}

void rt_clear_pipeline_cache_destroy(struct rt_clear_pipeline_cache *cache)
{
    UINT i;

    if (!cache)
        return;
    for (i = 0; i < cache->count; ++i)
        rt_clear_pipeline_release(cache->entries[i]);
    mtx_destroy(&cache->mutex);
    free(cache->entries);
    free(cache);
}

UINT64 rt_clear_pipeline_cache_begin_call(struct rt_clear_pipeline_cache *cache)
{
    return atomic_fetch_add(&cache->next_call, 1);
}

/* The least recently used entry the call has not taken; the cache holds at least one
 * entry the call did not take whenever it is full and the call needs a new one, as a
 * call takes fewer pipelines than the budget. */
static UINT rt_clear_pipeline_victim(const struct rt_clear_pipeline_cache *cache, UINT64 call)
{
    UINT i, victim = UINT32_MAX;

    for (i = 0; i < cache->count; ++i)
    {
        if (cache->entries[i]->last_call == call)
            continue;
        if (victim == UINT32_MAX || cache->entries[i]->last_use < cache->entries[victim]->last_use)
            victim = i;
    }
    return victim;
}

HRESULT rt_clear_pipeline_cache_get(struct rt_clear_pipeline_cache *cache, const struct fb_bound_pipeline_key *key,
                                    UINT64 call, struct rt_clear_pipeline **out)
{
    struct rt_clear_pipeline *pipeline = NULL, *evicted = NULL;
    HRESULT hr = S_OK;
    UINT i, victim;

    *out = NULL;
    mtx_lock(&cache->mutex);
    for (i = 0; i < cache->count && !pipeline; ++i)
    {
        if (!memcmp(&cache->entries[i]->key, key, sizeof(*key)))
            pipeline = cache->entries[i];
    }
    if (pipeline)
    {
        ++cache->stats.hits;
    }
    else if (!(pipeline = calloc(1, sizeof(*pipeline))))
    {
        hr = E_OUTOFMEMORY;
    }
    else if (FAILED(hr = cache->ops.create(cache->ops.context, key, &pipeline->handle)))
    {
        free(pipeline);
        pipeline = NULL;
    }
    else
    {
        ++cache->stats.misses;
        atomic_init(&pipeline->refcount, 1);
        pipeline->ops = cache->ops;
        pipeline->key = *key;
        if (cache->count == cache->capacity && (victim = rt_clear_pipeline_victim(cache, call)) != UINT32_MAX)
        {
            evicted = cache->entries[victim];
            cache->entries[victim] = cache->entries[--cache->count];
            ++cache->stats.evictions;
        }
        if (cache->count < cache->capacity)
        {
            cache->entries[cache->count++] = pipeline;
        }
        else
        {
            /* Every entry is the call's own (a budget below one call's needs): used
             * once, held by the caller alone. */
            atomic_store(&pipeline->refcount, 0);
        }
    }
    if (pipeline)
    {
        pipeline->last_use = ++cache->clock;
        pipeline->last_call = call;
        atomic_fetch_add(&pipeline->refcount, 1);
    }
    mtx_unlock(&cache->mutex);
    if (evicted)
        rt_clear_pipeline_release(evicted);
    *out = pipeline;
    return hr;
}

void rt_clear_pipeline_cache_stats(struct rt_clear_pipeline_cache *cache, struct rt_clear_pipeline_stats *stats)
{
    mtx_lock(&cache->mutex);
    *stats = cache->stats;
    stats->count = cache->count;
    mtx_unlock(&cache->mutex);
}

D3D12DDI_HPIPELINESTATE rt_clear_pipeline_handle(const struct rt_clear_pipeline *pipeline)
{
    return pipeline->handle;
}

void rt_clear_pipeline_add_ref(struct rt_clear_pipeline *pipeline)
{
    atomic_fetch_add(&pipeline->refcount, 1);
}

void rt_clear_pipeline_release(struct rt_clear_pipeline *pipeline)
{
    if (atomic_fetch_sub(&pipeline->refcount, 1) != 1)
        return;
    pipeline->ops.destroy(pipeline->ops.context, pipeline->handle);
    free(pipeline);
}

/* ---- The device's root signature and pipelines --------------------------------------- */

struct rt_clear_pipelines_impl
{
    struct rt_clear_pipelines public;
    struct rt_device *device;
    void *root_signature_memory;
};

/* Marks a device whose driver cannot run the clear shaders: tried once, never again. */
static struct rt_clear_pipelines_impl rt_clear_pipelines_unavailable;

static void rt_clear_shader(D3D12_SHADER_BYTECODE *shader, const void *code, SIZE_T size)
{
    shader->pShaderBytecode = code;
    shader->BytecodeLength = size;
}

static void rt_clear_pipeline_desc(const struct fb_bound_pipeline_key *key, D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc)
{
    D3D12_DEPTH_STENCILOP_DESC *faces[2];
    UINT i;

    memset(desc, 0, sizeof(*desc));
    rt_clear_shader(&desc->VS, rt_shader_fullscreen_vs, sizeof(rt_shader_fullscreen_vs));
    if (key->slot == FB_BOUND_SLOT_DEPTH_STENCIL)
        rt_clear_shader(&desc->PS, rt_shader_clear_ps_depth, sizeof(rt_shader_clear_ps_depth));
    else if (key->output_class == FB_BOUND_OUTPUT_UINT)
        rt_clear_shader(&desc->PS, rt_shader_clear_ps_uint, sizeof(rt_shader_clear_ps_uint));
    else if (key->output_class == FB_BOUND_OUTPUT_SINT)
        rt_clear_shader(&desc->PS, rt_shader_clear_ps_sint, sizeof(rt_shader_clear_ps_sint));
    else
        rt_clear_shader(&desc->PS, rt_shader_clear_ps_float, sizeof(rt_shader_clear_ps_float));
    /* Only the cleared slot is written; the others keep every channel. */
    desc->BlendState.IndependentBlendEnable = TRUE;
    for (i = 0; i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        desc->BlendState.RenderTarget[i].SrcBlend = desc->BlendState.RenderTarget[i].SrcBlendAlpha = D3D12_BLEND_ONE;
        desc->BlendState.RenderTarget[i].DestBlend = desc->BlendState.RenderTarget[i].DestBlendAlpha
                = D3D12_BLEND_ZERO;
        desc->BlendState.RenderTarget[i].BlendOp = desc->BlendState.RenderTarget[i].BlendOpAlpha = D3D12_BLEND_OP_ADD;
        desc->BlendState.RenderTarget[i].LogicOp = D3D12_LOGIC_OP_NOOP;
        desc->BlendState.RenderTarget[i].RenderTargetWriteMask = i == key->slot ? D3D12_COLOR_WRITE_ENABLE_ALL : 0;
        desc->RTVFormats[i] = key->rt_formats[i];
    }
    desc->SampleMask = UINT32_MAX;
    desc->RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    desc->RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
    desc->RasterizerState.DepthClipEnable = TRUE;
    /* Depth through SV_Depth (clamped to the viewport's 0..1), stencil by REPLACE with
     * the reference; a plane not cleared is neither tested nor written. */
    desc->DepthStencilState.DepthEnable = !!(key->ds_flags & D3D12DDI_CLEAR_FLAG_DEPTH);
    desc->DepthStencilState.DepthWriteMask = desc->DepthStencilState.DepthEnable ? D3D12_DEPTH_WRITE_MASK_ALL
            : D3D12_DEPTH_WRITE_MASK_ZERO;
    desc->DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_ALWAYS;
    desc->DepthStencilState.StencilEnable = !!(key->ds_flags & D3D12DDI_CLEAR_FLAG_STENCIL);
    desc->DepthStencilState.StencilReadMask = desc->DepthStencilState.StencilWriteMask = 0xff;
    faces[0] = &desc->DepthStencilState.FrontFace;
    faces[1] = &desc->DepthStencilState.BackFace;
    for (i = 0; i < 2; ++i)
    {
        faces[i]->StencilFailOp = faces[i]->StencilDepthFailOp = faces[i]->StencilPassOp = D3D12_STENCIL_OP_REPLACE;
        faces[i]->StencilFunc = D3D12_COMPARISON_FUNC_ALWAYS;
    }
    desc->PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    desc->NumRenderTargets = key->rt_count;
    desc->DSVFormat = key->dsv_format;
    desc->SampleDesc.Count = key->sample_count;
    desc->SampleDesc.Quality = key->sample_quality;
    desc->NodeMask = 1;
}

static HRESULT rt_clear_pipeline_create_driver(void *context, const struct fb_bound_pipeline_key *key,
                                               D3D12DDI_HPIPELINESTATE *pipeline)
{
    struct rt_clear_pipelines_impl *impl = context;
    struct rt_device *device = impl->device;
    D3D12DDIARG_CREATE_PIPELINE_STATE_0124 args = {0};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    HRESULT hr;

    rt_clear_pipeline_desc(key, &desc);
    args.Type = D3D12DDI_PIPELINE_STATE_TYPE_GRAPHICS;
    args.hRootSignature = impl->public.root_signature;
    args.pGraphics = &desc;
    if (!(pipeline->pDrvPrivate
            = rt_device_alloc_driver_object(device->ddi.pfnCalcPrivatePipelineStateSize(device->hdrv, &args))))
        return E_OUTOFMEMORY;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCreatePipelineState(device->hdrv, &args, *pipeline);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("The driver refused a clear pipeline (0x%08x).", (unsigned int)hr);
        free(pipeline->pDrvPrivate);
    }
    return hr;
}

static void rt_clear_pipeline_destroy_driver(void *context, D3D12DDI_HPIPELINESTATE pipeline)
{
    struct rt_device *device = ((struct rt_clear_pipelines_impl *)context)->device;

    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyPipelineState(device->hdrv, pipeline);
    rt_device_ddi_unlock(device);
    free(pipeline.pDrvPrivate);
}

static HRESULT rt_clear_root_signature_create(struct rt_device *device, struct rt_clear_pipelines_impl *impl)
{
    D3D12_ROOT_PARAMETER1 parameter = {0};
    D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 args;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    HRESULT hr;

    parameter.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    parameter.Constants.Num32BitValues = FB_BOUND_ROOT_CONSTANTS;
    parameter.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = 1;
    desc.Desc_1_1.pParameters = &parameter;
    args.pRootSignature = &desc;
    args.NodeMask = 1;
    if (!(impl->root_signature_memory
            = rt_device_alloc_driver_object(device->ddi.pfnCalcPrivateRootSignatureSize(device->hdrv, &args))))
        return E_OUTOFMEMORY;
    impl->public.root_signature.pDrvPrivate = impl->root_signature_memory;
    rt_device_ddi_lock(device);
    hr = device->ddi.pfnCreateRootSignature(device->hdrv, &args, impl->public.root_signature);
    rt_device_ddi_unlock(device);
    return hr;
}

static bool rt_clear_pipelines_supported(const struct rt_device *device)
{
    const D3D12DDI_COMMAND_LIST_FUNCS_3D_0124 *ddi = &device->ddi_cmdlist;

    return device->options.DXBCSupported && device->ddi.pfnCreateRootSignature && device->ddi.pfnCreatePipelineState
            && ddi->pfnDrawInstanced && ddi->pfnSetGraphicsRootSignature && ddi->pfnSetGraphicsRoot32BitConstants
            && ddi->pfnSetPipelineState && ddi->pfnIASetPrimitiveTopology && ddi->pfnRSSetViewports
            && ddi->pfnRSSetScissorRects && ddi->pfnOMSetStencilRef;
}

static void rt_clear_pipelines_free(struct rt_device *device, struct rt_clear_pipelines_impl *impl)
{
    rt_clear_pipeline_cache_destroy(impl->public.cache);
    if (impl->public.root_signature.pDrvPrivate)
    {
        rt_device_ddi_lock(device);
        device->ddi.pfnDestroyRootSignature(device->hdrv, impl->public.root_signature);
        rt_device_ddi_unlock(device);
    }
    free(impl->root_signature_memory);
    free(impl);
}

static struct rt_clear_pipelines_impl *rt_clear_pipelines_create(struct rt_device *device)
{
    struct rt_clear_pipeline_ops ops;
    struct rt_clear_pipelines_impl *impl;
    HRESULT hr;

    if (!rt_clear_pipelines_supported(device))
        return &rt_clear_pipelines_unavailable;
    if (!(impl = calloc(1, sizeof(*impl))))
        return NULL;
    impl->device = device;
    ops.context = impl;
    ops.create = rt_clear_pipeline_create_driver;
    ops.destroy = rt_clear_pipeline_destroy_driver;
    if (FAILED(hr = rt_clear_root_signature_create(device, impl)))
    {
        impl->public.root_signature.pDrvPrivate = NULL;
        rt_clear_pipelines_free(device, impl);
        if (hr == E_OUTOFMEMORY)
            return NULL;
        RT_WARN("The driver refused the clear root signature (0x%08x); bound clears draw nothing.",
                (unsigned int)hr);
        return &rt_clear_pipelines_unavailable;
    }
    if (!(impl->public.cache = rt_clear_pipeline_cache_create(&ops, RT_CLEAR_PIPELINE_BUDGET)))
    {
        rt_clear_pipelines_free(device, impl);
        return NULL;
    }
    return impl;
}

HRESULT rt_device_clear_pipelines(struct rt_device *device, const struct rt_clear_pipelines **pipelines)
{
    struct rt_clear_pipelines_impl *impl = atomic_load(&device->clear_pipelines), *expected = NULL;

    *pipelines = NULL;
    if (!impl)
    {
        if (!(impl = rt_clear_pipelines_create(device)))
            return E_OUTOFMEMORY;
        /* Lists of several threads may get here together: one wins. */
        if (!atomic_compare_exchange_strong(&device->clear_pipelines, &expected, impl))
        {
            if (impl != &rt_clear_pipelines_unavailable)
                rt_clear_pipelines_free(device, impl);
            impl = expected;
        }
    }
    if (impl != &rt_clear_pipelines_unavailable)
        *pipelines = &impl->public;
    return S_OK;
}

void rt_clear_pipelines_destroy(struct rt_device *device)
{
    struct rt_clear_pipelines_impl *impl = atomic_load(&device->clear_pipelines);

    if (impl && impl != &rt_clear_pipelines_unavailable)
        rt_clear_pipelines_free(device, impl);
}
