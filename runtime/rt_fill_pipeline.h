/*
 * The runtime's own compute pipeline for FillBuffers' compute route (specs/shaders.md):
 * a driver root signature and pipeline built from the fill shader, created at the
 * first fill that could use it and kept until the device is destroyed.
 */
#ifndef RT_FILL_PIPELINE_H
#define RT_FILL_PIPELINE_H

#include "rt_device.h"
#include "fb_fill.h"

/* NULL when the driver does not run DXBC shaders or refused the pipeline (then the
 * compute route is never planned); free-threaded. */
const struct fb_fill_shader *rt_device_fill_pipeline(struct rt_device *device);
void rt_fill_pipeline_destroy(struct rt_device *device);

#endif
