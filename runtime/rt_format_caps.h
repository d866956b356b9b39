/*
 * Descs checked against the driver's own format answers before the driver sees them
 * (specs/ddi.md §8.1): Microsoft's runtime asks the driver's CheckFormatSupport and
 * CheckMultisampleQualityLevels and refuses what they deny, so a driver receives only
 * resources, views and pipelines its caps allow. Each check writes the reason to why
 * and the message ID to report under to *id.
 */
#ifndef RT_FORMAT_CAPS_H
#define RT_FORMAT_CAPS_H

#include "rt_device.h"

/* A texture's dimension, its RT/DS/UAV flags (typed formats) and its sample desc. */
bool rt_format_caps_resource(struct rt_device *device, const D3D12_RESOURCE_DESC1 *desc, bool reserved,
        D3D12_MESSAGE_ID *id, char *why, size_t size);

/* A view's or a pipeline's format: support1 holds the bits its use needs (RENDER_TARGET,
 * DEPTH_STENCIL, TYPED_UNORDERED_ACCESS_VIEW); what names the use in the message. */
bool rt_format_caps_use(struct rt_device *device, DXGI_FORMAT format, UINT support1, const char *what,
        char *why, size_t size);

/* Count and quality against CheckMultisampleQualityLevels (single-sampled always passes). */
bool rt_format_caps_samples(struct rt_device *device, DXGI_FORMAT format, DXGI_SAMPLE_DESC samples,
        D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags, char *why, size_t size);

#endif
