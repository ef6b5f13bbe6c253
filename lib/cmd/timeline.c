/* timeline -- a replay's timeline file (timeline.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "timeline.h"

int hrel_timeline_write(const char *path, const char *who, const hrel_msgtrace *t,
                        const double *t0, const double *t1, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "w");
    size_t i;
    int k;
    if (!fp) {
        hrel_seterr(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    fprintf(fp, "# %s --timeline: %s as traced and as replayed (s since rank "
            "0's start; a call starts when its gap is done)\n"
            "rank,row,kind,peers,bytes,tag,traced_t0,traced_t1,replay_t0,replay_t1\n",
            who, t->path);
    for (i = 0; i < t->n; i++) {
        const hrel_msg *m = &t->row[i];
        fprintf(fp, "%d,%zu,%s,", m->rank, i + 1, hrel_msgkind_name(m->kind));
        for (k = 0; k < m->npeers; k++)
            fprintf(fp, "%s%d", k ? ";" : "", m->peers[k]);
        fprintf(fp, ",%.0f,%d,%.9f,%.9f,", m->bytes, m->tag, m->t0, m->t1);
        if (isnan(t0[i]) || isnan(t1[i]))
            fputs(",\n", fp);
        else
            fprintf(fp, "%.9f,%.9f\n", t0[i], t1[i]);
    }
    if (fclose(fp) != 0) {
        hrel_seterr(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int hrel_timeline_alloc(const hrel_msgtrace *t, double **t0, double **t1)
{
    size_t i, n = t->n ? t->n : 1;
    *t0 = malloc(n * sizeof **t0);
    *t1 = malloc(n * sizeof **t1);
    if (!*t0 || !*t1)
        return -1;
    for (i = 0; i < n; i++)
        (*t0)[i] = (*t1)[i] = NAN;
    return 0;
}
