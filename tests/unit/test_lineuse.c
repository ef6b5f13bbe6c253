/* Unit tests of lib/fit/lineuse: which g and L a prediction takes from a fitted
 * line (issue 12: a negative L priced programs at negative times). Hand-worked. */
#include <math.h>

#include "fit.h"
#include "lineuse.h"
#include "hrel_test.h"

int main(void)
{
    /* y = 1 + 2x exactly: L >= 0, used as fitted */
    static const double x[] = {1, 2, 3, 4}, y[] = {3, 5, 7, 9};
    /* y = -1 + 2x plus a wobble: L < 0; through the origin by hand:
     * g0 = sum(xy)/sum(x^2) = (1*1.1 + 2*2.9 + 3*5.1 + 4*6.9)/30 = 49.8/30 = 1.66 */
    static const double yn[] = {1.1, 2.9, 5.1, 6.9};
    /* no slope to speak of: g's 95% interval holds 0 */
    static const double yf[] = {5, 1, 6, 2};
    /* falling: g < 0 */
    static const double yd[] = {9, 7, 5, 3};
    static const double w[] = {1, 1, 1, 1};
    static const double x2[] = {1, 2};
    hrel_line f;
    char err[128];

    hrel_test_init();
    HREL_CHECK_INT(hrel_fit_line(x, y, NULL, 4, &f, err, sizeof err), 0, "exact line");
    HREL_CHECK_INT(f.use, HREL_USE_FIT, "L >= 0: use fit");
    HREL_CHECK_REL(f.g_use, 2, 1e-12, "use fit: g_use = g");
    HREL_CHECK_REL(f.L_use, 1, 1e-12, "use fit: L_use = L");

    HREL_CHECK_INT(hrel_fit_line(x, yn, NULL, 4, &f, err, sizeof err), 0, "negative-L line");
    HREL_CHECK(f.L < 0, "the fit's L is negative (kept as fitted)");
    HREL_CHECK_INT(f.use, HREL_USE_ORIGIN, "L < 0: use origin");
    HREL_CHECK_REL(f.g_use, 49.8 / 30.0, 1e-12, "g_use is the slope through the origin");
    HREL_CHECK(f.L_use == 0.0, "L_use is 0");
    HREL_CHECK_INT(hrel_fit_line(x, yn, w, 4, &f, err, sizeof err), 0, "weighted, unit weights");
    HREL_CHECK_REL(f.g_use, 49.8 / 30.0, 1e-12, "unit weights give the same origin slope");

    HREL_CHECK_INT(hrel_fit_line(x, yf, NULL, 4, &f, err, sizeof err), 0, "flat noisy line");
    HREL_CHECK(f.ci_g >= fabs(f.g), "g's interval holds 0");
    HREL_CHECK_INT(f.use, HREL_USE_NONE, "g not resolved: use none");
    HREL_CHECK(isnan(f.g_use) && isnan(f.L_use), "use none: no price");

    HREL_CHECK_INT(hrel_fit_line(x, yd, NULL, 4, &f, err, sizeof err), 0, "falling line");
    HREL_CHECK_INT(f.use, HREL_USE_NONE, "g < 0: use none");

    HREL_CHECK_INT(hrel_fit_line(x2, y, NULL, 2, &f, err, sizeof err), 0, "two points");
    HREL_CHECK_INT(f.use, HREL_USE_FIT, "two points (no interval), L >= 0: use fit");
    HREL_CHECK_STR(hrel_fitcsv_use_name(HREL_USE_ORIGIN), "origin", "word of origin");
    HREL_CHECK_STR(hrel_fitcsv_use_name(99), "none", "unknown use is none");
    return hrel_test_summary("test_lineuse");
}
