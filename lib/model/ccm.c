/* ccm -- see ccm.h. The parser keeps a stack of the open blocks (program,
 * division, task); evaluation is a post-order walk of the tree. */
#include "ccm.h"
#include "textfile.h"
#include "errmsg.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAXDEPTH HREL_CCM_MAX_DEPTH
#define MAXWORDS HREL_CCM_MAX_WORDS

/* ======================================================================
 * tree building
 * ==================================================================== */

static hrel_ccm_node *node_new(hrel_ccm_kind kind, int p, long line)
{
    hrel_ccm_node *n = calloc(1, sizeof *n);
    if (n) {
        n->kind = kind;
        n->p = p;
        n->line = line;
    }
    return n;
}

static void node_free(hrel_ccm_node *n)
{
    size_t i;
    if (!n)
        return;
    for (i = 0; i < n->nchild; i++)
        node_free(n->child[i]);
    free(n->child);
    free(n);
}

/* Append C to PARENT's children. Return 0, -1 when out of memory. */
static int node_add(hrel_ccm_node *parent, hrel_ccm_node *c)
{
    hrel_ccm_node **a = realloc(parent->child, (parent->nchild + 1) * sizeof *a);
    if (!a)
        return -1;
    a[parent->nchild++] = c;
    parent->child = a;
    return 0;
}

static void fn_clear(hrel_ccm_fn *f)
{
    free(f->from);
    free(f->L);
    free(f->g);
}

void hrel_ccm_free(hrel_ccm *m)
{
    size_t i;
    if (!m)
        return;
    for (i = 0; i < m->nfn; i++)
        fn_clear(&m->fn[i]);
    free(m->fn);
    node_free(m->root);
    free(m->path);
    free(m);
}

/* Add a function with one piece (FROM, L, G) or, if one of the same name and
 * p was added last, append a piece to it. */
static int fn_add_piece(hrel_ccm *m, const char *name, int p, long line, int new_fn, double from,
                        double L, double g)
{
    hrel_ccm_fn *f;
    size_t k;
    if (new_fn) {
        hrel_ccm_fn *a = realloc(m->fn, (m->nfn + 1) * sizeof *a);
        if (!a)
            return -1;
        m->fn = a;
        f = &m->fn[m->nfn++];
        memset(f, 0, sizeof *f);
        snprintf(f->name, sizeof f->name, "%s", name);
        f->p = p;
        f->line = line;
    }
    f = &m->fn[m->nfn - 1];
    k = f->npiece;
    {
        double *a1 = realloc(f->from, (k + 1) * sizeof *a1);
        if (!a1)
            return -1;
        f->from = a1;
        a1 = realloc(f->L, (k + 1) * sizeof *a1);
        if (!a1)
            return -1;
        f->L = a1;
        a1 = realloc(f->g, (k + 1) * sizeof *a1);
        if (!a1)
            return -1;
        f->g = a1;
    }
    f->from[k] = from;
    f->L[k] = L;
    f->g[k] = g;
    f->npiece = k + 1;
    return 0;
}

/* ======================================================================
 * parsing
 * ==================================================================== */

/* Parse a finite number. Return 0 on success. */
static int num(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return (end == s || *end || errno == ERANGE || !isfinite(*v)) ? -1 : 0;
}

/* Parse a positive int. Return 0 on success. */
static int posint(const char *s, int *v)
{
    char *end;
    long l;
    errno = 0;
    l = strtol(s, &end, 10);
    if (end == s || *end || errno || l < 1 || l > HREL_CCM_MAX_P)
        return -1;
    *v = (int)l;
    return 0;
}

/* Split LINE in place into words; drop a '#' comment. Return the count, or
 * -1 when the line has more than MAXWORDS words (never cut silently). */
static int words(char *line, char **w)
{
    int n = 0;
    char *h = strchr(line, '#');
    if (h)
        *h = '\0';
    for (;;) {
        while (*line && isspace((unsigned char)*line))
            line++;
        if (!*line)
            break;
        if (n == MAXWORDS)
            return -1;
        w[n++] = line;
        while (*line && !isspace((unsigned char)*line))
            line++;
        if (*line)
            *line++ = '\0';
    }
    return n;
}

