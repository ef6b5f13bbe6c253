/* args -- see args.h. */
#include "args.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "names.h"

/* The value as quoted in messages: at most 60 characters of it. */
#define Q(s) 60, (s)

static int bounded(double min, double max)
{
    return !(min == 0.0 && max == 0.0);
}

/* A decimal integer with nothing after it; 0 or -1. */
static int strict_long(const char *s, long *v)
{
    char *end;
    errno = 0;
    if (!*s || (*s != '-' && *s != '+' && (*s < '0' || *s > '9')))
        return -1;
    *v = strtol(s, &end, 10);
    return (errno || end == s || *end) ? -1 : 0;
}

int hrel_args_long(const char *opt, const char *s, long min, long max, long *out,
                   char *err, size_t errlen)
{
    long v;
    if (strict_long(s, &v) != 0) {
        hrel_seterr(err, errlen, "%s: '%.*s' is not a whole number", opt, Q(s));
        return -1;
    }
    if ((min != 0 || max != 0) && (v < min || v > max)) {
        hrel_seterr(err, errlen, "%s: %ld is out of range (%ld..%ld)", opt, v, min, max);
        return -1;
    }
    *out = v;
    return 0;
}

int hrel_args_double(const char *opt, const char *s, double min, double max, double *out,
                     char *err, size_t errlen)
{
    char *end;
    double v;
    errno = 0;
    v = strtod(s, &end);
    if (!*s || end == s || *end || errno == EINVAL) {
        hrel_seterr(err, errlen, "%s: '%.*s' is not a number", opt, Q(s));
        return -1;
    }
    if (!isfinite(v)) {
        hrel_seterr(err, errlen, "%s: '%.*s' is not a finite number", opt, Q(s));
        return -1;
    }
    if (bounded(min, max) && (v < min || v > max)) {
        hrel_seterr(err, errlen, "%s: %g is out of range (%g..%g)", opt, v, min, max);
        return -1;
    }
    *out = v;
    return 0;
}

/* A unit suffix of a value and what it multiplies the number by. */
typedef struct unit {
    const char *suffix;
    double scale;
} unit;

/* Split S into its number, copied to NUM (NUMLEN bytes), and the scale of the
 * first of the N UNITS it ends in (1 when none; a suffix alone is no unit).
 * Return 0, or -1 when the number is empty or does not fit NUM. */
static int split_unit(const char *s, const unit *units, size_t n, char *num, size_t numlen,
                      double *scale)
{
    size_t len = strlen(s), i, k = len;
    *scale = 1.0;
    for (i = 0; i < n; i++) {
        size_t ul = strlen(units[i].suffix);
        if (len > ul && strcmp(s + len - ul, units[i].suffix) == 0) {
            k = len - ul;
            *scale = units[i].scale;
            break;
        }
    }
    if (k == 0 || k >= numlen)
        return -1;
    memcpy(num, s, k);
    num[k] = '\0';
    return 0;
}

int hrel_args_duration(const char *opt, const char *s, double *seconds, char *err,
                       size_t errlen)
{
    static const unit units[] = {{"ms", 1e-3}, {"us", 1e-6}, {"s", 1.0}, {"m", 60.0},
                                 {"h", 3600.0}};
    char num[64];
    double v, scale;
    if (split_unit(s, units, sizeof units / sizeof units[0], num, sizeof num, &scale) != 0 ||
        hrel_args_double(opt, num, 0, 0, &v, err, errlen) != 0) {
        hrel_seterr(err, errlen, "%s: '%.*s' is not a duration (e.g. 90, 90s, 2m, 500ms)", opt,
                    Q(s));
        return -1;
    }
    if (v < 0 || !isfinite(v * scale)) {
        hrel_seterr(err, errlen, "%s: '%.*s' must be a finite duration >= 0", opt, Q(s));
        return -1;
    }
    *seconds = v * scale;
    return 0;
}

