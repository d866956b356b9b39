/*
 * ID3D12PipelineState and the three creation methods: the shaders' containers, the root
 * signature (given, or embedded in a shader), the common members, then the driver.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "rt_device_private.h"
#include "rt_info_queue.h"
#include "rt_pipeline_state.h"
#include "rt_root_signature.h"
#include "rt_shader_container.h"

#define RT_KNOWN_PIPELINE_FLAGS D3D12_PIPELINE_STATE_FLAG_TOOL_DEBUG

HRESULT rt_pipeline_report(struct rt_device *device, const struct rt_pipeline_build *build, HRESULT hr,
                           D3D12_MESSAGE_ID id, const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    hr = rt_info_queue_creation_errorv(device->info_queue, hr, id, build->method, fmt, args);
    va_end(args);
    return hr;
}

/* ---- ID3D12PipelineState ------------------------------------------------------------------ */

static const struct ID3D12PipelineStateVtbl rt_pipeline_state_vtbl;

static inline struct rt_pipeline_state *impl_from_ID3D12PipelineState(ID3D12PipelineState *iface)
{
    return RT_CONTAINING(iface, struct rt_pipeline_state, ID3D12PipelineState_iface);
}

struct rt_pipeline_state *rt_pipeline_state_from_iface(ID3D12PipelineState *iface)
{
    if (!iface || iface->lpVtbl != &rt_pipeline_state_vtbl)
        return NULL;
    return impl_from_ID3D12PipelineState(iface);
}

static HRESULT STDMETHODCALLTYPE rt_pipeline_state_QueryInterface(ID3D12PipelineState *iface, REFIID riid,
        void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12PipelineState) || rt_guid_equal(riid, &IID_ID3D12Pageable)
            || rt_guid_equal(riid, &IID_ID3D12DeviceChild) || rt_guid_equal(riid, &IID_ID3D12Object)
            || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12PipelineState_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_pipeline_state_AddRef(ID3D12PipelineState *iface)
{
    struct rt_pipeline_state *state = impl_from_ID3D12PipelineState(iface);
    unsigned int refcount = atomic_fetch_add(&state->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)state, refcount);
    return refcount;
}

static void pipeline_state_destroy(struct rt_pipeline_state *state)
{
    struct rt_device *device = state->device;

    rt_private_store_destroy(&state->private_store);
    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyPipelineState(device->hdrv, state->hdrv);
    rt_device_ddi_unlock(device);
    free(state->drv_memory);
    /* After the driver object, which may point into the root signature's. */
    rt_root_signature_release_internal_ref(rt_root_signature_from_iface(state->root_signature));
    free(state);
    rt_device_release_internal_ref(device);
}

static void pipeline_state_retired(struct rt_retire_node *node)
{
    pipeline_state_destroy(RT_CONTAINING(node, struct rt_pipeline_state, retire));
}

