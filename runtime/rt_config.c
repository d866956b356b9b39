/*
 * The configuration file: resolution, parsing and the write side used by the
 * d3dconfig tool. Our own parser rather than libinih: see
 * specs/decisions/D001-config-parser.md.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* realpath, fchmod */
#endif

#include "rt_config.h"
#include "rt_platform.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const struct rt_config_key rt_config_keys[] = {
    {"device", "force-async-commands-fallback", RT_CONFIG_TYPE_BOOL,
            offsetof(struct rt_config, force_async_commands_fallback),
            "use the Async Commands fallback even where the driver is native"},
    {"device", "gpu-timeout-ms", RT_CONFIG_TYPE_MILLISECONDS,
            offsetof(struct rt_config, gpu_timeout_ms),
            "the GPU watchdog: a command list running longer removes the device with"
            " DXGI_ERROR_DEVICE_HUNG (default 2000, 0: never)"},
    {"driver", "path", RT_CONFIG_TYPE_PATH,
            offsetof(struct rt_config, driver_path),
            "driver library to load instead of the built-in one (empty: built-in)"},
};
const size_t rt_config_key_count = sizeof(rt_config_keys) / sizeof(rt_config_keys[0]);

static const char config_header[] = "; d3d12rt configuration (see d3dconfig --help)\n";

/* A string that is not NUL-terminated: a span of a line. */
struct config_span
{
    const char *s;
    size_t len;
};

enum config_line_kind
{
    CONFIG_LINE_BLANK,      /* also a comment */
    CONFIG_LINE_SECTION,
    CONFIG_LINE_KEY,
    CONFIG_LINE_MALFORMED,
};

