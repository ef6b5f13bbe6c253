/* benchrun -- see benchrun.h. */
#include "benchrun.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csv.h"
#include "errmsg.h"
#include "grow.h"
#include "sample.h"

const char *const hrel_benchrun_prog[HREL_BENCH_NPROG] = {"suite", "bare_pvm", "netpipe_pvm",
                                                          "raw_tcp", "suite_block",
                                                          "bare_traced"};

typedef struct rec {
    size_t round;
    int prog;
    long bytes;
    double sec;
} rec;

typedef struct recs {
    rec *r;
    size_t n, cap;
} recs;

static int push(recs *v, size_t round, int prog, long bytes, double sec, char *err, size_t errlen)
{
    if (hrel_grow(&v->r, &v->cap, v->n, sizeof *v->r) < 0) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    v->r[v->n].round = round;
    v->r[v->n].prog = prog;
    v->r[v->n].bytes = bytes;
    v->r[v->n].sec = sec;
    v->n++;
    return 0;
}

/* Medians per h of table T's rows (columns IDX h, seconds) into V. */
static int suite_medians(const hrel_csv *t, const int *idx, size_t round, int prog, recs *v,
                         char *err, size_t errlen)
{
    size_t r, k, n = t->nrow;
    double *a = malloc((3 * n + 1) * sizeof *a);   /* h, seconds, scratch */
    int rc = 0;
    if (!a) {
        hrel_seterr(err, errlen, "%s: out of memory", t->path);
        return -1;
    }
    for (r = 0; r < n && rc == 0; r++) {
        long h;
        rc = hrel_csv_long(t, r, idx[0], &h, err, errlen) ||
             hrel_csv_double(t, r, idx[1], &a[n + r], err, errlen);
        a[r] = (double)h;
    }
    for (r = 0; r < n && rc == 0; r++) {
        size_t m = 0;
        for (k = 0; k < r && a[k] != a[r]; k++)
            ;
        if (k < r)
            continue;   /* this h was summarised at its first row */
        for (k = r; k < n; k++)
            if (a[k] == a[r])
                a[2 * n + m++] = a[n + k];
        rc = push(v, round, prog, (long)a[r], hrel_sample_median(a + 2 * n, m), err, errlen);
    }
    free(a);
    return rc ? -1 : 0;
}

/* The suite's raw.csv: the median of the rows' seconds per h. */
static int load_suite(const char *path, size_t round, int prog, recs *v, char *err,
                      size_t errlen)
{
    static const char *const need[] = {"h", "seconds", NULL};
    hrel_csv *t = NULL;
    int idx[2], rc = hrel_csv_read(path, &t, err, errlen) ? -1 : 0;
    if (rc == 0)
        rc = hrel_csv_require(t, need, idx, err, errlen) ? -1
             : suite_medians(t, idx, round, prog, v, err, errlen);
    hrel_csv_free(t);
    return rc;
}

/* bare.csv / tcp.csv: bytes and median_s per row. */
static int load_pp(const char *path, size_t round, int prog, recs *v, char *err, size_t errlen)
{
    static const char *const need[] = {"bytes", "median_s", NULL};
    hrel_csv *t = NULL;
    int idx[2], rc = -1;
    size_t r;
    if (hrel_csv_read(path, &t, err, errlen) || hrel_csv_require(t, need, idx, err, errlen))
        goto done;
    for (r = 0; r < t->nrow; r++) {
        long b;
        double s;
        if (hrel_csv_long(t, r, idx[0], &b, err, errlen) ||
            hrel_csv_double(t, r, idx[1], &s, err, errlen) || push(v, round, prog, b, s, err, errlen))
            goto done;
    }
    rc = 0;
done:
    hrel_csv_free(t);
    return rc;
}

