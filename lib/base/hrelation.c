/* hrelation -- see hrelation.h. */
#include "hrelation.h"

#include <stdio.h>
#include <string.h>

int hrel_op_parse(const char *s, hrel_op *op)
{
    if (strcmp(s, "sum") == 0 || strcmp(s, "+") == 0)
        *op = HREL_OP_SUM;
    else if (strcmp(s, "max") == 0)
        *op = HREL_OP_MAX;
    else
        return -1;
    return 0;
}

const char *hrel_op_name(hrel_op op)
{
    return op == HREL_OP_MAX ? "max" : "sum";
}

long hrel_h_divisor(const char *pattern, int p, hrel_op op)
{
    long sum = op == HREL_OP_SUM;
    if (p < 2)
        return -1;
    if (strcmp(pattern, "PP") == 0)
        return 1;
    if (strcmp(pattern, "E") == 0)
        return sum ? 2 : 1;
    if (strcmp(pattern, "OA") == 0 || strcmp(pattern, "POA") == 0 ||
        strcmp(pattern, "AO") == 0)
        return p - 1;
    if (strcmp(pattern, "AA") == 0)
        return (sum ? 2 : 1) * (long)(p - 1);
    /* the hyperbolic experiments of 003 sweep the message size x: h = x */
    if (strcmp(pattern, "PAIRS") == 0 || strcmp(pattern, "BT") == 0 ||
        strcmp(pattern, "SB") == 0 || strcmp(pattern, "RED") == 0 || strcmp(pattern, "NB") == 0)
        return 1;
    return -1;
}

int hrel_h_msg_bytes(const char *pattern, int p, long h, hrel_op op,
                     long *msg_bytes, char *err, size_t errlen)
{
    long d = hrel_h_divisor(pattern, p, op);
    if (d < 0) {
        snprintf(err, errlen, "no h-relation rule for pattern '%s' on %d processors",
                 pattern, p);
        return -1;
    }
    if (h < 1 || h % d != 0) {
        snprintf(err, errlen,
                 "h = %ld bytes does not divide into %s messages on %d processors "
                 "(formula 4 needs a multiple of %ld under @ = %s)",
                 h, pattern, p, d, hrel_op_name(op));
        return -1;
    }
    *msg_bytes = h / d;
    return 0;
}