/* Parse a cost line (w[0] == "cost"). */
static int parse_cost(hrel_ccm *m, char **w, int n, const char *name, long line, char *err,
                      size_t errlen)
{
    int i, p = 0, npiece = 0, have_L = 0, have_g = 0;
    double from = 0, L = 0, g = 0;
    size_t k;
    if (n < 2 || strchr(w[1], '=')) {
        hrel_seterr(err, errlen, "%s:%ld: cost needs a function name: cost NAME [p=P] L=.. g=..", name,
               line);
        return -1;
    }
    if (strlen(w[1]) >= HREL_CCM_NAMELEN) {
        hrel_seterr(err, errlen, "%s:%ld: cost function name '%s' is too long", name, line, w[1]);
        return -1;
    }
    i = 2;
    if (i < n && strncmp(w[i], "p=", 2) == 0) {
        if (strcmp(w[i] + 2, "*") != 0 && posint(w[i] + 2, &p) != 0) {
            hrel_seterr(err, errlen, "%s:%ld: '%s' is not a processor count 1..%ld", name, line,
                        w[i], HREL_CCM_MAX_P);
            return -1;
        }
        i++;
    }
    for (k = 0; k < m->nfn; k++)
        if (strcmp(m->fn[k].name, w[1]) == 0 && m->fn[k].p == p) {
            hrel_seterr(err, errlen, "%s:%ld: cost %s for p=%d already defined on line %ld", name,
                   line, w[1], p, m->fn[k].line);
            return -1;
        }
    for (; i <= n; i++) {
        int flush = (i == n) || strncmp(w[i], "from=", 5) == 0;
        if (flush && (have_L || have_g || i == n)) {
            if (!have_L || !have_g) {
                hrel_seterr(err, errlen, "%s:%ld: cost %s: every piece needs L= and g=", name, line,
                       w[1]);
                return -1;
            }
            if (npiece > 0 && !(from > m->fn[m->nfn - 1].from[npiece - 1])) {
                hrel_seterr(err, errlen, "%s:%ld: cost %s: from= values must increase", name, line,
                       w[1]);
                return -1;
            }
            if (fn_add_piece(m, w[1], p, line, npiece == 0, from, L, g) != 0) {
                hrel_seterr(err, errlen, "%s:%ld: out of memory", name, line);
                return -1;
            }
            npiece++;
            have_L = have_g = 0;
        }
        if (i == n)
            break;
        if (strncmp(w[i], "from=", 5) == 0) {
            if (num(w[i] + 5, &from) != 0) {
                hrel_seterr(err, errlen, "%s:%ld: '%s' is not a number", name, line, w[i]);
                return -1;
            }
        } else if (strncmp(w[i], "L=", 2) == 0) {
            if (num(w[i] + 2, &L) != 0) {
                hrel_seterr(err, errlen, "%s:%ld: '%s' is not a number", name, line, w[i]);
                return -1;
            }
            have_L = 1;
        } else if (strncmp(w[i], "g=", 2) == 0) {
            if (num(w[i] + 2, &g) != 0) {
                hrel_seterr(err, errlen, "%s:%ld: '%s' is not a number", name, line, w[i]);
                return -1;
            }
            have_g = 1;
        } else {
            hrel_seterr(err, errlen, "%s:%ld: unknown word '%s' in cost (from= L= g= p=)", name, line,
                   w[i]);
            return -1;
        }
    }
    return 0;
}

