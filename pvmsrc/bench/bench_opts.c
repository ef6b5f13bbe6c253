/* bench_opts -- see bench_opts.h. */
#include "bench_opts.h"
#include "hrel_limits.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "patterns.h"
#include "vmopts.h"

/* The pattern list of the usage text, from the registry (lib/base/patterns.h). */
static void usage_patterns(FILE *out)
{
    size_t i;
    fputs("\npatterns (raw.csv code, name, what one repetition times):\n", out);
    for (i = 0; i < hrel_patterns_count(); i++) {
        const hrel_patinfo *p = hrel_patterns_at(i);
        fprintf(out, "  %-6s %s%s: %s\n", p->name, p->title,
                p->family == HREL_PATFAM_HYPER ? " (003 experiment; h = message size)" : "",
                p->how);
    }
}

void hrel_bench_opts_usage(FILE *out)
{
    fputs(
"usage: hrel_bench [options]   (--opt VALUE and --opt=VALUE both work)\n"
"Run communication patterns on the PVM virtual machine at equal h-relation sizes\n"
"(formula 4 of Roda et al. 1999) and write one raw.csv row per timed repetition.\n"
"A pvmd must be running (see hostfiles/vm.sh); workers (hrel_bworker) are\n"
"spawned through the hostfile's ep= path.\n"
"\n"
"  -P, --patterns LIST   patterns, comma separated (default: the h-relation\n"
"                        patterns, in the papers' order; see the list below)\n"
"  -p, --procs LIST      processor counts for every pattern: 4, 2,4,8, 2-8 or\n"
"                        2-8:2 (default: 2,4,6,8\n"
"                        for patterns on pairs, 4,6,8 for the others)\n"
"      --pair-procs LIST processor counts for the patterns on pairs only\n"
"      --coll-procs LIST processor counts for the other patterns only\n"
"  -s, --sizes LIST      h-relation sizes in bytes, k = 1024, M = 1048576\n"
"                        (default: 6720,26880,107520,\n"
"                        430080,1720320 = 6720*4^k, the seeds' range)\n"
"      --op sum|max      @ operator of formula (4) (default: sum, as the seeds)\n"
"  -r, --reps N          fixed number of timed repetitions per case\n"
"      --rse X           adaptive (default): stop when the relative standard\n"
"                        error of the mean is <= X (default 0.02) ...\n"
"      --min-reps N      ... but not before N (default 20) ...\n"
"      --max-reps N      ... and at most N repetitions (default 500)\n"
"      --stop mean|median  whose precision --rse asks for (default mean; the\n"
"                        median's, 1.2533 * 1.4826 MAD / sqrt(n) / median, is\n"
"                        robust to a few stalled repetitions)\n"
"  -w, --warmup N        discarded repetitions before each case (default 2)\n"
"      --route direct|daemon     PVM routing of data (default: direct)\n"
"      --encoding raw|inplace|default   PVM encoding (default: raw, as every\n"
"                        hrel program; see the README)\n"
"      --place rr|block|pvm      worker placement over hosts: round-robin in\n"
"                        hostfile order (default), blocks in hostfile order,\n"
"                        or pvmd's choice\n"
"      --timeout DURATION  longest wait for one data message: 90, 90s, 2m,\n"
"                        500ms (default 120s)\n"
"      --recv poll|block  how ranks wait for data messages when every rank has a\n"
"                        cpu of its own: poll (default: pvm_nrecv in a loop, no\n"
"                        scheduler wake-up inside the timing) or block (pvm_trecv);\n"
"                        ranks that share cpus or run under a cgroup limit below\n"
"                        one cpu, or use --route daemon, always block\n"
"      --max-lag DURATION  when every rank has a cpu of its own, void and repeat a\n"
"                        repetition in which a rank started more than SEC after\n"
"                        the common start (default 100us)\n"
"  -o, --out DIR         directory to write raw.csv (one row per repetition) and\n"
"                        cases.csv (one summary per case) into; an existing\n"
"                        raw.csv there is refused unless --force or --resume\n"
"                        (default: results/<platform>-<UTC>/)\n"
"      --force           overwrite an existing DIR/raw.csv\n"
"      --resume DIR      continue the interrupted run in DIR: its finished cases\n"
"                        (rows of cases.csv) are kept and skipped, the rest run\n"
"      --dry-run         print the cases and an estimated duration; run nothing\n"
"                        (estimate from --estimate-from DIR, else a --fit FILE,\n"
"                        else --g and --L)\n"
"      --estimate-from DIR  a measured run (its cases.csv): each case it has is\n"
"                        estimated with the repetitions it needed there and its\n"
"                        mean time plus start margin; other cases from --fit, or\n"
"                        DIR/fit.csv (--dry-run)\n"
"      --fit FILE        fit.csv whose g and L estimate durations (--dry-run)\n"
"      --g G, --L L      g (s/byte) and L (s) of the estimate where no fit row\n"
"                        prices a case (default a 10 Mbit/s network: g 8e-7, L 1ms)\n"
"      --budget DURATION  time budget of the run (90s, 2m): each case gets a share\n"
"                        of the time left in proportion to its size (time earlier\n"
"                        cases did not need goes to later ones) and stops adding\n"
"                        repetitions beyond the minimum once its share is spent\n"
"                        (one short of its precision: once it has used 4 shares,\n"
"                        or when the budget is spent)\n"
"      --quick           a short characterisation: sizes 26880,53760,107520,\n"
"                        215040,430080, no warm-up, 5..30 repetitions per case\n"
"                        stopping at 1% relative standard error of the median\n"
"                        (--stop median), budget 90s\n"
"                        (explicit\n"
"                        --sizes/--rse/--min-reps/... still win)\n"
"      --platform NAME   platform name for the metadata (default: local)\n"
"      --hostfile FILE   hostfile the pvmd was started with, for the metadata\n"
"      --note 'KEY: VALUE'  extra metadata line (repeatable, up to 8)\n"
"  -q, --quiet           no progress lines on stderr\n"
"      --inject-corrupt RANK:REP  testing: RANK corrupts one byte it sends in\n"
"                        repetition REP of every case (warm-ups are negative)\n"
"      --inject-drop RANK:REP  testing: RANK sends nothing in repetition REP\n"
"  -h, --help            this text\n", out);
    usage_patterns(out);
}

