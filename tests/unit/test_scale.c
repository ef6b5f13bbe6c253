/* Unit tests at scale: synthetic traces (lib/io/msgsynth) of every shape, up
 * to 10^5 events, read from msgs.csv, from PVM tracer text (held and sorted,
 * and streamed: hrel_msgtrace_import_pvm) and from the preload tracer's task
 * files (the same rows, plus an end row per rank), stepped
 * (msteps), priced with BSPWB and MPM, and replayed under every medium and
 * the daemon route. The expected values are the answers of the code before
 * the scale rewrite (O(n^2) receive matching and replay scans; issue #24),
 * printed by this test with HREL_SCALE_PRINT=1 on that code: the new code
 * must give them to 1e-9 relative (the daemon route's and the media's values
 * printed again where the model itself changed: scale_answers.h says which).
 * Behaviour, not timing. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hrel_test.h"
#include "model.h"
#include "msgsynth.h"
#include "msgtrace.h"
#include "msteps.h"
#include "pvmtrace.h"
#include "replay.h"
#include "tevfile.h"

#define NCONF 7
#define NVAL (4 + 3 * NCONF + 2)   /* rows, steps, bspwb, mpm; per conf total, end0, endp; packets, copies */

typedef struct scase {
    hrel_synth_shape shape;
    long events;
    double want[NVAL];
} scase;

/* the replay configurations (g 1e-9 s/B, L 10 us unless said) */
static void conf(int k, hrel_replay_param *par)
{
    memset(par, 0, sizeof *par);
    par->g_send = par->g_mcast = 1e-9;
    par->L_send = par->L_mcast = 1e-5;
    par->cpu_ratio = 1;
    par->nhosts = 8;
    par->g_wire = 8e-8;
    par->rtt0 = 1.4e-3;
    par->proc = 2e-5;
    switch (k) {
    case 0: par->medium = HREL_MEDIUM_NONE; break;
    case 1: par->medium = HREL_MEDIUM_PORT; break;
    case 2: par->medium = HREL_MEDIUM_BUS; break;
    case 3:   /* the trace's own hosts, first contact, a slower CPU */
        par->medium = HREL_MEDIUM_PORT;
        par->nhosts = 0;
        par->setup = 1e-4;
        par->cpu_ratio = 2;
        break;
    case 4:   /* a negative fitted L, other multicast costs, 3 hosts */
        par->medium = HREL_MEDIUM_BUS;
        par->L_send = -2e-6;
        par->g_mcast = 2e-9;
        par->L_mcast = 3e-5;
        par->nhosts = 3;
        break;
    case 5: par->daemon = 1; par->medium = HREL_MEDIUM_PORT; break;
    case 6: par->daemon = 1; par->medium = HREL_MEDIUM_BUS; par->wire_tc = 1; par->nhosts = 3; break;
    }
}

static const char *const shape_name[] = {"ring", "alltoall", "mw"};

/* Do A and B hold the same rows, B with SKIP_END rows of kind end past A's
 * (one at the end of each rank), matches the same row of the same rank? */
static int same_rows(const hrel_msgtrace *a, const hrel_msgtrace *b, int skip_end, double tol)
{
    int r, k;
    if (a->nproc != b->nproc || b->n != a->n + (size_t)(skip_end ? a->nproc : 0))
        return 0;
    for (r = 0; r < a->nproc; r++) {
        size_t i, na = a->first[r + 1] - a->first[r], nb = b->first[r + 1] - b->first[r];
        if (nb != na + (size_t)(skip_end ? 1 : 0) ||
            (skip_end && b->row[b->first[r + 1] - 1].kind != HREL_MSG_END))
            return 0;
        for (i = 0; i < na; i++) {
            const hrel_msg *x = &a->row[a->first[r] + i], *y = &b->row[b->first[r] + i];
            if (x->rank != y->rank || x->host != y->host || x->kind != y->kind ||
                x->npeers != y->npeers || x->bytes != y->bytes || x->tag != y->tag ||
                (x->match < 0) != (y->match < 0) || fabs(x->t0 - y->t0) > tol ||
                fabs(x->t1 - y->t1) > tol)
                return 0;
            if (x->match >= 0) {
                const hrel_msg *xs = &a->row[x->match], *ys = &b->row[y->match];
                if (xs->rank != ys->rank ||
                    (size_t)x->match - a->first[xs->rank] != (size_t)y->match - b->first[ys->rank])
                    return 0;
            }
            for (k = 0; k < x->npeers; k++)
                if (x->peers[k] != y->peers[k])
                    return 0;
        }
    }
    return 1;
}

