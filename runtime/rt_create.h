/* Creation entry points of the command-side objects, called by the device. */
#ifndef RT_CREATE_H
#define RT_CREATE_H

#include "rt_device.h"

HRESULT rt_command_queue_create(struct rt_device *device, const D3D12_COMMAND_QUEUE_DESC *desc,
                                REFIID riid, void **queue);
HRESULT rt_command_allocator_create(struct rt_device *device, D3D12_COMMAND_LIST_TYPE type,
                                    REFIID riid, void **allocator);
/* CreateCommandList: returned open (recording) against the allocator. */
HRESULT rt_command_list_create(struct rt_device *device, UINT node_mask, D3D12_COMMAND_LIST_TYPE type,
                               ID3D12CommandAllocator *allocator, ID3D12PipelineState *initial_state,
                               REFIID riid, void **list);
/* CreateCommandList1: returned closed, with no allocator. */
HRESULT rt_command_list_create_closed(struct rt_device *device, UINT node_mask, D3D12_COMMAND_LIST_TYPE type,
                                      D3D12_COMMAND_LIST_FLAGS flags, REFIID riid, void **list);
HRESULT rt_fence_create(struct rt_device *device, UINT64 initial_value, D3D12_FENCE_FLAGS flags,
                        REFIID riid, void **fence);

/* Driver → runtime callbacks (D3D12DDI_CORELAYER_DEVICECALLBACKS_0124). The runtime
 * handle of a command list is its struct rt_command_list. */
void APIENTRY rt_command_list_ddi_error_cb(D3D12DDI_HRTCOMMANDLIST list, HRESULT hr);

#endif
