/* hrelation -- see hrelation.h. */
#include "hrelation.h"
#include "patterns.h"

#include <stdio.h>
#include <string.h>

long hrel_h_divisor(const char *pattern, int p, hrel_op op)
{
    return hrel_patterns_divisor(hrel_patterns_find(pattern), p, op);
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
