/* A test program's main: its suites in one Check runner. */
#ifndef TEST_RUN_H
#define TEST_RUN_H

#include <check.h>

/* Runs the suites (the list ends with NULL) and returns main's exit status. Each test
 * runs in its own process unless CK_FORK=no says otherwise. */
int test_run_suites(Suite *suite, ...);

/* Runs a shell command and reads its standard output into out (NUL-terminated, at most
 * size - 1 bytes); returns its exit status (asserts that it exited). */
int test_run_command(const char *command, char *out, size_t size);

#endif
