/* order -- see order.h. */
#include "order.h"

int hrel_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int hrel_cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int hrel_cmp_keys(const double *a, const double *b, int n)
{
    int i, c = 0;
    for (i = 0; i < n && c == 0; i++)
        c = hrel_cmp_double(&a[i], &b[i]);
    return c;
}
