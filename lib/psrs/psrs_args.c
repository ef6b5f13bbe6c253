/* psrs_args -- see psrs_args.h. The parsing itself is lib/base/args's. */
#include "psrs_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"

int hrel_psrs_parse_n(const char *s, long *n, char *err, size_t errlen)
{
    char buf[64];
    size_t len = strlen(s);
    /* PSRS has always taken a lower-case m as well */
    if (len > 1 && len < sizeof buf && s[len - 1] == 'm') {
        memcpy(buf, s, len);
        buf[len - 1] = 'M';
        buf[len] = '\0';
        s = buf;
    }
    if (hrel_args_size("item count", s, 1, HREL_PSRS_MAX_N, n, err, errlen) != 0) {
        snprintf(err, errlen, "bad item count '%.60s' (want an integer 1..%ld, k and M "
                 "suffixes allowed)", s, HREL_PSRS_MAX_N);
        return -1;
    }
    return 0;
}

int hrel_psrs_parse_procs(const char *s, int *procs, int max, int *n, char *err,
                          size_t errlen)
{
    long v[HREL_PSRS_MAX_PROCS];
    char why[256];
    int i;
    if (max > HREL_PSRS_MAX_PROCS)
        max = HREL_PSRS_MAX_PROCS;
    if (hrel_args_list("processor list", s, 1, 2, HREL_PSRS_MAX_PROCS, v, max, n, why,
                       sizeof why) != 0) {
        snprintf(err, errlen, "bad processor list '%.60s' (%s; want e.g. 2-8 or 2,4,8 with "
                 "counts 2..%d)", s, why, HREL_PSRS_MAX_PROCS);
        return -1;
    }
    for (i = 0; i < *n; i++)
        procs[i] = (int)v[i];
    return 0;
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
