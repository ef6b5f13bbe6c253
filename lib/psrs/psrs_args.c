/* psrs_args -- see psrs_args.h. */
#include "psrs_args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hrel_psrs_parse_n(const char *s, long *n, char *err, size_t errlen)
{
    char *end;
    long v, mul = 1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (end != s && (*end == 'k' || *end == 'K')) {
        mul = 1024;
        end++;
    } else if (end != s && (*end == 'm' || *end == 'M')) {
        mul = 1048576;
        end++;
    }
    if (end == s || *end || errno == ERANGE || v < 1 || v > HREL_PSRS_MAX_N / mul) {
        snprintf(err, errlen, "bad item count '%s' (want an integer 1..%ld, k and M suffixes allowed)",
                 s, HREL_PSRS_MAX_N);
        return -1;
    }
    *n = v * mul;
    return 0;
}

/* Parse one integer P of a processor list from *s; advance *s. */
static int one_proc(const char **s, int *p)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(*s, &end, 10);
    if (end == *s || errno == ERANGE || v < 2 || v > HREL_PSRS_MAX_PROCS)
        return -1;
    *p = (int)v;
    *s = end;
    return 0;
}

int hrel_psrs_parse_procs(const char *s, int *procs, int max, int *n, char *err,
                          size_t errlen)
{
    const char *q = s;
    int cnt = 0;
    if (!*q)
        goto bad;
    while (*q) {
        int a, b, p;
        if (one_proc(&q, &a) != 0)
            goto bad;
        b = a;
        if (*q == '-') {
            q++;
            if (one_proc(&q, &b) != 0 || b < a)
                goto bad;
        }
        if (*q == ',')
            q++;
        else if (*q)
            goto bad;
        for (p = a; p <= b; p++) {
            if (cnt >= max) {
                snprintf(err, errlen, "processor list '%s' has more than %d counts", s, max);
                return -1;
            }
            procs[cnt++] = p;
        }
    }
    *n = cnt;
    return 0;
bad:
    snprintf(err, errlen, "bad processor list '%s' (want e.g. 2-8 or 2,4,8 with counts 2..%d)",
             s, HREL_PSRS_MAX_PROCS);
    return -1;
}

int hrel_psrs_check_size(long n, int p, char *err, size_t errlen)
{
    if (p < 2 || p > HREL_PSRS_MAX_PROCS) {
        snprintf(err, errlen, "P=%d is out of range 2..%d", p, HREL_PSRS_MAX_PROCS);
        return -1;
    }
    if (n < (long)p * p) {
        snprintf(err, errlen, "N=%ld is too small for P=%d: PSRS needs N >= P*P = %ld", n, p,
                 (long)p * p);
        return -1;
    }
    if (n > HREL_PSRS_MAX_N) {
        snprintf(err, errlen, "N=%ld is larger than %ld", n, HREL_PSRS_MAX_N);
        return -1;
    }
    return 0;
}