/* Write case C as task files into DIR and import them into *OUT. */
static int tev_form(const hrel_msgsynth_opt *o, const char *dir, hrel_msgtrace **out, char *err,
                    size_t errlen)
{
    hrel_tevdir *d = NULL;
    int rc;
    mkdir(dir, 0777);
    if (hrel_msgsynth_write_tev(o, dir, NULL, err, errlen) != 0 ||
        hrel_tevdir_read(dir, &d, err, errlen) != 0)
        return -1;
    rc = hrel_msgtrace_from_tev(d, out, err, errlen);
    hrel_tevdir_free(d);
    return rc;
}

/* Remove the task files of DIR and DIR. */
static void remove_dir(const char *dir)
{
    DIR *dp = opendir(dir);
    struct dirent *de;
    char path[1024];
    while (dp && (de = readdir(dp)))
        if (de->d_name[0] != '.') {
            snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
            remove(path);
        }
    if (dp)
        closedir(dp);
    rmdir(dir);
}

/* Compute the values of case C into V; return 0 or -1 (err set). */
static int run_case(const scase *c, double *v, char *err, size_t errlen)
{
    hrel_msgsynth_opt o = {c->shape, 16, c->events, 8192};
    char mpath[512], tpath[512], dpath[512];
    const char *dir = getenv("HREL_TEST_TMP");
    FILE *fp;
    hrel_msgtrace *t = NULL, *tp = NULL, *ts = NULL, *tt = NULL;
    hrel_pvmtrace *pt = NULL;
    hrel_trace *tr = NULL;
    hrel_msteps_opt mo = {0, -1, NULL, 0};
    hrel_model_gl *gl = NULL;
    double *buf = NULL, total;
    int rc = -1, k, same = 1;
    size_t i;

    snprintf(mpath, sizeof mpath, "%s/scale_%s_%ld.csv", dir && *dir ? dir : "/tmp",
             shape_name[c->shape], c->events);
    snprintf(tpath, sizeof tpath, "%s/scale_%s_%ld.trc", dir && *dir ? dir : "/tmp",
             shape_name[c->shape], c->events);
    snprintf(dpath, sizeof dpath, "%s/scale_%s_%ld.tev", dir && *dir ? dir : "/tmp",
             shape_name[c->shape], c->events);
    if (!(fp = fopen(mpath, "w")) || hrel_msgsynth_write(&o, HREL_SYNTH_MSGS, fp, NULL, err, errlen))
        goto out;
    fclose(fp);
    if (!(fp = fopen(tpath, "w")) || hrel_msgsynth_write(&o, HREL_SYNTH_PVM, fp, NULL, err, errlen))
        goto out;
    fclose(fp);
    fp = NULL;
    if (hrel_msgtrace_load(mpath, &t, err, errlen) || hrel_pvmtrace_read(tpath, &pt, err, errlen) ||
        hrel_msgtrace_from_pvm(pt, &tp, err, errlen))
        goto out;
    /* both formats give the same rows and matches */
    same = tp->n == t->n && tp->nproc == t->nproc;
    for (i = 0; same && i < t->n; i++) {
        const hrel_msg *a = &t->row[i], *b = &tp->row[i];
        same = a->rank == b->rank && a->host == b->host && a->kind == b->kind &&
               a->npeers == b->npeers && a->bytes == b->bytes && a->tag == b->tag &&
               a->match == b->match && fabs(a->t0 - b->t0) < 5e-7 && fabs(a->t1 - b->t1) < 5e-7;
        for (k = 0; same && k < a->npeers; k++)
            same = a->peers[k] == b->peers[k];
    }
    HREL_CHECK(same, "msgs.csv and the tracer text give the same trace");
    if (hrel_msgtrace_import_pvm(tpath, &ts, err, errlen) || tev_form(&o, dpath, &tt, err, errlen))
        goto out;
    HREL_CHECK(same_rows(tp, ts, 0, 0), "the tracer text streamed gives the sorted way's trace");
    HREL_CHECK(same_rows(t, tt, 1, 5e-10), "the task files give msgs.csv's rows (and end rows)");
    v[0] = (double)t->n;
    if (hrel_msteps_infer(tp, &mo, &tr, NULL, err, errlen))
        goto out;
    v[1] = tr->nstep;
    if (!(buf = malloc((size_t)tr->nstep * (size_t)tr->nproc * sizeof *buf)) ||
        hrel_model_gl_new(tr, NULL, 1e-9, 1e-5, &gl, err, errlen) ||
        hrel_model_bspwb(tr, HREL_OP_SUM, gl, buf, &v[2], err, errlen) ||
        hrel_model_mpm(tr, HREL_OP_SUM, gl, NULL, NULL, &v[3], err, errlen))
        goto out;
    free(buf);
    if (!(buf = malloc((size_t)t->nproc * sizeof *buf)))
        goto out;
    for (k = 0; k < NCONF; k++) {
        hrel_replay_param par;
        conf(k, &par);
        if (hrel_replay_run(t, &par, buf, &total, err, errlen))
            goto out;
        v[4 + 3 * k] = total;
        v[5 + 3 * k] = buf[0];
        v[6 + 3 * k] = buf[t->nproc - 1];
        if (k == 5) {
            v[4 + 3 * NCONF] = (double)par.packets;
            v[5 + 3 * NCONF] = (double)par.copies;
        }
    }
    rc = 0;
out:
    if (fp)
        fclose(fp);
    free(buf);
    free(gl);
    hrel_trace_free(tr);
    hrel_pvmtrace_free(pt);
    hrel_msgtrace_free(t);
    hrel_msgtrace_free(tp);
    hrel_msgtrace_free(ts);
    hrel_msgtrace_free(tt);
    remove(mpath);
    remove(tpath);
    remove_dir(dpath);
    return rc;
}

