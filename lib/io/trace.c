/* trace -- see trace.h. Loading is two passes over the CSV table: read and
 * check every row, then check that every (step, rank) is present once. */
#include "trace.h"
#include "errmsg.h"
#include "ranks.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "grow.h"

int hrel_trace_alloc(int nproc, int nstep, hrel_trace **out, char *err, size_t errlen)
{
    hrel_trace *t;
    size_t i, n;
    *out = NULL;
    if (nproc < 1 || nstep < 1) {
        hrel_seterr(err, errlen, "a trace needs at least one rank and one step (got %d ranks, %d steps)",
               nproc, nstep);
        return -1;
    }
    n = (size_t)nproc * (size_t)nstep;
    t = calloc(1, sizeof *t);
    if (t) {
        t->row = calloc(n, sizeof *t->row);
        t->path = hrel_strdup("");
    }
    if (!t || !t->row || !t->path) {
        hrel_trace_free(t);
        hrel_seterr(err, errlen, "out of memory for a trace of %d ranks and %d steps", nproc, nstep);
        return -1;
    }
    t->nproc = nproc;
    t->nstep = nstep;
    for (i = 0; i < n; i++)
        t->row[i].t_end = NAN;
    *out = t;
    return 0;
}

void hrel_trace_free(hrel_trace *t)
{
    size_t i, n;
    if (!t)
        return;
    if (t->row) {
        n = (size_t)t->nproc * (size_t)t->nstep;
        for (i = 0; i < n; i++)
            free(t->row[i].partners);
        free(t->row);
    }
    free(t->path);
    free(t);
}

hrel_trace_row *hrel_trace_at(const hrel_trace *t, int step, int rank)
{
    if (!t || step < 1 || step > t->nstep || rank < 0 || rank >= t->nproc)
        return NULL;
    return &t->row[(size_t)(step - 1) * (size_t)t->nproc + (size_t)rank];
}

int hrel_trace_set_partners(hrel_trace *t, int step, int rank, const int *p, int n,
                            char *err, size_t errlen)
{
    hrel_trace_row *r = hrel_trace_at(t, step, rank);
    int i, j, k = 0, m, bad;
    int *q;
    if (!r) {
        hrel_seterr(err, errlen, "no row for rank %d in step %d", rank, step);
        return -1;
    }
    q = n > 0 ? malloc((size_t)n * sizeof *q) : NULL;
    if (n > 0 && !q) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    if ((m = hrel_ranks_others(p, n, t->nproc, rank, q, &bad)) < 0) {
        free(q);
        hrel_seterr(err, errlen, "partner %d is not a rank of the trace (ranks 0..%d)", bad,
                    t->nproc - 1);
        return -1;
    }
    for (i = 0; i < m; i++) {   /* each partner once, in first-seen order */
        for (j = 0; j < k && q[j] != q[i]; j++)
            ;
        if (j == k)
            q[k++] = q[i];
    }
    free(r->partners);
    r->partners = q;
    r->npartners = k;
    return 0;
}

/* Parse the ';'-separated partner list TEXT into a new array (*out, *n).
 * Return 0, or -1 with the offending token in BAD. */
static int parse_partners(const char *text, int **out, int *n, char *bad, size_t badlen)
{
    const char *s = text;
    int cap = 0, k = 0, *a = NULL;
    *out = NULL;
    *n = 0;
    while (*s) {
        char *end;
        long v;
        const char *tok = s;
        size_t len;
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == ';') {   /* empty item: tolerate "1;;2" and a trailing ';' */
            s++;
            continue;
        }
        if (!*s)
            break;
        v = strtol(s, &end, 10);
        if (end == s || v < 0 || v > HREL_TRACE_MAX_RANK) {
            len = strcspn(tok, ";");
            snprintf(bad, badlen, "%.*s", (int)(len < 40 ? len : 40), tok);
            free(a);
            return -1;
        }
        s = end;
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s && *s != ';') {
            len = strcspn(tok, ";");
            snprintf(bad, badlen, "%.*s", (int)(len < 40 ? len : 40), tok);
            free(a);
            return -1;
        }
        if (k == cap) {
            int nc = cap ? 2 * cap : 8;
            int *na = realloc(a, (size_t)nc * sizeof *na);
            if (!na) {
                free(a);
                snprintf(bad, badlen, "(out of memory)");
                return -1;
            }
            a = na;
            cap = nc;
        }
        a[k++] = (int)v;
    }
    *out = a;
    *n = k;
    return 0;
}

