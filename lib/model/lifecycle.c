/* lifecycle -- lifecycle.csv for the replay. See lifecycle.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "errmsg.h"
#include "lifecycle.h"

/* the events of lifecycle.csv, in the order of the flags below */
static const char *const events[] = {"enrol",    "spawn",     "spawn_start", "exit",
                                     "end",      "gs_start",  "joingroup",   "start_cpu",
                                     "spawn_cpu", "spawn_first", NULL};

/* P's value at K > 1, V1 its value at k 1: measured, or on the line between
 * the measured k around it, or beyond the largest on the line through the
 * smallest and the largest (k 1 and the largest when only one is measured).
 * P has a point. */
static double pts_at(const hrel_lifecycle_pts *p, double v1, int k)
{
    int i, ka, kb;
    double va, vb;
    for (i = 0; i < p->n && p->k[i] < k; i++)
        ;
    if (i < p->n && p->k[i] == k)
        return p->v[i];
    if (i < p->n) {   /* between: the one below (k 1 at least) and this one */
        ka = i > 0 ? p->k[i - 1] : 1;
        va = i > 0 ? p->v[i - 1] : v1;
        kb = p->k[i];
        vb = p->v[i];
    } else {          /* beyond the largest */
        ka = p->n >= 2 ? p->k[0] : 1;
        va = p->n >= 2 ? p->v[0] : v1;
        kb = p->k[p->n - 1];
        vb = p->v[p->n - 1];
    }
    return va + (double)(k - ka) * (vb - va) / (double)(kb - ka);
}

/* put (K > 1, V) into P, K ascending (a K again: the later row). Return 0, or
 * -1 when P is full. */
static int pts_put(hrel_lifecycle_pts *p, int k, double v)
{
    int i, j;
    for (i = 0; i < p->n && p->k[i] < k; i++)
        ;
    if (i < p->n && p->k[i] == k) {
        p->v[i] = v;
        return 0;
    }
    if (p->n == HREL_LIFECYCLE_NPT)
        return -1;
    for (j = p->n; j > i; j--) {
        p->k[j] = p->k[j - 1];
        p->v[j] = p->v[j - 1];
    }
    p->k[i] = k;
    p->v[i] = v;
    p->n++;
    return 0;
}

void hrel_lifecycle_two_points(hrel_lifecycle *l)
{
    int w;
    for (w = 0; w < HREL_LIFECYCLE_WHERE; w++) {
        hrel_lifecycle_pts *p[2] = {&l->spawnk[w], &l->lastk[w]};
        int j;
        for (j = 0; j < 2; j++)
            if (p[j]->n > 1) {
                p[j]->k[0] = p[j]->k[p[j]->n - 1];
                p[j]->v[0] = p[j]->v[p[j]->n - 1];
                p[j]->n = 1;
            }
        l->firstk[w].n = 0;
    }
}

double hrel_lifecycle_spawn(const hrel_lifecycle *l, int k, int where)
{
    double one = l->spawn1[where];
    if (k <= 1)
        return one;
    if (l->spawnk[where].n > 0)
        return fmax(0.0, pts_at(&l->spawnk[where], one, k));
    return k * one;
}

double hrel_lifecycle_spawn_start(const hrel_lifecycle *l, int i, int k, int where)
{
    double one = l->spawn_start[where], first, last;
    if (k <= 1)
        return one;
    first = l->firstk[where].n > 0 ? fmax(0.0, pts_at(&l->firstk[where], one, k)) : one;
    last = l->lastk[where].n > 0 ? fmax(0.0, pts_at(&l->lastk[where], one, k)) : one;
    if (i <= 0)
        return first;
    return fmax(0.0, first + (double)i * (last - first) / (double)(k - 1));
}

