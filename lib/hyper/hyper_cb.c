/* hyper_cb -- reduction rules 1-4 of the hyperbolic model and communication
 * graphs in memory and in their text form (papers/003 section 2). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hyper_cb.h"
#include "textfile.h"
#include "errmsg.h"
#include "grow.h"

#define NAMELEN 64

/* ---------------------------------------------------------------- rules -- */

static int cb_ok(const hrel_hyper_cb *cb, size_t n)
{
    size_t i;
    if (!cb || n == 0)
        return 0;
    for (i = 0; i < n; i++)
        if (!(cb[i].a >= 0.0) || !(cb[i].b >= 0.0) || !isfinite(cb[i].a) || !isfinite(cb[i].b))
            return 0;
    return 1;
}

/* Rule 1: a = sum; b = max (independent) or sum (dependent). */
int hrel_hyper_cb_serial(const hrel_hyper_cb *cb, size_t n, int dependent,
                         hrel_hyper_cb *out)
{
    size_t i;
    hrel_hyper_cb r = {0.0, 0.0};
    if (!cb_ok(cb, n))
        return -1;
    for (i = 0; i < n; i++) {
        r.a += cb[i].a;
        if (dependent)
            r.b += cb[i].b;
        else if (cb[i].b > r.b)
            r.b = cb[i].b;
    }
    *out = r;
    return 0;
}

/* Rule 2: a = min; 1/b = sum 1/b_i (independent) or b = min (dependent). */
int hrel_hyper_cb_parallel(const hrel_hyper_cb *cb, size_t n, int dependent,
                           hrel_hyper_cb *out)
{
    size_t i;
    hrel_hyper_cb r;
    double inv = 0.0;
    int zero = 0;
    if (!cb_ok(cb, n))
        return -1;
    r = cb[0];
    for (i = 0; i < n; i++) {
        if (cb[i].a < r.a)
            r.a = cb[i].a;
        if (cb[i].b < r.b)
            r.b = cb[i].b;
        if (cb[i].b == 0.0)
            zero = 1;
        else
            inv += 1.0 / cb[i].b;
    }
    if (!dependent)
        r.b = zero ? 0.0 : 1.0 / inv;
    *out = r;
    return 0;
}

/* Rule 3: (n a, b X / x_i). */
int hrel_hyper_cb_concurrent(const hrel_hyper_cb *cb, size_t n, double x_i,
                             double x_total, hrel_hyper_cb *out)
{
    if (!cb_ok(cb, 1) || n == 0 || !(x_i > 0.0) || !(x_total >= x_i) || !isfinite(x_total))
        return -1;
    out->a = (double)n * cb->a;
    out->b = cb->b * (x_total / x_i);
    return 0;
}

/* Rule 4: a from the small-message reduction, b from the large-message one. */
void hrel_hyper_cb_general(const hrel_hyper_cb *small, const hrel_hyper_cb *large,
                           hrel_hyper_cb *out)
{
    hrel_hyper_cb r;
    r.a = small->a;
    r.b = large->b;
    *out = r;
}

/* ---------------------------------------------------------------- graph -- */

typedef struct gblock {
    char name[NAMELEN];      /* block name */
    char on[NAMELEN + 1];    /* processor; "#NAME" when not given (its own) */
    hrel_hyper_cb cb;        /* its parameters */
} gblock;

typedef struct gmsg {
    char name[NAMELEN];      /* message name, unique within its phase */
    size_t phase;            /* index into phase[] */
    double size;             /* bytes, > 0 */
    size_t nent;             /* entries of the path */
    size_t *blk;             /* blk[e] = block index of entry e */
    size_t *stage;           /* stage[e] = stage number of entry e (0-based, nondecreasing) */
} gmsg;

enum { REQ_REDUCE, REQ_GENERAL };

typedef struct greq {
    int kind;                /* REQ_REDUCE or REQ_GENERAL */
    char label[2 * NAMELEN + 2];   /* printed name of the result */
    char ph[2][NAMELEN];     /* phase of the (small, large) message; "" = "main" */
    char msg[2][NAMELEN];    /* the (small, large) message; only [0] for reduce */
    long line;               /* line in the file, for messages */
} greq;

