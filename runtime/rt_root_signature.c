/*
 * ID3D12RootSignature: CreateRootSignature from an RTS0 blob or a container holding one,
 * the limits of this device, the driver object and the layout description.
 */
#include <stdlib.h>

#include "rt_device_private.h"
#include "rt_info_queue.h"
#include "rt_root_signature.h"
#include "rt_root_signature_blob.h"

/* The stages a visibility can name, ALL aside. */
#define RT_STAGE_COUNT D3D12_SHADER_VISIBILITY_MESH

/* ---- ID3D12RootSignature ------------------------------------------------------------------ */

static const struct ID3D12RootSignatureVtbl rt_root_signature_vtbl;

static inline struct rt_root_signature *impl_from_ID3D12RootSignature(ID3D12RootSignature *iface)
{
    return RT_CONTAINING(iface, struct rt_root_signature, ID3D12RootSignature_iface);
}

struct rt_root_signature *rt_root_signature_from_iface(ID3D12RootSignature *iface)
{
    if (!iface || iface->lpVtbl != &rt_root_signature_vtbl)
        return NULL;
    return impl_from_ID3D12RootSignature(iface);
}

static HRESULT STDMETHODCALLTYPE rt_root_signature_QueryInterface(ID3D12RootSignature *iface, REFIID riid,
        void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12RootSignature) || rt_guid_equal(riid, &IID_ID3D12DeviceChild)
            || rt_guid_equal(riid, &IID_ID3D12Object) || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12RootSignature_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_root_signature_AddRef(ID3D12RootSignature *iface)
{
    struct rt_root_signature *signature = impl_from_ID3D12RootSignature(iface);
    unsigned int refcount = atomic_fetch_add(&signature->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)signature, refcount);
    return refcount;
}

static void root_signature_destroy(struct rt_root_signature *signature)
{
    struct rt_device *device = signature->device;

    rt_root_signature_cache_remove(device, signature);
    rt_private_store_destroy(&signature->private_store);
    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyRootSignature(device->hdrv, signature->hdrv);
    rt_device_ddi_unlock(device);
    free(signature->drv_memory);
    free(signature->desc);
    free((void *)signature->layout);
    free(signature->key);
    free(signature);
    rt_device_release_internal_ref(device);
}

static void root_signature_retired(struct rt_retire_node *node)
{
    root_signature_destroy(RT_CONTAINING(node, struct rt_root_signature, retire));
}

void rt_root_signature_add_internal_ref(struct rt_root_signature *signature)
{
    rt_retire_hold(&signature->retire);
}

void rt_root_signature_release_internal_ref(struct rt_root_signature *signature)
{
    rt_retire_unhold(signature->device, &signature->retire);
}

