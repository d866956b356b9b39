/*
 * ID3D12CommandSignature and CreateCommandSignature. The rules (D3D12's indirect drawing
 * spec): exactly one draw, indexed draw or dispatch argument, last; vertex and index
 * buffer views only for draws (index buffers only for indexed ones), each slot once;
 * root constants and root views naming a parameter of that type of the root signature,
 * which is required exactly when there are such arguments, sorted by parameter index
 * (a parameter's constants by offset); a stride of at least the
 * packed argument size and a multiple of 4. Ray and mesh dispatches need features this
 * device does not report: DXGI_ERROR_UNSUPPORTED.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "rt_command_signature.h"
#include "rt_device_private.h"
#include "rt_info_queue.h"
#include "rt_root_signature.h"
#include "rt_root_signature_blob.h"

/* ---- ID3D12CommandSignature ------------------------------------------------------------------ */

static const struct ID3D12CommandSignatureVtbl rt_command_signature_vtbl;

static inline struct rt_command_signature *impl_from_ID3D12CommandSignature(ID3D12CommandSignature *iface)
{
    return RT_CONTAINING(iface, struct rt_command_signature, ID3D12CommandSignature_iface);
}

struct rt_command_signature *rt_command_signature_from_iface(ID3D12CommandSignature *iface)
{
    if (!iface || iface->lpVtbl != &rt_command_signature_vtbl)
        return NULL;
    return impl_from_ID3D12CommandSignature(iface);
}