/* Pass 1 of the loader: every row's rank and step into RK, ST, checked, and
 * the largest of each. */
static int read_keys(const hrel_csv *c, const char *path, const int *idx, long *rk, long *st,
                     long *maxrank, long *maxstep, char *err, size_t errlen)
{
    size_t i;
    *maxrank = -1;
    *maxstep = 0;
    for (i = 0; i < c->nrow; i++) {
        if (hrel_csv_long(c, i, idx[0], &rk[i], err, errlen) != 0 ||
            hrel_csv_long(c, i, idx[1], &st[i], err, errlen) != 0)
            return -1;
        if (rk[i] < 0 || rk[i] > HREL_TRACE_MAX_RANK) {
            hrel_seterr(err, errlen, "%s:%zu: rank %ld is out of range (0..%d)", path,
                        c->lineno[i], rk[i], HREL_TRACE_MAX_RANK);
            return -1;
        }
        if (st[i] < 1 || st[i] > HREL_TRACE_MAX_STEP) {
            hrel_seterr(err, errlen, "%s:%zu: step %ld is out of range (1..%d)", path,
                        c->lineno[i], st[i], HREL_TRACE_MAX_STEP);
            return -1;
        }
        if (rk[i] > *maxrank)
            *maxrank = rk[i];
        if (st[i] > *maxstep)
            *maxstep = st[i];
    }
    return 0;
}

/* Pass 2 of the loader: the fields of row I (rank RK, step ST) into T. */
static int fill_row(hrel_trace *t, const hrel_csv *c, size_t i, const int *idx, int pcol,
                    long rk, long st, long maxrank, char *err, size_t errlen)
{
    hrel_trace_row *r = hrel_trace_at(t, (int)st, (int)rk);
    const char *te, *pat, *path = t->path;
    char bad[64];
    int *pp, np, j;
    if (r->line != 0) {
        hrel_seterr(err, errlen, "%s:%zu: rank %ld step %ld appears twice (first on line %ld)",
                    path, c->lineno[i], rk, st, r->line);
        return -1;
    }
    r->line = (long)c->lineno[i];
    if (hrel_csv_double(c, i, idx[2], &r->w_s, err, errlen) != 0 ||
        hrel_csv_double(c, i, idx[3], &r->in_bytes, err, errlen) != 0 ||
        hrel_csv_double(c, i, idx[4], &r->out_bytes, err, errlen) != 0)
        return -1;
    if (r->w_s < 0 || r->in_bytes < 0 || r->out_bytes < 0) {
        hrel_seterr(err, errlen, "%s:%zu: w_seconds, in_bytes and out_bytes must not be negative",
                    path, c->lineno[i]);
        return -1;
    }
    te = hrel_csv_str(c, i, idx[6]);
    r->t_end = NAN;
    if (*te && hrel_csv_double(c, i, idx[6], &r->t_end, err, errlen) != 0)
        return -1;
    if (parse_partners(hrel_csv_str(c, i, idx[5]), &pp, &np, bad, sizeof bad) != 0) {
        hrel_seterr(err, errlen, "%s:%zu: column partners: '%s' is not a rank", path,
                    c->lineno[i], bad);
        return -1;
    }
    for (j = 0; j < np; j++)
        if (pp[j] > maxrank) {
            hrel_seterr(err, errlen, "%s:%zu: partner %d is not a rank of the trace (ranks "
                        "0..%ld)", path, c->lineno[i], pp[j], maxrank);
            free(pp);
            return -1;
        }
    j = hrel_trace_set_partners(t, (int)st, (int)rk, pp, np, err, errlen);
    free(pp);
    if (j != 0)
        return -1;
    pat = pcol >= 0 ? hrel_csv_str(c, i, pcol) : "";
    if (strlen(pat) >= HREL_TRACE_PATLEN || strchr(pat, ';') || strchr(pat, ' ')) {
        hrel_seterr(err, errlen, "%s:%zu: column pattern: '%s' is not a pattern name (at most "
                    "%d characters, no spaces or ';')", path, c->lineno[i], pat,
                    HREL_TRACE_PATLEN - 1);
        return -1;
    }
    strcpy(r->pattern, pat);
    if (*pat)
        t->has_pattern = 1;
    return 0;
}

