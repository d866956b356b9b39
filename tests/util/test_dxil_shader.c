/* The DXIL test shaders' files (test_dxil_shader.h). */
#include "test_dxil_shader.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

void *test_dxil_shader_load(const char *name, size_t *size)
{
    const char *dir = getenv("D3D12RT_DXIL_SHADERS");
    char path[512];
    void *data;
    long length;
    FILE *f;

    ck_assert_msg(dir != NULL, "D3D12RT_DXIL_SHADERS is not set");
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    ck_assert_msg((f = fopen(path, "rb")) != NULL, "cannot open %s", path);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    ck_assert_int_ge(length = ftell(f), 1);
    rewind(f);
    *size = (size_t)length;
    ck_assert_ptr_nonnull(data = malloc(*size));
    ck_assert_uint_eq(fread(data, 1, *size, f), *size);
    fclose(f);
    return data;
}