int hrel_lifecycle_read(const char *path, const char *platform, hrel_lifecycle *l, char *err,
                        size_t errlen)
{
    static const char *const cols[] = {"event", "k", "where", "median_s", NULL};
    int idx[4], rc = -1, seen = 0, w, ev;
    int have1[HREL_LIFECYCLE_WHERE] = {0, 0, 0}, haves[HREL_LIFECYCLE_WHERE] = {0, 0, 0};
    hrel_csv *c = NULL;
    const char *pl;
    size_t i;

    memset(l, 0, sizeof *l);
    l->start_cpu = l->spawn_cpu = NAN;
    if (hrel_csv_read(path, &c, err, errlen) != 0 ||
        hrel_csv_require(c, cols, idx, err, errlen) != 0)
        goto out;
    pl = hrel_csv_meta(c, "platform");
    if (!pl || !*pl) {
        hrel_seterr(err, errlen, "%s: no '# platform:' line (not a lifecycle.csv of "
                    "hrel_lifecycle?)", path);
        goto out;
    }
    if (platform && strcmp(pl, platform) != 0) {
        hrel_seterr(err, errlen, "%s: lifecycle of platform '%s', not of '%s' (characterise "
                    "this platform: experiments/study.sh writes lifecycle.csv)", path, pl,
                    platform);
        goto out;
    }
    snprintf(l->platform, sizeof l->platform, "%s", pl);
    for (i = 0; i < c->nrow; i++) {
        const char *e = hrel_csv_str(c, i, idx[0]), *wh = hrel_csv_str(c, i, idx[2]);
        long k;
        double v;
        for (ev = 0; events[ev] && strcmp(events[ev], e) != 0; ev++)
            ;
        if (!events[ev]) {
            hrel_seterr(err, errlen, "%s:%zu: unknown event '%.40s' (enrol spawn spawn_start "
                        "spawn_first exit end gs_start joingroup start_cpu spawn_cpu)", path, c->lineno[i], e);
            goto out;
        }
        if (strcmp(wh, "local") == 0)
            w = 0;
        else if (strcmp(wh, "remote") == 0)
            w = 1;
        else if (strcmp(wh, "spread") == 0)
            w = 2;
        else {
            hrel_seterr(err, errlen, "%s:%zu: column where: '%.40s' is not local, remote or "
                        "spread", path, c->lineno[i], wh);
            goto out;
        }
        if (hrel_csv_long(c, i, idx[1], &k, err, errlen) != 0 ||
            hrel_csv_double(c, i, idx[3], &v, err, errlen) != 0)
            goto out;
        if (k < 1 || k > 100000 || v < 0) {
            hrel_seterr(err, errlen, "%s:%zu: k must be 1..100000 and median_s >= 0", path,
                        c->lineno[i]);
            goto out;
        }
        seen |= 1 << ev;
        switch (ev) {
        case 0:
            l->enrol = v;
            break;
        case 1:
        case 2:
        case 9:
            if (k == 1 && ev == 1) {
                l->spawn1[w] = v;
                have1[w] = 1;
            } else if (k == 1 && ev == 2) {
                l->spawn_start[w] = v;
                haves[w] = 1;
            } else if (k > 1 && pts_put(ev == 1 ? &l->spawnk[w] : ev == 2 ? &l->lastk[w]
                                                                      : &l->firstk[w],
                                        (int)k, v) != 0) {
                hrel_seterr(err, errlen, "%s:%zu: more than %d values of k for %s,%s", path,
                            c->lineno[i], HREL_LIFECYCLE_NPT, e, wh);
                goto out;
            }
            break;
        case 3:
            l->exit = v;
            break;
        case 4:
            l->end = v;
            break;
        case 5:
            l->gs_start = v;
            break;
        case 7:
            l->start_cpu = v;
            break;
        case 8:
            l->spawn_cpu = v;
            break;
        default:   /* joingroup with the server running: for the reader, not priced */
            break;
        }
    }
    for (ev = 0; ev < 5; ev++)
        if (!(seen & (1 << ev)) || (ev == 1 && !have1[0]) || (ev == 2 && !haves[0])) {
            hrel_seterr(err, errlen, "%s: no '%s' row%s", path, events[ev],
                        ev == 1 || ev == 2 ? " of k 1, local" : "");
            goto out;
        }
    if (!have1[1]) {   /* no remote host measured: local */
        l->spawn1[1] = l->spawn1[0];
        l->spawnk[1] = l->spawnk[0];
    }
    if (!haves[1]) {
        l->spawn_start[1] = l->spawn_start[0];
        l->lastk[1] = l->lastk[0];
        l->firstk[1] = l->firstk[0];
    }
    /* spread: one task is a remote one; no spread rows of k > 1: the remote ones */
    l->spawn1[2] = l->spawn1[1];
    l->spawn_start[2] = l->spawn_start[1];
    if (!l->spawnk[2].n)
        l->spawnk[2] = l->spawnk[1];
    if (!l->lastk[2].n) {
        l->lastk[2] = l->lastk[1];
        if (!l->firstk[2].n)
            l->firstk[2] = l->firstk[1];
    }
    if (!(seen & (1 << 5)))
        l->gs_start = l->spawn1[0] + l->spawn_start[0];
    rc = 0;
out:
    hrel_csv_free(c);
    return rc;
}
