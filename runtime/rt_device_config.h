/*
 * ID3D12DeviceConfiguration, answered from a configuration (struct rt_startup_options):
 * the device's own, or a device factory's for the device it would create next.
 */
#ifndef RT_DEVICE_CONFIG_H
#define RT_DEVICE_CONFIG_H

#include "rt_device.h"

/* The vtable the device's ID3D12DeviceConfiguration_iface uses. */
extern const struct ID3D12DeviceConfigurationVtbl rt_device_configuration_vtbl;

D3D12_DEVICE_CONFIGURATION_DESC rt_configuration_desc(const struct rt_startup_options *options);
/* NumGuids must equal the number of enabled features (E_INVALIDARG otherwise). */
HRESULT rt_configuration_experimental_features(const struct rt_startup_options *options, GUID *guids,
                                               UINT count);
/* Root signature (de)serialization, for the device's and the factory's configuration
 * (rt_root_signature.h). */
HRESULT rt_configuration_serialize_root_signature(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc,
                                                  ID3DBlob **blob, ID3DBlob **error_blob);
HRESULT rt_configuration_create_deserializer(const void *blob, SIZE_T size, REFIID riid, void **deserializer);

/* The experimental features this runtime accepts, as IID → enum rt_experimental_feature bit.
 * E_INVALIDARG for a NULL array, E_NOINTERFACE for an unknown feature. */
HRESULT rt_experimental_features_parse(UINT count, const IID *iids, unsigned int *features);

#endif