static HRESULT STDMETHODCALLTYPE rt_command_signature_QueryInterface(ID3D12CommandSignature *iface, REFIID riid,
        void **object)
{
    RT_TRACE("iface %p, riid %s, object %p.", (void *)iface, rt_debugstr_guid(riid), (void *)object);

    if (!object)
        return E_POINTER;
    if (rt_guid_equal(riid, &IID_ID3D12CommandSignature) || rt_guid_equal(riid, &IID_ID3D12Pageable)
            || rt_guid_equal(riid, &IID_ID3D12DeviceChild) || rt_guid_equal(riid, &IID_ID3D12Object)
            || rt_guid_equal(riid, &IID_IUnknown))
    {
        ID3D12CommandSignature_AddRef(iface);
        *object = iface;
        return S_OK;
    }
    RT_WARN("%s not implemented, returning E_NOINTERFACE.", rt_debugstr_guid(riid));
    *object = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE rt_command_signature_AddRef(ID3D12CommandSignature *iface)
{
    struct rt_command_signature *signature = impl_from_ID3D12CommandSignature(iface);
    unsigned int refcount = atomic_fetch_add(&signature->refcount, 1) + 1;

    RT_TRACE("%p increasing refcount to %u.", (void *)signature, refcount);
    return refcount;
}

static void command_signature_destroy(struct rt_command_signature *signature)
{
    struct rt_device *device = signature->device;

    rt_private_store_destroy(&signature->private_store);
    rt_device_ddi_lock(device);
    device->ddi.pfnDestroyCommandSignature(device->hdrv, signature->hdrv);
    rt_device_ddi_unlock(device);
    free(signature->drv_memory);
    if (signature->root_signature)
        rt_root_signature_release_internal_ref(rt_root_signature_from_iface(signature->root_signature));
    free(signature->arguments);
    free(signature);
    rt_device_release_internal_ref(device);
}

static void command_signature_retired(struct rt_retire_node *node)
{
    command_signature_destroy(RT_CONTAINING(node, struct rt_command_signature, retire));
}

static ULONG STDMETHODCALLTYPE rt_command_signature_Release(ID3D12CommandSignature *iface)
{
    struct rt_command_signature *signature = impl_from_ID3D12CommandSignature(iface);
    unsigned int refcount = atomic_fetch_sub(&signature->refcount, 1) - 1;

    RT_TRACE("%p decreasing refcount to %u.", (void *)signature, refcount);
    if (!refcount)
        rt_retire_release(signature->device, &signature->retire, command_signature_retired, "ID3D12CommandSignature",
                         signature);
    return refcount;
}

static HRESULT STDMETHODCALLTYPE rt_command_signature_GetPrivateData(ID3D12CommandSignature *iface, REFGUID guid,
        UINT *data_size, void *data)
{
    struct rt_command_signature *signature = impl_from_ID3D12CommandSignature(iface);

    RT_TRACE("iface %p, guid %s, data_size %p, data %p.", (void *)iface, rt_debugstr_guid(guid),
            (void *)data_size, data);
    return rt_private_store_get(&signature->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_signature_SetPrivateData(ID3D12CommandSignature *iface, REFGUID guid,
        UINT data_size, const void *data)
{
    struct rt_command_signature *signature = impl_from_ID3D12CommandSignature(iface);

    RT_TRACE("iface %p, guid %s, data_size %u, data %p.", (void *)iface, rt_debugstr_guid(guid), data_size, data);
    return rt_private_store_set(&signature->private_store, guid, data_size, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_signature_SetPrivateDataInterface(ID3D12CommandSignature *iface,
        REFGUID guid, const IUnknown *data)
{
    struct rt_command_signature *signature = impl_from_ID3D12CommandSignature(iface);

    RT_TRACE("iface %p, guid %s, data %p.", (void *)iface, rt_debugstr_guid(guid), (void *)data);
    return rt_private_store_set_interface(&signature->private_store, guid, data);
}

static HRESULT STDMETHODCALLTYPE rt_command_signature_SetName(ID3D12CommandSignature *iface, LPCWSTR name)
{
    struct rt_command_signature *signature = impl_from_ID3D12CommandSignature(iface);

    RT_TRACE("iface %p, name %s.", (void *)iface, rt_debugstr_w(name));
    return rt_private_store_set_name(&signature->private_store, name);
}

static HRESULT STDMETHODCALLTYPE rt_command_signature_GetDevice(ID3D12CommandSignature *iface, REFIID riid,
        void **device)
{
    struct rt_command_signature *signature = impl_from_ID3D12CommandSignature(iface);

    RT_TRACE("iface %p, riid %s, device %p.", (void *)iface, rt_debugstr_guid(riid), (void *)device);
    if (!device)
        return E_INVALIDARG;
    return ID3D12Device16_QueryInterface(&signature->device->ID3D12Device_iface, riid, device);
}

static const struct ID3D12CommandSignatureVtbl rt_command_signature_vtbl =
{
    /* IUnknown methods */
    rt_command_signature_QueryInterface,
    rt_command_signature_AddRef,
    rt_command_signature_Release,
    /* ID3D12Object methods */
    rt_command_signature_GetPrivateData,
    rt_command_signature_SetPrivateData,
    rt_command_signature_SetPrivateDataInterface,
    rt_command_signature_SetName,
    /* ID3D12DeviceChild methods */
    rt_command_signature_GetDevice,
};

/* ---- Validation ------------------------------------------------------------------------------ */

static HRESULT report(struct rt_device *device, HRESULT hr, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static HRESULT report(struct rt_device *device, HRESULT hr, const char *fmt, ...)
{
    va_list args;

    va_start(args, fmt);
    hr = rt_info_queue_creation_errorv(device->info_queue, hr, D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID,
                                       "CreateCommandSignature", fmt, args);
    va_end(args);
    return hr;
}

/* What the arguments add up to. */
struct rt_signature_shape
{
    UINT size;
    D3D12_INDIRECT_ARGUMENT_TYPE kind;
    bool has_kind, has_index_buffer, has_root_arguments;
    uint32_t vertex_slots;
    UINT last_root_index, last_constant_end;   /* of the latest root argument */
    uint64_t root_dwords_set[RT_ROOT_SIGNATURE_MAX_DWORDS];   /* per root parameter: DWORDs written */
};

/* A root argument against the root signature's parameter. */
static HRESULT check_root_argument(struct rt_device *device, UINT i, const D3D12_INDIRECT_ARGUMENT_DESC *arg,
                                   const struct rt_root_signature *root, struct rt_signature_shape *shape)
{
    static const D3D12_ROOT_PARAMETER_TYPE view_types[] =
    {
        D3D12_ROOT_PARAMETER_TYPE_CBV, D3D12_ROOT_PARAMETER_TYPE_SRV, D3D12_ROOT_PARAMETER_TYPE_UAV,
    };
    const struct rt_root_parameter_layout *parameter;
    D3D12_ROOT_PARAMETER_TYPE expected;
    UINT index, first = 0, count = 2;
    uint64_t mask;

    if (!root)
        return report(device, E_INVALIDARG, "argument %u changes root arguments, but no root signature was given",
                      i);
    /* Every root-argument member starts with RootParameterIndex. */
    index = arg->Constant.RootParameterIndex;
    if (index >= root->layout->parameter_count)
        return report(device, E_INVALIDARG, "argument %u names root parameter %u of %u", i, index,
                      root->layout->parameter_count);
    parameter = &root->layout->parameters[index];
    if (arg->Type == D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT)
    {
        expected = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
        first = arg->Constant.DestOffsetIn32BitValues;
        count = arg->Constant.Num32BitValuesToSet;
    }
    else
    {
        expected = view_types[arg->Type - D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW];
    }
    if (parameter->type != expected)
        return report(device, E_INVALIDARG, "argument %u: root parameter %u is of type %#x, not %#x", i, index,
                      parameter->type, expected);
    if (arg->Type == D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT && (!count || first > parameter->dword_count
            || count > parameter->dword_count - first))
        return report(device, E_INVALIDARG, "argument %u: %u constants at %u do not fit root parameter %u's %u", i,
                      count, first, index, parameter->dword_count);
    mask = (count >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << count) - 1)) << first;
    if (shape->root_dwords_set[index] & mask)
        return report(device, E_INVALIDARG, "argument %u sets root parameter %u again", i, index);
    /* Sorted by parameter index, a parameter's constants by offset (IndirectDrawing.md's
     * runtime validation list; its test plan checks "increasing orders"). */
    if (shape->has_root_arguments && (index < shape->last_root_index
            || (index == shape->last_root_index && first < shape->last_constant_end)))
        return report(device, E_INVALIDARG, "argument %u: root arguments must be sorted by root parameter index, "
                      "constants by offset", i);
    shape->last_root_index = index;
    shape->last_constant_end = first + count;
    shape->root_dwords_set[index] |= mask;
    shape->has_root_arguments = true;
    shape->size += arg->Type == D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT ? count * 4 : sizeof(D3D12_GPU_VIRTUAL_ADDRESS);
    return S_OK;
}

static HRESULT check_argument(struct rt_device *device, const D3D12_COMMAND_SIGNATURE_DESC *desc, UINT i,
                              const struct rt_root_signature *root, struct rt_signature_shape *shape)
{
    const D3D12_INDIRECT_ARGUMENT_DESC *arg = &desc->pArgumentDescs[i];

    if (shape->has_kind)
        return report(device, E_INVALIDARG, "argument %u follows the draw or dispatch argument, which must be last",
                      i);
    switch (arg->Type)
    {
        case D3D12_INDIRECT_ARGUMENT_TYPE_DRAW:
            shape->size += sizeof(D3D12_DRAW_ARGUMENTS);
            break;
        case D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED:
            shape->size += sizeof(D3D12_DRAW_INDEXED_ARGUMENTS);
            break;
        case D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH:
            shape->size += sizeof(D3D12_DISPATCH_ARGUMENTS);
            break;
        case D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS:
            return report(device, DXGI_ERROR_UNSUPPORTED, "argument %u dispatches rays; raytracing is not supported",
                          i);
        case D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH:
            return report(device, DXGI_ERROR_UNSUPPORTED, "argument %u dispatches meshes; mesh shaders are not "
                          "supported", i);
        case D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW:
            if (arg->VertexBuffer.Slot >= D3D12_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT
                    || (shape->vertex_slots & (1u << arg->VertexBuffer.Slot)))
                return report(device, E_INVALIDARG, "argument %u: vertex buffer slot %u is out of range or set "
                              "twice", i, arg->VertexBuffer.Slot);
            shape->vertex_slots |= 1u << arg->VertexBuffer.Slot;
            shape->size += sizeof(D3D12_VERTEX_BUFFER_VIEW);
            return S_OK;
        case D3D12_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW:
            if (shape->has_index_buffer)
                return report(device, E_INVALIDARG, "argument %u sets the index buffer a second time", i);
            shape->has_index_buffer = true;
            shape->size += sizeof(D3D12_INDEX_BUFFER_VIEW);
            return S_OK;
        case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT:
        case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW:
        case D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW:
        case D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW:
            return check_root_argument(device, i, arg, root, shape);
        default:
            return report(device, E_INVALIDARG, "argument %u has an invalid type %#x", i, arg->Type);
    }
    shape->has_kind = true;
    shape->kind = arg->Type;
    return S_OK;
}

static HRESULT validate(struct rt_device *device, const D3D12_COMMAND_SIGNATURE_DESC *desc,
                        const struct rt_root_signature *root, struct rt_signature_shape *shape)
{
    UINT i;
    HRESULT hr;

    memset(shape, 0, sizeof(*shape));
    if (!desc || !desc->NumArgumentDescs || !desc->pArgumentDescs)
        return report(device, E_INVALIDARG, "the description has no arguments");
    if (desc->NodeMask > 1)
        return report(device, E_INVALIDARG, "invalid node mask %#x (one node)", desc->NodeMask);
    for (i = 0; i < desc->NumArgumentDescs; ++i)
    {
        if (FAILED(hr = check_argument(device, desc, i, root, shape)))
            return hr;
    }
    if (!shape->has_kind)
        return report(device, E_INVALIDARG, "the last argument is not a draw, indexed draw or dispatch");
    if (shape->kind == D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH && (shape->vertex_slots || shape->has_index_buffer))
        return report(device, E_INVALIDARG, "a dispatch signature sets vertex or index buffers");
    if (shape->kind != D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED && shape->has_index_buffer)
        return report(device, E_INVALIDARG, "a non-indexed draw signature sets the index buffer");
    if (root && !shape->has_root_arguments)
        return report(device, E_INVALIDARG, "a root signature was given, but no argument changes root arguments");
    if (desc->ByteStride < shape->size || desc->ByteStride % 4)
        return report(device, E_INVALIDARG, "byte stride %u: the arguments take %u bytes and strides are multiples "
                      "of 4", desc->ByteStride, shape->size);
    return S_OK;
}

/* ---- CreateCommandSignature ----------------------------------------------------------------- */

HRESULT STDMETHODCALLTYPE rt_device_CreateCommandSignature(rt_device_iface *iface,
        const D3D12_COMMAND_SIGNATURE_DESC *desc, ID3D12RootSignature *root_signature, REFIID riid, void **out)
{
    struct rt_device *device = impl_from_ID3D12Device(iface);
    struct rt_root_signature *root = rt_root_signature_from_iface(root_signature);
    D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0124 args;
    D3D12_COMMAND_SIGNATURE_DESC driver_desc;
    struct rt_command_signature *signature;
    struct rt_signature_shape shape;
    SIZE_T size;
    HRESULT hr;

    RT_TRACE("iface %p, desc %p, root_signature %p, riid %s, signature %p.", (void *)iface, (const void *)desc,
            (void *)root_signature, rt_debugstr_guid(riid), (void *)out);

    rt_clear_out(out);
    if (rt_device_is_removed(device))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (root_signature && (!root || root->device != device))
        return report(device, E_INVALIDARG, "root signature %p is not one of this device", (void *)root_signature);
    if (FAILED(hr = validate(device, desc, root, &shape)))
        return hr;
    if (!device->ddi.pfnCalcPrivateCommandSignatureSize || !device->ddi.pfnCreateCommandSignature
            || !device->ddi.pfnDestroyCommandSignature)
        return report(device, E_NOTIMPL, "the driver cannot create command signatures");
    if (!out)
        return S_FALSE;

    if (!(signature = calloc(1, sizeof(*signature))))
        return E_OUTOFMEMORY;
    signature->ID3D12CommandSignature_iface.lpVtbl = &rt_command_signature_vtbl;
    atomic_init(&signature->refcount, 1);
    signature->device = device;
    signature->byte_stride = desc->ByteStride;
    signature->argument_size = shape.size;
    signature->kind = shape.kind;
    signature->argument_count = desc->NumArgumentDescs;
    if (!(signature->arguments = malloc(desc->NumArgumentDescs * sizeof(*signature->arguments))))
    {
        hr = E_OUTOFMEMORY;
        goto fail_free;
    }
    memcpy(signature->arguments, desc->pArgumentDescs, desc->NumArgumentDescs * sizeof(*signature->arguments));
    if (FAILED(hr = rt_private_store_init(&signature->private_store)))
        goto fail_free;

    driver_desc = *desc;
    driver_desc.pArgumentDescs = signature->arguments;
    driver_desc.NodeMask = desc->NodeMask ? desc->NodeMask : 1;
    args.pDesc = &driver_desc;
    args.hRootSignature.pDrvPrivate = root ? root->hdrv.pDrvPrivate : NULL;
    rt_device_ddi_lock(device);
    size = device->ddi.pfnCalcPrivateCommandSignatureSize(device->hdrv, &args);
    if (!(signature->drv_memory = rt_device_alloc_driver_object(size)))
    {
        rt_device_ddi_unlock(device);
        hr = E_OUTOFMEMORY;
        goto fail_private_store;
    }
    signature->hdrv.pDrvPrivate = signature->drv_memory;
    hr = device->ddi.pfnCreateCommandSignature(device->hdrv, &args, signature->hdrv);
    rt_device_ddi_unlock(device);
    if (FAILED(hr))
    {
        report(device, hr, "the driver failed to create the command signature, hr %#x", (unsigned int)hr);
        goto fail_driver_memory;
    }

    /* Internal only, as pipelines hold theirs (rt_root_signature.h). */
    if ((signature->root_signature = root_signature))
        rt_root_signature_add_internal_ref(root);
    rt_device_add_internal_ref(device);
    RT_TRACE("Created command signature %p, %u arguments, stride %u.", (void *)signature, desc->NumArgumentDescs,
             desc->ByteStride);
    return rt_return_interface(&signature->ID3D12CommandSignature_iface, &IID_ID3D12CommandSignature, riid, out);

fail_driver_memory:
    free(signature->drv_memory);
fail_private_store:
    rt_private_store_destroy(&signature->private_store);
fail_free:
    free(signature->arguments);
    free(signature);
    return hr;
}
