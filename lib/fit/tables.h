/* tables -- the seeds' tables built from a fit result, rendered as text, CSV or
 * LaTeX.
 *
 * Contract: each hrel_tables_* builder allocates an hrel_table of formatted cells
 * (the caller frees it with hrel_table_free) from an hrel_fit_result:
 *   pi1     table P.1 of one pattern: per h the time at the largest processor
 *           count, T_P(h) (average over processor counts) and MaxErr (000 sec. 3);
 *   pi2     tables P.2 of all patterns in one: L_P, g_P, 95% CIs, r^2, n, a
 *           flag for negative L;
 *   errs    table 11: per h the pooled T_average, AvErr and MaxErr;
 *   pooled  table 12: pooled L and g with 95% CIs and r^2;
 *   gprocs  g per pattern (columns) per processor count (rows), 002 figs 2-6;
 *   fitcsv  the `hrel fit --csv` contract: pattern,procs,g,L,r2,n,g_ci95,L_ci95
 *           (the CIs: 95% half-widths, Student t with n-2 degrees of freedom, in
 *           the units of g and L; nan with fewer than 3 points).
 * hrel_table_write renders one table on a caller's stream; it is output, not a
 * diagnostic. Unmeasured or unfitted cells read "-" (text, LaTeX) or "nan" (CSV).
 */
#ifndef HREL_TABLES_H
#define HREL_TABLES_H

#include <stdio.h>

#include "fit.h"

typedef enum hrel_table_format {
    HREL_TABLE_TEXT = 0,   /* aligned columns with a title line, for a terminal */
    HREL_TABLE_CSV,        /* header and rows only, comma separated */
    HREL_TABLE_LATEX       /* a table environment with caption and label */
} hrel_table_format;

typedef struct hrel_table {
    char *name;          /* short identifier, usable in file names ("E.1") */
    char *title;         /* caption */
    char *note;          /* footnote printed under the table, or NULL */
    size_t ncol;         /* number of columns */
    size_t nrow;         /* number of rows */
    char **head;         /* [ncol] column headings */
    char **cell;         /* [row*ncol+col] cell text ("" for none) */
    int *numeric;        /* [ncol] 1 if the column is right aligned */
    size_t nlatex;       /* LaTeX prints the first nlatex columns (the papers' own;
                            the rest repeat them in other units); 0: all */
} hrel_table;

/* Table P.1 of pattern number K of R (0 <= K < r->npat). Return 0 or non-zero. */
int hrel_tables_pi1(const hrel_fit_result *r, size_t k, hrel_table **out,
                    char *err, size_t errlen);
/* Tables P.2 of every pattern of R as one table. */
int hrel_tables_pi2(const hrel_fit_result *r, hrel_table **out, char *err,
                    size_t errlen);
/* Table 11 (AvErr/MaxErr per h against the pooled line). */
int hrel_tables_errs(const hrel_fit_result *r, hrel_table **out, char *err,
                     size_t errlen);
/* Table 12 (pooled L and g). */
int hrel_tables_pooled(const hrel_fit_result *r, hrel_table **out, char *err,
                       size_t errlen);
/* g per pattern per processor count. */
int hrel_tables_gprocs(const hrel_fit_result *r, hrel_table **out, char *err,
                       size_t errlen);
/* The rows of the --csv contract. */
int hrel_tables_fitcsv(const hrel_fit_result *r, hrel_table **out, char *err,
                       size_t errlen);

/* Free a table; NULL is fine. */
void hrel_table_free(hrel_table *t);

/* Render T on FP in FORMAT. Return 0, or non-zero on a write error. */
int hrel_table_write(const hrel_table *t, hrel_table_format format, FILE *fp);

/* Name of the packet unit of R for headings: "bytes", "words" or "N-byte units". */
const char *hrel_tables_unit(const hrel_fit_result *r, char *buf, size_t buflen);

#endif
