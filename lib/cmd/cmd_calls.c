/* hrel trace calls -- where a traced program's time went inside its PVM calls,
 * from hrel's preload tracer (lib/io/tevfile.h): per task and kind of call,
 * the calls, their wall time, the CPU time its thread used in them and its
 * voluntary context switches (a call whose wall time is well above its CPU
 * time and that switched voluntarily waited, e.g. for a message; one that did
 * not switch waited for a core). */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "hrel_cmd.h"
#include "tevfile.h"

static const char calls_usage[] =
    "usage: hrel trace calls TRACE_DIR\n"
    "TRACE_DIR: a folder of hrel's preload tracer (one *.tev file per process,\n"
    "experiments/trace.sh). Prints CSV task,host,pid,kind,calls,wall_s,cpu_s,vcsw:\n"
    "per process and kind of PVM call (send, recv, mcast, spawn, ...), the calls,\n"
    "the wall time spent in them, the CPU time the thread used in them and its\n"
    "voluntary context switches there (cpu_s and vcsw empty where the trace has no\n"
    "CPU times, and for pack: its records hold the packing calls' span, no CPU).\n"
    "wall_s well above cpu_s: the calls waited, for a message (vcsw > 0) or for a\n"
    "core (vcsw 0).\n";

int hrel_cmd_trace_calls(int argc, char **argv)
{
    hrel_tevdir *d = NULL;
    char err[1024];
    int first, rc;
    size_t i, j;
    const hrel_arg table[] = {HREL_OPT_END};
    if ((rc = hrel_args_run("hrel trace calls", argc, argv, table, NULL, calls_usage, stdout,
                            stderr, &first)) >= 0)
        return rc;
    if (first != argc - 1) {
        fprintf(stderr, "hrel trace: calls needs one TRACE_DIR (try hrel trace calls --help)\n");
        return 2;
    }
    if (hrel_tevdir_read(argv[first], &d, err, sizeof err) != 0) {
        fprintf(stderr, "hrel trace: %s\n", err);
        return 1;
    }
    printf("# hrel trace calls: %s\ntask,host,pid,kind,calls,wall_s,cpu_s,vcsw\n", argv[first]);
    for (i = 0; i < d->n; i++) {
        const hrel_tevfile *f = &d->file[i];
        int cpu = (f->head.flags & HREL_TEVH_CPU) != 0, k;
        long n[HREL_TEV_NKIND] = {0}, vc[HREL_TEV_NKIND] = {0};
        double wall[HREL_TEV_NKIND] = {0}, c[HREL_TEV_NKIND] = {0};
        for (j = 0; j < f->n; j++) {   /* one pass: the sums per kind */
            const hrel_tev_rec *r = &f->rec[j];
            if (r->kind >= HREL_TEV_NKIND)
                continue;
            n[r->kind]++;
            wall[r->kind] += (double)(r->u.call.t1_ns - r->u.call.t0_ns) * 1e-9;
            c[r->kind] += (double)(r->cpu1_ns - r->cpu0_ns) * 1e-9;
            vc[r->kind] += (long)(uint32_t)(r->vcsw1 - r->vcsw0);
        }
        for (k = 0; k < HREL_TEV_NKIND; k++) {
            if (!n[k] || k == HREL_TEV_LIST || k == HREL_TEV_NAME || k == HREL_TEV_END)
                continue;
            printf("t%x,%s,%d,%s,%ld,%.9f,", (unsigned)f->tid, f->head.host, (int)f->head.pid,
                   hrel_tev_kind_name(k), n[k], wall[k]);
            if (cpu && k != HREL_TEV_PACK)
                printf("%.9f,%ld\n", c[k], vc[k]);
            else
                printf(",\n");
        }
    }
    hrel_tevdir_free(d);
    return 0;
}
