/* bench -- see bench.h. */
#include "bench.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <pvm3.h>

int hrel_case_pack(const hrel_case *c)
{
    int p = c->p;
    /* XDR longs are 32 bits and lose the sign: the repetition travels as an int */
    int corrupt = c->corrupt_rep < INT_MIN || c->corrupt_rep > INT_MAX ? INT_MIN : (int)c->corrupt_rep;
    int first = (int)c->first_rep;
    if (pvm_pkstr((char *)c->pattern) < 0 || pvm_pkint(&p, 1, 1) < 0 ||
        pvm_pkint((int *)&c->rank, 1, 1) < 0 || pvm_pklong((long *)&c->msg_bytes, 1, 1) < 0)
        return -1;
    if (p > 0 && pvm_pkint((int *)c->tids, p, 1) < 0)
        return -1;
    if (pvm_pkint((int *)&c->encoding, 1, 1) < 0 || pvm_pkint((int *)&c->route, 1, 1) < 0 ||
        pvm_pkdouble((double *)&c->timeout_s, 1, 1) < 0 ||
        pvm_pkint(&corrupt, 1, 1) < 0 || pvm_pkint(&first, 1, 1) < 0)
        return -1;
    return 0;
}

int hrel_case_unpack(hrel_case *c)
{
    char name[256];
    int corrupt, first;
    memset(c, 0, sizeof *c);
    if (pvm_upkstr(name) < 0 || pvm_upkint(&c->p, 1, 1) < 0 ||
        pvm_upkint(&c->rank, 1, 1) < 0 || pvm_upklong(&c->msg_bytes, 1, 1) < 0)
        return -1;
    snprintf(c->pattern, sizeof c->pattern, "%.*s", HREL_PATNAME_MAX - 1, name);
    if (c->p < 0 || c->p > 256)
        return -1;
    if (c->p > 0 && pvm_upkint(c->tids, c->p, 1) < 0)
        return -1;
    if (pvm_upkint(&c->encoding, 1, 1) < 0 || pvm_upkint(&c->route, 1, 1) < 0 ||
        pvm_upkdouble(&c->timeout_s, 1, 1) < 0 || pvm_upkint(&corrupt, 1, 1) < 0 ||
        pvm_upkint(&first, 1, 1) < 0)
        return -1;
    c->first_rep = first;
    c->corrupt_rep = corrupt == INT_MIN ? LONG_MIN : corrupt;
    return 0;
}