/* How many messages of a phase use a block, and their total size (rule 3),
 * kept up to date as messages are added, so a reduction costs its path's
 * length, not the number of messages (a 1 MB graph took 5.5 s). */
typedef struct guse {
    size_t phase, blk;       /* the pair */
    size_t n;                /* messages of the phase whose path uses the block */
    double X;                /* their total size, bytes */
} guse;

/* Open-addressing hash from names to array indexes (-1: empty slot). */
typedef struct hindex {
    long *slot;              /* cap slots */
    size_t cap;              /* a power of two, or 0 */
    size_t n;                /* entries */
} hindex;

struct hrel_hyper_graph {
    gblock *block;           /* blocks */
    size_t nblock, cblock;   /* count, capacity */
    char (*phase)[NAMELEN];  /* phase names */
    size_t nphase, cphase;   /* count, capacity */
    size_t cur;              /* current phase */
    gmsg *msg;               /* messages of all phases */
    size_t nmsg, cmsg;       /* count, capacity */
    greq *req;               /* reduce/general lines */
    size_t nreq, creq;       /* count, capacity */
    hindex bidx;             /* block name -> index */
    hindex midx;             /* (phase, message name) -> index */
    hindex pidx;             /* phase name -> index */
    guse *use;               /* rule 3's counts per (phase, block) in use */
    size_t nuse, cuse;       /* count, capacity */
    hindex uidx;             /* (phase, block) -> index into use */
};

static int name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n >= NAMELEN)
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' && *s != '.')
            return 0;
    return 1;
}

/* A new empty graph with phase "main". */
int hrel_hyper_graph_alloc(hrel_hyper_graph **g)
{
    hrel_hyper_graph *r = calloc(1, sizeof *r);
    if (!r)
        return -1;
    if (hrel_hyper_graph_phase(r, "main", NULL, 0)) {
        free(r);
        return -1;
    }
    *g = r;
    return 0;
}

/* Free G and everything in it. */
void hrel_hyper_graph_free(hrel_hyper_graph *g)
{
    size_t i;
    if (!g)
        return;
    for (i = 0; i < g->nmsg; i++) {
        free(g->msg[i].blk);
        free(g->msg[i].stage);
    }
    free(g->msg);
    free(g->block);
    free(g->phase);
    free(g->req);
    free(g->bidx.slot);
    free(g->midx.slot);
    free(g->use);
    free(g->uidx.slot);
    free(g->pidx.slot);
    free(g);
}

