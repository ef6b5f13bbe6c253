/* hyper -- the hyperbolic communication model of Stoica, Sultan and Keyes
 * (papers/003, formulas 1-4).
 *
 * Contract: a communication block (CB) is two numbers, the fixed service time
 * a (seconds) and the incremental service time b (seconds per byte). Its total
 * service time for a message of x bytes is the hyperbola
 *     T(x; a, b) = a^2 / (a + b x) + b x          (formula 3),
 * which equals a at x = 0 and has asymptote b x. It approximates the exact
 * packetised time t(x; a, m, p) = a ceil(x/p) + m x (formula 1) with
 * b = a/p + m. Pure arithmetic: nothing here allocates, prints or fails.
 */
#ifndef HREL_HYPER_H
#define HREL_HYPER_H

typedef struct hrel_hyper_cb {
    double a;   /* fixed service time, seconds (the x -> 0 limit) */
    double b;   /* incremental service time, seconds per byte (x -> inf slope) */
} hrel_hyper_cb;

/* T(x; a, b) = a^2/(a + b x) + b x (formula 3); 0 when a + b x == 0. */
double hrel_hyper_T(double x, double a, double b);

/* T(x; cb->a, cb->b). */
double hrel_hyper_cb_T(double x, const hrel_hyper_cb *cb);

/* Exact packetised service time t(x; a, m, p) = a ceil(x/p) + m x (formula 1),
 * a per packet of at most p bytes, m per byte. */
double hrel_hyper_t_packet(double x, double a, double m, double p);

/* The b of the hyperbola that approximates t(x; a, m, p): a/p + m. */
double hrel_hyper_b_packet(double a, double m, double p);

/* The plain latency / transfer-rate model alpha + beta x (formula 4). */
double hrel_hyper_linear(double x, double alpha, double beta);

#endif