static void config_warn(const char *path, unsigned int line, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static void config_warn(const char *path, unsigned int line, const char *fmt, ...)
{
    va_list args;

    if (line)
        fprintf(stderr, "d3d12rt: config: %s:%u: ", path, line);
    else
        fprintf(stderr, "d3d12rt: config: %s: ", path);
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
}

static void config_set_error(char *err, size_t errlen, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static void config_set_error(char *err, size_t errlen, const char *fmt, ...)
{
    va_list args;

    if (!errlen)
        return;
    va_start(args, fmt);
    vsnprintf(err, errlen, fmt, args);
    va_end(args);
}

static bool config_is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* ASCII only, so the grammar does not depend on the application's locale. */
static bool config_is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || c == '-' || c == '_' || c == '.';
}

static struct config_span config_trim(const char *s, size_t len)
{
    struct config_span span = {s, len};

    while (span.len && config_is_blank(span.s[0]))
    {
        ++span.s;
        --span.len;
    }
    while (span.len && config_is_blank(span.s[span.len - 1]))
        --span.len;
    return span;
}

static bool config_is_name(struct config_span span)
{
    size_t i;

    if (!span.len)
        return false;
    for (i = 0; i < span.len; ++i)
    {
        if (!config_is_name_char(span.s[i]))
            return false;
    }
    return true;
}

static bool config_span_equals(struct config_span span, const char *s)
{
    return span.len == strlen(s) && !memcmp(span.s, s, span.len);
}

/* The one grammar, shared by the reader and the writer. */
static enum config_line_kind config_classify(const char *line, size_t len,
        struct config_span *name, struct config_span *value)
{
    struct config_span text = config_trim(line, len);
    const char *equals;

    if (!text.len || text.s[0] == ';' || text.s[0] == '#')
        return CONFIG_LINE_BLANK;
    if (text.s[0] == '[')
    {
        if (text.s[text.len - 1] != ']')
            return CONFIG_LINE_MALFORMED;
        *name = config_trim(text.s + 1, text.len - 2);
        return config_is_name(*name) ? CONFIG_LINE_SECTION : CONFIG_LINE_MALFORMED;
    }
    if (!(equals = memchr(text.s, '=', text.len)))
        return CONFIG_LINE_MALFORMED;
    *name = config_trim(text.s, (size_t)(equals - text.s));
    *value = config_trim(equals + 1, text.len - (size_t)(equals - text.s) - 1);
    return config_is_name(*name) ? CONFIG_LINE_KEY : CONFIG_LINE_MALFORMED;
}

static const struct rt_config_key *config_find_key(struct config_span section,
        struct config_span key)
{
    size_t i;

    for (i = 0; i < rt_config_key_count; ++i)
    {
        if (config_span_equals(section, rt_config_keys[i].section)
                && config_span_equals(key, rt_config_keys[i].name))
            return &rt_config_keys[i];
    }
    return NULL;
}

static bool config_section_known_span(struct config_span section)
{
    size_t i;

    for (i = 0; i < rt_config_key_count; ++i)
    {
        if (config_span_equals(section, rt_config_keys[i].section))
            return true;
    }
    return false;
}

static struct config_span config_span_of(const char *s)
{
    struct config_span span = {s, strlen(s)};

    return span;
}

bool rt_config_section_known(const char *section)
{
    return config_section_known_span(config_span_of(section));
}

/* Decimal digits only, at most RT_CONFIG_GPU_TIMEOUT_MAX_MS. */
static bool config_parse_milliseconds(struct config_span value, unsigned int *ms)
{
    unsigned long long v = 0;
    size_t i;

    if (!value.len)
        return false;
    for (i = 0; i < value.len; ++i)
    {
        if (value.s[i] < '0' || value.s[i] > '9')
            return false;
        v = v * 10 + (unsigned int)(value.s[i] - '0');
        if (v > RT_CONFIG_GPU_TIMEOUT_MAX_MS)
            return false;
    }
    *ms = (unsigned int)v;
    return true;
}

/* Parses value for key and, if cfg is not NULL, stores it there. */
static bool config_parse_value(const struct rt_config_key *key, struct config_span value,
        struct rt_config *cfg)
{
    char *member = cfg ? (char *)cfg + key->offset : NULL;

    switch (key->type)
    {
        case RT_CONFIG_TYPE_BOOL:
            if (config_span_equals(value, "true") || config_span_equals(value, "false"))
            {
                if (member)
                    *(bool *)member = value.s[0] == 't';
                return true;
            }
            return false;
        case RT_CONFIG_TYPE_PATH:
            if (value.len >= RT_CONFIG_PATH_MAX)
                return false;
            if (member)
            {
                memcpy(member, value.s, value.len);
                member[value.len] = '\0';
            }
            return true;
        case RT_CONFIG_TYPE_MILLISECONDS:
        {
            unsigned int ms;

            if (!config_parse_milliseconds(value, &ms))
                return false;
            if (member)
                *(unsigned int *)member = ms;
            return true;
        }
    }
    return false;
}

static const char *config_expected(const struct rt_config_key *key)
{
    switch (key->type)
    {
        case RT_CONFIG_TYPE_BOOL:
            return "true or false";
        case RT_CONFIG_TYPE_MILLISECONDS:
            return "milliseconds from 0 to 3600000";
        case RT_CONFIG_TYPE_PATH:
            break;
    }
    return "a path of at most 4095 bytes";
}

enum rt_config_check rt_config_check(const char *section, const char *key, const char *value)
{
    const struct rt_config_key *info;
    struct config_span span;
    size_t i;

    if (!rt_config_section_known(section))
        return RT_CONFIG_CHECK_UNKNOWN_SECTION;
    if (!(info = config_find_key(config_span_of(section), config_span_of(key))))
        return RT_CONFIG_CHECK_UNKNOWN_KEY;
    if (!value)
        return RT_CONFIG_CHECK_OK;
    /* A value must survive the round trip through one trimmed line. */
    span = config_span_of(value);
    for (i = 0; i < span.len; ++i)
    {
        if (span.s[i] == '\n' || span.s[i] == '\r')
            return RT_CONFIG_CHECK_BAD_VALUE;
    }
    if (config_trim(span.s, span.len).len != span.len)
        return RT_CONFIG_CHECK_BAD_VALUE;
    return config_parse_value(info, span, NULL) ? RT_CONFIG_CHECK_OK : RT_CONFIG_CHECK_BAD_VALUE;
}

static int config_format(char *buf, size_t len, const char *fmt, const char *dir)
{
    int n = snprintf(buf, len, fmt, dir);

    return n >= 0 && (size_t)n < len ? 0 : -1;
}

int rt_config_resolve_path(char *buf, size_t len)
{
    const char *dir;

    if (!len)
        return -1;
    if ((dir = rt_getenv("D3D12RT_CONFIG")) && dir[0])
        return config_format(buf, len, "%s", dir);
    /* The XDG spec says a relative XDG_CONFIG_HOME is invalid: skip it. */
    if ((dir = rt_getenv("XDG_CONFIG_HOME")) && dir[0] == '/')
        return config_format(buf, len, "%s/d3d12rt/d3dconfig.ini", dir);
    if ((dir = rt_getenv("HOME")) && dir[0])
        return config_format(buf, len, "%s/.config/d3d12rt/d3dconfig.ini", dir);
    return -1;
}

static void config_defaults(struct rt_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->gpu_timeout_ms = RT_CONFIG_GPU_TIMEOUT_DEFAULT_MS;
}

enum config_read
{
    CONFIG_READ_EOF = -1,
    CONFIG_READ_TOO_LONG = -2,
    CONFIG_READ_NUL = -3,
    CONFIG_READ_ERROR = -4,
};

/* Reads one line without its '\n' into buf (RT_CONFIG_LINE_MAX + 1 bytes). */
static long config_read_line(FILE *file, char *buf)
{
    long len = 0;
    int c;

    while ((c = getc(file)) != EOF && c != '\n')
    {
        if (!c)
            return CONFIG_READ_NUL;
        if (len == RT_CONFIG_LINE_MAX)
            return CONFIG_READ_TOO_LONG;
        buf[len++] = (char)c;
    }
    if (ferror(file))
        return CONFIG_READ_ERROR;
    if (c == EOF && !len)
        return CONFIG_READ_EOF;
    buf[len] = '\0';
    return len;
}

/* Parses file into cfg; false (after reporting why) if the whole file is to be ignored. */
static bool config_parse(FILE *file, const char *path, struct rt_config *cfg)
{
    static const char ignored[] = "; the whole file is ignored";
    enum { NO_SECTION, UNKNOWN_SECTION, KNOWN_SECTION } state = NO_SECTION;
    char line[RT_CONFIG_LINE_MAX + 1];
    struct config_span section = {NULL, 0}, name, value;
    const struct rt_config_key *key;
    unsigned int lineno;
    const char *text;
    long len;

    for (lineno = 1; (len = config_read_line(file, line)) != CONFIG_READ_EOF; ++lineno)
    {
        switch (len)
        {
            case CONFIG_READ_TOO_LONG:
                config_warn(path, lineno, "line longer than %u bytes%s",
                        (unsigned int)RT_CONFIG_LINE_MAX, ignored);
                return false;
            case CONFIG_READ_NUL:
                config_warn(path, lineno, "NUL byte in line%s", ignored);
                return false;
            case CONFIG_READ_ERROR:
                config_warn(path, 0, "cannot read: %s%s", strerror(errno), ignored);
                return false;
        }
        text = line;
        /* A UTF-8 byte order mark some editors write. */
        if (lineno == 1 && len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
        {
            text += 3;
            len -= 3;
        }
        switch (config_classify(text, (size_t)len, &name, &value))
        {
            case CONFIG_LINE_BLANK:
                break;
            case CONFIG_LINE_MALFORMED:
                config_warn(path, lineno, "malformed line (expected a comment, "
                        "[section] or key = value)%s", ignored);
                return false;
            case CONFIG_LINE_SECTION:
                if (!config_section_known_span(name))
                {
                    config_warn(path, lineno, "unknown section [%.*s], its keys are ignored",
                            (int)name.len, name.s);
                    state = UNKNOWN_SECTION;
                    break;
                }
                /* Keep the table's copy of the name: the next read overwrites line. */
                for (key = rt_config_keys; !config_span_equals(name, key->section); ++key)
                    ;
                section = config_span_of(key->section);
                state = KNOWN_SECTION;
                break;
            case CONFIG_LINE_KEY:
                if (state == NO_SECTION)
                {
                    config_warn(path, lineno, "key '%.*s' outside any section, ignored",
                            (int)name.len, name.s);
                    break;
                }
                if (state == UNKNOWN_SECTION)
                    break;
                if (!(key = config_find_key(section, name)))
                {
                    config_warn(path, lineno, "unknown key '%.*s' in [%.*s], ignored",
                            (int)name.len, name.s, (int)section.len, section.s);
                    break;
                }
                if (!config_parse_value(key, value, cfg))
                {
                    config_warn(path, lineno, "bad value '%.*s%s' for %s in [%s], expected %s%s",
                            value.len > 64 ? 64 : (int)value.len, value.s,
                            value.len > 64 ? "..." : "", key->name, key->section,
                            config_expected(key), ignored);
                    return false;
                }
                break;
        }
    }
    return true;
}

void rt_config_load_file(struct rt_config *cfg, const char *path)
{
    struct rt_config parsed;
    struct stat st;
    FILE *file;
    int fd;

    config_defaults(cfg);
    snprintf(cfg->source_path, sizeof(cfg->source_path), "%s", path);
    /* Non-blocking: opening a FIFO for reading would wait for a writer forever. */
    if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)) < 0)
    {
        if (errno == ENOENT || errno == ENOTDIR)
            return;
        cfg->file_found = true;
        config_warn(path, 0, "cannot open: %s; using defaults", strerror(errno));
        return;
    }
    cfg->file_found = true;
    if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
    {
        config_warn(path, 0, "not a regular file; using defaults");
        close(fd);
        return;
    }
    if (!(file = fdopen(fd, "r")))
    {
        config_warn(path, 0, "cannot open: %s; using defaults", strerror(errno));
        close(fd);
        return;
    }
    /* Parse into a copy so that a file rejected half way leaves the defaults. */
    parsed = *cfg;
    if (config_parse(file, path, &parsed))
    {
        *cfg = parsed;
        cfg->file_valid = true;
    }
    fclose(file);
}

