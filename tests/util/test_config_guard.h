/*
 * A scoped configuration file for tests: points D3D12RT_CONFIG at a private
 * file for the guard's lifetime, so tests can force settings (such as the
 * Async Commands fallback) without touching the machine's configuration.
 */
#ifndef TEST_CONFIG_GUARD_H
#define TEST_CONFIG_GUARD_H

struct test_config_guard
{
    char path[64];          /* the temporary file D3D12RT_CONFIG names */
    char *saved;            /* previous D3D12RT_CONFIG, NULL if it was unset */
};

/*
 * Creates /tmp/d3d12rt-config-XXXXXX holding contents and sets D3D12RT_CONFIG
 * to it. With contents NULL the path is reserved but no file exists there.
 * Aborts the test on failure.
 */
void test_config_guard_begin(struct test_config_guard *guard, const char *contents);

/* Restores D3D12RT_CONFIG (or unsets it) and deletes the file. */
void test_config_guard_end(struct test_config_guard *guard);

#endif