/* Parse the key=value words W[1..N-1] of a superstep / task line into NODE. */
static int parse_attrs(hrel_ccm_node *nd, char **w, int n, const char *name, long line,
                       char *err, size_t errlen)
{
    int i, have_f = 0, have_h = 0;
    for (i = 1; i < n; i++) {
        char *eq = strchr(w[i], '=');
        const char *key = w[i], *val;
        int ok = 0;
        if (!eq) {
            hrel_seterr(err, errlen, "%s:%ld: '%s' is not key=value", name, line, w[i]);
            return -1;
        }
        *eq = '\0';
        val = eq + 1;
        if (strcmp(key, "p") == 0)
            ok = posint(val, &nd->p) == 0;
        else if (nd->kind != HREL_CCM_TASK && strcmp(key, "w") == 0)
            ok = num(val, &nd->w_s) == 0 && nd->w_s >= 0;
        else if (nd->kind == HREL_CCM_DIVISION && strcmp(key, "tg") == 0)
            ok = num(val, &nd->tg_s) == 0 && nd->tg_s >= 0;
        else if (nd->kind != HREL_CCM_TASK && strcmp(key, "h") == 0)
            ok = have_h = num(val, &nd->h) == 0 && nd->h >= 0;
        else if (nd->kind != HREL_CCM_TASK && strcmp(key, "f") == 0) {
            ok = have_f = *val && strlen(val) < HREL_CCM_NAMELEN;
            if (ok)
                strcpy(nd->f, val);
        } else {
            hrel_seterr(err, errlen, "%s:%ld: unknown key '%s' for %s", name, line, key, w[0]);
            return -1;
        }
        if (!ok) {
            char lim[48] = "";
            if (strcmp(key, "p") == 0)
                snprintf(lim, sizeof lim, " (a processor count 1..%ld)", HREL_CCM_MAX_P);
            hrel_seterr(err, errlen, "%s:%ld: bad value '%s' for %s%s", name, line, val, key, lim);
            return -1;
        }
    }
    if (have_h && !have_f) {
        hrel_seterr(err, errlen, "%s:%ld: h= given without f= (which cost function?)", name, line);
        return -1;
    }
    if (have_f && !have_h) {
        hrel_seterr(err, errlen, "%s:%ld: f=%s given without h=", name, line, nd->f);
        return -1;
    }
    return 0;
}

/* A new node of KIND under TOP with the attributes of words W[0..N), or NULL
 * with ERR set. */
static hrel_ccm_node *add_child(hrel_ccm_node *top, hrel_ccm_kind kind, int p, char **w, int n,
                                const char *name, long line, char *err, size_t errlen)
{
    hrel_ccm_node *nd = node_new(kind, p, line);
    if (!nd || node_add(top, nd) != 0) {
        node_free(nd);
        hrel_seterr(err, errlen, "%s:%ld: out of memory", name, line);
        return NULL;
    }
    if (parse_attrs(nd, w, n, name, line, err, errlen) != 0)
        return NULL;
    return nd;
}

/* Give node ND (and what it holds) processor count P where none was given:
 * supersteps take their task's p; a division's tasks without p= share its p
 * equally. Return 0, or -1 when tasks would get fewer than one processor. */
static int resolve_p(hrel_ccm_node *nd, int p, const char *name, char *err, size_t errlen)
{
    size_t k;
    if (nd->p == 0)
        nd->p = p;
    if (nd->p == 0)
        return 0;   /* still unknown: resolved when the enclosing task gets its p */
    for (k = 0; k < nd->nchild; k++) {
        hrel_ccm_node *c = nd->child[k];
        int cp = nd->p;
        if (nd->kind == HREL_CCM_DIVISION && c->p == 0) {
            cp = nd->p / (int)nd->nchild;
            if (cp < 1) {
                hrel_seterr(err, errlen, "%s:%ld: %zu tasks share %d processors: give task p=",
                       name, c->line, nd->nchild, nd->p);
                return -1;
            }
        }
        if (resolve_p(c, c->p ? c->p : cp, name, err, errlen) != 0)
            return -1;
    }
    return 0;
}

/* Close a division: give tasks without p= the division's p / number of tasks,
 * and their supersteps the task's p (001 section 2: T_f depends on the P of
 * the actual submachine). A division inside a task without p= is resolved
 * when that task's own division closes. */
