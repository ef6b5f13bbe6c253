/* pvmtrace -- read PVM 3.4 tracer files (SDDF text). See pvmtrace.h. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "pvmtrace.h"
#include "textfile.h"

#define MAXDESC HREL_PVMTRACE_MAX_DESC
#define MAXFIELD HREL_PVMTRACE_MAX_FIELDS

typedef struct desc {
    char name[40];                 /* "send(0.0)" */
    int nf;
    char fname[MAXFIELD][8];
    int isstr[MAXFIELD];           /* char field: a string */
    int isarr[MAXFIELD];           /* int field with []: a list */
} desc;

typedef struct parser {
    const char *name, *p;
    long line;
    char *err;
    size_t errlen;
} parser;

static void skipws(parser *ps)
{
    while (*ps->p && isspace((unsigned char)*ps->p)) {
        if (*ps->p == '\n')
            ps->line++;
        ps->p++;
    }
}

static int perr(parser *ps, const char *what)
{
    if (!*ps->p)   /* whatever was expected, the file simply ended */
        hrel_seterr(ps->err, ps->errlen, "%s:%ld: the trace is cut short (it ends inside a "
                    "record or descriptor: %s)", ps->name, ps->line, what);
    else
        hrel_seterr(ps->err, ps->errlen, "%s:%ld: %s", ps->name, ps->line, what);
    return -1;
}

/* Read a "quoted" string into BUF. */
static int quoted(parser *ps, char *buf, size_t len)
{
    size_t n = 0;
    skipws(ps);
    if (*ps->p != '"')
        return perr(ps, "expected a quoted name");
    ps->p++;
    while (*ps->p && *ps->p != '"' && *ps->p != '\n') {
        if (n + 1 < len)
            buf[n++] = *ps->p;
        ps->p++;
    }
    if (*ps->p != '"')
        return perr(ps, "unterminated string");
    ps->p++;
    buf[n] = '\0';
    return 0;
}

/* Skip to the end of the current line. */
static void skipline(parser *ps)
{
    while (*ps->p && *ps->p != '\n')
        ps->p++;
}

/* Parse a descriptor after '#'. */
static int parse_desc(parser *ps, desc *d)
{
    char buf[64];
    d->nf = 0;
    while (*ps->p && *ps->p != ':' && *ps->p != '\n')
        ps->p++;
    if (*ps->p != ':')
        return perr(ps, "descriptor without ':'");
    ps->p++;
    if (quoted(ps, d->name, sizeof d->name) != 0)
        return -1;
    skipws(ps);
    if (*ps->p != '{')
        return perr(ps, "descriptor without '{'");
    ps->p++;
    for (;;) {
        skipws(ps);
        if (!*ps->p)
            return perr(ps, "descriptor cut short (end of file)");
        if (ps->p[0] == '/' && ps->p[1] == '/') {
            skipline(ps);
            continue;
        }
        if (*ps->p == '}') {
            ps->p++;
            skipline(ps);
            return 0;
        }
        /* TYPE "NAME"[]; */
        {
            int isstr = strncmp(ps->p, "char", 4) == 0;
            while (*ps->p && *ps->p != '"' && *ps->p != '\n')
                ps->p++;
            if (quoted(ps, buf, sizeof buf) != 0)
                return -1;
            if (d->nf >= MAXFIELD) {
                char what[64];
                snprintf(what, sizeof what, "descriptor with more than %d fields", MAXFIELD);
                return perr(ps, what);
            }
            buf[sizeof d->fname[0] - 1] = '\0';
            memcpy(d->fname[d->nf], buf, sizeof d->fname[0]);
            d->isstr[d->nf] = isstr;
            d->isarr[d->nf] = !isstr && ps->p[0] == '[';
            d->nf++;
            skipline(ps);
        }
    }
}

static int getlong(parser *ps, long *v)
{
    char *end;
    skipws(ps);
    errno = 0;
    *v = strtol(ps->p, &end, 10);
    if (end == ps->p || errno == ERANGE)
        return perr(ps, "a value is not an integer");
    ps->p = end;
    return 0;
}

