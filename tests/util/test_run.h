/* A test program's main: its suites in one Check runner. */
#ifndef TEST_RUN_H
#define TEST_RUN_H

#include <check.h>

/* Runs the suites (the list ends with NULL) and returns main's exit status. Each test
 * runs in its own process unless CK_FORK=no says otherwise. */
int test_run_suites(Suite *suite, ...);

/* A test that needs what a driver may lack (a format's support, a sample count): when
 * `condition` is false the test ends as a failure whose message starts with TEST_SKIP_PREFIX.
 * d3d12rt-conformance counts such a test as skipped, with the reason; the project's own
 * suite counts it as failed, since the built-in driver must have everything. */
#define TEST_SKIP_PREFIX "skip: "
#define test_require(condition, ...) \
    do { if (!(condition)) ck_abort_msg(TEST_SKIP_PREFIX __VA_ARGS__); } while (0)

/* A test program's main: runs its suites. The conformance runner (tests/conformance/)
 * compiles the same sources with TEST_CONFORMANCE and runs the suites from its own main. */
#ifdef TEST_CONFORMANCE
#define TEST_MAIN(...)
#else
#define TEST_MAIN(...) \
    int main(void) \
    { \
        return test_run_suites(__VA_ARGS__, NULL); \
    }
#endif

/* Runs a shell command and reads its standard output into out (NUL-terminated, at most
 * size - 1 bytes); returns its exit status (asserts that it exited). */
int test_run_command(const char *command, char *out, size_t size);

#endif
