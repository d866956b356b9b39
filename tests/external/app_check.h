/*
 * The external programs' checks (C and C++): print where and what failed, and make the
 * calling function return 1.
 */
#ifndef APP_CHECK_H
#define APP_CHECK_H

#include <stdio.h>

#define CHECK_HR(expr) do { HRESULT hr_ = (expr); if (FAILED(hr_)) { \
    fprintf(stderr, "%s:%d: %s failed: 0x%08x\n", __FILE__, __LINE__, #expr, (unsigned int)hr_); \
    return 1; } } while (0)
#define CHECK(cond) do { if (!(cond)) { \
    fprintf(stderr, "%s:%d: %s is false\n", __FILE__, __LINE__, #cond); return 1; } } while (0)

#endif
