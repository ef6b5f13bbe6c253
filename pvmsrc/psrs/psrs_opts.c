/* psrs_opts -- see psrs_opts.h. */
#include "psrs_opts.h"

#include <stdio.h>
#include <string.h>

#include "args.h"
#include "names.h"
#include "psrs_input.h"
#include "vmopts.h"

const char hrel_psrs_opts_usage[] =
    "usage: hrel_psrs [-p|--procs LIST] [--n N] [--input LIST] [-r|--reps R]\n"
    "                 [-w|--warmup W] [--seed S] [-o|--out DIR] [--route direct|daemon]\n"
    "                 [--encoding raw|inplace|default] [--place rr|block|pvm]\n"
    "                 [--timeout DURATION] [--platform NAME] [--hostfile FILE] [-q|--quiet]\n"
    "                 (--opt VALUE and --opt=VALUE both work)\n"
    "\n"
    "Parallel Sorting by Regular Sampling on the running PVM virtual machine, in\n"
    "the seven M-steps of 002 section 4.2; every run is verified (sorted, N items,\n"
    "checksum) and traced.\n"
    "  --procs LIST    processor counts, e.g. 2-8 or 2,4,8 (default 2-8); any count\n"
    "                  works, ranks are placed over the hosts by --place\n"
    "  --n N           items (32-bit ints) to sort (default 1048576; k, M ok);\n"
    "                  N >= P*P, need not divide by P\n"
    "  --input LIST    uniform, dup, sorted, reverse or all, comma-separated\n"
    "                  (default uniform)\n"
    "  --reps R        timed runs per P and input (default 3)\n"
    "  --warmup W      untimed runs before them (default 1)\n"
    "  --seed S        input seed (default 1)\n"
    "  --out DIR       output directory (default results/psrs): psrs.csv and\n"
    "                  trace_p<P>_<input>_r<rep>.csv\n"
    "  --route R       PVM route of the data: direct (default) or daemon\n"
    "  --encoding E    raw (default), inplace or default (XDR); with inplace the\n"
    "                  M-step trace records no out_bytes (pvm_bufinfo sees none)\n"
    "  --place P       rr (default: rank r on host r mod H), block or pvm\n"
    "  --timeout DURATION  longest wait for one message: 90, 90s, 2m, 500ms\n"
    "                  (default 300s)\n"
    "  --platform NAME, --hostfile FILE   recorded in the metadata\n"
    "  --quiet         no progress lines\n";

/* --input: "all" or a comma-separated list of input kinds, no empty item. */
static int parse_inputs(const char *s, hrel_psrs_opts *cfg, char *err, size_t errlen)
{
    const char *p = s;
    int i;
    cfg->nkinds = 0;
    if (strcmp(s, "all") == 0) {
        for (i = 0; i < 4; i++)
            cfg->kinds[i] = i;
        cfg->nkinds = 4;
        return 0;
    }
    for (;;) {
        size_t len = strcspn(p, ",");
        char word[16];
        int k;
        snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), p);
        k = hrel_names_index(word, hrel_psrs_input_names);
        if (len == 0 || len >= sizeof word || k < 0 || cfg->nkinds >= 4) {
            snprintf(err, errlen, "bad --input '%.60s' (uniform, dup, sorted, reverse or all)",
                     s);
            return -1;
        }
        cfg->kinds[cfg->nkinds++] = k;
        p += len;
        if (!*p)
            return 0;
        p++;
    }
}

int hrel_psrs_opts_parse(int argc, char **argv, hrel_psrs_opts *cfg, char *err, size_t errlen)
{
    const char *procs = "2-8", *n = NULL, *inputs = NULL, *out = NULL, *platform = NULL;
    const char *hostfile = NULL;
    int route = 0, encoding = 0, place = 0, i;
    long seed = 1;
    size_t used = 0;
    const hrel_arg table[] = {
        HREL_OPT_STR("procs", 'p', &procs),
        HREL_OPT_STR("n", 0, &n),
        HREL_OPT_STR("input", 0, &inputs),
        HREL_OPT_NUM("reps", 'r', HREL_ARG_INT, &cfg->reps, 1, 100000),
        HREL_OPT_NUM("warmup", 'w', HREL_ARG_INT, &cfg->warmup, 0, 1000),
        HREL_OPT_NUM("seed", 0, HREL_ARG_LONG, &seed, 0, 4294967295.0),
        HREL_OPT_STR("out", 'o', &out),
        HREL_OPT_CHOICE("route", 0, &route, hrel_vmopts_route_words),
        {"encoding", 0, HREL_ARG_CHOICE, &encoding, 0, 0, hrel_vmopts_encoding_words, NULL, 0,
         NULL},
        HREL_OPT_CHOICE("place", 0, &place, hrel_vmopts_place_words),
        HREL_OPT_NUM("timeout", 0, HREL_ARG_DURATION, &cfg->timeout_s, 1e-3, 1e6),
        HREL_OPT_STR("platform", 0, &platform),
        HREL_OPT_STR("hostfile", 0, &hostfile),
        HREL_OPT_FLAG("quiet", 'q', &cfg->quiet),
        HREL_OPT_FLAG("worker", 0, &cfg->worker),
        HREL_OPT_END,
    };
    memset(cfg, 0, sizeof *cfg);
    cfg->n = 1048576;
    cfg->kinds[0] = HREL_PSRS_UNIFORM;
    cfg->nkinds = 1;
    cfg->reps = 3;
    cfg->warmup = 1;
    cfg->timeout_s = 300.0;
    {
        int rc = hrel_args_parse_all(argc, argv, table, err, errlen);
        if (rc != 0)
            return rc;
    }
    if (cfg->worker)
        return 0;
    if (hrel_psrs_parse_procs(procs, cfg->procs, HREL_PSRS_MAX_PROCS, &cfg->nprocs, err,
                              errlen) != 0 ||
        (n && hrel_psrs_parse_n(n, &cfg->n, err, errlen) != 0) ||
        (inputs && parse_inputs(inputs, cfg, err, errlen) != 0))
        return -1;
    cfg->seed = (unsigned long)seed;
    cfg->route = hrel_vmopts_route(route);
    cfg->encoding = hrel_vmopts_encoding(encoding);
    cfg->place = (hrel_place)place;
    if (out && strlen(out) >= sizeof cfg->out - 64) {
        snprintf(err, errlen, "--out: directory name longer than %zu characters",
                 sizeof cfg->out - 64);
        return -1;
    }
    snprintf(cfg->out, sizeof cfg->out, "%s", out ? out : "results/psrs");
    snprintf(cfg->platform, sizeof cfg->platform, "%.127s", platform ? platform : "unnamed");
    snprintf(cfg->hostfile, sizeof cfg->hostfile, "%s", hostfile ? hostfile : "");
    for (i = 0; i < argc && used + 2 < sizeof cfg->cmdline; i++)
        used += (size_t)snprintf(cfg->cmdline + used, sizeof cfg->cmdline - used, "%s%s",
                                 i ? " " : "", argv[i]);
    for (i = 0; i < cfg->nprocs; i++)
        if (hrel_psrs_check_size(cfg->n, cfg->procs[i], err, errlen))
            return -1;
    return 0;
}

