/* Unit tests of lib/fit/validate: held-out predictions on hand-made data
 * whose answers are known: an exact line predicts its held-out size and count
 * with 0% error; a largest size 10% above the line gives formula (18) by hand;
 * too few sizes or counts give no rows; the CSV header and summary. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fit_fixture.h"
#include "hrel_test.h"
#include "validate.h"

static const hrel_validate_row *find(const hrel_validate *v, const char *pat, const char *held,
                                     int procs, double h)
{
    size_t i;
    for (i = 0; i < v->nrow; i++)
        if (v->row[i].pattern == hrel_patterns_index(pat) &&
            strcmp(v->row[i].held_out, held) == 0 && v->row[i].procs == procs &&
            v->row[i].h == h)
            return &v->row[i];
    return NULL;
}

int main(void)
{
    static hrel_raw_row rows[64];
    static const double hs[] = {100, 200, 300, 400};
    hrel_fit_result *r;
    hrel_validate *v = NULL;
    const hrel_validate_row *w;
    char err[256], buf[4096] = "";
    size_t n = 0, i, cnt;
    double mean, mx;
    FILE *fp;

    hrel_test_init();
    /* E on 2 and 4: T = 0.1 + 0.01 h exactly, except at h = 400 where both are
       10% above the line (5.0 -> 4.1 * 1.1 = 4.51). PP: one size only. */
    for (i = 0; i < 4; i++) {
        double t = 0.1 + 0.01 * hs[i];
        if (i == 3)
            t *= 1.1;
        fx_add(rows, &n, "E", 2, hs[i], t);
        fx_add(rows, &n, "E", 4, hs[i], t);
        fx_add(rows, &n, "AA", 4, hs[i], 0.2 + 0.02 * hs[i]);   /* an exact line */
        fx_add(rows, &n, "AA", 6, hs[i], 0.2 + 0.02 * hs[i]);
    }
    fx_add(rows, &n, "PP", 2, 100, 1.0);
    if (!(r = fx_fit(rows, n, NULL)))
        return hrel_test_summary("test_validate");
    HREL_CHECK_INT(hrel_validate_run(r, &v, err, sizeof err), 0, "validation runs");
    if (!v)
        return hrel_test_summary("test_validate");
    w = find(v, "E", "size", 2, 400);
    HREL_CHECK(w != NULL, "largest size predicted at p=2");
    if (w) {
        HREL_CHECK_REL(w->predicted_s, 4.1, 1e-9, "line of 100..300 predicts 0.1 + 0.01*400");
        HREL_CHECK_REL(w->measured_s, 4.51, 1e-9, "measured 4.51");
        HREL_CHECK_REL(w->err_pct, 100.0 * (4.51 - 4.1) / 4.51, 1e-9, "formula (18) by hand");
    }
    HREL_CHECK(find(v, "E", "size", 4, 400) != NULL, "and at p=4");
    HREL_CHECK(find(v, "E", "size", 2, 300) == NULL, "only the held-out size is predicted");
    w = find(v, "AA", "procs", 6, 300);
    HREL_CHECK(w != NULL && fabs(w->err_pct) < 1e-9, "AA: count 6 from count 4 of an exact line, 0%");
    HREL_CHECK(find(v, "AA", "procs", 4, 100) == NULL, "only the held-out count is predicted");
    w = find(v, "E", "procs", 4, 400);
    HREL_CHECK(w != NULL && w->pattern == hrel_patterns_index("E"), "E: count 4 predicted");
    for (i = 0, cnt = 0; i < v->nrow; i++)
        cnt += v->row[i].pattern == hrel_patterns_index("PP");
    HREL_CHECK_INT((int)cnt, 0, "PP with one size and one count: nothing to predict");
    hrel_validate_summary(v, "size", &cnt, &mean, &mx);
    HREL_CHECK_INT((int)cnt, 4, "4 size predictions (E and AA at 2 counts)");
    HREL_CHECK_REL(mx, 100.0 * 0.41 / 4.51, 1e-9, "max |err| of the size predictions");
    fp = tmpfile();
    if (fp) {
        HREL_CHECK_INT(hrel_validate_write_csv(v, fp), 0, "csv written");
        HREL_CHECK_INT(hrel_validate_write_summary(v, "", fp), 0, "summary written");
        rewind(fp);
        buf[fread(buf, 1, sizeof buf - 1, fp)] = '\0';
        fclose(fp);
    }
    HREL_CHECK_HAS(buf, "\npattern,procs,h,measured_s,predicted_s,err_pct,held_out\n",
                   "the contract header (after the provenance)");
    HREL_CHECK_HAS(buf, "\nE,2,400,4.510000000,4.100000000,9.091,size\n", "a row");
    HREL_CHECK_HAS(buf, "validation, the largest size held out: 4 predictions", "summary");
    hrel_validate_free(v);
    hrel_fit_result_free(r);
    return hrel_test_summary("test_validate");
}