static ULONG STDMETHODCALLTYPE rt_root_signature_Release(ID3D12RootSignature *iface)
{
    struct rt_root_signature *signature = impl_from_ID3D12RootSignature(iface);
    unsigned int refcount = atomic_fetch_sub(&signature->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)signature, refcount);
    /* Pipelines and command signatures may keep it after the last public reference. */
    if (!refcount)
        rt_retire_release(signature->device, &signature->retire, root_signature_retired, "ID3D12RootSignature",
                          signature);
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_root_signature_GetPrivateData(ID3D12RootSignature *iface, REFGUID guid,
        UINT *data_size, void *data)
{
    struct rt_root_signature *signature = impl_from_ID3D12RootSignature(iface);

    RT_TRACE("iface %p, guid %s, data_size %p, data %p.", (void *)iface, rt_debugstr_guid(guid),
            (void *)data_size, data);
    return rt_private_store_get(&signature->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_root_signature_SetPrivateData(ID3D12RootSignature *iface, REFGUID guid,
        UINT data_size, const void *data)
{
    struct rt_root_signature *signature = impl_from_ID3D12RootSignature(iface);

    RT_TRACE("iface %p, guid %s, data_size %u, data %p.", (void *)iface, rt_debugstr_guid(guid), data_size, data);
    return rt_private_store_set(&signature->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_root_signature_SetPrivateDataInterface(ID3D12RootSignature *iface,
        REFGUID guid, const IUnknown *data)
{
    struct rt_root_signature *signature = impl_from_ID3D12RootSignature(iface);

    RT_TRACE("iface %p, guid %s, data %p.", (void *)iface, rt_debugstr_guid(guid), (void *)data);
    return rt_private_store_set_interface(&signature->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_root_signature_SetName(ID3D12RootSignature *iface, LPCWSTR name)
{
    struct rt_root_signature *signature = impl_from_ID3D12RootSignature(iface);

    RT_TRACE("iface %p, name %s.", (void *)iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&signature->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_root_signature_GetDevice(ID3D12RootSignature *iface, REFIID riid,
        void **device)
{
    struct rt_root_signature *signature = impl_from_ID3D12RootSignature(iface);

    RT_TRACE("iface %p, riid %s, device %p.", (void *)iface, rt_debugstr_guid(riid), (void *)device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device16_QueryInterface(&signature->device->ID3D12Device_iface, riid, device);
}

static const struct ID3D12RootSignatureVtbl rt_root_signature_vtbl =
{
    /* IUnknown methods */
    rt_root_signature_QueryInterface,
    rt_root_signature_AddRef,
    rt_root_signature_Release,
    /* ID3D12Object methods */
    rt_root_signature_GetPrivateData,
    rt_root_signature_SetPrivateData,
    rt_root_signature_SetPrivateDataInterface,
    rt_root_signature_SetName,
    /* ID3D12DeviceChild methods */
    rt_root_signature_GetDevice,
};

/* ---- This device's limits --------------------------------------------------------------- */

/* Descriptors in tables per stage and type (UINT64_MAX: unbounded), UAVs over all stages. */
struct binding_counts
{
    uint64_t per_stage[RT_STAGE_COUNT][D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER + 1];
    uint64_t uavs;
};

static uint64_t add_saturated(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static void count_bindings(const D3D12_ROOT_SIGNATURE_DESC1 *desc, struct binding_counts *counts)
{
    const D3D12_DESCRIPTOR_RANGE1 *range;
    unsigned int stage;
    uint64_t number;
    UINT i, j;

    memset(counts, 0, sizeof(*counts));
    for (i = 0; i < desc->NumParameters; ++i)
    {
        if (desc->pParameters[i].ParameterType != D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
            continue;
        for (j = 0; j < desc->pParameters[i].DescriptorTable.NumDescriptorRanges; ++j)
        {
            range = &desc->pParameters[i].DescriptorTable.pDescriptorRanges[j];
            number = range->NumDescriptors == UINT32_MAX ? UINT64_MAX : range->NumDescriptors;
            if (range->RangeType == D3D12_DESCRIPTOR_RANGE_TYPE_UAV)
                counts->uavs = add_saturated(counts->uavs, number);
            for (stage = 0; stage < RT_STAGE_COUNT; ++stage)
            {
                if (desc->pParameters[i].ShaderVisibility == D3D12_SHADER_VISIBILITY_ALL
                        || desc->pParameters[i].ShaderVisibility == stage + 1)
                    counts->per_stage[stage][range->RangeType] = add_saturated(
                            counts->per_stage[stage][range->RangeType], number);
            }
        }
    }
}

/* The Resource Binding tiers' limits on descriptors in tables; UINT64_MAX: none. */
static void binding_limits(const struct rt_device *device, uint64_t limits[D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER + 1])
{
    D3D12_RESOURCE_BINDING_TIER tier = device->options.ResourceBindingTier;

    limits[D3D12_DESCRIPTOR_RANGE_TYPE_SRV] = tier <= D3D12_RESOURCE_BINDING_TIER_1 ? 128 : UINT64_MAX;
    limits[D3D12_DESCRIPTOR_RANGE_TYPE_CBV] = tier <= D3D12_RESOURCE_BINDING_TIER_2 ? 14 : UINT64_MAX;
    limits[D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER] = tier <= D3D12_RESOURCE_BINDING_TIER_1 ? 16 : UINT64_MAX;
    if (tier >= D3D12_RESOURCE_BINDING_TIER_3)
        limits[D3D12_DESCRIPTOR_RANGE_TYPE_UAV] = UINT64_MAX;
    else if (tier == D3D12_RESOURCE_BINDING_TIER_2 || device->feature_level >= D3D_FEATURE_LEVEL_11_1)
        limits[D3D12_DESCRIPTOR_RANGE_TYPE_UAV] = 64;
    else
        limits[D3D12_DESCRIPTOR_RANGE_TYPE_UAV] = 8;
}

static HRESULT check_device_support(const struct rt_device *device, const D3D12_ROOT_SIGNATURE_DESC1 *desc,
                                    char *why, size_t why_size)
{
    static const char *const type_names[] = {"SRVs", "UAVs", "CBVs", "samplers"};
    uint64_t limits[D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER + 1];
    struct binding_counts counts;
    unsigned int stage, type;

    if (desc->Flags & D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE)
        return ddi_dxbc_fail(why, why_size, "local root signatures need raytracing, which this device lacks");
    if (desc->Flags & (D3D12_ROOT_SIGNATURE_FLAG_CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED
            | D3D12_ROOT_SIGNATURE_FLAG_SAMPLER_HEAP_DIRECTLY_INDEXED))
        return ddi_dxbc_fail(why, why_size,
                "directly indexed descriptor heaps need shader model 6.6, which this device does not run");

    count_bindings(desc, &counts);
    binding_limits(device, limits);
    if (counts.uavs > limits[D3D12_DESCRIPTOR_RANGE_TYPE_UAV])
        return ddi_dxbc_fail(why, why_size, "the tables hold %s UAVs, resource binding tier %u allows %"
                PRIu64, counts.uavs == UINT64_MAX ? "unbounded" : "too many", device->options.ResourceBindingTier,
                limits[D3D12_DESCRIPTOR_RANGE_TYPE_UAV]);
    for (stage = 0; stage < RT_STAGE_COUNT; ++stage)
    {
        for (type = 0; type <= D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER; ++type)
        {
            if (type == D3D12_DESCRIPTOR_RANGE_TYPE_UAV || counts.per_stage[stage][type] <= limits[type])
                continue;
            return ddi_dxbc_fail(why, why_size,
                    "the tables visible to shader stage %u hold %s %s, resource binding tier %u allows %" PRIu64,
                    stage + 1, counts.per_stage[stage][type] == UINT64_MAX ? "unbounded" : "too many",
                    type_names[type], device->options.ResourceBindingTier, limits[type]);
        }
    }
    return S_OK;
}

/* ---- The layout ------------------------------------------------------------------------- */

static struct rt_root_signature_layout *layout_create(const D3D12_ROOT_SIGNATURE_DESC1 *desc)
{
    struct rt_root_signature_layout *layout;
    struct rt_root_parameter_layout *p;
    const D3D12_ROOT_PARAMETER1 *src;
    uint32_t offset = 0;
    UINT i;

    if (!(layout = calloc(1, offsetof(struct rt_root_signature_layout, parameters[desc->NumParameters]))))
        return NULL;
    layout->flags = desc->Flags;
    layout->parameter_count = desc->NumParameters;
    for (i = 0; i < desc->NumParameters; ++i)
    {
        src = &desc->pParameters[i];
        p = &layout->parameters[i];
        p->type = src->ParameterType;
        p->visibility = src->ShaderVisibility;
        p->dword_offset = offset;
        p->dword_count = rt_root_parameter_dword_cost(src->ParameterType,
                src->ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS ? src->Constants.Num32BitValues : 0);
        p->table_heap_type = D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES;
        if (src->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE
                && src->DescriptorTable.NumDescriptorRanges)
            p->table_heap_type = src->DescriptorTable.pDescriptorRanges[0].RangeType == D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER
                    ? D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER : D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
        offset += p->dword_count;
    }
    layout->total_dwords = offset;
    return layout;
}

/* ---- Creation --------------------------------------------------------------------------- */

static HRESULT report(struct rt_device *device, HRESULT hr, D3D12_MESSAGE_ID id, const char *why)
{
    RT_WARN("%s.", why);
    rt_info_queue_add(device->info_queue, D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id,
                      "CreateRootSignature: %s.", why);
    return hr;
}

/* The 1.1 description and the layout of a blob, every rule checked (E_INVALIDARG reported). */
static HRESULT parse_blob(struct rt_device *device, const void *blob, size_t size,
        D3D12_VERSIONED_ROOT_SIGNATURE_DESC **desc, D3D_ROOT_SIGNATURE_VERSION *version,
        struct rt_root_signature_layout **layout)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *canonical;
    char why[RT_ROOT_SIGNATURE_WHY_SIZE];
    HRESULT hr;

    *desc = NULL;
    *layout = NULL;
    hr = rt_root_signature_deserialize(blob, size, &canonical, version, why, sizeof(why));
    if (hr == DXGI_ERROR_NOT_FOUND)
        return report(device, E_INVALIDARG, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_BLOB_NOT_FOUND, why);
    if (hr == E_INVALIDARG)
        return report(device, hr, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED, why);
    if (FAILED(hr))
        return hr;
    if (FAILED(hr = rt_root_signature_validate(canonical, why, sizeof(why))))
    {
        if (hr == E_INVALIDARG)
            report(device, hr, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_INVALID_CONFIGURATION, why);
        goto done;
    }
    if (FAILED(hr = check_device_support(device, &canonical->Desc_1_1, why, sizeof(why))))
    {
        report(device, hr, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE, why);
        goto done;
    }
    /* Valid 1.2 sampler flags say nothing a 1.1 border color does not: this cannot lose. */
    if (FAILED(hr = rt_root_signature_convert(canonical, D3D_ROOT_SIGNATURE_VERSION_1_1, desc, why, sizeof(why))))
        goto done;
    if (!(*layout = layout_create(&canonical->Desc_1_1)))
    {
        free(*desc);
        *desc = NULL;
        hr = E_OUTOFMEMORY;
    }
done:
    free(canonical);
    return hr;
}

static HRESULT root_signature_create(struct rt_device *device, UINT node_mask, const void *blob, size_t size,
                                     const void *key, size_t key_size, struct rt_root_signature **out)
{
    D3D12DDIARG_CREATE_ROOT_SIGNATURE_0124 args;
    struct rt_root_signature_layout *layout;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc;
    struct rt_root_signature *signature;
    D3D_ROOT_SIGNATURE_VERSION version;
    SIZE_T driver_size;
    HRESULT hr;

    if (FAILED(hr = parse_blob(device, blob, size, &desc, &version, &layout)))
        return hr;
    if (!out)
    {
        /* A capability test: valid, nothing created. */
        hr = S_FALSE;
        goto fail_desc;
    }
    if (!device->ddi.pfnCalcPrivateRootSignatureSize || !device->ddi.pfnCreateRootSignature
            || !device->ddi.pfnDestroyRootSignature)
    {
        RT_WARN("The driver cannot create root signatures.");
        hr = E_NOTIMPL;
        goto fail_desc;
    }
    if (!(signature = calloc(1, sizeof(*signature))))
    {
        hr = E_OUTOFMEMORY;
        goto fail_desc;
    }
    signature->ID3D12RootSignature_iface.lpVtbl = &rt_root_signature_vtbl;
    atomic_init(&signature->refcount, 1);
    signature->device = device;
    signature->version = version;
    signature->desc = desc;
    signature->layout = layout;
    if (!(signature->key = malloc(key_size)))
    {
        hr = E_OUTOFMEMORY;
        goto fail_free;
    }
    memcpy(signature->key, key, key_size);
    signature->key_size = key_size;
    if (FAILED(hr = rt_private_store_init(&signature->private_store)))
        goto fail_key;

    args.pRootSignature = desc;
    args.NodeMask = node_mask ? node_mask : 1;
    rt_device_ddi_lock(device);
    driver_size = device->ddi.pfnCalcPrivateRootSignatureSize(device->hdrv, &args);
    if (!(signature->drv_memory = rt_device_alloc_driver_object(driver_size)))
    {
        rt_device_ddi_unlock(device);
        hr = E_OUTOFMEMORY;
        goto fail_private_store;
    }
    signature->hdrv.pDrvPrivate = signature->drv_memory;
    hr = device->ddi.pfnCreateRootSignature(device->hdrv, &args, signature->hdrv);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        RT_WARN("The driver failed to create the root signature (0x%08x).", (unsigned int)hr);
        goto fail_driver_memory;
    }

    rt_device_add_internal_ref(device);
    RT_TRACE("Created root signature %p, version %#x, %u parameters, %u DWORDs.", (void *)signature, version,
            layout->parameter_count, layout->total_dwords);
    *out = signature;
    return S_OK;

fail_driver_memory:
    free(signature->drv_memory);
fail_private_store:
    rt_private_store_destroy(&signature->private_store);
fail_key:
    free(signature->key);
fail_free:
    free(signature);
fail_desc:
    free(desc);
    free(layout);
    return hr;
}

HRESULT STDMETHODCALLTYPE rt_device_CreateRootSignature(rt_device_iface *iface, UINT node_mask,
        const void *blob, SIZE_T blob_size, REFIID riid, void **root_signature)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_root_signature *signature, *existing;
    const void *key = blob;
    size_t key_size = blob_size;
    HRESULT hr;

    RT_TRACE("iface %p, node_mask %#x, blob %p, blob_size %zu, riid %s, root_signature %p.", (void *)iface,
            node_mask, blob, (size_t)blob_size, rt_debugstr_guid(riid), (void *)root_signature);

    rt_clear_out(root_signature);
    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (!blob || !blob_size)
        return report(device, E_INVALIDARG, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED,
                      "empty root signature blob");
    if (node_mask > 1)
        return report(device, E_INVALIDARG, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_INVALID_CONFIGURATION,
                      "invalid node mask (one node)");
    /* A container without a readable RTS0 part is refused by the creation below. */
    if (rt_dxbc_is_container(blob, blob_size)
            && FAILED(rt_dxbc_find_part(blob, blob_size, RT_DXBC_TAG_RTS0, &key, &key_size, NULL, 0)))
    {
        key = blob;
        key_size = blob_size;
    }
    if ((signature = rt_root_signature_cache_find(device, key, key_size)))
    {
        RT_TRACE("Returning the cached root signature %p.", (void *)signature);
        if (!root_signature)
        {
            ID3D12RootSignature_Release(&signature->ID3D12RootSignature_iface);
            return S_FALSE;
        }
    }
    else
    {
        if (FAILED(hr = root_signature_create(device, node_mask, blob, blob_size, key, key_size,
                                              root_signature ? &signature : NULL)) || hr == S_FALSE)
            return hr;
        /* Another thread may have created the same one meanwhile: one object wins. */
        if ((existing = rt_root_signature_cache_insert(device, signature)))
        {
            ID3D12RootSignature_Release(&signature->ID3D12RootSignature_iface);
            signature = existing;
        }
    }
    return rt_return_interface(&signature->ID3D12RootSignature_iface, &IID_ID3D12RootSignature, riid,
                               root_signature);
}
