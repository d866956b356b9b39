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
    /* The application's references. Pipelines, command signatures and lists hold internal ones
     * only, so the count the application sees is Windows' (vkd3d-proton's tests, run on
     * Windows: a pipeline leaves its root signature's count at 1). */
    atomic_uint refcount;
    struct rt_private_store private_store;
    struct rt_device *device;
    struct rt_retire_node retire;    /* deferred destruction (rt_retire.h) */
    D3D12DDI_HROOTSIGNATURE hdrv;
    void *drv_memory;
    D3D_ROOT_SIGNATURE_VERSION version;          /* of the blob it was created from */
    /* Version 1.1, as the driver received it; kept for the object's life since the driver
     * may point into it. */
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc;
    const struct rt_root_signature_layout *layout;
    /* The RTS0 bytes it was created from: the device's cache key. */
    void *key;
    size_t key_size;
    struct rt_root_signature *cache_next;    /* under the cache's mutex */
};

/* NULL-safe; NULL for an interface that is not one of ours. */
struct rt_root_signature *rt_root_signature_from_iface(ID3D12RootSignature *iface);

/* A holder's reference (a pipeline, a command signature): keeps the object alive without
 * changing the count the application sees. */
void rt_root_signature_add_internal_ref(struct rt_root_signature *signature);
void rt_root_signature_release_internal_ref(struct rt_root_signature *signature);

/*
 * rt_root_signature_cache.c. Windows hands out one object per root signature: a second
 * CreateRootSignature with the same bytes returns the first object with its count raised
 * (renderdoc issue 325; DirectX-Graphics-Samples issue 111 found a shader's embedded root
 * signature and the same one serialized alone give the same pointer, so the key is the
 * RTS0 part, not the container around it).
 *
 * find: the live object of these RTS0 bytes with a new public reference, or NULL.
 * insert: adds a new object, unless one of the same bytes was added meanwhile, which it
 * returns with a new public reference (the caller then drops its own).
 * remove: called once the object's last reference has gone.
 */
struct rt_root_signature *rt_root_signature_cache_find(struct rt_device *device, const void *key, size_t key_size);
struct rt_root_signature *rt_root_signature_cache_insert(struct rt_device *device, struct rt_root_signature *signature);
void rt_root_signature_cache_remove(struct rt_device *device, struct rt_root_signature *signature);

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