/* Pass 3 of the loader: every rank has every step; else name the first gap
 * with a line of that rank (RK: the rows' ranks, for a rank with no rows). */
static int check_complete(const hrel_trace *t, const hrel_csv *c, const long *rk, long maxrank,
                          char *err, size_t errlen)
{
    int s, k, s2;
    size_t i;
    for (k = 0; k < t->nproc; k++) {
        long last = 0;   /* a line of rank k, for the message */
        for (s = 1; s <= t->nstep; s++)
            if (hrel_trace_at(t, s, k)->line)
                last = hrel_trace_at(t, s, k)->line;
        if (last == 0) {
            for (i = 0; i < c->nrow && rk[i] <= k; i++)
                ;
            hrel_seterr(err, errlen, "%s:%zu: rank %d has no rows but rank %ld appears", t->path,
                        i < c->nrow ? c->lineno[i] : c->lineno[c->nrow - 1], k,
                        i < c->nrow ? rk[i] : maxrank);
            return -1;
        }
        for (s = 1; s <= t->nstep; s++) {
            long at = last;
            if (hrel_trace_at(t, s, k)->line)
                continue;
            for (s2 = s + 1; s2 <= t->nstep; s2++)
                if (hrel_trace_at(t, s2, k)->line) {
                    at = hrel_trace_at(t, s2, k)->line;
                    break;
                }
            hrel_seterr(err, errlen, "%s:%ld: rank %d has no step %d (the trace has steps 1..%d)",
                        t->path, at, k, s, t->nstep);
            return -1;
        }
    }
    return 0;
}

/* The loader on a whole table read into memory (standard input). */
/* The table of ranks 0..MAXRANK and steps 1..MAXSTEP for a file of NROW rows,
 * named PATH; refused when the file cannot fill it (some rank lacks some step:
 * a bound on the allocation, not on the values). Return 0 or -1 (ERR). */
static int alloc_table(const char *path, long maxrank, long maxstep, size_t nrow,
                       hrel_trace **t, char *err, size_t errlen)
{
    if ((double)(maxrank + 1) * (double)maxstep > 4.0 * (double)nrow + 1024.0) {
        hrel_seterr(err, errlen, "%s: ranks 0..%ld and steps 1..%ld need %.0f rows, the file "
                    "has %zu: some rank lacks some step", path, maxrank, maxstep,
                    (double)(maxrank + 1) * (double)maxstep, nrow);
        return -1;
    }
    if (hrel_trace_alloc((int)maxrank + 1, (int)maxstep, t, err, errlen) != 0)
        return -1;
    free((*t)->path);
    if (!((*t)->path = hrel_strdup(path))) {
        hrel_trace_free(*t);
        *t = NULL;
        hrel_seterr(err, errlen, "%s: out of memory", path);
        return -1;
    }
    return 0;
}

static int load_table(const char *path, hrel_trace **out, char *err, size_t errlen)
{
    static const char *const need[] = {"rank", "step", "w_seconds", "in_bytes",
                                       "out_bytes", "partners", "t_end", NULL};
    hrel_csv *c = NULL;
    hrel_trace *t = NULL;
    int idx[7], pcol;
    long *rk = NULL, *st = NULL, maxrank = -1, maxstep = 0;
    size_t i;
    int rc = -1;

    *out = NULL;
    if (hrel_csv_read(path, &c, err, errlen) != 0)
        return -1;
    if (hrel_csv_require(c, need, idx, err, errlen) != 0)
        goto fail;
    pcol = hrel_csv_col(c, "pattern");
    if (c->nrow == 0) {
        hrel_seterr(err, errlen, "%s: no rows after the header", path);
        goto fail;
    }
    rk = malloc(c->nrow * sizeof *rk);
    st = malloc(c->nrow * sizeof *st);
    if (!rk || !st) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        goto fail;
    }
    if (read_keys(c, path, idx, rk, st, &maxrank, &maxstep, err, errlen) != 0)
        goto fail;
    /* a complete trace has one row per rank and step: a grid far larger than
     * the file is refused before it is allocated, so memory follows the size of
     * the file, not the values in it (a small gap still gets the precise
     * message of check_complete) */
    if (alloc_table(path, maxrank, maxstep, c->nrow, &t, err, errlen) != 0)
        goto fail;
    for (i = 0; i < c->nrow; i++)
        if (fill_row(t, c, i, idx, pcol, rk[i], st[i], maxrank, err, errlen) != 0)
            goto fail;
    if (check_complete(t, c, rk, maxrank, err, errlen) != 0)
        goto fail;
    *out = t;
    t = NULL;
    rc = 0;