static int close_division(hrel_ccm_node *d, const char *name, long line, char *err,
                          size_t errlen)
{
    if (d->nchild == 0) {
        hrel_seterr(err, errlen, "%s:%ld: division (line %ld) has no task", name, line, d->line);
        return -1;
    }
    return d->p ? resolve_p(d, d->p, name, err, errlen) : 0;
}

int hrel_ccm_parse_string(const char *text, const char *name, hrel_ccm **out, char *err,
                          size_t errlen)
{
    hrel_ccm *m = calloc(1, sizeof *m);
    hrel_ccm_node *stack[MAXDEPTH];
    int depth = 0, done = 0;
    long line = 0;
    const char *s = text;
    char *buf = NULL;
    char *w[MAXWORDS];

    *out = NULL;
    if (!m || !(m->path = hrel_strdup(name))) {
        free(m);
        hrel_seterr(err, errlen, "%s: out of memory", name);
        return -1;
    }
    while (*s) {
        size_t len = strcspn(s, "\n");
        int n;
        hrel_ccm_node *top = depth ? stack[depth - 1] : NULL;
        line++;
        free(buf);
        buf = malloc(len + 1);
        if (!buf) {
            hrel_seterr(err, errlen, "%s:%ld: out of memory", name, line);
            goto fail;
        }
        memcpy(buf, s, len);
        buf[len] = '\0';
        s += len;
        if (*s)
            s++;
        n = words(buf, w);
        if (n < 0) {
            hrel_seterr(err, errlen, "%s:%ld: more than %d words on a line", name, line, MAXWORDS);
            goto fail;
        }
        if (n == 0)
            continue;
        if (strcmp(w[0], "cost") == 0) {
            if (parse_cost(m, w, n, name, line, err, errlen) != 0)
                goto fail;
        } else if (done) {
            hrel_seterr(err, errlen, "%s:%ld: '%s' after the program's end", name, line, w[0]);
            goto fail;
        } else if (strcmp(w[0], "program") == 0) {
            if (m->root) {
                hrel_seterr(err, errlen, "%s:%ld: a second program (the first is on line %ld)", name,
                       line, m->root->line);
                goto fail;
            }
            m->root = node_new(HREL_CCM_TASK, 0, line);
            if (!m->root || parse_attrs(m->root, w, n, name, line, err, errlen) != 0)
                goto fail;
            if (m->root->p == 0) {
                hrel_seterr(err, errlen, "%s:%ld: program needs p=PROCESSORS", name, line);
                goto fail;
            }
            stack[depth++] = m->root;
        } else if (strcmp(w[0], "normal") == 0 || strcmp(w[0], "division") == 0) {
            int div = w[0][0] == 'd';
            hrel_ccm_node *nd;
            if (!top || top->kind != HREL_CCM_TASK) {
                hrel_seterr(err, errlen, "%s:%ld: %s outside a program or task", name, line, w[0]);
                goto fail;
            }
            nd = add_child(top, div ? HREL_CCM_DIVISION : HREL_CCM_NORMAL, top->p, w, n, name,
                           line, err, errlen);
            if (!nd)
                goto fail;
            if (div) {
                if (depth == MAXDEPTH) {
                    hrel_seterr(err, errlen, "%s:%ld: nested deeper than %d blocks", name, line,
                           MAXDEPTH);
                    goto fail;
                }
                stack[depth++] = nd;
            }
        } else if (strcmp(w[0], "task") == 0) {
            hrel_ccm_node *nd;
            if (!top || top->kind != HREL_CCM_DIVISION) {
                hrel_seterr(err, errlen, "%s:%ld: task outside a division", name, line);
                goto fail;
            }
            nd = add_child(top, HREL_CCM_TASK, 0, w, n, name, line, err, errlen);
            if (!nd)
                goto fail;
            if (depth == MAXDEPTH) {
                hrel_seterr(err, errlen, "%s:%ld: nested deeper than %d blocks", name, line, MAXDEPTH);
                goto fail;
            }
            stack[depth++] = nd;
        } else if (strcmp(w[0], "end") == 0) {
            if (n > 1) {
                hrel_seterr(err, errlen, "%s:%ld: 'end' takes no words", name, line);
                goto fail;
            }
            if (!top) {
                hrel_seterr(err, errlen, "%s:%ld: 'end' without an open block", name, line);
                goto fail;
            }
            if (top->kind == HREL_CCM_DIVISION &&
                close_division(top, name, line, err, errlen) != 0)
                goto fail;
            depth--;
            if (depth == 0)
                done = 1;
        } else {
            hrel_seterr(err, errlen, "%s:%ld: unknown word '%s' (cost, program, normal, division, "
                   "task, end)", name, line, w[0]);
            goto fail;
        }
    }
    if (depth > 0) {
        hrel_seterr(err, errlen, "%s:%ld: block opened on line %ld has no 'end'", name, line,
               stack[depth - 1]->line);
        goto fail;
    }
    if (!m->root) {
        hrel_seterr(err, errlen, "%s:%ld: no program block", name, line);
        goto fail;
    }
    free(buf);
    *out = m;
    return 0;
fail:
    free(buf);
    hrel_ccm_free(m);
    return -1;
}

