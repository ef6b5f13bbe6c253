/* raw -- see raw.h. Wraps the CSV reader and converts every field once. */
#include "raw.h"
#include "patterns.h"
#include "errmsg.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


const char *hrel_raw_meta(const hrel_raw *r, const char *key)
{
    return r ? hrel_csv_meta(r->csv, key) : NULL;
}

/* Line number of the header of PATH (first non-blank line not starting with
 * '#'), or 0 if it cannot be found. The CSV reader does not keep it. */
static size_t header_line(const char *path)
{
    FILE *fp;
    char buf[4096];
    size_t line = 0, found = 0;
    int at_start = 1;
    if (strcmp(path, "-") == 0 || !(fp = fopen(path, "r")))
        return 0;
    while (!found && fgets(buf, sizeof buf, fp)) {
        size_t n = strlen(buf);
        if (at_start) {
            const char *s = buf;
            line++;
            while (*s && isspace((unsigned char)*s))
                s++;
            if (*s && *s != '#')
                found = line;
        }
        at_start = (n > 0 && buf[n - 1] == '\n');
    }
    fclose(fp);
    return found;
}

/* Convert and check row I of T into *ROW. IDX holds the column indexes. */
static int convert_row(const hrel_csv *t, size_t i, const int *idx, hrel_raw_row *row,
                       char *err, size_t errlen)
{
    const char *pat = hrel_csv_str(t, i, idx[0]);
    long procs, rep;
    size_t ln = t->lineno[i];

    row->lineno = ln;
    row->pattern = hrel_patterns_index(pat);
    if (row->pattern < 0) {
        char known[128];
        hrel_seterr(err, errlen, "%s:%zu: unknown pattern '%s' (known: %s)", t->path, ln, pat,
                    hrel_patterns_names(-1, " ", known, sizeof known));
        return -1;
    }
    if (hrel_csv_long(t, i, idx[1], &procs, err, errlen) != 0)
        return -1;
    if (procs < 1 || procs > HREL_RAW_MAX_PROCS) {
        hrel_seterr(err, errlen, "%s:%zu: column procs: %ld is not a processor count 1..%d",
               t->path, ln, procs, HREL_RAW_MAX_PROCS);
        return -1;
    }
    row->procs = (int)procs;
    if (hrel_csv_double(t, i, idx[2], &row->h, err, errlen) != 0)
        return -1;
    if (row->h <= 0) {
        hrel_seterr(err, errlen, "%s:%zu: column h: %g is not positive", t->path, ln, row->h);
        return -1;
    }
    if (hrel_csv_double(t, i, idx[3], &row->msg_bytes, err, errlen) != 0)
        return -1;
    if (row->msg_bytes < 0) {
        hrel_seterr(err, errlen, "%s:%zu: column msg_bytes: %g is negative", t->path, ln,
               row->msg_bytes);
        return -1;
    }
    if (hrel_csv_long(t, i, idx[4], &rep, err, errlen) != 0)
        return -1;
    if (rep < 0) {
        hrel_seterr(err, errlen, "%s:%zu: column rep: %ld is negative", t->path, ln, rep);
        return -1;
    }
    row->rep = rep;
    if (hrel_csv_double(t, i, idx[5], &row->seconds, err, errlen) != 0)
        return -1;
    if (row->seconds <= 0) {
        hrel_seterr(err, errlen, "%s:%zu: column seconds: %g is not positive", t->path, ln,
               row->seconds);
        return -1;
    }
    return 0;
}

int hrel_raw_load(const char *path, hrel_raw **out, char *err, size_t errlen)
{
    static const char *const need[] = {"pattern", "procs", "h", "msg_bytes", "rep",
                                       "seconds", NULL};
    int idx[6];
    hrel_csv *t;
    hrel_raw *r;
    size_t i;

    *out = NULL;
    if (!(r = calloc(1, sizeof *r))) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        return -1;
    }
    if (hrel_csv_read(path, &r->csv, err, errlen) != 0)
        goto fail;
    t = r->csv;
    for (i = 0; need[i]; i++) {
        idx[i] = hrel_csv_col(t, need[i]);
        if (idx[i] < 0) {
            size_t hl = header_line(path);
            if (hl)
                hrel_seterr(err, errlen, "%s:%zu: missing column '%s' in the header", path,
                       hl, need[i]);
            else
                hrel_seterr(err, errlen, "%s: missing column '%s' in the header", path,
                       need[i]);
            goto fail;
        }
    }
    if (t->nrow == 0) {
        hrel_seterr(err, errlen, "%s: no data rows", path);
        goto fail;
    }
    if (!(r->row = calloc(t->nrow, sizeof *r->row))) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        goto fail;
    }
    r->nrow = t->nrow;
    for (i = 0; i < t->nrow; i++)
        if (convert_row(t, i, idx, &r->row[i], err, errlen) != 0)
            goto fail;
    *out = r;
    return 0;
fail:
    hrel_raw_free(r);
    return -1;
}

void hrel_raw_free(hrel_raw *r)
{
    if (!r)
        return;
    hrel_csv_free(r->csv);
    free(r->row);
    free(r);
}
