/* ranks -- see ranks.h. */
#include "ranks.h"

int hrel_ranks_others(const int *r, int n, int nproc, int self, int *out, int *bad)
{
    int i, k = 0;
    for (i = 0; i < n; i++) {
        if (r[i] < 0 || r[i] >= nproc) {
            *bad = r[i];
            return -1;
        }
        if (r[i] != self)
            out[k++] = r[i];
    }
    return k;
}
