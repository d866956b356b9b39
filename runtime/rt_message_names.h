/* The names of debug-layer message IDs (generated from d3d12sdklayers.h and d3d12rt_messages.h). */
#ifndef RT_MESSAGE_NAMES_H
#define RT_MESSAGE_NAMES_H

#include "rt_common.h"

/* "CREATERESOURCE_INVALIDDESC" for D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC; NULL for
 * a value no header names. */
const char *rt_message_id_name(D3D12_MESSAGE_ID id);

#endif
