/*
 * libFuzzer target: the configuration file (runtime/rt_config.c, decision D001) on
 * arbitrary bytes, read as a file, then rewritten by rt_config_set_value (what d3dconfig
 * does) and read again. A file the parser accepted must stay accepted after the rewrite
 * and must then carry the value written.
 */
#include "fuzz_common.h"
#include "rt_config.h"

#include <string.h>
#include <unistd.h>

static char fuzz_dir[64], fuzz_path[96];

static void fuzz_write_file(const uint8_t *data, size_t size)
{
    FILE *file;

    FUZZ_CHECK(file = fopen(fuzz_path, "wb"));
    FUZZ_CHECK(fwrite(data, 1, size, file) == size || !size);
    FUZZ_CHECK(!fclose(file));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct rt_config before, after;
    char err[256];

    if (!fuzz_dir[0])
    {
        snprintf(fuzz_dir, sizeof(fuzz_dir), "/tmp/d3d12rt-fuzz-config-XXXXXX");
        FUZZ_CHECK(mkdtemp(fuzz_dir));
        snprintf(fuzz_path, sizeof(fuzz_path), "%s/d3dconfig.ini", fuzz_dir);
    }
    fuzz_write_file(data, size);
    rt_config_load_file(&before, fuzz_path);
    FUZZ_CHECK(before.file_found);
    FUZZ_CHECK(memchr(before.driver_path, 0, sizeof(before.driver_path)));

    if (!rt_config_set_value(fuzz_path, "device", "force-async-commands-fallback", "true", err, sizeof(err)))
    {
        rt_config_load_file(&after, fuzz_path);
        if (before.file_valid)
        {
            FUZZ_CHECK(after.file_valid);
            FUZZ_CHECK(after.force_async_commands_fallback);
            FUZZ_CHECK(!strcmp(after.driver_path, before.driver_path));
        }
    }
    unlink(fuzz_path);
    return 0;
}