static int expect(parser *ps, char c, const char *what)
{
    skipws(ps);
    if (*ps->p != c)
        return perr(ps, what);
    ps->p++;
    return 0;
}

/* Parse a record whose descriptor is D into E (after the quoted name). */
static int parse_rec(parser *ps, const desc *d, hrel_pvmtev *e)
{
    int k;
    long v, ts = 0, tu = 0;
    const char *open = strchr(d->name, '(');
    size_t nl = open ? (size_t)(open - d->name) : strlen(d->name);
    if (nl >= sizeof e->name)
        nl = sizeof e->name - 1;
    memcpy(e->name, d->name, nl);
    e->name[nl] = '\0';
    e->phase = !open ? 2 : strcmp(open, "(0.0)") == 0 ? 0 : strcmp(open, "(1.1)") == 0 ? 1 : 2;
    e->line = ps->line;
    if (expect(ps, '{', "record without '{'") != 0)
        return -1;
    for (k = 0; k < d->nf; k++) {
        if (k > 0 && expect(ps, ',', "record cut short (fewer values than its descriptor)") != 0)
            return -1;
        skipws(ps);
        if (d->isstr[k]) {            /* [n] { "text" } */
            int depth = 0;
            while (*ps->p && *ps->p != '\n') {
                if (*ps->p == '{')
                    depth++;
                if (*ps->p == '}' && --depth == 0) {
                    ps->p++;
                    break;
                }
                if (*ps->p == '"') {
                    ps->p++;
                    while (*ps->p && *ps->p != '"' && *ps->p != '\n')
                        ps->p++;
                    if (*ps->p != '"')
                        break;
                }
                ps->p++;
            }
            if (depth != 0)
                return perr(ps, "record cut short (string value)");
        } else if (d->isarr[k]) {     /* [n] { a, b } */
            long n, j;
            if (expect(ps, '[', "list value without '['") != 0 || getlong(ps, &n) != 0 ||
                expect(ps, ']', "list value without ']'") != 0 ||
                expect(ps, '{', "list value without '{'") != 0)
                return -1;
            if (n < 0 || n > HREL_PVMTRACE_MAX_LIST) {
                char what[80];
                snprintf(what, sizeof what, "list length %ld out of range (0..%d)", n,
                         HREL_PVMTRACE_MAX_LIST);
                return perr(ps, what);
            }
            free(e->list);
            e->list = malloc((size_t)(n ? n : 1) * sizeof *e->list);
            if (!e->list)
                return perr(ps, "out of memory");
            e->nlist = (int)n;
            for (j = 0; j < n; j++) {
                if (j > 0 && expect(ps, ',', "list cut short") != 0)
                    return -1;
                if (getlong(ps, &v) != 0)
                    return -1;
                e->list[j] = (int)v;
            }
            if (expect(ps, '}', "list cut short") != 0)
                return -1;
        } else {
            if (getlong(ps, &v) != 0)
                return -1;
            if (strcmp(d->fname[k], "TS") == 0)
                ts = v;
            else if (strcmp(d->fname[k], "TU") == 0)
                tu = v;
            else if (strcmp(d->fname[k], "TID") == 0)
                e->tid = (int)v;
            else if (e->nf < HREL_PVMTEV_MAXF) {
                snprintf(e->fname[e->nf], sizeof e->fname[0], "%s", d->fname[k]);
                e->fval[e->nf++] = v;
            }
        }
    }
    if (expect(ps, '}', "record cut short (more values than its descriptor, or missing '}')") != 0)
        return -1;
    skipws(ps);
    if (strncmp(ps->p, ";;", 2) != 0)
        return perr(ps, "record cut short (no ';;')");
    ps->p += 2;
    e->t = (double)ts + (double)tu * 1e-6;
    return 0;
}