static ULONG STDMETHODCALLTYPE rt_pipeline_state_Release(ID3D12PipelineState *iface)
{
    struct rt_pipeline_state *state = impl_from_ID3D12PipelineState(iface);
    unsigned int refcount = atomic_fetch_sub(&state->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)state, refcount);
    if (!refcount)
        rt_retire_release(state->device, &state->retire, pipeline_state_retired, "ID3D12PipelineState", state);
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_pipeline_state_GetPrivateData(ID3D12PipelineState *iface, REFGUID guid,
        UINT *data_size, void *data)
{
    struct rt_pipeline_state *state = impl_from_ID3D12PipelineState(iface);

    RT_TRACE("iface %p, guid %s, data_size %p, data %p.", (void *)iface, rt_debugstr_guid(guid),
            (void *)data_size, data);
    return rt_private_store_get(&state->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_pipeline_state_SetPrivateData(ID3D12PipelineState *iface, REFGUID guid,
        UINT data_size, const void *data)
{
    struct rt_pipeline_state *state = impl_from_ID3D12PipelineState(iface);

    RT_TRACE("iface %p, guid %s, data_size %u, data %p.", (void *)iface, rt_debugstr_guid(guid), data_size, data);
    return rt_private_store_set(&state->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_pipeline_state_SetPrivateDataInterface(ID3D12PipelineState *iface,
        REFGUID guid, const IUnknown *data)
{
    struct rt_pipeline_state *state = impl_from_ID3D12PipelineState(iface);

    RT_TRACE("iface %p, guid %s, data %p.", (void *)iface, rt_debugstr_guid(guid), (void *)data);
    return rt_private_store_set_interface(&state->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_pipeline_state_SetName(ID3D12PipelineState *iface, LPCWSTR name)
{
    struct rt_pipeline_state *state = impl_from_ID3D12PipelineState(iface);

    RT_TRACE("iface %p, name %s.", (void *)iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&state->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_pipeline_state_GetDevice(ID3D12PipelineState *iface, REFIID riid,
        void **device)
{
    struct rt_pipeline_state *state = impl_from_ID3D12PipelineState(iface);

    RT_TRACE("iface %p, riid %s, device %p.", (void *)iface, rt_debugstr_guid(riid), (void *)device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device16_QueryInterface(&state->device->ID3D12Device_iface, riid, device);
}

static HRESULT STDMETHODCALLTYPE rt_pipeline_state_GetCachedBlob(ID3D12PipelineState *iface, ID3DBlob **blob)
{
    RT_TRACE("iface %p, blob %p.", (void *)iface, (void *)blob);

    if (!blob)
        return E_INVALIDARG;
    *blob = NULL;
    /* D3D12_FEATURE_SHADER_CACHE reports no D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO, and the
     * DDI has no entry to serialize a driver pipeline. */
    RT_WARN("Cached pipeline blobs are not supported by this device.");
    return DXGI_ERROR_UNSUPPORTED;
}

static const struct ID3D12PipelineStateVtbl rt_pipeline_state_vtbl =
{
    /* IUnknown methods */
    rt_pipeline_state_QueryInterface,
    rt_pipeline_state_AddRef,
    rt_pipeline_state_Release,
    /* ID3D12Object methods */
    rt_pipeline_state_GetPrivateData,
    rt_pipeline_state_SetPrivateData,
    rt_pipeline_state_SetPrivateDataInterface,
    rt_pipeline_state_SetName,
    /* ID3D12DeviceChild methods */
    rt_pipeline_state_GetDevice,
    /* ID3D12PipelineState methods */
    rt_pipeline_state_GetCachedBlob,
};

/* ---- Shaders --------------------------------------------------------------------------- */

struct rt_pipeline_stage
{
    const char *name;                /* the description's member */
    unsigned int type;               /* enum rt_shader_type its container must hold */
    D3D12_MESSAGE_ID id;
    const D3D12_SHADER_BYTECODE *code;
    struct rt_shader_container container;
    bool present;
};

/* The container of one stage: absent (no bytes), or valid and runnable by this device. */
static HRESULT check_stage(struct rt_device *device, const struct rt_pipeline_build *build,
                           struct rt_pipeline_stage *stage)
{
    char why[256];

    stage->present = stage->code->BytecodeLength != 0;
    if (!stage->present)
        return S_OK;
    if (!stage->code->pShaderBytecode)
        return rt_pipeline_report(device, build, E_INVALIDARG, stage->id, "%s has %zu bytes but a NULL pointer",
                                  stage->name, (size_t)stage->code->BytecodeLength);
    if (FAILED(rt_shader_container_parse(stage->code->pShaderBytecode, stage->code->BytecodeLength,
                                         &stage->container, why, sizeof(why))))
        return rt_pipeline_report(device, build, E_INVALIDARG, stage->id, "%s: %s", stage->name, why);
    if (stage->container.type != stage->type)
        return rt_pipeline_report(device, build, E_INVALIDARG, stage->id, "%s holds a %s, not a %s", stage->name,
                                  rt_shader_type_name(stage->container.type), rt_shader_type_name(stage->type));
    /* Only DXIL compilers leave a container unsigned; D3D12 runs those only with the
     * experimental shader models enabled. */
    if (!stage->container.is_signed && (!stage->container.dxil
            || !(device->startup.experimental_features & RT_EXPERIMENTAL_SHADER_MODELS)))
        return rt_pipeline_report(device, build, E_INVALIDARG, stage->id, "%s is unsigned (its checksum is zero)%s",
                                  stage->name, stage->container.dxil
                                  ? "; enable D3D12ExperimentalShaderModels to run unsigned DXIL" : "");
    return S_OK;
}

/*
 * Whether the driver runs every stage's program: DXIL needs DXILSupported. Checked after
 * the root signature, so that a DXIL container's embedded RTS0 is read and refused as a
 * DXBC one's is; on success *root_signature is kept, on failure released.
 */
static HRESULT check_runnable(struct rt_device *device, const struct rt_pipeline_build *build,
                              const struct rt_pipeline_stage *stages, unsigned int stage_count,
                              ID3D12RootSignature *root_signature)
{
    unsigned int i;

    for (i = 0; i < stage_count; ++i)
    {
        if (!stages[i].present || !stages[i].container.dxil || device->options.DXILSupported)
            continue;
        ID3D12RootSignature_Release(root_signature);
        return rt_pipeline_report(device, build, E_INVALIDARG, stages[i].id, "%s is DXIL (shader model %u.%u); the "
                                  "device's driver runs DXBC only (DXILSupported FALSE, highest shader model 5.1)",
                                  stages[i].name, stages[i].container.major, stages[i].container.minor);
    }
    return S_OK;
}

/*
 * The root signature: the one given (which must be this device's), else the one the
 * shaders embed (every stage that embeds one must embed the same bytes). Returns a new
 * reference.
 */
static HRESULT resolve_root_signature(struct rt_device *device, const struct rt_pipeline_build *build,
                                      ID3D12RootSignature *given, const struct rt_pipeline_stage *stages,
                                      unsigned int stage_count, D3D12_MESSAGE_ID missing_id,
                                      ID3D12RootSignature **out)
{
    const struct rt_pipeline_stage *source = NULL;
    struct rt_root_signature *root;
    unsigned int i;
    HRESULT hr;

    *out = NULL;
    if (given)
    {
        if (!(root = rt_root_signature_from_iface(given)) || root->device != device)
            return rt_pipeline_report(device, build, E_INVALIDARG, missing_id,
                                      "root signature %p is not one of this device", (void *)given);
        ID3D12RootSignature_AddRef(given);
        *out = given;
        return S_OK;
    }
    for (i = 0; i < stage_count; ++i)
    {
        const struct rt_shader_container *container = &stages[i].container;

        if (!stages[i].present || !container->root_signature)
            continue;
        if (!source)
        {
            source = &stages[i];
            continue;
        }
        if (container->root_signature_size != source->container.root_signature_size
                || memcmp(container->root_signature, source->container.root_signature,
                          container->root_signature_size))
            return rt_pipeline_report(device, build, E_INVALIDARG, missing_id,
                                      "%s and %s embed different root signatures", source->name, stages[i].name);
    }
    if (!source)
        return rt_pipeline_report(device, build, E_INVALIDARG, missing_id,
                                  "no root signature: pRootSignature is NULL and no shader embeds one");
    hr = rt_device_CreateRootSignature(&device->ID3D12Device_iface, 0, source->container.root_signature,
                                       source->container.root_signature_size, &IID_ID3D12RootSignature,
                                       (void **)out);
    if (FAILED(hr))
        return rt_pipeline_report(device, build, hr, missing_id, "the root signature embedded in %s is invalid",
                                  source->name);
    return S_OK;
}

/* ---- Creation ------------------------------------------------------------------------ */

static HRESULT check_common(struct rt_device *device, const struct rt_pipeline_build *build, UINT node_mask,
                            const D3D12_CACHED_PIPELINE_STATE *cached, D3D12_PIPELINE_STATE_FLAGS flags)
{
    if (flags & ~RT_KNOWN_PIPELINE_FLAGS)
        return rt_pipeline_report(device, build, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_FLAGS,
                                  "unknown flags %#x", flags & ~RT_KNOWN_PIPELINE_FLAGS);
    if (node_mask > 1)
        return rt_pipeline_report(device, build, E_INVALIDARG, rt_node_mask_message_id(node_mask),
                                  "invalid node mask %#x (one node)", node_mask);
    if (cached->CachedBlobSizeInBytes && !cached->pCachedBlob)
        return rt_pipeline_report(device, build, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALIDCACHEDBLOB,
                                  "a %zu-byte cached blob with a NULL pointer", (size_t)cached->CachedBlobSizeInBytes);
    return S_OK;
}

/* This device never hands out cached blobs (GetCachedBlob), so a non-empty one cannot be
 * its own: the application recompiles without it. */
static HRESULT check_cached_blob(struct rt_device *device, const struct rt_pipeline_build *build,
                                 const D3D12_CACHED_PIPELINE_STATE *cached)
{
    if (!cached->CachedBlobSizeInBytes)
        return S_OK;
    return rt_pipeline_report(device, build, D3D12_ERROR_DRIVER_VERSION_MISMATCH,
                              D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBDRIVERVERSIONMISMATCH,
                              "the cached blob was not produced by this device, which caches no pipelines");
}

static void fill_info(const struct rt_pipeline_build *build, struct rt_pipeline_info *info)
{
    const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc = &build->graphics;

    memset(info, 0, sizeof(*info));
    info->compute = build->compute;
    info->sample_desc.Count = 1;
    if (build->compute)
        return;
    info->rtv_count = desc->NumRenderTargets;
    memcpy(info->rtv_formats, desc->RTVFormats, sizeof(info->rtv_formats));
    info->dsv_format = desc->DSVFormat;
    info->sample_desc = desc->SampleDesc;
    info->sample_mask = desc->SampleMask;
    info->topology_type = desc->PrimitiveTopologyType;
    info->strip_cut = desc->IBStripCutValue;
}

/* The driver's refusal, with the reason D3D12 gives for stages a driver cannot run. */
static HRESULT report_driver_failure(struct rt_device *device, const struct rt_pipeline_build *build, HRESULT hr)
{
    const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc = &build->graphics;

    if (!build->compute && (desc->HS.BytecodeLength || desc->DS.BytecodeLength || desc->GS.BytecodeLength
            || desc->StreamOutput.NumEntries))
        return rt_pipeline_report(device, build, hr, RT_MESSAGE_ID_NONE_DRIVER_FAILURE,
                                  "the device's driver cannot run "
                                  "hull/domain/geometry shaders or stream output (it refused the pipeline, hr %#x)",
                                  (unsigned int)hr);
    return rt_pipeline_report(device, build, hr, RT_MESSAGE_ID_NONE_DRIVER_FAILURE,
                              "the driver refused the pipeline, hr %#x",
                              (unsigned int)hr);
}

static HRESULT create_driver_pipeline(struct rt_device *device, struct rt_pipeline_build *build,
                                      ID3D12RootSignature *root_signature, REFIID riid, void **out)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics = build->graphics;
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute = build->compute_desc;
    D3D12DDIARG_CREATE_PIPELINE_STATE_0124 args;
    struct rt_pipeline_state *state;
    SIZE_T size;
    HRESULT hr;

    if (!device->ddi.pfnCalcPrivatePipelineStateSize || !device->ddi.pfnCreatePipelineState
            || !device->ddi.pfnDestroyPipelineState)
        return rt_pipeline_report(device, build, E_NOTIMPL, RT_MESSAGE_ID_NONE_DRIVER_FAILURE,
                                  "the driver cannot create pipeline states");
    if (!(state = calloc(1, sizeof(*state))))
        return E_OUTOFMEMORY;
    state->ID3D12PipelineState_iface.lpVtbl = &rt_pipeline_state_vtbl;
    atomic_init(&state->refcount, 1);
    state->device = device;
    fill_info(build, &state->info);
    if (FAILED(hr = rt_private_store_init(&state->private_store)))
        goto fail_free;

    /* The DDI ignores these members: the root signature comes as a handle. */
    memset(&args, 0, sizeof(args));
    args.hRootSignature = rt_root_signature_from_iface(root_signature)->hdrv;
    if (build->compute)
    {
        compute.pRootSignature = NULL;
        memset(&compute.CachedPSO, 0, sizeof(compute.CachedPSO));
        args.Type = D3D12DDI_PIPELINE_STATE_TYPE_COMPUTE;
        args.pCompute = &compute;
    }
    else
    {
        graphics.pRootSignature = NULL;
        memset(&graphics.CachedPSO, 0, sizeof(graphics.CachedPSO));
        args.Type = D3D12DDI_PIPELINE_STATE_TYPE_GRAPHICS;
        args.pGraphics = &graphics;
    }
    rt_device_ddi_lock(device);
    size = device->ddi.pfnCalcPrivatePipelineStateSize(device->hdrv, &args);
    if (!(state->drv_memory = rt_device_alloc_driver_object(size)))
    {
        rt_device_ddi_unlock(device);
        hr = E_OUTOFMEMORY;
        goto fail_private_store;
    }
    state->hdrv.pDrvPrivate = state->drv_memory;
    hr = device->ddi.pfnCreatePipelineState(device->hdrv, &args, state->hdrv);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        report_driver_failure(device, build, hr);
        goto fail_driver_memory;
    }

    /* Internal only: the application sees the count it set (rt_root_signature.h). */
    rt_root_signature_add_internal_ref(rt_root_signature_from_iface(root_signature));
    state->root_signature = root_signature;
    rt_device_add_internal_ref(device);
    RT_TRACE("Created %s pipeline state %p.", build->compute ? "compute" : "graphics", (void *)state);
    return rt_return_interface(&state->ID3D12PipelineState_iface, &IID_ID3D12PipelineState, riid, out);

fail_driver_memory:
    free(state->drv_memory);
fail_private_store:
    rt_private_store_destroy(&state->private_store);
fail_free:
    free(state);
    return hr;
}

static HRESULT create_compute(struct rt_device *device, struct rt_pipeline_build *build, REFIID riid, void **out)
{
    const D3D12_COMPUTE_PIPELINE_STATE_DESC *desc = &build->compute_desc;
    ID3D12RootSignature *root_signature;
    struct rt_pipeline_stage stage;
    HRESULT hr;

    if (FAILED(hr = check_common(device, build, desc->NodeMask, &desc->CachedPSO, desc->Flags)))
        return hr;
    memset(&stage, 0, sizeof(stage));
    stage.name = "CS";
    stage.type = RT_SHADER_COMPUTE;
    stage.id = D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_INVALID_SHADER;
    stage.code = &desc->CS;
    if (FAILED(hr = check_stage(device, build, &stage)))
        return hr;
    if (!stage.present)
        return rt_pipeline_report(device, build, E_INVALIDARG, D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_INVALID_SHADER,
                                  "a compute pipeline needs a compute shader");
    if (FAILED(hr = resolve_root_signature(device, build, desc->pRootSignature, &stage, 1,
                                           D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE,
                                           &root_signature))
            || FAILED(hr = check_runnable(device, build, &stage, 1, root_signature)))
        return hr;
    if (SUCCEEDED(hr = check_cached_blob(device, build, &desc->CachedPSO)))
        hr = out ? create_driver_pipeline(device, build, root_signature, riid, out) : S_FALSE;
    ID3D12RootSignature_Release(root_signature);
    return hr;
}

static HRESULT create_graphics(struct rt_device *device, struct rt_pipeline_build *build, REFIID riid, void **out)
{
    const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc = &build->graphics;
    struct rt_pipeline_stage stages[] =
    {
        {.name = "VS", .type = RT_SHADER_VERTEX, .code = &desc->VS,
         .id = D3D12_MESSAGE_ID_CREATEVERTEXSHADER_INVALIDSHADERBYTECODE},
        {.name = "PS", .type = RT_SHADER_PIXEL, .code = &desc->PS,
         .id = D3D12_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE},
        {.name = "DS", .type = RT_SHADER_DOMAIN, .code = &desc->DS,
         .id = D3D12_MESSAGE_ID_CREATEDOMAINSHADER_INVALIDSHADERBYTECODE},
        {.name = "HS", .type = RT_SHADER_HULL, .code = &desc->HS,
         .id = D3D12_MESSAGE_ID_CREATEHULLSHADER_INVALIDSHADERBYTECODE},
        {.name = "GS", .type = RT_SHADER_GEOMETRY, .code = &desc->GS,
         .id = D3D12_MESSAGE_ID_CREATEGEOMETRYSHADER_INVALIDSHADERBYTECODE},
    };
    ID3D12RootSignature *root_signature;
    unsigned int i;
    HRESULT hr;

    /* A 1_0_CORE device has no graphics pipeline at all. */
    if (device->pipeline_level == D3D12DDI_3DPIPELINELEVEL_1_0_CORE)
        return rt_pipeline_report(device, build, DXGI_ERROR_UNSUPPORTED,
                                  D3D12_MESSAGE_ID_COMPUTE_ONLY_DEVICE_OPERATION_UNSUPPORTED,
                                  "a 1_0_CORE device runs compute pipelines only");
    if (FAILED(hr = check_common(device, build, desc->NodeMask, &desc->CachedPSO, desc->Flags)))
        return hr;
    for (i = 0; i < RT_ARRAY_SIZE(stages); ++i)
    {
        if (FAILED(hr = check_stage(device, build, &stages[i])))
            return hr;
    }
    if (!stages[0].present)
        return rt_pipeline_report(device, build, E_INVALIDARG,
                                  D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_VERTEX_SHADER_NOT_SET,
                                  "a graphics pipeline needs a vertex shader");
    if (stages[2].present != stages[3].present)
        return rt_pipeline_report(device, build, E_INVALIDARG,
                                  D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_HS_XOR_DS_MISMATCH,
                                  "a hull shader and a domain shader go together (HS %s, DS %s)",
                                  stages[3].present ? "set" : "missing", stages[2].present ? "set" : "missing");
    if (stages[3].present != (desc->PrimitiveTopologyType == D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH))
        return rt_pipeline_report(device, build, E_INVALIDARG,
                                  D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH,
                                  "the PATCH topology type goes with tessellation shaders, and only with them");
    if (FAILED(hr = rt_pipeline_validate_graphics(device, build))
            || FAILED(hr = rt_pipeline_validate_linkage(device, build, &stages[0].container,
                                                        stages[1].present ? &stages[1].container : NULL)))
        return hr;
    if (FAILED(hr = resolve_root_signature(device, build, desc->pRootSignature, stages, RT_ARRAY_SIZE(stages),
                                           D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE,
                                           &root_signature))
            || FAILED(hr = check_runnable(device, build, stages, RT_ARRAY_SIZE(stages), root_signature)))
        return hr;
    if (SUCCEEDED(hr = check_cached_blob(device, build, &desc->CachedPSO)))
        hr = out ? create_driver_pipeline(device, build, root_signature, riid, out) : S_FALSE;
    ID3D12RootSignature_Release(root_signature);
    return hr;
}

static HRESULT pipeline_create(struct rt_device *device, struct rt_pipeline_build *build, REFIID riid, void **out)
{
    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    return build->compute ? create_compute(device, build, riid, out) : create_graphics(device, build, riid, out);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateGraphicsPipelineState(rt_device_iface *iface,
        const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc, REFIID riid, void **state)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_pipeline_build build;

    RT_TRACE("iface %p, desc %p, riid %s, state %p.", (void *)iface, (const void *)desc, rt_debugstr_guid(riid),
            (void *)state);

    rt_clear_out(state);
    memset(&build, 0, sizeof(build));
    build.method = "CreateGraphicsPipelineState";
    if (!desc)
        return rt_pipeline_report(device, &build, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER1,
                                  "NULL description");
    build.graphics = *desc;
    return pipeline_create(device, &build, riid, state);
}

HRESULT STDMETHODCALLTYPE rt_device_CreateComputePipelineState(rt_device_iface *iface,
        const D3D12_COMPUTE_PIPELINE_STATE_DESC *desc, REFIID riid, void **state)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_pipeline_build build;

    RT_TRACE("iface %p, desc %p, riid %s, state %p.", (void *)iface, (const void *)desc, rt_debugstr_guid(riid),
            (void *)state);

    rt_clear_out(state);
    memset(&build, 0, sizeof(build));
    build.method = "CreateComputePipelineState";
    if (!desc)
        return rt_pipeline_report(device, &build, E_INVALIDARG, D3D12_MESSAGE_ID_CORRUPTED_PARAMETER1,
                                  "NULL description");
    build.compute = true;
    build.compute_desc = *desc;
    return pipeline_create(device, &build, riid, state);
}

HRESULT STDMETHODCALLTYPE rt_device_CreatePipelineState(rt_device_iface *iface,
        const D3D12_PIPELINE_STATE_STREAM_DESC *desc, REFIID riid, void **state)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_pipeline_build build;
    HRESULT hr;

    RT_TRACE("iface %p, desc %p, riid %s, state %p.", (void *)iface, (const void *)desc, rt_debugstr_guid(riid),
            (void *)state);

    rt_clear_out(state);
    memset(&build, 0, sizeof(build));
    build.method = "CreatePipelineState";
    if (FAILED(hr = rt_pipeline_parse_stream(device, desc, &build)))
        return hr;
    return pipeline_create(device, &build, riid, state);
}
