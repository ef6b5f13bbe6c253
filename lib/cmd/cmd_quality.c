/* hrel quality RUN -- how much to trust a study run: the run-level summary and
 * the flagged cases (oversubscribed, precision target missed, voided
 * repetitions) from RUN/cases.csv and RUN/raw.csv (lib/io/quality), as text
 * or as an HTML fragment that experiments/report.sh includes. */
#include <stdio.h>

#include "args.h"
#include "hrel_cmd.h"
#include "quality.h"

static void usage(FILE *fp)
{
    fprintf(fp, "usage: hrel quality RUN_DIR [--html]\n"
                "\n"
                "Summarise the quality of a study run from RUN_DIR/cases.csv and raw.csv:\n"
                "complete or interrupted, cases oversubscribed (ranks shared cpus), cases\n"
                "that missed the precision target, voided repetitions; then one line per\n"
                "flagged case.\n"
                "\n"
                "  --html   an HTML fragment (for report.html) instead of text\n");
}

int hrel_cmd_quality(int argc, char **argv)
{
    int html = 0, first = 0, rc;
    hrel_quality *q = NULL;
    char err[1024];
    if ((rc = hrel_cmd_one_dir("hrel quality", argc, argv, "html", &html, usage,
                               "run directory", &first)) >= 0)
        return rc;
    if (hrel_quality_load(argv[first], &q, err, sizeof err)) {
        fprintf(stderr, "hrel quality: %s\n", err);
        return 1;
    }
    rc = hrel_quality_write(q, html, "", stdout) || fflush(stdout) ? 1 : 0;
    if (rc)
        fprintf(stderr, "hrel quality: standard output: write failed\n");
    hrel_quality_free(q);
    return rc;
}
