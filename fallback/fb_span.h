/*
 * What the emitters do with the spans fb_services hands out: CPU writes of a repeated
 * pattern into upload memory, and the barriers around a refresh of a VRAM staging
 * block (copies read it as COPY_SOURCE; a refresh copies into it as COPY_DEST).
 */
#ifndef FB_SPAN_H
#define FB_SPAN_H

#include "fb_route.h"
#include "fb_services.h"

/* dst[0, unit) holds a pattern already: repeats it up to size bytes (the last copy may
 * be partial), by doubling copies of what is written. */
void fb_span_repeat(unsigned char *dst, UINT64 unit, UINT64 size);

/* A buffer barrier on the whole staging block, COPY sync on both sides. */
void fb_span_staging_barrier(const struct fb_list *list, const struct fb_buffer_span *staging,
                             D3D12_BARRIER_ACCESS before, D3D12_BARRIER_ACCESS after);

#endif