/* hrel_ccm_parse_string as an hrel_text_parser; an empty file is refused. */
static int parse_text(const char *path, const char *text, void *out, char *err, size_t errlen)
{
    if (*text == '\0') {
        hrel_seterr(err, errlen, "%s:1: empty file", path);
        return -1;
    }
    return hrel_ccm_parse_string(text, path, out, err, errlen);
}

int hrel_ccm_parse_file(const char *path, hrel_ccm **out, char *err, size_t errlen)
{
    *out = NULL;
    return hrel_text_parse_file(path, parse_text, out, err, errlen);
}

/* ======================================================================
 * evaluation
 * ==================================================================== */

int hrel_ccm_cost(const hrel_ccm *m, const char *f, int p, double h, double *T, char *err,
                  size_t errlen)
{
    const hrel_ccm_fn *any = NULL, *fn = NULL;
    size_t i, k;
    for (i = 0; i < m->nfn; i++)
        if (strcmp(m->fn[i].name, f) == 0) {
            if (m->fn[i].p == p)
                fn = &m->fn[i];
            else if (m->fn[i].p == 0)
                any = &m->fn[i];
        }
    if (!fn)
        fn = any;
    if (!fn) {
        hrel_seterr(err, errlen, "no cost function %s for p=%d", f, p);
        return -1;
    }
    for (k = fn->npiece - 1; k > 0 && h < fn->from[k]; k--)
        ;
    *T = fn->L[k] + fn->g[k] * h;
    return 0;
}

static int eval_node(const hrel_ccm *m, hrel_ccm_node *nd, char *err, size_t errlen)
{
    size_t i;
    double c = 0, tf = 0, mx = 0;
    for (i = 0; i < nd->nchild; i++)
        if (eval_node(m, nd->child[i], err, errlen) != 0)
            return -1;
    if (nd->f[0] && hrel_ccm_cost(m, nd->f, nd->p, nd->h, &tf, err, errlen) != 0) {
        char msg[256];
        snprintf(msg, sizeof msg, "%s", err ? err : "");
        hrel_seterr(err, errlen, "%s:%ld: %s", m->path, nd->line, msg);
        return -1;
    }
    switch (nd->kind) {
    case HREL_CCM_TASK:
        for (i = 0; i < nd->nchild; i++)
            c += nd->child[i]->cost_s;
        break;
    case HREL_CCM_NORMAL:
        c = nd->w_s + tf;
        break;
    case HREL_CCM_DIVISION:
        for (i = 0; i < nd->nchild; i++)
            if (nd->child[i]->cost_s > mx)
                mx = nd->child[i]->cost_s;
        c = nd->w_s + nd->tg_s + tf + mx;
        break;
    }
    nd->cost_s = c;
    return 0;
}

