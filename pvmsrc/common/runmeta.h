/* runmeta -- what every result file of hrel's PVM programs starts with, and
 * the directories it goes into.
 *
 * Contract: hrel_meta_common writes the "# key: value" lines shared by all
 * programs (suite, program, date_utc, platform, hostfile, hosts, pvm_version,
 * routing, encoding, and the provenance of lib/base/provenance: kernel,
 * cpu_model, compiler, hrel_commit), so every raw file names the same facts with the same
 * keys; each program adds its own keys after them. Needs a running pvmd (for
 * the host list). The mkdir helpers return 0 or -1 (errno set).
 */
#ifndef HREL_RUNMETA_H
#define HREL_RUNMETA_H

#include <stdio.h>

/* Write the common metadata lines to FP. PLATFORM and HOSTFILE may be NULL or
 * empty: then the environment's HREL_PLATFORM / HREL_HOSTFILE (exported by
 * experiments/platform_env.sh), else "(not given)"; ROUTE and ENCODING are PVM constants. */
void hrel_meta_common(FILE *fp, const char *program, const char *platform,
                      const char *hostfile, int route, int encoding);

/* mkdir -p DIR. */
int hrel_mkdir_p(const char *dir);

/* mkdir -p of the directory part of PATH (nothing if PATH has no '/'). */
int hrel_mkdir_parents(const char *path);

#endif
