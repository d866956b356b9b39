/*
 * The execution engine's access to GPU memory: by GPU address, through the backend's
 * page table. Unmapped addresses read as zero and drop writes (what D3D12 promises for
 * NULL tiles of reserved resources).
 */
#ifndef AGX_MEM_H
#define AGX_MEM_H

#include "agx_backend.h"

void agx_mem_read(struct agx_backend *backend, uint64_t va, void *data, uint64_t size);
/* Residency feedback (the shader's *_s instructions): how many reads on this thread
 * found unmapped bytes so far. An instruction compares the count before and after a
 * lane's fetch, the way hardware marks a sample whose footprint touched an unmapped
 * tile. Per thread, because the executor runs each batch on one thread. */
uint64_t agx_mem_unmapped_reads(void);
void agx_mem_write(struct agx_backend *backend, uint64_t va, const void *data, uint64_t size);
/* size bytes at va from chunk written again and again: chunk holds whole patterns and
 * va starts one, so every piece starts in phase. */
void agx_mem_fill(struct agx_backend *backend, uint64_t va, uint64_t size, const void *chunk,
                  uint64_t chunk_size);
/* Overlapping ranges copy as if through a temporary. */
void agx_mem_copy(struct agx_backend *backend, uint64_t dst, uint64_t src, uint64_t size);

#endif
