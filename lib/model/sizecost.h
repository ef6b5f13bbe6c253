/* sizecost -- what a point-to-point message costs at the sizes the
 * characterisation measured, as `hrel fit` writes it beside fit.csv into
 * sizes.csv (README, "Data contracts"; docs/predict.md, "A message priced at
 * its own size"):
 *   # comment lines
 *   pattern,procs,h,n,mean_s,median_s,min_s,msg_bytes
 * one row per pattern, processor count and h-relation size: the mean, median
 * and minimum of its N repetitions, and the size of each of its messages
 * (raw.csv's msg_bytes). A cost by size is indexed by the message's size:
 * for PP that is h, for E under formula 4's sum h / 2 (each rank sends m and
 * receives m). A file without msg_bytes (hrel fit before 2026-11-27) is read
 * as hrel_bench's default op, the sum: m = h / hrel_h_divisor(pattern, procs).
 *
 * The replay's transfer time of a message of M bytes (what g M stands for,
 * its arrival being that plus L), from the medians of PP at 2 processors (the
 * median: a quick study's large cases stall now and then, and one stall
 * moves a mean of 30 repetitions by a factor; docs/predict.md): the line
 * through the points (0, L) and (h_i, T_i), the measured sizes in increasing order,
 * less L; beyond the largest size that point plus G (the fitted line's
 * slope) per byte more. Never below 0: a summary under L (a 8-byte round trip
 * measured slower than the bench's messages) prices the message at 0.
 * So a message is priced at what a message of its size took in the
 * characterisation, not at a straight line through every size (on one host
 * the cost per byte is not one number: docs/predict.md).
 * The caller owns what it passes and frees a read cost with
 * hrel_sizecost_free; nothing here prints.
 */
#ifndef HREL_SIZECOST_H
#define HREL_SIZECOST_H

#include <stddef.h>

#define HREL_SIZECOST_HEADER "pattern,procs,h,n,mean_s,median_s,min_s,msg_bytes"

typedef struct hrel_sizecost {
    size_t n;          /* measured sizes (0: none read) */
    double *bytes;     /* their sizes, increasing, > 0 */
    double *sec;       /* the median time at each, s, > 0 */
} hrel_sizecost;

/* The medians of PATTERN at PROCS processors of PATH (the format above) into
 * C, sorted by message size (above). 0; 1 with one line in ERR when PATH has fewer than two sizes
 * of PATTERN at PROCS (C empty: no cost by size); or -1 with one line naming
 * the file and row: a missing column, a value not a number or out of range,
 * one size twice, a msg_bytes not > 0. */
int hrel_sizecost_read(const char *path, const char *pattern, int procs, hrel_sizecost *c,
                       char *err, size_t errlen);

/* C from N sizes and times (any order; copied). 0, or -1 with one line in
 * ERR (fewer than two, a size twice, a value not finite or not > 0, out of
 * memory). */
int hrel_sizecost_set(hrel_sizecost *c, const double *bytes, const double *sec, size_t n,
                      char *err, size_t errlen);

/* The transfer time of M bytes (above), with the replay's L and the fitted
 * slope G (s/byte, >= 0) beyond the largest size. */
double hrel_sizecost_tx(const hrel_sizecost *c, double L, double g, double m);

void hrel_sizecost_free(hrel_sizecost *c);

#endif
