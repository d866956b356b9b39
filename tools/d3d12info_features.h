/* d3d12info's sections, one file each by concern: what they print (d3d12info_print.h). */
#ifndef D3D12INFO_FEATURES_H
#define D3D12INFO_FEATURES_H

#define COBJMACROS
#include <d3d12rt/d3d12.h>

#include "d3d12info_print.h"
#include "rt_info.h"

/* The keys API.md fixes (d3d12info_summary.c). */
void info_print_summary(struct info_printer *p, ID3D12Device *device, const struct rt_device_report *report);
/* Every CheckFeatureSupport structure field by field (d3d12info_options.c). */
void info_print_features(struct info_printer *p, ID3D12Device *device);
/* The adapter's memory (d3d12info_summary.c). */
void info_print_memory(struct info_printer *p, const struct rt_device_report *report);
/* The device's adapter as libdxcore.so describes it (d3d12info_dxcore.c). */
void info_print_dxcore(struct info_printer *p, ID3D12Device *device);
/* Per-format support bits and MSAA quality levels (d3d12info_formats.c). */
void info_print_formats(struct info_printer *p, ID3D12Device *device);

#endif