/* Copy a parsed list into an int array of processor counts. */
static void to_ints(const long *v, int n, int *out, int *nout)
{
    int i;
    for (i = 0; i < n; i++)
        out[i] = (int)v[i];
    *nout = n;
}

/* "RANK:REP" of the fault-injection options: RANK >= 0, REP any integer. */
static int parse_inject(const char *opt, const char *s, int *rank, long *rep, char *err,
                        size_t errlen)
{
    char buf[64];
    const char *colon = strchr(s, ':');
    long r;
    if (!colon || (size_t)(colon - s) >= sizeof buf) {
        snprintf(err, errlen, "%s: '%.60s' is not RANK:REP", opt, s);
        return -1;
    }
    memcpy(buf, s, (size_t)(colon - s));
    buf[colon - s] = '\0';
    if (hrel_args_long(opt, buf, 0, HREL_MAX_RANKS - 1, &r, err, errlen) < 0 ||
        hrel_args_long(opt, colon + 1, LONG_MIN + 1, LONG_MAX, rep, err, errlen) < 0)
        return -1;
    *rank = (int)r;
    return 0;
}

/* --patterns: known names from the registry, no empty item. */
static int parse_patterns(const char *s, hrel_bench_cfg *cfg, char *err, size_t errlen)
{
    const char *p = s;
    cfg->npat = 0;
    for (;;) {
        size_t len = strcspn(p, ",");
        char name[16];
        if (len == 0) {
            snprintf(err, errlen, "--patterns: '%.60s' has an empty item", s);
            return -1;
        }
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p);
        if (len >= sizeof name || !hrel_patterns_find(name)) {
            char known[160];
            snprintf(err, errlen, "--patterns: unknown pattern '%.*s' (known: %s)",
                     (int)(len < 40 ? len : 40), p,
                     hrel_patterns_names(-1, " ", known, sizeof known));
            return -1;
        }
        if (cfg->npat >= HREL_MAX_LIST) {
            snprintf(err, errlen, "--patterns: more than %d patterns", HREL_MAX_LIST);
            return -1;
        }
        snprintf(cfg->pat[cfg->npat++], sizeof cfg->pat[0], "%s", name);
        p += len;
        if (!*p)
            return 0;
        if (!*++p) {
            snprintf(err, errlen, "--patterns: '%.60s' has an empty item", s);
            return -1;
        }
    }
}