static char driver_override[RT_CONFIG_PATH_MAX];

void rt_config_set_driver_override(const char *path)
{
    snprintf(driver_override, sizeof(driver_override), "%s", path ? path : "");
}

void rt_config_load(struct rt_config *cfg)
{
    char path[RT_CONFIG_PATH_MAX];

    const char *timeout;

    if (rt_config_resolve_path(path, sizeof(path)) < 0)
        config_defaults(cfg);
    else
        rt_config_load_file(cfg, path);
    if ((timeout = rt_getenv("D3D12RT_GPU_TIMEOUT_MS")) && !config_parse_milliseconds(config_span_of(timeout),
            &cfg->gpu_timeout_ms))
        fprintf(stderr, "d3d12rt: config: D3D12RT_GPU_TIMEOUT_MS=%s is not %s; ignored\n", timeout,
                "milliseconds from 0 to 3600000");
    if (driver_override[0])
        memcpy(cfg->driver_path, driver_override, sizeof(cfg->driver_path));
}

int rt_config_print_section(FILE *out, const struct rt_config *cfg, const char *section)
{
    const struct rt_config_key *key;
    const char *member;

    if (!rt_config_section_known(section))
        return -1;
    for (key = rt_config_keys; key < rt_config_keys + rt_config_key_count; ++key)
    {
        if (strcmp(key->section, section))
            continue;
        member = (const char *)cfg + key->offset;
        switch (key->type)
        {
            case RT_CONFIG_TYPE_BOOL:
                fprintf(out, "%s=%s\n", key->name, *(const bool *)member ? "true" : "false");
                break;
            case RT_CONFIG_TYPE_PATH:
                fprintf(out, "%s=%s\n", key->name, member);
                break;
            case RT_CONFIG_TYPE_MILLISECONDS:
                fprintf(out, "%s=%u\n", key->name, *(const unsigned int *)member);
                break;
        }
    }
    return 0;
}

