/* Binding records: placeholder until the binder lands (this session). */
#include "agx_exec.h"

void agx_exec_binding_command(struct agx_exec *exec, const struct agx_cmd *cmd)
{
}

void agx_exec_binding_finish(struct agx_exec *exec)
{
}