int hrel_args_size(const char *opt, const char *s, long min, long max, long *bytes,
                   char *err, size_t errlen)
{
    static const unit units[] = {{"k", 1024.0}, {"K", 1024.0}, {"M", 1048576.0},
                                 {"G", 1073741824.0}};
    char num[64];
    double scale;
    long v, mul;
    if (split_unit(s, units, sizeof units / sizeof units[0], num, sizeof num, &scale) != 0 ||
        strict_long(num, &v) != 0 || v < 0) {
        hrel_seterr(err, errlen, "%s: '%.*s' is not a size in bytes (e.g. 6720, 64k, 2M)", opt,
                    Q(s));
        return -1;
    }
    mul = (long)scale;
    if (v > LONG_MAX / mul) {
        hrel_seterr(err, errlen, "%s: '%.*s' is too large", opt, Q(s));
        return -1;
    }
    v *= mul;
    if ((min != 0 || max != 0) && (v < min || v > max)) {
        hrel_seterr(err, errlen, "%s: %ld bytes is out of range (%ld..%ld)", opt, v, min, max);
        return -1;
    }
    *bytes = v;
    return 0;
}

/* Store V as item *N of OUT. */
static int push(const char *opt, long v, long *out, int maxn, int *n, char *err, size_t errlen)
{
    if (*n >= maxn) {
        hrel_seterr(err, errlen, "%s: more than %d values", opt, maxn);
        return -1;
    }
    out[(*n)++] = v;
    return 0;
}

