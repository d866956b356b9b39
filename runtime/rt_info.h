/* What d3d12info shows that the public API has no query for. */
#ifndef RT_INFO_H
#define RT_INFO_H

#include "rt_common.h"

struct rt_device_report
{
    char driver[320];          /* driver name and adapter description */
    UINT64 ddi_version;        /* the negotiated version token */
    char async_reason[160];    /* why Impl is what it is */
    UINT64 dedicated_video_memory; /* the driver's GPU info, in bytes (0: not answered) */
    UINT64 shared_system_memory;
};

/* E_INVALIDARG when the device is not one of ours. */
HRESULT rt_device_get_report(ID3D12Device *device, struct rt_device_report *report);

#endif
