/* Byte comparisons shared by the test programs (test_check.c). */
#ifndef TEST_CHECK_H
#define TEST_CHECK_H

#include <stddef.h>

/* Fails the test at the caller's line on the first of `size` bytes that differs. The
 * async tests have their own check_bytes that also names the mode (test_async.h). */
#define check_bytes(got, expected, size) test_check_bytes(__LINE__, got, expected, size)
void test_check_bytes(unsigned int line, const void *got, const void *expected, size_t size);

/* Each of `count` packed elements of `size` bytes at `data` is `element`. */
#define check_elements(data, count, element, size) test_check_elements(__LINE__, data, count, element, size)
void test_check_elements(unsigned int line, const void *data, size_t count, const void *element, size_t size);

#endif
