/*
 * The execution engine of the simulated device: runs recorded command streams on the
 * calling thread (a queue's timeline), reading and writing GPU memory through the
 * backend (agx_mem.h). Copies go through agx_copy.c.
 */
#ifndef AGX_EXEC_H
#define AGX_EXEC_H

#include "agx_cmdbuf.h"
#include "agx_watchdog.h"

/* Counters the queries read: what the shader engine really ran since the queue began
 * this recording (D3D12_QUERY_DATA_PIPELINE_STATISTICS order, then occlusion samples). */
struct agx_exec_counters
{
    D3D12_QUERY_DATA_PIPELINE_STATISTICS statistics;
    uint64_t samples_passed;
    D3D12_QUERY_DATA_SO_STATISTICS so[D3D12_SO_STREAM_COUNT];   /* per stream */
};

struct agx_bind_exec;                 /* agx_bind.c: root signatures, arguments, pipelines */
struct agx_raster_exec;               /* agx_raster*.c: fixed-function graphics state */

/* One recording's execution. */
struct agx_exec
{
    struct agx_device *device;
    struct agx_backend *backend;
    bool predicated;                  /* SetPredication turned the predicated commands off */
    struct agx_bind_exec *binding;    /* created by the first binding record */
    struct agx_raster_exec *graphics; /* created by the first graphics record */
    struct agx_exec_counters counters;
    struct agx_watchdog watchdog;     /* the list's budget: everything stops once it expires */
    HRESULT failure;                  /* the first failure the engine met (agx_exec_fail) */
};

/* The engine cannot go on (a binding block or an executor could not be allocated): it
 * stops at its next check, and the device is lost with hr only once the queue thread's
 * engine touches nothing any more. Reported at once, the loss would complete fences
 * while this thread still reads the recording, which the application may then free. */
void agx_exec_fail(struct agx_exec *exec, HRESULT hr);

/* Records of AGX_CMD_BINDING_FIRST and above (agx_bind.c, agx_dispatch.c). */
void agx_exec_binding_command(struct agx_exec *exec, const struct agx_cmd *cmd);
void agx_exec_binding_finish(struct agx_exec *exec);
/* Records of AGX_CMD_GRAPHICS_FIRST and above (agx_raster*.c). */
void agx_exec_graphics_command(struct agx_exec *exec, const struct agx_cmd *cmd);
void agx_exec_graphics_finish(struct agx_exec *exec);

/* Runs one closed recording, from its first record to its AGX_CMD_END, within budget_ns
 * (0: no budget). Returns S_OK, or why the rest of the recording did not run: the
 * engine's failure (agx_exec_fail), else DXGI_ERROR_DEVICE_HUNG when the watchdog
 * stopped it (budget spent, or the device lost elsewhere). */
HRESULT agx_exec_recording(struct agx_device *device, const struct agx_cmd *first, uint64_t budget_ns);

/* agx_copy.c */
void agx_copy_texture_region(struct agx_backend *backend, const struct agx_cmd_copy_texture *cmd);
void agx_copy_texture_regions(struct agx_backend *backend, const struct agx_cmd_copy_texture_regions *cmd);
void agx_copy_resource(struct agx_backend *backend, struct agx_resource *dst, struct agx_resource *src);

#endif