/* NetPIPE's output: "bytes Mbps seconds" lines; the line of size BYTES. */
static int load_netpipe(const char *path, long bytes, size_t round, recs *v, char *err,
                        size_t errlen)
{
    FILE *fp = fopen(path, "r");
    char line[512];
    long ln = 0;
    int found = 0;
    if (!fp) {
        hrel_seterr(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    while (fgets(line, sizeof line, fp)) {
        long b;
        double mbps, s;
        char c;
        ln++;
        if (sscanf(line, " %c", &c) != 1)
            continue;   /* blank */
        if (sscanf(line, "%ld %lf %lf", &b, &mbps, &s) != 3 || !isfinite(s) || s <= 0) {
            hrel_seterr(err, errlen, "%s:%ld: not a NetPIPE line 'bytes Mbps seconds'", path, ln);
            fclose(fp);
            return -1;
        }
        if (b == bytes && !found) {
            found = 1;
            if (push(v, round, HREL_BENCH_NETPIPE, b, s, err, errlen)) {
                fclose(fp);
                return -1;
            }
        }
    }
    fclose(fp);
    if (!found) {
        hrel_seterr(err, errlen, "%s: no line for %ld bytes", path, bytes);
        return -1;
    }
    return 0;
}

/* Every file of round directory RDIR: suite[-X]/raw.csv, bare[-X].csv, tcp[-X].csv,
 * netpipe-B.out (a program may run in several parts, e.g. large sizes apart). */
static int load_round(const char *rdir, size_t round, recs *v, char *err, size_t errlen)
{
    DIR *d = opendir(rdir);
    struct dirent *e;
    int rc = 0;
    if (!d) {
        hrel_seterr(err, errlen, "%s: %s", rdir, strerror(errno));
        return -1;
    }
    while (rc == 0 && (e = readdir(d)) != NULL) {
        const char *n = e->d_name;
        size_t len = strlen(n);
        long b;
        char tail[8], path[4200];
        int csv = len > 4 && strcmp(n + len - 4, ".csv") == 0;
        snprintf(path, sizeof path, "%.4000s/%.100s", rdir, n);
        if (strncmp(n, "suite", 5) == 0) {
            int prog = strncmp(n, "suiteblock", 10) == 0 ? HREL_BENCH_SUITE_BLOCK : HREL_BENCH_SUITE;
            snprintf(path, sizeof path, "%.4000s/%.100s/raw.csv", rdir, n);
            if (access(path, F_OK) == 0)
                rc = load_suite(path, round, prog, v, err, errlen);
        } else if (csv && strncmp(n, "baretraced", 10) == 0) {
            rc = load_pp(path, round, HREL_BENCH_BARE_TRACED, v, err, errlen);
        } else if (csv && strncmp(n, "bare", 4) == 0) {
            rc = load_pp(path, round, HREL_BENCH_BARE, v, err, errlen);
        } else if (csv && strncmp(n, "tcp", 3) == 0) {
            rc = load_pp(path, round, HREL_BENCH_TCP, v, err, errlen);
        } else if (sscanf(n, "netpipe-%ld.%7s", &b, tail) == 2 && strcmp(tail, "out") == 0) {
            rc = load_netpipe(path, b, round, v, err, errlen);
        }
    }
    closedir(d);
    return rc;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* The table of B from the records. */
static int tabulate(hrel_benchrun *b, const recs *v, char *err, size_t errlen)
{
    size_t i, k, n = 0;
    b->bytes = malloc((v->n + 1) * sizeof *b->bytes);
    if (!b->bytes) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (i = 0; i < v->n; i++) {
        for (k = 0; k < n && b->bytes[k] != v->r[i].bytes; k++)
            ;
        if (k == n)
            b->bytes[n++] = v->r[i].bytes;
    }
    qsort(b->bytes, n, sizeof *b->bytes, cmp_long);
    b->nsize = n;
    b->sec = malloc((b->nround * n * HREL_BENCH_NPROG + 1) * sizeof *b->sec);
    if (!b->sec) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (i = 0; i < b->nround * n * HREL_BENCH_NPROG; i++)
        b->sec[i] = NAN;
    for (i = 0; i < v->n; i++) {
        for (k = 0; b->bytes[k] != v->r[i].bytes; k++)
            ;
        b->sec[(v->r[i].round * n + k) * HREL_BENCH_NPROG + (size_t)v->r[i].prog] = v->r[i].sec;
    }
    return 0;
}

int hrel_benchrun_load(const char *dir, hrel_benchrun **out, char *err, size_t errlen)
{
    recs v = {NULL, 0, 0};
    hrel_benchrun *b = calloc(1, sizeof *b);
    size_t round;
    int rc = -1;
    *out = NULL;
    if (!b) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    for (round = 0;; round++) {
        char rdir[4100];
        snprintf(rdir, sizeof rdir, "%.4000s/round-%zu", dir, round + 1);
        if (access(rdir, F_OK) != 0)
            break;
        if (load_round(rdir, round, &v, err, errlen))
            goto done;
    }
    if (round == 0) {
        hrel_seterr(err, errlen, "%s: no round-1 directory (not a bench run?)", dir);
        goto done;
    }
    b->nround = round;
    if (tabulate(b, &v, err, errlen))
        goto done;
    *out = b;
    b = NULL;
    rc = 0;
done:
    free(v.r);
    hrel_benchrun_free(b);
    return rc;
}

void hrel_benchrun_free(hrel_benchrun *b)
{
    if (b) {
        free(b->bytes);
        free(b->sec);
    }
    free(b);
}

double hrel_benchrun_at(const hrel_benchrun *b, size_t round, size_t size, int prog)
{
    if (round >= b->nround || size >= b->nsize || prog < 0 || prog >= HREL_BENCH_NPROG)
        return NAN;
    return b->sec[(round * b->nsize + size) * HREL_BENCH_NPROG + (size_t)prog];
}
