/* Backend selection. */
#include <stdlib.h>
#include <string.h>
#include "agx_backend.h"

static const struct
{
    const char *name;
    HRESULT (*create)(struct agx_backend **backend);
}
agx_backends[] =
{
    {"sim", agx_sim_create},
};

HRESULT agx_backend_create(struct agx_backend **backend)
{
    const char *name = getenv("AGX_BACKEND");
    size_t i;

    if (!name || !*name)
        name = agx_backends[0].name;
    for (i = 0; i < AGX_ARRAY_SIZE(agx_backends); ++i)
    {
        if (!strcmp(agx_backends[i].name, name))
            return agx_backends[i].create(backend);
    }
    agx_warn("AGX_BACKEND=%s names no backend of this build (sim)", name);
    return E_FAIL;
}
