/* The DXIL test shaders (tests/shaders/dxil, assembled at build time into the directory
 * D3D12RT_DXIL_SHADERS names). */
#ifndef TEST_DXIL_SHADER_H
#define TEST_DXIL_SHADER_H

#include <stddef.h>

/* The container of file `name` (e.g. "ps_eval_sample.dxil"), ck_asserting that it
 * reads; free() it. */
void *test_dxil_shader_load(const char *name, size_t *size);

#endif
