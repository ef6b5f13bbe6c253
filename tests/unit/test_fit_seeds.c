/* The seeds' own data (tests/data/seeds_000_*.csv, transcribed from tables E.1..AA.1,
 * E.2..AA.2 and 12 of 000_0ad89ef62bbe2d0a.txt).
 *
 * What is true, found by running this: fitting the published 8-processor times
 * of each table P.1 gives g within 2% of the table P.2 value for all 20 pattern x
 * architecture cells (largest difference 1.4%, OA = POA on the ORIGIN 2000), although
 * 000 sec. 3 says P.2 fits the averages over processor counts; the times at 2, 4
 * and 6 processors are not published, so the averages cannot be rebuilt. The
 * latencies do NOT agree (e.g. AO on the UTP LAN: 6.2E-03 from the 8-processor
 * column against 3.5E-03 in AO.2): the averaging over processor counts moves the
 * intercept much more than the slope. So L is not tested against P.2.
 * Pooling the five 8-processor columns (formula 11 with one processor count)
 * reproduces table 12's g within 2% for the ORIGIN 2000 and the IBM SP2 only; the
 * UTP LAN differs by 3.7% and the COA LAN by 39%: table 12 averages over all
 * processor counts, and on the COA LAN the times depend strongly on the count
 * (MaxErr up to 179% in E.1, 287% in AA.1), so its 8-processor columns are far
 * from those averages.
 * Table 11 (seeds_000_t11.csv) needs the times at every processor count and cannot
 * be recomputed; but its definitions force MaxErr >= AvErr (max deviation >= mean
 * deviation, min time <= mean time), and two of its 20 cells break that: UTP LAN
 * at h = 107520 (13.67 / 5.04) and COA LAN at h = 6720 (42.59 / 10.13) -- misprints
 * in the seed. hrel_fit_errs keeps the invariant on random data.
 * The test asserts exactly these facts. */
#include <stdlib.h>

#include "csv.h"
#include "patterns.h"
#include "fit.h"
#include "hrel_test.h"
#include "fit_fixture.h"

static const char *const archs[] = {"ORIGIN", "SP2", "UTP", "COA"};
/* 000's OneToAll is the personalised one (hrel's POA), filed so in tests/data */
static const char *const pats[] = {"E", "PP", "POA", "AO", "AA"};

static const char *data_path(const char *name, char *buf, size_t len)
{
    const char *root = getenv("HREL_ROOT");
    snprintf(buf, len, "%s/tests/data/%s", root ? root : ".", name);
    return buf;
}

/* Value of column COL where arch == A and pattern == P in T; NaN if absent. */
static double lookup(const hrel_csv *t, const char *a, const char *p, const char *col)
{
    int ia = hrel_csv_col(t, "arch"), ip = hrel_csv_col(t, "pattern"), ic = hrel_csv_col(t, col);
    size_t i;
    double v;
    for (i = 0; i < t->nrow; i++)
        if (strcmp(hrel_csv_str(t, i, ia), a) == 0 && strcmp(hrel_csv_str(t, i, ip), p) == 0 &&
            hrel_csv_double(t, i, ic, &v, NULL, 0) == 0)
            return v;
    return NAN;
}

