/* The DXIL test shaders (tests/shaders/dxil), assembled at build time into the directory
 * $D3D12RT_DXIL_SHADERS names (test_dxil_file.c). */
#ifndef TEST_DXIL_FILE_H
#define TEST_DXIL_FILE_H

#include <stddef.h>

/* The container of shader `name` (e.g. "cs_copy_add.dxil"), malloc'd; fails the test when
 * it cannot be read. */
void *test_dxil_file_read(const char *name, size_t *size);

#endif
