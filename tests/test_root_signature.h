/*
 * What the two root signature test files share (test_root_signature.c defines these and
 * runs both suites): blob helpers that hand the runtime exact-size heap copies, and an
 * RTS0 writer of the tests' own for blobs the runtime's serializer refuses to write.
 */
#ifndef TEST_ROOT_SIGNATURE_H
#define TEST_ROOT_SIGNATURE_H

#include "test_device.h"
#include "rt_root_signature_blob.h"

#include <check.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define TAG(a, b, c, d) ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)

/* D3D12CreateDevice(NULL, 11_0), asserted. */
ID3D12Device *create_device(void);
/* An exact-size heap copy: reads past its end are valgrind errors. */
void *copy_bytes(const void *data, size_t size);
/* D3D12SerializeVersionedRootSignature, asserted to succeed without an error blob. */
ID3DBlob *serialize(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc);
/* CreateRootSignature / D3D12CreateVersionedRootSignatureDeserializer from a copy of
 * data; with a NULL output the object made is released at once. */
HRESULT create_from(ID3D12Device *device, const void *data, size_t size, ID3D12RootSignature **signature);
HRESULT deserializer_from(const void *data, size_t size, ID3D12VersionedRootSignatureDeserializer **out);

struct words
{
    uint32_t w[2048];
    size_t n;
};
void words_put(struct words *b, uint32_t value);
/* desc's parameters and flags as an RTS0 part: version 2 without static samplers,
 * version 3 with the given ones (desc's own are ignored). */
void write_rts0(const D3D12_ROOT_SIGNATURE_DESC1 *desc, const struct rt_static_sampler_desc1 *samplers,
                UINT sampler_count, struct words *b);
/* A container of an ISGN part, a SHEX part and, if asked, the RTS0 part; returns its size. */
size_t build_container(uint32_t *out, const uint32_t *rts0, size_t rts0_size, bool with_rts0);

/* The empty version 1.1 root signature fxc writes (a container). */
const void *fxc_empty_blob(void);
size_t fxc_empty_size(void);

/* test_root_signature_device.c: validation, device limits, messages, command lists, objects. */
Suite *root_signature_device_suite(void);

#endif