/* the answers of the code before the rewrite (HREL_SCALE_PRINT=1 prints them) */
static scase cases[] = {
#include "scale_answers.h"
};

/* hrel_msgtrace_write's own number formatting against printf's: times of
 * every magnitude, exact ties of the sixth decimal and their neighbours,
 * negative ones, bytes whole and not. */
static void write_matches_printf(void)
{
    enum { N = 60000 };
    hrel_msgtrace t;
    hrel_msg *row = calloc(N, sizeof *row);
    FILE *fp = tmpfile();
    char line[512], want[512];
    size_t i, bad = 0, nline = 0;
    unsigned long long x = 88172645463325252ULL;
    HREL_CHECK(row && fp, "scratch for the writer test");
    if (!row || !fp) {
        free(row);
        if (fp)
            fclose(fp);
        return;
    }
    memset(&t, 0, sizeof t);
    t.path = "w";
    t.nproc = 1;
    t.n = N;
    t.row = row;
    for (i = 0; i < N; i++) {
        double u, scale = pow(10, (double)(i % 12) - 6);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        u = (double)(x >> 11) / 9007199254740992.0;
        row[i].kind = HREL_MSG_START;
        row[i].tag = -1;
        row[i].t0 = u * scale;
        row[i].t1 = i % 3 == 0 ? floor(u * 1e7) / 1e6 + 5e-7   /* a tie, nearly */
                    : i % 3 == 1 ? (double)(x % 100000000) / 1e6 : -u * scale;
        row[i].bytes = i % 5 == 0 ? u * 1e4 : floor(u * 1e9);
    }
    HREL_CHECK_INT(hrel_msgtrace_write(&t, fp), 0, "write");
    rewind(fp);
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || line[0] == 'r')
            continue;
        if (nline < N) {
            const hrel_msg *m = &row[nline];
            snprintf(want, sizeof want, "0,0,start,,%.0f,-1,%.6f,%.6f,\n", m->bytes, m->t0, m->t1);
            bad += strcmp(line, want) != 0;
        }
        nline++;
    }
    HREL_CHECK_INT(nline, N, "one line per row");
    HREL_CHECK_INT(bad, 0, "every number as printf writes it");
    fclose(fp);
    free(row);
}

int main(void)
{
    size_t c;
    int printing = getenv("HREL_SCALE_PRINT") != NULL;
    hrel_test_init();
    write_matches_printf();
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double v[NVAL];
        char err[512] = "", what[128];
        int k;
        int rc = run_case(&cases[c], v, err, sizeof err);
        HREL_CHECK_INT(rc, 0, err);
        if (rc)
            continue;
        if (printing) {
            printf("{HREL_SYNTH_%s, %ld, {", cases[c].shape == HREL_SYNTH_RING ? "RING"
                   : cases[c].shape == HREL_SYNTH_ALLTOALL ? "ALLTOALL" : "MW", cases[c].events);
            for (k = 0; k < NVAL; k++)
                printf("%s%.17g", k ? ", " : "", v[k]);
            printf("}},\n");
            continue;
        }
        for (k = 0; k < NVAL; k++) {
            snprintf(what, sizeof what, "%s %ld events: value %d as before the rewrite",
                     shape_name[cases[c].shape], cases[c].events, k);
            HREL_CHECK_REL(v[k], cases[c].want[k], 1e-9, what);
        }
    }
    return hrel_test_summary("scale");
}
