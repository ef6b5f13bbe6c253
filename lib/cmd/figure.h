/* figure -- gnuplot figures and the checkout's files from C: what
 * experiments/figure.sh does for the scripts (plots/NAME.gp run three times,
 * for BASE.png, BASE.pdf and BASE_1col.pdf, the output path as the last
 * argument; every path an argument, never code).
 * Contract: return 0, or -1 with one line in err (no gnuplot: says so; a
 * failed run: names the script and the output). Nothing printed.
 */
#ifndef HREL_FIGURE_H
#define HREL_FIGURE_H

#include <stddef.h>

/* The checkout's root: $HREL_ROOT, else two folders above this program
 * (bin/ARCH/hrel). Return 0, or -1. */
int hrel_cmd_root(char *buf, size_t len);

/* gnuplot -c ROOT/plots/NAME.gp ARGS... OUT for OUT in BASE.png, .pdf, _1col.pdf. */
int hrel_cmd_figure(const char *name, const char *base, const char *const *args, int nargs,
                    char *err, size_t errlen);

#endif
