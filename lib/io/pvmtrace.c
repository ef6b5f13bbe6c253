/* pvmtrace -- read PVM 3.4 tracer files (SDDF text). See pvmtrace.h. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "grow.h"
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
    /* derived once per descriptor, shared by its events: */
    char ename[HREL_PVMTEV_NAMELEN]; /* the event's name, "send" */
    int phase;                     /* its phase */
    int role[MAXFIELD];            /* per int field: 0 kept, 1 TS, 2 TU, 3 TID, 4 dropped */
    int nkeep;                     /* fields kept (at most HREL_PVMTEV_MAXF) */
    char keep[HREL_PVMTEV_MAXF][8]; /* their names */
} desc;

/* --- the arena: blocks that are never moved, so pointers into them stay -- */

typedef struct ablock {
    struct ablock *next;
    size_t used, cap;              /* in units */
    union { long l; double d; void *p; } u[]; /* the data */
} ablock;

/* BYTES of zeroed-on-demand memory from the arena *A (NULL: no memory). */
static void *arena_alloc(void **a, size_t bytes)
{
    ablock *b = *a;
    size_t units = (bytes + sizeof b->u[0] - 1) / sizeof b->u[0];
    if (!units)
        units = 1;
    if (!b || b->cap - b->used < units) {
        size_t cap = units > 131072 ? units : 131072;   /* 1 MiB blocks */
        ablock *nb = malloc(sizeof *nb + cap * sizeof nb->u[0]);
        if (!nb)
            return NULL;
        nb->next = b;
        nb->used = 0;
        nb->cap = cap;
        *a = b = nb;
    }
    b->used += units;
    return &b->u[b->used - units];
}

/* Forget what the arena *A holds, keeping its newest block for reuse. */
static void arena_reset(void **a)
{
    ablock *b = *a;
    if (!b)
        return;
    while (b->next) {
        ablock *nx = b->next->next;
        free(b->next);
        b->next = nx;
    }
    b->used = 0;
}

static void arena_free(void *a)
{
    ablock *b = a;
    while (b) {
        ablock *nx = b->next;
        free(b);
        b = nx;
    }
}

/* Fill D's derived fields from its name and fields. */
static void derive(desc *d)
{
    const char *open = strchr(d->name, '(');
    size_t nl = open ? (size_t)(open - d->name) : strlen(d->name);
    int k;
    if (nl >= sizeof d->ename)
        nl = sizeof d->ename - 1;
    memcpy(d->ename, d->name, nl);
    d->ename[nl] = '\0';
    d->phase = !open ? 2 : strcmp(open, "(0.0)") == 0 ? 0 : strcmp(open, "(1.1)") == 0 ? 1 : 2;
    d->nkeep = 0;
    for (k = 0; k < d->nf; k++) {
        if (d->isstr[k] || d->isarr[k])
            d->role[k] = 4;
        else if (strcmp(d->fname[k], "TS") == 0)
            d->role[k] = 1;
        else if (strcmp(d->fname[k], "TU") == 0)
            d->role[k] = 2;
        else if (strcmp(d->fname[k], "TID") == 0)
            d->role[k] = 3;
        else if (d->nkeep < HREL_PVMTEV_MAXF) {
            d->role[k] = 0;
            snprintf(d->keep[d->nkeep++], sizeof d->keep[0], "%s", d->fname[k]);
        } else
            d->role[k] = 4;
    }
}

typedef struct parser {
    const char *name, *p;
    long line;
    char *err;
    size_t errlen;
} parser;