int hrel_ccm_eval(hrel_ccm *m, double *total, char *err, size_t errlen)
{
    if (!m || !m->root) {
        hrel_seterr(err, errlen, "ccm: no program");
        return -1;
    }
    if (eval_node(m, m->root, err, errlen) != 0)
        return -1;
    *total = m->root->cost_s;
    return 0;
}

static void write_node(const hrel_ccm_node *nd, int depth, int top, FILE *fp)
{
    size_t i;
    int k;
    for (k = 0; k < depth; k++)
        fputs("  ", fp);
    switch (nd->kind) {
    case HREL_CCM_TASK:
        fprintf(fp, "%s p=%d", top ? "program" : "task", nd->p);
        break;
    case HREL_CCM_NORMAL:
    case HREL_CCM_DIVISION:
        fprintf(fp, "%s", nd->kind == HREL_CCM_NORMAL ? "normal" : "division");
        if (nd->w_s != 0)
            fprintf(fp, " w=%.9g", nd->w_s);
        if (nd->tg_s != 0)
            fprintf(fp, " tg=%.9g", nd->tg_s);
        if (nd->f[0])
            fprintf(fp, " f=%s h=%.9g", nd->f, nd->h);
        break;
    }
    fprintf(fp, "   # cost %.9g s\n", nd->cost_s);
    if (nd->kind == HREL_CCM_NORMAL)
        return;
    for (i = 0; i < nd->nchild; i++)
        write_node(nd->child[i], depth + 1, 0, fp);
    for (k = 0; k < depth; k++)
        fputs("  ", fp);
    fputs("end\n", fp);
}

int hrel_ccm_write(const hrel_ccm *m, FILE *fp)
{
    size_t i, k;
    for (i = 0; i < m->nfn; i++) {
        const hrel_ccm_fn *f = &m->fn[i];
        fprintf(fp, "cost %s", f->name);
        if (f->p)
            fprintf(fp, " p=%d", f->p);
        for (k = 0; k < f->npiece; k++) {
            if (k > 0 || f->from[k] != 0)
                fprintf(fp, " from=%.9g", f->from[k]);
            fprintf(fp, " L=%.9g g=%.9g", f->L[k], f->g[k]);
        }
        fputc('\n', fp);
    }
    if (m->root)
        write_node(m->root, 0, 1, fp);
    return ferror(fp) ? -1 : 0;
}

/* The supersteps of task T and, through each division's most expensive task,
 * of the rest of the critical path; *ORDER counts the rows. */
static int path_task(const hrel_ccm *m, const hrel_ccm_node *t, int depth, int *order, FILE *fp,
                     char *err, size_t errlen)
{
    size_t i, k;
    for (i = 0; i < t->nchild; i++) {
        const hrel_ccm_node *s = t->child[i];
        double comm = 0;
        if (s->f[0] && hrel_ccm_cost(m, s->f, s->p, s->h, &comm, err, errlen) != 0)
            return -1;
        fprintf(fp, "%d %d %s %d %.9g %.9g %.9g %.9g\n", ++*order, depth,
                s->kind == HREL_CCM_DIVISION ? "division" : "normal", s->p, s->w_s,
                s->kind == HREL_CCM_DIVISION ? s->tg_s : 0.0, comm,
                s->w_s + (s->kind == HREL_CCM_DIVISION ? s->tg_s : 0.0) + comm);
        if (s->kind == HREL_CCM_DIVISION && s->nchild > 0) {
            const hrel_ccm_node *worst = s->child[0];
            for (k = 1; k < s->nchild; k++)
                if (s->child[k]->cost_s > worst->cost_s)
                    worst = s->child[k];
            if (path_task(m, worst, depth + 1, order, fp, err, errlen) != 0)
                return -1;
        }
    }
    return 0;
}

