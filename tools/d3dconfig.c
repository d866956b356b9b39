/*
 * d3dconfig: reads and writes the d3d12rt configuration file (design/API.md,
 * "Configuration file"). Exit status: 0 success, 1 I/O or environment error,
 * 2 usage error (bad option, section, key or value).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* getcwd in strict C11 */
#endif

#include "rt_config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum
{
    EXIT_IO = 1,
    EXIT_USAGE = 2,
};

static void usage(FILE *out)
{
    const struct rt_config_key *key;
    char path[RT_CONFIG_PATH_MAX];

    fprintf(out,
            "usage: d3dconfig SECTION                 print the section's effective values\n"
            "       d3dconfig SECTION KEY=VALUE...    set keys in the configuration file\n"
            "       d3dconfig --reset                 remove the configuration file\n"
            "       d3dconfig --help                  show this help\n"
            "\n"
            "The file is $D3D12RT_CONFIG, else $XDG_CONFIG_HOME/d3d12rt/d3dconfig.ini,\n"
            "else $HOME/.config/d3d12rt/d3dconfig.ini.\n");
    if (!rt_config_resolve_path(path, sizeof(path)))
        fprintf(out, "Here that is %s.\n", path);
    fputs("\nKeys:\n", out);
    for (key = rt_config_keys; key < rt_config_keys + rt_config_key_count; ++key)
        fprintf(out, "  %s %s=%s\n      %s\n", key->section, key->name,
                key->type == RT_CONFIG_TYPE_BOOL ? "true|false"
                : key->type == RT_CONFIG_TYPE_MILLISECONDS ? "MILLISECONDS" : "PATH", key->help);
}

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usage_error(const char *fmt, ...)
{
    va_list args;

    fputs("d3dconfig: ", stderr);
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputs("\nTry 'd3dconfig --help'.\n", stderr);
    return EXIT_USAGE;
}

static const struct rt_config_key *find_key(const char *section, const char *name)
{
    const struct rt_config_key *key;

    for (key = rt_config_keys; key < rt_config_keys + rt_config_key_count; ++key)
    {
        if (!strcmp(key->section, section) && !strcmp(key->name, name))
            return key;
    }
    return NULL;
}

/*
 * The runtime may run in another directory than this tool: a relative driver
 * path naming a directory is made absolute. A bare file name is kept for the
 * loader's own search.
 */
static int absolute_path(const char *value, char *buf, size_t len)
{
    char cwd[RT_CONFIG_PATH_MAX];
    int n;

    if (value[0] == '/' || !strchr(value, '/'))
        n = snprintf(buf, len, "%s", value);
    else if (!getcwd(cwd, sizeof(cwd)))
        return -1;
    else
        n = snprintf(buf, len, "%s/%s", cwd, value);
    return n >= 0 && (size_t)n < len ? 0 : -1;
}

/* Splits "key=value" into key (NUL-terminated copy) and a pointer to the value. */
static const char *split_pair(const char *pair, char *key, size_t len)
{
    const char *equals = strchr(pair, '=');

    if (!equals)
        return NULL;
    snprintf(key, len, "%.*s", (int)(equals - pair), pair);
    return equals + 1;
}

static int set_keys(const char *path, const char *section, int count, char **pairs)
{
    char absolute[RT_CONFIG_PATH_MAX], err[RT_CONFIG_PATH_MAX + 256], key[256];
    const struct rt_config_key *info;
    struct rt_config cfg;
    const char *value;
    int i;

    /* Check every pair before writing any. */
    for (i = 0; i < count; ++i)
    {
        if (!(value = split_pair(pairs[i], key, sizeof(key))))
            return usage_error("expected KEY=VALUE, got '%s'", pairs[i]);
        switch (rt_config_check(section, key, value))
        {
            case RT_CONFIG_CHECK_OK:
                break;
            case RT_CONFIG_CHECK_UNKNOWN_SECTION:
                return usage_error("unknown section '%s'", section);
            case RT_CONFIG_CHECK_UNKNOWN_KEY:
                return usage_error("unknown key '%s' in [%s]", key, section);
            case RT_CONFIG_CHECK_BAD_VALUE:
                info = find_key(section, key);
                return usage_error("bad value '%s' for %s in [%s], expected %s", value, key,
                        section, info->type == RT_CONFIG_TYPE_BOOL ? "true or false"
                        : "a path of at most 4095 bytes, without surrounding blanks");
        }
    }
    for (i = 0; i < count; ++i)
    {
        value = split_pair(pairs[i], key, sizeof(key));
        if (find_key(section, key)->type == RT_CONFIG_TYPE_PATH && value[0])
        {
            if (absolute_path(value, absolute, sizeof(absolute)) < 0
                    || rt_config_check(section, key, absolute) != RT_CONFIG_CHECK_OK)
            {
                fprintf(stderr, "d3dconfig: cannot make '%s' an absolute path\n", value);
                return EXIT_IO;
            }
            value = absolute;
        }
        if (rt_config_set_value(path, section, key, value, err, sizeof(err)) < 0)
        {
            fprintf(stderr, "d3dconfig: %s\n", err);
            return EXIT_IO;
        }
    }
    printf("wrote %s\n", path);
    /* Other lines of the file may still be wrong: the runtime would ignore it all. */
    rt_config_load_file(&cfg, path);
    if (!cfg.file_valid)
    {
        fprintf(stderr, "d3dconfig: %s has errors (reported above); the runtime "
                "ignores the whole file until they are fixed\n", path);
        return EXIT_IO;
    }
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    char path[RT_CONFIG_PATH_MAX], err[RT_CONFIG_PATH_MAX + 256];
    struct rt_config cfg;
    bool absent;

    if (argc < 2)
    {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
    {
        if (argc > 2)
            return usage_error("unexpected argument '%s'", argv[2]);
        usage(stdout);
        return EXIT_SUCCESS;
    }
    if (argv[1][0] == '-' && strcmp(argv[1], "--reset"))
        return usage_error("unknown option '%s'", argv[1]);
    if (!strcmp(argv[1], "--reset") && argc > 2)
        return usage_error("unexpected argument '%s'", argv[2]);
    if (argv[1][0] != '-' && !rt_config_section_known(argv[1]))
        return usage_error("unknown section '%s'", argv[1]);

    if (rt_config_resolve_path(path, sizeof(path)) < 0)
    {
        fprintf(stderr, "d3dconfig: no configuration file path: set D3D12RT_CONFIG, "
                "XDG_CONFIG_HOME or HOME (to a path shorter than %d bytes)\n",
                RT_CONFIG_PATH_MAX);
        return EXIT_IO;
    }

    if (!strcmp(argv[1], "--reset"))
    {
        absent = access(path, F_OK) && errno == ENOENT;
        if (rt_config_remove(path, err, sizeof(err)) < 0)
        {
            fprintf(stderr, "d3dconfig: %s\n", err);
            return EXIT_IO;
        }
        printf("%s %s\n", absent ? "no file at" : "removed", path);
        return EXIT_SUCCESS;
    }
    if (argc > 2)
        return set_keys(path, argv[1], argc - 2, argv + 2);

    rt_config_load_file(&cfg, path);
    rt_config_print_section(stdout, &cfg, argv[1]);
    return EXIT_SUCCESS;
}