int rt_config_remove(const char *path, char *err, size_t errlen)
{
    if (unlink(path) && errno != ENOENT)
    {
        config_set_error(err, errlen, "cannot remove %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* A growable byte buffer for the writer. */
struct config_buffer
{
    char *data;
    size_t len, cap;
};

static bool config_buffer_append(struct config_buffer *buf, const char *s, size_t len)
{
    char *data;
    size_t cap;

    if (!len)
        return true;
    if (buf->len + len > buf->cap)
    {
        cap = buf->cap ? buf->cap : 256;
        while (cap < buf->len + len)
            cap *= 2;
        if (!(data = realloc(buf->data, cap)))
            return false;
        buf->data = data;
        buf->cap = cap;
    }
    memcpy(buf->data + buf->len, s, len);
    buf->len += len;
    return true;
}

static bool config_buffer_append_str(struct config_buffer *buf, const char *s)
{
    return config_buffer_append(buf, s, strlen(s));
}

/* Reads the whole file; a missing file reads as empty with *exists false. */
static int config_read_all(const char *path, struct config_buffer *buf, bool *exists,
        mode_t *mode, char *err, size_t errlen)
{
    char chunk[4096];
    struct stat st;
    size_t n;
    FILE *file;

    *exists = false;
    if (!(file = fopen(path, "r")))
    {
        if (errno == ENOENT)
            return 0;
        config_set_error(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    *exists = true;
    if (fstat(fileno(file), &st) == 0)
        *mode = st.st_mode & 07777;
    while ((n = fread(chunk, 1, sizeof(chunk), file)))
    {
        if (!config_buffer_append(buf, chunk, n))
        {
            fclose(file);
            config_set_error(err, errlen, "out of memory reading %s", path);
            return -1;
        }
    }
    if (ferror(file))
    {
        config_set_error(err, errlen, "cannot read %s: %s", path, strerror(errno));
        fclose(file);
        return -1;
    }
    fclose(file);
    return 0;
}

/* Rewrites old into out with key = value set in [section]. */
static bool config_edit(const struct config_buffer *old, const char *section,
        const char *key, const char *value, struct config_buffer *out)
{
    bool in_section = false, first_run = false, seen_section = false, replaced = false;
    struct config_buffer setting = {NULL, 0, 0};
    struct config_span name, unused;
    size_t insert_at = 0, start, end;
    enum config_line_kind kind;
    const char *newline;
    bool ok;

    ok = config_buffer_append_str(&setting, key)
            && config_buffer_append_str(&setting, " = ")
            && config_buffer_append_str(&setting, value)
            && config_buffer_append_str(&setting, "\n");
    if (!old->len)
        ok = ok && config_buffer_append_str(out, config_header);
    for (start = 0; ok && start < old->len; start = end)
    {
        newline = memchr(old->data + start, '\n', old->len - start);
        end = newline ? (size_t)(newline - old->data) + 1 : old->len;
        kind = config_classify(old->data + start, end - start - (newline ? 1 : 0), &name, &unused);
        if (kind == CONFIG_LINE_SECTION)
        {
            in_section = config_span_equals(name, section);
            first_run = in_section && !seen_section;
            seen_section = seen_section || in_section;
        }
        else if (kind == CONFIG_LINE_KEY && in_section && config_span_equals(name, key))
        {
            /* The first occurrence takes the value; later duplicates go. */
            if (!replaced)
                ok = config_buffer_append(out, setting.data, setting.len);
            replaced = true;
            continue;
        }
        ok = ok && config_buffer_append(out, old->data + start, end - start)
                && (newline || config_buffer_append_str(out, "\n"));
        /* A new key goes after the header or last key of the section's first run. */
        if (first_run && (kind == CONFIG_LINE_SECTION || kind == CONFIG_LINE_KEY))
            insert_at = out->len;
    }
    if (ok && !replaced && seen_section)
    {
        ok = config_buffer_append(out, setting.data, setting.len);
        if (ok)
        {
            memmove(out->data + insert_at + setting.len, out->data + insert_at,
                    out->len - setting.len - insert_at);
            memcpy(out->data + insert_at, setting.data, setting.len);
        }
    }
    else if (ok && !replaced)
    {
        /* A blank line before the new section unless there is one already. */
        if (out->len > 1 && out->data[out->len - 2] != '\n')
            ok = config_buffer_append_str(out, "\n");
        ok = ok && config_buffer_append_str(out, "[")
                && config_buffer_append_str(out, section)
                && config_buffer_append_str(out, "]\n")
                && config_buffer_append(out, setting.data, setting.len);
    }
    free(setting.data);
    return ok;
}

/* mkdir -p of the directory holding path, new directories 0700 (XDG). */
static int config_make_parents(const char *path, char *err, size_t errlen)
{
    char dir[RT_CONFIG_PATH_MAX];
    char *slash, *p, saved;

    if (config_format(dir, sizeof(dir), "%s", path) < 0)
    {
        config_set_error(err, errlen, "path too long: %s", path);
        return -1;
    }
    if (!(slash = strrchr(dir, '/')) || slash == dir)
        return 0;
    *slash = '\0';
    for (p = dir + 1; ; ++p)
    {
        if (*p && *p != '/')
            continue;
        saved = *p;
        *p = '\0';
        if (mkdir(dir, 0700) && errno != EEXIST)
        {
            config_set_error(err, errlen, "cannot create directory %s: %s", dir, strerror(errno));
            return -1;
        }
        *p = saved;
        if (!saved)
            return 0;
    }
}

/* Replaces path with data: a new file beside it, then rename. */
static int config_replace(const char *path, const struct config_buffer *data,
        bool keep_mode, mode_t mode, char *err, size_t errlen)
{
    char tmp[RT_CONFIG_PATH_MAX + 32];
    size_t done = 0;
    ssize_t n;
    int fd;

    snprintf(tmp, sizeof(tmp), "%s.tmp-%ld", path, (long)getpid());
    /* open(), not mkstemp(), so that the umask gives a new file its mode. */
    if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666)) < 0)
    {
        config_set_error(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
        return -1;
    }
    if (keep_mode && fchmod(fd, mode))
        goto fail;
    while (done < data->len)
    {
        if ((n = write(fd, data->data + done, data->len - done)) < 0)
        {
            if (errno == EINTR)
                continue;
            goto fail;
        }
        done += (size_t)n;
    }
    if (fsync(fd))
        goto fail;
    if (close(fd))
    {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path))
        goto fail;
    return 0;

fail:
    config_set_error(err, errlen, "cannot write %s: %s", path, strerror(errno));
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    return -1;
}

int rt_config_set_value(const char *path, const char *section, const char *key,
        const char *value, char *err, size_t errlen)
{
    struct config_buffer old = {NULL, 0, 0}, out = {NULL, 0, 0};
    char target[PATH_MAX];
    mode_t mode = 0;
    struct stat st;
    bool exists;
    int ret = -1;

    /* Write through a symbolic link (a managed dotfile) rather than over it. */
    if (!lstat(path, &st) && S_ISLNK(st.st_mode))
    {
        if (!realpath(path, target))
        {
            config_set_error(err, errlen, "cannot follow link %s: %s", path, strerror(errno));
            return -1;
        }
    }
    else if (config_format(target, sizeof(target), "%s", path) < 0)
    {
        config_set_error(err, errlen, "path too long: %s", path);
        return -1;
    }
    if (config_read_all(target, &old, &exists, &mode, err, errlen) < 0)
        goto done;
    if (!config_edit(&old, section, key, value, &out))
    {
        config_set_error(err, errlen, "out of memory editing %s", target);
        goto done;
    }
    if (!exists && config_make_parents(target, err, errlen) < 0)
        goto done;
    ret = config_replace(target, &out, exists, mode, err, errlen);

done:
    free(old.data);
    free(out.data);
    return ret;
}
