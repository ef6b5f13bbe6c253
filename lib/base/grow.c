/* grow -- see grow.h. */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int hrel_grow(void *arrp, size_t *cap, size_t n, size_t size)
{
    void *old, *p;
    size_t nc;
    if (n < *cap)
        return 0;
    nc = *cap ? *cap : 8;
    do {
        if (nc > SIZE_MAX / 2)
            return -1;
        nc *= 2;
    } while (nc <= n);
    if (size && nc > SIZE_MAX / size)
        return -1;
    memcpy(&old, arrp, sizeof old);
    if (!(p = realloc(old, nc * size)))
        return -1;
    memcpy(arrp, &p, sizeof p);
    *cap = nc;
    return 0;
}
