/*
 * The configuration file (the d3dconfig equivalent, design/API.md).
 *
 * Location: $D3D12RT_CONFIG if set and non-empty, else
 * $XDG_CONFIG_HOME/d3d12rt/d3dconfig.ini (when XDG_CONFIG_HOME is absolute),
 * else $HOME/.config/d3d12rt/d3dconfig.ini.
 *
 * Grammar, one construct per line (specs/decisions/D001-config-parser.md):
 *   blank line, or a comment whose first non-blank character is ';' or '#'
 *   [section]        name of letters, digits, '-', '_' or '.'
 *   key = value      key of the same characters; the value is the rest of the
 *                    line with surrounding blanks removed, taken literally (no
 *                    quotes, no inline comments: a path may hold ';' or '#')
 * Names are case-sensitive. Booleans are exactly "true" or "false". A line may
 * hold at most RT_CONFIG_LINE_MAX characters. A later duplicate of a key wins.
 *
 * An unknown section or key, or a key before any section, is warned about on
 * stderr with file:line and ignored; the rest of the file is used. A malformed
 * line, an over-long line or a bad value for a known key is reported with
 * file:line and the whole file is ignored. Messages start "d3d12rt: config: ".
 */
#ifndef RT_CONFIG_H
#define RT_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define RT_CONFIG_PATH_MAX 4096
#define RT_CONFIG_LINE_MAX 8192

/* The GPU watchdog's default budget per command list: Windows' TDR delay (2 s). */
#define RT_CONFIG_GPU_TIMEOUT_DEFAULT_MS 2000u
/* The largest budget a file or D3D12RT_GPU_TIMEOUT_MS may give: one hour. */
#define RT_CONFIG_GPU_TIMEOUT_MAX_MS 3600000u

struct rt_config
{
    bool force_async_commands_fallback;      /* [device] force-async-commands-fallback */
    /* [device] gpu-timeout-ms, overridden by $D3D12RT_GPU_TIMEOUT_MS; 0: no watchdog */
    unsigned int gpu_timeout_ms;
    char driver_path[RT_CONFIG_PATH_MAX];    /* [driver] path; "" = built-in driver */
    bool file_found;                         /* a file existed at the resolved path */
    bool file_valid;                         /* found and parsed without errors */
    char source_path[RT_CONFIG_PATH_MAX];    /* the resolved path, "" if none */
};

enum rt_config_type
{
    RT_CONFIG_TYPE_BOOL,
    RT_CONFIG_TYPE_PATH,
    RT_CONFIG_TYPE_MILLISECONDS,             /* decimal, 0 to RT_CONFIG_GPU_TIMEOUT_MAX_MS */
};

/* One known key; the parser, the writer and the tool all work from this table. */
struct rt_config_key
{
    const char *section;
    const char *name;
    enum rt_config_type type;
    size_t offset;                           /* of the member in struct rt_config */
    const char *help;
};

extern const struct rt_config_key rt_config_keys[];
extern const size_t rt_config_key_count;

enum rt_config_check
{
    RT_CONFIG_CHECK_OK,
    RT_CONFIG_CHECK_UNKNOWN_SECTION,
    RT_CONFIG_CHECK_UNKNOWN_KEY,
    RT_CONFIG_CHECK_BAD_VALUE,
};

/* 0 and the path in buf, or -1 if no variable gives one or it does not fit. */
int rt_config_resolve_path(char *buf, size_t len);

/* Defaults, then the file at the resolved path if any (only a regular file is read; a
 * FIFO or a device is refused without blocking), then the environment's overrides
 * ($D3D12RT_GPU_TIMEOUT_MS; an invalid value is warned about and ignored). Never fails. */
void rt_config_load(struct rt_config *cfg);
/* A driver path that replaces the file's [driver] path in every later rt_config_load
 * of this process (d3d12info --driver); NULL or "" removes it. Not thread-safe: set it
 * before the first device is created. */
void rt_config_set_driver_override(const char *path);

/* Defaults, then the file at path (a regular file only). Never fails. */
void rt_config_load_file(struct rt_config *cfg, const char *path);

bool rt_config_section_known(const char *section);

/* Whether section/key is known and value valid for it (value may be NULL). */
enum rt_config_check rt_config_check(const char *section, const char *key,
        const char *value);

/*
 * Sets key = value in [section] of the file at path, keeping every other line:
 * the first occurrence of the key in the section is replaced and later ones
 * are dropped; otherwise the key is added to the section, or the section to
 * the end. Creates missing parent directories (mode 0700) and replaces the
 * file atomically, through a symbolic link if path is one. The caller checks
 * the key and value first (rt_config_check). Returns 0, or -1 with a reason
 * in err.
 */
int rt_config_set_value(const char *path, const char *section, const char *key,
        const char *value, char *err, size_t errlen);

/* Prints each key of section as "key=value" from cfg. -1 for an unknown section. */
int rt_config_print_section(FILE *out, const struct rt_config *cfg, const char *section);

/* Removes the file; a missing file is success. Returns 0, or -1 with a reason in err. */
int rt_config_remove(const char *path, char *err, size_t errlen);

#endif
