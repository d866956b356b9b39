/* Graphics records: placeholder until the rasteriser lands (this session). */
#include "agx_exec.h"

void agx_exec_graphics_command(struct agx_exec *exec, const struct agx_cmd *cmd)
{
}

void agx_exec_graphics_finish(struct agx_exec *exec)
{
}
