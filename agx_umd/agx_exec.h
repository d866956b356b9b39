/*
 * The execution engine of the simulated device: runs recorded command streams on the
 * calling thread (a queue's timeline), reading and writing GPU memory through the
 * backend (agx_mem.h). Copies go through agx_copy.c.
 */
#ifndef AGX_EXEC_H
#define AGX_EXEC_H

#include "agx_cmdbuf.h"

/* Runs one closed recording, from its first record to its AGX_CMD_END. */
void agx_exec_recording(struct agx_device *device, const struct agx_cmd *first);

/* agx_copy.c */
void agx_copy_texture_region(struct agx_backend *backend, const struct agx_cmd_copy_texture *cmd);
void agx_copy_texture_regions(struct agx_backend *backend, const struct agx_cmd_copy_texture_regions *cmd);
void agx_copy_resource(struct agx_backend *backend, struct agx_resource *dst, struct agx_resource *src);

#endif
