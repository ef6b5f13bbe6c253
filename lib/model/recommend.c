/* recommend -- the model the validation matrix trusts (see recommend.h). */
#include "recommend.h"

#include <stdio.h>
#include <string.h>

#include "csv.h"

int hrel_recommend_internal(const char *model)
{
    static const char *const internal[] = {"replay_nomedium", "replay_nosetup",
                                           "replay_pvmd_fresh", NULL};
    int i;
    for (i = 0; internal[i]; i++)
        if (strcmp(model, internal[i]) == 0)
            return 1;
    return 0;
}

void hrel_recommend(const char *summary, const char *platform, int emulated, const char *route,
                    const char *const *models, int nmodel, int *best, char *why, size_t whylen)
{
    static const char *const need[] = {"platform", "source", "route", "model", "cells",
                                       "median_abs_err_untraced_pct", NULL};
    hrel_csv *t = NULL;
    int idx[6], imax, isets, ip90, pass, m;
    size_t r;
    *best = -1;
    if (summary && hrel_csv_read(summary, &t, NULL, 0) == 0 &&
        hrel_csv_require(t, need, idx, NULL, 0) == 0) {
        imax = hrel_csv_col(t, "max_abs_err_untraced_pct");
        isets = hrel_csv_col(t, "sets");
        ip90 = hrel_csv_col(t, "p90_abs_err_untraced_pct");
        for (pass = 0; pass < 2 && *best < 0; pass++) {
            const char *scope = pass == 0 ? platform : "LANs";
            double berr = 0, bp90 = 0;
            size_t brow = 0;
            if (pass == 1 && (!emulated || strcmp(platform, "local") == 0))
                break;
            for (r = 0; r < t->nrow; r++) {
                double e, q = 0;
                if (strcmp(hrel_csv_str(t, r, idx[0]), scope) != 0 ||
                    strcmp(hrel_csv_str(t, r, idx[1]), "same") != 0 ||
                    strcmp(hrel_csv_str(t, r, idx[2]), route) != 0 ||
                    hrel_csv_double(t, r, idx[5], &e, NULL, 0) != 0)
                    continue;
                if (ip90 >= 0 && hrel_csv_double(t, r, ip90, &q, NULL, 0) != 0)
                    q = 0;
                for (m = 0; m < nmodel; m++)
                    if (strcmp(models[m], hrel_csv_str(t, r, idx[3])) == 0 &&
                        !hrel_recommend_internal(models[m]) &&
                        (*best < 0 || e < berr || (e == berr && q < bp90))) {
                        *best = m;
                        berr = e;
                        bp90 = q;
                        brow = r;
                    }
            }
            if (*best >= 0) {
                /* " (K matrices)" and ", max X %" where the summary has the columns */
                char nsets[64] = "", mx[64] = "";
                const char *k = isets >= 0 ? hrel_csv_str(t, brow, isets) : "";
                if (k[0])
                    snprintf(nsets, sizeof nsets, " (%.20s matri%s)", k,
                             strcmp(k, "1") == 0 ? "x" : "ces");
                if (imax >= 0)
                    snprintf(mx, sizeof mx, ", max %.20s %%", hrel_csv_str(t, brow, imax));
                snprintf(why, whylen, "its median |error| on %s %s-route cells of %s in the "
                         "validation matrix%s: %.1f %%%s", hrel_csv_str(t, brow, idx[4]), route,
                         scope, nsets, berr, mx);
            }
        }
    }
    hrel_csv_free(t);
    if (*best >= 0)
        return;
    for (m = 0; m < nmodel && strcmp(models[m], "replay") != 0; m++)
        ;
    *best = m < nmodel ? m : 0;
    snprintf(why, whylen, "%s with the %s route is not in the validation matrix", platform,
             route);
}
