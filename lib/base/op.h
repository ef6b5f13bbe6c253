/* op -- the @ operator of 002: how a processor's bytes in and out make its h.
 *
 * Contract: the one definition of the operator in hrel. Under @ = + (sum, the
 * papers' choice) h counts the bytes a processor sends plus those it receives;
 * under @ = max the larger of the two. Pure: no I/O, no allocation.
 */
#ifndef HREL_OP_H
#define HREL_OP_H

typedef enum {
    HREL_OP_SUM,   /* @ = +   : h = in + out (the papers' choice) */
    HREL_OP_MAX    /* @ = max : h = max(in, out) */
} hrel_op;

/* Parse "sum", "+" or "max" into *op. Return 0, or -1 for anything else. */
int hrel_op_parse(const char *s, hrel_op *op);

/* "sum" or "max". */
const char *hrel_op_name(hrel_op op);

/* IN @ OUT: in + out under sum, the larger under max. */
double hrel_op_apply(hrel_op op, double in, double out);

#endif
