/* Unit tests of lib/tables: the --csv contract rows, the cells of tables P.1, P.2,
 * 11, 12 and g-per-p on the small case worked by hand in test_fit.c, missing
 * values, and the text/CSV/LaTeX renderings. */
#include <math.h>
#include <stdlib.h>

#include "hrel_test.h"
#include "fit_fixture.h"
#include "patterns.h"
#include "tables.h"

/* Render T in FORMAT into a static buffer. */
static const char *render(const hrel_table *t, hrel_table_format format)
{
    static char buf[8192];
    FILE *fp = fmemopen(buf, sizeof buf - 1, "w");
    memset(buf, 0, sizeof buf);
    if (!fp)
        return "";
    hrel_table_write(t, format, fp);
    fclose(fp);
    return buf;
}

#define CELLT(t, r, c) ((t)->cell[(r) * (t)->ncol + (c)])

int main(void)
{
    static hrel_raw_row rows[32];
    static const double hs[] = {100, 200, 300};
    hrel_fit_result *r = NULL;
    hrel_fit_cfg cfg;
    hrel_table *t = NULL;
    char err[256] = "", unit[32];
    size_t n = 0, i;
    const char *s;

    hrel_test_init();
    for (i = 0; i < 3; i++) {
        fx_add(rows, &n, "E", 2, hs[i], (double)(i + 1));
        fx_add(rows, &n, "E", 4, hs[i], (double)(i + 1) + 0.2);
        fx_add(rows, &n, "PP", 2, hs[i], (double)(i + 1) + 0.5);
    }
    fx_add(rows, &n, "AO", 4, 100, 0.8);   /* AO: one size -> not fitted */
    fx_add(rows, &n, "RED", 4, 100, 0.9);  /* RED: time falls with h -> g < 0 flagged */
    fx_add(rows, &n, "RED", 4, 200, 0.7);
    hrel_fit_cfg_default(&cfg);
    if (!(r = fx_fit(rows, n, &cfg)))
        return hrel_test_summary("test_tables");

    HREL_CHECK_INT(hrel_tables_fitcsv(r, &t, err, sizeof err), 0, "contract table");
    s = render(t, HREL_TABLE_CSV);
    HREL_CHECK(strncmp(s, "pattern,procs,g,L,r2,n,g_ci95,L_ci95,use,g_use,L_use\n", 53) == 0,
               "contract header first, CIs after n");
    /* exact lines: a perfect fit has CI half-widths 0 */
    HREL_CHECK_HAS(s, "\nE,all,1.000000e-02,1.000000e-01,1.000000,3,0.000000e+00,0.000000e+00,fit,1.000000e-02,1.000000e-01\n",
                   "E,all row (use fit: priced as fitted)");
    HREL_CHECK_HAS(s, "\nE,4,1.000000e-02,2.000000e-01,1.000000,3,", "E,4 row");
    HREL_CHECK_HAS(s, "\nAO,all,nan,nan,nan,1,nan,nan,none,nan,nan\n", "unfitted pattern row");
    HREL_CHECK_HAS(s, ",none,nan,nan\nALL,all,", "RED (g < 0) cannot price: use none");
    HREL_CHECK_HAS(s, "\nALL,all,1.000000e-02,3.000000e-01,1.000000,3,", "pooled row last");
    /* the CI cells carry the fit's own half-widths (a perfect line: ~0) */
    HREL_CHECK(fabs(strtod(CELLT(t, t->nrow - 1, 6), NULL) - r->pooled.ci_g) <= 1e-20 &&
               fabs(strtod(CELLT(t, t->nrow - 1, 7), NULL) - r->pooled.ci_L) <= 1e-18,
               "pooled g_ci95, L_ci95 = the fit's CIs");
    HREL_CHECK_INT(t->nrow, 10, "E all/2/4, PP all/2, AO all/4, RED all/4, ALL");
    hrel_table_free(t);

    HREL_CHECK_INT(hrel_tables_pi1(r, 0, &t, err, sizeof err), 0, "E.1");
    HREL_CHECK(strcmp(t->name, "E.1") == 0, "name E.1");
    HREL_CHECK(strcmp(CELLT(t, 0, 1), "1.2") == 0, "time at p=4, h=100");
    HREL_CHECK(strcmp(CELLT(t, 0, 3), "10.00") == 0, "MaxErr h=100 (by hand 10%)");
    HREL_CHECK(strcmp(CELLT(t, 1, 3), "5.00") == 0, "MaxErr h=200 (by hand 5%)");
    s = render(t, HREL_TABLE_TEXT);
    HREL_CHECK_HAS(s, "[E.1]", "text title carries the name");
    HREL_CHECK_HAS(s, "h (bytes)", "unit in heading");
    hrel_table_free(t);
    HREL_CHECK(hrel_tables_pi1(r, 99, &t, err, sizeof err) != 0, "no such pattern");

    HREL_CHECK_INT(hrel_tables_pi2(r, &t, err, sizeof err), 0, "P.2");
    HREL_CHECK(strcmp(CELLT(t, 0, 3), "1.0000E-02") == 0, "g_E cell");
    HREL_CHECK(strcmp(CELLT(t, 0, 2), "-") == 0 || strcmp(CELLT(t, 0, 2), "0.00E+00") == 0,
               "CI of an exact fit");
    HREL_CHECK_HAS(CELLT(t, 2, 8), "not fitted", "AO flagged as not fitted");
    HREL_CHECK_HAS(CELLT(t, 3, 8), "g<0", "RED flagged g<0");
    HREL_CHECK_HAS(t->note, "g<0", "note explains g<0");
    s = render(t, HREL_TABLE_LATEX);
    HREL_CHECK_HAS(s, "\\begin{tabular}{lrrrrrrll}", "LaTeX column alignment (the papers' 9)");
    HREL_CHECK(strstr(s, "MB/s") == NULL, "LaTeX leaves out the unit repeats (page width)");
    HREL_CHECK(strcmp(CELLT(t, 0, 10), "0.0001") == 0, "E: 1/g, g = 0.01 s/byte: 100 B/s = 0.0001 MB/s");
    HREL_CHECK(strcmp(CELLT(t, 0, 9), "100000.0") == 0, "E: L = 0.1 s = 100000.0 us");
    HREL_CHECK_HAS(s, "$\\pm$ 95\\%", "LaTeX escapes +- and %");
    s = render(t, HREL_TABLE_CSV);
    HREL_CHECK_HAS(s, "\nAO,nan,nan,nan,nan,nan,1,4,", "CSV writes nan for missing");
    hrel_table_free(t);

    HREL_CHECK_INT(hrel_tables_errs(r, &t, err, sizeof err), 0, "table 11");
    HREL_CHECK(strcmp(CELLT(t, 0, 3), "15.38") == 0, "AvErr h=100 = 100*0.2/1.3");
    HREL_CHECK(strcmp(CELLT(t, 0, 4), "18.18") == 0, "MaxErr h=100 = 100*0.2/1.1");
    /* AO has one size, hence no fit of its own, and stays out of the pool. */
    HREL_CHECK(strcmp(CELLT(t, 0, 1), "2") == 0, "two patterns at h=100 (AO not pooled)");
    hrel_table_free(t);

    HREL_CHECK_INT(hrel_tables_pooled(r, &t, err, sizeof err), 0, "table 12");
    HREL_CHECK(strcmp(CELLT(t, 1, 4), "s/byte") == 0, "g unit");
    hrel_table_free(t);

    HREL_CHECK_INT(hrel_tables_gprocs(r, &t, err, sizeof err), 0, "g per p");
    HREL_CHECK_INT(t->nrow, 2, "processor counts 2 and 4");
    HREL_CHECK(strcmp(CELLT(t, 0, 3), "-") == 0, "AO not measured at p=2");
    HREL_CHECK(strcmp(t->head[1], "g_E") == 0, "column per pattern");
    hrel_table_free(t);
    HREL_CHECK(strcmp(hrel_tables_unit(r, unit, sizeof unit), "bytes") == 0, "unit name");
    hrel_table_free(NULL);

    hrel_fit_result_free(r);
    return hrel_test_summary("test_tables");
}
