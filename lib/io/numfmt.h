/* numfmt -- numbers into text as printf writes them, without printf on the
 * common path (the CSV writers of traces with millions of rows).
 *
 * Contract: each function appends the text of its number at P and returns
 * the end (no NUL written); P needs room for 24 characters, or 330 for
 * hrel_numfmt_f6 and hrel_numfmt_f0 (a %f of the largest double). The text is
 * byte for byte printf's in the C locale: hrel_numfmt_f6 "%.6f",
 * hrel_numfmt_f0 "%.0f", hrel_numfmt_g9 "%.9g". Where the rounding direction
 * cannot be settled exactly in double arithmetic (a product within 1e-3 of a
 * half) or the number is out of the fast range, they call snprintf.
 * Nothing here allocates or prints.
 */
#ifndef HREL_NUMFMT_H
#define HREL_NUMFMT_H

char *hrel_numfmt_ull(char *p, unsigned long long v);
char *hrel_numfmt_int(char *p, int v);
char *hrel_numfmt_f6(char *p, double x);
char *hrel_numfmt_f0(char *p, double x);
char *hrel_numfmt_g9(char *p, double x);

#endif