static void skipws(parser *ps)
{
    while (*ps->p == ' ' || (*ps->p >= '\t' && *ps->p <= '\r')) {   /* isspace, C locale */
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
    const char *q;
    long x = 0;
    int neg;
    skipws(ps);
    q = ps->p;
    neg = *q == '-';
    q += neg;
    if (*q >= '0' && *q <= '9') {   /* up to 18 digits: no overflow, as strtol reads them */
        const char *d0 = q;
        while (*q >= '0' && *q <= '9' && q - d0 < 18)
            x = 10 * x + (*q++ - '0');
        if (!(*q >= '0' && *q <= '9')) {
            *v = neg ? -x : x;
            ps->p = q;
            return 0;
        }
    }
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

/* Parse a record whose descriptor is D into E (after the quoted name); its
 * values and list go into the arena *A. */
static int parse_rec(parser *ps, const desc *d, hrel_pvmtev *e, void **a)
{
    int k;
    long v, ts = 0, tu = 0;
    memset(e, 0, sizeof *e);
    e->name = d->ename;
    e->fname = d->keep;
    e->phase = d->phase;
    e->line = ps->line;
    if (d->nkeep && !(e->fval = arena_alloc(a, (size_t)d->nkeep * sizeof *e->fval)))
        return perr(ps, "out of memory");
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
            e->list = arena_alloc(a, (size_t)(n ? n : 1) * sizeof *e->list);
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
            switch (d->role[k]) {
            case 0: e->fval[e->nf++] = (int)v; break;
            case 1: ts = v; break;
            case 2: tu = v; break;
            case 3: e->tid = (int)v; break;
            default: break;
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

/* What the parser keeps between chunks: the descriptors by name (each in the
 * arena, so a redefinition leaves earlier events' names alone) and the
 * events' capacity. */
typedef struct pstate {
    desc *d[MAXDESC];
    unsigned h[MAXDESC];           /* hash of each one's name */
    int nd;
    size_t cap;
    hrel_pvmtrace_sink sink;       /* scan: each event goes here, not into the trace */
    void *arg;
    void *scratch;                 /* scan: the event's values, reset after each */
} pstate;

static unsigned name_hash(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* Parse every unit (comment, descriptor, record) of the text at PS->p into T. */
static int parse_units(parser *ps, pstate *st, hrel_pvmtrace *t)
{
    char nm[40];
    int i;
    for (;;) {
        skipws(ps);
        if (!*ps->p)
            return 0;
        if (ps->p[0] == '/' && ps->p[1] == '*') {       /* header comment */
            const char *e = strstr(ps->p, "*/");
            if (!e)
                return perr(ps, "comment cut short");
            for (; ps->p < e; ps->p++)
                if (*ps->p == '\n')
                    ps->line++;
            ps->p = e + 2;
            skipws(ps);
            if (strncmp(ps->p, ";;", 2) == 0)
                ps->p += 2;
        } else if (*ps->p == '#') {
            desc nd1, *dp;
            if (parse_desc(ps, &nd1) != 0)
                return -1;
            derive(&nd1);
            for (i = 0; i < st->nd && strcmp(st->d[i]->name, nd1.name) != 0; i++)
                ;
            st->h[i] = name_hash(nd1.name);
            if (i == st->nd) {
                if (st->nd == MAXDESC) {
                    char what[64];
                    snprintf(what, sizeof what, "more than %d descriptors", MAXDESC);
                    return perr(ps, what);
                }
                st->nd++;
            }
            if (!(dp = arena_alloc(&t->arena, sizeof *dp)))
                return perr(ps, "out of memory");
            *dp = nd1;
            st->d[i] = dp;
        } else if (*ps->p == '"') {
            hrel_pvmtev *e;
            long line = ps->line;
            unsigned h;
            if (quoted(ps, nm, sizeof nm) != 0)
                return -1;
            h = name_hash(nm);
            for (i = 0; i < st->nd && (st->h[i] != h || strcmp(st->d[i]->name, nm) != 0); i++)
                ;
            if (i == st->nd) {
                hrel_seterr(ps->err, ps->errlen, "%s:%ld: event \"%s\" is not described in "
                            "the trace (not a PVM 3.4 tracer file, or cut short)", ps->name,
                            line, nm);
                return -1;
            }
            if (st->sink) {
                hrel_pvmtev one;
                int rc;
                if (parse_rec(ps, st->d[i], &one, &st->scratch) != 0)
                    return -1;
                one.line = line;
                rc = st->sink(st->arg, &one);
                arena_reset(&st->scratch);
                if (rc != 0)
                    return rc;
                continue;
            }
            if (hrel_grow(&t->ev, &st->cap, t->nev, sizeof *t->ev) != 0)
                return perr(ps, "out of memory");
            e = &t->ev[t->nev];
            if (parse_rec(ps, st->d[i], e, &t->arena) != 0)
                return -1;
            t->nev++;
            e->line = line;
        } else
            return perr(ps, "not a PVM tracer line (expected '#', '\"' or a comment)");
    }
}

static hrel_pvmtrace *trace_new(const char *name)
{
    hrel_pvmtrace *t = calloc(1, sizeof *t);
    if (t && !(t->path = hrel_strdup(name))) {
        free(t);
        t = NULL;
    }
    return t;
}

int hrel_pvmtrace_parse(const char *name, const char *txt, hrel_pvmtrace **out,
                        char *err, size_t errlen)
{
    parser ps = {name, txt, 1, err, errlen};
    pstate *st = calloc(1, sizeof *st);
    hrel_pvmtrace *t = trace_new(name);

    *out = NULL;
    if (!st || !t) {
        free(st);
        hrel_pvmtrace_free(t);
        hrel_seterr(err, errlen, "%s: out of memory", name);
        return -1;
    }
    if (parse_units(&ps, st, t) != 0) {
        free(st);
        hrel_pvmtrace_free(t);
        return -1;
    }
    free(st);
    *out = t;
    return 0;
}

/* The start of the last unit that begins in BUF[FROM..LEN) on a line of its
 * own ('"' or '#' after a newline), or 0 when none: the text before it is
 * whole units. */
static size_t last_cut(const char *buf, size_t from, size_t len)
{
    size_t k;
    for (k = len; k > from + 1; k--)
        if (buf[k - 2] == '\n' && (buf[k - 1] == '"' || buf[k - 1] == '#'))
            return k - 1;
    return 0;
}

/* Parse the file PATH chunk by chunk into T (or, with ST->sink, to the sink).
 * Return 0, -1 (ERR), or the sink's non-zero value. */
static int read_chunks(const char *path, pstate *st, hrel_pvmtrace *t, char *err, size_t errlen)
{
    hrel_text_stream *ts = NULL;
    parser ps = {path, NULL, 1, err, errlen};
    size_t cap = (size_t)1 << 20, len = 0;
    char *buf = malloc(cap);
    int eof = 0, started = 0, rc = -1;

    if (!buf) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        goto out;
    }
    if (hrel_text_open(path, &ts, err, errlen) != 0)
        goto out;
    for (;;) {
        size_t got = 0, from = 0, cut;
        char c;
        if (!eof) {
            if (hrel_text_read_some(ts, buf + len, cap - 1 - len, &got, err, errlen) != 0)
                goto out;
            eof = got == 0;
            len += got;
        }
        buf[len] = '\0';
        if (!started) {   /* the header comment, whole, in the first cut */
            const char *q = buf;
            while (*q && strchr(" \t\r\n", *q))
                q++;
            if (q[0] == '/' && q[1] == '*') {
                const char *e = strstr(q, "*/");
                if (e)
                    from = (size_t)(e + 2 - buf);
                else if (!eof)
                    from = len;   /* read on */
            }
        }
        cut = eof ? len : last_cut(buf, from, len);
        if (eof && !cut)
            break;
        if (!cut) {
            if (len + 1 == cap) {   /* no whole unit yet: a larger buffer */
                char *nb = realloc(buf, 2 * cap);
                if (!nb) {
                    hrel_seterr(err, errlen, "%s: out of memory", path);
                    goto out;
                }
                buf = nb;
                cap *= 2;
            }
            continue;
        }
        c = buf[cut];
        buf[cut] = '\0';
        ps.p = buf;
        if ((rc = parse_units(&ps, st, t)) != 0)
            goto out;
        rc = -1;
        buf[cut] = c;
        memmove(buf, buf + cut, len - cut);
        len -= cut;
        started = 1;
        if (eof)
            break;
    }
    rc = 0;
out:
    hrel_text_close(ts);
    free(buf);
    return rc;
}

int hrel_pvmtrace_read(const char *path, hrel_pvmtrace **out, char *err, size_t errlen)
{
    pstate *st = calloc(1, sizeof *st);
    hrel_pvmtrace *t = trace_new(path);

    *out = NULL;
    if (!st || !t) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        free(st);
        hrel_pvmtrace_free(t);
        return -1;
    }
    if (read_chunks(path, st, t, err, errlen) != 0) {
        free(st);
        hrel_pvmtrace_free(t);
        return -1;
    }
    free(st);
    *out = t;
    return 0;
}

int hrel_pvmtrace_scan(const char *path, hrel_pvmtrace_sink sink, void *arg, char *err,
                       size_t errlen)
{
    pstate *st = calloc(1, sizeof *st);
    hrel_pvmtrace *t = trace_new(path);   /* holds the descriptors */
    int rc;

    if (!st || !t) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        free(st);
        hrel_pvmtrace_free(t);
        return -1;
    }
    st->sink = sink;
    st->arg = arg;
    rc = read_chunks(path, st, t, err, errlen);
    arena_free(st->scratch);
    free(st);
    hrel_pvmtrace_free(t);
    return rc;
}

void hrel_pvmtrace_free(hrel_pvmtrace *t)
{
    if (!t)
        return;
    free(t->ev);
    arena_free(t->arena);
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