int hrel_ccm_write_path(const hrel_ccm *m, FILE *fp, char *err, size_t errlen)
{
    int order = 0;
    if (!m->root) {
        snprintf(err, errlen, "%s: no program", m->path ? m->path : "ccm");
        return -1;
    }
    fprintf(fp, "# CCM critical path of %s: total %.9g s\n"
                "# order depth kind p w_s tg_s comm_s cost_s\n",
            m->path ? m->path : "(built in code)", m->root->cost_s);
    if (path_task(m, m->root, 0, &order, fp, err, errlen) != 0)
        return -1;
    return ferror(fp) ? -1 : 0;
}

/* ======================================================================
 * the FFT of 001
 * ==================================================================== */

static hrel_ccm_node *fft_node(double n, int P, double D, double F, double C)
{
    hrel_ccm_node *t = node_new(HREL_CCM_TASK, P, 0), *s, *a, *b;
    if (!t)
        return NULL;
    if (P == 1) {
        s = node_new(HREL_CCM_NORMAL, 1, 0);
        if (!s || node_add(t, s) != 0) {
            node_free(s);
            node_free(t);
            return NULL;
        }
        s->w_s = C * n * (n > 1 ? log2(n) : 0.0);
        return t;
    }
    s = node_new(HREL_CCM_DIVISION, P, 0);
    if (!s || node_add(t, s) != 0) {
        node_free(s);
        node_free(t);
        return NULL;
    }
    s->w_s = D * n + F * n / 2;
    strcpy(s->f, "PAR");
    s->h = n;
    a = fft_node(n / 2, P / 2, D, F, C);
    b = a ? fft_node(n / 2, P / 2, D, F, C) : NULL;
    if (!a || !b || node_add(s, a) != 0) {
        node_free(a);
        node_free(b);
        node_free(t);
        return NULL;
    }
    if (node_add(s, b) != 0) {
        node_free(b);
        node_free(t);
        return NULL;
    }
    return t;
}

int hrel_ccm_fft(double n, int P, double D, double F, double C, double gpar, double lpar,
                 hrel_ccm **out, char *err, size_t errlen)
{
    const double cval[] = {D, F, C, gpar, lpar};
    const char *const cname[] = {"D", "F", "C", "g", "L"};
    hrel_ccm *m;
    int k, e;
    *out = NULL;
    if (P < 1 || (P & (P - 1)) != 0 || !(n >= P)) {
        hrel_seterr(err, errlen, "FFT: P must be a power of two and N >= P (got N=%g, P=%d)", n, P);
        return -1;
    }
    if (frexp(n, &e) != 0.5) {
        hrel_seterr(err, errlen, "FFT: N=%g is not a power of two", n);
        return -1;
    }
    if (n > HREL_CCM_FFT_MAX_N) {
        hrel_seterr(err, errlen, "FFT: N=%g is above 2^53 (the largest N)", n);
        return -1;
    }
    for (k = 0; k < 5; k++)
        if (!isfinite(cval[k]) || cval[k] < 0) {
            hrel_seterr(err, errlen, "FFT: %s = %g must be a finite number >= 0", cname[k], cval[k]);
            return -1;
        }
    m = calloc(1, sizeof *m);
    if (!m || !(m->path = hrel_strdup("fft")) || fn_add_piece(m, "PAR", 0, 0, 1, 0, lpar, gpar) != 0 ||
        !(m->root = fft_node(n, P, D, F, C))) {
        hrel_ccm_free(m);
        hrel_seterr(err, errlen, "FFT: out of memory");
        return -1;
    }
    *out = m;
    return 0;
}

double hrel_ccm_fft_closed(double n, int P, double D, double F, double C, double gpar,
                           double lpar)
{
    int lp = 0, i, s;
    double t;
    while ((1 << lp) < P)
        lp++;
    t = C * (n / P) * (n / P > 1 ? log2(n / P) : 0.0);
    for (i = 0; i < lp; i++)
        t += D * n / ldexp(1.0, i);
    for (s = 1; s <= lp; s++)
        t += gpar * ldexp(1.0, s) * n / P + lpar + F * ldexp(1.0, s - 1) * n / P;
    return t;
}