const int *hrel_bench_procs_for(const hrel_bench_cfg *cfg, const char *pat, int *n)
{
    const hrel_patinfo *info = hrel_patterns_find(pat);
    if (info && info->even_procs) {
        *n = cfg->nprocs_pair;
        return cfg->procs_pair;
    }
    *n = cfg->nprocs_coll;
    return cfg->procs_coll;
}

/* Check every (pattern, p, h) case before anything runs. */
static int check_cases(const hrel_bench_cfg *cfg, char *err, size_t errlen)
{
    int i, j, k, np;
    for (i = 0; i < cfg->npat; i++) {
        const hrel_patinfo *info = hrel_patterns_find(cfg->pat[i]);
        const int *procs = hrel_bench_procs_for(cfg, cfg->pat[i], &np);
        for (j = 0; j < np; j++) {
            if (procs[j] < 2) {
                snprintf(err, errlen, "pattern %s needs at least 2 processors (got %d)",
                         cfg->pat[i], procs[j]);
                return -1;
            }
            if (info->even_procs && procs[j] % 2) {
                snprintf(err, errlen,
                         "pattern %s works on pairs: processor count %d is odd", cfg->pat[i],
                         procs[j]);
                return -1;
            }
            for (k = 0; k < cfg->nsizes; k++) {
                long m;
                char why[256];
                if (hrel_h_msg_bytes(cfg->pat[i], procs[j], cfg->sizes[k], cfg->op, &m, why,
                                     sizeof why) < 0) {
                    snprintf(err, errlen, "%s", why);
                    return -1;
                }
                if (m > 1L << 30) {
                    snprintf(err, errlen, "message of %ld bytes is too large (max 1 GiB)", m);
                    return -1;
                }
            }
        }
    }
    return 0;
}

/* --quick: sizes where the line is straight on the LANs and that pin its slope
 * (4x apart, the largest the seeds' fourth size) and the intercept (the
 * smallest), fewer warm-ups, and a per-case precision stop: at least 4
 * repetitions, at most 30, stopping at 1% relative standard error. */
/* Which of the values --quick presets were given explicitly. */
typedef struct quick_seen {
    int sizes, rse, min, max, warmup, budget, stop;
} quick_seen;

/* The --quick preset, applied after parsing to the values not given
 * explicitly (explicit options win). */
static void quick_preset(hrel_bench_cfg *d, const quick_seen *seen)
{
    static const long sz[] = {26880, 53760, 107520, 215040, 430080};
    size_t k;
    if (!seen->sizes) {
        d->nsizes = (int)(sizeof sz / sizeof sz[0]);
        for (k = 0; k < sizeof sz / sizeof sz[0]; k++)
            d->sizes[k] = sz[k];
    }
    d->reps.adaptive = 1;
    if (!seen->rse)
        d->reps.rse = 0.01;
    if (!seen->min)
        d->reps.min = 5;
    if (!seen->stop)
        d->reps.median = 1;
    if (!seen->max)
        d->reps.max = 30;
    if (!seen->warmup)
        d->warmup = 0;   /* the median rule shrugs off one cold first repetition */
    if (!seen->budget)
        d->budget_s = 90.0;
}