int hrel_pvmtrace_parse(const char *name, const char *txt, hrel_pvmtrace **out,
                        char *err, size_t errlen)
{
    parser ps = {name, txt, 1, err, errlen};
    desc *d = calloc(MAXDESC, sizeof *d);
    int nd = 0, i;
    size_t cap = 256;
    hrel_pvmtrace *t = calloc(1, sizeof *t);
    char nm[40];

    *out = NULL;
    if (!d || !t || !(t->path = hrel_strdup(name)) || !(t->ev = calloc(cap, sizeof *t->ev))) {
        free(d);
        hrel_pvmtrace_free(t);
        hrel_seterr(err, errlen, "%s: out of memory", name);
        return -1;
    }
    for (;;) {
        skipws(&ps);
        if (!*ps.p)
            break;
        if (ps.p[0] == '/' && ps.p[1] == '*') {       /* header comment */
            const char *e = strstr(ps.p, "*/");
            if (!e) {
                perr(&ps, "comment cut short");
                goto fail;
            }
            for (; ps.p < e; ps.p++)
                if (*ps.p == '\n')
                    ps.line++;
            ps.p = e + 2;
            skipws(&ps);
            if (strncmp(ps.p, ";;", 2) == 0)
                ps.p += 2;
        } else if (*ps.p == '#') {
            desc nd1;
            if (parse_desc(&ps, &nd1) != 0)
                goto fail;
            for (i = 0; i < nd && strcmp(d[i].name, nd1.name) != 0; i++)
                ;
            if (i == nd) {
                if (nd == MAXDESC) {
                    char what[64];
                    snprintf(what, sizeof what, "more than %d descriptors", MAXDESC);
                    perr(&ps, what);
                    goto fail;
                }
                nd++;
            }
            d[i] = nd1;
        } else if (*ps.p == '"') {
            hrel_pvmtev *e;
            long line = ps.line;
            if (quoted(&ps, nm, sizeof nm) != 0)
                goto fail;
            for (i = 0; i < nd && strcmp(d[i].name, nm) != 0; i++)
                ;
            if (i == nd) {
                hrel_seterr(err, errlen, "%s:%ld: event \"%s\" is not described in the trace "
                            "(not a PVM 3.4 tracer file, or cut short)", name, line, nm);
                goto fail;
            }
            if (t->nev == cap) {
                hrel_pvmtev *ne = realloc(t->ev, 2 * cap * sizeof *ne);
                if (!ne) {
                    perr(&ps, "out of memory");
                    goto fail;
                }
                memset(ne + cap, 0, cap * sizeof *ne);
                t->ev = ne;
                cap *= 2;
            }
            e = &t->ev[t->nev++];
            if (parse_rec(&ps, &d[i], e) != 0)
                goto fail;
            e->line = line;
        } else {
            perr(&ps, "not a PVM tracer line (expected '#', '\"' or a comment)");
            goto fail;
        }
    }
    free(d);
    *out = t;
    return 0;
fail:
    free(d);
    hrel_pvmtrace_free(t);
    return -1;
}

/* hrel_pvmtrace_parse as an hrel_text_parser. */
static int parse_text(const char *path, const char *text, void *out, char *err, size_t errlen)
{
    return hrel_pvmtrace_parse(path, text, out, err, errlen);
}

int hrel_pvmtrace_read(const char *path, hrel_pvmtrace **out, char *err, size_t errlen)
{
    *out = NULL;
    return hrel_text_parse_file(path, parse_text, out, err, errlen);
}

void hrel_pvmtrace_free(hrel_pvmtrace *t)
{
    size_t i;
    if (!t)
        return;
    for (i = 0; t->ev && i < t->nev; i++)
        free(t->ev[i].list);
    free(t->ev);
    free(t->path);
    free(t);
}

int hrel_pvmtev_get(const hrel_pvmtev *e, const char *f, long *v)
{
    int i;
    for (i = 0; i < e->nf; i++)
        if (strcmp(e->fname[i], f) == 0) {
            *v = e->fval[i];
            return 0;
        }
    return -1;
}
