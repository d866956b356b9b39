/* Byte comparisons shared by the test programs (test_check.h). */
#include "test_check.h"

#include <check.h>

void test_check_bytes(unsigned int line, const void *got, const void *expected, size_t size)
{
    const unsigned char *g = got, *e = expected;
    size_t i;

    for (i = 0; i < size; ++i)
    {
        if (g[i] != e[i])
            ck_abort_msg("line %u: byte %zu of %zu is %#x, expected %#x", line, i, size, g[i], e[i]);
    }
}

void test_check_elements(unsigned int line, const void *data, size_t count, const void *element, size_t size)
{
    size_t i;

    for (i = 0; i < count; ++i)
        test_check_bytes(line, (const unsigned char *)data + i * size, element, size);
}