static unsigned long fnv(const char *s, size_t len, unsigned long h)
{
    size_t i;
    for (i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619UL;
    return h;
}

static unsigned long block_hash(const char *name, size_t len)
{
    return fnv(name, len, 2166136261UL);
}

static unsigned long msg_hash(size_t phase, const char *name)
{
    return fnv(name, strlen(name), 2166136261UL ^ (phase * 2654435761UL));
}

/* Insert index V with hash H into X, growing it (rehash through HASH_OF). */
static int hindex_put(hindex *x, unsigned long h, long v, const hrel_hyper_graph *g,
                      unsigned long (*hash_of)(const hrel_hyper_graph *, long))
{
    size_t i;
    if (2 * (x->n + 1) > x->cap) {
        size_t nc = x->cap ? 2 * x->cap : 64, k;
        long *ns = malloc(nc * sizeof *ns), *old = x->slot;
        size_t oc = x->cap;
        if (!ns)
            return -1;
        for (k = 0; k < nc; k++)
            ns[k] = -1;
        x->slot = ns;
        x->cap = nc;
        for (k = 0; k < oc; k++)
            if (old[k] >= 0) {
                for (i = hash_of(g, old[k]) & (nc - 1); ns[i] >= 0; i = (i + 1) & (nc - 1))
                    ;
                ns[i] = old[k];
            }
        free(old);
    }
    for (i = h & (x->cap - 1); x->slot[i] >= 0; i = (i + 1) & (x->cap - 1))
        ;
    x->slot[i] = v;
    x->n++;
    return 0;
}

/* The index stored in X whose entry MATCH(G, index, KEY) accepts, probing from
 * hash H; -1 if none. The one probe loop of every lookup below. */
static long hindex_find(const hindex *x, unsigned long h, const hrel_hyper_graph *g,
                        int (*match)(const hrel_hyper_graph *, long, const void *),
                        const void *key)
{
    size_t i;
    if (!x->cap)
        return -1;
    for (i = h & (x->cap - 1); x->slot[i] >= 0; i = (i + 1) & (x->cap - 1))
        if (match(g, x->slot[i], key))
            return x->slot[i];
    return -1;
}

static unsigned long block_hash_of(const hrel_hyper_graph *g, long i)
{
    return block_hash(g->block[i].name, strlen(g->block[i].name));
}

static unsigned long msg_hash_of(const hrel_hyper_graph *g, long i)
{
    return msg_hash(g->msg[i].phase, g->msg[i].name);
}

static unsigned long use_hash(size_t phase, size_t blk)
{
    return (phase * 2654435761UL) ^ (blk * 40503UL + 2166136261UL);
}

static unsigned long use_hash_of(const hrel_hyper_graph *g, long i)
{
    return use_hash(g->use[i].phase, g->use[i].blk);
}

typedef struct use_key { size_t phase, blk; } use_key;

static int use_match(const hrel_hyper_graph *g, long i, const void *key)
{
    const use_key *k = key;
    return g->use[i].phase == k->phase && g->use[i].blk == k->blk;
}

/* Index of (PHASE, BLK) in g->use, or -1. */
static long find_use(const hrel_hyper_graph *g, size_t phase, size_t blk)
{
    use_key k;
    k.phase = phase;
    k.blk = blk;
    return hindex_find(&g->uidx, use_hash(phase, blk), g, use_match, &k);
}

/* Count message M (just added) in the uses of its blocks. 0, or -1 (memory). */
static int count_uses(hrel_hyper_graph *g, const gmsg *m)
{
    size_t e;
    for (e = 0; e < m->nent; e++) {
        long k = find_use(g, m->phase, m->blk[e]);
        if (k < 0) {
            if (hrel_grow(&g->use, &g->cuse, g->nuse, sizeof *g->use))
                return -1;
            k = (long)g->nuse;
            g->use[k].phase = m->phase;
            g->use[k].blk = m->blk[e];
            g->use[k].n = 0;
            g->use[k].X = 0.0;
            g->nuse++;
            if (hindex_put(&g->uidx, use_hash(m->phase, m->blk[e]), k, g, use_hash_of)) {
                g->nuse--;
                return -1;
            }
        }
        g->use[k].n++;
        g->use[k].X += m->size;
    }
    return 0;
}

typedef struct name_key { const char *name; size_t len; size_t phase; } name_key;

static int block_match(const hrel_hyper_graph *g, long i, const void *key)
{
    const name_key *k = key;
    const char *b = g->block[i].name;
    return strlen(b) == k->len && strncmp(b, k->name, k->len) == 0;
}

static long find_block(const hrel_hyper_graph *g, const char *name, size_t len)
{
    name_key k;
    k.name = name;
    k.len = len;
    k.phase = 0;
    return hindex_find(&g->bidx, block_hash(name, len), g, block_match, &k);
}

static unsigned long phase_hash_of(const hrel_hyper_graph *g, long i)
{
    return block_hash(g->phase[i], strlen(g->phase[i]));
}

static int phase_match(const hrel_hyper_graph *g, long i, const void *key)
{
    return strcmp(g->phase[i], ((const name_key *)key)->name) == 0;
}

static long find_phase(const hrel_hyper_graph *g, const char *name)
{
    name_key k;
    k.name = name;
    k.len = strlen(name);
    k.phase = 0;
    return hindex_find(&g->pidx, block_hash(name, k.len), g, phase_match, &k);
}

static int msg_match(const hrel_hyper_graph *g, long i, const void *key)
{
    const name_key *k = key;
    return g->msg[i].phase == k->phase && strcmp(g->msg[i].name, k->name) == 0;
}

static long find_msg(const hrel_hyper_graph *g, size_t phase, const char *name)
{
    name_key k;
    k.name = name;
    k.len = strlen(name);
    k.phase = phase;
    return hindex_find(&g->midx, msg_hash(phase, name), g, msg_match, &k);
}

/* Add a block. */
int hrel_hyper_graph_block(hrel_hyper_graph *g, const char *name, double a, double b,
                           const char *on, char *err, size_t errlen)
{
    gblock *k;
    if (!name_ok(name)) {
        hrel_seterr(err, errlen, "bad block name '%s' (letters, digits, _ - . only, < %d chars)",
               name, NAMELEN);
        return -1;
    }
    if (on && !name_ok(on)) {
        hrel_seterr(err, errlen, "bad processor name '%s'", on);
        return -1;
    }
    if (!(a >= 0.0) || !(b >= 0.0) || !isfinite(a) || !isfinite(b)) {
        hrel_seterr(err, errlen, "block %s: a and b must be finite and >= 0", name);
        return -1;
    }
    if (find_block(g, name, strlen(name)) >= 0) {
        hrel_seterr(err, errlen, "block %s defined twice", name);
        return -1;
    }
    if (hrel_grow(&g->block, &g->cblock, g->nblock, sizeof *g->block)) {
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    k = &g->block[g->nblock++];
    snprintf(k->name, sizeof k->name, "%s", name);
    if (on)
        snprintf(k->on, sizeof k->on, "%s", on);
    else
        snprintf(k->on, sizeof k->on, "#%s", name);
    k->cb.a = a;
    k->cb.b = b;
    if (hindex_put(&g->bidx, block_hash(name, strlen(name)), (long)(g->nblock - 1), g,
                   block_hash_of)) {
        g->nblock--;
        hrel_seterr(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

/* Select (and create) a phase. */
int hrel_hyper_graph_phase(hrel_hyper_graph *g, const char *phase, char *err, size_t errlen)
{
    long i;
    if (!name_ok(phase)) {
        hrel_seterr(err, errlen, "bad phase name '%s'", phase);
        return -1;
    }
    if ((i = find_phase(g, phase)) < 0) {
        if (hrel_grow(&g->phase, &g->cphase, g->nphase, sizeof *g->phase)) {
            hrel_seterr(err, errlen, "out of memory");
            return -1;
        }
        snprintf(g->phase[g->nphase], NAMELEN, "%s", phase);
        i = (long)g->nphase++;
        if (hindex_put(&g->pidx, block_hash(phase, strlen(phase)), i, g, phase_hash_of)) {
            g->nphase--;
            hrel_seterr(err, errlen, "out of memory");
            return -1;
        }
    }
    g->cur = (size_t)i;
    return 0;
}

/* Add a message along a path to the current phase. */
int hrel_hyper_graph_message(hrel_hyper_graph *g, const char *name, double size,
                             const char *path, char *err, size_t errlen)
{
    gmsg m;
    size_t cap = 0, stage = 0, alt = 0, len, f;
    const char *s = path;
    memset(&m, 0, sizeof m);
    if (!name_ok(name)) {
        hrel_seterr(err, errlen, "bad message name '%s'", name);
        return -1;
    }
    if (find_msg(g, g->cur, name) >= 0) {
        hrel_seterr(err, errlen, "message %s defined twice in phase %s", name, g->phase[g->cur]);
        return -1;
    }
    if (!(size > 0.0) || !isfinite(size)) {
        hrel_seterr(err, errlen, "message %s: size must be > 0", name);
        return -1;
    }
    if (!path || !*path) {
        hrel_seterr(err, errlen, "message %s: empty path", name);
        return -1;
    }
    for (;;) {
        long k;
        len = strcspn(s, ",|");
        if (len == 0) {
            hrel_seterr(err, errlen, "message %s: empty stage in path '%s'", name, path);
            goto fail;
        }
        if (++alt > HREL_HYPER_MAX_ALT) {
            hrel_seterr(err, errlen, "message %s: stage %zu of the path has more than %d "
                        "alternatives (the limit)", name, stage + 1, HREL_HYPER_MAX_ALT);
            goto fail;
        }
        if ((k = find_block(g, s, len)) < 0) {
            hrel_seterr(err, errlen, "message %s: unknown block '%.*s' in path", name, (int)len, s);
            goto fail;
        }
        for (f = 0; f < m.nent; f++)
            if (m.blk[f] == (size_t)k) {
                hrel_seterr(err, errlen, "message %s: block %.*s appears twice in the path",
                       name, (int)len, s);
                goto fail;
            }
        if (m.nent >= cap) {
            size_t nc = cap ? 2 * cap : 8;
            size_t *b = realloc(m.blk, nc * sizeof *b), *st;
            if (!b)
                goto nomem;
            m.blk = b;
            if (!(st = realloc(m.stage, nc * sizeof *st)))
                goto nomem;
            m.stage = st;
            cap = nc;
        }
        m.blk[m.nent] = (size_t)k;
        m.stage[m.nent] = stage;
        m.nent++;
        s += len;
        if (*s == '\0')
            break;
        if (*s == ',') {
            stage++;
            alt = 0;
        }
        s++;
    }
    if (hrel_grow(&g->msg, &g->cmsg, g->nmsg, sizeof *g->msg))
        goto nomem;
    snprintf(m.name, sizeof m.name, "%s", name);
    m.phase = g->cur;
    m.size = size;
    g->msg[g->nmsg++] = m;
    if (hindex_put(&g->midx, msg_hash(m.phase, m.name), (long)(g->nmsg - 1), g, msg_hash_of)) {
        g->nmsg--;
        goto nomem;
    }
    if (count_uses(g, &g->msg[g->nmsg - 1]))
        goto nomem_stored;
    return 0;
nomem_stored:   /* the message is stored (and freed with the graph); the graph is unusable */
    hrel_seterr(err, errlen, "out of memory");
    return -1;
nomem:
    hrel_seterr(err, errlen, "out of memory");
fail:
    free(m.blk);
    free(m.stage);
    return -1;
}

/* Reduce one message: rule 3 on each block, rule 2 per stage, rule 1 on the path. */
int hrel_hyper_graph_reduce(const hrel_hyper_graph *g, const char *phase, const char *msg,
                            hrel_hyper_cb *out, char *err, size_t errlen)
{
    long p = phase ? find_phase(g, phase) : (long)g->cur, mi;
    const gmsg *m;
    hrel_hyper_cb *ent = NULL, *st = NULL;
    const char **ston = NULL;
    size_t e, i, nstage, s;
    hrel_hyper_cb r = {0.0, 0.0};
    int rc = -1;

    if (p < 0) {
        hrel_seterr(err, errlen, "no phase '%s'", phase);
        return -1;
    }
    if ((mi = find_msg(g, (size_t)p, msg)) < 0) {
        hrel_seterr(err, errlen, "no message '%s' in phase %s", msg, g->phase[p]);
        return -1;
    }
    m = &g->msg[mi];
    nstage = m->stage[m->nent - 1] + 1;
    ent = malloc(m->nent * sizeof *ent);
    st = malloc(nstage * sizeof *st);
    ston = malloc(nstage * sizeof *ston);
    if (!ent || !st || !ston) {
        hrel_seterr(err, errlen, "out of memory");
        goto done;
    }
    /* rule 3: every block scaled by the messages of this phase that use it */
    for (e = 0; e < m->nent; e++) {
        long k = find_use(g, (size_t)p, m->blk[e]);   /* m itself uses it: k >= 0 */
        size_t n = k >= 0 ? g->use[k].n : 1;
        double X = k >= 0 ? g->use[k].X : m->size;
        if (hrel_hyper_cb_concurrent(&g->block[m->blk[e]].cb, n, m->size, X, &ent[e])) {
            hrel_seterr(err, errlen, "message %s: rule 3 failed on block %s", msg,
                   g->block[m->blk[e]].name);
            goto done;
        }
    }
    /* rule 2 per stage: dependent within a processor, independent across */
    for (s = 0, e = 0; s < nstage; s++) {
        size_t e0 = e, e1, ngroup = 0;
        hrel_hyper_cb grp[HREL_HYPER_MAX_ALT];
        while (e < m->nent && m->stage[e] == s)
            e++;
        e1 = e;
        for (i = e0; i < e1; i++) {
            size_t j, k = 0;
            hrel_hyper_cb same[HREL_HYPER_MAX_ALT];
            int seen = 0;
            for (j = e0; j < i; j++)
                if (strcmp(g->block[m->blk[j]].on, g->block[m->blk[i]].on) == 0)
                    seen = 1;
            if (seen)
                continue;
            for (j = i; j < e1 && k < HREL_HYPER_MAX_ALT; j++)
                if (strcmp(g->block[m->blk[j]].on, g->block[m->blk[i]].on) == 0)
                    same[k++] = ent[j];
            if (ngroup >= HREL_HYPER_MAX_ALT) {   /* refused when read: never reached */
                hrel_seterr(err, errlen, "message %s: more than %d alternatives in a stage", msg,
                            HREL_HYPER_MAX_ALT);
                goto done;
            }
            if (hrel_hyper_cb_parallel(same, k, 1, &grp[ngroup++]))
                goto badnum;
        }
        if (hrel_hyper_cb_parallel(grp, ngroup, 0, &st[s]))
            goto badnum;
        ston[s] = ngroup == 1 ? g->block[m->blk[e0]].on : NULL;
    }
    /* rule 1 on the path: a sums; b = max over processors of their summed b */
    for (s = 0; s < nstage; s++) {
        double bsum = st[s].b;
        size_t t;
        int seen = 0;
        r.a += st[s].a;
        if (ston[s]) {
            for (t = 0; t < s; t++)
                if (ston[t] && strcmp(ston[t], ston[s]) == 0)
                    seen = 1;
            if (seen)
                continue;
            for (t = s + 1; t < nstage; t++)
                if (ston[t] && strcmp(ston[t], ston[s]) == 0)
                    bsum += st[t].b;
        }
        if (bsum > r.b)
            r.b = bsum;
    }
    *out = r;
    rc = 0;
    goto done;
badnum:
    hrel_seterr(err, errlen, "message %s: bad block parameters", msg);
done:
    free(ent);
    free(st);
    free(ston);
    return rc;
}

/* ------------------------------------------------------------ text form -- */

/* Split "[PHASE:]MSG" into its parts. */
static int split_ref(const char *s, char *ph, char *msg)
{
    const char *c = strchr(s, ':');
    if (c) {
        if ((size_t)(c - s) >= NAMELEN || strlen(c + 1) >= NAMELEN)
            return -1;
        memcpy(ph, s, (size_t)(c - s));
        ph[c - s] = '\0';
        strcpy(msg, c + 1);
    } else {
        if (strlen(s) >= NAMELEN)
            return -1;
        ph[0] = '\0';
        strcpy(msg, s);
    }
    return 0;
}

static int parse_num(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return *s && *end == '\0' && errno == 0 && isfinite(*v) && *v >= 0.0 ? 0 : -1;
}

/* One statement; TOK[0..NTOK) are its words. */
static int parse_stmt(hrel_hyper_graph *g, char **tok, int ntok, long line, char *err,
                      size_t errlen)
{
    const char *kw = tok[0];
    int i;
    if (strcmp(kw, "block") == 0) {
        double a = -1, b = -1;
        const char *on = NULL;
        if (ntok < 2) {
            hrel_seterr(err, errlen, "block needs a name");
            return -1;
        }
        for (i = 2; i < ntok; i++) {
            if (strncmp(tok[i], "a=", 2) == 0) {
                if (parse_num(tok[i] + 2, &a)) {
                    hrel_seterr(err, errlen, "block %s: a='%s' is not a number >= 0", tok[1], tok[i] + 2);
                    return -1;
                }
            } else if (strncmp(tok[i], "b=", 2) == 0) {
                if (parse_num(tok[i] + 2, &b)) {
                    hrel_seterr(err, errlen, "block %s: b='%s' is not a number >= 0", tok[1], tok[i] + 2);
                    return -1;
                }
            } else if (strncmp(tok[i], "on=", 3) == 0) {
                on = tok[i] + 3;
            } else {
                hrel_seterr(err, errlen, "block %s: unknown field '%s' (a= b= on=)", tok[1], tok[i]);
                return -1;
            }
        }
        if (a < 0 || b < 0) {
            hrel_seterr(err, errlen, "block %s: needs a= and b=", tok[1]);
            return -1;
        }
        return hrel_hyper_graph_block(g, tok[1], a, b, on, err, errlen);
    }
    if (strcmp(kw, "phase") == 0) {
        if (ntok != 2) {
            hrel_seterr(err, errlen, "phase takes one name");
            return -1;
        }
        return hrel_hyper_graph_phase(g, tok[1], err, errlen);
    }
    if (strcmp(kw, "message") == 0) {
        double size = 1.0;
        const char *path = NULL;
        if (ntok < 2) {
            hrel_seterr(err, errlen, "message needs a name");
            return -1;
        }
        for (i = 2; i < ntok; i++) {
            if (strncmp(tok[i], "path=", 5) == 0)
                path = tok[i] + 5;
            else if (strncmp(tok[i], "size=", 5) == 0) {
                if (parse_num(tok[i] + 5, &size) || size <= 0) {
                    hrel_seterr(err, errlen, "message %s: size='%s' is not a number > 0", tok[1], tok[i] + 5);
                    return -1;
                }
            } else {
                hrel_seterr(err, errlen, "message %s: unknown field '%s' (path= size=)", tok[1], tok[i]);
                return -1;
            }
        }
        if (!path) {
            hrel_seterr(err, errlen, "message %s: needs path=", tok[1]);
            return -1;
        }
        return hrel_hyper_graph_message(g, tok[1], size, path, err, errlen);
    }
    if (strcmp(kw, "reduce") == 0 || strcmp(kw, "general") == 0) {
        greq q;
        memset(&q, 0, sizeof q);
        q.line = line;
        if (kw[0] == 'r') {
            if (ntok != 2 || split_ref(tok[1], q.ph[0], q.msg[0])) {
                hrel_seterr(err, errlen, "reduce takes one [PHASE:]MESSAGE");
                return -1;
            }
            q.kind = REQ_REDUCE;
            snprintf(q.label, sizeof q.label, "%s", tok[1]);
        } else {
            int got = 0;
            if (ntok != 4 || !name_ok(tok[1])) {
                hrel_seterr(err, errlen, "general takes NAME small=[PHASE:]MSG large=[PHASE:]MSG");
                return -1;
            }
            for (i = 2; i < 4; i++) {
                int w = strncmp(tok[i], "small=", 6) == 0 ? 0 : strncmp(tok[i], "large=", 6) == 0 ? 1 : -1;
                if (w < 0 || split_ref(tok[i] + 6, q.ph[w], q.msg[w])) {
                    hrel_seterr(err, errlen, "general %s: expected small=... and large=..., got '%s'", tok[1], tok[i]);
                    return -1;
                }
                got |= 1 << w;
            }
            if (got != 3) {
                hrel_seterr(err, errlen, "general %s: needs both small= and large=", tok[1]);
                return -1;
            }
            q.kind = REQ_GENERAL;
            snprintf(q.label, sizeof q.label, "%s", tok[1]);
        }
        if (hrel_grow(&g->req, &g->creq, g->nreq, sizeof *g->req)) {
            hrel_seterr(err, errlen, "out of memory");
            return -1;
        }
        g->req[g->nreq++] = q;
        return 0;
    }
    hrel_seterr(err, errlen, "unknown statement '%s' (block, phase, message, reduce, general)", kw);
    return -1;
}

/* Read a graph file. */
int hrel_hyper_graph_read(const char *path, hrel_hyper_graph **g, char *err, size_t errlen)
{
    hrel_hyper_graph *r = NULL;
    char line[4096], msg[512], *text = NULL, *cursor, *ln;
    long lineno = 0;
    size_t i, w, textlen;
    int rc = -1;

    if (hrel_text_read(path, &text, &textlen, err, errlen) != 0)
        return -1;
    cursor = text;
    if (hrel_hyper_graph_alloc(&r)) {
        hrel_seterr(err, errlen, "%s: out of memory", path);
        goto done;
    }
    while ((ln = hrel_text_next_line(&cursor)) != NULL) {
        char *tok[64], *s, *hash;
        int ntok = 0;
        lineno++;
        if (strlen(ln) >= sizeof line) {
            hrel_seterr(err, errlen, "%s:%ld: line longer than %d characters", path, lineno,
                   (int)sizeof line - 1);
            goto done;
        }
        strcpy(line, ln);
        if ((hash = strchr(line, '#')) != NULL)
            *hash = '\0';
        for (s = strtok(line, " \t\r\n"); s; s = strtok(NULL, " \t\r\n")) {
            if (ntok == 64) {
                hrel_seterr(err, errlen, "%s:%ld: more than 64 words on a line", path, lineno);
                goto done;
            }
            tok[ntok++] = s;
        }
        if (ntok == 0)
            continue;
        if (parse_stmt(r, tok, ntok, lineno, msg, sizeof msg)) {
            hrel_seterr(err, errlen, "%s:%ld: %s", path, lineno, msg);
            goto done;
        }
    }
    if (r->nmsg == 0) {
        hrel_seterr(err, errlen, "%s:%ld: the graph has no message", path, lineno);
        goto done;
    }
    /* every reduce/general line must name existing messages */
    for (i = 0; i < r->nreq; i++) {
        const greq *q = &r->req[i];
        for (w = 0; w < (q->kind == REQ_GENERAL ? 2u : 1u); w++) {
            const char *ph = q->ph[w][0] ? q->ph[w] : "main";
            long p = find_phase(r, ph);
            if (p < 0 || find_msg(r, (size_t)p, q->msg[w]) < 0) {
                hrel_seterr(err, errlen, "%s:%ld: no message '%s' in phase %s", path, q->line,
                       q->msg[w], ph);
                goto done;
            }
        }
    }
    *g = r;
    r = NULL;
    rc = 0;
done:
    free(text);
    hrel_hyper_graph_free(r);
    return rc;
}

/* Number of results. */
size_t hrel_hyper_graph_nresult(const hrel_hyper_graph *g)
{
    return g->nreq ? g->nreq : g->nmsg;
}

/* Result I. */
int hrel_hyper_graph_result(const hrel_hyper_graph *g, size_t i, char *name, size_t namelen,
                            hrel_hyper_cb *out, char *err, size_t errlen)
{
    const greq *q;
    hrel_hyper_cb s, l;
    if (i >= hrel_hyper_graph_nresult(g)) {
        hrel_seterr(err, errlen, "no result %zu", i);
        return -1;
    }
    if (g->nreq == 0) {
        const gmsg *m = &g->msg[i];
        snprintf(name, namelen, "%s:%s", g->phase[m->phase], m->name);
        return hrel_hyper_graph_reduce(g, g->phase[m->phase], m->name, out, err, errlen);
    }
    q = &g->req[i];
    snprintf(name, namelen, "%s", q->label);
    if (hrel_hyper_graph_reduce(g, q->ph[0][0] ? q->ph[0] : "main", q->msg[0], &s, err, errlen))
        return -1;
    if (q->kind == REQ_REDUCE) {
        *out = s;
        return 0;
    }
    if (hrel_hyper_graph_reduce(g, q->ph[1][0] ? q->ph[1] : "main", q->msg[1], &l, err, errlen))
        return -1;
    hrel_hyper_cb_general(&s, &l, out);
    return 0;
}
