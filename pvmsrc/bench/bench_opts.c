/* bench_opts -- see bench_opts.h. */
#include "bench_opts.h"
#include "hrel_limits.h"

#include <errno.h>
#include <limits.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "hrel_limits.h"
#include "pattern.h"

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
"usage: hrel_bench [options]\n"
"Run communication patterns on the PVM virtual machine at equal h-relation sizes\n"
"(formula 4 of Roda et al. 1999) and write one raw.csv row per timed repetition.\n"
"A pvmd must be running (see hostfiles/vm.sh); workers (hrel_bworker) are\n"
"spawned through the hostfile's ep= path.\n"
"\n"
"  -P, --patterns LIST   patterns, comma separated (default: the h-relation\n"
"                        patterns, in the papers' order; see the list below)\n"
"  -p, --procs LIST      processor counts for every pattern (default: 2,4,6,8\n"
"                        for patterns on pairs, 4,6,8 for the others)\n"
"      --pair-procs LIST processor counts for the patterns on pairs only\n"
"      --coll-procs LIST processor counts for the other patterns only\n"
"  -s, --sizes LIST      h-relation sizes in bytes (default: 6720,26880,107520,\n"
"                        430080,1720320 = 6720*4^k, the seeds' range)\n"
"      --op sum|max      @ operator of formula (4) (default: sum, as the seeds)\n"
"  -r, --reps N          fixed number of timed repetitions per case\n"
"      --rse X           adaptive (default): stop when the relative standard\n"
"                        error of the mean is <= X (default 0.02) ...\n"
"      --min-reps N      ... but not before N (default 20) ...\n"
"      --max-reps N      ... and at most N repetitions (default 500)\n"
"  -w, --warmup N        discarded repetitions before each case (default 2)\n"
"      --route direct|daemon     PVM routing of data (default: direct)\n"
"      --encoding inplace|raw|default   PVM encoding (default: inplace)\n"
"      --place rr|block|pvm      worker placement over hosts: round-robin in\n"
"                        hostfile order (default), blocks in hostfile order,\n"
"                        or pvmd's choice\n"
"      --timeout DURATION  longest wait for one data message (default 120; 90s, 2m)\n"
"      --max-lag SEC     when every rank has a cpu of its own, void and repeat a\n"
"                        repetition in which a rank started more than SEC after\n"
"                        the common start (default 0.0001)\n"
"  -o, --out DIR         output directory: DIR/raw.csv and DIR/cases.csv (a summary\n"
"                        per case) (default: results/<platform>-<UTC>/)\n"
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

/* A processor list (ranges allowed) into int V; lib/base/args parses it. */
static int parse_procs(const char *opt, const char *s, int *v, int *n, char *err,
                       size_t errlen)
{
    long tmp[HREL_MAX_LIST];
    int i;
    if (hrel_args_list(opt, s, 1, 1, HREL_MAX_RANKS, tmp, HREL_MAX_LIST, n, err, errlen) < 0)
        return -1;
    for (i = 0; i < *n; i++)
        v[i] = (int)tmp[i];
    return 0;
}

