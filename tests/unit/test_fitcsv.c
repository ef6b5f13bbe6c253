/* Unit tests of lib/fitcsv: the row for a processor count, the fallback to
 * "all", skipping unfitted ("nan") rows, and the errors. */
#include <stdio.h>

#include "csv.h"
#include "fitcsv.h"
#include "hrel_test.h"

/* The fit file NAME with header and ROW is refused for pattern PP, the error
 * holding WANT. */
static void refused(const char *name, const char *row, const char *want, const char *what)
{
    hrel_csv *b = NULL;
    double g, L;
    char text[256], err[512] = "";
    snprintf(text, sizeof text, "pattern,procs,g,L,r2,n\n%s", row);
    HREL_CHECK(hrel_csv_read(hrel_test_write_tmp(name, text), &b, err, sizeof err) == 0, what);
    HREL_CHECK(b && hrel_fitcsv_lookup(b, "PP", 0, &g, &L, err, sizeof err) != 0, what);
    HREL_CHECK_HAS(err, want, what);
    hrel_csv_free(b);
}

int main(void)
{
    hrel_csv *t = NULL;
    char err[256];
    double g = 0, L = 0;
    const char *p;

    hrel_test_init();
    p = hrel_test_write_tmp("fitcsv.csv",
                            "pattern,procs,g,L,r2,n\n"
                            "E,all,2e-06,1e-03,0.99,5\n"
                            "E,4,3e-06,2e-03,0.99,5\n"
                            "E,6,nan,nan,nan,1\n"
                            "ALL,all,1e-06,5e-04,0.99,5\n");
    HREL_CHECK_INT(hrel_csv_read(p, &t, err, sizeof err), 0, "fit csv reads");
    if (!t)
        return hrel_test_summary("test_fitcsv");
    HREL_CHECK_INT(hrel_fitcsv_check(t, err, sizeof err), 0, "columns present");
    HREL_CHECK_INT(hrel_fitcsv_lookup(t, "E", 4, &g, &L, err, sizeof err), 0, "E at 4");
    HREL_CHECK_REL(g, 3e-6, 1e-12, "E at 4 uses its own row (g)");
    HREL_CHECK_REL(L, 2e-3, 1e-12, "E at 4 uses its own row (L)");
    HREL_CHECK_INT(hrel_fitcsv_lookup(t, "E", 6, &g, &L, err, sizeof err), 0, "E at 6");
    HREL_CHECK_REL(g, 2e-6, 1e-12, "unfitted E at 6 falls back to E all");
    HREL_CHECK_INT(hrel_fitcsv_lookup(t, "E", 8, &g, &L, err, sizeof err), 0, "E at 8");
    HREL_CHECK_REL(g, 2e-6, 1e-12, "absent E at 8 falls back to E all");
    HREL_CHECK_INT(hrel_fitcsv_lookup(t, "all", 0, &g, &L, err, sizeof err), 0, "pooled");
    HREL_CHECK_REL(g, 1e-6, 1e-12, "pooled row, pattern matched without case");
    HREL_CHECK(hrel_fitcsv_lookup(t, "AA", 4, &g, &L, err, sizeof err) != 0, "AA absent");
    HREL_CHECK_HAS(err, "no fitted row for pattern AA (procs 4 or all)", "error names it");
    hrel_csv_free(t);
    /* the columns g_ci95,L_ci95 after n (hrel fit since the CIs) read the same */
    p = hrel_test_write_tmp("fitcsv_ci.csv", "pattern,procs,g,L,r2,n,g_ci95,L_ci95\n"
                            "E,all,2e-06,1e-03,0.99,5,1e-08,1e-04\n");
    HREL_CHECK_INT(hrel_csv_read(p, &t, err, sizeof err), 0, "fit csv with CIs reads");
    if (t) {
        HREL_CHECK_INT(hrel_fitcsv_lookup(t, "E", 4, &g, &L, err, sizeof err), 0, "E with CIs");
        HREL_CHECK_REL(L, 1e-3, 1e-12, "L read past the new columns");
        hrel_csv_free(t);
    }
    p = hrel_test_write_tmp("fitcsv_bad.csv", "pattern,procs,g\nE,all,1\n");
    HREL_CHECK_INT(hrel_csv_read(p, &t, err, sizeof err), 0, "short fit csv reads");
    HREL_CHECK(hrel_fitcsv_check(t, err, sizeof err) != 0, "missing L column refused");
    HREL_CHECK_HAS(err, "'L'", "error names the column");
    hrel_csv_free(t);
    /* issue 14: a non-numeric g was "no fitted row"; a negative g or L was used */
    refused("fitcsv_word.csv", "PP,all,fast,1e-4,1,3\n",
            "fitcsv_word.csv:2: column g: 'fast' is not a number", "a word as g");
    refused("fitcsv_neg.csv", "PP,all,-1e-8,1e-4,1,3\n",
            "fitcsv_neg.csv:2: pattern PP: g = -1e-08 is negative", "a negative g");
    refused("fitcsv_negL.csv", "PP,all,1e-8,-1e-4,1,3\n",
            "fitcsv_negL.csv:2: pattern PP: L = -0.0001 is negative", "a negative L");
    {   /* issue 12: the columns use,g_use,L_use price the message; "none" rows fall back */
        hrel_csv *u = NULL;
        double g = 0, L = 0;
        char e3[512] = "";
        const char *q = hrel_test_write_tmp("fitcsv_use.csv",
            "pattern,procs,g,L,r2,n,g_ci95,L_ci95,use,g_use,L_use\n"
            "AO,all,2e-06,-1e-03,0.9,5,1e-07,5e-03,origin,1.9e-06,0\n"
            "E,all,2e-06,1e-03,0.99,5,1e-08,1e-04,fast,2e-06,1e-03\n");
        HREL_CHECK(hrel_csv_read(q, &u, e3, sizeof e3) == 0, "fit csv with use reads");
        if (u) {
            HREL_CHECK(hrel_fitcsv_check(u, e3, sizeof e3) != 0, "unknown use word refused");
            HREL_CHECK_HAS(e3, "fitcsv_use.csv:3: use 'fast' is not none, fit or origin",
                           "use word and line named");
            hrel_csv_free(u);
            u = NULL;
        }
        q = hrel_test_write_tmp("fitcsv_use2.csv",
            "pattern,procs,g,L,r2,n,g_ci95,L_ci95,use,g_use,L_use\n"
            "AO,all,2e-06,-1e-03,0.9,5,1e-07,5e-03,origin,1.9e-06,0\n"
            "AO,4,2.5e-05,-1.8,0.2,5,3e-05,4.2,none,nan,nan\n"
            "AO,6,3e-06,1e-03,0.99,5,1e-08,1e-04,fit,3e-06,1e-03\n"
            "AA,4,1e-06,1e-03,0.1,5,2e-06,1e-03,none,nan,nan\n");
        HREL_CHECK(hrel_csv_read(q, &u, e3, sizeof e3) == 0, "fit csv with use reads");
        if (u) {
            HREL_CHECK_INT(hrel_fitcsv_lookup(u, "AO", 6, &g, &L, e3, sizeof e3), 0, "AO at 6");
            HREL_CHECK_REL(g, 3e-6, 1e-12, "use fit prices with g_use");
            HREL_CHECK_INT(hrel_fitcsv_lookup(u, "AO", 4, &g, &L, e3, sizeof e3), 0, "AO at 4");
            HREL_CHECK_REL(g, 1.9e-6, 1e-12, "use none at 4 falls back to AO all (g_use)");
            HREL_CHECK(L == 0.0, "origin row prices with L = 0, not its negative L");
            HREL_CHECK(hrel_fitcsv_lookup(u, "AA", 4, &g, &L, e3, sizeof e3) != 0,
                       "AA has no usable row");
            HREL_CHECK_HAS(e3, "fitcsv_use2.csv:5: pattern AA: no row for procs 4 or all can "
                           "price a message", "refusal names the row and why");
            hrel_csv_free(u);
        }
    }
    return hrel_test_summary("test_fitcsv");
}
