/*
 * d3d12info's output: one stream of keyed values, written either as indented
 * "Key: value" lines or as one JSON object with nested objects and typed values
 * (numbers, booleans, enum names as strings).
 */
#ifndef D3D12INFO_PRINT_H
#define D3D12INFO_PRINT_H

#include <stdbool.h>
#include <stdint.h>

#define INFO_MAX_DEPTH 8

struct info_printer
{
    bool json;
    unsigned int depth;
    bool first[INFO_MAX_DEPTH]; /* JSON: nothing written yet at this depth */
};

/* A named value of an enumeration or one bit of a flag set. */
struct info_name
{
    int64_t value;
    const char *name;
};

void info_begin(struct info_printer *p, bool json);
void info_end(struct info_printer *p);

/* A nested object: "Key:" and indented members, or "key": {...}. */
void info_object_begin(struct info_printer *p, const char *key);
void info_object_end(struct info_printer *p);

void info_bool(struct info_printer *p, const char *key, bool value);
void info_uint(struct info_printer *p, const char *key, uint64_t value);
void info_int(struct info_printer *p, const char *key, int64_t value);
void info_string(struct info_printer *p, const char *key, const char *value);
/* The name of value in names (count entries), or its number when it has none. */
void info_enum(struct info_printer *p, const char *key, int64_t value, const struct info_name *names,
        unsigned int count);
/* The names of the bits set: "A | B" (or "none") as text, an array of strings in JSON;
 * bits without a name are written as a number. */
void info_flags(struct info_printer *p, const char *key, uint64_t value, const struct info_name *names,
        unsigned int count);

/* A value the device does not answer: null in JSON, why as text. */
void info_null(struct info_printer *p, const char *key, const char *why);

/* A line printed as text only ("Key: value"), for the summary keys whose text form
 * API.md fixes; JSON writes their typed form instead. */
void info_text_line(struct info_printer *p, const char *key, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

#define INFO_COUNT(a) ((unsigned int)(sizeof(a) / sizeof((a)[0])))

#endif