fail:
    free(rk);
    free(st);
    hrel_trace_free(t);
    hrel_csv_free(c);
    return rc;
}

/* The loader on a file read twice row by row (csv stream), so that a trace of
 * millions of rows is never held as text: pass 1 the keys (as read_keys, with
 * each row's line), then the grid, pass 2 the rows (fill_row on the stream's
 * current row), pass 3 as before. */
static int load_stream(const char *path, hrel_trace **out, char *err, size_t errlen)
{
    static const char *const need[] = {"rank", "step", "w_seconds", "in_bytes",
                                       "out_bytes", "partners", "t_end", NULL};
    hrel_csv_stream *cs = NULL;
    const hrel_csv *c;
    hrel_csv view;
    hrel_trace *t = NULL;
    int idx[7], pcol, got;
    long *rk = NULL, *st = NULL, maxrank = -1, maxstep = 0;
    size_t *line = NULL, n = 0, cap = 0, cap2 = 0, cap3 = 0, i;
    int rc = -1;

    *out = NULL;
    if (hrel_csv_stream_open(path, &cs, err, errlen) != 0)
        return -1;
    c = hrel_csv_stream_table(cs);
    if (hrel_csv_require(c, need, idx, err, errlen) != 0)
        goto fail;
    while ((got = hrel_csv_stream_next(cs, err, errlen)) > 0) {
        long r1, s1, mr, ms;
        if (hrel_grow(&rk, &cap, n, sizeof *rk) || hrel_grow(&st, &cap2, n, sizeof *st) ||
            hrel_grow(&line, &cap3, n, sizeof *line)) {
            hrel_seterr(err, errlen, "%s: out of memory", path);
            goto fail;
        }
        if (read_keys(c, path, idx, &r1, &s1, &mr, &ms, err, errlen) != 0)
            goto fail;
        if (mr > maxrank)
            maxrank = mr;
        if (ms > maxstep)
            maxstep = ms;
        rk[n] = r1;
        st[n] = s1;
        line[n++] = c->lineno[0];
    }
    if (got < 0)
        goto fail;
    if (n == 0) {
        hrel_seterr(err, errlen, "%s: no rows after the header", path);
        goto fail;
    }
    if (alloc_table(path, maxrank, maxstep, n, &t, err, errlen) != 0)
        goto fail;
    hrel_csv_stream_close(cs);
    if (hrel_csv_stream_open(path, &cs, err, errlen) != 0) {
        cs = NULL;
        goto fail;
    }
    c = hrel_csv_stream_table(cs);
    pcol = hrel_csv_col(c, "pattern");
    for (i = 0; i < n && (got = hrel_csv_stream_next(cs, err, errlen)) > 0; i++)
        if (fill_row(t, c, 0, idx, pcol, rk[i], st[i], maxrank, err, errlen) != 0)
            goto fail;
    if (i < n) {
        if (got == 0)
            hrel_seterr(err, errlen, "%s: the file changed while it was read", path);
        goto fail;
    }
    view = *c;   /* the rows' lines, for pass 3's messages */
    view.nrow = n;
    view.lineno = line;
    if (check_complete(t, &view, rk, maxrank, err, errlen) != 0)
        goto fail;
    *out = t;
    t = NULL;
    rc = 0;
fail:
    free(rk);
    free(st);
    free(line);
    hrel_trace_free(t);
    hrel_csv_stream_close(cs);
    return rc;
}

int hrel_trace_load(const char *path, hrel_trace **out, char *err, size_t errlen)
{
    if (strcmp(path, "-") == 0)
        return load_table(path, out, err, errlen);
    return load_stream(path, out, err, errlen);
}

double hrel_trace_step_end(const hrel_trace *t, int step)
{
    double m = -INFINITY;
    int i;
    for (i = 0; i < t->nproc; i++) {
        const hrel_trace_row *r = hrel_trace_at(t, step, i);
        if (!r || isnan(r->t_end))
            return NAN;
        if (r->t_end > m)
            m = r->t_end;
    }
    return m;
}
