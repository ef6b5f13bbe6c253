/* cmd_patterns -- `hrel patterns`: the pattern registry (lib/base/patterns.h)
 * as a table or CSV, so that scripts and plot styles read it instead of
 * keeping their own copy. */
#include <stdio.h>

#include "args.h"
#include "hrel_cmd.h"
#include "patterns.h"

static void usage(FILE *fp)
{
    fputs("usage: hrel patterns [--csv]\n"
          "The communication patterns hrel knows, in the papers' order, from its one\n"
          "registry (lib/base/patterns.h).\n"
          "  --csv   rows name,title,family,div_sum_factor,per_peer,poolable,bcast,\n"
          "          even_procs,min_procs,procs,style (procs ';'-separated)\n"
          "  -h, --help  this text\n", fp);
}

int hrel_cmd_patterns(int argc, char **argv)
{
    int csv = 0, first = 0, rc;
    size_t i;
    const hrel_arg table[] = {
        HREL_OPT_FLAG("csv", 0, &csv),
        HREL_OPT_END,
    };

    if ((rc = hrel_args_run("hrel patterns", argc, argv, table, usage, NULL, stdout, stderr,
                            &first)) >= 0)
        return rc;
    if (first < argc) {
        fprintf(stderr, "hrel patterns: unexpected argument '%.60s'\n", argv[first]);
        return 2;
    }
    if (csv)
        puts("name,title,family,div_sum_factor,per_peer,poolable,bcast,even_procs,min_procs,"
             "procs,style");
    for (i = 0; i < hrel_patterns_count(); i++) {
        const hrel_patinfo *p = hrel_patterns_at(i);
        const char *fam = p->family == HREL_PATFAM_HREL ? "hrelation" : "hyper";
        if (csv) {
            const char *s;
            printf("%s,%s,%s,%d,%d,%d,%d,%d,%d,", p->name, p->title, fam, p->sum_factor,
                   p->per_peer, p->poolable, p->bcast, p->even_procs, p->min_procs);
            for (s = p->procs; *s; s++)
                putchar(*s == ',' ? ';' : *s);
            printf(",%d\n", p->style);
        } else {
            printf("%-6s %-28s %-9s %s%s\n", p->name, p->title, fam,
                   p->poolable ? "pooled " : "", p->how);
        }
    }
    return 0;
}
