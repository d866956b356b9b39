/*
 * The driver contract the runtime enforces before it hands a device to an application
 * (specs/ddi.md §5.2 and §6.1): caps that contradict each other or name values that do
 * not exist, and tables that leave a required entry NULL. Each refusal is E_FAIL with one
 * message naming the cap or the table and entry; the caller prints it on stderr, since a
 * failed D3D12CreateDevice has no other channel (no device, no info queue).
 */
#ifndef RT_DRIVER_CONTRACT_H
#define RT_DRIVER_CONTRACT_H

#include "rt_adapter.h"

struct rt_device;

/* The caps an adapter read (rt_adapter_open); the first violation found goes to err. */
HRESULT rt_contract_check_caps(struct rt_adapter *adapter, char *err, size_t size);

/* The tables a device filled (rt_device_create), against the caps it runs with. */
HRESULT rt_contract_check_tables(const struct rt_device *device, char *err, size_t size);

/* Prints "d3d12rt: driver: <driver>: <message>" on stderr, whatever D3D12RT_TRACE says. */
void rt_contract_report(const struct rt_adapter *adapter, const char *message);

#endif
