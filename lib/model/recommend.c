/* recommend -- the model the validation matrix trusts (see recommend.h). */
#include "recommend.h"

#include <stdio.h>
#include <string.h>

#include "csv.h"

void hrel_recommend(const char *summary, const char *platform, int emulated, const char *route,
                    const char *const *models, int nmodel, int *best, char *why, size_t whylen)
{
    static const char *const need[] = {"platform", "source", "route", "model", "cells",
                                       "median_abs_err_untraced_pct", NULL};
    hrel_csv *t = NULL;
    int idx[6], pass, m;
    size_t r;
    *best = -1;
    if (summary && hrel_csv_read(summary, &t, NULL, 0) == 0 &&
        hrel_csv_require(t, need, idx, NULL, 0) == 0) {
        for (pass = 0; pass < 2 && *best < 0; pass++) {
            const char *scope = pass == 0 ? platform : "LANs";
            double berr = 0;
            const char *bcells = "";
            if (pass == 1 && (!emulated || strcmp(platform, "local") == 0))
                break;
            for (r = 0; r < t->nrow; r++) {
                double e;
                if (strcmp(hrel_csv_str(t, r, idx[0]), scope) != 0 ||
                    strcmp(hrel_csv_str(t, r, idx[1]), "same") != 0 ||
                    strcmp(hrel_csv_str(t, r, idx[2]), route) != 0 ||
                    hrel_csv_double(t, r, idx[5], &e, NULL, 0) != 0)
                    continue;
                for (m = 0; m < nmodel; m++)
                    if (strcmp(models[m], hrel_csv_str(t, r, idx[3])) == 0 &&
                        (*best < 0 || e < berr)) {
                        *best = m;
                        berr = e;
                        bcells = hrel_csv_str(t, r, idx[4]);
                    }
            }
            if (*best >= 0)
                snprintf(why, whylen, "its median |error| on %s %s-route cells of %s in the "
                         "validation matrix: %.1f %%", bcells, route, scope, berr);
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
