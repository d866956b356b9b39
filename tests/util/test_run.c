/* A test program's main (test_run.h). */
#include "test_run.h"

#include <stdarg.h>
#include <stdlib.h>

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
