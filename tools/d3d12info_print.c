/* d3d12info's two output forms (d3d12info_print.h). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "d3d12info_print.h"

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; ++s)
    {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", (unsigned char)*s);
        else
            putchar(*s);
    }
    putchar('"');
}

/* Starts a member: the separator and key in JSON, the indentation and key as text. */
static void member(struct info_printer *p, const char *key)
{
    if (p->json)
    {
        if (!p->first[p->depth])
            putchar(',');
        p->first[p->depth] = false;
        json_string(key);
        putchar(':');
    }
    else
    {
        printf("%*s%s:", (int)(2 * p->depth), "", key);
    }
}

void info_begin(struct info_printer *p, bool json)
{
    p->json = json;
    p->depth = 0;
    p->first[0] = true;
    if (json)
        putchar('{');
}

void info_end(struct info_printer *p)
{
    if (p->json)
        puts("}");
}

void info_object_begin(struct info_printer *p, const char *key)
{
    member(p, key);
    if (p->json)
        putchar('{');
    else
        putchar('\n');
    if (p->depth + 1 < INFO_MAX_DEPTH)
        ++p->depth;
    p->first[p->depth] = true;
}

void info_object_end(struct info_printer *p)
{
    if (p->depth)
        --p->depth;
    if (p->json)
        putchar('}');
}

void info_bool(struct info_printer *p, const char *key, bool value)
{
    member(p, key);
    if (p->json)
        fputs(value ? "true" : "false", stdout);
    else
        puts(value ? " yes" : " no");
}

void info_uint(struct info_printer *p, const char *key, uint64_t value)
{
    member(p, key);
    printf(p->json ? "%" PRIu64 : " %" PRIu64 "\n", value);
}

void info_int(struct info_printer *p, const char *key, int64_t value)
{
    member(p, key);
    printf(p->json ? "%" PRId64 : " %" PRId64 "\n", value);
}

void info_string(struct info_printer *p, const char *key, const char *value)
{
    member(p, key);
    if (p->json)
        json_string(value);
    else
        printf(" %s\n", value);
}

void info_enum(struct info_printer *p, const char *key, int64_t value, const struct info_name *names,
        unsigned int count)
{
    unsigned int i;

    for (i = 0; i < count; ++i)
    {
        if (names[i].value == value)
        {
            info_string(p, key, names[i].name);
            return;
        }
    }
    info_int(p, key, value);
}

void info_flags(struct info_printer *p, const char *key, uint64_t value, const struct info_name *names,
        unsigned int count)
{
    uint64_t rest = value;
    bool any = false;
    unsigned int i;

    member(p, key);
    putchar(p->json ? '[' : ' ');
    for (i = 0; i < count; ++i)
    {
        if (!names[i].value || (value & (uint64_t)names[i].value) != (uint64_t)names[i].value)
            continue;
        if (any)
            fputs(p->json ? "," : " | ", stdout);
        if (p->json)
            json_string(names[i].name);
        else
            fputs(names[i].name, stdout);
        rest &= ~(uint64_t)names[i].value;
        any = true;
    }
    if (rest)
    {
        if (any)
            fputs(p->json ? "," : " | ", stdout);
        printf(p->json ? "%" PRIu64 : "0x%" PRIx64, rest);
        any = true;
    }
    if (p->json)
        putchar(']');
    else
        puts(any ? "" : "none");
}

void info_text_line(struct info_printer *p, const char *key, const char *fmt, ...)
{
    va_list args;

    if (p->json)
        return;
    member(p, key);
    putchar(' ');
    va_start(args, fmt);
    vprintf(fmt, args);
    va_end(args);
    putchar('\n');
}

void info_null(struct info_printer *p, const char *key, const char *why)
{
    member(p, key);
    if (p->json)
        fputs("null", stdout);
    else
        printf(" %s\n", why);
}
