/* A test program's main (test_run.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* popen, pclose in strict C11 */
#endif

#include "test_run.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

int test_run_suites(Suite *suite, ...)
{
    SRunner *runner = srunner_create(suite);
    va_list args;
    Suite *more;
    int failed;

    va_start(args, suite);
    while ((more = va_arg(args, Suite *)))
        srunner_add_suite(runner, more);
    va_end(args);
    srunner_run_all(runner, CK_NORMAL);
    failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

int test_run_command(const char *command, char *out, size_t size)
{
    size_t length = 0, n;
    FILE *pipe;
    int status;

    ck_assert_ptr_nonnull(pipe = popen(command, "r"));
    while (length + 1 < size && (n = fread(out + length, 1, size - 1 - length, pipe)))
        length += n;
    out[length] = 0;
    status = pclose(pipe);
    ck_assert(WIFEXITED(status));
    return WEXITSTATUS(status);
}