/* Defaults of everything (the usage text states them). */
static void set_defaults(hrel_bench_cfg *cfg)
{
    size_t k;
    int i;
    memset(cfg, 0, sizeof *cfg);
    for (k = 0; k < hrel_patterns_count() && cfg->npat < HREL_MAX_LIST; k++)
        if (hrel_patterns_at(k)->family == HREL_PATFAM_HREL)
            snprintf(cfg->pat[cfg->npat++], sizeof cfg->pat[0], "%s", hrel_patterns_at(k)->name);
    cfg->nprocs_pair = 4;
    for (i = 0; i < 4; i++)
        cfg->procs_pair[i] = 2 + 2 * i;
    cfg->nprocs_coll = 3;
    for (i = 0; i < 3; i++)
        cfg->procs_coll[i] = 4 + 2 * i;
    cfg->nsizes = 5;
    for (i = 0; i < 5; i++)
        cfg->sizes[i] = 6720L << (2 * i);
    cfg->op = HREL_OP_SUM;
    cfg->reps.adaptive = 1;
    cfg->reps.rse = 0.02;
    cfg->reps.min = 20;
    cfg->reps.max = 500;
    cfg->warmup = 2;
    cfg->route = hrel_vmopts_route(0);
    cfg->encoding = hrel_vmopts_encoding(0);
    cfg->place = HREL_PLACE_RR;
    cfg->timeout_s = 120.0;
    snprintf(cfg->platform, sizeof cfg->platform, "local");
    cfg->corrupt_rank = -1;
    cfg->corrupt_rep = LONG_MIN;
    cfg->drop_rank = -1;
    cfg->drop_rep = LONG_MIN;
    cfg->max_lag_s = 100e-6;
    cfg->est_g = 0.8e-6;   /* --dry-run's estimate: a 10 Mbit/s network */
    cfg->est_L = 1e-3;
}

