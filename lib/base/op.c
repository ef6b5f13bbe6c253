/* op -- see op.h. */
#include "op.h"

#include <string.h>

int hrel_op_parse(const char *s, hrel_op *op)
{
    if (!s)
        return -1;
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

double hrel_op_apply(hrel_op op, double in, double out)
{
    if (op == HREL_OP_MAX)
        return in > out ? in : out;
    return in + out;
}
