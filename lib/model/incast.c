/* incast -- where the replay's transfers would overflow a switch port's queue
 * (contract in incast.h). */
#include "incast.h"

#include <stdlib.h>

#include "grow.h"

typedef struct {
    int hs;
    double bytes, start, end;
} flow;

typedef struct {
    flow *f;
    size_t n, cap;
} port;

struct hrel_incast {
    int nhosts;
    double queue, window, peak;
    long count;
    port *in;
};

hrel_incast *hrel_incast_new(int nhosts, double queue, double window)
{
    hrel_incast *c;
    if (nhosts < 1 || !(queue > 0) || !(window >= 0))
        return NULL;
    if (!(c = calloc(1, sizeof *c)))
        return NULL;
    if (!(c->in = calloc((size_t)nhosts, sizeof *c->in))) {
        free(c);
        return NULL;
    }
    c->nhosts = nhosts;
    c->queue = queue;
    c->window = window;
    return c;
}

/* BYTES, at most one flow's window */
static double upto_window(const hrel_incast *c, double bytes)
{
    return c->window > 0 && bytes > c->window ? c->window : bytes;
}

/* The bytes flow F can have in flight at T: what is left of it, at most the window. */
static double in_flight(const hrel_incast *c, const flow *f, double t)
{
    double left = f->bytes;
    if (t > f->start && f->end > f->start)
        left *= (f->end - t) / (f->end - f->start);
    return upto_window(c, left);
}

int hrel_incast_add(hrel_incast *c, int hs, int hd, double bytes, double t0, double start,
                    double end)
{
    port *p;
    size_t i, k;
    double sum;
    int others = 0;
    if (!c || hs < 0 || hd < 0 || hs >= c->nhosts || hd >= c->nhosts)
        return -1;
    p = &c->in[hd];
    for (i = k = 0; i < p->n; i++)   /* drop the transfers done by T0 */
        if (p->f[i].end > t0)
            p->f[k++] = p->f[i];
    p->n = k;
    sum = upto_window(c, bytes);
    for (i = 0; i < p->n; i++) {
        sum += in_flight(c, &p->f[i], t0);
        others |= p->f[i].hs != hs;
    }
    if (hrel_grow(&p->f, &p->cap, p->n, sizeof *p->f) != 0)
        return -1;
    p->f[p->n].hs = hs;
    p->f[p->n].bytes = bytes;
    p->f[p->n].start = start;
    p->f[p->n].end = end;
    p->n++;
    if (!others || sum <= c->queue)
        return 0;
    c->count++;
    if (sum > c->peak)
        c->peak = sum;
    return 1;
}

long hrel_incast_count(const hrel_incast *c)
{
    return c ? c->count : 0;
}

double hrel_incast_peak(const hrel_incast *c)
{
    return c ? c->peak : 0;
}

void hrel_incast_free(hrel_incast *c)
{
    int h;
    if (!c)
        return;
    for (h = 0; h < c->nhosts; h++)
        free(c->in[h].f);
    free(c->in);
    free(c);
}