int main(void)
{
    hrel_csv *t1 = NULL, *t2 = NULL;
    char path[1024], err[512] = "", what[128];
    size_t a, k, i;
    hrel_raw_row rows[32];

    hrel_test_init();
    HREL_CHECK_INT(hrel_csv_read(data_path("seeds_000_pi1.csv", path, sizeof path), &t1, err,
                                 sizeof err), 0, "read P.1 tables");
    HREL_CHECK_INT(hrel_csv_read(data_path("seeds_000_pi2.csv", path, sizeof path), &t2, err,
                                 sizeof err), 0, "read P.2 tables");
    if (!t1 || !t2) {
        printf("%s\n", err);
        return hrel_test_summary("test_fit_seeds");
    }
    HREL_CHECK_INT(t1->nrow, 100, "5 tables x 4 architectures x 5 sizes");
    HREL_CHECK_INT(t2->nrow, 24, "5 patterns + pooled, x 4 architectures");

    for (a = 0; a < 4; a++) {
        hrel_fit_result *r = NULL;
        hrel_fit_cfg cfg;
        size_t n = 0;
        int ih = hrel_csv_col(t1, "h"), it = hrel_csv_col(t1, "time8");
        int ia = hrel_csv_col(t1, "arch"), ip = hrel_csv_col(t1, "pattern");
        double gpool, want;

        for (i = 0; i < t1->nrow && n < 32; i++) {
            if (strcmp(hrel_csv_str(t1, i, ia), archs[a]) != 0)
                continue;
            double h = 0, sec = 0;
            hrel_csv_double(t1, i, ih, &h, NULL, 0);
            hrel_csv_double(t1, i, it, &sec, NULL, 0);
            fx_add(rows, &n, hrel_csv_str(t1, i, ip), 8, h, sec);
        }
        HREL_CHECK_INT(n, 25, "25 times per architecture");
        hrel_fit_cfg_default(&cfg);
        if (!(r = fx_fit(rows, n, &cfg)))
            continue;
        HREL_CHECK_INT(r->npat, 5, "five patterns");
        for (k = 0; k < 5 && k < r->npat; k++) {
            HREL_CHECK(strcmp(hrel_patterns_name(r->pat[k].pattern), pats[k]) == 0, "order");
            snprintf(what, sizeof what, "g_%s %s from 8 processors within 2%% of %s.2",
                     pats[k], archs[a], pats[k]);
            HREL_CHECK_REL(r->pat[k].fit.g, lookup(t2, archs[a], pats[k], "g"), 0.02, what);
            HREL_CHECK_INT(r->pat[k].fit.n, 5, "five sizes");
        }
        gpool = r->pooled.g;
        want = lookup(t2, archs[a], "ALL", "g");
        printf("%-6s pooled g from 8-processor columns %.4E, table 12 %.4E (%+.1f%%)\n",
               archs[a], gpool, want, 100 * (gpool / want - 1));
        snprintf(what, sizeof what, "pooled g %s vs table 12", archs[a]);
        if (a < 2) {
            HREL_CHECK_REL(gpool, want, 0.02, what);
        } else if (a == 2) {
            HREL_CHECK(gpool / want - 1 > 0.02 && gpool / want - 1 < 0.05, what);
        } else {
            HREL_CHECK(gpool / want - 1 > 0.30, what);
        }
        hrel_fit_result_free(r);
    }
    hrel_csv_free(t1);
    hrel_csv_free(t2);

    /* Table 11: exactly two cells with MaxErr < AvErr. */
    {
        hrel_csv *t11 = NULL;
        int nbad = 0, ia, ih, iav, imx, trial, j;
        char found[128] = "";
        HREL_CHECK_INT(hrel_csv_read(data_path("seeds_000_t11.csv", path, sizeof path), &t11,
                                     err, sizeof err), 0, "read table 11");
        if (t11) {
            ia = hrel_csv_col(t11, "arch"), ih = hrel_csv_col(t11, "h");
            iav = hrel_csv_col(t11, "averr"), imx = hrel_csv_col(t11, "maxerr");
            HREL_CHECK_INT(t11->nrow, 20, "table 11: 4 architectures x 5 sizes");
            for (i = 0; i < t11->nrow; i++) {
                double av, mx;
                hrel_csv_double(t11, i, iav, &av, NULL, 0);
                hrel_csv_double(t11, i, imx, &mx, NULL, 0);
                if (mx < av) {
                    nbad++;
                    snprintf(found + strlen(found), sizeof found - strlen(found), "%s/%s ",
                             hrel_csv_str(t11, i, ia), hrel_csv_str(t11, i, ih));
                }
            }
            HREL_CHECK_INT(nbad, 2, "table 11 cells with MaxErr < AvErr");
            HREL_CHECK_HAS(found, "UTP/107520", "misprint UTP LAN h=107520");
            HREL_CHECK_HAS(found, "COA/6720", "misprint COA LAN h=6720");
        }
        hrel_csv_free(t11);
        /* Our definitions keep MaxErr >= AvErr (pseudo-random times, fixed seed). */
        srand(5);
        for (trial = 0, nbad = 0; trial < 1000; trial++) {
            double t[6], av, mx;
            for (j = 0; j < 6; j++)
                t[j] = 0.01 + (double)rand() / RAND_MAX;
            if (hrel_fit_errs(t, 6, 0.05, 1e-3, 300, &av, &mx) != 0 || mx < av - 1e-12)
                nbad++;
        }
        HREL_CHECK_INT(nbad, 0, "hrel_fit_errs: MaxErr >= AvErr in 1000 random cases");
    }
    return hrel_test_summary("test_fit_seeds");
}
