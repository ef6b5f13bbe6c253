/* logp -- the LogP basics (Culler et al. 1993) so that LogP can be set beside
 * the h-relation models.
 *
 * Contract: L latency (s), o send/receive overhead (s), g gap between
 * consecutive messages of one processor (s); all must be finite and >= 0.
 * Time for one processor to deliver N >= 1 small messages to another:
 *     T = (N - 1) max(g, o) + 2 o + L
 * (one message: o + L + o). As a hyperbolic communication block of 003
 * section 6 this is a = 2o + L, b = max(g, o) with T = a + (N - 1) b. This is
 * hrel's one home of LogP: `hrel model logp` and the comparison with the
 * hyperbolic model (`hrel hyper logp`) both use it. Nothing here prints or exits.
 */
#ifndef HREL_LOGP_H
#define HREL_LOGP_H

#include <stddef.h>

typedef struct hrel_logp {
    double L;      /* latency, seconds */
    double o;      /* overhead per send or receive, seconds */
    double g;      /* gap: minimum interval between messages, seconds */
} hrel_logp;

/* *T = (N - 1) max(g, o) + 2 o + L for N >= 1 messages. Return 0, or non-zero
 * for N < 1 or a negative / non-finite parameter. */
int hrel_logp_msgs(const hrel_logp *m, long n, double *T, char *err, size_t errlen);

/* The equivalent block of 003 section 6: *A = 2o + L, *B = max(g, o). */
void hrel_logp_block(const hrel_logp *m, double *a, double *b);

/* T = a + (N - 1) b of N messages (N may be fractional), unchecked. */
double hrel_logp_time(const hrel_logp *m, double n);

#endif