int hrel_args_list(const char *opt, const char *s, int ranges, long min, long max,
                   long *out, int maxn, int *n, char *err, size_t errlen)
{
    const char *p = s;
    *n = 0;
    if (!*s) {
        hrel_seterr(err, errlen, "%s: empty list", opt);
        return -1;
    }
    for (;;) {
        char item[64], *dash, *colon;
        size_t len = strcspn(p, ",");
        long a, b, step = 1, v;
        if (len == 0) {
            hrel_seterr(err, errlen, "%s: '%.*s' has an empty item", opt, Q(s));
            return -1;
        }
        if (len >= sizeof item) {
            hrel_seterr(err, errlen, "%s: item '%.20s...' is too long", opt, p);
            return -1;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        dash = ranges ? strchr(item + 1, '-') : NULL;
        if (dash) {
            *dash = '\0';
            colon = strchr(dash + 1, ':');
            if (colon)
                *colon = '\0';
            if (hrel_args_long(opt, item, min, max, &a, err, errlen) ||
                hrel_args_long(opt, dash + 1, min, max, &b, err, errlen) ||
                (colon && hrel_args_long(opt, colon + 1, 1, LONG_MAX, &step, err, errlen)))
                return -1;
            if (b < a) {
                hrel_seterr(err, errlen, "%s: range %ld-%ld descends", opt, a, b);
                return -1;
            }
            for (v = a; v <= b; v += step) {
                if (push(opt, v, out, maxn, n, err, errlen))
                    return -1;
                if (v > LONG_MAX - step)
                    break;
            }
        } else if (ranges) {
            if (hrel_args_long(opt, item, min, max, &v, err, errlen) ||
                push(opt, v, out, maxn, n, err, errlen))
                return -1;
        } else {
            if (hrel_args_size(opt, item, min, max, &v, err, errlen) ||
                push(opt, v, out, maxn, n, err, errlen))
                return -1;
        }
        p += len;
        if (!*p)
            break;
        p++;   /* the comma */
        if (!*p) {
            hrel_seterr(err, errlen, "%s: '%.*s' has an empty item", opt, Q(s));
            return -1;
        }
    }
    return 0;
}

int hrel_args_choice(const char *opt, const char *s, const char *const *choices, int *idx,
                     char *err, size_t errlen)
{
    char known[256];
    size_t used = 0;
    int i = hrel_names_index(s, choices);
    if (i >= 0) {
        *idx = i;
        return 0;
    }
    known[0] = '\0';
    for (i = 0; choices[i] && used + 1 < sizeof known; i++) {
        int w = snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "", choices[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
    hrel_seterr(err, errlen, "%s: '%.*s' is not one of %s", opt, Q(s), known);
    return -1;
}

/* A table bound as a long: doubles at or beyond the range of long clamp to
 * LONG_MIN/LONG_MAX (a plain cast of 9.2e18 would overflow). */
static long bound(double d)
{
    if (d >= (double)LONG_MAX)
        return LONG_MAX;
    if (d <= (double)LONG_MIN)
        return LONG_MIN;
    return (long)d;
}

/* Store one option's value. */
static int store(const hrel_arg *a, const char *v, char *err, size_t errlen)
{
    char opt[80];
    long l;
    snprintf(opt, sizeof opt, "--%s", a->name);
    if (v && strlen(v) > 4096) {
        hrel_seterr(err, errlen, "%s: value longer than 4096 characters", opt);
        return -1;
    }
    switch (a->kind) {
    case HREL_ARG_FLAG:
        *(int *)a->dst = 1;
        return 0;
    case HREL_ARG_STR:
        if (!*v) {
            hrel_seterr(err, errlen, "%s: empty value", opt);
            return -1;
        }
        *(const char **)a->dst = v;
        return 0;
    case HREL_ARG_LONG:
        return hrel_args_long(opt, v, bound(a->min), bound(a->max), (long *)a->dst, err, errlen);
    case HREL_ARG_INT:
        if (hrel_args_long(opt, v,
                           bounded(a->min, a->max) && a->min > INT_MIN ? bound(a->min) : INT_MIN,
                           bounded(a->min, a->max) && a->max < INT_MAX ? bound(a->max) : INT_MAX,
                           &l, err, errlen))
            return -1;
        *(int *)a->dst = (int)l;
        return 0;
    case HREL_ARG_DOUBLE:
        return hrel_args_double(opt, v, a->min, a->max, (double *)a->dst, err, errlen);
    case HREL_ARG_DURATION: {
        double d;
        if (hrel_args_duration(opt, v, &d, err, errlen))
            return -1;
        if (bounded(a->min, a->max) && (d < a->min || d > a->max)) {
            hrel_seterr(err, errlen, "%s: %g s is out of range (%g..%g s)", opt, d, a->min,
                        a->max);
            return -1;
        }
        *(double *)a->dst = d;
        return 0;
    }
    case HREL_ARG_SIZE:
        return hrel_args_size(opt, v, bound(a->min), bound(a->max), (long *)a->dst, err, errlen);
    case HREL_ARG_PROCS:
    case HREL_ARG_SIZES:
        return hrel_args_list(opt, v, a->kind == HREL_ARG_PROCS, bound(a->min), bound(a->max),
                              (long *)a->dst, a->maxn, a->count, err, errlen);
    case HREL_ARG_CHOICE:
        return hrel_args_choice(opt, v, a->choices, (int *)a->dst, err, errlen);
    case HREL_ARG_STRS:
        if (!*v) {
            hrel_seterr(err, errlen, "%s: empty value", opt);
            return -1;
        }
        if (*a->count >= a->maxn) {
            hrel_seterr(err, errlen, "%s: given more than %d times", opt, a->maxn);
            return -1;
        }
        ((const char **)a->dst)[(*a->count)++] = v;
        return 0;
    }
    return -1;
}

int hrel_args_parse(int argc, char **argv, const hrel_arg *table, int *help, int *first,
                    char *err, size_t errlen)
{
    struct option lo[HREL_ARGS_MAX_OPTS + 2];
    char shorts[3 * HREL_ARGS_MAX_OPTS + 4];
    size_t ns = 0;
    int n = 0, c, idx;

    *help = 0;
    shorts[ns++] = ':';   /* report a missing value as ':' */
    for (n = 0; table[n].name; n++) {
        if (n >= HREL_ARGS_MAX_OPTS) {
            hrel_seterr(err, errlen, "internal: more than %d options", HREL_ARGS_MAX_OPTS);
            return -1;
        }
        lo[n].name = table[n].name;
        lo[n].has_arg = table[n].kind == HREL_ARG_FLAG ? no_argument : required_argument;
        lo[n].flag = NULL;
        lo[n].val = 256 + n;
        if (table[n].letter) {
            shorts[ns++] = (char)table[n].letter;
            if (table[n].kind != HREL_ARG_FLAG)
                shorts[ns++] = ':';
        }
    }
    lo[n].name = "help";
    lo[n].has_arg = no_argument;
    lo[n].flag = NULL;
    lo[n].val = 'h';
    memset(&lo[n + 1], 0, sizeof lo[n + 1]);
    shorts[ns++] = 'h';
    shorts[ns] = '\0';

    optind = 0;   /* 0, not 1: glibc then forgets the state of an earlier parse */
    opterr = 0;
    while ((c = getopt_long(argc, argv, shorts, lo, &idx)) != -1) {
        const hrel_arg *a = NULL;
        int k;
        if (c == 'h') {
            *help = 1;
            return 0;
        }
        if (c == '?' || c == ':') {
            const char *bad = argv[optind - 1];
            if (c == ':')
                hrel_seterr(err, errlen, "option '%.*s' needs a value", Q(bad));
            else if (optopt && optopt < 256 && bad[0] == '-' && bad[1] != '-')
                hrel_seterr(err, errlen, "unknown option '-%c'", optopt);
            else
                hrel_seterr(err, errlen, "unknown option '%.*s'", Q(bad));
            return -1;
        }
        if (c >= 256)
            a = &table[c - 256];
        else
            for (k = 0; table[k].name; k++)
                if (table[k].letter == c)
                    a = &table[k];
        if (!a) {
            hrel_seterr(err, errlen, "unknown option '-%c'", c);
            return -1;
        }
        if (store(a, optarg, err, errlen) != 0)
            return -1;
        if (a->seen)
            *a->seen = 1;
    }
    *first = optind;
    return 0;
}

int hrel_args_is_help(const char *word)
{
    return word && (strcmp(word, "-h") == 0 || strcmp(word, "--help") == 0);
}

int hrel_args_verb(const char *word, const char *const *verbs)
{
    return hrel_names_index(word, verbs);
}

int hrel_args_run(const char *prog, int argc, char **argv, const hrel_arg *table,
                  void (*usage_fn)(FILE *), const char *usage_text, FILE *out, FILE *errf,
                  int *first)
{
    char err[512];
    int help = 0;
    if (hrel_args_parse(argc, argv, table, &help, first, err, sizeof err) != 0) {
        fprintf(errf, "%s: %s (try %s --help)\n", prog, err, prog);
        return 2;
    }
    if (help) {
        if (usage_fn)
            usage_fn(out);
        else if (usage_text)
            fputs(usage_text, out);
        return 0;
    }
    return -1;
}

int hrel_args_parse_all(int argc, char **argv, const hrel_arg *table, char *err,
                        size_t errlen)
{
    int help = 0, first = 0;
    if (hrel_args_parse(argc, argv, table, &help, &first, err, errlen) != 0)
        return -1;
    if (help)
        return 1;
    if (first < argc) {
        hrel_seterr(err, errlen, "unexpected argument '%.60s' (try --help)", argv[first]);
        return -1;
    }
    return 0;
}

int hrel_args_exit_code(const char *prog, int rc, void (*usage_fn)(FILE *),
                        const char *usage_text, const char *err, FILE *out, FILE *errf)
{
    if (rc == 1) {
        if (usage_fn)
            usage_fn(out);
        else if (usage_text)
            fputs(usage_text, out);
        return 0;
    }
    if (rc < 0) {
        fprintf(errf, "%s: %s\n", prog, err);
        return 2;
    }
    return -1;
}

int hrel_args_none(const char *prog, int argc, char **argv, const char *usage_text, FILE *out,
                   FILE *errf)
{
    const hrel_arg table[] = {HREL_OPT_END};
    char err[256] = "";
    return hrel_args_exit_code(prog, hrel_args_parse_all(argc, argv, table, err, sizeof err),
                               NULL, usage_text, err, out, errf);
}
