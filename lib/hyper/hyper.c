/* hyper -- T(x; a, b) of the hyperbolic model and the packetised time it
 * approximates (papers/003 formulas 1-4). */
#include <math.h>

#include "hyper.h"

/* T(x; a, b) = a^2/(a + b x) + b x; 0 when a + b x == 0. */
double hrel_hyper_T(double x, double a, double b)
{
    double d = a + b * x;
    if (d == 0.0)
        return 0.0;
    return a * a / d + b * x;
}

/* T(x; cb->a, cb->b). */
double hrel_hyper_cb_T(double x, const hrel_hyper_cb *cb)
{
    return hrel_hyper_T(x, cb->a, cb->b);
}

/* a ceil(x/p) + m x. */
double hrel_hyper_t_packet(double x, double a, double m, double p)
{
    return a * ceil(x / p) + m * x;
}

/* a/p + m. */
double hrel_hyper_b_packet(double a, double m, double p)
{
    return a / p + m;
}

/* alpha + beta x. */
double hrel_hyper_linear(double x, double alpha, double beta)
{
    return alpha + beta * x;
}