/* "RANK:REP" of the fault injections. */
static int parse_inject(const char *opt, const char *s, int *rank, long *rep, char *err,
                        size_t errlen)
{
    char buf[64], *colon;
    long r;
    snprintf(buf, sizeof buf, "%s", s);
    colon = strchr(buf, ':');
    if (!colon || strlen(s) >= sizeof buf) {
        snprintf(err, errlen, "%s: expected RANK:REP, got '%.60s'", opt, s);
        return -1;
    }
    *colon = '\0';
    if (hrel_args_long(opt, buf, 0, HREL_MAX_RANKS - 1, &r, err, errlen) < 0 ||
        hrel_args_long(opt, colon + 1, -1000000000L, 1000000000L, rep, err, errlen) < 0)
        return -1;
    *rank = (int)r;
    return 0;
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
        const hrel_pattern *pat = hrel_pattern_find(cfg->pat[i]);
        const int *procs = hrel_bench_procs_for(cfg, cfg->pat[i], &np);
        for (j = 0; j < np; j++) {
            if (procs[j] < 2) {
                snprintf(err, errlen, "pattern %s needs at least 2 processors (got %d)",
                         cfg->pat[i], procs[j]);
                return -1;
            }
            if (hrel_pattern_info(pat)->even_procs && procs[j] % 2) {
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

int hrel_bench_opts_parse(int argc, char **argv, hrel_bench_cfg *cfg, FILE *out,
                          char *err, size_t errlen)
{
    enum { O_PAIR = 256, O_COLL, O_OP, O_RSE, O_MIN, O_MAX, O_ROUTE, O_ENC, O_PLACE,
           O_TIMEOUT, O_PLATFORM, O_HOSTFILE, O_NOTE, O_CORRUPT, O_DROP, O_MAXLAG };
    static const struct option lo[] = {
        {"patterns", required_argument, 0, 'P'}, {"procs", required_argument, 0, 'p'},
        {"pair-procs", required_argument, 0, O_PAIR},
        {"coll-procs", required_argument, 0, O_COLL},
        {"sizes", required_argument, 0, 's'}, {"op", required_argument, 0, O_OP},
        {"reps", required_argument, 0, 'r'}, {"rse", required_argument, 0, O_RSE},
        {"min-reps", required_argument, 0, O_MIN}, {"max-reps", required_argument, 0, O_MAX},
        {"warmup", required_argument, 0, 'w'}, {"route", required_argument, 0, O_ROUTE},
        {"encoding", required_argument, 0, O_ENC}, {"place", required_argument, 0, O_PLACE},
        {"timeout", required_argument, 0, O_TIMEOUT}, {"out", required_argument, 0, 'o'},
        {"platform", required_argument, 0, O_PLATFORM},
        {"hostfile", required_argument, 0, O_HOSTFILE}, {"note", required_argument, 0, O_NOTE},
        {"quiet", no_argument, 0, 'q'}, {"inject-corrupt", required_argument, 0, O_CORRUPT},
        {"inject-drop", required_argument, 0, O_DROP}, {"max-lag", required_argument, 0, O_MAXLAG},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0},
    };
    int c, i;
    size_t k;
    size_t len = 0;

    memset(cfg, 0, sizeof *cfg);
    cfg->npat = 0;              /* default: the registry's h-relation patterns */
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
    hrel_vm_parse_route("direct", &cfg->route);
    hrel_vm_parse_encoding("inplace", &cfg->encoding);
    cfg->place = HREL_PLACE_RR;
    cfg->timeout_s = 120.0;
    snprintf(cfg->platform, sizeof cfg->platform, "local");
    cfg->corrupt_rank = -1;
    cfg->corrupt_rep = LONG_MIN;
    cfg->drop_rank = -1;
    cfg->drop_rep = LONG_MIN;
    cfg->max_lag_s = 100e-6;
    for (i = 0; i < argc && len + 2 < sizeof cfg->cmdline; i++)
        len += (size_t)snprintf(cfg->cmdline + len, sizeof cfg->cmdline - len, "%s%s",
                                i ? " " : "", argv[i]);

    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":P:p:s:r:w:o:qh", lo, NULL)) != -1) {
        switch (c) {
        case 'P': {
            char buf[1024], *tok, *save = NULL;
            snprintf(buf, sizeof buf, "%s", optarg);
            cfg->npat = 0;
            for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
                if (!hrel_pattern_find(tok)) {
                    char known[128];
                    snprintf(err, errlen, "--patterns: unknown pattern '%s' (known: %s)", tok,
                             hrel_patterns_names(-1, " ", known, sizeof known));
                    return -1;
                }
                if (cfg->npat >= HREL_MAX_LIST)
                    break;
                snprintf(cfg->pat[cfg->npat++], sizeof cfg->pat[0], "%s", tok);
            }
            if (cfg->npat == 0) {
                snprintf(err, errlen, "--patterns: empty list");
                return -1;
            }
            break;
        }
        case 'p':
            if (parse_procs("--procs", optarg, cfg->procs_pair, &cfg->nprocs_pair, err, errlen) < 0)
                return -1;
            memcpy(cfg->procs_coll, cfg->procs_pair, sizeof cfg->procs_coll);
            cfg->nprocs_coll = cfg->nprocs_pair;
            break;
        case O_PAIR:
            if (parse_procs("--pair-procs", optarg, cfg->procs_pair, &cfg->nprocs_pair, err, errlen) < 0)
                return -1;
            break;
        case O_COLL:
            if (parse_procs("--coll-procs", optarg, cfg->procs_coll, &cfg->nprocs_coll, err, errlen) < 0)
                return -1;
            break;
        case 's':
            if (hrel_args_list("--sizes", optarg, 0, 1, 1L << 40, cfg->sizes, HREL_MAX_LIST, &cfg->nsizes, err, errlen) < 0)
                return -1;
            break;
        case O_OP:
            if (hrel_op_parse(optarg, &cfg->op) < 0) {
                snprintf(err, errlen, "--op: '%s' is not sum or max", optarg);
                return -1;
            }
            break;
        case 'r':
            if (hrel_args_long("--reps", optarg, 0, 100000000L, &cfg->reps.fixed, err, errlen) < 0)
                return -1;
            cfg->reps.adaptive = 0;
            break;
        case O_RSE:
            if (hrel_args_double("--rse", optarg, 1e-9, 1.0, &cfg->reps.rse, err, errlen) < 0)
                return -1;
            cfg->reps.adaptive = 1;
            break;
        case O_MIN:
            if (hrel_args_long("--min-reps", optarg, 0, 100000000L, &cfg->reps.min, err, errlen) < 0)
                return -1;
            break;
        case O_MAX:
            if (hrel_args_long("--max-reps", optarg, 0, 100000000L, &cfg->reps.max, err, errlen) < 0)
                return -1;
            break;
        case 'w':
            if (hrel_args_long("--warmup", optarg, 0, 100000000L, &cfg->warmup, err, errlen) < 0)
                return -1;
            break;
        case O_ROUTE:
            if (hrel_vm_parse_route(optarg, &cfg->route) < 0) {
                snprintf(err, errlen, "--route: '%s' is not direct or daemon", optarg);
                return -1;
            }
            break;
        case O_ENC:
            if (hrel_vm_parse_encoding(optarg, &cfg->encoding) < 0) {
                snprintf(err, errlen, "--encoding: '%s' is not inplace, raw or default", optarg);
                return -1;
            }
            break;
        case O_PLACE:
            if (hrel_vm_parse_place(optarg, &cfg->place) < 0) {
                snprintf(err, errlen, "--place: '%s' is not rr, block or pvm", optarg);
                return -1;
            }
            break;
        case O_TIMEOUT:
            if (hrel_args_duration("--timeout", optarg, &cfg->timeout_s, err, errlen) < 0)
                return -1;
            if (cfg->timeout_s <= 0 || cfg->timeout_s > 1e7) {
                snprintf(err, errlen, "--timeout: must be positive and at most 1e7 s");
                return -1;
            }
            break;
        case 'o':   /* the output directory: DIR/raw.csv and DIR/cases.csv */
            if (strlen(optarg) + sizeof "/raw.csv" > sizeof cfg->output) {
                snprintf(err, errlen, "--out: directory name longer than %zu characters",
                         sizeof cfg->output - sizeof "/raw.csv");
                return -1;
            }
            snprintf(cfg->output, sizeof cfg->output, "%s/raw.csv", optarg);
            break;
        case O_PLATFORM:
            snprintf(cfg->platform, sizeof cfg->platform, "%s", optarg);
            break;
        case O_HOSTFILE:
            snprintf(cfg->hostfile, sizeof cfg->hostfile, "%s", optarg);
            break;
        case O_NOTE:
            if (cfg->nnotes >= 8 || !strchr(optarg, ':')) {
                snprintf(err, errlen, "--note: expected 'key: value' (at most 8 notes)");
                return -1;
            }
            snprintf(cfg->notes[cfg->nnotes++], sizeof cfg->notes[0], "%s", optarg);
            break;
        case 'q':
            cfg->quiet = 1;
            break;
        case O_CORRUPT:
            if (parse_inject("--inject-corrupt", optarg, &cfg->corrupt_rank, &cfg->corrupt_rep,
                             err, errlen) < 0)
                return -1;
            break;
        case O_DROP:
            if (parse_inject("--inject-drop", optarg, &cfg->drop_rank, &cfg->drop_rep, err,
                             errlen) < 0)
                return -1;
            break;
        case O_MAXLAG:
            if (hrel_args_duration("--max-lag", optarg, &cfg->max_lag_s, err, errlen) < 0)
                return -1;
            if (cfg->max_lag_s <= 0 || cfg->max_lag_s > 10) {
                snprintf(err, errlen, "--max-lag: must be positive and at most 10 s");
                return -1;
            }
            break;
        case 'h':
            hrel_bench_opts_usage(out);
            return 1;
        case ':':
            snprintf(err, errlen, "option %s needs a value", argv[optind - 1]);
            return -1;
        default:
            snprintf(err, errlen, "unknown option '%s' (see --help)", argv[optind - 1]);
            return -1;
        }
    }
    if (optind < argc) {
        snprintf(err, errlen, "unexpected argument '%s' (see --help)", argv[optind]);
        return -1;
    }
    if (hrel_reps_check(&cfg->reps, err, errlen) < 0)
        return -1;
    if (check_cases(cfg, err, errlen) < 0)
        return -1;
    if (cfg->output[0] == '\0') {
        char stamp[32];
        time_t now = time(NULL);
        strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", gmtime(&now));
        snprintf(cfg->output, sizeof cfg->output, "results/%s-%s/raw.csv", cfg->platform, stamp);
    }
    return 0;
}
