/* csv -- see csv.h. One pass over the file; every string is a private copy. */
#include "csv.h"
#include "errmsg.h"
#include "grow.h"
#include "textfile.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Trim white space at both ends in place; return the start. */
static char *trim(char *s)
{
    char *e;
    while (*s && isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

/* Split LINE on ',' into a new array of trimmed copies; *n gets the count. */
/* Number of comma-separated fields of LINE. */
static size_t nfields(const char *line)
{
    size_t cnt = 1;
    for (; *line; line++)
        cnt += *line == ',';
    return cnt;
}

/* Split LINE (modified) into its CNT = nfields(LINE) trimmed fields, each
 * allocated: counted first, so that a line with the wrong number of fields
 * is refused before one allocation per field (memory follows the file). */
static char **split(char *line, size_t cnt)
{
    size_t i = 0;
    char *p, **f;
    f = calloc(cnt, sizeof *f);
    if (!f)
        return NULL;
    p = line;
    for (;;) {
        char *c = strchr(p, ',');
        if (c)
            *c = '\0';
        f[i] = hrel_strdup(trim(p));
        if (!f[i]) {
            while (i > 0)
                free(f[--i]);
            free(f);
            return NULL;
        }
        i++;
        if (!c)
            break;
        p = c + 1;
    }
    return f;
}

/* One line S (trimmed, number LINENO) of T that is not a data row: blank,
 * comment, metadata or the header. Return 1 when taken, 0 when S is a data
 * row (the header is read), -1 on an error (message in ERR). */
static int head_line(hrel_csv *t, char *s, size_t lineno, size_t *mcap, char *err,
                     size_t errlen)
{
    const char *path = t->path;
    if (*s == '\0')
        return 1;
    if (*s == '#') {
        char *colon = strchr(s + 1, ':');
        if (colon && !t->col) {
            size_t m = t->nmeta;
            *colon = '\0';
            if (hrel_grow(&t->meta_key, mcap, m, sizeof(char *)) ||
                !(t->meta_val = realloc(t->meta_val, *mcap * sizeof(char *))))
                goto nomem;
            t->meta_key[m] = hrel_strdup(trim(s + 1));
            t->meta_val[m] = hrel_strdup(trim(colon + 1));
            if (!t->meta_key[m] || !t->meta_val[m])
                goto nomem;
            t->nmeta++;
        }
        return 1;
    }
    if (!t->col) {
        size_t a, b, n = nfields(s);
        if (n > HREL_CSV_MAX_COLS) {
            hrel_seterr(err, errlen, "%s:%zu: %zu columns in the header (at most %d)", path,
                        lineno, n, HREL_CSV_MAX_COLS);
            return -1;
        }
        t->col = split(s, n);
        if (!t->col)
            goto nomem;
        t->ncol = n;
        for (a = 0; a < t->ncol; a++)
            for (b = a + 1; b < t->ncol; b++)
                if (strcmp(t->col[a], t->col[b]) == 0) {
                    hrel_seterr(err, errlen, "%s:%zu: column '%.60s' appears twice in the "
                                "header", path, lineno, t->col[a]);
                    return -1;
                }
        return 1;
    }
    if (nfields(s) != t->ncol) {
        hrel_seterr(err, errlen, "%s:%zu: %zu fields, the header has %zu", path, lineno,
                    nfields(s), t->ncol);
        return -1;
    }
    return 0;
nomem:
    hrel_seterr(err, errlen, "%s: out of memory", path);
    return -1;
}

int hrel_csv_read(const char *path, hrel_csv **out, char *err, size_t errlen)
{
    hrel_csv *t;
    size_t lineno = 0, mcap = 0, rcap = 0, lcap = 0, textlen;
    char *line, *text = NULL, *cursor;
    int rc = -1;

    *out = NULL;
    if (hrel_text_read(path, &text, &textlen, err, errlen) != 0)
        return -1;
    cursor = text;
    t = calloc(1, sizeof *t);
    if (!t || !(t->path = hrel_strdup(path)))
        goto nomem;
    while ((line = hrel_text_next_line(&cursor)) != NULL) {
        char *s = trim(line);
        int h;
        lineno++;
        if ((h = head_line(t, s, lineno, &mcap, err, errlen)) < 0)
            goto fail;
        if (h == 0) {
            size_t n = t->ncol;
            char **f = split(s, n);
            if (!f)
                goto nomem;
            if (hrel_grow(&t->cell, &rcap, t->nrow, sizeof(char **)) ||
                hrel_grow(&t->lineno, &lcap, t->nrow, sizeof(size_t))) {
                hrel_strv_free(f, n);
                goto nomem;
            }
            t->cell[t->nrow] = f;
            t->lineno[t->nrow] = lineno;
            t->nrow++;
        }
    }
    if (!t->col) {
        hrel_seterr(err, errlen, "%s:%zu: no header line", path, lineno);
        goto fail;
    }
    rc = 0;
    *out = t;
    goto done;
nomem:
    hrel_seterr(err, errlen, "%s: out of memory", path);
fail:
    hrel_csv_free(t);
done:
    free(text);
    return rc;
}

struct hrel_csv_stream {
    hrel_csv tab;            /* metadata, header; row 0 is the current row */
    hrel_text_stream *ts;
    char **fields;           /* the current row's fields, in the line buffer */
    size_t lineno;           /* its line */
    size_t mcap;
    size_t last;             /* the number of the last line read */
    int ahead_done;          /* the row read by _open has been handed out */
};

void hrel_csv_stream_close(hrel_csv_stream *s)
{
    if (!s)
        return;
    hrel_strv_free(s->tab.meta_key, s->tab.nmeta);
    hrel_strv_free(s->tab.meta_val, s->tab.nmeta);
    hrel_strv_free(s->tab.col, s->tab.ncol);
    free(s->tab.path);
    free(s->fields);
    hrel_text_close(s->ts);
    free(s);
}

/* Read lines up to and including the next data row (split in place into
 * S->fields). 1: a row; 0: the end; -1: an error. */
static int stream_next(hrel_csv_stream *s, char *err, size_t errlen)
{
    char *line;
    size_t lineno;
    int got, h;
    s->tab.nrow = 0;
    while ((got = hrel_text_getline(s->ts, &line, &lineno, err, errlen)) > 0) {
        char *p = line, *q;
        size_t i = 0;
        while (isspace((unsigned char)*p))
            p++;
        s->last = lineno;
        if (!s->tab.col || *p == '#' || *p == '\0') {   /* not a data row */
            if ((h = head_line(&s->tab, trim(p), lineno, &s->mcap, err, errlen)) < 0)
                return -1;
            if (h)
                continue;
        }
        if (!s->fields && !(s->fields = calloc(s->tab.ncol, sizeof *s->fields))) {
            hrel_seterr(err, errlen, "%s: out of memory", s->tab.path);
            return -1;
        }
        /* split in place, each field trimmed, in one pass */
        for (;;) {
            char *e;
            while (isspace((unsigned char)*p))
                p++;
            for (q = p; *q && *q != ','; q++)
                ;
            for (e = q; e > p && isspace((unsigned char)e[-1]); e--)
                ;
            if (i < s->tab.ncol)
                s->fields[i] = p;
            i++;
            if (!*q) {
                *e = '\0';
                break;
            }
            *e = '\0';
            p = q + 1;
        }
        if (i != s->tab.ncol) {
            hrel_seterr(err, errlen, "%s:%zu: %zu fields, the header has %zu", s->tab.path,
                        lineno, i, s->tab.ncol);
            return -1;
        }
        s->lineno = lineno;
        s->tab.nrow = 1;
        return 1;
    }
    return got;
}

int hrel_csv_stream_open(const char *path, hrel_csv_stream **out, char *err, size_t errlen)
{
    hrel_csv_stream *s;
    int got;
    *out = NULL;
    if (!(s = calloc(1, sizeof *s)) || !(s->tab.path = hrel_strdup(path))) {
        free(s);
        hrel_seterr(err, errlen, "%s: out of memory", path);
        return -1;
    }
    s->tab.cell = &s->fields;
    s->tab.lineno = &s->lineno;
    if (hrel_text_open(path, &s->ts, err, errlen) != 0 ||
        (got = stream_next(s, err, errlen)) < 0) {
        hrel_csv_stream_close(s);
        return -1;
    }
    if (!s->tab.col) {
        hrel_seterr(err, errlen, "%s:%zu: no header line", path, s->last);
        hrel_csv_stream_close(s);
        return -1;
    }
    s->tab.nrow = got;   /* the first row is read ahead: handed out by the first _next */
    *out = s;
    return 0;
}

const hrel_csv *hrel_csv_stream_table(const hrel_csv_stream *s)
{
    return &s->tab;
}

int hrel_csv_stream_next(hrel_csv_stream *s, char *err, size_t errlen)
{
    if (s->ahead_done)
        return stream_next(s, err, errlen);
    s->ahead_done = 1;
    return (int)s->tab.nrow;
}

void hrel_csv_free(hrel_csv *t)
{
    size_t i;
    if (!t)
        return;
    hrel_strv_free(t->meta_key, t->nmeta);
    hrel_strv_free(t->meta_val, t->nmeta);
    hrel_strv_free(t->col, t->ncol);
    for (i = 0; i < t->nrow; i++)
        hrel_strv_free(t->cell[i], t->ncol);
    free(t->cell);
    free(t->lineno);
    free(t->path);
    free(t);
}

int hrel_csv_col(const hrel_csv *t, const char *name)
{
    size_t i;
    for (i = 0; i < t->ncol; i++)
        if (strcmp(t->col[i], name) == 0)
            return (int)i;
    return -1;
}

int hrel_csv_require(const hrel_csv *t, const char *const *names, int *idx,
                     char *err, size_t errlen)
{
    size_t k;
    for (k = 0; names[k]; k++) {
        idx[k] = hrel_csv_col(t, names[k]);
        if (idx[k] < 0) {
            hrel_seterr(err, errlen, "%s: missing column '%s' in the header", t->path,
                   names[k]);
            return -1;
        }
    }
    return 0;
}

const char *hrel_csv_meta(const hrel_csv *t, const char *key)
{
    size_t i;
    for (i = 0; i < t->nmeta; i++)
        if (strcmp(t->meta_key[i], key) == 0)
            return t->meta_val[i];
    return NULL;
}

const char *hrel_csv_str(const hrel_csv *t, size_t row, int col)
{
    if (row >= t->nrow || col < 0 || (size_t)col >= t->ncol)
        return "";
    return t->cell[row][col];
}

/* S as a double when it is plain decimal ([-]digits[.digits], at most 15
 * digits): the mantissa and 10^k are exact doubles, so one division gives the
 * correctly rounded value, as strtod would. Return 0, or -1 (use strtod). */
static int fast_double(const char *s, double *d)
{
    static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
                                 1e11, 1e12, 1e13, 1e14, 1e15};
    long long m = 0;
    int neg = 0, nd = 0, nf = 0, dot = 0;
    if (*s == '-') {
        neg = 1;
        s++;
    }
    for (; *s; s++) {
        if (*s >= '0' && *s <= '9') {
            if (++nd > 15)
                return -1;   /* more digits than a double holds exactly: strtod */
            m = 10 * m + (*s - '0');
            nf += dot;
        } else if (*s == '.' && !dot)
            dot = 1;
        else
            return -1;
    }
    if (nd == 0 || nd > 15)
        return -1;
    *d = (double)m / p10[nf];
    if (neg)
        *d = -*d;
    return 0;
}

/* The number in the cell at ROW, COL: a long (base 10) into *L when L is
 * given, else a finite double into *D. One rule for both: the whole cell,
 * not empty, in range; else -1 with "PATH:LINE: column C: 'S' is not ...". */
static int cell_number(const hrel_csv *t, size_t row, int col, long *l, double *d,
                       char *err, size_t errlen)
{
    const char *s = hrel_csv_str(t, row, col);
    char *end;
    long lx = 0;
    double dx = 0;
    if (!l && fast_double(s, d) == 0)
        return 0;
    errno = 0;
    if (l)
        lx = strtol(s, &end, 10);
    else
        dx = strtod(s, &end);
    if (*s == '\0' || *end != '\0' || errno == ERANGE || !isfinite(dx)) {
        hrel_seterr(err, errlen, "%s:%zu: column %s: '%s' is not %s", t->path, t->lineno[row],
                    col >= 0 && (size_t)col < t->ncol ? t->col[col] : "?", s,
                    l ? "an integer" : "a number");
        return -1;
    }
    if (l)
        *l = lx;
    else
        *d = dx;
    return 0;
}

int hrel_csv_double(const hrel_csv *t, size_t row, int col, double *v,
                    char *err, size_t errlen)
{
    return cell_number(t, row, col, NULL, v, err, errlen);
}

int hrel_csv_long(const hrel_csv *t, size_t row, int col, long *v,
                  char *err, size_t errlen)
{
    return cell_number(t, row, col, v, NULL, err, errlen);
}

int hrel_csv_path_beside(const char *base, const char *name, char *out, size_t outlen,
                         char *err, size_t errlen)
{
    const char *slash = strrchr(base, '/'), *c = name;
    int n;
    while (*c) {   /* every component: not ".." */
        size_t len = strcspn(c, "/");
        if (len == 2 && c[0] == '.' && c[1] == '.')
            break;
        c += len;
        c += *c == '/';
    }
    if (!*name || name[0] == '/' || *c) {
        hrel_seterr(err, errlen, "'%.200s' is not a file beside %.200s", name, base);
        return -1;
    }
    n = slash ? snprintf(out, outlen, "%.*s/%s", (int)(slash - base), base, name)
              : snprintf(out, outlen, "%s", name);
    if (n < 0 || (size_t)n >= outlen) {
        hrel_seterr(err, errlen, "'%.200s': path too long", name);
        return -1;
    }
    return 0;
}
