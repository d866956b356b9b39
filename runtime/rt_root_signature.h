/*
 * ID3D12RootSignature, and the compact immutable description of its layout that the
 * command side validates root arguments against and the fallback's state save/restore
 * replays them with (seed 000, "Root signature layouts").
 */
#ifndef RT_ROOT_SIGNATURE_H
#define RT_ROOT_SIGNATURE_H

#include "rt_device.h"

/* One root parameter: its argument occupies [dword_offset, dword_offset + dword_count) of
 * the root argument space (descriptor tables 1 DWORD, root CBV/SRV/UAV 2, constants their
 * Num32BitValues). */
struct rt_root_parameter_layout
{
    D3D12_ROOT_PARAMETER_TYPE type;
    D3D12_SHADER_VISIBILITY visibility;
    uint32_t dword_offset;
    uint32_t dword_count;
    /* Tables: the heap type their ranges index, D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES for an
     * empty table (any shader-visible heap will do). */
    D3D12_DESCRIPTOR_HEAP_TYPE table_heap_type;
};

struct rt_root_signature_layout
{
    D3D12_ROOT_SIGNATURE_FLAGS flags;
    uint32_t total_dwords;                  /* at most RT_ROOT_SIGNATURE_MAX_DWORDS */
    unsigned int parameter_count;
    struct rt_root_parameter_layout parameters[];
};

struct rt_root_signature
{
    ID3D12RootSignature ID3D12RootSignature_iface;
    atomic_uint refcount;
    struct rt_private_store private_store;
    struct rt_device *device;
    D3D12DDI_HROOTSIGNATURE hdrv;
    void *drv_memory;
    D3D_ROOT_SIGNATURE_VERSION version;          /* of the blob it was created from */
    /* Version 1.1, as the driver received it; kept for the object's life since the driver
     * may point into it. */
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc;
    const struct rt_root_signature_layout *layout;
};

/* NULL-safe; NULL for an interface that is not one of ours. */
struct rt_root_signature *rt_root_signature_from_iface(ID3D12RootSignature *iface);

/*
 * What D3D12SerializeVersionedRootSignature, D3D12Create(Versioned)RootSignatureDeserializer
 * and ID3D12DeviceConfiguration hand out (rt_root_signature_serialize.c). Each deserializer
 * answers QueryInterface for its own interface only, as Windows' do.
 */
HRESULT rt_root_signature_serialize_blob(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, ID3DBlob **blob,
                                         ID3DBlob **error_blob);
HRESULT rt_root_signature_deserializer_create(const void *data, SIZE_T size, REFIID riid, void **deserializer);
HRESULT rt_versioned_root_signature_deserializer_create(const void *data, SIZE_T size, REFIID riid,
                                                        void **deserializer);

#endif
