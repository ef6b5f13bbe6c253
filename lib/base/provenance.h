/* provenance -- where a result came from: kernel release, CPU model, the
 * compiler that built hrel, and the git commit of hrel.
 *
 * Contract: hrel_prov_get fills a caller-owned hrel_prov; facts that cannot be
 * found read "unknown" (never an error). The commit is read at run time from
 * the git directory of the checkout the running program was built in (the
 * executable lives in ROOT/bin/ARCH/; ROOT/.git/HEAD and its ref, loose or
 * packed), so it is the commit of the code that is running only when the
 * build is fresh: `make` rebuilds what changed. hrel_prov_write writes the
 * lines "PRE kernel: ...", "PRE cpu_model: ...", "PRE compiler: ...",
 * "PRE hrel_commit: ..." on a caller's stream (output, not a diagnostic).
 */
#ifndef HREL_PROVENANCE_H
#define HREL_PROVENANCE_H

#include <stdio.h>

typedef struct hrel_prov {
    char kernel[160];     /* uname: "Linux 6.1.0-18-amd64 x86_64" */
    char cpu_model[160];  /* /proc/cpuinfo "model name" of the first cpu */
    char compiler[160];   /* the compiler that built this file (__VERSION__) */
    char commit[64];      /* git commit of hrel, 40 hex digits, or "unknown" */
} hrel_prov;

void hrel_prov_get(hrel_prov *p);

/* Write the four lines, each starting with PRE (e.g. "# "). Return 0 or -1. */
int hrel_prov_write(FILE *fp, const char *pre);

#endif