int hrel_bench_opts_parse(int argc, char **argv, hrel_bench_cfg *cfg, FILE *out,
                          char *err, size_t errlen)
{
    static const char *const ops[] = {"sum", "max", NULL};
    long procs[HREL_MAX_LIST], pair[HREL_MAX_LIST], coll[HREL_MAX_LIST];
    int nprocs = 0, npair = 0, ncoll = 0, seen_procs = 0, seen_pair = 0, seen_coll = 0;
    int seen_reps = 0, seen_op = 0, seen_corrupt = 0, seen_drop = 0, seen_g = 0, seen_L = 0;
    quick_seen qs = {0, 0, 0, 0, 0, 0, 0};
    int stop = 0, recv = 0;
    static const char *const recvs[] = {"poll", "block", NULL};
    static const char *const stops[] = {"mean", "median", NULL};
    int op = 0, route = 0, encoding = 0, place = 0, i;
    const char *patterns = NULL, *outdir = NULL, *platform = NULL, *hostfile = NULL;
    const char *corrupt = NULL, *drop = NULL, *notes[8], *resume = NULL, *fit = NULL;
    const char *like = NULL;
    int nnotes = 0;
    size_t len = 0;
    hrel_bench_cfg d;
    const hrel_arg table[] = {
        HREL_OPT_STR("patterns", 'P', &patterns),
        {"procs", 'p', HREL_ARG_PROCS, procs, 1, HREL_MAX_RANKS, NULL, &nprocs, HREL_MAX_LIST,
         &seen_procs},
        {"pair-procs", 0, HREL_ARG_PROCS, pair, 1, HREL_MAX_RANKS, NULL, &npair, HREL_MAX_LIST,
         &seen_pair},
        {"coll-procs", 0, HREL_ARG_PROCS, coll, 1, HREL_MAX_RANKS, NULL, &ncoll, HREL_MAX_LIST,
         &seen_coll},
        {"sizes", 's', HREL_ARG_SIZES, d.sizes, 1, 1L << 40, NULL, &d.nsizes, HREL_MAX_LIST,
         &qs.sizes},
        {"op", 0, HREL_ARG_CHOICE, &op, 0, 0, ops, NULL, 0, &seen_op},
        {"reps", 'r', HREL_ARG_LONG, &d.reps.fixed, 1, 1000000000, NULL, NULL, 0, &seen_reps},
        {"rse", 0, HREL_ARG_DOUBLE, &d.reps.rse, 1e-9, 1, NULL, NULL, 0, &qs.rse},
        {"min-reps", 0, HREL_ARG_LONG, &d.reps.min, 1, 1000000000, NULL, NULL, 0, &qs.min},
        {"max-reps", 0, HREL_ARG_LONG, &d.reps.max, 1, 1000000000, NULL, NULL, 0, &qs.max},
        {"stop", 0, HREL_ARG_CHOICE, &stop, 0, 0, stops, NULL, 0, &qs.stop},
        HREL_OPT_CHOICE("recv", 0, &recv, recvs),
        {"warmup", 'w', HREL_ARG_LONG, &d.warmup, 0, 1000000000, NULL, NULL, 0, &qs.warmup},
        HREL_OPT_CHOICE("route", 0, &route, hrel_vmopts_route_words),
        {"encoding", 0, HREL_ARG_CHOICE, &encoding, 0, 0, hrel_vmopts_encoding_words, NULL, 0,
         NULL},
        HREL_OPT_CHOICE("place", 0, &place, hrel_vmopts_place_words),
        HREL_OPT_NUM("timeout", 0, HREL_ARG_DURATION, &d.timeout_s, 1e-3, 1e7),
        HREL_OPT_NUM("max-lag", 0, HREL_ARG_DURATION, &d.max_lag_s, 1e-9, 1e3),
        HREL_OPT_STR("out", 'o', &outdir),
        HREL_OPT_STR("platform", 0, &platform),
        HREL_OPT_STR("hostfile", 0, &hostfile),
        HREL_OPT_LIST("note", 0, HREL_ARG_STRS, notes, 0, 0, &nnotes, 8),
        HREL_OPT_FLAG("quiet", 'q', &d.quiet),
        HREL_OPT_FLAG("force", 0, &d.force),
        HREL_OPT_FLAG("dry-run", 0, &d.dry_run),
        HREL_OPT_FLAG("quick", 0, &d.quick),
        HREL_OPT_STR("resume", 0, &resume),
        HREL_OPT_STR("fit", 0, &fit),
        HREL_OPT_STR("estimate-from", 0, &like),
        {"g", 0, HREL_ARG_DOUBLE, &d.est_g, 1e-15, 1.0, NULL, NULL, 0, &seen_g},
        {"L", 0, HREL_ARG_DURATION, &d.est_L, 0, 1e3, NULL, NULL, 0, &seen_L},
        {"budget", 0, HREL_ARG_DURATION, &d.budget_s, 1e-3, 1e7, NULL, NULL, 0, &qs.budget},
        {"inject-corrupt", 0, HREL_ARG_STR, &corrupt, 0, 0, NULL, NULL, 0, &seen_corrupt},
        {"inject-drop", 0, HREL_ARG_STR, &drop, 0, 0, NULL, NULL, 0, &seen_drop},
        HREL_OPT_END,
    };

    set_defaults(&d);
    {
        int rc = hrel_args_parse_all(argc, argv, table, err, errlen);
        if (rc == 1)
            hrel_bench_opts_usage(out);
        if (rc != 0)
            return rc;
    }
    if (patterns && parse_patterns(patterns, &d, err, errlen) < 0)
        return -1;
    if (seen_procs) {
        to_ints(procs, nprocs, d.procs_pair, &d.nprocs_pair);
        to_ints(procs, nprocs, d.procs_coll, &d.nprocs_coll);
    }
    if (seen_pair)
        to_ints(pair, npair, d.procs_pair, &d.nprocs_pair);
    if (seen_coll)
        to_ints(coll, ncoll, d.procs_coll, &d.nprocs_coll);
    if (seen_op)
        d.op = op == 1 ? HREL_OP_MAX : HREL_OP_SUM;
    if (qs.stop)
        d.reps.median = stop == 1;
    d.recv_block = recv == 1;
    if (d.quick)
        quick_preset(&d, &qs);
    if (seen_reps)
        d.reps.adaptive = 0;
    if (qs.rse)
        d.reps.adaptive = 1;
    d.route = hrel_vmopts_route(route);
    d.encoding = hrel_vmopts_encoding(encoding);
    d.place = (hrel_place)place;
    if (platform)
        snprintf(d.platform, sizeof d.platform, "%s", platform);
    if (hostfile)
        snprintf(d.hostfile, sizeof d.hostfile, "%s", hostfile);
    for (i = 0; i < nnotes; i++) {
        if (!strchr(notes[i], ':')) {
            snprintf(err, errlen, "--note: '%.60s' is not 'key: value'", notes[i]);
            return -1;
        }
        snprintf(d.notes[d.nnotes++], sizeof d.notes[0], "%s", notes[i]);
    }
    if (seen_corrupt &&
        parse_inject("--inject-corrupt", corrupt, &d.corrupt_rank, &d.corrupt_rep, err, errlen))
        return -1;
    if (seen_drop && parse_inject("--inject-drop", drop, &d.drop_rank, &d.drop_rep, err, errlen))
        return -1;
    if (hrel_reps_check(&d.reps, err, errlen) < 0)
        return -1;
    if (check_cases(&d, err, errlen) < 0)
        return -1;
    if (resume) {
        if (outdir && strcmp(outdir, resume) != 0) {
            snprintf(err, errlen, "--resume %.60s and --out %.60s name different directories",
                     resume, outdir);
            return -1;
        }
        if (d.force) {
            snprintf(err, errlen, "--resume keeps the finished cases, --force discards them: "
                                  "give one");
            return -1;
        }
        outdir = resume;
        d.resume = 1;
    }
    if (outdir) {
        size_t n = strlen(outdir);
        if (n >= 4 && strcmp(outdir + n - 4, ".csv") == 0) {
            snprintf(err, errlen, "--out: '%.60s' looks like a file; --out names the "
                                  "directory that gets raw.csv and cases.csv", outdir);
            return -1;
        }
        if (n + sizeof "/raw.csv" > sizeof d.outdir) {
            snprintf(err, errlen, "--out: directory name longer than %zu characters",
                     sizeof d.outdir - sizeof "/raw.csv");
            return -1;
        }
        snprintf(d.outdir, sizeof d.outdir, "%s", outdir);
    } else {
        char stamp[32];
        time_t now = time(NULL);
        strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", gmtime(&now));
        snprintf(d.outdir, sizeof d.outdir, "results/%.100s-%s", d.platform, stamp);
    }
    snprintf(d.output, sizeof d.output, "%s/raw.csv", d.outdir);
    if (fit)
        snprintf(d.fit, sizeof d.fit, "%s", fit);
    if (like)
        snprintf(d.like, sizeof d.like, "%s", like);
    d.est_set = seen_g || seen_L;
    for (i = 0; i < argc && len + 2 < sizeof d.cmdline; i++)
        len += (size_t)snprintf(d.cmdline + len, sizeof d.cmdline - len, "%s%s",
                                i ? " " : "", argv[i]);
    *cfg = d;
    return 0;
}
